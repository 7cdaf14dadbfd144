//! Two simulated NICs joined by one RDMA connection through the host
//! library's connection manager ([`Cm`]), for `warpnic bench
//! write|read|send` and `warpnic demo`: B listens, A connects (offloaded
//! TCP, MPA v2 with CRC required, no markers, IRD/ORD 16), each side's
//! queue pair is bound to the connection by its `Cm` (`CmQp`), and both
//! sides' ESTABLISHED events mean both QPs are in RTS.

use std::net::Ipv4Addr;
use std::sync::Arc;
use std::time::Duration;

use warpnic::cm::CmQp;
use warpnic::mpa::{
    AcceptParams, ConnectParams, CrcPolicy, MarkerPolicy, MpaConfig, RdmaParams, Revision, RtrSet,
};
use warpnic::{
    Cm, CmEvent, CmId, CompletionQueue, EndpointId, Nic, ProtectionDomain, QpCaps, QueuePair,
    TcpConfig,
};
use warpnic_abi::gen::TcbField;
use warpnic_sim::traffic::Pair;

use crate::AnyResult;

/// NIC A's address (the initiator).
pub const A_IP: Ipv4Addr = Ipv4Addr::new(10, 0, 0, 1);
/// NIC B's address (the responder).
pub const B_IP: Ipv4Addr = Ipv4Addr::new(10, 0, 0, 2);
/// B's listening port.
pub const PORT: u16 = 4791;
/// IRD and ORD each side asks for.
pub const IRD_ORD: u16 = 16;
/// How long the connection may take (device time).
const CONNECT_WAIT: Duration = Duration::from_millis(20);

/// One end of the connection.
pub struct RdmaEnd {
    /// The NIC.
    pub nic: Nic,
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
    pub fn disconnect(mut self) -> AnyResult<()> {
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
                Some(e) => return Err(format!("B: {e:?} while disconnecting").into()),
                None => {}
            }
            if dev.now_ns() > end {
                return Err(format!("B: no DISCONNECTED within {CONNECT_WAIT:?}").into());
            }
            dev.relax();
        }
    }
}

impl RdmaEnd {
    /// The receive window this end's TCP offers (TCB RCV_WND): RDMA mode
    /// advertises it unchanged, since the bytes go to the QP, not to a
    /// stream buffer.
    ///
    /// # Errors
    /// The mailbox's.
    pub fn rcv_wnd(&self) -> AnyResult<u32> {
        Ok(self.nic.tcp_tcb(self.ep, TcbField::RcvWnd, 0, 0)? as u32)
    }

    /// Sets the receive window to `bytes`, at most what the connection's
    /// window scale can advertise (65535 << shift); returns what was set.
    ///
    /// # Errors
    /// The mailbox's.
    pub fn set_rcv_wnd(&self, bytes: u32) -> AnyResult<u32> {
        let ws = self.nic.tcp_tcb(self.ep, TcbField::Wscale, 0, 0)?;
        let shift = ((ws >> 4) & 0xf).min(14) as u32;
        let w = bytes.min(0xffff << shift);
        self.nic
            .tcp_tcb(self.ep, TcbField::RcvWnd, u64::from(w), u64::from(u32::MAX))?;
        Ok(w)
    }
}

