//! Offloaded TCP byte streams.
//!
//! A [`TcpStream`] is an established connection ([`crate::tcp`]) whose
//! bytes the card's TCP engine moves by DMA, with no copy through the
//! firmware. The stream owns two circular buffers in host memory of the
//! same power-of-two size:
//!
//! - the **send buffer** holds every byte written and not yet acknowledged
//!   by the peer, the byte at stream offset `o` at `o mod size`. The engine
//!   segments and retransmits by reading it again; a write tells the engine
//!   how far the stream goes with one register write (the `TX_END`
//!   doorbell), and the peer's acknowledgments come back as
//!   [`CompletionKind::TcpTxAcked`] completions that free the space.
//! - the **receive buffer** is where the engine places the bytes received
//!   in order, at `o mod size` likewise, reporting each arrival with a
//!   [`CompletionKind::TcpRx`] completion once the bytes are in memory. The
//!   engine offers the peer the buffer's free space as its window, so a
//!   reader that does not keep up closes the window and loses nothing;
//!   reading reopens it (the `RX_READ` doorbell).
//!
//! Stream offsets count bytes from the start of the stream, modulo 2^32.
//! Every call is non-blocking except the `*_wait`/`*_all`/`*_exact` helpers,
//! which let the device run ([`Device::relax`](crate::Device::relax)) up to
//! a timeout of device time.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use warpnic_abi::gen::{regs, CqeStatus, TcbField};

use crate::device::DmaPerm;
use crate::error::{Error, Result};
use crate::mem::DmaMem;
use crate::nic::Nic;
use crate::tcp::{Connection, EndpointId};
use crate::verbs::cq::{Completion, CompletionKind, CompletionQueue};

/// Smallest and largest buffer size, as log2 of bytes.
pub const BUF_LOG_RANGE: std::ops::RangeInclusive<u8> = 12..=30;

/// Completion queue depth of a stream: one entry per received segment and
/// per acknowledgment, taken by every call.
const CQ_DEPTH: usize = 1 << 15;

/// A completion queue that many streams of one NIC share (the card has
/// a few completion queues and up to a thousand connections). Each stream
/// takes its own progress from it: the completions carry cumulative stream
/// offsets, so the newest of each kind per connection is all that matters.
#[derive(Clone)]
pub struct StreamCq {
    inner: Arc<Mutex<SharedCq>>,
}

struct SharedCq {
    cq: CompletionQueue,
    /// Per connection id: newest acknowledged offset, newest received
    /// offset, first error.
    news: HashMap<u32, Progress>,
}

#[derive(Clone, Copy, Default)]
struct Progress {
    acked: Option<u32>,
    received: Option<u32>,
    error: Option<CqeStatus>,
}

impl StreamCq {
    /// A completion queue of `depth` entries for streams of `nic`.
    ///
    /// # Errors
    /// As [`CompletionQueue::new`].
    pub fn new(nic: &Nic, depth: usize) -> Result<StreamCq> {
        Ok(StreamCq {
            inner: Arc::new(Mutex::new(SharedCq {
                cq: CompletionQueue::new(nic, depth, None)?,
                news: HashMap::new(),
            })),
        })
    }

    fn lock(&self) -> Result<std::sync::MutexGuard<'_, SharedCq>> {
        self.inner
            .lock()
            .map_err(|_| Error::Poisoned("stream completion queue"))
    }

    fn index(&self) -> Result<u32> {
        Ok(self.lock()?.cq.index())
    }

    /// Forgets what is known of connection `tid` (a new stream takes it).
    fn reset(&self, tid: u32) -> Result<()> {
        self.lock()?.news.remove(&tid);
        Ok(())
    }

    /// Takes every waiting completion, then hands out `tid`'s news.
    fn take(&self, tid: u32) -> Result<Progress> {
        let mut g = self.lock()?;
        let mut cs = [Completion::default(); 64];
        loop {
            let n = g.cq.poll(&mut cs)?;
            for c in &cs[..n] {
                let p = g.news.entry(c.queue).or_default();
                if c.status != CqeStatus::Success {
                    p.error.get_or_insert(c.status);
                    continue;
                }
                match c.kind {
                    CompletionKind::TcpTxAcked => p.acked = Some(c.wr_id as u32),
                    CompletionKind::TcpRx => p.received = Some(c.wr_id as u32),
                    CompletionKind::Send | CompletionKind::Recv => {
                        return Err(Error::FwProtocol(
                            "a raw-queue completion on a stream completion queue".into(),
                        ));
                    }
                }
            }
            if n < cs.len() {
                break;
            }
        }
        Ok(g.news.remove(&tid).unwrap_or_default())
    }
}

