//! The DAT endpoint model of seed 004 (uDAPL's `dat_ep_connect` and the
//! calls around it) over the connection manager ([`crate::Cm`]).
//!
//! An [`Ia`] (interface adapter) holds endpoints ([`EpHandle`]), each with
//! a state ([`EpState`]) queryable at any time, and the service points
//! that take connection requests: public ones ([`Ia::psp_create`]), whose
//! requests the consumer answers with an endpoint of its choice or one the
//! provider made, and reserved ones ([`Ia::rsp_create`]), bound to one
//! endpoint. [`Ia::poll`] returns the connection events (the connect and
//! request event dispatchers of DAT in one stream, [`DatEvent`]); the
//! endpoint has made its transition when its event is returned.
//!
//! The transitions, with the seed's words:
//!
//! | from | call or event | to |
//! |---|---|---|
//! | UNCONNECTED | [`Ia::ep_connect`] | ACTIVE_CONNECTION_PENDING ("Upon successful completion of this operation") |
//! | ACTIVE_CONNECTION_PENDING | ESTABLISHED ("acceptance of the requested connection") | CONNECTED |
//! | ACTIVE_CONNECTION_PENDING | PEER_REJECTED, NON_PEER_REJECTED, UNREACHABLE, TIMED_OUT | DISCONNECTED ("automatically transitioned") |
//! | UNCONNECTED | [`Ia::rsp_create`] | RESERVED |
//! | RESERVED | a request to its qualifier | PASSIVE_CONNECTION_PENDING |
//! | (none) | a request to a provider PSP | TENTATIVE_CONNECTION_PENDING (a new endpoint) |
//! | UNCONNECTED, TENTATIVE_CONNECTION_PENDING | [`Ia::cr_accept`] | PASSIVE_CONNECTION_PENDING |
//! | PASSIVE_CONNECTION_PENDING | ESTABLISHED | CONNECTED |
//! | PASSIVE_CONNECTION_PENDING | ACCEPT_COMPLETION_ERROR | DISCONNECTED |
//! | RESERVED's, TENTATIVE | [`Ia::cr_reject`] | DISCONNECTED |
//! | CONNECTED, *_PENDING | [`Ia::ep_disconnect`] | DISCONNECT_PENDING, DISCONNECTED with its event |
//! | CONNECTED | DISCONNECTED (the peer closed or reset), BROKEN | DISCONNECTED |
//! | DISCONNECTED | [`Ia::ep_reset`] | UNCONNECTED |
//!
//! Socket Service Points (seed 001, the DAT 2.0 iWARP extension,
//! [`Ia::query`] names it): [`Ia::ssp_create`] turns a connected socket
//! of the raw TCP API into a service point bound to one endpoint
//! (RESERVED), which takes one request (PASSIVE_CONNECTION_PENDING; the
//! SSP becomes NON_OPERATIONAL) or reports SOCKET_DOWN;
//! [`Ia::socket_connect`] sends the request on a connected socket. After
//! a peer's reject or the timeout the socket goes back to the consumer
//! ([`Ia::take_socket`]), still connected.
//!
//! Return codes are [`DatError`]s: INVALID_HANDLE, INVALID_PARAMETER,
//! INVALID_STATE, INVALID_ADDRESS, MODEL_NOT_SUPPORTED and
//! INSUFFICIENT_RESOURCES, and the library's own errors beneath.

use std::collections::{HashMap, VecDeque};
use std::net::{IpAddr, Ipv4Addr, SocketAddrV4};
use std::sync::Arc;
use std::time::Duration;

use warpnic_abi::gen::{CplStatus, QpState};

use crate::cm::{Cm, CmEvent, CmId, CmQp, SocketError};
use crate::error::{ArgError, Error};
use crate::mpa::{AcceptParams, ConnectParams, MpaConfig, MAX_PRIVATE_DATA_V2};
use crate::stream::TcpStream;
use crate::verbs::{QpAttrs, QueuePair, MAX_IRD, MAX_ORD};
use crate::Nic;

/// An endpoint of an [`Ia`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EpHandle(u32);

/// A connection request ([`DatEvent::ConnectionRequest`]), answered with
/// [`Ia::cr_accept`] or [`Ia::cr_reject`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CrHandle(CmId);

/// DAT_EP_STATE.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EpState {
    /// Created, or reset: may connect, accept or be reserved.
    Unconnected,
    /// Bound to a reserved service point, waiting for its request.
    Reserved,
    /// [`Ia::ep_connect`] runs.
    ActiveConnectionPending,
    /// A request was accepted on it (or reached its RSP); the setup runs.
    PassiveConnectionPending,
    /// Made by the provider for a request to a provider PSP; the consumer
    /// accepts or rejects it.
    TentativeConnectionPending,
    /// Established.
    Connected,
    /// [`Ia::ep_disconnect`] ran; its DISCONNECTED event is not taken yet.
    DisconnectPending,
    /// The connection ended or never came: [`Ia::ep_reset`] or
    /// [`Ia::ep_free`].
    Disconnected,
}

/// `dat_ep_connect`'s timeout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timeout {
    /// DAT_TIMEOUT_INFINITE: only the transport's own timers end the
    /// attempt.
    Infinite,
    /// Microseconds (0 is INVALID_PARAMETER).
    Micros(u64),
}

/// DAT_QOS_BEST_EFFORT, the one quality of service offered
/// ([`Ia::ep_connect`]; others are MODEL_NOT_SUPPORTED).
pub const QOS_BEST_EFFORT: u32 = 0x00;

