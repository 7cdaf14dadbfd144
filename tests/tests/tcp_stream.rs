//! Offloaded TCP byte streams between two simulated NICs: the host
//! library's `TcpStream` over the RTL engine's data path (segmentation from
//! the send buffer by DMA, placement into the receive buffer by DMA,
//! acknowledgments, congestion control, retransmission). Every byte is
//! checked; the link's seeded loss, reordering and duplication apply.

use warpnic_tests::{fast_tcp_timers, stream_byte, tcp_event, tcp_streams, A_IP, B_IP, TCP_WAIT};

use warpnic::{ConnectOpts, TcpEventInfo, TcpStream};
use warpnic_abi::gen::TcbField;
use warpnic_sim::traffic::Pair;
use warpnic_tests::pair_with;

/// A connection A -> B:5000 with streams of `2^log`-byte buffers.
fn connected(p: &Pair, log: u8) -> (TcpStream, TcpStream) {
    let ((_, sa), (_, sb)) = tcp_streams(p, log);
    (sa, sb)
}

/// Moves `len` bytes each way at once (or one way) and checks them.
fn exchange(a: &mut TcpStream, b: &mut TcpStream, len: u64, both: bool) {
    let chunk = 64 * 1024;
    let mut buf = vec![0u8; chunk];
    let mut rbuf = vec![0u8; chunk];
    let (mut a_sent, mut b_sent, mut a_got, mut b_got) = (0u64, 0u64, 0u64, 0u64);
    let dev = a.device().clone();
    let start = dev.now_ns();
    let mut idle = 0u32;
    while b_got < len || (both && a_got < len) {
        let mut moved = false;
        for (s, sent, k) in [(&mut *a, &mut a_sent, 1u64), (&mut *b, &mut b_sent, 2u64)] {
            if (k == 2 && !both) || *sent >= len {
                continue;
            }
            let n = (len - *sent).min(chunk as u64) as usize;
            for (j, x) in buf[..n].iter_mut().enumerate() {
                *x = stream_byte(k, *sent + j as u64);
            }
            let w = s.write(&buf[..n]).expect("write");
            *sent += w as u64;
            moved |= w > 0;
        }
        for (s, got, k) in [(&mut *b, &mut b_got, 1u64), (&mut *a, &mut a_got, 2u64)] {
            let r = s.read(&mut rbuf).expect("read");
            for (j, &x) in rbuf[..r].iter().enumerate() {
                let want = stream_byte(k, *got + j as u64);
                assert_eq!(x, want, "stream {k} byte {} differs", *got + j as u64);
            }
            *got += r as u64;
            moved |= r > 0;
        }
        if moved {
            idle = 0;
        } else {
            dev.relax();
            idle += 1;
            assert!(
                idle < 2_000_000,
                "no progress: A sent {a_sent} got {a_got}, B sent {b_sent} got {b_got}"
            );
        }
    }
    assert!(
        b.read(&mut rbuf).expect("read") == 0,
        "nothing beyond the stream"
    );
    let ns = dev.now_ns() - start;
    println!(
        "{} MiB {}: {:.3} ms of device time, {:.2} Gb/s per direction",
        len >> 20,
        if both { "each way" } else { "one way" },
        ns as f64 / 1e6,
        len as f64 * 8.0 / ns as f64
    );
}

#[test]
fn tcp_stream_moves_bytes_exactly_on_a_clean_link() {
    let p = pair_with(|_| {});
    let (mut a, mut b) = connected(&p, 20);
    exchange(&mut a, &mut b, 4 << 20, false);
    exchange(&mut a, &mut b, 4 << 20, true);
    a.flush_wait(TCP_WAIT).expect("A's bytes acknowledged");
    b.flush_wait(TCP_WAIT).expect("B's bytes acknowledged");
}

/// Streams at line rate both ways on a clean link: each engine sends a
/// segment per frame time and takes about as many (the peer's data and
/// ACKs); none may be dropped at admission, so nothing is sent again.
#[test]
fn tcp_streams_both_ways_drop_nothing_on_a_clean_link() {
    let p = pair_with(|_| {});
    // 1500-byte frames: the most segments per second
    for n in [&p.a, &p.b] {
        n.set_max_frame(1514).expect("MAX_FRAME");
    }
    let (mut a, mut b) = connected(&p, 20);
    exchange(&mut a, &mut b, 8 << 20, true);
    a.flush_wait(TCP_WAIT).expect("A's bytes acknowledged");
    b.flush_wait(TCP_WAIT).expect("B's bytes acknowledged");
    let retx = |n: &warpnic::Nic, st: &TcpStream| {
        n.tcp_tcb(st.endpoint(), TcbField::TxSegs, 0, 0)
            .expect("TX_SEGS")
            >> 32
    };
    let drops = |n: &warpnic::Nic| n.stats().expect("stats").tcp_rx_drop;
    assert_eq!(
        (drops(&p.a), drops(&p.b), retx(&p.a, &a), retx(&p.b, &b)),
        (0, 0, 0, 0),
        "segments dropped by A and B, retransmitted by A and B"
    );
}

