//! Two simulated NICs joined by an RDMA connection: offloaded TCP, MPA v2
//! with CRC negotiated by the hosts over the streams, then a queue pair on
//! each side bound to the connection, in RTS.
//!
//! The order follows docs/iwarp.md: the responder binds its QP for
//! received bytes (ULP_MODE RDMA_RX) before it writes the MPA reply, and
//! for sent bytes once the reply is acknowledged; the initiator binds once
//! it has the reply. Each side's first FPDU starts at the stream offset
//! where its MPA frame ended.
//!
//! The tests drive each step themselves, over the streams, where the
//! benchmarks let the connection manager do it
//! (`warpnic_sim::rdma::connect`); both give the same [`RdmaEnd`], here with
//! the stream that carried the MPA frames.

use std::sync::Arc;
use std::time::Duration;

use warpnic::mpa::{
    AcceptParams, ConnectParams, MarkerPolicy, MpaConfig, RdmaParams, HEADER_LEN, IRD_ORD_LEN,
};
use warpnic::verbs::{mulpdu_for_mss, AccessFlags};
use warpnic::{
    DmaPerm, MemoryRegion, MpaEvent, MpaSetup, Nic, ProtectionDomain, QpAttrs, QpCaps, QueuePair,
    TcpStream,
};
use warpnic_abi::gen::{CplTermOrigin, QpState, TermLayer};
pub use warpnic_sim::rdma::{mpa_config, RdmaEnd};
use warpnic_sim::rdma::{qp_parts, tcb_mss, QpParts};

use crate::{tcp_streams, Pair};

/// The largest ULPDU a QP here accepts: any (the CRC and the DDP checks
/// catch a garbage length; the sender's MULPDU is its own choice).
pub const RX_MULPDU: u16 = u16::MAX;

/// `len` bytes of `nic`'s DMA memory, registered in `pd` with `access`.
pub fn mem_region(
    nic: &Nic,
    pd: &ProtectionDomain,
    len: usize,
    access: AccessFlags,
) -> MemoryRegion {
    let mem = Arc::new(nic.alloc_dma(len, DmaPerm::RW).expect("memory"));
    pd.reg_mr(&mem, 0, len, access).expect("register")
}

/// As [`mem_region`] on `end`'s NIC and protection domain.
pub fn region(end: &RdmaEnd, len: usize, access: AccessFlags) -> MemoryRegion {
    mem_region(&end.nic, &end.pd, len, access)
}

/// Posts one signaled Send of `bytes`, written at the start of `mr` (a
/// region of the QP's protection domain), as `wr_id`.
pub fn send_bytes(qp: &warpnic::QueuePair, mr: &MemoryRegion, bytes: &[u8], wr_id: u64) {
    mr.mem().write(0, bytes).expect("write the message");
    let sge = [mr.sge(0, bytes.len() as u32).expect("sge")];
    qp.post_send(&[warpnic::SendWr {
        wr_id,
        opcode: warpnic::WrOpcode::Send,
        sg_list: &sge,
        signaled: true,
        ..warpnic::SendWr::default()
    }])
    .expect("post send");
}

/// The connection's MSS, from the TCB.
pub fn mss(nic: &Nic, st: &TcpStream) -> u16 {
    tcb_mss(nic, st.endpoint()).expect("MSS")
}

/// [`mpa_config`] of one side that asks for markers in what it receives
/// when `rx` and inserts them toward a peer that asks (`peer_rx`).
fn side_config(rx: bool, peer_rx: bool) -> MpaConfig {
    let mut c = mpa_config(rx);
    if !rx && peer_rx {
        c.markers = MarkerPolicy::Allowed;
    }
    c
}

fn wait(nic: &Nic, st: &mut TcpStream, setup: &mut MpaSetup) -> MpaEvent {
    let dev = st.device().clone();
    let end = dev.now_ns() + 5_000_000;
    loop {
        if let Some(e) = setup.poll(nic, st).expect("MPA poll") {
            return e;
        }
        assert!(dev.now_ns() < end, "no MPA event within 5 ms");
        dev.relax();
    }
}

/// A protection domain, CQs of 4096 entries and a QP of `caps`.
fn end(nic: &Nic, caps: QpCaps) -> QpParts {
    qp_parts(nic, caps, 4096).expect("PD, CQs and QP")
}

