//! TCP (RFC 9293 §3.1) with the options a NIC negotiates: MSS (RFC 9293
//! §3.2), window scale and timestamps (RFC 7323), SACK-permitted (RFC 2018).

use super::{out, InetChecksum, WireError};
use crate::gen::{IpProtocol, TcpHdr};
use core::net::Ipv4Addr;

const OPT_EOL: u8 = 0;
const OPT_NOP: u8 = 1;
const OPT_MSS: u8 = 2;
const OPT_WS: u8 = 3;
const OPT_SACK_PERM: u8 = 4;
const OPT_TS: u8 = 8;

/// Largest window scale shift (RFC 7323 §2.3).
const MAX_WINDOW_SCALE: u8 = 14;

/// The TCP options this layer understands. Unknown options are skipped on
/// parse; SACK blocks (kind 5) are among them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TcpOptions {
    /// Maximum segment size (kind 2).
    pub mss: Option<u16>,
    /// Window scale shift (kind 3); a received shift above 14 reads as 14
    /// (RFC 7323 §2.3).
    pub window_scale: Option<u8>,
    /// SACK permitted (kind 4).
    pub sack_permitted: bool,
    /// Timestamps (kind 8): (TSval, TSecr).
    pub timestamps: Option<(u32, u32)>,
}

impl TcpOptions {
    /// Bytes these options take when emitted, padded to a multiple of 4.
    pub fn len(&self) -> usize {
        let mut n = 0;
        if self.mss.is_some() {
            n += 4;
        }
        if self.window_scale.is_some() {
            n += 4; // NOP + 3
        }
        if self.sack_permitted {
            n += 4; // NOP NOP + 2
        }
        if self.timestamps.is_some() {
            n += 12; // NOP NOP + 10
        }
        n
    }

    /// `true` when no option is set.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn parse(mut opts: &[u8]) -> Result<Self, WireError> {
        let mut o = Self::default();
        while let Some((&kind, tail)) = opts.split_first() {
            match kind {
                OPT_EOL => break,
                OPT_NOP => {
                    opts = tail;
                    continue;
                }
                _ => {}
            }
            let len = usize::from(
                *tail
                    .first()
                    .ok_or(WireError::Malformed("TCP option without a length"))?,
            );
            if len < 2 {
                return Err(WireError::Malformed("TCP option length below 2"));
            }
            let body = opts
                .get(2..len)
                .ok_or(WireError::Malformed("TCP option runs past the header"))?;
            match (kind, body) {
                (OPT_MSS, &[a, b]) => o.mss = Some(u16::from_be_bytes([a, b])),
                (OPT_WS, &[s]) => o.window_scale = Some(s.min(MAX_WINDOW_SCALE)),
                (OPT_SACK_PERM, &[]) => o.sack_permitted = true,
                (OPT_TS, &[a, b, c, d, e, f, g, h]) => {
                    o.timestamps = Some((
                        u32::from_be_bytes([a, b, c, d]),
                        u32::from_be_bytes([e, f, g, h]),
                    ));
                }
                (OPT_MSS | OPT_WS | OPT_SACK_PERM | OPT_TS, _) => {
                    return Err(WireError::Malformed("TCP option with a wrong length"));
                }
                _ => {}
            }
            opts = super::rest(opts, len);
        }
        Ok(o)
    }

    fn emit(&self, buf: &mut [u8]) -> Result<(), WireError> {
        let mut at = 0;
        let mut put = |bytes: &[u8]| -> Result<(), WireError> {
            let dst = buf
                .get_mut(at..at + bytes.len())
                .ok_or(WireError::BufferTooSmall)?;
            dst.copy_from_slice(bytes);
            at += bytes.len();
            Ok(())
        };
        if let Some(mss) = self.mss {
            let [a, b] = mss.to_be_bytes();
            put(&[OPT_MSS, 4, a, b])?;
        }
        if let Some(ws) = self.window_scale {
            if ws > MAX_WINDOW_SCALE {
                return Err(WireError::Malformed("TCP window scale above 14"));
            }
            put(&[OPT_NOP, OPT_WS, 3, ws])?;
        }
        if self.sack_permitted {
            put(&[OPT_NOP, OPT_NOP, OPT_SACK_PERM, 2])?;
        }
        if let Some((val, ecr)) = self.timestamps {
            let [a, b, c, d] = val.to_be_bytes();
            let [e, f, g, h] = ecr.to_be_bytes();
            put(&[OPT_NOP, OPT_NOP, OPT_TS, 10, a, b, c, d, e, f, g, h])?;
        }
        Ok(())
    }
}

/// A TCP segment header.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TcpRepr {
    /// Source port.
    pub src_port: u16,
    /// Destination port.
    pub dst_port: u16,
    /// Sequence number.
    pub seq: u32,
    /// Acknowledgment number.
    pub ack: u32,
    /// Control bits (see [`crate::gen::tcp_flags`]).
    pub flags: u8,
    /// Receive window (unscaled).
    pub window: u16,
    /// Urgent pointer.
    pub urgent: u16,
    /// Options.
    pub options: TcpOptions,
}

