//! `wn_rdma_msg_log` (NumQp = 8, LogDepth = 16, PageRecs = 2, PoolRecs =
//! 32: 16 pool pages for 64 virtual ones) against a reference of the rings:
//! records are written at random QPs' tails while the pool allows,
//! retired at random heads, and rings are rewound (a flush) or emptied (a
//! QP's reset) at random. The sweep is answered with the reference's ring
//! ends. Every cycle both narrow read ports name live records, whose
//! narrow fields they must show in the next cycle (the rest zero), and
//! the whole record's port names a live record or the one being written,
//! which it must show whole in the next cycle; a write may wait only while
//! no page is free; and once every ring is empty the sweep gives every
//! page back.

use std::collections::HashMap;

use warpnic_modtest::wn_rdma_msg_log::{self, ports};
use warpnic_modtest::{ModError, ModModel, Rng};

const QPS: u64 = 8;
const DEPTH: u64 = 16;
const LW: u32 = 4;
const PAGES: u64 = 16;
const NUM_RD: usize = 2;
/// The bits of a record (wn_rdma_pkg::msg_t) the narrow ports show: op
/// and len (865:830), wr_id down to multi (154:0).
const NARROW: [(usize, usize); 2] = [(0, 155), (830, 866)];

/// `rec` with the bits the narrow ports do not show cleared.
fn narrow(rec: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; rec.len()];
    for &(lo, hi) in &NARROW {
        for b in lo..hi {
            out[b / 8] |= rec[b / 8] & (1 << (b % 8));
        }
    }
    out
}

/// The rings as wn_rdma_tx keeps them: head and tail ({wrap, index},
/// LW + 1 bits) and the record at each index written since.
struct Reference {
    head: [u64; QPS as usize],
    tail: [u64; QPS as usize],
    rec: HashMap<(u64, u64), Vec<u8>>,
}

impl Reference {
    fn used(&self, q: u64) -> u64 {
        self.tail[q as usize].wrapping_sub(self.head[q as usize]) & ((DEPTH << 1) - 1)
    }
    fn live(&self, q: u64, k: u64) -> Vec<u8> {
        let i = (self.head[q as usize] + k) & (DEPTH - 1);
        self.rec[&(q, i)].clone()
    }
}

struct Bench {
    m: ModModel,
    r: Reference,
    rng: Rng,
    width: usize,
    bytes: usize,
    top_bits: u32,
    waits: u64,
    writes: u64,
    /// the record the whole record's port shows after the next edge
    shown: Option<Vec<u8>>,
    /// what the narrow ports show after the next edge
    narrow_shown: Vec<Option<Vec<u8>>>,
}

impl Bench {
    fn new(seed: u64) -> Result<Self, ModError> {
        let mut m = ModModel::new(wn_rdma_msg_log::NAME)?;
        let width = m.port("wdata_i")?.width();
        m.set(ports::WE_I, 0)?;
        m.set(ports::GC_HEAD_I, 0)?;
        m.set(ports::GC_TAIL_I, 0)?;
        m.reset(4)?;
        Ok(Bench {
            m,
            r: Reference {
                head: [0; QPS as usize],
                tail: [0; QPS as usize],
                rec: HashMap::new(),
            },
            rng: Rng::new(seed),
            width: width as usize,
            bytes: width.div_ceil(8) as usize,
            top_bits: width % 8,
            waits: 0,
            writes: 0,
            shown: None,
            narrow_shown: vec![None; NUM_RD],
        })
    }

    fn record(&mut self) -> Vec<u8> {
        let mut v: Vec<u8> = (0..self.bytes).map(|_| self.rng.bits(8) as u8).collect();
        if self.top_bits != 0 {
            let last = v.len() - 1;
            v[last] &= (1 << self.top_bits) - 1;
        }
        v
    }

    /// Answers the sweep: the ring ends of the QP it asks about.
    fn answer_sweep(&mut self) -> Result<(), ModError> {
        self.m.eval()?;
        let q = self.m.get(ports::GC_QP_O)? as usize;
        self.m.set(ports::GC_HEAD_I, self.r.head[q])?;
        self.m.set(ports::GC_TAIL_I, self.r.tail[q])?;
        self.m.eval()
    }

