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
//! The commands' argument and result blocks have theirs in [`commands`]:
//! the words and the value of every field; reserved bits are zero there, as
//! the blocks write them.
//!
//! This file is plain data with no dependencies: the generator includes it
//! by path, as it does `spec.rs`.

// Named by path for the same reason as the parts of `spec.rs`.
#[path = "golden/commands.rs"]
pub mod commands;

pub use commands::ARG_GOLDEN;

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

/// One golden vector of a command's argument or result block.
#[derive(Clone, Copy, Debug)]
pub struct ArgGolden {
    /// Name of the block in [`crate::spec::SPEC`]'s commands.
    pub block: &'static str,
    /// The block's words, word 0 first.
    pub words: &'static [u32],
    /// Every field of the block with its expected value (a code's number, 0
    /// or 1 for a one-bit field).
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
            0xa5, 0x5a, // flags, rsvd0
            0x21, 0x43, 0x65, 0x87, // timestamp
            0x11, 0x22, 0x33, 0x44, // imm_hi
            0x55, 0x66, 0x77, // rsvd1
            0x01, // owner
        ],
        fields: &[
            ("wr_id", Int(0x0123_4567_89ab_cdef)),
            ("byte_len", Int(60)),
            ("queue", Int(3)),
            ("wqe_idx", Int(0x1234)),
            ("opcode", Int(0x02)),
            ("status", Int(0x01)),
            ("flags", Int(0xa5)),
            ("rsvd0", Int(0x5a)),
            ("timestamp", Int(0x8765_4321)),
            ("imm_hi", Int(0x4433_2211)),
            ("rsvd1", Bytes(&[0x55, 0x66, 0x77])),
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
    // QP ended by our Terminate: DDP (layer 1), untagged buffer error
    // (etype 2), no buffer (ecode 0x02), origin HARDWARE.
    Golden {
        layout: "qp_error_info",
        bytes: &[0x02, 0x02, 0x01, 0x02],
        fields: &[
            ("ecode", Int(0x02)),
            ("etype", Int(0x02)),
            ("layer", Int(0x01)),
            ("origin", Int(0x02)),
        ],
    },
    // 0x1000 bytes at TO 0x7f00_1234_5000 of STag 0x0000_0a17.
    Golden {
        layout: "rdma_sge",
        bytes: &[
            0x00, 0x50, 0x34, 0x12, 0x00, 0x7f, 0x00, 0x00, // addr
            0x00, 0x10, 0x00, 0x00, // len
            0x17, 0x0a, 0x00, 0x00, // lkey
        ],
        fields: &[
            ("addr", Int(0x7f00_1234_5000)),
            ("len", Int(0x1000)),
            ("lkey", Int(0x0a17)),
        ],
    },
    // A signaled RDMA Write of one 0x40-byte entry to rkey 0x0b02 at
    // 0x1000, wr_id 7.
    Golden {
        layout: "rdma_sq_wqe",
        bytes: &[
            0x07, 0, 0, 0, 0, 0, 0, 0, // wr_id
            0x10, 0x01, 0x01, 0x00, // opcode, flags, num_sge, rsvd0
            0, 0, 0, 0, // inv_stag
            0x00, 0x10, 0, 0, 0, 0, 0, 0, // remote_addr
            0x02, 0x0b, 0, 0, // rkey
            0, 0, 0, 0, // rsvd1
            0, 0, 0, 0, 0, 0, 0, 0, // imm
            0, 0, 0, 0, 0, 0, 0, 0, // rsvd2
            0x00, 0x20, 0, 0, 0, 0, 0, 0, 0x40, 0, 0, 0, 0x01, 0x01, 0, 0, // sge0
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // sge1
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // sge2
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // sge3
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // rsvd3
        ],
        fields: &[
            ("wr_id", Int(7)),
            ("opcode", Int(0x10)),
            ("flags", Int(0x01)),
            ("num_sge", Int(1)),
            ("rsvd0", Int(0)),
            ("inv_stag", Int(0)),
            ("remote_addr", Int(0x1000)),
            ("rkey", Int(0x0b02)),
            ("rsvd1", Int(0)),
            ("imm", Int(0)),
            ("rsvd2", Int(0)),
            (
                "sge0",
                Bytes(&[
                    0x00, 0x20, 0, 0, 0, 0, 0, 0, 0x40, 0, 0, 0, 0x01, 0x01, 0, 0,
                ]),
            ),
            ("sge1", Bytes(&[0; 16])),
            ("sge2", Bytes(&[0; 16])),
            ("sge3", Bytes(&[0; 16])),
            ("rsvd3", Bytes(&[0; 16])),
        ],
    },
    // Fast-register STag 0x0000_0502 (index 5, key 2) of 0x2000 bytes at
    // Tagged Offset 0x7000_0000, IOVA 0x10_0000, remote write.
    Golden {
        layout: "rdma_sq_wqe_fr",
        bytes: &[
            0x0b, 0, 0, 0, 0, 0, 0, 0, // wr_id
            0x17, 0x01, 0x0d, 0x00, // opcode, flags, access, rsvd0
            0x02, 0x05, 0, 0, // stag
            0, 0, 0, 0x70, 0, 0, 0, 0, // base
            0, 0x20, 0, 0, 0, 0, 0, 0, // len
            0, 0, 0x10, 0, 0, 0, 0, 0, // iova
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // rsvd1
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, //
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // rsvd2
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, //
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // rsvd3
            0, 0, 0, 0, 0, 0, 0, 0, //
        ],
        fields: &[
            ("wr_id", Int(0x0b)),
            ("opcode", Int(0x17)),
            ("flags", Int(0x01)),
            ("access", Int(0x0d)),
            ("rsvd0", Int(0)),
            ("stag", Int(0x0502)),
            ("base", Int(0x7000_0000)),
            ("len", Int(0x2000)),
            ("iova", Int(0x10_0000)),
            ("rsvd1", Bytes(&[0; 32])),
            ("rsvd2", Bytes(&[0; 32])),
            ("rsvd3", Bytes(&[0; 24])),
        ],
    },
    // A receive of two entries, wr_id 0x1122334455667788.
    Golden {
        layout: "rdma_rq_wqe",
        bytes: &[
            0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, // wr_id
            0x02, 0, 0, 0, 0, 0, 0, 0, // num_sge, rsvd0
            0x00, 0x10, 0, 0, 0, 0, 0, 0, 0x40, 0, 0, 0, 0x01, 0x01, 0, 0, // sge0
            0x00, 0x20, 0, 0, 0, 0, 0, 0, 0x80, 0, 0, 0, 0x02, 0x01, 0, 0, // sge1
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // sge2
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // sge3
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // rsvd1
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, //
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // rsvd2
        ],
        fields: &[
            ("wr_id", Int(0x1122_3344_5566_7788)),
            ("num_sge", Int(2)),
            ("rsvd0", Bytes(&[0; 7])),
            (
                "sge0",
                Bytes(&[
                    0x00, 0x10, 0, 0, 0, 0, 0, 0, 0x40, 0, 0, 0, 0x01, 0x01, 0, 0,
                ]),
            ),
            (
                "sge1",
                Bytes(&[
                    0x00, 0x20, 0, 0, 0, 0, 0, 0, 0x80, 0, 0, 0, 0x02, 0x01, 0, 0,
                ]),
            ),
            ("sge2", Bytes(&[0; 16])),
            ("sge3", Bytes(&[0; 16])),
            ("rsvd1", Bytes(&[0; 32])),
            ("rsvd2", Bytes(&[0; 16])),
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
    // CPL header of a SET_TCB_FIELD without reply: 32 bytes, tid 0x30a2b.
    Golden {
        layout: "cpl_hdr",
        bytes: &[0x20, 0x01, 0x20, 0x00, 0x2b, 0x0a, 0x03, 0x00],
        fields: &[
            ("opcode", Int(0x20)),
            ("flags", Int(0x01)),
            ("len", Int(32)),
            ("id", Int(0x0003_0a2b)),
        ],
    },
    // Active open 192.168.1.10:50000 -> 192.168.1.20:20001, MSS 1460,
    // WSCALE|SACK|TIMESTAMPS|NODELAY, shift 7, 1 MiB window, VLAN 100 with
    // priority 1, DSCP EF, TTL 64, streaming mode.
    Golden {
        layout: "cpl_act_open_req",
        bytes: &[
            0x0a, 0x01, 0xa8, 0xc0, // local_ip
            0x14, 0x01, 0xa8, 0xc0, // peer_ip
            0x50, 0xc3, 0x21, 0x4e, // local_port, peer_port
            0xb4, 0x05, 0x0f, 0x07, // mss, tcp_opt, rcv_wscale
            0x00, 0x00, 0x10, 0x00, // rcv_wnd
            0xf0, 0xde, 0xbc, 0x9a, // iss
            0x52, 0x54, 0x00, 0x12, 0x34, 0x56, // peer_mac
            0x64, 0x20, // vlan
            0xb8, 0x40, 0x00, 0xa5, // tos, ttl, ulp_mode STREAMING, rsvd0
            0xa4, 0xa3, 0xa2, 0xa1, // rsvd1
        ],
        fields: &[
            ("local_ip", Int(0xc0a8_010a)),
            ("peer_ip", Int(0xc0a8_0114)),
            ("local_port", Int(50000)),
            ("peer_port", Int(20001)),
            ("mss", Int(1460)),
            ("tcp_opt", Int(0x0f)),
            ("rcv_wscale", Int(7)),
            ("rcv_wnd", Int(0x0010_0000)),
            ("iss", Int(0x9abc_def0)),
            ("peer_mac", Bytes(&[0x52, 0x54, 0x00, 0x12, 0x34, 0x56])),
            ("vlan", Int(0x2064)),
            ("tos", Int(0xb8)),
            ("ttl", Int(64)),
            ("ulp_mode", Int(0x00)),
            ("rsvd0", Int(0xa5)),
            ("rsvd1", Int(0xa1a2_a3a4)),
        ],
    },
    // The peer answered RST: CONN_REFUSED, tid 0x1234 freed.
    Golden {
        layout: "cpl_act_open_rpl",
        bytes: &[0x01, 0xee, 0xef, 0xbe, 0x34, 0x12, 0x00, 0x00],
        fields: &[
            ("status", Int(0x01)),
            ("rsvd0", Int(0xee)),
            ("rsvd1", Int(0xbeef)),
            ("tid", Int(0x1234)),
        ],
    },
    Golden {
        layout: "cpl_act_establish",
        bytes: &[
            0x07, 0x00, 0x00, 0x00, // atid
            0xf0, 0xde, 0xbc, 0x9a, // snd_isn
            0x78, 0x56, 0x34, 0x12, // rcv_isn
            0x00, 0xfc, 0x03, 0x00, // snd_wnd
            0xa8, 0x05, 0x07, 0x09, // mss 1448, tcp_opt, snd_wscale
            0x08, 0x5a, 0xd2, 0xc3, // rcv_wscale, rsvd0, rsvd1
        ],
        fields: &[
            ("atid", Int(7)),
            ("snd_isn", Int(0x9abc_def0)),
            ("rcv_isn", Int(0x1234_5678)),
            ("snd_wnd", Int(0x0003_fc00)),
            ("mss", Int(1448)),
            ("tcp_opt", Int(0x07)),
            ("snd_wscale", Int(9)),
            ("rcv_wscale", Int(8)),
            ("rsvd0", Int(0x5a)),
            ("rsvd1", Int(0xc3d2)),
        ],
    },
    // Listen on 10.0.0.1:20001 for 10.0.0.2:8080 only, MSS 8960,
    // WSCALE|KEEPALIVE, shift 10, 256 KiB window.
    Golden {
        layout: "cpl_pass_open_req",
        bytes: &[
            0x01, 0x00, 0x00, 0x0a, // local_ip
            0x02, 0x00, 0x00, 0x0a, // peer_ip
            0x21, 0x4e, 0x90, 0x1f, // local_port, peer_port
            0x00, 0x23, 0x11, 0x0a, // mss, tcp_opt, rcv_wscale
            0x00, 0x00, 0x04, 0x00, // rcv_wnd
            0x0d, 0xf0, 0xad, 0x0b, // rsvd0
        ],
        fields: &[
            ("local_ip", Int(0x0a00_0001)),
            ("peer_ip", Int(0x0a00_0002)),
            ("local_port", Int(20001)),
            ("peer_port", Int(8080)),
            ("mss", Int(8960)),
            ("tcp_opt", Int(0x11)),
            ("rcv_wscale", Int(10)),
            ("rcv_wnd", Int(0x0004_0000)),
            ("rsvd0", Int(0x0bad_f00d)),
        ],
    },
    Golden {
        layout: "cpl_pass_open_rpl",
        bytes: &[0x04, 0x77, 0x21, 0x4e, 0x04, 0x03, 0x02, 0x01],
        fields: &[
            ("status", Int(0x04)),
            ("rsvd0", Int(0x77)),
            ("local_port", Int(20001)),
            ("rsvd1", Int(0x0102_0304)),
        ],
    },
    // A SYN from 10.0.0.2:50000 (02:1b:21:aa:bb:cc, VLAN 100, DSCP AF21)
    // with MSS 1460, window scale 7 and timestamps, for listener 3.
    Golden {
        layout: "cpl_pass_accept_req",
        bytes: &[
            0x03, 0x00, 0x00, 0x00, // stid
            0x01, 0x00, 0x00, 0x0a, // local_ip
            0x02, 0x00, 0x00, 0x0a, // peer_ip
            0x21, 0x4e, 0x50, 0xc3, // local_port, peer_port
            0x78, 0x56, 0x34, 0x12, // rcv_isn
            0xff, 0xff, 0xb4, 0x05, // peer_wnd, peer_mss
            0x05, 0x07, 0x48, 0xc5, // tcp_opt, snd_wscale, tos, rsvd0
            0x02, 0x1b, 0x21, 0xaa, 0xbb, 0xcc, // peer_mac
            0x64, 0x00, // vlan
            0xd4, 0xd3, 0xd2, 0xd1, // rsvd1
        ],
        fields: &[
            ("stid", Int(3)),
            ("local_ip", Int(0x0a00_0001)),
            ("peer_ip", Int(0x0a00_0002)),
            ("local_port", Int(20001)),
            ("peer_port", Int(50000)),
            ("rcv_isn", Int(0x1234_5678)),
            ("peer_wnd", Int(0xffff)),
            ("peer_mss", Int(1460)),
            ("tcp_opt", Int(0x05)),
            ("snd_wscale", Int(7)),
            ("tos", Int(0x48)),
            ("rsvd0", Int(0xc5)),
            ("peer_mac", Bytes(&[0x02, 0x1b, 0x21, 0xaa, 0xbb, 0xcc])),
            ("vlan", Int(100)),
            ("rsvd1", Int(0xd1d2_d3d4)),
        ],
    },
    // Accept with WSCALE|TIMESTAMPS, shift 8, ISS 0xcafe0001, 128 KiB.
    Golden {
        layout: "cpl_pass_accept_rpl",
        bytes: &[
            0x00, 0x05, 0x08, 0x48, // status SUCCESS, tcp_opt, rcv_wscale, tos
            0x01, 0x00, 0xfe, 0xca, // iss
            0xb4, 0x05, 0x96, 0x69, // mss, rsvd0
            0x00, 0x00, 0x02, 0x00, // rcv_wnd
        ],
        fields: &[
            ("status", Int(0x00)),
            ("tcp_opt", Int(0x05)),
            ("rcv_wscale", Int(8)),
            ("tos", Int(0x48)),
            ("iss", Int(0xcafe_0001)),
            ("mss", Int(1460)),
            ("rsvd0", Int(0x6996)),
            ("rcv_wnd", Int(0x0002_0000)),
        ],
    },
    Golden {
        layout: "cpl_pass_establish",
        bytes: &[
            0x03, 0x00, 0x00, 0x00, // stid
            0x01, 0x00, 0xfe, 0xca, // snd_isn
            0x78, 0x56, 0x34, 0x12, // rcv_isn
            0x80, 0xff, 0x1f, 0x00, // snd_wnd
            0xa8, 0x05, 0x05, 0x07, // mss, tcp_opt, snd_wscale
            0x08, 0x3c, 0x7f, 0x7e, // rcv_wscale, rsvd0, rsvd1
        ],
        fields: &[
            ("stid", Int(3)),
            ("snd_isn", Int(0xcafe_0001)),
            ("rcv_isn", Int(0x1234_5678)),
            ("snd_wnd", Int(0x001f_ff80)),
            ("mss", Int(1448)),
            ("tcp_opt", Int(0x05)),
            ("snd_wscale", Int(7)),
            ("rcv_wscale", Int(8)),
            ("rsvd0", Int(0x3c)),
            ("rsvd1", Int(0x7e7f)),
        ],
    },
    Golden {
        layout: "cpl_close_listsrv_rpl",
        bytes: &[0x08, 0x99, 0x57, 0x13, 0x02, 0x00, 0x00, 0x00],
        fields: &[
            ("status", Int(0x08)),
            ("rsvd0", Int(0x99)),
            ("rsvd1", Int(0x1357)),
            ("dropped", Int(2)),
        ],
    },
    // 1024 bytes from host memory, PUSH|SHUTDOWN.
    Golden {
        layout: "cpl_tx_data",
        bytes: &[
            0x00, 0x04, 0x00, 0x00, // data_len
            0x05, 0xe1, 0x0f, 0xf0, // tx_flags, rsvd0, rsvd1
            0x00, 0x80, 0x56, 0x34, 0x12, 0x7f, 0x00, 0x00, // addr
        ],
        fields: &[
            ("data_len", Int(1024)),
            ("tx_flags", Int(0x05)),
            ("rsvd0", Int(0xe1)),
            ("rsvd1", Int(0xf00f)),
            ("addr", Int(0x0000_7f12_3456_8000)),
        ],
    },
    Golden {
        layout: "cpl_tx_data_ack",
        bytes: &[0x00, 0x04, 0x00, 0x00, 0xf1, 0xe2, 0xbc, 0x9a],
        fields: &[("credits", Int(1024)), ("snd_una", Int(0x9abc_e2f1))],
    },
    // An MPA reply with 8 bytes of private data, PSH|ACK.
    Golden {
        layout: "cpl_rx_data",
        bytes: &[
            0x1c, 0x00, 0x00, 0x00, // data_len
            0x79, 0x56, 0x34, 0x12, // seq
            0x18, 0x81, 0x42, 0x42, // tcp_flags, rsvd0, rsvd1
            0xe4, 0xff, 0x0f, 0x00, // rcv_wnd
        ],
        fields: &[
            ("data_len", Int(28)),
            ("seq", Int(0x1234_5679)),
            ("tcp_flags", Int(0x18)),
            ("rsvd0", Int(0x81)),
            ("rsvd1", Int(0x4242)),
            ("rcv_wnd", Int(0x000f_ffe4)),
        ],
    },
    Golden {
        layout: "cpl_rx_data_ack",
        bytes: &[0x1c, 0x00, 0x00, 0x00, 0x01, 0xb7, 0x21, 0x84],
        fields: &[
            ("credits", Int(28)),
            ("ack_flags", Int(0x01)),
            ("rsvd0", Int(0xb7)),
            ("rsvd1", Int(0x8421)),
        ],
    },
    Golden {
        layout: "cpl_close_con_rpl",
        bytes: &[
            0x00, 0x0a, 0x2e, 0x1f, // status, state TIME_WAIT, rsvd0
            0xf2, 0xe2, 0xbc, 0x9a, // snd_nxt
            0x96, 0x56, 0x34, 0x12, // rcv_nxt
            0xaa, 0x55, 0xaa, 0x55, // rsvd1
        ],
        fields: &[
            ("status", Int(0x00)),
            ("state", Int(0x0a)),
            ("rsvd0", Int(0x1f2e)),
            ("snd_nxt", Int(0x9abc_e2f2)),
            ("rcv_nxt", Int(0x1234_5696)),
            ("rsvd1", Int(0x55aa_55aa)),
        ],
    },
    Golden {
        layout: "cpl_peer_close",
        bytes: &[0x96, 0x56, 0x34, 0x12, 0x07, 0xd9, 0x6f, 0x6e],
        fields: &[
            ("rcv_nxt", Int(0x1234_5696)),
            ("state", Int(0x07)),
            ("rsvd0", Int(0xd9)),
            ("rsvd1", Int(0x6e6f)),
        ],
    },
    // The peer reset the connection; no RST was sent in answer.
    Golden {
        layout: "cpl_abort_req",
        bytes: &[0x06, 0x01, 0x77, 0x33, 0xf1, 0xe2, 0xbc, 0x9a],
        fields: &[
            ("status", Int(0x06)),
            ("abort_flags", Int(0x01)),
            ("rsvd0", Int(0x3377)),
            ("snd_nxt", Int(0x9abc_e2f1)),
        ],
    },
    Golden {
        layout: "cpl_abort_rpl",
        bytes: &[0x09, 0x4b, 0x5a, 0xa5, 0x3c, 0x2d, 0x1e, 0x0f],
        fields: &[
            ("status", Int(0x09)),
            ("rsvd0", Int(0x4b)),
            ("rsvd1", Int(0xa55a)),
            ("rsvd2", Int(0x0f1e_2d3c)),
        ],
    },
    // Write PEER_MAC = 52:54:00:12:34:56 (all 48 bits).
    Golden {
        layout: "cpl_set_tcb_field",
        bytes: &[
            0x16, 0xc1, 0xef, 0xbe, // field, rsvd0, cookie
            0x44, 0x33, 0x22, 0x11, // rsvd1
            0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, // mask
            0x56, 0x34, 0x12, 0x00, 0x54, 0x52, 0x00, 0x00, // value
        ],
        fields: &[
            ("field", Int(0x16)),
            ("rsvd0", Int(0xc1)),
            ("cookie", Int(0xbeef)),
            ("rsvd1", Int(0x1122_3344)),
            ("mask", Int(0x0000_ffff_ffff_ffff)),
            ("value", Int(0x0000_5254_0012_3456)),
        ],
    },
    Golden {
        layout: "cpl_set_tcb_rpl",
        bytes: &[
            0x00, 0x16, 0xef, 0xbe, // status, field, cookie
            0x66, 0x77, 0x88, 0x99, // rsvd0
            0x56, 0x34, 0x12, 0x00, 0x54, 0x52, 0x00, 0x00, // value
        ],
        fields: &[
            ("status", Int(0x00)),
            ("field", Int(0x16)),
            ("cookie", Int(0xbeef)),
            ("rsvd0", Int(0x9988_7766)),
            ("value", Int(0x0000_5254_0012_3456)),
        ],
    },
    // The control plane asks for a Terminate: DDP, untagged buffer error,
    // message too long, with 40 bytes of headers.
    Golden {
        layout: "cpl_rdma_terminate",
        bytes: &[0x01, 0x02, 0x05, 0x03, 0x28, 0x00, 0x00, 0x00],
        fields: &[
            ("layer", Int(1)),
            ("etype", Int(2)),
            ("ecode", Int(5)),
            ("origin", Int(3)),
            ("data_len", Int(40)),
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
    // RFC 5044 §4.3: a marker pointing 504 octets back; the reserved field
    // carries 0x1234.
    Golden {
        layout: "mpa_marker",
        bytes: &[0x12, 0x34, 0x01, 0xf8],
        fields: &[("rsvd", Int(0x1234)), ("fpduptr", Int(504))],
    },
    // RFC 5041 §5.1: tagged, last, reserved 0b1010, DDP version 1.
    Golden {
        layout: "ddp_ctrl",
        bytes: &[0xe9],
        fields: &[
            ("tagged", Int(1)),
            ("last", Int(1)),
            ("rsvd", Int(0b1010)),
            ("ddp_version", Int(1)),
        ],
    },
    // RFC 5040 §4.1: RDMAP version 1, reserved 0b10, Immediate Data.
    Golden {
        layout: "rdmap_ctrl",
        bytes: &[0x6c],
        fields: &[
            ("rdmap_version", Int(1)),
            ("rsvd", Int(0b10)),
            ("opcode", Int(0xc)),
        ],
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
