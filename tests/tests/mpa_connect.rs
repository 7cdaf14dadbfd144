//! MPA connection setup between two simulated NICs over offloaded TCP
//! streams (`warpnic::MpaSetup`): the request and reply with private data
//! both ways, MPA v2 IRD/ORD and peer-to-peer negotiation, CRC required by
//! one side, the reject, requests with a bad key, an unknown revision or
//! private data over 512 bytes, and a silent initiator
//! running into the responder's endpoint timer. Each side's frame is
//! consumed exactly: the stream's next bytes are the peer's next ones.

use std::time::Duration;

use warpnic::mpa::{
    AcceptParams, ConnectParams, CrcPolicy, MarkerPolicy, MpaConfig, MpaError, Revision, RtrRole,
    RtrSet, KEY_REQ,
};
use warpnic::{EndpointId, MpaEvent, MpaSetup, TcpEventInfo, TcpStream};
use warpnic_sim::traffic::Pair;
use warpnic_tests::{pair, tcp_streams};

struct Conn {
    ea: EndpointId,
    eb: EndpointId,
    sa: TcpStream,
    sb: TcpStream,
}

/// A TCP connection A -> B:5000 with 64 KiB streams.
fn connected(p: &Pair) -> Conn {
    let ((ea, sa), (eb, sb)) = tcp_streams(p, 16);
    Conn { ea, eb, sa, sb }
}

/// A timer of 2 ms of device time.
fn config(revision: Revision, crc: CrcPolicy) -> MpaConfig {
    MpaConfig {
        revision,
        crc,
        markers: MarkerPolicy::Disabled,
        rtr: RtrSet::ALL,
        timeout: 2_000_000,
    }
}

/// Polls `setup` (on A or B) until it reports an event, running the
/// simulation; at most 5 ms of device time.
fn wait(p: &Pair, on_b: bool, setup: &mut MpaSetup, c: &mut Conn) -> MpaEvent {
    let dev = c.sa.device().clone();
    let end = dev.now_ns() + 5_000_000;
    loop {
        let (nic, st) = if on_b {
            (&p.b, &mut c.sb)
        } else {
            (&p.a, &mut c.sa)
        };
        if let Some(e) = setup.poll(nic, st).expect("poll") {
            return e;
        }
        assert!(dev.now_ns() < end, "no MPA event within 5 ms");
        dev.relax();
    }
}

#[test]
fn mpa_v2_request_and_reply_carry_private_data_and_negotiate() {
    let p = pair();
    let mut c = connected(&p);
    let mut a = MpaSetup::connect(
        &p.a,
        &mut c.sa,
        config(Revision::V2, CrcPolicy::Required),
        ConnectParams {
            private_data: b"rdma_cm hello from A",
            ird: 16,
            ord: 8,
            p2p: true,
        },
    )
    .expect("A's request");
    let mut b = MpaSetup::listen(&p.b, &mut c.sb, config(Revision::V2, CrcPolicy::Allowed))
        .expect("B waits");
    let req = wait(&p, true, &mut b, &mut c);
    let MpaEvent::ConnectRequest {
        revision,
        crc,
        markers,
        ird_ord,
        private_data,
    } = req
    else {
        panic!("B: {req:?}");
    };
    assert_eq!((revision, crc, markers), (Revision::V2, true, false));
    let io = ird_ord.expect("the RFC 6581 block");
    assert_eq!((io.ird, io.ord, io.p2p), (16, 8, true));
    assert_eq!(private_data, b"rdma_cm hello from A");
    let est_b = b
        .accept(
            &p.b,
            &mut c.sb,
            AcceptParams {
                private_data: b"and back from B",
                ird: 4,
                ord: 32,
            },
        )
        .expect("B accepts");
    let MpaEvent::Established { params: pb, .. } = est_b else {
        panic!("B: {est_b:?}");
    };
    let est_a = wait(&p, false, &mut a, &mut c);
    let MpaEvent::Established {
        params: pa,
        private_data,
    } = est_a
    else {
        panic!("A: {est_a:?}");
    };
    assert_eq!(private_data, b"and back from B");
    // CRC on both ways (A required it); ORD never above the peer's IRD
    assert!(pa.crc && pb.crc);
    assert_eq!((pb.ird, pb.ord), (4, 16), "B's ORD capped at A's IRD");
    assert_eq!((pa.ird, pa.ord), (16, 4), "A's ORD lowered to B's IRD");
    // peer-to-peer: A sends the RTR, B awaits it; B sends nothing first
    assert!(matches!(pa.rtr, RtrRole::Send(_)), "{pa:?}");
    assert!(matches!(pb.rtr, RtrRole::Await(_)), "{pb:?}");
    assert!(pb.await_first_fpdu);
    // nothing past either frame was taken: the next bytes are the peer's
    c.sa.write_all(b"first FPDU", Duration::from_millis(1))
        .expect("A writes");
    let mut got = [0u8; 10];
    c.sb.read_exact(&mut got, Duration::from_millis(2))
        .expect("B reads");
    assert_eq!(&got, b"first FPDU");
    assert_eq!(b.poll(&p.b, &mut c.sb).expect("poll"), None, "B is done");
}