/// DAT_MULTIPATH_FLAG: multipathing is not offered (MODEL_NOT_SUPPORTED).
pub const CONNECT_MULTIPATH: u32 = 0x01;

/// A return code other than DAT_SUCCESS.
#[derive(Debug, thiserror::Error)]
pub enum DatError {
    /// DAT_INVALID_HANDLE: no such endpoint, request or service point.
    #[error("DAT_INVALID_HANDLE")]
    InvalidHandle,
    /// DAT_INVALID_PARAMETER, naming the parameter.
    #[error("DAT_INVALID_PARAMETER: {0}")]
    InvalidParameter(&'static str),
    /// DAT_INVALID_STATE: the endpoint's state does not allow the call.
    #[error("DAT_INVALID_STATE: the endpoint is {0:?}")]
    InvalidState(EpState),
    /// DAT_INVALID_ADDRESS: the address cannot be converted to a
    /// transport address (IPv4 unicast).
    #[error("DAT_INVALID_ADDRESS: {0}")]
    InvalidAddress(IpAddr),
    /// DAT_MODEL_NOT_SUPPORTED: a quality of service or flag not offered.
    #[error("DAT_MODEL_NOT_SUPPORTED: {0}")]
    ModelNotSupported(&'static str),
    /// DAT_INSUFFICIENT_RESOURCES: no endpoint, listener or connection id
    /// left.
    #[error("DAT_INSUFFICIENT_RESOURCES")]
    InsufficientResources,
    /// DAT_INTERNAL_ERROR: the library's error beneath.
    #[error(transparent)]
    Internal(#[from] Error),
}

/// Connection events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DatEvent {
    /// DAT_CONNECTION_REQUEST_EVENT.
    ConnectionRequest {
        /// The request.
        cr: CrHandle,
        /// The service point's connection qualifier (port).
        conn_qual: u16,
        /// The requesting peer.
        remote: SocketAddrV4,
        /// Its private data.
        private_data: Vec<u8>,
        /// The endpoint bound to it: the RSP's (PASSIVE_CONNECTION_PENDING)
        /// or the provider's (TENTATIVE_CONNECTION_PENDING); `None` at a
        /// consumer PSP.
        ep: Option<EpHandle>,
    },
    /// DAT_CONNECTION_EVENT_ESTABLISHED.
    Established {
        /// The endpoint (CONNECTED).
        ep: EpHandle,
        /// The peer's private data (the accept's, at the active side).
        private_data: Vec<u8>,
    },
    /// DAT_CONNECTION_EVENT_PEER_REJECTED, with the peer's private data.
    PeerRejected {
        /// The endpoint (DISCONNECTED).
        ep: EpHandle,
        /// The peer's private data.
        private_data: Vec<u8>,
    },
    /// DAT_CONNECTION_EVENT_NON_PEER_REJECTED: nobody listens, the backlog
    /// is full, or a transport error.
    NonPeerRejected {
        /// The endpoint (DISCONNECTED).
        ep: EpHandle,
    },
    /// DAT_CONNECTION_EVENT_UNREACHABLE.
    Unreachable {
        /// The endpoint (DISCONNECTED).
        ep: EpHandle,
    },
    /// DAT_CONNECTION_EVENT_TIMED_OUT.
    TimedOut {
        /// The endpoint (DISCONNECTED).
        ep: EpHandle,
    },
    /// DAT_CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR: an accepted
    /// connection failed before it was established.
    AcceptCompletionError {
        /// The endpoint (DISCONNECTED).
        ep: EpHandle,
    },
    /// DAT_CONNECTION_EVENT_DISCONNECTED.
    Disconnected {
        /// The endpoint (DISCONNECTED).
        ep: EpHandle,
    },
    /// DAT_CONNECTION_EVENT_SOCKET_DOWN (seed 001): the SSP's socket went
    /// down before its request; the SSP is NON_OPERATIONAL, its endpoint
    /// UNCONNECTED again.
    SocketDown {
        /// The service point.
        ssp: SspHandle,
    },
}

/// A Socket Service Point (DAT_IW_SSP_HANDLE).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SspHandle(u32);

/// DAT_IW_SSP_STATE.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SspState {
    /// Waits for its one request.
    Operational,
    /// Has generated its request, or its socket went down.
    NonOperational,
}

/// The fields of [`Ia::ssp_query`] (DAT_IW_SSP_PARAM_MASK).
pub mod ssp_field {
    /// DAT_IW_SSP_FIELD_IA_HANDLE (the adapter: the one queried).
    pub const IA_HANDLE: u32 = 0x01;
    /// DAT_IW_SSP_FIELD_SOCKET_ID.
    pub const SOCKET_ID: u32 = 0x02;
    /// DAT_IW_SSP_FIELD_EVD_HANDLE (the adapter's one event stream).
    pub const EVD_HANDLE: u32 = 0x04;
    /// DAT_IW_SSP_FIELD_EP_HANDLE.
    pub const EP_HANDLE: u32 = 0x08;
    /// DAT_IW_SSP_FIELD_SSP_STATE.
    pub const SSP_STATE: u32 = 0x10;
    /// DAT_IW_SSP_FIELD_ALL.
    pub const ALL: u32 = 0x1f;
}

/// DAT_IW_SSP_PARAM: the fields asked for, `None` for the others.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SspParam {
    /// The socket's TCP endpoint, while the SSP holds it.
    pub socket_id: Option<crate::tcp::EndpointId>,
    /// The endpoint bound to it.
    pub ep: Option<EpHandle>,
    /// Its state.
    pub state: Option<SspState>,
}

