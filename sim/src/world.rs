//! The simulated world: N warpnic NICs, their hosts, and the links between
//! them, on one clock.
//!
//! Each NIC is a Verilated `wn_core` ([`Model`]) surrounded by its host
//! (a PCIe DMA model behind an IOMMU, an AXI4-Lite master for BAR0, the
//! interrupt lines), its MAC (line-rate pacing and FCS), and its firmware,
//! which runs natively here through the core's firmware port.
//! Links carry frames between NIC ports with latency and seeded faults, and
//! can be captured to pcap.
//!
//! Time is simulated clock cycles at 250 MHz; nothing in the world depends
//! on wall-clock time, so a run with the same seed and the same host calls
//! reproduces exactly. The world advances only when the host library asks
//! it to (a register access, [`World::step`], or a device backend's
//! `relax`/`wait_irq`).
//!
//! Per cycle and NIC: the inputs computed at the end of the previous cycle
//! are applied, the core is evaluated, its outputs are sampled, every
//! valid/ready handshake of the coming clock edge is resolved (DMA, MAC,
//! firmware port, BAR0), and the clock ticks.

use crate::dma::{DmaConfig, DmaModel, DmaPinsIn, DmaPinsOut};
use crate::error::{SimError, SimResult};
use crate::iommu::Iommu;
use crate::link::{Dir, Link, LinkConfig, LinkCounters};
use crate::mac::{MacConfig, MacRx, MacTx};
use crate::model::{ports, InitialValues, Model, ModelOptions};
use crate::rng::{derive_seed, Rng};
use std::collections::VecDeque;
use std::num::NonZeroU32;
use std::path::{Path, PathBuf};
use warpnic_fw::{Firmware, FwConfig, Hal};

/// Nanoseconds per core clock cycle (250 MHz).
pub const CYCLE_NS: u64 = 4;

/// Words buffered in each direction of the firmware port adapter.
const FW_FIFO: usize = 64;

/// How a world is built.
#[derive(Clone, Debug)]
pub struct WorldConfig {
    /// Number of NICs.
    pub nics: usize,
    /// Links as pairs of NIC indices (each NIC has one port).
    pub links: Vec<(usize, usize)>,
    /// Link parameters (each link gets its own seed derived from `seed`).
    pub link: LinkConfig,
    /// PCIe DMA model parameters.
    pub dma: DmaConfig,
    /// MAC parameters.
    pub mac: MacConfig,
    /// Master seed for every random decision.
    pub seed: u64,
    /// MAC address of each NIC's firmware configuration; default
    /// 02:57:4e:00:00:(n+1).
    pub macs: Vec<[u8; 6]>,
    /// Write an FST waveform of NIC 0 here.
    pub trace: Option<PathBuf>,
    /// Capture link 0 to this pcap file.
    pub pcap: Option<PathBuf>,
    /// Probability, per cycle and channel, that the simulated host or MAC
    /// stalls a handshake the core offers (DMA request, read data and write
    /// channels, MAC transmit, firmware port, BAR0): random idle and
    /// backpressure on every stream that allows it. 0 for none.
    pub stall: f64,
}

impl WorldConfig {
    /// Two NICs joined by one clean link.
    pub fn pair() -> WorldConfig {
        WorldConfig::with_nics(2)
    }

    /// `n` NICs, joined pairwise (0-1, 2-3, ...).
    pub fn with_nics(n: usize) -> WorldConfig {
        WorldConfig {
            nics: n,
            links: (0..n / 2).map(|i| (2 * i, 2 * i + 1)).collect(),
            link: LinkConfig::default(),
            dma: DmaConfig::default(),
            mac: MacConfig::default(),
            seed: 1,
            macs: (0..n)
                .map(|i| [0x02, 0x57, 0x4e, 0x00, 0x00, (i + 1) as u8])
                .collect(),
            trace: None,
            pcap: None,
            stall: 0.0,
        }
    }
}

/// What a NIC port is attached to.
#[derive(Clone, Copy, Debug)]
enum Attach {
    /// A simulated link, sending in direction `tx`.
    Link { link: usize, tx: Dir },
    /// A bridge to a real peer (index into the world's bridges).
    Bridge(usize),
}

