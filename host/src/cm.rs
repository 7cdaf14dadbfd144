//! An rdma_cm-shaped connection manager with the DAT endpoint semantics
//! of seed 004 (`dat_ep_connect`): listen, connect, accept and reject with
//! private data, and one event stream per NIC.
//!
//! A connection is an offloaded TCP connection (`crate::tcp`) with a
//! stream (`crate::stream`), on which the MPA request and reply travel
//! ([`crate::mpa`]). [`Cm::poll`] drives both: it takes the NIC's TCP
//! events (so a `Cm` owns the NIC's event queue) and the MPA setups'
//! bytes and timers, and returns the events an RDMA consumer sees:
//!
//! | event | rdma_cm | DAT (seed 004) |
//! |---|---|---|
//! | [`CmEvent::ConnectRequest`] | CONNECT_REQUEST | CONNECTION_REQUEST_EVENT |
//! | [`CmEvent::Established`] | ESTABLISHED | CONNECTION_EVENT_ESTABLISHED |
//! | [`CmEvent::PeerRejected`] | REJECTED (by the consumer) | CONNECTION_EVENT_PEER_REJECTED |
//! | [`CmEvent::NonPeerRejected`] | REJECTED (TCP refused, bad MPA frame) | CONNECTION_EVENT_NON_PEER_REJECTED |
//! | [`CmEvent::Unreachable`] | UNREACHABLE | CONNECTION_EVENT_UNREACHABLE |
//! | [`CmEvent::TimedOut`] | UNREACHABLE (timeout) | CONNECTION_EVENT_TIMED_OUT |
//! | [`CmEvent::Disconnected`] | DISCONNECTED | CONNECTION_EVENT_DISCONNECTED |
//!
//! Not yet: binding a queue pair (the connection stays in streaming mode
//! after [`CmEvent::Established`]; the negotiated [`RdmaParams`] are what
//! the switch to RDMA mode will take), address and route resolution
//! beyond the firmware's ARP.

use std::collections::HashMap;
use std::net::{Ipv4Addr, SocketAddrV4};

use warpnic_abi::gen::cpl_tcp_opt;

use crate::error::{Error, Result};
use crate::mpa::{
    AcceptParams, ConnectParams, MpaConfig, MpaError, MpaEvent, MpaSetup, RdmaParams,
};
use crate::stream::TcpStream;
use crate::tcp::{ConnectOpts, EndpointId, TcpEventInfo};
use crate::Nic;

/// log2 of the stream buffers a connection gets (64 KiB: MPA frames are
/// at most 532 bytes).
const BUF_LOG: u8 = 16;

/// A connection of a [`Cm`] (rdma_cm_id).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CmId(pub EndpointId);

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
    /// The connection is established.
    Established {
        /// The connection.
        id: CmId,
        /// The peer's private data (the accept's, at the active side).
        private_data: Vec<u8>,
        /// What RDMA mode uses.
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
        reason: String,
    },
    /// The peer's address did not resolve (ARP).
    Unreachable {
        /// The connection (closed).
        id: CmId,
    },
    /// The TCP handshake or the MPA exchange ran out of time.
    TimedOut {
        /// The connection (closed).
        id: CmId,
    },
    /// An established connection ended (the peer closed or reset it).
    Disconnected {
        /// The connection.
        id: CmId,
    },
}

/// One connection's state.
struct Conn {
    peer: SocketAddrV4,
    /// The MPA setup's configuration and, at the active side, the request
    /// to send once TCP is established.
    cfg: MpaConfig,
    request: Option<(Vec<u8>, u16, u16, bool)>,
    stream: Option<TcpStream>,
    setup: Option<MpaSetup>,
    established: bool,
}

/// The connection manager of one NIC.
pub struct Cm<'n> {
    nic: &'n Nic,
    listeners: HashMap<u16, MpaConfig>,
    conns: HashMap<EndpointId, Conn>,
}

