//! Bad input to the TCP engine of two simulated NICs, and what an
//! established stream keeps through it: a peer that stops acknowledging
//! (retransmission with RFC 6298 backoff, then a timeout), a SYN flood
//! beyond a listener's backlog while a stream runs, segments with bad
//! checksums, and out-of-window RSTs and data (RFC 5961, RFC 9293 §3.10.7.4).
//!
//! Crafted segments come from NIC B's raw send queue: B's TCP engine and
//! its raw queues share B's transmit path, so a crafted frame with the
//! connection's 4-tuple reaches A's engine exactly as one of B's own
//! segments would.

use std::net::Ipv4Addr;
use std::time::Duration;
use warpnic_tests::{stream_byte, tcp_event, TCP_WAIT};

use warpnic::{
    CompletionQueue, ConnectOpts, Connection, DmaMem, DmaPerm, EndpointId, Nic, RawSend,
    RawSendQueue, Stats, TcpConfig, TcpEventInfo, TcpStream,
};
use warpnic_abi::gen::{
    cpl_tcp_opt, tcp_flags, CplStatus, EtherType, IpProtocol, TcbField, TcpState,
};
use warpnic_abi::wire::{EthernetRepr, Ipv4Repr, TcpOptions, TcpRepr};
use warpnic_sim::link::Dir;
use warpnic_sim::traffic::Pair;
use warpnic_tests::{macs, pair, run_for, wait_completions};

const A_IP: Ipv4Addr = Ipv4Addr::new(10, 0, 0, 1);
const B_IP: Ipv4Addr = Ipv4Addr::new(10, 0, 0, 2);
const B_PORT: u16 = 5000;

/// Short timers, so that timeouts fit a simulation.
fn timing() -> TcpConfig {
    TcpConfig {
        rto_init: Duration::from_micros(200),
        rto_min: Duration::from_micros(100),
        rto_max: Duration::from_millis(1),
        syn_retries: 6,
        data_retries: 6,
        time_wait: Duration::from_micros(500),
        isn_secret: None,
    }
}

/// A connection A -> B:5000 with streams of 1 MiB buffers on both sides.
struct Conn {
    na: Nic,
    nb: Nic,
    eb: EndpointId,
    a: TcpStream,
    b: TcpStream,
    ea: EndpointId,
    ca: Connection,
    /// Stream offsets each way: A to B sent and received, B to A likewise.
    ab: (u64, u64),
    ba: (u64, u64),
}

fn connect(p: &Pair, t: &TcpConfig) -> Conn {
    p.a.set_ipv4(A_IP, 24).expect("A's address");
    p.b.set_ipv4(B_IP, 24).expect("B's address");
    p.a.tcp_config(t).expect("A's timing");
    p.b.tcp_config(t).expect("B's timing");
    p.b.tcp_listen_with(B_PORT, 8, 1 << 20).expect("listen");
    let opts = ConnectOpts {
        tcp_opt: cpl_tcp_opt::WSCALE,
        rcv_wscale: 5,
        rcv_wnd: 1 << 20,
        ..ConnectOpts::default()
    };
    p.a.tcp_connect(B_IP, B_PORT, &opts).expect("connect");
    let (ea, ca) = match tcp_event(&p.a) {
        TcpEventInfo::Established { ep, conn } => (ep, conn),
        e => panic!("A: {e:?}"),
    };
    let (eb, cb) = match tcp_event(&p.b) {
        TcpEventInfo::Accepted { ep, conn, .. } => (ep, conn),
        e => panic!("B: {e:?}"),
    };
    Conn {
        na: p.a.clone(),
        nb: p.b.clone(),
        eb,
        a: TcpStream::attach(&p.a, ea, &ca, 20).expect("A's stream"),
        b: TcpStream::attach(&p.b, eb, &cb, 20).expect("B's stream"),
        ea,
        ca,
        ab: (0, 0),
        ba: (0, 0),
    }
}

impl Conn {
    /// Moves `len` more bytes A to B (and B to A when `both`), checking
    /// every byte against the pattern at its stream offset. Returns the
    /// device time it took in ns.
    fn exchange(&mut self, len: u64, both: bool, tick: impl FnMut(u64)) -> u64 {
        let ab = self.ab.0 + len;
        let ba = self.ba.0 + if both { len } else { 0 };
        self.pump(ab, ba, u64::MAX, tick)
    }

