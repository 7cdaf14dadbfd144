//! The checks against QEMU's `edu` device.

use std::ptr;
use std::sync::atomic::{fence, Ordering};
use std::time::{Duration, Instant};

use memmap2::{MmapOptions, MmapRaw};
use warpnic::vfio::{IrqKind, VfioDevice};
use warpnic::{Device, DeviceError, DmaPerm};

/// edu's BAR0 registers (docs/specs/edu.rst).
mod reg {
    /// Identification, `0xRRrr00ed`.
    pub const ID: u64 = 0x00;
    /// Liveness check: reads back the inverse of what was written.
    pub const LIVENESS: u64 = 0x04;
    /// Interrupt status: the OR of the raised values.
    pub const IRQ_STATUS: u64 = 0x24;
    /// Interrupt raise: ORs the value into the status and signals.
    pub const IRQ_RAISE: u64 = 0x60;
    /// Interrupt acknowledge: clears the value's bits from the status.
    pub const IRQ_ACK: u64 = 0x64;
    /// DMA source address.
    pub const DMA_SRC: u64 = 0x80;
    /// DMA destination address.
    pub const DMA_DST: u64 = 0x88;
    /// DMA byte count.
    pub const DMA_CNT: u64 = 0x90;
    /// DMA command.
    pub const DMA_CMD: u64 = 0x98;
}

/// DMA command: start (reads back as 1 while running).
const CMD_START: u32 = 0x1;
/// DMA command: direction edu → RAM (0: RAM → edu).
const CMD_TO_RAM: u32 = 0x2;
/// DMA command: raise interrupt [`DMA_IRQ`] when done.
const CMD_IRQ: u32 = 0x4;
/// The interrupt status value of a finished DMA.
const DMA_IRQ: u32 = 0x100;
/// edu's identification register, version 1.0.
const EDU_ID: u32 = 0x0100_00ed;
/// edu's BAR0 size (1 MiB).
const EDU_BAR0_SIZE: u64 = 1 << 20;
/// edu's internal DMA buffer, as seen from its DMA engine.
const EDU_BUF: u32 = 0x40000;
/// Size of that buffer and of every host buffer here.
const LEN: usize = 4096;
/// Bytes each DMA moves: half the buffer. QEMU 7.2's edu refuses a
/// transfer that ends at its buffer's end (its range check wants the end
/// inside the buffer, an off-by-one fixed in later QEMU) and stops the
/// guest; the bytes beyond a transfer must keep their fill.
const XFER: usize = LEN / 2;
/// IOVAs (edu's DMA addresses are 28 bits wide: keep them below 256 MiB).
const IOVA_SRC: u64 = 0x0010_0000;
const IOVA_DST: u64 = 0x0020_0000;
const IOVA_AUX: u64 = 0x0030_0000;
/// Fill bytes.
const CANARY: u8 = 0xee;
const AUX: u8 = 0x33;
/// How long a DMA (~100 ms of QEMU virtual time) may take at most.
const DMA_TIMEOUT: Duration = Duration::from_secs(10);
/// How long an interrupt may take to arrive at most.
const IRQ_TIMEOUT: Duration = Duration::from_secs(5);
/// How long to wait to conclude that no interrupt came.
const QUIET: Duration = Duration::from_millis(300);

