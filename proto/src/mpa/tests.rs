//! Host-side tests of the MPA codec and endpoint: golden frames from a real
//! Linux siw capture, each state's transitions with an explicit clock,
//! every bad input, exact consumption under every segmentation, and two
//! endpoints talking to each other.

extern crate std;

use std::format;
use std::vec;
use std::vec::Vec;

use proptest::prelude::*;

use super::*;

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex digit"))
        .collect()
}

// From captures of two Linux soft-iWARP (siw) peers: rping's MPA
// request and reply with the CRC on (flags C | enhanced) and off (enhanced
// only), revision 2, IRD 1, ORD 1; ib_read_bw's request, IRD and ORD 128;
// and an FPDU of the responder (an RDMA Read Request), put after a reply
// to check that nothing after the frame is taken.
const SIW_REQ_CRC: &str = "4d504120494420526571204672616d655002000400010001";
const SIW_REP_CRC: &str = "4d504120494420526570204672616d655002000400010001";
const SIW_REQ_NOCRC: &str = "4d504120494420526571204672616d651002000400010001";
const SIW_REP_NOCRC: &str = "4d504120494420526570204672616d651002000400010001";
const SIW_REQ_128: &str = "4d504120494420526571204672616d655002000400800080";
const SIW_FIRST_FPDU: &str = "002e414100000000000000010000000100000000613c59000000557c526d77900000006443d70b00000055bed457de30e0cedb1e";

const T: u64 = 1_000;

fn cfg(revision: Revision) -> Config {
    Config {
        revision,
        crc: CrcPolicy::Allowed,
        markers: MarkerPolicy::Allowed,
        rtr: RtrSet::ALL,
        timeout: T,
    }
}

fn connect(pd: &[u8], ird: u16, ord: u16, p2p: bool) -> ConnectParams<'_> {
    ConnectParams {
        private_data: pd,
        ird,
        ord,
        p2p,
    }
}

fn accept(pd: &[u8], ird: u16, ord: u16) -> AcceptParams<'_> {
    AcceptParams {
        private_data: pd,
        ird,
        ord,
    }
}

/// An owned copy of an output, for comparisons after the endpoint moves
/// on.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Act {
    Send(Vec<u8>),
    Rdma(RdmaParams),
    Terminate(TermEcodeLlp),
    Close,
    Abort,
    ConnectRequest {
        revision: Revision,
        crc: bool,
        markers: bool,
        ird_ord: Option<IrdOrd>,
        pd: Vec<u8>,
    },
    Established(RdmaParams, Vec<u8>),
    PeerRejected(Vec<u8>),
    NonPeerRejected(MpaError),
    TimedOut,
    Unreachable,
    ConnectError(MpaError),
}

fn own(out: &Output<'_>) -> (usize, Vec<Act>) {
    let acts = out
        .actions()
        .map(|a| match *a {
            Action::SendBytes(b) => Act::Send(b.to_vec()),
            Action::EnterRdmaMode(p) => Act::Rdma(p),
            Action::SendTerminate(c) => Act::Terminate(c),
            Action::Close => Act::Close,
            Action::Abort => Act::Abort,
            Action::Event(e) => match e {
                Event::ConnectRequest(r) => Act::ConnectRequest {
                    revision: r.revision,
                    crc: r.crc,
                    markers: r.markers,
                    ird_ord: r.ird_ord,
                    pd: r.private_data.to_vec(),
                },
                Event::Established {
                    params,
                    private_data,
                } => Act::Established(params, private_data.to_vec()),
                Event::PeerRejected { private_data } => Act::PeerRejected(private_data.to_vec()),
                Event::NonPeerRejected(e) => Act::NonPeerRejected(e),
                Event::TimedOut => Act::TimedOut,
                Event::Unreachable => Act::Unreachable,
                Event::ConnectError(e) => Act::ConnectError(e),
            },
        })
        .collect();
    (out.consumed(), acts)
}

fn step(ep: &mut Endpoint, now: u64, input: Input<'_>) -> (usize, Vec<Act>) {
    let out = ep
        .handle(now, input)
        .expect("wire and TCP inputs never fail");
    own(&out)
}

fn frame_bytes(f: &Frame<'_>) -> Vec<u8> {
    let mut buf = [0u8; MAX_FRAME_LEN];
    let n = f.emit(&mut buf).expect("emit");
    buf[..n].to_vec()
}

fn reply<'a>(pd: &'a [u8], ird_ord: Option<IrdOrd>) -> Frame<'a> {
    Frame {
        kind: FrameKind::Reply,
        markers: false,
        crc: false,
        reject: false,
        revision: if ird_ord.is_some() {
            Revision::V2
        } else {
            Revision::V1
        },
        ird_ord,
        private_data: pd,
    }
}

fn request<'a>(pd: &'a [u8], ird_ord: Option<IrdOrd>) -> Frame<'a> {
    Frame {
        kind: FrameKind::Request,
        ..reply(pd, ird_ord)
    }
}

fn io(ird: u16, ord: u16) -> IrdOrd {
    IrdOrd {
        ird,
        ord,
        p2p: false,
        rtr: RtrSet::NONE,
    }
}

fn p2p(ird: u16, ord: u16, rtr: RtrSet) -> IrdOrd {
    IrdOrd {
        ird,
        ord,
        p2p: true,
        rtr,
    }
}

// ---------------------------------------------------------------- codec

#[test]
fn siw_frames_parse() {
    for (s, kind, crc, ird_ord) in [
        (SIW_REQ_CRC, FrameKind::Request, true, io(1, 1)),
        (SIW_REP_CRC, FrameKind::Reply, true, io(1, 1)),
        (SIW_REQ_NOCRC, FrameKind::Request, false, io(1, 1)),
        (SIW_REP_NOCRC, FrameKind::Reply, false, io(1, 1)),
        (SIW_REQ_128, FrameKind::Request, true, io(128, 128)),
    ] {
        let b = hex(s);
        let (f, n) = Frame::parse(&b).expect("siw frame");
        assert_eq!(n, 24);
        assert_eq!(f.kind, kind);
        assert_eq!((f.markers, f.crc, f.reject), (false, crc, false));
        assert_eq!(f.revision, Revision::V2);
        assert_eq!(f.ird_ord, Some(ird_ord));
        assert!(f.private_data.is_empty());
        assert_eq!(frame_bytes(&f), b, "emit gives siw's bytes back");
    }
}

#[test]
fn frame_layout_by_hand() {
    // RFC 5044 §7.1 / RFC 6581: reply, M and R clear, C set, revision 2,
    // P2P with the zero-length Read RTR, IRD 5, ORD 3, then "ok".
    let f = Frame {
        kind: FrameKind::Reply,
        markers: false,
        crc: true,
        reject: false,
        revision: Revision::V2,
        ird_ord: Some(p2p(5, 3, RtrSet::only(Rtr::Read))),
        private_data: b"ok",
    };
    let b = frame_bytes(&f);
    let mut want = Vec::from(&KEY_REP[..]);
    want.extend_from_slice(&[0x50, 2, 0, 6, 0x80, 5, 0x40, 3, b'o', b'k']);
    assert_eq!(b, want);
    assert_eq!(Frame::parse(&b), Ok((f, 26)));

    // The other RTR bits: B in the IRD word, C in the ORD word.
    for (r, ird_hi, ord_hi) in [(Rtr::Send, 0xc0, 0x00), (Rtr::Write, 0x80, 0x80)] {
        let f = Frame {
            ird_ord: Some(p2p(0, 0, RtrSet::only(r))),
            private_data: b"",
            ..f
        };
        let b = frame_bytes(&f);
        assert_eq!(&b[20..], &[ird_hi, 0, ord_hi, 0]);
        assert_eq!(Frame::parse(&b).map(|(g, _)| g), Ok(f));
    }

    // Revision 1 with M, C and R: flags 0xe0, the private data as is.
    let f = Frame {
        kind: FrameKind::Request,
        markers: true,
        crc: true,
        reject: true,
        revision: Revision::V1,
        ird_ord: None,
        private_data: &[9; 512],
    };
    let b = frame_bytes(&f);
    assert_eq!(b.len(), 532);
    assert_eq!(&b[16..20], &[0xe0, 1, 2, 0]);
    assert_eq!(Frame::parse(&b), Ok((f, 532)));
}

