//! [`MmioHal`]: the firmware port as the soft core sees it, memory-mapped.
//!
//! # Soft-core memory map
//!
//! | address | size | what |
//! |---|---|---|
//! | `0x8000_0000` | 64 KiB | RAM: code, data, stack (see `memory.x`); the core resets to its first word |
//! | `0x1000_0000` | 4 KiB + 256 B | the firmware port (below), strongly-ordered I/O |
//!
//! # Firmware port registers
//!
//! Offsets from the port base ([`PORT_BASE`] on the soft core). Every
//! register is 32 bits wide and takes only aligned 32-bit accesses.
//!
//! | offset | name | access | meaning |
//! |---|---|---|---|
//! | `0x000` | `RX_STATUS` | RO | bit 0 `VALID`: a word from the core is waiting; bit 1 `LAST`: it ends its message. No side effect. |
//! | `0x004` | `RX_DATA` | RO, pops | the waiting word; the read takes it (one `m_axis_fw` transfer). Reads 0 and takes nothing when `VALID` is 0. |
//! | `0x008` | `TX_STATUS` | RO | bit 0 `READY`: a write to `TX_DATA`/`TX_DATA_LAST` will be accepted |
//! | `0x00c` | `TX_DATA` | WO | writing sends the word to the core with `tlast` = 0 (one `s_axis_fw` transfer) |
//! | `0x010` | `TX_DATA_LAST` | WO | writing sends the word to the core with `tlast` = 1 |
//! | `0x1000 + o` | window | RW | register-window register at byte offset `o` (`FW_REG_*`, `o` < 256) |
//!
//! A write to `TX_DATA`/`TX_DATA_LAST` while `READY` is 0 is dropped;
//! [`MmioHal`] never does one. The accesses of one core reach the port in
//! program order (the region is I/O, not cached or reordered), so reading
//! `RX_STATUS` then `RX_DATA` observes one word.

use core::ptr;

use crate::hal::Hal;

/// Address of the firmware port on the soft core.
pub const PORT_BASE: usize = 0x1000_0000;
/// `RX_STATUS` offset.
pub const RX_STATUS: usize = 0x000;
/// `RX_DATA` offset; reading pops the word.
pub const RX_DATA: usize = 0x004;
/// `TX_STATUS` offset.
pub const TX_STATUS: usize = 0x008;
/// `TX_DATA` offset: send a word that does not end its message.
pub const TX_DATA: usize = 0x00c;
/// `TX_DATA_LAST` offset: send the last word of a message.
pub const TX_DATA_LAST: usize = 0x010;
/// Offset of the register window.
pub const REG_WINDOW: usize = 0x1000;
/// Bytes of the port's address range.
pub const PORT_SPAN: usize = REG_WINDOW + 0x100;

/// `RX_STATUS` bit: a word is waiting.
pub const RX_VALID: u32 = 1 << 0;
/// `RX_STATUS` bit: the waiting word is the last of its message.
pub const RX_LAST: u32 = 1 << 1;
/// `TX_STATUS` bit: the port accepts a word.
pub const TX_READY: u32 = 1 << 0;

/// [`Hal`] over the memory-mapped firmware port.
#[derive(Debug)]
pub struct MmioHal {
    base: *mut u32,
}

impl MmioHal {
    /// A HAL driving the port at `base`.
    ///
    /// # Safety
    ///
    /// `base` must be the 4-byte-aligned address of a firmware port laid out
    /// as in the module documentation, valid for volatile 32-bit reads and
    /// writes over [`PORT_SPAN`] bytes for as long as the value lives, and
    /// nothing else may access that range meanwhile (reads of `RX_DATA`
    /// consume words).
    pub const unsafe fn new(base: *mut u32) -> Self {
        Self { base }
    }

    fn read(&self, offset: usize) -> u32 {
        debug_assert!(offset & 3 == 0 && offset < PORT_SPAN);
        // SAFETY: `new`'s contract makes the whole port range valid for
        // aligned volatile 32-bit reads; every caller passes an aligned
        // offset below PORT_SPAN (the window offset is masked and < 0x100).
        unsafe { ptr::read_volatile(self.base.wrapping_byte_add(offset)) }
    }

