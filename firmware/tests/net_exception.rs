//! The exception-path dispatcher: one frame of every class, the drop
//! counters, and property tests that no input panics and that nothing but
//! an ARP request for our address or an echo request to it is answered.

use std::net::Ipv4Addr;

use proptest::prelude::*;
use warpnic_abi::gen::{tcp_flags, ArpOper};
use warpnic_abi::wire::{
    ArpRepr, EthernetRepr, IcmpEchoKind, IcmpEchoRepr, Ipv4Repr, TcpOptions, TcpRepr,
};
use warpnic_fw::net::neigh::{Lookup, NeighState, NeighTable, NeighTimer};
use warpnic_fw::net::{
    ArpAction, ArpIgnore, DropReason, ExceptionPath, HostReason, Interface, TcpSynHint, Verdict,
    MAX_FRAME_LEN,
};
use warpnic_fw::MacAddr;

const OUR_MAC: MacAddr = MacAddr([0x02, 0, 0, 0, 0x77, 0x02]);
const OUR_IP: Ipv4Addr = Ipv4Addr::new(192, 168, 77, 2);
const PEER_MAC: [u8; 6] = [0x02, 0, 0, 0, 0x77, 0x01];
const PEER_IP: Ipv4Addr = Ipv4Addr::new(192, 168, 77, 1);

/// The Linux ARP request of `net_arp.rs` (who-has .2 tell .1).
const LINUX_ARP_REQUEST: [u8; 42] = [
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02, 0x00, 0x00, 0x00, 0x77, 0x01, 0x08, 0x06, 0x00, 0x01,
    0x08, 0x00, 0x06, 0x04, 0x00, 0x01, 0x02, 0x00, 0x00, 0x00, 0x77, 0x01, 0xc0, 0xa8, 0x4d, 0x01,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xc0, 0xa8, 0x4d, 0x02,
];

/// The Linux echo request of `net_icmp.rs` (.1 → .2, id 0x4a1b, seq 7).
const LINUX_ECHO: [u8; 74] = [
    0x02, 0x00, 0x00, 0x00, 0x77, 0x02, 0x02, 0x00, 0x00, 0x00, 0x77, 0x01, 0x08, 0x00, 0x45, 0x00,
    0x00, 0x3c, 0x8e, 0x89, 0x40, 0x00, 0x40, 0x01, 0x90, 0xe3, 0xc0, 0xa8, 0x4d, 0x01, 0xc0, 0xa8,
    0x4d, 0x02, 0x08, 0x00, 0xbb, 0xdb, 0x4a, 0x1b, 0x00, 0x07, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15,
    0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x21, 0x22, 0x23, 0x24, 0x25,
    0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f,
];

fn path() -> ExceptionPath<16> {
    ExceptionPath::new(
        Interface::new(OUR_MAC, OUR_IP, 24, Some(Ipv4Addr::new(192, 168, 77, 254)))
            .expect("valid interface"),
    )
}

/// An Ethernet/IPv4 frame from the peer to `dst` with `payload`.
fn ipv4_frame(dst: Ipv4Addr, protocol: u8, payload: &[u8]) -> Vec<u8> {
    let mut f = vec![0u8; 34 + payload.len()];
    EthernetRepr {
        dst: OUR_MAC.0,
        src: PEER_MAC,
        ether_type: 0x0800,
    }
    .emit(&mut f)
    .expect("emit");
    Ipv4Repr {
        src: PEER_IP,
        dst,
        protocol,
        ttl: 64,
        dscp: 0,
        ecn: 0,
        ident: 1,
        dont_frag: true,
        more_frags: false,
        frag_offset: 0,
        payload_len: payload.len(),
    }
    .emit(&mut f[14..])
    .expect("emit");
    f[34..].copy_from_slice(payload);
    f
}

