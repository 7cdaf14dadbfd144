//! The bridge to a QEMU guest's socket network backend (`-netdev stream`
//! over a unix socket), see the [parent module](super) for pacing.
//!
//! # Wire
//!
//! QEMU's stream netdev (and the legacy `-netdev socket`) carries Ethernet
//! frames over a byte stream, both directions alike:
//!
//! | bytes | field |
//! |---|---|
//! | 0..4 | frame length `N`, big-endian `u32` |
//! | 4..4+N | the Ethernet frame: destination, source, type, payload; no preamble, no FCS |
//!
//! No virtio-net header travels on the socket, so the guest computes every
//! checksum and segments to its MTU itself. A length of zero or above
//! [`MAX_FRAME`] cannot come from QEMU: the bridge then drops the
//! connection, counts it ([`QemuCounters::malformed`]), records the reason
//! ([`QemuStats::last_error`]) and returns an error from
//! [`PortBridge::recv`]. It never panics on what the socket delivers. A
//! frame shorter than an Ethernet header (1 to 13 bytes) is dropped and
//! counted ([`QemuCounters::rx_runts`]); frames shorter than 60 bytes are
//! padded with zeros as on the TAP bridge.
//!
//! # Connection
//!
//! [`QemuBridge::listen`] binds a unix stream socket; the guest connects to
//! it (`-netdev stream,server=off,addr.type=unix,addr.path=PATH`, with
//! `reconnect-ms` so that it may start first). The bridge serves one peer
//! at a time: it accepts the first connection, and after that peer goes
//! away (end of stream, reset, or a malformed length) it accepts the next.
//! Until a peer is connected, frames from the NIC are dropped and counted
//! ([`QemuCounters::tx_dropped`]), as on a cable without a peer.
//!
//! Both directions are non-blocking. Frames towards the guest are queued
//! in user space when the socket is full (up to [`TX_QUEUE_LIMIT`] bytes,
//! beyond which they are dropped and counted) and written out as the
//! socket drains, at every poll. The socket is read at most once every 64
//! simulated cycles while nothing arrives (a system call per cycle would
//! cost more than the cycle), and one read takes up to 64 KiB, that is
//! every complete frame then waiting.
//!
//! # Clocks
//!
//! A guest's clocks follow the wall clock, whether it runs under KVM or
//! under TCG emulation, so the bridge applies the same rule as the TAP
//! bridge: [`PortBridge::pace`] holds simulated time back so that it never
//! runs ahead of the wall. As with the kernel behind a TAP, the simulation
//! is in practice the slow side, and the guest sees a slow peer.

use super::{PaceStats, Pacer};
use crate::error::{SimError, SimResult};
use crate::world::PortBridge;
use std::collections::VecDeque;
use std::io::{ErrorKind, Read, Write};
use std::os::unix::fs::FileTypeExt;
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Largest frame length accepted from the socket: 16 KiB, above any MTU
/// a guest uses (a 9000-byte MTU gives 9014-byte frames).
pub const MAX_FRAME: usize = 16 * 1024;

/// Bytes of frames towards the guest the bridge holds while the socket is
/// full; frames beyond are dropped.
pub const TX_QUEUE_LIMIT: usize = 4 << 20;

/// Smallest Ethernet frame without FCS; shorter frames are padded.
const MIN_FRAME: usize = 60;

/// An Ethernet header: destination, source, type.
const ETH_HEADER: usize = 14;

/// Size of the length field.
const LEN_FIELD: usize = 4;

/// Simulated time between two polls of an idle socket: 64 cycles.
const POLL_NS: u64 = 256;

/// Bytes taken from the socket by one read.
const READ_CHUNK: usize = 64 * 1024;

/// A length field the framing cannot carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadLength(pub u32);

impl std::fmt::Display for BadLength {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "frame length {} in the length field (valid: 1 to {MAX_FRAME})",
            self.0
        )
    }
}

/// Cuts the byte stream from the socket into frames (sans I/O).
///
/// Bytes go in with [`Deframer::push`] in whatever pieces the socket
/// delivered; [`Deframer::next_frame`] returns each complete frame once.
#[derive(Debug, Default)]
pub struct Deframer {
    buf: Vec<u8>,
    /// Start of the first byte not yet consumed.
    pos: usize,
}

