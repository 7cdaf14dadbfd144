//! The host library's error type: [`Error`], with the reason of a refused
//! argument as an [`ArgError`] and what is wrong with a malformed answer
//! as a [`Malformed`]. Device and firmware refusals carry the generated
//! ABI enums ([`RdmaCmd`] and [`RdmaCmdStatus`], [`FwStatus`],
//! [`CplStatus`]), never their text.

use std::sync::Arc;
use std::time::Duration;

use warpnic_abi::gen::{self, CplStatus, CqeStatus, FwStatus, QpState, RdmaCmd, RdmaCmdStatus};
use warpnic_proto::mpa::UsageError;
use warpnic_proto::tcp::{ConnectArgError, ListenArgError};

use crate::cm::CmFailure;
use crate::device::DeviceError;
use crate::verbs::{AccessFlags, CompletionKind};

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
    /// The firmware (or the RDMA block) answered something malformed.
    #[error("malformed firmware response: {0}")]
    FwProtocol(Malformed),
    /// The device refused an RDMA command (the RDMA block's STATUS).
    #[error(
        "RDMA command {} refused by the device: {} ({})",
        cmd.name(),
        status.name(),
        refusal_reason(*status)
    )]
    RdmaCmd {
        /// The command.
        cmd: RdmaCmd,
        /// Why the device refused it.
        status: RdmaCmdStatus,
    },
    /// An argument the library refuses: which, and why.
    #[error("invalid argument `{arg}`: {reason}")]
    InvalidArgument {
        /// The argument's name (a field's, for a field of a struct
        /// argument; `self` for the object called).
        arg: &'static str,
        /// What is wrong with it.
        reason: ArgError,
    },
    /// A work request the library refuses: which, which of its fields,
    /// and why. None of the requests of the call was posted.
    #[error("work request {wr_id:#x}: invalid `{arg}`: {reason}")]
    InvalidWorkRequest {
        /// The work request's wr_id.
        wr_id: u64,
        /// The field.
        arg: &'static str,
        /// What is wrong with it.
        reason: ArgError,
    },
    /// The MPA endpoint refused a call (the setup's state, or parameters
    /// out of its range).
    #[error("MPA setup refused the call: {0:?}")]
    MpaUsage(UsageError),
    /// A connection could not be set up.
    #[error("connection setup failed: {0}")]
    Cm(CmFailure),
    /// A completion queue polled for work completions took a raw or
    /// stream completion.
    #[error("completion queue {cq} polled for work completions took a {kind:?} completion of queue {queue} (wr_id {wr_id:#x}): give RDMA QPs CQs of their own")]
    StrayCompletion {
        /// The CQ polled.
        cq: u32,
        /// What completed.
        kind: CompletionKind,
        /// The queue or connection it names.
        queue: u32,
        /// Its wr_id.
        wr_id: u64,
    },
    /// A lock of the library's state was poisoned by a panic in another
    /// thread.
    #[error("{0} poisoned by a panic")]
    Poisoned(&'static str),
    /// Memory for a DMA buffer could not be allocated.
    #[error("could not allocate {len} bytes of DMA memory: {source}")]
    Alloc {
        /// Bytes requested.
        len: usize,
        /// The OS error.
        #[source]
        source: std::io::Error,
    },
    /// An operating-system resource could not be made (the event
    /// channel's eventfd).
    #[error("could not create {what}: {source}")]
    Os {
        /// What.
        what: &'static str,
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

/// What is wrong with a malformed answer ([`Error::FwProtocol`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Malformed {
    /// Words that do not decode as the command's result block: a length,
    /// a reserved bit or a code of its description.
    #[error(transparent)]
    Block(#[from] gen::ArgError),
    /// Anything else, said in words.
    #[error("{0}")]
    Other(&'static str),
}

impl From<&'static str> for Malformed {
    fn from(what: &'static str) -> Malformed {
        Malformed::Other(what)
    }
}

impl Error {
    /// An [`Error::FwProtocol`] of answer words that do not decode as
    /// their block.
    pub(crate) fn answer(e: gen::ArgError) -> Error {
        Error::FwProtocol(Malformed::Block(e))
    }

    /// The [`Error::InvalidArgument`] of a value a command block cannot
    /// carry: the field it goes to names the argument, its bits bound it.
    pub(crate) fn block_arg(e: gen::ArgError) -> Error {
        match e {
            gen::ArgError::TooWide {
                field,
                value,
                width,
                ..
            } => Error::range(field, value, 0u64, u64::MAX >> (64 - width)),
            other => Error::arg("args", ArgError::Block(other)),
        }
    }

    /// An [`Error::InvalidArgument`].
    pub(crate) fn arg(arg: &'static str, reason: ArgError) -> Error {
        Error::InvalidArgument { arg, reason }
    }

    /// An [`Error::InvalidArgument`] of a number outside `min..=max`.
    pub(crate) fn range(
        arg: &'static str,
        got: impl Into<u64>,
        min: impl Into<u64>,
        max: impl Into<u64>,
    ) -> Error {
        Error::arg(
            arg,
            ArgError::OutOfRange {
                got: got.into(),
                min: min.into(),
                max: max.into(),
            },
        )
    }
}

/// An [`Error`] an event carries: shared, so that the event stays cheap to
/// clone. Two are equal when they are the same error.
#[derive(Clone, Debug)]
pub struct SharedError(pub Arc<Error>);

impl SharedError {
    /// Shares `e`.
    pub fn new(e: Error) -> SharedError {
        SharedError(Arc::new(e))
    }
}

impl PartialEq for SharedError {
    fn eq(&self, other: &SharedError) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for SharedError {}

impl std::fmt::Display for SharedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// The error of a zero `timeout` where a wait must be positive (DAT's
/// "Values must be positive").
pub(crate) fn zero_timeout(got: std::time::Duration) -> Error {
    Error::arg(
        "timeout",
        ArgError::DurationOutOfRange {
            got,
            min: std::time::Duration::from_nanos(1),
            max: std::time::Duration::MAX,
        },
    )
}

/// Locks `m`; [`Error::Poisoned`] naming `what` if a panic poisoned it.
pub(crate) fn lock<'a, T>(
    m: &'a std::sync::Mutex<T>,
    what: &'static str,
) -> Result<std::sync::MutexGuard<'a, T>> {
    m.lock().map_err(|_| Error::Poisoned(what))
}

/// Why an argument was refused ([`Error::InvalidArgument`],
/// [`Error::InvalidWorkRequest`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArgError {
    /// A number outside `min..=max`.
    #[error("{got} is outside {min}..={max}")]
    OutOfRange {
        /// The value given.
        got: u64,
        /// The smallest allowed.
        min: u64,
        /// The largest allowed.
        max: u64,
    },
    /// A duration outside `min..=max`.
    #[error("{got:?} is outside {min:?}..={max:?}")]
    DurationOutOfRange {
        /// The value given.
        got: Duration,
        /// The shortest allowed.
        min: Duration,
        /// The longest allowed.
        max: Duration,
    },
    /// More than `max` (bytes, entries, words).
    #[error("{got} is more than the {max} allowed")]
    TooLong {
        /// How many were given.
        got: usize,
        /// How many are allowed.
        max: usize,
    },
    /// Zero, where at least one (byte, entry) is needed.
    #[error("0, where at least 1 is needed")]
    Zero,
    /// Not given, and this call needs it.
    #[error("not given, and the call needs it")]
    Missing,
    /// Larger than the argument `other`, which bounds it.
    #[error("larger than `{other}`")]
    Above {
        /// The bounding argument.
        other: &'static str,
    },
    /// Memory-region rights with REMOTE_WRITE but not LOCAL_WRITE.
    #[error("REMOTE_WRITE needs LOCAL_WRITE as well")]
    RemoteWriteWithoutLocalWrite,
    /// Entry `index` of a scatter or gather list has zero bytes.
    #[error("entry {index} has zero bytes")]
    EmptyEntry {
        /// The entry.
        index: usize,
    },
    /// A list of `got` entries where the operation takes `want`.
    #[error("{got} entries, the operation takes {want}")]
    EntryCount {
        /// Entries given.
        got: usize,
        /// Entries the operation takes.
        want: usize,
    },
    /// The STag names no registered memory region (index, or key).
    #[error("STag {stag:#010x} names no registered memory region")]
    NoRegion {
        /// The STag (lkey).
        stag: u32,
    },
    /// The region belongs to another protection domain than the QP's.
    #[error("region {stag:#010x} belongs to protection domain {pd}, the QP to {qp_pd}")]
    OtherPd {
        /// The region's STag.
        stag: u32,
        /// The region's protection domain.
        pd: u16,
        /// The QP's.
        qp_pd: u16,
    },
    /// The region lacks a right the use needs.
    #[error("region {stag:#010x}: the use needs access {need:?}, the region has {have:?}")]
    Access {
        /// The region's STag.
        stag: u32,
        /// The rights the use needs.
        need: AccessFlags,
        /// The region's.
        have: AccessFlags,
    },
    /// A fast-register region that is invalid (not registered by a work
    /// request yet, or invalidated).
    #[error("region {stag:#010x} is a fast-register region that is invalid")]
    RegionInvalid {
        /// The region's STag.
        stag: u32,
    },
    /// A range outside the region it names (or empty).
    #[error(
        "{addr:#x}+{len:#x} is outside the region {base:#x}+{size:#x} (STag {stag:#010x}) or empty"
    )]
    OutsideRegion {
        /// The region's STag.
        stag: u32,
        /// First byte of the range.
        addr: u64,
        /// Bytes of the range.
        len: u64,
        /// First byte of the region.
        base: u64,
        /// Bytes of the region.
        size: u64,
    },
    /// The region is not a fast-register region.
    #[error("region {stag:#010x} is not a fast-register region")]
    NotFastReg {
        /// The region's STag.
        stag: u32,
    },
    /// A fast-register region that is valid: it must be invalidated
    /// before it is fast-registered again.
    #[error("region {stag:#010x} is valid: invalidate it before fast-registering")]
    RegionValid {
        /// The region's STag.
        stag: u32,
    },
    /// It belongs to another NIC.
    #[error("it belongs to another NIC")]
    OtherNic,
    /// The QP has not been moved RESET to INIT (work requests, binding).
    #[error("QP {qp} has not been moved to INIT")]
    QpNotInitialized {
        /// The QP number.
        qp: u32,
    },
    /// The QP was initialized for another TCP connection.
    #[error("QP {qp} was initialized for connection {bound}, not {tid}")]
    OtherConnection {
        /// The QP number.
        qp: u32,
        /// The connection id the QP has.
        bound: u32,
        /// The connection id given.
        tid: u32,
    },
    /// The QP is in a state the call cannot take.
    #[error("QP {qp} is in {}, the call needs {}", state.name(), need.name())]
    QpState {
        /// The QP number.
        qp: u32,
        /// Its state.
        state: QpState,
        /// The state the call needs.
        need: QpState,
    },
    /// A state transition the QP cannot make.
    #[error("a queue pair cannot go from {} to {}", from.name(), to.name())]
    Transition {
        /// The QP's state.
        from: QpState,
        /// The state asked for.
        to: QpState,
    },
    /// QP attributes outside RESET to INIT.
    #[error("QP attributes can be set from RESET to INIT only, not {} to {}", from.name(), to.name())]
    AttrsOutsideInit {
        /// The QP's state.
        from: QpState,
        /// The state asked for.
        to: QpState,
    },
    /// RESET to INIT without the QP attributes.
    #[error("RESET to INIT needs the QP attributes (QpAttrs::init with the connection id)")]
    AttrsNeeded,
    /// The connection has no request waiting for an answer.
    #[error("no connection request pending")]
    NoPendingRequest,
    /// No such connection.
    #[error("no such connection")]
    UnknownConnection,
    /// Nothing listens on the port.
    #[error("nothing listens on this port")]
    NotListening,
    /// Not a numeric IPv4 address or port (no name resolver here).
    #[error("not a numeric IPv4 address or port")]
    NotNumericAddress,
    /// The address did not resolve: the event's negative errno.
    #[error("the address did not resolve (errno {0})")]
    Unresolved(i32),
    /// Not the port's address (EADDRNOTAVAIL).
    #[error("not the port's address")]
    NotLocalAddress,
    /// The id is not where the call needs it: the state it needs.
    #[error("the id must be {0}")]
    WrongCmState(&'static str),
    /// The port's own IPv4 address as a peer: the engine does not loop
    /// connections back to itself.
    #[error("the port's own address: connections do not loop back")]
    OwnAddress,
    /// The peer-to-peer model (RFC 6581) with a queue pair: its
    /// ready-to-receive message is not sent by this library.
    #[error("the peer-to-peer model's ready-to-receive message is not sent with a QP")]
    PeerToPeerWithQp,
    /// A connect's arguments break a rule of the TCP control plane.
    #[error("{0}")]
    Connect(ConnectArgError),
    /// A listen's arguments break a rule of the TCP control plane.
    #[error("{0}")]
    Listen(ListenArgError),
    /// The command's words cannot be built from it.
    #[error("{0}")]
    Block(gen::ArgError),
}