/// The QP attributes MPA settled for connection `tid`, sending from
/// stream offset `tx_start`.
fn attrs(tid: u32, p: &RdmaParams, tx_start: u32, mss: u16) -> QpAttrs {
    QpAttrs::from_rdma_params(tid, p)
        .expect("attributes")
        .mulpdu(RX_MULPDU)
        .send_mulpdu(mulpdu_for_mss(mss, false))
        .tx_start(tx_start)
}

/// What the tests check of an [`RdmaEnd`]'s queue pair.
pub trait EndChecks {
    /// This end sent a Terminate of `layer`, `etype`, `ecode` (its QP in
    /// ERROR, origin HARDWARE) and `peer` received it (in ERROR, origin
    /// PEER, the same codes).
    fn sent_terminate(&self, peer: &RdmaEnd, layer: TermLayer, etype: u8, ecode: u8);

    /// Waits until the QP is in ERROR (5 ms of device time); returns why.
    fn wait_error(&self) -> warpnic::QpError;
}

impl EndChecks for RdmaEnd {
    fn sent_terminate(&self, peer: &RdmaEnd, layer: TermLayer, etype: u8, ecode: u8) {
        let e = self.wait_error();
        assert_eq!(
            e.origin,
            Ok(CplTermOrigin::Hardware),
            "sent the Terminate: {e}"
        );
        assert_eq!(
            (e.layer, e.etype, e.ecode),
            (Ok(layer), etype, ecode),
            "{e}"
        );
        let p = peer.wait_error();
        assert_eq!(
            p.origin,
            Ok(CplTermOrigin::Peer),
            "the peer received it: {p}"
        );
        assert_eq!(
            (p.layer, p.etype, p.ecode),
            (e.layer, e.etype, e.ecode),
            "{p}"
        );
    }

    fn wait_error(&self) -> warpnic::QpError {
        let dev = self.nic.device().clone();
        let end = dev.now_ns() + 5_000_000;
        loop {
            let q = self.qp.query().expect("query");
            if q.state == QpState::Error {
                return q.error.expect("the QP says why it is in ERROR");
            }
            assert!(dev.now_ns() < end, "QP not in ERROR within 5 ms: {q:?}");
            dev.relax();
        }
    }
}

/// A's side of a connection set up by [`soft_pair`]: the stream stays in
/// streaming mode and the software endpoint frames over it.
pub struct SoftEnd {
    /// The NIC.
    pub nic: Nic,
    /// The stream.
    pub stream: TcpStream,
    /// The software iWARP endpoint, its offsets where the MPA frames end.
    pub sw: crate::soft_iwarp::SoftIwarp,
    /// What MPA settled.
    pub params: RdmaParams,
}

impl SoftEnd {
    /// Sends `bytes` (FPDUs from `sw`) through the stream.
    pub fn send(&mut self, bytes: &[u8]) {
        self.stream
            .write_all(bytes, Duration::from_millis(20))
            .expect("stream write");
    }

    /// Reads what arrived and decodes it; waits up to 5 ms of device time
    /// for at least one FPDU.
    pub fn receive(
        &mut self,
    ) -> Vec<Result<crate::soft_iwarp::Segment, crate::soft_iwarp::SoftIwarpError>> {
        let dev = self.stream.device().clone();
        let end = dev.now_ns() + 5_000_000;
        let mut buf = vec![0u8; 1 << 16];
        loop {
            self.stream.poll().expect("stream poll");
            let n = self.stream.read(&mut buf).expect("stream read");
            let got = self.sw.receive(&buf[..n]);
            if !got.is_empty() || dev.now_ns() >= end {
                return got;
            }
            dev.relax();
        }
    }
}

/// A (initiator) with the software endpoint over its stream, B (responder)
/// with a hardware QP, as [`rdma_pair_with`] sets B up: for feeding B's
/// hardware hand-made FPDUs, and reading exactly what it sends.
pub fn soft_pair(
    p: &Pair,
    caps: QpCaps,
    prepare_b: impl FnOnce(&QueuePair, &ProtectionDomain),
) -> (SoftEnd, RdmaEnd) {
    let (a, b) = connect(p, caps, prepare_b, false, [false; 2]);
    match a {
        End::Soft(a) => (*a, b),
        End::Hw(_) => unreachable!("A asked for software"),
    }
}

