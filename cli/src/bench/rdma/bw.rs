//! Goodput and message rate: messages of each size from A to B (Write,
//! Send) or B to A (Read) with a window of work requests outstanding, the
//! average and perftest's peak rate, the wire rate and the TCP counters
//! of the data's direction, every message's bytes checked; and the tables
//! of one MTU's runs.

use warpnic::verbs::mulpdu_for_mss;
use warpnic::{AccessFlags, RecvWr, SendWr, Sge, WcOpcode, WorkCompletion, WrOpcode};
use warpnic_sim::link::Dir;
use warpnic_sim::rdma::{connect, setup_pair, RdmaEnd};
use warpnic_sim::traffic::Pair;
use warpnic_sim::WorldConfig;

use super::limit::{limit_gbps, message_rate_limit, message_wire_bytes, TARGET};
use super::{
    caps_for, check_wc, diff, fill, links, region, rule, stalled, tcp_counters, tcp_diff, windows,
    wire_bytes, Op, RdmaBench, Tcp, CQ_DEPTH, LAT_WAIT_NS, STALL_NS,
};
use crate::AnyResult;

/// The goal for 64-byte Writes, messages per second.
const RATE_GOAL: f64 = 50e6;
/// Bytes in flight at most in a goodput run (bounds the host memory of
/// the large sizes; far above the bandwidth-delay product).
const MAX_INFLIGHT_BYTES: usize = 8 << 20;
/// BW peak looks this many messages ahead at most.
const PEAK_SPAN: usize = 4096;

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
    // i lands in receive i, slot i % slots_dst; no more receives than
    // messages, so that none is left posted for the next run on this QP
    let recv_sge = |k: u64| dst_mr.sge((k % slots_dst as u64) * size as u64, size as u32);
    let mut recv_posted = 0u64;
    if op == Op::Send {
        let first = (slots_dst as u64).min(iters);
        let sges = (0..first)
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
        recv_posted = first;
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

/// The depth of a run of `size`-byte messages: `tx_depth`, fewer for
/// large messages (at most [`MAX_INFLIGHT_BYTES`] outstanding, at least 2).
fn depth_for(size: usize, tx_depth: usize) -> usize {
    let by_bytes = (MAX_INFLIGHT_BYTES / size.max(1)).max(2);
    // a power of two, for the rings
    pow2_floor(tx_depth.min(by_bytes))
}

/// The largest power of two at most `n` (at least 1).
pub(super) fn pow2_floor(n: usize) -> usize {
    1 << (usize::BITS - 1 - n.max(1).leading_zeros())
}

/// The goodput runs of one MTU, and at MTU 1500 the message-rate run.
pub(super) fn bw_mtu(
    o: &RdmaBench,
    mtu: u32,
    rate: bool,
    problems: &mut Vec<String>,
) -> AnyResult<u64> {
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

#[cfg(test)]
mod tests {
    use super::*;

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