/// Why a step failed.
#[derive(Debug, thiserror::Error)]
enum Fail {
    /// A check did not hold.
    #[error("{0}")]
    Check(String),
    /// The backend reported an error.
    #[error(transparent)]
    Device(#[from] DeviceError),
    /// Host memory could not be allocated.
    #[error("allocating DMA memory: {0}")]
    Alloc(#[from] std::io::Error),
}

type Step = Result<(), Fail>;

fn ensure(cond: bool, why: impl FnOnce() -> String) -> Step {
    if cond {
        Ok(())
    } else {
        Err(Fail::Check(why()))
    }
}

/// Page-aligned anonymous memory the device reads and writes by DMA. Only
/// volatile accesses touch it; no Rust reference to its bytes exists.
struct DmaBuf {
    map: MmapRaw,
}

impl DmaBuf {
    fn new() -> std::io::Result<Self> {
        let map = MmapOptions::new().len(LEN).map_anon()?;
        Ok(Self {
            map: MmapRaw::from(map),
        })
    }

    fn fill(&self, f: impl Fn(usize) -> u8) {
        let p = self.map.as_mut_ptr();
        for i in 0..LEN {
            // SAFETY: i < LEN, the mapping's length; a volatile byte store.
            unsafe { ptr::write_volatile(p.add(i), f(i)) };
        }
        fence(Ordering::SeqCst);
    }

    fn read(&self) -> Vec<u8> {
        fence(Ordering::SeqCst);
        let p = self.map.as_mut_ptr();
        // SAFETY: i < LEN, the mapping's length; a volatile byte load.
        (0..LEN)
            .map(|i| unsafe { ptr::read_volatile(p.add(i)) })
            .collect()
    }

    /// Index of the first byte that differs from `want(i)`.
    fn first_mismatch(&self, want: impl Fn(usize) -> u8) -> Option<(usize, u8, u8)> {
        self.read()
            .into_iter()
            .enumerate()
            .find(|&(i, b)| b != want(i))
            .map(|(i, b)| (i, b, want(i)))
    }
}

/// An IOMMU mapping of a [`DmaBuf`]; unmapped on drop (so it never
/// outlives the buffer it borrows) or explicitly with [`Mapping::unmap`].
struct Mapping<'a> {
    dev: &'a VfioDevice,
    iova: u64,
    live: bool,
    _buf: &'a DmaBuf,
}

impl<'a> Mapping<'a> {
    fn new(dev: &'a VfioDevice, buf: &'a DmaBuf, iova: u64, perm: DmaPerm) -> Result<Self, Fail> {
        // SAFETY: `buf` is a live page-aligned mapping of LEN bytes that the
        // returned guard borrows, so it stays valid until the guard unmaps.
        unsafe { dev.dma_map(buf.map.as_mut_ptr(), LEN, iova, perm)? };
        Ok(Self {
            dev,
            iova,
            live: true,
            _buf: buf,
        })
    }

    fn unmap(&mut self) -> Result<(), DeviceError> {
        self.live = false;
        self.dev.dma_unmap(self.iova, LEN)
    }
}

impl Drop for Mapping<'_> {
    fn drop(&mut self) {
        if self.live {
            if let Err(e) = self.unmap() {
                println!("  warning: {e}");
            }
        }
    }
}

/// What byte `i` of a buffer filled with [`CANARY`] holds after a DMA of
/// `v` bytes into it: `v` within the transfer, the fill beyond.
fn moved(i: usize, v: u8) -> u8 {
    if i < XFER {
        v
    } else {
        CANARY
    }
}

fn pattern(i: usize) -> u8 {
    ((i * 7 + 0x5a) ^ (i >> 8)) as u8
}

/// Programs one edu DMA and, unless it raises an interrupt, waits for it
/// to finish; returns how long that took.
fn dma(dev: &VfioDevice, src: u64, dst: u64, cmd: u32) -> Result<Duration, Fail> {
    let t = Instant::now();
    dev.write32(reg::DMA_SRC, src as u32)?;
    dev.write32(reg::DMA_DST, dst as u32)?;
    dev.write32(reg::DMA_CNT, XFER as u32)?;
    dev.write32(reg::DMA_CMD, cmd | CMD_START)?;
    if cmd & CMD_IRQ != 0 {
        return Ok(t.elapsed());
    }
    wait_dma_idle(dev)?;
    Ok(t.elapsed())
}

