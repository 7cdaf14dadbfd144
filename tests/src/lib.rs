//! Shared helpers for the end-to-end tests over the co-simulation.

use std::sync::Arc;
use std::time::Duration;
use warpnic::{Completion, CompletionQueue, Device, Nic};
use warpnic_sim::traffic::{build_frame, Pair, StreamSpec};
use warpnic_sim::WorldConfig;

pub use warpnic_sim::traffic;

pub mod siw;

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
