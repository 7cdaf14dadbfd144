//! `wn_runs` (Runs = 4, QpW = 3, CntW = 5, NumQ = 2) against a reference
//! model: packets of random QPs enter as a pipeline would present them
//! (a packet that continues the last one's QP goes in at once, one that
//! loads its context waits while its QP is in flight or the list is full)
//! and leave oldest first after a random delay; every cycle the list's
//! answers (full, and whether each of two queried QPs is in flight) must
//! match the packets really in flight, and the count of runs in use the
//! reference's.

use std::collections::VecDeque;

use warpnic_modtest::wn_runs::{self, ports};
use warpnic_modtest::{ModError, ModModel, Rng};

const RUNS: usize = 4;
const QPS: u64 = 8;
const QPW: u32 = 3;

/// The reference: the packets in flight (their QPs, oldest first) and the
/// runs as the list keeps them ({QP, packets}).
#[derive(Default)]
struct Reference {
    inflight: VecDeque<u64>,
    runs: VecDeque<(u64, u32)>,
}

impl Reference {
    /// One clock edge: the oldest packet leaves (`done`), then a packet
    /// may enter (`add`: its QP and whether it loads its context).
    fn edge(&mut self, done: bool, add: Option<(u64, bool)>) {
        if done {
            self.inflight
                .pop_front()
                .expect("done with nothing in flight");
            let head = self.runs.front_mut().expect("a run");
            head.1 -= 1;
            if head.1 == 0 {
                self.runs.pop_front();
            }
        }
        if let Some((qp, new)) = add {
            self.inflight.push_back(qp);
            match self.runs.back_mut() {
                Some(last) if !new => last.1 += 1,
                _ => self.runs.push_back((qp, 1)),
            }
        }
    }

    fn in_flight(&self, qp: u64) -> bool {
        self.inflight.contains(&qp)
    }
}

struct Bench {
    m: ModModel,
    r: Reference,
}

impl Bench {
    fn new() -> Result<Self, ModError> {
        let mut m = ModModel::new(wn_runs::NAME)?;
        m.reset(4)?;
        Ok(Bench {
            m,
            r: Reference::default(),
        })
    }

    /// Queries `q0` and `q1`, checks the answers and `full_o` against the
    /// reference, and returns whether `q0` is in flight.
    fn check(&mut self, q0: u64, q1: u64) -> Result<(bool, bool), ModError> {
        self.m.set(ports::Q_QP_I, q0 | (q1 << QPW))?;
        self.m.eval()?;
        let hit = self.m.get(ports::HIT_O)?;
        let full = self.m.get(ports::FULL_O)? == 1;
        let now = self.m.cycle();
        assert_eq!(
            hit & 1 == 1,
            self.r.in_flight(q0),
            "QP {q0} in flight at cycle {now}"
        );
        assert_eq!(
            hit >> 1 == 1,
            self.r.in_flight(q1),
            "QP {q1} in flight at cycle {now}"
        );
        assert_eq!(
            full,
            self.r.runs.len() == RUNS,
            "full at cycle {now} ({} runs)",
            self.r.runs.len()
        );
        assert_eq!(
            self.m.get(ports::N_O)?,
            self.r.runs.len() as u64,
            "runs in use at cycle {now}"
        );
        Ok((hit & 1 == 1, full))
    }

    fn edge(&mut self, done: bool, add: Option<(u64, bool)>) -> Result<(), ModError> {
        let (a, n, q) = add.map_or((0, 0, 0), |(q, new)| (1, u64::from(new), q));
        self.m.set(ports::ADD_I, a)?;
        self.m.set(ports::NEW_I, n)?;
        self.m.set(ports::ADD_QP_I, q)?;
        self.m.set(ports::DONE_I, u64::from(done))?;
        self.m.tick()?;
        self.r.edge(done, add);
        self.m.set(ports::ADD_I, 0)?;
        self.m.set(ports::DONE_I, 0)?;
        Ok(())
    }
}

/// Runs `cycles` cycles: a packet is offered with probability `add_pct`,
/// the oldest leaves with probability `done_pct`, the chain breaks with
/// probability `break_pct`, and the next packet is of the last QP with
/// probability `same_pct`.
fn run(
    seed: u64,
    cycles: u32,
    add_pct: u64,
    done_pct: u64,
    break_pct: u64,
    same_pct: u64,
) -> Result<u64, ModError> {
    let mut b = Bench::new()?;
    let mut rng = Rng::new(seed);
    let mut last: Option<u64> = None;
    let mut held = 0u64;
    // the packet offered (it stays offered while it waits)
    let mut offer: Option<u64> = None;
    for _ in 0..cycles {
        if offer.is_none() && rng.percent(add_pct) {
            offer = Some(match last {
                Some(q) if rng.percent(same_pct) => q,
                _ => rng.below(QPS),
            });
        }
        if rng.percent(break_pct) {
            last = None;
        }
        let q = offer.unwrap_or(0);
        let (q_busy, full) = b.check(q, rng.below(QPS))?;
        let add = match offer {
            Some(q) if last == Some(q) => Some((q, false)),
            Some(q) if !q_busy && !full => Some((q, true)),
            Some(_) => {
                held += 1;
                None
            }
            None => None,
        };
        if let Some((q, _)) = add {
            last = Some(q);
            offer = None;
        }
        let done = !b.r.inflight.is_empty() && rng.percent(done_pct);
        b.edge(done, add)?;
    }
    Ok(held)
}

#[test]
fn answers_match_the_packets_in_flight() -> Result<(), ModError> {
    // busy pipelines with many QPs (the list fills), long runs of one QP,
    // and a pipeline that drains faster than packets come
    let held = run(0x0072_0001, 20_000, 70, 40, 5, 30)?;
    assert!(
        held > 1000,
        "the list must hold packets back in this mix: {held}"
    );
    run(0x0072_0002, 20_000, 60, 50, 2, 90)?;
    run(0x0072_0003, 20_000, 30, 80, 20, 50)?;
    Ok(())
}

#[test]
fn a_packet_that_continues_a_finished_run_starts_a_new_one() -> Result<(), ModError> {
    let mut b = Bench::new()?;
    b.edge(false, Some((3, true)))?;
    b.check(3, 5)?;
    // QP 3's packet leaves in the cycle its next packet continues the chain
    b.edge(true, Some((3, false)))?;
    let (busy, _) = b.check(3, 5)?;
    assert!(busy, "the continued packet is in flight");
    b.edge(true, None)?;
    let (busy, full) = b.check(3, 5)?;
    assert!(!busy && !full);
    Ok(())
}
