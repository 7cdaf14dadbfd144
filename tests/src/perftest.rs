//! perftest (linux-rdma/perftest 4.5-0.17, as Debian 12 ships it, which
//! reports version 6.06) `ib_write_bw`, `ib_read_bw` and `ib_send_bw` with
//! `-R` (rdma_cm) on warpnic: a client and a server that speak its
//! protocol, the test QP bound by warpnic's connection manager.
//!
//! # The protocol with `-R` (`perftest_communication.c`, `*_bw.c`)
//!
//! Two rdma_cm connections to the same port, both RC queue pairs:
//!
//! - the **control** connection (`establish_connection`, IRD = ORD = 0):
//!   each side has one 56-byte receive posted (the server before its
//!   accept) and reposts it after every message it reads. Every exchange
//!   is a SEND each way of exactly the item's bytes, the client first
//!   (`ctx_xchg_data`, `ctx_hand_shake`);
//! - the **test** connection (`create_rdma_cm_connection`), opened by the
//!   client after a handshake on the control connection (the server
//!   listens again on the same port only then, so the client retries a
//!   refused open: 10 times, 100 ms apart); IRD = ORD = the outstanding
//!   reads for `ib_read_bw`, else 0.
//!
//! On the control connection, in order:
//!
//! | item | bytes |
//! |---|---|
//! | version string (`"6.06"`, NUL-padded; the peer refuses below 5.70) | 16 |
//! | cycle buffer (page size), big-endian `int` | 4 |
//! | cache line size, big-endian `int` | 4 |
//! | MTU: the first 2 bytes of `sprintf("%d", enum ibv_mtu)` | 2 |
//! | handshake (`pingpong_dest`, zeros), then the test connection | 56 |
//! | handshake (zeros) | 56 |
//!
//! then handshakes of each side's [`Dest`] (its QP number, a random PSN,
//! the rkey and address of its buffer; for `ib_send_bw` over iWARP the
//! rkey and address of its credit word): write/read: 3; send: 4 (the
//! server's receives are posted before the fourth). Then the test:
//!
//! - write/read: the client posts `iters` RDMA Writes (Reads) of `size`
//!   bytes to (from) the server's buffer, at most `tx_depth` posted (reads:
//!   the hardware keeps at most ORD of them on the wire, as perftest's
//!   "outstanding reads" leaves to the device); the server does nothing. Then a handshake, the
//!   client's report (`xchg_bw_reports`: size and iterations as
//!   big-endian u64, peak and average bandwidth and message rate as
//!   byte-swapped doubles, 8 bytes each, client first), which the
//!   *server* prints as its result line, and a closing handshake;
//! - send: the client SENDs `iters` messages of `size` bytes; iWARP has no
//!   receiver-not-ready retry, so perftest runs credits: the server RDMA
//!   WRITEs its count of received messages (a native, little-endian u32)
//!   into the client's credit word after every `rx_depth / 3`, and the
//!   client keeps fewer than `rx_depth` messages beyond the credit. Each
//!   side prints its own result; a closing handshake.
//!
//! The client then disconnects the test connection (perftest waits for
//! its DISCONNECTED, so the server closes its side at once), then the
//! control connection.

use std::net::Ipv4Addr;
use std::time::{Duration, Instant};

use warpnic::mpa::{AcceptParams, ConnectParams, MpaConfig};
use warpnic::verbs::{AccessFlags, SendWr, WcOpcode, WorkCompletion, WrOpcode};
use warpnic::{QpCaps, RecvWr};

use crate::cm_peer::{Buf, Conn, Endpoint, PeerResult, Step};

/// The version this peer reports (what Debian 12's perftest 4.5-0.17
/// reports).
pub const VERSION: &str = "6.06";

/// Bytes of `struct pingpong_dest`.
pub const DEST_LEN: usize = 56;

/// perftest's default port.
pub const PORT: u16 = 18515;

