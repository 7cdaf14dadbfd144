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

const TCP_DB_REGS: &[Register] = &[
    r(
        "TX_END",
        0x00,
        Wo,
        0,
        "stream offset after the last byte written into the send buffer",
    ),
    r(
        "RX_READ",
        0x04,
        Wo,
        0,
        "stream offset after the last byte read from the receive buffer (reopens the window)",
    ),
];

const QP_DB_REGS: &[Register] = &[
    r(
        "SQ_PI",
        0x00,
        Wo,
        0,
        "send-queue producer index (15:0): entries posted",
    ),
    r(
        "RQ_PI",
        0x04,
        Wo,
        0,
        "receive-queue producer index (15:0): entries posted",
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
        c("RDMA_WQE_SIZE", 128, "bytes of an RDMA send- or receive-queue entry (a queue pair's rings)"),
        c("RDMA_MAX_SGE", 4, "scatter/gather entries of an RDMA work request"),
        c("RDMA_CMD_ARGS", 16, "argument words of an RDMA command (block RDMA, ARG)"),
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
            name: "rdma_wqe_opcode",
            width: 8,
            reference: "warpnic (RFC 5040, RFC 7306)",
            doc: "RDMA send-queue work request operation",
            flags: false,
            values: &[
                v("RDMA_WRITE", 0x10, "RDMA Write of the gather list to rkey/remote_addr"),
                v("RDMA_WRITE_IMM", 0x11, "RDMA Write, then an Immediate Data message with imm (RFC 7306 write with immediate data)"),
                v("SEND", 0x12, "Send of the gather list (SOLICITED: Send with Solicited Event)"),
                v("SEND_INV", 0x13, "Send with Invalidate of inv_stag"),
                v("RDMA_READ", 0x14, "RDMA Read Request: rkey/remote_addr to the local sink (one entry: lkey/addr/len; the sink must allow REMOTE_WRITE)"),
                v("IMM_DATA", 0x15, "Immediate Data message with imm (RFC 7306)"),
            ],
        },
        Enum {
            name: "wqe_flags",
            width: 8,
            reference: "warpnic",
            doc: "Send-queue work request flags",
            flags: true,
            values: &[
                v("SIGNALED", 0x01, "write a CQE on success (errors always complete)"),
                v("SOLICITED", 0x02, "RDMA: Send or Immediate Data with Solicited Event"),
            ],
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
                v("TCP_TX_ACKED", 0x10, "the peer acknowledged stream bytes: queue = tid, wr_id = the stream offset acknowledged (send buffer space up to it is free), byte_len = bytes newly acknowledged"),
                v("TCP_RX", 0x11, "stream bytes are in the receive buffer: queue = tid, wr_id = the stream offset after them, byte_len = bytes"),
                v("RDMA_RECV", 0x20, "a Send (any variant) filled an RDMA receive work request: queue = QP, byte_len = the message's bytes; flags tell SE and an invalidated STag"),
                v("RDMA_RECV_IMM", 0x21, "an Immediate Data message (RFC 7306) consumed an RDMA receive work request: queue = QP, the 8 bytes in imm"),
                v("RDMA_SEND", 0x22, "a SEND or SEND_INV work request completed (the peer acknowledged its last byte)"),
                v("RDMA_WRITE", 0x23, "an RDMA_WRITE or RDMA_WRITE_IMM work request completed (acknowledged)"),
                v("RDMA_READ", 0x24, "an RDMA_READ work request completed: the READ RESPONSE's last byte is placed"),
                v("RDMA_IMM", 0x25, "an IMM_DATA work request completed (acknowledged)"),
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
                v("REM_ACCESS_ERR", 0x09, "the peer's message violated the QP's rules (it was answered with TERMINATE): the work request is lost with the QP"),
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
                v("QP_ERROR", 0x06, "a queue pair entered ERROR (posted to EQ 0); source = QP, data = qp_error_info"),
            ],
        },
        Enum {
            name: "cqe_flags",
            width: 8,
            reference: "warpnic",
            doc: "Flags of an RDMA completion (cqe.flags)",
            flags: true,
            values: &[
                v("SE", 0x01, "the Send or Immediate Data asked for a solicited event"),
                v("INV", 0x02, "a Send with Invalidate invalidated the STag in imm bits 31:0"),
                v("IMM", 0x04, "imm holds the 8 bytes of RFC 7306 Immediate Data (byte 0 in bits 63:56)"),
            ],
        },
        Enum {
            name: "qp_state",
            width: 8,
            reference: "warpnic (verbs, RFC 5040 §6)",
            doc: "State of an RDMA queue pair",
            flags: false,
            values: &[
                v("RESET", 0x00, "no connection; nothing is received or sent, contexts cleared"),
                v("INIT", 0x01, "attributes set, receive work requests may be posted"),
                v("RTR", 0x02, "ready to receive: bound to its connection, FPDUs are placed"),
                v("RTS", 0x03, "ready to send and receive"),
                v("SQD", 0x04, "send queue drained; receiving goes on"),
                v("SQE", 0x05, "send queue error; receiving goes on"),
                v("ERROR", 0x06, "stopped: a TERMINATE was sent or received, or the stream failed; posted work requests complete as FLUSHED"),
            ],
        },
        Enum {
            name: "mr_access",
            width: 8,
            reference: "warpnic (verbs access flags, RFC 5040 §8)",
            doc: "Access rights of a memory region (RDMA command MR_REG)",
            flags: true,
            values: &[
                v("LOCAL_WRITE", 0x01, "the NIC may write the region for the local QP (receive buffers, READ sinks)"),
                v("REMOTE_READ", 0x02, "a peer may READ from the region"),
                v("REMOTE_WRITE", 0x04, "a peer may WRITE into the region (needs LOCAL_WRITE)"),
                v("FAST_REG", 0x08, "allocated for fast-register work requests: starts INVALID, may be invalidated locally or remotely"),
            ],
        },
        Enum {
            name: "rdma_cmd",
            width: 8,
            reference: "warpnic (docs/iwarp.md)",
            doc: "Commands of the RDMA block: write the arguments into ARG, then the command into OP",
            flags: false,
            values: &[
                v("MR_REG", 0x01, "register a region: ARG0 STag (index 31:8, key 7:0), ARG1 PD, ARG2 mr_access, ARG3/ARG4 base (the Tagged Offset of byte 0) low/high, ARG5/ARG6 length low/high, ARG7/ARG8 IOVA of byte 0 low/high"),
                v("MR_DEREG", 0x02, "free a region: ARG0 STag"),
                v("MR_INV", 0x03, "invalidate a fast-register region: ARG0 STag, ARG1 PD"),
                v("QP_MODIFY", 0x04, "change a QP: ARG0 QP; ARG1 7:0 qp_state, bit 8 set the attributes below (RESET to INIT only); ARG2 PD; ARG3 15:0 largest ULPDU accepted, bit 16 CRC, bit 17 markers, 31:24 IRD; ARG4 7:0 ORD, 15:8 send CQ, 23:16 receive CQ, 27:24 log2 receive-queue entries (1..=15), 31:28 log2 send-queue entries; ARG5/ARG6 receive-queue ring IOVA; ARG7/ARG8 send-queue ring IOVA; ARG9 the TCP connection id; ARG10 8:0 marker phase of the first received FPDU's first byte; ARG11 15:0 largest ULPDU to send (MULPDU); ARG12 the stream offset of the first FPDU to send (the stream's TX_END when FPDU mode begins)"),
                v("QP_QUERY", 0x05, "read a QP: ARG0 QP; RSP0 7:0 qp_state; RSP1 qp_error_info (0: no error); RSP2 15:0 receive-queue consumer index, 31:16 producer index; RSP3 messages received"),
            ],
        },
        Enum {
            name: "rdma_cmd_status",
            width: 8,
            reference: "warpnic (docs/iwarp.md)",
            doc: "Result of an RDMA command (block RDMA, STATUS 15:8)",
            flags: false,
            values: &[
                v("OK", 0x00, "done"),
                v("BAD_STAG", 0x01, "STag index out of range, no region, or key mismatch"),
                v("PD_MISMATCH", 0x02, "the region belongs to another protection domain"),
                v("NOT_ALLOWED", 0x03, "not a fast-register region"),
                v("MR_STATE", 0x04, "the region is in the wrong state for the command"),
                v("BAD_ARG", 0x05, "a length, base or right the table cannot take (REMOTE_WRITE without LOCAL_WRITE, base + length past 2^64)"),
                v("BAD_QP", 0x06, "QP number out of range"),
                v("BAD_TRANSITION", 0x07, "the QP cannot go from its state to the one asked, or attributes outside RESET to INIT"),
                v("BAD_CMD", 0x08, "unknown command"),
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
            name: "exc_filter",
            width: 32,
            reference: "warpnic",
            doc: "Bits of the CTRL block's EXC_FILTER register: received frames steered to the firmware instead of a receive queue",
            flags: true,
            values: &[
                v("ARP", 0x1, "every ARP frame the address filter accepts"),
                v("ICMP", 0x2, "IPv4 ICMP addressed to the port's IPv4 address"),
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
                v("SET_IPV4", 0x04, "set the port's IPv4 address (word 1) and prefix length (word 2, 1..=32)"),
                v("GET_IPV4", 0x05, "answer the port's IPv4 address and prefix length"),
                v("TCP_CONFIG", 0x10, "host to firmware: TCP engine timing (see the firmware's TCP module)"),
                v("TCP_LISTEN", 0x11, "host to firmware: start a listener"),
                v("TCP_UNLISTEN", 0x12, "host to firmware: stop a listener"),
                v("TCP_CONNECT", 0x13, "host to firmware: open a connection"),
                v("TCP_CLOSE", 0x14, "host to firmware: close a connection gracefully (FIN)"),
                v("TCP_ABORT", 0x15, "host to firmware: reset a connection (RST)"),
                v("TCP_EVENT", 0x16, "host to firmware: take the next connection event, if any"),
                v("TCP_TCB", 0x17, "host to firmware: read or write one TCB field of a connection (SET_TCB_FIELD)"),
                v("FRAME_RX", 0x80, "core to firmware: an exception-path frame; header len 0, word 1 its length in bytes, then the frame, 4 bytes per word, byte 0 in bits 7:0"),
                v("FRAME_TX", 0x81, "firmware to core: a frame to send, in the FRAME_RX format"),
                v("CPL", 0x82, "both ways between the core's TCP engine and the firmware: a CPL message; header len = words including it (at most 255), words 1.. the message, 4 bytes per word, byte 0 in bits 7:0"),
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
            reference: "RFC 5044 §7.1; RFC 6581, enhanced MPA frames",
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
            reference: "RFC 5040 §4.2; RFC 7306, RDMAP opcodes",
            doc: "RDMAP message opcode. 0x8 and 0x9 are reserved (RFC 7306); an RDMA Write with Immediate Data is an RDMA Write followed by an Immediate Data message",
            flags: false,
            values: &[
                v("RDMA_WRITE", 0x0, "RDMA Write (tagged)"),
                v("RDMA_READ_REQUEST", 0x1, "RDMA Read Request (untagged, queue 1)"),
                v("RDMA_READ_RESPONSE", 0x2, "RDMA Read Response (tagged)"),
                v("SEND", 0x3, "Send (untagged, queue 0)"),
                v("SEND_INVALIDATE", 0x4, "Send with Invalidate"),
                v("SEND_SE", 0x5, "Send with Solicited Event"),
                v("SEND_SE_INVALIDATE", 0x6, "Send with Solicited Event and Invalidate"),
                v("TERMINATE", 0x7, "Terminate (untagged, queue 2)"),
                v("ATOMIC_REQUEST", 0xa, "RFC 7306 Atomic Request"),
                v("ATOMIC_RESPONSE", 0xb, "RFC 7306 Atomic Response"),
                v("IMMEDIATE_DATA", 0xc, "RFC 7306 Immediate Data (untagged, queue 0, 8 bytes)"),
                v("IMMEDIATE_DATA_SE", 0xd, "RFC 7306 Immediate Data with Solicited Event"),
            ],
        },
        Enum {
            name: "ddp_queue",
            width: 32,
            reference: "RFC 5040 §4.2, RFC 5041 §5.3",
            doc: "Queue number (QN) of an untagged DDP segment as RDMAP uses it",
            flags: false,
            values: &[
                v("SEND", 0, "Send, Send with Invalidate/Solicited Event, Immediate Data"),
                v("RDMA_READ_REQUEST", 1, "RDMA Read Request"),
                v("TERMINATE", 2, "Terminate"),
            ],
        },
        Enum {
            name: "mpa_rtr",
            width: 4,
            reference: "RFC 6581, IRD/ORD control bits",
            doc: "RFC 6581 peer-to-peer ready-to-receive (RTR) message types, one bit each, as a set (the layout mpa_v2_ird_ord places them in the IRD and ORD words)",
            flags: true,
            values: &[
                v("SEND", 0x1, "zero-length Send (FPDU) as RTR: IRD word bit 14"),
                v("WRITE", 0x2, "zero-length RDMA Write as RTR: ORD word bit 15"),
                v("READ", 0x4, "zero-length RDMA Read Request as RTR: ORD word bit 14"),
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
        Enum {
            name: "cpl_opcode",
            width: 8,
            reference: "warpnic (docs/cpl.md)",
            doc: "CPL control message opcode (byte 0 of the CPL header)",
            flags: false,
            values: &[
                v("ACT_OPEN_REQ", 0x01, "control plane to hardware: open a connection (send SYN); id = atid"),
                v("ACT_OPEN_RPL", 0x02, "hardware to control plane: the active open failed; id = atid"),
                v("ACT_ESTABLISH", 0x03, "hardware to control plane: the active open completed (SYN-ACK answered); id = tid"),
                v("PASS_OPEN_REQ", 0x04, "control plane to hardware: start a listener; id = stid"),
                v("PASS_OPEN_RPL", 0x05, "hardware to control plane: the listener is (or is not) running; id = stid"),
                v("PASS_ACCEPT_REQ", 0x06, "hardware to control plane: a SYN arrived for a listener; id = tid of the embryonic connection"),
                v("PASS_ACCEPT_RPL", 0x07, "control plane to hardware: accept (send SYN-ACK) or refuse the SYN; id = tid"),
                v("PASS_ESTABLISH", 0x08, "hardware to control plane: the final ACK of a passive open arrived; id = tid"),
                v("CLOSE_LISTSRV_REQ", 0x09, "control plane to hardware: stop a listener (no body); id = stid"),
                v("CLOSE_LISTSRV_RPL", 0x0a, "hardware to control plane: the listener is stopped; id = stid"),
                v("TX_DATA", 0x10, "control plane to hardware: send streaming data; id = tid"),
                v("TX_DATA_ACK", 0x11, "hardware to control plane: the peer acknowledged sent data, credits return; id = tid"),
                v("RX_DATA", 0x12, "hardware to control plane: streaming data received in order; id = tid"),
                v("RX_DATA_ACK", 0x13, "control plane to hardware: received data consumed, reopen the window; id = tid"),
                v("CLOSE_CON_REQ", 0x18, "control plane to hardware: send FIN after the queued data (no body); id = tid"),
                v("CLOSE_CON_RPL", 0x19, "hardware to control plane: our FIN was acknowledged; id = tid"),
                v("PEER_CLOSE", 0x1a, "hardware to control plane: the peer sent FIN; id = tid"),
                v("ABORT_REQ", 0x1b, "either direction: reset the connection (to hardware) or it was reset (to control plane); id = tid"),
                v("ABORT_RPL", 0x1c, "either direction: answer to ABORT_REQ; the tid is free afterwards; id = tid"),
                v("SET_TCB_FIELD", 0x20, "control plane to hardware: read-modify-write one TCB field; id = tid"),
                v("SET_TCB_RPL", 0x21, "hardware to control plane: answer to SET_TCB_FIELD; id = tid"),
                v("RDMA_TERMINATE", 0x28, "either direction: an RDMAP Terminate was received (to control plane) or must be sent (to hardware); id = tid"),
            ],
        },
        Enum {
            name: "cpl_flags",
            width: 8,
            reference: "warpnic (docs/cpl.md)",
            doc: "Flags of the CPL header",
            flags: true,
            values: &[v("NO_REPLY", 0x01, "the receiver sends no reply message (SET_TCB_FIELD, RX_DATA_ACK, ABORT_REQ)")],
        },
        Enum {
            name: "cpl_status",
            width: 8,
            reference: "warpnic (docs/cpl.md)",
            doc: "Status of a CPL reply, or reason of an abort",
            flags: false,
            values: &[
                v("SUCCESS", 0x00, "done"),
                v("CONN_REFUSED", 0x01, "the peer answered the SYN with RST (or the control plane refused a SYN)"),
                v("TIMEOUT", 0x02, "SYN or data retransmissions exhausted without an answer"),
                v("NO_RESOURCES", 0x03, "no free connection, listener or TCB entry"),
                v("ADDR_IN_USE", 0x04, "the 4-tuple or the listening address and port is already in use"),
                v("BAD_ARGUMENT", 0x05, "a field is out of range, or a read-only TCB field was written"),
                v("CONN_RESET", 0x06, "the peer reset an established connection"),
                v("KEEPALIVE_TIMEOUT", 0x07, "keepalive probes went unanswered"),
                v("BAD_ID", 0x08, "the message's id names no connection or listener"),
                v("BAD_STATE", 0x09, "the connection is in a state that does not accept the message"),
                v("BAD_OPCODE", 0x0a, "unknown opcode, or a message sent in the wrong direction"),
                v("BAD_LENGTH", 0x0b, "the header's len does not match the opcode's body and payload"),
                v("ABORTED", 0x0c, "the operation was cancelled by an ABORT_REQ on the same id"),
            ],
        },
        Enum {
            name: "cpl_tcp_opt",
            width: 8,
            reference: "RFC 7323, RFC 2018, RFC 9293 §3.7.4, RFC 1122 §4.2.3.6",
            doc: "TCP options and behaviours requested (open messages) or negotiated (establish messages)",
            flags: true,
            values: &[
                v("WSCALE", 0x01, "window scale option (RFC 7323 §2)"),
                v("SACK", 0x02, "SACK permitted (RFC 2018)"),
                v("TIMESTAMPS", 0x04, "timestamps option (RFC 7323 §3)"),
                v("NODELAY", 0x08, "no Nagle algorithm: send small segments at once (RFC 9293 §3.7.4)"),
                v("KEEPALIVE", 0x10, "send keepalive probes on an idle connection (RFC 1122 §4.2.3.6)"),
                v("ECN", 0x20, "explicit congestion notification (RFC 3168)"),
            ],
        },
        Enum {
            name: "cpl_ulp_mode",
            width: 8,
            reference: "warpnic (docs/cpl.md)",
            doc: "What the hardware does with a connection's byte stream",
            flags: false,
            values: &[
                v("STREAMING", 0x00, "plain TCP: data travels in TX_DATA and RX_DATA (MPA negotiation runs here)"),
                v("RDMA", 0x01, "FPDU mode: MPA framing, DDP placement and RDMAP run in hardware on the bound QP"),
                v("RDMA_RX", 0x02, "FPDU mode for received bytes only, sent bytes still from the stream's buffer: the MPA responder from its reply until the reply is acknowledged (then RDMA)"),
            ],
        },
        Enum {
            name: "cpl_tx_flags",
            width: 8,
            reference: "warpnic (docs/cpl.md)",
            doc: "Flags of a TX_DATA message",
            flags: true,
            values: &[
                v("PUSH", 0x01, "send now, ignoring Nagle, and set PSH on the last segment"),
                v("MORE", 0x02, "more data follows at once: hold a partial last segment"),
                v("SHUTDOWN", 0x04, "send FIN after this data (as CLOSE_CON_REQ)"),
                v("INLINE", 0x08, "the payload follows the body in the message; addr is ignored"),
            ],
        },
        Enum {
            name: "cpl_rx_ack_flags",
            width: 8,
            reference: "warpnic (docs/cpl.md)",
            doc: "Flags of an RX_DATA_ACK message",
            flags: true,
            values: &[v("FORCE_ACK", 0x01, "send a window update now instead of with the next segment")],
        },
        Enum {
            name: "cpl_abort_flags",
            width: 8,
            reference: "warpnic (docs/cpl.md)",
            doc: "Flags of an ABORT_REQ message",
            flags: true,
            values: &[v("NO_RST", 0x01, "free the connection without sending RST (to hardware), or no RST was sent (to control plane)")],
        },
        Enum {
            name: "cpl_term_origin",
            width: 8,
            reference: "warpnic (docs/cpl.md)",
            doc: "Where an RDMA_TERMINATE's Terminate message comes from",
            flags: false,
            values: &[
                v("PEER", 0x01, "received from the peer"),
                v("HARDWARE", 0x02, "built and sent by the hardware after an error it detected"),
                v("CONTROL", 0x03, "requested by the control plane (to hardware)"),
            ],
        },
        Enum {
            name: "tcp_state",
            width: 8,
            reference: "RFC 9293 §3.3.2",
            doc: "TCP connection state",
            flags: false,
            values: &[
                v("CLOSED", 0x00, "no connection"),
                v("LISTEN", 0x01, "waiting for a SYN"),
                v("SYN_SENT", 0x02, "SYN sent, waiting for SYN-ACK"),
                v("SYN_RECEIVED", 0x03, "SYN received and SYN-ACK sent, waiting for ACK"),
                v("ESTABLISHED", 0x04, "open; data flows both ways"),
                v("FIN_WAIT_1", 0x05, "FIN sent, not yet acknowledged"),
                v("FIN_WAIT_2", 0x06, "FIN acknowledged, waiting for the peer's FIN"),
                v("CLOSE_WAIT", 0x07, "peer's FIN received, ours not yet sent"),
                v("CLOSING", 0x08, "both FINs sent, ours not yet acknowledged"),
                v("LAST_ACK", 0x09, "our FIN sent after the peer's, waiting for its ACK"),
                v("TIME_WAIT", 0x0a, "both FINs acknowledged, waiting 2*MSL"),
            ],
        },
        Enum {
            name: "tcp_event",
            width: 8,
            reference: "warpnic (firmware TCP module)",
            doc: "Connection event the firmware reports to the host (TCP_EVENT)",
            flags: false,
            values: &[
                v("NONE", 0x00, "no event is waiting"),
                v("ESTABLISHED", 0x01, "an active open completed"),
                v("ACCEPTED", 0x02, "a listener accepted a connection (a new endpoint)"),
                v("REFUSED", 0x03, "the peer answered the SYN with RST"),
                v("TIMED_OUT", 0x04, "the SYN retransmissions ran out, or the connection timed out"),
                v("UNREACHABLE", 0x05, "the next hop did not answer ARP"),
                v("PEER_CLOSED", 0x06, "the peer's FIN arrived after all its data"),
                v("CLOSED", 0x07, "our close completed; the endpoint is free"),
                v("RESET", 0x08, "the peer reset the connection; the endpoint is free"),
                v("ABORTED", 0x09, "our abort completed; the endpoint is free"),
            ],
        },
        Enum {
            name: "tcb_field",
            width: 8,
            reference: "warpnic (docs/cpl.md)",
            doc: "TCB field addressed by SET_TCB_FIELD; values are right-aligned in the 64-bit value and mask",
            flags: false,
            values: &[
                v("STATE", 0x00, "tcp_state (read-only)"),
                v("ULP_MODE", 0x01, "cpl_ulp_mode; STREAMING to RDMA once the last streaming byte is queued"),
                v("TCP_OPT", 0x02, "cpl_tcp_opt bits; NODELAY and KEEPALIVE are writable, the negotiated options read-only"),
                v("MSS", 0x03, "effective maximum segment size, bytes"),
                v("RCV_WND", 0x04, "receive window offered to the peer, bytes"),
                v("WSCALE", 0x05, "window scale shifts: 3:0 send, 7:4 receive (read-only)"),
                v("KEEPALIVE_IDLE", 0x06, "idle time before the first keepalive probe, microseconds"),
                v("KEEPALIVE_INTVL", 0x07, "time between keepalive probes, microseconds"),
                v("KEEPALIVE_CNT", 0x08, "unanswered probes before the connection aborts with KEEPALIVE_TIMEOUT"),
                v("RTO_MIN", 0x09, "lower bound of the retransmission timeout, microseconds (RFC 6298)"),
                v("RTO_MAX", 0x0a, "upper bound of the retransmission timeout, microseconds"),
                v("RETX_MAX", 0x0b, "retransmissions of one segment before the connection aborts with TIMEOUT"),
                v("DELACK", 0x0c, "delayed ACK timeout, microseconds (0: ACK every segment)"),
                v("TOS", 0x0d, "IPv4 DSCP and ECN byte of sent segments"),
                v("TTL", 0x0e, "IPv4 time to live of sent segments"),
                v("SND_UNA", 0x0f, "oldest unacknowledged sequence number (read-only)"),
                v("SND_NXT", 0x10, "next sequence number to send (read-only)"),
                v("RCV_NXT", 0x11, "next sequence number expected (read-only)"),
                v("SND_WND", 0x12, "peer's window, bytes, scaled (read-only)"),
                v("CWND", 0x13, "congestion window, bytes (read-only)"),
                v("SRTT", 0x14, "smoothed round-trip time, microseconds (read-only)"),
                v("QPID", 0x15, "queue pair bound to the connection for RDMA mode"),
                v("PEER_MAC", 0x16, "next-hop MAC address, 47:0"),
                v("VLAN", 0x17, "802.1Q tag control information of sent frames (0: untagged)"),
                v("TX_CREDITS", 0x18, "send credits: TX_DATA bytes that may await acknowledgment (starts at CPL_TX_CREDITS)"),
                v("TX_BUF_ADDR", 0x19, "IOVA of the stream's circular send buffer in host memory"),
                v("TX_BUF_LOG", 0x1a, "log2 of the send buffer's size in bytes (12..=30; 0: no buffer)"),
                v("RX_BUF_ADDR", 0x1b, "IOVA of the stream's circular receive buffer in host memory"),
                v("RX_BUF_LOG", 0x1c, "log2 of the receive buffer's size in bytes (12..=30; 0: no buffer)"),
                v("CQN", 0x1d, "completion queue of the stream's TCP_TX_ACKED and TCP_RX completions"),
                v("STREAM", 0x1e, "diagnostics (read-only): 31:0 the send buffer's end (TX_END), 63:32 the receive buffer's read point (RX_READ)"),
                v("ENGINE", 0x1f, "diagnostics (read-only): bit 0 queued to send, 1 timer on, 2 FIN waits for the data, 3 FIN sent, 4 an RTT is being timed; 63:32 the timer's deadline (µs)"),
                v("TX_SEGS", 0x20, "per-connection counters (read-only): 31:0 segments sent with payload, 63:32 of them retransmissions (timeout, fast retransmit)"),
                v("RX_SEGS", 0x21, "per-connection counters (read-only): 31:0 segments received whose payload was taken in order, 63:32 out-of-order segments kept"),
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
                r("IPV4", 0x30, Ro, 0, "the port's IPv4 address (set by the firmware)"),
                r("EXC_FILTER", 0x34, Rw, 0x3, "exc_filter bits"),
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
                r("RX_EXCEPTION", 0xa0, Ro, 0, "received frames passed to the firmware"),
                r("RX_DROP_EXCEPTION", 0xa8, Ro, 0, "exception frames dropped: longer than FW_FRAME_MAX, or the firmware's buffer was full"),
                r("TX_FW_FRAMES", 0xb0, Ro, 0, "frames the firmware sent"),
                r("TCP_RX_SEGS", 0xb8, Ro, 0, "TCP segments to the port's address taken by the TCP engine"),
                r("TCP_RX_BAD_CSUM", 0xc0, Ro, 0, "TCP segments dropped for a bad IPv4 or TCP checksum (or a MAC error)"),
                r("TCP_RX_DROP", 0xc8, Ro, 0, "TCP segments dropped by the engine: unacceptable, for an aborted connection, no free connection id, or its queue full"),
                r("TCP_RST_SENT", 0xd0, Ro, 0, "RSTs the engine sent in answer to segments for no connection or bad ACKs"),
                r("TCP_TX_SEGS", 0xd8, Ro, 0, "segments the TCP engine sent"),
                r("TCP_CPL_BAD", 0xe0, Ro, 0, "CPL messages the TCP engine refused (unknown opcode, bad length, unknown id or wrong state), and stream doorbells it lost or that named no connection"),
            ],
            array: None,
        },
        Block {
            name: "TCP",
            base: 0x8000,
            type_id: 0x574e_0030,
            version: 0x0001_0000,
            doc: "TCP stream doorbells, one pair per connection id (tid): the host tells the engine how far it has written into the stream's send buffer and how far it has read from its receive buffer. Values are stream offsets: bytes since the stream's first byte, modulo 2^32.",
            regs: ARRAY_HEADER,
            array: Some(RegArray {
                base: 0x40,
                stride: 0x08,
                regs: TCP_DB_REGS,
            }),
        },
        Block {
            name: "RDMA",
            base: 0xb000,
            type_id: 0x574e_0040,
            version: 0x0001_0000,
            doc: "RDMA control: memory regions and queue pairs. Write the arguments into ARG, then an rdma_cmd into OP; STATUS tells when it is done and how.",
            regs: &[
                r("OP", 0x10, Wo, 0, "write an rdma_cmd to run it with the ARG words (ignored while BUSY)"),
                r("STATUS", 0x14, Ro, 0, "bit 0 BUSY, 15:8 rdma_cmd_status of the last command"),
                r("NUM_QP", 0x18, Ro, 0, "number of queue pairs"),
                r("NUM_MR", 0x1c, Ro, 0, "number of memory-region table entries"),
                r("ARG", 0x40, Rw, 0, "argument words 0..=15 at 0x40 + 4*i"),
                r("RSP", 0x80, Ro, 0, "result words 0..=3 at 0x80 + 4*i"),
            ],
            array: None,
        },
        Block {
            name: "QP",
            base: 0xc000,
            type_id: 0x574e_0041,
            version: 0x0001_0000,
            doc: "Queue-pair doorbells, one pair per QP: the producer index of its send and receive rings (free-running, 15:0).",
            regs: ARRAY_HEADER,
            array: Some(RegArray {
                base: 0x40,
                stride: 0x08,
                regs: QP_DB_REGS,
            }),
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
                w("flags", 18, 1, "cqe_flags (RDMA completions)"),
                w("rsvd0", 19, 1, "reserved"),
                w("timestamp", 20, 4, "core cycle counter (31:0) when the completion was generated; with flags IMM or INV: imm bits 31:0 instead"),
                w("imm_hi", 24, 4, "with flags IMM: imm bits 63:32"),
                w("rsvd1", 28, 3, "reserved"),
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
            name: "qp_error_info",
            size: 4,
            endian: Endian::Little,
            reference: "RFC 5040 §7",
            doc: "Why a queue pair entered ERROR: the Terminate it sent or received (QP_ERROR event data, QP_QUERY RSP1)",
            fields: &[
                w("ecode", 0, 1, "Terminate error code"),
                w("etype", 1, 1, "Terminate error type (3:0)"),
                w("layer", 2, 1, "term_layer (3:0)"),
                w("origin", 3, 1, "cpl_term_origin: PEER (received) or HARDWARE (ours, sent); 0: no Terminate"),
            ],
        },
        Layout {
            name: "rdma_sge",
            size: 16,
            endian: Endian::Little,
            reference: "warpnic",
            doc: "One scatter/gather entry of an RDMA work request",
            fields: &[
                w("addr", 0, 8, "Tagged Offset (the region's address space) of the first byte"),
                w("len", 8, 4, "bytes (0: the entry is unused)"),
                w("lkey", 12, 4, "STag of the local region that holds the bytes"),
            ],
        },
        Layout {
            name: "rdma_sq_wqe",
            size: 128,
            endian: Endian::Little,
            reference: "warpnic",
            doc: "RDMA send-queue entry: one message (two for RDMA_WRITE_IMM). Its gather entries are checked against the memory-region table (the QP's PD) when the hardware takes it",
            fields: &[
                w("wr_id", 0, 8, "opaque, returned in the CQE"),
                w("opcode", 8, 1, "rdma_wqe_opcode"),
                w("flags", 9, 1, "wqe_flags"),
                w("num_sge", 10, 1, "gather entries used (0..=RDMA_MAX_SGE)"),
                w("rsvd0", 11, 1, "reserved, zero"),
                w("inv_stag", 12, 4, "SEND_INV: the peer's STag to invalidate"),
                w("remote_addr", 16, 8, "RDMA_WRITE(_IMM), RDMA_READ: the peer's Tagged Offset"),
                w("rkey", 24, 4, "RDMA_WRITE(_IMM), RDMA_READ: the peer's STag"),
                w("rsvd1", 28, 4, "reserved, zero"),
                w("imm", 32, 8, "RDMA_WRITE_IMM, IMM_DATA: the 8 bytes (byte 0 on the wire in bits 63:56)"),
                w("rsvd2", 40, 8, "reserved, zero"),
                w("sge0", 48, 16, "rdma_sge 0"),
                w("sge1", 64, 16, "rdma_sge 1"),
                w("sge2", 80, 16, "rdma_sge 2"),
                w("sge3", 96, 16, "rdma_sge 3"),
                w("rsvd3", 112, 16, "reserved, zero"),
            ],
        },
        Layout {
            name: "rdma_rq_wqe",
            size: 128,
            endian: Endian::Little,
            reference: "warpnic",
            doc: "RDMA receive-queue entry: a receive buffer for one Send or Immediate Data message. Its entries are checked against the memory-region table (LOCAL_WRITE, the QP's PD) when the hardware takes it",
            fields: &[
                w("wr_id", 0, 8, "opaque, returned in the CQE"),
                w("num_sge", 8, 1, "scatter entries used (0..=RDMA_MAX_SGE)"),
                w("rsvd0", 9, 7, "reserved, zero"),
                w("sge0", 16, 16, "rdma_sge 0"),
                w("sge1", 32, 16, "rdma_sge 1"),
                w("sge2", 48, 16, "rdma_sge 2"),
                w("sge3", 64, 16, "rdma_sge 3"),
                w("rsvd1", 80, 32, "reserved, zero"),
                w("rsvd2", 112, 16, "reserved, zero"),
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
        Layout {
            name: "cpl_hdr",
            size: 8,
            endian: Endian::Little,
            reference: "warpnic (docs/cpl.md)",
            doc: "Common header of every CPL control message; the opcode's body (if any) and payload follow",
            fields: &[
                w("opcode", 0, 1, "cpl_opcode"),
                w("flags", 1, 1, "cpl_flags"),
                w("len", 2, 2, "message length in bytes: header, body and payload, padded to a multiple of 8"),
                w("id", 4, 4, "connection id (tid), or atid for ACT_OPEN_REQ/RPL, or stid for PASS_OPEN_*/CLOSE_LISTSRV_*"),
            ],
        },
        Layout {
            name: "cpl_act_open_req",
            size: 40,
            endian: Endian::Little,
            reference: "warpnic (docs/cpl.md)",
            doc: "ACT_OPEN_REQ body: open a connection; the hardware sends SYN",
            fields: &[
                w("local_ip", 0, 4, "local IPv4 address (192.0.2.1 is 0xc0000201)"),
                w("peer_ip", 4, 4, "peer IPv4 address"),
                w("local_port", 8, 2, "local TCP port"),
                w("peer_port", 10, 2, "peer TCP port"),
                w("mss", 12, 2, "MSS option to send, bytes (0: the port's MAX_FRAME less 54)"),
                w("tcp_opt", 14, 1, "cpl_tcp_opt"),
                w("rcv_wscale", 15, 1, "window scale shift to offer, 0..=14 (with WSCALE)"),
                w("rcv_wnd", 16, 4, "initial receive window, bytes"),
                w("iss", 20, 4, "initial send sequence number, chosen by the control plane (RFC 9293 §3.4.1)"),
                w("peer_mac", 24, 6, "next-hop MAC address, in wire order"),
                w("vlan", 30, 2, "802.1Q tag control information (0: untagged)"),
                w("tos", 32, 1, "IPv4 DSCP and ECN byte"),
                w("ttl", 33, 1, "IPv4 time to live (0: 64)"),
                w("ulp_mode", 34, 1, "cpl_ulp_mode"),
                w("rsvd0", 35, 1, "reserved, zero"),
                w("rsvd1", 36, 4, "reserved, zero"),
            ],
        },
        Layout {
            name: "cpl_act_open_rpl",
            size: 8,
            endian: Endian::Little,
            reference: "warpnic (docs/cpl.md)",
            doc: "ACT_OPEN_RPL body: the active open failed (success is reported by ACT_ESTABLISH); the atid is free",
            fields: &[
                w("status", 0, 1, "cpl_status"),
                w("rsvd0", 1, 1, "reserved, zero"),
                w("rsvd1", 2, 2, "reserved, zero"),
                w("tid", 4, 4, "connection id the open had used, now free (CPL_TID_NONE if none)"),
            ],
        },
        Layout {
            name: "cpl_act_establish",
            size: 24,
            endian: Endian::Little,
            reference: "warpnic (docs/cpl.md)",
            doc: "ACT_ESTABLISH body: the SYN-ACK arrived and was acknowledged; the connection is ESTABLISHED under the header's tid",
            fields: &[
                w("atid", 0, 4, "active open id of the ACT_OPEN_REQ, now free"),
                w("snd_isn", 4, 4, "our initial sequence number"),
                w("rcv_isn", 8, 4, "the peer's initial sequence number"),
                w("snd_wnd", 12, 4, "the peer's window, bytes, scaled"),
                w("mss", 16, 2, "effective MSS, bytes: the smaller of ours and the peer's"),
                w("tcp_opt", 18, 1, "cpl_tcp_opt"),
                w("snd_wscale", 19, 1, "the peer's window scale shift"),
                w("rcv_wscale", 20, 1, "our window scale shift"),
                w("rsvd0", 21, 1, "reserved, zero"),
                w("rsvd1", 22, 2, "reserved, zero"),
            ],
        },
        Layout {
            name: "cpl_pass_open_req",
            size: 24,
            endian: Endian::Little,
            reference: "warpnic (docs/cpl.md)",
            doc: "PASS_OPEN_REQ body: listen; SYNs that match become PASS_ACCEPT_REQ",
            fields: &[
                w("local_ip", 0, 4, "local IPv4 address to listen on (0: any)"),
                w("peer_ip", 4, 4, "accept SYNs from this address only (0: any)"),
                w("local_port", 8, 2, "local TCP port"),
                w("peer_port", 10, 2, "accept SYNs from this port only (0: any)"),
                w("mss", 12, 2, "MSS option for SYN-ACKs, bytes (0: the port's MAX_FRAME less 54)"),
                w("tcp_opt", 14, 1, "cpl_tcp_opt"),
                w("rcv_wscale", 15, 1, "window scale shift to offer, 0..=14"),
                w("rcv_wnd", 16, 4, "initial receive window of accepted connections, bytes"),
                w("rsvd0", 20, 4, "reserved, zero"),
            ],
        },
        Layout {
            name: "cpl_pass_open_rpl",
            size: 8,
            endian: Endian::Little,
            reference: "warpnic (docs/cpl.md)",
            doc: "PASS_OPEN_RPL body: the listener runs (SUCCESS) or the stid is free again",
            fields: &[
                w("status", 0, 1, "cpl_status"),
                w("rsvd0", 1, 1, "reserved, zero"),
                w("local_port", 2, 2, "the listening port, as requested"),
                w("rsvd1", 4, 4, "reserved, zero"),
            ],
        },
        Layout {
            name: "cpl_pass_accept_req",
            size: 40,
            endian: Endian::Little,
            reference: "warpnic (docs/cpl.md)",
            doc: "PASS_ACCEPT_REQ body: a SYN for a listener; the header's tid names the embryonic connection",
            fields: &[
                w("stid", 0, 4, "listener that matched"),
                w("local_ip", 4, 4, "local IPv4 address (the SYN's destination)"),
                w("peer_ip", 8, 4, "peer IPv4 address (the SYN's source)"),
                w("local_port", 12, 2, "local TCP port"),
                w("peer_port", 14, 2, "peer TCP port"),
                w("rcv_isn", 16, 4, "the peer's initial sequence number"),
                w("peer_wnd", 20, 2, "window field of the SYN (never scaled)"),
                w("peer_mss", 22, 2, "MSS option of the SYN, bytes (0: absent, RFC 9293 §3.7.1 default 536)"),
                w("tcp_opt", 24, 1, "cpl_tcp_opt"),
                w("snd_wscale", 25, 1, "window scale shift the SYN offered (with WSCALE)"),
                w("tos", 26, 1, "IPv4 DSCP and ECN byte of the SYN"),
                w("rsvd0", 27, 1, "reserved, zero"),
                w("peer_mac", 28, 6, "source MAC address of the SYN, in wire order"),
                w("vlan", 34, 2, "802.1Q tag control information of the SYN (0: untagged)"),
                w("rsvd1", 36, 4, "reserved, zero"),
            ],
        },
        Layout {
            name: "cpl_pass_accept_rpl",
            size: 16,
            endian: Endian::Little,
            reference: "warpnic (docs/cpl.md)",
            doc: "PASS_ACCEPT_RPL body: SUCCESS sends SYN-ACK; CONN_REFUSED sends RST; any other status drops the SYN; refusals free the tid",
            fields: &[
                w("status", 0, 1, "cpl_status"),
                w("tcp_opt", 1, 1, "cpl_tcp_opt"),
                w("rcv_wscale", 2, 1, "our window scale shift, 0..=14 (with WSCALE)"),
                w("tos", 3, 1, "IPv4 DSCP and ECN byte of the connection"),
                w("iss", 4, 4, "initial send sequence number, chosen by the control plane"),
                w("mss", 8, 2, "MSS option to send, bytes (0: the listener's)"),
                w("rsvd0", 10, 2, "reserved, zero"),
                w("rcv_wnd", 12, 4, "initial receive window, bytes (0: the listener's)"),
            ],
        },
        Layout {
            name: "cpl_pass_establish",
            size: 24,
            endian: Endian::Little,
            reference: "warpnic (docs/cpl.md)",
            doc: "PASS_ESTABLISH body: the ACK of our SYN-ACK arrived; the connection is ESTABLISHED under the header's tid",
            fields: &[
                w("stid", 0, 4, "listener that accepted the connection"),
                w("snd_isn", 4, 4, "our initial sequence number"),
                w("rcv_isn", 8, 4, "the peer's initial sequence number"),
                w("snd_wnd", 12, 4, "the peer's window, bytes, scaled"),
                w("mss", 16, 2, "effective MSS, bytes"),
                w("tcp_opt", 18, 1, "cpl_tcp_opt"),
                w("snd_wscale", 19, 1, "the peer's window scale shift"),
                w("rcv_wscale", 20, 1, "our window scale shift"),
                w("rsvd0", 21, 1, "reserved, zero"),
                w("rsvd1", 22, 2, "reserved, zero"),
            ],
        },
        Layout {
            name: "cpl_close_listsrv_rpl",
            size: 8,
            endian: Endian::Little,
            reference: "warpnic (docs/cpl.md)",
            doc: "CLOSE_LISTSRV_RPL body: the listener is stopped and its stid free; embryonic connections were reset",
            fields: &[
                w("status", 0, 1, "cpl_status"),
                w("rsvd0", 1, 1, "reserved, zero"),
                w("rsvd1", 2, 2, "reserved, zero"),
                w("dropped", 4, 4, "embryonic connections (SYN_RECEIVED) reset with the listener"),
            ],
        },
        Layout {
            name: "cpl_tx_data",
            size: 16,
            endian: Endian::Little,
            reference: "warpnic (docs/cpl.md)",
            doc: "TX_DATA body: queue data_len bytes for sending; they take data_len send credits until TX_DATA_ACK returns them",
            fields: &[
                w("data_len", 0, 4, "payload bytes"),
                w("tx_flags", 4, 1, "cpl_tx_flags"),
                w("rsvd0", 5, 1, "reserved, zero"),
                w("rsvd1", 6, 2, "reserved, zero"),
                w("addr", 8, 8, "IOVA of the payload, kept until its credits return (ignored with INLINE)"),
            ],
        },
        Layout {
            name: "cpl_tx_data_ack",
            size: 8,
            endian: Endian::Little,
            reference: "warpnic (docs/cpl.md)",
            doc: "TX_DATA_ACK body: the peer acknowledged sent data; its credits (and host buffers) are free",
            fields: &[
                w("credits", 0, 4, "bytes newly acknowledged"),
                w("snd_una", 4, 4, "oldest unacknowledged sequence number after this acknowledgment"),
            ],
        },
        Layout {
            name: "cpl_rx_data",
            size: 16,
            endian: Endian::Little,
            reference: "warpnic (docs/cpl.md)",
            doc: "RX_DATA body: data_len bytes of in-order stream data follow; they close the receive window until RX_DATA_ACK",
            fields: &[
                w("data_len", 0, 4, "payload bytes"),
                w("seq", 4, 4, "sequence number of the first payload byte"),
                w("tcp_flags", 8, 1, "tcp_flags"),
                w("rsvd0", 9, 1, "reserved, zero"),
                w("rsvd1", 10, 2, "reserved, zero"),
                w("rcv_wnd", 12, 4, "receive window still open after this data, bytes"),
            ],
        },
        Layout {
            name: "cpl_rx_data_ack",
            size: 8,
            endian: Endian::Little,
            reference: "warpnic (docs/cpl.md)",
            doc: "RX_DATA_ACK body: the control plane consumed received data; the window grows by credits",
            fields: &[
                w("credits", 0, 4, "bytes consumed"),
                w("ack_flags", 4, 1, "cpl_rx_ack_flags"),
                w("rsvd0", 5, 1, "reserved, zero"),
                w("rsvd1", 6, 2, "reserved, zero"),
            ],
        },
        Layout {
            name: "cpl_close_con_rpl",
            size: 16,
            endian: Endian::Little,
            reference: "warpnic (docs/cpl.md)",
            doc: "CLOSE_CON_RPL body: our FIN was acknowledged; in TIME_WAIT or CLOSED the tid is free",
            fields: &[
                w("status", 0, 1, "cpl_status"),
                w("state", 1, 1, "tcp_state"),
                w("rsvd0", 2, 2, "reserved, zero"),
                w("snd_nxt", 4, 4, "sequence number after our FIN"),
                w("rcv_nxt", 8, 4, "next sequence number expected from the peer"),
                w("rsvd1", 12, 4, "reserved, zero"),
            ],
        },
        Layout {
            name: "cpl_peer_close",
            size: 8,
            endian: Endian::Little,
            reference: "warpnic (docs/cpl.md)",
            doc: "PEER_CLOSE body: the peer's FIN arrived after all its data",
            fields: &[
                w("rcv_nxt", 0, 4, "sequence number after the peer's FIN"),
                w("state", 4, 1, "tcp_state"),
                w("rsvd0", 5, 1, "reserved, zero"),
                w("rsvd1", 6, 2, "reserved, zero"),
            ],
        },
        Layout {
            name: "cpl_abort_req",
            size: 8,
            endian: Endian::Little,
            reference: "warpnic (docs/cpl.md)",
            doc: "ABORT_REQ body: to hardware, reset the connection; to the control plane, the connection was reset or timed out",
            fields: &[
                w("status", 0, 1, "cpl_status"),
                w("abort_flags", 1, 1, "cpl_abort_flags"),
                w("rsvd0", 2, 2, "reserved, zero"),
                w("snd_nxt", 4, 4, "sequence number of the RST (sent or to send)"),
            ],
        },
        Layout {
            name: "cpl_abort_rpl",
            size: 8,
            endian: Endian::Little,
            reference: "warpnic (docs/cpl.md)",
            doc: "ABORT_RPL body: the abort is done and the tid is free",
            fields: &[
                w("status", 0, 1, "cpl_status"),
                w("rsvd0", 1, 1, "reserved, zero"),
                w("rsvd1", 2, 2, "reserved, zero"),
                w("rsvd2", 4, 4, "reserved, zero"),
            ],
        },
        Layout {
            name: "cpl_set_tcb_field",
            size: 24,
            endian: Endian::Little,
            reference: "warpnic (docs/cpl.md)",
            doc: "SET_TCB_FIELD body: field = (field & !mask) | (value & mask); a zero mask reads the field",
            fields: &[
                w("field", 0, 1, "tcb_field"),
                w("rsvd0", 1, 1, "reserved, zero"),
                w("cookie", 2, 2, "opaque, returned in SET_TCB_RPL"),
                w("rsvd1", 4, 4, "reserved, zero"),
                w("mask", 8, 8, "bits of the field to write"),
                w("value", 16, 8, "new bits, right-aligned"),
            ],
        },
        Layout {
            name: "cpl_set_tcb_rpl",
            size: 16,
            endian: Endian::Little,
            reference: "warpnic (docs/cpl.md)",
            doc: "SET_TCB_RPL body: the result of a SET_TCB_FIELD",
            fields: &[
                w("status", 0, 1, "cpl_status"),
                w("field", 1, 1, "tcb_field"),
                w("cookie", 2, 2, "cookie of the request"),
                w("rsvd0", 4, 4, "reserved, zero"),
                w("value", 8, 8, "the field's value after the write"),
            ],
        },
        Layout {
            name: "cpl_rdma_terminate",
            size: 8,
            endian: Endian::Little,
            reference: "warpnic (docs/cpl.md), RFC 5040 §4.8",
            doc: "RDMA_TERMINATE body: the Terminate's codes; data_len bytes of its DDP/RDMAP headers and the faulting headers follow",
            fields: &[
                w("layer", 0, 1, "term_layer"),
                w("etype", 1, 1, "error type of that layer (term_etype_*)"),
                w("ecode", 2, 1, "error code (term_ecode_*)"),
                w("origin", 3, 1, "cpl_term_origin"),
                w("data_len", 4, 4, "payload bytes"),
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
            reference: "RFC 5044 §7.1; RFC 6581, enhanced MPA frames",
            doc: "MPA request/reply frame header, followed by pd_length bytes of private data",
            fields: &[
                f("key", 0, 16, 0, 128, "\"MPA ID Req Frame\" or \"MPA ID Rep Frame\""),
                w("flags", 16, 1, "mpa_flags (M, C, R, enhanced); bits 3:0 reserved, sent as zero, not checked"),
                w("revision", 17, 1, "MPA revision, 1 or 2"),
                w("pd_length", 18, 2, "private data length, at most 512"),
            ],
        },
        Layout {
            name: "mpa_v2_ird_ord",
            size: 4,
            endian: Endian::Big,
            reference: "RFC 6581, enhanced connection establishment data",
            doc: "Enhanced connection setup data: the first 4 octets of the private data of a revision 2 frame with the enhanced flag; IRD and ORD are 14 bits",
            fields: &[
                f("peer_to_peer", 0, 2, 15, 1, "A: peer-to-peer connection model (IRD word bit 15)"),
                f("send_rtr", 0, 2, 14, 1, "B: RTR as a zero-length Send FPDU (IRD word bit 14)"),
                f("ird", 0, 2, 0, 14, "IRD: inbound RDMA Read queue depth"),
                f("zero_len_rdma_write", 2, 2, 15, 1, "C: RTR as a zero-length RDMA Write (ORD word bit 15)"),
                f("rdma_read_rtr", 2, 2, 14, 1, "D: RTR as a zero-length RDMA Read Request (ORD word bit 14)"),
                f("ord", 2, 2, 0, 14, "ORD: outbound RDMA Read queue depth"),
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
            name: "mpa_marker",
            size: 4,
            endian: Endian::Big,
            reference: "RFC 5044 §4.3",
            doc: "MPA marker, inserted every 512 octets of the TCP stream when the receiver asked for markers",
            fields: &[
                w("rsvd", 0, 2, "reserved, zero"),
                w("fpduptr", 2, 2, "octets back from the marker to the start of the FPDU's ULPDU_Length"),
            ],
        },
        Layout {
            name: "ddp_ctrl",
            size: 1,
            endian: Endian::Big,
            reference: "RFC 5041 §5.1",
            doc: "DDP control field, the first octet of every DDP segment",
            fields: &[
                f("tagged", 0, 1, 7, 1, "T: tagged buffer model"),
                f("last", 0, 1, 6, 1, "L: last segment of the DDP message"),
                f("rsvd", 0, 1, 2, 4, "reserved, zero"),
                f("ddp_version", 0, 1, 0, 2, "DV: DDP version, 1"),
            ],
        },
        Layout {
            name: "rdmap_ctrl",
            size: 1,
            endian: Endian::Big,
            reference: "RFC 5040 §4.1",
            doc: "RDMAP control field: the first octet of DDP's RsvdULP",
            fields: &[
                f("rdmap_version", 0, 1, 6, 2, "RV: RDMAP version, 1"),
                f("rsvd", 0, 1, 4, 2, "reserved, zero"),
                f("opcode", 0, 1, 0, 4, "rdmap_opcode"),
            ],
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