/// A bridge from a NIC port to something outside the simulation (a TAP
/// device in a network namespace, a QEMU guest's socket netdev).
///
/// The world calls it once per simulated cycle of the NIC it is attached
/// to. A bridge to a real peer must keep simulated time from running ahead
/// of the peer's wall-clock time (see [`PortBridge::pace`]), so that
/// neither side's timers fire spuriously.
pub trait PortBridge: Send {
    /// A frame the NIC's MAC transmitted (without FCS) at `now_ns` of
    /// simulated time.
    ///
    /// # Errors
    /// An I/O error towards the peer.
    fn send(&mut self, now_ns: u64, frame: &[u8]) -> SimResult<()>;

    /// A frame from the peer to deliver to the NIC now (without FCS), if one
    /// is waiting. Frames are delivered to the MAC with a good FCS.
    ///
    /// # Errors
    /// An I/O error from the peer.
    fn recv(&mut self, now_ns: u64) -> SimResult<Option<Vec<u8>>>;

    /// Called every cycle: a bridge to a real peer may block here until
    /// wall-clock time catches up with `now_ns`.
    fn pace(&mut self, now_ns: u64);
}

/// AXI4-Lite master state for one register access.
#[derive(Clone, Copy, Debug)]
enum Axil {
    Idle,
    Write { addr: u16, data: u32, stage: u8 },
    Read { addr: u16, stage: u8 },
    Done(Result<u32, u8>),
}

/// The part of a NIC the firmware's HAL drives (everything but the
/// firmware itself).
struct NicHw {
    /// This NIC's own cycle count: ahead of the world's by the cycles its
    /// firmware spent on register accesses.
    local: u64,
    /// An error raised inside a firmware register access.
    error: Option<SimError>,
    model: Model,
    dma: DmaModel,
    dma_in: DmaPinsIn,
    iommu: Iommu,
    mac_tx: MacTx,
    mac_rx: MacRx,
    attach: Option<Attach>,
    axil: Axil,
    fw_in: VecDeque<(u32, bool)>,
    fw_out: VecDeque<(u32, bool)>,
    fw_reg: Option<(bool, u8, u32)>,
    irq_count: Vec<u64>,
    /// Interrupts raised by the core, not yet delivered to the host:
    /// (vector, writes that must land first, earliest cycle).
    irq_pending: VecDeque<(usize, u64, u64)>,
    tx_frames: Vec<Vec<u8>>,
    dropped_no_link: u64,
    rd_buf: [u8; 64],
    stall: f64,
    stall_rng: Rng,
}

/// The handshakes stalled in one cycle.
#[derive(Clone, Copy, Default)]
struct Stalls {
    rd_req: bool,
    rd_rsp: bool,
    wr: bool,
    tx: bool,
    fw_in: bool,
    fw_out: bool,
    axil: bool,
}

struct Nic {
    hw: NicHw,
    fw: Firmware,
}

/// Counters of one NIC's surroundings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NicCounters {
    /// Interrupts per vector.
    pub irqs: Vec<u64>,
    /// IOMMU faults logged.
    pub iommu_faults: u64,
    /// Frames the NIC sent with no link attached.
    pub dropped_no_link: u64,
    /// Frames the MAC transmitted.
    pub mac_tx_frames: u64,
    /// Frames the MAC received.
    pub mac_rx_frames: u64,
    /// Mailbox requests the firmware answered.
    pub fw_responses: u32,
}

/// The simulated world.
pub struct World {
    cycle: u64,
    nics: Vec<Nic>,
    links: Vec<Link>,
    bridges: Vec<Box<dyn PortBridge>>,
    num_eq: usize,
}

impl std::fmt::Debug for World {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("World")
            .field("cycle", &self.cycle)
            .field("nics", &self.nics.len())
            .field("links", &self.links.len())
            .finish()
    }
}