impl<'n> Cm<'n> {
    /// A connection manager for `nic`; it takes the NIC's TCP events.
    pub fn new(nic: &'n Nic) -> Cm<'n> {
        Cm {
            nic,
            listeners: HashMap::new(),
            conns: HashMap::new(),
        }
    }

    /// Listens on `port` (rdma_listen) with up to `backlog` connections
    /// whose requests the consumer has not answered.
    ///
    /// # Errors
    /// [`Error::Tcp`] when the port is in use or no listener is free.
    pub fn listen(&mut self, port: u16, backlog: u16, cfg: MpaConfig) -> Result<()> {
        self.nic.tcp_listen_with(port, backlog, 1 << BUF_LOG)?;
        self.listeners.insert(port, cfg);
        Ok(())
    }

    /// Connects to `peer:port` (rdma_connect) with this request: private
    /// data, IRD, ORD and whether to ask for the peer-to-peer model.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for private data over 512 bytes or
    /// IRD/ORD over 0x3fff; [`Error::Tcp`] when the open is refused at once.
    pub fn connect(
        &mut self,
        peer: Ipv4Addr,
        port: u16,
        cfg: MpaConfig,
        p: ConnectParams<'_>,
    ) -> Result<CmId> {
        if p.private_data.len() > warpnic_fw::mpa::MAX_PRIVATE_DATA
            || p.ird > warpnic_fw::mpa::MAX_IRD_ORD
            || p.ord > warpnic_fw::mpa::MAX_IRD_ORD
        {
            return Err(Error::InvalidArgument(
                "MPA private data over 512 bytes or IRD/ORD over 0x3fff".into(),
            ));
        }
        let opts = ConnectOpts {
            tcp_opt: cpl_tcp_opt::WSCALE | cpl_tcp_opt::SACK,
            rcv_wscale: 7,
            rcv_wnd: 1 << BUF_LOG,
            ..ConnectOpts::default()
        };
        let ep = self.nic.tcp_connect(peer, port, &opts)?;
        self.conns.insert(
            ep,
            Conn {
                peer: SocketAddrV4::new(peer, port),
                cfg,
                request: Some((p.private_data.to_vec(), p.ird, p.ord, p.p2p)),
                stream: None,
                setup: None,
                established: false,
            },
        );
        Ok(CmId(ep))
    }

    /// Accepts a connection request (rdma_accept) with this end's private
    /// data and IRD/ORD; [`CmEvent::Established`] follows from
    /// [`Cm::poll`] at once.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for an id with no pending request or
    /// parameters out of range; stream errors.
    pub fn accept(&mut self, id: CmId, p: AcceptParams<'_>) -> Result<CmEvent> {
        let nic = self.nic;
        let c = self.pending(id)?;
        let (Some(setup), Some(st)) = (c.setup.as_mut(), c.stream.as_mut()) else {
            return Err(Error::InvalidArgument("no MPA setup for this id".into()));
        };
        match setup.accept(nic, st, p)? {
            MpaEvent::Established {
                params,
                private_data,
            } => {
                c.established = true;
                Ok(CmEvent::Established {
                    id,
                    private_data,
                    params,
                })
            }
            e => Ok(self.ended(id, e)),
        }
    }

    /// Rejects a connection request (rdma_reject) with private data; the
    /// connection closes.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for an id with no pending request or
    /// private data out of range; stream errors.
    pub fn reject(&mut self, id: CmId, private_data: &[u8]) -> Result<()> {
        let nic = self.nic;
        let c = self.pending(id)?;
        let (Some(setup), Some(st)) = (c.setup.as_mut(), c.stream.as_mut()) else {
            return Err(Error::InvalidArgument("no MPA setup for this id".into()));
        };
        setup.reject(nic, st, private_data)?;
        self.conns.remove(&id.0);
        Ok(())
    }

    /// Gives a connection up (rdma_disconnect): closes it gracefully once
    /// established, else aborts it.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for an unknown id; [`Error::Tcp`].
    pub fn disconnect(&mut self, id: CmId) -> Result<()> {
        let c = self
            .conns
            .remove(&id.0)
            .ok_or_else(|| Error::InvalidArgument("unknown connection".into()))?;
        if c.established {
            self.nic.tcp_close(id.0)
        } else {
            self.nic.tcp_abort(id.0)
        }
    }

    /// The stream of an established connection (for the data of a
    /// streaming-mode consumer until RDMA mode exists).
    pub fn stream(&mut self, id: CmId) -> Option<&mut TcpStream> {
        self.conns
            .get_mut(&id.0)
            .filter(|c| c.established)
            .and_then(|c| c.stream.as_mut())
    }

    /// The next event, if any: TCP events first, then the MPA setups'
    /// progress. Never blocks; run the device between polls.
    ///
    /// # Errors
    /// Mailbox and stream errors.
    pub fn poll(&mut self) -> Result<Option<CmEvent>> {
        while let Some(e) = self.nic.tcp_poll_event()? {
            if let Some(ev) = self.tcp_event(e)? {
                return Ok(Some(ev));
            }
        }
        // the first setup with news (no per-poll allocation)
        let nic = self.nic;
        let mut news = None;
        for (&ep, c) in self.conns.iter_mut().filter(|(_, c)| !c.established) {
            let (Some(setup), Some(st)) = (c.setup.as_mut(), c.stream.as_mut()) else {
                continue;
            };
            if let Some(e) = setup.poll(nic, st)? {
                if matches!(e, MpaEvent::Established { .. }) {
                    c.established = true;
                }
                news = Some((CmId(ep), c.peer, e));
                break;
            }
        }
        let Some((id, peer, e)) = news else {
            return Ok(None);
        };
        Ok(Some(match e {
            MpaEvent::ConnectRequest {
                private_data,
                ird_ord,
                ..
            } => CmEvent::ConnectRequest {
                id,
                peer,
                private_data,
                ird_ord: ird_ord.map(|io| (io.ird, io.ord)),
            },
            MpaEvent::Established {
                params,
                private_data,
            } => CmEvent::Established {
                id,
                private_data,
                params,
            },
            e => self.ended(id, e),
        }))
    }

    /// A connection with a request the consumer has not answered.
    fn pending(&mut self, id: CmId) -> Result<&mut Conn> {
        self.conns
            .get_mut(&id.0)
            .filter(|c| !c.established && c.request.is_none() && c.setup.is_some())
            .ok_or_else(|| Error::InvalidArgument("no connection request pending".into()))
    }

    /// The event of a setup that ended without a connection; the
    /// connection is forgotten (the MPA setup closed or aborted it).
    fn ended(&mut self, id: CmId, e: MpaEvent) -> CmEvent {
        self.conns.remove(&id.0);
        match e {
            MpaEvent::PeerRejected { private_data } => CmEvent::PeerRejected { id, private_data },
            MpaEvent::TimedOut => CmEvent::TimedOut { id },
            MpaEvent::Failed(MpaError::Timeout) => CmEvent::TimedOut { id },
            MpaEvent::Failed(err) => CmEvent::NonPeerRejected {
                id,
                reason: format!("MPA: {err:?}"),
            },
            other => CmEvent::NonPeerRejected {
                id,
                reason: format!("unexpected MPA event {other:?}"),
            },
        }
    }

    /// A TCP event: starts the MPA setup of a new connection, or ends one.
    fn tcp_event(&mut self, e: TcpEventInfo) -> Result<Option<CmEvent>> {
        let nic = self.nic;
        match e {
            TcpEventInfo::Established { ep, conn } => {
                let Some(c) = self.conns.get_mut(&ep) else {
                    return Ok(None);
                };
                let mut st = TcpStream::attach(nic, ep, &conn, BUF_LOG)?;
                let (pd, ird, ord, p2p) = c.request.take().unwrap_or_default();
                let setup = MpaSetup::connect(
                    nic,
                    &mut st,
                    c.cfg,
                    ConnectParams {
                        private_data: &pd,
                        ird,
                        ord,
                        p2p,
                    },
                )?;
                c.stream = Some(st);
                c.setup = Some(setup);
                Ok(None)
            }
            TcpEventInfo::Accepted { ep, conn, .. } => {
                let Some(cfg) = self.listeners.get(&conn.local.port()).copied() else {
                    nic.tcp_abort(ep)?;
                    return Ok(None);
                };
                let mut st = TcpStream::attach(nic, ep, &conn, BUF_LOG)?;
                let setup = MpaSetup::listen(nic, &mut st, cfg)?;
                self.conns.insert(
                    ep,
                    Conn {
                        peer: conn.peer,
                        cfg,
                        request: None,
                        stream: Some(st),
                        setup: Some(setup),
                        established: false,
                    },
                );
                Ok(None)
            }
            TcpEventInfo::Refused { ep, cause } => {
                Ok(self.gone(ep, |id| CmEvent::NonPeerRejected {
                    id,
                    reason: format!("TCP: {}", cause.name()),
                }))
            }
            TcpEventInfo::Unreachable { ep } => Ok(self.gone(ep, |id| CmEvent::Unreachable { id })),
            TcpEventInfo::TimedOut { ep, .. } => Ok(self.gone(ep, |id| CmEvent::TimedOut { id })),
            TcpEventInfo::PeerClosed { ep } => {
                if self.conns.get(&ep).is_some_and(|c| c.established) {
                    Ok(Some(CmEvent::Disconnected { id: CmId(ep) }))
                } else {
                    Ok(None)
                }
            }
            TcpEventInfo::Reset { ep, cause } => {
                let established = self.conns.get(&ep).is_some_and(|c| c.established);
                Ok(self.gone(ep, |id| {
                    if established {
                        CmEvent::Disconnected { id }
                    } else {
                        CmEvent::NonPeerRejected {
                            id,
                            reason: format!("TCP: {}", cause.name()),
                        }
                    }
                }))
            }
            TcpEventInfo::Closed { ep } | TcpEventInfo::Aborted { ep } => {
                self.conns.remove(&ep);
                Ok(None)
            }
        }
    }

    /// Forgets a connection whose endpoint is gone; its event, if the CM
    /// knew it.
    fn gone(&mut self, ep: EndpointId, f: impl FnOnce(CmId) -> CmEvent) -> Option<CmEvent> {
        self.conns.remove(&ep).map(|_| f(CmId(ep)))
    }
}
