//! `warpnic`: the command-line tool.
//!
//! - `warpnic demo`: two simulated NICs exchange frames through the host
//!   library; prints a summary (`--pcap` writes the link capture, `--trace`
//!   an FST waveform of NIC 0).
//! - `warpnic bench raw`: raw frame rate and throughput at 64, 1518 and 9018
//!   bytes, in simulated cycles at 250 MHz, next to 100 GbE line rate.
//! - `warpnic bench tcp`: offloaded TCP goodput at 1500 and 9000 MTU next
//!   to the TCP payload limit of 100 GbE, and connection setup latency and
//!   rate, in simulated cycles at 250 MHz.
//! - `warpnic info`: identification and counters of a device (a VFIO PCI
//!   address, or a simulated NIC).

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use warpnic::{Device, Nic};
use warpnic_sim::dma::DmaConfig;
use warpnic_sim::link::{frame_wire_bytes, Dir};
use warpnic_sim::traffic::{stream, Pair, Sizes, StreamSpec};
use warpnic_sim::{SimWorld, WorldConfig};

mod bench;

#[derive(Parser)]
#[command(
    name = "warpnic",
    version,
    about = "warpnic: an open iWARP RDMA NIC for FPGA SmartNICs"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Two simulated NICs exchange raw Ethernet frames.
    Demo {
        /// Frames each way.
        #[arg(long, default_value_t = 2000)]
        frames: u64,
        /// Write the link capture here.
        #[arg(long)]
        pcap: Option<PathBuf>,
        /// Write an FST waveform of NIC 0 here (slow).
        #[arg(long)]
        trace: Option<PathBuf>,
        /// Seed of frame sizes, contents and link faults.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Probability that the link loses a frame.
        #[arg(long, default_value_t = 0.0)]
        loss: f64,
        /// Probability that the link corrupts a frame.
        #[arg(long, default_value_t = 0.0)]
        corrupt: f64,
    },
    /// Benchmarks in simulated time (cycles at 250 MHz).
    Bench {
        #[command(subcommand)]
        what: BenchCmd,
    },
    /// Identification and counters of a device.
    Info {
        /// PCI address of a warpnic bound to vfio-pci (default: a simulated NIC).
        #[arg(long)]
        pci: Option<String>,
    },
}

#[derive(Subcommand)]
enum BenchCmd {
    /// Raw Ethernet frames from NIC A to NIC B.
    Raw {
        /// Frames per size (default: enough for a steady state).
        #[arg(long)]
        frames: Option<u64>,
        /// Frame sizes including FCS.
        #[arg(long, value_delimiter = ',', default_values_t = vec![64usize, 1518, 9018])]
        sizes: Vec<usize>,
        /// Read completion size of the simulated root complex (64 or 128).
        #[arg(long, default_value_t = 128)]
        completion_bytes: u32,
    },
    /// Offloaded TCP from NIC A to NIC B: goodput, connection setup.
    Tcp {
        /// MTUs of the goodput runs.
        #[arg(long, value_enum, default_value_t = MtuChoice::Both)]
        mtu: MtuChoice,
        /// Bytes measured per goodput run.
        #[arg(long, default_value_t = 64 << 20)]
        bytes: u64,
        /// Bytes sent and acknowledged before the measured part (slow start).
        #[arg(long, default_value_t = 16 << 20)]
        warmup: u64,
        /// Stream buffers of 2^N bytes each way (14..=26).
        #[arg(long, default_value_t = 22)]
        buf_log: u8,
        /// Connections opened one at a time for the setup latency (0 skips).
        #[arg(long, default_value_t = 100)]
        connections: usize,
        /// Connections opened back to back for the setup rate (0 skips).
        #[arg(long, default_value_t = 1000)]
        rate_connections: usize,
        /// Opens whose events are not taken yet, at most (1..=64).
        #[arg(long, default_value_t = 32)]
        outstanding: usize,
        /// Seed of the world and of the data pattern.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Keep the link capture of the setup-latency run here.
        #[arg(long)]
        pcap: Option<PathBuf>,
    },
}

