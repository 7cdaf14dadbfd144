//! MPA (RFC 5044): the keys and size limit of the request/reply frames of
//! connection setup (§7.1), and FPDU framing (§4): length, pad and CRC32c.
//! Markers are inserted and removed by the stream layer above; an FPDU here
//! is marker-free. The request/reply frames themselves, with the RFC 6581
//! enhanced data, are parsed and written by the MPA endpoint's codec
//! (`warpnic_proto::mpa`) over the generated `MpaReqRep` and `MpaV2IrdOrd`
//! views.

use super::{crc32c::Crc32c, out, rest, WireError};
use crate::gen::MpaFpduHdr;

/// Key of an MPA request frame (RFC 5044 §7.1).
pub const MPA_KEY_REQ: &[u8; 16] = b"MPA ID Req Frame";
/// Key of an MPA reply frame (RFC 5044 §7.1).
pub const MPA_KEY_REP: &[u8; 16] = b"MPA ID Rep Frame";
/// Largest private data length, the RFC 6581 block included (RFC 5044
/// §7.1).
pub const MPA_MAX_PRIVATE_DATA: usize = 512;

/// One marker-free MPA FPDU (RFC 5044 §4.1): ULPDU_Length, the ULPDU (the
/// DDP segment), pad to a multiple of four bytes, and the CRC32c over all
/// of those (§4.4).
///
/// The CRC field is present whether or not CRCs were negotiated; without
/// CRCs it is sent as zero and not checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MpaFpduRepr<'a> {
    /// The ULPDU (DDP header and payload).
    pub ulpdu: &'a [u8],
}

impl<'a> MpaFpduRepr<'a> {
    /// Bytes of ULPDU_Length.
    pub const HEADER_LEN: usize = MpaFpduHdr::<&[u8]>::LEN;
    /// Bytes of the CRC field.
    pub const CRC_LEN: usize = 4;

    /// Pad bytes after a ULPDU of `ulpdu_len` bytes.
    pub const fn pad_len(ulpdu_len: usize) -> usize {
        (4 - (Self::HEADER_LEN + ulpdu_len) % 4) % 4
    }

    /// FPDU length on the wire for a ULPDU of `ulpdu_len` bytes.
    pub const fn wire_len_for(ulpdu_len: usize) -> usize {
        Self::HEADER_LEN + ulpdu_len + Self::pad_len(ulpdu_len) + Self::CRC_LEN
    }

    /// This FPDU's length on the wire.
    pub fn wire_len(&self) -> usize {
        Self::wire_len_for(self.ulpdu.len())
    }

    /// Parses the FPDU at the start of `buf`, verifying the CRC when `crc`
    /// was negotiated; returns it and the bytes after it.
    ///
    /// # Errors
    ///
    /// [`WireError::Truncated`] until the whole FPDU is present;
    /// [`WireError::BadCrc`] when CRCs are on and the CRC does not verify.
    pub fn parse(buf: &'a [u8], crc: bool) -> Result<(Self, &'a [u8]), WireError> {
        let h = MpaFpduHdr::new_checked(buf)?;
        let ulpdu_len = usize::from(h.ulpdu_length());
        let covered = Self::HEADER_LEN + ulpdu_len + Self::pad_len(ulpdu_len);
        let total = covered + Self::CRC_LEN;
        let fpdu = buf.get(..total).ok_or(WireError::Truncated)?;
        if crc {
            let (data, field) = fpdu.split_at(covered);
            let sent = u32::from_le_bytes([field[0], field[1], field[2], field[3]]);
            if Crc32c::new().update(data).finish() != sent {
                return Err(WireError::BadCrc);
            }
        }
        let ulpdu = fpdu
            .get(Self::HEADER_LEN..Self::HEADER_LEN + ulpdu_len)
            .ok_or(WireError::Truncated)?;
        Ok((Self { ulpdu }, rest(buf, total)))
    }

    /// Writes the FPDU (zero pad; the CRC when `crc`, else zero); returns
    /// its length.
    ///
    /// # Errors
    ///
    /// [`WireError::BufferTooSmall`] when `buf` cannot hold it;
    /// [`WireError::Malformed`] for a ULPDU longer than 65535 bytes.
    pub fn emit(&self, buf: &mut [u8], crc: bool) -> Result<usize, WireError> {
        let len = u16::try_from(self.ulpdu.len())
            .map_err(|_| WireError::Malformed("MPA ULPDU longer than 65535 bytes"))?;
        let total = self.wire_len();
        let fpdu = out(buf, total)?;
        let (covered, field) = fpdu.split_at_mut(total - Self::CRC_LEN);
        let (hdr, body) = covered.split_at_mut(Self::HEADER_LEN);
        MpaFpduHdr::new_unchecked(hdr).set_ulpdu_length(len);
        let (ulpdu, pad) = body.split_at_mut(self.ulpdu.len());
        ulpdu.copy_from_slice(self.ulpdu);
        pad.fill(0);
        let value = if crc {
            Crc32c::new().update(covered).finish()
        } else {
            0
        };
        field.copy_from_slice(&value.to_le_bytes());
        Ok(total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fpdu_layout_and_crc() {
        // ULPDU of 5 bytes: 2 + 5 = 7, pad 1, CRC 4 -> 12 bytes.
        let ulpdu = [0x41, 0x03, 0xde, 0xad, 0xbe];
        let f = MpaFpduRepr { ulpdu: &ulpdu };
        assert_eq!(f.wire_len(), 12);
        let mut buf = [0xeeu8; 16];
        assert_eq!(f.emit(&mut buf, true), Ok(12));
        assert_eq!(&buf[..8], &[0x00, 0x05, 0x41, 0x03, 0xde, 0xad, 0xbe, 0x00]);
        let crc = crate::wire::crc32c(&buf[..8]);
        assert_eq!(&buf[8..12], &crc.to_le_bytes());
        assert_eq!(&buf[12..], &[0xee; 4]);
        let (p, rest) = MpaFpduRepr::parse(&buf, true).expect("valid FPDU");
        assert_eq!(p.ulpdu, &ulpdu);
        assert_eq!(rest, &[0xee; 4]);

        let mut bad = buf;
        bad[3] ^= 0x10;
        assert_eq!(MpaFpduRepr::parse(&bad, true), Err(WireError::BadCrc));
        // Without CRCs the field is not checked.
        assert!(MpaFpduRepr::parse(&bad, false).is_ok());
        assert_eq!(
            MpaFpduRepr::parse(&buf[..11], true),
            Err(WireError::Truncated)
        );
        assert_eq!(f.emit(&mut buf[..11], true), Err(WireError::BufferTooSmall));

        let mut plain = [0xffu8; 12];
        assert_eq!(f.emit(&mut plain, false), Ok(12));
        assert_eq!(&plain[8..], &[0; 4]);
    }

    #[test]
    fn fpdu_padding() {
        for (len, pad) in [(0, 2), (1, 1), (2, 0), (3, 3), (4, 2), (18, 0), (14, 0)] {
            assert_eq!(MpaFpduRepr::pad_len(len), pad, "ULPDU length {len}");
            assert_eq!(MpaFpduRepr::wire_len_for(len) % 4, 0);
        }
    }
}