/// The checksum of the IPv4 pseudo-header (RFC 9293 §3.1) and a segment.
fn checksum(src: Ipv4Addr, dst: Ipv4Addr, len: u16, parts: &[&[u8]]) -> u16 {
    let mut c = InetChecksum::new();
    c.add(&src.octets())
        .add(&dst.octets())
        .add_u16(u16::from(u8::from(IpProtocol::Tcp)))
        .add_u16(len);
    for p in parts {
        c.add(p);
    }
    c.finish()
}

impl TcpRepr {
    /// Length of the fixed header.
    pub const MIN_LEN: usize = TcpHdr::<&[u8]>::LEN;

    /// Header length this value emits: 20 plus its options.
    pub fn header_len(&self) -> usize {
        Self::MIN_LEN + self.options.len()
    }

    /// Parses a segment (an IPv4 payload from `src` to `dst`) and verifies
    /// its checksum over the pseudo-header; returns the header and the data.
    ///
    /// # Errors
    ///
    /// [`WireError::Truncated`] when the segment is shorter than 20 bytes or
    /// its data offset; [`WireError::Malformed`] for a data offset below 5,
    /// a segment longer than 65535 bytes, or a malformed option (missing
    /// length, length below 2, running past the header, or a known option
    /// of the wrong length); [`WireError::BadChecksum`] when the checksum
    /// does not verify.
    pub fn parse(segment: &[u8], src: Ipv4Addr, dst: Ipv4Addr) -> Result<(Self, &[u8]), WireError> {
        let h = TcpHdr::new_checked(segment)?;
        let hdr_len = usize::from(h.data_offset()) * 4;
        if hdr_len < Self::MIN_LEN {
            return Err(WireError::Malformed("TCP data offset below 5"));
        }
        let opts = segment
            .get(Self::MIN_LEN..hdr_len)
            .ok_or(WireError::Truncated)?;
        let len = u16::try_from(segment.len())
            .map_err(|_| WireError::Malformed("TCP segment longer than 65535 bytes"))?;
        if checksum(src, dst, len, &[segment]) != 0 {
            return Err(WireError::BadChecksum);
        }
        let repr = Self {
            src_port: h.src_port(),
            dst_port: h.dst_port(),
            seq: h.seq(),
            ack: h.ack(),
            flags: h.flags(),
            window: h.window(),
            urgent: h.urgent(),
            options: TcpOptions::parse(opts)?,
        };
        Ok((repr, super::rest(segment, hdr_len)))
    }

