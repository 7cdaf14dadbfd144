//! `warpnic bench write|read|send`: RDMA Write, Read and Send between two
//! simulated NICs through the verbs, in simulated time (cycles at
//! 250 MHz), printed the way perftest's ib_write_bw / ib_write_lat print.
//!
//! The NICs connect through the host library's connection manager
//! ([`warpnic_sim::rdma::connect`]: MPA v2 with CRC, IRD/ORD 16), MAX_FRAME set
//! on both before the connection opens (MSS = MAX_FRAME - 54).
//!
//! - Goodput: one QP, messages of each size with up to `tx_depth` work
//!   requests outstanding (at most 8 MiB of them; Reads at most ORD, as
//!   ib_read_bw), every `cq_mod`-th signaled. BW average is the messages'
//!   bytes over the time from the first doorbell to the last completion at
//!   the requester (A); BW peak is perftest's: the best
//!   `(j - i + 1) * size / (completed[j] - posted[i])` over pairs of
//!   messages (j at most 4096 after i). Set against the iWARP limit of
//!   100 GbE at that MTU ([`limit_gbps`]); the run also reports the wire
//!   rate in the data's direction and the TCP retransmissions and drops
//!   under it.
//! - Message rate: the same with 64-byte messages and up to `rate_depth`
//!   work requests outstanding (1024 by default: at tens of millions of
//!   messages a second, 128 cover only about 3 µs from doorbell to
//!   completion, so `tx_depth` would measure the latency, not the rate).
//! - Latency: one message at a time, from the doorbell at A (just before
//!   the `post_send` call) until the host can see the result, the host
//!   polling every cycle: Write, the message's last byte in B's memory (as
//!   ib_write_lat), and, apart, a Write with Immediate's RECV_IMM
//!   completion at B; Send, B's RECV completion; Read, A's READ
//!   completion. A capture of the link splits it at the first frame on
//!   the wire.
//! - Every message's bytes are checked, byte-exact, against a pattern
//!   keyed by the message's number, so a datapath that drops, repeats or
//!   misplaces data fails the run instead of reporting a speed. A Write's
//!   completion at A only says that B's TCP has the bytes (placement at B
//!   may follow), so Writes and Reads are checked once `depth` later
//!   messages are done, before their sink slot is used again, and the last
//!   ones when B's memory holds them; Sends as B's receives complete. A
//!   completion that is visible before its message's bytes (Read, Send,
//!   Write with Immediate) is reported as an ordering error.
//!
//! Here: the options, the command and what the runs share (buffers, the
//! data pattern, counters); `limit`: the wire's limit; `bw`: goodput and
//! message rate; `lat`: latency.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use warpnic::{AccessFlags, DmaPerm, MemoryRegion, QpCaps, WorkCompletion};
use warpnic_abi::gen::{CqeStatus, TcbField};
use warpnic_sim::link::{Dir, LinkCounters};
use warpnic_sim::rdma::RdmaEnd;
use warpnic_sim::traffic::Pair;

use crate::bench::tcp::pattern;
use crate::AnyResult;

mod bw;
mod lat;
mod limit;
mod multi;

use bw::bw_mtu;
use lat::latency;
use limit::{print_limits, HDR_TAGGED, HDR_UNTAGGED, WIRE_EXTRA};

/// Give up when nothing moves for this long (device time).
const STALL_NS: u64 = 20_000_000;
/// How long one latency iteration, or the last bytes of a run, may take
/// (device time).
const LAT_WAIT_NS: u64 = 1_000_000;
/// Completion queue entries per CQ.
const CQ_DEPTH: usize = 4096;

/// Which operation `warpnic bench` measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// RDMA Write from A into B's memory.
    Write,
    /// RDMA Read by A from B's memory.
    Read,
    /// Send from A into B's posted receive buffers.
    Send,
}

impl Op {
    /// perftest's name of the test.
    fn title(self) -> &'static str {
        match self {
            Op::Write => "RDMA_Write",
            Op::Read => "RDMA_Read",
            Op::Send => "Send",
        }
    }

    /// The DDP/RDMAP header of the FPDUs that carry the data.
    fn data_header(self) -> u64 {
        match self {
            Op::Write | Op::Read => HDR_TAGGED,
            Op::Send => HDR_UNTAGGED,
        }
    }

    /// The direction the data travels.
    fn data_dir(self) -> Dir {
        match self {
            Op::Write | Op::Send => Dir::AToB,
            Op::Read => Dir::BToA,
        }
    }
}

