//! The DAT endpoint model of seed 004 (`warpnic::dat`) between two
//! simulated NICs: every endpoint state and transition, every connection
//! event, and every return code of `dat_ep_connect` and the calls around
//! it; and the iWARP extension's Socket Service Points and
//! `dat_iw_socket_connect` (seed 001).

use std::collections::VecDeque;
use std::net::IpAddr;
use std::time::Duration as Wait;

use warpnic::dat::{
    ssp_field, DatError, DatEvent, EpHandle, EpState, Ia, SspState, Timeout, CONNECT_MULTIPATH,
    QOS_BEST_EFFORT,
};
use warpnic::mpa::{CrcPolicy, MarkerPolicy, MpaConfig, Revision, RtrSet};
use warpnic::QpCaps;
use warpnic_abi::gen::QpState;
use warpnic_sim::rdma::qp_parts;
use warpnic_sim::traffic::Pair;
use warpnic_tests::{pair, tcp_pair_setup, tcp_streams, A_IP, B_IP};

fn mpa() -> MpaConfig {
    MpaConfig {
        revision: Revision::V2,
        crc: CrcPolicy::Allowed,
        markers: MarkerPolicy::Disabled,
        rtr: RtrSet::ALL,
        timeout: 2_000_000,
    }
}

fn b_ip() -> IpAddr {
    IpAddr::V4(B_IP)
}

/// The two adapters, with the events each has that its test did not take
/// yet.
struct Two<'n> {
    a: Ia<'n>,
    b: Ia<'n>,
    qa: VecDeque<DatEvent>,
    qb: VecDeque<DatEvent>,
}

