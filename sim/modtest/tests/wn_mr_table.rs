//! `wn_mr_table` (4096 entries, 16-bit PDs, 40-bit region lengths) against
//! a reference model of the table, its checks and its updates.
//!
//! - The clear after reset takes one cycle per entry and leaves every entry
//!   FREE, whatever the RAM held before.
//! - Random register, deregister, fast-register, local and remote
//!   invalidation requests on both update ports (held until taken) and
//!   random checks with random idle, on a small pool of entries so that
//!   checks and updates of one entry meet in flight; every check error
//!   class, every update status and the boundary cases (to = base, the
//!   last byte, one past it, the wrap at 2^64, zero length, index bits
//!   above the table, keys off by one) are counted and must each be hit
//!   many times. Every response must come exactly 3 cycles after its
//!   request and every status 2 cycles after its update.
//! - Checks at one per cycle while both update ports are busy every cycle:
//!   the measured rate is printed.
//! - The ordering contract, directed: checks of one entry every cycle while
//!   a register, deregister, fast-register, local or remote invalidation of
//!   it goes through see the old entry when accepted before the update's
//!   done cycle and the new one from that cycle on.

use std::collections::VecDeque;
use std::num::NonZeroU32;

use warpnic_modtest::wn_mr_table::{self, ports};
use warpnic_modtest::{InitialValues, ModError, ModModel, ModelOptions, Rng};

const N: usize = 4096;
const IDX_BITS: u32 = 12;
const LEN_BITS: u32 = 40;
const LATENCY: u64 = 3;
const UPD_LATENCY: u64 = 2;

// check error classes
const OK: u64 = 0;
const INVALID_STAG: u64 = 1;
const NOT_ASSOC: u64 = 2;
const ACCESS: u64 = 3;
const BOUNDS: u64 = 4;
const WRAP: u64 = 5;
const ERR_NAMES: [&str; 6] = [
    "OK",
    "INVALID_STAG",
    "STAG_NOT_ASSOC",
    "ACCESS_RIGHTS",
    "BASE_BOUNDS",
    "TO_WRAP",
];

// update ops and status
const REG: u64 = 0;
const DEREG: u64 = 1;
const FAST_REG: u64 = 2;
const LOCAL_INV: u64 = 3;
const S_OK: u64 = 0;
const S_BAD_STAG: u64 = 1;
const S_PD: u64 = 2;
const S_NOT_ALLOWED: u64 = 3;
const S_STATE: u64 = 4;
const S_BAD_ARG: u64 = 5;
const STATUS_NAMES: [&str; 6] = [
    "OK",
    "BAD_STAG",
    "PD_MISMATCH",
    "NOT_ALLOWED",
    "STATE",
    "BAD_ARG",
];

// entry states and flags
const FREE: u8 = 0;
const INVALID: u8 = 1;
const VALID: u8 = 2;
const LW: u8 = 1;
const RW: u8 = 4;
const FR: u8 = 8;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Entry {
    state: u8,
    key: u8,
    pd: u16,
    acc: u8,
    base: u64,
    len: u64,
    iova: u64,
}

#[derive(Clone, Copy, Debug)]
struct Check {
    stag: u32,
    to: u64,
    len: u32,
    pd: u16,
    acc: u8,
}

#[derive(Clone, Copy, Debug)]
struct Update {
    op: u64,
    stag: u32,
    pd: u16,
    acc: u8,
    base: u64,
    len: u64,
    iova: u64,
}

/// What a generated check aims at, for the boundary counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Inside,
    AtBase,
    EndsAtEnd,
    OnePast,
    BelowBase,
    Wraps,
    EndsAt2p64,
    ZeroLen,
    StartsAtEnd,
    Random,
}

/// The table as the RTL must hold it, and the rules of its checks and
/// updates.
struct Reference {
    e: Vec<Entry>,
}

impl Reference {
    fn new() -> Self {
        Reference {
            e: vec![Entry::default(); N],
        }
    }

