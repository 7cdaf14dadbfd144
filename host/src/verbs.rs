//! RDMA verbs: protection domains, memory regions, queue pairs, receive
//! work requests and their completions, over the card's RDMA control block
//! (BAR0 `RDMA`, docs/abi.md) and queue-pair doorbells (BAR0 `QP`).
//!
//! The names follow libibverbs: [`Nic::alloc_pd`] (ibv_alloc_pd),
//! [`ProtectionDomain::reg_mr`] (ibv_reg_mr), [`ProtectionDomain::create_qp`]
//! (ibv_create_qp), [`QueuePair::modify`] (ibv_modify_qp),
//! [`QueuePair::query`] (ibv_query_qp), [`QueuePair::post_recv`]
//! (ibv_post_recv), [`CompletionQueue::poll_wc`] (ibv_poll_cq). Posting
//! sends is not here yet (the send path is not in hardware).
//!
//! # The contract with the hardware
//!
//! - **Commands.** The library writes the argument words (`ARG`), then the
//!   [`RdmaCmd`] into `OP`, and polls `STATUS` until BUSY (bit 0) clears,
//!   letting the device run in between
//!   ([`Device::relax`](crate::Device::relax)) for at most 100
//!   ms of device time; bits 15:8 are the [`RdmaCmdStatus`]. Commands of
//!   one NIC are serialized by the library.
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
//!   entries in [`DmaMem`]; [`QueuePair::post_recv`] writes the entries at
//!   the producer index modulo the ring size, then the free-running 16-bit
//!   producer index into the QP's `RQ_PI` doorbell. The ring completes in
//!   order: each RDMA receive completion [`CompletionQueue::poll_wc`] takes
//!   frees one entry (when the ring looks full, the library also reads the
//!   hardware's consumer index with QP_QUERY).
//! - **Checks.** Everything the hardware would refuse is refused on the
//!   host first, with an error: REMOTE_WRITE without LOCAL_WRITE, a
//!   scatter entry outside a valid region of the QP's protection domain
//!   with LOCAL_WRITE, a state transition the QP cannot make, attributes
//!   outside RESET to INIT. The hardware checks again.
//! - **Teardown.** A [`MemoryRegion`] is deregistered (MR_DEREG) when
//!   dropped, a [`QueuePair`] taken to ERROR and RESET; only then is their
//!   memory given back. If the device does not answer, the memory, the
//!   table index and the QP number are leaked rather than reused, so the
//!   device can never reach memory that now belongs to something else.
//!
//! # Connection setup
//!
//! After the MPA exchange ([`crate::mpa`], [`crate::cm`]):
//! [`QueuePair::modify`] RESET to INIT with the connection's id and the
//! negotiated parameters ([`QpAttrs::from_rdma_params`]), post receive
//! buffers, [`QueuePair::bind_connection`] (the TCB's QPID and
//! ULP_MODE = RDMA, through SET_TCB_FIELD), then INIT to RTR (and RTS).
//!
//! # Errors and events
//!
//! Why a QP entered ERROR: [`QueuePair::error_info`] (QP_QUERY), or the
//! QP_ERROR events on event queue 0 ([`QpErrorEvent::from_event`] on what
//! [`EventQueue::poll`](crate::EventQueue::poll) returns). A QP moved to
//! SQD reports on event queue 0 when its send queue has drained
//! ([`SqDrainedEvent`]).

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::ops::{BitOr, BitOrAssign};
use std::sync::atomic::{fence, AtomicU32, Ordering, Ordering as AtomicOrdering};
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::Duration;

use warpnic_abi::gen::{
    self, cqe_flags, mr_access, regs, wqe_flags, CplTermOrigin, CplUlpMode, CqeOpcode, CqeStatus,
    EqeType, QpErrorInfo, QpState, RdmaCmd, RdmaCmdStatus, RdmaRqWqe, RdmaSge, RdmaSqWqe,
    RdmaSqWqeFr, RdmaWqeOpcode, TcbField, TermLayer,
};

use crate::device::{DeviceError, DmaPerm};
use crate::error::{Error, Result};
use crate::mem::DmaMem;
use crate::mpa::RdmaParams;
use crate::nic::{Nic, NicInner};
use crate::raw::{Completion, CompletionQueue, Event};
use crate::stream::TcpStream;
use crate::tcp::EndpointId;

/// Bytes of one receive-queue entry.
pub const RDMA_WQE_SIZE: usize = gen::RDMA_WQE_SIZE as usize;
/// Scatter entries of one work request.
pub const MAX_SGE: usize = gen::RDMA_MAX_SGE as usize;
/// RDMA Read Requests a queue pair answers at once at most (its IRD; the
/// transmit side keeps room for that many READ RESPONSEs).
pub const MAX_IRD: u32 = gen::RDMA_MAX_IRD;
/// RDMA Reads a queue pair has outstanding at most (its ORD; the transmit
/// side's outstanding-read queue holds that many).
pub const MAX_ORD: u32 = gen::RDMA_MAX_ORD;
/// Device time one RDMA command may take.
const CMD_TIMEOUT: Duration = Duration::from_millis(100);
/// Largest ring of a QP, as log2 of entries.
const MAX_LOG_DEPTH: u32 = gen::MAX_LOG_QUEUE_SIZE;
/// STATUS bit 0.
const STATUS_BUSY: u32 = 1;
/// The default largest ULPDU a QP accepts: any. The sender chooses its
/// MULPDU (Linux siw sends 1454 bytes at MSS 1460, this library
/// `mulpdu_for_mss`); a garbage length is caught by the CRC and the DDP
/// checks.
pub const DEFAULT_MULPDU: u16 = u16::MAX;

/// The largest ULPDU whose FPDU (length field, ULPDU, pad, CRC; no
/// markers) fits one TCP segment of `mss` bytes: with it every full FPDU
/// the card sends is exactly one segment.
pub fn mulpdu_for_mss(mss: u16) -> u16 {
    (mss.saturating_sub(4) & !3).saturating_sub(2)
}

fn lock<T>(m: &Mutex<T>) -> Result<MutexGuard<'_, T>> {
    m.lock()
        .map_err(|_| Error::InvalidArgument("verbs state poisoned by a panic".into()))
}

fn invalid(msg: impl Into<String>) -> Error {
    Error::InvalidArgument(msg.into())
}

// ---------------------------------------------------------------------
// Access flags, scatter entries, work requests
// ---------------------------------------------------------------------

/// Access rights of a memory region (`mr_access`; ibv_access_flags).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AccessFlags(u8);

impl AccessFlags {
    /// The NIC may write the region for the local QP (receive buffers,
    /// READ sinks).
    pub const LOCAL_WRITE: AccessFlags = AccessFlags(mr_access::LOCAL_WRITE);
    /// A peer may READ from the region.
    pub const REMOTE_READ: AccessFlags = AccessFlags(mr_access::REMOTE_READ);
    /// A peer may WRITE into the region (needs LOCAL_WRITE).
    pub const REMOTE_WRITE: AccessFlags = AccessFlags(mr_access::REMOTE_WRITE);
    /// A fast-register region: starts INVALID, may be invalidated locally
    /// ([`MemoryRegion::invalidate`]) or by the peer (Send with
    /// Invalidate).
    pub const FAST_REG: AccessFlags = AccessFlags(mr_access::FAST_REG);
    const ALL: u8 = mr_access::LOCAL_WRITE
        | mr_access::REMOTE_READ
        | mr_access::REMOTE_WRITE
        | mr_access::FAST_REG;

    /// No rights: the local QP may only read the region.
    pub const fn empty() -> AccessFlags {
        AccessFlags(0)
    }

    /// The `mr_access` bits.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The flags of `mr_access` bits; `None` for bits this ABI does not
    /// define.
    pub const fn from_bits(bits: u8) -> Option<AccessFlags> {
        if bits & !Self::ALL != 0 {
            None
        } else {
            Some(AccessFlags(bits))
        }
    }

    /// Whether every flag of `other` is set.
    pub const fn contains(self, other: AccessFlags) -> bool {
        self.0 & other.0 == other.0
    }

    /// Refuses combinations the table refuses (REMOTE_WRITE without
    /// LOCAL_WRITE).
    fn check(self) -> Result<()> {
        if self.contains(Self::REMOTE_WRITE) && !self.contains(Self::LOCAL_WRITE) {
            return Err(invalid(
                "memory region access REMOTE_WRITE needs LOCAL_WRITE as well",
            ));
        }
        Ok(())
    }
}

impl BitOr for AccessFlags {
    type Output = AccessFlags;
    fn bitor(self, rhs: AccessFlags) -> AccessFlags {
        AccessFlags(self.0 | rhs.0)
    }
}

impl BitOrAssign for AccessFlags {
    fn bitor_assign(&mut self, rhs: AccessFlags) {
        self.0 |= rhs.0;
    }
}

/// One scatter/gather entry (ibv_sge): `length` bytes at Tagged Offset
/// `addr` of the region `lkey` names. [`MemoryRegion::sge`] makes one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sge {
    /// Tagged Offset of the first byte (the IOVA, for regions of this
    /// library).
    pub addr: u64,
    /// Bytes (at least 1).
    pub length: u32,
    /// The region's lkey.
    pub lkey: u32,
}

/// A receive work request (ibv_recv_wr): up to [`MAX_SGE`] buffers that
/// take one message, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecvWr<'a> {
    /// Returned in the work completion.
    pub wr_id: u64,
    /// The buffers (none: only a zero-length message fits).
    pub sg_list: &'a [Sge],
}

/// The `rdma_sge` images of a work request's list (at most [`MAX_SGE`]
/// entries of at least one byte; the rest zero).
fn sge_images(
    wr_id: u64,
    list: &[Sge],
    kind: &str,
    entry: &str,
) -> Result<[[u8; RdmaSge::SIZE]; MAX_SGE]> {
    if list.len() > MAX_SGE {
        return Err(invalid(format!(
            "{kind} work request {wr_id:#x}: {} {entry} entries, at most {MAX_SGE}",
            list.len()
        )));
    }
    let mut sges = [[0u8; RdmaSge::SIZE]; MAX_SGE];
    for (slot, s) in sges.iter_mut().zip(list) {
        if s.length == 0 {
            return Err(invalid(format!(
                "{kind} work request {wr_id:#x}: a {entry} entry of zero bytes"
            )));
        }
        *slot = RdmaSge {
            addr: s.addr,
            len: s.length,
            lkey: s.lkey,
        }
        .to_bytes();
    }
    Ok(sges)
}

/// The `rdma_rq_wqe` image of a receive work request.
///
/// # Errors
/// [`Error::InvalidArgument`] for more than [`MAX_SGE`] entries or an
/// entry of zero bytes.
pub fn encode_recv_wqe(wr: &RecvWr<'_>) -> Result<[u8; RDMA_WQE_SIZE]> {
    let sges = sge_images(wr.wr_id, wr.sg_list, "receive", "scatter")?;
    let [sge0, sge1, sge2, sge3] = sges;
    Ok(RdmaRqWqe {
        wr_id: wr.wr_id,
        num_sge: wr.sg_list.len() as u8,
        sge0,
        sge1,
        sge2,
        sge3,
        ..RdmaRqWqe::default()
    }
    .to_bytes())
}

