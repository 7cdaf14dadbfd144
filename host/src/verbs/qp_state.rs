//! Queue-pair states and attributes: what QP_MODIFY takes ([`QpAttrs`]),
//! the transitions the hardware allows (`transition`, the one function
//! every [`QueuePair::modify`](super::QueuePair::modify) goes through),
//! the argument words of QP_MODIFY, and what the hardware says about a QP
//! (QP_QUERY's [`QpInfo`], why it entered ERROR: [`QpError`], and the
//! QP_ERROR and SQ_DRAINED events). Everything here is pure.

use warpnic_abi::gen::{
    CplTermOrigin, EqeType, QpErrorInfo, QpState, RdmaQpModifyArgs, RdmaQpQueryRsp, TermLayer,
};

use super::cq::Event;
use super::wr::mulpdu_for_mss;
use super::{MAX_IRD, MAX_LOG_DEPTH, MAX_ORD};
use crate::error::{ArgError, Error, Result};
use crate::mpa::RdmaParams;

/// The default largest ULPDU a QP accepts: any. The sender chooses its
/// MULPDU (Linux siw sends 1454 bytes at MSS 1460, this library
/// [`mulpdu_for_mss`]); a garbage length is caught by the CRC and the DDP
/// checks.
pub const DEFAULT_MULPDU: u16 = u16::MAX;

/// The smallest largest ULPDU to send: a READ REQUEST takes 46 bytes, a
/// TERMINATE up to 70, and each must be one FPDU.
const MIN_SEND_MULPDU: u16 = 72;

/// Attributes of a QP_MODIFY (ibv_qp_attr with its mask): the state to go
/// to and, for RESET to INIT only, the connection attributes.
///
/// ```
/// # use warpnic::verbs::QpAttrs;
/// # use warpnic_abi::gen::QpState;
/// let init = QpAttrs::init(7).mulpdu(1000).ird(4).ord(4);
/// let rtr = QpAttrs::new(QpState::Rtr);
/// # let _ = (init, rtr);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QpAttrs {
    state: QpState,
    /// Set by `init`, `from_rdma_params` or any attribute setter.
    pub(super) with_attrs: bool,
    pub(super) tid: Option<u32>,
    mulpdu: u16,
    crc: bool,
    markers_rx: bool,
    markers_tx: bool,
    ird: u8,
    ord: u8,
    marker_phase: u16,
    send_mulpdu: u16,
    tx_start: u32,
}

impl QpAttrs {
    /// A transition to `state` without attributes.
    pub fn new(state: QpState) -> QpAttrs {
        QpAttrs {
            state,
            with_attrs: false,
            tid: None,
            mulpdu: DEFAULT_MULPDU,
            crc: true,
            markers_rx: false,
            markers_tx: false,
            ird: 0,
            ord: 0,
            marker_phase: 0,
            send_mulpdu: mulpdu_for_mss(1460, false),
            tx_start: 0,
        }
    }

    /// RESET to INIT on connection `tid` with the defaults: largest ULPDU
    /// [`DEFAULT_MULPDU`], CRC on, no markers, IRD and ORD 0 (no RDMA
    /// Read), marker phase 0.
    pub fn init(tid: u32) -> QpAttrs {
        QpAttrs {
            tid: Some(tid),
            with_attrs: true,
            ..QpAttrs::new(QpState::Init)
        }
    }

    /// RESET to INIT on connection `tid` with what the MPA exchange
    /// settled (CRC, markers in each direction, IRD, ORD).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for IRD or ORD above 255 (the QP's
    /// fields are 8 bits).
    pub fn from_rdma_params(tid: u32, p: &RdmaParams) -> Result<QpAttrs> {
        let ird = u8::try_from(p.ird).map_err(|_| Error::range("ird", p.ird, 0u8, u8::MAX))?;
        let ord = u8::try_from(p.ord).map_err(|_| Error::range("ord", p.ord, 0u8, u8::MAX))?;
        Ok(QpAttrs::init(tid)
            .crc(p.crc)
            .markers_rx(p.markers_rx)
            .markers_tx(p.markers_tx)
            .ird(ird)
            .ord(ord))
    }