/// An offloaded TCP byte stream.
pub struct TcpStream {
    nic: Nic,
    ep: EndpointId,
    /// The connection, as its open event gave it.
    conn: Connection,
    tid: u32,
    size: u32,
    tx: DmaMem,
    rx: DmaMem,
    cq: StreamCq,
    /// Stream offset after the last byte written into the send buffer.
    written: u32,
    /// Stream offset the peer acknowledged.
    acked: u32,
    /// Stream offset after the last byte in the receive buffer.
    received: u32,
    /// Stream offset after the last byte the application read.
    read: u32,
    /// The last `RX_READ` doorbell.
    read_told: u32,
}

impl TcpStream {
    /// Gives the established connection `ep` (with `conn` from its
    /// ESTABLISHED or ACCEPTED event) send and receive buffers of
    /// `2^buf_log` bytes each and a completion queue, and hands them to the
    /// engine. Bytes the peer sends before this are not taken (the engine
    /// acknowledges nothing it could not place; the peer retransmits).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a size outside [`BUF_LOG_RANGE`];
    /// [`Error::NoFreeQueue`] without a free completion queue; DMA
    /// allocation errors; [`Error::Tcp`] when the engine refuses a field
    /// (e.g. the connection is gone).
    pub fn attach(nic: &Nic, ep: EndpointId, conn: &Connection, buf_log: u8) -> Result<TcpStream> {
        let cq = StreamCq::new(nic, CQ_DEPTH)?;
        TcpStream::attach_shared(nic, ep, conn, buf_log, &cq)
    }

    /// As [`TcpStream::attach`], with completions on `cq`, which other
    /// streams of the same NIC may share.
    ///
    /// # Errors
    /// As [`TcpStream::attach`].
    pub fn attach_shared(
        nic: &Nic,
        ep: EndpointId,
        conn: &Connection,
        buf_log: u8,
        cq: &StreamCq,
    ) -> Result<TcpStream> {
        if !BUF_LOG_RANGE.contains(&buf_log) {
            return Err(Error::range(
                "buf_log",
                buf_log,
                *BUF_LOG_RANGE.start(),
                *BUF_LOG_RANGE.end(),
            ));
        }
        let size = 1usize << buf_log;
        cq.reset(conn.tid)?;
        let tx = nic.alloc_dma(size, DmaPerm::READ)?;
        let rx = nic.alloc_dma(size, DmaPerm::WRITE)?;
        let all = u64::MAX;
        nic.tcp_tcb(ep, TcbField::Cqn, u64::from(cq.index()?), all)?;
        nic.tcp_tcb(ep, TcbField::TxBufAddr, tx.iova(), all)?;
        nic.tcp_tcb(ep, TcbField::RxBufAddr, rx.iova(), all)?;
        // the sizes last: a size other than 0 turns the buffer on
        nic.tcp_tcb(ep, TcbField::TxBufLog, u64::from(buf_log), all)?;
        nic.tcp_tcb(ep, TcbField::RxBufLog, u64::from(buf_log), all)?;
        Ok(TcpStream {
            nic: nic.clone(),
            ep,
            conn: *conn,
            tid: conn.tid,
            size: 1u32 << buf_log,
            tx,
            rx,
            cq: cq.clone(),
            written: 0,
            acked: 0,
            received: 0,
            read: 0,
            read_told: 0,
        })
    }

    /// The connection (addresses, MSS), as its open event gave it.
    pub fn connection(&self) -> &Connection {
        &self.conn
    }

    /// Whether the stream is on `nic`.
    pub fn is_on(&self, nic: &Nic) -> bool {
        std::sync::Arc::ptr_eq(&self.nic.inner, &nic.inner)
    }

    /// The endpoint.
    pub fn endpoint(&self) -> EndpointId {
        self.ep
    }

    /// The device the stream's NIC runs on.
    pub fn device(&self) -> &std::sync::Arc<dyn crate::Device> {
        self.nic.device()
    }

    /// The engine's connection id.
    pub fn tid(&self) -> u32 {
        self.tid
    }

    /// Buffer size in bytes (each way).
    pub fn buf_size(&self) -> u32 {
        self.size
    }

    /// Bytes written and not yet acknowledged by the peer.
    pub fn unacked(&self) -> u32 {
        self.written.wrapping_sub(self.acked)
    }

    /// Bytes received and not yet read.
    pub fn available(&self) -> u32 {
        self.received.wrapping_sub(self.read)
    }

    /// Total bytes written so far (modulo 2^32).
    pub fn written(&self) -> u32 {
        self.written
    }

    /// Takes the stream's completions: acknowledged send space and
    /// received bytes.
    ///
    /// # Errors
    /// [`Error::StreamDma`] when the engine could not access a buffer;
    /// [`Error::CqOverflow`] when completions were lost; backend errors.
    pub fn poll(&mut self) -> Result<()> {
        let p = self.cq.take(self.tid)?;
        if let Some(status) = p.error {
            return Err(Error::StreamDma {
                tid: self.tid,
                status,
            });
        }
        // offsets only move forward (modulo 2^32): ignore anything else
        if let Some(off) = p.acked {
            if off.wrapping_sub(self.acked) <= self.written.wrapping_sub(self.acked) {
                self.acked = off;
            }
        }
        if let Some(off) = p.received {
            if off.wrapping_sub(self.received) <= self.size {
                self.received = off;
            }
        }
        Ok(())
    }

