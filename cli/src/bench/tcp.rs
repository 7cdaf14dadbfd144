//! `warpnic bench tcp`: an offloaded TCP stream and TCP connection setup
//! between two simulated NICs, in simulated time (cycles at 250 MHz).
//!
//! - Goodput: NIC A sends one byte stream to NIC B through the TCP engine
//!   (host library `TcpStream`: circular DMA buffers, TX_END and RX_READ
//!   doorbells) with MAX_FRAME set on both NICs before the connection
//!   opens (MSS = MAX_FRAME - 54). A warm-up lets slow start finish; the
//!   measured part runs from the moment the warm-up is acknowledged at A to
//!   the moment the last byte is both acknowledged at A and read at B.
//!   Every byte B reads is compared with the pattern A wrote. The figure is
//!   set against the TCP payload limit of 100 GbE: MSS payload bytes per
//!   MSS + 78 wire bytes (headers 54, FCS 4, preamble 8, gap 12).
//! - Setup latency: one connection at a time, from the `tcp_connect` call
//!   to the ESTABLISHED event taken from the mailbox. This includes the
//!   mailbox, both firmwares and the host's polling, not only the engines;
//!   a capture of the link splits it at the SYN, SYN-ACK and ACK.
//! - Setup rate: many opens back to back with a bounded number whose
//!   events the host has not taken, A's and B's events taken as they come.

use crate::AnyResult;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use warpnic::tcp::wscale_for;
use warpnic::{ConnectOpts, Nic, TcpEventInfo, TcpStream};
use warpnic_abi::gen::{cpl_tcp_opt, CplStatus, TcbField};
use warpnic_sim::link::{Dir, LinkCounters};
use warpnic_sim::rdma::{fast_tcp_timers, A_IP, B_IP};
use warpnic_sim::traffic::Pair;
use warpnic_sim::WorldConfig;

const PORT: u16 = 5001;
/// Ethernet, IPv4 and TCP headers without options.
const HEADERS: u64 = 54;
/// Wire bytes of a frame beyond the frame itself: FCS, preamble, gap.
const WIRE_EXTRA: u64 = 4 + 8 + 12;
/// The target: this share of the TCP payload limit.
const TARGET: f64 = 0.99;
/// Give up when nothing moves for this long (device time).
const STALL_NS: u64 = 20_000_000;
/// How long a connection event may take (device time).
const EVENT_WAIT: Duration = Duration::from_millis(20);
/// The firmware holds at most this many opens whose events the host has
/// not taken.
const MAX_OUTSTANDING: usize = 64;
/// TCP flags.
const SYN: u8 = 0x02;
const ACK: u8 = 0x10;

/// What `warpnic bench tcp` runs.
#[derive(Clone, Debug)]
pub struct TcpBench {
    /// MTUs of the goodput runs (1500, 9000).
    pub mtus: Vec<u32>,
    /// Bytes measured per goodput run.
    pub bytes: u64,
    /// Bytes sent (and acknowledged) before the measured part.
    pub warmup: u64,
    /// Stream buffers of 2^buf_log bytes each way.
    pub buf_log: u8,
    /// Connections opened one at a time for the setup latency (0: skip).
    pub connections: usize,
    /// Connections opened back to back for the setup rate (0: skip).
    pub rate_connections: usize,
    /// Opens whose events the host has not taken, at most.
    pub outstanding: usize,
    /// Seed of the world and of the data pattern.
    pub seed: u64,
    /// Keep the capture of the setup-latency run here.
    pub pcap: Option<PathBuf>,
}

