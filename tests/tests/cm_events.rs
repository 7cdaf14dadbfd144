//! The connection manager's events where a connection fails, as seed 004
//! (`dat_ep_connect`) maps them, between two simulated NICs: a full
//! backlog (NON_PEER_REJECTED), a peer that closes during the MPA
//! exchange (NON_PEER_REJECTED at once, not at the MPA timer), a host
//! that does not answer (UNREACHABLE), the consumer's connect timeout at
//! its boundaries (0, 1 µs, one the handshake just meets, one the MPA
//! exchange misses), an established connection whose TCP times out
//! (DISCONNECTED); and a `Cm` sharing its NIC with the raw TCP API and
//! releasing everything when dropped.

use std::time::Duration;

use warpnic::mpa::{
    AcceptParams, ConnectParams, CrcPolicy, MarkerPolicy, MpaConfig, Revision, RtrSet,
};
use warpnic::{
    ArgError, Cm, CmEvent, CmFailure, CmId, ConnectOpts, Error, TcpConfig, TcpEventInfo,
};
use warpnic_abi::gen::CplStatus;
use warpnic_sim::traffic::Pair;
use warpnic_tests::{pair, tcp_pair_setup, A_IP, B_IP};

/// The MPA timer of [`mpa`]: 2 ms.
const MPA_TIMEOUT_NS: u64 = 2_000_000;

fn mpa() -> MpaConfig {
    MpaConfig {
        revision: Revision::V2,
        crc: CrcPolicy::Allowed,
        markers: MarkerPolicy::Disabled,
        rtr: RtrSet::ALL,
        timeout: MPA_TIMEOUT_NS,
    }
}

fn params(private_data: &[u8]) -> ConnectParams<'_> {
    ConnectParams {
        private_data,
        ird: 1,
        ord: 1,
        p2p: false,
    }
}

/// Short TCP timers, so that the engine's timeouts fit a simulation: an
/// unanswered SYN or unacknowledged data gives up after 1.5 ms (100, 200,
/// 400, 400 and 400 µs).
fn short_timers() -> TcpConfig {
    TcpConfig {
        rto_init: Duration::from_micros(100),
        rto_min: Duration::from_micros(100),
        rto_max: Duration::from_micros(400),
        syn_retries: 4,
        data_retries: 4,
        time_wait: Duration::from_micros(500),
        isn_secret: None,
    }
}

fn short_setup(p: &Pair) {
    tcp_pair_setup(p);
    p.a.tcp_config(&short_timers()).expect("A's timers");
    p.b.tcp_config(&short_timers()).expect("B's timers");
}

/// Runs the simulation, polling both managers, until `cm` has an event;
/// `other`'s events are collected. Panics after `limit_ns` of device time.
fn next_of(p: &Pair, cm: &mut Cm<'_>, other: &mut Cm<'_>, limit_ns: u64) -> (CmEvent, u64) {
    let dev = p.a.device().clone();
    let t0 = dev.now_ns();
    loop {
        if let Some(e) = cm.poll().expect("poll") {
            return (e, dev.now_ns() - t0);
        }
        // the other side answers nothing: its events are only logged
        if let Some(e) = other.poll().expect("poll") {
            println!("other side: {e:?}");
        }
        assert!(
            dev.now_ns() - t0 < limit_ns,
            "no CM event within {limit_ns} ns"
        );
        dev.relax();
    }
}

/// A streaming-mode connection from A to B's listener on `port`,
/// established on both sides: (A's id, B's id).
fn establish(p: &Pair, a: &mut Cm<'_>, b: &mut Cm<'_>, port: u16) -> (CmId, CmId) {
    let ida = a
        .connect(B_IP, port, mpa(), params(&[]), None)
        .expect("connect");
    let (e, _) = next_of(p, b, a, 1_000_000);
    let CmEvent::ConnectRequest { id: idb, .. } = e else {
        panic!("B: {e:?}");
    };
    b.accept(
        idb,
        AcceptParams {
            private_data: &[],
            ird: 1,
            ord: 1,
        },
        None,
    )
    .expect("accept");
    let (e, _) = next_of(p, a, b, 1_000_000);
    assert!(
        matches!(e, CmEvent::Established { id, .. } if id == ida),
        "{e:?}"
    );
    (ida, idb)
}