#[test]
fn reserved_bits_are_not_checked() {
    // RFC 5044 §7.1: Res is not checked on reception; in revision 1 the
    // enhanced bit is one of them, so the private data stays whole.
    let mut b = hex(SIW_REQ_CRC);
    b[16] = 0x4f;
    b[17] = 1;
    let (f, _) = Frame::parse(&b).expect("reserved bits ignored");
    assert_eq!(f.ird_ord, None);
    assert_eq!(f.private_data, &[0, 1, 0, 1]);
    assert!(f.crc);
    b[16] = 0x5f;
    b[17] = 2;
    let (f, _) = Frame::parse(&b).expect("reserved bits ignored");
    assert_eq!(f.ird_ord, Some(io(1, 1)));
}

#[test]
fn codec_errors() {
    let good = hex(SIW_REQ_CRC);
    let mut b = good.clone();
    b[3] = b'X';
    assert_eq!(Frame::parse(&b), Err(FrameError::BadKey));
    for rev in [0u8, 3, 0xff] {
        let mut b = good.clone();
        b[17] = rev;
        assert_eq!(Frame::parse(&b), Err(FrameError::BadRevision(rev)));
    }
    let mut b = good.clone();
    b[18..20].copy_from_slice(&513u16.to_be_bytes());
    b.resize(20 + 513, 0);
    assert_eq!(Frame::parse(&b), Err(FrameError::PrivateDataTooLong(513)));
    for pd in 0..IRD_ORD_LEN {
        let mut b = good[..20 + pd].to_vec();
        b[19] = pd as u8;
        assert_eq!(Frame::parse(&b), Err(FrameError::MissingIrdOrd), "pd {pd}");
    }
    assert_eq!(Frame::parse(&good[..23]), Err(FrameError::Truncated));
    assert_eq!(Frame::parse(&good[..19]), Err(FrameError::Truncated));

    let mut out = [0u8; MAX_FRAME_LEN];
    let f = request(&[0; 509], Some(io(1, 1)));
    assert_eq!(f.emit(&mut out), Err(FrameError::PrivateDataTooLong(513)));
    let f = request(&[], Some(io(0x4000, 1)));
    assert_eq!(f.emit(&mut out), Err(FrameError::IrdOrdOutOfRange));
    let f = Frame {
        revision: Revision::V1,
        ..request(&[], Some(io(1, 1)))
    };
    assert_eq!(f.emit(&mut out), Err(FrameError::IrdOrdNeedsV2));
    let f = request(b"abc", None);
    assert_eq!(f.emit(&mut out[..22]), Err(FrameError::BufferTooSmall));
}

#[test]
fn rtr_sets() {
    assert_eq!(RtrSet::ALL.preferred(), Some(Rtr::Write));
    assert_eq!(
        RtrSet::only(Rtr::Send).with(Rtr::Read).preferred(),
        Some(Rtr::Read)
    );
    assert_eq!(RtrSet::only(Rtr::Send).preferred(), Some(Rtr::Send));
    assert_eq!(RtrSet::NONE.preferred(), None);
    assert_eq!(RtrSet::ALL.len(), 3);
    assert!(RtrSet::only(Rtr::Read)
        .intersect(RtrSet::only(Rtr::Write))
        .is_empty());
}

// --------------------------------------------------- incremental receive

/// Feeds `stream` to a receiver in the given pieces; returns the octets
/// taken in all and the outcome.
fn feed_pieces(stream: &[u8], cuts: &[usize]) -> (usize, Option<Feed>) {
    let mut buf = [0u8; MAX_FRAME_LEN];
    let mut rx = Receiver::new();
    let mut taken = 0;
    let mut at = 0;
    let mut last = None;
    for &end in cuts.iter().chain(core::iter::once(&stream.len())) {
        let piece = &stream[at..end];
        let (used, feed) = rx.feed(&mut buf, piece);
        assert!(used <= piece.len());
        taken += used;
        if last.is_some() {
            assert_eq!((used, feed), (0, Feed::NeedMore), "nothing after the end");
        } else if feed != Feed::NeedMore {
            last = Some(feed);
        } else {
            assert_eq!(used, piece.len(), "an incomplete frame takes all");
        }
        at = end;
    }
    (taken, last)
}

#[test]
fn every_single_split_consumes_exactly_the_frame() {
    let pd: Vec<u8> = (0..300u16).map(|i| i as u8).collect();
    let frames = [
        hex(SIW_REP_CRC),
        frame_bytes(&reply(&pd, Some(io(7, 9)))),
        frame_bytes(&reply(&[], None)),
    ];
    let fpdu = hex(SIW_FIRST_FPDU);
    for frame in &frames {
        let mut stream = frame.clone();
        stream.extend_from_slice(&fpdu);
        for cut in 0..=stream.len() {
            let (taken, feed) = feed_pieces(&stream, &[cut]);
            assert_eq!(taken, frame.len(), "cut at {cut}");
            assert!(matches!(feed, Some(Feed::Complete(_))));
        }
        // One octet at a time.
        let cuts: Vec<usize> = (1..stream.len()).collect();
        assert_eq!(feed_pieces(&stream, &cuts).0, frame.len());
    }
}

#[test]
fn header_errors_are_found_before_the_private_data() {
    let mut b = hex(SIW_REQ_CRC);
    b[18..20].copy_from_slice(&600u16.to_be_bytes());
    let mut buf = [0u8; MAX_FRAME_LEN];
    let mut rx = Receiver::new();
    assert_eq!(rx.feed(&mut buf, &b[..19]), (19, Feed::NeedMore));
    assert_eq!(
        rx.feed(&mut buf, &b[19..]),
        (1, Feed::Invalid(FrameError::PrivateDataTooLong(600)))
    );
    assert_eq!(rx.feed(&mut buf, &b[20..]), (0, Feed::NeedMore));
}

proptest! {
    #[test]
    fn any_segmentation_consumes_exactly_the_frame(
        pd in proptest::collection::vec(any::<u8>(), 0..=MAX_PRIVATE_DATA_V2),
        v2 in any::<bool>(),
        trailer in proptest::collection::vec(any::<u8>(), 0..64),
        mut cuts in proptest::collection::vec(0usize..700, 0..12),
    ) {
        let f = reply(&pd, v2.then(|| io(3, 4)));
        let frame = frame_bytes(&f);
        let mut stream = frame.clone();
        stream.extend_from_slice(&trailer);
        for c in cuts.iter_mut() {
            *c %= stream.len() + 1;
        }
        cuts.sort_unstable();
        let (taken, feed) = feed_pieces(&stream, &cuts);
        prop_assert_eq!(taken, frame.len());
        prop_assert!(matches!(feed, Some(Feed::Complete(_))));

        // The same through an initiator: the reply's private data comes
        // out whole and the trailer is left alone.
        let mut ep = Endpoint::active(cfg(Revision::V2), connect(b"", 4, 3, false))
            .expect("connect");
        step(&mut ep, 0, Input::TcpEstablished);
        let mut at = 0;
        let mut taken = 0;
        let mut pd_out = None;
        for &end in cuts.iter().chain(core::iter::once(&stream.len())) {
            let (n, acts) = step(&mut ep, 1, Input::Received(&stream[at..end]));
            taken += n;
            for a in acts {
                if let Act::Established(_, got) = a {
                    pd_out = Some(got);
                }
            }
            at = end;
        }
        prop_assert_eq!(taken, frame.len());
        prop_assert_eq!(pd_out, Some(pd.clone()));
        prop_assert_eq!(ep.state(), State::FpduMode);
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600), role in any::<bool>()) {
        let mut ep = if role {
            Endpoint::active(cfg(Revision::V2), connect(b"x", 1, 1, true)).expect("connect")
        } else {
            Endpoint::passive(cfg(Revision::V2))
        };
        step(&mut ep, 0, Input::TcpEstablished);
        let (n, _) = step(&mut ep, 1, Input::Received(&bytes));
        prop_assert!(n <= bytes.len());
        if ep.state() == State::MpaReqRcvd {
            prop_assert!(ep.handle(2, Input::Accept(accept(b"", 1, 1))).is_ok());
        }
    }
}