/// Short TCP timers (those of the system tests): a loss would not stall a
/// simulation for 200 ms.
pub fn timers() -> TcpConfig {
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

/// MPA v2, CRC required, no markers, every RTR kind allowed.
pub fn mpa_config() -> MpaConfig {
    MpaConfig {
        revision: Revision::V2,
        crc: CrcPolicy::Required,
        markers: MarkerPolicy::Disabled,
        rtr: RtrSet::ALL,
        timeout: 2_000_000,
    }
}

/// Addresses, TCP timers and (when given) MAX_FRAME of both NICs; call it
/// before the connection opens (the MSS follows MAX_FRAME: MAX_FRAME less
/// 54).
///
/// # Errors
/// A mailbox or register error.
pub fn setup_pair(p: &Pair, max_frame: Option<u32>) -> AnyResult<()> {
    for (nic, ip, who) in [(&p.a, A_IP, "A"), (&p.b, B_IP, "B")] {
        if let Some(f) = max_frame {
            nic.set_max_frame(f)
                .map_err(|e| format!("{who}: MAX_FRAME {f}: {e}"))?;
        }
        nic.set_ipv4(ip, 24)
            .map_err(|e| format!("{who}: address: {e}"))?;
        nic.tcp_config(&timers())
            .map_err(|e| format!("{who}: TCP timers: {e}"))?;
    }
    Ok(())
}

/// A protection domain, a send and a receive CQ, a QP.
type Parts = (
    ProtectionDomain,
    Arc<CompletionQueue>,
    Arc<CompletionQueue>,
    Arc<QueuePair>,
);

/// A protection domain, send and receive CQs of `cq_depth` entries, and a
/// QP of `caps` in RESET.
fn parts(nic: &Nic, caps: QpCaps, cq_depth: usize) -> AnyResult<Parts> {
    let pd = nic.alloc_pd()?;
    let scq = Arc::new(CompletionQueue::new(nic, cq_depth, None)?);
    let rcq = Arc::new(CompletionQueue::new(nic, cq_depth, None)?);
    let qp = Arc::new(pd.create_qp(&scq, &rcq, caps)?);
    Ok((pd, scq, rcq, qp))
}

/// The connection's MSS, from its TCB.
fn mss(nic: &Nic, id: CmId, who: &str) -> AnyResult<u16> {
    let mss = nic
        .tcp_tcb(id.0, TcbField::Mss, 0, 0)
        .map_err(|e| format!("{who}: TCB MSS: {e}"))?;
    Ok(mss as u16)
}

/// Connects A (initiator) to B (responder, listening on [`PORT`]) of `p`
/// (set up with [`setup_pair`]) through a [`Cm`] on each NIC, with QPs of
/// `caps` and CQs of `cq_depth` entries; returns once both sides are
/// ESTABLISHED (both QPs in RTS).
///
/// # Errors
/// Any event other than the expected ones, a step that fails, or MPA
/// settling without CRC.
pub fn connect(p: &Pair, caps: QpCaps, cq_depth: usize) -> AnyResult<Connected<'_>> {
    connect_with(p, caps, cq_depth, mpa_config())
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
) -> AnyResult<Connected<'_>> {
    let mut cm_a = Cm::new(&p.a);
    let mut cm_b = Cm::new(&p.b);
    let (pd_a, scq_a, rcq_a, qp_a) = parts(&p.a, caps, cq_depth)?;
    let (pd_b, scq_b, rcq_b, qp_b) = parts(&p.b, caps, cq_depth)?;
    cm_b.listen(PORT, 4, cfg)?;
    let id_a = cm_a.connect(
        B_IP,
        PORT,
        cfg,
        ConnectParams {
            private_data: b"warpnic bench",
            ird: IRD_ORD,
            ord: IRD_ORD,
            p2p: false,
        },
        Some(CmQp::new(qp_a.clone())),
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
                e => return Err(format!("A: {e:?}").into()),
            }
        }
        if let Some(e) = cm_b.poll()? {
            moved = true;
            match e {
                CmEvent::ConnectRequest { id, .. } if id_b.is_none() => {
                    id_b = Some(id);
                    cm_b.accept(
                        id,
                        AcceptParams {
                            private_data: b"accepted",
                            ird: IRD_ORD,
                            ord: IRD_ORD,
                        },
                        Some(CmQp::new(qp_b.clone())),
                    )?;
                }
                CmEvent::Established { id, params, .. } if Some(id) == id_b => est_b = Some(params),
                e => return Err(format!("B: {e:?}").into()),
            }
        }
        if !moved {
            if dev.now_ns() > end {
                return Err(format!(
                    "the connection was not established within {CONNECT_WAIT:?} (A {}, B {})",
                    if est_a.is_some() {
                        "ESTABLISHED"
                    } else {
                        "waiting"
                    },
                    if est_b.is_some() {
                        "ESTABLISHED"
                    } else {
                        "waiting"
                    }
                )
                .into());
            }
            dev.relax();
        }
    }
    let (Some(pa), Some(pb), Some(id_b)) = (est_a, est_b, id_b) else {
        return Err("the connection ended without both ESTABLISHED events".into());
    };
    if !(pa.crc && pb.crc) {
        return Err("MPA settled without CRC".into());
    }
    let (mss_a, mss_b) = (mss(&p.a, id_a, "A")?, mss(&p.b, id_b, "B")?);
    Ok(Connected {
        a: RdmaEnd {
            nic: p.a.clone(),
            pd: pd_a,
            scq: scq_a,
            rcq: rcq_a,
            qp: qp_a,
            params: pa,
            mss: mss_a,
            ep: id_a.0,
        },
        b: RdmaEnd {
            nic: p.b.clone(),
            pd: pd_b,
            scq: scq_b,
            rcq: rcq_b,
            qp: qp_b,
            params: pb,
            mss: mss_b,
            ep: id_b.0,
        },
        cm_a,
        cm_b,
        id_a,
        id_b,
    })
}
