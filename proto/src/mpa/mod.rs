//! MPA connection setup: the endpoint state machine of an iWARP connection
//! from the TCP handshake to RDMA (FPDU) mode, with the MPA request/reply
//! exchange of RFC 5044 §7.1 and the MPA v2 negotiation of RFC 6581 (IRD,
//! ORD, peer-to-peer ready-to-receive messages).
//!
//! It is sans-IO: an [`Endpoint`] never touches a device or a clock. Every
//! input — the TCP engine's events, stream bytes, the host's accept or
//! reject, a timer tick — goes through one function, [`Endpoint::handle`],
//! with the current time `now`; it returns an [`Output`]: how many octets
//! of a received piece it took, and up to [`MAX_ACTIONS`] [`Action`]s for
//! the caller to carry out in order (send bytes on the stream, switch the
//! connection to RDMA mode, close, abort, report an event to the host).
//! It allocates nothing: one frame buffer of [`MAX_FRAME_LEN`] octets per
//! endpoint holds the frame being received or sent. Nothing from the wire
//! can make it panic.
//!
//! # States (seed 000)
//!
//! | state | active (initiator) | passive (responder) |
//! |---|---|---|
//! | `CONNECTING` | SYN sent, waiting for the TCP handshake | SYN received, accepting |
//! | `MPA_SENT` | request sent, endpoint timer running, waiting for the reply | — |
//! | `MPA_REQ_WAIT` | — | connected, endpoint timer running, waiting for the request |
//! | `MPA_REQ_RCVD` | — | request reported to the host (timer stopped), waiting for accept or reject |
//! | `FPDU_MODE` | reply accepted, RDMA mode | reply sent, RDMA mode |
//! | `CLOSING` | the setup ended with a graceful close (reject) | same |
//! | `DEAD` | the setup failed or was aborted | same |
//!
//! `FPDU_MODE`, `CLOSING` and `DEAD` are final: the endpoint takes no more
//! octets and answers no input. Received octets are taken only in
//! `MPA_SENT` and `MPA_REQ_WAIT`, and only up to the end of the frame: the
//! caller hands the rest of the piece (the first FPDUs) to the RDMA path.
//!
//! See docs/mpa.md for the negotiation rules and the answer to each bad
//! input.

mod frame;

#[cfg(test)]
mod tests;

pub use frame::{
    parse_header, Feed, Frame, FrameError, FrameKind, Header, IrdOrd, Receiver, Revision, Rtr,
    RtrSet, HEADER_LEN, IRD_ORD_LEN, KEY_REP, KEY_REQ, MAX_FRAME_LEN, MAX_IRD_ORD,
    MAX_PRIVATE_DATA, MAX_PRIVATE_DATA_V2,
};
pub use warpnic_abi::gen::TermEcodeLlp;

/// Most actions one input produces.
pub const MAX_ACTIONS: usize = 4;

/// Which side of the connection setup an endpoint is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// The initiator: opened the TCP connection, sends the request.
    Active,
    /// The responder: accepted the TCP connection, sends the reply.
    Passive,
}

/// Endpoint state, named as in seed 000.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum State {
    /// Waiting for the TCP handshake.
    Connecting,
    /// Initiator: request sent, waiting for the reply.
    MpaSent,
    /// Responder: waiting for the request.
    MpaReqWait,
    /// Responder: request reported to the host, waiting for its answer.
    MpaReqRcvd,
    /// RDMA mode (final).
    FpduMode,
    /// Closed gracefully after a reject (final).
    Closing,
    /// Failed or aborted (final).
    Dead,
}

impl State {
    /// Whether the endpoint has finished connection setup.
    pub const fn is_final(self) -> bool {
        matches!(self, State::FpduMode | State::Closing | State::Dead)
    }
}

/// What this endpoint does about CRCs (RFC 5044 §7.1: CRCs are on when
/// either frame has C set).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CrcPolicy {
    /// This end cannot use CRCs: a peer that sets C is refused.
    Disabled,
    /// C clear; CRCs if the peer sets C.
    Allowed,
    /// C set: CRCs always.
    Required,
}

/// What this endpoint does about markers (RFC 5044 §7.1: M declares what
/// the sender needs in the stream it receives; each direction apart).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarkerPolicy {
    /// This end cannot insert markers: a peer that sets M is refused. M
    /// clear.
    Disabled,
    /// M clear; markers inserted toward a peer that sets M.
    Allowed,
    /// M set: the peer must insert markers toward this end; markers
    /// inserted toward a peer that sets M.
    Required,
}

