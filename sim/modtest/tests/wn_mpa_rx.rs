//! `wn_mpa_rx` against the byte-at-a-time deframer of `mpa_model`: several
//! connections' FPDU streams (random ULPDU lengths 0..=9000, CRC and
//! markers on and off, some FPDUs corrupted) cut into TCP segments at
//! random (1-byte segments, cuts inside the length field, inside markers
//! and inside the CRC), the segments of the connections interleaved, each
//! connection's context kept by a TCB model between its segments (or held
//! inside with `s_cont_i`), random idle on the input and backpressure on
//! both outputs. Every ULPDU piece is checked for its bytes, length,
//! offset and end flag, every status record for its length and CRC
//! verdict, and the MULPDU bound for its error record. A throughput run
//! measures large and small FPDUs.

mod mpa_model;

use std::collections::VecDeque;

use mpa_model::{deframe, random_bytes, random_len, stream, Deframed, Fpdu, Stop, MARKER_INTERVAL};
use warpnic_modtest::wn_mpa_rx::{self, ports};
use warpnic_modtest::{ModError, ModModel, Rng};

/// The MPA receive context a TCB keeps.
#[derive(Clone, Copy, Debug, Default)]
struct Ctx {
    off: u64,
    len: u64,
    rem: u64,
    crc: u64,
    rcrc: u64,
    begun: bool,
    phase: u64,
    crc_en: bool,
    mark_en: bool,
    err: bool,
}

/// One connection: its stream, where it is cut, and what came out.
struct Conn {
    s: Vec<u8>,
    cuts: VecDeque<usize>,
    at: usize,
    ctx: Ctx,
    /// Segments sent whose context has not come back: the stream phase
    /// each must report.
    ctx_pending: VecDeque<u64>,
    want: Vec<Deframed>,
    stop: Stop,
    /// Data: index of the FPDU the next packet belongs to, and the next
    /// expected ULPDU offset.
    d_fpdu: usize,
    d_off: usize,
    /// Status records seen.
    st: usize,
    err_seen: bool,
}

impl Conn {
    fn new(rng: &mut Rng, n: usize, crc: bool, markers: bool, max: u16, bad_pct: u64) -> Self {
        let fpdus: Vec<Fpdu> = (0..n)
            .map(|_| {
                let l = random_len(rng);
                let ulpdu = random_bytes(rng, l);
                // corrupt a byte past the length field
                let corrupt = rng
                    .percent(bad_pct)
                    .then(|| 2 + rng.below(l as u64 + 6) as usize);
                Fpdu { ulpdu, corrupt }
            })
            .collect();
        let (s, at) = stream(&fpdus, crc, markers);
        let (want, stop) = deframe(&s, crc, markers, max);
        let cuts = cut(rng, &s, &at, markers);
        Conn {
            s,
            cuts,
            at: 0,
            ctx: Ctx {
                crc_en: crc,
                mark_en: markers,
                ..Ctx::default()
            },
            ctx_pending: VecDeque::new(),
            want,
            stop,
            d_fpdu: 0,
            d_off: 0,
            st: 0,
            err_seen: false,
        }
    }

    fn done(&self) -> bool {
        self.cuts.is_empty()
    }

    /// Skips FPDUs with an empty ULPDU (they have no packets).
    fn skip_empty(&mut self) {
        while self.d_fpdu < self.want.len() && self.want[self.d_fpdu].ulpdu.is_empty() {
            self.d_fpdu += 1;
        }
    }
}

/// Segment ends: random sizes (many tiny), plus cuts inside length fields,
/// CRC fields and markers.
fn cut(rng: &mut Rng, s: &[u8], at: &[(usize, usize)], markers: bool) -> VecDeque<usize> {
    let mut c = Vec::new();
    for &(a, e) in at {
        if rng.percent(20) {
            c.push(a + 1 + usize::from(markers && a % MARKER_INTERVAL == 0) * 4);
        }
        if rng.percent(20) {
            c.push(e - 1 - rng.below(3) as usize);
        }
        if rng.percent(30) {
            c.push(e); // aligned: the segment ends with the FPDU
        }
    }
    if markers {
        let mut m = 0;
        while m < s.len() {
            if rng.percent(15) {
                c.push(m + 1 + rng.below(3) as usize);
            }
            m += MARKER_INTERVAL;
        }
    }
    let mut p = 0;
    while p < s.len() {
        p += match rng.below(6) {
            0 => 1,
            1 => 1 + rng.below(8) as usize,
            2 => 1 + rng.below(100) as usize,
            _ => 1 + rng.below(3000) as usize,
        };
        c.push(p);
    }
    c.retain(|&x| x > 0 && x < s.len());
    c.push(s.len());
    c.sort_unstable();
    c.dedup();
    c.into()
}