    /// Writes and reads until the receivers got the stream offsets `ab`
    /// (A to B) and `ba`, or until device time `deadline`; calls `tick`
    /// with the device time on every round. Returns the device time spent.
    fn pump(&mut self, ab_end: u64, ba_end: u64, deadline: u64, mut tick: impl FnMut(u64)) -> u64 {
        let chunk = 64 * 1024;
        let mut buf = vec![0u8; chunk];
        let dev = self.a.device().clone();
        let start = dev.now_ns();
        let mut moved_at = start;
        while (self.ab.1 < ab_end || self.ba.1 < ba_end) && dev.now_ns() < deadline {
            tick(dev.now_ns());
            let mut moved = false;
            for (s, off, end, k) in [
                (&mut self.a, &mut self.ab.0, ab_end, 1u64),
                (&mut self.b, &mut self.ba.0, ba_end, 2u64),
            ] {
                if *off < end {
                    let n = (end - *off).min(chunk as u64) as usize;
                    for (j, x) in buf[..n].iter_mut().enumerate() {
                        *x = stream_byte(k, *off + j as u64);
                    }
                    let w = s.write(&buf[..n]).expect("write");
                    *off += w as u64;
                    moved |= w > 0;
                }
            }
            for (s, off, k) in [
                (&mut self.b, &mut self.ab.1, 1u64),
                (&mut self.a, &mut self.ba.1, 2u64),
            ] {
                let r = s.read(&mut buf).expect("read");
                for (j, &x) in buf[..r].iter().enumerate() {
                    assert_eq!(
                        x,
                        stream_byte(k, *off + j as u64),
                        "stream {k} byte {}",
                        *off + j as u64
                    );
                }
                *off += r as u64;
                moved |= r > 0;
            }
            if moved {
                moved_at = dev.now_ns();
            } else {
                dev.relax();
                // twenty times rto_max
                if dev.now_ns() - moved_at > 20_000_000 {
                    panic!(
                        "no progress for 20 ms: A to B {:?}, B to A {:?}; {}",
                        self.ab,
                        self.ba,
                        self.state()
                    );
                }
            }
        }
        dev.now_ns() - start
    }

    /// Both ends' sequence state and counters, for messages.
    fn state(&self) -> String {
        let f = [
            TcbField::State,
            TcbField::SndUna,
            TcbField::SndNxt,
            TcbField::SndWnd,
            TcbField::Cwnd,
            TcbField::RcvNxt,
            TcbField::RcvWnd,
            TcbField::TxCredits,
        ];
        let side = |n: &Nic, ep| {
            f.map(|f| format!("{f:?} {:?}", n.tcp_tcb(ep, f, 0, 0)))
                .join(", ")
        };
        format!(
            "A: {}; events {:?}; {:?}\nB: {}; events {:?}; {:?}",
            side(&self.na, self.ea),
            (self.na.tcp_poll_event(), self.na.tcp_poll_event()),
            self.na.stats(),
            side(&self.nb, self.eb),
            (self.nb.tcp_poll_event(), self.nb.tcp_poll_event()),
            self.nb.stats()
        )
    }

    /// Waits until both sides' bytes are acknowledged.
    fn settle(&mut self) {
        self.a.flush_wait(TCP_WAIT).expect("A's bytes acknowledged");
        self.b.flush_wait(TCP_WAIT).expect("B's bytes acknowledged");
        // the last window updates and ACKs
        run_for(self.a.device(), 20_000);
    }
}

fn tcb(nic: &Nic, ep: EndpointId, f: TcbField) -> u32 {
    nic.tcp_tcb(ep, f, 0, 0).expect("TCB field") as u32
}

/// An Ethernet + IPv4 + TCP frame, padded to 60 bytes.
fn tcp_frame(
    src: ([u8; 6], Ipv4Addr),
    dst: ([u8; 6], Ipv4Addr),
    tcp: &TcpRepr,
    payload: &[u8],
) -> Vec<u8> {
    let seg_len = tcp.header_len() + payload.len();
    let mut f = vec![0u8; (14 + 20 + seg_len).max(60)];
    EthernetRepr {
        dst: dst.0,
        src: src.0,
        ether_type: u16::from(EtherType::Ipv4),
    }
    .emit(&mut f)
    .expect("Ethernet header");
    Ipv4Repr {
        src: src.1,
        dst: dst.1,
        protocol: u8::from(IpProtocol::Tcp),
        ttl: 64,
        dscp: 0,
        ecn: 0,
        ident: 0,
        dont_frag: true,
        more_frags: false,
        frag_offset: 0,
        payload_len: seg_len,
    }
    .emit(&mut f[14..])
    .expect("IPv4 header");
    tcp.emit(&mut f[34..], src.1, dst.1, payload)
        .expect("TCP segment");
    f
}

