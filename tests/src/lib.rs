//! Shared helpers for the end-to-end tests over the co-simulation.

use std::sync::Arc;
use std::time::Duration;
use warpnic::{Completion, CompletionQueue, Device, Nic};
use warpnic_sim::traffic::{build_frame, Pair, StreamSpec};
use warpnic_sim::WorldConfig;

pub use warpnic_sim::traffic;

pub mod cm_peer;
pub mod perftest;
pub mod rdma;
pub mod rping;
pub mod siw;
pub mod soft_iwarp;

/// Two opened NICs on a clean link.
pub fn pair() -> Pair {
    Pair::new(&WorldConfig::pair()).expect("world with two NICs")
}

/// Two opened NICs on a link configured by `f`.
pub fn pair_with(f: impl FnOnce(&mut WorldConfig)) -> Pair {
    let mut cfg = WorldConfig::pair();
    f(&mut cfg);
    Pair::new(&cfg).expect("world with two NICs")
}

/// Polls `cq` until `n` completions arrived or `timeout` of device time
/// passed; returns what arrived.
pub fn wait_completions(cq: &CompletionQueue, n: usize, timeout: Duration) -> Vec<Completion> {
    let mut out = Vec::new();
    let mut buf = [Completion::default(); 64];
    while out.len() < n {
        let k = cq.poll_wait(&mut buf, timeout).expect("poll");
        if k == 0 {
            break;
        }
        out.extend_from_slice(&buf[..k]);
    }
    out
}

/// Runs the world for `ns` nanoseconds of device time.
pub fn run_for(dev: &Arc<dyn Device>, ns: u64) {
    let end = dev.now_ns() + ns;
    while dev.now_ns() < end {
        dev.relax();
    }
}

/// A test frame from `src` to `dst` of `len` bytes with sequence `seq`.
pub fn frame(dst: [u8; 6], src: [u8; 6], len: usize, seq: u64) -> Vec<u8> {
    let spec = StreamSpec {
        sizes: warpnic_sim::traffic::Sizes::Fixed(len),
        ..StreamSpec::default()
    };
    let mut f = vec![0u8; len.max(22)];
    build_frame(&spec, seq, dst, src, &mut f);
    f.truncate(len);
    f
}

/// The MAC addresses of a pair.
pub fn macs(a: &Nic, b: &Nic) -> ([u8; 6], [u8; 6]) {
    (a.mac().expect("mac"), b.mac().expect("mac"))
}

/// How long the TCP tests wait for one connection event (device time).
pub const TCP_WAIT: Duration = Duration::from_millis(20);

/// The next TCP connection event of `nic`, waiting up to [`TCP_WAIT`].
///
/// # Panics
/// When the mailbox fails or no event comes in time.
pub fn tcp_event(nic: &Nic) -> warpnic::TcpEventInfo {
    nic.tcp_wait_event(TCP_WAIT)
        .expect("TCP_EVENT")
        .expect("an event within the wait")
}

/// Byte `i` of test stream `k`: a keyed mix, so a byte out of place or from
/// another stream shows.
pub fn stream_byte(k: u64, i: u64) -> u8 {
    let x = (i ^ k.wrapping_mul(0x9e37_79b9_7f4a_7c15)).wrapping_mul(0xff51_afd7_ed55_8ccd);
    (x >> 56) as u8
}

/// NIC A's and B's IPv4 addresses in the two-NIC tests, and the TCP
/// timers for two simulated NICs on a link of microseconds.
pub use warpnic_sim::rdma::{fast_tcp_timers, A_IP, B_IP};

/// The engine's timing against a real kernel peer (Linux through a TAP, or
/// in a QEMU guest), in device time: the kernel answers within
/// microseconds of simulated time, so an RTO floor of 500 µs only fires on
/// real loss; SYNs retry after 2 ms (the kernel's own SYN retransmission
/// takes a second of wall time).
pub fn kernel_peer_tcp_timers() -> warpnic::TcpConfig {
    warpnic::TcpConfig {
        rto_init: Duration::from_millis(2),
        rto_min: Duration::from_micros(500),
        rto_max: Duration::from_millis(10),
        syn_retries: 6,
        data_retries: 15,
        time_wait: Duration::from_millis(1),
        isn_secret: None,
    }
}