impl<'n> Two<'n> {
    fn new(p: &'n Pair) -> Two<'n> {
        Two {
            a: Ia::new(&p.a, mpa()),
            b: Ia::new(&p.b, mpa()),
            qa: VecDeque::new(),
            qb: VecDeque::new(),
        }
    }

    /// Runs the simulation, polling both adapters, until A (`b_side`
    /// false) or B has an event; at most 2 ms.
    fn next(&mut self, p: &Pair, b_side: bool) -> DatEvent {
        let dev = p.a.device().clone();
        let t0 = dev.now_ns();
        loop {
            let q = if b_side { &mut self.qb } else { &mut self.qa };
            if let Some(e) = q.pop_front() {
                return e;
            }
            if let Some(e) = self.a.poll().expect("A's poll") {
                self.qa.push_back(e);
            }
            if let Some(e) = self.b.poll().expect("B's poll") {
                self.qb.push_back(e);
            }
            assert!(dev.now_ns() - t0 < 2_000_000, "no event within 2 ms");
            dev.relax();
        }
    }

    /// ESTABLISHED at A for `ea`, then at B for `eb`; both CONNECTED.
    fn both_established(&mut self, p: &Pair, ea: EpHandle, eb: EpHandle) {
        let e = self.ev_a(p);
        assert!(
            matches!(e, DatEvent::Established { ep, .. } if ep == ea),
            "{e:?}"
        );
        let e = self.ev_b(p);
        assert!(
            matches!(e, DatEvent::Established { ep, .. } if ep == eb),
            "{e:?}"
        );
        assert_eq!(self.a.ep_state(ea).unwrap(), EpState::Connected);
        assert_eq!(self.b.ep_state(eb).unwrap(), EpState::Connected);
    }

    fn ev_a(&mut self, p: &Pair) -> DatEvent {
        self.next(p, false)
    }

    fn ev_b(&mut self, p: &Pair) -> DatEvent {
        self.next(p, true)
    }
}

fn connect(ia: &mut Ia<'_>, ep: EpHandle, qual: u16, pd: &[u8]) -> Result<(), DatError> {
    ia.ep_connect(ep, b_ip(), qual, Timeout::Infinite, pd, QOS_BEST_EFFORT, 0)
}

/// The whole life of two endpoints with queue pairs: UNCONNECTED,
/// ACTIVE_ / PASSIVE_CONNECTION_PENDING, CONNECTED, DISCONNECT_PENDING
/// and DISCONNECTED on the side that disconnects, DISCONNECTED on the
/// peer's, UNCONNECTED again after a reset (the QPs back in RESET), and a
/// second connection on the same endpoints.
#[test]
fn dat_endpoint_life_with_queue_pairs() {
    let p = pair();
    tcp_pair_setup(&p);
    let qa = qp_parts(&p.a, QpCaps::default(), 256).expect("A's QP");
    let qb = qp_parts(&p.b, QpCaps::default(), 256).expect("B's QP");
    let mut t = Two::new(&p);
    let ea =
        t.a.ep_create(Some(qa.qp.clone()), 4, 4)
            .expect("A's endpoint");
    let eb =
        t.b.ep_create(Some(qb.qp.clone()), 4, 4)
            .expect("B's endpoint");
    assert_eq!(t.a.ep_state(ea).unwrap(), EpState::Unconnected);
    t.b.psp_create(8000, 4, false).expect("PSP");
    for round in 0..2 {
        connect(&mut t.a, ea, 8000, b"hello").expect("connect");
        assert_eq!(t.a.ep_state(ea).unwrap(), EpState::ActiveConnectionPending);
        let e = t.ev_b(&p);
        let DatEvent::ConnectionRequest {
            cr,
            conn_qual,
            remote,
            private_data,
            ep,
        } = e
        else {
            panic!("B: {e:?}");
        };
        assert_eq!((conn_qual, *remote.ip(), ep), (8000, A_IP, None));
        assert_eq!(private_data, b"hello");
        t.b.cr_accept(cr, Some(eb), b"welcome").expect("accept");
        assert_eq!(t.b.ep_state(eb).unwrap(), EpState::PassiveConnectionPending);
        let e = t.ev_a(&p);
        assert_eq!(
            e,
            DatEvent::Established {
                ep: ea,
                private_data: b"welcome".to_vec()
            }
        );
        assert_eq!(t.a.ep_state(ea).unwrap(), EpState::Connected);
        let e = t.ev_b(&p);
        assert!(
            matches!(e, DatEvent::Established { ep, .. } if ep == eb),
            "{e:?}"
        );
        assert_eq!(t.b.ep_state(eb).unwrap(), EpState::Connected);
        assert_eq!(qa.qp.state().unwrap(), QpState::Rts, "round {round}");
        assert_eq!(qb.qp.state().unwrap(), QpState::Rts);
        // A disconnects gracefully
        t.a.ep_disconnect(ea, true).expect("disconnect");
        assert_eq!(t.a.ep_state(ea).unwrap(), EpState::DisconnectPending);
        let e = t.ev_a(&p);
        assert_eq!(e, DatEvent::Disconnected { ep: ea });
        assert_eq!(t.a.ep_state(ea).unwrap(), EpState::Disconnected);
        let e = t.ev_b(&p);
        assert_eq!(e, DatEvent::Disconnected { ep: eb });
        assert_eq!(t.b.ep_state(eb).unwrap(), EpState::Disconnected);
        assert_eq!(qa.qp.state().unwrap(), QpState::Error);
        assert_eq!(qb.qp.state().unwrap(), QpState::Error);
        // reset: UNCONNECTED, the QPs in RESET
        t.a.ep_reset(ea).expect("A's reset");
        t.b.ep_reset(eb).expect("B's reset");
        assert_eq!(t.a.ep_state(ea).unwrap(), EpState::Unconnected);
        assert_eq!(qa.qp.state().unwrap(), QpState::Reset);
        assert_eq!(qb.qp.state().unwrap(), QpState::Reset);
    }
}

/// PEER_REJECTED with the rejecting consumer's private data; NON_PEER_REJECTED
/// for a qualifier nobody listens on and for a full backlog; each leaves
/// the endpoint DISCONNECTED.
#[test]
fn dat_rejections() {
    let p = pair();
    tcp_pair_setup(&p);
    let mut t = Two::new(&p);
    t.b.psp_create(8010, 1, false).expect("PSP");
    let e1 = t.a.ep_create(None, 1, 1).unwrap();
    connect(&mut t.a, e1, 8010, b"please").expect("connect");
    let e = t.ev_b(&p);
    let DatEvent::ConnectionRequest { cr, .. } = e else {
        panic!("B: {e:?}");
    };
    t.b.cr_reject(cr, b"no thanks").expect("reject");
    let e = t.ev_a(&p);
    assert_eq!(
        e,
        DatEvent::PeerRejected {
            ep: e1,
            private_data: b"no thanks".to_vec()
        }
    );
    assert_eq!(t.a.ep_state(e1).unwrap(), EpState::Disconnected);
    assert!(matches!(
        t.b.cr_reject(cr, &[]),
        Err(DatError::InvalidHandle)
    ));

    // nobody listens
    let e2 = t.a.ep_create(None, 1, 1).unwrap();
    connect(&mut t.a, e2, 8011, &[]).expect("connect");
    let e = t.ev_a(&p);
    assert_eq!(e, DatEvent::NonPeerRejected { ep: e2 });
    assert_eq!(t.a.ep_state(e2).unwrap(), EpState::Disconnected);

    // the backlog (1) holds one unanswered request; the next is refused
    let e3 = t.a.ep_create(None, 1, 1).unwrap();
    let e4 = t.a.ep_create(None, 1, 1).unwrap();
    connect(&mut t.a, e3, 8010, b"3").expect("connect");
    let e = t.ev_b(&p);
    assert!(matches!(e, DatEvent::ConnectionRequest { .. }), "{e:?}");
    connect(&mut t.a, e4, 8010, b"4").expect("connect");
    let e = t.ev_a(&p);
    assert_eq!(e, DatEvent::NonPeerRejected { ep: e4 });
    assert_eq!(t.a.ep_state(e3).unwrap(), EpState::ActiveConnectionPending);

    // a request whose service point is freed before it is answered is
    // dropped with it: its handle is no longer valid, and an endpoint
    // offered for it is untouched
    t.b.psp_create(8012, 2, false).expect("PSP");
    let e5 = t.a.ep_create(None, 1, 1).unwrap();
    connect(&mut t.a, e5, 8012, b"5").expect("connect");
    let e = t.ev_b(&p);
    let DatEvent::ConnectionRequest { cr, .. } = e else {
        panic!("B: {e:?}");
    };
    t.b.sp_free(8012).expect("PSP freed");
    let eb = t.b.ep_create(None, 1, 1).unwrap();
    assert!(matches!(
        t.b.cr_accept(cr, Some(eb), &[]),
        Err(DatError::InvalidHandle)
    ));
    assert!(matches!(
        t.b.cr_reject(cr, &[]),
        Err(DatError::InvalidHandle)
    ));
    assert_eq!(t.b.ep_state(eb).unwrap(), EpState::Unconnected);
}

/// UNREACHABLE when the host does not answer within the timeout (1 µs:
/// not even the TCP handshake), TIMED_OUT when the setup does not
/// complete within it (the peer never answers the request).
#[test]
fn dat_unreachable_and_timed_out() {
    let p = pair();
    tcp_pair_setup(&p);
    let mut t = Two::new(&p);
    t.b.psp_create(8020, 4, false).expect("PSP");
    let e1 = t.a.ep_create(None, 1, 1).unwrap();
    t.a.ep_connect(
        e1,
        b_ip(),
        8020,
        Timeout::Micros(1),
        &[],
        QOS_BEST_EFFORT,
        0,
    )
    .expect("connect");
    let dev = p.a.device().clone();
    let wait = |a: &mut Ia<'_>| {
        let t0 = dev.now_ns();
        loop {
            if let Some(e) = a.poll().expect("poll") {
                return e;
            }
            assert!(dev.now_ns() - t0 < 1_000_000);
            dev.relax();
        }
    };
    assert_eq!(wait(&mut t.a), DatEvent::Unreachable { ep: e1 });
    assert_eq!(t.a.ep_state(e1).unwrap(), EpState::Disconnected);
    // B is not polled: its consumer never sees the request
    let e2 = t.a.ep_create(None, 1, 1).unwrap();
    t.a.ep_connect(
        e2,
        b_ip(),
        8020,
        Timeout::Micros(100),
        &[],
        QOS_BEST_EFFORT,
        0,
    )
    .expect("connect");
    assert_eq!(wait(&mut t.a), DatEvent::TimedOut { ep: e2 });
    assert_eq!(t.a.ep_state(e2).unwrap(), EpState::Disconnected);
    // INFINITE never fires: an adapter whose MPA timer is 200 us has no
    // event in 600 us (a second adapter on A: each takes only its own)
    let mut short = Ia::new(
        &p.a,
        MpaConfig {
            timeout: 200_000,
            ..mpa()
        },
    );
    let e3 = short.ep_create(None, 1, 1).unwrap();
    short
        .ep_connect(e3, b_ip(), 8020, Timeout::Infinite, &[], QOS_BEST_EFFORT, 0)
        .expect("connect");
    let t0 = dev.now_ns();
    while dev.now_ns() - t0 < 600_000 {
        assert_eq!(short.poll().expect("poll"), None, "INFINITE fired");
        dev.relax();
    }
    assert_eq!(
        short.ep_state(e3).unwrap(),
        EpState::ActiveConnectionPending
    );
}

