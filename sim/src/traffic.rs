//! Raw Ethernet traffic between two simulated NICs, driven through the
//! host library exactly as an application would drive real cards.
//!
//! A stream sends `frames` frames from one NIC to another. Every frame
//! carries its sequence number, and its length and payload are a function of
//! (seed, sequence number), so the receiver checks each frame byte for byte
//! and in order without keeping a copy, and knows which frames the link lost.
//!
//! Frame layout (`ETHERTYPE` is the IEEE local experimental EtherType):
//!
//! | bytes | field |
//! |---|---|
//! | 0..6 | destination MAC (the receiver's) |
//! | 6..12 | source MAC (the sender's) |
//! | 12..14 | 0x88b5 |
//! | 14..22 | sequence number, big-endian |
//! | 22.. | payload: byte `i` is `(seq * 131 + i * 7) as u8 ^ (seed as u8)` |

use crate::device::SimWorld;
use crate::rng::derive_seed;
use crate::world::WorldConfig;
use std::sync::Arc;
use std::time::{Duration, Instant};
use warpnic::{
    Completion, CompletionKind, CompletionQueue, Device, DmaPerm, Nic, RawRecv, RawRecvQueue,
    RawSend, RawSendQueue,
};
use warpnic_abi::gen::CqeStatus;

/// EtherType of test frames (IEEE 802 local experimental).
pub const ETHERTYPE: u16 = 0x88b5;
/// Bytes of each TX and RX buffer slot.
const SLOT: usize = 9216;
/// Smallest frame a stream sends: header and sequence number.
pub const MIN_STREAM_FRAME: usize = 22;

/// Frame lengths of a stream (without FCS).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sizes {
    /// Every frame this long.
    Fixed(usize),
    /// Uniformly distributed in `lo..=hi`.
    Uniform(usize, usize),
}

/// What a stream does.
#[derive(Clone, Debug)]
pub struct StreamSpec {
    /// Frames to send.
    pub frames: u64,
    /// Their lengths.
    pub sizes: Sizes,
    /// Seed of lengths and contents.
    pub seed: u64,
    /// Request a completion for one send in this many.
    pub signal_every: u64,
    /// Send queue depth (also the number of TX buffer slots).
    pub sq_depth: usize,
    /// Receive queue depth (receive buffers posted).
    pub rq_depth: usize,
    /// Stop waiting for stragglers after this much simulated idle time.
    pub drain: Duration,
}

impl Default for StreamSpec {
    fn default() -> Self {
        StreamSpec {
            frames: 1000,
            sizes: Sizes::Uniform(60, 9014),
            seed: 1,
            signal_every: 16,
            sq_depth: 1024,
            rq_depth: 1024,
            drain: Duration::from_micros(50),
        }
    }
}

/// What a stream saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StreamReport {
    /// Frames posted for sending.
    pub sent: u64,
    /// Send completions with an error status.
    pub send_errors: u64,
    /// Frames received intact and in order.
    pub received: u64,
    /// Bytes received (without FCS).
    pub received_bytes: u64,
    /// Received frames whose length or contents were wrong.
    pub corrupt: u64,
    /// Received frames whose sequence number went backwards or repeated.
    pub out_of_order: u64,
    /// Receive completions with an error status.
    pub recv_errors: u64,
    /// Sequence numbers never received.
    pub missing: u64,
    /// Device cycle of the first doorbell.
    pub start_cycle: u64,
    /// Device cycle of the last receive completion.
    pub end_cycle: u64,
    /// Device cycle of the last send completion.
    pub tx_end_cycle: u64,
    /// Simulated cycles the stream took, drain included.
    pub world_cycles: u64,
    /// Wall-clock time the simulation took.
    pub wall: Duration,
}

impl StreamReport {
    /// Cycles from the first doorbell to the last frame received.
    pub fn active_cycles(&self) -> u64 {
        self.end_cycle.saturating_sub(self.start_cycle)
    }

    /// Cycles from the first doorbell to the last send completion.
    pub fn tx_cycles(&self) -> u64 {
        self.tx_end_cycle.saturating_sub(self.start_cycle)
    }
}

/// Length of frame `seq` of a stream.
pub fn frame_len(spec: &StreamSpec, seq: u64) -> usize {
    match spec.sizes {
        Sizes::Fixed(n) => n,
        Sizes::Uniform(lo, hi) => {
            let r = derive_seed(spec.seed, seq);
            lo + (r % (hi - lo + 1) as u64) as usize
        }
    }
}

