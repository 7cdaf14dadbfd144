//! The device backend trait.
//!
//! Everything above this module (queues, verbs, the connection manager)
//! talks to a warpnic through [`Device`] alone and never learns whether a
//! board behind VFIO or the co-simulation answers. A backend provides:
//! 32-bit access to BAR0, IOMMU mappings of host memory for the device's
//! DMA, interrupt delivery, a clock, and a way to wait politely.

use std::time::Duration;

/// Errors a device backend reports.
#[derive(Debug, thiserror::Error)]
pub enum DeviceError {
    /// A BAR0 access completed with an error response (no register there,
    /// or the device is gone).
    #[error("register access at BAR0 offset {offset:#x} failed: {reason}")]
    Bus {
        /// BAR0 byte offset.
        offset: u64,
        /// What the backend saw.
        reason: String,
    },
    /// The offset is outside BAR0 or not 4-byte aligned.
    #[error("BAR0 offset {offset:#x} is out of range or misaligned (BAR0 is {size:#x} bytes)")]
    BadOffset {
        /// Requested offset.
        offset: u64,
        /// BAR0 size.
        size: u64,
    },
    /// An IOMMU mapping could not be created or removed.
    #[error("DMA mapping of IOVA {iova:#x} (+{len:#x}) failed: {reason}")]
    DmaMap {
        /// IOVA.
        iova: u64,
        /// Length in bytes.
        len: u64,
        /// Why.
        reason: String,
    },
    /// The interrupt vector does not exist.
    #[error("interrupt vector {0} does not exist")]
    BadVector(u32),
    /// The backend could not be opened or used.
    #[error("{context}: {source}")]
    Io {
        /// What was being done.
        context: String,
        /// The OS error.
        #[source]
        source: std::io::Error,
    },
    /// The device stopped responding (simulator ended, device removed).
    #[error("device is gone: {0}")]
    Gone(String),
}

/// Result alias for backend calls.
pub type DeviceResult<T> = Result<T, DeviceError>;

/// What the device may do with a DMA mapping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DmaPerm {
    /// The device may read.
    pub read: bool,
    /// The device may write.
    pub write: bool,
}

impl DmaPerm {
    /// Read and write.
    pub const RW: DmaPerm = DmaPerm {
        read: true,
        write: true,
    };
    /// Device reads only (e.g. send buffers, work queues).
    pub const READ: DmaPerm = DmaPerm {
        read: true,
        write: false,
    };
    /// Device writes only (e.g. completion queues).
    pub const WRITE: DmaPerm = DmaPerm {
        read: false,
        write: true,
    };
}

/// A warpnic device as seen by the host library.
///
/// All methods take `&self`; implementations synchronize internally so a
/// device can be shared between threads.
pub trait Device: Send + Sync {
    /// A short description (PCI address, or "sim:nicN").
    fn name(&self) -> String;

    /// Size of BAR0 in bytes.
    fn bar0_size(&self) -> u64;

    /// Reads the 32-bit register at `offset` in BAR0.
    ///
    /// # Errors
    /// [`DeviceError::BadOffset`] for an offset outside BAR0 or not 4-byte
    /// aligned; [`DeviceError::Bus`] when the device answers with an error.
    fn read32(&self, offset: u64) -> DeviceResult<u32>;

    /// Writes the 32-bit register at `offset` in BAR0.
    ///
    /// # Errors
    /// As [`Device::read32`].
    fn write32(&self, offset: u64, value: u32) -> DeviceResult<()>;

    /// Maps `len` bytes of host memory at `vaddr` to the device address
    /// `iova` in the device's IOMMU domain.
    ///
    /// # Safety
    /// `vaddr..vaddr+len` must stay valid, page-aligned memory of this
    /// process until [`Device::dma_unmap`] returns for this mapping; the
    /// device may read or write it (as `perm` allows) at any time before.
    ///
    /// # Errors
    /// [`DeviceError::DmaMap`] when the IOMMU refuses (overlap, alignment).
    unsafe fn dma_map(
        &self,
        vaddr: *mut u8,
        len: usize,
        iova: u64,
        perm: DmaPerm,
    ) -> DeviceResult<()>;

    /// Removes the mapping that starts at `iova`. After this returns, a DMA
    /// by the device to that range is refused by the IOMMU.
    ///
    /// # Errors
    /// [`DeviceError::DmaMap`] when no such mapping exists.
    fn dma_unmap(&self, iova: u64, len: usize) -> DeviceResult<()>;

    /// Number of interrupt vectors.
    fn num_vectors(&self) -> u32;

    /// Waits until interrupt `vector` has fired at least once since the last
    /// call that returned `true` for it, or `timeout` passes (in the
    /// device's time: wall-clock time on hardware, simulated time in the
    /// co-simulation). Returns whether it fired.
    ///
    /// # Errors
    /// [`DeviceError::BadVector`], or a backend failure.
    fn wait_irq(&self, vector: u32, timeout: Duration) -> DeviceResult<bool>;

    /// The device's clock in nanoseconds (monotonic; simulated time in the
    /// co-simulation).
    fn now_ns(&self) -> u64;

    /// Called by polling loops that found nothing to do: lets the device
    /// make progress. On hardware this is a CPU spin hint; in the
    /// co-simulation it advances simulated time.
    fn relax(&self);
}