/// A listener's backlog bounds the requests its consumer has not
/// answered: a connection beyond it is reset as its handshake completes,
/// so its initiator sees NON_PEER_REJECTED at once (seed 004: "Backlog of
/// the requested Service Point is full"); the one within it goes on.
#[test]
fn cm_full_backlog_is_non_peer_rejected() {
    let p = pair();
    tcp_pair_setup(&p);
    let mut a = Cm::new(&p.a);
    let mut b = Cm::new(&p.b);
    b.listen(7100, 1, mpa()).expect("listen");
    assert!(matches!(
        b.listen(7101, 0, mpa()),
        Err(Error::InvalidArgument { arg: "backlog", .. })
    ));
    let first = a
        .connect(B_IP, 7100, mpa(), params(b"one"), None)
        .expect("connect");
    let second = a
        .connect(B_IP, 7100, mpa(), params(b"two"), None)
        .expect("connect");
    let mut request = None;
    let mut rejected = None;
    let dev = p.a.device().clone();
    let t0 = dev.now_ns();
    while request.is_none() || rejected.is_none() {
        if let Some(e) = b.poll().expect("B") {
            assert!(request.is_none(), "B: a second request {e:?}");
            request = Some(e);
        }
        if let Some(e) = a.poll().expect("A") {
            assert!(rejected.is_none(), "A: {e:?}");
            rejected = Some(e);
        }
        assert!(dev.now_ns() - t0 < 1_000_000, "{request:?} {rejected:?}");
        dev.relax();
    }
    let Some(CmEvent::ConnectRequest {
        id: idb,
        private_data,
        ..
    }) = request
    else {
        panic!("B: {request:?}");
    };
    let Some(CmEvent::NonPeerRejected { id, reason }) = rejected else {
        panic!("A: {rejected:?}");
    };
    // whichever request reached B second was the one beyond the backlog
    let (taken, refused) = if private_data == b"one" {
        (first, second)
    } else {
        (second, first)
    };
    assert_eq!(id, refused);
    assert_eq!(reason, CmFailure::Tcp(CplStatus::ConnReset));
    assert_eq!(b.backlog_resets(), 1);
    b.accept(
        idb,
        AcceptParams {
            private_data: &[],
            ird: 1,
            ord: 1,
        },
        None,
    )
    .expect("accept");
    let (e, _) = next_of(&p, &mut a, &mut b, 1_000_000);
    assert!(
        matches!(e, CmEvent::Established { id, .. } if id == taken),
        "{e:?}"
    );
}

/// A peer that closes the TCP connection while the initiator waits for
/// the MPA reply fails the connection at once (NON_PEER_REJECTED, the
/// peer closed), long before the MPA timer would.
#[test]
fn cm_peer_closing_during_mpa_is_reported_at_once() {
    let p = pair();
    tcp_pair_setup(&p);
    let mut a = Cm::new(&p.a);
    let mut b = Cm::new(&p.b);
    // B's end is a raw TCP listener that takes the connection and closes it
    p.b.tcp_listen(7102, 4).expect("raw listen");
    let id = a
        .connect(B_IP, 7102, mpa(), params(b"hello?"), None)
        .expect("connect");
    let dev = p.a.device().clone();
    let t0 = dev.now_ns();
    let eb = loop {
        if let Some(TcpEventInfo::Accepted { ep, .. }) = p.b.tcp_poll_event().expect("B raw") {
            break ep;
        }
        assert!(a.poll().expect("A").is_none());
        assert!(dev.now_ns() - t0 < 1_000_000, "B accepted nothing");
        dev.relax();
    };
    p.b.tcp_close(eb).expect("B closes");
    let (e, after) = next_of(&p, &mut a, &mut b, 4 * MPA_TIMEOUT_NS);
    println!("A's event {after} ns after B's close: {e:?}");
    assert_eq!(
        e,
        CmEvent::NonPeerRejected {
            id,
            reason: CmFailure::PeerClosed
        }
    );
    assert!(
        after < MPA_TIMEOUT_NS / 4,
        "{after} ns: the MPA timer's, not the FIN's"
    );
}

/// A host that does not answer the SYN: UNREACHABLE ("the remote host
/// does not respond"), once the engine's SYN retransmissions run out.
#[test]
fn cm_unanswered_syn_is_unreachable() {
    let p = pair();
    short_setup(&p);
    let mut a = Cm::new(&p.a);
    let mut b = Cm::new(&p.b);
    // a first connection resolves B's address (ARP), so that the next
    // one fails at its SYN, not at ARP
    b.listen(7103, 4, mpa()).expect("listen");
    establish(&p, &mut a, &mut b, 7103);
    p.b.set_port(true, false).expect("B hears nothing");
    let id = a
        .connect(B_IP, 7103, mpa(), params(&[]), None)
        .expect("connect");
    let (e, after) = next_of(&p, &mut a, &mut b, 10_000_000);
    println!("A's event after {after} ns: {e:?}");
    assert_eq!(e, CmEvent::Unreachable { id });
}