/// A socket call refused, with the consumer's socket given back (seed
/// 001: the socket returns to the consumer).
#[derive(Debug, thiserror::Error)]
#[error("{error}")]
pub struct DatSocketError {
    /// The return code.
    pub error: DatError,
    /// The socket, still the consumer's.
    pub socket: Box<TcpStream>,
}

/// One Socket Service Point.
#[derive(Debug)]
struct SspRec {
    conn: CmId,
    ep: EpHandle,
    state: SspState,
}

/// One endpoint.
#[derive(Debug)]
struct Ep {
    state: EpState,
    /// The queue pair it connects.
    qp: Option<Arc<QueuePair>>,
    ird: u16,
    ord: u16,
    /// Its connection, while it has one.
    conn: Option<CmId>,
    /// The reserved service point it is bound to.
    rsp: Option<u16>,
    /// Its last connection made from a socket: where [`Ia::take_socket`]
    /// finds the socket.
    socket_conn: Option<CmId>,
}

/// A service point.
#[derive(Clone, Copy, Debug)]
enum Sp {
    /// Public; the provider makes an endpoint for each request if set.
    Psp { provider_ep: bool },
    /// Reserved for one endpoint.
    Rsp(EpHandle),
}

/// A DAT interface adapter on one NIC (module documentation).
pub struct Ia<'n> {
    cm: Cm<'n>,
    mpa: MpaConfig,
    eps: HashMap<EpHandle, Ep>,
    next_ep: u32,
    /// Endpoints by connection.
    by_conn: HashMap<CmId, EpHandle>,
    sps: HashMap<u16, Sp>,
    /// Requests not answered yet, with the endpoint bound to them.
    requests: HashMap<CmId, Option<EpHandle>>,
    /// Events whose transition is made when they are returned.
    pending: VecDeque<DatEvent>,
    ssps: HashMap<SspHandle, SspRec>,
    next_ssp: u32,
}

/// The IRD and ORD an endpoint without its own offers.
const DEFAULT_IRD_ORD: u16 = 8;

fn internal(e: Error) -> DatError {
    match e {
        Error::Tcp(CplStatus::NoResources) => DatError::InsufficientResources,
        e => DatError::Internal(e),
    }
}

impl<'n> Ia<'n> {
    /// An interface adapter on `nic`, whose connections use `mpa`.
    pub fn new(nic: &'n Nic, mpa: MpaConfig) -> Ia<'n> {
        Ia {
            cm: Cm::new(nic),
            mpa,
            eps: HashMap::new(),
            next_ep: 0,
            by_conn: HashMap::new(),
            sps: HashMap::new(),
            requests: HashMap::new(),
            pending: VecDeque::new(),
            ssps: HashMap::new(),
            next_ssp: 0,
        }
    }

    /// The provider's named attributes (`dat_ia_query`'s
    /// provider-specific attributes): the DAT 2.0 extension interface and
    /// the iWARP Socket Service Points (DAT_IW_ATTR_SSP).
    pub fn query(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("DAT_EXTENSION_INTERFACE", "TRUE"),
            ("DAT_EXTENSION_VERSION", "2.0"),
            ("DAT_IW_ATTR_SSP", "TRUE"),
        ]
    }

    /// Makes a Socket Service Point (`dat_iw_ssp_create`) of a connected
    /// socket of the raw TCP API and the UNCONNECTED endpoint `ep` (or
    /// `None`: one the provider makes), which goes to RESERVED:
    /// `final_message` is sent first, then the SSP waits for one request
    /// on the socket.
    ///
    /// # Errors
    /// [`DatSocketError`] with the socket: INVALID_HANDLE, INVALID_STATE
    /// (an endpoint not UNCONNECTED, a socket of another NIC), the
    /// library's.
    pub fn ssp_create(
        &mut self,
        socket: TcpStream,
        ep: Option<EpHandle>,
        final_message: &[u8],
    ) -> Result<SspHandle, DatSocketError> {
        let back = |error: DatError, socket: TcpStream| DatSocketError {
            error,
            socket: Box::new(socket),
        };
        let ep = match ep {
            Some(ep) => match self.eps.get(&ep) {
                None => return Err(back(DatError::InvalidHandle, socket)),
                Some(e) if e.state != EpState::Unconnected => {
                    return Err(back(DatError::InvalidState(e.state), socket))
                }
                Some(_) => ep,
            },
            None => self.new_ep(None, DEFAULT_IRD_ORD, DEFAULT_IRD_ORD),
        };
        let conn = self
            .cm
            .ssp_create(socket, final_message, self.mpa)
            .map_err(socket_error)?;
        let h = SspHandle(self.next_ssp);
        self.next_ssp = self.next_ssp.wrapping_add(1);
        self.ssps.insert(
            h,
            SspRec {
                conn,
                ep,
                state: SspState::Operational,
            },
        );
        if let Some(e) = self.eps.get_mut(&ep) {
            e.state = EpState::Reserved;
        }
        Ok(h)
    }

    /// Frees a Socket Service Point (`dat_iw_ssp_free`): an operational
    /// one gives its socket back (returned here) and its endpoint goes
    /// back to UNCONNECTED; a non-operational one has none.
    ///
    /// # Errors
    /// INVALID_HANDLE.
    pub fn ssp_free(&mut self, ssp: SspHandle) -> Result<Option<TcpStream>, DatError> {
        let r = self.ssps.remove(&ssp).ok_or(DatError::InvalidHandle)?;
        if r.state != SspState::Operational {
            return Ok(None);
        }
        if let Some(e) = self.eps.get_mut(&r.ep) {
            if e.state == EpState::Reserved {
                e.state = EpState::Unconnected;
            }
        }
        Ok(self.cm.ssp_free(r.conn))
    }

