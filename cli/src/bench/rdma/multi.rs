//! `--qps N` (N > 1): N QPs on N connections between the two NICs, all
//! open at once through one connection manager per NIC, moving data at the
//! same time: the aggregate goodput of each message size against the
//! iWARP limit, the 64-byte message rate, and the per-QP fairness (the
//! slowest and the fastest QP's own goodput over the run).
//!
//! Each QP moves an equal share of the run's bytes with its own window of
//! work requests (the run's window split over the QPs, at most 8 MiB in
//! flight in all). The QPs of a NIC share two send and two receive CQs
//! (QP k uses pair k mod 2): the card has 8 completion queues. Every
//! message lands in its own place of its QP's sink and every byte is
//! checked at the end of the run.

use warpnic::verbs::mulpdu_for_mss;
use warpnic::{
    AccessFlags, CompletionQueue, MemoryRegion, RecvWr, SendWr, Sge, WcOpcode, WorkCompletion,
    WrOpcode,
};
use warpnic_sim::rdma::{connect_many, setup_pair, RdmaEnd};
use warpnic_sim::traffic::Pair;
use warpnic_sim::WorldConfig;

use std::sync::Arc;

use super::bw::pow2_floor;
use super::limit::{limit_gbps, message_rate_limit, TARGET};
use super::{
    caps_for, check_wc, diff, fill, region, rule, stalled, tcp_counters, tcp_diff, Op, RdmaBench,
    Tcp, LAT_WAIT_NS, STALL_NS,
};
use crate::AnyResult;

/// Bytes in flight at most over all QPs.
const MAX_INFLIGHT_BYTES: usize = 8 << 20;
/// Entries of each shared completion queue.
const SHARED_CQ_DEPTH: usize = 16384;
/// CQ pairs (send, receive) per NIC the QPs share.
const CQ_PAIRS: usize = 2;
/// Connects in flight at once while the connections open.
const CONNECT_WINDOW: usize = 16;
/// Bytes of one side's sink memory per run, at most (each message has its
/// own place).
const MAX_SINK_BYTES: u64 = 256 << 20;

/// One QP's part of a run.
struct Lane<'e> {
    a: &'e RdmaEnd,
    b: &'e RdmaEnd,
    src: (Arc<warpnic::DmaMem>, MemoryRegion),
    dst: (Arc<warpnic::DmaMem>, MemoryRegion),
    iters: u64,
    next: u64,
    done: u64,
    recv_posted: u64,
    received: u64,
    /// Device ns of its last completion.
    last_ns: u64,
}

/// One run of `size`-byte messages over all QPs.
struct Run {
    size: usize,
    qps: usize,
    iters: u64,
    depth: usize,
    ns: u64,
    /// Per-QP goodput, Gb/s (each QP's bytes over the time from the run's
    /// first doorbell to its own last completion).
    per_qp: Vec<f64>,
    checked: u64,
    /// TCP in the data's direction, summed over the connections (drops:
    /// the receiving engine's).
    tcp: Tcp,
    world_cycles: u64,
}

/// The TCP counters of every connection in the data's direction: segments
/// and retransmissions summed, the receiving NIC's drops once, and the
/// sending NIC's (the acknowledgments and requests it refused) once.
fn tcp_all(op: Op, ends: &[(RdmaEnd, RdmaEnd)]) -> AnyResult<Tcp> {
    let mut t = Tcp::default();
    for (k, (a, b)) in ends.iter().enumerate() {
        let (tx, rx) = if op == Op::Read { (b, a) } else { (a, b) };
        let c = tcp_counters(tx, rx)?;
        t.segs += c.segs;
        t.retx += c.retx;
        if k == 0 {
            t.drops = c.drops;
            t.back_drops = tx.nic.stats()?.tcp_rx_drop;
        }
    }
    Ok(t)
}

