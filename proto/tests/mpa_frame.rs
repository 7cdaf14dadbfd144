//! The MPA request/reply codec through its public API: the bytes RFC 5044
//! §7.1 and RFC 6581 give for a frame, trailing stream bytes left alone,
//! every error, and properties over random frames and bytes (no parse or
//! emit panics, every emitted frame parses back to itself).

use proptest::prelude::*;
use warpnic_proto::mpa::{
    parse_header, Frame, FrameError, FrameKind, IrdOrd, Revision, Rtr, RtrSet, HEADER_LEN,
    IRD_ORD_LEN, KEY_REP, KEY_REQ, MAX_FRAME_LEN, MAX_IRD_ORD, MAX_PRIVATE_DATA,
    MAX_PRIVATE_DATA_V2,
};

/// A revision 2 request with C, peer-to-peer with the zero-length Write
/// RTR, IRD 16, ORD 8.
fn v2_request(pd: &[u8]) -> Frame<'_> {
    Frame {
        kind: FrameKind::Request,
        markers: false,
        crc: true,
        reject: false,
        revision: Revision::V2,
        ird_ord: Some(IrdOrd {
            ird: 16,
            ord: 8,
            p2p: true,
            rtr: RtrSet::only(Rtr::Write),
        }),
        private_data: pd,
    }
}

#[test]
fn request_bytes_follow_rfc5044_and_rfc6581() {
    let r = v2_request(b"hi");
    let mut buf = [0u8; 32];
    let n = r.emit(&mut buf).expect("emit");
    assert_eq!(n, 26);
    assert_eq!(n, r.wire_len());
    let mut expect = [0u8; 26];
    expect[..16].copy_from_slice(b"MPA ID Req Frame");
    // C | enhanced, revision 2, PD_Length 6, IRD 0x8010, ORD 0x8008, "hi".
    expect[16..].copy_from_slice(&[0x50, 0x02, 0x00, 0x06, 0x80, 0x10, 0x80, 0x08, b'h', b'i']);
    assert_eq!(&buf[..n], &expect);
    assert_eq!(Frame::parse(&buf[..n]), Ok((r, 26)));
}

#[test]
fn v1_reply_and_trailing_bytes() {
    let r = Frame {
        kind: FrameKind::Reply,
        markers: true,
        crc: false,
        reject: true,
        revision: Revision::V1,
        ird_ord: None,
        private_data: &[7; 512],
    };
    let mut buf = [0u8; 600];
    let n = r.emit(&mut buf).expect("emit");
    assert_eq!(n, 532);
    assert_eq!(n, MAX_FRAME_LEN);
    assert_eq!(&buf[..16], KEY_REP);
    assert_eq!(buf[16], 0xa0);
    // the three octets after the frame are the stream's, not the frame's
    assert_eq!(Frame::parse(&buf[..n + 3]), Ok((r, 532)));
}

#[test]
fn enhanced_flag_in_revision_1_is_reserved() {
    let mut buf = [0u8; 24];
    buf[..16].copy_from_slice(KEY_REQ);
    buf[16..20].copy_from_slice(&[0x1f, 1, 0, 4]);
    let (p, n) = Frame::parse(&buf).expect("parse");
    assert_eq!(n, 24);
    assert_eq!(p.ird_ord, None);
    assert_eq!(p.private_data.len(), 4);
    assert!(!p.markers && !p.crc && !p.reject);
}

