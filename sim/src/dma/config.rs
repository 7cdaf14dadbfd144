//! The parameters of the PCIe link and the DMA engine, and what a transfer
//! costs on the wire with them.

use crate::error::{SimError, SimResult};
use crate::link::CYCLE_FS;

/// TLP header length for a 32-bit address or a completion (3 DW).
pub(super) const HDR_3DW: u64 = 12;
/// TLP header length for a 64-bit address (4 DW).
pub(super) const HDR_4DW: u64 = 16;

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
    pub(super) fn byte_fs(&self) -> u64 {
        (1e15 / self.link_bytes_per_second()).round() as u64
    }

    /// Overhead in bytes of a TLP with a header of `header_bytes`.
    pub fn tlp_overhead(&self, header_bytes: u64) -> u64 {
        header_bytes + u64::from(self.tlp_framing_bytes)
    }

    /// Header length of a request TLP touching `addr..addr+len`.
    pub(super) fn req_header(addr: u64, len: u64) -> u64 {
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
pub(super) fn split(addr: u64, len: u64, unit: u64) -> impl Iterator<Item = (u64, u64)> {
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