    /// One cycle: a write offered at `write`'s QP (taken if there is
    /// room), a retirement at `retire`'s, `other` (a rewind to the release
    /// point `k` records from the head, or a reset) at another QP; both read
    /// ports checked at live records.
    fn cycle(
        &mut self,
        write: Option<u64>,
        retire: Option<u64>,
        other: Option<(u64, Option<u64>)>,
    ) -> Result<bool, ModError> {
        self.answer_sweep()?;
        // the registered port's read of the cycle before
        if let Some(v) = self.shown.take() {
            let mut got = vec![0u8; self.bytes];
            self.m.get_bytes(ports::CDATA_O, &mut got)?;
            assert_eq!(got, v, "registered port at cycle {}", self.m.cycle());
        }
        let mut got = vec![0u8; self.bytes * NUM_RD];
        self.m.get_bytes(ports::RDATA_O, &mut got)?;
        for (r, e) in std::mem::replace(&mut self.narrow_shown, vec![None; NUM_RD])
            .into_iter()
            .enumerate()
        {
            if let Some(v) = e {
                // port r's record starts at bit r * width
                let rec = bits_at(&got, r * self.width, self.width);
                assert_eq!(rec, v, "read port {r} at cycle {}", self.m.cycle());
            }
        }
        // reads of live records
        let mut expect = Vec::new();
        let mut raddr = 0u64;
        for r in 0..NUM_RD {
            let q = self.rng.below(QPS);
            let n = self.r.used(q);
            let (i, v) = if n == 0 {
                (0, None)
            } else {
                let k = self.rng.below(n);
                (
                    (self.r.head[q as usize] + k) & (DEPTH - 1),
                    Some(self.r.live(q, k)),
                )
            };
            raddr |= ((q << LW) | i) << (r as u32 * (LW + 3));
            expect.push(v.map(|v| narrow(&v)));
        }
        // the registered port: a live record (or, below, the one written)
        let q = self.rng.below(QPS);
        let n = self.r.used(q);
        if n != 0 {
            let k = self.rng.below(n);
            let i = (self.r.head[q as usize] + k) & (DEPTH - 1);
            self.m.set(ports::CADDR_I, (q << LW) | i)?;
            self.shown = Some(self.r.live(q, k));
        }
        self.m.set(ports::RADDR_I, raddr)?;
        let mut took = false;
        if let Some(q) = write {
            let i = self.r.tail[q as usize] & (DEPTH - 1);
            let rec = self.record();
            self.m.set(ports::WADDR_I, (q << LW) | i)?;
            self.m.set_bytes(ports::WDATA_I, &rec)?;
            self.answer_sweep()?;
            let room = self.m.get(ports::ROOM_O)? == 1;
            let free = self.m.get(ports::FREE_O)?;
            if room {
                self.m.set(ports::WE_I, 1)?;
                if self.shown.is_none() || self.rng.percent(30) {
                    self.m.set(ports::CADDR_I, (q << LW) | i)?;
                    self.shown = Some(rec.clone());
                }
                if self.rng.percent(30) {
                    // narrow port 1 names it too
                    let aw = LW + 3;
                    raddr = (raddr & !(((1 << aw) - 1) << aw)) | (((q << LW) | i) << aw);
                    self.m.set(ports::RADDR_I, raddr)?;
                    expect[1] = Some(narrow(&rec));
                }
                self.r.rec.insert((q, i), rec);
                took = true;
                self.writes += 1;
            } else {
                assert_eq!(
                    free,
                    0,
                    "QP {q}'s write refused with {free} pages free at cycle {}",
                    self.m.cycle()
                );
                self.waits += 1;
            }
        }
        self.answer_sweep()?;
        self.narrow_shown = expect;
        self.m.tick()?;
        self.m.set(ports::WE_I, 0)?;
        if took {
            let q = write.unwrap() as usize;
            self.r.tail[q] = (self.r.tail[q] + 1) & ((DEPTH << 1) - 1);
        }
        if let Some(q) = retire {
            if self.r.used(q) != 0 && !(took && write == Some(q) && self.r.used(q) == 1) {
                let q = q as usize;
                self.r.head[q] = (self.r.head[q] + 1) & ((DEPTH << 1) - 1);
            }
        }
        if let Some((q, rw)) = other {
            let qi = q as usize;
            match rw {
                Some(k) => {
                    let k = k.min(self.r.used(q));
                    self.r.tail[qi] = (self.r.head[qi] + k) & ((DEPTH << 1) - 1);
                }
                None => {
                    self.r.head[qi] = 0;
                    self.r.tail[qi] = 0;
                }
            }
        }
        Ok(took)
    }
}

