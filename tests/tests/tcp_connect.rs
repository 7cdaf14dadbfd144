//! TCP connection control end to end: the host library's TCP calls, the
//! firmware's control plane and the RTL engine of two simulated NICs on
//! one link. Handshakes both ways, close in both orders, refusal, SYN
//! timeout, aborts, the listener's backlog under a SYN flood,
//! and 1024 concurrent connections.

use std::collections::HashMap;
use std::net::Ipv4Addr;
use std::time::Duration;
use warpnic_tests::tcp_event;

use warpnic::{ConnectOpts, EndpointId, Nic, TcpConfig, TcpEventInfo};
use warpnic_abi::gen::{cpl_tcp_opt, CplStatus, TcbField, TcpState};
use warpnic_tests::{pair, run_for};

const A_IP: Ipv4Addr = Ipv4Addr::new(10, 0, 0, 1);
const B_IP: Ipv4Addr = Ipv4Addr::new(10, 0, 0, 2);

/// Short timers, so that timeouts fit a simulation.
fn fast() -> TcpConfig {
    TcpConfig {
        rto_init: Duration::from_micros(200),
        rto_min: Duration::from_micros(100),
        rto_max: Duration::from_millis(5),
        syn_retries: 3,
        data_retries: 4,
        time_wait: Duration::from_micros(500),
        isn_secret: None,
    }
}

fn setup() -> warpnic_sim::traffic::Pair {
    let p = pair();
    p.a.set_ipv4(A_IP, 24).expect("A's address");
    p.b.set_ipv4(B_IP, 24).expect("B's address");
    p.a.tcp_config(&fast()).expect("A's timing");
    p.b.tcp_config(&fast()).expect("B's timing");
    p
}

fn wscale() -> ConnectOpts {
    ConnectOpts {
        tcp_opt: cpl_tcp_opt::WSCALE | cpl_tcp_opt::SACK,
        rcv_wscale: 7,
        rcv_wnd: 1 << 20,
        ..ConnectOpts::default()
    }
}

fn state(nic: &Nic, ep: EndpointId) -> u64 {
    nic.tcp_tcb(ep, TcbField::State, 0, 0).expect("TCB state")
}

#[test]
fn tcp_handshake_and_close_between_two_nics() {
    let p = setup();
    let l = p.b.tcp_listen(5000, 8).expect("listen");
    let ep = p.a.tcp_connect(B_IP, 5000, &wscale()).expect("connect");
    let est = tcp_event(&p.a);
    let TcpEventInfo::Established { ep: e, conn } = est else {
        panic!("A: {est:?}");
    };
    assert_eq!(e, ep);
    assert_eq!(*conn.peer.ip(), B_IP);
    assert_eq!(conn.peer.port(), 5000);
    assert_eq!(*conn.local.ip(), A_IP);
    assert_eq!(conn.tcp_opt & cpl_tcp_opt::WSCALE, cpl_tcp_opt::WSCALE);
    // A offered SACK and B's firmware accepts what the peer offers
    assert_eq!(
        conn.tcp_opt & cpl_tcp_opt::SACK,
        cpl_tcp_opt::SACK,
        "{conn:?}"
    );
    assert_eq!(conn.rcv_wscale, 7);
    assert_eq!(conn.mss, 8960, "MAX_FRAME 9014 less 54 on both sides");
    let acc = tcp_event(&p.b);
    let TcpEventInfo::Accepted {
        ep: eb,
        listener,
        conn: cb,
    } = acc
    else {
        panic!("B: {acc:?}");
    };
    assert_eq!(listener, l);
    assert_eq!(cb.peer, conn.local, "B sees A's address and port");
    assert_eq!(cb.rcv_isn, conn.snd_isn, "the ISNs cross");
    assert_eq!(cb.snd_isn, conn.rcv_isn);
    assert_eq!(cb.snd_wscale, 7, "B learned A's shift");
    let est_state = u64::from(u8::from(TcpState::Established));
    assert_eq!(state(&p.a, ep), est_state);
    assert_eq!(state(&p.b, eb), est_state);
    let snd_nxt = p.a.tcp_tcb(ep, TcbField::SndNxt, 0, 0).expect("SND.NXT");
    assert_eq!(snd_nxt, u64::from(conn.snd_isn.wrapping_add(1)));

    // A closes first: B sees the FIN, closes; A passes TIME_WAIT
    p.a.tcp_close(ep).expect("close A");
    let pc = tcp_event(&p.b);
    assert!(
        matches!(pc, TcpEventInfo::PeerClosed { ep } if ep == eb),
        "B: {pc:?}"
    );
    p.b.tcp_close(eb).expect("close B");
    let cl = tcp_event(&p.b);
    assert!(
        matches!(cl, TcpEventInfo::Closed { ep } if ep == eb),
        "B: {cl:?}"
    );
    let mut a_events = vec![tcp_event(&p.a)];
    if !a_events[0].is_final() {
        a_events.push(tcp_event(&p.a));
    }
    assert!(
        a_events
            .iter()
            .any(|e| matches!(e, TcpEventInfo::PeerClosed { .. })),
        "A: {a_events:?}"
    );
    assert!(
        matches!(a_events.last(), Some(TcpEventInfo::Closed { ep: e }) if *e == ep),
        "A: {a_events:?}"
    );
    // after 2 MSL A's engine freed the connection: the tuple answers RST
    run_for(p.a.device(), 1_000_000);
    let s = p.a.stats().expect("stats");
    assert_eq!(s.tcp_cpl_bad, 0, "{s:?}");
    assert_eq!(p.b.stats().expect("stats").tcp_cpl_bad, 0);
    assert!(s.tcp_tx_segs >= 3, "SYN, ACK, FIN, ACK: {s:?}");
}

