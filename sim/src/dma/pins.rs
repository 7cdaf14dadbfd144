//! The values on the core's DMA ports in one cycle, as the core drives
//! them ([`DmaPinsOut`]) and as the model drives them ([`DmaPinsIn`]), and
//! the model's traffic counters.

/// The read request channel as the core drives it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RdReq {
    /// `m_dma_rd_req_valid_o`.
    pub valid: bool,
    /// `m_dma_rd_req_addr_o`: IOVA.
    pub addr: u64,
    /// `m_dma_rd_req_len_o`: bytes, 1..=4096.
    pub len: u16,
    /// `m_dma_rd_req_tag_o`.
    pub tag: u8,
}

/// The write channel as the core drives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrBeat {
    /// `m_dma_wr_valid_o`.
    pub valid: bool,
    /// `m_dma_wr_addr_o`: IOVA, held for every beat.
    pub addr: u64,
    /// `m_dma_wr_len_o`: bytes, 1..=16384, held for every beat.
    pub len: u16,
    /// `m_dma_wr_tag_o`, held for every beat.
    pub tag: u8,
    /// `m_dma_wr_data_o`: byte 0 of the beat in bits 7:0.
    pub data: [u8; 64],
    /// `m_dma_wr_last_o`.
    pub last: bool,
}

impl Default for WrBeat {
    fn default() -> Self {
        WrBeat {
            valid: false,
            addr: 0,
            len: 0,
            tag: 0,
            data: [0; 64],
            last: false,
        }
    }
}

/// The core's DMA outputs in one cycle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DmaPinsOut {
    /// Read request channel.
    pub rd_req: RdReq,
    /// `s_dma_rd_rsp_ready_o`.
    pub rd_rsp_ready: bool,
    /// Write channel.
    pub wr: WrBeat,
}

/// The read response channel as the model drives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RdRsp {
    /// `s_dma_rd_rsp_valid_i`.
    pub valid: bool,
    /// `s_dma_rd_rsp_data_i`.
    pub data: [u8; 64],
    /// `s_dma_rd_rsp_tag_i`.
    pub tag: u8,
    /// `s_dma_rd_rsp_err_i`.
    pub err: bool,
    /// `s_dma_rd_rsp_last_i`.
    pub last: bool,
}

impl Default for RdRsp {
    fn default() -> Self {
        RdRsp {
            valid: false,
            data: [0; 64],
            tag: 0,
            err: false,
            last: false,
        }
    }
}

/// The write done report as the model drives it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WrDone {
    /// `s_dma_wr_done_valid_i`.
    pub valid: bool,
    /// `s_dma_wr_done_tag_i`.
    pub tag: u8,
    /// `s_dma_wr_done_err_i`.
    pub err: bool,
}

/// The core's DMA inputs in one cycle, as the model drives them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DmaPinsIn {
    /// `m_dma_rd_req_ready_i`.
    pub rd_req_ready: bool,
    /// Read response channel.
    pub rd_rsp: RdRsp,
    /// `m_dma_wr_ready_i`.
    pub wr_ready: bool,
    /// Write done report.
    pub wr_done: WrDone,
}

/// Traffic counters of the DMA model.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DmaCounters {
    /// Read requests accepted.
    pub reads: u64,
    /// Bytes delivered to the core by successful reads.
    pub read_bytes: u64,
    /// Reads answered with an error beat.
    pub read_errors: u64,
    /// Writes accepted (last beat taken).
    pub writes: u64,
    /// Bytes of writes reported done without error.
    pub write_bytes: u64,
    /// Writes reported done with an error.
    pub write_errors: u64,
    /// MRd TLPs sent.
    pub read_tlps: u64,
    /// MWr TLPs sent.
    pub write_tlps: u64,
    /// Completion TLPs received.
    pub completions: u64,
    /// Bytes sent upstream (TLPs with overheads).
    pub up_wire_bytes: u64,
    /// Bytes sent downstream.
    pub down_wire_bytes: u64,
}
