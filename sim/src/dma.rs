//! The PCIe DMA model at the core's DMA ports.
//!
//! [`DmaModel`] stands for everything between the core's `m_dma_*` /
//! `s_dma_*` ports and host memory on a real board: the board's PCIe DMA
//! engine, the PCIe link, the root complex and the IOMMU ([`Iommu`]). It
//! keeps the port contract of docs/core-ports.md and charges every transfer
//! the time it would take on a PCIe Gen3 x16 link, so that cycle counts
//! measured in the co-simulation are honest.
//!
//! # Port contract kept
//!
//! - Reads: a request (`addr`, `len` 1..=4096, `tag`) is answered by one
//!   response, in request order, whose beats are never interleaved with
//!   another response's. Beat `k` carries request bytes `64k..64k+63`, byte
//!   `64k` in bits 7:0; bytes past `len` in the last beat are zero. The core
//!   may stall the response with `rd_rsp_ready` low; the beat on offer stays
//!   unchanged until taken. A refused read (IOMMU fault) is answered by a
//!   single beat with `err` and `last` and zero data.
//! - Writes: `addr`, `len` (1..=16384) and `tag` are sampled on the first
//!   beat and must be held on every beat; the write has `ceil(len/64)` beats,
//!   the last one with `last`. Exactly one done report follows per write,
//!   valid for one cycle, with `err` when the IOMMU refused the write, in
//!   which case nothing at all was written.
//!
//! # Per-cycle protocol (how the World drives it)
//!
//! The model holds the inputs it drives into the core for the current cycle
//! ([`DmaModel::pins_in`]; for cycle 0 that is its reset state, which the
//! World applies before the first evaluation). For each cycle `n`:
//! 1. apply the model's inputs for cycle `n`, evaluate the core, sample its
//!    outputs for cycle `n` into a [`DmaPinsOut`];
//! 2. call [`DmaModel::tick`]`(n, &out, &mut iommu)`. It performs the
//!    handshakes of the clock edge that ends cycle `n` — a transfer happens
//!    on each channel whose `valid` and `ready` were both high during cycle
//!    `n`, using the inputs the model drove in cycle `n` and the outputs in
//!    `out` — then advances the model to that edge and returns the inputs
//!    for cycle `n + 1`.
//!
//! The model's `valid` outputs never depend on the core's `ready` in the
//! same cycle, and its `ready` outputs never depend on the core's `valid`,
//! so there is no combinational loop through the World.
//!
//! # What a transfer costs
//!
//! The link is full duplex; each direction is a serializer that carries one
//! transaction layer packet (TLP) at a time at the link's data rate.
//! Upstream (device → host) carries read requests (MRd) and write data
//! (MWr); downstream (host → device) carries read completions (CplD). Each
//! TLP costs its payload plus its header (12 bytes, or 16 for a 64-bit
//! address at or above 4 GiB) plus [`DmaConfig::tlp_framing_bytes`].
//!
//! - A read request is split into MRd TLPs of at most
//!   [`DmaConfig::max_read_request`] bytes at naturally aligned boundaries
//!   (so none crosses 4 KiB). An MRd is issued only when the engine's
//!   completion buffer ([`DmaConfig::read_buffer_bytes`]) can hold its data;
//!   the space is freed as the core takes the beats. At most
//!   [`DmaConfig::max_reads`] requests are outstanding (`rd_req_ready` is
//!   low otherwise).
//! - The host answers an MRd [`DmaConfig::read_latency_cycles`] after the
//!   TLP has left the device, with completions split at
//!   [`DmaConfig::completion_bytes`]-aligned addresses, queued on the
//!   downstream serializer in the order they are produced. A beat is offered
//!   to the core once all its bytes have arrived.
//! - The IOMMU check and the memory read of a request happen when its first
//!   MRd is serviced by the host. A refused request gets a data-less
//!   completion with an error status for every MRd already issued; the
//!   engine issues no more of them and answers the core with the error beat
//!   once they have all returned.
//! - A write is split into MWr TLPs of at most [`DmaConfig::max_payload`]
//!   bytes at naturally aligned boundaries; a TLP is issued once its data has
//!   arrived from the core (cut-through). The engine buffers
//!   [`DmaConfig::write_buffer_bytes`] of write data not yet sent;
//!   `wr_ready` is low when a further beat would not fit. Upstream requests
//!   and writes share the link round-robin.
//! - Writes are posted: the done report comes in the cycle after the last
//!   MWr has left the device, with the IOMMU's verdict checked then; the
//!   data lands in host memory, all of it at once,
//!   [`DmaConfig::write_latency_cycles`] after that, in write order. Since
//!   that is never later than a read's service time, a read issued after a
//!   write sees the write, as PCIe ordering requires (a read request may not
//!   pass a posted write). (If the host unmaps the range in between, the
//!   late write is refused and logged as a fault, and nothing is written.)
//!
//! # Default parameters: a Gen3 x16 slot on a current x86 server
//!
//! - 8 GT/s × 16 lanes with 128b/130b encoding: 15.754 GB/s per direction,
//!   63.0 bytes per 4 ns cycle.
//! - Framing: 8 bytes per TLP (Gen3 STP token 4 bytes, which carries the
//!   sequence number, plus LCRC 4 bytes); with the header that is 20 bytes
//!   per completion and 20 or 24 per request, the "about 20–24 bytes"
//!   overhead of vendors' throughput notes. Data-link packets (ACK and
//!   flow-control updates, 8 bytes each, typically one per few TLPs) and
//!   SKP ordered sets are not charged: the model is a few percent
//!   optimistic.
//! - Max payload 256 bytes and max read request 512 bytes: the values
//!   server root complexes commonly negotiate and that Corundum-class DMA
//!   engines use.
//! - Completions of 128 bytes: a root port with its read completion boundary
//!   (RCB) at 128 bytes returns a read as completions of 128 bytes at aligned
//!   boundaries. That lets DMA reads use 128/148 of the link, about 13.6 GB/s
//!   (54 bytes per cycle). A root complex that returns one completion per
//!   64-byte cache line (`completion_bytes: 64`, as Intel Xeon root
//!   complexes do) caps reads at about 12 GB/s (48 bytes per cycle): below
//!   the 12.3 GB/s of frame data that 100 GbE carries with 1518-byte
//!   frames, so on such a host no NIC that reads payloads by DMA transmits
//!   large frames at line rate. The raw benchmark prints the bound of both.
//! - Read latency 500 ns (125 cycles) from MRd sent to first completion
//!   sent: pcie-bench (Neugebauer et al., "Understanding PCIe performance
//!   for end host networking", SIGCOMM 2018) measured 64-byte DMA read
//!   latencies of roughly 450–550 ns on Xeon E5 hosts with the IOMMU off.
//!   An idle 64-byte read therefore takes 128 cycles from the request
//!   handshake to the response beat.
//! - Write latency 160 ns (40 cycles) from the last MWr sent to the data
//!   being visible to the host CPU: half the link round trip without the
//!   memory access, as posted writes land in the last-level cache (DDIO).
//! - 32 KiB completion buffer and 64 outstanding requests: more than the
//!   bandwidth-delay product (126 cycles × 63 B ≈ 8 KiB), so one stream of
//!   4 KiB reads runs at the completion-limited rate.
//! - 4 KiB write buffer.

use std::collections::VecDeque;

use crate::error::{SimError, SimResult};
use crate::iommu::Iommu;
use crate::link::CYCLE_FS;