fn wait_dma_idle(dev: &VfioDevice) -> Step {
    let t = Instant::now();
    while dev.read32(reg::DMA_CMD)? & CMD_START != 0 {
        if t.elapsed() > DMA_TIMEOUT {
            return Err(Fail::Check(format!(
                "DMA still running after {DMA_TIMEOUT:?}"
            )));
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    fence(Ordering::SeqCst);
    Ok(())
}

fn step1_bar(dev: &VfioDevice) -> Step {
    let size = dev.bar0_size();
    ensure(size == EDU_BAR0_SIZE, || {
        format!("BAR0 is {size:#x} bytes, edu's is {EDU_BAR0_SIZE:#x}")
    })?;
    let id = dev.read32(reg::ID)?;
    ensure(id == EDU_ID, || {
        format!("ID register reads {id:#010x}, expected {EDU_ID:#010x}")
    })?;
    println!("  BAR0 {size:#x} bytes, ID {id:#010x}");
    for v in [0x1234_5678u32, 0, 0xffff_ffff, 0xa5a5_0f0f] {
        dev.write32(reg::LIVENESS, v)?;
        let got = dev.read32(reg::LIVENESS)?;
        ensure(got == !v, || {
            format!(
                "liveness: wrote {v:#010x}, read {got:#010x}, expected {:#010x}",
                !v
            )
        })?;
    }
    println!("  liveness register inverts 4 values");
    for off in [size, size + 4, 2, 0x41] {
        match dev.read32(off) {
            Err(DeviceError::BadOffset { .. }) => {}
            other => {
                return Err(Fail::Check(format!(
                    "read32({off:#x}) gave {other:?}, expected BadOffset"
                )))
            }
        }
    }
    match dev.write32(size, 0) {
        Err(DeviceError::BadOffset { .. }) => {}
        other => {
            return Err(Fail::Check(format!(
                "write32({size:#x}) gave {other:?}, expected BadOffset"
            )))
        }
    }
    println!("  out-of-range and misaligned offsets refused");
    Ok(())
}

fn step2_dma(dev: &VfioDevice, src: &DmaBuf, dst: &DmaBuf) -> Step {
    src.fill(pattern);
    dst.fill(|_| CANARY);
    let _s = Mapping::new(dev, src, IOVA_SRC, DmaPerm::READ)?;
    let _d = Mapping::new(dev, dst, IOVA_DST, DmaPerm::WRITE)?;
    println!("  mapped {LEN} bytes at IOVA {IOVA_SRC:#x} (read) and {IOVA_DST:#x} (write)");
    // SAFETY: `dst` outlives the call; the mapping is expected to fail.
    match unsafe { dev.dma_map(dst.map.as_mut_ptr(), LEN, IOVA_SRC, DmaPerm::RW) } {
        Err(DeviceError::DmaMap { reason, .. }) => println!("  overlapping map refused: {reason}"),
        Ok(()) => {
            let _ = dev.dma_unmap(IOVA_SRC, LEN);
            return Err(Fail::Check(
                "a mapping overlapping IOVA_SRC was accepted".into(),
            ));
        }
        Err(e) => return Err(e.into()),
    }
    let t1 = dma(dev, IOVA_SRC, u64::from(EDU_BUF), 0)?;
    let t2 = dma(dev, u64::from(EDU_BUF), IOVA_DST, CMD_TO_RAM)?;
    if let Some((i, got, want)) = dst.first_mismatch(|i| moved(i, pattern(i))) {
        return Err(Fail::Check(format!(
            "after RAM -> edu -> RAM, byte {i} is {got:#04x}, expected {want:#04x}"
        )));
    }
    println!(
        "  RAM -> edu buffer ({} ms) -> RAM ({} ms): {XFER} bytes intact, the rest untouched",
        t1.as_millis(),
        t2.as_millis()
    );
    // The guards keep both mappings alive until here; step 3 maps again.
    Ok(())
}

fn step3_iommu(dev: &VfioDevice, src: &DmaBuf, dst: &DmaBuf, aux: &DmaBuf) -> Step {
    src.fill(pattern);
    dst.fill(|_| CANARY);
    aux.fill(|_| AUX);
    let _s = Mapping::new(dev, src, IOVA_SRC, DmaPerm::READ)?;
    let mut d = Mapping::new(dev, dst, IOVA_DST, DmaPerm::WRITE)?;
    let _a = Mapping::new(dev, aux, IOVA_AUX, DmaPerm::RW)?;

    // Load edu's buffer with AUX bytes and show that it holds them.
    dma(dev, IOVA_AUX, u64::from(EDU_BUF), 0)?;
    dma(dev, u64::from(EDU_BUF), IOVA_DST, CMD_TO_RAM)?;
    if let Some((i, got, want)) = dst.first_mismatch(|i| moved(i, AUX)) {
        return Err(Fail::Check(format!(
            "control DMA failed: byte {i} is {got:#04x}, expected {want:#04x}"
        )));
    }

    // A device write into a read-only mapping is refused.
    dma(dev, u64::from(EDU_BUF), IOVA_SRC, CMD_TO_RAM)?;
    if let Some((i, got, want)) = src.first_mismatch(pattern) {
        return Err(Fail::Check(format!(
            "the device wrote a read-only mapping: byte {i} is {got:#04x}, was {want:#04x}"
        )));
    }
    println!("  device write to a read-only mapping blocked");

    // After dma_unmap the same DMA no longer reaches the memory.
    d.unmap()?;
    dst.fill(|_| CANARY);
    dma(dev, u64::from(EDU_BUF), IOVA_DST, CMD_TO_RAM)?;
    if let Some((i, got, _)) = dst.first_mismatch(|_| CANARY) {
        return Err(Fail::Check(format!(
            "DMA after unmap reached memory: byte {i} is {got:#04x}, expected {CANARY:#04x}"
        )));
    }
    println!("  DMA to IOVA {IOVA_DST:#x} after dma_unmap blocked, memory unchanged");

    match dev.dma_unmap(IOVA_DST, LEN) {
        Err(DeviceError::DmaMap { reason, .. }) => println!("  second unmap refused: {reason}"),
        other => {
            return Err(Fail::Check(format!(
                "second unmap of {IOVA_DST:#x} gave {other:?}"
            )))
        }
    }
    Ok(())
}

fn step4_irq(dev: &VfioDevice, src: &DmaBuf) -> Step {
    let n = dev.num_vectors();
    println!("  {:?} with {n} vector(s)", dev.irq_kind());
    ensure(n >= 1 && dev.irq_kind() != IrqKind::None, || {
        "no interrupt vector was wired".into()
    })?;
    match dev.wait_irq(n, Duration::ZERO) {
        Err(DeviceError::BadVector(v)) if v == n => {}
        other => {
            return Err(Fail::Check(format!(
                "wait_irq({n}) gave {other:?}, expected BadVector"
            )))
        }
    }
    ensure(!dev.wait_irq(0, QUIET)?, || {
        "an interrupt arrived before any was raised".into()
    })?;
    println!("  no interrupt in {} ms before a raise", QUIET.as_millis());

    let value = 0x0042_0001;
    let t = Instant::now();
    dev.write32(reg::IRQ_RAISE, value)?;
    ensure(dev.wait_irq(0, IRQ_TIMEOUT)?, || {
        format!("no interrupt within {IRQ_TIMEOUT:?} of a raise")
    })?;
    let latency = t.elapsed();
    let status = dev.read32(reg::IRQ_STATUS)?;
    ensure(status & value == value, || {
        format!("interrupt status {status:#x} lacks {value:#x}")
    })?;
    dev.write32(reg::IRQ_ACK, value)?;
    let status = dev.read32(reg::IRQ_STATUS)?;
    ensure(status == 0, || {
        format!("interrupt status {status:#x} after acknowledge")
    })?;
    println!(
        "  raise {value:#x} -> MSI -> eventfd in {} us, acknowledged",
        latency.as_micros()
    );
    ensure(!dev.wait_irq(0, QUIET)?, || {
        "an interrupt arrived after acknowledge with none raised".into()
    })?;
    println!(
        "  no interrupt in {} ms after acknowledge",
        QUIET.as_millis()
    );

    src.fill(pattern);
    let _s = Mapping::new(dev, src, IOVA_SRC, DmaPerm::READ)?;
    let t = Instant::now();
    dma(dev, IOVA_SRC, u64::from(EDU_BUF), CMD_IRQ)?;
    ensure(dev.wait_irq(0, DMA_TIMEOUT)?, || {
        format!("no DMA completion interrupt within {DMA_TIMEOUT:?}")
    })?;
    let took = t.elapsed();
    let cmd = dev.read32(reg::DMA_CMD)?;
    ensure(cmd & CMD_START == 0, || {
        format!("DMA command {cmd:#x} still running at its interrupt")
    })?;
    let status = dev.read32(reg::IRQ_STATUS)?;
    ensure(status & DMA_IRQ != 0, || {
        format!("interrupt status {status:#x} lacks DMA bit {DMA_IRQ:#x}")
    })?;
    dev.write32(reg::IRQ_ACK, DMA_IRQ)?;
    println!(
        "  DMA completion interrupt after {} ms, acknowledged",
        took.as_millis()
    );
    ensure(!dev.wait_irq(0, QUIET)?, || {
        "a spurious interrupt followed the DMA one".into()
    })?;
    Ok(())
}

/// Runs every step against the edu device at `bdf`; returns the exit code.
pub fn run(bdf: Option<String>) -> i32 {
    let Some(bdf) = bdf else {
        println!("usage: warpnic-vfio-edu <PCI address of an edu device bound to vfio-pci>");
        println!("RESULT: FAIL no PCI address given");
        return 2;
    };
    println!("[open] VfioDevice::open({bdf})");
    let t = Instant::now();
    let dev = match VfioDevice::open(&bdf) {
        Ok(d) => d,
        Err(e) => {
            println!("  FAIL: {e}");
            println!("RESULT: FAIL open: {e}");
            return 1;
        }
    };
    let vendor_device = dev.config_read32(0).unwrap_or(0);
    println!(
        "  ok in {} ms: {}, IOMMU group {}, config id {vendor_device:#010x}, reset {}, {:?}",
        t.elapsed().as_millis(),
        dev.name(),
        dev.iommu_group(),
        if dev.was_reset() {
            "done"
        } else {
            "not offered"
        },
        dev.irq_kind()
    );
    if vendor_device != 0x11e8_1234 {
        println!("RESULT: FAIL {bdf} is not an edu device (vendor/device {vendor_device:#010x})");
        return 1;
    }

    let bufs = (|| Ok::<_, std::io::Error>((DmaBuf::new()?, DmaBuf::new()?, DmaBuf::new()?)))();
    let (src, dst, aux) = match bufs {
        Ok(b) => b,
        Err(e) => {
            println!("RESULT: FAIL {}", Fail::Alloc(e));
            return 1;
        }
    };

    let mut failed: Vec<String> = Vec::new();
    let mut report = |name: &str, r: Step| -> bool {
        match r {
            Ok(()) => {
                println!("[{name}] PASS");
                true
            }
            Err(e) => {
                println!("[{name}] FAIL: {e}");
                failed.push(format!("{name}: {e}"));
                false
            }
        }
    };
    println!("[1 bar0] mapping, ID and liveness registers");
    let bar_ok = report("1 bar0", step1_bar(&dev));
    if bar_ok {
        println!("[2 dma] RAM -> edu -> RAM through the IOMMU");
        let dma_ok = report("2 dma", step2_dma(&dev, &src, &dst));
        if dma_ok {
            println!("[3 iommu] read-only and unmapped IOVAs are blocked");
            report("3 iommu", step3_iommu(&dev, &src, &dst, &aux));
        } else {
            report(
                "3 iommu",
                Err(Fail::Check("not run: DMA does not work".into())),
            );
        }
        println!("[4 irq] MSI to eventfd");
        report("4 irq", step4_irq(&dev, &src));
    }
    if failed.is_empty() {
        println!("RESULT: PASS");
        0
    } else {
        println!("RESULT: FAIL {}", failed.join("; "));
        1
    }
}
