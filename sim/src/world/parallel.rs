//! Stepping the NICs of a world on several OS threads, cycle for cycle as
//! on one.
//!
//! NICs interact only through links, and a frame put on a link in cycle `t`
//! arrives in cycle `t + latency + 1` at the earliest. So the world runs in
//! windows of at most `latency + 1` cycles: before a window, copies of the
//! frames that arrive during it are taken from the links
//! ([`LinkDir::arrivals_before`](crate::link::LinkDir::arrivals_before));
//! during the window each NIC steps on its own, recording the frames it
//! sends; after it, the link operations of the window (delivering,
//! releasing a held-back frame, sending) are replayed in the order one
//! thread would have made them: by cycle, then by NIC. Links draw their
//! faults at those operations, so a seeded world gives the same cycle
//! counts, frames and faults on any number of threads.
//!
//! The calling thread steps one NIC itself (the one whose register access
//! ends the window, if any) and publishes each cycle it starts, so a window
//! whose length is known only at its end (a register access) runs on all
//! threads too. The other NICs are offered to worker threads one cycle at a
//! time: a worker steps the next cycle of a NIC whenever the caller allows
//! it, and the caller, once done with its own NIC, steps whatever cycles
//! are left. On a machine whose cores are busy with other work the world
//! thus runs about as fast as on one thread, rather than waiting for a
//! worker to be scheduled.
//!
//! Host memory is the one other channel between NICs: a world steps its
//! NICs on one thread while two of them map the same host memory.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use super::nic::Nic;
use crate::error::{SimError, SimResult};

/// Set in [`Shared::limit`] when the limit is the end of the window.
const FINAL: u64 = 1 << 63;

/// How long a waiting thread spins before it yields or parks: longer than
/// the host code between two windows usually runs, so that a worker is
/// awake when the next window starts.
const SPIN: Duration = Duration::from_micros(500);

/// A NIC on its way to or from a worker thread.
pub(super) struct SendNic(pub(super) Box<Nic>);

// SAFETY: a NIC is used by one thread at a time: during a window it is
// reached only through its lane's mutex, which orders the accesses, and
// before and after the window only by the world. Its only thread-bound part
// is the Verilated model, which Verilator 5 lets any thread evaluate as
// long as calls do not overlap: each call into the shim first makes the
// model's own context the thread's context, and the model is built without
// Verilator's threads. The IOMMU's host pointers are valid process-wide
// (see `Iommu`'s `Send`).
unsafe impl Send for SendNic {}

/// One NIC in one window, with what it exchanges with the links.
pub(super) struct Lane {
    /// Index of the NIC in the world.
    pub(super) index: usize,
    pub(super) nic: SendNic,
    /// The next cycle to step.
    pub(super) next: u64,
    /// Frames arriving in the window: (cycle, frame, FCS good), by cycle.
    pub(super) arrivals: Vec<(u64, Vec<u8>, bool)>,
    /// Frames sent in the window: (cycle, frame), in order.
    pub(super) sent: Vec<(u64, Vec<u8>)>,
    /// The first error, and the cycle it happened in.
    pub(super) error: Option<(u64, SimError)>,
}

impl Lane {
    /// Steps the next cycle of this lane's NIC; false after an error.
    fn step(&mut self, buf: &mut Vec<Vec<u8>>) -> bool {
        if self.error.is_some() {
            return false;
        }
        let now = self.next;
        let nic = &mut self.nic.0;
        let due = self.arrivals.partition_point(|a| a.0 <= now);
        for (_, frame, ok) in self.arrivals.drain(..due) {
            nic.hw.mac_rx.push_frame(frame, ok);
        }
        self.next += 1;
        match nic.step(now, buf) {
            Ok(()) => {
                self.sent.extend(buf.drain(..).map(|f| (now, f)));
                true
            }
            Err(e) => {
                self.error = Some((now, e));
                false
            }
        }
    }

    /// Steps the cycles before `end` that are left.
    fn finish(&mut self, end: u64, buf: &mut Vec<Vec<u8>>) {
        while self.next < end && self.step(buf) {}
    }
}

/// A lane offered to a worker: taken back by the caller at the end of the
/// window.
type Offered = Arc<Mutex<Option<Lane>>>;

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A worker that panicked left nothing half-written behind these locks:
    // a lane is whole between two cycles.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// What a worker and the world share.
struct Shared {
    /// The lanes offered in the current window.
    job: Mutex<Vec<Offered>>,
    /// A window started since the worker last looked.
    posted: AtomicBool,
    /// Cycles (exclusive) the lanes may be stepped to, with [`FINAL`] once
    /// that is the end of the window.
    limit: AtomicU64,
    quit: AtomicBool,
}

struct Worker {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    fn spawn(n: usize) -> SimResult<Worker> {
        let shared = Arc::new(Shared {
            job: Mutex::new(Vec::new()),
            posted: AtomicBool::new(false),
            limit: AtomicU64::new(0),
            quit: AtomicBool::new(false),
        });
        let s = shared.clone();
        let thread = thread::Builder::new()
            .name(format!("warpnic-sim-{n}"))
            .spawn(move || work(&s))
            .map_err(|e| SimError::io("starting a simulation thread", e))?;
        Ok(Worker {
            shared,
            thread: Some(thread),
        })
    }