    /// The error class and, when ok and not empty, the host address.
    fn check(&self, c: &Check) -> (u64, Option<u64>) {
        if c.len == 0 {
            return (OK, None);
        }
        let idx = (c.stag >> 8) as usize;
        if idx >= N {
            return (INVALID_STAG, None);
        }
        let e = self.e[idx];
        if e.state != VALID || e.key != c.stag as u8 {
            return (INVALID_STAG, None);
        }
        if e.pd != c.pd {
            return (NOT_ASSOC, None);
        }
        if c.acc & !e.acc & 7 != 0 {
            return (ACCESS, None);
        }
        if c.to < e.base {
            return (BOUNDS, None);
        }
        if u128::from(c.to) + u128::from(c.len) >= 1 << 64 {
            return (WRAP, None);
        }
        let off = c.to - e.base;
        if u128::from(off) + u128::from(c.len) > u128::from(e.len) {
            return (BOUNDS, None);
        }
        (OK, Some(e.iova.wrapping_add(off)))
    }

    /// Applies an update; its status.
    fn update(&mut self, u: &Update) -> u64 {
        let idx = (u.stag >> 8) as usize;
        let key = u.stag as u8;
        if idx >= N {
            return S_BAD_STAG;
        }
        let arg_ok = u.len >> LEN_BITS == 0
            && u128::from(u.base) + u128::from(u.len) < 1 << 64
            && !(u.acc & RW != 0 && u.acc & LW == 0);
        let e = &mut self.e[idx];
        match u.op {
            REG => {
                if !arg_ok {
                    return S_BAD_ARG;
                }
                *e = Entry {
                    state: if u.acc & FR != 0 { INVALID } else { VALID },
                    key,
                    pd: u.pd,
                    acc: u.acc,
                    base: u.base,
                    len: u.len,
                    iova: u.iova,
                };
            }
            DEREG => *e = Entry::default(),
            FAST_REG => {
                if e.state == FREE {
                    return S_BAD_STAG;
                }
                if e.pd != u.pd {
                    return S_PD;
                }
                if e.acc & FR == 0 {
                    return S_NOT_ALLOWED;
                }
                if e.state == VALID {
                    return S_STATE;
                }
                if !arg_ok {
                    return S_BAD_ARG;
                }
                *e = Entry {
                    state: VALID,
                    key,
                    pd: e.pd,
                    acc: FR | (u.acc & 7),
                    base: u.base,
                    len: u.len,
                    iova: u.iova,
                };
            }
            _ => {
                if e.state == FREE || e.key != key {
                    return S_BAD_STAG;
                }
                if e.pd != u.pd {
                    return S_PD;
                }
                if e.acc & FR == 0 {
                    return S_NOT_ALLOWED;
                }
                e.state = INVALID;
                e.acc = FR;
            }
        }
        S_OK
    }
}

const PDS: [u16; 3] = [1, 2, 0xbeef];

fn pick_pd(rng: &mut Rng) -> u16 {
    if rng.percent(3) {
        rng.bits(16) as u16
    } else {
        PDS[rng.below(PDS.len() as u64) as usize]
    }
}

/// A pool of entries that checks and updates share: the first and last
/// entry and some others.
fn make_pool(rng: &mut Rng) -> Vec<u32> {
    let mut pool = vec![0, (N - 1) as u32];
    while pool.len() < 20 {
        let i = rng.below(N as u64) as u32;
        if !pool.contains(&i) {
            pool.push(i);
        }
    }
    pool
}

/// An index: mostly from the pool, sometimes with index bits set above the
/// table, sometimes any entry.
fn pick_index(rng: &mut Rng, pool: &[u32]) -> u32 {
    let i = pool[rng.below(pool.len() as u64) as usize];
    match rng.below(100) {
        0..=3 => i | 1 << (IDX_BITS + rng.below(24 - u64::from(IDX_BITS)) as u32),
        4..=6 => rng.below(N as u64) as u32,
        _ => i,
    }
}

fn entry_of(r: &Reference, idx: u32) -> Entry {
    r.e[idx as usize % N]
}

/// Rights: REMOTE_WRITE mostly with LOCAL_WRITE, as verbs require.
fn pick_rights(rng: &mut Rng) -> u8 {
    let mut a = rng.bits(3) as u8;
    if a & RW != 0 && rng.percent(90) {
        a |= LW;
    }
    a
}

