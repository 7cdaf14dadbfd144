//! Socket Service Points (seed 001) of a [`Cm`]: a connected socket of the
//! raw TCP API turned into an RDMA connection, passive
//! ([`Cm::ssp_create`]) or active ([`Cm::socket_connect`]), and given back
//! to its consumer when the setup fails with the connection up.

use warpnic_abi::gen::{cpl_tcp_opt, TcbField};

use super::{check_connect, Cm, CmId, CmQp, Conn, Phase, SetupTimes, Ssp};
use crate::error::{ArgError, Error, Result};
use crate::mpa::{ConnectParams, MpaConfig, MpaSetup};
use crate::stream::TcpStream;

/// How long [`Cm::ssp_create`] waits for room for the final streaming
/// message in the socket's send buffer (device time).
const SSP_WRITE_WAIT: std::time::Duration = std::time::Duration::from_millis(10);

/// A Socket Service Point call that failed, with the consumer's socket
/// given back (seed 001: ownership returns to the consumer).
#[derive(Debug, thiserror::Error)]
#[error("{error}")]
pub struct SocketError {
    /// Why.
    pub error: Error,
    /// The socket, still the consumer's.
    pub socket: Box<TcpStream>,
}

impl SocketError {
    fn new(error: Error, socket: TcpStream) -> SocketError {
        SocketError {
            error,
            socket: Box::new(socket),
        }
    }
}

/// What [`Cm::insert_ssp`] records of a socket's connection.
struct SspConn {
    cfg: MpaConfig,
    qp: Option<CmQp>,
    deadline: Option<u64>,
    times: SetupTimes,
    role: Ssp,
}

