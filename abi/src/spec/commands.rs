//! The commands of the RDMA register block and of the firmware mailbox:
//! their codes, the words they take and answer, and the fields of the
//! STATUS registers that tell when a command is done.
//!
//! An RDMA command's arguments are the block's `ARG` words and its result
//! the `RSP` words. A mailbox command's arguments are the request's words
//! after its header (`fw_msg_hdr`), its result the response's words after
//! the header; a response that reports an error (`fw_status` other than
//! OK) is the header alone.

use super::{a, args, cmd, concat, v, ArgBlock, Command, Enum, Field, RegFields};

/// RDMA command codes and statuses.
pub const ENUMS: &[Enum] = &[
    Enum {
        name: "rdma_cmd",
        width: 8,
        reference: "warpnic (docs/iwarp.md)",
        doc: "Commands of the RDMA block: write the arguments into ARG, then the command into OP",
        flags: false,
        values: &[
            v("MR_REG", 0x01, "register a region (arguments rdma_mr_reg_args)"),
            v("MR_DEREG", 0x02, "free a region (arguments rdma_stag_args)"),
            v("MR_INV", 0x03, "invalidate a fast-register region (arguments rdma_mr_inv_args)"),
            v("QP_MODIFY", 0x04, "change a QP's state, and on RESET to INIT set its attributes (arguments rdma_qp_modify_args)"),
            v("QP_QUERY", 0x05, "read a QP's state and counters (arguments rdma_qp_args, result rdma_qp_query_rsp)"),
        ],
    },
    Enum {
        name: "rdma_cmd_status",
        width: 8,
        reference: "warpnic (docs/iwarp.md)",
        doc: "Result of an RDMA command (block RDMA, STATUS 15:8)",
        flags: false,
        values: &[
            v("OK", 0x00, "done"),
            v("BAD_STAG", 0x01, "STag index out of range, no region, or key mismatch"),
            v("PD_MISMATCH", 0x02, "the region belongs to another protection domain"),
            v("NOT_ALLOWED", 0x03, "not a fast-register region"),
            v("MR_STATE", 0x04, "the region is in the wrong state for the command"),
            v("BAD_ARG", 0x05, "a length, base or right the table cannot take (REMOTE_WRITE without LOCAL_WRITE, base + length past 2^64)"),
            v("BAD_QP", 0x06, "QP number out of range"),
            v("BAD_TRANSITION", 0x07, "the QP cannot go from its state to the one asked, or attributes outside RESET to INIT"),
            v("BAD_CMD", 0x08, "unknown command"),
        ],
    },
];

const RDMA_REF: &str = "warpnic (docs/iwarp.md)";

/// MR_DEREG's arguments.
const STAG_ARGS: ArgBlock = args(
    "rdma_stag_args",
    1,
    1,
    RDMA_REF,
    "A memory region, by its STag",
    &[a("stag", 0, 0, 32, "STag: table index 31:8, key 7:0")],
);

/// The arguments of QP_QUERY.
const QP_ARGS: ArgBlock = args(
    "rdma_qp_args",
    1,
    1,
    RDMA_REF,
    "A queue pair, by its number",
    &[a(
        "qp",
        0,
        0,
        32,
        "queue pair number (below the block's NUM_QP)",
    )],
);