/// Bytes per beat on the DMA data ports (512 bits).
pub const DMA_BEAT_BYTES: usize = 64;
/// Longest read request the core may make.
pub const MAX_READ_LEN: u32 = 4096;
/// Longest write the core may make.
pub const MAX_WRITE_LEN: u32 = 16384;

/// TLP header length for a 32-bit address or a completion (3 DW).
const HDR_3DW: u64 = 12;
/// TLP header length for a 64-bit address (4 DW).
const HDR_4DW: u64 = 16;

/// Parameters of the PCIe link and the DMA engine. See the module
/// documentation for the defaults and their sources.
#[derive(Clone, Debug, PartialEq)]
pub struct DmaConfig {
    /// Transfer rate per lane in GT/s (8 for Gen3).
    pub gts_per_lane: f64,
    /// Lanes (16).
    pub lanes: u32,
    /// Line code payload bits (128 for 128b/130b).
    pub encoding_data_bits: u32,
    /// Line code total bits (130 for 128b/130b).
    pub encoding_total_bits: u32,
    /// Framing bytes per TLP besides its header (8: STP token and LCRC).
    pub tlp_framing_bytes: u32,
    /// Max payload size of a write TLP in bytes (256).
    pub max_payload: u32,
    /// Max read request size in bytes (512).
    pub max_read_request: u32,
    /// Size of the completions the root complex returns, at aligned
    /// boundaries (128: RCB 128; 64 models one completion per cache line).
    pub completion_bytes: u32,
    /// Cycles from an MRd leaving the device to its first completion being
    /// sent by the host (125 = 500 ns).
    pub read_latency_cycles: u64,
    /// Cycles from the last MWr of a write leaving the device to its data
    /// being visible in host memory (40 = 160 ns); at most
    /// `read_latency_cycles`.
    pub write_latency_cycles: u64,
    /// Completion buffer of the engine in bytes (32 KiB).
    pub read_buffer_bytes: u32,
    /// Read requests accepted and not yet fully answered (64).
    pub max_reads: usize,
    /// Write data accepted from the core and not yet sent (4 KiB).
    pub write_buffer_bytes: u32,
}

impl Default for DmaConfig {
    fn default() -> Self {
        DmaConfig {
            gts_per_lane: 8.0,
            lanes: 16,
            encoding_data_bits: 128,
            encoding_total_bits: 130,
            tlp_framing_bytes: 8,
            max_payload: 256,
            max_read_request: 512,
            completion_bytes: 128,
            read_latency_cycles: 125,
            write_latency_cycles: 40,
            read_buffer_bytes: 32 * 1024,
            max_reads: 64,
            write_buffer_bytes: 4096,
        }
    }
}

fn is_pcie_size(v: u32) -> bool {
    v.is_power_of_two() && (128..=4096).contains(&v)
}

impl DmaConfig {
    /// Checks that the parameters describe a PCIe link the model can run.
    ///
    /// # Errors
    /// [`SimError::InvalidConfig`] naming the first bad parameter.
    pub fn validate(&self) -> SimResult<()> {
        let bad = |what, reason: String| Err(SimError::config(what, reason));
        if !(self.gts_per_lane.is_finite() && self.gts_per_lane > 0.0 && self.gts_per_lane < 1e3) {
            return bad("DMA gts_per_lane", format!("{}", self.gts_per_lane));
        }
        if !(1..=32).contains(&self.lanes) {
            return bad("DMA lanes", format!("{}", self.lanes));
        }
        if self.encoding_data_bits == 0 || self.encoding_data_bits > self.encoding_total_bits {
            return bad(
                "DMA encoding",
                format!("{}b/{}b", self.encoding_data_bits, self.encoding_total_bits),
            );
        }
        if !is_pcie_size(self.max_payload) {
            return bad("DMA max_payload", format!("{} bytes", self.max_payload));
        }
        if !is_pcie_size(self.max_read_request) {
            return bad(
                "DMA max_read_request",
                format!("{} bytes", self.max_read_request),
            );
        }
        if !self.completion_bytes.is_power_of_two()
            || self.completion_bytes < 64
            || self.completion_bytes > self.max_payload
        {
            return bad(
                "DMA completion_bytes",
                format!(
                    "{} bytes (a power of two from 64 to max_payload)",
                    self.completion_bytes
                ),
            );
        }
        if self.write_latency_cycles > self.read_latency_cycles {
            return bad(
                "DMA write_latency_cycles",
                "must not exceed read_latency_cycles, or reads would pass writes".into(),
            );
        }
        if self.read_buffer_bytes < self.max_read_request {
            return bad(
                "DMA read_buffer_bytes",
                "must hold at least one read request".into(),
            );
        }
        if self.write_buffer_bytes < 2 * self.max_payload {
            return bad(
                "DMA write_buffer_bytes",
                "must hold at least two max-payload TLPs".into(),
            );
        }
        if self.max_reads == 0 {
            return bad("DMA max_reads", "0".into());
        }
        Ok(())
    }

    /// Data rate of one direction of the link in bytes per second
    /// (15.754e9 for Gen3 x16).
    pub fn link_bytes_per_second(&self) -> f64 {
        self.gts_per_lane * 1e9 * f64::from(self.lanes) * f64::from(self.encoding_data_bits)
            / f64::from(self.encoding_total_bits)
            / 8.0
    }

    /// Data rate of one direction in bytes per core cycle (63.0).
    pub fn link_bytes_per_cycle(&self) -> f64 {
        self.link_bytes_per_second() * CYCLE_FS as f64 / 1e15
    }

    /// Time of one byte on the link in femtoseconds.
    fn byte_fs(&self) -> u64 {
        (1e15 / self.link_bytes_per_second()).round() as u64
    }

    /// Overhead in bytes of a TLP with a header of `header_bytes`.
    pub fn tlp_overhead(&self, header_bytes: u64) -> u64 {
        header_bytes + u64::from(self.tlp_framing_bytes)
    }

    /// Header length of a request TLP touching `addr..addr+len`.
    fn req_header(addr: u64, len: u64) -> u64 {
        if addr.saturating_add(len.max(1) - 1) > u64::from(u32::MAX) {
            HDR_4DW
        } else {
            HDR_3DW
        }
    }

    /// Wire bytes a read of `len` bytes at `addr` costs: (upstream for the
    /// requests, downstream for the completions).
    pub fn read_wire_bytes(&self, addr: u64, len: u64) -> (u64, u64) {
        let up = split(addr, len, u64::from(self.max_read_request))
            .map(|(a, l)| self.tlp_overhead(Self::req_header(a, l)))
            .sum();
        let down = split(addr, len, u64::from(self.completion_bytes))
            .map(|(_, l)| l + self.tlp_overhead(HDR_3DW))
            .sum();
        (up, down)
    }

    /// Upstream wire bytes a write of `len` bytes at `addr` costs.
    pub fn write_wire_bytes(&self, addr: u64, len: u64) -> u64 {
        split(addr, len, u64::from(self.max_payload))
            .map(|(a, l)| l + self.tlp_overhead(Self::req_header(a, l)))
            .sum()
    }

    /// Payload bytes per cycle a stream of back-to-back reads of `len`
    /// bytes at `len`-aligned addresses below 4 GiB can reach: the busier
    /// link direction sets the pace. (54.5 for 4 KiB with the defaults; 48.0
    /// with 64-byte completions.)
    pub fn read_goodput_bytes_per_cycle(&self, len: u64) -> f64 {
        let (up, down) = self.read_wire_bytes(0, len);
        len as f64 / up.max(down) as f64 * self.link_bytes_per_cycle()
    }