/// Frames sent from a NIC's raw send queue, out of one DMA buffer of
/// 2 KiB slots.
struct Injector {
    cq: CompletionQueue,
    sq: RawSendQueue,
    mem: DmaMem,
    slots: usize,
    next: usize,
    posted: u64,
}

const SLOT: usize = 2048;

impl Injector {
    fn new(nic: &Nic, slots: usize) -> Injector {
        let cq = CompletionQueue::new(nic, 4096, None).expect("CQ");
        let sq = RawSendQueue::new(nic, 1024, &cq).expect("SQ");
        let mem = nic.alloc_dma(slots * SLOT, DmaPerm::READ).expect("DMA");
        Injector {
            cq,
            sq,
            mem,
            slots,
            next: 0,
            posted: 0,
        }
    }

    /// Writes `frames` into the slots from 0 (for [`Injector::post`]).
    fn load(&mut self, frames: &[Vec<u8>]) {
        assert!(frames.len() <= self.slots);
        for (i, f) in frames.iter().enumerate() {
            self.mem.write(i * SLOT, f).expect("frame into DMA memory");
        }
    }

    /// Posts `n` frames of `len` bytes from the loaded slots, cycling
    /// through the first `used` of them; the last one signaled.
    fn post(&mut self, n: usize, used: usize, len: u32) {
        let wrs: Vec<RawSend> = (0..n)
            .map(|i| {
                let slot = self.next % used;
                self.next += 1;
                RawSend {
                    addr: self.mem.iova() + (slot * SLOT) as u64,
                    len,
                    wr_id: self.posted + i as u64,
                    signaled: i + 1 == n,
                }
            })
            .collect();
        self.sq.post(&wrs).expect("post");
        self.posted += n as u64;
    }

    /// Sends `frames` once each and waits until they left.
    fn send(&mut self, frames: &[Vec<u8>]) {
        for (i, f) in frames.iter().enumerate() {
            self.mem.write(i * SLOT, f).expect("frame into DMA memory");
        }
        let wrs: Vec<RawSend> = frames
            .iter()
            .enumerate()
            .map(|(i, f)| RawSend {
                addr: self.mem.iova() + (i * SLOT) as u64,
                len: f.len() as u32,
                wr_id: i as u64,
                signaled: true,
            })
            .collect();
        self.sq.post(&wrs).expect("post");
        let cs = wait_completions(&self.cq, frames.len(), TCP_WAIT);
        assert_eq!(cs.len(), frames.len(), "{cs:?}");
    }

    /// Takes completions, freeing ring space.
    fn reap(&self) {
        let mut cs = [warpnic::Completion::default(); 64];
        while self.cq.poll(&mut cs).expect("poll") == cs.len() {}
    }
}

/// Frames A sent onto the link so far.
fn a_sent(p: &Pair) -> u64 {
    p.world
        .with(|w| w.link_counters(0, Dir::AToB))
        .expect("world")
        .expect("link")
        .sent
}

/// The counters that may differ between `before` and `after`, by name.
fn changed(before: &Stats, after: &Stats) -> Vec<String> {
    let b = format!("{before:?}");
    let a = format!("{after:?}");
    let fields = |s: &str| -> Vec<(String, String)> {
        s.trim_start_matches("Stats { ")
            .trim_end_matches(" }")
            .split(", ")
            .filter_map(|kv| kv.split_once(": "))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    };
    fields(&b)
        .into_iter()
        .zip(fields(&a))
        .filter(|(x, y)| x.1 != y.1)
        .map(|(x, y)| format!("{} {} -> {}", x.0, x.1, y.1))
        .collect()
}

// ----- a peer that stops acknowledging ---------------------------------

