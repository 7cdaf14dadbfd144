//! The Ethernet link model: one cable between two ports, with faults.
//!
//! A [`Link`] has two independent directions ([`LinkDir`]), each a wire that
//! carries frames from one MAC to the other at line rate, after a fixed
//! latency, and that may lose, reorder, duplicate or corrupt them. Every
//! fault decision is drawn from a [`Rng`] seeded by
//! [`LinkConfig::seed`] (each direction gets its own stream derived from it),
//! so a run with the same seed and the same traffic reproduces exactly.
//!
//! Frames enter and leave without FCS, as at the MAC's AXI-Stream ports. The
//! transmitting end appends the IEEE 802.3 FCS (CRC-32); corruption flips a
//! bit anywhere in frame+FCS; the receiving end recomputes the CRC, so a
//! corrupted frame is detected by the same check a real MAC makes and
//! arrives with `fcs_ok == false` (a single-bit error is always caught).
//!
//! # Timing
//!
//! Time is counted in core clock cycles ([`CYCLE_NS`] = 4 ns at 250 MHz);
//! inside, wire time is kept in femtoseconds so that fractional byte times
//! (80 ps per byte at 100 Gb/s) do not accumulate rounding errors. A frame
//! of `len` bytes occupies the wire for [`frame_wire_bytes`]`(len)` byte
//! times: `max(len, 60)` + 4 (FCS) + 8 (preamble and SFD) + 12 (inter-frame
//! gap). Frames queue behind each other, so a direction never carries more
//! than its line rate whatever the sender does. A frame sent in cycle `now`
//! starts on the wire at `max(now, end of the previous frame)`; it arrives
//! (is returned by [`LinkDir::deliver`]) in the first cycle at or after its
//! start + preamble + frame + FCS time + latency: the receiving MAC checks
//! the FCS at the end of the frame, so delivery is store-and-forward.
//!
//! # Default latency: 500 ns (125 cycles)
//!
//! The latency covers everything between the two MACs' AXI-Stream ports
//! except serialization: the transmit PCS/FEC/PMA and transceiver, the
//! cable, and the receive side. For 100GBASE-CR4/SR4 with RS(528,514) FEC,
//! Xilinx's integrated 100G MAC documents its RS-FEC at about 115 ns on
//! receive and 22 ns on transmit (PG203, "RS-FEC Engine Latency"); the
//! PCS, gearboxes and GT transceivers add on the order of 100 ns per end,
//! and a 3 m cable about 15 ns (5 ns/m). That sums to roughly 300–500 ns
//! port to port; 500 ns is the round, slightly conservative figure. Set
//! `latency_cycles` to model a switch hop or a longer fibre (5 ns per metre).
//!
//! # Faults (probabilities per frame sent)
//!
//! - `loss`: the frame goes onto the wire (it takes wire time and is
//!   captured) but never arrives.
//! - `duplicate`: a second copy follows the frame back to back on the wire.
//! - `reorder`: the frame is held back and goes onto the wire right after
//!   the next frame sent in this direction, which overtakes it. If no frame
//!   follows within `reorder_hold_cycles`, it is sent late but in order.
//! - `corrupt`: one uniformly chosen bit of frame+FCS flips in flight (drawn
//!   separately for each copy on the wire).
//!
//! The decisions for a frame are drawn at [`LinkDir::send`] in a fixed order
//! (loss, duplicate, reorder), one draw each whatever the probabilities, so
//! the same seed and traffic give the same faults.
//!
//! # Capture
//!
//! A [`Link`] can record its traffic, both directions, in one pcap file. The
//! capture point is the start of the wire: frames are recorded when they
//! start on the wire, with that time, without FCS. Reordering and
//! duplication happen before that point (a held frame appears after the
//! frame that overtook it; a duplicate appears twice); loss and corruption
//! happen after it (a lost frame appears; a corrupted frame appears intact).

use std::collections::VecDeque;
use std::io::Write;
use std::path::Path;

use crate::error::{SimError, SimResult};
use crate::pcap::PcapWriter;
use crate::rng::{derive_seed, Rng};

