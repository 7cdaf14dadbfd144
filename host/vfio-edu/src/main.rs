//! `warpnic-vfio-edu BDF`: checks warpnic's VFIO backend against QEMU's
//! `edu` PCI device (1234:11e8, QEMU's docs/specs/edu.rst) bound to
//! `vfio-pci`, under the real kernel VFIO and an emulated IOMMU.
//!
//! Steps, each printed with its result:
//! 1. BAR0 mapping: identification register, liveness (inversion)
//!    register, offset checks.
//! 2. DMA through the IOMMU: a pattern goes RAM → edu's buffer → another
//!    mapped buffer, and arrives intact.
//! 3. IOMMU enforcement: the device cannot write a read-only mapping, and
//!    after `dma_unmap` a DMA to that IOVA leaves the memory unchanged.
//! 4. Interrupts: edu's MSI reaches the vector's eventfd; `wait_irq` is
//!    true after a raise (and after a DMA with completion interrupt) and
//!    false when nothing was raised.
//!
//! The last line is `RESULT: PASS`, or `RESULT: FAIL <why>`; the exit status
//! is 0 only on PASS.

#[cfg(target_os = "linux")]
mod edu;

#[cfg(target_os = "linux")]
fn main() {
    std::process::exit(edu::run(std::env::args().nth(1)));
}

#[cfg(not(target_os = "linux"))]
fn main() {
    println!("RESULT: FAIL VFIO exists only on Linux");
    std::process::exit(1);
}