    /// Payload bytes per cycle a stream of back-to-back writes of `len`
    /// bytes at `len`-aligned addresses below 4 GiB can reach (58.4 for
    /// 4 KiB with the defaults).
    pub fn write_goodput_bytes_per_cycle(&self, len: u64) -> f64 {
        len as f64 / self.write_wire_bytes(0, len) as f64 * self.link_bytes_per_cycle()
    }
}

/// Splits `addr..addr+len` at multiples of `unit` (a power of two) into
/// (address, length) pieces.
fn split(addr: u64, len: u64, unit: u64) -> impl Iterator<Item = (u64, u64)> {
    let mut a = addr;
    let end = addr.saturating_add(len);
    std::iter::from_fn(move || {
        if a >= end {
            return None;
        }
        let l = (unit - a % unit).min(end - a);
        let piece = (a, l);
        a += l;
        Some(piece)
    })
}

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

#[derive(Debug)]
enum Snapshot {
    /// No MRd of the request has been serviced yet.
    Pending,
    /// The host memory read at the first service.
    Data(Vec<u8>),
    /// The IOMMU refused it (or the request broke the port protocol).
    Refused,
}

#[derive(Debug)]
struct ReadOp {
    addr: u64,
    len: u32,
    tag: u8,
    /// Bytes covered by MRd TLPs issued so far.
    issued: u32,
    tlps_issued: u32,
    tlps_done: u32,
    /// An error completion arrived (or the request was invalid): no more
    /// MRd for this request.
    stop_issue: bool,
    snapshot: Snapshot,
    /// Payload bytes arrived, in order.
    arrived: u32,
    beats_sent: u32,
    /// Completion buffer bytes reserved and not yet released.
    reserved: u32,
}

impl ReadOp {
    fn issue_done(&self) -> bool {
        self.stop_issue || self.issued >= self.len
    }
}

#[derive(Debug)]
struct Service {
    at_fs: u64,
    op: u64,
    offset: u32,
    len: u32,
}

#[derive(Debug)]
struct Arrival {
    at_fs: u64,
    op: u64,
    bytes: u32,
    tlp_end: bool,
    error: bool,
}

#[derive(Debug)]
struct WriteOp {
    addr: u64,
    len: u32,
    tag: u8,
    data: Vec<u8>,
    /// Bytes received from the core.
    received: u32,
    /// Beats received from the core.
    beats: u32,
    /// Last beat received.
    complete: bool,
    /// Bytes sent as MWr TLPs.
    issued: u32,
    /// The core broke the protocol on this write: refuse it.
    bad: bool,
}

#[derive(Debug)]
struct SentWrite {
    at_fs: u64,
    op: WriteOp,
}

#[derive(Debug)]
struct Apply {
    at_fs: u64,
    addr: u64,
    data: Vec<u8>,
}

/// The DMA model of one simulated device. See the module documentation.
#[derive(Debug)]
pub struct DmaModel {
    cfg: DmaConfig,
    byte_fs: u64,
    read_latency_fs: u64,
    write_latency_fs: u64,
    /// Inputs driven into the core in the current cycle.
    pins: DmaPinsIn,
    up_free_fs: u64,
    down_free_fs: u64,
    /// Round-robin state of the upstream arbiter: true when a write goes
    /// first next time both are ready.
    write_first: bool,
    ops: VecDeque<ReadOp>,
    /// Id of `ops[0]`.
    ops_base: u64,
    /// Index in `ops` of the first request with MRd left to issue.
    issue_idx: usize,
    read_buf_free: u32,
    services: VecDeque<Service>,
    arrivals: VecDeque<Arrival>,
    writes: VecDeque<WriteOp>,
    /// Bytes received in `writes` and not yet issued.
    write_buffered: u32,
    sent_writes: VecDeque<SentWrite>,
    applies: VecDeque<Apply>,
    dones: VecDeque<WrDone>,
    counters: DmaCounters,
    /// Writes accepted from the core (first beat seen).
    writes_started: u64,
    /// Writes landed in host memory or refused.
    writes_finished: u64,
}

impl DmaModel {
    /// Writes accepted from the core so far (counted at their first beat).
    pub fn writes_started(&self) -> u64 {
        self.writes_started
    }

    /// Writes that have landed in host memory or were refused. A message
    /// signalled interrupt is a posted write too: it reaches the host only
    /// after every write the device issued before it, so a simulated
    /// interrupt raised when `writes_started()` was `n` is delivered once
    /// this reaches `n`.
    pub fn writes_finished(&self) -> u64 {
        self.writes_finished
    }

    /// Cycles a posted write takes to land after it is sent.
    pub fn write_latency_cycles(&self) -> u64 {
        self.cfg.write_latency_cycles
    }

    /// A model with no traffic, its inputs for cycle 0 in their reset state.
    ///
    /// # Errors
    /// [`SimError::InvalidConfig`] as [`DmaConfig::validate`].
    pub fn new(cfg: DmaConfig) -> SimResult<Self> {
        cfg.validate()?;
        let mut m = DmaModel {
            byte_fs: cfg.byte_fs(),
            read_latency_fs: cfg.read_latency_cycles.saturating_mul(CYCLE_FS),
            write_latency_fs: cfg.write_latency_cycles.saturating_mul(CYCLE_FS),
            pins: DmaPinsIn::default(),
            up_free_fs: 0,
            down_free_fs: 0,
            write_first: false,
            ops: VecDeque::new(),
            ops_base: 0,
            issue_idx: 0,
            read_buf_free: cfg.read_buffer_bytes,
            services: VecDeque::new(),
            arrivals: VecDeque::new(),
            writes: VecDeque::new(),
            write_buffered: 0,
            sent_writes: VecDeque::new(),
            applies: VecDeque::new(),
            dones: VecDeque::new(),
            counters: DmaCounters::default(),
            writes_started: 0,
            writes_finished: 0,
            cfg,
        };
        m.pins = m.outputs();
        Ok(m)
    }

    /// The parameters.
    pub fn config(&self) -> &DmaConfig {
        &self.cfg
    }

    /// The counters.
    pub fn counters(&self) -> DmaCounters {
        self.counters
    }

    /// The inputs the model drives into the core in the current cycle (the
    /// value the last [`DmaModel::tick`] returned, or the reset state).
    pub fn pins_in(&self) -> &DmaPinsIn {
        &self.pins
    }

    /// True when no transfer is in progress anywhere (including writes not
    /// yet visible in host memory).
    pub fn is_idle(&self) -> bool {
        self.ops.is_empty()
            && self.writes.is_empty()
            && self.sent_writes.is_empty()
            && self.applies.is_empty()
            && self.dones.is_empty()
    }