/// Core clock frequency of the flagship configuration (`ClockMhz` = 250).
pub const CORE_CLOCK_HZ: u64 = 250_000_000;
/// Length of one core clock cycle in nanoseconds.
pub const CYCLE_NS: u64 = 4;
/// Length of one core clock cycle in femtoseconds (the models' fine time
/// unit; a `u64` of femtoseconds lasts 5 hours of simulated time).
pub const CYCLE_FS: u64 = CYCLE_NS * 1_000_000;

/// Shortest frame on the wire, without FCS (64 bytes with FCS).
pub const MIN_FRAME_LEN: usize = 60;
/// Length of the Ethernet FCS.
pub const FCS_LEN: usize = 4;
/// Preamble (7 bytes) and start-of-frame delimiter (1 byte).
pub const PREAMBLE_LEN: usize = 8;
/// Minimum inter-frame gap in byte times.
pub const IFG_LEN: usize = 12;

/// Byte times a frame of `len` bytes (without FCS) occupies on the wire:
/// padding to the minimum size, FCS, preamble/SFD and inter-frame gap.
pub fn frame_wire_bytes(len: usize) -> u64 {
    (len.max(MIN_FRAME_LEN) + FCS_LEN + PREAMBLE_LEN + IFG_LEN) as u64
}

const CRC32_TABLE: [u32; 256] = crc32_table();

const fn crc32_table() -> [u32; 256] {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xedb8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        table[i] = c;
        i += 1;
    }
    table
}

/// The IEEE 802.3 CRC-32 of `data` (reflected polynomial 0xedb88320,
/// initial value and final XOR all ones). The FCS is this value sent least
/// significant byte first.
pub fn crc32(data: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in data {
        c = CRC32_TABLE[((c ^ u32::from(b)) & 0xff) as usize] ^ (c >> 8);
    }
    !c
}

/// Parameters of one link (both directions use the same ones).
#[derive(Clone, Debug, PartialEq)]
pub struct LinkConfig {
    /// Latency between the two MACs, excluding serialization, in cycles.
    pub latency_cycles: u64,
    /// Line rate in bits per second.
    pub bit_rate: f64,
    /// Probability that a frame is lost.
    pub loss: f64,
    /// Probability that a frame is held back and overtaken by the next one.
    pub reorder: f64,
    /// Probability that a frame is delivered twice.
    pub duplicate: f64,
    /// Probability that one bit of a frame (or its FCS) flips.
    pub corrupt: f64,
    /// Longest time a held-back frame waits for a frame to overtake it.
    pub reorder_hold_cycles: u64,
    /// Seed of the fault decisions.
    pub seed: u64,
}

impl Default for LinkConfig {
    /// 100 Gb/s, 500 ns, no faults, seed 0.
    fn default() -> Self {
        LinkConfig {
            latency_cycles: 125,
            bit_rate: 100e9,
            loss: 0.0,
            reorder: 0.0,
            duplicate: 0.0,
            corrupt: 0.0,
            reorder_hold_cycles: 2500,
            seed: 0,
        }
    }
}

impl LinkConfig {
    /// Checks that every parameter can be simulated.
    ///
    /// # Errors
    /// [`SimError::InvalidConfig`] for a probability outside `[0, 1]`, or a
    /// bit rate that is not finite, not positive, or too high (more than one
    /// byte per femtosecond).
    pub fn validate(&self) -> SimResult<()> {
        for (what, p) in [
            ("link loss", self.loss),
            ("link reorder", self.reorder),
            ("link duplicate", self.duplicate),
            ("link corrupt", self.corrupt),
        ] {
            if !(0.0..=1.0).contains(&p) {
                return Err(SimError::config(what, format!("{p} is not a probability")));
            }
        }
        if !self.bit_rate.is_finite() || self.bit_rate < 1.0 || self.bit_rate > 1e15 {
            return Err(SimError::config(
                "link bit_rate",
                format!("{} b/s cannot be simulated", self.bit_rate),
            ));
        }
        Ok(())
    }

    /// Duration of one byte on the wire in femtoseconds (rounded).
    pub fn byte_fs(&self) -> u64 {
        (8e15 / self.bit_rate).round() as u64
    }

    /// Line rate in bytes per core clock cycle (50.0 at 100 Gb/s).
    pub fn bytes_per_cycle(&self) -> f64 {
        self.bit_rate / 8.0 / CORE_CLOCK_HZ as f64
    }
}

