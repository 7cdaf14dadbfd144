//! The rdma_cm calls over the connection manager ([`crate::Cm`]): ids on
//! an event channel, address and route resolution, listen, connect,
//! accept, reject, disconnect and destroy. Each event is one of
//! librdmacm's, with its status, private data and IRD/ORD.
//!
//! | call | rdma_cm | what it does here |
//! |---|---|---|
//! | [`RdmaCm::new`] | `rdma_create_event_channel` | a channel on one NIC, with a pollable descriptor ([`RdmaCm::fd`]) |
//! | [`RdmaCm::create_id`] | `rdma_create_id` | an id |
//! | [`RdmaCm::bind_addr`] | `rdma_bind_addr` | the local address (0.0.0.0 or the port's) and port |
//! | [`RdmaCm::resolve_addr`] | `rdma_resolve_addr` | routes the peer (on link or through the gateway) and resolves its next hop by ARP through the firmware: ADDR_RESOLVED, or ADDR_ERROR (no route, not a unicast host, the timeout) |
//! | [`RdmaCm::resolve_route`] | `rdma_resolve_route` | ROUTE_RESOLVED: for iWARP the route is the TCP connection's, set up by `connect` (seed 000) |
//! | [`RdmaCm::listen`] | `rdma_listen` | CONNECT_REQUEST for each request, on a new id |
//! | [`RdmaCm::connect`] | `rdma_connect` | ESTABLISHED, REJECTED (by the peer's consumer, or not: [`Rejected`]), UNREACHABLE, CONNECT_ERROR |
//! | [`RdmaCm::accept`], [`RdmaCm::reject`] | `rdma_accept`, `rdma_reject` | ESTABLISHED on the accepted id |
//! | [`RdmaCm::disconnect`] | `rdma_disconnect` | the peer's DISCONNECTED; TIMEWAIT_EXIT here once the close completes |
//! | [`RdmaCm::destroy_id`] | `rdma_destroy_id` | the connection reset, or the listener stopped |
//! | [`RdmaCm::get_event`] | `rdma_get_cm_event` | the next event, waiting up to a timeout (device time) |
//! | [`getaddrinfo`], [`RdmaCm::create_ep`] | `rdma_getaddrinfo`, `rdma_create_ep` | seed 002's second way: numeric addresses, an id resolved (or bound, passive) in one call, then `connect` (or `listen`) |
//!
//! Every id gets DEVICE_REMOVAL when the NIC goes away (a register access
//! finds it gone).
//!
//! # Progress and the descriptor
//!
//! The connection manager runs on the host: events appear when the channel
//! is driven. [`RdmaCm::get_event`] drives it while it waits,
//! [`RdmaCm::process`] once, and [`RdmaCm::next_event`] from async code.
//! The descriptor (an eventfd) is readable while events are queued, so
//! an application that drives the channel from a loop can `poll(2)` or
//! `epoll(7)` it beside its other descriptors.

use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::net::{Ipv4Addr, SocketAddrV4};
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use crate::cm::{Cm, CmEvent, CmFailure, CmId, CmQp};
use crate::device::DeviceError;
use crate::error::{ArgError, Error, Result};
use crate::mpa::{AcceptParams, ConnectParams, MpaConfig};
use crate::route::Neighbour;
use crate::Nic;

/// An id of an [`RdmaCm`] (`struct rdma_cm_id`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RdmaCmId(u32);

/// librdmacm's event types (`enum rdma_cm_event_type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RdmaCmEventKind {
    /// RDMA_CM_EVENT_ADDR_RESOLVED.
    AddrResolved,
    /// RDMA_CM_EVENT_ADDR_ERROR.
    AddrError,
    /// RDMA_CM_EVENT_ROUTE_RESOLVED.
    RouteResolved,
    /// RDMA_CM_EVENT_CONNECT_REQUEST, on a new id (`listen_id` the
    /// listener's).
    ConnectRequest,
    /// RDMA_CM_EVENT_CONNECT_ERROR.
    ConnectError,
    /// RDMA_CM_EVENT_UNREACHABLE.
    Unreachable,
    /// RDMA_CM_EVENT_REJECTED.
    Rejected,
    /// RDMA_CM_EVENT_ESTABLISHED.
    Established,
    /// RDMA_CM_EVENT_DISCONNECTED.
    Disconnected,
    /// RDMA_CM_EVENT_TIMEWAIT_EXIT.
    TimewaitExit,
    /// RDMA_CM_EVENT_DEVICE_REMOVAL.
    DeviceRemoval,
}