#[test]
fn tcp_peer_that_stops_acking_times_out_after_backoff() {
    let p = pair();
    let t = timing();
    let mut c = connect(&p, &t);
    c.exchange(256 << 10, true, |_| {});
    c.settle();
    // B hears nothing more; A has one segment to deliver
    p.b.set_port(true, false).expect("B's receive off");
    let dev = p.a.device().clone();
    let mut sends = Vec::new();
    let mut seen = a_sent(&p);
    let t0 = dev.now_ns();
    c.a.write(&[0x5a; 1000]).expect("write");
    let mut last_poll = t0;
    let ev = loop {
        dev.relax();
        let n = a_sent(&p);
        if n != seen {
            sends.push((dev.now_ns() - t0, n - seen));
            seen = n;
        }
        if dev.now_ns() - last_poll > 5_000 {
            last_poll = dev.now_ns();
            if let Some(e) = p.a.tcp_poll_event().expect("event") {
                break (e, dev.now_ns() - t0);
            }
        }
        assert!(
            dev.now_ns() - t0 < 50_000_000,
            "no timeout in 50 ms: {sends:?}"
        );
    };
    let (e, gone_at) = ev;
    let us = |ns: u64| ns as f64 / 1e3;
    println!(
        "A's transmissions, µs after the write: {:?}; TimedOut at {:.1} µs",
        sends.iter().map(|&(t, _)| us(t)).collect::<Vec<_>>(),
        us(gone_at)
    );
    assert!(
        matches!(e, TcpEventInfo::TimedOut { ep, cause: CplStatus::Timeout } if ep == c.ea),
        "{e:?}"
    );
    // one frame each: the segment, `data_retries` retransmissions, and the
    // RST the engine sends as it gives up
    let retries = usize::from(t.data_retries);
    assert!(sends.iter().all(|s| s.1 == 1), "{sends:?}");
    assert_eq!(sends.len(), retries + 2, "{sends:?}");
    // RFC 6298 §5.5: the RTO doubles from rto_min (the simulated link's
    // RTT is far below it) up to rto_max; the engine gives up one RTO after
    // the last retransmission
    let rto_min = t.rto_min.as_nanos() as u64;
    let rto_max = t.rto_max.as_nanos() as u64;
    let want: Vec<u64> = (0..=retries as u32)
        .map(|i| (rto_min << i).min(rto_max))
        .collect();
    let gaps: Vec<u64> = sends.windows(2).map(|w| w[1].0 - w[0].0).collect();
    // the timer scan's resolution (4.1 µs per round) and a margin
    let res = 8_000;
    for (g, w) in gaps.iter().zip(&want) {
        assert!(g.abs_diff(*w) <= res, "gaps {gaps:?}, want {want:?}");
    }
    let total: u64 = want.iter().sum();
    assert!(
        gone_at.abs_diff(total) <= 2 * res,
        "timed out at {gone_at} ns, want {total}"
    );
    // the endpoint is gone
    assert!(p.a.tcp_tcb(c.ea, TcbField::State, 0, 0).is_err());
}

// ----- a SYN flood beyond the backlog -------------------------------------

/// Source ports of the SYN flood.
const PORTS: usize = 4096;

/// SYNs from B's address to A's port 6000, each from its own port, loaded
/// into an injector on B: the injector and the frame length.
fn syn_flooder(p: &Pair) -> (Injector, u32) {
    let (ma, mb) = macs(&p.a, &p.b);
    let syns: Vec<Vec<u8>> = (0..PORTS)
        .map(|i| {
            let syn = TcpRepr {
                src_port: 20_000 + i as u16,
                dst_port: 6000,
                seq: (i as u32).wrapping_mul(0x9e37_79b9),
                ack: 0,
                flags: tcp_flags::SYN,
                window: 65_535,
                urgent: 0,
                options: TcpOptions {
                    mss: Some(1460),
                    ..TcpOptions::default()
                },
            };
            tcp_frame((mb, B_IP), (ma, A_IP), &syn, &[])
        })
        .collect();
    let mut inj = Injector::new(&p.b, PORTS);
    inj.load(&syns);
    (inj, syns[0].len() as u32)
}

