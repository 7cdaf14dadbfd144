//! `wn_crc32c` against a bitwise CRC32c written here (and, as a second
//! opinion, `warpnic_abi::wire::crc32c`): the RFC 3720 B.4 test vectors,
//! random lengths at random byte alignments with random idle cycles
//! between beats, CRCs that end and start in consecutive beats, empty
//! pieces, and CRCs resumed from a saved state across many pieces (the
//! partial CRC a connection keeps between TCP segments), and beats cut
//! into two pieces that go on in the same beat (`same_i`).

use std::collections::VecDeque;

use warpnic_modtest::wn_crc32c::{self, ports};
use warpnic_modtest::{ModError, ModModel, Rng};

const POLY: u32 = 0x82f6_3b78;

/// The CRC register after `data`, bit by bit (reflected, LSB first).
fn reg_update(mut r: u32, data: &[u8]) -> u32 {
    for &b in data {
        r ^= u32::from(b);
        for _ in 0..8 {
            r = if r & 1 != 0 { (r >> 1) ^ POLY } else { r >> 1 };
        }
    }
    r
}

fn crc32c(data: &[u8]) -> u32 {
    !reg_update(!0, data)
}

/// One piece in flight: expected register after it, and its tag.
struct Want {
    tag: u16,
    state: u32,
}

struct Bench {
    m: ModModel,
    rng: Rng,
    want: VecDeque<Want>,
    /// Results seen: (tag, state, crc).
    got: VecDeque<(u16, u32, u32)>,
    idle_pct: u64,
    /// Cut beats into two pieces at random (`same_i`).
    split: bool,
}

impl Bench {
    fn new(seed: u64, idle_pct: u64) -> Result<Self, ModError> {
        let mut m = ModModel::new(wn_crc32c::NAME)?;
        m.reset(2)?;
        Ok(Bench {
            m,
            rng: Rng::new(seed),
            want: VecDeque::new(),
            got: VecDeque::new(),
            idle_pct,
            split: false,
        })
    }

    fn sample_and_tick(&mut self) -> Result<(), ModError> {
        self.m.eval()?;
        if self.m.get(ports::VALID_O)? == 1 {
            let tag = self.m.get(ports::USER_O)? as u16;
            let state = self.m.get(ports::STATE_O)? as u32;
            let crc = self.m.get(ports::CRC_O)? as u32;
            assert_eq!(crc, !state, "crc_o is not ~state_o");
            let w = self.want.pop_front().expect("a result for no piece");
            assert_eq!(tag, w.tag, "results out of order");
            assert_eq!(
                state, w.state,
                "tag {tag}: state {state:#010x}, want {:#010x}",
                w.state
            );
            self.got.push_back((tag, state, crc));
        }
        self.m.tick()
    }

    fn idle(&mut self) -> Result<(), ModError> {
        self.m.set(ports::VALID_I, 0)?;
        self.sample_and_tick()
    }

    /// Sends `data` as one CRC piece run starting at byte `align` of the
    /// first beat, from register `init`; random idle cycles between beats
    /// when `gaps`. Returns the register expected after it.
    fn send(
        &mut self,
        data: &[u8],
        align: usize,
        init: u32,
        tag: u16,
        gaps: bool,
    ) -> Result<u32, ModError> {
        assert!(align < 64);
        let end = align + data.len();
        let beats = end.div_ceil(64).max(1);
        for k in 0..beats {
            while gaps && self.rng.percent(self.idle_pct) {
                self.idle()?;
            }
            let mut beat = [0u8; 64];
            // junk outside the piece must not count
            beat.iter_mut().for_each(|b| *b = self.rng.next_u64() as u8);
            let lo = if k == 0 { align } else { 0 };
            let hi = if k + 1 == beats { end - 64 * k } else { 64 };
            for (p, b) in beat.iter_mut().enumerate().take(hi).skip(lo) {
                *b = data[64 * k + p - align];
            }
            // pieces of the beat: [lo, hi), or cut in two at random (the
            // second goes on in the same beat)
            let cut = if self.split && hi > lo && self.rng.percent(50) {
                Some(lo + self.rng.below((hi - lo) as u64 + 1) as usize).filter(|&c| c < 64)
            } else {
                None
            };
            let mut pieces = vec![(lo, cut.unwrap_or(hi), false)];
            if let Some(c) = cut {
                pieces.push((c, hi, true));
            }
            let n = pieces.len();
            for (i, &(plo, phi, same)) in pieces.iter().enumerate() {
                if i > 0 {
                    // an idle cycle between the two pieces is allowed
                    while gaps && self.rng.percent(self.idle_pct) {
                        self.idle()?;
                    }
                }
                self.m.set_bytes(ports::DATA_I, &beat)?;
                self.m.set(ports::VALID_I, 1)?;
                self.m.set(ports::LO_I, plo as u64)?;
                self.m.set(ports::HI_I, phi as u64)?;
                self.m.set(ports::FIRST_I, u64::from(k == 0 && i == 0))?;
                self.m.set(ports::SAME_I, u64::from(same))?;
                self.m.set(ports::INIT_I, u64::from(init))?;
                self.m
                    .set(ports::LAST_I, u64::from(k + 1 == beats && i + 1 == n))?;
                self.m.set(ports::USER_I, u64::from(tag))?;
                self.sample_and_tick()?;
            }
        }
        let state = reg_update(init, data);
        self.want.push_back(Want { tag, state });
        Ok(state)
    }

