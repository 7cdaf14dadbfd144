//! warpnic: the host library for the warpnic iWARP RDMA NIC.
#![warn(missing_docs)]

pub mod device;
#[cfg(all(target_os = "linux", feature = "vfio"))]
pub mod vfio;

pub use device::{Device, DeviceError, DeviceResult, DmaPerm};
