//! Raw Ethernet queues: post frames, post receive buffers, poll
//! completions, wait for events.
//!
//! Ownership: a [`RawSendQueue`] or [`RawRecvQueue`] keeps its
//! [`CompletionQueue`] alive, which keeps its [`EventQueue`] alive; each
//! hardware queue is disabled and its ring memory unmapped when its handle
//! is dropped.
//!
//! Completion semantics follow the verbs model: a send completes in posting
//! order; an unsignaled send produces no completion unless it fails; after an
//! error the queue stops, the failed request completes with its status and
//! every later request completes with `Flushed` (the library generates
//! those). To keep the ring moving when the user signals rarely, the library
//! signals one request in every half ring itself and hides that completion.

use crate::device::DmaPerm;
use crate::error::{Error, Result};
use crate::mem::DmaMem;
use crate::nic::{Nic, QueueKind};
use std::collections::VecDeque;
use std::sync::atomic::{fence, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::Duration;
use warpnic_abi::gen::{
    self, regs, Cqe, CqeOpcode, CqeStatus, Eqe, EqeType, QueueState, RqWqe, SqWqe, WqeOpcode,
};

const MAX_DEPTH: usize = 1 << 15;
/// Smallest frame the hardware sends (an Ethernet header).
pub const MIN_FRAME: usize = 14;

fn check_depth(depth: usize) -> Result<u32> {
    if !depth.is_power_of_two() || !(2..=MAX_DEPTH).contains(&depth) {
        return Err(Error::BadDepth {
            depth,
            max: MAX_DEPTH,
        });
    }
    Ok(depth.trailing_zeros())
}

fn lock<T>(m: &Mutex<T>) -> Result<MutexGuard<'_, T>> {
    m.lock()
        .map_err(|_| Error::InvalidArgument("queue state poisoned by a panic".into()))
}

/// Bit of a STATE register: DMA of this queue is still in flight.
const STATE_BUSY_SQ_RQ_EQ: u32 = 1 << 16;
const STATE_BUSY_CQ: u32 = 1 << 17;

/// After a queue is disabled, waits (up to 100 us of device time) until the
/// hardware has no DMA of it in flight, so its memory can be unmapped without
/// the device touching it afterwards.
fn quiesce(nic: &Nic, state_reg: u32, busy: u32) {
    let dev = nic.device();
    let deadline = dev.now_ns().saturating_add(100_000);
    while let Ok(v) = nic.rd(state_reg) {
        if v & busy == 0 || dev.now_ns() > deadline {
            break;
        }
        dev.relax();
    }
}

fn program_ring(nic: &Nic, elem: u32, mem: &DmaMem, log: u32) -> Result<()> {
    nic.wr(elem, mem.iova() as u32)?;
    nic.wr(elem + 4, (mem.iova() >> 32) as u32)?;
    nic.wr(elem + 8, log)
}

// ---------------------------------------------------------------------
// Event queue
// ---------------------------------------------------------------------

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

struct EqShared {
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
        let n = nic.take_slot(QueueKind::Eq)?;
        let mem = match nic.alloc_dma(depth * gen::EQE_SIZE as usize, DmaPerm::WRITE) {
            Ok(m) => m,
            Err(e) => {
                nic.release_slot(QueueKind::Eq, n);
                return Err(e);
            }
        };
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

// ---------------------------------------------------------------------
// Completion queue
// ---------------------------------------------------------------------

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
    sqs: Vec<(u32, Weak<WqShared>)>,
    rqs: Vec<(u32, Weak<WqShared>)>,
}

