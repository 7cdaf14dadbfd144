//! The Linux VFIO user API (`include/uapi/linux/vfio.h`): the few ioctls,
//! structures and constants the backend uses, with their sizes checked at
//! compile time, and one checked wrapper per ioctl.
//!
//! Every VFIO ioctl is `_IO(';', 100 + n)`: no size or direction is encoded
//! in the request number; each structure carries its own `argsz`.

use std::fs::File;
use std::io;
use std::mem::size_of;
use std::os::fd::AsRawFd;

/// `VFIO_TYPE`, the ioctl type byte (`';'`).
const VFIO_TYPE: u32 = b';' as u32;
/// `VFIO_BASE`, the first ioctl number.
const VFIO_BASE: u32 = 100;

/// `_IO(VFIO_TYPE, VFIO_BASE + nr)`.
const fn vfio_io(nr: u32) -> libc::Ioctl {
    ((VFIO_TYPE << 8) | (VFIO_BASE + nr)) as libc::Ioctl
}

const VFIO_GET_API_VERSION: libc::Ioctl = vfio_io(0);
const VFIO_CHECK_EXTENSION: libc::Ioctl = vfio_io(1);
const VFIO_SET_IOMMU: libc::Ioctl = vfio_io(2);
const VFIO_GROUP_GET_STATUS: libc::Ioctl = vfio_io(3);
const VFIO_GROUP_SET_CONTAINER: libc::Ioctl = vfio_io(4);
const VFIO_GROUP_GET_DEVICE_FD: libc::Ioctl = vfio_io(6);
const VFIO_DEVICE_GET_INFO: libc::Ioctl = vfio_io(7);
const VFIO_DEVICE_GET_REGION_INFO: libc::Ioctl = vfio_io(8);
const VFIO_DEVICE_GET_IRQ_INFO: libc::Ioctl = vfio_io(9);
const VFIO_DEVICE_SET_IRQS: libc::Ioctl = vfio_io(10);
const VFIO_DEVICE_RESET: libc::Ioctl = vfio_io(11);
const VFIO_IOMMU_MAP_DMA: libc::Ioctl = vfio_io(13);
const VFIO_IOMMU_UNMAP_DMA: libc::Ioctl = vfio_io(14);

/// The API version `VFIO_GET_API_VERSION` answers.
pub const VFIO_API_VERSION: i32 = 0;
/// Type 1 IOMMU backend.
pub const VFIO_TYPE1_IOMMU: u32 = 1;
/// Type 1 IOMMU backend, version 2 (stricter unmap semantics).
pub const VFIO_TYPE1V2_IOMMU: u32 = 3;

/// Group status: every device of the group is bound to a VFIO driver or
/// to none.
pub const VFIO_GROUP_FLAGS_VIABLE: u32 = 1;

/// Device info: `VFIO_DEVICE_RESET` is supported.
pub const VFIO_DEVICE_FLAGS_RESET: u32 = 1 << 0;
/// Device info: a PCI device.
pub const VFIO_DEVICE_FLAGS_PCI: u32 = 1 << 1;

/// Region info: the region can be read.
pub const VFIO_REGION_INFO_FLAG_READ: u32 = 1 << 0;
/// Region info: the region can be written.
pub const VFIO_REGION_INFO_FLAG_WRITE: u32 = 1 << 1;
/// Region info: the region can be mmapped through the device fd.
pub const VFIO_REGION_INFO_FLAG_MMAP: u32 = 1 << 2;

/// IRQ info: the interrupt can signal an eventfd.
pub const VFIO_IRQ_INFO_EVENTFD: u32 = 1 << 0;

/// IRQ set: the data is an array of eventfds (`i32`, -1 = none).
pub const VFIO_IRQ_SET_DATA_EVENTFD: u32 = 1 << 2;
/// IRQ set: set the trigger action.
pub const VFIO_IRQ_SET_ACTION_TRIGGER: u32 = 1 << 5;

/// PCI region index of BAR0.
pub const VFIO_PCI_BAR0_REGION_INDEX: u32 = 0;
/// PCI region index of the configuration space.
pub const VFIO_PCI_CONFIG_REGION_INDEX: u32 = 7;
/// PCI IRQ index of MSI.
pub const VFIO_PCI_MSI_IRQ_INDEX: u32 = 1;
/// PCI IRQ index of MSI-X.
pub const VFIO_PCI_MSIX_IRQ_INDEX: u32 = 2;

