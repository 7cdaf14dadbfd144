//! The pieces an RDMA application on warpnic is made of, for tests that
//! speak an existing application's protocol (rping, perftest) to a real
//! peer: one NIC's connection manager and protection domain, connections
//! whose queue pairs the [`Cm`] binds, registered buffers, and waits that
//! let the world run.
//!
//! Every wait calls a `step` closure between looks: it runs the simulated
//! device a little (and whatever else the test must watch, such as a guest
//! that may have exited) and returns an error to give up with. The
//! peers never block otherwise, and never panic: they return what went
//! wrong as a [`PeerError`] string with the context.

use std::collections::VecDeque;
use std::net::Ipv4Addr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use warpnic::cm::CmQp;
use warpnic::mpa::{AcceptParams, ConnectParams, MpaConfig, RdmaParams};
use warpnic::verbs::{AccessFlags, WorkCompletion};
use warpnic::{
    Cm, CmEvent, CmFailure, CmId, CompletionQueue, DmaPerm, MemoryRegion, Nic, ProtectionDomain,
    QpCaps, QueuePair, RecvWr,
};
use warpnic_abi::gen::CqeStatus;

/// How long a wait goes on for completions after the peer's close.
const CLOSE_GRACE: Duration = Duration::from_millis(300);

/// What went wrong, with its context.
pub type PeerError = String;

/// A peer's result.
pub type PeerResult<T> = Result<T, PeerError>;

/// Lets the world run a little; an error gives up the wait.
pub type Step<'a> = dyn FnMut() -> PeerResult<()> + 'a;

/// A registered buffer in DMA memory.
pub struct Buf {
    /// The region (its `addr` is the Tagged Offset peers use).
    pub mr: MemoryRegion,
}

impl Buf {
    /// Bytes at `off`.
    pub fn read(&self, off: usize, len: usize) -> PeerResult<Vec<u8>> {
        let mut b = vec![0u8; len];
        self.mr
            .mem()
            .read(off, &mut b)
            .map_err(|e| format!("reading a buffer: {e}"))?;
        Ok(b)
    }

    /// Writes `data` at `off`.
    pub fn write(&self, off: usize, data: &[u8]) -> PeerResult<()> {
        self.mr
            .mem()
            .write(off, data)
            .map_err(|e| format!("writing a buffer: {e}"))
    }

    /// A scatter/gather entry list of one entry: `len` bytes at `off`.
    pub fn sge(&self, off: u64, len: u32) -> PeerResult<[warpnic::Sge; 1]> {
        Ok([self.mr.sge(off, len).map_err(|e| format!("{e}"))?])
    }

    /// The Tagged Offset of byte `off`.
    pub fn addr(&self, off: u64) -> u64 {
        self.mr.addr() + off
    }

    /// The STag peers name it with.
    pub fn rkey(&self) -> u32 {
        self.mr.rkey()
    }
}

/// A connection's queue pair with its completion queue (send and receive
/// completions on one CQ: the card has few).
pub struct Conn {
    /// The connection.
    pub id: CmId,
    /// Its queue pair.
    pub qp: Arc<QueuePair>,
    /// Its completion queue.
    pub cq: Arc<CompletionQueue>,
    /// Completions taken while waiting for others.
    held: VecDeque<WorkCompletion>,
    /// The peer's private data in its accept (initiator).
    pub private_data: Vec<u8>,
    /// What MPA settled.
    pub params: RdmaParams,
}

/// A connection request.
#[derive(Clone, Debug)]
pub struct Request {
    /// The connection.
    pub id: CmId,
    /// The initiator's private data.
    pub private_data: Vec<u8>,
    /// The initiator's IRD and ORD, if it sent them.
    pub ird_ord: Option<(u16, u16)>,
}

/// One NIC's side: the connection manager, a protection domain, the
/// events not yet taken.
pub struct Endpoint<'n> {
    /// The NIC.
    pub nic: &'n Nic,
    /// Its connection manager.
    pub cm: Cm<'n>,
    /// The protection domain of every QP and buffer.
    pub pd: ProtectionDomain,
    events: VecDeque<CmEvent>,
    /// Wall-clock limit of every wait.
    pub deadline: Instant,
}

fn err(what: &str) -> impl FnOnce(warpnic::Error) -> PeerError + '_ {
    move |e| format!("{what}: {e}")
}

