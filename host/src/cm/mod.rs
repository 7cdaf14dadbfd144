//! An rdma_cm-shaped connection manager with the DAT endpoint semantics
//! of seed 004 (`dat_ep_connect`): listen, connect, accept and reject with
//! private data, queue pairs bound to their connections, and one event
//! stream per NIC.
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
//!
//! Which event a failed connection reports depends on how far it got
//! (docs/cm.md has the table, with the seed's lines).
//! | [`CmEvent::ConnectError`] | CONNECT_ERROR | CONNECTION_EVENT_BROKEN |
//! | [`CmEvent::Disconnected`] | DISCONNECTED | CONNECTION_EVENT_DISCONNECTED |
//!
//! # Queue pairs
//!
//! As rdma_cm binds the QP of an `rdma_cm_id`, [`Cm::connect`] and
//! [`Cm::accept`] take the connection's queue pair ([`CmQp`]: a QP in
//! RESET, the attributes the caller chooses, receive work requests to post
//! before the peer may send) and move it to RTS; [`CmEvent::Established`]
//! then means that the QP is in RTS on this side, and the peer's
//! ESTABLISHED means the same on its side. The library fills in what the
//! connection settles: the connection id, CRC, markers, IRD and ORD from
//! the MPA exchange, the stream offset of the first FPDU sent
//! (`tx_start`: after the MPA frame), and the largest ULPDU sent (an FPDU
//! of one MSS of the connection, [`mulpdu_for_mss`]). The order follows
//! docs/iwarp.md and RFC 5044 §7.1:
//!
//! - **Responder** ([`Cm::accept`]): RESET to INIT (with `tx_start` after
//!   the reply it is about to write), the receive work requests, INIT to
//!   RTR, the connection bound for received bytes only (ULP_MODE
//!   RDMA_RX); then the MPA reply. The initiator may send its first FPDU
//!   as soon as it has the reply, and the QP takes it. Once the peer has
//!   acknowledged the whole reply (its bytes are never needed for a
//!   retransmission again), [`Cm::poll`] binds the connection for both
//!   ways (ULP_MODE RDMA), moves the QP to RTS and reports ESTABLISHED.
//!   The responder sends nothing before that, as §7.1 asks.
//! - **Initiator** ([`Cm::connect`]): once the reply has been read (never
//!   a byte past it), [`Cm::poll`] moves the QP RESET to INIT (with
//!   `tx_start` after its request), posts the receive work requests, binds
//!   the connection (ULP_MODE RDMA), moves it INIT to RTR to RTS and
//!   reports ESTABLISHED. The responder sends no FPDU before the
//!   initiator's first, so nothing can arrive before the binding; bytes
//!   that did (found in the stream's buffer) fail the connection with
//!   [`CmEvent::ConnectError`].
//!
//! A QP-less connection stays in streaming mode after ESTABLISHED; its
//! bytes are the consumer's ([`Cm::stream`]).
//!
//! # Windows
//!
//! The MPA frames travel through 64 KiB stream buffers, whose free space
//! is the window then. Once its queue pair is bound a connection offers
//! the `Cm`'s receive window ([`DEFAULT_RCV_WND`], 4 MiB, or
//! [`Cm::set_rcv_wnd`]), with the window scale that advertises it offered
//! in the handshake by both sides.
//!
//! When a connection ends ([`Cm::disconnect`], a reset, a failure) its QP
//! goes to ERROR, which completes its outstanding work requests as
//! FLUSHED; the QP stays the caller's. The peer's graceful close
//! ([`CmEvent::Disconnected`]) leaves the QP alone until the consumer's
//! [`Cm::disconnect`]: the FIN may overtake the completions of the
//! messages before it on their way to the host.
//!
//! The manager does not send the RFC 6581 ready-to-receive message of the
//! peer-to-peer model with a QP (a connect with `p2p` and a QP is refused),
//! and resolves addresses and routes no further than the firmware's ARP.
//!
//! # Errors
//!
//! A call the manager refuses is an [`Error::InvalidArgument`] naming the
//! argument; a connection that fails says why in its event
//! ([`CmFailure`]).

use std::collections::{BTreeMap, HashMap};
use std::net::{Ipv4Addr, SocketAddrV4};
use std::sync::Arc;

use warpnic_abi::gen::{cpl_tcp_opt, QpState};

use crate::error::{ArgError, Error, Result};
use crate::mpa::{
    AcceptParams, ConnectParams, CrcPolicy, IrdOrd, MarkerPolicy, MpaConfig, MpaError, MpaEvent,
    MpaSetup, RdmaParams, Revision, HEADER_LEN, IRD_ORD_LEN, MAX_IRD_ORD, MAX_PRIVATE_DATA,
};
use crate::stream::{StreamCq, TcpStream};
use crate::tcp::{ConnectOpts, EndpointId, ListenerId};
use crate::tcp_owner::TcpOwner;
use crate::verbs::{mulpdu_for_mss, QpAttrs, QueuePair, RecvWr, Sge, MAX_IRD, MAX_ORD};
use crate::Nic;

mod event;
mod ssp;
mod tcp_events;
pub use event::{CmEvent, CmFailure};
pub use ssp::SocketError;

/// log2 of the stream buffers a connection gets (16 KiB each way: an MPA
/// request or reply is at most 536 bytes, and a connection without a queue
/// pair streams its consumer's data through them, 16 KiB in flight).
const BUF_LOG: u8 = 14;