fn gen_update(rng: &mut Rng, r: &Reference, pool: &[u32]) -> Update {
    let idx = pick_index(rng, pool);
    let e = entry_of(r, idx);
    let op = match rng.below(100) {
        0..=29 => REG,
        30..=37 => DEREG,
        38..=74 => FAST_REG,
        _ => LOCAL_INV,
    };
    let key = if op == LOCAL_INV {
        match rng.below(10) {
            0 => e.key.wrapping_add(1),
            1 => rng.bits(8) as u8,
            _ => e.key,
        }
    } else {
        rng.bits(8) as u8
    };
    let pd = if e.state != FREE && rng.percent(85) {
        e.pd
    } else {
        pick_pd(rng)
    };
    let mut acc = pick_rights(rng);
    if op == REG && rng.percent(50) {
        acc |= FR;
    }
    let base = match rng.below(10) {
        0 => 0,
        1 => u64::MAX - rng.below(1 << 24),
        2..=5 => rng.next_u64() >> rng.below(40),
        _ => rng.next_u64(),
    };
    let len = match rng.below(100) {
        0..=69 => rng.below(1 << 20) + 1,
        70..=84 => rng.bits(LEN_BITS),
        85..=88 => (1 << LEN_BITS) - 1,
        89..=92 => 1 << LEN_BITS,
        93..=95 => rng.next_u64(),
        _ => 0,
    };
    Update {
        op,
        stag: idx << 8 | u32::from(key),
        pd,
        acc,
        base,
        len,
        iova: rng.next_u64(),
    }
}

fn gen_rinv(rng: &mut Rng, r: &Reference, pool: &[u32]) -> Update {
    let idx = pick_index(rng, pool);
    let e = entry_of(r, idx);
    let key = match rng.below(10) {
        0 => e.key.wrapping_sub(1),
        1 => rng.bits(8) as u8,
        _ => e.key,
    };
    let pd = if rng.percent(85) { e.pd } else { pick_pd(rng) };
    Update {
        op: LOCAL_INV,
        stag: idx << 8 | u32::from(key),
        pd,
        acc: 0,
        base: 0,
        len: 0,
        iova: 0,
    }
}

fn max_len(room: u64) -> u64 {
    room.min(u64::from(u32::MAX))
}

fn gen_check(rng: &mut Rng, r: &Reference, pool: &[u32]) -> (Check, Kind) {
    let idx = pick_index(rng, pool);
    let e = entry_of(r, idx);
    let key = match rng.below(100) {
        0..=3 => e.key.wrapping_add(1),
        4..=7 => e.key.wrapping_sub(1),
        8..=10 => rng.bits(8) as u8,
        _ => e.key,
    };
    let pd = if rng.percent(90) { e.pd } else { pick_pd(rng) };
    let acc = if rng.percent(80) {
        e.acc & 7 & rng.bits(3) as u8
    } else {
        rng.bits(3) as u8
    };
    let some_len = |rng: &mut Rng, room: u64| -> u64 {
        if room == 0 {
            1
        } else {
            rng.below(max_len(room)) + 1
        }
    };
    let kind = match rng.below(14) {
        0..=3 => Kind::Inside,
        4 => Kind::AtBase,
        5 => Kind::EndsAtEnd,
        6 => Kind::OnePast,
        7 => Kind::BelowBase,
        8 => Kind::Wraps,
        9 => Kind::EndsAt2p64,
        10 => Kind::ZeroLen,
        11 => Kind::StartsAtEnd,
        _ => Kind::Random,
    };
    let (to, len) = match kind {
        Kind::Inside => {
            let off = rng.below(e.len.max(1));
            (
                e.base.wrapping_add(off),
                some_len(rng, e.len - off.min(e.len)),
            )
        }
        Kind::AtBase => (e.base, some_len(rng, e.len)),
        Kind::EndsAtEnd => {
            let l = some_len(rng, e.len);
            (e.base.wrapping_add(e.len).wrapping_sub(l), l)
        }
        Kind::OnePast => {
            let l = some_len(rng, e.len);
            (
                e.base.wrapping_add(e.len).wrapping_sub(l).wrapping_add(1),
                l,
            )
        }
        Kind::BelowBase => (e.base.wrapping_sub(1 + rng.below(3)), some_len(rng, e.len)),
        Kind::Wraps => (
            u64::MAX - rng.below(1 << 12),
            (1 << 12) + rng.below(1 << 20),
        ),
        Kind::EndsAt2p64 => {
            let l = rng.below(1 << 16) + 1;
            (0u64.wrapping_sub(l), l)
        }
        Kind::ZeroLen => (rng.next_u64(), 0),
        Kind::StartsAtEnd => (e.base.wrapping_add(e.len), 1 + rng.below(64)),
        Kind::Random => (rng.next_u64(), rng.bits(32)),
    };
    (
        Check {
            stag: idx << 8 | u32::from(key),
            to,
            len: len.min(u64::from(u32::MAX)) as u32,
            pd,
            acc,
        },
        kind,
    )
}