/// The test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    /// `ib_write_bw`.
    Write,
    /// `ib_read_bw`.
    Read,
    /// `ib_send_bw`.
    Send,
}

impl Verb {
    /// The `ib_<name>_bw` name.
    pub fn name(self) -> &'static str {
        match self {
            Verb::Write => "write",
            Verb::Read => "read",
            Verb::Send => "send",
        }
    }
}

/// What a run does (the perftest options of both sides must agree).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opts {
    /// The test.
    pub verb: Verb,
    /// The port of both connections (`-p`).
    pub port: u16,
    /// Bytes per message (`-s`).
    pub size: u32,
    /// Messages (`-n`).
    pub iters: u32,
    /// Work requests in flight (`-t`).
    pub tx_depth: u32,
    /// The receiver's receive queue (`-r`, `ib_send_bw`).
    pub rx_depth: u32,
    /// IRD and ORD of the test connection of `ib_read_bw` (this side's;
    /// the peer lowers its ORD to it).
    pub out_reads: u16,
}

impl Opts {
    /// perftest's defaults for `-s size -n iters`: `-t` 128 and `-r` 512,
    /// both at most the iterations, `-r` even.
    pub fn new(verb: Verb, size: u32, iters: u32) -> Opts {
        let mut rx_depth = 512.min(iters).max(1);
        if rx_depth % 2 == 1 {
            rx_depth += 1;
        }
        Opts {
            verb,
            port: PORT,
            size,
            iters,
            tx_depth: 128.min(iters).max(1),
            rx_depth,
            out_reads: 8,
        }
    }
}

/// `struct pingpong_dest` as perftest sends it (big-endian fields, four
/// bytes of padding after `rkey`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dest {
    /// LID (0 on iWARP).
    pub lid: u32,
    /// Outstanding reads.
    pub out_reads: u32,
    /// QP number.
    pub qpn: u32,
    /// Packet sequence number (random, unused with rdma_cm).
    pub psn: u32,
    /// rkey of the buffer (the credit word for `ib_send_bw` on iWARP).
    pub rkey: u32,
    /// Address of the buffer.
    pub vaddr: u64,
    /// GID.
    pub gid: [u8; 16],
    /// SRQ number.
    pub srqn: u32,
    /// GID index.
    pub gid_index: u32,
}

impl Dest {
    /// The 56 bytes perftest sends.
    pub fn to_bytes(&self) -> [u8; DEST_LEN] {
        let mut b = [0u8; DEST_LEN];
        b[0..4].copy_from_slice(&self.lid.to_be_bytes());
        b[4..8].copy_from_slice(&self.out_reads.to_be_bytes());
        b[8..12].copy_from_slice(&self.qpn.to_be_bytes());
        b[12..16].copy_from_slice(&self.psn.to_be_bytes());
        b[16..20].copy_from_slice(&self.rkey.to_be_bytes());
        b[24..32].copy_from_slice(&self.vaddr.to_be_bytes());
        b[32..48].copy_from_slice(&self.gid);
        b[48..52].copy_from_slice(&self.srqn.to_be_bytes());
        b[52..56].copy_from_slice(&self.gid_index.to_be_bytes());
        b
    }

    /// The fields of 56 received bytes (the padding ignored).
    pub fn parse(b: &[u8]) -> PeerResult<Dest> {
        if b.len() < DEST_LEN {
            return Err(format!("a handshake of {} bytes, not {DEST_LEN}", b.len()));
        }
        let u32_at = |i: usize| u32::from_be_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
        let mut v = [0u8; 8];
        v.copy_from_slice(&b[24..32]);
        let mut gid = [0u8; 16];
        gid.copy_from_slice(&b[32..48]);
        Ok(Dest {
            lid: u32_at(0),
            out_reads: u32_at(4),
            qpn: u32_at(8),
            psn: u32_at(12),
            rkey: u32_at(16),
            vaddr: u64::from_be_bytes(v),
            gid,
            srqn: u32_at(48),
            gid_index: u32_at(52),
        })
    }
}

