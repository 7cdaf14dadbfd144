//! MAC adapters at the core's Ethernet AXI-Stream ports.
//!
//! [`MacTx`] sits at `m_axis_tx_*` and turns beats into frames for a
//! [`crate::link::LinkDir`]; [`MacRx`] sits at `s_axis_rx_*` and turns
//! arriving frames into beats. Both speak the core's stream format
//! (docs/core-ports.md): 512-bit beats (64 bytes), byte 0 in bits 7:0,
//! `tkeep` contiguous from bit 0 and all ones except on the last beat,
//! frames without FCS, `tuser` on the last beat marking a bad frame.
//!
//! Both are paced at line rate with a credit counted in bits: each cycle
//! adds `bit_rate / 250 MHz` bits (400 at 100 Gb/s, i.e. 50 bytes per
//! cycle) up to a small cap, and each frame spends its wire time,
//! [`frame_wire_bytes`] (padding to 60 bytes, FCS, preamble/SFD,
//! inter-frame gap). The sustained rate therefore never exceeds the line
//! rate, while a frame's beats still move at the stream's native 64 bytes
//! per cycle whenever credit allows.
//!
//! # Per-cycle protocol
//!
//! Transmit, for cycle `n` (the core's outputs sampled after evaluating it
//! with this cycle's inputs):
//! 1. drive `m_axis_tx_tready_i` with [`MacTx::ready`];
//! 2. if `tvalid && tready`, call [`MacTx::push_beat`] with the beat;
//! 3. call [`MacTx::tick`] once, which ends the cycle and returns a frame
//!    whose last beat was just accepted. The frame is complete at the edge
//!    that ends cycle `n`: hand it to the link with `now = n + 1`.
//!
//! Receive: call [`MacRx::push_frame`] for each frame the link delivers in
//! cycle `n`, then [`MacRx::beat`] once: its result is what to drive on
//! `s_axis_rx_*` during cycle `n` (`None`: `tvalid` low). There is no
//! `tready`; the core must take every beat.

use std::collections::VecDeque;

use crate::error::{SimError, SimResult};
use crate::link::{frame_wire_bytes, CORE_CLOCK_HZ, MIN_FRAME_LEN};

/// Bytes in one stream beat (512 bits).
pub const BEAT_BYTES: usize = 64;

/// Parameters of a MAC.
#[derive(Clone, Debug, PartialEq)]
pub struct MacConfig {
    /// Line rate in bits per second.
    pub bit_rate: f64,
    /// Longest frame (without FCS) the MAC passes as good. Longer transmit
    /// frames are dropped; longer received frames are marked bad.
    pub max_frame_len: usize,
}

impl Default for MacConfig {
    /// 100 Gb/s; 9600-byte jumbo frames (the usual 100G MAC maximum).
    fn default() -> Self {
        MacConfig {
            bit_rate: 100e9,
            max_frame_len: 9600,
        }
    }
}

impl MacConfig {
    /// Line rate in bits per core clock cycle, rounded (400 at 100 Gb/s).
    fn bits_per_cycle(&self) -> SimResult<i64> {
        let b = (self.bit_rate / CORE_CLOCK_HZ as f64).round();
        if !(1.0..=1e9).contains(&b) {
            return Err(SimError::config(
                "MAC bit_rate",
                format!("{} b/s cannot be simulated", self.bit_rate),
            ));
        }
        if self.max_frame_len < MIN_FRAME_LEN || self.max_frame_len > 1 << 20 {
            return Err(SimError::config(
                "MAC max_frame_len",
                format!("{} bytes", self.max_frame_len),
            ));
        }
        Ok(b as i64)
    }
}

/// Largest credit a MAC saves while idle: one beat, so that a frame's first
/// beat after a pause never waits.
const CREDIT_CAP_BITS: i64 = (BEAT_BYTES * 8) as i64;

/// Transmit counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MacTxCounters {
    /// Frames passed to the link.
    pub frames: u64,
    /// Bytes of those frames (after padding).
    pub bytes: u64,
    /// Frames shorter than 60 bytes that were padded.
    pub padded: u64,
    /// Frames the core aborted (`tuser` on the last beat).
    pub aborted: u64,
    /// Frames dropped for a protocol violation (bad `tkeep`, too long).
    pub errors: u64,
}

/// The transmit MAC: collects the core's beats into frames at line rate.
#[derive(Debug)]
pub struct MacTx {
    bits_per_cycle: i64,
    credit: i64,
    max_frame_len: usize,
    cur: Vec<u8>,
    bad: bool,
    done: VecDeque<Vec<u8>>,
    counters: MacTxCounters,
}

