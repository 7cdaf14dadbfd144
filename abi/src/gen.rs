// generated from abi/src/spec.rs by `cargo xtask gen`; do not edit.
//! Constants, protocol codes, the BAR0 register map, descriptors and wire
//! header views, generated from [`crate::spec`].
//!
//! Descriptors are `#[repr(C)]` structs with explicit little-endian
//! `to_bytes`/`from_bytes`; wire headers are zero-copy big-endian views
//! over a byte buffer (`new_checked` verifies the length once, the
//! accessors then index within it); the commands' argument and result
//! words are structs with checked `to_words`/`from_words`.
//! `docs/abi.md` is the reference.

/// Hash (32-bit FNV-1a) of the ABI description; the ID block's `BUILD_ID`
/// register must read the same value.
pub const BUILD_ID: u32 = 0x247b_779e;

/// A buffer is shorter than the header it should hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Truncated;

impl core::fmt::Display for Truncated {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("buffer shorter than the header")
    }
}

/// `N` bytes of `b` from `off`.
#[inline]
fn bytes_at<const N: usize>(b: &[u8], off: usize) -> [u8; N] {
    let mut out = [0u8; N];
    out.copy_from_slice(&b[off..off + N]);
    out
}

/// ABI version: major 31:16, minor 15:0.
pub const ABI_VERSION: u32 = 0x0001_0000;

/// Bytes of BAR0.
pub const BAR0_SIZE: u32 = 0x0001_0000;

/// Datapath width in bits.
pub const DATA_WIDTH: u32 = 512;

/// Flagship core clock.
pub const CLOCK_MHZ: u32 = 250;

/// Largest Ethernet frame including FCS, bytes.
pub const MAX_FRAME: u32 = 9018;

/// Smallest Ethernet frame without FCS, bytes (the MAC pads shorter ones).
pub const MIN_FRAME: u32 = 60;

/// Largest log2 ring size of any queue.
pub const MAX_LOG_QUEUE_SIZE: u32 = 15;

/// Bytes of a send-queue entry.
pub const SQ_WQE_SIZE: u32 = 32;

/// Bytes of a receive-queue entry.
pub const RQ_WQE_SIZE: u32 = 32;

/// Bytes of a completion entry.
pub const CQE_SIZE: u32 = 32;

/// Bytes of an RDMA send- or receive-queue entry (a queue pair's rings).
pub const RDMA_WQE_SIZE: u32 = 128;

/// Scatter/gather entries of an RDMA work request.
pub const RDMA_MAX_SGE: u32 = 4;

/// RDMA Read Requests a queue pair answers at once at most (its IRD): the transmit side's message log keeps that many entries for READ RESPONSEs.
pub const RDMA_MAX_IRD: u32 = 16;

/// RDMA Read Requests a queue pair has outstanding at most (its ORD): the transmit side's outstanding-read queue holds that many.
pub const RDMA_MAX_ORD: u32 = 16;

/// Argument words of an RDMA command (block RDMA, ARG).
pub const RDMA_CMD_ARGS: u32 = 16;

/// Result words of an RDMA command (block RDMA, RSP).
pub const RDMA_CMD_RSP: u32 = 4;

/// Bytes of an event entry.
pub const EQE_SIZE: u32 = 16;

/// 32-bit words of the largest mailbox message, header included.
pub const FW_MSG_MAX_WORDS: u32 = 16;

/// Largest single DMA read request, bytes.
pub const DMA_MAX_READ: u32 = 4096;

/// Block type: identification and build ID.
pub const BLOCK_ID: u32 = 0x574e_0001;

/// Block type: port control and error capture.
pub const BLOCK_CTRL: u32 = 0x574e_0002;

/// Block type: firmware mailbox.
pub const BLOCK_MBOX: u32 = 0x574e_0003;

/// Block type: raw send queues.
pub const BLOCK_SQ: u32 = 0x574e_0010;

/// Block type: raw receive queues.
pub const BLOCK_RQ: u32 = 0x574e_0011;

/// Block type: completion queues.
pub const BLOCK_CQ: u32 = 0x574e_0012;

/// Block type: event queues and interrupts.
pub const BLOCK_EQ: u32 = 0x574e_0013;

/// Block type: 64-bit counters.
pub const BLOCK_STATS: u32 = 0x574e_0020;

/// Firmware interface version.
pub const FW_VERSION: u32 = 0x0001_0000;

/// Firmware window: reads FW_REG_ID_VALUE.
pub const FW_REG_ID: u32 = 0;

/// Value of FW_REG_ID.
pub const FW_REG_ID_VALUE: u32 = 0x574e_4657;

/// Firmware window: port MAC address bits 31:0 (read-write).
pub const FW_REG_MAC_LO: u32 = 4;

/// Firmware window: port MAC address bits 47:32 (read-write).
pub const FW_REG_MAC_HI: u32 = 8;

/// Firmware window: cycle counter bits 31:0 (reading latches the high half).
pub const FW_REG_CYCLES_LO: u32 = 12;

/// Firmware window: cycle counter bits 63:32, as latched.
pub const FW_REG_CYCLES_HI: u32 = 16;

/// Firmware window: scratch register.
pub const FW_REG_SCRATCH: u32 = 20;

/// Firmware window: the core's BUILD_ID.
pub const FW_REG_BUILD_ID: u32 = 24;

/// Firmware window: the port's IPv4 address (read-write); the core steers ICMP to it to the firmware.
pub const FW_REG_IPV4: u32 = 28;

/// Firmware window: TCP engine, initial retransmission timeout of SYN and SYN-ACK, microseconds (RFC 6298 2.1; reset 1000000).
pub const FW_REG_TCP_RTO_INIT: u32 = 32;

/// Firmware window: TCP engine, lower bound of the retransmission timeout of new connections, microseconds (reset 200000).
pub const FW_REG_TCP_RTO_MIN: u32 = 36;

/// Firmware window: TCP engine, upper bound of the retransmission timeout, microseconds (reset 60000000).
pub const FW_REG_TCP_RTO_MAX: u32 = 40;

/// Firmware window: TCP engine, 7:0 SYN and SYN-ACK retransmissions before the open fails, 15:8 retransmissions of one segment before TIMEOUT (reset 0x0f06).
pub const FW_REG_TCP_RETRIES: u32 = 44;

/// Firmware window: TCP engine, TIME_WAIT duration (2 MSL), microseconds (reset 60000000).
pub const FW_REG_TCP_TIME_WAIT: u32 = 48;

/// Firmware window: TCP engine, its microsecond clock (read-only).
pub const FW_REG_TCP_TIME_US: u32 = 52;

/// Firmware window: TCP engine, 15:0 connection ids (NumConns), 23:16 listener slots (read-only).
pub const FW_REG_TCP_CONNS: u32 = 56;

/// Largest frame (without FCS) carried between the core and the firmware, bytes.
pub const FW_FRAME_MAX: u32 = 2048;

/// Bytes of the common CPL message header.
pub const CPL_HDR_SIZE: u32 = 8;

/// A connection, active-open or server id that names nothing.
pub const CPL_TID_NONE: u32 = 0xffff_ffff;

/// Largest CPL message in bytes (header, body and payload; a multiple of 8).
pub const CPL_MAX_LEN: u32 = 65528;

/// Send credits of a new connection, bytes.
pub const CPL_TX_CREDITS: u32 = 0x0004_0000;

/// Send-queue work request operation (warpnic).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WqeOpcode {
    /// No operation; completes without sending.
    Nop = 0x00,
    /// Send one Ethernet frame (without FCS) from host memory.
    RawSend = 0x01,
}

impl WqeOpcode {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[Self::Nop, Self::RawSend];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Nop => "NOP",
            Self::RawSend => "RAW_SEND",
        }
    }
}

impl TryFrom<u8> for WqeOpcode {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x00 => Ok(Self::Nop),
            0x01 => Ok(Self::RawSend),
            other => Err(other),
        }
    }
}

impl From<WqeOpcode> for u8 {
    fn from(v: WqeOpcode) -> u8 {
        v as u8
    }
}

/// RDMA send-queue work request operation (warpnic (RFC 5040, RFC 7306)).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RdmaWqeOpcode {
    /// RDMA Write of the gather list to rkey/remote_addr.
    RdmaWrite = 0x10,
    /// RDMA Write, then an Immediate Data message with imm (RFC 7306 write with immediate data).
    RdmaWriteImm = 0x11,
    /// Send of the gather list (SOLICITED: Send with Solicited Event).
    Send = 0x12,
    /// Send with Invalidate of inv_stag.
    SendInv = 0x13,
    /// RDMA Read Request: rkey/remote_addr to the local sink (one entry: lkey/addr/len; the sink must allow REMOTE_WRITE).
    RdmaRead = 0x14,
    /// Immediate Data message with imm (RFC 7306).
    ImmData = 0x15,
    /// Invalidate the local fast-register region inv_stag (of the QP's PD); runs once the QP's earlier messages are acknowledged.
    LocalInv = 0x16,
    /// Fast-register (layout rdma_sq_wqe_fr): make a FAST_REG region of the QP's PD valid with a new key, rights, base, length and IOVA; runs once the earlier messages are acknowledged.
    FastReg = 0x17,
}

impl RdmaWqeOpcode {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[
        Self::RdmaWrite,
        Self::RdmaWriteImm,
        Self::Send,
        Self::SendInv,
        Self::RdmaRead,
        Self::ImmData,
        Self::LocalInv,
        Self::FastReg,
    ];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::RdmaWrite => "RDMA_WRITE",
            Self::RdmaWriteImm => "RDMA_WRITE_IMM",
            Self::Send => "SEND",
            Self::SendInv => "SEND_INV",
            Self::RdmaRead => "RDMA_READ",
            Self::ImmData => "IMM_DATA",
            Self::LocalInv => "LOCAL_INV",
            Self::FastReg => "FAST_REG",
        }
    }
}

impl TryFrom<u8> for RdmaWqeOpcode {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x10 => Ok(Self::RdmaWrite),
            0x11 => Ok(Self::RdmaWriteImm),
            0x12 => Ok(Self::Send),
            0x13 => Ok(Self::SendInv),
            0x14 => Ok(Self::RdmaRead),
            0x15 => Ok(Self::ImmData),
            0x16 => Ok(Self::LocalInv),
            0x17 => Ok(Self::FastReg),
            other => Err(other),
        }
    }
}

impl From<RdmaWqeOpcode> for u8 {
    fn from(v: RdmaWqeOpcode) -> u8 {
        v as u8
    }
}

/// Send-queue work request flags (warpnic).
pub mod wqe_flags {
    /// Write a CQE on success (errors always complete).
    pub const SIGNALED: u8 = 0x01;
    /// RDMA: Send or Immediate Data with Solicited Event.
    pub const SOLICITED: u8 = 0x02;
}

/// Operation a completion reports (warpnic).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CqeOpcode {
    /// A send-queue work request completed.
    Send = 0x01,
    /// A receive buffer was filled (or failed).
    Recv = 0x02,
    /// A NOP work request completed.
    Nop = 0x03,
    /// The peer acknowledged stream bytes: queue = tid, wr_id = the stream offset acknowledged (send buffer space up to it is free), byte_len = bytes newly acknowledged.
    TcpTxAcked = 0x10,
    /// Stream bytes are in the receive buffer: queue = tid, wr_id = the stream offset after them, byte_len = bytes.
    TcpRx = 0x11,
    /// A Send (any variant) filled an RDMA receive work request: queue = QP, byte_len = the message's bytes; flags tell SE and an invalidated STag.
    RdmaRecv = 0x20,
    /// An Immediate Data message (RFC 7306) consumed an RDMA receive work request: queue = QP, the 8 bytes in imm.
    RdmaRecvImm = 0x21,
    /// A SEND or SEND_INV work request completed (the peer acknowledged its last byte).
    RdmaSend = 0x22,
    /// An RDMA_WRITE or RDMA_WRITE_IMM work request completed (acknowledged).
    RdmaWrite = 0x23,
    /// An RDMA_READ work request completed: the READ RESPONSE's last byte is placed.
    RdmaRead = 0x24,
    /// An IMM_DATA work request completed (acknowledged).
    RdmaImm = 0x25,
    /// A LOCAL_INV work request completed.
    LocalInv = 0x26,
    /// A FAST_REG work request completed.
    FastReg = 0x27,
}

impl CqeOpcode {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[
        Self::Send,
        Self::Recv,
        Self::Nop,
        Self::TcpTxAcked,
        Self::TcpRx,
        Self::RdmaRecv,
        Self::RdmaRecvImm,
        Self::RdmaSend,
        Self::RdmaWrite,
        Self::RdmaRead,
        Self::RdmaImm,
        Self::LocalInv,
        Self::FastReg,
    ];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Send => "SEND",
            Self::Recv => "RECV",
            Self::Nop => "NOP",
            Self::TcpTxAcked => "TCP_TX_ACKED",
            Self::TcpRx => "TCP_RX",
            Self::RdmaRecv => "RDMA_RECV",
            Self::RdmaRecvImm => "RDMA_RECV_IMM",
            Self::RdmaSend => "RDMA_SEND",
            Self::RdmaWrite => "RDMA_WRITE",
            Self::RdmaRead => "RDMA_READ",
            Self::RdmaImm => "RDMA_IMM",
            Self::LocalInv => "LOCAL_INV",
            Self::FastReg => "FAST_REG",
        }
    }
}

impl TryFrom<u8> for CqeOpcode {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x01 => Ok(Self::Send),
            0x02 => Ok(Self::Recv),
            0x03 => Ok(Self::Nop),
            0x10 => Ok(Self::TcpTxAcked),
            0x11 => Ok(Self::TcpRx),
            0x20 => Ok(Self::RdmaRecv),
            0x21 => Ok(Self::RdmaRecvImm),
            0x22 => Ok(Self::RdmaSend),
            0x23 => Ok(Self::RdmaWrite),
            0x24 => Ok(Self::RdmaRead),
            0x25 => Ok(Self::RdmaImm),
            0x26 => Ok(Self::LocalInv),
            0x27 => Ok(Self::FastReg),
            other => Err(other),
        }
    }
}

impl From<CqeOpcode> for u8 {
    fn from(v: CqeOpcode) -> u8 {
        v as u8
    }
}

/// Completion status; also the error code of a queue in ERROR (warpnic).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CqeStatus {
    /// Completed.
    Success = 0x00,
    /// Length of zero or above MAX_FRAME (send), or a frame larger than the buffer (receive).
    LocLenErr = 0x01,
    /// A DMA read or write of the buffer was refused by the IOMMU.
    LocProtErr = 0x02,
    /// The work queue entry could not be read by DMA.
    WqeFetchErr = 0x03,
    /// Unknown work request opcode.
    BadOpcode = 0x04,
    /// The doorbell posted more entries than the ring holds.
    DoorbellErr = 0x05,
    /// The work request was flushed because the queue is in error.
    Flushed = 0x06,
    /// The completion queue was full.
    CqOverflow = 0x07,
    /// The completion queue is disabled or in error.
    CqErr = 0x08,
    /// The peer's message violated the QP's rules (it was answered with TERMINATE): the work request is lost with the QP.
    RemAccessErr = 0x09,
}

impl CqeStatus {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[
        Self::Success,
        Self::LocLenErr,
        Self::LocProtErr,
        Self::WqeFetchErr,
        Self::BadOpcode,
        Self::DoorbellErr,
        Self::Flushed,
        Self::CqOverflow,
        Self::CqErr,
        Self::RemAccessErr,
    ];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Success => "SUCCESS",
            Self::LocLenErr => "LOC_LEN_ERR",
            Self::LocProtErr => "LOC_PROT_ERR",
            Self::WqeFetchErr => "WQE_FETCH_ERR",
            Self::BadOpcode => "BAD_OPCODE",
            Self::DoorbellErr => "DOORBELL_ERR",
            Self::Flushed => "FLUSHED",
            Self::CqOverflow => "CQ_OVERFLOW",
            Self::CqErr => "CQ_ERR",
            Self::RemAccessErr => "REM_ACCESS_ERR",
        }
    }
}

impl TryFrom<u8> for CqeStatus {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x00 => Ok(Self::Success),
            0x01 => Ok(Self::LocLenErr),
            0x02 => Ok(Self::LocProtErr),
            0x03 => Ok(Self::WqeFetchErr),
            0x04 => Ok(Self::BadOpcode),
            0x05 => Ok(Self::DoorbellErr),
            0x06 => Ok(Self::Flushed),
            0x07 => Ok(Self::CqOverflow),
            0x08 => Ok(Self::CqErr),
            0x09 => Ok(Self::RemAccessErr),
            other => Err(other),
        }
    }
}

impl From<CqeStatus> for u8 {
    fn from(v: CqeStatus) -> u8 {
        v as u8
    }
}

/// State of a work, completion or event queue (warpnic).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QueueState {
    /// Disabled; pointers at zero.
    Reset = 0x00,
    /// Enabled and processing.
    Ready = 0x01,
    /// Stopped by an error; write CTRL=0 then re-enable.
    Error = 0x02,
}

impl QueueState {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[Self::Reset, Self::Ready, Self::Error];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Reset => "RESET",
            Self::Ready => "READY",
            Self::Error => "ERROR",
        }
    }
}

impl TryFrom<u8> for QueueState {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x00 => Ok(Self::Reset),
            0x01 => Ok(Self::Ready),
            0x02 => Ok(Self::Error),
            other => Err(other),
        }
    }
}

impl From<QueueState> for u8 {
    fn from(v: QueueState) -> u8 {
        v as u8
    }
}

/// Event type (warpnic).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EqeType {
    /// An armed CQ received a CQE; source = CQ number.
    CqCompletion = 0x01,
    /// A send queue entered ERROR; source = SQ, data = cqe_status.
    SqError = 0x02,
    /// A receive queue entered ERROR; source = RQ, data = cqe_status.
    RqError = 0x03,
    /// A completion queue entered ERROR; source = CQ, data = cqe_status.
    CqError = 0x04,
    /// The firmware mailbox holds a response.
    FwResponse = 0x05,
    /// A queue pair entered ERROR (posted to EQ 0); source = QP, data = qp_error_info.
    QpError = 0x06,
    /// A queue pair in SQD has no send work request in progress: every one taken before the drain completed, no RDMA Read outstanding (posted to EQ 0, once per entry into SQD; IBV_EVENT_SQ_DRAINED); source = QP.
    SqDrained = 0x07,
}

impl EqeType {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[
        Self::CqCompletion,
        Self::SqError,
        Self::RqError,
        Self::CqError,
        Self::FwResponse,
        Self::QpError,
        Self::SqDrained,
    ];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::CqCompletion => "CQ_COMPLETION",
            Self::SqError => "SQ_ERROR",
            Self::RqError => "RQ_ERROR",
            Self::CqError => "CQ_ERROR",
            Self::FwResponse => "FW_RESPONSE",
            Self::QpError => "QP_ERROR",
            Self::SqDrained => "SQ_DRAINED",
        }
    }
}

impl TryFrom<u8> for EqeType {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x01 => Ok(Self::CqCompletion),
            0x02 => Ok(Self::SqError),
            0x03 => Ok(Self::RqError),
            0x04 => Ok(Self::CqError),
            0x05 => Ok(Self::FwResponse),
            0x06 => Ok(Self::QpError),
            0x07 => Ok(Self::SqDrained),
            other => Err(other),
        }
    }
}

impl From<EqeType> for u8 {
    fn from(v: EqeType) -> u8 {
        v as u8
    }
}

/// Flags of an RDMA completion (cqe.flags) (warpnic).
pub mod cqe_flags {
    /// The Send or Immediate Data asked for a solicited event.
    pub const SE: u8 = 0x01;
    /// A Send with Invalidate invalidated the STag in imm bits 31:0.
    pub const INV: u8 = 0x02;
    /// Imm holds the 8 bytes of RFC 7306 Immediate Data (byte 0 in bits 63:56).
    pub const IMM: u8 = 0x04;
}

/// State of an RDMA queue pair (warpnic (verbs, RFC 5040 §6)).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QpState {
    /// No connection; nothing is received or sent, contexts cleared.
    Reset = 0x00,
    /// Attributes set, receive work requests may be posted.
    Init = 0x01,
    /// Ready to receive: bound to its connection, FPDUs are placed.
    Rtr = 0x02,
    /// Ready to send and receive.
    Rts = 0x03,
    /// Send queue drained; receiving goes on.
    Sqd = 0x04,
    /// Send queue error; receiving goes on.
    Sqe = 0x05,
    /// Stopped: a TERMINATE was sent or received, or the stream failed; posted work requests complete as FLUSHED.
    Error = 0x06,
}

impl QpState {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[
        Self::Reset,
        Self::Init,
        Self::Rtr,
        Self::Rts,
        Self::Sqd,
        Self::Sqe,
        Self::Error,
    ];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Reset => "RESET",
            Self::Init => "INIT",
            Self::Rtr => "RTR",
            Self::Rts => "RTS",
            Self::Sqd => "SQD",
            Self::Sqe => "SQE",
            Self::Error => "ERROR",
        }
    }
}

impl TryFrom<u8> for QpState {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x00 => Ok(Self::Reset),
            0x01 => Ok(Self::Init),
            0x02 => Ok(Self::Rtr),
            0x03 => Ok(Self::Rts),
            0x04 => Ok(Self::Sqd),
            0x05 => Ok(Self::Sqe),
            0x06 => Ok(Self::Error),
            other => Err(other),
        }
    }
}

impl From<QpState> for u8 {
    fn from(v: QpState) -> u8 {
        v as u8
    }
}

/// Access rights of a memory region (RDMA command MR_REG) (warpnic (verbs access flags, RFC 5040 §8)).
pub mod mr_access {
    /// The NIC may write the region for the local QP (receive buffers, READ sinks).
    pub const LOCAL_WRITE: u8 = 0x01;
    /// A peer may READ from the region.
    pub const REMOTE_READ: u8 = 0x02;
    /// A peer may WRITE into the region (needs LOCAL_WRITE).
    pub const REMOTE_WRITE: u8 = 0x04;
    /// Allocated for fast-register work requests: starts INVALID, may be invalidated locally or remotely.
    pub const FAST_REG: u8 = 0x08;
}

/// Commands of the RDMA block: write the arguments into ARG, then the command into OP (warpnic (docs/iwarp.md)).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RdmaCmd {
    /// Register a region (arguments rdma_mr_reg_args).
    MrReg = 0x01,
    /// Free a region (arguments rdma_stag_args).
    MrDereg = 0x02,
    /// Invalidate a fast-register region (arguments rdma_mr_inv_args).
    MrInv = 0x03,
    /// Change a QP's state, and on RESET to INIT set its attributes (arguments rdma_qp_modify_args).
    QpModify = 0x04,
    /// Read a QP's state and counters (arguments rdma_qp_args, result rdma_qp_query_rsp).
    QpQuery = 0x05,
}

impl RdmaCmd {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[
        Self::MrReg,
        Self::MrDereg,
        Self::MrInv,
        Self::QpModify,
        Self::QpQuery,
    ];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::MrReg => "MR_REG",
            Self::MrDereg => "MR_DEREG",
            Self::MrInv => "MR_INV",
            Self::QpModify => "QP_MODIFY",
            Self::QpQuery => "QP_QUERY",
        }
    }
}

impl TryFrom<u8> for RdmaCmd {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x01 => Ok(Self::MrReg),
            0x02 => Ok(Self::MrDereg),
            0x03 => Ok(Self::MrInv),
            0x04 => Ok(Self::QpModify),
            0x05 => Ok(Self::QpQuery),
            other => Err(other),
        }
    }
}

impl From<RdmaCmd> for u8 {
    fn from(v: RdmaCmd) -> u8 {
        v as u8
    }
}

/// Result of an RDMA command (block RDMA, STATUS 15:8) (warpnic (docs/iwarp.md)).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RdmaCmdStatus {
    /// Done.
    Ok = 0x00,
    /// STag index out of range, no region, or key mismatch.
    BadStag = 0x01,
    /// The region belongs to another protection domain.
    PdMismatch = 0x02,
    /// Not a fast-register region.
    NotAllowed = 0x03,
    /// The region is in the wrong state for the command.
    MrState = 0x04,
    /// A length, base or right the table cannot take (REMOTE_WRITE without LOCAL_WRITE, base + length past 2^64).
    BadArg = 0x05,
    /// QP number out of range.
    BadQp = 0x06,
    /// The QP cannot go from its state to the one asked, or attributes outside RESET to INIT.
    BadTransition = 0x07,
    /// Unknown command.
    BadCmd = 0x08,
}

impl RdmaCmdStatus {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[
        Self::Ok,
        Self::BadStag,
        Self::PdMismatch,
        Self::NotAllowed,
        Self::MrState,
        Self::BadArg,
        Self::BadQp,
        Self::BadTransition,
        Self::BadCmd,
    ];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Ok => "OK",
            Self::BadStag => "BAD_STAG",
            Self::PdMismatch => "PD_MISMATCH",
            Self::NotAllowed => "NOT_ALLOWED",
            Self::MrState => "MR_STATE",
            Self::BadArg => "BAD_ARG",
            Self::BadQp => "BAD_QP",
            Self::BadTransition => "BAD_TRANSITION",
            Self::BadCmd => "BAD_CMD",
        }
    }
}

impl TryFrom<u8> for RdmaCmdStatus {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x00 => Ok(Self::Ok),
            0x01 => Ok(Self::BadStag),
            0x02 => Ok(Self::PdMismatch),
            0x03 => Ok(Self::NotAllowed),
            0x04 => Ok(Self::MrState),
            0x05 => Ok(Self::BadArg),
            0x06 => Ok(Self::BadQp),
            0x07 => Ok(Self::BadTransition),
            0x08 => Ok(Self::BadCmd),
            other => Err(other),
        }
    }
}

impl From<RdmaCmdStatus> for u8 {
    fn from(v: RdmaCmdStatus) -> u8 {
        v as u8
    }
}

/// Bits of the CTRL block's CONTROL register (warpnic).
pub mod ctrl_flags {
    /// The transmit path runs.
    pub const TX_ENABLE: u32 = 0x0001;
    /// The receive path accepts frames.
    pub const RX_ENABLE: u32 = 0x0002;
}

/// Bits of the CTRL block's EXC_FILTER register: received frames steered to the firmware instead of a receive queue (warpnic).
pub mod exc_filter {
    /// Every ARP frame the address filter accepts.
    pub const ARP: u32 = 0x0001;
    /// IPv4 ICMP addressed to the port's IPv4 address.
    pub const ICMP: u32 = 0x0002;
}

/// Bits of the CTRL block's RX_FILTER register (warpnic).
pub mod rx_filter {
    /// Accept every destination address.
    pub const PROMISC: u32 = 0x0001;
    /// Accept ff:ff:ff:ff:ff:ff.
    pub const BROADCAST: u32 = 0x0002;
    /// Accept group addresses.
    pub const MULTICAST: u32 = 0x0004;
}

/// Firmware mailbox command (warpnic).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FwOpcode {
    /// Answer with an empty response.
    Nop = 0x00,
    /// Answer FW_VERSION, the build ID and the MAC address.
    GetVersion = 0x01,
    /// Set the port's unicast MAC address (arguments fw_mac).
    SetMac = 0x02,
    /// Answer the port's MAC address.
    GetMac = 0x03,
    /// Set the port's IPv4 address and prefix length (arguments fw_ipv4).
    SetIpv4 = 0x04,
    /// Answer the port's IPv4 address and prefix length.
    GetIpv4 = 0x05,
    /// Resolve an IPv4 address to its next hop's MAC address (arguments fw_arp_resolve_args, result fw_arp_resolve_rsp).
    ArpResolve = 0x06,
    /// Host to firmware: read (no arguments, result fw_tcp_timing) or write (arguments fw_tcp_config_args) the TCP engine's timing.
    TcpConfig = 0x10,
    /// Host to firmware: start a listener.
    TcpListen = 0x11,
    /// Host to firmware: stop a listener.
    TcpUnlisten = 0x12,
    /// Host to firmware: open a connection.
    TcpConnect = 0x13,
    /// Host to firmware: close a connection gracefully (FIN).
    TcpClose = 0x14,
    /// Host to firmware: reset a connection (RST).
    TcpAbort = 0x15,
    /// Host to firmware: take the next connection event, if any.
    TcpEvent = 0x16,
    /// Host to firmware: read or write one TCB field of a connection (SET_TCB_FIELD).
    TcpTcb = 0x17,
    /// Core to firmware: an exception-path frame; header len 0, word 1 its length in bytes, then the frame, 4 bytes per word, byte 0 in bits 7:0.
    FrameRx = 0x80,
    /// Firmware to core: a frame to send, in the FRAME_RX format.
    FrameTx = 0x81,
    /// Both ways between the core's TCP engine and the firmware: a CPL message; header len = words including it (at most 255), words 1.. the message, 4 bytes per word, byte 0 in bits 7:0.
    Cpl = 0x82,
}

impl FwOpcode {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[
        Self::Nop,
        Self::GetVersion,
        Self::SetMac,
        Self::GetMac,
        Self::SetIpv4,
        Self::GetIpv4,
        Self::ArpResolve,
        Self::TcpConfig,
        Self::TcpListen,
        Self::TcpUnlisten,
        Self::TcpConnect,
        Self::TcpClose,
        Self::TcpAbort,
        Self::TcpEvent,
        Self::TcpTcb,
        Self::FrameRx,
        Self::FrameTx,
        Self::Cpl,
    ];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Nop => "NOP",
            Self::GetVersion => "GET_VERSION",
            Self::SetMac => "SET_MAC",
            Self::GetMac => "GET_MAC",
            Self::SetIpv4 => "SET_IPV4",
            Self::GetIpv4 => "GET_IPV4",
            Self::ArpResolve => "ARP_RESOLVE",
            Self::TcpConfig => "TCP_CONFIG",
            Self::TcpListen => "TCP_LISTEN",
            Self::TcpUnlisten => "TCP_UNLISTEN",
            Self::TcpConnect => "TCP_CONNECT",
            Self::TcpClose => "TCP_CLOSE",
            Self::TcpAbort => "TCP_ABORT",
            Self::TcpEvent => "TCP_EVENT",
            Self::TcpTcb => "TCP_TCB",
            Self::FrameRx => "FRAME_RX",
            Self::FrameTx => "FRAME_TX",
            Self::Cpl => "CPL",
        }
    }
}

impl TryFrom<u8> for FwOpcode {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x00 => Ok(Self::Nop),
            0x01 => Ok(Self::GetVersion),
            0x02 => Ok(Self::SetMac),
            0x03 => Ok(Self::GetMac),
            0x04 => Ok(Self::SetIpv4),
            0x05 => Ok(Self::GetIpv4),
            0x06 => Ok(Self::ArpResolve),
            0x10 => Ok(Self::TcpConfig),
            0x11 => Ok(Self::TcpListen),
            0x12 => Ok(Self::TcpUnlisten),
            0x13 => Ok(Self::TcpConnect),
            0x14 => Ok(Self::TcpClose),
            0x15 => Ok(Self::TcpAbort),
            0x16 => Ok(Self::TcpEvent),
            0x17 => Ok(Self::TcpTcb),
            0x80 => Ok(Self::FrameRx),
            0x81 => Ok(Self::FrameTx),
            0x82 => Ok(Self::Cpl),
            other => Err(other),
        }
    }
}

impl From<FwOpcode> for u8 {
    fn from(v: FwOpcode) -> u8 {
        v as u8
    }
}

/// Firmware mailbox response status (warpnic).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FwStatus {
    /// Done.
    Ok = 0x00,
    /// Unknown command.
    BadOpcode = 0x01,
    /// The message is shorter or longer than the command needs.
    BadLength = 0x02,
    /// An argument is out of range (e.g. a group or zero MAC address).
    BadArgument = 0x03,
}

impl FwStatus {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[
        Self::Ok,
        Self::BadOpcode,
        Self::BadLength,
        Self::BadArgument,
    ];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Ok => "OK",
            Self::BadOpcode => "BAD_OPCODE",
            Self::BadLength => "BAD_LENGTH",
            Self::BadArgument => "BAD_ARGUMENT",
        }
    }
}

impl TryFrom<u8> for FwStatus {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x00 => Ok(Self::Ok),
            0x01 => Ok(Self::BadOpcode),
            0x02 => Ok(Self::BadLength),
            0x03 => Ok(Self::BadArgument),
            other => Err(other),
        }
    }
}

impl From<FwStatus> for u8 {
    fn from(v: FwStatus) -> u8 {
        v as u8
    }
}

/// What ARP_RESOLVE found for an address (warpnic (RFC 826, RFC 1122 §2.3.2)).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArpState {
    /// The next hop's MAC address is known.
    Resolved = 0x00,
    /// A resolution runs (ARP requests go out); ask again.
    Pending = 0x01,
    /// Off link and no gateway.
    NoRoute = 0x02,
    /// The port's own address, or not a unicast host address.
    Invalid = 0x03,
    /// The neighbour table is full.
    NoResources = 0x04,
    /// The port has no IPv4 address yet.
    NoAddress = 0x05,
}

impl ArpState {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[
        Self::Resolved,
        Self::Pending,
        Self::NoRoute,
        Self::Invalid,
        Self::NoResources,
        Self::NoAddress,
    ];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Resolved => "RESOLVED",
            Self::Pending => "PENDING",
            Self::NoRoute => "NO_ROUTE",
            Self::Invalid => "INVALID",
            Self::NoResources => "NO_RESOURCES",
            Self::NoAddress => "NO_ADDRESS",
        }
    }
}

impl TryFrom<u8> for ArpState {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x00 => Ok(Self::Resolved),
            0x01 => Ok(Self::Pending),
            0x02 => Ok(Self::NoRoute),
            0x03 => Ok(Self::Invalid),
            0x04 => Ok(Self::NoResources),
            0x05 => Ok(Self::NoAddress),
            other => Err(other),
        }
    }
}

impl From<ArpState> for u8 {
    fn from(v: ArpState) -> u8 {
        v as u8
    }
}

/// EtherType values (IEEE 802.3, IANA).
#[repr(u16)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EtherType {
    /// Internet Protocol version 4.
    Ipv4 = 0x0800,
    /// Address Resolution Protocol.
    Arp = 0x0806,
    /// IEEE 802.1Q tag.
    Vlan = 0x8100,
    /// Internet Protocol version 6.
    Ipv6 = 0x86dd,
}

impl EtherType {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[Self::Ipv4, Self::Arp, Self::Vlan, Self::Ipv6];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Ipv4 => "IPV4",
            Self::Arp => "ARP",
            Self::Vlan => "VLAN",
            Self::Ipv6 => "IPV6",
        }
    }
}

impl TryFrom<u16> for EtherType {
    type Error = u16;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u16) -> Result<Self, u16> {
        match v {
            0x0800 => Ok(Self::Ipv4),
            0x0806 => Ok(Self::Arp),
            0x8100 => Ok(Self::Vlan),
            0x86dd => Ok(Self::Ipv6),
            other => Err(other),
        }
    }
}

impl From<EtherType> for u16 {
    fn from(v: EtherType) -> u16 {
        v as u16
    }
}

/// IPv4 protocol numbers (IANA).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IpProtocol {
    /// ICMP.
    Icmp = 0x01,
    /// TCP.
    Tcp = 0x06,
    /// UDP.
    Udp = 0x11,
}

impl IpProtocol {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[Self::Icmp, Self::Tcp, Self::Udp];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Icmp => "ICMP",
            Self::Tcp => "TCP",
            Self::Udp => "UDP",
        }
    }
}

impl TryFrom<u8> for IpProtocol {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x01 => Ok(Self::Icmp),
            0x06 => Ok(Self::Tcp),
            0x11 => Ok(Self::Udp),
            other => Err(other),
        }
    }
}

impl From<IpProtocol> for u8 {
    fn from(v: IpProtocol) -> u8 {
        v as u8
    }
}

/// ARP operation (RFC 826).
#[repr(u16)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArpOper {
    /// Request.
    Request = 0x0001,
    /// Reply.
    Reply = 0x0002,
}

impl ArpOper {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[Self::Request, Self::Reply];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Request => "REQUEST",
            Self::Reply => "REPLY",
        }
    }
}

impl TryFrom<u16> for ArpOper {
    type Error = u16;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u16) -> Result<Self, u16> {
        match v {
            0x0001 => Ok(Self::Request),
            0x0002 => Ok(Self::Reply),
            other => Err(other),
        }
    }
}

impl From<ArpOper> for u16 {
    fn from(v: ArpOper) -> u16 {
        v as u16
    }
}

/// TCP control bits (RFC 9293 §3.1).
pub mod tcp_flags {
    /// No more data from sender.
    pub const FIN: u8 = 0x01;
    /// Synchronize sequence numbers.
    pub const SYN: u8 = 0x02;
    /// Reset the connection.
    pub const RST: u8 = 0x04;
    /// Push function.
    pub const PSH: u8 = 0x08;
    /// Acknowledgment field is significant.
    pub const ACK: u8 = 0x10;
    /// Urgent pointer field is significant.
    pub const URG: u8 = 0x20;
    /// ECN echo.
    pub const ECE: u8 = 0x40;
    /// Congestion window reduced.
    pub const CWR: u8 = 0x80;
}

/// Flags byte of an MPA request or reply frame (RFC 5044 §7.1; RFC 6581, enhanced MPA frames).
pub mod mpa_flags {
    /// M: markers requested/required.
    pub const MARKERS: u8 = 0x80;
    /// C: CRC requested/required.
    pub const CRC: u8 = 0x40;
    /// R: the connection is rejected.
    pub const REJECT: u8 = 0x20;
    /// RFC 6581 enhanced connection setup (revision 2).
    pub const ENHANCED: u8 = 0x10;
}

/// RDMAP message opcode. 0x8 and 0x9 are reserved (RFC 7306); an RDMA Write with Immediate Data is an RDMA Write followed by an Immediate Data message (RFC 5040 §4.2; RFC 7306, RDMAP opcodes).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RdmapOpcode {
    /// RDMA Write (tagged).
    RdmaWrite = 0x00,
    /// RDMA Read Request (untagged, queue 1).
    RdmaReadRequest = 0x01,
    /// RDMA Read Response (tagged).
    RdmaReadResponse = 0x02,
    /// Send (untagged, queue 0).
    Send = 0x03,
    /// Send with Invalidate.
    SendInvalidate = 0x04,
    /// Send with Solicited Event.
    SendSe = 0x05,
    /// Send with Solicited Event and Invalidate.
    SendSeInvalidate = 0x06,
    /// Terminate (untagged, queue 2).
    Terminate = 0x07,
    /// RFC 7306 Atomic Request.
    AtomicRequest = 0x0a,
    /// RFC 7306 Atomic Response.
    AtomicResponse = 0x0b,
    /// RFC 7306 Immediate Data (untagged, queue 0, 8 bytes).
    ImmediateData = 0x0c,
    /// RFC 7306 Immediate Data with Solicited Event.
    ImmediateDataSe = 0x0d,
}

