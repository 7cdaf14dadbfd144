//! The VFIO device backend: a warpnic (or any PCI device) bound to the
//! Linux `vfio-pci` driver, driven from user space.
//!
//! [`VfioDevice::open`] walks the usual VFIO path: the device's IOMMU group
//! from sysfs, a container (`/dev/vfio/vfio`) with the type-1 IOMMU, the
//! group (`/dev/vfio/<group>`), the device fd, BAR0 mapped through the
//! device fd, bus mastering enabled in configuration space, and every
//! MSI-X vector (or, without MSI-X, the MSI vectors) signalling its own
//! eventfd. It resets the device first when the kernel can.
//!
//! The contract:
//! - [`Device::read32`]/[`Device::write32`] are single volatile accesses to
//!   the mapped BAR0, checked for bounds and 4-byte alignment.
//! - [`Device::dma_map`]/[`Device::dma_unmap`] edit the container's IOMMU
//!   page table: after `dma_unmap` returns, the IOMMU refuses the device's
//!   accesses to that range.
//! - [`Device::wait_irq`] waits on the vector's eventfd; one `true` covers
//!   every interrupt since the previous `true` for that vector.
//! - Each `VfioDevice` owns its container, so its DMA mappings are its own;
//!   dropping it closes the device (the kernel disables its interrupts and
//!   bus mastering), the group and the container (removing every mapping).
//!
//! Only the ioctls of `include/uapi/linux/vfio.h` are used (through `libc`),
//! so every failure is reported with what to fix.

pub mod mmio;
mod sys;

use std::ffi::CString;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io;
use std::os::fd::AsRawFd;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use memmap2::MmapOptions;

use crate::device::{Device, DeviceError, DeviceResult, DmaPerm};
pub use crate::eventfd::EventFd;
use mmio::MmioRegion;

/// PCI configuration space: command register offset.
const PCI_COMMAND: u64 = 0x04;
/// Command register: respond to memory space accesses.
const PCI_COMMAND_MEMORY: u16 = 1 << 1;
/// Command register: the device may master the bus (DMA, MSI).
const PCI_COMMAND_MASTER: u16 = 1 << 2;

/// A PCI address in the canonical sysfs form `dddd:bb:dd.f`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PciAddress(String);

impl PciAddress {
    /// Parses `dddd:bb:dd.f` or `bb:dd.f` (domain 0), any hex case.
    ///
    /// # Errors
    /// [`DeviceError::Io`] with kind `InvalidInput` for anything else.
    pub fn parse(s: &str) -> DeviceResult<Self> {
        let bad = || DeviceError::Io {
            context: format!("`{s}` is not a PCI address"),
            source: io::Error::new(
                io::ErrorKind::InvalidInput,
                "expected domain:bus:device.function in hex, e.g. 0000:01:00.0",
            ),
        };
        let parts: Vec<&str> = s.split(':').collect();
        let (domain, bus, devfn) = match parts.as_slice() {
            [d, b, df] => (*d, *b, *df),
            [b, df] => ("0000", *b, *df),
            _ => return Err(bad()),
        };
        let (dev, func) = devfn.split_once('.').ok_or_else(bad)?;
        let hex = |t: &str, max_len: usize| {
            if t.is_empty() || t.len() > max_len || !t.chars().all(|c| c.is_ascii_hexdigit()) {
                None
            } else {
                u32::from_str_radix(t, 16).ok()
            }
        };
        let domain = hex(domain, 4).ok_or_else(bad)?;
        let bus = hex(bus, 2).ok_or_else(bad)?;
        let dev = hex(dev, 2).filter(|d| *d < 32).ok_or_else(bad)?;
        let func = hex(func, 1).filter(|f| *f < 8).ok_or_else(bad)?;
        Ok(Self(format!("{domain:04x}:{bus:02x}:{dev:02x}.{func:x}")))
    }

    /// The canonical form.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for PciAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Which interrupt mechanism the backend wired to eventfds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IrqKind {
    /// MSI-X: one eventfd per table entry.
    MsiX,
    /// MSI (the device has no MSI-X).
    Msi,
    /// Neither: [`Device::num_vectors`] is 0.
    None,
}

/// Where the kernel's interfaces live (the real ones, or a fake tree in
/// tests of the error paths).
struct Roots {
    /// `/sys/bus/pci/devices`.
    sysfs_pci: PathBuf,
    /// `/dev/vfio`.
    dev_vfio: PathBuf,
}