impl MacTx {
    /// A transmit MAC.
    ///
    /// # Errors
    /// [`SimError::InvalidConfig`] for a rate or maximum length it cannot
    /// simulate.
    pub fn new(cfg: &MacConfig) -> SimResult<Self> {
        Ok(MacTx {
            bits_per_cycle: cfg.bits_per_cycle()?,
            credit: CREDIT_CAP_BITS,
            max_frame_len: cfg.max_frame_len,
            cur: Vec::new(),
            bad: false,
            done: VecDeque::new(),
            counters: MacTxCounters::default(),
        })
    }

    /// The counters.
    pub fn counters(&self) -> MacTxCounters {
        self.counters
    }

    /// `tready` for this cycle.
    pub fn ready(&self) -> bool {
        self.credit > 0
    }

    /// True when no frame is partly received.
    pub fn is_idle(&self) -> bool {
        self.cur.is_empty() && !self.bad && self.done.is_empty()
    }

    /// Takes the beat transferred this cycle (`tvalid && tready`).
    ///
    /// # Errors
    /// [`SimError::Protocol`] when `keep` is empty or not contiguous from
    /// bit 0, when a beat other than the last is not full, or when the frame
    /// grows beyond the maximum length. The frame is then dropped (counted in
    /// `errors`) when its last beat arrives; the stream stays in step.
    pub fn push_beat(
        &mut self,
        data: &[u8; 64],
        keep: u64,
        last: bool,
        user: bool,
    ) -> SimResult<()> {
        let n = keep.count_ones() as usize;
        self.credit -= (n * 8) as i64;
        let mut result = Ok(());
        if !self.bad {
            let problem = if keep == 0 || keep & keep.wrapping_add(1) != 0 {
                Some(format!("tkeep {keep:#018x} is not contiguous from bit 0"))
            } else if !last && keep != u64::MAX {
                Some(format!("tkeep {keep:#018x} on a beat that is not the last"))
            } else if self.cur.len() + n > self.max_frame_len {
                Some(format!("frame longer than {} bytes", self.max_frame_len))
            } else {
                None
            };
            match problem {
                Some(what) => {
                    self.bad = true;
                    self.cur.clear();
                    result = Err(SimError::protocol("m_axis_tx", what));
                }
                None => self.cur.extend_from_slice(&data[..n]),
            }
        }
        if last {
            let frame = std::mem::take(&mut self.cur);
            if self.bad {
                self.counters.errors += 1;
            } else if user {
                self.counters.aborted += 1;
            } else {
                let mut frame = frame;
                if frame.len() < MIN_FRAME_LEN {
                    self.credit -= ((MIN_FRAME_LEN - frame.len()) * 8) as i64;
                    frame.resize(MIN_FRAME_LEN, 0);
                    self.counters.padded += 1;
                }
                // FCS, preamble/SFD and inter-frame gap.
                self.credit -= ((frame_wire_bytes(frame.len()) as usize - frame.len()) * 8) as i64;
                self.counters.frames += 1;
                self.counters.bytes += frame.len() as u64;
                self.done.push_back(frame);
            }
            self.bad = false;
        }
        result
    }

    /// Ends the cycle: earns this cycle's line-rate credit and returns a
    /// frame completed this cycle (padded to 60 bytes, without FCS).
    pub fn tick(&mut self) -> Option<Vec<u8>> {
        self.credit = (self.credit + self.bits_per_cycle).min(CREDIT_CAP_BITS);
        self.done.pop_front()
    }
}

/// One beat driven on `s_axis_rx_*` (`tvalid` is implied).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RxBeat {
    /// `tdata`: byte 0 in bits 7:0; bytes beyond `keep` are zero.
    pub data: [u8; 64],
    /// `tkeep`.
    pub keep: u64,
    /// `tlast`.
    pub last: bool,
    /// `tuser`: on the last beat, the frame is bad (FCS error, runt, too
    /// long).
    pub user: bool,
}

/// Receive counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MacRxCounters {
    /// Frames passed to the core (good and bad).
    pub frames: u64,
    /// Bytes of those frames.
    pub bytes: u64,
    /// Frames marked bad for an FCS error.
    pub fcs_errors: u64,
    /// Frames marked bad for being shorter than 60 bytes.
    pub runts: u64,
    /// Frames marked bad for being longer than the maximum.
    pub oversize: u64,
    /// Frames discarded: empty, or arriving while the receive queue was
    /// full.
    pub dropped: u64,
}

