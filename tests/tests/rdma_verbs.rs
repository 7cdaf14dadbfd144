//! RDMA between two simulated NICs through the verbs: the hardware frames,
//! places and completes (wn_rdma_tx, wn_rdma_rx); the hosts only post work
//! requests and poll completions.

use std::sync::Arc;
use std::time::Duration;

use warpnic::verbs::{AccessFlags, QpCaps, SendWr, WcOpcode, WorkCompletion, WrOpcode};
use warpnic::{MemoryRegion, RecvWr};
use warpnic_abi::gen::CqeStatus;
use warpnic_sim::rng::Rng;
use warpnic_tests::pair;
use warpnic_tests::rdma::{rdma_pair, rdma_pair_with, region, EndChecks, RdmaEnd};

const WAIT: Duration = Duration::from_millis(20);

#[allow(dead_code)]
fn dump(name: &str, e: &RdmaEnd) {
    use warpnic_abi::gen::TcbField;
    let ep = e.ep;
    let f = |fl| e.nic.tcp_tcb(ep, fl, 0, 0).unwrap_or(u64::MAX);
    eprintln!(
        "{name}: snd_una {:#x} snd_nxt {:#x} rcv_nxt {:#x} stream {:#x} engine {:#x} ulp {} qpid {} tx_segs {:#x} rx_segs {:#x} qp {:?} stats {:?}",
        f(TcbField::SndUna),
        f(TcbField::SndNxt),
        f(TcbField::RcvNxt),
        f(TcbField::Stream),
        f(TcbField::Engine),
        f(TcbField::UlpMode),
        f(TcbField::Qpid),
        f(TcbField::TxSegs),
        f(TcbField::RxSegs),
        e.qp.query(),
        e.nic.stats()
    );
}

fn one_wc(cq: &warpnic::CompletionQueue) -> WorkCompletion {
    let mut wc = [WorkCompletion::default(); 1];
    let n = cq.poll_wc_wait(&mut wc, WAIT).expect("poll");
    assert_eq!(n, 1, "a completion within {WAIT:?}");
    wc[0]
}

fn bytes(mr: &MemoryRegion, off: usize, len: usize) -> Vec<u8> {
    let mut b = vec![0u8; len];
    mr.mem().read(off, &mut b).expect("read");
    b
}

/// The first difference between `got` and `want`, for a failure message.
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

/// A connected pair with 64-entry rings.
fn rdma_pair_64(p: &warpnic_tests::traffic::Pair) -> (RdmaEnd, RdmaEnd) {
    rdma_pair_with(
        p,
        QpCaps {
            max_recv_wr: 64,
            max_send_wr: 64,
        },
        |_, _| {},
    )
}

#[test]
fn rdma_write_send_read_between_two_nics() {
    let p = pair();
    let (a, b) = rdma_pair(&p);
    let mut rng = Rng::new(0x5eed_0001);
    let all = AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE | AccessFlags::REMOTE_READ;
    let src = region(&a, 1 << 20, AccessFlags::LOCAL_WRITE);
    let sink = region(&b, 1 << 20, all);
    let mut data = vec![0u8; 1 << 20];
    rng.fill_bytes(&mut data);
    src.mem().write(0, &data).expect("fill");
    let rbuf = region(&b, 8192, AccessFlags::LOCAL_WRITE);
    b.qp.post_recv(&[RecvWr {
        wr_id: 7,
        sg_list: &[rbuf.sge(0, 8192).expect("sge")],
    }])
    .expect("post recv");

    // an RDMA Write of 100 000 bytes to B at offset 4096, then a Send of
    // 3000: the Send's arrival at B means the Write is placed (RFC 5040
    // §5.5: messages complete in order)
    let len = 100_000usize;
    a.qp.post_send(&[
        SendWr {
            wr_id: 1,
            opcode: WrOpcode::RdmaWrite,
            sg_list: &[src.sge(0, len as u32).expect("sge")],
            remote_addr: sink.addr() + 4096,
            rkey: sink.rkey(),
            ..SendWr::default()
        },
        SendWr {
            wr_id: 2,
            opcode: WrOpcode::Send,
            sg_list: &[src.sge(1000, 3000).expect("sge")],
            ..SendWr::default()
        },
    ])
    .expect("post write and send");
    let wc = one_wc(&a.scq);
    assert_eq!(
        (wc.wr_id, wc.status, wc.opcode),
        (1, CqeStatus::Success, WcOpcode::RdmaWrite)
    );
    let wc = one_wc(&a.scq);
    assert_eq!(
        (wc.wr_id, wc.status, wc.opcode),
        (2, CqeStatus::Success, WcOpcode::Send)
    );
    let wc = one_wc(&b.rcq);
    assert_eq!(
        (wc.wr_id, wc.status, wc.opcode, wc.byte_len),
        (7, CqeStatus::Success, WcOpcode::Recv, 3000)
    );
    let got = bytes(&rbuf, 0, 3000);
    assert!(
        got == data[1000..4000],
        "sent bytes: {}",
        diff(&got, &data[1000..4000])
    );
    let got = bytes(&sink, 4096, len);
    assert!(
        got == data[..len],
        "written bytes: {}",
        diff(&got, &data[..len])
    );
    assert!(
        bytes(&sink, 0, 4096).iter().all(|&x| x == 0),
        "nothing before"
    );
    assert!(
        bytes(&sink, 4096 + len, 4096).iter().all(|&x| x == 0),
        "nothing after"
    );

    // an RDMA Read of 50 000 bytes from B into A
    let rsink = region(
        &a,
        65536,
        AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE,
    );
    a.qp.post_send(&[SendWr {
        wr_id: 3,
        opcode: WrOpcode::RdmaRead,
        sg_list: &[rsink.sge(0, 50_000).expect("sge")],
        remote_addr: sink.addr() + 4096,
        rkey: sink.rkey(),
        ..SendWr::default()
    }])
    .expect("post read");
    let wc = one_wc(&a.scq);
    assert_eq!(
        (wc.wr_id, wc.status, wc.opcode),
        (3, CqeStatus::Success, WcOpcode::RdmaRead)
    );
    let got = bytes(&rsink, 0, 50_000);
    assert!(
        got == data[..50_000],
        "read bytes: {}",
        diff(&got, &data[..50_000])
    );
}

