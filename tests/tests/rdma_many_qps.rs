//! 1,024 RDMA connections between two NICs, all open at once through the
//! connection managers (`warpnic_sim::rdma::connect_many`, 16 connects in
//! flight): every QP of the core's 1,024 on each side. Each QP runs its own
//! random mix of Writes, Sends and Reads of 64 B to 64 KiB, all posted at
//! once; every completion comes in its QP's posting order with its opcode
//! and length, and every byte lands where it should and nowhere else.
//! The run prints the TCP segments each NIC's engine dropped: the goal is
//! none, but B's receive-WQE prefetcher reads one QP's ring at a time, so
//! Sends of many QPs at once overflow B's receive buffer and are resent
//! (about 950 of the run's segments today; docs/scale.md).
//!
//! `WARPNIC_MANY_QPS=N` runs N connections (default 1,024: the core's
//! QPs), `WARPNIC_MANY_QPS_MSGS=M` M messages a QP (default 2).
//!
//! Two messages a QP by default found a stall once: B's drops made A
//! resend after RTOs, a resent segment queued before the ACK of its bytes
//! asked wn_rdma_tx's FPDU server for bytes whose messages were retired,
//! and the server waited for them forever, holding every connection's
//! send turns. It now refuses such a stale read (wn_rdma_fpdu_srv).
//! And once a stale read wrote its QP's last position from the run before
//! it, of another QP: that QP's next read walked past its log's tail and
//! built an FPDU from a record never written (wn_rdma_fpdu_srv's
//! assertion now stops the run at such a record).

use std::collections::HashMap;
use std::sync::Arc;

use warpnic::verbs::{AccessFlags, SendWr, WcOpcode, WorkCompletion, WrOpcode};
use warpnic::{CompletionQueue, MemoryRegion, QpCaps, RecvWr};
use warpnic_abi::gen::CqeStatus;
use warpnic_sim::rdma::{connect_many, setup_pair, RdmaEnd};
use warpnic_sim::rng::Rng;
use warpnic_sim::traffic::Pair;
use warpnic_tests::pair;
use warpnic_tests::rdma::region;

/// Completion queue pairs (send, receive) per NIC, shared by the QPs: the
/// card has 8 CQs and the connection managers' streams take one.
const CQ_PAIRS: usize = 2;
const CQ_DEPTH: usize = 8192;
/// Connects in flight at once.
const WINDOW: usize = 16;

fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// One message: its opcode, its place in both sides' regions, its length.
#[derive(Clone, Copy)]
struct Msg {
    op: WrOpcode,
    off: usize,
    len: usize,
}

/// One connection's work and what it has seen.
struct Lane {
    msgs: Vec<Msg>,
    /// A's region (Write and Send sources, Read sinks) and B's (Write
    /// sinks, receive buffers, Read sources); both must end equal to `want`.
    a_mr: MemoryRegion,
    b_mr: MemoryRegion,
    want: Vec<u8>,
    done: usize,
    recvs_seen: usize,
}

/// Prints the connections of the first lanes that have not finished:
/// their messages and both sides' TCBs.
fn stuck(p: &Pair, lanes: &[Lane], ends: &[(RdmaEnd, RdmaEnd)]) {
    use warpnic_abi::gen::TcbField as F;
    let fields = [
        ("state", F::State),
        ("snd_una", F::SndUna),
        ("snd_nxt", F::SndNxt),
        ("rcv_nxt", F::RcvNxt),
        ("snd_wnd", F::SndWnd),
        ("cwnd", F::Cwnd),
        ("tx_segs", F::TxSegs),
        ("rx_segs", F::RxSegs),
        ("ulp", F::UlpMode),
    ];
    let open: Vec<usize> = (0..lanes.len())
        .filter(|&i| {
            lanes[i].done < lanes[i].msgs.len() || lanes[i].recvs_seen < sends(&lanes[i]).count()
        })
        .collect();
    println!(
        "{} lanes unfinished: {:?}",
        open.len(),
        &open[..open.len().min(20)]
    );
    for &i in open.iter().take(4) {
        let l = &lanes[i];
        let (a, b) = &ends[i];
        let ops: Vec<String> = l
            .msgs
            .iter()
            .map(|m| format!("{:?} {}", m.op, m.len))
            .collect();
        println!(
            "lane {i} (QP {} at A, {} at B): {ops:?}, {} sends done, {} receives",
            a.qp.qp_num(),
            b.qp.qp_num(),
            l.done,
            l.recvs_seen
        );
        for (side, nic, ep) in [("A", &p.a, a.ep), ("B", &p.b, b.ep)] {
            let v: Vec<String> = fields
                .iter()
                .map(|(n, f)| match nic.tcp_tcb(ep, *f, 0, 0) {
                    Ok(v) => format!("{n}={v:#x}"),
                    Err(e) => format!("{n}=({e})"),
                })
                .collect();
            println!("  {side}: {}", v.join(" "));
        }
    }
}