    /// A Socket Service Point's parameters (`dat_iw_ssp_query`): the
    /// fields of `mask` ([`ssp_field`]).
    ///
    /// # Errors
    /// INVALID_HANDLE; INVALID_PARAMETER for mask bits beyond
    /// [`ssp_field::ALL`].
    pub fn ssp_query(&self, ssp: SspHandle, mask: u32) -> Result<SspParam, DatError> {
        let r = self.ssps.get(&ssp).ok_or(DatError::InvalidHandle)?;
        if mask & !ssp_field::ALL != 0 {
            return Err(DatError::InvalidParameter("ssp_param_mask"));
        }
        let operational = r.state == SspState::Operational;
        Ok(SspParam {
            socket_id: (mask & ssp_field::SOCKET_ID != 0 && operational).then_some(r.conn.0),
            ep: (mask & ssp_field::EP_HANDLE != 0).then_some(r.ep),
            state: (mask & ssp_field::SSP_STATE != 0).then_some(r.state),
        })
    }

    /// Requests a connection over a connected socket
    /// (`dat_iw_socket_connect`) with `private_data`: the endpoint goes
    /// to ACTIVE_CONNECTION_PENDING and owns the socket. ESTABLISHED,
    /// PEER_REJECTED, NON_PEER_REJECTED, UNREACHABLE or TIMED_OUT follow
    /// as for [`Ia::ep_connect`]; after PEER_REJECTED and TIMED_OUT the
    /// socket goes back to the consumer ([`Ia::take_socket`]).
    ///
    /// # Errors
    /// [`DatSocketError`] with the socket: INVALID_HANDLE, INVALID_STATE
    /// (not UNCONNECTED, a socket of another NIC), INVALID_PARAMETER (a
    /// zero timeout, private data over 508 bytes).
    pub fn socket_connect(
        &mut self,
        ep: EpHandle,
        socket: TcpStream,
        timeout: Timeout,
        private_data: &[u8],
    ) -> Result<(), DatSocketError> {
        let back = |error: DatError, socket: TcpStream| DatSocketError {
            error,
            socket: Box::new(socket),
        };
        let e = match self.eps.get(&ep) {
            None => return Err(back(DatError::InvalidHandle, socket)),
            Some(e) if e.state != EpState::Unconnected => {
                return Err(back(DatError::InvalidState(e.state), socket))
            }
            Some(e) => e,
        };
        let timeout = match timeout {
            Timeout::Micros(0) => return Err(back(DatError::InvalidParameter("timeout"), socket)),
            Timeout::Micros(us) => Some(Duration::from_micros(us)),
            Timeout::Infinite => None,
        };
        if private_data.len() > MAX_PRIVATE_DATA_V2 {
            return Err(back(DatError::InvalidParameter("private_data"), socket));
        }
        let p = ConnectParams {
            private_data,
            ird: e.ird,
            ord: e.ord,
            p2p: false,
        };
        let qp = Self::cm_qp(e);
        let id = self
            .cm
            .socket_connect(socket, self.mpa, p, qp, timeout)
            .map_err(socket_error)?;
        if let Some(e) = self.eps.get_mut(&ep) {
            e.state = EpState::ActiveConnectionPending;
            e.conn = Some(id);
            e.socket_conn = Some(id);
        }
        self.by_conn.insert(id, ep);
        Ok(())
    }

    /// The socket an endpoint's [`Ia::socket_connect`] gave back after
    /// PEER_REJECTED or TIMED_OUT, still connected; `None` otherwise.
    pub fn take_socket(&mut self, ep: EpHandle) -> Option<TcpStream> {
        let id = self.eps.get_mut(&ep)?.socket_conn.take()?;
        self.cm.take_socket(id)
    }

    fn ep(&self, ep: EpHandle) -> Result<&Ep, DatError> {
        self.eps.get(&ep).ok_or(DatError::InvalidHandle)
    }

    fn ep_mut(&mut self, ep: EpHandle) -> Result<&mut Ep, DatError> {
        self.eps.get_mut(&ep).ok_or(DatError::InvalidHandle)
    }

    fn new_ep(&mut self, qp: Option<Arc<QueuePair>>, ird: u16, ord: u16) -> EpHandle {
        let h = EpHandle(self.next_ep);
        self.next_ep = self.next_ep.wrapping_add(1);
        self.eps.insert(
            h,
            Ep {
                state: EpState::Unconnected,
                qp,
                ird,
                ord,
                conn: None,
                rsp: None,
                socket_conn: None,
            },
        );
        h
    }

    /// Creates an endpoint (`dat_ep_create`) in UNCONNECTED, with the
    /// queue pair it will connect (in RESET; `None` for a streaming-mode
    /// connection) and the IRD and ORD it offers.
    ///
    /// # Errors
    /// INVALID_PARAMETER for IRD or ORD beyond the QP's limits or a QP not
    /// in RESET.
    pub fn ep_create(
        &mut self,
        qp: Option<Arc<QueuePair>>,
        ird: u16,
        ord: u16,
    ) -> Result<EpHandle, DatError> {
        if u32::from(ird) > MAX_IRD {
            return Err(DatError::InvalidParameter("ird"));
        }
        if u32::from(ord) > MAX_ORD {
            return Err(DatError::InvalidParameter("ord"));
        }
        if let Some(q) = &qp {
            if q.state()? != QpState::Reset {
                return Err(DatError::InvalidParameter("qp"));
            }
        }
        Ok(self.new_ep(qp, ird, ord))
    }