/// What a send work request does (ibv_wr_opcode).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrOpcode {
    /// RDMA Write of the gather list to `rkey`/`remote_addr`.
    RdmaWrite,
    /// RDMA Write, then an Immediate Data message with `imm` (RFC 7306).
    RdmaWriteImm,
    /// Send of the gather list.
    Send,
    /// Send with Invalidate of the peer's STag `inv_stag`.
    SendInv,
    /// RDMA Read of `rkey`/`remote_addr` into the one local entry, whose
    /// region must allow LOCAL_WRITE and REMOTE_WRITE (iWARP: the READ
    /// RESPONSE is a tagged write into it).
    RdmaRead,
    /// Immediate Data message with `imm` (RFC 7306).
    ImmData,
    /// Invalidates the local fast-register region `inv_stag` once the
    /// earlier messages are acknowledged (IBV_WR_LOCAL_INV).
    LocalInv,
}

/// A send work request (ibv_send_wr).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SendWr<'a> {
    /// Returned in the work completion.
    pub wr_id: u64,
    /// The operation.
    pub opcode: WrOpcode,
    /// The local bytes (gather list, or the READ's sink).
    pub sg_list: &'a [Sge],
    /// Write a completion on success (IBV_SEND_SIGNALED); errors always
    /// complete.
    pub signaled: bool,
    /// Send or Immediate Data with Solicited Event (IBV_SEND_SOLICITED).
    pub solicited: bool,
    /// The peer's Tagged Offset (RDMA Write, RDMA Read).
    pub remote_addr: u64,
    /// The peer's STag (RDMA Write, RDMA Read).
    pub rkey: u32,
    /// Immediate data (RdmaWriteImm, ImmData), byte 0 on the wire in bits
    /// 63:56.
    pub imm: u64,
    /// The peer's STag to invalidate (SendInv).
    pub inv_stag: u32,
}

impl Default for SendWr<'_> {
    fn default() -> Self {
        SendWr {
            wr_id: 0,
            opcode: WrOpcode::Send,
            sg_list: &[],
            signaled: true,
            solicited: false,
            remote_addr: 0,
            rkey: 0,
            imm: 0,
            inv_stag: 0,
        }
    }
}

/// The `rdma_sq_wqe` image of a send work request.
///
/// # Errors
/// [`Error::InvalidArgument`] for more than [`MAX_SGE`] entries, an
/// entry of zero bytes, or an RDMA Read without exactly one entry.
pub fn encode_send_wqe(wr: &SendWr<'_>) -> Result<[u8; RDMA_WQE_SIZE]> {
    let sges = sge_images(wr.wr_id, wr.sg_list, "send", "gather")?;
    if wr.opcode == WrOpcode::RdmaRead && wr.sg_list.len() != 1 {
        return Err(invalid(format!(
            "RDMA Read {:#x}: the sink is one entry, not {}",
            wr.wr_id,
            wr.sg_list.len()
        )));
    }
    let opcode = match wr.opcode {
        WrOpcode::RdmaWrite => RdmaWqeOpcode::RdmaWrite,
        WrOpcode::RdmaWriteImm => RdmaWqeOpcode::RdmaWriteImm,
        WrOpcode::Send => RdmaWqeOpcode::Send,
        WrOpcode::SendInv => RdmaWqeOpcode::SendInv,
        WrOpcode::RdmaRead => RdmaWqeOpcode::RdmaRead,
        WrOpcode::ImmData => RdmaWqeOpcode::ImmData,
        WrOpcode::LocalInv => RdmaWqeOpcode::LocalInv,
    };
    let flags = if wr.signaled { wqe_flags::SIGNALED } else { 0 }
        | if wr.solicited {
            wqe_flags::SOLICITED
        } else {
            0
        };
    let [sge0, sge1, sge2, sge3] = sges;
    Ok(RdmaSqWqe {
        wr_id: wr.wr_id,
        opcode: u8::from(opcode),
        flags,
        num_sge: wr.sg_list.len() as u8,
        inv_stag: wr.inv_stag,
        remote_addr: wr.remote_addr,
        rkey: wr.rkey,
        imm: wr.imm,
        sge0,
        sge1,
        sge2,
        sge3,
        ..RdmaSqWqe::default()
    }
    .to_bytes())
}

// ---------------------------------------------------------------------
// The host's copy of the memory-region table (pure)
// ---------------------------------------------------------------------

/// A registered region as the host knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct MrEntry {
    stag: u32,
    pd: u16,
    base: u64,
    len: u64,
    access: AccessFlags,
    /// FAST_REG regions start invalid and become invalid again when
    /// invalidated.
    valid: bool,
}

#[derive(Clone, Copy, Debug, Default)]
struct MrSlot {
    /// The key the next registration of this index takes.
    next_key: u8,
    entry: Option<MrEntry>,
    /// The device did not confirm a deregistration: never reused.
    leaked: bool,
}

/// Index allocation, keys, and what each region allows.
#[derive(Debug)]
struct MrTable {
    slots: Vec<MrSlot>,
    /// Next-fit cursor.
    next: usize,
}