impl Roots {
    fn system() -> Self {
        Self {
            sysfs_pci: PathBuf::from("/sys/bus/pci/devices"),
            dev_vfio: PathBuf::from("/dev/vfio"),
        }
    }
}

/// An `Io` error with a context line that says what to fix.
fn io_err(context: impl Into<String>, source: io::Error) -> DeviceError {
    DeviceError::Io {
        context: context.into(),
        source,
    }
}

/// The last path component of a symlink's target (`.../iommu_groups/7` → `7`).
fn link_name(link: &Path) -> io::Result<String> {
    let target = std::fs::read_link(link)?;
    target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, "symlink without a name"))
}

/// What sysfs says about a device before anything is opened.
#[derive(Debug)]
struct Located {
    group: u32,
    driver: Option<String>,
}

/// Finds the device's IOMMU group and driver, with errors that say what to
/// fix.
fn locate(roots: &Roots, addr: &PciAddress) -> DeviceResult<Located> {
    let dev_dir = roots.sysfs_pci.join(addr.as_str());
    if !dev_dir.exists() {
        return Err(io_err(
            format!(
                "PCI device {addr} not found ({} does not exist; `lspci -D` lists the addresses)",
                dev_dir.display()
            ),
            io::Error::from(io::ErrorKind::NotFound),
        ));
    }
    let driver = link_name(&dev_dir.join("driver")).ok();
    let group = link_name(&dev_dir.join("iommu_group")).map_err(|e| {
        io_err(
            format!(
                "no IOMMU group for {addr}: is the IOMMU enabled (intel_iommu=on or \
                 amd_iommu=on on the kernel command line) and the device bound to vfio-pci?"
            ),
            e,
        )
    })?;
    let group: u32 = group.parse().map_err(|_| {
        io_err(
            format!("IOMMU group of {addr} has the unexpected name `{group}`"),
            io::Error::from(io::ErrorKind::InvalidData),
        )
    })?;
    match driver.as_deref() {
        Some(d) if d.contains("vfio") => {}
        other => {
            let now = match other {
                Some(d) => format!("bound to {d}"),
                None => "bound to no driver".to_string(),
            };
            return Err(io_err(
                format!("{addr} is {now}, not to vfio-pci"),
                io::Error::other(format!(
                    "bind it: echo {addr} > {dir}/driver/unbind; \
                     echo vfio-pci > {dir}/driver_override; \
                     echo {addr} > /sys/bus/pci/drivers_probe (after modprobe vfio-pci)",
                    dir = dev_dir.display()
                )),
            ));
        }
    }
    Ok(Located { group, driver })
}

/// Opens a `/dev/vfio` node read-write.
fn open_rw(path: &Path) -> io::Result<File> {
    OpenOptions::new().read(true).write(true).open(path)
}

/// A device bound to `vfio-pci`, opened through VFIO.
///
/// Field order is drop order: BAR0 is unmapped before the device fd is
/// closed, and the device before its group and container.
pub struct VfioDevice {
    bar0: MmioRegion,
    device: File,
    vectors: Vec<EventFd>,
    irq_kind: IrqKind,
    config_offset: u64,
    config_size: u64,
    reset_done: bool,
    group_id: u32,
    addr: PciAddress,
    page_size: u64,
    _group: File,
    container: File,
}

impl fmt::Debug for VfioDevice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("VfioDevice")
            .field("addr", &self.addr)
            .field("group", &self.group_id)
            .field("bar0_size", &self.bar0.len())
            .field("irq_kind", &self.irq_kind)
            .field("vectors", &self.vectors.len())
            .finish()
    }
}

impl VfioDevice {
    /// Opens the PCI device at `pci_addr` (e.g. `0000:01:00.0`), which must
    /// be bound to `vfio-pci` and be the only device of its IOMMU group in
    /// use.
    ///
    /// # Errors
    /// [`DeviceError::Io`] naming the step that failed and what to fix: a
    /// malformed address, a missing device, no IOMMU group, another driver,
    /// no `/dev/vfio`, a group that is not viable or in use, a BAR0 that
    /// cannot be mapped, interrupts that cannot be wired.
    pub fn open(pci_addr: &str) -> DeviceResult<Self> {
        Self::open_in(&Roots::system(), pci_addr)
    }

