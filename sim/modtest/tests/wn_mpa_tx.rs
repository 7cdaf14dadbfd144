//! `wn_mpa_tx` against the MPA framing model of `mpa_model`: random ULPDU
//! lengths 0..=9000, CRC and markers on and off, one connection's stream of
//! FPDUs (each FPDU's marker offset follows from the bytes before it), with
//! random idle on the header and ULPDU inputs and random backpressure on
//! the output; every FPDU is compared byte for byte. Some ULPDUs are
//! poisoned (`s_terr_i` on one of their beats, as for a refused payload
//! read): their FPDU must carry the inverted CRC. A throughput run
//! measures output beats per cycle with long and with short FPDUs.

mod mpa_model;

use std::collections::VecDeque;

use mpa_model::{frame, mark_off, random_bytes, random_len};
use warpnic_modtest::wn_mpa_tx::{self, ports};
use warpnic_modtest::{ModError, ModModel, Rng};

/// One FPDU to send.
struct Job {
    ulpdu: Vec<u8>,
    crc: bool,
    mark: Option<usize>,
    /// `s_terr_i` on this beat of the ULPDU
    poison: Option<usize>,
}

struct Bench {
    m: ModModel,
    rng: Rng,
    hdrs: VecDeque<usize>,
    beats: VecDeque<([u8; 64], u64, bool, bool)>,
    want: VecDeque<Vec<u8>>,
    jobs: Vec<Job>,
    cur: Vec<u8>,
    fpdus_out: u64,
    beats_out: u64,
    first_beat: Option<u64>,
    last_beat: u64,
    h_idle: u64,
    s_idle: u64,
    m_stall: u64,
}

impl Bench {
    fn new(seed: u64, h_idle: u64, s_idle: u64, m_stall: u64) -> Result<Self, ModError> {
        let mut m = ModModel::new(wn_mpa_tx::NAME)?;
        m.reset(2)?;
        Ok(Bench {
            m,
            rng: Rng::new(seed),
            hdrs: VecDeque::new(),
            beats: VecDeque::new(),
            want: VecDeque::new(),
            jobs: Vec::new(),
            cur: Vec::new(),
            fpdus_out: 0,
            beats_out: 0,
            first_beat: None,
            last_beat: 0,
            h_idle,
            s_idle,
            m_stall,
        })
    }

    fn push(&mut self, job: Job) {
        let n = job.ulpdu.len();
        for (k, chunk) in job.ulpdu.chunks(64).enumerate() {
            let mut d = [0u8; 64];
            // junk past the ULPDU in the last beat
            d.iter_mut().for_each(|b| *b = self.rng.next_u64() as u8);
            d[..chunk.len()].copy_from_slice(chunk);
            let keep = if chunk.len() == 64 {
                u64::MAX
            } else {
                (1u64 << chunk.len()) - 1
            };
            self.beats
                .push_back((d, keep, (k + 1) * 64 >= n, job.poison == Some(k)));
        }
        let mut want = frame(&job.ulpdu, job.crc, job.mark);
        if job.poison.is_some() && job.crc {
            let n = want.len();
            want[n - 4..].iter_mut().for_each(|b| *b = !*b);
        }
        self.want.push_back(want);
        self.hdrs.push_back(self.jobs.len());
        self.jobs.push(job);
    }

    fn cycle(&mut self) -> Result<(), ModError> {
        let now = self.m.cycle();
        let h_go = !self.hdrs.is_empty() && !self.rng.percent(self.h_idle);
        if h_go {
            let j = &self.jobs[self.hdrs[0]];
            self.m.set(ports::H_LEN_I, j.ulpdu.len() as u64)?;
            self.m.set(ports::H_CRC_I, u64::from(j.crc))?;
            self.m.set(ports::H_MARK_I, u64::from(j.mark.is_some()))?;
            self.m
                .set(ports::H_MARK_OFF_I, j.mark.unwrap_or(0) as u64)?;
        }
        self.m.set(ports::H_VALID_I, u64::from(h_go))?;
        let s_go = !self.beats.is_empty() && !self.rng.percent(self.s_idle);
        if s_go {
            let (d, keep, last, err) = self.beats[0];
            self.m.set_bytes(ports::S_TDATA_I, &d)?;
            self.m.set(ports::S_TKEEP_I, keep)?;
            self.m.set(ports::S_TLAST_I, u64::from(last))?;
            self.m.set(ports::S_TERR_I, u64::from(err))?;
        }
        self.m.set(ports::S_TVALID_I, u64::from(s_go))?;
        let ready = !self.rng.percent(self.m_stall);
        self.m.set(ports::M_TREADY_I, u64::from(ready))?;
        self.m.eval()?;
        if h_go && self.m.get(ports::H_READY_O)? == 1 {
            self.hdrs.pop_front();
        }
        if s_go && self.m.get(ports::S_TREADY_O)? == 1 {
            self.beats.pop_front();
        }
        if ready && self.m.get(ports::M_TVALID_O)? == 1 {
            let keep = self.m.get(ports::M_TKEEP_O)?;
            let last = self.m.get(ports::M_TLAST_O)? == 1;
            let n = keep.count_ones() as usize;
            let contiguous = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
            assert_eq!(keep, contiguous, "tkeep not contiguous from byte 0");
            assert!(last || n == 64, "short beat before the last");
            let mut d = [0u8; 64];
            self.m.get_bytes(ports::M_TDATA_O, &mut d)?;
            self.cur.extend_from_slice(&d[..n]);
            self.beats_out += 1;
            self.first_beat.get_or_insert(now);
            self.last_beat = now;
            if last {
                let got = std::mem::take(&mut self.cur);
                let want = self.want.pop_front().expect("an FPDU for no header");
                let j = &self.jobs[self.fpdus_out as usize];
                assert_eq!(
                    got.len(),
                    want.len(),
                    "FPDU {} (ULPDU {} bytes, crc {}, marker offset {:?}) length",
                    self.fpdus_out,
                    j.ulpdu.len(),
                    j.crc,
                    j.mark
                );
                if let Some(i) = (0..got.len()).find(|&i| got[i] != want[i]) {
                    panic!(
                        "FPDU {} (ULPDU {} bytes, crc {}, marker offset {:?}) differs first at \
                         byte {i} of {}: {:#04x}, want {:#04x}",
                        self.fpdus_out,
                        j.ulpdu.len(),
                        j.crc,
                        j.mark,
                        got.len(),
                        got[i],
                        want[i]
                    );
                }
                self.fpdus_out += 1;
            }
        }
        self.m.tick()
    }

