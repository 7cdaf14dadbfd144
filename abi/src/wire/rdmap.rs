//! RDMAP messages carried after an untagged DDP header: RDMA Read Request
//! and Terminate (RFC 5040 §4.4, §4.8), and Immediate Data (RFC 7306 §4.2).

use super::{out, rest, WireError};
use crate::gen::{RdmaReadReq, RdmapImmediate, RdmapTerminate, TermLayer};

/// An RDMA Read Request (RFC 5040 §4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RdmaReadReqRepr {
    /// Data sink STag.
    pub sink_stag: u32,
    /// Data sink tagged offset.
    pub sink_to: u64,
    /// Bytes to read.
    pub read_size: u32,
    /// Data source STag.
    pub src_stag: u32,
    /// Data source tagged offset.
    pub src_to: u64,
}

impl RdmaReadReqRepr {
    /// Length in bytes.
    pub const LEN: usize = RdmaReadReq::<&[u8]>::LEN;

    /// Parses the request at the start of an untagged segment's payload;
    /// returns it and the bytes after it.
    ///
    /// # Errors
    ///
    /// [`WireError::Truncated`] for fewer than 28 bytes.
    pub fn parse(buf: &[u8]) -> Result<(Self, &[u8]), WireError> {
        let h = RdmaReadReq::new_checked(buf)?;
        let r = Self {
            sink_stag: h.sink_stag(),
            sink_to: h.sink_to(),
            read_size: h.read_size(),
            src_stag: h.src_stag(),
            src_to: h.src_to(),
        };
        Ok((r, rest(buf, Self::LEN)))
    }

    /// Writes the 28 bytes; returns 28.
    ///
    /// # Errors
    ///
    /// [`WireError::BufferTooSmall`] when `buf` is shorter than 28 bytes.
    pub fn emit(&self, buf: &mut [u8]) -> Result<usize, WireError> {
        let mut h = RdmaReadReq::new_unchecked(out(buf, Self::LEN)?);
        h.set_sink_stag(self.sink_stag);
        h.set_sink_to(self.sink_to);
        h.set_read_size(self.read_size);
        h.set_src_stag(self.src_stag);
        h.set_src_to(self.src_to);
        Ok(Self::LEN)
    }
}

/// Length of the terminated DDP header by its T bit.
fn ddp_header_len(first: u8) -> usize {
    if first & 0x80 != 0 {
        crate::gen::DdpTaggedHdr::<&[u8]>::LEN
    } else {
        crate::gen::DdpUntaggedHdr::<&[u8]>::LEN
    }
}

/// A Terminate message (RFC 5040 §4.8): the control field, then, when the
/// D bit is set, the DDP segment length and the terminated DDP header
/// (tagged or untagged by its own T bit), then, when R is set, the
/// terminated RDMA header (an RDMA Read Request, 28 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TerminateRepr<'a> {
    /// Layer that detected the error.
    pub layer: TermLayer,
    /// Error type (meaning depends on the layer; 4 bits).
    pub etype: u8,
    /// Error code.
    pub ecode: u8,
    /// M: the DDP segment length field holds the terminated segment's
    /// length.
    pub seg_len_valid: bool,
    /// D: the DDP segment length and the terminated DDP header. The length
    /// is meaningful only with `seg_len_valid`.
    pub ddp: Option<(u16, &'a [u8])>,
    /// R: the terminated RDMA Read Request header (28 bytes).
    pub rdma_hdr: Option<&'a [u8]>,
}

impl<'a> TerminateRepr<'a> {
    /// Length of the control field.
    pub const CONTROL_LEN: usize = RdmapTerminate::<&[u8]>::LEN;
    /// Length of a terminated RDMA header.
    pub const RDMA_HDR_LEN: usize = RdmaReadReq::<&[u8]>::LEN;

    /// Bytes this message takes.
    pub fn wire_len(&self) -> usize {
        Self::CONTROL_LEN
            + self.ddp.map_or(0, |(_, h)| 2 + h.len())
            + self.rdma_hdr.map_or(0, <[u8]>::len)
    }