/// Traffic and fault counters of one direction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LinkCounters {
    /// Frames handed to [`LinkDir::send`].
    pub sent: u64,
    /// Bytes (without FCS) handed to [`LinkDir::send`].
    pub sent_bytes: u64,
    /// Frames returned by [`LinkDir::deliver`], good or bad.
    pub delivered: u64,
    /// Frames delivered with a bad FCS.
    pub fcs_errors: u64,
    /// Frames lost.
    pub dropped: u64,
    /// Extra copies put on the wire.
    pub duplicated: u64,
    /// Frames overtaken by a later frame.
    pub reordered: u64,
    /// Bit flips injected.
    pub corrupted: u64,
}

#[derive(Debug)]
struct Held {
    frame: Vec<u8>,
    lose: bool,
    dup: bool,
    since: u64,
}

#[derive(Debug)]
struct InFlight {
    /// Cycle from which the frame can be delivered.
    arrive: u64,
    /// Frame followed by its (possibly corrupted) FCS.
    wire: Vec<u8>,
}

/// One direction of a link. See the module documentation for the model.
#[derive(Debug)]
pub struct LinkDir {
    cfg: LinkConfig,
    rng: Rng,
    byte_fs: u64,
    latency_fs: u64,
    wire_free_fs: u64,
    held: Option<Held>,
    in_flight: VecDeque<InFlight>,
    capture: Option<VecDeque<(u64, Vec<u8>)>>,
    counters: LinkCounters,
}

impl LinkDir {
    /// A direction with the parameters and the seed of `cfg`.
    ///
    /// # Errors
    /// [`SimError::InvalidConfig`] as [`LinkConfig::validate`].
    pub fn new(cfg: LinkConfig) -> SimResult<Self> {
        cfg.validate()?;
        Ok(LinkDir {
            rng: Rng::new(cfg.seed),
            byte_fs: cfg.byte_fs(),
            latency_fs: cfg.latency_cycles.saturating_mul(CYCLE_FS),
            wire_free_fs: 0,
            held: None,
            in_flight: VecDeque::new(),
            capture: None,
            counters: LinkCounters::default(),
            cfg,
        })
    }

    /// The parameters.
    pub fn config(&self) -> &LinkConfig {
        &self.cfg
    }

    /// The counters.
    pub fn counters(&self) -> LinkCounters {
        self.counters
    }

    /// Frames sent but not yet delivered (including a held-back frame and
    /// frames that will be lost): zero when the direction is quiet.
    pub fn pending(&self) -> usize {
        self.in_flight.len() + usize::from(self.held.is_some())
    }

    /// Hands a frame (without FCS) to the wire in cycle `now`.
    pub fn send(&mut self, now: u64, frame: Vec<u8>) {
        self.counters.sent += 1;
        self.counters.sent_bytes += frame.len() as u64;
        let lose = self.rng.chance(self.cfg.loss);
        let dup = self.rng.chance(self.cfg.duplicate);
        let hold = self.rng.chance(self.cfg.reorder);
        if let Some(held) = self.held.take() {
            // This frame overtakes the held one, which follows it.
            self.transmit(now, frame, lose, dup);
            self.counters.reordered += 1;
            self.transmit(now, held.frame, held.lose, held.dup);
        } else if hold {
            self.held = Some(Held {
                frame,
                lose,
                dup,
                since: now,
            });
        } else {
            self.transmit(now, frame, lose, dup);
        }
    }

    /// Returns the next frame that has arrived by cycle `now` (frame without
    /// FCS, and whether its FCS checked), in arrival order. Call it until it
    /// returns `None` once per cycle; frames are spaced by at least their
    /// wire time, so at most one arrives per cycle at 100 Gb/s.
    ///
    /// It is [`LinkDir::release_held`] then [`LinkDir::take_arrived`].
    pub fn deliver(&mut self, now: u64) -> Option<(Vec<u8>, bool)> {
        self.release_held(now);
        self.take_arrived(now)
    }