    /// Offers `lanes` to the worker for a window whose first limit is
    /// `limit`.
    fn offer(&self, lanes: &[Offered], limit: u64) {
        self.shared.limit.store(limit, Ordering::Release);
        *lock(&self.shared.job) = lanes.to_vec();
        self.shared.posted.store(true, Ordering::Release);
        if let Some(t) = &self.thread {
            t.thread().unpark();
        }
    }

    /// A panic in the worker (a bug in the simulator) resumed on the
    /// calling thread, as if the caller had stepped the NICs itself.
    fn check(&mut self) {
        if self.thread.as_ref().is_some_and(JoinHandle::is_finished) {
            if let Some(Err(panic)) = self.thread.take().map(JoinHandle::join) {
                std::panic::resume_unwind(panic);
            }
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.shared.quit.store(true, Ordering::Release);
        if let Some(t) = self.thread.take() {
            t.thread().unpark();
            // A worker that panicked has nothing left to clean up.
            let _ = t.join();
        }
    }
}

/// A worker thread's loop: wait for a window, then step the cycles of its
/// lanes that the limit allows, until the caller has taken them back or
/// the window is over.
fn work(s: &Shared) {
    let mut buf = Vec::new();
    loop {
        let since = Instant::now();
        while !s.posted.swap(false, Ordering::Acquire) {
            if s.quit.load(Ordering::Acquire) {
                return;
            }
            if since.elapsed() < SPIN {
                std::hint::spin_loop();
            } else {
                thread::park();
            }
        }
        let lanes = std::mem::take(&mut *lock(&s.job));
        let mut idle = Instant::now();
        loop {
            let limit = s.limit.load(Ordering::Acquire);
            let allowed = limit & !FINAL;
            let mut left = false;
            let mut stepped = false;
            for offered in &lanes {
                let mut g = lock(offered);
                let Some(lane) = g.as_mut() else {
                    continue;
                };
                if lane.next < allowed && lane.error.is_none() {
                    lane.step(&mut buf);
                    stepped = true;
                }
                left |= lane.next < allowed && lane.error.is_none();
            }
            if stepped || left {
                idle = Instant::now();
                continue;
            }
            // Nothing to step until the caller allows more (or the window
            // is over, or the next one has started).
            if limit & FINAL != 0 || s.quit.load(Ordering::Acquire) {
                break;
            }
            if s.posted.load(Ordering::Acquire) {
                break;
            }
            if idle.elapsed() < SPIN {
                std::hint::spin_loop();
            } else {
                thread::yield_now();
            }
        }
    }
}

/// The worker threads of a world.
pub(super) struct Pool {
    workers: Vec<Worker>,
}

impl Pool {
    /// A pool for `threads` threads in all: the caller and `threads - 1`
    /// workers.
    pub(super) fn new(threads: usize) -> SimResult<Pool> {
        let workers = (1..threads)
            .map(Worker::spawn)
            .collect::<SimResult<Vec<_>>>()?;
        Ok(Pool { workers })
    }

    /// Steps `lanes` from their `next` cycle to `start + len` at most, the
    /// first lane on the caller's thread, the others offered to the
    /// workers in turn. With `stop`, the window ends after the cycle in
    /// which `stop` returns true for the first lane's NIC. The window also
    /// ends at the first error of the first lane. Returns every lane, in no
    /// particular order, and the cycle the window ended at.
    pub(super) fn run(
        &mut self,
        mut lanes: Vec<Lane>,
        start: u64,
        len: u64,
        stop: Option<&dyn Fn(&Nic) -> bool>,
    ) -> (Vec<Lane>, u64) {
        let mut buf = Vec::new();
        if lanes.is_empty() {
            return (lanes, start);
        }
        let mut first = lanes.remove(0);
        let offered: Vec<Offered> = lanes
            .into_iter()
            .map(|l| Arc::new(Mutex::new(Some(l))))
            .collect();
        let busy = self.workers.len().min(offered.len());
        let limit = if stop.is_some() {
            start
        } else {
            FINAL | (start + len)
        };
        for (i, w) in self.workers[..busy].iter().enumerate() {
            let mine: Vec<Offered> = offered.iter().skip(i).step_by(busy).cloned().collect();
            w.offer(&mine, limit);
        }
        let workers = &self.workers[..busy];
        let publish = |l: u64| {
            for w in workers {
                w.shared.limit.store(l, Ordering::Release);
            }
        };
        let mut end = start + len;
        while first.next < start + len {
            if stop.is_some() {
                publish(first.next + 1);
            }
            if !first.step(&mut buf) {
                end = first.next - 1;
                break;
            }
            if stop.is_some_and(|stop| stop(&first.nic.0)) {
                end = first.next;
                break;
            }
        }
        publish(FINAL | end);
        let mut done = vec![first];
        for o in &offered {
            if let Some(mut lane) = lock(o).take() {
                lane.finish(end, &mut buf);
                done.push(lane);
            }
        }
        for w in &mut self.workers[..busy] {
            w.check();
        }
        (done, end)
    }
}
