//! The declarative description of warpnic's hardware/software interface.
//!
//! This module is the one place where every register, descriptor, firmware
//! message, wire header and protocol code is written down. `cargo xtask gen`
//! reads it (the generator includes this file by path, so it has no
//! dependency on the crate it generates into) and writes:
//!
//! - `hw/rtl/gen/wn_abi_pkg.sv`: localparams, enums and packed structs;
//! - `abi/src/gen.rs`: Rust constants, enums, `#[repr(C)]` descriptors,
//!   zero-copy header views and the commands' argument blocks;
//! - `docs/abi.md`: the register and descriptor reference.
//!
//! Conventions:
//! - Descriptors (WQE/CQE/EQE, firmware messages) are little-endian; byte 0
//!   of a descriptor is bits 7:0 of the 512-bit DMA data bus.
//! - Wire headers are big-endian (network order), as in their RFCs.
//! - A field is `width` bits at bit `shift` of a `container`-byte integer
//!   that starts at byte `offset` (read in the layout's byte order).
//! - Register offsets are byte offsets in BAR0; every register is 32 bits.
//! - A command's argument and result words are a little-endian layout over
//!   32-bit words ([`ArgBlock`]); bits no field holds are reserved.
//!
//! The description is split along its seams: this file holds the types of
//! the description, the constants and [`SPEC`], which assembles the parts
//! under `spec/`:
//!
//! - [`regs`]: the BAR0 register map;
//! - [`queues`]: the work, completion and event queue entries;
//! - [`firmware`]: the mailbox header and the CPL messages;
//! - [`wire`]: the wire headers;
//! - [`commands`]: the commands of the RDMA block and of the firmware
//!   mailbox, with their argument and result words, and the fields of the
//!   registers that run them;
//! - [`ports`]: the signal bundles of the RTL's internal ports.
//!
//! These files must stay plain data plus `const fn` helpers: no dependencies.

// The parts are named by path: the generator includes this file by path,
// and a file included that way looks for its modules beside itself.
#[path = "spec/commands.rs"]
pub mod commands;
#[path = "spec/firmware.rs"]
pub mod firmware;
#[path = "spec/ports.rs"]
pub mod ports;
#[path = "spec/queues.rs"]
pub mod queues;
#[path = "spec/regs.rs"]
pub mod regs;
#[path = "spec/wire.rs"]
pub mod wire;

pub use regs::{ARRAY_HEADER, BAR0_SIZE, BLOCK_HEADER};

/// Byte order of a layout's multi-byte fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Endian {
    /// Descriptors exchanged with host memory.
    Little,
    /// Wire headers (network byte order).
    Big,
}

/// One field of a layout.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    /// snake_case name.
    pub name: &'static str,
    /// Byte offset of the containing integer.
    pub offset: usize,
    /// Size in bytes of the containing integer (1..=8), or the field's byte
    /// length for byte-array fields (`width == 8 * container`, any size).
    pub container: usize,
    /// Bit position of the field's LSB inside the container.
    pub shift: u32,
    /// Width in bits.
    pub width: u32,
    /// One-line description.
    pub doc: &'static str,
}

/// A fixed-size layout: a descriptor or a wire header.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// snake_case name; the Rust type is its UpperCamelCase form.
    pub name: &'static str,
    /// Size in bytes.
    pub size: usize,
    /// Byte order.
    pub endian: Endian,
    /// Where the layout is defined (RFC section or "warpnic").
    pub reference: &'static str,
    /// Description.
    pub doc: &'static str,
    /// Fields, in offset order.
    pub fields: &'static [Field],
}

/// One value of an enumeration.
#[derive(Clone, Copy, Debug)]
pub struct Value {
    /// SCREAMING_SNAKE_CASE name.
    pub name: &'static str,
    /// Numeric value.
    pub value: u64,
    /// Description.
    pub doc: &'static str,
}

/// An enumeration of protocol or interface codes.
#[derive(Clone, Copy, Debug)]
pub struct Enum {
    /// snake_case name.
    pub name: &'static str,
    /// Width in bits.
    pub width: u32,
    /// Where the codes are defined.
    pub reference: &'static str,
    /// Description.
    pub doc: &'static str,
    /// `true` when values are independent bits that combine (flags).
    pub flags: bool,
    /// The values.
    pub values: &'static [Value],
}

