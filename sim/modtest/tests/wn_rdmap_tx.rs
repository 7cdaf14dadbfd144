//! `wn_rdmap_tx` (64 segment records, 64 reads, a 16 KiB response buffer)
//! against a reference segmenter written from RFC 5040, 5041 and 7306 and
//! a model of host memory.
//!
//! The memory model holds random bytes; its last 64 KiB (page aligned)
//! refuse reads. Every read request is checked (1..=4096 bytes, no 4 KiB
//! boundary crossed, inside memory) and answered in request order after a
//! random or fixed latency, with random stalls between beats and random
//! bytes past the end of each read; a refused read is one beat with error
//! and last. Jobs are offered with random idle, the MPA header channel and
//! the ULPDU stream see random backpressure. Each ULPDU is compared byte
//! for byte with the reference (its header emitted by `warpnic_abi::wire`)
//! and its header decoded field by field with the generated views
//! (`DdpTaggedHdr`, `DdpUntaggedHdr`, `RdmaReadReq`, `RdmapImmediate`,
//! `RdmapTerminate`) against the job; every MPA header request and every
//! status report is checked too. Rebuilt segments (a job resumed at a
//! segment's offset with a segment count) must equal the originals. The
//! rate tests print the 64-byte WRITE message rate and the large-message
//! throughput.

use std::collections::VecDeque;

use warpnic_abi::gen::{
    DdpQueue, DdpTaggedHdr, DdpUntaggedHdr, RdmaReadReq, RdmapImmediate, RdmapOpcode,
    RdmapTerminate, DMA_MAX_READ,
};
use warpnic_abi::wire::{DdpTaggedRepr, DdpUntaggedRepr, DDP_VERSION, RDMAP_VERSION};
use warpnic_modtest::wn_rdmap_tx::{self, ports};
use warpnic_modtest::{dma_read_beats, ModError, ModModel, Rng};

/// Host memory: MEM bytes at BASE (page aligned); the last BAD_LEN bytes
/// refuse reads.
const BASE: u64 = 0x0000_6b1c_4000_0000;
const MEM: usize = 2 << 20;
const BAD_LEN: usize = 64 << 10;
const GOOD: usize = MEM - BAD_LEN;
const TERM_MAX: usize = 52;
const CLOCK_MHZ: f64 = 250.0;

/// One message job. Gather entries are (memory offset, length).
#[derive(Clone, Debug)]
struct Job {
    qp: u32,
    op: RdmapOpcode,
    len: u32,
    stag: u32,
    to: u64,
    msn: u32,
    src_stag: u32,
    src_to: u64,
    imm: u64,
    term: Vec<u8>,
    sge: Vec<(usize, u32)>,
    mulpdu: u16,
    off: u32,
    nseg: u16,
    crc: bool,
    mark: bool,
}

fn tagged(op: RdmapOpcode) -> bool {
    matches!(op, RdmapOpcode::RdmaWrite | RdmapOpcode::RdmaReadResponse)
}

impl Job {
    /// The payload that travels inline (not from host memory), if any.
    fn inline(&self) -> Option<Vec<u8>> {
        match self.op {
            RdmapOpcode::RdmaReadRequest => {
                let mut b = vec![0u8; RdmaReadReq::<&[u8]>::LEN];
                let mut v = RdmaReadReq::new_unchecked(&mut b[..]);
                v.set_sink_stag(self.stag);
                v.set_sink_to(self.to);
                v.set_read_size(self.len);
                v.set_src_stag(self.src_stag);
                v.set_src_to(self.src_to);
                Some(b)
            }
            RdmapOpcode::ImmediateData | RdmapOpcode::ImmediateDataSe => {
                Some(self.imm.to_be_bytes().to_vec())
            }
            RdmapOpcode::Terminate => Some(self.term.clone()),
            _ => None,
        }
    }

    fn qn(&self) -> u32 {
        match self.op {
            RdmapOpcode::RdmaReadRequest => DdpQueue::RdmaReadRequest as u32,
            RdmapOpcode::Terminate => DdpQueue::Terminate as u32,
            _ => DdpQueue::Send as u32,
        }
    }

    fn inv_stag(&self) -> u32 {
        match self.op {
            RdmapOpcode::SendInvalidate | RdmapOpcode::SendSeInvalidate => self.stag,
            _ => 0,
        }
    }

    fn hdr_len(&self) -> usize {
        if tagged(self.op) {
            DdpTaggedRepr::LEN
        } else {
            DdpUntaggedRepr::LEN + self.inline().map_or(0, |v| v.len())
        }
    }

