//! Property test: random sequences of DAT calls (`warpnic::dat`, and the
//! connection manager beneath it) on two simulated NICs, valid and not,
//! with the simulation running in between. None panics. Every refusal is
//! a typed `DatError` other than `Internal`: a bad call is the caller's
//! error, never the library's. Every event names an endpoint the adapter
//! made. Every endpoint's state stays queryable.
//!
//! `WARPNIC_CM_PROPS_CASES` sets the number of sequences (default 16).

use std::collections::HashSet;
use std::net::IpAddr;

use proptest::prelude::*;
use warpnic::dat::{CrHandle, DatError, DatEvent, EpHandle, Ia, Timeout};
use warpnic::mpa::{CrcPolicy, MarkerPolicy, MpaConfig, Revision, RtrSet};
use warpnic_sim::traffic::Pair;
use warpnic_tests::{pair, tcp_pair_setup, A_IP, B_IP};

#[derive(Clone, Debug)]
enum Op {
    EpCreate {
        b: bool,
        ird: u16,
        ord: u16,
    },
    Connect {
        b: bool,
        ep: usize,
        addr: usize,
        qual: usize,
        timeout: usize,
        pd: usize,
        qos: u32,
        flags: u32,
    },
    Psp {
        b: bool,
        qual: usize,
        backlog: u16,
        provider: bool,
    },
    Rsp {
        b: bool,
        qual: usize,
        ep: usize,
    },
    SpFree {
        b: bool,
        qual: usize,
    },
    Accept {
        b: bool,
        cr: usize,
        ep: Option<usize>,
        pd: usize,
    },
    Reject {
        b: bool,
        cr: usize,
        pd: usize,
    },
    Disconnect {
        b: bool,
        ep: usize,
        graceful: bool,
    },
    Reset {
        b: bool,
        ep: usize,
    },
    Free {
        b: bool,
        ep: usize,
    },
    Run {
        us: u64,
    },
}

const QUALS: [u16; 3] = [8100, 8101, 8102];
const PD_LENS: [usize; 4] = [0, 32, 508, 509];

/// Mostly valid calls, so that sequences reach connections, with every
/// kind of bad argument among them.
fn op() -> impl Strategy<Value = Op> {
    let side = any::<bool>;
    let ep = || 0..8usize;
    let qual = || prop_oneof![4 => Just(0usize), 1 => Just(1), 1 => Just(2)];
    let pd = || prop_oneof![6 => Just(1usize), 1 => Just(0), 1 => Just(2), 1 => Just(3)];
    let connect = (
        side(),
        ep(),
        prop_oneof![12 => Just(0usize), 1 => 1..6usize],
        qual(),
        prop_oneof![1 => Just(0usize), 1 => Just(1), 2 => Just(2), 4 => Just(3)],
        pd(),
        prop_oneof![9 => Just(0u32), 1 => Just(2)],
        prop_oneof![8 => Just(0u32), 1 => Just(1), 1 => Just(0x80)],
    )
        .prop_map(|(b, ep, addr, qual, timeout, pd, qos, flags)| Op::Connect {
            b,
            ep,
            addr,
            qual,
            timeout,
            pd,
            qos,
            flags,
        });
    prop_oneof![
        3 => (side(), prop_oneof![5 => Just(8u16), 1 => Just(1000)])
            .prop_map(|(b, ird)| Op::EpCreate { b, ird, ord: 4 }),
        4 => connect,
        3 => (side(), qual(), prop_oneof![1 => Just(0u16), 6 => 1..4u16], any::<bool>())
            .prop_map(|(b, qual, backlog, provider)| Op::Psp { b, qual, backlog, provider }),
        1 => (side(), qual(), ep()).prop_map(|(b, qual, ep)| Op::Rsp { b, qual, ep }),
        1 => (side(), qual()).prop_map(|(b, qual)| Op::SpFree { b, qual }),
        5 => (side(), 0..4usize, proptest::option::of(ep()), pd())
            .prop_map(|(b, cr, ep, pd)| Op::Accept { b, cr, ep, pd }),
        1 => (side(), 0..4usize, pd()).prop_map(|(b, cr, pd)| Op::Reject { b, cr, pd }),
        2 => (side(), ep(), any::<bool>())
            .prop_map(|(b, ep, graceful)| Op::Disconnect { b, ep, graceful }),
        1 => (side(), ep()).prop_map(|(b, ep)| Op::Reset { b, ep }),
        1 => (side(), ep()).prop_map(|(b, ep)| Op::Free { b, ep }),
        8 => (5..60u64).prop_map(|us| Op::Run { us }),
    ]
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

/// One adapter with what the sequence learned about it.
struct Side<'n> {
    ia: Ia<'n>,
    eps: Vec<EpHandle>,
    made: HashSet<EpHandle>,
    crs: Vec<CrHandle>,
}