    /// Advances the model over the clock edge that ends cycle `now`, given
    /// the core's outputs `out` during cycle `now`, and returns the inputs
    /// to drive during cycle `now + 1` (see the module documentation).
    /// Host memory is reached only through `iommu`.
    ///
    /// # Errors
    /// [`SimError::Protocol`] when the core broke the port contract in this
    /// cycle (a length out of range, a write whose address, length or tag
    /// changed between beats, or whose beat count does not match its
    /// length). The model has then recovered — the read is answered with an
    /// error beat, the write is refused with an error done report and
    /// nothing written — and its inputs for the next cycle are available
    /// from [`DmaModel::pins_in`].
    pub fn tick(&mut self, now: u64, out: &DmaPinsOut, iommu: &mut Iommu) -> SimResult<DmaPinsIn> {
        iommu.set_now(now);
        let edge = (now + 1).saturating_mul(CYCLE_FS);
        let mut violation = None;

        // Handshakes of the edge that ends cycle `now`.
        if self.pins.rd_rsp.valid && out.rd_rsp_ready {
            self.take_rsp_beat();
        }
        if self.pins.wr_done.valid {
            self.dones.pop_front();
        }
        if self.pins.rd_req_ready && out.rd_req.valid {
            if let Err(e) = self.accept_read(&out.rd_req) {
                violation.get_or_insert(e);
            }
        }
        if self.pins.wr_ready && out.wr.valid {
            if let Err(e) = self.accept_write_beat(&out.wr) {
                violation.get_or_insert(e);
            }
        }

        // Host side and link events up to the edge.
        while self.applies.front().is_some_and(|a| a.at_fs <= edge) {
            if let Some(a) = self.applies.pop_front() {
                // A refusal here is logged by the IOMMU; the done report has
                // already gone out (see the module documentation).
                let _ = iommu.write(a.addr, &a.data);
                self.writes_finished += 1;
            }
        }
        while self.services.front().is_some_and(|s| s.at_fs <= edge) {
            if let Some(s) = self.services.pop_front() {
                self.service(s, iommu);
            }
        }
        while self.arrivals.front().is_some_and(|a| a.at_fs <= edge) {
            if let Some(a) = self.arrivals.pop_front() {
                self.arrive(a);
            }
        }
        while self.sent_writes.front().is_some_and(|w| w.at_fs <= edge) {
            if let Some(w) = self.sent_writes.pop_front() {
                self.write_sent(w, iommu);
            }
        }

        // Upstream TLPs that start during cycle `now + 1`.
        self.issue_upstream(edge, edge.saturating_add(CYCLE_FS));

        self.pins = self.outputs();
        match violation {
            Some(e) => Err(e),
            None => Ok(self.pins),
        }
    }

    /// The core took the response beat offered this cycle.
    fn take_rsp_beat(&mut self) {
        let Some(op) = self.ops.front_mut() else {
            return;
        };
        if self.pins.rd_rsp.err {
            self.read_buf_free += op.reserved;
            self.counters.read_errors += 1;
            self.pop_op();
            return;
        }
        let start = op.beats_sent * DMA_BEAT_BYTES as u32;
        let n = (op.len - start).min(DMA_BEAT_BYTES as u32);
        op.beats_sent += 1;
        let release = n.min(op.reserved);
        op.reserved -= release;
        self.read_buf_free += release;
        self.counters.read_bytes += u64::from(n);
        if start + n >= op.len {
            self.read_buf_free += op.reserved;
            self.pop_op();
        }
    }

    fn pop_op(&mut self) {
        self.ops.pop_front();
        self.ops_base += 1;
        self.issue_idx = self.issue_idx.saturating_sub(1);
    }

    fn op_mut(&mut self, id: u64) -> Option<&mut ReadOp> {
        let idx = usize::try_from(id.checked_sub(self.ops_base)?).ok()?;
        self.ops.get_mut(idx)
    }

    fn accept_read(&mut self, req: &RdReq) -> SimResult<()> {
        self.counters.reads += 1;
        let len = u32::from(req.len);
        let valid = (1..=MAX_READ_LEN).contains(&len);
        self.ops.push_back(ReadOp {
            addr: req.addr,
            len,
            tag: req.tag,
            issued: 0,
            tlps_issued: 0,
            tlps_done: 0,
            stop_issue: !valid,
            snapshot: if valid {
                Snapshot::Pending
            } else {
                Snapshot::Refused
            },
            arrived: 0,
            beats_sent: 0,
            reserved: 0,
        });
        if valid {
            Ok(())
        } else {
            Err(SimError::protocol(
                "m_dma_rd_req",
                format!(
                    "read of {len} bytes at {:#x} (tag {}): length must be 1..=4096",
                    req.addr, req.tag
                ),
            ))
        }
    }

    fn accept_write_beat(&mut self, wr: &WrBeat) -> SimResult<()> {
        let mut problem = None;
        let open = self.writes.back().is_some_and(|w| !w.complete);
        if !open {
            let len = u32::from(wr.len);
            let bad = !(1..=MAX_WRITE_LEN).contains(&len);
            if bad {
                problem = Some(format!("write of {len} bytes: length must be 1..=16384"));
            }
            self.writes_started += 1;
            self.writes.push_back(WriteOp {
                addr: wr.addr,
                len,
                tag: wr.tag,
                data: Vec::with_capacity(len as usize),
                received: 0,
                beats: 0,
                complete: false,
                issued: 0,
                bad,
            });
        }
        let Some(w) = self.writes.back_mut() else {
            return Ok(());
        };
        if !w.bad && (wr.addr != w.addr || u32::from(wr.len) != w.len || wr.tag != w.tag) {
            problem = Some(format!(
                "address, length or tag changed within the write (first beat: {:#x}/{}/{}, beat {}: {:#x}/{}/{})",
                w.addr, w.len, w.tag, w.beats, wr.addr, wr.len, wr.tag
            ));
            w.bad = true;
        }
        w.beats += 1;
        let expected_beats = w.len.div_ceil(DMA_BEAT_BYTES as u32);
        if !w.bad {
            if w.beats > expected_beats {
                problem = Some(format!(
                    "write of {} bytes has more than {expected_beats} beats",
                    w.len
                ));
                w.bad = true;
            } else {
                let n = (w.len - w.received).min(DMA_BEAT_BYTES as u32);
                w.data.extend_from_slice(&wr.data[..n as usize]);
                w.received += n;
                self.write_buffered += n;
            }
        }
        if wr.last {
            if !w.bad && w.beats != expected_beats {
                problem = Some(format!(
                    "write of {} bytes ended after {} beats, expected {expected_beats}",
                    w.len, w.beats
                ));
                w.bad = true;
            }
            w.complete = true;
            self.counters.writes += 1;
        }
        match problem {
            Some(what) => Err(SimError::protocol("m_dma_wr", what)),
            None => Ok(()),
        }
    }

    /// The host services one MRd: the first of a request reads memory
    /// through the IOMMU; each queues its completions downstream.
    fn service(&mut self, s: Service, iommu: &mut Iommu) {
        let cpl = u64::from(self.cfg.completion_bytes);
        let overhead = self.cfg.tlp_overhead(HDR_3DW);
        let byte_fs = self.byte_fs;
        let Some(op) = self.op_mut(s.op) else {
            return;
        };
        if matches!(op.snapshot, Snapshot::Pending) {
            let mut buf = vec![0u8; op.len as usize];
            op.snapshot = match iommu.read(op.addr, &mut buf) {
                Ok(()) => Snapshot::Data(buf),
                Err(_) => Snapshot::Refused,
            };
        }
        let mut pieces: Vec<(u64, bool)> = Vec::new();
        if matches!(op.snapshot, Snapshot::Data(_)) {
            let addr = op.addr + u64::from(s.offset);
            pieces.extend(split(addr, u64::from(s.len), cpl).map(|(_, l)| (l, false)));
        } else {
            pieces.push((0, true));
        }
        let count = pieces.len();
        for (i, (bytes, error)) in pieces.into_iter().enumerate() {
            let start = self.down_free_fs.max(s.at_fs);
            let wire = bytes + overhead;
            self.down_free_fs = start + wire * byte_fs;
            self.counters.down_wire_bytes += wire;
            self.arrivals.push_back(Arrival {
                at_fs: self.down_free_fs,
                op: s.op,
                bytes: bytes as u32,
                tlp_end: i + 1 == count,
                error,
            });
        }
    }