impl MarkerPolicy {
    const fn m_bit(self) -> bool {
        matches!(self, MarkerPolicy::Required)
    }
}

/// An endpoint's fixed configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// Initiator: the revision of the request (V2 sends the RFC 6581
    /// block). Responder: the highest revision accepted.
    pub revision: Revision,
    /// CRC policy.
    pub crc: CrcPolicy,
    /// Marker policy.
    pub markers: MarkerPolicy,
    /// RTR types this end can send (initiator) or take (responder) in
    /// peer-to-peer mode.
    pub rtr: RtrSet,
    /// The endpoint timer: how long `MPA_SENT` waits for the reply and
    /// `MPA_REQ_WAIT` for the request, in the unit of `now`.
    pub timeout: u64,
}

/// The host's connect: what goes into the request (rdma_connect).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConnectParams<'a> {
    /// Upper-layer private data, at most 512 octets (508 in revision 2).
    pub private_data: &'a [u8],
    /// Inbound RDMA Read queue depth offered, at most 0x3fff (sent in
    /// revision 2; in revision 1 it is used as given).
    pub ird: u16,
    /// Outbound RDMA Read queue depth wanted, at most 0x3fff (sent in
    /// revision 2, lowered to the responder's IRD; in revision 1 it is used
    /// as given).
    pub ord: u16,
    /// Ask for the peer-to-peer model (revision 2; needs a non-empty
    /// [`Config::rtr`]).
    pub p2p: bool,
}

/// The host's accept: what goes into the reply (rdma_accept).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AcceptParams<'a> {
    /// Upper-layer private data, at most 512 octets (508 when the request
    /// carried the RFC 6581 block).
    pub private_data: &'a [u8],
    /// Inbound RDMA Read queue depth, at most 0x3fff.
    pub ird: u16,
    /// Outbound RDMA Read queue depth wanted, at most 0x3fff; limited to the
    /// initiator's IRD.
    pub ord: u16,
}

/// Why the TCP connection under an endpoint failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TcpFailure {
    /// The peer answered the SYN with a reset (nobody listening).
    Refused,
    /// No answer: ARP failed or the SYN retries ran out.
    Unreachable,
    /// The connection was reset.
    Reset,
}

/// One input to [`Endpoint::handle`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input<'a> {
    /// The TCP connection is established (ACT_ESTABLISH, PASS_ESTABLISH).
    TcpEstablished,
    /// The TCP connection failed or was reset.
    TcpFailed(TcpFailure),
    /// The peer closed its side (FIN).
    PeerClosed,
    /// Octets of the stream, in order, in a piece of any size.
    Received(&'a [u8]),
    /// The host accepts the connection request.
    Accept(AcceptParams<'a>),
    /// The host rejects the connection request with this private data.
    Reject(&'a [u8]),
    /// The host gives the connection up.
    Abort,
    /// Time passes: the endpoint timer is checked against `now`.
    Tick,
}

/// The ready-to-receive duty of an endpoint in peer-to-peer mode (RFC
/// 6581).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RtrRole {
    /// Client-server model: no RTR message.
    None,
    /// Initiator: send this zero-length message as the first FPDU.
    Send(Rtr),
    /// Responder: send nothing until this message has arrived.
    Await(Rtr),
}

/// The negotiated parameters of RDMA mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RdmaParams {
    /// The revision in use.
    pub revision: Revision,
    /// CRC32c in both directions.
    pub crc: bool,
    /// Markers in the stream this end sends (the peer set M).
    pub markers_tx: bool,
    /// Markers in the stream this end receives (this end set M).
    pub markers_rx: bool,
    /// This end's inbound RDMA Read queue depth.
    pub ird: u16,
    /// This end's outbound RDMA Read queue depth (never above the peer's
    /// IRD when the peer told it).
    pub ord: u16,
    /// The peer-to-peer duty.
    pub rtr: RtrRole,
    /// Send no FPDU before one from the peer has been received and
    /// validated: the responder's rule in RFC 5044 §7.1 (the initiator
    /// sends first; in peer-to-peer mode its first FPDU is the RTR).
    pub await_first_fpdu: bool,
}

