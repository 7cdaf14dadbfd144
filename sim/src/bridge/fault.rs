//! A seeded fault stage between a NIC port and a bridge: the link model's
//! loss, reordering and duplication applied to bridged frames.
//!
//! [`FaultyBridge`] wraps any [`PortBridge`] and puts one [`LinkDir`] of
//! the link model ([`crate::link`]) in each direction: frames the NIC sends
//! pass through one on their way to the peer, frames the peer sends pass
//! through the other on their way to the NIC. The decisions are those of
//! the link model, drawn from a seed ([`BridgeFaults::seed`], each
//! direction its own stream derived from it), so the same seed and the
//! same sequence of frames give the same faults. (With a real peer such as
//! the kernel the sequence of frames itself depends on wall-clock timing,
//! so a run is reproducible only as far as the peer is.)
//!
//! What the stage adds besides the faults: a direction serializes frames
//! at line rate ([`BridgeFaults::bit_rate`]) and adds no latency. A frame
//! held back for reordering waits for the next frame in its direction, at
//! most [`BridgeFaults::reorder_hold_cycles`].
//!
//! Bit corruption is not offered: a bridge hands the MAC frames with a good
//! FCS only (see [`PortBridge::recv`]), so a corrupted frame could not
//! reach the NIC marked bad as it does on a simulated link.
//!
//! Frames due towards the peer are passed on in [`PortBridge::recv`],
//! which the world calls every cycle, as well as in [`PortBridge::send`].

use std::sync::{Arc, Mutex};

use crate::error::SimResult;
use crate::link::{LinkConfig, LinkCounters, LinkDir, CYCLE_NS};
use crate::rng::derive_seed;
use crate::world::PortBridge;

/// The faults of a [`FaultyBridge`] (probabilities per frame, as in
/// [`LinkConfig`]; both directions use the same values).
#[derive(Clone, Debug, PartialEq)]
pub struct BridgeFaults {
    /// Probability that a frame is lost.
    pub loss: f64,
    /// Probability that a frame is held back and overtaken by the next one.
    pub reorder: f64,
    /// Probability that a frame is delivered twice.
    pub duplicate: f64,
    /// Longest time, in cycles, a held-back frame waits for a frame to
    /// overtake it.
    pub reorder_hold_cycles: u64,
    /// Line rate of each direction in bits per second.
    pub bit_rate: f64,
    /// Seed of the fault decisions.
    pub seed: u64,
}

impl Default for BridgeFaults {
    /// No faults, 100 Gb/s, the link model's hold time, seed 0.
    fn default() -> Self {
        let l = LinkConfig::default();
        BridgeFaults {
            loss: 0.0,
            reorder: 0.0,
            duplicate: 0.0,
            reorder_hold_cycles: l.reorder_hold_cycles,
            bit_rate: l.bit_rate,
            seed: 0,
        }
    }
}

impl BridgeFaults {
    /// The link configuration of one direction (`stream` 0: NIC to peer,
    /// 1: peer to NIC).
    fn link(&self, stream: u64) -> LinkConfig {
        LinkConfig {
            latency_cycles: 0,
            bit_rate: self.bit_rate,
            loss: self.loss,
            reorder: self.reorder,
            duplicate: self.duplicate,
            corrupt: 0.0,
            reorder_hold_cycles: self.reorder_hold_cycles,
            seed: derive_seed(self.seed, stream),
        }
    }
}

/// The counters of both directions of a [`FaultyBridge`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BridgeFaultCounters {
    /// Frames from the NIC towards the peer.
    pub to_peer: LinkCounters,
    /// Frames from the peer towards the NIC.
    pub to_nic: LinkCounters,
}

/// A handle on a [`FaultyBridge`]'s counters that stays usable after the
/// bridge moved into a world.
#[derive(Clone, Debug, Default)]
pub struct BridgeFaultStats(Arc<Mutex<BridgeFaultCounters>>);

impl BridgeFaultStats {
    /// The counters now.
    pub fn get(&self) -> BridgeFaultCounters {
        match self.0.lock() {
            Ok(g) => *g,
            Err(p) => *p.into_inner(),
        }
    }

    fn set(&self, c: BridgeFaultCounters) {
        match self.0.lock() {
            Ok(mut g) => *g = c,
            Err(p) => *p.into_inner() = c,
        }
    }
}

/// A bridge whose frames pass through the link model's faults (see the
/// [module documentation](self)).
#[derive(Debug)]
pub struct FaultyBridge<B> {
    inner: B,
    to_peer: LinkDir,
    to_nic: LinkDir,
    stats: BridgeFaultStats,
}

impl<B: PortBridge> FaultyBridge<B> {
    /// Wraps `inner` with the faults of `faults`.
    ///
    /// # Errors
    /// [`crate::SimError::InvalidConfig`] for a probability outside
    /// `[0, 1]` or a bit rate that cannot be simulated.
    pub fn new(inner: B, faults: &BridgeFaults) -> SimResult<FaultyBridge<B>> {
        Ok(FaultyBridge {
            inner,
            to_peer: LinkDir::new(faults.link(0))?,
            to_nic: LinkDir::new(faults.link(1))?,
            stats: BridgeFaultStats::default(),
        })
    }

    /// A handle on the counters.
    pub fn stats(&self) -> BridgeFaultStats {
        self.stats.clone()
    }

    /// The wrapped bridge.
    pub fn inner(&self) -> &B {
        &self.inner
    }

