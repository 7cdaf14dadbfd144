//! MPA (RFC 5044): the request/reply frames of connection setup (§7.1)
//! with the enhanced connection establishment data of RFC 6581, and FPDU
//! framing (§4): length, pad and CRC32c. Markers are inserted and removed
//! by the stream layer above; an FPDU here is marker-free.

use super::{crc32c::Crc32c, out, rest, WireError};
use crate::gen::{mpa_flags, MpaFpduHdr, MpaReqRep, MpaV2IrdOrd};

/// Key of an MPA request frame (RFC 5044 §7.1).
pub const MPA_KEY_REQ: &[u8; 16] = b"MPA ID Req Frame";
/// Key of an MPA reply frame (RFC 5044 §7.1).
pub const MPA_KEY_REP: &[u8; 16] = b"MPA ID Rep Frame";
/// Largest private data length, the RFC 6581 block included (RFC 5044
/// §7.1).
pub const MPA_MAX_PRIVATE_DATA: usize = 512;

const IRD_ORD_LEN: usize = MpaV2IrdOrd::<&[u8]>::LEN;
const MAX_IRD_ORD: u16 = 0x3fff;

/// Request or reply frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MpaFrameKind {
    /// "MPA ID Req Frame", sent by the initiator.
    Request,
    /// "MPA ID Rep Frame", sent by the responder.
    Reply,
}

/// RFC 6581 enhanced connection establishment data: the first four bytes
/// of the private data of a revision 2 frame with the enhanced flag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MpaIrdOrd {
    /// Peer-to-peer mode (an RTR message follows the reply).
    pub peer_to_peer: bool,
    /// RTR as a zero-length FPDU (a Send).
    pub send_rtr: bool,
    /// Inbound RDMA Read queue depth (14 bits).
    pub ird: u16,
    /// RTR as a zero-length RDMA Write.
    pub zero_len_rdma_write: bool,
    /// RTR as a zero-length RDMA Read.
    pub rdma_read_rtr: bool,
    /// Outbound RDMA Read queue depth (14 bits).
    pub ord: u16,
}

/// An MPA request or reply frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MpaReqRepRepr<'a> {
    /// Request or reply.
    pub kind: MpaFrameKind,
    /// M: markers requested (request) or required (reply).
    pub markers: bool,
    /// C: CRC requested (request) or required (reply).
    pub crc: bool,
    /// R: the reply rejects the connection.
    pub reject: bool,
    /// MPA revision, 1 or 2.
    pub revision: u8,
    /// RFC 6581 data; present exactly when the enhanced flag is set, which
    /// requires revision 2.
    pub ird_ord: Option<MpaIrdOrd>,
    /// The upper layer's private data (after the RFC 6581 block, if any).
    pub private_data: &'a [u8],
}

impl<'a> MpaReqRepRepr<'a> {
    /// Length of the fixed header.
    pub const HEADER_LEN: usize = MpaReqRep::<&[u8]>::LEN;

    /// Private data length on the wire (the PD_Length field).
    pub fn pd_length(&self) -> usize {
        self.private_data.len()
            + if self.ird_ord.is_some() {
                IRD_ORD_LEN
            } else {
                0
            }
    }

    /// Frame length: header plus private data.
    pub fn wire_len(&self) -> usize {
        Self::HEADER_LEN + self.pd_length()
    }