/// 64 B to 64 KiB, each power-of-two range as likely as the others.
fn size(rng: &mut Rng) -> usize {
    let lo = 64usize << rng.below(10);
    (lo + rng.below(lo as u64 + 1) as usize).min(65536)
}

fn contents(mr: &MemoryRegion) -> Vec<u8> {
    let mut b = vec![0u8; mr.mem().len()];
    mr.mem().read(0, &mut b).expect("read");
    b
}

fn lane(rng: &mut Rng, a: &RdmaEnd, b: &RdmaEnd, n_msgs: usize) -> Lane {
    let mut msgs = Vec::with_capacity(n_msgs);
    let mut off = 0;
    for _ in 0..n_msgs {
        let op = match rng.below(3) {
            0 => WrOpcode::RdmaWrite,
            1 => WrOpcode::Send,
            _ => WrOpcode::RdmaRead,
        };
        let len = size(rng);
        msgs.push(Msg { op, off, len });
        off += len.next_multiple_of(64);
    }
    let mut want = vec![0u8; off];
    rng.fill_bytes(&mut want);
    // A holds the sources of its Writes and Sends, B those of A's Reads;
    // every message's destination starts zeroed
    let (mut a0, mut b0) = (want.clone(), want.clone());
    for m in &msgs {
        let dst = if m.op == WrOpcode::RdmaRead {
            &mut a0
        } else {
            &mut b0
        };
        dst[m.off..m.off + m.len].fill(0);
    }
    // a Read's sink takes the READ RESPONSE's tagged placement: REMOTE_WRITE
    let a_mr = region(a, off, AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE);
    let b_mr = region(
        b,
        off,
        AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE | AccessFlags::REMOTE_READ,
    );
    a_mr.mem().write(0, &a0).expect("fill A");
    b_mr.mem().write(0, &b0).expect("fill B");
    Lane {
        msgs,
        a_mr,
        b_mr,
        want,
        done: 0,
        recvs_seen: 0,
    }
}

fn sends(l: &Lane) -> impl Iterator<Item = &Msg> {
    l.msgs.iter().filter(|m| m.op == WrOpcode::Send)
}

/// B's receives for the lane's Sends, in order, each its Send's place.
fn post_recvs(l: &Lane, b: &RdmaEnd) {
    for (j, m) in sends(l).enumerate() {
        let sge = [l.b_mr.sge(m.off as u64, m.len as u32).expect("sge")];
        b.qp.post_recv(&[RecvWr {
            wr_id: j as u64,
            sg_list: &sge,
        }])
        .expect("post recv");
    }
}

fn post_sends(l: &Lane, a: &RdmaEnd) {
    for (k, m) in l.msgs.iter().enumerate() {
        let sge = [l.a_mr.sge(m.off as u64, m.len as u32).expect("sge")];
        let (remote_addr, rkey) = match m.op {
            WrOpcode::Send => (0, 0),
            _ => (l.b_mr.addr() + m.off as u64, l.b_mr.rkey()),
        };
        a.qp.post_send(&[SendWr {
            wr_id: k as u64,
            opcode: m.op,
            sg_list: &sge,
            remote_addr,
            rkey,
            signaled: true,
            ..SendWr::default()
        }])
        .expect("post send");
    }
}

fn on_send(i: usize, l: &mut Lane, wc: &WorkCompletion) {
    let k = l.done;
    let m = l.msgs.get(k).copied().unwrap_or_else(|| {
        panic!(
            "QP {i}: a send completion beyond its {} messages",
            l.msgs.len()
        )
    });
    let want = match m.op {
        WrOpcode::RdmaWrite => WcOpcode::RdmaWrite,
        WrOpcode::RdmaRead => WcOpcode::RdmaRead,
        _ => WcOpcode::Send,
    };
    assert_eq!(
        (wc.wr_id, wc.status, wc.opcode, wc.byte_len),
        (k as u64, CqeStatus::Success, want, m.len as u32),
        "QP {i}: the completion of message {k}, in posting order"
    );
    l.done += 1;
}

fn on_recv(i: usize, l: &mut Lane, wc: &WorkCompletion) {
    let j = l.recvs_seen;
    let m = sends(l)
        .nth(j)
        .copied()
        .unwrap_or_else(|| panic!("QP {i}: a receive completion beyond its Sends"));
    assert_eq!(
        (wc.wr_id, wc.status, wc.opcode, wc.byte_len),
        (j as u64, CqeStatus::Success, WcOpcode::Recv, m.len as u32),
        "QP {i}: receive {j}, in order"
    );
    l.recvs_seen += 1;
}

/// Takes the completions waiting in `cqs`, each to its lane (found by its
/// QP number in `lane_of`) through `check`; returns how many.
fn reap<'c>(
    cqs: impl Iterator<Item = &'c CompletionQueue>,
    lane_of: &HashMap<u32, usize>,
    lanes: &mut [Lane],
    check: fn(usize, &mut Lane, &WorkCompletion),
) -> usize {
    let mut wcs = [WorkCompletion::default(); 64];
    let mut n = 0;
    for cq in cqs {
        let got = cq.poll_wc(&mut wcs).expect("poll");
        for wc in &wcs[..got] {
            let i = *lane_of
                .get(&wc.qp_num)
                .expect("a completion of one of the side's QPs");
            check(i, &mut lanes[i], wc);
        }
        n += got;
    }
    n
}

