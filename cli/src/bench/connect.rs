//! `warpnic bench connect`: full RDMA connections between NIC A and NIC B
//! through their connection managers. Each one is an offloaded TCP
//! connection, MPA revision 2 with private data and CRC, and a queue pair
//! bound and moved to RTS on both sides.
//!
//! 1. **One connection at a time:** the time of a setup, split into the
//!    TCP handshake, the MPA exchange and binding the QP. It is printed
//!    next to the wire's bound: two round trips of the link (SYN /
//!    SYN-ACK, MPA request / reply) before the initiator can be
//!    established.
//! 2. **Many at once:** `--connections` connections opened with
//!    `--window` connects in flight, all open at once. That gives the rate
//!    of full connections per second. Then each connection moves one
//!    64-byte Send, checked byte for byte. Then all are torn down
//!    gracefully: FIN both ways, every peer sees DISCONNECTED, no reset is
//!    sent, and every TCP endpoint id is free again.
//!
//! Times are device time (ns at 250 MHz), from the host's view: they
//! include the mailbox commands and the host's polling.

use std::sync::Arc;
use std::time::Instant;

use warpnic::mpa::{AcceptParams, ConnectParams};
use warpnic::{
    AccessFlags, Cm, CmEvent, CmQp, CompletionQueue, DmaPerm, Nic, QpCaps, RecvWr, SendWr,
    WorkCompletion, WrOpcode,
};
use warpnic_abi::gen::{CplStatus, CqeStatus, TcbField};
use warpnic_sim::link::LinkConfig;
use warpnic_sim::rdma::{connect_many, mpa_config, setup_pair, B_IP};
use warpnic_sim::traffic::Pair;
use warpnic_sim::WorldConfig;

use crate::AnyResult;

/// Options of `warpnic bench connect`.
pub struct ConnectBench {
    /// Connections set up one at a time for the latency (at least 1).
    pub latency_runs: usize,
    /// Connections open at once for the rate (1..=1024).
    pub connections: usize,
    /// Connects in flight at most during the rate run.
    pub window: usize,
}

/// The listener's port.
const PORT: u16 = 4792;
/// Bytes of the initiator's private data (the accept's is as long).
const PRIVATE_DATA: usize = 32;
/// Bytes of the message each connection moves.
const MSG: usize = 64;
/// Device time without progress after which a run fails.
const STALL_NS: u64 = 20_000_000;

fn us(ns: u64) -> f64 {
    ns as f64 / 1e3
}

/// (min, median, max).
fn spread(v: &mut [u64]) -> (u64, u64, u64) {
    v.sort_unstable();
    match v {
        [] => (0, 0, 0),
        _ => (v[0], v[v.len() / 2], v[v.len() - 1]),
    }
}

/// Runs the benchmark.
pub fn connect(o: &ConnectBench) -> AnyResult<()> {
    if o.latency_runs == 0 {
        return Err("--latency-runs must be at least 1".into());
    }
    if !(1..=1024).contains(&o.connections) {
        return Err(format!(
            "--connections {} is outside 1..=1024 (the QPs of the core)",
            o.connections
        )
        .into());
    }
    if o.window == 0 {
        return Err("--window must be at least 1".into());
    }
    let wall = Instant::now();
    let cfg = WorldConfig::pair();
    let link = cfg.link.clone();
    let p = Pair::new(&cfg)?;
    setup_pair(&p, None)?;
    println!(
        "warpnic bench connect: RDMA connections NIC A -> NIC B through the connection managers (TCP, MPA v2 with {PRIVATE_DATA} bytes of private data and CRC, QP bound and in RTS on both sides), simulated at 250 MHz"
    );
    latency(&p, &link, o.latency_runs)?;
    many(&p, o)?;
    let cycles = p.world.with(|w| w.cycle())?;
    let w = wall.elapsed().as_secs_f64();
    println!(
        "simulator: {cycles} cycles of a 2-NIC world in {w:.1} s = {:.0} cycles/s",
        cycles as f64 / w
    );
    Ok(())
}

