//! warpnic-sim: the co-simulation of warpnic.
//!
//! - [`model`]: the Verilated `wn_core` (our own small Verilator bridge);
//! - [`world`]: N NICs with their hosts, MACs, firmware and links on one
//!   simulated clock;
//! - [`bridge`]: a NIC port bridged to a real peer (a Linux TAP in a
//!   network namespace), paced so simulated time never runs ahead;
//! - [`device`]: the host library's device backend on a simulated NIC;
//! - [`dma`], [`iommu`], [`mac`], [`link`], [`pcap`], [`rng`]: the parts
//!   around the core.
#![warn(missing_docs)]

pub mod bridge;
pub mod device;
pub mod dma;
pub mod error;
pub mod iommu;
pub mod link;
pub mod mac;
pub mod model;
pub mod pcap;
pub mod rdma;
pub mod rng;
pub mod traffic;
pub mod world;

pub use device::{SimDevice, SimWorld};
pub use error::{SimError, SimResult};
pub use world::{PortBridge, World, WorldConfig};