impl<'n> Side<'n> {
    fn ep(&self, i: usize) -> Option<EpHandle> {
        (!self.eps.is_empty()).then(|| self.eps[i % self.eps.len()])
    }

    fn cr(&self, i: usize) -> Option<CrHandle> {
        (!self.crs.is_empty()).then(|| self.crs[i % self.crs.len()])
    }

    fn take(&mut self, ev: DatEvent) {
        match ev {
            DatEvent::ConnectionRequest { cr, ep, .. } => {
                self.crs.push(cr);
                if let Some(ep) = ep {
                    // a provider's endpoint is new; an RSP's is known
                    if self.made.insert(ep) {
                        self.eps.push(ep);
                    }
                }
            }
            DatEvent::Established { ep, .. }
            | DatEvent::PeerRejected { ep, .. }
            | DatEvent::NonPeerRejected { ep }
            | DatEvent::Unreachable { ep }
            | DatEvent::TimedOut { ep }
            | DatEvent::AcceptCompletionError { ep }
            | DatEvent::Disconnected { ep } => {
                assert!(
                    self.made.contains(&ep),
                    "an event of an endpoint never made: {ep:?}"
                );
            }
            // the sequences make no socket service points
            DatEvent::SocketDown { ssp } => panic!("SOCKET_DOWN of an SSP never made: {ssp:?}"),
        }
    }
}

/// A refusal is fine; the library's own error is not. Counts outcomes.
fn check<T>(tally: &mut Vec<String>, what: &str, r: Result<T, DatError>) {
    match r {
        Err(DatError::Internal(e)) => {
            panic!("{what}: the library's error for a caller's call: {e:?}")
        }
        Err(e) => tally.push(format!(
            "{what}: {}",
            e.to_string().split(':').next().unwrap_or("")
        )),
        Ok(_) => tally.push(format!("{what}: ok")),
    }
}

