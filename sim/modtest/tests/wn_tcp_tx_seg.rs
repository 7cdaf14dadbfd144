//! `wn_tcp_tx_seg` (32 KiB TX buffer, 16 segment records, 32 reads in
//! flight) against a model of host memory and the wire layer.
//!
//! The DMA model holds host memory as random bytes, checks every read
//! request (1..=4096 bytes, no 4 KiB boundary crossed), answers in request
//! order after a random or a fixed latency, with random stalls between
//! response beats and random bytes past the end of each read, and refuses
//! reads that touch a chosen bad region (one beat, error and last). The
//! MAC side applies random backpressure. Every frame is compared byte for
//! byte with the one `warpnic_abi::wire` emits for the same segment
//! (checksums included, padded to 60 bytes), in order; every done report
//! is checked for its tag and error flag, and a segment whose read fails
//! must send no frame. A throughput run measures the output rate with
//! 1460-byte payloads and a 125-cycle (500 ns) read latency.

use std::collections::VecDeque;
use std::net::Ipv4Addr;

use warpnic_abi::gen::{EtherType, IpProtocol};
use warpnic_abi::wire::{EthernetRepr, Ipv4Repr, TcpOptions, TcpRepr};
use warpnic_modtest::wn_tcp_tx_seg::{self, ports};
use warpnic_modtest::{dma_read_beats, ModError, ModModel, Rng};

/// Host memory: MEM bytes at BASE; the last BAD_LEN bytes refuse reads.
const BASE: u64 = 0x0000_7f3a_5000_0000;
const MEM: usize = 1 << 20;
const BAD_LEN: usize = 32 << 10;
const GOOD: usize = MEM - BAD_LEN;
/// The host's circular send buffer used by the wrap case.
const RING_AT: usize = 0x40000;
const RING: usize = 64 << 10;
const MAX_PAYLOAD: usize = 9000;

fn mac48(m: [u8; 6]) -> u64 {
    m.iter().fold(0, |a, &b| a << 8 | u64::from(b))
}

/// One segment request.
#[derive(Clone, Debug)]
struct Seg {
    dst_mac: [u8; 6],
    src_mac: [u8; 6],
    src: Ipv4Addr,
    dst: Ipv4Addr,
    ttl: u8,
    ident: u16,
    tcp: TcpRepr,
    addr0: usize,
    len0: usize,
    addr1: usize,
    len1: usize,
    tag: u16,
}

impl Seg {
    fn touches_bad(&self) -> bool {
        let bad = |a: usize, l: usize| l != 0 && a + l > GOOD;
        bad(self.addr0, self.len0) || bad(self.addr1, self.len1)
    }

    /// The frame `warpnic_abi::wire` emits for this segment, padded to 60.
    fn frame(&self, mem: &[u8]) -> Vec<u8> {
        let mut payload = mem[self.addr0..self.addr0 + self.len0].to_vec();
        payload.extend_from_slice(&mem[self.addr1..self.addr1 + self.len1]);
        let ip = Ipv4Repr {
            src: self.src,
            dst: self.dst,
            protocol: IpProtocol::Tcp.into(),
            ttl: self.ttl,
            dscp: 0,
            ecn: 0,
            ident: self.ident,
            dont_frag: true,
            more_frags: false,
            frag_offset: 0,
            payload_len: 20 + payload.len(),
        };
        let mut f = vec![0u8; (54 + payload.len()).max(60)];
        let e = EthernetRepr {
            dst: self.dst_mac,
            src: self.src_mac,
            ether_type: EtherType::Ipv4.into(),
        }
        .emit(&mut f)
        .expect("ethernet");
        let i = ip.emit(&mut f[e..]).expect("ipv4");
        self.tcp
            .emit(&mut f[e + i..], self.src, self.dst, &payload)
            .expect("tcp");
        f
    }
}

/// How the bench drives the ports.
#[derive(Clone, Copy, Debug)]
struct Cfg {
    /// Fixed read latency in cycles, or random 1..=300 when `None`.
    latency: Option<u64>,
    /// Percent of cycles a ready response beat is held back.
    rsp_stall: u64,
    /// Percent of cycles the read request port is not ready.
    req_stall: u64,
    /// Percent of cycles `m_tready_i` is low.
    out_stall: u64,
    /// Percent of cycles a pending request is not offered.
    seg_idle: u64,
}