/// A world of one NIC whose port is `bridge` (a real peer), the NIC opened,
/// its port up and its address `ip/prefix`: (the world, which must outlive
/// the device; the device; the NIC).
pub fn bridged_nic(
    bridge: Box<dyn warpnic_sim::PortBridge>,
    ip: std::net::Ipv4Addr,
    prefix: u8,
) -> (Arc<warpnic_sim::SimWorld>, Arc<dyn Device>, Nic) {
    let world = warpnic_sim::SimWorld::new(&WorldConfig::with_nics(1)).expect("world with one NIC");
    world
        .with(|w| w.attach_bridge(0, bridge))
        .expect("world")
        .expect("attach the bridge to NIC 0");
    let dev: Arc<dyn Device> = world.device(0).expect("device");
    let nic = Nic::open(dev.clone()).expect("open NIC");
    nic.set_port(true, true).expect("port up");
    nic.set_ipv4(ip, prefix).expect("SET_IPV4");
    (world, dev, nic)
}

/// Gives a pair its addresses ([`A_IP`], [`B_IP`]) and [`fast_tcp_timers`].
pub fn tcp_pair_setup(p: &Pair) {
    warpnic_sim::rdma::setup_pair(p, None).expect("addresses and TCP timing");
}

/// One TCP connection A -> B:5000 (window scaling and SACK), with a stream
/// of `2^log`-byte buffers on each end: (A's endpoint and stream, B's).
pub fn tcp_streams(
    p: &Pair,
    log: u8,
) -> (
    (warpnic::EndpointId, warpnic::TcpStream),
    (warpnic::EndpointId, warpnic::TcpStream),
) {
    use warpnic::{ConnectOpts, TcpEventInfo, TcpStream};
    use warpnic_abi::gen::cpl_tcp_opt;
    tcp_pair_setup(p);
    // the window offered in the handshake; once a stream is attached it is
    // the stream's free buffer space
    // (a pair's later connections find the listener of its first)
    match p.b.tcp_listen_with(5000, 8, 1 << 20) {
        Ok(_) | Err(warpnic::Error::Tcp(warpnic_abi::gen::CplStatus::AddrInUse)) => {}
        Err(e) => panic!("listen: {e:?}"),
    }
    let opts = ConnectOpts {
        tcp_opt: cpl_tcp_opt::WSCALE | cpl_tcp_opt::SACK,
        rcv_wscale: 10,
        rcv_wnd: 1 << 20,
        ..ConnectOpts::default()
    };
    p.a.tcp_connect(B_IP, 5000, &opts).expect("connect");
    let (ea, ca) = match tcp_event(&p.a) {
        TcpEventInfo::Established { ep, conn } => (ep, conn),
        e => panic!("A: {e:?}"),
    };
    let (eb, cb) = match tcp_event(&p.b) {
        TcpEventInfo::Accepted { ep, conn, .. } => (ep, conn),
        e => panic!("B: {e:?}"),
    };
    let sa = TcpStream::attach(&p.a, ea, &ca, log).expect("A's stream");
    let sb = TcpStream::attach(&p.b, eb, &cb, log).expect("B's stream");
    ((ea, sa), (eb, sb))
}

/// The next event of `cm`, polling `other` too (its events are returned
/// as `Err`) and running the simulation of `p`; at most 5 ms of device
/// time.
pub fn cm_next(
    p: &Pair,
    cm: &mut warpnic::Cm<'_>,
    other: &mut warpnic::Cm<'_>,
) -> Result<warpnic::CmEvent, warpnic::CmEvent> {
    let dev = p.a.device().clone();
    let end = dev.now_ns() + 5_000_000;
    loop {
        if let Some(e) = cm.poll().expect("poll") {
            return Ok(e);
        }
        if let Some(e) = other.poll().expect("poll") {
            return Err(e);
        }
        assert!(dev.now_ns() < end, "no CM event within 5 ms");
        dev.relax();
    }
}
