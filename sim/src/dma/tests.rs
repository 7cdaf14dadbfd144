use super::*;
use crate::iommu::test_mem::PageBuf;
use crate::iommu::FaultReason;
use crate::rng::Rng;
use warpnic::DmaPerm;

/// A stand-in for the core's DMA client: issues queued requests and
/// writes as fast as the model allows and records what comes back.
struct Client {
    reads: VecDeque<RdReq>,
    writes: VecDeque<(u64, Vec<u8>, u8)>,
    /// Beat index within the front write.
    wbeat: usize,
    /// Per-write override of the length driven (protocol tests).
    wlen_override: Option<u16>,
    rsp_ready: Box<dyn FnMut(u64) -> bool>,
    accepted: Vec<u64>,
    beats: Vec<(u64, RdRsp)>,
    dones: Vec<(u64, WrDone)>,
    errors: Vec<SimError>,
}

impl Client {
    fn new() -> Self {
        Client {
            reads: VecDeque::new(),
            writes: VecDeque::new(),
            wbeat: 0,
            wlen_override: None,
            rsp_ready: Box::new(|_| true),
            accepted: Vec::new(),
            beats: Vec::new(),
            dones: Vec::new(),
            errors: Vec::new(),
        }
    }

    fn read(&mut self, addr: u64, len: u16, tag: u8) {
        self.reads.push_back(RdReq {
            valid: true,
            addr,
            len,
            tag,
        });
    }

    fn write(&mut self, addr: u64, data: Vec<u8>, tag: u8) {
        self.writes.push_back((addr, data, tag));
    }

    fn outputs(&mut self, now: u64) -> DmaPinsOut {
        let mut out = DmaPinsOut {
            rd_rsp_ready: (self.rsp_ready)(now),
            ..DmaPinsOut::default()
        };
        if let Some(r) = self.reads.front() {
            out.rd_req = *r;
        }
        if let Some((addr, data, tag)) = self.writes.front() {
            let off = self.wbeat * 64;
            let n = (data.len() - off).min(64);
            out.wr.valid = true;
            out.wr.addr = *addr;
            out.wr.len = self.wlen_override.unwrap_or(data.len() as u16);
            out.wr.tag = *tag;
            out.wr.data[..n].copy_from_slice(&data[off..off + n]);
            out.wr.last = off + n == data.len();
        }
        out
    }

    /// One cycle: drive, record the handshakes, tick the model.
    fn cycle(&mut self, now: u64, dma: &mut DmaModel, iommu: &mut Iommu) {
        let pins = *dma.pins_in();
        let out = self.outputs(now);
        if pins.rd_rsp.valid && out.rd_rsp_ready {
            self.beats.push((now, pins.rd_rsp));
        }
        if pins.wr_done.valid {
            self.dones.push((now, pins.wr_done));
        }
        if pins.rd_req_ready && out.rd_req.valid {
            self.reads.pop_front();
            self.accepted.push(now);
        }
        if pins.wr_ready && out.wr.valid {
            if out.wr.last {
                self.writes.pop_front();
                self.wbeat = 0;
            } else {
                self.wbeat += 1;
            }
        }
        if let Err(e) = dma.tick(now, &out, iommu) {
            self.errors.push(e);
        }
    }

    /// Runs until everything was issued and the model is idle; returns
    /// the cycle count.
    fn run(&mut self, dma: &mut DmaModel, iommu: &mut Iommu) -> u64 {
        let mut now = 0;
        while !(self.reads.is_empty() && self.writes.is_empty() && dma.is_idle()) {
            self.cycle(now, dma, iommu);
            now += 1;
            assert!(now < 2_000_000, "simulation did not finish");
        }
        now
    }