    /// The TCP connection id (ARG9).
    pub fn tid(mut self, tid: u32) -> QpAttrs {
        self.tid = Some(tid);
        self.with_attrs = true;
        self
    }

    /// Largest ULPDU accepted (ARG3 15:0; at least 1).
    pub fn mulpdu(mut self, bytes: u16) -> QpAttrs {
        self.mulpdu = bytes;
        self.with_attrs = true;
        self
    }

    /// CRC32c on the connection (ARG3 bit 16).
    pub fn crc(mut self, on: bool) -> QpAttrs {
        self.crc = on;
        self.with_attrs = true;
        self
    }

    /// MPA markers in both directions (ARG3 bits 17 and 18).
    pub fn markers(self, on: bool) -> QpAttrs {
        self.markers_rx(on).markers_tx(on)
    }

    /// MPA markers in what the peer sends (ARG3 bit 17): the M bit this
    /// side put in its MPA request or reply (RFC 5044 §7.1).
    pub fn markers_rx(mut self, on: bool) -> QpAttrs {
        self.markers_rx = on;
        self.with_attrs = true;
        self
    }

    /// MPA markers in what this side sends (ARG3 bit 18): the peer's M
    /// bit.
    pub fn markers_tx(mut self, on: bool) -> QpAttrs {
        self.markers_tx = on;
        self.with_attrs = true;
        self
    }

    /// Inbound RDMA Read queue depth (ARG3 31:24).
    pub fn ird(mut self, ird: u8) -> QpAttrs {
        self.ird = ird;
        self.with_attrs = true;
        self
    }

    /// Outbound RDMA Read queue depth (ARG4 7:0).
    pub fn ord(mut self, ord: u8) -> QpAttrs {
        self.ord = ord;
        self.with_attrs = true;
        self
    }

    /// Largest ULPDU this side sends (ARG11; default
    /// [`mulpdu_for_mss`] of 1460 without markers): at most the peer's, and
    /// at most what fits one segment for one FPDU per segment. With markers
    /// the hardware takes from it the markers of the segment each FPDU
    /// starts, so [`mulpdu_for_mss`] without markers keeps every FPDU and
    /// its markers one segment.
    pub fn send_mulpdu(mut self, bytes: u16) -> QpAttrs {
        self.send_mulpdu = bytes;
        self.with_attrs = true;
        self
    }

    /// Stream offset of the first FPDU this side sends (ARG12): the
    /// stream's written bytes when FPDU mode begins (the MPA frame before).
    pub fn tx_start(mut self, offset: u32) -> QpAttrs {
        self.tx_start = offset;
        self.with_attrs = true;
        self
    }

    /// Marker phase of the first received FPDU's first byte (ARG10 8:0,
    /// 0..=511; 0 normally).
    pub fn marker_phase(mut self, phase: u16) -> QpAttrs {
        self.marker_phase = phase;
        self.with_attrs = true;
        self
    }

    /// The state to go to.
    pub fn state(&self) -> QpState {
        self.state
    }
}

/// What a QP_MODIFY does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Transition {
    /// The QP is in that state already: nothing to send.
    NoOp,
    /// Send QP_MODIFY, with the attributes (RESET to INIT) or without.
    Run { set_attrs: bool },
}

/// The transitions the hardware allows: RESET->INIT (with attributes),
/// INIT->RTR, INIT/RTR->RTS, RTS<->SQD, any->ERROR, ERROR->RESET; the same
/// state is a no-op.
pub(super) fn transition(from: QpState, to: QpState, with_attrs: bool) -> Result<Transition> {
    use QpState::*;
    let ok = match (from, to) {
        _ if from == to => {
            if with_attrs {
                return Err(crate::error::Error::arg(
                    "attrs",
                    ArgError::AttrsOutsideInit { from, to },
                ));
            }
            return Ok(Transition::NoOp);
        }
        (Reset, Init) => {
            if !with_attrs {
                return Err(crate::error::Error::arg("attrs", ArgError::AttrsNeeded));
            }
            return Ok(Transition::Run { set_attrs: true });
        }
        (_, Error) | (Init, Rtr) | (Init | Rtr, Rts) | (Rts, Sqd) | (Sqd, Rts) | (Error, Reset) => {
            true
        }
        _ => false,
    };
    if !ok {
        return Err(crate::error::Error::arg(
            "attrs",
            ArgError::Transition { from, to },
        ));
    }
    if with_attrs {
        return Err(crate::error::Error::arg(
            "attrs",
            ArgError::AttrsOutsideInit { from, to },
        ));
    }
    Ok(Transition::Run { set_attrs: false })
}