/// The commands of the RDMA block, in code order.
pub const RDMA: &[Command] = &[
    cmd(
        "rdma_cmd",
        "MR_REG",
        "Registers a memory region: the table entry of the STag's index takes the key, protection domain, rights, base, length and IOVA; the region is valid at once (FAST_REG: allocated invalid, for fast-register work requests)",
        Some(args(
            "rdma_mr_reg_args",
            9,
            9,
            RDMA_REF,
            "MR_REG arguments: the region's table entry",
            &[
                a("stag", 0, 0, 32, "STag: table index 31:8, key 7:0"),
                a("pd", 1, 0, 16, "protection domain"),
                a("access", 2, 0, 8, "mr_access"),
                a("base", 3, 0, 64, "Tagged Offset of the region's first byte"),
                a("len", 5, 0, 64, "bytes"),
                a("iova", 7, 0, 64, "IOVA of the region's first byte"),
            ],
        )),
        None,
    ),
    cmd(
        "rdma_cmd",
        "MR_DEREG",
        "Frees a memory region's table entry",
        Some(STAG_ARGS),
        None,
    ),
    cmd(
        "rdma_cmd",
        "MR_INV",
        "Invalidates a fast-register region of a protection domain",
        Some(args(
            "rdma_mr_inv_args",
            2,
            2,
            RDMA_REF,
            "MR_INV arguments",
            &[
                a("stag", 0, 0, 32, "STag: table index 31:8, key 7:0"),
                a("pd", 1, 0, 16, "protection domain the region must belong to"),
            ],
        )),
        None,
    ),
    cmd(
        "rdma_cmd",
        "QP_MODIFY",
        "Moves a queue pair to another state: RESET to INIT (with set_attrs, which that transition needs), INIT to RTR, INIT/RTR/SQD/SQE to RTS, RTS to SQD, any to ERROR, ERROR or INIT to RESET; the same state without set_attrs does nothing",
        Some(args(
            "rdma_qp_modify_args",
            13,
            2,
            RDMA_REF,
            "QP_MODIFY arguments: the state, and the attributes RESET to INIT sets (ARG2 and up are read only with set_attrs)",
            &[
                a("qp", 0, 0, 32, "queue pair number (below the block's NUM_QP)"),
                a("state", 1, 0, 8, "qp_state"),
                a("set_attrs", 1, 8, 1, "set the attributes of the words after (RESET to INIT only)"),
                a("pd", 2, 0, 16, "protection domain"),
                a("mulpdu", 3, 0, 16, "largest ULPDU accepted, bytes (at least 1)"),
                a("crc", 3, 16, 1, "CRC32c on the connection"),
                a("markers_rx", 3, 17, 1, "MPA markers in what the peer sends"),
                a("markers_tx", 3, 18, 1, "MPA markers in what this QP sends"),
                a("ird", 3, 24, 8, "inbound RDMA Read queue depth (at most RDMA_MAX_IRD)"),
                a("ord", 4, 0, 8, "outbound RDMA Read queue depth (at most RDMA_MAX_ORD)"),
                a("send_cq", 4, 8, 8, "completion queue of the send queue"),
                a("recv_cq", 4, 16, 8, "completion queue of the receive queue"),
                a("rq_log", 4, 24, 4, "log2 of the receive queue's entries (1..=15)"),
                a("sq_log", 4, 28, 4, "log2 of the send queue's entries (1..=15)"),
                a("rq_iova", 5, 0, 64, "IOVA of the receive queue's ring"),
                a("sq_iova", 7, 0, 64, "IOVA of the send queue's ring"),
                a("tid", 9, 0, 16, "the TCP connection id the QP runs on"),
                a("marker_phase", 10, 0, 9, "marker phase of the first received FPDU's first byte (0..=511)"),
                a("send_mulpdu", 11, 0, 16, "largest ULPDU to send (MULPDU), bytes"),
                a("tx_start", 12, 0, 32, "stream offset of the first FPDU to send (the stream's TX_END when FPDU mode begins)"),
            ],
        )),
        None,
    ),
    cmd(
        "rdma_cmd",
        "QP_QUERY",
        "Reads a queue pair's state, why it entered ERROR, its receive-queue indices and its count of received messages",
        Some(QP_ARGS),
        Some(args(
            "rdma_qp_query_rsp",
            4,
            4,
            RDMA_REF,
            "QP_QUERY result",
            &[
                a("state", 0, 0, 8, "qp_state"),
                a("error", 1, 0, 32, "qp_error_info of the Terminate that put the QP in ERROR (0: none)"),
                a("rq_ci", 2, 0, 16, "receive-queue consumer index (15:0 of the free-running index)"),
                a("rq_pi", 2, 16, 16, "receive-queue producer index as the hardware has it"),
                a("rx_msgs", 3, 0, 32, "messages received"),
            ],
        )),
    ),
];

const FW_REF: &str = "warpnic (mailbox)";

/// A MAC address (SET_MAC's arguments, GET_MAC's result).
const MAC: ArgBlock = args(
    "fw_mac",
    2,
    2,
    FW_REF,
    "The port's MAC address",
    &[a(
        "mac",
        0,
        0,
        48,
        "MAC address; byte 0 on the wire is bits 47:40",
    )],
);

/// An IPv4 address, prefix and gateway (SET_IPV4's arguments, GET_IPV4's
/// result).
const IPV4: ArgBlock = args(
    "fw_ipv4",
    3,
    2,
    FW_REF,
    "The port's IPv4 address, prefix length and default gateway",
    &[
        a("addr", 0, 0, 32, "IPv4 address (192.0.2.1 is 0xc0000201)"),
        a("prefix_len", 1, 0, 8, "prefix length (1..=32 when set)"),
        a("gateway", 2, 0, 32, "default gateway, a unicast host of the subnet; 0 (or the word left out): none, every peer is on link"),
    ],
);