    /// The responses: (tag, data, err, cycle of the last beat).
    fn responses(&self) -> Vec<(u8, Vec<u8>, bool, u64)> {
        let mut out = Vec::new();
        let mut cur = Vec::new();
        let mut tag = None;
        for (t, b) in &self.beats {
            if let Some(prev) = tag {
                assert_eq!(prev, b.tag, "responses are not interleaved");
            }
            tag = Some(b.tag);
            if b.err {
                assert!(b.last, "an error is a single last beat");
                assert!(cur.is_empty(), "no data before an error beat");
                assert_eq!(b.data, [0; 64]);
            }
            cur.extend_from_slice(&b.data);
            if b.last {
                out.push((b.tag, std::mem::take(&mut cur), b.err, *t));
                tag = None;
            }
        }
        assert!(cur.is_empty(), "a response ended without last");
        out
    }
}

fn pattern(len: usize, seed: u8) -> Vec<u8> {
    (0..len)
        .map(|i| (i as u8).wrapping_mul(29).wrapping_add(seed) ^ (i >> 8) as u8)
        .collect()
}

fn mapped(pages: usize, iova: u64, perm: DmaPerm) -> (PageBuf, Iommu) {
    let buf = PageBuf::new(pages);
    buf.fill(0, &pattern(buf.len(), 1));
    let mut io = Iommu::new();
    // SAFETY: every test keeps `buf` alive longer than `io`.
    unsafe { io.map(iova, buf.ptr(), buf.len(), perm) }.unwrap();
    (buf, io)
}

/// The configuration these timing tests were worked out for: one
/// completion per 64-byte cache line.
fn cache_line_completions() -> DmaConfig {
    DmaConfig {
        completion_bytes: 64,
        ..DmaConfig::default()
    }
}

#[test]
fn default_link_numbers() {
    // one completion per cache line
    let c = DmaConfig {
        completion_bytes: 64,
        ..DmaConfig::default()
    };
    c.validate().unwrap();
    assert!((c.link_bytes_per_cycle() - 63.015).abs() < 0.001);
    assert_eq!(c.read_wire_bytes(0, 4096), (8 * 20, 64 * (64 + 20)));
    assert_eq!(c.read_wire_bytes(1 << 32, 64), (24, 84));
    // An unaligned read needs an extra completion and an extra request.
    assert_eq!(c.read_wire_bytes(32, 512), (2 * 20, 9 * 20 + 512));
    assert_eq!(c.write_wire_bytes(0, 4096), 16 * (256 + 20));
    assert!((c.read_goodput_bytes_per_cycle(4096) - 48.01).abs() < 0.01);
    assert!((c.write_goodput_bytes_per_cycle(4096) - 58.45).abs() < 0.01);
    // the default: RCB 128
    let d = DmaConfig::default();
    assert_eq!(d.read_wire_bytes(0, 4096), (8 * 20, 32 * (128 + 20)));
    assert!((d.read_goodput_bytes_per_cycle(4096) - 54.49).abs() < 0.01);
}

#[test]
fn config_is_validated() {
    let bad = [
        DmaConfig {
            max_payload: 200,
            ..DmaConfig::default()
        },
        DmaConfig {
            completion_bytes: 512,
            ..DmaConfig::default()
        },
        DmaConfig {
            write_latency_cycles: 200,
            ..DmaConfig::default()
        },
        DmaConfig {
            lanes: 0,
            ..DmaConfig::default()
        },
        DmaConfig {
            read_buffer_bytes: 100,
            ..DmaConfig::default()
        },
        DmaConfig {
            gts_per_lane: f64::NAN,
            ..DmaConfig::default()
        },
    ];
    for c in bad {
        assert!(matches!(
            DmaModel::new(c),
            Err(SimError::InvalidConfig { .. })
        ));
    }
}

#[test]
fn reset_state_is_ready_and_idle() {
    let dma = DmaModel::new(DmaConfig::default()).unwrap();
    let p = dma.pins_in();
    assert!(p.rd_req_ready && p.wr_ready);
    assert!(!p.rd_rsp.valid && !p.wr_done.valid);
    assert!(dma.is_idle());
}

