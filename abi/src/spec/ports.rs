//! Signal bundles of the RTL's internal ports: the signals one port carries,
//! declared once so that every module that has the port declares it the
//! same way.

use super::{sig, Bundle};

/// The bundles.
pub const BUNDLES: &[Bundle] = &[
    Bundle {
        name: "dma_rd",
        doc: "A DMA read port of one requester, as the read channel's arbiter (wn_dma_rd_mux) or a read server gives it: a request of len bytes at addr, answered in request order by beats of data, the last with last; err on the one beat of a refused read",
        req: &[
            sig("req_addr", 64, "IOVA of the first byte"),
            sig("req_len", 16, "bytes, 1..=DMA_MAX_READ"),
            sig("req_valid", 1, "a request is offered"),
            sig("rsp_ready", 1, "the requester takes the response beat"),
        ],
        rsp: &[
            sig("req_ready", 1, "the request is taken"),
            sig("rsp_data", 512, "response beat: byte 0 of the read in bits 7:0 of the first beat (DATA_WIDTH)"),
            sig("rsp_err", 1, "the host refused the read: one beat with rsp_last and no data"),
            sig("rsp_last", 1, "last beat of the response"),
            sig("rsp_valid", 1, "a response beat is offered"),
        ],
    },
    Bundle {
        name: "dma_wr",
        doc: "A DMA write port of one requester, as the write channel's arbiter (wn_dma_wr_mux) gives it: beats of data for a write of len bytes at addr, the last with last, and one done pulse per write",
        req: &[
            sig("wr_addr", 64, "IOVA of the first byte; held for every beat of the write"),
            sig("wr_len", 16, "bytes"),
            sig("wr_data", 512, "write beat: byte 0 of the write in bits 7:0 of the first beat (DATA_WIDTH)"),
            sig("wr_last", 1, "last beat of the write"),
            sig("wr_valid", 1, "a write beat is offered"),
        ],
        rsp: &[
            sig("wr_ready", 1, "the write beat is taken"),
            sig("done_valid", 1, "one of the requester's writes is done (one cycle per write, in order)"),
            sig("done_err", 1, "with done_valid: the host refused the write; nothing was written"),
        ],
    },
];
