//! Two simulated NICs joined by an RDMA connection, for the benchmarks, the
//! demo and the system tests.
//!
//! - [`setup_pair`]: the addresses ([`A_IP`], [`B_IP`]), the short TCP
//!   timers of a link of microseconds ([`fast_tcp_timers`]) and, when
//!   given, MAX_FRAME of both NICs of a [`Pair`];
//! - [`qp_parts`]: one end's verbs objects (a protection domain, a send and
//!   a receive CQ, a QP in RESET);
//! - [`connect`]: the connection through the host library's connection
//!   manager: B listens on [`PORT`], A connects (offloaded TCP, MPA v2 with
//!   CRC required, no markers unless the configuration asks, IRD/ORD
//!   [`IRD_ORD`]), each side's `Cm` binds its queue pair, and both sides'
//!   ESTABLISHED events mean both QPs are in RTS; [`RdmaEnd`] is one end
//!   of it.
//!
//! A caller that runs the MPA exchange over the streams itself (the system
//! tests do, to drive each step) builds its [`RdmaEnd`]s from the same
//! parts, with the stream that carried the MPA frames.

use std::collections::HashMap;
use std::net::Ipv4Addr;
use std::sync::Arc;
use std::time::Duration;

use warpnic::cm::CmQp;
use warpnic::mpa::{
    AcceptParams, ConnectParams, CrcPolicy, MarkerPolicy, MpaConfig, RdmaParams, Revision, RtrSet,
};
use warpnic::{
    Cm, CmEvent, CmId, CompletionQueue, EndpointId, Nic, ProtectionDomain, QpCaps, QueuePair,
    TcpConfig, TcpStream,
};
use warpnic_abi::gen::TcbField;

use crate::traffic::Pair;

/// NIC A's address (the initiator).
pub const A_IP: Ipv4Addr = Ipv4Addr::new(10, 0, 0, 1);
/// NIC B's address (the responder).
pub const B_IP: Ipv4Addr = Ipv4Addr::new(10, 0, 0, 2);
/// B's listening port.
pub const PORT: u16 = 4791;
/// IRD and ORD each side asks for.
pub const IRD_ORD: u16 = 16;
/// How long the connection, and its end, may take (device time).
const CONNECT_WAIT: Duration = Duration::from_millis(20);

/// What failed while joining or parting two NICs.
#[derive(Debug, thiserror::Error)]
pub enum RdmaError {
    /// A host-library call failed.
    #[error(transparent)]
    Host(#[from] warpnic::Error),
    /// A host-library call of one side's setup failed.
    #[error("{side}: {what}: {source}")]
    Setup {
        /// "A" or "B".
        side: &'static str,
        /// What was being set.
        what: &'static str,
        /// The library's error.
        #[source]
        source: warpnic::Error,
    },
    /// A connection manager reported another event than the next one of
    /// the connection.
    #[error("{side}: {event:?}")]
    Unexpected {
        /// "A" or "B".
        side: &'static str,
        /// What it reported.
        event: Box<CmEvent>,
    },
    /// B reported another event than DISCONNECTED after A disconnected.
    #[error("B: {0:?} while disconnecting")]
    UnexpectedWhileDisconnecting(Box<CmEvent>),
    /// The connection was not established in time.
    #[error(
        "the connection was not established within {wait:?} (A {}, B {})",
        state(*a),
        state(*b)
    )]
    NotEstablished {
        /// The wait.
        wait: Duration,
        /// A was ESTABLISHED.
        a: bool,
        /// B was ESTABLISHED.
        b: bool,
    },
    /// The connection managers stopped reporting before both sides were
    /// ESTABLISHED.
    #[error("the connection ended without both ESTABLISHED events")]
    Ended,
    /// MPA settled without CRC.
    #[error("MPA settled without CRC")]
    NoCrc,
    /// B reported no DISCONNECTED in time.
    #[error("B: no DISCONNECTED within {0:?}")]
    NotDisconnected(Duration),
}

fn state(established: bool) -> &'static str {
    if established {
        "ESTABLISHED"
    } else {
        "waiting"
    }
}

/// Result alias.
pub type Result<T, E = RdmaError> = std::result::Result<T, E>;

/// Short TCP timers for two simulated NICs on a link of microseconds: a
/// 200 µs initial RTO, 100 µs to 20 ms, 500 µs of TIME_WAIT; a loss does
/// not stall a simulation for 200 ms.
pub fn fast_tcp_timers() -> TcpConfig {
    TcpConfig {
        rto_init: Duration::from_micros(200),
        rto_min: Duration::from_micros(100),
        rto_max: Duration::from_millis(20),
        syn_retries: 6,
        data_retries: 15,
        time_wait: Duration::from_micros(500),
        isn_secret: None,
    }
}

