//! A world steps its NICs on several threads with exactly the cycle counts,
//! frames and link faults of one thread.

use std::time::Duration;

use warpnic_sim::link::{Dir, LinkCounters};
use warpnic_sim::traffic::{stream, Pair, Sizes, StreamReport, StreamSpec};
use warpnic_sim::world::NicCounters;
use warpnic_sim::WorldConfig;

/// Everything a run observes: the streams (wall time aside), the world's
/// cycle count, both NICs' counters and both link directions' counters.
#[derive(Debug, PartialEq, Eq)]
struct Observed {
    streams: Vec<StreamReport>,
    cycle: u64,
    nics: Vec<NicCounters>,
    link: (LinkCounters, LinkCounters),
}

/// Streams both ways over a faulty link with random backpressure, then one
/// more each way after the first, on a world stepped by `threads` threads.
fn run(threads: usize, latency_cycles: u64) -> Observed {
    let mut cfg = WorldConfig::pair();
    cfg.threads = Some(threads);
    cfg.stall = 0.05;
    cfg.seed = 7;
    cfg.link.latency_cycles = latency_cycles;
    cfg.link.loss = 0.02;
    cfg.link.reorder = 0.05;
    cfg.link.reorder_hold_cycles = 4;
    cfg.link.duplicate = 0.02;
    cfg.link.corrupt = 0.02;
    let p = Pair::new(&cfg).unwrap_or_else(|e| panic!("world on {threads} threads: {e}"));
    let spec = |seed| StreamSpec {
        frames: 300,
        sizes: Sizes::Uniform(60, 2000),
        seed,
        sq_depth: 64,
        rq_depth: 64,
        drain: Duration::from_micros(20),
        ..StreamSpec::default()
    };
    let mut streams = Vec::new();
    for (i, (tx, rx)) in [(&p.a, &p.b), (&p.b, &p.a)].into_iter().enumerate() {
        let mut r = stream(tx, rx, &spec(i as u64 + 1)).expect("stream");
        r.wall = Duration::ZERO;
        streams.push(r);
    }
    p.world
        .with(|w| Observed {
            streams,
            cycle: w.cycle(),
            nics: (0..2)
                .map(|n| w.nic_counters(n).expect("counters"))
                .collect(),
            link: (
                w.link_counters(0, Dir::AToB).expect("link"),
                w.link_counters(0, Dir::BToA).expect("link"),
            ),
        })
        .expect("world")
}

#[test]
fn two_threads_give_the_cycle_counts_of_one() {
    let one = run(1, 125);
    assert!(
        one.link.0.reordered > 0 && one.link.0.dropped > 0,
        "{one:?}"
    );
    assert!(one.streams.iter().all(|s| s.received > 200), "{one:?}");
    assert_eq!(run(2, 125), one);
}

#[test]
fn a_link_without_latency_still_gives_the_same_run() {
    let one = run(1, 0);
    assert_eq!(run(2, 0), one);
}
