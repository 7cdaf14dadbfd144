//! Offloaded TCP byte streams between two simulated NICs: the host
//! library's `TcpStream` over the RTL engine's data path (segmentation from
//! the send buffer by DMA, placement into the receive buffer by DMA,
//! acknowledgments, congestion control, retransmission). Every byte is
//! checked; the link's seeded loss, reordering and duplication apply.

use std::time::Duration;

use warpnic::{ConnectOpts, Connection, EndpointId, Nic, TcpConfig, TcpEventInfo, TcpStream};
use warpnic_abi::gen::cpl_tcp_opt;
use warpnic_sim::traffic::Pair;
use warpnic_tests::pair_with;

const A_IP: std::net::Ipv4Addr = std::net::Ipv4Addr::new(10, 0, 0, 1);
const B_IP: std::net::Ipv4Addr = std::net::Ipv4Addr::new(10, 0, 0, 2);
const WAIT: Duration = Duration::from_millis(20);

fn event(nic: &Nic) -> TcpEventInfo {
    nic.tcp_wait_event(WAIT)
        .expect("TCP_EVENT")
        .expect("an event within the wait")
}

/// A byte of the test pattern at stream offset `i` of stream `k`.
fn pattern(k: u64, i: u64) -> u8 {
    let x = (i ^ k.wrapping_mul(0x9e37_79b9_7f4a_7c15)).wrapping_mul(0xff51_afd7_ed55_8ccd);
    (x >> 56) as u8
}

/// A connection A -> B:5000 with streams of `2^log`-byte buffers.
fn connected(p: &Pair, log: u8) -> (TcpStream, TcpStream) {
    p.a.set_ipv4(A_IP, 24).expect("A's address");
    p.b.set_ipv4(B_IP, 24).expect("B's address");
    let t = TcpConfig {
        rto_init: Duration::from_micros(200),
        rto_min: Duration::from_micros(100),
        rto_max: Duration::from_millis(20),
        syn_retries: 6,
        data_retries: 15,
        time_wait: Duration::from_micros(500),
        isn_secret: None,
    };
    p.a.tcp_config(&t).expect("A's timing");
    p.b.tcp_config(&t).expect("B's timing");
    p.b.tcp_listen(5000, 8).expect("listen");
    let opts = ConnectOpts {
        tcp_opt: cpl_tcp_opt::WSCALE,
        rcv_wscale: 10,
        rcv_wnd: 1 << 20,
        ..ConnectOpts::default()
    };
    p.a.tcp_connect(B_IP, 5000, &opts).expect("connect");
    let (ea, ca): (EndpointId, Connection) = match event(&p.a) {
        TcpEventInfo::Established { ep, conn } => (ep, conn),
        e => panic!("A: {e:?}"),
    };
    let (eb, cb) = match event(&p.b) {
        TcpEventInfo::Accepted { ep, conn, .. } => (ep, conn),
        e => panic!("B: {e:?}"),
    };
    let sa = TcpStream::attach(&p.a, ea, &ca, log).expect("A's stream");
    let sb = TcpStream::attach(&p.b, eb, &cb, log).expect("B's stream");
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
                *x = pattern(k, *sent + j as u64);
            }
            let w = s.write(&buf[..n]).expect("write");
            *sent += w as u64;
            moved |= w > 0;
        }
        for (s, got, k) in [(&mut *b, &mut b_got, 1u64), (&mut *a, &mut a_got, 2u64)] {
            let r = s.read(&mut rbuf).expect("read");
            for (j, &x) in rbuf[..r].iter().enumerate() {
                let want = pattern(k, *got + j as u64);
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
    a.flush_wait(WAIT).expect("A's bytes acknowledged");
    b.flush_wait(WAIT).expect("B's bytes acknowledged");
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
    a.flush_wait(WAIT).expect("A's bytes acknowledged");
    b.flush_wait(WAIT).expect("B's bytes acknowledged");
    let (sa, sb) = (p.a.stats().expect("stats"), p.b.stats().expect("stats"));
    println!("A {sa:?}\nB {sb:?}");
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
