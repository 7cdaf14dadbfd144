//! `wn_wq_ring` against a reference model of the ring context: random
//! doorbells (PI advances, some past the ring), fetches taken or left by the
//! engine, completions, errors, stops and disable/enable cycles.

use warpnic_abi::gen::{CqeStatus, QueueState};
use warpnic_modtest::wn_wq_ring::{self, ports};
use warpnic_modtest::{ModError, ModModel, Rng};

/// Most entries one fetch offers.
const MAX_FETCH: u16 = 8;
/// Bytes per ring entry.
const ENTRY_BYTES: u64 = 32;

/// The inputs of one cycle.
#[derive(Clone, Copy, Default, Debug)]
struct In {
    enable: bool,
    base: u64,
    log_size: u8,
    pi: u16,
    gate: bool,
    room: u8,
    stop: bool,
    fetch: bool,
    complete: bool,
    error: bool,
    status: u8,
    db_take: bool,
}

/// The outputs of one cycle.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Out {
    cand: bool,
    cand_n: u16,
    fetch_addr: u64,
    fetch_ptr: u16,
    db_err: bool,
    live: bool,
    ready: bool,
    ci: u16,
    state: u16,
}

/// The reference ring context.
#[derive(Clone, Copy, Debug)]
struct Reference {
    /// The queue saw `enable` high at the last edge.
    enabled: bool,
    fetch_ptr: u16,
    ci: u16,
    state: QueueState,
    error: u8,
    stopped: bool,
}

impl Reference {
    fn new() -> Self {
        Reference {
            enabled: false,
            fetch_ptr: 0,
            ci: 0,
            state: QueueState::Reset,
            error: 0,
            stopped: false,
        }
    }

    /// The outputs for inputs `i` (the module is combinational from its
    /// inputs to these).
    fn out(&self, i: &In) -> Out {
        let size = 1u32 << i.log_size;
        let ready = self.enabled && i.enable && self.state == QueueState::Ready;
        let live = ready && !self.stopped;
        // A doorbell that posted more than the ring holds (PI - CI > size).
        let outstanding = u32::from(i.pi.wrapping_sub(self.ci));
        let db_err = live && outstanding > size;
        // Offer min(8, posted, to the ring's end, room).
        let posted = u32::from(i.pi.wrapping_sub(self.fetch_ptr));
        let slot = u32::from(self.fetch_ptr) & (size - 1);
        let to_end = size - slot;
        let n = u32::from(MAX_FETCH)
            .min(posted)
            .min(to_end)
            .min(u32::from(i.room));
        Out {
            cand: i.gate && live && !db_err && i.log_size != 0 && n != 0,
            cand_n: n as u16,
            fetch_addr: i.base.wrapping_add(u64::from(slot) * ENTRY_BYTES),
            fetch_ptr: self.fetch_ptr,
            db_err,
            live,
            ready,
            ci: self.ci,
            state: u16::from(self.error) << 8 | self.state as u16,
        }
    }

    /// One clock edge with inputs `i`.
    fn edge(&mut self, i: &In) {
        if !i.enable {
            *self = Reference::new();
            return;
        }
        let n = self.out(i).cand_n;
        self.enabled = true;
        if self.state == QueueState::Reset {
            self.state = QueueState::Ready;
        }
        if i.fetch {
            self.fetch_ptr = self.fetch_ptr.wrapping_add(n);
        }
        if i.stop {
            self.stopped = true;
        }
        if i.complete {
            self.ci = self.ci.wrapping_add(1);
        }
        if i.error {
            self.state = QueueState::Error;
            self.error = i.status;
        }
        if i.db_take {
            self.stopped = true;
            self.state = QueueState::Error;
            self.error = CqeStatus::DoorbellErr as u8;
        }
    }
}

fn drive(m: &mut ModModel, i: &In) -> Result<(), ModError> {
    m.set(ports::ENABLE_I, u64::from(i.enable))?;
    m.set(ports::BASE_I, i.base)?;
    m.set(ports::LOG_SIZE_I, u64::from(i.log_size))?;
    m.set(ports::PI_I, u64::from(i.pi))?;
    m.set(ports::GATE_I, u64::from(i.gate))?;
    m.set(ports::ROOM_I, u64::from(i.room))?;
    m.set(ports::STOP_I, u64::from(i.stop))?;
    m.set(ports::FETCH_I, u64::from(i.fetch))?;
    m.set(ports::COMPLETE_I, u64::from(i.complete))?;
    m.set(ports::ERROR_I, u64::from(i.error))?;
    m.set(ports::STATUS_I, u64::from(i.status))?;
    m.set(ports::DB_TAKE_I, u64::from(i.db_take))
}

fn sample(m: &ModModel) -> Result<Out, ModError> {
    Ok(Out {
        cand: m.get(ports::CAND_O)? == 1,
        cand_n: m.get(ports::CAND_N_O)? as u16,
        fetch_addr: m.get(ports::FETCH_ADDR_O)?,
        fetch_ptr: m.get(ports::FETCH_PTR_O)? as u16,
        db_err: m.get(ports::DB_ERR_O)? == 1,
        live: m.get(ports::LIVE_O)? == 1,
        ready: m.get(ports::READY_O)? == 1,
        ci: m.get(ports::CI_O)? as u16,
        state: m.get(ports::STATE_O)? as u16,
    })
}

struct Bench {
    m: ModModel,
    r: Reference,
}

impl Bench {
    fn new() -> Result<Self, ModError> {
        let mut m = ModModel::new(wn_wq_ring::NAME)?;
        m.reset(2)?;
        Ok(Bench {
            m,
            r: Reference::new(),
        })
    }