proptest! {
    /// Frames with a valid key and any flags, revision and PD_Length, cut
    /// anywhere, to both roles: never more than the frame is taken, and
    /// nothing after the endpoint has decided.
    #[test]
    fn any_header_any_split(
        reply_key in any::<bool>(),
        flags in any::<u8>(),
        rev in 0u8..4,
        pd_len in 0u16..600,
        body in proptest::collection::vec(any::<u8>(), 0..700),
        mut cuts in proptest::collection::vec(0usize..800, 0..6),
        active in any::<bool>(),
    ) {
        let mut stream = Vec::from(if reply_key { &KEY_REP[..] } else { &KEY_REQ[..] });
        stream.push(flags);
        stream.push(rev);
        stream.extend_from_slice(&pd_len.to_be_bytes());
        stream.extend_from_slice(&body);
        let frame_len = 20 + usize::from(pd_len);
        for c in cuts.iter_mut() {
            *c %= stream.len() + 1;
        }
        cuts.sort_unstable();
        let mut ep = if active {
            Endpoint::active(cfg(Revision::V2), connect(b"", 2, 2, true)).expect("connect")
        } else {
            Endpoint::passive(cfg(Revision::V2))
        };
        step(&mut ep, 0, Input::TcpEstablished);
        let (mut at, mut taken) = (0, 0);
        for &end in cuts.iter().chain(core::iter::once(&stream.len())) {
            let was_final = ep.state().is_final() || ep.state() == State::MpaReqRcvd;
            let (n, _) = step(&mut ep, 1, Input::Received(&stream[at..end]));
            if was_final {
                prop_assert_eq!(n, 0);
            }
            taken += n;
            at = end;
        }
        prop_assert!(taken <= frame_len.min(stream.len()));
        if stream.len() >= frame_len {
            // The header decides at 20 octets; a valid header waits for the
            // whole frame.
            prop_assert!(taken == 20 || taken == frame_len, "taken {}", taken);
            prop_assert!(ep.state() != State::MpaSent && ep.state() != State::MpaReqWait);
        }
    }
}

// ---------------------------------------------------------- active side

fn active_sent(cfg: Config, p: ConnectParams<'_>) -> (Endpoint, Vec<u8>) {
    let mut ep = Endpoint::active(cfg, p).expect("connect");
    assert_eq!(ep.state(), State::Connecting);
    assert_eq!(ep.poll_at(), None);
    let (n, acts) = step(&mut ep, 100, Input::TcpEstablished);
    assert_eq!(n, 0);
    let [Act::Send(req)] = &acts[..] else {
        panic!("expected the request alone: {acts:?}");
    };
    assert_eq!(ep.state(), State::MpaSent);
    assert_eq!(ep.poll_at(), Some(100 + T));
    (ep, req.clone())
}

#[test]
fn active_request_is_siws() {
    let c = Config {
        crc: CrcPolicy::Required,
        ..cfg(Revision::V2)
    };
    let (_, req) = active_sent(c, connect(b"", 1, 1, false));
    assert_eq!(req, hex(SIW_REQ_CRC));
    let (_, req) = active_sent(cfg(Revision::V2), connect(b"", 1, 1, false));
    assert_eq!(req, hex(SIW_REQ_NOCRC));
}

#[test]
fn active_request_contents() {
    let c = Config {
        markers: MarkerPolicy::Required,
        rtr: RtrSet::only(Rtr::Write).with(Rtr::Read),
        ..cfg(Revision::V2)
    };
    let (_, req) = active_sent(c, connect(b"hello", 16, 8, true));
    let (f, n) = Frame::parse(&req).expect("our request parses");
    assert_eq!(n, req.len());
    assert_eq!(f.kind, FrameKind::Request);
    assert!(f.markers && !f.crc && !f.reject);
    assert_eq!(
        f.ird_ord,
        Some(p2p(16, 8, RtrSet::only(Rtr::Write).with(Rtr::Read)))
    );
    assert_eq!(f.private_data, b"hello");

    let (_, req) = active_sent(cfg(Revision::V1), connect(b"v1", 16, 8, false));
    let (f, _) = Frame::parse(&req).expect("our request parses");
    assert_eq!(
        (f.revision, f.ird_ord, f.private_data),
        (Revision::V1, None, &b"v1"[..])
    );
}

#[test]
fn active_connecting_transitions() {
    let mk = || Endpoint::active(cfg(Revision::V2), connect(b"", 1, 1, false)).expect("connect");
    let mut ep = mk();
    assert_eq!(step(&mut ep, 0, Input::Received(b"early")), (0, Vec::new()));
    assert_eq!(step(&mut ep, 5_000, Input::Tick), (0, Vec::new()));
    assert_eq!(step(&mut ep, 0, Input::PeerClosed), (0, Vec::new()));
    assert_eq!(ep.state(), State::Connecting);
    for (why, ev) in [
        (TcpFailure::Refused, Act::NonPeerRejected(MpaError::Refused)),
        (TcpFailure::Unreachable, Act::Unreachable),
        (TcpFailure::Reset, Act::NonPeerRejected(MpaError::Reset)),
    ] {
        let mut ep = mk();
        assert_eq!(step(&mut ep, 0, Input::TcpFailed(why)), (0, vec![ev]));
        assert_eq!(ep.state(), State::Dead);
    }
    let mut ep = mk();
    assert_eq!(step(&mut ep, 0, Input::Abort), (0, vec![Act::Abort]));
    assert_eq!(ep.state(), State::Dead);
}

#[test]
fn active_connect_errors() {
    let v2 = cfg(Revision::V2);
    assert_eq!(
        Endpoint::active(v2, connect(&[0; 509], 1, 1, false)).err(),
        Some(UsageError::PrivateDataTooLong)
    );
    assert!(Endpoint::active(v2, connect(&[0; 508], 1, 1, false)).is_ok());
    assert!(Endpoint::active(cfg(Revision::V1), connect(&[0; 512], 1, 1, false)).is_ok());
    assert_eq!(
        Endpoint::active(cfg(Revision::V1), connect(&[0; 513], 1, 1, false)).err(),
        Some(UsageError::PrivateDataTooLong)
    );
    assert_eq!(
        Endpoint::active(v2, connect(b"", 0x4000, 1, false)).err(),
        Some(UsageError::IrdOrdOutOfRange)
    );
    assert_eq!(
        Endpoint::active(cfg(Revision::V1), connect(b"", 1, 1, true)).err(),
        Some(UsageError::PeerToPeerUnavailable)
    );
    let none = Config {
        rtr: RtrSet::NONE,
        ..v2
    };
    assert_eq!(
        Endpoint::active(none, connect(b"", 1, 1, true)).err(),
        Some(UsageError::PeerToPeerUnavailable)
    );
}

#[test]
fn active_timer() {
    let (mut ep, _) = active_sent(cfg(Revision::V2), connect(b"", 1, 1, false));
    assert_eq!(step(&mut ep, 100 + T - 1, Input::Tick), (0, Vec::new()));
    // Half a reply does not stop the timer.
    let rep = hex(SIW_REP_CRC);
    assert_eq!(
        step(&mut ep, 100 + T - 1, Input::Received(&rep[..10])).0,
        10
    );
    assert_eq!(
        step(&mut ep, 100 + T, Input::Tick),
        (0, vec![Act::Abort, Act::TimedOut])
    );
    assert_eq!(ep.state(), State::Dead);
    assert_eq!(ep.poll_at(), None);
    // Final: nothing more is taken or answered.
    assert_eq!(
        step(&mut ep, 100 + T, Input::Received(&rep[10..])),
        (0, Vec::new())
    );
    assert_eq!(
        ep.handle(0, Input::Accept(accept(b"", 1, 1))).err(),
        Some(UsageError::BadState)
    );
}