/// A read response in flight: due cycle, then its beats.
struct Rsp {
    due: u64,
    beats: VecDeque<([u8; 64], bool, bool)>, // data, last, err
}

/// A segment accepted and not yet reported done.
struct Pending {
    tag: u16,
    bad: bool,
    /// Index of its frame among the good segments.
    frame: u64,
}

struct Bench {
    m: ModModel,
    rng: Rng,
    cfg: Cfg,
    mem: Vec<u8>,
    todo: VecDeque<Seg>,
    rsps: VecDeque<Rsp>,
    last_due: u64,
    frames: VecDeque<Vec<u8>>,
    dones: VecDeque<Pending>,
    cur: Vec<u8>,
    frames_in: u64,
    frames_out: u64,
    done: u64,
    errs: u64,
    cnt_seg: u64,
    cnt_err: u64,
    reads: u64,
    wrapped: u64,
    beats_out: u64,
    first_beat: Option<u64>,
    last_beat: u64,
    first_accept: Option<u64>,
}

impl Bench {
    fn new(seed: u64, cfg: Cfg) -> Result<Self, ModError> {
        let mut rng = Rng::new(seed);
        let mem: Vec<u8> = (0..MEM).map(|_| rng.next_u64() as u8).collect();
        let mut m = ModModel::new(wn_tcp_tx_seg::NAME)?;
        m.reset(4)?;
        Ok(Bench {
            m,
            rng,
            cfg,
            mem,
            todo: VecDeque::new(),
            rsps: VecDeque::new(),
            last_due: 0,
            frames: VecDeque::new(),
            dones: VecDeque::new(),
            cur: Vec::new(),
            frames_in: 0,
            frames_out: 0,
            done: 0,
            errs: 0,
            cnt_seg: 0,
            cnt_err: 0,
            reads: 0,
            wrapped: 0,
            beats_out: 0,
            first_beat: None,
            last_beat: 0,
            first_accept: None,
        })
    }

    /// A segment with random header fields and the given payload pieces.
    fn seg(&mut self, addr0: usize, len0: usize, addr1: usize, len1: usize) -> Seg {
        let r = &mut self.rng;
        let mac = |r: &mut Rng| {
            let v = r.next_u64().to_be_bytes();
            [v[0], v[1], v[2], v[3], v[4], v[5]]
        };
        Seg {
            dst_mac: mac(r),
            src_mac: mac(r),
            src: Ipv4Addr::from(r.next_u64() as u32),
            dst: Ipv4Addr::from(r.next_u64() as u32),
            ttl: r.next_u64() as u8,
            ident: r.next_u64() as u16,
            tcp: TcpRepr {
                src_port: r.next_u64() as u16,
                dst_port: r.next_u64() as u16,
                seq: r.next_u64() as u32,
                ack: r.next_u64() as u32,
                flags: r.next_u64() as u8,
                window: r.next_u64() as u16,
                urgent: 0,
                options: TcpOptions::default(),
            },
            addr0,
            len0,
            addr1,
            len1,
            tag: r.next_u64() as u16,
        }
    }

    /// A random segment: random length (often 0, small or near the
    /// limits), split at random into two pieces at random addresses, or
    /// taken from the circular send buffer (wrapping at its end); some
    /// touch the bad region when `bad_pct` says so.
    fn random_seg(&mut self, bad_pct: u64) -> Seg {
        let r = &mut self.rng;
        let len = match r.below(10) {
            0 => 0,
            1 => 1 + r.below(8) as usize,
            2 => 1 + r.below(128) as usize,
            3 => 1460,
            4 => MAX_PAYLOAD - r.below(70) as usize,
            _ => r.below(MAX_PAYLOAD as u64 + 1) as usize,
        };
        let (addr0, len0, addr1, len1) = if r.percent(40) {
            // the circular send buffer: start near its end half the time
            let off = if r.percent(50) {
                RING - 1 - r.below(len.min(RING - 1) as u64 + 1) as usize
            } else {
                r.below(RING as u64) as usize
            };
            let len0 = len.min(RING - off);
            (RING_AT + off, len0, RING_AT, len - len0)
        } else {
            let len0 = r.below(len as u64 + 1) as usize;
            let a0 = r.below((GOOD - len0) as u64) as usize;
            let a1 = r.below((GOOD - (len - len0)) as u64) as usize;
            (a0, len0, a1, len - len0)
        };
        let (mut addr0, mut addr1) = (addr0, addr1);
        if len > 0 && r.percent(bad_pct) {
            // move one piece (or straddle) into the bad region
            let into = GOOD - r.below(64) as usize;
            if len0 > 0 && (len1 == 0 || r.percent(50)) {
                addr0 = into.min(MEM - len0);
            } else {
                addr1 = into.min(MEM - len1);
            }
        }
        if len0 != 0 && len1 != 0 && addr0 == RING_AT + RING - len0 {
            self.wrapped += 1;
        }
        self.seg(addr0, len0, addr1, len1)
    }