/// Runs the benchmark and prints every figure.
pub fn tcp(o: &TcpBench) -> AnyResult<()> {
    check(o)?;
    let mut cfg = WorldConfig::pair();
    cfg.seed = o.seed;
    let wall = Instant::now();
    let mut sim_cycles = 0u64;
    println!(
        "warpnic bench tcp: NIC A -> NIC B through the TCP engine, simulated at 250 MHz; seed {}",
        o.seed
    );
    if !o.mtus.is_empty() {
        println!(
            "goodput: one connection, {} MiB measured after {} MiB of warm-up, {} KiB stream buffers each way, every byte read checked",
            fmt_mib(o.bytes),
            fmt_mib(o.warmup),
            (1u64 << o.buf_log) >> 10
        );
        println!(
            "{:>5} {:>5} {:>10} {:>9} {:>8} {:>11} {:>8} {:>8} {:>10}",
            "MTU",
            "MSS",
            "bytes",
            "cycles",
            "Gb/s",
            "limit Gb/s",
            "% limit",
            ">= 99 %",
            "wire Gb/s"
        );
        let mut rows = Vec::new();
        for &mtu in &o.mtus {
            let g = goodput(&cfg, mtu, o)?;
            sim_cycles += g.world_cycles;
            let gbps = g.bytes as f64 * 8.0 / g.ns as f64;
            let limit = payload_limit_gbps(g.mss);
            let wire = g.wire_ab_bytes as f64 * 8.0 / g.wire_ns as f64;
            println!(
                "{:>5} {:>5} {:>10} {:>9} {:>8.2} {:>11.2} {:>7.2}% {:>8} {:>10.2}",
                mtu,
                g.mss,
                g.bytes,
                g.ns / 4,
                gbps,
                limit,
                100.0 * gbps / limit,
                if gbps >= TARGET * limit {
                    "met"
                } else {
                    "NOT met"
                },
                wire,
            );
            rows.push(g);
        }
        println!(
            "  Gb/s: payload bytes acknowledged at A over device time, from the warm-up's acknowledgment to the last byte acknowledged at A and read at B (resolution about one segment over the span); limit: MSS / (MSS + 78) of 100 Gb/s; wire Gb/s: frames A->B with FCS, preamble and gap until the last acknowledgment"
        );
        for g in &rows {
            println!(
                "  MTU {}: A sent {} segments ({} at full MSS) carrying {} payload bytes for a {}-byte stream ({} more: retransmissions, window probes, padding); measured part: {} unacknowledged bytes in A's send buffer at its start, {} frames A->B, {} ACK frames B->A ({:.2} data segments per ACK)",
                g.mtu,
                g.segs,
                g.total.div_ceil(u64::from(g.mss)),
                g.wire_payload,
                g.total,
                g.wire_payload.saturating_sub(g.total),
                g.inflight0,
                g.ab.sent,
                g.ba.sent,
                g.ab.sent as f64 / g.ba.sent.max(1) as f64
            );
            let na = if g.cwnd.is_none() || g.snd_wnd.is_none() || g.srtt_us.is_none() {
                " (n/a: the engine refuses to read the TCB field)"
            } else {
                ""
            };
            println!(
                "  MTU {}: at the end cwnd {} B, peer window {} B, srtt {} us{na}; first byte to last: {:.3} ms; {} bytes checked at B; {} segments dropped by B's engine",
                g.mtu,
                opt(g.cwnd),
                opt(g.snd_wnd),
                opt(g.srtt_us),
                g.whole_ns as f64 / 1e6,
                g.total,
                g.rx_drop
            );
        }
    }
    if o.connections > 0 {
        sim_cycles += latency(&cfg, o)?;
    }
    if o.rate_connections > 0 {
        sim_cycles += rate(&cfg, o)?;
    }
    let w = wall.elapsed().as_secs_f64();
    println!(
        "simulator: {} cycles of 2-NIC worlds in {:.1} s = {:.0} cycles/s",
        sim_cycles,
        w,
        sim_cycles as f64 / w
    );
    Ok(())
}

fn check(o: &TcpBench) -> AnyResult<()> {
    for &m in &o.mtus {
        if !(576..=9000).contains(&m) {
            return Err(format!("MTU {m} is outside 576..=9000").into());
        }
    }
    if !(14..=26).contains(&o.buf_log) {
        return Err(format!("--buf-log {} is outside 14..=26", o.buf_log).into());
    }
    if o.bytes == 0 {
        return Err("--bytes must be more than 0".into());
    }
    if o.connections > 1000 || o.rate_connections > 1000 {
        return Err("at most 1000 connections per run (the engine holds 1024)".into());
    }
    if !(1..=MAX_OUTSTANDING).contains(&o.outstanding) {
        return Err(format!(
            "--outstanding {} is outside 1..={MAX_OUTSTANDING} (the firmware holds {MAX_OUTSTANDING} opens whose events are not taken)",
            o.outstanding
        )
        .into());
    }
    Ok(())
}