/// Register access type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Read-only.
    Ro,
    /// Read-write.
    Rw,
    /// Write-only; reads return 0.
    Wo,
}

/// One 32-bit register of a block.
#[derive(Clone, Copy, Debug)]
pub struct Register {
    /// SCREAMING_SNAKE_CASE name.
    pub name: &'static str,
    /// Byte offset inside the block (or inside one array element).
    pub offset: u32,
    /// Access type.
    pub access: Access,
    /// Value after reset.
    pub reset: u32,
    /// Description.
    pub doc: &'static str,
}

/// A self-describing register block. Every block starts with the common
/// header (`TYPE`, `VERSION`, `NEXT`), so a driver can walk the map from
/// offset 0 and find each block by type.
#[derive(Clone, Copy, Debug)]
pub struct Block {
    /// SCREAMING_SNAKE_CASE name.
    pub name: &'static str,
    /// Base offset in BAR0.
    pub base: u32,
    /// Block type identifier (`TYPE` register).
    pub type_id: u32,
    /// Block version (`VERSION` register): major in 31:16, minor in 15:0.
    pub version: u32,
    /// Description.
    pub doc: &'static str,
    /// Registers after the common header.
    pub regs: &'static [Register],
    /// For a block of per-queue registers: the element layout, repeated
    /// `COUNT` times every `STRIDE` bytes from `ARRAY_BASE`.
    pub array: Option<RegArray>,
}

/// A repeated group of registers inside a block.
#[derive(Clone, Copy, Debug)]
pub struct RegArray {
    /// Offset of element 0 from the block base.
    pub base: u32,
    /// Bytes between elements.
    pub stride: u32,
    /// Registers of one element, offsets relative to the element.
    pub regs: &'static [Register],
}

/// A named constant shared by hardware and software.
#[derive(Clone, Copy, Debug)]
pub struct Constant {
    /// SCREAMING_SNAKE_CASE name.
    pub name: &'static str,
    /// Value.
    pub value: u64,
    /// Description.
    pub doc: &'static str,
}

/// The argument or result words of a command: a little-endian layout over
/// 32-bit words, word 0 first (byte 0 of the layout is bits 7:0 of word 0).
///
/// A field is `width` bits from bit `shift` of word `offset / 4`
/// (`container` 4); a field that runs on into the next word (a 64-bit
/// address, a 48-bit MAC address) has `container` 8 and counts its bits
/// in the two words, the first one low. Bits no field holds are reserved:
/// they are written as zero, and words with a reserved bit set do not
/// decode.
#[derive(Clone, Copy, Debug)]
pub struct ArgBlock {
    /// The words: `size` is 4 bytes per word, `endian` little.
    pub layout: Layout,
    /// Words every message carries; the words after them may be left out
    /// (a shorter message), and read as zero.
    pub min_words: usize,
}

impl ArgBlock {
    /// 32-bit words of the block.
    pub const fn words(&self) -> usize {
        self.layout.size / 4
    }
}

/// The fields of one register: a one-word [`ArgBlock`] over its 32 bits,
/// so that software reads and builds the register's value through the
/// same checked `from_words`/`to_words` as a command's words.
#[derive(Clone, Copy, Debug)]
pub struct RegFields {
    /// The block's name (`RDMA`).
    pub block: &'static str,
    /// The register's name in it (`STATUS`).
    pub reg: &'static str,
    /// The fields, word 0 being the register.
    pub fields: ArgBlock,
}

/// A command of the RDMA block or of the firmware mailbox: its code and
/// the blocks of words it takes and answers. A code that takes two forms
/// (TCP_CONFIG reads with no words and writes with some) is two commands.
#[derive(Clone, Copy, Debug)]
pub struct Command {
    /// The enumeration of the codes (`rdma_cmd`, `fw_opcode`).
    pub codes: &'static str,
    /// The command's value in it.
    pub code: &'static str,
    /// What the command does.
    pub doc: &'static str,
    /// The argument words (RDMA `ARG`, mailbox request words after the
    /// header), if it takes any.
    pub args: Option<ArgBlock>,
    /// The result words (RDMA `RSP`, mailbox response words after the
    /// header), if it answers any.
    pub rsp: Option<ArgBlock>,
}

