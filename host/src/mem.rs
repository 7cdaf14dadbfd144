//! DMA memory: page-aligned host memory mapped into the device's IOMMU
//! domain.
//!
//! The device may read and write this memory at any time while it is
//! mapped, so the library never makes a Rust reference into it: every
//! access is a volatile copy through a raw pointer. A [`DmaMem`] unmaps
//! itself before its memory is freed.

use crate::device::{Device, DmaPerm};
use crate::error::{ArgError, Error, Result};
use std::ptr::NonNull;
use std::sync::{Arc, Mutex};

/// Page size used for DMA mappings.
pub const PAGE: usize = 4096;

/// A simple allocator of device addresses (IOVAs): first fit over a sorted
/// free list, page granular.
#[derive(Debug)]
pub struct IovaAllocator {
    free: Vec<(u64, u64)>, // (start, len), sorted, coalesced
}

impl IovaAllocator {
    /// An allocator handing out `[start, start + len)`.
    pub fn new(start: u64, len: u64) -> Self {
        IovaAllocator {
            free: vec![(start, len)],
        }
    }

    /// Allocates `len` bytes (rounded up to pages).
    pub fn alloc(&mut self, len: usize) -> Option<u64> {
        let len = round_up(len as u64, PAGE as u64);
        let i = self.free.iter().position(|&(_, l)| l >= len)?;
        let (start, l) = self.free[i];
        if l == len {
            self.free.remove(i);
        } else {
            self.free[i] = (start + len, l - len);
        }
        Some(start)
    }

    /// Returns a range to the allocator.
    pub fn free(&mut self, start: u64, len: usize) {
        let len = round_up(len as u64, PAGE as u64);
        let i = self.free.partition_point(|&(s, _)| s < start);
        self.free.insert(i, (start, len));
        // coalesce with neighbours
        if i + 1 < self.free.len() && self.free[i].0 + self.free[i].1 == self.free[i + 1].0 {
            self.free[i].1 += self.free[i + 1].1;
            self.free.remove(i + 1);
        }
        if i > 0 && self.free[i - 1].0 + self.free[i - 1].1 == self.free[i].0 {
            self.free[i - 1].1 += self.free[i].1;
            self.free.remove(i);
        }
    }
}

fn round_up(v: u64, to: u64) -> u64 {
    v.div_ceil(to) * to
}

/// Host memory the device can reach by DMA.
pub struct DmaMem {
    ptr: NonNull<u8>,
    len: usize,
    map_len: usize,
    iova: u64,
    dev: Arc<dyn Device>,
    iovas: Arc<Mutex<IovaAllocator>>,
    _mmap: memmap2::MmapMut,
}

// SAFETY: the memory is owned by this object and only accessed through
// volatile copies; concurrent access from several threads is the caller's
// protocol (as with the device itself), never a Rust-level data race on a
// reference.
unsafe impl Send for DmaMem {}
// SAFETY: as above; every method takes `&self` and performs volatile
// accesses only.
unsafe impl Sync for DmaMem {}

impl std::fmt::Debug for DmaMem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DmaMem")
            .field("iova", &format_args!("{:#x}", self.iova))
            .field("len", &self.len)
            .finish()
    }
}

impl DmaMem {
    /// Allocates `len` bytes (zeroed) and maps them for the device.
    ///
    /// # Errors
    /// [`Error::Alloc`], [`Error::IovaExhausted`] or a backend error.
    pub fn new(
        dev: Arc<dyn Device>,
        iovas: Arc<Mutex<IovaAllocator>>,
        len: usize,
        perm: DmaPerm,
    ) -> Result<Self> {
        if len == 0 {
            return Err(Error::arg("len", ArgError::Zero));
        }
        let map_len = round_up(len as u64, PAGE as u64) as usize;
        let mut mmap =
            memmap2::MmapMut::map_anon(map_len).map_err(|source| Error::Alloc { len, source })?;
        let ptr = NonNull::new(mmap.as_mut_ptr()).ok_or(Error::Alloc {
            len,
            source: std::io::Error::other("null mapping"),
        })?;
        let iova = iovas
            .lock()
            .map_err(|_| Error::Poisoned("IOVA allocator"))?
            .alloc(map_len)
            .ok_or(Error::IovaExhausted(map_len))?;
        // SAFETY: `ptr..ptr+map_len` is our anonymous mapping, page aligned;
        // it lives in `self._mmap` until `Drop`, which unmaps it from the
        // device first.
        if let Err(e) = unsafe { dev.dma_map(ptr.as_ptr(), map_len, iova, perm) } {
            if let Ok(mut a) = iovas.lock() {
                a.free(iova, map_len);
            }
            return Err(e.into());
        }
        Ok(DmaMem {
            ptr,
            len,
            map_len,
            iova,
            dev,
            iovas,
            _mmap: mmap,
        })
    }