/// Who rejected a connection ([`RdmaCmEventKind::Rejected`]): librdmacm
/// gives both as ECONNREFUSED; DAT tells them apart (seed 004).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejected {
    /// The peer's consumer (an MPA reject), with its private data.
    Peer,
    /// Not the consumer: nobody listens, a full backlog, a transport or
    /// MPA error.
    NonPeer,
}

/// An event (`struct rdma_cm_event`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RdmaCmEvent {
    /// The id it is about (for CONNECT_REQUEST, the new one).
    pub id: RdmaCmId,
    /// CONNECT_REQUEST: the listening id.
    pub listen_id: Option<RdmaCmId>,
    /// The type.
    pub kind: RdmaCmEventKind,
    /// 0, or a negative errno as librdmacm gives it (ECONNREFUSED,
    /// ETIMEDOUT, EHOSTUNREACH, ENETUNREACH, ECONNRESET, ENODEV).
    pub status: i32,
    /// REJECTED: by whom.
    pub rejected: Option<Rejected>,
    /// The peer's private data (CONNECT_REQUEST, ESTABLISHED at the
    /// active side, REJECTED by the peer).
    pub private_data: Vec<u8>,
    /// CONNECT_REQUEST: the peer's IRD and ORD (`responder_resources`,
    /// `initiator_depth`), when it sent them (MPA revision 2);
    /// ESTABLISHED: this side's, as the exchange settled them.
    pub ird_ord: Option<(u16, u16)>,
}

/// `struct rdma_conn_param`: private data and RDMA Read depths.
#[derive(Clone, Copy, Debug, Default)]
pub struct ConnParam<'a> {
    /// Private data (at most 512 bytes; 508 beside an IRD/ORD block).
    pub private_data: &'a [u8],
    /// Inbound RDMA Reads this side takes (IRD).
    pub responder_resources: u16,
    /// Outbound RDMA Reads this side issues at once (ORD).
    pub initiator_depth: u16,
}

/// `struct rdma_addrinfo` for one IPv4 peer: what [`getaddrinfo`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AddrInfo {
    /// The passive side's local address (RAI_PASSIVE), else the peer.
    pub dst: SocketAddrV4,
    /// The local address to use, if the caller gave one.
    pub src: Option<Ipv4Addr>,
    /// A listening endpoint (RAI_PASSIVE): `dst` is where to listen.
    pub passive: bool,
}

/// `rdma_getaddrinfo` for numeric IPv4 addresses: `node` ("192.0.2.1";
/// `None` with `passive` for any local address) and `service` (a port
/// number). Names are not looked up: the library has no resolver.
///
/// # Errors
/// [`Error::InvalidArgument`] for a node that is not a dotted-quad IPv4
/// address, a missing node without `passive`, or a service that is not a
/// port number.
pub fn getaddrinfo(node: Option<&str>, service: &str, passive: bool) -> Result<AddrInfo> {
    let ip = match node {
        Some(n) => n
            .parse::<Ipv4Addr>()
            .map_err(|_| Error::arg("node", ArgError::NotNumericAddress))?,
        None if passive => Ipv4Addr::UNSPECIFIED,
        None => return Err(Error::arg("node", ArgError::Missing)),
    };
    let port = service
        .parse::<u16>()
        .map_err(|_| Error::arg("service", ArgError::NotNumericAddress))?;
    Ok(AddrInfo {
        dst: SocketAddrV4::new(ip, port),
        src: None,
        passive,
    })
}