    /// The endpoint's state (`dat_ep_get_status`).
    ///
    /// # Errors
    /// INVALID_HANDLE.
    pub fn ep_state(&self, ep: EpHandle) -> Result<EpState, DatError> {
        Ok(self.ep(ep)?.state)
    }

    /// The endpoint's queue pair, if it has one.
    ///
    /// # Errors
    /// INVALID_HANDLE.
    pub fn ep_qp(&self, ep: EpHandle) -> Result<Option<&Arc<QueuePair>>, DatError> {
        Ok(self.ep(ep)?.qp.as_ref())
    }

    fn cm_qp(e: &Ep) -> Option<CmQp> {
        e.qp.as_ref().map(|q| CmQp::new(q.clone()))
    }

    /// Requests a connection (`dat_ep_connect`) to `remote`:`conn_qual`
    /// within `timeout`, with `private_data`, quality of service `qos` and
    /// `flags`; the endpoint goes to ACTIVE_CONNECTION_PENDING and its
    /// outcome comes from [`Ia::poll`]: ESTABLISHED, PEER_REJECTED,
    /// NON_PEER_REJECTED, UNREACHABLE (no answer from the host, even
    /// within the timeout) or TIMED_OUT (the setup did not complete in
    /// time), each but the first leaving it DISCONNECTED.
    ///
    /// # Errors
    /// - INVALID_HANDLE; INVALID_STATE unless UNCONNECTED;
    /// - INVALID_PARAMETER for a zero timeout or private data over 508
    ///   bytes (the MPA revision 2 limit, beside its IRD/ORD block);
    /// - INVALID_ADDRESS for an address that is not IPv4 unicast, or the
    ///   port's own (connections do not loop back);
    /// - MODEL_NOT_SUPPORTED for a `qos` other than [`QOS_BEST_EFFORT`] or
    ///   the multipath flag;
    /// - INSUFFICIENT_RESOURCES when no connection id is free.
    #[allow(clippy::too_many_arguments)]
    pub fn ep_connect(
        &mut self,
        ep: EpHandle,
        remote: IpAddr,
        conn_qual: u16,
        timeout: Timeout,
        private_data: &[u8],
        qos: u32,
        flags: u32,
    ) -> Result<(), DatError> {
        let e = self.ep(ep)?;
        if e.state != EpState::Unconnected {
            return Err(DatError::InvalidState(e.state));
        }
        let timeout = match timeout {
            Timeout::Micros(0) => return Err(DatError::InvalidParameter("timeout")),
            Timeout::Micros(us) => Some(Duration::from_micros(us)),
            Timeout::Infinite => None,
        };
        if private_data.len() > MAX_PRIVATE_DATA_V2 {
            return Err(DatError::InvalidParameter("private_data"));
        }
        let peer = unicast_v4(remote)?;
        if qos != QOS_BEST_EFFORT {
            return Err(DatError::ModelNotSupported("qos"));
        }
        if flags & CONNECT_MULTIPATH != 0 {
            return Err(DatError::ModelNotSupported("multipath"));
        }
        if flags & !CONNECT_MULTIPATH != 0 {
            return Err(DatError::InvalidParameter("connect_flags"));
        }
        let qp = Self::cm_qp(e);
        let p = ConnectParams {
            private_data,
            ird: e.ird,
            ord: e.ord,
            p2p: false,
        };
        // the consumer's timeout, or none at all (INFINITE "represents no
        // timeout, indefinite wait"): the MPA timer must not end it first
        let mpa = MpaConfig {
            timeout: u64::MAX / 2,
            ..self.mpa
        };
        let id = self
            .cm
            .connect_within(peer, conn_qual, mpa, p, qp, timeout)
            .map_err(|e| match e {
                Error::InvalidArgument {
                    reason: ArgError::OwnAddress,
                    ..
                } => DatError::InvalidAddress(remote),
                e => internal(e),
            })?;
        let e = self.ep_mut(ep)?;
        e.state = EpState::ActiveConnectionPending;
        e.conn = Some(id);
        self.by_conn.insert(id, ep);
        Ok(())
    }

    /// Starts a public service point (`dat_psp_create`) on `conn_qual`
    /// with room for `backlog` unanswered requests; with `provider_ep`
    /// the provider makes an endpoint for each request
    /// (TENTATIVE_CONNECTION_PENDING, DAT_PSP_PROVIDER_FLAG).
    ///
    /// # Errors
    /// INVALID_PARAMETER for a zero backlog or a qualifier in use here;
    /// the TCP engine's (port in use, INSUFFICIENT_RESOURCES).
    pub fn psp_create(
        &mut self,
        conn_qual: u16,
        backlog: u16,
        provider_ep: bool,
    ) -> Result<(), DatError> {
        if backlog == 0 {
            return Err(DatError::InvalidParameter("backlog"));
        }
        if self.sps.contains_key(&conn_qual) {
            return Err(DatError::InvalidParameter("conn_qual"));
        }
        self.cm
            .listen(conn_qual, backlog, self.mpa)
            .map_err(internal)?;
        self.sps.insert(conn_qual, Sp::Psp { provider_ep });
        Ok(())
    }