#[test]
fn idle_read_latency() {
    let (buf, mut io) = mapped(1, 0x10_000, DmaPerm::READ);
    let mut dma = DmaModel::new(DmaConfig::default()).unwrap();
    let mut c = Client::new();
    c.read(0x10_040, 64, 5);
    c.run(&mut dma, &mut io);
    assert_eq!(c.accepted, vec![0]);
    let rsp = c.responses();
    assert_eq!(rsp.len(), 1);
    assert_eq!(rsp[0].1, buf.to_vec()[0x40..0x80]);
    // Accepted at the edge ending cycle 0 (4 ns); MRd of 20 bytes leaves
    // at 5.27 ns; serviced 500 ns later; the 84-byte completion arrives
    // at 510.6 ns; offered in cycle 128.
    assert_eq!(rsp[0].3, 128);
}

#[test]
fn stream_of_4k_reads_runs_at_the_completion_limited_rate() {
    let (buf, mut io) = mapped(16, 0, DmaPerm::READ);
    let mut dma = DmaModel::new(cache_line_completions()).unwrap();
    let mut c = Client::new();
    let n = 200u64;
    for i in 0..n {
        c.read((i % 16) * 4096, 4096, i as u8);
    }
    c.run(&mut dma, &mut io);
    let rsp = c.responses();
    assert_eq!(rsp.len(), n as usize);
    let host = buf.to_vec();
    for (i, r) in rsp.iter().enumerate() {
        let off = (i % 16) * 4096;
        assert_eq!(r.0, i as u8);
        assert_eq!(&r.1[..], &host[off..off + 4096]);
    }
    // Bytes after the first beat, over the cycles from it to the last.
    let cycles = (rsp[rsp.len() - 1].3 - c.beats[0].0) as f64;
    let rate = (n * 4096 - 64) as f64 / cycles;
    let bound = cache_line_completions().read_goodput_bytes_per_cycle(4096);
    assert!(
        rate <= bound * 1.001,
        "{rate} B/cycle above the bound {bound}"
    );
    assert!(rate >= bound * 0.995, "{rate} B/cycle, bound {bound}");
    let k = dma.counters();
    assert_eq!(k.read_tlps, n * 8);
    assert_eq!(k.completions, n * 64);
    assert_eq!(k.read_bytes, n * 4096);
}

#[test]
fn responses_in_request_order_under_backpressure() {
    let (buf, mut io) = mapped(4, 0x8000_0000, DmaPerm::RW);
    let host = buf.to_vec();
    let mut dma = DmaModel::new(DmaConfig::default()).unwrap();
    let mut c = Client::new();
    let mut rng = Rng::new(99);
    c.rsp_ready = Box::new(move |_| rng.chance(0.6));
    let reqs: [(u64, u16); 9] = [
        (0, 1),
        (3, 63),
        (64, 64),
        (100, 65),
        (4000, 1000),
        (0, 4096),
        (5, 4096),
        (8191, 2),
        (16384 - 7, 7),
    ];
    for (i, &(off, len)) in reqs.iter().enumerate() {
        c.read(0x8000_0000 + off, len, 10 + i as u8);
    }
    c.run(&mut dma, &mut io);
    let rsp = c.responses();
    assert_eq!(rsp.len(), reqs.len());
    for (i, (&(off, len), r)) in reqs.iter().zip(&rsp).enumerate() {
        assert_eq!(r.0, 10 + i as u8, "tag");
        assert!(!r.2);
        let len = len as usize;
        let off = off as usize;
        assert_eq!(r.1.len(), len.div_ceil(64) * 64, "beat count");
        assert_eq!(&r.1[..len], &host[off..off + len], "data of request {i}");
        assert!(r.1[len..].iter().all(|&b| b == 0), "padding is zero");
    }
    assert!(c.errors.is_empty());
}

#[test]
fn unmapped_read_gets_one_error_beat_and_a_fault() {
    let (_buf, mut io) = mapped(1, 0x1000, DmaPerm::READ);
    let mut dma = DmaModel::new(DmaConfig::default()).unwrap();
    let mut c = Client::new();
    c.read(0x1000, 128, 1);
    c.read(0x1f00, 1024, 2); // runs off the end of the mapping
    c.read(0x9000, 64, 3); // nothing there
    c.read(0x1000, 64, 4);
    c.run(&mut dma, &mut io);
    let rsp = c.responses();
    let summary: Vec<(u8, bool, usize)> = rsp.iter().map(|r| (r.0, r.2, r.1.len())).collect();
    assert_eq!(
        summary,
        vec![
            (1, false, 128),
            (2, true, 64),
            (3, true, 64),
            (4, false, 64)
        ]
    );
    let faults = io.faults();
    assert_eq!(faults.len(), 2);
    assert_eq!(
        (
            faults[0].iova,
            faults[0].at,
            faults[0].write,
            faults[0].reason
        ),
        (0x1f00, 0x2000, false, FaultReason::NotMapped)
    );
    assert_eq!(faults[1].iova, 0x9000);
    assert!(faults[0].cycle > 100, "recorded when serviced");
    let k = dma.counters();
    assert_eq!((k.read_errors, k.reads), (2, 4));
}

