//! Golden vectors: one per descriptor and per wire header.
//!
//! Each vector is a byte string written out by hand from the layout in its
//! RFC (or, for descriptors, from the table in `docs/abi.md`), and the value
//! every field must decode to. They are checked on both sides of the
//! interface: `abi/tests/golden.rs` decodes and encodes them with the
//! generated Rust types, and `cargo xtask gen` turns them into the RTL
//! testbench `hw/tb/gen/wn_abi_golden_tb.sv`, which runs them through
//! `wn_abi_pkg`. A layout that drifts on either side fails there.
//!
//! Every field holds a distinct, non-zero pattern where the width allows it
//! (reserved fields included), so a field read from the wrong place cannot
//! pass by accident.
//!
//! This file is plain data with no dependencies: the generator includes it
//! by path, as it does `spec.rs`.

/// The value one field must decode to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// An integer field (or an integer sub-field, shifted down and masked).
    Int(u64),
    /// A byte-array field, in memory order.
    Bytes(&'static [u8]),
}

/// One golden vector.
#[derive(Clone, Copy, Debug)]
pub struct Golden {
    /// Name of the layout in [`crate::spec::SPEC`].
    pub layout: &'static str,
    /// The layout's bytes, byte 0 first.
    pub bytes: &'static [u8],
    /// Every field of the layout with its expected value.
    pub fields: &'static [(&'static str, Expect)],
}

use Expect::{Bytes, Int};

