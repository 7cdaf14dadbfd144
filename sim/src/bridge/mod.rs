//! Bridges from a simulated NIC port to real network peers, and the pacing
//! that keeps simulated time honest towards them.
//!
//! # What a bridge is
//!
//! A [`PortBridge`](crate::world::PortBridge) replaces the simulated link of
//! one NIC port ([`World::attach_bridge`](crate::World::attach_bridge)).
//! Every frame the NIC's MAC transmits goes to the peer; every frame the
//! peer sends is delivered to the NIC's MAC with a good FCS. The world calls
//! the bridge once per simulated cycle of that NIC.
//!
//! [`tap::TapBridge`] is the bridge to the Linux kernel: a TAP device
//! (`IFF_TAP | IFF_NO_PI`, so each `read`/`write` is exactly one Ethernet
//! frame without FCS, like the MAC interface of the core). [`tap::TapNet`]
//! builds the usual test setup around it: a network namespace of its own
//! with the TAP moved into it, addressed and up, so the kernel's IPv4 stack
//! (ARP, ICMP, later TCP) talks to the RTL and nothing else.
//!
//! [`qemu::QemuBridge`] is the bridge to a QEMU guest (a whole Linux with
//! soft-iWARP, see the tests' `siw` launcher): it listens on a unix stream
//! socket that the guest's `-netdev stream` connects to, and speaks QEMU's
//! framing there (a 4-byte big-endian length, then the frame without FCS,
//! both directions). The guest's clocks follow the wall clock as the
//! kernel's do, so the same [`Pacer`] rule applies.
//!
//! # Two clocks
//!
//! The simulation advances in clock cycles of 4 ns; the kernel lives in
//! wall-clock time. Both sides run timers against their own clock: the
//! NIC's retransmission timer and delayed ACK, the kernel's RTO (at least
//! 200 ms), ARP retransmission (1 s) and neighbour timeouts.
//!
//! **Simulated time must never run ahead of wall-clock time.** If it did,
//! a 200 ms RTO of the RTL could fire after, say, 1 ms of the kernel's
//! time: the kernel would see a NIC that retransmits far too eagerly and
//! answers faster than any real link could, and the NIC would see a kernel
//! that never answers within its timers. Tests would then fail for reasons
//! no hardware would ever meet. [`Pacer`] enforces the rule: at the first
//! call it records the simulated time `s0` and the wall-clock time `t0`;
//! afterwards `pace(now)` blocks while `now - s0 > wall - t0`.
//!
//! The check is cheap. Each time the pacer reads the clock it learns the
//! wall time elapsed, `w`, and so that simulated time up to `s0 + w` is
//! allowed without looking again; until the simulation passes that bound a
//! call costs one comparison. (This reads the clock far less often than a
//! fixed "every N calls" rule while never letting a single cycle run
//! ahead.) When the simulation is ahead the pacer sleeps for the
//! difference (short gaps yield instead of sleeping).
//!
//! # In practice the simulation is the slow side
//!
//! A Verilated core runs at roughly 200 k–700 k cycles per wall second
//! (0.8–2.8 ms of simulated time per second; the ping test measures about
//! 670 k cycles/s with one mostly idle NIC). So the pacer practically never
//! blocks, and the simulated NIC lags further behind the kernel the longer
//! a run lasts ([`PaceStats::lag`] reports by how much). What each side
//! sees:
//!
//! - The NIC sees a kernel that answers *instantly*: a frame the kernel
//!   writes in reply reaches the NIC's receive path within microseconds of
//!   wall time, a few simulated cycles. The RTL's timers never fire because
//!   the kernel was slow; they fire only when a frame is really lost.
//! - The kernel sees a *slow* peer, as behind a slow link: work the RTL
//!   does in `c` cycles takes `c / rate` of wall time, 400–1250 times its
//!   simulated duration. Prompt answers are fine: a ping round trip (a few
//!   thousand cycles through DMA, the host and back) takes milliseconds of
//!   wall time, and ARP's one-second retransmission never triggers. But the
//!   kernel's timers are short in simulated terms: its minimum RTO of
//!   200 ms wall is only 40 k–140 k simulated cycles (160–560 µs), not the
//!   50 M cycles it would be in real time. Anything the RTL deliberately
//!   delays by more — a delayed ACK, a retransmission after its own RTO, a
//!   window update after the host consumed data — looks like loss to the
//!   kernel, which retransmits. TCP survives that (duplicates are dropped,
//!   the RTT estimator backs the RTO off towards the slow link), but tests
//!   counting retransmissions must expect it, and TCP tests should raise the
//!   kernel's floor with [`TapNet::set_rto_min`] (a per-route `rto_min`) or
//!   keep the RTL's deliberate delays short in simulation.
//! - Wall-clock timeouts of a test (ping's `-W`, a child process deadline)
//!   measure the *simulation's* speed and must allow for it.
//!
//! When the simulated world is idle (nothing in flight, nothing pending but
//! timers) the host program may let simulated time run in large steps to
//! catch up with the wall; that is the host's decision (its `relax`). The
//! pacer only guarantees the direction: simulated time never overtakes the
//! wall, so such catching up stops at real time.
//!
//! # Frames
//!
//! The kernel writes frames to a TAP without padding (an ARP request is 42
//! bytes). On a wire the sending NIC pads to the 60-byte minimum, so the
//! TAP bridge pads short frames with zeros before handing them to the MAC,
//! which would otherwise count them as runts. Frames of the NIC go to the
//! kernel as they are (the MAC pads them already).
//!
//! # Faults
//!
//! A bridge carries frames as the peer and the NIC hand them over. To test
//! a real peer over a bad link, [`fault::FaultyBridge`] wraps a bridge with
//! the link model's seeded loss, reordering and duplication in both
//! directions ([`fault::BridgeFaults`]).

