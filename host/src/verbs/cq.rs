//! Completion and event queues.
//!
//! A [`CompletionQueue`] is a ring the card writes completion entries into
//! by DMA, each with a phase bit; [`CompletionQueue::poll`] takes them in
//! order and tells the hardware its consumer index (every eighth of the
//! ring, and on a run of empty polls). Armed, a CQ posts an event to its
//! [`EventQueue`], whose interrupt vector is the EQ's index. A CQ keeps its
//! EQ alive.
//!
//! Three kinds of work complete to a CQ:
//!
//! - RDMA queue pairs: their completions name the QP and carry what the
//!   work request did ([`RdmaCqeInfo`]); [`CompletionQueue::poll_wc`]
//!   decodes them ([`super::wc`]);
//! - TCP streams: their completions name the connection and carry stream
//!   offsets ([`crate::stream`]);
//! - raw work queues ([`crate::raw`]): a queue registers with the CQ it
//!   completes to, as a `Flush`, and the CQ hands it each of its
//!   completions: the queue says whose request it was, whether the user
//!   asked for the completion, and, when an error stops the queue, which
//!   requests are flushed (the library completes those itself, `Flushed`,
//!   in order after the failed one).

use std::collections::VecDeque;
use std::sync::atomic::{fence, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use warpnic_abi::gen::{self, regs, Cqe, CqeOpcode, CqeStatus, Eqe, EqeType, QueueState};

use crate::device::DmaPerm;
use crate::error::{Error, Result};
use crate::mem::DmaMem;
use crate::nic::{Nic, QueueKind};
use crate::ring::{check_depth, lock, program_ring, quiesce, take_queue, STATE_BUSY_CQ};

/// A work queue that completes to a [`CompletionQueue`] and registered
/// with it ([`CompletionQueue::register`]): the CQ hands it each of its
/// completion entries.
pub(crate) trait Flush: Send + Sync {
    /// The hardware completed the request at ring index `idx` (15:0 of its
    /// free-running index), and every one before it, with `status`.
    /// Returns the request's wr_id when the completion is the user's
    /// (`None`: one the library asked for itself, which the CQ hides). If
    /// the status stops the queue, the queue enters error and hands the
    /// wr_id of every later request it holds to `flushed`, in order.
    fn complete(
        &self,
        idx: u16,
        status: CqeStatus,
        flushed: &mut dyn FnMut(u64),
    ) -> Result<Option<u64>>;
}

/// One event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    /// What happened (raw code when unknown to this library).
    pub kind: Result<EqeType, u8>,
    /// CQ, SQ or RQ number.
    pub source: u16,
    /// Event data (the error status for queue errors).
    pub data: u32,
    /// Device cycle counter (31:0).
    pub timestamp: u32,
}

/// An event queue: its interrupt vector is its index.
pub struct EventQueue {
    inner: Arc<EqShared>,
}

pub(crate) struct EqShared {
    nic: Nic,
    n: u32,
    mem: DmaMem,
    log: u32,
    ci: Mutex<u32>,
}

impl EventQueue {
    /// Creates an event queue of `depth` entries with interrupts enabled.
    ///
    /// # Errors
    /// [`Error::BadDepth`], [`Error::NoFreeQueue`] or a backend error.
    pub fn new(nic: &Nic, depth: usize) -> Result<EventQueue> {
        let log = check_depth(depth)?;
        let (n, mem) = take_queue(
            nic,
            QueueKind::Eq,
            depth * gen::EQE_SIZE as usize,
            DmaPerm::WRITE,
        )?;
        let eq = EventQueue {
            inner: Arc::new(EqShared {
                nic: nic.clone(),
                n,
                mem,
                log,
                ci: Mutex::new(0),
            }),
        };
        let e = regs::eq::elem(n);
        nic.wr(e + regs::eq::elem::CTRL, 0)?;
        program_ring(nic, e, &eq.inner.mem, log)?;
        nic.wr(e + regs::eq::elem::CTRL, 0b11)?;
        Ok(eq)
    }

    /// Index, which is also the interrupt vector.
    pub fn index(&self) -> u32 {
        self.inner.n
    }

    /// Interrupt moderation: interrupt once `count` events are pending or
    /// the oldest is `usecs` old.
    ///
    /// # Errors
    /// A backend error.
    pub fn set_moderation(&self, count: u16, usecs: u16) -> Result<()> {
        let e = regs::eq::elem(self.inner.n);
        self.inner
            .nic
            .wr(e + regs::eq::elem::MOD_COUNT, u32::from(count))?;
        self.inner
            .nic
            .wr(e + regs::eq::elem::MOD_USECS, u32::from(usecs))
    }