/// What RESET to INIT programs besides the [`QpAttrs`]: the QP's own
/// resources.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct QpResources {
    pub(super) pd: u16,
    pub(super) send_cq: u32,
    pub(super) recv_cq: u32,
    pub(super) rq_log: u32,
    pub(super) sq_log: u32,
    pub(super) rq_iova: u64,
    pub(super) sq_iova: u64,
}

/// QP_MODIFY's argument words: the first [`RdmaQpModifyArgs::MIN_WORDS`]
/// (QP and state), or all of them with the attributes.
///
/// # Errors
/// [`Error::InvalidArgument`] for attributes out of range: no connection
/// id, a zero largest ULPDU, a marker phase above 511, a CQ above 255, a
/// ring size outside 2^1..=2^15.
pub(super) fn qp_modify_args(
    qpn: u32,
    a: &QpAttrs,
    set_attrs: bool,
    r: &QpResources,
) -> Result<Vec<u32>> {
    // the words every QP_MODIFY carries; the attributes read as zero
    let head = RdmaQpModifyArgs {
        qp: qpn,
        state: a.state,
        set_attrs: false,
        pd: 0,
        mulpdu: 0,
        crc: false,
        markers_rx: false,
        markers_tx: false,
        ird: 0,
        ord: 0,
        send_cq: 0,
        recv_cq: 0,
        rq_log: 0,
        sq_log: 0,
        rq_iova: 0,
        sq_iova: 0,
        tid: 0,
        marker_phase: 0,
        send_mulpdu: 0,
        tx_start: 0,
    };
    if !set_attrs {
        let w = head.to_words().map_err(Error::block_arg)?;
        return Ok(w[..RdmaQpModifyArgs::MIN_WORDS].to_vec());
    }
    let tid = a.tid.ok_or(Error::arg("tid", ArgError::Missing))?;
    if a.mulpdu == 0 {
        return Err(Error::range("mulpdu", a.mulpdu, 1u16, u16::MAX));
    }
    // a READ REQUEST takes 46 bytes, a TERMINATE up to 70
    if a.send_mulpdu < MIN_SEND_MULPDU {
        return Err(Error::range(
            "send_mulpdu",
            a.send_mulpdu,
            MIN_SEND_MULPDU,
            u16::MAX,
        ));
    }
    let cq = |arg: &'static str, cq: u32| {
        u8::try_from(cq).map_err(|_| Error::range(arg, cq, 0u32, u8::MAX))
    };
    let log = |arg: &'static str, log: u32| match u8::try_from(log) {
        Ok(v) if (1..=MAX_LOG_DEPTH).contains(&log) => Ok(v),
        _ => Err(Error::range(arg, log, 1u32, MAX_LOG_DEPTH)),
    };
    // ibv max_qp_rd_atom: the RDMA Reads the hardware answers at once
    if u32::from(a.ird) > MAX_IRD {
        return Err(Error::range("ird", a.ird, 0u32, MAX_IRD));
    }
    // ibv max_qp_init_rd_atom: the RDMA Reads it keeps outstanding
    if u32::from(a.ord) > MAX_ORD {
        return Err(Error::range("ord", a.ord, 0u32, MAX_ORD));
    }
    let args = RdmaQpModifyArgs {
        set_attrs: true,
        pd: r.pd,
        mulpdu: a.mulpdu,
        crc: a.crc,
        markers_rx: a.markers_rx,
        markers_tx: a.markers_tx,
        ird: a.ird,
        ord: a.ord,
        send_cq: cq("send_cq", r.send_cq)?,
        recv_cq: cq("recv_cq", r.recv_cq)?,
        rq_log: log("rq_log", r.rq_log)?,
        sq_log: log("sq_log", r.sq_log)?,
        rq_iova: r.rq_iova,
        sq_iova: r.sq_iova,
        tid: u16::try_from(tid).map_err(|_| Error::range("tid", tid, 0u16, u16::MAX))?,
        // the block refuses a phase above 511
        marker_phase: a.marker_phase,
        send_mulpdu: a.send_mulpdu,
        tx_start: a.tx_start,
        ..head
    };
    Ok(args.to_words().map_err(Error::block_arg)?.to_vec())
}

