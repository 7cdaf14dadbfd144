//! Memory regions (ibv_mr) and the STag allocator: the host's copy of the
//! card's memory-region table.
//!
//! [`ProtectionDomain::reg_mr`] takes a free table index and its next key
//! (`MrTable`, next fit; the key of an index counts up on every
//! registration from a random start), then registers the region with
//! MR_REG; STag = index << 8 | key, lkey = rkey = STag, and the Tagged
//! Offset of the first byte is its IOVA. The table also answers the
//! host-side checks of scatter and gather entries (`MrTable::check_sge`):
//! the region exists with this key, belongs to the QP's protection domain,
//! allows the use, is valid (fast-register regions start invalid) and
//! holds the whole range. A region the device may still reach (a
//! deregistration it did not confirm) keeps its index for good.

use std::ops::{BitOr, BitOrAssign};
use std::sync::atomic::{AtomicU32, Ordering as AtomicOrdering};
use std::sync::Arc;

use warpnic_abi::gen::{mr_access, RdmaCmd, RdmaMrInvArgs, RdmaMrRegArgs, RdmaStagArgs};

use super::lock;
use super::pd::{PdShared, ProtectionDomain};
use super::wr::Sge;
use crate::error::{ArgError, Error, Result};
use crate::mem::DmaMem;

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
    pub(super) fn check(self) -> std::result::Result<(), ArgError> {
        if self.contains(Self::REMOTE_WRITE) && !self.contains(Self::LOCAL_WRITE) {
            return Err(ArgError::RemoteWriteWithoutLocalWrite);
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

/// A registered region as the host knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MrEntry {
    stag: u32,
    pd: u16,
    pub(crate) base: u64,
    len: u64,
    access: AccessFlags,
    /// FAST_REG regions start invalid and become invalid again when
    /// invalidated.
    pub(crate) valid: bool,
}

#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct MrSlot {
    /// The key the next registration of this index takes.
    next_key: u8,
    entry: Option<MrEntry>,
    /// The device did not confirm a deregistration: never reused.
    pub(crate) leaked: bool,
}

/// Index allocation, keys, and what each region allows.
#[derive(Debug)]
pub(crate) struct MrTable {
    pub(crate) slots: Vec<MrSlot>,
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
    pub(crate) fn new(num_mr: u32, seed: u64) -> MrTable {
        let slots = (0..u64::from(num_mr))
            .map(|i| MrSlot {
                next_key: mix(seed, i) as u8,
                ..MrSlot::default()
            })
            .collect();
        MrTable { slots, next: 1 }
    }