#[test]
fn rdma_write_to_an_invalid_stag_is_terminated_on_both_sides() {
    use warpnic_abi::gen::TermLayer;
    let p = pair();
    let (a, b) = rdma_pair(&p);
    let src = region(&a, 65536, AccessFlags::LOCAL_WRITE);
    src.mem().fill(0, 65536, 0xa5).expect("fill");
    let sink = region(
        &b,
        65536,
        AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE,
    );
    // B's posted buffer must come back FLUSHED
    let rbuf = region(&b, 4096, AccessFlags::LOCAL_WRITE);
    b.qp.post_recv(&[RecvWr {
        wr_id: 70,
        sg_list: &[rbuf.sge(0, 4096).expect("sge")],
    }])
    .expect("post recv");
    // the right index with a wrong key
    a.qp.post_send(&[SendWr {
        wr_id: 9,
        opcode: WrOpcode::RdmaWrite,
        sg_list: &[src.sge(0, 10_000).expect("sge")],
        remote_addr: sink.addr(),
        rkey: sink.rkey() ^ 0x01,
        ..SendWr::default()
    }])
    .expect("post write");
    // RFC 5041 §7.2: DDP layer, tagged buffer error, invalid STag
    b.sent_terminate(&a, TermLayer::Ddp, 1, 0x00);
    assert!(
        bytes(&sink, 0, 65536).iter().all(|&x| x == 0),
        "nothing placed"
    );
    let wc = one_wc(&b.rcq);
    assert_eq!((wc.wr_id, wc.status), (70, CqeStatus::Flushed));
}