fn tcp_frame(flags: u8, mss: Option<u16>) -> Vec<u8> {
    let tcp = TcpRepr {
        src_port: 40000,
        dst_port: 4791,
        seq: 0x1122_3344,
        ack: 0,
        flags,
        window: 64240,
        urgent: 0,
        options: TcpOptions {
            mss,
            ..TcpOptions::default()
        },
    };
    let mut seg = vec![0u8; tcp.header_len()];
    tcp.emit(&mut seg, PEER_IP, OUR_IP, &[]).expect("emit");
    ipv4_frame(OUR_IP, 6, &seg)
}

#[test]
fn every_class() {
    let mut p = path();
    let mut out = [0u8; MAX_FRAME_LEN];
    let v = p.handle_frame(&LINUX_ARP_REQUEST, 0, &mut out);
    assert_eq!(v.transmit_len(), Some(60));
    assert!(matches!(v, Verdict::Arp(ArpAction::Reply { .. })));
    let v = p.handle_frame(&LINUX_ECHO, 0, &mut out);
    assert_eq!(v, Verdict::EchoReply { len: 74 });
    assert_eq!(v.transmit_len(), Some(74));

    let syn = p.handle_frame(&tcp_frame(tcp_flags::SYN, Some(1460)), 0, &mut out);
    assert_eq!(
        syn,
        Verdict::TcpSyn(TcpSynHint {
            peer_mac: MacAddr(PEER_MAC),
            src: PEER_IP,
            src_port: 40000,
            dst_port: 4791,
            seq: 0x1122_3344,
            mss: Some(1460),
        })
    );
    assert_eq!(syn.transmit_len(), None);
    for flags in [
        tcp_flags::SYN | tcp_flags::ACK,
        tcp_flags::ACK,
        tcp_flags::SYN | tcp_flags::RST,
        tcp_flags::SYN | tcp_flags::FIN,
        tcp_flags::RST,
    ] {
        assert_eq!(
            p.handle_frame(&tcp_frame(flags, None), 0, &mut out),
            Verdict::PassToHost(HostReason::Tcp),
            "flags {flags:#x}"
        );
    }
    let mut bad_tcp = tcp_frame(tcp_flags::SYN, None);
    let last = bad_tcp.len() - 1;
    bad_tcp[last] ^= 1; // urgent pointer: checksum no longer verifies
    assert_eq!(
        p.handle_frame(&bad_tcp, 0, &mut out),
        Verdict::Drop(DropReason::TcpBadChecksum)
    );
    assert_eq!(
        p.handle_frame(&ipv4_frame(OUR_IP, 6, &[0; 10]), 0, &mut out),
        Verdict::Drop(DropReason::TcpMalformed)
    );
    assert_eq!(
        p.handle_frame(&ipv4_frame(OUR_IP, 17, &[0; 12]), 0, &mut out),
        Verdict::PassToHost(HostReason::OtherProtocol)
    );
    let mut unreachable = [3u8, 1, 0, 0, 0, 0, 0, 0];
    let c = warpnic_abi::wire::internet_checksum(&unreachable);
    unreachable[2..4].copy_from_slice(&c.to_be_bytes());
    assert_eq!(
        p.handle_frame(&ipv4_frame(OUR_IP, 1, &unreachable), 0, &mut out),
        Verdict::PassToHost(HostReason::Icmp)
    );
    assert_eq!(
        p.handle_frame(
            &ipv4_frame(Ipv4Addr::new(192, 168, 77, 255), 17, &[0; 8]),
            0,
            &mut out
        ),
        Verdict::PassToHost(HostReason::NotOurAddress)
    );
    let mut ipv6 = LINUX_ECHO;
    ipv6[12..14].copy_from_slice(&[0x86, 0xdd]);
    assert_eq!(
        p.handle_frame(&ipv6, 0, &mut out),
        Verdict::PassToHost(HostReason::OtherEtherType)
    );
    let mut llc = LINUX_ECHO;
    llc[12..14].copy_from_slice(&[0x00, 0x26]);
    assert_eq!(
        p.handle_frame(&llc, 0, &mut out),
        Verdict::PassToHost(HostReason::NotEthernetII)
    );

    // Link-level drops.
    assert_eq!(
        p.handle_frame(&LINUX_ECHO[..13], 0, &mut out),
        Verdict::Drop(DropReason::EthTruncated)
    );
    let mut f = LINUX_ECHO;
    f[6] = 0x01;
    assert_eq!(
        p.handle_frame(&f, 0, &mut out),
        Verdict::Drop(DropReason::BadSourceMac)
    );
    let mut f = LINUX_ECHO;
    f[6..12].copy_from_slice(&OUR_MAC.0);
    assert_eq!(
        p.handle_frame(&f, 0, &mut out),
        Verdict::Drop(DropReason::OwnSourceMac)
    );
    let mut f = LINUX_ECHO;
    f[5] = 0x03;
    assert_eq!(
        p.handle_frame(&f, 0, &mut out),
        Verdict::Drop(DropReason::NotOurMac)
    );
    // Source address that cannot be a host, to us.
    let mut f = LINUX_ECHO;
    f[26..30].copy_from_slice(&[224, 0, 0, 1]);
    f[24..26].copy_from_slice(&[0, 0]);
    let c = warpnic_abi::wire::internet_checksum(&f[14..34]);
    f[24..26].copy_from_slice(&c.to_be_bytes());
    assert_eq!(
        p.handle_frame(&f, 0, &mut out),
        Verdict::Drop(DropReason::BadSourceAddress)
    );
    // A multicast-destined ARP with a broken header.
    let mut f = LINUX_ARP_REQUEST;
    f[21] = 9;
    assert_eq!(
        p.handle_frame(&f, 0, &mut out),
        Verdict::Drop(DropReason::ArpMalformed)
    );

    let c = p.counters();
    assert_eq!(c.frames, 21);
    assert_eq!(c.replies, 2);
    assert_eq!(c.tcp_syns, 1);
    assert_eq!(c.to_host, 10);
    assert_eq!(c.drops.get(DropReason::TcpBadChecksum), 1);
    assert_eq!(c.drops.get(DropReason::TcpMalformed), 1);
    assert_eq!(c.drops.get(DropReason::EthTruncated), 1);
    assert_eq!(c.drops.get(DropReason::BadSourceMac), 1);
    assert_eq!(c.drops.get(DropReason::OwnSourceMac), 1);
    assert_eq!(c.drops.get(DropReason::NotOurMac), 1);
    assert_eq!(c.drops.get(DropReason::BadSourceAddress), 1);
    assert_eq!(c.drops.get(DropReason::ArpMalformed), 1);
    assert_eq!(c.drops.get(DropReason::Ipv4Fragment), 0);
    assert_eq!(c.drops.total(), 8);
    assert_eq!(
        c.frames,
        c.replies + c.arp_consumed + c.tcp_syns + c.to_host + c.drops.total()
    );
}

