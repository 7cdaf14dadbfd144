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
//!
//! The NICs of a world step on several OS threads ([`WorldConfig::threads`])
//! with the same cycle counts as on one: the links' latency lets each NIC
//! run a window of cycles without the others (see `parallel.rs`).

mod nic;
mod parallel;

use crate::dma::{DmaConfig, DmaModel};
use crate::error::{SimError, SimResult};
use crate::iommu::Iommu;
use crate::link::{Dir, Link, LinkConfig, LinkCounters};
use crate::mac::{MacConfig, MacRx, MacTx};
use crate::model::{ports, InitialValues, Model, ModelOptions};
use crate::rng::{derive_seed, Rng};
use nic::{Axil, FwHal, Nic, NicHw};
use parallel::{Lane, Pool, SendNic};
use std::collections::VecDeque;
use std::num::NonZeroU32;
use std::path::{Path, PathBuf};
use warpnic_fw::{Firmware, FwConfig};

/// Environment variable that sets [`WorldConfig::threads`] when the
/// configuration leaves it to the world.
pub const THREADS_ENV: &str = "WARPNIC_SIM_THREADS";

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
    /// OS threads that step the NICs, the caller's included (at most one
    /// per NIC; a world with a bridge, or whose NICs map the same host
    /// memory, steps on one). `None`: the value of the environment
    /// variable `WARPNIC_SIM_THREADS` if set, otherwise one per core. Any
    /// number gives the same cycle counts.
    pub threads: Option<usize>,
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
            threads: None,
        }
    }
}

