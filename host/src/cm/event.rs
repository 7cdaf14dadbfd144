//! The events a [`Cm`](super::Cm) reports and why a connection failed.

use std::net::SocketAddrV4;

use warpnic_abi::gen::CplStatus;

use crate::error::{Error, SharedError};
use crate::mpa::{MpaError, MpaEvent, RdmaParams};

use super::CmId;

/// What a [`Cm`] reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CmEvent {
    /// A peer asks to connect to a listening port; answer with
    /// [`Cm::accept`] or [`Cm::reject`].
    ConnectRequest {
        /// The new connection.
        id: CmId,
        /// The peer.
        peer: SocketAddrV4,
        /// The peer's private data.
        private_data: Vec<u8>,
        /// The peer's IRD and ORD (MPA revision 2), if it sent them.
        ird_ord: Option<(u16, u16)>,
    },
    /// The connection is established: its queue pair, if it has one, is
    /// in RTS.
    Established {
        /// The connection.
        id: CmId,
        /// The peer's private data (the accept's, at the active side).
        private_data: Vec<u8>,
        /// What MPA settled.
        params: RdmaParams,
    },
    /// The peer's consumer rejected the connection, with its private data.
    PeerRejected {
        /// The connection (closed).
        id: CmId,
        /// The peer's private data.
        private_data: Vec<u8>,
    },
    /// Rejected by something other than the peer's consumer: no listener
    /// (TCP reset), or an MPA frame this end cannot take.
    NonPeerRejected {
        /// The connection (closed).
        id: CmId,
        /// What failed.
        reason: CmFailure,
    },
    /// The peer did not answer: its address did not resolve (ARP), the
    /// SYN went unanswered, or [`Cm::connect_within`]'s timeout ran out
    /// before the TCP handshake completed (docs/cm.md).
    Unreachable {
        /// The connection (closed).
        id: CmId,
    },
    /// The MPA exchange ran out of time: the MPA timer,
    /// [`Cm::connect_within`]'s timeout, or the TCP retransmissions during
    /// it (docs/cm.md).
    TimedOut {
        /// The connection (closed).
        id: CmId,
    },
    /// The connection failed after its request was reported (responder)
    /// or after the MPA exchange (initiator), before it was established:
    /// binding its queue pair failed, the peer sent bytes before its turn,
    /// the TCP connection ended, or this side could not set up its stream;
    /// it is aborted and its QP in ERROR.
    ConnectError {
        /// The connection (aborted).
        id: CmId,
        /// What failed.
        reason: CmFailure,
    },
    /// A Socket Service Point's socket went down before its connection
    /// request arrived (DAT_CONNECTION_EVENT_SOCKET_DOWN, seed 001); the
    /// SSP is gone.
    SocketDown {
        /// The SSP's connection.
        id: CmId,
    },
    /// A connection this side closed gracefully ([`Cm::disconnect`]) is
    /// fully closed: the peer acknowledged the FIN and TIME_WAIT is over
    /// (rdma_cm's TIMEWAIT_EXIT). Reported only when asked for
    /// ([`Cm::report_timewait_exit`]).
    TimewaitExit {
        /// The connection (gone).
        id: CmId,
    },
    /// An established connection ended: the peer closed it (FIN), and
    /// nothing more will arrive, or reset it, and its QP is in ERROR. After
    /// a close the QP keeps its state, since the completions of what came
    /// before the FIN may still be on their way: [`Cm::disconnect`] moves
    /// it to ERROR (flushing what is still posted) and closes this side.
    Disconnected {
        /// The connection.
        id: CmId,
    },
}

impl CmEvent {
    /// The connection the event is about.
    pub fn id(&self) -> CmId {
        match self {
            CmEvent::ConnectRequest { id, .. }
            | CmEvent::Established { id, .. }
            | CmEvent::PeerRejected { id, .. }
            | CmEvent::NonPeerRejected { id, .. }
            | CmEvent::Unreachable { id }
            | CmEvent::TimedOut { id }
            | CmEvent::ConnectError { id, .. }
            | CmEvent::SocketDown { id }
            | CmEvent::TimewaitExit { id }
            | CmEvent::Disconnected { id } => *id,
        }
    }
}

/// Why a connection failed, or was rejected by something other than the
/// peer's consumer ([`CmEvent::NonPeerRejected`], [`CmEvent::ConnectError`],
/// [`Error::Cm`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CmFailure {
    /// The TCP connection was refused or reset: the engine's cause.
    #[error("TCP: {}", .0.name())]
    Tcp(CplStatus),
    /// The peer's MPA frame could not be taken, or the MPA exchange
    /// failed (RFC 5044 §7.1, RFC 6581).
    #[error("MPA: {0:?}")]
    Mpa(MpaError),
    /// The MPA setup reported an event the connection manager does not
    /// expect where the connection is.
    #[error("unexpected MPA event {0:?}")]
    UnexpectedMpaEvent(Box<MpaEvent>),
    /// The responder sent bytes after its reply before the initiator's
    /// first FPDU (RFC 5044 §7.1).
    #[error("the responder sent {bytes} bytes after its reply before the initiator's first FPDU (RFC 5044 §7.1)")]
    EarlyAfterReply {
        /// How many.
        bytes: u32,
    },
    /// The initiator sent bytes after its request before the reply (RFC
    /// 5044 §7.1).
    #[error("the initiator sent {bytes} bytes after its request before the reply (RFC 5044 §7.1)")]
    EarlyAfterRequest {
        /// How many.
        bytes: u32,
    },
    /// The peer closed the connection before it acknowledged the reply.
    #[error("the peer closed the connection before the reply was acknowledged")]
    ClosedBeforeReplyAcked,
    /// Setting up the queue pair (its modifications, receive work
    /// requests, binding) failed.
    #[error("binding the queue pair: {0}")]
    QpSetup(SharedError),
    /// The MPA reply settled other parameters than the queue pair was set
    /// up for (the reply's outcome).
    #[error("the MPA reply did not settle what the QP was set up for: {0:?}")]
    ReplyMismatch(Box<MpaEvent>),
    /// The connection was gone when its reply was acknowledged.
    #[error("connection gone")]
    ConnectionGone,
    /// The peer closed the TCP connection (FIN) before the connection was
    /// set up.
    #[error("the peer closed the connection during the setup")]
    PeerClosed,
    /// The next hop of the peer's address did not answer ARP.
    #[error("the peer's address did not resolve (ARP)")]
    Unreachable,
    /// Setting up the connection's stream or its MPA setup failed on this
    /// side (e.g. no DMA memory for the stream buffers); the TCP
    /// connection was reset.
    #[error("setting up the connection: {0}")]
    Setup(SharedError),
    /// The reply was acknowledged on a connection that sent none.
    #[error("no reply sent")]
    NoReplySent,
    /// The reply was acknowledged on a connection without a queue pair.
    #[error("no queue pair")]
    NoQueuePair,
}

impl CmFailure {
    /// A failure to set up the queue pair.
    pub(super) fn qp_setup(e: Error) -> CmFailure {
        CmFailure::QpSetup(SharedError::new(e))
    }
}