    /// Passes on the frames due towards the peer by `now_ns`; returns
    /// whether there were any.
    fn flush_to_peer(&mut self, now_ns: u64) -> SimResult<bool> {
        let cycle = now_ns / CYCLE_NS;
        let mut any = false;
        while let Some((frame, _fcs_ok)) = self.to_peer.deliver(cycle) {
            self.inner.send(now_ns, &frame)?;
            any = true;
        }
        Ok(any)
    }

    fn publish(&self) {
        self.stats.set(BridgeFaultCounters {
            to_peer: self.to_peer.counters(),
            to_nic: self.to_nic.counters(),
        });
    }
}

impl<B: PortBridge> PortBridge for FaultyBridge<B> {
    fn send(&mut self, now_ns: u64, frame: &[u8]) -> SimResult<()> {
        self.to_peer.send(now_ns / CYCLE_NS, frame.to_vec());
        self.flush_to_peer(now_ns)?;
        self.publish();
        Ok(())
    }

    fn recv(&mut self, now_ns: u64) -> SimResult<Option<Vec<u8>>> {
        let mut moved = self.flush_to_peer(now_ns)?;
        let cycle = now_ns / CYCLE_NS;
        while let Some(f) = self.inner.recv(now_ns)? {
            self.to_nic.send(cycle, f);
            moved = true;
        }
        let out = self.to_nic.deliver(cycle).map(|(f, _fcs_ok)| f);
        if moved || out.is_some() {
            self.publish();
        }
        Ok(out)
    }

    fn pace(&mut self, now_ns: u64) {
        self.inner.pace(now_ns);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::VecDeque;

    /// A peer that echoes nothing: it records what it was sent and hands
    /// out frames queued by the test.
    #[derive(Debug, Default)]
    struct Script {
        sent: Vec<Vec<u8>>,
        to_send: VecDeque<Vec<u8>>,
    }

    impl PortBridge for Script {
        fn send(&mut self, _now_ns: u64, frame: &[u8]) -> SimResult<()> {
            self.sent.push(frame.to_vec());
            Ok(())
        }

        fn recv(&mut self, _now_ns: u64) -> SimResult<Option<Vec<u8>>> {
            Ok(self.to_send.pop_front())
        }

        fn pace(&mut self, _now_ns: u64) {}
    }

    fn frame(tag: u16) -> Vec<u8> {
        let mut f = vec![0u8; 60];
        f[..2].copy_from_slice(&tag.to_be_bytes());
        f
    }

    fn tag(f: &[u8]) -> u16 {
        u16::from_be_bytes([f[0], f[1]])
    }

    /// Sends `n` frames each way, one every 10 cycles, and runs until both
    /// directions are quiet; returns the tags each side received.
    fn run(faults: &BridgeFaults, n: u16) -> (Vec<u16>, Vec<u16>, BridgeFaultCounters) {
        let script = Script {
            to_send: (0..n).map(frame).collect(),
            ..Script::default()
        };
        let mut b = FaultyBridge::new(script, faults).unwrap();
        let mut at_nic = Vec::new();
        for cycle in 0..u64::from(n) * 10 + 10_000 {
            let now = cycle * CYCLE_NS;
            b.pace(now);
            if cycle % 10 == 0 && cycle / 10 < u64::from(n) {
                b.send(now, &frame(cycle as u16 / 10)).unwrap();
            }
            // one frame of the peer per ten cycles, like a paced sender
            if cycle % 10 == 5 || b.inner.to_send.is_empty() {
                while let Some(f) = b.recv(now).unwrap() {
                    at_nic.push(tag(&f));
                }
            }
        }
        let at_peer = b.inner.sent.iter().map(|f| tag(f)).collect();
        (at_peer, at_nic, b.stats().get())
    }

    #[test]
    fn clean_stage_passes_every_frame_in_order() {
        let (p, n, c) = run(&BridgeFaults::default(), 200);
        let all: Vec<u16> = (0..200).collect();
        assert_eq!(p, all);
        assert_eq!(n, all);
        assert_eq!(c.to_peer.delivered, 200);
        assert_eq!(c.to_nic.delivered, 200);
    }

    #[test]
    fn faults_are_applied_both_ways_and_repeat_with_the_seed() {
        let faults = BridgeFaults {
            loss: 0.05,
            reorder: 0.05,
            duplicate: 0.05,
            seed: 9,
            ..BridgeFaults::default()
        };
        let a = run(&faults, 2000);
        let b = run(&faults, 2000);
        assert_eq!(a, b, "same seed, same faults");
        let (p, n, c) = a;
        for d in [c.to_peer, c.to_nic] {
            assert!(
                d.dropped > 0 && d.reordered > 0 && d.duplicated > 0,
                "{d:?}"
            );
            assert_eq!(d.delivered, d.sent - d.dropped + d.duplicated);
        }
        assert_eq!(p.len() as u64, c.to_peer.delivered);
        assert_eq!(n.len() as u64, c.to_nic.delivered);
        assert_ne!(p, n, "each direction draws its own faults");
        let other = run(
            &BridgeFaults {
                seed: 10,
                ..faults.clone()
            },
            2000,
        );
        assert_ne!(other.0, p);
    }

    #[test]
    fn bad_probabilities_are_refused() {
        let bad = BridgeFaults {
            loss: 2.0,
            ..BridgeFaults::default()
        };
        assert!(FaultyBridge::new(Script::default(), &bad).is_err());
    }
}
