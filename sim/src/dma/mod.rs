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
//!
//! The parameters and the wire cost of a transfer are in [`DmaConfig`]
//! (`config.rs`); the port values exchanged each cycle in `pins.rs`.

use std::collections::VecDeque;

use crate::error::{SimError, SimResult};
use crate::iommu::Iommu;
use crate::link::CYCLE_FS;

mod config;
mod pins;
#[cfg(test)]
mod tests;

pub use config::DmaConfig;
use config::{split, HDR_3DW};
pub use pins::{DmaCounters, DmaPinsIn, DmaPinsOut, RdReq, RdRsp, WrBeat, WrDone};

/// Bytes per beat on the DMA data ports (512 bits).
pub const DMA_BEAT_BYTES: usize = 64;
/// Longest read request the core may make.
pub const MAX_READ_LEN: u32 = 4096;
/// Longest write the core may make.
pub const MAX_WRITE_LEN: u32 = 16384;

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
