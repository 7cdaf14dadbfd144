//! warpnic-sim.
pub mod dma;
pub mod error;
pub mod iommu;
pub mod link;
pub mod mac;
pub mod model;
pub mod pcap;
pub mod rng;
