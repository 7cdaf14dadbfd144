//! `wn_tcp_rto` against RFC 6298: sequences of RTT measurements and
//! timeouts per connection, the RTL's outputs fed back as its state,
//! checked against an integer model with the same scaling and, loosely,
//! against the RFC's real-valued formulas.

use warpnic_modtest::wn_tcp_rto::{self, ports};
use warpnic_modtest::{ModError, ModModel, Rng};

#[derive(Clone, Copy, Debug)]
struct State {
    srtt8: u64,
    rttvar4: u64,
    rto: u64,
}

struct Params {
    g: u64,
    min: u64,
    max: u64,
}

fn clamp(rto: u64, p: &Params) -> u64 {
    rto.clamp(p.min, p.max)
}

/// The integer model: SRTT * 8 and RTTVAR * 4 (RFC 6298 §2 with exact gains).
fn step(s: State, sample: Option<(u64, bool)>, timeout: bool, p: &Params) -> State {
    let (mut srtt8, mut rttvar4) = (s.srtt8, s.rttvar4);
    if let Some((r, first)) = sample {
        if first {
            srtt8 = r * 8;
            rttvar4 = r * 2;
        } else {
            let srtt = srtt8 / 8;
            let err = r.abs_diff(srtt);
            rttvar4 = rttvar4 - rttvar4 / 4 + err;
            srtt8 = if r < srtt { srtt8 - err } else { srtt8 + err };
        }
    }
    let rto = if timeout {
        (s.rto * 2).min(p.max)
    } else {
        clamp(srtt8 / 8 + rttvar4.max(p.g), p)
    };
    State {
        srtt8,
        rttvar4,
        rto,
    }
}

#[test]
fn measurements_and_backoff_follow_rfc_6298() -> Result<(), ModError> {
    let mut rng = Rng::new(0x6298);
    let mut m = ModModel::new(wn_tcp_rto::NAME)?;
    m.reset(2)?;
    for conn in 0..400 {
        // ticks of 1 us: a data-center RTT of tens of us, or a WAN one
        let base = if rng.percent(50) {
            5 + rng.below(200)
        } else {
            1000 + rng.below(200_000)
        };
        let p = Params {
            g: 1 + rng.below(10),
            min: 1 + rng.below(1000),
            max: 60_000_000,
        };
        m.set(ports::GRANULARITY_I, p.g)?;
        m.set(ports::MIN_RTO_I, p.min)?;
        m.set(ports::MAX_RTO_I, p.max)?;
        let mut s = State {
            srtt8: 0,
            rttvar4: 0,
            rto: 1_000_000,
        };
        let (mut fs, mut fv) = (0f64, 0f64);
        for k in 0..200 {
            let timeout = k > 0 && rng.percent(5);
            let r = (base as f64 * (0.5 + rng.below(1000) as f64 / 1000.0)) as u64;
            let sample = (!timeout).then_some((r, k == 0));
            m.set(ports::SAMPLE_I, u64::from(sample.is_some()))?;
            m.set(ports::FIRST_I, u64::from(k == 0))?;
            m.set(ports::RTT_I, r)?;
            m.set(ports::TIMEOUT_I, u64::from(timeout))?;
            m.set(ports::SRTT8_I, s.srtt8)?;
            m.set(ports::RTTVAR4_I, s.rttvar4)?;
            m.set(ports::RTO_I, s.rto)?;
            m.tick()?;
            let want = step(s, sample, timeout, &p);
            let got = State {
                srtt8: m.get(ports::SRTT8_O)?,
                rttvar4: m.get(ports::RTTVAR4_O)?,
                rto: m.get(ports::RTO_O)?,
            };
            assert_eq!(
                (got.srtt8, got.rttvar4, got.rto),
                (want.srtt8, want.rttvar4, want.rto),
                "connection {conn}, step {k}: sample {sample:?}, timeout {timeout}, state {s:?}"
            );
            s = got;
            // the RFC in real numbers: the integer state stays within a few
            // ticks of it
            if let Some((r, first)) = sample {
                let r = r as f64;
                if first {
                    fs = r;
                    fv = r / 2.0;
                } else {
                    fv = 0.75 * fv + 0.25 * (fs - r).abs();
                    fs = 0.875 * fs + 0.125 * r;
                }
                let srtt = s.srtt8 as f64 / 8.0;
                assert!((srtt - fs).abs() <= 2.0, "SRTT {srtt} against {fs}");
                let var = s.rttvar4 as f64 / 4.0;
                assert!((var - fv).abs() <= 4.0, "RTTVAR {var} against {fv}");
            }
        }
    }
    Ok(())
}