/// splitmix64: the initial key of each index from one seed.
fn mix(seed: u64, i: u64) -> u64 {
    let mut z = seed.wrapping_add(i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl MrTable {
    /// A table of `num_mr` entries (index 0 never used); the keys start
    /// where `seed` says.
    fn new(num_mr: u32, seed: u64) -> MrTable {
        let slots = (0..u64::from(num_mr))
            .map(|i| MrSlot {
                next_key: mix(seed, i) as u8,
                ..MrSlot::default()
            })
            .collect();
        MrTable { slots, next: 1 }
    }

    /// Takes a free index and its next key; returns the STag.
    fn alloc(&mut self, pd: u16, base: u64, len: u64, access: AccessFlags) -> Result<u32> {
        let n = self.slots.len();
        let usable = n.saturating_sub(1);
        for k in 0..usable {
            let i = 1 + (self.next - 1 + k) % usable;
            let s = &mut self.slots[i];
            if s.entry.is_some() || s.leaked {
                continue;
            }
            let stag = ((i as u32) << 8) | u32::from(s.next_key);
            s.next_key = s.next_key.wrapping_add(1);
            s.entry = Some(MrEntry {
                stag,
                pd,
                base,
                len,
                access,
                valid: !access.contains(AccessFlags::FAST_REG),
            });
            self.next = 1 + i % usable;
            return Ok(stag);
        }
        Err(Error::NoFreeQueue {
            kind: "memory-region table entry",
            count: usable as u32,
        })
    }

    fn slot(&mut self, stag: u32) -> Option<&mut MrSlot> {
        self.slots.get_mut((stag >> 8) as usize)
    }

    /// The entry `stag` names (index and key).
    fn get(&self, stag: u32) -> Option<&MrEntry> {
        self.slots
            .get((stag >> 8) as usize)
            .and_then(|s| s.entry.as_ref())
            .filter(|e| e.stag == stag)
    }

    fn get_mut(&mut self, stag: u32) -> Option<&mut MrEntry> {
        self.slot(stag)
            .and_then(|s| s.entry.as_mut())
            .filter(|e| e.stag == stag)
    }

    /// Frees the index of `stag` for reuse.
    fn free(&mut self, stag: u32) {
        if let Some(s) = self.slot(stag) {
            if s.entry.is_some_and(|e| e.stag == stag) {
                s.entry = None;
            }
        }
    }

    /// Forgets `stag` and never hands its index out again.
    fn leak(&mut self, stag: u32) {
        if let Some(s) = self.slot(stag) {
            s.entry = None;
            s.leaked = true;
        }
    }

    /// A fast-register of the region `old` names: key of `new`, rights,
    /// valid; false when `old` names no FAST_REG region.
    fn fast_reg(&mut self, old: u32, new: u32, access: AccessFlags) -> bool {
        match self.get_mut(old) {
            Some(e) if e.access.contains(AccessFlags::FAST_REG) && (new >> 8) == (old >> 8) => {
                e.stag = new;
                e.access = access | AccessFlags::FAST_REG;
                e.valid = true;
                true
            }
            _ => false,
        }
    }

    /// Marks a FAST_REG region invalid (MR_INV, or a Send with
    /// Invalidate); false when `stag` names no such region.
    fn invalidate(&mut self, stag: u32) -> bool {
        match self.get_mut(stag) {
            Some(e) if e.access.contains(AccessFlags::FAST_REG) => {
                e.valid = false;
                true
            }
            _ => false,
        }
    }

    /// Whether the local QP of protection domain `pd` may write `sge`.
    fn check_recv_sge(&self, pd: u16, sge: &Sge) -> Result<()> {
        self.check_sge(pd, sge, AccessFlags::LOCAL_WRITE, "a receive buffer")
    }

    /// Whether the local QP of protection domain `pd` may use `sge` with
    /// the rights `need` (`what` names the use in the error).
    fn check_sge(&self, pd: u16, sge: &Sge, need: AccessFlags, what: &str) -> Result<()> {
        let e = self.get(sge.lkey).ok_or_else(|| {
            invalid(format!(
                "scatter entry lkey {:#010x} names no registered memory region",
                sge.lkey
            ))
        })?;
        if e.pd != pd {
            return Err(invalid(format!(
                "scatter entry lkey {:#010x} belongs to protection domain {}, the QP to {pd}",
                sge.lkey, e.pd
            )));
        }
        if !e.access.contains(need) {
            return Err(invalid(format!(
                "scatter entry lkey {:#010x}: {what} needs access {need:?}, the region has {:?}",
                sge.lkey, e.access
            )));
        }
        if !e.valid {
            return Err(invalid(format!(
                "scatter entry lkey {:#010x}: the fast-register region is invalid",
                sge.lkey
            )));
        }
        let end = sge.addr.checked_add(u64::from(sge.length));
        let inside = sge.addr >= e.base && end.is_some_and(|end| end - e.base <= e.len);
        if !inside {
            return Err(invalid(format!(
                "scatter entry {:#x}+{:#x} is outside its region {:#x}+{:#x} (lkey {:#010x})",
                sge.addr, sge.length, e.base, e.len, sge.lkey
            )));
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------
// Queue-pair states and QP_MODIFY (pure)
// ---------------------------------------------------------------------

/// Attributes of a QP_MODIFY (ibv_qp_attr with its mask): the state to go
/// to and, for RESET to INIT only, the connection attributes.
///
/// ```
/// # use warpnic::verbs::QpAttrs;
/// # use warpnic_abi::gen::QpState;
/// let init = QpAttrs::init(7).mulpdu(1000).ird(4).ord(4);
/// let rtr = QpAttrs::new(QpState::Rtr);
/// # let _ = (init, rtr);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QpAttrs {
    state: QpState,
    /// Set by `init`, `from_rdma_params` or any attribute setter.
    with_attrs: bool,
    tid: Option<u32>,
    mulpdu: u16,
    crc: bool,
    markers_rx: bool,
    markers_tx: bool,
    ird: u8,
    ord: u8,
    marker_phase: u16,
    send_mulpdu: u16,
    tx_start: u32,
}

impl QpAttrs {
    /// A transition to `state` without attributes.
    pub fn new(state: QpState) -> QpAttrs {
        QpAttrs {
            state,
            with_attrs: false,
            tid: None,
            mulpdu: DEFAULT_MULPDU,
            crc: true,
            markers_rx: false,
            markers_tx: false,
            ird: 0,
            ord: 0,
            marker_phase: 0,
            send_mulpdu: mulpdu_for_mss(1460),
            tx_start: 0,
        }
    }

    /// RESET to INIT on connection `tid` with the defaults: largest ULPDU
    /// [`DEFAULT_MULPDU`], CRC on, no markers, IRD and ORD 0 (no RDMA
    /// Read), marker phase 0.
    pub fn init(tid: u32) -> QpAttrs {
        QpAttrs {
            tid: Some(tid),
            with_attrs: true,
            ..QpAttrs::new(QpState::Init)
        }
    }

    /// RESET to INIT on connection `tid` with what the MPA exchange
    /// settled (CRC, markers in each direction, IRD, ORD).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for IRD or ORD above 255 (the QP's
    /// fields are 8 bits).
    pub fn from_rdma_params(tid: u32, p: &RdmaParams) -> Result<QpAttrs> {
        let (Ok(ird), Ok(ord)) = (u8::try_from(p.ird), u8::try_from(p.ord)) else {
            return Err(invalid(format!(
                "IRD {} / ORD {}: a queue pair takes at most 255",
                p.ird, p.ord
            )));
        };
        Ok(QpAttrs::init(tid)
            .crc(p.crc)
            .markers_rx(p.markers_rx)
            .markers_tx(p.markers_tx)
            .ird(ird)
            .ord(ord))
    }

    /// The TCP connection id (ARG9).
    pub fn tid(mut self, tid: u32) -> QpAttrs {
        self.tid = Some(tid);
        self.with_attrs = true;
        self
    }

    /// Largest ULPDU accepted (ARG3 15:0; at least 1).
    pub fn mulpdu(mut self, bytes: u16) -> QpAttrs {
        self.mulpdu = bytes;
        self.with_attrs = true;
        self
    }

    /// CRC32c on the connection (ARG3 bit 16).
    pub fn crc(mut self, on: bool) -> QpAttrs {
        self.crc = on;
        self.with_attrs = true;
        self
    }

    /// MPA markers in both directions (ARG3 bits 17 and 18).
    pub fn markers(self, on: bool) -> QpAttrs {
        self.markers_rx(on).markers_tx(on)
    }

    /// MPA markers in what the peer sends (ARG3 bit 17): the M bit this
    /// side put in its MPA request or reply (RFC 5044 §7.1).
    pub fn markers_rx(mut self, on: bool) -> QpAttrs {
        self.markers_rx = on;
        self.with_attrs = true;
        self
    }

    /// MPA markers in what this side sends (ARG3 bit 18): the peer's M
    /// bit.
    pub fn markers_tx(mut self, on: bool) -> QpAttrs {
        self.markers_tx = on;
        self.with_attrs = true;
        self
    }

    /// Inbound RDMA Read queue depth (ARG3 31:24).
    pub fn ird(mut self, ird: u8) -> QpAttrs {
        self.ird = ird;
        self.with_attrs = true;
        self
    }

    /// Outbound RDMA Read queue depth (ARG4 7:0).
    pub fn ord(mut self, ord: u8) -> QpAttrs {
        self.ord = ord;
        self.with_attrs = true;
        self
    }

    /// Largest ULPDU this side sends (ARG11; default
    /// [`mulpdu_for_mss`] of 1460): at most the peer's, and at most what
    /// fits one segment for one FPDU per segment. With markers the
    /// hardware takes from it the markers of the segment each FPDU starts,
    /// so [`mulpdu_for_mss`] keeps every FPDU and its markers one segment.
    pub fn send_mulpdu(mut self, bytes: u16) -> QpAttrs {
        self.send_mulpdu = bytes;
        self.with_attrs = true;
        self
    }

    /// Stream offset of the first FPDU this side sends (ARG12): the
    /// stream's written bytes when FPDU mode begins (the MPA frame before).
    pub fn tx_start(mut self, offset: u32) -> QpAttrs {
        self.tx_start = offset;
        self.with_attrs = true;
        self
    }

    /// Marker phase of the first received FPDU's first byte (ARG10 8:0,
    /// 0..=511; 0 normally).
    pub fn marker_phase(mut self, phase: u16) -> QpAttrs {
        self.marker_phase = phase;
        self.with_attrs = true;
        self
    }

    /// The state to go to.
    pub fn state(&self) -> QpState {
        self.state
    }
}

/// What a QP_MODIFY does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Transition {
    /// The QP is in that state already: nothing to send.
    NoOp,
    /// Send QP_MODIFY, with the attributes (RESET to INIT) or without.
    Run { set_attrs: bool },
}

/// The transitions the hardware allows: RESET->INIT (with attributes),
/// INIT->RTR, INIT/RTR->RTS, RTS<->SQD, any->ERROR, ERROR->RESET; the same
/// state is a no-op.
fn transition(from: QpState, to: QpState, with_attrs: bool) -> Result<Transition> {
    use QpState::*;
    let ok = match (from, to) {
        _ if from == to => {
            if with_attrs {
                return Err(invalid(format!(
                    "QP attributes can be set from RESET to INIT only, not {} to {}",
                    from.name(),
                    to.name()
                )));
            }
            return Ok(Transition::NoOp);
        }
        (Reset, Init) => {
            if !with_attrs {
                return Err(invalid(
                    "RESET to INIT needs the QP attributes (QpAttrs::init with the connection id)",
                ));
            }
            return Ok(Transition::Run { set_attrs: true });
        }
        (_, Error) | (Init, Rtr) | (Init | Rtr, Rts) | (Rts, Sqd) | (Sqd, Rts) | (Error, Reset) => {
            true
        }
        _ => false,
    };
    if !ok {
        return Err(invalid(format!(
            "a queue pair cannot go from {} to {}",
            from.name(),
            to.name()
        )));
    }
    if with_attrs {
        return Err(invalid(format!(
            "QP attributes can be set from RESET to INIT only, not {} to {}",
            from.name(),
            to.name()
        )));
    }
    Ok(Transition::Run { set_attrs: false })
}

/// What RESET to INIT programs besides the [`QpAttrs`]: the QP's own
/// resources.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct QpResources {
    pd: u16,
    send_cq: u32,
    recv_cq: u32,
    rq_log: u32,
    sq_log: u32,
    rq_iova: u64,
    sq_iova: u64,
}

/// QP_MODIFY's argument words (2, or 11 with the attributes).
///
/// # Errors
/// [`Error::InvalidArgument`] for attributes out of range: no connection
/// id, a zero largest ULPDU, a marker phase above 511, a CQ above 255, a
/// ring size outside 2^1..=2^15.
fn qp_modify_args(qpn: u32, a: &QpAttrs, set_attrs: bool, r: &QpResources) -> Result<Vec<u32>> {
    let state = u32::from(u8::from(a.state));
    if !set_attrs {
        return Ok(vec![qpn, state]);
    }
    let tid = a
        .tid
        .ok_or_else(|| invalid("RESET to INIT needs the TCP connection id (QpAttrs::tid)"))?;
    if a.mulpdu == 0 {
        return Err(invalid("the largest ULPDU must be at least 1 byte"));
    }
    if a.send_mulpdu < 72 {
        return Err(invalid(format!(
            "largest ULPDU to send {} is below 72 bytes (a READ REQUEST takes 46, a TERMINATE up to 70)",
            a.send_mulpdu
        )));
    }
    if a.marker_phase > 511 {
        return Err(invalid(format!(
            "marker phase {} is outside 0..=511",
            a.marker_phase
        )));
    }
    if r.send_cq > 0xff || r.recv_cq > 0xff {
        return Err(invalid(format!(
            "completion queues {} and {}: a QP takes CQs 0..=255",
            r.send_cq, r.recv_cq
        )));
    }
    let logs = 1..=MAX_LOG_DEPTH;
    if !logs.contains(&r.rq_log) || !logs.contains(&r.sq_log) {
        return Err(invalid("QP ring sizes must be 2^1..=2^15 entries"));
    }
    if u32::from(a.ird) > MAX_IRD {
        return Err(invalid(format!(
            "IRD {}: the hardware answers at most {MAX_IRD} RDMA Reads at once (ibv max_qp_rd_atom)",
            a.ird
        )));
    }
    if u32::from(a.ord) > MAX_ORD {
        return Err(invalid(format!(
            "ORD {}: the hardware keeps at most {MAX_ORD} RDMA Reads outstanding (ibv max_qp_init_rd_atom)",
            a.ord
        )));
    }
    let arg3 = u32::from(a.mulpdu)
        | (u32::from(a.crc) << 16)
        | (u32::from(a.markers_rx) << 17)
        | (u32::from(a.markers_tx) << 18)
        | (u32::from(a.ird) << 24);
    let arg4 = u32::from(a.ord)
        | (r.send_cq << 8)
        | (r.recv_cq << 16)
        | (r.rq_log << 24)
        | (r.sq_log << 28);
    Ok(vec![
        qpn,
        state | (1 << 8),
        u32::from(r.pd),
        arg3,
        arg4,
        r.rq_iova as u32,
        (r.rq_iova >> 32) as u32,
        r.sq_iova as u32,
        (r.sq_iova >> 32) as u32,
        tid,
        u32::from(a.marker_phase),
        u32::from(a.send_mulpdu),
        a.tx_start,
    ])
}

/// MR_REG's argument words.
fn mr_reg_args(
    stag: u32,
    pd: u16,
    access: AccessFlags,
    base: u64,
    len: u64,
    iova: u64,
) -> [u32; 9] {
    [
        stag,
        u32::from(pd),
        u32::from(access.bits()),
        base as u32,
        (base >> 32) as u32,
        len as u32,
        (len >> 32) as u32,
        iova as u32,
        (iova >> 32) as u32,
    ]
}

/// The error of a command the device refused: one message per status.
fn refused(cmd: RdmaCmd, status: RdmaCmdStatus) -> Error {
    let why = match status {
        RdmaCmdStatus::Ok => "no error",
        RdmaCmdStatus::BadStag => {
            "the STag names no region (index out of range, no region, or key mismatch)"
        }
        RdmaCmdStatus::PdMismatch => "the region belongs to another protection domain",
        RdmaCmdStatus::NotAllowed => "not a fast-register region",
        RdmaCmdStatus::MrState => "the region is in the wrong state for the command",
        RdmaCmdStatus::BadArg => "a length, base or access right the table cannot take",
        RdmaCmdStatus::BadQp => "QP number out of range",
        RdmaCmdStatus::BadTransition => {
            "the QP cannot make this state transition, or attributes outside RESET to INIT"
        }
        RdmaCmdStatus::BadCmd => "the device does not know the command",
    };
    Error::InvalidArgument(format!(
        "RDMA command {} refused by the device: {} ({why})",
        cmd.name(),
        status.name()
    ))
}

// ---------------------------------------------------------------------
// Queue-pair errors and work completions (pure)
// ---------------------------------------------------------------------

/// Why a QP entered ERROR: the Terminate it sent or received (RFC 5040
/// §7, `qp_error_info`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QpError {
    /// PEER (received) or HARDWARE (ours, sent); the raw value if unknown.
    pub origin: std::result::Result<CplTermOrigin, u8>,
    /// The layer that detected the error; the raw value if unknown.
    pub layer: std::result::Result<TermLayer, u8>,
    /// Terminate error type (its meaning depends on the layer).
    pub etype: u8,
    /// Terminate error code (its meaning depends on layer and type).
    pub ecode: u8,
}

impl QpError {
    /// Decodes a `qp_error_info` word (QP_QUERY RSP1, QP_ERROR event
    /// data); `None` when it is zero (no Terminate).
    pub fn from_word(w: u32) -> Option<QpError> {
        if w == 0 {
            return None;
        }
        let i = QpErrorInfo::from_bytes(&w.to_le_bytes());
        Some(QpError {
            origin: CplTermOrigin::try_from(i.origin),
            layer: TermLayer::try_from(i.layer & 0xf),
            etype: i.etype & 0xf,
            ecode: i.ecode,
        })
    }
}

impl std::fmt::Display for QpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let origin = match self.origin {
            Ok(CplTermOrigin::Peer) => "received from the peer".to_string(),
            Ok(CplTermOrigin::Hardware) => "sent by this NIC".to_string(),
            Ok(o) => format!("origin {}", o.name()),
            Err(v) => format!("origin {v:#x}"),
        };
        let layer = match self.layer {
            Ok(l) => l.name().to_string(),
            Err(v) => format!("{v:#x}"),
        };
        write!(
            f,
            "Terminate {origin}: layer {layer}, error type {:#x}, code {:#04x}",
            self.etype, self.ecode
        )
    }
}

