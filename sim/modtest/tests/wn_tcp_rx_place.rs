//! `wn_tcp_rx_place` (16 KiB frame buffer, 4 frame slots) against a model
//! of host memory and of the DMA write channel.
//!
//! Frames of random length are presented only when `room_o` allows, at
//! random times, never stalling inside a frame. Each gets a random verdict
//! (discard, or place a random part of the frame at one or two random
//! addresses, or into a circular buffer with wrap), presented sometimes
//! before the frame is fully stored and sometimes long after. The DMA model
//! stalls `wr_ready_i` at random, answers every write after a random delay
//! in order, and refuses writes to chosen pages.
//!
//! Checked: every write lies in one 4 KiB page, holds exactly the bytes its
//! frame places there, in order; host memory equals the reference byte for
//! byte at the end (nothing written anywhere else, nothing of a refused
//! write); the done reports come in verdict order with the right tag, error
//! and placed flags, each after its frame's last write-done report; the
//! counter pulses. A last test measures the placement rate of back-to-back
//! 1514-byte segments against 100 GbE line rate.

use std::collections::VecDeque;

use warpnic_modtest::wn_tcp_rx_place::{self, ports};
use warpnic_modtest::{ModError, ModModel, Rng};

/// Host memory the model covers, at a high IOVA.
const HOST_BASE: u64 = 0x0000_7f00_0000_0000;
const HOST_SIZE: usize = 1 << 20;
const PAGE: u64 = 4096;
/// Pages of host memory whose writes the host refuses.
const POISON: [u64; 3] = [17, 100, 201];
/// Circular receive buffers: (offset in host memory, size).
const RINGS: [(u64, usize); 3] = [(0x1_0003, 65_536), (0x3_2000, 20_000), (0x6_4001, 9_001)];
/// The top's parameters.
const MAX_FRAME: usize = 9018;
const HDR: usize = 54;
const CLOCK_MHZ: f64 = 250.0;

fn poisoned(iova: u64) -> bool {
    POISON.contains(&((iova - HOST_BASE) / PAGE))
}

#[derive(Clone, Debug)]
struct Verdict {
    place: bool,
    off: usize,
    len0: usize,
    addr0: u64,
    len1: usize,
    addr1: u64,
    tag: u16,
}

/// What a verdict must produce: its pieces, and how far the DMA writes
/// have covered them.
#[derive(Debug)]
struct Expect {
    tag: u16,
    place: bool,
    /// Non-empty pieces in order: (IOVA, bytes).
    pieces: Vec<(u64, Vec<u8>)>,
    /// Write cursor: piece index and offset in it.
    piece: usize,
    at: usize,
    writes: u64,
    dones: u64,
    err: bool,
    /// The reference's error: a placed byte lies in a refused page.
    err_ref: bool,
    /// Cycle at which the last write-done report of the frame was given.
    dma_done_at: Option<u64>,
}