fn opt(v: Option<u64>) -> String {
    v.map_or_else(|| "n/a".into(), |v| v.to_string())
}

fn fmt_mib(b: u64) -> String {
    let m = b as f64 / (1u64 << 20) as f64;
    if m.fract() == 0.0 {
        format!("{m:.0}")
    } else {
        format!("{m:.2}")
    }
}

/// TCP payload at 100 GbE with segments of `mss` bytes and no options.
fn payload_limit_gbps(mss: u16) -> f64 {
    let mss = u64::from(mss);
    100.0 * mss as f64 / (mss + HEADERS + WIRE_EXTRA) as f64
}

fn pair(cfg: &WorldConfig, max_frame: Option<u32>) -> AnyResult<Pair> {
    let p = Pair::new(cfg)?;
    if let Some(f) = max_frame {
        p.a.set_max_frame(f)?;
        p.b.set_max_frame(f)?;
    }
    p.a.set_ipv4(A_IP, 24)
        .map_err(|e| format!("A: address: {e}"))?;
    p.b.set_ipv4(B_IP, 24)
        .map_err(|e| format!("B: address: {e}"))?;
    p.a.tcp_config(&fast_tcp_timers())
        .map_err(|e| format!("A: TCP timers: {e}"))?;
    p.b.tcp_config(&fast_tcp_timers())
        .map_err(|e| format!("B: TCP timers: {e}"))?;
    Ok(p)
}

fn event(nic: &Nic, who: &str) -> AnyResult<TcpEventInfo> {
    nic.tcp_wait_event(EVENT_WAIT)?
        .ok_or_else(|| format!("{who}: no TCP event within {EVENT_WAIT:?} of device time").into())
}

fn links(p: &Pair) -> AnyResult<(LinkCounters, LinkCounters)> {
    let (ab, ba) = p
        .world
        .with(|w| (w.link_counters(0, Dir::AToB), w.link_counters(0, Dir::BToA)))?;
    Ok((ab?, ba?))
}

fn diff(a: &LinkCounters, b: &LinkCounters) -> LinkCounters {
    LinkCounters {
        sent: b.sent - a.sent,
        sent_bytes: b.sent_bytes - a.sent_bytes,
        ..LinkCounters::default()
    }
}