    /// Copies as much of `data` as the send buffer has room for and tells
    /// the engine; returns how many bytes were taken (0 when the buffer is
    /// full of unacknowledged bytes).
    ///
    /// # Errors
    /// As [`TcpStream::poll`].
    pub fn write(&mut self, data: &[u8]) -> Result<usize> {
        self.poll()?;
        let free = (self.size - self.unacked()) as usize;
        let n = free.min(data.len());
        if n == 0 {
            return Ok(0);
        }
        let pos = (self.written & (self.size - 1)) as usize;
        let first = n.min(self.size as usize - pos);
        self.tx.write(pos, &data[..first])?;
        if first < n {
            self.tx.write(0, &data[first..n])?;
        }
        self.written = self.written.wrapping_add(n as u32);
        self.nic.wr(
            regs::tcp::elem(self.tid) + regs::tcp::elem::TX_END,
            self.written,
        )?;
        Ok(n)
    }

    /// Copies received bytes into `buf`; returns how many (0 when none is
    /// waiting). Reading reopens the window the engine offers the peer.
    ///
    /// # Errors
    /// As [`TcpStream::poll`].
    pub fn read(&mut self, buf: &mut [u8]) -> Result<usize> {
        self.poll()?;
        let n = (self.available() as usize).min(buf.len());
        if n == 0 {
            return Ok(0);
        }
        let pos = (self.read & (self.size - 1)) as usize;
        let first = n.min(self.size as usize - pos);
        self.rx.read(pos, &mut buf[..first])?;
        if first < n {
            self.rx.read(0, &mut buf[first..n])?;
        }
        self.read = self.read.wrapping_add(n as u32);
        // tell the engine once an eighth of the buffer is free again, or
        // when everything received has been read
        if self.read.wrapping_sub(self.read_told) >= self.size / 8 || self.available() == 0 {
            self.nic.wr(
                regs::tcp::elem(self.tid) + regs::tcp::elem::RX_READ,
                self.read,
            )?;
            self.read_told = self.read;
        }
        Ok(n)
    }

    fn wait(
        &mut self,
        what: &'static str,
        timeout: Duration,
        mut step: impl FnMut(&mut Self) -> Result<bool>,
    ) -> Result<()> {
        let dev = self.nic.device().clone();
        let end = dev.now_ns().saturating_add(timeout.as_nanos() as u64);
        loop {
            if step(self)? {
                return Ok(());
            }
            if dev.now_ns() >= end {
                return Err(Error::StreamTimeout {
                    tid: self.tid,
                    what,
                    ms: timeout.as_millis() as u64,
                });
            }
            dev.relax();
        }
    }

    /// Writes all of `data`, letting the device run while the send buffer
    /// is full, for at most `timeout` of device time.
    ///
    /// # Errors
    /// [`Error::StreamTimeout`]; as [`TcpStream::write`].
    pub fn write_all(&mut self, data: &[u8], timeout: Duration) -> Result<()> {
        let mut done = 0;
        self.wait("write_all", timeout, |s| {
            done += s.write(&data[done..])?;
            Ok(done == data.len())
        })
    }

    /// Waits until the peer has acknowledged every byte written.
    ///
    /// # Errors
    /// [`Error::StreamTimeout`]; as [`TcpStream::poll`].
    pub fn flush_wait(&mut self, timeout: Duration) -> Result<()> {
        self.wait("flush_wait", timeout, |s| {
            s.poll()?;
            Ok(s.unacked() == 0)
        })
    }

    /// Fills `buf` with received bytes, letting the device run while none
    /// is waiting, for at most `timeout` of device time.
    ///
    /// # Errors
    /// [`Error::StreamTimeout`]; as [`TcpStream::read`].
    pub fn read_exact(&mut self, buf: &mut [u8], timeout: Duration) -> Result<()> {
        let mut done = 0;
        self.wait("read_exact", timeout, |s| {
            done += s.read(&mut buf[done..])?;
            Ok(done == buf.len())
        })
    }
}

impl std::fmt::Debug for TcpStream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TcpStream")
            .field("ep", &self.ep)
            .field("conn", &self.conn)
            .field("written", &self.written)
            .field("read", &self.read)
            .finish_non_exhaustive()
    }
}

impl Drop for TcpStream {
    fn drop(&mut self) {
        // take the buffers back from the engine before they are unmapped
        // (nothing to report to from a destructor: the IOMMU refuses any
        // access that still comes)
        let _ = self.nic.tcp_tcb(self.ep, TcbField::RxBufLog, 0, u64::MAX);
        let _ = self.nic.tcp_tcb(self.ep, TcbField::TxBufLog, 0, u64::MAX);
    }
}
