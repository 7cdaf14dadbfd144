//! `wn_ctx_ram` (Depth = 16, Width = 72, NumRd = 3) against a reference
//! model: random writes and reads on every port with random stalls (a port
//! holding the entry it shows for many cycles while writes go on), and
//! back-to-back read-modify-writes of one entry.

use warpnic_modtest::wn_ctx_ram::{self, ports};
use warpnic_modtest::{ModError, ModModel, Rng};

const DEPTH: usize = 16;
const WIDTH: u32 = 72;
const NUM_RD: usize = 3;
const AW: u32 = 4;
const MASK: u128 = (1 << WIDTH) - 1;

/// One cycle's inputs.
#[derive(Clone, Copy, Default)]
struct In {
    write: Option<(usize, u128)>,
    read: [Option<usize>; NUM_RD],
}

/// The reference: the memory, and what each port shows (entry, value)
/// once it has read.
#[derive(Default)]
struct Reference {
    mem: [u128; DEPTH],
    shown: [Option<(usize, u128)>; NUM_RD],
}

impl Reference {
    /// Applies one clock edge with inputs `i`.
    fn edge(&mut self, i: &In) {
        for r in 0..NUM_RD {
            match (i.read[r], i.write) {
                // a read returns the entry's latest value: a write in the
                // same cycle is forwarded
                (Some(a), Some((wa, wd))) if wa == a => self.shown[r] = Some((a, wd)),
                (Some(a), _) => self.shown[r] = Some((a, self.mem[a])),
                // a held entry follows the writes to it
                (None, Some((wa, wd))) => {
                    if let Some((a, v)) = &mut self.shown[r] {
                        if *a == wa {
                            *v = wd;
                        }
                    }
                }
                (None, None) => {}
            }
        }
        if let Some((wa, wd)) = i.write {
            self.mem[wa] = wd;
        }
    }
}

fn bytes_of(v: u128, n: usize) -> Vec<u8> {
    v.to_le_bytes()[..n].to_vec()
}

struct Bench {
    m: ModModel,
    r: Reference,
}

impl Bench {
    fn new() -> Result<Self, ModError> {
        let mut m = ModModel::new(wn_ctx_ram::NAME)?;
        m.reset(4)?;
        Ok(Bench {
            m,
            r: Reference::default(),
        })
    }

    /// What port `r` shows now.
    fn shown(&self, r: usize) -> Result<u128, ModError> {
        let mut b = [0u8; (NUM_RD * WIDTH as usize).div_ceil(8)];
        self.m.get_bytes(ports::RDATA_O, &mut b)?;
        let mut all = [0u8; 32];
        all[..b.len()].copy_from_slice(&b);
        let lo = u128::from_le_bytes(all[..16].try_into().expect("16 bytes"));
        let hi = u128::from_le_bytes(all[16..32].try_into().expect("16 bytes"));
        let bit = r as u32 * WIDTH;
        let v = if bit >= 128 {
            hi >> (bit - 128)
        } else if bit == 0 {
            lo
        } else {
            (lo >> bit) | (hi << (128 - bit))
        };
        Ok(v & MASK)
    }

    /// One cycle: drives `i`, clocks, then checks every port that has read
    /// against the reference.
    fn cycle(&mut self, i: In) -> Result<(), ModError> {
        let m = &mut self.m;
        let (we, wa, wd) = match i.write {
            Some((a, d)) => (1, a as u64, d),
            None => (0, 0, 0),
        };
        m.set(ports::WE_I, we)?;
        m.set(ports::WADDR_I, wa)?;
        m.set_bytes(ports::WDATA_I, &bytes_of(wd, (WIDTH as usize).div_ceil(8)))?;
        let mut rd = 0u64;
        let mut ra = 0u64;
        for (r, a) in i.read.iter().enumerate() {
            if let Some(a) = a {
                rd |= 1 << r;
                ra |= (*a as u64) << (r as u32 * AW);
            }
        }
        m.set(ports::RD_I, rd)?;
        m.set(ports::RADDR_I, ra)?;
        m.tick()?;
        self.r.edge(&i);
        // the next cycle's outputs, before its inputs change
        self.m.set(ports::WE_I, 0)?;
        self.m.set(ports::RD_I, 0)?;
        self.m.eval()?;
        let now = self.m.cycle();
        for r in 0..NUM_RD {
            if let Some((a, v)) = self.r.shown[r] {
                assert_eq!(
                    self.shown(r)?,
                    v,
                    "port {r} showing entry {a} at cycle {now}"
                );
            }
        }
        Ok(())
    }
}

#[test]
fn random_reads_and_writes_with_stalls_match_the_reference() -> Result<(), ModError> {
    let mut b = Bench::new()?;
    let mut rng = Rng::new(0x00c7_0a11);
    // fill every entry first (records are written before they are read)
    for a in 0..DEPTH {
        let d = (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())) & MASK;
        b.cycle(In {
            write: Some((a, d)),
            ..In::default()
        })?;
    }
    // phases of busy ports and of long stalls
    for phase in 0..40 {
        let read_pct = if phase % 2 == 0 { 60 } else { 5 };
        let hot = rng.below(DEPTH as u64) as usize;
        for _ in 0..500 {
            let mut i = In::default();
            if rng.percent(50) {
                // half of the writes go to one hot entry, so reads and
                // writes of the same entry meet often
                let a = if rng.percent(50) {
                    hot
                } else {
                    rng.below(DEPTH as u64) as usize
                };
                let d = (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())) & MASK;
                i.write = Some((a, d));
            }
            for r in 0..NUM_RD {
                if rng.percent(read_pct) {
                    i.read[r] = Some(if rng.percent(40) {
                        hot
                    } else {
                        rng.below(DEPTH as u64) as usize
                    });
                }
            }
            b.cycle(i)?;
        }
    }
    Ok(())
}

#[test]
fn back_to_back_read_modify_writes_of_one_entry_see_each_other() -> Result<(), ModError> {
    let mut b = Bench::new()?;
    b.cycle(In {
        write: Some((5, 0)),
        ..In::default()
    })?;
    // read entry 5 on port 0
    b.cycle(In {
        read: [Some(5), None, None],
        ..In::default()
    })?;
    // every cycle: write back what port 0 shows plus one, and read the same
    // entry again; port 1 reads it every other cycle
    for n in 0..200u128 {
        let cur = b.shown(0)?;
        assert_eq!(cur, n, "the read after {n} increments");
        b.cycle(In {
            write: Some((5, cur + 1)),
            read: [Some(5), if n % 2 == 0 { Some(5) } else { None }, None],
        })?;
    }
    assert_eq!(b.shown(0)?, 200);
    assert_eq!(
        b.shown(1)?,
        200,
        "port 1 follows the writes between its reads"
    );
    // a port holding another entry is not touched
    b.cycle(In {
        read: [None, None, Some(6)],
        ..In::default()
    })?;
    let six = b.shown(2)?;
    b.cycle(In {
        write: Some((5, 7)),
        ..In::default()
    })?;
    assert_eq!(b.shown(2)?, six);
    assert_eq!(b.shown(0)?, 7);
    Ok(())
}