impl Expect {
    fn written(&self) -> bool {
        self.piece == self.pieces.len()
    }
    fn complete(&self) -> bool {
        self.written() && self.dones == self.writes
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    /// Random lengths, verdicts, timing, stalls and errors.
    Random,
    /// Short frames, mostly discarded, verdicts at once.
    Small,
    /// Large and medium frames back to back, a slow DMA channel: the
    /// buffer stays full and new frames land right behind the beats being
    /// read.
    Crowd,
    /// Back-to-back 1514-byte frames, every payload placed in one ring,
    /// no stalls, done 40 cycles after each write.
    LineRate,
}

/// A write being received from the module.
struct Wr {
    addr: u64,
    len: usize,
    data: Vec<u8>,
}

struct Bench {
    m: ModModel,
    rng: Rng,
    mode: Mode,
    /// Frames sent so far: bytes, verdict, cycle of the last beat.
    frames: Vec<(Vec<u8>, Verdict, Option<u64>)>,
    to_send: usize,
    /// The frame being sent and the next beat.
    tx: Option<(usize, usize)>,
    gap_pct: u64,
    /// Verdicts to present: (frame, earliest cycle).
    vq: VecDeque<(usize, u64)>,
    vcur: Option<usize>,
    exps: Vec<Expect>,
    wnext: usize,
    dnext: usize,
    wr: Option<Wr>,
    ready_pct: u64,
    /// Write-done reports to give: (cycle, error, frame).
    dq: VecDeque<(u64, bool, usize)>,
    ring_pos: usize,
    host: Vec<u8>,
    reference: Vec<u8>,
    writes: u64,
    write_errs: u64,
    cnt_placed: u64,
    cnt_discard: u64,
    cnt_wr_err: u64,
    done_at: Vec<u64>,
    room_low: u64,
    /// Verdicts presented before their frame was stored.
    early: u64,
}

impl Bench {
    fn new(seed: u64, mode: Mode, frames: usize) -> Result<Self, ModError> {
        let mut m = ModModel::new(wn_tcp_rx_place::NAME)?;
        m.reset(4)?;
        let mut rng = Rng::new(seed);
        let host: Vec<u8> = (0..HOST_SIZE).map(|_| rng.bits(8) as u8).collect();
        Ok(Bench {
            m,
            rng,
            mode,
            frames: Vec::new(),
            to_send: frames,
            tx: None,
            gap_pct: 0,
            vq: VecDeque::new(),
            vcur: None,
            exps: Vec::new(),
            wnext: 0,
            dnext: 0,
            wr: None,
            ready_pct: 100,
            dq: VecDeque::new(),
            ring_pos: 0,
            reference: host.clone(),
            host,
            writes: 0,
            write_errs: 0,
            cnt_placed: 0,
            cnt_discard: 0,
            cnt_wr_err: 0,
            done_at: Vec::new(),
            room_low: 0,
            early: 0,
        })
    }

    fn frame_len(&mut self) -> usize {
        match self.mode {
            Mode::LineRate => 1514,
            Mode::Small => 60 + self.rng.below(141) as usize,
            Mode::Crowd => match self.rng.below(3) {
                0 => MAX_FRAME,
                _ => 1500 + self.rng.below(1200) as usize,
            },
            Mode::Random => match self.rng.below(10) {
                0..=2 => 60 + self.rng.below(100) as usize,
                3..=5 => 1514,
                6 => MAX_FRAME - self.rng.below(3) as usize,
                _ => 60 + self.rng.below((MAX_FRAME - 59) as u64) as usize,
            },
        }
    }

    /// An IOVA for `len` bytes anywhere in host memory.
    fn any_addr(&mut self, len: usize) -> u64 {
        HOST_BASE + self.rng.below((HOST_SIZE - len + 1) as u64)
    }

