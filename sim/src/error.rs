//! The simulator's error type.

use crate::iommu::{Fault, MapError};

/// Errors of the warpnic simulator.
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    /// A model was configured with a value it cannot simulate.
    #[error("invalid configuration: {what}: {reason}")]
    InvalidConfig {
        /// The parameter.
        what: &'static str,
        /// Why it was refused.
        reason: String,
    },
    /// A file or stream operation failed (pcap capture, traces).
    #[error("{context}: {source}")]
    Io {
        /// What was being done.
        context: String,
        /// The OS error.
        #[source]
        source: std::io::Error,
    },
    /// The simulated IOMMU refused to create or remove a mapping.
    #[error("IOMMU mapping of IOVA {iova:#x} (+{len:#x}) refused: {reason}")]
    IommuMap {
        /// IOVA of the request.
        iova: u64,
        /// Length of the request in bytes.
        len: u64,
        /// Why.
        #[source]
        reason: MapError,
    },
    /// A DMA access was refused by the simulated IOMMU.
    #[error(transparent)]
    DmaFault(#[from] Fault),
    /// The Verilated core halted (an RTL assertion, `$stop`, `$finish`) or
    /// could not be built.
    #[error("core model: {0}")]
    Model(#[from] crate::model::ModelError),
    /// A NIC's firmware failed to start.
    #[error("firmware of NIC {nic} did not start: {reason}")]
    Firmware {
        /// NIC index.
        nic: usize,
        /// Why.
        reason: String,
    },
    /// A BAR0 access got no response.
    #[error("NIC {nic}: BAR0 access at {addr:#06x} got no response in {cycles} cycles")]
    NoResponse {
        /// NIC index.
        nic: usize,
        /// Register offset.
        addr: u16,
        /// Cycles waited.
        cycles: u64,
    },
    /// The core broke the protocol of one of its ports (a hardware bug the
    /// simulator caught). The model has recovered as documented at the
    /// port's model; the simulation may continue.
    #[error("protocol violation on {port}: {what}")]
    Protocol {
        /// The port, named as in docs/core-ports.md (e.g. `m_dma_wr`).
        port: &'static str,
        /// What was wrong.
        what: String,
    },
}

impl SimError {
    /// Shorthand for [`SimError::InvalidConfig`].
    pub(crate) fn config(what: &'static str, reason: impl Into<String>) -> Self {
        SimError::InvalidConfig {
            what,
            reason: reason.into(),
        }
    }

    /// Shorthand for [`SimError::Protocol`].
    pub(crate) fn protocol(port: &'static str, what: impl Into<String>) -> Self {
        SimError::Protocol {
            port,
            what: what.into(),
        }
    }

    /// Shorthand for [`SimError::Io`].
    pub(crate) fn io(context: impl Into<String>, source: std::io::Error) -> Self {
        SimError::Io {
            context: context.into(),
            source,
        }
    }
}

/// Result alias of the simulator.
pub type SimResult<T> = Result<T, SimError>;
