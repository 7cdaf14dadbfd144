//! The connection manager (`warpnic::Cm`) between two simulated NICs:
//! listen, connect with private data, the connect request, accept and
//! reject with private data, and the DAT events (seed 004): ESTABLISHED on
//! both sides, PEER_REJECTED, NON_PEER_REJECTED for a port nobody listens
//! on (or no longer: unlisten), DISCONNECTED; and the calls that must fail
//! cleanly.

use std::time::Duration;

use warpnic::mpa::{
    AcceptParams, ConnectParams, CrcPolicy, MarkerPolicy, MpaConfig, Revision, RtrSet,
};
use warpnic::{ArgError, Cm, CmEvent, CmFailure, Error};
use warpnic_sim::traffic::Pair;
use warpnic_tests::{cm_next as next, pair, tcp_pair_setup, A_IP, B_IP};

fn setup(p: &Pair) {
    tcp_pair_setup(p);
}

fn mpa() -> MpaConfig {
    MpaConfig {
        revision: Revision::V2,
        crc: CrcPolicy::Allowed,
        markers: MarkerPolicy::Disabled,
        rtr: RtrSet::ALL,
        timeout: 2_000_000,
    }
}

#[test]
fn cm_connect_accept_exchange_and_disconnect() {
    let p = pair();
    setup(&p);
    let mut a = Cm::new(&p.a);
    let mut b = Cm::new(&p.b);
    b.listen(7000, 4, mpa()).expect("listen");
    let ida = a
        .connect(
            B_IP,
            7000,
            mpa(),
            ConnectParams {
                private_data: b"A's hello",
                ird: 8,
                ord: 8,
                p2p: false,
            },
            None,
        )
        .expect("connect");
    let req = next(&p, &mut b, &mut a).expect("B's event first");
    let CmEvent::ConnectRequest {
        id: idb,
        peer,
        private_data,
        ird_ord,
    } = req
    else {
        panic!("B: {req:?}");
    };
    assert_eq!(*peer.ip(), A_IP);
    assert_eq!(private_data, b"A's hello");
    assert_eq!(ird_ord, Some((8, 8)));
    b.accept(
        idb,
        AcceptParams {
            private_data: b"B's welcome",
            ird: 2,
            ord: 2,
        },
        None,
    )
    .expect("accept");
    let est_b = next(&p, &mut b, &mut a).expect("B's event first");
    assert!(
        matches!(est_b, CmEvent::Established { id, .. } if id == idb),
        "{est_b:?}"
    );
    let est_a = next(&p, &mut a, &mut b).expect("A's event");
    let CmEvent::Established {
        id,
        private_data,
        params,
    } = est_a
    else {
        panic!("A: {est_a:?}");
    };
    assert_eq!(id, ida);
    assert_eq!(private_data, b"B's welcome");
    assert_eq!(
        (params.ird, params.ord),
        (8, 2),
        "A's ORD lowered to B's IRD"
    );
    // the streams carry data after the setup, both ways
    let sa = a.stream(ida).expect("A's stream");
    sa.write_all(b"ping", Duration::from_millis(1))
        .expect("A writes");
    let sb = b.stream(idb).expect("B's stream");
    let mut got = [0u8; 4];
    sb.read_exact(&mut got, Duration::from_millis(2))
        .expect("B reads");
    assert_eq!(&got, b"ping");
    sb.write_all(b"pong", Duration::from_millis(1))
        .expect("B writes");
    let sa = a.stream(ida).expect("A's stream");
    sa.read_exact(&mut got, Duration::from_millis(2))
        .expect("A reads");
    assert_eq!(&got, b"pong");
    // A disconnects: B sees DISCONNECTED
    a.disconnect(ida).expect("disconnect");
    let d = next(&p, &mut b, &mut a).expect("B's event");
    assert_eq!(d, CmEvent::Disconnected { id: idb });
}

