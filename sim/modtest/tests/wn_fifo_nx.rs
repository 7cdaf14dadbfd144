//! `wn_fifo_nx` (Width = 40, Depth = 16), which is `wn_fifo` plus its next
//! head, against a reference queue: random pushes with random idle, random
//! pops with random backpressure. Every cycle the next head it shows
//! (`nvalid_o`, `ndata_o`) must be the head the reference has after the
//! edge.

use std::collections::VecDeque;

use warpnic_modtest::wn_fifo_nx::{self, ports};
use warpnic_modtest::{ModError, ModModel, Rng};

const DEPTH: usize = 16;
const WIDTH: u32 = 40;

/// One entry of the reference queue.
struct Entry {
    data: u64,
    /// First cycle at which the entry may be at the output.
    visible_at: u64,
}

/// The reference: the entries held, in order, and when each becomes
/// visible at the output once it is at the head. An entry written while
/// the FIFO is empty (or while its only entry leaves) bypasses the memory
/// and shows the next cycle; any other entry is read from the memory and
/// shows two cycles after its write at the earliest.
#[derive(Default)]
struct Reference {
    q: VecDeque<Entry>,
}

impl Reference {
    fn rvalid(&self, now: u64) -> bool {
        self.q.front().is_some_and(|e| e.visible_at <= now)
    }

    /// Applies one clock edge at cycle `now`.
    fn edge(&mut self, now: u64, push: Option<u64>, pop: bool) {
        let len_before = self.q.len();
        if pop {
            self.q.pop_front();
        }
        if let Some(data) = push {
            let bypass = len_before == 0 || (len_before == 1 && pop);
            let visible_at = if bypass { now + 1 } else { now + 2 };
            self.q.push_back(Entry { data, visible_at });
        }
    }
}

struct Bench {
    m: ModModel,
    r: Reference,
}

impl Bench {
    fn new() -> Result<Self, ModError> {
        let mut m = ModModel::new(wn_fifo_nx::NAME)?;
        m.reset(4)?;
        Ok(Bench {
            m,
            r: Reference::default(),
        })
    }

    /// One cycle: drives the inputs, checks every output against the
    /// reference, clocks both. Returns the entry popped, if any.
    fn cycle(&mut self, push: Option<u64>, rready: bool) -> Result<Option<u64>, ModError> {
        let m = &mut self.m;
        m.set(ports::WVALID_I, u64::from(push.is_some()))?;
        m.set(ports::WDATA_I, push.unwrap_or(0))?;
        m.set(ports::RREADY_I, u64::from(rready))?;
        m.eval()?;
        let now = m.cycle();
        let len = self.r.q.len();
        assert_eq!(m.get(ports::COUNT_O)?, len as u64, "count_o at cycle {now}");
        assert_eq!(
            m.get(ports::WREADY_O)? == 1,
            len < DEPTH,
            "wready_o low exactly when full (cycle {now}, {len} held)"
        );
        let rvalid = m.get(ports::RVALID_O)? == 1;
        assert_eq!(rvalid, self.r.rvalid(now), "rvalid_o at cycle {now}");
        let mut popped = None;
        if rvalid {
            let head = self.r.q.front().map(|e| e.data);
            assert_eq!(Some(m.get(ports::RDATA_O)?), head, "rdata_o at cycle {now}");
            if rready {
                popped = head;
            }
        }
        let push = push.filter(|_| len < DEPTH);
        let nvalid = m.get(ports::NVALID_O)? == 1;
        let ndata = m.get(ports::NDATA_O)?;
        m.tick()?;
        self.r.edge(now, push, popped.is_some());
        let next = now + 1;
        assert_eq!(nvalid, self.r.rvalid(next), "nvalid_o at cycle {now}");
        if nvalid {
            let head = self.r.q.front().map(|e| e.data);
            assert_eq!(Some(ndata), head, "ndata_o at cycle {now}");
        }
        Ok(popped)
    }
}

