//! IPv4 address classes both sides check.
//!
//! [`is_host_addr`] is the one test of whether an address can name a
//! unicast host at all: the host library refuses a connect to anything
//! else before it sends the request, the firmware refuses it again when
//! the request arrives, and the firmware's interface configuration, ARP and
//! ICMP build their port-specific checks (the subnet's own edges, the
//! port's address) on it.

use core::net::Ipv4Addr;

/// `true` when `ip` can be a unicast host's address: not unspecified
/// (0.0.0.0, RFC 1122 §3.2.1.3), limited broadcast, multicast (224/4, RFC
/// 5771), reserved (240/4, RFC 1112 §4) or loopback (127/8).
pub fn is_host_addr(ip: Ipv4Addr) -> bool {
    !(ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_loopback()
        || ip.octets()[0] >= 240)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_addresses() {
        for ok in [
            Ipv4Addr::new(10, 0, 0, 1),
            Ipv4Addr::new(192, 168, 1, 10),
            Ipv4Addr::new(223, 255, 255, 254),
            Ipv4Addr::new(1, 0, 0, 0),
            Ipv4Addr::new(126, 255, 255, 255),
            Ipv4Addr::new(128, 0, 0, 0),
        ] {
            assert!(is_host_addr(ok), "{ok}");
        }
        for bad in [
            Ipv4Addr::UNSPECIFIED,
            Ipv4Addr::BROADCAST,
            Ipv4Addr::new(224, 0, 0, 1),
            Ipv4Addr::new(239, 255, 255, 255),
            Ipv4Addr::new(240, 0, 0, 1),
            Ipv4Addr::new(254, 1, 2, 3),
            Ipv4Addr::new(127, 0, 0, 1),
            Ipv4Addr::new(127, 255, 255, 254),
        ] {
            assert!(!is_host_addr(bad), "{bad}");
        }
    }
}
