//! DDP segment headers (RFC 5041 §5) with the RDMAP control byte (RFC 5040
//! §4.1) in the RsvdULP bits of the DDP control field.

use super::{out, rest, WireError};
use crate::gen::{DdpTaggedHdr, DdpUntaggedHdr, RdmapOpcode};

/// The DDP version this layer speaks (RFC 5041 §5.1).
pub const DDP_VERSION: u8 = 1;
/// The RDMAP version this layer speaks (RFC 5040 §4.1).
pub const RDMAP_VERSION: u8 = 1;

/// Checks the two control bytes common to both header types and returns
/// (tagged, last, opcode).
fn control(buf: &[u8]) -> Result<(bool, bool, RdmapOpcode), WireError> {
    let (&ddp, &rdmap) = match buf {
        [a, b, ..] => (a, b),
        _ => return Err(WireError::Truncated),
    };
    // Reserved bits are not checked by the receiver (RFC 5041 §5.1).
    if ddp & 0x03 != DDP_VERSION {
        return Err(WireError::BadDdpVersion);
    }
    if rdmap >> 6 != RDMAP_VERSION {
        return Err(WireError::BadRdmapVersion);
    }
    let op = rdmap & 0x0f;
    let opcode = RdmapOpcode::try_from(op).map_err(WireError::UnknownOpcode)?;
    Ok((ddp & 0x80 != 0, ddp & 0x40 != 0, opcode))
}

/// A tagged buffer DDP header (RFC 5041 §5.2): the data goes to `stag` at
/// `tagged_offset`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DdpTaggedRepr {
    /// L: last segment of the DDP message.
    pub last: bool,
    /// RDMAP opcode (RDMA Write, Read Response, ...).
    pub opcode: RdmapOpcode,
    /// Steering tag of the data sink buffer.
    pub stag: u32,
    /// Tagged offset.
    pub tagged_offset: u64,
}

impl DdpTaggedRepr {
    /// Header length in bytes.
    pub const LEN: usize = DdpTaggedHdr::<&[u8]>::LEN;

    /// Writes the 14-byte header; returns 14.
    ///
    /// # Errors
    ///
    /// [`WireError::BufferTooSmall`] when `buf` is shorter than 14 bytes.
    pub fn emit(&self, buf: &mut [u8]) -> Result<usize, WireError> {
        let mut h = DdpTaggedHdr::new_unchecked(out(buf, Self::LEN)?);
        h.set_tagged(1);
        h.set_last(self.last.into());
        h.set_rsvd(0);
        h.set_ddp_version(DDP_VERSION);
        h.set_rdmap_version(RDMAP_VERSION);
        h.set_rsvd_ulp(0);
        h.set_opcode(self.opcode.into());
        h.set_stag(self.stag);
        h.set_tagged_offset(self.tagged_offset);
        Ok(Self::LEN)
    }
}

/// An untagged buffer DDP header (RFC 5041 §5.3): the data goes to message
/// `msn` of queue `qn` at offset `mo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DdpUntaggedRepr {
    /// L: last segment of the DDP message.
    pub last: bool,
    /// RDMAP opcode (Send, Read Request, Terminate, ...).
    pub opcode: RdmapOpcode,
    /// STag to invalidate for Send with Invalidate; otherwise reserved
    /// (sent as zero).
    pub inv_stag: u32,
    /// Queue number: 0 Send, 1 RDMA Read Request, 2 Terminate (RFC 5040
    /// §5.1).
    pub qn: u32,
    /// Message sequence number.
    pub msn: u32,
    /// Message offset.
    pub mo: u32,
}

impl DdpUntaggedRepr {
    /// Header length in bytes.
    pub const LEN: usize = DdpUntaggedHdr::<&[u8]>::LEN;

    /// Writes the 18-byte header; returns 18.
    ///
    /// # Errors
    ///
    /// [`WireError::BufferTooSmall`] when `buf` is shorter than 18 bytes.
    pub fn emit(&self, buf: &mut [u8]) -> Result<usize, WireError> {
        let mut h = DdpUntaggedHdr::new_unchecked(out(buf, Self::LEN)?);
        h.set_tagged(0);
        h.set_last(self.last.into());
        h.set_rsvd(0);
        h.set_ddp_version(DDP_VERSION);
        h.set_rdmap_version(RDMAP_VERSION);
        h.set_rsvd_ulp(0);
        h.set_opcode(self.opcode.into());
        h.set_inv_stag(self.inv_stag);
        h.set_qn(self.qn);
        h.set_msn(self.msn);
        h.set_mo(self.mo);
        Ok(Self::LEN)
    }
}

/// A DDP segment header of either kind, as found at the start of a ULPDU.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DdpRepr {
    /// T = 1.
    Tagged(DdpTaggedRepr),
    /// T = 0.
    Untagged(DdpUntaggedRepr),
}

