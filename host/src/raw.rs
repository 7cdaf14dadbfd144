//! Raw Ethernet queues: post frames, post receive buffers; their
//! completions come through a [`CompletionQueue`], its events through an
//! [`EventQueue`](crate::EventQueue) ([`crate::verbs::cq`]).
//!
//! Ownership: a [`RawSendQueue`] or [`RawRecvQueue`] keeps its
//! [`CompletionQueue`] alive, which keeps its event queue alive; each
//! hardware queue is disabled and its ring memory unmapped when its handle
//! is dropped.
//!
//! Completion semantics follow the verbs model: a send completes in posting
//! order; an unsignaled send produces no completion unless it fails; after an
//! error the queue stops, the failed request completes with its status and
//! every later request completes with `Flushed` (the library generates
//! those). To keep the ring moving when the user signals rarely, the library
//! signals one request in every half ring itself and hides that completion.

use std::sync::atomic::{fence, Ordering};
use std::sync::{Arc, Mutex};

use warpnic_abi::gen::{self, regs, CqeStatus, QueueState, RqWqe, SqWqe, WqeOpcode};

use crate::device::DmaPerm;
use crate::error::{ArgError, Error, Result};
use crate::mem::DmaMem;
use crate::nic::{Nic, QueueKind};
use crate::ring::{check_depth, lock, program_ring, quiesce, take_queue, STATE_BUSY_SQ_RQ_EQ};
use crate::verbs::cq::{CompletionKind, CompletionQueue, Flush};

/// Smallest frame the hardware sends (an Ethernet header).
pub const MIN_FRAME: usize = 14;

struct WqShared {
    nic: Nic,
    kind: QueueKind,
    n: u32,
    mem: DmaMem,
    log: u32,
    _cq: CompletionQueue,
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
        let (n, mem) = take_queue(nic, kind, depth * gen::SQ_WQE_SIZE as usize, DmaPerm::READ)?;
        let wq = Arc::new(WqShared {
            nic: nic.clone(),
            kind,
            n,
            mem,
            log,
            _cq: cq.share(),
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
        let completes = if kind == QueueKind::Rq {
            CompletionKind::Recv
        } else {
            CompletionKind::Send
        };
        cq.register(
            completes,
            n,
            Arc::downgrade(&wq) as std::sync::Weak<dyn Flush>,
        )?;
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

impl Flush for WqShared {
    fn complete(
        &self,
        idx: u16,
        status: CqeStatus,
        flushed: &mut dyn FnMut(u64),
    ) -> Result<Option<u64>> {
        let mut w = lock(&self.st)?;
        let depth = w.wr_ids.len() as u32;
        // full index of the completed request
        let full = w
            .done
            .wrapping_add(u32::from(idx.wrapping_sub(w.done as u16)));
        let slot = (full % depth) as usize;
        let user = w.user_signaled[slot];
        let wr_id = w.wr_ids[slot];
        w.done = full.wrapping_add(1);
        // a receive too large for its buffer does not stop the queue
        let stops = status != CqeStatus::Success
            && !(self.kind == QueueKind::Rq && status == CqeStatus::LocLenErr);
        if stops && w.error.is_none() {
            w.error = Some(status);
            let mut i = w.done;
            while i != w.pi {
                flushed(w.wr_ids[(i % depth) as usize]);
                i = i.wrapping_add(1);
            }
            w.done = w.pi;
        }
        if status == CqeStatus::Success && !user {
            return Ok(None);
        }
        Ok(Some(wr_id))
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
                return Err(Error::arg("len", ArgError::Zero));
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