/// The connection request as the host sees it (RDMA_CM_EVENT_CONNECT_REQUEST).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConnectRequest<'e> {
    /// The request's revision.
    pub revision: Revision,
    /// The initiator set C.
    pub crc: bool,
    /// The initiator set M.
    pub markers: bool,
    /// The initiator's RFC 6581 data (revision 2).
    pub ird_ord: Option<IrdOrd>,
    /// The initiator's private data.
    pub private_data: &'e [u8],
}

/// Why a connection setup failed (the cause in a failure event).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MpaError {
    /// The frame's key is neither request nor reply.
    BadKey,
    /// A valid key of the wrong kind (a request where a reply was due, or a
    /// reply where a request was due).
    UnexpectedKey,
    /// A revision not spoken here; carries the octet.
    BadRevision(u8),
    /// A reply of a higher revision than the request.
    RevisionMismatch,
    /// PD_Length above 512; carries it.
    PrivateDataTooLong(usize),
    /// Enhanced revision 2 frame without room for IRD/ORD.
    MissingIrdOrd,
    /// The peer wants markers and this end cannot insert them.
    MarkersUnsupported,
    /// The peer wants CRCs and this end cannot use them.
    CrcUnsupported,
    /// Peer-to-peer mode without an RTR type both ends support.
    NoMatchingRtr,
    /// The responder's ORD exceeds the initiator's IRD.
    InsufficientIrd,
    /// The endpoint timer expired.
    Timeout,
    /// The peer closed the connection during setup.
    PeerClosed,
    /// The TCP connection was reset.
    Reset,
    /// The TCP connection was refused.
    Refused,
}

impl From<FrameError> for MpaError {
    fn from(e: FrameError) -> Self {
        match e {
            FrameError::BadKey => MpaError::BadKey,
            FrameError::BadRevision(r) => MpaError::BadRevision(r),
            FrameError::PrivateDataTooLong(n) => MpaError::PrivateDataTooLong(n),
            // The receiver reports only the errors above and MissingIrdOrd.
            FrameError::MissingIrdOrd
            | FrameError::IrdOrdOutOfRange
            | FrameError::IrdOrdNeedsV2
            | FrameError::Truncated
            | FrameError::BufferTooSmall => MpaError::MissingIrdOrd,
        }
    }
}

/// An event for the host, named after the DAT connection events (seed 004)
/// and rdma_cm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event<'e> {
    /// Responder: a valid request (RDMA_CM_EVENT_CONNECT_REQUEST); answer
    /// with [`Input::Accept`] or [`Input::Reject`].
    ConnectRequest(ConnectRequest<'e>),
    /// The connection is in RDMA mode (DAT_CONNECTION_EVENT_ESTABLISHED);
    /// the initiator gets the responder's private data.
    Established {
        /// The negotiated parameters.
        params: RdmaParams,
        /// The reply's private data (initiator), else empty.
        private_data: &'e [u8],
    },
    /// Initiator: the responder's host rejected the connection
    /// (DAT_CONNECTION_EVENT_PEER_REJECTED), with its private data.
    PeerRejected {
        /// The reject reply's private data.
        private_data: &'e [u8],
    },
    /// Initiator: setup failed for any other reason than a timeout, an
    /// unreachable host or the peer's reject
    /// (DAT_CONNECTION_EVENT_NON_PEER_REJECTED).
    NonPeerRejected(MpaError),
    /// Initiator: no reply within the endpoint timer
    /// (DAT_CONNECTION_EVENT_TIMED_OUT).
    TimedOut,
    /// Initiator: the peer host cannot be reached
    /// (DAT_CONNECTION_EVENT_UNREACHABLE).
    Unreachable,
    /// Responder: the setup of an incoming connection failed
    /// (RDMA_CM_EVENT_CONNECT_ERROR); before [`Event::ConnectRequest`] the
    /// host never saw the connection and may drop this.
    ConnectError(MpaError),
}