    /// Puts the held-back frame on the wire in cycle `now` if it has waited
    /// `reorder_hold_cycles` (the part of [`LinkDir::deliver`] that changes
    /// what is on the wire).
    pub fn release_held(&mut self, now: u64) {
        if self
            .held
            .as_ref()
            .is_some_and(|h| now >= h.since.saturating_add(self.cfg.reorder_hold_cycles))
        {
            if let Some(h) = self.held.take() {
                self.transmit(now, h.frame, h.lose, h.dup);
            }
        }
    }

    /// Returns the next frame that has arrived by cycle `now`, as
    /// [`LinkDir::deliver`] does but without releasing a held-back frame.
    pub fn take_arrived(&mut self, now: u64) -> Option<(Vec<u8>, bool)> {
        if self.in_flight.front()?.arrive > now {
            return None;
        }
        let InFlight { mut wire, .. } = self.in_flight.pop_front()?;
        let fcs_ok = strip_fcs(&mut wire);
        self.counters.delivered += 1;
        if !fcs_ok {
            self.counters.fcs_errors += 1;
        }
        Some((wire, fcs_ok))
    }

    /// Copies of the frames that [`LinkDir::take_arrived`] will return
    /// before cycle `until`, each with the cycle it arrives in, as long as
    /// nothing goes onto the wire in the meantime that arrives that early.
    /// A frame put on the wire in cycle `t` (sent, or released) arrives in
    /// cycle `t + latency_cycles + 1` at the earliest.
    pub fn arrivals_before(&self, until: u64) -> Vec<(u64, Vec<u8>, bool)> {
        self.in_flight
            .iter()
            .take_while(|f| f.arrive < until)
            .map(|f| {
                let mut wire = f.wire.clone();
                let fcs_ok = strip_fcs(&mut wire);
                (f.arrive, wire, fcs_ok)
            })
            .collect()
    }

    /// Puts one frame (and its duplicate) on the wire no earlier than `now`.
    fn transmit(&mut self, now: u64, frame: Vec<u8>, lose: bool, dup: bool) {
        let copies = if dup && !lose { 2 } else { 1 };
        if copies == 2 {
            self.counters.duplicated += 1;
        }
        let now_fs = now.saturating_mul(CYCLE_FS);
        for _ in 0..copies {
            let start = self.wire_free_fs.max(now_fs);
            self.wire_free_fs = start + frame_wire_bytes(frame.len()) * self.byte_fs;
            if let Some(cap) = self.capture.as_mut() {
                cap.push_back((start, frame.clone()));
            }
            if lose {
                self.counters.dropped += 1;
                continue;
            }
            let mut wire = Vec::with_capacity(frame.len() + FCS_LEN);
            wire.extend_from_slice(&frame);
            wire.extend_from_slice(&crc32(&frame).to_le_bytes());
            if self.rng.chance(self.cfg.corrupt) {
                let bit = self.rng.below(wire.len() as u64 * 8);
                wire[(bit / 8) as usize] ^= 1 << (bit % 8);
                self.counters.corrupted += 1;
            }
            let data_bytes = (PREAMBLE_LEN + frame.len().max(MIN_FRAME_LEN) + FCS_LEN) as u64;
            let arrive_fs = start + data_bytes * self.byte_fs + self.latency_fs;
            self.in_flight.push_back(InFlight {
                arrive: arrive_fs.div_ceil(CYCLE_FS),
                wire,
            });
        }
    }

    fn set_capture(&mut self, on: bool) {
        self.capture = if on { Some(VecDeque::new()) } else { None };
    }

    fn next_capture_time(&self) -> Option<u64> {
        self.capture.as_ref()?.front().map(|(t, _)| *t)
    }

    fn pop_capture(&mut self) -> Option<(u64, Vec<u8>)> {
        self.capture.as_mut()?.pop_front()
    }
}

/// Removes the FCS from the end of `wire` and returns whether it matched
/// the frame.
fn strip_fcs(wire: &mut Vec<u8>) -> bool {
    let body = wire.len().saturating_sub(FCS_LEN);
    let mut fcs = [0u8; FCS_LEN];
    fcs.copy_from_slice(&wire[body..]);
    wire.truncate(body);
    crc32(wire) == u32::from_le_bytes(fcs)
}

/// Which direction of a [`Link`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// From port A to port B.
    AToB,
    /// From port B to port A.
    BToA,
}