/// The consumer's timeout at its boundaries: 0 is refused
/// (DAT_INVALID_PARAMETER); 1 µs ends the attempt before the TCP
/// handshake completes (UNREACHABLE); a timeout the setup just meets
/// establishes; one the MPA exchange misses (the responder never answers)
/// gives TIMED_OUT at the deadline, not at the MPA timer.
#[test]
fn cm_connect_timeout_boundaries() {
    let p = pair();
    tcp_pair_setup(&p);
    let mut a = Cm::new(&p.a);
    let mut b = Cm::new(&p.b);
    b.listen(7104, 8, mpa()).expect("listen");
    let accept = AcceptParams {
        private_data: &[],
        ird: 1,
        ord: 1,
    };
    assert!(matches!(
        a.connect_within(B_IP, 7104, mpa(), params(&[]), None, Some(Duration::ZERO)),
        Err(Error::InvalidArgument {
            arg: "timeout",
            reason: ArgError::DurationOutOfRange { .. }
        })
    ));

    // 1 µs: less than one round trip
    let id = a
        .connect_within(
            B_IP,
            7104,
            mpa(),
            params(&[]),
            None,
            Some(Duration::from_micros(1)),
        )
        .expect("connect");
    let (e, after) = next_of(&p, &mut a, &mut b, 1_000_000);
    println!("1 µs timeout: {e:?} after {after} ns");
    assert_eq!(e, CmEvent::Unreachable { id });

    // how long a whole setup takes here, with no timeout
    let dev = p.a.device().clone();
    let t0 = dev.now_ns();
    let establish = |a: &mut Cm<'_>, b: &mut Cm<'_>| {
        let t0 = dev.now_ns();
        loop {
            if let Some(e) = b.poll().expect("B") {
                match e {
                    CmEvent::ConnectRequest { id, .. } => {
                        b.accept(id, accept, None).expect("accept")
                    }
                    CmEvent::Established { .. } => {}
                    e => panic!("B: {e:?}"),
                }
            }
            if let Some(e) = a.poll().expect("A") {
                return e;
            }
            assert!(dev.now_ns() - t0 < 2_000_000, "no setup within 2 ms");
            dev.relax();
        }
    };
    let id = a
        .connect(B_IP, 7104, mpa(), params(&[]), None)
        .expect("connect");
    let e = establish(&mut a, &mut b);
    assert!(
        matches!(e, CmEvent::Established { id: i, .. } if i == id),
        "{e:?}"
    );
    let setup_ns = dev.now_ns() - t0;
    println!("a whole setup: {setup_ns} ns");

    // a timeout the setup just meets (a quarter more than it took)
    let t = Duration::from_nanos(setup_ns + setup_ns / 4);
    let id = a
        .connect_within(B_IP, 7104, mpa(), params(&[]), None, Some(t))
        .expect("connect");
    let e = establish(&mut a, &mut b);
    assert!(
        matches!(e, CmEvent::Established { id: i, .. } if i == id),
        "{t:?}: {e:?}"
    );

    // the handshake completes, the reply never comes: TIMED_OUT at the
    // deadline (B's manager is not polled, so nobody answers the request)
    let t = Duration::from_micros(200);
    let t0 = dev.now_ns();
    let id = a
        .connect_within(B_IP, 7104, mpa(), params(&[]), None, Some(t))
        .expect("connect");
    let e = loop {
        if let Some(e) = a.poll().expect("A") {
            break e;
        }
        assert!(
            dev.now_ns() - t0 < MPA_TIMEOUT_NS,
            "no event before the MPA timer"
        );
        dev.relax();
    };
    let after = dev.now_ns() - t0;
    println!("200 µs timeout, no reply: {e:?} after {after} ns");
    assert_eq!(e, CmEvent::TimedOut { id });
    assert!(after >= 200_000, "{after} ns: before the deadline");
}

/// An established connection whose TCP retransmissions run out (the peer
/// went away) is DISCONNECTED, not TIMED_OUT (a connection event of
/// setup).
#[test]
fn cm_established_connection_timing_out_is_disconnected() {
    let p = pair();
    short_setup(&p);
    let mut a = Cm::new(&p.a);
    let mut b = Cm::new(&p.b);
    b.listen(7105, 4, mpa()).expect("listen");
    let (id, _) = establish(&p, &mut a, &mut b, 7105);
    p.b.set_port(true, false).expect("B hears nothing more");
    a.stream(id)
        .expect("A's stream")
        .write(&[7; 100])
        .expect("write");
    let (e, after) = next_of(&p, &mut a, &mut b, 20_000_000);
    println!("A's event {after} ns after the write: {e:?}");
    assert_eq!(e, CmEvent::Disconnected { id });
    assert!(a.stream(id).is_none(), "the connection is forgotten");
}