/// One thing for the caller to do, in the order given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action<'e> {
    /// Send these octets on the stream (an MPA frame), before anything
    /// that follows.
    SendBytes(&'e [u8]),
    /// Switch the connection to RDMA mode with these parameters: octets
    /// after the frame are FPDUs.
    EnterRdmaMode(RdmaParams),
    /// Send an RDMAP Terminate with layer LLP, error type MPA and this code
    /// (RFC 5044 §8, RFC 6581) as the first FPDU, then close.
    SendTerminate(TermEcodeLlp),
    /// Close the connection gracefully (FIN after what was sent).
    Close,
    /// Abort the connection (RST).
    Abort,
    /// Report this to the host.
    Event(Event<'e>),
}

/// What one input produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Output<'e> {
    consumed: usize,
    actions: [Option<Action<'e>>; MAX_ACTIONS],
}

impl<'e> Output<'e> {
    /// Octets of an [`Input::Received`] piece taken: exactly the frame's
    /// octets that were in it. The rest of the piece is not the
    /// endpoint's.
    pub const fn consumed(&self) -> usize {
        self.consumed
    }

    /// The actions, in order.
    pub fn actions(&self) -> impl Iterator<Item = &Action<'e>> + '_ {
        self.actions.iter().flatten()
    }

    /// Whether there is no action.
    pub fn is_empty(&self) -> bool {
        self.actions.iter().all(Option::is_none)
    }

    /// The bytes to send, if any.
    pub fn sent(&self) -> Option<&'e [u8]> {
        self.actions().find_map(|a| match a {
            Action::SendBytes(b) => Some(*b),
            _ => None,
        })
    }

    /// The event for the host, if any.
    pub fn event(&self) -> Option<Event<'e>> {
        self.actions().find_map(|a| match a {
            Action::Event(e) => Some(*e),
            _ => None,
        })
    }

    /// The RDMA mode parameters, if the connection enters it.
    pub fn rdma(&self) -> Option<RdmaParams> {
        self.actions().find_map(|a| match a {
            Action::EnterRdmaMode(p) => Some(*p),
            _ => None,
        })
    }
}

/// Why a host request was refused; the endpoint is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UsageError {
    /// Accept or reject outside `MPA_REQ_RCVD`.
    BadState,
    /// Private data longer than the frame allows (512 octets, 508 with the
    /// RFC 6581 block).
    PrivateDataTooLong,
    /// IRD or ORD above 0x3fff.
    IrdOrdOutOfRange,
    /// Peer-to-peer asked for in revision 1, or without an RTR type in the
    /// configuration.
    PeerToPeerUnavailable,
}

/// An action before the output borrows the frame buffer.
#[derive(Clone, Copy, Debug)]
enum Act {
    /// Send `buf[..len]`.
    Send(usize),
    Rdma(RdmaParams),
    Terminate(TermEcodeLlp),
    Close,
    Abort,
    Ev(Ev),
}

/// An event before the output borrows the frame buffer; private data as a
/// range of it.
#[derive(Clone, Copy, Debug)]
enum Ev {
    ConnectRequest {
        req: Peer,
        pd: (usize, usize),
    },
    Established {
        params: RdmaParams,
        pd: (usize, usize),
    },
    PeerRejected {
        pd: (usize, usize),
    },
    NonPeerRejected(MpaError),
    TimedOut,
    Unreachable,
    ConnectError(MpaError),
}

#[derive(Clone, Copy, Debug, Default)]
struct Acts {
    list: [Option<Act>; MAX_ACTIONS],
    n: usize,
}

impl Acts {
    fn push(&mut self, a: Act) {
        // At most MAX_ACTIONS per input by construction (step never pushes
        // more); a further one would be dropped rather than panic.
        if let Some(slot) = self.list.get_mut(self.n) {
            *slot = Some(a);
            self.n += 1;
        }
    }
}

/// What the responder keeps of the request after reporting it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Peer {
    revision: Revision,
    crc: bool,
    markers: bool,
    ird_ord: Option<IrdOrd>,
    /// The RTR type chosen for a peer-to-peer request.
    rtr: Option<Rtr>,
}

/// One connection's MPA setup.
#[derive(Clone, Debug)]
pub struct Endpoint {
    cfg: Config,
    role: Role,
    state: State,
    /// Endpoint timer deadline.
    deadline: Option<u64>,
    /// The frame being received, or the frame to send.
    buf: [u8; MAX_FRAME_LEN],
    /// Initiator: length of the request in `buf` until it is sent.
    tx_len: usize,
    rx: Receiver,
    /// Initiator: the RFC 6581 data of the request (revision 2).
    request: Option<IrdOrd>,
    /// Initiator: the host's IRD and ORD (used as given in revision 1).
    local: (u16, u16),
    /// Responder: the request, once received.
    peer: Option<Peer>,
    /// The negotiated parameters, once in RDMA mode.
    params: Option<RdmaParams>,
}