    /// Takes a free index and its next key; returns the STag.
    pub(crate) fn alloc(
        &mut self,
        pd: u16,
        base: u64,
        len: u64,
        access: AccessFlags,
    ) -> Result<u32> {
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
    pub(crate) fn get(&self, stag: u32) -> Option<&MrEntry> {
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
    pub(crate) fn free(&mut self, stag: u32) {
        if let Some(s) = self.slot(stag) {
            if s.entry.is_some_and(|e| e.stag == stag) {
                s.entry = None;
            }
        }
    }

    /// Forgets `stag` and never hands its index out again.
    pub(crate) fn leak(&mut self, stag: u32) {
        if let Some(s) = self.slot(stag) {
            s.entry = None;
            s.leaked = true;
        }
    }

    /// A fast-register of the region `old` names: key of `new`, rights,
    /// valid; false when `old` names no FAST_REG region.
    pub(crate) fn fast_reg(&mut self, old: u32, new: u32, access: AccessFlags) -> bool {
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
    pub(crate) fn invalidate(&mut self, stag: u32) -> bool {
        match self.get_mut(stag) {
            Some(e) if e.access.contains(AccessFlags::FAST_REG) => {
                e.valid = false;
                true
            }
            _ => false,
        }
    }

    /// Whether the local QP of protection domain `pd` may write `sge` (a
    /// receive buffer).
    pub(crate) fn check_recv_sge(&self, pd: u16, sge: &Sge) -> std::result::Result<(), ArgError> {
        self.check_sge(pd, sge, AccessFlags::LOCAL_WRITE)
    }

    /// Whether the local QP of protection domain `pd` may use `sge` with
    /// the rights `need`.
    pub(crate) fn check_sge(
        &self,
        pd: u16,
        sge: &Sge,
        need: AccessFlags,
    ) -> std::result::Result<(), ArgError> {
        let stag = sge.lkey;
        let e = self.get(stag).ok_or(ArgError::NoRegion { stag })?;
        if e.pd != pd {
            return Err(ArgError::OtherPd {
                stag,
                pd: e.pd,
                qp_pd: pd,
            });
        }
        if !e.access.contains(need) {
            return Err(ArgError::Access {
                stag,
                need,
                have: e.access,
            });
        }
        if !e.valid {
            return Err(ArgError::RegionInvalid { stag });
        }
        let end = sge.addr.checked_add(u64::from(sge.length));
        let inside = sge.addr >= e.base && end.is_some_and(|end| end - e.base <= e.len);
        if !inside {
            return Err(ArgError::OutsideRegion {
                stag,
                addr: sge.addr,
                len: u64::from(sge.length),
                base: e.base,
                size: e.len,
            });
        }
        Ok(())
    }
}

/// MR_REG's argument words.
pub(super) fn mr_reg_args(
    stag: u32,
    pd: u16,
    access: AccessFlags,
    base: u64,
    len: u64,
    iova: u64,
) -> Result<[u32; RdmaMrRegArgs::WORDS]> {
    RdmaMrRegArgs {
        stag,
        pd,
        access: access.bits(),
        base,
        len,
        iova,
    }
    .to_words()
    .map_err(Error::block_arg)
}

impl ProtectionDomain {
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
        access.check().map_err(|why| Error::arg("access", why))?;
        if len == 0 {
            return Err(Error::arg("len", ArgError::Zero));
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
        let sent = mr_reg_args(stag, p.pdn, access, addr, len, addr)
            .and_then(|args| p.nic.rdma_cmd(RdmaCmd::MrReg, &args));
        match sent {
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
                    // a refusal (or a command never sent) leaves the entry
                    // free; no answer leaves it unknown
                    if matches!(
                        e,
                        Error::RdmaCmd { .. } | Error::InvalidArgument { .. } | Error::Poisoned(_)
                    ) {
                        st.mrs.free(stag);
                    } else {
                        st.mrs.leak(stag);
                    }
                }
                Err(e)
            }
        }
    }
}

/// A registered memory region (ibv_mr). Deregistered when dropped.
pub struct MemoryRegion {
    pub(super) pd: Arc<PdShared>,
    mem: Arc<DmaMem>,
    /// The STag: a fast-register changes its key.
    pub(super) stag: AtomicU32,
    pub(super) addr: u64,
    pub(super) len: u64,
    pub(super) access: AccessFlags,
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
    pub(super) fn stag(&self) -> u32 {
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
    /// [`Error::InvalidArgument`]: `length` zero, or `offset` with a range
    /// outside the region.
    pub fn sge(&self, offset: u64, length: u32) -> Result<Sge> {
        if length == 0 {
            return Err(Error::arg("length", ArgError::Zero));
        }
        let end = offset.checked_add(u64::from(length));
        if end.is_none_or(|end| end > self.len) {
            return Err(Error::arg(
                "offset",
                ArgError::OutsideRegion {
                    stag: self.stag(),
                    addr: self.addr.wrapping_add(offset),
                    len: u64::from(length),
                    base: self.addr,
                    size: self.len,
                },
            ));
        }
        Ok(Sge {
            addr: self.addr + offset,
            length,
            lkey: self.stag(),
        })
    }

    /// Whether the host knows the region valid: a FAST_REG region is
    /// invalid until registered by a work request, and after a local or
    /// remote invalidation ([`CompletionQueue::poll_wc`](super::CompletionQueue::poll_wc) sees the latter).
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
            return Err(Error::arg(
                "self",
                ArgError::NotFastReg { stag: self.stag() },
            ));
        }
        let p = &self.pd;
        let args = RdmaMrInvArgs {
            stag: self.stag(),
            pd: p.pdn,
        }
        .to_words()
        .map_err(Error::block_arg)?;
        p.nic.rdma_cmd(RdmaCmd::MrInv, &args)?;
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
        let args = RdmaStagArgs { stag: self.stag() }.to_words();
        match args
            .map_err(Error::block_arg)
            .and_then(|args| p.nic.rdma_cmd(RdmaCmd::MrDereg, &args))
        {
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn mr_reg_words() {
        let w = mr_reg_args(
            0x0000_0305,
            7,
            AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_READ,
            0x0000_0001_0000_2000,
            0x1_0000_0000,
            0x0000_0001_0000_2000,
        )
        .expect("fits");
        assert_eq!(w, [0x305, 7, 3, 0x2000, 1, 0, 1, 0x2000, 1]);
    }
}