#[test]
fn echo_from_an_on_link_host_teaches_the_table() {
    let mut p = path();
    let mut out = [0u8; MAX_FRAME_LEN];
    assert_eq!(
        p.handle_frame(&LINUX_ECHO, 7, &mut out),
        Verdict::EchoReply { len: 74 }
    );
    let n = p.arp().table().get(PEER_IP).expect("learned");
    assert_eq!(
        (n.mac(), n.state()),
        (Some(MacAddr(PEER_MAC)), NeighState::Stale)
    );
    // The next resolve needs no request.
    assert_eq!(
        p.resolve(PEER_IP, 8, &mut out),
        Ok(warpnic_fw::net::Resolve::Known(MacAddr(PEER_MAC)))
    );
    // An ARP for us from the same host after that: still answered.
    let v = p.handle_frame(&LINUX_ARP_REQUEST, 9, &mut out);
    assert!(matches!(v, Verdict::Arp(ArpAction::Reply { .. })));
    // Our own broadcast looped back is dropped at the link level.
    let mut own = LINUX_ARP_REQUEST;
    own[6..12].copy_from_slice(&OUR_MAC.0);
    own[22..28].copy_from_slice(&OUR_MAC.0);
    assert_eq!(
        p.handle_frame(&own, 9, &mut out),
        Verdict::Drop(DropReason::OwnSourceMac)
    );
    let mut conflict = LINUX_ARP_REQUEST;
    conflict[28..32].copy_from_slice(&OUR_IP.octets());
    assert_eq!(
        p.handle_frame(&conflict, 9, &mut out),
        Verdict::Arp(ArpAction::Ignored(ArpIgnore::AddressConflict))
    );
}