    fn set_seg(&mut self, s: &Seg) -> Result<(), ModError> {
        let m = &mut self.m;
        m.set(ports::DST_MAC_I, mac48(s.dst_mac))?;
        m.set(ports::SRC_MAC_I, mac48(s.src_mac))?;
        m.set(ports::SRC_IP_I, u64::from(u32::from(s.src)))?;
        m.set(ports::DST_IP_I, u64::from(u32::from(s.dst)))?;
        m.set(ports::SRC_PORT_I, u64::from(s.tcp.src_port))?;
        m.set(ports::DST_PORT_I, u64::from(s.tcp.dst_port))?;
        m.set(ports::TTL_I, u64::from(s.ttl))?;
        m.set(ports::IP_ID_I, u64::from(s.ident))?;
        m.set(ports::SEQ_I, u64::from(s.tcp.seq))?;
        m.set(ports::ACK_I, u64::from(s.tcp.ack))?;
        m.set(ports::FLAGS_I, u64::from(s.tcp.flags))?;
        m.set(ports::WINDOW_I, u64::from(s.tcp.window))?;
        m.set(ports::ADDR0_I, BASE + s.addr0 as u64)?;
        m.set(ports::LEN0_I, s.len0 as u64)?;
        m.set(ports::ADDR1_I, BASE + s.addr1 as u64)?;
        m.set(ports::LEN1_I, s.len1 as u64)?;
        m.set(ports::TAG_I, u64::from(s.tag))
    }

    /// The DMA model's answer to a read of `len` bytes at `addr`.
    fn answer(&mut self, addr: u64, len: usize) -> Rsp {
        assert!((1..=4096).contains(&len), "read of {len} bytes");
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
        let lat = self.cfg.latency.unwrap_or_else(|| 1 + self.rng.below(300));
        let due = (now + lat).max(self.last_due);
        self.last_due = due;
        // bytes past the read are junk
        let beats = if at + len > GOOD {
            dma_read_beats(&mut self.rng, None)
        } else {
            dma_read_beats(&mut self.rng, Some(&self.mem[at..at + len]))
        };
        Rsp { due, beats }
    }

    /// One cycle: drive the inputs, sample the outputs, clock.
    fn cycle(&mut self) -> Result<(), ModError> {
        let now = self.m.cycle();
        let seg_go = !self.todo.is_empty() && !self.rng.percent(self.cfg.seg_idle);
        if seg_go {
            let s = self.todo[0].clone();
            self.set_seg(&s)?;
        }
        self.m.set(ports::SEG_VALID_I, u64::from(seg_go))?;
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

        if seg_go && self.m.get(ports::SEG_READY_O)? == 1 {
            let s = self.todo.pop_front().expect("offered");
            self.first_accept.get_or_insert(now);
            let bad = s.touches_bad();
            self.dones.push_back(Pending {
                tag: s.tag,
                bad,
                frame: self.frames_in,
            });
            if !bad {
                self.frames.push_back(s.frame(&self.mem));
                self.frames_in += 1;
            }
        }
        if req_ready && self.m.get(ports::RD_VALID_O)? == 1 {
            let addr = self.m.get(ports::RD_ADDR_O)?;
            let len = self.m.get(ports::RD_LEN_O)? as usize;
            let r = self.answer(addr, len);
            self.rsps.push_back(r);
            self.reads += 1;
        }
        if rsp_go && self.m.get(ports::RD_READY_O)? == 1 {
            let r = self.rsps.front_mut().expect("response");
            r.beats.pop_front();
            if r.beats.is_empty() {
                self.rsps.pop_front();
            }
        }
        if out_ready && self.m.get(ports::M_TVALID_O)? == 1 {
            self.out_beat(now)?;
        }
        if self.m.get(ports::DONE_VALID_O)? == 1 {
            let tag = self.m.get(ports::DONE_TAG_O)? as u16;
            let err = self.m.get(ports::DONE_ERR_O)? == 1;
            let p = self
                .dones
                .pop_front()
                .expect("a done report for no segment");
            assert_eq!((tag, err), (p.tag, p.bad), "done report {}", self.done);
            if !p.bad {
                assert!(self.frames_out > p.frame, "done before its frame");
            }
            self.done += 1;
            self.errs += u64::from(err);
        }
        self.cnt_seg += self.m.get(ports::CNT_SEG_O)?;
        self.cnt_err += self.m.get(ports::CNT_ERR_O)?;
        self.m.tick()
    }