#[test]
fn read_spans_two_mappings() {
    let a = PageBuf::new(1);
    let b = PageBuf::new(1);
    a.fill(0, &pattern(4096, 3));
    b.fill(0, &pattern(4096, 4));
    let mut io = Iommu::new();
    // SAFETY: `a` and `b` outlive `io`'s use in this test.
    unsafe {
        io.map(0x40_000, a.ptr(), 4096, DmaPerm::READ).unwrap();
        io.map(0x41_000, b.ptr(), 4096, DmaPerm::READ).unwrap();
    }
    let mut dma = DmaModel::new(DmaConfig::default()).unwrap();
    let mut c = Client::new();
    c.read(0x40_800, 4096, 7);
    c.run(&mut dma, &mut io);
    let rsp = c.responses();
    let mut expect = a.to_vec()[0x800..].to_vec();
    expect.extend_from_slice(&b.to_vec()[..0x800]);
    assert_eq!(rsp[0].1, expect);
    assert!(!rsp[0].2);
}

#[test]
fn write_lands_after_its_done_report_and_all_at_once() {
    let (buf, mut io) = mapped(4, 0x20_000, DmaPerm::RW);
    let before = buf.to_vec();
    let mut dma = DmaModel::new(DmaConfig::default()).unwrap();
    let mut c = Client::new();
    let data = pattern(5000, 77);
    c.write(0x20_000 + 300, data.clone(), 9);
    let mut now = 0;
    while c.dones.is_empty() {
        c.cycle(now, &mut dma, &mut io);
        now += 1;
        assert!(now < 10_000);
    }
    assert_eq!(
        c.dones[0].1,
        WrDone {
            valid: true,
            tag: 9,
            err: false
        }
    );
    let done_at = c.dones[0].0;
    // 5000 bytes in 79 beats and 20 TLPs: 212 bytes up to a 256-byte
    // boundary, 18 of 256, and 180. The second TLP waits for its data
    // (8 beats, cycle 8); from then on the link is the bottleneck:
    // 5000 + 20 * 20 - 232 wire bytes at 63.015 B/cycle = 82.01 cycles,
    // ending at 90.01; the done report is offered in cycle 91.
    assert_eq!(done_at, 91);
    assert_eq!(buf.to_vec(), before, "posted: not yet visible");
    while !dma.is_idle() {
        c.cycle(now, &mut dma, &mut io);
        now += 1;
    }
    assert!(
        now - done_at >= 39 && now - done_at <= 41,
        "visible 40 cycles later"
    );
    let mut expect = before;
    expect[300..5300].copy_from_slice(&data);
    assert_eq!(buf.to_vec(), expect);
    assert_eq!(dma.counters().write_tlps, 20);
}

#[test]
fn refused_write_writes_nothing_and_reports_err() {
    let (buf, mut io) = mapped(2, 0x20_000, DmaPerm::RW);
    let before = buf.to_vec();
    let mut dma = DmaModel::new(DmaConfig::default()).unwrap();
    let mut c = Client::new();
    // Runs 100 bytes past the end of the mapping.
    c.write(0x20_000 + 8192 - 1000, pattern(1100, 5), 1);
    c.write(0x20_000, pattern(64, 6), 2);
    c.run(&mut dma, &mut io);
    let d: Vec<(u8, bool)> = c.dones.iter().map(|d| (d.1.tag, d.1.err)).collect();
    assert_eq!(d, vec![(1, true), (2, false)]);
    let mut expect = before;
    expect[..64].copy_from_slice(&pattern(64, 6));
    assert_eq!(buf.to_vec(), expect, "nothing of the refused write");
    assert_eq!(io.faults().len(), 1);
    assert!(io.faults()[0].write);
    assert_eq!(io.faults()[0].at, 0x22_000);
}