    /// Takes the events written so far.
    ///
    /// # Errors
    /// A backend error.
    pub fn poll(&self, out: &mut Vec<Event>) -> Result<usize> {
        let s = &self.inner;
        let mut ci = lock(&s.ci)?;
        let mask = (1u32 << s.log) - 1;
        let mut got = 0;
        loop {
            let slot = ((*ci & mask) as usize) * gen::EQE_SIZE as usize;
            let phase = u8::from((*ci >> s.log) & 1 == 0);
            if s.mem.read_u8(slot + 15)? & 1 != phase {
                break;
            }
            fence(Ordering::Acquire);
            let mut b = [0u8; 16];
            s.mem.read(slot, &mut b)?;
            let e = Eqe::from_bytes(&b);
            out.push(Event {
                kind: EqeType::try_from(e.event_type),
                source: e.source,
                data: e.data,
                timestamp: e.timestamp,
            });
            *ci = ci.wrapping_add(1);
            got += 1;
        }
        if got > 0 {
            s.nic
                .wr(regs::eq::elem(s.n) + regs::eq::elem::CI, *ci & 0xffff)?;
        }
        Ok(got)
    }

    /// Waits for this queue's interrupt (device time).
    ///
    /// # Errors
    /// A backend error.
    pub fn wait(&self, timeout: Duration) -> Result<bool> {
        Ok(self.inner.nic.device().wait_irq(self.inner.n, timeout)?)
    }
}

impl Drop for EqShared {
    fn drop(&mut self) {
        let _ = self
            .nic
            .wr(regs::eq::elem(self.n) + regs::eq::elem::CTRL, 0);
        self.nic.release_slot(QueueKind::Eq, self.n);
    }
}

/// What a completion reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompletionKind {
    /// A raw send (or NOP) completed.
    Send,
    /// A receive buffer was filled.
    Recv,
    /// A TCP stream's peer acknowledged bytes (`queue` is the connection
    /// id, `wr_id` the stream offset acknowledged, `byte_len` the bytes).
    TcpTxAcked,
    /// Bytes of a TCP stream are in its receive buffer (`queue` is the
    /// connection id, `wr_id` the stream offset after them, `byte_len` the
    /// bytes).
    TcpRx,
}

/// What an RDMA receive completion (CQE opcode RDMA_RECV or RDMA_RECV_IMM)
/// adds to its [`Completion`], undecoded;
/// [`WorkCompletion`](crate::verbs::WorkCompletion) decodes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RdmaCqeInfo {
    /// `RdmaRecv` or `RdmaRecvImm`.
    pub opcode: CqeOpcode,
    /// `gen::cqe_flags` bits (SE, INV, IMM).
    pub flags: u8,
    /// The CQE's imm_hi word: immediate data bits 63:32 with IMM.
    pub imm_hi: u32,
    /// The work request's ring index (15:0 of the free-running index).
    pub wqe_idx: u16,
}

/// One completion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Completion {
    /// The work request's wr_id.
    pub wr_id: u64,
    /// Send or receive.
    pub kind: CompletionKind,
    /// Send or receive queue index.
    pub queue: u32,
    /// Outcome.
    pub status: CqeStatus,
    /// Bytes sent or received (for a receive with `LocLenErr`, the frame's
    /// length).
    pub byte_len: u32,
    /// Device cycle counter (31:0) when completed; 0 for flushed requests.
    /// In an RDMA completion with `cqe_flags` IMM or INV: immediate data
    /// bits 31:0, or the invalidated STag.
    pub timestamp: u32,
    /// Set for an RDMA receive completion (`kind` is then
    /// [`CompletionKind::Recv`] and `queue` the QP number); `None` for raw
    /// and stream completions.
    pub rdma: Option<RdmaCqeInfo>,
}

impl Default for Completion {
    fn default() -> Self {
        Completion {
            wr_id: 0,
            kind: CompletionKind::Send,
            queue: 0,
            status: CqeStatus::Success,
            byte_len: 0,
            timestamp: 0,
            rdma: None,
        }
    }
}

/// The completion of an RDMA receive CQE (opcode RDMA_RECV or
/// RDMA_RECV_IMM), which names a QP rather than a raw receive queue;
/// `None` for any other opcode.
pub(crate) fn rdma_completion(cqe: &Cqe) -> Option<Completion> {
    let opcode = CqeOpcode::try_from(cqe.opcode).ok()?;
    if !matches!(
        opcode,
        CqeOpcode::RdmaRecv
            | CqeOpcode::RdmaRecvImm
            | CqeOpcode::RdmaSend
            | CqeOpcode::RdmaWrite
            | CqeOpcode::RdmaRead
            | CqeOpcode::RdmaImm
            | CqeOpcode::LocalInv
            | CqeOpcode::FastReg
    ) {
        return None;
    }
    let kind = if matches!(opcode, CqeOpcode::RdmaRecv | CqeOpcode::RdmaRecvImm) {
        CompletionKind::Recv
    } else {
        CompletionKind::Send
    };
    Some(Completion {
        wr_id: cqe.wr_id,
        kind,
        queue: u32::from(cqe.queue),
        status: CqeStatus::try_from(cqe.status).unwrap_or(CqeStatus::CqErr),
        byte_len: cqe.byte_len,
        timestamp: cqe.timestamp,
        rdma: Some(RdmaCqeInfo {
            opcode,
            flags: cqe.flags,
            imm_hi: cqe.imm_hi,
            wqe_idx: cqe.wqe_idx,
        }),
    })
}

