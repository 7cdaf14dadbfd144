//! Queue pairs (ibv_qp): [`ProtectionDomain::create_qp`], the state
//! changes of [`QueuePair::modify`] (through [`super::qp_state`]), posting
//! receive and send work requests into the QP's two rings, fast-register,
//! and binding the QP to its TCP connection.
//!
//! The host keeps each ring's producer index and what is known complete
//! (`QpHost`): a receive completion frees one receive entry, a send-side
//! completion its entry and every one before it (the send queue completes
//! in order, unsignaled entries silently). [`CompletionQueue::poll_wc`]
//! reports them here. Dropping a [`QueuePair`] takes the hardware QP to
//! ERROR and RESET before its rings are unmapped.

use std::sync::atomic::{fence, Ordering, Ordering as AtomicOrdering};
use std::sync::{Arc, Mutex};

use warpnic_abi::gen::{regs, CplUlpMode, QpState, RdmaCmd, RdmaQpArgs, TcbField};

use super::cq::CompletionQueue;
use super::mr::{AccessFlags, MemoryRegion};
use super::pd::{PdShared, ProtectionDomain};
use super::qp_state::{
    qp_modify_args, transition, QpAttrs, QpError, QpInfo, QpResources, Transition,
};
use super::tables::{QpSlot, VerbsTables};
use super::wc::WorkCompletion;
use super::wr::{encode_fast_reg_wqe, encode_recv_wqe, encode_send_wqe, RecvWr, SendWr, WrOpcode};
use super::{lock, MAX_LOG_DEPTH, RDMA_WQE_SIZE};
use crate::device::DmaPerm;
use crate::error::{ArgError, Error, Result};
use crate::mem::DmaMem;
use crate::nic::Nic;
use crate::stream::TcpStream;
use crate::tcp::EndpointId;

#[cfg(doc)]
use super::MAX_SGE;

/// Ring sizes of a queue pair (ibv_qp_cap): powers of two, 2..=32768.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QpCaps {
    /// Receive-queue entries.
    pub max_recv_wr: u32,
    /// Send-queue entries.
    pub max_send_wr: u32,
}

impl Default for QpCaps {
    /// 256 receive and 64 send entries.
    fn default() -> Self {
        QpCaps {
            max_recv_wr: 256,
            max_send_wr: 64,
        }
    }
}

/// The host's side of a QP.
#[derive(Debug, Default)]
struct QpHost {
    /// RESET to INIT succeeded (and no RESET since): the rings are the
    /// hardware's.
    initialized: bool,
    tid: Option<u32>,
    /// Receive entries posted (free-running).
    pi: u32,
    /// Receive entries completed, from completions.
    done: u32,
    /// The hardware's consumer index, when last read.
    hw_ci: u32,
    /// Send entries posted (free-running).
    sq_pi: u32,
    /// Send entries known done: up to the last send-side completion.
    sq_done: u32,
}

impl QpHost {
    /// The furthest of the two consumer indices (both at most `pi`).
    fn ci(&self) -> u32 {
        if self.hw_ci.wrapping_sub(self.done) as i32 > 0
            && self.pi.wrapping_sub(self.hw_ci) <= self.pi.wrapping_sub(self.done)
        {
            self.hw_ci
        } else {
            self.done
        }
    }

    /// Takes the 16-bit consumer index QP_QUERY read, if it lies between
    /// what is known complete and what was posted.
    fn take_hw_ci(&mut self, ci16: u16) {
        let behind_pi = u32::from((self.pi as u16).wrapping_sub(ci16));
        if behind_pi <= self.pi.wrapping_sub(self.done) {
            self.hw_ci = self.pi.wrapping_sub(behind_pi);
        }
    }
}

pub(crate) struct QpShared {
    pd: Arc<PdShared>,
    qpn: u32,
    send_cq: Arc<CompletionQueue>,
    recv_cq: Arc<CompletionQueue>,
    pub(super) rq: DmaMem,
    rq_log: u32,
    sq: DmaMem,
    sq_log: u32,
    st: Mutex<QpHost>,
}