    /// Reserves `conn_qual` for `ep` (`dat_rsp_create`): the endpoint goes
    /// to RESERVED, and the first request to the qualifier is bound to it
    /// (PASSIVE_CONNECTION_PENDING); the service point then closes.
    ///
    /// # Errors
    /// INVALID_HANDLE; INVALID_STATE unless UNCONNECTED; INVALID_PARAMETER
    /// for a qualifier in use here; the TCP engine's.
    pub fn rsp_create(&mut self, conn_qual: u16, ep: EpHandle) -> Result<(), DatError> {
        let e = self.ep(ep)?;
        if e.state != EpState::Unconnected {
            return Err(DatError::InvalidState(e.state));
        }
        if self.sps.contains_key(&conn_qual) {
            return Err(DatError::InvalidParameter("conn_qual"));
        }
        self.cm.listen(conn_qual, 1, self.mpa).map_err(internal)?;
        self.sps.insert(conn_qual, Sp::Rsp(ep));
        let e = self.ep_mut(ep)?;
        e.state = EpState::Reserved;
        e.rsp = Some(conn_qual);
        Ok(())
    }

    /// Closes a service point (`dat_psp_free`, `dat_rsp_free`): requests
    /// not yet answered are dropped; a reserved endpoint still waiting
    /// goes back to UNCONNECTED.
    ///
    /// # Errors
    /// INVALID_HANDLE for a qualifier with no service point.
    pub fn sp_free(&mut self, conn_qual: u16) -> Result<(), DatError> {
        let sp = self.sps.remove(&conn_qual).ok_or(DatError::InvalidHandle)?;
        let at_sp: Vec<CmId> = self
            .requests
            .keys()
            .copied()
            .filter(|&id| self.cm.listen_port(id) == Some(conn_qual))
            .collect();
        let dropped = self.cm.unlisten(conn_qual);
        // the requests the connection manager dropped with the listener
        // are no longer the consumer's to answer (their handles become
        // invalid); an endpoint the provider made for one is done with
        for id in at_sp {
            if self.cm.listen_port(id).is_none() {
                if let Some(e) = self
                    .requests
                    .remove(&id)
                    .flatten()
                    .and_then(|b| self.eps.get_mut(&b))
                {
                    e.state = EpState::Disconnected;
                }
            }
        }
        dropped.map_err(internal)?;
        if let Sp::Rsp(ep) = sp {
            if let Some(e) = self.eps.get_mut(&ep) {
                if e.state == EpState::Reserved {
                    e.state = EpState::Unconnected;
                    e.rsp = None;
                }
            }
        }
        Ok(())
    }

    /// Accepts a request (`dat_cr_accept`) on `ep`, with `private_data`:
    /// an UNCONNECTED endpoint of the consumer's at a consumer PSP, or
    /// `None` to use the endpoint bound to the request (the RSP's or the
    /// provider's). The endpoint goes to PASSIVE_CONNECTION_PENDING;
    /// ESTABLISHED or ACCEPT_COMPLETION_ERROR follows.
    ///
    /// # Errors
    /// INVALID_HANDLE (request or endpoint); INVALID_PARAMETER for an
    /// endpoint other than the one bound to the request, none where none
    /// is bound, or private data over 508 bytes; INVALID_STATE for an
    /// endpoint that is not UNCONNECTED (or its bound state).
    pub fn cr_accept(
        &mut self,
        cr: CrHandle,
        ep: Option<EpHandle>,
        private_data: &[u8],
    ) -> Result<(), DatError> {
        let bound = *self.requests.get(&cr.0).ok_or(DatError::InvalidHandle)?;
        let ep = match (bound, ep) {
            (Some(b), None) => b,
            (Some(b), Some(e)) if b == e => b,
            (Some(_), Some(_)) | (None, None) => return Err(DatError::InvalidParameter("ep")),
            (None, Some(e)) => e,
        };
        let e = self.ep(ep)?;
        let ok = match bound {
            Some(_) => matches!(
                e.state,
                EpState::PassiveConnectionPending | EpState::TentativeConnectionPending
            ),
            None => e.state == EpState::Unconnected,
        };
        if !ok {
            return Err(DatError::InvalidState(e.state));
        }
        if private_data.len() > MAX_PRIVATE_DATA_V2 {
            return Err(DatError::InvalidParameter("private_data"));
        }
        let qp = Self::cm_qp(e);
        let p = AcceptParams {
            private_data,
            ird: e.ird,
            ord: e.ord,
        };
        self.cm.accept(cr.0, p, qp).map_err(internal)?;
        self.requests.remove(&cr.0);
        let e = self.ep_mut(ep)?;
        e.state = EpState::PassiveConnectionPending;
        e.conn = Some(cr.0);
        self.by_conn.insert(cr.0, ep);
        Ok(())
    }

    /// Rejects a request (`dat_cr_reject`) with `private_data`: the
    /// initiator sees PEER_REJECTED; an endpoint bound to it goes to
    /// DISCONNECTED, an SSP's to UNCONNECTED (seed 001).
    ///
    /// # Errors
    /// INVALID_HANDLE; INVALID_PARAMETER for private data over 508 bytes.
    pub fn cr_reject(&mut self, cr: CrHandle, private_data: &[u8]) -> Result<(), DatError> {
        let bound = *self.requests.get(&cr.0).ok_or(DatError::InvalidHandle)?;
        if private_data.len() > MAX_PRIVATE_DATA_V2 {
            return Err(DatError::InvalidParameter("private_data"));
        }
        self.cm.reject(cr.0, private_data).map_err(internal)?;
        self.requests.remove(&cr.0);
        // an SSP's endpoint is the consumer's again (seed 001), another
        // bound one is done with
        let ssp = self.ssps.values().any(|r| r.conn == cr.0);
        if let Some(e) = bound.and_then(|b| self.eps.get_mut(&b)) {
            e.state = if ssp {
                EpState::Unconnected
            } else {
                EpState::Disconnected
            };
        }
        Ok(())
    }