/// Writes frame `seq` into `buf` (which must be long enough).
pub fn build_frame(
    spec: &StreamSpec,
    seq: u64,
    dst: [u8; 6],
    src: [u8; 6],
    buf: &mut [u8],
) -> usize {
    let len = frame_len(spec, seq);
    buf[0..6].copy_from_slice(&dst);
    buf[6..12].copy_from_slice(&src);
    buf[12..14].copy_from_slice(&ETHERTYPE.to_be_bytes());
    buf[14..22].copy_from_slice(&seq.to_be_bytes());
    let s = spec.seed as u8;
    for (i, b) in buf[22..len].iter_mut().enumerate() {
        *b = (seq.wrapping_mul(131) as u8).wrapping_add((i as u8).wrapping_mul(7)) ^ s;
    }
    len
}

/// Checks a received frame; returns its sequence number if it is intact.
pub fn check_frame(spec: &StreamSpec, dst: [u8; 6], src: [u8; 6], frame: &[u8]) -> Option<u64> {
    if frame.len() < MIN_STREAM_FRAME || frame[0..6] != dst || frame[6..12] != src {
        return None;
    }
    let seq = u64::from_be_bytes(frame[14..22].try_into().ok()?);
    let mut want = vec![0u8; frame_len(spec, seq)];
    build_frame(spec, seq, dst, src, &mut want);
    // the MAC pads frames shorter than 60 bytes
    let body = if want.len() < 60 && frame.len() == 60 {
        &frame[..want.len()]
    } else {
        frame
    };
    (body == want.as_slice()).then_some(seq)
}