/// Goodput A to B alone, then with SYNs from B's address (each from its
/// own port) flooding a listener of A with a backlog of 4 whose host takes
/// no events: A's engine answers SYN-ACKs, B's engine resets them (no such
/// connection), the firmware drops SYNs beyond the backlog. The stream
/// keeps most of its goodput and every byte.
#[test]
fn tcp_syn_flood_beyond_the_backlog_leaves_a_stream_its_goodput() {
    let p = pair();
    let mut c = connect(&p, &timing());
    p.a.tcp_listen(6000, 4).expect("A's listener");
    let (mut inj, syn_len) = syn_flooder(&p);
    // warm up (slow start)
    c.exchange(2 << 20, false, |_| {});
    // for a fixed device time: the stream alone, then with SYNs in bursts
    // of 32, one every `gap_ns` on average; after each flood the stream
    // must deliver 1 MiB more
    let span = 400_000u64;
    let goodput = |c: &mut Conn, inj: &mut Injector, gap_ns: Option<u64>| -> (f64, u64) {
        let got0 = c.ab.1;
        let posted0 = inj.posted;
        let dev = c.a.device().clone();
        let end = dev.now_ns() + span;
        let mut next = None;
        c.pump(u64::MAX, 0, end, |now| {
            let Some(gap) = gap_ns else { return };
            let at = *next.get_or_insert(now);
            if now >= at && inj.sq.outstanding().expect("outstanding") <= 1024 - 32 {
                inj.reap();
                inj.post(32, PORTS, syn_len);
                next = Some(at + 32 * gap);
            }
        });
        let gbps = (c.ab.1 - got0) as f64 * 8.0 / span as f64;
        let syns = inj.posted - posted0;
        // the flood is over: the rest of the stream, and 1 MiB more
        let end = c.ab.0 + (1 << 20);
        c.pump(end, 0, u64::MAX, |_| {});
        (gbps, syns)
    };
    let (alone, _) = goodput(&mut c, &mut inj, None);
    println!("alone: {alone:.2} Gb/s");
    let a0 = p.a.stats().expect("stats");
    let b0 = p.b.stats().expect("stats");
    let mut results = Vec::new();
    for gap_ns in [1_000u64, 100, 20] {
        let (g, syns) = goodput(&mut c, &mut inj, Some(gap_ns));
        println!(
            "{:.1} M SYN/s ({syns} SYNs in {} µs): {g:.2} Gb/s, {:.0} % of alone",
            1e3 / gap_ns as f64,
            span / 1000,
            100.0 * g / alone
        );
        results.push((gap_ns, g / alone));
    }
    c.settle();
    let (a1, b1) = (p.a.stats().expect("stats"), p.b.stats().expect("stats"));
    println!("A: {:?}\nB: {:?}", changed(&a0, &a1), changed(&b0, &b1));
    // A's host took no event: the listener's backlog holds at most 4
    // connections; the stream's endpoint is still established
    assert_eq!(
        tcb(&p.a, c.ea, TcbField::State),
        u32::from(u8::from(TcpState::Established))
    );
    // up to 10 M SYN/s (7 Gb/s of SYNs) the stream keeps its pace; at
    // 50 M SYN/s (a third of the link in SYNs) most of it
    for (gap_ns, share) in results {
        let floor = if gap_ns >= 100 { 0.9 } else { 0.5 };
        assert!(
            share >= floor,
            "a SYN every {gap_ns} ns leaves the stream {:.0} % of its goodput",
            share * 100.0
        );
    }
}

/// A sustained flood of 50 M SYN/s (a third of the link in 64-byte SYNs)
/// for 10 ms while a stream runs: the stream slows down but its
/// connection survives and delivers every byte once the flood ends.
#[test]
fn tcp_sustained_syn_flood_does_not_kill_an_established_stream() {
    let p = pair();
    let mut c = connect(&p, &timing());
    p.a.tcp_listen(6000, 4).expect("A's listener");
    let (mut inj, syn_len) = syn_flooder(&p);
    c.exchange(2 << 20, false, |_| {});
    let dev = p.a.device().clone();
    let got0 = c.ab.1;
    let end = dev.now_ns() + 10_000_000;
    let mut next = None;
    c.pump(u64::MAX, 0, end, |now| {
        let at = *next.get_or_insert(now);
        if now >= at && inj.sq.outstanding().expect("outstanding") <= 1024 - 32 {
            inj.reap();
            inj.post(32, PORTS, syn_len);
            next = Some(at + 32 * 20);
        }
    });
    let st = p.a.stats().expect("stats");
    println!(
        "{} SYNs in 10 ms; the stream moved {} bytes ({:.2} Gb/s); A: tcp_rx_drop {} tcp_tx_segs {}",
        inj.posted,
        c.ab.1 - got0,
        (c.ab.1 - got0) as f64 * 8.0 / 1e7,
        st.tcp_rx_drop,
        st.tcp_tx_segs
    );
    let ev = p.a.tcp_poll_event().expect("event");
    assert!(ev.is_none(), "A's connection: {ev:?}");
    assert_eq!(
        tcb(&p.a, c.ea, TcbField::State),
        u32::from(u8::from(TcpState::Established))
    );
    let end = c.ab.0 + (1 << 20);
    c.pump(end, 0, u64::MAX, |_| {});
}