/// Entries of the completion queue every connection of a [`Cm`] shares
/// while it sets up (a few completions a connection, taken at every poll).
const STREAM_CQ_DEPTH: usize = 1 << 15;

/// The TCP receive window a [`Cm`]'s connections offer by default once
/// their queue pair is bound (4 MiB). In RDMA mode the engine places what
/// arrives straight into the consumer's buffers, so the window is not a
/// buffer: it only has to cover the bandwidth-delay product with margin.
/// 100 GbE moves 1.25 MB in 100 µs, the round trip of a loaded data
/// centre path; 4 MiB leaves room for a slower peer's ACKs and for fast
/// recovery without stalling on the window.
pub const DEFAULT_RCV_WND: u32 = 4 << 20;

/// The largest ULPDU a [`CmQp::new`] queue pair accepts: any. RFC 5044
/// leaves the FPDU size to the sender (at most one of its MSS unless it
/// segments them, as Linux siw with `try_gso` does); the CRC, not this
/// bound, catches a damaged length.
pub const RECV_MULPDU: u16 = u16::MAX;

/// A connection of a [`Cm`] (rdma_cm_id).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CmId(pub EndpointId);

/// The queue pair of a connection and what to do with it (rdma_create_qp
/// on an rdma_cm_id): given to [`Cm::connect`] or [`Cm::accept`], which
/// move it to RTS.
#[derive(Debug)]
pub struct CmQp {
    qp: Arc<QueuePair>,
    attrs: QpAttrs,
    recv: Vec<(u64, Vec<Sge>)>,
}

impl CmQp {
    /// The queue pair `qp`, in RESET, with the default attributes
    /// ([`QpAttrs::init`]) accepting any ULPDU size ([`RECV_MULPDU`]).
    pub fn new(qp: Arc<QueuePair>) -> CmQp {
        CmQp {
            qp,
            attrs: QpAttrs::init(0).mulpdu(RECV_MULPDU),
            recv: Vec::new(),
        }
    }

    /// The attributes to start from. The connection manager sets the
    /// connection id, CRC, markers, IRD, ORD, `tx_start` and the largest
    /// ULPDU sent; the rest (the largest ULPDU accepted, the marker phase)
    /// stays as given.
    pub fn attrs(mut self, attrs: QpAttrs) -> CmQp {
        self.attrs = attrs;
        self
    }

    /// Receive work requests posted once the QP is in INIT, before the
    /// peer can send (after the ones of earlier calls).
    pub fn post_recv(mut self, wrs: &[RecvWr<'_>]) -> CmQp {
        self.recv
            .extend(wrs.iter().map(|w| (w.wr_id, w.sg_list.to_vec())));
        self
    }

    /// The queue pair.
    pub fn qp(&self) -> &Arc<QueuePair> {
        &self.qp
    }
}

/// Where a connection is.
#[derive(Debug)]
enum Phase {
    /// Initiator: the TCP handshake runs; the request to send once it is
    /// done.
    Connecting {
        private_data: Vec<u8>,
        ird: u16,
        ord: u16,
        p2p: bool,
    },
    /// The MPA setup runs (the initiator waits for the reply, the
    /// responder for the request).
    Setup,
    /// Responder: the request has been reported; the consumer answers.
    Requested {
        crc: bool,
        markers: bool,
        ird_ord: Option<IrdOrd>,
    },
    /// Responder with a QP: the reply is written and the QP in RTR; RTS
    /// once the reply is acknowledged.
    ReplySent { params: RdmaParams },
    /// Established (reported or about to be: `news`).
    Established,
}

/// One connection's state.
struct Conn {
    peer: SocketAddrV4,
    /// The port of the listener that took it (a responder's).
    listen_port: Option<u16>,
    /// The MPA setup's configuration.
    cfg: MpaConfig,
    /// The connection's MSS (from its TCP open event).
    mss: u16,
    stream: Option<TcpStream>,
    setup: Option<MpaSetup>,
    phase: Phase,
    /// The queue pair to bind, or bound.
    qp: Option<CmQp>,
    /// An event for the next [`Cm::poll`].
    news: Option<CmEvent>,
    /// Initiator: the device time (ns) by which the connection must be
    /// established ([`Cm::connect_within`]).
    deadline: Option<u64>,
    /// Initiator: when it passed each step.
    times: SetupTimes,
    /// A consumer's socket (seed 001): which side, and whether it goes
    /// back to the consumer when the setup fails.
    ssp: Option<Ssp>,
}

/// The side of a connection made from a consumer's socket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ssp {
    /// [`Cm::ssp_create`]: waits for the peer's request.
    Passive,
    /// [`Cm::socket_connect`]: sends the request.
    Active,
}

/// When an initiator's connection passed each step of its setup, in
/// device time (ns; 0: not yet): [`Cm::setup_times`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SetupTimes {
    /// [`Cm::connect`] was called.
    pub connect: u64,
    /// The TCP handshake's ESTABLISHED was taken; the MPA request goes
    /// out.
    pub tcp: u64,
    /// The MPA reply was read.
    pub mpa: u64,
    /// The queue pair was bound and in RTS (ESTABLISHED reported).
    pub established: u64,
}

impl Conn {
    fn established(&self) -> bool {
        matches!(self.phase, Phase::Established)
    }