/// Errors of a traffic run.
#[derive(Debug, thiserror::Error)]
pub enum TrafficError {
    /// The host library failed.
    #[error(transparent)]
    Host(#[from] warpnic::Error),
    /// The simulator failed.
    #[error(transparent)]
    Sim(#[from] crate::error::SimError),
    /// The backend failed.
    #[error(transparent)]
    Device(#[from] warpnic::DeviceError),
    /// The stream made no progress.
    #[error("stream stalled: {0}")]
    Stalled(String),
}

/// Two opened NICs of one simulated world, joined by link 0.
pub struct Pair {
    /// The world.
    pub world: Arc<SimWorld>,
    /// NIC 0.
    pub a: Nic,
    /// NIC 1.
    pub b: Nic,
}

impl Pair {
    /// Builds the world and opens NICs 0 and 1 with both ports enabled.
    ///
    /// # Errors
    /// A simulator or host-library error.
    pub fn new(cfg: &WorldConfig) -> Result<Pair, TrafficError> {
        let world = SimWorld::new(cfg)?;
        let da: Arc<dyn Device> = world.device(0)?;
        let db: Arc<dyn Device> = world.device(1)?;
        let a = Nic::open(da)?;
        let b = Nic::open(db)?;
        a.set_port(true, true)?;
        b.set_port(true, true)?;
        Ok(Pair { world, a, b })
    }
}

/// Sends a stream from `tx` to `rx` and checks every frame received.
///
/// # Errors
/// A host-library error, or [`TrafficError::Stalled`] when nothing moves for
/// a simulated millisecond.
pub fn stream(tx: &Nic, rx: &Nic, spec: &StreamSpec) -> Result<StreamReport, TrafficError> {
    let wall = Instant::now();
    let dev = tx.device().clone();
    let t_start = dev.now_ns();
    let src = tx.mac()?;
    let dst = rx.mac()?;
    let cq_tx = CompletionQueue::new(tx, spec.sq_depth.next_power_of_two(), None)?;
    let cq_rx = CompletionQueue::new(rx, (2 * spec.rq_depth).next_power_of_two(), None)?;
    let sq = RawSendQueue::new(tx, spec.sq_depth, &cq_tx)?;
    let rq = RawRecvQueue::new(rx, spec.rq_depth, &cq_rx)?;
    let txbuf = tx.alloc_dma(spec.sq_depth * SLOT, DmaPerm::READ)?;
    let rxbuf = rx.alloc_dma(spec.rq_depth * SLOT, DmaPerm::WRITE)?;
    let recv_slot = |i: usize| RawRecv {
        addr: rxbuf.iova() + (i * SLOT) as u64,
        len: SLOT as u32,
        wr_id: i as u64,
    };
    let all: Vec<RawRecv> = (0..spec.rq_depth).map(recv_slot).collect();
    rq.post(&all)?;

    let mut rep = StreamReport::default();
    let mut next_seq = 0u64; // next frame to post
    let mut done_seq = 0u64; // frames known complete on the send side
    let mut expect = 0u64; // next sequence number expected
    let mut repost = Vec::with_capacity(64);
    let mut cs = vec![Completion::default(); 256];
    let mut frame = vec![0u8; SLOT];
    let mut posts = Vec::with_capacity(64);
    let mut idle_since = dev.now_ns();
    rep.start_cycle = tx.cycles()?;
    loop {
        let mut progress = false;
        // refill the send queue
        posts.clear();
        while next_seq < spec.frames
            && next_seq - done_seq < spec.sq_depth as u64
            && posts.len() < 64
        {
            let slot = (next_seq % spec.sq_depth as u64) as usize;
            let len = build_frame(spec, next_seq, dst, src, &mut frame);
            txbuf.write(slot * SLOT, &frame[..len])?;
            let last = next_seq + 1 == spec.frames;
            posts.push(RawSend {
                addr: txbuf.iova() + (slot * SLOT) as u64,
                len: len as u32,
                wr_id: next_seq,
                signaled: last || (next_seq + 1).is_multiple_of(spec.signal_every.max(1)),
            });
            next_seq += 1;
        }
        if !posts.is_empty() {
            sq.post(&posts)?;
            rep.sent += posts.len() as u64;
            progress = true;
        }
        // send completions free TX slots (completions come in order)
        let n = cq_tx.poll(&mut cs)?;
        for c in &cs[..n] {
            if c.status != CqeStatus::Success {
                rep.send_errors += 1;
            }
            done_seq = done_seq.max(c.wr_id + 1);
            rep.tx_end_cycle = u64::from(c.timestamp);
            progress = true;
        }
        // receive completions: check and repost
        let n = cq_rx.poll(&mut cs)?;
        for c in &cs[..n] {
            progress = true;
            if c.kind != CompletionKind::Recv || c.status != CqeStatus::Success {
                rep.recv_errors += 1;
            } else {
                let slot = c.wr_id as usize;
                let len = (c.byte_len as usize).min(SLOT);
                rxbuf.read(slot * SLOT, &mut frame[..len])?;
                match check_frame(spec, dst, src, &frame[..len]) {
                    Some(seq) if seq >= expect => {
                        rep.missing += seq - expect;
                        expect = seq + 1;
                        rep.received += 1;
                        rep.received_bytes += c.byte_len as u64;
                        rep.end_cycle = u64::from(c.timestamp);
                    }
                    Some(_) => rep.out_of_order += 1,
                    None => rep.corrupt += 1,
                }
            }
            repost.push(recv_slot(c.wr_id as usize));
        }
        if repost.len() >= 32 || (!repost.is_empty() && n == 0) {
            rq.post(&repost)?;
            repost.clear();
        }
        let now = dev.now_ns();
        if progress {
            idle_since = now;
        }
        let all_sent = next_seq == spec.frames && done_seq == spec.frames;
        if all_sent && (expect == spec.frames || now - idle_since > spec.drain.as_nanos() as u64) {
            break;
        }
        if now - idle_since > 1_000_000 {
            return Err(TrafficError::Stalled(format!(
                "posted {next_seq}, completed {done_seq}, received {}; tx {:?}, rx {:?}",
                rep.received,
                tx.stats()?,
                rx.stats()?
            )));
        }
        if !progress {
            dev.relax();
        }
    }
    rep.missing += spec.frames - expect;
    // CQE timestamps are the low 32 bits of the cycle counter
    let start = rep.start_cycle;
    let widen = |t: u64| {
        let mut end = (start & !0xffff_ffff) | t;
        if end < start {
            end += 1 << 32;
        }
        end
    };
    rep.end_cycle = widen(rep.end_cycle);
    rep.tx_end_cycle = widen(rep.tx_end_cycle);
    rep.world_cycles = (dev.now_ns() - t_start) / crate::world::CYCLE_NS;
    rep.wall = wall.elapsed();
    Ok(rep)
}