impl World {
    /// Builds the world: constructs and resets every core, starts every
    /// firmware, and opens the requested captures.
    ///
    /// # Errors
    /// [`SimError::InvalidConfig`] for a bad topology or parameters, a model
    /// error, an I/O error opening a capture, or a firmware start failure.
    pub fn new(cfg: &WorldConfig) -> SimResult<World> {
        if cfg.nics == 0 {
            return Err(SimError::config("nics", "a world needs at least one NIC"));
        }
        if cfg.macs.len() < cfg.nics {
            return Err(SimError::config(
                "macs",
                format!(
                    "{} MAC addresses given for {} NICs",
                    cfg.macs.len(),
                    cfg.nics
                ),
            ));
        }
        let mut attach = vec![None; cfg.nics];
        let mut links = Vec::new();
        for (i, &(a, b)) in cfg.links.iter().enumerate() {
            if a >= cfg.nics || b >= cfg.nics || a == b {
                return Err(SimError::config(
                    "links",
                    format!(
                        "link {i} joins NICs {a} and {b}, but the world has {} NICs",
                        cfg.nics
                    ),
                ));
            }
            if attach[a].is_some() || attach[b].is_some() {
                return Err(SimError::config(
                    "links",
                    format!("link {i}: a NIC has one port and it is already linked"),
                ));
            }
            let mut lc = cfg.link.clone();
            lc.seed = derive_seed(cfg.seed, i as u64);
            let mut link = Link::new(lc)?;
            if i == 0 {
                if let Some(p) = &cfg.pcap {
                    link.capture_to_file(p)?;
                }
            }
            links.push(link);
            attach[a] = Some(Attach::Link {
                link: i,
                tx: Dir::AToB,
            });
            attach[b] = Some(Attach::Link {
                link: i,
                tx: Dir::BToA,
            });
        }
        let mut nics = Vec::with_capacity(cfg.nics);
        for (n, at) in attach.into_iter().enumerate() {
            // state reset forgets shows up as a seed-dependent difference
            let init = NonZeroU32::new((derive_seed(cfg.seed, 1000 + n as u64) as u32) | 1)
                .map_or(InitialValues::Zeros, InitialValues::Random);
            let opts = ModelOptions {
                initial_values: init,
                ..ModelOptions::default()
            };
            let mut model = Model::with_options(&opts)?;
            if n == 0 {
                if let Some(p) = &cfg.trace {
                    model.trace_open(p)?;
                }
            }
            model.reset(8)?;
            let dma = DmaModel::new(cfg.dma.clone())?;
            let dma_in = *dma.pins_in();
            let hw = NicHw {
                local: 0,
                error: None,
                model,
                dma,
                dma_in,
                iommu: Iommu::new(),
                mac_tx: MacTx::new(&cfg.mac)?,
                mac_rx: MacRx::new(&cfg.mac)?,
                attach: at,
                axil: Axil::Idle,
                fw_in: VecDeque::new(),
                fw_out: VecDeque::new(),
                fw_reg: None,
                irq_count: Vec::new(),
                irq_pending: VecDeque::new(),
                tx_frames: Vec::new(),
                dropped_no_link: 0,
                rd_buf: [0; 64],
                stall: cfg.stall,
                stall_rng: Rng::new(derive_seed(cfg.seed, 2000 + n as u64)),
            };
            nics.push(Nic {
                hw,
                fw: Firmware::new(FwConfig::new(cfg.macs[n])),
            });
        }
        let mut w = World {
            cycle: 0,
            nics,
            links,
            bridges: Vec::new(),
            num_eq: 0,
        };
        w.num_eq = ports::IRQ_O.width() as usize;
        for nic in &mut w.nics {
            nic.hw.irq_count = vec![0; w.num_eq];
        }
        // start every firmware (it programs the port's MAC address)
        for n in 0..w.nics.len() {
            w.fw_init(n)?;
        }
        Ok(w)
    }

    /// Simulated cycles since the world was built.
    pub fn cycle(&self) -> u64 {
        self.cycle
    }

    /// Simulated time in nanoseconds.
    pub fn now_ns(&self) -> u64 {
        self.cycle * CYCLE_NS
    }

    /// Number of NICs.
    pub fn num_nics(&self) -> usize {
        self.nics.len()
    }

    /// Number of interrupt vectors of each NIC.
    pub fn num_vectors(&self) -> usize {
        self.num_eq
    }

    fn nic(&mut self, n: usize) -> SimResult<&mut Nic> {
        let count = self.nics.len();
        self.nics.get_mut(n).ok_or_else(|| {
            SimError::config(
                "nic",
                format!("NIC {n} does not exist (the world has {count})"),
            )
        })
    }

    /// Runs `cycles` clock cycles of every NIC and link.
    ///
    /// # Errors
    /// A model halt (an assertion in the RTL), a DMA protocol error, or a
    /// link error.
    pub fn step(&mut self, cycles: u64) -> SimResult<()> {
        for _ in 0..cycles {
            self.step_one()?;
        }
        Ok(())
    }

