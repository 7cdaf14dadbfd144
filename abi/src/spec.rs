//! The declarative description of warpnic's hardware/software interface.
//!
//! This module is the one place where every register, descriptor, firmware
//! message, wire header and protocol code is written down. `cargo xtask gen`
//! reads it (the generator includes this file by path, so it has no
//! dependency on the crate it generates into) and writes:
//!
//! - `hw/rtl/gen/wn_abi_pkg.sv`: localparams, enums and packed structs;
//! - `abi/src/gen.rs`: Rust constants, enums, `#[repr(C)]` descriptors and
//!   zero-copy header views;
//! - `docs/abi.md`: the register and descriptor reference.
//!
//! Conventions:
//! - Descriptors (WQE/CQE/EQE, firmware messages) are little-endian; byte 0
//!   of a descriptor is bits 7:0 of the 512-bit DMA data bus.
//! - Wire headers are big-endian (network order), as in their RFCs.
//! - A field is `width` bits at bit `shift` of a `container`-byte integer
//!   that starts at byte `offset` (read in the layout's byte order).
//! - Register offsets are byte offsets in BAR0; every register is 32 bits.
//!
//! This file must stay plain data plus `const fn` helpers: no dependencies.

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

use Access::{Ro, Rw, Wo};

/// Offsets of the common block header.
pub const BLOCK_HEADER: &[Register] = &[
    r("TYPE", 0x00, Ro, 0, "block type identifier"),
    r(
        "VERSION",
        0x04,
        Ro,
        0,
        "block version, major 31:16, minor 15:0",
    ),
    r(
        "NEXT",
        0x08,
        Ro,
        0,
        "BAR0 offset of the next block, 0 for the last",
    ),
];

/// Header registers of a block that carries a register array.
pub const ARRAY_HEADER: &[Register] = &[
    r("COUNT", 0x0c, Ro, 0, "number of elements in the array"),
    r("STRIDE", 0x10, Ro, 0, "bytes between elements"),
    r(
        "ARRAY_BASE",
        0x14,
        Ro,
        0,
        "offset of element 0 from the block base",
    ),
];

const SQ_REGS: &[Register] = &[
    r(
        "BASE_LO",
        0x00,
        Rw,
        0,
        "ring base IOVA, bits 31:0 (32-byte aligned)",
    ),
    r("BASE_HI", 0x04, Rw, 0, "ring base IOVA, bits 63:32"),
    r(
        "LOG_SIZE",
        0x08,
        Rw,
        0,
        "log2 of the number of entries (1..=15)",
    ),
    r(
        "CQN",
        0x0c,
        Rw,
        0,
        "completion queue that receives this queue's completions",
    ),
    r(
        "CTRL",
        0x10,
        Rw,
        0,
        "bit 0 ENABLE; writing 0 resets the queue (pointers, error state)",
    ),
    r(
        "STATE",
        0x14,
        Ro,
        0,
        "7:0 queue_state, 15:8 error status (cqe_status) of the error",
    ),
    r(
        "PI",
        0x18,
        Rw,
        0,
        "doorbell: producer index (15:0, free-running)",
    ),
    r(
        "CI",
        0x1c,
        Ro,
        0,
        "consumer index (15:0): WQEs the hardware has completed",
    ),
];

const CQ_REGS: &[Register] = &[
    r("BASE_LO", 0x00, Rw, 0, "ring base IOVA, bits 31:0 (32-byte aligned)"),
    r("BASE_HI", 0x04, Rw, 0, "ring base IOVA, bits 63:32"),
    r("LOG_SIZE", 0x08, Rw, 0, "log2 of the number of entries (1..=15)"),
    r("EQN", 0x0c, Rw, 0, "event queue that receives this CQ's events"),
    r("CTRL", 0x10, Rw, 0, "bit 0 ENABLE; writing 0 resets the CQ"),
    r("STATE", 0x14, Ro, 0, "7:0 queue_state, 15:8 error status; bit 16 ARMED; bit 17 BUSY: CQE writes in flight"),
    r("ARM", 0x18, Wo, 0, "any write arms the CQ: its next CQE posts a CQ_COMPLETION event"),
    r("CI", 0x1c, Rw, 0, "consumer index (15:0) written by the host; the hardware never overwrites an unconsumed CQE"),
    r("PI", 0x20, Ro, 0, "producer index (15:0): CQEs written"),
];