    fn open_in(roots: &Roots, pci_addr: &str) -> DeviceResult<Self> {
        let addr = PciAddress::parse(pci_addr)?;
        let found = locate(roots, &addr)?;
        let group_id = found.group;

        let container_path = roots.dev_vfio.join("vfio");
        let container = open_rw(&container_path).map_err(|e| {
            io_err(
                format!(
                    "cannot open {}: is the vfio module loaded (modprobe vfio-pci)?",
                    container_path.display()
                ),
                e,
            )
        })?;
        let version = sys::get_api_version(&container).map_err(|e| {
            io_err(
                format!("{} is not a VFIO container", container_path.display()),
                e,
            )
        })?;
        if version != sys::VFIO_API_VERSION {
            return Err(io_err(
                format!("VFIO API version {version} is not supported (expected 0)"),
                io::Error::from(io::ErrorKind::Unsupported),
            ));
        }
        let iommu_type =
            if sys::check_extension(&container, sys::VFIO_TYPE1V2_IOMMU).unwrap_or(false) {
                sys::VFIO_TYPE1V2_IOMMU
            } else if sys::check_extension(&container, sys::VFIO_TYPE1_IOMMU).unwrap_or(false) {
                sys::VFIO_TYPE1_IOMMU
            } else {
                return Err(io_err(
                    "the VFIO container offers no type-1 IOMMU: load vfio_iommu_type1 and enable \
                 the IOMMU (no-IOMMU mode cannot map DMA)",
                    io::Error::from(io::ErrorKind::Unsupported),
                ));
            };

        let group_path = roots.dev_vfio.join(group_id.to_string());
        let group = open_rw(&group_path).map_err(|e| {
            let why = match e.raw_os_error() {
                Some(libc::EBUSY) => {
                    "the group is already open (another process or VfioDevice uses it)"
                }
                Some(libc::EACCES) | Some(libc::EPERM) => {
                    "permission denied: run as root or chown the node"
                }
                _ => "is the device bound to vfio-pci?",
            };
            io_err(
                format!("cannot open {} for {addr}: {why}", group_path.display()),
                e,
            )
        })?;
        let status = sys::group_status(&group)
            .map_err(|e| io_err(format!("VFIO_GROUP_GET_STATUS on group {group_id}"), e))?;
        if status.flags & sys::VFIO_GROUP_FLAGS_VIABLE == 0 {
            return Err(io_err(
                format!(
                    "IOMMU group {group_id} of {addr} is not viable: bind every device in \
                     /sys/kernel/iommu_groups/{group_id}/devices to vfio-pci (or unbind it)"
                ),
                io::Error::from(io::ErrorKind::PermissionDenied),
            ));
        }
        sys::group_set_container(&group, &container).map_err(|e| {
            io_err(
                format!("adding IOMMU group {group_id} to the VFIO container"),
                e,
            )
        })?;
        sys::set_iommu(&container, iommu_type).map_err(|e| {
            io_err(
                format!("selecting the type-{iommu_type} IOMMU for group {group_id}"),
                e,
            )
        })?;

        let name = CString::new(addr.as_str()).map_err(|_| {
            io_err(
                format!("PCI address {addr} contains NUL"),
                io::Error::from(io::ErrorKind::InvalidInput),
            )
        })?;
        let device = sys::group_get_device_fd(&group, &name).map_err(|e| {
            io_err(
                format!(
                    "cannot get the VFIO device fd of {addr} from group {group_id} (driver: {})",
                    found.driver.as_deref().unwrap_or("none")
                ),
                e,
            )
        })?;
        let info = sys::device_info(&device)
            .map_err(|e| io_err(format!("VFIO_DEVICE_GET_INFO on {addr}"), e))?;
        if info.flags & sys::VFIO_DEVICE_FLAGS_PCI == 0
            || info.num_regions <= sys::VFIO_PCI_CONFIG_REGION_INDEX
        {
            return Err(io_err(
                format!(
                    "{addr} is not a VFIO PCI device (flags {:#x}, {} regions)",
                    info.flags, info.num_regions
                ),
                io::Error::from(io::ErrorKind::Unsupported),
            ));
        }

        // Reset first: it clears the command register and the interrupt
        // setup that follow.
        let reset_done = if info.flags & sys::VFIO_DEVICE_FLAGS_RESET != 0 {
            sys::device_reset(&device)
                .map_err(|e| io_err(format!("VFIO_DEVICE_RESET of {addr}"), e))?;
            true
        } else {
            false
        };

        let cfg = sys::region_info(&device, sys::VFIO_PCI_CONFIG_REGION_INDEX)
            .map_err(|e| io_err(format!("configuration space region info of {addr}"), e))?;
        let bar = sys::region_info(&device, sys::VFIO_PCI_BAR0_REGION_INDEX)
            .map_err(|e| io_err(format!("BAR0 region info of {addr}"), e))?;
        if bar.size == 0 {
            return Err(io_err(
                format!("{addr} has no BAR0"),
                io::Error::from(io::ErrorKind::Unsupported),
            ));
        }
        if bar.flags & sys::VFIO_REGION_INFO_FLAG_MMAP == 0
            || bar.flags & sys::VFIO_REGION_INFO_FLAG_READ == 0
            || bar.flags & sys::VFIO_REGION_INFO_FLAG_WRITE == 0
        {
            return Err(io_err(
                format!(
                    "BAR0 of {addr} cannot be mapped read-write (region flags {:#x}): \
                     an I/O-port BAR or a BAR smaller than a page?",
                    bar.flags
                ),
                io::Error::from(io::ErrorKind::Unsupported),
            ));
        }
        let bar_len = usize::try_from(bar.size).map_err(|_| {
            io_err(
                format!("BAR0 of {addr} is too large"),
                io::Error::from(io::ErrorKind::Unsupported),
            )
        })?;
        let map = MmapOptions::new()
            .offset(bar.offset)
            .len(bar_len)
            .map_raw(&device)
            .map_err(|e| io_err(format!("mmap of BAR0 of {addr} ({:#x} bytes)", bar.size), e))?;

        let mut dev = VfioDevice {
            bar0: MmioRegion::new(map),
            device,
            vectors: Vec::new(),
            irq_kind: IrqKind::None,
            config_offset: cfg.offset,
            config_size: cfg.size,
            reset_done,
            group_id,
            addr,
            page_size: page_size(),
            _group: group,
            container,
        };

        let cmd = dev.config_read16(PCI_COMMAND)?;
        dev.config_write16(PCI_COMMAND, cmd | PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER)?;
        let now = dev.config_read16(PCI_COMMAND)?;
        if now & PCI_COMMAND_MASTER == 0 {
            return Err(io_err(
                format!(
                    "bus mastering of {} did not enable (command register {now:#06x})",
                    dev.addr
                ),
                io::Error::other("the device ignores the bus-master bit"),
            ));
        }
        dev.wire_interrupts()?;
        Ok(dev)
    }

