//! Checked volatile access to a memory-mapped register window (a BAR).
//!
//! The window is a raw shared mapping: no Rust reference to its bytes is
//! ever made, every access is a single volatile load or store of the
//! access's width at an offset that is checked to be inside the window and
//! naturally aligned, so the device sees exactly the accesses the caller
//! asked for, in program order.

use std::ptr;

use memmap2::MmapRaw;

use crate::device::{DeviceError, DeviceResult};

/// A mapped register window.
#[derive(Debug)]
pub struct MmioRegion {
    map: MmapRaw,
}

impl MmioRegion {
    /// Wraps a shared mapping of device registers (e.g. a BAR mapped
    /// through a VFIO device fd).
    pub fn new(map: MmapRaw) -> Self {
        Self { map }
    }

    /// Size of the window in bytes.
    pub fn len(&self) -> u64 {
        self.map.len() as u64
    }

    /// Whether the window is empty.
    pub fn is_empty(&self) -> bool {
        self.map.len() == 0
    }

    /// Checks that an access of `width` bytes (a power of two) at `offset`
    /// lies inside the window and is aligned to `width`; returns the offset
    /// as `usize`.
    fn check(&self, offset: u64, width: u64) -> DeviceResult<usize> {
        let bad = DeviceError::BadOffset {
            offset,
            size: self.len(),
        };
        if offset & (width - 1) != 0 {
            return Err(bad);
        }
        match offset.checked_add(width) {
            Some(end) if end <= self.len() => usize::try_from(offset).map_err(|_| bad),
            _ => Err(bad),
        }
    }

    /// Reads the 32-bit register at `offset`.
    ///
    /// # Errors
    /// [`DeviceError::BadOffset`] when `offset` is not 4-byte aligned or
    /// the register is not inside the window.
    pub fn read32(&self, offset: u64) -> DeviceResult<u32> {
        let off = self.check(offset, 4)?;
        // SAFETY: `off + 4 <= len` and `off` is 4-aligned (checked), the
        // mapping is page-aligned, so the pointer is aligned and inside the
        // live mapping owned by `self.map`. A volatile load touches the
        // device memory exactly once and creates no reference to it.
        Ok(unsafe { ptr::read_volatile(self.map.as_mut_ptr().add(off).cast::<u32>()) })
    }

    /// Writes the 32-bit register at `offset`.
    ///
    /// # Errors
    /// As [`MmioRegion::read32`].
    pub fn write32(&self, offset: u64, value: u32) -> DeviceResult<()> {
        let off = self.check(offset, 4)?;
        // SAFETY: as in `read32`; the mapping is writable (shared,
        // read-write), and a volatile store is a single register write.
        unsafe { ptr::write_volatile(self.map.as_mut_ptr().add(off).cast::<u32>(), value) };
        Ok(())
    }

    /// Reads the 64-bit register at `offset` with one 8-byte access.
    ///
    /// # Errors
    /// [`DeviceError::BadOffset`] when `offset` is not 8-byte aligned or
    /// the register is not inside the window.
    pub fn read64(&self, offset: u64) -> DeviceResult<u64> {
        let off = self.check(offset, 8)?;
        // SAFETY: as in `read32`, with 8-byte alignment and bounds checked.
        Ok(unsafe { ptr::read_volatile(self.map.as_mut_ptr().add(off).cast::<u64>()) })
    }

    /// Writes the 64-bit register at `offset` with one 8-byte access.
    ///
    /// # Errors
    /// As [`MmioRegion::read64`].
    pub fn write64(&self, offset: u64, value: u64) -> DeviceResult<()> {
        let off = self.check(offset, 8)?;
        // SAFETY: as in `write32`, with 8-byte alignment and bounds checked.
        unsafe { ptr::write_volatile(self.map.as_mut_ptr().add(off).cast::<u64>(), value) };
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use memmap2::MmapOptions;

    /// An anonymous page standing in for a BAR: plain memory behaves like
    /// a register file with no side effects.
    fn window(len: usize) -> MmioRegion {
        let map = MmapOptions::new()
            .len(len)
            .map_anon()
            .expect("anonymous mapping");
        MmioRegion::new(MmapRaw::from(map))
    }

    #[test]
    fn reads_back_what_was_written() {
        let w = window(4096);
        w.write32(0, 0x0100_00ed).unwrap();
        w.write32(4092, 0xdead_beef).unwrap();
        w.write64(8, 0x0123_4567_89ab_cdef).unwrap();
        assert_eq!(w.read32(0).unwrap(), 0x0100_00ed);
        assert_eq!(w.read32(4092).unwrap(), 0xdead_beef);
        assert_eq!(w.read64(8).unwrap(), 0x0123_4567_89ab_cdef);
        // little-endian halves of the 64-bit register
        assert_eq!(w.read32(8).unwrap(), 0x89ab_cdef);
        assert_eq!(w.read32(12).unwrap(), 0x0123_4567);
    }

    #[test]
    fn rejects_out_of_range_offsets() {
        let w = window(4096);
        for off in [4096, 4100, 1 << 20, u64::MAX - 3, u64::MAX] {
            match w.read32(off) {
                Err(DeviceError::BadOffset { offset, size }) => {
                    assert_eq!((offset, size), (off, 4096));
                }
                other => panic!("read32({off:#x}) gave {other:?}"),
            }
            assert!(matches!(
                w.write32(off, 1),
                Err(DeviceError::BadOffset { .. })
            ));
        }
        assert!(matches!(w.read64(4092), Err(DeviceError::BadOffset { .. })));
        assert!(matches!(
            w.write64(4096, 0),
            Err(DeviceError::BadOffset { .. })
        ));
    }

    #[test]
    fn rejects_misaligned_offsets() {
        let w = window(4096);
        for off in [1, 2, 3, 5, 4094] {
            assert!(matches!(w.read32(off), Err(DeviceError::BadOffset { .. })));
            assert!(matches!(
                w.write32(off, 0),
                Err(DeviceError::BadOffset { .. })
            ));
        }
        assert!(matches!(w.read64(4), Err(DeviceError::BadOffset { .. })));
        assert!(matches!(
            w.write64(12, 0),
            Err(DeviceError::BadOffset { .. })
        ));
    }

    #[test]
    fn error_message_names_offset_and_size() {
        let w = window(4096);
        let msg = w.read32(0x1002).unwrap_err().to_string();
        assert!(msg.contains("0x1002") && msg.contains("0x1000"), "{msg}");
    }
}