    /// Parses a Terminate message (the payload of an untagged segment on
    /// queue 2); returns it and the bytes after it.
    ///
    /// # Errors
    ///
    /// [`WireError::Truncated`] when the control field or an included
    /// header is cut short; [`WireError::Malformed`] for an unknown layer.
    pub fn parse(buf: &'a [u8]) -> Result<(Self, &'a [u8]), WireError> {
        let h = RdmapTerminate::new_checked(buf)?;
        let layer = u8::try_from(h.layer())
            .ok()
            .and_then(|l| TermLayer::try_from(l).ok())
            .ok_or(WireError::Malformed("Terminate layer unknown"))?;
        let mut at = Self::CONTROL_LEN;
        let ddp = if h.hdr_ctrl_d() != 0 {
            let len = buf.get(at..at + 2).ok_or(WireError::Truncated)?;
            let seg_len = u16::from_be_bytes([len[0], len[1]]);
            at += 2;
            let first = *buf.get(at).ok_or(WireError::Truncated)?;
            let hdr_len = ddp_header_len(first);
            let hdr = buf.get(at..at + hdr_len).ok_or(WireError::Truncated)?;
            at += hdr_len;
            Some((seg_len, hdr))
        } else {
            None
        };
        let rdma_hdr = if h.hdr_ctrl_r() != 0 {
            let hdr = buf
                .get(at..at + Self::RDMA_HDR_LEN)
                .ok_or(WireError::Truncated)?;
            at += Self::RDMA_HDR_LEN;
            Some(hdr)
        } else {
            None
        };
        let r = Self {
            layer,
            // The getters return the 4- and 8-bit fields in a u32.
            etype: (h.etype() & 0xf) as u8,
            ecode: (h.ecode() & 0xff) as u8,
            seg_len_valid: h.hdr_ctrl_m() != 0,
            ddp,
            rdma_hdr,
        };
        Ok((r, rest(buf, at)))
    }

    /// Writes the message; returns its length.
    ///
    /// # Errors
    ///
    /// [`WireError::BufferTooSmall`] when `buf` cannot hold it;
    /// [`WireError::Malformed`] for an error type above 15, a terminated DDP
    /// header whose length does not match its T bit, or an RDMA header that
    /// is not 28 bytes.
    pub fn emit(&self, buf: &mut [u8]) -> Result<usize, WireError> {
        if self.etype > 0xf {
            return Err(WireError::Malformed("Terminate error type above 15"));
        }
        if let Some((_, hdr)) = self.ddp {
            match hdr.first() {
                Some(&first) if ddp_header_len(first) == hdr.len() => {}
                _ => {
                    return Err(WireError::Malformed(
                        "terminated DDP header has the wrong length",
                    ))
                }
            }
        }
        if self.rdma_hdr.is_some_and(|h| h.len() != Self::RDMA_HDR_LEN) {
            return Err(WireError::Malformed(
                "terminated RDMA header is not 28 bytes",
            ));
        }
        let total = self.wire_len();
        let msg = out(buf, total)?;
        let (ctrl, mut tail) = msg.split_at_mut(Self::CONTROL_LEN);
        let mut h = RdmapTerminate::new_unchecked(ctrl);
        h.set_layer(u32::from(u8::from(self.layer)));
        h.set_etype(u32::from(self.etype));
        h.set_ecode(u32::from(self.ecode));
        h.set_hdr_ctrl_m(self.seg_len_valid.into());
        h.set_hdr_ctrl_d(self.ddp.is_some().into());
        h.set_hdr_ctrl_r(self.rdma_hdr.is_some().into());
        h.set_rsvd(0);
        if let Some((seg_len, hdr)) = self.ddp {
            let (len, rest) = tail.split_at_mut(2);
            len.copy_from_slice(&seg_len.to_be_bytes());
            let (dst, rest) = rest.split_at_mut(hdr.len());
            dst.copy_from_slice(hdr);
            tail = rest;
        }
        if let Some(hdr) = self.rdma_hdr {
            tail.copy_from_slice(hdr);
        }
        Ok(total)
    }
}

/// Immediate Data (RFC 7306 §4.2): eight bytes delivered with the
/// completion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RdmapImmediateRepr {
    /// The immediate data.
    pub data: u64,
}

impl RdmapImmediateRepr {
    /// Length in bytes.
    pub const LEN: usize = RdmapImmediate::<&[u8]>::LEN;

    /// Parses the payload of an Immediate Data message; returns it and the
    /// bytes after it.
    ///
    /// # Errors
    ///
    /// [`WireError::Truncated`] for fewer than 8 bytes.
    pub fn parse(buf: &[u8]) -> Result<(Self, &[u8]), WireError> {
        let h = RdmapImmediate::new_checked(buf)?;
        Ok((Self { data: h.data() }, rest(buf, Self::LEN)))
    }