    fn out_beat(&mut self, now: u64) -> Result<(), ModError> {
        let keep = self.m.get(ports::M_TKEEP_O)?;
        let last = self.m.get(ports::M_TLAST_O)? == 1;
        let n = keep.count_ones() as usize;
        let contiguous = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        assert_eq!(keep, contiguous, "tkeep not contiguous from byte 0");
        assert!(last || n == 64, "tkeep not all ones before the last beat");
        let mut d = [0u8; 64];
        self.m.get_bytes(ports::M_TDATA_O, &mut d)?;
        self.cur.extend_from_slice(&d[..n]);
        self.beats_out += 1;
        self.first_beat.get_or_insert(now);
        self.last_beat = now;
        if last {
            let got = std::mem::take(&mut self.cur);
            let want = self.frames.pop_front().expect("a frame for no segment");
            assert_eq!(got.len(), want.len(), "frame {} length", self.frames_out);
            if let Some(i) = (0..got.len()).find(|&i| got[i] != want[i]) {
                panic!(
                    "frame {} ({} bytes) differs first at byte {i}: {:#04x}, want {:#04x}",
                    self.frames_out,
                    got.len(),
                    got[i],
                    want[i]
                );
            }
            self.frames_out += 1;
        }
        Ok(())
    }

    /// Runs until every queued segment is reported done.
    fn drain(&mut self, limit: u64) -> Result<(), ModError> {
        let start = self.m.cycle();
        while !(self.todo.is_empty() && self.dones.is_empty()) {
            assert!(
                self.m.cycle() - start < limit,
                "stuck: {} to offer, {} not done",
                self.todo.len(),
                self.dones.len()
            );
            self.cycle()?;
        }
        // nothing more comes out
        for _ in 0..50 {
            self.cycle()?;
        }
        assert!(self.frames.is_empty() && self.cur.is_empty());
        assert!(self.rsps.is_empty(), "reads left unanswered");
        assert_eq!(self.cnt_seg, self.frames_out, "frame counter");
        assert_eq!(self.cnt_err, self.errs, "error counter");
        Ok(())
    }
}

fn random_run(seed: u64, cfg: Cfg, segs: usize, bad_pct: u64) -> Result<Bench, ModError> {
    let mut b = Bench::new(seed, cfg)?;
    for _ in 0..segs {
        let s = b.random_seg(bad_pct);
        b.todo.push_back(s);
    }
    b.drain(20_000_000)?;
    assert_eq!(b.done, segs as u64);
    assert!(b.wrapped > 0, "no segment wrapped");
    println!(
        "{segs} segments: {} frames, {} refused, {} reads, {} wrapped, {} cycles",
        b.frames_out,
        b.errs,
        b.reads,
        b.wrapped,
        b.m.cycle()
    );
    Ok(b)
}

#[test]
fn random_segments_random_latency_and_stalls() -> Result<(), ModError> {
    let cfg = Cfg {
        latency: None,
        rsp_stall: 25,
        req_stall: 20,
        out_stall: 30,
        seg_idle: 30,
    };
    let b = random_run(0x5e9_7a11, cfg, 2500, 3)?;
    assert!(b.errs > 20, "too few refused reads");
    Ok(())
}

#[test]
fn random_segments_fixed_latency_heavy_backpressure() -> Result<(), ModError> {
    let cfg = Cfg {
        latency: Some(125),
        rsp_stall: 5,
        req_stall: 5,
        out_stall: 70,
        seg_idle: 0,
    };
    random_run(0x0dd_ba11, cfg, 1500, 5)?;
    Ok(())
}