/// One signal of a [`Bundle`]'s [`Channel`].
#[derive(Clone, Copy, Debug)]
pub struct Signal {
    /// snake_case name, as the member of the struct.
    pub name: &'static str,
    /// Width in bits.
    pub width: u32,
    /// Description.
    pub doc: &'static str,
}

/// Which side of a [`Bundle`]'s port drives a [`Channel`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// The requester drives the channel; the other side drives its ready.
    FromRequester,
    /// The other side (the arbiter or server) drives the channel; the
    /// requester drives its ready.
    ToRequester,
}

/// One channel of a [`Bundle`], as an AXI-Stream channel: its valid and
/// payload travel one way as the packed struct `<bundle>_<channel>_t`, its
/// ready (if it has one) the other way as a plain 1-bit signal. A channel's
/// payload never depends on its own ready, so no combinational path runs
/// from one struct back into itself.
#[derive(Clone, Copy, Debug)]
pub struct Channel {
    /// snake_case name, the struct's `<channel>` part.
    pub name: &'static str,
    /// Which side drives the channel.
    pub flow: Flow,
    /// Valid and payload, MSB first.
    pub signals: &'static [Signal],
    /// The ready going back (1 bit), if the receiver can hold the channel.
    pub ready: Option<Signal>,
}

/// The channels of one RTL port between modules: one packed struct per
/// channel, `<name>_<channel>_t`, each with its width constant
/// `<NAME>_<CHANNEL>_W`. Internal to the RTL: no software sees them.
#[derive(Clone, Copy, Debug)]
pub struct Bundle {
    /// snake_case name.
    pub name: &'static str,
    /// Description.
    pub doc: &'static str,
    /// The channels.
    pub channels: &'static [Channel],
}

/// The whole interface.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// Constants.
    pub constants: &'static [Constant],
    /// Enumerations.
    pub enums: &'static [Enum],
    /// Register blocks of BAR0, in address order.
    pub blocks: &'static [Block],
    /// Descriptors and messages (little-endian).
    pub descriptors: &'static [Layout],
    /// Wire headers (big-endian).
    pub headers: &'static [Layout],
    /// Commands of the RDMA block and of the firmware mailbox.
    pub commands: &'static [Command],
    /// Registers with fields, described as one-word blocks.
    pub reg_fields: &'static [RegFields],
    /// Signal bundles between RTL modules.
    pub bundles: &'static [Bundle],
}

const fn f(
    name: &'static str,
    offset: usize,
    container: usize,
    shift: u32,
    width: u32,
    doc: &'static str,
) -> Field {
    Field {
        name,
        offset,
        container,
        shift,
        width,
        doc,
    }
}

/// A whole-container integer field.
const fn w(name: &'static str, offset: usize, bytes: usize, doc: &'static str) -> Field {
    f(name, offset, bytes, 0, (bytes * 8) as u32, doc)
}

const fn v(name: &'static str, value: u64, doc: &'static str) -> Value {
    Value { name, value, doc }
}

const fn r(
    name: &'static str,
    offset: u32,
    access: Access,
    reset: u32,
    doc: &'static str,
) -> Register {
    Register {
        name,
        offset,
        access,
        reset,
        doc,
    }
}

const fn c(name: &'static str, value: u64, doc: &'static str) -> Constant {
    Constant { name, value, doc }
}

/// A field of an argument block: `width` bits from bit `lsb` of word
/// `word`, running on into the next word if they do not fit.
const fn a(name: &'static str, word: usize, lsb: u32, width: u32, doc: &'static str) -> Field {
    let container = if lsb + width > 32 { 8 } else { 4 };
    f(name, 4 * word, container, lsb, width, doc)
}

/// An argument block of `words` words, the first `min_words` always
/// present.
const fn args(
    name: &'static str,
    words: usize,
    min_words: usize,
    reference: &'static str,
    doc: &'static str,
    fields: &'static [Field],
) -> ArgBlock {
    ArgBlock {
        layout: Layout {
            name,
            size: 4 * words,
            endian: Endian::Little,
            reference,
            doc,
            fields,
        },
        min_words,
    }
}