    /// Parses a frame at the start of a stream; returns it and the bytes
    /// after it. The low four flag bits are reserved and ignored (RFC 5044
    /// §7.1); the enhanced flag counts only in revision 2.
    ///
    /// # Errors
    ///
    /// [`WireError::Truncated`] until the whole frame is present (a caller
    /// reading a stream waits for more bytes); [`WireError::BadKey`] for any
    /// other key; [`WireError::BadVersion`] for a revision other than 1 or
    /// 2; [`WireError::Malformed`] for private data longer than 512 bytes or
    /// an enhanced frame without room for the RFC 6581 block.
    pub fn parse(buf: &'a [u8]) -> Result<(Self, &'a [u8]), WireError> {
        let h = MpaReqRep::new_checked(buf)?;
        let key = h.key();
        let kind = if &key == MPA_KEY_REQ {
            MpaFrameKind::Request
        } else if &key == MPA_KEY_REP {
            MpaFrameKind::Reply
        } else {
            return Err(WireError::BadKey);
        };
        let revision = h.revision();
        if revision != 1 && revision != 2 {
            return Err(WireError::BadVersion);
        }
        let pd_len = usize::from(h.pd_length());
        if pd_len > MPA_MAX_PRIVATE_DATA {
            return Err(WireError::Malformed(
                "MPA private data longer than 512 bytes",
            ));
        }
        let end = Self::HEADER_LEN + pd_len;
        let mut pd = buf.get(Self::HEADER_LEN..end).ok_or(WireError::Truncated)?;
        let flags = h.flags();
        let ird_ord = if revision == 2 && flags & mpa_flags::ENHANCED != 0 {
            let v = MpaV2IrdOrd::new_checked(pd)
                .map_err(|_| WireError::Malformed("MPA enhanced frame without IRD/ORD"))?;
            let io = MpaIrdOrd {
                peer_to_peer: v.peer_to_peer() != 0,
                send_rtr: v.send_rtr() != 0,
                ird: v.ird(),
                zero_len_rdma_write: v.zero_len_rdma_write() != 0,
                rdma_read_rtr: v.rdma_read_rtr() != 0,
                ord: v.ord(),
            };
            pd = rest(pd, IRD_ORD_LEN);
            Some(io)
        } else {
            None
        };
        let repr = Self {
            kind,
            markers: flags & mpa_flags::MARKERS != 0,
            crc: flags & mpa_flags::CRC != 0,
            reject: flags & mpa_flags::REJECT != 0,
            revision,
            ird_ord,
            private_data: pd,
        };
        Ok((repr, rest(buf, end)))
    }