    /// A responder's connection whose request the consumer has not
    /// answered yet (it counts against its listener's backlog).
    fn unanswered(&self) -> bool {
        self.listen_port.is_some() && matches!(self.phase, Phase::Setup | Phase::Requested { .. })
    }
}

/// A listening port of a [`Cm`].
#[derive(Clone, Copy, Debug)]
struct Listener {
    id: ListenerId,
    cfg: MpaConfig,
    /// Connections not yet answered that it holds at most.
    backlog: u16,
}

/// The connection manager of one NIC.
///
/// What a connection costs: no completion queue of its own (the streams of
/// all connections share one of 32,768 entries, made with the first
/// connection); two stream buffers of 16 KiB of DMA memory (the MPA
/// frames, and a streaming-mode connection's data; a connection with a
/// queue pair keeps them until it closes); and its record here, 1 KiB of
/// host memory plus its private data. The card's own cost is its TCB (1,586 bits) and, with
/// a queue pair, the QP's context (see `docs/rtl.md`).
pub struct Cm<'n> {
    nic: &'n Nic,
    /// The manager's share of the NIC's TCP endpoints, listeners and
    /// events: connections of the raw TCP API on the same NIC are not its.
    tcp: TcpOwner,
    /// The receive window of new connections (RCV.WND in RDMA mode).
    rcv_wnd: u32,
    /// By port: the engine's listener and the MPA configuration of its
    /// connections.
    listeners: HashMap<u16, Listener>,
    /// By endpoint, in order: [`Cm::poll`] looks at them round robin from
    /// `next_poll`, so a connection with news is never passed over for
    /// long because others keep having news before it.
    conns: BTreeMap<EndpointId, Conn>,
    /// Where the next [`Cm::poll`] starts looking for news.
    next_poll: u16,
    /// Connections reset because their listener's backlog was full.
    backlog_resets: u64,
    /// Sockets going back to their consumers ([`Cm::take_socket`]).
    returned: HashMap<CmId, TcpStream>,
    /// Connections closed gracefully whose close has not completed, when
    /// TIMEWAIT_EXIT is reported (`None`: not reported).
    closing: Option<std::collections::HashSet<EndpointId>>,
    /// The completion queue of the connections' streams, made with the
    /// first connection: a connection costs no completion queue of its own.
    stream_cq: Option<StreamCq>,
}

/// The QP attributes of a connection from the caller's and what the
/// connection settled.
fn qp_attrs(base: QpAttrs, tid: u32, mss: u16, p: &RdmaParams, tx_start: u32) -> Result<QpAttrs> {
    let ird = u8::try_from(p.ird).map_err(|_| Error::range("ird", p.ird, 0u8, u8::MAX))?;
    let ord = u8::try_from(p.ord).map_err(|_| Error::range("ord", p.ord, 0u8, u8::MAX))?;
    Ok(base
        .tid(tid)
        .crc(p.crc)
        .markers_rx(p.markers_rx)
        .markers_tx(p.markers_tx)
        .ird(ird)
        .ord(ord)
        .tx_start(tx_start)
        .send_mulpdu(mulpdu_for_mss(mss, false)))
}

/// Posts the receive work requests of `q`.
fn post_pre_recv(q: &CmQp) -> Result<()> {
    let wrs: Vec<RecvWr<'_>> = q
        .recv
        .iter()
        .map(|(wr_id, sg)| RecvWr {
            wr_id: *wr_id,
            sg_list: sg,
        })
        .collect();
    q.qp.post_recv(&wrs)
}

/// Moves a QP to ERROR unless it is in RESET (never set up) or there.
fn qp_to_error(qp: &QueuePair) -> Result<()> {
    match qp.state()? {
        QpState::Reset | QpState::Error => Ok(()),
        _ => qp.modify(&QpAttrs::new(QpState::Error)),
    }
}

/// Refuses an IRD or ORD a queue pair cannot take.
fn check_ird_ord(ird: u16, ord: u16) -> Result<()> {
    if u32::from(ird) > MAX_IRD {
        return Err(Error::range("ird", ird, 0u32, MAX_IRD));
    }
    if u32::from(ord) > MAX_ORD {
        return Err(Error::range("ord", ord, 0u32, MAX_ORD));
    }
    Ok(())
}

/// Refuses what a connect cannot take: private data, IRD or ORD out of
/// range, and with a QP, IRD/ORD beyond its limits, the peer-to-peer
/// model, a QP not in RESET.
fn check_connect(p: &ConnectParams<'_>, qp: Option<&CmQp>) -> Result<()> {
    if p.private_data.len() > MAX_PRIVATE_DATA {
        return Err(Error::arg(
            "private_data",
            ArgError::TooLong {
                got: p.private_data.len(),
                max: MAX_PRIVATE_DATA,
            },
        ));
    }
    if p.ird > MAX_IRD_ORD {
        return Err(Error::range("ird", p.ird, 0u16, MAX_IRD_ORD));
    }
    if p.ord > MAX_IRD_ORD {
        return Err(Error::range("ord", p.ord, 0u16, MAX_IRD_ORD));
    }
    if let Some(q) = qp {
        check_ird_ord(p.ird, p.ord)?;
        if p.p2p {
            return Err(Error::arg("p2p", ArgError::PeerToPeerWithQp));
        }
        check_reset(&q.qp)?;
    }
    Ok(())
}

