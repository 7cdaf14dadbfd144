//! The simulated IOMMU: the only way the simulated device reaches host
//! memory.
//!
//! The host library maps its buffers through `Device::dma_map` (see
//! `host/src/device.rs`); the simulator's device backend forwards those calls
//! to [`Iommu::map`] and [`Iommu::unmap`]. The DMA model then reads and
//! writes host memory only through [`Iommu::read`] and [`Iommu::write`], so a
//! device access outside the mappings, or against a mapping's permission, is
//! refused exactly as a real IOMMU would refuse it.
//!
//! Contract:
//! - Mappings are whole 4 KiB pages: IOVA, host address and length are
//!   multiples of [`PAGE_SIZE`]; two mappings never overlap in IOVA space.
//!   Adjacent mappings form one contiguous device-visible range, and an
//!   access may span several of them.
//! - [`Iommu::unmap`] removes exactly one mapping, named by its first IOVA
//!   and its length (as VFIO's type-1 IOMMU, it never splits a mapping).
//! - Every access is all-or-nothing: the whole range is translated and
//!   checked before the first byte moves, so a refused write changes
//!   nothing and a refused read returns no data.
//! - Every refused access is appended to the fault log ([`Iommu::faults`])
//!   with its IOVA, length, direction, the first refused IOVA, the reason and
//!   the simulated cycle set by [`Iommu::set_now`], like the fault recording
//!   registers of VT-d or the AMD IOMMU event log. The log keeps the first
//!   [`FAULT_LOG_CAPACITY`] faults; [`Iommu::fault_count`] counts them all.
//! - Host memory is accessed with volatile loads and stores through raw
//!   pointers, never through Rust references: the host program may read or
//!   write the same memory at any time, as it would with real DMA.

use std::collections::BTreeMap;
use std::fmt;
use std::ptr;

use warpnic::DmaPerm;

use crate::error::{SimError, SimResult};

/// IOMMU page size: the granule of every mapping.
pub const PAGE_SIZE: u64 = 4096;

/// Number of faults the log keeps.
pub const FAULT_LOG_CAPACITY: usize = 1 << 16;

/// Why a map or unmap request was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MapError {
    /// IOVA, host address or length is not a multiple of [`PAGE_SIZE`].
    #[error("IOVA, host address and length must be multiples of 4 KiB")]
    Misaligned,
    /// Zero length.
    #[error("zero length")]
    Empty,
    /// Null host address.
    #[error("null host address")]
    NullAddress,
    /// The range wraps around the 64-bit IOVA space.
    #[error("range wraps around the IOVA space")]
    Wraps,
    /// Neither read nor write is allowed.
    #[error("mapping allows neither read nor write")]
    NoAccess,
    /// The range overlaps an existing mapping (which starts at this IOVA).
    #[error("overlaps the mapping at IOVA {0:#x}")]
    Overlap(u64),
    /// No mapping starts at this IOVA.
    #[error("no mapping starts at this IOVA")]
    NotMapped,
    /// A mapping starts there but has another length (given here).
    #[error("the mapping there is {0:#x} bytes long")]
    LengthMismatch(u64),
}

/// Why a DMA access was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultReason {
    /// No mapping covers the IOVA.
    NotMapped,
    /// A mapping covers it but does not allow the access.
    Permission,
}

/// A refused DMA access, as recorded in the fault log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fault {
    /// First IOVA of the access.
    pub iova: u64,
    /// Length of the access in bytes.
    pub len: u64,
    /// True for a device write, false for a read.
    pub write: bool,
    /// The first IOVA of the access that was refused.
    pub at: u64,
    /// Why.
    pub reason: FaultReason,
    /// Simulated cycle of the access (see [`Iommu::set_now`]).
    pub cycle: u64,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "IOMMU fault in cycle {}: DMA {} of {} bytes at IOVA {:#x} refused at {:#x} ({})",
            self.cycle,
            if self.write { "write" } else { "read" },
            self.len,
            self.iova,
            self.at,
            match self.reason {
                FaultReason::NotMapped => "not mapped",
                FaultReason::Permission => "no permission",
            }
        )
    }
}