#[test]
fn rdma_fast_register_and_invalidate_work_requests() {
    use warpnic_abi::gen::{CplTermOrigin, TermLayer};
    let p = pair();
    let (a, b) = rdma_pair(&p);
    let src = region(&a, 65536, AccessFlags::LOCAL_WRITE);
    src.mem().fill(0, 65536, 0x3c).expect("fill");
    let rbuf = region(&b, 4096, AccessFlags::LOCAL_WRITE);
    // a fast-register region of B: invalid until B's work request
    let fr = region(&b, 65536, AccessFlags::LOCAL_WRITE | AccessFlags::FAST_REG);
    assert!(!fr.is_valid().expect("valid?"));
    let rights = AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE;
    let key1 =
        b.qp.post_fast_reg(40, &fr, rights, true)
            .expect("fast-register");
    let wc = one_wc(&b.scq);
    assert_eq!(
        (wc.wr_id, wc.status, wc.opcode),
        (40, CqeStatus::Success, WcOpcode::FastReg)
    );
    assert_eq!(fr.rkey(), key1);
    // A writes into it, then Sends with Invalidate of it
    b.qp.post_recv(&[RecvWr {
        wr_id: 41,
        sg_list: &[rbuf.sge(0, 4096).expect("sge")],
    }])
    .expect("post recv");
    a.qp.post_send(&[
        SendWr {
            wr_id: 42,
            opcode: WrOpcode::RdmaWrite,
            sg_list: &[src.sge(0, 5000).expect("sge")],
            remote_addr: fr.addr() + 100,
            rkey: key1,
            signaled: false,
            ..SendWr::default()
        },
        SendWr {
            wr_id: 43,
            opcode: WrOpcode::SendInv,
            sg_list: &[src.sge(0, 64).expect("sge")],
            inv_stag: key1,
            ..SendWr::default()
        },
    ])
    .expect("post");
    let wc = one_wc(&b.rcq);
    assert_eq!(
        (wc.wr_id, wc.status, wc.invalidated_rkey),
        (41, CqeStatus::Success, Some(key1))
    );
    assert!(
        bytes(&fr, 100, 5000).iter().all(|&x| x == 0x3c),
        "written before the invalidation"
    );
    assert!(!fr.is_valid().expect("valid?"), "remotely invalidated");
    let wc = one_wc(&a.scq);
    assert_eq!(
        (wc.wr_id, wc.opcode),
        (43, WcOpcode::Send),
        "the unsignaled Write completes silently"
    );
    // again with the next key, then a local invalidate
    let key2 =
        b.qp.post_fast_reg(44, &fr, rights, false)
            .expect("fast-register");
    assert_eq!(key2 >> 8, key1 >> 8, "same index");
    assert_ne!(key2, key1, "a new key");
    b.qp.post_send(&[SendWr {
        wr_id: 45,
        opcode: WrOpcode::LocalInv,
        inv_stag: key2,
        ..SendWr::default()
    }])
    .expect("local invalidate");
    let wc = one_wc(&b.scq);
    assert_eq!(
        (wc.wr_id, wc.status, wc.opcode),
        (45, CqeStatus::Success, WcOpcode::LocalInv)
    );
    // a Write to the invalidated region ends the connection
    a.qp.post_send(&[SendWr {
        wr_id: 46,
        opcode: WrOpcode::RdmaWrite,
        sg_list: &[src.sge(0, 100).expect("sge")],
        remote_addr: fr.addr(),
        rkey: key2,
        ..SendWr::default()
    }])
    .expect("post");
    let eb = b.wait_error();
    assert_eq!(
        (eb.origin, eb.layer, eb.etype, eb.ecode),
        (Ok(CplTermOrigin::Hardware), Ok(TermLayer::Ddp), 1, 0x00),
        "{eb}"
    );
    assert!(bytes(&fr, 0, 100).iter().all(|&x| x == 0), "nothing placed");
}

#[test]
fn rdma_reads_beyond_ord_wait_for_their_turn() {
    // 40 Reads posted at once: the requester keeps at most ORD (16)
    // outstanding, the next one waiting at the head of its prefetched
    // WQEs, so B's IRD of 16 is never exceeded
    let p = pair();
    let (a, b) = rdma_pair_64(&p);
    let src = region(&b, 1 << 20, AccessFlags::REMOTE_READ);
    let mut data = vec![0u8; 1 << 20];
    Rng::new(7).fill_bytes(&mut data);
    src.mem().write(0, &data).expect("fill");
    let sink = region(
        &a,
        1 << 20,
        AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE,
    );
    let wrs: Vec<SendWr> = (0..40u64)
        .map(|k| SendWr {
            wr_id: 100 + k,
            opcode: WrOpcode::RdmaRead,
            sg_list: std::slice::from_ref(Box::leak(Box::new(
                sink.sge(k * 20_000, 20_000).expect("sge"),
            ))),
            remote_addr: src.addr() + k * 20_000,
            rkey: src.rkey(),
            ..SendWr::default()
        })
        .collect();
    a.qp.post_send(&wrs).expect("post reads");
    for k in 0..40u64 {
        let wc = one_wc(&a.scq);
        assert_eq!(
            (wc.wr_id, wc.status, wc.opcode),
            (100 + k, CqeStatus::Success, WcOpcode::RdmaRead)
        );
    }
    let got = bytes(&sink, 0, 800_000);
    assert!(
        got == data[..800_000],
        "read bytes: {}",
        diff(&got, &data[..800_000])
    );
    assert_eq!(
        b.qp.query().expect("query").state,
        warpnic_abi::gen::QpState::Rts,
        "B never saw more Reads than its IRD"
    );
}