fn model(seed: u32) -> Result<ModModel, ModError> {
    let opts = ModelOptions {
        initial_values: InitialValues::Random(NonZeroU32::new(seed).unwrap_or(NonZeroU32::MIN)),
        ..ModelOptions::default()
    };
    ModModel::with_options(wn_mr_table::NAME, &opts)
}

/// Resets, then waits out the clear; the number of cycles it took.
fn reset_and_clear(m: &mut ModModel) -> Result<usize, ModError> {
    m.reset(2)?;
    let mut waited = 0;
    loop {
        m.eval()?;
        let ready = [ports::CHK_READY_O, ports::CTL_READY_O, ports::RINV_READY_O]
            .map(|p| m.get(p))
            .into_iter()
            .collect::<Result<Vec<_>, _>>()?;
        if ready.iter().all(|&r| r == 1) {
            return Ok(waited);
        }
        assert!(
            ready.iter().all(|&r| r == 0),
            "ready outputs disagree while clearing: {ready:?}"
        );
        m.tick()?;
        waited += 1;
        assert!(waited <= N + 4, "table not cleared after {waited} cycles");
    }
}

fn drive_check(m: &mut ModModel, valid: bool, c: &Check) -> Result<(), ModError> {
    m.set(ports::CHK_VALID_I, u64::from(valid))?;
    m.set(ports::CHK_STAG_I, u64::from(c.stag))?;
    m.set(ports::CHK_TO_I, c.to)?;
    m.set(ports::CHK_LEN_I, u64::from(c.len))?;
    m.set(ports::CHK_PD_I, u64::from(c.pd))?;
    m.set(ports::CHK_ACCESS_I, u64::from(c.acc))
}

fn drive_ctl(m: &mut ModModel, u: Option<&Update>) -> Result<(), ModError> {
    m.set(ports::CTL_VALID_I, u64::from(u.is_some()))?;
    if let Some(u) = u {
        m.set(ports::CTL_OP_I, u.op)?;
        m.set(ports::CTL_STAG_I, u64::from(u.stag))?;
        m.set(ports::CTL_PD_I, u64::from(u.pd))?;
        m.set(ports::CTL_ACCESS_I, u64::from(u.acc))?;
        m.set(ports::CTL_BASE_I, u.base)?;
        m.set(ports::CTL_LEN_I, u.len)?;
        m.set(ports::CTL_IOVA_I, u.iova)?;
    }
    Ok(())
}

fn drive_rinv(m: &mut ModModel, u: Option<&Update>) -> Result<(), ModError> {
    m.set(ports::RINV_VALID_I, u64::from(u.is_some()))?;
    if let Some(u) = u {
        m.set(ports::RINV_STAG_I, u64::from(u.stag))?;
        m.set(ports::RINV_PD_I, u64::from(u.pd))?;
    }
    Ok(())
}

/// A check in flight: when its response is due, what it asked, the
/// expected class and address, and what it aimed at.
type Pending = (u64, Check, u64, Option<u64>, Kind);

/// Compares the response of this cycle, if any, with the oldest check in
/// flight.
fn take_response(
    m: &ModModel,
    q: &mut VecDeque<Pending>,
    now: u64,
) -> Result<Option<(u64, Kind, Check)>, ModError> {
    if m.get(ports::CHK_RSP_VALID_O)? == 0 {
        if let Some(&(due, c, ..)) = q.front() {
            assert!(
                due > now,
                "cycle {now}: no response for {c:x?} due at {due}"
            );
        }
        return Ok(None);
    }
    let (due, c, err, addr, kind) = q.pop_front().expect("a response with no check in flight");
    assert_eq!(due, now, "response to {c:x?} at the wrong cycle");
    let got = m.get(ports::CHK_RSP_ERR_O)?;
    assert_eq!(
        got,
        err,
        "cycle {now}: {c:x?} ({kind:?}) gave {} instead of {}",
        ERR_NAMES[got as usize % 6],
        ERR_NAMES[err as usize]
    );
    assert_eq!(
        m.get(ports::CHK_RSP_OK_O)?,
        u64::from(err == OK),
        "ok flag of {c:x?}"
    );
    if let Some(a) = addr {
        assert_eq!(
            m.get(ports::CHK_RSP_ADDR_O)?,
            a,
            "cycle {now}: address of {c:x?}"
        );
    }
    Ok(Some((err, kind, c)))
}

