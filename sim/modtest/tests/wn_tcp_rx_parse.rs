//! `wn_tcp_rx_parse` against a reference computed in Rust: random TCP/IPv4
//! frames (IP and TCP options, Ethernet padding, trailing bytes), some
//! corrupted, fragmented or not TCP, with random idle between beats.

use std::net::Ipv4Addr;
use warpnic_abi::wire::TcpRepr;
use warpnic_modtest::wn_tcp_rx_parse::{self, ports};
use warpnic_modtest::{ModError, ModModel, Rng};

/// Ones-complement sum of 16-bit big-endian words (odd tail padded).
fn csum(data: &[u8], init: u32) -> u16 {
    let mut s = init;
    for c in data.chunks(2) {
        s += u32::from(c[0]) << 8 | u32::from(*c.get(1).unwrap_or(&0));
    }
    while s >> 16 != 0 {
        s = (s & 0xffff) + (s >> 16);
    }
    s as u16
}

struct Built {
    frame: Vec<u8>,
    src: Ipv4Addr,
    dst: Ipv4Addr,
    sport: u16,
    dport: u16,
    seq: u32,
    ack: u32,
    flags: u8,
    window: u16,
    doff: usize,
    ihl: usize,
    payload: usize,
}

fn build(rng: &mut Rng) -> Built {
    let ihl = if rng.percent(20) {
        5 + rng.below(11) as usize
    } else {
        5
    };
    let doff = if rng.percent(50) {
        5 + rng.below(11) as usize
    } else {
        5
    };
    let payload = match rng.below(4) {
        0 => 0,
        1 => rng.below(64) as usize,
        2 => rng.below(1460) as usize,
        _ => rng.below(8000) as usize,
    };
    let src = Ipv4Addr::from(rng.next_u64() as u32);
    let dst = Ipv4Addr::from(rng.next_u64() as u32);
    let (sport, dport) = (rng.next_u64() as u16, rng.next_u64() as u16);
    let (seq, ack) = (rng.next_u64() as u32, rng.next_u64() as u32);
    let flags = rng.next_u64() as u8;
    let window = rng.next_u64() as u16;
    let total = ihl * 4 + doff * 4 + payload;
    let mut f = vec![0u8; 14];
    f[0..6].copy_from_slice(&[2, 0, 0, 0, 0, 1]);
    f[6..12].copy_from_slice(&[2, 0, 0, 0, 0, 2]);
    f[12..14].copy_from_slice(&[0x08, 0x00]);
    // IPv4 header, options as NOPs (type 1)
    let mut ip = vec![0u8; ihl * 4];
    ip[0] = 0x40 | ihl as u8;
    ip[2..4].copy_from_slice(&(total as u16).to_be_bytes());
    ip[4..6].copy_from_slice(&(rng.next_u64() as u16).to_be_bytes());
    ip[6] = 0x40; // DF
    ip[8] = 64;
    ip[9] = 6;
    ip[12..16].copy_from_slice(&src.octets());
    ip[16..20].copy_from_slice(&dst.octets());
    for b in &mut ip[20..] {
        *b = 1;
    }
    let c = !csum(&ip, 0);
    ip[10..12].copy_from_slice(&c.to_be_bytes());
    f.extend_from_slice(&ip);
    // TCP header, options as NOPs (kind 1), then the payload
    let mut tcp = vec![0u8; doff * 4 + payload];
    tcp[0..2].copy_from_slice(&sport.to_be_bytes());
    tcp[2..4].copy_from_slice(&dport.to_be_bytes());
    tcp[4..8].copy_from_slice(&seq.to_be_bytes());
    tcp[8..12].copy_from_slice(&ack.to_be_bytes());
    tcp[12] = (doff as u8) << 4;
    tcp[13] = flags;
    tcp[14..16].copy_from_slice(&window.to_be_bytes());
    for b in &mut tcp[20..doff * 4] {
        *b = 1;
    }
    for b in &mut tcp[doff * 4..] {
        *b = rng.next_u64() as u8;
    }
    let pseudo = {
        let mut p = Vec::new();
        p.extend_from_slice(&src.octets());
        p.extend_from_slice(&dst.octets());
        p.extend_from_slice(&[0, 6]);
        p.extend_from_slice(&(tcp.len() as u16).to_be_bytes());
        p
    };
    let pc = u32::from(csum(&pseudo, 0));
    let c = !csum(&tcp, pc);
    tcp[16..18].copy_from_slice(&c.to_be_bytes());
    f.extend_from_slice(&tcp);
    // the MAC pads to 60; sometimes more bytes follow the datagram
    if f.len() < 60 {
        f.resize(60, 0);
    }
    if rng.percent(10) {
        let extra = rng.below(40) as usize;
        for _ in 0..extra {
            f.push(rng.next_u64() as u8);
        }
    }
    Built {
        frame: f,
        src,
        dst,
        sport,
        dport,
        seq,
        ack,
        flags,
        window,
        doff,
        ihl,
        payload,
    }
}