impl CompletionQueue {
    /// Creates a completion queue of `depth` entries, reporting to `eq`
    /// when armed.
    ///
    /// # Errors
    /// [`Error::BadDepth`], [`Error::NoFreeQueue`] or a backend error.
    pub fn new(nic: &Nic, depth: usize, eq: Option<&EventQueue>) -> Result<CompletionQueue> {
        let log = check_depth(depth)?;
        let n = nic.take_slot(QueueKind::Cq)?;
        let mem = match nic.alloc_dma(depth * gen::CQE_SIZE as usize, DmaPerm::WRITE) {
            Ok(m) => m,
            Err(e) => {
                nic.release_slot(QueueKind::Cq, n);
                return Err(e);
            }
        };
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
                    sqs: Vec::new(),
                    rqs: Vec::new(),
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
            &st.rqs
        } else {
            &st.sqs
        };
        let wq = list
            .iter()
            .find(|(q, _)| *q == u32::from(cqe.queue))
            .and_then(|(_, w)| w.upgrade());
        let Some(wq) = wq else {
            // the queue is gone: report what the hardware said
            return Ok(Some(Completion {
                wr_id: cqe.wr_id,
                kind,
                queue: u32::from(cqe.queue),
                status,
                byte_len: cqe.byte_len,
                timestamp: cqe.timestamp,
                rdma: None,
            }));
        };
        let mut w = lock(&wq.st)?;
        let depth = w.wr_ids.len() as u32;
        // full index of the completed request
        let full = w
            .done
            .wrapping_add(u32::from(cqe.wqe_idx.wrapping_sub(w.done as u16)));
        let slot = (full % depth) as usize;
        let user = w.user_signaled[slot];
        let wr_id = w.wr_ids[slot];
        w.done = full.wrapping_add(1);
        let c = Completion {
            wr_id,
            kind,
            queue: wq.n,
            status,
            byte_len: cqe.byte_len,
            timestamp: cqe.timestamp,
            rdma: None,
        };
        // a receive too large for its buffer does not stop the queue
        let stops = status != CqeStatus::Success
            && !(kind == CompletionKind::Recv && status == CqeStatus::LocLenErr);
        if stops && w.error.is_none() {
            w.error = Some(status);
            let mut i = w.done;
            while i != w.pi {
                let sl = (i % depth) as usize;
                st.flushed.push_back(Completion {
                    wr_id: w.wr_ids[sl],
                    kind,
                    queue: wq.n,
                    status: CqeStatus::Flushed,
                    byte_len: 0,
                    timestamp: 0,
                    rdma: None,
                });
                i = i.wrapping_add(1);
            }
            w.done = w.pi;
        }
        if status == CqeStatus::Success && !user {
            return Ok(None);
        }
        Ok(Some(c))
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

// ---------------------------------------------------------------------
// Work queues
// ---------------------------------------------------------------------

struct WqShared {
    nic: Nic,
    kind: QueueKind,
    n: u32,
    mem: DmaMem,
    log: u32,
    _cq: Arc<CqShared>,
    st: Mutex<WqState>,
}

struct WqState {
    pi: u32,
    done: u32,
    unsignaled: u32,
    wr_ids: Vec<u64>,
    user_signaled: Vec<bool>,
    error: Option<CqeStatus>,
}

impl WqShared {
    fn create(
        nic: &Nic,
        kind: QueueKind,
        depth: usize,
        cq: &CompletionQueue,
    ) -> Result<Arc<WqShared>> {
        let log = check_depth(depth)?;
        let n = nic.take_slot(kind)?;
        let mem = match nic.alloc_dma(depth * gen::SQ_WQE_SIZE as usize, DmaPerm::READ) {
            Ok(m) => m,
            Err(e) => {
                nic.release_slot(kind, n);
                return Err(e);
            }
        };
        let wq = Arc::new(WqShared {
            nic: nic.clone(),
            kind,
            n,
            mem,
            log,
            _cq: cq.inner.clone(),
            st: Mutex::new(WqState {
                pi: 0,
                done: 0,
                unsignaled: 0,
                wr_ids: vec![0; depth],
                user_signaled: vec![false; depth],
                error: None,
            }),
        });
        let e = wq.elem();
        nic.wr(e + regs::sq::elem::CTRL, 0)?;
        program_ring(nic, e, &wq.mem, log)?;
        nic.wr(e + regs::sq::elem::CQN, cq.index())?;
        nic.wr(e + regs::sq::elem::CTRL, 1)?;
        {
            let mut st = lock(&cq.inner.st)?;
            let list = if kind == QueueKind::Rq {
                &mut st.rqs
            } else {
                &mut st.sqs
            };
            list.retain(|(_, w)| w.strong_count() > 0);
            list.push((n, Arc::downgrade(&wq)));
        }
        Ok(wq)
    }