impl RdmapOpcode {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[
        Self::RdmaWrite,
        Self::RdmaReadRequest,
        Self::RdmaReadResponse,
        Self::Send,
        Self::SendInvalidate,
        Self::SendSe,
        Self::SendSeInvalidate,
        Self::Terminate,
        Self::AtomicRequest,
        Self::AtomicResponse,
        Self::ImmediateData,
        Self::ImmediateDataSe,
    ];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::RdmaWrite => "RDMA_WRITE",
            Self::RdmaReadRequest => "RDMA_READ_REQUEST",
            Self::RdmaReadResponse => "RDMA_READ_RESPONSE",
            Self::Send => "SEND",
            Self::SendInvalidate => "SEND_INVALIDATE",
            Self::SendSe => "SEND_SE",
            Self::SendSeInvalidate => "SEND_SE_INVALIDATE",
            Self::Terminate => "TERMINATE",
            Self::AtomicRequest => "ATOMIC_REQUEST",
            Self::AtomicResponse => "ATOMIC_RESPONSE",
            Self::ImmediateData => "IMMEDIATE_DATA",
            Self::ImmediateDataSe => "IMMEDIATE_DATA_SE",
        }
    }
}

impl TryFrom<u8> for RdmapOpcode {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x00 => Ok(Self::RdmaWrite),
            0x01 => Ok(Self::RdmaReadRequest),
            0x02 => Ok(Self::RdmaReadResponse),
            0x03 => Ok(Self::Send),
            0x04 => Ok(Self::SendInvalidate),
            0x05 => Ok(Self::SendSe),
            0x06 => Ok(Self::SendSeInvalidate),
            0x07 => Ok(Self::Terminate),
            0x0a => Ok(Self::AtomicRequest),
            0x0b => Ok(Self::AtomicResponse),
            0x0c => Ok(Self::ImmediateData),
            0x0d => Ok(Self::ImmediateDataSe),
            other => Err(other),
        }
    }
}

impl From<RdmapOpcode> for u8 {
    fn from(v: RdmapOpcode) -> u8 {
        v as u8
    }
}

/// Queue number (QN) of an untagged DDP segment as RDMAP uses it (RFC 5040 §4.2, RFC 5041 §5.3).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DdpQueue {
    /// Send, Send with Invalidate/Solicited Event, Immediate Data.
    Send = 0x0000,
    /// RDMA Read Request.
    RdmaReadRequest = 0x0001,
    /// Terminate.
    Terminate = 0x0002,
}

impl DdpQueue {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[Self::Send, Self::RdmaReadRequest, Self::Terminate];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Send => "SEND",
            Self::RdmaReadRequest => "RDMA_READ_REQUEST",
            Self::Terminate => "TERMINATE",
        }
    }
}

impl TryFrom<u32> for DdpQueue {
    type Error = u32;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u32) -> Result<Self, u32> {
        match v {
            0x0000 => Ok(Self::Send),
            0x0001 => Ok(Self::RdmaReadRequest),
            0x0002 => Ok(Self::Terminate),
            other => Err(other),
        }
    }
}

impl From<DdpQueue> for u32 {
    fn from(v: DdpQueue) -> u32 {
        v as u32
    }
}

/// RFC 6581 peer-to-peer ready-to-receive (RTR) message types, one bit each, as a set (the layout mpa_v2_ird_ord places them in the IRD and ORD words) (RFC 6581, IRD/ORD control bits).
pub mod mpa_rtr {
    /// Zero-length Send (FPDU) as RTR: IRD word bit 14.
    pub const SEND: u8 = 0x01;
    /// Zero-length RDMA Write as RTR: ORD word bit 15.
    pub const WRITE: u8 = 0x02;
    /// Zero-length RDMA Read Request as RTR: ORD word bit 14.
    pub const READ: u8 = 0x04;
}

/// Layer that detected the error (RFC 5040 §8 (Terminate Control Field)).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TermLayer {
    /// RDMAP layer.
    Rdmap = 0x00,
    /// DDP layer.
    Ddp = 0x01,
    /// Lower layer (MPA/TCP).
    Llp = 0x02,
}

impl TermLayer {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[Self::Rdmap, Self::Ddp, Self::Llp];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Rdmap => "RDMAP",
            Self::Ddp => "DDP",
            Self::Llp => "LLP",
        }
    }
}

impl TryFrom<u8> for TermLayer {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x00 => Ok(Self::Rdmap),
            0x01 => Ok(Self::Ddp),
            0x02 => Ok(Self::Llp),
            other => Err(other),
        }
    }
}

impl From<TermLayer> for u8 {
    fn from(v: TermLayer) -> u8 {
        v as u8
    }
}

/// Terminate error type for layer RDMAP (RFC 5040 §8).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TermEtypeRdmap {
    /// Local catastrophic error.
    LocalCatastrophic = 0x00,
    /// Remote protection error.
    RemoteProtection = 0x01,
    /// Remote operation error.
    RemoteOperation = 0x02,
}

impl TermEtypeRdmap {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[
        Self::LocalCatastrophic,
        Self::RemoteProtection,
        Self::RemoteOperation,
    ];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::LocalCatastrophic => "LOCAL_CATASTROPHIC",
            Self::RemoteProtection => "REMOTE_PROTECTION",
            Self::RemoteOperation => "REMOTE_OPERATION",
        }
    }
}

impl TryFrom<u8> for TermEtypeRdmap {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x00 => Ok(Self::LocalCatastrophic),
            0x01 => Ok(Self::RemoteProtection),
            0x02 => Ok(Self::RemoteOperation),
            other => Err(other),
        }
    }
}

impl From<TermEtypeRdmap> for u8 {
    fn from(v: TermEtypeRdmap) -> u8 {
        v as u8
    }
}

/// Terminate error type for layer DDP (RFC 5041 §7).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TermEtypeDdp {
    /// Local catastrophic error.
    LocalCatastrophic = 0x00,
    /// Tagged buffer error.
    TaggedBuffer = 0x01,
    /// Untagged buffer error.
    UntaggedBuffer = 0x02,
    /// Reserved for use by an LLP.
    Rsvd = 0x03,
}

impl TermEtypeDdp {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[
        Self::LocalCatastrophic,
        Self::TaggedBuffer,
        Self::UntaggedBuffer,
        Self::Rsvd,
    ];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::LocalCatastrophic => "LOCAL_CATASTROPHIC",
            Self::TaggedBuffer => "TAGGED_BUFFER",
            Self::UntaggedBuffer => "UNTAGGED_BUFFER",
            Self::Rsvd => "RSVD",
        }
    }
}

impl TryFrom<u8> for TermEtypeDdp {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x00 => Ok(Self::LocalCatastrophic),
            0x01 => Ok(Self::TaggedBuffer),
            0x02 => Ok(Self::UntaggedBuffer),
            0x03 => Ok(Self::Rsvd),
            other => Err(other),
        }
    }
}

impl From<TermEtypeDdp> for u8 {
    fn from(v: TermEtypeDdp) -> u8 {
        v as u8
    }
}

/// Terminate error type for layer LLP (MPA) (RFC 5044 §8).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TermEtypeLlp {
    /// MPA error.
    Mpa = 0x00,
}

impl TermEtypeLlp {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[Self::Mpa];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Mpa => "MPA",
        }
    }
}

impl TryFrom<u8> for TermEtypeLlp {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x00 => Ok(Self::Mpa),
            other => Err(other),
        }
    }
}

impl From<TermEtypeLlp> for u8 {
    fn from(v: TermEtypeLlp) -> u8 {
        v as u8
    }
}

/// Terminate error codes of layer RDMAP (RFC 5040 §8).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TermEcodeRdmap {
    /// Invalid STag (remote protection).
    InvalidStag = 0x00,
    /// Base or bounds violation.
    BaseBounds = 0x01,
    /// Access rights violation.
    AccessRights = 0x02,
    /// STag not associated with RDMAP stream.
    StagNotAssoc = 0x03,
    /// Tagged offset wrap.
    ToWrap = 0x04,
    /// Invalid RDMAP version (remote operation).
    InvalidRdmapVersion = 0x05,
    /// Unexpected opcode.
    UnexpectedOpcode = 0x06,
    /// Catastrophic error, localized to RDMAP stream.
    CatastrophicStream = 0x07,
    /// Catastrophic error, global.
    CatastrophicGlobal = 0x08,
    /// STag cannot be invalidated.
    CantInvalidate = 0x09,
    /// Unspecified error.
    Unspecified = 0xff,
}

impl TermEcodeRdmap {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[
        Self::InvalidStag,
        Self::BaseBounds,
        Self::AccessRights,
        Self::StagNotAssoc,
        Self::ToWrap,
        Self::InvalidRdmapVersion,
        Self::UnexpectedOpcode,
        Self::CatastrophicStream,
        Self::CatastrophicGlobal,
        Self::CantInvalidate,
        Self::Unspecified,
    ];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::InvalidStag => "INVALID_STAG",
            Self::BaseBounds => "BASE_BOUNDS",
            Self::AccessRights => "ACCESS_RIGHTS",
            Self::StagNotAssoc => "STAG_NOT_ASSOC",
            Self::ToWrap => "TO_WRAP",
            Self::InvalidRdmapVersion => "INVALID_RDMAP_VERSION",
            Self::UnexpectedOpcode => "UNEXPECTED_OPCODE",
            Self::CatastrophicStream => "CATASTROPHIC_STREAM",
            Self::CatastrophicGlobal => "CATASTROPHIC_GLOBAL",
            Self::CantInvalidate => "CANT_INVALIDATE",
            Self::Unspecified => "UNSPECIFIED",
        }
    }
}

impl TryFrom<u8> for TermEcodeRdmap {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x00 => Ok(Self::InvalidStag),
            0x01 => Ok(Self::BaseBounds),
            0x02 => Ok(Self::AccessRights),
            0x03 => Ok(Self::StagNotAssoc),
            0x04 => Ok(Self::ToWrap),
            0x05 => Ok(Self::InvalidRdmapVersion),
            0x06 => Ok(Self::UnexpectedOpcode),
            0x07 => Ok(Self::CatastrophicStream),
            0x08 => Ok(Self::CatastrophicGlobal),
            0x09 => Ok(Self::CantInvalidate),
            0xff => Ok(Self::Unspecified),
            other => Err(other),
        }
    }
}

impl From<TermEcodeRdmap> for u8 {
    fn from(v: TermEcodeRdmap) -> u8 {
        v as u8
    }
}

/// Terminate error codes of layer DDP, error type TAGGED_BUFFER (RFC 5041 §7).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TermEcodeDdpTagged {
    /// Invalid STag.
    InvalidStag = 0x00,
    /// Base or bounds violation.
    BaseBounds = 0x01,
    /// STag not associated with DDP stream.
    StagNotAssoc = 0x02,
    /// TO wrap.
    ToWrap = 0x03,
    /// Invalid DDP version.
    InvalidDdpVersion = 0x04,
}

impl TermEcodeDdpTagged {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[
        Self::InvalidStag,
        Self::BaseBounds,
        Self::StagNotAssoc,
        Self::ToWrap,
        Self::InvalidDdpVersion,
    ];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::InvalidStag => "INVALID_STAG",
            Self::BaseBounds => "BASE_BOUNDS",
            Self::StagNotAssoc => "STAG_NOT_ASSOC",
            Self::ToWrap => "TO_WRAP",
            Self::InvalidDdpVersion => "INVALID_DDP_VERSION",
        }
    }
}

impl TryFrom<u8> for TermEcodeDdpTagged {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x00 => Ok(Self::InvalidStag),
            0x01 => Ok(Self::BaseBounds),
            0x02 => Ok(Self::StagNotAssoc),
            0x03 => Ok(Self::ToWrap),
            0x04 => Ok(Self::InvalidDdpVersion),
            other => Err(other),
        }
    }
}

impl From<TermEcodeDdpTagged> for u8 {
    fn from(v: TermEcodeDdpTagged) -> u8 {
        v as u8
    }
}

/// Terminate error codes of layer DDP, error type UNTAGGED_BUFFER (RFC 5041 §7).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TermEcodeDdpUntagged {
    /// Invalid QN.
    InvalidQn = 0x01,
    /// Invalid MSN, no buffer available.
    InvalidMsnNoBuffer = 0x02,
    /// Invalid MSN, MSN range is not valid.
    InvalidMsnRange = 0x03,
    /// Invalid MO.
    InvalidMo = 0x04,
    /// DDP message too long for available buffer.
    MsgTooLong = 0x05,
    /// Invalid DDP version.
    InvalidDdpVersion = 0x06,
}

impl TermEcodeDdpUntagged {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[
        Self::InvalidQn,
        Self::InvalidMsnNoBuffer,
        Self::InvalidMsnRange,
        Self::InvalidMo,
        Self::MsgTooLong,
        Self::InvalidDdpVersion,
    ];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::InvalidQn => "INVALID_QN",
            Self::InvalidMsnNoBuffer => "INVALID_MSN_NO_BUFFER",
            Self::InvalidMsnRange => "INVALID_MSN_RANGE",
            Self::InvalidMo => "INVALID_MO",
            Self::MsgTooLong => "MSG_TOO_LONG",
            Self::InvalidDdpVersion => "INVALID_DDP_VERSION",
        }
    }
}

impl TryFrom<u8> for TermEcodeDdpUntagged {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x01 => Ok(Self::InvalidQn),
            0x02 => Ok(Self::InvalidMsnNoBuffer),
            0x03 => Ok(Self::InvalidMsnRange),
            0x04 => Ok(Self::InvalidMo),
            0x05 => Ok(Self::MsgTooLong),
            0x06 => Ok(Self::InvalidDdpVersion),
            other => Err(other),
        }
    }
}

impl From<TermEcodeDdpUntagged> for u8 {
    fn from(v: TermEcodeDdpUntagged) -> u8 {
        v as u8
    }
}

/// Terminate error codes of layer LLP (MPA) (RFC 5044 §8, RFC 6581).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TermEcodeLlp {
    /// TCP connection closed, terminated or lost.
    TcpConnectionLost = 0x01,
    /// MPA CRC error.
    CrcError = 0x02,
    /// MPA marker and ULPDU length field mismatch.
    MarkerError = 0x03,
    /// Invalid or unexpected MPA request or reply frame.
    UnexpectedRequest = 0x04,
    /// Local catastrophic error (RFC 6581).
    LocalCatastrophic = 0x05,
    /// Insufficient IRD resources (RFC 6581).
    InsufficientIrd = 0x06,
    /// No matching RTR option (RFC 6581).
    NoMatchingRtr = 0x07,
}

impl TermEcodeLlp {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[
        Self::TcpConnectionLost,
        Self::CrcError,
        Self::MarkerError,
        Self::UnexpectedRequest,
        Self::LocalCatastrophic,
        Self::InsufficientIrd,
        Self::NoMatchingRtr,
    ];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::TcpConnectionLost => "TCP_CONNECTION_LOST",
            Self::CrcError => "CRC_ERROR",
            Self::MarkerError => "MARKER_ERROR",
            Self::UnexpectedRequest => "UNEXPECTED_REQUEST",
            Self::LocalCatastrophic => "LOCAL_CATASTROPHIC",
            Self::InsufficientIrd => "INSUFFICIENT_IRD",
            Self::NoMatchingRtr => "NO_MATCHING_RTR",
        }
    }
}

impl TryFrom<u8> for TermEcodeLlp {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x01 => Ok(Self::TcpConnectionLost),
            0x02 => Ok(Self::CrcError),
            0x03 => Ok(Self::MarkerError),
            0x04 => Ok(Self::UnexpectedRequest),
            0x05 => Ok(Self::LocalCatastrophic),
            0x06 => Ok(Self::InsufficientIrd),
            0x07 => Ok(Self::NoMatchingRtr),
            other => Err(other),
        }
    }
}

impl From<TermEcodeLlp> for u8 {
    fn from(v: TermEcodeLlp) -> u8 {
        v as u8
    }
}

/// CPL control message opcode (byte 0 of the CPL header) (warpnic (docs/cpl.md)).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CplOpcode {
    /// Control plane to hardware: open a connection (send SYN); id = atid.
    ActOpenReq = 0x01,
    /// Hardware to control plane: the active open failed; id = atid.
    ActOpenRpl = 0x02,
    /// Hardware to control plane: the active open completed (SYN-ACK answered); id = tid.
    ActEstablish = 0x03,
    /// Control plane to hardware: start a listener; id = stid.
    PassOpenReq = 0x04,
    /// Hardware to control plane: the listener is (or is not) running; id = stid.
    PassOpenRpl = 0x05,
    /// Hardware to control plane: a SYN arrived for a listener; id = tid of the embryonic connection.
    PassAcceptReq = 0x06,
    /// Control plane to hardware: accept (send SYN-ACK) or refuse the SYN; id = tid.
    PassAcceptRpl = 0x07,
    /// Hardware to control plane: the final ACK of a passive open arrived; id = tid.
    PassEstablish = 0x08,
    /// Control plane to hardware: stop a listener (no body); id = stid.
    CloseListsrvReq = 0x09,
    /// Hardware to control plane: the listener is stopped; id = stid.
    CloseListsrvRpl = 0x0a,
    /// Control plane to hardware: send streaming data; id = tid.
    TxData = 0x10,
    /// Hardware to control plane: the peer acknowledged sent data, credits return; id = tid.
    TxDataAck = 0x11,
    /// Hardware to control plane: streaming data received in order; id = tid.
    RxData = 0x12,
    /// Control plane to hardware: received data consumed, reopen the window; id = tid.
    RxDataAck = 0x13,
    /// Control plane to hardware: send FIN after the queued data (no body); id = tid.
    CloseConReq = 0x18,
    /// Hardware to control plane: our FIN was acknowledged; id = tid.
    CloseConRpl = 0x19,
    /// Hardware to control plane: the peer sent FIN; id = tid.
    PeerClose = 0x1a,
    /// Either direction: reset the connection (to hardware) or it was reset (to control plane); id = tid.
    AbortReq = 0x1b,
    /// Either direction: answer to ABORT_REQ; the tid is free afterwards; id = tid.
    AbortRpl = 0x1c,
    /// Control plane to hardware: read-modify-write one TCB field; id = tid.
    SetTcbField = 0x20,
    /// Hardware to control plane: answer to SET_TCB_FIELD; id = tid.
    SetTcbRpl = 0x21,
    /// Either direction: an RDMAP Terminate was received (to control plane) or must be sent (to hardware); id = tid.
    RdmaTerminate = 0x28,
}

impl CplOpcode {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[
        Self::ActOpenReq,
        Self::ActOpenRpl,
        Self::ActEstablish,
        Self::PassOpenReq,
        Self::PassOpenRpl,
        Self::PassAcceptReq,
        Self::PassAcceptRpl,
        Self::PassEstablish,
        Self::CloseListsrvReq,
        Self::CloseListsrvRpl,
        Self::TxData,
        Self::TxDataAck,
        Self::RxData,
        Self::RxDataAck,
        Self::CloseConReq,
        Self::CloseConRpl,
        Self::PeerClose,
        Self::AbortReq,
        Self::AbortRpl,
        Self::SetTcbField,
        Self::SetTcbRpl,
        Self::RdmaTerminate,
    ];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::ActOpenReq => "ACT_OPEN_REQ",
            Self::ActOpenRpl => "ACT_OPEN_RPL",
            Self::ActEstablish => "ACT_ESTABLISH",
            Self::PassOpenReq => "PASS_OPEN_REQ",
            Self::PassOpenRpl => "PASS_OPEN_RPL",
            Self::PassAcceptReq => "PASS_ACCEPT_REQ",
            Self::PassAcceptRpl => "PASS_ACCEPT_RPL",
            Self::PassEstablish => "PASS_ESTABLISH",
            Self::CloseListsrvReq => "CLOSE_LISTSRV_REQ",
            Self::CloseListsrvRpl => "CLOSE_LISTSRV_RPL",
            Self::TxData => "TX_DATA",
            Self::TxDataAck => "TX_DATA_ACK",
            Self::RxData => "RX_DATA",
            Self::RxDataAck => "RX_DATA_ACK",
            Self::CloseConReq => "CLOSE_CON_REQ",
            Self::CloseConRpl => "CLOSE_CON_RPL",
            Self::PeerClose => "PEER_CLOSE",
            Self::AbortReq => "ABORT_REQ",
            Self::AbortRpl => "ABORT_RPL",
            Self::SetTcbField => "SET_TCB_FIELD",
            Self::SetTcbRpl => "SET_TCB_RPL",
            Self::RdmaTerminate => "RDMA_TERMINATE",
        }
    }
}

impl TryFrom<u8> for CplOpcode {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x01 => Ok(Self::ActOpenReq),
            0x02 => Ok(Self::ActOpenRpl),
            0x03 => Ok(Self::ActEstablish),
            0x04 => Ok(Self::PassOpenReq),
            0x05 => Ok(Self::PassOpenRpl),
            0x06 => Ok(Self::PassAcceptReq),
            0x07 => Ok(Self::PassAcceptRpl),
            0x08 => Ok(Self::PassEstablish),
            0x09 => Ok(Self::CloseListsrvReq),
            0x0a => Ok(Self::CloseListsrvRpl),
            0x10 => Ok(Self::TxData),
            0x11 => Ok(Self::TxDataAck),
            0x12 => Ok(Self::RxData),
            0x13 => Ok(Self::RxDataAck),
            0x18 => Ok(Self::CloseConReq),
            0x19 => Ok(Self::CloseConRpl),
            0x1a => Ok(Self::PeerClose),
            0x1b => Ok(Self::AbortReq),
            0x1c => Ok(Self::AbortRpl),
            0x20 => Ok(Self::SetTcbField),
            0x21 => Ok(Self::SetTcbRpl),
            0x28 => Ok(Self::RdmaTerminate),
            other => Err(other),
        }
    }
}

impl From<CplOpcode> for u8 {
    fn from(v: CplOpcode) -> u8 {
        v as u8
    }
}

/// Flags of the CPL header (warpnic (docs/cpl.md)).
pub mod cpl_flags {
    /// The receiver sends no reply message (SET_TCB_FIELD, RX_DATA_ACK, ABORT_REQ).
    pub const NO_REPLY: u8 = 0x01;
}

/// Status of a CPL reply, or reason of an abort (warpnic (docs/cpl.md)).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CplStatus {
    /// Done.
    Success = 0x00,
    /// The peer answered the SYN with RST (or the control plane refused a SYN).
    ConnRefused = 0x01,
    /// SYN or data retransmissions exhausted without an answer.
    Timeout = 0x02,
    /// No free connection, listener or TCB entry.
    NoResources = 0x03,
    /// The 4-tuple or the listening address and port is already in use.
    AddrInUse = 0x04,
    /// A field is out of range, or a read-only TCB field was written.
    BadArgument = 0x05,
    /// The peer reset an established connection.
    ConnReset = 0x06,
    /// Keepalive probes went unanswered.
    KeepaliveTimeout = 0x07,
    /// The message's id names no connection or listener.
    BadId = 0x08,
    /// The connection is in a state that does not accept the message.
    BadState = 0x09,
    /// Unknown opcode, or a message sent in the wrong direction.
    BadOpcode = 0x0a,
    /// The header's len does not match the opcode's body and payload.
    BadLength = 0x0b,
    /// The operation was cancelled by an ABORT_REQ on the same id.
    Aborted = 0x0c,
}

impl CplStatus {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[
        Self::Success,
        Self::ConnRefused,
        Self::Timeout,
        Self::NoResources,
        Self::AddrInUse,
        Self::BadArgument,
        Self::ConnReset,
        Self::KeepaliveTimeout,
        Self::BadId,
        Self::BadState,
        Self::BadOpcode,
        Self::BadLength,
        Self::Aborted,
    ];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Success => "SUCCESS",
            Self::ConnRefused => "CONN_REFUSED",
            Self::Timeout => "TIMEOUT",
            Self::NoResources => "NO_RESOURCES",
            Self::AddrInUse => "ADDR_IN_USE",
            Self::BadArgument => "BAD_ARGUMENT",
            Self::ConnReset => "CONN_RESET",
            Self::KeepaliveTimeout => "KEEPALIVE_TIMEOUT",
            Self::BadId => "BAD_ID",
            Self::BadState => "BAD_STATE",
            Self::BadOpcode => "BAD_OPCODE",
            Self::BadLength => "BAD_LENGTH",
            Self::Aborted => "ABORTED",
        }
    }
}

impl TryFrom<u8> for CplStatus {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x00 => Ok(Self::Success),
            0x01 => Ok(Self::ConnRefused),
            0x02 => Ok(Self::Timeout),
            0x03 => Ok(Self::NoResources),
            0x04 => Ok(Self::AddrInUse),
            0x05 => Ok(Self::BadArgument),
            0x06 => Ok(Self::ConnReset),
            0x07 => Ok(Self::KeepaliveTimeout),
            0x08 => Ok(Self::BadId),
            0x09 => Ok(Self::BadState),
            0x0a => Ok(Self::BadOpcode),
            0x0b => Ok(Self::BadLength),
            0x0c => Ok(Self::Aborted),
            other => Err(other),
        }
    }
}

impl From<CplStatus> for u8 {
    fn from(v: CplStatus) -> u8 {
        v as u8
    }
}

/// TCP options and behaviours requested (open messages) or negotiated (establish messages) (RFC 7323, RFC 2018, RFC 9293 §3.7.4, RFC 1122 §4.2.3.6).
pub mod cpl_tcp_opt {
    /// Window scale option (RFC 7323 §2).
    pub const WSCALE: u8 = 0x01;
    /// SACK permitted (RFC 2018).
    pub const SACK: u8 = 0x02;
    /// Timestamps option (RFC 7323 §3).
    pub const TIMESTAMPS: u8 = 0x04;
    /// No Nagle algorithm: send small segments at once (RFC 9293 §3.7.4).
    pub const NODELAY: u8 = 0x08;
    /// Send keepalive probes on an idle connection (RFC 1122 §4.2.3.6).
    pub const KEEPALIVE: u8 = 0x10;
    /// Explicit congestion notification (RFC 3168).
    pub const ECN: u8 = 0x20;
}

/// What the hardware does with a connection's byte stream (warpnic (docs/cpl.md)).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CplUlpMode {
    /// Plain TCP: data travels in TX_DATA and RX_DATA (MPA negotiation runs here).
    Streaming = 0x00,
    /// FPDU mode: MPA framing, DDP placement and RDMAP run in hardware on the bound QP.
    Rdma = 0x01,
    /// FPDU mode for received bytes only, sent bytes still from the stream's buffer: the MPA responder from its reply until the reply is acknowledged (then RDMA).
    RdmaRx = 0x02,
}

impl CplUlpMode {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[Self::Streaming, Self::Rdma, Self::RdmaRx];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Streaming => "STREAMING",
            Self::Rdma => "RDMA",
            Self::RdmaRx => "RDMA_RX",
        }
    }
}

impl TryFrom<u8> for CplUlpMode {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x00 => Ok(Self::Streaming),
            0x01 => Ok(Self::Rdma),
            0x02 => Ok(Self::RdmaRx),
            other => Err(other),
        }
    }
}

impl From<CplUlpMode> for u8 {
    fn from(v: CplUlpMode) -> u8 {
        v as u8
    }
}

/// Flags of a TX_DATA message (warpnic (docs/cpl.md)).
pub mod cpl_tx_flags {
    /// Send now, ignoring Nagle, and set PSH on the last segment.
    pub const PUSH: u8 = 0x01;
    /// More data follows at once: hold a partial last segment.
    pub const MORE: u8 = 0x02;
    /// Send FIN after this data (as CLOSE_CON_REQ).
    pub const SHUTDOWN: u8 = 0x04;
    /// The payload follows the body in the message; addr is ignored.
    pub const INLINE: u8 = 0x08;
}

/// Flags of an RX_DATA_ACK message (warpnic (docs/cpl.md)).
pub mod cpl_rx_ack_flags {
    /// Send a window update now instead of with the next segment.
    pub const FORCE_ACK: u8 = 0x01;
}

/// Flags of an ABORT_REQ message (warpnic (docs/cpl.md)).
pub mod cpl_abort_flags {
    /// Free the connection without sending RST (to hardware), or no RST was sent (to control plane).
    pub const NO_RST: u8 = 0x01;
}

/// Where an RDMA_TERMINATE's Terminate message comes from (warpnic (docs/cpl.md)).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CplTermOrigin {
    /// Received from the peer.
    Peer = 0x01,
    /// Built and sent by the hardware after an error it detected.
    Hardware = 0x02,
    /// Requested by the control plane (to hardware).
    Control = 0x03,
}

impl CplTermOrigin {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[Self::Peer, Self::Hardware, Self::Control];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Peer => "PEER",
            Self::Hardware => "HARDWARE",
            Self::Control => "CONTROL",
        }
    }
}

impl TryFrom<u8> for CplTermOrigin {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x01 => Ok(Self::Peer),
            0x02 => Ok(Self::Hardware),
            0x03 => Ok(Self::Control),
            other => Err(other),
        }
    }
}

impl From<CplTermOrigin> for u8 {
    fn from(v: CplTermOrigin) -> u8 {
        v as u8
    }
}

/// TCP connection state (RFC 9293 §3.3.2).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TcpState {
    /// No connection.
    Closed = 0x00,
    /// Waiting for a SYN.
    Listen = 0x01,
    /// SYN sent, waiting for SYN-ACK.
    SynSent = 0x02,
    /// SYN received and SYN-ACK sent, waiting for ACK.
    SynReceived = 0x03,
    /// Open; data flows both ways.
    Established = 0x04,
    /// FIN sent, not yet acknowledged.
    FinWait1 = 0x05,
    /// FIN acknowledged, waiting for the peer's FIN.
    FinWait2 = 0x06,
    /// Peer's FIN received, ours not yet sent.
    CloseWait = 0x07,
    /// Both FINs sent, ours not yet acknowledged.
    Closing = 0x08,
    /// Our FIN sent after the peer's, waiting for its ACK.
    LastAck = 0x09,
    /// Both FINs acknowledged, waiting 2*MSL.
    TimeWait = 0x0a,
}

impl TcpState {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[
        Self::Closed,
        Self::Listen,
        Self::SynSent,
        Self::SynReceived,
        Self::Established,
        Self::FinWait1,
        Self::FinWait2,
        Self::CloseWait,
        Self::Closing,
        Self::LastAck,
        Self::TimeWait,
    ];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Closed => "CLOSED",
            Self::Listen => "LISTEN",
            Self::SynSent => "SYN_SENT",
            Self::SynReceived => "SYN_RECEIVED",
            Self::Established => "ESTABLISHED",
            Self::FinWait1 => "FIN_WAIT_1",
            Self::FinWait2 => "FIN_WAIT_2",
            Self::CloseWait => "CLOSE_WAIT",
            Self::Closing => "CLOSING",
            Self::LastAck => "LAST_ACK",
            Self::TimeWait => "TIME_WAIT",
        }
    }
}

impl TryFrom<u8> for TcpState {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x00 => Ok(Self::Closed),
            0x01 => Ok(Self::Listen),
            0x02 => Ok(Self::SynSent),
            0x03 => Ok(Self::SynReceived),
            0x04 => Ok(Self::Established),
            0x05 => Ok(Self::FinWait1),
            0x06 => Ok(Self::FinWait2),
            0x07 => Ok(Self::CloseWait),
            0x08 => Ok(Self::Closing),
            0x09 => Ok(Self::LastAck),
            0x0a => Ok(Self::TimeWait),
            other => Err(other),
        }
    }
}

impl From<TcpState> for u8 {
    fn from(v: TcpState) -> u8 {
        v as u8
    }
}

/// Connection event the firmware reports to the host (TCP_EVENT) (warpnic (firmware TCP module)).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TcpEvent {
    /// No event is waiting.
    None = 0x00,
    /// An active open completed.
    Established = 0x01,
    /// A listener accepted a connection (a new endpoint).
    Accepted = 0x02,
    /// The peer answered the SYN with RST.
    Refused = 0x03,
    /// The SYN retransmissions ran out, or the connection timed out.
    TimedOut = 0x04,
    /// The next hop did not answer ARP.
    Unreachable = 0x05,
    /// The peer's FIN arrived after all its data.
    PeerClosed = 0x06,
    /// Our close completed; the endpoint is free.
    Closed = 0x07,
    /// The peer reset the connection; the endpoint is free.
    Reset = 0x08,
    /// Our abort completed; the endpoint is free.
    Aborted = 0x09,
}

impl TcpEvent {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[
        Self::None,
        Self::Established,
        Self::Accepted,
        Self::Refused,
        Self::TimedOut,
        Self::Unreachable,
        Self::PeerClosed,
        Self::Closed,
        Self::Reset,
        Self::Aborted,
    ];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::None => "NONE",
            Self::Established => "ESTABLISHED",
            Self::Accepted => "ACCEPTED",
            Self::Refused => "REFUSED",
            Self::TimedOut => "TIMED_OUT",
            Self::Unreachable => "UNREACHABLE",
            Self::PeerClosed => "PEER_CLOSED",
            Self::Closed => "CLOSED",
            Self::Reset => "RESET",
            Self::Aborted => "ABORTED",
        }
    }
}

impl TryFrom<u8> for TcpEvent {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x00 => Ok(Self::None),
            0x01 => Ok(Self::Established),
            0x02 => Ok(Self::Accepted),
            0x03 => Ok(Self::Refused),
            0x04 => Ok(Self::TimedOut),
            0x05 => Ok(Self::Unreachable),
            0x06 => Ok(Self::PeerClosed),
            0x07 => Ok(Self::Closed),
            0x08 => Ok(Self::Reset),
            0x09 => Ok(Self::Aborted),
            other => Err(other),
        }
    }
}

impl From<TcpEvent> for u8 {
    fn from(v: TcpEvent) -> u8 {
        v as u8
    }
}

/// TCB field addressed by SET_TCB_FIELD; values are right-aligned in the 64-bit value and mask (warpnic (docs/cpl.md)).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TcbField {
    /// tcp_state (read-only).
    State = 0x00,
    /// cpl_ulp_mode; STREAMING to RDMA once the last streaming byte is queued.
    UlpMode = 0x01,
    /// cpl_tcp_opt bits; NODELAY and KEEPALIVE are writable, the negotiated options read-only.
    TcpOpt = 0x02,
    /// Effective maximum segment size, bytes.
    Mss = 0x03,
    /// Receive window offered to the peer, bytes.
    RcvWnd = 0x04,
    /// Window scale shifts: 3:0 send, 7:4 receive (read-only).
    Wscale = 0x05,
    /// Idle time before the first keepalive probe, microseconds.
    KeepaliveIdle = 0x06,
    /// Time between keepalive probes, microseconds.
    KeepaliveIntvl = 0x07,
    /// Unanswered probes before the connection aborts with KEEPALIVE_TIMEOUT.
    KeepaliveCnt = 0x08,
    /// Lower bound of the retransmission timeout, microseconds (RFC 6298).
    RtoMin = 0x09,
    /// Upper bound of the retransmission timeout, microseconds.
    RtoMax = 0x0a,
    /// Retransmissions of one segment before the connection aborts with TIMEOUT.
    RetxMax = 0x0b,
    /// Delayed ACK timeout, microseconds (0: ACK every segment).
    Delack = 0x0c,
    /// IPv4 DSCP and ECN byte of sent segments.
    Tos = 0x0d,
    /// IPv4 time to live of sent segments.
    Ttl = 0x0e,
    /// Oldest unacknowledged sequence number (read-only).
    SndUna = 0x0f,
    /// Next sequence number to send (read-only).
    SndNxt = 0x10,
    /// Next sequence number expected (read-only).
    RcvNxt = 0x11,
    /// Peer's window, bytes, scaled (read-only).
    SndWnd = 0x12,
    /// Congestion window, bytes (read-only).
    Cwnd = 0x13,
    /// Smoothed round-trip time, microseconds (read-only).
    Srtt = 0x14,
    /// Queue pair bound to the connection for RDMA mode.
    Qpid = 0x15,
    /// Next-hop MAC address, 47:0.
    PeerMac = 0x16,
    /// 802.1Q tag control information of sent frames (0: untagged).
    Vlan = 0x17,
    /// Send credits: TX_DATA bytes that may await acknowledgment (starts at CPL_TX_CREDITS).
    TxCredits = 0x18,
    /// IOVA of the stream's circular send buffer in host memory.
    TxBufAddr = 0x19,
    /// Log2 of the send buffer's size in bytes (12..=30; 0: no buffer).
    TxBufLog = 0x1a,
    /// IOVA of the stream's circular receive buffer in host memory.
    RxBufAddr = 0x1b,
    /// Log2 of the receive buffer's size in bytes (12..=30; 0: no buffer).
    RxBufLog = 0x1c,
    /// Completion queue of the stream's TCP_TX_ACKED and TCP_RX completions.
    Cqn = 0x1d,
    /// Diagnostics (read-only): 31:0 the send buffer's end (TX_END), 63:32 the receive buffer's read point (RX_READ).
    Stream = 0x1e,
    /// Diagnostics (read-only): bit 0 queued to send, 1 timer on, 2 FIN waits for the data, 3 FIN sent, 4 an RTT is being timed; 63:32 the timer's deadline (µs).
    Engine = 0x1f,
    /// Per-connection counters (read-only): 31:0 segments sent with payload, 63:32 of them retransmissions (timeout, fast retransmit).
    TxSegs = 0x20,
    /// Per-connection counters (read-only): 31:0 segments received whose payload was taken in order, 63:32 out-of-order segments kept.
    RxSegs = 0x21,
}

impl TcbField {
    /// Every value, in description order.
    pub const ALL: &'static [Self] = &[
        Self::State,
        Self::UlpMode,
        Self::TcpOpt,
        Self::Mss,
        Self::RcvWnd,
        Self::Wscale,
        Self::KeepaliveIdle,
        Self::KeepaliveIntvl,
        Self::KeepaliveCnt,
        Self::RtoMin,
        Self::RtoMax,
        Self::RetxMax,
        Self::Delack,
        Self::Tos,
        Self::Ttl,
        Self::SndUna,
        Self::SndNxt,
        Self::RcvNxt,
        Self::SndWnd,
        Self::Cwnd,
        Self::Srtt,
        Self::Qpid,
        Self::PeerMac,
        Self::Vlan,
        Self::TxCredits,
        Self::TxBufAddr,
        Self::TxBufLog,
        Self::RxBufAddr,
        Self::RxBufLog,
        Self::Cqn,
        Self::Stream,
        Self::Engine,
        Self::TxSegs,
        Self::RxSegs,
    ];

    /// The value's name as written in the description.
    pub const fn name(self) -> &'static str {
        match self {
            Self::State => "STATE",
            Self::UlpMode => "ULP_MODE",
            Self::TcpOpt => "TCP_OPT",
            Self::Mss => "MSS",
            Self::RcvWnd => "RCV_WND",
            Self::Wscale => "WSCALE",
            Self::KeepaliveIdle => "KEEPALIVE_IDLE",
            Self::KeepaliveIntvl => "KEEPALIVE_INTVL",
            Self::KeepaliveCnt => "KEEPALIVE_CNT",
            Self::RtoMin => "RTO_MIN",
            Self::RtoMax => "RTO_MAX",
            Self::RetxMax => "RETX_MAX",
            Self::Delack => "DELACK",
            Self::Tos => "TOS",
            Self::Ttl => "TTL",
            Self::SndUna => "SND_UNA",
            Self::SndNxt => "SND_NXT",
            Self::RcvNxt => "RCV_NXT",
            Self::SndWnd => "SND_WND",
            Self::Cwnd => "CWND",
            Self::Srtt => "SRTT",
            Self::Qpid => "QPID",
            Self::PeerMac => "PEER_MAC",
            Self::Vlan => "VLAN",
            Self::TxCredits => "TX_CREDITS",
            Self::TxBufAddr => "TX_BUF_ADDR",
            Self::TxBufLog => "TX_BUF_LOG",
            Self::RxBufAddr => "RX_BUF_ADDR",
            Self::RxBufLog => "RX_BUF_LOG",
            Self::Cqn => "CQN",
            Self::Stream => "STREAM",
            Self::Engine => "ENGINE",
            Self::TxSegs => "TX_SEGS",
            Self::RxSegs => "RX_SEGS",
        }
    }
}