/// Frames the receive MAC queues before dropping (the link paces arrivals,
/// so a queue never builds up unless frames bypass it).
const RX_QUEUE_FRAMES: usize = 1024;

/// The receive MAC: streams arriving frames into the core.
#[derive(Debug)]
pub struct MacRx {
    bits_per_cycle: i64,
    credit: i64,
    max_frame_len: usize,
    queue: VecDeque<(Vec<u8>, bool)>,
    /// Frame being streamed, whether it is bad, next offset.
    cur: Option<(Vec<u8>, bool, usize)>,
    counters: MacRxCounters,
}

impl MacRx {
    /// A receive MAC.
    ///
    /// # Errors
    /// [`SimError::InvalidConfig`] for a rate or maximum length it cannot
    /// simulate.
    pub fn new(cfg: &MacConfig) -> SimResult<Self> {
        Ok(MacRx {
            bits_per_cycle: cfg.bits_per_cycle()?,
            credit: CREDIT_CAP_BITS,
            max_frame_len: cfg.max_frame_len,
            queue: VecDeque::new(),
            cur: None,
            counters: MacRxCounters::default(),
        })
    }

    /// The counters.
    pub fn counters(&self) -> MacRxCounters {
        self.counters
    }

    /// True when no frame is queued or being streamed.
    pub fn is_idle(&self) -> bool {
        self.cur.is_none() && self.queue.is_empty()
    }

    /// Queues a frame (without FCS) that arrived from the wire; `fcs_ok` is
    /// the result of the FCS check.
    pub fn push_frame(&mut self, frame: Vec<u8>, fcs_ok: bool) {
        if frame.is_empty() || self.queue.len() >= RX_QUEUE_FRAMES {
            self.counters.dropped += 1;
            return;
        }
        self.queue.push_back((frame, fcs_ok));
    }

    /// The beat to drive this cycle, or `None` for `tvalid` low; ends the
    /// cycle. Beats of one frame are on consecutive cycles; a frame starts
    /// only when the line-rate credit allows.
    pub fn beat(&mut self) -> Option<RxBeat> {
        if self.cur.is_none() && self.credit >= 0 {
            if let Some((frame, fcs_ok)) = self.queue.pop_front() {
                self.credit -= (frame_wire_bytes(frame.len()) * 8) as i64;
                let mut bad = false;
                if !fcs_ok {
                    self.counters.fcs_errors += 1;
                    bad = true;
                }
                if frame.len() < MIN_FRAME_LEN {
                    self.counters.runts += 1;
                    bad = true;
                }
                if frame.len() > self.max_frame_len {
                    self.counters.oversize += 1;
                    bad = true;
                }
                self.counters.frames += 1;
                self.counters.bytes += frame.len() as u64;
                self.cur = Some((frame, bad, 0));
            }
        }
        self.credit = (self.credit + self.bits_per_cycle).min(CREDIT_CAP_BITS);
        let (frame, bad, off) = self.cur.as_mut()?;
        let n = (frame.len() - *off).min(BEAT_BYTES);
        let mut data = [0u8; 64];
        data[..n].copy_from_slice(&frame[*off..*off + n]);
        *off += n;
        let last = *off == frame.len();
        let beat = RxBeat {
            data,
            keep: if n == 64 { u64::MAX } else { (1u64 << n) - 1 },
            last,
            user: last && *bad,
        };
        if last {
            self.cur = None;
        }
        Some(beat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(len: usize, tag: u8) -> Vec<u8> {
        (0..len).map(|i| (i as u8).wrapping_mul(13) ^ tag).collect()
    }

    /// Splits a frame into beats as the core drives them.
    fn beats(f: &[u8]) -> Vec<([u8; 64], u64, bool)> {
        let chunks: Vec<&[u8]> = f.chunks(64).collect();
        let last = chunks.len() - 1;
        chunks
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let mut d = [0u8; 64];
                d[..c.len()].copy_from_slice(c);
                let keep = if c.len() == 64 {
                    u64::MAX
                } else {
                    (1u64 << c.len()) - 1
                };
                (d, keep, i == last)
            })
            .collect()
    }

    /// Drives `frames` into a MacTx as a core that always has data would;
    /// returns the frames with the cycle each completed.
    fn run_tx(tx: &mut MacTx, frames: &[Vec<u8>]) -> Vec<(u64, Vec<u8>)> {
        let all: Vec<_> = frames.iter().flat_map(|f| beats(f)).collect();
        let mut i = 0;
        let mut out = Vec::new();
        let mut now = 0;
        while i < all.len() || !tx.is_idle() {
            if i < all.len() && tx.ready() {
                let (d, k, l) = all[i];
                tx.push_beat(&d, k, l, false).unwrap();
                i += 1;
            }
            if let Some(f) = tx.tick() {
                out.push((now, f));
            }
            now += 1;
        }
        out
    }

