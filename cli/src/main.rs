//! `warpnic`: the command-line tool.
//!
//! - `warpnic demo`: two simulated NICs exchange raw frames through the
//!   host library, then connect with iWARP and run an RDMA WRITE, a SEND
//!   and an RDMA READ; prints what happened (`--pcap` writes the link
//!   capture, which tshark's iWARP dissectors read; `--trace` an FST
//!   waveform of NIC 0).
//! - `warpnic bench raw`: raw frame rate and throughput at 64, 1518 and 9018
//!   bytes, in simulated cycles at 250 MHz, next to 100 GbE line rate.
//! - `warpnic bench tcp`: offloaded TCP goodput at 1500 and 9000 MTU next
//!   to the TCP payload limit of 100 GbE, and connection setup latency and
//!   rate, in simulated cycles at 250 MHz.
//! - `warpnic bench write|read|send`: RDMA Write, Read and Send between
//!   two simulated NICs through the verbs: one-QP goodput at 1500 and 9000
//!   MTU next to the iWARP limit of 100 GbE, the 64-byte message rate, and
//!   latency from the doorbell to the completion, perftest-style, in
//!   simulated cycles at 250 MHz.
//! - `warpnic info`: identification and counters of a device (a VFIO PCI
//!   address, or a simulated NIC).

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use warpnic_sim::dma::DmaConfig;
use warpnic_sim::link::frame_wire_bytes;

mod bench;
mod demo;
mod info;

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
    /// Two simulated NICs exchange raw Ethernet frames, then RDMA WRITE,
    /// SEND and READ over an iWARP connection.
    Demo {
        /// Raw frames each way (0: the iWARP part only).
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
        /// MPA markers (RFC 5044 §4.3) both ways on the iWARP connection.
        #[arg(long)]
        markers: bool,
    },
    /// Benchmarks in simulated time (cycles at 250 MHz).
    Bench {
        #[command(subcommand)]
        what: BenchCmd,
    },
    /// Identification, register blocks, capacities and counters of a
    /// device (as `ibv_devinfo -v` and `ethtool -S`).
    Info {
        /// PCI address of a warpnic bound to vfio-pci (default: a simulated NIC).
        #[arg(long)]
        pci: Option<String>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
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
    /// Full RDMA connections NIC A -> NIC B through the connection
    /// managers: the time of one (TCP, MPA, binding), the rate of many at
    /// once, each moving one message, torn down cleanly.
    Connect {
        /// Connections set up one at a time for the latency.
        #[arg(long, default_value_t = 20)]
        latency_runs: usize,
        /// Connections open at once (1..=1024).
        #[arg(long, default_value_t = 1024)]
        connections: usize,
        /// Connects in flight at most while they open.
        #[arg(long, default_value_t = 16)]
        window: usize,
    },
    /// RDMA Write from NIC A into NIC B: goodput, message rate, latency.
    Write(RdmaArgs),
    /// RDMA Read by NIC A from NIC B: goodput, message rate, latency.
    Read(RdmaArgs),
    /// Send from NIC A to NIC B: goodput, message rate, latency.
    Send(RdmaArgs),
}

/// Options of `bench write|read|send` (perftest's names where they exist).
#[derive(Args)]
struct RdmaArgs {
    /// MTUs of the goodput runs.
    #[arg(long, value_enum, default_value_t = MtuChoice::Both)]
    mtu: MtuChoice,
    /// Message sizes of the goodput runs.
    #[arg(long, value_delimiter = ',', default_values_t = vec![65536usize, 1 << 20])]
    sizes: Vec<usize>,
    /// Bytes per goodput run and size (whole messages).
    #[arg(long, default_value_t = 64 << 20)]
    bytes: u64,
    /// Work requests outstanding at most (a power of two; fewer for large
    /// messages: 8 MiB in flight at most).
    #[arg(long, default_value_t = 128)]
    tx_depth: usize,
    /// Signal one work request in this many.
    #[arg(long, default_value_t = 32)]
    cq_mod: usize,
    /// 64-byte messages of the message-rate run (0 skips it).
    #[arg(long, default_value_t = 20_000)]
    rate_msgs: u64,
    /// Work requests outstanding at most in the message-rate run (a power
    /// of two): enough to cover the round trip from doorbell to completion
    /// at the rate the hardware reaches.
    #[arg(long, default_value_t = 1024)]
    rate_depth: usize,
    /// Message sizes of the latency runs.
    #[arg(long, value_delimiter = ',', default_values_t = vec![64usize])]
    lat_sizes: Vec<usize>,
    /// Iterations per latency run (0 skips them).
    #[arg(long, default_value_t = 1000)]
    lat_iters: usize,
    /// MTU of the latency runs.
    #[arg(long, default_value_t = 1500)]
    lat_mtu: u32,
    /// TCP receive window both ends offer once connected, bytes (0: the
    /// connection manager's; at most what each side's window scale
    /// advertises).
    #[arg(long, default_value_t = 0)]
    rcv_wnd: u32,
    /// Seed of the worlds and of the data pattern.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Keep the link capture of the latency runs here.
    #[arg(long)]
    pcap: Option<PathBuf>,
    /// QPs on as many connections between the NICs, all moving data at
    /// once: aggregate goodput, 64-byte message rate and per-QP fairness
    /// (1: one QP, with the latency tables).
    #[arg(long, default_value_t = 1)]
    qps: usize,
}

impl RdmaArgs {
    fn bench(self, op: bench::rdma::Op) -> bench::rdma::RdmaBench {
        bench::rdma::RdmaBench {
            op,
            mtus: self.mtu.mtus(),
            sizes: self.sizes,
            bytes: self.bytes,
            tx_depth: self.tx_depth,
            cq_mod: self.cq_mod,
            rate_msgs: self.rate_msgs,
            rate_depth: self.rate_depth,
            lat_sizes: self.lat_sizes,
            lat_iters: self.lat_iters,
            lat_mtu: self.lat_mtu,
            rcv_wnd: self.rcv_wnd,
            seed: self.seed,
            pcap: self.pcap,
            qps: self.qps,
        }
    }
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
            markers,
        } => demo::demo(&demo::Demo {
            frames,
            pcap,
            trace,
            seed,
            loss,
            corrupt,
            markers,
        }),
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
        Cmd::Bench {
            what:
                BenchCmd::Connect {
                    latency_runs,
                    connections,
                    window,
                },
        } => bench::connect::connect(&bench::connect::ConnectBench {
            latency_runs,
            connections,
            window,
        }),
        Cmd::Bench {
            what: BenchCmd::Write(a),
        } => bench::rdma::rdma(&a.bench(bench::rdma::Op::Write)),
        Cmd::Bench {
            what: BenchCmd::Read(a),
        } => bench::rdma::rdma(&a.bench(bench::rdma::Op::Read)),
        Cmd::Bench {
            what: BenchCmd::Send(a),
        } => bench::rdma::rdma(&a.bench(bench::rdma::Op::Send)),
        Cmd::Info { pci, json } => info::info(pci, json),
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

fn fmt_mac(m: [u8; 6]) -> String {
    m.iter()
        .map(|b| format!("{b:02x}"))
        .collect::<Vec<_>>()
        .join(":")
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
