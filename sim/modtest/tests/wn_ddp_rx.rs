//! `wn_ddp_rx` against a reference model of DDP/RDMAP receive written from
//! RFC 5040, RFC 5041 and RFC 7306: several QPs, each with its own
//! protection domain, memory regions and posted receive buffers
//! (scatter lists of 1-4 entries at scattered addresses), send
//! random mixes of RDMA Writes, Read Responses, Sends (all four variants),
//! Immediate Data, Read Requests and Terminates, cut into DDP segments at
//! random MULPDUs and into packets at random (1-byte packets, cuts inside
//! the headers), the QPs' packets interleaved (with the held context or the
//! table's), random idle on the inputs and backpressure on every output;
//! receive buffers are either asked for and answered late, or offered
//! before the Send (taken without a request).
//! Some QPs carry one error of a chosen class; the test asserts the exact
//! Terminate codes, the completion, Read job and invalidation records per
//! QP, byte-exact placement, and the protection property: every DMA write
//! lies inside a region of the QP's PD that allows remote writes, or inside
//! a receive buffer posted on that QP. A throughput run measures large and
//! small segments, and 64-byte Sends each a message of its own.

use std::collections::{HashMap, VecDeque};

use warpnic_abi::gen::{
    RdmapOpcode as Op, TermEcodeDdpTagged as Tg, TermEcodeDdpUntagged as Ut, TermEcodeLlp as Llp,
    TermEcodeRdmap as Rd,
};
use warpnic_modtest::wn_ddp_rx::{self, ports};
use warpnic_modtest::{ModError, ModModel, Rng};

const L_RDMAP: u8 = 0;
const L_DDP: u8 = 1;
const L_LLP: u8 = 2;
const E_RPROT: u8 = 1;
const E_ROP: u8 = 2;
const E_DTAG: u8 = 1;
const E_DUNT: u8 = 2;
const ACC_RR: u8 = 2;
const ACC_RW: u8 = 4;
/// Scatter entries of a receive buffer (the top's MaxSge).
const MAX_SGE: usize = 4;

/// A receive buffer: its scatter list of {host address, length}.
type Buf = Vec<(u64, u32)>;

fn buf_len(b: &Buf) -> u64 {
    b.iter().map(|e| u64::from(e.1)).sum()
}

/// The host address of message offset `off` in `b`.
fn buf_addr(b: &Buf, mut off: u64) -> u64 {
    for &(a, l) in b {
        if off < u64::from(l) {
            return a + off;
        }
        off -= u64::from(l);
    }
    panic!("offset beyond the buffer")
}

// ---------------------------------------------------------------- MR model

#[derive(Clone, Debug)]
struct Region {
    key: u8,
    pd: u32,
    acc: u8,
    fr: bool,
    valid: bool,
    base: u64,
    len: u64,
    iova: u64,
}

#[derive(Default)]
struct Mr {
    r: Vec<Region>,
}

impl Mr {
    /// Registers `region` (its key chosen here, valid) and returns its STag.
    fn add(&mut self, rng: &mut Rng, mut region: Region) -> u32 {
        let key = rng.bits(8) as u8;
        region.key = key;
        region.valid = true;
        self.r.push(region);
        ((self.r.len() as u32) << 8) | u32::from(key)
    }

    fn get(&self, stag: u32) -> Option<&Region> {
        let i = (stag >> 8) as usize;
        if i == 0 || i > self.r.len() {
            return None;
        }
        let e = &self.r[i - 1];
        (e.key == stag as u8).then_some(e)
    }

    /// The check of wn_mr_table: Ok(host address) or Err(class 1..5).
    fn check(&self, stag: u32, to: u64, len: u32, pd: u32, acc: u8) -> Result<u64, u8> {
        if len == 0 {
            return Ok(0);
        }
        let e = match self.get(stag) {
            Some(e) if e.valid => e,
            _ => return Err(1),
        };
        if e.pd != pd {
            return Err(2);
        }
        if e.acc & acc != acc {
            return Err(3);
        }
        if to < e.base {
            return Err(4);
        }
        let end = u128::from(to) + u128::from(len);
        if end >= 1 << 64 {
            return Err(5);
        }
        if end > u128::from(e.base) + u128::from(e.len) {
            return Err(4);
        }
        Ok(e.iova + (to - e.base))
    }

    /// Remote invalidation: the status of wn_mr_table's rinv port.
    fn rinv(&mut self, stag: u32, pd: u32) -> u8 {
        let i = (stag >> 8) as usize;
        if i == 0 || i > self.r.len() || self.r[i - 1].key != stag as u8 {
            return 1;
        }
        let e = &mut self.r[i - 1];
        if e.pd != pd {
            return 2;
        }
        if !e.fr {
            return 3;
        }
        e.valid = false;
        0
    }
}

// ---------------------------------------------------------------- wire

fn tagged(last: bool, op: u8, stag: u32, to: u64) -> Vec<u8> {
    let mut h = vec![0x80 | (u8::from(last) << 6) | 1, 0x40 | op];
    h.extend_from_slice(&stag.to_be_bytes());
    h.extend_from_slice(&to.to_be_bytes());
    h
}

fn untagged(last: bool, op: u8, inv: u32, qn: u32, msn: u32, mo: u32) -> Vec<u8> {
    let mut h = vec![(u8::from(last) << 6) | 1, 0x40 | op];
    for v in [inv, qn, msn, mo] {
        h.extend_from_slice(&v.to_be_bytes());
    }
    h
}

fn be32(b: &[u8], at: usize) -> u32 {
    u32::from_be_bytes(b[at..at + 4].try_into().expect("4 bytes"))
}

fn be64(b: &[u8], at: usize) -> u64 {
    u64::from_be_bytes(b[at..at + 8].try_into().expect("8 bytes"))
}

fn random_bytes(rng: &mut Rng, n: usize) -> Vec<u8> {
    (0..n).map(|_| rng.next_u64() as u8).collect()
}

/// One FPDU as wn_mpa_rx reports it.
#[derive(Clone, Debug)]
struct Fpdu {
    ulpdu: Vec<u8>,
    crc_ok: bool,
    /// A status record with st_err (ULPDU_LENGTH beyond MULPDU): no packets.
    len_err: bool,
}

// ---------------------------------------------------------------- records

#[derive(Clone, Debug, PartialEq)]
enum Out {
    Cpl {
        op: u8,
        len: u32,
        se: bool,
        inv: Option<u32>,
        imm: Option<u64>,
        status: u8,
    },
    Rr {
        sink_stag: u32,
        sink_to: u64,
        addr: u64,
        len: u32,
    },
    Rdc,
    Term {
        rx: bool,
        layer: u8,
        etype: u8,
        ecode: u8,
        hvalid: bool,
        hdr: Vec<u8>,
    },
    Rinv {
        stag: u32,
        pd: u32,
    },
}

// ---------------------------------------------------------------- model

/// The receive side of one QP, one whole ULPDU at a time.
#[derive(Clone, Debug)]
struct QpModel {
    pd: u32,
    ird: u8,
    irdu: u8,
    dead: bool,
    msn0: u32,
    msn1: u32,
    tact: Option<u8>,
    /// Send in progress: opcode, bytes so far, buffer.
    uact: Option<(u8, u32, Buf)>,
}

fn need_of(b: &[u8]) -> usize {
    if b.len() < 2 {
        return 14;
    }
    let op = b[1] & 15;
    if b[0] & 0x80 != 0 {
        14
    } else if op == Op::RdmaReadRequest as u8 {
        46
    } else if op == Op::ImmediateData as u8 || op == Op::ImmediateDataSe as u8 {
        26
    } else if op == Op::Terminate as u8 {
        22
    } else {
        18
    }
}

fn is_send(op: u8) -> bool {
    (3..=6).contains(&op)
}

fn is_imm(op: u8) -> bool {
    op == 0xc || op == 0xd
}

struct Model<'a> {
    mr: &'a mut Mr,
    mem: &'a mut HashMap<u64, u8>,
    bufs: &'a mut VecDeque<Buf>,
}