/// One round trip of the link for a minimum frame each way (ns).
fn round_trip_ns(link: &LinkConfig) -> u64 {
    // latency plus a 64-byte frame with preamble and gap (84 bytes) at
    // 100 Gb/s, each way
    2 * (link.latency_cycles * 4 + 84 * 8 / 100)
}

fn latency(p: &Pair, link: &LinkConfig, runs: usize) -> AnyResult<()> {
    let mut a = Cm::new(&p.a);
    let mut b = Cm::new(&p.b);
    b.listen(PORT, 16, mpa_config(false))?;
    let cq = |nic: &Nic| -> AnyResult<Arc<CompletionQueue>> {
        Ok(Arc::new(CompletionQueue::new(nic, 1024, None)?))
    };
    let (scq_a, rcq_a, scq_b, rcq_b) = (cq(&p.a)?, cq(&p.a)?, cq(&p.b)?, cq(&p.b)?);
    let (pd_a, pd_b) = (p.a.alloc_pd()?, p.b.alloc_pd()?);
    let dev = p.a.device().clone();
    let pd = [0x5a_u8; PRIVATE_DATA];
    let (mut total, mut tcp, mut mpa, mut bind, mut resp) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for run in 0..=runs {
        let qa = Arc::new(pd_a.create_qp(&scq_a, &rcq_a, QpCaps::default())?);
        let qb = Arc::new(pd_b.create_qp(&scq_b, &rcq_b, QpCaps::default())?);
        let t0 = dev.now_ns();
        let id = a.connect(
            B_IP,
            PORT,
            mpa_config(false),
            ConnectParams {
                private_data: &pd,
                ird: 16,
                ord: 16,
                p2p: false,
            },
            Some(CmQp::new(qa.clone())),
        )?;
        let mut qb = Some(qb);
        let (mut a_up, mut b_up, mut idb) = (None, None, None);
        while a_up.is_none() || b_up.is_none() {
            if let Some(e) = b.poll()? {
                match e {
                    CmEvent::ConnectRequest { id, .. } => {
                        let q = qb.take().ok_or("B: a second request")?;
                        b.accept(
                            id,
                            AcceptParams {
                                private_data: &pd,
                                ird: 16,
                                ord: 16,
                            },
                            Some(CmQp::new(q)),
                        )?;
                        idb = Some(id);
                    }
                    CmEvent::Established { .. } => b_up = Some(dev.now_ns()),
                    e => return Err(format!("B: {e:?}").into()),
                }
            }
            if let Some(e) = a.poll()? {
                match e {
                    CmEvent::Established { id: i, .. } if i == id => a_up = Some(dev.now_ns()),
                    e => return Err(format!("A: {e:?}").into()),
                }
            }
            if dev.now_ns() - t0 > STALL_NS {
                return Err("latency run: no setup within 20 ms".into());
            }
            dev.relax();
        }
        let t = a.setup_times(id).ok_or("A forgot the connection")?;
        // the first run resolves B's address by ARP: not counted
        if run > 0 {
            total.push(t.established - t.connect);
            tcp.push(t.tcp - t.connect);
            mpa.push(t.mpa - t.tcp);
            bind.push(t.established - t.mpa);
            resp.push(b_up.unwrap_or(0) - t0);
        }
        // tear down: A closes, B follows on DISCONNECTED
        a.disconnect(id)?;
        let idb = idb.ok_or("B's id")?;
        let t1 = dev.now_ns();
        loop {
            match b.poll()? {
                Some(CmEvent::Disconnected { id }) if id == idb => break,
                Some(e) => return Err(format!("B: {e:?}").into()),
                None => {}
            }
            if dev.now_ns() - t1 > STALL_NS {
                return Err("latency run: B saw no DISCONNECTED".into());
            }
            dev.relax();
        }
        b.disconnect(idb)?;
    }
    let rtt = round_trip_ns(link);
    println!(
        "one connection at a time: {runs} setups after the first (which resolves B's address by ARP); us of device time"
    );
    println!("  {:<58} {:>8} {:>8} {:>8}", "", "min", "median", "max");
    let rows: [(&str, &mut Vec<u64>); 5] = [
        ("connect -> A ESTABLISHED, QP in RTS", &mut total),
        ("  TCP: connect -> handshake's ESTABLISHED taken", &mut tcp),
        ("  MPA: request sent -> reply read", &mut mpa),
        ("  binding: reply read -> QP bound, RTS", &mut bind),
        ("connect -> B ESTABLISHED (its QP in RTS)", &mut resp),
    ];
    for (name, v) in rows {
        let (lo, med, hi) = spread(v);
        println!(
            "  {:<58} {:>8.3} {:>8.3} {:>8.3}",
            name,
            us(lo),
            us(med),
            us(hi)
        );
    }
    println!(
        "  wire bound: 2 round trips of the link (SYN/SYN-ACK, MPA request/reply) = {:.3} us ({} ns latency each way)",
        us(2 * rtt),
        link.latency_cycles * 4
    );
    Ok(())
}

