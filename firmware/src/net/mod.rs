//! The firmware's share of the network stack: ARP (responder and resolver
//! over a neighbour table), ICMP echo, and the exception-path dispatcher
//! that classifies the frames the core hands to the firmware.
//!
//! # Contract
//!
//! Everything here is sans-IO. Frames come in as byte slices (an Ethernet
//! II frame without FCS); frames to send are written into a buffer the
//! caller lends, and the result says how many bytes of it to transmit.
//! Time is an explicit `now_ms` argument, a monotonic millisecond count the
//! caller derives from its cycle counter. Nothing allocates, every table has
//! a fixed capacity, and no input bytes can make a function panic: every
//! function that takes a frame returns a `Result` or an action enum.
//!
//! Frames the firmware emits are padded with zeros to [`MIN_FRAME_LEN`]
//! (60 bytes, the Ethernet minimum without FCS), so the caller's buffer must
//! hold at least that many bytes; [`MAX_FRAME_LEN`] (1514) always suffices.
//!
//! # Modules
//!
//! - [`neigh`]: the neighbour table and its states (RFC 1122 §2.3.2.1, with
//!   the Linux INCOMPLETE / REACHABLE / STALE / DELAY / PROBE machine);
//! - [`arp`]: RFC 826 packet reception and the resolver that drives the
//!   table (requests, retransmission, expiry);
//! - [`icmp`]: echo reply (RFC 792, RFC 1122 §3.2.2.6);
//! - [`exception`]: the dispatcher, [`ExceptionPath`].

pub mod arp;
pub mod exception;
pub mod icmp;
pub mod neigh;

use core::net::Ipv4Addr;

use warpnic_abi::gen::EtherType;
use warpnic_abi::wire::{EthernetRepr, Ipv4Repr, WireError};
use warpnic_proto::ip::is_host_addr;

use crate::mac::MacAddr;

pub use arp::{Arp, ArpAction, ArpIgnore, ArpPoll, Resolve, ResolveError};
pub use exception::{
    DropCounters, DropReason, ExceptionCounters, ExceptionPath, HostReason, TcpSynHint, Verdict,
};
pub use icmp::{Icmp, IcmpAction};
pub use neigh::{NeighState, NeighTable, Neighbour};

/// The shortest Ethernet frame without its FCS; shorter frames the
/// firmware emits are padded with zeros to this length.
pub const MIN_FRAME_LEN: usize = 60;

/// The longest untagged Ethernet frame without FCS at a 1500-byte MTU.
pub const MAX_FRAME_LEN: usize = 1514;

/// The broadcast MAC address.
pub const BROADCAST_MAC: MacAddr = MacAddr([0xff; 6]);

/// The TTL of datagrams the firmware originates (RFC 1700's recommended
/// default, as Linux uses; RFC 1122 §3.2.1.7 forbids zero).
pub const DEFAULT_TTL: u8 = 64;

/// The port's IPv4 configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interface {
    mac: MacAddr,
    ip: Ipv4Addr,
    prefix_len: u8,
    gateway: Option<Ipv4Addr>,
}

/// Why an [`Interface`] configuration was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InterfaceError {
    /// The MAC address is zero or a group address.
    InvalidMac,
    /// The address is unspecified, broadcast, multicast, loopback or
    /// reserved (class E), or is the network or broadcast address of its
    /// own subnet.
    InvalidAddress,
    /// The prefix length is 0 or above 32.
    InvalidPrefix,
    /// The gateway is not a unicast address inside the subnet, or is the
    /// interface's own address.
    InvalidGateway,
}

impl core::fmt::Display for InterfaceError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Self::InvalidMac => "MAC address is zero or a group address",
            Self::InvalidAddress => "IPv4 address is not a usable unicast host address",
            Self::InvalidPrefix => "prefix length must be 1 to 32",
            Self::InvalidGateway => "gateway is not a unicast host in the subnet",
        })
    }
}