use std::time::{Duration, Instant};

pub mod fault;
pub mod qemu;
pub mod tap;

pub use fault::{BridgeFaultCounters, BridgeFaultStats, BridgeFaults, FaultyBridge};
pub use qemu::{QemuBridge, QemuCounters, QemuStats};
pub use tap::{TapBridge, TapCounters, TapNet, TapStats};

/// Sleeps shorter than this yield the thread instead.
const MIN_SLEEP: Duration = Duration::from_micros(50);

/// The wall clock a [`Pacer`] reads and waits on (injected for tests).
pub trait WallClock: Send {
    /// Monotonic time since an arbitrary origin fixed at construction.
    fn elapsed(&self) -> Duration;

    /// Waits about `d` (may return early; the pacer checks again).
    fn sleep(&mut self, d: Duration);
}

/// The real monotonic clock.
#[derive(Clone, Copy, Debug)]
pub struct SystemClock {
    origin: Instant,
}

impl SystemClock {
    /// A clock whose origin is now.
    pub fn new() -> SystemClock {
        SystemClock {
            origin: Instant::now(),
        }
    }
}

impl Default for SystemClock {
    fn default() -> Self {
        SystemClock::new()
    }
}

impl WallClock for SystemClock {
    fn elapsed(&self) -> Duration {
        self.origin.elapsed()
    }

    fn sleep(&mut self, d: Duration) {
        if d >= MIN_SLEEP {
            std::thread::sleep(d);
        } else {
            std::thread::yield_now();
        }
    }
}

/// What a [`Pacer`] did so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PaceStats {
    /// Times the wall clock was read.
    pub clock_reads: u64,
    /// Times the pacer had to wait because simulated time was ahead.
    pub waits: u64,
    /// Wall time spent waiting.
    pub waited: Duration,
    /// At the last clock read: wall time elapsed since the start minus
    /// simulated time elapsed (how far the simulation lags; zero when it
    /// was ahead and had to wait).
    pub lag: Duration,
    /// Simulated nanoseconds since the start, at the last clock read.
    pub sim_elapsed_ns: u64,
}

/// Keeps simulated time from running ahead of wall-clock time (see the
/// [module documentation](self)).
#[derive(Debug)]
pub struct Pacer<C: WallClock = SystemClock> {
    clock: C,
    /// (simulated ns, wall ns) at the first call.
    start: Option<(u64, u64)>,
    /// Simulated time up to which no clock read is needed.
    allowed_ns: u64,
    stats: PaceStats,
}

impl Pacer<SystemClock> {
    /// A pacer on the real clock.
    pub fn new() -> Pacer<SystemClock> {
        Pacer::with_clock(SystemClock::new())
    }
}

impl Default for Pacer<SystemClock> {
    fn default() -> Self {
        Pacer::new()
    }
}

fn nanos(d: Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}

impl<C: WallClock> Pacer<C> {
    /// A pacer on `clock`. It starts (records `s0` and `t0`) at the first
    /// [`Pacer::pace`] call.
    pub fn with_clock(clock: C) -> Pacer<C> {
        Pacer {
            clock,
            start: None,
            allowed_ns: 0,
            stats: PaceStats::default(),
        }
    }

    /// Whether the first `pace` call happened.
    pub fn started(&self) -> bool {
        self.start.is_some()
    }

    /// What the pacer did so far.
    pub fn stats(&self) -> PaceStats {
        self.stats
    }

    /// The clock (for tests that inspect an injected clock).
    pub fn clock(&self) -> &C {
        &self.clock
    }