#[test]
fn active_accepted_by_siw_reply() {
    let c = Config {
        crc: CrcPolicy::Required,
        ..cfg(Revision::V2)
    };
    let (mut ep, _) = active_sent(c, connect(b"", 1, 1, false));
    let mut stream = hex(SIW_REP_CRC);
    stream.extend_from_slice(&hex(SIW_FIRST_FPDU));
    let params = RdmaParams {
        revision: Revision::V2,
        crc: true,
        markers_tx: false,
        markers_rx: false,
        ird: 1,
        ord: 1,
        rtr: RtrRole::None,
        await_first_fpdu: false,
    };
    let (n, acts) = step(&mut ep, 200, Input::Received(&stream));
    assert_eq!(n, 24, "the FPDU after the reply is not taken");
    assert_eq!(
        acts,
        vec![Act::Rdma(params), Act::Established(params, Vec::new())]
    );
    assert_eq!(ep.state(), State::FpduMode);
    assert_eq!(ep.negotiated(), Some(params));
    assert_eq!(ep.poll_at(), None);
    assert_eq!(
        step(&mut ep, 201, Input::Received(&stream[24..])),
        (0, Vec::new())
    );
    assert_eq!(step(&mut ep, 100 + 2 * T, Input::Tick), (0, Vec::new()));
}

/// Runs an initiator with `c` and `p` against the reply `rep`.
fn active_vs(c: Config, p: ConnectParams<'_>, rep: &[u8]) -> (Endpoint, usize, Vec<Act>) {
    let (mut ep, _) = active_sent(c, p);
    let (n, acts) = step(&mut ep, 300, Input::Received(rep));
    (ep, n, acts)
}

#[test]
fn active_negotiation() {
    let v2 = cfg(Revision::V2);
    // CRC: either C bit (RFC 5044 §7.1).
    let rep = frame_bytes(&Frame {
        crc: true,
        ..reply(b"", Some(io(4, 4)))
    });
    let (_, _, acts) = active_vs(v2, connect(b"", 4, 4, false), &rep);
    assert!(matches!(acts[0], Act::Rdma(p) if p.crc));
    let rep = frame_bytes(&reply(b"", Some(io(4, 4))));
    let (_, _, acts) = active_vs(v2, connect(b"", 4, 4, false), &rep);
    assert!(matches!(acts[0], Act::Rdma(p) if !p.crc));
    let req_crc = Config {
        crc: CrcPolicy::Required,
        ..v2
    };
    let (_, _, acts) = active_vs(req_crc, connect(b"", 4, 4, false), &rep);
    assert!(matches!(acts[0], Act::Rdma(p) if p.crc));

    // Markers: each direction by the receiver's M bit.
    let rep_m = frame_bytes(&Frame {
        markers: true,
        ..reply(b"", Some(io(4, 4)))
    });
    let (_, _, acts) = active_vs(v2, connect(b"", 4, 4, false), &rep_m);
    assert!(matches!(acts[0], Act::Rdma(p) if p.markers_tx && !p.markers_rx));
    let want_m = Config {
        markers: MarkerPolicy::Required,
        ..v2
    };
    let (_, _, acts) = active_vs(want_m, connect(b"", 4, 4, false), &rep);
    assert!(matches!(acts[0], Act::Rdma(p) if !p.markers_tx && p.markers_rx));

    // ORD cut to the responder's IRD; IRD kept.
    let rep = frame_bytes(&reply(b"pd", Some(io(2, 3))));
    let (ep, n, acts) = active_vs(v2, connect(b"", 8, 16, false), &rep);
    assert_eq!(n, rep.len());
    let p = ep.negotiated().expect("negotiated");
    assert_eq!((p.ird, p.ord), (8, 2));
    assert_eq!(acts[1], Act::Established(p, b"pd".to_vec()));

    // Peer-to-peer: the responder's single choice among ours.
    for r in [Rtr::Send, Rtr::Write, Rtr::Read] {
        let rep = frame_bytes(&reply(b"", Some(p2p(4, 4, RtrSet::only(r)))));
        let (ep, _, _) = active_vs(v2, connect(b"", 4, 4, true), &rep);
        assert_eq!(ep.state(), State::FpduMode);
        assert_eq!(ep.negotiated().map(|p| p.rtr), Some(RtrRole::Send(r)));
    }
    // P2P in a reply to a client-server request is ignored.
    let rep = frame_bytes(&reply(b"", Some(p2p(4, 4, RtrSet::only(Rtr::Write)))));
    let (ep, _, _) = active_vs(v2, connect(b"", 4, 4, false), &rep);
    assert_eq!(ep.negotiated().map(|p| p.rtr), Some(RtrRole::None));

    // Revision 1 both ways: the host's IRD/ORD as given.
    let (ep, _, _) = active_vs(
        cfg(Revision::V1),
        connect(b"", 7, 9, false),
        &frame_bytes(&reply(b"", None)),
    );
    let p = ep.negotiated().expect("negotiated");
    assert_eq!((p.revision, p.ird, p.ord), (Revision::V1, 7, 9));

    // A revision 1 reply to a revision 2 request: no IRD/ORD agreed, ours
    // kept.
    let rep = frame_bytes(&reply(b"v1", None));
    let (ep, _, acts) = active_vs(v2, connect(b"", 5, 6, false), &rep);
    let p = ep.negotiated().expect("negotiated");
    assert_eq!((p.revision, p.ird, p.ord), (Revision::V1, 5, 6));
    assert_eq!(acts[1], Act::Established(p, b"v1".to_vec()));
}

#[test]
fn active_peer_rejected() {
    let rep = frame_bytes(&Frame {
        reject: true,
        ..reply(b"go away", Some(io(0, 0)))
    });
    let (ep, n, acts) = active_vs(cfg(Revision::V2), connect(b"", 1, 1, false), &rep);
    assert_eq!(n, rep.len());
    assert_eq!(
        acts,
        vec![Act::Close, Act::PeerRejected(b"go away".to_vec())]
    );
    assert_eq!(ep.state(), State::Closing);
    assert_eq!(ep.negotiated(), None);
}

#[test]
fn active_bad_replies() {
    let v2 = cfg(Revision::V2);
    let good = hex(SIW_REP_CRC);
    let abort = |e| vec![Act::Abort, Act::NonPeerRejected(e)];

    let mut b = good.clone();
    b[0] = b'm';
    let (ep, n, acts) = active_vs(v2, connect(b"", 1, 1, false), &b);
    assert_eq!((n, acts), (20, abort(MpaError::BadKey)));
    assert_eq!(ep.state(), State::Dead);

    let b = hex(SIW_REQ_CRC);
    let (_, _, acts) = active_vs(v2, connect(b"", 1, 1, false), &b);
    assert_eq!(acts, abort(MpaError::UnexpectedKey));

    let mut b = good.clone();
    b[17] = 3;
    let (_, n, acts) = active_vs(v2, connect(b"", 1, 1, false), &b);
    assert_eq!((n, acts), (20, abort(MpaError::BadRevision(3))));

    let (_, _, acts) = active_vs(cfg(Revision::V1), connect(b"", 1, 1, false), &good);
    assert_eq!(acts, abort(MpaError::RevisionMismatch));

    let mut b = good[..20].to_vec();
    b[18..20].copy_from_slice(&0xffffu16.to_be_bytes());
    let (_, _, acts) = active_vs(v2, connect(b"", 1, 1, false), &b);
    assert_eq!(acts, abort(MpaError::PrivateDataTooLong(0xffff)));

    let mut b = good[..22].to_vec();
    b[19] = 2;
    let (_, n, acts) = active_vs(v2, connect(b"", 1, 1, false), &b);
    assert_eq!((n, acts), (22, abort(MpaError::MissingIrdOrd)));

    let no_m = Config {
        markers: MarkerPolicy::Disabled,
        ..v2
    };
    let rep = frame_bytes(&Frame {
        markers: true,
        ..reply(b"", Some(io(1, 1)))
    });
    let (_, _, acts) = active_vs(no_m, connect(b"", 1, 1, false), &rep);
    assert_eq!(acts, abort(MpaError::MarkersUnsupported));

    let no_c = Config {
        crc: CrcPolicy::Disabled,
        ..v2
    };
    let (_, _, acts) = active_vs(no_c, connect(b"", 1, 1, false), &good);
    assert_eq!(acts, abort(MpaError::CrcUnsupported));
}

