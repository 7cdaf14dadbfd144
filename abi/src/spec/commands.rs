//! The commands of the RDMA register block and their codes.

use super::{v, Enum};

/// RDMA command codes and statuses.
pub const ENUMS: &[Enum] = &[
    Enum {
        name: "rdma_cmd",
        width: 8,
        reference: "warpnic (docs/iwarp.md)",
        doc: "Commands of the RDMA block: write the arguments into ARG, then the command into OP",
        flags: false,
        values: &[
            v("MR_REG", 0x01, "register a region: ARG0 STag (index 31:8, key 7:0), ARG1 PD, ARG2 mr_access, ARG3/ARG4 base (the Tagged Offset of byte 0) low/high, ARG5/ARG6 length low/high, ARG7/ARG8 IOVA of byte 0 low/high"),
            v("MR_DEREG", 0x02, "free a region: ARG0 STag"),
            v("MR_INV", 0x03, "invalidate a fast-register region: ARG0 STag, ARG1 PD"),
            v("QP_MODIFY", 0x04, "change a QP: ARG0 QP; ARG1 7:0 qp_state, bit 8 set the attributes below (RESET to INIT only); ARG2 PD; ARG3 15:0 largest ULPDU accepted, bit 16 CRC, bit 17 markers in what the peer sends, bit 18 markers in what this QP sends, 31:24 IRD; ARG4 7:0 ORD, 15:8 send CQ, 23:16 receive CQ, 27:24 log2 receive-queue entries (1..=15), 31:28 log2 send-queue entries; ARG5/ARG6 receive-queue ring IOVA; ARG7/ARG8 send-queue ring IOVA; ARG9 the TCP connection id; ARG10 8:0 marker phase of the first received FPDU's first byte; ARG11 15:0 largest ULPDU to send (MULPDU); ARG12 the stream offset of the first FPDU to send (the stream's TX_END when FPDU mode begins)"),
            v("QP_QUERY", 0x05, "read a QP: ARG0 QP; RSP0 7:0 qp_state; RSP1 qp_error_info (0: no error); RSP2 15:0 receive-queue consumer index, 31:16 producer index; RSP3 messages received"),
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