impl TryFrom<u8> for TcbField {
    type Error = u8;
    /// Decodes a value; the error carries the unknown value.
    fn try_from(v: u8) -> Result<Self, u8> {
        match v {
            0x00 => Ok(Self::State),
            0x01 => Ok(Self::UlpMode),
            0x02 => Ok(Self::TcpOpt),
            0x03 => Ok(Self::Mss),
            0x04 => Ok(Self::RcvWnd),
            0x05 => Ok(Self::Wscale),
            0x06 => Ok(Self::KeepaliveIdle),
            0x07 => Ok(Self::KeepaliveIntvl),
            0x08 => Ok(Self::KeepaliveCnt),
            0x09 => Ok(Self::RtoMin),
            0x0a => Ok(Self::RtoMax),
            0x0b => Ok(Self::RetxMax),
            0x0c => Ok(Self::Delack),
            0x0d => Ok(Self::Tos),
            0x0e => Ok(Self::Ttl),
            0x0f => Ok(Self::SndUna),
            0x10 => Ok(Self::SndNxt),
            0x11 => Ok(Self::RcvNxt),
            0x12 => Ok(Self::SndWnd),
            0x13 => Ok(Self::Cwnd),
            0x14 => Ok(Self::Srtt),
            0x15 => Ok(Self::Qpid),
            0x16 => Ok(Self::PeerMac),
            0x17 => Ok(Self::Vlan),
            0x18 => Ok(Self::TxCredits),
            0x19 => Ok(Self::TxBufAddr),
            0x1a => Ok(Self::TxBufLog),
            0x1b => Ok(Self::RxBufAddr),
            0x1c => Ok(Self::RxBufLog),
            0x1d => Ok(Self::Cqn),
            0x1e => Ok(Self::Stream),
            0x1f => Ok(Self::Engine),
            0x20 => Ok(Self::TxSegs),
            0x21 => Ok(Self::RxSegs),
            other => Err(other),
        }
    }
}

impl From<TcbField> for u8 {
    fn from(v: TcbField) -> u8 {
        v as u8
    }
}

/// The BAR0 register map. Every register is 32 bits.
pub mod regs {
    // Common block header, offsets relative to the block base.
    /// Offset from a block's base: Block type identifier.
    pub const TYPE: u32 = 0x00;
    /// Offset from a block's base: Block version, major 31:16, minor 15:0.
    pub const VERSION: u32 = 0x04;
    /// Offset from a block's base: BAR0 offset of the next block, 0 for the last.
    pub const NEXT: u32 = 0x08;
    /// Offset from a block's base: Number of elements in the array.
    pub const COUNT: u32 = 0x0c;
    /// Offset from a block's base: Bytes between elements.
    pub const STRIDE: u32 = 0x10;
    /// Offset from a block's base: Offset of element 0 from the block base.
    pub const ARRAY_BASE: u32 = 0x14;
    /// Every block: (name, BAR0 base, type identifier), in address order.
    pub const BLOCKS: &[(&str, u32, u32)] = &[
        ("ID", 0x0000, 0x574e_0001),
        ("CTRL", 0x0100, 0x574e_0002),
        ("MBOX", 0x0200, 0x574e_0003),
        ("SQ", 0x1000, 0x574e_0010),
        ("RQ", 0x2000, 0x574e_0011),
        ("CQ", 0x3000, 0x574e_0012),
        ("EQ", 0x4000, 0x574e_0013),
        ("STATS", 0x5000, 0x574e_0020),
        ("TCP", 0x8000, 0x574e_0030),
        ("RDMA", 0xb000, 0x574e_0040),
        ("QP", 0xc000, 0x574e_0041),
    ];

    /// Block `ID` at `0x0000`: Identification. The driver refuses a device whose BUILD_ID differs from the ABI it was built against.
    pub mod id {
        /// Block base in BAR0.
        pub const BASE: u32 = 0x0000;
        /// Value of the block's TYPE register.
        pub const TYPE_ID: u32 = 0x574e_0001;
        /// Value of the block's VERSION register (major 31:16, minor 15:0).
        pub const VERSION_VALUE: u32 = 0x0001_0000;
        /// Value of the block's NEXT register: the next block's base, 0 for the last.
        pub const NEXT_BLOCK: u32 = 0x0100;
        /// Hash of the ABI description this core was generated from (ro, BAR0 offset `0x000c`).
        pub const BUILD_ID: u32 = 0x000c;
        /// Reset value of `BUILD_ID`.
        pub const BUILD_ID_RESET: u32 = 0;
        /// ABI_VERSION constant (ro, BAR0 offset `0x0010`).
        pub const ABI_VERSION: u32 = 0x0010;
        /// Reset value of `ABI_VERSION`.
        pub const ABI_VERSION_RESET: u32 = 0;
        /// Number of send queues (ro, BAR0 offset `0x0014`).
        pub const NUM_SQ: u32 = 0x0014;
        /// Reset value of `NUM_SQ`.
        pub const NUM_SQ_RESET: u32 = 0;
        /// Number of receive queues (ro, BAR0 offset `0x0018`).
        pub const NUM_RQ: u32 = 0x0018;
        /// Reset value of `NUM_RQ`.
        pub const NUM_RQ_RESET: u32 = 0;
        /// Number of completion queues (ro, BAR0 offset `0x001c`).
        pub const NUM_CQ: u32 = 0x001c;
        /// Reset value of `NUM_CQ`.
        pub const NUM_CQ_RESET: u32 = 0;
        /// Number of event queues (one interrupt vector each) (ro, BAR0 offset `0x0020`).
        pub const NUM_EQ: u32 = 0x0020;
        /// Reset value of `NUM_EQ`.
        pub const NUM_EQ_RESET: u32 = 0;
        /// Core clock in MHz (ro, BAR0 offset `0x0024`).
        pub const CLOCK_MHZ: u32 = 0x0024;
        /// Reset value of `CLOCK_MHZ`.
        pub const CLOCK_MHZ_RESET: u32 = 0;
        /// Datapath width in bits (ro, BAR0 offset `0x0028`).
        pub const DATA_WIDTH: u32 = 0x0028;
        /// Reset value of `DATA_WIDTH`.
        pub const DATA_WIDTH_RESET: u32 = 0;
        /// Free for the driver; reads back what was written (rw, BAR0 offset `0x002c`).
        pub const SCRATCH: u32 = 0x002c;
        /// Reset value of `SCRATCH`.
        pub const SCRATCH_RESET: u32 = 0;
        /// The block's own registers (not the common header): (name, BAR0 offset,
        /// description), in address order.
        pub const REGISTERS: &[(&str, u32, &str)] = &[
            (
                "BUILD_ID",
                0x000c,
                "Hash of the ABI description this core was generated from.",
            ),
            ("ABI_VERSION", 0x0010, "ABI_VERSION constant."),
            ("NUM_SQ", 0x0014, "Number of send queues."),
            ("NUM_RQ", 0x0018, "Number of receive queues."),
            ("NUM_CQ", 0x001c, "Number of completion queues."),
            (
                "NUM_EQ",
                0x0020,
                "Number of event queues (one interrupt vector each).",
            ),
            ("CLOCK_MHZ", 0x0024, "Core clock in MHz."),
            ("DATA_WIDTH", 0x0028, "Datapath width in bits."),
            (
                "SCRATCH",
                0x002c,
                "Free for the driver; reads back what was written.",
            ),
        ];
    }

    /// Block `CTRL` at `0x0100`: Port control, receive filtering and error capture.
    pub mod ctrl {
        /// Block base in BAR0.
        pub const BASE: u32 = 0x0100;
        /// Value of the block's TYPE register.
        pub const TYPE_ID: u32 = 0x574e_0002;
        /// Value of the block's VERSION register (major 31:16, minor 15:0).
        pub const VERSION_VALUE: u32 = 0x0001_0000;
        /// Value of the block's NEXT register: the next block's base, 0 for the last.
        pub const NEXT_BLOCK: u32 = 0x0200;
        /// ctrl_flags (rw, BAR0 offset `0x010c`).
        pub const CONTROL: u32 = 0x010c;
        /// Reset value of `CONTROL`.
        pub const CONTROL_RESET: u32 = 0;
        /// Port MAC address bits 31:0 (set by the firmware); byte 0 on the wire is bits 47:40 (ro, BAR0 offset `0x0110`).
        pub const MAC_LO: u32 = 0x0110;
        /// Reset value of `MAC_LO`.
        pub const MAC_LO_RESET: u32 = 0;
        /// Port MAC address bits 47:32 (ro, BAR0 offset `0x0114`).
        pub const MAC_HI: u32 = 0x0114;
        /// Reset value of `MAC_HI`.
        pub const MAC_HI_RESET: u32 = 0;
        /// rx_filter bits (rw, BAR0 offset `0x0118`).
        pub const RX_FILTER: u32 = 0x0118;
        /// Reset value of `RX_FILTER`.
        pub const RX_FILTER_RESET: u32 = 6;
        /// Largest frame accepted or sent, without FCS (60..=9014) (rw, BAR0 offset `0x011c`).
        pub const MAX_FRAME: u32 = 0x011c;
        /// Reset value of `MAX_FRAME`.
        pub const MAX_FRAME_RESET: u32 = 9014;
        /// Receive queue that takes received frames (rw, BAR0 offset `0x0120`).
        pub const RX_RQ: u32 = 0x0120;
        /// Reset value of `RX_RQ`.
        pub const RX_RQ_RESET: u32 = 0;
        /// Offset of the last register access that hit no register (ro, BAR0 offset `0x0124`).
        pub const BAD_ADDR: u32 = 0x0124;
        /// Reset value of `BAD_ADDR`.
        pub const BAD_ADDR_RESET: u32 = 0;
        /// Free-running cycle counter bits 31:0 (reading it latches CYCLES_HI) (ro, BAR0 offset `0x0128`).
        pub const CYCLES_LO: u32 = 0x0128;
        /// Reset value of `CYCLES_LO`.
        pub const CYCLES_LO_RESET: u32 = 0;
        /// Cycle counter bits 63:32, as latched (ro, BAR0 offset `0x012c`).
        pub const CYCLES_HI: u32 = 0x012c;
        /// Reset value of `CYCLES_HI`.
        pub const CYCLES_HI_RESET: u32 = 0;
        /// The port's IPv4 address (set by the firmware) (ro, BAR0 offset `0x0130`).
        pub const IPV4: u32 = 0x0130;
        /// Reset value of `IPV4`.
        pub const IPV4_RESET: u32 = 0;
        /// exc_filter bits (rw, BAR0 offset `0x0134`).
        pub const EXC_FILTER: u32 = 0x0134;
        /// Reset value of `EXC_FILTER`.
        pub const EXC_FILTER_RESET: u32 = 3;
        /// The block's own registers (not the common header): (name, BAR0 offset,
        /// description), in address order.
        pub const REGISTERS: &[(&str, u32, &str)] = &[
("CONTROL", 0x010c, "ctrl_flags."),
("MAC_LO", 0x0110, "Port MAC address bits 31:0 (set by the firmware); byte 0 on the wire is bits 47:40."),
("MAC_HI", 0x0114, "Port MAC address bits 47:32."),
("RX_FILTER", 0x0118, "rx_filter bits."),
("MAX_FRAME", 0x011c, "Largest frame accepted or sent, without FCS (60..=9014)."),
("RX_RQ", 0x0120, "Receive queue that takes received frames."),
("BAD_ADDR", 0x0124, "Offset of the last register access that hit no register."),
("CYCLES_LO", 0x0128, "Free-running cycle counter bits 31:0 (reading it latches CYCLES_HI)."),
("CYCLES_HI", 0x012c, "Cycle counter bits 63:32, as latched."),
("IPV4", 0x0130, "The port's IPv4 address (set by the firmware)."),
("EXC_FILTER", 0x0134, "exc_filter bits."),
];
    }

    /// Block `MBOX` at `0x0200`: Firmware mailbox: the host writes a request into REQ, then its length into DOORBELL; the firmware's response appears in RSP and a FW_RESPONSE event is posted to EQ 0.
    pub mod mbox {
        /// Block base in BAR0.
        pub const BASE: u32 = 0x0200;
        /// Value of the block's TYPE register.
        pub const TYPE_ID: u32 = 0x574e_0003;
        /// Value of the block's VERSION register (major 31:16, minor 15:0).
        pub const VERSION_VALUE: u32 = 0x0001_0000;
        /// Value of the block's NEXT register: the next block's base, 0 for the last.
        pub const NEXT_BLOCK: u32 = 0x1000;
        /// Write the request length in words (1..=FW_MSG_MAX_WORDS) to send REQ to the firmware (wo, BAR0 offset `0x020c`).
        pub const DOORBELL: u32 = 0x020c;
        /// Reset value of `DOORBELL`.
        pub const DOORBELL_RESET: u32 = 0;
        /// Bit 0 BUSY (request in flight), bit 1 RSP_VALID, 15:8 response length in words; reading RSP_LEN does not clear it, the next DOORBELL does (ro, BAR0 offset `0x0210`).
        pub const STATUS: u32 = 0x0210;
        /// Reset value of `STATUS`.
        pub const STATUS_RESET: u32 = 0;
        /// Request words 0..=15 at 0x40 + 4*i (rw, BAR0 offset `0x0240`).
        pub const REQ: u32 = 0x0240;
        /// Reset value of `REQ`.
        pub const REQ_RESET: u32 = 0;
        /// Response words 0..=15 at 0x80 + 4*i (ro, BAR0 offset `0x0280`).
        pub const RSP: u32 = 0x0280;
        /// Reset value of `RSP`.
        pub const RSP_RESET: u32 = 0;
        /// The block's own registers (not the common header): (name, BAR0 offset,
        /// description), in address order.
        pub const REGISTERS: &[(&str, u32, &str)] = &[
("DOORBELL", 0x020c, "Write the request length in words (1..=FW_MSG_MAX_WORDS) to send REQ to the firmware."),
("STATUS", 0x0210, "Bit 0 BUSY (request in flight), bit 1 RSP_VALID, 15:8 response length in words; reading RSP_LEN does not clear it, the next DOORBELL does."),
("REQ", 0x0240, "Request words 0..=15 at 0x40 + 4*i."),
("RSP", 0x0280, "Response words 0..=15 at 0x80 + 4*i."),
];
    }

    /// Block `SQ` at `0x1000`: Raw send queues.
    pub mod sq {
        /// Block base in BAR0.
        pub const BASE: u32 = 0x1000;
        /// Value of the block's TYPE register.
        pub const TYPE_ID: u32 = 0x574e_0010;
        /// Value of the block's VERSION register (major 31:16, minor 15:0).
        pub const VERSION_VALUE: u32 = 0x0001_0000;
        /// Value of the block's NEXT register: the next block's base, 0 for the last.
        pub const NEXT_BLOCK: u32 = 0x2000;
        /// Number of elements in the array (ro, BAR0 offset `0x100c`).
        pub const COUNT: u32 = 0x100c;
        /// Reset value of `COUNT`.
        pub const COUNT_RESET: u32 = 0;
        /// Bytes between elements (ro, BAR0 offset `0x1010`).
        pub const STRIDE: u32 = 0x1010;
        /// Reset value of `STRIDE`.
        pub const STRIDE_RESET: u32 = 0;
        /// Offset of element 0 from the block base (ro, BAR0 offset `0x1014`).
        pub const ARRAY_BASE: u32 = 0x1014;
        /// Reset value of `ARRAY_BASE`.
        pub const ARRAY_BASE_RESET: u32 = 0;
        /// The block's own registers (not the common header): (name, BAR0 offset,
        /// description), in address order.
        pub const REGISTERS: &[(&str, u32, &str)] = &[
            ("COUNT", 0x100c, "Number of elements in the array."),
            ("STRIDE", 0x1010, "Bytes between elements."),
            (
                "ARRAY_BASE",
                0x1014,
                "Offset of element 0 from the block base.",
            ),
        ];
        /// BAR0 offset of element 0.
        pub const ELEM_BASE: u32 = 0x1040;
        /// Bytes between elements.
        pub const ELEM_STRIDE: u32 = 0x40;
        /// BAR0 offset of element `n`. The caller checks `n` against the block's
        /// `COUNT` register; the arithmetic wraps rather than panics.
        pub const fn elem(n: u32) -> u32 {
            ELEM_BASE.wrapping_add(n.wrapping_mul(ELEM_STRIDE))
        }
        /// Registers of one element, offsets relative to [`elem()`].
        pub mod elem {
            /// Ring base IOVA, bits 31:0 (32-byte aligned) (rw, element offset `0x0000`).
            pub const BASE_LO: u32 = 0x0000;
            /// Reset value of `BASE_LO`.
            pub const BASE_LO_RESET: u32 = 0;
            /// Ring base IOVA, bits 63:32 (rw, element offset `0x0004`).
            pub const BASE_HI: u32 = 0x0004;
            /// Reset value of `BASE_HI`.
            pub const BASE_HI_RESET: u32 = 0;
            /// Log2 of the number of entries (1..=15) (rw, element offset `0x0008`).
            pub const LOG_SIZE: u32 = 0x0008;
            /// Reset value of `LOG_SIZE`.
            pub const LOG_SIZE_RESET: u32 = 0;
            /// Completion queue that receives this queue's completions (rw, element offset `0x000c`).
            pub const CQN: u32 = 0x000c;
            /// Reset value of `CQN`.
            pub const CQN_RESET: u32 = 0;
            /// Bit 0 ENABLE; writing 0 resets the queue (pointers, error state) (rw, element offset `0x0010`).
            pub const CTRL: u32 = 0x0010;
            /// Reset value of `CTRL`.
            pub const CTRL_RESET: u32 = 0;
            /// 7:0 queue_state, 15:8 error status (cqe_status) of the error (ro, element offset `0x0014`).
            pub const STATE: u32 = 0x0014;
            /// Reset value of `STATE`.
            pub const STATE_RESET: u32 = 0;
            /// Doorbell: producer index (15:0, free-running) (rw, element offset `0x0018`).
            pub const PI: u32 = 0x0018;
            /// Reset value of `PI`.
            pub const PI_RESET: u32 = 0;
            /// Consumer index (15:0): WQEs the hardware has completed (ro, element offset `0x001c`).
            pub const CI: u32 = 0x001c;
            /// Reset value of `CI`.
            pub const CI_RESET: u32 = 0;
        }
    }

    /// Block `RQ` at `0x2000`: Raw receive queues (same element layout as SQ).
    pub mod rq {
        /// Block base in BAR0.
        pub const BASE: u32 = 0x2000;
        /// Value of the block's TYPE register.
        pub const TYPE_ID: u32 = 0x574e_0011;
        /// Value of the block's VERSION register (major 31:16, minor 15:0).
        pub const VERSION_VALUE: u32 = 0x0001_0000;
        /// Value of the block's NEXT register: the next block's base, 0 for the last.
        pub const NEXT_BLOCK: u32 = 0x3000;
        /// Number of elements in the array (ro, BAR0 offset `0x200c`).
        pub const COUNT: u32 = 0x200c;
        /// Reset value of `COUNT`.
        pub const COUNT_RESET: u32 = 0;
        /// Bytes between elements (ro, BAR0 offset `0x2010`).
        pub const STRIDE: u32 = 0x2010;
        /// Reset value of `STRIDE`.
        pub const STRIDE_RESET: u32 = 0;
        /// Offset of element 0 from the block base (ro, BAR0 offset `0x2014`).
        pub const ARRAY_BASE: u32 = 0x2014;
        /// Reset value of `ARRAY_BASE`.
        pub const ARRAY_BASE_RESET: u32 = 0;
        /// The block's own registers (not the common header): (name, BAR0 offset,
        /// description), in address order.
        pub const REGISTERS: &[(&str, u32, &str)] = &[
            ("COUNT", 0x200c, "Number of elements in the array."),
            ("STRIDE", 0x2010, "Bytes between elements."),
            (
                "ARRAY_BASE",
                0x2014,
                "Offset of element 0 from the block base.",
            ),
        ];
        /// BAR0 offset of element 0.
        pub const ELEM_BASE: u32 = 0x2040;
        /// Bytes between elements.
        pub const ELEM_STRIDE: u32 = 0x40;
        /// BAR0 offset of element `n`. The caller checks `n` against the block's
        /// `COUNT` register; the arithmetic wraps rather than panics.
        pub const fn elem(n: u32) -> u32 {
            ELEM_BASE.wrapping_add(n.wrapping_mul(ELEM_STRIDE))
        }
        /// Registers of one element, offsets relative to [`elem()`].
        pub mod elem {
            /// Ring base IOVA, bits 31:0 (32-byte aligned) (rw, element offset `0x0000`).
            pub const BASE_LO: u32 = 0x0000;
            /// Reset value of `BASE_LO`.
            pub const BASE_LO_RESET: u32 = 0;
            /// Ring base IOVA, bits 63:32 (rw, element offset `0x0004`).
            pub const BASE_HI: u32 = 0x0004;
            /// Reset value of `BASE_HI`.
            pub const BASE_HI_RESET: u32 = 0;
            /// Log2 of the number of entries (1..=15) (rw, element offset `0x0008`).
            pub const LOG_SIZE: u32 = 0x0008;
            /// Reset value of `LOG_SIZE`.
            pub const LOG_SIZE_RESET: u32 = 0;
            /// Completion queue that receives this queue's completions (rw, element offset `0x000c`).
            pub const CQN: u32 = 0x000c;
            /// Reset value of `CQN`.
            pub const CQN_RESET: u32 = 0;
            /// Bit 0 ENABLE; writing 0 resets the queue (pointers, error state) (rw, element offset `0x0010`).
            pub const CTRL: u32 = 0x0010;
            /// Reset value of `CTRL`.
            pub const CTRL_RESET: u32 = 0;
            /// 7:0 queue_state, 15:8 error status (cqe_status) of the error (ro, element offset `0x0014`).
            pub const STATE: u32 = 0x0014;
            /// Reset value of `STATE`.
            pub const STATE_RESET: u32 = 0;
            /// Doorbell: producer index (15:0, free-running) (rw, element offset `0x0018`).
            pub const PI: u32 = 0x0018;
            /// Reset value of `PI`.
            pub const PI_RESET: u32 = 0;
            /// Consumer index (15:0): WQEs the hardware has completed (ro, element offset `0x001c`).
            pub const CI: u32 = 0x001c;
            /// Reset value of `CI`.
            pub const CI_RESET: u32 = 0;
        }
    }

    /// Block `CQ` at `0x3000`: Completion queues.
    pub mod cq {
        /// Block base in BAR0.
        pub const BASE: u32 = 0x3000;
        /// Value of the block's TYPE register.
        pub const TYPE_ID: u32 = 0x574e_0012;
        /// Value of the block's VERSION register (major 31:16, minor 15:0).
        pub const VERSION_VALUE: u32 = 0x0001_0000;
        /// Value of the block's NEXT register: the next block's base, 0 for the last.
        pub const NEXT_BLOCK: u32 = 0x4000;
        /// Number of elements in the array (ro, BAR0 offset `0x300c`).
        pub const COUNT: u32 = 0x300c;
        /// Reset value of `COUNT`.
        pub const COUNT_RESET: u32 = 0;
        /// Bytes between elements (ro, BAR0 offset `0x3010`).
        pub const STRIDE: u32 = 0x3010;
        /// Reset value of `STRIDE`.
        pub const STRIDE_RESET: u32 = 0;
        /// Offset of element 0 from the block base (ro, BAR0 offset `0x3014`).
        pub const ARRAY_BASE: u32 = 0x3014;
        /// Reset value of `ARRAY_BASE`.
        pub const ARRAY_BASE_RESET: u32 = 0;
        /// The block's own registers (not the common header): (name, BAR0 offset,
        /// description), in address order.
        pub const REGISTERS: &[(&str, u32, &str)] = &[
            ("COUNT", 0x300c, "Number of elements in the array."),
            ("STRIDE", 0x3010, "Bytes between elements."),
            (
                "ARRAY_BASE",
                0x3014,
                "Offset of element 0 from the block base.",
            ),
        ];
        /// BAR0 offset of element 0.
        pub const ELEM_BASE: u32 = 0x3040;
        /// Bytes between elements.
        pub const ELEM_STRIDE: u32 = 0x40;
        /// BAR0 offset of element `n`. The caller checks `n` against the block's
        /// `COUNT` register; the arithmetic wraps rather than panics.
        pub const fn elem(n: u32) -> u32 {
            ELEM_BASE.wrapping_add(n.wrapping_mul(ELEM_STRIDE))
        }
        /// Registers of one element, offsets relative to [`elem()`].
        pub mod elem {
            /// Ring base IOVA, bits 31:0 (32-byte aligned) (rw, element offset `0x0000`).
            pub const BASE_LO: u32 = 0x0000;
            /// Reset value of `BASE_LO`.
            pub const BASE_LO_RESET: u32 = 0;
            /// Ring base IOVA, bits 63:32 (rw, element offset `0x0004`).
            pub const BASE_HI: u32 = 0x0004;
            /// Reset value of `BASE_HI`.
            pub const BASE_HI_RESET: u32 = 0;
            /// Log2 of the number of entries (1..=15) (rw, element offset `0x0008`).
            pub const LOG_SIZE: u32 = 0x0008;
            /// Reset value of `LOG_SIZE`.
            pub const LOG_SIZE_RESET: u32 = 0;
            /// Event queue that receives this CQ's events (rw, element offset `0x000c`).
            pub const EQN: u32 = 0x000c;
            /// Reset value of `EQN`.
            pub const EQN_RESET: u32 = 0;
            /// Bit 0 ENABLE; writing 0 resets the CQ (rw, element offset `0x0010`).
            pub const CTRL: u32 = 0x0010;
            /// Reset value of `CTRL`.
            pub const CTRL_RESET: u32 = 0;
            /// 7:0 queue_state, 15:8 error status; bit 16 ARMED; bit 17 BUSY: CQE writes in flight (ro, element offset `0x0014`).
            pub const STATE: u32 = 0x0014;
            /// Reset value of `STATE`.
            pub const STATE_RESET: u32 = 0;
            /// Any write arms the CQ: its next CQE posts a CQ_COMPLETION event (wo, element offset `0x0018`).
            pub const ARM: u32 = 0x0018;
            /// Reset value of `ARM`.
            pub const ARM_RESET: u32 = 0;
            /// Consumer index (15:0) written by the host; the hardware never overwrites an unconsumed CQE (rw, element offset `0x001c`).
            pub const CI: u32 = 0x001c;
            /// Reset value of `CI`.
            pub const CI_RESET: u32 = 0;
            /// Producer index (15:0): CQEs written (ro, element offset `0x0020`).
            pub const PI: u32 = 0x0020;
            /// Reset value of `PI`.
            pub const PI_RESET: u32 = 0;
        }
    }

    /// Block `EQ` at `0x4000`: Event queues; EQ n raises interrupt vector n.
    pub mod eq {
        /// Block base in BAR0.
        pub const BASE: u32 = 0x4000;
        /// Value of the block's TYPE register.
        pub const TYPE_ID: u32 = 0x574e_0013;
        /// Value of the block's VERSION register (major 31:16, minor 15:0).
        pub const VERSION_VALUE: u32 = 0x0001_0000;
        /// Value of the block's NEXT register: the next block's base, 0 for the last.
        pub const NEXT_BLOCK: u32 = 0x5000;
        /// Number of elements in the array (ro, BAR0 offset `0x400c`).
        pub const COUNT: u32 = 0x400c;
        /// Reset value of `COUNT`.
        pub const COUNT_RESET: u32 = 0;
        /// Bytes between elements (ro, BAR0 offset `0x4010`).
        pub const STRIDE: u32 = 0x4010;
        /// Reset value of `STRIDE`.
        pub const STRIDE_RESET: u32 = 0;
        /// Offset of element 0 from the block base (ro, BAR0 offset `0x4014`).
        pub const ARRAY_BASE: u32 = 0x4014;
        /// Reset value of `ARRAY_BASE`.
        pub const ARRAY_BASE_RESET: u32 = 0;
        /// The block's own registers (not the common header): (name, BAR0 offset,
        /// description), in address order.
        pub const REGISTERS: &[(&str, u32, &str)] = &[
            ("COUNT", 0x400c, "Number of elements in the array."),
            ("STRIDE", 0x4010, "Bytes between elements."),
            (
                "ARRAY_BASE",
                0x4014,
                "Offset of element 0 from the block base.",
            ),
        ];
        /// BAR0 offset of element 0.
        pub const ELEM_BASE: u32 = 0x4040;
        /// Bytes between elements.
        pub const ELEM_STRIDE: u32 = 0x40;
        /// BAR0 offset of element `n`. The caller checks `n` against the block's
        /// `COUNT` register; the arithmetic wraps rather than panics.
        pub const fn elem(n: u32) -> u32 {
            ELEM_BASE.wrapping_add(n.wrapping_mul(ELEM_STRIDE))
        }
        /// Registers of one element, offsets relative to [`elem()`].
        pub mod elem {
            /// Ring base IOVA, bits 31:0 (16-byte aligned) (rw, element offset `0x0000`).
            pub const BASE_LO: u32 = 0x0000;
            /// Reset value of `BASE_LO`.
            pub const BASE_LO_RESET: u32 = 0;
            /// Ring base IOVA, bits 63:32 (rw, element offset `0x0004`).
            pub const BASE_HI: u32 = 0x0004;
            /// Reset value of `BASE_HI`.
            pub const BASE_HI_RESET: u32 = 0;
            /// Log2 of the number of entries (1..=15) (rw, element offset `0x0008`).
            pub const LOG_SIZE: u32 = 0x0008;
            /// Reset value of `LOG_SIZE`.
            pub const LOG_SIZE_RESET: u32 = 0;
            /// Bit 0 ENABLE, bit 1 IRQ_ENABLE; writing 0 to ENABLE resets the EQ (rw, element offset `0x000c`).
            pub const CTRL: u32 = 0x000c;
            /// Reset value of `CTRL`.
            pub const CTRL_RESET: u32 = 0;
            /// Interrupt moderation: raise the interrupt once this many events are pending (0 acts as 1) (rw, element offset `0x0010`).
            pub const MOD_COUNT: u32 = 0x0010;
            /// Reset value of `MOD_COUNT`.
            pub const MOD_COUNT_RESET: u32 = 1;
            /// Interrupt moderation: or once the oldest pending event is this many microseconds old (0: no timer) (rw, element offset `0x0014`).
            pub const MOD_USECS: u32 = 0x0014;
            /// Reset value of `MOD_USECS`.
            pub const MOD_USECS_RESET: u32 = 0;
            /// Consumer index (15:0) written by the host (rw, element offset `0x0018`).
            pub const CI: u32 = 0x0018;
            /// Reset value of `CI`.
            pub const CI_RESET: u32 = 0;
            /// Producer index (15:0): EQEs written (ro, element offset `0x001c`).
            pub const PI: u32 = 0x001c;
            /// Reset value of `PI`.
            pub const PI_RESET: u32 = 0;
            /// 7:0 queue_state, 15:8 error status; bit 16 BUSY: EQE writes in flight (ro, element offset `0x0020`).
            pub const STATE: u32 = 0x0020;
            /// Reset value of `STATE`.
            pub const STATE_RESET: u32 = 0;
        }
    }

    /// Block `STATS` at `0x5000`: 64-bit counters; each is a LO/HI pair, reading LO latches HI.
    pub mod stats {
        /// Block base in BAR0.
        pub const BASE: u32 = 0x5000;
        /// Value of the block's TYPE register.
        pub const TYPE_ID: u32 = 0x574e_0020;
        /// Value of the block's VERSION register (major 31:16, minor 15:0).
        pub const VERSION_VALUE: u32 = 0x0001_0000;
        /// Value of the block's NEXT register: the next block's base, 0 for the last.
        pub const NEXT_BLOCK: u32 = 0x8000;
        /// Frames sent (ro, BAR0 offset `0x5010`).
        pub const TX_FRAMES: u32 = 0x5010;
        /// Reset value of `TX_FRAMES`.
        pub const TX_FRAMES_RESET: u32 = 0;
        /// Bytes sent (without FCS) (ro, BAR0 offset `0x5018`).
        pub const TX_BYTES: u32 = 0x5018;
        /// Reset value of `TX_BYTES`.
        pub const TX_BYTES_RESET: u32 = 0;
        /// Frames delivered to a receive queue (ro, BAR0 offset `0x5020`).
        pub const RX_FRAMES: u32 = 0x5020;
        /// Reset value of `RX_FRAMES`.
        pub const RX_FRAMES_RESET: u32 = 0;
        /// Bytes delivered (ro, BAR0 offset `0x5028`).
        pub const RX_BYTES: u32 = 0x5028;
        /// Reset value of `RX_BYTES`.
        pub const RX_BYTES_RESET: u32 = 0;
        /// Frames dropped for a bad FCS or a MAC error (ro, BAR0 offset `0x5030`).
        pub const RX_FCS_ERR: u32 = 0x5030;
        /// Reset value of `RX_FCS_ERR`.
        pub const RX_FCS_ERR_RESET: u32 = 0;
        /// Frames dropped by the destination address filter (ro, BAR0 offset `0x5038`).
        pub const RX_DROP_FILTER: u32 = 0x5038;
        /// Reset value of `RX_DROP_FILTER`.
        pub const RX_DROP_FILTER_RESET: u32 = 0;
        /// Frames dropped for being shorter than 14 bytes or longer than MAX_FRAME (ro, BAR0 offset `0x5040`).
        pub const RX_DROP_LENGTH: u32 = 0x5040;
        /// Reset value of `RX_DROP_LENGTH`.
        pub const RX_DROP_LENGTH_RESET: u32 = 0;
        /// Frames dropped because no receive buffer was posted (ro, BAR0 offset `0x5048`).
        pub const RX_DROP_NO_BUF: u32 = 0x5048;
        /// Reset value of `RX_DROP_NO_BUF`.
        pub const RX_DROP_NO_BUF_RESET: u32 = 0;
        /// Frames dropped because the receive FIFO was full (ro, BAR0 offset `0x5050`).
        pub const RX_DROP_OVERRUN: u32 = 0x5050;
        /// Reset value of `RX_DROP_OVERRUN`.
        pub const RX_DROP_OVERRUN_RESET: u32 = 0;
        /// Frames larger than the posted buffer (completed with LOC_LEN_ERR) (ro, BAR0 offset `0x5058`).
        pub const RX_LEN_ERR: u32 = 0x5058;
        /// Reset value of `RX_LEN_ERR`.
        pub const RX_LEN_ERR_RESET: u32 = 0;
        /// Send work requests completed in error (ro, BAR0 offset `0x5060`).
        pub const TX_ERR: u32 = 0x5060;
        /// Reset value of `TX_ERR`.
        pub const TX_ERR_RESET: u32 = 0;
        /// DMA reads refused by the host (ro, BAR0 offset `0x5068`).
        pub const DMA_RD_ERR: u32 = 0x5068;
        /// Reset value of `DMA_RD_ERR`.
        pub const DMA_RD_ERR_RESET: u32 = 0;
        /// DMA writes refused by the host (ro, BAR0 offset `0x5070`).
        pub const DMA_WR_ERR: u32 = 0x5070;
        /// Reset value of `DMA_WR_ERR`.
        pub const DMA_WR_ERR_RESET: u32 = 0;
        /// Register accesses that hit no register (ro, BAR0 offset `0x5078`).
        pub const BAD_REG: u32 = 0x5078;
        /// Reset value of `BAD_REG`.
        pub const BAD_REG_RESET: u32 = 0;
        /// Doorbells that posted more entries than the ring holds (ro, BAR0 offset `0x5080`).
        pub const DOORBELL_ERR: u32 = 0x5080;
        /// Reset value of `DOORBELL_ERR`.
        pub const DOORBELL_ERR_RESET: u32 = 0;
        /// Events written (ro, BAR0 offset `0x5088`).
        pub const EVENTS: u32 = 0x5088;
        /// Reset value of `EVENTS`.
        pub const EVENTS_RESET: u32 = 0;
        /// Interrupts raised (ro, BAR0 offset `0x5090`).
        pub const IRQS: u32 = 0x5090;
        /// Reset value of `IRQS`.
        pub const IRQS_RESET: u32 = 0;
        /// Mailbox requests passed to the firmware (ro, BAR0 offset `0x5098`).
        pub const FW_MSGS: u32 = 0x5098;
        /// Reset value of `FW_MSGS`.
        pub const FW_MSGS_RESET: u32 = 0;
        /// Received frames passed to the firmware (ro, BAR0 offset `0x50a0`).
        pub const RX_EXCEPTION: u32 = 0x50a0;
        /// Reset value of `RX_EXCEPTION`.
        pub const RX_EXCEPTION_RESET: u32 = 0;
        /// Exception frames dropped: longer than FW_FRAME_MAX, or the firmware's buffer was full (ro, BAR0 offset `0x50a8`).
        pub const RX_DROP_EXCEPTION: u32 = 0x50a8;
        /// Reset value of `RX_DROP_EXCEPTION`.
        pub const RX_DROP_EXCEPTION_RESET: u32 = 0;
        /// Frames the firmware sent (ro, BAR0 offset `0x50b0`).
        pub const TX_FW_FRAMES: u32 = 0x50b0;
        /// Reset value of `TX_FW_FRAMES`.
        pub const TX_FW_FRAMES_RESET: u32 = 0;
        /// TCP segments to the port's address taken by the TCP engine (ro, BAR0 offset `0x50b8`).
        pub const TCP_RX_SEGS: u32 = 0x50b8;
        /// Reset value of `TCP_RX_SEGS`.
        pub const TCP_RX_SEGS_RESET: u32 = 0;
        /// TCP segments dropped for a bad IPv4 or TCP checksum (or a MAC error) (ro, BAR0 offset `0x50c0`).
        pub const TCP_RX_BAD_CSUM: u32 = 0x50c0;
        /// Reset value of `TCP_RX_BAD_CSUM`.
        pub const TCP_RX_BAD_CSUM_RESET: u32 = 0;
        /// TCP segments dropped by the engine: unacceptable, for an aborted connection, no free connection id, or its queue full (ro, BAR0 offset `0x50c8`).
        pub const TCP_RX_DROP: u32 = 0x50c8;
        /// Reset value of `TCP_RX_DROP`.
        pub const TCP_RX_DROP_RESET: u32 = 0;
        /// RSTs the engine sent in answer to segments for no connection or bad ACKs (ro, BAR0 offset `0x50d0`).
        pub const TCP_RST_SENT: u32 = 0x50d0;
        /// Reset value of `TCP_RST_SENT`.
        pub const TCP_RST_SENT_RESET: u32 = 0;
        /// Segments the TCP engine sent (ro, BAR0 offset `0x50d8`).
        pub const TCP_TX_SEGS: u32 = 0x50d8;
        /// Reset value of `TCP_TX_SEGS`.
        pub const TCP_TX_SEGS_RESET: u32 = 0;
        /// CPL messages the TCP engine refused (unknown opcode, bad length, unknown id or wrong state), and stream doorbells it lost or that named no connection (ro, BAR0 offset `0x50e0`).
        pub const TCP_CPL_BAD: u32 = 0x50e0;
        /// Reset value of `TCP_CPL_BAD`.
        pub const TCP_CPL_BAD_RESET: u32 = 0;
        /// The block's own registers (not the common header): (name, BAR0 offset,
        /// description), in address order.
        pub const REGISTERS: &[(&str, u32, &str)] = &[
("TX_FRAMES", 0x5010, "Frames sent."),
("TX_BYTES", 0x5018, "Bytes sent (without FCS)."),
("RX_FRAMES", 0x5020, "Frames delivered to a receive queue."),
("RX_BYTES", 0x5028, "Bytes delivered."),
("RX_FCS_ERR", 0x5030, "Frames dropped for a bad FCS or a MAC error."),
("RX_DROP_FILTER", 0x5038, "Frames dropped by the destination address filter."),
("RX_DROP_LENGTH", 0x5040, "Frames dropped for being shorter than 14 bytes or longer than MAX_FRAME."),
("RX_DROP_NO_BUF", 0x5048, "Frames dropped because no receive buffer was posted."),
("RX_DROP_OVERRUN", 0x5050, "Frames dropped because the receive FIFO was full."),
("RX_LEN_ERR", 0x5058, "Frames larger than the posted buffer (completed with LOC_LEN_ERR)."),
("TX_ERR", 0x5060, "Send work requests completed in error."),
("DMA_RD_ERR", 0x5068, "DMA reads refused by the host."),
("DMA_WR_ERR", 0x5070, "DMA writes refused by the host."),
("BAD_REG", 0x5078, "Register accesses that hit no register."),
("DOORBELL_ERR", 0x5080, "Doorbells that posted more entries than the ring holds."),
("EVENTS", 0x5088, "Events written."),
("IRQS", 0x5090, "Interrupts raised."),
("FW_MSGS", 0x5098, "Mailbox requests passed to the firmware."),
("RX_EXCEPTION", 0x50a0, "Received frames passed to the firmware."),
("RX_DROP_EXCEPTION", 0x50a8, "Exception frames dropped: longer than FW_FRAME_MAX, or the firmware's buffer was full."),
("TX_FW_FRAMES", 0x50b0, "Frames the firmware sent."),
("TCP_RX_SEGS", 0x50b8, "TCP segments to the port's address taken by the TCP engine."),
("TCP_RX_BAD_CSUM", 0x50c0, "TCP segments dropped for a bad IPv4 or TCP checksum (or a MAC error)."),
("TCP_RX_DROP", 0x50c8, "TCP segments dropped by the engine: unacceptable, for an aborted connection, no free connection id, or its queue full."),
("TCP_RST_SENT", 0x50d0, "RSTs the engine sent in answer to segments for no connection or bad ACKs."),
("TCP_TX_SEGS", 0x50d8, "Segments the TCP engine sent."),
("TCP_CPL_BAD", 0x50e0, "CPL messages the TCP engine refused (unknown opcode, bad length, unknown id or wrong state), and stream doorbells it lost or that named no connection."),
];
    }