const EQ_REGS: &[Register] = &[
    r(
        "BASE_LO",
        0x00,
        Rw,
        0,
        "ring base IOVA, bits 31:0 (16-byte aligned)",
    ),
    r("BASE_HI", 0x04, Rw, 0, "ring base IOVA, bits 63:32"),
    r(
        "LOG_SIZE",
        0x08,
        Rw,
        0,
        "log2 of the number of entries (1..=15)",
    ),
    r(
        "CTRL",
        0x0c,
        Rw,
        0,
        "bit 0 ENABLE, bit 1 IRQ_ENABLE; writing 0 to ENABLE resets the EQ",
    ),
    r(
        "MOD_COUNT",
        0x10,
        Rw,
        1,
        "interrupt moderation: raise the interrupt once this many events are pending (0 acts as 1)",
    ),
    r(
        "MOD_USECS",
        0x14,
        Rw,
        0,
        "interrupt moderation: or once the oldest pending event is this many microseconds old (0: no timer)",
    ),
    r(
        "CI",
        0x18,
        Rw,
        0,
        "consumer index (15:0) written by the host",
    ),
    r("PI", 0x1c, Ro, 0, "producer index (15:0): EQEs written"),
    r(
        "STATE",
        0x20,
        Ro,
        0,
        "7:0 queue_state, 15:8 error status; bit 16 BUSY: EQE writes in flight",
    ),
];

/// The BAR0 size in bytes.
pub const BAR0_SIZE: u64 = 0x1_0000;