#[test]
fn active_rfc6581_failures_send_terminate() {
    let v2 = cfg(Revision::V2);
    let term = |code, e| (code, e);
    let cases = [
        // The responder's ORD above our IRD.
        (
            false,
            reply(b"", Some(io(4, 5))),
            term(TermEcodeLlp::InsufficientIrd, MpaError::InsufficientIrd),
        ),
        // P2P asked for: no P2P in the reply.
        (
            true,
            reply(b"", Some(io(4, 4))),
            term(TermEcodeLlp::NoMatchingRtr, MpaError::NoMatchingRtr),
        ),
        // P2P with no RTR chosen.
        (
            true,
            reply(b"", Some(p2p(4, 4, RtrSet::NONE))),
            term(TermEcodeLlp::NoMatchingRtr, MpaError::NoMatchingRtr),
        ),
        // More than one RTR chosen.
        (
            true,
            reply(b"", Some(p2p(4, 4, RtrSet::ALL))),
            term(TermEcodeLlp::NoMatchingRtr, MpaError::NoMatchingRtr),
        ),
        // No RFC 6581 block at all.
        (
            true,
            reply(b"", None),
            term(TermEcodeLlp::NoMatchingRtr, MpaError::NoMatchingRtr),
        ),
    ];
    for (want_p2p, rep, (code, err)) in cases {
        let b = frame_bytes(&rep);
        let (ep, n, acts) = active_vs(v2, connect(b"", 4, 4, want_p2p), &b);
        assert_eq!(n, b.len());
        assert_eq!(acts.len(), 4, "{acts:?}");
        assert!(matches!(acts[0], Act::Rdma(_)));
        assert_eq!(
            acts[1..],
            [Act::Terminate(code), Act::Close, Act::NonPeerRejected(err)]
        );
        assert_eq!(ep.state(), State::Closing);
    }
    // A choice we did not offer.
    let c = Config {
        rtr: RtrSet::only(Rtr::Write),
        ..v2
    };
    let b = frame_bytes(&reply(b"", Some(p2p(4, 4, RtrSet::only(Rtr::Read)))));
    let (_, _, acts) = active_vs(c, connect(b"", 4, 4, true), &b);
    assert_eq!(acts[1], Act::Terminate(TermEcodeLlp::NoMatchingRtr));
}

#[test]
fn active_peer_closes_or_resets_during_setup() {
    let (mut ep, _) = active_sent(cfg(Revision::V2), connect(b"", 1, 1, false));
    assert_eq!(
        step(&mut ep, 1, Input::PeerClosed),
        (
            0,
            vec![Act::Close, Act::NonPeerRejected(MpaError::PeerClosed)]
        )
    );
    assert_eq!(ep.state(), State::Closing);
    let (mut ep, _) = active_sent(cfg(Revision::V2), connect(b"", 1, 1, false));
    assert_eq!(
        step(&mut ep, 1, Input::TcpFailed(TcpFailure::Reset)),
        (0, vec![Act::NonPeerRejected(MpaError::Reset)])
    );
    assert_eq!(ep.state(), State::Dead);
}

// --------------------------------------------------------- passive side

fn passive_waiting(c: Config) -> Endpoint {
    let mut ep = Endpoint::passive(c);
    assert_eq!(ep.state(), State::Connecting);
    assert_eq!(step(&mut ep, 0, Input::Received(b"x")), (0, Vec::new()));
    assert_eq!(step(&mut ep, 50, Input::TcpEstablished), (0, Vec::new()));
    assert_eq!(ep.state(), State::MpaReqWait);
    assert_eq!(ep.poll_at(), Some(50 + T));
    ep
}

#[test]
fn passive_timer() {
    let mut ep = passive_waiting(cfg(Revision::V2));
    assert_eq!(step(&mut ep, 50 + T - 1, Input::Tick), (0, Vec::new()));
    assert_eq!(
        step(&mut ep, 50 + T + 7, Input::Tick),
        (0, vec![Act::Abort, Act::ConnectError(MpaError::Timeout)])
    );
    assert_eq!(ep.state(), State::Dead);
}

#[test]
fn passive_request_accept_gives_siws_reply() {
    let mut ep = passive_waiting(cfg(Revision::V2));
    let mut stream = hex(SIW_REQ_CRC);
    stream.extend_from_slice(b"pipelined");
    // In two pieces, the second with octets after the frame.
    assert_eq!(
        step(&mut ep, 60, Input::Received(&stream[..7])),
        (7, Vec::new())
    );
    let (n, acts) = step(&mut ep, 61, Input::Received(&stream[7..]));
    assert_eq!(n, 24 - 7);
    assert_eq!(
        acts,
        vec![Act::ConnectRequest {
            revision: Revision::V2,
            crc: true,
            markers: false,
            ird_ord: Some(io(1, 1)),
            pd: Vec::new(),
        }]
    );
    assert_eq!(ep.state(), State::MpaReqRcvd);
    assert_eq!(ep.poll_at(), None, "the timer stops (seed 000)");
    // Octets in MPA_REQ_RCVD are not the endpoint's; no timer runs.
    assert_eq!(step(&mut ep, 62, Input::Received(b"more")), (0, Vec::new()));
    assert_eq!(step(&mut ep, 62 + 10 * T, Input::Tick), (0, Vec::new()));

    let (n, acts) = {
        let out = ep
            .handle(63, Input::Accept(accept(b"", 1, 1)))
            .expect("accept");
        own(&out)
    };
    assert_eq!(n, 0);
    let params = RdmaParams {
        revision: Revision::V2,
        crc: true,
        markers_tx: false,
        markers_rx: false,
        ird: 1,
        ord: 1,
        rtr: RtrRole::None,
        await_first_fpdu: true,
    };
    assert_eq!(
        acts,
        vec![
            Act::Send(hex(SIW_REP_CRC)),
            Act::Rdma(params),
            Act::Established(params, Vec::new()),
        ]
    );
    assert_eq!(ep.state(), State::FpduMode);
    assert_eq!(ep.negotiated(), Some(params));
}

#[test]
fn passive_accept_negotiation() {
    let run = |c: Config, req: Frame<'_>, a: AcceptParams<'_>| {
        let mut ep = passive_waiting(c);
        let b = frame_bytes(&req);
        let (n, acts) = step(&mut ep, 60, Input::Received(&b));
        assert_eq!(n, b.len());
        assert!(matches!(acts[..], [Act::ConnectRequest { .. }]), "{acts:?}");
        let (_, acts) = {
            let out = ep.handle(61, Input::Accept(a)).expect("accept");
            own(&out)
        };
        let Act::Send(rep) = &acts[0] else {
            panic!("reply first: {acts:?}");
        };
        let (f, _) = Frame::parse(rep).expect("our reply parses");
        assert_eq!(f.kind, FrameKind::Reply);
        assert!(!f.reject);
        (
            f.crc,
            f.markers,
            f.ird_ord,
            f.private_data.to_vec(),
            ep.negotiated().expect("params"),
        )
    };
    let v2 = cfg(Revision::V2);
    // ORD limited to the initiator's IRD; IRD as the host said.
    let (_, _, io_rep, pd, p) = run(v2, request(b"hi", Some(io(2, 8))), accept(b"yo", 6, 5));
    assert_eq!(io_rep, Some(io(6, 2)));
    assert_eq!(pd, b"yo");
    assert_eq!((p.ird, p.ord), (6, 2));
    // CRC when the request asks or this end requires.
    let (crc, ..) = run(
        v2,
        Frame {
            crc: true,
            ..request(b"", None)
        },
        accept(b"", 1, 1),
    );
    assert!(crc);
    let req_c = Config {
        crc: CrcPolicy::Required,
        ..v2
    };
    let (crc, _, _, _, p) = run(req_c, request(b"", None), accept(b"", 1, 1));
    assert!(crc && p.crc);
    let (crc, _, _, _, p) = run(v2, request(b"", None), accept(b"", 1, 1));
    assert!(!crc && !p.crc);
    // Markers per direction.
    let req_m = Config {
        markers: MarkerPolicy::Required,
        ..v2
    };
    let (_, m, _, _, p) = run(req_m, request(b"", None), accept(b"", 1, 1));
    assert!(m && p.markers_rx && !p.markers_tx);
    let (_, m, _, _, p) = run(
        v2,
        Frame {
            markers: true,
            ..request(b"", None)
        },
        accept(b"", 1, 1),
    );
    assert!(!m && !p.markers_rx && p.markers_tx);
    // Revision 1: no block in the reply, the host's IRD/ORD.
    let (_, _, io_rep, _, p) = run(v2, request(b"", None), accept(b"", 3, 4));
    assert_eq!(
        (io_rep, p.revision, p.ird, p.ord),
        (None, Revision::V1, 3, 4)
    );
    // P2P: Write preferred, then Read, then Send, among both sets.
    for (offer, ours, chosen) in [
        (RtrSet::ALL, RtrSet::ALL, Rtr::Write),
        (
            RtrSet::only(Rtr::Read).with(Rtr::Send),
            RtrSet::ALL,
            Rtr::Read,
        ),
        (RtrSet::ALL, RtrSet::only(Rtr::Send), Rtr::Send),
    ] {
        let c = Config { rtr: ours, ..v2 };
        let (_, _, io_rep, _, p) = run(c, request(b"", Some(p2p(4, 4, offer))), accept(b"", 4, 4));
        assert_eq!(io_rep, Some(p2p(4, 4, RtrSet::only(chosen))));
        assert_eq!(p.rtr, RtrRole::Await(chosen));
    }
}