    /// Block `TCP` at `0x8000`: TCP stream doorbells, one pair per connection id (tid): the host tells the engine how far it has written into the stream's send buffer and how far it has read from its receive buffer. Values are stream offsets: bytes since the stream's first byte, modulo 2^32. COUNT is the number of connection ids.
    pub mod tcp {
        /// Block base in BAR0.
        pub const BASE: u32 = 0x8000;
        /// Value of the block's TYPE register.
        pub const TYPE_ID: u32 = 0x574e_0030;
        /// Value of the block's VERSION register (major 31:16, minor 15:0).
        pub const VERSION_VALUE: u32 = 0x0001_0000;
        /// Value of the block's NEXT register: the next block's base, 0 for the last.
        pub const NEXT_BLOCK: u32 = 0xb000;
        /// Number of elements in the array (ro, BAR0 offset `0x800c`).
        pub const COUNT: u32 = 0x800c;
        /// Reset value of `COUNT`.
        pub const COUNT_RESET: u32 = 0;
        /// Bytes between elements (ro, BAR0 offset `0x8010`).
        pub const STRIDE: u32 = 0x8010;
        /// Reset value of `STRIDE`.
        pub const STRIDE_RESET: u32 = 0;
        /// Offset of element 0 from the block base (ro, BAR0 offset `0x8014`).
        pub const ARRAY_BASE: u32 = 0x8014;
        /// Reset value of `ARRAY_BASE`.
        pub const ARRAY_BASE_RESET: u32 = 0;
        /// Number of listener slots of the TCP engine (ro, BAR0 offset `0x8018`).
        pub const NUM_LISTEN: u32 = 0x8018;
        /// Reset value of `NUM_LISTEN`.
        pub const NUM_LISTEN_RESET: u32 = 0;
        /// The block's own registers (not the common header): (name, BAR0 offset,
        /// description), in address order.
        pub const REGISTERS: &[(&str, u32, &str)] = &[
            ("COUNT", 0x800c, "Number of elements in the array."),
            ("STRIDE", 0x8010, "Bytes between elements."),
            (
                "ARRAY_BASE",
                0x8014,
                "Offset of element 0 from the block base.",
            ),
            (
                "NUM_LISTEN",
                0x8018,
                "Number of listener slots of the TCP engine.",
            ),
        ];
        /// BAR0 offset of element 0.
        pub const ELEM_BASE: u32 = 0x8040;
        /// Bytes between elements.
        pub const ELEM_STRIDE: u32 = 0x08;
        /// BAR0 offset of element `n`. The caller checks `n` against the block's
        /// `COUNT` register; the arithmetic wraps rather than panics.
        pub const fn elem(n: u32) -> u32 {
            ELEM_BASE.wrapping_add(n.wrapping_mul(ELEM_STRIDE))
        }
        /// Registers of one element, offsets relative to [`elem()`].
        pub mod elem {
            /// Stream offset after the last byte written into the send buffer (wo, element offset `0x0000`).
            pub const TX_END: u32 = 0x0000;
            /// Reset value of `TX_END`.
            pub const TX_END_RESET: u32 = 0;
            /// Stream offset after the last byte read from the receive buffer (reopens the window) (wo, element offset `0x0004`).
            pub const RX_READ: u32 = 0x0004;
            /// Reset value of `RX_READ`.
            pub const RX_READ_RESET: u32 = 0;
        }
    }

    /// Block `RDMA` at `0xb000`: RDMA control: memory regions and queue pairs. Write the arguments into ARG, then an rdma_cmd into OP; STATUS tells when it is done and how.
    pub mod rdma {
        /// Block base in BAR0.
        pub const BASE: u32 = 0xb000;
        /// Value of the block's TYPE register.
        pub const TYPE_ID: u32 = 0x574e_0040;
        /// Value of the block's VERSION register (major 31:16, minor 15:0).
        pub const VERSION_VALUE: u32 = 0x0001_0000;
        /// Value of the block's NEXT register: the next block's base, 0 for the last.
        pub const NEXT_BLOCK: u32 = 0xc000;
        /// Write an rdma_cmd to run it with the ARG words (ignored while BUSY) (wo, BAR0 offset `0xb010`).
        pub const OP: u32 = 0xb010;
        /// Reset value of `OP`.
        pub const OP_RESET: u32 = 0;
        /// Bit 0 BUSY, 15:8 rdma_cmd_status of the last command (ro, BAR0 offset `0xb014`).
        pub const STATUS: u32 = 0xb014;
        /// Reset value of `STATUS`.
        pub const STATUS_RESET: u32 = 0;
        /// Number of queue pairs (ro, BAR0 offset `0xb018`).
        pub const NUM_QP: u32 = 0xb018;
        /// Reset value of `NUM_QP`.
        pub const NUM_QP_RESET: u32 = 0;
        /// Number of memory-region table entries (ro, BAR0 offset `0xb01c`).
        pub const NUM_MR: u32 = 0xb01c;
        /// Reset value of `NUM_MR`.
        pub const NUM_MR_RESET: u32 = 0;
        /// Argument words 0..=15 at 0x40 + 4*i (rw, BAR0 offset `0xb040`).
        pub const ARG: u32 = 0xb040;
        /// Reset value of `ARG`.
        pub const ARG_RESET: u32 = 0;
        /// Result words 0..=3 at 0x80 + 4*i (ro, BAR0 offset `0xb080`).
        pub const RSP: u32 = 0xb080;
        /// Reset value of `RSP`.
        pub const RSP_RESET: u32 = 0;
        /// The block's own registers (not the common header): (name, BAR0 offset,
        /// description), in address order.
        pub const REGISTERS: &[(&str, u32, &str)] = &[
            (
                "OP",
                0xb010,
                "Write an rdma_cmd to run it with the ARG words (ignored while BUSY).",
            ),
            (
                "STATUS",
                0xb014,
                "Bit 0 BUSY, 15:8 rdma_cmd_status of the last command.",
            ),
            ("NUM_QP", 0xb018, "Number of queue pairs."),
            ("NUM_MR", 0xb01c, "Number of memory-region table entries."),
            ("ARG", 0xb040, "Argument words 0..=15 at 0x40 + 4*i."),
            ("RSP", 0xb080, "Result words 0..=3 at 0x80 + 4*i."),
        ];
    }

    /// Block `QP` at `0xc000`: Queue-pair doorbells, one pair per QP: the producer index of its send and receive rings (free-running, 15:0).
    pub mod qp {
        /// Block base in BAR0.
        pub const BASE: u32 = 0xc000;
        /// Value of the block's TYPE register.
        pub const TYPE_ID: u32 = 0x574e_0041;
        /// Value of the block's VERSION register (major 31:16, minor 15:0).
        pub const VERSION_VALUE: u32 = 0x0001_0000;
        /// Value of the block's NEXT register: the next block's base, 0 for the last.
        pub const NEXT_BLOCK: u32 = 0x0000;
        /// Number of elements in the array (ro, BAR0 offset `0xc00c`).
        pub const COUNT: u32 = 0xc00c;
        /// Reset value of `COUNT`.
        pub const COUNT_RESET: u32 = 0;
        /// Bytes between elements (ro, BAR0 offset `0xc010`).
        pub const STRIDE: u32 = 0xc010;
        /// Reset value of `STRIDE`.
        pub const STRIDE_RESET: u32 = 0;
        /// Offset of element 0 from the block base (ro, BAR0 offset `0xc014`).
        pub const ARRAY_BASE: u32 = 0xc014;
        /// Reset value of `ARRAY_BASE`.
        pub const ARRAY_BASE_RESET: u32 = 0;
        /// The block's own registers (not the common header): (name, BAR0 offset,
        /// description), in address order.
        pub const REGISTERS: &[(&str, u32, &str)] = &[
            ("COUNT", 0xc00c, "Number of elements in the array."),
            ("STRIDE", 0xc010, "Bytes between elements."),
            (
                "ARRAY_BASE",
                0xc014,
                "Offset of element 0 from the block base.",
            ),
        ];
        /// BAR0 offset of element 0.
        pub const ELEM_BASE: u32 = 0xc040;
        /// Bytes between elements.
        pub const ELEM_STRIDE: u32 = 0x08;
        /// BAR0 offset of element `n`. The caller checks `n` against the block's
        /// `COUNT` register; the arithmetic wraps rather than panics.
        pub const fn elem(n: u32) -> u32 {
            ELEM_BASE.wrapping_add(n.wrapping_mul(ELEM_STRIDE))
        }
        /// Registers of one element, offsets relative to [`elem()`].
        pub mod elem {
            /// Send-queue producer index (15:0): entries posted (wo, element offset `0x0000`).
            pub const SQ_PI: u32 = 0x0000;
            /// Reset value of `SQ_PI`.
            pub const SQ_PI_RESET: u32 = 0;
            /// Receive-queue producer index (15:0): entries posted (wo, element offset `0x0004`).
            pub const RQ_PI: u32 = 0x0004;
            /// Reset value of `RQ_PI`.
            pub const RQ_PI_RESET: u32 = 0;
        }
    }
}

/// Send-queue work queue entry (warpnic), 32 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SqWqe {
    /// Byte 0: a [`WqeOpcode`] code.
    pub opcode: u8,
    /// Byte 1: `wqe_flags` bits, see [`wqe_flags`].
    pub flags: u8,
    /// Byte 2: reserved, zero.
    pub rsvd0: u16,
    /// Byte 4: frame length in bytes, without FCS.
    pub len: u32,
    /// Byte 8: IOVA of the frame.
    pub addr: u64,
    /// Byte 16: opaque, returned in the CQE.
    pub wr_id: u64,
    /// Byte 24: reserved, zero.
    pub rsvd1: u64,
}

const _: () = assert!(core::mem::size_of::<SqWqe>() == 32);
const _: () = assert!(core::mem::offset_of!(SqWqe, opcode) == 0);
const _: () = assert!(core::mem::offset_of!(SqWqe, flags) == 1);
const _: () = assert!(core::mem::offset_of!(SqWqe, rsvd0) == 2);
const _: () = assert!(core::mem::offset_of!(SqWqe, len) == 4);
const _: () = assert!(core::mem::offset_of!(SqWqe, addr) == 8);
const _: () = assert!(core::mem::offset_of!(SqWqe, wr_id) == 16);
const _: () = assert!(core::mem::offset_of!(SqWqe, rsvd1) == 24);

impl SqWqe {
    /// Size in bytes.
    pub const SIZE: usize = 32;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..1].copy_from_slice(&self.opcode.to_le_bytes());
        b[1..2].copy_from_slice(&self.flags.to_le_bytes());
        b[2..4].copy_from_slice(&self.rsvd0.to_le_bytes());
        b[4..8].copy_from_slice(&self.len.to_le_bytes());
        b[8..16].copy_from_slice(&self.addr.to_le_bytes());
        b[16..24].copy_from_slice(&self.wr_id.to_le_bytes());
        b[24..32].copy_from_slice(&self.rsvd1.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            opcode: u8::from_le_bytes(bytes_at(b, 0)),
            flags: u8::from_le_bytes(bytes_at(b, 1)),
            rsvd0: u16::from_le_bytes(bytes_at(b, 2)),
            len: u32::from_le_bytes(bytes_at(b, 4)),
            addr: u64::from_le_bytes(bytes_at(b, 8)),
            wr_id: u64::from_le_bytes(bytes_at(b, 16)),
            rsvd1: u64::from_le_bytes(bytes_at(b, 24)),
        }
    }
}

/// Receive-queue work queue entry (warpnic), 32 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RqWqe {
    /// Byte 0: reserved, zero.
    pub rsvd0: u32,
    /// Byte 4: buffer length in bytes.
    pub len: u32,
    /// Byte 8: IOVA of the buffer.
    pub addr: u64,
    /// Byte 16: opaque, returned in the CQE.
    pub wr_id: u64,
    /// Byte 24: reserved, zero.
    pub rsvd1: u64,
}

const _: () = assert!(core::mem::size_of::<RqWqe>() == 32);
const _: () = assert!(core::mem::offset_of!(RqWqe, rsvd0) == 0);
const _: () = assert!(core::mem::offset_of!(RqWqe, len) == 4);
const _: () = assert!(core::mem::offset_of!(RqWqe, addr) == 8);
const _: () = assert!(core::mem::offset_of!(RqWqe, wr_id) == 16);
const _: () = assert!(core::mem::offset_of!(RqWqe, rsvd1) == 24);

impl RqWqe {
    /// Size in bytes.
    pub const SIZE: usize = 32;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..4].copy_from_slice(&self.rsvd0.to_le_bytes());
        b[4..8].copy_from_slice(&self.len.to_le_bytes());
        b[8..16].copy_from_slice(&self.addr.to_le_bytes());
        b[16..24].copy_from_slice(&self.wr_id.to_le_bytes());
        b[24..32].copy_from_slice(&self.rsvd1.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            rsvd0: u32::from_le_bytes(bytes_at(b, 0)),
            len: u32::from_le_bytes(bytes_at(b, 4)),
            addr: u64::from_le_bytes(bytes_at(b, 8)),
            wr_id: u64::from_le_bytes(bytes_at(b, 16)),
            rsvd1: u64::from_le_bytes(bytes_at(b, 24)),
        }
    }
}

/// Completion queue entry. The hardware writes it in one DMA write; OWNER flips each pass over the ring (1 on the first pass) (warpnic), 32 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cqe {
    /// Byte 0: wr_id of the work request.
    pub wr_id: u64,
    /// Byte 8: bytes sent or received (for RECV with LOC_LEN_ERR: the frame's length).
    pub byte_len: u32,
    /// Byte 12: SQ or RQ number.
    pub queue: u16,
    /// Byte 14: ring index of the work request (15:0 of the free-running index).
    pub wqe_idx: u16,
    /// Byte 16: a [`CqeOpcode`] code.
    pub opcode: u8,
    /// Byte 17: a [`CqeStatus`] code.
    pub status: u8,
    /// Byte 18: cqe_flags (RDMA completions).
    pub flags: u8,
    /// Byte 19: reserved.
    pub rsvd0: u8,
    /// Byte 20: core cycle counter (31:0) when the completion was generated; with flags IMM or INV: imm bits 31:0 instead.
    pub timestamp: u32,
    /// Byte 24: with flags IMM: imm bits 63:32.
    pub imm_hi: u32,
    /// Byte 28: reserved.
    pub rsvd1: [u8; 3],
    /// Byte 31: bit 0: phase of this entry.
    pub owner: u8,
}

const _: () = assert!(core::mem::size_of::<Cqe>() == 32);
const _: () = assert!(core::mem::offset_of!(Cqe, wr_id) == 0);
const _: () = assert!(core::mem::offset_of!(Cqe, byte_len) == 8);
const _: () = assert!(core::mem::offset_of!(Cqe, queue) == 12);
const _: () = assert!(core::mem::offset_of!(Cqe, wqe_idx) == 14);
const _: () = assert!(core::mem::offset_of!(Cqe, opcode) == 16);
const _: () = assert!(core::mem::offset_of!(Cqe, status) == 17);
const _: () = assert!(core::mem::offset_of!(Cqe, flags) == 18);
const _: () = assert!(core::mem::offset_of!(Cqe, rsvd0) == 19);
const _: () = assert!(core::mem::offset_of!(Cqe, timestamp) == 20);
const _: () = assert!(core::mem::offset_of!(Cqe, imm_hi) == 24);
const _: () = assert!(core::mem::offset_of!(Cqe, rsvd1) == 28);
const _: () = assert!(core::mem::offset_of!(Cqe, owner) == 31);

impl Cqe {
    /// Size in bytes.
    pub const SIZE: usize = 32;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..8].copy_from_slice(&self.wr_id.to_le_bytes());
        b[8..12].copy_from_slice(&self.byte_len.to_le_bytes());
        b[12..14].copy_from_slice(&self.queue.to_le_bytes());
        b[14..16].copy_from_slice(&self.wqe_idx.to_le_bytes());
        b[16..17].copy_from_slice(&self.opcode.to_le_bytes());
        b[17..18].copy_from_slice(&self.status.to_le_bytes());
        b[18..19].copy_from_slice(&self.flags.to_le_bytes());
        b[19..20].copy_from_slice(&self.rsvd0.to_le_bytes());
        b[20..24].copy_from_slice(&self.timestamp.to_le_bytes());
        b[24..28].copy_from_slice(&self.imm_hi.to_le_bytes());
        b[28..31].copy_from_slice(&self.rsvd1);
        b[31..32].copy_from_slice(&self.owner.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            wr_id: u64::from_le_bytes(bytes_at(b, 0)),
            byte_len: u32::from_le_bytes(bytes_at(b, 8)),
            queue: u16::from_le_bytes(bytes_at(b, 12)),
            wqe_idx: u16::from_le_bytes(bytes_at(b, 14)),
            opcode: u8::from_le_bytes(bytes_at(b, 16)),
            status: u8::from_le_bytes(bytes_at(b, 17)),
            flags: u8::from_le_bytes(bytes_at(b, 18)),
            rsvd0: u8::from_le_bytes(bytes_at(b, 19)),
            timestamp: u32::from_le_bytes(bytes_at(b, 20)),
            imm_hi: u32::from_le_bytes(bytes_at(b, 24)),
            rsvd1: bytes_at(b, 28),
            owner: u8::from_le_bytes(bytes_at(b, 31)),
        }
    }
}

/// Event queue entry; OWNER as in the CQE (warpnic), 16 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Eqe {
    /// Byte 0: a [`EqeType`] code.
    pub event_type: u8,
    /// Byte 1: reserved.
    pub rsvd0: u8,
    /// Byte 2: CQ, SQ or RQ number.
    pub source: u16,
    /// Byte 4: event-specific (the error status for *_ERROR).
    pub data: u32,
    /// Byte 8: core cycle counter (31:0).
    pub timestamp: u32,
    /// Byte 12: reserved.
    pub rsvd1: [u8; 3],
    /// Byte 15: bit 0: phase of this entry.
    pub owner: u8,
}

const _: () = assert!(core::mem::size_of::<Eqe>() == 16);
const _: () = assert!(core::mem::offset_of!(Eqe, event_type) == 0);
const _: () = assert!(core::mem::offset_of!(Eqe, rsvd0) == 1);
const _: () = assert!(core::mem::offset_of!(Eqe, source) == 2);
const _: () = assert!(core::mem::offset_of!(Eqe, data) == 4);
const _: () = assert!(core::mem::offset_of!(Eqe, timestamp) == 8);
const _: () = assert!(core::mem::offset_of!(Eqe, rsvd1) == 12);
const _: () = assert!(core::mem::offset_of!(Eqe, owner) == 15);

impl Eqe {
    /// Size in bytes.
    pub const SIZE: usize = 16;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..1].copy_from_slice(&self.event_type.to_le_bytes());
        b[1..2].copy_from_slice(&self.rsvd0.to_le_bytes());
        b[2..4].copy_from_slice(&self.source.to_le_bytes());
        b[4..8].copy_from_slice(&self.data.to_le_bytes());
        b[8..12].copy_from_slice(&self.timestamp.to_le_bytes());
        b[12..15].copy_from_slice(&self.rsvd1);
        b[15..16].copy_from_slice(&self.owner.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            event_type: u8::from_le_bytes(bytes_at(b, 0)),
            rsvd0: u8::from_le_bytes(bytes_at(b, 1)),
            source: u16::from_le_bytes(bytes_at(b, 2)),
            data: u32::from_le_bytes(bytes_at(b, 4)),
            timestamp: u32::from_le_bytes(bytes_at(b, 8)),
            rsvd1: bytes_at(b, 12),
            owner: u8::from_le_bytes(bytes_at(b, 15)),
        }
    }
}

/// Why a queue pair entered ERROR: the Terminate it sent or received (QP_ERROR event data, QP_QUERY RSP1) (RFC 5040 §7), 4 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QpErrorInfo {
    /// Byte 0: Terminate error code.
    pub ecode: u8,
    /// Byte 1: Terminate error type (3:0).
    pub etype: u8,
    /// Byte 2: term_layer (3:0).
    pub layer: u8,
    /// Byte 3: cpl_term_origin: PEER (received) or HARDWARE (ours, sent); 0: no Terminate.
    pub origin: u8,
}

const _: () = assert!(core::mem::size_of::<QpErrorInfo>() == 4);
const _: () = assert!(core::mem::offset_of!(QpErrorInfo, ecode) == 0);
const _: () = assert!(core::mem::offset_of!(QpErrorInfo, etype) == 1);
const _: () = assert!(core::mem::offset_of!(QpErrorInfo, layer) == 2);
const _: () = assert!(core::mem::offset_of!(QpErrorInfo, origin) == 3);

impl QpErrorInfo {
    /// Size in bytes.
    pub const SIZE: usize = 4;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..1].copy_from_slice(&self.ecode.to_le_bytes());
        b[1..2].copy_from_slice(&self.etype.to_le_bytes());
        b[2..3].copy_from_slice(&self.layer.to_le_bytes());
        b[3..4].copy_from_slice(&self.origin.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            ecode: u8::from_le_bytes(bytes_at(b, 0)),
            etype: u8::from_le_bytes(bytes_at(b, 1)),
            layer: u8::from_le_bytes(bytes_at(b, 2)),
            origin: u8::from_le_bytes(bytes_at(b, 3)),
        }
    }
}

/// One scatter/gather entry of an RDMA work request (warpnic), 16 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RdmaSge {
    /// Byte 0: Tagged Offset (the region's address space) of the first byte.
    pub addr: u64,
    /// Byte 8: bytes (0: the entry is unused).
    pub len: u32,
    /// Byte 12: STag of the local region that holds the bytes.
    pub lkey: u32,
}

const _: () = assert!(core::mem::size_of::<RdmaSge>() == 16);
const _: () = assert!(core::mem::offset_of!(RdmaSge, addr) == 0);
const _: () = assert!(core::mem::offset_of!(RdmaSge, len) == 8);
const _: () = assert!(core::mem::offset_of!(RdmaSge, lkey) == 12);

impl RdmaSge {
    /// Size in bytes.
    pub const SIZE: usize = 16;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..8].copy_from_slice(&self.addr.to_le_bytes());
        b[8..12].copy_from_slice(&self.len.to_le_bytes());
        b[12..16].copy_from_slice(&self.lkey.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            addr: u64::from_le_bytes(bytes_at(b, 0)),
            len: u32::from_le_bytes(bytes_at(b, 8)),
            lkey: u32::from_le_bytes(bytes_at(b, 12)),
        }
    }
}

/// RDMA send-queue entry: one message (two for RDMA_WRITE_IMM). Its gather entries are checked against the memory-region table (the QP's PD) when the hardware takes it (warpnic), 128 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RdmaSqWqe {
    /// Byte 0: opaque, returned in the CQE.
    pub wr_id: u64,
    /// Byte 8: a [`RdmaWqeOpcode`] code.
    pub opcode: u8,
    /// Byte 9: `wqe_flags` bits, see [`wqe_flags`].
    pub flags: u8,
    /// Byte 10: gather entries used (0..=RDMA_MAX_SGE).
    pub num_sge: u8,
    /// Byte 11: reserved, zero.
    pub rsvd0: u8,
    /// Byte 12: SEND_INV: the peer's STag to invalidate.
    pub inv_stag: u32,
    /// Byte 16: RDMA_WRITE(_IMM), RDMA_READ: the peer's Tagged Offset.
    pub remote_addr: u64,
    /// Byte 24: RDMA_WRITE(_IMM), RDMA_READ: the peer's STag.
    pub rkey: u32,
    /// Byte 28: reserved, zero.
    pub rsvd1: u32,
    /// Byte 32: RDMA_WRITE_IMM, IMM_DATA: the 8 bytes (byte 0 on the wire in bits 63:56).
    pub imm: u64,
    /// Byte 40: reserved, zero.
    pub rsvd2: u64,
    /// Byte 48: rdma_sge 0.
    pub sge0: [u8; 16],
    /// Byte 64: rdma_sge 1.
    pub sge1: [u8; 16],
    /// Byte 80: rdma_sge 2.
    pub sge2: [u8; 16],
    /// Byte 96: rdma_sge 3.
    pub sge3: [u8; 16],
    /// Byte 112: reserved, zero.
    pub rsvd3: [u8; 16],
}

const _: () = assert!(core::mem::size_of::<RdmaSqWqe>() == 128);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqe, wr_id) == 0);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqe, opcode) == 8);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqe, flags) == 9);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqe, num_sge) == 10);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqe, rsvd0) == 11);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqe, inv_stag) == 12);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqe, remote_addr) == 16);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqe, rkey) == 24);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqe, rsvd1) == 28);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqe, imm) == 32);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqe, rsvd2) == 40);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqe, sge0) == 48);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqe, sge1) == 64);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqe, sge2) == 80);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqe, sge3) == 96);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqe, rsvd3) == 112);

impl RdmaSqWqe {
    /// Size in bytes.
    pub const SIZE: usize = 128;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..8].copy_from_slice(&self.wr_id.to_le_bytes());
        b[8..9].copy_from_slice(&self.opcode.to_le_bytes());
        b[9..10].copy_from_slice(&self.flags.to_le_bytes());
        b[10..11].copy_from_slice(&self.num_sge.to_le_bytes());
        b[11..12].copy_from_slice(&self.rsvd0.to_le_bytes());
        b[12..16].copy_from_slice(&self.inv_stag.to_le_bytes());
        b[16..24].copy_from_slice(&self.remote_addr.to_le_bytes());
        b[24..28].copy_from_slice(&self.rkey.to_le_bytes());
        b[28..32].copy_from_slice(&self.rsvd1.to_le_bytes());
        b[32..40].copy_from_slice(&self.imm.to_le_bytes());
        b[40..48].copy_from_slice(&self.rsvd2.to_le_bytes());
        b[48..64].copy_from_slice(&self.sge0);
        b[64..80].copy_from_slice(&self.sge1);
        b[80..96].copy_from_slice(&self.sge2);
        b[96..112].copy_from_slice(&self.sge3);
        b[112..128].copy_from_slice(&self.rsvd3);
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            wr_id: u64::from_le_bytes(bytes_at(b, 0)),
            opcode: u8::from_le_bytes(bytes_at(b, 8)),
            flags: u8::from_le_bytes(bytes_at(b, 9)),
            num_sge: u8::from_le_bytes(bytes_at(b, 10)),
            rsvd0: u8::from_le_bytes(bytes_at(b, 11)),
            inv_stag: u32::from_le_bytes(bytes_at(b, 12)),
            remote_addr: u64::from_le_bytes(bytes_at(b, 16)),
            rkey: u32::from_le_bytes(bytes_at(b, 24)),
            rsvd1: u32::from_le_bytes(bytes_at(b, 28)),
            imm: u64::from_le_bytes(bytes_at(b, 32)),
            rsvd2: u64::from_le_bytes(bytes_at(b, 40)),
            sge0: bytes_at(b, 48),
            sge1: bytes_at(b, 64),
            sge2: bytes_at(b, 80),
            sge3: bytes_at(b, 96),
            rsvd3: bytes_at(b, 112),
        }
    }
}

/// RDMA send-queue entry of opcode FAST_REG: the first 12 bytes as rdma_sq_wqe (warpnic), 128 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RdmaSqWqeFr {
    /// Byte 0: opaque, returned in the CQE.
    pub wr_id: u64,
    /// Byte 8: rdma_wqe_opcode FAST_REG.
    pub opcode: u8,
    /// Byte 9: `wqe_flags` bits, see [`wqe_flags`].
    pub flags: u8,
    /// Byte 10: mr_access rights of the region from now on (FAST_REG set).
    pub access: u8,
    /// Byte 11: reserved, zero.
    pub rsvd0: u8,
    /// Byte 12: the region's STag with its new key (index 31:8, key 7:0).
    pub stag: u32,
    /// Byte 16: Tagged Offset of the region's first byte.
    pub base: u64,
    /// Byte 24: bytes.
    pub len: u64,
    /// Byte 32: IOVA of the first byte.
    pub iova: u64,
    /// Byte 40: reserved, zero.
    pub rsvd1: [u8; 32],
    /// Byte 72: reserved, zero.
    pub rsvd2: [u8; 32],
    /// Byte 104: reserved, zero.
    pub rsvd3: [u8; 24],
}

const _: () = assert!(core::mem::size_of::<RdmaSqWqeFr>() == 128);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqeFr, wr_id) == 0);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqeFr, opcode) == 8);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqeFr, flags) == 9);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqeFr, access) == 10);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqeFr, rsvd0) == 11);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqeFr, stag) == 12);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqeFr, base) == 16);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqeFr, len) == 24);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqeFr, iova) == 32);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqeFr, rsvd1) == 40);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqeFr, rsvd2) == 72);
const _: () = assert!(core::mem::offset_of!(RdmaSqWqeFr, rsvd3) == 104);

impl RdmaSqWqeFr {
    /// Size in bytes.
    pub const SIZE: usize = 128;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..8].copy_from_slice(&self.wr_id.to_le_bytes());
        b[8..9].copy_from_slice(&self.opcode.to_le_bytes());
        b[9..10].copy_from_slice(&self.flags.to_le_bytes());
        b[10..11].copy_from_slice(&self.access.to_le_bytes());
        b[11..12].copy_from_slice(&self.rsvd0.to_le_bytes());
        b[12..16].copy_from_slice(&self.stag.to_le_bytes());
        b[16..24].copy_from_slice(&self.base.to_le_bytes());
        b[24..32].copy_from_slice(&self.len.to_le_bytes());
        b[32..40].copy_from_slice(&self.iova.to_le_bytes());
        b[40..72].copy_from_slice(&self.rsvd1);
        b[72..104].copy_from_slice(&self.rsvd2);
        b[104..128].copy_from_slice(&self.rsvd3);
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            wr_id: u64::from_le_bytes(bytes_at(b, 0)),
            opcode: u8::from_le_bytes(bytes_at(b, 8)),
            flags: u8::from_le_bytes(bytes_at(b, 9)),
            access: u8::from_le_bytes(bytes_at(b, 10)),
            rsvd0: u8::from_le_bytes(bytes_at(b, 11)),
            stag: u32::from_le_bytes(bytes_at(b, 12)),
            base: u64::from_le_bytes(bytes_at(b, 16)),
            len: u64::from_le_bytes(bytes_at(b, 24)),
            iova: u64::from_le_bytes(bytes_at(b, 32)),
            rsvd1: bytes_at(b, 40),
            rsvd2: bytes_at(b, 72),
            rsvd3: bytes_at(b, 104),
        }
    }
}

/// RDMA receive-queue entry: a receive buffer for one Send or Immediate Data message. Its entries are checked against the memory-region table (LOCAL_WRITE, the QP's PD) when the hardware takes it (warpnic), 128 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RdmaRqWqe {
    /// Byte 0: opaque, returned in the CQE.
    pub wr_id: u64,
    /// Byte 8: scatter entries used (0..=RDMA_MAX_SGE).
    pub num_sge: u8,
    /// Byte 9: reserved, zero.
    pub rsvd0: [u8; 7],
    /// Byte 16: rdma_sge 0.
    pub sge0: [u8; 16],
    /// Byte 32: rdma_sge 1.
    pub sge1: [u8; 16],
    /// Byte 48: rdma_sge 2.
    pub sge2: [u8; 16],
    /// Byte 64: rdma_sge 3.
    pub sge3: [u8; 16],
    /// Byte 80: reserved, zero.
    pub rsvd1: [u8; 32],
    /// Byte 112: reserved, zero.
    pub rsvd2: [u8; 16],
}

const _: () = assert!(core::mem::size_of::<RdmaRqWqe>() == 128);
const _: () = assert!(core::mem::offset_of!(RdmaRqWqe, wr_id) == 0);
const _: () = assert!(core::mem::offset_of!(RdmaRqWqe, num_sge) == 8);
const _: () = assert!(core::mem::offset_of!(RdmaRqWqe, rsvd0) == 9);
const _: () = assert!(core::mem::offset_of!(RdmaRqWqe, sge0) == 16);
const _: () = assert!(core::mem::offset_of!(RdmaRqWqe, sge1) == 32);
const _: () = assert!(core::mem::offset_of!(RdmaRqWqe, sge2) == 48);
const _: () = assert!(core::mem::offset_of!(RdmaRqWqe, sge3) == 64);
const _: () = assert!(core::mem::offset_of!(RdmaRqWqe, rsvd1) == 80);
const _: () = assert!(core::mem::offset_of!(RdmaRqWqe, rsvd2) == 112);

impl RdmaRqWqe {
    /// Size in bytes.
    pub const SIZE: usize = 128;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..8].copy_from_slice(&self.wr_id.to_le_bytes());
        b[8..9].copy_from_slice(&self.num_sge.to_le_bytes());
        b[9..16].copy_from_slice(&self.rsvd0);
        b[16..32].copy_from_slice(&self.sge0);
        b[32..48].copy_from_slice(&self.sge1);
        b[48..64].copy_from_slice(&self.sge2);
        b[64..80].copy_from_slice(&self.sge3);
        b[80..112].copy_from_slice(&self.rsvd1);
        b[112..128].copy_from_slice(&self.rsvd2);
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            wr_id: u64::from_le_bytes(bytes_at(b, 0)),
            num_sge: u8::from_le_bytes(bytes_at(b, 8)),
            rsvd0: bytes_at(b, 9),
            sge0: bytes_at(b, 16),
            sge1: bytes_at(b, 32),
            sge2: bytes_at(b, 48),
            sge3: bytes_at(b, 64),
            rsvd1: bytes_at(b, 80),
            rsvd2: bytes_at(b, 112),
        }
    }
}

/// Word 0 of a mailbox request or response (warpnic), 4 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FwMsgHdr {
    /// Byte 0: a [`FwOpcode`] code.
    pub opcode: u8,
    /// Byte 1: request sequence number, echoed in the response.
    pub seq: u8,
    /// Byte 2: fw_status (responses; zero in requests).
    pub status: u8,
    /// Byte 3: message length in 32-bit words, this header included.
    pub len: u8,
}

const _: () = assert!(core::mem::size_of::<FwMsgHdr>() == 4);
const _: () = assert!(core::mem::offset_of!(FwMsgHdr, opcode) == 0);
const _: () = assert!(core::mem::offset_of!(FwMsgHdr, seq) == 1);
const _: () = assert!(core::mem::offset_of!(FwMsgHdr, status) == 2);
const _: () = assert!(core::mem::offset_of!(FwMsgHdr, len) == 3);

impl FwMsgHdr {
    /// Size in bytes.
    pub const SIZE: usize = 4;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..1].copy_from_slice(&self.opcode.to_le_bytes());
        b[1..2].copy_from_slice(&self.seq.to_le_bytes());
        b[2..3].copy_from_slice(&self.status.to_le_bytes());
        b[3..4].copy_from_slice(&self.len.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            opcode: u8::from_le_bytes(bytes_at(b, 0)),
            seq: u8::from_le_bytes(bytes_at(b, 1)),
            status: u8::from_le_bytes(bytes_at(b, 2)),
            len: u8::from_le_bytes(bytes_at(b, 3)),
        }
    }
}

/// Common header of every CPL control message; the opcode's body (if any) and payload follow (warpnic (docs/cpl.md)), 8 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CplHdr {
    /// Byte 0: a [`CplOpcode`] code.
    pub opcode: u8,
    /// Byte 1: `cpl_flags` bits, see [`cpl_flags`].
    pub flags: u8,
    /// Byte 2: message length in bytes: header, body and payload, padded to a multiple of 8.
    pub len: u16,
    /// Byte 4: connection id (tid), or atid for ACT_OPEN_REQ/RPL, or stid for PASS_OPEN_*/CLOSE_LISTSRV_*.
    pub id: u32,
}

const _: () = assert!(core::mem::size_of::<CplHdr>() == 8);
const _: () = assert!(core::mem::offset_of!(CplHdr, opcode) == 0);
const _: () = assert!(core::mem::offset_of!(CplHdr, flags) == 1);
const _: () = assert!(core::mem::offset_of!(CplHdr, len) == 2);
const _: () = assert!(core::mem::offset_of!(CplHdr, id) == 4);

