//! The rdma_cm calls (`warpnic::rdma_cm`) between two simulated NICs:
//! address and route resolution, listen, connect with queue pairs, the
//! request's private data and IRD/ORD, accept, ESTABLISHED, DISCONNECTED
//! and TIMEWAIT_EXIT on a graceful close, REJECTED by the peer and not,
//! ADDR_ERROR for each reason, DEVICE_REMOVAL, the calls refused in the
//! wrong state, and the channel's descriptor readable while events wait.

use std::net::{Ipv4Addr, SocketAddrV4};
use std::sync::Arc;
use std::time::Duration;

use warpnic::rdma_cm::{
    getaddrinfo, ConnParam, RdmaCm, RdmaCmEvent, RdmaCmEventKind as K, RdmaCmId, Rejected,
};
use warpnic::{ArgError, CmQp, Device, Error, Nic, QpCaps};
use warpnic_abi::gen::QpState;
use warpnic_sim::rdma::{mpa_config, qp_parts, setup_pair};
use warpnic_sim::traffic::Pair;
use warpnic_sim::{SimWorld, WorldConfig};
use warpnic_tests::{pair, tcp_pair_setup, A_IP, B_IP};

const WAIT: Duration = Duration::from_millis(2);

fn ev(cm: &mut RdmaCm<'_>) -> RdmaCmEvent {
    cm.get_event(Some(WAIT))
        .expect("get_event")
        .expect("an event within 2 ms")
}

/// The next event of `cm` while `other` is driven too (its events kept).
fn ev2(
    p: &Pair,
    cm: &mut RdmaCm<'_>,
    other: &mut RdmaCm<'_>,
    kept: &mut Vec<RdmaCmEvent>,
) -> RdmaCmEvent {
    let dev = p.a.device().clone();
    let t0 = dev.now_ns();
    loop {
        if let Some(e) = cm.get_event(None).expect("get_event") {
            return e;
        }
        if let Some(e) = other.get_event(None).expect("get_event") {
            kept.push(e);
        }
        assert!(
            dev.now_ns() - t0 < 2_000_000,
            "no event within 2 ms; other: {kept:?}"
        );
        dev.relax();
    }
}

/// A's id resolved (address and route) toward B's `port`.
fn resolved(a: &mut RdmaCm<'_>, port: u16) -> RdmaCmId {
    let id = a.create_id();
    a.resolve_addr(id, None, SocketAddrV4::new(B_IP, port), WAIT)
        .expect("resolve_addr");
    let e = ev(a);
    assert_eq!((e.id, e.kind, e.status), (id, K::AddrResolved, 0), "{e:?}");
    a.resolve_route(id, WAIT).expect("resolve_route");
    let e = ev(a);
    assert_eq!((e.id, e.kind), (id, K::RouteResolved));
    id
}

fn listening(b: &mut RdmaCm<'_>, port: u16) -> RdmaCmId {
    let l = b.create_id();
    b.bind_addr(l, SocketAddrV4::new(Ipv4Addr::UNSPECIFIED, port))
        .expect("bind");
    b.listen(l, 4).expect("listen");
    l
}

#[cfg(target_os = "linux")]
fn readable(fd: std::os::fd::RawFd) -> bool {
    let mut p = libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: one live pollfd, no timeout.
    unsafe { libc::poll(&mut p, 1, 0) == 1 }
}