    fn step_one(&mut self) -> SimResult<()> {
        let now = self.cycle;
        let now_ns = now * CYCLE_NS;
        for n in 0..self.nics.len() {
            // frames arriving at the port
            match self.nics[n].hw.attach {
                Some(Attach::Link { link, tx }) => {
                    let rx_dir = match tx {
                        Dir::AToB => Dir::BToA,
                        Dir::BToA => Dir::AToB,
                    };
                    while let Some((frame, ok)) = self.links[link].deliver(rx_dir, now) {
                        self.nics[n].hw.mac_rx.push_frame(frame, ok);
                    }
                }
                Some(Attach::Bridge(b)) => {
                    let bridge = &mut self.bridges[b];
                    bridge.pace(now_ns);
                    while let Some(frame) = bridge.recv(now_ns)? {
                        self.nics[n].hw.mac_rx.push_frame(frame, true);
                    }
                }
                None => {}
            }
            let nic = &mut self.nics[n];
            if nic.hw.local <= now {
                nic.hw.cycle()?;
            }
            // frames leaving
            let frames = std::mem::take(&mut nic.hw.tx_frames);
            for f in frames {
                match nic.hw.attach {
                    Some(Attach::Link { link, tx }) => self.links[link].send(tx, now + 1, f)?,
                    Some(Attach::Bridge(b)) => self.bridges[b].send(now_ns, &f)?,
                    None => nic.hw.dropped_no_link += 1,
                }
            }
            // the firmware runs when it has work
            let nic = &mut self.nics[n];
            if !nic.hw.fw_in.is_empty() || nic.fw.response_pending() {
                let mut hal = FwHal { hw: &mut nic.hw };
                nic.fw.poll(&mut hal, now);
                if let Some(e) = nic.hw.error.take() {
                    return Err(e);
                }
            }
        }
        self.cycle += 1;
        Ok(())
    }

    /// Attaches NIC `n`'s port to a bridge instead of a simulated link.
    ///
    /// # Errors
    /// [`SimError::InvalidConfig`] when the NIC does not exist or its port
    /// is already attached.
    pub fn attach_bridge(&mut self, n: usize, bridge: Box<dyn PortBridge>) -> SimResult<()> {
        let idx = self.bridges.len();
        let nic = self.nic(n)?;
        if nic.hw.attach.is_some() {
            return Err(SimError::config(
                "bridge",
                format!("NIC {n}'s port is already attached; build the world without a link on it"),
            ));
        }
        nic.hw.attach = Some(Attach::Bridge(idx));
        self.bridges.push(bridge);
        Ok(())
    }

    fn fw_init(&mut self, n: usize) -> SimResult<()> {
        let nic = self.nic(n)?;
        let mut hal = FwHal { hw: &mut nic.hw };
        let r = nic.fw.init(&mut hal);
        if let Some(e) = nic.hw.error.take() {
            return Err(e);
        }
        r.map_err(|e| SimError::Firmware {
            nic: n,
            reason: format!("{e:?}"),
        })
    }

    /// Performs one BAR0 write on NIC `n`, running the world until the
    /// core answers. Returns `Err(resp)` with the AXI response code when the
    /// core answers SLVERR.
    ///
    /// # Errors
    /// As [`World::step`], or a NIC that does not exist.
    pub fn mmio_write(&mut self, n: usize, addr: u16, data: u32) -> SimResult<Result<(), u8>> {
        self.nic(n)?.hw.axil = Axil::Write {
            addr,
            data,
            stage: 0,
        };
        Ok(self.mmio_wait(n, addr)?.map(|_| ()))
    }

    /// Performs one BAR0 read on NIC `n`.
    ///
    /// # Errors
    /// As [`World::mmio_write`].
    pub fn mmio_read(&mut self, n: usize, addr: u16) -> SimResult<Result<u32, u8>> {
        self.nic(n)?.hw.axil = Axil::Read { addr, stage: 0 };
        self.mmio_wait(n, addr)
    }

    fn mmio_wait(&mut self, n: usize, addr: u16) -> SimResult<Result<u32, u8>> {
        const LIMIT: u64 = 10_000;
        for _ in 0..LIMIT {
            self.step_one()?;
            if let Axil::Done(r) = self.nics[n].hw.axil {
                self.nics[n].hw.axil = Axil::Idle;
                return Ok(r);
            }
        }
        self.nics[n].hw.axil = Axil::Idle;
        Err(SimError::NoResponse {
            nic: n,
            addr,
            cycles: LIMIT,
        })
    }