/// A bandwidth report (`struct bw_report_data` as exchanged).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BwReport {
    /// Bytes per message.
    pub size: u64,
    /// Messages.
    pub iters: u64,
    /// Peak bandwidth, Gb/s.
    pub bw_peak: f64,
    /// Average bandwidth, Gb/s.
    pub bw_avg: f64,
    /// Messages per second, millions.
    pub msg_rate: f64,
}

/// What one side measured and learned.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// This side's measurement (the client's test; the server's receives
    /// for `ib_send_bw`).
    pub report: BwReport,
    /// The peer's report, where perftest exchanges them (write/read).
    pub peer_report: Option<BwReport>,
    /// The peer's version string.
    pub peer_version: String,
    /// The peer's last handshake.
    pub peer_dest: Dest,
    /// Wall time of the test phase.
    pub test_time: Duration,
    /// Credit updates written (server) or seen (client), `ib_send_bw`.
    pub credits: u32,
}

/// Control-connection receive slots.
const SLOTS: u64 = 4;
const SLOT_LEN: u32 = 64;
const CTL_SEND: u64 = 0x5_0000;
const DATA_WR: u64 = 0x6_0000;
const CREDIT_WR: u64 = 0x7_0000;
const RECV_BASE: u64 = 0x1_0000;

/// The control connection.
struct Control {
    conn: Conn,
    recv: Buf,
    send: Buf,
    client: bool,
}

fn ctl_caps() -> QpCaps {
    QpCaps {
        max_recv_wr: 8,
        max_send_wr: 8,
    }
}

fn ctl_buffers(ep: &Endpoint<'_>) -> PeerResult<(Buf, Buf)> {
    Ok((
        ep.buf(
            (SLOTS * u64::from(SLOT_LEN)) as usize,
            AccessFlags::LOCAL_WRITE,
        )?,
        ep.buf(SLOT_LEN as usize, AccessFlags::empty())?,
    ))
}

fn recv_sges(recv: &Buf) -> PeerResult<Vec<[warpnic::Sge; 1]>> {
    (0..SLOTS)
        .map(|i| recv.sge(i * u64::from(SLOT_LEN), SLOT_LEN))
        .collect()
}

fn recv_wrs(sges: &[[warpnic::Sge; 1]]) -> Vec<RecvWr<'_>> {
    sges.iter()
        .enumerate()
        .map(|(i, s)| RecvWr {
            wr_id: RECV_BASE + i as u64,
            sg_list: s,
        })
        .collect()
}

impl Control {
    /// SENDs `data` and waits for its completion.
    fn write(
        &mut self,
        ep: &mut Endpoint<'_>,
        data: &[u8],
        what: &str,
        step: &mut Step<'_>,
    ) -> PeerResult<()> {
        self.send.write(0, data)?;
        let sge = self.send.sge(0, data.len() as u32)?;
        self.conn
            .qp
            .post_send(&[SendWr {
                wr_id: CTL_SEND,
                opcode: WrOpcode::Send,
                sg_list: &sge,
                ..SendWr::default()
            }])
            .map_err(|e| format!("post_send ({what}): {e}"))?;
        ep.wait_wc(&mut self.conn, &format!("{what}: our SEND"), step, |w| {
            w.wr_id == CTL_SEND
        })?;
        Ok(())
    }