/// A reserved service point: its endpoint is RESERVED, then
/// PASSIVE_CONNECTION_PENDING with the request bound to it, CONNECTED once
/// accepted; the qualifier takes no second request.
#[test]
fn dat_reserved_service_point() {
    let p = pair();
    tcp_pair_setup(&p);
    let mut t = Two::new(&p);
    let eb = t.b.ep_create(None, 2, 2).unwrap();
    t.b.rsp_create(8030, eb).expect("RSP");
    assert_eq!(t.b.ep_state(eb).unwrap(), EpState::Reserved);
    assert!(matches!(
        t.b.rsp_create(8031, eb),
        Err(DatError::InvalidState(EpState::Reserved))
    ));
    let ea = t.a.ep_create(None, 2, 2).unwrap();
    connect(&mut t.a, ea, 8030, b"rsp").expect("connect");
    let e = t.ev_b(&p);
    let DatEvent::ConnectionRequest { cr, ep, .. } = e else {
        panic!("B: {e:?}");
    };
    assert_eq!(ep, Some(eb));
    assert_eq!(t.b.ep_state(eb).unwrap(), EpState::PassiveConnectionPending);
    let other = t.b.ep_create(None, 2, 2).unwrap();
    assert!(matches!(
        t.b.cr_accept(cr, Some(other), &[]),
        Err(DatError::InvalidParameter("ep"))
    ));
    t.b.cr_accept(cr, None, &[]).expect("accept");
    t.both_established(&p, ea, eb);
    // the RSP is gone with its request
    let e2 = t.a.ep_create(None, 2, 2).unwrap();
    connect(&mut t.a, e2, 8030, &[]).expect("connect");
    let e = t.ev_a(&p);
    assert_eq!(e, DatEvent::NonPeerRejected { ep: e2 });
    // an abrupt disconnect: the peer sees DISCONNECTED too
    t.b.ep_disconnect(eb, false).expect("disconnect");
    let e = t.ev_b(&p);
    assert_eq!(e, DatEvent::Disconnected { ep: eb });
    let e = t.ev_a(&p);
    assert_eq!(e, DatEvent::Disconnected { ep: ea });
}