impl std::error::Error for Fault {}

/// A piece of host memory that a translated access touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    /// Host address of the piece.
    pub ptr: *mut u8,
    /// Length of the piece in bytes.
    pub len: usize,
}

#[derive(Clone, Copy, Debug)]
struct Mapping {
    len: u64,
    vaddr: *mut u8,
    perm: DmaPerm,
}

/// The IOMMU of one simulated device: IOVA → host memory mappings with
/// permissions, and a fault log.
#[derive(Debug, Default)]
pub struct Iommu {
    /// Mappings keyed by their first IOVA.
    maps: BTreeMap<u64, Mapping>,
    faults: Vec<Fault>,
    fault_count: u64,
    now: u64,
    /// Device writes done, `(iova, len)`, while logging is on.
    writes: Option<Vec<(u64, usize)>>,
}

// SAFETY: the raw host pointers an `Iommu` holds are only dereferenced by
// `read` and `write`, which take `&mut self`, and the `map` contract makes
// the memory valid for the whole process (not one thread) until `unmap`.
// Moving the `Iommu` to another thread therefore moves no thread-bound state.
unsafe impl Send for Iommu {}

impl Iommu {
    /// An IOMMU with no mappings.
    pub fn new() -> Self {
        Iommu::default()
    }

    /// Sets the simulated cycle recorded with the faults that follow.
    pub fn set_now(&mut self, cycle: u64) {
        self.now = cycle;
    }

    /// The cycle last set by [`Iommu::set_now`].
    pub fn now(&self) -> u64 {
        self.now
    }

    /// Maps `len` bytes of host memory at `vaddr` to `iova..iova+len` with
    /// permission `perm`.
    ///
    /// # Safety
    /// `vaddr..vaddr+len` must be memory of this process that stays valid
    /// (allocated, not moved) until [`Iommu::unmap`] removes this mapping or
    /// the `Iommu` is dropped; the simulated device may read or write it (as
    /// `perm` allows) at any time before then. This is the contract of
    /// `Device::dma_map`.
    ///
    /// # Errors
    /// [`SimError::IommuMap`] with a [`MapError`] for an unaligned or empty
    /// range, a null address, no permission, or an overlap with an existing
    /// mapping. A refused request changes nothing.
    pub unsafe fn map(
        &mut self,
        iova: u64,
        vaddr: *mut u8,
        len: usize,
        perm: DmaPerm,
    ) -> SimResult<()> {
        let len64 = len as u64;
        let refuse = |reason| SimError::IommuMap {
            iova,
            len: len64,
            reason,
        };
        if len == 0 {
            return Err(refuse(MapError::Empty));
        }
        if vaddr.is_null() {
            return Err(refuse(MapError::NullAddress));
        }
        let unaligned = |v: u64| v & (PAGE_SIZE - 1) != 0;
        if unaligned(iova) || unaligned(vaddr as usize as u64) || unaligned(len64) {
            return Err(refuse(MapError::Misaligned));
        }
        if !perm.read && !perm.write {
            return Err(refuse(MapError::NoAccess));
        }
        let Some(end) = iova.checked_add(len64) else {
            return Err(refuse(MapError::Wraps));
        };
        // The mapping that starts at or below `iova` must end at or below it;
        // the first one above `iova` must start at or after `end`.
        if let Some((&start, m)) = self.maps.range(..=iova).next_back() {
            if start + m.len > iova {
                return Err(refuse(MapError::Overlap(start)));
            }
        }
        if let Some((&start, _)) = self.maps.range(iova..).next() {
            if start < end {
                return Err(refuse(MapError::Overlap(start)));
            }
        }
        self.maps.insert(
            iova,
            Mapping {
                len: len64,
                vaddr,
                perm,
            },
        );
        Ok(())
    }