/// A segment being presented.
struct Seg {
    conn: usize,
    cont: bool,
    beats: VecDeque<([u8; 64], u64, bool)>,
    /// Beats taken so far.
    taken: usize,
}

struct Bench {
    m: ModModel,
    rng: Rng,
    conns: Vec<Conn>,
    cur: Option<Seg>,
    last_conn: Option<usize>,
    /// The packet being received: (tag, len, off, bytes).
    pkt: Option<(usize, usize, usize, Vec<u8>)>,
    /// What `m_ntag_o` said the next beat's tag would be.
    ntag: u64,
    in_idle: u64,
    m_stall: u64,
    st_stall: u64,
    cont_pct: u64,
    segs: u64,
    records: u64,
    packets: u64,
    bytes_out: u64,
}

impl Bench {
    fn new(seed: u64, conns: Vec<Conn>, max: u16) -> Result<Self, ModError> {
        let mut m = ModModel::new(wn_mpa_rx::NAME)?;
        m.set(ports::MAX_ULPDU_I, u64::from(max))?;
        m.reset(2)?;
        Ok(Bench {
            m,
            rng: Rng::new(seed),
            conns,
            cur: None,
            last_conn: None,
            pkt: None,
            ntag: 0,
            in_idle: 20,
            m_stall: 20,
            st_stall: 20,
            cont_pct: 50,
            segs: 0,
            records: 0,
            packets: 0,
            bytes_out: 0,
        })
    }

    /// Picks the next segment: a connection with bytes left whose context
    /// is back, or the last one again with `s_cont_i`.
    fn next_seg(&mut self) -> Option<Seg> {
        let n = self.conns.len();
        let start = self.rng.below(n as u64) as usize;
        for i in 0..n {
            let c = (start + i) % n;
            if self.conns[c].done() {
                continue;
            }
            let cont = self.last_conn == Some(c) && self.rng.percent(self.cont_pct);
            if !cont && !self.conns[c].ctx_pending.is_empty() {
                continue;
            }
            let conn = &mut self.conns[c];
            let end = conn.cuts.pop_front().expect("a cut");
            let bytes = &conn.s[conn.at..end];
            conn.at = end;
            conn.ctx_pending.push_back((end % MARKER_INTERVAL) as u64);
            let mut beats = VecDeque::new();
            for (k, chunk) in bytes.chunks(64).enumerate() {
                let mut d = [0u8; 64];
                d.iter_mut().for_each(|b| *b = self.rng.next_u64() as u8);
                d[..chunk.len()].copy_from_slice(chunk);
                let keep = if chunk.len() == 64 {
                    u64::MAX
                } else {
                    (1u64 << chunk.len()) - 1
                };
                beats.push_back((d, keep, (k + 1) * 64 >= bytes.len()));
            }
            self.last_conn = Some(c);
            self.segs += 1;
            return Some(Seg {
                conn: c,
                cont,
                beats,
                taken: 0,
            });
        }
        None
    }

