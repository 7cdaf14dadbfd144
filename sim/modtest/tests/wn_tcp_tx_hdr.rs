//! `wn_tcp_tx_hdr` against the wire layer: for random segments, with and
//! without the SYN options (MSS, then NOP and window scale), the header
//! bytes the RTL builds equal those `warpnic_abi::wire` emits for the same
//! segment, checksums included.

use std::net::Ipv4Addr;
use warpnic_abi::gen::{EtherType, IpProtocol};
use warpnic_abi::wire::{EthernetRepr, Ipv4Repr, TcpOptions, TcpRepr};
use warpnic_modtest::wn_tcp_tx_hdr::{self, ports};
use warpnic_modtest::{ModError, ModModel, Rng};

/// Ones-complement sum of the payload's 16-bit big-endian words, folded.
fn payload_sum(p: &[u8]) -> u16 {
    let mut s: u32 = 0;
    for c in p.chunks(2) {
        s += u32::from(c[0]) << 8 | u32::from(*c.get(1).unwrap_or(&0));
    }
    while s >> 16 != 0 {
        s = (s & 0xffff) + (s >> 16);
    }
    s as u16
}

fn mac48(m: [u8; 6]) -> u64 {
    m.iter().fold(0, |a, &b| a << 8 | u64::from(b))
}

#[test]
fn headers_match_the_wire_layer() -> Result<(), ModError> {
    let mut rng = Rng::new(0x7c9_7a1d);
    let mut m = ModModel::new(wn_tcp_tx_hdr::NAME)?;
    m.reset(2)?;
    for n in 0..5000 {
        let mac = |rng: &mut Rng| {
            let v = rng.next_u64().to_be_bytes();
            [v[0], v[1], v[2], v[3], v[4], v[5]]
        };
        let dst_mac = mac(&mut rng);
        let src_mac = mac(&mut rng);
        let src = Ipv4Addr::from(rng.next_u64() as u32);
        let dst = Ipv4Addr::from(rng.next_u64() as u32);
        // no options; MSS and window scale (8 bytes); MSS, window scale
        // and SACK-permitted (12 bytes; the engine's SACK blocks take the
        // same 12 bytes, and this module copies option bytes as they are)
        let opt_kind = rng.below(3);
        let with_opt = opt_kind != 0;
        let mss = rng.next_u64() as u16;
        let ws = rng.below(15) as u8;
        let len = match rng.below(3) {
            0 => 0,
            1 => rng.below(64) as usize,
            _ => rng.below(8960) as usize,
        };
        let payload: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        let tcp = TcpRepr {
            src_port: rng.next_u64() as u16,
            dst_port: rng.next_u64() as u16,
            seq: rng.next_u64() as u32,
            ack: rng.next_u64() as u32,
            flags: rng.next_u64() as u8,
            window: rng.next_u64() as u16,
            urgent: 0,
            options: if with_opt {
                TcpOptions {
                    mss: Some(mss),
                    window_scale: Some(ws),
                    sack_permitted: opt_kind == 2,
                    ..TcpOptions::default()
                }
            } else {
                TcpOptions::default()
            },
        };
        let hlen = 54 + tcp.options.len();
        let ip = Ipv4Repr {
            src,
            dst,
            protocol: IpProtocol::Tcp.into(),
            ttl: rng.next_u64() as u8,
            dscp: 0,
            ecn: 0,
            ident: rng.next_u64() as u16,
            dont_frag: true,
            more_frags: false,
            frag_offset: 0,
            payload_len: hlen - 34 + len,
        };
        let mut want = vec![0u8; hlen + len];
        let e = EthernetRepr {
            dst: dst_mac,
            src: src_mac,
            ether_type: EtherType::Ipv4.into(),
        }
        .emit(&mut want)
        .expect("ethernet");
        let i = ip.emit(&mut want[e..]).expect("ipv4");
        tcp.emit(&mut want[e + i..], src, dst, &payload)
            .expect("tcp");

        m.set(ports::DST_MAC_I, mac48(dst_mac))?;
        m.set(ports::SRC_MAC_I, mac48(src_mac))?;
        m.set(ports::SRC_IP_I, u64::from(u32::from(src)))?;
        m.set(ports::DST_IP_I, u64::from(u32::from(dst)))?;
        m.set(ports::SRC_PORT_I, u64::from(tcp.src_port))?;
        m.set(ports::DST_PORT_I, u64::from(tcp.dst_port))?;
        m.set(ports::TTL_I, u64::from(ip.ttl))?;
        m.set(ports::IP_ID_I, u64::from(ip.ident))?;
        m.set(ports::SEQ_I, u64::from(tcp.seq))?;
        m.set(ports::ACK_I, u64::from(tcp.ack))?;
        m.set(ports::FLAGS_I, u64::from(tcp.flags))?;
        m.set(ports::WINDOW_I, u64::from(tcp.window))?;
        m.set(ports::OPT_WORDS_I, (tcp.options.len() / 4) as u64)?;
        // MSS (kind 2, length 4), NOP, window scale (kind 3, length 3),
        // NOP, NOP, SACK-permitted (kind 4, length 2); first byte on the
        // wire in the top bits
        let mut opt = [2, 4, (mss >> 8) as u8, mss as u8, 1, 3, 3, ws, 1, 1, 4, 2];
        opt.reverse();
        m.set_bytes(ports::OPT_I, &opt)?;
        m.set(ports::PAYLOAD_LEN_I, len as u64)?;
        m.set(ports::PAYLOAD_SUM_I, u64::from(payload_sum(&payload)))?;
        m.set(ports::VALID_I, 1)?;
        m.tick()?;
        let mut got = [0u8; 66];
        m.get_bytes(ports::HDR_O, &mut got)?;
        assert_eq!(
            &got[..hlen],
            &want[..hlen],
            "segment {n}: {len} payload bytes, options {with_opt}"
        );
        assert!(
            got[hlen..].iter().all(|&b| b == 0),
            "segment {n}: bytes past the header"
        );
        // without valid_i the header holds, whatever the inputs do
        if n % 7 == 0 {
            m.set(ports::VALID_I, 0)?;
            m.set(ports::SEQ_I, rng.next_u64() & 0xffff_ffff)?;
            m.set(ports::PAYLOAD_LEN_I, rng.next_u64() & 0x3fff)?;
            m.tick()?;
            let mut held = [0u8; 66];
            m.get_bytes(ports::HDR_O, &mut held)?;
            assert_eq!(held, got, "segment {n}: the header holds without valid_i");
        }
    }
    Ok(())
}