    /// Drives `i`, compares every output with the reference, clocks both,
    /// and returns the outputs seen before the edge.
    fn cycle(&mut self, i: &In) -> Result<Out, ModError> {
        drive(&mut self.m, i)?;
        self.m.eval()?;
        let got = sample(&self.m)?;
        let want = self.r.out(i);
        assert_eq!(
            got,
            want,
            "cycle {}: inputs {i:?}, reference {:?}",
            self.m.cycle(),
            self.r
        );
        self.m.tick()?;
        self.r.edge(i);
        Ok(got)
    }
}

#[test]
fn becomes_ready_the_cycle_after_enable_and_offers_up_to_the_ring_end() -> Result<(), ModError> {
    let mut b = Bench::new()?;
    let mut i = In {
        base: 0x1_0000,
        log_size: 4,
        room: 16,
        gate: true,
        ..In::default()
    };
    let o = b.cycle(&i)?;
    assert_eq!(o.state, QueueState::Reset as u16);
    i.enable = true;
    assert!(!b.cycle(&i)?.ready, "not ready in the enabling cycle");
    i.pi = 14;
    let o = b.cycle(&i)?;
    assert!(o.ready && o.live && o.cand);
    assert_eq!((o.cand_n, o.fetch_addr), (8, 0x1_0000));
    i.fetch = true;
    b.cycle(&i)?;
    let o = b.cycle(&i)?;
    // 6 posted after the 8 fetched: 6 offered from slot 8.
    assert_eq!((o.cand_n, o.fetch_addr), (6, 0x1_0000 + 8 * 32));
    i.fetch = false;
    i.pi = 20;
    let o = b.cycle(&i)?;
    // Slot 14 of 16: the offer stops at the ring's end.
    assert_eq!((o.fetch_ptr, o.cand_n), (14, 2));
    Ok(())
}

#[test]
fn a_doorbell_past_the_ring_is_flagged_and_taken_into_error() -> Result<(), ModError> {
    let mut b = Bench::new()?;
    let mut i = In {
        enable: true,
        log_size: 3,
        room: 8,
        gate: true,
        ..In::default()
    };
    b.cycle(&i)?;
    i.pi = 8;
    assert!(!b.cycle(&i)?.db_err, "a full ring is legal");
    i.pi = 9;
    let o = b.cycle(&i)?;
    assert!(o.db_err && !o.cand);
    i.db_take = true;
    b.cycle(&i)?;
    i.db_take = false;
    let o = b.cycle(&i)?;
    assert!(!o.ready && !o.live && !o.db_err);
    assert_eq!(
        o.state,
        u16::from(CqeStatus::DoorbellErr as u8) << 8 | QueueState::Error as u16
    );
    // Disabling resets the context.
    i.enable = false;
    i.pi = 0;
    b.cycle(&i)?;
    let o = b.cycle(&i)?;
    assert_eq!((o.state, o.ci, o.fetch_ptr), (0, 0, 0));
    Ok(())
}

#[test]
fn random_doorbells_fetches_completions_and_errors_match_the_reference() -> Result<(), ModError> {
    const CYCLES: u64 = 100_000;
    let mut rng = Rng::new(0x0051_0a11);
    let mut b = Bench::new()?;
    let mut i = In::default();
    let (mut fetches, mut completes, mut db_errs, mut errors) = (0u64, 0u64, 0u64, 0u64);
    let mut fetch_pct = 50;
    for c in 0..CYCLES {
        if c % 2000 == 0 {
            fetch_pct = rng.below(101);
        }
        // Disable now and then (CTRL.ENABLE = 0): software resets PI and
        // may pick another ring.
        if !i.enable {
            if rng.percent(30) {
                i.enable = true;
                i.base = rng.next_u64() & !0x1f;
                i.log_size = rng.below(16) as u8;
                i.pi = 0;
            }
        } else if rng.below(3000) == 0
            || ((b.r.state == QueueState::Error || b.r.stopped) && rng.percent(2))
        {
            // Software resets a queue in error (or stopped) after a while.
            i.enable = false;
        }
        let size = 1u32 << i.log_size;
        // Doorbells: PI advances by a few, rarely far past the ring.
        if rng.percent(20) {
            let room_in_ring = size.saturating_sub(u32::from(i.pi.wrapping_sub(b.r.ci)));
            let step = if rng.below(400) == 0 {
                room_in_ring + 1 + rng.below(4) as u32
            } else {
                rng.below(u64::from(room_in_ring.min(12)) + 1) as u32
            };
            i.pi = i.pi.wrapping_add(step as u16);
        }
        i.gate = rng.percent(80);
        i.room = rng.below(20) as u8;
        let want = b.r.out(&i);
        // The engine takes an offer (random backpressure), completes what
        // it fetched, reports the doorbell error, and rarely fails or stops.
        i.fetch = want.cand && rng.percent(fetch_pct);
        i.complete = b.r.ci != b.r.fetch_ptr && rng.percent(30);
        i.db_take = want.db_err && rng.percent(50);
        i.error = rng.below(5000) == 0;
        i.status = rng.bits(8) as u8;
        i.stop = rng.below(5000) == 0;
        let o = b.cycle(&i)?;
        fetches += u64::from(i.fetch);
        completes += u64::from(i.complete);
        db_errs += u64::from(o.db_err);
        errors += u64::from(o.state >> 8 != 0);
    }
    assert!(
        fetches > 5000 && completes > 5000 && db_errs > 10 && errors > 100,
        "fetches {fetches}, completions {completes}, doorbell errors {db_errs}, error cycles {errors}"
    );
    Ok(())
}
