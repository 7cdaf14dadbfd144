//! What every hardware queue (raw send and receive queues, completion and
//! event queues) does alike: ring sizes, programming a ring's base and
//! size, and waiting for a disabled queue's DMA to drain before its memory
//! is unmapped.

use std::sync::{Mutex, MutexGuard};

use crate::device::DmaPerm;
use crate::error::{Error, Result};
use crate::mem::DmaMem;
use crate::nic::{Nic, QueueKind};

/// Largest ring, in entries.
const MAX_DEPTH: usize = 1 << 15;

/// Bit of a STATE register of a send, receive or event queue: DMA of this
/// queue is still in flight.
pub(crate) const STATE_BUSY_SQ_RQ_EQ: u32 = 1 << 16;
/// The same bit of a completion queue's STATE register.
pub(crate) const STATE_BUSY_CQ: u32 = 1 << 17;

/// log2 of a ring size.
///
/// # Errors
/// [`Error::BadDepth`] for a depth that is not a power of two in
/// 2..=32768.
pub(crate) fn check_depth(depth: usize) -> Result<u32> {
    if !depth.is_power_of_two() || !(2..=MAX_DEPTH).contains(&depth) {
        return Err(Error::BadDepth {
            depth,
            max: MAX_DEPTH,
        });
    }
    Ok(depth.trailing_zeros())
}

/// Locks a queue's state.
pub(crate) fn lock<T>(m: &Mutex<T>) -> Result<MutexGuard<'_, T>> {
    crate::error::lock(m, "queue state")
}

/// Takes a free hardware queue of `kind` and `bytes` of ring memory the
/// device may access as `perm` allows; returns the queue's index and the
/// memory. The queue is free again if the memory cannot be had.
///
/// # Errors
/// [`Error::NoFreeQueue`], or as [`Nic::alloc_dma`].
pub(crate) fn take_queue(
    nic: &Nic,
    kind: QueueKind,
    bytes: usize,
    perm: DmaPerm,
) -> Result<(u32, DmaMem)> {
    let n = nic.take_slot(kind)?;
    match nic.alloc_dma(bytes, perm) {
        Ok(m) => Ok((n, m)),
        Err(e) => {
            nic.release_slot(kind, n);
            Err(e)
        }
    }
}

/// After a queue is disabled, waits (up to 100 us of device time) until the
/// hardware has no DMA of it in flight, so its memory can be unmapped without
/// the device touching it afterwards.
pub(crate) fn quiesce(nic: &Nic, state_reg: u32, busy: u32) {
    let dev = nic.device();
    let deadline = dev.now_ns().saturating_add(100_000);
    while let Ok(v) = nic.rd(state_reg) {
        if v & busy == 0 || dev.now_ns() > deadline {
            break;
        }
        dev.relax();
    }
}

/// Writes a ring's base (low and high word) and log2 size at the queue's
/// register element `elem`.
pub(crate) fn program_ring(nic: &Nic, elem: u32, mem: &DmaMem, log: u32) -> Result<()> {
    nic.wr(elem, mem.iova() as u32)?;
    nic.wr(elem + 4, (mem.iova() >> 32) as u32)?;
    nic.wr(elem + 8, log)
}
