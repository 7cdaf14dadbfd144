//! The connection manager binds queue pairs (`Cm::connect` and
//! `Cm::accept` with a `CmQp`), between two simulated NICs: ESTABLISHED on
//! each side means its QP is in RTS, with what MPA settled (CRC, IRD/ORD)
//! and FPDUs starting after the MPA frames; then RDMA Write, Send and RDMA
//! Read through the verbs, both ways. The initiator sends its first
//! message at once on its ESTABLISHED, while the responder's QP is still
//! in RTR waiting for the reply's acknowledgment, and the message lands in
//! the receive the responder posted with its accept. A disconnect takes
//! both QPs to ERROR; the calls that cannot bind a QP fail cleanly.

use std::sync::Arc;
use std::time::Duration;

use warpnic::cm::CmQp;
use warpnic::mpa::{AcceptParams, ConnectParams, MpaConfig};
use warpnic::verbs::{AccessFlags, SendWr, WcOpcode, WorkCompletion, WrOpcode, MAX_IRD};
use warpnic::{
    ArgError, Cm, CmEvent, CompletionQueue, Error, MemoryRegion, Nic, QpAttrs, QpCaps, QueuePair,
    RecvWr,
};
use warpnic_abi::gen::{CqeStatus, QpState, TcbField};
use warpnic_sim::rdma::{qp_parts, QpParts};
use warpnic_sim::rng::Rng;
use warpnic_tests::rdma::mem_region;
use warpnic_tests::{cm_next as next, pair, tcp_pair_setup, A_IP, B_IP};

const WAIT: Duration = Duration::from_millis(20);

fn mpa() -> MpaConfig {
    warpnic_tests::rdma::mpa_config(false)
}

/// One side's verbs objects: a PD, CQs of 1024 entries, a QP.
fn side(nic: &Nic) -> QpParts {
    qp_parts(nic, QpCaps::default(), 1024).expect("PD, CQs and QP")
}