impl CplHdr {
    /// Size in bytes.
    pub const SIZE: usize = 8;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..1].copy_from_slice(&self.opcode.to_le_bytes());
        b[1..2].copy_from_slice(&self.flags.to_le_bytes());
        b[2..4].copy_from_slice(&self.len.to_le_bytes());
        b[4..8].copy_from_slice(&self.id.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            opcode: u8::from_le_bytes(bytes_at(b, 0)),
            flags: u8::from_le_bytes(bytes_at(b, 1)),
            len: u16::from_le_bytes(bytes_at(b, 2)),
            id: u32::from_le_bytes(bytes_at(b, 4)),
        }
    }
}

/// ACT_OPEN_REQ body: open a connection; the hardware sends SYN (warpnic (docs/cpl.md)), 40 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CplActOpenReq {
    /// Byte 0: local IPv4 address (192.0.2.1 is 0xc0000201).
    pub local_ip: u32,
    /// Byte 4: peer IPv4 address.
    pub peer_ip: u32,
    /// Byte 8: local TCP port.
    pub local_port: u16,
    /// Byte 10: peer TCP port.
    pub peer_port: u16,
    /// Byte 12: MSS option to send, bytes (0: the port's MAX_FRAME less 54).
    pub mss: u16,
    /// Byte 14: `cpl_tcp_opt` bits, see [`cpl_tcp_opt`].
    pub tcp_opt: u8,
    /// Byte 15: window scale shift to offer, 0..=14 (with WSCALE).
    pub rcv_wscale: u8,
    /// Byte 16: initial receive window, bytes.
    pub rcv_wnd: u32,
    /// Byte 20: initial send sequence number, chosen by the control plane (RFC 9293 §3.4.1).
    pub iss: u32,
    /// Byte 24: next-hop MAC address, in wire order.
    pub peer_mac: [u8; 6],
    /// Byte 30: 802.1Q tag control information (0: untagged).
    pub vlan: u16,
    /// Byte 32: IPv4 DSCP and ECN byte.
    pub tos: u8,
    /// Byte 33: IPv4 time to live (0: 64).
    pub ttl: u8,
    /// Byte 34: a [`CplUlpMode`] code.
    pub ulp_mode: u8,
    /// Byte 35: reserved, zero.
    pub rsvd0: u8,
    /// Byte 36: reserved, zero.
    pub rsvd1: u32,
}

const _: () = assert!(core::mem::size_of::<CplActOpenReq>() == 40);
const _: () = assert!(core::mem::offset_of!(CplActOpenReq, local_ip) == 0);
const _: () = assert!(core::mem::offset_of!(CplActOpenReq, peer_ip) == 4);
const _: () = assert!(core::mem::offset_of!(CplActOpenReq, local_port) == 8);
const _: () = assert!(core::mem::offset_of!(CplActOpenReq, peer_port) == 10);
const _: () = assert!(core::mem::offset_of!(CplActOpenReq, mss) == 12);
const _: () = assert!(core::mem::offset_of!(CplActOpenReq, tcp_opt) == 14);
const _: () = assert!(core::mem::offset_of!(CplActOpenReq, rcv_wscale) == 15);
const _: () = assert!(core::mem::offset_of!(CplActOpenReq, rcv_wnd) == 16);
const _: () = assert!(core::mem::offset_of!(CplActOpenReq, iss) == 20);
const _: () = assert!(core::mem::offset_of!(CplActOpenReq, peer_mac) == 24);
const _: () = assert!(core::mem::offset_of!(CplActOpenReq, vlan) == 30);
const _: () = assert!(core::mem::offset_of!(CplActOpenReq, tos) == 32);
const _: () = assert!(core::mem::offset_of!(CplActOpenReq, ttl) == 33);
const _: () = assert!(core::mem::offset_of!(CplActOpenReq, ulp_mode) == 34);
const _: () = assert!(core::mem::offset_of!(CplActOpenReq, rsvd0) == 35);
const _: () = assert!(core::mem::offset_of!(CplActOpenReq, rsvd1) == 36);

impl CplActOpenReq {
    /// Size in bytes.
    pub const SIZE: usize = 40;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..4].copy_from_slice(&self.local_ip.to_le_bytes());
        b[4..8].copy_from_slice(&self.peer_ip.to_le_bytes());
        b[8..10].copy_from_slice(&self.local_port.to_le_bytes());
        b[10..12].copy_from_slice(&self.peer_port.to_le_bytes());
        b[12..14].copy_from_slice(&self.mss.to_le_bytes());
        b[14..15].copy_from_slice(&self.tcp_opt.to_le_bytes());
        b[15..16].copy_from_slice(&self.rcv_wscale.to_le_bytes());
        b[16..20].copy_from_slice(&self.rcv_wnd.to_le_bytes());
        b[20..24].copy_from_slice(&self.iss.to_le_bytes());
        b[24..30].copy_from_slice(&self.peer_mac);
        b[30..32].copy_from_slice(&self.vlan.to_le_bytes());
        b[32..33].copy_from_slice(&self.tos.to_le_bytes());
        b[33..34].copy_from_slice(&self.ttl.to_le_bytes());
        b[34..35].copy_from_slice(&self.ulp_mode.to_le_bytes());
        b[35..36].copy_from_slice(&self.rsvd0.to_le_bytes());
        b[36..40].copy_from_slice(&self.rsvd1.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            local_ip: u32::from_le_bytes(bytes_at(b, 0)),
            peer_ip: u32::from_le_bytes(bytes_at(b, 4)),
            local_port: u16::from_le_bytes(bytes_at(b, 8)),
            peer_port: u16::from_le_bytes(bytes_at(b, 10)),
            mss: u16::from_le_bytes(bytes_at(b, 12)),
            tcp_opt: u8::from_le_bytes(bytes_at(b, 14)),
            rcv_wscale: u8::from_le_bytes(bytes_at(b, 15)),
            rcv_wnd: u32::from_le_bytes(bytes_at(b, 16)),
            iss: u32::from_le_bytes(bytes_at(b, 20)),
            peer_mac: bytes_at(b, 24),
            vlan: u16::from_le_bytes(bytes_at(b, 30)),
            tos: u8::from_le_bytes(bytes_at(b, 32)),
            ttl: u8::from_le_bytes(bytes_at(b, 33)),
            ulp_mode: u8::from_le_bytes(bytes_at(b, 34)),
            rsvd0: u8::from_le_bytes(bytes_at(b, 35)),
            rsvd1: u32::from_le_bytes(bytes_at(b, 36)),
        }
    }
}

/// ACT_OPEN_RPL body: the active open failed (success is reported by ACT_ESTABLISH); the atid is free (warpnic (docs/cpl.md)), 8 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CplActOpenRpl {
    /// Byte 0: a [`CplStatus`] code.
    pub status: u8,
    /// Byte 1: reserved, zero.
    pub rsvd0: u8,
    /// Byte 2: reserved, zero.
    pub rsvd1: u16,
    /// Byte 4: connection id the open had used, now free (CPL_TID_NONE if none).
    pub tid: u32,
}

const _: () = assert!(core::mem::size_of::<CplActOpenRpl>() == 8);
const _: () = assert!(core::mem::offset_of!(CplActOpenRpl, status) == 0);
const _: () = assert!(core::mem::offset_of!(CplActOpenRpl, rsvd0) == 1);
const _: () = assert!(core::mem::offset_of!(CplActOpenRpl, rsvd1) == 2);
const _: () = assert!(core::mem::offset_of!(CplActOpenRpl, tid) == 4);

impl CplActOpenRpl {
    /// Size in bytes.
    pub const SIZE: usize = 8;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..1].copy_from_slice(&self.status.to_le_bytes());
        b[1..2].copy_from_slice(&self.rsvd0.to_le_bytes());
        b[2..4].copy_from_slice(&self.rsvd1.to_le_bytes());
        b[4..8].copy_from_slice(&self.tid.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            status: u8::from_le_bytes(bytes_at(b, 0)),
            rsvd0: u8::from_le_bytes(bytes_at(b, 1)),
            rsvd1: u16::from_le_bytes(bytes_at(b, 2)),
            tid: u32::from_le_bytes(bytes_at(b, 4)),
        }
    }
}

/// ACT_ESTABLISH body: the SYN-ACK arrived and was acknowledged; the connection is ESTABLISHED under the header's tid (warpnic (docs/cpl.md)), 24 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CplActEstablish {
    /// Byte 0: active open id of the ACT_OPEN_REQ, now free.
    pub atid: u32,
    /// Byte 4: our initial sequence number.
    pub snd_isn: u32,
    /// Byte 8: the peer's initial sequence number.
    pub rcv_isn: u32,
    /// Byte 12: the peer's window, bytes, scaled.
    pub snd_wnd: u32,
    /// Byte 16: effective MSS, bytes: the smaller of ours and the peer's.
    pub mss: u16,
    /// Byte 18: `cpl_tcp_opt` bits, see [`cpl_tcp_opt`].
    pub tcp_opt: u8,
    /// Byte 19: the peer's window scale shift.
    pub snd_wscale: u8,
    /// Byte 20: our window scale shift.
    pub rcv_wscale: u8,
    /// Byte 21: reserved, zero.
    pub rsvd0: u8,
    /// Byte 22: reserved, zero.
    pub rsvd1: u16,
}

const _: () = assert!(core::mem::size_of::<CplActEstablish>() == 24);
const _: () = assert!(core::mem::offset_of!(CplActEstablish, atid) == 0);
const _: () = assert!(core::mem::offset_of!(CplActEstablish, snd_isn) == 4);
const _: () = assert!(core::mem::offset_of!(CplActEstablish, rcv_isn) == 8);
const _: () = assert!(core::mem::offset_of!(CplActEstablish, snd_wnd) == 12);
const _: () = assert!(core::mem::offset_of!(CplActEstablish, mss) == 16);
const _: () = assert!(core::mem::offset_of!(CplActEstablish, tcp_opt) == 18);
const _: () = assert!(core::mem::offset_of!(CplActEstablish, snd_wscale) == 19);
const _: () = assert!(core::mem::offset_of!(CplActEstablish, rcv_wscale) == 20);
const _: () = assert!(core::mem::offset_of!(CplActEstablish, rsvd0) == 21);
const _: () = assert!(core::mem::offset_of!(CplActEstablish, rsvd1) == 22);

impl CplActEstablish {
    /// Size in bytes.
    pub const SIZE: usize = 24;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..4].copy_from_slice(&self.atid.to_le_bytes());
        b[4..8].copy_from_slice(&self.snd_isn.to_le_bytes());
        b[8..12].copy_from_slice(&self.rcv_isn.to_le_bytes());
        b[12..16].copy_from_slice(&self.snd_wnd.to_le_bytes());
        b[16..18].copy_from_slice(&self.mss.to_le_bytes());
        b[18..19].copy_from_slice(&self.tcp_opt.to_le_bytes());
        b[19..20].copy_from_slice(&self.snd_wscale.to_le_bytes());
        b[20..21].copy_from_slice(&self.rcv_wscale.to_le_bytes());
        b[21..22].copy_from_slice(&self.rsvd0.to_le_bytes());
        b[22..24].copy_from_slice(&self.rsvd1.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            atid: u32::from_le_bytes(bytes_at(b, 0)),
            snd_isn: u32::from_le_bytes(bytes_at(b, 4)),
            rcv_isn: u32::from_le_bytes(bytes_at(b, 8)),
            snd_wnd: u32::from_le_bytes(bytes_at(b, 12)),
            mss: u16::from_le_bytes(bytes_at(b, 16)),
            tcp_opt: u8::from_le_bytes(bytes_at(b, 18)),
            snd_wscale: u8::from_le_bytes(bytes_at(b, 19)),
            rcv_wscale: u8::from_le_bytes(bytes_at(b, 20)),
            rsvd0: u8::from_le_bytes(bytes_at(b, 21)),
            rsvd1: u16::from_le_bytes(bytes_at(b, 22)),
        }
    }
}

/// PASS_OPEN_REQ body: listen; SYNs that match become PASS_ACCEPT_REQ (warpnic (docs/cpl.md)), 24 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CplPassOpenReq {
    /// Byte 0: local IPv4 address to listen on (0: any).
    pub local_ip: u32,
    /// Byte 4: accept SYNs from this address only (0: any).
    pub peer_ip: u32,
    /// Byte 8: local TCP port.
    pub local_port: u16,
    /// Byte 10: accept SYNs from this port only (0: any).
    pub peer_port: u16,
    /// Byte 12: MSS option for SYN-ACKs, bytes (0: the port's MAX_FRAME less 54).
    pub mss: u16,
    /// Byte 14: `cpl_tcp_opt` bits, see [`cpl_tcp_opt`].
    pub tcp_opt: u8,
    /// Byte 15: window scale shift to offer, 0..=14.
    pub rcv_wscale: u8,
    /// Byte 16: initial receive window of accepted connections, bytes.
    pub rcv_wnd: u32,
    /// Byte 20: reserved, zero.
    pub rsvd0: u32,
}

const _: () = assert!(core::mem::size_of::<CplPassOpenReq>() == 24);
const _: () = assert!(core::mem::offset_of!(CplPassOpenReq, local_ip) == 0);
const _: () = assert!(core::mem::offset_of!(CplPassOpenReq, peer_ip) == 4);
const _: () = assert!(core::mem::offset_of!(CplPassOpenReq, local_port) == 8);
const _: () = assert!(core::mem::offset_of!(CplPassOpenReq, peer_port) == 10);
const _: () = assert!(core::mem::offset_of!(CplPassOpenReq, mss) == 12);
const _: () = assert!(core::mem::offset_of!(CplPassOpenReq, tcp_opt) == 14);
const _: () = assert!(core::mem::offset_of!(CplPassOpenReq, rcv_wscale) == 15);
const _: () = assert!(core::mem::offset_of!(CplPassOpenReq, rcv_wnd) == 16);
const _: () = assert!(core::mem::offset_of!(CplPassOpenReq, rsvd0) == 20);

impl CplPassOpenReq {
    /// Size in bytes.
    pub const SIZE: usize = 24;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..4].copy_from_slice(&self.local_ip.to_le_bytes());
        b[4..8].copy_from_slice(&self.peer_ip.to_le_bytes());
        b[8..10].copy_from_slice(&self.local_port.to_le_bytes());
        b[10..12].copy_from_slice(&self.peer_port.to_le_bytes());
        b[12..14].copy_from_slice(&self.mss.to_le_bytes());
        b[14..15].copy_from_slice(&self.tcp_opt.to_le_bytes());
        b[15..16].copy_from_slice(&self.rcv_wscale.to_le_bytes());
        b[16..20].copy_from_slice(&self.rcv_wnd.to_le_bytes());
        b[20..24].copy_from_slice(&self.rsvd0.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            local_ip: u32::from_le_bytes(bytes_at(b, 0)),
            peer_ip: u32::from_le_bytes(bytes_at(b, 4)),
            local_port: u16::from_le_bytes(bytes_at(b, 8)),
            peer_port: u16::from_le_bytes(bytes_at(b, 10)),
            mss: u16::from_le_bytes(bytes_at(b, 12)),
            tcp_opt: u8::from_le_bytes(bytes_at(b, 14)),
            rcv_wscale: u8::from_le_bytes(bytes_at(b, 15)),
            rcv_wnd: u32::from_le_bytes(bytes_at(b, 16)),
            rsvd0: u32::from_le_bytes(bytes_at(b, 20)),
        }
    }
}

/// PASS_OPEN_RPL body: the listener runs (SUCCESS) or the stid is free again (warpnic (docs/cpl.md)), 8 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CplPassOpenRpl {
    /// Byte 0: a [`CplStatus`] code.
    pub status: u8,
    /// Byte 1: reserved, zero.
    pub rsvd0: u8,
    /// Byte 2: the listening port, as requested.
    pub local_port: u16,
    /// Byte 4: reserved, zero.
    pub rsvd1: u32,
}

const _: () = assert!(core::mem::size_of::<CplPassOpenRpl>() == 8);
const _: () = assert!(core::mem::offset_of!(CplPassOpenRpl, status) == 0);
const _: () = assert!(core::mem::offset_of!(CplPassOpenRpl, rsvd0) == 1);
const _: () = assert!(core::mem::offset_of!(CplPassOpenRpl, local_port) == 2);
const _: () = assert!(core::mem::offset_of!(CplPassOpenRpl, rsvd1) == 4);

impl CplPassOpenRpl {
    /// Size in bytes.
    pub const SIZE: usize = 8;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..1].copy_from_slice(&self.status.to_le_bytes());
        b[1..2].copy_from_slice(&self.rsvd0.to_le_bytes());
        b[2..4].copy_from_slice(&self.local_port.to_le_bytes());
        b[4..8].copy_from_slice(&self.rsvd1.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            status: u8::from_le_bytes(bytes_at(b, 0)),
            rsvd0: u8::from_le_bytes(bytes_at(b, 1)),
            local_port: u16::from_le_bytes(bytes_at(b, 2)),
            rsvd1: u32::from_le_bytes(bytes_at(b, 4)),
        }
    }
}

/// PASS_ACCEPT_REQ body: a SYN for a listener; the header's tid names the embryonic connection (warpnic (docs/cpl.md)), 40 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CplPassAcceptReq {
    /// Byte 0: listener that matched.
    pub stid: u32,
    /// Byte 4: local IPv4 address (the SYN's destination).
    pub local_ip: u32,
    /// Byte 8: peer IPv4 address (the SYN's source).
    pub peer_ip: u32,
    /// Byte 12: local TCP port.
    pub local_port: u16,
    /// Byte 14: peer TCP port.
    pub peer_port: u16,
    /// Byte 16: the peer's initial sequence number.
    pub rcv_isn: u32,
    /// Byte 20: window field of the SYN (never scaled).
    pub peer_wnd: u16,
    /// Byte 22: MSS option of the SYN, bytes (0: absent, RFC 9293 §3.7.1 default 536).
    pub peer_mss: u16,
    /// Byte 24: `cpl_tcp_opt` bits, see [`cpl_tcp_opt`].
    pub tcp_opt: u8,
    /// Byte 25: window scale shift the SYN offered (with WSCALE).
    pub snd_wscale: u8,
    /// Byte 26: IPv4 DSCP and ECN byte of the SYN.
    pub tos: u8,
    /// Byte 27: reserved, zero.
    pub rsvd0: u8,
    /// Byte 28: source MAC address of the SYN, in wire order.
    pub peer_mac: [u8; 6],
    /// Byte 34: 802.1Q tag control information of the SYN (0: untagged).
    pub vlan: u16,
    /// Byte 36: reserved, zero.
    pub rsvd1: u32,
}

const _: () = assert!(core::mem::size_of::<CplPassAcceptReq>() == 40);
const _: () = assert!(core::mem::offset_of!(CplPassAcceptReq, stid) == 0);
const _: () = assert!(core::mem::offset_of!(CplPassAcceptReq, local_ip) == 4);
const _: () = assert!(core::mem::offset_of!(CplPassAcceptReq, peer_ip) == 8);
const _: () = assert!(core::mem::offset_of!(CplPassAcceptReq, local_port) == 12);
const _: () = assert!(core::mem::offset_of!(CplPassAcceptReq, peer_port) == 14);
const _: () = assert!(core::mem::offset_of!(CplPassAcceptReq, rcv_isn) == 16);
const _: () = assert!(core::mem::offset_of!(CplPassAcceptReq, peer_wnd) == 20);
const _: () = assert!(core::mem::offset_of!(CplPassAcceptReq, peer_mss) == 22);
const _: () = assert!(core::mem::offset_of!(CplPassAcceptReq, tcp_opt) == 24);
const _: () = assert!(core::mem::offset_of!(CplPassAcceptReq, snd_wscale) == 25);
const _: () = assert!(core::mem::offset_of!(CplPassAcceptReq, tos) == 26);
const _: () = assert!(core::mem::offset_of!(CplPassAcceptReq, rsvd0) == 27);
const _: () = assert!(core::mem::offset_of!(CplPassAcceptReq, peer_mac) == 28);
const _: () = assert!(core::mem::offset_of!(CplPassAcceptReq, vlan) == 34);
const _: () = assert!(core::mem::offset_of!(CplPassAcceptReq, rsvd1) == 36);

impl CplPassAcceptReq {
    /// Size in bytes.
    pub const SIZE: usize = 40;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..4].copy_from_slice(&self.stid.to_le_bytes());
        b[4..8].copy_from_slice(&self.local_ip.to_le_bytes());
        b[8..12].copy_from_slice(&self.peer_ip.to_le_bytes());
        b[12..14].copy_from_slice(&self.local_port.to_le_bytes());
        b[14..16].copy_from_slice(&self.peer_port.to_le_bytes());
        b[16..20].copy_from_slice(&self.rcv_isn.to_le_bytes());
        b[20..22].copy_from_slice(&self.peer_wnd.to_le_bytes());
        b[22..24].copy_from_slice(&self.peer_mss.to_le_bytes());
        b[24..25].copy_from_slice(&self.tcp_opt.to_le_bytes());
        b[25..26].copy_from_slice(&self.snd_wscale.to_le_bytes());
        b[26..27].copy_from_slice(&self.tos.to_le_bytes());
        b[27..28].copy_from_slice(&self.rsvd0.to_le_bytes());
        b[28..34].copy_from_slice(&self.peer_mac);
        b[34..36].copy_from_slice(&self.vlan.to_le_bytes());
        b[36..40].copy_from_slice(&self.rsvd1.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            stid: u32::from_le_bytes(bytes_at(b, 0)),
            local_ip: u32::from_le_bytes(bytes_at(b, 4)),
            peer_ip: u32::from_le_bytes(bytes_at(b, 8)),
            local_port: u16::from_le_bytes(bytes_at(b, 12)),
            peer_port: u16::from_le_bytes(bytes_at(b, 14)),
            rcv_isn: u32::from_le_bytes(bytes_at(b, 16)),
            peer_wnd: u16::from_le_bytes(bytes_at(b, 20)),
            peer_mss: u16::from_le_bytes(bytes_at(b, 22)),
            tcp_opt: u8::from_le_bytes(bytes_at(b, 24)),
            snd_wscale: u8::from_le_bytes(bytes_at(b, 25)),
            tos: u8::from_le_bytes(bytes_at(b, 26)),
            rsvd0: u8::from_le_bytes(bytes_at(b, 27)),
            peer_mac: bytes_at(b, 28),
            vlan: u16::from_le_bytes(bytes_at(b, 34)),
            rsvd1: u32::from_le_bytes(bytes_at(b, 36)),
        }
    }
}

/// PASS_ACCEPT_RPL body: SUCCESS sends SYN-ACK; CONN_REFUSED sends RST; any other status drops the SYN; refusals free the tid (warpnic (docs/cpl.md)), 16 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CplPassAcceptRpl {
    /// Byte 0: a [`CplStatus`] code.
    pub status: u8,
    /// Byte 1: `cpl_tcp_opt` bits, see [`cpl_tcp_opt`].
    pub tcp_opt: u8,
    /// Byte 2: our window scale shift, 0..=14 (with WSCALE).
    pub rcv_wscale: u8,
    /// Byte 3: IPv4 DSCP and ECN byte of the connection.
    pub tos: u8,
    /// Byte 4: initial send sequence number, chosen by the control plane.
    pub iss: u32,
    /// Byte 8: MSS option to send, bytes (0: the listener's).
    pub mss: u16,
    /// Byte 10: reserved, zero.
    pub rsvd0: u16,
    /// Byte 12: initial receive window, bytes (0: the listener's).
    pub rcv_wnd: u32,
}

const _: () = assert!(core::mem::size_of::<CplPassAcceptRpl>() == 16);
const _: () = assert!(core::mem::offset_of!(CplPassAcceptRpl, status) == 0);
const _: () = assert!(core::mem::offset_of!(CplPassAcceptRpl, tcp_opt) == 1);
const _: () = assert!(core::mem::offset_of!(CplPassAcceptRpl, rcv_wscale) == 2);
const _: () = assert!(core::mem::offset_of!(CplPassAcceptRpl, tos) == 3);
const _: () = assert!(core::mem::offset_of!(CplPassAcceptRpl, iss) == 4);
const _: () = assert!(core::mem::offset_of!(CplPassAcceptRpl, mss) == 8);
const _: () = assert!(core::mem::offset_of!(CplPassAcceptRpl, rsvd0) == 10);
const _: () = assert!(core::mem::offset_of!(CplPassAcceptRpl, rcv_wnd) == 12);

impl CplPassAcceptRpl {
    /// Size in bytes.
    pub const SIZE: usize = 16;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..1].copy_from_slice(&self.status.to_le_bytes());
        b[1..2].copy_from_slice(&self.tcp_opt.to_le_bytes());
        b[2..3].copy_from_slice(&self.rcv_wscale.to_le_bytes());
        b[3..4].copy_from_slice(&self.tos.to_le_bytes());
        b[4..8].copy_from_slice(&self.iss.to_le_bytes());
        b[8..10].copy_from_slice(&self.mss.to_le_bytes());
        b[10..12].copy_from_slice(&self.rsvd0.to_le_bytes());
        b[12..16].copy_from_slice(&self.rcv_wnd.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            status: u8::from_le_bytes(bytes_at(b, 0)),
            tcp_opt: u8::from_le_bytes(bytes_at(b, 1)),
            rcv_wscale: u8::from_le_bytes(bytes_at(b, 2)),
            tos: u8::from_le_bytes(bytes_at(b, 3)),
            iss: u32::from_le_bytes(bytes_at(b, 4)),
            mss: u16::from_le_bytes(bytes_at(b, 8)),
            rsvd0: u16::from_le_bytes(bytes_at(b, 10)),
            rcv_wnd: u32::from_le_bytes(bytes_at(b, 12)),
        }
    }
}

/// PASS_ESTABLISH body: the ACK of our SYN-ACK arrived; the connection is ESTABLISHED under the header's tid (warpnic (docs/cpl.md)), 24 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CplPassEstablish {
    /// Byte 0: listener that accepted the connection.
    pub stid: u32,
    /// Byte 4: our initial sequence number.
    pub snd_isn: u32,
    /// Byte 8: the peer's initial sequence number.
    pub rcv_isn: u32,
    /// Byte 12: the peer's window, bytes, scaled.
    pub snd_wnd: u32,
    /// Byte 16: effective MSS, bytes.
    pub mss: u16,
    /// Byte 18: `cpl_tcp_opt` bits, see [`cpl_tcp_opt`].
    pub tcp_opt: u8,
    /// Byte 19: the peer's window scale shift.
    pub snd_wscale: u8,
    /// Byte 20: our window scale shift.
    pub rcv_wscale: u8,
    /// Byte 21: reserved, zero.
    pub rsvd0: u8,
    /// Byte 22: reserved, zero.
    pub rsvd1: u16,
}

const _: () = assert!(core::mem::size_of::<CplPassEstablish>() == 24);
const _: () = assert!(core::mem::offset_of!(CplPassEstablish, stid) == 0);
const _: () = assert!(core::mem::offset_of!(CplPassEstablish, snd_isn) == 4);
const _: () = assert!(core::mem::offset_of!(CplPassEstablish, rcv_isn) == 8);
const _: () = assert!(core::mem::offset_of!(CplPassEstablish, snd_wnd) == 12);
const _: () = assert!(core::mem::offset_of!(CplPassEstablish, mss) == 16);
const _: () = assert!(core::mem::offset_of!(CplPassEstablish, tcp_opt) == 18);
const _: () = assert!(core::mem::offset_of!(CplPassEstablish, snd_wscale) == 19);
const _: () = assert!(core::mem::offset_of!(CplPassEstablish, rcv_wscale) == 20);
const _: () = assert!(core::mem::offset_of!(CplPassEstablish, rsvd0) == 21);
const _: () = assert!(core::mem::offset_of!(CplPassEstablish, rsvd1) == 22);

impl CplPassEstablish {
    /// Size in bytes.
    pub const SIZE: usize = 24;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..4].copy_from_slice(&self.stid.to_le_bytes());
        b[4..8].copy_from_slice(&self.snd_isn.to_le_bytes());
        b[8..12].copy_from_slice(&self.rcv_isn.to_le_bytes());
        b[12..16].copy_from_slice(&self.snd_wnd.to_le_bytes());
        b[16..18].copy_from_slice(&self.mss.to_le_bytes());
        b[18..19].copy_from_slice(&self.tcp_opt.to_le_bytes());
        b[19..20].copy_from_slice(&self.snd_wscale.to_le_bytes());
        b[20..21].copy_from_slice(&self.rcv_wscale.to_le_bytes());
        b[21..22].copy_from_slice(&self.rsvd0.to_le_bytes());
        b[22..24].copy_from_slice(&self.rsvd1.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            stid: u32::from_le_bytes(bytes_at(b, 0)),
            snd_isn: u32::from_le_bytes(bytes_at(b, 4)),
            rcv_isn: u32::from_le_bytes(bytes_at(b, 8)),
            snd_wnd: u32::from_le_bytes(bytes_at(b, 12)),
            mss: u16::from_le_bytes(bytes_at(b, 16)),
            tcp_opt: u8::from_le_bytes(bytes_at(b, 18)),
            snd_wscale: u8::from_le_bytes(bytes_at(b, 19)),
            rcv_wscale: u8::from_le_bytes(bytes_at(b, 20)),
            rsvd0: u8::from_le_bytes(bytes_at(b, 21)),
            rsvd1: u16::from_le_bytes(bytes_at(b, 22)),
        }
    }
}

/// CLOSE_LISTSRV_RPL body: the listener is stopped and its stid free; embryonic connections were reset (warpnic (docs/cpl.md)), 8 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CplCloseListsrvRpl {
    /// Byte 0: a [`CplStatus`] code.
    pub status: u8,
    /// Byte 1: reserved, zero.
    pub rsvd0: u8,
    /// Byte 2: reserved, zero.
    pub rsvd1: u16,
    /// Byte 4: embryonic connections (SYN_RECEIVED) reset with the listener.
    pub dropped: u32,
}

const _: () = assert!(core::mem::size_of::<CplCloseListsrvRpl>() == 8);
const _: () = assert!(core::mem::offset_of!(CplCloseListsrvRpl, status) == 0);
const _: () = assert!(core::mem::offset_of!(CplCloseListsrvRpl, rsvd0) == 1);
const _: () = assert!(core::mem::offset_of!(CplCloseListsrvRpl, rsvd1) == 2);
const _: () = assert!(core::mem::offset_of!(CplCloseListsrvRpl, dropped) == 4);

impl CplCloseListsrvRpl {
    /// Size in bytes.
    pub const SIZE: usize = 8;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..1].copy_from_slice(&self.status.to_le_bytes());
        b[1..2].copy_from_slice(&self.rsvd0.to_le_bytes());
        b[2..4].copy_from_slice(&self.rsvd1.to_le_bytes());
        b[4..8].copy_from_slice(&self.dropped.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            status: u8::from_le_bytes(bytes_at(b, 0)),
            rsvd0: u8::from_le_bytes(bytes_at(b, 1)),
            rsvd1: u16::from_le_bytes(bytes_at(b, 2)),
            dropped: u32::from_le_bytes(bytes_at(b, 4)),
        }
    }
}

/// TX_DATA body: queue data_len bytes for sending; they take data_len send credits until TX_DATA_ACK returns them (warpnic (docs/cpl.md)), 16 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CplTxData {
    /// Byte 0: payload bytes.
    pub data_len: u32,
    /// Byte 4: `cpl_tx_flags` bits, see [`cpl_tx_flags`].
    pub tx_flags: u8,
    /// Byte 5: reserved, zero.
    pub rsvd0: u8,
    /// Byte 6: reserved, zero.
    pub rsvd1: u16,
    /// Byte 8: IOVA of the payload, kept until its credits return (ignored with INLINE).
    pub addr: u64,
}

const _: () = assert!(core::mem::size_of::<CplTxData>() == 16);
const _: () = assert!(core::mem::offset_of!(CplTxData, data_len) == 0);
const _: () = assert!(core::mem::offset_of!(CplTxData, tx_flags) == 4);
const _: () = assert!(core::mem::offset_of!(CplTxData, rsvd0) == 5);
const _: () = assert!(core::mem::offset_of!(CplTxData, rsvd1) == 6);
const _: () = assert!(core::mem::offset_of!(CplTxData, addr) == 8);

impl CplTxData {
    /// Size in bytes.
    pub const SIZE: usize = 16;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..4].copy_from_slice(&self.data_len.to_le_bytes());
        b[4..5].copy_from_slice(&self.tx_flags.to_le_bytes());
        b[5..6].copy_from_slice(&self.rsvd0.to_le_bytes());
        b[6..8].copy_from_slice(&self.rsvd1.to_le_bytes());
        b[8..16].copy_from_slice(&self.addr.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            data_len: u32::from_le_bytes(bytes_at(b, 0)),
            tx_flags: u8::from_le_bytes(bytes_at(b, 4)),
            rsvd0: u8::from_le_bytes(bytes_at(b, 5)),
            rsvd1: u16::from_le_bytes(bytes_at(b, 6)),
            addr: u64::from_le_bytes(bytes_at(b, 8)),
        }
    }
}

/// TX_DATA_ACK body: the peer acknowledged sent data; its credits (and host buffers) are free (warpnic (docs/cpl.md)), 8 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CplTxDataAck {
    /// Byte 0: bytes newly acknowledged.
    pub credits: u32,
    /// Byte 4: oldest unacknowledged sequence number after this acknowledgment.
    pub snd_una: u32,
}

const _: () = assert!(core::mem::size_of::<CplTxDataAck>() == 8);
const _: () = assert!(core::mem::offset_of!(CplTxDataAck, credits) == 0);
const _: () = assert!(core::mem::offset_of!(CplTxDataAck, snd_una) == 4);

impl CplTxDataAck {
    /// Size in bytes.
    pub const SIZE: usize = 8;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..4].copy_from_slice(&self.credits.to_le_bytes());
        b[4..8].copy_from_slice(&self.snd_una.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            credits: u32::from_le_bytes(bytes_at(b, 0)),
            snd_una: u32::from_le_bytes(bytes_at(b, 4)),
        }
    }
}

/// RX_DATA body: data_len bytes of in-order stream data follow; they close the receive window until RX_DATA_ACK (warpnic (docs/cpl.md)), 16 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CplRxData {
    /// Byte 0: payload bytes.
    pub data_len: u32,
    /// Byte 4: sequence number of the first payload byte.
    pub seq: u32,
    /// Byte 8: `tcp_flags` bits, see [`tcp_flags`].
    pub tcp_flags: u8,
    /// Byte 9: reserved, zero.
    pub rsvd0: u8,
    /// Byte 10: reserved, zero.
    pub rsvd1: u16,
    /// Byte 12: receive window still open after this data, bytes.
    pub rcv_wnd: u32,
}

const _: () = assert!(core::mem::size_of::<CplRxData>() == 16);
const _: () = assert!(core::mem::offset_of!(CplRxData, data_len) == 0);
const _: () = assert!(core::mem::offset_of!(CplRxData, seq) == 4);
const _: () = assert!(core::mem::offset_of!(CplRxData, tcp_flags) == 8);
const _: () = assert!(core::mem::offset_of!(CplRxData, rsvd0) == 9);
const _: () = assert!(core::mem::offset_of!(CplRxData, rsvd1) == 10);
const _: () = assert!(core::mem::offset_of!(CplRxData, rcv_wnd) == 12);

impl CplRxData {
    /// Size in bytes.
    pub const SIZE: usize = 16;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..4].copy_from_slice(&self.data_len.to_le_bytes());
        b[4..8].copy_from_slice(&self.seq.to_le_bytes());
        b[8..9].copy_from_slice(&self.tcp_flags.to_le_bytes());
        b[9..10].copy_from_slice(&self.rsvd0.to_le_bytes());
        b[10..12].copy_from_slice(&self.rsvd1.to_le_bytes());
        b[12..16].copy_from_slice(&self.rcv_wnd.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            data_len: u32::from_le_bytes(bytes_at(b, 0)),
            seq: u32::from_le_bytes(bytes_at(b, 4)),
            tcp_flags: u8::from_le_bytes(bytes_at(b, 8)),
            rsvd0: u8::from_le_bytes(bytes_at(b, 9)),
            rsvd1: u16::from_le_bytes(bytes_at(b, 10)),
            rcv_wnd: u32::from_le_bytes(bytes_at(b, 12)),
        }
    }
}

/// RX_DATA_ACK body: the control plane consumed received data; the window grows by credits (warpnic (docs/cpl.md)), 8 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CplRxDataAck {
    /// Byte 0: bytes consumed.
    pub credits: u32,
    /// Byte 4: `cpl_rx_ack_flags` bits, see [`cpl_rx_ack_flags`].
    pub ack_flags: u8,
    /// Byte 5: reserved, zero.
    pub rsvd0: u8,
    /// Byte 6: reserved, zero.
    pub rsvd1: u16,
}

const _: () = assert!(core::mem::size_of::<CplRxDataAck>() == 8);
const _: () = assert!(core::mem::offset_of!(CplRxDataAck, credits) == 0);
const _: () = assert!(core::mem::offset_of!(CplRxDataAck, ack_flags) == 4);
const _: () = assert!(core::mem::offset_of!(CplRxDataAck, rsvd0) == 5);
const _: () = assert!(core::mem::offset_of!(CplRxDataAck, rsvd1) == 6);

impl CplRxDataAck {
    /// Size in bytes.
    pub const SIZE: usize = 8;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..4].copy_from_slice(&self.credits.to_le_bytes());
        b[4..5].copy_from_slice(&self.ack_flags.to_le_bytes());
        b[5..6].copy_from_slice(&self.rsvd0.to_le_bytes());
        b[6..8].copy_from_slice(&self.rsvd1.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            credits: u32::from_le_bytes(bytes_at(b, 0)),
            ack_flags: u8::from_le_bytes(bytes_at(b, 4)),
            rsvd0: u8::from_le_bytes(bytes_at(b, 5)),
            rsvd1: u16::from_le_bytes(bytes_at(b, 6)),
        }
    }
}

/// CLOSE_CON_RPL body: our FIN was acknowledged; in TIME_WAIT or CLOSED the tid is free (warpnic (docs/cpl.md)), 16 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CplCloseConRpl {
    /// Byte 0: a [`CplStatus`] code.
    pub status: u8,
    /// Byte 1: a [`TcpState`] code.
    pub state: u8,
    /// Byte 2: reserved, zero.
    pub rsvd0: u16,
    /// Byte 4: sequence number after our FIN.
    pub snd_nxt: u32,
    /// Byte 8: next sequence number expected from the peer.
    pub rcv_nxt: u32,
    /// Byte 12: reserved, zero.
    pub rsvd1: u32,
}

const _: () = assert!(core::mem::size_of::<CplCloseConRpl>() == 16);
const _: () = assert!(core::mem::offset_of!(CplCloseConRpl, status) == 0);
const _: () = assert!(core::mem::offset_of!(CplCloseConRpl, state) == 1);
const _: () = assert!(core::mem::offset_of!(CplCloseConRpl, rsvd0) == 2);
const _: () = assert!(core::mem::offset_of!(CplCloseConRpl, snd_nxt) == 4);
const _: () = assert!(core::mem::offset_of!(CplCloseConRpl, rcv_nxt) == 8);
const _: () = assert!(core::mem::offset_of!(CplCloseConRpl, rsvd1) == 12);

