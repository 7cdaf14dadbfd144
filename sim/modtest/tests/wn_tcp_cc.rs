//! `wn_tcp_cc` against NewReno as RFC 5681, RFC 6582 and RFC 3465 state it:
//! random sequences of new, partial and full ACKs, duplicate ACKs and
//! timeouts, the RTL's outputs fed back as its state.

use warpnic_modtest::wn_tcp_cc::{self, ports};
use warpnic_modtest::{ModError, ModModel, Rng};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cc {
    cwnd: u64,
    ssthresh: u64,
    ca: u64,
    dups: u64,
    rec: bool,
    recover: u32,
}

fn gt(a: u32, b: u32) -> bool {
    (a.wrapping_sub(b) as i32) > 0
}

enum Ev {
    Ack { acked: u64, seq: u32 },
    Dup { una: u32 },
    Timeout,
}

/// (new state, retransmit)
fn reference(s: Cc, ev: &Ev, flight: u64, snd_nxt: u32, smss: u64) -> (Cc, bool) {
    let mut n = s;
    let new_ssthresh = (flight / 2).max(2 * smss);
    let mut rtx = false;
    match *ev {
        Ev::Timeout => {
            n.ssthresh = new_ssthresh;
            n.cwnd = smss;
            n.recover = snd_nxt;
            n.rec = false;
            n.dups = 0;
            n.ca = 0;
        }
        Ev::Ack { acked, seq } => {
            if s.rec {
                if gt(seq, s.recover) {
                    // full ACK (RFC 6582 §3.2 step 3)
                    n.cwnd = s.ssthresh.min(flight.max(smss) + smss);
                    n.rec = false;
                    n.dups = 0;
                    n.ca = 0;
                } else {
                    // partial ACK: retransmit, deflate
                    rtx = true;
                    n.cwnd = s.cwnd.saturating_sub(acked) + if acked >= smss { smss } else { 0 };
                }
            } else {
                n.dups = 0;
                if s.cwnd < s.ssthresh {
                    n.cwnd = s.cwnd + acked.min(smss); // slow start
                } else if s.ca + acked >= s.cwnd {
                    n.cwnd = s.cwnd + smss; // byte counting (RFC 3465)
                    n.ca = s.ca + acked - s.cwnd;
                } else {
                    n.ca = s.ca + acked;
                }
            }
        }
        Ev::Dup { una } => {
            if s.rec {
                n.cwnd = s.cwnd + smss;
            } else {
                n.dups = (s.dups + 1).min(3);
                if s.dups == 2 && gt(una, s.recover) {
                    n.ssthresh = new_ssthresh;
                    n.recover = snd_nxt;
                    n.cwnd = new_ssthresh + 3 * smss;
                    n.rec = true;
                    n.ca = 0;
                    rtx = true;
                }
            }
        }
    }
    (n, rtx)
}

#[test]
fn newreno_sequences_match_the_rfcs() -> Result<(), ModError> {
    let mut rng = Rng::new(0x5681);
    let mut m = ModModel::new(wn_tcp_cc::NAME)?;
    m.reset(2)?;
    let (mut recoveries, mut full, mut partial, mut timeouts, mut ca_steps) = (0, 0, 0, 0, 0);
    for conn in 0..300 {
        let smss = [536u64, 1460, 8960][rng.below(3) as usize];
        let mut una: u32 = if rng.percent(50) {
            u32::MAX - rng.below(100_000) as u32
        } else {
            rng.next_u64() as u32
        };
        let mut s = Cc {
            cwnd: 10 * smss,
            ssthresh: u64::from(u32::MAX >> 1),
            ca: 0,
            dups: 0,
            rec: false,
            recover: una,
        };
        for k in 0..300 {
            let flight = rng.below(s.cwnd.min(1 << 24) + 1);
            let snd_nxt = una.wrapping_add(flight as u32);
            let ev = match rng.below(100) {
                0..=4 => Ev::Timeout,
                5..=39 => Ev::Dup { una },
                _ => {
                    let acked = 1 + rng.below(flight.max(1).min(4 * smss));
                    Ev::Ack {
                        acked,
                        seq: una.wrapping_add(acked as u32),
                    }
                }
            };
            let (acked, seq, new_ack, dup, timeout) = match ev {
                Ev::Ack { acked, seq } => (acked, seq, true, false, false),
                Ev::Dup { una } => (0, una, false, true, false),
                Ev::Timeout => (0, una, false, false, true),
            };
            m.set(ports::NEW_ACK_I, u64::from(new_ack))?;
            m.set(ports::DUP_ACK_I, u64::from(dup))?;
            m.set(ports::TIMEOUT_I, u64::from(timeout))?;
            m.set(ports::ACKED_I, acked)?;
            m.set(ports::ACK_SEQ_I, u64::from(seq))?;
            m.set(ports::SND_NXT_I, u64::from(snd_nxt))?;
            m.set(ports::FLIGHT_I, flight)?;
            m.set(ports::SMSS_I, smss)?;
            m.set(ports::CWND_I, s.cwnd)?;
            m.set(ports::SSTHRESH_I, s.ssthresh)?;
            m.set(ports::CA_BYTES_I, s.ca)?;
            m.set(ports::DUP_ACKS_I, s.dups)?;
            m.set(ports::IN_REC_I, u64::from(s.rec))?;
            m.set(ports::RECOVER_I, u64::from(s.recover))?;
            m.tick()?;
            let (want, want_rtx) = reference(s, &ev, flight, snd_nxt, smss);
            let got = Cc {
                cwnd: m.get(ports::CWND_O)?,
                ssthresh: m.get(ports::SSTHRESH_O)?,
                ca: m.get(ports::CA_BYTES_O)?,
                dups: m.get(ports::DUP_ACKS_O)?,
                rec: m.get(ports::IN_REC_O)? == 1,
                recover: m.get(ports::RECOVER_O)? as u32,
            };
            let rtx = m.get(ports::RETRANSMIT_O)? == 1;
            assert_eq!(
                (got, rtx),
                (want, want_rtx),
                "connection {conn}, step {k}: from {s:?}"
            );
            match ev {
                Ev::Timeout => timeouts += 1,
                Ev::Dup { .. } if !s.rec && want.rec => recoveries += 1,
                Ev::Ack { .. } if s.rec && !want.rec => full += 1,
                Ev::Ack { .. } if s.rec => partial += 1,
                Ev::Ack { .. } if s.cwnd >= s.ssthresh => ca_steps += 1,
                _ => {}
            }
            if let Ev::Ack { seq, .. } = ev {
                una = seq;
            }
            s = got;
        }
    }
    assert!(
        recoveries > 100 && full > 20 && partial > 100 && timeouts > 100 && ca_steps > 100,
        "recoveries {recoveries}, full {full}, partial {partial}, timeouts {timeouts}, avoidance {ca_steps}"
    );
    Ok(())
}