/// The soak length of the faulty-link streams: `WARPNIC_TCP_SOAK_MIB`
/// (default 16 MiB each way; the figure is 256).
fn soak() -> u64 {
    std::env::var("WARPNIC_TCP_SOAK_MIB")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(16)
        << 20
}

fn faulty(loss: f64, reorder: f64, duplicate: f64, seed: u64) {
    let p = pair_with(|c| {
        c.link.loss = loss;
        c.link.reorder = reorder;
        c.link.duplicate = duplicate;
        c.seed = seed;
    });
    let (mut a, mut b) = connected(&p, 20);
    exchange(&mut a, &mut b, soak(), true);
    a.flush_wait(TCP_WAIT).expect("A's bytes acknowledged");
    b.flush_wait(TCP_WAIT).expect("B's bytes acknowledged");
    let (sa, sb) = (p.a.stats().expect("stats"), p.b.stats().expect("stats"));
    println!("A {sa:?}\nB {sb:?}");
    // the per-connection counters: (segments, retransmissions) sent and
    // (in order, out of order kept) received, for each end
    let counters = |n: &warpnic::Nic, st: &TcpStream| {
        let tx = n
            .tcp_tcb(st.endpoint(), TcbField::TxSegs, 0, 0)
            .expect("TX_SEGS");
        let rx = n
            .tcp_tcb(st.endpoint(), TcbField::RxSegs, 0, 0)
            .expect("RX_SEGS");
        ((tx as u32, tx >> 32), (rx as u32, rx >> 32))
    };
    let (ca, cb) = (counters(&p.a, &a), counters(&p.b, &b));
    println!("A sent/retransmitted, received/kept out of order: {ca:?}; B: {cb:?}");
    for ((sent, retx), (_, _)) in [ca, cb] {
        assert!(sent > 0);
        // a lost segment is sent again; a reordered one need not be
        assert!(
            loss == 0.0 || retx > 0,
            "retransmissions under loss: {retx}"
        );
    }
    // loss and reordering leave holes: segments after one are kept
    for (_, (in_order, kept)) in [ca, cb] {
        assert!(in_order > 0);
        assert!(
            (loss == 0.0 && reorder == 0.0) || kept > 0,
            "out-of-order segments kept: {kept}"
        );
    }
}

#[test]
fn tcp_stream_under_one_percent_loss() {
    faulty(0.01, 0.0, 0.0, 11);
}

#[test]
fn tcp_stream_under_reordering() {
    faulty(0.0, 0.01, 0.0, 12);
}

#[test]
fn tcp_stream_under_duplication() {
    faulty(0.0, 0.0, 0.01, 13);
}

#[test]
fn tcp_stream_under_loss_reordering_and_duplication() {
    faulty(0.01, 0.01, 0.01, 14);
}