/// A QP_ERROR event (on event queue 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QpErrorEvent {
    /// The QP that entered ERROR.
    pub qp_num: u32,
    /// The Terminate, if one was sent or received (`None`: the stream
    /// failed).
    pub error: Option<QpError>,
}

impl QpErrorEvent {
    /// The QP_ERROR event `ev` is; `None` for any other event.
    pub fn from_event(ev: &Event) -> Option<QpErrorEvent> {
        (ev.kind == Ok(EqeType::QpError)).then(|| QpErrorEvent {
            qp_num: u32::from(ev.source),
            error: QpError::from_word(ev.data),
        })
    }
}

/// An SQ_DRAINED event (on event queue 0, IBV_EVENT_SQ_DRAINED): the QP,
/// moved to SQD, has no send work request in progress any more. Every
/// one it had taken has completed (its CQE handed to the send CQ) and no
/// RDMA Read is outstanding; the work requests posted after the drain
/// wait for RTS. One event per entry into SQD.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SqDrainedEvent {
    /// The QP in SQD.
    pub qp_num: u32,
}

impl SqDrainedEvent {
    /// The SQ_DRAINED event `ev` is; `None` for any other event.
    pub fn from_event(ev: &Event) -> Option<SqDrainedEvent> {
        (ev.kind == Ok(EqeType::SqDrained)).then(|| SqDrainedEvent {
            qp_num: u32::from(ev.source),
        })
    }
}

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

// ---------------------------------------------------------------------
// Per-NIC state and the command path
// ---------------------------------------------------------------------

/// The verbs state of one NIC.
struct Ctx {
    num_qp: u32,
    cmd: Mutex<()>,
    st: Mutex<CtxState>,
}

struct CtxState {
    /// In use, by PD number.
    pds: Vec<bool>,
    next_pd: usize,
    mrs: MrTable,
    qps: Vec<QpSlot>,
    /// Next-fit cursor of QP numbers: a freed number comes back late, after
    /// the flushed completions of its last user.
    next_qp: usize,
    /// CQs on which [`CompletionQueue::poll_wc`] took a completion that is
    /// not an RDMA one, to report on its next call.
    stray: Vec<(u32, String)>,
}

#[derive(Clone)]
enum QpSlot {
    Free,
    Used(Weak<QpShared>),
    /// Reserved while being created.
    Creating,
}

/// One [`Ctx`] per open NIC, found by the NIC's identity.
type Registry = Vec<(Weak<NicInner>, Arc<Ctx>)>;
static CONTEXTS: Mutex<Registry> = Mutex::new(Vec::new());

fn random_seed() -> u64 {
    let mut h = RandomState::new().build_hasher();
    h.write_u64(0x0077_6172_706e_6963);
    h.finish()
}

/// The verbs state of `nic`, created on first use.
fn context(nic: &Nic) -> Result<Arc<Ctx>> {
    let mut reg = CONTEXTS
        .lock()
        .map_err(|_| invalid("verbs registry poisoned by a panic"))?;
    reg.retain(|(w, _)| w.strong_count() > 0);
    if let Some((_, c)) = reg
        .iter()
        .find(|(w, _)| std::ptr::eq(w.as_ptr(), Arc::as_ptr(&nic.inner)))
    {
        return Ok(c.clone());
    }
    let blocks = &nic.info().blocks;
    for (name, ty) in [("RDMA", regs::rdma::TYPE_ID), ("QP", regs::qp::TYPE_ID)] {
        if !blocks.iter().any(|&(t, _)| t == ty) {
            return Err(Error::MissingBlock(name));
        }
    }
    // QP numbers travel in 16 bits (the CQE's queue), STag indices in 24
    let num_qp = nic.rd(regs::rdma::NUM_QP)?.min(1 << 16);
    let num_mr = nic.rd(regs::rdma::NUM_MR)?.min(1 << 24);
    let ctx = Arc::new(Ctx {
        num_qp,
        cmd: Mutex::new(()),
        st: Mutex::new(CtxState {
            pds: vec![false; 1 << 16],
            next_pd: 1,
            mrs: MrTable::new(num_mr, random_seed()),
            qps: vec![QpSlot::Free; num_qp as usize],
            next_qp: 0,
            stray: Vec::new(),
        }),
    });
    reg.push((Arc::downgrade(&nic.inner), ctx.clone()));
    Ok(ctx)
}

impl Ctx {
    /// Runs one command: ARG words, OP, then STATUS until BUSY clears.
    /// Returns the RSP words.
    fn run(&self, nic: &Nic, cmd: RdmaCmd, args: &[u32]) -> Result<[u32; 4]> {
        if args.len() > gen::RDMA_CMD_ARGS as usize {
            return Err(invalid(format!(
                "an RDMA command takes at most {} argument words",
                gen::RDMA_CMD_ARGS
            )));
        }
        let _serial = lock(&self.cmd)?;
        // a command that timed out may still run
        self.wait_idle(nic, cmd)?;
        for (i, a) in args.iter().enumerate() {
            nic.wr(regs::rdma::ARG + 4 * i as u32, *a)?;
        }
        nic.wr(regs::rdma::OP, u32::from(u8::from(cmd)))?;
        let status = self.wait_idle(nic, cmd)?;
        let code = ((status >> 8) & 0xff) as u8;
        match RdmaCmdStatus::try_from(code) {
            Ok(RdmaCmdStatus::Ok) => {}
            Ok(s) => return Err(refused(cmd, s)),
            Err(_) => return Err(Error::FwProtocol("unknown RDMA command status")),
        }
        let mut rsp = [0u32; 4];
        if cmd == RdmaCmd::QpQuery {
            for (i, w) in rsp.iter_mut().enumerate() {
                *w = nic.rd(regs::rdma::RSP + 4 * i as u32)?;
            }
        }
        Ok(rsp)
    }

    /// Polls STATUS until BUSY clears; returns it.
    fn wait_idle(&self, nic: &Nic, cmd: RdmaCmd) -> Result<u32> {
        let dev = nic.device();
        let deadline = dev.now_ns().saturating_add(CMD_TIMEOUT.as_nanos() as u64);
        loop {
            let st = nic.rd(regs::rdma::STATUS)?;
            if st & STATUS_BUSY == 0 {
                return Ok(st);
            }
            if dev.now_ns() > deadline {
                return Err(Error::Device(DeviceError::Gone(format!(
                    "the RDMA block did not finish {} within {} ms of device time",
                    cmd.name(),
                    CMD_TIMEOUT.as_millis()
                ))));
            }
            dev.relax();
        }
    }