    /// A completion has fully arrived at the device.
    fn arrive(&mut self, a: Arrival) {
        self.counters.completions += 1;
        let Some(op) = self.op_mut(a.op) else {
            return;
        };
        op.arrived += a.bytes;
        if a.tlp_end {
            op.tlps_done += 1;
        }
        if a.error {
            op.stop_issue = true;
        }
    }

    /// The last MWr of a write has left the device: report it done and
    /// schedule its data, or refuse it.
    fn write_sent(&mut self, w: SentWrite, iommu: &mut Iommu) {
        let op = w.op;
        let err = op.bad || iommu.check(op.addr, op.len as usize, true).is_err();
        if err {
            self.counters.write_errors += 1;
            self.writes_finished += 1;
        } else {
            self.counters.write_bytes += u64::from(op.len);
            self.applies.push_back(Apply {
                at_fs: w.at_fs + self.write_latency_fs,
                addr: op.addr,
                data: op.data,
            });
        }
        self.dones.push_back(WrDone {
            valid: true,
            tag: op.tag,
            err,
        });
    }

    /// Issues upstream TLPs that can start before `horizon`, none before
    /// `earliest`.
    fn issue_upstream(&mut self, earliest: u64, horizon: u64) {
        // Writes the core broke go straight to their (error) done report,
        // behind the writes before them.
        while self.writes.front().is_some_and(|w| w.bad && w.complete) {
            if let Some(mut w) = self.writes.pop_front() {
                self.write_buffered -= w.received - w.issued;
                w.issued = w.received;
                let at_fs = self.up_free_fs.max(earliest);
                self.sent_writes.push_back(SentWrite { at_fs, op: w });
            }
        }
        while self.up_free_fs < horizon {
            while self.issue_idx < self.ops.len() && self.ops[self.issue_idx].issue_done() {
                self.issue_idx += 1;
            }
            let read = self.ops.get(self.issue_idx).map(|op| {
                let a = op.addr + u64::from(op.issued);
                let mrrs = u64::from(self.cfg.max_read_request);
                let l = (mrrs - a % mrrs).min(u64::from(op.len - op.issued)) as u32;
                (a, l)
            });
            let read = read.filter(|&(_, l)| l <= self.read_buf_free);
            let write = self.writes.front().and_then(|w| {
                if w.bad || w.issued >= w.len {
                    return None;
                }
                let a = w.addr + u64::from(w.issued);
                let mps = u64::from(self.cfg.max_payload);
                let l = (mps - a % mps).min(u64::from(w.len - w.issued)) as u32;
                (w.received >= w.issued + l).then_some((a, l))
            });
            let start = self.up_free_fs.max(earliest);
            match (read, write) {
                (Some(r), Some(w)) => {
                    if self.write_first {
                        self.send_mwr(start, w);
                    } else {
                        self.send_mrd(start, r);
                    }
                    self.write_first = !self.write_first;
                }
                (Some(r), None) => self.send_mrd(start, r),
                (None, Some(w)) => self.send_mwr(start, w),
                (None, None) => break,
            }
        }
    }

    fn send_mrd(&mut self, start: u64, (addr, len): (u64, u32)) {
        let wire = self
            .cfg
            .tlp_overhead(DmaConfig::req_header(addr, u64::from(len)));
        let end = start + wire * self.byte_fs;
        self.up_free_fs = end;
        self.counters.up_wire_bytes += wire;
        self.counters.read_tlps += 1;
        self.read_buf_free -= len;
        let id = self.ops_base + self.issue_idx as u64;
        let op = &mut self.ops[self.issue_idx];
        let offset = op.issued;
        op.issued += len;
        op.tlps_issued += 1;
        op.reserved += len;
        self.services.push_back(Service {
            at_fs: end + self.read_latency_fs,
            op: id,
            offset,
            len,
        });
    }

    fn send_mwr(&mut self, start: u64, (addr, len): (u64, u32)) {
        let wire = u64::from(len)
            + self
                .cfg
                .tlp_overhead(DmaConfig::req_header(addr, u64::from(len)));
        let end = start + wire * self.byte_fs;
        self.up_free_fs = end;
        self.counters.up_wire_bytes += wire;
        self.counters.write_tlps += 1;
        self.write_buffered -= len;
        let done = match self.writes.front_mut() {
            Some(w) => {
                w.issued += len;
                w.complete && w.issued >= w.len
            }
            None => false,
        };
        if done {
            if let Some(op) = self.writes.pop_front() {
                self.sent_writes.push_back(SentWrite { at_fs: end, op });
            }
        }
    }