impl CplCloseConRpl {
    /// Size in bytes.
    pub const SIZE: usize = 16;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..1].copy_from_slice(&self.status.to_le_bytes());
        b[1..2].copy_from_slice(&self.state.to_le_bytes());
        b[2..4].copy_from_slice(&self.rsvd0.to_le_bytes());
        b[4..8].copy_from_slice(&self.snd_nxt.to_le_bytes());
        b[8..12].copy_from_slice(&self.rcv_nxt.to_le_bytes());
        b[12..16].copy_from_slice(&self.rsvd1.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            status: u8::from_le_bytes(bytes_at(b, 0)),
            state: u8::from_le_bytes(bytes_at(b, 1)),
            rsvd0: u16::from_le_bytes(bytes_at(b, 2)),
            snd_nxt: u32::from_le_bytes(bytes_at(b, 4)),
            rcv_nxt: u32::from_le_bytes(bytes_at(b, 8)),
            rsvd1: u32::from_le_bytes(bytes_at(b, 12)),
        }
    }
}

/// PEER_CLOSE body: the peer's FIN arrived after all its data (warpnic (docs/cpl.md)), 8 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CplPeerClose {
    /// Byte 0: sequence number after the peer's FIN.
    pub rcv_nxt: u32,
    /// Byte 4: a [`TcpState`] code.
    pub state: u8,
    /// Byte 5: reserved, zero.
    pub rsvd0: u8,
    /// Byte 6: reserved, zero.
    pub rsvd1: u16,
}

const _: () = assert!(core::mem::size_of::<CplPeerClose>() == 8);
const _: () = assert!(core::mem::offset_of!(CplPeerClose, rcv_nxt) == 0);
const _: () = assert!(core::mem::offset_of!(CplPeerClose, state) == 4);
const _: () = assert!(core::mem::offset_of!(CplPeerClose, rsvd0) == 5);
const _: () = assert!(core::mem::offset_of!(CplPeerClose, rsvd1) == 6);

impl CplPeerClose {
    /// Size in bytes.
    pub const SIZE: usize = 8;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..4].copy_from_slice(&self.rcv_nxt.to_le_bytes());
        b[4..5].copy_from_slice(&self.state.to_le_bytes());
        b[5..6].copy_from_slice(&self.rsvd0.to_le_bytes());
        b[6..8].copy_from_slice(&self.rsvd1.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            rcv_nxt: u32::from_le_bytes(bytes_at(b, 0)),
            state: u8::from_le_bytes(bytes_at(b, 4)),
            rsvd0: u8::from_le_bytes(bytes_at(b, 5)),
            rsvd1: u16::from_le_bytes(bytes_at(b, 6)),
        }
    }
}

/// ABORT_REQ body: to hardware, reset the connection; to the control plane, the connection was reset or timed out (warpnic (docs/cpl.md)), 8 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CplAbortReq {
    /// Byte 0: a [`CplStatus`] code.
    pub status: u8,
    /// Byte 1: `cpl_abort_flags` bits, see [`cpl_abort_flags`].
    pub abort_flags: u8,
    /// Byte 2: reserved, zero.
    pub rsvd0: u16,
    /// Byte 4: sequence number of the RST (sent or to send).
    pub snd_nxt: u32,
}

const _: () = assert!(core::mem::size_of::<CplAbortReq>() == 8);
const _: () = assert!(core::mem::offset_of!(CplAbortReq, status) == 0);
const _: () = assert!(core::mem::offset_of!(CplAbortReq, abort_flags) == 1);
const _: () = assert!(core::mem::offset_of!(CplAbortReq, rsvd0) == 2);
const _: () = assert!(core::mem::offset_of!(CplAbortReq, snd_nxt) == 4);

impl CplAbortReq {
    /// Size in bytes.
    pub const SIZE: usize = 8;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..1].copy_from_slice(&self.status.to_le_bytes());
        b[1..2].copy_from_slice(&self.abort_flags.to_le_bytes());
        b[2..4].copy_from_slice(&self.rsvd0.to_le_bytes());
        b[4..8].copy_from_slice(&self.snd_nxt.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            status: u8::from_le_bytes(bytes_at(b, 0)),
            abort_flags: u8::from_le_bytes(bytes_at(b, 1)),
            rsvd0: u16::from_le_bytes(bytes_at(b, 2)),
            snd_nxt: u32::from_le_bytes(bytes_at(b, 4)),
        }
    }
}

/// ABORT_RPL body: the abort is done and the tid is free (warpnic (docs/cpl.md)), 8 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CplAbortRpl {
    /// Byte 0: a [`CplStatus`] code.
    pub status: u8,
    /// Byte 1: reserved, zero.
    pub rsvd0: u8,
    /// Byte 2: reserved, zero.
    pub rsvd1: u16,
    /// Byte 4: reserved, zero.
    pub rsvd2: u32,
}

const _: () = assert!(core::mem::size_of::<CplAbortRpl>() == 8);
const _: () = assert!(core::mem::offset_of!(CplAbortRpl, status) == 0);
const _: () = assert!(core::mem::offset_of!(CplAbortRpl, rsvd0) == 1);
const _: () = assert!(core::mem::offset_of!(CplAbortRpl, rsvd1) == 2);
const _: () = assert!(core::mem::offset_of!(CplAbortRpl, rsvd2) == 4);

impl CplAbortRpl {
    /// Size in bytes.
    pub const SIZE: usize = 8;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..1].copy_from_slice(&self.status.to_le_bytes());
        b[1..2].copy_from_slice(&self.rsvd0.to_le_bytes());
        b[2..4].copy_from_slice(&self.rsvd1.to_le_bytes());
        b[4..8].copy_from_slice(&self.rsvd2.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            status: u8::from_le_bytes(bytes_at(b, 0)),
            rsvd0: u8::from_le_bytes(bytes_at(b, 1)),
            rsvd1: u16::from_le_bytes(bytes_at(b, 2)),
            rsvd2: u32::from_le_bytes(bytes_at(b, 4)),
        }
    }
}

/// SET_TCB_FIELD body: field = (field & !mask) | (value & mask); a zero mask reads the field (warpnic (docs/cpl.md)), 24 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CplSetTcbField {
    /// Byte 0: a [`TcbField`] code.
    pub field: u8,
    /// Byte 1: reserved, zero.
    pub rsvd0: u8,
    /// Byte 2: opaque, returned in SET_TCB_RPL.
    pub cookie: u16,
    /// Byte 4: reserved, zero.
    pub rsvd1: u32,
    /// Byte 8: bits of the field to write.
    pub mask: u64,
    /// Byte 16: new bits, right-aligned.
    pub value: u64,
}

const _: () = assert!(core::mem::size_of::<CplSetTcbField>() == 24);
const _: () = assert!(core::mem::offset_of!(CplSetTcbField, field) == 0);
const _: () = assert!(core::mem::offset_of!(CplSetTcbField, rsvd0) == 1);
const _: () = assert!(core::mem::offset_of!(CplSetTcbField, cookie) == 2);
const _: () = assert!(core::mem::offset_of!(CplSetTcbField, rsvd1) == 4);
const _: () = assert!(core::mem::offset_of!(CplSetTcbField, mask) == 8);
const _: () = assert!(core::mem::offset_of!(CplSetTcbField, value) == 16);

impl CplSetTcbField {
    /// Size in bytes.
    pub const SIZE: usize = 24;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..1].copy_from_slice(&self.field.to_le_bytes());
        b[1..2].copy_from_slice(&self.rsvd0.to_le_bytes());
        b[2..4].copy_from_slice(&self.cookie.to_le_bytes());
        b[4..8].copy_from_slice(&self.rsvd1.to_le_bytes());
        b[8..16].copy_from_slice(&self.mask.to_le_bytes());
        b[16..24].copy_from_slice(&self.value.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            field: u8::from_le_bytes(bytes_at(b, 0)),
            rsvd0: u8::from_le_bytes(bytes_at(b, 1)),
            cookie: u16::from_le_bytes(bytes_at(b, 2)),
            rsvd1: u32::from_le_bytes(bytes_at(b, 4)),
            mask: u64::from_le_bytes(bytes_at(b, 8)),
            value: u64::from_le_bytes(bytes_at(b, 16)),
        }
    }
}

/// SET_TCB_RPL body: the result of a SET_TCB_FIELD (warpnic (docs/cpl.md)), 16 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CplSetTcbRpl {
    /// Byte 0: a [`CplStatus`] code.
    pub status: u8,
    /// Byte 1: a [`TcbField`] code.
    pub field: u8,
    /// Byte 2: cookie of the request.
    pub cookie: u16,
    /// Byte 4: reserved, zero.
    pub rsvd0: u32,
    /// Byte 8: the field's value after the write.
    pub value: u64,
}

const _: () = assert!(core::mem::size_of::<CplSetTcbRpl>() == 16);
const _: () = assert!(core::mem::offset_of!(CplSetTcbRpl, status) == 0);
const _: () = assert!(core::mem::offset_of!(CplSetTcbRpl, field) == 1);
const _: () = assert!(core::mem::offset_of!(CplSetTcbRpl, cookie) == 2);
const _: () = assert!(core::mem::offset_of!(CplSetTcbRpl, rsvd0) == 4);
const _: () = assert!(core::mem::offset_of!(CplSetTcbRpl, value) == 8);

impl CplSetTcbRpl {
    /// Size in bytes.
    pub const SIZE: usize = 16;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..1].copy_from_slice(&self.status.to_le_bytes());
        b[1..2].copy_from_slice(&self.field.to_le_bytes());
        b[2..4].copy_from_slice(&self.cookie.to_le_bytes());
        b[4..8].copy_from_slice(&self.rsvd0.to_le_bytes());
        b[8..16].copy_from_slice(&self.value.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            status: u8::from_le_bytes(bytes_at(b, 0)),
            field: u8::from_le_bytes(bytes_at(b, 1)),
            cookie: u16::from_le_bytes(bytes_at(b, 2)),
            rsvd0: u32::from_le_bytes(bytes_at(b, 4)),
            value: u64::from_le_bytes(bytes_at(b, 8)),
        }
    }
}

/// RDMA_TERMINATE body: the Terminate's codes; data_len bytes of its DDP/RDMAP headers and the faulting headers follow (warpnic (docs/cpl.md), RFC 5040 §4.8), 8 bytes, little-endian.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CplRdmaTerminate {
    /// Byte 0: a [`TermLayer`] code.
    pub layer: u8,
    /// Byte 1: error type of that layer (term_etype_*).
    pub etype: u8,
    /// Byte 2: error code (term_ecode_*).
    pub ecode: u8,
    /// Byte 3: a [`CplTermOrigin`] code.
    pub origin: u8,
    /// Byte 4: payload bytes.
    pub data_len: u32,
}

const _: () = assert!(core::mem::size_of::<CplRdmaTerminate>() == 8);
const _: () = assert!(core::mem::offset_of!(CplRdmaTerminate, layer) == 0);
const _: () = assert!(core::mem::offset_of!(CplRdmaTerminate, etype) == 1);
const _: () = assert!(core::mem::offset_of!(CplRdmaTerminate, ecode) == 2);
const _: () = assert!(core::mem::offset_of!(CplRdmaTerminate, origin) == 3);
const _: () = assert!(core::mem::offset_of!(CplRdmaTerminate, data_len) == 4);

impl CplRdmaTerminate {
    /// Size in bytes.
    pub const SIZE: usize = 8;

    /// The little-endian byte image, as the device reads it by DMA.
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut b = [0u8; Self::SIZE];
        b[0..1].copy_from_slice(&self.layer.to_le_bytes());
        b[1..2].copy_from_slice(&self.etype.to_le_bytes());
        b[2..3].copy_from_slice(&self.ecode.to_le_bytes());
        b[3..4].copy_from_slice(&self.origin.to_le_bytes());
        b[4..8].copy_from_slice(&self.data_len.to_le_bytes());
        b
    }

    /// Decodes the little-endian byte image.
    pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {
        Self {
            layer: u8::from_le_bytes(bytes_at(b, 0)),
            etype: u8::from_le_bytes(bytes_at(b, 1)),
            ecode: u8::from_le_bytes(bytes_at(b, 2)),
            origin: u8::from_le_bytes(bytes_at(b, 3)),
            data_len: u32::from_le_bytes(bytes_at(b, 4)),
        }
    }
}

/// Ethernet II header (IEEE 802.3): a zero-copy view of 14 big-endian bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EthernetHdr<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> EthernetHdr<T> {
    /// Header length in bytes.
    pub const LEN: usize = 14;

    /// Wraps a buffer without checking its length.
    ///
    /// # Panics
    ///
    /// The accessors panic if the buffer is shorter than [`Self::LEN`]; use
    /// [`Self::new_checked`] for bytes that come from the wire or a device.
    pub fn new_unchecked(buffer: T) -> Self {
        Self { buffer }
    }

    /// Wraps a buffer after checking that it holds the whole header
    /// (`buffer.len() >= LEN`); every accessor is then in bounds.
    ///
    /// # Errors
    ///
    /// [`Truncated`] when the buffer is shorter than [`Self::LEN`].
    pub fn new_checked(buffer: T) -> Result<Self, Truncated> {
        if buffer.as_ref().len() < Self::LEN {
            Err(Truncated)
        } else {
            Ok(Self { buffer })
        }
    }

    /// Returns the wrapped buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }

    /// The whole wrapped buffer (header and whatever follows it).
    pub fn as_bytes(&self) -> &[u8] {
        self.buffer.as_ref()
    }

    /// The bytes after the header (empty if the buffer ends with it).
    pub fn payload(&self) -> &[u8] {
        self.buffer.as_ref().get(Self::LEN..).unwrap_or(&[])
    }

    /// Byte 0, 48 bits: destination MAC address.
    pub fn dst(&self) -> [u8; 6] {
        bytes_at(self.buffer.as_ref(), 0)
    }

    /// Byte 6, 48 bits: source MAC address.
    pub fn src(&self) -> [u8; 6] {
        bytes_at(self.buffer.as_ref(), 6)
    }

    /// Byte 12, 16 bits: a [`EtherType`] code.
    pub fn ether_type(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 12))
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> EthernetHdr<T> {
    /// The bytes after the header, mutable (empty if the buffer ends with it).
    pub fn payload_mut(&mut self) -> &mut [u8] {
        self.buffer.as_mut().get_mut(Self::LEN..).unwrap_or(&mut [])
    }

    /// Sets the 6-byte field `dst`.
    pub fn set_dst(&mut self, v: [u8; 6]) {
        self.buffer.as_mut()[0..6].copy_from_slice(&v);
    }

    /// Sets the 6-byte field `src`.
    pub fn set_src(&mut self, v: [u8; 6]) {
        self.buffer.as_mut()[6..12].copy_from_slice(&v);
    }

    /// Sets `ether_type`.
    pub fn set_ether_type(&mut self, v: u16) {
        self.buffer.as_mut()[12..14].copy_from_slice(&v.to_be_bytes());
    }
}

/// ARP packet for IPv4 over Ethernet (RFC 826): a zero-copy view of 28 big-endian bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArpIpv4<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> ArpIpv4<T> {
    /// Header length in bytes.
    pub const LEN: usize = 28;

    /// Wraps a buffer without checking its length.
    ///
    /// # Panics
    ///
    /// The accessors panic if the buffer is shorter than [`Self::LEN`]; use
    /// [`Self::new_checked`] for bytes that come from the wire or a device.
    pub fn new_unchecked(buffer: T) -> Self {
        Self { buffer }
    }

    /// Wraps a buffer after checking that it holds the whole header
    /// (`buffer.len() >= LEN`); every accessor is then in bounds.
    ///
    /// # Errors
    ///
    /// [`Truncated`] when the buffer is shorter than [`Self::LEN`].
    pub fn new_checked(buffer: T) -> Result<Self, Truncated> {
        if buffer.as_ref().len() < Self::LEN {
            Err(Truncated)
        } else {
            Ok(Self { buffer })
        }
    }

    /// Returns the wrapped buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }

    /// The whole wrapped buffer (header and whatever follows it).
    pub fn as_bytes(&self) -> &[u8] {
        self.buffer.as_ref()
    }

    /// The bytes after the header (empty if the buffer ends with it).
    pub fn payload(&self) -> &[u8] {
        self.buffer.as_ref().get(Self::LEN..).unwrap_or(&[])
    }

    /// Byte 0, 16 bits: hardware type, 1 = Ethernet.
    pub fn htype(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 0))
    }

    /// Byte 2, 16 bits: protocol type, 0x0800.
    pub fn ptype(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 2))
    }

    /// Byte 4, 8 bits: hardware address length, 6.
    pub fn hlen(&self) -> u8 {
        self.buffer.as_ref()[4]
    }

    /// Byte 5, 8 bits: protocol address length, 4.
    pub fn plen(&self) -> u8 {
        self.buffer.as_ref()[5]
    }

    /// Byte 6, 16 bits: a [`ArpOper`] code.
    pub fn oper(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 6))
    }

    /// Byte 8, 48 bits: sender hardware address.
    pub fn sha(&self) -> [u8; 6] {
        bytes_at(self.buffer.as_ref(), 8)
    }

    /// Byte 14, 32 bits: sender protocol address.
    pub fn spa(&self) -> u32 {
        u32::from_be_bytes(bytes_at(self.buffer.as_ref(), 14))
    }

    /// Byte 18, 48 bits: target hardware address.
    pub fn tha(&self) -> [u8; 6] {
        bytes_at(self.buffer.as_ref(), 18)
    }

    /// Byte 24, 32 bits: target protocol address.
    pub fn tpa(&self) -> u32 {
        u32::from_be_bytes(bytes_at(self.buffer.as_ref(), 24))
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> ArpIpv4<T> {
    /// The bytes after the header, mutable (empty if the buffer ends with it).
    pub fn payload_mut(&mut self) -> &mut [u8] {
        self.buffer.as_mut().get_mut(Self::LEN..).unwrap_or(&mut [])
    }

    /// Sets `htype`.
    pub fn set_htype(&mut self, v: u16) {
        self.buffer.as_mut()[0..2].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets `ptype`.
    pub fn set_ptype(&mut self, v: u16) {
        self.buffer.as_mut()[2..4].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets `hlen`.
    pub fn set_hlen(&mut self, v: u8) {
        self.buffer.as_mut()[4] = v;
    }

    /// Sets `plen`.
    pub fn set_plen(&mut self, v: u8) {
        self.buffer.as_mut()[5] = v;
    }

    /// Sets `oper`.
    pub fn set_oper(&mut self, v: u16) {
        self.buffer.as_mut()[6..8].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets the 6-byte field `sha`.
    pub fn set_sha(&mut self, v: [u8; 6]) {
        self.buffer.as_mut()[8..14].copy_from_slice(&v);
    }

    /// Sets `spa`.
    pub fn set_spa(&mut self, v: u32) {
        self.buffer.as_mut()[14..18].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets the 6-byte field `tha`.
    pub fn set_tha(&mut self, v: [u8; 6]) {
        self.buffer.as_mut()[18..24].copy_from_slice(&v);
    }

    /// Sets `tpa`.
    pub fn set_tpa(&mut self, v: u32) {
        self.buffer.as_mut()[24..28].copy_from_slice(&v.to_be_bytes());
    }
}

/// IPv4 header without options (RFC 791 §3.1): a zero-copy view of 20 big-endian bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ipv4Hdr<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> Ipv4Hdr<T> {
    /// Header length in bytes.
    pub const LEN: usize = 20;

    /// Wraps a buffer without checking its length.
    ///
    /// # Panics
    ///
    /// The accessors panic if the buffer is shorter than [`Self::LEN`]; use
    /// [`Self::new_checked`] for bytes that come from the wire or a device.
    pub fn new_unchecked(buffer: T) -> Self {
        Self { buffer }
    }

    /// Wraps a buffer after checking that it holds the whole header
    /// (`buffer.len() >= LEN`); every accessor is then in bounds.
    ///
    /// # Errors
    ///
    /// [`Truncated`] when the buffer is shorter than [`Self::LEN`].
    pub fn new_checked(buffer: T) -> Result<Self, Truncated> {
        if buffer.as_ref().len() < Self::LEN {
            Err(Truncated)
        } else {
            Ok(Self { buffer })
        }
    }

    /// Returns the wrapped buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }

    /// The whole wrapped buffer (header and whatever follows it).
    pub fn as_bytes(&self) -> &[u8] {
        self.buffer.as_ref()
    }

    /// The bytes after the header (empty if the buffer ends with it).
    pub fn payload(&self) -> &[u8] {
        self.buffer.as_ref().get(Self::LEN..).unwrap_or(&[])
    }

    /// Bits 7:4 of the 8-bit field at byte 0: 4.
    pub fn version(&self) -> u8 {
        self.buffer.as_ref()[0] >> 4
    }

    /// Bits 3:0 of the 8-bit field at byte 0: header length in 32-bit words.
    pub fn ihl(&self) -> u8 {
        self.buffer.as_ref()[0] & 0x0f
    }

    /// Bits 7:2 of the 8-bit field at byte 1: differentiated services code point.
    pub fn dscp(&self) -> u8 {
        self.buffer.as_ref()[1] >> 2
    }

    /// Bits 1:0 of the 8-bit field at byte 1: explicit congestion notification.
    pub fn ecn(&self) -> u8 {
        self.buffer.as_ref()[1] & 0x03
    }

    /// Byte 2, 16 bits: datagram length in bytes.
    pub fn total_len(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 2))
    }

    /// Byte 4, 16 bits: identification.
    pub fn ident(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 4))
    }

    /// Bits 15:13 of the 16-bit field at byte 6: bit 1 DF, bit 0 MF.
    pub fn flags(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 6)) >> 13
    }

    /// Bits 12:0 of the 16-bit field at byte 6: fragment offset in 8-byte units.
    pub fn frag_offset(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 6)) & 0x1fff
    }

    /// Byte 8, 8 bits: time to live.
    pub fn ttl(&self) -> u8 {
        self.buffer.as_ref()[8]
    }

    /// Byte 9, 8 bits: a [`IpProtocol`] code.
    pub fn protocol(&self) -> u8 {
        self.buffer.as_ref()[9]
    }

    /// Byte 10, 16 bits: header checksum.
    pub fn checksum(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 10))
    }

    /// Byte 12, 32 bits: source address.
    pub fn src(&self) -> u32 {
        u32::from_be_bytes(bytes_at(self.buffer.as_ref(), 12))
    }

    /// Byte 16, 32 bits: destination address.
    pub fn dst(&self) -> u32 {
        u32::from_be_bytes(bytes_at(self.buffer.as_ref(), 16))
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> Ipv4Hdr<T> {
    /// The bytes after the header, mutable (empty if the buffer ends with it).
    pub fn payload_mut(&mut self) -> &mut [u8] {
        self.buffer.as_mut().get_mut(Self::LEN..).unwrap_or(&mut [])
    }

    /// Sets `version` (the low 4 bits of `v`), keeping the other bits of its container.
    pub fn set_version(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[0];
        let new = (old & 0x0f) | ((v & 0x0f) << 4);
        b[0] = new;
    }

    /// Sets `ihl` (the low 4 bits of `v`), keeping the other bits of its container.
    pub fn set_ihl(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[0];
        let new = (old & 0xf0) | (v & 0x0f);
        b[0] = new;
    }

    /// Sets `dscp` (the low 6 bits of `v`), keeping the other bits of its container.
    pub fn set_dscp(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[1];
        let new = (old & 0x03) | ((v & 0x3f) << 2);
        b[1] = new;
    }

    /// Sets `ecn` (the low 2 bits of `v`), keeping the other bits of its container.
    pub fn set_ecn(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[1];
        let new = (old & 0xfc) | (v & 0x03);
        b[1] = new;
    }

    /// Sets `total_len`.
    pub fn set_total_len(&mut self, v: u16) {
        self.buffer.as_mut()[2..4].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets `ident`.
    pub fn set_ident(&mut self, v: u16) {
        self.buffer.as_mut()[4..6].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets `flags` (the low 3 bits of `v`), keeping the other bits of its container.
    pub fn set_flags(&mut self, v: u16) {
        let b = self.buffer.as_mut();
        let old = u16::from_be_bytes(bytes_at(b, 6));
        let new = (old & 0x1fff) | ((v & 0x0007) << 13);
        b[6..8].copy_from_slice(&new.to_be_bytes());
    }

    /// Sets `frag_offset` (the low 13 bits of `v`), keeping the other bits of its container.
    pub fn set_frag_offset(&mut self, v: u16) {
        let b = self.buffer.as_mut();
        let old = u16::from_be_bytes(bytes_at(b, 6));
        let new = (old & 0xe000) | (v & 0x1fff);
        b[6..8].copy_from_slice(&new.to_be_bytes());
    }

    /// Sets `ttl`.
    pub fn set_ttl(&mut self, v: u8) {
        self.buffer.as_mut()[8] = v;
    }

    /// Sets `protocol`.
    pub fn set_protocol(&mut self, v: u8) {
        self.buffer.as_mut()[9] = v;
    }

    /// Sets `checksum`.
    pub fn set_checksum(&mut self, v: u16) {
        self.buffer.as_mut()[10..12].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets `src`.
    pub fn set_src(&mut self, v: u32) {
        self.buffer.as_mut()[12..16].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets `dst`.
    pub fn set_dst(&mut self, v: u32) {
        self.buffer.as_mut()[16..20].copy_from_slice(&v.to_be_bytes());
    }
}

/// TCP header without options (RFC 9293 §3.1): a zero-copy view of 20 big-endian bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TcpHdr<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> TcpHdr<T> {
    /// Header length in bytes.
    pub const LEN: usize = 20;

    /// Wraps a buffer without checking its length.
    ///
    /// # Panics
    ///
    /// The accessors panic if the buffer is shorter than [`Self::LEN`]; use
    /// [`Self::new_checked`] for bytes that come from the wire or a device.
    pub fn new_unchecked(buffer: T) -> Self {
        Self { buffer }
    }

    /// Wraps a buffer after checking that it holds the whole header
    /// (`buffer.len() >= LEN`); every accessor is then in bounds.
    ///
    /// # Errors
    ///
    /// [`Truncated`] when the buffer is shorter than [`Self::LEN`].
    pub fn new_checked(buffer: T) -> Result<Self, Truncated> {
        if buffer.as_ref().len() < Self::LEN {
            Err(Truncated)
        } else {
            Ok(Self { buffer })
        }
    }

    /// Returns the wrapped buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }

    /// The whole wrapped buffer (header and whatever follows it).
    pub fn as_bytes(&self) -> &[u8] {
        self.buffer.as_ref()
    }

    /// The bytes after the header (empty if the buffer ends with it).
    pub fn payload(&self) -> &[u8] {
        self.buffer.as_ref().get(Self::LEN..).unwrap_or(&[])
    }

    /// Byte 0, 16 bits: source port.
    pub fn src_port(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 0))
    }

    /// Byte 2, 16 bits: destination port.
    pub fn dst_port(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 2))
    }

    /// Byte 4, 32 bits: sequence number.
    pub fn seq(&self) -> u32 {
        u32::from_be_bytes(bytes_at(self.buffer.as_ref(), 4))
    }

    /// Byte 8, 32 bits: acknowledgment number.
    pub fn ack(&self) -> u32 {
        u32::from_be_bytes(bytes_at(self.buffer.as_ref(), 8))
    }

    /// Bits 7:4 of the 8-bit field at byte 12: header length in 32-bit words.
    pub fn data_offset(&self) -> u8 {
        self.buffer.as_ref()[12] >> 4
    }

    /// Bits 3:0 of the 8-bit field at byte 12: reserved.
    pub fn rsvd(&self) -> u8 {
        self.buffer.as_ref()[12] & 0x0f
    }

    /// Byte 13, 8 bits: `tcp_flags` bits, see [`tcp_flags`].
    pub fn flags(&self) -> u8 {
        self.buffer.as_ref()[13]
    }

    /// Byte 14, 16 bits: receive window.
    pub fn window(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 14))
    }

    /// Byte 16, 16 bits: checksum over the pseudo-header, header and data.
    pub fn checksum(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 16))
    }

    /// Byte 18, 16 bits: urgent pointer.
    pub fn urgent(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 18))
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> TcpHdr<T> {
    /// The bytes after the header, mutable (empty if the buffer ends with it).
    pub fn payload_mut(&mut self) -> &mut [u8] {
        self.buffer.as_mut().get_mut(Self::LEN..).unwrap_or(&mut [])
    }

    /// Sets `src_port`.
    pub fn set_src_port(&mut self, v: u16) {
        self.buffer.as_mut()[0..2].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets `dst_port`.
    pub fn set_dst_port(&mut self, v: u16) {
        self.buffer.as_mut()[2..4].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets `seq`.
    pub fn set_seq(&mut self, v: u32) {
        self.buffer.as_mut()[4..8].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets `ack`.
    pub fn set_ack(&mut self, v: u32) {
        self.buffer.as_mut()[8..12].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets `data_offset` (the low 4 bits of `v`), keeping the other bits of its container.
    pub fn set_data_offset(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[12];
        let new = (old & 0x0f) | ((v & 0x0f) << 4);
        b[12] = new;
    }

    /// Sets `rsvd` (the low 4 bits of `v`), keeping the other bits of its container.
    pub fn set_rsvd(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[12];
        let new = (old & 0xf0) | (v & 0x0f);
        b[12] = new;
    }

    /// Sets `flags`.
    pub fn set_flags(&mut self, v: u8) {
        self.buffer.as_mut()[13] = v;
    }

    /// Sets `window`.
    pub fn set_window(&mut self, v: u16) {
        self.buffer.as_mut()[14..16].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets `checksum`.
    pub fn set_checksum(&mut self, v: u16) {
        self.buffer.as_mut()[16..18].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets `urgent`.
    pub fn set_urgent(&mut self, v: u16) {
        self.buffer.as_mut()[18..20].copy_from_slice(&v.to_be_bytes());
    }
}

/// ICMP echo request/reply header (RFC 792): a zero-copy view of 8 big-endian bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IcmpEcho<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> IcmpEcho<T> {
    /// Header length in bytes.
    pub const LEN: usize = 8;

    /// Wraps a buffer without checking its length.
    ///
    /// # Panics
    ///
    /// The accessors panic if the buffer is shorter than [`Self::LEN`]; use
    /// [`Self::new_checked`] for bytes that come from the wire or a device.
    pub fn new_unchecked(buffer: T) -> Self {
        Self { buffer }
    }

    /// Wraps a buffer after checking that it holds the whole header
    /// (`buffer.len() >= LEN`); every accessor is then in bounds.
    ///
    /// # Errors
    ///
    /// [`Truncated`] when the buffer is shorter than [`Self::LEN`].
    pub fn new_checked(buffer: T) -> Result<Self, Truncated> {
        if buffer.as_ref().len() < Self::LEN {
            Err(Truncated)
        } else {
            Ok(Self { buffer })
        }
    }

    /// Returns the wrapped buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }

    /// The whole wrapped buffer (header and whatever follows it).
    pub fn as_bytes(&self) -> &[u8] {
        self.buffer.as_ref()
    }

    /// The bytes after the header (empty if the buffer ends with it).
    pub fn payload(&self) -> &[u8] {
        self.buffer.as_ref().get(Self::LEN..).unwrap_or(&[])
    }

    /// Byte 0, 8 bits: 8 = echo request, 0 = echo reply.
    pub fn icmp_type(&self) -> u8 {
        self.buffer.as_ref()[0]
    }

    /// Byte 1, 8 bits: 0.
    pub fn code(&self) -> u8 {
        self.buffer.as_ref()[1]
    }

    /// Byte 2, 16 bits: checksum over the ICMP message.
    pub fn checksum(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 2))
    }

    /// Byte 4, 16 bits: identifier.
    pub fn ident(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 4))
    }

    /// Byte 6, 16 bits: sequence number.
    pub fn seq(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 6))
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> IcmpEcho<T> {
    /// The bytes after the header, mutable (empty if the buffer ends with it).
    pub fn payload_mut(&mut self) -> &mut [u8] {
        self.buffer.as_mut().get_mut(Self::LEN..).unwrap_or(&mut [])
    }

    /// Sets `icmp_type`.
    pub fn set_icmp_type(&mut self, v: u8) {
        self.buffer.as_mut()[0] = v;
    }

    /// Sets `code`.
    pub fn set_code(&mut self, v: u8) {
        self.buffer.as_mut()[1] = v;
    }

    /// Sets `checksum`.
    pub fn set_checksum(&mut self, v: u16) {
        self.buffer.as_mut()[2..4].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets `ident`.
    pub fn set_ident(&mut self, v: u16) {
        self.buffer.as_mut()[4..6].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets `seq`.
    pub fn set_seq(&mut self, v: u16) {
        self.buffer.as_mut()[6..8].copy_from_slice(&v.to_be_bytes());
    }
}

/// MPA request/reply frame header, followed by pd_length bytes of private data (RFC 5044 §7.1; RFC 6581, enhanced MPA frames): a zero-copy view of 20 big-endian bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MpaReqRep<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> MpaReqRep<T> {
    /// Header length in bytes.
    pub const LEN: usize = 20;

    /// Wraps a buffer without checking its length.
    ///
    /// # Panics
    ///
    /// The accessors panic if the buffer is shorter than [`Self::LEN`]; use
    /// [`Self::new_checked`] for bytes that come from the wire or a device.
    pub fn new_unchecked(buffer: T) -> Self {
        Self { buffer }
    }

    /// Wraps a buffer after checking that it holds the whole header
    /// (`buffer.len() >= LEN`); every accessor is then in bounds.
    ///
    /// # Errors
    ///
    /// [`Truncated`] when the buffer is shorter than [`Self::LEN`].
    pub fn new_checked(buffer: T) -> Result<Self, Truncated> {
        if buffer.as_ref().len() < Self::LEN {
            Err(Truncated)
        } else {
            Ok(Self { buffer })
        }
    }

    /// Returns the wrapped buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }

    /// The whole wrapped buffer (header and whatever follows it).
    pub fn as_bytes(&self) -> &[u8] {
        self.buffer.as_ref()
    }

    /// The bytes after the header (empty if the buffer ends with it).
    pub fn payload(&self) -> &[u8] {
        self.buffer.as_ref().get(Self::LEN..).unwrap_or(&[])
    }

    /// Byte 0, 128 bits: "MPA ID Req Frame" or "MPA ID Rep Frame".
    pub fn key(&self) -> [u8; 16] {
        bytes_at(self.buffer.as_ref(), 0)
    }

    /// Byte 16, 8 bits: mpa_flags (M, C, R, enhanced); bits 3:0 reserved, sent as zero, not checked.
    pub fn flags(&self) -> u8 {
        self.buffer.as_ref()[16]
    }

    /// Byte 17, 8 bits: MPA revision, 1 or 2.
    pub fn revision(&self) -> u8 {
        self.buffer.as_ref()[17]
    }

    /// Byte 18, 16 bits: private data length, at most 512.
    pub fn pd_length(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 18))
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> MpaReqRep<T> {
    /// The bytes after the header, mutable (empty if the buffer ends with it).
    pub fn payload_mut(&mut self) -> &mut [u8] {
        self.buffer.as_mut().get_mut(Self::LEN..).unwrap_or(&mut [])
    }

    /// Sets the 16-byte field `key`.
    pub fn set_key(&mut self, v: [u8; 16]) {
        self.buffer.as_mut()[0..16].copy_from_slice(&v);
    }

    /// Sets `flags`.
    pub fn set_flags(&mut self, v: u8) {
        self.buffer.as_mut()[16] = v;
    }

    /// Sets `revision`.
    pub fn set_revision(&mut self, v: u8) {
        self.buffer.as_mut()[17] = v;
    }

    /// Sets `pd_length`.
    pub fn set_pd_length(&mut self, v: u16) {
        self.buffer.as_mut()[18..20].copy_from_slice(&v.to_be_bytes());
    }
}

/// Enhanced connection setup data: the first 4 octets of the private data of a revision 2 frame with the enhanced flag; IRD and ORD are 14 bits (RFC 6581, enhanced connection establishment data): a zero-copy view of 4 big-endian bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MpaV2IrdOrd<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> MpaV2IrdOrd<T> {
    /// Header length in bytes.
    pub const LEN: usize = 4;

    /// Wraps a buffer without checking its length.
    ///
    /// # Panics
    ///
    /// The accessors panic if the buffer is shorter than [`Self::LEN`]; use
    /// [`Self::new_checked`] for bytes that come from the wire or a device.
    pub fn new_unchecked(buffer: T) -> Self {
        Self { buffer }
    }

    /// Wraps a buffer after checking that it holds the whole header
    /// (`buffer.len() >= LEN`); every accessor is then in bounds.
    ///
    /// # Errors
    ///
    /// [`Truncated`] when the buffer is shorter than [`Self::LEN`].
    pub fn new_checked(buffer: T) -> Result<Self, Truncated> {
        if buffer.as_ref().len() < Self::LEN {
            Err(Truncated)
        } else {
            Ok(Self { buffer })
        }
    }

    /// Returns the wrapped buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }

    /// The whole wrapped buffer (header and whatever follows it).
    pub fn as_bytes(&self) -> &[u8] {
        self.buffer.as_ref()
    }

    /// The bytes after the header (empty if the buffer ends with it).
    pub fn payload(&self) -> &[u8] {
        self.buffer.as_ref().get(Self::LEN..).unwrap_or(&[])
    }

    /// Bit 15 of the 16-bit field at byte 0: A: peer-to-peer connection model (IRD word bit 15).
    pub fn peer_to_peer(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 0)) >> 15
    }

    /// Bit 14 of the 16-bit field at byte 0: B: RTR as a zero-length Send FPDU (IRD word bit 14).
    pub fn send_rtr(&self) -> u16 {
        (u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 0)) >> 14) & 0x0001
    }

    /// Bits 13:0 of the 16-bit field at byte 0: IRD: inbound RDMA Read queue depth.
    pub fn ird(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 0)) & 0x3fff
    }

    /// Bit 15 of the 16-bit field at byte 2: C: RTR as a zero-length RDMA Write (ORD word bit 15).
    pub fn zero_len_rdma_write(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 2)) >> 15
    }

    /// Bit 14 of the 16-bit field at byte 2: D: RTR as a zero-length RDMA Read Request (ORD word bit 14).
    pub fn rdma_read_rtr(&self) -> u16 {
        (u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 2)) >> 14) & 0x0001
    }

    /// Bits 13:0 of the 16-bit field at byte 2: ORD: outbound RDMA Read queue depth.
    pub fn ord(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 2)) & 0x3fff
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> MpaV2IrdOrd<T> {
    /// The bytes after the header, mutable (empty if the buffer ends with it).
    pub fn payload_mut(&mut self) -> &mut [u8] {
        self.buffer.as_mut().get_mut(Self::LEN..).unwrap_or(&mut [])
    }

    /// Sets `peer_to_peer` (the low 1 bits of `v`), keeping the other bits of its container.
    pub fn set_peer_to_peer(&mut self, v: u16) {
        let b = self.buffer.as_mut();
        let old = u16::from_be_bytes(bytes_at(b, 0));
        let new = (old & 0x7fff) | ((v & 0x0001) << 15);
        b[0..2].copy_from_slice(&new.to_be_bytes());
    }

    /// Sets `send_rtr` (the low 1 bits of `v`), keeping the other bits of its container.
    pub fn set_send_rtr(&mut self, v: u16) {
        let b = self.buffer.as_mut();
        let old = u16::from_be_bytes(bytes_at(b, 0));
        let new = (old & 0xbfff) | ((v & 0x0001) << 14);
        b[0..2].copy_from_slice(&new.to_be_bytes());
    }

    /// Sets `ird` (the low 14 bits of `v`), keeping the other bits of its container.
    pub fn set_ird(&mut self, v: u16) {
        let b = self.buffer.as_mut();
        let old = u16::from_be_bytes(bytes_at(b, 0));
        let new = (old & 0xc000) | (v & 0x3fff);
        b[0..2].copy_from_slice(&new.to_be_bytes());
    }

    /// Sets `zero_len_rdma_write` (the low 1 bits of `v`), keeping the other bits of its container.
    pub fn set_zero_len_rdma_write(&mut self, v: u16) {
        let b = self.buffer.as_mut();
        let old = u16::from_be_bytes(bytes_at(b, 2));
        let new = (old & 0x7fff) | ((v & 0x0001) << 15);
        b[2..4].copy_from_slice(&new.to_be_bytes());
    }

    /// Sets `rdma_read_rtr` (the low 1 bits of `v`), keeping the other bits of its container.
    pub fn set_rdma_read_rtr(&mut self, v: u16) {
        let b = self.buffer.as_mut();
        let old = u16::from_be_bytes(bytes_at(b, 2));
        let new = (old & 0xbfff) | ((v & 0x0001) << 14);
        b[2..4].copy_from_slice(&new.to_be_bytes());
    }

    /// Sets `ord` (the low 14 bits of `v`), keeping the other bits of its container.
    pub fn set_ord(&mut self, v: u16) {
        let b = self.buffer.as_mut();
        let old = u16::from_be_bytes(bytes_at(b, 2));
        let new = (old & 0xc000) | (v & 0x3fff);
        b[2..4].copy_from_slice(&new.to_be_bytes());
    }
}