    fn alloc_pd(&self) -> Result<u16> {
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

    fn free_pd(&self, pd: u16) {
        if let Ok(mut st) = self.st.lock() {
            if let Some(u) = st.pds.get_mut(usize::from(pd)) {
                *u = false;
            }
        }
    }

    fn alloc_qpn(&self) -> Result<u32> {
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

    fn set_qp(&self, qpn: u32, slot: QpSlot) {
        if let Ok(mut st) = self.st.lock() {
            if let Some(s) = st.qps.get_mut(qpn as usize) {
                *s = slot;
            }
        }
    }

    /// Takes the news of one RDMA completion: its QP's ring moves on, a
    /// remote invalidation invalidates the region.
    fn account(&self, wc: &WorkCompletion) -> Result<()> {
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
        if let Some(qp) = qp {
            let mut s = lock(&qp.st)?;
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
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------
// Protection domains
// ---------------------------------------------------------------------

impl Nic {
    /// Allocates a protection domain (ibv_alloc_pd).
    ///
    /// # Errors
    /// [`Error::MissingBlock`] when the device has no RDMA block,
    /// [`Error::NoFreeQueue`] when all 65535 are in use, or a backend
    /// error.
    pub fn alloc_pd(&self) -> Result<ProtectionDomain> {
        let ctx = context(self)?;
        let pdn = ctx.alloc_pd()?;
        Ok(ProtectionDomain {
            inner: Arc::new(PdShared {
                ctx,
                nic: self.clone(),
                pdn,
            }),
        })
    }
}

struct PdShared {
    ctx: Arc<Ctx>,
    nic: Nic,
    pdn: u16,
}

impl Drop for PdShared {
    fn drop(&mut self) {
        self.ctx.free_pd(self.pdn);
    }
}

/// A protection domain (ibv_pd): the regions a QP may use are those of its
/// domain. Cheap to clone; regions and QPs keep it alive, and its number
/// is free again when the last is gone.
#[derive(Clone)]
pub struct ProtectionDomain {
    inner: Arc<PdShared>,
}

impl std::fmt::Debug for ProtectionDomain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProtectionDomain")
            .field("pd", &self.inner.pdn)
            .finish()
    }
}

impl ProtectionDomain {
    /// The domain's number.
    pub fn pd_num(&self) -> u16 {
        self.inner.pdn
    }

    /// Registers `len` bytes of `mem` from `offset` (ibv_reg_mr). The
    /// region's address (and Tagged Offset of its first byte) is their
    /// IOVA. The region keeps `mem` alive until it is deregistered. A
    /// region with [`AccessFlags::FAST_REG`] starts invalid.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] for a range outside `mem`,
    /// [`Error::InvalidArgument`] for an empty range or REMOTE_WRITE
    /// without LOCAL_WRITE, [`Error::NoFreeQueue`] when the table is
    /// full, the device's refusal, or a backend error.
    pub fn reg_mr(
        &self,
        mem: &Arc<DmaMem>,
        offset: usize,
        len: usize,
        access: AccessFlags,
    ) -> Result<MemoryRegion> {
        access.check()?;
        if len == 0 {
            return Err(invalid("a memory region needs at least one byte"));
        }
        if offset.checked_add(len).is_none_or(|end| end > mem.len()) {
            return Err(Error::OutOfBounds {
                offset,
                len,
                size: mem.len(),
            });
        }
        let p = &self.inner;
        let addr = mem.iova() + offset as u64;
        let len = len as u64;
        let stag = lock(&p.ctx.st)?.mrs.alloc(p.pdn, addr, len, access)?;
        let args = mr_reg_args(stag, p.pdn, access, addr, len, addr);
        match p.ctx.run(&p.nic, RdmaCmd::MrReg, &args) {
            Ok(_) => Ok(MemoryRegion {
                pd: p.clone(),
                mem: mem.clone(),
                stag: AtomicU32::new(stag),
                addr,
                len,
                access,
                live: true,
            }),
            Err(e) => {
                if let Ok(mut st) = p.ctx.st.lock() {
                    // a refusal leaves the entry free; no answer leaves
                    // it unknown
                    if matches!(e, Error::InvalidArgument(_)) {
                        st.mrs.free(stag);
                    } else {
                        st.mrs.leak(stag);
                    }
                }
                Err(e)
            }
        }
    }

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
        for cq in [send_cq, recv_cq] {
            if cq.index() > 0xff {
                return Err(invalid(format!(
                    "completion queue {}: a QP takes CQs 0..=255",
                    cq.index()
                )));
            }
            if !Arc::ptr_eq(&cq.nic().inner, &p.nic.inner) {
                return Err(invalid("the completion queue belongs to another NIC"));
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

// ---------------------------------------------------------------------
// Memory regions
// ---------------------------------------------------------------------

/// A registered memory region (ibv_mr). Deregistered when dropped.
pub struct MemoryRegion {
    pd: Arc<PdShared>,
    mem: Arc<DmaMem>,
    /// The STag: a fast-register changes its key.
    stag: AtomicU32,
    addr: u64,
    len: u64,
    access: AccessFlags,
    live: bool,
}

impl std::fmt::Debug for MemoryRegion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MemoryRegion")
            .field("stag", &format_args!("{:#010x}", self.stag()))
            .field("pd", &self.pd.pdn)
            .field("addr", &format_args!("{:#x}", self.addr))
            .field("len", &self.len)
            .field("access", &self.access)
            .finish()
    }
}

impl MemoryRegion {
    fn stag(&self) -> u32 {
        self.stag.load(AtomicOrdering::Acquire)
    }

    /// The STag local work requests name the region with.
    pub fn lkey(&self) -> u32 {
        self.stag()
    }

    /// The STag a peer names the region with (the same as the lkey).
    pub fn rkey(&self) -> u32 {
        self.stag()
    }

    /// Address (Tagged Offset, and IOVA) of the first byte.
    pub fn addr(&self) -> u64 {
        self.addr
    }

    /// Length in bytes.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Always false: a region has at least one byte.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Access rights.
    pub fn access(&self) -> AccessFlags {
        self.access
    }

    /// The protection domain's number.
    pub fn pd_num(&self) -> u16 {
        self.pd.pdn
    }

    /// The DMA memory the region lies in.
    pub fn mem(&self) -> &Arc<DmaMem> {
        &self.mem
    }

    /// A scatter entry of `length` bytes at `offset` in the region.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for zero bytes or a range outside the
    /// region.
    pub fn sge(&self, offset: u64, length: u32) -> Result<Sge> {
        let end = offset.checked_add(u64::from(length));
        if length == 0 || end.is_none_or(|end| end > self.len) {
            return Err(invalid(format!(
                "scatter entry {offset:#x}+{length:#x} is outside the {:#x}-byte region or empty",
                self.len
            )));
        }
        Ok(Sge {
            addr: self.addr + offset,
            length,
            lkey: self.stag(),
        })
    }

    /// Whether the host knows the region valid: a FAST_REG region is
    /// invalid until registered by a work request, and after a local or
    /// remote invalidation ([`CompletionQueue::poll_wc`] sees the latter).
    ///
    /// # Errors
    /// Only if the verbs state was poisoned.
    pub fn is_valid(&self) -> Result<bool> {
        let st = lock(&self.pd.ctx.st)?;
        Ok(st.mrs.get(self.stag()).is_some_and(|e| e.valid))
    }

    /// Invalidates a fast-register region (MR_INV).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a region without
    /// [`AccessFlags::FAST_REG`], the device's refusal, or a backend
    /// error.
    pub fn invalidate(&self) -> Result<()> {
        if !self.access.contains(AccessFlags::FAST_REG) {
            return Err(invalid(format!(
                "region {:#010x} is not a fast-register region: it cannot be invalidated",
                self.stag()
            )));
        }
        let p = &self.pd;
        p.ctx
            .run(&p.nic, RdmaCmd::MrInv, &[self.stag(), u32::from(p.pdn)])?;
        lock(&p.ctx.st)?.mrs.invalidate(self.stag());
        Ok(())
    }

    /// Deregisters the region (ibv_dereg_mr).
    ///
    /// # Errors
    /// The device's refusal or a backend error; the region's memory and
    /// table entry are then leaked, never reused.
    pub fn dereg(mut self) -> Result<()> {
        self.live = false;
        self.dereg_inner()
    }

    fn dereg_inner(&mut self) -> Result<()> {
        let p = &self.pd;
        match p.ctx.run(&p.nic, RdmaCmd::MrDereg, &[self.stag()]) {
            Ok(_) => {
                if let Ok(mut st) = p.ctx.st.lock() {
                    st.mrs.free(self.stag());
                }
                Ok(())
            }
            Err(e) => {
                // the device may still place into the region: keep its
                // memory mapped and its index taken for good
                if let Ok(mut st) = p.ctx.st.lock() {
                    st.mrs.leak(self.stag());
                }
                std::mem::forget(self.mem.clone());
                Err(e)
            }
        }
    }
}

impl Drop for MemoryRegion {
    fn drop(&mut self) {
        if self.live {
            let _ = self.dereg_inner();
        }
    }
}

// ---------------------------------------------------------------------
// Queue pairs
// ---------------------------------------------------------------------

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

/// What QP_QUERY tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QpInfo {
    /// The hardware's state of the QP.
    pub state: QpState,
    /// Why it entered ERROR, if a Terminate was sent or received.
    pub error: Option<QpError>,
    /// Receive-queue consumer index (15:0 of the free-running index).
    pub rq_ci: u16,
    /// Receive-queue producer index as the hardware has it.
    pub rq_pi: u16,
    /// Messages received.
    pub messages_received: u32,
}

impl QpInfo {
    fn decode(rsp: &[u32; 4]) -> Result<QpInfo> {
        Ok(QpInfo {
            state: QpState::try_from(rsp[0] as u8)
                .map_err(|_| Error::FwProtocol("QP_QUERY answered an unknown QP state"))?,
            error: QpError::from_word(rsp[1]),
            rq_ci: rsp[2] as u16,
            rq_pi: (rsp[2] >> 16) as u16,
            messages_received: rsp[3],
        })
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

struct QpShared {
    pd: Arc<PdShared>,
    qpn: u32,
    send_cq: Arc<CompletionQueue>,
    recv_cq: Arc<CompletionQueue>,
    rq: DmaMem,
    rq_log: u32,
    sq: DmaMem,
    sq_log: u32,
    st: Mutex<QpHost>,
}

impl QpShared {
    fn nic(&self) -> &Nic {
        &self.pd.nic
    }

    fn ctx(&self) -> &Ctx {
        &self.pd.ctx
    }

    fn query(&self) -> Result<QpInfo> {
        let rsp = self.ctx().run(self.nic(), RdmaCmd::QpQuery, &[self.qpn])?;
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
        self.ctx().run(
            self.nic(),
            RdmaCmd::QpModify,
            &[self.qpn, u32::from(u8::from(state))],
        )?;
        Ok(())
    }

    /// To ERROR (unless there) and RESET.
    fn force_reset(&self) -> Result<()> {
        if self.query()?.state != QpState::Error {
            self.modify_raw(QpState::Error)?;
        }
        self.modify_raw(QpState::Reset)
    }

    fn resources(&self) -> QpResources {
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

impl Drop for QpShared {
    fn drop(&mut self) {
        self.pd.ctx.set_qp(self.qpn, QpSlot::Free);
    }
}

/// A queue pair (ibv_qp). Dropping it takes the hardware QP to ERROR and
/// RESET before its rings are given back.
pub struct QueuePair {
    inner: Arc<QpShared>,
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
        let set_attrs = match transition(from, attrs.state, attrs.with_attrs)? {
            Transition::NoOp => return Ok(()),
            Transition::Run { set_attrs } => set_attrs,
        };
        let args = qp_modify_args(q.qpn, attrs, set_attrs, &q.resources())?;
        q.ctx().run(q.nic(), RdmaCmd::QpModify, &args)?;
        if set_attrs {
            st.initialized = true;
            st.tid = attrs.tid;
        }
        if attrs.state == QpState::Reset {
            *st = QpHost::default();
        }
        Ok(())
    }

    /// Posts receive work requests (all or none) and rings the doorbell
    /// once (ibv_post_recv). Allowed once the QP has been through INIT;
    /// requests posted in ERROR complete FLUSHED.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] before INIT, for more than [`MAX_SGE`]
    /// entries, or an entry outside a valid region of the QP's protection
    /// domain with LOCAL_WRITE; [`Error::QueueFull`] when the ring has no
    /// room for all; the device's refusal of QP_QUERY or a backend error.
    pub fn post_recv(&self, wrs: &[RecvWr<'_>]) -> Result<()> {
        let q = &*self.inner;
        let mut st = lock(&q.st)?;
        if wrs.is_empty() {
            return Ok(());
        }
        if !st.initialized {
            return Err(invalid(format!(
                "QP {}: receive work requests need the QP moved to INIT first",
                q.qpn
            )));
        }
        let mut wqes = Vec::with_capacity(wrs.len());
        {
            let ctx = lock(&q.ctx().st)?;
            for wr in wrs {
                for s in wr.sg_list {
                    ctx.mrs.check_recv_sge(q.pd.pdn, s)?;
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
    /// [`Error::InvalidArgument`] before INIT, for a malformed request
    /// ([`encode_send_wqe`]), or a gather entry outside a valid region of
    /// the QP's protection domain (an RDMA Read's sink needs LOCAL_WRITE
    /// and REMOTE_WRITE); [`Error::QueueFull`] when the ring has no room
    /// for all (entries free up with the completions of later signaled
    /// ones); a backend error.
    pub fn post_send(&self, wrs: &[SendWr<'_>]) -> Result<()> {
        let q = &*self.inner;
        let mut st = lock(&q.st)?;
        if wrs.is_empty() {
            return Ok(());
        }
        if !st.initialized {
            return Err(invalid(format!(
                "QP {}: send work requests need the QP moved to INIT first",
                q.qpn
            )));
        }
        let mut wqes = Vec::with_capacity(wrs.len());
        {
            let ctx = lock(&q.ctx().st)?;
            for wr in wrs {
                let (need, what) = match wr.opcode {
                    WrOpcode::RdmaRead => (
                        AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE,
                        "an RDMA Read's sink",
                    ),
                    _ => (AccessFlags::empty(), "a gather entry"),
                };
                for s in wr.sg_list {
                    ctx.mrs.check_sge(q.pd.pdn, s, need, what)?;
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
        if mr.pd.pdn != q.pd.pdn {
            return Err(invalid("the region belongs to another protection domain"));
        }
        if !mr.access.contains(AccessFlags::FAST_REG) {
            return Err(invalid(format!(
                "region {:#010x} is not a fast-register region",
                mr.stag()
            )));
        }
        if access.contains(AccessFlags::REMOTE_WRITE) && !access.contains(AccessFlags::LOCAL_WRITE)
        {
            return Err(invalid("REMOTE_WRITE needs LOCAL_WRITE"));
        }
        let old = mr.stag();
        if lock(&q.ctx().st)?.mrs.get(old).is_some_and(|e| e.valid) {
            return Err(invalid(format!(
                "region {old:#010x} is valid: invalidate it before fast-registering"
            )));
        }
        let new = (old & !0xff) | (old.wrapping_add(1) & 0xff);
        let wqe = RdmaSqWqeFr {
            wr_id,
            opcode: u8::from(RdmaWqeOpcode::FastReg),
            flags: if signaled { wqe_flags::SIGNALED } else { 0 },
            access: (access | AccessFlags::FAST_REG).bits(),
            stag: new,
            base: mr.addr,
            len: mr.len,
            iova: mr.addr,
            ..RdmaSqWqeFr::default()
        }
        .to_bytes();
        let mut st = lock(&q.st)?;
        if !st.initialized {
            return Err(invalid(format!(
                "QP {}: send work requests need the QP moved to INIT first",
                q.qpn
            )));
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
            return Err(invalid("the stream belongs to another NIC"));
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
            return Err(invalid("the stream belongs to another NIC"));
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
                (true, Some(t)) => {
                    return Err(invalid(format!(
                        "QP {} was initialized for connection {t}, not {tid}",
                        q.qpn
                    )))
                }
                _ => {
                    return Err(invalid(format!(
                        "QP {}: move it to INIT for connection {tid} before binding",
                        q.qpn
                    )))
                }
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

// ---------------------------------------------------------------------
// Polling work completions
// ---------------------------------------------------------------------

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
    /// [`Error::InvalidArgument`] for a raw or stream completion on the
    /// CQ; as [`CompletionQueue::poll`].
    pub fn poll_wc(&self, wc: &mut [WorkCompletion]) -> Result<usize> {
        let ctx = context(self.nic())?;
        let me = self.index();
        {
            let mut st = lock(&ctx.st)?;
            if let Some(i) = st.stray.iter().position(|(cq, _)| *cq == me) {
                let (_, msg) = st.stray.swap_remove(i);
                return Err(invalid(msg));
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
                        stray.get_or_insert(format!(
                            "completion queue {me} polled for work completions took a {:?} completion of queue {} (wr_id {:#x}): give RDMA QPs CQs of their own",
                            c.kind, c.queue, c.wr_id
                        ));
                    }
                }
            }
            if n < want {
                break;
            }
        }
        match stray {
            Some(msg) if got == 0 => Err(invalid(msg)),
            Some(msg) => {
                lock(&ctx.st)?.stray.push((me, msg));
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
    use crate::device::{Device, DeviceResult};
    use crate::raw::{rdma_completion, CompletionKind};
    use std::collections::HashMap;
    use warpnic_abi::gen::Cqe;

    #[test]
    fn recv_wqe_bytes() {
        let sges = [
            Sge {
                addr: 0x0000_0012_3456_7000,
                length: 0x100,
                lkey: 0x0000_0105,
            },
            Sge {
                addr: 0x0000_0000_0020_0040,
                length: 0x20,
                lkey: 0x0000_02a0,
            },
        ];
        let b = encode_recv_wqe(&RecvWr {
            wr_id: 0x1122_3344_5566_7788,
            sg_list: &sges,
        })
        .expect("valid");
        let mut want = [0u8; 128];
        want[0..8].copy_from_slice(&[0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11]);
        want[8] = 2;
        want[16..24].copy_from_slice(&[0x00, 0x70, 0x56, 0x34, 0x12, 0, 0, 0]);
        want[24..28].copy_from_slice(&[0x00, 0x01, 0, 0]);
        want[28..32].copy_from_slice(&[0x05, 0x01, 0, 0]);
        want[32..40].copy_from_slice(&[0x40, 0x00, 0x20, 0, 0, 0, 0, 0]);
        want[40..44].copy_from_slice(&[0x20, 0, 0, 0]);
        want[44..48].copy_from_slice(&[0xa0, 0x02, 0, 0]);
        assert_eq!(b, want);

        let empty = encode_recv_wqe(&RecvWr {
            wr_id: 1,
            sg_list: &[],
        })
        .expect("a zero-length receive is allowed");
        assert_eq!(empty[8], 0);
        assert!(empty[9..].iter().all(|&x| x == 0));

        let five = [sges[0]; 5];
        assert!(encode_recv_wqe(&RecvWr {
            wr_id: 1,
            sg_list: &five
        })
        .is_err());
        let zero = [Sge {
            length: 0,
            ..sges[0]
        }];
        assert!(encode_recv_wqe(&RecvWr {
            wr_id: 1,
            sg_list: &zero
        })
        .is_err());
    }

    #[test]
    fn access_flags() {
        let rw = AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE;
        assert_eq!(rw.bits(), 0x05);
        assert!(rw.check().is_ok());
        assert!(AccessFlags::REMOTE_WRITE.check().is_err());
        assert!((AccessFlags::REMOTE_WRITE | AccessFlags::REMOTE_READ)
            .check()
            .is_err());
        assert_eq!(AccessFlags::from_bits(0x0f).map(|a| a.bits()), Some(0x0f));
        assert_eq!(AccessFlags::from_bits(0x10), None);
        assert!(rw.contains(AccessFlags::LOCAL_WRITE));
        assert!(!rw.contains(AccessFlags::REMOTE_READ));
    }

    #[test]
    fn mr_keys_rotate_and_index_zero_is_never_used() {
        let mut t = MrTable::new(4, 0x1234);
        let lw = AccessFlags::LOCAL_WRITE;
        let a = t.alloc(1, 0x1000, 0x100, lw).expect("free");
        let b = t.alloc(1, 0x2000, 0x100, lw).expect("free");
        let c = t.alloc(1, 0x3000, 0x100, lw).expect("free");
        assert_eq!([a >> 8, b >> 8, c >> 8], [1, 2, 3]);
        assert!(t.alloc(1, 0x4000, 0x100, lw).is_err(), "3 usable entries");
        // the same index again: a new key, so the old STag names nothing
        t.free(b);
        let b2 = t.alloc(1, 0x5000, 0x100, lw).expect("free");
        assert_eq!(b2 >> 8, 2);
        assert_eq!(b2 & 0xff, (b & 0xff).wrapping_add(1) & 0xff);
        assert!(t.get(b).is_none());
        assert_eq!(t.get(b2).map(|e| e.base), Some(0x5000));
        // 256 registrations of one index never repeat a key in a row
        let mut last = b2;
        for _ in 0..300 {
            t.free(last);
            let s = t.alloc(1, 0x5000, 0x100, lw).expect("free");
            assert_eq!(s >> 8, 2);
            assert_ne!(s, last);
            last = s;
        }
        // next-fit: a freed index comes back last
        let mut t = MrTable::new(8, 0);
        let s: Vec<u32> = (0..3)
            .map(|i| t.alloc(1, i * 0x1000, 1, lw).expect("free"))
            .collect();
        t.free(s[0]);
        assert_eq!(t.alloc(1, 0, 1, lw).expect("free") >> 8, 4);
        // a leaked index is never reused
        let mut t = MrTable::new(2, 0);
        let only = t.alloc(1, 0, 1, lw).expect("free");
        t.leak(only);
        assert!(t.alloc(1, 0, 1, lw).is_err());
        // a table of one entry (index 0 only) has nothing to give
        assert!(MrTable::new(1, 0).alloc(1, 0, 1, lw).is_err());
        assert!(MrTable::new(0, 0).alloc(1, 0, 1, lw).is_err());
    }

    #[test]
    fn recv_sge_checks() {
        let mut t = MrTable::new(16, 7);
        let lw = AccessFlags::LOCAL_WRITE;
        let mr = t.alloc(3, 0x10_0000, 0x1000, lw).expect("free");
        let ro = t
            .alloc(3, 0x20_0000, 0x1000, AccessFlags::REMOTE_READ)
            .expect("free");
        let fr = t
            .alloc(3, 0x30_0000, 0x1000, lw | AccessFlags::FAST_REG)
            .expect("free");
        let sge = |addr, length, lkey| Sge { addr, length, lkey };
        assert!(t.check_recv_sge(3, &sge(0x10_0000, 0x1000, mr)).is_ok());
        assert!(t.check_recv_sge(3, &sge(0x10_0ff0, 0x10, mr)).is_ok());
        assert!(
            t.check_recv_sge(3, &sge(0x10_0ff0, 0x11, mr)).is_err(),
            "past the end"
        );
        assert!(
            t.check_recv_sge(3, &sge(0x0f_fff0, 0x20, mr)).is_err(),
            "before the start"
        );
        assert!(t.check_recv_sge(3, &sge(u64::MAX, 2, mr)).is_err(), "wraps");
        assert!(
            t.check_recv_sge(4, &sge(0x10_0000, 1, mr)).is_err(),
            "other PD"
        );
        assert!(
            t.check_recv_sge(3, &sge(0x10_0000, 1, mr ^ 1)).is_err(),
            "wrong key"
        );
        assert!(
            t.check_recv_sge(3, &sge(0x10_0000, 1, 0x00ff)).is_err(),
            "index 0"
        );
        assert!(
            t.check_recv_sge(3, &sge(0x20_0000, 1, ro)).is_err(),
            "no LOCAL_WRITE"
        );
        assert!(
            t.check_recv_sge(3, &sge(0x30_0000, 1, fr)).is_err(),
            "fast-reg starts invalid"
        );
        assert!(t.invalidate(fr));
        assert!(!t.invalidate(mr), "only fast-register regions");
        t.free(mr);
        assert!(
            t.check_recv_sge(3, &sge(0x10_0000, 1, mr)).is_err(),
            "deregistered"
        );
    }

    #[test]
    fn qp_transitions() {
        use QpState::*;
        let run = Transition::Run { set_attrs: false };
        assert_eq!(
            transition(Reset, Init, true).ok(),
            Some(Transition::Run { set_attrs: true })
        );
        assert!(transition(Reset, Init, false).is_err());
        for (a, b) in [
            (Init, Rtr),
            (Init, Rts),
            (Rtr, Rts),
            (Rts, Sqd),
            (Sqd, Rts),
            (Error, Reset),
            (Reset, Error),
            (Sqe, Error),
            (Rts, Error),
        ] {
            assert_eq!(transition(a, b, false).ok(), Some(run), "{a:?} -> {b:?}");
            assert!(
                transition(a, b, true).is_err(),
                "{a:?} -> {b:?} with attributes"
            );
        }
        for s in QpState::ALL {
            assert_eq!(transition(*s, *s, false).ok(), Some(Transition::NoOp));
        }
        for (a, b) in [
            (Reset, Rtr),
            (Reset, Rts),
            (Init, Reset),
            (Rtr, Init),
            (Rts, Rtr),
            (Rts, Reset),
            (Error, Init),
            (Sqe, Rts),
            (Rts, Sqe),
            (Init, Sqd),
        ] {
            assert!(transition(a, b, false).is_err(), "{a:?} -> {b:?}");
        }
    }

    fn res() -> QpResources {
        QpResources {
            pd: 0x0102,
            send_cq: 3,
            recv_cq: 4,
            rq_log: 8,
            sq_log: 6,
            rq_iova: 0x0000_0001_0020_0000,
            sq_iova: 0x0000_0002_0030_0000,
        }
    }

    #[test]
    fn qp_modify_words() {
        let a = QpAttrs::init(0x2a)
            .mulpdu(1000)
            .ird(4)
            .ord(2)
            .markers(true)
            .marker_phase(0x1ff);
        let w = qp_modify_args(5, &a, true, &res()).expect("valid");
        assert_eq!(
            w,
            vec![
                5,
                0x101,
                0x0102,
                (4 << 24) | (1 << 18) | (1 << 17) | (1 << 16) | 1000,
                (6 << 28) | (8 << 24) | (4 << 16) | (3 << 8) | 2,
                0x0020_0000,
                1,
                0x0030_0000,
                2,
                0x2a,
                0x1ff,
                u32::from(mulpdu_for_mss(1460)),
                0,
            ]
        );
        assert_eq!(mulpdu_for_mss(1460), 1454, "2 + 1454 + 4 = 1460, no pad");
        assert_eq!(mulpdu_for_mss(8960), 8954);
        let rtr = qp_modify_args(5, &QpAttrs::new(QpState::Rtr), false, &res()).expect("valid");
        assert_eq!(rtr, vec![5, 2]);
        let d = qp_modify_args(0, &QpAttrs::init(1), true, &res()).expect("valid");
        assert_eq!(
            d[3],
            (1 << 16) | u32::from(DEFAULT_MULPDU),
            "CRC on, no markers, IRD 0"
        );
        assert_eq!(d[4] & 0xff, 0, "ORD 0");
        assert!(qp_modify_args(0, &QpAttrs::new(QpState::Init).crc(true), true, &res()).is_err());
        assert!(qp_modify_args(0, &QpAttrs::init(1).mulpdu(0), true, &res()).is_err());
        assert!(qp_modify_args(0, &QpAttrs::init(1).marker_phase(512), true, &res()).is_err());
        assert!(qp_modify_args(0, &QpAttrs::init(1).ird(16), true, &res()).is_ok());
        assert!(
            matches!(
                qp_modify_args(0, &QpAttrs::init(1).ird(17), true, &res()),
                Err(Error::InvalidArgument(_))
            ),
            "IRD above MAX_IRD"
        );
        assert!(qp_modify_args(0, &QpAttrs::init(1).ord(16), true, &res()).is_ok());
        assert!(
            matches!(
                qp_modify_args(0, &QpAttrs::init(1).ord(17), true, &res()),
                Err(Error::InvalidArgument(_))
            ),
            "ORD above MAX_ORD"
        );
        let big_cq = QpResources {
            recv_cq: 256,
            ..res()
        };
        assert!(qp_modify_args(0, &QpAttrs::init(1), true, &big_cq).is_err());
    }

    #[test]
    fn attrs_from_mpa() {
        let p = RdmaParams {
            revision: crate::mpa::Revision::V2,
            crc: false,
            markers_tx: false,
            markers_rx: false,
            ird: 16,
            ord: 8,
            rtr: crate::mpa::RtrRole::None,
            await_first_fpdu: false,
        };
        let a = QpAttrs::from_rdma_params(9, &p).expect("fits");
        assert_eq!(a, QpAttrs::init(9).crc(false).ird(16).ord(8));
        assert!(QpAttrs::from_rdma_params(9, &RdmaParams { ird: 256, ..p }).is_err());
        // markers settle per direction
        let one = QpAttrs::from_rdma_params(
            9,
            &RdmaParams {
                markers_rx: true,
                ..p
            },
        )
        .expect("markers on receive only");
        assert_eq!(
            one,
            QpAttrs::init(9).crc(false).ird(16).ord(8).markers_rx(true)
        );
        let w = qp_modify_args(0, &one, true, &res()).expect("valid");
        assert_eq!((w[3] >> 17) & 3, 1, "bit 17 receive, bit 18 transmit");
    }

    #[test]
    fn mr_reg_words() {
        let w = mr_reg_args(
            0x0000_0305,
            7,
            AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_READ,
            0x0000_0001_0000_2000,
            0x1_0000_0000,
            0x0000_0001_0000_2000,
        );
        assert_eq!(w, [0x305, 7, 3, 0x2000, 1, 0, 1, 0x2000, 1]);
    }

    #[test]
    fn every_refusal_has_its_own_message() {
        let msgs: Vec<String> = RdmaCmdStatus::ALL
            .iter()
            .filter(|s| **s != RdmaCmdStatus::Ok)
            .map(|s| refused(RdmaCmd::MrReg, *s).to_string())
            .collect();
        for (i, m) in msgs.iter().enumerate() {
            assert!(m.contains("MR_REG"), "{m}");
            assert!(!msgs[i + 1..].contains(m), "{m} twice");
        }
    }

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

    #[test]
    fn qp_error_words_and_events() {
        assert_eq!(QpError::from_word(0), None);
        // origin PEER, layer DDP (1), etype 2, ecode 0x05
        let e = QpError::from_word(0x0101_0205).expect("error");
        assert_eq!(
            e,
            QpError {
                origin: Ok(CplTermOrigin::Peer),
                layer: Ok(TermLayer::Ddp),
                etype: 2,
                ecode: 5
            }
        );
        assert!(e.to_string().contains("DDP"));
        let h = QpError::from_word(0x0202_0001).expect("error");
        assert_eq!(h.origin, Ok(CplTermOrigin::Hardware));
        assert_eq!(h.layer, Ok(TermLayer::Llp));
        let ev = Event {
            kind: Ok(EqeType::QpError),
            source: 12,
            data: 0x0101_0205,
            timestamp: 0,
        };
        assert_eq!(
            QpErrorEvent::from_event(&ev),
            Some(QpErrorEvent {
                qp_num: 12,
                error: Some(e)
            })
        );
        let other = Event {
            kind: Ok(EqeType::CqCompletion),
            ..ev
        };
        assert_eq!(QpErrorEvent::from_event(&other), None);
        let drained = Event {
            kind: Ok(EqeType::SqDrained),
            data: 0,
            ..ev
        };
        assert_eq!(
            SqDrainedEvent::from_event(&drained),
            Some(SqDrainedEvent { qp_num: 12 })
        );
        assert_eq!(SqDrainedEvent::from_event(&ev), None);
    }

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

    // ----- a register-level model of the RDMA block -------------------------

    #[derive(Default)]
    struct Regs {
        regs: HashMap<u64, u32>,
        /// (command, argument words) run.
        log: Vec<(u8, Vec<u32>)>,
        /// Status the next command of that kind ends with.
        fail_next: Option<(RdmaCmd, RdmaCmdStatus)>,
        /// BUSY never clears.
        stuck: bool,
        qp_state: HashMap<u32, u8>,
        now: u64,
    }

    struct Model(Mutex<Regs>);

    impl Model {
        fn new() -> Arc<Model> {
            let mut r = Regs::default();
            let blocks = regs::BLOCKS;
            for (i, &(_, base, ty)) in blocks.iter().enumerate() {
                let next = blocks.get(i + 1).map_or(0, |b| b.1);
                r.regs.insert(u64::from(base + regs::TYPE), ty);
                r.regs.insert(u64::from(base + regs::NEXT), next);
            }
            r.regs.insert(u64::from(regs::id::BUILD_ID), gen::BUILD_ID);
            r.regs.insert(u64::from(regs::id::NUM_CQ), 4);
            r.regs.insert(u64::from(regs::rdma::NUM_QP), 4);
            r.regs.insert(u64::from(regs::rdma::NUM_MR), 8);
            Arc::new(Model(Mutex::new(r)))
        }

        fn with<T>(&self, f: impl FnOnce(&mut Regs) -> T) -> T {
            f(&mut self.0.lock().expect("model lock"))
        }
    }

    impl Device for Model {
        fn name(&self) -> String {
            "model".into()
        }
        fn bar0_size(&self) -> u64 {
            u64::from(gen::BAR0_SIZE)
        }
        fn read32(&self, offset: u64) -> DeviceResult<u32> {
            Ok(self.with(|r| {
                if offset == u64::from(regs::rdma::STATUS) && r.stuck {
                    return 1;
                }
                r.regs.get(&offset).copied().unwrap_or(0)
            }))
        }
        fn write32(&self, offset: u64, value: u32) -> DeviceResult<()> {
            self.with(|r| {
                r.regs.insert(offset, value);
                if offset != u64::from(regs::rdma::OP) || r.stuck {
                    return;
                }
                let args: Vec<u32> = (0..gen::RDMA_CMD_ARGS)
                    .map(|i| {
                        r.regs
                            .get(&u64::from(regs::rdma::ARG + 4 * i))
                            .copied()
                            .unwrap_or(0)
                    })
                    .collect();
                let cmd = RdmaCmd::try_from(value as u8);
                let status = match r.fail_next {
                    Some((c, s)) if Ok(c) == cmd => {
                        r.fail_next = None;
                        s
                    }
                    _ => RdmaCmdStatus::Ok,
                };
                if status == RdmaCmdStatus::Ok {
                    match cmd {
                        Ok(RdmaCmd::QpModify) => {
                            r.qp_state.insert(args[0], args[1] as u8);
                        }
                        Ok(RdmaCmd::QpQuery) => {
                            let s = r.qp_state.get(&args[0]).copied().unwrap_or(0);
                            r.regs.insert(u64::from(regs::rdma::RSP), u32::from(s));
                        }
                        _ => {}
                    }
                }
                r.regs.insert(
                    u64::from(regs::rdma::STATUS),
                    u32::from(u8::from(status)) << 8,
                );
                r.log.push((value as u8, args));
            });
            Ok(())
        }
        unsafe fn dma_map(&self, _: *mut u8, _: usize, _: u64, _: DmaPerm) -> DeviceResult<()> {
            Ok(())
        }
        fn dma_unmap(&self, _: u64, _: usize) -> DeviceResult<()> {
            Ok(())
        }
        fn num_vectors(&self) -> u32 {
            1
        }
        fn wait_irq(&self, _: u32, _: Duration) -> DeviceResult<bool> {
            Ok(false)
        }
        fn now_ns(&self) -> u64 {
            self.with(|r| r.now)
        }
        fn relax(&self) {
            self.with(|r| r.now += 1_000);
        }
    }

    fn open() -> (Arc<Model>, Nic) {
        let m = Model::new();
        let nic = Nic::open(m.clone()).expect("the model is a warpnic");
        (m, nic)
    }

    fn last_cmd(m: &Model) -> (u8, Vec<u32>) {
        m.with(|r| r.log.last().cloned().expect("a command ran"))
    }

    #[test]
    fn registration_through_the_block() {
        let (m, nic) = open();
        let pd = nic.alloc_pd().expect("pd");
        let pd2 = nic.clone().alloc_pd().expect("pd");
        assert_ne!(pd.pd_num(), 0);
        assert_ne!(pd.pd_num(), pd2.pd_num(), "numbered per NIC, clones share");
        let mem = Arc::new(nic.alloc_dma(0x3000, DmaPerm::RW).expect("dma"));
        let access = AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE;
        let mr = pd.reg_mr(&mem, 0x1000, 0x800, access).expect("registers");
        let (op, args) = last_cmd(&m);
        assert_eq!(op, u8::from(RdmaCmd::MrReg));
        let iova = mem.iova() + 0x1000;
        assert_eq!(
            args[..9],
            mr_reg_args(mr.lkey(), pd.pd_num(), access, iova, 0x800, iova)
        );
        assert_eq!((mr.addr(), mr.len(), mr.rkey()), (iova, 0x800, mr.lkey()));
        assert_ne!(mr.lkey() >> 8, 0);
        let sge = mr.sge(0x10, 0x20).expect("inside");
        assert_eq!(sge.addr, iova + 0x10);
        assert!(mr.sge(0x7f0, 0x11).is_err());
        // host-side refusals never reach the device
        let n = m.with(|r| r.log.len());
        assert!(pd.reg_mr(&mem, 0, 1, AccessFlags::REMOTE_WRITE).is_err());
        assert!(pd
            .reg_mr(&mem, 0x2800, 0x900, AccessFlags::LOCAL_WRITE)
            .is_err());
        assert!(pd.reg_mr(&mem, 0, 0, AccessFlags::LOCAL_WRITE).is_err());
        assert!(mr.invalidate().is_err(), "not fast-register");
        assert_eq!(m.with(|r| r.log.len()), n);
        // a device refusal is an error with its own message
        m.with(|r| r.fail_next = Some((RdmaCmd::MrReg, RdmaCmdStatus::BadArg)));
        let e = pd
            .reg_mr(&mem, 0, 0x10, AccessFlags::LOCAL_WRITE)
            .expect_err("refused");
        assert!(e.to_string().contains("BAD_ARG"), "{e}");
        // fast-register regions start invalid and invalidate
        let fr = pd
            .reg_mr(
                &mem,
                0,
                0x10,
                AccessFlags::LOCAL_WRITE | AccessFlags::FAST_REG,
            )
            .expect("registers");
        assert_eq!(fr.is_valid().ok(), Some(false));
        fr.invalidate().expect("invalidates");
        let (op, args) = last_cmd(&m);
        assert_eq!(op, u8::from(RdmaCmd::MrInv));
        assert_eq!(args[..2], [fr.lkey(), u32::from(pd.pd_num())]);
        // dropping deregisters
        let stag = mr.lkey();
        drop(mr);
        let (op, args) = last_cmd(&m);
        assert_eq!((op, args[0]), (u8::from(RdmaCmd::MrDereg), stag));
        fr.dereg().expect("deregisters");
    }

    #[test]
    fn queue_pair_through_the_block() {
        let (m, nic) = open();
        let pd = nic.alloc_pd().expect("pd");
        let cq = Arc::new(CompletionQueue::new(&nic, 64, None).expect("cq"));
        let qp = pd
            .create_qp(
                &cq,
                &cq,
                QpCaps {
                    max_recv_wr: 4,
                    max_send_wr: 2,
                },
            )
            .expect("qp");
        assert_eq!(qp.state().ok(), Some(QpState::Reset));
        let mem = Arc::new(nic.alloc_dma(0x1000, DmaPerm::RW).expect("dma"));
        let mr = pd
            .reg_mr(&mem, 0, 0x1000, AccessFlags::LOCAL_WRITE)
            .expect("mr");
        let sge = [mr.sge(0, 0x100).expect("sge")];
        let wr = |wr_id| RecvWr {
            wr_id,
            sg_list: &sge,
        };
        assert!(qp.post_recv(&[wr(1)]).is_err(), "before INIT");
        assert!(
            qp.modify(&QpAttrs::new(QpState::Rtr)).is_err(),
            "RESET to RTR"
        );
        assert!(
            qp.modify(&QpAttrs::new(QpState::Init)).is_err(),
            "no attributes"
        );
        qp.modify(&QpAttrs::init(33)).expect("to INIT");
        let (op, args) = last_cmd(&m);
        assert_eq!(op, u8::from(RdmaCmd::QpModify));
        assert_eq!(
            args[..13],
            qp_modify_args(qp.qp_num(), &QpAttrs::init(33), true, &qp.inner.resources())
                .expect("words")[..]
        );
        assert_eq!(args[9], 33);
        // posting: entries at the producer index, then the doorbell
        qp.post_recv(&[wr(10), wr(11)]).expect("posted");
        let mut b = [0u8; RDMA_WQE_SIZE];
        qp.inner.rq.read(RDMA_WQE_SIZE, &mut b).expect("ring");
        assert_eq!(b, encode_recv_wqe(&wr(11)).expect("wqe"));
        let db = u64::from(regs::qp::elem(qp.qp_num()) + regs::qp::elem::RQ_PI);
        assert_eq!(m.with(|r| r.regs.get(&db).copied()), Some(2));
        // a scatter entry of another PD is refused on the host
        let other = nic.alloc_pd().expect("pd");
        let omr = other
            .reg_mr(&mem, 0, 0x100, AccessFlags::LOCAL_WRITE)
            .expect("mr");
        let osge = [omr.sge(0, 0x10).expect("sge")];
        assert!(qp
            .post_recv(&[RecvWr {
                wr_id: 5,
                sg_list: &osge
            }])
            .is_err());
        // the ring holds 4: two more fit, the fifth does not (the model's
        // consumer index stays 0)
        qp.post_recv(&[wr(12), wr(13)]).expect("fits");
        assert!(matches!(
            qp.post_recv(&[wr(14)]),
            Err(Error::QueueFull { depth: 4 })
        ));
        // a completion frees one
        let wc = WorkCompletion {
            qp_num: qp.qp_num(),
            ..WorkCompletion::default()
        };
        qp.inner.ctx().account(&wc).expect("accounted");
        assert_eq!(qp.recv_outstanding().ok(), Some(3));
        qp.post_recv(&[wr(14)]).expect("fits again");
        assert_eq!(m.with(|r| r.regs.get(&db).copied()), Some(5));
        // transitions the hardware refuses are refused first on the host
        let n = m.with(|r| r.log.len());
        assert!(qp.modify(&QpAttrs::new(QpState::Sqd)).is_err());
        assert!(qp.modify(&QpAttrs::new(QpState::Rtr).ird(1)).is_err());
        assert_eq!(m.with(|r| r.log.len()), n + 2, "only the two queries");
        qp.modify(&QpAttrs::new(QpState::Rtr)).expect("to RTR");
        qp.modify(&QpAttrs::new(QpState::Rtr)).expect("no-op");
        assert_eq!(
            last_cmd(&m).0,
            u8::from(RdmaCmd::QpQuery),
            "no-op sends nothing"
        );
        m.with(|r| r.fail_next = Some((RdmaCmd::QpModify, RdmaCmdStatus::BadTransition)));
        let e = qp.modify(&QpAttrs::new(QpState::Rts)).expect_err("refused");
        assert!(e.to_string().contains("BAD_TRANSITION"), "{e}");
        // binding needs the same connection
        assert!(qp.bind_endpoint(EndpointId(1), 34).is_err());
        // dropping takes the QP to ERROR and RESET
        let qpn = qp.qp_num();
        drop(qp);
        let tail: Vec<(u8, u32, u32)> = m.with(|r| {
            r.log
                .iter()
                .rev()
                .take(2)
                .map(|(op, a)| (*op, a[0], a[1]))
                .collect()
        });
        let modify = u8::from(RdmaCmd::QpModify);
        assert_eq!(
            tail,
            vec![
                (modify, qpn, u32::from(u8::from(QpState::Reset))),
                (modify, qpn, u32::from(u8::from(QpState::Error))),
            ]
        );
    }

    #[test]
    fn a_silent_block_times_out() {
        let (m, nic) = open();
        let pd = nic.alloc_pd().expect("pd");
        let mem = Arc::new(nic.alloc_dma(0x1000, DmaPerm::RW).expect("dma"));
        m.with(|r| r.stuck = true);
        let e = pd
            .reg_mr(&mem, 0, 0x10, AccessFlags::LOCAL_WRITE)
            .expect_err("times out");
        assert!(matches!(e, Error::Device(DeviceError::Gone(_))), "{e}");
        assert!(m.with(|r| r.now) >= CMD_TIMEOUT.as_nanos() as u64);
        // the entry's index is never handed out again
        let ctx = context(&nic).expect("context");
        assert!(ctx.st.lock().expect("state").mrs.slots[1].leaked);
        m.with(|r| r.stuck = false);
        let mr = pd
            .reg_mr(&mem, 0, 0x10, AccessFlags::LOCAL_WRITE)
            .expect("registers");
        assert_eq!(mr.lkey() >> 8, 2);
    }
}