impl Deframer {
    /// An empty deframer.
    pub fn new() -> Deframer {
        Deframer::default()
    }

    /// Appends bytes received from the socket.
    pub fn push(&mut self, bytes: &[u8]) {
        if self.pos > 0 && self.pos == self.buf.len() {
            self.buf.clear();
            self.pos = 0;
        } else if self.pos >= READ_CHUNK {
            self.buf.drain(..self.pos);
            self.pos = 0;
        }
        self.buf.extend_from_slice(bytes);
    }

    /// Bytes received but not yet returned as a frame.
    pub fn pending(&self) -> usize {
        self.buf.len() - self.pos
    }

    /// Forgets everything pushed so far (the connection ended).
    pub fn clear(&mut self) {
        self.buf.clear();
        self.pos = 0;
    }

    /// The next complete frame, if one is there.
    ///
    /// # Errors
    /// [`BadLength`] when the next length field is zero or above
    /// [`MAX_FRAME`]; the stream cannot be resynchronised after it, so the
    /// caller should drop the connection (and [`Deframer::clear`]).
    pub fn next_frame(&mut self) -> Result<Option<Vec<u8>>, BadLength> {
        let rest = &self.buf[self.pos..];
        let Some(field) = rest.get(..LEN_FIELD) else {
            return Ok(None);
        };
        let mut be = [0u8; LEN_FIELD];
        be.copy_from_slice(field);
        let len = u32::from_be_bytes(be);
        let n = len as usize;
        if n == 0 || n > MAX_FRAME {
            return Err(BadLength(len));
        }
        let Some(frame) = rest.get(LEN_FIELD..LEN_FIELD + n) else {
            return Ok(None);
        };
        let frame = frame.to_vec();
        self.pos += LEN_FIELD + n;
        Ok(Some(frame))
    }
}

/// Frame counters of a [`QemuBridge`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QemuCounters {
    /// Connections accepted.
    pub connects: u64,
    /// Connections that ended (by the peer, by a reset, or dropped by the
    /// bridge after a malformed length).
    pub disconnects: u64,
    /// Whether a peer is connected now.
    pub connected: bool,
    /// Frames queued towards the guest (NIC to guest).
    pub tx_frames: u64,
    /// Bytes of those frames (without the length fields).
    pub tx_bytes: u64,
    /// Frames from the NIC dropped: no peer connected, or the queue
    /// towards a slow peer was over [`TX_QUEUE_LIMIT`].
    pub tx_dropped: u64,
    /// Frames read from the socket and handed to the NIC (guest to NIC).
    pub rx_frames: u64,
    /// Bytes of those frames as the guest sent them (before padding).
    pub rx_bytes: u64,
    /// Of those, frames padded to 60 bytes.
    pub rx_padded: u64,
    /// Frames shorter than an Ethernet header, dropped.
    pub rx_runts: u64,
    /// Connections dropped because of a malformed length field.
    pub malformed: u64,
    /// The pacer's account.
    pub pace: PaceStats,
}

#[derive(Debug, Default)]
struct Shared {
    counters: QemuCounters,
    last_error: Option<String>,
}

/// A handle on a [`QemuBridge`]'s counters that stays usable after the
/// bridge moved into a world.
#[derive(Clone, Debug, Default)]
pub struct QemuStats(Arc<Mutex<Shared>>);

impl QemuStats {
    fn lock(&self) -> std::sync::MutexGuard<'_, Shared> {
        match self.0.lock() {
            Ok(g) => g,
            Err(p) => p.into_inner(),
        }
    }

    /// The counters now.
    pub fn get(&self) -> QemuCounters {
        self.lock().counters
    }

    /// Why the bridge last dropped a connection or failed, if it did.
    pub fn last_error(&self) -> Option<String> {
        self.lock().last_error.clone()
    }

    fn update(&self, f: impl FnOnce(&mut QemuCounters)) {
        f(&mut self.lock().counters);
    }

    fn set_error(&self, e: String) {
        self.lock().last_error = Some(e);
    }
}

/// A NIC port bridged to a QEMU guest's stream netdev on a unix socket
/// (see the [module documentation](self)).
#[derive(Debug)]
pub struct QemuBridge {
    listener: UnixListener,
    path: PathBuf,
    conn: Option<UnixStream>,
    rx: Deframer,
    ready: VecDeque<Vec<u8>>,
    tx: Vec<u8>,
    /// Bytes of `tx` already written.
    tx_off: usize,
    pacer: Pacer,
    next_poll_ns: u64,
    read_buf: Vec<u8>,
    stats: QemuStats,
}