    /// Wires every MSI-X vector, or else every MSI vector, to an eventfd.
    fn wire_interrupts(&mut self) -> DeviceResult<()> {
        // The first failure is reported if no mechanism can be wired.
        let mut failure = None;
        for (index, kind) in [
            (sys::VFIO_PCI_MSIX_IRQ_INDEX, IrqKind::MsiX),
            (sys::VFIO_PCI_MSI_IRQ_INDEX, IrqKind::Msi),
        ] {
            let Ok(info) = sys::irq_info(&self.device, index) else {
                continue;
            };
            if info.count == 0 || info.flags & sys::VFIO_IRQ_INFO_EVENTFD == 0 {
                continue;
            }
            // Multi-vector MSI needs contiguous vectors the platform may
            // not have; one vector always works.
            let tries: &[u32] = if kind == IrqKind::Msi && info.count > 1 {
                &[info.count, 1]
            } else {
                &[info.count]
            };
            for &n in tries {
                let fds = (0..n)
                    .map(|_| EventFd::new())
                    .collect::<io::Result<Vec<_>>>()
                    .map_err(|e| io_err(format!("creating {n} eventfds for {}", self.addr), e))?;
                let raw: Vec<i32> = fds.iter().map(|f| f.as_raw_fd()).collect();
                match sys::set_irq_eventfds(&self.device, index, &raw) {
                    Ok(()) => {
                        self.vectors = fds;
                        self.irq_kind = kind;
                        return Ok(());
                    }
                    Err(e) => {
                        failure.get_or_insert_with(|| {
                            io_err(
                                format!(
                                    "wiring {n} {kind:?} vectors of {} to eventfds \
                                     (VFIO_DEVICE_SET_IRQS)",
                                    self.addr
                                ),
                                e,
                            )
                        });
                    }
                }
            }
        }
        failure.map_or(Ok(()), Err)
    }