/// MPA v2, CRC required, every RTR kind allowed, markers required both
/// ways if `markers` (else none).
pub fn mpa_config(markers: bool) -> MpaConfig {
    MpaConfig {
        revision: Revision::V2,
        crc: CrcPolicy::Required,
        markers: if markers {
            MarkerPolicy::Required
        } else {
            MarkerPolicy::Disabled
        },
        rtr: RtrSet::ALL,
        timeout: 2_000_000,
    }
}

/// MAX_FRAME (when given), the address and [`fast_tcp_timers`] of A, then
/// of B; call it before the connection opens (the MSS follows MAX_FRAME:
/// MAX_FRAME less 54).
///
/// # Errors
/// [`RdmaError::Setup`] naming the side and the step.
pub fn setup_pair(p: &Pair, max_frame: Option<u32>) -> Result<()> {
    for (nic, ip, side) in [(&p.a, A_IP, "A"), (&p.b, B_IP, "B")] {
        let step = |what, r: warpnic::Result<()>| {
            r.map_err(|source| RdmaError::Setup { side, what, source })
        };
        if let Some(f) = max_frame {
            step("MAX_FRAME", nic.set_max_frame(f))?;
        }
        step("address", nic.set_ipv4(ip, 24))?;
        step("TCP timers", nic.tcp_config(&fast_tcp_timers()))?;
    }
    Ok(())
}

/// One end's verbs objects: a protection domain, send and receive CQs and
/// a queue pair.
pub struct QpParts {
    /// The protection domain of the QP.
    pub pd: ProtectionDomain,
    /// The send CQ.
    pub scq: Arc<CompletionQueue>,
    /// The receive CQ.
    pub rcq: Arc<CompletionQueue>,
    /// The queue pair, in RESET.
    pub qp: Arc<QueuePair>,
}

/// A protection domain, send and receive CQs of `cq_depth` entries, and a
/// QP of `caps` in RESET, on `nic`.
///
/// # Errors
/// The library's.
pub fn qp_parts(nic: &Nic, caps: QpCaps, cq_depth: usize) -> warpnic::Result<QpParts> {
    let pd = nic.alloc_pd()?;
    let scq = Arc::new(CompletionQueue::new(nic, cq_depth, None)?);
    let rcq = Arc::new(CompletionQueue::new(nic, cq_depth, None)?);
    let qp = Arc::new(pd.create_qp(&scq, &rcq, caps)?);
    Ok(QpParts { pd, scq, rcq, qp })
}

/// The MSS of connection `ep`, from its TCB.
///
/// # Errors
/// The mailbox's, or [`warpnic::Error::FwProtocol`] for a value that does
/// not fit 16 bits.
pub fn tcb_mss(nic: &Nic, ep: EndpointId) -> warpnic::Result<u16> {
    let v = nic.tcp_tcb(ep, TcbField::Mss, 0, 0)?;
    u16::try_from(v)
        .map_err(|_| warpnic::Error::FwProtocol("the TCB's MSS does not fit 16 bits".into()))
}

/// One end of an RDMA connection.
pub struct RdmaEnd {
    /// The NIC.
    pub nic: Nic,
    /// The stream that carried the MPA frames, when the caller ran the
    /// exchange itself (a `Cm` keeps its own); dropping it takes its
    /// buffers back from the engine.
    pub stream: Option<TcpStream>,
    /// The protection domain of the QP and of the regions.
    pub pd: ProtectionDomain,
    /// The send CQ.
    pub scq: Arc<CompletionQueue>,
    /// The receive CQ.
    pub rcq: Arc<CompletionQueue>,
    /// The queue pair, in RTS.
    pub qp: Arc<QueuePair>,
    /// What MPA settled.
    pub params: RdmaParams,
    /// The connection's MSS.
    pub mss: u16,
    /// The connection's TCP endpoint (its TCB).
    pub ep: EndpointId,
}

impl RdmaEnd {
    /// The end of the connection `ep` on `nic` with these parts.
    pub fn new(
        nic: &Nic,
        stream: Option<TcpStream>,
        parts: QpParts,
        params: RdmaParams,
        mss: u16,
        ep: EndpointId,
    ) -> RdmaEnd {
        let QpParts { pd, scq, rcq, qp } = parts;
        RdmaEnd {
            nic: nic.clone(),
            stream,
            pd,
            scq,
            rcq,
            qp,
            params,
            mss,
            ep,
        }
    }