    /// Removes the mapping that starts at `iova` and is `len` bytes long.
    /// After this returns, device accesses to that range fault.
    ///
    /// # Errors
    /// [`SimError::IommuMap`] with [`MapError::NotMapped`] when no mapping
    /// starts at `iova`, or [`MapError::LengthMismatch`] when it has another
    /// length.
    pub fn unmap(&mut self, iova: u64, len: usize) -> SimResult<()> {
        let refuse = |reason| SimError::IommuMap {
            iova,
            len: len as u64,
            reason,
        };
        match self.maps.get(&iova) {
            None => Err(refuse(MapError::NotMapped)),
            Some(m) if m.len != len as u64 => Err(refuse(MapError::LengthMismatch(m.len))),
            Some(_) => {
                self.maps.remove(&iova);
                Ok(())
            }
        }
    }

    /// The host memory of every mapping, as (address, length).
    pub fn host_ranges(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.maps
            .values()
            .map(|m| (m.vaddr as usize, m.len as usize))
    }

    /// Number of mappings.
    pub fn mapping_count(&self) -> usize {
        self.maps.len()
    }

    /// Translates the device access `iova..iova+len` (a write when `write`)
    /// into the host memory pieces it touches, in IOVA order. The range may
    /// span several adjacent mappings. A zero-length access translates to no
    /// pieces. Does not record faults (see [`Iommu::check`]).
    ///
    /// # Errors
    /// The [`Fault`] the access would raise: part of the range not mapped, or
    /// mapped without the needed permission.
    pub fn translate(&self, iova: u64, len: usize, write: bool) -> Result<Vec<Segment>, Fault> {
        let fault = |at, reason| Fault {
            iova,
            len: len as u64,
            write,
            at,
            reason,
            cycle: self.now,
        };
        let mut segs = Vec::new();
        if len == 0 {
            return Ok(segs);
        }
        let Some(end) = iova.checked_add(len as u64) else {
            return Err(fault(iova, FaultReason::NotMapped));
        };
        let mut cur = iova;
        while cur < end {
            let Some((&start, m)) = self.maps.range(..=cur).next_back() else {
                return Err(fault(cur, FaultReason::NotMapped));
            };
            let map_end = start + m.len;
            if map_end <= cur {
                return Err(fault(cur, FaultReason::NotMapped));
            }
            if (write && !m.perm.write) || (!write && !m.perm.read) {
                return Err(fault(cur, FaultReason::Permission));
            }
            let piece_end = map_end.min(end);
            // Offsets inside one mapping fit in usize: the mapping's length
            // came from a usize.
            let offset = (cur - start) as usize;
            segs.push(Segment {
                ptr: m.vaddr.wrapping_add(offset),
                len: (piece_end - cur) as usize,
            });
            cur = piece_end;
        }
        Ok(segs)
    }

    /// Checks that the access would be allowed, recording a fault when not.
    ///
    /// # Errors
    /// The recorded [`Fault`].
    pub fn check(&mut self, iova: u64, len: usize, write: bool) -> Result<(), Fault> {
        match self.translate(iova, len, write) {
            Ok(_) => Ok(()),
            Err(f) => {
                self.record(f);
                Err(f)
            }
        }
    }

    /// Device read of `buf.len()` bytes at `iova` into `buf`.
    ///
    /// # Errors
    /// The [`Fault`] (also recorded in the log) when any byte of the range
    /// may not be read; `buf` is then left unchanged.
    pub fn read(&mut self, iova: u64, buf: &mut [u8]) -> Result<(), Fault> {
        let segs = match self.translate(iova, buf.len(), false) {
            Ok(s) => s,
            Err(f) => {
                self.record(f);
                return Err(f);
            }
        };
        let mut off = 0;
        for s in segs {
            // SAFETY: `translate` returned this piece from a mapping whose
            // `map` contract keeps `s.ptr..s.ptr+s.len` valid until it is
            // unmapped, which needs `&mut self` and so cannot happen during
            // this call. `buf[off..off+s.len]` is in bounds because the
            // pieces' lengths sum to `buf.len()`.
            unsafe { copy_from_host(s.ptr, &mut buf[off..off + s.len]) };
            off += s.len;
        }
        Ok(())
    }