#[test]
fn every_qp_of_the_core_open_at_once_each_running_its_own_mix() {
    let p = pair();
    setup_pair(&p, None).expect("addresses and TCP timers");
    let n_qps = env_or("WARPNIC_MANY_QPS", 1024);
    let n_msgs = env_or("WARPNIC_MANY_QPS_MSGS", 2).max(1);
    let cqs = |nic| -> Vec<(Arc<CompletionQueue>, Arc<CompletionQueue>)> {
        (0..CQ_PAIRS)
            .map(|_| {
                (
                    Arc::new(CompletionQueue::new(nic, CQ_DEPTH, None).expect("send CQ")),
                    Arc::new(CompletionQueue::new(nic, CQ_DEPTH, None).expect("receive CQ")),
                )
            })
            .collect()
    };
    let (cqs_a, cqs_b) = (cqs(&p.a), cqs(&p.b));
    let caps = QpCaps {
        max_send_wr: (n_msgs as u32).next_power_of_two().max(2),
        max_recv_wr: (n_msgs as u32).next_power_of_two().max(2),
    };
    let dev = p.a.device().clone();
    let t0 = dev.now_ns();
    let conns = connect_many(&p, n_qps, caps, &cqs_a, &cqs_b, WINDOW).expect("connections");
    let t_conn = dev.now_ns() - t0;
    let ends = &conns.ends;
    assert_eq!(ends.len(), n_qps);
    let mut rng = Rng::new(0x5eed_1024);
    let mut lanes: Vec<Lane> = ends
        .iter()
        .map(|(a, b)| lane(&mut rng, a, b, n_msgs))
        .collect();
    // a completion's QP number leads to its lane
    let mut lane_of_a = HashMap::new();
    let mut lane_of_b = HashMap::new();
    for (i, (a, b)) in ends.iter().enumerate() {
        lane_of_a.insert(a.qp.qp_num(), i);
        lane_of_b.insert(b.qp.qp_num(), i);
    }
    let drops0 = (
        p.a.stats().expect("stats").tcp_rx_drop,
        p.b.stats().expect("stats").tcp_rx_drop,
    );
    for (l, (a, b)) in lanes.iter().zip(ends) {
        post_recvs(l, b);
        post_sends(l, a);
    }
    let t1 = dev.now_ns();
    let total_recvs: usize = lanes.iter().map(|l| sends(l).count()).sum();
    let (mut done, mut recvs) = (0, 0);
    let mut last = dev.now_ns();
    while done < n_qps * n_msgs || recvs < total_recvs {
        let sent = reap(cqs_a.iter().map(|c| &*c.0), &lane_of_a, &mut lanes, on_send);
        let got = reap(cqs_b.iter().map(|c| &*c.1), &lane_of_b, &mut lanes, on_recv);
        let moved = sent + got;
        done += sent;
        recvs += got;
        if moved == 0 {
            if dev.now_ns() - last >= 20_000_000 {
                stuck(&p, &lanes, ends);
            }
            assert!(
                dev.now_ns() - last < 20_000_000,
                "no completion for 20 ms: {done} of {} send completions, {recvs} of {total_recvs} receives",
                n_qps * n_msgs
            );
            dev.relax();
        } else {
            last = dev.now_ns();
        }
    }
    let t_data = dev.now_ns() - t1;
    // a Write's completion says B's TCP has its bytes: placement follows
    let settle = dev.now_ns() + 200_000;
    while dev.now_ns() < settle {
        dev.relax();
    }
    let mut bytes = 0;
    for (i, l) in lanes.iter().enumerate() {
        for (side, mr) in [("A", &l.a_mr), ("B", &l.b_mr)] {
            let got = contents(mr);
            if got != l.want {
                let at = got.iter().zip(&l.want).position(|(x, y)| x != y);
                let m = at.and_then(|b| {
                    l.msgs
                        .iter()
                        .position(|m| (m.off..m.off + m.len).contains(&b))
                });
                panic!("QP {i}: {side}'s region differs first at byte {at:?} (message {m:?})");
            }
        }
        bytes += l.msgs.iter().map(|m| m.len).sum::<usize>();
    }
    let drops = (
        p.a.stats().expect("stats").tcp_rx_drop - drops0.0,
        p.b.stats().expect("stats").tcp_rx_drop - drops0.1,
    );
    println!(
        "{n_qps} connections opened in {:.3} ms of device time; {} messages, {bytes} bytes in {:.3} ms ({:.2} Gb/s both ways together); segments dropped at A {}, at B {}",
        t_conn as f64 / 1e6,
        n_qps * n_msgs,
        t_data as f64 / 1e6,
        bytes as f64 * 8.0 / t_data as f64,
        drops.0,
        drops.1
    );
}