    /// Device address of byte 0.
    pub fn iova(&self) -> u64 {
        self.iova
    }

    /// Length in bytes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Always false: a buffer has at least one byte.
    pub fn is_empty(&self) -> bool {
        false
    }

    fn check(&self, offset: usize, len: usize) -> Result<()> {
        if offset.checked_add(len).is_none_or(|end| end > self.len) {
            return Err(Error::OutOfBounds {
                offset,
                len,
                size: self.len,
            });
        }
        Ok(())
    }

    /// Copies `data` into the buffer at `offset`.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`].
    pub fn write(&self, offset: usize, data: &[u8]) -> Result<()> {
        self.check(offset, data.len())?;
        // SAFETY: bounds checked above; the memory is ours and mapped.
        unsafe { volatile_copy_to(self.ptr.as_ptr().add(offset), data) };
        Ok(())
    }

    /// Copies bytes at `offset` out of the buffer.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`].
    pub fn read(&self, offset: usize, out: &mut [u8]) -> Result<()> {
        self.check(offset, out.len())?;
        // SAFETY: bounds checked above.
        unsafe { volatile_copy_from(self.ptr.as_ptr().add(offset), out) };
        Ok(())
    }

    /// Reads one byte.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`].
    pub fn read_u8(&self, offset: usize) -> Result<u8> {
        self.check(offset, 1)?;
        // SAFETY: bounds checked above.
        Ok(unsafe { std::ptr::read_volatile(self.ptr.as_ptr().add(offset)) })
    }

    /// Fills `len` bytes at `offset` with `byte`.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`].
    pub fn fill(&self, offset: usize, len: usize, byte: u8) -> Result<()> {
        self.check(offset, len)?;
        for i in 0..len {
            // SAFETY: bounds checked above.
            unsafe { std::ptr::write_volatile(self.ptr.as_ptr().add(offset + i), byte) };
        }
        Ok(())
    }
}

impl Drop for DmaMem {
    fn drop(&mut self) {
        // Unmap first so the device can no longer reach the memory, then
        // give the IOVA range back; the mmap is freed after this.
        let _ = self.dev.dma_unmap(self.iova, self.map_len);
        if let Ok(mut a) = self.iovas.lock() {
            a.free(self.iova, self.map_len);
        }
    }
}

/// Volatile copy into device-visible memory, 8 bytes at a time where aligned.
///
/// # Safety
/// `dst..dst+src.len()` must be valid for writes.
unsafe fn volatile_copy_to(dst: *mut u8, src: &[u8]) {
    let mut i = 0;
    while i < src.len() && (dst as usize + i) & 7 != 0 {
        std::ptr::write_volatile(dst.add(i), src[i]);
        i += 1;
    }
    while i + 8 <= src.len() {
        let mut w = [0u8; 8];
        w.copy_from_slice(&src[i..i + 8]);
        std::ptr::write_volatile(dst.add(i) as *mut u64, u64::from_ne_bytes(w));
        i += 8;
    }
    while i < src.len() {
        std::ptr::write_volatile(dst.add(i), src[i]);
        i += 1;
    }
}

/// Volatile copy out of device-visible memory.
///
/// # Safety
/// `src..src+dst.len()` must be valid for reads.
unsafe fn volatile_copy_from(src: *const u8, dst: &mut [u8]) {
    let mut i = 0;
    while i < dst.len() && (src as usize + i) & 7 != 0 {
        dst[i] = std::ptr::read_volatile(src.add(i));
        i += 1;
    }
    while i + 8 <= dst.len() {
        let w = std::ptr::read_volatile(src.add(i) as *const u64);
        dst[i..i + 8].copy_from_slice(&w.to_ne_bytes());
        i += 8;
    }
    while i < dst.len() {
        dst[i] = std::ptr::read_volatile(src.add(i));
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iova_allocator_first_fit_and_coalesce() {
        let mut a = IovaAllocator::new(0x10_0000, 0x10_000);
        let x = a.alloc(100).unwrap();
        let y = a.alloc(5000).unwrap();
        assert_eq!(x, 0x10_0000);
        assert_eq!(y, 0x10_1000);
        a.free(x, 100);
        a.free(y, 5000);
        assert_eq!(a.free, vec![(0x10_0000, 0x10_000)]);
        assert!(a.alloc(0x20_000).is_none());
    }
}