/// DMA map: the device may read.
pub const VFIO_DMA_MAP_FLAG_READ: u32 = 1 << 0;
/// DMA map: the device may write.
pub const VFIO_DMA_MAP_FLAG_WRITE: u32 = 1 << 1;

/// `struct vfio_group_status`.
#[repr(C)]
#[derive(Debug, Default)]
pub struct GroupStatus {
    argsz: u32,
    /// `VFIO_GROUP_FLAGS_*`.
    pub flags: u32,
}

/// `struct vfio_device_info`.
#[repr(C)]
#[derive(Debug, Default)]
pub struct DeviceInfo {
    argsz: u32,
    /// `VFIO_DEVICE_FLAGS_*`.
    pub flags: u32,
    /// Number of regions (for PCI: BARs, ROM, config, ...).
    pub num_regions: u32,
    /// Number of interrupt indexes.
    pub num_irqs: u32,
    cap_offset: u32,
    pad: u32,
}

/// `struct vfio_region_info`.
#[repr(C)]
#[derive(Debug, Default)]
pub struct RegionInfo {
    argsz: u32,
    /// `VFIO_REGION_INFO_FLAG_*`.
    pub flags: u32,
    index: u32,
    cap_offset: u32,
    /// Region size in bytes (0: not implemented).
    pub size: u64,
    /// Offset of the region in the device fd (for pread/pwrite/mmap).
    pub offset: u64,
}

/// `struct vfio_irq_info`.
#[repr(C)]
#[derive(Debug, Default)]
pub struct IrqInfo {
    argsz: u32,
    /// `VFIO_IRQ_INFO_*`.
    pub flags: u32,
    index: u32,
    /// Number of vectors at this index.
    pub count: u32,
}

/// `struct vfio_irq_set` without its trailing data.
#[repr(C)]
#[derive(Debug, Default)]
struct IrqSetHeader {
    argsz: u32,
    flags: u32,
    index: u32,
    start: u32,
    count: u32,
}

/// `struct vfio_iommu_type1_dma_map`.
#[repr(C)]
#[derive(Debug, Default)]
struct DmaMap {
    argsz: u32,
    flags: u32,
    vaddr: u64,
    iova: u64,
    size: u64,
}

/// `struct vfio_iommu_type1_dma_unmap` without its trailing data.
#[repr(C)]
#[derive(Debug, Default)]
struct DmaUnmap {
    argsz: u32,
    flags: u32,
    iova: u64,
    size: u64,
}

// The kernel's layouts (checked against include/uapi/linux/vfio.h).
const _: () = {
    assert!(size_of::<GroupStatus>() == 8);
    assert!(size_of::<DeviceInfo>() == 24);
    assert!(size_of::<RegionInfo>() == 32);
    assert!(std::mem::offset_of!(RegionInfo, size) == 16);
    assert!(size_of::<IrqInfo>() == 16);
    assert!(size_of::<IrqSetHeader>() == 20);
    assert!(size_of::<DmaMap>() == 32);
    assert!(size_of::<DmaUnmap>() == 24);
};

/// `argsz` of a structure (all of them are far below 4 GiB).
fn argsz<T>() -> u32 {
    size_of::<T>() as u32
}

/// Converts an ioctl return value to a result.
fn check(ret: libc::c_int) -> io::Result<libc::c_int> {
    if ret < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(ret)
    }
}

/// An ioctl that takes no argument (or an integer argument).
fn ioctl_val(fd: &File, req: libc::Ioctl, arg: libc::c_ulong) -> io::Result<libc::c_int> {
    // SAFETY: `req` is one of the VFIO ioctls above that take an integer
    // argument (or none); the kernel reads no memory through it.
    check(unsafe { libc::ioctl(fd.as_raw_fd(), req, arg) })
}