fn one_wc(cq: &CompletionQueue) -> WorkCompletion {
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

fn all() -> AccessFlags {
    AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE | AccessFlags::REMOTE_READ
}

#[test]
fn cm_binds_queue_pairs_and_rdma_runs_both_ways() {
    let p = pair();
    tcp_pair_setup(&p);
    let mut a = Cm::new(&p.a);
    let mut b = Cm::new(&p.b);
    let sa = side(&p.a);
    let sb = side(&p.b);
    let mut rng = Rng::new(0x00c0_ffee);
    let mut data = vec![0u8; 256 * 1024];
    rng.fill_bytes(&mut data);
    let src_a = mem_region(&p.a, &sa.pd, data.len(), AccessFlags::LOCAL_WRITE);
    src_a.mem().write(0, &data).expect("fill");
    let rbuf_a = mem_region(&p.a, &sa.pd, 8192, AccessFlags::LOCAL_WRITE);
    let sink_b = mem_region(&p.b, &sb.pd, data.len(), all());
    let rbuf_b = mem_region(&p.b, &sb.pd, 8192, AccessFlags::LOCAL_WRITE);

    b.listen(7100, 4, mpa()).expect("listen");
    let ida = a
        .connect(
            B_IP,
            7100,
            mpa(),
            ConnectParams {
                private_data: b"A with a QP",
                ird: 8,
                ord: 8,
                p2p: false,
            },
            Some(CmQp::new(sa.qp.clone()).post_recv(&[RecvWr {
                wr_id: 0xa1,
                sg_list: &[rbuf_a.sge(0, 8192).expect("sge")],
            }])),
        )
        .expect("connect");
    assert_eq!(
        sa.qp.state().ok(),
        Some(QpState::Reset),
        "not before the reply"
    );
    let CmEvent::ConnectRequest {
        id: idb,
        peer,
        private_data,
        ird_ord,
    } = next(&p, &mut b, &mut a).expect("B's request first")
    else {
        panic!("no request");
    };
    assert_eq!(
        (*peer.ip(), private_data.as_slice()),
        (A_IP, &b"A with a QP"[..])
    );
    assert_eq!(ird_ord, Some((8, 8)));
    b.accept(
        idb,
        AcceptParams {
            private_data: b"B with a QP",
            ird: 4,
            ord: 16,
        },
        Some(CmQp::new(sb.qp.clone()).post_recv(&[RecvWr {
            wr_id: 0xb1,
            sg_list: &[rbuf_b.sge(0, 8192).expect("sge")],
        }])),
    )
    .expect("accept");
    assert_eq!(
        sb.qp.state().ok(),
        Some(QpState::Rtr),
        "B takes FPDUs once its reply is out"
    );
    assert!(b.qp(idb).is_some());
    assert!(b.stream(idb).is_none(), "no stream for a QP's connection");

    // A's ESTABLISHED: its QP is in RTS; it sends at once
    let est_a = next(&p, &mut a, &mut b).expect("A's ESTABLISHED first");
    let CmEvent::Established {
        id,
        private_data,
        params,
    } = est_a
    else {
        panic!("A: {est_a:?}");
    };
    assert_eq!(id, ida);
    assert_eq!(private_data, b"B with a QP");
    assert!(params.crc, "{params:?}");
    assert_eq!((params.ird, params.ord), (8, 4), "A's ORD is B's IRD");
    assert_eq!(sa.qp.state().ok(), Some(QpState::Rts));
    let send_len = 3000u32;
    sa.qp
        .post_send(&[SendWr {
            wr_id: 1,
            opcode: WrOpcode::Send,
            sg_list: &[src_a.sge(100, send_len).expect("sge")],
            ..SendWr::default()
        }])
        .expect("A's first Send");

    // B's ESTABLISHED once A acknowledged the reply
    let est_b = next(&p, &mut b, &mut a).expect("B's ESTABLISHED");
    let CmEvent::Established { id, params, .. } = est_b else {
        panic!("B: {est_b:?}");
    };
    assert_eq!(id, idb);
    assert!(params.crc && params.await_first_fpdu, "{params:?}");
    assert_eq!((params.ird, params.ord), (4, 8), "B's ORD is A's IRD");
    assert_eq!(sb.qp.state().ok(), Some(QpState::Rts));

    let wc = one_wc(&sb.rcq);
    assert_eq!(
        (wc.wr_id, wc.status, wc.opcode, wc.byte_len),
        (0xb1, CqeStatus::Success, WcOpcode::Recv, send_len)
    );
    assert!(bytes(&rbuf_b, 0, send_len as usize) == data[100..100 + send_len as usize]);
    let wc = one_wc(&sa.scq);
    assert_eq!((wc.wr_id, wc.status), (1, CqeStatus::Success));

    // A writes 200 000 bytes into B and sends 16 more: the Send's arrival
    // means the Write is placed (RFC 5040 §5.5); then B sends back to A
    sb.qp
        .post_recv(&[RecvWr {
            wr_id: 0xb3,
            sg_list: &[rbuf_b.sge(0, 8192).expect("sge")],
        }])
        .expect("post");
    let len = 200_000u32;
    sa.qp
        .post_send(&[
            SendWr {
                wr_id: 2,
                opcode: WrOpcode::RdmaWrite,
                sg_list: &[src_a.sge(0, len).expect("sge")],
                remote_addr: sink_b.addr() + 64,
                rkey: sink_b.rkey(),
                ..SendWr::default()
            },
            SendWr {
                wr_id: 6,
                opcode: WrOpcode::Send,
                sg_list: &[src_a.sge(7, 16).expect("sge")],
                ..SendWr::default()
            },
        ])
        .expect("Write and Send");
    let wc = one_wc(&sa.scq);
    assert_eq!(
        (wc.wr_id, wc.status, wc.opcode),
        (2, CqeStatus::Success, WcOpcode::RdmaWrite)
    );
    assert_eq!(one_wc(&sa.scq).wr_id, 6);
    let wc = one_wc(&sb.rcq);
    assert_eq!(
        (wc.wr_id, wc.status, wc.byte_len),
        (0xb3, CqeStatus::Success, 16)
    );
    assert!(bytes(&sink_b, 64, len as usize) == data[..len as usize]);
    sb.qp
        .post_send(&[SendWr {
            wr_id: 3,
            opcode: WrOpcode::Send,
            sg_list: &[sink_b.sge(64, 5000).expect("sge")],
            ..SendWr::default()
        }])
        .expect("B's Send");
    let wc = one_wc(&sa.rcq);
    assert_eq!(
        (wc.wr_id, wc.status, wc.byte_len),
        (0xa1, CqeStatus::Success, 5000)
    );
    assert!(bytes(&rbuf_a, 0, 5000) == data[..5000]);
    assert_eq!(one_wc(&sb.scq).status, CqeStatus::Success);

    // each side reads from the other
    let rsink_a = mem_region(&p.a, &sa.pd, 65536, all());
    sa.qp
        .post_send(&[SendWr {
            wr_id: 4,
            opcode: WrOpcode::RdmaRead,
            sg_list: &[rsink_a.sge(0, 40_000).expect("sge")],
            remote_addr: sink_b.addr() + 64,
            rkey: sink_b.rkey(),
            ..SendWr::default()
        }])
        .expect("A's Read");
    let wc = one_wc(&sa.scq);
    assert_eq!(
        (wc.wr_id, wc.status, wc.opcode),
        (4, CqeStatus::Success, WcOpcode::RdmaRead)
    );
    assert!(bytes(&rsink_a, 0, 40_000) == data[..40_000]);
    let src_a_remote = mem_region(&p.a, &sa.pd, 8192, all());
    src_a_remote
        .mem()
        .write(0, &data[9000..17192])
        .expect("fill");
    let rsink_b = mem_region(&p.b, &sb.pd, 8192, all());
    sb.qp
        .post_send(&[SendWr {
            wr_id: 5,
            opcode: WrOpcode::RdmaRead,
            sg_list: &[rsink_b.sge(0, 8192).expect("sge")],
            remote_addr: src_a_remote.addr(),
            rkey: src_a_remote.rkey(),
            ..SendWr::default()
        }])
        .expect("B's Read");
    let wc = one_wc(&sb.scq);
    assert_eq!(
        (wc.wr_id, wc.status, wc.opcode),
        (5, CqeStatus::Success, WcOpcode::RdmaRead)
    );
    assert!(bytes(&rsink_b, 0, 8192) == data[9000..17192]);

    // A disconnects: its QP to ERROR; B sees DISCONNECTED with its QP as it
    // was (completions of what came before the FIN may still be on their
    // way); B's disconnect takes it to ERROR and flushes a posted receive
    sb.qp
        .post_recv(&[RecvWr {
            wr_id: 0xb2,
            sg_list: &[rbuf_b.sge(0, 64).expect("sge")],
        }])
        .expect("post");
    a.disconnect(ida).expect("disconnect");
    assert_eq!(sa.qp.state().ok(), Some(QpState::Error));
    let d = next(&p, &mut b, &mut a).expect("B's event");
    assert_eq!(d, CmEvent::Disconnected { id: idb });
    assert_eq!(sb.qp.state().ok(), Some(QpState::Rts));
    b.disconnect(idb).expect("B closes too");
    assert_eq!(sb.qp.state().ok(), Some(QpState::Error));
    let wc = one_wc(&sb.rcq);
    assert_eq!((wc.wr_id, wc.status), (0xb2, CqeStatus::Flushed));
}

#[test]
fn cm_refuses_what_a_queue_pair_cannot_take() {
    let p = pair();
    tcp_pair_setup(&p);
    let mut a = Cm::new(&p.a);
    let mut b = Cm::new(&p.b);
    let sa = side(&p.a);
    let sb = side(&p.b);
    let connect = |a: &mut Cm<'_>, ird: u16, p2p: bool, qp: &Arc<QueuePair>| {
        a.connect(
            B_IP,
            7101,
            mpa(),
            ConnectParams {
                private_data: &[],
                ird,
                ord: 1,
                p2p,
            },
            Some(CmQp::new(qp.clone())),
        )
    };
    let ird_above = |e: Option<&Error>, got| {
        matches!(e, Some(Error::InvalidArgument {
            arg: "ird",
            reason: ArgError::OutOfRange { got: g, min: 0, max },
        }) if *g == got && *max == u64::from(MAX_IRD))
    };
    let r = connect(&mut a, 300, false, &sa.qp);
    assert!(ird_above(r.as_ref().err(), 300), "{r:?}");
    // above what the hardware answers (verbs::MAX_IRD)
    let r = connect(&mut a, 17, false, &sa.qp);
    assert!(ird_above(r.as_ref().err(), 17), "{r:?}");
    let r = connect(&mut a, 1, true, &sa.qp);
    assert!(
        matches!(
            r,
            Err(Error::InvalidArgument {
                arg: "p2p",
                reason: ArgError::PeerToPeerWithQp
            })
        ),
        "{r:?}"
    );
    // a QP that is not in RESET
    sb.qp.modify(&QpAttrs::init(0)).expect("INIT");
    let r = connect(&mut a, 1, false, &sb.qp);
    let not_reset = |e: Option<&Error>| {
        matches!(e, Some(Error::InvalidArgument {
            arg: "qp",
            reason: ArgError::QpState { qp, state: QpState::Init, need: QpState::Reset },
        }) if *qp == sb.qp.qp_num())
    };
    assert!(not_reset(r.as_ref().err()), "{r:?}");

    // the responder: a QP not in RESET is refused and the request stays
    // pending; accepting with a fresh QP then works
    b.listen(7101, 4, mpa()).expect("listen");
    let ida = connect(&mut a, 2, false, &sa.qp).expect("connect");
    let CmEvent::ConnectRequest { id: idb, .. } = next(&p, &mut b, &mut a).expect("B first") else {
        panic!("no request");
    };
    let accept = AcceptParams {
        private_data: &[],
        ird: 2,
        ord: 2,
    };
    let r = b.accept(idb, accept, Some(CmQp::new(sb.qp.clone())));
    assert!(not_reset(r.as_ref().err()), "{r:?}");
    let big = AcceptParams {
        private_data: &[],
        ird: 256,
        ord: 2,
    };
    let fresh = side(&p.b);
    let r = b.accept(idb, big, Some(CmQp::new(fresh.qp.clone())));
    assert!(ird_above(r.as_ref().err(), 256), "{r:?}");
    b.accept(idb, accept, Some(CmQp::new(fresh.qp.clone())))
        .expect("accept");
    let r = b.accept(idb, accept, Some(CmQp::new(fresh.qp.clone())));
    assert!(
        matches!(
            r,
            Err(Error::InvalidArgument {
                arg: "id",
                reason: ArgError::NoPendingRequest
            })
        ),
        "a second answer: {r:?}"
    );
    let e = next(&p, &mut a, &mut b).expect("A's ESTABLISHED");
    assert!(
        matches!(e, CmEvent::Established { id, .. } if id == ida),
        "{e:?}"
    );
    let e = next(&p, &mut b, &mut a).expect("B's ESTABLISHED");
    assert!(
        matches!(e, CmEvent::Established { id, .. } if id == idb),
        "{e:?}"
    );
    assert_eq!(fresh.qp.state().ok(), Some(QpState::Rts));
    assert_eq!(sa.qp.state().ok(), Some(QpState::Rts));
}