    /// Ends the endpoint's connection or attempt (`dat_ep_disconnect`,
    /// graceful or abrupt alike for a pending one): CONNECTED,
    /// ACTIVE_CONNECTION_PENDING or PASSIVE_CONNECTION_PENDING go to
    /// DISCONNECT_PENDING; its DISCONNECTED event, from [`Ia::poll`],
    /// leaves it DISCONNECTED. A graceful disconnect of an established
    /// connection closes it with a FIN, an abrupt one with a reset.
    ///
    /// # Errors
    /// INVALID_HANDLE; INVALID_STATE in any other state.
    pub fn ep_disconnect(&mut self, ep: EpHandle, graceful: bool) -> Result<(), DatError> {
        let e = self.ep(ep)?;
        match e.state {
            EpState::Connected
            | EpState::ActiveConnectionPending
            | EpState::PassiveConnectionPending => {}
            s => return Err(DatError::InvalidState(s)),
        }
        let conn = e.conn;
        let established = e.state == EpState::Connected;
        if let Some(id) = conn {
            self.by_conn.remove(&id);
            let r = if graceful || !established {
                self.cm.disconnect(id)
            } else {
                self.cm.abort(id)
            };
            // a connection the manager already forgot ended by itself
            match r {
                Ok(()) | Err(Error::InvalidArgument { .. }) => {}
                Err(e) => return Err(internal(e)),
            }
        }
        let e = self.ep_mut(ep)?;
        e.state = EpState::DisconnectPending;
        e.conn = None;
        self.pending.push_back(DatEvent::Disconnected { ep });
        Ok(())
    }

    /// Returns a DISCONNECTED endpoint to UNCONNECTED (`dat_ep_reset`): its
    /// queue pair goes back to RESET, to be connected again.
    ///
    /// # Errors
    /// INVALID_HANDLE; INVALID_STATE unless DISCONNECTED; the QP's.
    pub fn ep_reset(&mut self, ep: EpHandle) -> Result<(), DatError> {
        let e = self.ep(ep)?;
        if e.state != EpState::Disconnected {
            return Err(DatError::InvalidState(e.state));
        }
        if let Some(q) = &e.qp {
            if q.state()? != QpState::Reset {
                q.modify(&QpAttrs::new(QpState::Reset))?;
            }
        }
        let e = self.ep_mut(ep)?;
        e.state = EpState::Unconnected;
        e.rsp = None;
        Ok(())
    }

    /// Frees an endpoint in any state (`dat_ep_free`): its connection, if
    /// any, is reset; a reserved service point bound to it closes.
    ///
    /// # Errors
    /// INVALID_HANDLE.
    pub fn ep_free(&mut self, ep: EpHandle) -> Result<(), DatError> {
        let e = self.eps.remove(&ep).ok_or(DatError::InvalidHandle)?;
        if let Some(id) = e.conn {
            self.by_conn.remove(&id);
            let _ = self.cm.abort(id);
        }
        if let Some(q) = e.rsp {
            if matches!(self.sps.get(&q), Some(Sp::Rsp(h)) if *h == ep) {
                self.sps.remove(&q);
                let _ = self.cm.unlisten(q);
            }
        }
        self.requests.retain(|_, b| *b != Some(ep));
        self.pending.retain(|ev| event_ep(ev) != Some(ep));
        Ok(())
    }

    /// The next connection event, if any; its endpoint has made the
    /// transition when it is returned. Never blocks; run the device
    /// between polls.
    ///
    /// # Errors
    /// The library's (mailbox, stream).
    pub fn poll(&mut self) -> Result<Option<DatEvent>, DatError> {
        loop {
            if let Some(ev) = self.pending.pop_front() {
                if let DatEvent::Disconnected { ep } = ev {
                    if let Some(e) = self.eps.get_mut(&ep) {
                        e.state = EpState::Disconnected;
                    }
                }
                return Ok(Some(ev));
            }
            let Some(ev) = self.cm.poll().map_err(internal)? else {
                return Ok(None);
            };
            if let Some(ev) = self.cm_event(ev)? {
                return Ok(Some(ev));
            }
        }
    }

    /// Ends an endpoint's connection: DISCONNECTED, connection forgotten.
    fn end(&mut self, id: CmId) -> Option<EpHandle> {
        let ep = self.by_conn.remove(&id)?;
        let e = self.eps.get_mut(&ep)?;
        e.state = EpState::Disconnected;
        e.conn = None;
        Some(ep)
    }