/// A provider PSP makes an endpoint per request, in
/// TENTATIVE_CONNECTION_PENDING: accepted it goes PASSIVE_CONNECTION_PENDING
/// then CONNECTED; rejected, DISCONNECTED.
#[test]
fn dat_provider_service_point() {
    let p = pair();
    tcp_pair_setup(&p);
    let mut t = Two::new(&p);
    t.b.psp_create(8040, 4, true).expect("provider PSP");
    let ea = t.a.ep_create(None, 1, 1).unwrap();
    connect(&mut t.a, ea, 8040, &[]).expect("connect");
    let e = t.ev_b(&p);
    let DatEvent::ConnectionRequest {
        cr, ep: Some(eb), ..
    } = e
    else {
        panic!("B: {e:?}");
    };
    assert_eq!(
        t.b.ep_state(eb).unwrap(),
        EpState::TentativeConnectionPending
    );
    t.b.cr_accept(cr, None, &[]).expect("accept");
    assert_eq!(t.b.ep_state(eb).unwrap(), EpState::PassiveConnectionPending);
    let e = t.ev_a(&p);
    assert!(
        matches!(e, DatEvent::Established { ep, .. } if ep == ea),
        "{e:?}"
    );
    let e = t.ev_b(&p);
    assert!(
        matches!(e, DatEvent::Established { ep, .. } if ep == eb),
        "{e:?}"
    );

    let e2 = t.a.ep_create(None, 1, 1).unwrap();
    connect(&mut t.a, e2, 8040, &[]).expect("connect");
    let e = t.ev_b(&p);
    let DatEvent::ConnectionRequest {
        cr, ep: Some(eb2), ..
    } = e
    else {
        panic!("B: {e:?}");
    };
    t.b.cr_reject(cr, &[]).expect("reject");
    assert_eq!(t.b.ep_state(eb2).unwrap(), EpState::Disconnected);
    let e = t.ev_a(&p);
    assert!(
        matches!(e, DatEvent::PeerRejected { ep, .. } if ep == e2),
        "{e:?}"
    );
    t.b.ep_free(eb2).expect("free");
    assert!(matches!(t.b.ep_state(eb2), Err(DatError::InvalidHandle)));
}