    /// The device's PCI address.
    pub fn pci_address(&self) -> &PciAddress {
        &self.addr
    }

    /// The device's IOMMU group number.
    pub fn iommu_group(&self) -> u32 {
        self.group_id
    }

    /// Which interrupt mechanism is wired to the vectors.
    pub fn irq_kind(&self) -> IrqKind {
        self.irq_kind
    }

    /// Whether `open` reset the device (the kernel offers a reset method).
    pub fn was_reset(&self) -> bool {
        self.reset_done
    }

    /// The mapped BAR0, for 64-bit accesses the [`Device`] trait lacks.
    pub fn bar0(&self) -> &MmioRegion {
        &self.bar0
    }

    /// Reads `buf.len()` bytes of configuration space at `offset`.
    ///
    /// # Errors
    /// [`DeviceError::BadOffset`] outside the configuration space;
    /// [`DeviceError::Io`] when the read fails.
    pub fn config_read(&self, offset: u64, buf: &mut [u8]) -> DeviceResult<()> {
        self.config_check(offset, buf.len())?;
        self.device
            .read_exact_at(buf, self.config_offset + offset)
            .map_err(|e| {
                io_err(
                    format!("config space read at {offset:#x} of {}", self.addr),
                    e,
                )
            })
    }

    /// Writes `buf` to configuration space at `offset` (vfio-pci filters
    /// what a user may change).
    ///
    /// # Errors
    /// As [`VfioDevice::config_read`].
    pub fn config_write(&self, offset: u64, buf: &[u8]) -> DeviceResult<()> {
        self.config_check(offset, buf.len())?;
        self.device
            .write_all_at(buf, self.config_offset + offset)
            .map_err(|e| {
                io_err(
                    format!("config space write at {offset:#x} of {}", self.addr),
                    e,
                )
            })
    }

    fn config_check(&self, offset: u64, len: usize) -> DeviceResult<()> {
        match offset.checked_add(len as u64) {
            Some(end) if end <= self.config_size => Ok(()),
            _ => Err(DeviceError::BadOffset {
                offset,
                size: self.config_size,
            }),
        }
    }

    /// Reads a little-endian 16-bit configuration register.
    ///
    /// # Errors
    /// As [`VfioDevice::config_read`].
    pub fn config_read16(&self, offset: u64) -> DeviceResult<u16> {
        let mut b = [0u8; 2];
        self.config_read(offset, &mut b)?;
        Ok(u16::from_le_bytes(b))
    }

    /// Writes a little-endian 16-bit configuration register.
    ///
    /// # Errors
    /// As [`VfioDevice::config_read`].
    pub fn config_write16(&self, offset: u64, value: u16) -> DeviceResult<()> {
        self.config_write(offset, &value.to_le_bytes())
    }

    /// Reads a little-endian 32-bit configuration register.
    ///
    /// # Errors
    /// As [`VfioDevice::config_read`].
    pub fn config_read32(&self, offset: u64) -> DeviceResult<u32> {
        let mut b = [0u8; 4];
        self.config_read(offset, &mut b)?;
        Ok(u32::from_le_bytes(b))
    }

    fn dma_err(&self, iova: u64, len: usize, reason: impl Into<String>) -> DeviceError {
        DeviceError::DmaMap {
            iova,
            len: len as u64,
            reason: reason.into(),
        }
    }
}

/// The CPU page size (the smallest IOMMU mapping unit on x86).
fn page_size() -> u64 {
    // SAFETY: sysconf takes no pointers.
    let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    if p > 0 {
        p as u64
    } else {
        4096
    }
}

/// Why `VFIO_IOMMU_MAP_DMA` failed, in words.
fn map_errno_hint(e: &io::Error) -> &'static str {
    match e.raw_os_error() {
        Some(libc::EEXIST) => "overlaps an existing mapping",
        Some(libc::ENOMEM) => "cannot pin the memory: raise the locked-memory limit (ulimit -l)",
        Some(libc::EINVAL) => "rejected (alignment, or outside the IOMMU's address range)",
        Some(libc::EFAULT) => "the host address range is not mapped memory",
        Some(libc::ENOSPC) => "the IOMMU has no room for more mappings",
        _ => "refused by the kernel",
    }
}