/// Why a QP entered ERROR: the Terminate it sent or received (RFC 5040
/// §7, `qp_error_info`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QpError {
    /// PEER (received) or HARDWARE (ours, sent); the raw value if unknown.
    pub origin: std::result::Result<CplTermOrigin, u8>,
    /// The layer that detected the error; the raw value if unknown.
    pub layer: std::result::Result<TermLayer, u8>,
    /// Terminate error type (its meaning depends on the layer).
    pub etype: u8,
    /// Terminate error code (its meaning depends on layer and type).
    pub ecode: u8,
}

impl QpError {
    /// Decodes a `qp_error_info` word (QP_QUERY RSP1, QP_ERROR event
    /// data); `None` when it is zero (no Terminate).
    pub fn from_word(w: u32) -> Option<QpError> {
        if w == 0 {
            return None;
        }
        let i = QpErrorInfo::from_bytes(&w.to_le_bytes());
        Some(QpError {
            origin: CplTermOrigin::try_from(i.origin),
            layer: TermLayer::try_from(i.layer & 0xf),
            etype: i.etype & 0xf,
            ecode: i.ecode,
        })
    }
}

impl std::fmt::Display for QpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let origin = match self.origin {
            Ok(CplTermOrigin::Peer) => "received from the peer".to_string(),
            Ok(CplTermOrigin::Hardware) => "sent by this NIC".to_string(),
            Ok(o) => format!("origin {}", o.name()),
            Err(v) => format!("origin {v:#x}"),
        };
        let layer = match self.layer {
            Ok(l) => l.name().to_string(),
            Err(v) => format!("{v:#x}"),
        };
        write!(
            f,
            "Terminate {origin}: layer {layer}, error type {:#x}, code {:#04x}",
            self.etype, self.ecode
        )
    }
}

/// A QP_ERROR event (on event queue 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QpErrorEvent {
    /// The QP that entered ERROR.
    pub qp_num: u32,
    /// The Terminate, if one was sent or received (`None`: the stream
    /// failed).
    pub error: Option<QpError>,
}

impl QpErrorEvent {
    /// The QP_ERROR event `ev` is; `None` for any other event.
    pub fn from_event(ev: &Event) -> Option<QpErrorEvent> {
        (ev.kind == Ok(EqeType::QpError)).then(|| QpErrorEvent {
            qp_num: u32::from(ev.source),
            error: QpError::from_word(ev.data),
        })
    }
}

/// An SQ_DRAINED event (on event queue 0, IBV_EVENT_SQ_DRAINED): the QP,
/// moved to SQD, has no send work request in progress any more. Every
/// one it had taken has completed (its CQE handed to the send CQ) and no
/// RDMA Read is outstanding; the work requests posted after the drain
/// wait for RTS. One event per entry into SQD.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SqDrainedEvent {
    /// The QP in SQD.
    pub qp_num: u32,
}

impl SqDrainedEvent {
    /// The SQ_DRAINED event `ev` is; `None` for any other event.
    pub fn from_event(ev: &Event) -> Option<SqDrainedEvent> {
        (ev.kind == Ok(EqeType::SqDrained)).then(|| SqDrainedEvent {
            qp_num: u32::from(ev.source),
        })
    }
}

/// What QP_QUERY tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QpInfo {
    /// The hardware's state of the QP.
    pub state: QpState,
    /// Why it entered ERROR, if a Terminate was sent or received.
    pub error: Option<QpError>,
    /// Receive-queue consumer index (15:0 of the free-running index).
    pub rq_ci: u16,
    /// Receive-queue producer index as the hardware has it.
    pub rq_pi: u16,
    /// Messages received.
    pub messages_received: u32,
}