    fn verdict(&mut self, len: usize) -> Verdict {
        let tag = self.rng.bits(16) as u16;
        let avail = len - HDR;
        if self.mode == Mode::LineRate {
            let (base, size) = RINGS[0];
            let len0 = avail.min(size - self.ring_pos);
            let v = Verdict {
                place: true,
                off: HDR,
                len0,
                addr0: HOST_BASE + base + self.ring_pos as u64,
                len1: avail - len0,
                addr1: HOST_BASE + base,
                tag,
            };
            self.ring_pos = (self.ring_pos + avail) % size;
            return v;
        }
        let discard_pct = if self.mode == Mode::Small { 70 } else { 25 };
        if self.rng.percent(discard_pct) {
            return Verdict {
                place: false,
                off: HDR + self.rng.below(avail as u64 + 1) as usize,
                len0: self.rng.below(100) as usize,
                addr0: self.rng.next_u64(),
                len1: self.rng.below(100) as usize,
                addr1: self.rng.next_u64(),
                tag,
            };
        }
        // first byte: after the headers, after TCP options, after bytes
        // already received, or at a beat boundary
        let off = match self.rng.below(4) {
            0 => HDR,
            1 => HDR + 4 * self.rng.below(11) as usize,
            2 => HDR + self.rng.below(avail as u64 + 1) as usize,
            _ => (64 * (1 + self.rng.below(len as u64 / 64 + 1) as usize)).min(len),
        }
        .min(len);
        let room = len - off;
        let total = if self.rng.percent(50) {
            room
        } else {
            self.rng.below(room as u64 + 1) as usize
        };
        if self.rng.percent(60) {
            // a circular buffer: the second piece is the wrap
            let (base, size) = RINGS[self.rng.below(RINGS.len() as u64) as usize];
            let total = total.min(size);
            let pos = self.rng.below(size as u64) as usize;
            let len0 = total.min(size - pos);
            Verdict {
                place: true,
                off,
                len0,
                addr0: HOST_BASE + base + pos as u64,
                len1: total - len0,
                addr1: HOST_BASE + base,
                tag,
            }
        } else {
            let len0 = self.rng.below(total as u64 + 1) as usize;
            let len1 = total - len0;
            Verdict {
                place: true,
                off,
                len0,
                addr0: self.any_addr(len0),
                len1,
                addr1: self.any_addr(len1),
                tag,
            }
        }
    }

    /// Sets every input for this cycle; returns the frame beat sent.
    fn drive(&mut self) -> Result<Option<(usize, bool)>, ModError> {
        let now = self.m.cycle();
        // traffic phases
        let phase = now.is_multiple_of(2000);
        if self.mode == Mode::Crowd && phase {
            self.ready_pct = [50, 35, 20][self.rng.below(3) as usize];
        } else if self.mode == Mode::Random && phase {
            self.gap_pct = [0, 10, 50, 90][self.rng.below(4) as usize];
            self.ready_pct = [100, 90, 60, 25][self.rng.below(4) as usize];
        }
        // frames: start only with room, never stall inside a frame
        if self.tx.is_none() && self.to_send > 0 {
            let room = self.m.get(ports::ROOM_O)? == 1;
            self.room_low += u64::from(!room);
            if room && !self.rng.percent(self.gap_pct) {
                let len = self.frame_len();
                let bytes: Vec<u8> = (0..len).map(|_| self.rng.bits(8) as u8).collect();
                let v = self.verdict(len);
                let beats = len.div_ceil(64) as u64;
                let delay = match (self.mode, self.rng.below(10)) {
                    (Mode::LineRate | Mode::Small | Mode::Crowd, _) => 0,
                    (_, 0..=3) => self.rng.below(beats + 1),
                    (_, 4..=7) => beats + self.rng.below(40),
                    _ => beats + self.rng.below(400),
                };
                self.frames.push((bytes, v, None));
                self.vq.push_back((self.frames.len() - 1, now + delay));
                self.tx = Some((self.frames.len() - 1, 0));
                self.to_send -= 1;
            }
        }
        let mut sent = None;
        let m = &mut self.m;
        if let Some((f, b)) = self.tx {
            let bytes = &self.frames[f].0;
            let chunk = &bytes[b * 64..bytes.len().min(b * 64 + 64)];
            let last = b * 64 + 64 >= bytes.len();
            m.set_bytes(ports::S_TDATA_I, chunk)?;
            let keep = if chunk.len() == 64 {
                u64::MAX
            } else {
                (1u64 << chunk.len()) - 1
            };
            m.set(ports::S_TKEEP_I, keep)?;
            m.set(ports::S_TLAST_I, u64::from(last))?;
            m.set(ports::S_TVALID_I, 1)?;
            sent = Some((f, last));
            self.tx = if last { None } else { Some((f, b + 1)) };
        } else {
            m.set(ports::S_TVALID_I, 0)?;
            m.set(ports::S_TLAST_I, 0)?;
        }
        // verdicts: held until taken
        if self.vcur.is_none() {
            if let Some(&(f, at)) = self.vq.front() {
                if at <= now {
                    self.vq.pop_front();
                    self.vcur = Some(f);
                    self.early += u64::from(self.frames[f].2.is_none());
                }
            }
        }
        if let Some(f) = self.vcur {
            let v = &self.frames[f].1;
            m.set(ports::V_PLACE_I, u64::from(v.place))?;
            m.set(ports::V_OFF_I, v.off as u64)?;
            m.set(ports::V_LEN0_I, v.len0 as u64)?;
            m.set(ports::V_ADDR0_I, v.addr0)?;
            m.set(ports::V_LEN1_I, v.len1 as u64)?;
            m.set(ports::V_ADDR1_I, v.addr1)?;
            m.set(ports::V_TAG_I, u64::from(v.tag))?;
        }
        m.set(ports::V_VALID_I, u64::from(self.vcur.is_some()))?;
        // DMA channel
        let ready = self.rng.percent(self.ready_pct);
        m.set(ports::WR_READY_I, u64::from(ready))?;
        match self.dq.front() {
            Some(&(at, err, _)) if at <= now => {
                m.set(ports::WR_DONE_VALID_I, 1)?;
                m.set(ports::WR_DONE_ERR_I, u64::from(err))?;
            }
            _ => {
                m.set(ports::WR_DONE_VALID_I, 0)?;
                m.set(ports::WR_DONE_ERR_I, 0)?;
            }
        }
        Ok(sent)
    }