/// Where an id's address resolution is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Addr {
    None,
    /// Asked for; the device time it gives up at.
    Resolving {
        deadline: u64,
    },
    Resolved,
}

#[derive(Debug)]
struct Id {
    local: Option<SocketAddrV4>,
    remote: Option<SocketAddrV4>,
    addr: Addr,
    route: bool,
    /// Its connection.
    conn: Option<CmId>,
    /// Its listening port.
    listening: Option<u16>,
}

impl Id {
    fn new() -> Id {
        Id {
            local: None,
            remote: None,
            addr: Addr::None,
            route: false,
            conn: None,
            listening: None,
        }
    }
}

const ECONNREFUSED: i32 = -libc::ECONNREFUSED;
const ECONNRESET: i32 = -libc::ECONNRESET;
const ETIMEDOUT: i32 = -libc::ETIMEDOUT;
const EHOSTUNREACH: i32 = -libc::EHOSTUNREACH;
const ENETUNREACH: i32 = -libc::ENETUNREACH;
const EINVAL: i32 = -libc::EINVAL;
const ENODEV: i32 = -libc::ENODEV;
const ENOMEM: i32 = -libc::ENOMEM;

/// An event channel on one NIC with its ids (module documentation).
pub struct RdmaCm<'n> {
    nic: &'n Nic,
    cm: Cm<'n>,
    mpa: MpaConfig,
    ids: HashMap<RdmaCmId, Id>,
    next: u32,
    by_conn: HashMap<CmId, RdmaCmId>,
    listeners: HashMap<u16, RdmaCmId>,
    queue: VecDeque<RdmaCmEvent>,
    #[cfg(target_os = "linux")]
    fd: crate::eventfd::EventFd,
    removed: bool,
}

fn event(id: RdmaCmId, kind: RdmaCmEventKind, status: i32) -> RdmaCmEvent {
    RdmaCmEvent {
        id,
        listen_id: None,
        kind,
        status,
        rejected: None,
        private_data: Vec::new(),
        ird_ord: None,
    }
}

fn not_in_state(what: &'static str) -> Error {
    Error::arg("id", ArgError::WrongCmState(what))
}