    fn elem(&self) -> u32 {
        if self.kind == QueueKind::Rq {
            regs::rq::elem(self.n)
        } else {
            regs::sq::elem(self.n)
        }
    }

    fn depth(&self) -> u32 {
        1 << self.log
    }

    /// Writes `wqes` to the ring and rings the doorbell once.
    fn post(&self, wqes: &mut [([u8; 32], u64, bool)]) -> Result<()> {
        let mut st = lock(&self.st)?;
        if let Some(status) = st.error {
            return Err(Error::QueueInError {
                kind: self.kind.name(),
                index: self.n,
                status: Some(status),
            });
        }
        let depth = self.depth();
        let outstanding = st.pi.wrapping_sub(st.done);
        if outstanding as usize + wqes.len() > depth as usize {
            return Err(Error::QueueFull {
                depth: depth as usize,
            });
        }
        for (bytes, wr_id, signaled) in wqes.iter_mut() {
            let slot = (st.pi % depth) as usize;
            let mut user = *signaled;
            if self.kind == QueueKind::Sq {
                // keep the ring moving: signal one request per half ring
                if !*signaled {
                    st.unsignaled += 1;
                    if st.unsignaled >= depth / 2 {
                        bytes[1] |= gen::wqe_flags::SIGNALED;
                        st.unsignaled = 0;
                    }
                } else {
                    st.unsignaled = 0;
                }
            } else {
                user = true;
            }
            st.wr_ids[slot] = *wr_id;
            st.user_signaled[slot] = user;
            self.mem.write(slot * gen::SQ_WQE_SIZE as usize, bytes)?;
            st.pi = st.pi.wrapping_add(1);
        }
        fence(Ordering::Release);
        self.nic
            .wr(self.elem() + regs::sq::elem::PI, st.pi & 0xffff)
    }

    fn state(&self) -> Result<(QueueState, CqeStatus)> {
        let v = self.nic.rd(self.elem() + regs::sq::elem::STATE)?;
        let state = QueueState::try_from((v & 0xff) as u8).unwrap_or(QueueState::Error);
        let status = CqeStatus::try_from(((v >> 8) & 0xff) as u8).unwrap_or(CqeStatus::CqErr);
        Ok((state, status))
    }

    fn outstanding(&self) -> Result<u32> {
        let st = lock(&self.st)?;
        Ok(st.pi.wrapping_sub(st.done))
    }
}

impl Drop for WqShared {
    fn drop(&mut self) {
        let e = self.elem();
        let _ = self.nic.wr(e + regs::sq::elem::CTRL, 0);
        quiesce(&self.nic, e + regs::sq::elem::STATE, STATE_BUSY_SQ_RQ_EQ);
        self.nic.release_slot(self.kind, self.n);
    }
}

/// One frame to send.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawSend {
    /// Device address of the frame (inside a [`DmaMem`]).
    pub addr: u64,
    /// Frame length without FCS.
    pub len: u32,
    /// Returned in the completion.
    pub wr_id: u64,
    /// Produce a completion on success.
    pub signaled: bool,
}

/// A raw send queue.
pub struct RawSendQueue {
    wq: Arc<WqShared>,
    max_frame: u32,
}

impl RawSendQueue {
    /// Creates a send queue of `depth` entries completing to `cq`.
    ///
    /// # Errors
    /// [`Error::BadDepth`], [`Error::NoFreeQueue`] or a backend error.
    pub fn new(nic: &Nic, depth: usize, cq: &CompletionQueue) -> Result<RawSendQueue> {
        let max_frame = nic.max_frame()?;
        Ok(RawSendQueue {
            wq: WqShared::create(nic, QueueKind::Sq, depth, cq)?,
            max_frame,
        })
    }

    /// Index of the hardware queue.
    pub fn index(&self) -> u32 {
        self.wq.n
    }