/// What connection `c` has to report now, if anything: an event kept for
/// it, its MPA setup's progress, or its reply acknowledged.
fn conn_news(nic: &Nic, now: u64, c: &mut Conn) -> Result<Option<Progress>> {
    if let Some(ev) = c.news.take() {
        return Ok(Some(Progress::Event(ev)));
    }
    if c.deadline.is_some_and(|d| now >= d) {
        match c.phase {
            Phase::Connecting { .. } => return Ok(Some(Progress::Expired { handshake: false })),
            Phase::Setup => return Ok(Some(Progress::Expired { handshake: true })),
            _ => {}
        }
    }
    match c.phase {
        Phase::Setup => {
            let (Some(setup), Some(st)) = (c.setup.as_mut(), c.stream.as_mut()) else {
                return Ok(None);
            };
            Ok(setup.poll(nic, st)?.map(Progress::Mpa))
        }
        Phase::ReplySent { .. } => {
            let Some(st) = c.stream.as_mut() else {
                return Ok(None);
            };
            st.poll()?;
            Ok((st.unacked() == 0).then_some(Progress::ReplyAcked))
        }
        _ => Ok(None),
    }
}

fn check_reset(qp: &QueuePair) -> Result<()> {
    let state = qp.state()?;
    if state != QpState::Reset {
        return Err(Error::arg(
            "qp",
            ArgError::QpState {
                qp: qp.qp_num(),
                state,
                need: QpState::Reset,
            },
        ));
    }
    Ok(())
}