#[test]
fn clear_after_reset_frees_every_entry() -> Result<(), ModError> {
    let mut rng = Rng::new(0x3e5_c1ea);
    for seed in [1, 0x5eed, 0xdead_beef] {
        let mut m = model(seed)?;
        let waited = reset_and_clear(&mut m)?;
        assert!(
            waited >= N - 1,
            "cleared in {waited} cycles, fewer than the {N} entries"
        );
        // every entry FREE: any check of a non-zero length fails on the
        // STag, fast-register and invalidation find no region
        drive_ctl(&mut m, None)?;
        drive_rinv(&mut m, None)?;
        let r = Reference::new();
        let mut q = VecDeque::new();
        for i in 0..(N as u64 + 8) {
            let idx = if i < N as u64 { i as u32 } else { 0 };
            let c = Check {
                stag: idx << 8 | rng.bits(8) as u32,
                to: rng.next_u64(),
                len: rng.bits(32) as u32 | 1,
                pd: rng.bits(16) as u16,
                acc: rng.bits(3) as u8,
            };
            let valid = i < N as u64;
            drive_check(&mut m, valid, &c)?;
            m.eval()?;
            let now = m.cycle();
            if let Some((err, ..)) = take_response(&m, &mut q, now)? {
                assert_eq!(err, INVALID_STAG);
            }
            if valid {
                let (err, addr) = r.check(&c);
                q.push_back((now + LATENCY, c, err, addr, Kind::Random));
            }
            m.tick()?;
        }
        assert!(q.is_empty());
    }
    Ok(())
}