impl QpModel {
    fn term(&mut self, out: &mut Vec<Out>, layer: u8, etype: u8, ecode: u8, hdr: Option<&[u8]>) {
        self.dead = true;
        out.push(Out::Term {
            rx: false,
            layer,
            etype,
            ecode,
            hvalid: hdr.is_some(),
            hdr: hdr.map(|h| h.to_vec()).unwrap_or_default(),
        });
    }

    fn fpdu(&mut self, m: &mut Model, f: &Fpdu, out: &mut Vec<Out>) {
        if self.dead {
            return;
        }
        let b = &f.ulpdu;
        if f.len_err {
            return self.term(out, L_LLP, 0, Llp::MarkerError as u8, None);
        }
        let need = need_of(b);
        if b.len() < need {
            return self.term(out, L_RDMAP, E_ROP, Rd::Unspecified as u8, None);
        }
        let h = &b[..need];
        let t = b[0] & 0x80 != 0;
        let last = b[0] & 0x40 != 0;
        let op = b[1] & 15;
        let pay = (b.len() - need) as u32;
        let e_ddp_ut = |q: &mut QpModel, out: &mut Vec<Out>, c: Ut| {
            q.term(out, L_DDP, E_DUNT, c as u8, Some(h))
        };
        if b[0] & 3 != 1 {
            let (e, c) = if t {
                (E_DTAG, Tg::InvalidDdpVersion as u8)
            } else {
                (E_DUNT, Ut::InvalidDdpVersion as u8)
            };
            return self.term(out, L_DDP, e, c, Some(h));
        }
        if b[1] >> 6 != 1 {
            return self.term(out, L_RDMAP, E_ROP, Rd::InvalidRdmapVersion as u8, Some(h));
        }
        let mut place: Option<u64> = None;
        let mut end: Vec<Out> = Vec::new();
        let mut inv: Option<u32> = None;
        if t {
            if (op != 0 && op != 2) || self.tact.is_some_and(|o| o != op) {
                return self.term(out, L_RDMAP, E_ROP, Rd::UnexpectedOpcode as u8, Some(h));
            }
            match m.mr.check(be32(b, 2), be64(b, 6), pay, self.pd, ACC_RW) {
                Err(c) => {
                    let (l, e, code) = match c {
                        1 => (L_DDP, E_DTAG, Tg::InvalidStag as u8),
                        2 => (L_DDP, E_DTAG, Tg::StagNotAssoc as u8),
                        3 => (L_RDMAP, E_RPROT, Rd::AccessRights as u8),
                        4 => (L_DDP, E_DTAG, Tg::BaseBounds as u8),
                        _ => (L_DDP, E_DTAG, Tg::ToWrap as u8),
                    };
                    return self.term(out, l, e, code, Some(h));
                }
                Ok(a) => place = Some(a),
            }
            self.tact = (!last).then_some(op);
            if last && op == 2 {
                end.push(Out::Rdc);
            }
        } else {
            let qn_want = match op {
                3..=6 | 0xc | 0xd => 0,
                1 => 1,
                7 => 2,
                _ => return self.term(out, L_RDMAP, E_ROP, Rd::UnexpectedOpcode as u8, Some(h)),
            };
            if be32(b, 6) != qn_want {
                return e_ddp_ut(self, out, Ut::InvalidQn);
            }
            let msn = be32(b, 10);
            let mo = be32(b, 14);
            if op == 7 {
                // the received Terminate: layer/etype/ecode from its control
                end.push(Out::Term {
                    rx: true,
                    layer: b[18] >> 4,
                    etype: b[18] & 15,
                    ecode: b[19],
                    hvalid: true,
                    hdr: b[..b.len().min(64)].to_vec(),
                });
                self.dead = true;
            } else if op == 1 {
                if msn != self.msn1 {
                    return e_ddp_ut(self, out, Ut::InvalidMsnRange);
                }
                if !last || mo != 0 || b.len() != 46 {
                    return self.term(out, L_RDMAP, E_ROP, Rd::Unspecified as u8, Some(h));
                }
                if self.irdu >= self.ird {
                    return self.term(out, L_RDMAP, E_ROP, Rd::CatastrophicStream as u8, Some(h));
                }
                let size = be32(b, 30);
                match m.mr.check(be32(b, 34), be64(b, 38), size, self.pd, ACC_RR) {
                    Err(c) => {
                        let code = match c {
                            1 => Rd::InvalidStag,
                            2 => Rd::StagNotAssoc,
                            3 => Rd::AccessRights,
                            4 => Rd::BaseBounds,
                            _ => Rd::ToWrap,
                        };
                        return self.term(out, L_RDMAP, E_RPROT, code as u8, Some(h));
                    }
                    Ok(a) => end.push(Out::Rr {
                        sink_stag: be32(b, 18),
                        sink_to: be64(b, 22),
                        addr: a,
                        len: size,
                    }),
                }
                self.msn1 = self.msn1.wrapping_add(1);
                self.irdu += 1;
            } else {
                if msn != self.msn0 {
                    return e_ddp_ut(self, out, Ut::InvalidMsnRange);
                }
                if self.uact.as_ref().is_some_and(|u| u.0 != op) {
                    return self.term(out, L_RDMAP, E_ROP, Rd::UnexpectedOpcode as u8, Some(h));
                }
                if mo != self.uact.as_ref().map_or(0, |u| u.1) {
                    return e_ddp_ut(self, out, Ut::InvalidMo);
                }
                if is_imm(op) && (!last || b.len() != 26) {
                    return self.term(out, L_RDMAP, E_ROP, Rd::Unspecified as u8, Some(h));
                }
                let buf = match self.uact.take() {
                    Some(u) => u.2,
                    None => match m.bufs.pop_front() {
                        Some(x) => x,
                        None => return e_ddp_ut(self, out, Ut::InvalidMsnNoBuffer),
                    },
                };
                if is_send(op) && u64::from(mo) + u64::from(pay) > buf_len(&buf) {
                    return e_ddp_ut(self, out, Ut::MsgTooLong);
                }
                if is_send(op) {
                    for (i, &x) in b[need..].iter().enumerate() {
                        m.mem.insert(buf_addr(&buf, u64::from(mo) + i as u64), x);
                    }
                }
                if last {
                    self.msn0 = self.msn0.wrapping_add(1);
                    self.uact = None;
                    if op == 4 || op == 6 {
                        inv = Some(be32(b, 2));
                    }
                    end.push(Out::Cpl {
                        op,
                        len: if is_send(op) { mo + pay } else { 0 },
                        se: op == 5 || op == 6 || op == 0xd,
                        inv,
                        imm: is_imm(op).then(|| be64(b, 18)),
                        status: 0,
                    });
                } else {
                    self.uact = Some((op, mo + pay, buf));
                }
            }
        }
        if let Some(a) = place {
            for (i, &x) in b[need..].iter().enumerate() {
                m.mem.insert(a + i as u64, x);
            }
        }
        if !f.crc_ok {
            return self.term(out, L_LLP, 0, Llp::CrcError as u8, None);
        }
        if let Some(stag) = inv {
            out.push(Out::Rinv { stag, pd: self.pd });
            let st = m.mr.rinv(stag, self.pd);
            if st != 0 {
                let e = if st == 2 { E_RPROT } else { E_ROP };
                self.term(out, L_RDMAP, e, Rd::CantInvalidate as u8, Some(h));
                // a failed invalidation reports no invalidated STag
                if let Some(Out::Cpl { status, inv, .. }) = end.last_mut() {
                    *status = 1;
                    *inv = None;
                }
            }
        }
        out.extend(end);
    }
}

// ---------------------------------------------------------------- traffic