impl Device for VfioDevice {
    fn name(&self) -> String {
        self.addr.to_string()
    }

    fn bar0_size(&self) -> u64 {
        self.bar0.len()
    }

    fn read32(&self, offset: u64) -> DeviceResult<u32> {
        self.bar0.read32(offset)
    }

    fn write32(&self, offset: u64, value: u32) -> DeviceResult<()> {
        self.bar0.write32(offset, value)
    }

    unsafe fn dma_map(
        &self,
        vaddr: *mut u8,
        len: usize,
        iova: u64,
        perm: DmaPerm,
    ) -> DeviceResult<()> {
        let pg = self.page_size;
        let va = vaddr as u64;
        if len == 0 || (va | iova | len as u64) & (pg - 1) != 0 {
            return Err(self.dma_err(
                iova,
                len,
                format!("host address {va:#x}, IOVA and length must be non-zero multiples of the {pg:#x}-byte page"),
            ));
        }
        if iova.checked_add(len as u64).is_none() {
            return Err(self.dma_err(iova, len, "IOVA range wraps around"));
        }
        let mut flags = 0;
        if perm.read {
            flags |= sys::VFIO_DMA_MAP_FLAG_READ;
        }
        if perm.write {
            flags |= sys::VFIO_DMA_MAP_FLAG_WRITE;
        }
        if flags == 0 {
            return Err(self.dma_err(iova, len, "a mapping needs read or write permission"));
        }
        // SAFETY: the caller guarantees (trait contract) that the memory
        // stays valid until dma_unmap; the kernel pins it meanwhile.
        unsafe { sys::map_dma(&self.container, va, iova, len as u64, flags) }.map_err(|e| {
            self.dma_err(
                iova,
                len,
                format!("VFIO_IOMMU_MAP_DMA: {}: {e}", map_errno_hint(&e)),
            )
        })
    }

    fn dma_unmap(&self, iova: u64, len: usize) -> DeviceResult<()> {
        let done = sys::unmap_dma(&self.container, iova, len as u64).map_err(|e| {
            self.dma_err(
                iova,
                len,
                format!("VFIO_IOMMU_UNMAP_DMA: {e} (not the bounds of one mapping?)"),
            )
        })?;
        if done == 0 {
            return Err(self.dma_err(iova, len, "no mapping starts at this IOVA"));
        }
        if done != len as u64 {
            return Err(self.dma_err(
                iova,
                len,
                format!("the kernel unmapped {done:#x} bytes, not {len:#x}: mapping bounds differ"),
            ));
        }
        Ok(())
    }

    fn num_vectors(&self) -> u32 {
        self.vectors.len() as u32
    }

    fn wait_irq(&self, vector: u32, timeout: Duration) -> DeviceResult<bool> {
        let fd = self
            .vectors
            .get(vector as usize)
            .ok_or(DeviceError::BadVector(vector))?;
        fd.wait(timeout).map_err(|e| {
            io_err(
                format!("waiting for interrupt {vector} of {}", self.addr),
                e,
            )
        })
    }

    fn now_ns(&self) -> u64 {
        monotonic_ns()
    }

    fn relax(&self) {
        std::hint::spin_loop();
    }
}

