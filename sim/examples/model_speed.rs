//! Measures how fast the Verilated `wn_core` runs, in clock cycles per second.
//!
//! ```text
//! cargo run --release -p warpnic-sim --example model_speed [-- [--cycles N] [--trace FILE.fst]]
//! ```
//!
//! Three loops over an idle core after reset:
//! - `ticks`: `Model::ticks` in batches of 1000 (one call into C++ per batch);
//! - `tick`: one `Model::tick` per cycle;
//! - `tick+io`: per cycle, what a simulator does on every cycle: write a
//!   512-bit receive beat and the narrow stream inputs, tick, read the
//!   transmit and DMA outputs (valid bits, a 512-bit beat, tkeep).
//!
//! With `--trace`, a last loop writes an FST wave trace of every cycle.

use std::hint::black_box;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use warpnic_sim::model::{ports, Model, ModelError};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("model_speed: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let mut cycles: u64 = 2_000_000;
    let mut trace: Option<PathBuf> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--cycles" => {
                cycles = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .ok_or("--cycles needs a number")?;
            }
            "--trace" => trace = Some(args.next().ok_or("--trace needs a file name")?.into()),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    let cycles = cycles.max(1000);

    let mut m = Model::new().map_err(|e| e.to_string())?;
    m.reset(16).map_err(|e| e.to_string())?;
    println!(
        "wn_core, Verilator {}, {cycles} cycles per loop",
        warpnic_vlrt::VERILATOR_VERSION
    );

    report("ticks", cycles, || {
        for _ in 0..cycles / 1000 {
            m.ticks(1000)?;
        }
        Ok(())
    })?;
    report("tick", cycles, || {
        for _ in 0..cycles {
            m.tick()?;
        }
        Ok(())
    })?;
    report("tick+io", cycles, || io_loop(&mut m, cycles))?;

    if let Some(path) = trace {
        let traced = (cycles / 20).max(1000);
        m.trace_open(&path).map_err(|e| e.to_string())?;
        report("tick+io, FST trace", traced, || io_loop(&mut m, traced))?;
        m.trace_close();
        let size = std::fs::metadata(&path).map(|md| md.len()).unwrap_or(0);
        println!("  trace: {} ({size} bytes)", path.display());
    }
    Ok(())
}

/// The per-cycle port traffic of a simulator around an idle core.
fn io_loop(m: &mut Model, cycles: u64) -> Result<(), ModelError> {
    let mut beat = [0u8; 64];
    let mut out = [0u8; 64];
    for i in 0..cycles {
        beat[..8].copy_from_slice(&i.to_le_bytes());
        m.set_bytes(ports::S_AXIS_RX_TDATA_I, &beat);
        m.set(ports::S_AXIS_RX_TKEEP_I, u64::MAX);
        m.set(ports::S_AXIS_RX_TVALID_I, 0);
        m.set(ports::M_AXIS_TX_TREADY_I, 1);
        m.set(ports::M_DMA_WR_READY_I, 1);
        m.set(ports::M_DMA_RD_REQ_READY_I, 1);
        m.tick()?;
        black_box(m.get(ports::M_AXIS_TX_TVALID_O));
        black_box(m.get(ports::M_AXIS_TX_TKEEP_O));
        black_box(m.get(ports::M_DMA_WR_VALID_O));
        black_box(m.get(ports::M_DMA_RD_REQ_VALID_O));
        m.get_bytes(ports::M_AXIS_TX_TDATA_O, &mut out);
        black_box(&out);
        black_box(m.wide_words(ports::M_DMA_WR_DATA_O)[0]);
    }
    Ok(())
}

/// Runs `f` over `cycles` cycles and prints the rate.
fn report(
    name: &str,
    cycles: u64,
    f: impl FnOnce() -> Result<(), ModelError>,
) -> Result<(), String> {
    let start = Instant::now();
    f().map_err(|e| e.to_string())?;
    let secs = start.elapsed().as_secs_f64();
    println!(
        "  {name:<20} {:>10.0} cycles/s  ({:.1} ns/cycle)",
        cycles as f64 / secs,
        secs * 1e9 / cycles as f64
    );
    Ok(())
}