    fn drain(&mut self, limit: u64) -> Result<(), ModError> {
        let start = self.m.cycle();
        while !self.want.is_empty() {
            assert!(
                self.m.cycle() - start < limit,
                "stuck: {} FPDUs not out, {} headers and {} beats not taken",
                self.want.len(),
                self.hdrs.len(),
                self.beats.len()
            );
            self.cycle()?;
        }
        for _ in 0..30 {
            self.cycle()?;
        }
        assert!(self.cur.is_empty(), "beats after the last FPDU");
        Ok(())
    }
}

/// A connection's FPDUs: markers and CRC fixed for the connection, each
/// marker offset from the stream position.
fn connection(b: &mut Bench, n: usize, crc: bool, markers: bool, len: impl Fn(&mut Rng) -> usize) {
    let mut pos = 0;
    for _ in 0..n {
        let l = len(&mut b.rng);
        let ulpdu = random_bytes(&mut b.rng, l);
        let mark = markers.then(|| mark_off(pos));
        pos += frame(&ulpdu, crc, mark).len();
        // one in 16 non-empty ULPDUs poisoned on a random beat
        let poison =
            (l > 0 && b.rng.below(16) == 0).then(|| b.rng.below(l.div_ceil(64) as u64) as usize);
        b.push(Job {
            ulpdu,
            crc,
            mark,
            poison,
        });
    }
}

#[test]
fn random_fpdus_idle_and_backpressure() -> Result<(), ModError> {
    let mut b = Bench::new(0x5044_0001, 30, 30, 30)?;
    for (crc, markers) in [(true, false), (false, false), (true, true), (false, true)] {
        connection(&mut b, 300, crc, markers, random_len);
        b.drain(3_000_000)?;
    }
    assert_eq!(b.fpdus_out, 1200);
    Ok(())
}

#[test]
fn small_fpdus_with_markers_heavy_backpressure() -> Result<(), ModError> {
    let mut b = Bench::new(0x5044_0002, 10, 10, 70)?;
    connection(&mut b, 2000, true, true, |r| r.below(200) as usize);
    b.drain(3_000_000)?;
    // every marker offset the grid allows, and FPDUs that start with one
    let mut b = Bench::new(0x5044_0003, 0, 0, 20)?;
    for off in (0..512).step_by(4) {
        for len in [0usize, 1, 2, 3, 58, 62, 66, 506, 510, 514, 1100] {
            let ulpdu = random_bytes(&mut b.rng, len);
            b.push(Job {
                ulpdu,
                crc: true,
                mark: Some(off),
                poison: None,
            });
        }
    }
    b.drain(3_000_000)?;
    Ok(())
}

#[test]
fn throughput() -> Result<(), ModError> {
    for (markers, lens, name) in [
        (false, 1460usize, "1460-byte ULPDUs"),
        (true, 1460, "1460-byte ULPDUs, markers"),
        (false, 8990, "8990-byte ULPDUs"),
        (false, 58, "58-byte ULPDUs (one-beat FPDUs)"),
        (false, 120, "120-byte ULPDUs (two-beat FPDUs)"),
    ] {
        let mut b = Bench::new(0x5044_0004, 0, 0, 0)?;
        connection(&mut b, 400, true, markers, |_| lens);
        b.drain(1_000_000)?;
        let span = b.last_beat - b.first_beat.expect("beats") + 1;
        let rate = b.beats_out as f64 / span as f64;
        let bytes = 400.0 * lens as f64 / span as f64;
        println!(
            "wn_mpa_tx: {name}: {} beats in {span} cycles = {rate:.3} beats/cycle, \
             {bytes:.1} ULPDU bytes/cycle ({:.1} Gb/s at 250 MHz)",
            b.beats_out,
            bytes * 8.0 * 0.25
        );
        assert!(rate > 0.98, "{name}: {rate:.3} beats/cycle");
    }
    Ok(())
}

#[test]
fn latency_on_an_idle_framer() -> Result<(), ModError> {
    // header and data presented at once: a one-beat FPDU leaves 9 cycles
    // later (CRC included); the first beat of a long one 4 cycles later
    for (len, first_at) in [(10usize, 9u64), (1000, 4)] {
        let mut b = Bench::new(0x5044_0005, 0, 0, 0)?;
        let ulpdu = random_bytes(&mut b.rng, len);
        let start = b.m.cycle();
        b.push(Job {
            ulpdu,
            crc: true,
            mark: None,
            poison: None,
        });
        b.drain(1000)?;
        let first = b.first_beat.expect("a beat") - start;
        println!("wn_mpa_tx: {len}-byte ULPDU: first beat {first} cycles after the header");
        assert_eq!(first, first_at);
    }
    Ok(())
}
