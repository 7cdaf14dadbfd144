//! Resolving a peer's address: the route (on link, else the port's
//! gateway, [`Nic::set_ipv4_route`]) and the next hop's MAC address, as
//! the firmware's ARP knows it or finds it out (ARP_RESOLVE).

use std::net::Ipv4Addr;
use std::time::Duration;

use warpnic_abi::gen::{ArpState, FwArpResolveArgs, FwArpResolveRsp, FwOpcode};

use crate::error::{Error, Result};
use crate::Nic;

/// What the firmware knows of an address's next hop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Neighbour {
    /// Its MAC address is known.
    Resolved {
        /// The address resolved: the peer on link, else the gateway.
        next_hop: Ipv4Addr,
        /// Its MAC address, byte 0 first on the wire.
        mac: [u8; 6],
    },
    /// A resolution runs (ARP requests go out).
    Pending {
        /// The address being resolved.
        next_hop: Ipv4Addr,
    },
    /// Off link and no gateway.
    NoRoute,
    /// The port's own address, or not a unicast host address.
    Invalid,
    /// The neighbour table is full.
    NoResources,
    /// The port has no IPv4 address yet.
    NoAddress,
}

impl Nic {
    /// Routes `addr` and answers its next hop's MAC address, or starts a
    /// resolution (an ARP request goes out) and answers
    /// [`Neighbour::Pending`]: ask again.
    ///
    /// # Errors
    /// As [`Nic::fw_command`].
    pub fn arp_resolve(&self, addr: Ipv4Addr) -> Result<Neighbour> {
        let args = FwArpResolveArgs {
            addr: u32::from(addr),
        }
        .to_words()
        .map_err(Error::block_arg)?;
        let w = self.fw_command(FwOpcode::ArpResolve, &args, Duration::from_millis(100))?;
        let r = FwArpResolveRsp::from_prefix(&w).map_err(Error::answer)?;
        let next_hop = Ipv4Addr::from(r.next_hop);
        Ok(match r.state {
            ArpState::Resolved => Neighbour::Resolved {
                next_hop,
                mac: mac_bytes(r.mac),
            },
            ArpState::Pending => Neighbour::Pending { next_hop },
            ArpState::NoRoute => Neighbour::NoRoute,
            ArpState::Invalid => Neighbour::Invalid,
            ArpState::NoResources => Neighbour::NoResources,
            ArpState::NoAddress => Neighbour::NoAddress,
        })
    }

    /// [`Nic::arp_resolve`] until the answer is final or `timeout` of
    /// device time has passed (then [`Neighbour::Pending`]), running the
    /// device in between.
    ///
    /// # Errors
    /// As [`Nic::arp_resolve`].
    pub fn resolve_neighbour(&self, addr: Ipv4Addr, timeout: Duration) -> Result<Neighbour> {
        let dev = self.device();
        let deadline = dev
            .now_ns()
            .saturating_add(u64::try_from(timeout.as_nanos()).unwrap_or(u64::MAX));
        loop {
            let n = self.arp_resolve(addr)?;
            if !matches!(n, Neighbour::Pending { .. }) || dev.now_ns() >= deadline {
                return Ok(n);
            }
            // a few microseconds between questions: each is a mailbox
            // round trip
            let next = dev.now_ns() + 2_000;
            while dev.now_ns() < next {
                dev.relax();
            }
        }
    }
}

/// A MAC address as `fw_*` blocks carry it (byte 0 in bits 47:40).
fn mac_bytes(v: u64) -> [u8; 6] {
    let b = v.to_be_bytes();
    [b[2], b[3], b[4], b[5], b[6], b[7]]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mac_bits_47_40_are_byte_0() {
        assert_eq!(
            mac_bytes(0x0200_5e10_0001),
            [0x02, 0x00, 0x5e, 0x10, 0x00, 0x01]
        );
    }
}