impl QpShared {
    fn nic(&self) -> &Nic {
        &self.pd.nic
    }

    pub(super) fn ctx(&self) -> &VerbsTables {
        &self.pd.ctx
    }

    fn query(&self) -> Result<QpInfo> {
        let args = RdmaQpArgs { qp: self.qpn }
            .to_words()
            .map_err(Error::block_arg)?;
        let rsp = self.nic().rdma_cmd(RdmaCmd::QpQuery, &args)?;
        QpInfo::decode(&rsp)
    }

    /// Writes `wqes` into the send ring (all or none) and rings the SQ_PI
    /// doorbell once.
    fn push_send(&self, st: &mut QpHost, wqes: &[[u8; RDMA_WQE_SIZE]]) -> Result<()> {
        let depth = 1u32 << self.sq_log;
        if st.sq_pi.wrapping_sub(st.sq_done) as usize + wqes.len() > depth as usize {
            return Err(Error::QueueFull {
                depth: depth as usize,
            });
        }
        for w in wqes {
            let slot = (st.sq_pi % depth) as usize;
            self.sq.write(slot * RDMA_WQE_SIZE, w)?;
            st.sq_pi = st.sq_pi.wrapping_add(1);
        }
        fence(Ordering::Release);
        self.nic().wr(
            regs::qp::elem(self.qpn) + regs::qp::elem::SQ_PI,
            st.sq_pi & 0xffff,
        )
    }

    fn modify_raw(&self, state: QpState) -> Result<()> {
        let args = qp_modify_args(self.qpn, &QpAttrs::new(state), false, &self.resources())?;
        self.nic().rdma_cmd(RdmaCmd::QpModify, &args)?;
        Ok(())
    }

    /// To ERROR (unless there) and RESET.
    fn force_reset(&self) -> Result<()> {
        if self.query()?.state != QpState::Error {
            self.modify_raw(QpState::Error)?;
        }
        self.modify_raw(QpState::Reset)
    }

    /// The error of a call that needs the QP moved to INIT.
    fn not_initialized(&self) -> Error {
        Error::arg("self", ArgError::QpNotInitialized { qp: self.qpn })
    }

    /// Takes a work completion of this QP: the ring it belongs to moves
    /// on.
    pub(crate) fn retire(&self, wc: &WorkCompletion) -> Result<()> {
        let mut s = lock(&self.st)?;
        if wc.opcode.is_send_side() {
            // every entry up to this one is done (the send queue
            // completes in order; unsignaled entries complete silently)
            let behind = u32::from((s.sq_pi as u16).wrapping_sub(wc.wqe_idx.wrapping_add(1)));
            if behind <= s.sq_pi.wrapping_sub(s.sq_done) {
                s.sq_done = s.sq_pi.wrapping_sub(behind);
            }
        } else if s.done != s.pi {
            // the ring completes in order; never past what was posted
            s.done = s.done.wrapping_add(1);
        }
        Ok(())
    }

    pub(super) fn resources(&self) -> QpResources {
        QpResources {
            pd: self.pd.pdn,
            send_cq: self.send_cq.index(),
            recv_cq: self.recv_cq.index(),
            rq_log: self.rq_log,
            sq_log: self.sq_log,
            rq_iova: self.rq.iova(),
            sq_iova: self.sq.iova(),
        }
    }
}

/// The error of a work request with a scatter or gather entry the QP may
/// not use.
fn bad_sge(wr_id: u64, reason: ArgError) -> Error {
    Error::InvalidWorkRequest {
        wr_id,
        arg: "sg_list",
        reason,
    }
}

impl Drop for QpShared {
    fn drop(&mut self) {
        self.pd.ctx.set_qp(self.qpn, QpSlot::Free);
    }
}

/// A queue pair (ibv_qp). Dropping it takes the hardware QP to ERROR and
/// RESET before its rings are given back.
pub struct QueuePair {
    pub(crate) inner: Arc<QpShared>,
}

impl std::fmt::Debug for QueuePair {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("QueuePair")
            .field("qp_num", &self.inner.qpn)
            .field("pd", &self.inner.pd.pdn)
            .finish()
    }
}