#[test]
fn changing_the_interface_clears_the_table() {
    let mut p = path();
    let mut out = [0u8; 60];
    p.handle_frame(&LINUX_ARP_REQUEST, 0, &mut out);
    assert_eq!(p.arp().table().len(), 1);
    let same = *p.interface();
    p.set_interface(same);
    assert_eq!(p.arp().table().len(), 1);
    let moved = Interface::new(OUR_MAC, Ipv4Addr::new(192, 168, 77, 3), 24, None).expect("ok");
    p.set_interface(moved);
    assert!(p.arp().table().is_empty());
    assert_eq!(p.interface().ip(), Ipv4Addr::new(192, 168, 77, 3));
}

/// What the input must have been for the path to answer it, checked with
/// the abi parsers independently of the firmware; and the answer's shape.
fn check_reply(input: &[u8], out: &[u8], v: Verdict) -> Result<(), TestCaseError> {
    let Some(n) = v.transmit_len() else {
        return Ok(());
    };
    prop_assert!((60..=out.len()).contains(&n));
    let reply = &out[..n];
    let (eth_in, body) =
        EthernetRepr::parse(input).map_err(|e| TestCaseError::fail(format!("{e}")))?;
    let (eth_out, rbody) =
        EthernetRepr::parse(reply).map_err(|e| TestCaseError::fail(format!("{e}")))?;
    prop_assert_eq!(eth_out.src, OUR_MAC.0);
    match v {
        Verdict::Arp(_) => {
            let (req, _) = ArpRepr::parse(body).map_err(|e| TestCaseError::fail(format!("{e}")))?;
            // RFC 826: the reply goes to the sender hardware address.
            prop_assert_eq!(eth_out.dst, req.sha);
            prop_assert_eq!(req.oper, ArpOper::Request);
            prop_assert_eq!(req.tpa, OUR_IP);
            let (rep, _) =
                ArpRepr::parse(rbody).map_err(|e| TestCaseError::fail(format!("{e}")))?;
            prop_assert_eq!(rep.oper, ArpOper::Reply);
            prop_assert_eq!((rep.sha, rep.spa), (OUR_MAC.0, OUR_IP));
            prop_assert_eq!((rep.tha, rep.tpa), (req.sha, req.spa));
        }
        Verdict::EchoReply { .. } => {
            let (ip, icmp) =
                Ipv4Repr::parse(body).map_err(|e| TestCaseError::fail(format!("{e}")))?;
            prop_assert_eq!(ip.dst, OUR_IP);
            prop_assert_eq!(ip.protocol, 1);
            prop_assert!(!ip.more_frags && ip.frag_offset == 0);
            let (echo, data) =
                IcmpEchoRepr::parse(icmp).map_err(|e| TestCaseError::fail(format!("{e}")))?;
            prop_assert_eq!(echo.kind, IcmpEchoKind::Request);
            prop_assert_eq!(eth_out.dst, eth_in.src);
            let (rip, ricmp) =
                Ipv4Repr::parse(rbody).map_err(|e| TestCaseError::fail(format!("{e}")))?;
            prop_assert_eq!((rip.src, rip.dst), (OUR_IP, ip.src));
            let (recho, rdata) =
                IcmpEchoRepr::parse(ricmp).map_err(|e| TestCaseError::fail(format!("{e}")))?;
            prop_assert_eq!(recho.kind, IcmpEchoKind::Reply);
            prop_assert_eq!((recho.ident, recho.seq), (echo.ident, echo.seq));
            prop_assert_eq!(rdata, data);
        }
        _ => prop_assert!(false, "transmit from {:?}", v),
    }
    Ok(())
}

