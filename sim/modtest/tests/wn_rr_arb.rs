//! `wn_rr_arb` (N = 5) against a reference round-robin pointer: random
//! request vectors, random acceptance of the grant.

use warpnic_modtest::wn_rr_arb::{self, ports};
use warpnic_modtest::{ModError, ModModel, Rng};

const N: u64 = 5;

/// The reference: the round-robin pointer.
#[derive(Default)]
struct Reference {
    ptr: u64,
}

impl Reference {
    /// The lowest requester at or after the pointer, if any requests.
    fn grant(&self, req: u64) -> Option<u64> {
        (0..N)
            .map(|k| (self.ptr + k) % N)
            .find(|&i| req >> i & 1 == 1)
    }

    fn accept(&mut self, granted: u64) {
        self.ptr = (granted + 1) % N;
    }
}

struct Bench {
    m: ModModel,
    r: Reference,
}

impl Bench {
    fn new() -> Result<Self, ModError> {
        let mut m = ModModel::new(wn_rr_arb::NAME)?;
        m.reset(2)?;
        Ok(Bench {
            m,
            r: Reference::default(),
        })
    }

    /// One cycle: checks the grant against the reference and clocks both.
    /// Returns the requester granted and accepted, if any.
    fn cycle(&mut self, req: u64, accept: bool) -> Result<Option<u64>, ModError> {
        let m = &mut self.m;
        m.set(ports::REQ_I, req)?;
        m.set(ports::ACCEPT_I, u64::from(accept))?;
        m.eval()?;
        let now = m.cycle();
        let want = self.r.grant(req);
        let valid = m.get(ports::VALID_O)? == 1;
        assert_eq!(
            valid,
            want.is_some(),
            "valid_o at cycle {now}, req {req:#07b}"
        );
        if valid {
            assert_eq!(
                Some(m.get(ports::GRANT_O)?),
                want,
                "grant_o at cycle {now}, req {req:#07b}, pointer {}",
                self.r.ptr
            );
        }
        m.tick()?;
        let taken = want.filter(|_| accept);
        if let Some(g) = taken {
            self.r.accept(g);
        }
        Ok(taken)
    }
}

#[test]
fn grants_rotate_among_constant_requesters() -> Result<(), ModError> {
    let mut b = Bench::new()?;
    let mut order = Vec::new();
    for _ in 0..6 {
        order.extend(b.cycle(0b10110, true)?);
    }
    assert_eq!(order, [1, 2, 4, 1, 2, 4]);
    // Without acceptance the grant holds.
    for _ in 0..3 {
        assert_eq!(b.cycle(0b11111, false)?, None);
        assert_eq!(b.m.get(ports::GRANT_O)?, 0);
    }
    Ok(())
}

#[test]
fn random_requests_match_the_reference_and_are_served_fairly() -> Result<(), ModError> {
    const CYCLES: u64 = 100_000;
    let mut rng = Rng::new(0x0a7b_1e55);
    let mut b = Bench::new()?;
    // Accepts of others since requester i started its current unbroken
    // run of requests without being granted.
    let mut waited = [0u64; N as usize];
    let mut req = 0u64;
    let mut grants = [0u64; N as usize];
    let (mut change_pct, mut accept_pct) = (50, 50);
    for c in 0..CYCLES {
        if c % 1000 == 0 {
            // Phases of sticky requests (fairness) and of churn.
            change_pct = rng.below(101);
            accept_pct = rng.below(101);
        }
        if rng.percent(change_pct) {
            req = rng.bits(N as u32);
        }
        let accept = rng.percent(accept_pct);
        for (i, w) in waited.iter_mut().enumerate() {
            if req >> i & 1 == 0 {
                *w = 0;
            }
        }
        if let Some(g) = b.cycle(req, accept)? {
            grants[g as usize] += 1;
            for (i, w) in waited.iter_mut().enumerate() {
                if i as u64 == g {
                    *w = 0;
                } else if req >> i & 1 == 1 {
                    *w += 1;
                    assert!(*w < N, "requester {i} passed over {w} times by cycle {c}");
                }
            }
        }
    }
    assert!(grants.iter().all(|&g| g > 1000), "grants {grants:?}");
    Ok(())
}