#[test]
fn small_segments_back_to_back() -> Result<(), ModError> {
    // lengths 0..=200 only: many one- and two-beat frames and padding
    let cfg = Cfg {
        latency: None,
        rsp_stall: 10,
        req_stall: 10,
        out_stall: 10,
        seg_idle: 0,
    };
    let mut b = Bench::new(0x5_3a11, cfg)?;
    for n in 0..4000 {
        let len = b.rng.below(201) as usize;
        let len0 = b.rng.below(len as u64 + 1) as usize;
        let a0 = b.rng.below(GOOD as u64 - 256) as usize;
        let a1 = b.rng.below(GOOD as u64 - 256) as usize;
        let (a0, a1) = if n % 50 == 7 {
            (GOOD - 3, a1)
        } else {
            (a0, a1)
        };
        let s = b.seg(a0, len0, a1, len - len0);
        b.todo.push_back(s);
    }
    b.drain(5_000_000)?;
    assert_eq!(b.done, 4000);
    assert!(b.errs > 0);
    Ok(())
}

#[test]
fn line_rate_with_1460_byte_payloads() -> Result<(), ModError> {
    const SEGS: usize = 2000;
    const LEN: usize = 1460;
    let cfg = Cfg {
        latency: Some(125),
        rsp_stall: 0,
        req_stall: 0,
        out_stall: 0,
        seg_idle: 0,
    };
    let mut b = Bench::new(0x11_7e4a7e, cfg)?;
    // one idle segment first: the latency of an empty pipeline
    let s = b.seg(RING_AT + 100, LEN, 0, 0);
    b.todo.push_back(s);
    b.drain(10_000)?;
    let latency = b.first_beat.expect("a beat") - b.first_accept.expect("accepted");
    // and one without payload
    let s = b.seg(0, 0, 0, 0);
    b.todo.push_back(s);
    b.first_beat = None;
    b.first_accept = None;
    b.drain(10_000)?;
    let ack_latency = b.first_beat.expect("a beat") - b.first_accept.expect("accepted");
    // back to back from the host's circular send buffer, wrapping
    let mut off = 0;
    for _ in 0..SEGS {
        let len0 = LEN.min(RING - off);
        let s = b.seg(RING_AT + off, len0, RING_AT, LEN - len0);
        b.todo.push_back(s);
        off = (off + LEN) % RING;
    }
    let before = b.beats_out;
    b.first_beat = None;
    b.drain(1_000_000)?;
    let beats = b.beats_out - before;
    let first = b.first_beat.expect("beats");
    let span = b.last_beat - first + 1;
    let rate = beats as f64 / span as f64;
    assert_eq!(beats, SEGS as u64 * 24, "1514-byte frames are 24 beats");
    // frames per second at 250 MHz, each 1514 bytes plus 24 of preamble,
    // inter-frame gap and FCS on the wire
    let fps = rate * 250e6 / 24.0;
    let wire = fps * (1514.0 + 24.0) * 8.0 / 1e9;
    let frame = fps * 1514.0 * 8.0 / 1e9;
    println!(
        "wn_tcp_tx_seg: {SEGS} x {LEN}-byte payloads, 125-cycle reads: {beats} beats in {span} cycles = \
         {rate:.4} beats/cycle; {:.2} Mframes/s, {frame:.1} Gb/s of frames, {wire:.1} Gb/s of wire time \
         at 250 MHz (100 GbE line: 100 Gb/s, {:.2}x); idle pipeline: first beat {latency} cycles after \
         the request, {ack_latency} without payload",
        fps / 1e6,
        wire / 100.0
    );
    assert!(rate >= 0.99, "{rate:.4} beats per cycle");

    // segments without payload (pure ACKs): one 60-byte frame per cycle
    for _ in 0..500 {
        let s = b.seg(0, 0, 0, 0);
        b.todo.push_back(s);
    }
    let before = b.beats_out;
    b.first_beat = None;
    b.drain(10_000)?;
    let span = b.last_beat - b.first_beat.expect("beats") + 1;
    let rate = (b.beats_out - before) as f64 / span as f64;
    println!("wn_tcp_tx_seg: 500 segments without payload: {rate:.4} frames/cycle");
    assert!(rate >= 0.99, "{rate:.4} frames per cycle");
    Ok(())
}