    /// A connection manager event as the DAT event it is, with its
    /// endpoint's transition.
    fn cm_event(&mut self, ev: CmEvent) -> Result<Option<DatEvent>, DatError> {
        Ok(match ev {
            CmEvent::ConnectRequest {
                id,
                peer,
                private_data,
                ..
            } => {
                if let Some(r) = self.ssps.values_mut().find(|r| r.conn == id) {
                    // the SSP's one request: its endpoint takes it
                    r.state = SspState::NonOperational;
                    let ep = r.ep;
                    if let Some(e) = self.eps.get_mut(&ep) {
                        e.state = EpState::PassiveConnectionPending;
                    }
                    self.requests.insert(id, Some(ep));
                    return Ok(Some(DatEvent::ConnectionRequest {
                        cr: CrHandle(id),
                        conn_qual: 0,
                        remote: peer,
                        private_data,
                        ep: Some(ep),
                    }));
                }
                let Some(q) = self.cm.listen_port(id) else {
                    return Ok(None);
                };
                let ep = match self.sps.get(&q).copied() {
                    None => {
                        // its service point was freed meanwhile
                        let _ = self.cm.reject(id, &[]);
                        return Ok(None);
                    }
                    Some(Sp::Psp { provider_ep: false }) => None,
                    Some(Sp::Psp { provider_ep: true }) => {
                        let h = self.new_ep(None, DEFAULT_IRD_ORD, DEFAULT_IRD_ORD);
                        if let Some(e) = self.eps.get_mut(&h) {
                            e.state = EpState::TentativeConnectionPending;
                        }
                        Some(h)
                    }
                    Some(Sp::Rsp(h)) => {
                        // one request per reserved service point
                        self.sps.remove(&q);
                        self.cm.close_listener(q).map_err(internal)?;
                        if let Some(e) = self.eps.get_mut(&h) {
                            e.state = EpState::PassiveConnectionPending;
                        }
                        Some(h)
                    }
                };
                self.requests.insert(id, ep);
                Some(DatEvent::ConnectionRequest {
                    cr: CrHandle(id),
                    conn_qual: q,
                    remote: peer,
                    private_data,
                    ep,
                })
            }
            CmEvent::Established {
                id, private_data, ..
            } => {
                let Some(&ep) = self.by_conn.get(&id) else {
                    return Ok(None);
                };
                if let Some(e) = self.eps.get_mut(&ep) {
                    e.state = EpState::Connected;
                }
                Some(DatEvent::Established { ep, private_data })
            }
            CmEvent::PeerRejected { id, private_data } => self
                .end(id)
                .map(|ep| DatEvent::PeerRejected { ep, private_data }),
            CmEvent::NonPeerRejected { id, .. } => {
                self.end(id).map(|ep| DatEvent::NonPeerRejected { ep })
            }
            CmEvent::Unreachable { id } => self.end(id).map(|ep| DatEvent::Unreachable { ep }),
            CmEvent::TimedOut { id } => self.end(id).map(|ep| DatEvent::TimedOut { ep }),
            CmEvent::ConnectError { id, .. } => {
                if let Some(bound) = self.requests.remove(&id) {
                    // a request that went away before its answer
                    if let Some(e) = bound.and_then(|b| self.eps.get_mut(&b)) {
                        e.state = EpState::Disconnected;
                    }
                    return Ok(bound.map(|ep| DatEvent::AcceptCompletionError { ep }));
                }
                let passive = self
                    .by_conn
                    .get(&id)
                    .and_then(|ep| self.eps.get(ep))
                    .is_some_and(|e| e.state == EpState::PassiveConnectionPending);
                self.end(id).map(|ep| {
                    if passive {
                        DatEvent::AcceptCompletionError { ep }
                    } else {
                        // a transport error of the setup (seed 004)
                        DatEvent::NonPeerRejected { ep }
                    }
                })
            }
            // the DAT layer makes no socket service points
            CmEvent::SocketDown { id } => {
                let Some((&ssp, r)) = self.ssps.iter_mut().find(|(_, r)| r.conn == id) else {
                    return Ok(None);
                };
                r.state = SspState::NonOperational;
                let ep = r.ep;
                if let Some(e) = self.eps.get_mut(&ep) {
                    if e.state == EpState::Reserved {
                        e.state = EpState::Unconnected;
                    }
                }
                Some(DatEvent::SocketDown { ssp })
            }
            CmEvent::TimewaitExit { .. } => None,
            CmEvent::Disconnected { id } => {
                let Some(ep) = self.end(id) else {
                    return Ok(None);
                };
                // the peer closed or reset: this side closes too (the QP
                // to ERROR flushes what is still posted)
                match self.cm.disconnect(id) {
                    Ok(()) | Err(Error::InvalidArgument { .. }) => {}
                    Err(e) => return Err(internal(e)),
                }
                Some(DatEvent::Disconnected { ep })
            }
        })
    }
}

/// A manager's refusal of a socket call as DAT's: a socket of another
/// NIC is DAT_INVALID_STATE (seed 001: "socket does not belong to the
/// Interface Adaptor").
fn socket_error(SocketError { error, socket }: SocketError) -> DatSocketError {
    let error = match error {
        Error::InvalidArgument {
            reason: ArgError::OtherNic,
            ..
        } => DatError::InvalidState(EpState::Unconnected),
        e => internal(e),
    };
    DatSocketError { error, socket }
}

/// The endpoint an event is about.
fn event_ep(ev: &DatEvent) -> Option<EpHandle> {
    match ev {
        DatEvent::ConnectionRequest { ep, .. } => *ep,
        DatEvent::Established { ep, .. }
        | DatEvent::PeerRejected { ep, .. }
        | DatEvent::NonPeerRejected { ep }
        | DatEvent::Unreachable { ep }
        | DatEvent::TimedOut { ep }
        | DatEvent::AcceptCompletionError { ep }
        | DatEvent::Disconnected { ep } => Some(*ep),
        DatEvent::SocketDown { .. } => None,
    }
}

/// The IPv4 unicast address of `a`, or INVALID_ADDRESS.
fn unicast_v4(a: IpAddr) -> Result<Ipv4Addr, DatError> {
    match a {
        IpAddr::V4(v4) if !(v4.is_unspecified() || v4.is_broadcast() || v4.is_multicast()) => {
            Ok(v4)
        }
        a => Err(DatError::InvalidAddress(a)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_ipv4_unicast_converts() {
        assert!(unicast_v4("10.0.0.2".parse().unwrap()).is_ok());
        for bad in ["0.0.0.0", "255.255.255.255", "224.0.0.1", "::1", "fe80::1"] {
            assert!(
                matches!(
                    unicast_v4(bad.parse().unwrap()),
                    Err(DatError::InvalidAddress(_))
                ),
                "{bad}"
            );
        }
    }
}