#[test]
fn rdma_sqd_holds_new_sends_and_still_answers_reads() {
    use warpnic::verbs::QpAttrs;
    use warpnic_abi::gen::QpState;
    let p = pair();
    let (a, b) = rdma_pair(&p);
    let src = region(
        &b,
        65536,
        AccessFlags::REMOTE_READ | AccessFlags::LOCAL_WRITE,
    );
    src.mem().fill(0, 65536, 0x5c).expect("fill");
    let sink = region(
        &a,
        65536,
        AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE,
    );
    let rbuf = region(&a, 4096, AccessFlags::LOCAL_WRITE);
    a.qp.post_recv(&[RecvWr {
        wr_id: 80,
        sg_list: &[rbuf.sge(0, 4096).expect("sge")],
    }])
    .expect("post recv");
    // B drains its send queue: a Send posted now waits
    b.qp.modify(&QpAttrs::new(QpState::Sqd)).expect("SQD");
    assert_eq!(b.qp.query().expect("query").state, QpState::Sqd);
    b.qp.post_send(&[SendWr {
        wr_id: 81,
        opcode: WrOpcode::Send,
        sg_list: &[src.sge(0, 100).expect("sge")],
        ..SendWr::default()
    }])
    .expect("post send");
    // B still receives, and answers A's Read (the responder's READ
    // RESPONSE is no work request of B's send queue)
    a.qp.post_send(&[SendWr {
        wr_id: 82,
        opcode: WrOpcode::RdmaRead,
        sg_list: &[sink.sge(0, 8192).expect("sge")],
        remote_addr: src.addr(),
        rkey: src.rkey(),
        ..SendWr::default()
    }])
    .expect("post read");
    let wc = one_wc(&a.scq);
    assert_eq!(
        (wc.wr_id, wc.status, wc.opcode),
        (82, CqeStatus::Success, WcOpcode::RdmaRead)
    );
    assert!(bytes(&sink, 0, 8192).iter().all(|&x| x == 0x5c));
    let mut wc = [WorkCompletion::default(); 1];
    assert_eq!(
        a.rcq
            .poll_wc_wait(&mut wc, Duration::from_millis(1))
            .expect("poll"),
        0,
        "B's Send waits while its QP is in SQD"
    );
    // back to RTS: the Send goes
    b.qp.modify(&QpAttrs::new(QpState::Rts)).expect("RTS");
    let wc = one_wc(&a.rcq);
    assert_eq!(
        (wc.wr_id, wc.status, wc.byte_len),
        (80, CqeStatus::Success, 100)
    );
    let wc = one_wc(&b.scq);
    assert_eq!((wc.wr_id, wc.status), (81, CqeStatus::Success));
}