impl QpInfo {
    pub(super) fn decode(rsp: &[u32; RdmaQpQueryRsp::WORDS]) -> Result<QpInfo> {
        let r = RdmaQpQueryRsp::from_words(rsp).map_err(Error::answer)?;
        Ok(QpInfo {
            state: r.state,
            error: QpError::from_word(r.error),
            rq_ci: r.rq_ci,
            rq_pi: r.rq_pi,
            messages_received: r.rx_msgs,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qp_transitions() {
        use QpState::*;
        let run = Transition::Run { set_attrs: false };
        assert_eq!(
            transition(Reset, Init, true).ok(),
            Some(Transition::Run { set_attrs: true })
        );
        assert!(transition(Reset, Init, false).is_err());
        for (a, b) in [
            (Init, Rtr),
            (Init, Rts),
            (Rtr, Rts),
            (Rts, Sqd),
            (Sqd, Rts),
            (Error, Reset),
            (Reset, Error),
            (Sqe, Error),
            (Rts, Error),
        ] {
            assert_eq!(transition(a, b, false).ok(), Some(run), "{a:?} -> {b:?}");
            assert!(
                transition(a, b, true).is_err(),
                "{a:?} -> {b:?} with attributes"
            );
        }
        for s in QpState::ALL {
            assert_eq!(transition(*s, *s, false).ok(), Some(Transition::NoOp));
        }
        for (a, b) in [
            (Reset, Rtr),
            (Reset, Rts),
            (Init, Reset),
            (Rtr, Init),
            (Rts, Rtr),
            (Rts, Reset),
            (Error, Init),
            (Sqe, Rts),
            (Rts, Sqe),
            (Init, Sqd),
        ] {
            assert!(transition(a, b, false).is_err(), "{a:?} -> {b:?}");
        }
    }

    fn res() -> QpResources {
        QpResources {
            pd: 0x0102,
            send_cq: 3,
            recv_cq: 4,
            rq_log: 8,
            sq_log: 6,
            rq_iova: 0x0000_0001_0020_0000,
            sq_iova: 0x0000_0002_0030_0000,
        }
    }

    #[test]
    fn qp_modify_words() {
        let a = QpAttrs::init(0x2a)
            .mulpdu(1000)
            .ird(4)
            .ord(2)
            .markers(true)
            .marker_phase(0x1ff);
        let w = qp_modify_args(5, &a, true, &res()).expect("valid");
        assert_eq!(
            w,
            vec![
                5,
                0x101,
                0x0102,
                0x0407_03e8, // IRD 4, markers both ways, CRC, MULPDU 1000
                0x6804_0302, // SQ 2^6, RQ 2^8, recv CQ 4, send CQ 3, ORD 2
                0x0020_0000,
                1,
                0x0030_0000,
                2,
                0x2a,
                0x1ff,
                u32::from(mulpdu_for_mss(1460, false)),
                0,
            ]
        );
        assert_eq!(
            mulpdu_for_mss(1460, false),
            1454,
            "2 + 1454 + 4 = 1460, no pad"
        );
        assert_eq!(mulpdu_for_mss(8960, false), 8954);
        let rtr = qp_modify_args(5, &QpAttrs::new(QpState::Rtr), false, &res()).expect("valid");
        assert_eq!(rtr, vec![5, 2]);
        let d = qp_modify_args(0, &QpAttrs::init(1), true, &res()).expect("valid");
        assert_eq!(d[3], 0x0001_ffff, "CRC on, no markers, IRD 0");
        assert_eq!(d[4] & 0xff, 0, "ORD 0");
        assert!(qp_modify_args(0, &QpAttrs::new(QpState::Init).crc(true), true, &res()).is_err());
        assert!(qp_modify_args(0, &QpAttrs::init(1).mulpdu(0), true, &res()).is_err());
        assert!(
            matches!(
                qp_modify_args(0, &QpAttrs::init(1).marker_phase(512), true, &res()),
                Err(Error::InvalidArgument {
                    arg: "marker_phase",
                    reason: ArgError::OutOfRange {
                        got: 512,
                        min: 0,
                        max: 511
                    }
                })
            ),
            "the block's 9 bits bound the phase"
        );
        assert!(qp_modify_args(0, &QpAttrs::init(0x1_0000), true, &res()).is_err());
        assert!(qp_modify_args(0, &QpAttrs::init(1).ird(16), true, &res()).is_ok());
        assert!(
            matches!(
                qp_modify_args(0, &QpAttrs::init(1).ird(17), true, &res()),
                Err(Error::InvalidArgument {
                    arg: "ird",
                    reason: ArgError::OutOfRange { got: 17, min: 0, max }
                }) if max == u64::from(MAX_IRD)
            ),
            "IRD above MAX_IRD"
        );
        assert!(qp_modify_args(0, &QpAttrs::init(1).ord(16), true, &res()).is_ok());
        assert!(
            matches!(
                qp_modify_args(0, &QpAttrs::init(1).ord(17), true, &res()),
                Err(Error::InvalidArgument {
                    arg: "ord",
                    reason: ArgError::OutOfRange { got: 17, min: 0, max }
                }) if max == u64::from(MAX_ORD)
            ),
            "ORD above MAX_ORD"
        );
        let big_cq = QpResources {
            recv_cq: 256,
            ..res()
        };
        assert!(qp_modify_args(0, &QpAttrs::init(1), true, &big_cq).is_err());
    }

    #[test]
    fn attrs_from_mpa() {
        let p = RdmaParams {
            revision: crate::mpa::Revision::V2,
            crc: false,
            markers_tx: false,
            markers_rx: false,
            ird: 16,
            ord: 8,
            rtr: crate::mpa::RtrRole::None,
            await_first_fpdu: false,
        };
        let a = QpAttrs::from_rdma_params(9, &p).expect("fits");
        assert_eq!(a, QpAttrs::init(9).crc(false).ird(16).ord(8));
        assert!(QpAttrs::from_rdma_params(9, &RdmaParams { ird: 256, ..p }).is_err());
        // markers settle per direction
        let one = QpAttrs::from_rdma_params(
            9,
            &RdmaParams {
                markers_rx: true,
                ..p
            },
        )
        .expect("markers on receive only");
        assert_eq!(
            one,
            QpAttrs::init(9).crc(false).ird(16).ord(8).markers_rx(true)
        );
        let w = qp_modify_args(0, &one, true, &res()).expect("valid");
        assert_eq!(
            w[3] & 0x0006_0000,
            0x0002_0000,
            "bit 17 receive, bit 18 transmit"
        );
    }

    #[test]
    fn qp_error_words_and_events() {
        assert_eq!(QpError::from_word(0), None);
        // origin PEER, layer DDP (1), etype 2, ecode 0x05
        let e = QpError::from_word(0x0101_0205).expect("error");
        assert_eq!(
            e,
            QpError {
                origin: Ok(CplTermOrigin::Peer),
                layer: Ok(TermLayer::Ddp),
                etype: 2,
                ecode: 5
            }
        );
        assert!(e.to_string().contains("DDP"));
        let h = QpError::from_word(0x0202_0001).expect("error");
        assert_eq!(h.origin, Ok(CplTermOrigin::Hardware));
        assert_eq!(h.layer, Ok(TermLayer::Llp));
        let ev = Event {
            kind: Ok(EqeType::QpError),
            source: 12,
            data: 0x0101_0205,
            timestamp: 0,
        };
        assert_eq!(
            QpErrorEvent::from_event(&ev),
            Some(QpErrorEvent {
                qp_num: 12,
                error: Some(e)
            })
        );
        let other = Event {
            kind: Ok(EqeType::CqCompletion),
            ..ev
        };
        assert_eq!(QpErrorEvent::from_event(&other), None);
        let drained = Event {
            kind: Ok(EqeType::SqDrained),
            data: 0,
            ..ev
        };
        assert_eq!(
            SqDrainedEvent::from_event(&drained),
            Some(SqDrainedEvent { qp_num: 12 })
        );
        assert_eq!(SqDrainedEvent::from_event(&ev), None);
    }
}
