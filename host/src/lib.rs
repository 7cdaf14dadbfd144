//! warpnic: the host library for the warpnic iWARP RDMA NIC.
#![warn(missing_docs)]

pub mod device;

pub use device::{Device, DeviceError, DeviceResult, DmaPerm};