/// One 8-byte word of the data pattern.
fn word(seed: u64, i: u64) -> u64 {
    let mut z = (i ^ seed.wrapping_mul(0x9e37_79b9_7f4a_7c15)).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Fills `buf` with the pattern from stream offset `off`.
pub(crate) fn pattern(seed: u64, off: u64, buf: &mut [u8]) {
    let mut w = word(seed, off >> 3);
    for (i, x) in buf.iter_mut().enumerate() {
        let o = off + i as u64;
        if o & 7 == 0 {
            w = word(seed, o >> 3);
        }
        *x = (w >> ((o & 7) * 8)) as u8;
    }
}

/// One goodput run.
struct Goodput {
    mtu: u32,
    mss: u16,
    /// Bytes acknowledged during the measured part.
    bytes: u64,
    /// Device time of the measured part.
    ns: u64,
    /// Bytes of the whole stream (warm-up included).
    total: u64,
    /// TCP payload bytes the link carried A -> B for the whole stream.
    wire_payload: u64,
    /// Bytes written and not acknowledged when the measured part started.
    inflight0: u64,
    /// Device time from the first write to the end.
    whole_ns: u64,
    /// Segments A's engine sent during the whole stream.
    segs: u64,
    /// Link counters over the measured part, each way.
    ab: LinkCounters,
    ba: LinkCounters,
    /// Wire bytes A -> B over the measured part (frames, FCS, preamble,
    /// gap) up to the last acknowledgment, and that time.
    wire_ab_bytes: u64,
    wire_ns: u64,
    cwnd: Option<u64>,
    snd_wnd: Option<u64>,
    srtt_us: Option<u64>,
    rx_drop: u64,
    world_cycles: u64,
}

fn goodput(cfg: &WorldConfig, mtu: u32, o: &TcpBench) -> AnyResult<Goodput> {
    let p = pair(cfg, Some(mtu + 14))?;
    let size = 1u32 << o.buf_log;
    p.b.tcp_listen_with(PORT, 1, size)
        .map_err(|e| format!("B: listen offering {size} bytes: {e}"))?;
    let copts = ConnectOpts {
        tcp_opt: cpl_tcp_opt::WSCALE | cpl_tcp_opt::SACK,
        rcv_wscale: wscale_for(size),
        rcv_wnd: size,
        ..ConnectOpts::default()
    };
    let ea =
        p.a.tcp_connect(B_IP, PORT, &copts)
            .map_err(|e| format!("A: connect offering {size} bytes: {e}"))?;
    let ca = match event(&p.a, "A")? {
        TcpEventInfo::Established { ep, conn } if ep == ea => conn,
        e => return Err(format!("A: open of MTU {mtu}: {e:?}").into()),
    };
    let (eb, cb) = match event(&p.b, "B")? {
        TcpEventInfo::Accepted { ep, conn, .. } => (ep, conn),
        e => return Err(format!("B: accept of MTU {mtu}: {e:?}").into()),
    };
    if u64::from(ca.mss) + HEADERS != u64::from(mtu) + 14 {
        return Err(format!("MTU {mtu}: the engine settled MSS {}", ca.mss).into());
    }
    let mut a = TcpStream::attach(&p.a, ea, &ca, o.buf_log)
        .map_err(|e| format!("A: stream buffers of 2^{}: {e}", o.buf_log))?;
    let mut b = TcpStream::attach(&p.b, eb, &cb, o.buf_log)
        .map_err(|e| format!("B: stream buffers of 2^{}: {e}", o.buf_log))?;
    let segs0 = p.a.stats()?.tcp_tx_segs;
    let (ab_first, _) = links(&p)?;

    let dev = p.a.device().clone();
    let total = o.warmup + o.bytes;
    let chunk = (size as usize / 4).min(1 << 20);
    let mut wbuf = vec![0u8; chunk];
    let (mut wpos, mut wlen) = (0usize, 0usize);
    let mut rbuf = vec![0u8; chunk];
    let mut want = vec![0u8; chunk];
    let (mut sent, mut got, mut acked) = (0u64, 0u64, 0u64);
    let t_first = dev.now_ns();
    let mut start: Option<(u64, u64, u64, LinkCounters, LinkCounters)> = None;
    let (mut t_acked, mut t_read) = (None, None);
    let mut last_move = t_first;
    loop {
        let mut moved = false;
        if wpos == wlen && sent < total {
            wlen = (total - sent).min(chunk as u64) as usize;
            wpos = 0;
            pattern(o.seed, sent, &mut wbuf[..wlen]);
        }
        if wpos < wlen {
            let w = a.write(&wbuf[wpos..wlen])?;
            wpos += w;
            sent += w as u64;
            moved |= w > 0;
        } else {
            a.poll()?;
        }
        let now_acked = sent - u64::from(a.unacked());
        moved |= now_acked != acked;
        acked = now_acked;
        if start.is_none() && acked >= o.warmup {
            let (ab, ba) = links(&p)?;
            start = Some((dev.now_ns(), acked, sent - acked, ab, ba));
        }
        if t_acked.is_none() && acked == total {
            t_acked = Some((dev.now_ns(), links(&p)?));
        }
        let r = b.read(&mut rbuf)?;
        if r > 0 {
            pattern(o.seed, got, &mut want[..r]);
            if rbuf[..r] != want[..r] {
                let i = (0..r).find(|&i| rbuf[i] != want[i]).unwrap_or(0);
                return Err(format!(
                    "MTU {mtu}: byte {} of the stream differs at B ({:#04x}, sent {:#04x})",
                    got + i as u64,
                    rbuf[i],
                    want[i]
                )
                .into());
            }
            got += r as u64;
            moved = true;
            if got > total {
                return Err(
                    format!("MTU {mtu}: B read {got} bytes of a {total}-byte stream").into(),
                );
            }
            if got == total {
                t_read = Some(dev.now_ns());
            }
        }
        if let (Some(_), Some(_)) = (t_acked, t_read) {
            break;
        }
        let now = dev.now_ns();
        if moved {
            last_move = now;
        } else {
            if now - last_move > STALL_NS {
                return Err(format!(
                    "MTU {mtu}: no progress for {} ms: A wrote {sent}, {acked} acknowledged, B read {got}\nA {:?}\nB {:?}",
                    STALL_NS / 1_000_000,
                    p.a.stats()?,
                    p.b.stats()?
                )
                .into());
            }
            dev.relax();
        }
    }
    let (Some((t0, acked0, inflight0, ab0, ba0)), Some((t_ack, (ab1, ba1))), Some(t_rd)) =
        (start, t_acked, t_read)
    else {
        return Err("the measured part never started".into());
    };
    let t_end = t_ack.max(t_rd);
    // the link counters at the last acknowledgment: every data frame of
    // the stream has been sent by then
    let (ab, ba) = (diff(&ab0, &ab1), diff(&ba0, &ba1));
    // the engine does not give every field of docs/abi.md yet: `None`
    // for one it refuses
    let tcb = |f: TcbField| match p.a.tcp_tcb(ea, f, 0, 0) {
        Ok(v) => Ok(Some(v)),
        Err(warpnic::Error::Tcp(CplStatus::BadArgument)) => Ok(None),
        Err(e) => Err(format!("A: TCB field {f:?}: {e}")),
    };
    let cwnd = tcb(TcbField::Cwnd)?;
    let snd_wnd = tcb(TcbField::SndWnd)?;
    let srtt_us = tcb(TcbField::Srtt)?;
    let (sa, sb) = (p.a.stats()?, p.b.stats()?);
    let world_cycles = p.world.with(|w| w.cycle())?;
    drop((a, b));
    Ok(Goodput {
        mtu,
        mss: ca.mss,
        bytes: total - acked0,
        ns: t_end - t0,
        total,
        wire_payload: {
            let w = diff(&ab_first, &ab1);
            w.sent_bytes - w.sent * HEADERS
        },
        inflight0,
        whole_ns: t_end - t_first,
        segs: sa.tcp_tx_segs - segs0,
        wire_ab_bytes: ab.sent_bytes + ab.sent * WIRE_EXTRA,
        wire_ns: t_ack - t0,
        ab,
        ba,
        cwnd,
        snd_wnd,
        srtt_us,
        rx_drop: sb.tcp_rx_drop,
        world_cycles,
    })
}

/// min, median, max.
fn spread(v: &mut [u64]) -> (u64, u64, u64) {
    v.sort_unstable();
    match v {
        [] => (0, 0, 0),
        _ => (v[0], v[v.len() / 2], v[v.len() - 1]),
    }
}

fn us(ns: u64) -> f64 {
    ns as f64 / 1e3
}

/// One connection of the latency run, in device ns.
struct Open {
    port: u16,
    call: u64,
    ret: u64,
    est: u64,
}

/// Connections one at a time; returns the simulated cycles.
fn latency(cfg: &WorldConfig, o: &TcpBench) -> AnyResult<u64> {
    let tmp = std::env::temp_dir().join(format!("warpnic-bench-tcp-{}.pcap", std::process::id()));
    let path = o.pcap.clone().unwrap_or_else(|| tmp.clone());
    let mut c = cfg.clone();
    c.pcap = Some(path.clone());
    let p = pair(&c, None)?;
    let dev = p.a.device().clone();
    p.b.tcp_listen(PORT, 64)?;
    let mut opens = Vec::with_capacity(o.connections + 1);
    // the first open also resolves B's address (ARP): reported apart
    for _ in 0..=o.connections {
        let call = dev.now_ns();
        let ep = p.a.tcp_connect(B_IP, PORT, &ConnectOpts::default())?;
        let ret = dev.now_ns();
        let conn = match event(&p.a, "A")? {
            TcpEventInfo::Established { ep: e, conn } if e == ep => conn,
            e => return Err(format!("A: {e:?}").into()),
        };
        let est = dev.now_ns();
        match event(&p.b, "B")? {
            TcpEventInfo::Accepted { .. } => {}
            e => return Err(format!("B: {e:?}").into()),
        }
        opens.push(Open {
            port: conn.local.port(),
            call,
            ret,
            est,
        });
    }
    // what one poll of an empty event queue costs through the mailbox
    let mut polls: Vec<u64> = Vec::new();
    for _ in 0..20 {
        let t = dev.now_ns();
        if let Some(e) = p.a.tcp_poll_event()? {
            return Err(format!("A: unexpected {e:?}").into());
        }
        polls.push(dev.now_ns() - t);
    }
    let cycles = p.world.with(|w| w.cycle())?;
    p.world.with(|w| w.finish())??;
    let wire = wire_times(&path)?;
    if o.pcap.is_none() {
        let _ = std::fs::remove_file(&tmp);
    }

    let first = &opens[0];
    let rest = &opens[1..];
    let mut total: Vec<u64> = rest.iter().map(|x| x.est - x.call).collect();
    let mut call: Vec<u64> = rest.iter().map(|x| x.ret - x.call).collect();
    let (mut to_syn, mut syn_synack, mut synack_ack, mut ack_est) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for x in rest {
        let Some(&(syn, synack, ack)) = wire.get(&x.port) else {
            return Err(format!("the capture lacks the handshake of port {}", x.port).into());
        };
        to_syn.push(syn - x.call);
        syn_synack.push(synack - syn);
        synack_ack.push(ack - synack);
        ack_est.push(x.est - ack);
    }
    println!(
        "connection setup latency: {} connections one at a time, device time from the tcp_connect call to the ESTABLISHED event taken from the mailbox",
        rest.len()
    );
    println!("  (host view: it includes the mailbox, both firmwares, both engines, the 500 ns link each way and the host's polling)");
    println!(
        "  {:<52} {:>9} {:>9} {:>9}",
        "us of device time", "min", "median", "max"
    );
    let rows: [(&str, &mut Vec<u64>); 6] = [
        ("tcp_connect -> ESTABLISHED taken (host view)", &mut total),
        (
            "  the tcp_connect call itself (mailbox round trip)",
            &mut call,
        ),
        ("  tcp_connect -> SYN on the wire", &mut to_syn),
        (
            "  SYN -> SYN-ACK on the wire (link, B's engine+fw)",
            &mut syn_synack,
        ),
        (
            "  SYN-ACK -> ACK on the wire (link, A's engine)",
            &mut synack_ack,
        ),
        (
            "  ACK on the wire -> ESTABLISHED taken by the host",
            &mut ack_est,
        ),
    ];
    for (name, v) in rows {
        let (lo, med, hi) = spread(v);
        println!(
            "  {:<52} {:>9.3} {:>9.3} {:>9.3}",
            name,
            us(lo),
            us(med),
            us(hi)
        );
    }
    let (_, poll_med, _) = spread(&mut polls);
    println!(
        "  first open (resolves B's address by ARP first): {:.3} us; one TCP_EVENT poll through the mailbox: {:.3} us (median)",
        us(first.est - first.call),
        us(poll_med)
    );
    if let Some(p) = &o.pcap {
        println!("  capture: {}", p.display());
    }
    Ok(cycles)
}

/// Per local port of A: the times (ns) of A's first SYN, B's SYN-ACK and
/// A's first ACK after it, from a capture of the link.
fn wire_times(path: &Path) -> AnyResult<HashMap<u16, (u64, u64, u64)>> {
    let d = std::fs::read(path)?;
    if d.len() < 24 || d[..4] != 0xa1b2_3c4du32.to_le_bytes() {
        return Err(format!("{}: not a nanosecond pcap", path.display()).into());
    }
    let le = |i: usize| u32::from_le_bytes([d[i], d[i + 1], d[i + 2], d[i + 3]]);
    let mut syn: HashMap<u16, u64> = HashMap::new();
    let mut synack: HashMap<u16, u64> = HashMap::new();
    let mut out = HashMap::new();
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
        let th = 14 + usize::from(f[14] & 0x0f) * 4;
        if f.len() < th + 20 {
            continue;
        }
        let from_a = f[26..30] == A_IP.octets();
        let sport = u16::from_be_bytes([f[th], f[th + 1]]);
        let dport = u16::from_be_bytes([f[th + 2], f[th + 3]]);
        let fl = f[th + 13];
        if from_a && fl & (SYN | ACK) == SYN {
            syn.entry(sport).or_insert(t);
        } else if !from_a && fl & (SYN | ACK) == SYN | ACK {
            synack.entry(dport).or_insert(t);
        } else if from_a && fl & (SYN | ACK) == ACK {
            if let (Some(&s), Some(&sa)) = (syn.get(&sport), synack.get(&sport)) {
                out.entry(sport).or_insert((s, sa, t));
            }
        }
    }
    Ok(out)
}