#[test]
fn tcp_1024_streams_move_64_kib_each_way_exactly() {
    use std::collections::HashMap;
    use warpnic::StreamCq;
    let n_conns: usize = std::env::var("WARPNIC_TCP_CONNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1024);
    const LEN: usize = 64 << 10;
    let p = pair_with(|_| {});
    p.a.set_ipv4(A_IP, 24).expect("A's address");
    p.b.set_ipv4(B_IP, 24).expect("B's address");
    for n in [&p.a, &p.b] {
        n.tcp_config(&fast_tcp_timers()).expect("timing");
    }
    let l = p.b.tcp_listen(7000, 64).expect("listen");
    let (qa, qb) = (
        StreamCq::new(&p.a, 1 << 15).expect("A's CQ"),
        StreamCq::new(&p.b, 1 << 15).expect("B's CQ"),
    );
    // open in batches (the firmware holds 64 opens whose event the host
    // has not taken), streams on both sides as the events come
    let mut a_streams = Vec::new();
    let mut b_streams = HashMap::new();
    while a_streams.len() < n_conns {
        let batch = (n_conns - a_streams.len()).min(32);
        for _ in 0..batch {
            p.a.tcp_connect(B_IP, 7000, &ConnectOpts::default())
                .expect("connect");
        }
        for _ in 0..batch {
            match tcp_event(&p.a) {
                TcpEventInfo::Established { ep, conn } => {
                    let s = TcpStream::attach_shared(&p.a, ep, &conn, 16, &qa).expect("stream");
                    a_streams.push((conn.local.port(), s));
                }
                e => panic!("A: {e:?}"),
            }
        }
        for _ in 0..batch {
            match tcp_event(&p.b) {
                TcpEventInfo::Accepted { ep, conn, listener } if listener == l => {
                    let s = TcpStream::attach_shared(&p.b, ep, &conn, 16, &qb).expect("stream");
                    b_streams.insert(conn.peer.port(), s);
                }
                e => panic!("B: {e:?}"),
            }
        }
    }
    // pair them by A's port, the stream's key in the pattern
    let mut pairs: Vec<(u64, TcpStream, TcpStream)> = a_streams
        .into_iter()
        .map(|(port, a)| {
            let b = b_streams.remove(&port).expect("B's side of the connection");
            (u64::from(port), a, b)
        })
        .collect();
    let dev = p.a.device().clone();
    let t0 = dev.now_ns();
    // everyone writes its 64 KiB both ways at once, then everyone reads
    let data = |k: u64| -> Vec<u8> { (0..LEN as u64).map(|i| stream_byte(k, i)).collect() };
    for (k, a, b) in &mut pairs {
        assert_eq!(
            a.write(&data(*k)).expect("write"),
            LEN,
            "the buffer holds 64 KiB"
        );
        assert_eq!(b.write(&data(*k + 100_000)).expect("write"), LEN);
    }
    let mut got: Vec<(usize, usize)> = vec![(0, 0); n_conns];
    let mut buf = vec![0u8; LEN];
    let mut idle = 0u32;
    while got.iter().any(|&(x, y)| x < LEN || y < LEN) {
        let mut moved = false;
        for (i, (k, a, b)) in pairs.iter_mut().enumerate() {
            let (ga, gb) = &mut got[i];
            for (s, g, key) in [(&mut *b, ga, *k), (&mut *a, gb, *k + 100_000)] {
                let r = s.read(&mut buf[..LEN - *g]).expect("read");
                for (j, &x) in buf[..r].iter().enumerate() {
                    assert_eq!(
                        x,
                        stream_byte(key, (*g + j) as u64),
                        "stream {key} byte {}",
                        *g + j
                    );
                }
                *g += r;
                moved |= r > 0;
            }
        }
        if !moved {
            for _ in 0..16 {
                dev.relax();
            }
            idle += 1;
            if idle >= 20_000 {
                use warpnic_abi::gen::TcbField as F;
                let sa = p.a.stats().expect("stats");
                let sb = p.b.stats().expect("stats");
                println!("A {sa:?}\nB {sb:?}");
                let f = |n: &warpnic::Nic, s: &TcpStream, x: F| {
                    n.tcp_tcb(s.endpoint(), x, 0, 0).unwrap_or(u64::MAX)
                };
                for (i, (k, a, b)) in pairs.iter().enumerate() {
                    if got[i].0 < LEN || got[i].1 < LEN {
                        println!(
                            "stream {k}: got {:?}; A una {} nxt {} cwnd {} wnd {} rcv {} stream {:#x} engine {:#x}; \
                             B una {} nxt {} cwnd {} wnd {} rcv {} stream {:#x} engine {:#x}",
                            got[i],
                            f(&p.a, a, F::SndUna),
                            f(&p.a, a, F::SndNxt),
                            f(&p.a, a, F::Cwnd),
                            f(&p.a, a, F::SndWnd),
                            f(&p.a, a, F::RcvNxt),
                            f(&p.a, a, F::Stream),
                            f(&p.a, a, F::Engine),
                            f(&p.b, b, F::SndUna),
                            f(&p.b, b, F::SndNxt),
                            f(&p.b, b, F::Cwnd),
                            f(&p.b, b, F::SndWnd),
                            f(&p.b, b, F::RcvNxt),
                            f(&p.b, b, F::Stream),
                            f(&p.b, b, F::Engine),
                        );
                        break;
                    }
                }
                panic!("no progress");
            }
        } else {
            idle = 0;
        }
    }
    let ns = dev.now_ns() - t0;
    println!(
        "A {:?}\nB {:?}",
        p.a.stats().expect("stats"),
        p.b.stats().expect("stats")
    );
    println!(
        "{n_conns} connections x 64 KiB each way: {:.3} ms of device time, {:.2} Gb/s each way",
        ns as f64 / 1e6,
        (n_conns * LEN) as f64 * 8.0 / ns as f64
    );
}