impl Interface {
    /// A checked configuration.
    ///
    /// # Errors
    ///
    /// [`InterfaceError`] when the MAC is not a valid unicast address, the
    /// prefix length is outside 1..=32, the address cannot be a host's (see
    /// [`is_host_addr`]) or, for prefixes up to /30, the subnet's network or
    /// broadcast address, or the gateway is not a unicast host inside the
    /// subnet other than the interface itself.
    pub fn new(
        mac: MacAddr,
        ip: Ipv4Addr,
        prefix_len: u8,
        gateway: Option<Ipv4Addr>,
    ) -> Result<Self, InterfaceError> {
        if !mac.is_valid_unicast() {
            return Err(InterfaceError::InvalidMac);
        }
        if prefix_len == 0 || prefix_len > 32 {
            return Err(InterfaceError::InvalidPrefix);
        }
        let iface = Self {
            mac,
            ip,
            prefix_len,
            gateway: None,
        };
        if !is_host_addr(ip) || iface.is_subnet_edge(ip) {
            return Err(InterfaceError::InvalidAddress);
        }
        if let Some(gw) = gateway {
            if gw == ip || !is_host_addr(gw) || !iface.is_on_link(gw) || iface.is_subnet_edge(gw) {
                return Err(InterfaceError::InvalidGateway);
            }
        }
        Ok(Self { gateway, ..iface })
    }

    /// The port's MAC address.
    pub const fn mac(&self) -> MacAddr {
        self.mac
    }

    /// The port's IPv4 address.
    pub const fn ip(&self) -> Ipv4Addr {
        self.ip
    }

    /// The subnet's prefix length (1..=32).
    pub const fn prefix_len(&self) -> u8 {
        self.prefix_len
    }

    /// The default gateway, if any.
    pub const fn gateway(&self) -> Option<Ipv4Addr> {
        self.gateway
    }

    /// The subnet mask as an integer.
    pub const fn netmask(&self) -> u32 {
        // prefix_len is 1..=32, so the shift is 0..=31.
        u32::MAX << (32 - self.prefix_len as u32)
    }

    /// The subnet's directed broadcast address.
    pub fn subnet_broadcast(&self) -> Ipv4Addr {
        Ipv4Addr::from(u32::from(self.ip) | !self.netmask())
    }

    /// `true` when `ip` is inside the interface's subnet.
    pub fn is_on_link(&self, ip: Ipv4Addr) -> bool {
        (u32::from(ip) ^ u32::from(self.ip)) & self.netmask() == 0
    }

    /// `true` for the network or broadcast address of the subnet (only for
    /// prefixes up to /30, which have them; RFC 3021 /31 and /32 do not).
    fn is_subnet_edge(&self, ip: Ipv4Addr) -> bool {
        if self.prefix_len > 30 || !self.is_on_link(ip) {
            return false;
        }
        let host = u32::from(ip) & !self.netmask();
        host == 0 || host == !self.netmask()
    }

    /// `true` for an address a datagram to this port may carry as its
    /// destination and mean "everyone": the limited or the subnet's
    /// directed broadcast.
    pub fn is_broadcast(&self, ip: Ipv4Addr) -> bool {
        ip.is_broadcast() || (self.prefix_len <= 30 && ip == self.subnet_broadcast())
    }

    /// `true` when `ip` may be a unicast neighbour or a remote host: a
    /// host's address ([`is_host_addr`]), not the network or broadcast
    /// address of the subnet, not the port itself.
    pub fn is_unicast_peer(&self, ip: Ipv4Addr) -> bool {
        is_host_addr(ip) && !self.is_subnet_edge(ip) && ip != self.ip
    }

    /// The next hop for `dst`: `dst` itself when on link, else the gateway;
    /// `None` when `dst` is off link and there is no gateway.
    pub fn next_hop(&self, dst: Ipv4Addr) -> Option<Ipv4Addr> {
        if self.is_on_link(dst) {
            Some(dst)
        } else {
            self.gateway
        }
    }
}

/// An IPv4 datagram in an Ethernet frame, parsed once for the handlers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ipv4Frame<'a> {
    /// The Ethernet header.
    pub eth: EthernetRepr,
    /// The IPv4 header (options skipped).
    pub ip: Ipv4Repr,
    /// The IPv4 header's length in bytes (20 without options).
    pub header_len: usize,
    /// Exactly the datagram's payload (padding removed).
    pub payload: &'a [u8],
}

impl<'a> Ipv4Frame<'a> {
    /// Parses an Ethernet frame carrying IPv4.
    pub(crate) fn parse(frame: &'a [u8]) -> Result<Self, exception::DropReason> {
        use exception::DropReason as D;
        let (eth, body) = EthernetRepr::parse(frame).map_err(|_| D::EthTruncated)?;
        if eth.ether_type != u16::from(EtherType::Ipv4) {
            return Err(D::NotIpv4);
        }
        let (ip, payload) = Ipv4Repr::parse(body).map_err(|e| match e {
            WireError::Truncated => D::Ipv4Truncated,
            WireError::BadVersion => D::Ipv4BadVersion,
            WireError::BadChecksum => D::Ipv4BadChecksum,
            _ => D::Ipv4Malformed,
        })?;
        // Parse succeeded, so byte 0 exists and holds version and IHL.
        let header_len = body
            .first()
            .map_or(Ipv4Repr::LEN, |b| usize::from(b & 0x0f) * 4);
        Ok(Self {
            eth,
            ip,
            header_len,
            payload,
        })
    }