/// The TCP engine's timing: TCP_CONFIG's read result, and the first words
/// of its write arguments.
const TCP_TIMING_FIELDS: &[Field] = &[
    a(
        "rto_init",
        0,
        0,
        32,
        "initial retransmission timeout of SYN and SYN-ACK, µs",
    ),
    a(
        "rto_min",
        1,
        0,
        32,
        "lower bound of the retransmission timeout, µs",
    ),
    a(
        "rto_max",
        2,
        0,
        32,
        "upper bound of the retransmission timeout, µs",
    ),
    a(
        "syn_retries",
        3,
        0,
        8,
        "SYN and SYN-ACK retransmissions before an open fails",
    ),
    a(
        "data_retries",
        3,
        8,
        8,
        "retransmissions of one segment before TIMEOUT",
    ),
    a("time_wait", 4, 0, 32, "TIME_WAIT duration (2 MSL), µs"),
];

/// TCP_CONFIG's write arguments: the timing, then the ISN secret.
const TCP_CONFIG_FIELDS: [Field; 8] = concat(&[
    TCP_TIMING_FIELDS,
    &[
        a("isn_key_lo", 5, 0, 64, "ISN secret bits 63:0"),
        a("isn_key_hi", 7, 0, 64, "ISN secret bits 127:64"),
    ],
]);

/// The result word alone (TCP_CLOSE, TCP_ABORT).
const TCP_RESULT: ArgBlock = args(
    "fw_tcp_result",
    1,
    1,
    FW_REF,
    "The result of a TCP command",
    &[a("result", 0, 0, 8, "cpl_status")],
);

/// An endpoint (TCP_CLOSE, TCP_ABORT).
const TCP_ENDPOINT: ArgBlock = args(
    "fw_tcp_endpoint",
    1,
    1,
    FW_REF,
    "A connection endpoint, by its id",
    &[a(
        "ep",
        0,
        0,
        16,
        "endpoint id: slot 10:0, generation 15:11",
    )],
);