/// What one QP owns and sends.
struct QpGen {
    pd: u32,
    rw: Vec<u32>,
    fr: u32,
    rr: u32,
    other_pd_stag: u32,
    msn0: u32,
    msn1: u32,
    ird: u8,
    reads: u8,
    bufs: VecDeque<Buf>,
    buf_at: u64,
    no_bufs: bool,
    fpdus: Vec<Fpdu>,
    /// Regions the peer may write (iova ranges) and buffers posted.
    granted: Vec<(u64, u64)>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Fault {
    None,
    Dv,
    Rv,
    Opcode,
    Qn,
    Msn,
    Mo,
    NoBuf,
    TooLong,
    BadStag,
    OtherPd,
    Rights,
    Bounds,
    Wrap,
    ReadSrc,
    Ird,
    Crc,
    Short,
    LenErr,
    Empty,
    InvBad,
    InvThenUse,
    Term,
}

const FAULTS: &[Fault] = &[
    Fault::Dv,
    Fault::Rv,
    Fault::Opcode,
    Fault::Qn,
    Fault::Msn,
    Fault::Mo,
    Fault::NoBuf,
    Fault::TooLong,
    Fault::BadStag,
    Fault::OtherPd,
    Fault::Rights,
    Fault::Bounds,
    Fault::Wrap,
    Fault::ReadSrc,
    Fault::Ird,
    Fault::Crc,
    Fault::Short,
    Fault::LenErr,
    Fault::Empty,
    Fault::InvBad,
    Fault::InvThenUse,
    Fault::Term,
];

fn seg_len(rng: &mut Rng, small: bool) -> usize {
    if small {
        1 + rng.below(100) as usize
    } else {
        64 + rng.below(1500) as usize
    }
}

impl QpGen {
    fn new(rng: &mut Rng, mr: &mut Mr, q: usize) -> Self {
        let pd = 100 + q as u32;
        let base_io = (q as u64 + 1) << 32;
        let mut granted = Vec::new();
        let mut reg = |rng: &mut Rng, mr: &mut Mr, k: u64, acc: u8, fr: bool| {
            let len = 1 + rng.below(20000);
            let iova = base_io + k * 0x10_0000 + rng.below(4096);
            let base = if rng.percent(20) {
                u64::MAX - len - rng.below(64)
            } else {
                rng.bits(48)
            };
            if acc & ACC_RW != 0 {
                granted.push((iova, len));
            }
            mr.add(
                rng,
                Region {
                    key: 0,
                    pd,
                    acc,
                    fr,
                    valid: true,
                    base,
                    len,
                    iova,
                },
            )
        };
        let rw = vec![
            reg(rng, mr, 0, ACC_RW | 1, false),
            reg(rng, mr, 1, ACC_RW | ACC_RR | 1, false),
            reg(rng, mr, 2, ACC_RW | 1, false),
        ];
        let fr = reg(rng, mr, 3, ACC_RW | 1, true);
        let rr = reg(rng, mr, 4, ACC_RR, false);
        QpGen {
            pd,
            rw,
            fr,
            rr,
            other_pd_stag: 0,
            msn0: 1,
            msn1: 1,
            ird: 1 + rng.below(4) as u8,
            reads: 0,
            bufs: VecDeque::new(),
            buf_at: base_io + 0x8000_0000,
            no_bufs: false,
            fpdus: Vec::new(),
            granted,
        }
    }

    fn push(&mut self, ulpdu: Vec<u8>) {
        self.fpdus.push(Fpdu {
            ulpdu,
            crc_ok: true,
            len_err: false,
        });
    }

    fn post(&mut self, rng: &mut Rng, len: u32) {
        if self.no_bufs {
            return;
        }
        // 1..MAX_SGE entries at scattered, unaligned addresses (an entry
        // of a buffer of length 0 is the whole buffer)
        let n = 1 + rng.below(MAX_SGE as u64) as usize;
        let mut cuts: Vec<u32> = (1..n)
            .map(|_| rng.below(u64::from(len) + 1) as u32)
            .collect();
        cuts.push(0);
        cuts.push(len);
        cuts.sort_unstable();
        cuts.dedup();
        let mut b = Buf::new();
        for w in cuts.windows(2) {
            let l = w[1] - w[0];
            let a = self.buf_at + rng.below(200);
            b.push((a, l));
            self.granted.push((a, u64::from(l)));
            self.buf_at = a + u64::from(l) + 1 + rng.below(300);
        }
        if b.is_empty() {
            b.push((self.buf_at, 0));
        }
        self.bufs.push_back(b);
    }

    fn tagged_msg(&mut self, rng: &mut Rng, mr: &Mr, op: u8, stag: u32, small: bool) {
        let r = mr.get(stag).expect("region").clone();
        let len = if small {
            rng.below(200)
        } else {
            rng.below(r.len.min(6000) + 1)
        }
        .min(r.len);
        let off = rng.below(r.len - len + 1);
        let mut to = r.base + off;
        let mut left = len as usize;
        loop {
            let n = left.min(seg_len(rng, small));
            left -= n;
            let mut u = tagged(left == 0, op, stag, to);
            u.extend(random_bytes(rng, n));
            self.push(u);
            to += n as u64;
            if left == 0 {
                break;
            }
        }
    }

    fn send_msg(&mut self, rng: &mut Rng, op: u8, inv: u32, small: bool, buf_short: bool) {
        let len = if small {
            rng.below(300) as usize
        } else {
            rng.below(6000) as usize
        };
        let blen = if buf_short {
            len.saturating_sub(1 + rng.below(8) as usize)
        } else {
            len + rng.below(100) as usize
        };
        self.post(rng, blen as u32);
        let mut mo = 0usize;
        loop {
            let n = (len - mo).min(seg_len(rng, small));
            let last = mo + n == len;
            let mut u = untagged(last, op, inv, 0, self.msn0, mo as u32);
            u.extend(random_bytes(rng, n));
            self.push(u);
            mo += n;
            if last {
                break;
            }
        }
        self.msn0 += 1;
    }

    fn imm_msg(&mut self, rng: &mut Rng) {
        let n = rng.below(100) as u32;
        self.post(rng, n);
        let op = if rng.percent(50) { 0xc } else { 0xd };
        let mut u = untagged(true, op, 0, 0, self.msn0, 0);
        u.extend(random_bytes(rng, 8));
        self.push(u);
        self.msn0 += 1;
    }

    fn read_req(&mut self, rng: &mut Rng, mr: &Mr, src: u32, size_over: bool) {
        let r = mr.get(src).expect("region").clone();
        let size = rng.below(r.len + 1);
        let to = r.base + rng.below(r.len - size + 1);
        let size = if size_over { r.len + 1 } else { size };
        let mut u = untagged(true, 1, 0, 1, self.msn1, 0);
        u.extend(rng.bits(32).to_be_bytes()[4..].iter());
        u.extend(rng.next_u64().to_be_bytes());
        u.extend((size as u32).to_be_bytes());
        u.extend(src.to_be_bytes());
        u.extend(if size_over { r.base } else { to }.to_be_bytes());
        self.push(u);
        self.msn1 += 1;
        self.reads += 1;
    }

    fn terminate(&mut self, rng: &mut Rng) {
        let mut u = untagged(true, 7, 0, 2, 1, 0);
        u.push(((rng.below(3) as u8) << 4) | rng.below(3) as u8);
        u.push(rng.bits(8) as u8);
        u.push(0xc0);
        u.push(0);
        let extra = rng.below(47) as usize;
        u.extend(random_bytes(rng, extra));
        self.push(u);
    }

    /// A random message (no faults).
    fn message(&mut self, rng: &mut Rng, mr: &Mr, small: bool) {
        match rng.below(10) {
            0..=2 => {
                let s = self.rw[rng.below(3) as usize];
                self.tagged_msg(rng, mr, 0, s, small)
            }
            3 => {
                let s = self.rw[rng.below(3) as usize];
                self.tagged_msg(rng, mr, 2, s, small)
            }
            4..=6 => {
                let op = 3 + 2 * rng.below(2) as u8; // Send, Send with SE
                self.send_msg(rng, op, 0, small, false)
            }
            7 => self.imm_msg(rng),
            8 if self.reads < self.ird => {
                let src = if rng.percent(50) { self.rr } else { self.rw[1] };
                self.read_req(rng, mr, src, false)
            }
            _ => {
                // Send with Invalidate of a region nobody writes afterwards
                // unless the fault says so: invalidate an unused stag of
                // this PD's FR region only once, else a plain Send
                let op = if rng.percent(50) { 4 } else { 6 };
                let inv = self.fr;
                self.fr = 0;
                if inv != 0 {
                    self.send_msg(rng, op, inv, small, false)
                } else {
                    self.send_msg(rng, 3, 0, small, false)
                }
            }
        }
    }