/// A completion queue.
pub struct CompletionQueue {
    inner: Arc<CqShared>,
}

struct CqShared {
    nic: Nic,
    n: u32,
    mem: DmaMem,
    log: u32,
    _eq: Option<Arc<EqShared>>,
    st: Mutex<CqState>,
}

struct CqState {
    ci: u32,
    ci_told: u32,
    empty_polls: u32,
    flushed: VecDeque<Completion>,
    /// The work queues that complete here, by kind and index.
    sends: Vec<(u32, Weak<dyn Flush>)>,
    recvs: Vec<(u32, Weak<dyn Flush>)>,
}

impl CompletionQueue {
    /// Creates a completion queue of `depth` entries, reporting to `eq`
    /// when armed.
    ///
    /// # Errors
    /// [`Error::BadDepth`], [`Error::NoFreeQueue`] or a backend error.
    pub fn new(nic: &Nic, depth: usize, eq: Option<&EventQueue>) -> Result<CompletionQueue> {
        let log = check_depth(depth)?;
        let (n, mem) = take_queue(
            nic,
            QueueKind::Cq,
            depth * gen::CQE_SIZE as usize,
            DmaPerm::WRITE,
        )?;
        let cq = CompletionQueue {
            inner: Arc::new(CqShared {
                nic: nic.clone(),
                n,
                mem,
                log,
                _eq: eq.map(|e| e.inner.clone()),
                st: Mutex::new(CqState {
                    ci: 0,
                    ci_told: 0,
                    empty_polls: 0,
                    flushed: VecDeque::new(),
                    sends: Vec::new(),
                    recvs: Vec::new(),
                }),
            }),
        };
        let e = regs::cq::elem(n);
        nic.wr(e + regs::cq::elem::CTRL, 0)?;
        program_ring(nic, e, &cq.inner.mem, log)?;
        nic.wr(e + regs::cq::elem::EQN, eq.map_or(0, |q| q.index()))?;
        nic.wr(e + regs::cq::elem::CTRL, 1)?;
        Ok(cq)
    }

    /// Index of the hardware CQ.
    pub fn index(&self) -> u32 {
        self.inner.n
    }

    /// The NIC the CQ belongs to.
    pub(crate) fn nic(&self) -> &Nic {
        &self.inner.nic
    }

    /// Another handle of the same CQ (a work queue keeps its CQ alive).
    pub(crate) fn share(&self) -> CompletionQueue {
        CompletionQueue {
            inner: self.inner.clone(),
        }
    }

    /// Registers work queue `index` of `kind` ([`CompletionKind::Send`] or
    /// [`CompletionKind::Recv`]): its completions go to `q` from now on.
    /// The CQ keeps it weakly: a queue that is gone is forgotten.
    ///
    /// # Errors
    /// Only if the CQ's state was poisoned.
    pub(crate) fn register(
        &self,
        kind: CompletionKind,
        index: u32,
        q: Weak<dyn Flush>,
    ) -> Result<()> {
        let mut st = lock(&self.inner.st)?;
        let list = if kind == CompletionKind::Recv {
            &mut st.recvs
        } else {
            &mut st.sends
        };
        list.retain(|(_, w)| w.strong_count() > 0);
        list.push((index, q));
        Ok(())
    }

    /// Arms the CQ: its next completion posts an event.
    ///
    /// # Errors
    /// A backend error.
    pub fn arm(&self) -> Result<()> {
        self.inner
            .nic
            .wr(regs::cq::elem(self.inner.n) + regs::cq::elem::ARM, 1)
    }