/// The rdma_cm flow with queue pairs: resolve, listen, connect with
/// private data and IRD/ORD, accept, ESTABLISHED on both sides, the QPs
/// in RTS; a graceful disconnect gives DISCONNECTED at the peer and
/// TIMEWAIT_EXIT on both sides once the closes complete.
#[test]
fn rdma_cm_connect_accept_disconnect() {
    let p = pair();
    tcp_pair_setup(&p);
    let mut a = RdmaCm::new(&p.a, mpa_config(false)).expect("A's channel");
    let mut b = RdmaCm::new(&p.b, mpa_config(false)).expect("B's channel");
    let l = listening(&mut b, 7300);
    let id = resolved(&mut a, 7300);
    let qa = qp_parts(&p.a, QpCaps::default(), 64).expect("A's QP");
    let qb = qp_parts(&p.b, QpCaps::default(), 64).expect("B's QP");
    a.connect(
        id,
        ConnParam {
            private_data: b"rdma_cm hello",
            responder_resources: 4,
            initiator_depth: 2,
        },
        Some(CmQp::new(qa.qp.clone())),
    )
    .expect("connect");
    let mut kept = Vec::new();
    #[cfg(target_os = "linux")]
    {
        // the descriptor is readable once an event waits
        let dev = p.b.device().clone();
        let t0 = dev.now_ns();
        while b.process().expect("process") == 0 {
            assert!(!readable(b.fd()));
            a.process().expect("A drives its side");
            assert!(dev.now_ns() - t0 < 2_000_000);
            dev.relax();
        }
        assert!(readable(b.fd()), "events wait: the descriptor is readable");
    }
    let req = ev2(&p, &mut b, &mut a, &mut kept);
    assert_eq!((req.kind, req.listen_id), (K::ConnectRequest, Some(l)));
    assert_eq!(req.private_data, b"rdma_cm hello");
    assert_eq!(req.ird_ord, Some((4, 2)));
    #[cfg(target_os = "linux")]
    assert!(!readable(b.fd()), "no event left: not readable");
    let child = req.id;
    assert_ne!(child, l);
    b.accept(
        child,
        ConnParam {
            private_data: b"rdma_cm welcome",
            responder_resources: 2,
            initiator_depth: 2,
        },
        Some(CmQp::new(qb.qp.clone())),
    )
    .expect("accept");
    let e = ev2(&p, &mut a, &mut b, &mut kept);
    assert_eq!((e.id, e.kind, e.status), (id, K::Established, 0));
    assert_eq!(e.private_data, b"rdma_cm welcome");
    // A's ORD (2) within B's IRD (2); A's IRD as it asked
    assert_eq!(e.ird_ord, Some((4, 2)));
    let e = match kept.pop() {
        Some(e) => e,
        None => ev2(&p, &mut b, &mut a, &mut kept),
    };
    assert_eq!((e.id, e.kind), (child, K::Established));
    assert_eq!(qa.qp.state().unwrap(), QpState::Rts);
    assert_eq!(qb.qp.state().unwrap(), QpState::Rts);
    a.disconnect(id).expect("disconnect");
    let e = ev2(&p, &mut b, &mut a, &mut kept);
    assert_eq!((e.id, e.kind), (child, K::Disconnected));
    b.disconnect(child).expect("B disconnects too");
    let e = ev2(&p, &mut b, &mut a, &mut kept);
    assert_eq!((e.id, e.kind), (child, K::TimewaitExit));
    // A closed first: TIME_WAIT (500 us here) before its exit
    let dev = p.a.device().clone();
    let t0 = dev.now_ns();
    let e = loop {
        if let Some(e) = kept.pop() {
            break e;
        }
        if let Some(e) = a.get_event(None).expect("get_event") {
            break e;
        }
        assert!(dev.now_ns() - t0 < 5_000_000, "no TIMEWAIT_EXIT at A");
        dev.relax();
    };
    assert_eq!((e.id, e.kind), (id, K::TimewaitExit));
    a.destroy_id(id).expect("destroy");
    b.destroy_id(child).expect("destroy");
    b.destroy_id(l).expect("destroy the listener");
}

/// REJECTED: by the peer's consumer (its private data, ECONNREFUSED,
/// `Rejected::Peer`), and by nobody listening (`Rejected::NonPeer`).
#[test]
fn rdma_cm_rejected_by_the_peer_and_not() {
    let p = pair();
    tcp_pair_setup(&p);
    let mut a = RdmaCm::new(&p.a, mpa_config(false)).expect("A");
    let mut b = RdmaCm::new(&p.b, mpa_config(false)).expect("B");
    listening(&mut b, 7301);
    let id = resolved(&mut a, 7301);
    a.connect(id, ConnParam::default(), None).expect("connect");
    let mut kept = Vec::new();
    let req = ev2(&p, &mut b, &mut a, &mut kept);
    assert_eq!(req.kind, K::ConnectRequest);
    b.reject(req.id, b"not today").expect("reject");
    let e = ev2(&p, &mut a, &mut b, &mut kept);
    assert_eq!(
        (e.id, e.kind, e.status, e.rejected),
        (id, K::Rejected, -libc::ECONNREFUSED, Some(Rejected::Peer))
    );
    assert_eq!(e.private_data, b"not today");
    let id = resolved(&mut a, 7399);
    a.connect(id, ConnParam::default(), None).expect("connect");
    let e = ev2(&p, &mut a, &mut b, &mut kept);
    assert_eq!(
        (e.id, e.kind, e.rejected),
        (id, K::Rejected, Some(Rejected::NonPeer))
    );
}