    /// A message carrying `fault`; returns false when it ends the stream.
    fn faulty(&mut self, rng: &mut Rng, mr: &Mr, fault: Fault) {
        let small = rng.percent(50);
        let n0 = self.fpdus.len();
        match fault {
            Fault::None => self.message(rng, mr, small),
            Fault::Dv
            | Fault::Rv
            | Fault::Opcode
            | Fault::Qn
            | Fault::Msn
            | Fault::Mo
            | Fault::Crc => {
                self.message(rng, mr, small);
                let k = n0 + rng.below((self.fpdus.len() - n0) as u64) as usize;
                let f = &mut self.fpdus[k];
                let t = f.ulpdu[0] & 0x80 != 0;
                match fault {
                    Fault::Dv => f.ulpdu[0] = (f.ulpdu[0] & !3) | [0, 2, 3][rng.below(3) as usize],
                    Fault::Rv => {
                        f.ulpdu[1] = (f.ulpdu[1] & 0x3f) | [0, 0x80, 0xc0][rng.below(3) as usize]
                    }
                    Fault::Opcode => {
                        let bad: &[u8] = if t {
                            &[1, 3, 4, 7, 0xa, 0xc, 0xf]
                        } else {
                            &[0, 2, 8, 9, 0xa, 0xb, 0xe]
                        };
                        f.ulpdu[1] = 0x40 | bad[rng.below(bad.len() as u64) as usize];
                    }
                    Fault::Qn if !t => f.ulpdu[9] ^= 1 + rng.below(3) as u8 * 2,
                    Fault::Msn if !t && f.ulpdu[1] & 15 != 7 => f.ulpdu[13] ^= 1 << rng.below(8),
                    Fault::Mo if !t && is_send(f.ulpdu[1] & 15) => f.ulpdu[17] ^= 1 << rng.below(8),
                    Fault::Crc => f.crc_ok = false,
                    _ => {}
                }
            }
            Fault::NoBuf => {
                self.no_bufs = true;
                self.send_msg(rng, 3, 0, small, false);
            }
            Fault::TooLong => self.send_msg(rng, 3, 0, small, true),
            Fault::BadStag => {
                let s = if rng.percent(50) {
                    (rng.bits(24) as u32) << 8
                } else {
                    self.rw[0] ^ 0x80
                };
                let mut u = tagged(true, 0, s, 0);
                let n = 1 + rng.below(100) as usize;
                u.extend(random_bytes(rng, n));
                self.push(u);
            }
            Fault::OtherPd => {
                let mut u = tagged(
                    true,
                    0,
                    self.other_pd_stag,
                    mr.get(self.other_pd_stag).expect("r").base,
                );
                let n = 1 + rng.below(100) as usize;
                u.extend(random_bytes(rng, n));
                self.push(u);
            }
            Fault::Rights => {
                let r = mr.get(self.rr).expect("r").clone();
                let mut u = tagged(true, 0, self.rr, r.base);
                let n = 1 + rng.below(r.len.min(100)) as usize;
                u.extend(random_bytes(rng, n));
                self.push(u);
            }
            Fault::Bounds | Fault::Wrap => {
                let s = self.rw[rng.below(3) as usize];
                let r = mr.get(s).expect("r").clone();
                let (to, n) = if fault == Fault::Wrap {
                    (u64::MAX - rng.below(8), 9 + rng.below(40))
                } else if rng.percent(50) {
                    (r.base.wrapping_sub(1 + rng.below(8)), 1 + rng.below(40))
                } else {
                    (r.base + r.len - rng.below(4.min(r.len)), 5 + rng.below(40))
                };
                let mut u = tagged(true, 2 * rng.below(2) as u8, s, to);
                u.extend(random_bytes(rng, n as usize));
                self.push(u);
            }
            Fault::ReadSrc => {
                let src = if rng.percent(50) { self.rw[0] } else { self.rr };
                self.read_req(rng, mr, src, src == self.rr);
            }
            Fault::Ird => {
                for _ in 0..=self.ird {
                    self.read_req(rng, mr, self.rr, false);
                }
            }
            Fault::Short => {
                // 1..13 bytes (an empty ULPDU is Fault::Empty)
                let n = 1 + rng.below(13) as usize;
                let mut u = untagged(true, 3, 0, 0, self.msn0, 0);
                u.truncate(n);
                self.push(u);
            }
            Fault::LenErr => self.fpdus.push(Fpdu {
                ulpdu: Vec::new(),
                crc_ok: true,
                len_err: true,
            }),
            Fault::Empty => self.push(Vec::new()),
            Fault::InvBad => {
                let inv = match rng.below(3) {
                    0 => self.rw[0],
                    1 => self.other_pd_stag,
                    _ => (rng.bits(24) as u32) << 8,
                };
                self.send_msg(rng, 4, inv, small, false);
            }
            Fault::InvThenUse => {
                let fr = self.fr;
                if fr != 0 {
                    self.fr = 0;
                    self.send_msg(rng, 6, fr, small, false);
                    self.tagged_msg(rng, mr, 0, fr, true);
                }
            }
            Fault::Term => self.terminate(rng),
        }
    }
}

// ---------------------------------------------------------------- bench

/// One packet of an FPDU, or an FPDU without packets.
#[derive(Clone, Debug)]
enum Piece {
    Pkt {
        fpdu: usize,
        off: usize,
        bytes: Vec<u8>,
        end: bool,
    },
    NoPkt {
        fpdu: usize,
    },
}

fn cut(rng: &mut Rng, f: &Fpdu, fpdu: usize, tiny: bool) -> Vec<Piece> {
    let n = f.ulpdu.len();
    if n == 0 || f.len_err {
        return vec![Piece::NoPkt { fpdu }];
    }
    let mut cuts = Vec::new();
    if rng.percent(if tiny { 60 } else { 15 }) {
        cuts.push(1 + rng.below(50) as usize);
    }
    if rng.percent(if tiny { 40 } else { 15 }) {
        cuts.push(1 + rng.below(n as u64) as usize);
    }
    if tiny && rng.percent(30) {
        cuts.push(1);
        cuts.push(2);
    }
    cuts.retain(|&c| c < n);
    cuts.push(n);
    cuts.sort_unstable();
    cuts.dedup();
    let mut v = Vec::new();
    let mut at = 0;
    for c in cuts {
        v.push(Piece::Pkt {
            fpdu,
            off: at,
            bytes: f.ulpdu[at..c].to_vec(),
            end: c == n,
        });
        at = c;
    }
    v
}

#[derive(Clone, Default)]
struct Ctx {
    v: [u64; 20],
    hbuf: Vec<u8>,
    uaddr: Vec<u8>,
    ulen: Vec<u8>,
}

const CTX_IN: [&str; 20] = [
    "ctx_rts_i",
    "ctx_err_i",
    "ctx_pd_i",
    "ctx_msn0_i",
    "ctx_msn1_i",
    "ctx_ird_i",
    "ctx_irdu_i",
    "ctx_hcnt_i",
    "ctx_tact_i",
    "ctx_top_i",
    "ctx_uact_i",
    "ctx_uop_i",
    "ctx_umo_i",
    "ctx_ublen_i",
    "ctx_usge_i",
    "ctx_usoff_i",
    "ctx_splace_i",
    "ctx_skind_i",
    "ctx_slen_i",
    "ctx_saddr_i",
];

struct QpRun {
    pieces: VecDeque<Piece>,
    fpdus: Vec<Fpdu>,
    ctx: Ctx,
    pending: usize,
    bufs: VecDeque<Buf>,
    granted: Vec<(u64, u64)>,
    pd: u32,
    got: Vec<Out>,
    want: Vec<Out>,
}

struct Cfg {
    idle: u64,
    stall: u64,
    cont: u64,
    /// Percent of cycles in which a QP's next buffer is offered (taken
    /// without a request) while no request is being answered.
    offer: u64,
}

/// An MR check answer: ok, class, host address.
type ChkRsp = Option<(bool, u8, u64)>;

/// The packet being presented.
struct Cur {
    q: usize,
    cont: bool,
    beats: VecDeque<([u8; 64], u64, bool)>,
    off: usize,
    len: usize,
    end: bool,
    crc: bool,
    taken: usize,
}

struct Bench {
    m: ModModel,
    rng: Rng,
    mr: Mr,
    qps: Vec<QpRun>,
    cfg: Cfg,
    cur: Option<Cur>,
    last_qp: Option<usize>,
    st: VecDeque<(usize, u16, bool, bool)>,
    chk_pipe: VecDeque<(u64, ChkRsp)>,
    rinv_pipe: VecDeque<(u64, u8)>,
    rb_pipe: VecDeque<(u64, usize)>,
    mem: HashMap<u64, u8>,
    writes: u64,
    beats_in: u64,
}

impl Bench {
    fn new(seed: u64, cfg: Cfg) -> Result<Self, ModError> {
        let mut m = ModModel::new(wn_ddp_rx::NAME)?;
        m.reset(2)?;
        Ok(Bench {
            m,
            rng: Rng::new(seed),
            mr: Mr::default(),
            qps: Vec::new(),
            cfg,
            cur: None,
            last_qp: None,
            st: VecDeque::new(),
            chk_pipe: VecDeque::new(),
            rinv_pipe: VecDeque::new(),
            rb_pipe: VecDeque::new(),
            mem: HashMap::new(),
            writes: 0,
            beats_in: 0,
        })
    }

