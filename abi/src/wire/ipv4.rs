//! IPv4 (RFC 791 §3.1).

use super::{out, InetChecksum, WireError};
use crate::gen::Ipv4Hdr;
use core::net::Ipv4Addr;

const FLAG_DF: u16 = 0b010;
const FLAG_MF: u16 = 0b001;

/// An IPv4 header. Options are skipped on parse and never emitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ipv4Repr {
    /// Source address.
    pub src: Ipv4Addr,
    /// Destination address.
    pub dst: Ipv4Addr,
    /// Payload protocol (see [`crate::gen::IpProtocol`]).
    pub protocol: u8,
    /// Time to live.
    pub ttl: u8,
    /// Differentiated services code point (6 bits).
    pub dscp: u8,
    /// Explicit congestion notification (2 bits).
    pub ecn: u8,
    /// Identification.
    pub ident: u16,
    /// Don't fragment.
    pub dont_frag: bool,
    /// More fragments.
    pub more_frags: bool,
    /// Fragment offset in 8-byte units (13 bits).
    pub frag_offset: u16,
    /// Payload length in bytes (total length minus the header).
    pub payload_len: usize,
}

impl Ipv4Repr {
    /// Length of the header this type emits (no options).
    pub const LEN: usize = Ipv4Hdr::<&[u8]>::LEN;

    /// Parses a datagram; returns the header and exactly `payload_len`
    /// bytes of payload (link-layer padding after the datagram is dropped).
    ///
    /// # Errors
    ///
    /// [`WireError::Truncated`] when the buffer is shorter than the header,
    /// its options or the total length; [`WireError::BadVersion`] unless the
    /// version is 4; [`WireError::Malformed`] for an IHL below 5 or a total
    /// length below the header length; [`WireError::BadChecksum`] when the
    /// header checksum does not verify.
    pub fn parse(buf: &[u8]) -> Result<(Self, &[u8]), WireError> {
        let h = Ipv4Hdr::new_checked(buf)?;
        if h.version() != 4 {
            return Err(WireError::BadVersion);
        }
        let hdr_len = usize::from(h.ihl()) * 4;
        if hdr_len < Self::LEN {
            return Err(WireError::Malformed("IPv4 IHL below 5"));
        }
        let total = usize::from(h.total_len());
        if total < hdr_len {
            return Err(WireError::Malformed(
                "IPv4 total length below the header length",
            ));
        }
        let header = buf.get(..hdr_len).ok_or(WireError::Truncated)?;
        let payload = buf.get(hdr_len..total).ok_or(WireError::Truncated)?;
        if InetChecksum::new().add(header).finish() != 0 {
            return Err(WireError::BadChecksum);
        }
        let flags = h.flags();
        let repr = Self {
            src: Ipv4Addr::from(h.src()),
            dst: Ipv4Addr::from(h.dst()),
            protocol: h.protocol(),
            ttl: h.ttl(),
            dscp: h.dscp(),
            ecn: h.ecn(),
            ident: h.ident(),
            dont_frag: flags & FLAG_DF != 0,
            more_frags: flags & FLAG_MF != 0,
            frag_offset: h.frag_offset(),
            payload_len: payload.len(),
        };
        Ok((repr, payload))
    }

    /// Writes the 20-byte header with its checksum; returns 20. The payload
    /// follows at `buf[20..]` and is the caller's to write.
    ///
    /// # Errors
    ///
    /// [`WireError::BufferTooSmall`] when `buf` is shorter than 20 bytes;
    /// [`WireError::Malformed`] when the total length would exceed 65535 or
    /// DSCP, ECN or the fragment offset exceed their widths.
    pub fn emit(&self, buf: &mut [u8]) -> Result<usize, WireError> {
        let total = u16::try_from(self.payload_len + Self::LEN)
            .map_err(|_| WireError::Malformed("IPv4 datagram longer than 65535 bytes"))?;
        if self.dscp > 0x3f || self.ecn > 3 || self.frag_offset > 0x1fff {
            return Err(WireError::Malformed("IPv4 field wider than its width"));
        }
        let mut h = Ipv4Hdr::new_unchecked(out(buf, Self::LEN)?);
        h.set_version(4);
        h.set_ihl(5);
        h.set_dscp(self.dscp);
        h.set_ecn(self.ecn);
        h.set_total_len(total);
        h.set_ident(self.ident);
        let flags =
            if self.dont_frag { FLAG_DF } else { 0 } | if self.more_frags { FLAG_MF } else { 0 };
        h.set_flags(flags);
        h.set_frag_offset(self.frag_offset);
        h.set_ttl(self.ttl);
        h.set_protocol(self.protocol);
        h.set_checksum(0);
        h.set_src(self.src.into());
        h.set_dst(self.dst.into());
        let sum = InetChecksum::new().add(h.as_bytes()).finish();
        h.set_checksum(sum);
        Ok(Self::LEN)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::golden::GOLDEN;

    fn golden() -> &'static [u8] {
        GOLDEN
            .iter()
            .find(|g| g.layout == "ipv4_hdr")
            .map(|g| g.bytes)
            .expect("vector")
    }