impl Endpoint {
    /// An initiator in `CONNECTING` (the SYN is on its way); the request
    /// frame is built now and sent when TCP is established.
    ///
    /// # Errors
    ///
    /// [`UsageError::PrivateDataTooLong`], [`UsageError::IrdOrdOutOfRange`],
    /// [`UsageError::PeerToPeerUnavailable`].
    pub fn active(cfg: Config, p: ConnectParams<'_>) -> Result<Self, UsageError> {
        let ird_ord = match cfg.revision {
            Revision::V1 => {
                if p.p2p {
                    return Err(UsageError::PeerToPeerUnavailable);
                }
                None
            }
            Revision::V2 => {
                if p.ird > MAX_IRD_ORD || p.ord > MAX_IRD_ORD {
                    return Err(UsageError::IrdOrdOutOfRange);
                }
                if p.p2p && cfg.rtr.is_empty() {
                    return Err(UsageError::PeerToPeerUnavailable);
                }
                Some(IrdOrd {
                    ird: p.ird,
                    ord: p.ord,
                    p2p: p.p2p,
                    rtr: if p.p2p { cfg.rtr } else { RtrSet::NONE },
                })
            }
        };
        let frame = Frame {
            kind: FrameKind::Request,
            markers: cfg.markers.m_bit(),
            crc: cfg.crc == CrcPolicy::Required,
            reject: false,
            revision: cfg.revision,
            ird_ord,
            private_data: p.private_data,
        };
        let mut ep = Self::new(cfg, Role::Active);
        ep.tx_len = frame
            .emit(&mut ep.buf)
            .map_err(|_| UsageError::PrivateDataTooLong)?;
        ep.request = ird_ord;
        ep.local = (p.ird, p.ord);
        Ok(ep)
    }

    /// A responder in `CONNECTING` (the TCP handshake of an incoming
    /// connection is under way).
    pub fn passive(cfg: Config) -> Self {
        Self::new(cfg, Role::Passive)
    }

    fn new(cfg: Config, role: Role) -> Self {
        Self {
            cfg,
            role,
            state: State::Connecting,
            deadline: None,
            buf: [0; MAX_FRAME_LEN],
            tx_len: 0,
            rx: Receiver::new(),
            request: None,
            local: (0, 0),
            peer: None,
            params: None,
        }
    }

    /// The state.
    pub const fn state(&self) -> State {
        self.state
    }

    /// The role.
    pub const fn role(&self) -> Role {
        self.role
    }

    /// The configuration.
    pub const fn config(&self) -> &Config {
        &self.cfg
    }

    /// When the endpoint timer expires, if it runs: give an
    /// [`Input::Tick`] at or after that time.
    pub const fn poll_at(&self) -> Option<u64> {
        self.deadline
    }

    /// The negotiated parameters, once in `FPDU_MODE`.
    pub const fn negotiated(&self) -> Option<RdmaParams> {
        self.params
    }

    /// Takes one input at time `now`; every state change goes through here.
    ///
    /// # Errors
    ///
    /// Only host inputs ([`Input::Accept`], [`Input::Reject`]) are refused,
    /// with the endpoint unchanged: [`UsageError::BadState`] outside
    /// `MPA_REQ_RCVD`, [`UsageError::PrivateDataTooLong`],
    /// [`UsageError::IrdOrdOutOfRange`]. Wire and TCP inputs never fail:
    /// bad ones are answered with actions.
    pub fn handle(&mut self, now: u64, input: Input<'_>) -> Result<Output<'_>, UsageError> {
        let mut acts = Acts::default();
        let consumed = self.step(now, input, &mut acts)?;
        Ok(self.render(consumed, &acts))
    }

    fn render(&self, consumed: usize, acts: &Acts) -> Output<'_> {
        let slice = |(a, b): (usize, usize)| self.buf.get(a..b).unwrap_or(&[]);
        let mut actions = [None; MAX_ACTIONS];
        for (out, act) in actions.iter_mut().zip(acts.list.iter()) {
            *out = act.map(|a| match a {
                Act::Send(len) => Action::SendBytes(slice((0, len))),
                Act::Rdma(p) => Action::EnterRdmaMode(p),
                Act::Terminate(c) => Action::SendTerminate(c),
                Act::Close => Action::Close,
                Act::Abort => Action::Abort,
                Act::Ev(e) => Action::Event(match e {
                    Ev::ConnectRequest { req, pd } => Event::ConnectRequest(ConnectRequest {
                        revision: req.revision,
                        crc: req.crc,
                        markers: req.markers,
                        ird_ord: req.ird_ord,
                        private_data: slice(pd),
                    }),
                    Ev::Established { params, pd } => Event::Established {
                        params,
                        private_data: slice(pd),
                    },
                    Ev::PeerRejected { pd } => Event::PeerRejected {
                        private_data: slice(pd),
                    },
                    Ev::NonPeerRejected(e) => Event::NonPeerRejected(e),
                    Ev::TimedOut => Event::TimedOut,
                    Ev::Unreachable => Event::Unreachable,
                    Ev::ConnectError(e) => Event::ConnectError(e),
                }),
            });
        }
        Output { consumed, actions }
    }

