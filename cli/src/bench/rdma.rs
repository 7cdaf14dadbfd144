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

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use warpnic::verbs::mulpdu_for_mss;
use warpnic::{
    AccessFlags, CompletionQueue, DmaPerm, MemoryRegion, QpCaps, RecvWr, SendWr, Sge, WcOpcode,
    WorkCompletion, WrOpcode,
};
use warpnic_abi::gen::{CqeStatus, TcbField};
use warpnic_sim::link::{Dir, LinkCounters};
use warpnic_sim::traffic::Pair;
use warpnic_sim::WorldConfig;

use crate::bench::tcp::pattern;
use crate::AnyResult;
use warpnic_sim::rdma::{connect, setup_pair, RdmaEnd, A_IP};

/// Ethernet, IPv4 and TCP headers without options.
const TCPIP_HEADERS: u64 = 54;
/// The shortest Ethernet frame without FCS.
const MIN_FRAME: u64 = 60;
/// Wire bytes of a frame beyond the frame itself: FCS, preamble, gap.
const WIRE_EXTRA: u64 = 4 + 8 + 12;
/// MPA's ULPDU length field.
const MPA_LEN: u64 = 2;
/// MPA's CRC32c.
const MPA_CRC: u64 = 4;
/// DDP tagged header with the RDMAP control byte (RDMA Write, Read
/// Response): DDP control, RDMAP control, STag, Tagged Offset.
pub const HDR_TAGGED: u64 = 1 + 1 + 4 + 8;
/// DDP untagged header with the RDMAP control byte (Send): DDP control,
/// RDMAP control, reserved/Invalidate STag, QN, MSN, MO.
pub const HDR_UNTAGGED: u64 = 1 + 1 + 4 + 4 + 4 + 4;
/// The target: this share of the iWARP limit.
const TARGET: f64 = 0.99;
/// The goal for 64-byte Writes, messages per second.
const RATE_GOAL: f64 = 50e6;
/// Give up when nothing moves for this long (device time).
const STALL_NS: u64 = 20_000_000;
/// How long one latency iteration may take (device time).
const LAT_WAIT_NS: u64 = 1_000_000;
/// Bytes in flight at most in a goodput run (bounds the host memory of
/// the large sizes; far above the bandwidth-delay product).
const MAX_INFLIGHT_BYTES: usize = 8 << 20;
/// BW peak looks this many messages ahead at most.
const PEAK_SPAN: usize = 4096;
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
}

// ---------------------------------------------------------------------
// The wire's limit
// ---------------------------------------------------------------------

/// Bytes of an FPDU carrying `ulpdu` bytes (DDP/RDMAP header included):
/// length field, ULPDU, pad to 4 bytes, CRC32c; no markers.
pub fn fpdu_len(ulpdu: u64) -> u64 {
    let l = MPA_LEN + ulpdu;
    l + (4 - l % 4) % 4 + MPA_CRC
}

/// Wire bytes of a TCP segment carrying `payload` bytes: headers, the
/// padding of a short frame, FCS, preamble and gap.
pub fn wire_len(payload: u64) -> u64 {
    (TCPIP_HEADERS + payload).max(MIN_FRAME) + WIRE_EXTRA
}

/// Data bytes of a full FPDU at MSS `mss` with a `hdr`-byte DDP/RDMAP
/// header: MULPDU ([`mulpdu_for_mss`]: the FPDU is exactly one segment)
/// less the header.
pub fn payload_per_fpdu(mss: u16, hdr: u64) -> u64 {
    u64::from(mulpdu_for_mss(mss, false)) - hdr
}

/// The iWARP goodput limit of 100 GbE, Gb/s: full FPDUs one per segment,
/// data bytes over wire bytes.
pub fn limit_gbps(mss: u16, hdr: u64) -> f64 {
    let mulpdu = u64::from(mulpdu_for_mss(mss, false));
    100.0 * payload_per_fpdu(mss, hdr) as f64 / wire_len(fpdu_len(mulpdu)) as f64
}

/// Wire bytes of one message of `len` bytes: full FPDUs, then a short one.
pub fn message_wire_bytes(mss: u16, hdr: u64, len: u64) -> u64 {
    let per = payload_per_fpdu(mss, hdr);
    let full = len / per;
    let rest = len % per;
    let full_wire = wire_len(fpdu_len(u64::from(mulpdu_for_mss(mss, false))));
    full * full_wire
        + if rest > 0 || len == 0 {
            wire_len(fpdu_len(hdr + rest))
        } else {
            0
        }
}

/// Messages of `len` bytes per second that 100 GbE carries.
pub fn message_rate_limit(mss: u16, hdr: u64, len: u64) -> f64 {
    100e9 / 8.0 / message_wire_bytes(mss, hdr, len) as f64
}