    /// The next message, its receive reposted.
    fn read(
        &mut self,
        ep: &mut Endpoint<'_>,
        what: &str,
        step: &mut Step<'_>,
    ) -> PeerResult<Vec<u8>> {
        let wc = ep.wait_wc(
            &mut self.conn,
            &format!("{what}: the peer's SEND"),
            step,
            |w| w.opcode == WcOpcode::Recv,
        )?;
        let slot = wc.wr_id.wrapping_sub(RECV_BASE);
        if slot >= SLOTS {
            return Err(format!("{what}: a receive completion {:#x}", wc.wr_id));
        }
        let off = slot * u64::from(SLOT_LEN);
        let data = self
            .recv
            .read(off as usize, (wc.byte_len.min(SLOT_LEN)) as usize)?;
        let sge = self.recv.sge(off, SLOT_LEN)?;
        self.conn
            .qp
            .post_recv(&[RecvWr {
                wr_id: wc.wr_id,
                sg_list: &sge,
            }])
            .map_err(|e| format!("post_recv: {e}"))?;
        Ok(data)
    }

    /// One item each way, the client first; the peer's.
    fn xchg(
        &mut self,
        ep: &mut Endpoint<'_>,
        mine: &[u8],
        what: &str,
        step: &mut Step<'_>,
    ) -> PeerResult<Vec<u8>> {
        let theirs = if self.client {
            self.write(ep, mine, what, step)?;
            self.read(ep, what, step)?
        } else {
            let t = self.read(ep, what, step)?;
            self.write(ep, mine, what, step)?;
            t
        };
        if theirs.len() != mine.len() {
            return Err(format!(
                "{what}: the peer sent {} bytes, perftest sends {}",
                theirs.len(),
                mine.len()
            ));
        }
        Ok(theirs)
    }

    fn hand_shake(
        &mut self,
        ep: &mut Endpoint<'_>,
        mine: &Dest,
        what: &str,
        step: &mut Step<'_>,
    ) -> PeerResult<Dest> {
        Dest::parse(&self.xchg(ep, &mine.to_bytes(), what, step)?)
    }

    /// Versions, system data and MTU; the peer's version.
    fn preamble(&mut self, ep: &mut Endpoint<'_>, step: &mut Step<'_>) -> PeerResult<String> {
        let mut v = [0u8; 16];
        v[..VERSION.len()].copy_from_slice(VERSION.as_bytes());
        let theirs = self.xchg(ep, &v, "versions", step)?;
        let end = theirs.iter().position(|&b| b == 0).unwrap_or(theirs.len());
        let version = String::from_utf8_lossy(&theirs[..end]).into_owned();
        let number: f64 = version
            .parse()
            .map_err(|_| format!("the peer's version {version:?} is not a number"))?;
        if number < 5.70 {
            return Err(format!("the peer's version {version} is below 5.70"));
        }
        self.xchg(ep, &4096i32.to_be_bytes(), "cycle buffer", step)?;
        self.xchg(ep, &64i32.to_be_bytes(), "cache line size", step)?;
        // IBV_MTU_1024
        self.xchg(ep, b"3\0", "MTU", step)?;
        Ok(version)
    }

    fn reports(
        &mut self,
        ep: &mut Endpoint<'_>,
        mine: &BwReport,
        step: &mut Step<'_>,
    ) -> PeerResult<BwReport> {
        let u64_of = |b: Vec<u8>| -> PeerResult<[u8; 8]> {
            b.try_into()
                .map_err(|_| "a report item of other than 8 bytes".to_string())
        };
        let size = u64_of(self.xchg(ep, &mine.size.to_be_bytes(), "report: size", step)?)?;
        let iters =
            u64_of(self.xchg(ep, &mine.iters.to_be_bytes(), "report: iterations", step)?)?;
        let peak = u64_of(self.xchg(
            ep,
            &mine.bw_peak.to_bits().to_be_bytes(),
            "report: peak",
            step,
        )?)?;
        let avg = u64_of(self.xchg(
            ep,
            &mine.bw_avg.to_bits().to_be_bytes(),
            "report: average",
            step,
        )?)?;
        let rate = u64_of(self.xchg(
            ep,
            &mine.msg_rate.to_bits().to_be_bytes(),
            "report: message rate",
            step,
        )?)?;
        Ok(BwReport {
            size: u64::from_be_bytes(size),
            iters: u64::from_be_bytes(iters),
            bw_peak: f64::from_bits(u64::from_be_bytes(peak)),
            bw_avg: f64::from_bits(u64::from_be_bytes(avg)),
            msg_rate: f64::from_bits(u64::from_be_bytes(rate)),
        })
    }
}