/// The MTUs `bench tcp` measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum MtuChoice {
    /// 1500 bytes (MAX_FRAME 1514, MSS 1460).
    #[value(name = "1500")]
    M1500,
    /// 9000 bytes (MAX_FRAME 9014, MSS 8960).
    #[value(name = "9000")]
    M9000,
    /// Both.
    Both,
    /// No goodput run (setup only).
    None,
}

impl MtuChoice {
    fn mtus(self) -> Vec<u32> {
        match self {
            MtuChoice::M1500 => vec![1500],
            MtuChoice::M9000 => vec![9000],
            MtuChoice::Both => vec![1500, 9000],
            MtuChoice::None => vec![],
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let r = match cli.cmd {
        Cmd::Demo {
            frames,
            pcap,
            trace,
            seed,
            loss,
            corrupt,
        } => demo(frames, pcap, trace, seed, loss, corrupt),
        Cmd::Bench {
            what:
                BenchCmd::Raw {
                    frames,
                    sizes,
                    completion_bytes,
                },
        } => bench::raw(frames, &sizes, completion_bytes),
        Cmd::Bench {
            what:
                BenchCmd::Tcp {
                    mtu,
                    bytes,
                    warmup,
                    buf_log,
                    connections,
                    rate_connections,
                    outstanding,
                    seed,
                    pcap,
                },
        } => bench::tcp::tcp(&bench::tcp::TcpBench {
            mtus: mtu.mtus(),
            bytes,
            warmup,
            buf_log,
            connections,
            rate_connections,
            outstanding,
            seed,
            pcap,
        }),
        Cmd::Info { pci } => info(pci),
    };
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("warpnic: {e}");
            ExitCode::FAILURE
        }
    }
}

type AnyResult<T> = Result<T, Box<dyn std::error::Error>>;

fn demo(
    frames: u64,
    pcap: Option<PathBuf>,
    trace: Option<PathBuf>,
    seed: u64,
    loss: f64,
    corrupt: f64,
) -> AnyResult<()> {
    let mut cfg = WorldConfig::pair();
    cfg.seed = seed;
    cfg.pcap = pcap.clone();
    cfg.trace = trace.clone();
    cfg.link.loss = loss;
    cfg.link.corrupt = corrupt;
    println!("warpnic demo: two simulated NICs (Verilated wn_core, native firmware, host library)");
    let p = Pair::new(&cfg)?;
    let (va, ba) = p.a.fw_version()?;
    println!(
        "  NIC A {} MAC {}  firmware {:#x}, build {:#010x}",
        p.a.device().name(),
        fmt_mac(p.a.mac()?),
        va,
        ba
    );
    println!(
        "  NIC B {} MAC {}",
        p.b.device().name(),
        fmt_mac(p.b.mac()?)
    );
    let spec = StreamSpec {
        frames,
        sizes: Sizes::Uniform(60, 9014),
        seed,
        ..StreamSpec::default()
    };
    let ab = stream(&p.a, &p.b, &spec)?;
    let spec_ba = StreamSpec {
        seed: seed.wrapping_add(1),
        ..spec.clone()
    };
    let ba = stream(&p.b, &p.a, &spec_ba)?;
    for (name, r) in [("A -> B", &ab), ("B -> A", &ba)] {
        let gbps = r.received_bytes as f64 * 8.0 / (r.active_cycles() as f64 * 4.0);
        println!(
            "  {name}: sent {}, received {} intact and in order, {} corrupt, {} missing, {} out of order; {:.2} Gb/s of frames over {} cycles",
            r.sent, r.received, r.corrupt, r.missing, r.out_of_order, gbps, r.active_cycles()
        );
    }
    let (sa, sb) = (p.a.stats()?, p.b.stats()?);
    println!(
        "  counters A: tx {} rx {} fcs_err {}; B: tx {} rx {} fcs_err {}",
        sa.tx_frames, sa.rx_frames, sa.rx_fcs_err, sb.tx_frames, sb.rx_frames, sb.rx_fcs_err
    );
    let (lab, lba, cycles) = p.world.with(|w| {
        (
            w.link_counters(0, Dir::AToB),
            w.link_counters(0, Dir::BToA),
            w.cycle(),
        )
    })?;
    let (lab, lba) = (lab?, lba?);
    println!(
        "  link: A->B {} sent, {} lost, {} corrupted; B->A {} sent, {} lost, {} corrupted",
        lab.sent, lab.dropped, lab.corrupted, lba.sent, lba.dropped, lba.corrupted
    );
    let wall = ab.wall + ba.wall;
    println!(
        "  simulated {} cycles ({:.1} us) in {:.1} s: {:.0} cycles/s",
        cycles,
        cycles as f64 * 4e-3,
        wall.as_secs_f64(),
        (ab.world_cycles + ba.world_cycles) as f64 / wall.as_secs_f64()
    );
    p.world.with(|w| w.finish())??;
    if let Some(p) = pcap {
        println!("  capture: {}", p.display());
    }
    if let Some(t) = trace {
        println!("  waveform: {}", t.display());
    }
    let ok = ab.corrupt == 0 && ba.corrupt == 0 && ab.out_of_order == 0 && ba.out_of_order == 0;
    let clean = loss == 0.0 && corrupt == 0.0;
    if !ok || (clean && (ab.missing != 0 || ba.missing != 0)) {
        return Err("frames were corrupted, reordered or lost on a clean link".into());
    }
    println!("  result: OK");
    Ok(())
}

