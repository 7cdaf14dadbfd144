//! RDMA verbs: protection domains, memory regions, completion and event
//! queues, queue pairs, send and receive work requests and their
//! completions, over the card's RDMA control block (BAR0 `RDMA`,
//! docs/abi.md) and queue-pair doorbells (BAR0 `QP`).
//!
//! The names follow libibverbs: [`Nic::alloc_pd`](crate::Nic::alloc_pd)
//! (ibv_alloc_pd), [`ProtectionDomain::reg_mr`] (ibv_reg_mr),
//! [`CompletionQueue::new`] (ibv_create_cq),
//! [`ProtectionDomain::create_qp`] (ibv_create_qp), [`QueuePair::modify`]
//! (ibv_modify_qp), [`QueuePair::query`] (ibv_query_qp),
//! [`QueuePair::post_recv`] (ibv_post_recv), [`QueuePair::post_send`]
//! (ibv_post_send), [`QueuePair::post_fast_reg`] (IBV_WR_REG_MR),
//! [`CompletionQueue::poll_wc`] (ibv_poll_cq).
//!
//! One module per concern:
//!
//! - `cmd`: the RDMA command channel (ARG/OP/STATUS), held by the [`Nic`];
//! - `tables`: the per-NIC numbers (protection domains, the memory-region
//!   table, queue pairs), held by the [`Nic`] and created on first use;
//! - [`pd`], [`mr`] (with the STag allocator), [`cq`] (completion and
//!   event queues, which the raw queues of [`crate::raw`] complete to as
//!   well), [`qp`], [`qp_state`] (attributes, transitions and QP_MODIFY's
//!   words, why a QP entered ERROR), [`wr`] (work requests and their WQE
//!   images), [`wc`] (work completions).
//!
//! # The contract with the hardware
//!
//! - **Commands.** The library writes the argument words (`ARG`), then the
//!   [`RdmaCmd`](warpnic_abi::gen::RdmaCmd) into `OP`, and polls `STATUS`
//!   until BUSY (bit 0) clears, letting the device run in between
//!   ([`Device::relax`](crate::Device::relax)) for at most 100 ms of device
//!   time; bits 15:8 are the
//!   [`RdmaCmdStatus`](warpnic_abi::gen::RdmaCmdStatus). Commands of one
//!   NIC are serialized by the library.
//! - **Numbers.** The library numbers protection domains (1..=65535; 0 is
//!   never handed out), memory-region table indices (1..`NUM_MR`: index 0
//!   is never used, so STags 0x00..=0xff, which a zeroed field carries,
//!   name no region) and queue pairs (0..`NUM_QP`), per [`Nic`] (its
//!   clones share them).
//! - **STags.** STag = index << 8 | key. Indices are handed out next-fit,
//!   so a freed index comes back as late as possible, and the key of an
//!   index changes on every registration (it starts at a random value per
//!   index and counts up), so an STag a peer kept from an earlier
//!   registration does not name the new one. lkey = rkey = STag; the
//!   Tagged Offset of the region's first byte is its IOVA (as verbs use
//!   the virtual address).
//! - **Receive queue.** A ring of 2^n [`RDMA_WQE_SIZE`]-byte `rdma_rq_wqe`
//!   entries in [`DmaMem`](crate::DmaMem); [`QueuePair::post_recv`] writes
//!   the entries at the producer index modulo the ring size, then the
//!   free-running 16-bit producer index into the QP's `RQ_PI` doorbell.
//!   The ring completes in order: each RDMA receive completion
//!   [`CompletionQueue::poll_wc`] takes frees one entry (when the ring
//!   looks full, the library also reads the hardware's consumer index with
//!   QP_QUERY).
//! - **Send queue.** A ring of `rdma_sq_wqe` entries, posted the same way
//!   through `SQ_PI`; it completes in order, an unsignaled entry silently,
//!   so a send-side completion frees its entry and every one before it.
//! - **Checks.** Everything the hardware would refuse is refused on the
//!   host first, with an error: REMOTE_WRITE without LOCAL_WRITE, a
//!   scatter or gather entry outside a valid region of the QP's protection
//!   domain with the rights its use needs, a state transition the QP
//!   cannot make, attributes outside RESET to INIT. The hardware checks
//!   again.
//! - **Teardown.** A [`MemoryRegion`] is deregistered (MR_DEREG) when
//!   dropped, a [`QueuePair`] taken to ERROR and RESET; only then is their
//!   memory given back. If the device does not answer, the memory, the
//!   table index and the QP number are leaked rather than reused, so the
//!   device can never reach memory that now belongs to something else.
//!
//! # Connection setup
//!
//! After the MPA exchange ([`crate::mpa`]; [`crate::cm`] does all of
//! this): [`QueuePair::modify`] RESET to INIT with the connection's id and
//! the negotiated parameters ([`QpAttrs::from_rdma_params`]), post receive
//! buffers, [`QueuePair::bind_connection`] (the TCB's QPID and
//! ULP_MODE = RDMA, through SET_TCB_FIELD), then INIT to RTR (and RTS).
//!
//! # Errors and events
//!
//! Why a QP entered ERROR: [`QueuePair::error_info`] (QP_QUERY), or the
//! QP_ERROR events on event queue 0 ([`QpErrorEvent::from_event`] on what
//! [`EventQueue::poll`] returns). A QP moved to SQD reports on event queue
//! 0 when its send queue has drained ([`SqDrainedEvent`]).

use std::sync::{Mutex, MutexGuard};

use warpnic_abi::gen;

use crate::error::Result;

pub(crate) mod cmd;
pub mod cq;
pub mod mr;
pub mod pd;
pub mod qp;
pub mod qp_state;
pub(crate) mod tables;
pub mod wc;
pub mod wr;

#[cfg(test)]
mod tests;

pub use cq::{Completion, CompletionKind, CompletionQueue, Event, EventQueue, RdmaCqeInfo};
pub use mr::{AccessFlags, MemoryRegion};
pub use pd::ProtectionDomain;
pub use qp::{QpCaps, QueuePair};
pub use qp_state::{QpAttrs, QpError, QpErrorEvent, QpInfo, SqDrainedEvent, DEFAULT_MULPDU};
pub use wc::{WcOpcode, WorkCompletion};
pub use wr::{encode_recv_wqe, encode_send_wqe, mulpdu_for_mss, RecvWr, SendWr, Sge, WrOpcode};

#[cfg(doc)]
use crate::nic::Nic;

/// Bytes of one receive- or send-queue entry.
pub const RDMA_WQE_SIZE: usize = gen::RDMA_WQE_SIZE as usize;
/// Scatter entries of one work request.
pub const MAX_SGE: usize = gen::RDMA_MAX_SGE as usize;
/// RDMA Read Requests a queue pair answers at once at most (its IRD; the
/// transmit side keeps room for that many READ RESPONSEs).
pub const MAX_IRD: u32 = gen::RDMA_MAX_IRD;
/// RDMA Reads a queue pair has outstanding at most (its ORD; the transmit
/// side's outstanding-read queue holds that many).
pub const MAX_ORD: u32 = gen::RDMA_MAX_ORD;
/// Largest ring of a QP, as log2 of entries.
const MAX_LOG_DEPTH: u32 = gen::MAX_LOG_QUEUE_SIZE;

/// Locks verbs state.
fn lock<T>(m: &Mutex<T>) -> Result<MutexGuard<'_, T>> {
    crate::error::lock(m, "verbs state")
}