/// The vectors, descriptors first, then wire headers.
pub const GOLDEN: &[Golden] = &[
    // Send WQE: RAW_SEND of a 1514-byte frame, signaled (flags bit 0) plus
    // bit 7 so that flags differs from opcode.
    Golden {
        layout: "sq_wqe",
        bytes: &[
            0x01, 0x81, 0xef, 0xbe, // opcode, flags, rsvd0 = 0xbeef (LE)
            0xea, 0x05, 0x00, 0x00, // len = 1514
            0x00, 0x70, 0x56, 0x34, 0x12, 0x7f, 0x00, 0x00, // addr
            0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, // wr_id
            0xa8, 0xa7, 0xa6, 0xa5, 0xa4, 0xa3, 0xa2, 0xa1, // rsvd1
        ],
        fields: &[
            ("opcode", Int(0x01)),
            ("flags", Int(0x81)),
            ("rsvd0", Int(0xbeef)),
            ("len", Int(1514)),
            ("addr", Int(0x0000_7f12_3456_7000)),
            ("wr_id", Int(0x1122_3344_5566_7788)),
            ("rsvd1", Int(0xa1a2_a3a4_a5a6_a7a8)),
        ],
    },
    Golden {
        layout: "rq_wqe",
        bytes: &[
            0x00, 0xee, 0xff, 0xc0, // rsvd0
            0x00, 0x08, 0x00, 0x00, // len = 2048
            0x00, 0x10, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, // addr
            0x42, 0x00, 0x00, 0x00, 0xef, 0xbe, 0xad, 0xde, // wr_id
            0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01, // rsvd1
        ],
        fields: &[
            ("rsvd0", Int(0xc0ff_ee00)),
            ("len", Int(2048)),
            ("addr", Int(0x0000_0001_0000_1000)),
            ("wr_id", Int(0xdead_beef_0000_0042)),
            ("rsvd1", Int(0x0102_0304_0506_0708)),
        ],
    },
    // A RECV completion with LOC_LEN_ERR, first pass over the ring.
    Golden {
        layout: "cqe",
        bytes: &[
            0xef, 0xcd, 0xab, 0x89, 0x67, 0x45, 0x23, 0x01, // wr_id
            0x3c, 0x00, 0x00, 0x00, // byte_len = 60
            0x03, 0x00, // queue
            0x34, 0x12, // wqe_idx
            0x02, 0x01, // opcode RECV, status LOC_LEN_ERR
            0xa5, 0x5a, // rsvd0
            0x21, 0x43, 0x65, 0x87, // timestamp
            0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, // rsvd1
            0x01, // owner
        ],
        fields: &[
            ("wr_id", Int(0x0123_4567_89ab_cdef)),
            ("byte_len", Int(60)),
            ("queue", Int(3)),
            ("wqe_idx", Int(0x1234)),
            ("opcode", Int(0x02)),
            ("status", Int(0x01)),
            ("rsvd0", Int(0x5aa5)),
            ("timestamp", Int(0x8765_4321)),
            ("rsvd1", Bytes(&[0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77])),
            ("owner", Int(0x01)),
        ],
    },
    // SQ 0x0102 entered ERROR with status WQE_FETCH_ERR (3).
    Golden {
        layout: "eqe",
        bytes: &[
            0x02, 0xee, 0x02, 0x01, // SQ_ERROR, rsvd0, source = 0x0102
            0x03, 0x00, 0x00, 0x00, // data = WQE_FETCH_ERR
            0x0d, 0xf0, 0xfe, 0xca, // timestamp
            0xaa, 0xbb, 0xcc, 0x01, // rsvd1, owner
        ],
        fields: &[
            ("event_type", Int(0x02)),
            ("rsvd0", Int(0xee)),
            ("source", Int(0x0102)),
            ("data", Int(3)),
            ("timestamp", Int(0xcafe_f00d)),
            ("rsvd1", Bytes(&[0xaa, 0xbb, 0xcc])),
            ("owner", Int(0x01)),
        ],
    },
    // A GET_VERSION response header: 5 words, sequence 0x7f, status OK.
    Golden {
        layout: "fw_msg_hdr",
        bytes: &[0x01, 0x7f, 0x00, 0x05],
        fields: &[
            ("opcode", Int(0x01)),
            ("seq", Int(0x7f)),
            ("status", Int(0x00)),
            ("len", Int(5)),
        ],
    },
    // IEEE 802.3 / Ethernet II: dst, src, EtherType IPv4.
    Golden {
        layout: "ethernet_hdr",
        bytes: &[
            0x52, 0x54, 0x00, 0x12, 0x34, 0x56, // dst
            0x02, 0x1b, 0x21, 0xaa, 0xbb, 0xcc, // src
            0x08, 0x00, // EtherType
        ],
        fields: &[
            ("dst", Bytes(&[0x52, 0x54, 0x00, 0x12, 0x34, 0x56])),
            ("src", Bytes(&[0x02, 0x1b, 0x21, 0xaa, 0xbb, 0xcc])),
            ("ether_type", Int(0x0800)),
        ],
    },
    // RFC 826: an ARP reply, 192.168.1.10 is-at 02:1b:21:aa:bb:cc, to
    // 192.168.1.20 at 52:54:00:12:34:56.
    Golden {
        layout: "arp_ipv4",
        bytes: &[
            0x00, 0x01, 0x08, 0x00, 0x06, 0x04, 0x00, 0x02, // htype..oper
            0x02, 0x1b, 0x21, 0xaa, 0xbb, 0xcc, // sha
            0xc0, 0xa8, 0x01, 0x0a, // spa
            0x52, 0x54, 0x00, 0x12, 0x34, 0x56, // tha
            0xc0, 0xa8, 0x01, 0x14, // tpa
        ],
        fields: &[
            ("htype", Int(1)),
            ("ptype", Int(0x0800)),
            ("hlen", Int(6)),
            ("plen", Int(4)),
            ("oper", Int(2)),
            ("sha", Bytes(&[0x02, 0x1b, 0x21, 0xaa, 0xbb, 0xcc])),
            ("spa", Int(0xc0a8_010a)),
            ("tha", Bytes(&[0x52, 0x54, 0x00, 0x12, 0x34, 0x56])),
            ("tpa", Int(0xc0a8_0114)),
        ],
    },
    // RFC 791 §3.1: version 4, IHL 5, DSCP 46 (EF) with ECN 1, total length
    // 84, MF with fragment offset 185, TTL 64, TCP, 192.168.1.10 ->
    // 10.0.0.1, with its valid header checksum.
    Golden {
        layout: "ipv4_hdr",
        bytes: &[
            0x45, 0xb9, 0x00, 0x54, // version/IHL, DSCP/ECN, total length
            0x1c, 0x46, 0x20, 0xb9, // ident, flags/fragment offset
            0x40, 0x06, 0x71, 0x39, // TTL, protocol, checksum
            0xc0, 0xa8, 0x01, 0x0a, // src
            0x0a, 0x00, 0x00, 0x01, // dst
        ],
        fields: &[
            ("version", Int(4)),
            ("ihl", Int(5)),
            ("dscp", Int(46)),
            ("ecn", Int(1)),
            ("total_len", Int(84)),
            ("ident", Int(0x1c46)),
            ("flags", Int(0b001)),
            ("frag_offset", Int(185)),
            ("ttl", Int(64)),
            ("protocol", Int(6)),
            ("checksum", Int(0x7139)),
            ("src", Int(0xc0a8_010a)),
            ("dst", Int(0x0a00_0001)),
        ],
    },
    // RFC 9293 §3.1: ports 50000 -> 20001, PSH|ACK, data offset 5 with the
    // reserved nibble set to 2.
    Golden {
        layout: "tcp_hdr",
        bytes: &[
            0xc3, 0x50, 0x4e, 0x21, // ports
            0x9a, 0xbc, 0xde, 0xf0, // seq
            0x12, 0x34, 0x56, 0x78, // ack
            0x52, 0x18, 0xfa, 0xf0, // data offset/rsvd, flags, window
            0xbe, 0xef, 0x01, 0x02, // checksum, urgent pointer
        ],
        fields: &[
            ("src_port", Int(50000)),
            ("dst_port", Int(20001)),
            ("seq", Int(0x9abc_def0)),
            ("ack", Int(0x1234_5678)),
            ("data_offset", Int(5)),
            ("rsvd", Int(2)),
            ("flags", Int(0x18)),
            ("window", Int(0xfaf0)),
            ("checksum", Int(0xbeef)),
            ("urgent", Int(0x0102)),
        ],
    },
    // RFC 792: echo request, identifier 0x1234, sequence 1; the checksum is
    // the valid one for this header followed by the payload "abcd".
    Golden {
        layout: "icmp_echo",
        bytes: &[0x08, 0x00, 0x21, 0x04, 0x12, 0x34, 0x00, 0x01],
        fields: &[
            ("icmp_type", Int(8)),
            ("code", Int(0)),
            ("checksum", Int(0x2104)),
            ("ident", Int(0x1234)),
            ("seq", Int(1)),
        ],
    },
    // RFC 5044 §7.1 / RFC 6581: an MPA v2 request asking for CRC, with the
    // enhanced-setup flag and 4 bytes of private data (the IRD/ORD block).
    Golden {
        layout: "mpa_req_rep",
        bytes: &[
            b'M', b'P', b'A', b' ', b'I', b'D', b' ', b'R', // key
            b'e', b'q', b' ', b'F', b'r', b'a', b'm', b'e', //
            0x50, 0x02, 0x00, 0x04, // flags C|enhanced, revision 2, pd_length 4
        ],
        fields: &[
            ("key", Bytes(b"MPA ID Req Frame")),
            ("flags", Int(0x50)),
            ("revision", Int(2)),
            ("pd_length", Int(4)),
        ],
    },
    // RFC 6581: IRD word with P2P (bit 15) and the zero-length FPDU RTR
    // (bit 14), IRD 16; ORD word with the RDMA Read RTR (bit 14), ORD 0x123.
    Golden {
        layout: "mpa_v2_ird_ord",
        bytes: &[0xc0, 0x10, 0x41, 0x23],
        fields: &[
            ("peer_to_peer", Int(1)),
            ("send_rtr", Int(1)),
            ("ird", Int(0x10)),
            ("zero_len_rdma_write", Int(0)),
            ("rdma_read_rtr", Int(1)),
            ("ord", Int(0x123)),
        ],
    },
    // RFC 5044 §4.2: ULPDU length 406.
    Golden {
        layout: "mpa_fpdu_hdr",
        bytes: &[0x01, 0x96],
        fields: &[("ulpdu_length", Int(406))],
    },
    // RFC 5041 §5.2 / RFC 5040 §4.1: tagged, last, DDP version 1, RDMAP
    // version 1, RDMA Read Response; the reserved bits carry 0b0101 and 0b11.
    Golden {
        layout: "ddp_tagged_hdr",
        bytes: &[
            0xd5, 0x72, // T L rsvd DV | RV rsvd opcode
            0x00, 0x01, 0x23, 0x45, // STag
            0x00, 0x00, 0x7f, 0x00, 0xde, 0xad, 0x00, 0x00, // TO
        ],
        fields: &[
            ("tagged", Int(1)),
            ("last", Int(1)),
            ("rsvd", Int(0b0101)),
            ("ddp_version", Int(1)),
            ("rdmap_version", Int(1)),
            ("rsvd_ulp", Int(0b11)),
            ("opcode", Int(2)),
            ("stag", Int(0x0001_2345)),
            ("tagged_offset", Int(0x0000_7f00_dead_0000)),
        ],
    },
    // RFC 5041 §5.3 / RFC 5040 §4.1: untagged, last, RDMA Read Request on
    // queue 1, MSN 7, MO 0x1000; reserved bits 0b0011 and 0b10.
    Golden {
        layout: "ddp_untagged_hdr",
        bytes: &[
            0x4d, 0x61, // T L rsvd DV | RV rsvd opcode
            0xa0, 0xb0, 0xc0, 0xd0, // inv_stag
            0x00, 0x00, 0x00, 0x01, // QN
            0x00, 0x00, 0x00, 0x07, // MSN
            0x00, 0x00, 0x10, 0x00, // MO
        ],
        fields: &[
            ("tagged", Int(0)),
            ("last", Int(1)),
            ("rsvd", Int(0b0011)),
            ("ddp_version", Int(1)),
            ("rdmap_version", Int(1)),
            ("rsvd_ulp", Int(0b10)),
            ("opcode", Int(1)),
            ("inv_stag", Int(0xa0b0_c0d0)),
            ("qn", Int(1)),
            ("msn", Int(7)),
            ("mo", Int(0x1000)),
        ],
    },
    // RFC 5040 §4.4.
    Golden {
        layout: "rdma_read_req",
        bytes: &[
            0x11, 0x00, 0x22, 0x33, // sink STag
            0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, // sink TO
            0x00, 0x01, 0x00, 0x00, // read size
            0x44, 0x55, 0x66, 0x77, // source STag
            0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff, // source TO
        ],
        fields: &[
            ("sink_stag", Int(0x1100_2233)),
            ("sink_to", Int(0x0102_0304_0506_0708)),
            ("read_size", Int(0x0001_0000)),
            ("src_stag", Int(0x4455_6677)),
            ("src_to", Int(0x8899_aabb_ccdd_eeff)),
        ],
    },
    // RFC 5040 §4.8: layer DDP, error type untagged buffer, code "message
    // too long", M and D set, R clear; reserved bits 0x155.
    Golden {
        layout: "rdmap_terminate",
        bytes: &[0x12, 0x05, 0xc1, 0x55],
        fields: &[
            ("layer", Int(1)),
            ("etype", Int(2)),
            ("ecode", Int(5)),
            ("hdr_ctrl_m", Int(1)),
            ("hdr_ctrl_d", Int(1)),
            ("hdr_ctrl_r", Int(0)),
            ("rsvd", Int(0x155)),
        ],
    },
    // RFC 7306 §4.2.
    Golden {
        layout: "rdmap_immediate",
        bytes: &[0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77],
        fields: &[("data", Int(0x0011_2233_4455_6677))],
    },
];