/// `CLOCK_MONOTONIC` in nanoseconds.
fn monotonic_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec we own.
    let r = unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    if r != 0 {
        return 0;
    }
    (ts.tv_sec as u64)
        .saturating_mul(1_000_000_000)
        .saturating_add(ts.tv_nsec as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn msg(r: DeviceResult<VfioDevice>) -> String {
        match r {
            Ok(d) => panic!("opened {d:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn parses_pci_addresses() {
        assert_eq!(
            PciAddress::parse("0000:00:02.0").unwrap().as_str(),
            "0000:00:02.0"
        );
        assert_eq!(
            PciAddress::parse("3B:00.1").unwrap().as_str(),
            "0000:3b:00.1"
        );
        assert_eq!(PciAddress::parse("10000:00:00.0").ok(), None);
        for bad in [
            "",
            "0000:00:02",
            "00:02.8",
            "00:20.0",
            "0000:000:02.0",
            "x:00:02.0",
            "0:1:2:3.0",
            "00:02.-1",
        ] {
            let e = PciAddress::parse(bad).expect_err(bad);
            assert!(e.to_string().contains("not a PCI address"), "{bad}: {e}");
        }
    }

    #[test]
    fn open_rejects_a_malformed_address() {
        let m = msg(VfioDevice::open("eth0"));
        assert!(m.contains("`eth0` is not a PCI address"), "{m}");
    }

    #[test]
    fn open_reports_a_missing_device() {
        // Domain ffff does not exist on any ordinary machine.
        let m = msg(VfioDevice::open("ffff:ff:1f.7"));
        assert!(m.contains("PCI device ffff:ff:1f.7 not found"), "{m}");
        assert!(
            m.contains("/sys/bus/pci/devices/ffff:ff:1f.7 does not exist"),
            "{m}"
        );
    }

    /// A fake sysfs + /dev/vfio tree for the error paths.
    struct Fake {
        dir: PathBuf,
        roots: Roots,
    }

    impl Fake {
        fn new(tag: &str) -> Self {
            let dir =
                std::env::temp_dir().join(format!("warpnic-vfio-{tag}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            let roots = Roots {
                sysfs_pci: dir.join("sys/bus/pci/devices"),
                dev_vfio: dir.join("dev/vfio"),
            };
            std::fs::create_dir_all(roots.sysfs_pci.join("0000:00:02.0")).unwrap();
            std::fs::create_dir_all(&roots.dev_vfio).unwrap();
            Self { dir, roots }
        }
        fn dev(&self) -> PathBuf {
            self.roots.sysfs_pci.join("0000:00:02.0")
        }
        fn group(&self, n: u32) {
            symlink(
                format!("../../../kernel/iommu_groups/{n}"),
                self.dev().join("iommu_group"),
            )
            .unwrap();
        }
        fn driver(&self, d: &str) {
            symlink(
                format!("../../../bus/pci/drivers/{d}"),
                self.dev().join("driver"),
            )
            .unwrap();
        }
    }

    impl Drop for Fake {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }

    #[test]
    fn open_reports_a_missing_iommu_group() {
        let f = Fake::new("nogroup");
        f.driver("e1000e");
        let m = msg(VfioDevice::open_in(&f.roots, "0000:00:02.0"));
        assert!(m.starts_with("no IOMMU group for 0000:00:02.0"), "{m}");
        assert!(m.contains("bound to vfio-pci?"), "{m}");
    }

    #[test]
    fn open_reports_the_wrong_driver() {
        let f = Fake::new("driver");
        f.group(7);
        f.driver("e1000e");
        let m = msg(VfioDevice::open_in(&f.roots, "00:02.0"));
        assert!(
            m.contains("0000:00:02.0 is bound to e1000e, not to vfio-pci"),
            "{m}"
        );
        assert!(m.contains("driver_override"), "{m}");
    }

    #[test]
    fn open_reports_no_driver() {
        let f = Fake::new("nodriver");
        f.group(7);
        let m = msg(VfioDevice::open_in(&f.roots, "0000:00:02.0"));
        assert!(m.contains("is bound to no driver, not to vfio-pci"), "{m}");
    }

    #[test]
    fn open_reports_a_missing_container() {
        let f = Fake::new("nocontainer");
        f.group(7);
        f.driver("vfio-pci");
        let m = msg(VfioDevice::open_in(&f.roots, "0000:00:02.0"));
        assert!(
            m.contains("dev/vfio/vfio: is the vfio module loaded"),
            "{m}"
        );
    }

    #[test]
    fn open_rejects_a_file_that_is_not_a_container() {
        let f = Fake::new("notcontainer");
        f.group(7);
        f.driver("vfio-pci");
        std::fs::write(f.roots.dev_vfio.join("vfio"), b"").unwrap();
        let m = msg(VfioDevice::open_in(&f.roots, "0000:00:02.0"));
        assert!(m.contains("is not a VFIO container"), "{m}");
    }

    #[test]
    fn monotonic_clock_advances() {
        let a = monotonic_ns();
        std::thread::sleep(Duration::from_millis(2));
        let b = monotonic_ns();
        assert!(b >= a + 2_000_000, "{a} {b}");
    }
}