/// MPA FPDU header: the ULPDU length (DDP header and payload, without pad and CRC) (RFC 5044 §4.2): a zero-copy view of 2 big-endian bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MpaFpduHdr<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> MpaFpduHdr<T> {
    /// Header length in bytes.
    pub const LEN: usize = 2;

    /// Wraps a buffer without checking its length.
    ///
    /// # Panics
    ///
    /// The accessors panic if the buffer is shorter than [`Self::LEN`]; use
    /// [`Self::new_checked`] for bytes that come from the wire or a device.
    pub fn new_unchecked(buffer: T) -> Self {
        Self { buffer }
    }

    /// Wraps a buffer after checking that it holds the whole header
    /// (`buffer.len() >= LEN`); every accessor is then in bounds.
    ///
    /// # Errors
    ///
    /// [`Truncated`] when the buffer is shorter than [`Self::LEN`].
    pub fn new_checked(buffer: T) -> Result<Self, Truncated> {
        if buffer.as_ref().len() < Self::LEN {
            Err(Truncated)
        } else {
            Ok(Self { buffer })
        }
    }

    /// Returns the wrapped buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }

    /// The whole wrapped buffer (header and whatever follows it).
    pub fn as_bytes(&self) -> &[u8] {
        self.buffer.as_ref()
    }

    /// The bytes after the header (empty if the buffer ends with it).
    pub fn payload(&self) -> &[u8] {
        self.buffer.as_ref().get(Self::LEN..).unwrap_or(&[])
    }

    /// Byte 0, 16 bits: ULPDU length in bytes.
    pub fn ulpdu_length(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 0))
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> MpaFpduHdr<T> {
    /// The bytes after the header, mutable (empty if the buffer ends with it).
    pub fn payload_mut(&mut self) -> &mut [u8] {
        self.buffer.as_mut().get_mut(Self::LEN..).unwrap_or(&mut [])
    }

    /// Sets `ulpdu_length`.
    pub fn set_ulpdu_length(&mut self, v: u16) {
        self.buffer.as_mut()[0..2].copy_from_slice(&v.to_be_bytes());
    }
}

/// MPA marker, inserted every 512 octets of the TCP stream when the receiver asked for markers (RFC 5044 §4.3): a zero-copy view of 4 big-endian bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MpaMarker<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> MpaMarker<T> {
    /// Header length in bytes.
    pub const LEN: usize = 4;

    /// Wraps a buffer without checking its length.
    ///
    /// # Panics
    ///
    /// The accessors panic if the buffer is shorter than [`Self::LEN`]; use
    /// [`Self::new_checked`] for bytes that come from the wire or a device.
    pub fn new_unchecked(buffer: T) -> Self {
        Self { buffer }
    }

    /// Wraps a buffer after checking that it holds the whole header
    /// (`buffer.len() >= LEN`); every accessor is then in bounds.
    ///
    /// # Errors
    ///
    /// [`Truncated`] when the buffer is shorter than [`Self::LEN`].
    pub fn new_checked(buffer: T) -> Result<Self, Truncated> {
        if buffer.as_ref().len() < Self::LEN {
            Err(Truncated)
        } else {
            Ok(Self { buffer })
        }
    }

    /// Returns the wrapped buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }

    /// The whole wrapped buffer (header and whatever follows it).
    pub fn as_bytes(&self) -> &[u8] {
        self.buffer.as_ref()
    }

    /// The bytes after the header (empty if the buffer ends with it).
    pub fn payload(&self) -> &[u8] {
        self.buffer.as_ref().get(Self::LEN..).unwrap_or(&[])
    }

    /// Byte 0, 16 bits: reserved, zero.
    pub fn rsvd(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 0))
    }

    /// Byte 2, 16 bits: octets back from the marker to the start of the FPDU's ULPDU_Length.
    pub fn fpduptr(&self) -> u16 {
        u16::from_be_bytes(bytes_at(self.buffer.as_ref(), 2))
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> MpaMarker<T> {
    /// The bytes after the header, mutable (empty if the buffer ends with it).
    pub fn payload_mut(&mut self) -> &mut [u8] {
        self.buffer.as_mut().get_mut(Self::LEN..).unwrap_or(&mut [])
    }

    /// Sets `rsvd`.
    pub fn set_rsvd(&mut self, v: u16) {
        self.buffer.as_mut()[0..2].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets `fpduptr`.
    pub fn set_fpduptr(&mut self, v: u16) {
        self.buffer.as_mut()[2..4].copy_from_slice(&v.to_be_bytes());
    }
}

/// DDP control field, the first octet of every DDP segment (RFC 5041 §5.1): a zero-copy view of 1 big-endian bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DdpCtrl<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> DdpCtrl<T> {
    /// Header length in bytes.
    pub const LEN: usize = 1;

    /// Wraps a buffer without checking its length.
    ///
    /// # Panics
    ///
    /// The accessors panic if the buffer is shorter than [`Self::LEN`]; use
    /// [`Self::new_checked`] for bytes that come from the wire or a device.
    pub fn new_unchecked(buffer: T) -> Self {
        Self { buffer }
    }

    /// Wraps a buffer after checking that it holds the whole header
    /// (`buffer.len() >= LEN`); every accessor is then in bounds.
    ///
    /// # Errors
    ///
    /// [`Truncated`] when the buffer is shorter than [`Self::LEN`].
    pub fn new_checked(buffer: T) -> Result<Self, Truncated> {
        if buffer.as_ref().len() < Self::LEN {
            Err(Truncated)
        } else {
            Ok(Self { buffer })
        }
    }

    /// Returns the wrapped buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }

    /// The whole wrapped buffer (header and whatever follows it).
    pub fn as_bytes(&self) -> &[u8] {
        self.buffer.as_ref()
    }

    /// The bytes after the header (empty if the buffer ends with it).
    pub fn payload(&self) -> &[u8] {
        self.buffer.as_ref().get(Self::LEN..).unwrap_or(&[])
    }

    /// Bit 7 of the 8-bit field at byte 0: T: tagged buffer model.
    pub fn tagged(&self) -> u8 {
        self.buffer.as_ref()[0] >> 7
    }

    /// Bit 6 of the 8-bit field at byte 0: L: last segment of the DDP message.
    pub fn last(&self) -> u8 {
        (self.buffer.as_ref()[0] >> 6) & 0x01
    }

    /// Bits 5:2 of the 8-bit field at byte 0: reserved, zero.
    pub fn rsvd(&self) -> u8 {
        (self.buffer.as_ref()[0] >> 2) & 0x0f
    }

    /// Bits 1:0 of the 8-bit field at byte 0: DV: DDP version, 1.
    pub fn ddp_version(&self) -> u8 {
        self.buffer.as_ref()[0] & 0x03
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> DdpCtrl<T> {
    /// The bytes after the header, mutable (empty if the buffer ends with it).
    pub fn payload_mut(&mut self) -> &mut [u8] {
        self.buffer.as_mut().get_mut(Self::LEN..).unwrap_or(&mut [])
    }

    /// Sets `tagged` (the low 1 bits of `v`), keeping the other bits of its container.
    pub fn set_tagged(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[0];
        let new = (old & 0x7f) | ((v & 0x01) << 7);
        b[0] = new;
    }

    /// Sets `last` (the low 1 bits of `v`), keeping the other bits of its container.
    pub fn set_last(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[0];
        let new = (old & 0xbf) | ((v & 0x01) << 6);
        b[0] = new;
    }

    /// Sets `rsvd` (the low 4 bits of `v`), keeping the other bits of its container.
    pub fn set_rsvd(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[0];
        let new = (old & 0xc3) | ((v & 0x0f) << 2);
        b[0] = new;
    }

    /// Sets `ddp_version` (the low 2 bits of `v`), keeping the other bits of its container.
    pub fn set_ddp_version(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[0];
        let new = (old & 0xfc) | (v & 0x03);
        b[0] = new;
    }
}

/// RDMAP control field: the first octet of DDP's RsvdULP (RFC 5040 §4.1): a zero-copy view of 1 big-endian bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RdmapCtrl<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> RdmapCtrl<T> {
    /// Header length in bytes.
    pub const LEN: usize = 1;

    /// Wraps a buffer without checking its length.
    ///
    /// # Panics
    ///
    /// The accessors panic if the buffer is shorter than [`Self::LEN`]; use
    /// [`Self::new_checked`] for bytes that come from the wire or a device.
    pub fn new_unchecked(buffer: T) -> Self {
        Self { buffer }
    }

    /// Wraps a buffer after checking that it holds the whole header
    /// (`buffer.len() >= LEN`); every accessor is then in bounds.
    ///
    /// # Errors
    ///
    /// [`Truncated`] when the buffer is shorter than [`Self::LEN`].
    pub fn new_checked(buffer: T) -> Result<Self, Truncated> {
        if buffer.as_ref().len() < Self::LEN {
            Err(Truncated)
        } else {
            Ok(Self { buffer })
        }
    }

    /// Returns the wrapped buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }

    /// The whole wrapped buffer (header and whatever follows it).
    pub fn as_bytes(&self) -> &[u8] {
        self.buffer.as_ref()
    }

    /// The bytes after the header (empty if the buffer ends with it).
    pub fn payload(&self) -> &[u8] {
        self.buffer.as_ref().get(Self::LEN..).unwrap_or(&[])
    }

    /// Bits 7:6 of the 8-bit field at byte 0: RV: RDMAP version, 1.
    pub fn rdmap_version(&self) -> u8 {
        self.buffer.as_ref()[0] >> 6
    }

    /// Bits 5:4 of the 8-bit field at byte 0: reserved, zero.
    pub fn rsvd(&self) -> u8 {
        (self.buffer.as_ref()[0] >> 4) & 0x03
    }

    /// Bits 3:0 of the 8-bit field at byte 0: a [`RdmapOpcode`] code.
    pub fn opcode(&self) -> u8 {
        self.buffer.as_ref()[0] & 0x0f
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> RdmapCtrl<T> {
    /// The bytes after the header, mutable (empty if the buffer ends with it).
    pub fn payload_mut(&mut self) -> &mut [u8] {
        self.buffer.as_mut().get_mut(Self::LEN..).unwrap_or(&mut [])
    }

    /// Sets `rdmap_version` (the low 2 bits of `v`), keeping the other bits of its container.
    pub fn set_rdmap_version(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[0];
        let new = (old & 0x3f) | ((v & 0x03) << 6);
        b[0] = new;
    }

    /// Sets `rsvd` (the low 2 bits of `v`), keeping the other bits of its container.
    pub fn set_rsvd(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[0];
        let new = (old & 0xcf) | ((v & 0x03) << 4);
        b[0] = new;
    }

    /// Sets `opcode` (the low 4 bits of `v`), keeping the other bits of its container.
    pub fn set_opcode(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[0];
        let new = (old & 0xf0) | (v & 0x0f);
        b[0] = new;
    }
}

/// DDP tagged buffer header with the RDMAP control byte (RFC 5041 §5.2, RFC 5040 §4.1): a zero-copy view of 14 big-endian bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DdpTaggedHdr<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> DdpTaggedHdr<T> {
    /// Header length in bytes.
    pub const LEN: usize = 14;

    /// Wraps a buffer without checking its length.
    ///
    /// # Panics
    ///
    /// The accessors panic if the buffer is shorter than [`Self::LEN`]; use
    /// [`Self::new_checked`] for bytes that come from the wire or a device.
    pub fn new_unchecked(buffer: T) -> Self {
        Self { buffer }
    }

    /// Wraps a buffer after checking that it holds the whole header
    /// (`buffer.len() >= LEN`); every accessor is then in bounds.
    ///
    /// # Errors
    ///
    /// [`Truncated`] when the buffer is shorter than [`Self::LEN`].
    pub fn new_checked(buffer: T) -> Result<Self, Truncated> {
        if buffer.as_ref().len() < Self::LEN {
            Err(Truncated)
        } else {
            Ok(Self { buffer })
        }
    }

    /// Returns the wrapped buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }

    /// The whole wrapped buffer (header and whatever follows it).
    pub fn as_bytes(&self) -> &[u8] {
        self.buffer.as_ref()
    }

    /// The bytes after the header (empty if the buffer ends with it).
    pub fn payload(&self) -> &[u8] {
        self.buffer.as_ref().get(Self::LEN..).unwrap_or(&[])
    }

    /// Bit 7 of the 8-bit field at byte 0: T: 1 for the tagged model.
    pub fn tagged(&self) -> u8 {
        self.buffer.as_ref()[0] >> 7
    }

    /// Bit 6 of the 8-bit field at byte 0: L: last DDP segment of the message.
    pub fn last(&self) -> u8 {
        (self.buffer.as_ref()[0] >> 6) & 0x01
    }

    /// Bits 5:2 of the 8-bit field at byte 0: reserved.
    pub fn rsvd(&self) -> u8 {
        (self.buffer.as_ref()[0] >> 2) & 0x0f
    }

    /// Bits 1:0 of the 8-bit field at byte 0: DDP version, 1.
    pub fn ddp_version(&self) -> u8 {
        self.buffer.as_ref()[0] & 0x03
    }

    /// Bits 7:6 of the 8-bit field at byte 1: RDMAP version, 1.
    pub fn rdmap_version(&self) -> u8 {
        self.buffer.as_ref()[1] >> 6
    }

    /// Bits 5:4 of the 8-bit field at byte 1: reserved.
    pub fn rsvd_ulp(&self) -> u8 {
        (self.buffer.as_ref()[1] >> 4) & 0x03
    }

    /// Bits 3:0 of the 8-bit field at byte 1: a [`RdmapOpcode`] code.
    pub fn opcode(&self) -> u8 {
        self.buffer.as_ref()[1] & 0x0f
    }

    /// Byte 2, 32 bits: steering tag of the data sink.
    pub fn stag(&self) -> u32 {
        u32::from_be_bytes(bytes_at(self.buffer.as_ref(), 2))
    }

    /// Byte 6, 64 bits: tagged offset.
    pub fn tagged_offset(&self) -> u64 {
        u64::from_be_bytes(bytes_at(self.buffer.as_ref(), 6))
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> DdpTaggedHdr<T> {
    /// The bytes after the header, mutable (empty if the buffer ends with it).
    pub fn payload_mut(&mut self) -> &mut [u8] {
        self.buffer.as_mut().get_mut(Self::LEN..).unwrap_or(&mut [])
    }

    /// Sets `tagged` (the low 1 bits of `v`), keeping the other bits of its container.
    pub fn set_tagged(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[0];
        let new = (old & 0x7f) | ((v & 0x01) << 7);
        b[0] = new;
    }

    /// Sets `last` (the low 1 bits of `v`), keeping the other bits of its container.
    pub fn set_last(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[0];
        let new = (old & 0xbf) | ((v & 0x01) << 6);
        b[0] = new;
    }

    /// Sets `rsvd` (the low 4 bits of `v`), keeping the other bits of its container.
    pub fn set_rsvd(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[0];
        let new = (old & 0xc3) | ((v & 0x0f) << 2);
        b[0] = new;
    }

    /// Sets `ddp_version` (the low 2 bits of `v`), keeping the other bits of its container.
    pub fn set_ddp_version(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[0];
        let new = (old & 0xfc) | (v & 0x03);
        b[0] = new;
    }

    /// Sets `rdmap_version` (the low 2 bits of `v`), keeping the other bits of its container.
    pub fn set_rdmap_version(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[1];
        let new = (old & 0x3f) | ((v & 0x03) << 6);
        b[1] = new;
    }

    /// Sets `rsvd_ulp` (the low 2 bits of `v`), keeping the other bits of its container.
    pub fn set_rsvd_ulp(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[1];
        let new = (old & 0xcf) | ((v & 0x03) << 4);
        b[1] = new;
    }

    /// Sets `opcode` (the low 4 bits of `v`), keeping the other bits of its container.
    pub fn set_opcode(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[1];
        let new = (old & 0xf0) | (v & 0x0f);
        b[1] = new;
    }

    /// Sets `stag`.
    pub fn set_stag(&mut self, v: u32) {
        self.buffer.as_mut()[2..6].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets `tagged_offset`.
    pub fn set_tagged_offset(&mut self, v: u64) {
        self.buffer.as_mut()[6..14].copy_from_slice(&v.to_be_bytes());
    }
}

/// DDP untagged buffer header with the RDMAP control byte (RFC 5041 §5.3, RFC 5040 §4.1): a zero-copy view of 18 big-endian bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DdpUntaggedHdr<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> DdpUntaggedHdr<T> {
    /// Header length in bytes.
    pub const LEN: usize = 18;

    /// Wraps a buffer without checking its length.
    ///
    /// # Panics
    ///
    /// The accessors panic if the buffer is shorter than [`Self::LEN`]; use
    /// [`Self::new_checked`] for bytes that come from the wire or a device.
    pub fn new_unchecked(buffer: T) -> Self {
        Self { buffer }
    }

    /// Wraps a buffer after checking that it holds the whole header
    /// (`buffer.len() >= LEN`); every accessor is then in bounds.
    ///
    /// # Errors
    ///
    /// [`Truncated`] when the buffer is shorter than [`Self::LEN`].
    pub fn new_checked(buffer: T) -> Result<Self, Truncated> {
        if buffer.as_ref().len() < Self::LEN {
            Err(Truncated)
        } else {
            Ok(Self { buffer })
        }
    }

    /// Returns the wrapped buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }

    /// The whole wrapped buffer (header and whatever follows it).
    pub fn as_bytes(&self) -> &[u8] {
        self.buffer.as_ref()
    }

    /// The bytes after the header (empty if the buffer ends with it).
    pub fn payload(&self) -> &[u8] {
        self.buffer.as_ref().get(Self::LEN..).unwrap_or(&[])
    }

    /// Bit 7 of the 8-bit field at byte 0: T: 0 for the untagged model.
    pub fn tagged(&self) -> u8 {
        self.buffer.as_ref()[0] >> 7
    }

    /// Bit 6 of the 8-bit field at byte 0: L: last DDP segment of the message.
    pub fn last(&self) -> u8 {
        (self.buffer.as_ref()[0] >> 6) & 0x01
    }

    /// Bits 5:2 of the 8-bit field at byte 0: reserved.
    pub fn rsvd(&self) -> u8 {
        (self.buffer.as_ref()[0] >> 2) & 0x0f
    }

    /// Bits 1:0 of the 8-bit field at byte 0: DDP version, 1.
    pub fn ddp_version(&self) -> u8 {
        self.buffer.as_ref()[0] & 0x03
    }

    /// Bits 7:6 of the 8-bit field at byte 1: RDMAP version, 1.
    pub fn rdmap_version(&self) -> u8 {
        self.buffer.as_ref()[1] >> 6
    }

    /// Bits 5:4 of the 8-bit field at byte 1: reserved.
    pub fn rsvd_ulp(&self) -> u8 {
        (self.buffer.as_ref()[1] >> 4) & 0x03
    }

    /// Bits 3:0 of the 8-bit field at byte 1: a [`RdmapOpcode`] code.
    pub fn opcode(&self) -> u8 {
        self.buffer.as_ref()[1] & 0x0f
    }

    /// Byte 2, 32 bits: STag to invalidate (Send with Invalidate), else reserved.
    pub fn inv_stag(&self) -> u32 {
        u32::from_be_bytes(bytes_at(self.buffer.as_ref(), 2))
    }

    /// Byte 6, 32 bits: queue number: 0 Send, 1 Read Request, 2 Terminate.
    pub fn qn(&self) -> u32 {
        u32::from_be_bytes(bytes_at(self.buffer.as_ref(), 6))
    }

    /// Byte 10, 32 bits: message sequence number.
    pub fn msn(&self) -> u32 {
        u32::from_be_bytes(bytes_at(self.buffer.as_ref(), 10))
    }

    /// Byte 14, 32 bits: message offset.
    pub fn mo(&self) -> u32 {
        u32::from_be_bytes(bytes_at(self.buffer.as_ref(), 14))
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> DdpUntaggedHdr<T> {
    /// The bytes after the header, mutable (empty if the buffer ends with it).
    pub fn payload_mut(&mut self) -> &mut [u8] {
        self.buffer.as_mut().get_mut(Self::LEN..).unwrap_or(&mut [])
    }

    /// Sets `tagged` (the low 1 bits of `v`), keeping the other bits of its container.
    pub fn set_tagged(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[0];
        let new = (old & 0x7f) | ((v & 0x01) << 7);
        b[0] = new;
    }

    /// Sets `last` (the low 1 bits of `v`), keeping the other bits of its container.
    pub fn set_last(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[0];
        let new = (old & 0xbf) | ((v & 0x01) << 6);
        b[0] = new;
    }

    /// Sets `rsvd` (the low 4 bits of `v`), keeping the other bits of its container.
    pub fn set_rsvd(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[0];
        let new = (old & 0xc3) | ((v & 0x0f) << 2);
        b[0] = new;
    }

    /// Sets `ddp_version` (the low 2 bits of `v`), keeping the other bits of its container.
    pub fn set_ddp_version(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[0];
        let new = (old & 0xfc) | (v & 0x03);
        b[0] = new;
    }

    /// Sets `rdmap_version` (the low 2 bits of `v`), keeping the other bits of its container.
    pub fn set_rdmap_version(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[1];
        let new = (old & 0x3f) | ((v & 0x03) << 6);
        b[1] = new;
    }

    /// Sets `rsvd_ulp` (the low 2 bits of `v`), keeping the other bits of its container.
    pub fn set_rsvd_ulp(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[1];
        let new = (old & 0xcf) | ((v & 0x03) << 4);
        b[1] = new;
    }

    /// Sets `opcode` (the low 4 bits of `v`), keeping the other bits of its container.
    pub fn set_opcode(&mut self, v: u8) {
        let b = self.buffer.as_mut();
        let old = b[1];
        let new = (old & 0xf0) | (v & 0x0f);
        b[1] = new;
    }

    /// Sets `inv_stag`.
    pub fn set_inv_stag(&mut self, v: u32) {
        self.buffer.as_mut()[2..6].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets `qn`.
    pub fn set_qn(&mut self, v: u32) {
        self.buffer.as_mut()[6..10].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets `msn`.
    pub fn set_msn(&mut self, v: u32) {
        self.buffer.as_mut()[10..14].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets `mo`.
    pub fn set_mo(&mut self, v: u32) {
        self.buffer.as_mut()[14..18].copy_from_slice(&v.to_be_bytes());
    }
}

/// RDMA Read Request payload (after the untagged DDP header) (RFC 5040 §4.4): a zero-copy view of 28 big-endian bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RdmaReadReq<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> RdmaReadReq<T> {
    /// Header length in bytes.
    pub const LEN: usize = 28;

    /// Wraps a buffer without checking its length.
    ///
    /// # Panics
    ///
    /// The accessors panic if the buffer is shorter than [`Self::LEN`]; use
    /// [`Self::new_checked`] for bytes that come from the wire or a device.
    pub fn new_unchecked(buffer: T) -> Self {
        Self { buffer }
    }

    /// Wraps a buffer after checking that it holds the whole header
    /// (`buffer.len() >= LEN`); every accessor is then in bounds.
    ///
    /// # Errors
    ///
    /// [`Truncated`] when the buffer is shorter than [`Self::LEN`].
    pub fn new_checked(buffer: T) -> Result<Self, Truncated> {
        if buffer.as_ref().len() < Self::LEN {
            Err(Truncated)
        } else {
            Ok(Self { buffer })
        }
    }

    /// Returns the wrapped buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }

    /// The whole wrapped buffer (header and whatever follows it).
    pub fn as_bytes(&self) -> &[u8] {
        self.buffer.as_ref()
    }

    /// The bytes after the header (empty if the buffer ends with it).
    pub fn payload(&self) -> &[u8] {
        self.buffer.as_ref().get(Self::LEN..).unwrap_or(&[])
    }

    /// Byte 0, 32 bits: data sink STag.
    pub fn sink_stag(&self) -> u32 {
        u32::from_be_bytes(bytes_at(self.buffer.as_ref(), 0))
    }

    /// Byte 4, 64 bits: data sink tagged offset.
    pub fn sink_to(&self) -> u64 {
        u64::from_be_bytes(bytes_at(self.buffer.as_ref(), 4))
    }

    /// Byte 12, 32 bits: RDMA read message size.
    pub fn read_size(&self) -> u32 {
        u32::from_be_bytes(bytes_at(self.buffer.as_ref(), 12))
    }

    /// Byte 16, 32 bits: data source STag.
    pub fn src_stag(&self) -> u32 {
        u32::from_be_bytes(bytes_at(self.buffer.as_ref(), 16))
    }

    /// Byte 20, 64 bits: data source tagged offset.
    pub fn src_to(&self) -> u64 {
        u64::from_be_bytes(bytes_at(self.buffer.as_ref(), 20))
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> RdmaReadReq<T> {
    /// The bytes after the header, mutable (empty if the buffer ends with it).
    pub fn payload_mut(&mut self) -> &mut [u8] {
        self.buffer.as_mut().get_mut(Self::LEN..).unwrap_or(&mut [])
    }

    /// Sets `sink_stag`.
    pub fn set_sink_stag(&mut self, v: u32) {
        self.buffer.as_mut()[0..4].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets `sink_to`.
    pub fn set_sink_to(&mut self, v: u64) {
        self.buffer.as_mut()[4..12].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets `read_size`.
    pub fn set_read_size(&mut self, v: u32) {
        self.buffer.as_mut()[12..16].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets `src_stag`.
    pub fn set_src_stag(&mut self, v: u32) {
        self.buffer.as_mut()[16..20].copy_from_slice(&v.to_be_bytes());
    }

    /// Sets `src_to`.
    pub fn set_src_to(&mut self, v: u64) {
        self.buffer.as_mut()[20..28].copy_from_slice(&v.to_be_bytes());
    }
}

/// Terminate control field and header flags (after the untagged DDP header) (RFC 5040 §4.8): a zero-copy view of 4 big-endian bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RdmapTerminate<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> RdmapTerminate<T> {
    /// Header length in bytes.
    pub const LEN: usize = 4;

    /// Wraps a buffer without checking its length.
    ///
    /// # Panics
    ///
    /// The accessors panic if the buffer is shorter than [`Self::LEN`]; use
    /// [`Self::new_checked`] for bytes that come from the wire or a device.
    pub fn new_unchecked(buffer: T) -> Self {
        Self { buffer }
    }

    /// Wraps a buffer after checking that it holds the whole header
    /// (`buffer.len() >= LEN`); every accessor is then in bounds.
    ///
    /// # Errors
    ///
    /// [`Truncated`] when the buffer is shorter than [`Self::LEN`].
    pub fn new_checked(buffer: T) -> Result<Self, Truncated> {
        if buffer.as_ref().len() < Self::LEN {
            Err(Truncated)
        } else {
            Ok(Self { buffer })
        }
    }

    /// Returns the wrapped buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }

    /// The whole wrapped buffer (header and whatever follows it).
    pub fn as_bytes(&self) -> &[u8] {
        self.buffer.as_ref()
    }

    /// The bytes after the header (empty if the buffer ends with it).
    pub fn payload(&self) -> &[u8] {
        self.buffer.as_ref().get(Self::LEN..).unwrap_or(&[])
    }

    /// Bits 31:28 of the 32-bit field at byte 0: a [`TermLayer`] code.
    pub fn layer(&self) -> u32 {
        u32::from_be_bytes(bytes_at(self.buffer.as_ref(), 0)) >> 28
    }

    /// Bits 27:24 of the 32-bit field at byte 0: error type of that layer.
    pub fn etype(&self) -> u32 {
        (u32::from_be_bytes(bytes_at(self.buffer.as_ref(), 0)) >> 24) & 0x000f
    }

    /// Bits 23:16 of the 32-bit field at byte 0: error code.
    pub fn ecode(&self) -> u32 {
        (u32::from_be_bytes(bytes_at(self.buffer.as_ref(), 0)) >> 16) & 0x00ff
    }

    /// Bit 15 of the 32-bit field at byte 0: M: DDP segment length valid.
    pub fn hdr_ctrl_m(&self) -> u32 {
        (u32::from_be_bytes(bytes_at(self.buffer.as_ref(), 0)) >> 15) & 0x0001
    }

    /// Bit 14 of the 32-bit field at byte 0: D: DDP header included.
    pub fn hdr_ctrl_d(&self) -> u32 {
        (u32::from_be_bytes(bytes_at(self.buffer.as_ref(), 0)) >> 14) & 0x0001
    }

    /// Bit 13 of the 32-bit field at byte 0: R: RDMAP header included.
    pub fn hdr_ctrl_r(&self) -> u32 {
        (u32::from_be_bytes(bytes_at(self.buffer.as_ref(), 0)) >> 13) & 0x0001
    }

    /// Bits 12:0 of the 32-bit field at byte 0: reserved.
    pub fn rsvd(&self) -> u32 {
        u32::from_be_bytes(bytes_at(self.buffer.as_ref(), 0)) & 0x1fff
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> RdmapTerminate<T> {
    /// The bytes after the header, mutable (empty if the buffer ends with it).
    pub fn payload_mut(&mut self) -> &mut [u8] {
        self.buffer.as_mut().get_mut(Self::LEN..).unwrap_or(&mut [])
    }

    /// Sets `layer` (the low 4 bits of `v`), keeping the other bits of its container.
    pub fn set_layer(&mut self, v: u32) {
        let b = self.buffer.as_mut();
        let old = u32::from_be_bytes(bytes_at(b, 0));
        let new = (old & 0x0fff_ffff) | ((v & 0x000f) << 28);
        b[0..4].copy_from_slice(&new.to_be_bytes());
    }

    /// Sets `etype` (the low 4 bits of `v`), keeping the other bits of its container.
    pub fn set_etype(&mut self, v: u32) {
        let b = self.buffer.as_mut();
        let old = u32::from_be_bytes(bytes_at(b, 0));
        let new = (old & 0xf0ff_ffff) | ((v & 0x000f) << 24);
        b[0..4].copy_from_slice(&new.to_be_bytes());
    }

    /// Sets `ecode` (the low 8 bits of `v`), keeping the other bits of its container.
    pub fn set_ecode(&mut self, v: u32) {
        let b = self.buffer.as_mut();
        let old = u32::from_be_bytes(bytes_at(b, 0));
        let new = (old & 0xff00_ffff) | ((v & 0x00ff) << 16);
        b[0..4].copy_from_slice(&new.to_be_bytes());
    }

    /// Sets `hdr_ctrl_m` (the low 1 bits of `v`), keeping the other bits of its container.
    pub fn set_hdr_ctrl_m(&mut self, v: u32) {
        let b = self.buffer.as_mut();
        let old = u32::from_be_bytes(bytes_at(b, 0));
        let new = (old & 0xffff_7fff) | ((v & 0x0001) << 15);
        b[0..4].copy_from_slice(&new.to_be_bytes());
    }

    /// Sets `hdr_ctrl_d` (the low 1 bits of `v`), keeping the other bits of its container.
    pub fn set_hdr_ctrl_d(&mut self, v: u32) {
        let b = self.buffer.as_mut();
        let old = u32::from_be_bytes(bytes_at(b, 0));
        let new = (old & 0xffff_bfff) | ((v & 0x0001) << 14);
        b[0..4].copy_from_slice(&new.to_be_bytes());
    }

    /// Sets `hdr_ctrl_r` (the low 1 bits of `v`), keeping the other bits of its container.
    pub fn set_hdr_ctrl_r(&mut self, v: u32) {
        let b = self.buffer.as_mut();
        let old = u32::from_be_bytes(bytes_at(b, 0));
        let new = (old & 0xffff_dfff) | ((v & 0x0001) << 13);
        b[0..4].copy_from_slice(&new.to_be_bytes());
    }

    /// Sets `rsvd` (the low 13 bits of `v`), keeping the other bits of its container.
    pub fn set_rsvd(&mut self, v: u32) {
        let b = self.buffer.as_mut();
        let old = u32::from_be_bytes(bytes_at(b, 0));
        let new = (old & 0xffff_e000) | (v & 0x1fff);
        b[0..4].copy_from_slice(&new.to_be_bytes());
    }
}

/// Immediate data payload (RFC 7306 §4.2): a zero-copy view of 8 big-endian bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RdmapImmediate<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> RdmapImmediate<T> {
    /// Header length in bytes.
    pub const LEN: usize = 8;

    /// Wraps a buffer without checking its length.
    ///
    /// # Panics
    ///
    /// The accessors panic if the buffer is shorter than [`Self::LEN`]; use
    /// [`Self::new_checked`] for bytes that come from the wire or a device.
    pub fn new_unchecked(buffer: T) -> Self {
        Self { buffer }
    }

    /// Wraps a buffer after checking that it holds the whole header
    /// (`buffer.len() >= LEN`); every accessor is then in bounds.
    ///
    /// # Errors
    ///
    /// [`Truncated`] when the buffer is shorter than [`Self::LEN`].
    pub fn new_checked(buffer: T) -> Result<Self, Truncated> {
        if buffer.as_ref().len() < Self::LEN {
            Err(Truncated)
        } else {
            Ok(Self { buffer })
        }
    }

    /// Returns the wrapped buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }

    /// The whole wrapped buffer (header and whatever follows it).
    pub fn as_bytes(&self) -> &[u8] {
        self.buffer.as_ref()
    }

    /// The bytes after the header (empty if the buffer ends with it).
    pub fn payload(&self) -> &[u8] {
        self.buffer.as_ref().get(Self::LEN..).unwrap_or(&[])
    }

    /// Byte 0, 64 bits: immediate data.
    pub fn data(&self) -> u64 {
        u64::from_be_bytes(bytes_at(self.buffer.as_ref(), 0))
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> RdmapImmediate<T> {
    /// The bytes after the header, mutable (empty if the buffer ends with it).
    pub fn payload_mut(&mut self) -> &mut [u8] {
        self.buffer.as_mut().get_mut(Self::LEN..).unwrap_or(&mut [])
    }

    /// Sets `data`.
    pub fn set_data(&mut self, v: u64) {
        self.buffer.as_mut()[0..8].copy_from_slice(&v.to_be_bytes());
    }
}

/// A command's argument or result words that cannot be built or read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgError {
    /// A field's value does not fit its bits (`to_words`).
    TooWide {
        /// The block.
        block: &'static str,
        /// The field.
        field: &'static str,
        /// The value given.
        value: u64,
        /// The field's width in bits.
        width: u32,
    },
    /// Reserved bits are set (`from_words`).
    Reserved {
        /// The block.
        block: &'static str,
        /// The word.
        word: usize,
        /// The reserved bits that are set.
        bits: u32,
    },
    /// A field holds a code its enumeration does not define (`from_words`).
    UnknownCode {
        /// The block.
        block: &'static str,
        /// The field.
        field: &'static str,
        /// The code.
        value: u64,
    },
    /// A message has fewer or more words than the block allows (`from_prefix`).
    Length {
        /// The block.
        block: &'static str,
        /// Words in the message.
        words: usize,
        /// Words the block needs at least.
        min: usize,
        /// Words the block has.
        max: usize,
    },
}

impl core::fmt::Display for ArgError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::TooWide {
                block,
                field,
                value,
                width,
            } => write!(f, "{block}.{field}: {value:#x} does not fit {width} bits"),
            Self::Reserved { block, word, bits } => write!(
                f,
                "{block}: reserved bits {bits:#010x} of word {word} are set"
            ),
            Self::UnknownCode {
                block,
                field,
                value,
            } => write!(f, "{block}.{field}: unknown code {value:#x}"),
            Self::Length {
                block,
                words,
                min,
                max,
            } => write!(f, "{block}: {words} words, the block takes {min}..={max}"),
        }
    }
}

impl core::error::Error for ArgError {}

/// Fails when a word has a bit of its reserved mask set.
fn check_reserved(block: &'static str, w: &[u32], reserved: &[u32]) -> Result<(), ArgError> {
    for (word, (v, r)) in w.iter().zip(reserved).enumerate() {
        if v & r != 0 {
            return Err(ArgError::Reserved {
                block,
                word,
                bits: v & r,
            });
        }
    }
    Ok(())
}

/// MR_REG arguments: the region's table entry (warpnic (docs/iwarp.md)): 9 words. Used as: rdma_cmd MR_REG arguments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RdmaMrRegArgs {
    /// Word 0: STag: table index 31:8, key 7:0.
    pub stag: u32,
    /// Word 1 bits 15:0: protection domain.
    pub pd: u16,
    /// Word 2 bits 7:0: `mr_access` bits, see [`mr_access`].
    pub access: u8,
    /// Words 3-4 (low word first): Tagged Offset of the region's first byte.
    pub base: u64,
    /// Words 5-6 (low word first): bytes.
    pub len: u64,
    /// Words 7-8 (low word first): IOVA of the region's first byte.
    pub iova: u64,
}

impl RdmaMrRegArgs {
    /// The block's name in the description.
    pub const NAME: &'static str = "rdma_mr_reg_args";

    /// 32-bit words of the block.
    pub const WORDS: usize = 9;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 9;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [
        0x0000_0000,
        0xffff_0000,
        0xffff_ff00,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
    ];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(self.stag);
        w[0] |= v as u32;
        let v = u64::from(self.pd);
        w[1] |= v as u32;
        let v = u64::from(self.access);
        w[2] |= v as u32;
        let v = self.base;
        w[3] |= v as u32;
        w[4] |= (v >> 32) as u32;
        let v = self.len;
        w[5] |= v as u32;
        w[6] |= (v >> 32) as u32;
        let v = self.iova;
        w[7] |= v as u32;
        w[8] |= (v >> 32) as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self {
            stag: w[0],
            pd: (w[1] & 0xffff) as u16,
            access: (w[2] & 0x00ff) as u8,
            base: u64::from(w[3]) | (u64::from(w[4]) << 32),
            len: u64::from(w[5]) | (u64::from(w[6]) << 32),
            iova: u64::from(w[7]) | (u64::from(w[8]) << 32),
        })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// A memory region, by its STag (warpnic (docs/iwarp.md)): 1 word. Used as: rdma_cmd MR_DEREG arguments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RdmaStagArgs {
    /// Word 0: STag: table index 31:8, key 7:0.
    pub stag: u32,
}

impl RdmaStagArgs {
    /// The block's name in the description.
    pub const NAME: &'static str = "rdma_stag_args";

    /// 32-bit words of the block.
    pub const WORDS: usize = 1;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 1;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [0x0000_0000];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(self.stag);
        w[0] |= v as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self { stag: w[0] })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// MR_INV arguments (warpnic (docs/iwarp.md)): 2 words. Used as: rdma_cmd MR_INV arguments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RdmaMrInvArgs {
    /// Word 0: STag: table index 31:8, key 7:0.
    pub stag: u32,
    /// Word 1 bits 15:0: protection domain the region must belong to.
    pub pd: u16,
}

impl RdmaMrInvArgs {
    /// The block's name in the description.
    pub const NAME: &'static str = "rdma_mr_inv_args";

    /// 32-bit words of the block.
    pub const WORDS: usize = 2;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 2;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [0x0000_0000, 0xffff_0000];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(self.stag);
        w[0] |= v as u32;
        let v = u64::from(self.pd);
        w[1] |= v as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self {
            stag: w[0],
            pd: (w[1] & 0xffff) as u16,
        })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// QP_MODIFY arguments: the state, and the attributes RESET to INIT sets (ARG2 and up are read only with set_attrs) (warpnic (docs/iwarp.md)): 13 words; a message may end after word 1 (the words after read as zero). Used as: rdma_cmd QP_MODIFY arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RdmaQpModifyArgs {
    /// Word 0: queue pair number (below the block's NUM_QP).
    pub qp: u32,
    /// Word 1 bits 7:0: a [`QpState`] code.
    pub state: QpState,
    /// Word 1 bit 8: set the attributes of the words after (RESET to INIT only).
    pub set_attrs: bool,
    /// Word 2 bits 15:0: protection domain.
    pub pd: u16,
    /// Word 3 bits 15:0: largest ULPDU accepted, bytes (at least 1).
    pub mulpdu: u16,
    /// Word 3 bit 16: CRC32c on the connection.
    pub crc: bool,
    /// Word 3 bit 17: MPA markers in what the peer sends.
    pub markers_rx: bool,
    /// Word 3 bit 18: MPA markers in what this QP sends.
    pub markers_tx: bool,
    /// Word 3 bits 31:24: inbound RDMA Read queue depth (at most RDMA_MAX_IRD).
    pub ird: u8,
    /// Word 4 bits 7:0: outbound RDMA Read queue depth (at most RDMA_MAX_ORD).
    pub ord: u8,
    /// Word 4 bits 15:8: completion queue of the send queue.
    pub send_cq: u8,
    /// Word 4 bits 23:16: completion queue of the receive queue.
    pub recv_cq: u8,
    /// Word 4 bits 27:24: log2 of the receive queue's entries (1..=15).
    pub rq_log: u8,
    /// Word 4 bits 31:28: log2 of the send queue's entries (1..=15).
    pub sq_log: u8,
    /// Words 5-6 (low word first): IOVA of the receive queue's ring.
    pub rq_iova: u64,
    /// Words 7-8 (low word first): IOVA of the send queue's ring.
    pub sq_iova: u64,
    /// Word 9 bits 15:0: the TCP connection id the QP runs on.
    pub tid: u16,
    /// Word 10 bits 8:0: marker phase of the first received FPDU's first byte (0..=511).
    pub marker_phase: u16,
    /// Word 11 bits 15:0: largest ULPDU to send (MULPDU), bytes.
    pub send_mulpdu: u16,
    /// Word 12: stream offset of the first FPDU to send (the stream's TX_END when FPDU mode begins).
    pub tx_start: u32,
}

impl RdmaQpModifyArgs {
    /// The block's name in the description.
    pub const NAME: &'static str = "rdma_qp_modify_args";

    /// 32-bit words of the block.
    pub const WORDS: usize = 13;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 2;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [
        0x0000_0000,
        0xffff_fe00,
        0xffff_0000,
        0x00f8_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0xffff_0000,
        0xffff_fe00,
        0xffff_0000,
        0x0000_0000,
    ];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(self.qp);
        w[0] |= v as u32;
        let v = u64::from(u8::from(self.state));
        w[1] |= v as u32;
        let v = u64::from(self.set_attrs);
        w[1] |= (v << 8) as u32;
        let v = u64::from(self.pd);
        w[2] |= v as u32;
        let v = u64::from(self.mulpdu);
        w[3] |= v as u32;
        let v = u64::from(self.crc);
        w[3] |= (v << 16) as u32;
        let v = u64::from(self.markers_rx);
        w[3] |= (v << 17) as u32;
        let v = u64::from(self.markers_tx);
        w[3] |= (v << 18) as u32;
        let v = u64::from(self.ird);
        w[3] |= (v << 24) as u32;
        let v = u64::from(self.ord);
        w[4] |= v as u32;
        let v = u64::from(self.send_cq);
        w[4] |= (v << 8) as u32;
        let v = u64::from(self.recv_cq);
        w[4] |= (v << 16) as u32;
        let v = u64::from(self.rq_log);
        if v > 0x000f {
            return Err(ArgError::TooWide {
                block: Self::NAME,
                field: "rq_log",
                value: v,
                width: 4,
            });
        }
        w[4] |= (v << 24) as u32;
        let v = u64::from(self.sq_log);
        if v > 0x000f {
            return Err(ArgError::TooWide {
                block: Self::NAME,
                field: "sq_log",
                value: v,
                width: 4,
            });
        }
        w[4] |= (v << 28) as u32;
        let v = self.rq_iova;
        w[5] |= v as u32;
        w[6] |= (v >> 32) as u32;
        let v = self.sq_iova;
        w[7] |= v as u32;
        w[8] |= (v >> 32) as u32;
        let v = u64::from(self.tid);
        w[9] |= v as u32;
        let v = u64::from(self.marker_phase);
        if v > 0x01ff {
            return Err(ArgError::TooWide {
                block: Self::NAME,
                field: "marker_phase",
                value: v,
                width: 9,
            });
        }
        w[10] |= v as u32;
        let v = u64::from(self.send_mulpdu);
        w[11] |= v as u32;
        let v = u64::from(self.tx_start);
        w[12] |= v as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self {
            qp: w[0],
            state: QpState::try_from((w[1] & 0x00ff) as u8).map_err(|v| ArgError::UnknownCode {
                block: Self::NAME,
                field: "state",
                value: u64::from(v),
            })?,
            set_attrs: (w[1] >> 8) & 0x0001 != 0,
            pd: (w[2] & 0xffff) as u16,
            mulpdu: (w[3] & 0xffff) as u16,
            crc: (w[3] >> 16) & 0x0001 != 0,
            markers_rx: (w[3] >> 17) & 0x0001 != 0,
            markers_tx: (w[3] >> 18) & 0x0001 != 0,
            ird: (w[3] >> 24) as u8,
            ord: (w[4] & 0x00ff) as u8,
            send_cq: ((w[4] >> 8) & 0x00ff) as u8,
            recv_cq: ((w[4] >> 16) & 0x00ff) as u8,
            rq_log: ((w[4] >> 24) & 0x000f) as u8,
            sq_log: (w[4] >> 28) as u8,
            rq_iova: u64::from(w[5]) | (u64::from(w[6]) << 32),
            sq_iova: u64::from(w[7]) | (u64::from(w[8]) << 32),
            tid: (w[9] & 0xffff) as u16,
            marker_phase: (w[10] & 0x01ff) as u16,
            send_mulpdu: (w[11] & 0xffff) as u16,
            tx_start: w[12],
        })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// A queue pair, by its number (warpnic (docs/iwarp.md)): 1 word. Used as: rdma_cmd QP_QUERY arguments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RdmaQpArgs {
    /// Word 0: queue pair number (below the block's NUM_QP).
    pub qp: u32,
}

impl RdmaQpArgs {
    /// The block's name in the description.
    pub const NAME: &'static str = "rdma_qp_args";

    /// 32-bit words of the block.
    pub const WORDS: usize = 1;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 1;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [0x0000_0000];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(self.qp);
        w[0] |= v as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self { qp: w[0] })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// QP_QUERY result (warpnic (docs/iwarp.md)): 4 words. Used as: rdma_cmd QP_QUERY result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RdmaQpQueryRsp {
    /// Word 0 bits 7:0: a [`QpState`] code.
    pub state: QpState,
    /// Word 1: qp_error_info of the Terminate that put the QP in ERROR (0: none).
    pub error: u32,
    /// Word 2 bits 15:0: receive-queue consumer index (15:0 of the free-running index).
    pub rq_ci: u16,
    /// Word 2 bits 31:16: receive-queue producer index as the hardware has it.
    pub rq_pi: u16,
    /// Word 3: messages received.
    pub rx_msgs: u32,
}

impl RdmaQpQueryRsp {
    /// The block's name in the description.
    pub const NAME: &'static str = "rdma_qp_query_rsp";

    /// 32-bit words of the block.
    pub const WORDS: usize = 4;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 4;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [0xffff_ff00, 0x0000_0000, 0x0000_0000, 0x0000_0000];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(u8::from(self.state));
        w[0] |= v as u32;
        let v = u64::from(self.error);
        w[1] |= v as u32;
        let v = u64::from(self.rq_ci);
        w[2] |= v as u32;
        let v = u64::from(self.rq_pi);
        w[2] |= (v << 16) as u32;
        let v = u64::from(self.rx_msgs);
        w[3] |= v as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self {
            state: QpState::try_from((w[0] & 0x00ff) as u8).map_err(|v| ArgError::UnknownCode {
                block: Self::NAME,
                field: "state",
                value: u64::from(v),
            })?,
            error: w[1],
            rq_ci: (w[2] & 0xffff) as u16,
            rq_pi: (w[2] >> 16) as u16,
            rx_msgs: w[3],
        })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// GET_VERSION result (warpnic (mailbox)): 4 words. Used as: fw_opcode GET_VERSION result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FwVersionRsp {
    /// Word 0: FW_VERSION.
    pub version: u32,
    /// Word 1: the core's BUILD_ID, as the firmware reads it (FW_REG_BUILD_ID).
    pub build_id: u32,
    /// Words 2-3 bits 47:0 (low word first): the port's MAC address; byte 0 on the wire is bits 47:40.
    pub mac: u64,
}

impl FwVersionRsp {
    /// The block's name in the description.
    pub const NAME: &'static str = "fw_version_rsp";

    /// 32-bit words of the block.
    pub const WORDS: usize = 4;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 4;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [0x0000_0000, 0x0000_0000, 0x0000_0000, 0xffff_0000];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(self.version);
        w[0] |= v as u32;
        let v = u64::from(self.build_id);
        w[1] |= v as u32;
        let v = self.mac;
        if v > 0xffff_ffff_ffff {
            return Err(ArgError::TooWide {
                block: Self::NAME,
                field: "mac",
                value: v,
                width: 48,
            });
        }
        w[2] |= v as u32;
        w[3] |= (v >> 32) as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self {
            version: w[0],
            build_id: w[1],
            mac: (u64::from(w[2]) | (u64::from(w[3]) << 32)) & 0xffff_ffff_ffff,
        })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// The port's MAC address (warpnic (mailbox)): 2 words. Used as: fw_opcode SET_MAC arguments, fw_opcode GET_MAC result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FwMac {
    /// Words 0-1 bits 47:0 (low word first): MAC address; byte 0 on the wire is bits 47:40.
    pub mac: u64,
}

impl FwMac {
    /// The block's name in the description.
    pub const NAME: &'static str = "fw_mac";

    /// 32-bit words of the block.
    pub const WORDS: usize = 2;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 2;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [0x0000_0000, 0xffff_0000];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = self.mac;
        if v > 0xffff_ffff_ffff {
            return Err(ArgError::TooWide {
                block: Self::NAME,
                field: "mac",
                value: v,
                width: 48,
            });
        }
        w[0] |= v as u32;
        w[1] |= (v >> 32) as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self {
            mac: (u64::from(w[0]) | (u64::from(w[1]) << 32)) & 0xffff_ffff_ffff,
        })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// The port's IPv4 address, prefix length and default gateway (warpnic (mailbox)): 3 words; a message may end after word 1 (the words after read as zero). Used as: fw_opcode SET_IPV4 arguments, fw_opcode GET_IPV4 result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FwIpv4 {
    /// Word 0: IPv4 address (192.0.2.1 is 0xc0000201).
    pub addr: u32,
    /// Word 1 bits 7:0: prefix length (1..=32 when set).
    pub prefix_len: u8,
    /// Word 2: default gateway, a unicast host of the subnet; 0 (or the word left out): none, every peer is on link.
    pub gateway: u32,
}

impl FwIpv4 {
    /// The block's name in the description.
    pub const NAME: &'static str = "fw_ipv4";

    /// 32-bit words of the block.
    pub const WORDS: usize = 3;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 2;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [0x0000_0000, 0xffff_ff00, 0x0000_0000];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(self.addr);
        w[0] |= v as u32;
        let v = u64::from(self.prefix_len);
        w[1] |= v as u32;
        let v = u64::from(self.gateway);
        w[2] |= v as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self {
            addr: w[0],
            prefix_len: (w[1] & 0x00ff) as u8,
            gateway: w[2],
        })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// ARP_RESOLVE arguments (warpnic (mailbox)): 1 word. Used as: fw_opcode ARP_RESOLVE arguments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FwArpResolveArgs {
    /// Word 0: the IPv4 address to resolve.
    pub addr: u32,
}

impl FwArpResolveArgs {
    /// The block's name in the description.
    pub const NAME: &'static str = "fw_arp_resolve_args";

    /// 32-bit words of the block.
    pub const WORDS: usize = 1;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 1;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [0x0000_0000];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(self.addr);
        w[0] |= v as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self { addr: w[0] })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// ARP_RESOLVE result (warpnic (mailbox)): 4 words. Used as: fw_opcode ARP_RESOLVE result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FwArpResolveRsp {
    /// Word 0 bits 7:0: a [`ArpState`] code.
    pub state: ArpState,
    /// Word 1: the address resolved: the peer on link, else the gateway (0 without a route).
    pub next_hop: u32,
    /// Words 2-3 bits 47:0 (low word first): the next hop's MAC address when RESOLVED; byte 0 on the wire is bits 47:40.
    pub mac: u64,
}

impl FwArpResolveRsp {
    /// The block's name in the description.
    pub const NAME: &'static str = "fw_arp_resolve_rsp";

    /// 32-bit words of the block.
    pub const WORDS: usize = 4;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 4;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [0xffff_ff00, 0x0000_0000, 0x0000_0000, 0xffff_0000];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(u8::from(self.state));
        w[0] |= v as u32;
        let v = u64::from(self.next_hop);
        w[1] |= v as u32;
        let v = self.mac;
        if v > 0xffff_ffff_ffff {
            return Err(ArgError::TooWide {
                block: Self::NAME,
                field: "mac",
                value: v,
                width: 48,
            });
        }
        w[2] |= v as u32;
        w[3] |= (v >> 32) as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self {
            state: ArpState::try_from((w[0] & 0x00ff) as u8).map_err(|v| {
                ArgError::UnknownCode {
                    block: Self::NAME,
                    field: "state",
                    value: u64::from(v),
                }
            })?,
            next_hop: w[1],
            mac: (u64::from(w[2]) | (u64::from(w[3]) << 32)) & 0xffff_ffff_ffff,
        })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// The TCP engine's timing (TCP_CONFIG read result) (warpnic (mailbox)): 5 words. Used as: fw_opcode TCP_CONFIG result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FwTcpTiming {
    /// Word 0: initial retransmission timeout of SYN and SYN-ACK, µs.
    pub rto_init: u32,
    /// Word 1: lower bound of the retransmission timeout, µs.
    pub rto_min: u32,
    /// Word 2: upper bound of the retransmission timeout, µs.
    pub rto_max: u32,
    /// Word 3 bits 7:0: SYN and SYN-ACK retransmissions before an open fails.
    pub syn_retries: u8,
    /// Word 3 bits 15:8: retransmissions of one segment before TIMEOUT.
    pub data_retries: u8,
    /// Word 4: TIME_WAIT duration (2 MSL), µs.
    pub time_wait: u32,
}