/// What `warpnic bench write|read|send` runs.
#[derive(Clone, Debug)]
pub struct RdmaBench {
    /// The operation.
    pub op: Op,
    /// MTUs of the goodput runs (1500, 9000).
    pub mtus: Vec<u32>,
    /// Message sizes of the goodput runs.
    pub sizes: Vec<usize>,
    /// Bytes per goodput run (rounded up to whole messages).
    pub bytes: u64,
    /// Work requests outstanding at most (a power of two).
    pub tx_depth: usize,
    /// Every this many work requests one is signaled.
    pub cq_mod: usize,
    /// 64-byte messages of the message-rate run (0 skips it).
    pub rate_msgs: u64,
    /// Work requests outstanding at most in the message-rate run (a power
    /// of two).
    pub rate_depth: usize,
    /// Message sizes of the latency runs.
    pub lat_sizes: Vec<usize>,
    /// Iterations per latency run (0 skips them).
    pub lat_iters: usize,
    /// MTU of the latency runs.
    pub lat_mtu: u32,
    /// Receive window both ends offer once connected (0: the connection
    /// manager's).
    pub rcv_wnd: u32,
    /// Seed of the worlds and of the data pattern.
    pub seed: u64,
    /// Keep the link capture of the latency runs here.
    pub pcap: Option<PathBuf>,
    /// QPs on as many connections, moving data at once (1: the single-QP
    /// goodput, message rate and latency tables).
    pub qps: usize,
}

// ---------------------------------------------------------------------
// Buffers and the data pattern
// ---------------------------------------------------------------------

/// The data seed of message `i` of a run of `size`-byte messages: each
/// message's bytes are distinct.
fn fill(seed: u64, size: usize, i: u64, buf: &mut [u8]) {
    pattern(seed ^ size as u64, i * size as u64, buf);
}

fn region(
    end: &RdmaEnd,
    len: usize,
    access: AccessFlags,
    who: &str,
) -> AnyResult<(Arc<warpnic::DmaMem>, MemoryRegion)> {
    let mem = Arc::new(
        end.nic
            .alloc_dma(len, DmaPerm::RW)
            .map_err(|e| format!("{who}: {len} bytes of DMA memory: {e}"))?,
    );
    let mr = end
        .pd
        .reg_mr(&mem, 0, len, access)
        .map_err(|e| format!("{who}: register {len} bytes: {e}"))?;
    Ok((mem, mr))
}

/// The first difference between `got` and `want`.
fn diff(got: &[u8], want: &[u8]) -> String {
    match got.iter().zip(want).position(|(x, y)| x != y) {
        Some(i) => format!(
            "first difference at byte {i} of {}: got {:02x?}, want {:02x?}",
            want.len(),
            &got[i..(i + 8).min(got.len())],
            &want[i..(i + 8).min(want.len())]
        ),
        None => "equal".into(),
    }
}

fn links(p: &Pair) -> AnyResult<(LinkCounters, LinkCounters)> {
    let (ab, ba) = p
        .world
        .with(|w| (w.link_counters(0, Dir::AToB), w.link_counters(0, Dir::BToA)))?;
    Ok((ab?, ba?))
}

fn wire_bytes(a: &LinkCounters, b: &LinkCounters) -> u64 {
    (b.sent_bytes - a.sent_bytes) + (b.sent - a.sent) * WIRE_EXTRA
}

/// The TCP counters of a run's data direction.
#[derive(Clone, Copy, Debug, Default)]
struct Tcp {
    /// Segments with payload the data's sender sent.
    segs: u64,
    /// Of them retransmissions.
    retx: u64,
    /// Segments the data's receiver's engine dropped (NIC counter).
    drops: u64,
    /// Segments the data's sender's engine dropped (NIC counter: the
    /// acknowledgments and requests coming back); read by the many-QP
    /// runs only, 0 otherwise.
    back_drops: u64,
}

fn tcp_counters(tx: &RdmaEnd, rx: &RdmaEnd) -> AnyResult<Tcp> {
    let w = tx.nic.tcp_tcb(tx.ep, TcbField::TxSegs, 0, 0)?;
    Ok(Tcp {
        segs: w & 0xffff_ffff,
        retx: w >> 32,
        drops: rx.nic.stats()?.tcp_rx_drop,
        back_drops: 0,
    })
}

fn tcp_diff(a: Tcp, b: Tcp) -> Tcp {
    Tcp {
        segs: b.segs.wrapping_sub(a.segs) & 0xffff_ffff,
        retx: b.retx.wrapping_sub(a.retx) & 0xffff_ffff,
        drops: b.drops - a.drops,
        back_drops: b.back_drops - a.back_drops,
    }
}

fn check_wc(wc: &WorkCompletion, end: &RdmaEnd, who: &str) -> AnyResult<()> {
    if wc.status != CqeStatus::Success {
        let why = end
            .qp
            .error_info()
            .ok()
            .flatten()
            .map_or_else(String::new, |e| format!("; QP error: {e}"));
        return Err(format!(
            "{who}: work request {} completed {:?} ({:?}){why}",
            wc.wr_id, wc.status, wc.opcode
        )
        .into());
    }
    Ok(())
}

fn stalled(p: &Pair, a: &RdmaEnd, b: &RdmaEnd, what: String) -> AnyResult<()> {
    Err(format!(
        "{what}: no progress for {} ms of device time\nA: QP {:?}, {:?}\nB: QP {:?}, {:?}",
        STALL_NS / 1_000_000,
        a.qp.query(),
        p.a.stats(),
        b.qp.query(),
        p.b.stats()
    )
    .into())
}