fn check_counters<const N: usize>(p: &ExceptionPath<N>) -> Result<(), TestCaseError> {
    let c = p.counters();
    prop_assert_eq!(
        c.frames,
        c.replies + c.arp_consumed + c.tcp_syns + c.to_host + c.drops.total()
    );
    prop_assert!(p.arp().table().len() <= N);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_bytes_never_panic_nor_answer_a_non_request(
        bytes in proptest::collection::vec(any::<u8>(), 0..200),
        header in 0usize..3,
        now in any::<u64>(),
        out_len in 0usize..100,
    ) {
        // Random bytes behind a real Ethernet header now and then, so the
        // ARP and IPv4 parsers see random input too.
        let mut input = bytes;
        match header {
            1 => input.splice(0..0, LINUX_ARP_REQUEST[..14].iter().copied()).for_each(drop),
            2 => input.splice(0..0, LINUX_ECHO[..14].iter().copied()).for_each(drop),
            _ => {}
        }
        let mut p = path();
        let mut out = vec![0u8; out_len];
        let v = p.handle_frame(&input, now, &mut out);
        check_reply(&input, &out, v)?;
        check_counters(&p)?;
    }

    #[test]
    fn mutated_golden_frames_answer_only_requests(
        which in 0usize..3,
        flips in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..4),
        cut in proptest::option::of(any::<usize>()),
    ) {
        let mut input = match which {
            0 => LINUX_ARP_REQUEST.to_vec(),
            1 => LINUX_ECHO.to_vec(),
            _ => tcp_frame(tcp_flags::SYN, Some(1460)),
        };
        for (at, x) in flips {
            let at = at % input.len();
            input[at] ^= x;
        }
        if let Some(c) = cut {
            input.truncate(c % (input.len() + 1));
        }
        let mut p = path();
        let mut out = [0u8; MAX_FRAME_LEN];
        let v = p.handle_frame(&input, 0, &mut out);
        check_reply(&input, &out, v)?;
        check_counters(&p)?;
    }

    #[test]
    fn arp_is_answered_exactly_when_it_asks_for_us(
        oper in prop_oneof![Just(1u16), Just(2u16), any::<u16>()],
        eth_dst in prop_oneof![Just([0xff; 6]), Just(OUR_MAC.0), Just(PEER_MAC), any::<[u8; 6]>()],
        eth_src in prop_oneof![Just(PEER_MAC), Just(OUR_MAC.0), any::<[u8; 6]>()],
        sha in prop_oneof![Just(PEER_MAC), Just(OUR_MAC.0), Just([0u8; 6]), any::<[u8; 6]>()],
        spa in prop_oneof![
            Just(PEER_IP), Just(OUR_IP), Just(Ipv4Addr::UNSPECIFIED),
            Just(Ipv4Addr::new(192, 168, 77, 255)), any::<[u8; 4]>().prop_map(Ipv4Addr::from)
        ],
        tpa in prop_oneof![
            Just(OUR_IP), Just(PEER_IP), Just(Ipv4Addr::new(192, 168, 77, 9)),
            any::<[u8; 4]>().prop_map(Ipv4Addr::from)
        ],
        tha in any::<[u8; 6]>(),
    ) {
        let mut f = Vec::new();
        f.extend_from_slice(&eth_dst);
        f.extend_from_slice(&eth_src);
        f.extend_from_slice(&[0x08, 0x06, 0x00, 0x01, 0x08, 0x00, 0x06, 0x04]);
        f.extend_from_slice(&oper.to_be_bytes());
        f.extend_from_slice(&sha);
        f.extend_from_slice(&spa.octets());
        f.extend_from_slice(&tha);
        f.extend_from_slice(&tpa.octets());
        let mut p = path();
        let mut out = [0u8; 60];
        let v = p.handle_frame(&f, 0, &mut out);
        // The oracle, from RFC 826 and the module's documented policy.
        let unicast = |m: [u8; 6]| m[0] & 1 == 0 && m != [0; 6];
        let i = p.interface();
        let sender_ok = spa.is_unspecified() || i.is_unicast_peer(spa);
        let want = oper == 1
            && tpa == OUR_IP
            && unicast(eth_src) && eth_src != OUR_MAC.0
            && (eth_dst[0] & 1 == 1 || eth_dst == OUR_MAC.0)
            && unicast(sha) && sha != OUR_MAC.0
            && spa != OUR_IP
            && sender_ok;
        prop_assert_eq!(v.transmit_len().is_some(), want, "{:?}", v);
        check_reply(&f, &out, v)?;
        check_counters(&p)?;
    }

    #[test]
    fn icmp_is_answered_exactly_for_echo_requests_to_us(
        ty in prop_oneof![Just(8u8), Just(0u8), Just(3u8), any::<u8>()],
        code in prop_oneof![Just(0u8), any::<u8>()],
        dst in prop_oneof![
            Just(OUR_IP), Just(PEER_IP), Just(Ipv4Addr::new(192, 168, 77, 255)),
            any::<[u8; 4]>().prop_map(Ipv4Addr::from)
        ],
        frag in prop_oneof![Just((false, 0u16)), Just((true, 0u16)), Just((false, 3u16))],
        data in proptest::collection::vec(any::<u8>(), 0..64),
        good_sum in any::<bool>(),
    ) {
        let mut icmp = vec![ty, code, 0, 0, 0x12, 0x34, 0, 9];
        icmp.extend_from_slice(&data);
        if good_sum {
            let c = warpnic_abi::wire::internet_checksum(&icmp);
            icmp[2..4].copy_from_slice(&c.to_be_bytes());
        } else {
            icmp[2] = 0x5a;
        }
        let mut f = ipv4_frame(dst, 1, &icmp);
        if frag != (false, 0) {
            let v: u16 = (u16::from(frag.0) << 13) | frag.1;
            f[20..22].copy_from_slice(&v.to_be_bytes());
            f[24..26].copy_from_slice(&[0, 0]);
            let c = warpnic_abi::wire::internet_checksum(&f[14..34]);
            f[24..26].copy_from_slice(&c.to_be_bytes());
        }
        let mut p = path();
        let mut out = [0u8; MAX_FRAME_LEN];
        let v = p.handle_frame(&f, 0, &mut out);
        let sum_ok = warpnic_abi::wire::internet_checksum(&icmp) == 0;
        let want = ty == 8 && code == 0 && dst == OUR_IP && frag == (false, 0) && sum_ok;
        prop_assert_eq!(v.transmit_len().is_some(), want, "{:?}", v);
        check_reply(&f, &out, v)?;
        check_counters(&p)?;
    }

    #[test]
    fn neighbour_table_invariants(
        ops in proptest::collection::vec((0u8..6, 0u8..12, 0u8..3, 0u64..4_000), 1..200),
    ) {
        let mut t = NeighTable::<4>::new();
        let mut now = 0u64;
        for (op, host, mac, dt) in ops {
            now += dt;
            let ip = Ipv4Addr::new(10, 0, 0, host);
            let mac = MacAddr([0x02, 0, 0, 0, 0, mac]);
            match op {
                0 => { let _ = t.solicit(ip, now); }
                1 => { t.confirm(ip, mac, now); }
                2 => { let _ = t.hint(ip, mac, now, true); }
                3 => { let _ = t.hint(ip, mac, now, false); }
                4 => {
                    if let Lookup::Mac(m) = t.use_entry(ip, now) {
                        prop_assert_eq!(t.get(ip).and_then(|n| n.mac()), Some(m));
                    }
                }
                _ => {
                    let mut seen = 0;
                    while let Some(ev) = t.poll(now) {
                        if let NeighTimer::Failed(ip) = ev {
                            prop_assert!(t.get(ip).is_none());
                        }
                        seen += 1;
                        prop_assert!(seen <= 8, "poll does not settle");
                    }
                }
            }
            prop_assert!(t.len() <= 4);
            let ips: Vec<_> = t.iter().map(|n| n.ip()).collect();
            for (i, a) in ips.iter().enumerate() {
                prop_assert!(!ips[i + 1..].contains(a), "duplicate {}", a);
            }
            for n in t.iter() {
                prop_assert_eq!(n.mac().is_none(), n.state() == NeighState::Incomplete);
            }
        }
    }
}