impl Run {
    fn gbps(&self) -> f64 {
        (self.iters * self.size as u64) as f64 * 8.0 / self.ns as f64
    }
    fn mpps(&self) -> f64 {
        self.iters as f64 * 1e3 / self.ns as f64
    }
    fn min_max(&self) -> (f64, f64) {
        let min = self.per_qp.iter().copied().fold(f64::INFINITY, f64::min);
        let max = self.per_qp.iter().copied().fold(0.0, f64::max);
        (min, max)
    }
}

fn cq_pairs(
    end: &str,
    nic: &warpnic::Nic,
) -> AnyResult<Vec<(Arc<CompletionQueue>, Arc<CompletionQueue>)>> {
    (0..CQ_PAIRS)
        .map(|_| {
            let s = CompletionQueue::new(nic, SHARED_CQ_DEPTH, None)
                .map_err(|e| format!("{end}: send CQ: {e}"))?;
            let r = CompletionQueue::new(nic, SHARED_CQ_DEPTH, None)
                .map_err(|e| format!("{end}: receive CQ: {e}"))?;
            Ok((Arc::new(s), Arc::new(r)))
        })
        .collect()
}

/// The per-QP window of a run of `size`-byte messages over `qps` QPs: the
/// run's window split over the QPs, at most [`MAX_INFLIGHT_BYTES`] in all,
/// a power of two of at least 2.
fn lane_depth(size: usize, qps: usize, depth: usize) -> usize {
    let by_bytes = MAX_INFLIGHT_BYTES / (size.max(1) * qps.max(1));
    pow2_floor((depth / qps.max(1)).min(by_bytes).max(2))
}

