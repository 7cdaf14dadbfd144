//! The per-NIC verbs tables: which protection-domain numbers and queue-pair
//! numbers are in use, the host's copy of the memory-region table, and the
//! completion queues with a stray completion to report.
//!
//! The [`Nic`] holds them (its clones share them), created on the first
//! verbs call that needs them ([`Nic::verbs`]): that call checks that the
//! device has the RDMA and QP blocks and reads their sizes.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::sync::{Arc, Mutex, Weak};

use warpnic_abi::gen::{regs, CqeStatus};

use super::lock;
use super::mr::MrTable;
use super::qp::QpShared;
use super::wc::WorkCompletion;
use crate::error::{Error, Result};
use crate::nic::Nic;

/// The verbs tables of one NIC.
pub(crate) struct VerbsTables {
    num_qp: u32,
    pub(crate) st: Mutex<TableState>,
}

pub(crate) struct TableState {
    /// In use, by PD number.
    pds: Vec<bool>,
    next_pd: usize,
    pub(crate) mrs: MrTable,
    qps: Vec<QpSlot>,
    /// Next-fit cursor of QP numbers: a freed number comes back late, after
    /// the flushed completions of its last user.
    next_qp: usize,
    /// CQs on which [`CompletionQueue::poll_wc`](super::CompletionQueue::poll_wc)
    /// took a completion that is not an RDMA one, to report on its next
    /// call.
    pub(crate) stray: Vec<(u32, Error)>,
}

#[derive(Clone)]
pub(crate) enum QpSlot {
    Free,
    Used(Weak<QpShared>),
    /// Reserved while being created.
    Creating,
}

fn random_seed() -> u64 {
    let mut h = RandomState::new().build_hasher();
    h.write_u64(0x0077_6172_706e_6963);
    h.finish()
}

impl Nic {
    /// The verbs tables of this NIC, created on first use.
    ///
    /// # Errors
    /// [`Error::MissingBlock`] when the device has no RDMA or QP block, or
    /// a backend error.
    pub(crate) fn verbs(&self) -> Result<Arc<VerbsTables>> {
        let mut slot = lock(&self.inner.verbs)?;
        if let Some(t) = slot.as_ref() {
            return Ok(t.clone());
        }
        let blocks = &self.info().blocks;
        for (name, ty) in [("RDMA", regs::rdma::TYPE_ID), ("QP", regs::qp::TYPE_ID)] {
            if !blocks.iter().any(|&(t, _)| t == ty) {
                return Err(Error::MissingBlock(name));
            }
        }
        // QP numbers travel in 16 bits (the CQE's queue), STag indices in 24
        let num_qp = self.rd(regs::rdma::NUM_QP)?.min(1 << 16);
        let num_mr = self.rd(regs::rdma::NUM_MR)?.min(1 << 24);
        let t = Arc::new(VerbsTables {
            num_qp,
            st: Mutex::new(TableState {
                pds: vec![false; 1 << 16],
                next_pd: 1,
                mrs: MrTable::new(num_mr, random_seed()),
                qps: vec![QpSlot::Free; num_qp as usize],
                next_qp: 0,
                stray: Vec::new(),
            }),
        });
        *slot = Some(t.clone());
        Ok(t)
    }
}

impl VerbsTables {
    pub(crate) fn alloc_pd(&self) -> Result<u16> {
        let mut st = lock(&self.st)?;
        let n = st.pds.len();
        for k in 0..n - 1 {
            let i = 1 + (st.next_pd - 1 + k) % (n - 1);
            if !st.pds[i] {
                st.pds[i] = true;
                st.next_pd = 1 + i % (n - 1);
                return Ok(i as u16);
            }
        }
        Err(Error::NoFreeQueue {
            kind: "protection domain",
            count: (n - 1) as u32,
        })
    }

    pub(crate) fn free_pd(&self, pd: u16) {
        if let Ok(mut st) = self.st.lock() {
            if let Some(u) = st.pds.get_mut(usize::from(pd)) {
                *u = false;
            }
        }
    }

    pub(crate) fn alloc_qpn(&self) -> Result<u32> {
        let mut st = lock(&self.st)?;
        let n = st.qps.len();
        let i = (0..n)
            .map(|k| (st.next_qp + k) % n)
            .find(|&i| matches!(st.qps[i], QpSlot::Free))
            .ok_or(Error::NoFreeQueue {
                kind: "queue pair",
                count: self.num_qp,
            })?;
        st.qps[i] = QpSlot::Creating;
        st.next_qp = (i + 1) % n;
        Ok(i as u32)
    }

    pub(crate) fn set_qp(&self, qpn: u32, slot: QpSlot) {
        if let Ok(mut st) = self.st.lock() {
            if let Some(s) = st.qps.get_mut(qpn as usize) {
                *s = slot;
            }
        }
    }

    /// Takes the news of one RDMA completion: its QP's ring moves on, a
    /// remote invalidation invalidates the region.
    pub(crate) fn account(&self, wc: &WorkCompletion) -> Result<()> {
        let qp = {
            let mut st = lock(&self.st)?;
            if let (Some(stag), CqeStatus::Success) = (wc.invalidated_rkey, wc.status) {
                st.mrs.invalidate(stag);
            }
            match st.qps.get(wc.qp_num as usize) {
                Some(QpSlot::Used(w)) => w.upgrade(),
                _ => None,
            }
        };
        match qp {
            Some(qp) => qp.retire(wc),
            None => Ok(()),
        }
    }
}