    /// Writes the frame; returns its length.
    ///
    /// # Errors
    ///
    /// [`WireError::BufferTooSmall`] when `buf` cannot hold the frame;
    /// [`WireError::BadVersion`] for a revision other than 1 or 2;
    /// [`WireError::Malformed`] for private data above 512 bytes, RFC 6581
    /// data in a revision 1 frame, or IRD/ORD above 0x3fff.
    pub fn emit(&self, buf: &mut [u8]) -> Result<usize, WireError> {
        if self.revision != 1 && self.revision != 2 {
            return Err(WireError::BadVersion);
        }
        let pd_len = self.pd_length();
        if pd_len > MPA_MAX_PRIVATE_DATA {
            return Err(WireError::Malformed(
                "MPA private data longer than 512 bytes",
            ));
        }
        let total = Self::HEADER_LEN + pd_len;
        let frame = out(buf, total)?;
        let (hdr, mut pd) = frame.split_at_mut(Self::HEADER_LEN);
        if let Some(io) = &self.ird_ord {
            if self.revision != 2 {
                return Err(WireError::Malformed("MPA IRD/ORD needs revision 2"));
            }
            if io.ird > MAX_IRD_ORD || io.ord > MAX_IRD_ORD {
                return Err(WireError::Malformed("MPA IRD or ORD above 0x3fff"));
            }
            let (block, tail) = pd.split_at_mut(IRD_ORD_LEN);
            let mut v = MpaV2IrdOrd::new_unchecked(block);
            v.set_peer_to_peer(io.peer_to_peer.into());
            v.set_send_rtr(io.send_rtr.into());
            v.set_ird(io.ird);
            v.set_zero_len_rdma_write(io.zero_len_rdma_write.into());
            v.set_rdma_read_rtr(io.rdma_read_rtr.into());
            v.set_ord(io.ord);
            pd = tail;
        }
        pd.copy_from_slice(self.private_data);
        let mut flags = 0;
        for (on, bit) in [
            (self.markers, mpa_flags::MARKERS),
            (self.crc, mpa_flags::CRC),
            (self.reject, mpa_flags::REJECT),
            (self.ird_ord.is_some(), mpa_flags::ENHANCED),
        ] {
            if on {
                flags |= bit;
            }
        }
        let mut h = MpaReqRep::new_unchecked(hdr);
        h.set_key(match self.kind {
            MpaFrameKind::Request => *MPA_KEY_REQ,
            MpaFrameKind::Reply => *MPA_KEY_REP,
        });
        h.set_flags(flags);
        h.set_revision(self.revision);
        // pd_len <= 512 was checked above.
        h.set_pd_length(pd_len as u16);
        Ok(total)
    }
}

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

    fn v2_request<'a>(pd: &'a [u8]) -> MpaReqRepRepr<'a> {
        MpaReqRepRepr {
            kind: MpaFrameKind::Request,
            markers: false,
            crc: true,
            reject: false,
            revision: 2,
            ird_ord: Some(MpaIrdOrd {
                peer_to_peer: true,
                send_rtr: false,
                ird: 16,
                zero_len_rdma_write: true,
                rdma_read_rtr: false,
                ord: 8,
            }),
            private_data: pd,
        }
    }

    #[test]
    fn request_bytes_follow_rfc5044_and_rfc6581() {
        let r = v2_request(b"hi");
        let mut buf = [0u8; 32];
        let n = r.emit(&mut buf).expect("emit");
        assert_eq!(n, 26);
        let mut expect = [0u8; 26];
        expect[..16].copy_from_slice(b"MPA ID Req Frame");
        // C | enhanced, revision 2, PD_Length 6, IRD 0x8010, ORD 0x8008, "hi".
        expect[16..].copy_from_slice(&[0x50, 0x02, 0x00, 0x06, 0x80, 0x10, 0x80, 0x08, b'h', b'i']);
        assert_eq!(&buf[..n], &expect);
        let (p, rest) = MpaReqRepRepr::parse(&buf[..n]).expect("parse");
        assert_eq!(p, r);
        assert!(rest.is_empty());
    }

    #[test]
    fn v1_reply_and_trailing_bytes() {
        let r = MpaReqRepRepr {
            kind: MpaFrameKind::Reply,
            markers: true,
            crc: false,
            reject: true,
            revision: 1,
            ird_ord: None,
            private_data: &[7; 512],
        };
        let mut buf = [0u8; 600];
        let n = r.emit(&mut buf).expect("emit");
        assert_eq!(n, 532);
        assert_eq!(&buf[..16], MPA_KEY_REP);
        assert_eq!(buf[16], 0xa0);
        let (p, rest) = MpaReqRepRepr::parse(&buf[..n + 3]).expect("parse");
        assert_eq!(p, r);
        assert_eq!(rest.len(), 3);
    }

    #[test]
    fn enhanced_flag_in_revision_1_is_reserved() {
        let mut buf = [0u8; 24];
        buf[..16].copy_from_slice(MPA_KEY_REQ);
        buf[16..20].copy_from_slice(&[0x1f, 1, 0, 4]);
        let (p, _) = MpaReqRepRepr::parse(&buf).expect("parse");
        assert_eq!(p.ird_ord, None);
        assert_eq!(p.private_data.len(), 4);
        assert!(!p.markers && !p.crc && !p.reject);
    }

    #[test]
    fn frame_errors() {
        let mut buf = [0u8; 600];
        let n = v2_request(&[]).emit(&mut buf).expect("emit");
        assert_eq!(
            MpaReqRepRepr::parse(&buf[..n - 1]).map(|_| ()),
            Err(WireError::Truncated)
        );
        assert_eq!(
            MpaReqRepRepr::parse(&buf[..19]).map(|_| ()),
            Err(WireError::Truncated)
        );
        let mut bad = buf;
        bad[4] = b'X';
        assert_eq!(
            MpaReqRepRepr::parse(&bad[..n]).map(|_| ()),
            Err(WireError::BadKey)
        );
        let mut bad = buf;
        bad[17] = 3;
        assert_eq!(
            MpaReqRepRepr::parse(&bad[..n]).map(|_| ()),
            Err(WireError::BadVersion)
        );
        let mut bad = buf;
        bad[18..20].copy_from_slice(&513u16.to_be_bytes());
        assert!(matches!(
            MpaReqRepRepr::parse(&bad),
            Err(WireError::Malformed(_))
        ));
        let mut bad = buf;
        bad[18..20].copy_from_slice(&2u16.to_be_bytes());
        assert!(matches!(
            MpaReqRepRepr::parse(&bad),
            Err(WireError::Malformed(_))
        ));

        let mut r = v2_request(&[0; 509]);
        assert!(matches!(r.emit(&mut buf), Err(WireError::Malformed(_))));
        r.private_data = &[];
        r.revision = 1;
        assert!(matches!(r.emit(&mut buf), Err(WireError::Malformed(_))));
        r.revision = 2;
        r.ird_ord = Some(MpaIrdOrd {
            ird: 0x4000,
            ..MpaIrdOrd::default()
        });
        assert!(matches!(r.emit(&mut buf), Err(WireError::Malformed(_))));
        r.ird_ord = None;
        assert_eq!(r.emit(&mut buf[..19]), Err(WireError::BufferTooSmall));
        r.revision = 0;
        assert_eq!(r.emit(&mut buf), Err(WireError::BadVersion));
    }

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