impl QueuePair {
    /// The QP number (the `queue` of its completions, `source` of its
    /// events).
    pub fn qp_num(&self) -> u32 {
        self.inner.qpn
    }

    /// The protection domain's number.
    pub fn pd_num(&self) -> u16 {
        self.inner.pd.pdn
    }

    /// Receive-queue entries.
    pub fn recv_depth(&self) -> u32 {
        1 << self.inner.rq_log
    }

    /// Send-queue entries.
    pub fn send_depth(&self) -> u32 {
        1 << self.inner.sq_log
    }

    /// Reads the QP (QP_QUERY; ibv_query_qp).
    ///
    /// # Errors
    /// The device's refusal, [`Error::FwProtocol`] for an unknown state,
    /// or a backend error.
    pub fn query(&self) -> Result<QpInfo> {
        self.inner.query()
    }

    /// The hardware's state of the QP.
    ///
    /// # Errors
    /// As [`QueuePair::query`].
    pub fn state(&self) -> Result<QpState> {
        Ok(self.inner.query()?.state)
    }

    /// Why the QP entered ERROR: the Terminate it sent or received, if
    /// any.
    ///
    /// # Errors
    /// As [`QueuePair::query`].
    pub fn error_info(&self) -> Result<Option<QpError>> {
        Ok(self.inner.query()?.error)
    }

    /// Moves the QP to `attrs.state()` (QP_MODIFY; ibv_modify_qp), from
    /// the state the hardware reports. RESET to INIT sets the attributes
    /// (with the QP's protection domain, CQs and rings); the same state is
    /// a no-op; going to RESET forgets the posted receives.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a transition the QP cannot make,
    /// attributes outside RESET to INIT, or attributes out of range; the
    /// device's refusal; or a backend error.
    pub fn modify(&self, attrs: &QpAttrs) -> Result<()> {
        let q = &*self.inner;
        let mut st = lock(&q.st)?;
        let from = q.query()?.state;
        let set_attrs = match transition(from, attrs.state(), attrs.with_attrs)? {
            Transition::NoOp => return Ok(()),
            Transition::Run { set_attrs } => set_attrs,
        };
        let args = qp_modify_args(q.qpn, attrs, set_attrs, &q.resources())?;
        q.nic().rdma_cmd(RdmaCmd::QpModify, &args)?;
        if set_attrs {
            st.initialized = true;
            st.tid = attrs.tid;
        }
        if attrs.state() == QpState::Reset {
            *st = QpHost::default();
        }
        Ok(())
    }