    /// The tag and context inputs: the TCB's context at a segment's first
    /// beat (junk with `s_cont_i`), junk on later beats.
    fn set_ctx(&mut self) -> Result<(), ModError> {
        let (conn, cont, first) = {
            let s = self.cur.as_ref().expect("segment");
            (s.conn, s.cont, s.taken == 0)
        };
        let x = if first && !cont {
            self.conns[conn].ctx
        } else {
            Ctx {
                off: self.rng.bits(16),
                len: self.rng.bits(16),
                rem: self.rng.bits(17),
                crc: self.rng.bits(32),
                rcrc: self.rng.bits(32),
                begun: self.rng.percent(50),
                phase: self.rng.bits(9),
                crc_en: self.rng.percent(50),
                mark_en: self.rng.percent(50),
                err: self.rng.percent(50),
            }
        };
        let cont_in = if first { cont } else { self.rng.percent(50) };
        let tag = if first {
            conn as u64
        } else {
            self.rng.bits(16)
        };
        let m = &mut self.m;
        m.set(ports::S_TAG_I, tag)?;
        m.set(ports::S_CONT_I, u64::from(cont_in))?;
        m.set(ports::CTX_OFF_I, x.off)?;
        m.set(ports::CTX_LEN_I, x.len)?;
        m.set(ports::CTX_REM_I, x.rem)?;
        m.set(ports::CTX_CRC_I, x.crc)?;
        m.set(ports::CTX_RCRC_I, x.rcrc)?;
        m.set(ports::CTX_BEGUN_I, u64::from(x.begun))?;
        m.set(ports::CTX_PHASE_I, x.phase)?;
        m.set(ports::CTX_CRC_EN_I, u64::from(x.crc_en))?;
        m.set(ports::CTX_MARK_EN_I, u64::from(x.mark_en))?;
        m.set(ports::CTX_ERR_I, u64::from(x.err))
    }

    fn cycle(&mut self) -> Result<(), ModError> {
        if self.cur.is_none() && !self.rng.percent(self.in_idle) {
            self.cur = self.next_seg();
        }
        let mut go = false;
        if let Some(s) = &self.cur {
            if !self.rng.percent(self.in_idle) {
                go = true;
                let (d, keep, last) = s.beats[0];
                self.m.set_bytes(ports::S_TDATA_I, &d)?;
                self.m.set(ports::S_TKEEP_I, keep)?;
                self.m.set(ports::S_TLAST_I, u64::from(last))?;
            }
        }
        if go {
            self.set_ctx()?;
        }
        self.m.set(ports::S_TVALID_I, u64::from(go))?;
        let m_ready = !self.rng.percent(self.m_stall);
        let st_ready = !self.rng.percent(self.st_stall);
        self.m.set(ports::M_TREADY_I, u64::from(m_ready))?;
        self.m.set(ports::ST_READY_I, u64::from(st_ready))?;
        self.m.eval()?;
        if self.m.get(ports::M_TVALID_O)? == 1 {
            assert_eq!(
                self.m.get(ports::M_TAG_O)?,
                self.ntag,
                "m_ntag_o in the cycle before named another tag"
            );
        }
        self.ntag = self.m.get(ports::M_NTAG_O)?;

        if go && self.m.get(ports::S_TREADY_O)? == 1 {
            let s = self.cur.as_mut().expect("segment");
            s.beats.pop_front();
            s.taken += 1;
            if s.beats.is_empty() {
                self.cur = None;
            }
        }
        if m_ready && self.m.get(ports::M_TVALID_O)? == 1 {
            self.data_beat()?;
        }
        if st_ready && self.m.get(ports::ST_VALID_O)? == 1 {
            self.status()?;
        }
        if self.m.get(ports::CTX_VALID_O)? == 1 {
            let c = self.m.get(ports::CTX_TAG_O)? as usize;
            let x = Ctx {
                off: self.m.get(ports::CTX_OFF_O)?,
                len: self.m.get(ports::CTX_LEN_O)?,
                rem: self.m.get(ports::CTX_REM_O)?,
                crc: self.m.get(ports::CTX_CRC_O)?,
                rcrc: self.m.get(ports::CTX_RCRC_O)?,
                begun: self.m.get(ports::CTX_BEGUN_O)? == 1,
                phase: self.m.get(ports::CTX_PHASE_O)?,
                crc_en: self.m.get(ports::CTX_CRC_EN_O)? == 1,
                mark_en: self.m.get(ports::CTX_MARK_EN_O)? == 1,
                err: self.m.get(ports::CTX_ERR_O)? == 1,
            };
            let conn = &mut self.conns[c];
            let phase = conn
                .ctx_pending
                .pop_front()
                .expect("a context for no segment");
            assert_eq!(x.phase, phase, "connection {c} phase");
            conn.ctx = x;
        }
        self.m.tick()
    }