#[test]
fn write_to_read_only_mapping_is_refused() {
    let (buf, mut io) = mapped(1, 0x3000, DmaPerm::READ);
    let before = buf.to_vec();
    let mut dma = DmaModel::new(DmaConfig::default()).unwrap();
    let mut c = Client::new();
    c.write(0x3000, pattern(200, 1), 4);
    c.run(&mut dma, &mut io);
    assert!(c.dones[0].1.err);
    assert_eq!(buf.to_vec(), before);
    assert_eq!(io.faults()[0].reason, FaultReason::Permission);
    assert_eq!(dma.counters().write_errors, 1);
}

#[test]
fn stream_of_4k_writes_runs_at_the_payload_limited_rate() {
    let (buf, mut io) = mapped(16, 0, DmaPerm::WRITE);
    let mut dma = DmaModel::new(DmaConfig::default()).unwrap();
    let mut c = Client::new();
    let n = 200u64;
    for i in 0..n {
        c.write((i % 16) * 4096, pattern(4096, i as u8), i as u8);
    }
    c.run(&mut dma, &mut io);
    assert_eq!(c.dones.len(), n as usize);
    assert!(c.dones.iter().all(|d| !d.1.err));
    let cycles = (c.dones[c.dones.len() - 1].0 - c.dones[0].0) as f64;
    let rate = ((n - 1) * 4096) as f64 / cycles;
    let bound = DmaConfig::default().write_goodput_bytes_per_cycle(4096);
    assert!(
        rate <= bound * 1.001,
        "{rate} B/cycle above the bound {bound}"
    );
    assert!(rate >= bound * 0.995, "{rate} B/cycle, bound {bound}");
    // The last 16 writes are what memory holds.
    let host = buf.to_vec();
    for i in n - 16..n {
        let off = ((i % 16) * 4096) as usize;
        assert_eq!(&host[off..off + 4096], &pattern(4096, i as u8)[..]);
    }
}

#[test]
fn reads_and_writes_share_the_upstream_direction() {
    let (_buf, mut io) = mapped(32, 0, DmaPerm::RW);
    let mut dma = DmaModel::new(cache_line_completions()).unwrap();
    let mut c = Client::new();
    let n = 100u64;
    for i in 0..n {
        c.read((i % 16) * 4096, 4096, i as u8);
        c.write((16 + i % 16) * 4096, pattern(4096, i as u8), i as u8);
    }
    let cycles = c.run(&mut dma, &mut io);
    assert_eq!(c.responses().len(), n as usize);
    assert_eq!(c.dones.len(), n as usize);
    let cfg = cache_line_completions();
    let k = dma.counters();
    // Upstream carries the write TLPs and the read requests; downstream
    // the completions. Neither may exceed the link rate.
    assert_eq!(k.up_wire_bytes, n * (4416 + 160));
    assert_eq!(k.down_wire_bytes, n * 5376);
    let up_cycles = k.up_wire_bytes as f64 / cfg.link_bytes_per_cycle();
    let down_cycles = k.down_wire_bytes as f64 / cfg.link_bytes_per_cycle();
    assert!(cycles as f64 >= up_cycles.max(down_cycles));
    // The busier direction (downstream) sets the pace; the two streams
    // overlap instead of taking turns.
    assert!(
        (cycles as f64) < down_cycles * 1.02 + 300.0,
        "{cycles} cycles, downstream alone needs {down_cycles}"
    );
}