#[test]
fn random_frames_match_the_reference() -> Result<(), ModError> {
    let mut rng = Rng::new(0x7c9_0a55);
    let mut m = ModModel::new(wn_tcp_rx_parse::NAME)?;
    m.reset(2)?;
    let (mut good, mut bad_csum, mut not_tcp) = (0, 0, 0);
    for n in 0..3000 {
        let mut b = build(&mut rng);
        // damage: a flipped bit, a fragment, UDP, another EtherType
        let damage = rng.below(10);
        match damage {
            0 => {
                let i = 14 + rng.below((b.frame.len() - 14) as u64) as usize;
                b.frame[i] ^= 1 << rng.below(8);
            }
            1 => b.frame[14 + 6] |= 0x20,
            2 => b.frame[14 + 9] = 17,
            3 => b.frame[12] = 0x86,
            _ => {}
        }
        let f = &b.frame;
        // reference
        let byte = |i: usize| f.get(i).copied().unwrap_or(0);
        let ihl = usize::from(byte(14) & 0xf);
        let total = usize::from(u16::from_be_bytes([byte(16), byte(17)]));
        let is_tcp = byte(12) == 8
            && byte(13) == 0
            && byte(14) >> 4 == 4
            && byte(23) == 6
            && byte(20) & 0x20 == 0
            && (u16::from(byte(20) & 0x1f) << 8 | u16::from(byte(21))) == 0;
        let ip_end = 14 + total;
        let ip_ok = ihl >= 5
            && ip_end <= f.len()
            && total >= ihl * 4 + 20
            && csum(&f[14..14 + ihl * 4], 0) == 0xffff;
        // drive the beats, with random idle
        for (i, chunk) in f.chunks(64).enumerate() {
            while rng.percent(20) {
                m.set(ports::S_TVALID_I, 0)?;
                m.tick()?;
                assert_eq!(m.get(ports::HDR_VALID_O)?, 0);
            }
            let mut d = [0u8; 64];
            d[..chunk.len()].copy_from_slice(chunk);
            let last = (i + 1) * 64 >= f.len();
            m.set_bytes(ports::S_TDATA_I, &d)?;
            let keep = if chunk.len() == 64 {
                u64::MAX
            } else {
                (1u64 << chunk.len()) - 1
            };
            m.set(ports::S_TKEEP_I, keep)?;
            m.set(ports::S_TLAST_I, u64::from(last))?;
            m.set(ports::S_TUSER_I, 0)?;
            m.set(ports::S_TVALID_I, 1)?;
            m.tick()?;
        }
        m.set(ports::S_TVALID_I, 0)?;
        m.eval()?;
        assert_eq!(m.get(ports::HDR_VALID_O)?, 1, "frame {n}: no record");
        assert_eq!(m.get(ports::IS_TCP_O)? == 1, is_tcp, "frame {n}: is_tcp");
        if is_tcp {
            assert_eq!(m.get(ports::IP_OK_O)? == 1, ip_ok, "frame {n}: ip_ok");
        }
        if is_tcp && ip_ok {
            let start = 14 + ihl * 4;
            let tcp = &f[start..ip_end];
            let mut pseudo = Vec::new();
            pseudo.extend_from_slice(&f[26..34]);
            pseudo.extend_from_slice(&[0, 6]);
            pseudo.extend_from_slice(&(tcp.len() as u16).to_be_bytes());
            let doff = usize::from(tcp.get(12).copied().unwrap_or(0) >> 4);
            let tcp_ok = doff >= 5
                && doff * 4 <= tcp.len()
                && csum(tcp, u32::from(csum(&pseudo, 0))) == 0xffff;
            assert_eq!(
                m.get(ports::TCP_OK_O)? == 1,
                tcp_ok,
                "frame {n}: tcp_ok (damage {damage})"
            );
            // the wire layer agrees on the checksum of an intact segment
            let src = Ipv4Addr::new(f[26], f[27], f[28], f[29]);
            let dst = Ipv4Addr::new(f[30], f[31], f[32], f[33]);
            if damage > 3 {
                assert!(TcpRepr::parse(tcp, src, dst).is_ok() || doff != b.doff);
            }
            if tcp_ok {
                good += 1;
                assert_eq!(m.get(ports::SRC_IP_O)? as u32, u32::from(src));
                assert_eq!(m.get(ports::DST_IP_O)? as u32, u32::from(dst));
                if damage > 3 {
                    assert_eq!((b.src, b.dst), (src, dst));
                    assert_eq!(m.get(ports::SRC_PORT_O)?, u64::from(b.sport));
                    assert_eq!(m.get(ports::DST_PORT_O)?, u64::from(b.dport));
                    assert_eq!(m.get(ports::SEQ_O)?, u64::from(b.seq));
                    assert_eq!(m.get(ports::ACK_O)?, u64::from(b.ack));
                    assert_eq!(m.get(ports::FLAGS_O)?, u64::from(b.flags));
                    assert_eq!(m.get(ports::WINDOW_O)?, u64::from(b.window));
                    assert_eq!(m.get(ports::TCP_HDR_LEN_O)?, (b.doff * 4) as u64);
                    assert_eq!(
                        m.get(ports::PAYLOAD_OFF_O)?,
                        (14 + b.ihl * 4 + b.doff * 4) as u64
                    );
                    assert_eq!(m.get(ports::PAYLOAD_LEN_O)?, b.payload as u64);
                }
            } else {
                bad_csum += 1;
            }
        } else {
            not_tcp += 1;
        }
        m.tick()?;
    }
    assert!(
        good > 1500 && bad_csum > 100 && not_tcp > 500,
        "good {good}, bad {bad_csum}, not tcp {not_tcp}"
    );
    Ok(())
}
