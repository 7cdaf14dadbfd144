//! ICMP echo against golden frames: an echo request sent by Linux (kernel
//! IPv4 header, raw-socket ICMP, veth) and the reply RFC 792 prescribes,
//! with its checksums computed independently of the firmware.

use std::net::Ipv4Addr;

use warpnic_abi::wire::{internet_checksum, IcmpEchoKind, IcmpEchoRepr, Ipv4Repr};
use warpnic_fw::net::{DropReason, Icmp, IcmpAction, Interface, MAX_FRAME_LEN};
use warpnic_fw::MacAddr;

const OUR_MAC: MacAddr = MacAddr([0x02, 0, 0, 0, 0x77, 0x02]);
const OUR_IP: Ipv4Addr = Ipv4Addr::new(192, 168, 77, 2);

/// Echo request 192.168.77.1 → 192.168.77.2, id 0x4a1b, seq 7, 32 bytes of
/// data 0x10..0x2f, DF set, TTL 64, as Linux sent it.
const LINUX_ECHO: [u8; 74] = [
    0x02, 0x00, 0x00, 0x00, 0x77, 0x02, 0x02, 0x00, 0x00, 0x00, 0x77, 0x01, 0x08, 0x00, // eth
    0x45, 0x00, 0x00, 0x3c, 0x8e, 0x89, 0x40, 0x00, 0x40, 0x01, 0x90, 0xe3, // IPv4
    0xc0, 0xa8, 0x4d, 0x01, 0xc0, 0xa8, 0x4d, 0x02, //
    0x08, 0x00, 0xbb, 0xdb, 0x4a, 0x1b, 0x00, 0x07, // ICMP echo request
    0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f,
    0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f,
];

/// The echo reply: addresses swapped, IP id 0 (the first reply), DF clear,
/// TTL 64, header checksum 0x5f6d; ICMP type 0, checksum 0xc3db.
const GOLDEN_ECHO_REPLY: [u8; 74] = [
    0x02, 0x00, 0x00, 0x00, 0x77, 0x01, 0x02, 0x00, 0x00, 0x00, 0x77, 0x02, 0x08, 0x00, // eth
    0x45, 0x00, 0x00, 0x3c, 0x00, 0x00, 0x00, 0x00, 0x40, 0x01, 0x5f, 0x6d, // IPv4
    0xc0, 0xa8, 0x4d, 0x02, 0xc0, 0xa8, 0x4d, 0x01, //
    0x00, 0x00, 0xc3, 0xdb, 0x4a, 0x1b, 0x00, 0x07, // ICMP echo reply
    0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f,
    0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f,
];

fn iface() -> Interface {
    Interface::new(OUR_MAC, OUR_IP, 24, None).expect("valid interface")
}

/// Recomputes the IPv4 header checksum of a frame with a `hlen`-byte
/// header.
fn fix_ip_checksum(f: &mut [u8], hlen: usize) {
    f[24] = 0;
    f[25] = 0;
    let c = internet_checksum(&f[14..14 + hlen]);
    f[24..26].copy_from_slice(&c.to_be_bytes());
}

/// An echo request frame with `data`, built with the abi's emitters.
fn echo_request(src: Ipv4Addr, data: &[u8], ident: u16, seq: u16) -> Vec<u8> {
    let mut f = vec![0u8; 14 + 20 + 8 + data.len()];
    f[..14].copy_from_slice(&LINUX_ECHO[..14]);
    let ip = Ipv4Repr {
        src,
        dst: OUR_IP,
        protocol: 1,
        ttl: 1,
        dscp: 10,
        ecn: 2,
        ident: 99,
        dont_frag: true,
        more_frags: false,
        frag_offset: 0,
        payload_len: 8 + data.len(),
    };
    ip.emit(&mut f[14..]).expect("emit");
    IcmpEchoRepr {
        kind: IcmpEchoKind::Request,
        ident,
        seq,
    }
    .emit(&mut f[34..], data)
    .expect("emit");
    f
}

#[test]
fn linux_echo_gets_the_golden_reply() {
    let mut icmp = Icmp::new();
    let mut out = [0u8; MAX_FRAME_LEN];
    let a = icmp
        .handle_frame(&iface(), &LINUX_ECHO, &mut out)
        .expect("valid");
    assert_eq!(a, IcmpAction::EchoReply { len: 74 });
    assert_eq!(out[..74], GOLDEN_ECHO_REPLY);
    assert_eq!(icmp.replies_sent(), 1);
    // The next reply takes the next IP identification.
    icmp.handle_frame(&iface(), &LINUX_ECHO, &mut out)
        .expect("valid");
    assert_eq!(out[18..20], [0, 1]);
}

#[test]
fn data_of_every_shape_is_echoed() {
    let mut icmp = Icmp::new();
    let mut out = [0u8; MAX_FRAME_LEN];
    let src = Ipv4Addr::new(10, 9, 8, 7); // off link: still answered
    for len in [0usize, 1, 17, 18, 19, 1000, 1472] {
        let data: Vec<u8> = (0..len).map(|i| (i * 7 + 3) as u8).collect();
        let req = echo_request(src, &data, 0xbeef, len as u16);
        let a = icmp.handle_frame(&iface(), &req, &mut out).expect("valid");
        let IcmpAction::EchoReply { len: n } = a else {
            panic!("no reply for {len}")
        };
        assert_eq!(n, (42 + len).max(60), "length for {len}");
        let (ip, payload) = Ipv4Repr::parse(&out[14..n]).expect("valid IPv4");
        assert_eq!((ip.src, ip.dst, ip.ttl, ip.protocol), (OUR_IP, src, 64, 1));
        assert_eq!((ip.dscp, ip.ecn, ip.dont_frag), (10, 0, false));
        let (echo, echoed) = IcmpEchoRepr::parse(payload).expect("valid echo");
        assert_eq!(echo.kind, IcmpEchoKind::Reply);
        assert_eq!((echo.ident, echo.seq), (0xbeef, len as u16));
        assert_eq!(echoed, &data[..]);
        assert!(out[42 + len..n].iter().all(|&b| b == 0), "padding");
    }
}