    /// Device write of `data` at `iova`.
    ///
    /// # Errors
    /// The [`Fault`] (also recorded in the log) when any byte of the range
    /// may not be written; nothing is written then.
    pub fn write(&mut self, iova: u64, data: &[u8]) -> Result<(), Fault> {
        let segs = match self.translate(iova, data.len(), true) {
            Ok(s) => s,
            Err(f) => {
                self.record(f);
                return Err(f);
            }
        };
        let mut off = 0;
        for s in segs {
            // SAFETY: as in `read`: the piece is valid, writable host memory
            // by the `map` contract, and `data[off..off+s.len]` is in bounds.
            unsafe { copy_to_host(&data[off..off + s.len], s.ptr) };
            off += s.len;
        }
        if let Some(w) = &mut self.writes {
            w.push((iova, data.len()));
        }
        Ok(())
    }

    /// Starts (or stops) logging every device write that reaches host
    /// memory, so a test can check what the device touched; starting
    /// clears the log.
    pub fn log_writes(&mut self, on: bool) {
        self.writes = on.then(Vec::new);
    }

    /// The writes logged since the last call, `(iova, len)`, oldest first.
    pub fn take_writes(&mut self) -> Vec<(u64, usize)> {
        self.writes.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// The fault log, oldest first (at most [`FAULT_LOG_CAPACITY`] entries).
    pub fn faults(&self) -> &[Fault] {
        &self.faults
    }

    /// Empties the fault log and returns its entries.
    pub fn take_faults(&mut self) -> Vec<Fault> {
        std::mem::take(&mut self.faults)
    }

    /// Number of faults since the IOMMU was created, including those the full
    /// log could not keep and those taken out of it.
    pub fn fault_count(&self) -> u64 {
        self.fault_count
    }

    fn record(&mut self, f: Fault) {
        self.fault_count += 1;
        if self.faults.len() < FAULT_LOG_CAPACITY {
            self.faults.push(f);
        }
    }
}

/// Copies `dst.len()` bytes from host memory at `src` with volatile loads
/// (8-byte aligned words where possible).
///
/// # Safety
/// `src..src+dst.len()` must be valid for reads.
unsafe fn copy_from_host(src: *const u8, dst: &mut [u8]) {
    let len = dst.len();
    let mut i = 0;
    while i < len && (src as usize).wrapping_add(i) % 8 != 0 {
        // SAFETY: `i < len`, inside the range the caller vouches for.
        dst[i] = unsafe { ptr::read_volatile(src.add(i)) };
        i += 1;
    }
    while i + 8 <= len {
        // SAFETY: `src + i` is 8-byte aligned (loop above) and the 8 bytes
        // lie inside the caller's range.
        let w = unsafe { ptr::read_volatile(src.add(i).cast::<u64>()) };
        dst[i..i + 8].copy_from_slice(&w.to_ne_bytes());
        i += 8;
    }
    while i < len {
        // SAFETY: `i < len`, inside the caller's range.
        dst[i] = unsafe { ptr::read_volatile(src.add(i)) };
        i += 1;
    }
}

/// Copies `src` to host memory at `dst` with volatile stores (8-byte aligned
/// words where possible).
///
/// # Safety
/// `dst..dst+src.len()` must be valid for writes.
unsafe fn copy_to_host(src: &[u8], dst: *mut u8) {
    let len = src.len();
    let mut i = 0;
    while i < len && (dst as usize).wrapping_add(i) % 8 != 0 {
        // SAFETY: `i < len`, inside the range the caller vouches for.
        unsafe { ptr::write_volatile(dst.add(i), src[i]) };
        i += 1;
    }
    while i + 8 <= len {
        let mut w = [0u8; 8];
        w.copy_from_slice(&src[i..i + 8]);
        // SAFETY: `dst + i` is 8-byte aligned and the 8 bytes lie inside the
        // caller's range.
        unsafe { ptr::write_volatile(dst.add(i).cast::<u64>(), u64::from_ne_bytes(w)) };
        i += 8;
    }
    while i < len {
        // SAFETY: `i < len`, inside the caller's range.
        unsafe { ptr::write_volatile(dst.add(i), src[i]) };
        i += 1;
    }
}

/// Page-aligned, zeroed host memory for tests of the IOMMU and the DMA model.
#[cfg(test)]
pub(crate) mod test_mem {
    use std::alloc::{alloc_zeroed, dealloc, Layout};