    /// Payload bytes of a segment (MULPDU minus the header).
    fn pmax(&self) -> usize {
        usize::from(self.mulpdu) - self.hdr_len()
    }

    /// Memory offset of message byte `i`.
    fn at(&self, mut i: usize) -> usize {
        for &(a, l) in &self.sge {
            if i < l as usize {
                return a + i;
            }
            i -= l as usize;
        }
        panic!("message byte beyond the gather list");
    }
}

/// One segment as the reference builds it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Seg {
    ulpdu: Vec<u8>,
    crc: bool,
    mark: bool,
    qp: u32,
    off_after: u32,
    last: bool,
    done: bool,
    err: bool,
    /// Message offset of its payload and the job, for the field checks.
    mo: u32,
    job: usize,
}

/// The reference segmenter: the segments of `job` from its offset on
/// (RFC 5041 §5, §8: each at most MULPDU bytes; RFC 5040 §4 headers).
fn segments(job: &Job, jid: usize, mem: &[u8]) -> Vec<Seg> {
    let mut out = Vec::new();
    let mk = |ulpdu: Vec<u8>, mo: u32, off_after: u32, last: bool, done: bool, err: bool| Seg {
        ulpdu,
        crc: job.crc,
        mark: job.mark,
        qp: job.qp,
        off_after,
        last,
        done,
        err,
        mo,
        job: jid,
    };
    if let Some(inl) = job.inline() {
        let mut u = vec![0u8; DdpUntaggedRepr::LEN];
        DdpUntaggedRepr {
            last: true,
            opcode: job.op,
            inv_stag: 0,
            qn: job.qn(),
            msn: job.msn,
            mo: 0,
        }
        .emit(&mut u)
        .expect("untagged header");
        u.extend_from_slice(&inl);
        out.push(mk(u, 0, inl.len() as u32, true, true, false));
        return out;
    }
    let pmax = job.pmax();
    let len = job.len as usize;
    let mut off = job.off as usize;
    let mut n = 0u16;
    loop {
        let plen = (len - off).min(pmax);
        let last = off + plen == len;
        let mut u = if tagged(job.op) {
            let mut h = vec![0u8; DdpTaggedRepr::LEN];
            DdpTaggedRepr {
                last,
                opcode: job.op,
                stag: job.stag,
                tagged_offset: job.to.wrapping_add(off as u64),
            }
            .emit(&mut h)
            .expect("tagged header");
            h
        } else {
            let mut h = vec![0u8; DdpUntaggedRepr::LEN];
            DdpUntaggedRepr {
                last,
                opcode: job.op,
                inv_stag: job.inv_stag(),
                qn: job.qn(),
                msn: job.msn,
                mo: off as u32,
            }
            .emit(&mut h)
            .expect("untagged header");
            h
        };
        let mut err = false;
        for i in off..off + plen {
            let a = job.at(i);
            if a >= GOOD {
                // a refused read's bytes go out as zeros
                err = true;
                u.push(0);
            } else {
                u.push(mem[a]);
            }
        }
        n += 1;
        let done = last || n == job.nseg;
        out.push(mk(u, off as u32, (off + plen) as u32, last, done, err));
        off += plen;
        if done {
            return out;
        }
    }
}

