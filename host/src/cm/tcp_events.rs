//! How a [`Cm`] takes its TCP events: a new connection's stream and MPA
//! setup, and the event a connection that ends reports, by where it was
//! (docs/cm.md).

use warpnic_abi::gen::CplStatus;

use super::{qp_to_error, Cm, CmEvent, CmFailure, CmId, Conn, Phase, SetupTimes, Ssp, BUF_LOG};
use crate::error::{Result, SharedError};
use crate::mpa::{ConnectParams, MpaSetup};
use crate::stream::TcpStream;
use crate::tcp::{Connection, EndpointId, TcpEventInfo};

impl Cm<'_> {
    /// A TCP event: starts the MPA setup of a new connection, or ends one.
    pub(super) fn tcp_event(&mut self, e: TcpEventInfo) -> Result<Option<CmEvent>> {
        let nic = self.nic;
        match e {
            TcpEventInfo::Established { ep, conn } => match self.start_initiator(ep, &conn) {
                Ok(()) => Ok(None),
                Err(e) => {
                    // nothing of the connection stays behind
                    let aborted = nic.tcp_abort_ending(ep);
                    let ev = self.gone(ep, |id| CmEvent::ConnectError {
                        id,
                        reason: CmFailure::Setup(SharedError::new(e)),
                    });
                    aborted.map(|()| ev)
                }
            },
            TcpEventInfo::Accepted { ep, conn, .. } => {
                let port = conn.local.port();
                let full = self.listeners.get(&port).map(|l| {
                    let unanswered = self
                        .conns
                        .values()
                        .filter(|c| c.listen_port == Some(port) && c.unanswered())
                        .count();
                    unanswered >= usize::from(l.backlog)
                });
                match full {
                    Some(false) => {
                        if self.start_responder(ep, &conn).is_err() {
                            // its initiator sees a reset: NON_PEER_REJECTED
                            nic.tcp_abort_ending(ep)?;
                        }
                    }
                    Some(true) => {
                        // the backlog is full: a reset, NON_PEER_REJECTED at
                        // the initiator (docs/cm.md)
                        self.backlog_resets += 1;
                        nic.tcp_abort_ending(ep)?;
                    }
                    // accepted before its listener was stopped
                    None => nic.tcp_abort_ending(ep)?,
                }
                // an abort that finds the connection already ending (the
                // peer's reset on its way) changes nothing: its final event
                // comes all the same
                Ok(None)
            }
            TcpEventInfo::Refused { ep, cause } | TcpEventInfo::Reset { ep, cause } => {
                Ok(self.lost(ep, Lost::Tcp(cause)))
            }
            TcpEventInfo::TimedOut { ep, cause } => Ok(self.lost(ep, Lost::TimedOut(cause))),
            TcpEventInfo::Unreachable { ep } => Ok(self.lost(ep, Lost::Unreachable)),
            TcpEventInfo::PeerClosed { ep } => {
                let Some(c) = self.conns.get(&ep) else {
                    return Ok(None);
                };
                if c.established() {
                    // the QP stays as it is: the FPDUs before the FIN may
                    // still be on their way to their completions
                    return Ok(Some(CmEvent::Disconnected { id: CmId(ep) }));
                }
                // closed before the connection was set up: no reason to
                // wait for the MPA timer
                let aborted = nic.tcp_abort_ending(ep);
                let ev = self.lost(ep, Lost::PeerClosed);
                aborted.map(|()| ev)
            }
            TcpEventInfo::Closed { ep } | TcpEventInfo::Aborted { ep } => {
                let closed = matches!(e, TcpEventInfo::Closed { .. });
                if self.closing.as_mut().is_some_and(|c| c.remove(&ep)) && closed {
                    return Ok(Some(CmEvent::TimewaitExit { id: CmId(ep) }));
                }
                if let Some(c) = self.conns.remove(&ep) {
                    if let Some(q) = &c.qp {
                        let _ = qp_to_error(&q.qp);
                    }
                }
                Ok(None)
            }
        }
    }

    /// Initiator: the TCP handshake is done; the stream and the MPA
    /// request.
    fn start_initiator(&mut self, ep: EndpointId, conn: &Connection) -> Result<()> {
        if !self
            .conns
            .get(&ep)
            .is_some_and(|c| matches!(c.phase, Phase::Connecting { .. }))
        {
            return Ok(());
        }
        let cq = self.stream_cq()?;
        let nic = self.nic;
        let Some(c) = self.conns.get_mut(&ep) else {
            return Ok(());
        };
        let Phase::Connecting {
            private_data,
            ird,
            ord,
            p2p,
        } = &c.phase
        else {
            return Ok(());
        };
        let mut st = TcpStream::attach_shared(nic, ep, conn, BUF_LOG, &cq)?;
        let setup = MpaSetup::connect(
            nic,
            &mut st,
            c.cfg,
            ConnectParams {
                private_data,
                ird: *ird,
                ord: *ord,
                p2p: *p2p,
            },
        )?;
        c.phase = Phase::Setup;
        c.times.tcp = nic.device().now_ns();
        c.mss = conn.mss;
        c.stream = Some(st);
        c.setup = Some(setup);
        Ok(())
    }

    /// Responder: a listener took a connection; its stream and MPA setup.
    fn start_responder(&mut self, ep: EndpointId, conn: &Connection) -> Result<()> {
        let port = conn.local.port();
        let Some(l) = self.listeners.get(&port).copied() else {
            return Ok(());
        };
        let cq = self.stream_cq()?;
        let mut st = TcpStream::attach_shared(self.nic, ep, conn, BUF_LOG, &cq)?;
        let setup = MpaSetup::listen(self.nic, &mut st, l.cfg)?;
        self.conns.insert(
            ep,
            Conn {
                peer: conn.peer,
                listen_port: Some(port),
                cfg: l.cfg,
                mss: conn.mss,
                stream: Some(st),
                setup: Some(setup),
                phase: Phase::Setup,
                qp: None,
                news: None,
                deadline: None,
                times: SetupTimes::default(),
                ssp: None,
            },
        );
        Ok(())
    }

    /// A connection whose TCP connection ended before it was set up, or
    /// failed after: forgotten, its QP to ERROR, and the event seed 004
    /// gives for where it was (docs/cm.md):
    ///
    /// | where | reset, refused | timed out | peer closed |
    /// |---|---|---|---|
    /// | TCP handshake | NON_PEER_REJECTED | UNREACHABLE | — |
    /// | initiator, MPA | NON_PEER_REJECTED | TIMED_OUT | NON_PEER_REJECTED |
    /// | responder, MPA | (none: not reported yet) | (none) | (none) |
    /// | request reported, reply sent | CONNECT_ERROR | CONNECT_ERROR | CONNECT_ERROR |
    /// | established | DISCONNECTED | DISCONNECTED | (DISCONNECTED, kept) |
    fn lost(&mut self, ep: EndpointId, why: Lost) -> Option<CmEvent> {
        let c = self.conns.remove(&ep)?;
        if let Some(q) = &c.qp {
            let _ = qp_to_error(&q.qp);
        }
        let id = CmId(ep);
        let reason = why.failure();
        match c.phase {
            Phase::Established => Some(CmEvent::Disconnected { id }),
            Phase::Requested { .. } | Phase::ReplySent { .. } => {
                Some(CmEvent::ConnectError { id, reason })
            }
            Phase::Setup if c.ssp == Some(Ssp::Passive) => Some(CmEvent::SocketDown { id }),
            Phase::Setup if c.listen_port.is_some() => None,
            Phase::Connecting { .. } | Phase::Setup => Some(match why {
                Lost::Unreachable => CmEvent::Unreachable { id },
                Lost::TimedOut(_) if matches!(c.phase, Phase::Connecting { .. }) => {
                    CmEvent::Unreachable { id }
                }
                Lost::TimedOut(_) => CmEvent::TimedOut { id },
                Lost::Tcp(_) | Lost::PeerClosed => CmEvent::NonPeerRejected { id, reason },
            }),
        }
    }
}

/// How a connection's TCP connection ended ([`Cm::lost`]).
#[derive(Clone, Copy)]
enum Lost {
    /// Refused or reset, with the engine's cause.
    Tcp(CplStatus),
    /// Retransmissions (of the SYN or of data) ran out.
    TimedOut(CplStatus),
    /// The next hop did not answer ARP.
    Unreachable,
    /// The peer closed it (FIN).
    PeerClosed,
}

impl Lost {
    fn failure(self) -> CmFailure {
        match self {
            Lost::Tcp(cause) | Lost::TimedOut(cause) => CmFailure::Tcp(cause),
            Lost::Unreachable => CmFailure::Unreachable,
            Lost::PeerClosed => CmFailure::PeerClosed,
        }
    }
}