    fn add_qp(&mut self, g: QpGen, tiny: bool) {
        let mut pieces = VecDeque::new();
        for (i, f) in g.fpdus.iter().enumerate() {
            pieces.extend(cut(&mut self.rng, f, i, tiny));
        }
        let mut ctx = Ctx {
            hbuf: vec![0; 64],
            ..Ctx::default()
        };
        ctx.uaddr = vec![0; MAX_SGE * 8];
        ctx.ulen = vec![0; MAX_SGE * 4];
        ctx.v[0] = 1;
        ctx.v[2] = u64::from(g.pd);
        ctx.v[3] = 1;
        ctx.v[4] = 1;
        ctx.v[5] = u64::from(g.ird);
        self.qps.push(QpRun {
            pieces,
            fpdus: g.fpdus,
            ctx,
            pending: 0,
            bufs: g.bufs,
            granted: g.granted,
            pd: g.pd,
            got: Vec::new(),
            want: Vec::new(),
        });
    }

    /// The reference model over every QP's FPDUs.
    fn expect(&mut self, want_mem: &mut HashMap<u64, u8>) {
        let mut mr = Mr {
            r: self.mr.r.clone(),
        };
        for q in self.qps.iter_mut() {
            let mut st = QpModel {
                pd: q.pd,
                ird: q.ctx.v[5] as u8,
                irdu: 0,
                dead: false,
                msn0: 1,
                msn1: 1,
                tact: None,
                uact: None,
            };
            let mut bufs = q.bufs.clone();
            let mut m = Model {
                mr: &mut mr,
                mem: want_mem,
                bufs: &mut bufs,
            };
            for f in &q.fpdus {
                st.fpdu(&mut m, f, &mut q.want);
            }
        }
    }

    fn next_pkt(&mut self) {
        let n = self.qps.len();
        let start = self.rng.below(n as u64) as usize;
        for i in 0..n {
            let q = (start + i) % n;
            if self.qps[q].pieces.is_empty() {
                continue;
            }
            let cont = self.last_qp == Some(q) && self.rng.percent(self.cfg.cont);
            if !cont && self.qps[q].pending > 0 {
                continue;
            }
            let p = self.qps[q].pieces.pop_front().expect("piece");
            match p {
                Piece::NoPkt { fpdu } => {
                    let f = &self.qps[q].fpdus[fpdu];
                    self.st
                        .push_back((q, f.ulpdu.len() as u16, true, f.len_err));
                    // wn_mpa_rx stops the connection after a length error
                    return;
                }
                Piece::Pkt {
                    fpdu,
                    off,
                    bytes,
                    end,
                } => {
                    let mut beats = VecDeque::new();
                    for (k, c) in bytes.chunks(64).enumerate() {
                        let mut d = [0u8; 64];
                        d.iter_mut().for_each(|b| *b = self.rng.next_u64() as u8);
                        d[..c.len()].copy_from_slice(c);
                        let keep = if c.len() == 64 {
                            u64::MAX
                        } else {
                            (1u64 << c.len()) - 1
                        };
                        beats.push_back((d, keep, (k + 1) * 64 >= bytes.len()));
                    }
                    let len = self.qps[q].fpdus[fpdu].ulpdu.len();
                    self.qps[q].pending += 1;
                    self.last_qp = Some(q);
                    let crc = self.qps[q].fpdus[fpdu].crc_ok;
                    self.cur = Some(Cur {
                        q,
                        cont,
                        beats,
                        off,
                        len,
                        end,
                        crc,
                        taken: 0,
                    });
                    return;
                }
            }
        }
    }

    fn set_ctx(&mut self, q: usize, fresh: bool) -> Result<(), ModError> {
        let c = if fresh {
            self.qps[q].ctx.clone()
        } else {
            let mut c = Ctx {
                hbuf: random_bytes(&mut self.rng, 64),
                uaddr: random_bytes(&mut self.rng, MAX_SGE * 8),
                ulen: random_bytes(&mut self.rng, MAX_SGE * 4),
                ..Ctx::default()
            };
            c.v.iter_mut().for_each(|v| *v = self.rng.next_u64());
            c
        };
        for (i, name) in CTX_IN.iter().enumerate() {
            let w = self.m.port(name)?.width();
            let v = if w >= 64 {
                c.v[i]
            } else {
                c.v[i] & ((1u64 << w) - 1)
            };
            self.m.set(*name, v)?;
        }
        self.m.set_bytes(ports::CTX_UADDR_I, &c.uaddr)?;
        self.m.set_bytes(ports::CTX_ULEN_I, &c.ulen)?;
        self.m.set_bytes(ports::CTX_HBUF_I, &c.hbuf)
    }

    fn done(&self) -> bool {
        self.cur.is_none()
            && self
                .qps
                .iter()
                .all(|q| q.pieces.is_empty() && q.pending == 0)
            && self.st.is_empty()
            && self.rb_pipe.is_empty()
            && self.rinv_pipe.is_empty()
    }

