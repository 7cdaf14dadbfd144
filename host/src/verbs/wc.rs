//! Work completions (ibv_wc): what an RDMA completion queue entry reports,
//! and [`CompletionQueue::poll_wc`], which takes them and tells the queue
//! pairs and the memory-region table what completed (a receive-queue entry
//! freed, the send queue moved on, a region invalidated by the peer).

use std::time::Duration;

use warpnic_abi::gen::{cqe_flags, CqeOpcode, CqeStatus};

use super::cq::{Completion, CompletionQueue};
use super::lock;
use crate::error::{Error, Result};

/// What an RDMA work completion reports (ibv_wc_opcode).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WcOpcode {
    /// A Send (any variant) filled a receive work request
    /// (IBV_WC_RECV).
    #[default]
    Recv,
    /// An Immediate Data message (RFC 7306) consumed a receive work
    /// request (IBV_WC_RECV_RDMA_WITH_IMM).
    RecvImm,
    /// A SEND or SEND_INV work request is done: the peer acknowledged its
    /// last byte (IBV_WC_SEND).
    Send,
    /// An RDMA_WRITE or RDMA_WRITE_IMM work request is done
    /// (IBV_WC_RDMA_WRITE).
    RdmaWrite,
    /// An RDMA_READ is done: the response is in the local buffer
    /// (IBV_WC_RDMA_READ).
    RdmaRead,
    /// An IMM_DATA work request is done.
    ImmData,
    /// A LOCAL_INV work request is done (IBV_WC_LOCAL_INV).
    LocalInv,
    /// A fast-register work request is done (IBV_WC_REG_MR).
    FastReg,
}

impl WcOpcode {
    /// A completion of the send queue.
    pub fn is_send_side(self) -> bool {
        matches!(
            self,
            WcOpcode::Send
                | WcOpcode::RdmaWrite
                | WcOpcode::RdmaRead
                | WcOpcode::ImmData
                | WcOpcode::LocalInv
                | WcOpcode::FastReg
        )
    }
}

/// A work completion (ibv_wc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkCompletion {
    /// The work request's wr_id.
    pub wr_id: u64,
    /// Outcome (ibv_wc_status): SUCCESS, FLUSHED (IBV_WC_WR_FLUSH_ERR:
    /// the QP is in ERROR), LOC_LEN_ERR (IBV_WC_LOC_LEN_ERR: a Send longer
    /// than the receive buffer; the QP goes to ERROR), LOC_PROT_ERR
    /// (IBV_WC_LOC_PROT_ERR), REM_ACCESS_ERR (IBV_WC_REM_ACCESS_ERR: the
    /// peer's message broke the QP's rules; the QP goes to ERROR), ...
    pub status: CqeStatus,
    /// What completed.
    pub opcode: WcOpcode,
    /// The message's bytes.
    pub byte_len: u32,
    /// The QP.
    pub qp_num: u32,
    /// The 8 bytes of Immediate Data (RFC 7306), byte 0 in bits 63:56.
    pub imm_data: Option<u64>,
    /// The STag a Send with Invalidate invalidated (only with status
    /// SUCCESS: a refused invalidation completes REM_ACCESS_ERR without).
    pub invalidated_rkey: Option<u32>,
    /// The sender asked for a solicited event (SE).
    pub solicited: bool,
    /// The work request's ring index (15:0 of the free-running index).
    pub wqe_idx: u16,
}

impl Default for WorkCompletion {
    fn default() -> Self {
        WorkCompletion {
            wr_id: 0,
            status: CqeStatus::Success,
            opcode: WcOpcode::Recv,
            byte_len: 0,
            qp_num: 0,
            imm_data: None,
            invalidated_rkey: None,
            solicited: false,
            wqe_idx: 0,
        }
    }
}