    /// One cycle: drive, evaluate, check and record the outputs, clock.
    fn cycle(&mut self) -> Result<(), ModError> {
        let sent = self.drive()?;
        self.m.eval()?;
        let now = self.m.cycle();
        if let Some((f, true)) = sent {
            self.frames[f].2 = Some(now);
        }
        if let Some(f) = self.vcur {
            if self.m.get(ports::V_READY_O)? == 1 {
                self.take_verdict(f, now);
                self.vcur = None;
            }
        }
        if self.m.get(ports::WR_READY_I)? == 1 && self.m.get(ports::WR_VALID_O)? == 1 {
            self.write_beat(now)?;
        }
        if self.m.get(ports::WR_DONE_VALID_I)? == 1 {
            let (_, _, f) = self.dq.pop_front().expect("a done report was due");
            let e = &mut self.exps[f];
            e.dones += 1;
            if e.complete() {
                e.dma_done_at = Some(now);
            }
        }
        if self.m.get(ports::DONE_VALID_O)? == 1 {
            self.done_report(now)?;
        }
        self.cnt_placed += self.m.get(ports::CNT_PLACED_O)?;
        self.cnt_discard += self.m.get(ports::CNT_DISCARD_O)?;
        self.cnt_wr_err += self.m.get(ports::CNT_WR_ERR_O)?;
        self.m.tick()
    }

    fn take_verdict(&mut self, f: usize, now: u64) {
        assert_eq!(f, self.exps.len(), "verdicts in frame order");
        let (bytes, v, stored) = &self.frames[f];
        match stored {
            Some(at) => assert!(*at < now, "verdict {f} taken in the cycle its frame ended"),
            None => panic!("verdict {f} taken at cycle {now} before its frame was stored"),
        }
        let mut pieces = Vec::new();
        if v.place {
            for (addr, from, len) in [(v.addr0, v.off, v.len0), (v.addr1, v.off + v.len0, v.len1)] {
                if len > 0 {
                    pieces.push((addr, bytes[from..from + len].to_vec()));
                }
            }
        }
        let mut err_ref = false;
        for (addr, data) in &pieces {
            for (i, &b) in data.iter().enumerate() {
                let a = addr + i as u64;
                if poisoned(a) {
                    err_ref = true;
                } else {
                    self.reference[(a - HOST_BASE) as usize] = b;
                }
            }
        }
        self.exps.push(Expect {
            tag: v.tag,
            place: v.place,
            pieces,
            piece: 0,
            at: 0,
            writes: 0,
            dones: 0,
            err: false,
            err_ref,
            dma_done_at: None,
        });
    }

