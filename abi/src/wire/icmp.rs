//! ICMP echo request and reply (RFC 792).

use super::{out, InetChecksum, WireError};
use crate::gen::IcmpEcho;

const TYPE_ECHO_REPLY: u8 = 0;
const TYPE_ECHO_REQUEST: u8 = 8;

/// Echo request or echo reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IcmpEchoKind {
    /// Type 8.
    Request,
    /// Type 0.
    Reply,
}

/// An ICMP echo message header; the data follows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IcmpEchoRepr {
    /// Request or reply.
    pub kind: IcmpEchoKind,
    /// Identifier.
    pub ident: u16,
    /// Sequence number.
    pub seq: u16,
}

impl IcmpEchoRepr {
    /// Header length in bytes.
    pub const LEN: usize = IcmpEcho::<&[u8]>::LEN;

    /// Parses an ICMP message (an IPv4 payload); returns the header and the
    /// echo data.
    ///
    /// # Errors
    ///
    /// [`WireError::Truncated`] for fewer than 8 bytes;
    /// [`WireError::Malformed`] unless type is 0 or 8 with code 0;
    /// [`WireError::BadChecksum`] when the checksum over the message does
    /// not verify.
    pub fn parse(msg: &[u8]) -> Result<(Self, &[u8]), WireError> {
        let h = IcmpEcho::new_checked(msg)?;
        let kind = match h.icmp_type() {
            TYPE_ECHO_REQUEST => IcmpEchoKind::Request,
            TYPE_ECHO_REPLY => IcmpEchoKind::Reply,
            _ => {
                return Err(WireError::Malformed(
                    "ICMP type is not echo request or reply",
                ))
            }
        };
        if h.code() != 0 {
            return Err(WireError::Malformed("ICMP echo code is not 0"));
        }
        if InetChecksum::new().add(msg).finish() != 0 {
            return Err(WireError::BadChecksum);
        }
        let repr = Self {
            kind,
            ident: h.ident(),
            seq: h.seq(),
        };
        Ok((repr, super::rest(msg, Self::LEN)))
    }

    /// Writes the header and `data` with the checksum; returns the message
    /// length.
    ///
    /// # Errors
    ///
    /// [`WireError::BufferTooSmall`] when `buf` cannot hold header and data.
    pub fn emit(&self, buf: &mut [u8], data: &[u8]) -> Result<usize, WireError> {
        let total = Self::LEN + data.len();
        let msg = out(buf, total)?;
        let (hdr, body) = msg.split_at_mut(Self::LEN);
        body.copy_from_slice(data);
        let mut h = IcmpEcho::new_unchecked(&mut *hdr);
        h.set_icmp_type(match self.kind {
            IcmpEchoKind::Request => TYPE_ECHO_REQUEST,
            IcmpEchoKind::Reply => TYPE_ECHO_REPLY,
        });
        h.set_code(0);
        h.set_checksum(0);
        h.set_ident(self.ident);
        h.set_seq(self.seq);
        let sum = InetChecksum::new().add(hdr).add(data).finish();
        IcmpEcho::new_unchecked(hdr).set_checksum(sum);
        Ok(total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::golden::GOLDEN;

    #[test]
    fn golden_request_with_data() {
        // The golden header's checksum is the one for the data "abcd".
        let g = GOLDEN
            .iter()
            .find(|g| g.layout == "icmp_echo")
            .expect("vector");
        let mut msg = [0u8; 12];
        msg[..8].copy_from_slice(g.bytes);
        msg[8..].copy_from_slice(b"abcd");
        let (r, data) = IcmpEchoRepr::parse(&msg).expect("valid echo");
        assert_eq!(r.kind, IcmpEchoKind::Request);
        assert_eq!((r.ident, r.seq), (0x1234, 1));
        assert_eq!(data, b"abcd");
        let mut out = [0u8; 12];
        assert_eq!(r.emit(&mut out, b"abcd"), Ok(12));
        assert_eq!(out, msg);
    }

    #[test]
    fn rejects() {
        let r = IcmpEchoRepr {
            kind: IcmpEchoKind::Reply,
            ident: 1,
            seq: 2,
        };
        let mut msg = [0u8; 9];
        r.emit(&mut msg, b"z").expect("emit");
        assert!(IcmpEchoRepr::parse(&msg).is_ok());
        assert_eq!(IcmpEchoRepr::parse(&msg[..7]), Err(WireError::Truncated));
        let mut bad = msg;
        bad[8] = b'y';
        assert_eq!(IcmpEchoRepr::parse(&bad), Err(WireError::BadChecksum));
        let mut bad = msg;
        bad[0] = 3;
        assert!(matches!(
            IcmpEchoRepr::parse(&bad),
            Err(WireError::Malformed(_))
        ));
        let mut bad = msg;
        bad[1] = 1;
        assert!(matches!(
            IcmpEchoRepr::parse(&bad),
            Err(WireError::Malformed(_))
        ));
        assert_eq!(r.emit(&mut [0u8; 8], b"z"), Err(WireError::BufferTooSmall));
    }
}
