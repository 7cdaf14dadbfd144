//! The simulator backend of the host library's [`Device`] trait.
//!
//! A [`SimWorld`] owns a [`World`] behind a mutex; each [`SimDevice`] is one
//! NIC of it. Register accesses run the world until the core answers;
//! `relax` and `wait_irq` advance simulated time, so a host program that
//! polls makes the simulation progress exactly as much as it waits, and a
//! run reproduces cycle for cycle.

use crate::error::SimResult;
use crate::world::{World, WorldConfig};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use warpnic::device::{Device, DeviceError, DeviceResult, DmaPerm};
use warpnic_abi::gen;

/// Cycles a `relax` call advances.
pub const RELAX_CYCLES: u64 = 16;

struct WorldCell(World);

// SAFETY: the Verilated models inside the world are built without
// Verilator's own threads and are only ever touched by the thread holding
// the `SimWorld` mutex, one thread at a time; evaluating such a model from
// another thread than the one that built it is supported by Verilator 5
// (the per-thread state it keeps is re-bound on each evaluation).
unsafe impl Send for WorldCell {}

/// A simulated world shared by the device handles of its NICs.
pub struct SimWorld {
    cell: Mutex<WorldCell>,
}

impl std::fmt::Debug for SimWorld {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SimWorld")
    }
}

impl SimWorld {
    /// Builds a world.
    ///
    /// # Errors
    /// As [`World::new`].
    pub fn new(cfg: &WorldConfig) -> SimResult<Arc<SimWorld>> {
        Ok(Arc::new(SimWorld {
            cell: Mutex::new(WorldCell(World::new(cfg)?)),
        }))
    }

    fn lock(&self) -> DeviceResult<MutexGuard<'_, WorldCell>> {
        self.cell
            .lock()
            .map_err(|_| DeviceError::Gone("the simulated world panicked".into()))
    }

    /// Runs `f` on the world (counters, the IOMMU fault log, stepping).
    ///
    /// # Errors
    /// [`DeviceError::Gone`] when the world's lock was poisoned.
    pub fn with<R>(&self, f: impl FnOnce(&mut World) -> R) -> DeviceResult<R> {
        let mut g = self.lock()?;
        Ok(f(&mut g.0))
    }

    /// The device handle of NIC `n`.
    ///
    /// # Errors
    /// [`DeviceError::Gone`] for a NIC the world does not have.
    pub fn device(self: &Arc<Self>, n: usize) -> DeviceResult<Arc<SimDevice>> {
        let (nics, vectors) = self.with(|w| (w.num_nics(), w.num_vectors()))?;
        if n >= nics {
            return Err(DeviceError::Gone(format!(
                "NIC {n} does not exist (the world has {nics})"
            )));
        }
        Ok(Arc::new(SimDevice {
            world: self.clone(),
            nic: n,
            seen: Mutex::new(vec![0; vectors]),
            removed: std::sync::atomic::AtomicBool::new(false),
        }))
    }
}

/// One simulated NIC as a host-library device.
pub struct SimDevice {
    world: Arc<SimWorld>,
    nic: usize,
    seen: Mutex<Vec<u64>>,
    /// Surprise-removed ([`SimDevice::remove`]).
    removed: std::sync::atomic::AtomicBool,
}

impl std::fmt::Debug for SimDevice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SimDevice(nic{})", self.nic)
    }
}

impl SimDevice {
    /// The world this NIC lives in.
    pub fn world(&self) -> &Arc<SimWorld> {
        &self.world
    }

    /// This NIC's index in the world.
    pub fn index(&self) -> usize {
        self.nic
    }

    /// Surprise removal, as a hot-unplugged PCIe device: every later
    /// register access fails with [`DeviceError::Gone`]. The world goes on
    /// (the peer sees nothing more from this NIC's host).
    pub fn remove(&self) {
        self.removed
            .store(true, std::sync::atomic::Ordering::Release);
    }