#[allow(clippy::too_many_arguments)]
fn run(
    p: &Pair,
    ends: &[(RdmaEnd, RdmaEnd)],
    cqs_a: &[(Arc<CompletionQueue>, Arc<CompletionQueue>)],
    cqs_b: &[(Arc<CompletionQueue>, Arc<CompletionQueue>)],
    op: Op,
    size: usize,
    total: u64,
    depth: usize,
    cq_mod: usize,
    seed: u64,
) -> AnyResult<Run> {
    let dev = p.a.device().clone();
    let cycles0 = p.world.with(|w| w.cycle())?;
    let qps = ends.len();
    let per_qp = total.div_ceil(qps as u64).max(1);
    if per_qp * qps as u64 * size as u64 > MAX_SINK_BYTES {
        return Err(format!(
            "{} bytes of {size}-byte messages over {qps} QPs need more than {} MiB of sink memory: lower --bytes",
            per_qp * qps as u64 * size as u64,
            MAX_SINK_BYTES >> 20
        )
        .into());
    }
    let lw = AccessFlags::LOCAL_WRITE;
    let mut lanes = Vec::with_capacity(qps);
    for (q, (a, b)) in ends.iter().enumerate() {
        let sink = per_qp as usize * size;
        let (src, dst) = match op {
            Op::Write => (
                region(a, depth * size, AccessFlags::empty(), "A")?,
                region(b, sink, lw | AccessFlags::REMOTE_WRITE, "B")?,
            ),
            Op::Read => (
                region(b, depth * size, AccessFlags::REMOTE_READ, "B")?,
                region(a, sink, lw | AccessFlags::REMOTE_WRITE, "A")?,
            ),
            Op::Send => (
                region(a, depth * size, AccessFlags::empty(), "A")?,
                region(b, sink, lw, "B")?,
            ),
        };
        let mut lane = Lane {
            a,
            b,
            src,
            dst,
            iters: per_qp,
            next: 0,
            done: 0,
            recv_posted: 0,
            received: 0,
            last_ns: 0,
        };
        if op == Op::Send {
            post_recvs(&mut lane, q, size, (2 * depth) as u64)?;
        }
        lanes.push(lane);
    }
    // message i of QP q carries the pattern of (q, i)
    let key = |q: usize, i: u64| ((q as u64) << 32) | i;
    let mut msg = vec![0u8; size];
    let mut wcs = [WorkCompletion::default(); 64];
    let iters = per_qp * qps as u64;
    let tcp0 = tcp_all(op, ends)?;
    let t_first = dev.now_ns();
    let mut last_move = t_first;
    let (mut done_all, mut received_all) = (0u64, 0u64);
    while done_all < iters || (op == Op::Send && received_all < iters) {
        let mut moved = false;
        for (q, l) in lanes.iter_mut().enumerate() {
            let room = (depth as u64 - (l.next - l.done)).min(l.iters - l.next);
            if room == 0 {
                continue;
            }
            let mut sges: Vec<[Sge; 1]> = Vec::with_capacity(room as usize);
            let mut remote = Vec::with_capacity(room as usize);
            for i in l.next..l.next + room {
                fill(seed, size, key(q, i), &mut msg);
                let s = (i % depth as u64) as usize * size;
                let d = i * size as u64;
                match op {
                    Op::Write | Op::Send => {
                        l.src.0.write(s, &msg)?;
                        sges.push([l.src.1.sge(s as u64, size as u32)?]);
                        remote.push(if op == Op::Write {
                            (l.dst.1.addr() + d, l.dst.1.rkey())
                        } else {
                            (0, 0)
                        });
                    }
                    Op::Read => {
                        l.src.0.write(s, &msg)?;
                        sges.push([l.dst.1.sge(d, size as u32)?]);
                        remote.push((l.src.1.addr() + s as u64, l.src.1.rkey()));
                    }
                }
            }
            let wrs: Vec<SendWr> = sges
                .iter()
                .zip(&remote)
                .enumerate()
                .map(|(k, (sg, &(remote_addr, rkey)))| {
                    let i = l.next + k as u64;
                    SendWr {
                        wr_id: key(q, i),
                        opcode: match op {
                            Op::Write => WrOpcode::RdmaWrite,
                            Op::Read => WrOpcode::RdmaRead,
                            Op::Send => WrOpcode::Send,
                        },
                        sg_list: sg,
                        signaled: (i + 1).is_multiple_of(cq_mod as u64) || i + 1 == l.iters,
                        remote_addr,
                        rkey,
                        ..SendWr::default()
                    }
                })
                .collect();
            l.a.qp.post_send(&wrs)?;
            l.next += room;
            moved = true;
        }
        // A's completions: a signaled one covers every earlier request of
        // its QP
        for (scq, _) in cqs_a {
            let n = scq.poll_wc(&mut wcs)?;
            for wc in &wcs[..n] {
                let q = (wc.wr_id >> 32) as usize;
                let i = wc.wr_id & 0xffff_ffff;
                let Some(l) = lanes.get_mut(q) else {
                    return Err(format!("A: completion of unknown request {:#x}", wc.wr_id).into());
                };
                check_wc(wc, l.a, &format!("A, QP {q}"))?;
                let want = match op {
                    Op::Write => WcOpcode::RdmaWrite,
                    Op::Read => WcOpcode::RdmaRead,
                    Op::Send => WcOpcode::Send,
                };
                if wc.opcode != want || i < l.done || i >= l.next {
                    return Err(format!(
                        "A, QP {q}: completion {:?} of request {i} while {}..{} are outstanding",
                        wc.opcode, l.done, l.next
                    )
                    .into());
                }
                done_all += i + 1 - l.done;
                l.done = i + 1;
                l.last_ns = dev.now_ns();
                moved = true;
            }
        }
        // Send: B's receives, posted again
        if op == Op::Send {
            for (_, rcq) in cqs_b {
                let n = rcq.poll_wc(&mut wcs)?;
                for wc in &wcs[..n] {
                    let q = (wc.wr_id >> 32) as usize;
                    let Some(l) = lanes.get_mut(q) else {
                        return Err(
                            format!("B: completion of unknown receive {:#x}", wc.wr_id).into()
                        );
                    };
                    check_wc(wc, l.b, &format!("B, QP {q}"))?;
                    if wc.opcode != WcOpcode::Recv || wc.byte_len as usize != size {
                        return Err(format!(
                            "B, QP {q}: receive {} completed {:?} with {} bytes, want a {size}-byte Send",
                            wc.wr_id & 0xffff_ffff,
                            wc.opcode,
                            wc.byte_len
                        )
                        .into());
                    }
                    l.received += 1;
                    received_all += 1;
                    post_recvs(l, q, size, 1)?;
                    moved = true;
                }
            }
        }
        let now = dev.now_ns();
        if moved {
            last_move = now;
        } else if now - last_move > STALL_NS {
            let l = &lanes[0];
            stalled(
                p,
                l.a,
                l.b,
                format!(
                    "{} of {size} bytes over {qps} QPs: {done_all} of {iters} done, {received_all} received",
                    op.title()
                ),
            )?;
        } else {
            dev.relax();
        }
    }
    let t_end = dev.now_ns();
    let tcp = tcp_diff(tcp0, tcp_all(op, ends)?);
    // every message's bytes at its place in its QP's sink (a Write's
    // completion says that B's TCP has the bytes; placement may follow)
    let mut got = vec![0u8; size];
    let mut checked = 0u64;
    for (q, l) in lanes.iter().enumerate() {
        for i in 0..l.iters {
            fill(seed, size, key(q, i), &mut msg);
            loop {
                l.dst.0.read(i as usize * size, &mut got)?;
                if got == msg {
                    break;
                }
                if dev.now_ns() - t_end > LAT_WAIT_NS {
                    return Err(format!(
                        "{} of {size} bytes, QP {q}: message {i} arrived wrong: {}",
                        op.title(),
                        diff(&got, &msg)
                    )
                    .into());
                }
                dev.relax();
            }
            checked += 1;
        }
    }
    let per_qp_gbps = lanes
        .iter()
        .map(|l| (l.iters * size as u64) as f64 * 8.0 / (l.last_ns - t_first).max(1) as f64)
        .collect();
    Ok(Run {
        size,
        qps,
        iters,
        depth,
        ns: t_end - t_first,
        per_qp: per_qp_gbps,
        checked,
        tcp,
        world_cycles: p.world.with(|w| w.cycle())? - cycles0,
    })
}