#[test]
fn read_after_write_sees_the_write() {
    let (_buf, mut io) = mapped(1, 0x5000, DmaPerm::RW);
    let mut dma = DmaModel::new(DmaConfig::default()).unwrap();
    let mut c = Client::new();
    let data = pattern(256, 42);
    c.write(0x5000, data.clone(), 1);
    // Issue the read as soon as the write's last beat went in: its MRd
    // follows the MWr upstream, so its service must see the new data.
    let mut now = 0;
    while !c.writes.is_empty() {
        c.cycle(now, &mut dma, &mut io);
        now += 1;
    }
    c.read(0x5000, 256, 2);
    while !(c.reads.is_empty() && dma.is_idle()) {
        c.cycle(now, &mut dma, &mut io);
        now += 1;
    }
    let rsp = c.responses();
    assert_eq!(rsp[0].1, data);
}

#[test]
fn outstanding_reads_are_limited() {
    let (_buf, mut io) = mapped(1, 0, DmaPerm::READ);
    let cfg = DmaConfig {
        max_reads: 8,
        ..DmaConfig::default()
    };
    let mut dma = DmaModel::new(cfg).unwrap();
    let mut c = Client::new();
    c.rsp_ready = Box::new(|now| now > 1000);
    for i in 0..20 {
        c.read(0, 64, i);
    }
    for now in 0..1000 {
        c.cycle(now, &mut dma, &mut io);
    }
    assert_eq!(c.accepted.len(), 8);
    assert!(!dma.pins_in().rd_req_ready);
    let mut now = 1000;
    while !(c.reads.is_empty() && dma.is_idle()) {
        c.cycle(now, &mut dma, &mut io);
        now += 1;
    }
    let tags: Vec<u8> = c.responses().iter().map(|r| r.0).collect();
    assert_eq!(tags, (0..20).collect::<Vec<u8>>());
}

#[test]
fn read_buffer_throttles_requests_when_the_core_stalls() {
    let (_buf, mut io) = mapped(1, 0, DmaPerm::READ);
    let cfg = DmaConfig {
        read_buffer_bytes: 1024,
        ..DmaConfig::default()
    };
    let mut dma = DmaModel::new(cfg).unwrap();
    let mut c = Client::new();
    c.rsp_ready = Box::new(|now| now > 2000);
    for i in 0..4 {
        c.read(0, 4096, i);
    }
    for now in 0..2000 {
        c.cycle(now, &mut dma, &mut io);
    }
    // Only two 512-byte MRd fit in the buffer while nothing is taken.
    assert_eq!(dma.counters().read_tlps, 2);
    c.run(&mut dma, &mut io);
    assert_eq!(c.responses().len(), 4);
    assert_eq!(dma.counters().read_tlps, 32);
}

#[test]
fn protocol_violations_are_reported_and_refused() {
    let (buf, mut io) = mapped(1, 0x7000, DmaPerm::RW);
    let before = buf.to_vec();
    let mut dma = DmaModel::new(DmaConfig::default()).unwrap();
    let mut c = Client::new();
    c.read(0x7000, 0, 1);
    c.run(&mut dma, &mut io);
    assert!(matches!(
        c.errors[..],
        [SimError::Protocol {
            port: "m_dma_rd_req",
            ..
        }]
    ));
    assert!(c.responses()[0].2, "answered with an error beat");
    assert!(io.faults().is_empty(), "memory was not touched");

    // A write that claims 64 bytes but sends two beats.
    let mut c = Client::new();
    c.write(0x7000, pattern(100, 1), 2);
    c.wlen_override = Some(64);
    c.write(0x7100, pattern(8, 1), 3);
    let mut now = 10_000;
    while c.writes.len() > 1 {
        c.cycle(now, &mut dma, &mut io);
        now += 1;
    }
    c.wlen_override = None;
    while !(c.writes.is_empty() && dma.is_idle()) {
        c.cycle(now, &mut dma, &mut io);
        now += 1;
    }
    assert!(matches!(
        c.errors[..],
        [SimError::Protocol {
            port: "m_dma_wr",
            ..
        }]
    ));
    let d: Vec<(u8, bool)> = c.dones.iter().map(|d| (d.1.tag, d.1.err)).collect();
    assert_eq!(d, vec![(2, true), (3, false)]);
    let mut expect = before;
    expect[0x100..0x108].copy_from_slice(&pattern(8, 1));
    assert_eq!(buf.to_vec(), expect, "nothing of the broken write");
}