/// The interface description.
pub const SPEC: Spec = Spec {
    constants: &[
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
    ],
    enums: &[
        Enum {
            name: "wqe_opcode",
            width: 8,
            reference: "warpnic",
            doc: "Send-queue work request operation",
            flags: false,
            values: &[
                v("NOP", 0x00, "no operation; completes without sending"),
                v("RAW_SEND", 0x01, "send one Ethernet frame (without FCS) from host memory"),
            ],
        },
        Enum {
            name: "wqe_flags",
            width: 8,
            reference: "warpnic",
            doc: "Send-queue work request flags",
            flags: true,
            values: &[v("SIGNALED", 0x01, "write a CQE on success (errors always complete)")],
        },
        Enum {
            name: "cqe_opcode",
            width: 8,
            reference: "warpnic",
            doc: "Operation a completion reports",
            flags: false,
            values: &[
                v("SEND", 0x01, "a send-queue work request completed"),
                v("RECV", 0x02, "a receive buffer was filled (or failed)"),
                v("NOP", 0x03, "a NOP work request completed"),
            ],
        },
        Enum {
            name: "cqe_status",
            width: 8,
            reference: "warpnic",
            doc: "Completion status; also the error code of a queue in ERROR",
            flags: false,
            values: &[
                v("SUCCESS", 0x00, "completed"),
                v("LOC_LEN_ERR", 0x01, "length of zero or above MAX_FRAME (send), or a frame larger than the buffer (receive)"),
                v("LOC_PROT_ERR", 0x02, "a DMA read or write of the buffer was refused by the IOMMU"),
                v("WQE_FETCH_ERR", 0x03, "the work queue entry could not be read by DMA"),
                v("BAD_OPCODE", 0x04, "unknown work request opcode"),
                v("DOORBELL_ERR", 0x05, "the doorbell posted more entries than the ring holds"),
                v("FLUSHED", 0x06, "the work request was flushed because the queue is in error"),
                v("CQ_OVERFLOW", 0x07, "the completion queue was full"),
                v("CQ_ERR", 0x08, "the completion queue is disabled or in error"),
            ],
        },
        Enum {
            name: "queue_state",
            width: 8,
            reference: "warpnic",
            doc: "State of a work, completion or event queue",
            flags: false,
            values: &[
                v("RESET", 0x00, "disabled; pointers at zero"),
                v("READY", 0x01, "enabled and processing"),
                v("ERROR", 0x02, "stopped by an error; write CTRL=0 then re-enable"),
            ],
        },
        Enum {
            name: "eqe_type",
            width: 8,
            reference: "warpnic",
            doc: "Event type",
            flags: false,
            values: &[
                v("CQ_COMPLETION", 0x01, "an armed CQ received a CQE; source = CQ number"),
                v("SQ_ERROR", 0x02, "a send queue entered ERROR; source = SQ, data = cqe_status"),
                v("RQ_ERROR", 0x03, "a receive queue entered ERROR; source = RQ, data = cqe_status"),
                v("CQ_ERROR", 0x04, "a completion queue entered ERROR; source = CQ, data = cqe_status"),
                v("FW_RESPONSE", 0x05, "the firmware mailbox holds a response"),
            ],
        },
        Enum {
            name: "ctrl_flags",
            width: 32,
            reference: "warpnic",
            doc: "Bits of the CTRL block's CONTROL register",
            flags: true,
            values: &[
                v("TX_ENABLE", 0x1, "the transmit path runs"),
                v("RX_ENABLE", 0x2, "the receive path accepts frames"),
            ],
        },
        Enum {
            name: "rx_filter",
            width: 32,
            reference: "warpnic",
            doc: "Bits of the CTRL block's RX_FILTER register",
            flags: true,
            values: &[
                v("PROMISC", 0x1, "accept every destination address"),
                v("BROADCAST", 0x2, "accept ff:ff:ff:ff:ff:ff"),
                v("MULTICAST", 0x4, "accept group addresses"),
            ],
        },
        Enum {
            name: "fw_opcode",
            width: 8,
            reference: "warpnic",
            doc: "Firmware mailbox command",
            flags: false,
            values: &[
                v("NOP", 0x00, "answer with an empty response"),
                v("GET_VERSION", 0x01, "answer FW_VERSION, the build ID and the MAC address"),
                v("SET_MAC", 0x02, "set the port's unicast MAC address (words 1-2: low 32 bits, high 16 bits)"),
                v("GET_MAC", 0x03, "answer the port's MAC address"),
            ],
        },
        Enum {
            name: "fw_status",
            width: 8,
            reference: "warpnic",
            doc: "Firmware mailbox response status",
            flags: false,
            values: &[
                v("OK", 0x00, "done"),
                v("BAD_OPCODE", 0x01, "unknown command"),
                v("BAD_LENGTH", 0x02, "the message is shorter or longer than the command needs"),
                v("BAD_ARGUMENT", 0x03, "an argument is out of range (e.g. a group or zero MAC address)"),
            ],
        },
        Enum {
            name: "ether_type",
            width: 16,
            reference: "IEEE 802.3, IANA",
            doc: "EtherType values",
            flags: false,
            values: &[
                v("IPV4", 0x0800, "Internet Protocol version 4"),
                v("ARP", 0x0806, "Address Resolution Protocol"),
                v("VLAN", 0x8100, "IEEE 802.1Q tag"),
                v("IPV6", 0x86dd, "Internet Protocol version 6"),
            ],
        },
        Enum {
            name: "ip_protocol",
            width: 8,
            reference: "IANA",
            doc: "IPv4 protocol numbers",
            flags: false,
            values: &[
                v("ICMP", 1, "ICMP"),
                v("TCP", 6, "TCP"),
                v("UDP", 17, "UDP"),
            ],
        },
        Enum {
            name: "arp_oper",
            width: 16,
            reference: "RFC 826",
            doc: "ARP operation",
            flags: false,
            values: &[v("REQUEST", 1, "request"), v("REPLY", 2, "reply")],
        },
        Enum {
            name: "tcp_flags",
            width: 8,
            reference: "RFC 9293 §3.1",
            doc: "TCP control bits",
            flags: true,
            values: &[
                v("FIN", 0x01, "no more data from sender"),
                v("SYN", 0x02, "synchronize sequence numbers"),
                v("RST", 0x04, "reset the connection"),
                v("PSH", 0x08, "push function"),
                v("ACK", 0x10, "acknowledgment field is significant"),
                v("URG", 0x20, "urgent pointer field is significant"),
                v("ECE", 0x40, "ECN echo"),
                v("CWR", 0x80, "congestion window reduced"),
            ],
        },
        Enum {
            name: "mpa_flags",
            width: 8,
            reference: "RFC 5044 §7.1, RFC 6581 §2",
            doc: "Flags byte of an MPA request or reply frame",
            flags: true,
            values: &[
                v("MARKERS", 0x80, "M: markers requested/required"),
                v("CRC", 0x40, "C: CRC requested/required"),
                v("REJECT", 0x20, "R: the connection is rejected"),
                v("ENHANCED", 0x10, "RFC 6581 enhanced connection setup (revision 2)"),
            ],
        },
        Enum {
            name: "rdmap_opcode",
            width: 4,
            reference: "RFC 5040 §4.3, RFC 7306 §4",
            doc: "RDMAP message opcode",
            flags: false,
            values: &[
                v("RDMA_WRITE", 0x0, "RDMA Write"),
                v("RDMA_READ_REQUEST", 0x1, "RDMA Read Request"),
                v("RDMA_READ_RESPONSE", 0x2, "RDMA Read Response"),
                v("SEND", 0x3, "Send"),
                v("SEND_INVALIDATE", 0x4, "Send with Invalidate"),
                v("SEND_SE", 0x5, "Send with Solicited Event"),
                v("SEND_SE_INVALIDATE", 0x6, "Send with Solicited Event and Invalidate"),
                v("TERMINATE", 0x7, "Terminate"),
                v("RDMA_WRITE_IMMEDIATE", 0x8, "RFC 7306 Write with Immediate Data"),
                v("IMMEDIATE_DATA", 0x9, "RFC 7306 Immediate Data"),
                v("IMMEDIATE_DATA_SE", 0xa, "RFC 7306 Immediate Data with Solicited Event"),
                v("ATOMIC_REQUEST", 0xb, "RFC 7306 Atomic Request"),
                v("ATOMIC_RESPONSE", 0xc, "RFC 7306 Atomic Response"),
            ],
        },
        Enum {
            name: "term_layer",
            width: 4,
            reference: "RFC 5040 §8 (Terminate Control Field)",
            doc: "Layer that detected the error",
            flags: false,
            values: &[
                v("RDMAP", 0x0, "RDMAP layer"),
                v("DDP", 0x1, "DDP layer"),
                v("LLP", 0x2, "lower layer (MPA/TCP)"),
            ],
        },
        Enum {
            name: "term_etype_rdmap",
            width: 4,
            reference: "RFC 5040 §8",
            doc: "Terminate error type for layer RDMAP",
            flags: false,
            values: &[
                v("LOCAL_CATASTROPHIC", 0x0, "local catastrophic error"),
                v("REMOTE_PROTECTION", 0x1, "remote protection error"),
                v("REMOTE_OPERATION", 0x2, "remote operation error"),
            ],
        },
        Enum {
            name: "term_etype_ddp",
            width: 4,
            reference: "RFC 5041 §7",
            doc: "Terminate error type for layer DDP",
            flags: false,
            values: &[
                v("LOCAL_CATASTROPHIC", 0x0, "local catastrophic error"),
                v("TAGGED_BUFFER", 0x1, "tagged buffer error"),
                v("UNTAGGED_BUFFER", 0x2, "untagged buffer error"),
                v("RSVD", 0x3, "reserved for use by an LLP"),
            ],
        },
        Enum {
            name: "term_etype_llp",
            width: 4,
            reference: "RFC 5044 §8",
            doc: "Terminate error type for layer LLP (MPA)",
            flags: false,
            values: &[v("MPA", 0x0, "MPA error")],
        },
        Enum {
            name: "term_ecode_rdmap",
            width: 8,
            reference: "RFC 5040 §8",
            doc: "Terminate error codes of layer RDMAP",
            flags: false,
            values: &[
                v("INVALID_STAG", 0x00, "invalid STag (remote protection)"),
                v("BASE_BOUNDS", 0x01, "base or bounds violation"),
                v("ACCESS_RIGHTS", 0x02, "access rights violation"),
                v("STAG_NOT_ASSOC", 0x03, "STag not associated with RDMAP stream"),
                v("TO_WRAP", 0x04, "tagged offset wrap"),
                v("INVALID_RDMAP_VERSION", 0x05, "invalid RDMAP version (remote operation)"),
                v("UNEXPECTED_OPCODE", 0x06, "unexpected opcode"),
                v("CATASTROPHIC_STREAM", 0x07, "catastrophic error, localized to RDMAP stream"),
                v("CATASTROPHIC_GLOBAL", 0x08, "catastrophic error, global"),
                v("CANT_INVALIDATE", 0x09, "STag cannot be invalidated"),
                v("UNSPECIFIED", 0xff, "unspecified error"),
            ],
        },
        Enum {
            name: "term_ecode_ddp_tagged",
            width: 8,
            reference: "RFC 5041 §7",
            doc: "Terminate error codes of layer DDP, error type TAGGED_BUFFER",
            flags: false,
            values: &[
                v("INVALID_STAG", 0x00, "invalid STag"),
                v("BASE_BOUNDS", 0x01, "base or bounds violation"),
                v("STAG_NOT_ASSOC", 0x02, "STag not associated with DDP stream"),
                v("TO_WRAP", 0x03, "TO wrap"),
                v("INVALID_DDP_VERSION", 0x04, "invalid DDP version"),
            ],
        },
        Enum {
            name: "term_ecode_ddp_untagged",
            width: 8,
            reference: "RFC 5041 §7",
            doc: "Terminate error codes of layer DDP, error type UNTAGGED_BUFFER",
            flags: false,
            values: &[
                v("INVALID_QN", 0x01, "invalid QN"),
                v("INVALID_MSN_NO_BUFFER", 0x02, "invalid MSN, no buffer available"),
                v("INVALID_MSN_RANGE", 0x03, "invalid MSN, MSN range is not valid"),
                v("INVALID_MO", 0x04, "invalid MO"),
                v("MSG_TOO_LONG", 0x05, "DDP message too long for available buffer"),
                v("INVALID_DDP_VERSION", 0x06, "invalid DDP version"),
            ],
        },
        Enum {
            name: "term_ecode_llp",
            width: 8,
            reference: "RFC 5044 §8, RFC 6581",
            doc: "Terminate error codes of layer LLP (MPA)",
            flags: false,
            values: &[
                v("TCP_CONNECTION_LOST", 0x01, "TCP connection closed, terminated or lost"),
                v("CRC_ERROR", 0x02, "MPA CRC error"),
                v("MARKER_ERROR", 0x03, "MPA marker and ULPDU length field mismatch"),
                v("UNEXPECTED_REQUEST", 0x04, "invalid or unexpected MPA request or reply frame"),
                v("LOCAL_CATASTROPHIC", 0x05, "local catastrophic error (RFC 6581)"),
                v("INSUFFICIENT_IRD", 0x06, "insufficient IRD resources (RFC 6581)"),
                v("NO_MATCHING_RTR", 0x07, "no matching RTR option (RFC 6581)"),
            ],
        },
    ],
    blocks: &[
        Block {
            name: "ID",
            base: 0x0000,
            type_id: 0x574e_0001,
            version: 0x0001_0000,
            doc: "Identification. The driver refuses a device whose BUILD_ID differs from the ABI it was built against.",
            regs: &[
                r("BUILD_ID", 0x0c, Ro, 0, "hash of the ABI description this core was generated from"),
                r("ABI_VERSION", 0x10, Ro, 0, "ABI_VERSION constant"),
                r("NUM_SQ", 0x14, Ro, 0, "number of send queues"),
                r("NUM_RQ", 0x18, Ro, 0, "number of receive queues"),
                r("NUM_CQ", 0x1c, Ro, 0, "number of completion queues"),
                r("NUM_EQ", 0x20, Ro, 0, "number of event queues (one interrupt vector each)"),
                r("CLOCK_MHZ", 0x24, Ro, 0, "core clock in MHz"),
                r("DATA_WIDTH", 0x28, Ro, 0, "datapath width in bits"),
                r("SCRATCH", 0x2c, Rw, 0, "free for the driver; reads back what was written"),
            ],
            array: None,
        },
        Block {
            name: "CTRL",
            base: 0x0100,
            type_id: 0x574e_0002,
            version: 0x0001_0000,
            doc: "Port control, receive filtering and error capture.",
            regs: &[
                r("CONTROL", 0x0c, Rw, 0, "ctrl_flags"),
                r("MAC_LO", 0x10, Ro, 0, "port MAC address bits 31:0 (set by the firmware); byte 0 on the wire is bits 47:40"),
                r("MAC_HI", 0x14, Ro, 0, "port MAC address bits 47:32"),
                r("RX_FILTER", 0x18, Rw, 0x6, "rx_filter bits"),
                r("MAX_FRAME", 0x1c, Rw, 9014, "largest frame accepted or sent, without FCS (60..=9014)"),
                r("RX_RQ", 0x20, Rw, 0, "receive queue that takes received frames"),
                r("BAD_ADDR", 0x24, Ro, 0, "offset of the last register access that hit no register"),
                r("CYCLES_LO", 0x28, Ro, 0, "free-running cycle counter bits 31:0 (reading it latches CYCLES_HI)"),
                r("CYCLES_HI", 0x2c, Ro, 0, "cycle counter bits 63:32, as latched"),
            ],
            array: None,
        },
        Block {
            name: "MBOX",
            base: 0x0200,
            type_id: 0x574e_0003,
            version: 0x0001_0000,
            doc: "Firmware mailbox: the host writes a request into REQ, then its length into DOORBELL; the firmware's response appears in RSP and a FW_RESPONSE event is posted to EQ 0.",
            regs: &[
                r("DOORBELL", 0x0c, Wo, 0, "write the request length in words (1..=FW_MSG_MAX_WORDS) to send REQ to the firmware"),
                r("STATUS", 0x10, Ro, 0, "bit 0 BUSY (request in flight), bit 1 RSP_VALID, 15:8 response length in words; reading RSP_LEN does not clear it, the next DOORBELL does"),
                r("REQ", 0x40, Rw, 0, "request words 0..=15 at 0x40 + 4*i"),
                r("RSP", 0x80, Ro, 0, "response words 0..=15 at 0x80 + 4*i"),
            ],
            array: None,
        },
        Block {
            name: "SQ",
            base: 0x1000,
            type_id: 0x574e_0010,
            version: 0x0001_0000,
            doc: "Raw send queues.",
            regs: ARRAY_HEADER,
            array: Some(RegArray {
                base: 0x40,
                stride: 0x40,
                regs: SQ_REGS,
            }),
        },
        Block {
            name: "RQ",
            base: 0x2000,
            type_id: 0x574e_0011,
            version: 0x0001_0000,
            doc: "Raw receive queues (same element layout as SQ).",
            regs: ARRAY_HEADER,
            array: Some(RegArray {
                base: 0x40,
                stride: 0x40,
                regs: SQ_REGS,
            }),
        },
        Block {
            name: "CQ",
            base: 0x3000,
            type_id: 0x574e_0012,
            version: 0x0001_0000,
            doc: "Completion queues.",
            regs: ARRAY_HEADER,
            array: Some(RegArray {
                base: 0x40,
                stride: 0x40,
                regs: CQ_REGS,
            }),
        },
        Block {
            name: "EQ",
            base: 0x4000,
            type_id: 0x574e_0013,
            version: 0x0001_0000,
            doc: "Event queues; EQ n raises interrupt vector n.",
            regs: ARRAY_HEADER,
            array: Some(RegArray {
                base: 0x40,
                stride: 0x40,
                regs: EQ_REGS,
            }),
        },
        Block {
            name: "STATS",
            base: 0x5000,
            type_id: 0x574e_0020,
            version: 0x0001_0000,
            doc: "64-bit counters; each is a LO/HI pair, reading LO latches HI.",
            regs: &[
                r("TX_FRAMES", 0x10, Ro, 0, "frames sent"),
                r("TX_BYTES", 0x18, Ro, 0, "bytes sent (without FCS)"),
                r("RX_FRAMES", 0x20, Ro, 0, "frames delivered to a receive queue"),
                r("RX_BYTES", 0x28, Ro, 0, "bytes delivered"),
                r("RX_FCS_ERR", 0x30, Ro, 0, "frames dropped for a bad FCS or a MAC error"),
                r("RX_DROP_FILTER", 0x38, Ro, 0, "frames dropped by the destination address filter"),
                r("RX_DROP_LENGTH", 0x40, Ro, 0, "frames dropped for being shorter than 14 bytes or longer than MAX_FRAME"),
                r("RX_DROP_NO_BUF", 0x48, Ro, 0, "frames dropped because no receive buffer was posted"),
                r("RX_DROP_OVERRUN", 0x50, Ro, 0, "frames dropped because the receive FIFO was full"),
                r("RX_LEN_ERR", 0x58, Ro, 0, "frames larger than the posted buffer (completed with LOC_LEN_ERR)"),
                r("TX_ERR", 0x60, Ro, 0, "send work requests completed in error"),
                r("DMA_RD_ERR", 0x68, Ro, 0, "DMA reads refused by the host"),
                r("DMA_WR_ERR", 0x70, Ro, 0, "DMA writes refused by the host"),
                r("BAD_REG", 0x78, Ro, 0, "register accesses that hit no register"),
                r("DOORBELL_ERR", 0x80, Ro, 0, "doorbells that posted more entries than the ring holds"),
                r("EVENTS", 0x88, Ro, 0, "events written"),
                r("IRQS", 0x90, Ro, 0, "interrupts raised"),
                r("FW_MSGS", 0x98, Ro, 0, "mailbox requests passed to the firmware"),
            ],
            array: None,
        },
    ],
    descriptors: &[
        Layout {
            name: "sq_wqe",
            size: 32,
            endian: Endian::Little,
            reference: "warpnic",
            doc: "Send-queue work queue entry",
            fields: &[
                w("opcode", 0, 1, "wqe_opcode"),
                w("flags", 1, 1, "wqe_flags"),
                w("rsvd0", 2, 2, "reserved, zero"),
                w("len", 4, 4, "frame length in bytes, without FCS"),
                w("addr", 8, 8, "IOVA of the frame"),
                w("wr_id", 16, 8, "opaque, returned in the CQE"),
                w("rsvd1", 24, 8, "reserved, zero"),
            ],
        },
        Layout {
            name: "rq_wqe",
            size: 32,
            endian: Endian::Little,
            reference: "warpnic",
            doc: "Receive-queue work queue entry",
            fields: &[
                w("rsvd0", 0, 4, "reserved, zero"),
                w("len", 4, 4, "buffer length in bytes"),
                w("addr", 8, 8, "IOVA of the buffer"),
                w("wr_id", 16, 8, "opaque, returned in the CQE"),
                w("rsvd1", 24, 8, "reserved, zero"),
            ],
        },
        Layout {
            name: "cqe",
            size: 32,
            endian: Endian::Little,
            reference: "warpnic",
            doc: "Completion queue entry. The hardware writes it in one DMA write; OWNER flips each pass over the ring (1 on the first pass).",
            fields: &[
                w("wr_id", 0, 8, "wr_id of the work request"),
                w("byte_len", 8, 4, "bytes sent or received (for RECV with LOC_LEN_ERR: the frame's length)"),
                w("queue", 12, 2, "SQ or RQ number"),
                w("wqe_idx", 14, 2, "ring index of the work request (15:0 of the free-running index)"),
                w("opcode", 16, 1, "cqe_opcode"),
                w("status", 17, 1, "cqe_status"),
                w("rsvd0", 18, 2, "reserved"),
                w("timestamp", 20, 4, "core cycle counter (31:0) when the completion was generated"),
                w("rsvd1", 24, 7, "reserved"),
                w("owner", 31, 1, "bit 0: phase of this entry"),
            ],
        },
        Layout {
            name: "eqe",
            size: 16,
            endian: Endian::Little,
            reference: "warpnic",
            doc: "Event queue entry; OWNER as in the CQE.",
            fields: &[
                w("event_type", 0, 1, "eqe_type"),
                w("rsvd0", 1, 1, "reserved"),
                w("source", 2, 2, "CQ, SQ or RQ number"),
                w("data", 4, 4, "event-specific (the error status for *_ERROR)"),
                w("timestamp", 8, 4, "core cycle counter (31:0)"),
                w("rsvd1", 12, 3, "reserved"),
                w("owner", 15, 1, "bit 0: phase of this entry"),
            ],
        },
        Layout {
            name: "fw_msg_hdr",
            size: 4,
            endian: Endian::Little,
            reference: "warpnic",
            doc: "Word 0 of a mailbox request or response",
            fields: &[
                w("opcode", 0, 1, "fw_opcode"),
                w("seq", 1, 1, "request sequence number, echoed in the response"),
                w("status", 2, 1, "fw_status (responses; zero in requests)"),
                w("len", 3, 1, "message length in 32-bit words, this header included"),
            ],
        },
    ],
    headers: &[
        Layout {
            name: "ethernet_hdr",
            size: 14,
            endian: Endian::Big,
            reference: "IEEE 802.3",
            doc: "Ethernet II header",
            fields: &[
                w("dst", 0, 6, "destination MAC address"),
                w("src", 6, 6, "source MAC address"),
                w("ether_type", 12, 2, "ether_type"),
            ],
        },
        Layout {
            name: "arp_ipv4",
            size: 28,
            endian: Endian::Big,
            reference: "RFC 826",
            doc: "ARP packet for IPv4 over Ethernet",
            fields: &[
                w("htype", 0, 2, "hardware type, 1 = Ethernet"),
                w("ptype", 2, 2, "protocol type, 0x0800"),
                w("hlen", 4, 1, "hardware address length, 6"),
                w("plen", 5, 1, "protocol address length, 4"),
                w("oper", 6, 2, "arp_oper"),
                w("sha", 8, 6, "sender hardware address"),
                w("spa", 14, 4, "sender protocol address"),
                w("tha", 18, 6, "target hardware address"),
                w("tpa", 24, 4, "target protocol address"),
            ],
        },
        Layout {
            name: "ipv4_hdr",
            size: 20,
            endian: Endian::Big,
            reference: "RFC 791 §3.1",
            doc: "IPv4 header without options",
            fields: &[
                f("version", 0, 1, 4, 4, "4"),
                f("ihl", 0, 1, 0, 4, "header length in 32-bit words"),
                f("dscp", 1, 1, 2, 6, "differentiated services code point"),
                f("ecn", 1, 1, 0, 2, "explicit congestion notification"),
                w("total_len", 2, 2, "datagram length in bytes"),
                w("ident", 4, 2, "identification"),
                f("flags", 6, 2, 13, 3, "bit 1 DF, bit 0 MF"),
                f("frag_offset", 6, 2, 0, 13, "fragment offset in 8-byte units"),
                w("ttl", 8, 1, "time to live"),
                w("protocol", 9, 1, "ip_protocol"),
                w("checksum", 10, 2, "header checksum"),
                w("src", 12, 4, "source address"),
                w("dst", 16, 4, "destination address"),
            ],
        },
        Layout {
            name: "tcp_hdr",
            size: 20,
            endian: Endian::Big,
            reference: "RFC 9293 §3.1",
            doc: "TCP header without options",
            fields: &[
                w("src_port", 0, 2, "source port"),
                w("dst_port", 2, 2, "destination port"),
                w("seq", 4, 4, "sequence number"),
                w("ack", 8, 4, "acknowledgment number"),
                f("data_offset", 12, 1, 4, 4, "header length in 32-bit words"),
                f("rsvd", 12, 1, 0, 4, "reserved"),
                w("flags", 13, 1, "tcp_flags"),
                w("window", 14, 2, "receive window"),
                w("checksum", 16, 2, "checksum over the pseudo-header, header and data"),
                w("urgent", 18, 2, "urgent pointer"),
            ],
        },
        Layout {
            name: "icmp_echo",
            size: 8,
            endian: Endian::Big,
            reference: "RFC 792",
            doc: "ICMP echo request/reply header",
            fields: &[
                w("icmp_type", 0, 1, "8 = echo request, 0 = echo reply"),
                w("code", 1, 1, "0"),
                w("checksum", 2, 2, "checksum over the ICMP message"),
                w("ident", 4, 2, "identifier"),
                w("seq", 6, 2, "sequence number"),
            ],
        },
        Layout {
            name: "mpa_req_rep",
            size: 20,
            endian: Endian::Big,
            reference: "RFC 5044 §7.1, RFC 6581 §2",
            doc: "MPA request/reply frame header, followed by pd_length bytes of private data",
            fields: &[
                f("key", 0, 16, 0, 128, "\"MPA ID Req Frame\" or \"MPA ID Rep Frame\""),
                w("flags", 16, 1, "mpa_flags (M, C, R, enhanced); low 4 bits reserved"),
                w("revision", 17, 1, "MPA revision, 1 or 2"),
                w("pd_length", 18, 2, "private data length, at most 512"),
            ],
        },
        Layout {
            name: "mpa_v2_ird_ord",
            size: 4,
            endian: Endian::Big,
            reference: "RFC 6581 §2",
            doc: "Enhanced connection setup data at the start of MPA v2 private data",
            fields: &[
                f("peer_to_peer", 0, 2, 15, 1, "P2P: peer-to-peer mode requested (IRD word bit 15)"),
                f("send_rtr", 0, 2, 14, 1, "RTR as a zero-length FPDU, i.e. a Send (IRD word bit 14)"),
                f("ird", 0, 2, 0, 14, "inbound RDMA read queue depth"),
                f("zero_len_rdma_write", 2, 2, 15, 1, "RTR as a zero-length RDMA Write (ORD word bit 15)"),
                f("rdma_read_rtr", 2, 2, 14, 1, "RTR as a zero-length RDMA Read (ORD word bit 14)"),
                f("ord", 2, 2, 0, 14, "outbound RDMA read queue depth"),
            ],
        },
        Layout {
            name: "mpa_fpdu_hdr",
            size: 2,
            endian: Endian::Big,
            reference: "RFC 5044 §4.2",
            doc: "MPA FPDU header: the ULPDU length (DDP header and payload, without pad and CRC)",
            fields: &[w("ulpdu_length", 0, 2, "ULPDU length in bytes")],
        },
        Layout {
            name: "ddp_tagged_hdr",
            size: 14,
            endian: Endian::Big,
            reference: "RFC 5041 §5.2, RFC 5040 §4.1",
            doc: "DDP tagged buffer header with the RDMAP control byte",
            fields: &[
                f("tagged", 0, 1, 7, 1, "T: 1 for the tagged model"),
                f("last", 0, 1, 6, 1, "L: last DDP segment of the message"),
                f("rsvd", 0, 1, 2, 4, "reserved"),
                f("ddp_version", 0, 1, 0, 2, "DDP version, 1"),
                f("rdmap_version", 1, 1, 6, 2, "RDMAP version, 1"),
                f("rsvd_ulp", 1, 1, 4, 2, "reserved"),
                f("opcode", 1, 1, 0, 4, "rdmap_opcode"),
                w("stag", 2, 4, "steering tag of the data sink"),
                w("tagged_offset", 6, 8, "tagged offset"),
            ],
        },
        Layout {
            name: "ddp_untagged_hdr",
            size: 18,
            endian: Endian::Big,
            reference: "RFC 5041 §5.3, RFC 5040 §4.1",
            doc: "DDP untagged buffer header with the RDMAP control byte",
            fields: &[
                f("tagged", 0, 1, 7, 1, "T: 0 for the untagged model"),
                f("last", 0, 1, 6, 1, "L: last DDP segment of the message"),
                f("rsvd", 0, 1, 2, 4, "reserved"),
                f("ddp_version", 0, 1, 0, 2, "DDP version, 1"),
                f("rdmap_version", 1, 1, 6, 2, "RDMAP version, 1"),
                f("rsvd_ulp", 1, 1, 4, 2, "reserved"),
                f("opcode", 1, 1, 0, 4, "rdmap_opcode"),
                w("inv_stag", 2, 4, "STag to invalidate (Send with Invalidate), else reserved"),
                w("qn", 6, 4, "queue number: 0 Send, 1 Read Request, 2 Terminate"),
                w("msn", 10, 4, "message sequence number"),
                w("mo", 14, 4, "message offset"),
            ],
        },
        Layout {
            name: "rdma_read_req",
            size: 28,
            endian: Endian::Big,
            reference: "RFC 5040 §4.4",
            doc: "RDMA Read Request payload (after the untagged DDP header)",
            fields: &[
                w("sink_stag", 0, 4, "data sink STag"),
                w("sink_to", 4, 8, "data sink tagged offset"),
                w("read_size", 12, 4, "RDMA read message size"),
                w("src_stag", 16, 4, "data source STag"),
                w("src_to", 20, 8, "data source tagged offset"),
            ],
        },
        Layout {
            name: "rdmap_terminate",
            size: 4,
            endian: Endian::Big,
            reference: "RFC 5040 §4.8",
            doc: "Terminate control field and header flags (after the untagged DDP header)",
            fields: &[
                f("layer", 0, 4, 28, 4, "term_layer"),
                f("etype", 0, 4, 24, 4, "error type of that layer"),
                f("ecode", 0, 4, 16, 8, "error code"),
                f("hdr_ctrl_m", 0, 4, 15, 1, "M: DDP segment length valid"),
                f("hdr_ctrl_d", 0, 4, 14, 1, "D: DDP header included"),
                f("hdr_ctrl_r", 0, 4, 13, 1, "R: RDMAP header included"),
                f("rsvd", 0, 4, 0, 13, "reserved"),
            ],
        },
        Layout {
            name: "rdmap_immediate",
            size: 8,
            endian: Endian::Big,
            reference: "RFC 7306 §4.2",
            doc: "Immediate data payload",
            fields: &[w("data", 0, 8, "immediate data")],
        },
    ],
};
