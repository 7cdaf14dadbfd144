//! Golden vectors of the commands' argument and result blocks and of the
//! registers' field blocks, one per block: the words, written out by hand
//! from the tables in `docs/abi.md`, and the value every field must decode
//! to. Fields hold distinct values (codes the enumerations define), so a
//! field read from the wrong bits cannot pass by accident; reserved bits
//! are zero.

use super::ArgGolden;
use super::Expect::Int;

/// The vectors, in the order of the commands that first use each block,
/// then the registers'.
pub const ARG_GOLDEN: &[ArgGolden] = &[
    // STag index 0x12a key 7, PD 5, LOCAL_WRITE | REMOTE_READ | FAST_REG.
    ArgGolden {
        block: "rdma_mr_reg_args",
        words: &[
            0x0001_2a07, // stag
            0x0000_0005, // pd
            0x0000_000b, // access
            0x1234_5000, // base 31:0
            0x0000_7f00, // base 63:32
            0x0000_0800, // len 31:0
            0x0000_0001, // len 63:32
            0x8765_4000, // iova 31:0
            0x0000_0040, // iova 63:32
        ],
        fields: &[
            ("stag", Int(0x0001_2a07)),
            ("pd", Int(5)),
            ("access", Int(0x0b)),
            ("base", Int(0x0000_7f00_1234_5000)),
            ("len", Int(0x0000_0001_0000_0800)),
            ("iova", Int(0x0000_0040_8765_4000)),
        ],
    },
    ArgGolden {
        block: "rdma_stag_args",
        words: &[0x0003_4c5a],
        fields: &[("stag", Int(0x0003_4c5a))],
    },
    ArgGolden {
        block: "rdma_mr_inv_args",
        words: &[0x0000_0102, 0x0000_beef],
        fields: &[("stag", Int(0x0102)), ("pd", Int(0xbeef))],
    },
    // QP 3 from RESET to INIT with its attributes: CRC and markers in what
    // it sends, IRD 4, ORD 8, CQs 3 and 4, 2^6 receive and 2^9 send entries.
    ArgGolden {
        block: "rdma_qp_modify_args",
        words: &[
            0x0000_0003, // qp
            0x0000_0101, // state INIT, set_attrs
            0x0000_0007, // pd
            0x0405_03e8, // ird 4, markers_tx, crc, mulpdu 1000
            0x9604_0308, // sq_log 9, rq_log 6, recv_cq 4, send_cq 3, ord 8
            0x0004_0000, // rq_iova 31:0
            0x0000_0001, // rq_iova 63:32
            0x0008_0000, // sq_iova 31:0
            0x0000_0001, // sq_iova 63:32
            0x0000_0021, // tid
            0x0000_01a5, // marker_phase
            0x0000_059e, // send_mulpdu 1438
            0x1234_5678, // tx_start
        ],
        fields: &[
            ("qp", Int(3)),
            ("state", Int(0x01)),
            ("set_attrs", Int(1)),
            ("pd", Int(7)),
            ("mulpdu", Int(1000)),
            ("crc", Int(1)),
            ("markers_rx", Int(0)),
            ("markers_tx", Int(1)),
            ("ird", Int(4)),
            ("ord", Int(8)),
            ("send_cq", Int(3)),
            ("recv_cq", Int(4)),
            ("rq_log", Int(6)),
            ("sq_log", Int(9)),
            ("rq_iova", Int(0x0000_0001_0004_0000)),
            ("sq_iova", Int(0x0000_0001_0008_0000)),
            ("tid", Int(0x21)),
            ("marker_phase", Int(0x1a5)),
            ("send_mulpdu", Int(1438)),
            ("tx_start", Int(0x1234_5678)),
        ],
    },
    ArgGolden {
        block: "rdma_qp_args",
        words: &[0x0000_0102],
        fields: &[("qp", Int(0x102))],
    },
    // A QP in RTS that recorded a received Terminate (origin PEER, layer
    // 2, error type 1, code 6).
    ArgGolden {
        block: "rdma_qp_query_rsp",
        words: &[0x0000_0003, 0x0102_0106, 0x1240_1234, 0x0000_abcd],
        fields: &[
            ("state", Int(0x03)),
            ("error", Int(0x0102_0106)),
            ("rq_ci", Int(0x1234)),
            ("rq_pi", Int(0x1240)),
            ("rx_msgs", Int(0xabcd)),
        ],
    },
    // MAC 02:11:22:33:44:55.
    ArgGolden {
        block: "fw_version_rsp",
        words: &[0x0001_0000, 0xdead_beef, 0x2233_4455, 0x0000_0211],
        fields: &[
            ("version", Int(0x0001_0000)),
            ("build_id", Int(0xdead_beef)),
            ("mac", Int(0x0211_2233_4455)),
        ],
    },
    // MAC 0a:0b:0c:0d:0e:0f.
    ArgGolden {
        block: "fw_mac",
        words: &[0x0c0d_0e0f, 0x0000_0a0b],
        fields: &[("mac", Int(0x0a0b_0c0d_0e0f))],
    },
    // 192.0.2.1/24 through 192.0.2.254.
    ArgGolden {
        block: "fw_ipv4",
        words: &[0xc000_0201, 0x0000_0018, 0xc000_02fe],
        fields: &[
            ("addr", Int(0xc000_0201)),
            ("prefix_len", Int(24)),
            ("gateway", Int(0xc000_02fe)),
        ],
    },
    // 192.0.2.7.
    ArgGolden {
        block: "fw_arp_resolve_args",
        words: &[0xc000_0207],
        fields: &[("addr", Int(0xc000_0207))],
    },
    // RESOLVED: 192.0.2.254 at 02:00:5e:10:00:01.
    ArgGolden {
        block: "fw_arp_resolve_rsp",
        words: &[0x0000_0000, 0xc000_02fe, 0x5e10_0001, 0x0000_0200],
        fields: &[
            ("state", Int(0)),
            ("next_hop", Int(0xc000_02fe)),
            ("mac", Int(0x0200_5e10_0001)),
        ],
    },
    // 1 s, 200 ms, 60 s; 6 SYN and 15 data retries; TIME_WAIT 30 s.
    ArgGolden {
        block: "fw_tcp_timing",
        words: &[
            0x000f_4240,
            0x0003_0d40,
            0x0393_8700,
            0x0000_0f06,
            0x01c9_c380,
        ],
        fields: &[
            ("rto_init", Int(1_000_000)),
            ("rto_min", Int(200_000)),
            ("rto_max", Int(60_000_000)),
            ("syn_retries", Int(6)),
            ("data_retries", Int(15)),
            ("time_wait", Int(30_000_000)),
        ],
    },
    // 500 ms, 100 ms, 2 s; 3 SYN and 9 data retries; TIME_WAIT 1 ms; a
    // secret.
    ArgGolden {
        block: "fw_tcp_config_args",
        words: &[
            0x0007_a120,
            0x0001_86a0,
            0x001e_8480,
            0x0000_0903,
            0x0000_03e8,
            0x4455_6677, // isn_key_lo 31:0
            0x0011_2233, // isn_key_lo 63:32
            0xccdd_eeff, // isn_key_hi 31:0
            0x8899_aabb, // isn_key_hi 63:32
        ],
        fields: &[
            ("rto_init", Int(500_000)),
            ("rto_min", Int(100_000)),
            ("rto_max", Int(2_000_000)),
            ("syn_retries", Int(3)),
            ("data_retries", Int(9)),
            ("time_wait", Int(1_000)),
            ("isn_key_lo", Int(0x0011_2233_4455_6677)),
            ("isn_key_hi", Int(0x8899_aabb_ccdd_eeff)),
        ],
    },
    // Port 5000, backlog 16, 256 KiB window.
    ArgGolden {
        block: "fw_tcp_listen_args",
        words: &[0x0010_1388, 0x0004_0000],
        fields: &[
            ("port", Int(5000)),
            ("backlog", Int(16)),
            ("rcv_wnd", Int(0x0004_0000)),
        ],
    },
    // Listener 3 timed out (TIMEOUT).
    ArgGolden {
        block: "fw_tcp_listen_rsp",
        words: &[0x0000_0002, 0x0000_0003],
        fields: &[("result", Int(0x02)), ("listener", Int(3))],
    },
    ArgGolden {
        block: "fw_tcp_listener",
        words: &[0x0000_000b],
        fields: &[("listener", Int(0x0b))],
    },
    // ABORTED, 5 embryonic connections.
    ArgGolden {
        block: "fw_tcp_unlisten_rsp",
        words: &[0x0000_000c, 0x0000_0005],
        fields: &[("result", Int(0x0c)), ("dropped", Int(5))],
    },
    // 192.168.1.10:80 from port 4000, WSCALE | NODELAY, shift 3, 256 KiB.
    ArgGolden {
        block: "fw_tcp_connect_args",
        words: &[0xc0a8_010a, 0x0fa0_0050, 0x0000_0309, 0x0004_0000],
        fields: &[
            ("peer_ip", Int(0xc0a8_010a)),
            ("peer_port", Int(80)),
            ("local_port", Int(4000)),
            ("tcp_opt", Int(0x09)),
            ("rcv_wscale", Int(3)),
            ("rcv_wnd", Int(0x0004_0000)),
        ],
    },
    // ADDR_IN_USE (the words after the result are meaningful with SUCCESS
    // only; the layout does not care).
    ArgGolden {
        block: "fw_tcp_connect_rsp",
        words: &[0x0000_0004, 0x0000_0801, 0x0000_c000],
        fields: &[
            ("result", Int(0x04)),
            ("ep", Int(0x0801)),
            ("local_port", Int(49_152)),
        ],
    },
    // Slot 3, generation 3.
    ArgGolden {
        block: "fw_tcp_endpoint",
        words: &[0x0000_1803],
        fields: &[("ep", Int(0x1803))],
    },
    // BAD_STATE.
    ArgGolden {
        block: "fw_tcp_result",
        words: &[0x0000_0009],
        fields: &[("result", Int(0x09))],
    },
    // ACCEPTED (cause CONN_REFUSED, to tell the bytes apart) on endpoint
    // 0x0842: 192.168.1.1:5000 from 192.168.1.2:49153, MSS 1460, WSCALE,
    // shifts 7 and 3, listener 2.
    ArgGolden {
        block: "fw_tcp_event_rsp",
        words: &[
            0x0842_0102, // ep, cause, kind
            0x0000_0021, // tid
            0xc0a8_0101, // local_ip
            0xc0a8_0102, // peer_ip
            0xc001_1388, // peer_port, local_port
            0x1122_3344, // snd_isn
            0x5566_7788, // rcv_isn
            0x3701_05b4, // rcv_wscale, snd_wscale, tcp_opt, mss
            0x0000_0002, // listener
        ],
        fields: &[
            ("kind", Int(0x02)),
            ("cause", Int(0x01)),
            ("ep", Int(0x0842)),
            ("tid", Int(0x21)),
            ("local_ip", Int(0xc0a8_0101)),
            ("peer_ip", Int(0xc0a8_0102)),
            ("local_port", Int(5000)),
            ("peer_port", Int(49_153)),
            ("snd_isn", Int(0x1122_3344)),
            ("rcv_isn", Int(0x5566_7788)),
            ("mss", Int(1460)),
            ("tcp_opt", Int(0x01)),
            ("snd_wscale", Int(7)),
            ("rcv_wscale", Int(3)),
            ("listener", Int(2)),
        ],
    },
    // RCV_WND of endpoint 0x0803.
    ArgGolden {
        block: "fw_tcp_tcb_args",
        words: &[
            0x0000_0803,
            0x0000_0004,
            0x0506_0708, // value 31:0
            0x0102_0304, // value 63:32
            0xffff_0000, // mask 31:0
            0x00ff_ff00, // mask 63:32
        ],
        fields: &[
            ("ep", Int(0x0803)),
            ("field", Int(0x04)),
            ("value", Int(0x0102_0304_0506_0708)),
            ("mask", Int(0x00ff_ff00_ffff_0000)),
        ],
    },
    // BAD_ARGUMENT.
    ArgGolden {
        block: "fw_tcp_tcb_rsp",
        words: &[0x0000_0005, 0x0000_cdef, 0x0000_00ab],
        fields: &[("result", Int(0x05)), ("value", Int(0x0000_00ab_0000_cdef))],
    },
    // RDMA STATUS: a command runs; the last one ended BAD_ARG.
    ArgGolden {
        block: "rdma_status",
        words: &[0x0000_0501],
        fields: &[("busy", Int(1)), ("status", Int(0x05))],
    },
    // Mailbox STATUS: a 9-word response waits, no request in flight.
    ArgGolden {
        block: "mbox_status",
        words: &[0x0000_0902],
        fields: &[("busy", Int(0)), ("rsp_valid", Int(1)), ("rsp_len", Int(9))],
    },
];