impl FwTcpTiming {
    /// The block's name in the description.
    pub const NAME: &'static str = "fw_tcp_timing";

    /// 32-bit words of the block.
    pub const WORDS: usize = 5;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 5;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0xffff_0000,
        0x0000_0000,
    ];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(self.rto_init);
        w[0] |= v as u32;
        let v = u64::from(self.rto_min);
        w[1] |= v as u32;
        let v = u64::from(self.rto_max);
        w[2] |= v as u32;
        let v = u64::from(self.syn_retries);
        w[3] |= v as u32;
        let v = u64::from(self.data_retries);
        w[3] |= (v << 8) as u32;
        let v = u64::from(self.time_wait);
        w[4] |= v as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self {
            rto_init: w[0],
            rto_min: w[1],
            rto_max: w[2],
            syn_retries: (w[3] & 0x00ff) as u8,
            data_retries: ((w[3] >> 8) & 0x00ff) as u8,
            time_wait: w[4],
        })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// TCP_CONFIG write arguments (warpnic (mailbox)): 9 words; a message may end after word 4 (the words after read as zero). Used as: fw_opcode TCP_CONFIG arguments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FwTcpConfigArgs {
    /// Word 0: initial retransmission timeout of SYN and SYN-ACK, µs.
    pub rto_init: u32,
    /// Word 1: lower bound of the retransmission timeout, µs.
    pub rto_min: u32,
    /// Word 2: upper bound of the retransmission timeout, µs.
    pub rto_max: u32,
    /// Word 3 bits 7:0: SYN and SYN-ACK retransmissions before an open fails.
    pub syn_retries: u8,
    /// Word 3 bits 15:8: retransmissions of one segment before TIMEOUT.
    pub data_retries: u8,
    /// Word 4: TIME_WAIT duration (2 MSL), µs.
    pub time_wait: u32,
    /// Words 5-6 (low word first): ISN secret bits 63:0.
    pub isn_key_lo: u64,
    /// Words 7-8 (low word first): ISN secret bits 127:64.
    pub isn_key_hi: u64,
}

impl FwTcpConfigArgs {
    /// The block's name in the description.
    pub const NAME: &'static str = "fw_tcp_config_args";

    /// 32-bit words of the block.
    pub const WORDS: usize = 9;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 5;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0xffff_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
    ];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(self.rto_init);
        w[0] |= v as u32;
        let v = u64::from(self.rto_min);
        w[1] |= v as u32;
        let v = u64::from(self.rto_max);
        w[2] |= v as u32;
        let v = u64::from(self.syn_retries);
        w[3] |= v as u32;
        let v = u64::from(self.data_retries);
        w[3] |= (v << 8) as u32;
        let v = u64::from(self.time_wait);
        w[4] |= v as u32;
        let v = self.isn_key_lo;
        w[5] |= v as u32;
        w[6] |= (v >> 32) as u32;
        let v = self.isn_key_hi;
        w[7] |= v as u32;
        w[8] |= (v >> 32) as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self {
            rto_init: w[0],
            rto_min: w[1],
            rto_max: w[2],
            syn_retries: (w[3] & 0x00ff) as u8,
            data_retries: ((w[3] >> 8) & 0x00ff) as u8,
            time_wait: w[4],
            isn_key_lo: u64::from(w[5]) | (u64::from(w[6]) << 32),
            isn_key_hi: u64::from(w[7]) | (u64::from(w[8]) << 32),
        })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// TCP_LISTEN arguments (warpnic (mailbox)): 2 words. Used as: fw_opcode TCP_LISTEN arguments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FwTcpListenArgs {
    /// Word 0 bits 15:0: local TCP port (not 0).
    pub port: u16,
    /// Word 0 bits 31:16: connections not yet taken by the host the listener holds at most (not 0).
    pub backlog: u16,
    /// Word 1: receive window of accepted connections, bytes (0: 65535; at most 2^30).
    pub rcv_wnd: u32,
}

impl FwTcpListenArgs {
    /// The block's name in the description.
    pub const NAME: &'static str = "fw_tcp_listen_args";

    /// 32-bit words of the block.
    pub const WORDS: usize = 2;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 2;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [0x0000_0000, 0x0000_0000];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(self.port);
        w[0] |= v as u32;
        let v = u64::from(self.backlog);
        w[0] |= (v << 16) as u32;
        let v = u64::from(self.rcv_wnd);
        w[1] |= v as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self {
            port: (w[0] & 0xffff) as u16,
            backlog: (w[0] >> 16) as u16,
            rcv_wnd: w[1],
        })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// TCP_LISTEN result (warpnic (mailbox)): 2 words; a message may end after word 0 (the words after read as zero). Used as: fw_opcode TCP_LISTEN result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FwTcpListenRsp {
    /// Word 0 bits 7:0: a [`CplStatus`] code.
    pub result: CplStatus,
    /// Word 1 bits 15:0: listener id (with SUCCESS, or the listener that timed out).
    pub listener: u16,
}

impl FwTcpListenRsp {
    /// The block's name in the description.
    pub const NAME: &'static str = "fw_tcp_listen_rsp";

    /// 32-bit words of the block.
    pub const WORDS: usize = 2;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 1;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [0xffff_ff00, 0xffff_0000];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(u8::from(self.result));
        w[0] |= v as u32;
        let v = u64::from(self.listener);
        w[1] |= v as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self {
            result: CplStatus::try_from((w[0] & 0x00ff) as u8).map_err(|v| {
                ArgError::UnknownCode {
                    block: Self::NAME,
                    field: "result",
                    value: u64::from(v),
                }
            })?,
            listener: (w[1] & 0xffff) as u16,
        })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// A listener, by its id (warpnic (mailbox)): 1 word. Used as: fw_opcode TCP_UNLISTEN arguments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FwTcpListener {
    /// Word 0 bits 15:0: listener id.
    pub listener: u16,
}

impl FwTcpListener {
    /// The block's name in the description.
    pub const NAME: &'static str = "fw_tcp_listener";

    /// 32-bit words of the block.
    pub const WORDS: usize = 1;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 1;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [0xffff_0000];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(self.listener);
        w[0] |= v as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self {
            listener: (w[0] & 0xffff) as u16,
        })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// TCP_UNLISTEN result (warpnic (mailbox)): 2 words; a message may end after word 0 (the words after read as zero). Used as: fw_opcode TCP_UNLISTEN result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FwTcpUnlistenRsp {
    /// Word 0 bits 7:0: a [`CplStatus`] code.
    pub result: CplStatus,
    /// Word 1: embryonic connections reset with the listener.
    pub dropped: u32,
}

impl FwTcpUnlistenRsp {
    /// The block's name in the description.
    pub const NAME: &'static str = "fw_tcp_unlisten_rsp";

    /// 32-bit words of the block.
    pub const WORDS: usize = 2;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 1;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [0xffff_ff00, 0x0000_0000];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(u8::from(self.result));
        w[0] |= v as u32;
        let v = u64::from(self.dropped);
        w[1] |= v as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self {
            result: CplStatus::try_from((w[0] & 0x00ff) as u8).map_err(|v| {
                ArgError::UnknownCode {
                    block: Self::NAME,
                    field: "result",
                    value: u64::from(v),
                }
            })?,
            dropped: w[1],
        })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// TCP_CONNECT arguments (warpnic (mailbox)): 4 words. Used as: fw_opcode TCP_CONNECT arguments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FwTcpConnectArgs {
    /// Word 0: peer IPv4 address (192.168.1.10 is 0xc0a8010a).
    pub peer_ip: u32,
    /// Word 1 bits 15:0: peer TCP port (not 0).
    pub peer_port: u16,
    /// Word 1 bits 31:16: local TCP port (0: an ephemeral port).
    pub local_port: u16,
    /// Word 2 bits 7:0: `cpl_tcp_opt` bits, see [`cpl_tcp_opt`].
    pub tcp_opt: u8,
    /// Word 2 bits 15:8: receive window shift, 0..=14 (with WSCALE, else 0).
    pub rcv_wscale: u8,
    /// Word 3: receive window, bytes (0: 65535; at most 2^30, and within 65535 << rcv_wscale).
    pub rcv_wnd: u32,
}

impl FwTcpConnectArgs {
    /// The block's name in the description.
    pub const NAME: &'static str = "fw_tcp_connect_args";

    /// 32-bit words of the block.
    pub const WORDS: usize = 4;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 4;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [0x0000_0000, 0x0000_0000, 0xffff_0000, 0x0000_0000];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(self.peer_ip);
        w[0] |= v as u32;
        let v = u64::from(self.peer_port);
        w[1] |= v as u32;
        let v = u64::from(self.local_port);
        w[1] |= (v << 16) as u32;
        let v = u64::from(self.tcp_opt);
        w[2] |= v as u32;
        let v = u64::from(self.rcv_wscale);
        w[2] |= (v << 8) as u32;
        let v = u64::from(self.rcv_wnd);
        w[3] |= v as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self {
            peer_ip: w[0],
            peer_port: (w[1] & 0xffff) as u16,
            local_port: (w[1] >> 16) as u16,
            tcp_opt: (w[2] & 0x00ff) as u8,
            rcv_wscale: ((w[2] >> 8) & 0x00ff) as u8,
            rcv_wnd: w[3],
        })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// TCP_CONNECT result: with SUCCESS the endpoint and its local port, else the result word alone (warpnic (mailbox)): 3 words; a message may end after word 0 (the words after read as zero). Used as: fw_opcode TCP_CONNECT result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FwTcpConnectRsp {
    /// Word 0 bits 7:0: a [`CplStatus`] code.
    pub result: CplStatus,
    /// Word 1 bits 15:0: endpoint id: slot 10:0, generation 15:11.
    pub ep: u16,
    /// Word 2 bits 15:0: local TCP port (the ephemeral port chosen for 0).
    pub local_port: u16,
}

impl FwTcpConnectRsp {
    /// The block's name in the description.
    pub const NAME: &'static str = "fw_tcp_connect_rsp";

    /// 32-bit words of the block.
    pub const WORDS: usize = 3;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 1;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [0xffff_ff00, 0xffff_0000, 0xffff_0000];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(u8::from(self.result));
        w[0] |= v as u32;
        let v = u64::from(self.ep);
        w[1] |= v as u32;
        let v = u64::from(self.local_port);
        w[2] |= v as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self {
            result: CplStatus::try_from((w[0] & 0x00ff) as u8).map_err(|v| {
                ArgError::UnknownCode {
                    block: Self::NAME,
                    field: "result",
                    value: u64::from(v),
                }
            })?,
            ep: (w[1] & 0xffff) as u16,
            local_port: (w[2] & 0xffff) as u16,
        })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// A connection endpoint, by its id (warpnic (mailbox)): 1 word. Used as: fw_opcode TCP_CLOSE arguments, fw_opcode TCP_ABORT arguments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FwTcpEndpoint {
    /// Word 0 bits 15:0: endpoint id: slot 10:0, generation 15:11.
    pub ep: u16,
}

impl FwTcpEndpoint {
    /// The block's name in the description.
    pub const NAME: &'static str = "fw_tcp_endpoint";

    /// 32-bit words of the block.
    pub const WORDS: usize = 1;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 1;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [0xffff_0000];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(self.ep);
        w[0] |= v as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self {
            ep: (w[0] & 0xffff) as u16,
        })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// The result of a TCP command (warpnic (mailbox)): 1 word. Used as: fw_opcode TCP_CLOSE result, fw_opcode TCP_ABORT result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FwTcpResult {
    /// Word 0 bits 7:0: a [`CplStatus`] code.
    pub result: CplStatus,
}

impl FwTcpResult {
    /// The block's name in the description.
    pub const NAME: &'static str = "fw_tcp_result";

    /// 32-bit words of the block.
    pub const WORDS: usize = 1;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 1;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [0xffff_ff00];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(u8::from(self.result));
        w[0] |= v as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self {
            result: CplStatus::try_from((w[0] & 0x00ff) as u8).map_err(|v| {
                ArgError::UnknownCode {
                    block: Self::NAME,
                    field: "result",
                    value: u64::from(v),
                }
            })?,
        })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// TCP_EVENT result: the event word, and for ESTABLISHED and ACCEPTED the connection in the eight words after (warpnic (mailbox)): 9 words; a message may end after word 0 (the words after read as zero). Used as: fw_opcode TCP_EVENT result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FwTcpEventRsp {
    /// Word 0 bits 7:0: a [`TcpEvent`] code.
    pub kind: TcpEvent,
    /// Word 0 bits 15:8: a [`CplStatus`] code.
    pub cause: CplStatus,
    /// Word 0 bits 31:16: endpoint id: slot 10:0, generation 15:11.
    pub ep: u16,
    /// Word 1: the engine's connection id (CPL_TID_NONE: none).
    pub tid: u32,
    /// Word 2: local IPv4 address.
    pub local_ip: u32,
    /// Word 3: peer IPv4 address.
    pub peer_ip: u32,
    /// Word 4 bits 15:0: local TCP port.
    pub local_port: u16,
    /// Word 4 bits 31:16: peer TCP port.
    pub peer_port: u16,
    /// Word 5: our initial sequence number.
    pub snd_isn: u32,
    /// Word 6: the peer's initial sequence number.
    pub rcv_isn: u32,
    /// Word 7 bits 15:0: effective MSS, bytes.
    pub mss: u16,
    /// Word 7 bits 23:16: `cpl_tcp_opt` bits, see [`cpl_tcp_opt`].
    pub tcp_opt: u8,
    /// Word 7 bits 27:24: the peer's window scale shift.
    pub snd_wscale: u8,
    /// Word 7 bits 31:28: our window scale shift.
    pub rcv_wscale: u8,
    /// Word 8: listener id (ACCEPTED), or 0xffff_ffff.
    pub listener: u32,
}

impl FwTcpEventRsp {
    /// The block's name in the description.
    pub const NAME: &'static str = "fw_tcp_event_rsp";

    /// 32-bit words of the block.
    pub const WORDS: usize = 9;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 1;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
    ];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(u8::from(self.kind));
        w[0] |= v as u32;
        let v = u64::from(u8::from(self.cause));
        w[0] |= (v << 8) as u32;
        let v = u64::from(self.ep);
        w[0] |= (v << 16) as u32;
        let v = u64::from(self.tid);
        w[1] |= v as u32;
        let v = u64::from(self.local_ip);
        w[2] |= v as u32;
        let v = u64::from(self.peer_ip);
        w[3] |= v as u32;
        let v = u64::from(self.local_port);
        w[4] |= v as u32;
        let v = u64::from(self.peer_port);
        w[4] |= (v << 16) as u32;
        let v = u64::from(self.snd_isn);
        w[5] |= v as u32;
        let v = u64::from(self.rcv_isn);
        w[6] |= v as u32;
        let v = u64::from(self.mss);
        w[7] |= v as u32;
        let v = u64::from(self.tcp_opt);
        w[7] |= (v << 16) as u32;
        let v = u64::from(self.snd_wscale);
        if v > 0x000f {
            return Err(ArgError::TooWide {
                block: Self::NAME,
                field: "snd_wscale",
                value: v,
                width: 4,
            });
        }
        w[7] |= (v << 24) as u32;
        let v = u64::from(self.rcv_wscale);
        if v > 0x000f {
            return Err(ArgError::TooWide {
                block: Self::NAME,
                field: "rcv_wscale",
                value: v,
                width: 4,
            });
        }
        w[7] |= (v << 28) as u32;
        let v = u64::from(self.listener);
        w[8] |= v as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self {
            kind: TcpEvent::try_from((w[0] & 0x00ff) as u8).map_err(|v| ArgError::UnknownCode {
                block: Self::NAME,
                field: "kind",
                value: u64::from(v),
            })?,
            cause: CplStatus::try_from(((w[0] >> 8) & 0x00ff) as u8).map_err(|v| {
                ArgError::UnknownCode {
                    block: Self::NAME,
                    field: "cause",
                    value: u64::from(v),
                }
            })?,
            ep: (w[0] >> 16) as u16,
            tid: w[1],
            local_ip: w[2],
            peer_ip: w[3],
            local_port: (w[4] & 0xffff) as u16,
            peer_port: (w[4] >> 16) as u16,
            snd_isn: w[5],
            rcv_isn: w[6],
            mss: (w[7] & 0xffff) as u16,
            tcp_opt: ((w[7] >> 16) & 0x00ff) as u8,
            snd_wscale: ((w[7] >> 24) & 0x000f) as u8,
            rcv_wscale: (w[7] >> 28) as u8,
            listener: w[8],
        })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// TCP_TCB arguments (warpnic (mailbox)): 6 words. Used as: fw_opcode TCP_TCB arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FwTcpTcbArgs {
    /// Word 0 bits 15:0: endpoint id: slot 10:0, generation 15:11.
    pub ep: u16,
    /// Word 1 bits 7:0: a [`TcbField`] code.
    pub field: TcbField,
    /// Words 2-3 (low word first): new bits, right-aligned.
    pub value: u64,
    /// Words 4-5 (low word first): bits of the field to write (0: read).
    pub mask: u64,
}

impl FwTcpTcbArgs {
    /// The block's name in the description.
    pub const NAME: &'static str = "fw_tcp_tcb_args";

    /// 32-bit words of the block.
    pub const WORDS: usize = 6;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 6;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [
        0xffff_0000,
        0xffff_ff00,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
    ];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(self.ep);
        w[0] |= v as u32;
        let v = u64::from(u8::from(self.field));
        w[1] |= v as u32;
        let v = self.value;
        w[2] |= v as u32;
        w[3] |= (v >> 32) as u32;
        let v = self.mask;
        w[4] |= v as u32;
        w[5] |= (v >> 32) as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self {
            ep: (w[0] & 0xffff) as u16,
            field: TcbField::try_from((w[1] & 0x00ff) as u8).map_err(|v| {
                ArgError::UnknownCode {
                    block: Self::NAME,
                    field: "field",
                    value: u64::from(v),
                }
            })?,
            value: u64::from(w[2]) | (u64::from(w[3]) << 32),
            mask: u64::from(w[4]) | (u64::from(w[5]) << 32),
        })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// TCP_TCB result (warpnic (mailbox)): 3 words; a message may end after word 0 (the words after read as zero). Used as: fw_opcode TCP_TCB result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FwTcpTcbRsp {
    /// Word 0 bits 7:0: a [`CplStatus`] code.
    pub result: CplStatus,
    /// Words 1-2 (low word first): the field's value after the write.
    pub value: u64,
}

impl FwTcpTcbRsp {
    /// The block's name in the description.
    pub const NAME: &'static str = "fw_tcp_tcb_rsp";

    /// 32-bit words of the block.
    pub const WORDS: usize = 3;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 1;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [0xffff_ff00, 0x0000_0000, 0x0000_0000];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(u8::from(self.result));
        w[0] |= v as u32;
        let v = self.value;
        w[1] |= v as u32;
        w[2] |= (v >> 32) as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self {
            result: CplStatus::try_from((w[0] & 0x00ff) as u8).map_err(|v| {
                ArgError::UnknownCode {
                    block: Self::NAME,
                    field: "result",
                    value: u64::from(v),
                }
            })?,
            value: u64::from(w[1]) | (u64::from(w[2]) << 32),
        })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// The RDMA block's STATUS register (warpnic (docs/iwarp.md)): 1 word. Used as: register RDMA STATUS.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RdmaStatus {
    /// Word 0 bit 0: a command runs (OP is ignored).
    pub busy: bool,
    /// Word 0 bits 15:8: a [`RdmaCmdStatus`] code.
    pub status: RdmaCmdStatus,
}

impl RdmaStatus {
    /// The block's name in the description.
    pub const NAME: &'static str = "rdma_status";

    /// 32-bit words of the block.
    pub const WORDS: usize = 1;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 1;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [0xffff_00fe];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(self.busy);
        w[0] |= v as u32;
        let v = u64::from(u8::from(self.status));
        w[0] |= (v << 8) as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self {
            busy: w[0] & 0x0001 != 0,
            status: RdmaCmdStatus::try_from(((w[0] >> 8) & 0x00ff) as u8).map_err(|v| {
                ArgError::UnknownCode {
                    block: Self::NAME,
                    field: "status",
                    value: u64::from(v),
                }
            })?,
        })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}

/// The mailbox's STATUS register (warpnic (mailbox)): 1 word. Used as: register MBOX STATUS.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MboxStatus {
    /// Word 0 bit 0: a request is in flight.
    pub busy: bool,
    /// Word 0 bit 1: RSP holds the response to the last request.
    pub rsp_valid: bool,
    /// Word 0 bits 15:8: response length in words, header included.
    pub rsp_len: u8,
}

impl MboxStatus {
    /// The block's name in the description.
    pub const NAME: &'static str = "mbox_status";

    /// 32-bit words of the block.
    pub const WORDS: usize = 1;

    /// Words every message carries; the words after them may be left out.
    pub const MIN_WORDS: usize = 1;

    /// The reserved bits of each word: no field holds them, they are written as
    /// zero, and words with one of them set do not decode.
    pub const RESERVED: [u32; Self::WORDS] = [0xffff_00fc];

    /// The words, word 0 first (pack).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field's value does not fit its bits.
    pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {
        let mut w = [0u32; Self::WORDS];
        let v = u64::from(self.busy);
        w[0] |= v as u32;
        let v = u64::from(self.rsp_valid);
        w[0] |= (v << 1) as u32;
        let v = u64::from(self.rsp_len);
        w[0] |= (v << 8) as u32;
        Ok(w)
    }

    /// Decodes the words (unpack).
    ///
    /// # Errors
    ///
    /// [`ArgError::Reserved`] when a reserved bit is set,
    /// [`ArgError::UnknownCode`] when a field holds a code its enumeration does
    /// not define.
    pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {
        check_reserved(Self::NAME, w, &Self::RESERVED)?;
        Ok(Self {
            busy: w[0] & 0x0001 != 0,
            rsp_valid: (w[0] >> 1) & 0x0001 != 0,
            rsp_len: ((w[0] >> 8) & 0x00ff) as u8,
        })
    }

    /// Decodes a message's words: at least [`Self::MIN_WORDS`], at most
    /// [`Self::WORDS`]; the words it leaves out read as zero.
    ///
    /// # Errors
    ///
    /// [`ArgError::Length`] for a message of another length, else as
    /// [`Self::from_words`].
    pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {
        if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {
            return Err(ArgError::Length {
                block: Self::NAME,
                words: w.len(),
                min: Self::MIN_WORDS,
                max: Self::WORDS,
            });
        }
        let mut all = [0u32; Self::WORDS];
        all[..w.len()].copy_from_slice(w);
        Self::from_words(&all)
    }
}