impl<'n> Cm<'n> {
    /// A connection manager for `nic`. It takes the TCP events of its own
    /// connections and listeners only ([`TcpOwner`]), so the raw TCP API
    /// and other managers share the NIC with it. Its connections offer
    /// [`DEFAULT_RCV_WND`].
    pub fn new(nic: &'n Nic) -> Cm<'n> {
        Cm {
            nic,
            tcp: nic.tcp_owner(),
            rcv_wnd: DEFAULT_RCV_WND,
            listeners: HashMap::new(),
            conns: BTreeMap::new(),
            next_poll: 0,
            backlog_resets: 0,
            returned: HashMap::new(),
            closing: None,
            stream_cq: None,
        }
    }

    /// The completion queue the connections' streams share (made on first
    /// use).
    fn stream_cq(&mut self) -> Result<StreamCq> {
        if let Some(cq) = &self.stream_cq {
            return Ok(cq.clone());
        }
        let cq = StreamCq::new(self.nic, STREAM_CQ_DEPTH)?;
        self.stream_cq = Some(cq.clone());
        Ok(cq)
    }

    /// Sets the TCP receive window that connections opened or listened
    /// for from now on offer (RCV.WND once their queue pair is bound; a
    /// streaming-mode connection offers its stream buffer's free space).
    /// The window scale offered in the handshake is the smallest that
    /// advertises it (RFC 7323 §2.3), so a window raised later on the
    /// connection stays within `65535 << shift`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for 0 or a window above
    /// [`crate::tcp::MAX_RCV_WND`].
    pub fn set_rcv_wnd(&mut self, bytes: u32) -> Result<()> {
        if bytes == 0 || bytes > crate::tcp::MAX_RCV_WND {
            return Err(Error::range("bytes", bytes, 1u32, crate::tcp::MAX_RCV_WND));
        }
        self.rcv_wnd = bytes;
        Ok(())
    }

    /// Reports [`CmEvent::TimewaitExit`] once a connection this side
    /// closed gracefully is fully closed (off by default).
    pub fn report_timewait_exit(&mut self) {
        self.closing.get_or_insert_with(Default::default);
    }

    /// The TCP receive window new connections offer.
    pub fn rcv_wnd(&self) -> u32 {
        self.rcv_wnd
    }

    /// Listens on `port` (rdma_listen) with up to `backlog` connections
    /// whose requests the consumer has not answered (in MPA setup, or
    /// reported and waiting for accept or reject). A connection beyond the
    /// backlog is reset as soon as its TCP handshake completes, so its
    /// initiator sees NON_PEER_REJECTED (seed 004: "Backlog of the
    /// requested Service Point is full") at once, not a timeout.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a backlog of 0; [`Error::Tcp`] when
    /// the port is in use (by this manager too) or no listener is free.
    pub fn listen(&mut self, port: u16, backlog: u16, cfg: MpaConfig) -> Result<()> {
        if backlog == 0 {
            return Err(Error::range("backlog", backlog, 1u16, u16::MAX));
        }
        // the firmware offers the smallest window scale for the window
        let id = self.tcp.listen(port, backlog, self.rcv_wnd)?;
        self.listeners.insert(port, Listener { id, cfg, backlog });
        Ok(())
    }

    /// Stops listening on `port` (rdma_destroy_id of a listening id):
    /// the engine takes no more connections for it, and the connections
    /// it took whose request has not been answered yet (still in MPA
    /// setup, or reported and waiting for accept or reject) are aborted
    /// without an event. Connections accepted before go on. Returns how
    /// many connections were dropped, the engine's (not yet taken from
    /// it) and the aborted ones.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] (`port`, [`ArgError::NotListening`])
    /// when this manager does not listen on `port`; [`Error::Tcp`]; a
    /// device or firmware failure while aborting the unanswered ones (all
    /// are aborted and dropped first, the first failure is returned).
    pub fn unlisten(&mut self, port: u16) -> Result<u32> {
        let mut dropped = self.close_listener(port)?;
        let pending: Vec<EndpointId> = self
            .conns
            .iter()
            .filter(|(_, c)| c.listen_port == Some(port) && c.unanswered())
            .map(|(&ep, _)| ep)
            .collect();
        let mut failed = None;
        for ep in pending {
            self.conns.remove(&ep);
            if let Err(e) = self.nic.tcp_abort_ending(ep) {
                failed.get_or_insert(e);
            }
            dropped += 1;
        }
        failed.map_or(Ok(dropped), Err)
    }

    /// Stops the engine's listener on `port`, keeping the connections it
    /// took, answered or not (a reserved service point that takes one
    /// request): returns how many embryonic connections the engine reset.
    ///
    /// # Errors
    /// As [`Cm::unlisten`].
    pub fn close_listener(&mut self, port: u16) -> Result<u32> {
        let l = self
            .listeners
            .remove(&port)
            .ok_or(Error::arg("port", ArgError::NotListening))?;
        self.tcp.unlisten(l.id)
    }

    /// Connects to `peer:port` (rdma_connect) with this request: private
    /// data, IRD, ORD and whether to ask for the peer-to-peer model; `qp`
    /// is the connection's queue pair (module documentation), or `None`
    /// for a streaming-mode connection.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for private data over 512 bytes or
    /// IRD/ORD over 0x3fff (with a QP: IRD over `verbs::MAX_IRD`, ORD
    /// over `verbs::MAX_ORD`), a QP not in RESET, or
    /// the peer-to-peer model with a QP; [`Error::Tcp`] when the open is
    /// refused at once.
    pub fn connect(
        &mut self,
        peer: Ipv4Addr,
        port: u16,
        cfg: MpaConfig,
        p: ConnectParams<'_>,
        qp: Option<CmQp>,
    ) -> Result<CmId> {
        self.connect_within(peer, port, cfg, p, qp, None)
    }

    /// As [`Cm::connect`], established within `timeout` of device time
    /// (`dat_ep_connect`'s timeout; `None` is DAT_TIMEOUT_INFINITE: only
    /// the TCP engine's and the MPA setup's own timers end the attempt).
    /// When it runs out the connection is aborted and reported as seed 004
    /// says: [`CmEvent::Unreachable`] while the TCP handshake has not
    /// completed ("the remote host does not respond within the Consumer
    /// requested Timeout"), else [`CmEvent::TimedOut`] ("the timeout
    /// expired prior to completion of the Connection establishment").
    ///
    /// # Errors
    /// As [`Cm::connect`]; [`Error::InvalidArgument`] for a zero timeout
    /// (DAT_INVALID_PARAMETER) or the port's own address as the peer
    /// ([`ArgError::OwnAddress`]).
    pub fn connect_within(
        &mut self,
        peer: Ipv4Addr,
        port: u16,
        cfg: MpaConfig,
        p: ConnectParams<'_>,
        qp: Option<CmQp>,
        timeout: Option<std::time::Duration>,
    ) -> Result<CmId> {
        if let Some(t) = timeout.filter(|t| t.is_zero()) {
            return Err(crate::error::zero_timeout(t));
        }
        check_connect(&p, qp.as_ref())?;
        let opts = ConnectOpts {
            tcp_opt: cpl_tcp_opt::WSCALE | cpl_tcp_opt::SACK,
            rcv_wscale: crate::tcp::wscale_for(self.rcv_wnd),
            rcv_wnd: self.rcv_wnd,
            ..ConnectOpts::default()
        };
        if self.nic.ipv4()?.0 == peer {
            return Err(Error::arg("peer", ArgError::OwnAddress));
        }
        let deadline = timeout.map(|t| {
            self.nic
                .device()
                .now_ns()
                .saturating_add(u64::try_from(t.as_nanos()).unwrap_or(u64::MAX))
        });
        let ep = self.tcp.connect(peer, port, &opts)?;
        self.conns.insert(
            ep,
            Conn {
                peer: SocketAddrV4::new(peer, port),
                listen_port: None,
                cfg,
                mss: 0,
                stream: None,
                setup: None,
                phase: Phase::Connecting {
                    private_data: p.private_data.to_vec(),
                    ird: p.ird,
                    ord: p.ord,
                    p2p: p.p2p,
                },
                qp,
                news: None,
                deadline,
                times: SetupTimes {
                    connect: self.nic.device().now_ns(),
                    ..SetupTimes::default()
                },
                ssp: None,
            },
        );
        Ok(CmId(ep))
    }

    /// Accepts a connection request (rdma_accept) with this end's private
    /// data and IRD/ORD, and `qp` as the connection's queue pair (module
    /// documentation), or `None` for a streaming-mode connection: the
    /// reply goes out at once, [`CmEvent::Established`] follows from
    /// [`Cm::poll`] (with a QP: once the peer has acknowledged the reply
    /// and the QP is in RTS).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for an id with no pending request,
    /// parameters out of range (with a QP: IRD over `verbs::MAX_IRD`, ORD
    /// over `verbs::MAX_ORD`), a QP not in
    /// RESET; the QP's errors (the request stays
    /// pending: reject it); stream errors.
    pub fn accept(&mut self, id: CmId, p: AcceptParams<'_>, qp: Option<CmQp>) -> Result<()> {
        let nic = self.nic;
        let c = self.pending(id)?;
        let Phase::Requested {
            crc: req_crc,
            markers: req_markers,
            ird_ord,
        } = c.phase
        else {
            return Err(no_request());
        };
        let (Some(setup), Some(st)) = (c.setup.as_mut(), c.stream.as_mut()) else {
            return Err(no_request());
        };
        let Some(q) = qp else {
            return match setup.accept(nic, st, p)? {
                MpaEvent::Established {
                    params,
                    private_data,
                } => {
                    c.phase = Phase::Established;
                    c.news = Some(CmEvent::Established {
                        id,
                        private_data,
                        params,
                    });
                    Ok(())
                }
                _ => Err(Error::FwProtocol(
                    "MPA accept without an established setup".into(),
                )),
            };
        };
        check_ird_ord(p.ird, p.ord)?;
        check_reset(&q.qp)?;
        let max = MAX_PRIVATE_DATA - ird_ord.map_or(0, |_| IRD_ORD_LEN);
        if p.private_data.len() > max {
            return Err(Error::arg(
                "private_data",
                ArgError::TooLong {
                    got: p.private_data.len(),
                    max,
                },
            ));
        }
        // what the reply will settle (the MPA endpoint's accept), so that
        // the QP is ready for the initiator's first FPDU before the reply
        // goes out
        let predicted = RdmaParams {
            revision: if ird_ord.is_some() {
                Revision::V2
            } else {
                Revision::V1
            },
            crc: req_crc || c.cfg.crc == CrcPolicy::Required,
            markers_tx: req_markers,
            markers_rx: c.cfg.markers == MarkerPolicy::Required,
            ird: p.ird,
            ord: ird_ord.map_or(p.ord, |io| p.ord.min(io.ird)),
            rtr: crate::mpa::RtrRole::None,
            await_first_fpdu: true,
        };
        let reply_len = HEADER_LEN + ird_ord.map_or(0, |_| IRD_ORD_LEN) + p.private_data.len();
        let tx_start = st.written().wrapping_add(reply_len as u32);
        let attrs = qp_attrs(q.attrs, st.tid(), c.mss, &predicted, tx_start)?;
        let prepared =
            q.qp.modify(&attrs)
                .and_then(|()| post_pre_recv(&q))
                .and_then(|()| q.qp.modify(&QpAttrs::new(QpState::Rtr)))
                .and_then(|()| q.qp.bind_receive(st));
        if let Err(e) = prepared {
            let _ = qp_to_error(&q.qp);
            return Err(e);
        }
        let ev = setup.accept(nic, st, p);
        let ok = match &ev {
            Ok(MpaEvent::Established { params, .. }) => {
                params.crc == predicted.crc
                    && params.ird == predicted.ird
                    && params.ord == predicted.ord
                    && params.markers_tx == predicted.markers_tx
                    && params.markers_rx == predicted.markers_rx
                    && st.written() == tx_start
            }
            _ => false,
        };
        if !ok {
            // the QP was set up for another reply: nothing may use it
            let _ = qp_to_error(&q.qp);
            let _ = nic.tcp_abort(id.0);
            self.conns.remove(&id.0);
            return match ev {
                Err(e) => Err(e),
                Ok(e) => Err(Error::Cm(CmFailure::ReplyMismatch(Box::new(e)))),
            };
        }
        let Ok(MpaEvent::Established { params, .. }) = ev else {
            return Err(Error::FwProtocol("MPA accept without an outcome".into()));
        };
        c.qp = Some(q);
        c.phase = Phase::ReplySent { params };
        Ok(())
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
            return Err(no_request());
        };
        setup.reject(nic, st, private_data)?;
        if let Some(c) = self.conns.remove(&id.0) {
            self.give_back(id, c);
        }
        Ok(())
    }