impl WorkCompletion {
    /// The work completion a [`Completion`] carries; `None` for a raw or
    /// stream completion.
    pub fn from_completion(c: &Completion) -> Option<WorkCompletion> {
        let r = c.rdma?;
        let opcode = match r.opcode {
            CqeOpcode::RdmaRecvImm => WcOpcode::RecvImm,
            CqeOpcode::RdmaSend => WcOpcode::Send,
            CqeOpcode::RdmaWrite => WcOpcode::RdmaWrite,
            CqeOpcode::RdmaRead => WcOpcode::RdmaRead,
            CqeOpcode::RdmaImm => WcOpcode::ImmData,
            CqeOpcode::LocalInv => WcOpcode::LocalInv,
            CqeOpcode::FastReg => WcOpcode::FastReg,
            _ => WcOpcode::Recv,
        };
        Some(WorkCompletion {
            wr_id: c.wr_id,
            status: c.status,
            opcode,
            byte_len: c.byte_len,
            qp_num: c.queue,
            imm_data: (r.flags & cqe_flags::IMM != 0)
                .then(|| (u64::from(r.imm_hi) << 32) | u64::from(c.timestamp)),
            // as ibverbs' IBV_WC_WITH_INV: only a successful receive
            // invalidated an STag
            invalidated_rkey: (r.flags & cqe_flags::INV != 0 && c.status == CqeStatus::Success)
                .then_some(c.timestamp),
            solicited: r.flags & cqe_flags::SE != 0,
            wqe_idx: r.wqe_idx,
        })
    }
}

impl CompletionQueue {
    /// Takes up to `wc.len()` RDMA work completions (ibv_poll_cq); returns
    /// how many. Each frees its QP's receive-queue entry, and a Send with
    /// Invalidate marks the region invalid.
    ///
    /// The CQ must carry RDMA completions only (give the QPs CQs of their
    /// own): any other completion is an error, reported at once, or on
    /// the next call when RDMA completions came with it.
    ///
    /// # Errors
    /// [`Error::StrayCompletion`] for a raw or stream completion on the
    /// CQ; as [`CompletionQueue::poll`].
    pub fn poll_wc(&self, wc: &mut [WorkCompletion]) -> Result<usize> {
        let ctx = self.nic().verbs()?;
        let me = self.index();
        {
            let mut st = lock(&ctx.st)?;
            if let Some(i) = st.stray.iter().position(|(cq, _)| *cq == me) {
                let (_, e) = st.stray.swap_remove(i);
                return Err(e);
            }
        }
        let mut cs = [Completion::default(); 32];
        let mut got = 0;
        let mut stray = None;
        while got < wc.len() {
            let want = (wc.len() - got).min(cs.len());
            let n = self.poll(&mut cs[..want])?;
            for c in &cs[..n] {
                match WorkCompletion::from_completion(c) {
                    Some(w) => {
                        ctx.account(&w)?;
                        wc[got] = w;
                        got += 1;
                    }
                    None => {
                        stray.get_or_insert(Error::StrayCompletion {
                            cq: me,
                            kind: c.kind,
                            queue: c.queue,
                            wr_id: c.wr_id,
                        });
                    }
                }
            }
            if n < want {
                break;
            }
        }
        match stray {
            Some(e) if got == 0 => Err(e),
            Some(e) => {
                lock(&ctx.st)?.stray.push((me, e));
                Ok(got)
            }
            None => Ok(got),
        }
    }