/// Every return code, from the calls that must refuse synchronously.
#[test]
fn dat_return_codes() {
    let p = pair();
    tcp_pair_setup(&p);
    let mut t = Two::new(&p);
    let ep = t.a.ep_create(None, 1, 1).unwrap();
    let c = |a: &mut Ia<'_>, addr: &str, t: Timeout, pd: &[u8], qos: u32, flags: u32| {
        a.ep_connect(ep, addr.parse().unwrap(), 8050, t, pd, qos, flags)
    };
    let ok = "10.0.0.2";
    // DAT_INVALID_PARAMETER
    assert!(matches!(
        c(&mut t.a, ok, Timeout::Micros(0), &[], 0, 0),
        Err(DatError::InvalidParameter("timeout"))
    ));
    assert!(matches!(
        c(&mut t.a, ok, Timeout::Infinite, &[0; 509], 0, 0),
        Err(DatError::InvalidParameter("private_data"))
    ));
    assert!(matches!(
        c(&mut t.a, ok, Timeout::Infinite, &[], 0, 0x80),
        Err(DatError::InvalidParameter("connect_flags"))
    ));
    assert!(matches!(
        t.a.ep_create(None, 1000, 1),
        Err(DatError::InvalidParameter("ird"))
    ));
    assert!(matches!(
        t.b.psp_create(8050, 0, false),
        Err(DatError::InvalidParameter("backlog"))
    ));
    // DAT_INVALID_ADDRESS
    for bad in ["::1", "0.0.0.0", "255.255.255.255", "239.1.2.3"] {
        assert!(
            matches!(
                c(&mut t.a, bad, Timeout::Infinite, &[], 0, 0),
                Err(DatError::InvalidAddress(_))
            ),
            "{bad}"
        );
    }
    // DAT_MODEL_NOT_SUPPORTED
    assert!(matches!(
        c(&mut t.a, ok, Timeout::Infinite, &[], 0x02, 0),
        Err(DatError::ModelNotSupported("qos"))
    ));
    assert!(matches!(
        c(&mut t.a, ok, Timeout::Infinite, &[], 0, CONNECT_MULTIPATH),
        Err(DatError::ModelNotSupported("multipath"))
    ));
    // none of them changed the endpoint
    assert_eq!(t.a.ep_state(ep).unwrap(), EpState::Unconnected);
    // DAT_INVALID_STATE
    assert!(matches!(
        t.a.ep_reset(ep),
        Err(DatError::InvalidState(EpState::Unconnected))
    ));
    assert!(matches!(
        t.a.ep_disconnect(ep, true),
        Err(DatError::InvalidState(EpState::Unconnected))
    ));
    t.b.psp_create(8050, 4, false).expect("PSP");
    c(&mut t.a, ok, Timeout::Infinite, &[], 0, 0).expect("connect");
    assert!(matches!(
        c(&mut t.a, ok, Timeout::Infinite, &[], 0, 0),
        Err(DatError::InvalidState(EpState::ActiveConnectionPending))
    ));
    // DAT_INVALID_HANDLE
    t.a.ep_free(ep).expect("free a pending endpoint");
    assert!(matches!(t.a.ep_state(ep), Err(DatError::InvalidHandle)));
    assert!(matches!(t.a.ep_free(ep), Err(DatError::InvalidHandle)));
    assert!(matches!(t.b.sp_free(8099), Err(DatError::InvalidHandle)));
    // DAT_INSUFFICIENT_RESOURCES: every listener slot of the engine taken
    let mut n = 0u16;
    let err = loop {
        match t.b.psp_create(9000 + n, 1, false) {
            Ok(()) => n += 1,
            Err(e) => break e,
        }
        assert!(n < 1000, "no end of listener slots");
    };
    println!("{n} service points, then {err}");
    assert!(matches!(err, DatError::InsufficientResources), "{err:?}");
}