impl QemuBridge {
    /// Binds a unix stream socket at `path` and listens for the guest. A
    /// socket file left at `path` by an earlier run (nothing accepts on it)
    /// is replaced; any other existing file is an error. The socket file is
    /// removed when the bridge is dropped.
    ///
    /// # Errors
    /// [`SimError::Io`] when `path` exists and is not a stale socket, or
    /// the socket cannot be bound (a path longer than 107 bytes, a missing
    /// folder, no permission).
    pub fn listen(path: impl AsRef<Path>) -> SimResult<QemuBridge> {
        let path = path.as_ref().to_path_buf();
        if let Ok(meta) = std::fs::symlink_metadata(&path) {
            let stale = meta.file_type().is_socket() && UnixStream::connect(&path).is_err();
            if !stale {
                return Err(SimError::io(
                    format!("binding the QEMU bridge socket {}", path.display()),
                    std::io::Error::new(
                        ErrorKind::AlreadyExists,
                        "the path exists (and is not a stale socket)",
                    ),
                ));
            }
            std::fs::remove_file(&path).map_err(|e| {
                SimError::io(format!("removing the stale socket {}", path.display()), e)
            })?;
        }
        let listener = UnixListener::bind(&path)
            .map_err(|e| SimError::io(format!("binding unix socket {}", path.display()), e))?;
        listener
            .set_nonblocking(true)
            .map_err(|e| SimError::io(format!("non-blocking {}", path.display()), e))?;
        Ok(QemuBridge {
            listener,
            path,
            conn: None,
            rx: Deframer::new(),
            ready: VecDeque::new(),
            tx: Vec::new(),
            tx_off: 0,
            pacer: Pacer::new(),
            next_poll_ns: 0,
            read_buf: vec![0; READ_CHUNK],
            stats: QemuStats::default(),
        })
    }

    /// The socket's path (what the guest connects to).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A handle on the counters (readable while the world owns the bridge).
    pub fn stats(&self) -> QemuStats {
        self.stats.clone()
    }

    /// Whether a peer is connected.
    pub fn is_connected(&self) -> bool {
        self.conn.is_some()
    }

    fn disconnect(&mut self) {
        if self.conn.take().is_some() {
            self.rx.clear();
            self.tx.clear();
            self.tx_off = 0;
            self.stats.update(|c| {
                c.disconnects += 1;
                c.connected = false;
            });
        }
    }

    /// Accepts a waiting peer when none is connected.
    fn accept(&mut self) -> SimResult<()> {
        match self.listener.accept() {
            Ok((s, _)) => {
                s.set_nonblocking(true).map_err(|e| {
                    SimError::io(format!("non-blocking peer on {}", self.path.display()), e)
                })?;
                self.conn = Some(s);
                self.stats.update(|c| {
                    c.connects += 1;
                    c.connected = true;
                });
                Ok(())
            }
            Err(e) if e.kind() == ErrorKind::WouldBlock || e.kind() == ErrorKind::Interrupted => {
                Ok(())
            }
            Err(e) => Err(SimError::io(
                format!("accepting on {}", self.path.display()),
                e,
            )),
        }
    }

