//! Latency: one message at a time, from the doorbell at A until the host
//! can see the result (polling every cycle), with the split at the first
//! frame on the wire read from a capture of the link; perftest's columns.

use std::path::Path;
use std::time::Duration;

use warpnic::{AccessFlags, CompletionQueue, RecvWr, SendWr, WcOpcode, WorkCompletion, WrOpcode};
use warpnic_sim::rdma::{connect, setup_pair, RdmaEnd, A_IP};
use warpnic_sim::traffic::Pair;
use warpnic_sim::WorldConfig;

use super::{
    caps_for, check_wc, diff, fill, region, rule, windows, Op, RdmaBench, CQ_DEPTH, LAT_WAIT_NS,
};
use crate::AnyResult;

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

pub(super) fn latency(o: &RdmaBench, problems: &mut Vec<String>) -> AnyResult<u64> {
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