// ----- Socket Service Points (seed 001) ----------------------------------------

/// An SSP on B's socket with its endpoint (RESERVED), A's socket_connect
/// on the other end of the same connection: the request reaches B's
/// endpoint (PASSIVE_CONNECTION_PENDING, the SSP NON_OPERATIONAL), and
/// both endpoints are CONNECTED once it is accepted. The adapter says it
/// has SSPs.
#[test]
fn dat_ssp_and_socket_connect() {
    let p = pair();
    let ((_, mut sa), (eb_tcp, sb)) = tcp_streams(&p, 14);
    let mut t = Two::new(&p);
    assert!(t.a.query().contains(&("DAT_IW_ATTR_SSP", "TRUE")));
    let eb = t.b.ep_create(None, 2, 2).unwrap();
    let ssp =
        t.b.ssp_create(sb, Some(eb), b"last streaming words")
            .expect("SSP");
    assert_eq!(t.b.ep_state(eb).unwrap(), EpState::Reserved);
    let q = t.b.ssp_query(ssp, ssp_field::ALL).expect("query");
    assert_eq!(
        (q.socket_id, q.ep, q.state),
        (Some(eb_tcp), Some(eb), Some(SspState::Operational))
    );
    assert_eq!(
        t.b.ssp_query(ssp, ssp_field::SSP_STATE).unwrap().ep,
        None,
        "only what was asked"
    );
    assert!(matches!(
        t.b.ssp_query(ssp, 0x40),
        Err(DatError::InvalidParameter(_))
    ));
    let mut last = [0u8; 20];
    sa.read_exact(&mut last, Wait::from_millis(2))
        .expect("the final message");
    assert_eq!(&last, b"last streaming words");
    let ea = t.a.ep_create(None, 2, 2).unwrap();
    t.a.socket_connect(ea, sa, Timeout::Infinite, b"over the socket")
        .expect("socket_connect");
    assert_eq!(t.a.ep_state(ea).unwrap(), EpState::ActiveConnectionPending);
    let e = t.ev_b(&p);
    let DatEvent::ConnectionRequest {
        cr,
        ep,
        private_data,
        ..
    } = e
    else {
        panic!("B: {e:?}");
    };
    assert_eq!(
        (ep, private_data.as_slice()),
        (Some(eb), &b"over the socket"[..])
    );
    assert_eq!(t.b.ep_state(eb).unwrap(), EpState::PassiveConnectionPending);
    assert_eq!(
        t.b.ssp_query(ssp, ssp_field::SSP_STATE).unwrap().state,
        Some(SspState::NonOperational)
    );
    t.b.cr_accept(cr, None, &[]).expect("accept");
    t.both_established(&p, ea, eb);
    assert!(
        t.b.ssp_free(ssp).expect("free").is_none(),
        "the socket is the endpoint's"
    );
}

