//! `warpnic bench raw` (here), `warpnic bench tcp` ([`tcp`]),
//! `warpnic bench write|read|send` ([`rdma`]) and `warpnic bench connect`
//! ([`connect`]).

use crate::{line_rate_fps, pcie_bound_fps, AnyResult};
use std::time::Instant;
use warpnic_sim::dma::DmaConfig;
use warpnic_sim::traffic::{stream, Pair, Sizes, StreamSpec};
use warpnic_sim::WorldConfig;

pub mod connect;
pub mod rdma;
pub mod tcp;

/// Raw frames A -> B at each size; prints rate, throughput, line rate, the
/// PCIe bound and the simulator's speed.
pub fn raw(frames: Option<u64>, sizes: &[usize], completion_bytes: u32) -> AnyResult<()> {
    for &s in sizes {
        if !(64..=9018).contains(&s) {
            return Err(format!("frame size {s} is outside 64..=9018 bytes (FCS included)").into());
        }
    }
    let mut cfg = WorldConfig::pair();
    cfg.dma.completion_bytes = completion_bytes;
    let dma = cfg.dma.clone();
    let cl64 = DmaConfig {
        completion_bytes: 64,
        ..dma.clone()
    };
    println!(
        "warpnic bench raw: NIC A -> NIC B, simulated at 250 MHz; PCIe Gen3 x16 model, {} B read completions",
        completion_bytes
    );
    println!(
        "{:>6} {:>8} {:>10} {:>9} {:>9} {:>9} {:>9} {:>7} {:>11} {:>11}",
        "size",
        "frames",
        "cycles",
        "Mframe/s",
        "Gb/s",
        "line Mf/s",
        "line Gb/s",
        "% line",
        "PCIe Mf/s",
        "(64B cpl)"
    );
    let mut sim_cycles = 0u64;
    let wall = Instant::now();
    for &size in sizes {
        let n = frames.unwrap_or(match size {
            0..=128 => 100_000,
            129..=2048 => 30_000,
            _ => 6000,
        });
        let p = Pair::new(&cfg)?;
        let spec = StreamSpec {
            frames: n,
            sizes: Sizes::Fixed(size - 4),
            seed: 7,
            signal_every: 64,
            sq_depth: 4096,
            rq_depth: 4096,
            ..StreamSpec::default()
        };
        let r = stream(&p.a, &p.b, &spec)?;
        if r.received != n || r.corrupt != 0 {
            return Err(format!(
                "size {size}: {} of {n} frames arrived intact ({} corrupt); {r:?}\nA {:?}\nB {:?}",
                r.received,
                r.corrupt,
                p.a.stats()?,
                p.b.stats()?
            )
            .into());
        }
        sim_cycles += p.world.with(|w| w.cycle())?;
        let secs = r.active_cycles() as f64 * 4e-9;
        let fps = n as f64 / secs;
        let gbps = fps * size as f64 * 8.0 / 1e9;
        let line = line_rate_fps(size);
        println!(
            "{:>6} {:>8} {:>10} {:>9.2} {:>9.2} {:>9.2} {:>9.2} {:>6.1}% {:>11.2} {:>11.2}",
            size,
            n,
            r.active_cycles(),
            fps / 1e6,
            gbps,
            line / 1e6,
            line * size as f64 * 8.0 / 1e9,
            100.0 * fps / line,
            pcie_bound_fps(&dma, size) / 1e6,
            pcie_bound_fps(&cl64, size) / 1e6,
        );
    }
    let w = wall.elapsed().as_secs_f64();
    println!(
        "simulator: {} cycles of a 2-NIC world in {:.1} s = {:.0} cycles/s",
        sim_cycles,
        w,
        sim_cycles as f64 / w
    );
    Ok(())
}
