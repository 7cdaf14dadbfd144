//! Wire vectors from a real Linux soft-iWARP (siw) capture: two siw peers
//! running rping and perftest with the MPA CRC on. The bytes are the TCP
//! payloads of single frames, copied out with tshark; they check the
//! generated header views and the `wire` parsers against a peer written by
//! somebody else (the golden vectors of `warpnic_abi::golden` are written
//! from the RFCs by hand).
//!
//! Frames (capture frame number, direction): 8 and 10 the MPA request and
//! reply of rping (port 7174); 12 a Send, 13 an RDMA Read Request, 14 its
//! Read Response, 17 an RDMA Write, all of the same rping connection; 163
//! the MPA request of ib_read_bw (IRD and ORD 128).

use warpnic_abi::gen::*;
use warpnic_abi::wire::{DdpRepr, MpaFpduRepr, RdmaReadReqRepr, MPA_KEY_REP, MPA_KEY_REQ};

fn hex(s: &str) -> Vec<u8> {
    assert!(s.len().is_multiple_of(2), "odd hex string");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex digit"))
        .collect()
}

/// Frame 8: "MPA ID Req Frame", C and enhanced, revision 2, 4 bytes of
/// private data: IRD 1, ORD 1, no peer-to-peer.
const RPING_REQ: &str = "4d504120494420526571204672616d655002000400010001";
/// Frame 10: the reply, the same flags and IRD/ORD.
const RPING_REP: &str = "4d504120494420526570204672616d655002000400010001";
/// Frame 163: ib_read_bw's request, IRD 128 and ORD 128.
const READ_BW_REQ: &str = "4d504120494420526571204672616d655002000400800080";
/// Frame 12: FPDU with a Send (MSN 1) of 16 bytes.
const SEND_FPDU: &str =
    "0022414300000000000000000000000100000000000055bed457de3043d70b000000006455a4c81b";
/// Frame 13: FPDU with an RDMA Read Request of 100 bytes.
const READ_REQ_FPDU: &str = "002e414100000000000000010000000100000000613c59000000557c526d77900000006443d70b00000055bed457de30e0cedb1e";
/// Frame 14: FPDU with the Read Response (100 bytes of rping text).
const READ_RESP_FPDU: &str = "0072c142613c59000000557c526d779072646d612d70696e672d303a204142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f606162636465666768696a6b6c6d6e6f707172737475767778797a4142434445464748494a4b4c4d4e4f505152535455565758595a5b5c0092b8b665";
/// Frame 17: FPDU with an RDMA Write of 100 bytes.
const WRITE_FPDU: &str = "0072c14010a41900000055bed457b79072646d612d70696e672d303a204142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f606162636465666768696a6b6c6d6e6f707172737475767778797a4142434445464748494a4b4c4d4e4f505152535455565758595a5b5c0042290761";

#[test]
fn mpa_request_and_reply_views() {
    for (s, key) in [(RPING_REQ, MPA_KEY_REQ), (RPING_REP, MPA_KEY_REP)] {
        let b = hex(s);
        let h = MpaReqRep::new_checked(&b[..]).expect("20-byte header");
        assert_eq!(&h.key(), key);
        assert_eq!(h.flags(), mpa_flags::CRC | mpa_flags::ENHANCED);
        assert_eq!(h.revision(), 2);
        assert_eq!(h.pd_length(), 4);
        let v = MpaV2IrdOrd::new_checked(h.payload()).expect("IRD/ORD block");
        assert_eq!((v.peer_to_peer(), v.send_rtr(), v.ird()), (0, 0, 1));
        assert_eq!(
            (v.zero_len_rdma_write(), v.rdma_read_rtr(), v.ord()),
            (0, 0, 1)
        );
    }
    let b = hex(READ_BW_REQ);
    let v = MpaV2IrdOrd::new_checked(&b[20..]).expect("IRD/ORD block");
    assert_eq!((v.ird(), v.ord()), (128, 128));
}

#[test]
fn fpdu_crc_matches_siw() {
    for s in [SEND_FPDU, READ_REQ_FPDU, READ_RESP_FPDU, WRITE_FPDU] {
        let b = hex(s);
        let len = MpaFpduHdr::new_checked(&b[..])
            .expect("header")
            .ulpdu_length();
        assert_eq!(MpaFpduRepr::wire_len_for(usize::from(len)), b.len());
        let (f, rest) = MpaFpduRepr::parse(&b, true).expect("siw's CRC verifies");
        assert!(rest.is_empty());
        let mut out = vec![0u8; b.len()];
        assert_eq!(f.emit(&mut out, true), Ok(b.len()));
        assert_eq!(out, b, "re-emitted FPDU (CRC included) differs from siw's");
    }
}

