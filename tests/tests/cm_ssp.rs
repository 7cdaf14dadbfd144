//! Socket Service Points (seed 001) between two simulated NICs: a TCP
//! connection of the raw API used in streaming mode, then turned into an
//! RDMA connection through the connection managers. Covered:
//! - the final streaming message, then the MPA exchange on the same
//!   connection, QPs bound, a Send across, Nagle off;
//! - after a reject, or after the initiator's timeout, both sockets go
//!   back to their consumers still connected, and stream both ways;
//! - SOCKET_DOWN when the socket closes before its request;
//! - bad calls give the socket back with their error.

use std::time::Duration;

use warpnic::mpa::{AcceptParams, ConnectParams};
use warpnic::{
    AccessFlags, ArgError, Cm, CmEvent, CmQp, Error, QpCaps, RecvWr, TcpStream, WorkCompletion,
};
use warpnic_abi::gen::{cpl_tcp_opt, CqeStatus, TcbField};
use warpnic_sim::rdma::{mpa_config, qp_parts};
use warpnic_sim::traffic::Pair;
use warpnic_tests::rdma::{mem_region, send_bytes};
use warpnic_tests::{pair, tcp_streams};

const WAIT: Duration = Duration::from_millis(2);

fn params(private_data: &[u8]) -> ConnectParams<'_> {
    ConnectParams {
        private_data,
        ird: 4,
        ord: 4,
        p2p: false,
    }
}

fn accept_params() -> AcceptParams<'static> {
    AcceptParams {
        private_data: b"ssp ok",
        ird: 4,
        ord: 4,
    }
}

/// Runs the simulation until `cm` has an event (`other` polled too, its
/// events kept in `others`); at most 2 ms.
fn next(p: &Pair, cm: &mut Cm<'_>, other: &mut Cm<'_>, others: &mut Vec<CmEvent>) -> CmEvent {
    let dev = p.a.device().clone();
    let t0 = dev.now_ns();
    loop {
        if let Some(e) = cm.poll().expect("poll") {
            return e;
        }
        if let Some(e) = other.poll().expect("poll") {
            others.push(e);
        }
        assert!(dev.now_ns() - t0 < 2_000_000, "no event within 2 ms");
        dev.relax();
    }
}

/// Streams `msg` from `from` to `to`, checked.
fn stream(from: &mut TcpStream, to: &mut TcpStream, msg: &[u8]) {
    from.write_all(msg, WAIT).expect("write");
    let mut got = vec![0u8; msg.len()];
    to.read_exact(&mut got, WAIT).expect("read");
    assert_eq!(got, msg);
}

/// The whole seed-001 flow: streaming both ways, B's SSP with a final
/// message, A reads it and connects on the same socket; the QPs are bound
/// and a Send crosses; the initiator's socket has Nagle off.
#[test]
fn ssp_streaming_then_rdma_on_the_same_connection() {
    let p = pair();
    let ((ea, mut sa), (eb, mut sb)) = tcp_streams(&p, 14);
    stream(&mut sa, &mut sb, b"HELLO from A in streaming mode");
    stream(&mut sb, &mut sa, b"hello from B, let us go RDMA");
    let mut a = Cm::new(&p.a);
    let mut b = Cm::new(&p.b);
    let idb = b
        .ssp_create(
            sb,
            b"FINAL: B now waits for the MPA request",
            mpa_config(false),
        )
        .expect("SSP");
    assert_eq!(idb.0, eb);
    let mut last = [0u8; 38];
    sa.read_exact(&mut last, WAIT).expect("the final message");
    assert_eq!(&last, b"FINAL: B now waits for the MPA request");
    let qa = qp_parts(&p.a, QpCaps::default(), 64).expect("A's QP");
    let qb = qp_parts(&p.b, QpCaps::default(), 64).expect("B's QP");
    let ida = a
        .socket_connect(
            sa,
            mpa_config(false),
            params(b"A wants RDMA"),
            Some(CmQp::new(qa.qp.clone())),
            Some(Duration::from_millis(1)),
        )
        .expect("socket_connect");
    assert_eq!(ida.0, ea);
    let opt = p.a.tcp_tcb(ea, TcbField::TcpOpt, 0, 0).expect("TCB");
    assert_ne!(opt & u64::from(cpl_tcp_opt::NODELAY), 0, "Nagle off");
    let mut others = Vec::new();
    let e = next(&p, &mut b, &mut a, &mut others);
    let CmEvent::ConnectRequest {
        id, private_data, ..
    } = e
    else {
        panic!("B: {e:?}");
    };
    assert_eq!((id, private_data.as_slice()), (idb, &b"A wants RDMA"[..]));
    // B's receive is posted before the peer can send
    let mb = mem_region(&p.b, &qb.pd, 64, AccessFlags::LOCAL_WRITE);
    let sge = [mb.sge(0, 64).unwrap()];
    let qpb = CmQp::new(qb.qp.clone()).post_recv(&[RecvWr {
        wr_id: 9,
        sg_list: &sge,
    }]);
    b.accept(idb, accept_params(), Some(qpb)).expect("accept");
    let e = next(&p, &mut a, &mut b, &mut others);
    let CmEvent::Established {
        id, private_data, ..
    } = e
    else {
        panic!("A: {e:?}");
    };
    assert_eq!((id, private_data.as_slice()), (ida, &b"ssp ok"[..]));
    while !others
        .iter()
        .any(|e| matches!(e, CmEvent::Established { .. }))
    {
        let e = next(&p, &mut b, &mut a, &mut Vec::new());
        others.push(e);
    }
    // a Send across the converted connection
    let ma = mem_region(&p.a, &qa.pd, 64, AccessFlags::LOCAL_WRITE);
    send_bytes(&qa.qp, &ma, b"an RDMA Send on a former socket", 1);
    let dev = p.a.device().clone();
    let mut wcs = [WorkCompletion::default(); 4];
    let t0 = dev.now_ns();
    let wc = loop {
        if qb.rcq.poll_wc(&mut wcs).expect("poll") > 0 {
            break wcs[0];
        }
        assert!(dev.now_ns() - t0 < 1_000_000, "no receive");
        dev.relax();
    };
    assert_eq!(
        (wc.status, wc.wr_id, wc.byte_len),
        (CqeStatus::Success, 9, 31)
    );
    let mut got = [0u8; 31];
    mb.mem().read(0, &mut got).unwrap();
    assert_eq!(&got, b"an RDMA Send on a former socket");
}

