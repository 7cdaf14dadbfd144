//! Property tests of the wire layer: no parser panics on any bytes, every
//! emitted value parses back to itself, and corruption is caught by the
//! checksum or CRC that covers it.

use core::net::Ipv4Addr;
use proptest::prelude::*;
use warpnic_abi::gen::{self, ArpOper, RdmapOpcode, TermLayer};
use warpnic_abi::wire::*;

fn bytes(max: usize) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(any::<u8>(), 0..max)
}

fn addr() -> impl Strategy<Value = Ipv4Addr> {
    any::<u32>().prop_map(Ipv4Addr::from)
}

fn opcode() -> impl Strategy<Value = RdmapOpcode> {
    proptest::sample::select(RdmapOpcode::ALL)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn parsers_never_panic(buf in bytes(700), src in addr(), dst in addr(), crc: bool) {
        let _ = EthernetRepr::parse(&buf);
        let _ = ArpRepr::parse(&buf);
        let _ = Ipv4Repr::parse(&buf);
        let _ = TcpRepr::parse(&buf, src, dst);
        let _ = IcmpEchoRepr::parse(&buf);
        let _ = MpaFpduRepr::parse(&buf, crc);
        let _ = DdpRepr::parse(&buf);
        let _ = RdmaReadReqRepr::parse(&buf);
        let _ = TerminateRepr::parse(&buf);
        let _ = RdmapImmediateRepr::parse(&buf);
    }

    /// Parsers see plausible headers more often when the interesting bytes
    /// are forced: an IPv4/TCP-looking prefix, a DDP control byte.
    #[test]
    fn parsers_never_panic_on_near_valid_input(mut buf in bytes(200), ihl in 0u8..16, off in 0u8..16) {
        buf.resize(buf.len().max(24), 0);
        buf[0] = 0x40 | ihl;
        let _ = Ipv4Repr::parse(&buf);
        buf[12] = off << 4;
        let _ = TcpRepr::parse(&buf, Ipv4Addr::LOCALHOST, Ipv4Addr::LOCALHOST);
        buf[0] = 0x41 | (buf[0] & 0xc0);
        buf[1] = 0x40 | (buf[1] & 0x0f);
        let _ = DdpRepr::parse(&buf);
        buf[0] &= 0x3f;
        let _ = TerminateRepr::parse(&buf);
    }

    #[test]
    fn emitters_never_panic_on_small_buffers(len in 0usize..64, ulpdu in bytes(100)) {
        let mut buf = vec![0u8; len];
        let _ = MpaFpduRepr { ulpdu: &ulpdu }.emit(&mut buf, true);
        let _ = TcpRepr {
            src_port: 1,
            dst_port: 2,
            seq: 3,
            ack: 4,
            flags: gen::tcp_flags::ACK,
            window: 5,
            urgent: 0,
            options: TcpOptions { mss: Some(1), window_scale: Some(2), sack_permitted: true, timestamps: Some((1, 2)) },
        }
        .emit(&mut buf, Ipv4Addr::LOCALHOST, Ipv4Addr::LOCALHOST, &ulpdu);
        let _ = IcmpEchoRepr { kind: IcmpEchoKind::Request, ident: 1, seq: 2 }.emit(&mut buf, &ulpdu);
        let _ = TerminateRepr {
            layer: TermLayer::Ddp,
            etype: 1,
            ecode: 2,
            seg_len_valid: true,
            ddp: ulpdu.first().map(|_| (3, &ulpdu[..])),
            rdma_hdr: None,
        }
        .emit(&mut buf);
    }

    #[test]
    fn ipv4_round_trip(
        src in addr(), dst in addr(), protocol: u8, ttl: u8, dscp in 0u8..64, ecn in 0u8..4,
        ident: u16, dont_frag: bool, more_frags: bool, frag_offset in 0u16..0x2000,
        payload in bytes(100),
    ) {
        let r = Ipv4Repr {
            src, dst, protocol, ttl, dscp, ecn, ident, dont_frag, more_frags, frag_offset,
            payload_len: payload.len(),
        };
        let mut buf = vec![0u8; 20 + payload.len()];
        prop_assert_eq!(r.emit(&mut buf), Ok(20));
        buf[20..].copy_from_slice(&payload);
        let (p, data) = Ipv4Repr::parse(&buf).expect("emitted datagram parses");
        prop_assert_eq!(p, r);
        prop_assert_eq!(data, &payload[..]);
    }

    #[test]
    fn tcp_round_trip_and_corruption(
        src in addr(), dst in addr(), src_port: u16, dst_port: u16, seq: u32, ack: u32,
        flags: u8, window: u16, urgent: u16,
        mss in proptest::option::of(any::<u16>()), ws in proptest::option::of(0u8..=14),
        sack_permitted: bool, ts in proptest::option::of(any::<(u32, u32)>()),
        payload in bytes(200), flip in any::<prop::sample::Index>(), bit in 0u8..8,
    ) {
        let r = TcpRepr {
            src_port, dst_port, seq, ack, flags, window, urgent,
            options: TcpOptions { mss, window_scale: ws, sack_permitted, timestamps: ts },
        };
        let mut buf = vec![0u8; 64 + payload.len()];
        let n = r.emit(&mut buf, src, dst, &payload).expect("fits");
        prop_assert_eq!(n, r.header_len() + payload.len());
        let (p, data) = TcpRepr::parse(&buf[..n], src, dst).expect("emitted segment parses");
        prop_assert_eq!(p, r);
        prop_assert_eq!(data, &payload[..]);
        // A single flipped bit never passes as the same segment.
        let i = flip.index(n);
        buf[i] ^= 1 << bit;
        prop_assert!(TcpRepr::parse(&buf[..n], src, dst).is_err());
    }

    #[test]
    fn icmp_round_trip(request: bool, ident: u16, seq: u16, data in bytes(100)) {
        let kind = if request { IcmpEchoKind::Request } else { IcmpEchoKind::Reply };
        let r = IcmpEchoRepr { kind, ident, seq };
        let mut buf = vec![0u8; 8 + data.len()];
        prop_assert_eq!(r.emit(&mut buf, &data), Ok(8 + data.len()));
        let (p, d) = IcmpEchoRepr::parse(&buf).expect("emitted echo parses");
        prop_assert_eq!(p, r);
        prop_assert_eq!(d, &data[..]);
    }

    #[test]
    fn arp_and_ethernet_round_trip(reply: bool, sha: [u8; 6], tha: [u8; 6], spa in addr(), tpa in addr(), ether_type in 0x0600u16..) {
        let oper = if reply { ArpOper::Reply } else { ArpOper::Request };
        let r = ArpRepr { oper, sha, spa, tha, tpa };
        let mut buf = [0u8; 28];
        prop_assert_eq!(r.emit(&mut buf), Ok(28));
        prop_assert_eq!(ArpRepr::parse(&buf), Ok((r, &[][..])));
        let e = EthernetRepr { dst: tha, src: sha, ether_type };
        let mut buf = [0u8; 14];
        prop_assert_eq!(e.emit(&mut buf), Ok(14));
        prop_assert_eq!(EthernetRepr::parse(&buf), Ok((e, &[][..])));
    }

    #[test]
    fn fpdu_round_trip_and_crc(ulpdu in bytes(300), next in bytes(8), flip in any::<prop::sample::Index>(), bit in 0u8..8) {
        let f = MpaFpduRepr { ulpdu: &ulpdu };
        let mut buf = vec![0u8; f.wire_len()];
        prop_assert_eq!(f.emit(&mut buf, true), Ok(buf.len()));
        prop_assert_eq!(buf.len() % 4, 0);
        let n = buf.len();
        buf.extend_from_slice(&next);
        let (p, rest) = MpaFpduRepr::parse(&buf, true).expect("emitted FPDU parses");
        prop_assert_eq!(p, f);
        prop_assert_eq!(rest, &next[..]);
        // CRC32c catches every single-bit error in the FPDU.
        let i = flip.index(n);
        buf[i] ^= 1 << bit;
        prop_assert!(MpaFpduRepr::parse(&buf, true).is_err());
    }

    #[test]
    fn ddp_round_trip(
        tagged: bool, last: bool, op in opcode(), a: u32, b: u64, c: u32, d: u32, e: u32,
        payload in bytes(40),
    ) {
        let r = if tagged {
            DdpRepr::Tagged(DdpTaggedRepr { last, opcode: op, stag: a, tagged_offset: b })
        } else {
            DdpRepr::Untagged(DdpUntaggedRepr { last, opcode: op, inv_stag: a, qn: c, msn: d, mo: e })
        };
        let mut buf = vec![0u8; r.header_len()];
        prop_assert_eq!(r.emit(&mut buf), Ok(r.header_len()));
        buf.extend_from_slice(&payload);
        let (p, data) = DdpRepr::parse(&buf).expect("emitted header parses");
        prop_assert_eq!(p, r);
        prop_assert_eq!(data, &payload[..]);
    }

    #[test]
    fn rdmap_round_trip(sink_stag: u32, sink_to: u64, read_size: u32, src_stag: u32, src_to: u64, data: u64) {
        let r = RdmaReadReqRepr { sink_stag, sink_to, read_size, src_stag, src_to };
        let mut buf = [0u8; 28];
        prop_assert_eq!(r.emit(&mut buf), Ok(28));
        prop_assert_eq!(RdmaReadReqRepr::parse(&buf), Ok((r, &[][..])));
        let i = RdmapImmediateRepr { data };
        let mut buf = [0u8; 8];
        prop_assert_eq!(i.emit(&mut buf), Ok(8));
        prop_assert_eq!(RdmapImmediateRepr::parse(&buf), Ok((i, &[][..])));
    }

    #[test]
    fn terminate_round_trip(
        layer in proptest::sample::select(TermLayer::ALL), etype in 0u8..16, ecode: u8, m: bool,
        ddp in proptest::option::of((any::<u16>(), any::<bool>())), rdma: bool,
    ) {
        let tagged_hdr = [0x80u8; 14];
        let untagged_hdr = [0x00u8; 18];
        let rdma_hdr = [0x11u8; 28];
        let t = TerminateRepr {
            layer, etype, ecode,
            seg_len_valid: m,
            ddp: ddp.map(|(len, tagged)| (len, if tagged { &tagged_hdr[..] } else { &untagged_hdr[..] })),
            rdma_hdr: rdma.then_some(&rdma_hdr[..]),
        };
        let mut buf = [0u8; 64];
        let n = t.emit(&mut buf).expect("fits");
        prop_assert_eq!(n, t.wire_len());
        prop_assert_eq!(TerminateRepr::parse(&buf[..n]), Ok((t, &[][..])));
    }
}