enum End {
    Hw(Box<RdmaEnd>),
    Soft(Box<SoftEnd>),
}

/// Connects A (initiator) and B (responder) of `p`; `prepare_b` runs on B
/// once its QP is in RTR and bound for receiving, before the MPA reply
/// (to post receive buffers the initiator's first messages need).
pub fn rdma_pair_with(
    p: &Pair,
    caps: QpCaps,
    prepare_b: impl FnOnce(&QueuePair, &ProtectionDomain),
) -> (RdmaEnd, RdmaEnd) {
    match connect(p, caps, prepare_b, true, [false; 2]) {
        (End::Hw(a), b) => (*a, b),
        (End::Soft(_), _) => unreachable!("A asked for hardware"),
    }
}

/// As [`rdma_pair_with`] with nothing posted early, MPA markers (RFC 5044
/// §4.3) required both ways.
pub fn rdma_pair_markers(p: &Pair, caps: QpCaps) -> (RdmaEnd, RdmaEnd) {
    rdma_pair_markers_rx(p, caps, [true, true])
}

/// As [`rdma_pair_with`] with nothing posted early; `rx[0]`: A requires
/// markers in what it receives (its MPA request's M bit), `rx[1]`: B does
/// (its reply's), so they can settle in one direction only.
pub fn rdma_pair_markers_rx(p: &Pair, caps: QpCaps, rx: [bool; 2]) -> (RdmaEnd, RdmaEnd) {
    match connect(p, caps, |_, _| {}, true, rx) {
        (End::Hw(a), b) => (*a, b),
        (End::Soft(_), _) => unreachable!("A asked for hardware"),
    }
}

fn connect(
    p: &Pair,
    caps: QpCaps,
    prepare_b: impl FnOnce(&QueuePair, &ProtectionDomain),
    a_hw: bool,
    markers_rx: [bool; 2],
) -> (End, RdmaEnd) {
    let ((_, mut sa), (_, mut sb)) = tcp_streams(p, 16);
    let mut a_setup = MpaSetup::connect(
        &p.a,
        &mut sa,
        side_config(markers_rx[0], markers_rx[1]),
        ConnectParams {
            private_data: b"warpnic",
            ird: 16,
            ord: 16,
            p2p: false,
        },
    )
    .expect("A's MPA request");
    let mut b_setup = MpaSetup::listen(&p.b, &mut sb, side_config(markers_rx[1], markers_rx[0]))
        .expect("B listens");
    let req = wait(&p.b, &mut sb, &mut b_setup);
    assert!(matches!(req, MpaEvent::ConnectRequest { .. }), "{req:?}");

    // B: QP in RTR, bound for receiving, then the reply
    let parts_b = end(&p.b, caps);
    let (pd_b, qp_b) = (&parts_b.pd, &parts_b.qp);
    let reply_pd: &[u8] = b"accepted";
    // the reply: the header, the IRD/ORD block, private data
    let reply_len = (HEADER_LEN + IRD_ORD_LEN + reply_pd.len()) as u32;
    let accept = AcceptParams {
        private_data: reply_pd,
        ird: 16,
        ord: 16,
    };
    // what the accept will settle: CRC (required here), IRD/ORD 16
    let mss_b = mss(&p.b, &sb);
    let b_attrs = QpAttrs::init(sb.tid())
        .crc(true)
        .ird(16)
        .ord(16)
        .mulpdu(RX_MULPDU)
        .markers_rx(markers_rx[1])
        .markers_tx(markers_rx[0])
        .send_mulpdu(mulpdu_for_mss(mss_b, false))
        .tx_start(sb.written().wrapping_add(reply_len));
    qp_b.modify(&b_attrs).expect("B: INIT");
    qp_b.modify(&QpAttrs::new(QpState::Rtr)).expect("B: RTR");
    qp_b.bind_receive(&sb).expect("B: bind for receiving");
    prepare_b(qp_b, pd_b);
    let pb = match b_setup.accept(&p.b, &mut sb, accept).expect("B accepts") {
        MpaEvent::Established { params, .. } => params,
        e => panic!("B: {e:?}"),
    };

    // A: the reply, then its QP
    let pa = match wait(&p.a, &mut sa, &mut a_setup) {
        MpaEvent::Established { params, .. } => params,
        e => panic!("A: {e:?}"),
    };
    assert!(pa.crc && pb.crc, "CRC on both ways");
    if !a_hw {
        sb.flush_wait(Duration::from_millis(5))
            .expect("B: reply acknowledged");
        qp_b.bind_connection(&sb).expect("B: bind");
        qp_b.modify(&QpAttrs::new(QpState::Rts)).expect("B: RTS");
        let sw = crate::soft_iwarp::SoftIwarp::new(crate::soft_iwarp::Config {
            tx_start: u64::from(sa.written()),
            rx_start: u64::from(sb.written()),
            ..crate::soft_iwarp::Config::negotiated(
                &pa,
                usize::from(mulpdu_for_mss(mss(&p.a, &sa), false)),
            )
        })
        .expect("A's software endpoint");
        let ep_b = sb.endpoint();
        let b = RdmaEnd::new(&p.b, Some(sb), parts_b, pb, mss_b, ep_b);
        let a = SoftEnd {
            nic: p.a.clone(),
            stream: sa,
            sw,
            params: pa,
        };
        return (End::Soft(Box::new(a)), b);
    }
    let parts_a = end(&p.a, caps);
    let qp_a = &parts_a.qp;
    let mss_a = mss(&p.a, &sa);
    qp_a.modify(&attrs(sa.tid(), &pa, sa.written(), mss_a))
        .expect("A: INIT");
    qp_a.bind_connection(&sa).expect("A: bind");
    qp_a.modify(&QpAttrs::new(QpState::Rtr)).expect("A: RTR");
    qp_a.modify(&QpAttrs::new(QpState::Rts)).expect("A: RTS");

    // B sends once its reply is acknowledged
    sb.flush_wait(Duration::from_millis(5))
        .expect("B: reply acknowledged");
    qp_b.bind_connection(&sb).expect("B: bind");
    qp_b.modify(&QpAttrs::new(QpState::Rts)).expect("B: RTS");
    let (ep_a, ep_b) = (sa.endpoint(), sb.endpoint());
    (
        End::Hw(Box::new(RdmaEnd::new(
            &p.a,
            Some(sa),
            parts_a,
            pa,
            mss_a,
            ep_a,
        ))),
        RdmaEnd::new(&p.b, Some(sb), parts_b, pb, mss_b, ep_b),
    )
}

