//! warpnic: the host library for the warpnic iWARP RDMA NIC.
//!
//! - [`device`]: the backend trait ([`Device`]) that a board behind VFIO
//!   ([`vfio`]) or the co-simulation implements;
//! - [`Nic`]: an opened device (identification, port control, firmware
//!   mailbox, counters; the RDMA command channel and the verbs tables);
//! - [`mem`]: DMA memory mapped into the device's IOMMU domain;
//! - [`raw`]: raw Ethernet send and receive queues;
//! - [`tcp`]: TCP connections through the firmware's connection control
//!   plane (listen, connect, close, abort, events, TCB fields);
//! - [`stream`]: offloaded TCP byte streams over those connections;
//! - [`verbs`]: RDMA verbs (protection domains, memory regions,
//!   completion and event queues, queue pairs, work requests and
//!   completions);
//! - [`mpa`]: MPA connection setup over a stream, with the endpoint machine
//!   of `warpnic-proto`;
//! - [`cm`]: an rdma_cm-shaped connection manager that sets up a
//!   connection and binds its queue pair;
//! - [`error`]: the library's error type.
#![warn(missing_docs)]

pub mod bootstrap;
pub mod cm;
pub mod dat;
pub mod device;
pub mod error;
#[cfg(target_os = "linux")]
pub mod eventfd;
pub mod info;
pub mod mem;
pub mod mpa;
pub mod nic;
pub mod raw;
pub mod rdma_cm;
mod ring;
pub mod route;
pub mod stream;
pub mod tcp;
pub mod tcp_owner;
pub mod verbs;
#[cfg(all(target_os = "linux", feature = "vfio"))]
pub mod vfio;

pub use cm::{Cm, CmEvent, CmFailure, CmId, CmQp, SetupTimes, SocketError};
pub use device::{Device, DeviceError, DeviceResult, DmaPerm};
pub use error::{ArgError, Error, Result, SharedError};
pub use mem::DmaMem;
pub use mpa::{MpaEvent, MpaSetup};
pub use nic::{Nic, NicInfo, Stats};
pub use raw::{RawRecv, RawRecvQueue, RawSend, RawSendQueue};
pub use route::Neighbour;
pub use stream::{StreamCq, TcpStream};
pub use tcp::{ConnectOpts, Connection, EndpointId, ListenerId, TcpConfig, TcpEventInfo};
pub use tcp_owner::TcpOwner;
pub use verbs::{
    AccessFlags, Completion, CompletionKind, CompletionQueue, Event, EventQueue, MemoryRegion,
    ProtectionDomain, QpAttrs, QpCaps, QpError, QpErrorEvent, QpInfo, QueuePair, RecvWr, SendWr,
    Sge, SqDrainedEvent, WcOpcode, WorkCompletion, WrOpcode,
};