    /// The transition function.
    fn step(&mut self, now: u64, input: Input<'_>, acts: &mut Acts) -> Result<usize, UsageError> {
        if self.state.is_final() {
            return match input {
                Input::Accept(_) | Input::Reject(_) => Err(UsageError::BadState),
                _ => Ok(0),
            };
        }
        match input {
            Input::TcpEstablished => {
                if self.state == State::Connecting {
                    self.deadline = Some(now.saturating_add(self.cfg.timeout));
                    self.rx = Receiver::new();
                    match self.role {
                        Role::Active => {
                            acts.push(Act::Send(self.tx_len));
                            self.state = State::MpaSent;
                        }
                        Role::Passive => self.state = State::MpaReqWait,
                    }
                }
                Ok(0)
            }
            Input::TcpFailed(why) => {
                let err = match why {
                    TcpFailure::Refused => MpaError::Refused,
                    TcpFailure::Unreachable => MpaError::Timeout,
                    TcpFailure::Reset => MpaError::Reset,
                };
                let ev = match (self.role, why) {
                    (Role::Active, TcpFailure::Unreachable) => Ev::Unreachable,
                    (Role::Active, _) => Ev::NonPeerRejected(err),
                    (Role::Passive, _) => Ev::ConnectError(err),
                };
                acts.push(Act::Ev(ev));
                self.finish(State::Dead);
                Ok(0)
            }
            Input::PeerClosed => {
                if self.state != State::Connecting {
                    acts.push(Act::Close);
                    acts.push(Act::Ev(self.failure(MpaError::PeerClosed)));
                    self.finish(State::Closing);
                }
                Ok(0)
            }
            Input::Tick => {
                if matches!(self.state, State::MpaSent | State::MpaReqWait)
                    && self.deadline.is_some_and(|d| now >= d)
                {
                    acts.push(Act::Abort);
                    acts.push(Act::Ev(match self.role {
                        Role::Active => Ev::TimedOut,
                        Role::Passive => Ev::ConnectError(MpaError::Timeout),
                    }));
                    self.finish(State::Dead);
                }
                Ok(0)
            }
            Input::Abort => {
                acts.push(Act::Abort);
                self.finish(State::Dead);
                Ok(0)
            }
            Input::Received(data) => Ok(self.receive(data, acts)),
            Input::Accept(p) => self.accept(p, acts).map(|()| 0),
            Input::Reject(pd) => self.reject(pd, acts).map(|()| 0),
        }
    }

    /// The failure event of this role.
    fn failure(&self, e: MpaError) -> Ev {
        match self.role {
            Role::Active => Ev::NonPeerRejected(e),
            Role::Passive => Ev::ConnectError(e),
        }
    }

    /// Enters a final state; the timer stops.
    fn finish(&mut self, s: State) {
        self.state = s;
        self.deadline = None;
    }

    /// Fails the setup with an abort.
    fn abort(&mut self, e: MpaError, acts: &mut Acts) {
        acts.push(Act::Abort);
        acts.push(Act::Ev(self.failure(e)));
        self.finish(State::Dead);
    }

    fn receive(&mut self, data: &[u8], acts: &mut Acts) -> usize {
        let expect = match self.state {
            State::MpaSent => FrameKind::Reply,
            State::MpaReqWait => FrameKind::Request,
            _ => return 0,
        };
        let (used, feed) = self.rx.feed(&mut self.buf, data);
        match feed {
            Feed::NeedMore => {}
            Feed::Invalid(e) => self.abort(e.into(), acts),
            Feed::Complete(h) if h.kind != expect => self.abort(MpaError::UnexpectedKey, acts),
            Feed::Complete(h) => match self.role {
                Role::Active => self.on_reply(&h, acts),
                Role::Passive => self.on_request(&h, acts),
            },
        }
        used
    }