    fn write(&mut self, offset: usize, value: u32) {
        debug_assert!(offset & 3 == 0 && offset < PORT_SPAN);
        // SAFETY: as in `read`, for writes.
        unsafe { ptr::write_volatile(self.base.wrapping_byte_add(offset), value) }
    }

    /// Offset of window register `offset`, forced to a word boundary.
    fn window(offset: u8) -> usize {
        REG_WINDOW + usize::from(offset & !3)
    }
}

impl Hal for MmioHal {
    fn recv_word(&mut self) -> Option<(u32, bool)> {
        let status = self.read(RX_STATUS);
        if status & RX_VALID == 0 {
            return None;
        }
        let word = self.read(RX_DATA);
        Some((word, status & RX_LAST != 0))
    }

    fn send_word(&mut self, word: u32, last: bool) -> bool {
        if self.read(TX_STATUS) & TX_READY == 0 {
            return false;
        }
        self.write(if last { TX_DATA_LAST } else { TX_DATA }, word);
        true
    }

    fn reg_read(&mut self, offset: u8) -> u32 {
        self.read(Self::window(offset))
    }

    fn reg_write(&mut self, offset: u8, value: u32) {
        self.write(Self::window(offset), value);
    }
}

#[cfg(test)]
mod tests {
    //! Address arithmetic checked against plain RAM standing in for the
    //! port's address range (RAM cannot pop `RX_DATA`, so only the addresses
    //! and bit positions are checked here).

    use super::*;

    const WORDS: usize = PORT_SPAN / 4;

    fn with_port(f: impl FnOnce(&mut MmioHal, *mut u32)) {
        let mut ram = [0u32; WORDS];
        let base = ram.as_mut_ptr();
        // SAFETY: `ram` is an aligned, exclusively owned buffer of exactly
        // PORT_SPAN bytes that outlives `hal`; the test reads it only
        // through `base` while `hal` lives.
        let mut hal = unsafe { MmioHal::new(base) };
        f(&mut hal, base);
    }

    fn poke(base: *mut u32, offset: usize, value: u32) {
        // SAFETY: offset < PORT_SPAN and aligned, inside the test buffer.
        unsafe { base.wrapping_byte_add(offset).write_volatile(value) }
    }

    fn peek(base: *mut u32, offset: usize) -> u32 {
        // SAFETY: offset < PORT_SPAN and aligned, inside the test buffer.
        unsafe { base.wrapping_byte_add(offset).read_volatile() }
    }

    #[test]
    fn receive_reads_status_then_data() {
        with_port(|hal, base| {
            assert_eq!(hal.recv_word(), None);
            poke(base, RX_DATA, 0xdead_beef);
            poke(base, RX_STATUS, RX_VALID);
            assert_eq!(hal.recv_word(), Some((0xdead_beef, false)));
            poke(base, RX_STATUS, RX_VALID | RX_LAST);
            assert_eq!(hal.recv_word(), Some((0xdead_beef, true)));
            poke(base, RX_STATUS, RX_LAST);
            assert_eq!(hal.recv_word(), None);
        });
    }

    #[test]
    fn send_honours_ready_and_last() {
        with_port(|hal, base| {
            assert!(!hal.send_word(1, false));
            assert_eq!(peek(base, TX_DATA), 0);
            poke(base, TX_STATUS, TX_READY);
            assert!(hal.send_word(0x1111, false));
            assert!(hal.send_word(0x2222, true));
            assert_eq!(peek(base, TX_DATA), 0x1111);
            assert_eq!(peek(base, TX_DATA_LAST), 0x2222);
        });
    }

    #[test]
    fn window_is_at_0x1000() {
        with_port(|hal, base| {
            hal.reg_write(crate::hal::REG_MAC_HI, 0x0211);
            assert_eq!(peek(base, REG_WINDOW + 0x08), 0x0211);
            poke(base, REG_WINDOW + 0xfc, 7);
            assert_eq!(hal.reg_read(0xfc), 7);
            // Unaligned offsets land on their word.
            assert_eq!(hal.reg_read(0xff), 7);
        });
    }
}