    #[test]
    fn tx_assembles_frames_and_pads_short_ones() {
        let mut tx = MacTx::new(&MacConfig::default()).unwrap();
        let frames = vec![frame(130, 1), frame(42, 2), frame(64, 3)];
        let got: Vec<Vec<u8>> = run_tx(&mut tx, &frames).into_iter().map(|x| x.1).collect();
        let mut padded = frame(42, 2);
        padded.resize(60, 0);
        assert_eq!(got, vec![frame(130, 1), padded, frame(64, 3)]);
        let c = tx.counters();
        assert_eq!((c.frames, c.padded, c.bytes), (3, 1, 130 + 60 + 64));
    }

    #[test]
    fn tx_drops_aborted_frames() {
        let mut tx = MacTx::new(&MacConfig::default()).unwrap();
        let f = frame(100, 9);
        let b = beats(&f);
        tx.push_beat(&b[0].0, b[0].1, false, false).unwrap();
        assert_eq!(tx.tick(), None);
        tx.push_beat(&b[1].0, b[1].1, true, true).unwrap();
        assert_eq!(tx.tick(), None);
        assert_eq!(tx.counters().aborted, 1);
        assert!(tx.is_idle());
        // The next frame is unaffected.
        for _ in 0..10 {
            tx.tick();
        }
        let got = run_tx(&mut tx, &[frame(70, 1)]);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].1, frame(70, 1));
    }

    #[test]
    fn tx_reports_bad_keep_and_drops_the_frame() {
        let mut tx = MacTx::new(&MacConfig::default()).unwrap();
        let d = [0u8; 64];
        // Holes in tkeep.
        assert!(matches!(
            tx.push_beat(&d, 0b1011, true, false),
            Err(SimError::Protocol { .. })
        ));
        assert_eq!(tx.tick(), None);
        // A partial beat that is not the last.
        assert!(tx.push_beat(&d, 0xff, false, false).is_err());
        tx.tick();
        // The rest of that frame is swallowed without further errors.
        tx.push_beat(&d, 0xff, true, false).unwrap();
        assert_eq!(tx.tick(), None);
        assert_eq!(tx.counters().errors, 2);
        assert_eq!(tx.counters().frames, 0);
    }

    #[test]
    fn tx_refuses_oversize_frames() {
        let cfg = MacConfig {
            max_frame_len: 100,
            ..MacConfig::default()
        };
        let mut tx = MacTx::new(&cfg).unwrap();
        let f = frame(150, 0);
        let b = beats(&f);
        tx.push_beat(&b[0].0, b[0].1, false, false).unwrap();
        tx.tick();
        assert!(tx.push_beat(&b[1].0, b[1].1, false, false).is_err());
        tx.tick();
        tx.push_beat(&b[2].0, b[2].1, true, false).unwrap();
        assert_eq!(tx.tick(), None);
        assert_eq!(tx.counters().errors, 1);
    }

    #[test]
    fn tx_sustains_but_never_exceeds_line_rate() {
        for len in [60usize, 64, 65, 200, 1500, 9000] {
            let mut tx = MacTx::new(&MacConfig::default()).unwrap();
            let n = (400_000 / len).clamp(50, 2000);
            let frames: Vec<Vec<u8>> = (0..n).map(|i| frame(len, i as u8)).collect();
            let got = run_tx(&mut tx, &frames);
            assert_eq!(got.len(), n);
            let cycles = (got[n - 1].0 - got[0].0) as f64;
            let wire = frame_wire_bytes(len) as f64 * (n - 1) as f64;
            let rate = wire / cycles;
            // A frame cannot take fewer cycles than its beats, so short
            // frames just over a beat boundary cannot reach line rate.
            let beats = len.div_ceil(64) as f64;
            let expect = 50f64.min(frame_wire_bytes(len) as f64 / beats);
            // Never more than line rate, plus the one beat of credit saved
            // while idle.
            assert!(wire <= 50.0 * cycles + 64.0, "len {len}: {rate} B/cycle");
            assert!(
                rate >= expect * 0.99,
                "len {len}: {rate} B/cycle, expected {expect}"
            );
        }
    }

    #[test]
    fn tx_ready_pattern_for_64_byte_frames() {
        // A 64-byte frame spends 88 byte times (704 bits) against 400 bits
        // earned per cycle: 4 frames in 7 cycles on average.
        let mut tx = MacTx::new(&MacConfig::default()).unwrap();
        let d = [0u8; 64];
        let mut accepted = 0;
        let mut frames = 0;
        for _ in 0..10_000 {
            if tx.ready() {
                tx.push_beat(&d, u64::MAX, true, false).unwrap();
                accepted += 1;
            }
            frames += usize::from(tx.tick().is_some());
        }
        // 10_000 * 400 / 704 = 5681.8
        assert!((5681..=5683).contains(&accepted), "{accepted}");
        assert_eq!(frames, accepted);
    }

    /// Runs a MacRx for `cycles`, returning (cycle, beat) pairs.
    fn run_rx(rx: &mut MacRx, cycles: u64) -> Vec<(u64, RxBeat)> {
        (0..cycles)
            .filter_map(|now| rx.beat().map(|b| (now, b)))
            .collect()
    }

    fn reassemble(beats: &[(u64, RxBeat)]) -> Vec<(Vec<u8>, bool)> {
        let mut out = Vec::new();
        let mut cur = Vec::new();
        for (_, b) in beats {
            let n = b.keep.count_ones() as usize;
            assert_eq!(b.keep, if n == 64 { u64::MAX } else { (1u64 << n) - 1 });
            assert!(b.data[n..].iter().all(|&x| x == 0));
            assert!(!b.user || b.last, "tuser only on the last beat");
            cur.extend_from_slice(&b.data[..n]);
            if b.last {
                out.push((std::mem::take(&mut cur), b.user));
            } else {
                assert_eq!(n, 64, "only the last beat is partial");
            }
        }
        out
    }

    #[test]
    fn rx_streams_frames_on_consecutive_cycles() {
        let mut rx = MacRx::new(&MacConfig::default()).unwrap();
        rx.push_frame(frame(200, 1), true);
        let got = run_rx(&mut rx, 10);
        let cycles: Vec<u64> = got.iter().map(|g| g.0).collect();
        assert_eq!(cycles, vec![0, 1, 2, 3]);
        assert_eq!(reassemble(&got), vec![(frame(200, 1), false)]);
        assert!(rx.is_idle());
    }

    #[test]
    fn rx_marks_bad_fcs_runts_and_oversize() {
        let cfg = MacConfig {
            max_frame_len: 1000,
            ..MacConfig::default()
        };
        let mut rx = MacRx::new(&cfg).unwrap();
        rx.push_frame(frame(100, 1), false);
        rx.push_frame(frame(30, 2), true);
        rx.push_frame(frame(1200, 3), true);
        rx.push_frame(frame(64, 4), true);
        rx.push_frame(Vec::new(), true);
        let got = reassemble(&run_rx(&mut rx, 200));
        assert_eq!(
            got,
            vec![
                (frame(100, 1), true),
                (frame(30, 2), true),
                (frame(1200, 3), true),
                (frame(64, 4), false)
            ]
        );
        let c = rx.counters();
        assert_eq!(
            (c.frames, c.fcs_errors, c.runts, c.oversize, c.dropped),
            (4, 1, 1, 1, 1)
        );
    }

    #[test]
    fn rx_spaces_queued_frames_by_wire_time() {
        let mut rx = MacRx::new(&MacConfig::default()).unwrap();
        // 100 minimum frames delivered at once must still take 1.68 cycles
        // each; 100 jumbo frames 180.48 cycles each.
        for i in 0..100u8 {
            rx.push_frame(frame(60, i), true);
        }
        let got = run_rx(&mut rx, 1000);
        let starts: Vec<u64> = got.iter().map(|g| g.0).collect();
        let span = starts[99] - starts[0];
        assert!((165..=168).contains(&span), "span {span}");
        assert_eq!(reassemble(&got).len(), 100);

        let mut rx = MacRx::new(&MacConfig::default()).unwrap();
        for i in 0..10u8 {
            rx.push_frame(frame(9000, i), true);
        }
        let got = run_rx(&mut rx, 3000);
        let firsts: Vec<u64> = got
            .windows(2)
            .filter(|w| w[0].1.last)
            .map(|w| w[1].0)
            .collect();
        let span = firsts[8] - got[0].0;
        // 9 frames of 9024 byte times = 9 * 180.48 cycles.
        assert!((1623..=1626).contains(&span), "span {span}");
        // Beats of one frame are back to back.
        assert!(got.windows(2).all(|w| w[0].1.last || w[1].0 == w[0].0 + 1));
        let frames = reassemble(&got);
        assert_eq!(frames.len(), 10);
        assert_eq!(frames[3].0, frame(9000, 3));
    }
}