#[test]
fn random_operations_match_the_reference() -> Result<(), ModError> {
    let mut rng = Rng::new(0x3712_7ab1e);
    let pool = make_pool(&mut rng);
    let mut m = model(0x7ab1e)?;
    reset_and_clear(&mut m)?;
    let mut r = Reference::new();

    let mut chk_q: VecDeque<Pending> = VecDeque::new();
    let mut ctl: Option<Update> = None;
    let mut rinv: Option<Update> = None;
    let mut ctl_fl: VecDeque<(u64, Update)> = VecDeque::new();
    let mut rinv_fl: VecDeque<(u64, Update)> = VecDeque::new();

    let mut errs = [0u64; 6];
    let mut ctl_status = [[0u64; 6]; 4];
    let mut rinv_status = [0u64; 6];
    let (mut at_base_ok, mut at_end_ok, mut one_past, mut below_base) = (0, 0, 0, 0);
    let (mut wraps, mut at_2p64, mut zero_on_bad, mut high_index, mut key_off) = (0, 0, 0, 0, 0);
    let (mut contended, mut ctl_wins) = (0u64, 0u64);
    let (mut chk_pct, mut ctl_pct, mut rinv_pct) = (60, 30, 20);

    const CYCLES: u64 = 400_000;
    for c in 0..CYCLES {
        if c % 4000 == 0 {
            chk_pct = rng.below(101);
            ctl_pct = rng.below(80);
            rinv_pct = rng.below(60);
        }
        let chk_valid = rng.percent(chk_pct);
        let (chk, kind) = gen_check(&mut rng, &r, &pool);
        drive_check(&mut m, chk_valid, &chk)?;
        if ctl.is_none() && rng.percent(ctl_pct) {
            ctl = Some(gen_update(&mut rng, &r, &pool));
        }
        if rinv.is_none() && rng.percent(rinv_pct) {
            rinv = Some(gen_rinv(&mut rng, &r, &pool));
        }
        drive_ctl(&mut m, ctl.as_ref())?;
        drive_rinv(&mut m, rinv.as_ref())?;
        m.eval()?;
        let now = m.cycle();

        // updates done this cycle were written at the last edge: apply
        // them before the checks accepted this cycle are predicted
        let ctl_done = m.get(ports::CTL_DONE_O)? == 1;
        let rinv_done = m.get(ports::RINV_DONE_O)? == 1;
        assert!(
            !(ctl_done && rinv_done),
            "cycle {now}: two updates done at once"
        );
        if ctl_done {
            let (due, u) = ctl_fl.pop_front().expect("ctl done with nothing in flight");
            assert_eq!(due, now, "ctl status of {u:x?} at the wrong cycle");
            let want = r.update(&u);
            let got = m.get(ports::CTL_STATUS_O)?;
            assert_eq!(
                got,
                want,
                "cycle {now}: {u:x?} gave {} instead of {}",
                STATUS_NAMES[got as usize % 6],
                STATUS_NAMES[want as usize]
            );
            ctl_status[u.op as usize][want as usize] += 1;
        }
        if rinv_done {
            let (due, u) = rinv_fl
                .pop_front()
                .expect("rinv done with nothing in flight");
            assert_eq!(due, now, "rinv status of {u:x?} at the wrong cycle");
            let want = r.update(&u);
            let got = m.get(ports::RINV_STATUS_O)?;
            assert_eq!(
                got,
                want,
                "cycle {now}: remote invalidation {u:x?} gave {} instead of {}",
                STATUS_NAMES[got as usize % 6],
                STATUS_NAMES[want as usize]
            );
            rinv_status[want as usize] += 1;
        }
        for (due, _) in ctl_fl.iter().chain(rinv_fl.iter()) {
            assert!(
                *due > now,
                "cycle {now}: an update status due at {due} never came"
            );
        }

        if let Some((err, kind, c)) = take_response(&m, &mut chk_q, now)? {
            errs[err as usize] += 1;
            let e = entry_of(&r, c.stag >> 8);
            match (kind, err) {
                (Kind::AtBase, OK) => at_base_ok += 1,
                (Kind::EndsAtEnd, OK) => at_end_ok += 1,
                (Kind::OnePast, BOUNDS) => one_past += 1,
                (Kind::BelowBase, BOUNDS) => below_base += 1,
                (Kind::Wraps, WRAP) => wraps += 1,
                (Kind::EndsAt2p64, WRAP) => at_2p64 += 1,
                _ => {}
            }
            if c.len == 0 && (c.stag >> 8 >= N as u32 || e.state != VALID || e.key != c.stag as u8)
            {
                zero_on_bad += 1;
            }
            if c.len != 0 && c.stag >> 8 >= N as u32 {
                assert_eq!(err, INVALID_STAG);
                high_index += 1;
            }
            if c.len != 0
                && c.stag >> 8 < N as u32
                && e.state == VALID
                && (c.stag as u8 == e.key.wrapping_add(1) || c.stag as u8 == e.key.wrapping_sub(1))
            {
                key_off += 1;
            }
        }

        // acceptance
        let ctl_ready = m.get(ports::CTL_READY_O)? == 1;
        let rinv_ready = m.get(ports::RINV_READY_O)? == 1;
        if ctl.is_some() && rinv.is_some() {
            assert!(
                ctl_ready != rinv_ready,
                "cycle {now}: both or neither granted"
            );
            contended += 1;
            ctl_wins += u64::from(ctl_ready);
        }
        assert_eq!(m.get(ports::CHK_READY_O)?, 1, "check port stalled");
        if chk_valid {
            let (err, addr) = r.check(&chk);
            chk_q.push_back((now + LATENCY, chk, err, addr, kind));
        }
        if ctl_ready {
            if let Some(u) = ctl.take() {
                ctl_fl.push_back((now + UPD_LATENCY, u));
            }
        }
        if rinv_ready {
            if let Some(u) = rinv.take() {
                rinv_fl.push_back((now + UPD_LATENCY, u));
            }
        }
        m.tick()?;
    }

    println!("check results:");
    for (n, k) in ERR_NAMES.iter().zip(errs) {
        println!("  {n:<15} {k}");
    }
    println!(
        "boundaries: to = base ok {at_base_ok}, ends at the last byte ok {at_end_ok}, \
         one past {one_past}, below base {below_base}, wrap {wraps}, ends at 2^64 {at_2p64}, \
         zero length on a bad STag ok {zero_on_bad}, index above the table {high_index}, \
         key off by one {key_off}"
    );
    for (op, name) in ["REG", "DEREG", "FAST_REG", "LOCAL_INV"].iter().enumerate() {
        println!("{name:<10} {:?}", ctl_status[op]);
    }
    println!("remote inv {rinv_status:?}");
    println!("contended update cycles {contended}, control port won {ctl_wins}");

    for (n, k) in ERR_NAMES.iter().zip(errs) {
        assert!(k > 500, "{n} hit only {k} times");
    }
    for (what, k) in [
        ("to = base, ok", at_base_ok),
        ("ends at the last byte, ok", at_end_ok),
        ("one past the end", one_past),
        ("below base", below_base),
        ("wrap", wraps),
        ("ends at 2^64", at_2p64),
        ("zero length on a bad STag", zero_on_bad),
        ("index bits above the table", high_index),
        ("key off by one", key_off),
    ] {
        assert!(k > 200, "{what} hit only {k} times");
    }
    // every status each op can give
    let want: [&[u64]; 4] = [
        &[S_OK, S_BAD_STAG, S_BAD_ARG],
        &[S_OK, S_BAD_STAG],
        &[S_OK, S_BAD_STAG, S_PD, S_NOT_ALLOWED, S_STATE, S_BAD_ARG],
        &[S_OK, S_BAD_STAG, S_PD, S_NOT_ALLOWED],
    ];
    for (op, statuses) in want.iter().enumerate() {
        for &s in *statuses {
            assert!(
                ctl_status[op][s as usize] > 50,
                "op {op} status {} hit only {} times",
                STATUS_NAMES[s as usize],
                ctl_status[op][s as usize]
            );
        }
    }
    for s in [S_OK, S_BAD_STAG, S_PD, S_NOT_ALLOWED] {
        assert!(
            rinv_status[s as usize] > 50,
            "remote invalidation status {} hit only {} times",
            STATUS_NAMES[s as usize],
            rinv_status[s as usize]
        );
    }
    // round robin: neither port starves the other
    assert!(contended > 1000 && ctl_wins * 3 > contended && ctl_wins * 3 < 2 * contended);
    Ok(())
}