impl Cm<'_> {
    /// Makes a Socket Service Point of a connected socket of the raw TCP
    /// API (seed 001, `dat_iw_ssp_create`): writes `final_message`, the
    /// last streaming-mode message, then waits for the peer's MPA request
    /// on the same connection. Nothing the peer sends after the message can
    /// be lost: it lands in the stream's buffer, which the MPA setup reads
    /// from where the consumer stopped. The SSP generates at most one
    /// request ([`super::CmEvent::ConnectRequest`]), answered with [`Cm::accept`]
    /// or [`Cm::reject`]; a reject leaves the socket connected and gives
    /// it back ([`Cm::take_socket`]). If the socket goes down first,
    /// [`super::CmEvent::SocketDown`].
    ///
    /// # Errors
    /// [`SocketError`], with the socket given back: a socket of another
    /// NIC (DAT_INVALID_STATE), the final message not sent within 10 ms.
    pub fn ssp_create(
        &mut self,
        mut socket: TcpStream,
        final_message: &[u8],
        cfg: MpaConfig,
    ) -> std::result::Result<CmId, SocketError> {
        if !socket.is_on(self.nic) {
            return Err(SocketError::new(
                Error::arg("socket", ArgError::OtherNic),
                socket,
            ));
        }
        if let Err(e) = socket.write_all(final_message, SSP_WRITE_WAIT) {
            return Err(SocketError::new(e, socket));
        }
        let ep = socket.endpoint();
        let setup = self
            .tcp
            .adopt(ep)
            .and_then(|()| MpaSetup::listen(self.nic, &mut socket, cfg));
        self.insert_ssp(
            socket,
            setup,
            SspConn {
                cfg,
                qp: None,
                deadline: None,
                times: SetupTimes::default(),
                role: Ssp::Passive,
            },
        )
    }

    /// Turns a connected socket of the raw TCP API into an RDMA connection
    /// (seed 001, `dat_iw_socket_connect`): the MPA request goes out on it
    /// with `p`, and `qp` is bound as [`Cm::connect`] binds it. Nagle is
    /// turned off; keepalive stays as the socket had it. On
    /// [`super::CmEvent::PeerRejected`] and on [`super::CmEvent::TimedOut`] at
    /// `timeout` the socket goes back to the consumer still connected
    /// ([`Cm::take_socket`]); bytes the peer sends later (a late reply)
    /// arrive on it. Without a timeout the MPA setup's own timer ends the
    /// attempt, which resets the connection.
    ///
    /// # Errors
    /// [`SocketError`], with the socket given back: as [`Cm::connect`]
    /// (arguments, a QP not in RESET), a zero timeout, a socket of another
    /// NIC.
    pub fn socket_connect(
        &mut self,
        mut socket: TcpStream,
        cfg: MpaConfig,
        p: ConnectParams<'_>,
        qp: Option<CmQp>,
        timeout: Option<std::time::Duration>,
    ) -> std::result::Result<CmId, SocketError> {
        let checked = if !socket.is_on(self.nic) {
            Err(Error::arg("socket", ArgError::OtherNic))
        } else if let Some(t) = timeout.filter(|t| t.is_zero()) {
            Err(crate::error::zero_timeout(t))
        } else {
            check_connect(&p, qp.as_ref())
        };
        if let Err(e) = checked {
            return Err(SocketError::new(e, socket));
        }
        let ep = socket.endpoint();
        let now = self.nic.device().now_ns();
        let deadline =
            timeout.map(|t| now.saturating_add(u64::try_from(t.as_nanos()).unwrap_or(u64::MAX)));
        // the consumer's timeout ends the attempt, not the MPA timer
        let cfg_run = MpaConfig {
            timeout: if deadline.is_some() {
                u64::MAX / 2
            } else {
                cfg.timeout
            },
            ..cfg
        };
        let nodelay = u64::from(cpl_tcp_opt::NODELAY);
        let started = self
            .tcp
            .adopt(ep)
            .and_then(|()| self.nic.tcp_tcb(ep, TcbField::TcpOpt, nodelay, nodelay))
            .and_then(|_| MpaSetup::connect(self.nic, &mut socket, cfg_run, p));
        self.insert_ssp(
            socket,
            started,
            SspConn {
                cfg,
                qp,
                deadline,
                times: SetupTimes {
                    connect: now,
                    tcp: now,
                    ..SetupTimes::default()
                },
                role: Ssp::Active,
            },
        )
    }

    /// A socket's connection once its MPA setup has started (or not: the
    /// socket goes back to the raw API and to the caller).
    fn insert_ssp(
        &mut self,
        socket: TcpStream,
        setup: Result<MpaSetup>,
        c: SspConn,
    ) -> std::result::Result<CmId, SocketError> {
        let ep = socket.endpoint();
        let mut setup = match setup {
            Ok(s) => s,
            Err(e) => {
                let _ = self.tcp.release(ep);
                return Err(SocketError::new(e, socket));
            }
        };
        setup.keep_open();
        let conn = *socket.connection();
        self.conns.insert(
            ep,
            Conn {
                peer: conn.peer,
                listen_port: None,
                cfg: c.cfg,
                mss: conn.mss,
                stream: Some(socket),
                setup: Some(setup),
                phase: Phase::Setup,
                qp: c.qp,
                news: None,
                deadline: c.deadline,
                times: c.times,
                ssp: Some(c.role),
            },
        );
        Ok(CmId(ep))
    }

    /// Closes a Socket Service Point that has not reported its request
    /// (`dat_iw_ssp_free`): the socket goes back to its consumer, still
    /// connected. `None` when `id` is no such SSP (reported, gone, or not
    /// an SSP).
    pub fn ssp_free(&mut self, id: CmId) -> Option<TcpStream> {
        let c = self.conns.get(&id.0)?;
        if c.ssp != Some(Ssp::Passive) || !matches!(c.phase, Phase::Setup) {
            return None;
        }
        let c = self.conns.remove(&id.0)?;
        let _ = self.tcp.release(id.0);
        c.stream
    }

    /// A socket that went back to its consumer: an SSP's after a reject,
    /// a [`Cm::socket_connect`]'s after PEER_REJECTED or its timeout. The
    /// connection is the raw TCP API's again.
    pub fn take_socket(&mut self, id: CmId) -> Option<TcpStream> {
        self.returned.remove(&id)
    }

    /// Gives a consumer's socket back (an SSP connection that ended with
    /// its TCP connection up): its events go back to the raw API.
    pub(super) fn give_back(&mut self, id: CmId, c: Conn) {
        if c.ssp.is_none() {
            return;
        }
        if let Some(st) = c.stream {
            let _ = self.tcp.release(id.0);
            self.returned.insert(id, st);
        }
    }
}