    /// The inputs to drive in the next cycle, from the current state.
    fn outputs(&self) -> DmaPinsIn {
        let mut pins = DmaPinsIn {
            rd_req_ready: self.ops.len() < self.cfg.max_reads,
            wr_ready: self.write_buffered + DMA_BEAT_BYTES as u32 <= self.cfg.write_buffer_bytes,
            ..DmaPinsIn::default()
        };
        if let Some(op) = self.ops.front() {
            match &op.snapshot {
                Snapshot::Refused => {
                    if op.stop_issue && op.tlps_done == op.tlps_issued {
                        pins.rd_rsp.valid = true;
                        pins.rd_rsp.tag = op.tag;
                        pins.rd_rsp.err = true;
                        pins.rd_rsp.last = true;
                    }
                }
                Snapshot::Data(data) => {
                    let start = op.beats_sent * DMA_BEAT_BYTES as u32;
                    let end = (start + DMA_BEAT_BYTES as u32).min(op.len);
                    if op.arrived >= end {
                        pins.rd_rsp.valid = true;
                        pins.rd_rsp.tag = op.tag;
                        pins.rd_rsp.last = end == op.len;
                        pins.rd_rsp.data[..(end - start) as usize]
                            .copy_from_slice(&data[start as usize..end as usize]);
                    }
                }
                Snapshot::Pending => {}
            }
        }
        if let Some(d) = self.dones.front() {
            pins.wr_done = *d;
        }
        pins
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::iommu::test_mem::PageBuf;
    use crate::iommu::FaultReason;
    use crate::rng::Rng;
    use warpnic::DmaPerm;

    /// A stand-in for the core's DMA client: issues queued requests and
    /// writes as fast as the model allows and records what comes back.
    struct Client {
        reads: VecDeque<RdReq>,
        writes: VecDeque<(u64, Vec<u8>, u8)>,
        /// Beat index within the front write.
        wbeat: usize,
        /// Per-write override of the length driven (protocol tests).
        wlen_override: Option<u16>,
        rsp_ready: Box<dyn FnMut(u64) -> bool>,
        accepted: Vec<u64>,
        beats: Vec<(u64, RdRsp)>,
        dones: Vec<(u64, WrDone)>,
        errors: Vec<SimError>,
    }

    impl Client {
        fn new() -> Self {
            Client {
                reads: VecDeque::new(),
                writes: VecDeque::new(),
                wbeat: 0,
                wlen_override: None,
                rsp_ready: Box::new(|_| true),
                accepted: Vec::new(),
                beats: Vec::new(),
                dones: Vec::new(),
                errors: Vec::new(),
            }
        }

        fn read(&mut self, addr: u64, len: u16, tag: u8) {
            self.reads.push_back(RdReq {
                valid: true,
                addr,
                len,
                tag,
            });
        }

        fn write(&mut self, addr: u64, data: Vec<u8>, tag: u8) {
            self.writes.push_back((addr, data, tag));
        }

        fn outputs(&mut self, now: u64) -> DmaPinsOut {
            let mut out = DmaPinsOut {
                rd_rsp_ready: (self.rsp_ready)(now),
                ..DmaPinsOut::default()
            };
            if let Some(r) = self.reads.front() {
                out.rd_req = *r;
            }
            if let Some((addr, data, tag)) = self.writes.front() {
                let off = self.wbeat * 64;
                let n = (data.len() - off).min(64);
                out.wr.valid = true;
                out.wr.addr = *addr;
                out.wr.len = self.wlen_override.unwrap_or(data.len() as u16);
                out.wr.tag = *tag;
                out.wr.data[..n].copy_from_slice(&data[off..off + n]);
                out.wr.last = off + n == data.len();
            }
            out
        }

        /// One cycle: drive, record the handshakes, tick the model.
        fn cycle(&mut self, now: u64, dma: &mut DmaModel, iommu: &mut Iommu) {
            let pins = *dma.pins_in();
            let out = self.outputs(now);
            if pins.rd_rsp.valid && out.rd_rsp_ready {
                self.beats.push((now, pins.rd_rsp));
            }
            if pins.wr_done.valid {
                self.dones.push((now, pins.wr_done));
            }
            if pins.rd_req_ready && out.rd_req.valid {
                self.reads.pop_front();
                self.accepted.push(now);
            }
            if pins.wr_ready && out.wr.valid {
                if out.wr.last {
                    self.writes.pop_front();
                    self.wbeat = 0;
                } else {
                    self.wbeat += 1;
                }
            }
            if let Err(e) = dma.tick(now, &out, iommu) {
                self.errors.push(e);
            }
        }

        /// Runs until everything was issued and the model is idle; returns
        /// the cycle count.
        fn run(&mut self, dma: &mut DmaModel, iommu: &mut Iommu) -> u64 {
            let mut now = 0;
            while !(self.reads.is_empty() && self.writes.is_empty() && dma.is_idle()) {
                self.cycle(now, dma, iommu);
                now += 1;
                assert!(now < 2_000_000, "simulation did not finish");
            }
            now
        }

        /// The responses: (tag, data, err, cycle of the last beat).
        fn responses(&self) -> Vec<(u8, Vec<u8>, bool, u64)> {
            let mut out = Vec::new();
            let mut cur = Vec::new();
            let mut tag = None;
            for (t, b) in &self.beats {
                if let Some(prev) = tag {
                    assert_eq!(prev, b.tag, "responses are not interleaved");
                }
                tag = Some(b.tag);
                if b.err {
                    assert!(b.last, "an error is a single last beat");
                    assert!(cur.is_empty(), "no data before an error beat");
                    assert_eq!(b.data, [0; 64]);
                }
                cur.extend_from_slice(&b.data);
                if b.last {
                    out.push((b.tag, std::mem::take(&mut cur), b.err, *t));
                    tag = None;
                }
            }
            assert!(cur.is_empty(), "a response ended without last");
            out
        }
    }

    fn pattern(len: usize, seed: u8) -> Vec<u8> {
        (0..len)
            .map(|i| (i as u8).wrapping_mul(29).wrapping_add(seed) ^ (i >> 8) as u8)
            .collect()
    }

    fn mapped(pages: usize, iova: u64, perm: DmaPerm) -> (PageBuf, Iommu) {
        let buf = PageBuf::new(pages);
        buf.fill(0, &pattern(buf.len(), 1));
        let mut io = Iommu::new();
        // SAFETY: every test keeps `buf` alive longer than `io`.
        unsafe { io.map(iova, buf.ptr(), buf.len(), perm) }.unwrap();
        (buf, io)
    }

    /// The configuration these timing tests were worked out for: one
    /// completion per 64-byte cache line.
    fn cache_line_completions() -> DmaConfig {
        DmaConfig {
            completion_bytes: 64,
            ..DmaConfig::default()
        }
    }

    #[test]
    fn default_link_numbers() {
        // one completion per cache line
        let c = DmaConfig {
            completion_bytes: 64,
            ..DmaConfig::default()
        };
        c.validate().unwrap();
        assert!((c.link_bytes_per_cycle() - 63.015).abs() < 0.001);
        assert_eq!(c.read_wire_bytes(0, 4096), (8 * 20, 64 * (64 + 20)));
        assert_eq!(c.read_wire_bytes(1 << 32, 64), (24, 84));
        // An unaligned read needs an extra completion and an extra request.
        assert_eq!(c.read_wire_bytes(32, 512), (2 * 20, 9 * 20 + 512));
        assert_eq!(c.write_wire_bytes(0, 4096), 16 * (256 + 20));
        assert!((c.read_goodput_bytes_per_cycle(4096) - 48.01).abs() < 0.01);
        assert!((c.write_goodput_bytes_per_cycle(4096) - 58.45).abs() < 0.01);
        // the default: RCB 128
        let d = DmaConfig::default();
        assert_eq!(d.read_wire_bytes(0, 4096), (8 * 20, 32 * (128 + 20)));
        assert!((d.read_goodput_bytes_per_cycle(4096) - 54.49).abs() < 0.01);
    }

    #[test]
    fn config_is_validated() {
        let bad = [
            DmaConfig {
                max_payload: 200,
                ..DmaConfig::default()
            },
            DmaConfig {
                completion_bytes: 512,
                ..DmaConfig::default()
            },
            DmaConfig {
                write_latency_cycles: 200,
                ..DmaConfig::default()
            },
            DmaConfig {
                lanes: 0,
                ..DmaConfig::default()
            },
            DmaConfig {
                read_buffer_bytes: 100,
                ..DmaConfig::default()
            },
            DmaConfig {
                gts_per_lane: f64::NAN,
                ..DmaConfig::default()
            },
        ];
        for c in bad {
            assert!(matches!(
                DmaModel::new(c),
                Err(SimError::InvalidConfig { .. })
            ));
        }
    }

    #[test]
    fn reset_state_is_ready_and_idle() {
        let dma = DmaModel::new(DmaConfig::default()).unwrap();
        let p = dma.pins_in();
        assert!(p.rd_req_ready && p.wr_ready);
        assert!(!p.rd_rsp.valid && !p.wr_done.valid);
        assert!(dma.is_idle());
    }

    #[test]
    fn idle_read_latency() {
        let (buf, mut io) = mapped(1, 0x10_000, DmaPerm::READ);
        let mut dma = DmaModel::new(DmaConfig::default()).unwrap();
        let mut c = Client::new();
        c.read(0x10_040, 64, 5);
        c.run(&mut dma, &mut io);
        assert_eq!(c.accepted, vec![0]);
        let rsp = c.responses();
        assert_eq!(rsp.len(), 1);
        assert_eq!(rsp[0].1, buf.to_vec()[0x40..0x80]);
        // Accepted at the edge ending cycle 0 (4 ns); MRd of 20 bytes leaves
        // at 5.27 ns; serviced 500 ns later; the 84-byte completion arrives
        // at 510.6 ns; offered in cycle 128.
        assert_eq!(rsp[0].3, 128);
    }

    #[test]
    fn stream_of_4k_reads_runs_at_the_completion_limited_rate() {
        let (buf, mut io) = mapped(16, 0, DmaPerm::READ);
        let mut dma = DmaModel::new(cache_line_completions()).unwrap();
        let mut c = Client::new();
        let n = 200u64;
        for i in 0..n {
            c.read((i % 16) * 4096, 4096, i as u8);
        }
        c.run(&mut dma, &mut io);
        let rsp = c.responses();
        assert_eq!(rsp.len(), n as usize);
        let host = buf.to_vec();
        for (i, r) in rsp.iter().enumerate() {
            let off = (i % 16) * 4096;
            assert_eq!(r.0, i as u8);
            assert_eq!(&r.1[..], &host[off..off + 4096]);
        }
        // Bytes after the first beat, over the cycles from it to the last.
        let cycles = (rsp[rsp.len() - 1].3 - c.beats[0].0) as f64;
        let rate = (n * 4096 - 64) as f64 / cycles;
        let bound = cache_line_completions().read_goodput_bytes_per_cycle(4096);
        assert!(
            rate <= bound * 1.001,
            "{rate} B/cycle above the bound {bound}"
        );
        assert!(rate >= bound * 0.995, "{rate} B/cycle, bound {bound}");
        let k = dma.counters();
        assert_eq!(k.read_tlps, n * 8);
        assert_eq!(k.completions, n * 64);
        assert_eq!(k.read_bytes, n * 4096);
    }

    #[test]
    fn responses_in_request_order_under_backpressure() {
        let (buf, mut io) = mapped(4, 0x8000_0000, DmaPerm::RW);
        let host = buf.to_vec();
        let mut dma = DmaModel::new(DmaConfig::default()).unwrap();
        let mut c = Client::new();
        let mut rng = Rng::new(99);
        c.rsp_ready = Box::new(move |_| rng.chance(0.6));
        let reqs: [(u64, u16); 9] = [
            (0, 1),
            (3, 63),
            (64, 64),
            (100, 65),
            (4000, 1000),
            (0, 4096),
            (5, 4096),
            (8191, 2),
            (16384 - 7, 7),
        ];
        for (i, &(off, len)) in reqs.iter().enumerate() {
            c.read(0x8000_0000 + off, len, 10 + i as u8);
        }
        c.run(&mut dma, &mut io);
        let rsp = c.responses();
        assert_eq!(rsp.len(), reqs.len());
        for (i, (&(off, len), r)) in reqs.iter().zip(&rsp).enumerate() {
            assert_eq!(r.0, 10 + i as u8, "tag");
            assert!(!r.2);
            let len = len as usize;
            let off = off as usize;
            assert_eq!(r.1.len(), len.div_ceil(64) * 64, "beat count");
            assert_eq!(&r.1[..len], &host[off..off + len], "data of request {i}");
            assert!(r.1[len..].iter().all(|&b| b == 0), "padding is zero");
        }
        assert!(c.errors.is_empty());
    }

    #[test]
    fn unmapped_read_gets_one_error_beat_and_a_fault() {
        let (_buf, mut io) = mapped(1, 0x1000, DmaPerm::READ);
        let mut dma = DmaModel::new(DmaConfig::default()).unwrap();
        let mut c = Client::new();
        c.read(0x1000, 128, 1);
        c.read(0x1f00, 1024, 2); // runs off the end of the mapping
        c.read(0x9000, 64, 3); // nothing there
        c.read(0x1000, 64, 4);
        c.run(&mut dma, &mut io);
        let rsp = c.responses();
        let summary: Vec<(u8, bool, usize)> = rsp.iter().map(|r| (r.0, r.2, r.1.len())).collect();
        assert_eq!(
            summary,
            vec![
                (1, false, 128),
                (2, true, 64),
                (3, true, 64),
                (4, false, 64)
            ]
        );
        let faults = io.faults();
        assert_eq!(faults.len(), 2);
        assert_eq!(
            (
                faults[0].iova,
                faults[0].at,
                faults[0].write,
                faults[0].reason
            ),
            (0x1f00, 0x2000, false, FaultReason::NotMapped)
        );
        assert_eq!(faults[1].iova, 0x9000);
        assert!(faults[0].cycle > 100, "recorded when serviced");
        let k = dma.counters();
        assert_eq!((k.read_errors, k.reads), (2, 4));
    }

    #[test]
    fn read_spans_two_mappings() {
        let a = PageBuf::new(1);
        let b = PageBuf::new(1);
        a.fill(0, &pattern(4096, 3));
        b.fill(0, &pattern(4096, 4));
        let mut io = Iommu::new();
        // SAFETY: `a` and `b` outlive `io`'s use in this test.
        unsafe {
            io.map(0x40_000, a.ptr(), 4096, DmaPerm::READ).unwrap();
            io.map(0x41_000, b.ptr(), 4096, DmaPerm::READ).unwrap();
        }
        let mut dma = DmaModel::new(DmaConfig::default()).unwrap();
        let mut c = Client::new();
        c.read(0x40_800, 4096, 7);
        c.run(&mut dma, &mut io);
        let rsp = c.responses();
        let mut expect = a.to_vec()[0x800..].to_vec();
        expect.extend_from_slice(&b.to_vec()[..0x800]);
        assert_eq!(rsp[0].1, expect);
        assert!(!rsp[0].2);
    }

    #[test]
    fn write_lands_after_its_done_report_and_all_at_once() {
        let (buf, mut io) = mapped(4, 0x20_000, DmaPerm::RW);
        let before = buf.to_vec();
        let mut dma = DmaModel::new(DmaConfig::default()).unwrap();
        let mut c = Client::new();
        let data = pattern(5000, 77);
        c.write(0x20_000 + 300, data.clone(), 9);
        let mut now = 0;
        while c.dones.is_empty() {
            c.cycle(now, &mut dma, &mut io);
            now += 1;
            assert!(now < 10_000);
        }
        assert_eq!(
            c.dones[0].1,
            WrDone {
                valid: true,
                tag: 9,
                err: false
            }
        );
        let done_at = c.dones[0].0;
        // 5000 bytes in 79 beats and 20 TLPs: 212 bytes up to a 256-byte
        // boundary, 18 of 256, and 180. The second TLP waits for its data
        // (8 beats, cycle 8); from then on the link is the bottleneck:
        // 5000 + 20 * 20 - 232 wire bytes at 63.015 B/cycle = 82.01 cycles,
        // ending at 90.01; the done report is offered in cycle 91.
        assert_eq!(done_at, 91);
        assert_eq!(buf.to_vec(), before, "posted: not yet visible");
        while !dma.is_idle() {
            c.cycle(now, &mut dma, &mut io);
            now += 1;
        }
        assert!(
            now - done_at >= 39 && now - done_at <= 41,
            "visible 40 cycles later"
        );
        let mut expect = before;
        expect[300..5300].copy_from_slice(&data);
        assert_eq!(buf.to_vec(), expect);
        assert_eq!(dma.counters().write_tlps, 20);
    }

    #[test]
    fn refused_write_writes_nothing_and_reports_err() {
        let (buf, mut io) = mapped(2, 0x20_000, DmaPerm::RW);
        let before = buf.to_vec();
        let mut dma = DmaModel::new(DmaConfig::default()).unwrap();
        let mut c = Client::new();
        // Runs 100 bytes past the end of the mapping.
        c.write(0x20_000 + 8192 - 1000, pattern(1100, 5), 1);
        c.write(0x20_000, pattern(64, 6), 2);
        c.run(&mut dma, &mut io);
        let d: Vec<(u8, bool)> = c.dones.iter().map(|d| (d.1.tag, d.1.err)).collect();
        assert_eq!(d, vec![(1, true), (2, false)]);
        let mut expect = before;
        expect[..64].copy_from_slice(&pattern(64, 6));
        assert_eq!(buf.to_vec(), expect, "nothing of the refused write");
        assert_eq!(io.faults().len(), 1);
        assert!(io.faults()[0].write);
        assert_eq!(io.faults()[0].at, 0x22_000);
    }

    #[test]
    fn write_to_read_only_mapping_is_refused() {
        let (buf, mut io) = mapped(1, 0x3000, DmaPerm::READ);
        let before = buf.to_vec();
        let mut dma = DmaModel::new(DmaConfig::default()).unwrap();
        let mut c = Client::new();
        c.write(0x3000, pattern(200, 1), 4);
        c.run(&mut dma, &mut io);
        assert!(c.dones[0].1.err);
        assert_eq!(buf.to_vec(), before);
        assert_eq!(io.faults()[0].reason, FaultReason::Permission);
        assert_eq!(dma.counters().write_errors, 1);
    }

    #[test]
    fn stream_of_4k_writes_runs_at_the_payload_limited_rate() {
        let (buf, mut io) = mapped(16, 0, DmaPerm::WRITE);
        let mut dma = DmaModel::new(DmaConfig::default()).unwrap();
        let mut c = Client::new();
        let n = 200u64;
        for i in 0..n {
            c.write((i % 16) * 4096, pattern(4096, i as u8), i as u8);
        }
        c.run(&mut dma, &mut io);
        assert_eq!(c.dones.len(), n as usize);
        assert!(c.dones.iter().all(|d| !d.1.err));
        let cycles = (c.dones[c.dones.len() - 1].0 - c.dones[0].0) as f64;
        let rate = ((n - 1) * 4096) as f64 / cycles;
        let bound = DmaConfig::default().write_goodput_bytes_per_cycle(4096);
        assert!(
            rate <= bound * 1.001,
            "{rate} B/cycle above the bound {bound}"
        );
        assert!(rate >= bound * 0.995, "{rate} B/cycle, bound {bound}");
        // The last 16 writes are what memory holds.
        let host = buf.to_vec();
        for i in n - 16..n {
            let off = ((i % 16) * 4096) as usize;
            assert_eq!(&host[off..off + 4096], &pattern(4096, i as u8)[..]);
        }
    }

    #[test]
    fn reads_and_writes_share_the_upstream_direction() {
        let (_buf, mut io) = mapped(32, 0, DmaPerm::RW);
        let mut dma = DmaModel::new(cache_line_completions()).unwrap();
        let mut c = Client::new();
        let n = 100u64;
        for i in 0..n {
            c.read((i % 16) * 4096, 4096, i as u8);
            c.write((16 + i % 16) * 4096, pattern(4096, i as u8), i as u8);
        }
        let cycles = c.run(&mut dma, &mut io);
        assert_eq!(c.responses().len(), n as usize);
        assert_eq!(c.dones.len(), n as usize);
        let cfg = cache_line_completions();
        let k = dma.counters();
        // Upstream carries the write TLPs and the read requests; downstream
        // the completions. Neither may exceed the link rate.
        assert_eq!(k.up_wire_bytes, n * (4416 + 160));
        assert_eq!(k.down_wire_bytes, n * 5376);
        let up_cycles = k.up_wire_bytes as f64 / cfg.link_bytes_per_cycle();
        let down_cycles = k.down_wire_bytes as f64 / cfg.link_bytes_per_cycle();
        assert!(cycles as f64 >= up_cycles.max(down_cycles));
        // The busier direction (downstream) sets the pace; the two streams
        // overlap instead of taking turns.
        assert!(
            (cycles as f64) < down_cycles * 1.02 + 300.0,
            "{cycles} cycles, downstream alone needs {down_cycles}"
        );
    }

    #[test]
    fn read_after_write_sees_the_write() {
        let (_buf, mut io) = mapped(1, 0x5000, DmaPerm::RW);
        let mut dma = DmaModel::new(DmaConfig::default()).unwrap();
        let mut c = Client::new();
        let data = pattern(256, 42);
        c.write(0x5000, data.clone(), 1);
        // Issue the read as soon as the write's last beat went in: its MRd
        // follows the MWr upstream, so its service must see the new data.
        let mut now = 0;
        while !c.writes.is_empty() {
            c.cycle(now, &mut dma, &mut io);
            now += 1;
        }
        c.read(0x5000, 256, 2);
        while !(c.reads.is_empty() && dma.is_idle()) {
            c.cycle(now, &mut dma, &mut io);
            now += 1;
        }
        let rsp = c.responses();
        assert_eq!(rsp[0].1, data);
    }

    #[test]
    fn outstanding_reads_are_limited() {
        let (_buf, mut io) = mapped(1, 0, DmaPerm::READ);
        let cfg = DmaConfig {
            max_reads: 8,
            ..DmaConfig::default()
        };
        let mut dma = DmaModel::new(cfg).unwrap();
        let mut c = Client::new();
        c.rsp_ready = Box::new(|now| now > 1000);
        for i in 0..20 {
            c.read(0, 64, i);
        }
        for now in 0..1000 {
            c.cycle(now, &mut dma, &mut io);
        }
        assert_eq!(c.accepted.len(), 8);
        assert!(!dma.pins_in().rd_req_ready);
        let mut now = 1000;
        while !(c.reads.is_empty() && dma.is_idle()) {
            c.cycle(now, &mut dma, &mut io);
            now += 1;
        }
        let tags: Vec<u8> = c.responses().iter().map(|r| r.0).collect();
        assert_eq!(tags, (0..20).collect::<Vec<u8>>());
    }

    #[test]
    fn read_buffer_throttles_requests_when_the_core_stalls() {
        let (_buf, mut io) = mapped(1, 0, DmaPerm::READ);
        let cfg = DmaConfig {
            read_buffer_bytes: 1024,
            ..DmaConfig::default()
        };
        let mut dma = DmaModel::new(cfg).unwrap();
        let mut c = Client::new();
        c.rsp_ready = Box::new(|now| now > 2000);
        for i in 0..4 {
            c.read(0, 4096, i);
        }
        for now in 0..2000 {
            c.cycle(now, &mut dma, &mut io);
        }
        // Only two 512-byte MRd fit in the buffer while nothing is taken.
        assert_eq!(dma.counters().read_tlps, 2);
        c.run(&mut dma, &mut io);
        assert_eq!(c.responses().len(), 4);
        assert_eq!(dma.counters().read_tlps, 32);
    }

    #[test]
    fn protocol_violations_are_reported_and_refused() {
        let (buf, mut io) = mapped(1, 0x7000, DmaPerm::RW);
        let before = buf.to_vec();
        let mut dma = DmaModel::new(DmaConfig::default()).unwrap();
        let mut c = Client::new();
        c.read(0x7000, 0, 1);
        c.run(&mut dma, &mut io);
        assert!(matches!(
            c.errors[..],
            [SimError::Protocol {
                port: "m_dma_rd_req",
                ..
            }]
        ));
        assert!(c.responses()[0].2, "answered with an error beat");
        assert!(io.faults().is_empty(), "memory was not touched");

        // A write that claims 64 bytes but sends two beats.
        let mut c = Client::new();
        c.write(0x7000, pattern(100, 1), 2);
        c.wlen_override = Some(64);
        c.write(0x7100, pattern(8, 1), 3);
        let mut now = 10_000;
        while c.writes.len() > 1 {
            c.cycle(now, &mut dma, &mut io);
            now += 1;
        }
        c.wlen_override = None;
        while !(c.writes.is_empty() && dma.is_idle()) {
            c.cycle(now, &mut dma, &mut io);
            now += 1;
        }
        assert!(matches!(
            c.errors[..],
            [SimError::Protocol {
                port: "m_dma_wr",
                ..
            }]
        ));
        let d: Vec<(u8, bool)> = c.dones.iter().map(|d| (d.1.tag, d.1.err)).collect();
        assert_eq!(d, vec![(2, true), (3, false)]);
        let mut expect = before;
        expect[0x100..0x108].copy_from_slice(&pattern(8, 1));
        assert_eq!(buf.to_vec(), expect, "nothing of the broken write");
    }
}
