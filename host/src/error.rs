//! The host library's error type.

use crate::device::DeviceError;
use warpnic_abi::gen::{CplStatus, CqeStatus, FwStatus};

/// Everything the host library can report.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The backend failed.
    #[error(transparent)]
    Device(#[from] DeviceError),
    /// BAR0 does not start with a warpnic identification block.
    #[error(
        "not a warpnic: BAR0 offset 0 has block type {found:#010x}, expected {expected:#010x}"
    )]
    NotWarpnic {
        /// What was read.
        found: u32,
        /// The ID block type.
        expected: u32,
    },
    /// The device was built from a different ABI description.
    #[error("device build ID {device:#010x} does not match this library's {library:#010x}: rebuild the library and the bitstream from the same abi/ description")]
    AbiMismatch {
        /// BUILD_ID register.
        device: u32,
        /// `warpnic_abi::gen::BUILD_ID`.
        library: u32,
    },
    /// A block the library needs is missing from the register map.
    #[error("register block {0} not found in BAR0")]
    MissingBlock(&'static str),
    /// All hardware queues of a kind are in use.
    #[error("no free {kind} (the device has {count})")]
    NoFreeQueue {
        /// "send queue", "receive queue", ...
        kind: &'static str,
        /// How many the device has.
        count: u32,
    },
    /// A ring size outside what the hardware supports.
    #[error("queue depth {depth} is not supported: use a power of two from 2 to {max}")]
    BadDepth {
        /// Requested depth.
        depth: usize,
        /// Largest supported.
        max: usize,
    },
    /// The work queue has no free entry.
    #[error("work queue is full ({depth} entries outstanding)")]
    QueueFull {
        /// Ring size.
        depth: usize,
    },
    /// A frame length the hardware would refuse.
    #[error("frame length {len} is outside {min}..={max} bytes")]
    BadLength {
        /// Requested length.
        len: usize,
        /// Smallest frame.
        min: usize,
        /// Largest frame (MAX_FRAME register).
        max: usize,
    },
    /// A buffer range outside the DMA memory it names.
    #[error("range {offset:#x}+{len:#x} is outside the {size:#x}-byte DMA buffer")]
    OutOfBounds {
        /// Offset requested.
        offset: usize,
        /// Length requested.
        len: usize,
        /// Buffer size.
        size: usize,
    },
    /// The queue is in the ERROR state; new work is refused.
    #[error("{kind} {index} is in error ({status:?}); destroy and recreate it")]
    QueueInError {
        /// Queue kind.
        kind: &'static str,
        /// Queue index.
        index: u32,
        /// The error the hardware recorded.
        status: Option<CqeStatus>,
    },
    /// A completion queue overflowed.
    #[error("completion queue {0} overflowed: completions were lost")]
    CqOverflow(u32),
    /// The firmware did not answer in time.
    #[error("firmware did not answer within {0} ms")]
    FwTimeout(u64),
    /// The firmware refused a command.
    #[error("firmware refused the command: {0:?}")]
    FwStatus(FwStatus),
    /// The firmware's TCP control plane refused a well-formed command
    /// (ADDR_IN_USE, NO_RESOURCES, BAD_ID, BAD_STATE, TIMEOUT, ...).
    #[error("TCP command failed: {}", .0.name())]
    Tcp(CplStatus),
    /// The firmware answered something malformed.
    #[error("malformed firmware response: {0}")]
    FwProtocol(&'static str),
    /// An argument the library refuses.
    #[error("invalid argument: {0}")]
    InvalidArgument(String),
    /// Memory for a DMA buffer could not be allocated.
    #[error("could not allocate {len} bytes of DMA memory: {source}")]
    Alloc {
        /// Bytes requested.
        len: usize,
        /// The OS error.
        #[source]
        source: std::io::Error,
    },
    /// The IOVA space is exhausted.
    #[error("no IOVA space left for {0} bytes")]
    IovaExhausted(usize),
    /// A TCP stream's completion reported a failed DMA of its buffers.
    #[error("TCP stream {tid}: the device could not access its buffer ({status:?})")]
    StreamDma {
        /// The connection id.
        tid: u32,
        /// The completion's status.
        status: CqeStatus,
    },
    /// A wait on a TCP stream ran out of device time.
    #[error("TCP stream {tid}: {what} did not happen within {ms} ms of device time")]
    StreamTimeout {
        /// The connection id.
        tid: u32,
        /// What was awaited.
        what: &'static str,
        /// The wait, in ms.
        ms: u64,
    },
}

/// Result alias.
pub type Result<T, E = Error> = std::result::Result<T, E>;