    /// Gives a connection up (rdma_disconnect): its QP goes to ERROR, then
    /// the connection closes gracefully once established, else it is
    /// aborted.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for an unknown id; [`Error::Tcp`]; the
    /// QP's errors (the connection is closed all the same).
    pub fn disconnect(&mut self, id: CmId) -> Result<()> {
        let c = self
            .conns
            .remove(&id.0)
            .ok_or(Error::arg("id", ArgError::UnknownConnection))?;
        let qp = c.qp.as_ref().map(|q| qp_to_error(&q.qp));
        let tcp = if c.established() {
            if let Some(closing) = &mut self.closing {
                closing.insert(id.0);
            }
            self.nic.tcp_close(id.0)
        } else {
            self.nic.tcp_abort(id.0)
        };
        tcp.and(qp.unwrap_or(Ok(())))
    }

    /// Resets a connection (an abrupt disconnect): its QP goes to ERROR
    /// and the TCP connection is aborted (RST) whatever its state.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for an unknown id; [`Error::Tcp`]; the
    /// QP's errors (the connection is reset all the same).
    pub fn abort(&mut self, id: CmId) -> Result<()> {
        let c = self
            .conns
            .remove(&id.0)
            .ok_or(Error::arg("id", ArgError::UnknownConnection))?;
        let qp = c.qp.as_ref().map(|q| qp_to_error(&q.qp));
        self.nic.tcp_abort(id.0).and(qp.unwrap_or(Ok(())))
    }

    /// The stream of an established connection without a queue pair (a
    /// streaming-mode consumer's data).
    pub fn stream(&mut self, id: CmId) -> Option<&mut TcpStream> {
        self.conns
            .get_mut(&id.0)
            .filter(|c| c.established() && c.qp.is_none())
            .and_then(|c| c.stream.as_mut())
    }