#[test]
fn rdma_sqd_reports_sq_drained_after_the_last_completion() {
    use warpnic::verbs::QpAttrs;
    use warpnic::{Event, EventQueue, SqDrainedEvent};
    use warpnic_abi::gen::QpState;
    let p = pair();
    let (a, b) = rdma_pair_64(&p);
    let eq = EventQueue::new(&a.nic, 64).expect("EQ");
    assert_eq!(eq.index(), 0, "RDMA events go to event queue 0");
    let dev = a.nic.device().clone();
    // the next event within 5 ms of device time
    let next_event = || -> Option<Event> {
        let end = dev.now_ns() + 5_000_000;
        let mut evs = Vec::new();
        while dev.now_ns() < end {
            eq.poll(&mut evs).expect("poll EQ");
            if let Some(e) = evs.first() {
                assert_eq!(evs.len(), 1, "one event: {evs:?}");
                return Some(*e);
            }
            dev.relax();
        }
        None
    };
    let src = region(&a, 1 << 21, AccessFlags::LOCAL_WRITE);
    let sink = region(
        &b,
        1 << 21,
        AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE | AccessFlags::REMOTE_READ,
    );
    let rsink = region(
        &a,
        1 << 18,
        AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE,
    );
    // 2 MiB of Writes and four 64 KiB Reads in progress when A drains
    let mut wrs: Vec<SendWr> = (0..32u64)
        .map(|k| SendWr {
            wr_id: k,
            opcode: WrOpcode::RdmaWrite,
            sg_list: std::slice::from_ref(Box::leak(Box::new(
                src.sge(k << 16, 1 << 16).expect("sge"),
            ))),
            remote_addr: sink.addr() + (k << 16),
            rkey: sink.rkey(),
            ..SendWr::default()
        })
        .collect();
    wrs.extend((0..4u64).map(|k| SendWr {
        wr_id: 32 + k,
        opcode: WrOpcode::RdmaRead,
        sg_list: std::slice::from_ref(Box::leak(Box::new(
            rsink.sge(k << 16, 1 << 16).expect("sge"),
        ))),
        remote_addr: sink.addr() + (k << 16),
        rkey: sink.rkey(),
        ..SendWr::default()
    }));
    a.qp.post_send(&wrs).expect("post");
    // SQD stops the QP from starting work requests: drain once the first
    // has completed (all 36 are started by then, the Writes take 180 µs)
    let mut wcs = [WorkCompletion::default(); 64];
    let n_before = a
        .scq
        .poll_wc_wait(&mut wcs, Duration::from_millis(1))
        .expect("poll");
    assert!(n_before > 0, "the first Write completes");
    a.qp.modify(&QpAttrs::new(QpState::Sqd)).expect("SQD");
    // a Send posted now waits for RTS and does not hold the drain back
    let rbuf = region(&b, 4096, AccessFlags::LOCAL_WRITE);
    b.qp.post_recv(&[RecvWr {
        wr_id: 90,
        sg_list: &[rbuf.sge(0, 4096).expect("sge")],
    }])
    .expect("post recv");
    a.qp.post_send(&[SendWr {
        wr_id: 99,
        opcode: WrOpcode::Send,
        sg_list: &[src.sge(0, 100).expect("sge")],
        ..SendWr::default()
    }])
    .expect("post send");
    let mut early = Vec::new();
    eq.poll(&mut early).expect("poll EQ");
    assert!(
        early.is_empty(),
        "no event while 2 MiB are in flight: {early:?}"
    );
    assert!(n_before < 36, "the drain outlasts the posting");
    let ev = next_event().expect("SQ_DRAINED within 5 ms");
    assert_eq!(
        SqDrainedEvent::from_event(&ev),
        Some(SqDrainedEvent {
            qp_num: a.qp.qp_num()
        }),
        "{ev:?}"
    );
    // every completion was handed to the CQ before the event
    let mut got: Vec<u64> = wcs[..n_before].iter().map(|w| w.wr_id).collect();
    while got.len() < 36 {
        let n = a
            .scq
            .poll_wc_wait(&mut wcs, Duration::from_micros(2))
            .expect("poll");
        assert!(n > 0, "completions missing at the event: {got:?}");
        got.extend(wcs[..n].iter().map(|w| w.wr_id));
    }
    assert_eq!(got, (0..36).collect::<Vec<u64>>());
    assert_eq!(
        a.scq
            .poll_wc_wait(&mut wcs, Duration::from_millis(1))
            .expect("poll"),
        0,
        "the Send posted in SQD has not gone"
    );
    // back to RTS: the Send goes; a second drain with nothing in progress
    // reports at once, and only once
    a.qp.modify(&QpAttrs::new(QpState::Rts)).expect("RTS");
    let wc = one_wc(&a.scq);
    assert_eq!((wc.wr_id, wc.status), (99, CqeStatus::Success));
    a.qp.modify(&QpAttrs::new(QpState::Sqd)).expect("SQD again");
    let ev = next_event().expect("the second SQ_DRAINED");
    assert_eq!(
        SqDrainedEvent::from_event(&ev).map(|e| e.qp_num),
        Some(a.qp.qp_num())
    );
    assert!(next_event().is_none(), "one event per entry into SQD");
}