    /// Returns once wall-clock time since the start is at least simulated
    /// time since the start (`now_ns - s0`). The first call starts the
    /// pacer and returns at once. Simulated time is expected not to go
    /// backwards; an earlier `now_ns` returns at once.
    pub fn pace(&mut self, now_ns: u64) {
        let Some((s0, t0)) = self.start else {
            let t0 = nanos(self.clock.elapsed());
            self.stats.clock_reads += 1;
            self.start = Some((now_ns, t0));
            self.allowed_ns = now_ns;
            return;
        };
        if now_ns <= self.allowed_ns {
            return;
        }
        let sim = now_ns - s0;
        let mut waited = false;
        loop {
            let wall = nanos(self.clock.elapsed()).saturating_sub(t0);
            self.stats.clock_reads += 1;
            self.stats.sim_elapsed_ns = sim;
            self.allowed_ns = s0.saturating_add(wall);
            if sim <= wall {
                self.stats.lag = if waited {
                    Duration::ZERO
                } else {
                    Duration::from_nanos(wall - sim)
                };
                return;
            }
            if !waited {
                self.stats.waits += 1;
                waited = true;
            }
            let gap = Duration::from_nanos(sim - wall);
            let before = self.clock.elapsed();
            self.clock.sleep(gap);
            self.stats.waited += self.clock.elapsed().saturating_sub(before);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A clock that moves only when told to, or when slept on.
    #[derive(Debug, Default)]
    struct FakeClock {
        now: Duration,
        sleeps: Vec<Duration>,
        reads: std::cell::Cell<u64>,
    }

    impl WallClock for FakeClock {
        fn elapsed(&self) -> Duration {
            self.reads.set(self.reads.get() + 1);
            self.now
        }

        fn sleep(&mut self, d: Duration) {
            self.sleeps.push(d);
            self.now += d;
        }
    }

    fn fake_at(ms: u64) -> Pacer<FakeClock> {
        Pacer::with_clock(FakeClock {
            now: Duration::from_millis(ms),
            ..FakeClock::default()
        })
    }

    #[test]
    fn first_call_starts_without_waiting() {
        let mut p = fake_at(5);
        assert!(!p.started());
        p.pace(1_000_000);
        assert!(p.started());
        assert!(p.clock().sleeps.is_empty());
        assert_eq!(p.stats().waits, 0);
    }

    #[test]
    fn simulation_ahead_of_the_wall_waits_exactly_the_gap() {
        let mut p = fake_at(0);
        p.pace(10_000); // s0 = 10 us of simulated time, t0 = 0
        p.clock.now = Duration::from_micros(100);
        // 300 us of simulated time after s0, 100 us of wall: wait 200 us
        p.pace(10_000 + 300_000);
        assert_eq!(p.clock().sleeps, vec![Duration::from_micros(200)]);
        assert_eq!(p.clock().now, Duration::from_micros(300));
        let s = p.stats();
        assert_eq!((s.waits, s.waited), (1, Duration::from_micros(200)));
        assert_eq!(s.lag, Duration::ZERO);
    }

    #[test]
    fn simulation_behind_the_wall_never_waits() {
        let mut p = fake_at(0);
        p.pace(0);
        p.clock.now = Duration::from_secs(1);
        // 0.8 ms of simulated time per wall second: always behind
        for ns in (0..800_000).step_by(4) {
            p.pace(ns);
        }
        assert!(p.clock().sleeps.is_empty());
        let s = p.stats();
        assert_eq!(s.waits, 0);
        assert_eq!(s.lag, Duration::from_nanos(1_000_000_000 - 4));
    }

    #[test]
    fn clock_is_read_only_when_simulated_time_passes_the_known_bound() {
        let mut p = fake_at(0);
        p.pace(0);
        p.clock.now = Duration::from_micros(1);
        // the first call past 0 reads the clock and learns 1 us is allowed
        for ns in (4..=1_000).step_by(4) {
            p.pace(ns);
        }
        assert_eq!(p.clock().reads.get(), 2, "start and one bound update");
        assert_eq!(p.stats().clock_reads, 2);
        // past the bound: reads again (and waits, the wall stood still)
        p.pace(1_004);
        assert_eq!(p.clock().sleeps, vec![Duration::from_nanos(4)]);
        assert!(p.stats().clock_reads >= 3);
    }

    #[test]
    fn sim_time_never_overtakes_wall_time_under_a_fast_simulation() {
        // a simulation that runs 10x faster than the wall: every 4 ns cycle
        // costs 0.4 ns of wall time; the pacer must hold it back
        let mut p = fake_at(0);
        let mut wall_ps = 0u64;
        for cycle in 0..100_000u64 {
            let now = cycle * 4;
            wall_ps += 400;
            let floor = Duration::from_nanos(wall_ps / 1000);
            if p.clock.now < floor {
                p.clock.now = floor;
            }
            p.pace(now);
            assert!(
                p.clock().now >= Duration::from_nanos(now),
                "cycle {cycle}: simulated {now} ns ahead of wall {:?}",
                p.clock().now
            );
        }
        assert!(p.stats().waits > 0);
        // the simulation ran at wall speed: 400 us of simulated time took
        // 400 us of wall time (within one cycle)
        assert!(p.clock().now <= Duration::from_nanos(400_000));
    }

    #[test]
    fn early_timestamps_return_at_once() {
        let mut p = fake_at(0);
        p.pace(1_000);
        p.pace(500);
        p.pace(1_000);
        assert!(p.clock().sleeps.is_empty());
    }

    #[test]
    fn system_clock_paces_against_real_time() {
        let mut p = Pacer::new();
        p.pace(0);
        let t = Instant::now();
        p.pace(2_000_000); // 2 ms of simulated time
        assert!(t.elapsed() >= Duration::from_millis(2) - Duration::from_micros(100));
        assert_eq!(p.stats().waits, 1);
    }
}