#[test]
fn tcp_refused_unreachable_and_timed_out_opens() {
    let p = setup();
    // no listener on B's port 6000: B's engine answers RST, A reports it
    let ep =
        p.a.tcp_connect(B_IP, 6000, &ConnectOpts::default())
            .expect("connect");
    let e = tcp_event(&p.a);
    assert!(
        matches!(e, TcpEventInfo::Refused { ep: x, cause: CplStatus::ConnRefused } if x == ep),
        "{e:?}"
    );
    assert!(p.b.stats().expect("stats").tcp_rst_sent >= 1);
    // (an ARP failure takes the resolver's 3 s of retries: the firmware's
    // tests cover UNREACHABLE against a scripted engine)
    // B's receiver is off: the SYN goes unanswered, retransmitted 3 times
    // with backoff (200, 400, 800 µs), then the open times out
    p.b.set_port(true, false).expect("B's receive off");
    let t0 = p.a.device().now_ns();
    let ep =
        p.a.tcp_connect(B_IP, 6000, &ConnectOpts::default())
            .expect("connect");
    let e = tcp_event(&p.a);
    let took = p.a.device().now_ns() - t0;
    assert!(
        matches!(e, TcpEventInfo::TimedOut { ep: x, cause: CplStatus::Timeout } if x == ep),
        "{e:?}"
    );
    // SYN at 0, again at 200, 600 and 1400 µs (RTO doubling), and the
    // open gives up one more RTO (1600 µs) later
    assert!(
        (3_000_000..3_050_000).contains(&took),
        "SYN timeout after {took} ns"
    );
}

#[test]
fn tcp_aborts_both_ways_and_peer_reset() {
    let p = setup();
    p.b.tcp_listen(5001, 8).expect("listen");
    let ep =
        p.a.tcp_connect(B_IP, 5001, &ConnectOpts::default())
            .expect("connect");
    assert!(matches!(tcp_event(&p.a), TcpEventInfo::Established { .. }));
    let TcpEventInfo::Accepted { ep: eb, .. } = tcp_event(&p.b) else {
        panic!("no accept")
    };
    // A aborts: RST to B, which reports RESET
    p.a.tcp_abort(ep).expect("abort");
    let e = tcp_event(&p.a);
    assert!(
        matches!(e, TcpEventInfo::Aborted { ep: x } if x == ep),
        "{e:?}"
    );
    let e = tcp_event(&p.b);
    assert!(
        matches!(e, TcpEventInfo::Reset { ep: x, cause: CplStatus::ConnReset } if x == eb),
        "{e:?}"
    );
    // a second connection: B aborts
    let ep =
        p.a.tcp_connect(B_IP, 5001, &ConnectOpts::default())
            .expect("connect");
    assert!(matches!(tcp_event(&p.a), TcpEventInfo::Established { .. }));
    let TcpEventInfo::Accepted { ep: eb, .. } = tcp_event(&p.b) else {
        panic!("no accept")
    };
    p.b.tcp_abort(eb).expect("abort");
    assert!(matches!(tcp_event(&p.b), TcpEventInfo::Aborted { .. }));
    let e = tcp_event(&p.a);
    assert!(
        matches!(e, TcpEventInfo::Reset { ep: x, .. } if x == ep),
        "{e:?}"
    );
    // the ids are gone
    assert!(p.a.tcp_tcb(ep, TcbField::State, 0, 0).is_err());
    assert!(p.b.tcp_close(eb).is_err());
}