    /// Interrupts raised so far on NIC `n`, vector `v`.
    pub fn irq_count(&self, n: usize, v: usize) -> u64 {
        self.nics
            .get(n)
            .and_then(|x| x.hw.irq_count.get(v).copied())
            .unwrap_or(0)
    }

    /// The IOMMU of NIC `n` (its host's DMA mappings and fault log).
    ///
    /// # Errors
    /// A NIC that does not exist.
    pub fn iommu(&mut self, n: usize) -> SimResult<&mut Iommu> {
        Ok(&mut self.nic(n)?.hw.iommu)
    }

    /// Counters of NIC `n`'s surroundings.
    ///
    /// # Errors
    /// A NIC that does not exist.
    pub fn nic_counters(&mut self, n: usize) -> SimResult<NicCounters> {
        let nic = self.nic(n)?;
        Ok(NicCounters {
            irqs: nic.hw.irq_count.clone(),
            iommu_faults: nic.hw.iommu.fault_count(),
            dropped_no_link: nic.hw.dropped_no_link,
            mac_tx_frames: nic.hw.mac_tx.counters().frames,
            mac_rx_frames: nic.hw.mac_rx.counters().frames,
            fw_responses: nic.fw.counters().responses,
        })
    }

    /// Counters of link `l` in direction `d`.
    ///
    /// # Errors
    /// A link that does not exist.
    pub fn link_counters(&mut self, l: usize, d: Dir) -> SimResult<LinkCounters> {
        let count = self.links.len();
        let link = self.links.get_mut(l).ok_or_else(|| {
            SimError::config(
                "link",
                format!("link {l} does not exist (the world has {count})"),
            )
        })?;
        Ok(link.dir(d).counters())
    }

    /// Flushes and closes every capture and waveform.
    ///
    /// # Errors
    /// An I/O error writing a capture.
    pub fn finish(&mut self) -> SimResult<()> {
        for l in &mut self.links {
            l.finish_capture()?;
        }
        for nic in &mut self.nics {
            nic.hw.model.trace_close();
        }
        Ok(())
    }

    /// Opens an FST waveform of NIC `n` from now on.
    ///
    /// # Errors
    /// The trace file cannot be created.
    pub fn trace(&mut self, n: usize, path: &Path) -> SimResult<()> {
        Ok(self.nic(n)?.hw.model.trace_open(path)?)
    }
}

