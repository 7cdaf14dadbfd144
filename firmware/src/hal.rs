//! The firmware port, as the firmware sees it.
//!
//! [`Hal`] is the whole hardware interface of the control plane: the two
//! message streams of the core's firmware port (`m_axis_fw_*` towards the
//! firmware, `s_axis_fw_*` back to the core) and its register window
//! (`fw_reg_*`). The simulator implements it on the Verilated core's pins;
//! the soft core implements it over memory-mapped registers
//! ([`crate::mmio::MmioHal`]). Nothing else in this crate touches hardware.

use warpnic_abi::gen;

/// The firmware port of one warpnic core.
///
/// Every method returns promptly: none waits for the core. A method that
/// cannot make progress says so and the caller retries on a later poll.
pub trait Hal {
    /// Takes the next word of a message from the core, if one is waiting.
    ///
    /// Returns the word and whether it is the last word of its message
    /// (`tlast`). Returns `None` when no word is waiting; the word is
    /// consumed only when `Some` is returned.
    fn recv_word(&mut self) -> Option<(u32, bool)>;

    /// Offers one word of a message to the core; `last` marks the final word.
    ///
    /// Returns `true` once the port has taken the word: the core accepted it,
    /// or the port holds it (in order, e.g. on `tvalid` or in a FIFO) until
    /// the core does. Returns `false`, having taken nothing, when it cannot
    /// take a word now; the caller offers the same word again later.
    fn send_word(&mut self, word: u32, last: bool) -> bool;

    /// Reads the 32-bit register at byte `offset` of the register window
    /// (the `FW_REG_*` constants).
    fn reg_read(&mut self, offset: u8) -> u32;

    /// Writes the 32-bit register at byte `offset` of the register window.
    fn reg_write(&mut self, offset: u8, value: u32);
}

/// Byte offset of a register-window register as the port addresses it.
///
/// The window is 256 bytes; a generated offset outside it is a build error
/// (every use below is a constant).
const fn window(offset: u32) -> u8 {
    assert!(
        offset <= 0xfc && offset & 3 == 0,
        "FW_REG offset outside the window"
    );
    offset as u8
}

/// `FW_REG_ID`: reads [`gen::FW_REG_ID_VALUE`].
pub const REG_ID: u8 = window(gen::FW_REG_ID);
/// `FW_REG_MAC_LO`: port MAC address bits 31:0.
pub const REG_MAC_LO: u8 = window(gen::FW_REG_MAC_LO);
/// `FW_REG_MAC_HI`: port MAC address bits 47:32 (in bits 15:0).
pub const REG_MAC_HI: u8 = window(gen::FW_REG_MAC_HI);
/// `FW_REG_CYCLES_LO`: cycle counter bits 31:0; reading latches the high half.
pub const REG_CYCLES_LO: u8 = window(gen::FW_REG_CYCLES_LO);
/// `FW_REG_CYCLES_HI`: cycle counter bits 63:32 as latched by `REG_CYCLES_LO`.
pub const REG_CYCLES_HI: u8 = window(gen::FW_REG_CYCLES_HI);
/// `FW_REG_SCRATCH`: a scratch register.
pub const REG_SCRATCH: u8 = window(gen::FW_REG_SCRATCH);
/// `FW_REG_BUILD_ID`: the core's `BUILD_ID`.
pub const REG_BUILD_ID: u8 = window(gen::FW_REG_BUILD_ID);
/// `FW_REG_IPV4`: the port's IPv4 address, which the core uses to steer ICMP
/// to the firmware.
pub const REG_IPV4: u8 = window(gen::FW_REG_IPV4);

/// `FW_REG_TCP_RTO_INIT`: the TCP engine's initial retransmission timeout
/// of SYN and SYN-ACK, µs.
pub const REG_TCP_RTO_INIT: u8 = window(gen::FW_REG_TCP_RTO_INIT);
/// `FW_REG_TCP_RTO_MIN`: lower bound of the retransmission timeout, µs.
pub const REG_TCP_RTO_MIN: u8 = window(gen::FW_REG_TCP_RTO_MIN);
/// `FW_REG_TCP_RTO_MAX`: upper bound of the retransmission timeout, µs.
pub const REG_TCP_RTO_MAX: u8 = window(gen::FW_REG_TCP_RTO_MAX);
/// `FW_REG_TCP_RETRIES`: 7:0 SYN and SYN-ACK retransmissions, 15:8
/// retransmissions of one segment.
pub const REG_TCP_RETRIES: u8 = window(gen::FW_REG_TCP_RETRIES);
/// `FW_REG_TCP_TIME_WAIT`: TIME_WAIT duration, µs.
pub const REG_TCP_TIME_WAIT: u8 = window(gen::FW_REG_TCP_TIME_WAIT);
/// `FW_REG_TCP_TIME_US`: the TCP engine's µs clock (read-only).
pub const REG_TCP_TIME_US: u8 = window(gen::FW_REG_TCP_TIME_US);
/// `FW_REG_TCP_CONNS`: 15:0 tids, 23:16 listener slots (read-only).
pub const REG_TCP_CONNS: u8 = window(gen::FW_REG_TCP_CONNS);

/// Reads the core's 64-bit cycle counter through the register window: the
/// low half first (which latches the high half), then the latched high half,
/// so the two halves belong to the same cycle.
pub fn read_cycles(hal: &mut impl Hal) -> u64 {
    let lo = hal.reg_read(REG_CYCLES_LO);
    let hi = hal.reg_read(REG_CYCLES_HI);
    (u64::from(hi) << 32) | u64::from(lo)
}