    /// `true` when the datagram is a fragment (MF set or a non-zero offset).
    pub(crate) fn is_fragment(&self) -> bool {
        self.ip.more_frags || self.ip.frag_offset != 0
    }
}

/// Pads `out[..len]` with zeros up to [`MIN_FRAME_LEN`]; returns the padded
/// length, or `None` when `out` is too short.
pub(crate) fn pad(out: &mut [u8], len: usize) -> Option<usize> {
    let padded = len.max(MIN_FRAME_LEN);
    out.get_mut(len..padded)?.fill(0);
    Some(padded)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAC: MacAddr = MacAddr([0x02, 0, 0, 0, 0, 1]);

    #[test]
    fn interface_checks() {
        let ip = Ipv4Addr::new(10, 0, 0, 5);
        let gw = Some(Ipv4Addr::new(10, 0, 0, 1));
        let i = Interface::new(MAC, ip, 24, gw).expect("valid");
        assert_eq!(i.netmask(), 0xffff_ff00);
        assert_eq!(i.subnet_broadcast(), Ipv4Addr::new(10, 0, 0, 255));
        assert!(i.is_on_link(Ipv4Addr::new(10, 0, 0, 77)));
        assert!(!i.is_on_link(Ipv4Addr::new(10, 0, 1, 77)));
        assert_eq!(
            i.next_hop(Ipv4Addr::new(8, 8, 8, 8)),
            Some(Ipv4Addr::new(10, 0, 0, 1))
        );
        assert_eq!(
            i.next_hop(Ipv4Addr::new(10, 0, 0, 9)),
            Some(Ipv4Addr::new(10, 0, 0, 9))
        );
        assert!(i.is_broadcast(Ipv4Addr::new(10, 0, 0, 255)));
        assert!(i.is_broadcast(Ipv4Addr::BROADCAST));
        assert!(!i.is_unicast_peer(Ipv4Addr::new(10, 0, 0, 0)));
        assert!(!i.is_unicast_peer(ip));

        let no_gw = Interface::new(MAC, ip, 24, None).expect("valid");
        assert_eq!(no_gw.next_hop(Ipv4Addr::new(8, 8, 8, 8)), None);

        assert_eq!(
            Interface::new(MacAddr([1, 0, 0, 0, 0, 1]), ip, 24, None),
            Err(InterfaceError::InvalidMac)
        );
        assert_eq!(
            Interface::new(MAC, ip, 0, None),
            Err(InterfaceError::InvalidPrefix)
        );
        assert_eq!(
            Interface::new(MAC, ip, 33, None),
            Err(InterfaceError::InvalidPrefix)
        );
        for bad in [
            Ipv4Addr::UNSPECIFIED,
            Ipv4Addr::BROADCAST,
            Ipv4Addr::new(224, 0, 0, 1),
            Ipv4Addr::new(127, 0, 0, 1),
            Ipv4Addr::new(240, 0, 0, 1),
            Ipv4Addr::new(10, 0, 0, 0),
            Ipv4Addr::new(10, 0, 0, 255),
        ] {
            assert_eq!(
                Interface::new(MAC, bad, 24, None),
                Err(InterfaceError::InvalidAddress),
                "{bad}"
            );
        }
        for bad in [ip, Ipv4Addr::new(10, 0, 1, 1), Ipv4Addr::new(10, 0, 0, 255)] {
            assert_eq!(
                Interface::new(MAC, ip, 24, Some(bad)),
                Err(InterfaceError::InvalidGateway),
                "{bad}"
            );
        }
        // /31 (RFC 3021) and /32 have no network or broadcast address.
        assert!(Interface::new(MAC, Ipv4Addr::new(10, 0, 0, 0), 31, None).is_ok());
        let p32 = Interface::new(MAC, ip, 32, None).expect("valid");
        assert!(!p32.is_broadcast(ip));
        assert!(p32.is_on_link(ip));
    }

    #[test]
    fn pad_fills_zeros() {
        let mut b = [0xaau8; 64];
        assert_eq!(pad(&mut b, 42), Some(60));
        assert!(b[42..60].iter().all(|&x| x == 0));
        assert_eq!(b[60], 0xaa);
        assert_eq!(pad(&mut b, 62), Some(62));
        assert_eq!(pad(&mut [0u8; 59], 42), None);
    }
}