/// A's segments sent with payload and how many of them were
/// retransmissions (TCB TX_SEGS).
fn tx_segs(nic: &Nic, id: warpnic::CmId) -> (u64, u64) {
    let w = nic
        .tcp_tcb(id.0, TcbField::TxSegs, 0, 0)
        .expect("TCB TX_SEGS");
    (w & 0xffff_ffff, w >> 32)
}

/// The connection manager's connections offer a window a 100 GbE NIC
/// needs, lose no segment while they are set up (the responder's stream
/// takes the MPA request however late its host attaches it), and keep one
/// FPDU per segment when the peer's window, short of a whole number of
/// segments, is what limits the sender.
#[test]
fn cm_windows_lose_no_segment_and_keep_fpdus_whole() {
    let p = pair();
    tcp_pair_setup(&p);
    let mut a = Cm::new(&p.a);
    let mut b = Cm::new(&p.b);
    assert_eq!(a.rcv_wnd(), warpnic::cm::DEFAULT_RCV_WND);
    assert!(a.set_rcv_wnd(0).is_err());
    // B's window: no whole number of segments (4.46 of MSS 8960, 27.4 of
    // 1460), so that A is often window-limited with room for less than a
    // segment
    let b_wnd = 40_000u32;
    b.set_rcv_wnd(b_wnd).expect("B's window");
    let sa = side(&p.a);
    let sb = side(&p.b);
    let msg = 65_536usize;
    let msgs = 24usize;
    let mut rng = Rng::new(0x0057_a11d);
    let mut data = vec![0u8; msg * msgs];
    rng.fill_bytes(&mut data);
    let src_a = mem_region(&p.a, &sa.pd, data.len(), AccessFlags::LOCAL_WRITE);
    src_a.mem().write(0, &data).expect("fill");
    let sink_b = mem_region(&p.b, &sb.pd, data.len(), all());

    b.listen(7102, 4, mpa()).expect("listen");
    let ida = a
        .connect(
            B_IP,
            7102,
            mpa(),
            ConnectParams {
                private_data: &[],
                ird: 4,
                ord: 4,
                p2p: false,
            },
            Some(CmQp::new(sa.qp.clone())),
        )
        .expect("connect");
    // A's host takes its events first, as the bench's loop does: A's
    // request goes out before B's host has attached its stream
    let (mut est_a, mut idb, mut est_b) = (false, None, false);
    let dev = p.a.device().clone();
    let end = dev.now_ns() + 5_000_000;
    while !(est_a && est_b) {
        match a.poll().expect("A polls") {
            Some(CmEvent::Established { id, .. }) if id == ida => est_a = true,
            Some(e) => panic!("A: {e:?}"),
            None => {}
        }
        match b.poll().expect("B polls") {
            Some(CmEvent::ConnectRequest { id, .. }) => {
                idb = Some(id);
                b.accept(
                    id,
                    AcceptParams {
                        private_data: &[],
                        ird: 4,
                        ord: 4,
                    },
                    Some(CmQp::new(sb.qp.clone())),
                )
                .expect("accept");
            }
            Some(CmEvent::Established { id, .. }) if Some(id) == idb => est_b = true,
            Some(e) => panic!("B: {e:?}"),
            None => {}
        }
        assert!(dev.now_ns() < end, "no connection within 5 ms");
        dev.relax();
    }
    let idb = idb.expect("B's id");
    assert_eq!(
        tx_segs(&p.a, ida),
        (1, 0),
        "A's MPA request went once, not lost to a retransmission timeout"
    );
    // the windows: RCV.WND in RDMA mode, within the scale each side offered
    for (nic, id, wnd) in [
        (&p.a, ida, warpnic::cm::DEFAULT_RCV_WND),
        (&p.b, idb, b_wnd),
    ] {
        let got = nic.tcp_tcb(id.0, TcbField::RcvWnd, 0, 0).expect("RCV_WND");
        assert_eq!(got, u64::from(wnd));
        let shift = (nic.tcp_tcb(id.0, TcbField::Wscale, 0, 0).expect("WSCALE") >> 4) & 0xf;
        assert!(0xffff_u64 << shift >= u64::from(wnd), "shift {shift}");
    }

    let mss = nic_mss(&p.a, ida);
    // a Write's FPDU: MPA length and CRC, DDP tagged header and RDMAP
    // control (14 bytes), then data
    let per_fpdu = usize::from(warpnic::verbs::mulpdu_for_mss(mss, false)) - 14;
    // eight Writes at a time (the send queue holds 64)
    for batch in 0..msgs / 8 {
        let ms: Vec<usize> = (batch * 8..batch * 8 + 8).collect();
        let sges: Vec<_> = ms
            .iter()
            .map(|&m| src_a.sge((m * msg) as u64, msg as u32).expect("sge"))
            .collect();
        let wrs: Vec<SendWr<'_>> = ms
            .iter()
            .zip(&sges)
            .map(|(&m, sge)| SendWr {
                wr_id: m as u64,
                opcode: WrOpcode::RdmaWrite,
                sg_list: std::slice::from_ref(sge),
                remote_addr: sink_b.addr() + (m * msg) as u64,
                rkey: sink_b.rkey(),
                ..SendWr::default()
            })
            .collect();
        sa.qp.post_send(&wrs).expect("Writes");
        for &m in &ms {
            let wc = one_wc(&sa.scq);
            assert_eq!((wc.wr_id, wc.status), (m as u64, CqeStatus::Success));
        }
    }
    // the last completion says B's TCP has the bytes; their placement
    // may land just after it (RFC 5040 §5.5 orders placement only
    // against later messages at the sink)
    let end = dev.now_ns() + 100_000;
    while bytes(&sink_b, 0, data.len()) != data {
        assert!(
            dev.now_ns() < end,
            "B's memory 100 µs after the last completion"
        );
        dev.relax();
    }
    let fpdus = (msgs * msg.div_ceil(per_fpdu)) as u64;
    assert_eq!(
        tx_segs(&p.a, ida),
        (1 + fpdus, 0),
        "one segment per FPDU ({per_fpdu} data bytes each), none sent again"
    );
    a.disconnect(ida).expect("disconnect");
}

/// The MSS of a connection (TCB MSS).
fn nic_mss(nic: &Nic, id: warpnic::CmId) -> u16 {
    nic.tcp_tcb(id.0, TcbField::Mss, 0, 0).expect("TCB MSS") as u16
}