impl Dir {
    /// The other direction.
    pub fn reverse(self) -> Dir {
        match self {
            Dir::AToB => Dir::BToA,
            Dir::BToA => Dir::AToB,
        }
    }
}

/// A full-duplex link between port A and port B, optionally captured to a
/// pcap file.
pub struct Link {
    /// Frames from A to B.
    pub a_to_b: LinkDir,
    /// Frames from B to A.
    pub b_to_a: LinkDir,
    pcap: Option<PcapWriter<Box<dyn Write + Send>>>,
}

impl std::fmt::Debug for Link {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Link")
            .field("a_to_b", &self.a_to_b)
            .field("b_to_a", &self.b_to_a)
            .field("capturing", &self.pcap.is_some())
            .finish()
    }
}

impl Link {
    /// A link whose two directions use `cfg`, each with its own fault stream
    /// derived from `cfg.seed`.
    ///
    /// # Errors
    /// [`SimError::InvalidConfig`] as [`LinkConfig::validate`].
    pub fn new(cfg: LinkConfig) -> SimResult<Self> {
        let mut ab = cfg.clone();
        ab.seed = derive_seed(cfg.seed, 0);
        let mut ba = cfg;
        ba.seed = derive_seed(ba.seed, 1);
        Ok(Link {
            a_to_b: LinkDir::new(ab)?,
            b_to_a: LinkDir::new(ba)?,
            pcap: None,
        })
    }

    /// The direction `d`.
    pub fn dir(&mut self, d: Dir) -> &mut LinkDir {
        match d {
            Dir::AToB => &mut self.a_to_b,
            Dir::BToA => &mut self.b_to_a,
        }
    }

    /// Records every frame of both directions, from now on, into `pcap`.
    pub fn capture(&mut self, pcap: PcapWriter<Box<dyn Write + Send>>) {
        self.a_to_b.set_capture(true);
        self.b_to_a.set_capture(true);
        self.pcap = Some(pcap);
    }

    /// Records every frame of both directions into a new pcap file at
    /// `path`.
    ///
    /// # Errors
    /// [`SimError::Io`] when the file cannot be created.
    pub fn capture_to_file(&mut self, path: &Path) -> SimResult<()> {
        let file = std::fs::File::create(path)
            .map_err(|e| SimError::io(format!("creating pcap file {}", path.display()), e))?;
        let out: Box<dyn Write + Send> = Box::new(std::io::BufWriter::with_capacity(1 << 16, file));
        self.capture(PcapWriter::new(out)?);
        Ok(())
    }

    /// Sends `frame` in direction `d` in cycle `now` (see [`LinkDir::send`]),
    /// and writes to the capture the frames that started on the wire by
    /// `now`.
    ///
    /// # Errors
    /// [`SimError::Io`] when the capture cannot be written; the frame is
    /// sent regardless.
    pub fn send(&mut self, d: Dir, now: u64, frame: Vec<u8>) -> SimResult<()> {
        self.dir(d).send(now, frame);
        self.write_capture(now.saturating_mul(CYCLE_FS))
    }

    /// The next frame that has arrived in direction `d` by cycle `now` (see
    /// [`LinkDir::deliver`]).
    pub fn deliver(&mut self, d: Dir, now: u64) -> Option<(Vec<u8>, bool)> {
        self.dir(d).deliver(now)
    }

    /// Writes every captured frame still pending (including frames queued
    /// to start later) and flushes the capture file.
    ///
    /// # Errors
    /// [`SimError::Io`] when the capture cannot be written.
    pub fn finish_capture(&mut self) -> SimResult<()> {
        self.write_capture(u64::MAX)?;
        match self.pcap.as_mut() {
            Some(p) => p.flush(),
            None => Ok(()),
        }
    }

