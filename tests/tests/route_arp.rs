//! Address resolution through the firmware (ARP_RESOLVE) between two
//! simulated NICs: a peer on link resolves to its MAC address after one
//! ARP exchange; the port's own and non-unicast addresses are INVALID; a
//! peer off link is NO_ROUTE without a gateway and resolves to the
//! gateway's MAC with one; an address nobody has stays PENDING; and a
//! port without an address says so.

use std::net::Ipv4Addr;
use std::time::Duration;

use warpnic::Neighbour;
use warpnic_tests::{pair, A_IP, B_IP};

const WAIT: Duration = Duration::from_micros(200);

#[test]
fn arp_resolve_routes_and_resolves() {
    let p = pair();
    assert_eq!(
        p.a.arp_resolve(B_IP).expect("resolve"),
        Neighbour::NoAddress
    );
    p.a.set_ipv4(A_IP, 24).expect("A's address");
    p.b.set_ipv4(B_IP, 24).expect("B's address");
    let b_mac = p.b.mac().expect("B's MAC");
    // the first answer starts the resolution; B answers the request
    assert_eq!(
        p.a.arp_resolve(B_IP).expect("resolve"),
        Neighbour::Pending { next_hop: B_IP }
    );
    let n = p.a.resolve_neighbour(B_IP, WAIT).expect("resolve");
    assert_eq!(
        n,
        Neighbour::Resolved {
            next_hop: B_IP,
            mac: b_mac
        }
    );
    // own, broadcast, network: not a neighbour
    assert_eq!(p.a.arp_resolve(A_IP).expect("resolve"), Neighbour::Invalid);
    assert_eq!(
        p.a.arp_resolve(Ipv4Addr::new(10, 0, 0, 0))
            .expect("resolve"),
        Neighbour::Invalid
    );
    // off link, no gateway
    let far = Ipv4Addr::new(192, 0, 2, 7);
    assert_eq!(p.a.arp_resolve(far).expect("resolve"), Neighbour::NoRoute);
    // B as A's gateway: the far address resolves to B's MAC
    p.a.set_ipv4_route(A_IP, 24, Some(B_IP)).expect("gateway");
    assert_eq!(p.a.ipv4_route().expect("route"), (A_IP, 24, Some(B_IP)));
    let n = p.a.resolve_neighbour(far, WAIT).expect("resolve");
    assert_eq!(
        n,
        Neighbour::Resolved {
            next_hop: B_IP,
            mac: b_mac
        }
    );
    // a gateway off the subnet is refused, and changes nothing
    assert!(p.a.set_ipv4_route(A_IP, 24, Some(far)).is_err());
    assert_eq!(p.a.ipv4_route().expect("route"), (A_IP, 24, Some(B_IP)));
    // nobody has 10.0.0.99: its resolution stays pending
    let n =
        p.a.resolve_neighbour(Ipv4Addr::new(10, 0, 0, 99), WAIT)
            .expect("resolve");
    assert_eq!(
        n,
        Neighbour::Pending {
            next_hop: Ipv4Addr::new(10, 0, 0, 99)
        }
    );
}
