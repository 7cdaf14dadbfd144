//! Signal bundles of the RTL's internal ports: the channels one port
//! carries, declared once so that every module that has the port declares
//! it the same way. Each channel's valid and payload go one way as a packed
//! struct and its ready goes the other way as a plain signal, so a module
//! that answers one channel with another in the same cycle makes no
//! combinational loop through a struct.

use super::{sig, Bundle, Channel, Flow};

/// The bundles.
pub const BUNDLES: &[Bundle] = &[
    Bundle {
        name: "dma_rd",
        doc: "A DMA read port of one requester, as the read channel's arbiter (wn_dma_rd_mux) or a read server gives it: a request of len bytes at addr, answered in request order by beats of data, the last with last; err on the one beat of a refused read",
        channels: &[
            Channel {
                name: "req",
                flow: Flow::FromRequester,
                signals: &[
                    sig("req_valid", 1, "a request is offered"),
                    sig("req_addr", 64, "IOVA of the first byte"),
                    sig("req_len", 16, "bytes, 1..=DMA_MAX_READ"),
                ],
                ready: Some(sig("req_ready", 1, "the request is taken")),
            },
            Channel {
                name: "rsp",
                flow: Flow::ToRequester,
                signals: &[
                    sig("rsp_valid", 1, "a response beat is offered"),
                    sig("rsp_data", 512, "response beat: byte 0 of the read in bits 7:0 of the first beat (DATA_WIDTH)"),
                    sig("rsp_err", 1, "the host refused the read: one beat with rsp_last and no data"),
                    sig("rsp_last", 1, "last beat of the response"),
                ],
                ready: Some(sig("rsp_ready", 1, "the requester takes the response beat")),
            },
        ],
    },
    Bundle {
        name: "dma_wr",
        doc: "A DMA write port of one requester, as the write channel's arbiter (wn_dma_wr_mux) gives it: beats of data for a write of len bytes at addr, the last with last, and one done pulse per write",
        channels: &[
            Channel {
                name: "req",
                flow: Flow::FromRequester,
                signals: &[
                    sig("wr_valid", 1, "a write beat is offered"),
                    sig("wr_addr", 64, "IOVA of the first byte; held for every beat of the write"),
                    sig("wr_len", 16, "bytes"),
                    sig("wr_data", 512, "write beat: byte 0 of the write in bits 7:0 of the first beat (DATA_WIDTH)"),
                    sig("wr_last", 1, "last beat of the write"),
                ],
                ready: Some(sig("wr_ready", 1, "the write beat is taken")),
            },
            Channel {
                name: "done",
                flow: Flow::ToRequester,
                signals: &[
                    sig("done_valid", 1, "one of the requester's writes is done (one cycle per write, in order)"),
                    sig("done_err", 1, "with done_valid: the host refused the write; nothing was written"),
                ],
                ready: None,
            },
        ],
    },
];