/// Prints how the limits are derived.
fn print_limits(op: Op, mtus: &[u32], rate: bool) {
    let hdr = op.data_header();
    let kind = match op {
        Op::Write => "RDMA Write: DDP tagged header with RDMAP control, 14 bytes",
        Op::Read => {
            "RDMA Read Response (the data, B -> A): DDP tagged header with RDMAP control, 14 bytes"
        }
        Op::Send => "Send: DDP untagged header with RDMAP control (QN, MSN, MO), 18 bytes",
    };
    println!(
        "iWARP limit of 100 GbE: one FPDU per TCP segment (MULPDU = MSS less MPA length, pad and CRC), {kind}"
    );
    for &mtu in mtus {
        let mss = (mtu - 40) as u16;
        let mulpdu = u64::from(mulpdu_for_mss(mss, false));
        let per = payload_per_fpdu(mss, hdr);
        let fpdu = fpdu_len(mulpdu);
        let wire = wire_len(fpdu);
        println!(
            "  MTU {mtu}: MSS {mss} = FPDU {fpdu} (length 2 + header {hdr} + data {per} + pad {} + CRC 4); wire {fpdu} + 54 headers + 4 FCS + 8 preamble + 12 gap = {wire} B; limit {per}/{wire} x 100 Gb/s = {:.2} Gb/s; target 99 % = {:.2} Gb/s",
            fpdu - MPA_LEN - mulpdu - MPA_CRC,
            limit_gbps(mss, hdr),
            TARGET * limit_gbps(mss, hdr)
        );
    }
    if rate {
        let f = fpdu_len(hdr + 64);
        println!(
            "  64-byte messages: FPDU 2 + {hdr} + 64 + pad {} + 4 = {f} B; wire {f} + 54 + 4 + 8 + 12 = {} B: {:.2} M messages/s",
            f - MPA_LEN - hdr - 64 - MPA_CRC,
            wire_len(f),
            message_rate_limit(1460, hdr, 64) / 1e6
        );
    }
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
}

fn tcp_counters(tx: &RdmaEnd, rx: &RdmaEnd) -> AnyResult<Tcp> {
    let w = tx.nic.tcp_tcb(tx.ep, TcbField::TxSegs, 0, 0)?;
    Ok(Tcp {
        segs: w & 0xffff_ffff,
        retx: w >> 32,
        drops: rx.nic.stats()?.tcp_rx_drop,
    })
}