/// The test connection's caps and buffers.
fn data_caps(o: &Opts) -> QpCaps {
    QpCaps {
        max_recv_wr: (o.rx_depth + 2).next_power_of_two().max(4),
        max_send_wr: (o.tx_depth + 2).next_power_of_two().max(4),
    }
}

fn data_access() -> AccessFlags {
    AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE | AccessFlags::REMOTE_READ
}

/// A 24-bit PSN that differs from run to run, as perftest's `lrand48`.
fn psn() -> u32 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    (t ^ 0x005a_5a5a) & 0x00ff_ffff
}

fn report_of(o: &Opts, t: Duration) -> BwReport {
    let secs = t.as_secs_f64().max(1e-9);
    let bw = f64::from(o.size) * f64::from(o.iters) * 8.0 / secs / 1e9;
    BwReport {
        size: u64::from(o.size),
        iters: u64::from(o.iters),
        bw_peak: bw,
        bw_avg: bw,
        msg_rate: f64::from(o.iters) / secs / 1e6,
    }
}

/// The test connection's IRD and ORD.
fn data_ird_ord(o: &Opts) -> u16 {
    if o.verb == Verb::Read {
        o.out_reads
    } else {
        0
    }
}

/// perftest's client (`ib_<verb>_bw -R ... <server>`) against the server
/// at `ip`: the whole protocol, the test phase measured.
pub fn client(
    ep: &mut Endpoint<'_>,
    ip: Ipv4Addr,
    cfg: MpaConfig,
    o: &Opts,
    step: &mut Step<'_>,
) -> PeerResult<Outcome> {
    let (recv, send) = ctl_buffers(ep)?;
    let sges = recv_sges(&recv)?;
    let conn = ep.connect(
        ip,
        o.port,
        cfg,
        ConnectParams {
            private_data: &[],
            ird: 0,
            ord: 0,
            p2p: false,
        },
        ctl_caps(),
        &recv_wrs(&sges),
        10,
        Duration::from_millis(100),
        step,
    )?;
    let mut ctl = Control {
        conn,
        recv,
        send,
        client: true,
    };
    let mut out = Outcome {
        peer_version: ctl.preamble(ep, step)?,
        ..Outcome::default()
    };
    let zero = Dest::default();
    ctl.hand_shake(ep, &zero, "handshake before the test connection", step)?;
    let n = data_ird_ord(o);
    let mut data = ep.connect(
        ip,
        o.port,
        cfg,
        ConnectParams {
            private_data: &[],
            ird: n,
            ord: n,
            p2p: false,
        },
        data_caps(o),
        &[],
        20,
        Duration::from_millis(100),
        step,
    )?;
    ctl.hand_shake(ep, &zero, "handshake after the test connection", step)?;
    let buf = ep.buf(o.size.max(4096) as usize, data_access())?;
    let credit = ep.buf(64, AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE)?;
    credit.write(0, &[0u8; 64])?;
    let (rkey, vaddr) = if o.verb == Verb::Send {
        (credit.rkey(), credit.addr(0))
    } else {
        (buf.rkey(), buf.addr(0))
    };
    let me = Dest {
        out_reads: u32::from(if o.verb == Verb::Read { o.out_reads } else { 1 }),
        qpn: data.qp.qp_num(),
        psn: psn(),
        rkey,
        vaddr,
        ..Dest::default()
    };
    let shakes = if o.verb == Verb::Send { 4 } else { 3 };
    for i in 0..shakes {
        out.peer_dest = ctl.hand_shake(ep, &me, &format!("handshake {}", i + 1), step)?;
    }
    let t0 = Instant::now();
    out.credits = run_client(ep, &mut data, &buf, &credit, &out.peer_dest, o, step)?;
    out.test_time = t0.elapsed();
    out.report = report_of(o, out.test_time);
    if o.verb != Verb::Send {
        ctl.hand_shake(ep, &me, "handshake after the test", step)?;
        out.peer_report = Some(ctl.reports(ep, &out.report, step)?);
    }
    ctl.hand_shake(ep, &me, "closing handshake", step)?;
    ep.disconnect(&mut data, step)?;
    ep.disconnect(&mut ctl.conn, step)?;
    Ok(out)
}