// ----- bad checksums ----------------------------------------------------

/// The 4-tuple of the connection, from B's side: frames B would send.
struct Tuple {
    b: ([u8; 6], Ipv4Addr),
    a: ([u8; 6], Ipv4Addr),
    a_port: u16,
}

impl Tuple {
    fn new(p: &Pair, c: &Conn) -> Tuple {
        let (ma, mb) = macs(&p.a, &p.b);
        Tuple {
            b: (mb, B_IP),
            a: (ma, A_IP),
            a_port: c.ca.local.port(),
        }
    }

    /// A segment of B's to A with `flags`, `seq`, `ack` and `payload`.
    fn seg(&self, flags: u8, seq: u32, ack: u32, payload: &[u8]) -> Vec<u8> {
        let t = TcpRepr {
            src_port: B_PORT,
            dst_port: self.a_port,
            seq,
            ack,
            flags,
            window: 0x8000,
            urgent: 0,
            options: TcpOptions::default(),
        };
        tcp_frame(self.b, self.a, &t, payload)
    }
}

/// Offset of the TCP checksum in a frame.
const TCP_CSUM: usize = 14 + 20 + 16;

#[test]
fn tcp_bad_checksums_are_dropped_and_counted() {
    let p = pair();
    let mut c = connect(&p, &timing());
    c.exchange(256 << 10, true, |_| {});
    c.settle();
    let t = Tuple::new(&p, &c);
    let rcv_nxt = tcb(&p.a, c.ea, TcbField::RcvNxt);
    let snd_nxt = tcb(&p.a, c.ea, TcbField::SndNxt);
    // segments A would take (data at RCV.NXT, ACKs), each with one bit of
    // its checksum flipped
    let frames: Vec<Vec<u8>> = (0..10)
        .map(|i| {
            let payload = vec![0xee; if i % 2 == 0 { 0 } else { 700 }];
            let mut f = t.seg(tcp_flags::ACK | tcp_flags::PSH, rcv_nxt, snd_nxt, &payload);
            f[TCP_CSUM + 1] ^= 1 << (i % 8);
            f
        })
        .collect();
    let mut inj = Injector::new(&p.b, 16);
    let sent0 = a_sent(&p);
    let before = p.a.stats().expect("stats");
    inj.send(&frames);
    run_for(p.a.device(), 20_000);
    let after = p.a.stats().expect("stats");
    let diff = changed(&before, &after);
    println!("A's counters: {diff:?}");
    // the engine saw ten segments (TCP_RX_SEGS counts every segment
    // steered to it) and dropped them for their checksum; nothing else
    // changed: no other drop, no segment sent, no event
    assert_eq!(
        diff,
        vec![
            format!(
                "tcp_rx_segs {} -> {}",
                before.tcp_rx_segs,
                before.tcp_rx_segs + 10
            ),
            format!(
                "tcp_rx_bad_csum {} -> {}",
                before.tcp_rx_bad_csum,
                before.tcp_rx_bad_csum + 10
            ),
        ]
    );
    assert_eq!(a_sent(&p), sent0, "A answered a bad segment");
    assert_eq!(tcb(&p.a, c.ea, TcbField::RcvNxt), rcv_nxt);
    assert!(p.a.tcp_poll_event().expect("event").is_none());
    // the stream goes on, every byte as sent
    c.exchange(1 << 20, true, |_| {});
}

// ----- out-of-window RSTs and data -----------------------------------------

/// The TCP segments of a pcap capture: (source port, flags, seq, ack,
/// payload length).
fn captured_segments(path: &std::path::Path) -> Vec<(u16, u8, u32, u32, usize)> {
    let bytes = std::fs::read(path).expect("the capture");
    let mut out = Vec::new();
    let mut off = 24;
    while off + 16 <= bytes.len() {
        let word =
            |o: usize| u32::from_le_bytes([bytes[o], bytes[o + 1], bytes[o + 2], bytes[o + 3]]);
        let n = word(off + 8) as usize;
        let frame = &bytes[off + 16..(off + 16 + n).min(bytes.len())];
        off += 16 + n;
        let Ok((eth, ip)) = EthernetRepr::parse(frame) else {
            continue;
        };
        if eth.ether_type != u16::from(EtherType::Ipv4) {
            continue;
        }
        let Ok((iph, seg)) = Ipv4Repr::parse(ip) else {
            continue;
        };
        if let Ok((t, data)) = TcpRepr::parse(seg, iph.src, iph.dst) {
            out.push((t.src_port, t.flags, t.seq, t.ack, data.len()));
        }
    }
    out
}