fn run(p: &Pair, ops: &[Op]) {
    let mut sides = [
        Side {
            ia: Ia::new(&p.a, mpa()),
            eps: Vec::new(),
            made: HashSet::new(),
            crs: Vec::new(),
        },
        Side {
            ia: Ia::new(&p.b, mpa()),
            eps: Vec::new(),
            made: HashSet::new(),
            crs: Vec::new(),
        },
    ];
    // [0]: the peer's address, set per side below
    let mut addrs: [IpAddr; 6] = [
        IpAddr::V4(B_IP),
        IpAddr::V4(A_IP),
        "10.0.0.9".parse().unwrap(),
        "0.0.0.0".parse().unwrap(),
        "224.0.0.1".parse().unwrap(),
        "::1".parse().unwrap(),
    ];
    let timeouts = [
        Timeout::Micros(0),
        Timeout::Micros(1),
        Timeout::Micros(100),
        Timeout::Infinite,
    ];
    let dev = p.a.device().clone();
    let mut tally = Vec::new();
    for op in ops {
        match *op {
            Op::EpCreate { b, ird, ord } => {
                let s = &mut sides[usize::from(b)];
                match s.ia.ep_create(None, ird, ord) {
                    Ok(ep) => {
                        s.eps.push(ep);
                        s.made.insert(ep);
                    }
                    r => check(&mut tally, "ep_create", r),
                }
            }
            Op::Connect {
                b,
                ep,
                addr,
                qual,
                timeout,
                pd,
                qos,
                flags,
            } => {
                let s = &mut sides[usize::from(b)];
                if let Some(ep) = s.ep(ep) {
                    let data = vec![0xa5; PD_LENS[pd]];
                    addrs[0] = IpAddr::V4(if b { A_IP } else { B_IP });
                    let r = s.ia.ep_connect(
                        ep,
                        addrs[addr],
                        QUALS[qual],
                        timeouts[timeout],
                        &data,
                        qos,
                        flags,
                    );
                    check(&mut tally, "ep_connect", r);
                }
            }
            Op::Psp {
                b,
                qual,
                backlog,
                provider,
            } => {
                check(
                    &mut tally,
                    "psp_create",
                    sides[usize::from(b)]
                        .ia
                        .psp_create(QUALS[qual], backlog, provider),
                );
            }
            Op::Rsp { b, qual, ep } => {
                let s = &mut sides[usize::from(b)];
                if let Some(ep) = s.ep(ep) {
                    check(&mut tally, "rsp_create", s.ia.rsp_create(QUALS[qual], ep));
                }
            }
            Op::SpFree { b, qual } => check(
                &mut tally,
                "sp_free",
                sides[usize::from(b)].ia.sp_free(QUALS[qual]),
            ),
            Op::Accept { b, cr, ep, pd } => {
                let s = &mut sides[usize::from(b)];
                if let Some(cr) = s.cr(cr) {
                    let ep = ep.and_then(|i| s.ep(i));
                    check(
                        &mut tally,
                        "cr_accept",
                        s.ia.cr_accept(cr, ep, &vec![1; PD_LENS[pd]]),
                    );
                }
            }
            Op::Reject { b, cr, pd } => {
                let s = &mut sides[usize::from(b)];
                if let Some(cr) = s.cr(cr) {
                    check(
                        &mut tally,
                        "cr_reject",
                        s.ia.cr_reject(cr, &vec![2; PD_LENS[pd]]),
                    );
                }
            }
            Op::Disconnect { b, ep, graceful } => {
                let s = &mut sides[usize::from(b)];
                if let Some(ep) = s.ep(ep) {
                    check(
                        &mut tally,
                        "ep_disconnect",
                        s.ia.ep_disconnect(ep, graceful),
                    );
                }
            }
            Op::Reset { b, ep } => {
                let s = &mut sides[usize::from(b)];
                if let Some(ep) = s.ep(ep) {
                    check(&mut tally, "ep_reset", s.ia.ep_reset(ep));
                }
            }
            Op::Free { b, ep } => {
                let s = &mut sides[usize::from(b)];
                if let Some(ep) = s.ep(ep) {
                    check(&mut tally, "ep_free", s.ia.ep_free(ep));
                }
            }
            Op::Run { us } => {
                let end = dev.now_ns() + us * 1000;
                while dev.now_ns() < end {
                    for s in &mut sides {
                        match s.ia.poll() {
                            Ok(Some(ev)) => {
                                let name = format!("{ev:?}");
                                tally.push(format!(
                                    "event {}",
                                    name.split([' ', '{']).next().unwrap_or("")
                                ));
                                s.take(ev);
                            }
                            Ok(None) => {}
                            Err(e) => panic!("poll: {e:?}"),
                        }
                    }
                    dev.relax();
                }
            }
        }
        // every endpoint made is queryable, or freed
        for s in &sides {
            for &ep in &s.made {
                match s.ia.ep_state(ep) {
                    Ok(_) | Err(DatError::InvalidHandle) => {}
                    Err(e) => panic!("ep_state: {e:?}"),
                }
            }
        }
    }
    // what the sequence reached (with --nocapture)
    tally.sort();
    let mut counts: Vec<(String, usize)> = Vec::new();
    for t in tally {
        match counts.last_mut() {
            Some((k, n)) if *k == t => *n += 1,
            _ => counts.push((t, 1)),
        }
    }
    println!("{counts:?}");
}

fn cases() -> u32 {
    std::env::var("WARPNIC_CM_PROPS_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(16)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), max_shrink_iters: 64, ..ProptestConfig::default() })]

    #[test]
    fn dat_call_sequences_never_panic_and_refuse_with_typed_errors(ops in proptest::collection::vec(op(), 1..60)) {
        let p = pair();
        tcp_pair_setup(&p);
        run(&p, &ops);
    }
}