/// An ioctl that reads and/or writes the `#[repr(C)]` structure `arg`.
///
/// # Safety
/// `T` must be the exact structure the kernel expects for `req` (layouts are
/// asserted above), with its `argsz` set.
unsafe fn ioctl_ptr<T>(fd: &File, req: libc::Ioctl, arg: &mut T) -> io::Result<libc::c_int> {
    // SAFETY: `arg` is a valid, exclusively borrowed `T` that the caller
    // guarantees matches `req`'s argument; the kernel accesses at most
    // `argsz` bytes of it during the call.
    check(unsafe { libc::ioctl(fd.as_raw_fd(), req, arg as *mut T) })
}

/// `VFIO_GET_API_VERSION` on the container.
pub fn get_api_version(container: &File) -> io::Result<i32> {
    ioctl_val(container, VFIO_GET_API_VERSION, 0)
}

/// `VFIO_CHECK_EXTENSION`: whether the container supports IOMMU type `ext`.
pub fn check_extension(container: &File, ext: u32) -> io::Result<bool> {
    Ok(ioctl_val(container, VFIO_CHECK_EXTENSION, ext.into())? > 0)
}

/// `VFIO_SET_IOMMU`: selects the IOMMU backend (after a group was added).
pub fn set_iommu(container: &File, kind: u32) -> io::Result<()> {
    ioctl_val(container, VFIO_SET_IOMMU, kind.into()).map(drop)
}

/// `VFIO_GROUP_GET_STATUS`.
pub fn group_status(group: &File) -> io::Result<GroupStatus> {
    let mut st = GroupStatus {
        argsz: argsz::<GroupStatus>(),
        ..Default::default()
    };
    // SAFETY: GroupStatus is `struct vfio_group_status`.
    unsafe { ioctl_ptr(group, VFIO_GROUP_GET_STATUS, &mut st)? };
    Ok(st)
}

/// `VFIO_GROUP_SET_CONTAINER`: adds the group to the container.
pub fn group_set_container(group: &File, container: &File) -> io::Result<()> {
    let mut fd: libc::c_int = container.as_raw_fd();
    // SAFETY: the argument of VFIO_GROUP_SET_CONTAINER is a pointer to an
    // int holding the container fd.
    unsafe { ioctl_ptr(group, VFIO_GROUP_SET_CONTAINER, &mut fd) }.map(drop)
}

/// `VFIO_GROUP_GET_DEVICE_FD`: opens the device `name` (its PCI address).
pub fn group_get_device_fd(group: &File, name: &std::ffi::CStr) -> io::Result<File> {
    // SAFETY: the argument is a NUL-terminated string that the kernel only
    // reads during the call.
    let fd =
        check(unsafe { libc::ioctl(group.as_raw_fd(), VFIO_GROUP_GET_DEVICE_FD, name.as_ptr()) })?;
    // SAFETY: on success the ioctl returned a new file descriptor that
    // nothing else owns.
    Ok(unsafe { <File as std::os::fd::FromRawFd>::from_raw_fd(fd) })
}

/// `VFIO_DEVICE_GET_INFO`.
pub fn device_info(device: &File) -> io::Result<DeviceInfo> {
    let mut info = DeviceInfo {
        argsz: argsz::<DeviceInfo>(),
        ..Default::default()
    };
    // SAFETY: DeviceInfo is `struct vfio_device_info`.
    unsafe { ioctl_ptr(device, VFIO_DEVICE_GET_INFO, &mut info)? };
    Ok(info)
}

/// `VFIO_DEVICE_GET_REGION_INFO` for region `index`.
pub fn region_info(device: &File, index: u32) -> io::Result<RegionInfo> {
    let mut info = RegionInfo {
        argsz: argsz::<RegionInfo>(),
        index,
        ..Default::default()
    };
    // SAFETY: RegionInfo is `struct vfio_region_info`; capabilities that
    // do not fit in argsz are not written (the kernel only raises argsz).
    unsafe { ioctl_ptr(device, VFIO_DEVICE_GET_REGION_INFO, &mut info)? };
    Ok(info)
}

/// `VFIO_DEVICE_GET_IRQ_INFO` for IRQ `index`.
pub fn irq_info(device: &File, index: u32) -> io::Result<IrqInfo> {
    let mut info = IrqInfo {
        argsz: argsz::<IrqInfo>(),
        index,
        ..Default::default()
    };
    // SAFETY: IrqInfo is `struct vfio_irq_info`.
    unsafe { ioctl_ptr(device, VFIO_DEVICE_GET_IRQ_INFO, &mut info)? };
    Ok(info)
}