impl<'n> RdmaCm<'n> {
    /// An event channel on `nic`, whose connections use `mpa`.
    ///
    /// # Errors
    /// The eventfd's OS error, as [`Error::Os`].
    pub fn new(nic: &'n Nic, mpa: MpaConfig) -> Result<RdmaCm<'n>> {
        let mut cm = Cm::new(nic);
        cm.report_timewait_exit();
        Ok(RdmaCm {
            nic,
            cm,
            mpa,
            ids: HashMap::new(),
            next: 0,
            by_conn: HashMap::new(),
            listeners: HashMap::new(),
            queue: VecDeque::new(),
            #[cfg(target_os = "linux")]
            fd: crate::eventfd::EventFd::new().map_err(|source| Error::Os {
                what: "the event channel's eventfd",
                source,
            })?,
            removed: false,
        })
    }

    /// The channel's descriptor: readable while events are queued.
    #[cfg(target_os = "linux")]
    pub fn fd(&self) -> std::os::fd::RawFd {
        use std::os::fd::AsRawFd;
        self.fd.as_raw_fd()
    }

    /// A new id (`rdma_create_id`).
    pub fn create_id(&mut self) -> RdmaCmId {
        let id = RdmaCmId(self.next);
        self.next = self.next.wrapping_add(1);
        self.ids.insert(id, Id::new());
        id
    }

    fn id(&mut self, id: RdmaCmId) -> Result<&mut Id> {
        self.ids
            .get_mut(&id)
            .ok_or(Error::arg("id", ArgError::UnknownConnection))
    }

    /// Binds `id` to a local address (`rdma_bind_addr`): 0.0.0.0 or the
    /// port's own address, and a port (0 for a connecting id).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for an unknown id, or an address that is
    /// not the port's ([`ArgError::NotLocalAddress`], EADDRNOTAVAIL).
    pub fn bind_addr(&mut self, id: RdmaCmId, addr: SocketAddrV4) -> Result<()> {
        let (own, _) = self.nic.ipv4()?;
        if !addr.ip().is_unspecified() && *addr.ip() != own {
            return Err(Error::arg("addr", ArgError::NotLocalAddress));
        }
        self.id(id)?.local = Some(addr);
        Ok(())
    }

    /// Resolves `dst` (`rdma_resolve_addr`), from `src` if given (else the
    /// port's address), within `timeout` of device time: ADDR_RESOLVED
    /// once the next hop's MAC address is known, else ADDR_ERROR
    /// (ENETUNREACH without a route, EINVAL for an address that is not a
    /// unicast host, EHOSTUNREACH when ARP does not answer in time).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for an unknown id, a zero timeout, or a
    /// `src` that is not the port's; the mailbox's.
    pub fn resolve_addr(
        &mut self,
        id: RdmaCmId,
        src: Option<Ipv4Addr>,
        dst: SocketAddrV4,
        timeout: Duration,
    ) -> Result<()> {
        if timeout.is_zero() {
            return Err(crate::error::zero_timeout(timeout));
        }
        if let Some(s) = src {
            let port = self.id(id)?.local.map_or(0, |a| a.port());
            self.bind_addr(id, SocketAddrV4::new(s, port))?;
        }
        let deadline = self
            .nic
            .device()
            .now_ns()
            .saturating_add(u64::try_from(timeout.as_nanos()).unwrap_or(u64::MAX));
        let i = self.id(id)?;
        i.remote = Some(dst);
        i.addr = Addr::Resolving { deadline };
        i.route = false;
        self.step_resolution(id)
    }

    /// One question to the firmware for a resolving id.
    fn step_resolution(&mut self, id: RdmaCmId) -> Result<()> {
        let Some(i) = self.ids.get(&id) else {
            return Ok(());
        };
        let (Addr::Resolving { deadline }, Some(dst)) = (i.addr, i.remote) else {
            return Ok(());
        };
        let status = match self.nic.arp_resolve(*dst.ip())? {
            Neighbour::Resolved { .. } => 0,
            Neighbour::Pending { .. } if self.nic.device().now_ns() < deadline => return Ok(()),
            Neighbour::Pending { .. } => EHOSTUNREACH,
            Neighbour::NoRoute | Neighbour::NoAddress => ENETUNREACH,
            Neighbour::Invalid => EINVAL,
            Neighbour::NoResources => ENOMEM,
        };
        if let Some(i) = self.ids.get_mut(&id) {
            i.addr = if status == 0 {
                Addr::Resolved
            } else {
                Addr::None
            };
        }
        let kind = if status == 0 {
            RdmaCmEventKind::AddrResolved
        } else {
            RdmaCmEventKind::AddrError
        };
        self.push(event(id, kind, status));
        Ok(())
    }

    /// Resolves the route (`rdma_resolve_route`): ROUTE_RESOLVED. For iWARP
    /// the path is the TCP connection's, which `connect` sets up (seed
    /// 000).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for an unknown id or one whose address
    /// is not resolved.
    pub fn resolve_route(&mut self, id: RdmaCmId, _timeout: Duration) -> Result<()> {
        let i = self.id(id)?;
        if i.addr != Addr::Resolved {
            return Err(not_in_state("address resolved"));
        }
        i.route = true;
        self.push(event(id, RdmaCmEventKind::RouteResolved, 0));
        Ok(())
    }

    /// Listens on the id's bound port (`rdma_listen`) with `backlog`
    /// requests not yet answered.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for an unknown id or one not bound to a
    /// port; as [`Cm::listen`].
    pub fn listen(&mut self, id: RdmaCmId, backlog: u16) -> Result<()> {
        let port = match self.id(id)?.local {
            Some(a) if a.port() != 0 => a.port(),
            _ => return Err(not_in_state("bound to a port")),
        };
        self.cm.listen(port, backlog, self.mpa)?;
        self.id(id)?.listening = Some(port);
        self.listeners.insert(port, id);
        Ok(())
    }

    /// Connects a route-resolved id (`rdma_connect`) with `param` and its
    /// queue pair (or `None`: streaming mode).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for an unknown id, one whose route is not
    /// resolved or that is connected; as [`Cm::connect`].
    pub fn connect(&mut self, id: RdmaCmId, param: ConnParam<'_>, qp: Option<CmQp>) -> Result<()> {
        let i = self.id(id)?;
        let (true, Some(dst), None) = (i.route, i.remote, i.conn) else {
            return Err(not_in_state("route resolved, not connected"));
        };
        let c = self.cm.connect(
            *dst.ip(),
            dst.port(),
            self.mpa,
            ConnectParams {
                private_data: param.private_data,
                ird: param.responder_resources,
                ord: param.initiator_depth,
                p2p: false,
            },
            qp,
        )?;
        self.id(id)?.conn = Some(c);
        self.by_conn.insert(c, id);
        Ok(())
    }

    /// Accepts the request of a CONNECT_REQUEST's id (`rdma_accept`).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for an unknown id or one without a
    /// request; as [`Cm::accept`].
    pub fn accept(&mut self, id: RdmaCmId, param: ConnParam<'_>, qp: Option<CmQp>) -> Result<()> {
        let c = self.id(id)?.conn.ok_or(not_in_state("a connect request"))?;
        self.cm.accept(
            c,
            AcceptParams {
                private_data: param.private_data,
                ird: param.responder_resources,
                ord: param.initiator_depth,
            },
            qp,
        )
    }

    /// Rejects the request of a CONNECT_REQUEST's id (`rdma_reject`): the
    /// peer sees REJECTED with `private_data`.
    ///
    /// # Errors
    /// As [`RdmaCm::accept`].
    pub fn reject(&mut self, id: RdmaCmId, private_data: &[u8]) -> Result<()> {
        let c = self.id(id)?.conn.ok_or(not_in_state("a connect request"))?;
        self.cm.reject(c, private_data)?;
        self.by_conn.remove(&c);
        self.id(id)?.conn = None;
        Ok(())
    }

    /// Disconnects (`rdma_disconnect`): the QP to ERROR, the connection
    /// closed; TIMEWAIT_EXIT follows once the close completes.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for an unknown or unconnected id; as
    /// [`Cm::disconnect`].
    pub fn disconnect(&mut self, id: RdmaCmId) -> Result<()> {
        let c = self.id(id)?.conn.ok_or(not_in_state("connected"))?;
        self.cm.disconnect(c)
    }

    /// Destroys an id (`rdma_destroy_id`): its connection, if any, is
    /// reset; its listener stopped. Its queued events are dropped.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for an unknown id.
    pub fn destroy_id(&mut self, id: RdmaCmId) -> Result<()> {
        let i = self
            .ids
            .remove(&id)
            .ok_or(Error::arg("id", ArgError::UnknownConnection))?;
        if let Some(c) = i.conn {
            self.by_conn.remove(&c);
            let _ = self.cm.abort(c);
        }
        if let Some(port) = i.listening {
            self.listeners.remove(&port);
            let _ = self.cm.unlisten(port);
        }
        self.queue.retain(|e| e.id != id);
        Ok(())
    }

    /// An id ready to use (`rdma_create_ep`): for a passive `ai` bound to
    /// its address (then [`RdmaCm::listen`]); else with its address and
    /// route resolved toward `ai.dst` within `timeout` (then
    /// [`RdmaCm::connect`]). Those events are taken here, not queued.
    ///
    /// # Errors
    /// As [`RdmaCm::bind_addr`] and [`RdmaCm::resolve_addr`]; a resolution
    /// that fails or runs out of time is [`Error::InvalidArgument`] with
    /// [`ArgError::Unresolved`] and its errno. The id is destroyed.
    pub fn create_ep(&mut self, ai: &AddrInfo, timeout: Duration) -> Result<RdmaCmId> {
        let id = self.create_id();
        let r = if ai.passive {
            self.bind_addr(id, ai.dst)
        } else {
            self.resolve_ep(id, ai, timeout)
        };
        if let Err(e) = r {
            let _ = self.destroy_id(id);
            return Err(e);
        }
        Ok(id)
    }

    fn resolve_ep(&mut self, id: RdmaCmId, ai: &AddrInfo, timeout: Duration) -> Result<()> {
        self.resolve_addr(id, ai.src, ai.dst, timeout)?;
        let e = self.wait_own(id, timeout)?;
        if e.kind != RdmaCmEventKind::AddrResolved {
            return Err(Error::arg("dst", ArgError::Unresolved(e.status)));
        }
        self.resolve_route(id, timeout)?;
        let e = self.wait_own(id, timeout)?;
        if e.kind != RdmaCmEventKind::RouteResolved {
            return Err(Error::arg("dst", ArgError::Unresolved(e.status)));
        }
        Ok(())
    }

    /// The next event of `id`, taken out of the queue (others stay).
    fn wait_own(&mut self, id: RdmaCmId, timeout: Duration) -> Result<RdmaCmEvent> {
        let dev = self.nic.device().clone();
        let deadline = dev
            .now_ns()
            .saturating_add(u64::try_from(timeout.as_nanos()).unwrap_or(u64::MAX));
        loop {
            self.process()?;
            if let Some(i) = self.queue.iter().position(|e| e.id == id) {
                if let Some(e) = self.queue.remove(i) {
                    return Ok(e);
                }
            }
            if dev.now_ns() >= deadline || self.removed {
                return Err(Error::arg("dst", ArgError::Unresolved(ETIMEDOUT)));
            }
            dev.relax();
        }
    }

    fn push(&mut self, e: RdmaCmEvent) {
        self.queue.push_back(e);
        #[cfg(target_os = "linux")]
        let _ = self.fd.signal();
    }

    /// Drives the channel once: the connection manager's events and the
    /// address resolutions. Returns how many events are queued.
    ///
    /// # Errors
    /// Mailbox and stream errors; a NIC that is gone is not an error but
    /// DEVICE_REMOVAL on every id.
    pub fn process(&mut self) -> Result<usize> {
        if !self.removed {
            if let Err(e) = self.process_inner() {
                if !matches!(e, Error::Device(DeviceError::Gone(_))) {
                    return Err(e);
                }
                self.removed = true;
                let ids: Vec<RdmaCmId> = self.ids.keys().copied().collect();
                for id in ids {
                    self.push(event(id, RdmaCmEventKind::DeviceRemoval, ENODEV));
                }
            }
        }
        Ok(self.queue.len())
    }

    fn process_inner(&mut self) -> Result<()> {
        let resolving: Vec<RdmaCmId> = self
            .ids
            .iter()
            .filter(|(_, i)| matches!(i.addr, Addr::Resolving { .. }))
            .map(|(&id, _)| id)
            .collect();
        for id in resolving {
            self.step_resolution(id)?;
        }
        while let Some(e) = self.cm.poll()? {
            if let Some(ev) = self.map(e) {
                self.push(ev);
            }
        }
        Ok(())
    }

    /// A connection manager event as librdmacm's.
    fn map(&mut self, e: CmEvent) -> Option<RdmaCmEvent> {
        use RdmaCmEventKind as K;
        let c = e.id();
        if let CmEvent::ConnectRequest {
            id,
            private_data,
            ird_ord,
            peer,
        } = e
        {
            let port = self.cm.listen_port(id)?;
            let listen_id = *self.listeners.get(&port)?;
            let new = self.create_id();
            let local = self.ids.get(&listen_id).and_then(|l| l.local);
            if let Some(i) = self.ids.get_mut(&new) {
                i.conn = Some(id);
                i.remote = Some(peer);
                i.local = local;
            }
            self.by_conn.insert(id, new);
            return Some(RdmaCmEvent {
                listen_id: Some(listen_id),
                private_data,
                ird_ord,
                ..event(new, K::ConnectRequest, 0)
            });
        }
        let id = *self.by_conn.get(&c)?;
        let ev = |kind, status| event(id, kind, status);
        let (ev, ended) = match e {
            CmEvent::ConnectRequest { .. } => return None,
            CmEvent::Established {
                private_data,
                params,
                ..
            } => (
                RdmaCmEvent {
                    private_data,
                    ird_ord: Some((params.ird, params.ord)),
                    ..ev(K::Established, 0)
                },
                false,
            ),
            CmEvent::PeerRejected { private_data, .. } => (
                RdmaCmEvent {
                    rejected: Some(Rejected::Peer),
                    private_data,
                    ..ev(K::Rejected, ECONNREFUSED)
                },
                true,
            ),
            CmEvent::NonPeerRejected { reason, .. } => {
                let status = match reason {
                    CmFailure::Tcp(warpnic_abi::gen::CplStatus::ConnReset) => ECONNRESET,
                    _ => ECONNREFUSED,
                };
                (
                    RdmaCmEvent {
                        rejected: Some(Rejected::NonPeer),
                        ..ev(K::Rejected, status)
                    },
                    true,
                )
            }
            CmEvent::Unreachable { .. } => (ev(K::Unreachable, EHOSTUNREACH), true),
            CmEvent::TimedOut { .. } => (ev(K::Unreachable, ETIMEDOUT), true),
            CmEvent::ConnectError { .. } | CmEvent::SocketDown { .. } => {
                (ev(K::ConnectError, ECONNRESET), true)
            }
            CmEvent::Disconnected { .. } => (ev(K::Disconnected, 0), false),
            CmEvent::TimewaitExit { .. } => (ev(K::TimewaitExit, 0), true),
        };
        if ended {
            self.by_conn.remove(&c);
            if let Some(i) = self.ids.get_mut(&id) {
                i.conn = None;
            }
        }
        Some(ev)
    }

    /// The next event (`rdma_get_cm_event`), driving the channel for up
    /// to `timeout` of device time (`None`: once, without waiting);
    /// `None` when none came.
    ///
    /// # Errors
    /// As [`RdmaCm::process`].
    pub fn get_event(&mut self, timeout: Option<Duration>) -> Result<Option<RdmaCmEvent>> {
        let dev = self.nic.device().clone();
        let deadline = timeout.map(|t| {
            dev.now_ns()
                .saturating_add(u64::try_from(t.as_nanos()).unwrap_or(u64::MAX))
        });
        loop {
            self.process()?;
            if let Some(e) = self.queue.pop_front() {
                #[cfg(target_os = "linux")]
                if self.queue.is_empty() {
                    // the descriptor is readable only while events wait
                    let _ = self.fd.take();
                }
                return Ok(Some(e));
            }
            match deadline {
                Some(d) if dev.now_ns() < d && !self.removed => dev.relax(),
                _ => return Ok(None),
            }
        }
    }

    /// The next event, as a future: each poll drives the channel once and
    /// asks to be polled again until an event is there (the manager runs
    /// on the host, so progress is made by polling).
    pub fn next_event(&mut self) -> NextEvent<'_, 'n> {
        NextEvent { cm: self }
    }
}

/// [`RdmaCm::next_event`]'s future.
pub struct NextEvent<'a, 'n> {
    cm: &'a mut RdmaCm<'n>,
}

impl Future for NextEvent<'_, '_> {
    type Output = Result<RdmaCmEvent>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match self.cm.get_event(None) {
            Ok(Some(e)) => Poll::Ready(Ok(e)),
            Ok(None) => {
                self.cm.nic.device().relax();
                cx.waker().wake_by_ref();
                Poll::Pending
            }
            Err(e) => Poll::Ready(Err(e)),
        }
    }
}