fn many(p: &Pair, o: &ConnectBench) -> AnyResult<()> {
    let n = o.connections;
    let dev = p.a.device().clone();
    let cqs = |nic: &Nic| -> AnyResult<Vec<(Arc<CompletionQueue>, Arc<CompletionQueue>)>> {
        let depth = n.next_power_of_two().max(64);
        Ok(vec![(
            Arc::new(CompletionQueue::new(nic, depth, None)?),
            Arc::new(CompletionQueue::new(nic, depth, None)?),
        )])
    };
    let (cqs_a, cqs_b) = (cqs(&p.a)?, cqs(&p.b)?);
    let caps = QpCaps {
        max_recv_wr: 4,
        max_send_wr: 4,
    };
    let rst0 = p.a.stats()?.tcp_rst_sent + p.b.stats()?.tcp_rst_sent;
    let t0 = dev.now_ns();
    let mut conns = connect_many(p, n, caps, &cqs_a, &cqs_b, o.window)?;
    let t_open = dev.now_ns() - t0;
    println!(
        "{n} connections at once, {} connects in flight: all ESTABLISHED on both sides after {:.1} us: {:.0} full connections/s ({:.0} ns each)",
        o.window,
        us(t_open),
        n as f64 / (t_open as f64 / 1e9),
        t_open as f64 / n as f64
    );

    // one Send of 64 bytes on each, byte-exact
    let region = |nic: &Nic, pd: &warpnic::ProtectionDomain| -> AnyResult<warpnic::MemoryRegion> {
        let mem = Arc::new(nic.alloc_dma(n * MSG, DmaPerm::RW)?);
        Ok(pd.reg_mr(&mem, 0, n * MSG, AccessFlags::LOCAL_WRITE)?)
    };
    let mut lanes = Vec::with_capacity(n);
    for (k, (a, b)) in conns.ends.iter().enumerate() {
        let (ma, mb) = (region(&a.nic, &a.pd)?, region(&b.nic, &b.pd)?);
        let bytes: Vec<u8> = (0..MSG).map(|i| (k * 7 + i * 13) as u8).collect();
        ma.mem().write(0, &bytes)?;
        let sge = [mb.sge(0, MSG as u32)?];
        b.qp.post_recv(&[RecvWr {
            wr_id: k as u64,
            sg_list: &sge,
        }])?;
        lanes.push((ma, mb, bytes));
    }
    let t1 = dev.now_ns();
    for (k, (a, _)) in conns.ends.iter().enumerate() {
        let sge = [lanes[k].0.sge(0, MSG as u32)?];
        a.qp.post_send(&[SendWr {
            wr_id: k as u64,
            opcode: WrOpcode::Send,
            sg_list: &sge,
            signaled: true,
            ..SendWr::default()
        }])?;
    }
    let (mut sent, mut got) = (0usize, 0usize);
    let mut wcs = [WorkCompletion::default(); 64];
    let mut seen = vec![false; n];
    let mut last = dev.now_ns();
    while sent < n || got < n {
        let mut moved = false;
        let k = cqs_a[0].0.poll_wc(&mut wcs)?;
        for wc in &wcs[..k] {
            if wc.status != CqeStatus::Success {
                return Err(format!("A: a Send failed: {wc:?}").into());
            }
            sent += 1;
            moved = true;
        }
        let k = cqs_b[0].1.poll_wc(&mut wcs)?;
        for wc in &wcs[..k] {
            let i = usize::try_from(wc.wr_id)?;
            if wc.status != CqeStatus::Success || wc.byte_len != MSG as u32 || i >= n || seen[i] {
                return Err(format!("B: {wc:?}").into());
            }
            seen[i] = true;
            got += 1;
            moved = true;
        }
        if moved {
            last = dev.now_ns();
        } else if dev.now_ns() - last > STALL_NS {
            return Err(format!("messages: {sent} sent, {got} received").into());
        }
        dev.relax();
    }
    for (k, (_, mb, bytes)) in lanes.iter().enumerate() {
        let mut buf = vec![0u8; MSG];
        mb.mem().read(0, &mut buf)?;
        if &buf != bytes {
            return Err(format!("connection {k}: the message arrived changed").into());
        }
    }
    println!(
        "  one {MSG}-byte Send on each: all {n} completed and checked byte for byte after {:.1} us",
        us(dev.now_ns() - t1)
    );

    // graceful teardown: A closes each, B follows on DISCONNECTED
    let t2 = dev.now_ns();
    let (cm_a, cm_b) = (&mut conns.cms.0, &mut conns.cms.1);
    let ids = conns.ids.clone();
    let b_ids: std::collections::HashSet<_> = ids.iter().map(|&(_, b)| b).collect();
    for &(ia, _) in &ids {
        cm_a.disconnect(ia)?;
    }
    let mut down = 0usize;
    let mut last = dev.now_ns();
    while down < n {
        let mut moved = false;
        if let Some(e) = cm_b.poll()? {
            match e {
                CmEvent::Disconnected { id } if b_ids.contains(&id) => {
                    cm_b.disconnect(id)?;
                    down += 1;
                    moved = true;
                }
                e => return Err(format!("B during teardown: {e:?}").into()),
            }
        }
        if let Some(e) = cm_a.poll()? {
            return Err(format!("A during teardown: {e:?}").into());
        }
        if moved {
            last = dev.now_ns();
        } else if dev.now_ns() - last > STALL_NS {
            return Err(format!("teardown: {down} of {n} DISCONNECTED at B").into());
        }
        dev.relax();
    }
    let t_down = dev.now_ns() - t2;
    // the closes complete (A's after TIME_WAIT); every endpoint id is free
    let deadline = dev.now_ns() + STALL_NS;
    loop {
        let mut open = 0usize;
        for &(ia, ib) in &ids {
            for (nic, ep) in [(&p.a, ia.0), (&p.b, ib.0)] {
                match nic.tcp_tcb(ep, TcbField::State, 0, 0) {
                    Err(warpnic::Error::Tcp(CplStatus::BadId)) => {}
                    _ => open += 1,
                }
            }
        }
        if open == 0 {
            break;
        }
        if dev.now_ns() > deadline {
            return Err(format!("{open} endpoints still open after the teardown").into());
        }
        let end = dev.now_ns() + 50_000;
        while dev.now_ns() < end {
            cm_a.poll()?;
            cm_b.poll()?;
            dev.relax();
        }
    }
    let rst = p.a.stats()?.tcp_rst_sent + p.b.stats()?.tcp_rst_sent - rst0;
    println!(
        "  teardown: {n} closed by A, DISCONNECTED and closed by B after {:.1} us ({:.0} ns each); every endpoint id free again after {:.1} us (TIME_WAIT included); {rst} RSTs sent",
        us(t_down),
        t_down as f64 / n as f64,
        us(dev.now_ns() - t2)
    );
    if rst != 0 {
        return Err(format!("the teardown sent {rst} resets: not clean").into());
    }
    Ok(())
}