    fn data_beat(&mut self) -> Result<(), ModError> {
        let keep = self.m.get(ports::M_TKEEP_O)?;
        let last = self.m.get(ports::M_TLAST_O)? == 1;
        let n = keep.count_ones() as usize;
        let contiguous = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        assert_eq!(keep, contiguous, "tkeep not contiguous from byte 0");
        assert!(n > 0 && (last || n == 64), "short beat before the last");
        let tag = self.m.get(ports::M_TAG_O)? as usize;
        let len = self.m.get(ports::M_LEN_O)? as usize;
        let off = self.m.get(ports::M_OFF_O)? as usize;
        let mut d = [0u8; 64];
        self.m.get_bytes(ports::M_TDATA_O, &mut d)?;
        let p = self.pkt.get_or_insert((tag, len, off, Vec::new()));
        assert_eq!(
            (p.0, p.1, p.2),
            (tag, len, off),
            "sideband changed inside a packet"
        );
        p.3.extend_from_slice(&d[..n]);
        if last {
            let end = self.m.get(ports::M_END_O)? == 1;
            let (tag, len, off, bytes) = self.pkt.take().expect("packet");
            let conn = &mut self.conns[tag];
            conn.skip_empty();
            let i = conn.d_fpdu;
            assert!(
                i < conn.want.len(),
                "connection {tag}: a packet after its last FPDU"
            );
            let w = &conn.want[i].ulpdu;
            assert_eq!(len, w.len(), "connection {tag} FPDU {i}: length");
            assert_eq!(off, conn.d_off, "connection {tag} FPDU {i}: offset");
            assert!(
                off + bytes.len() <= len,
                "connection {tag} FPDU {i}: too many bytes"
            );
            if let Some(j) = (0..bytes.len()).find(|&j| bytes[j] != w[off + j]) {
                panic!(
                    "connection {tag} FPDU {i} ({len} bytes): ULPDU byte {} is {:#04x}, want {:#04x}",
                    off + j,
                    bytes[j],
                    w[off + j]
                );
            }
            conn.d_off += bytes.len();
            assert_eq!(
                end,
                conn.d_off == len,
                "connection {tag} FPDU {i}: end flag"
            );
            if end {
                conn.d_fpdu += 1;
                conn.d_off = 0;
            }
            self.packets += 1;
            self.bytes_out += bytes.len() as u64;
        }
        Ok(())
    }

    fn status(&mut self) -> Result<(), ModError> {
        let tag = self.m.get(ports::ST_TAG_O)? as usize;
        let len = self.m.get(ports::ST_LEN_O)? as usize;
        let ok = self.m.get(ports::ST_CRC_OK_O)? == 1;
        let err = self.m.get(ports::ST_ERR_O)? == 1;
        let conn = &mut self.conns[tag];
        assert!(!conn.err_seen, "connection {tag}: a record after its error");
        if err {
            assert_eq!(
                conn.st,
                conn.want.len(),
                "connection {tag}: error record too early"
            );
            assert_eq!(
                conn.stop,
                Stop::TooLong(len as u16),
                "connection {tag}: error record"
            );
            conn.err_seen = true;
        } else {
            let i = conn.st;
            assert!(
                i < conn.want.len(),
                "connection {tag}: a record after its last FPDU"
            );
            let w = &conn.want[i];
            assert_eq!(
                (len, ok),
                (w.ulpdu.len(), w.crc_ok),
                "connection {tag} FPDU {i}: (length, CRC good)"
            );
            conn.st += 1;
        }
        self.records += 1;
        Ok(())
    }

    fn run(&mut self, limit: u64) -> Result<(), ModError> {
        let start = self.m.cycle();
        loop {
            let busy = self.cur.is_some()
                || self
                    .conns
                    .iter()
                    .any(|c| !c.done() || !c.ctx_pending.is_empty());
            let outs = self.conns.iter().any(|c| {
                c.st < c.want.len() || (matches!(c.stop, Stop::TooLong(_)) && !c.err_seen)
            });
            if !busy && !outs {
                break;
            }
            assert!(self.m.cycle() - start < limit, "stuck");
            self.cycle()?;
        }
        for _ in 0..30 {
            self.cycle()?;
        }
        for (i, c) in self.conns.iter_mut().enumerate() {
            c.skip_empty();
            assert_eq!(c.st, c.want.len(), "connection {i}: status records");
            assert_eq!(c.d_fpdu, c.want.len(), "connection {i}: ULPDUs");
            if c.stop == Stop::End {
                assert_eq!(c.ctx.off, 0, "connection {i} ends inside an FPDU");
                assert!(!c.ctx.err);
            } else {
                assert!(c.ctx.err && c.err_seen);
            }
        }
        assert!(self.pkt.is_none());
        Ok(())
    }
}

