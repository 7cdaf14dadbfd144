//! ARP for IPv4 over Ethernet (RFC 826).

use super::{out, rest, WireError};
use crate::gen::{ArpIpv4, ArpOper, EtherType};
use core::net::Ipv4Addr;

/// An ARP request or reply for IPv4 over Ethernet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ArpRepr {
    /// Request or reply.
    pub oper: ArpOper,
    /// Sender hardware address.
    pub sha: [u8; 6],
    /// Sender protocol address.
    pub spa: Ipv4Addr,
    /// Target hardware address (zero in a request).
    pub tha: [u8; 6],
    /// Target protocol address.
    pub tpa: Ipv4Addr,
}

impl ArpRepr {
    /// Packet length in bytes.
    pub const LEN: usize = ArpIpv4::<&[u8]>::LEN;

    /// Parses an ARP packet (an Ethernet payload); returns it and the bytes
    /// after it (the frame's padding).
    ///
    /// # Errors
    ///
    /// [`WireError::Truncated`] for fewer than 28 bytes;
    /// [`WireError::Malformed`] unless the hardware type is Ethernet (1),
    /// the protocol type IPv4 (0x0800), the address lengths 6 and 4, and the
    /// operation a request or a reply.
    pub fn parse(buf: &[u8]) -> Result<(Self, &[u8]), WireError> {
        let p = ArpIpv4::new_checked(buf)?;
        if p.htype() != 1 {
            return Err(WireError::Malformed("ARP hardware type is not Ethernet"));
        }
        if p.ptype() != u16::from(EtherType::Ipv4) {
            return Err(WireError::Malformed("ARP protocol type is not IPv4"));
        }
        if p.hlen() != 6 || p.plen() != 4 {
            return Err(WireError::Malformed("ARP address lengths are not 6 and 4"));
        }
        let oper = ArpOper::try_from(p.oper())
            .map_err(|_| WireError::Malformed("ARP operation is neither request nor reply"))?;
        let repr = Self {
            oper,
            sha: p.sha(),
            spa: Ipv4Addr::from(p.spa()),
            tha: p.tha(),
            tpa: Ipv4Addr::from(p.tpa()),
        };
        Ok((repr, rest(buf, Self::LEN)))
    }

    /// Writes the 28-byte packet; returns 28.
    ///
    /// # Errors
    ///
    /// [`WireError::BufferTooSmall`] when `buf` is shorter than 28 bytes.
    pub fn emit(&self, buf: &mut [u8]) -> Result<usize, WireError> {
        let mut p = ArpIpv4::new_unchecked(out(buf, Self::LEN)?);
        p.set_htype(1);
        p.set_ptype(EtherType::Ipv4.into());
        p.set_hlen(6);
        p.set_plen(4);
        p.set_oper(self.oper.into());
        p.set_sha(self.sha);
        p.set_spa(self.spa.into());
        p.set_tha(self.tha);
        p.set_tpa(self.tpa.into());
        Ok(Self::LEN)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::golden::GOLDEN;

    #[test]
    fn parses_the_golden_reply() {
        let g = GOLDEN
            .iter()
            .find(|g| g.layout == "arp_ipv4")
            .expect("vector");
        let (r, rest) = ArpRepr::parse(g.bytes).expect("valid ARP");
        assert_eq!(r.oper, ArpOper::Reply);
        assert_eq!(r.spa, Ipv4Addr::new(192, 168, 1, 10));
        assert_eq!(r.tpa, Ipv4Addr::new(192, 168, 1, 20));
        assert!(rest.is_empty());
        let mut buf = [0u8; 28];
        assert_eq!(r.emit(&mut buf), Ok(28));
        assert_eq!(&buf[..], g.bytes);
    }

    #[test]
    fn rejects_other_types() {
        let g = GOLDEN
            .iter()
            .find(|g| g.layout == "arp_ipv4")
            .expect("vector");
        for (i, v) in [(1, 6u8), (3, 0x06), (4, 8), (5, 16), (7, 3)] {
            let mut b = [0u8; 28];
            b.copy_from_slice(g.bytes);
            b[i] = v;
            assert!(
                matches!(ArpRepr::parse(&b), Err(WireError::Malformed(_))),
                "byte {i}"
            );
        }
        assert_eq!(ArpRepr::parse(&g.bytes[..27]), Err(WireError::Truncated));
    }
}