/// A command `code` of the enumeration `codes`.
const fn cmd(
    codes: &'static str,
    code: &'static str,
    doc: &'static str,
    args: Option<ArgBlock>,
    rsp: Option<ArgBlock>,
) -> Command {
    Command {
        codes,
        code,
        doc,
        args,
        rsp,
    }
}

const fn sig(name: &'static str, width: u32, doc: &'static str) -> Signal {
    Signal { name, width, doc }
}

/// Items in all the parts.
const fn count<T>(parts: &[&[T]]) -> usize {
    let mut n = 0;
    let mut p = 0;
    while p < parts.len() {
        n += parts[p].len();
        p += 1;
    }
    n
}

/// The parts' items, in order, as one array of `N` items: a list joined
/// from lists declared apart (the parts of [`SPEC`] live in several files;
/// the generators see one list).
const fn concat<T: Copy, const N: usize>(parts: &[&[T]]) -> [T; N] {
    assert!(!parts.is_empty() && !parts[0].is_empty());
    let mut out = [parts[0][0]; N];
    let mut n = 0;
    let mut p = 0;
    while p < parts.len() {
        let mut i = 0;
        while i < parts[p].len() {
            out[n] = parts[p][i];
            n += 1;
            i += 1;
        }
        p += 1;
    }
    assert!(n == N);
    out
}

const ENUM_PARTS: &[&[Enum]] = &[
    queues::ENUMS,
    commands::ENUMS,
    regs::ENUMS,
    firmware::MAILBOX_ENUMS,
    wire::ENUMS,
    firmware::CPL_ENUMS,
];
const ENUMS: [Enum; count(ENUM_PARTS)] = concat(ENUM_PARTS);

const DESCRIPTOR_PARTS: &[&[Layout]] = &[queues::DESCRIPTORS, firmware::DESCRIPTORS];
const DESCRIPTORS: [Layout; count(DESCRIPTOR_PARTS)] = concat(DESCRIPTOR_PARTS);

const COMMAND_PARTS: &[&[Command]] = &[commands::RDMA, commands::MAILBOX];
const COMMANDS: [Command; count(COMMAND_PARTS)] = concat(COMMAND_PARTS);