/// What each refusal of an RDMA command means.
fn refusal_reason(status: RdmaCmdStatus) -> &'static str {
    match status {
        RdmaCmdStatus::Ok => "no error",
        RdmaCmdStatus::BadStag => {
            "the STag names no region (index out of range, no region, or key mismatch)"
        }
        RdmaCmdStatus::PdMismatch => "the region belongs to another protection domain",
        RdmaCmdStatus::NotAllowed => "not a fast-register region",
        RdmaCmdStatus::MrState => "the region is in the wrong state for the command",
        RdmaCmdStatus::BadArg => "a length, base or access right the table cannot take",
        RdmaCmdStatus::BadQp => "QP number out of range",
        RdmaCmdStatus::BadTransition => {
            "the QP cannot make this state transition, or attributes outside RESET to INIT"
        }
        RdmaCmdStatus::BadCmd => "the device does not know the command",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_has_its_own_message() {
        let msgs: Vec<String> = RdmaCmdStatus::ALL
            .iter()
            .filter(|s| **s != RdmaCmdStatus::Ok)
            .map(|s| {
                Error::RdmaCmd {
                    cmd: RdmaCmd::MrReg,
                    status: *s,
                }
                .to_string()
            })
            .collect();
        for (i, m) in msgs.iter().enumerate() {
            assert!(m.contains("MR_REG"), "{m}");
            assert!(!msgs[i + 1..].contains(m), "{m} twice");
        }
    }
}