    /// The receive window this end's TCP offers (TCB RCV_WND): RDMA mode
    /// advertises it unchanged, since the bytes go to the QP, not to a
    /// stream buffer.
    ///
    /// # Errors
    /// The mailbox's.
    pub fn rcv_wnd(&self) -> warpnic::Result<u32> {
        Ok(self.nic.tcp_tcb(self.ep, TcbField::RcvWnd, 0, 0)? as u32)
    }

    /// Sets the receive window to `bytes`, at most what the connection's
    /// window scale can advertise (65535 << shift); returns what was set.
    ///
    /// # Errors
    /// The mailbox's.
    pub fn set_rcv_wnd(&self, bytes: u32) -> warpnic::Result<u32> {
        let ws = self.nic.tcp_tcb(self.ep, TcbField::Wscale, 0, 0)?;
        let shift = ((ws >> 4) & 0xf).min(14) as u32;
        let w = bytes.min(0xffff << shift);
        self.nic
            .tcp_tcb(self.ep, TcbField::RcvWnd, u64::from(w), u64::from(u32::MAX))?;
        Ok(w)
    }
}

/// The connection: both ends and their connection managers.
pub struct Connected<'p> {
    /// The initiator (NIC A).
    pub a: RdmaEnd,
    /// The responder (NIC B).
    pub b: RdmaEnd,
    cm_a: Cm<'p>,
    cm_b: Cm<'p>,
    id_a: CmId,
    id_b: CmId,
}

impl Connected<'_> {
    /// Closes the connection from A (rdma_disconnect; both QPs end in
    /// ERROR) and waits for B's DISCONNECTED.
    ///
    /// # Errors
    /// The connection managers' errors, or no DISCONNECTED at B in time.
    pub fn disconnect(mut self) -> Result<()> {
        self.cm_a.disconnect(self.id_a)?;
        let dev = self.a.nic.device().clone();
        let end = dev.now_ns() + CONNECT_WAIT.as_nanos() as u64;
        loop {
            let _ = self.cm_a.poll()?;
            match self.cm_b.poll()? {
                Some(CmEvent::Disconnected { id }) if id == self.id_b => {
                    self.cm_b.disconnect(id)?;
                    return Ok(());
                }
                Some(e) => return Err(RdmaError::UnexpectedWhileDisconnecting(Box::new(e))),
                None => {}
            }
            if dev.now_ns() > end {
                return Err(RdmaError::NotDisconnected(CONNECT_WAIT));
            }
            dev.relax();
        }
    }
}

/// Connects A (initiator) to B (responder, listening on [`PORT`]) of `p`
/// (set up with [`setup_pair`]) through a [`Cm`] on each NIC, with QPs of
/// `caps` and CQs of `cq_depth` entries; returns once both sides are
/// ESTABLISHED (both QPs in RTS).
///
/// # Errors
/// Any event other than the expected ones, a step that fails, or MPA
/// settling without CRC.
pub fn connect(p: &Pair, caps: QpCaps, cq_depth: usize) -> Result<Connected<'_>> {
    connect_with(p, caps, cq_depth, mpa_config(false))
}

/// As [`connect`], with MPA configuration `cfg` on both sides.
///
/// # Errors
/// As [`connect`].
pub fn connect_with(
    p: &Pair,
    caps: QpCaps,
    cq_depth: usize,
    cfg: MpaConfig,
) -> Result<Connected<'_>> {
    let mut cm_a = Cm::new(&p.a);
    let mut cm_b = Cm::new(&p.b);
    let parts_a = qp_parts(&p.a, caps, cq_depth)?;
    let parts_b = qp_parts(&p.b, caps, cq_depth)?;
    cm_b.listen(PORT, 4, cfg)?;
    let id_a = cm_a.connect(
        B_IP,
        PORT,
        cfg,
        connect_params(b"warpnic bench"),
        Some(CmQp::new(parts_a.qp.clone())),
    )?;
    let dev = p.a.device().clone();
    let end = dev.now_ns() + CONNECT_WAIT.as_nanos() as u64;
    let (mut est_a, mut est_b, mut id_b) = (None, None, None);
    while est_a.is_none() || est_b.is_none() {
        let mut moved = false;
        if let Some(e) = cm_a.poll()? {
            moved = true;
            match e {
                CmEvent::Established { id, params, .. } if id == id_a => est_a = Some(params),
                e => return Err(unexpected("A", e)),
            }
        }
        if let Some(e) = cm_b.poll()? {
            moved = true;
            match e {
                CmEvent::ConnectRequest { id, .. } if id_b.is_none() => {
                    id_b = Some(id);
                    cm_b.accept(id, accept_params(), Some(CmQp::new(parts_b.qp.clone())))?;
                }
                CmEvent::Established { id, params, .. } if Some(id) == id_b => est_b = Some(params),
                e => return Err(unexpected("B", e)),
            }
        }
        if !moved {
            if dev.now_ns() > end {
                return Err(RdmaError::NotEstablished {
                    wait: CONNECT_WAIT,
                    a: est_a.is_some(),
                    b: est_b.is_some(),
                });
            }
            dev.relax();
        }
    }
    let (Some(pa), Some(pb), Some(id_b)) = (est_a, est_b, id_b) else {
        return Err(RdmaError::Ended);
    };
    if !(pa.crc && pb.crc) {
        return Err(RdmaError::NoCrc);
    }
    let (mss_a, mss_b) = (side_mss(&p.a, id_a, "A")?, side_mss(&p.b, id_b, "B")?);
    Ok(Connected {
        a: RdmaEnd::new(&p.a, None, parts_a, pa, mss_a, id_a.0),
        b: RdmaEnd::new(&p.b, None, parts_b, pb, mss_b, id_b.0),
        cm_a,
        cm_b,
        id_a,
        id_b,
    })
}

