//! ARP responder and resolver against golden frames: a request captured
//! from Linux (kernel 6.x, veth, `ip neigh` resolution) and replies and
//! requests written out by hand from RFC 826's layout.

use std::net::Ipv4Addr;

use warpnic_fw::net::arp::{emit_announcement, multicast_mac, ArpCounters};
use warpnic_fw::net::neigh::{NeighState, MAX_MCAST_PROBES, RETRANS_MS};
use warpnic_fw::net::{
    Arp, ArpAction, ArpIgnore, ArpPoll, Interface, Resolve, ResolveError, MAX_FRAME_LEN,
};
use warpnic_fw::MacAddr;

/// Our port: 02:00:00:00:77:02, 192.168.77.2/24, gateway .254.
const OUR_MAC: MacAddr = MacAddr([0x02, 0, 0, 0, 0x77, 0x02]);
const OUR_IP: Ipv4Addr = Ipv4Addr::new(192, 168, 77, 2);
const PEER_MAC: MacAddr = MacAddr([0x02, 0, 0, 0, 0x77, 0x01]);
const PEER_IP: Ipv4Addr = Ipv4Addr::new(192, 168, 77, 1);
const GW: Ipv4Addr = Ipv4Addr::new(192, 168, 77, 254);

/// A Linux ARP request, who-has 192.168.77.2 tell 192.168.77.1, as the
/// kernel sent it on a veth (42 bytes: veth does not pad).
const LINUX_REQUEST: [u8; 42] = [
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // dst: broadcast
    0x02, 0x00, 0x00, 0x00, 0x77, 0x01, // src
    0x08, 0x06, // ARP
    0x00, 0x01, 0x08, 0x00, 0x06, 0x04, 0x00, 0x01, // Ethernet/IPv4, request
    0x02, 0x00, 0x00, 0x00, 0x77, 0x01, 0xc0, 0xa8, 0x4d, 0x01, // sha, spa
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xc0, 0xa8, 0x4d, 0x02, // tha, tpa
];

/// The reply RFC 826 prescribes, padded to 60 bytes.
const GOLDEN_REPLY: [u8; 60] = [
    0x02, 0x00, 0x00, 0x00, 0x77, 0x01, // dst: the requester
    0x02, 0x00, 0x00, 0x00, 0x77, 0x02, // src: us
    0x08, 0x06, //
    0x00, 0x01, 0x08, 0x00, 0x06, 0x04, 0x00, 0x02, // reply
    0x02, 0x00, 0x00, 0x00, 0x77, 0x02, 0xc0, 0xa8, 0x4d, 0x02, // sha, spa: us
    0x02, 0x00, 0x00, 0x00, 0x77, 0x01, 0xc0, 0xa8, 0x4d, 0x01, // tha, tpa: them
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // padding
];

/// Our broadcast request for 192.168.77.1, as Linux would send it.
const GOLDEN_REQUEST: [u8; 60] = [
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, //
    0x02, 0x00, 0x00, 0x00, 0x77, 0x02, //
    0x08, 0x06, //
    0x00, 0x01, 0x08, 0x00, 0x06, 0x04, 0x00, 0x01, //
    0x02, 0x00, 0x00, 0x00, 0x77, 0x02, 0xc0, 0xa8, 0x4d, 0x02, //
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xc0, 0xa8, 0x4d, 0x01, //
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, //
];

fn iface() -> Interface {
    Interface::new(OUR_MAC, OUR_IP, 24, Some(GW)).expect("valid interface")
}

/// An ARP frame with the given fields.
#[allow(clippy::too_many_arguments)]
fn arp_frame(
    eth_dst: [u8; 6],
    eth_src: [u8; 6],
    oper: u16,
    sha: [u8; 6],
    spa: Ipv4Addr,
    tha: [u8; 6],
    tpa: Ipv4Addr,
) -> Vec<u8> {
    let mut f = Vec::new();
    f.extend_from_slice(&eth_dst);
    f.extend_from_slice(&eth_src);
    f.extend_from_slice(&[0x08, 0x06, 0x00, 0x01, 0x08, 0x00, 0x06, 0x04]);
    f.extend_from_slice(&oper.to_be_bytes());
    f.extend_from_slice(&sha);
    f.extend_from_slice(&spa.octets());
    f.extend_from_slice(&tha);
    f.extend_from_slice(&tpa.octets());
    f
}