    /// Writes captured frames that started at or before `upto_fs`, merging
    /// the two directions in time order.
    fn write_capture(&mut self, upto_fs: u64) -> SimResult<()> {
        let Some(pcap) = self.pcap.as_mut() else {
            return Ok(());
        };
        loop {
            let ta = self.a_to_b.next_capture_time();
            let tb = self.b_to_a.next_capture_time();
            let next = match (ta, tb) {
                (Some(a), Some(b)) if a <= b => &mut self.a_to_b,
                (Some(_), Some(_)) | (None, Some(_)) => &mut self.b_to_a,
                (Some(_), None) => &mut self.a_to_b,
                (None, None) => return Ok(()),
            };
            if next.next_capture_time().is_some_and(|t| t > upto_fs) {
                return Ok(());
            }
            if let Some((t, frame)) = next.pop_capture() {
                pcap.write_frame(t / 1_000_000, &frame)?;
            }
        }
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        // Best effort: a caller that needs to see write errors calls
        // `finish_capture` first.
        let _ = self.finish_capture();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(len: usize, tag: u8) -> Vec<u8> {
        (0..len).map(|i| (i as u8).wrapping_mul(31) ^ tag).collect()
    }

    /// Runs `dir` until it has delivered everything, returning
    /// (cycle, frame, fcs_ok) for each delivery.
    fn drain(dir: &mut LinkDir, from: u64) -> Vec<(u64, Vec<u8>, bool)> {
        let mut out = Vec::new();
        let mut now = from;
        while dir.pending() > 0 && now < from + 1_000_000 {
            while let Some((f, ok)) = dir.deliver(now) {
                out.push((now, f, ok));
            }
            now += 1;
        }
        out
    }

    #[test]
    fn crc32_reference_values() {
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
        assert_eq!(crc32(b""), 0);
        // The CRC of a frame followed by its FCS (LSB first) is the
        // well-known constant residue 0x2144df1c.
        let mut f = b"any frame at all".to_vec();
        let fcs = crc32(&f).to_le_bytes();
        f.extend_from_slice(&fcs);
        assert_eq!(crc32(&f), 0x2144_df1c);
    }

    #[test]
    fn wire_bytes_include_padding_and_overheads() {
        assert_eq!(frame_wire_bytes(0), 84);
        assert_eq!(frame_wire_bytes(60), 84);
        assert_eq!(frame_wire_bytes(1514), 1538);
        assert_eq!(LinkConfig::default().byte_fs(), 80_000);
        assert!((LinkConfig::default().bytes_per_cycle() - 50.0).abs() < 1e-9);
    }

    #[test]
    fn config_is_validated() {
        let bad = LinkConfig {
            loss: 1.5,
            ..LinkConfig::default()
        };
        assert!(matches!(
            LinkDir::new(bad),
            Err(SimError::InvalidConfig { .. })
        ));
        let bad = LinkConfig {
            bit_rate: f64::NAN,
            ..LinkConfig::default()
        };
        assert!(Link::new(bad).is_err());
        let nan = LinkConfig {
            corrupt: f64::NAN,
            ..LinkConfig::default()
        };
        assert!(nan.validate().is_err());
    }

    #[test]
    fn clean_link_delivers_intact_after_latency() {
        let mut d = LinkDir::new(LinkConfig::default()).unwrap();
        let f = frame(60, 1);
        d.send(10, f.clone());
        // Start 10 cycles = 40 ns; 72 byte times of 0.08 ns = 5.76 ns; 500 ns
        // of latency: arrival at 545.76 ns, i.e. in cycle 137.
        assert_eq!(d.deliver(136), None);
        assert_eq!(d.deliver(137), Some((f, true)));
        assert_eq!(d.deliver(1000), None);
        let c = d.counters();
        assert_eq!((c.sent, c.delivered, c.fcs_errors), (1, 1, 0));
    }

    #[test]
    fn back_to_back_frames_are_paced_at_line_rate() {
        let mut d = LinkDir::new(LinkConfig::default()).unwrap();
        // 200 frames of 1500 bytes all sent in cycle 0: the wire serializes
        // them at 1524 byte times each = 30.48 cycles.
        for i in 0..200u32 {
            d.send(0, frame(1500, i as u8));
        }
        let got = drain(&mut d, 0);
        assert_eq!(got.len(), 200);
        for (i, (_, f, ok)) in got.iter().enumerate() {
            assert!(ok);
            assert_eq!(f, &frame(1500, i as u8), "order kept");
        }
        for w in got.windows(2) {
            let gap = w[1].0 - w[0].0;
            assert!((30..=31).contains(&gap), "gap {gap}");
        }
        let span = got[199].0 - got[0].0;
        // 199 frames later at exactly 30.48 cycles each.
        assert!((6065..=6066).contains(&span), "span {span}");
    }

    #[test]
    fn short_frames_take_minimum_wire_time() {
        let mut d = LinkDir::new(LinkConfig::default()).unwrap();
        for i in 0..100u8 {
            d.send(0, frame(20, i));
        }
        let got = drain(&mut d, 0);
        assert_eq!(got.len(), 100);
        // 84 byte times = 1.68 cycles per frame.
        let span = got[99].0 - got[0].0;
        assert!((166..=167).contains(&span), "span {span}");
        assert_eq!(got[5].1.len(), 20, "the link does not pad");
    }

    #[test]
    fn corruption_is_detected_by_the_fcs() {
        let cfg = LinkConfig {
            corrupt: 1.0,
            seed: 11,
            ..LinkConfig::default()
        };
        let mut d = LinkDir::new(cfg).unwrap();
        let mut body_changed = 0;
        for i in 0..200u8 {
            d.send(u64::from(i) * 100, frame(64, i));
        }
        let got = drain(&mut d, 0);
        assert_eq!(got.len(), 200);
        for (i, (_, f, ok)) in got.iter().enumerate() {
            assert!(!ok, "every corrupted frame fails the FCS check");
            if f != &frame(64, i as u8) {
                body_changed += 1;
                let diff: u32 = f
                    .iter()
                    .zip(frame(64, i as u8))
                    .map(|(a, b)| (a ^ b).count_ones())
                    .sum();
                assert_eq!(diff, 1, "exactly one bit flipped");
            }
        }
        // 64 of 68 bytes are frame body: most flips land there, some in FCS.
        assert!(body_changed > 150 && body_changed < 200, "{body_changed}");
        let c = d.counters();
        assert_eq!((c.corrupted, c.fcs_errors), (200, 200));
    }

    #[test]
    fn loss_rate_matches_probability() {
        let cfg = LinkConfig {
            loss: 0.1,
            seed: 5,
            ..LinkConfig::default()
        };
        let mut d = LinkDir::new(cfg).unwrap();
        for i in 0..5000u64 {
            d.send(i * 2, frame(60, i as u8));
        }
        let got = drain(&mut d, 0);
        let c = d.counters();
        assert_eq!(c.dropped + c.delivered, 5000);
        assert_eq!(got.len() as u64, c.delivered);
        // Expect 500, sigma ~21.
        assert!((420..=580).contains(&c.dropped), "dropped {}", c.dropped);
        assert!(got.iter().all(|(_, _, ok)| *ok));
    }

    #[test]
    fn duplicates_follow_the_original() {
        let cfg = LinkConfig {
            duplicate: 1.0,
            ..LinkConfig::default()
        };
        let mut d = LinkDir::new(cfg).unwrap();
        d.send(0, frame(100, 1));
        d.send(100, frame(100, 2));
        let got: Vec<Vec<u8>> = drain(&mut d, 0).into_iter().map(|g| g.1).collect();
        assert_eq!(
            got,
            vec![frame(100, 1), frame(100, 1), frame(100, 2), frame(100, 2)]
        );
        assert_eq!(d.counters().duplicated, 2);
    }

    #[test]
    fn reordered_frame_arrives_after_the_next_one() {
        let cfg = LinkConfig {
            reorder: 1.0,
            ..LinkConfig::default()
        };
        let mut d = LinkDir::new(cfg).unwrap();
        // Every frame wants to be held; with one held at a time, frames
        // swap in pairs.
        for i in 0..6u8 {
            d.send(u64::from(i) * 10, frame(60, i));
        }
        let got: Vec<Vec<u8>> = drain(&mut d, 0).into_iter().map(|g| g.1).collect();
        let order: Vec<u8> = got.iter().map(|f| f[0]).collect();
        assert_eq!(order, vec![1, 0, 3, 2, 5, 4]);
        assert_eq!(d.counters().reordered, 3);
    }

    #[test]
    fn held_frame_is_released_when_nothing_follows() {
        let cfg = LinkConfig {
            reorder: 1.0,
            reorder_hold_cycles: 1000,
            ..LinkConfig::default()
        };
        let mut d = LinkDir::new(cfg).unwrap();
        d.send(0, frame(60, 7));
        assert_eq!(d.pending(), 1);
        let got = drain(&mut d, 0);
        assert_eq!(got.len(), 1);
        // Released at cycle 1000, then 1.44 + 125 cycles.
        assert_eq!(got[0].0, 1127);
        assert_eq!(d.counters().reordered, 0);
    }

    #[test]
    fn same_seed_same_faults_other_seed_other_faults() {
        let run = |seed| {
            let cfg = LinkConfig {
                loss: 0.05,
                reorder: 0.05,
                duplicate: 0.05,
                corrupt: 0.05,
                seed,
                ..LinkConfig::default()
            };
            let mut d = LinkDir::new(cfg).unwrap();
            for i in 0..2000u64 {
                d.send(i * 3, frame(60 + (i % 50) as usize, i as u8));
            }
            (drain(&mut d, 0), d.counters())
        };
        let a = run(1234);
        let b = run(1234);
        let c = run(4321);
        assert_eq!(a, b);
        assert_ne!(a.0, c.0);
        let k = a.1;
        assert!(k.dropped > 0 && k.reordered > 0 && k.duplicated > 0 && k.corrupted > 0);
        assert_eq!(k.delivered, k.sent - k.dropped + k.duplicated);
    }

    #[test]
    fn directions_are_independent_streams() {
        let cfg = LinkConfig {
            loss: 0.5,
            seed: 3,
            ..LinkConfig::default()
        };
        let mut l = Link::new(cfg).unwrap();
        for i in 0..200u64 {
            l.send(Dir::AToB, i * 2, frame(60, i as u8)).unwrap();
            l.send(Dir::BToA, i * 2, frame(60, i as u8)).unwrap();
        }
        let a = drain(&mut l.a_to_b, 0);
        let b = drain(&mut l.b_to_a, 0);
        assert_ne!(a, b);
    }

    /// A `Write` that appends to a shared buffer, to read a capture back.
    #[derive(Clone, Default)]
    struct Shared(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// Parses a capture into (time_ns, frame) records.
    fn records(bytes: &[u8]) -> Vec<(u64, Vec<u8>)> {
        let mut out = Vec::new();
        let mut off = 24;
        let u32_at = |o: usize| u32::from_le_bytes(bytes[o..o + 4].try_into().unwrap());
        while off < bytes.len() {
            let t = u64::from(u32_at(off)) * 1_000_000_000 + u64::from(u32_at(off + 4));
            let n = u32_at(off + 8) as usize;
            out.push((t, bytes[off + 16..off + 16 + n].to_vec()));
            off += 16 + n;
        }
        out
    }

    #[test]
    fn capture_records_both_directions_in_wire_order() {
        let cfg = LinkConfig {
            loss: 1.0,
            ..LinkConfig::default()
        };
        let buf = Shared::default();
        let mut l = Link::new(cfg).unwrap();
        l.capture(PcapWriter::new(Box::new(buf.clone()) as Box<dyn Write + Send>).unwrap());
        // Three 1000-byte frames A->B in cycle 0 queue on the wire (1024
        // byte times = 20.48 cycles each); B->A sends in cycles 10 and 30.
        for i in 0..3u8 {
            l.send(Dir::AToB, 0, frame(1000, i)).unwrap();
        }
        l.send(Dir::BToA, 10, frame(200, 0xb0)).unwrap();
        l.send(Dir::BToA, 30, frame(200, 0xb1)).unwrap();
        l.finish_capture().unwrap();
        let recs = records(&buf.0.lock().unwrap());
        let got: Vec<(u64, u8)> = recs.iter().map(|(t, f)| (*t, f[0])).collect();
        assert_eq!(
            got,
            vec![
                (0, frame(1000, 0)[0]),
                (40, 0xb0),
                (81, frame(1000, 1)[0]),
                (120, 0xb1),
                (163, frame(1000, 2)[0]),
            ]
        );
        // Lost frames are still captured, whole and without FCS.
        assert_eq!(recs[1].1, frame(200, 0xb0));
        assert_eq!(l.a_to_b.counters().dropped, 3);
    }
}
