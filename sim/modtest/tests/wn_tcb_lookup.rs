//! `wn_tcb_lookup` (64 connections, 4 overflow slots) against a reference
//! model: random inserts, deletes and lookups of tuples from a small pool,
//! so that hits, collisions, EXISTS, NOT_FOUND and FULL all happen; random
//! idle on both request streams.

use std::collections::VecDeque;
use warpnic_modtest::wn_tcb_lookup::{self, ports};
use warpnic_modtest::{ModError, ModModel, Rng};

const N: usize = 64;
const CAM: usize = 4;
const OK: u64 = 0;
const MISS: u64 = 1;
const FULL: u64 = 2;

/// The Toeplitz hash of a 96-bit tuple with a 128-bit key, bit 95 first.
fn toeplitz(key: u128, t: u128) -> u32 {
    let mut h = 0u32;
    for i in 0..96 {
        if t >> (95 - i) & 1 == 1 {
            h ^= (key >> (96 - i)) as u32;
        }
    }
    h
}

type Slot = Option<(u128, u64)>;

struct Reference {
    k0: u128,
    k1: u128,
    way0: Vec<Slot>,
    way1: Vec<Slot>,
    cam: Vec<Slot>,
}

impl Reference {
    fn idx(&self, t: u128) -> (usize, usize) {
        (
            toeplitz(self.k0, t) as usize % N,
            toeplitz(self.k1, t) as usize % N,
        )
    }

    fn lookup(&self, t: u128) -> Option<u64> {
        let (a, b) = self.idx(t);
        [self.way0[a], self.way1[b]]
            .into_iter()
            .chain(self.cam.iter().copied())
            .flatten()
            .find(|&(x, _)| x == t)
            .map(|(_, tid)| tid)
    }

    fn insert(&mut self, t: u128, tid: u64) -> u64 {
        if self.lookup(t).is_some() {
            return MISS;
        }
        let (a, b) = self.idx(t);
        if self.way0[a].is_none() {
            self.way0[a] = Some((t, tid));
        } else if self.way1[b].is_none() {
            self.way1[b] = Some((t, tid));
        } else if let Some(s) = self.cam.iter_mut().find(|s| s.is_none()) {
            *s = Some((t, tid));
        } else {
            return FULL;
        }
        OK
    }

    fn delete(&mut self, t: u128) -> u64 {
        let (a, b) = self.idx(t);
        if self.way0[a].is_some_and(|(x, _)| x == t) {
            self.way0[a] = None;
        } else if self.way1[b].is_some_and(|(x, _)| x == t) {
            self.way1[b] = None;
        } else if let Some(s) = self.cam.iter_mut().find(|s| s.is_some_and(|(x, _)| x == t)) {
            *s = None;
        } else {
            return MISS;
        }
        OK
    }
}

fn set128(
    m: &mut ModModel,
    p: warpnic_modtest::Port,
    v: u128,
    bytes: usize,
) -> Result<(), ModError> {
    m.set_bytes(p, &v.to_le_bytes()[..bytes])
}

#[test]
fn random_operations_match_the_reference() -> Result<(), ModError> {
    let mut rng = Rng::new(0x7cb_100c);
    let k0 = u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64());
    let k1 = u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64());
    let pool: Vec<u128> = (0..160)
        .map(|_| {
            (u128::from(rng.next_u64()) << 32 | u128::from(rng.next_u64() as u32)) & ((1 << 96) - 1)
        })
        .collect();
    let mut r = Reference {
        k0,
        k1,
        way0: vec![None; N],
        way1: vec![None; N],
        cam: vec![None; CAM],
    };
    let mut m = ModModel::new(wn_tcb_lookup::NAME)?;
    set128(&mut m, ports::KEY0_I, k0, 16)?;
    set128(&mut m, ports::KEY1_I, k1, 16)?;
    m.reset(2)?;
    // the tables are cleared after reset
    let mut waited = 0;
    loop {
        m.eval()?;
        if m.get(ports::CTL_READY_O)? == 1 {
            break;
        }
        m.tick()?;
        waited += 1;
        assert!(waited <= N + 4, "tables not cleared after {waited} cycles");
    }
    assert!(
        waited >= N - 1,
        "cleared in {waited} cycles, fewer than the {N} buckets"
    );

    let mut expect: VecDeque<(u128, Option<u64>)> = VecDeque::new();
    // a control operation in flight: (op, tuple, tid)
    let mut ctl: Option<(u64, u128, u64)> = None;
    let mut ctl_valid = false;
    let (mut hits, mut full, mut exists, mut missing, mut lookups) = (0, 0, 0, 0, 0);
    let (mut lk_pct, mut ctl_pct) = (50, 30);
    for c in 0..60_000u64 {
        if c % 2000 == 0 {
            lk_pct = rng.below(101);
            ctl_pct = rng.below(60);
        }
        // drive
        let lk_valid = rng.percent(lk_pct);
        let lk_t = pool[rng.below(pool.len() as u64) as usize];
        m.set(ports::LK_VALID_I, u64::from(lk_valid))?;
        set128(&mut m, ports::LK_TUPLE_I, lk_t, 12)?;
        if ctl.is_none() && rng.percent(ctl_pct) {
            let op = if rng.percent(60) { 1 } else { 2 };
            let t = pool[rng.below(pool.len() as u64) as usize];
            let tid = rng.below(N as u64);
            ctl = Some((op, t, tid));
            ctl_valid = true;
        }
        m.set(ports::CTL_VALID_I, u64::from(ctl_valid))?;
        if let Some((op, t, tid)) = ctl {
            m.set(ports::CTL_OP_I, op)?;
            set128(&mut m, ports::CTL_TUPLE_I, t, 12)?;
            m.set(ports::CTL_TID_I, tid)?;
        }
        m.eval()?;
        // sample
        if m.get(ports::LK_RSP_VALID_O)? == 1 {
            let (t, want) = expect
                .pop_front()
                .expect("a response with no lookup outstanding");
            let hit = m.get(ports::LK_HIT_O)? == 1;
            assert_eq!(hit, want.is_some(), "cycle {c}: lookup of {t:#x}");
            if let Some(tid) = want {
                assert_eq!(m.get(ports::LK_TID_O)?, tid, "cycle {c}: tid of {t:#x}");
                hits += 1;
            }
        }
        // a lookup accepted this cycle sees the tables as they are before
        // this cycle's control write
        if lk_valid && m.get(ports::LK_READY_O)? == 1 {
            expect.push_back((lk_t, r.lookup(lk_t)));
            lookups += 1;
        }
        if ctl_valid && m.get(ports::CTL_READY_O)? == 1 {
            ctl_valid = false;
        }
        if m.get(ports::CTL_DONE_O)? == 1 {
            let (op, t, tid) = ctl.take().expect("done with no operation");
            let want = if op == 1 {
                r.insert(t, tid)
            } else {
                r.delete(t)
            };
            let got = m.get(ports::CTL_STATUS_O)?;
            assert_eq!(got, want, "cycle {c}: op {op} of {t:#x}");
            match (op, got) {
                (1, FULL) => full += 1,
                (1, MISS) => exists += 1,
                (2, MISS) => missing += 1,
                _ => {}
            }
        }
        m.tick()?;
    }
    // every outcome was exercised
    assert!(
        lookups > 10_000 && hits > 1000,
        "lookups {lookups}, hits {hits}"
    );
    assert!(
        full > 10 && exists > 10 && missing > 10,
        "full {full}, exists {exists}, missing {missing}"
    );
    Ok(())
}