#[test]
fn refuses_fragments_and_options() {
    let mut icmp = Icmp::new();
    let mut out = [0u8; MAX_FRAME_LEN];
    // More fragments.
    let mut f = LINUX_ECHO;
    f[20] = 0x20;
    fix_ip_checksum(&mut f, 20);
    assert_eq!(
        icmp.handle_frame(&iface(), &f, &mut out),
        Err(DropReason::Ipv4Fragment)
    );
    // A later fragment (offset 185 * 8).
    let mut f = LINUX_ECHO;
    f[20] = 0x00;
    f[21] = 185;
    fix_ip_checksum(&mut f, 20);
    assert_eq!(
        icmp.handle_frame(&iface(), &f, &mut out),
        Err(DropReason::Ipv4Fragment)
    );
    // IHL 6 with a NOP option row.
    let mut f = Vec::from(&LINUX_ECHO[..34]);
    f.extend_from_slice(&[1, 1, 1, 0]);
    f.extend_from_slice(&LINUX_ECHO[34..]);
    f[14] = 0x46;
    f[16..18].copy_from_slice(&64u16.to_be_bytes());
    fix_ip_checksum(&mut f, 24);
    assert_eq!(
        icmp.handle_frame(&iface(), &f, &mut out),
        Err(DropReason::Ipv4Options)
    );
    assert_eq!(icmp.replies_sent(), 0);
}

#[test]
fn drops_bad_checksums_and_lengths() {
    let mut icmp = Icmp::new();
    let mut out = [0u8; MAX_FRAME_LEN];
    let i = iface();
    let mut f = LINUX_ECHO;
    f[22] = 63; // TTL changed, header checksum stale
    assert_eq!(
        icmp.handle_frame(&i, &f, &mut out),
        Err(DropReason::Ipv4BadChecksum)
    );
    let mut f = LINUX_ECHO;
    f[73] ^= 0xff;
    assert_eq!(
        icmp.handle_frame(&i, &f, &mut out),
        Err(DropReason::IcmpBadChecksum)
    );
    let mut f = LINUX_ECHO;
    f[35] = 1; // code 1
    assert_eq!(
        icmp.handle_frame(&i, &f, &mut out),
        Err(DropReason::IcmpMalformed)
    );
    assert_eq!(
        icmp.handle_frame(&i, &LINUX_ECHO[..73], &mut out),
        Err(DropReason::Ipv4Truncated)
    );
    // Total length covering only 4 bytes of ICMP.
    let mut f = LINUX_ECHO;
    f[16..18].copy_from_slice(&24u16.to_be_bytes());
    fix_ip_checksum(&mut f, 20);
    assert_eq!(
        icmp.handle_frame(&i, &f, &mut out),
        Err(DropReason::IcmpTruncated)
    );
    let mut f = LINUX_ECHO;
    f[14] = 0x65;
    assert_eq!(
        icmp.handle_frame(&i, &f, &mut out),
        Err(DropReason::Ipv4BadVersion)
    );
    assert_eq!(
        icmp.handle_frame(&i, &LINUX_ECHO, &mut [0u8; 73]),
        Err(DropReason::OutputTooSmall)
    );
    assert_eq!(icmp.replies_sent(), 0);
}

#[test]
fn other_icmp_goes_to_the_host_and_bad_sources_are_dropped() {
    let mut icmp = Icmp::new();
    let mut out = [0u8; MAX_FRAME_LEN];
    let i = iface();
    // An echo reply and a destination unreachable: the host's.
    for ty in [0u8, 3, 11] {
        let mut f = LINUX_ECHO;
        f[34] = ty;
        assert_eq!(
            icmp.handle_frame(&i, &f, &mut out),
            Ok(IcmpAction::PassToHost),
            "type {ty}"
        );
    }
    for src in [
        Ipv4Addr::UNSPECIFIED,
        Ipv4Addr::BROADCAST,
        Ipv4Addr::new(224, 0, 0, 1),
        Ipv4Addr::new(127, 0, 0, 1),
        Ipv4Addr::new(192, 168, 77, 255),
        OUR_IP,
    ] {
        let f = echo_request(src, b"x", 1, 1);
        assert_eq!(
            icmp.handle_frame(&i, &f, &mut out),
            Err(DropReason::BadSourceAddress),
            "{src}"
        );
    }
    let mut f = LINUX_ECHO;
    f[6] = 0x03; // group source MAC
    assert_eq!(
        icmp.handle_frame(&i, &f, &mut out),
        Err(DropReason::BadSourceMac)
    );
    let other = Interface::new(OUR_MAC, Ipv4Addr::new(192, 168, 77, 3), 24, None).expect("ok");
    assert_eq!(
        icmp.handle_frame(&other, &LINUX_ECHO, &mut out),
        Err(DropReason::NotOurAddress)
    );
    let mut f = LINUX_ECHO;
    f[23] = 17;
    fix_ip_checksum(&mut f, 20);
    assert_eq!(
        icmp.handle_frame(&i, &f, &mut out),
        Err(DropReason::NotIcmp)
    );
    assert_eq!(icmp.replies_sent(), 0);
}