/// The client's test phase; the credit updates seen (send).
fn run_client(
    ep: &mut Endpoint<'_>,
    c: &mut Conn,
    buf: &Buf,
    credit: &Buf,
    peer: &Dest,
    o: &Opts,
    step: &mut Step<'_>,
) -> PeerResult<u32> {
    let depth = o.tx_depth;
    let sge = buf.sge(0, o.size)?;
    let (mut posted, mut done, mut credits, mut last_credit) = (0u32, 0u32, 0u32, 0u32);
    let mut wc = [WorkCompletion::default(); 32];
    let mut idle_since = Instant::now();
    while done < o.iters {
        let credit_now = if o.verb == Verb::Send {
            let b = credit.read(0, 4)?;
            u32::from_le_bytes([b[0], b[1], b[2], b[3]])
        } else {
            0
        };
        if credit_now != last_credit {
            credits += 1;
            last_credit = credit_now;
        }
        let mut batch = Vec::new();
        while posted + (batch.len() as u32) < o.iters
            && posted + (batch.len() as u32) - done < depth
            && (o.verb != Verb::Send
                || (posted + batch.len() as u32 + 1).wrapping_sub(credit_now) < o.rx_depth)
        {
            let (opcode, remote_addr, rkey) = match o.verb {
                Verb::Write => (WrOpcode::RdmaWrite, peer.vaddr, peer.rkey),
                Verb::Read => (WrOpcode::RdmaRead, peer.vaddr, peer.rkey),
                Verb::Send => (WrOpcode::Send, 0, 0),
            };
            batch.push(SendWr {
                wr_id: DATA_WR + u64::from(posted) + batch.len() as u64,
                opcode,
                sg_list: &sge,
                remote_addr,
                rkey,
                ..SendWr::default()
            });
        }
        if !batch.is_empty() {
            c.qp.post_send(&batch)
                .map_err(|e| format!("posting the test's work requests: {e}"))?;
            posted += batch.len() as u32;
        }
        let n = c.cq.poll_wc(&mut wc).map_err(|e| format!("poll_wc: {e}"))?;
        for w in &wc[..n] {
            if w.status != warpnic_abi::gen::CqeStatus::Success {
                let info = c.qp.error_info().ok().flatten();
                return Err(format!(
                    "{} {done} of {}: completion {w:?}; QP error {info:?}",
                    o.verb.name(),
                    o.iters
                ));
            }
            done += 1;
        }
        if n > 0 || !batch.is_empty() {
            idle_since = Instant::now();
        } else {
            if let Some(e) = ep.trouble(c.id)? {
                return Err(format!(
                    "{}: {e:?} after {done} of {}",
                    o.verb.name(),
                    o.iters
                ));
            }
            if idle_since.elapsed() > Duration::from_secs(20) {
                return Err(format!(
                    "{}: no progress for 20 s: {done} of {} done, {posted} posted, credit {credit_now}",
                    o.verb.name(),
                    o.iters
                ));
            }
            step().map_err(|e| format!("{}: {e}", o.verb.name()))?;
        }
    }
    Ok(credits)
}