    /// Takes up to `out.len()` completions; returns how many.
    ///
    /// # Errors
    /// [`Error::CqOverflow`] when the hardware CQ overflowed, or a backend
    /// error.
    pub fn poll(&self, out: &mut [Completion]) -> Result<usize> {
        let s = &*self.inner;
        let mut st = lock(&s.st)?;
        let mut got = 0;
        while got < out.len() {
            if let Some(c) = st.flushed.pop_front() {
                out[got] = c;
                got += 1;
                continue;
            }
            let mask = (1u32 << s.log) - 1;
            let slot = ((st.ci & mask) as usize) * gen::CQE_SIZE as usize;
            let phase = u8::from((st.ci >> s.log) & 1 == 0);
            if s.mem.read_u8(slot + 31)? & 1 != phase {
                break;
            }
            fence(Ordering::Acquire);
            let mut b = [0u8; 32];
            s.mem.read(slot, &mut b)?;
            st.ci = st.ci.wrapping_add(1);
            let cqe = Cqe::from_bytes(&b);
            if let Some(c) = Self::account(&mut st, &cqe)? {
                out[got] = c;
                got += 1;
            }
        }
        let consumed = st.ci.wrapping_sub(st.ci_told);
        if consumed > 0 && consumed >= ((1u32 << s.log) / 8).max(1) {
            s.nic
                .wr(regs::cq::elem(s.n) + regs::cq::elem::CI, st.ci & 0xffff)?;
            st.ci_told = st.ci;
        }
        if got == 0 {
            st.empty_polls = st.empty_polls.wrapping_add(1);
            if st.empty_polls % 1024 == 0 {
                if consumed > 0 {
                    s.nic
                        .wr(regs::cq::elem(s.n) + regs::cq::elem::CI, st.ci & 0xffff)?;
                    st.ci_told = st.ci;
                }
                let state = s.nic.rd(regs::cq::elem(s.n) + regs::cq::elem::STATE)?;
                if state & 0xff == u32::from(u8::from(QueueState::Error)) {
                    return Err(Error::CqOverflow(s.n));
                }
            }
        } else {
            st.empty_polls = 0;
        }
        Ok(got)
    }

    /// Polls until `out` has at least one completion or `timeout` (device
    /// time) passes, letting the device progress in between.
    ///
    /// # Errors
    /// As [`CompletionQueue::poll`].
    pub fn poll_wait(&self, out: &mut [Completion], timeout: Duration) -> Result<usize> {
        let dev = self.inner.nic.device();
        let deadline = dev.now_ns().saturating_add(timeout.as_nanos() as u64);
        loop {
            let n = self.poll(out)?;
            if n > 0 || dev.now_ns() >= deadline {
                return Ok(n);
            }
            dev.relax();
        }
    }

    /// Matches a CQE with its work queue; returns the user-visible
    /// completion (None for a completion the library requested itself).
    fn account(st: &mut CqState, cqe: &Cqe) -> Result<Option<Completion>> {
        // RDMA receive completions name a QP, whose ring verbs tracks
        if let Some(c) = rdma_completion(cqe) {
            return Ok(Some(c));
        }
        let status = CqeStatus::try_from(cqe.status).unwrap_or(CqeStatus::CqErr);
        let kind = match CqeOpcode::try_from(cqe.opcode) {
            Ok(CqeOpcode::Recv) => CompletionKind::Recv,
            Ok(k @ (CqeOpcode::TcpTxAcked | CqeOpcode::TcpRx)) => {
                // stream completions name a connection, not a work queue
                return Ok(Some(Completion {
                    wr_id: cqe.wr_id,
                    kind: if k == CqeOpcode::TcpRx {
                        CompletionKind::TcpRx
                    } else {
                        CompletionKind::TcpTxAcked
                    },
                    queue: u32::from(cqe.queue),
                    status,
                    byte_len: cqe.byte_len,
                    timestamp: cqe.timestamp,
                    rdma: None,
                }));
            }
            _ => CompletionKind::Send,
        };
        let list = if kind == CompletionKind::Recv {
            &st.recvs
        } else {
            &st.sends
        };
        let queue = u32::from(cqe.queue);
        let wq = list
            .iter()
            .find(|(q, _)| *q == queue)
            .and_then(|(_, w)| w.upgrade());
        let Some(wq) = wq else {
            // the queue is gone: report what the hardware said
            return Ok(Some(Completion {
                wr_id: cqe.wr_id,
                kind,
                queue,
                status,
                byte_len: cqe.byte_len,
                timestamp: cqe.timestamp,
                rdma: None,
            }));
        };
        let mut flush = |wr_id| {
            st.flushed.push_back(Completion {
                wr_id,
                kind,
                queue,
                status: CqeStatus::Flushed,
                byte_len: 0,
                timestamp: 0,
                rdma: None,
            })
        };
        Ok(wq
            .complete(cqe.wqe_idx, status, &mut flush)?
            .map(|wr_id| Completion {
                wr_id,
                kind,
                queue,
                status,
                byte_len: cqe.byte_len,
                timestamp: cqe.timestamp,
                rdma: None,
            }))
    }
}

impl Drop for CqShared {
    fn drop(&mut self) {
        let e = regs::cq::elem(self.n);
        let _ = self.nic.wr(e + regs::cq::elem::CTRL, 0);
        quiesce(&self.nic, e + regs::cq::elem::STATE, STATE_BUSY_CQ);
        self.nic.release_slot(QueueKind::Cq, self.n);
    }
}