/// A reject: B's endpoint is UNCONNECTED again (seed 001), A's socket
/// comes back still connected (its bytes are acknowledged).
#[test]
fn dat_ssp_reject_gives_the_socket_back() {
    let p = pair();
    let ((_, sa), (_, sb)) = tcp_streams(&p, 14);
    let mut t = Two::new(&p);
    let eb = t.b.ep_create(None, 1, 1).unwrap();
    t.b.ssp_create(sb, Some(eb), &[]).expect("SSP");
    let ea = t.a.ep_create(None, 1, 1).unwrap();
    t.a.socket_connect(ea, sa, Timeout::Micros(5_000), &[])
        .expect("socket_connect");
    let e = t.ev_b(&p);
    let DatEvent::ConnectionRequest { cr, .. } = e else {
        panic!("B: {e:?}");
    };
    t.b.cr_reject(cr, b"streaming it is").expect("reject");
    assert_eq!(t.b.ep_state(eb).unwrap(), EpState::Unconnected);
    let e = t.ev_a(&p);
    assert_eq!(
        e,
        DatEvent::PeerRejected {
            ep: ea,
            private_data: b"streaming it is".to_vec()
        }
    );
    let mut sa = t.a.take_socket(ea).expect("A's socket back");
    sa.write_all(b"still connected", Wait::from_millis(2))
        .unwrap();
    sa.flush_wait(Wait::from_millis(2))
        .expect("acknowledged by B");
}

/// SOCKET_DOWN when the socket closes before any request; freeing an
/// operational SSP gives the socket back; bad socket calls give it back
/// too.
#[test]
fn dat_ssp_socket_down_free_and_bad_calls() {
    let p = pair();
    let ((ea_tcp, sa), (_, sb)) = tcp_streams(&p, 14);
    let mut t = Two::new(&p);
    let eb = t.b.ep_create(None, 1, 1).unwrap();
    let ssp = t.b.ssp_create(sb, Some(eb), &[]).expect("SSP");
    // an operational SSP freed: the socket comes back, the endpoint too
    let sb = t.b.ssp_free(ssp).expect("free").expect("the socket back");
    assert_eq!(t.b.ep_state(eb).unwrap(), EpState::Unconnected);
    assert!(matches!(
        t.b.ssp_query(ssp, ssp_field::ALL),
        Err(DatError::InvalidHandle)
    ));
    // a provider endpoint, then the socket goes down
    let ssp = t.b.ssp_create(sb, None, &[]).expect("SSP");
    p.a.tcp_close(ea_tcp).expect("A closes");
    let e = t.ev_b(&p);
    assert_eq!(e, DatEvent::SocketDown { ssp });
    assert_eq!(
        t.b.ssp_query(ssp, ssp_field::SSP_STATE).unwrap().state,
        Some(SspState::NonOperational)
    );
    // bad calls: the socket comes back with the error
    let ep = t.a.ep_create(None, 1, 1).unwrap();
    let e =
        t.a.socket_connect(ep, sa, Timeout::Micros(0), &[])
            .expect_err("zero timeout");
    assert!(matches!(e.error, DatError::InvalidParameter("timeout")));
    let e =
        t.a.socket_connect(ep, *e.socket, Timeout::Infinite, &[0; 509])
            .expect_err("long");
    assert!(matches!(
        e.error,
        DatError::InvalidParameter("private_data")
    ));
    let e =
        t.b.ssp_create(*e.socket, None, &[])
            .expect_err("A's socket at B");
    assert!(matches!(e.error, DatError::InvalidState(_)));
}