    /// Writes the 8 bytes; returns 8.
    ///
    /// # Errors
    ///
    /// [`WireError::BufferTooSmall`] when `buf` is shorter than 8 bytes.
    pub fn emit(&self, buf: &mut [u8]) -> Result<usize, WireError> {
        RdmapImmediate::new_unchecked(out(buf, Self::LEN)?).set_data(self.data);
        Ok(Self::LEN)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gen::RdmapOpcode;
    use crate::golden::GOLDEN;
    use crate::wire::{DdpRepr, DdpUntaggedRepr};

    #[test]
    fn read_request_golden() {
        let g = GOLDEN
            .iter()
            .find(|g| g.layout == "rdma_read_req")
            .expect("vector");
        let (r, rest) = RdmaReadReqRepr::parse(g.bytes).expect("valid");
        assert_eq!(r.read_size, 0x0001_0000);
        assert_eq!(r.src_to, 0x8899_aabb_ccdd_eeff);
        assert!(rest.is_empty());
        let mut buf = [0u8; 28];
        assert_eq!(r.emit(&mut buf), Ok(28));
        assert_eq!(&buf[..], g.bytes);
        assert_eq!(
            RdmaReadReqRepr::parse(&g.bytes[..27]),
            Err(WireError::Truncated)
        );
    }

    #[test]
    fn terminate_with_headers() {
        // A DDP error on an untagged Send: the offending segment's header is
        // echoed, with its length.
        let mut ddp = [0u8; 18];
        DdpRepr::Untagged(DdpUntaggedRepr {
            last: true,
            opcode: RdmapOpcode::Send,
            inv_stag: 0,
            qn: 0,
            msn: 9,
            mo: 0,
        })
        .emit(&mut ddp)
        .expect("emit");
        let t = TerminateRepr {
            layer: TermLayer::Ddp,
            etype: 2,
            ecode: 5,
            seg_len_valid: true,
            ddp: Some((1024, &ddp)),
            rdma_hdr: None,
        };
        let mut buf = [0u8; 40];
        let n = t.emit(&mut buf).expect("emit");
        assert_eq!(n, 4 + 2 + 18);
        assert_eq!(&buf[..6], &[0x12, 0x05, 0xc0, 0x00, 0x04, 0x00]);
        let (p, rest) = TerminateRepr::parse(&buf[..n]).expect("parse");
        assert_eq!(p, t);
        assert!(rest.is_empty());
        assert_eq!(
            TerminateRepr::parse(&buf[..n - 1]).map(|_| ()),
            Err(WireError::Truncated)
        );

        // An RDMAP error on a Read Request: R set, 28-byte header.
        let rr = [0x5au8; 28];
        let t = TerminateRepr {
            layer: TermLayer::Rdmap,
            etype: 1,
            ecode: 0,
            seg_len_valid: false,
            ddp: None,
            rdma_hdr: Some(&rr),
        };
        let n = t.emit(&mut buf).expect("emit");
        assert_eq!(n, 32);
        assert_eq!(&buf[..4], &[0x01, 0x00, 0x20, 0x00]);
        assert_eq!(TerminateRepr::parse(&buf[..n]).map(|(p, _)| p), Ok(t));
    }

    #[test]
    fn terminate_golden_and_errors() {
        let g = GOLDEN
            .iter()
            .find(|g| g.layout == "rdmap_terminate")
            .expect("vector");
        // The golden control field sets M and D: a DDP header must follow.
        assert_eq!(
            TerminateRepr::parse(g.bytes).map(|_| ()),
            Err(WireError::Truncated)
        );
        let (p, _) = TerminateRepr::parse(&[0x20, 0x00, 0x00, 0x00]).expect("LLP");
        assert_eq!((p.layer, p.etype, p.ecode), (TermLayer::Llp, 0, 0));
        assert!(matches!(
            TerminateRepr::parse(&[0x30, 0, 0, 0]),
            Err(WireError::Malformed(_))
        ));
        let bad = TerminateRepr {
            layer: TermLayer::Llp,
            etype: 16,
            ecode: 0,
            seg_len_valid: false,
            ddp: None,
            rdma_hdr: None,
        };
        let mut buf = [0u8; 64];
        assert!(matches!(bad.emit(&mut buf), Err(WireError::Malformed(_))));
        let bad = TerminateRepr {
            etype: 0,
            ddp: Some((0, &[0x80; 18])),
            ..bad
        };
        assert!(matches!(bad.emit(&mut buf), Err(WireError::Malformed(_))));
        let bad = TerminateRepr {
            ddp: None,
            rdma_hdr: Some(&[0; 27]),
            ..bad
        };
        assert!(matches!(bad.emit(&mut buf), Err(WireError::Malformed(_))));
    }

    #[test]
    fn immediate() {
        let r = RdmapImmediateRepr {
            data: 0x0011_2233_4455_6677,
        };
        let mut buf = [0u8; 8];
        assert_eq!(r.emit(&mut buf), Ok(8));
        assert_eq!(buf, [0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77]);
        assert_eq!(RdmapImmediateRepr::parse(&buf), Ok((r, &[][..])));
        assert_eq!(
            RdmapImmediateRepr::parse(&buf[..7]),
            Err(WireError::Truncated)
        );
        assert_eq!(r.emit(&mut buf[..7]), Err(WireError::BufferTooSmall));
    }
}