#[test]
fn random_segments_of_interleaved_connections() -> Result<(), ModError> {
    let mut rng = Rng::new(0x5044_1001);
    let mut conns = Vec::new();
    for (crc, markers) in [
        (true, false),
        (false, false),
        (true, true),
        (false, true),
        (true, true),
    ] {
        conns.push(Conn::new(&mut rng, 120, crc, markers, u16::MAX, 10));
    }
    let mut b = Bench::new(0x5044_1002, conns, u16::MAX)?;
    b.run(20_000_000)?;
    let bad = b
        .conns
        .iter()
        .flat_map(|c| &c.want)
        .filter(|w| !w.crc_ok)
        .count();
    println!(
        "{} segments, {} packets, {} bytes, {} records ({bad} bad CRCs)",
        b.segs, b.packets, b.bytes_out, b.records
    );
    assert!(bad > 10);
    Ok(())
}

#[test]
fn one_byte_segments() -> Result<(), ModError> {
    let mut rng = Rng::new(0x5044_1003);
    let mut conns = Vec::new();
    for (crc, markers) in [(true, true), (true, false)] {
        let mut c = Conn::new(&mut rng, 12, crc, markers, u16::MAX, 10);
        c.cuts = (1..=c.s.len()).collect();
        conns.push(c);
    }
    let mut b = Bench::new(0x5044_1004, conns, u16::MAX)?;
    b.in_idle = 5;
    b.run(20_000_000)?;
    Ok(())
}

#[test]
fn ulpdu_length_beyond_the_bound() -> Result<(), ModError> {
    let mut rng = Rng::new(0x5044_1005);
    let mut conns = Vec::new();
    for markers in [false, true, false] {
        conns.push(Conn::new(&mut rng, 60, true, markers, 4000, 0));
    }
    let mut b = Bench::new(0x5044_1006, conns, 4000)?;
    b.run(20_000_000)?;
    assert!(b.conns.iter().any(|c| c.err_seen));
    Ok(())
}

#[test]
fn throughput() -> Result<(), ModError> {
    for (len, seg, name) in [
        (1460usize, 0usize, "1460-byte ULPDUs, one FPDU per segment"),
        (8990, 0, "8990-byte ULPDUs, one FPDU per segment"),
        (1460, 1448, "1460-byte ULPDUs, 1448-byte segments"),
        (64, 1440, "64-byte ULPDUs, 1440-byte segments"),
    ] {
        let mut rng = Rng::new(0x5044_1007);
        let fpdus: Vec<Fpdu> = (0..300)
            .map(|_| Fpdu {
                ulpdu: random_bytes(&mut rng, len),
                corrupt: None,
            })
            .collect();
        let mut c = Conn::new(&mut rng, 1, true, false, u16::MAX, 0);
        let (s, at) = stream(&fpdus, true, false);
        let (want, stop) = deframe(&s, true, false, u16::MAX);
        c.cuts = if seg == 0 {
            at.iter().map(|&(_, e)| e).collect()
        } else {
            (1..=s.len().div_ceil(seg))
                .map(|i| (i * seg).min(s.len()))
                .collect()
        };
        c.s = s;
        c.want = want;
        c.stop = stop;
        let mut b = Bench::new(0x5044_1008, vec![c], u16::MAX)?;
        b.in_idle = 0;
        b.m_stall = 0;
        b.st_stall = 0;
        b.cont_pct = 100;
        let start = b.m.cycle();
        b.run(10_000_000)?;
        let cycles = b.m.cycle() - start - 30;
        let rate = b.bytes_out as f64 / cycles as f64;
        println!(
            "wn_mpa_rx: {name}: {} ULPDU bytes in {cycles} cycles = {rate:.1} bytes/cycle \
             ({:.1} Gb/s at 250 MHz), {:.1} cycles per FPDU",
            b.bytes_out,
            rate * 8.0 * 0.25,
            cycles as f64 / 300.0
        );
        if len >= 1460 && seg == 0 {
            assert!(rate > 50.0, "{name}: {rate:.1} bytes/cycle");
        }
    }
    Ok(())
}