fn reply_from(mac: MacAddr, ip: Ipv4Addr) -> Vec<u8> {
    arp_frame(OUR_MAC.0, mac.0, 2, mac.0, ip, OUR_MAC.0, OUR_IP)
}

#[test]
fn linux_request_gets_the_golden_reply_and_teaches_the_table() {
    let i = iface();
    let mut arp = Arp::<8>::new();
    let mut out = [0xeeu8; MAX_FRAME_LEN];
    let a = arp
        .handle_arp(&i, &LINUX_REQUEST, 1_000, &mut out)
        .expect("valid");
    assert_eq!(
        a,
        ArpAction::Reply {
            len: 60,
            resolved: None
        }
    );
    assert_eq!(out[..60], GOLDEN_REPLY);
    let n = arp.table().get(PEER_IP).expect("requester learned");
    assert_eq!(n.mac(), Some(PEER_MAC));
    assert_eq!(n.state(), NeighState::Stale);
    assert_eq!(
        arp.counters(),
        ArpCounters {
            requests_received: 1,
            replies_sent: 1,
            learned: 1,
            ..ArpCounters::default()
        }
    );
    // Padded to 60 on the wire: the padding is ignored.
    let mut padded = LINUX_REQUEST.to_vec();
    padded.resize(60, 0);
    let a = arp.handle_arp(&i, &padded, 1_001, &mut out).expect("valid");
    assert!(matches!(a, ArpAction::Reply { len: 60, .. }));
    assert_eq!(out[..60], GOLDEN_REPLY);
}

#[test]
fn resolve_sends_golden_request_and_reply_resolves() {
    let i = iface();
    let mut arp = Arp::<8>::new();
    let mut out = [0u8; MAX_FRAME_LEN];
    assert_eq!(
        arp.resolve(&i, PEER_IP, 0, &mut out),
        Ok(Resolve::SendRequest { len: 60 })
    );
    assert_eq!(out[..60], GOLDEN_REQUEST);
    assert_eq!(arp.resolve(&i, PEER_IP, 10, &mut out), Ok(Resolve::Pending));
    let a = arp
        .handle_arp(&i, &reply_from(PEER_MAC, PEER_IP), 20, &mut out)
        .expect("valid");
    assert_eq!(
        a,
        ArpAction::Learned {
            ip: PEER_IP,
            mac: PEER_MAC,
            resolved: true
        }
    );
    assert_eq!(
        arp.table().get(PEER_IP).map(|n| n.state()),
        Some(NeighState::Reachable)
    );
    assert_eq!(
        arp.resolve(&i, PEER_IP, 30, &mut out),
        Ok(Resolve::Known(PEER_MAC))
    );
    assert_eq!(arp.poll(&i, 40, &mut out), Ok(None));
}

#[test]
fn unanswered_request_is_retransmitted_then_fails() {
    let i = iface();
    let mut arp = Arp::<8>::new();
    let mut out = [0u8; 64];
    arp.resolve(&i, PEER_IP, 0, &mut out).expect("started");
    let mut sent = 1;
    let mut t = 0;
    let failed_at = loop {
        t += 100;
        match arp.poll(&i, t, &mut out).expect("buffer") {
            Some(ArpPoll::Transmit { len, ip }) => {
                assert_eq!((len, ip), (60, PEER_IP));
                assert_eq!(out[..60], GOLDEN_REQUEST);
                sent += 1;
            }
            Some(ArpPoll::Unreachable(ip)) => break (ip, t),
            None => {}
        }
        assert!(t < 10_000, "never failed");
    };
    assert_eq!(sent, usize::from(MAX_MCAST_PROBES));
    assert_eq!(
        failed_at,
        (PEER_IP, u64::from(MAX_MCAST_PROBES) * RETRANS_MS)
    );
    assert!(arp.table().is_empty());
    assert_eq!(arp.counters().failures, 1);
    assert_eq!(arp.counters().requests_sent, 3);
    // A reply after the failure is unsolicited.
    let a = arp
        .handle_arp(&i, &reply_from(PEER_MAC, PEER_IP), t, &mut out)
        .expect("valid");
    assert_eq!(a, ArpAction::Ignored(ArpIgnore::Unsolicited));
}