    /// When an initiator's connection passed each step of its setup (while
    /// the manager holds it).
    pub fn setup_times(&self, id: CmId) -> Option<SetupTimes> {
        self.conns.get(&id.0).map(|c| c.times)
    }

    /// The port of the listener that took a connection (a responder's;
    /// `None` for an initiator's or an unknown id).
    pub fn listen_port(&self, id: CmId) -> Option<u16> {
        self.conns.get(&id.0).and_then(|c| c.listen_port)
    }

    /// The queue pair of a connection, if it has one.
    pub fn qp(&self, id: CmId) -> Option<&Arc<QueuePair>> {
        self.conns
            .get(&id.0)
            .and_then(|c| c.qp.as_ref())
            .map(|q| &q.qp)
    }

    /// The next event, if any: TCP events first, then the MPA setups'
    /// progress and the queue pairs' bindings. Never blocks; run the
    /// device between polls.
    ///
    /// # Errors
    /// Mailbox and stream errors.
    pub fn poll(&mut self) -> Result<Option<CmEvent>> {
        while let Some(e) = self.tcp.poll_event()? {
            if let Some(ev) = self.tcp_event(e)? {
                return Ok(Some(ev));
            }
        }
        // the first connection with news from where the last poll
        // stopped, round robin (no per-poll allocation)
        let nic = self.nic;
        let now = nic.device().now_ns();
        let mut news = None;
        let from = EndpointId(self.next_poll);
        for (&ep, c) in self.conns.range_mut(from..) {
            if let Some(p) = conn_news(nic, now, c)? {
                news = Some((CmId(ep), p));
                break;
            }
        }
        if news.is_none() {
            for (&ep, c) in self.conns.range_mut(..from) {
                if let Some(p) = conn_news(nic, now, c)? {
                    news = Some((CmId(ep), p));
                    break;
                }
            }
        }
        let Some((id, progress)) = news else {
            return Ok(None);
        };
        self.next_poll = id.0 .0.wrapping_add(1);
        Ok(Some(match progress {
            Progress::Event(ev) => ev,
            Progress::Mpa(e) => self.mpa_event(id, e),
            Progress::ReplyAcked => self.responder_rts(id),
            Progress::Expired { handshake } => {
                if self.conns.get(&id.0).is_some_and(|c| c.ssp.is_some()) {
                    // a consumer's socket goes back to it, still connected
                    if let Some(c) = self.conns.remove(&id.0) {
                        self.give_back(id, c);
                    }
                    return Ok(Some(CmEvent::TimedOut { id }));
                }
                let aborted = self.nic.tcp_abort_ending(id.0);
                let ev = self
                    .gone(id.0, |id| {
                        if handshake {
                            CmEvent::TimedOut { id }
                        } else {
                            CmEvent::Unreachable { id }
                        }
                    })
                    .unwrap_or(CmEvent::TimedOut { id });
                aborted?;
                ev
            }
        }))
    }

    /// An MPA setup's event.
    fn mpa_event(&mut self, id: CmId, e: MpaEvent) -> CmEvent {
        let Some(c) = self.conns.get_mut(&id.0) else {
            return self.ended(id, e);
        };
        match e {
            MpaEvent::ConnectRequest {
                crc,
                markers,
                ird_ord,
                private_data,
                ..
            } => {
                c.phase = Phase::Requested {
                    crc,
                    markers,
                    ird_ord,
                };
                CmEvent::ConnectRequest {
                    id,
                    peer: c.peer,
                    private_data,
                    ird_ord: ird_ord.map(|io| (io.ird, io.ord)),
                }
            }
            MpaEvent::Established {
                params,
                private_data,
            } => {
                c.times.mpa = self.nic.device().now_ns();
                self.initiator_established(id, params, private_data)
            }
            e => self.ended(id, e),
        }
    }

    /// Initiator: the reply is in; the QP to RTS and ESTABLISHED, or the
    /// connection fails.
    fn initiator_established(
        &mut self,
        id: CmId,
        params: RdmaParams,
        private_data: Vec<u8>,
    ) -> CmEvent {
        match self.initiator_rts(id, &params) {
            Ok(()) => {
                if let Some(c) = self.conns.get_mut(&id.0) {
                    c.phase = Phase::Established;
                    c.times.established = self.nic.device().now_ns();
                }
                CmEvent::Established {
                    id,
                    private_data,
                    params,
                }
            }
            Err(why) => self.fail(id, why),
        }
    }

    /// Initiator: the reply is in; the QP, if any, to RTS.
    fn initiator_rts(&mut self, id: CmId, params: &RdmaParams) -> Result<(), CmFailure> {
        let Some(c) = self.conns.get_mut(&id.0) else {
            return Ok(());
        };
        let (Some(q), Some(st)) = (c.qp.as_ref(), c.stream.as_mut()) else {
            return Ok(());
        };
        let mss = c.mss;
        let mut set_up = || -> Result<u32> {
            let attrs = qp_attrs(q.attrs, st.tid(), mss, params, st.written())?;
            q.qp.modify(&attrs)?;
            post_pre_recv(q)?;
            q.qp.bind_connection(st)?;
            q.qp.modify(&QpAttrs::new(QpState::Rtr))?;
            q.qp.modify(&QpAttrs::new(QpState::Rts))?;
            // the MPA setup read up to the reply's end: anything after it
            // that reached the stream's buffer came before the binding
            st.poll()?;
            Ok(st.available())
        };
        match set_up().map_err(CmFailure::qp_setup)? {
            0 => Ok(()),
            bytes => Err(CmFailure::EarlyAfterReply { bytes }),
        }
    }

