//! `wn_work_list` (NumQp = 16, NumEv = 2) under a unit that serves QPs:
//! events give QPs work at random (on both event ports, often on the same
//! QP or on the unit's own), work also appears without an event (only the
//! sweep can find it), and the unit holds a QP with work for a random
//! number of cycles, then leaves it. Every cycle `qp_n_o` must be the QP
//! the unit is at after the edge; every QP given work by an event must be
//! reached within 4 x NumQp + 4 moves of the unit, work without an event
//! within 2 x NumQp + 2, and no work may be left when the events stop.

use warpnic_modtest::wn_work_list::{self, ports};
use warpnic_modtest::{ModError, ModModel, Rng};

const QPS: usize = 16;
const QPW: u32 = 4;

struct Bench {
    m: ModModel,
    /// Per QP: the unit's move count when its work arrived, and whether
    /// an event announced it.
    work: [Option<(u64, bool)>; QPS],
    /// Cycles left of the unit's service of its QP.
    serve: u32,
    moves: u64,
    /// The longest wait in moves, for work with and without an event.
    worst_ev: u64,
    worst_sweep: u64,
    /// The sum and count of the waits of work with an event.
    ev_sum: u64,
    ev_n: u64,
}

impl Bench {
    fn new() -> Result<Self, ModError> {
        let mut m = ModModel::new(wn_work_list::NAME)?;
        m.reset(4)?;
        Ok(Bench {
            m,
            work: [None; QPS],
            serve: 0,
            moves: 0,
            worst_ev: 0,
            worst_sweep: 0,
            ev_sum: 0,
            ev_n: 0,
        })
    }

    fn qp(&self) -> Result<usize, ModError> {
        Ok(self.m.get(ports::QP_O)? as usize)
    }

    /// One cycle: events `ev` (QP per port), silent work `silent`, and
    /// the service of the unit's QP (`hold` for `serve_len` cycles once it
    /// finds work there).
    fn cycle(
        &mut self,
        ev: [Option<usize>; 2],
        silent: Option<usize>,
        serve_len: u32,
    ) -> Result<(), ModError> {
        let at = self.qp()?;
        // the unit finds the work of its QP and serves it
        if let Some((since, evd)) = self.work[at] {
            let waited = self.moves - since;
            if evd {
                self.worst_ev = self.worst_ev.max(waited);
                self.ev_sum += waited;
                self.ev_n += 1;
            } else {
                self.worst_sweep = self.worst_sweep.max(waited);
            }
            self.work[at] = None;
            self.serve = serve_len;
        }
        let hold = self.serve > 0;
        if hold {
            self.serve -= 1;
        }
        let mut valid = 0u64;
        let mut qps = 0u64;
        for (e, q) in ev.iter().enumerate() {
            if let Some(q) = *q {
                valid |= 1 << e;
                qps |= (q as u64) << (QPW * e as u32);
            }
        }
        self.m.set(ports::HOLD_I, u64::from(hold))?;
        self.m.set(ports::EV_VALID_I, valid)?;
        self.m.set(ports::EV_QP_I, qps)?;
        self.m.eval()?;
        let next = self.m.get(ports::QP_N_O)? as usize;
        let now = self.m.cycle();
        if hold {
            assert_eq!(next, at, "the unit holds QP {at} at cycle {now}");
        }
        self.m.tick()?;
        assert_eq!(self.qp()?, next, "qp_n_o at cycle {now}");
        if !hold {
            self.moves += 1;
        }
        // work given in this cycle counts from after this edge; work on
        // the QP the unit is at now is found in the next cycle
        for q in ev.iter().flatten() {
            self.work[*q].get_or_insert((self.moves, true)).1 = true;
        }
        if let Some(q) = silent {
            self.work[q].get_or_insert((self.moves, false));
        }
        for (q, w) in self.work.iter().enumerate() {
            if let Some((since, evd)) = w {
                let bound = if *evd {
                    4 * QPS as u64 + 4
                } else {
                    2 * QPS as u64 + 2
                };
                assert!(
                    self.moves - since <= bound,
                    "QP {q} (event: {evd}) waits {} moves at cycle {now}",
                    self.moves - since
                );
            }
        }
        Ok(())
    }
}

/// Runs `cycles` cycles of random events (each port with probability
/// `ev_pct`, the second port on the first's QP with probability
/// `same_pct`), silent work with probability `silent_pct`, service of up
/// to `max_serve` cycles; then drains with no events and checks that no
/// work is left. Returns the worst waits (event, sweep) and the mean wait
/// of work with an event, in moves.
fn run(
    seed: u64,
    cycles: u32,
    ev_pct: u64,
    same_pct: u64,
    silent_pct: u64,
    max_serve: u64,
) -> Result<(u64, u64, f64), ModError> {
    let mut b = Bench::new()?;
    let mut rng = Rng::new(seed);
    for _ in 0..cycles {
        let e0 = rng.percent(ev_pct).then(|| rng.below(QPS as u64) as usize);
        let e1 = rng.percent(ev_pct).then(|| match e0 {
            Some(q) if rng.percent(same_pct) => q,
            _ => rng.below(QPS as u64) as usize,
        });
        let silent = rng
            .percent(silent_pct)
            .then(|| rng.below(QPS as u64) as usize);
        let serve = rng.below(max_serve + 1) as u32;
        b.cycle([e0, e1], silent, serve)?;
    }
    for _ in 0..(8 * QPS as u64 * (max_serve + 2)) {
        b.cycle([None, None], None, 0)?;
    }
    let left: Vec<usize> = (0..QPS).filter(|q| b.work[*q].is_some()).collect();
    assert!(left.is_empty(), "work left at QPs {left:?}");
    Ok((
        b.worst_ev,
        b.worst_sweep,
        b.ev_sum as f64 / b.ev_n.max(1) as f64,
    ))
}

#[test]
fn every_qp_with_work_is_reached() -> Result<(), ModError> {
    // busy: events on most cycles, the FIFOs hold many QPs
    let (ev, sw, _) = run(0x0073_0001, 30_000, 60, 30, 5, 3)?;
    assert!(ev > 0 && sw > 0, "both kinds of work waited: {ev} {sw}");
    // light: few events, long services; an event's QP is reached in a
    // move or two, where the sweep alone would take NumQp on average
    let (_, _, mean) = run(0x0073_0002, 30_000, 5, 10, 2, 8)?;
    assert!(
        mean < 3.0,
        "an event's QP is reached in {mean:.2} moves on average"
    );
    // events only on one port, and mostly the same QPs
    run(0x0073_0003, 30_000, 40, 90, 0, 1)?;
    Ok(())
}

#[test]
fn an_event_brings_an_idle_unit_at_once() -> Result<(), ModError> {
    let mut b = Bench::new()?;
    // the sweep has moved on; an event on a QP far from it
    for _ in 0..5 {
        b.cycle([None, None], None, 0)?;
    }
    let at = b.qp()?;
    let far = (at + QPS / 2) % QPS;
    b.cycle([Some(far), None], None, 0)?;
    assert_eq!(b.qp()?, far, "event 0 is taken at once");
    // a sweep step, then the queued event of port 1
    let other = (far + 5) % QPS;
    b.cycle([None, Some(other)], None, 0)?;
    b.cycle([None, None], None, 0)?;
    assert_eq!(
        b.qp()?,
        other,
        "event 1 is queued and taken after a sweep step"
    );
    Ok(())
}