/// A reject leaves the connection up: both sockets go back to their
/// consumers and stream both ways afterwards.
#[test]
fn ssp_reject_gives_both_sockets_back_connected() {
    let p = pair();
    let ((_, sa), (_, sb)) = tcp_streams(&p, 14);
    let mut a = Cm::new(&p.a);
    let mut b = Cm::new(&p.b);
    let idb = b.ssp_create(sb, &[], mpa_config(false)).expect("SSP");
    let ida = a
        .socket_connect(sa, mpa_config(false), params(b"may I?"), None, None)
        .expect("socket_connect");
    let mut others = Vec::new();
    let e = next(&p, &mut b, &mut a, &mut others);
    assert!(
        matches!(e, CmEvent::ConnectRequest { id, .. } if id == idb),
        "{e:?}"
    );
    b.reject(idb, b"stay in streaming mode").expect("reject");
    let e = next(&p, &mut a, &mut b, &mut others);
    assert_eq!(
        e,
        CmEvent::PeerRejected {
            id: ida,
            private_data: b"stay in streaming mode".to_vec()
        }
    );
    let mut sa = a.take_socket(ida).expect("A's socket back");
    let mut sb = b.take_socket(idb).expect("B's socket back");
    assert!(a.take_socket(ida).is_none(), "given back once");
    stream(&mut sa, &mut sb, b"still connected after the reject (A)");
    stream(&mut sb, &mut sa, b"and so is B");
    assert!(others.is_empty(), "{others:?}");
}

/// The initiator's timeout runs out (the peer's consumer never answers:
/// its socket is not an SSP): TIMED_OUT, the socket goes back connected;
/// the peer finds the MPA request in its stream, then what A streams
/// next; both ways work.
#[test]
fn socket_connect_timeout_gives_the_socket_back() {
    let p = pair();
    let ((_, sa), (_, mut sb)) = tcp_streams(&p, 14);
    let mut a = Cm::new(&p.a);
    let mut b = Cm::new(&p.b);
    let dev = p.a.device().clone();
    let t0 = dev.now_ns();
    let ida = a
        .socket_connect(
            sa,
            mpa_config(false),
            params(b"x"),
            None,
            Some(Duration::from_micros(100)),
        )
        .expect("socket_connect");
    let e = next(&p, &mut a, &mut b, &mut Vec::new());
    assert_eq!(e, CmEvent::TimedOut { id: ida });
    assert!(dev.now_ns() - t0 >= 100_000);
    let mut sa = a.take_socket(ida).expect("A's socket back");
    // B's stream holds the MPA request (20 bytes, the IRD/ORD block, "x")
    let mut req = [0u8; 25];
    sb.read_exact(&mut req, WAIT).expect("the request");
    assert_eq!(&req[..16], b"MPA ID Req Frame");
    stream(&mut sa, &mut sb, b"streaming again after the timeout");
    stream(&mut sb, &mut sa, b"B answers in streaming mode");
}

/// The SSP's socket closes before any request: SOCKET_DOWN.
#[test]
fn ssp_socket_down_before_the_request() {
    let p = pair();
    let ((ea, sa), (_, sb)) = tcp_streams(&p, 14);
    let mut a = Cm::new(&p.a);
    let mut b = Cm::new(&p.b);
    let idb = b.ssp_create(sb, b"bye?", mpa_config(false)).expect("SSP");
    p.a.tcp_close(ea).expect("A closes its socket");
    let e = next(&p, &mut b, &mut a, &mut Vec::new());
    assert_eq!(e, CmEvent::SocketDown { id: idb });
    assert!(
        b.take_socket(idb).is_none(),
        "a socket that went down stays with the manager"
    );
    drop(sa);
}

/// Bad calls give the socket back with their error: a socket of another
/// NIC (DAT_INVALID_STATE), a zero timeout, private data over 512 bytes.
#[test]
fn ssp_bad_calls_give_the_socket_back() {
    let p = pair();
    let ((_, sa), (_, sb)) = tcp_streams(&p, 14);
    let mut a = Cm::new(&p.a);
    let e = a
        .ssp_create(sb, &[], mpa_config(false))
        .expect_err("B's socket on A");
    assert!(matches!(
        e.error,
        Error::InvalidArgument {
            arg: "socket",
            reason: ArgError::OtherNic
        }
    ));
    let mut sb = *e.socket;
    let e = a
        .socket_connect(
            sa,
            mpa_config(false),
            params(&[]),
            None,
            Some(Duration::ZERO),
        )
        .expect_err("zero timeout");
    assert!(matches!(
        e.error,
        Error::InvalidArgument { arg: "timeout", .. }
    ));
    let e = a
        .socket_connect(*e.socket, mpa_config(false), params(&[0; 513]), None, None)
        .expect_err("private data");
    assert!(matches!(
        e.error,
        Error::InvalidArgument {
            arg: "private_data",
            ..
        }
    ));
    let mut sa = *e.socket;
    stream(&mut sa, &mut sb, b"nothing was sent on it");
}