/// A `Cm` and the raw TCP API on one NIC: the manager takes only its own
/// connections' events, so a raw listener's connection is accepted,
/// carries data and closes gracefully while the manager polls.
#[test]
fn cm_shares_the_nic_with_the_raw_tcp_api() {
    let p = pair();
    tcp_pair_setup(&p);
    let mut a = Cm::new(&p.a);
    let mut b = Cm::new(&p.b);
    b.listen(7106, 4, mpa()).expect("listen");
    p.b.tcp_listen(9106, 4).expect("raw listen");
    let id = a
        .connect(B_IP, 7106, mpa(), params(&[]), None)
        .expect("CM connect");
    let raw_a =
        p.a.tcp_connect(B_IP, 9106, &ConnectOpts::default())
            .expect("raw connect");
    let dev = p.a.device().clone();
    let t0 = dev.now_ns();
    let (mut raw_b, mut raw_a_up, mut established) = (None, false, false);
    while raw_b.is_none() || !raw_a_up || !established {
        if let Some(e) = b.poll().expect("B's CM") {
            match e {
                CmEvent::ConnectRequest { id, .. } => b
                    .accept(
                        id,
                        AcceptParams {
                            private_data: &[],
                            ird: 1,
                            ord: 1,
                        },
                        None,
                    )
                    .expect("accept"),
                CmEvent::Established { .. } => {}
                e => panic!("B's CM: {e:?}"),
            }
        }
        if let Some(e) = a.poll().expect("A's CM") {
            assert!(
                matches!(e, CmEvent::Established { id: i, .. } if i == id),
                "A's CM: {e:?}"
            );
            established = true;
        }
        match p.b.tcp_poll_event().expect("B raw") {
            Some(TcpEventInfo::Accepted { ep, conn, .. }) => {
                assert_eq!(conn.local.port(), 9106);
                assert_eq!(*conn.peer.ip(), A_IP);
                raw_b = Some(ep);
            }
            None => {}
            Some(e) => panic!("B raw: {e:?}"),
        }
        match p.a.tcp_poll_event().expect("A raw") {
            Some(TcpEventInfo::Established { ep, .. }) => {
                assert_eq!(ep, raw_a);
                raw_a_up = true;
            }
            None => {}
            Some(e) => panic!("A raw: {e:?}"),
        }
        assert!(
            dev.now_ns() - t0 < 2_000_000,
            "{raw_b:?} {raw_a_up} {established}"
        );
        dev.relax();
    }
    // the raw connection closes gracefully, both ways, while the managers
    // poll; they see none of it
    let raw_b = raw_b.expect("B's raw endpoint");
    p.a.tcp_close(raw_a).expect("A closes");
    let (mut a_closed, mut b_closed) = (false, false);
    let t0 = dev.now_ns();
    while !a_closed || !b_closed {
        assert_eq!(a.poll().expect("A's CM"), None);
        assert_eq!(b.poll().expect("B's CM"), None);
        if let Some(e) = p.b.tcp_poll_event().expect("B raw") {
            match e {
                TcpEventInfo::PeerClosed { ep } if ep == raw_b => {
                    p.b.tcp_close(raw_b).expect("B closes")
                }
                TcpEventInfo::Closed { ep } if ep == raw_b => b_closed = true,
                e => panic!("B raw: {e:?}"),
            }
        }
        if let Some(e) = p.a.tcp_poll_event().expect("A raw") {
            match e {
                TcpEventInfo::PeerClosed { ep } if ep == raw_a => {}
                TcpEventInfo::Closed { ep } if ep == raw_a => a_closed = true,
                e => panic!("A raw: {e:?}"),
            }
        }
        assert!(
            dev.now_ns() - t0 < 5_000_000,
            "close: A {a_closed}, B {b_closed}"
        );
        dev.relax();
    }
    // the managed connection is still up
    assert!(a.stream(id).is_some());
}

/// Dropping a `Cm` releases everything: its connections are reset (the
/// peer sees DISCONNECTED), its listeners stopped (the port can be
/// listened on again), and none of their events reach the raw API.
#[test]
fn cm_drop_releases_everything() {
    let p = pair();
    tcp_pair_setup(&p);
    let mut a = Cm::new(&p.a);
    let mut b = Cm::new(&p.b);
    a.listen(7107, 4, mpa()).expect("A listens");
    b.listen(7108, 4, mpa()).expect("B listens");
    let (_, idb) = establish(&p, &mut a, &mut b, 7108);
    drop(a);
    // B: established (its own event, if not taken yet), then the reset
    let dev = p.a.device().clone();
    let t0 = dev.now_ns();
    let mut seen = Vec::new();
    while !seen.contains(&CmEvent::Disconnected { id: idb }) {
        if let Some(e) = b.poll().expect("B") {
            seen.push(e);
        }
        assert_eq!(
            p.a.tcp_poll_event().expect("A raw"),
            None,
            "the dropped Cm's events"
        );
        assert!(dev.now_ns() - t0 < 1_000_000, "B saw {seen:?}");
        dev.relax();
    }
    let mut a = Cm::new(&p.a);
    a.listen(7107, 4, mpa()).expect("A's port is free again");
}