#[test]
fn checks_run_at_one_per_cycle_beside_updates() -> Result<(), ModError> {
    let mut rng = Rng::new(0x7410_3000);
    let mut m = model(3)?;
    reset_and_clear(&mut m)?;
    let mut r = Reference::new();
    // one region for the checks, registered first
    let region = Update {
        op: REG,
        stag: 5 << 8 | 0x11,
        pd: 7,
        acc: LW | 2 | RW,
        base: 0x7f00_1234_0000,
        len: 1 << 30,
        iova: 0x8_0000_0000,
    };
    drive_check(
        &mut m,
        false,
        &Check {
            stag: 0,
            to: 0,
            len: 0,
            pd: 0,
            acc: 0,
        },
    )?;
    drive_rinv(&mut m, None)?;
    drive_ctl(&mut m, Some(&region))?;
    m.tick()?;
    drive_ctl(&mut m, None)?;
    m.ticks(UPD_LATENCY)?;
    m.eval()?;
    assert_eq!(r.update(&region), S_OK);

    // checks every cycle; both update ports busy every cycle with other
    // entries (registrations, and invalidations of a missing STag)
    const CHECKS: u64 = 50_000;
    let mut q: VecDeque<Pending> = VecDeque::new();
    let (mut sent, mut got, mut updates) = (0u64, 0u64, 0u64);
    let mut first = None;
    let mut last = 0;
    let mut oks = 0;
    while got < CHECKS {
        let valid = sent < CHECKS;
        let c = Check {
            stag: if rng.percent(90) {
                region.stag
            } else {
                region.stag ^ 1
            },
            to: region.base + rng.below(region.len),
            len: rng.below(9000) as u32 + 1,
            pd: 7,
            acc: RW,
        };
        drive_check(&mut m, valid, &c)?;
        let u = Update {
            op: REG,
            stag: (100 + rng.below(50) as u32) << 8,
            pd: 1,
            acc: LW,
            base: rng.next_u64() >> 1,
            len: 4096,
            iova: 0,
        };
        drive_ctl(&mut m, Some(&u))?;
        let inv = Update {
            op: LOCAL_INV,
            stag: 200 << 8,
            pd: 1,
            acc: 0,
            base: 0,
            len: 0,
            iova: 0,
        };
        drive_rinv(&mut m, Some(&inv))?;
        m.eval()?;
        let now = m.cycle();
        updates += m.get(ports::CTL_DONE_O)? + m.get(ports::RINV_DONE_O)?;
        if let Some((err, ..)) = take_response(&m, &mut q, now)? {
            got += 1;
            last = now;
            oks += u64::from(err == OK);
        }
        if valid {
            assert_eq!(m.get(ports::CHK_READY_O)?, 1, "check port stalled");
            first.get_or_insert(now);
            let (err, addr) = r.check(&c);
            q.push_back((now + LATENCY, c, err, addr, Kind::Inside));
            sent += 1;
        }
        m.tick()?;
    }
    let first = first.unwrap_or(0);
    let cycles = last - first + 1;
    let rate = CHECKS as f64 / (cycles - LATENCY) as f64;
    println!(
        "wn_mr_table: {CHECKS} checks in {cycles} cycles from the first request to the last \
         response ({LATENCY}-cycle latency): {rate:.3} checks/cycle, {:.0} M checks/s at 250 MHz; \
         {updates} updates done alongside ({:.3}/cycle); {oks} ok",
        rate * 250.0,
        updates as f64 / cycles as f64
    );
    assert_eq!(cycles, CHECKS + LATENCY);
    assert!(updates as f64 >= 0.99 * cycles as f64);
    assert!(oks > CHECKS / 2);
    Ok(())
}

