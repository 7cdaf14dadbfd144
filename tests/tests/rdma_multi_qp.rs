//! Several queue pairs of one NIC at once, connected through the `Cm`:
//! the transmit side's WQE prefetcher serves one QP at a time, moves on
//! when another has work, and parks a QP whose Read waits for ORD (1
//! here) while the others go on. Small send queues (16 entries) wrap
//! many times. Every completion in posting order, every byte checked.

use std::sync::Arc;

use warpnic::cm::CmQp;
use warpnic::mpa::{AcceptParams, ConnectParams, MpaConfig};
use warpnic::verbs::{AccessFlags, SendWr, Sge, WcOpcode, WorkCompletion, WrOpcode};
use warpnic::{
    Cm, CmEvent, CompletionQueue, Device, MemoryRegion, Nic, ProtectionDomain, QpCaps, QueuePair,
    RecvWr,
};
use warpnic_abi::gen::CqeStatus;
use warpnic_sim::rng::Rng;
use warpnic_sim::traffic::Pair;
use warpnic_tests::rdma::mem_region;
use warpnic_tests::{cm_next as next, pair, tcp_pair_setup, B_IP};

const QPS: usize = 4;
const MSGS: usize = 48;
const SLOT: usize = 16384;
const SQ: usize = 16;
const RECV: usize = 4096;

fn mpa() -> MpaConfig {
    warpnic_tests::rdma::mpa_config(false)
}

struct Side {
    pd: ProtectionDomain,
    qp: Arc<QueuePair>,
}

/// A NIC's two completion queues, shared by its QPs (the NIC has 8).
struct Cqs {
    scq: Arc<CompletionQueue>,
    rcq: Arc<CompletionQueue>,
}

fn cqs(nic: &Nic) -> Cqs {
    Cqs {
        scq: Arc::new(CompletionQueue::new(nic, 1024, None).expect("send CQ")),
        rcq: Arc::new(CompletionQueue::new(nic, 1024, None).expect("receive CQ")),
    }
}

fn side(nic: &Nic, q: &Cqs) -> Side {
    let pd = nic.alloc_pd().expect("PD");
    let caps = QpCaps {
        max_recv_wr: 64,
        max_send_wr: SQ as u32,
    };
    let qp = Arc::new(pd.create_qp(&q.scq, &q.rcq, caps).expect("QP"));
    Side { pd, qp }
}

fn bytes(mr: &MemoryRegion, off: usize, len: usize) -> Vec<u8> {
    let mut b = vec![0u8; len];
    mr.mem().read(off, &mut b).expect("read");
    b
}

/// One connection: A's and B's QP, A's source, B's sink and receive
/// buffers, B's source of Reads and A's sink of them, and what was posted.
struct Conn {
    a: Side,
    b: Side,
    src: MemoryRegion,
    sink: MemoryRegion,
    rbuf: MemoryRegion,
    rsrc: MemoryRegion,
    rsink: MemoryRegion,
    data: Vec<u8>,
    rdata: Vec<u8>,
    /// Per message: opcode and length.
    msgs: Vec<(WrOpcode, usize)>,
    posted: usize,
    done: usize,
    sends_seen: usize,
    /// Receives posted at B.
    recv_posted: usize,
}

fn plan(rng: &mut Rng, reads: bool) -> Vec<(WrOpcode, usize)> {
    (0..MSGS)
        .map(|_| {
            let op = match rng.below(if reads { 4 } else { 3 }) {
                0 | 1 => WrOpcode::RdmaWrite,
                2 => WrOpcode::Send,
                _ => WrOpcode::RdmaRead,
            };
            let max = if op == WrOpcode::Send { RECV } else { SLOT };
            (op, 1 + rng.below(max as u64) as usize)
        })
        .collect()
}

