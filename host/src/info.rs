//! What a device is and what it has done: its register blocks by name and
//! version, its capacities and its counters, read from BAR0 and the
//! firmware, for tools such as `warpnic info` (in the manner of
//! `ibv_devinfo -v` and `ethtool -S`).
//!
//! Names and descriptions come from the generated register map
//! (`warpnic_abi::gen::regs`), so a counter added to abi/ appears here
//! without a change to this module.

use crate::error::Result;
use crate::nic::Nic;
use warpnic_abi::gen::{self, regs};

/// One register block found walking BAR0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockInfo {
    /// The block's name in the register map, or `None` for a type this
    /// library does not know (a newer bitstream's block).
    pub name: Option<&'static str>,
    /// BAR0 offset of the block.
    pub base: u32,
    /// Its TYPE register.
    pub type_id: u32,
    /// Its VERSION register: major.
    pub major: u16,
    /// Its VERSION register: minor.
    pub minor: u16,
}

/// How much of each resource the device has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Capacities {
    /// RDMA queue pairs.
    pub qps: u32,
    /// Completion queues.
    pub cqs: u32,
    /// Event queues (one interrupt vector each).
    pub eqs: u32,
    /// Raw Ethernet send queues.
    pub raw_sqs: u32,
    /// Raw Ethernet receive queues.
    pub raw_rqs: u32,
    /// Memory-region (STag) table entries.
    pub mrs: u32,
    /// TCP connection ids of the offload engine.
    pub tcp_connections: u32,
    /// TCP listener slots of the offload engine.
    pub tcp_listeners: u32,
    /// Scatter/gather entries per RDMA work request.
    pub max_sge: u32,
    /// RDMA Reads a QP answers at once (IRD).
    pub max_ird: u32,
    /// RDMA Reads a QP has outstanding at once (ORD).
    pub max_ord: u32,
    /// The largest frame the port can be set to take, without FCS.
    pub max_frame_limit: u32,
    /// The frame size the port is set to now (MAX_FRAME), without FCS.
    pub max_frame: u32,
    /// Bytes of payload a work request can carry inline: none, every
    /// payload is read by DMA.
    pub max_inline: u32,
}

/// One 64-bit counter of the STATS block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counter {
    /// Its register name, lower case (`rx_fcs_err`).
    pub name: String,
    /// What it counts.
    pub description: &'static str,
    /// Its value.
    pub value: u64,
}

/// Everything [`Nic::report`] reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceReport {
    /// The backend's name for the device.
    pub device: String,
    /// BUILD_ID, which matched this library's.
    pub build_id: u32,
    /// ABI_VERSION: (major, minor).
    pub abi_version: (u16, u16),
    /// Core clock.
    pub clock_mhz: u32,
    /// Datapath width in bits.
    pub data_width: u32,
    /// The port's MAC address.
    pub mac: [u8; 6],
    /// The firmware's interface version (major, minor) and the build id it
    /// reports.
    pub firmware: ((u16, u16), u32),
    /// The device's free-running cycle counter.
    pub cycles: u64,
    /// Register blocks in address order.
    pub blocks: Vec<BlockInfo>,
    /// Capacities.
    pub capacities: Capacities,
    /// Every counter of the STATS block, in register order.
    pub counters: Vec<Counter>,
}

/// The name of the block whose TYPE register reads `type_id`.
pub fn block_name(type_id: u32) -> Option<&'static str> {
    regs::BLOCKS
        .iter()
        .find(|&&(_, _, t)| t == type_id)
        .map(|&(name, _, _)| name)
}

fn split(v: u32) -> (u16, u16) {
    ((v >> 16) as u16, (v & 0xffff) as u16)
}

impl Nic {
    /// Reads the device's identification, register blocks, capacities and
    /// counters.
    ///
    /// # Errors
    /// A backend error, or the firmware's answer to GET_VERSION.
    pub fn report(&self) -> Result<DeviceReport> {
        let i = self.info();
        let mut blocks = Vec::with_capacity(i.blocks.len());
        for &(type_id, base) in &i.blocks {
            let (major, minor) = split(self.rd(base + regs::VERSION)?);
            blocks.push(BlockInfo {
                name: block_name(type_id),
                base,
                type_id,
                major,
                minor,
            });
        }
        let has = |t: u32| i.blocks.iter().any(|&(ty, _)| ty == t);
        let rdma = has(regs::rdma::TYPE_ID);
        let tcp = has(regs::tcp::TYPE_ID);
        let capacities = Capacities {
            qps: if rdma {
                self.rd(regs::rdma::NUM_QP)?
            } else {
                0
            },
            cqs: i.num_cq,
            eqs: i.num_eq,
            raw_sqs: i.num_sq,
            raw_rqs: i.num_rq,
            mrs: if rdma {
                self.rd(regs::rdma::NUM_MR)?
            } else {
                0
            },
            tcp_connections: if tcp { self.rd(regs::tcp::COUNT)? } else { 0 },
            tcp_listeners: if tcp {
                self.rd(regs::tcp::NUM_LISTEN)?
            } else {
                0
            },
            max_sge: if rdma { gen::RDMA_MAX_SGE } else { 0 },
            max_ird: if rdma { gen::RDMA_MAX_IRD } else { 0 },
            max_ord: if rdma { gen::RDMA_MAX_ORD } else { 0 },
            max_frame_limit: gen::MAX_FRAME - 4,
            max_frame: self.max_frame()?,
            max_inline: 0,
        };
        let (fw_if, fw_build) = self.fw_version()?;
        let mac = self.mac()?;
        let cycles = self.cycles()?;
        // the counters last, so that they include the reads above
        let mut counters = Vec::with_capacity(regs::stats::REGISTERS.len());
        for &(name, off, description) in regs::stats::REGISTERS {
            let lo = self.rd(off)?;
            let hi = self.rd(off + 4)?;
            counters.push(Counter {
                name: name.to_ascii_lowercase(),
                description,
                value: (u64::from(hi) << 32) | u64::from(lo),
            });
        }
        Ok(DeviceReport {
            device: self.device().name(),
            build_id: i.build_id,
            abi_version: split(i.abi_version),
            clock_mhz: i.clock_mhz,
            data_width: i.data_width,
            mac,
            firmware: (split(fw_if), fw_build),
            cycles,
            blocks,
            capacities,
            counters,
        })
    }
}