#[test]
fn cm_reject_reaches_the_initiator_as_peer_rejected() {
    let p = pair();
    setup(&p);
    let mut a = Cm::new(&p.a);
    let mut b = Cm::new(&p.b);
    b.listen(7001, 4, mpa()).expect("listen");
    let ida = a
        .connect(
            B_IP,
            7001,
            mpa(),
            ConnectParams {
                private_data: b"let me in",
                ird: 1,
                ord: 1,
                p2p: false,
            },
            None,
        )
        .expect("connect");
    let CmEvent::ConnectRequest { id: idb, .. } = next(&p, &mut b, &mut a).expect("B first") else {
        panic!("no request");
    };
    b.reject(idb, b"not today").expect("reject");
    // a second answer to the same request is refused
    assert!(matches!(
        b.reject(idb, b"again"),
        Err(Error::InvalidArgument {
            arg: "id",
            reason: ArgError::NoPendingRequest
        })
    ));
    let e = next(&p, &mut a, &mut b).expect("A's event");
    assert_eq!(
        e,
        CmEvent::PeerRejected {
            id: ida,
            private_data: b"not today".to_vec()
        }
    );
}

/// Unlisten (rdma_destroy_id of a listening id): a request reported and
/// not yet answered is aborted, so its initiator gets NON_PEER_REJECTED;
/// a connect after it finds no listener; the port can be listened on
/// again; unlistening a port twice is an argument error.
#[test]
fn cm_unlisten_aborts_unanswered_requests_and_frees_the_port() {
    let p = pair();
    setup(&p);
    let mut a = Cm::new(&p.a);
    let mut b = Cm::new(&p.b);
    b.listen(7002, 4, mpa()).expect("listen");
    let params = ConnectParams {
        private_data: b"first",
        ird: 1,
        ord: 1,
        p2p: false,
    };
    let ida = a.connect(B_IP, 7002, mpa(), params, None).expect("connect");
    let e = next(&p, &mut b, &mut a).expect("B's request");
    assert!(matches!(e, CmEvent::ConnectRequest { .. }), "{e:?}");
    assert_eq!(
        b.unlisten(7002).expect("unlisten"),
        1,
        "the request aborted"
    );
    let e = next(&p, &mut a, &mut b).expect("A's event, none at B");
    assert!(
        matches!(&e, CmEvent::NonPeerRejected { id, reason: CmFailure::Tcp(_) } if *id == ida),
        "{e:?}"
    );
    let idc = a.connect(B_IP, 7002, mpa(), params, None).expect("connect");
    let e = next(&p, &mut a, &mut b).expect("A's event, none at B");
    assert!(
        matches!(&e, CmEvent::NonPeerRejected { id, reason: CmFailure::Tcp(_) } if *id == idc),
        "{e:?}"
    );
    assert!(matches!(
        b.unlisten(7002),
        Err(Error::InvalidArgument {
            arg: "port",
            reason: ArgError::NotListening
        })
    ));
    b.listen(7002, 4, mpa()).expect("listen again");
    a.connect(B_IP, 7002, mpa(), params, None).expect("connect");
    let e = next(&p, &mut b, &mut a).expect("B's request");
    assert!(matches!(e, CmEvent::ConnectRequest { .. }), "{e:?}");
}

#[test]
fn cm_connect_to_a_port_without_listener_is_non_peer_rejected() {
    let p = pair();
    setup(&p);
    let mut a = Cm::new(&p.a);
    let mut b = Cm::new(&p.b);
    let ida = a
        .connect(
            B_IP,
            7999,
            mpa(),
            ConnectParams {
                private_data: &[],
                ird: 1,
                ord: 1,
                p2p: false,
            },
            None,
        )
        .expect("connect");
    let e = next(&p, &mut a, &mut b).expect("A's event");
    assert!(
        matches!(&e, CmEvent::NonPeerRejected { id, reason: CmFailure::Tcp(_) } if *id == ida),
        "{e:?}"
    );
}