#[test]
fn write_to_an_empty_fifo_shows_the_next_cycle() -> Result<(), ModError> {
    let mut b = Bench::new()?;
    assert_eq!(b.m.get(ports::RVALID_O)?, 0);
    assert_eq!(b.m.get(ports::COUNT_O)?, 0);
    b.cycle(Some(0xab_cdef_0123), false)?;
    b.m.set(ports::WVALID_I, 0)?;
    b.m.eval()?;
    assert_eq!(
        b.m.get(ports::RVALID_O)?,
        1,
        "bypass: visible one cycle after the write"
    );
    assert_eq!(b.m.get(ports::RDATA_O)?, 0xab_cdef_0123);
    assert_eq!(b.m.get(ports::COUNT_O)?, 1);
    // Its only entry leaves while another arrives: the new one bypasses too.
    assert_eq!(b.cycle(Some(0x55), true)?, Some(0xab_cdef_0123));
    b.m.set(ports::WVALID_I, 0)?;
    b.m.eval()?;
    assert_eq!(b.m.get(ports::RVALID_O)?, 1);
    assert_eq!(b.m.get(ports::RDATA_O)?, 0x55);
    // A write behind a held entry goes through the memory: two cycles.
    b.cycle(Some(0x66), false)?;
    b.cycle(None, true)?;
    b.m.eval()?;
    assert_eq!(b.m.get(ports::RVALID_O)?, 1);
    assert_eq!(b.m.get(ports::RDATA_O)?, 0x66);
    Ok(())
}

#[test]
fn fills_to_depth_and_drains_in_order() -> Result<(), ModError> {
    let mut b = Bench::new()?;
    for i in 0..DEPTH as u64 + 4 {
        b.cycle(Some(i), false)?;
    }
    assert_eq!(b.m.get(ports::COUNT_O)?, DEPTH as u64);
    assert_eq!(b.m.get(ports::WREADY_O)?, 0);
    let mut out = Vec::new();
    for _ in 0..DEPTH + 4 {
        out.extend(b.cycle(None, true)?);
    }
    assert_eq!(out, (0..DEPTH as u64).collect::<Vec<_>>());
    Ok(())
}

#[test]
fn random_push_pop_with_stalls_keeps_order_and_count() -> Result<(), ModError> {
    const CYCLES: u64 = 100_000;
    let mut rng = Rng::new(0x5eed_f1f0);
    let mut b = Bench::new()?;
    let mut sent = Vec::new();
    let mut got = Vec::new();
    let (mut push_pct, mut pop_pct) = (50, 50);
    let (mut saw_full, mut saw_empty) = (0u64, 0u64);
    for c in 0..CYCLES {
        // Phases of producer- or consumer-heavy traffic reach full and empty.
        if c % 500 == 0 {
            push_pct = rng.below(101);
            pop_pct = rng.below(101);
        }
        let push = rng.percent(push_pct).then(|| rng.bits(WIDTH));
        let rready = rng.percent(pop_pct);
        let full = b.r.q.len() == DEPTH;
        saw_full += u64::from(full);
        saw_empty += u64::from(b.r.q.is_empty());
        if let Some(d) = push.filter(|_| !full) {
            sent.push(d);
        }
        got.extend(b.cycle(push, rready)?);
    }
    for _ in 0..2 * DEPTH {
        got.extend(b.cycle(None, true)?);
    }
    assert!(
        saw_full > 1000 && saw_empty > 1000,
        "full {saw_full}, empty {saw_empty}"
    );
    assert!(sent.len() > CYCLES as usize / 4, "{} entries", sent.len());
    assert_eq!(got, sent);
    Ok(())
}

#[test]
fn reset_empties_the_fifo() -> Result<(), ModError> {
    let mut b = Bench::new()?;
    for i in 0..5 {
        b.cycle(Some(i), false)?;
    }
    b.m.set(ports::WVALID_I, 0)?;
    b.m.reset(1)?;
    assert_eq!(b.m.get(ports::COUNT_O)?, 0);
    assert_eq!(b.m.get(ports::RVALID_O)?, 0);
    assert_eq!(b.m.get(ports::WREADY_O)?, 1);
    Ok(())
}