fn connect(
    p: &Pair,
    (a, qa): (&mut Cm<'_>, &Cqs),
    (b, qb): (&mut Cm<'_>, &Cqs),
    rng: &mut Rng,
    reads: bool,
) -> Conn {
    let (sa, sb) = (side(&p.a, qa), side(&p.b, qb));
    let mut data = vec![0u8; MSGS * SLOT];
    rng.fill_bytes(&mut data);
    let mut rdata = vec![0u8; MSGS * SLOT];
    rng.fill_bytes(&mut rdata);
    let src = mem_region(&p.a, &sa.pd, data.len(), AccessFlags::LOCAL_WRITE);
    src.mem().write(0, &data).expect("fill");
    let rsink = mem_region(
        &p.a,
        &sa.pd,
        rdata.len(),
        AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE,
    );
    let sink = mem_region(
        &p.b,
        &sb.pd,
        data.len(),
        AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE,
    );
    let rbuf = mem_region(&p.b, &sb.pd, MSGS * RECV, AccessFlags::LOCAL_WRITE);
    let rsrc = mem_region(&p.b, &sb.pd, rdata.len(), AccessFlags::REMOTE_READ);
    rsrc.mem().write(0, &rdata).expect("fill");
    let params = ConnectParams {
        private_data: &[],
        ird: 1,
        ord: 1,
        p2p: false,
    };
    a.connect(B_IP, 7200, mpa(), params, Some(CmQp::new(sa.qp.clone())))
        .expect("connect");
    let CmEvent::ConnectRequest { id, .. } = next(p, b, a).expect("B's request") else {
        panic!("no request");
    };
    let recvs: Vec<RecvWr<'_>> = Vec::new();
    b.accept(
        id,
        AcceptParams {
            private_data: &[],
            ird: 1,
            ord: 1,
        },
        Some(CmQp::new(sb.qp.clone()).post_recv(&recvs)),
    )
    .expect("accept");
    let e = next(p, a, b).expect("A's ESTABLISHED");
    assert!(matches!(e, CmEvent::Established { .. }), "A: {e:?}");
    let e = next(p, b, a).expect("B's ESTABLISHED");
    assert!(matches!(e, CmEvent::Established { .. }), "B: {e:?}");
    let msgs = plan(rng, reads);
    // every Send's receive, in order, 4 KiB each
    let sends = msgs.iter().filter(|m| m.0 == WrOpcode::Send).count();
    for k in 0..sends {
        let sge = [rbuf.sge((k * RECV) as u64, RECV as u32).expect("sge")];
        sb.qp
            .post_recv(&[RecvWr {
                wr_id: k as u64,
                sg_list: &sge,
            }])
            .expect("post recv");
    }
    Conn {
        a: sa,
        b: sb,
        src,
        sink,
        rbuf,
        rsrc,
        rsink,
        data,
        rdata,
        msgs,
        posted: 0,
        done: 0,
        sends_seen: 0,
        recv_posted: sends,
    }
}

/// Posts what the send queue has room for; returns how many.
fn post(c: &mut Conn) -> usize {
    post_at(c, None)
}

/// Posts what the send queue has room for, message `bad` (a Write) to an
/// STag B never registered; returns how many.
fn post_at(c: &mut Conn, bad: Option<usize>) -> usize {
    let mut n = 0;
    while c.posted < MSGS && c.posted - c.done < SQ {
        let k = c.posted;
        let (op, len) = c.msgs[k];
        let off = (k * SLOT) as u64;
        let half = (len / 2) as u32;
        let sges: Vec<Sge> = if op == WrOpcode::RdmaRead {
            vec![c.rsink.sge(off, len as u32).expect("sge")]
        } else if half == 0 {
            vec![c.src.sge(off, len as u32).expect("sge")]
        } else {
            vec![
                c.src.sge(off, half).expect("sge"),
                c.src
                    .sge(off + u64::from(half), len as u32 - half)
                    .expect("sge"),
            ]
        };
        let (remote_addr, rkey) = match op {
            // index 0xffff: beyond B's MR table
            WrOpcode::RdmaWrite if bad == Some(k) => (c.sink.addr() + off, 0x00ff_ff00),
            WrOpcode::RdmaWrite => (c.sink.addr() + off, c.sink.rkey()),
            WrOpcode::RdmaRead => (c.rsrc.addr() + off, c.rsrc.rkey()),
            _ => (0, 0),
        };
        c.a.qp
            .post_send(&[SendWr {
                wr_id: k as u64,
                opcode: op,
                sg_list: &sges,
                remote_addr,
                rkey,
                signaled: true,
                ..SendWr::default()
            }])
            .expect("post send");
        c.posted += 1;
        n += 1;
    }
    n
}

/// Checks A's send completion `wc` of connection `i`.
fn on_send(i: usize, c: &mut Conn, wc: &WorkCompletion) {
    let k = c.done;
    let (op, len) = c.msgs[k];
    let want = match op {
        WrOpcode::RdmaWrite => WcOpcode::RdmaWrite,
        WrOpcode::RdmaRead => WcOpcode::RdmaRead,
        _ => WcOpcode::Send,
    };
    assert_eq!(
        (wc.wr_id, wc.status, wc.opcode, wc.byte_len),
        (k as u64, CqeStatus::Success, want, len as u32),
        "QP {i}: the completion of message {k} ({op:?}), in posting order"
    );
    if op == WrOpcode::RdmaRead {
        let off = k * SLOT;
        assert!(
            bytes(&c.rsink, off, len) == c.rdata[off..off + len],
            "QP {i}: Read {k}'s bytes"
        );
    }
    c.done += 1;
}

/// Checks B's receive completion `wc` of connection `i`.
fn on_recv(i: usize, c: &mut Conn, wc: &WorkCompletion) {
    let j = c.sends_seen;
    let k = c
        .msgs
        .iter()
        .enumerate()
        .filter(|(_, m)| m.0 == WrOpcode::Send)
        .nth(j)
        .map(|(k, _)| k)
        .expect("a Send for this receive");
    let len = c.msgs[k].1;
    assert_eq!(
        (wc.wr_id, wc.status, wc.byte_len),
        (j as u64, CqeStatus::Success, len as u32),
        "QP {i}: receive {j} (message {k})"
    );
    let off = k * SLOT;
    assert!(
        bytes(&c.rbuf, j * RECV, len) == c.data[off..off + len],
        "QP {i}: Send {k}'s bytes"
    );
    c.sends_seen += 1;
}

/// The connection a completion of A's send CQ (`send`) or B's receive CQ
/// belongs to.
fn conn_of(conns: &[Conn], wc: &WorkCompletion, send: bool) -> usize {
    conns
        .iter()
        .position(|c| {
            let qp = if send { &c.a.qp } else { &c.b.qp };
            qp.qp_num() == wc.qp_num
        })
        .expect("a completion of one of the QPs")
}

/// Takes the completions of `cq` (A's send CQ if `send`, else B's
/// receive CQ), each to its connection; returns how many.
fn reap(cq: &CompletionQueue, conns: &mut [Conn], send: bool) -> usize {
    let mut wcs = [WorkCompletion::default(); 16];
    let got = cq.poll_wc(&mut wcs).expect("poll");
    for wc in &wcs[..got] {
        let i = conn_of(conns, wc, send);
        if send {
            on_send(i, &mut conns[i], wc);
        } else {
            on_recv(i, &mut conns[i], wc);
        }
    }
    got
}

/// Sets up TCP on `p`, a connection manager and two shared CQs per NIC,
/// and QPS connections through them (connection `i` also Reads if
/// `reads(i)`), their data drawn from `seed`.
fn open(
    p: &Pair,
    seed: u64,
    reads: impl Fn(usize) -> bool,
) -> (Cm<'_>, Cm<'_>, Cqs, Cqs, Vec<Conn>) {
    tcp_pair_setup(p);
    let mut a = Cm::new(&p.a);
    let mut b = Cm::new(&p.b);
    let (qa, qb) = (cqs(&p.a), cqs(&p.b));
    b.listen(7200, 8, mpa()).expect("listen");
    let mut rng = Rng::new(seed);
    let conns = (0..QPS)
        .map(|i| connect(p, (&mut a, &qa), (&mut b, &qb), &mut rng, reads(i)))
        .collect();
    (a, b, qa, qb, conns)
}

/// Lets placement finish (a Write's completion says B's TCP has its
/// bytes; placement follows), then checks the bytes of every Write of
/// connection `i` among its first `upto(i)` messages.
fn check_writes(dev: &dyn Device, conns: &[Conn], upto: impl Fn(usize) -> usize) {
    let settle = dev.now_ns() + 200_000;
    while dev.now_ns() < settle {
        dev.relax();
    }
    for (i, c) in conns.iter().enumerate() {
        for (k, &(op, len)) in c.msgs[..upto(i)].iter().enumerate() {
            if op == WrOpcode::RdmaWrite {
                let off = k * SLOT;
                assert!(
                    bytes(&c.sink, off, len) == c.data[off..off + len],
                    "QP {i}: Write {k}'s bytes"
                );
            }
        }
    }
}

#[test]
fn queue_pairs_share_the_send_path() {
    let p = pair();
    // QP 0 also reads, one at a time (ORD 1): its Reads wait and park it
    let (_a, _b, qa, qb, mut conns) = open(&p, 0x5eed_0700, |i| i == 0);
    let dev = p.a.device().clone();
    let mut last = dev.now_ns();
    while conns.iter().any(|c| {
        c.done < MSGS || c.sends_seen < c.msgs.iter().filter(|m| m.0 == WrOpcode::Send).count()
    }) {
        let mut moved = 0;
        for c in conns.iter_mut() {
            moved += post(c);
        }
        moved += reap(&qa.scq, &mut conns, true) + reap(&qb.rcq, &mut conns, false);
        if moved == 0 {
            assert!(
                dev.now_ns() - last < 20_000_000,
                "no progress for 20 ms: {:?}",
                conns
                    .iter()
                    .map(|c| (c.posted, c.done, c.sends_seen))
                    .collect::<Vec<_>>()
            );
            dev.relax();
        } else {
            last = dev.now_ns();
        }
    }
    check_writes(dev.as_ref(), &conns, |_| MSGS);
}

/// One QP of four breaks the rules while the others' packets are in
/// flight around its own: QP 1 Writes to an STag B never registered in the
/// middle of its messages. B answers with TERMINATE and puts its QP 1 into
/// ERROR; its posted receives then complete as FLUSHED, in order, each
/// once, after the Sends that came before the bad Write (which complete
/// with their bytes). The three other QPs finish every message untouched,
/// with their packets interleaved with QP 1's in B's receive pipeline.
#[test]
fn a_qp_that_fails_among_others_flushes_alone() {
    const BAD_QP: usize = 1;
    const BAD_MSG: usize = MSGS / 2;
    let p = pair();
    let (_a, _b, qa, qb, mut conns) = open(&p, 0x5eed_0701, |_| false);
    // QP 1's bad message is a Write to an STag whose index is beyond B's MR
    // table; its messages after it are Sends, so B has receives to flush
    {
        let c = &mut conns[BAD_QP];
        c.msgs[BAD_MSG] = (WrOpcode::RdmaWrite, 1000);
        for m in &mut c.msgs[BAD_MSG + 1..] {
            m.0 = WrOpcode::Send;
            m.1 = m.1.min(RECV);
        }
        let sends = c.msgs.iter().filter(|m| m.0 == WrOpcode::Send).count();
        // receives for the Sends this added (connect posted the others)
        for k in c.recv_posted..sends {
            let sge = [c.rbuf.sge((k * RECV) as u64, RECV as u32).expect("sge")];
            c.b.qp
                .post_recv(&[RecvWr {
                    wr_id: k as u64,
                    sg_list: &sge,
                }])
                .expect("post recv");
        }
        c.recv_posted = sends;
    }
    let sends_before_bad = conns[BAD_QP].msgs[..BAD_MSG]
        .iter()
        .filter(|m| m.0 == WrOpcode::Send)
        .count();
    let dev = p.a.device().clone();
    let mut last = dev.now_ns();
    // QP 1: A's completions (wr_id, status) and B's (wr_id, status)
    let mut bad_send_wcs: Vec<(u64, CqeStatus)> = Vec::new();
    let mut bad_recv_wcs: Vec<(u64, CqeStatus)> = Vec::new();
    loop {
        let others_done = conns
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != BAD_QP)
            .all(|(_, c)| {
                c.done == MSGS
                    && c.sends_seen == c.msgs.iter().filter(|m| m.0 == WrOpcode::Send).count()
            });
        let bad = &conns[BAD_QP];
        let bad_done = bad.posted == MSGS
            && bad_send_wcs.len() == MSGS
            && bad_recv_wcs.len() == bad.recv_posted;
        if others_done && bad_done {
            break;
        }
        let mut moved = 0;
        for (i, c) in conns.iter_mut().enumerate() {
            moved += post_at(c, (i == BAD_QP).then_some(BAD_MSG));
        }
        let mut wcs = [WorkCompletion::default(); 16];
        for (cq, send) in [(&qa.scq, true), (&qb.rcq, false)] {
            let got = cq.poll_wc(&mut wcs).expect("poll");
            moved += got;
            for wc in &wcs[..got] {
                let i = conn_of(&conns, wc, send);
                match (i == BAD_QP, send) {
                    (true, true) => {
                        bad_send_wcs.push((wc.wr_id, wc.status));
                        conns[i].done += 1;
                    }
                    (true, false) => {
                        let j = bad_recv_wcs.len();
                        if wc.status == CqeStatus::Success {
                            on_recv(i, &mut conns[i], wc);
                        }
                        assert_eq!(
                            wc.wr_id, j as u64,
                            "QP 1's receives complete in order, once each"
                        );
                        bad_recv_wcs.push((wc.wr_id, wc.status));
                    }
                    (false, true) => on_send(i, &mut conns[i], wc),
                    (false, false) => on_recv(i, &mut conns[i], wc),
                }
            }
        }
        if moved == 0 {
            assert!(
                dev.now_ns() - last < 20_000_000,
                "no progress for 20 ms: {:?}; QP 1: {} posted, {} send and {} of {} receive completions",
                conns.iter().map(|c| (c.posted, c.done, c.sends_seen)).collect::<Vec<_>>(),
                conns[BAD_QP].posted,
                bad_send_wcs.len(),
                bad_recv_wcs.len(),
                conns[BAD_QP].recv_posted,
            );
            dev.relax();
        } else {
            last = dev.now_ns();
        }
    }
    // A: every WR of QP 1 completes once, in posting order, the ones before
    // the bad Write with success
    for (k, &(id, st)) in bad_send_wcs.iter().enumerate() {
        assert_eq!(id, k as u64, "QP 1's send completions in posting order");
        if k < BAD_MSG {
            assert_eq!(
                st,
                CqeStatus::Success,
                "QP 1's message {k}, before the bad Write"
            );
        }
    }
    // B: the Sends before the bad Write arrived with their bytes (checked
    // in on_recv); every receive after them is flushed
    for (j, &(_, st)) in bad_recv_wcs.iter().enumerate() {
        let want = if j < sends_before_bad {
            CqeStatus::Success
        } else {
            CqeStatus::Flushed
        };
        assert_eq!(
            st, want,
            "QP 1's receive {j} ({sends_before_bad} Sends came before the bad Write)"
        );
    }
    check_writes(dev.as_ref(), &conns, |i| {
        if i == BAD_QP {
            BAD_MSG
        } else {
            MSGS
        }
    });
}
