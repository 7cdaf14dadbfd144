//! `wn_tcp_seq_check` against the rules as RFC 9293 §3.10.7.4, RFC 5961
//! and RFC 5681 §2 state them, on random connections and segments that
//! cluster at the window edges and around sequence-number wraparound.

use warpnic_modtest::wn_tcp_seq_check::{self, ports};
use warpnic_modtest::{ModError, ModModel, Rng};

const FIN: u8 = 0x01;
const SYN: u8 = 0x02;
const RST: u8 = 0x04;
const ACK: u8 = 0x10;

/// `a < b` in sequence space.
fn lt(a: u32, b: u32) -> bool {
    (a.wrapping_sub(b) as i32) < 0
}
fn le(a: u32, b: u32) -> bool {
    a == b || lt(a, b)
}
/// `lo =< x < hi` in sequence space.
fn within(lo: u32, x: u32, hi: u32) -> bool {
    le(lo, x) && lt(x, hi)
}

#[derive(Debug, Clone, Copy)]
struct Case {
    rcv_nxt: u32,
    rcv_wnd: u32,
    snd_una: u32,
    snd_nxt: u32,
    max_snd_wnd: u32,
    snd_wnd: u32,
    seq: u32,
    ack: u32,
    payload: u16,
    flags: u8,
    wnd: u32,
}

/// (verdict, in order, new data acknowledged, duplicate ACK)
fn reference(c: &Case) -> (u64, bool, bool, bool) {
    let syn = c.flags & SYN != 0;
    let fin = c.flags & FIN != 0;
    let len = u32::from(c.payload) + u32::from(syn) + u32::from(fin);
    let end = c.rcv_nxt.wrapping_add(c.rcv_wnd);
    // RFC 9293 §3.10.7.4, first check
    let acceptable = match (len == 0, c.rcv_wnd == 0) {
        (true, true) => c.seq == c.rcv_nxt,
        (true, false) => within(c.rcv_nxt, c.seq, end),
        (false, true) => false,
        (false, false) => {
            within(c.rcv_nxt, c.seq, end) || within(c.rcv_nxt, c.seq.wrapping_add(len - 1), end)
        }
    };
    let verdict = if c.flags & RST != 0 {
        // RFC 5961 §3.2
        let in_window = if c.rcv_wnd == 0 {
            c.seq == c.rcv_nxt
        } else {
            within(c.rcv_nxt, c.seq, end)
        };
        if c.seq == c.rcv_nxt {
            3
        } else if in_window {
            2
        } else {
            1
        }
    } else if !acceptable || syn {
        // an unacceptable segment draws an ACK (RFC 9293 §3.10.7.4); so does
        // a SYN on a synchronized connection (a challenge ACK, RFC 5961 §4)
        2
    } else if c.flags & ACK == 0 {
        1
    } else if !(le(c.snd_una.wrapping_sub(c.max_snd_wnd), c.ack) && le(c.ack, c.snd_nxt)) {
        2 // RFC 5961 §5.2
    } else {
        0
    };
    let ack_new = verdict == 0 && lt(c.snd_una, c.ack);
    let dup = verdict == 0
        && c.payload == 0
        && !syn
        && !fin
        && c.ack == c.snd_una
        && c.snd_una != c.snd_nxt
        && c.wnd == c.snd_wnd;
    (verdict, c.seq == c.rcv_nxt, ack_new, dup)
}

fn near(rng: &mut Rng, base: u32, span: u32) -> u32 {
    match rng.below(4) {
        0 => base.wrapping_add(rng.below(4) as u32).wrapping_sub(2),
        1 => base
            .wrapping_add(span)
            .wrapping_add(rng.below(4) as u32)
            .wrapping_sub(2),
        2 => base.wrapping_add((rng.below(u64::from(span) + 1)) as u32),
        _ => rng.next_u64() as u32,
    }
}