/// perftest's server (`ib_<verb>_bw -R ...`) for one client on `o.port`,
/// which this side must listen on: the whole protocol.
pub fn server(ep: &mut Endpoint<'_>, o: &Opts, step: &mut Step<'_>) -> PeerResult<Outcome> {
    let (recv, send) = ctl_buffers(ep)?;
    let sges = recv_sges(&recv)?;
    let req = ep.wait_request(step)?;
    let conn = ep.accept(
        req.id,
        AcceptParams {
            private_data: &[],
            ird: 0,
            ord: 0,
        },
        ctl_caps(),
        &recv_wrs(&sges),
        step,
    )?;
    let mut ctl = Control {
        conn,
        recv,
        send,
        client: false,
    };
    let mut out = Outcome {
        peer_version: ctl.preamble(ep, step)?,
        ..Outcome::default()
    };
    let zero = Dest::default();
    ctl.hand_shake(ep, &zero, "handshake before the test connection", step)?;
    // the test connection; for ib_send_bw with every receive posted
    let buf = ep.buf(o.size.max(4096) as usize, data_access())?;
    let rsge = buf.sge(0, o.size)?;
    let nrecv = if o.verb == Verb::Send { o.rx_depth } else { 0 };
    let recvs: Vec<RecvWr<'_>> = (0..nrecv)
        .map(|i| RecvWr {
            wr_id: DATA_WR + u64::from(i),
            sg_list: &rsge,
        })
        .collect();
    let req = ep.wait_request(step)?;
    let n = data_ird_ord(o);
    let mut data = ep.accept(
        req.id,
        AcceptParams {
            private_data: &[],
            ird: n,
            ord: n,
        },
        data_caps(o),
        &recvs,
        step,
    )?;
    ctl.hand_shake(ep, &zero, "handshake after the test connection", step)?;
    let credit = ep.buf(64, AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE)?;
    let (rkey, vaddr) = if o.verb == Verb::Send {
        (credit.rkey(), credit.addr(0))
    } else {
        (buf.rkey(), buf.addr(0))
    };
    let me = Dest {
        out_reads: u32::from(if o.verb == Verb::Read { o.out_reads } else { 1 }),
        qpn: data.qp.qp_num(),
        psn: psn(),
        rkey,
        vaddr,
        ..Dest::default()
    };
    let shakes = if o.verb == Verb::Send { 4 } else { 3 };
    for i in 0..shakes {
        out.peer_dest = ctl.hand_shake(ep, &me, &format!("handshake {}", i + 1), step)?;
    }
    let t0 = Instant::now();
    if o.verb == Verb::Send {
        out.credits = run_send_server(
            ep,
            &mut data,
            &rsge,
            &credit,
            &out.peer_dest,
            o,
            nrecv,
            step,
        )?;
        out.test_time = t0.elapsed();
        out.report = report_of(o, out.test_time);
    } else {
        // the client's test runs in hardware; its end is the next handshake
        ctl.hand_shake(ep, &me, "handshake after the test", step)
            .map_err(|e| format!("{e}; the test connection's QP: {:?}", data.qp.query()))?;
        out.test_time = t0.elapsed();
        out.report = BwReport {
            size: u64::from(o.size),
            iters: u64::from(o.iters),
            ..BwReport::default()
        };
        out.peer_report = Some(ctl.reports(ep, &out.report, step)?);
    }
    ctl.hand_shake(ep, &me, "closing handshake", step)?;
    // the client disconnects the test connection and waits for our close
    ep.wait_disconnect(&mut data, step)?;
    ep.disconnect(&mut ctl.conn, step)?;
    Ok(out)
}