    /// A page-aligned buffer; freed on drop (unmap it first).
    pub struct PageBuf {
        ptr: *mut u8,
        layout: Layout,
    }

    impl PageBuf {
        /// `pages` zeroed pages.
        pub fn new(pages: usize) -> Self {
            let layout = Layout::from_size_align(pages * 4096, 4096).expect("layout");
            // SAFETY: the layout has a non-zero size (tests ask for >= 1 page).
            let ptr = unsafe { alloc_zeroed(layout) };
            assert!(!ptr.is_null(), "allocation failed");
            PageBuf { ptr, layout }
        }

        /// Host address of the first byte.
        pub fn ptr(&self) -> *mut u8 {
            self.ptr
        }

        /// Length in bytes.
        pub fn len(&self) -> usize {
            self.layout.size()
        }

        /// Copies the contents out.
        pub fn to_vec(&self) -> Vec<u8> {
            // SAFETY: the buffer is `len()` initialised bytes owned by self;
            // tests do not run DMA concurrently with this copy.
            unsafe { std::slice::from_raw_parts(self.ptr, self.len()).to_vec() }
        }

        /// Overwrites the contents at `off`.
        pub fn fill(&self, off: usize, data: &[u8]) {
            assert!(off + data.len() <= self.len());
            // SAFETY: bounds checked above; no concurrent DMA in tests.
            unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), self.ptr.add(off), data.len()) };
        }
    }

    impl Drop for PageBuf {
        fn drop(&mut self) {
            // SAFETY: allocated in `new` with this layout.
            unsafe { dealloc(self.ptr, self.layout) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::test_mem::PageBuf;
    use super::*;

    fn map(io: &mut Iommu, iova: u64, buf: &PageBuf, perm: DmaPerm) {
        // SAFETY: every test keeps `buf` alive longer than `io`'s use of it.
        unsafe { io.map(iova, buf.ptr(), buf.len(), perm) }.unwrap();
    }

    fn map_err(io: &mut Iommu, iova: u64, ptr: *mut u8, len: usize, perm: DmaPerm) -> MapError {
        // SAFETY: these requests are refused, so nothing is ever accessed.
        match unsafe { io.map(iova, ptr, len, perm) } {
            Err(SimError::IommuMap { reason, .. }) => reason,
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn map_refuses_bad_requests() {
        let buf = PageBuf::new(4);
        let mut io = Iommu::new();
        let p = buf.ptr();
        assert_eq!(map_err(&mut io, 0x1000, p, 0, DmaPerm::RW), MapError::Empty);
        assert_eq!(
            map_err(&mut io, 0x1000, std::ptr::null_mut(), 4096, DmaPerm::RW),
            MapError::NullAddress
        );
        assert_eq!(
            map_err(&mut io, 0x1001, p, 4096, DmaPerm::RW),
            MapError::Misaligned
        );
        assert_eq!(
            map_err(&mut io, 0x1000, p.wrapping_add(8), 4096, DmaPerm::RW),
            MapError::Misaligned
        );
        assert_eq!(
            map_err(&mut io, 0x1000, p, 100, DmaPerm::RW),
            MapError::Misaligned
        );
        let none = DmaPerm {
            read: false,
            write: false,
        };
        assert_eq!(map_err(&mut io, 0x1000, p, 4096, none), MapError::NoAccess);
        assert_eq!(
            map_err(&mut io, u64::MAX - 4095, p, 8192, DmaPerm::RW),
            MapError::Wraps
        );
        assert_eq!(io.mapping_count(), 0);
    }

    #[test]
    fn map_refuses_overlap_but_allows_adjacent() {
        let a = PageBuf::new(2);
        let b = PageBuf::new(2);
        let mut io = Iommu::new();
        map(&mut io, 0x10_000, &a, DmaPerm::RW);
        // Overlapping from below, from above, and inside.
        assert_eq!(
            map_err(&mut io, 0xf000, b.ptr(), 8192, DmaPerm::RW),
            MapError::Overlap(0x10_000)
        );
        assert_eq!(
            map_err(&mut io, 0x11_000, b.ptr(), 8192, DmaPerm::RW),
            MapError::Overlap(0x10_000)
        );
        assert_eq!(
            map_err(&mut io, 0x10_000, b.ptr(), 4096, DmaPerm::RW),
            MapError::Overlap(0x10_000)
        );
        // Adjacent on both sides is fine.
        map(&mut io, 0x12_000, &b, DmaPerm::RW);
        let c = PageBuf::new(1);
        map(&mut io, 0xf000, &c, DmaPerm::READ);
        assert_eq!(io.mapping_count(), 3);
    }

    #[test]
    fn unmap_needs_exact_mapping() {
        let a = PageBuf::new(2);
        let mut io = Iommu::new();
        map(&mut io, 0x4000, &a, DmaPerm::RW);
        let reason = |r: SimResult<()>| match r {
            Err(SimError::IommuMap { reason, .. }) => reason,
            other => panic!("expected a refusal, got {other:?}"),
        };
        assert_eq!(reason(io.unmap(0x5000, 4096)), MapError::NotMapped);
        assert_eq!(
            reason(io.unmap(0x4000, 4096)),
            MapError::LengthMismatch(8192)
        );
        io.unmap(0x4000, 8192).unwrap();
        assert_eq!(io.mapping_count(), 0);
        let mut byte = [0u8; 1];
        assert!(io.read(0x4000, &mut byte).is_err());
    }

    #[test]
    fn read_write_round_trip_at_odd_offsets() {
        let a = PageBuf::new(2);
        let mut io = Iommu::new();
        map(&mut io, 0x20_000, &a, DmaPerm::RW);
        let data: Vec<u8> = (0..1000u32).map(|i| (i * 7 + 3) as u8).collect();
        io.write(0x20_000 + 4093, &data).unwrap();
        let host = a.to_vec();
        assert_eq!(&host[4093..4093 + 1000], &data[..]);
        assert!(host[..4093].iter().all(|&b| b == 0));
        assert!(host[4093 + 1000..].iter().all(|&b| b == 0));
        let mut back = vec![0u8; 1000];
        io.read(0x20_000 + 4093, &mut back).unwrap();
        assert_eq!(back, data);
        // Zero-length accesses are allowed anywhere inside or outside.
        io.read(0x20_000, &mut []).unwrap();
        io.write(0x99_000, &[]).unwrap();
        assert!(io.faults().is_empty());
    }

    #[test]
    fn access_spans_adjacent_mappings_of_separate_buffers() {
        let a = PageBuf::new(1);
        let b = PageBuf::new(1);
        let mut io = Iommu::new();
        map(&mut io, 0x1000, &a, DmaPerm::RW);
        map(&mut io, 0x2000, &b, DmaPerm::RW);
        let segs = io.translate(0x1f00, 512, true).unwrap();
        assert_eq!(
            segs,
            vec![
                Segment {
                    ptr: a.ptr().wrapping_add(0xf00),
                    len: 256
                },
                Segment {
                    ptr: b.ptr(),
                    len: 256
                },
            ]
        );
        let data: Vec<u8> = (0..512u32).map(|i| i as u8 ^ 0x5a).collect();
        io.write(0x1f00, &data).unwrap();
        assert_eq!(&a.to_vec()[0xf00..], &data[..256]);
        assert_eq!(&b.to_vec()[..256], &data[256..]);
        let mut back = vec![0u8; 512];
        io.read(0x1f00, &mut back).unwrap();
        assert_eq!(back, data);
    }

    #[test]
    fn gap_between_mappings_faults_and_write_is_all_or_nothing() {
        let a = PageBuf::new(1);
        let b = PageBuf::new(1);
        let mut io = Iommu::new();
        map(&mut io, 0x1000, &a, DmaPerm::RW);
        map(&mut io, 0x3000, &b, DmaPerm::RW);
        io.set_now(77);
        let err = io.write(0x1800, &[0xff; 0x2000]).unwrap_err();
        assert_eq!(
            err,
            Fault {
                iova: 0x1800,
                len: 0x2000,
                write: true,
                at: 0x2000,
                reason: FaultReason::NotMapped,
                cycle: 77,
            }
        );
        assert!(a.to_vec().iter().all(|&x| x == 0), "nothing written");
        assert!(b.to_vec().iter().all(|&x| x == 0), "nothing written");
        assert_eq!(io.faults(), &[err]);
        assert_eq!(io.fault_count(), 1);
    }

    #[test]
    fn permissions_are_enforced_per_mapping() {
        let a = PageBuf::new(1);
        let b = PageBuf::new(1);
        let mut io = Iommu::new();
        map(&mut io, 0x1000, &a, DmaPerm::READ);
        map(&mut io, 0x2000, &b, DmaPerm::WRITE);
        a.fill(0, &[9; 16]);
        let mut buf = [0u8; 16];
        io.read(0x1000, &mut buf).unwrap();
        assert_eq!(buf, [9; 16]);
        let e = io.write(0x1000, &[1; 16]).unwrap_err();
        assert_eq!(
            (e.reason, e.at, e.write),
            (FaultReason::Permission, 0x1000, true)
        );
        let e = io.read(0x2000, &mut buf).unwrap_err();
        assert_eq!(
            (e.reason, e.at, e.write),
            (FaultReason::Permission, 0x2000, false)
        );
        // A read spanning the read-only and the write-only page faults at
        // the second; the buffer is left unchanged.
        let mut big = [0xeeu8; 32];
        let e = io.read(0x1ff0, &mut big).unwrap_err();
        assert_eq!((e.reason, e.at), (FaultReason::Permission, 0x2000));
        assert_eq!(big, [0xee; 32]);
        io.write(0x2000, &[3; 8]).unwrap();
        assert_eq!(&b.to_vec()[..8], &[3; 8]);
        assert_eq!(io.faults().len(), 3);
        assert_eq!(io.take_faults().len(), 3);
        assert!(io.faults().is_empty());
        assert_eq!(io.fault_count(), 3);
    }

    #[test]
    fn check_and_translate_report_but_only_check_records() {
        let mut io = Iommu::new();
        assert!(io.translate(0x1000, 4, false).is_err());
        assert!(io.faults().is_empty());
        assert!(io.check(0x1000, 4, false).is_err());
        assert_eq!(io.faults().len(), 1);
        // An access that would wrap the address space is a fault too.
        assert!(io.check(u64::MAX - 1, 4, true).is_err());
    }

    #[test]
    fn sim_error_wraps_fault() {
        let mut io = Iommu::new();
        let f = io.check(0x1000, 4, false).unwrap_err();
        let e: SimError = f.into();
        assert!(e.to_string().contains("IOVA 0x1000"), "{e}");
    }
}