    fn write_beat(&mut self, now: u64) -> Result<(), ModError> {
        let m = &self.m;
        let addr = m.get(ports::WR_ADDR_O)?;
        let len = m.get(ports::WR_LEN_O)? as usize;
        let last = m.get(ports::WR_LAST_O)? == 1;
        let mut data = [0u8; 64];
        m.get_bytes(ports::WR_DATA_O, &mut data)?;
        let w = self.wr.get_or_insert_with(|| {
            assert!((1..=16384).contains(&len), "write length {len}");
            assert!(
                addr % PAGE + len as u64 <= PAGE,
                "write at {addr:#x} of {len} bytes crosses a 4 KiB boundary"
            );
            assert!(
                addr >= HOST_BASE && addr + len as u64 <= HOST_BASE + HOST_SIZE as u64,
                "write at {addr:#x} outside host memory"
            );
            Wr {
                addr,
                len,
                data: Vec::new(),
            }
        });
        assert_eq!((addr, len), (w.addr, w.len), "address and length held");
        w.data.extend_from_slice(&data);
        let end = w.data.len() >= w.len;
        assert_eq!(
            last,
            end,
            "wr_last_o on beat {} of {} bytes",
            w.data.len() / 64,
            w.len
        );
        if !end {
            return Ok(());
        }
        let w = self.wr.take().expect("a write");
        while self.wnext < self.exps.len() && self.exps[self.wnext].written() {
            self.wnext += 1;
        }
        let f = self.wnext;
        assert!(
            f < self.exps.len(),
            "write at {:#x} with no verdict to place",
            w.addr
        );
        let e = &mut self.exps[f];
        let (paddr, pdata) = &e.pieces[e.piece];
        assert_eq!(
            w.addr,
            paddr + e.at as u64,
            "frame {f}: write address (piece {}, offset {})",
            e.piece,
            e.at
        );
        assert!(
            e.at + w.len <= pdata.len(),
            "frame {f}: write beyond its piece"
        );
        assert!(
            w.data[..w.len] == pdata[e.at..e.at + w.len],
            "frame {f}: write at {:#x} of {} bytes has the wrong bytes",
            w.addr,
            w.len
        );
        e.at += w.len;
        if e.at == pdata.len() {
            e.piece += 1;
            e.at = 0;
        }
        e.writes += 1;
        let err = poisoned(w.addr);
        e.err |= err;
        if !err {
            let o = (w.addr - HOST_BASE) as usize;
            self.host[o..o + w.len].copy_from_slice(&w.data[..w.len]);
        }
        self.writes += 1;
        self.write_errs += u64::from(err);
        let delay = if self.mode == Mode::LineRate {
            40
        } else {
            1 + self.rng.below(80)
        };
        let at = (now + delay).max(self.dq.back().map_or(0, |d| d.0 + 1));
        self.dq.push_back((at, err, f));
        Ok(())
    }

    fn done_report(&mut self, now: u64) -> Result<(), ModError> {
        let f = self.dnext;
        assert!(
            f < self.exps.len(),
            "done report at cycle {now} with no verdict"
        );
        let e = &self.exps[f];
        let m = &self.m;
        assert_eq!(
            m.get(ports::DONE_TAG_O)?,
            u64::from(e.tag),
            "frame {f}: done tag"
        );
        assert_eq!(
            m.get(ports::DONE_PLACED_O)? == 1,
            e.place,
            "frame {f}: placed"
        );
        assert!(
            e.complete(),
            "frame {f}: done before all its writes are done"
        );
        if let Some(at) = e.dma_done_at {
            assert!(
                at < now,
                "frame {f}: done in the cycle of its last write-done"
            );
        }
        assert_eq!(e.err, e.err_ref, "frame {f}: refused writes");
        assert_eq!(
            m.get(ports::DONE_ERR_O)? == 1,
            e.err,
            "frame {f}: done error"
        );
        self.done_at.push(now);
        self.dnext += 1;
        Ok(())
    }