#[test]
fn passive_host_reject() {
    let mut ep = passive_waiting(cfg(Revision::V2));
    let b = frame_bytes(&request(b"", Some(io(1, 1))));
    step(&mut ep, 60, Input::Received(&b));
    let (n, acts) = {
        let out = ep.handle(61, Input::Reject(b"no")).expect("reject");
        own(&out)
    };
    assert_eq!(n, 0);
    let [Act::Send(rep), Act::Close] = &acts[..] else {
        panic!("reject reply and close: {acts:?}");
    };
    let (f, _) = Frame::parse(rep).expect("parses");
    assert!(f.reject && !f.markers);
    assert_eq!(f.ird_ord, Some(io(0, 0)));
    assert_eq!(f.private_data, b"no");
    assert_eq!(ep.state(), State::Closing);
}

#[test]
fn passive_host_errors_leave_the_endpoint_alone() {
    let mut ep = passive_waiting(cfg(Revision::V2));
    assert_eq!(
        ep.handle(0, Input::Accept(accept(b"", 1, 1))).err(),
        Some(UsageError::BadState)
    );
    assert_eq!(
        ep.handle(0, Input::Reject(b"")).err(),
        Some(UsageError::BadState)
    );
    let b = frame_bytes(&request(b"", Some(io(1, 1))));
    step(&mut ep, 60, Input::Received(&b));
    assert_eq!(
        ep.handle(0, Input::Accept(accept(&[0; 509], 1, 1))).err(),
        Some(UsageError::PrivateDataTooLong)
    );
    assert_eq!(
        ep.handle(0, Input::Reject(&[0; 509])).err(),
        Some(UsageError::PrivateDataTooLong)
    );
    assert_eq!(
        ep.handle(0, Input::Accept(accept(b"", 1, 0x4000))).err(),
        Some(UsageError::IrdOrdOutOfRange)
    );
    assert_eq!(ep.state(), State::MpaReqRcvd);
    assert!(ep.handle(0, Input::Accept(accept(&[0; 508], 1, 1))).is_ok());
    // A revision 1 request leaves room for 512 octets.
    let mut ep = passive_waiting(cfg(Revision::V2));
    let b = frame_bytes(&request(b"", None));
    step(&mut ep, 60, Input::Received(&b));
    assert!(ep.handle(0, Input::Accept(accept(&[0; 512], 1, 1))).is_ok());
}

#[test]
fn passive_peer_gone() {
    let mut ep = passive_waiting(cfg(Revision::V2));
    assert_eq!(
        step(&mut ep, 1, Input::TcpFailed(TcpFailure::Reset)),
        (0, vec![Act::ConnectError(MpaError::Reset)])
    );
    let mut ep = passive_waiting(cfg(Revision::V2));
    let b = frame_bytes(&request(b"", None));
    step(&mut ep, 60, Input::Received(&b));
    assert_eq!(
        step(&mut ep, 61, Input::PeerClosed),
        (0, vec![Act::Close, Act::ConnectError(MpaError::PeerClosed)])
    );
    assert_eq!(
        ep.handle(0, Input::Accept(accept(b"", 1, 1))).err(),
        Some(UsageError::BadState)
    );
}

#[test]
fn passive_bad_requests_abort() {
    let good = hex(SIW_REQ_CRC);
    let abort = |e| vec![Act::Abort, Act::ConnectError(e)];
    let run = |c: Config, b: &[u8]| {
        let mut ep = passive_waiting(c);
        let r = step(&mut ep, 60, Input::Received(b));
        assert_eq!(ep.state(), State::Dead);
        r
    };
    let v2 = cfg(Revision::V2);
    let mut b = good.clone();
    b[15] = 0;
    assert_eq!(run(v2, &b), (20, abort(MpaError::BadKey)));
    assert_eq!(
        run(v2, &hex(SIW_REP_CRC)),
        (24, abort(MpaError::UnexpectedKey))
    );
    let mut b = good.clone();
    b[17] = 0;
    assert_eq!(run(v2, &b), (20, abort(MpaError::BadRevision(0))));
    // A responder configured for revision 1 cannot take revision 2.
    assert_eq!(
        run(cfg(Revision::V1), &good),
        (24, abort(MpaError::BadRevision(2)))
    );
    let mut b = good[..20].to_vec();
    b[18..20].copy_from_slice(&513u16.to_be_bytes());
    assert_eq!(run(v2, &b), (20, abort(MpaError::PrivateDataTooLong(513))));
}

#[test]
fn passive_requests_it_cannot_honour_get_a_reject_reply() {
    let refused = |c: Config, b: &[u8], e: MpaError| {
        let mut ep = passive_waiting(c);
        let (n, acts) = step(&mut ep, 60, Input::Received(b));
        assert_eq!(n, b.len());
        let [Act::Send(rep), Act::Close, Act::ConnectError(got)] = &acts[..] else {
            panic!("reject reply, close, error: {acts:?}");
        };
        assert_eq!(*got, e);
        assert_eq!(ep.state(), State::Closing);
        let (f, _) = Frame::parse(rep).expect("reply parses");
        assert!(f.reject && !f.markers && f.private_data.is_empty());
        (f.crc, f.revision, f.ird_ord)
    };
    let v2 = cfg(Revision::V2);
    // Enhanced flag without room for IRD/ORD.
    let mut b = hex(SIW_REQ_CRC)[..22].to_vec();
    b[19] = 2;
    let (_, rev, io_rep) = refused(v2, &b, MpaError::MissingIrdOrd);
    assert_eq!((rev, io_rep), (Revision::V2, None));
    // Markers this end cannot insert.
    let no_m = Config {
        markers: MarkerPolicy::Disabled,
        ..v2
    };
    let b = frame_bytes(&Frame {
        markers: true,
        ..request(b"", Some(io(1, 1)))
    });
    let (_, _, io_rep) = refused(no_m, &b, MpaError::MarkersUnsupported);
    assert_eq!(io_rep, Some(io(0, 0)));
    // CRC this end cannot use: the reply says C = 0.
    let no_c = Config {
        crc: CrcPolicy::Disabled,
        ..v2
    };
    let (crc, _, _) = refused(no_c, &hex(SIW_REQ_CRC), MpaError::CrcUnsupported);
    assert!(!crc);
    // P2P without a common RTR type: P2P echoed, no RTR chosen.
    let only_send = Config {
        rtr: RtrSet::only(Rtr::Send),
        ..v2
    };
    let b = frame_bytes(&request(
        b"",
        Some(p2p(1, 1, RtrSet::only(Rtr::Write).with(Rtr::Read))),
    ));
    let (_, _, io_rep) = refused(only_send, &b, MpaError::NoMatchingRtr);
    assert_eq!(io_rep, Some(p2p(0, 0, RtrSet::NONE)));
    let b = frame_bytes(&request(b"", Some(p2p(1, 1, RtrSet::NONE))));
    refused(v2, &b, MpaError::NoMatchingRtr);
}