    /// Responder: the reply is acknowledged; the QP to RTS.
    fn responder_rts(&mut self, id: CmId) -> CmEvent {
        let Some(c) = self.conns.get_mut(&id.0) else {
            return CmEvent::ConnectError {
                id,
                reason: CmFailure::ConnectionGone,
            };
        };
        let Phase::ReplySent { params } = c.phase else {
            return CmEvent::ConnectError {
                id,
                reason: CmFailure::NoReplySent,
            };
        };
        let (Some(q), Some(st)) = (c.qp.as_ref(), c.stream.as_mut()) else {
            return CmEvent::ConnectError {
                id,
                reason: CmFailure::NoQueuePair,
            };
        };
        let mut step = || -> Result<(), CmFailure> {
            // bytes the initiator sent after its request and before the
            // receive binding landed in the stream's buffer
            st.poll().map_err(CmFailure::qp_setup)?;
            let early = st.available();
            if early != 0 {
                return Err(CmFailure::EarlyAfterRequest { bytes: early });
            }
            q.qp.bind_connection(st)
                .and_then(|()| q.qp.modify(&QpAttrs::new(QpState::Rts)))
                .map_err(CmFailure::qp_setup)
        };
        match step() {
            Ok(()) => {
                c.phase = Phase::Established;
                CmEvent::Established {
                    id,
                    private_data: Vec::new(),
                    params,
                }
            }
            Err(why) => self.fail(id, why),
        }
    }

    /// Fails a connection after the MPA exchange: QP to ERROR, abort.
    fn fail(&mut self, id: CmId, reason: CmFailure) -> CmEvent {
        if let Some(c) = self.conns.remove(&id.0) {
            if let Some(q) = &c.qp {
                let _ = qp_to_error(&q.qp);
            }
            let _ = self.nic.tcp_abort(id.0);
        }
        CmEvent::ConnectError { id, reason }
    }

    /// A connection with a request the consumer has not answered.
    fn pending(&mut self, id: CmId) -> Result<&mut Conn> {
        self.conns
            .get_mut(&id.0)
            .filter(|c| matches!(c.phase, Phase::Requested { .. }) && c.setup.is_some())
            .ok_or_else(no_request)
    }

    /// The event of a setup that ended without a connection; the
    /// connection is forgotten (the MPA setup closed or aborted it).
    fn ended(&mut self, id: CmId, e: MpaEvent) -> CmEvent {
        if let Some(c) = self.conns.remove(&id.0) {
            if let Some(q) = &c.qp {
                let _ = qp_to_error(&q.qp);
            }
            // the peer's reject leaves an SSP's socket connected
            if matches!(e, MpaEvent::PeerRejected { .. }) {
                self.give_back(id, c);
            }
        }
        match e {
            MpaEvent::PeerRejected { private_data } => CmEvent::PeerRejected { id, private_data },
            MpaEvent::TimedOut => CmEvent::TimedOut { id },
            MpaEvent::Failed(MpaError::Timeout) => CmEvent::TimedOut { id },
            MpaEvent::Failed(err) => CmEvent::NonPeerRejected {
                id,
                reason: CmFailure::Mpa(err),
            },
            other => CmEvent::NonPeerRejected {
                id,
                reason: CmFailure::UnexpectedMpaEvent(Box::new(other)),
            },
        }
    }

    /// Forgets a connection whose endpoint is gone (its QP to ERROR); its
    /// event, if the CM knew it.
    fn gone(&mut self, ep: EndpointId, f: impl FnOnce(CmId) -> CmEvent) -> Option<CmEvent> {
        let c = self.conns.remove(&ep)?;
        if let Some(q) = &c.qp {
            let _ = qp_to_error(&q.qp);
        }
        Some(f(CmId(ep)))
    }

    /// Connections its listeners reset because their backlog was full.
    pub fn backlog_resets(&self) -> u64 {
        self.backlog_resets
    }
}

impl Drop for Cm<'_> {
    /// Releases everything (rdma_destroy_id of every id): each connection
    /// is aborted (its peer sees a reset) and its QP, which stays the
    /// caller's, moved to ERROR; each listener is stopped. Connections of
    /// the raw TCP API on the NIC are not touched.
    fn drop(&mut self) {
        for l in std::mem::take(&mut self.listeners).into_values() {
            let _ = self.tcp.unlisten(l.id);
        }
        for (ep, c) in std::mem::take(&mut self.conns) {
            if let Some(q) = &c.qp {
                let _ = qp_to_error(&q.qp);
            }
            let _ = self.nic.tcp_abort(ep);
        }
    }
}

/// The error of a call about a connection with no request pending.
fn no_request() -> Error {
    Error::arg("id", ArgError::NoPendingRequest)
}

/// What [`Cm::poll`] found on a connection.
enum Progress {
    Event(CmEvent),
    Mpa(MpaEvent),
    ReplyAcked,
    /// The initiator's timeout ran out ([`Cm::connect_within`]), after the
    /// TCP handshake or before it.
    Expired {
        handshake: bool,
    },
}