#[test]
fn tcp_syn_flood_beyond_the_backlog_is_dropped_then_served() {
    let p = setup();
    let l = p.b.tcp_listen(5002, 4).expect("listen");
    // ten opens while B's host takes no event: four fit the backlog
    let eps: Vec<EndpointId> = (0..10)
        .map(|_| {
            p.a.tcp_connect(B_IP, 5002, &ConnectOpts::default())
                .expect("connect")
        })
        .collect();
    run_for(p.a.device(), 150_000);
    let mut established = 0;
    while let Some(e) = p.a.tcp_poll_event().expect("event") {
        assert!(matches!(e, TcpEventInfo::Established { .. }), "{e:?}");
        established += 1;
    }
    assert_eq!(established, 4, "the backlog");
    // B's host takes them; the other SYNs, retransmitted, then get in
    let mut accepted = 0;
    let deadline = p.b.device().now_ns() + 20_000_000;
    while accepted < 10 && p.b.device().now_ns() < deadline {
        if let Some(e) = p.b.tcp_poll_event().expect("event") {
            assert!(
                matches!(e, TcpEventInfo::Accepted { listener, .. } if listener == l),
                "{e:?}"
            );
            accepted += 1;
        }
    }
    assert_eq!(accepted, 10, "every open is served once the backlog drains");
    let mut done = established;
    while done < eps.len() {
        let e = tcp_event(&p.a);
        assert!(matches!(e, TcpEventInfo::Established { .. }), "{e:?}");
        done += 1;
    }
}

#[test]
fn tcp_1024_concurrent_connections() {
    let p = setup();
    let l = p.b.tcp_listen(7000, 1024).expect("listen");
    let t0 = p.a.device().now_ns();
    // the firmware holds 64 opens whose event the host has not taken:
    // open in batches, taking the events of each
    let mut est = HashMap::new();
    let mut acc = 0;
    while est.len() < 1024 {
        let batch: Vec<EndpointId> = (0..32)
            .map(|_| {
                p.a.tcp_connect(B_IP, 7000, &ConnectOpts::default())
                    .expect("connect")
            })
            .collect();
        for _ in &batch {
            match tcp_event(&p.a) {
                TcpEventInfo::Established { ep, conn } => {
                    est.insert(ep, conn);
                }
                e => panic!("A: {e:?} after {} established", est.len()),
            }
        }
        for _ in &batch {
            match tcp_event(&p.b) {
                TcpEventInfo::Accepted { listener, .. } if listener == l => acc += 1,
                e => panic!("B: {e:?}"),
            }
        }
    }
    assert_eq!(acc, 1024);
    let ns = p.a.device().now_ns() - t0;
    println!(
        "1024 connections open in {:.1} µs of device time ({:.0} per second through the mailbox)",
        ns as f64 / 1e3,
        1024.0 / (ns as f64 / 1e9)
    );
    // every tuple is distinct, and a fresh one is refused for lack of tids
    let mut ports: Vec<u16> = est.values().map(|c| c.local.port()).collect();
    ports.sort_unstable();
    ports.dedup();
    assert_eq!(ports.len(), 1024);
    match p.a.tcp_connect(B_IP, 7000, &ConnectOpts::default()) {
        // the firmware's endpoint table is full too
        Err(warpnic::Error::Tcp(CplStatus::NoResources)) => {}
        Ok(ep) => {
            let e = tcp_event(&p.a);
            assert!(
                matches!(e, TcpEventInfo::Refused { ep: x, cause: CplStatus::NoResources } if x == ep),
                "{e:?}"
            );
        }
        Err(e) => panic!("a 1025th open: {e}"),
    }
}