    fn cycle(&mut self) -> Result<(), ModError> {
        let r = &mut self.rng;
        if self.cur.is_none() && !r.percent(self.cfg.idle) {
            self.next_pkt();
        }
        // input beat
        let mut go = false;
        if let Some(c) = &self.cur {
            let (q, cont, off, len, end, first) = (c.q, c.cont, c.off, c.len, c.end, c.taken == 0);
            let (d, keep, last) = c.beats[0];
            if !self.rng.percent(self.cfg.idle) {
                go = true;
                self.m.set_bytes(ports::S_TDATA_I, &d)?;
                self.m.set(ports::S_TKEEP_I, keep)?;
                self.m.set(ports::S_TLAST_I, u64::from(last))?;
                self.m.set(
                    ports::S_QP_I,
                    if first { q as u64 } else { self.rng.bits(4) },
                )?;
                self.m.set(
                    ports::S_LEN_I,
                    if first { len as u64 } else { self.rng.bits(16) },
                )?;
                self.m.set(
                    ports::S_OFF_I,
                    if first { off as u64 } else { self.rng.bits(16) },
                )?;
                self.m.set(
                    ports::S_END_I,
                    if last {
                        u64::from(end)
                    } else {
                        self.rng.bits(1)
                    },
                )?;
                self.m.set(
                    ports::S_CONT_I,
                    if first {
                        u64::from(cont)
                    } else {
                        self.rng.bits(1)
                    },
                )?;
                self.set_ctx(q, first && !cont)?;
            }
        }
        self.m.set(ports::S_TVALID_I, u64::from(go))?;
        // status records
        let st_go = !self.st.is_empty() && !self.rng.percent(self.cfg.idle);
        if let Some(&(q, len, crc, err)) = self.st.front() {
            self.m.set(ports::ST_QP_I, q as u64)?;
            self.m.set(ports::ST_LEN_I, u64::from(len))?;
            self.m.set(ports::ST_CRC_OK_I, u64::from(crc))?;
            self.m.set(ports::ST_ERR_I, u64::from(err))?;
        }
        self.m.set(ports::ST_VALID_I, u64::from(st_go))?;
        // MR check answers, invalidation done, buffers
        let now = self.m.cycle();
        let chk_ready = !self.rng.percent(self.cfg.stall / 2);
        self.m.set(ports::CHK_READY_I, u64::from(chk_ready))?;
        let rsp = match self.chk_pipe.front() {
            Some(&(t, r)) if t == now => {
                self.chk_pipe.pop_front();
                r
            }
            _ => None,
        };
        self.m
            .set(ports::CHK_RSP_VALID_I, u64::from(rsp.is_some()))?;
        let (ok, err, addr) = rsp.unwrap_or((false, 0, 0));
        self.m.set(ports::CHK_RSP_OK_I, u64::from(ok))?;
        self.m.set(ports::CHK_RSP_ERR_I, u64::from(err))?;
        self.m.set(ports::CHK_RSP_ADDR_I, addr)?;
        let done = match self.rinv_pipe.front() {
            Some(&(t, s)) if t == now => {
                self.rinv_pipe.pop_front();
                Some(s)
            }
            _ => None,
        };
        self.m.set(ports::RINV_DONE_I, u64::from(done.is_some()))?;
        self.m
            .set(ports::RINV_STATUS_I, u64::from(done.unwrap_or(0)))?;
        let rb = match self.rb_pipe.front() {
            Some(&(t, q)) if t <= now && !self.rng.percent(30) => {
                self.rb_pipe.pop_front();
                Some(self.qps[q].bufs.pop_front())
            }
            _ => None,
        };
        self.m.set(ports::RB_RSP_VALID_I, u64::from(rb.is_some()))?;
        let answered = rb.is_some();
        let b = rb.flatten();
        self.m.set(ports::RB_RSP_OK_I, u64::from(b.is_some()))?;
        let mut ab = random_bytes(&mut self.rng, MAX_SGE * 8);
        let mut lb = random_bytes(&mut self.rng, MAX_SGE * 4);
        if let Some(list) = &b {
            // unused entries have length 0
            lb.iter_mut().for_each(|x| *x = 0);
            for (i, &(a, l)) in list.iter().enumerate() {
                ab[i * 8..i * 8 + 8].copy_from_slice(&a.to_le_bytes());
                lb[i * 4..i * 4 + 4].copy_from_slice(&l.to_le_bytes());
            }
        }
        // an offer: the next buffer of a QP, while no request is answered
        let mut off_q = None;
        if !answered && self.rb_pipe.is_empty() && self.rng.percent(self.cfg.offer) {
            let r = self.rng.below(self.qps.len() as u64) as usize;
            let q = if self.rng.percent(70) {
                self.last_qp.unwrap_or(r)
            } else {
                r
            };
            if let Some(list) = self.qps[q].bufs.front() {
                lb.iter_mut().for_each(|x| *x = 0);
                for (i, &(a, l)) in list.iter().enumerate() {
                    ab[i * 8..i * 8 + 8].copy_from_slice(&a.to_le_bytes());
                    lb[i * 4..i * 4 + 4].copy_from_slice(&l.to_le_bytes());
                }
                off_q = Some(q);
            }
        }
        self.m
            .set(ports::RB_OFF_VALID_I, u64::from(off_q.is_some()))?;
        self.m.set(ports::RB_OFF_QP_I, off_q.unwrap_or(0) as u64)?;
        self.m.set_bytes(ports::RB_RSP_ADDR_I, &ab)?;
        self.m.set_bytes(ports::RB_RSP_LEN_I, &lb)?;
        let rdy: Vec<bool> = (0..7).map(|_| !self.rng.percent(self.cfg.stall)).collect();
        self.m.set(ports::RB_REQ_READY_I, u64::from(rdy[0]))?;
        self.m.set(ports::M_WR_READY_I, u64::from(rdy[1]))?;
        self.m.set(ports::RINV_READY_I, u64::from(rdy[2]))?;
        self.m.set(ports::CPL_READY_I, u64::from(rdy[3]))?;
        self.m.set(ports::RR_READY_I, u64::from(rdy[4]))?;
        self.m.set(ports::RDC_READY_I, u64::from(rdy[5]))?;
        self.m.set(ports::TERM_READY_I, u64::from(rdy[6]))?;
        self.m.eval()?;

        if go && self.m.get(ports::S_TREADY_O)? == 1 {
            self.beats_in += 1;
            let c = self.cur.as_mut().expect("cur");
            c.beats.pop_front();
            c.taken += 1;
            if c.beats.is_empty() {
                if c.end {
                    self.st.push_back((c.q, c.len as u16, c.crc, false));
                }
                self.cur = None;
            }
        }
        if st_go && self.m.get(ports::ST_READY_O)? == 1 {
            self.st.pop_front();
        }
        if chk_ready && self.m.get(ports::CHK_VALID_O)? == 1 {
            let stag = self.m.get(ports::CHK_STAG_O)? as u32;
            let to = self.m.get(ports::CHK_TO_O)?;
            let len = self.m.get(ports::CHK_LEN_O)? as u32;
            let pd = self.m.get(ports::CHK_PD_O)? as u32;
            let acc = self.m.get(ports::CHK_ACCESS_O)? as u8;
            let r = self.mr.check(stag, to, len, pd, acc);
            self.chk_pipe.push_back((
                now + 3,
                Some((r.is_ok(), r.err().unwrap_or(0), r.unwrap_or(0))),
            ));
        }
        if self.m.get(ports::RB_TAKE_O)? == 1 {
            let q = off_q.expect("a buffer taken without an offer");
            self.qps[q].bufs.pop_front();
        }
        if rdy[0] && self.m.get(ports::RB_REQ_VALID_O)? == 1 {
            let q = self.m.get(ports::RB_REQ_QP_O)? as usize;
            if std::env::var("WN_DEBUG").is_ok() {
                eprintln!(
                    "cycle {now}: rb req qp {q} msn {}",
                    self.m.get(ports::RB_REQ_MSN_O)?
                );
            }
            self.rb_pipe.push_back((now + 1 + self.rng.below(4), q));
        }
        if rdy[2] && self.m.get(ports::RINV_VALID_O)? == 1 {
            let stag = self.m.get(ports::RINV_STAG_O)? as u32;
            let pd = self.m.get(ports::RINV_PD_O)? as u32;
            let q = (pd - 100) as usize;
            self.qps[q].got.push(Out::Rinv { stag, pd });
            let s = self.mr.rinv(stag, pd);
            self.rinv_pipe.push_back((now + 2, s));
        }
        if rdy[1] && self.m.get(ports::M_WR_VALID_O)? == 1 {
            self.dma_write()?;
        }
        if rdy[3] && self.m.get(ports::CPL_VALID_O)? == 1 {
            let q = self.m.get(ports::CPL_QP_O)? as usize;
            let op = self.m.get(ports::CPL_OPCODE_O)? as u8;
            let inv = (self.m.get(ports::CPL_INV_O)? == 1)
                .then_some(self.m.get(ports::CPL_INV_STAG_O)? as u32);
            let imm =
                (self.m.get(ports::CPL_IMM_O)? == 1).then_some(self.m.get(ports::CPL_IMM_DATA_O)?);
            let o = Out::Cpl {
                op,
                len: self.m.get(ports::CPL_LEN_O)? as u32,
                se: self.m.get(ports::CPL_SE_O)? == 1,
                inv,
                imm,
                status: self.m.get(ports::CPL_STATUS_O)? as u8,
            };
            self.qps[q].got.push(o);
        }
        if rdy[4] && self.m.get(ports::RR_VALID_O)? == 1 {
            let q = self.m.get(ports::RR_QP_O)? as usize;
            let len = self.m.get(ports::RR_LEN_O)? as u32;
            let o = Out::Rr {
                sink_stag: self.m.get(ports::RR_SINK_STAG_O)? as u32,
                sink_to: self.m.get(ports::RR_SINK_TO_O)?,
                addr: if len == 0 {
                    0
                } else {
                    self.m.get(ports::RR_ADDR_O)?
                },
                len,
            };
            self.qps[q].got.push(o);
        }
        if rdy[5] && self.m.get(ports::RDC_VALID_O)? == 1 {
            let q = self.m.get(ports::RDC_QP_O)? as usize;
            self.qps[q].got.push(Out::Rdc);
        }
        if rdy[6] && self.m.get(ports::TERM_VALID_O)? == 1 {
            let q = self.m.get(ports::TERM_QP_O)? as usize;
            let hvalid = self.m.get(ports::TERM_HVALID_O)? == 1;
            let hlen = self.m.get(ports::TERM_HLEN_O)? as usize;
            let mut h = [0u8; 64];
            self.m.get_bytes(ports::TERM_HDR_O, &mut h)?;
            let rx = self.m.get(ports::TERM_RX_O)? == 1;
            let o = Out::Term {
                rx,
                layer: self.m.get(ports::TERM_LAYER_O)? as u8,
                etype: self.m.get(ports::TERM_ETYPE_O)? as u8,
                ecode: self.m.get(ports::TERM_ECODE_O)? as u8,
                hvalid,
                hdr: if hvalid {
                    h[..hlen.min(64)].to_vec()
                } else {
                    Vec::new()
                },
            };
            if !rx {
                // the engine's rule: a Terminate of ours stops the QP
                self.qps[q].ctx.v[1] = 1;
            }
            self.qps[q].got.push(o);
        }
        if self.m.get(ports::CTX_VALID_O)? == 1 {
            let q = self.m.get(ports::CTX_QP_O)? as usize;
            let mut c = Ctx {
                hbuf: vec![0; 64],
                uaddr: vec![0; MAX_SGE * 8],
                ulen: vec![0; MAX_SGE * 4],
                ..Ctx::default()
            };
            for (i, name) in CTX_IN.iter().enumerate() {
                let o = format!("{}_o", &name[..name.len() - 2]);
                c.v[i] = self.m.get(o.as_str())?;
            }
            self.m.get_bytes(ports::CTX_HBUF_O, &mut c.hbuf)?;
            self.m.get_bytes(ports::CTX_UADDR_O, &mut c.uaddr)?;
            self.m.get_bytes(ports::CTX_ULEN_O, &mut c.ulen)?;
            c.v[1] |= self.qps[q].ctx.v[1];
            let qp = &mut self.qps[q];
            assert!(qp.pending > 0, "context of qp {q} without a packet");
            qp.pending -= 1;
            qp.ctx = c;
        }
        self.m.tick()
    }