impl<'n> Endpoint<'n> {
    /// The side of `nic`; every wait gives up at `deadline`.
    pub fn new(nic: &'n Nic, deadline: Instant) -> PeerResult<Endpoint<'n>> {
        Ok(Endpoint {
            nic,
            cm: Cm::new(nic),
            pd: nic.alloc_pd().map_err(err("PD"))?,
            events: VecDeque::new(),
            deadline,
        })
    }

    /// A buffer of `len` bytes with `access`.
    pub fn buf(&self, len: usize, access: AccessFlags) -> PeerResult<Buf> {
        let mem = Arc::new(
            self.nic
                .alloc_dma(len, DmaPerm::RW)
                .map_err(err("DMA memory"))?,
        );
        Ok(Buf {
            mr: self.pd.reg_mr(&mem, 0, len, access).map_err(err("MR"))?,
        })
    }

    /// A QP (in RESET) with one CQ for both queues.
    pub fn qp(&self, caps: QpCaps) -> PeerResult<(Arc<QueuePair>, Arc<CompletionQueue>)> {
        let depth = ((caps.max_recv_wr + caps.max_send_wr) as usize)
            .next_power_of_two()
            .max(64);
        let cq = Arc::new(CompletionQueue::new(self.nic, depth, None).map_err(err("CQ"))?);
        let qp = self.pd.create_qp(&cq, &cq, caps).map_err(err("QP"))?;
        Ok((Arc::new(qp), cq))
    }

    fn check_deadline(&self, what: &str) -> PeerResult<()> {
        if Instant::now() > self.deadline {
            return Err(format!("gave up waiting for {what}: wall-clock deadline"));
        }
        Ok(())
    }

    /// Takes the CM's events into the queue.
    fn pump(&mut self) -> PeerResult<()> {
        while let Some(e) = self.cm.poll().map_err(err("CM poll"))? {
            self.events.push_back(e);
        }
        Ok(())
    }

    /// The first queued event that `pick` takes (the others stay queued),
    /// waiting for it.
    pub fn wait_event<T>(
        &mut self,
        what: &str,
        step: &mut Step<'_>,
        mut pick: impl FnMut(&CmEvent) -> Option<T>,
    ) -> PeerResult<T> {
        loop {
            self.pump()?;
            if let Some(i) = self.events.iter().position(|e| pick(e).is_some()) {
                let e = self.events.remove(i).ok_or("event vanished")?;
                return pick(&e).ok_or_else(|| "event changed".into());
            }
            self.check_deadline(what)?;
            step().map_err(|e| format!("waiting for {what}: {e}"))?;
        }
    }

    /// An event about connection `id` other than ESTABLISHED, if one is
    /// queued (a failure or a disconnect).
    pub fn trouble(&mut self, id: CmId) -> PeerResult<Option<CmEvent>> {
        self.pump()?;
        Ok(self
            .events
            .iter()
            .find(|e| event_id(e) == Some(id) && !matches!(e, CmEvent::Established { .. }))
            .cloned())
    }

    /// Waits `d` of wall time, letting the world run.
    pub fn sleep(&mut self, d: Duration, step: &mut Step<'_>) -> PeerResult<()> {
        let end = Instant::now() + d;
        while Instant::now() < end {
            self.pump()?;
            step()?;
        }
        Ok(())
    }

    /// Connects to `ip:port` with a new QP of `caps` that has `recv`
    /// posted before the peer can send, and waits for ESTABLISHED. A
    /// refused TCP open (nobody listens yet) is tried again after
    /// `retry_gap`, up to `tries` times in all.
    #[allow(clippy::too_many_arguments)]
    pub fn connect(
        &mut self,
        ip: Ipv4Addr,
        port: u16,
        cfg: MpaConfig,
        p: ConnectParams<'_>,
        caps: QpCaps,
        recv: &[RecvWr<'_>],
        tries: u32,
        retry_gap: Duration,
        step: &mut Step<'_>,
    ) -> PeerResult<Conn> {
        let mut last = String::new();
        for attempt in 1..=tries.max(1) {
            let (qp, cq) = self.qp(caps)?;
            let id = self
                .cm
                .connect(
                    ip,
                    port,
                    cfg,
                    p,
                    Some(CmQp::new(qp.clone()).post_recv(recv)),
                )
                .map_err(err("connect"))?;
            let what = format!("ESTABLISHED of the connection to {ip}:{port}");
            let ev = self.wait_event(&what, step, |e| {
                (event_id(e) == Some(id)).then(|| e.clone())
            })?;
            match ev {
                CmEvent::Established {
                    private_data,
                    params,
                    ..
                } => {
                    return Ok(Conn {
                        id,
                        qp,
                        cq,
                        held: VecDeque::new(),
                        private_data,
                        params,
                    })
                }
                CmEvent::NonPeerRejected {
                    reason: reason @ CmFailure::Tcp(_),
                    ..
                } => {
                    last = format!("attempt {attempt}: {reason}");
                    self.sleep(retry_gap, step)?;
                }
                e => return Err(format!("connecting to {ip}:{port}: {e:?}")),
            }
        }
        Err(format!(
            "connecting to {ip}:{port}: refused {tries} times ({last})"
        ))
    }

    /// Waits for a connection request on a port this side listens on.
    pub fn wait_request(&mut self, step: &mut Step<'_>) -> PeerResult<Request> {
        self.wait_event("a connection request", step, |e| match e {
            CmEvent::ConnectRequest {
                id,
                private_data,
                ird_ord,
                ..
            } => Some(Request {
                id: *id,
                private_data: private_data.clone(),
                ird_ord: *ird_ord,
            }),
            _ => None,
        })
    }

    /// Accepts request `id` with a new QP of `caps` that has `recv`
    /// posted before the reply goes out, and waits for ESTABLISHED.
    pub fn accept(
        &mut self,
        id: CmId,
        p: AcceptParams<'_>,
        caps: QpCaps,
        recv: &[RecvWr<'_>],
        step: &mut Step<'_>,
    ) -> PeerResult<Conn> {
        let (qp, cq) = self.qp(caps)?;
        self.cm
            .accept(id, p, Some(CmQp::new(qp.clone()).post_recv(recv)))
            .map_err(err("accept"))?;
        let ev = self.wait_event("ESTABLISHED of an accepted connection", step, |e| {
            (event_id(e) == Some(id)).then(|| e.clone())
        })?;
        match ev {
            CmEvent::Established { params, .. } => Ok(Conn {
                id,
                qp,
                cq,
                held: VecDeque::new(),
                private_data: Vec::new(),
                params,
            }),
            e => Err(format!("accepting: {e:?}")),
        }
    }

    /// The next work completion of `c` that `pick` takes (others are held
    /// for later waits), failing on an unsuccessful one or on trouble with
    /// the connection.
    pub fn wait_wc(
        &mut self,
        c: &mut Conn,
        what: &str,
        step: &mut Step<'_>,
        pick: impl Fn(&WorkCompletion) -> bool,
    ) -> PeerResult<WorkCompletion> {
        let mut wc = [WorkCompletion::default(); 16];
        // a close's event may come before the completions of the messages
        // sent before it: they get a little time
        let mut trouble_seen: Option<Instant> = None;
        loop {
            if let Some(i) = c.held.iter().position(&pick) {
                return c.held.remove(i).ok_or_else(|| "completion vanished".into());
            }
            let n = c.cq.poll_wc(&mut wc).map_err(err("poll_wc"))?;
            for w in &wc[..n] {
                if w.status != CqeStatus::Success {
                    let info = c.qp.error_info().ok().flatten();
                    return Err(format!(
                        "waiting for {what}: completion {w:?}; QP error {info:?}"
                    ));
                }
                c.held.push_back(*w);
            }
            if n > 0 {
                continue;
            }
            if let Some(e) = self.trouble(c.id)? {
                let since = *trouble_seen.get_or_insert_with(Instant::now);
                if since.elapsed() > CLOSE_GRACE || !matches!(e, CmEvent::Disconnected { .. }) {
                    let info = c.qp.error_info().ok().flatten();
                    return Err(format!("waiting for {what}: {e:?}; QP error {info:?}"));
                }
            }
            self.check_deadline(what)?;
            step().map_err(|e| format!("waiting for {what}: {e}"))?;
        }
    }

    /// Closes `c` (rdma_disconnect: its QP to ERROR, FIN), then waits
    /// until the QP has flushed every work request still posted, so that
    /// its rings may go.
    pub fn disconnect(&mut self, c: &mut Conn, step: &mut Step<'_>) -> PeerResult<()> {
        // a connection the peer reset is gone from the CM, its QP in ERROR
        if self.cm.qp(c.id).is_some() {
            self.cm.disconnect(c.id).map_err(err("disconnect"))?;
        }
        self.drain(c, step)
    }

    /// Takes the completions of a QP in ERROR until nothing is posted. The
    /// peer has no part in it: a `step` that gives up (the peer is gone,
    /// say) does not end it, the deadline does.
    pub fn drain(&mut self, c: &mut Conn, step: &mut Step<'_>) -> PeerResult<()> {
        let mut wc = [WorkCompletion::default(); 16];
        loop {
            let n = c.cq.poll_wc(&mut wc).map_err(err("poll_wc"))?;
            c.held.extend(wc[..n].iter().copied());
            let recv = c.qp.recv_outstanding().map_err(err("QP"))?;
            let send = c.qp.send_outstanding().map_err(err("QP"))?;
            if recv == 0 && send == 0 {
                return Ok(());
            }
            if n == 0 {
                self.check_deadline("the QP's flush")?;
                // the step runs the device before it looks at the peer
                let _ = step();
            }
        }
    }

    /// Waits until the peer closes `c` (DISCONNECTED), then closes it.
    pub fn wait_disconnect(&mut self, c: &mut Conn, step: &mut Step<'_>) -> PeerResult<()> {
        let id = c.id;
        self.wait_event("the peer's disconnect", step, |e| {
            matches!(e, CmEvent::Disconnected { id: i } if *i == id).then_some(())
        })?;
        self.disconnect(c, step)
    }
}

/// The connection an event is about.
pub fn event_id(e: &CmEvent) -> Option<CmId> {
    Some(e.id())
}