    /// Posts frames (all or none) and rings the doorbell once.
    ///
    /// # Errors
    /// [`Error::BadLength`] for a frame under 14 bytes or above MAX_FRAME
    /// (as read when the queue was created), [`Error::QueueFull`],
    /// [`Error::QueueInError`], or a backend error.
    pub fn post(&self, wrs: &[RawSend]) -> Result<()> {
        let mut wqes = Vec::with_capacity(wrs.len());
        for wr in wrs {
            if (wr.len as usize) < MIN_FRAME || wr.len > self.max_frame {
                return Err(Error::BadLength {
                    len: wr.len as usize,
                    min: MIN_FRAME,
                    max: self.max_frame as usize,
                });
            }
            let w = SqWqe {
                opcode: WqeOpcode::RawSend.into(),
                flags: if wr.signaled {
                    gen::wqe_flags::SIGNALED
                } else {
                    0
                },
                len: wr.len,
                addr: wr.addr,
                wr_id: wr.wr_id,
                ..SqWqe::default()
            };
            wqes.push((w.to_bytes(), wr.wr_id, wr.signaled));
        }
        self.wq.post(&mut wqes)
    }

    /// Posts one work queue entry exactly as given, without the library's
    /// checks: for diagnostics and for testing the device's own checks.
    ///
    /// # Errors
    /// [`Error::QueueFull`], [`Error::QueueInError`], or a backend error.
    pub fn post_raw(&self, wqe: SqWqe) -> Result<()> {
        let signaled = wqe.flags & gen::wqe_flags::SIGNALED != 0;
        self.wq.post(&mut [(wqe.to_bytes(), wqe.wr_id, signaled)])
    }

    /// The hardware state of the queue and the error it recorded.
    ///
    /// # Errors
    /// A backend error.
    pub fn state(&self) -> Result<(QueueState, CqeStatus)> {
        self.wq.state()
    }

    /// Requests posted and not yet known complete.
    ///
    /// # Errors
    /// Only if the queue's lock was poisoned.
    pub fn outstanding(&self) -> Result<u32> {
        self.wq.outstanding()
    }

    /// Ring size.
    pub fn depth(&self) -> u32 {
        self.wq.depth()
    }
}

/// One receive buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawRecv {
    /// Device address of the buffer.
    pub addr: u64,
    /// Buffer length.
    pub len: u32,
    /// Returned in the completion.
    pub wr_id: u64,
}

/// A raw receive queue.
pub struct RawRecvQueue {
    wq: Arc<WqShared>,
}

impl RawRecvQueue {
    /// Creates a receive queue of `depth` entries completing to `cq`.
    ///
    /// # Errors
    /// [`Error::BadDepth`], [`Error::NoFreeQueue`] or a backend error.
    pub fn new(nic: &Nic, depth: usize, cq: &CompletionQueue) -> Result<RawRecvQueue> {
        Ok(RawRecvQueue {
            wq: WqShared::create(nic, QueueKind::Rq, depth, cq)?,
        })
    }

    /// Index of the hardware queue.
    pub fn index(&self) -> u32 {
        self.wq.n
    }

    /// Posts receive buffers (all or none).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for an empty buffer,
    /// [`Error::QueueFull`], [`Error::QueueInError`], or a backend error.
    pub fn post(&self, wrs: &[RawRecv]) -> Result<()> {
        let mut wqes = Vec::with_capacity(wrs.len());
        for wr in wrs {
            if wr.len == 0 {
                return Err(Error::InvalidArgument(
                    "a receive buffer needs at least one byte".into(),
                ));
            }
            let w = RqWqe {
                len: wr.len,
                addr: wr.addr,
                wr_id: wr.wr_id,
                ..RqWqe::default()
            };
            wqes.push((w.to_bytes(), wr.wr_id, true));
        }
        self.wq.post(&mut wqes)
    }

    /// The hardware state of the queue and the error it recorded.
    ///
    /// # Errors
    /// A backend error.
    pub fn state(&self) -> Result<(QueueState, CqeStatus)> {
        self.wq.state()
    }

    /// Buffers posted and not yet completed.
    ///
    /// # Errors
    /// Only if the queue's lock was poisoned.
    pub fn outstanding(&self) -> Result<u32> {
        self.wq.outstanding()
    }

    /// Ring size.
    pub fn depth(&self) -> u32 {
        self.wq.depth()
    }
}