#[test]
fn rdma_send_completing_in_error_moves_the_qp_to_error() {
    use warpnic_abi::gen::{QpState, TermLayer};
    let p = pair();
    let (a, b) = rdma_pair(&p);
    let src = region(&a, 4096, AccessFlags::LOCAL_WRITE);
    let rbuf = region(&b, 4096, AccessFlags::LOCAL_WRITE);
    let abuf = region(&a, 4096, AccessFlags::LOCAL_WRITE);
    // a fast-register region of B, valid; A invalidates it with a Send
    // with Invalidate, and B's host has not polled that receive yet: it
    // still takes the region for valid, the hardware does not
    let fr = region(&b, 4096, AccessFlags::LOCAL_WRITE | AccessFlags::FAST_REG);
    let key =
        b.qp.post_fast_reg(40, &fr, AccessFlags::LOCAL_WRITE, true)
            .expect("fast-register");
    let wc = one_wc(&b.scq);
    assert_eq!((wc.wr_id, wc.status), (40, CqeStatus::Success));
    b.qp.post_recv(&[RecvWr {
        wr_id: 41,
        sg_list: &[rbuf.sge(0, 4096).expect("sge")],
    }])
    .expect("post recv");
    a.qp.post_recv(&[RecvWr {
        wr_id: 42,
        sg_list: &[abuf.sge(0, 4096).expect("sge")],
    }])
    .expect("post recv");
    a.qp.post_send(&[SendWr {
        wr_id: 43,
        opcode: WrOpcode::SendInv,
        sg_list: &[src.sge(0, 64).expect("sge")],
        inv_stag: key,
        ..SendWr::default()
    }])
    .expect("post");
    let dev = b.nic.device().clone();
    let stop = dev.now_ns() + 5_000_000;
    let mut cs = [warpnic::Completion::default(); 1];
    while b.rcq.poll(&mut cs).expect("poll") == 0 {
        assert!(dev.now_ns() < stop, "B receives the Send with Invalidate");
        dev.relax();
    }
    assert_eq!((cs[0].wr_id, cs[0].status), (41, CqeStatus::Success));
    // B gathers from the invalidated region: a local protection error,
    // and (RC/iWARP verbs) the QP goes to ERROR; the Send after it is
    // flushed, never sent
    b.qp.post_send(&[
        SendWr {
            wr_id: 91,
            opcode: WrOpcode::Send,
            sg_list: &[fr.sge(0, 100).expect("sge")],
            ..SendWr::default()
        },
        SendWr {
            wr_id: 92,
            opcode: WrOpcode::Send,
            sg_list: &[rbuf.sge(0, 100).expect("sge")],
            ..SendWr::default()
        },
    ])
    .expect("post");
    let wc = one_wc(&b.scq);
    assert_eq!((wc.wr_id, wc.status), (91, CqeStatus::LocProtErr));
    let wc = one_wc(&b.scq);
    assert_eq!((wc.wr_id, wc.status), (92, CqeStatus::Flushed));
    assert_eq!(b.qp.query().expect("query").state, QpState::Error);
    // B's Terminate: RDMAP, local catastrophic error (RFC 5040 §7.1), as
    // Linux soft-iWARP sends for a send-queue error
    b.sent_terminate(&a, TermLayer::Rdmap, 0, 0);
    // nothing of B's Sends reached A: its receive is flushed
    let wc = one_wc(&a.rcq);
    assert_eq!((wc.wr_id, wc.status), (42, CqeStatus::Flushed));
}

#[test]
fn rdma_refused_payload_read_moves_the_qp_to_error() {
    use warpnic_abi::gen::{CplTermOrigin, TermLayer};
    let p = pair();
    let (a, b) = rdma_pair(&p);
    let src = region(&a, 4096, AccessFlags::LOCAL_WRITE);
    src.mem().write(0, &[0xa5; 4096]).expect("fill");
    let sink = region(
        &b,
        4096,
        AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE,
    );
    // the host takes the source's pages from the device while the region
    // is still registered: the gather check passes, the payload read is
    // refused by the IOMMU
    a.nic
        .device()
        .dma_unmap(src.mem().iova(), 4096)
        .expect("unmap");
    a.qp.post_send(&[SendWr {
        wr_id: 7,
        opcode: WrOpcode::RdmaWrite,
        sg_list: &[src.sge(0, 1000).expect("sge")],
        remote_addr: sink.addr(),
        rkey: sink.rkey(),
        ..SendWr::default()
    }])
    .expect("post");
    // A: ERROR, its own Terminate RDMAP / local catastrophic error; the
    // FPDU built with zeros for the refused bytes left with its CRC
    // inverted, so B found a CRC error (LLP, MPA CRC) before A's Terminate
    // and reported nothing of it
    let e = a.wait_error();
    assert_eq!(
        (e.origin, e.layer, e.etype, e.ecode),
        (Ok(CplTermOrigin::Hardware), Ok(TermLayer::Rdmap), 0, 0),
        "{e}"
    );
    let eb = b.wait_error();
    assert_eq!(
        (eb.origin, eb.layer, eb.etype, eb.ecode),
        (Ok(CplTermOrigin::Hardware), Ok(TermLayer::Llp), 0, 0x02),
        "B dropped the FPDU on its CRC: {eb}"
    );
    let wc = one_wc(&a.scq);
    assert_eq!((wc.wr_id, wc.status), (7, CqeStatus::Flushed));
    assert!(
        bytes(&sink, 0, 4096).iter().all(|&x| x == 0),
        "none of the source's bytes reached the sink"
    );
}

/// Reads per run of [`reads_error_mid_stream`], and runs.
const RD_N: usize = 96;
const RD_TRIALS: usize = 100;