#[test]
fn random_segments_match_the_rfc_rules() -> Result<(), ModError> {
    let mut rng = Rng::new(0x5e9_c4ec);
    let mut m = ModModel::new(wn_tcp_seq_check::NAME)?;
    // clock the model once so its first rising edge is seen as one
    m.reset(2)?;
    let mut seen = [0u64; 4];
    let (mut new_acks, mut dups) = (0, 0);
    for n in 0..200_000 {
        // half the connections sit just below the 2^32 wrap
        let rcv_nxt = if rng.percent(50) {
            u32::MAX - rng.below(3000) as u32
        } else {
            rng.next_u64() as u32
        };
        let rcv_wnd = match rng.below(4) {
            0 => 0,
            1 => 1 + rng.below(8) as u32,
            2 => rng.below(65536) as u32,
            _ => rng.below(1 << 30) as u32,
        };
        let snd_una = if rng.percent(50) {
            u32::MAX - rng.below(3000) as u32
        } else {
            rng.next_u64() as u32
        };
        let inflight = if rng.percent(30) {
            0
        } else {
            rng.below(1 << 20) as u32
        };
        let snd_nxt = snd_una.wrapping_add(inflight);
        let max_snd_wnd = rng.below(1 << 20) as u32;
        let snd_wnd = rng.below(1 << 16) as u32;
        let payload = match rng.below(3) {
            0 => 0,
            1 => 1,
            _ => rng.below(9000) as u16,
        };
        let mut flags = ACK;
        for f in [FIN, SYN, RST] {
            if rng.percent(10) {
                flags |= f;
            }
        }
        if rng.percent(10) {
            flags &= !ACK;
        }
        let mut c = Case {
            rcv_nxt,
            rcv_wnd,
            snd_una,
            snd_nxt,
            max_snd_wnd,
            snd_wnd,
            seq: near(&mut rng, rcv_nxt, rcv_wnd),
            ack: near(
                &mut rng,
                snd_una.wrapping_sub(max_snd_wnd),
                max_snd_wnd.wrapping_add(inflight),
            ),
            payload,
            flags,
            wnd: if rng.percent(50) {
                snd_wnd
            } else {
                rng.below(1 << 16) as u32
            },
        };
        // one in ten shaped like a duplicate ACK (RFC 5681 §2), which random
        // values almost never are
        if rng.percent(10) {
            c.seq = c.rcv_nxt;
            c.ack = c.snd_una;
            c.payload = 0;
            c.flags = ACK;
            c.wnd = c.snd_wnd;
        }
        m.set(ports::RCV_NXT_I, u64::from(c.rcv_nxt))?;
        m.set(ports::RCV_WND_I, u64::from(c.rcv_wnd))?;
        m.set(ports::SND_UNA_I, u64::from(c.snd_una))?;
        m.set(ports::SND_NXT_I, u64::from(c.snd_nxt))?;
        m.set(ports::MAX_SND_WND_I, u64::from(c.max_snd_wnd))?;
        m.set(ports::SND_WND_I, u64::from(c.snd_wnd))?;
        m.set(ports::SEG_SEQ_I, u64::from(c.seq))?;
        m.set(ports::SEG_ACK_I, u64::from(c.ack))?;
        m.set(ports::SEG_PAYLOAD_I, u64::from(c.payload))?;
        m.set(ports::SEG_FLAGS_I, u64::from(c.flags))?;
        m.set(ports::SEG_WND_I, u64::from(c.wnd))?;
        // the answer is registered: valid after the clock edge
        m.tick()?;
        let (v, in_order, ack_new, dup) = reference(&c);
        let got = (
            m.get(ports::VERDICT_O)?,
            m.get(ports::IN_ORDER_O)? == 1,
            m.get(ports::ACK_NEW_O)? == 1,
            m.get(ports::DUP_ACK_O)? == 1,
        );
        assert_eq!(got, (v, in_order, ack_new, dup), "case {n}: {c:?}");
        seen[v as usize] += 1;
        new_acks += u64::from(ack_new);
        dups += u64::from(dup);
    }
    assert!(seen.iter().all(|&k| k > 1000), "verdicts {seen:?}");
    assert!(
        new_acks > 1000 && dups > 100,
        "new acks {new_acks}, duplicate acks {dups}"
    );
    Ok(())
}