    fn drain(&mut self) -> Result<(), ModError> {
        for _ in 0..10 {
            self.idle()?;
        }
        assert!(self.want.is_empty(), "{} results missing", self.want.len());
        Ok(())
    }

    /// Waits for the result of the last piece sent; returns its register.
    fn wait_state(&mut self) -> Result<u32, ModError> {
        for _ in 0..10 {
            if self.want.is_empty() {
                break;
            }
            self.idle()?;
        }
        assert!(self.want.is_empty(), "no result");
        Ok(self.got.back().expect("result").1)
    }
}

#[test]
fn rfc_3720_b4_vectors() -> Result<(), ModError> {
    let mut read_cmd = vec![0u8; 48];
    read_cmd[0] = 0x01;
    read_cmd[1] = 0xc0;
    read_cmd[16] = 0x14;
    read_cmd[22] = 0x04;
    read_cmd[27] = 0x14;
    read_cmd[31] = 0x18;
    read_cmd[32] = 0x28;
    read_cmd[40] = 0x02;
    let vectors: [(Vec<u8>, u32); 5] = [
        (vec![0u8; 32], 0x8a91_36aa),
        (vec![0xffu8; 32], 0x62a8_ab43),
        ((0..32u8).collect(), 0x46dd_794e),
        ((0..32u8).rev().collect(), 0x113f_db5c),
        (read_cmd, 0xd996_3a56),
    ];
    for (data, want) in &vectors {
        assert_eq!(crc32c(data), *want, "reference model");
        assert_eq!(warpnic_abi::wire::crc32c(data), *want, "abi crc32c");
    }
    let mut b = Bench::new(1, 0)?;
    for align in [0, 1, 31, 32, 33, 63] {
        for (i, (data, want)) in vectors.iter().enumerate() {
            let tag = (align * 8 + i) as u16;
            b.send(data, align, !0, tag, false)?;
            b.drain()?;
            let (t, _, crc) = b.got.pop_back().expect("result");
            assert_eq!((t, crc), (tag, *want), "vector {i} at byte {align}");
        }
    }
    Ok(())
}

#[test]
fn random_lengths_alignments_and_idle() -> Result<(), ModError> {
    let mut b = Bench::new(0x00c2_c32c, 30)?;
    b.split = true;
    let mut tag = 0u16;
    for n in 0..3000 {
        let len = match b.rng.below(6) {
            0 => b.rng.below(4) as usize,
            1 => b.rng.below(65) as usize,
            2 => 60 + b.rng.below(10) as usize,
            _ => b.rng.below(2100) as usize,
        };
        let align = b.rng.below(64) as usize;
        let data: Vec<u8> = (0..len).map(|_| b.rng.next_u64() as u8).collect();
        // CRCs back to back most of the time, idle gaps inside some
        let gaps = n % 3 == 0;
        b.send(&data, align, !0, tag, gaps)?;
        let want = crc32c(&data);
        assert_eq!(warpnic_abi::wire::crc32c(&data), want);
        tag = tag.wrapping_add(1);
        if b.rng.percent(10) {
            b.drain()?;
        }
    }
    b.drain()?;
    // every final CRC is the complement of the register from all ones
    assert_eq!(b.got.len(), 3000);
    Ok(())
}

#[test]
fn resumed_across_segments() -> Result<(), ModError> {
    // a long message cut at random bytes into pieces, each piece a CRC of
    // its own started from the saved register of the one before, with
    // unrelated CRCs in between
    let mut b = Bench::new(0x05e6_3e47, 20)?;
    b.split = true;
    for msg in 0..60u16 {
        let len = 1 + b.rng.below(20_000) as usize;
        let data: Vec<u8> = (0..len).map(|_| b.rng.next_u64() as u8).collect();
        let mut at = 0;
        let mut state = !0u32;
        let mut pieces = 0;
        while at < len || pieces == 0 {
            let n = match b.rng.below(4) {
                0 => b.rng.below(3) as usize,
                1 => 1 + b.rng.below(64) as usize,
                _ => b.rng.below(3000) as usize,
            }
            .min(len - at);
            let align = b.rng.below(64) as usize;
            let want = b.send(&data[at..at + n], align, state, msg, true)?;
            state = b.wait_state()?;
            assert_eq!(state, want);
            at += n;
            pieces += 1;
            if b.rng.percent(30) {
                // another connection's CRC in between
                let other: Vec<u8> = (0..b.rng.below(200))
                    .map(|_| b.rng.next_u64() as u8)
                    .collect();
                let a = b.rng.below(64) as usize;
                b.send(&other, a, !0, 0xffff, false)?;
            }
        }
        assert_eq!(!state, crc32c(&data), "message {msg} in {pieces} pieces");
    }
    b.drain()?;
    Ok(())
}
