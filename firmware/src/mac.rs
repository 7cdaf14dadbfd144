//! The port's MAC address and its two-word register form.
//!
//! A MAC address is 48 bits. Byte 0, the first on the wire, is bits 47:40
//! of the 48-bit value and byte 5 is bits 7:0. The register window and the
//! mailbox carry the value as two words, `fw_mac`: `lo` holds bits 31:0,
//! `hi` holds bits 47:32 in its bits 15:0 (its bits 31:16 are zero).

use core::fmt;

use warpnic_abi::gen::FwMac;

/// A 48-bit IEEE 802 MAC address, bytes in wire order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct MacAddr(pub [u8; 6]);

impl MacAddr {
    /// The I/G bit: bit 0 of byte 0 (bit 40 of the 48-bit value); set for a
    /// group (multicast or broadcast) address.
    pub const GROUP_BIT: u64 = 1 << 40;

    /// The address as a 48-bit integer, byte 0 in bits 47:40.
    pub const fn to_u64(self) -> u64 {
        let b = self.0;
        ((b[0] as u64) << 40)
            | ((b[1] as u64) << 32)
            | ((b[2] as u64) << 24)
            | ((b[3] as u64) << 16)
            | ((b[4] as u64) << 8)
            | (b[5] as u64)
    }

    /// The address from the low 48 bits of `value` (bits 63:48 are ignored).
    pub const fn from_u64(value: u64) -> Self {
        Self([
            (value >> 40) as u8,
            (value >> 32) as u8,
            (value >> 24) as u8,
            (value >> 16) as u8,
            (value >> 8) as u8,
            value as u8,
        ])
    }

    /// The register form, `fw_mac`'s words: (`lo` = bits 31:0, `hi` =
    /// bits 47:32).
    pub fn to_words(self) -> (u32, u32) {
        match (FwMac { mac: self.to_u64() }).to_words() {
            Ok([lo, hi]) => (lo, hi),
            // not reached: `to_u64` is 48 bits, the field's width
            Err(_) => (0, 0),
        }
    }

    /// The address from its register form.
    ///
    /// Returns `None` when `hi` has any of bits 31:16 set: those are not part
    /// of an address.
    pub fn from_words(lo: u32, hi: u32) -> Option<Self> {
        FwMac::from_words(&[lo, hi])
            .ok()
            .map(|m| Self::from_u64(m.mac))
    }

    /// `true` for a group (multicast or broadcast) address.
    pub const fn is_group(self) -> bool {
        self.0[0] & 0x01 != 0
    }

    /// `true` for 00:00:00:00:00:00.
    pub const fn is_zero(self) -> bool {
        self.to_u64() == 0
    }

    /// `true` for an address a port may take as its own: neither zero nor a
    /// group address.
    pub const fn is_valid_unicast(self) -> bool {
        !self.is_zero() && !self.is_group()
    }
}

impl From<[u8; 6]> for MacAddr {
    fn from(bytes: [u8; 6]) -> Self {
        Self(bytes)
    }
}

impl fmt::Display for MacAddr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = self.0;
        write!(
            f,
            "{:02x}:{:02x}:{:02x}:{:02x}:{:02x}:{:02x}",
            b[0], b[1], b[2], b[3], b[4], b[5]
        )
    }
}

#[cfg(test)]
mod tests {
    use super::MacAddr;

    #[test]
    fn byte_zero_is_bits_47_40() {
        let mac = MacAddr([0x02, 0x11, 0x22, 0x33, 0x44, 0x55]);
        assert_eq!(mac.to_u64(), 0x0211_2233_4455);
        assert_eq!(mac.to_words(), (0x2233_4455, 0x0000_0211));
        assert_eq!(MacAddr::from_words(0x2233_4455, 0x0211), Some(mac));
        assert_eq!(MacAddr::from_u64(0xffff_0211_2233_4455), mac);
    }

    #[test]
    fn group_bit_is_bit_40() {
        let mac = MacAddr([0x01, 0, 0, 0, 0, 0]);
        assert!(mac.is_group());
        assert_eq!(mac.to_u64(), MacAddr::GROUP_BIT);
        assert!(!MacAddr([0x02, 0, 0, 0, 0, 1]).is_group());
        assert!(MacAddr([0xff; 6]).is_group());
        assert!(!MacAddr([0; 6]).is_valid_unicast());
        assert!(MacAddr([0x02, 0, 0, 0, 0, 1]).is_valid_unicast());
    }

    #[test]
    fn high_word_upper_bits_rejected() {
        assert_eq!(MacAddr::from_words(0, 0x0001_0000), None);
        assert!(MacAddr::from_words(0, 0xffff).is_some());
    }

    #[test]
    fn words_round_trip() {
        for v in [
            0u64,
            1,
            0x0000_ffff_ffff,
            0xffff_0000_0000,
            0xffff_ffff_ffff,
            0x8000_0000_0001,
        ] {
            let mac = MacAddr::from_u64(v);
            let (lo, hi) = mac.to_words();
            assert_eq!(MacAddr::from_words(lo, hi), Some(mac));
            assert_eq!(mac.to_u64(), v);
        }
    }
}