/// As [`rdma_pair_with`], with default rings and nothing posted early.
pub fn rdma_pair(p: &Pair) -> (RdmaEnd, RdmaEnd) {
    rdma_pair_with(p, QpCaps::default(), |_, _| {})
}

/// Every DMA write one NIC makes into host memory, from [`DmaWatch::start`]
/// on (the simulated IOMMU logs them), checked against what the NIC may
/// touch.
pub struct DmaWatch {
    world: Arc<warpnic_sim::SimWorld>,
    nic: usize,
}

impl DmaWatch {
    /// Starts logging NIC `nic`'s writes (0 is A, 1 is B).
    pub fn start(p: &Pair, nic: usize) -> DmaWatch {
        p.world
            .with(|w| w.iommu(nic).map(|i| i.log_writes(true)))
            .expect("world")
            .expect("NIC");
        DmaWatch {
            world: p.world.clone(),
            nic,
        }
    }

    /// The writes since the last call, `(iova, len)`.
    pub fn take(&self) -> Vec<(u64, usize)> {
        self.world
            .with(|w| w.iommu(self.nic).map(|i| i.take_writes()))
            .expect("world")
            .expect("NIC")
    }

    /// Asserts that no write since the last call touched a byte of the
    /// `protected` ranges `(iova, len)` outside the `granted` ones (the
    /// rings, CQs and event queues the NIC owns lie outside both); returns
    /// the writes that landed in granted ranges.
    pub fn assert_within(&self, protected: &[(u64, usize)], granted: &[(u64, usize)]) -> usize {
        let mut inside = 0;
        for (a, n) in self.take() {
            let end = a + n as u64;
            let hits = protected
                .iter()
                .any(|&(p, pn)| a < p + pn as u64 && p < end);
            if !hits {
                continue;
            }
            let ok = granted
                .iter()
                .any(|&(g, gn)| a >= g && end <= g + gn as u64);
            assert!(
                ok,
                "NIC {} wrote {n} bytes at {a:#x}, inside protected memory and outside what was granted {granted:x?}",
                self.nic
            );
            inside += 1;
        }
        inside
    }
}