/// Decodes an ULPDU with the generated views and checks every field
/// against the job (not against the reference's bytes).
fn check_fields(s: &Seg, job: &Job, got: &[u8]) {
    let op = u8::from(job.op);
    if tagged(job.op) {
        let h = DdpTaggedHdr::new_checked(got).expect("tagged header");
        assert_eq!(h.tagged(), 1);
        assert_eq!(h.last(), u8::from(s.last), "L");
        assert_eq!(h.rsvd(), 0);
        assert_eq!(h.ddp_version(), DDP_VERSION);
        assert_eq!(h.rdmap_version(), RDMAP_VERSION);
        assert_eq!(h.rsvd_ulp(), 0);
        assert_eq!(h.opcode(), op);
        assert_eq!(h.stag(), job.stag, "STag");
        assert_eq!(
            h.tagged_offset(),
            job.to.wrapping_add(u64::from(s.mo)),
            "TO"
        );
        assert!(got.len() <= usize::from(job.mulpdu), "beyond MULPDU");
    } else {
        let h = DdpUntaggedHdr::new_checked(got).expect("untagged header");
        assert_eq!(h.tagged(), 0);
        assert_eq!(h.last(), u8::from(s.last), "L");
        assert_eq!(h.rsvd(), 0);
        assert_eq!(h.ddp_version(), DDP_VERSION);
        assert_eq!(h.rdmap_version(), RDMAP_VERSION);
        assert_eq!(h.rsvd_ulp(), 0);
        assert_eq!(h.opcode(), op);
        assert_eq!(h.inv_stag(), job.inv_stag(), "invalidate STag");
        assert_eq!(h.qn(), job.qn(), "QN");
        assert_eq!(h.msn(), job.msn, "MSN");
        assert_eq!(h.mo(), s.mo, "MO");
        assert!(got.len() <= usize::from(job.mulpdu), "beyond MULPDU");
        let p = h.payload();
        match job.op {
            RdmapOpcode::RdmaReadRequest => {
                let r = RdmaReadReq::new_checked(p).expect("read request");
                assert_eq!(p.len(), RdmaReadReq::<&[u8]>::LEN);
                assert_eq!(
                    (r.sink_stag(), r.sink_to(), r.read_size()),
                    (job.stag, job.to, job.len)
                );
                assert_eq!((r.src_stag(), r.src_to()), (job.src_stag, job.src_to));
            }
            RdmapOpcode::ImmediateData | RdmapOpcode::ImmediateDataSe => {
                let r = RdmapImmediate::new_checked(p).expect("immediate data");
                assert_eq!(p.len(), RdmapImmediate::<&[u8]>::LEN);
                assert_eq!(r.data(), job.imm);
            }
            RdmapOpcode::Terminate => {
                let t = RdmapTerminate::new_checked(p).expect("terminate");
                let want = RdmapTerminate::new_checked(&job.term[..]).expect("terminate");
                assert_eq!(
                    (t.layer(), t.etype(), t.ecode()),
                    (want.layer(), want.etype(), want.ecode())
                );
                assert_eq!(p, &job.term[..]);
            }
            _ => {}
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Cfg {
    /// Fixed read latency, or random 1..=200 when `None`.
    latency: Option<u64>,
    rsp_stall: u64,
    req_stall: u64,
    out_stall: u64,
    h_stall: u64,
    job_idle: u64,
}

const CALM: Cfg = Cfg {
    latency: Some(125),
    rsp_stall: 0,
    req_stall: 0,
    out_stall: 0,
    h_stall: 0,
    job_idle: 0,
};

struct Rsp {
    due: u64,
    beats: VecDeque<([u8; 64], bool, bool)>,
}

struct Bench {
    m: ModModel,
    rng: Rng,
    cfg: Cfg,
    mem: Vec<u8>,
    jobs: Vec<Job>,
    todo: VecDeque<usize>,
    offered: Option<usize>,
    want_h: VecDeque<(u16, bool, bool)>,
    want_u: VecDeque<Seg>,
    want_st: VecDeque<Seg>,
    rsps: VecDeque<Rsp>,
    last_due: u64,
    cur: Vec<u8>,
    segs_out: u64,
    errs: u64,
    reads: u64,
    beats_out: u64,
    first_accept: Option<u64>,
    first_beat: Option<u64>,
    last_beat: u64,
    last_status: u64,
}

impl Bench {
    fn new(seed: u64, cfg: Cfg) -> Result<Self, ModError> {
        let mut rng = Rng::new(seed);
        let mem: Vec<u8> = (0..MEM).map(|_| rng.next_u64() as u8).collect();
        let mut m = ModModel::new(wn_rdmap_tx::NAME)?;
        m.reset(4)?;
        Ok(Bench {
            m,
            rng,
            cfg,
            mem,
            jobs: Vec::new(),
            todo: VecDeque::new(),
            offered: None,
            want_h: VecDeque::new(),
            want_u: VecDeque::new(),
            want_st: VecDeque::new(),
            rsps: VecDeque::new(),
            last_due: 0,
            cur: Vec::new(),
            segs_out: 0,
            errs: 0,
            reads: 0,
            beats_out: 0,
            first_accept: None,
            first_beat: None,
            last_beat: 0,
            last_status: 0,
        })
    }

    fn push(&mut self, j: Job) -> usize {
        self.jobs.push(j);
        let id = self.jobs.len() - 1;
        self.todo.push_back(id);
        id
    }

    /// A gather list of `len` bytes: 1..=4 non-empty entries at random
    /// offsets and alignments, touching the bad region at `bad_pct`.
    fn sgl(&mut self, len: u32, bad_pct: u64) -> Vec<(usize, u32)> {
        if len == 0 {
            return Vec::new();
        }
        let r = &mut self.rng;
        let n = (1 + r.below(4) as u32).min(len);
        let mut cuts: Vec<u32> = (0..n - 1)
            .map(|_| 1 + r.below(u64::from(len - 1)) as u32)
            .collect();
        cuts.sort_unstable();
        cuts.dedup();
        let mut lens = Vec::new();
        let mut prev = 0;
        for c in cuts.into_iter().chain(std::iter::once(len)) {
            lens.push(c - prev);
            prev = c;
        }
        let bad = r.percent(bad_pct);
        let mut out = Vec::new();
        for (k, l) in lens.into_iter().enumerate() {
            let l_us = l as usize;
            let a = if bad && k == 0 && l_us < BAD_LEN {
                // straddle or sit in the bad region
                GOOD - r.below(l_us as u64 + 1) as usize
            } else if r.percent(30) {
                // near a page boundary
                let page = r.below(((GOOD - l_us) / 4096) as u64) as usize * 4096;
                (page + 4096 - r.below(80) as usize).min(GOOD - l_us)
            } else {
                r.below((GOOD - l_us + 1) as u64) as usize
            };
            out.push((a, l));
        }
        out
    }

    fn random_job(&mut self, max_len: u32, bad_pct: u64) -> Job {
        let r = &mut self.rng;
        let op = match r.below(12) {
            0..=3 => RdmapOpcode::RdmaWrite,
            4 => RdmapOpcode::RdmaReadResponse,
            5 => RdmapOpcode::Send,
            6 => RdmapOpcode::SendSe,
            7 => RdmapOpcode::SendInvalidate,
            8 => RdmapOpcode::SendSeInvalidate,
            9 => RdmapOpcode::RdmaReadRequest,
            10 => {
                if r.percent(50) {
                    RdmapOpcode::ImmediateData
                } else {
                    RdmapOpcode::ImmediateDataSe
                }
            }
            _ => RdmapOpcode::Terminate,
        };
        let len = match r.below(8) {
            0 => 0,
            1 => 1 + r.below(64) as u32,
            2 => 1 + r.below(512) as u32,
            3 => 64,
            _ => r.below(u64::from(max_len) + 1) as u32,
        };
        let mulpdu = match r.below(4) {
            0 => 72 + r.below(64) as u16,
            1 => 1448 - 4 * r.below(3) as u16,
            2 => 8000 + r.below(1000) as u16,
            _ => 72 + r.below(3000) as u16,
        };
        let term_len = 4 + r.below((TERM_MAX - 3) as u64) as usize;
        let term: Vec<u8> = (0..term_len).map(|_| r.next_u64() as u8).collect();
        let (len, inline) = match op {
            RdmapOpcode::Terminate => (term_len as u32, true),
            RdmapOpcode::ImmediateData | RdmapOpcode::ImmediateDataSe => (0, true),
            RdmapOpcode::RdmaReadRequest => (r.next_u64() as u32 >> r.below(32), true),
            _ => (len, false),
        };
        let mut j = Job {
            qp: r.below(1 << 10) as u32,
            op,
            len,
            stag: r.next_u64() as u32,
            to: r.next_u64() >> r.below(2),
            msn: r.next_u64() as u32,
            src_stag: r.next_u64() as u32,
            src_to: r.next_u64(),
            imm: r.next_u64(),
            term,
            sge: Vec::new(),
            mulpdu,
            off: 0,
            nseg: 0,
            crc: r.percent(80),
            mark: r.percent(30),
        };
        if !inline {
            j.sge = self.sgl(len, bad_pct);
        }
        j
    }

    fn set_job(&mut self, id: usize) -> Result<(), ModError> {
        let j = &self.jobs[id];
        let m = &mut self.m;
        m.set(ports::JOB_QP_I, u64::from(j.qp))?;
        m.set(ports::JOB_OPCODE_I, u64::from(u8::from(j.op)))?;
        m.set(ports::JOB_LEN_I, u64::from(j.len))?;
        m.set(ports::JOB_STAG_I, u64::from(j.stag))?;
        m.set(ports::JOB_TO_I, j.to)?;
        m.set(ports::JOB_MSN_I, u64::from(j.msn))?;
        m.set(ports::JOB_SRC_STAG_I, u64::from(j.src_stag))?;
        m.set(ports::JOB_SRC_TO_I, j.src_to)?;
        m.set(ports::JOB_IMM_I, j.imm)?;
        // bytes past the Terminate are junk the module must not send
        let mut term = [0xa5u8; TERM_MAX];
        term[..j.term.len()].copy_from_slice(&j.term);
        m.set_bytes(ports::JOB_TERM_I, &term)?;
        let mut addr = [0u8; 32];
        let mut lens = [0u8; 16];
        for (k, &(a, l)) in j.sge.iter().enumerate() {
            addr[k * 8..k * 8 + 8].copy_from_slice(&(BASE + a as u64).to_le_bytes());
            lens[k * 4..k * 4 + 4].copy_from_slice(&l.to_le_bytes());
        }
        for k in j.sge.len()..4 {
            // unused entries hold junk
            addr[k * 8..k * 8 + 8].copy_from_slice(&0xdead_beef_0000_1000u64.to_le_bytes());
            lens[k * 4..k * 4 + 4].copy_from_slice(&0x1234u32.to_le_bytes());
        }
        m.set_bytes(ports::JOB_SGE_ADDR_I, &addr)?;
        m.set_bytes(ports::JOB_SGE_LEN_I, &lens)?;
        m.set(ports::JOB_SGE_NUM_I, j.sge.len() as u64)?;
        m.set(ports::JOB_MULPDU_I, u64::from(j.mulpdu))?;
        m.set(ports::JOB_OFF_I, u64::from(j.off))?;
        m.set(ports::JOB_NSEG_I, u64::from(j.nseg))?;
        m.set(ports::JOB_CRC_I, u64::from(j.crc))?;
        m.set(ports::JOB_MARK_I, u64::from(j.mark))
    }

    fn answer(&mut self, addr: u64, len: usize) -> Rsp {
        assert!(
            (1..=DMA_MAX_READ as usize).contains(&len),
            "read of {len} bytes"
        );
        assert!(
            addr >= BASE && addr + len as u64 <= BASE + MEM as u64,
            "read at {addr:#x}"
        );
        assert_eq!(
            addr >> 12,
            (addr + len as u64 - 1) >> 12,
            "read of {len} bytes at {addr:#x} crosses a 4 KiB boundary"
        );
        let at = (addr - BASE) as usize;
        let now = self.m.cycle();
        let lat = self.cfg.latency.unwrap_or_else(|| 1 + self.rng.below(200));
        let due = (now + lat).max(self.last_due);
        self.last_due = due;
        let beats = if at + len > GOOD {
            assert!(
                at >= GOOD,
                "a read straddles the bad region's page boundary"
            );
            dma_read_beats(&mut self.rng, None)
        } else {
            dma_read_beats(&mut self.rng, Some(&self.mem[at..at + len]))
        };
        Rsp { due, beats }
    }

    fn cycle(&mut self) -> Result<(), ModError> {
        let now = self.m.cycle();
        let go = !self.todo.is_empty() && !self.rng.percent(self.cfg.job_idle);
        if go && self.offered != self.todo.front().copied() {
            let id = self.todo[0];
            self.set_job(id)?;
            self.offered = Some(id);
        }
        self.m.set(ports::JOB_VALID_I, u64::from(go))?;
        let h_ready = !self.rng.percent(self.cfg.h_stall);
        self.m.set(ports::H_READY_I, u64::from(h_ready))?;
        let req_ready = !self.rng.percent(self.cfg.req_stall);
        self.m.set(ports::RD_READY_I, u64::from(req_ready))?;
        let rsp_go = self.rsps.front().is_some_and(|r| r.due <= now)
            && !self.rng.percent(self.cfg.rsp_stall);
        if rsp_go {
            let (d, last, err) = self.rsps[0].beats[0];
            self.m.set_bytes(ports::RD_DATA_I, &d)?;
            self.m.set(ports::RD_LAST_I, u64::from(last))?;
            self.m.set(ports::RD_ERR_I, u64::from(err))?;
        }
        self.m.set(ports::RD_VALID_I, u64::from(rsp_go))?;
        let out_ready = !self.rng.percent(self.cfg.out_stall);
        self.m.set(ports::M_TREADY_I, u64::from(out_ready))?;
        self.m.eval()?;

        if go && self.m.get(ports::JOB_READY_O)? == 1 {
            let id = self.todo.pop_front().expect("offered");
            self.first_accept.get_or_insert(now);
            let segs = segments(&self.jobs[id], id, &self.mem);
            for s in segs {
                self.want_h.push_back((s.ulpdu.len() as u16, s.crc, s.mark));
                self.want_st.push_back(s.clone());
                self.want_u.push_back(s);
            }
        }
        if h_ready && self.m.get(ports::H_VALID_O)? == 1 {
            let got = (
                self.m.get(ports::H_LEN_O)? as u16,
                self.m.get(ports::H_CRC_O)? == 1,
                self.m.get(ports::H_MARK_O)? == 1,
            );
            let want = self
                .want_h
                .pop_front()
                .expect("an MPA header for no segment");
            assert_eq!(got, want, "MPA header request");
        }
        if req_ready && self.m.get(ports::RD_VALID_O)? == 1 {
            let addr = self.m.get(ports::RD_ADDR_O)?;
            let len = self.m.get(ports::RD_LEN_O)? as usize;
            let r = self.answer(addr, len);
            self.rsps.push_back(r);
            self.reads += 1;
        }
        if rsp_go {
            assert_eq!(self.m.get(ports::RD_READY_O)?, 1, "response refused");
            let r = self.rsps.front_mut().expect("response");
            r.beats.pop_front();
            if r.beats.is_empty() {
                self.rsps.pop_front();
            }
        }
        if out_ready && self.m.get(ports::M_TVALID_O)? == 1 {
            self.out_beat(now)?;
        }
        if self.m.get(ports::ST_VALID_O)? == 1 {
            let s = self.want_st.pop_front().expect("a status for no segment");
            let got = (
                self.m.get(ports::ST_QP_O)? as u32,
                self.m.get(ports::ST_OFF_O)? as u32,
                self.m.get(ports::ST_LEN_O)? as usize,
                self.m.get(ports::ST_LAST_O)? == 1,
                self.m.get(ports::ST_DONE_O)? == 1,
                self.m.get(ports::ST_ERR_O)? == 1,
            );
            let want = (s.qp, s.off_after, s.ulpdu.len(), s.last, s.done, s.err);
            assert_eq!(got, want, "status of segment {}", self.segs_out - 1);
            self.errs += u64::from(s.err);
            self.last_status = now;
        }
        self.m.tick()
    }

    fn out_beat(&mut self, now: u64) -> Result<(), ModError> {
        let keep = self.m.get(ports::M_TKEEP_O)?;
        let last = self.m.get(ports::M_TLAST_O)? == 1;
        let n = keep.count_ones() as usize;
        let contiguous = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        assert_eq!(keep, contiguous, "tkeep not contiguous from byte 0");
        assert!(n > 0, "empty beat");
        assert!(last || n == 64, "tkeep not all ones before the last beat");
        let mut d = [0u8; 64];
        self.m.get_bytes(ports::M_TDATA_O, &mut d)?;
        self.cur.extend_from_slice(&d[..n]);
        self.beats_out += 1;
        self.first_beat.get_or_insert(now);
        self.last_beat = now;
        if last {
            let got = std::mem::take(&mut self.cur);
            let want = self.want_u.pop_front().expect("an ULPDU for no segment");
            let job = &self.jobs[want.job];
            assert_eq!(
                got.len(),
                want.ulpdu.len(),
                "segment {} length ({:?} of {} bytes at offset {}, MULPDU {})",
                self.segs_out,
                job.op,
                job.len,
                want.mo,
                job.mulpdu
            );
            if let Some(i) = (0..got.len()).find(|&i| got[i] != want.ulpdu[i]) {
                panic!(
                    "segment {} ({:?}, {} bytes, offset {}) differs first at byte {i}: {:#04x}, want {:#04x}",
                    self.segs_out,
                    job.op,
                    got.len(),
                    want.mo,
                    got[i],
                    want.ulpdu[i]
                );
            }
            check_fields(&want, job, &got);
            self.segs_out += 1;
        }
        Ok(())
    }

    fn drain(&mut self, limit: u64) -> Result<(), ModError> {
        let start = self.m.cycle();
        while !(self.todo.is_empty() && self.want_st.is_empty()) {
            assert!(
                self.m.cycle() - start < limit,
                "stuck: {} jobs to offer, {} segments not reported",
                self.todo.len(),
                self.want_st.len()
            );
            self.cycle()?;
        }
        for _ in 0..30 {
            self.cycle()?;
        }
        assert!(self.want_u.is_empty() && self.want_h.is_empty() && self.cur.is_empty());
        assert!(self.rsps.is_empty(), "reads left unanswered");
        Ok(())
    }
}

fn random_run(
    seed: u64,
    cfg: Cfg,
    jobs: usize,
    max_len: u32,
    bad_pct: u64,
) -> Result<Bench, ModError> {
    let mut b = Bench::new(seed, cfg)?;
    for _ in 0..jobs {
        let j = b.random_job(max_len, bad_pct);
        b.push(j);
    }
    b.drain(50_000_000)?;
    println!(
        "{jobs} jobs: {} segments, {} with refused reads, {} reads, {} cycles",
        b.segs_out,
        b.errs,
        b.reads,
        b.m.cycle()
    );
    Ok(b)
}

#[test]
fn random_messages_random_latency_and_stalls() -> Result<(), ModError> {
    let cfg = Cfg {
        latency: None,
        rsp_stall: 25,
        req_stall: 20,
        out_stall: 30,
        h_stall: 30,
        job_idle: 30,
    };
    let b = random_run(0x7d_a11e, cfg, 1500, 20_000, 3)?;
    assert!(b.errs > 0, "no refused read");
    Ok(())
}

#[test]
fn random_messages_heavy_backpressure() -> Result<(), ModError> {
    let cfg = Cfg {
        latency: Some(125),
        rsp_stall: 5,
        req_stall: 5,
        out_stall: 70,
        h_stall: 50,
        job_idle: 0,
    };
    random_run(0xb1_6b0a7, cfg, 600, 40_000, 2)?;
    Ok(())
}

#[test]
fn small_messages_back_to_back() -> Result<(), ModError> {
    let cfg = Cfg {
        latency: None,
        rsp_stall: 10,
        req_stall: 10,
        out_stall: 10,
        h_stall: 10,
        job_idle: 0,
    };
    random_run(0x5_3a11, cfg, 5000, 300, 1)?;
    Ok(())
}

#[test]
fn large_messages_up_to_4_mib() -> Result<(), ModError> {
    let cfg = Cfg {
        latency: None,
        rsp_stall: 10,
        req_stall: 10,
        out_stall: 10,
        h_stall: 10,
        job_idle: 10,
    };
    let mut b = Bench::new(0x4_1b, cfg)?;
    for (k, len) in [4u32 << 20, 1 << 20, 300_000, 65_537, 200_000]
        .into_iter()
        .enumerate()
    {
        let mut j = b.random_job(0, 0);
        j.op = if k % 2 == 0 {
            RdmapOpcode::RdmaWrite
        } else {
            RdmapOpcode::Send
        };
        j.len = len;
        // the largest MULPDU last: 65535-byte ULPDUs
        j.mulpdu = [8960, 1448, 4000, 200, 65535][k];
        // 4 entries of at most 1 MiB each, from anywhere in good memory
        let q = len / 4;
        j.sge = (0..4)
            .map(|i| {
                let l = if i == 3 { len - 3 * q } else { q };
                let a = b.rng.below((GOOD - l as usize) as u64) as usize;
                (a, l)
            })
            .collect();
        b.push(j);
    }
    b.drain(50_000_000)?;
    println!(
        "large messages: {} segments, {} cycles",
        b.segs_out,
        b.m.cycle()
    );
    Ok(())
}

#[test]
fn zero_length_and_single_segment_messages() -> Result<(), ModError> {
    let cfg = Cfg {
        latency: None,
        rsp_stall: 20,
        req_stall: 20,
        out_stall: 20,
        h_stall: 20,
        job_idle: 20,
    };
    let mut b = Bench::new(0x047e, cfg)?;
    for k in 0..600 {
        let mut j = b.random_job(0, 0);
        if k % 3 == 0 {
            // the RFC 6581 RTR messages: zero-length WRITE, READ, SEND
            j.op = [
                RdmapOpcode::RdmaWrite,
                RdmapOpcode::RdmaReadRequest,
                RdmapOpcode::Send,
            ][k % 9 / 3];
            j.len = 0;
            j.sge.clear();
        }
        if k % 7 == 0 {
            // the longest Terminate and the smallest MULPDU
            j.op = RdmapOpcode::Terminate;
            j.term = (0..TERM_MAX).map(|i| i as u8 ^ 0x5c).collect();
            j.term[0] = 0x11;
            j.len = TERM_MAX as u32;
            j.mulpdu = 72;
        }
        b.push(j);
    }
    b.drain(5_000_000)?;
    Ok(())
}

#[test]
fn resume_from_segment_offsets() -> Result<(), ModError> {
    let cfg = Cfg {
        latency: None,
        rsp_stall: 15,
        req_stall: 15,
        out_stall: 15,
        h_stall: 15,
        job_idle: 15,
    };
    let mut b = Bench::new(0x2e_5a3e, cfg)?;
    let mut rebuilt = 0;
    for _ in 0..400 {
        let mut j = b.random_job(30_000, 1);
        if j.inline().is_some() || j.len == 0 {
            j.op = RdmapOpcode::RdmaWrite;
            j.len = 1 + b.rng.below(30_000) as u32;
            j.sge = b.sgl(j.len, 1);
        }
        j.mulpdu = 72 + b.rng.below(2000) as u16;
        let full = segments(&j, 0, &b.mem);
        b.push(j.clone());
        // rebuild 1..=3 segments from a few random segment starts
        for _ in 0..2 {
            let k = b.rng.below(full.len() as u64) as usize;
            let n = 1 + b.rng.below(3) as usize;
            let mut r = j.clone();
            r.off = full[k].mo;
            r.nseg = n as u16;
            let again = segments(&r, 0, &b.mem);
            let end = (k + n).min(full.len());
            assert_eq!(again.len(), end - k);
            for (a, o) in again.iter().zip(&full[k..end]) {
                assert_eq!(a.ulpdu, o.ulpdu, "reference rebuild");
                assert_eq!((a.off_after, a.last, a.err), (o.off_after, o.last, o.err));
            }
            b.push(r);
            rebuilt += again.len();
        }
    }
    b.drain(50_000_000)?;
    println!("{rebuilt} segments rebuilt from their offsets");
    Ok(())
}

#[test]
fn message_rate_of_64_byte_writes() -> Result<(), ModError> {
    const N: usize = 4000;
    let mut b = Bench::new(0x64_b17e, CALM)?;
    for k in 0..N {
        let mut j = b.random_job(0, 0);
        j.op = RdmapOpcode::RdmaWrite;
        j.len = 64;
        j.mulpdu = 1448;
        // 64-byte buffers, 64-byte aligned (no page crossing)
        j.sge = vec![(((k * 64 * 7) % (GOOD - 64)) & !63, 64)];
        b.push(j);
    }
    b.drain(1_000_000)?;
    let first = b.first_accept.expect("accepted");
    let cycles = b.last_status - first;
    let per = cycles as f64 / N as f64;
    println!(
        "64-byte WRITEs: {N} in {cycles} cycles, {per:.2} cycles each, {:.1} M messages/s at {CLOCK_MHZ} MHz",
        CLOCK_MHZ / per
    );
    assert!(per <= 4.5, "{per:.2} cycles per 64-byte WRITE");
    Ok(())
}

#[test]
fn throughput_of_large_writes() -> Result<(), ModError> {
    for (mulpdu, aligned) in [(1448u16, true), (1448, false), (8960, true)] {
        let mut b = Bench::new(0x7_b1a5, CALM)?;
        let len: u32 = 1 << 20;
        let mut j = b.random_job(0, 0);
        j.op = RdmapOpcode::RdmaWrite;
        j.len = len;
        j.mulpdu = mulpdu;
        j.sge = vec![(if aligned { 0x1000 } else { 0x1234 }, len)];
        b.push(j);
        b.drain(1_000_000)?;
        let cycles = b.last_beat - b.first_beat.expect("a beat") + 1;
        let bytes: usize = b.segs_out as usize * DdpTaggedRepr::LEN + len as usize;
        let rate = bytes as f64 / cycles as f64;
        println!(
            "1 MiB WRITE, MULPDU {mulpdu}, buffer {}: {} beats in {cycles} cycles ({:.3} beats/cycle), {rate:.1} ULPDU bytes/cycle = {:.1} Gb/s at {CLOCK_MHZ} MHz",
            if aligned { "page aligned" } else { "unaligned" },
            b.beats_out,
            b.beats_out as f64 / cycles as f64,
            rate * 8.0 * CLOCK_MHZ / 1000.0
        );
        assert!(b.beats_out as f64 / cycles as f64 > 0.9);
    }
    Ok(())
}

#[test]
fn latency_of_an_idle_module() -> Result<(), ModError> {
    let mut b = Bench::new(0x1a7e, CALM)?;
    let mut lat = Vec::new();
    for len in [64u32, 0, 4096] {
        let mut j = b.random_job(0, 0);
        j.op = RdmapOpcode::RdmaWrite;
        j.len = len;
        j.mulpdu = 8960;
        j.sge = if len == 0 {
            Vec::new()
        } else {
            vec![(0x3000, len)]
        };
        b.push(j);
        b.first_accept = None;
        b.first_beat = None;
        b.drain(10_000)?;
        let first = b.first_beat.expect("a beat") - b.first_accept.expect("accepted");
        let last = b.last_beat - b.first_accept.expect("accepted");
        println!("{len}-byte WRITE, 125-cycle reads: first ULPDU beat {first} cycles after the job, last {last}");
        lat.push(first);
    }
    // job register (2), segment, read; response buffer, assembly, output
    assert_eq!(lat, [125 + 6, 5, 125 + 6]);
    Ok(())
}