/// Applies `--rcv-wnd` (if given) to both ends; describes the windows.
fn windows(o: &RdmaBench, a: &RdmaEnd, b: &RdmaEnd) -> AnyResult<String> {
    if o.rcv_wnd == 0 {
        return Ok(format!(
            "A {} B {} bytes (the connection manager's)",
            a.rcv_wnd()?,
            b.rcv_wnd()?
        ));
    }
    let (wa, wb) = (a.set_rcv_wnd(o.rcv_wnd)?, b.set_rcv_wnd(o.rcv_wnd)?);
    Ok(format!(
        "A {wa} B {wb} bytes (--rcv-wnd {}, within each side's window scale)",
        o.rcv_wnd
    ))
}

fn caps_for(depth: usize) -> QpCaps {
    QpCaps {
        max_recv_wr: (2 * depth as u32).max(64),
        max_send_wr: (depth as u32).max(64),
    }
}

fn rule() {
    println!("{}", "-".repeat(119));
}

// ---------------------------------------------------------------------
// The command
// ---------------------------------------------------------------------

fn check(o: &RdmaBench) -> AnyResult<()> {
    for &m in o.mtus.iter().chain([&o.lat_mtu]) {
        if !(576..=9000).contains(&m) {
            return Err(format!("MTU {m} is outside 576..=9000").into());
        }
    }
    for &s in o.sizes.iter().chain(&o.lat_sizes) {
        if !(1..=1 << 30).contains(&s) {
            return Err(format!("message size {s} is outside 1..=1 GiB").into());
        }
    }
    if !o.tx_depth.is_power_of_two() || !(2..=4096).contains(&o.tx_depth) {
        return Err(format!(
            "--tx-depth {} is not a power of two in 2..=4096",
            o.tx_depth
        )
        .into());
    }
    if !o.rate_depth.is_power_of_two() || !(2..=4096).contains(&o.rate_depth) {
        return Err(format!(
            "--rate-depth {} is not a power of two in 2..=4096",
            o.rate_depth
        )
        .into());
    }
    if o.cq_mod == 0 {
        return Err("--cq-mod must be at least 1".into());
    }
    if o.bytes == 0 {
        return Err("--bytes must be more than 0".into());
    }
    if !(1..=4096).contains(&o.qps) {
        return Err(format!("--qps {} is outside 1..=4096", o.qps).into());
    }
    Ok(())
}

/// Runs the benchmark of `o.op` and prints every figure.
pub fn rdma(o: &RdmaBench) -> AnyResult<()> {
    check(o)?;
    let wall = Instant::now();
    println!(
        "warpnic bench {}: NIC A -> NIC B through the verbs, simulated at 250 MHz (PCIe Gen3 x16 model, 100 GbE link with 500 ns latency); seed {}",
        format!("{:?}", o.op).to_lowercase(),
        o.seed
    );
    print_limits(o.op, &o.mtus, o.rate_msgs > 0);
    let mut cycles = 0u64;
    if o.qps > 1 {
        // N QPs at once: aggregate goodput, message rate and fairness
        let mut rate_done = o.rate_msgs == 0;
        for &mtu in &o.mtus {
            let rate = !rate_done && mtu == 1500;
            rate_done |= rate;
            cycles += multi::multi_mtu(o, mtu, rate)?;
        }
        if !rate_done {
            let only = RdmaBench {
                sizes: Vec::new(),
                ..o.clone()
            };
            cycles += multi::multi_mtu(&only, 1500, true)?;
        }
        let w = wall.elapsed().as_secs_f64();
        println!(
            "simulator: {} cycles of 2-NIC worlds in {:.1} s = {:.0} cycles/s",
            cycles,
            w,
            cycles as f64 / w
        );
        return Ok(());
    }
    let mut problems = Vec::new();
    let mut rate_done = o.rate_msgs == 0;
    for &mtu in &o.mtus {
        let rate = !rate_done && mtu == 1500;
        rate_done |= rate;
        cycles += bw_mtu(o, mtu, rate, &mut problems)?;
    }
    if !rate_done {
        // no 1500-byte goodput run: the message rate on its own
        let only = RdmaBench {
            sizes: Vec::new(),
            ..o.clone()
        };
        cycles += bw_mtu(&only, 1500, true, &mut problems)?;
    }
    if o.lat_iters > 0 && !o.lat_sizes.is_empty() {
        cycles += latency(o, &mut problems)?;
    }
    let w = wall.elapsed().as_secs_f64();
    println!(
        "simulator: {} cycles of 2-NIC worlds in {:.1} s = {:.0} cycles/s",
        cycles,
        w,
        cycles as f64 / w
    );
    if !problems.is_empty() {
        return Err(format!(
            "the data path broke its ordering rules:\n  {}",
            problems.join("\n  ")
        )
        .into());
    }
    Ok(())
}