    /// The golden header with its 64 payload bytes.
    fn datagram() -> [u8; 84] {
        let mut d = [0u8; 84];
        d[..20].copy_from_slice(golden());
        for (i, b) in d[20..].iter_mut().enumerate() {
            *b = i as u8;
        }
        d
    }

    #[test]
    fn golden_parses_and_re_emits() {
        let d = datagram();
        let (r, payload) = Ipv4Repr::parse(&d).expect("valid datagram");
        assert_eq!(r.src, Ipv4Addr::new(192, 168, 1, 10));
        assert_eq!(r.dst, Ipv4Addr::new(10, 0, 0, 1));
        assert_eq!((r.dscp, r.ecn, r.ttl, r.protocol), (46, 1, 64, 6));
        assert!(r.more_frags && !r.dont_frag);
        assert_eq!(r.frag_offset, 185);
        assert_eq!(payload.len(), 64);
        let mut out = [0u8; 20];
        assert_eq!(r.emit(&mut out), Ok(20));
        assert_eq!(&out[..], golden());
    }

    #[test]
    fn options_are_skipped_and_padding_dropped() {
        let mut d = [0u8; 64];
        let r = Ipv4Repr {
            src: Ipv4Addr::new(1, 2, 3, 4),
            dst: Ipv4Addr::new(5, 6, 7, 8),
            protocol: 17,
            ttl: 3,
            dscp: 0,
            ecn: 0,
            ident: 7,
            dont_frag: true,
            more_frags: false,
            frag_offset: 0,
            payload_len: 4,
        };
        // Build a header with 4 bytes of options (IHL 6) by hand.
        r.emit(&mut d).expect("emit");
        d[20..24].copy_from_slice(&[1, 1, 1, 0]); // NOP NOP NOP EOL
        d[0] = 0x46;
        d[2..4].copy_from_slice(&28u16.to_be_bytes());
        d[24..28].copy_from_slice(&[9, 9, 9, 9]);
        d[10..12].copy_from_slice(&[0, 0]);
        let sum = crate::wire::internet_checksum(&d[..24]);
        d[10..12].copy_from_slice(&sum.to_be_bytes());
        let (p, payload) = Ipv4Repr::parse(&d).expect("valid");
        assert_eq!(payload, &[9, 9, 9, 9]);
        assert_eq!(p, r);
    }

    #[test]
    fn rejects() {
        let d = datagram();
        assert_eq!(Ipv4Repr::parse(&d[..19]), Err(WireError::Truncated));
        assert_eq!(Ipv4Repr::parse(&d[..83]), Err(WireError::Truncated));
        let mut bad = d;
        bad[8] = 63; // TTL changed, checksum stale
        assert_eq!(Ipv4Repr::parse(&bad), Err(WireError::BadChecksum));
        let mut bad = d;
        bad[0] = 0x65;
        assert_eq!(Ipv4Repr::parse(&bad), Err(WireError::BadVersion));
        let mut bad = d;
        bad[0] = 0x44;
        assert!(matches!(
            Ipv4Repr::parse(&bad),
            Err(WireError::Malformed(_))
        ));
        let mut bad = d;
        bad[2..4].copy_from_slice(&19u16.to_be_bytes());
        assert!(matches!(
            Ipv4Repr::parse(&bad),
            Err(WireError::Malformed(_))
        ));
        let mut bad = d;
        bad[0] = 0x4f; // 60-byte header in an 84-byte datagram: checksum fails
        assert!(Ipv4Repr::parse(&bad).is_err());
    }
}