#[test]
fn cm_bad_calls_are_errors() {
    let p = pair();
    setup(&p);
    let mut a = Cm::new(&p.a);
    let big = vec![0u8; 600];
    let r = a.connect(
        B_IP,
        7000,
        mpa(),
        ConnectParams {
            private_data: &big,
            ird: 1,
            ord: 1,
            p2p: false,
        },
        None,
    );
    assert!(
        matches!(
            r,
            Err(Error::InvalidArgument {
                arg: "private_data",
                reason: ArgError::TooLong { got: 600, max: 512 }
            })
        ),
        "{r:?}"
    );
    let r = a.connect(
        B_IP,
        7000,
        mpa(),
        ConnectParams {
            private_data: &[],
            ird: 0x4000,
            ord: 1,
            p2p: false,
        },
        None,
    );
    assert!(
        matches!(
            r,
            Err(Error::InvalidArgument {
                arg: "ird",
                reason: ArgError::OutOfRange {
                    got: 0x4000,
                    min: 0,
                    max: 0x3fff
                }
            })
        ),
        "{r:?}"
    );
    let bogus = warpnic::CmId(warpnic::EndpointId(77));
    assert!(matches!(
        a.reject(bogus, &[]),
        Err(Error::InvalidArgument {
            arg: "id",
            reason: ArgError::NoPendingRequest
        })
    ));
    assert!(matches!(
        a.disconnect(bogus),
        Err(Error::InvalidArgument {
            arg: "id",
            reason: ArgError::UnknownConnection
        })
    ));
    assert!(a.stream(bogus).is_none());
}

/// More connections than the NIC has completion queues (8), all open at
/// once: the connections of a `Cm` share one completion queue for their
/// streams, so a connection costs none of its own. Each stream carries its
/// own bytes both ways, byte-exact.
#[test]
fn cm_holds_more_connections_than_the_nic_has_completion_queues() {
    const CONNS: usize = 24;
    let p = pair();
    setup(&p);
    let mut a = Cm::new(&p.a);
    let mut b = Cm::new(&p.b);
    b.listen(7100, CONNS as u16, mpa()).expect("listen");
    let mut ids = Vec::new();
    for k in 0..CONNS {
        let hello = format!("hello {k}");
        let ida = a
            .connect(
                B_IP,
                7100,
                mpa(),
                ConnectParams {
                    private_data: hello.as_bytes(),
                    ird: 1,
                    ord: 1,
                    p2p: false,
                },
                None,
            )
            .expect("connect");
        let req = next(&p, &mut b, &mut a).expect("B's request");
        let CmEvent::ConnectRequest {
            id: idb,
            private_data,
            ..
        } = req
        else {
            panic!("B: {req:?}");
        };
        assert_eq!(private_data, hello.as_bytes());
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
        let e = next(&p, &mut b, &mut a).expect("B's ESTABLISHED");
        assert!(
            matches!(e, CmEvent::Established { id, .. } if id == idb),
            "B: {e:?}"
        );
        let e = next(&p, &mut a, &mut b).expect("A's ESTABLISHED");
        assert!(
            matches!(e, CmEvent::Established { id, .. } if id == ida),
            "A: {e:?}"
        );
        ids.push((ida, idb));
    }
    // every connection is still open: each carries its own bytes both ways
    for (k, &(ida, idb)) in ids.iter().enumerate() {
        let ping = format!("ping {k:04}");
        a.stream(ida)
            .expect("A's stream")
            .write_all(ping.as_bytes(), Duration::from_millis(1))
            .expect("A writes");
        let mut got = vec![0u8; ping.len()];
        b.stream(idb)
            .expect("B's stream")
            .read_exact(&mut got, Duration::from_millis(2))
            .expect("B reads");
        assert_eq!(got, ping.as_bytes(), "connection {k}, A to B");
        let pong = format!("pong {k:04}");
        b.stream(idb)
            .expect("B's stream")
            .write_all(pong.as_bytes(), Duration::from_millis(1))
            .expect("B writes");
        a.stream(ida)
            .expect("A's stream")
            .read_exact(&mut got, Duration::from_millis(2))
            .expect("A reads");
        assert_eq!(got, pong.as_bytes(), "connection {k}, B to A");
    }
    for &(ida, idb) in &ids {
        a.disconnect(ida).expect("disconnect");
        let d = next(&p, &mut b, &mut a).expect("B's event");
        assert_eq!(d, CmEvent::Disconnected { id: idb });
    }
}