/// Connections back to back; returns the simulated cycles.
fn rate(cfg: &WorldConfig, o: &TcpBench) -> AnyResult<u64> {
    let p = pair(cfg, None)?;
    let dev = p.a.device().clone();
    p.b.tcp_listen(PORT, 1024)?;
    // one open first, so that B's address is resolved
    p.a.tcp_connect(B_IP, PORT, &ConnectOpts::default())?;
    for (nic, who) in [(&p.a, "A"), (&p.b, "B")] {
        match event(nic, who)? {
            TcpEventInfo::Established { .. } | TcpEventInfo::Accepted { .. } => {}
            e => return Err(format!("{who}: {e:?}").into()),
        }
    }
    let n = o.rate_connections;
    let t0 = dev.now_ns();
    let (mut issued, mut est, mut acc) = (0usize, 0usize, 0usize);
    let (mut t_est, mut t_acc) = (t0, t0);
    let mut last_move = t0;
    let (mut polls, mut empty) = (0u64, 0u64);
    while est < n || acc < n {
        let mut moved = false;
        while issued < n && issued - est < o.outstanding {
            p.a.tcp_connect(B_IP, PORT, &ConnectOpts::default())?;
            issued += 1;
            moved = true;
        }
        if est < issued {
            polls += 1;
            match p.a.tcp_poll_event()? {
                Some(TcpEventInfo::Established { .. }) => {
                    est += 1;
                    t_est = dev.now_ns();
                    moved = true;
                }
                Some(e) => return Err(format!("A: {e:?} after {est} established").into()),
                None => empty += 1,
            }
        }
        if acc < n {
            polls += 1;
            match p.b.tcp_poll_event()? {
                Some(TcpEventInfo::Accepted { .. }) => {
                    acc += 1;
                    t_acc = dev.now_ns();
                    moved = true;
                }
                Some(e) => return Err(format!("B: {e:?} after {acc} accepted").into()),
                None => empty += 1,
            }
        }
        let now = dev.now_ns();
        if moved {
            last_move = now;
        } else {
            if now - last_move > STALL_NS {
                return Err(format!(
                    "setup rate: no progress: {issued} opened, {est} established, {acc} accepted"
                )
                .into());
            }
            dev.relax();
        }
    }
    let (sa, sb) = (p.a.stats()?, p.b.stats()?);
    let ns = t_est - t0;
    println!(
        "connection setup rate: {n} opens back to back, at most {} not yet ESTABLISHED, A's and B's events taken as they come through the mailbox",
        o.outstanding
    );
    println!(
        "  last ESTABLISHED at A after {:.1} us, last ACCEPTED at B after {:.1} us: {:.0} connections/s (host view: every mailbox command and poll included)",
        us(ns),
        us(t_acc - t0),
        n as f64 / (ns as f64 / 1e9),
    );
    println!(
        "  mailbox: {n} TCP_CONNECT and {polls} TCP_EVENT commands ({empty} found no event), {:.0} ns of device time per connection",
        ns as f64 / n as f64
    );
    println!(
        "  A: {} TCP segments sent, {} RSTs; B: {} segments received, {} dropped by the engine",
        sa.tcp_tx_segs, sa.tcp_rst_sent, sb.tcp_rx_segs, sb.tcp_rx_drop
    );
    Ok(p.world.with(|w| w.cycle())?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payload_limits_of_100_gbe() {
        assert!((payload_limit_gbps(1460) - 94.93).abs() < 0.005);
        assert!((payload_limit_gbps(8960) - 99.14).abs() < 0.005);
    }

    #[test]
    fn pattern_does_not_depend_on_how_it_is_cut() {
        let mut whole = [0u8; 100];
        pattern(5, 3, &mut whole);
        let mut cut = [0u8; 100];
        let (x, y) = cut.split_at_mut(13);
        pattern(5, 3, x);
        pattern(5, 16, y);
        assert_eq!(whole, cut);
        let mut other = [0u8; 100];
        pattern(6, 3, &mut other);
        assert_ne!(whole, other, "the seed matters");
    }
}
