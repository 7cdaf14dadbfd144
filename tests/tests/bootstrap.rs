//! The out-of-band bootstrap of seed 002 (`warpnic::bootstrap`) between two
//! simulated NICs: streaming on an ordinary offloaded TCP connection, then
//! SYNC, SYNC+ACK and ACK, each QP in RTS at its step; the server sees the
//! ACK as its first receive completion; then RDMA Sends both ways on the
//! same connection. A handshake message of the wrong kind is refused.

use std::sync::Arc;
use std::thread;
use std::time::Duration;

use warpnic::bootstrap::{self, ack_of, QpInfo, ACK_WR_ID};
use warpnic::{
    AccessFlags, CompletionQueue, QpCaps, QueuePair, RecvWr, SendWr, WorkCompletion, WrOpcode,
};
use warpnic_abi::gen::{CqeStatus, QpState};
use warpnic_sim::rdma::qp_parts;
use warpnic_tests::rdma::{mem_region, send_bytes};
use warpnic_tests::{pair, tcp_streams};

const WAIT: Duration = Duration::from_millis(5);

fn wait_wc(cq: &CompletionQueue, dev: &Arc<dyn warpnic::Device>) -> WorkCompletion {
    let mut wcs = [WorkCompletion::default(); 1];
    let t0 = dev.now_ns();
    loop {
        if cq.poll_wc(&mut wcs).expect("poll") == 1 {
            return wcs[0];
        }
        assert!(dev.now_ns() - t0 < 2_000_000, "no completion within 2 ms");
        dev.relax();
    }
}

#[test]
fn bootstrap_three_way_handshake_then_rdma() {
    let p = pair();
    let ((_, mut sa), (_, mut sb)) = tcp_streams(&p, 14);
    // streaming first, as the seed's TCP thread would
    sa.write_all(b"hello, let us bootstrap", WAIT).unwrap();
    let mut got = [0u8; 23];
    sb.read_exact(&mut got, WAIT).unwrap();
    // A's QP is its second, so that the two QP numbers differ
    let _first = qp_parts(&p.a, QpCaps::default(), 64).expect("A's first QP");
    let qa = qp_parts(&p.a, QpCaps::default(), 64).expect("A's QP");
    let qb = qp_parts(&p.b, QpCaps::default(), 64).expect("B's QP");
    assert_ne!(qa.qp.qp_num(), qb.qp.qp_num());
    let me_a = QpInfo {
        qp_num: qa.qp.qp_num(),
        ird: 4,
        ord: 8,
        crc: false,
    };
    let me_b = QpInfo {
        qp_num: qb.qp.qp_num(),
        ird: 2,
        ord: 2,
        crc: true,
    };
    let mb = mem_region(&p.b, &qb.pd, 64, AccessFlags::LOCAL_WRITE);
    let qp_b: Arc<QueuePair> = qb.qp.clone();
    let mb_sge = [mb.sge(0, 64).unwrap()];
    // the server waits for SYNC in its own thread; the client runs here
    let (server, client) = thread::scope(|s| {
        let srv = s.spawn(|| {
            bootstrap::server(
                sb,
                &qp_b,
                me_b,
                &[RecvWr {
                    wr_id: 7,
                    sg_list: &mb_sge,
                }],
                Duration::from_millis(20),
            )
        });
        let cli = bootstrap::client(sa, &qa.qp, me_a, Duration::from_millis(20));
        (srv.join().expect("server thread"), cli)
    });
    let server = server.expect("server");
    let client = client.expect("client");
    assert_eq!(client.peer, me_b);
    assert_eq!(server.peer, me_a);
    assert_eq!(qa.qp.state().unwrap(), QpState::Rts);
    assert_eq!(qb.qp.state().unwrap(), QpState::Rts);
    let dev = p.a.device().clone();
    // step 5: the server's first receive completion is the ACK
    let wc = wait_wc(&qb.rcq, &dev);
    assert_eq!((wc.status, wc.wr_id), (CqeStatus::Success, ACK_WR_ID));
    assert_eq!(ack_of(&wc), Some(me_a.qp_num), "{wc:?}");
    // RDMA both ways on the same connection, CRC on (B asked)
    let ma = mem_region(&p.a, &qa.pd, 64, AccessFlags::LOCAL_WRITE);
    send_bytes(&qa.qp, &ma, b"first Send after the bootstrap", 1);
    let wc = wait_wc(&qb.rcq, &dev);
    assert_eq!(
        (wc.status, wc.wr_id, wc.byte_len),
        (CqeStatus::Success, 7, 30)
    );
    assert_eq!(ack_of(&wc), None);
    let mut buf = [0u8; 30];
    mb.mem().read(0, &mut buf).unwrap();
    assert_eq!(&buf, b"first Send after the bootstrap");
    let wc = wait_wc(&qa.scq, &dev);
    assert_eq!((wc.status, wc.wr_id), (CqeStatus::Success, 1));
    // and B to A
    let ra = mem_region(&p.a, &qa.pd, 64, AccessFlags::LOCAL_WRITE);
    let rsge = [ra.sge(0, 64).unwrap()];
    qa.qp
        .post_recv(&[RecvWr {
            wr_id: 3,
            sg_list: &rsge,
        }])
        .unwrap();
    mb.mem().write(0, b"reply").unwrap();
    let sge = [mb.sge(0, 5).unwrap()];
    qb.qp
        .post_send(&[SendWr {
            wr_id: 2,
            opcode: WrOpcode::Send,
            sg_list: &sge,
            signaled: true,
            ..SendWr::default()
        }])
        .unwrap();
    let wc = wait_wc(&qa.rcq, &dev);
    assert_eq!(
        (wc.status, wc.wr_id, wc.byte_len),
        (CqeStatus::Success, 3, 5)
    );
    drop((server.stream, client.stream));
}

/// A client whose peer answers something other than SYNC+ACK gets an
/// error, and its QP stays in RESET.
#[test]
fn bootstrap_refuses_a_wrong_answer() {
    let p = pair();
    let ((_, sa), (_, mut sb)) = tcp_streams(&p, 14);
    let qa = qp_parts(&p.a, QpCaps::default(), 64).expect("A's QP");
    // B answers with bytes that are no handshake message
    sb.write_all(&[0x11; 16], WAIT).unwrap();
    let me = QpInfo {
        qp_num: qa.qp.qp_num(),
        ird: 1,
        ord: 1,
        crc: false,
    };
    let e = bootstrap::client(sa, &qa.qp, me, WAIT).expect_err("not SYNC+ACK");
    assert!(matches!(e, warpnic::Error::FwProtocol(_)), "{e:?}");
    assert_eq!(qa.qp.state().unwrap(), QpState::Reset);
}