// ------------------------------------------------------------- loopback

/// What a loopback run ended with.
#[derive(Debug)]
struct Ends {
    active: Vec<Act>,
    passive: Vec<Act>,
    a: Endpoint,
    p: Endpoint,
}

/// Connects an initiator and a responder through a byte pipe that cuts
/// every transfer into `chunk`-octet pieces; the responder's host answers
/// with `answer` (accept or reject).
fn loopback(
    ac: Config,
    pc: Config,
    cp: ConnectParams<'_>,
    answer: Result<AcceptParams<'_>, &[u8]>,
    chunk: usize,
) -> Ends {
    let mut a = Endpoint::active(ac, cp).expect("connect");
    let mut p = Endpoint::passive(pc);
    let mut active = Vec::new();
    let mut passive = Vec::new();
    let mut to_p: Vec<u8> = Vec::new();
    let mut to_a: Vec<u8> = Vec::new();
    let mut now = 0;
    active.extend(step(&mut a, now, Input::TcpEstablished).1);
    passive.extend(step(&mut p, now, Input::TcpEstablished).1);
    let sends = |acts: &[Act], pipe: &mut Vec<u8>| {
        for act in acts {
            if let Act::Send(b) = act {
                pipe.extend_from_slice(b);
            }
        }
    };
    sends(&active, &mut to_p);
    // Whatever follows the setup in the pipes stays there.
    to_p.extend_from_slice(b"FPDU-A");
    let mut answered = false;
    for _ in 0..2000 {
        now += 1;
        if !to_p.is_empty() {
            let n = chunk.min(to_p.len());
            let (used, acts) = step(&mut p, now, Input::Received(&to_p[..n]));
            to_p.drain(..used);
            if used < n {
                // Not the endpoint's: the start of RDMA traffic.
                assert_eq!(&to_p[..], b"FPDU-A", "only post-frame octets are left");
            }
            sends(&acts, &mut to_a);
            passive.extend(acts);
        }
        if p.state() == State::MpaReqRcvd && !answered {
            answered = true;
            let out = match answer {
                Ok(acc) => p.handle(now, Input::Accept(acc)),
                Err(pd) => p.handle(now, Input::Reject(pd)),
            }
            .expect("host answer");
            let (_, acts) = own(&out);
            sends(&acts, &mut to_a);
            to_a.extend_from_slice(b"FPDU-P");
            passive.extend(acts);
        }
        if !to_a.is_empty() {
            let n = chunk.min(to_a.len());
            let (used, acts) = step(&mut a, now, Input::Received(&to_a[..n]));
            to_a.drain(..used);
            if used < n {
                assert_eq!(&to_a[..], b"FPDU-P");
            }
            active.extend(acts);
        }
        if a.state().is_final() && p.state().is_final() {
            break;
        }
    }
    Ends {
        active,
        passive,
        a,
        p,
    }
}

fn check_agreement(e: &Ends) {
    let (a, p) = (
        e.a.negotiated().expect("active in RDMA mode"),
        e.p.negotiated().expect("passive in RDMA mode"),
    );
    assert_eq!(e.a.state(), State::FpduMode);
    assert_eq!(e.p.state(), State::FpduMode);
    assert_eq!(a.revision, p.revision);
    assert_eq!(a.crc, p.crc);
    assert_eq!(a.markers_tx, p.markers_rx);
    assert_eq!(a.markers_rx, p.markers_tx);
    // RFC 5044 §7.1: the initiator sends the first FPDU.
    assert!(!a.await_first_fpdu && p.await_first_fpdu);
    if a.revision == Revision::V2 {
        assert!(a.ord <= p.ird, "{a:?} {p:?}");
        assert!(p.ord <= a.ird, "{a:?} {p:?}");
    }
    match (a.rtr, p.rtr) {
        (RtrRole::None, RtrRole::None) => {}
        (RtrRole::Send(x), RtrRole::Await(y)) => assert_eq!(x, y),
        other => panic!("RTR duties disagree: {other:?}"),
    }
}