    /// Initiator, `MPA_SENT`: a complete reply is in `buf`.
    fn on_reply(&mut self, h: &Header, acts: &mut Acts) {
        let f = match frame::parse_collected(&self.buf, h) {
            Ok(f) => f,
            Err(e) => return self.abort(e.into(), acts),
        };
        let pd = pd_range(h, &f);
        if f.revision > self.cfg.revision {
            return self.abort(MpaError::RevisionMismatch, acts);
        }
        if f.reject {
            // RFC 5044 §7.1: the responder's upper layer refused; the
            // responder closes, and so does the initiator.
            acts.push(Act::Close);
            acts.push(Act::Ev(Ev::PeerRejected { pd }));
            return self.finish(State::Closing);
        }
        if f.markers && self.cfg.markers == MarkerPolicy::Disabled {
            return self.abort(MpaError::MarkersUnsupported, acts);
        }
        let crc = f.crc || self.cfg.crc == CrcPolicy::Required;
        if crc && self.cfg.crc == CrcPolicy::Disabled {
            return self.abort(MpaError::CrcUnsupported, acts);
        }
        let mut params = RdmaParams {
            revision: f.revision,
            crc,
            markers_tx: f.markers,
            markers_rx: self.cfg.markers.m_bit(),
            ird: self.local.0,
            ord: self.local.1,
            rtr: RtrRole::None,
            await_first_fpdu: false,
        };
        let mut fail = None;
        match (self.request, f.ird_ord) {
            (Some(req), Some(rep)) => {
                // RFC 6581: the responder's ORD must fit this end's IRD;
                // this end's ORD is cut to the responder's IRD.
                params.ird = req.ird;
                params.ord = req.ord.min(rep.ird);
                if rep.ord > req.ird {
                    fail = Some(TermEcodeLlp::InsufficientIrd);
                }
                if req.p2p {
                    let chosen = rep.rtr.intersect(req.rtr);
                    match (rep.p2p, chosen.len(), chosen.preferred()) {
                        (true, 1, Some(r)) => params.rtr = RtrRole::Send(r),
                        _ => fail = fail.or(Some(TermEcodeLlp::NoMatchingRtr)),
                    }
                }
            }
            (Some(req), None) => {
                // A reply without the RFC 6581 block (revision 1, or 2
                // without the enhanced flag): no IRD/ORD or RTR agreed; the
                // host's values stand.
                if req.p2p {
                    fail = Some(TermEcodeLlp::NoMatchingRtr);
                }
            }
            // Revision 1 request: IRD/ORD are the upper layer's business
            // (seed 004) and the host's values stand; a revision 2 reply
            // was refused above.
            (None, _) => {}
        }
        acts.push(Act::Rdma(params));
        self.params = Some(params);
        match fail {
            Some(code) => {
                acts.push(Act::Terminate(code));
                acts.push(Act::Close);
                acts.push(Act::Ev(Ev::NonPeerRejected(match code {
                    TermEcodeLlp::InsufficientIrd => MpaError::InsufficientIrd,
                    _ => MpaError::NoMatchingRtr,
                })));
                self.finish(State::Closing);
            }
            None => {
                acts.push(Act::Ev(Ev::Established { params, pd }));
                self.finish(State::FpduMode);
            }
        }
    }

    /// Responder, `MPA_REQ_WAIT`: a complete request is in `buf`.
    fn on_request(&mut self, h: &Header, acts: &mut Acts) {
        if h.revision > self.cfg.revision {
            return self.abort(MpaError::BadRevision(h.revision.as_u8()), acts);
        }
        let f = match frame::parse_collected(&self.buf, h) {
            Ok(f) => f,
            Err(e) => {
                // A malformed RFC 6581 block: refuse with a reject reply of
                // the same revision without the enhanced flag.
                let peer = Peer {
                    revision: h.revision,
                    crc: false,
                    markers: false,
                    ird_ord: None,
                    rtr: None,
                };
                return self.refuse(peer, e.into(), acts);
            }
        };
        let rtr = match f.ird_ord {
            Some(io) if io.p2p => io.rtr.intersect(self.cfg.rtr).preferred(),
            _ => None,
        };
        let peer = Peer {
            revision: f.revision,
            crc: f.crc,
            markers: f.markers,
            ird_ord: f.ird_ord,
            rtr,
        };
        if f.markers && self.cfg.markers == MarkerPolicy::Disabled {
            return self.refuse(peer, MpaError::MarkersUnsupported, acts);
        }
        if f.crc && self.cfg.crc == CrcPolicy::Disabled {
            return self.refuse(peer, MpaError::CrcUnsupported, acts);
        }
        if f.ird_ord.is_some_and(|io| io.p2p) && rtr.is_none() {
            return self.refuse(peer, MpaError::NoMatchingRtr, acts);
        }
        let pd = pd_range(h, &f);
        self.peer = Some(peer);
        self.deadline = None;
        self.state = State::MpaReqRcvd;
        acts.push(Act::Ev(Ev::ConnectRequest { req: peer, pd }));
    }