/// What a NIC port is attached to.
#[derive(Clone, Copy, Debug)]
pub(super) enum Attach {
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
    nics: Vec<Box<Nic>>,
    links: Vec<Link>,
    bridges: Vec<Box<dyn PortBridge>>,
    num_eq: usize,
    /// The threads that step the NICs besides the caller's, if any.
    pool: Option<Pool>,
    /// Cycles a window of parallel stepping may last: a frame put on a
    /// link arrives no earlier than that many cycles later.
    window: u64,
    /// Whether two NICs map the same host memory, when known (unknown
    /// after a mapping may have changed).
    shared_memory: Option<bool>,
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
            nics.push(Box::new(Nic {
                hw,
                fw: Firmware::new(FwConfig::new(cfg.macs[n])),
            }));
        }
        let threads = match cfg.threads {
            Some(t) => t,
            None => match std::env::var(THREADS_ENV) {
                Ok(v) => v.trim().parse().map_err(|_| {
                    SimError::config(
                        "threads",
                        format!("{THREADS_ENV}={v} is not a number of threads"),
                    )
                })?,
                Err(_) => std::thread::available_parallelism().map_or(1, |n| n.get()),
            },
        }
        .min(cfg.nics);
        let pool = if threads > 1 {
            Some(Pool::new(threads)?)
        } else {
            None
        };
        let mut w = World {
            cycle: 0,
            nics,
            window: links
                .iter()
                .map(|l| l.a_to_b.config().latency_cycles.saturating_add(1))
                .min()
                .unwrap_or(u64::MAX),
            links,
            bridges: Vec::new(),
            num_eq: 0,
            pool,
            shared_memory: None,
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
        self.nics.get_mut(n).map(|b| &mut **b).ok_or_else(|| {
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
        let end = self.cycle + cycles;
        while self.cycle < end {
            if self.parallel() {
                self.step_window(end - self.cycle, None)?;
            } else {
                self.step_one()?;
            }
        }
        Ok(())
    }

    /// One cycle of every NIC and link, on the calling thread.
    fn step_one(&mut self) -> SimResult<()> {
        let now = self.cycle;
        let now_ns = now * CYCLE_NS;
        let mut sent = Vec::new();
        for n in 0..self.nics.len() {
            // frames arriving at the port
            let nic = &mut self.nics[n];
            match nic.hw.attach {
                Some(Attach::Link { link, tx }) => {
                    while let Some((frame, ok)) = self.links[link].deliver(tx.reverse(), now) {
                        nic.hw.mac_rx.push_frame(frame, ok);
                    }
                }
                Some(Attach::Bridge(b)) => {
                    let bridge = &mut self.bridges[b];
                    bridge.pace(now_ns);
                    while let Some(frame) = bridge.recv(now_ns)? {
                        nic.hw.mac_rx.push_frame(frame, true);
                    }
                }
                None => {}
            }
            nic.step(now, &mut sent)?;
            // frames leaving
            for f in sent.drain(..) {
                match nic.hw.attach {
                    Some(Attach::Link { link, tx }) => self.links[link].send(tx, now + 1, f)?,
                    Some(Attach::Bridge(b)) => self.bridges[b].send(now_ns, &f)?,
                    None => nic.hw.dropped_no_link += 1,
                }
            }
        }
        self.cycle += 1;
        Ok(())
    }

    /// Whether the NICs step on several threads: a pool, no bridge (a
    /// real peer is paced cycle by cycle) and no host memory mapped by two
    /// NICs (which would see each other's writes within a window).
    fn parallel(&mut self) -> bool {
        if self.pool.is_none() || !self.bridges.is_empty() {
            return false;
        }
        let shared = match self.shared_memory {
            Some(s) => s,
            None => {
                let s = self.host_memory_shared();
                self.shared_memory = Some(s);
                s
            }
        };
        !shared
    }

    /// Whether two NICs' IOMMUs map overlapping host memory.
    fn host_memory_shared(&self) -> bool {
        let mut ranges: Vec<(usize, usize, usize)> = self
            .nics
            .iter()
            .enumerate()
            .flat_map(|(n, nic)| nic.hw.iommu.host_ranges().map(move |(a, l)| (a, a + l, n)))
            .collect();
        ranges.sort_unstable();
        // The furthest end reached so far by each NIC's ranges.
        let mut reach = vec![0usize; self.nics.len()];
        for (start, end, n) in ranges {
            if reach.iter().enumerate().any(|(m, &r)| m != n && r > start) {
                return true;
            }
            reach[n] = reach[n].max(end);
        }
        false
    }

    /// One window of at most `max` cycles with the NICs on several
    /// threads (see `parallel.rs`); with `stop`, the window ends after the
    /// cycle in which that NIC's register access is done.
    fn step_window(&mut self, max: u64, stop: Option<usize>) -> SimResult<()> {
        let start = self.cycle;
        let len = max.min(self.window);
        let first = stop.unwrap_or(0);
        let Some(pool) = self.pool.as_mut() else {
            return Err(SimError::config(
                "threads",
                "a parallel window without worker threads",
            ));
        };
        let mut lanes = Vec::with_capacity(self.nics.len());
        for (index, nic) in std::mem::take(&mut self.nics).into_iter().enumerate() {
            // Nothing put on a link during the window arrives in it.
            let arrivals = match nic.hw.attach {
                Some(Attach::Link { link, tx }) => self.links[link]
                    .dir(tx.reverse())
                    .arrivals_before(start + len),
                _ => Vec::new(),
            };
            let lane = Lane {
                index,
                nic: SendNic(nic),
                next: start,
                arrivals,
                sent: Vec::new(),
                error: None,
            };
            if index == first {
                lanes.insert(0, lane);
            } else {
                lanes.push(lane);
            }
        }
        let done = |nic: &Nic| matches!(nic.hw.axil, Axil::Done(_));
        let stop_fn: Option<&dyn Fn(&Nic) -> bool> = stop.map(|_| &done as _);
        let (mut lanes, end) = pool.run(lanes, start, len, stop_fn);
        lanes.sort_by_key(|l| l.index);
        // The link operations of the window, in one thread's order (after
        // an error, up to the last frame sent).
        let mut error: Option<(u64, usize, SimError)> = None;
        let last = lanes.iter().filter_map(|l| l.sent.last()).map(|s| s.0 + 1);
        let replay_end = last.fold(end, u64::max);
        let mut sent: Vec<_> = lanes
            .iter_mut()
            .map(|l| std::mem::take(&mut l.sent).into_iter().peekable())
            .collect();
        for c in start..replay_end {
            for (lane, sent) in lanes.iter_mut().zip(&mut sent) {
                let attach = lane.nic.0.hw.attach;
                if let Some(Attach::Link { link, tx }) = attach {
                    // what the NIC's MAC was given in this cycle
                    let rx = self.links[link].dir(tx.reverse());
                    rx.release_held(c);
                    while c < end && rx.take_arrived(c).is_some() {}
                }
                while let Some((_, frame)) = sent.next_if(|s| s.0 == c) {
                    let r = match attach {
                        Some(Attach::Link { link, tx }) => self.links[link].send(tx, c + 1, frame),
                        _ => {
                            lane.nic.0.hw.dropped_no_link += 1;
                            Ok(())
                        }
                    };
                    if let Err(e) = r {
                        error.get_or_insert((c, lane.index, e));
                    }
                }
            }
        }
        for lane in &mut lanes {
            if let Some((c, e)) = lane.error.take() {
                if error
                    .as_ref()
                    .is_none_or(|(ec, en, _)| (c, lane.index) < (*ec, *en))
                {
                    error = Some((c, lane.index, e));
                }
            }
        }
        self.nics = lanes.into_iter().map(|l| l.nic.0).collect();
        match error {
            Some((c, _, e)) => {
                self.cycle = c;
                Err(e)
            }
            None => {
                self.cycle = end;
                Ok(())
            }
        }
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
        let end = self.cycle + LIMIT;
        while self.cycle < end {
            if self.parallel() {
                self.step_window(end - self.cycle, Some(n))?;
            } else {
                self.step_one()?;
            }
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
        // The caller may change the mappings.
        self.shared_memory = None;
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