fn fmt_mac(m: [u8; 6]) -> String {
    m.iter()
        .map(|b| format!("{b:02x}"))
        .collect::<Vec<_>>()
        .join(":")
}

fn info(pci: Option<String>) -> AnyResult<()> {
    let (dev, _world): (Arc<dyn Device>, Option<Arc<SimWorld>>) = match pci {
        #[cfg(target_os = "linux")]
        Some(addr) => (Arc::new(warpnic::vfio::VfioDevice::open(&addr)?), None),
        #[cfg(not(target_os = "linux"))]
        Some(_) => return Err("VFIO needs Linux".into()),
        None => {
            let w = SimWorld::new(&WorldConfig::with_nics(1))?;
            (w.device(0)?, Some(w))
        }
    };
    let nic = Nic::open(dev)?;
    let i = nic.info();
    println!("device      {}", nic.device().name());
    println!("build id    {:#010x} (matches this library)", i.build_id);
    println!(
        "abi         {}.{}",
        i.abi_version >> 16,
        i.abi_version & 0xffff
    );
    println!(
        "queues      {} SQ, {} RQ, {} CQ, {} EQ",
        i.num_sq, i.num_rq, i.num_cq, i.num_eq
    );
    println!("datapath    {} bits at {} MHz", i.data_width, i.clock_mhz);
    println!("mac         {}", fmt_mac(nic.mac()?));
    let (v, b) = nic.fw_version()?;
    println!(
        "firmware    interface {}.{}, sees build {:#010x}",
        v >> 16,
        v & 0xffff,
        b
    );
    for (t, base) in &i.blocks {
        println!("block       {base:#06x}: type {t:#010x}");
    }
    println!("counters    {:?}", nic.stats()?);
    Ok(())
}

/// Line rate of 100 GbE for frames of `size` bytes including FCS.
fn line_rate_fps(size: usize) -> f64 {
    100e9 / (frame_wire_bytes(size - 4) as f64 * 8.0)
}

/// The frame rate the PCIe read budget allows when each frame costs one
/// WQE (fetched 8 at a time) and one payload read.
fn pcie_bound_fps(dma: &DmaConfig, size: usize) -> f64 {
    let payload = (size - 4) as u64;
    let (up_p, down_p) = dma.read_wire_bytes(0x10_0000, payload);
    let (up_w, down_w) = dma.read_wire_bytes(0x10_0000, 256);
    let down = down_p as f64 + down_w as f64 / 8.0;
    let up = up_p as f64 + up_w as f64 / 8.0;
    dma.link_bytes_per_second() / down.max(up)
}