/// One run of [`rdma_reads_qp_moved_to_error_mid_stream_complete_each_once`]:
/// `RD_N` Reads of 1..=128 bytes posted at A (ORD 16 outstanding);
/// `delay` cycles later A's host moves A's QP to ERROR. Each Read must
/// complete exactly once, in posting order with its own wr_id: SUCCESS
/// with its bytes in its own buffer, then FLUSHED. Returns the number of
/// successes.
fn reads_error_mid_stream(seed: u64, delay: u64, stall: f64) -> usize {
    use warpnic::verbs::QpAttrs;
    use warpnic_abi::gen::QpState;
    const N: usize = RD_N;
    const SLOT: usize = 128;
    let p = warpnic_tests::pair_with(|c| {
        c.stall = stall;
        c.seed = seed;
    });
    let (a, b) = rdma_pair_with(
        &p,
        QpCaps {
            max_recv_wr: 64,
            max_send_wr: 256,
        },
        |_, _| {},
    );
    let mut rng = Rng::new(seed);
    let lens: Vec<usize> = (0..N)
        .map(|_| 1 + rng.below(SLOT as u64) as usize)
        .collect();
    let src = region(&b, N * SLOT, AccessFlags::REMOTE_READ);
    let mut data = vec![0u8; N * SLOT];
    rng.fill_bytes(&mut data);
    src.mem().write(0, &data).expect("fill");
    let sink = region(
        &a,
        N * SLOT,
        AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE,
    );
    let sges: Vec<_> = (0..N)
        .map(|k| [sink.sge((k * SLOT) as u64, lens[k] as u32).expect("sge")])
        .collect();
    let wrs: Vec<SendWr> = sges
        .iter()
        .enumerate()
        .map(|(k, s)| SendWr {
            wr_id: 0x7000 + k as u64,
            opcode: WrOpcode::RdmaRead,
            sg_list: s,
            remote_addr: src.addr() + (k * SLOT) as u64,
            rkey: src.rkey(),
            ..SendWr::default()
        })
        .collect();
    a.qp.post_send(&wrs).expect("post reads");
    p.world
        .with(|w| w.step(delay))
        .expect("world")
        .expect("step");
    a.qp.modify(&QpAttrs::new(QpState::Error))
        .expect("A's QP to ERROR");
    let at = format!("seed {seed:#x} delay {delay} stall {stall}");
    let mut got = Vec::new();
    let mut wc = [WorkCompletion::default(); 64];
    while got.len() < N {
        let n = a.scq.poll_wc_wait(&mut wc, WAIT).expect("poll");
        assert!(n > 0, "{at}: {} of {N} Reads completed", got.len());
        got.extend_from_slice(&wc[..n]);
    }
    let n = a
        .scq
        .poll_wc_wait(&mut wc, Duration::from_micros(10))
        .expect("poll");
    assert_eq!(n, 0, "{at}: more completions than Reads: {:?}", &wc[..n]);
    let ok = got
        .iter()
        .take_while(|c| c.status == CqeStatus::Success)
        .count();
    let placed = bytes(&sink, 0, N * SLOT);
    for (k, c) in got.iter().enumerate() {
        let at = format!("{at}: Read {k} of {N} ({ok} succeeded)");
        assert_eq!(c.wr_id, 0x7000 + k as u64, "{at}: its own wr_id: {c:?}");
        if k < ok {
            assert_eq!(c.opcode, WcOpcode::RdmaRead, "{at}: {c:?}");
            let s = k * SLOT;
            assert!(
                placed[s..s + lens[k]] == data[s..s + lens[k]],
                "{at}: the bytes of Read {k} in its own buffer"
            );
        } else {
            assert_eq!(c.status, CqeStatus::Flushed, "{at}: successes first: {c:?}");
        }
    }
    ok
}

/// A's host moves A's QP to ERROR while its Reads are outstanding, some
/// READ RESPONSEs' ends inside A's receive path at that moment (data
/// placed, the end on its way to the transmit side). Each Read completes
/// once: with SUCCESS and its bytes, or FLUSHED; the end of a Read never
/// completes the Read after it. The moment of the ERROR sweeps the Reads,
/// each run on a fresh connection (the race is a few cycles wide: about
/// one run in a hundred hit it).
#[test]
fn rdma_reads_qp_moved_to_error_mid_stream_complete_each_once() {
    let mut rng = Rng::new(0x4ead_e770);
    let mut mid = 0;
    for trial in 0..RD_TRIALS {
        let seed = rng.next_u64();
        let delay = 700 + rng.below(3_000);
        let stall = if trial % 3 == 2 { 0.05 } else { 0.0 };
        let ok = reads_error_mid_stream(seed, delay, stall);
        if ok > 0 && ok < RD_N {
            mid += 1;
        }
    }
    assert!(
        mid * 10 >= RD_TRIALS * 9,
        "the ERROR fell among the Reads in {mid} of {RD_TRIALS} runs"
    );
}