/// ADDR_ERROR for each reason; calls in the wrong state or with bad
/// arguments are refused.
#[test]
fn rdma_cm_addr_errors_and_refused_calls() {
    let p = pair();
    tcp_pair_setup(&p);
    let mut a = RdmaCm::new(&p.a, mpa_config(false)).expect("A");
    let cases = [
        (
            Ipv4Addr::new(192, 0, 2, 7),
            -libc::ENETUNREACH,
            "off link, no gateway",
        ),
        (A_IP, -libc::EINVAL, "the port's own address"),
        (
            Ipv4Addr::new(10, 0, 0, 99),
            -libc::EHOSTUNREACH,
            "nobody answers ARP",
        ),
    ];
    for (dst, status, what) in cases {
        let id = a.create_id();
        a.resolve_addr(
            id,
            None,
            SocketAddrV4::new(dst, 1),
            Duration::from_micros(300),
        )
        .expect("resolve_addr");
        let e = ev(&mut a);
        assert_eq!(
            (e.id, e.kind, e.status),
            (id, K::AddrError, status),
            "{what}"
        );
        assert!(matches!(
            a.resolve_route(id, WAIT),
            Err(Error::InvalidArgument {
                reason: ArgError::WrongCmState(_),
                ..
            })
        ));
        assert!(a.connect(id, ConnParam::default(), None).is_err(), "{what}");
    }
    let id = a.create_id();
    assert!(matches!(
        a.bind_addr(id, SocketAddrV4::new(B_IP, 1)),
        Err(Error::InvalidArgument {
            reason: ArgError::NotLocalAddress,
            ..
        })
    ));
    assert!(a.listen(id, 4).is_err(), "not bound to a port");
    assert!(a
        .resolve_addr(id, None, SocketAddrV4::new(B_IP, 1), Duration::ZERO)
        .is_err());
    assert!(
        a.accept(id, ConnParam::default(), None).is_err(),
        "no request"
    );
    a.destroy_id(id).expect("destroy");
    assert!(a.destroy_id(id).is_err(), "destroyed once");
}

/// The NIC goes away (a surprise removal): every id gets DEVICE_REMOVAL.
#[test]
fn rdma_cm_device_removal() {
    let world = SimWorld::new(&WorldConfig::pair()).expect("world");
    let da = world.device(0).expect("NIC 0");
    let db = world.device(1).expect("NIC 1");
    let a = Nic::open(da.clone() as Arc<dyn Device>).expect("A");
    let b = Nic::open(db as Arc<dyn Device>).expect("B");
    a.set_port(true, true).unwrap();
    b.set_port(true, true).unwrap();
    let p = Pair { world, a, b };
    setup_pair(&p, None).expect("addresses");
    let mut cm = RdmaCm::new(&p.a, mpa_config(false)).expect("A");
    let l = listening(&mut cm, 7302);
    let id = resolved(&mut cm, 7302);
    da.remove();
    let mut got = [ev(&mut cm), ev(&mut cm)];
    got.sort_by_key(|e| e.id);
    for (e, want) in got.iter().zip([l, id]) {
        assert_eq!(
            (e.id, e.kind, e.status),
            (want, K::DeviceRemoval, -libc::ENODEV)
        );
    }
    assert_eq!(cm.get_event(Some(WAIT)).expect("no error after"), None);
}

/// Seed 002's second way: `getaddrinfo` → `create_ep` → `connect`, against
/// a listener made the same way (passive); names and bad services are
/// refused, an address that does not resolve fails `create_ep`.
#[test]
fn rdma_cm_getaddrinfo_create_ep_connect() {
    let p = pair();
    tcp_pair_setup(&p);
    let mut a = RdmaCm::new(&p.a, mpa_config(false)).expect("A");
    let mut b = RdmaCm::new(&p.b, mpa_config(false)).expect("B");
    let passive = getaddrinfo(None, "7303", true).expect("passive");
    let l = b.create_ep(&passive, WAIT).expect("B's endpoint");
    b.listen(l, 4).expect("listen");
    let ai = getaddrinfo(Some("10.0.0.2"), "7303", false).expect("getaddrinfo");
    assert_eq!(ai.dst, SocketAddrV4::new(B_IP, 7303));
    let id = a.create_ep(&ai, WAIT).expect("create_ep");
    a.connect(id, ConnParam::default(), None).expect("connect");
    let mut kept = Vec::new();
    let req = ev2(&p, &mut b, &mut a, &mut kept);
    assert_eq!((req.kind, req.listen_id), (K::ConnectRequest, Some(l)));
    b.accept(req.id, ConnParam::default(), None)
        .expect("accept");
    let e = ev2(&p, &mut a, &mut b, &mut kept);
    assert_eq!((e.id, e.kind), (id, K::Established));
    assert!(
        getaddrinfo(Some("nic-b.example"), "7303", false).is_err(),
        "no resolver"
    );
    assert!(getaddrinfo(Some("10.0.0.2"), "rdma", false).is_err());
    assert!(
        getaddrinfo(None, "1", false).is_err(),
        "an active lookup needs a node"
    );
    let nowhere = getaddrinfo(Some("192.0.2.9"), "1", false).unwrap();
    assert!(matches!(
        a.create_ep(&nowhere, WAIT),
        Err(Error::InvalidArgument {
            reason: ArgError::Unresolved(s),
            ..
        }) if s == -libc::ENETUNREACH
    ));
}