#[test]
fn loopback_accept_every_combination() {
    let policies_c = [CrcPolicy::Allowed, CrcPolicy::Required];
    let policies_m = [MarkerPolicy::Allowed, MarkerPolicy::Required];
    for rev in [Revision::V1, Revision::V2] {
        for &ac in &policies_c {
            for &pc in &policies_c {
                for &am in &policies_m {
                    for &pm in &policies_m {
                        for chunk in [1, 7, 600] {
                            let acfg = Config {
                                revision: rev,
                                crc: ac,
                                markers: am,
                                ..cfg(rev)
                            };
                            let pcfg = Config {
                                crc: pc,
                                markers: pm,
                                ..cfg(Revision::V2)
                            };
                            let e = loopback(
                                acfg,
                                pcfg,
                                connect(b"from A", 16, 32, false),
                                Ok(accept(b"from P", 8, 64)),
                                chunk,
                            );
                            check_agreement(&e);
                            let a = e.a.negotiated().expect("params");
                            assert_eq!(
                                a.crc,
                                ac == CrcPolicy::Required || pc == CrcPolicy::Required
                            );
                            assert_eq!(a.markers_rx, am == MarkerPolicy::Required);
                            assert_eq!(a.markers_tx, pm == MarkerPolicy::Required);
                            assert!(e.passive.iter().any(|x| matches!(
                                x,
                                Act::ConnectRequest { pd, .. } if pd == b"from A"
                            )));
                            assert!(e.active.iter().any(|x| matches!(
                                x,
                                Act::Established(_, pd) if pd == b"from P"
                            )));
                            if rev == Revision::V2 {
                                // A's ORD 32 cut to P's IRD 8; P's ORD 64
                                // cut to A's IRD 16.
                                let p = e.p.negotiated().expect("params");
                                assert_eq!((a.ird, a.ord, p.ird, p.ord), (16, 8, 8, 16));
                            }
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn loopback_peer_to_peer() {
    for (ours, theirs, want) in [
        (RtrSet::ALL, RtrSet::ALL, Rtr::Write),
        (RtrSet::only(Rtr::Read), RtrSet::ALL, Rtr::Read),
        (RtrSet::ALL, RtrSet::only(Rtr::Send), Rtr::Send),
    ] {
        let e = loopback(
            Config {
                rtr: ours,
                ..cfg(Revision::V2)
            },
            Config {
                rtr: theirs,
                ..cfg(Revision::V2)
            },
            connect(b"", 4, 4, true),
            Ok(accept(b"", 4, 4)),
            5,
        );
        check_agreement(&e);
        assert_eq!(e.a.negotiated().map(|p| p.rtr), Some(RtrRole::Send(want)));
        assert_eq!(e.p.negotiated().map(|p| p.rtr), Some(RtrRole::Await(want)));
    }
    // No common type: the responder refuses without asking its host.
    let e = loopback(
        Config {
            rtr: RtrSet::only(Rtr::Read),
            ..cfg(Revision::V2)
        },
        Config {
            rtr: RtrSet::only(Rtr::Write),
            ..cfg(Revision::V2)
        },
        connect(b"", 4, 4, true),
        Ok(accept(b"", 4, 4)),
        3,
    );
    assert_eq!(e.p.state(), State::Closing);
    assert_eq!(e.a.state(), State::Closing);
    assert!(e.active.contains(&Act::PeerRejected(Vec::new())));
    assert!(e
        .passive
        .contains(&Act::ConnectError(MpaError::NoMatchingRtr)));
}

#[test]
fn loopback_reject() {
    for rev in [Revision::V1, Revision::V2] {
        for chunk in [1, 4, 1000] {
            let e = loopback(
                cfg(rev),
                cfg(Revision::V2),
                connect(b"please", 1, 1, false),
                Err(b"sorry"),
                chunk,
            );
            assert_eq!(e.a.state(), State::Closing);
            assert_eq!(e.p.state(), State::Closing);
            assert_eq!(e.active.last(), Some(&Act::PeerRejected(b"sorry".to_vec())));
            assert_eq!(e.passive.last(), Some(&Act::Close));
            assert_eq!(e.a.negotiated(), None);
        }
    }
}

#[test]
fn loopback_markers_or_crc_refused() {
    // The initiator wants markers; the responder cannot insert them.
    let e = loopback(
        Config {
            markers: MarkerPolicy::Required,
            ..cfg(Revision::V2)
        },
        Config {
            markers: MarkerPolicy::Disabled,
            ..cfg(Revision::V2)
        },
        connect(b"", 1, 1, false),
        Ok(accept(b"", 1, 1)),
        9,
    );
    assert!(e.active.contains(&Act::PeerRejected(Vec::new())));
    assert!(e
        .passive
        .contains(&Act::ConnectError(MpaError::MarkersUnsupported)));
    // The responder wants CRCs; the initiator cannot use them.
    let e = loopback(
        Config {
            crc: CrcPolicy::Disabled,
            ..cfg(Revision::V2)
        },
        Config {
            crc: CrcPolicy::Required,
            ..cfg(Revision::V2)
        },
        connect(b"", 1, 1, false),
        Ok(accept(b"", 1, 1)),
        9,
    );
    assert_eq!(e.a.state(), State::Dead);
    assert!(e
        .active
        .ends_with(&[Act::Abort, Act::NonPeerRejected(MpaError::CrcUnsupported)]));
}

#[test]
fn loopback_v1_initiator_against_v1_responder_and_v2_against_v1() {
    let e = loopback(
        cfg(Revision::V1),
        cfg(Revision::V1),
        connect(b"a", 1, 1, false),
        Ok(accept(b"b", 1, 1)),
        2,
    );
    check_agreement(&e);
    // RFC 5044 §7.1: a responder that does not speak the revision closes.
    let e = loopback(
        cfg(Revision::V2),
        cfg(Revision::V1),
        connect(b"a", 1, 1, false),
        Ok(accept(b"b", 1, 1)),
        2,
    );
    assert_eq!(e.p.state(), State::Dead);
    assert!(e
        .passive
        .ends_with(&[Act::Abort, Act::ConnectError(MpaError::BadRevision(2))]));
    // The initiator is still waiting: its timer ends it.
    assert_eq!(e.a.state(), State::MpaSent);
}

// ------------------------------------------------- every state, every input

/// An endpoint brought to `state` (`role` where it matters).
fn in_state(state: State, role: Role) -> Endpoint {
    let v2 = cfg(Revision::V2);
    let mut ep = match role {
        Role::Active => Endpoint::active(v2, connect(b"", 1, 1, false)).expect("connect"),
        Role::Passive => Endpoint::passive(v2),
    };
    if state == State::Connecting {
        return ep;
    }
    step(&mut ep, 0, Input::TcpEstablished);
    match (state, role) {
        (State::MpaSent, Role::Active) | (State::MpaReqWait, Role::Passive) => {}
        (State::MpaReqRcvd, Role::Passive) => {
            step(&mut ep, 1, Input::Received(&hex(SIW_REQ_CRC)));
        }
        (State::FpduMode, Role::Active) => {
            step(&mut ep, 1, Input::Received(&hex(SIW_REP_CRC)));
        }
        (State::FpduMode, Role::Passive) => {
            step(&mut ep, 1, Input::Received(&hex(SIW_REQ_CRC)));
            ep.handle(2, Input::Accept(accept(b"", 1, 1)))
                .expect("accept");
        }
        (State::Closing, _) => {
            step(&mut ep, 1, Input::PeerClosed);
        }
        (State::Dead, _) => {
            step(&mut ep, 1, Input::Abort);
        }
        other => panic!("no such state for the role: {other:?}"),
    }
    assert_eq!(ep.state(), state);
    ep
}

#[test]
fn every_state_every_input() {
    let cases = [
        (State::Connecting, Role::Active),
        (State::Connecting, Role::Passive),
        (State::MpaSent, Role::Active),
        (State::MpaReqWait, Role::Passive),
        (State::MpaReqRcvd, Role::Passive),
        (State::FpduMode, Role::Active),
        (State::FpduMode, Role::Passive),
        (State::Closing, Role::Active),
        (State::Closing, Role::Passive),
        (State::Dead, Role::Active),
        (State::Dead, Role::Passive),
    ];
    let rep = hex(SIW_REP_CRC);
    let req = hex(SIW_REQ_CRC);
    for (state, role) in cases {
        let what = format!("{state:?} {role:?}");
        let inputs: [Input<'_>; 9] = [
            Input::TcpEstablished,
            Input::TcpFailed(TcpFailure::Reset),
            Input::PeerClosed,
            Input::Received(&rep),
            Input::Received(&req),
            Input::Accept(accept(b"", 1, 1)),
            Input::Reject(b""),
            Input::Abort,
            Input::Tick,
        ];
        for input in inputs {
            let mut ep = in_state(state, role);
            let r = ep.handle(u64::MAX, input).map(|o| own(&o));
            let after = ep.state();
            if state.is_final() {
                // Final states answer nothing and take nothing.
                match input {
                    Input::Accept(_) | Input::Reject(_) => {
                        assert_eq!(r, Err(UsageError::BadState), "{what} {input:?}")
                    }
                    _ => assert_eq!(r, Ok((0, Vec::new())), "{what} {input:?}"),
                }
                assert_eq!(after, state);
                continue;
            }
            match input {
                Input::Accept(_) | Input::Reject(_) if state != State::MpaReqRcvd => {
                    assert_eq!(r, Err(UsageError::BadState), "{what} {input:?}");
                    assert_eq!(after, state);
                }
                Input::TcpEstablished => {
                    let want = match (state, role) {
                        (State::Connecting, Role::Active) => State::MpaSent,
                        (State::Connecting, Role::Passive) => State::MpaReqWait,
                        _ => state,
                    };
                    assert_eq!(after, want, "{what}");
                }
                Input::TcpFailed(_) | Input::Abort => assert_eq!(after, State::Dead, "{what}"),
                Input::PeerClosed => {
                    let want = if state == State::Connecting {
                        State::Connecting
                    } else {
                        State::Closing
                    };
                    assert_eq!(after, want, "{what}");
                }
                Input::Tick => {
                    // now = u64::MAX: the timer has expired where it runs.
                    let want = match state {
                        State::MpaSent | State::MpaReqWait => State::Dead,
                        s => s,
                    };
                    assert_eq!(after, want, "{what}");
                }
                Input::Received(b) => {
                    let (n, _) = r.clone().expect("wire input");
                    let takes = matches!(state, State::MpaSent | State::MpaReqWait);
                    assert_eq!(n, if takes { b.len() } else { 0 }, "{what}");
                }
                Input::Accept(_) => assert_eq!(after, State::FpduMode),
                Input::Reject(_) => assert_eq!(after, State::Closing),
            }
            if after.is_final() {
                assert_eq!(ep.poll_at(), None, "{what} {input:?}: timer stopped");
            }
        }
    }
}

#[test]
fn output_accessors() {
    let mut ep = passive_waiting(cfg(Revision::V2));
    let req = hex(SIW_REQ_CRC);
    let out = ep.handle(1, Input::Received(&req)).expect("request");
    assert!(!out.is_empty());
    assert_eq!(out.sent(), None);
    assert_eq!(out.rdma(), None);
    assert!(matches!(out.event(), Some(Event::ConnectRequest(_))));
    let out = ep
        .handle(2, Input::Accept(accept(b"", 1, 1)))
        .expect("accept");
    assert_eq!(out.sent(), Some(&hex(SIW_REP_CRC)[..]));
    assert!(out.rdma().is_some_and(|p| p.crc));
    assert!(matches!(out.event(), Some(Event::Established { .. })));
    let out = ep.handle(3, Input::Tick).expect("tick");
    assert!(out.is_empty());
}