impl DdpRepr {
    /// Parses the header at the start of a ULPDU; returns it and the
    /// segment's payload. The DDP and RDMAP versions must be 1; reserved
    /// bits are ignored.
    ///
    /// # Errors
    ///
    /// [`WireError::Truncated`] when the ULPDU is shorter than its header;
    /// [`WireError::BadDdpVersion`], [`WireError::BadRdmapVersion`];
    /// [`WireError::UnknownOpcode`] for an opcode RFC 5040 and RFC 7306 do
    /// not define.
    pub fn parse(ulpdu: &[u8]) -> Result<(Self, &[u8]), WireError> {
        let (tagged, last, opcode) = control(ulpdu)?;
        if tagged {
            let h = DdpTaggedHdr::new_checked(ulpdu)?;
            let r = DdpTaggedRepr {
                last,
                opcode,
                stag: h.stag(),
                tagged_offset: h.tagged_offset(),
            };
            Ok((Self::Tagged(r), rest(ulpdu, DdpTaggedRepr::LEN)))
        } else {
            let h = DdpUntaggedHdr::new_checked(ulpdu)?;
            let r = DdpUntaggedRepr {
                last,
                opcode,
                inv_stag: h.inv_stag(),
                qn: h.qn(),
                msn: h.msn(),
                mo: h.mo(),
            };
            Ok((Self::Untagged(r), rest(ulpdu, DdpUntaggedRepr::LEN)))
        }
    }

    /// Writes the header; returns its length (14 or 18).
    ///
    /// # Errors
    ///
    /// [`WireError::BufferTooSmall`] when `buf` is shorter than the header.
    pub fn emit(&self, buf: &mut [u8]) -> Result<usize, WireError> {
        match self {
            Self::Tagged(t) => t.emit(buf),
            Self::Untagged(u) => u.emit(buf),
        }
    }

    /// The RDMAP opcode.
    pub fn opcode(&self) -> RdmapOpcode {
        match self {
            Self::Tagged(t) => t.opcode,
            Self::Untagged(u) => u.opcode,
        }
    }

    /// The L bit.
    pub fn last(&self) -> bool {
        match self {
            Self::Tagged(t) => t.last,
            Self::Untagged(u) => u.last,
        }
    }

    /// Header length.
    pub fn header_len(&self) -> usize {
        match self {
            Self::Tagged(_) => DdpTaggedRepr::LEN,
            Self::Untagged(_) => DdpUntaggedRepr::LEN,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tagged_write_bytes() {
        let r = DdpRepr::Tagged(DdpTaggedRepr {
            last: true,
            opcode: RdmapOpcode::RdmaWrite,
            stag: 0x0001_2345,
            tagged_offset: 0x7f00_dead_0000,
        });
        let mut buf = [0u8; 16];
        assert_eq!(r.emit(&mut buf), Ok(14));
        // T L 0000 01 | 01 00 0000 | STag | TO
        assert_eq!(
            &buf[..14],
            &[0xc1, 0x40, 0x00, 0x01, 0x23, 0x45, 0x00, 0x00, 0x7f, 0x00, 0xde, 0xad, 0x00, 0x00]
        );
        buf[14..].copy_from_slice(&[1, 2]);
        let (p, payload) = DdpRepr::parse(&buf).expect("valid");
        assert_eq!(p, r);
        assert_eq!(payload, &[1, 2]);
    }

    #[test]
    fn untagged_send_bytes() {
        let r = DdpRepr::Untagged(DdpUntaggedRepr {
            last: false,
            opcode: RdmapOpcode::Send,
            inv_stag: 0,
            qn: 0,
            msn: 1,
            mo: 1024,
        });
        let mut buf = [0u8; 18];
        assert_eq!(r.emit(&mut buf), Ok(18));
        assert_eq!(
            &buf,
            &[0x01, 0x43, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0x04, 0x00]
        );
        let (p, payload) = DdpRepr::parse(&buf).expect("valid");
        assert_eq!(p, r);
        assert!(payload.is_empty());
        assert_eq!(
            (p.opcode(), p.last(), p.header_len()),
            (RdmapOpcode::Send, false, 18)
        );
    }

    #[test]
    fn rejects() {
        let mut buf = [0u8; 18];
        DdpUntaggedRepr {
            last: true,
            opcode: RdmapOpcode::Terminate,
            inv_stag: 0,
            qn: 2,
            msn: 1,
            mo: 0,
        }
        .emit(&mut buf)
        .expect("emit");
        assert_eq!(DdpRepr::parse(&buf[..1]), Err(WireError::Truncated));
        assert_eq!(DdpRepr::parse(&buf[..17]), Err(WireError::Truncated));
        let mut bad = buf;
        bad[0] = (bad[0] & !0x03) | 0x02;
        assert_eq!(DdpRepr::parse(&bad), Err(WireError::BadDdpVersion));
        let mut bad = buf;
        bad[1] = (bad[1] & 0x3f) | 0x80;
        assert_eq!(DdpRepr::parse(&bad), Err(WireError::BadRdmapVersion));
        let mut bad = buf;
        bad[1] = (bad[1] & 0xf0) | 0x0f;
        assert_eq!(DdpRepr::parse(&bad), Err(WireError::UnknownOpcode(0x0f)));
        // Reserved bits are ignored.
        let mut odd = buf;
        odd[0] |= 0x3c;
        odd[1] |= 0x30;
        assert!(DdpRepr::parse(&odd).is_ok());
        let mut tagged = buf;
        tagged[0] |= 0x80;
        assert_eq!(DdpRepr::parse(&tagged[..13]), Err(WireError::Truncated));
    }
}