/// `VFIO_DEVICE_SET_IRQS` with `DATA_EVENTFD | ACTION_TRIGGER`: vector `i`
/// of IRQ `index` signals `fds[i]`.
pub fn set_irq_eventfds(device: &File, index: u32, fds: &[libc::c_int]) -> io::Result<()> {
    let count = u32::try_from(fds.len())
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "too many vectors"))?;
    let hdr = size_of::<IrqSetHeader>();
    let total = hdr + std::mem::size_of_val(fds);
    // u32 words keep the buffer 4-byte aligned, as the structure needs.
    let mut buf = vec![0u32; total.div_ceil(4)];
    buf[0] = u32::try_from(total)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "too many vectors"))?;
    buf[1] = VFIO_IRQ_SET_DATA_EVENTFD | VFIO_IRQ_SET_ACTION_TRIGGER;
    buf[2] = index;
    buf[3] = 0; // start
    buf[4] = count;
    for (slot, fd) in buf[hdr / 4..].iter_mut().zip(fds) {
        *slot = *fd as u32;
    }
    // SAFETY: `buf` holds a `struct vfio_irq_set` header followed by
    // `count` eventfds, `argsz` bytes in all, 4-byte aligned; the kernel
    // only reads it.
    check(unsafe { libc::ioctl(device.as_raw_fd(), VFIO_DEVICE_SET_IRQS, buf.as_mut_ptr()) })
        .map(drop)
}

/// `VFIO_DEVICE_RESET`.
pub fn device_reset(device: &File) -> io::Result<()> {
    ioctl_val(device, VFIO_DEVICE_RESET, 0).map(drop)
}

/// `VFIO_IOMMU_MAP_DMA`.
///
/// # Safety
/// `vaddr..vaddr+size` must be memory of this process that stays valid
/// while the mapping exists; the device may access it as `flags` allow.
pub unsafe fn map_dma(
    container: &File,
    vaddr: u64,
    iova: u64,
    size: u64,
    flags: u32,
) -> io::Result<()> {
    let mut map = DmaMap {
        argsz: argsz::<DmaMap>(),
        flags,
        vaddr,
        iova,
        size,
    };
    // SAFETY: DmaMap is `struct vfio_iommu_type1_dma_map`; the caller
    // upholds the lifetime of the mapped memory.
    unsafe { ioctl_ptr(container, VFIO_IOMMU_MAP_DMA, &mut map) }.map(drop)
}

/// `VFIO_IOMMU_UNMAP_DMA`; returns how many bytes the kernel unmapped.
pub fn unmap_dma(container: &File, iova: u64, size: u64) -> io::Result<u64> {
    let mut unmap = DmaUnmap {
        argsz: argsz::<DmaUnmap>(),
        flags: 0,
        iova,
        size,
    };
    // SAFETY: DmaUnmap is `struct vfio_iommu_type1_dma_unmap` without the
    // optional dirty bitmap (flags 0).
    unsafe { ioctl_ptr(container, VFIO_IOMMU_UNMAP_DMA, &mut unmap)? };
    Ok(unmap.size)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ioctl_numbers_match_the_kernel_headers() {
        // _IO(';', 100) and _IO(';', 114) as the C preprocessor computes them.
        assert_eq!(VFIO_GET_API_VERSION, 0x3b64);
        assert_eq!(VFIO_GROUP_GET_DEVICE_FD, 0x3b6a);
        assert_eq!(VFIO_DEVICE_SET_IRQS, 0x3b6e);
        assert_eq!(VFIO_IOMMU_MAP_DMA, 0x3b71);
        assert_eq!(VFIO_IOMMU_UNMAP_DMA, 0x3b72);
    }

    #[test]
    fn ioctls_on_a_non_vfio_file_fail_cleanly() {
        let f = File::open("/dev/null").expect("/dev/null");
        let err = get_api_version(&f).expect_err("not a VFIO container");
        assert_eq!(err.raw_os_error(), Some(libc::ENOTTY));
        assert!(region_info(&f, 0).is_err());
        assert!(unmap_dma(&f, 0x1000, 0x1000).is_err());
    }
}