#[test]
fn request_from_a_host_being_resolved_resolves_it() {
    let i = iface();
    let mut arp = Arp::<8>::new();
    let mut out = [0u8; 60];
    arp.resolve(&i, PEER_IP, 0, &mut out).expect("started");
    let a = arp
        .handle_arp(&i, &LINUX_REQUEST, 5, &mut out)
        .expect("valid");
    assert_eq!(
        a,
        ArpAction::Reply {
            len: 60,
            resolved: Some(PEER_IP)
        }
    );
    assert_eq!(
        arp.resolve(&i, PEER_IP, 6, &mut out),
        Ok(Resolve::Known(PEER_MAC))
    );
}

#[test]
fn gratuitous_arp_updates_existing_entries_only() {
    let i = iface();
    let mut arp = Arp::<8>::new();
    let mut out = [0u8; 60];
    let other = Ipv4Addr::new(192, 168, 77, 9);
    let new_mac = MacAddr([0x02, 0, 0, 0, 0x77, 0x99]);
    let garp = |mac: MacAddr, ip: Ipv4Addr| arp_frame([0xff; 6], mac.0, 1, mac.0, ip, [0; 6], ip);
    // Unknown host: nothing learned.
    let a = arp
        .handle_arp(&i, &garp(new_mac, other), 0, &mut out)
        .expect("valid");
    assert_eq!(a, ArpAction::Ignored(ArpIgnore::NotForUs));
    assert!(arp.table().is_empty());
    // Known host moves to a new MAC: entry updated, STALE.
    arp.handle_arp(&i, &LINUX_REQUEST, 0, &mut out)
        .expect("valid");
    let a = arp
        .handle_arp(&i, &garp(new_mac, PEER_IP), 10, &mut out)
        .expect("valid");
    assert_eq!(
        a,
        ArpAction::Learned {
            ip: PEER_IP,
            mac: new_mac,
            resolved: false
        }
    );
    assert_eq!(
        arp.table().get(PEER_IP).and_then(|n| n.mac()),
        Some(new_mac)
    );
    // The gratuitous reply form works the same.
    let reply_form = arp_frame(
        [0xff; 6], PEER_MAC.0, 2, PEER_MAC.0, PEER_IP, [0xff; 6], PEER_IP,
    );
    arp.handle_arp(&i, &reply_form, 20, &mut out)
        .expect("valid");
    assert_eq!(
        arp.table().get(PEER_IP).and_then(|n| n.mac()),
        Some(PEER_MAC)
    );
    assert_eq!(arp.table().len(), 1);
}

#[test]
fn ignores_own_mac_group_senders_bad_addresses_and_conflicts() {
    let i = iface();
    let mut arp = Arp::<8>::new();
    let mut out = [0u8; 60];
    let cases = [
        (
            arp_frame([0xff; 6], OUR_MAC.0, 1, OUR_MAC.0, PEER_IP, [0; 6], OUR_IP),
            ArpIgnore::OwnMac,
        ),
        (
            arp_frame([0xff; 6], PEER_MAC.0, 1, [0xff; 6], PEER_IP, [0; 6], OUR_IP),
            ArpIgnore::BadSenderMac,
        ),
        (
            arp_frame(
                [0xff; 6],
                PEER_MAC.0,
                1,
                [0x01, 0, 0x5e, 0, 0, 1],
                PEER_IP,
                [0; 6],
                OUR_IP,
            ),
            ArpIgnore::BadSenderMac,
        ),
        (
            arp_frame([0xff; 6], PEER_MAC.0, 1, [0; 6], PEER_IP, [0; 6], OUR_IP),
            ArpIgnore::BadSenderMac,
        ),
        (
            arp_frame(
                [0xff; 6],
                PEER_MAC.0,
                1,
                PEER_MAC.0,
                Ipv4Addr::BROADCAST,
                [0; 6],
                OUR_IP,
            ),
            ArpIgnore::BadSenderIp,
        ),
        (
            arp_frame(
                [0xff; 6],
                PEER_MAC.0,
                1,
                PEER_MAC.0,
                Ipv4Addr::new(224, 0, 0, 5),
                [0; 6],
                OUR_IP,
            ),
            ArpIgnore::BadSenderIp,
        ),
        (
            arp_frame(
                [0xff; 6],
                PEER_MAC.0,
                1,
                PEER_MAC.0,
                Ipv4Addr::new(192, 168, 77, 255),
                [0; 6],
                OUR_IP,
            ),
            ArpIgnore::BadSenderIp,
        ),
        (
            arp_frame([0xff; 6], PEER_MAC.0, 1, PEER_MAC.0, OUR_IP, [0; 6], OUR_IP),
            ArpIgnore::AddressConflict,
        ),
        (
            arp_frame(
                [0xff; 6],
                PEER_MAC.0,
                1,
                PEER_MAC.0,
                PEER_IP,
                [0; 6],
                Ipv4Addr::new(192, 168, 77, 3),
            ),
            ArpIgnore::NotForUs,
        ),
    ];
    for (frame, why) in &cases {
        let a = arp.handle_arp(&i, frame, 0, &mut out).expect("well formed");
        assert_eq!(a, ArpAction::Ignored(*why), "{why:?}");
    }
    assert!(arp.table().is_empty());
    assert_eq!(arp.counters().conflicts, 1);
    assert_eq!(arp.counters().replies_sent, 0);
}