    /// Writes queued bytes towards the guest until the socket is full.
    fn flush(&mut self) -> SimResult<()> {
        let Some(conn) = self.conn.as_mut() else {
            return Ok(());
        };
        while self.tx_off < self.tx.len() {
            match conn.write(&self.tx[self.tx_off..]) {
                Ok(0) => break,
                Ok(n) => self.tx_off += n,
                Err(e) if e.kind() == ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) if peer_gone(&e) => {
                    self.disconnect();
                    return Ok(());
                }
                Err(e) => {
                    return Err(SimError::io(
                        format!("writing to the guest on {}", self.path.display()),
                        e,
                    ))
                }
            }
        }
        if self.tx_off == self.tx.len() {
            self.tx.clear();
            self.tx_off = 0;
        } else if self.tx_off >= READ_CHUNK {
            self.tx.drain(..self.tx_off);
            self.tx_off = 0;
        }
        Ok(())
    }

    /// One read from the peer; parses every complete frame into `ready`.
    fn read(&mut self) -> SimResult<()> {
        let Some(conn) = self.conn.as_mut() else {
            return Ok(());
        };
        let n = match conn.read(&mut self.read_buf) {
            Ok(0) => {
                self.disconnect();
                return Ok(());
            }
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::WouldBlock || e.kind() == ErrorKind::Interrupted => {
                return Ok(())
            }
            Err(e) if peer_gone(&e) => {
                self.disconnect();
                return Ok(());
            }
            Err(e) => {
                return Err(SimError::io(
                    format!("reading from the guest on {}", self.path.display()),
                    e,
                ))
            }
        };
        self.rx.push(&self.read_buf[..n]);
        loop {
            match self.rx.next_frame() {
                Ok(Some(mut f)) => {
                    if f.len() < ETH_HEADER {
                        self.stats.update(|c| c.rx_runts += 1);
                        continue;
                    }
                    let len = f.len() as u64;
                    let padded = f.len() < MIN_FRAME;
                    if padded {
                        f.resize(MIN_FRAME, 0);
                    }
                    self.stats.update(|c| {
                        c.rx_frames += 1;
                        c.rx_bytes += len;
                        c.rx_padded += u64::from(padded);
                    });
                    self.ready.push_back(f);
                }
                Ok(None) => return Ok(()),
                Err(bad) => {
                    let why = format!(
                        "QEMU stream socket {}: {bad}; the stream cannot be resynchronised, \
                         connection dropped",
                        self.path.display()
                    );
                    self.disconnect();
                    self.stats.update(|c| c.malformed += 1);
                    self.stats.set_error(why.clone());
                    return Err(SimError::io(
                        why,
                        std::io::Error::new(ErrorKind::InvalidData, bad.to_string()),
                    ));
                }
            }
        }
    }
}

/// Errors that mean the peer closed or reset the connection.
fn peer_gone(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        ErrorKind::BrokenPipe | ErrorKind::ConnectionReset | ErrorKind::ConnectionAborted
    )
}

impl PortBridge for QemuBridge {
    fn send(&mut self, _now_ns: u64, frame: &[u8]) -> SimResult<()> {
        let queued = self.tx.len() - self.tx_off;
        let Ok(len) = u32::try_from(frame.len()) else {
            self.stats.update(|c| c.tx_dropped += 1);
            return Ok(());
        };
        if self.conn.is_none() || queued + frame.len() > TX_QUEUE_LIMIT {
            self.stats.update(|c| c.tx_dropped += 1);
            return Ok(());
        }
        self.tx.extend_from_slice(&len.to_be_bytes());
        self.tx.extend_from_slice(frame);
        self.stats.update(|c| {
            c.tx_frames += 1;
            c.tx_bytes += u64::from(len);
        });
        self.flush()
    }

    fn recv(&mut self, now_ns: u64) -> SimResult<Option<Vec<u8>>> {
        if let Some(f) = self.ready.pop_front() {
            return Ok(Some(f));
        }
        if now_ns < self.next_poll_ns {
            return Ok(None);
        }
        self.next_poll_ns = now_ns + POLL_NS;
        if self.conn.is_none() {
            self.accept()?;
        }
        self.flush()?;
        self.read()?;
        Ok(self.ready.pop_front())
    }

    fn pace(&mut self, now_ns: u64) {
        let before = self.pacer.stats().clock_reads;
        self.pacer.pace(now_ns);
        let s = self.pacer.stats();
        if s.clock_reads != before {
            self.stats.update(|c| c.pace = s);
        }
    }
}