    /// Responder: answers a request this end cannot take with a reject
    /// reply and a close, without asking the host.
    fn refuse(&mut self, peer: Peer, e: MpaError, acts: &mut Acts) {
        match self.emit_reply(&peer, true, 0, 0, &[]) {
            Ok(len) => {
                acts.push(Act::Send(len));
                acts.push(Act::Close);
                acts.push(Act::Ev(Ev::ConnectError(e)));
                self.finish(State::Closing);
            }
            // An empty reply always fits; abort should it not.
            Err(_) => self.abort(e, acts),
        }
    }

    /// Writes the reply to `peer` into `buf`; returns its length.
    fn emit_reply(
        &mut self,
        peer: &Peer,
        reject: bool,
        ird: u16,
        ord: u16,
        private_data: &[u8],
    ) -> Result<usize, FrameError> {
        let ird_ord = peer.ird_ord.map(|io| IrdOrd {
            ird,
            ord,
            p2p: io.p2p,
            rtr: match (reject, peer.rtr) {
                (false, Some(r)) => RtrSet::only(r),
                _ => RtrSet::NONE,
            },
        });
        let crc_ok = self.cfg.crc != CrcPolicy::Disabled;
        Frame {
            kind: FrameKind::Reply,
            markers: !reject && self.cfg.markers.m_bit(),
            crc: crc_ok && (peer.crc || self.cfg.crc == CrcPolicy::Required),
            reject,
            revision: peer.revision,
            ird_ord,
            private_data,
        }
        .emit(&mut self.buf)
    }

    /// Responder, `MPA_REQ_RCVD`: the host accepts.
    fn accept(&mut self, p: AcceptParams<'_>, acts: &mut Acts) -> Result<(), UsageError> {
        let peer = match (self.state, self.peer) {
            (State::MpaReqRcvd, Some(peer)) => peer,
            _ => return Err(UsageError::BadState),
        };
        if p.ird > MAX_IRD_ORD || p.ord > MAX_IRD_ORD {
            return Err(UsageError::IrdOrdOutOfRange);
        }
        // RFC 6581: never more outbound Reads than the initiator's IRD.
        let ord = match peer.ird_ord {
            Some(io) => p.ord.min(io.ird),
            None => p.ord,
        };
        let len = self
            .emit_reply(&peer, false, p.ird, ord, p.private_data)
            .map_err(|_| UsageError::PrivateDataTooLong)?;
        let params = RdmaParams {
            revision: peer.revision,
            crc: peer.crc || self.cfg.crc == CrcPolicy::Required,
            markers_tx: peer.markers,
            markers_rx: self.cfg.markers.m_bit(),
            ird: p.ird,
            ord,
            rtr: match peer.rtr {
                Some(r) => RtrRole::Await(r),
                None => RtrRole::None,
            },
            await_first_fpdu: true,
        };
        acts.push(Act::Send(len));
        acts.push(Act::Rdma(params));
        acts.push(Act::Ev(Ev::Established { params, pd: (0, 0) }));
        self.params = Some(params);
        self.finish(State::FpduMode);
        Ok(())
    }

    /// Responder, `MPA_REQ_RCVD`: the host rejects.
    fn reject(&mut self, private_data: &[u8], acts: &mut Acts) -> Result<(), UsageError> {
        let peer = match (self.state, self.peer) {
            (State::MpaReqRcvd, Some(peer)) => peer,
            _ => return Err(UsageError::BadState),
        };
        let len = self
            .emit_reply(&peer, true, 0, 0, private_data)
            .map_err(|_| UsageError::PrivateDataTooLong)?;
        acts.push(Act::Send(len));
        acts.push(Act::Close);
        self.finish(State::Closing);
        Ok(())
    }
}

/// The range of `buf` that holds the upper layer's private data of a
/// collected frame.
fn pd_range(h: &Header, f: &Frame<'_>) -> (usize, usize) {
    let end = h.frame_len();
    (end - f.private_data.len(), end)
}