impl NicHw {
    /// One clock cycle of this NIC.
    fn cycle(&mut self) -> SimResult<()> {
        let now = self.local;
        let st = if self.stall > 0.0 {
            let p = self.stall;
            let r = &mut self.stall_rng;
            Stalls {
                rd_req: r.chance(p),
                rd_rsp: r.chance(p),
                wr: r.chance(p),
                tx: r.chance(p),
                fw_in: r.chance(p),
                fw_out: r.chance(p),
                axil: r.chance(p),
            }
        } else {
            Stalls::default()
        };
        let m = &mut self.model;
        // ---- inputs for this cycle (a stalled channel shows the core no
        // ready / no valid, and the model on the other side sees no transfer)
        let d = &self.dma_in;
        m.set(
            ports::M_DMA_RD_REQ_READY_I,
            u64::from(d.rd_req_ready && !st.rd_req),
        );
        m.set(
            ports::S_DMA_RD_RSP_VALID_I,
            u64::from(d.rd_rsp.valid && !st.rd_rsp),
        );
        m.set_bytes(ports::S_DMA_RD_RSP_DATA_I, &d.rd_rsp.data);
        m.set(ports::S_DMA_RD_RSP_TAG_I, u64::from(d.rd_rsp.tag));
        m.set(ports::S_DMA_RD_RSP_ERR_I, u64::from(d.rd_rsp.err));
        m.set(ports::S_DMA_RD_RSP_LAST_I, u64::from(d.rd_rsp.last));
        m.set(ports::M_DMA_WR_READY_I, u64::from(d.wr_ready && !st.wr));
        m.set(ports::S_DMA_WR_DONE_VALID_I, u64::from(d.wr_done.valid));
        m.set(ports::S_DMA_WR_DONE_TAG_I, u64::from(d.wr_done.tag));
        m.set(ports::S_DMA_WR_DONE_ERR_I, u64::from(d.wr_done.err));

        let tx_ready = self.mac_tx.ready() && !st.tx;
        m.set(ports::M_AXIS_TX_TREADY_I, u64::from(tx_ready));
        match self.mac_rx.beat() {
            Some(b) => {
                m.set(ports::S_AXIS_RX_TVALID_I, 1);
                m.set_bytes(ports::S_AXIS_RX_TDATA_I, &b.data);
                m.set(ports::S_AXIS_RX_TKEEP_I, b.keep);
                m.set(ports::S_AXIS_RX_TLAST_I, u64::from(b.last));
                m.set(ports::S_AXIS_RX_TUSER_I, u64::from(b.user));
            }
            None => m.set(ports::S_AXIS_RX_TVALID_I, 0),
        }

        // BAR0 master
        let (aw, w, bready, ar, rready, addr, wdata) = match self.axil {
            _ if st.axil => (false, false, false, false, false, 0, 0),
            Axil::Write { addr, data, stage } => {
                (stage == 0, stage == 0, stage == 1, false, false, addr, data)
            }
            Axil::Read { addr, stage } => (false, false, false, stage == 0, stage == 1, addr, 0),
            _ => (false, false, false, false, false, 0, 0),
        };
        m.set(ports::S_AXIL_AWVALID_I, u64::from(aw));
        m.set(ports::S_AXIL_WVALID_I, u64::from(w));
        m.set(ports::S_AXIL_AWADDR_I, u64::from(addr));
        m.set(ports::S_AXIL_ARADDR_I, u64::from(addr));
        m.set(ports::S_AXIL_WDATA_I, u64::from(wdata));
        m.set(ports::S_AXIL_WSTRB_I, 0xf);
        m.set(ports::S_AXIL_BREADY_I, u64::from(bready));
        m.set(ports::S_AXIL_ARVALID_I, u64::from(ar));
        m.set(ports::S_AXIL_RREADY_I, u64::from(rready));

        // firmware port
        let fw_tready = self.fw_in.len() < FW_FIFO && !st.fw_in;
        m.set(ports::M_AXIS_FW_TREADY_I, u64::from(fw_tready));
        match self.fw_out.front().filter(|_| !st.fw_out) {
            Some(&(word, last)) => {
                m.set(ports::S_AXIS_FW_TVALID_I, 1);
                m.set(ports::S_AXIS_FW_TDATA_I, u64::from(word));
                m.set(ports::S_AXIS_FW_TLAST_I, u64::from(last));
            }
            None => m.set(ports::S_AXIS_FW_TVALID_I, 0),
        }
        match self.fw_reg.take() {
            Some((we, a, wd)) => {
                m.set(ports::FW_REG_EN_I, 1);
                m.set(ports::FW_REG_WE_I, u64::from(we));
                m.set(ports::FW_REG_ADDR_I, u64::from(a));
                m.set(ports::FW_REG_WDATA_I, u64::from(wd));
            }
            None => m.set(ports::FW_REG_EN_I, 0),
        }

        m.eval()?;

        // ---- outputs of this cycle; handshakes of the coming edge
        let mut out = DmaPinsOut::default();
        out.rd_req.valid = m.get(ports::M_DMA_RD_REQ_VALID_O) != 0 && !st.rd_req;
        if out.rd_req.valid {
            out.rd_req.addr = m.get(ports::M_DMA_RD_REQ_ADDR_O);
            out.rd_req.len = m.get(ports::M_DMA_RD_REQ_LEN_O) as u16;
            out.rd_req.tag = m.get(ports::M_DMA_RD_REQ_TAG_O) as u8;
        }
        out.rd_rsp_ready = m.get(ports::S_DMA_RD_RSP_READY_O) != 0 && !st.rd_rsp;
        out.wr.valid = m.get(ports::M_DMA_WR_VALID_O) != 0 && !st.wr;
        if out.wr.valid {
            out.wr.addr = m.get(ports::M_DMA_WR_ADDR_O);
            out.wr.len = m.get(ports::M_DMA_WR_LEN_O) as u16;
            out.wr.tag = m.get(ports::M_DMA_WR_TAG_O) as u8;
            out.wr.last = m.get(ports::M_DMA_WR_LAST_O) != 0;
            m.get_bytes(ports::M_DMA_WR_DATA_O, &mut out.wr.data);
        }

        if tx_ready && m.get(ports::M_AXIS_TX_TVALID_O) != 0 {
            m.get_bytes(ports::M_AXIS_TX_TDATA_O, &mut self.rd_buf);
            let keep = m.get(ports::M_AXIS_TX_TKEEP_O);
            let last = m.get(ports::M_AXIS_TX_TLAST_O) != 0;
            let user = m.get(ports::M_AXIS_TX_TUSER_O) != 0;
            // a malformed beat is the MAC's to refuse: it drops the frame
            let _ = self.mac_tx.push_beat(&self.rd_buf, keep, last, user);
        }

        // BAR0 handshakes (none in a cycle the master stalled)
        self.axil = match self.axil {
            a if st.axil => a,
            Axil::Write {
                addr,
                data,
                stage: 0,
            } => {
                if m.get(ports::S_AXIL_AWREADY_O) != 0 && m.get(ports::S_AXIL_WREADY_O) != 0 {
                    Axil::Write {
                        addr,
                        data,
                        stage: 1,
                    }
                } else {
                    self.axil
                }
            }
            Axil::Write { stage: 1, .. } if m.get(ports::S_AXIL_BVALID_O) != 0 => {
                let resp = m.get(ports::S_AXIL_BRESP_O) as u8;
                Axil::Done(if resp == 0 { Ok(0) } else { Err(resp) })
            }
            Axil::Read { addr, stage: 0 } => {
                if m.get(ports::S_AXIL_ARREADY_O) != 0 {
                    Axil::Read { addr, stage: 1 }
                } else {
                    self.axil
                }
            }
            Axil::Read { stage: 1, .. } if m.get(ports::S_AXIL_RVALID_O) != 0 => {
                let resp = m.get(ports::S_AXIL_RRESP_O) as u8;
                let data = m.get(ports::S_AXIL_RDATA_O) as u32;
                Axil::Done(if resp == 0 { Ok(data) } else { Err(resp) })
            }
            other => other,
        };

        // firmware port handshakes
        if fw_tready && m.get(ports::M_AXIS_FW_TVALID_O) != 0 {
            let word = m.get(ports::M_AXIS_FW_TDATA_O) as u32;
            let last = m.get(ports::M_AXIS_FW_TLAST_O) != 0;
            self.fw_in.push_back((word, last));
        }
        if !self.fw_out.is_empty() && !st.fw_out && m.get(ports::S_AXIS_FW_TREADY_O) != 0 {
            self.fw_out.pop_front();
        }

        // interrupts: an MSI-X message is a posted write, ordered behind
        // every write the core issued before it
        let irq = m.get(ports::IRQ_O);
        if irq != 0 {
            let after = self.dma.writes_started();
            let at = now + self.dma.write_latency_cycles();
            for v in 0..self.irq_count.len() {
                if irq >> v & 1 != 0 {
                    self.irq_pending.push_back((v, after, at));
                }
            }
        }
        while let Some(&(v, after, at)) = self.irq_pending.front() {
            if self.dma.writes_finished() < after || now < at {
                break;
            }
            self.irq_count[v] += 1;
            self.irq_pending.pop_front();
        }

        // ---- the clock edge
        self.iommu.set_now(now);
        self.dma_in = self.dma.tick(now, &out, &mut self.iommu)?;
        m.tick()?;
        if let Some(f) = self.mac_tx.tick() {
            self.tx_frames.push(f);
        }
        self.local += 1;
        Ok(())
    }
}

/// The firmware's view of the core: the firmware port FIFOs and the
/// register window. A register access takes one clock cycle of this NIC.
struct FwHal<'a> {
    hw: &'a mut NicHw,
}

impl FwHal<'_> {
    fn reg_cycle(&mut self, we: bool, offset: u8, value: u32) -> u32 {
        self.hw.fw_reg = Some((we, offset, value));
        if let Err(e) = self.hw.cycle() {
            // reported by the world once the firmware returns
            self.hw.error.get_or_insert(e);
        }
        self.hw.model.get(ports::FW_REG_RDATA_O) as u32
    }
}

impl Hal for FwHal<'_> {
    fn recv_word(&mut self) -> Option<(u32, bool)> {
        self.hw.fw_in.pop_front()
    }

    fn send_word(&mut self, word: u32, last: bool) -> bool {
        if self.hw.fw_out.len() >= FW_FIFO {
            return false;
        }
        self.hw.fw_out.push_back((word, last));
        true
    }

    fn reg_read(&mut self, offset: u8) -> u32 {
        self.reg_cycle(false, offset, 0)
    }

    fn reg_write(&mut self, offset: u8, value: u32) {
        self.reg_cycle(true, offset, value);
    }
}