    /// Runs until every frame is sent and reported, then checks memory and
    /// counters.
    fn run_all(&mut self) -> Result<(), ModError> {
        let total = self.to_send;
        let mut idle = 0;
        while self.dnext < total {
            let before = self.dnext;
            self.cycle()?;
            idle = if self.dnext == before { idle + 1 } else { 0 };
            assert!(
                idle < 5000,
                "stuck: {} of {total} reported, {} verdicts taken, {} writes",
                self.dnext,
                self.exps.len(),
                self.writes
            );
        }
        for _ in 0..200 {
            self.cycle()?;
        }
        assert_eq!(self.dnext, total, "one done report per verdict");
        assert!(self.wr.is_none() && self.dq.is_empty(), "writes left over");
        assert_eq!(
            self.m.get(ports::WR_VALID_O)?,
            0,
            "no write after the last frame"
        );
        if let Some(i) = (0..HOST_SIZE).find(|&i| self.host[i] != self.reference[i]) {
            panic!(
                "host memory differs at {:#x}: {:#04x}, expected {:#04x}",
                HOST_BASE + i as u64,
                self.host[i],
                self.reference[i]
            );
        }
        let placed_ok = self.exps.iter().filter(|e| e.place && !e.err).count() as u64;
        let discards = self.exps.iter().filter(|e| !e.place).count() as u64;
        assert_eq!(self.cnt_placed, placed_ok, "cnt_placed_o");
        assert_eq!(self.cnt_discard, discards, "cnt_discard_o");
        assert_eq!(self.cnt_wr_err, self.write_errs, "cnt_wr_err_o");
        assert_eq!(self.m.get(ports::ROOM_O)?, 1, "all space free again");
        Ok(())
    }
}

#[test]
fn random_frames_and_verdicts_place_exactly() -> Result<(), ModError> {
    for seed in [0x91ac_e001, 0x91ac_e002] {
        let mut b = Bench::new(seed, Mode::Random, 2000)?;
        b.run_all()?;
        let places = b.exps.iter().filter(|e| e.place).count();
        let wraps = b.exps.iter().filter(|e| e.pieces.len() == 2).count();
        let errs = b.exps.iter().filter(|e| e.err).count();
        println!(
            "seed {seed:#x}: {} frames, {places} placed ({wraps} in two pieces, {errs} with a \
             refused write), {} writes, {} verdicts presented before their frame was stored, room_o low {} cycles, {} cycles",
            b.exps.len(),
            b.writes,
            b.early,
            b.room_low,
            b.m.cycle()
        );
        assert!(wraps > 100 && errs > 5 && b.early > 50 && b.room_low > 1000);
    }
    Ok(())
}

#[test]
fn short_frames_mostly_discarded_keep_order() -> Result<(), ModError> {
    let mut b = Bench::new(0x5a11_f4a3, Mode::Small, 4000)?;
    b.run_all()?;
    let discards = b.exps.iter().filter(|e| !e.place).count();
    assert!(discards > 2000, "{discards} discards");
    assert!(b.room_low > 100, "the slots filled ({} cycles)", b.room_low);
    Ok(())
}

#[test]
fn full_buffer_with_a_slow_dma_channel() -> Result<(), ModError> {
    let mut b = Bench::new(0xc20_4d00, Mode::Crowd, 1500)?;
    b.run_all()?;
    assert!(
        b.room_low > b.m.cycle() / 3,
        "room_o low {} of {} cycles",
        b.room_low,
        b.m.cycle()
    );
    Ok(())
}

#[test]
fn places_1460_byte_payloads_at_line_rate() -> Result<(), ModError> {
    const FRAMES: usize = 3000;
    let mut b = Bench::new(0x11e_2a7e, Mode::LineRate, FRAMES)?;
    b.run_all()?;
    // steady state: between the 500th and the 2500th done report
    let (a, z) = (500, 2500);
    let cycles = (b.done_at[z] - b.done_at[a]) as f64;
    let mfps = (z - a) as f64 / (cycles / CLOCK_MHZ);
    let line = 100e9 / (1538.0 * 8.0) / 1e6;
    println!(
        "wn_tcp_rx_place: 1514-byte frames, 1460 bytes placed each: {:.2} cycles per frame, \
         {mfps:.3} Mframe/s at {CLOCK_MHZ} MHz = {:.1} % of 100 GbE line rate ({line:.3} Mframe/s); \
         {} writes for {FRAMES} frames",
        cycles / (z - a) as f64,
        100.0 * mfps / line,
        b.writes
    );
    assert!(
        mfps >= 0.99 * line,
        "{mfps:.3} Mframe/s is below 99 % of line rate"
    );
    Ok(())
}

/// The latencies the module's header gives: first write beat 4 cycles after
/// the verdict (5 from a mid-beat offset), done report 2 cycles after the
/// last write-done report.
#[test]
fn latency_from_verdict_to_write_and_from_write_done_to_report() -> Result<(), ModError> {
    for (off, lat) in [(64u64, 4u64), (54, 5)] {
        let mut m = ModModel::new(wn_tcp_rx_place::NAME)?;
        m.reset(4)?;
        m.set(ports::WR_READY_I, 1)?;
        // one 128-byte frame
        for beat in 0..2u8 {
            m.set_bytes(ports::S_TDATA_I, &[beat + 1; 64])?;
            m.set(ports::S_TKEEP_I, u64::MAX)?;
            m.set(ports::S_TLAST_I, u64::from(beat == 1))?;
            m.set(ports::S_TVALID_I, 1)?;
            m.tick()?;
        }
        m.set(ports::S_TVALID_I, 0)?;
        m.tick()?;
        m.set(ports::V_PLACE_I, 1)?;
        m.set(ports::V_OFF_I, off)?;
        m.set(ports::V_LEN0_I, 64)?;
        m.set(ports::V_ADDR0_I, HOST_BASE)?;
        m.set(ports::V_TAG_I, 0x1234)?;
        m.set(ports::V_VALID_I, 1)?;
        m.eval()?;
        assert_eq!(m.get(ports::V_READY_O)?, 1);
        let t0 = m.cycle();
        m.tick()?;
        m.set(ports::V_VALID_I, 0)?;
        m.eval()?;
        while m.get(ports::WR_VALID_O)? == 0 {
            assert!(m.cycle() < t0 + 20, "no write");
            m.tick()?;
        }
        assert_eq!(
            m.cycle() - t0,
            lat,
            "verdict to first write beat, offset {off}"
        );
        assert_eq!(m.get(ports::WR_LAST_O)?, 1);
        assert_eq!(m.get(ports::WR_LEN_O)?, 64);
        m.tick()?;
        m.set(ports::WR_DONE_VALID_I, 1)?;
        let t1 = m.cycle();
        m.tick()?;
        m.set(ports::WR_DONE_VALID_I, 0)?;
        m.eval()?;
        while m.get(ports::DONE_VALID_O)? == 0 {
            assert!(m.cycle() < t1 + 20, "no done report");
            m.tick()?;
        }
        assert_eq!(m.cycle() - t1, 2, "write-done to done report");
        assert_eq!(m.get(ports::DONE_TAG_O)?, 0x1234);
        assert_eq!(m.get(ports::DONE_PLACED_O)?, 1);
        assert_eq!(m.get(ports::DONE_ERR_O)?, 0);
    }
    Ok(())
}