/// `width` bits of `v` (little-endian bytes) from bit `at`, as bytes.
fn bits_at(v: &[u8], at: usize, width: usize) -> Vec<u8> {
    let mut out = vec![0u8; width.div_ceil(8)];
    for b in 0..width {
        let s = at + b;
        if v[s / 8] >> (s % 8) & 1 == 1 {
            out[b / 8] |= 1 << (b % 8);
        }
    }
    out
}

/// `cycles` cycles of random traffic: a write offered with probability
/// `wr_pct` (to a QP whose ring has room), a retirement with `ret_pct`, a
/// rewind or reset of another QP with `other_pct`.
fn run(
    seed: u64,
    cycles: u32,
    wr_pct: u64,
    ret_pct: u64,
    other_pct: u64,
) -> Result<Bench, ModError> {
    let mut b = Bench::new(seed)?;
    let mut offered: Option<u64> = None;
    for _ in 0..cycles {
        if offered.is_none() && b.rng.percent(wr_pct) {
            let q = b.rng.below(QPS);
            if b.r.used(q) < DEPTH {
                offered = Some(q);
            }
        }
        let retire = b.rng.percent(ret_pct).then(|| b.rng.below(QPS));
        let other = if b.rng.percent(other_pct) {
            let q = b.rng.below(QPS);
            if Some(q) == offered || Some(q) == retire {
                None
            } else if b.rng.percent(70) {
                Some((q, Some(b.rng.below(DEPTH))))
            } else {
                Some((q, None))
            }
        } else {
            None
        };
        // a write waits offered until it is taken, as wn_rdma_tx's
        if b.cycle(offered, retire, other)? {
            offered = None;
        }
    }
    Ok(b)
}

/// Retires everything, then waits two sweeps: every page is free again.
fn drain(b: &mut Bench) -> Result<(), ModError> {
    for q in 0..QPS {
        while b.r.used(q) != 0 {
            b.cycle(None, Some(q), None)?;
        }
    }
    for _ in 0..2 * PAGES + 4 {
        b.cycle(None, None, None)?;
    }
    b.m.eval()?;
    assert_eq!(
        b.m.get(ports::FREE_O)?,
        PAGES,
        "pages lost after the rings emptied"
    );
    Ok(())
}

#[test]
fn records_read_back_and_pages_come_back() -> Result<(), ModError> {
    // a full pool: writes wait for the sweep often
    let mut b = run(0x0131_0001, 30_000, 80, 40, 3)?;
    assert!(
        b.waits > 1000,
        "the pool must run out in this mix: {} waits",
        b.waits
    );
    assert!(b.writes > 8_000, "writes taken: {}", b.writes);
    drain(&mut b)?;
    // a write after the drain is taken at once, and reads back
    assert!(b.cycle(Some(3), None, None)?);
    b.cycle(None, None, None)?;
    // light traffic, many rewinds and resets
    let mut b = run(0x0131_0002, 20_000, 30, 30, 20)?;
    drain(&mut b)?;
    // retirements faster than writes: rings stay short
    let mut b = run(0x0131_0003, 20_000, 60, 90, 1)?;
    drain(&mut b)?;
    Ok(())
}

#[test]
fn no_page_is_taken_before_the_first_sweep_lists_it() -> Result<(), ModError> {
    let mut b = Bench::new(0x0131_0004)?;
    // offered from the first cycle after reset: taken as the first sweep
    // lists pages, none lost
    let mut taken = 0;
    for c in 0..32u64 {
        if b.cycle(Some(c % 4), None, None)? {
            taken += 1;
        }
    }
    assert!(taken >= 28, "writes taken in the first 32 cycles: {taken}");
    drain(&mut b)?;
    Ok(())
}