    fn present(&self) -> DeviceResult<()> {
        if self.removed.load(std::sync::atomic::Ordering::Acquire) {
            return Err(DeviceError::Gone(format!(
                "sim:nic{} was removed",
                self.nic
            )));
        }
        Ok(())
    }

    fn check(offset: u64) -> DeviceResult<u16> {
        let size = u64::from(gen::BAR0_SIZE);
        if offset & 3 != 0 || offset >= size {
            return Err(DeviceError::BadOffset { offset, size });
        }
        Ok(offset as u16)
    }
}

fn gone(e: impl std::fmt::Display) -> DeviceError {
    DeviceError::Gone(e.to_string())
}

impl Device for SimDevice {
    fn name(&self) -> String {
        format!("sim:nic{}", self.nic)
    }

    fn bar0_size(&self) -> u64 {
        u64::from(gen::BAR0_SIZE)
    }

    fn read32(&self, offset: u64) -> DeviceResult<u32> {
        self.present()?;
        let a = Self::check(offset)?;
        let mut g = self.world.lock()?;
        match g.0.mmio_read(self.nic, a).map_err(gone)? {
            Ok(v) => Ok(v),
            Err(resp) => Err(DeviceError::Bus {
                offset,
                reason: format!("the core answered SLVERR ({resp})"),
            }),
        }
    }

    fn write32(&self, offset: u64, value: u32) -> DeviceResult<()> {
        self.present()?;
        let a = Self::check(offset)?;
        let mut g = self.world.lock()?;
        match g.0.mmio_write(self.nic, a, value).map_err(gone)? {
            Ok(()) => Ok(()),
            Err(resp) => Err(DeviceError::Bus {
                offset,
                reason: format!("the core answered SLVERR ({resp})"),
            }),
        }
    }

    unsafe fn dma_map(
        &self,
        vaddr: *mut u8,
        len: usize,
        iova: u64,
        perm: DmaPerm,
    ) -> DeviceResult<()> {
        let mut g = self.world.lock()?;
        let iommu = g.0.iommu(self.nic).map_err(gone)?;
        // SAFETY: forwarded from this function's contract: the memory stays
        // valid until `dma_unmap` returns for this mapping.
        unsafe { iommu.map(iova, vaddr, len, perm) }.map_err(|e| DeviceError::DmaMap {
            iova,
            len: len as u64,
            reason: e.to_string(),
        })
    }

    fn dma_unmap(&self, iova: u64, len: usize) -> DeviceResult<()> {
        let mut g = self.world.lock()?;
        let iommu = g.0.iommu(self.nic).map_err(gone)?;
        iommu.unmap(iova, len).map_err(|e| DeviceError::DmaMap {
            iova,
            len: len as u64,
            reason: e.to_string(),
        })
    }

    fn num_vectors(&self) -> u32 {
        self.seen.lock().map_or(0, |s| s.len() as u32)
    }

    fn wait_irq(&self, vector: u32, timeout: Duration) -> DeviceResult<bool> {
        let mut seen = self
            .seen
            .lock()
            .map_err(|_| DeviceError::Gone("interrupt state poisoned".into()))?;
        let v = vector as usize;
        if v >= seen.len() {
            return Err(DeviceError::BadVector(vector));
        }
        let mut g = self.world.lock()?;
        let deadline =
            g.0.cycle()
                .saturating_add(timeout.as_nanos() as u64 / crate::world::CYCLE_NS);
        loop {
            let count = g.0.irq_count(self.nic, v);
            if count > seen[v] {
                seen[v] = count;
                return Ok(true);
            }
            if g.0.cycle() >= deadline {
                return Ok(false);
            }
            let n = RELAX_CYCLES.min(deadline - g.0.cycle()).max(1);
            g.0.step(n).map_err(gone)?;
        }
    }

    fn now_ns(&self) -> u64 {
        self.world.with(|w| w.now_ns()).unwrap_or(u64::MAX)
    }

    fn relax(&self) {
        // An error here (an RTL assertion) surfaces at the next register
        // access, which fails with it.
        let _ = self.world.with(|w| w.step(RELAX_CYCLES));
    }
}