/// Checks every cycle of one entry while one update of it goes through:
/// (accept cycle, class) of each check, and the update's done cycle.
fn around(
    m: &mut ModModel,
    u: &Update,
    remote: bool,
    c: &Check,
) -> Result<(Vec<(u64, u64)>, u64), ModError> {
    let mut inflight = VecDeque::new();
    let mut res = Vec::new();
    let mut done = None;
    for i in 0..12u64 {
        let valid = i < 9;
        let give = (i == 3).then_some(u);
        drive_check(m, valid, c)?;
        if remote {
            drive_rinv(m, give)?;
            drive_ctl(m, None)?;
        } else {
            drive_ctl(m, give)?;
            drive_rinv(m, None)?;
        }
        m.eval()?;
        let now = m.cycle();
        if give.is_some() {
            let ready = if remote {
                ports::RINV_READY_O
            } else {
                ports::CTL_READY_O
            };
            assert_eq!(m.get(ready)?, 1);
        }
        if m.get(ports::CTL_DONE_O)? == 1 {
            assert_eq!(m.get(ports::CTL_STATUS_O)?, S_OK, "{u:x?}");
            done = Some(now);
        }
        if m.get(ports::RINV_DONE_O)? == 1 {
            assert_eq!(m.get(ports::RINV_STATUS_O)?, S_OK, "{u:x?}");
            done = Some(now);
        }
        if m.get(ports::CHK_RSP_VALID_O)? == 1 {
            let t = inflight
                .pop_front()
                .expect("a response with no check in flight");
            res.push((t, m.get(ports::CHK_RSP_ERR_O)?));
        }
        if valid {
            inflight.push_back(now);
        }
        m.tick()?;
    }
    assert!(inflight.is_empty());
    Ok((res, done.expect("no done for the update")))
}

#[test]
fn a_check_sees_an_update_from_its_done_cycle() -> Result<(), ModError> {
    let mut m = model(9)?;
    reset_and_clear(&mut m)?;
    let upd = |op, stag, acc, iova| Update {
        op,
        stag,
        pd: 3,
        acc,
        base: 0x1000,
        len: 4096,
        iova,
    };
    let chk = |stag| Check {
        stag,
        to: 0x1040,
        len: 64,
        pd: 3,
        acc: RW,
    };
    let (a, b1, b2) = (9 << 8 | 0x5a, 10 << 8 | 0x01, 10 << 8 | 0x02);
    // (update, on the remote-invalidation port, the STag checked, class
    // before, class from the done cycle on)
    let steps = [
        (upd(REG, a, LW | RW, 0xa000), false, a, INVALID_STAG, OK),
        (upd(DEREG, a, 0, 0), false, a, OK, INVALID_STAG),
        (upd(REG, b1, FR, 0), false, b2, INVALID_STAG, INVALID_STAG),
        (
            upd(FAST_REG, b2, LW | RW, 0xb000),
            false,
            b2,
            INVALID_STAG,
            OK,
        ),
        (upd(LOCAL_INV, b2, 0, 0), true, b2, OK, INVALID_STAG),
        (
            upd(FAST_REG, b2, LW | RW, 0xc000),
            false,
            b2,
            INVALID_STAG,
            OK,
        ),
        (upd(LOCAL_INV, b2, 0, 0), false, b2, OK, INVALID_STAG),
    ];
    for (u, remote, stag, before, after) in steps {
        let (res, done) = around(&mut m, &u, remote, &chk(stag))?;
        let (old, new): (Vec<_>, Vec<_>) = res.iter().partition(|&&(t, _)| t < done);
        assert!(old.len() >= 4 && new.len() >= 3, "{res:?}, done at {done}");
        for &(t, err) in old {
            assert_eq!(err, before, "{u:x?}: check at {t}, done at {done}");
        }
        for &(t, err) in new {
            assert_eq!(err, after, "{u:x?}: check at {t}, done at {done}");
        }
    }
    Ok(())
}