    fn dma_write(&mut self) -> Result<(), ModError> {
        let q = self.m.get(ports::M_WR_QP_O)? as usize;
        let addr = self.m.get(ports::M_WR_ADDR_O)?;
        let len = self.m.get(ports::M_WR_LEN_O)?;
        let keep = self.m.get(ports::M_WR_KEEP_O)?;
        let mut d = [0u8; 64];
        self.m.get_bytes(ports::M_WR_DATA_O, &mut d)?;
        assert!((1..=64).contains(&len), "write length {len}");
        let lo = addr % 64;
        assert_eq!(
            keep,
            (if len == 64 {
                u64::MAX
            } else {
                (1u64 << len) - 1
            }) << lo,
            "keep of write at {addr:#x}"
        );
        assert!(lo + len <= 64, "write crosses a block");
        let qp = &self.qps[q];
        assert!(
            qp.granted
                .iter()
                .any(|&(a, l)| addr >= a && addr + len <= a + l),
            "qp {q}: write {addr:#x}+{len} outside every granted region"
        );
        for i in 0..len {
            self.mem.insert(addr + i, d[(lo + i) as usize]);
        }
        self.writes += 1;
        Ok(())
    }
}

/// Traffic for `n` QPs: each a random mix, some with one fault.
fn traffic(
    rng: &mut Rng,
    mr: &mut Mr,
    n: usize,
    msgs: usize,
    fault_pct: u64,
    small_pct: u64,
) -> Vec<(QpGen, Fault)> {
    let mut gens: Vec<QpGen> = (0..n).map(|q| QpGen::new(rng, mr, q)).collect();
    for q in 0..n {
        gens[q].other_pd_stag = gens[(q + 1) % n].rw[0];
    }
    let mut out = Vec::new();
    for mut g in gens {
        let fault = if rng.percent(fault_pct) {
            FAULTS[rng.below(FAULTS.len() as u64) as usize]
        } else {
            Fault::None
        };
        let at = rng.below(msgs as u64) as usize;
        for i in 0..msgs {
            if i == at && fault != Fault::None {
                g.faulty(rng, mr, fault);
                if matches!(fault, Fault::LenErr | Fault::Empty | Fault::Term) {
                    break;
                }
            } else {
                let small = rng.percent(small_pct);
                g.message(rng, mr, small);
            }
        }
        out.push((g, fault));
    }
    out
}

fn run(
    seed: u64,
    nqp: usize,
    msgs: usize,
    fault_pct: u64,
    cfg: Cfg,
    tiny: bool,
) -> Result<Bench, ModError> {
    let mut b = Bench::new(seed, cfg)?;
    let mut rng = Rng::new(seed ^ 0x5eed);
    let mut mr = Mr::default();
    let t = traffic(&mut rng, &mut mr, nqp, msgs, fault_pct, 40);
    b.mr = mr;
    let mut faults = Vec::new();
    for (g, f) in t {
        faults.push(f);
        b.add_qp(g, tiny);
    }
    let mut want_mem = HashMap::new();
    b.expect(&mut want_mem);
    let mut n = 0u64;
    while !b.done() {
        b.cycle()?;
        n += 1;
        if n >= 2_000_000 {
            let g = |p: &str| b.m.get(p).unwrap_or(9);
            let names = [
                "s_tvalid_i",
                "s_tready_o",
                "st_valid_i",
                "st_ready_o",
                "chk_valid_o",
                "rb_req_valid_o",
                "m_wr_valid_o",
                "term_valid_o",
                "cpl_valid_o",
                "rr_valid_o",
                "rdc_valid_o",
                "rinv_valid_o",
            ];
            let v: Vec<String> = names.iter().map(|p| format!("{p}={}", g(p))).collect();
            let pend: Vec<(usize, usize)> =
                b.qps.iter().map(|q| (q.pieces.len(), q.pending)).collect();
            panic!(
                "seed {seed}: no progress: {v:?} pending {pend:?} st {:?} cur {:?} rb {:?}",
                b.st,
                b.cur.as_ref().map(|c| (c.q, c.off, c.len, c.taken, c.cont)),
                b.rb_pipe
            );
        }
    }
    // drain the tail
    for _ in 0..200 {
        b.cycle()?;
    }
    for (q, qp) in b.qps.iter_mut().enumerate() {
        // a Terminate of ours carries the faulting segment's first bytes
        // as far as the header was gathered: at least the header
        for (g, w) in qp.got.iter_mut().zip(&qp.want) {
            if let (
                Out::Term {
                    rx: false,
                    hvalid: true,
                    hdr: gh,
                    ..
                },
                Out::Term { hdr: wh, .. },
            ) = (g, w)
            {
                assert!(
                    gh.starts_with(wh),
                    "seed {seed}: qp {q}: Terminate header {gh:?} vs {wh:?}"
                );
                gh.truncate(wh.len());
            }
        }
        assert_eq!(
            qp.got, qp.want,
            "seed {seed}: qp {q} (fault {:?}): records",
            faults[q]
        );
    }
    if b.mem.len() != want_mem.len() {
        let mut extra: Vec<u64> = b
            .mem
            .keys()
            .filter(|a| !want_mem.contains_key(a))
            .copied()
            .collect();
        extra.sort_unstable();
        let q = extra.first().map(|a| (a >> 32) - 1);
        panic!(
            "seed {seed}: {} bytes placed, {} expected; extra from {:#x?} (qp {q:?}, faults {faults:?}), {} extra; records {:?}",
            b.mem.len(),
            want_mem.len(),
            extra.first(),
            extra.len(),
            q.map(|q| &b.qps[q as usize].want)
        );
    }
    for (a, v) in &want_mem {
        assert_eq!(b.mem.get(a), Some(v), "seed {seed}: byte at {a:#x}");
    }
    Ok(b)
}

#[test]
fn clean_traffic_with_idle_and_backpressure() -> Result<(), ModError> {
    for seed in 1..=3 {
        let b = run(
            seed,
            4,
            30,
            0,
            Cfg {
                idle: 20,
                stall: 20,
                cont: 50,
                offer: 50,
            },
            false,
        )?;
        assert!(b.writes > 100, "seed {seed}: only {} writes", b.writes);
    }
    Ok(())
}

#[test]
fn headers_split_over_packets() -> Result<(), ModError> {
    for seed in 10..=12 {
        run(
            seed,
            4,
            25,
            0,
            Cfg {
                idle: 10,
                stall: 10,
                cont: 60,
                offer: 30,
            },
            true,
        )?;
    }
    Ok(())
}

#[test]
fn every_error_class() -> Result<(), ModError> {
    let mut hit: HashMap<(bool, u8, u8, u8), usize> = HashMap::new();
    for seed in 100..140 {
        let b = run(
            seed,
            6,
            12,
            100,
            Cfg {
                idle: 15,
                stall: 15,
                cont: 50,
                offer: 50,
            },
            seed % 2 == 0,
        )?;
        for qp in &b.qps {
            for o in &qp.got {
                if let Out::Term {
                    rx,
                    layer,
                    etype,
                    ecode,
                    ..
                } = o
                {
                    *hit.entry((*rx, *layer, *etype, *ecode)).or_default() += 1;
                }
            }
        }
    }
    let want: &[(u8, u8, u8)] = &[
        (L_RDMAP, E_ROP, Rd::Unspecified as u8),
        (L_DDP, E_DTAG, Tg::InvalidDdpVersion as u8),
        (L_DDP, E_DUNT, Ut::InvalidDdpVersion as u8),
        (L_RDMAP, E_ROP, Rd::InvalidRdmapVersion as u8),
        (L_RDMAP, E_ROP, Rd::UnexpectedOpcode as u8),
        (L_DDP, E_DUNT, Ut::InvalidQn as u8),
        (L_DDP, E_DUNT, Ut::InvalidMsnRange as u8),
        (L_DDP, E_DUNT, Ut::InvalidMo as u8),
        (L_DDP, E_DUNT, Ut::InvalidMsnNoBuffer as u8),
        (L_DDP, E_DUNT, Ut::MsgTooLong as u8),
        (L_DDP, E_DTAG, Tg::InvalidStag as u8),
        (L_DDP, E_DTAG, Tg::StagNotAssoc as u8),
        (L_DDP, E_DTAG, Tg::BaseBounds as u8),
        (L_DDP, E_DTAG, Tg::ToWrap as u8),
        (L_RDMAP, E_RPROT, Rd::AccessRights as u8),
        (L_RDMAP, E_RPROT, Rd::BaseBounds as u8),
        (L_RDMAP, E_ROP, Rd::CatastrophicStream as u8),
        (L_RDMAP, E_RPROT, Rd::CantInvalidate as u8),
        (L_RDMAP, E_ROP, Rd::CantInvalidate as u8),
        (L_LLP, 0, Llp::CrcError as u8),
        (L_LLP, 0, Llp::MarkerError as u8),
    ];
    for &(l, e, c) in want {
        assert!(
            hit.contains_key(&(false, l, e, c)),
            "never hit: layer {l} etype {e} ecode {c:#x}; hit {hit:?}"
        );
    }
    assert!(hit.keys().any(|k| k.0), "no Terminate received");
    Ok(())
}

#[test]
fn throughput() -> Result<(), ModError> {
    // send: one message of 100 segments; sends: 64-byte Sends (82-byte
    // ULPDUs), each a message of its own into a 64-byte buffer offered
    // before it comes (the receive-queue unit's offer)
    for (name, seg, send) in [
        ("write", 1460, 0),
        ("write", 64, 0),
        ("write", 78, 0),
        ("send", 1460, 1),
        ("send", 64, 1),
        ("sends", 82, 2),
    ] {
        let mut b = Bench::new(
            7,
            Cfg {
                idle: 0,
                stall: 0,
                cont: 100,
                offer: 100,
            },
        )?;
        let mut rng = Rng::new(77);
        let mut mr = Mr::default();
        let mut g = QpGen::new(&mut rng, &mut mr, 0);
        // a large region of its own (an unaligned IOVA)
        let iova = (1 << 32) + 0x40_0000 + 13;
        let region = Region {
            key: 0,
            pd: g.pd,
            acc: ACC_RW | 1,
            fr: false,
            valid: true,
            base: 0x1000,
            len: 300_000,
            iova,
        };
        let stag = mr.add(&mut rng, region);
        g.granted.push((iova, 300_000));
        let r = mr.get(stag).expect("r").clone();
        let mut bytes = 0u64;
        if send == 2 {
            let n = 400u32;
            let pay = seg - 18;
            for k in 0..n {
                let a = 0x80_0000 + u64::from(k) * pay as u64;
                g.bufs.push_back(vec![(a, pay as u32)]);
                g.granted.push((a, pay as u64));
                let mut u = untagged(true, 3, 0, 0, k + 1, 0);
                u.extend(random_bytes(&mut rng, pay));
                bytes += u.len() as u64;
                g.push(u);
            }
        } else if send == 1 {
            // one message of many segments, then a completion
            let n = 100;
            let pay = seg - 18;
            g.post(&mut rng, (n * pay) as u32);
            for k in 0..n {
                let mut u = untagged(k == n - 1, 3, 0, 0, 1, (k * pay) as u32);
                u.extend(random_bytes(&mut rng, pay));
                bytes += u.len() as u64;
                g.push(u);
            }
        } else {
            let mut to = r.base;
            while to + seg as u64 <= r.base + r.len {
                let mut u = tagged(true, 0, stag, to);
                u.extend(random_bytes(&mut rng, seg - 14));
                bytes += u.len() as u64;
                g.push(u);
                to += seg as u64 - 14;
            }
        }
        b.mr = mr;
        b.add_qp(g, false);
        // one packet per FPDU, as MPA senders align them with segments
        let q = &mut b.qps[0];
        q.pieces = (0..q.fpdus.len())
            .map(|i| Piece::Pkt {
                fpdu: i,
                off: 0,
                bytes: q.fpdus[i].ulpdu.clone(),
                end: true,
            })
            .collect();
        let mut want_mem = HashMap::new();
        b.expect(&mut want_mem);
        let c0 = b.m.cycle();
        while !b.done() {
            b.cycle()?;
        }
        let cycles = b.m.cycle() - c0;
        // the last packet's flush write may follow its context write-back
        for _ in 0..50 {
            b.cycle()?;
        }
        println!(
            "{name} segments of {seg} bytes: {:.1} ULPDU bytes/cycle, {:.2} cycles per segment",
            bytes as f64 / cycles as f64,
            cycles as f64 / b.qps[0].fpdus.len() as f64
        );
        assert_eq!(b.qps[0].got, b.qps[0].want);
        let diff = want_mem
            .iter()
            .filter(|(a, v)| b.mem.get(a) != Some(v))
            .count();
        assert!(
            b.mem.len() == want_mem.len() && diff == 0,
            "{name} {seg}: {} bytes placed, {} expected, {diff} differ",
            b.mem.len(),
            want_mem.len()
        );
    }
    Ok(())
}

/// A longer run over many seeds (`cargo test -- --ignored`).
#[test]
#[ignore]
fn soak() -> Result<(), ModError> {
    for seed in soak_seeds() {
        let cfg = Cfg {
            idle: seed % 30,
            stall: (seed / 3) % 40,
            cont: seed % 100,
            offer: (seed * 7) % 100,
        };
        run(seed, 2 + (seed % 5) as usize, 20, 60, cfg, seed % 3 == 0)?;
    }
    Ok(())
}

/// The soak test's seeds: `WN_SEED` (first, default 1000) and `WN_SEEDS`
/// (how many, default 400) from the environment.
fn soak_seeds() -> std::ops::Range<u64> {
    let var = |k: &str, d: u64| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let first = var("WN_SEED", 1000);
    first..first + var("WN_SEEDS", 400)
}