/// `ib_send_bw`'s server test phase: every message received, credits
/// written back; the credit updates written.
#[allow(clippy::too_many_arguments)]
fn run_send_server(
    ep: &mut Endpoint<'_>,
    c: &mut Conn,
    rsge: &[warpnic::Sge; 1],
    credit: &Buf,
    peer: &Dest,
    o: &Opts,
    mut posted: u32,
    step: &mut Step<'_>,
) -> PeerResult<u32> {
    let credit_cnt = (o.rx_depth / 3).max(1);
    let mut rcnt = 0u32;
    let mut credits = 0u32;
    while rcnt < o.iters {
        let what = format!("message {} of {}", rcnt + 1, o.iters);
        let wc = ep.wait_wc(c, &what, step, |w| w.opcode == WcOpcode::Recv)?;
        if wc.byte_len != o.size {
            return Err(format!("{what}: {} bytes, not {}", wc.byte_len, o.size));
        }
        rcnt += 1;
        if posted < o.iters {
            c.qp.post_recv(&[RecvWr {
                wr_id: wc.wr_id,
                sg_list: rsge,
            }])
            .map_err(|e| format!("post_recv: {e}"))?;
            posted += 1;
        }
        if (rcnt % o.rx_depth).is_multiple_of(credit_cnt) {
            // one word per update, untouched until its Write is done
            credit.write(0, &rcnt.to_le_bytes())?;
            let sge = credit.sge(0, 4)?;
            c.qp.post_send(&[SendWr {
                wr_id: CREDIT_WR,
                opcode: WrOpcode::RdmaWrite,
                sg_list: &sge,
                remote_addr: peer.vaddr,
                rkey: peer.rkey,
                ..SendWr::default()
            }])
            .map_err(|e| format!("post credit: {e}"))?;
            ep.wait_wc(c, &format!("{what}: credit Write"), step, |w| {
                w.wr_id == CREDIT_WR
            })?;
            credits += 1;
        }
    }
    Ok(credits)
}

/// The result line perftest prints for `size` and `iters`
/// (`#bytes #iterations BW peak BW average MsgRate`), from a console.
pub fn result_line(console: &str, size: u32, iters: u32) -> Option<(String, [f64; 3])> {
    console.lines().find_map(|l| {
        let f: Vec<&str> = l.split_whitespace().collect();
        if f.len() < 5 || f[0] != size.to_string() || f[1] != iters.to_string() {
            return None;
        }
        let v: Vec<f64> = f[2..5].iter().filter_map(|x| x.parse().ok()).collect();
        (v.len() == 3).then(|| (l.to_string(), [v[0], v[1], v[2]]))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A handshake siw's ib_write_bw client sent (frame 58 of a capture
    /// between two siw guests).
    #[test]
    fn dest_matches_a_captured_handshake() {
        let hex = "00000000000000010000000200f0fa804b773400b07f0000000055e972a88000\
                   52540092eb5f000000000000000000000000000000000000";
        let b: Vec<u8> = (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex"))
            .collect();
        assert_eq!(b.len(), DEST_LEN);
        let d = Dest::parse(&b).expect("parses");
        assert_eq!(
            (d.lid, d.out_reads, d.qpn, d.psn, d.rkey, d.vaddr),
            (0, 1, 2, 0x00f0_fa80, 0x4b77_3400, 0x0000_55e9_72a8_8000)
        );
        assert_eq!(&d.gid[..6], &[0x52, 0x54, 0x00, 0x92, 0xeb, 0x5f]);
        let mut again = d.to_bytes();
        again[20..24].copy_from_slice(&b[20..24]);
        assert_eq!(again.to_vec(), b, "the padding aside, the same bytes");
    }

    #[test]
    fn defaults_and_result_lines() {
        let o = Opts::new(Verb::Send, 4096, 101);
        assert_eq!((o.tx_depth, o.rx_depth), (101, 102));
        let o = Opts::new(Verb::Write, 65536, 1000);
        assert_eq!((o.tx_depth, o.rx_depth), (128, 512));
        let con = " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n 4096       100              0.05               0.04   \t\t   0.001234\n";
        let (_, v) = result_line(con, 4096, 100).expect("the line");
        assert_eq!(v, [0.05, 0.04, 0.001234]);
        assert!(result_line(con, 4096, 99).is_none());
    }
}