/// RFC 5961 §3.2 and RFC 9293 §3.10.7.4 on an established connection:
/// a RST outside the window is dropped silently; a RST inside the window
/// but not at RCV.NXT draws a challenge ACK and changes nothing; data far
/// outside the window (ahead and behind) is dropped with an ACK, and the
/// stream stays byte-exact.
#[test]
fn tcp_out_of_window_rsts_and_data_leave_the_stream_intact() {
    let pcap = std::env::temp_dir().join(format!("warpnic-tcp-oow-{}.pcap", std::process::id()));
    let p = warpnic_tests::pair_with(|c| c.pcap = Some(pcap.clone()));
    let mut c = connect(&p, &timing());
    c.exchange(256 << 10, true, |_| {});
    c.settle();
    let t = Tuple::new(&p, &c);
    let rcv_nxt = tcb(&p.a, c.ea, TcbField::RcvNxt);
    let snd_nxt = tcb(&p.a, c.ea, TcbField::SndNxt);
    let mut inj = Injector::new(&p.b, 16);
    let est = u32::from(u8::from(TcpState::Established));
    let rst = tcp_flags::RST | tcp_flags::ACK;
    let data = tcp_flags::ACK | tcp_flags::PSH;
    let junk = [0xeeu8; 1000];
    // (what, frame, segments A answers with)
    let cases = [
        (
            "RST beyond the window",
            t.seg(rst, rcv_nxt.wrapping_add(0x4000_0000), snd_nxt, &[]),
            0,
        ),
        (
            "RST behind the window",
            t.seg(rst, rcv_nxt.wrapping_sub(0x10_0000), snd_nxt, &[]),
            0,
        ),
        (
            "RST in the window, not at RCV.NXT",
            t.seg(rst, rcv_nxt.wrapping_add(1), snd_nxt, &[]),
            1,
        ),
        (
            "data far beyond the window",
            t.seg(data, rcv_nxt.wrapping_add(0x4000_0000), snd_nxt, &junk),
            1,
        ),
        (
            "data behind the window",
            t.seg(data, rcv_nxt.wrapping_sub(0x10_0000), snd_nxt, &junk),
            1,
        ),
    ];
    for (what, frame, want) in &cases {
        let sent0 = a_sent(&p);
        inj.send(std::slice::from_ref(frame));
        run_for(p.a.device(), 20_000);
        let answered = a_sent(&p) - sent0;
        println!("{what}: A sent {answered} segment(s)");
        assert_eq!(answered, *want, "{what}");
        assert_eq!(tcb(&p.a, c.ea, TcbField::State), est, "{what}");
        assert_eq!(tcb(&p.a, c.ea, TcbField::RcvNxt), rcv_nxt, "{what}");
        assert_eq!(tcb(&p.a, c.ea, TcbField::SndNxt), snd_nxt, "{what}");
        assert!(p.a.tcp_poll_event().expect("event").is_none(), "{what}");
        assert!(p.b.tcp_poll_event().expect("event").is_none(), "{what}");
    }
    // RFC 5961 §3.2: the in-window RST drew one challenge ACK; RFC 9293
    // §3.10.7.4: unacceptable data drew an ACK. The capture shows them, A's last three segments: ACK only, SEQ =
    // SND.NXT, ACK = RCV.NXT, no data
    p.world
        .with(|w| w.finish())
        .expect("world")
        .expect("capture");
    let segs = captured_segments(&pcap);
    let from_a: Vec<_> = segs.iter().filter(|s| s.0 == t.a_port).collect();
    let last = &from_a[from_a.len() - 3..];
    for s in last {
        assert_eq!(
            (s.1, s.2, s.3, s.4),
            (tcp_flags::ACK, snd_nxt, rcv_nxt, 0),
            "{last:?}"
        );
    }
    let _ = std::fs::remove_file(&pcap);
    // the stream goes on, every byte as sent (none of the 0xee junk)
    c.exchange(1 << 20, true, |_| {});
    c.settle();
}
