//! Ethernet II (IEEE 802.3 with an EtherType; no 802.1Q tag).

use super::{out, rest, WireError};
use crate::gen::EthernetHdr;

/// An Ethernet II header.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EthernetRepr {
    /// Destination MAC address.
    pub dst: [u8; 6],
    /// Source MAC address.
    pub src: [u8; 6],
    /// EtherType (see [`crate::gen::EtherType`]); at least 0x0600.
    pub ether_type: u16,
}

impl EthernetRepr {
    /// Header length in bytes.
    pub const LEN: usize = EthernetHdr::<&[u8]>::LEN;

    /// Parses a frame (without FCS); returns the header and the payload.
    ///
    /// # Errors
    ///
    /// [`WireError::Truncated`] for fewer than 14 bytes;
    /// [`WireError::Malformed`] when the type field is an 802.3 length
    /// (below 0x0600).
    pub fn parse(frame: &[u8]) -> Result<(Self, &[u8]), WireError> {
        let h = EthernetHdr::new_checked(frame)?;
        let repr = Self {
            dst: h.dst(),
            src: h.src(),
            ether_type: h.ether_type(),
        };
        if repr.ether_type < 0x0600 {
            return Err(WireError::Malformed(
                "802.3 length field instead of an EtherType",
            ));
        }
        Ok((repr, rest(frame, Self::LEN)))
    }

    /// Writes the 14-byte header at the start of `buf`; returns 14.
    ///
    /// # Errors
    ///
    /// [`WireError::BufferTooSmall`] when `buf` is shorter than 14 bytes.
    pub fn emit(&self, buf: &mut [u8]) -> Result<usize, WireError> {
        let mut h = EthernetHdr::new_unchecked(out(buf, Self::LEN)?);
        h.set_dst(self.dst);
        h.set_src(self.src);
        h.set_ether_type(self.ether_type);
        Ok(Self::LEN)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let r = EthernetRepr {
            dst: [0xff; 6],
            src: [0x02, 0, 0, 0, 0, 1],
            ether_type: 0x0806,
        };
        let mut buf = [0u8; 20];
        assert_eq!(r.emit(&mut buf), Ok(14));
        buf[14..].copy_from_slice(&[1, 2, 3, 4, 5, 6]);
        let (p, payload) = EthernetRepr::parse(&buf).expect("valid frame");
        assert_eq!(p, r);
        assert_eq!(payload, &[1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn rejects() {
        assert_eq!(EthernetRepr::parse(&[0; 13]), Err(WireError::Truncated));
        let mut buf = [0u8; 14];
        buf[12] = 0x05;
        buf[13] = 0xdc; // 1500: a length
        assert!(matches!(
            EthernetRepr::parse(&buf),
            Err(WireError::Malformed(_))
        ));
        let r = EthernetRepr {
            dst: [0; 6],
            src: [0; 6],
            ether_type: 0x0800,
        };
        assert_eq!(r.emit(&mut [0u8; 13]), Err(WireError::BufferTooSmall));
    }
}