#[test]
fn probe_for_our_address_is_answered_without_learning() {
    // RFC 5227 §2.1.1: sender address 0.0.0.0.
    let i = iface();
    let mut arp = Arp::<8>::new();
    let mut out = [0u8; 60];
    let probe = arp_frame(
        [0xff; 6],
        PEER_MAC.0,
        1,
        PEER_MAC.0,
        Ipv4Addr::UNSPECIFIED,
        [0; 6],
        OUR_IP,
    );
    let a = arp.handle_arp(&i, &probe, 0, &mut out).expect("valid");
    assert_eq!(
        a,
        ArpAction::Reply {
            len: 60,
            resolved: None
        }
    );
    assert_eq!(out[..6], PEER_MAC.0);
    assert_eq!(out[21], 2, "a reply");
    assert_eq!(
        out[38..42],
        [0, 0, 0, 0],
        "target address: the prober's 0.0.0.0"
    );
    assert!(arp.table().is_empty());
}

#[test]
fn unsolicited_and_overheard_replies() {
    let i = iface();
    let mut arp = Arp::<8>::new();
    let mut out = [0u8; 60];
    let a = arp
        .handle_arp(&i, &reply_from(PEER_MAC, PEER_IP), 0, &mut out)
        .expect("valid");
    assert_eq!(a, ArpAction::Ignored(ArpIgnore::Unsolicited));
    assert!(arp.table().is_empty());
    // A broadcast reply for our address does not confirm: STALE only.
    arp.resolve(&i, PEER_IP, 0, &mut out).expect("started");
    let bcast = arp_frame(
        [0xff; 6], PEER_MAC.0, 2, PEER_MAC.0, PEER_IP, OUR_MAC.0, OUR_IP,
    );
    let a = arp.handle_arp(&i, &bcast, 1, &mut out).expect("valid");
    assert!(matches!(a, ArpAction::Learned { resolved: true, .. }));
    assert_eq!(
        arp.table().get(PEER_IP).map(|n| n.state()),
        Some(NeighState::Stale)
    );
}