/// The card's QPs and completion queues run out with a typed error that
/// names the kind and the count, and a destroyed QP's number serves again.
#[test]
fn creating_more_qps_or_cqs_than_the_card_has_is_a_typed_error() {
    let p = pair();
    let nic = &p.a;
    let pd = nic.alloc_pd().expect("PD");
    let cq = Arc::new(warpnic::CompletionQueue::new(nic, 64, None).expect("CQ"));
    let caps = QpCaps {
        max_recv_wr: 16,
        max_send_wr: 16,
    };
    let mut qps = Vec::new();
    let err = loop {
        match pd.create_qp(&cq, &cq, caps) {
            Ok(qp) => qps.push(qp),
            Err(e) => break e,
        }
        assert!(qps.len() <= 4096, "QPs never run out");
    };
    let count = qps.len() as u32;
    assert_eq!(count, 1024, "the core's NumQp");
    assert_eq!(nic.report().expect("report").capacities.qps, count);
    assert!(
        matches!(
            err,
            warpnic::Error::NoFreeQueue {
                kind: "queue pair",
                count: 1024
            }
        ),
        "{err:?}"
    );
    // one destroyed: its number serves again, and the next is refused again
    drop(qps.pop());
    qps.push(pd.create_qp(&cq, &cq, caps).expect("a freed QP number"));
    assert!(matches!(
        pd.create_qp(&cq, &cq, caps),
        Err(warpnic::Error::NoFreeQueue {
            kind: "queue pair",
            ..
        })
    ));
    // completion queues: 8 on the card, one taken above
    let mut cqs = Vec::new();
    let err = loop {
        match warpnic::CompletionQueue::new(nic, 64, None) {
            Ok(c) => cqs.push(c),
            Err(e) => break e,
        }
        assert!(cqs.len() <= 64, "CQs never run out");
    };
    assert_eq!(cqs.len(), 7);
    assert!(
        matches!(err, warpnic::Error::NoFreeQueue { count: 8, .. }),
        "{err:?}"
    );
}

/// Posts `n` Reads of 64 bytes from `b`'s `src` into `a`'s `sink` and
/// checks each completes in order, the bytes read.
fn reads_of_64(a: &RdmaEnd, b: &RdmaEnd, n: u64, first_id: u64) {
    let src = region(b, 4096, AccessFlags::REMOTE_READ | AccessFlags::LOCAL_WRITE);
    let mut data = vec![0u8; 4096];
    Rng::new(first_id).fill_bytes(&mut data);
    src.mem().write(0, &data).expect("fill");
    let sink = region(
        a,
        4096,
        AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE,
    );
    let sges: Vec<_> = (0..n).map(|k| sink.sge(k * 64, 64).expect("sge")).collect();
    let wrs: Vec<SendWr> = (0..n)
        .map(|k| SendWr {
            wr_id: first_id + k,
            opcode: WrOpcode::RdmaRead,
            sg_list: std::slice::from_ref(&sges[k as usize]),
            remote_addr: src.addr() + k * 64,
            rkey: src.rkey(),
            ..SendWr::default()
        })
        .collect();
    a.qp.post_send(&wrs).expect("post reads");
    for k in 0..n {
        let wc = one_wc(&a.scq);
        assert_eq!(
            (wc.wr_id, wc.status, wc.opcode),
            (first_id + k, CqeStatus::Success, WcOpcode::RdmaRead),
            "Read {k}"
        );
    }
    let len = 64 * n as usize;
    let got = bytes(&sink, 0, len);
    assert!(
        got == data[..len],
        "read bytes: {}",
        diff(&got, &data[..len])
    );
}

#[test]
fn a_qp_number_used_again_answers_reads_within_its_ird() {
    // B answers 16 Reads (IRD 16), the last READ RESPONSEs built after
    // the last Read Request arrived; then both QPs are destroyed, and the
    // next connection's QP at B gets the same number. It starts with all
    // of its IRD free: the READ RESPONSEs of the QP number's last user
    // count for nothing
    let p = pair();
    let (a, b) = rdma_pair(&p);
    let qpn = b.qp.qp_num();
    reads_of_64(&a, &b, 16, 1000);
    // B's library hands out numbers in turn: taking every free one leaves
    // qpn next in turn
    let mut rest = Vec::new();
    loop {
        match b.pd.create_qp(&b.scq, &b.rcq, QpCaps::default()) {
            Ok(qp) => rest.push(qp),
            Err(warpnic::Error::NoFreeQueue { .. }) => break,
            Err(e) => panic!("create a QP: {e}"),
        }
    }
    drop(rest);
    drop((a, b));
    let (a, b) = rdma_pair(&p);
    assert_eq!(
        b.qp.qp_num(),
        qpn,
        "B's new QP has the number of its last one"
    );
    reads_of_64(&a, &b, 16, 2000);
    assert_eq!(
        b.qp.query().expect("query").state,
        warpnic_abi::gen::QpState::Rts,
        "B took 16 Reads within its IRD of 16"
    );
}