/// The commands of the firmware mailbox, in code order (the port's
/// FRAME_RX, FRAME_TX and CPL messages are not commands).
pub const MAILBOX: &[Command] = &[
    cmd("fw_opcode", "NOP", "Answers with an empty response", None, None),
    cmd(
        "fw_opcode",
        "GET_VERSION",
        "Answers the firmware's interface version, the core's build ID and the port's MAC address",
        None,
        Some(args(
            "fw_version_rsp",
            4,
            4,
            FW_REF,
            "GET_VERSION result",
            &[
                a("version", 0, 0, 32, "FW_VERSION"),
                a("build_id", 1, 0, 32, "the core's BUILD_ID, as the firmware reads it (FW_REG_BUILD_ID)"),
                a("mac", 2, 0, 48, "the port's MAC address; byte 0 on the wire is bits 47:40"),
            ],
        )),
    ),
    cmd(
        "fw_opcode",
        "SET_MAC",
        "Sets the port's unicast MAC address; a zero or group address is BAD_ARGUMENT",
        Some(MAC),
        None,
    ),
    cmd(
        "fw_opcode",
        "GET_MAC",
        "Answers the port's MAC address, read back from the register window",
        None,
        Some(MAC),
    ),
    cmd(
        "fw_opcode",
        "SET_IPV4",
        "Gives the port its IPv4 address, and with a third word its default gateway: the firmware answers ARP and ICMP echo for the address, the core steers those frames to the firmware, and peers off the subnet go through the gateway",
        Some(IPV4),
        None,
    ),
    cmd(
        "fw_opcode",
        "GET_IPV4",
        "Answers the port's IPv4 address, prefix length and gateway (zeros before SET_IPV4)",
        None,
        Some(IPV4),
    ),
    cmd(
        "fw_opcode",
        "ARP_RESOLVE",
        "Resolves an IPv4 address: routes it (on link, else the gateway) and answers the next hop's MAC address, or starts a resolution (an ARP request goes out) and answers PENDING; ask again until RESOLVED",
        Some(args(
            "fw_arp_resolve_args",
            1,
            1,
            FW_REF,
            "ARP_RESOLVE arguments",
            &[a("addr", 0, 0, 32, "the IPv4 address to resolve")],
        )),
        Some(args(
            "fw_arp_resolve_rsp",
            4,
            4,
            FW_REF,
            "ARP_RESOLVE result",
            &[
                a("state", 0, 0, 8, "arp_state"),
                a("next_hop", 1, 0, 32, "the address resolved: the peer on link, else the gateway (0 without a route)"),
                a("mac", 2, 0, 48, "the next hop's MAC address when RESOLVED; byte 0 on the wire is bits 47:40"),
            ],
        )),
    ),
    cmd(
        "fw_opcode",
        "TCP_CONFIG",
        "Read form, with no arguments: answers the TCP engine's five timing registers",
        None,
        Some(args(
            "fw_tcp_timing",
            5,
            5,
            FW_REF,
            "The TCP engine's timing (TCP_CONFIG read result)",
            TCP_TIMING_FIELDS,
        )),
    ),
    cmd(
        "fw_opcode",
        "TCP_CONFIG",
        "Write form: sets the TCP engine's timing and, with the last four words, the 128-bit ISN secret (RFC 6528). Times are not zero, rto_min <= rto_init <= rto_max, retry counts at least 1; else BAD_ARGUMENT. A request of 5 or 9 words; other lengths are BAD_LENGTH",
        Some(args(
            "fw_tcp_config_args",
            9,
            5,
            FW_REF,
            "TCP_CONFIG write arguments",
            &TCP_CONFIG_FIELDS,
        )),
        None,
    ),
    cmd(
        "fw_opcode",
        "TCP_LISTEN",
        "Starts a listener; answered once the engine's PASS_OPEN_RPL arrives. ADDR_IN_USE (a listener on the port) and NO_RESOURCES (no listener slot) are answered at once, with the result word alone",
        Some(args(
            "fw_tcp_listen_args",
            2,
            2,
            FW_REF,
            "TCP_LISTEN arguments",
            &[
                a("port", 0, 0, 16, "local TCP port (not 0)"),
                a("backlog", 0, 16, 16, "connections not yet taken by the host the listener holds at most (not 0)"),
                a("rcv_wnd", 1, 0, 32, "receive window of accepted connections, bytes (0: 65535; at most 2^30)"),
            ],
        )),
        Some(args(
            "fw_tcp_listen_rsp",
            2,
            1,
            FW_REF,
            "TCP_LISTEN result",
            &[
                a("result", 0, 0, 8, "cpl_status"),
                a("listener", 1, 0, 16, "listener id (with SUCCESS, or the listener that timed out)"),
            ],
        )),
    ),
    cmd(
        "fw_opcode",
        "TCP_UNLISTEN",
        "Stops a listener and resets its embryonic connections; answered once the engine's CLOSE_LISTSRV_RPL arrives (BAD_ID at once when it is not listening)",
        Some(args(
            "fw_tcp_listener",
            1,
            1,
            FW_REF,
            "A listener, by its id",
            &[a("listener", 0, 0, 16, "listener id")],
        )),
        Some(args(
            "fw_tcp_unlisten_rsp",
            2,
            1,
            FW_REF,
            "TCP_UNLISTEN result",
            &[
                a("result", 0, 0, 8, "cpl_status"),
                a("dropped", 1, 0, 32, "embryonic connections reset with the listener"),
            ],
        )),
    ),
    cmd(
        "fw_opcode",
        "TCP_CONNECT",
        "Opens a connection; answers at once, and the outcome comes later as a TCP_EVENT (ESTABLISHED, REFUSED, TIMED_OUT or UNREACHABLE)",
        Some(args(
            "fw_tcp_connect_args",
            4,
            4,
            FW_REF,
            "TCP_CONNECT arguments",
            &[
                a("peer_ip", 0, 0, 32, "peer IPv4 address (192.168.1.10 is 0xc0a8010a)"),
                a("peer_port", 1, 0, 16, "peer TCP port (not 0)"),
                a("local_port", 1, 16, 16, "local TCP port (0: an ephemeral port)"),
                a("tcp_opt", 2, 0, 8, "cpl_tcp_opt"),
                a("rcv_wscale", 2, 8, 8, "receive window shift, 0..=14 (with WSCALE, else 0)"),
                a("rcv_wnd", 3, 0, 32, "receive window, bytes (0: 65535; at most 2^30, and within 65535 << rcv_wscale)"),
            ],
        )),
        Some(args(
            "fw_tcp_connect_rsp",
            3,
            1,
            FW_REF,
            "TCP_CONNECT result: with SUCCESS the endpoint and its local port, else the result word alone",
            &[
                a("result", 0, 0, 8, "cpl_status"),
                a("ep", 1, 0, 16, "endpoint id: slot 10:0, generation 15:11"),
                a("local_port", 2, 0, 16, "local TCP port (the ephemeral port chosen for 0)"),
            ],
        )),
    ),
    cmd(
        "fw_opcode",
        "TCP_CLOSE",
        "Closes a connection gracefully (FIN after the queued data); an open still in progress is aborted. CLOSED follows as an event",
        Some(TCP_ENDPOINT),
        Some(TCP_RESULT),
    ),
    cmd(
        "fw_opcode",
        "TCP_ABORT",
        "Resets a connection (RST); ABORTED follows as an event",
        Some(TCP_ENDPOINT),
        Some(TCP_RESULT),
    ),
    cmd(
        "fw_opcode",
        "TCP_EVENT",
        "Takes the oldest connection event (kind NONE when none waits)",
        None,
        Some(args(
            "fw_tcp_event_rsp",
            9,
            1,
            FW_REF,
            "TCP_EVENT result: the event word, and for ESTABLISHED and ACCEPTED the connection in the eight words after",
            &[
                a("kind", 0, 0, 8, "tcp_event"),
                a("cause", 0, 8, 8, "cpl_status"),
                a("ep", 0, 16, 16, "endpoint id: slot 10:0, generation 15:11"),
                a("tid", 1, 0, 32, "the engine's connection id (CPL_TID_NONE: none)"),
                a("local_ip", 2, 0, 32, "local IPv4 address"),
                a("peer_ip", 3, 0, 32, "peer IPv4 address"),
                a("local_port", 4, 0, 16, "local TCP port"),
                a("peer_port", 4, 16, 16, "peer TCP port"),
                a("snd_isn", 5, 0, 32, "our initial sequence number"),
                a("rcv_isn", 6, 0, 32, "the peer's initial sequence number"),
                a("mss", 7, 0, 16, "effective MSS, bytes"),
                a("tcp_opt", 7, 16, 8, "cpl_tcp_opt"),
                a("snd_wscale", 7, 24, 4, "the peer's window scale shift"),
                a("rcv_wscale", 7, 28, 4, "our window scale shift"),
                a("listener", 8, 0, 32, "listener id (ACCEPTED), or 0xffff_ffff"),
            ],
        )),
    ),
    cmd(
        "fw_opcode",
        "TCP_TCB",
        "Reads or writes one TCB field of a connection (SET_TCB_FIELD: field = (field & !mask) | (value & mask), a zero mask reads); answered once the engine's SET_TCB_RPL arrives",
        Some(args(
            "fw_tcp_tcb_args",
            6,
            6,
            FW_REF,
            "TCP_TCB arguments",
            &[
                a("ep", 0, 0, 16, "endpoint id: slot 10:0, generation 15:11"),
                a("field", 1, 0, 8, "tcb_field"),
                a("value", 2, 0, 64, "new bits, right-aligned"),
                a("mask", 4, 0, 64, "bits of the field to write (0: read)"),
            ],
        )),
        Some(args(
            "fw_tcp_tcb_rsp",
            3,
            1,
            FW_REF,
            "TCP_TCB result",
            &[
                a("result", 0, 0, 8, "cpl_status"),
                a("value", 1, 0, 64, "the field's value after the write"),
            ],
        )),
    ),
];

/// The fields of the STATUS registers of the RDMA block and of the
/// mailbox.
pub const REG_FIELDS: &[RegFields] = &[
    RegFields {
        block: "RDMA",
        reg: "STATUS",
        fields: args(
            "rdma_status",
            1,
            1,
            RDMA_REF,
            "The RDMA block's STATUS register",
            &[
                a("busy", 0, 0, 1, "a command runs (OP is ignored)"),
                a("status", 0, 8, 8, "rdma_cmd_status"),
            ],
        ),
    },
    RegFields {
        block: "MBOX",
        reg: "STATUS",
        fields: args(
            "mbox_status",
            1,
            1,
            FW_REF,
            "The mailbox's STATUS register",
            &[
                a("busy", 0, 0, 1, "a request is in flight"),
                a(
                    "rsp_valid",
                    0,
                    1,
                    1,
                    "RSP holds the response to the last request",
                ),
                a(
                    "rsp_len",
                    0,
                    8,
                    8,
                    "response length in words, header included",
                ),
            ],
        ),
    },
];