    /// Writes the header, its options and `payload`, with the checksum over
    /// the pseudo-header from `src` to `dst`; returns the segment length.
    ///
    /// # Errors
    ///
    /// [`WireError::BufferTooSmall`] when `buf` cannot hold header and
    /// payload; [`WireError::Malformed`] for a window scale above 14 or a
    /// segment longer than 65535 bytes.
    pub fn emit(
        &self,
        buf: &mut [u8],
        src: Ipv4Addr,
        dst: Ipv4Addr,
        payload: &[u8],
    ) -> Result<usize, WireError> {
        let hdr_len = self.header_len();
        let total = hdr_len + payload.len();
        let len = u16::try_from(total)
            .map_err(|_| WireError::Malformed("TCP segment longer than 65535 bytes"))?;
        let seg = out(buf, total)?;
        let (hdr, data) = seg.split_at_mut(hdr_len);
        data.copy_from_slice(payload);
        self.options.emit(&mut hdr[Self::MIN_LEN..])?;
        let mut h = TcpHdr::new_unchecked(&mut *hdr);
        h.set_src_port(self.src_port);
        h.set_dst_port(self.dst_port);
        h.set_seq(self.seq);
        h.set_ack(self.ack);
        // header_len is at most 20 + 24 bytes, so the offset fits 4 bits.
        h.set_data_offset((hdr_len / 4) as u8);
        h.set_rsvd(0);
        h.set_flags(self.flags);
        h.set_window(self.window);
        h.set_checksum(0);
        h.set_urgent(self.urgent);
        let sum = checksum(src, dst, len, &[hdr, payload]);
        TcpHdr::new_unchecked(hdr).set_checksum(sum);
        Ok(total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gen::tcp_flags;

    const SRC: Ipv4Addr = Ipv4Addr::new(192, 168, 1, 10);
    const DST: Ipv4Addr = Ipv4Addr::new(10, 0, 0, 1);

    fn syn() -> TcpRepr {
        TcpRepr {
            src_port: 50000,
            dst_port: 20001,
            seq: 0x9abc_def0,
            ack: 0,
            flags: tcp_flags::SYN,
            window: 65535,
            urgent: 0,
            options: TcpOptions {
                mss: Some(1460),
                window_scale: Some(7),
                sack_permitted: true,
                timestamps: Some((1, 0)),
            },
        }
    }

    #[test]
    fn round_trip_with_options_and_data() {
        let r = syn();
        let mut buf = [0u8; 64];
        let n = r.emit(&mut buf, SRC, DST, b"hello").expect("emit");
        assert_eq!(n, 44 + 5);
        assert_eq!(buf[12] >> 4, 11);
        let (p, data) = TcpRepr::parse(&buf[..n], SRC, DST).expect("parse");
        assert_eq!(p, r);
        assert_eq!(data, b"hello");
        // The pseudo-header is covered: another address fails.
        assert_eq!(
            TcpRepr::parse(&buf[..n], SRC, Ipv4Addr::new(10, 0, 0, 2)).map(|_| ()),
            Err(WireError::BadChecksum)
        );
    }

    /// A SYN laid out as Linux sends it (MSS 1460, SACK-permitted,
    /// timestamps, NOP, window scale 7), with its checksum 0x13fb computed
    /// by hand over the pseudo-header.
    #[test]
    fn parses_a_linux_syn() {
        let seg: [u8; 40] = [
            0xc3, 0x50, 0x4e, 0x21, 0x9a, 0xbc, 0xde, 0xf0, 0x00, 0x00, 0x00, 0x00, 0xa0, 0x02,
            0xfa, 0xf0, 0x13, 0xfb, 0x00, 0x00, // fixed header
            0x02, 0x04, 0x05, 0xb4, 0x04, 0x02, 0x08, 0x0a, 0x00, 0x01, 0xe2, 0x40, 0x00, 0x00,
            0x00, 0x00, 0x01, 0x03, 0x03, 0x07,
        ];
        let (r, data) = TcpRepr::parse(&seg, SRC, DST).expect("valid SYN");
        assert!(data.is_empty());
        assert_eq!(r.flags, tcp_flags::SYN);
        assert_eq!(
            r.options,
            TcpOptions {
                mss: Some(1460),
                window_scale: Some(7),
                sack_permitted: true,
                timestamps: Some((123_456, 0)),
            }
        );
        // Re-emitting puts the options in this layer's order, which changes
        // the bytes but not the meaning.
        let mut out = [0u8; 48];
        let n = r.emit(&mut out, SRC, DST, &[]).expect("emit");
        assert_eq!(TcpRepr::parse(&out[..n], SRC, DST).map(|(p, _)| p), Ok(r));
    }

    fn with_options(opts: &[u8]) -> Result<TcpRepr, WireError> {
        let mut seg = [0u8; 60];
        let hdr_len = 20 + opts.len().div_ceil(4) * 4;
        seg[12] = ((hdr_len / 4) as u8) << 4;
        seg[20..20 + opts.len()].copy_from_slice(opts);
        let sum = checksum(SRC, DST, hdr_len as u16, &[&seg[..hdr_len]]);
        seg[16..18].copy_from_slice(&sum.to_be_bytes());
        TcpRepr::parse(&seg[..hdr_len], SRC, DST).map(|(r, _)| r)
    }

    #[test]
    fn options_edge_cases() {
        // Unknown option skipped, EOL stops parsing.
        let r = with_options(&[0x1e, 4, 0xaa, 0xbb, 2, 4, 0x05, 0xb4, 0, 2, 4, 0, 0]).expect("ok");
        assert_eq!(r.options.mss, Some(1460));
        // Window scale above 14 reads as 14.
        let r = with_options(&[3, 3, 20, 1]).expect("ok");
        assert_eq!(r.options.window_scale, Some(14));
        // Malformed: missing length, length 1, past the end, wrong size.
        for bad in [
            &[1u8, 1, 1, 2][..],
            &[9, 1, 0, 0],
            &[9, 8, 0, 0],
            &[2, 3, 0, 0],
        ] {
            assert!(
                matches!(with_options(bad), Err(WireError::Malformed(_))),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn rejects() {
        let mut buf = [0u8; 64];
        let n = syn().emit(&mut buf, SRC, DST, &[]).expect("emit");
        assert_eq!(
            TcpRepr::parse(&buf[..19], SRC, DST).map(|_| ()),
            Err(WireError::Truncated)
        );
        assert_eq!(
            TcpRepr::parse(&buf[..30], SRC, DST).map(|_| ()),
            Err(WireError::Truncated)
        );
        let mut bad = buf;
        bad[12] = 0x40;
        assert!(matches!(
            TcpRepr::parse(&bad[..n], SRC, DST),
            Err(WireError::Malformed(_))
        ));
        let mut bad = buf;
        bad[4] ^= 1;
        assert_eq!(
            TcpRepr::parse(&bad[..n], SRC, DST).map(|_| ()),
            Err(WireError::BadChecksum)
        );
        let mut ws = syn();
        ws.options.window_scale = Some(15);
        assert!(matches!(
            ws.emit(&mut buf, SRC, DST, &[]),
            Err(WireError::Malformed(_))
        ));
        assert_eq!(
            syn().emit(&mut [0u8; 43], SRC, DST, &[]),
            Err(WireError::BufferTooSmall)
        );
    }
}