/// Constants shared by hardware and software.
const CONSTANTS: &[Constant] = &[
    c("ABI_VERSION", 0x0001_0000, "ABI version: major 31:16, minor 15:0"),
    c("BAR0_SIZE", BAR0_SIZE, "bytes of BAR0"),
    c("DATA_WIDTH", 512, "datapath width in bits"),
    c("CLOCK_MHZ", 250, "flagship core clock"),
    c("MAX_FRAME", 9018, "largest Ethernet frame including FCS, bytes"),
    c("MIN_FRAME", 60, "smallest Ethernet frame without FCS, bytes (the MAC pads shorter ones)"),
    c("MAX_LOG_QUEUE_SIZE", 15, "largest log2 ring size of any queue"),
    c("SQ_WQE_SIZE", 32, "bytes of a send-queue entry"),
    c("RQ_WQE_SIZE", 32, "bytes of a receive-queue entry"),
    c("CQE_SIZE", 32, "bytes of a completion entry"),
    c("RDMA_WQE_SIZE", 128, "bytes of an RDMA send- or receive-queue entry (a queue pair's rings)"),
    c("RDMA_MAX_SGE", 4, "scatter/gather entries of an RDMA work request"),
    c("RDMA_MAX_IRD", 16, "RDMA Read Requests a queue pair answers at once at most (its IRD): the transmit side's message log keeps that many entries for READ RESPONSEs"),
    c("RDMA_MAX_ORD", 16, "RDMA Read Requests a queue pair has outstanding at most (its ORD): the transmit side's outstanding-read queue holds that many"),
    c("RDMA_CMD_ARGS", 16, "argument words of an RDMA command (block RDMA, ARG)"),
    c("RDMA_CMD_RSP", 4, "result words of an RDMA command (block RDMA, RSP)"),
    c("EQE_SIZE", 16, "bytes of an event entry"),
    c("FW_MSG_MAX_WORDS", 16, "32-bit words of the largest mailbox message, header included"),
    c("DMA_MAX_READ", 4096, "largest single DMA read request, bytes"),
    c("BLOCK_ID", 0x574e_0001, "block type: identification and build ID"),
    c("BLOCK_CTRL", 0x574e_0002, "block type: port control and error capture"),
    c("BLOCK_MBOX", 0x574e_0003, "block type: firmware mailbox"),
    c("BLOCK_SQ", 0x574e_0010, "block type: raw send queues"),
    c("BLOCK_RQ", 0x574e_0011, "block type: raw receive queues"),
    c("BLOCK_CQ", 0x574e_0012, "block type: completion queues"),
    c("BLOCK_EQ", 0x574e_0013, "block type: event queues and interrupts"),
    c("BLOCK_STATS", 0x574e_0020, "block type: 64-bit counters"),
    c("FW_VERSION", 0x0001_0000, "firmware interface version"),
    c("FW_REG_ID", 0x00, "firmware window: reads FW_REG_ID_VALUE"),
    c("FW_REG_ID_VALUE", 0x574e_4657, "value of FW_REG_ID"),
    c("FW_REG_MAC_LO", 0x04, "firmware window: port MAC address bits 31:0 (read-write)"),
    c("FW_REG_MAC_HI", 0x08, "firmware window: port MAC address bits 47:32 (read-write)"),
    c("FW_REG_CYCLES_LO", 0x0c, "firmware window: cycle counter bits 31:0 (reading latches the high half)"),
    c("FW_REG_CYCLES_HI", 0x10, "firmware window: cycle counter bits 63:32, as latched"),
    c("FW_REG_SCRATCH", 0x14, "firmware window: scratch register"),
    c("FW_REG_BUILD_ID", 0x18, "firmware window: the core's BUILD_ID"),
    c("FW_REG_IPV4", 0x1c, "firmware window: the port's IPv4 address (read-write); the core steers ICMP to it to the firmware"),
    c("FW_REG_TCP_RTO_INIT", 0x20, "firmware window: TCP engine, initial retransmission timeout of SYN and SYN-ACK, microseconds (RFC 6298 2.1; reset 1000000)"),
    c("FW_REG_TCP_RTO_MIN", 0x24, "firmware window: TCP engine, lower bound of the retransmission timeout of new connections, microseconds (reset 200000)"),
    c("FW_REG_TCP_RTO_MAX", 0x28, "firmware window: TCP engine, upper bound of the retransmission timeout, microseconds (reset 60000000)"),
    c("FW_REG_TCP_RETRIES", 0x2c, "firmware window: TCP engine, 7:0 SYN and SYN-ACK retransmissions before the open fails, 15:8 retransmissions of one segment before TIMEOUT (reset 0x0f06)"),
    c("FW_REG_TCP_TIME_WAIT", 0x30, "firmware window: TCP engine, TIME_WAIT duration (2 MSL), microseconds (reset 60000000)"),
    c("FW_REG_TCP_TIME_US", 0x34, "firmware window: TCP engine, its microsecond clock (read-only)"),
    c("FW_REG_TCP_CONNS", 0x38, "firmware window: TCP engine, 15:0 connection ids (NumConns), 23:16 listener slots (read-only)"),
    c("FW_FRAME_MAX", 2048, "largest frame (without FCS) carried between the core and the firmware, bytes"),
    c("CPL_HDR_SIZE", 8, "bytes of the common CPL message header"),
    c("CPL_TID_NONE", 0xffff_ffff, "a connection, active-open or server id that names nothing"),
    c("CPL_MAX_LEN", 0xfff8, "largest CPL message in bytes (header, body and payload; a multiple of 8)"),
    c("CPL_TX_CREDITS", 0x4_0000, "send credits of a new connection, bytes"),
];

/// The interface description.
pub const SPEC: Spec = Spec {
    constants: CONSTANTS,
    enums: &ENUMS,
    blocks: regs::BLOCKS,
    descriptors: &DESCRIPTORS,
    headers: wire::HEADERS,
    commands: &COMMANDS,
    reg_fields: commands::REG_FIELDS,
    bundles: ports::BUNDLES,
};