#[test]
fn resolve_routes() {
    let i = iface();
    let mut arp = Arp::<8>::new();
    let mut out = [0u8; 60];
    // Off link: the gateway is resolved.
    assert_eq!(
        arp.resolve(&i, Ipv4Addr::new(8, 8, 8, 8), 0, &mut out),
        Ok(Resolve::SendRequest { len: 60 })
    );
    assert_eq!(out[38..42], GW.octets());
    assert!(arp.table().get(GW).is_some());
    assert_eq!(
        arp.resolve(&i, Ipv4Addr::new(1, 1, 1, 1), 1, &mut out),
        Ok(Resolve::Pending)
    );
    let no_gw = Interface::new(OUR_MAC, OUR_IP, 24, None).expect("valid");
    assert_eq!(
        arp.resolve(&no_gw, Ipv4Addr::new(8, 8, 8, 8), 0, &mut out),
        Err(ResolveError::NoRoute)
    );
    assert_eq!(
        arp.resolve(&i, OUR_IP, 0, &mut out),
        Err(ResolveError::OwnAddress)
    );
    for bad in [
        Ipv4Addr::UNSPECIFIED,
        Ipv4Addr::new(127, 0, 0, 1),
        Ipv4Addr::new(192, 168, 77, 0),
    ] {
        assert_eq!(
            arp.resolve(&i, bad, 0, &mut out),
            Err(ResolveError::InvalidAddress),
            "{bad}"
        );
    }
    for b in [Ipv4Addr::BROADCAST, Ipv4Addr::new(192, 168, 77, 255)] {
        assert_eq!(
            arp.resolve(&i, b, 0, &mut out),
            Ok(Resolve::Known(MacAddr([0xff; 6])))
        );
    }
    let group = Ipv4Addr::new(239, 129, 2, 3);
    assert_eq!(
        arp.resolve(&i, group, 0, &mut out),
        Ok(Resolve::Known(MacAddr([
            0x01, 0x00, 0x5e, 0x01, 0x02, 0x03
        ])))
    );
    assert_eq!(
        multicast_mac(group),
        MacAddr([0x01, 0x00, 0x5e, 0x01, 0x02, 0x03])
    );
}

#[test]
fn full_table_and_short_buffers() {
    let i = iface();
    let mut arp = Arp::<2>::new();
    let mut out = [0u8; 60];
    let ip = |n| Ipv4Addr::new(192, 168, 77, n);
    assert!(arp.resolve(&i, ip(10), 0, &mut out).is_ok());
    assert!(arp.resolve(&i, ip(11), 0, &mut out).is_ok());
    assert_eq!(
        arp.resolve(&i, ip(12), 0, &mut out),
        Err(ResolveError::TableFull)
    );
    // A request for us is still answered when its sender cannot be learned.
    let a = arp
        .handle_arp(&i, &LINUX_REQUEST, 0, &mut out)
        .expect("valid");
    assert!(matches!(a, ArpAction::Reply { len: 60, .. }));
    assert!(arp.table().get(PEER_IP).is_none());

    let mut short = [0u8; 59];
    let mut arp = Arp::<2>::new();
    assert_eq!(
        arp.resolve(&i, ip(10), 0, &mut short),
        Err(ResolveError::BufferTooSmall)
    );
    assert!(arp.table().is_empty(), "nothing started without a request");
    assert_eq!(
        arp.handle_arp(&i, &LINUX_REQUEST, 0, &mut short),
        Err(warpnic_fw::net::DropReason::OutputTooSmall)
    );
    assert_eq!(
        arp.poll(&i, 0, &mut short),
        Err(ResolveError::BufferTooSmall)
    );
}

#[test]
fn malformed_arp_is_dropped() {
    use warpnic_fw::net::DropReason;
    let i = iface();
    let mut arp = Arp::<2>::new();
    let mut out = [0u8; 60];
    assert_eq!(
        arp.handle_arp(&i, &LINUX_REQUEST[..41], 0, &mut out),
        Err(DropReason::ArpTruncated)
    );
    assert_eq!(
        arp.handle_arp(&i, &LINUX_REQUEST[..13], 0, &mut out),
        Err(DropReason::EthTruncated)
    );
    for (at, v) in [(15, 6u8), (17, 0xdd), (18, 8), (19, 6), (21, 3)] {
        let mut f = LINUX_REQUEST;
        f[at] = v;
        assert_eq!(
            arp.handle_arp(&i, &f, 0, &mut out),
            Err(DropReason::ArpMalformed),
            "byte {at}"
        );
    }
    let mut f = LINUX_REQUEST;
    f[13] = 0x00;
    assert_eq!(arp.handle_arp(&i, &f, 0, &mut out), Err(DropReason::NotArp));
}

#[test]
fn announcement() {
    let mut out = [0u8; 60];
    assert_eq!(emit_announcement(&iface(), &mut out), Ok(60));
    let mut want = GOLDEN_REQUEST;
    want[38..42].copy_from_slice(&OUR_IP.octets());
    assert_eq!(out, want);
}