#[test]
fn frame_errors() {
    let mut buf = [0u8; 600];
    let n = v2_request(&[]).emit(&mut buf).expect("emit");
    assert_eq!(n, HEADER_LEN + IRD_ORD_LEN);
    assert_eq!(Frame::parse(&buf[..n - 1]), Err(FrameError::Truncated));
    assert_eq!(Frame::parse(&buf[..19]), Err(FrameError::Truncated));
    assert_eq!(parse_header(&buf[..19]), Err(FrameError::Truncated));
    let mut bad = buf;
    bad[4] = b'X';
    assert_eq!(Frame::parse(&bad[..n]), Err(FrameError::BadKey));
    let mut bad = buf;
    bad[17] = 3;
    assert_eq!(Frame::parse(&bad[..n]), Err(FrameError::BadRevision(3)));
    let mut bad = buf;
    bad[18..20].copy_from_slice(&513u16.to_be_bytes());
    assert_eq!(Frame::parse(&bad), Err(FrameError::PrivateDataTooLong(513)));
    let mut bad = buf;
    bad[18..20].copy_from_slice(&2u16.to_be_bytes());
    assert_eq!(Frame::parse(&bad), Err(FrameError::MissingIrdOrd));

    let mut r = v2_request(&[0; MAX_PRIVATE_DATA_V2 + 1]);
    assert_eq!(
        r.emit(&mut buf),
        Err(FrameError::PrivateDataTooLong(MAX_PRIVATE_DATA + 1))
    );
    r.private_data = &[];
    r.revision = Revision::V1;
    assert_eq!(r.emit(&mut buf), Err(FrameError::IrdOrdNeedsV2));
    r.revision = Revision::V2;
    r.ird_ord = Some(IrdOrd {
        ird: MAX_IRD_ORD + 1,
        ..IrdOrd::default()
    });
    assert_eq!(r.emit(&mut buf), Err(FrameError::IrdOrdOutOfRange));
    r.ird_ord = None;
    assert_eq!(r.emit(&mut buf[..19]), Err(FrameError::BufferTooSmall));
    // A revision other than 1 or 2 cannot be written: `Revision` has no
    // such value.
}

fn bytes(max: usize) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(any::<u8>(), 0..max)
}

fn rtr_set() -> impl Strategy<Value = RtrSet> {
    (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(s, w, r)| {
        let mut set = RtrSet::NONE;
        for (on, t) in [(s, Rtr::Send), (w, Rtr::Write), (r, Rtr::Read)] {
            if on {
                set = set.with(t);
            }
        }
        set
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn parsers_never_panic(buf in bytes(700)) {
        let _ = parse_header(&buf);
        let _ = Frame::parse(&buf);
    }

    /// The parser sees plausible headers more often when the key and the
    /// revision are forced.
    #[test]
    fn parsers_never_panic_on_near_valid_input(mut buf in bytes(200), req: bool) {
        buf.resize(buf.len().max(24), 0);
        buf[..16].copy_from_slice(if req { KEY_REQ } else { KEY_REP });
        buf[17] = 2;
        let _ = Frame::parse(&buf);
    }

    #[test]
    fn emit_never_panics_on_small_buffers(len in 0usize..64, pd in bytes(600)) {
        let mut buf = vec![0u8; len];
        let _ = Frame {
            ird_ord: Some(IrdOrd::default()),
            ..v2_request(&pd)
        }
        .emit(&mut buf);
    }

    #[test]
    fn frame_round_trip(
        reply: bool, markers: bool, crc: bool, reject: bool, v2: bool,
        io in proptest::option::of((any::<bool>(), rtr_set(), 0u16..=MAX_IRD_ORD, 0u16..=MAX_IRD_ORD)),
        pd in bytes(MAX_PRIVATE_DATA_V2 + 1), trailing in bytes(10),
    ) {
        let ird_ord = if v2 {
            io.map(|(p2p, rtr, ird, ord)| IrdOrd { ird, ord, p2p, rtr })
        } else {
            None
        };
        let r = Frame {
            kind: if reply { FrameKind::Reply } else { FrameKind::Request },
            markers, crc, reject,
            revision: if v2 { Revision::V2 } else { Revision::V1 },
            ird_ord,
            private_data: &pd,
        };
        let mut buf = vec![0u8; MAX_FRAME_LEN + trailing.len()];
        let n = r.emit(&mut buf).expect("fits");
        prop_assert_eq!(n, r.wire_len());
        buf.truncate(n);
        buf.extend_from_slice(&trailing);
        prop_assert_eq!(Frame::parse(&buf), Ok((r, n)));
    }
}