impl Drop for QemuBridge {
    fn drop(&mut self) {
        // nothing to report to from a destructor; a leftover socket file is
        // replaced by the next `listen` on the same path
        let _ = std::fs::remove_file(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};

    static N: AtomicU32 = AtomicU32::new(0);

    /// A fresh socket path in the temporary folder.
    fn sock_path() -> PathBuf {
        let n = N.fetch_add(1, Ordering::Relaxed);
        std::env::temp_dir().join(format!("wn-qemu-bridge-{}-{n}.sock", std::process::id()))
    }

    fn framed(frame: &[u8]) -> Vec<u8> {
        let mut v = (frame.len() as u32).to_be_bytes().to_vec();
        v.extend_from_slice(frame);
        v
    }

    /// Polls the bridge (advancing simulated time) until `n` frames came
    /// or too many polls passed.
    fn recv_n(b: &mut QemuBridge, now: &mut u64, n: usize) -> SimResult<Vec<Vec<u8>>> {
        let mut out = Vec::new();
        for _ in 0..200_000 {
            *now += POLL_NS;
            while let Some(f) = b.recv(*now)? {
                out.push(f);
            }
            if out.len() >= n {
                break;
            }
        }
        Ok(out)
    }

    /// A bridge with a connected peer.
    fn connected() -> (QemuBridge, UnixStream, u64) {
        let mut b = QemuBridge::listen(sock_path()).expect("listen");
        let peer = UnixStream::connect(b.path()).expect("connect");
        let mut now = 0;
        for _ in 0..1000 {
            now += POLL_NS;
            assert!(b.recv(now).expect("recv").is_none());
            if b.is_connected() {
                break;
            }
        }
        assert!(b.is_connected());
        (b, peer, now)
    }

    #[test]
    fn deframer_joins_pieces_and_splits_frames() {
        let mut d = Deframer::new();
        let a: Vec<u8> = (0..100u8).collect();
        let b: Vec<u8> = vec![7; 1514];
        let mut wire = framed(&a);
        wire.extend(framed(&b));
        // byte by byte: each frame comes out exactly once, when complete
        let mut got = Vec::new();
        for x in &wire {
            d.push(std::slice::from_ref(x));
            while let Some(f) = d.next_frame().expect("valid") {
                got.push(f);
            }
        }
        assert_eq!(got, vec![a, b]);
        assert_eq!(d.pending(), 0);
    }

    #[test]
    fn deframer_refuses_zero_and_oversized_lengths() {
        let mut d = Deframer::new();
        d.push(&[0, 0, 0, 0, 1, 2, 3]);
        assert_eq!(d.next_frame(), Err(BadLength(0)));
        let mut d = Deframer::new();
        d.push(&((MAX_FRAME as u32) + 1).to_be_bytes());
        assert_eq!(d.next_frame(), Err(BadLength(MAX_FRAME as u32 + 1)));
        let mut d = Deframer::new();
        d.push(&u32::MAX.to_be_bytes());
        assert_eq!(d.next_frame(), Err(BadLength(u32::MAX)));
        // the largest legal length waits for its bytes
        let mut d = Deframer::new();
        d.push(&(MAX_FRAME as u32).to_be_bytes());
        assert_eq!(d.next_frame(), Ok(None));
        d.push(&vec![1; MAX_FRAME]);
        assert_eq!(
            d.next_frame().expect("valid").map(|f| f.len()),
            Some(MAX_FRAME)
        );
    }

    #[test]
    fn frames_cross_in_both_directions_with_padding() {
        let (mut b, mut peer, mut now) = connected();
        let stats = b.stats();
        // guest to NIC: a 42-byte ARP-sized frame is padded, a full one not
        let short: Vec<u8> = (0..42u8).collect();
        let full = vec![0xa5; 1514];
        let mut wire = framed(&short);
        wire.extend(framed(&full));
        peer.write_all(&wire).expect("write");
        let got = recv_n(&mut b, &mut now, 2).expect("recv");
        assert_eq!(got.len(), 2);
        assert_eq!(&got[0][..42], &short[..]);
        assert_eq!(got[0].len(), MIN_FRAME);
        assert!(got[0][42..].iter().all(|&x| x == 0));
        assert_eq!(got[1], full);
        // NIC to guest: length field then the frame
        let out: Vec<u8> = (0..60u8).collect();
        b.send(now, &out).expect("send");
        let mut back = vec![0u8; 64];
        peer.read_exact(&mut back).expect("read");
        assert_eq!(back, framed(&out));
        let c = stats.get();
        assert_eq!(
            (
                c.rx_frames,
                c.rx_padded,
                c.rx_bytes,
                c.tx_frames,
                c.tx_bytes
            ),
            (2, 1, 42 + 1514, 1, 60)
        );
        assert_eq!((c.connects, c.connected, c.malformed), (1, true, 0));
    }

    #[test]
    fn a_malformed_length_drops_the_connection_with_an_error() {
        let (mut b, mut peer, mut now) = connected();
        let stats = b.stats();
        let mut wire = framed(&[1; 60]);
        wire.extend_from_slice(&0u32.to_be_bytes());
        wire.extend_from_slice(&[9; 20]);
        peer.write_all(&wire).expect("write");
        let err = recv_n(&mut b, &mut now, 2).expect_err("a zero length is refused");
        let text = err.to_string();
        assert!(text.contains("frame length 0"), "{text}");
        assert!(text.contains("connection dropped"), "{text}");
        // the good frame before it still reached the NIC
        assert_eq!(b.recv(now).expect("recv"), Some(vec![1; 60]));
        assert!(!b.is_connected());
        let c = stats.get();
        assert_eq!((c.malformed, c.disconnects, c.connected), (1, 1, false));
        assert!(stats
            .last_error()
            .is_some_and(|e| e.contains("frame length 0")));
        // the peer sees the end of the stream
        peer.set_read_timeout(Some(std::time::Duration::from_secs(5)))
            .expect("timeout");
        let mut x = [0u8; 1];
        assert_eq!(peer.read(&mut x).expect("read"), 0);
        // an oversized length on the next connection: the same
        let mut peer2 = UnixStream::connect(b.path()).expect("connect again");
        peer2
            .write_all(&((MAX_FRAME as u32) + 1).to_be_bytes())
            .expect("write");
        let err = recv_n(&mut b, &mut now, 1).expect_err("oversized");
        assert!(err.to_string().contains("16385"), "{err}");
        assert_eq!(stats.get().malformed, 2);
        assert_eq!(stats.get().connects, 2);
    }

    #[test]
    fn runts_are_dropped_and_frames_without_a_peer_are_counted() {
        let mut b = QemuBridge::listen(sock_path()).expect("listen");
        let stats = b.stats();
        b.send(0, &[0; 60]).expect("send without a peer");
        assert_eq!(stats.get().tx_dropped, 1);
        let mut peer = UnixStream::connect(b.path()).expect("connect");
        let mut wire = framed(&[3; 13]);
        wire.extend(framed(&[4; 64]));
        peer.write_all(&wire).expect("write");
        let mut now = 0;
        let got = recv_n(&mut b, &mut now, 1).expect("recv");
        assert_eq!(got, vec![vec![4; 64]]);
        assert_eq!(stats.get().rx_runts, 1);
        // the peer leaves: the bridge counts it and accepts the next
        drop(peer);
        for _ in 0..1000 {
            now += POLL_NS;
            b.recv(now).expect("recv");
            if !b.is_connected() {
                break;
            }
        }
        assert_eq!(stats.get().disconnects, 1);
        let _peer = UnixStream::connect(b.path()).expect("connect again");
        for _ in 0..1000 {
            now += POLL_NS;
            b.recv(now).expect("recv");
            if b.is_connected() {
                break;
            }
        }
        assert_eq!(stats.get().connects, 2);
    }

    #[test]
    fn a_full_socket_queues_frames_and_drains_them_later() {
        let (mut b, mut peer, mut now) = connected();
        let stats = b.stats();
        let frame = vec![0x5a; 1514];
        // far more than the socket buffer holds, less than the queue limit
        let n = 2000;
        for _ in 0..n {
            b.send(now, &frame).expect("send");
        }
        assert_eq!(stats.get().tx_frames, n);
        let reader = std::thread::spawn(move || {
            let mut got = vec![0u8; n as usize * (frame.len() + 4)];
            peer.read_exact(&mut got).map(|()| got)
        });
        while !reader.is_finished() {
            now += POLL_NS;
            b.recv(now).expect("recv");
        }
        let got = reader.join().expect("reader").expect("read all");
        assert!(got
            .chunks(1518)
            .all(|c| c[..4] == 1514u32.to_be_bytes() && c[4..].iter().all(|&x| x == 0x5a)));
        assert_eq!(stats.get().tx_dropped, 0);
    }

    #[test]
    fn an_existing_file_is_not_replaced_but_a_stale_socket_is() {
        let p = sock_path();
        std::fs::write(&p, b"x").expect("file");
        assert!(QemuBridge::listen(&p).is_err());
        std::fs::remove_file(&p).expect("rm");
        // a socket nobody listens on any more
        drop(UnixListener::bind(&p).expect("bind"));
        let b = QemuBridge::listen(&p).expect("stale socket replaced");
        drop(b);
        assert!(!p.exists(), "the socket file is removed on drop");
    }
}