#[test]
fn mpa_reject_reaches_the_initiator_with_private_data() {
    let p = pair();
    let mut c = connected(&p);
    let mut a = MpaSetup::connect(
        &p.a,
        &mut c.sa,
        config(Revision::V1, CrcPolicy::Allowed),
        ConnectParams {
            private_data: b"may I?",
            ird: 1,
            ord: 1,
            p2p: false,
        },
    )
    .expect("A's request");
    let mut b = MpaSetup::listen(&p.b, &mut c.sb, config(Revision::V2, CrcPolicy::Allowed))
        .expect("B waits");
    let req = wait(&p, true, &mut b, &mut c);
    assert!(
        matches!(&req, MpaEvent::ConnectRequest { revision: Revision::V1, private_data, .. } if private_data == b"may I?"),
        "{req:?}"
    );
    b.reject(&p.b, &mut c.sb, b"no: busy").expect("B rejects");
    let e = wait(&p, false, &mut a, &mut c);
    assert_eq!(
        e,
        MpaEvent::PeerRejected {
            private_data: b"no: busy".to_vec()
        }
    );
    // both ends close: each sees the other's FIN
    let ea = c.ea;
    let eb = c.eb;
    for (nic, ep) in [(&p.a, ea), (&p.b, eb)] {
        let dev = c.sa.device().clone();
        let end = dev.now_ns() + 5_000_000;
        loop {
            match nic.tcp_poll_event().expect("event") {
                Some(TcpEventInfo::PeerClosed { ep: x }) if x == ep => break,
                Some(_) | None => {}
            }
            assert!(dev.now_ns() < end, "no PEER_CLOSE");
            dev.relax();
        }
    }
}

/// An MPA request header: key, flags, revision, PD_Length.
fn request(rev: u8, pd_len: u16) -> Vec<u8> {
    let mut h = KEY_REQ.to_vec();
    h.extend_from_slice(&[0, rev]);
    h.extend_from_slice(&pd_len.to_be_bytes());
    h
}

#[test]
fn mpa_request_with_a_bad_key_fails_and_aborts() {
    // 20 bytes that are not an MPA request
    bad_request(b"GET / HTTP/1.1\r\nHost", MpaError::BadKey);
}

#[test]
fn mpa_request_with_an_unknown_revision_fails_and_aborts() {
    bad_request(&request(3, 0), MpaError::BadRevision(3));
}

#[test]
fn mpa_request_with_oversize_private_data_fails_and_aborts() {
    // PD_Length above 512: refused on the header, nothing more read
    bad_request(&request(2, 600), MpaError::PrivateDataTooLong(600));
}

/// A sends `frame` instead of a good request: B's setup fails with `err`
/// and aborts the connection (RFC 5044 §7.1: a frame the responder cannot
/// use closes the connection), which A sees as a reset.
fn bad_request(frame: &[u8], err: MpaError) {
    let p = pair();
    let mut c = connected(&p);
    let mut b = MpaSetup::listen(&p.b, &mut c.sb, config(Revision::V2, CrcPolicy::Allowed))
        .expect("B waits");
    c.sa.write_all(frame, Duration::from_millis(1))
        .expect("A writes");
    let e = wait(&p, true, &mut b, &mut c);
    assert_eq!(e, MpaEvent::Failed(err));
    // B aborted the connection: A sees the reset
    let dev = c.sa.device().clone();
    let end = dev.now_ns() + 5_000_000;
    loop {
        match p.a.tcp_poll_event().expect("event") {
            Some(TcpEventInfo::Reset { ep, .. }) if ep == c.ea => break,
            Some(_) | None => {}
        }
        assert!(dev.now_ns() < end, "A saw no reset");
        dev.relax();
    }
}

#[test]
fn mpa_silent_initiator_times_out_at_the_responder() {
    let p = pair();
    let mut c = connected(&p);
    let mut b = MpaSetup::listen(&p.b, &mut c.sb, config(Revision::V2, CrcPolicy::Allowed))
        .expect("B waits");
    let t0 = c.sb.device().now_ns();
    let e = wait(&p, true, &mut b, &mut c);
    let waited = c.sb.device().now_ns() - t0;
    assert_eq!(e, MpaEvent::TimedOut);
    assert!(
        (2_000_000..3_000_000).contains(&waited),
        "the endpoint timer: {waited} ns"
    );
}