/// `n` connections between A and B of `p`, all open at once through one
/// [`Cm`] per NIC.
pub struct ConnectedMany<'p> {
    /// Per connection: the initiator's end (NIC A) and the responder's (NIC
    /// B), in connection order.
    pub ends: Vec<(RdmaEnd, RdmaEnd)>,
    /// Per connection, in the same order: A's id and B's.
    pub ids: Vec<(CmId, CmId)>,
    /// The connection managers (A's, B's); the connections stay open while
    /// they are kept.
    pub cms: (Cm<'p>, Cm<'p>),
}

/// Connects `n` QPs of A (initiators) to `n` QPs of B (responders,
/// listening on [`PORT`]) of `p` (set up with [`setup_pair`]), as
/// [`connect`] does one: each QP with its own protection domain and `caps`,
/// the QPs of a side sharing `cqs` (send CQ, receive CQ) of that side:
/// `cqs_a[k % cqs_a.len()]` for A's QP `k`, likewise for B. The connects go
/// out `window` at a time; returns once every connection is ESTABLISHED on
/// both sides.
///
/// # Errors
/// As [`connect`]; [`RdmaError::Ended`] when a side has no CQs.
#[allow(clippy::type_complexity)]
pub fn connect_many<'p>(
    p: &'p Pair,
    n: usize,
    caps: QpCaps,
    cqs_a: &[(Arc<CompletionQueue>, Arc<CompletionQueue>)],
    cqs_b: &[(Arc<CompletionQueue>, Arc<CompletionQueue>)],
    window: usize,
) -> Result<ConnectedMany<'p>> {
    if cqs_a.is_empty() || cqs_b.is_empty() {
        return Err(RdmaError::Ended);
    }
    let cfg = mpa_config(false);
    let mut cm_a = Cm::new(&p.a);
    let mut cm_b = Cm::new(&p.b);
    let backlog = u16::try_from(window.clamp(1, 1024)).unwrap_or(1024);
    cm_b.listen(PORT, backlog, cfg)?;
    let parts = |nic: &Nic,
                 (scq, rcq): &(Arc<CompletionQueue>, Arc<CompletionQueue>)|
     -> warpnic::Result<QpParts> {
        let pd = nic.alloc_pd()?;
        let qp = Arc::new(pd.create_qp(scq, rcq, caps)?);
        Ok(QpParts {
            pd,
            scq: scq.clone(),
            rcq: rcq.clone(),
            qp,
        })
    };
    // per connection k: A's parts, id and params; B's likewise, found by
    // the number A sends as private data; the ids lead back to k
    let mut a_side: Vec<(QpParts, CmId, Option<RdmaParams>)> = Vec::with_capacity(n);
    let mut b_side: Vec<Option<(QpParts, CmId, Option<RdmaParams>)>> =
        (0..n).map(|_| None).collect();
    let (mut k_of_a, mut k_of_b) = (HashMap::new(), HashMap::new());
    let (mut est_a, mut est_b) = (0usize, 0usize);
    let dev = p.a.device().clone();
    let mut end = dev.now_ns() + CONNECT_WAIT.as_nanos() as u64;
    while est_a < n || est_b < n {
        let mut moved = false;
        // keep `window` connects in flight
        while a_side.len() < n && a_side.len() - est_a < window.max(1) {
            let k = a_side.len();
            let pa = parts(&p.a, &cqs_a[k % cqs_a.len()])?;
            let tag = format!("warpnic bench {k}");
            let id = cm_a.connect(
                B_IP,
                PORT,
                cfg,
                connect_params(tag.as_bytes()),
                Some(CmQp::new(pa.qp.clone())),
            )?;
            k_of_a.insert(id, k);
            a_side.push((pa, id, None));
            moved = true;
        }
        if let Some(e) = cm_a.poll()? {
            moved = true;
            let slot = match &e {
                CmEvent::Established { id, .. } => k_of_a.get(id).map(|&k| &mut a_side[k].2),
                _ => None,
            };
            match (slot, e) {
                (Some(slot @ None), CmEvent::Established { params, .. }) => {
                    *slot = Some(params);
                    est_a += 1;
                }
                (_, e) => return Err(unexpected("A", e)),
            }
        }
        if let Some(e) = cm_b.poll()? {
            moved = true;
            match e {
                CmEvent::ConnectRequest {
                    id, private_data, ..
                } if !k_of_b.contains_key(&id) => {
                    let k = std::str::from_utf8(&private_data)
                        .ok()
                        .and_then(|t| t.strip_prefix("warpnic bench "))
                        .and_then(|t| t.parse::<usize>().ok())
                        .filter(|&k| b_side.get(k).is_some_and(Option::is_none));
                    let Some(k) = k else {
                        return Err(unexpected(
                            "B",
                            CmEvent::ConnectRequest {
                                id,
                                peer: std::net::SocketAddrV4::new(A_IP, 0),
                                private_data,
                                ird_ord: None,
                            },
                        ));
                    };
                    let pb = parts(&p.b, &cqs_b[k % cqs_b.len()])?;
                    cm_b.accept(id, accept_params(), Some(CmQp::new(pb.qp.clone())))?;
                    k_of_b.insert(id, k);
                    b_side[k] = Some((pb, id, None));
                }
                CmEvent::Established { id, params, .. } => {
                    match k_of_b.get(&id).and_then(|&k| b_side[k].as_mut()) {
                        Some((_, _, slot @ None)) => {
                            *slot = Some(params);
                            est_b += 1;
                        }
                        _ => {
                            return Err(unexpected(
                                "B",
                                CmEvent::Established {
                                    id,
                                    params,
                                    private_data: Vec::new(),
                                },
                            ))
                        }
                    }
                }
                e => return Err(unexpected("B", e)),
            }
        }
        if moved {
            end = dev.now_ns() + CONNECT_WAIT.as_nanos() as u64;
        } else {
            if dev.now_ns() > end {
                return Err(RdmaError::NotEstablished {
                    wait: CONNECT_WAIT,
                    a: est_a == n,
                    b: est_b == n,
                });
            }
            dev.relax();
        }
    }
    let mut ends = Vec::with_capacity(n);
    let mut ids = Vec::with_capacity(n);
    for ((pa, id_a, params_a), b) in a_side.into_iter().zip(b_side) {
        let (Some(params_a), Some((pb, id_b, Some(params_b)))) = (params_a, b) else {
            return Err(RdmaError::Ended);
        };
        if !(params_a.crc && params_b.crc) {
            return Err(RdmaError::NoCrc);
        }
        let (mss_a, mss_b) = (side_mss(&p.a, id_a, "A")?, side_mss(&p.b, id_b, "B")?);
        ids.push((id_a, id_b));
        ends.push((
            RdmaEnd::new(&p.a, None, pa, params_a, mss_a, id_a.0),
            RdmaEnd::new(&p.b, None, pb, params_b, mss_b, id_b.0),
        ));
    }
    Ok(ConnectedMany {
        ends,
        ids,
        cms: (cm_a, cm_b),
    })
}

/// What the initiator asks for: IRD/ORD [`IRD_ORD`], `private_data`.
fn connect_params(private_data: &[u8]) -> ConnectParams<'_> {
    ConnectParams {
        private_data,
        ird: IRD_ORD,
        ord: IRD_ORD,
        p2p: false,
    }
}

/// What the responder answers: IRD/ORD [`IRD_ORD`].
fn accept_params() -> AcceptParams<'static> {
    AcceptParams {
        private_data: b"accepted",
        ird: IRD_ORD,
        ord: IRD_ORD,
    }
}

/// The MSS of side `side`'s connection `id` (its TCB).
fn side_mss(nic: &Nic, id: CmId, side: &'static str) -> Result<u16> {
    tcb_mss(nic, id.0).map_err(|source| RdmaError::Setup {
        side,
        what: "TCB MSS",
        source,
    })
}

fn unexpected(side: &'static str, event: CmEvent) -> RdmaError {
    RdmaError::Unexpected {
        side,
        event: Box::new(event),
    }
}