    /// Polls until `wc` has at least one work completion or `timeout`
    /// (device time) passes, letting the device run in between.
    ///
    /// # Errors
    /// As [`CompletionQueue::poll_wc`].
    pub fn poll_wc_wait(&self, wc: &mut [WorkCompletion], timeout: Duration) -> Result<usize> {
        let dev = self.nic().device().clone();
        let deadline = dev.now_ns().saturating_add(timeout.as_nanos() as u64);
        loop {
            let n = self.poll_wc(wc)?;
            if n > 0 || dev.now_ns() >= deadline {
                return Ok(n);
            }
            dev.relax();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verbs::cq::{rdma_completion, CompletionKind};
    use warpnic_abi::gen::Cqe;

    fn cqe_bytes(opcode: u8, status: u8, flags: u8, ts: u32, imm_hi: u32) -> [u8; 32] {
        let mut b = [0u8; 32];
        b[0..8].copy_from_slice(&0xfeed_beef_0000_0042u64.to_le_bytes());
        b[8..12].copy_from_slice(&1234u32.to_le_bytes());
        b[12..14].copy_from_slice(&7u16.to_le_bytes());
        b[14..16].copy_from_slice(&3u16.to_le_bytes());
        b[16] = opcode;
        b[17] = status;
        b[18] = flags;
        b[20..24].copy_from_slice(&ts.to_le_bytes());
        b[24..28].copy_from_slice(&imm_hi.to_le_bytes());
        b[31] = 1;
        b
    }

    fn wc_of(b: [u8; 32]) -> Option<WorkCompletion> {
        rdma_completion(&Cqe::from_bytes(&b)).and_then(|c| WorkCompletion::from_completion(&c))
    }

    #[test]
    fn work_completions_from_cqe_bytes() {
        // Send with Solicited Event and Invalidate
        let w = wc_of(cqe_bytes(0x20, 0x00, 0x03, 0x0000_0a17, 0)).expect("RDMA");
        assert_eq!(
            w,
            WorkCompletion {
                wr_id: 0xfeed_beef_0000_0042,
                status: CqeStatus::Success,
                opcode: WcOpcode::Recv,
                byte_len: 1234,
                qp_num: 7,
                imm_data: None,
                invalidated_rkey: Some(0x0a17),
                solicited: true,
                wqe_idx: 3,
            }
        );
        // Immediate Data: bits 63:32 in imm_hi, 31:0 in the timestamp word
        let w = wc_of(cqe_bytes(0x21, 0x00, 0x04, 0x5566_7788, 0x1122_3344)).expect("RDMA");
        assert_eq!(w.opcode, WcOpcode::RecvImm);
        assert_eq!(w.imm_data, Some(0x1122_3344_5566_7788));
        assert_eq!(w.invalidated_rkey, None);
        assert!(!w.solicited);
        // a plain Send: the timestamp word is a timestamp
        let w = wc_of(cqe_bytes(0x20, 0x00, 0x00, 0xdead_beef, 0)).expect("RDMA");
        assert_eq!((w.imm_data, w.invalidated_rkey), (None, None));
        // flushed and failed
        let w = wc_of(cqe_bytes(0x20, 0x06, 0, 0, 0)).expect("RDMA");
        assert_eq!(w.status, CqeStatus::Flushed);
        let w = wc_of(cqe_bytes(0x20, 0x09, 0, 0, 0)).expect("RDMA");
        assert_eq!(w.status, CqeStatus::RemAccessErr);
        let w = wc_of(cqe_bytes(0x20, 0x02, 0, 0, 0)).expect("RDMA");
        assert_eq!(w.status, CqeStatus::LocProtErr);
        let w = wc_of(cqe_bytes(0x20, 0x01, 0, 0, 0)).expect("RDMA");
        assert_eq!(w.status, CqeStatus::LocLenErr);
        // a refused invalidation reports no STag, whatever the flags say
        let w = wc_of(cqe_bytes(0x20, 0x09, 0x02, 0x0a17, 0)).expect("RDMA");
        assert_eq!(
            (w.status, w.invalidated_rkey),
            (CqeStatus::RemAccessErr, None)
        );
        // the raw view keeps kind Recv with the QP number as queue
        let c = rdma_completion(&Cqe::from_bytes(&cqe_bytes(0x21, 0, 4, 1, 2))).expect("RDMA");
        assert_eq!((c.kind, c.queue), (CompletionKind::Recv, 7));
        // other opcodes are not RDMA completions
        for op in [0x01, 0x02, 0x03, 0x10, 0x11, 0x28, 0xff] {
            assert!(rdma_completion(&Cqe::from_bytes(&cqe_bytes(op, 0, 0, 0, 0))).is_none());
        }
        assert_eq!(
            WorkCompletion::from_completion(&Completion::default()),
            None
        );
    }
}