fn tcp_diff(a: Tcp, b: Tcp) -> Tcp {
    Tcp {
        segs: b.segs.wrapping_sub(a.segs) & 0xffff_ffff,
        retx: b.retx.wrapping_sub(a.retx) & 0xffff_ffff,
        drops: b.drops - a.drops,
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

// ---------------------------------------------------------------------
// Goodput and message rate
// ---------------------------------------------------------------------

/// One goodput or message-rate run.
struct Bw {
    size: usize,
    iters: u64,
    depth: usize,
    /// Device ns from the first doorbell to the last completion.
    ns: u64,
    peak_gbps: f64,
    /// Wire bytes in the data direction over the run (FCS, preamble, gap
    /// included).
    wire: u64,
    /// Messages whose bytes were compared.
    checked: u64,
    /// Device ns after the last completion until every message's bytes
    /// were in the sink's memory (0: at once).
    lag_ns: u64,
    /// TCP in the data's direction over the run.
    tcp: Tcp,
    world_cycles: u64,
}

impl Bw {
    fn gbps(&self) -> f64 {
        (self.iters * self.size as u64) as f64 * 8.0 / self.ns as f64
    }
    fn mpps(&self) -> f64 {
        self.iters as f64 * 1e3 / self.ns as f64
    }
}

/// perftest's BW peak: the best rate over any run of consecutive messages
/// (from the doorbell of the first to the completion of the last), looking
/// at most [`PEAK_SPAN`] messages ahead.
fn peak_gbps(size: usize, posted: &[u64], completed: &[u64]) -> f64 {
    let mut best = f64::INFINITY;
    for i in 0..posted.len() {
        let end = completed.len().min(i + PEAK_SPAN);
        for (k, &c) in completed[i..end].iter().enumerate() {
            let t = c.saturating_sub(posted[i]) as f64 / (k + 1) as f64;
            if t > 0.0 && t < best {
                best = t;
            }
        }
    }
    size as f64 * 8.0 / best
}

/// Moves `iters` messages of `size` bytes from A to B (Write, Send) or B
/// to A (Read) with at most `depth` outstanding.
#[allow(clippy::too_many_arguments)]
fn bw_run(
    p: &Pair,
    a: &RdmaEnd,
    b: &RdmaEnd,
    op: Op,
    size: usize,
    iters: u64,
    depth: usize,
    cq_mod: usize,
    seed: u64,
) -> AnyResult<Bw> {
    let dev = p.a.device().clone();
    let cycles0 = p.world.with(|w| w.cycle())?;
    let slots_src = depth;
    let slots_dst = 2 * depth;
    let lw = AccessFlags::LOCAL_WRITE;
    // the data's source and sink regions
    let (src, dst) = match op {
        Op::Write => (
            region(a, slots_src * size, AccessFlags::empty(), "A")?,
            region(b, slots_dst * size, lw | AccessFlags::REMOTE_WRITE, "B")?,
        ),
        Op::Read => (
            region(b, slots_src * size, AccessFlags::REMOTE_READ, "B")?,
            region(a, slots_dst * size, lw | AccessFlags::REMOTE_WRITE, "A")?,
        ),
        Op::Send => (
            region(a, slots_src * size, AccessFlags::empty(), "A")?,
            region(b, slots_dst * size, lw, "B")?,
        ),
    };
    let (src_mem, src_mr) = src;
    let (dst_mem, dst_mr) = dst;
    // Send: every slot of B's region is a posted receive buffer, message
    // i lands in receive i, slot i % slots_dst
    let recv_sge = |k: u64| dst_mr.sge((k % slots_dst as u64) * size as u64, size as u32);
    let mut recv_posted = 0u64;
    if op == Op::Send {
        let sges = (0..slots_dst as u64)
            .map(|k| recv_sge(k).map(|s| [s]))
            .collect::<Result<Vec<_>, _>>()?;
        let wrs: Vec<RecvWr> = sges
            .iter()
            .enumerate()
            .map(|(k, s)| RecvWr {
                wr_id: k as u64,
                sg_list: s,
            })
            .collect();
        b.qp.post_recv(&wrs)?;
        recv_posted = slots_dst as u64;
    }

    let mut msg = vec![0u8; size];
    let mut got = vec![0u8; size];
    let mut posted_at = Vec::with_capacity(iters as usize);
    let mut completed_at = Vec::with_capacity(iters as usize);
    let (mut next, mut done, mut checked, mut received) = (0u64, 0u64, 0u64, 0u64);
    let mut wcs = [WorkCompletion::default(); 64];
    let (l0_ab, l0_ba) = links(p)?;
    let (data_tx, data_rx) = match op {
        Op::Read => (b, a),
        _ => (a, b),
    };
    let tcp0 = tcp_counters(data_tx, data_rx)?;
    let t_first = dev.now_ns();
    let mut last_move = t_first;
    // message i's bytes in the sink slot it was placed in: `None` when
    // they are right, else what differs
    let placed = |i: u64, got: &mut [u8], msg: &mut [u8]| -> AnyResult<Option<String>> {
        fill(seed, size, i, msg);
        dst_mem.read(((i % slots_dst as u64) as usize) * size, got)?;
        Ok((got != msg).then(|| {
            format!(
                "{} of {size} bytes: message {i} arrived wrong: {}",
                op.title(),
                diff(got, msg)
            )
        }))
    };
    let verify = |i: u64, got: &mut [u8], msg: &mut [u8]| -> AnyResult<()> {
        match placed(i, got, msg)? {
            Some(e) => Err(e.into()),
            None => Ok(()),
        }
    };
    while done < iters {
        let mut moved = false;
        // Write and Read: message i is checked once `depth` messages after
        // it are done too, before message i + 2 * depth reuses its slot
        if op != Op::Send {
            while checked + (depth as u64) < done {
                verify(checked, &mut got, &mut msg)?;
                checked += 1;
            }
        }
        // post what the ring allows, one doorbell for all
        let room = (depth as u64 - (next - done)).min(iters - next);
        if room > 0 {
            let mut sges: Vec<[Sge; 1]> = Vec::with_capacity(room as usize);
            let mut remote = Vec::with_capacity(room as usize);
            for i in next..next + room {
                fill(seed, size, i, &mut msg);
                let s = (i % slots_src as u64) as usize * size;
                src_mem.write(s, &msg)?;
                let d = (i % slots_dst as u64) * size as u64;
                match op {
                    Op::Write => {
                        sges.push([src_mr.sge(s as u64, size as u32)?]);
                        remote.push((dst_mr.addr() + d, dst_mr.rkey()));
                    }
                    Op::Read => {
                        sges.push([dst_mr.sge(d, size as u32)?]);
                        remote.push((src_mr.addr() + s as u64, src_mr.rkey()));
                    }
                    Op::Send => {
                        sges.push([src_mr.sge(s as u64, size as u32)?]);
                        remote.push((0, 0));
                    }
                }
            }
            let wrs: Vec<SendWr> = sges
                .iter()
                .zip(&remote)
                .enumerate()
                .map(|(k, (sg, &(remote_addr, rkey)))| {
                    let i = next + k as u64;
                    SendWr {
                        wr_id: i,
                        opcode: match op {
                            Op::Write => WrOpcode::RdmaWrite,
                            Op::Read => WrOpcode::RdmaRead,
                            Op::Send => WrOpcode::Send,
                        },
                        sg_list: sg,
                        signaled: (i + 1).is_multiple_of(cq_mod as u64) || i + 1 == iters,
                        remote_addr,
                        rkey,
                        ..SendWr::default()
                    }
                })
                .collect();
            let t = dev.now_ns();
            a.qp.post_send(&wrs)?;
            posted_at.extend(std::iter::repeat_n(t, room as usize));
            next += room;
            moved = true;
        }
        // A's completions: a signaled one covers every earlier request
        let n = a.scq.poll_wc(&mut wcs)?;
        for wc in &wcs[..n] {
            check_wc(wc, a, "A")?;
            let want = match op {
                Op::Write => WcOpcode::RdmaWrite,
                Op::Read => WcOpcode::RdmaRead,
                Op::Send => WcOpcode::Send,
            };
            if wc.opcode != want || wc.wr_id < done || wc.wr_id >= next {
                return Err(format!(
                    "A: completion {:?} of request {} while {done}..{next} are outstanding",
                    wc.opcode, wc.wr_id
                )
                .into());
            }
            let t = dev.now_ns();
            completed_at.extend(std::iter::repeat_n(t, (wc.wr_id + 1 - done) as usize));
            done = wc.wr_id + 1;
            moved = true;
        }
        // Send: B's receives, checked as they complete, posted again
        if op == Op::Send {
            let n = b.rcq.poll_wc(&mut wcs)?;
            for wc in &wcs[..n] {
                check_wc(wc, b, "B")?;
                if wc.opcode != WcOpcode::Recv || wc.byte_len as usize != size {
                    return Err(format!(
                        "B: receive {} completed {:?} with {} bytes, want a {size}-byte Send",
                        wc.wr_id, wc.opcode, wc.byte_len
                    )
                    .into());
                }
                verify(received, &mut got, &mut msg)?;
                received += 1;
                checked += 1;
                if recv_posted < iters {
                    let s = [recv_sge(recv_posted)?];
                    b.qp.post_recv(&[RecvWr {
                        wr_id: recv_posted,
                        sg_list: &s,
                    }])?;
                    recv_posted += 1;
                }
                moved = true;
            }
        }
        let now = dev.now_ns();
        if moved {
            last_move = now;
        } else if now - last_move > STALL_NS {
            stalled(
                p,
                a,
                b,
                format!(
                    "{} of {size} bytes: {next} posted, {done} done, {received} received",
                    op.title()
                ),
            )?;
        } else {
            dev.relax();
        }
    }
    let t_end = dev.now_ns();
    let (l1_ab, l1_ba) = links(p)?;
    let tcp = tcp_diff(tcp0, tcp_counters(data_tx, data_rx)?);
    // the rest. Write: A's completion says that B's TCP has the bytes, not
    // that they are placed (RFC 5040 §5.5 orders placement only against
    // later messages at the sink), so B's memory is watched until they
    // are. Read: the READ completion must follow its data; a message not
    // there yet is counted. Send: B's receive completions.
    let mut lag_ns = 0;
    loop {
        if op == Op::Send {
            let n = b.rcq.poll_wc(&mut wcs)?;
            for wc in &wcs[..n] {
                check_wc(wc, b, "B")?;
                verify(received, &mut got, &mut msg)?;
                received += 1;
                checked += 1;
            }
        } else {
            while checked < iters {
                match placed(checked, &mut got, &mut msg)? {
                    None => checked += 1,
                    Some(e) if dev.now_ns() - t_end > LAT_WAIT_NS => {
                        return Err(format!(
                            "{e} ({} ns after the last completion)",
                            dev.now_ns() - t_end
                        )
                        .into())
                    }
                    Some(_) => break,
                }
            }
        }
        if checked == iters {
            break;
        }
        if op == Op::Send && dev.now_ns() - t_end > STALL_NS {
            return Err(format!("B received {received} of {iters} Sends").into());
        }
        dev.relax();
        lag_ns = dev.now_ns() - t_end;
    }
    let wire = match op.data_dir() {
        Dir::AToB => wire_bytes(&l0_ab, &l1_ab),
        Dir::BToA => wire_bytes(&l0_ba, &l1_ba),
    };
    Ok(Bw {
        size,
        iters,
        depth,
        ns: t_end - t_first,
        peak_gbps: peak_gbps(size, &posted_at, &completed_at),
        wire,
        checked,
        lag_ns,
        tcp,
        world_cycles: p.world.with(|w| w.cycle())? - cycles0,
    })
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

/// The depth of a run of `size`-byte messages: `tx_depth`, fewer for
/// large messages (at most [`MAX_INFLIGHT_BYTES`] outstanding, at least 2).
fn depth_for(size: usize, tx_depth: usize) -> usize {
    let by_bytes = (MAX_INFLIGHT_BYTES / size.max(1)).max(2);
    // a power of two, for the rings
    pow2_floor(tx_depth.min(by_bytes))
}

/// The largest power of two at most `n` (at least 1).
fn pow2_floor(n: usize) -> usize {
    1 << (usize::BITS - 1 - n.max(1).leading_zeros())
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

/// The goodput runs of one MTU, and at MTU 1500 the message-rate run.
fn bw_mtu(o: &RdmaBench, mtu: u32, rate: bool, problems: &mut Vec<String>) -> AnyResult<u64> {
    let mut cfg = WorldConfig::pair();
    cfg.seed = o.seed;
    let p = Pair::new(&cfg)?;
    setup_pair(&p, Some(mtu + 14))?;
    let mut sizes: Vec<usize> = o.sizes.clone();
    if rate {
        sizes.push(64);
    }
    let max_depth = sizes
        .iter()
        .map(|&s| depth_for(s, o.tx_depth))
        .chain(rate.then_some(o.rate_depth))
        .max()
        .unwrap_or(2);
    let conn = connect(&p, caps_for(max_depth), CQ_DEPTH)?;
    let (a, b) = (&conn.a, &conn.b);
    let windows = windows(o, a, b)?;
    let mss = a.mss;
    if u32::from(mss) + 40 != mtu {
        return Err(format!("MTU {mtu}: the connection settled MSS {mss}").into());
    }
    let hdr = o.op.data_header();
    let limit = limit_gbps(mss, hdr);
    rule();
    println!(
        "                    {} BW Test: MTU {mtu} (MAX_FRAME {}, MSS {mss}, MULPDU {}), one QP, MPA v2 with CRC, no markers, IRD/ORD {}/{}",
        o.op.title(),
        mtu + 14,
        mulpdu_for_mss(mss, false),
        a.params.ird,
        a.params.ord
    );
    println!(
        " CQ moderation {} | every message's bytes checked at the sink | TCP receive window {windows} | iWARP limit {limit:.2} Gb/s, 99 % = {:.2}",
        o.cq_mod,
        TARGET * limit
    );
    rule();
    println!(
        " {:<10} {:<13} {:>6} {:>16} {:>19} {:>14} {:>14} {:>8} {:>6} {:>11}",
        "#bytes",
        "#iterations",
        "depth",
        "BW peak[Gb/sec]",
        "BW average[Gb/sec]",
        "MsgRate[Mpps]",
        "limit[Gb/sec]",
        "% limit",
        ">=99%",
        "wire[Gb/s]"
    );
    let mut cycles = 0;
    let mut rate_row = None;
    for (k, &size) in sizes.iter().enumerate() {
        let is_rate = rate && k + 1 == sizes.len();
        let depth = if is_rate {
            o.rate_depth
        } else {
            depth_for(size, o.tx_depth)
        };
        // Reads: the send queue holds `depth` of them, as ib_read_bw's
        // does (TX depth 128, outstanding reads 16); the hardware keeps
        // at most ORD on the wire and holds the rest in the queue
        let iters = if is_rate {
            o.rate_msgs
        } else {
            o.bytes.div_ceil(size as u64).max(1)
        };
        let r = bw_run(
            &p,
            a,
            b,
            o.op,
            size,
            iters,
            depth,
            o.cq_mod.min(depth),
            o.seed,
        )?;
        cycles += r.world_cycles;
        if is_rate {
            rate_row = Some(r);
            continue;
        }
        let g = r.gbps();
        // the exact limit for this size (the last FPDU of a message is short)
        let own =
            size as f64 * 8.0 / (message_wire_bytes(mss, hdr, size as u64) as f64 * 8.0) * 100.0;
        println!(
            " {:<10} {:<13} {:>6} {:>16.2} {:>19.2} {:>14.6} {:>14.2} {:>7.2}% {:>6} {:>11.2}",
            size,
            r.iters,
            r.depth,
            r.peak_gbps,
            g,
            r.mpps(),
            limit,
            100.0 * g / limit,
            if g >= TARGET * limit { "met" } else { "NOT" },
            r.wire as f64 * 8.0 / r.ns as f64
        );
        println!(
            "   ({} messages checked byte-exact; {:.3} ms of device time; all bytes in the sink's memory {} ns after the last completion; this size's own limit, short last FPDU counted: {own:.2} Gb/s)",
            r.checked,
            r.ns as f64 / 1e6,
            r.lag_ns
        );
        println!(
            "   (TCP, data direction: {} segments, {} of them retransmitted; {} segments dropped by the receiving engine)",
            r.tcp.segs, r.tcp.retx, r.tcp.drops
        );
        late(o.op, &r, mtu, problems);
    }
    rule();
    if let Some(r) = rate_row {
        let wire_rate = message_rate_limit(mss, hdr, 64);
        println!(
            "                    {} message rate: 64-byte messages, MTU {mtu}, one QP",
            o.op.title()
        );
        rule();
        println!(
            " {:<10} {:<13} {:>6} {:>16} {:>19} {:>14} {:>17} {:>11} {:>11}",
            "#bytes",
            "#iterations",
            "depth",
            "BW peak[Gb/sec]",
            "BW average[Gb/sec]",
            "MsgRate[Mpps]",
            "wire limit[Mpps]",
            "goal[Mpps]",
            "wire[Gb/s]"
        );
        println!(
            " {:<10} {:<13} {:>6} {:>16.2} {:>19.2} {:>14.3} {:>17.2} {:>11} {:>11.2}",
            64,
            r.iters,
            r.depth,
            r.peak_gbps,
            r.gbps(),
            r.mpps(),
            wire_rate / 1e6,
            if o.op == Op::Write {
                format!("{:.0}", RATE_GOAL / 1e6)
            } else {
                "-".into()
            },
            r.wire as f64 * 8.0 / r.ns as f64
        );
        println!(
            "   ({} messages checked byte-exact; {:.3} ms of device time; {:.1} ns per message, {:.2} cycles; all bytes in the sink's memory {} ns after the last completion)",
            r.checked,
            r.ns as f64 / 1e6,
            r.ns as f64 / r.iters as f64,
            r.ns as f64 / r.iters as f64 / 4.0,
            r.lag_ns
        );
        println!(
            "   (TCP, data direction: {} segments, {} of them retransmitted; {} segments dropped by the receiving engine)",
            r.tcp.segs, r.tcp.retx, r.tcp.drops
        );
        late(o.op, &r, mtu, problems);
        rule();
    }
    conn.disconnect()?;
    Ok(cycles)
}

/// A READ completion must follow its data into the requester's memory.
fn late(op: Op, r: &Bw, mtu: u32, problems: &mut Vec<String>) {
    if op == Op::Read && r.lag_ns > 0 {
        let m = format!(
            "MTU {mtu}, {} bytes: the last READ completion was visible at A {} ns before the last bytes of its data",
            r.size, r.lag_ns
        );
        println!("   ORDERING: {m}");
        problems.push(m);
    }
}

// ---------------------------------------------------------------------
// Latency
// ---------------------------------------------------------------------

/// What a latency run waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lat {
    /// Write; B's host polls the message's last byte.
    WriteLastByte,
    /// Write with Immediate; B's RECV_IMM completion.
    WriteImm,
    /// Send; B's RECV completion.
    Send,
    /// Read; A's READ completion.
    Read,
}

impl Lat {
    fn name(self) -> &'static str {
        match self {
            Lat::WriteLastByte => "RDMA Write",
            Lat::WriteImm => "RDMA Write with Immediate",
            Lat::Send => "Send",
            Lat::Read => "RDMA Read",
        }
    }

    fn what(self) -> &'static str {
        match self {
            Lat::WriteLastByte => {
                "RDMA Write: doorbell at A -> the message's last byte visible in B's memory (B's host polls it every cycle, as ib_write_lat)"
            }
            Lat::WriteImm => {
                "RDMA Write with Immediate: doorbell at A -> RECV_IMM completion visible in B's CQ"
            }
            Lat::Send => "Send: doorbell at A -> RECV completion visible in B's CQ",
            Lat::Read => "RDMA Read: doorbell at A -> READ completion visible in A's CQ",
        }
    }
}

/// One latency sample, device ns.
#[derive(Clone, Copy, Debug)]
struct Sample {
    /// Just before the doorbell.
    t0: u64,
    /// The completion (or the last byte) became visible.
    t1: u64,
    /// Every byte of the message was in memory (t1 unless the completion
    /// overtook the data).
    t_data: u64,
}

fn step(p: &Pair) -> AnyResult<()> {
    p.world.with(|w| w.step(1))??;
    Ok(())
}

/// Polls `cq` every cycle until one work completion; returns it.
fn wc_every_cycle(p: &Pair, cq: &CompletionQueue, who: &str) -> AnyResult<WorkCompletion> {
    let dev = p.a.device().clone();
    let end = dev.now_ns() + LAT_WAIT_NS;
    let mut wc = [WorkCompletion::default(); 1];
    loop {
        if cq.poll_wc(&mut wc)? == 1 {
            return Ok(wc[0]);
        }
        if dev.now_ns() > end {
            return Err(format!("{who}: no completion within {LAT_WAIT_NS} ns").into());
        }
        step(p)?;
    }
}

fn wc_wait(cq: &CompletionQueue, who: &str) -> AnyResult<WorkCompletion> {
    let mut wc = [WorkCompletion::default(); 1];
    if cq.poll_wc_wait(&mut wc, Duration::from_nanos(LAT_WAIT_NS))? == 1 {
        Ok(wc[0])
    } else {
        Err(format!("{who}: no completion within {LAT_WAIT_NS} ns").into())
    }
}

/// `iters` messages of `size` bytes one at a time.
fn lat_run(
    p: &Pair,
    a: &RdmaEnd,
    b: &RdmaEnd,
    kind: Lat,
    size: usize,
    iters: usize,
    seed: u64,
) -> AnyResult<Vec<Sample>> {
    let dev = p.a.device().clone();
    let lw = AccessFlags::LOCAL_WRITE;
    let ((src_mem, src_mr), (dst_mem, dst_mr)) = match kind {
        Lat::WriteLastByte | Lat::WriteImm => (
            region(a, size, AccessFlags::empty(), "A")?,
            region(b, size, lw | AccessFlags::REMOTE_WRITE, "B")?,
        ),
        Lat::Send => (
            region(a, size, AccessFlags::empty(), "A")?,
            region(b, size, lw, "B")?,
        ),
        Lat::Read => (
            region(b, size, AccessFlags::REMOTE_READ, "B")?,
            region(a, size, lw | AccessFlags::REMOTE_WRITE, "A")?,
        ),
    };
    // Write with Immediate consumes a receive without bytes
    let (_, imm_mr) = region(b, 64, lw, "B")?;
    let mut out = Vec::with_capacity(iters);
    let mut msg = vec![0u8; size];
    let mut got = vec![0u8; size];
    let salt = 0x1a7 ^ kind as u64;
    for i in 0..iters as u64 {
        fill(seed ^ salt, size, i, &mut msg);
        src_mem.write(0, &msg)?;
        let last = msg[size - 1];
        dst_mem.write(size - 1, &[!last])?;
        match kind {
            Lat::Send => {
                let s = [dst_mr.sge(0, size as u32)?];
                b.qp.post_recv(&[RecvWr {
                    wr_id: i,
                    sg_list: &s,
                }])?;
            }
            Lat::WriteImm => {
                let s = [imm_mr.sge(0, 64)?];
                b.qp.post_recv(&[RecvWr {
                    wr_id: i,
                    sg_list: &s,
                }])?;
            }
            _ => {}
        }
        let (sge, remote, rkey, opcode) = match kind {
            Lat::WriteLastByte => (
                src_mr.sge(0, size as u32)?,
                dst_mr.addr(),
                dst_mr.rkey(),
                WrOpcode::RdmaWrite,
            ),
            Lat::WriteImm => (
                src_mr.sge(0, size as u32)?,
                dst_mr.addr(),
                dst_mr.rkey(),
                WrOpcode::RdmaWriteImm,
            ),
            Lat::Send => (src_mr.sge(0, size as u32)?, 0, 0, WrOpcode::Send),
            Lat::Read => (
                dst_mr.sge(0, size as u32)?,
                src_mr.addr(),
                src_mr.rkey(),
                WrOpcode::RdmaRead,
            ),
        };
        let sg = [sge];
        let wr = SendWr {
            wr_id: i,
            opcode,
            sg_list: &sg,
            remote_addr: remote,
            rkey,
            imm: i,
            ..SendWr::default()
        };
        let t0 = dev.now_ns();
        a.qp.post_send(&[wr])?;
        // t1: the completion (or the last byte) is visible; the A-side
        // completion still owed is taken after the data check
        let (t1, owed) = match kind {
            Lat::WriteLastByte => {
                let end = t0 + LAT_WAIT_NS;
                while dst_mem.read_u8(size - 1)? != last {
                    if dev.now_ns() > end {
                        return Err(format!(
                            "Write {i}: the last byte did not arrive within {LAT_WAIT_NS} ns"
                        )
                        .into());
                    }
                    step(p)?;
                }
                (dev.now_ns(), true)
            }
            Lat::WriteImm | Lat::Send => {
                let wc = wc_every_cycle(p, &b.rcq, "B")?;
                let t1 = dev.now_ns();
                check_wc(&wc, b, "B")?;
                let want = if kind == Lat::WriteImm {
                    (WcOpcode::RecvImm, 0, Some(i))
                } else {
                    (WcOpcode::Recv, size as u32, None)
                };
                if (wc.opcode, wc.byte_len, wc.imm_data) != want {
                    return Err(format!("B: {wc:?}, want {want:?}").into());
                }
                (t1, true)
            }
            Lat::Read => {
                let wc = wc_every_cycle(p, &a.scq, "A")?;
                let t1 = dev.now_ns();
                check_wc(&wc, a, "A")?;
                (t1, false)
            }
        };
        // the bytes, byte-exact, at once: a completion must not come
        // before them (nor the last byte before the others)
        loop {
            dst_mem.read(0, &mut got)?;
            if got == msg {
                break;
            }
            if dev.now_ns() - t1 > LAT_WAIT_NS {
                return Err(format!("{kind:?} {i} of {size} bytes: {}", diff(&got, &msg)).into());
            }
            step(p)?;
        }
        let t_data = dev.now_ns();
        if owed {
            check_wc(&wc_wait(&a.scq, "A")?, a, "A")?;
        }
        out.push(Sample { t0, t1, t_data });
    }
    Ok(out)
}

/// TCP frames carrying payload in a capture of the link: (time ns, from
/// A).
fn data_frames(path: &Path) -> AnyResult<Vec<(u64, bool)>> {
    let d = std::fs::read(path)?;
    if d.len() < 24 || d[..4] != 0xa1b2_3c4du32.to_le_bytes() {
        return Err(format!("{}: not a nanosecond pcap", path.display()).into());
    }
    let le = |i: usize| u32::from_le_bytes([d[i], d[i + 1], d[i + 2], d[i + 3]]);
    let mut out = Vec::new();
    let mut i = 24;
    while i + 16 <= d.len() {
        let t = u64::from(le(i)) * 1_000_000_000 + u64::from(le(i + 4));
        let len = le(i + 8) as usize;
        let Some(f) = d.get(i + 16..i + 16 + len) else {
            break;
        };
        i += 16 + len;
        if f.len() < 54 || f[12..14] != [0x08, 0x00] || f[23] != 6 {
            continue;
        }
        let ihl = usize::from(f[14] & 0x0f) * 4;
        let total = usize::from(u16::from_be_bytes([f[16], f[17]]));
        let th = 14 + ihl;
        if f.len() < th + 20 {
            continue;
        }
        let doff = usize::from(f[th + 12] >> 4) * 4;
        if total > ihl + doff {
            out.push((t, f[26..30] == A_IP.octets()));
        }
    }
    Ok(out)
}

/// Distribution of a latency run, ns: perftest's columns.
struct Dist {
    min: f64,
    max: f64,
    typical: f64,
    avg: f64,
    stdev: f64,
    p99: f64,
    p999: f64,
}

fn dist(v: &[u64]) -> Dist {
    let mut s = v.to_vec();
    s.sort_unstable();
    let n = s.len().max(1);
    let avg = s.iter().sum::<u64>() as f64 / n as f64;
    let var = s.iter().map(|&x| (x as f64 - avg).powi(2)).sum::<f64>() / n as f64;
    let q = |f: f64| {
        s.get(((n as f64 * f).ceil() as usize).saturating_sub(1))
            .copied()
            .unwrap_or(0) as f64
    };
    Dist {
        min: s.first().copied().unwrap_or(0) as f64,
        max: s.last().copied().unwrap_or(0) as f64,
        typical: s.get(n / 2).copied().unwrap_or(0) as f64,
        avg,
        stdev: var.sqrt(),
        p99: q(0.99),
        p999: q(0.999),
    }
}

fn median(v: &mut [u64]) -> u64 {
    v.sort_unstable();
    v.get(v.len() / 2).copied().unwrap_or(0)
}

fn latency(o: &RdmaBench, problems: &mut Vec<String>) -> AnyResult<u64> {
    let tmp = std::env::temp_dir().join(format!(
        "warpnic-bench-{:?}-{}.pcap",
        o.op,
        std::process::id()
    ));
    let path = o.pcap.clone().unwrap_or_else(|| tmp.clone());
    let mut cfg = WorldConfig::pair();
    cfg.seed = o.seed;
    cfg.pcap = Some(path.clone());
    let p = Pair::new(&cfg)?;
    setup_pair(&p, Some(o.lat_mtu + 14))?;
    let conn = connect(&p, caps_for(64), CQ_DEPTH)?;
    let (a, b) = (&conn.a, &conn.b);
    let windows = windows(o, a, b)?;
    let mss = a.mss;
    let kinds: &[Lat] = match o.op {
        Op::Write => &[Lat::WriteLastByte, Lat::WriteImm],
        Op::Send => &[Lat::Send],
        Op::Read => &[Lat::Read],
    };
    let mut runs = Vec::new();
    for &k in kinds {
        for &size in &o.lat_sizes {
            runs.push((k, size, lat_run(&p, a, b, k, size, o.lat_iters, o.seed)?));
        }
    }
    let cycles = p.world.with(|w| w.cycle())?;
    conn.disconnect()?;
    p.world.with(|w| w.finish())??;
    let frames = data_frames(&path)?;
    if o.pcap.is_none() {
        let _ = std::fs::remove_file(&tmp);
    }
    rule();
    println!(
        "                    {} Latency Test: MTU {} (MSS {mss}), one QP, one message at a time, device time at 250 MHz",
        o.op.title(),
        o.lat_mtu
    );
    println!(" TCP receive window {windows}");
    rule();
    println!(
        " {:<8} {:<12} {:>10} {:>10} {:>14} {:>10} {:>12} {:>16} {:>18}",
        "#bytes",
        "#iterations",
        "t_min[ns]",
        "t_max[ns]",
        "t_typical[ns]",
        "t_avg[ns]",
        "t_stdev[ns]",
        "99% percentile",
        "99.9% percentile"
    );
    for (k, size, s) in &runs {
        println!(" {}", k.what());
        let v: Vec<u64> = s.iter().map(|x| x.t1 - x.t0).collect();
        let d = dist(&v);
        println!(
            " {:<8} {:<12} {:>10.0} {:>10.0} {:>14.0} {:>10.1} {:>12.1} {:>16.0} {:>18.0}",
            size,
            s.len(),
            d.min,
            d.max,
            d.typical,
            d.avg,
            d.stdev,
            d.p99,
            d.p999
        );
        let early: Vec<u64> = s
            .iter()
            .map(|x| x.t_data - x.t1)
            .filter(|&d| d > 0)
            .collect();
        if !early.is_empty() {
            let m = format!(
                "{}, {size} bytes: in {} of {} iterations the completion was visible before the message's bytes, by up to {} ns (median {} ns)",
                k.name(),
                early.len(),
                s.len(),
                early.iter().max().copied().unwrap_or(0),
                median(&mut early.clone())
            );
            println!("   ORDERING: {m}");
            problems.push(m);
        }
        // where the time goes, from the capture (medians)
        let mut to_wire = Vec::new();
        let mut wire_to_peer = Vec::new();
        let mut back = Vec::new();
        for x in s {
            let Some(&(tw, _)) = frames
                .iter()
                .find(|&&(t, from_a)| from_a && t >= x.t0 && t <= x.t1)
            else {
                continue;
            };
            to_wire.push(tw - x.t0);
            if *k == Lat::Read {
                if let Some(&(tr, _)) = frames
                    .iter()
                    .find(|&&(t, from_a)| !from_a && t >= tw && t <= x.t1)
                {
                    wire_to_peer.push(tr - tw);
                    back.push(x.t1 - tr);
                }
            } else {
                wire_to_peer.push(x.t1 - tw);
            }
        }
        if to_wire.len() == s.len() {
            if *k == Lat::Read {
                println!(
                    "   median split (capture): doorbell -> Read Request on the wire {} ns; request -> Read Response on the wire {} ns (500 ns link, B's engine, the payload's DMA read); response -> completion visible {} ns",
                    median(&mut to_wire),
                    median(&mut wire_to_peer),
                    median(&mut back)
                );
            } else {
                println!(
                    "   median split (capture): doorbell -> first FPDU on the wire {} ns (doorbell, WQE fetch and payload read by DMA); wire -> visible at B {} ns (500 ns link, B's engine, placement and CQE by DMA)",
                    median(&mut to_wire),
                    median(&mut wire_to_peer)
                );
            }
        }
    }
    rule();
    if let Some(p) = &o.pcap {
        println!("  capture: {}", p.display());
    }
    Ok(cycles)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iwarp_limits_of_100_gbe() {
        // the figures: 93.63 Gb/s at 1500 MTU, 98.92 at 9000
        assert!((limit_gbps(1460, HDR_TAGGED) - 93.63).abs() < 0.005);
        assert!((limit_gbps(8960, HDR_TAGGED) - 98.92).abs() < 0.005);
        // 64-byte Writes: 77.2 M/s
        assert!((message_rate_limit(1460, HDR_TAGGED, 64) / 1e6 - 77.2).abs() < 0.05);
        assert_eq!(fpdu_len(HDR_TAGGED + 64), 84);
        assert_eq!(wire_len(84), 162);
        // a full FPDU is one MSS
        assert_eq!(fpdu_len(u64::from(mulpdu_for_mss(1460, false))), 1460);
        assert_eq!(fpdu_len(u64::from(mulpdu_for_mss(8960, false))), 8960);
    }

    #[test]
    fn message_wire_bytes_counts_the_short_last_fpdu() {
        let per = payload_per_fpdu(1460, HDR_TAGGED);
        assert_eq!(per, 1440);
        assert_eq!(message_wire_bytes(1460, HDR_TAGGED, 2 * per), 2 * 1538);
        assert_eq!(
            message_wire_bytes(1460, HDR_TAGGED, 2 * per + 1),
            2 * 1538 + wire_len(fpdu_len(HDR_TAGGED + 1))
        );
        // a short frame is padded to 60 bytes
        assert_eq!(wire_len(1), 84);
    }

    #[test]
    fn peak_is_the_best_window() {
        // 4 messages of 1000 bytes: posted at 0, completed 100 ns apart
        // after 1000 ns
        let posted = [0, 0, 0, 0];
        let completed = [1000, 1100, 1200, 1300];
        // the best is all four: 1300 / 4 = 325 ns each
        let g = peak_gbps(1000, &posted, &completed);
        assert!((g - 8000.0 / 325.0).abs() < 1e-9);
    }

    #[test]
    fn depths_are_powers_of_two() {
        assert_eq!(depth_for(64, 128), 128);
        assert_eq!(depth_for(65536, 128), 128);
        assert_eq!(depth_for(1 << 20, 128), 8);
        assert_eq!(depth_for(3 << 20, 128), 2);
        assert_eq!(depth_for(100, 100), 64);
    }
}