/// Posts up to `n` more receives of `l` (Send), each into its message's
/// place.
fn post_recvs(l: &mut Lane, q: usize, size: usize, n: u64) -> AnyResult<()> {
    let n = n.min(l.iters - l.recv_posted);
    if n == 0 {
        return Ok(());
    }
    let sges = (l.recv_posted..l.recv_posted + n)
        .map(|k| l.dst.1.sge(k * size as u64, size as u32).map(|s| [s]))
        .collect::<Result<Vec<_>, _>>()?;
    let wrs: Vec<RecvWr> = sges
        .iter()
        .enumerate()
        .map(|(k, s)| RecvWr {
            wr_id: ((q as u64) << 32) | (l.recv_posted + k as u64),
            sg_list: s,
        })
        .collect();
    l.b.qp.post_recv(&wrs)?;
    l.recv_posted += n;
    Ok(())
}

/// The runs of one MTU over `o.qps` QPs; returns the world's cycles.
pub(super) fn multi_mtu(o: &RdmaBench, mtu: u32, rate: bool) -> AnyResult<u64> {
    let qps = o.qps;
    let mut cfg = WorldConfig::pair();
    cfg.seed = o.seed;
    let p = Pair::new(&cfg)?;
    setup_pair(&p, Some(mtu + 14))?;
    let (cqs_a, cqs_b) = (cq_pairs("A", &p.a)?, cq_pairs("B", &p.b)?);
    let depth_run = o.tx_depth.max(o.rate_depth);
    let caps = caps_for(lane_depth(64, qps, depth_run));
    let conns = connect_many(&p, qps, caps, &cqs_a, &cqs_b, CONNECT_WINDOW)
        .map_err(|e| format!("MTU {mtu}: {qps} connections: {e}"))?;
    let ends = &conns.ends;
    let (a0, _) = &ends[0];
    let mss = a0.mss;
    if u32::from(mss) + 40 != mtu {
        return Err(format!("MTU {mtu}: the connections settled MSS {mss}").into());
    }
    let hdr = o.op.data_header();
    let limit = limit_gbps(mss, hdr);
    rule();
    println!(
        "                    {} BW Test: MTU {mtu} (MSS {mss}, MULPDU {}), {qps} QPs on {qps} connections at once, {CQ_PAIRS} send and {CQ_PAIRS} receive CQs per NIC shared by the QPs",
        o.op.title(),
        mulpdu_for_mss(mss, false),
    );
    println!(
        " CQ moderation {} | every message's bytes checked at the sink | iWARP limit {limit:.2} Gb/s, 99 % = {:.2}",
        o.cq_mod,
        TARGET * limit
    );
    rule();
    println!(
        " {:<10} {:>5} {:<13} {:>9} {:>18} {:>14} {:>14} {:>8} {:>22} {:>9}",
        "#bytes",
        "#QPs",
        "#iterations",
        "depth/QP",
        "BW aggregate[Gb/s]",
        "MsgRate[Mpps]",
        "limit[Gb/sec]",
        "% limit",
        "per-QP min/max[Gb/s]",
        "min/max"
    );
    let mut cycles = 0;
    let mut sizes = o.sizes.clone();
    if rate {
        sizes.push(64);
    }
    for (k, &size) in sizes.iter().enumerate() {
        let is_rate = rate && k + 1 == sizes.len();
        let (total, depth) = if is_rate {
            (o.rate_msgs, lane_depth(size, qps, o.rate_depth))
        } else {
            (
                o.bytes.div_ceil(size as u64).max(1),
                lane_depth(size, qps, o.tx_depth),
            )
        };
        let r = run(
            &p,
            ends,
            &cqs_a,
            &cqs_b,
            o.op,
            size,
            total,
            depth,
            o.cq_mod.min(depth),
            o.seed,
        )?;
        cycles += r.world_cycles;
        let (min, max) = r.min_max();
        let (shown_limit, pct) = if is_rate {
            let l = message_rate_limit(mss, hdr, 64) / 1e6;
            (format!("{l:.2} Mpps"), 100.0 * r.mpps() / l)
        } else {
            (format!("{limit:.2}"), 100.0 * r.gbps() / limit)
        };
        println!(
            " {:<10} {:>5} {:<13} {:>9} {:>18.2} {:>14.3} {:>14} {:>7.2}% {:>22} {:>9.3}",
            r.size,
            r.qps,
            r.iters,
            r.depth,
            r.gbps(),
            r.mpps(),
            shown_limit,
            pct,
            format!("{min:.2} / {max:.2}"),
            if max > 0.0 { min / max } else { 0.0 }
        );
        println!(
            "   ({} messages checked byte-exact; {:.3} ms of device time; TCP, data direction: {} segments, {} retransmitted, {} dropped by the receiving engine; the other way {} dropped by the sending engine)",
            r.checked,
            r.ns as f64 / 1e6,
            r.tcp.segs,
            r.tcp.retx,
            r.tcp.drops,
            r.tcp.back_drops
        );
    }
    rule();
    Ok(cycles)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lane_depths_split_the_window() {
        assert_eq!(lane_depth(65536, 16, 128), 8);
        assert_eq!(lane_depth(64, 16, 1024), 64);
        assert_eq!(lane_depth(1 << 20, 16, 128), 2);
        assert_eq!(lane_depth(64, 1024, 1024), 2);
    }
}