#[test]
fn untagged_send_header() {
    let b = hex(SEND_FPDU);
    let ulpdu = &b[2..2 + 34];
    let c = DdpCtrl::new_checked(ulpdu).expect("control byte");
    assert_eq!(
        (c.tagged(), c.last(), c.rsvd(), c.ddp_version()),
        (0, 1, 0, 1)
    );
    let r = RdmapCtrl::new_checked(&ulpdu[1..]).expect("control byte");
    assert_eq!((r.rdmap_version(), r.rsvd(), r.opcode()), (1, 0, 3));
    let h = DdpUntaggedHdr::new_checked(ulpdu).expect("18-byte header");
    assert_eq!((h.tagged(), h.last(), h.ddp_version()), (0, 1, 1));
    assert_eq!(
        (h.rdmap_version(), h.opcode()),
        (1, u8::from(RdmapOpcode::Send))
    );
    assert_eq!(h.inv_stag(), 0);
    assert_eq!(h.qn(), u32::from(DdpQueue::Send));
    assert_eq!((h.msn(), h.mo()), (1, 0));
    assert_eq!(h.payload().len(), 16);
    let (d, payload) = DdpRepr::parse(ulpdu).expect("Send parses");
    assert_eq!(
        (d.opcode(), d.last(), d.header_len()),
        (RdmapOpcode::Send, true, 18)
    );
    assert_eq!(payload, &hex("000055bed457de3043d70b0000000064")[..]);
}

#[test]
fn read_request_header() {
    let b = hex(READ_REQ_FPDU);
    let ulpdu = &b[2..2 + 46];
    let h = DdpUntaggedHdr::new_checked(ulpdu).expect("18-byte header");
    assert_eq!(h.opcode(), u8::from(RdmapOpcode::RdmaReadRequest));
    assert_eq!(h.qn(), u32::from(DdpQueue::RdmaReadRequest));
    assert_eq!((h.msn(), h.mo()), (1, 0));
    let rr = RdmaReadReq::new_checked(h.payload()).expect("28 bytes");
    assert_eq!(rr.sink_stag(), 0x613c_5900);
    assert_eq!(rr.sink_to(), 0x0000_557c_526d_7790);
    assert_eq!(rr.read_size(), 100);
    assert_eq!(rr.src_stag(), 0x43d7_0b00);
    assert_eq!(rr.src_to(), 0x0000_55be_d457_de30);
    let (r, rest) = RdmaReadReqRepr::parse(h.payload()).expect("Read Request parses");
    assert!(rest.is_empty());
    let mut out = [0u8; 28];
    assert_eq!(r.emit(&mut out), Ok(28));
    assert_eq!(&out[..], h.payload());
}

#[test]
fn tagged_read_response_and_write_headers() {
    // The Read Response lands at the sink STag and TO of the request above.
    for (s, opcode, stag, to) in [
        (
            READ_RESP_FPDU,
            RdmapOpcode::RdmaReadResponse,
            0x613c_5900,
            0x0000_557c_526d_7790,
        ),
        (
            WRITE_FPDU,
            RdmapOpcode::RdmaWrite,
            0x10a4_1900,
            0x0000_55be_d457_b790,
        ),
    ] {
        let b = hex(s);
        let ulpdu = &b[2..2 + 114];
        let c = DdpCtrl::new_checked(ulpdu).expect("control byte");
        assert_eq!((c.tagged(), c.last(), c.ddp_version()), (1, 1, 1));
        let h = DdpTaggedHdr::new_checked(ulpdu).expect("14-byte header");
        assert_eq!(
            (h.tagged(), h.last(), h.rsvd(), h.ddp_version()),
            (1, 1, 0, 1)
        );
        assert_eq!((h.rdmap_version(), h.rsvd_ulp()), (1, 0));
        assert_eq!(h.opcode(), u8::from(opcode));
        assert_eq!((h.stag(), h.tagged_offset()), (stag, to));
        assert_eq!(h.payload().len(), 100);
        assert!(h.payload().starts_with(b"rdma-ping-0: ABC"));
        let (d, _) = DdpRepr::parse(ulpdu).expect("tagged segment parses");
        assert_eq!((d.opcode(), d.header_len()), (opcode, 14));
    }
}