    /// Posts receive work requests (all or none) and rings the doorbell
    /// once (ibv_post_recv). Allowed once the QP has been through INIT;
    /// requests posted in ERROR complete FLUSHED.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] before INIT; [`Error::InvalidWorkRequest`]
    /// for more than [`MAX_SGE`] entries, or an entry outside a valid
    /// region of the QP's protection domain with LOCAL_WRITE;
    /// [`Error::QueueFull`] when the ring has no room for all; the device's
    /// refusal of QP_QUERY or a backend error.
    pub fn post_recv(&self, wrs: &[RecvWr<'_>]) -> Result<()> {
        let q = &*self.inner;
        let mut st = lock(&q.st)?;
        if wrs.is_empty() {
            return Ok(());
        }
        if !st.initialized {
            return Err(q.not_initialized());
        }
        let mut wqes = Vec::with_capacity(wrs.len());
        {
            let ctx = lock(&q.ctx().st)?;
            for wr in wrs {
                for s in wr.sg_list {
                    ctx.mrs
                        .check_recv_sge(q.pd.pdn, s)
                        .map_err(|reason| bad_sge(wr.wr_id, reason))?;
                }
                wqes.push(encode_recv_wqe(wr)?);
            }
        }
        let depth = 1u32 << q.rq_log;
        let fits =
            |st: &QpHost| st.pi.wrapping_sub(st.ci()) as usize + wqes.len() <= depth as usize;
        if !fits(&st) {
            // completions may not have been polled through poll_wc: ask
            // the hardware how far it got
            let info = q.query()?;
            st.take_hw_ci(info.rq_ci);
            if !fits(&st) {
                return Err(Error::QueueFull {
                    depth: depth as usize,
                });
            }
        }
        for w in &wqes {
            let slot = (st.pi % depth) as usize;
            q.rq.write(slot * RDMA_WQE_SIZE, w)?;
            st.pi = st.pi.wrapping_add(1);
        }
        fence(Ordering::Release);
        q.nic().wr(
            regs::qp::elem(q.qpn) + regs::qp::elem::RQ_PI,
            st.pi & 0xffff,
        )
    }

    /// Posts send work requests (all or none) and rings the doorbell once
    /// (ibv_post_send). Allowed once the QP has been through INIT; the
    /// hardware takes them in RTS, and completes them FLUSHED in ERROR.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] before INIT; [`Error::InvalidWorkRequest`]
    /// for a malformed request ([`encode_send_wqe`]), or a gather entry
    /// outside a valid region of the QP's protection domain (an RDMA Read's
    /// sink needs LOCAL_WRITE and REMOTE_WRITE); [`Error::QueueFull`] when
    /// the ring has no room for all (entries free up with the completions
    /// of later signaled ones); a backend error.
    pub fn post_send(&self, wrs: &[SendWr<'_>]) -> Result<()> {
        let q = &*self.inner;
        let mut st = lock(&q.st)?;
        if wrs.is_empty() {
            return Ok(());
        }
        if !st.initialized {
            return Err(q.not_initialized());
        }
        let mut wqes = Vec::with_capacity(wrs.len());
        {
            let ctx = lock(&q.ctx().st)?;
            for wr in wrs {
                // an RDMA Read's sink takes a tagged write; a gather entry
                // is only read
                let need = match wr.opcode {
                    WrOpcode::RdmaRead => AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE,
                    _ => AccessFlags::empty(),
                };
                for s in wr.sg_list {
                    ctx.mrs
                        .check_sge(q.pd.pdn, s, need)
                        .map_err(|reason| bad_sge(wr.wr_id, reason))?;
                }
                wqes.push(encode_send_wqe(wr)?);
            }
        }
        q.push_send(&mut st, &wqes)?;
        let mut ctx = lock(&q.ctx().st)?;
        for wr in wrs.iter().filter(|w| w.opcode == WrOpcode::LocalInv) {
            ctx.mrs.invalidate(wr.inv_stag);
        }
        Ok(())
    }

    /// Posts a fast-register work request (IBV_WR_REG_MR) of the FAST_REG
    /// region `mr`, which must be invalid: once the QP's earlier messages
    /// are acknowledged it becomes valid with the next key and the rights
    /// `access`. Returns the new STag (the region's lkey/rkey from now
    /// on).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a region that is not FAST_REG, of
    /// another PD, or valid now; before INIT; [`Error::QueueFull`]; a
    /// backend error.
    pub fn post_fast_reg(
        &self,
        wr_id: u64,
        mr: &MemoryRegion,
        access: AccessFlags,
        signaled: bool,
    ) -> Result<u32> {
        let q = &*self.inner;
        let old = mr.stag();
        if mr.pd.pdn != q.pd.pdn {
            return Err(Error::arg(
                "mr",
                ArgError::OtherPd {
                    stag: old,
                    pd: mr.pd.pdn,
                    qp_pd: q.pd.pdn,
                },
            ));
        }
        if !mr.access.contains(AccessFlags::FAST_REG) {
            return Err(Error::arg("mr", ArgError::NotFastReg { stag: old }));
        }
        if access.contains(AccessFlags::REMOTE_WRITE) && !access.contains(AccessFlags::LOCAL_WRITE)
        {
            return Err(Error::arg("access", ArgError::RemoteWriteWithoutLocalWrite));
        }
        if lock(&q.ctx().st)?.mrs.get(old).is_some_and(|e| e.valid) {
            return Err(Error::arg("mr", ArgError::RegionValid { stag: old }));
        }
        let new = (old & !0xff) | (old.wrapping_add(1) & 0xff);
        let wqe = encode_fast_reg_wqe(wr_id, new, access, mr.addr, mr.len, signaled);
        let mut st = lock(&q.st)?;
        if !st.initialized {
            return Err(q.not_initialized());
        }
        q.push_send(&mut st, &[wqe])?;
        lock(&q.ctx().st)?.mrs.fast_reg(old, new, access);
        mr.stag.store(new, AtomicOrdering::Release);
        Ok(new)
    }

    /// Send work requests posted and not known done.
    ///
    /// # Errors
    /// Only if the QP's state was poisoned.
    pub fn send_outstanding(&self) -> Result<u32> {
        let st = lock(&self.inner.st)?;
        Ok(st.sq_pi.wrapping_sub(st.sq_done))
    }

    /// Receive work requests posted and not known complete.
    ///
    /// # Errors
    /// Only if the QP's state was poisoned.
    pub fn recv_outstanding(&self) -> Result<u32> {
        let st = lock(&self.inner.st)?;
        Ok(st.pi.wrapping_sub(st.ci()))
    }

    /// Binds the QP to the stream's connection: the TCB's QPID becomes
    /// this QP and its ULP_MODE RDMA (SET_TCB_FIELD), so the engine hands
    /// the connection's bytes to the QP as FPDUs. Call it after the MPA
    /// exchange, once the QP is in INIT for the same connection; when is
    /// the caller's choice (docs/iwarp.md: before the responder writes its
    /// reply, before the initiator posts its first work request).
    ///
    /// # Errors
    /// As [`QueuePair::bind_endpoint`], and [`Error::InvalidArgument`] for
    /// a stream of another NIC.
    pub fn bind_connection(&self, stream: &TcpStream) -> Result<()> {
        if !std::ptr::addr_eq(
            Arc::as_ptr(stream.device()),
            Arc::as_ptr(self.inner.nic().device()),
        ) {
            return Err(Error::arg("stream", ArgError::OtherNic));
        }
        self.bind_endpoint(stream.endpoint(), stream.tid())
    }

    /// Binds the QP to the stream's connection for received bytes only
    /// (ULP_MODE RDMA_RX): what the peer sends from now on is placed by
    /// the QP, what this side sends still comes from the stream's buffer.
    /// The MPA responder binds so before it writes its reply (the
    /// initiator may send its first FPDU as soon as it has the reply),
    /// and completes the binding with [`QueuePair::bind_connection`] once
    /// the reply is acknowledged.
    ///
    /// # Errors
    /// As [`QueuePair::bind_connection`].
    pub fn bind_receive(&self, stream: &TcpStream) -> Result<()> {
        if !std::ptr::addr_eq(
            Arc::as_ptr(stream.device()),
            Arc::as_ptr(self.inner.nic().device()),
        ) {
            return Err(Error::arg("stream", ArgError::OtherNic));
        }
        self.bind_endpoint_mode(stream.endpoint(), stream.tid(), CplUlpMode::RdmaRx)
    }

    /// As [`QueuePair::bind_connection`], for endpoint `ep` whose
    /// connection id is `tid`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when the QP has not been through INIT or
    /// was initialized for another connection; [`Error::Tcp`] when the
    /// engine refuses a field; or as [`Nic::fw_command`].
    pub fn bind_endpoint(&self, ep: EndpointId, tid: u32) -> Result<()> {
        self.bind_endpoint_mode(ep, tid, CplUlpMode::Rdma)
    }

    fn bind_endpoint_mode(&self, ep: EndpointId, tid: u32, mode: CplUlpMode) -> Result<()> {
        let q = &*self.inner;
        {
            let st = lock(&q.st)?;
            match (st.initialized, st.tid) {
                (true, Some(t)) if t == tid => {}
                (true, Some(bound)) => {
                    return Err(Error::arg(
                        "tid",
                        ArgError::OtherConnection {
                            qp: q.qpn,
                            bound,
                            tid,
                        },
                    ))
                }
                _ => return Err(q.not_initialized()),
            }
        }
        let nic = q.nic();
        nic.tcp_tcb(ep, TcbField::Qpid, u64::from(q.qpn), u64::MAX)?;
        nic.tcp_tcb(ep, TcbField::UlpMode, u64::from(u8::from(mode)), u64::MAX)?;
        Ok(())
    }
}

impl Drop for QueuePair {
    fn drop(&mut self) {
        // stop the hardware before the rings are unmapped; if it does not
        // answer, keep everything (rings, number) for good
        if self.inner.force_reset().is_err() {
            std::mem::forget(self.inner.clone());
        }
    }
}

impl ProtectionDomain {
    /// Creates a queue pair (ibv_create_qp) completing sends to `send_cq`
    /// and receives to `recv_cq`, in RESET, with rings of the sizes
    /// `caps` asks. The QP keeps the CQs alive.
    ///
    /// # Errors
    /// [`Error::BadDepth`] for a ring size that is not a power of two in
    /// 2..=32768, [`Error::InvalidArgument`] for a CQ above 255 or of
    /// another NIC, [`Error::NoFreeQueue`], DMA allocation errors, the
    /// device's refusal, or a backend error.
    pub fn create_qp(
        &self,
        send_cq: &Arc<CompletionQueue>,
        recv_cq: &Arc<CompletionQueue>,
        caps: QpCaps,
    ) -> Result<QueuePair> {
        let p = &self.inner;
        let log = |depth: u32| -> Result<u32> {
            let max = 1usize << MAX_LOG_DEPTH;
            if !depth.is_power_of_two() || !(2..=max).contains(&(depth as usize)) {
                return Err(Error::BadDepth {
                    depth: depth as usize,
                    max,
                });
            }
            Ok(depth.trailing_zeros())
        };
        let rq_log = log(caps.max_recv_wr)?;
        let sq_log = log(caps.max_send_wr)?;
        for (arg, cq) in [("send_cq", send_cq), ("recv_cq", recv_cq)] {
            if cq.index() > 0xff {
                return Err(Error::range(arg, cq.index(), 0u32, 0xffu32));
            }
            if !Arc::ptr_eq(&cq.nic().inner, &p.nic.inner) {
                return Err(Error::arg(arg, ArgError::OtherNic));
            }
        }
        let rq = p.nic.alloc_dma(RDMA_WQE_SIZE << rq_log, DmaPerm::READ)?;
        let sq = p.nic.alloc_dma(RDMA_WQE_SIZE << sq_log, DmaPerm::READ)?;
        let qpn = p.ctx.alloc_qpn()?;
        let shared = Arc::new(QpShared {
            pd: p.clone(),
            qpn,
            send_cq: send_cq.clone(),
            recv_cq: recv_cq.clone(),
            rq,
            rq_log,
            sq,
            sq_log,
            st: Mutex::new(QpHost::default()),
        });
        // a QP an earlier user left behind goes back to RESET
        let reset = shared.query().and_then(|q| match q.state {
            QpState::Reset => Ok(()),
            _ => shared.force_reset(),
        });
        // on failure QpShared's drop frees the number: the next create
        // tries again
        reset?;
        p.ctx.set_qp(qpn, QpSlot::Used(Arc::downgrade(&shared)));
        Ok(QueuePair { inner: shared })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ring_accounting() {
        let mut s = QpHost {
            initialized: true,
            pi: 10,
            done: 4,
            ..QpHost::default()
        };
        assert_eq!(s.ci(), 4);
        s.take_hw_ci(7);
        assert_eq!(s.ci(), 7, "the hardware is further");
        s.take_hw_ci(11);
        assert_eq!(s.ci(), 7, "past the producer index: ignored");
        s.done = 9;
        assert_eq!(s.ci(), 9, "completions overtake the old reading");
        // 16-bit wrap
        let mut s = QpHost {
            initialized: true,
            pi: 0x1_0003,
            done: 0xfff0,
            ..QpHost::default()
        };
        s.take_hw_ci(0x0001);
        assert_eq!(s.ci(), 0x1_0001);
    }
}
