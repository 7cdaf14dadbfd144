//! rping (rdma-core's `librdmacm/examples/rping.c`) on warpnic: a client
//! and a server that speak its protocol over a [`Cm`](warpnic::Cm)
//! connection whose QP the connection manager binds.
//!
//! The exchange, per ping (the client's buffer description is 16 bytes:
//! address as big-endian u64, rkey and length as big-endian u32):
//!
//! 1. the client fills its source buffer with `rdma-ping-<n>: ` and a
//!    run of letters (`A`..`z`, starting one later each ping), the last
//!    byte NUL, and SENDs the source's description;
//! 2. the server RDMA READs that many bytes from it, then SENDs a
//!    go-ahead (16 bytes);
//! 3. the client SENDs the description of its sink buffer;
//! 4. the server RDMA WRITEs the ping data back into the sink
//!    (`strlen + 1` bytes), then SENDs a go-ahead;
//! 5. the client checks the sink against the source.
//!
//! The client disconnects after its last ping; the server serves pings
//! until the client disconnects. Both connect with IRD = ORD = 1, as
//! rping's `rdma_conn_param`.

use std::net::Ipv4Addr;
use std::time::Duration;

use warpnic::mpa::{AcceptParams, ConnectParams, MpaConfig};
use warpnic::verbs::{AccessFlags, SendWr, WcOpcode, WorkCompletion, WrOpcode};
use warpnic::{QpCaps, RecvWr};

use crate::cm_peer::{Buf, Conn, Endpoint, PeerResult, Step};

/// Bytes of rping's buffer description.
pub const INFO_LEN: usize = 16;

/// The ping data rping's client puts into its source buffer for ping
/// `ping` of `size` bytes.
pub fn ping_data(ping: u32, size: usize) -> Vec<u8> {
    let mut b = format!("rdma-ping-{ping}: ").into_bytes();
    b.truncate(size.saturating_sub(1));
    let mut c = 65 + (ping % 58) as u8;
    while b.len() < size {
        b.push(c);
        c += 1;
        if c > 122 {
            c = 65;
        }
    }
    if let Some(last) = b.last_mut() {
        *last = 0;
    }
    b
}

/// The 16-byte description of `len` bytes at `addr` with `rkey`.
pub fn info(addr: u64, rkey: u32, len: u32) -> [u8; INFO_LEN] {
    let mut b = [0u8; INFO_LEN];
    b[..8].copy_from_slice(&addr.to_be_bytes());
    b[8..12].copy_from_slice(&rkey.to_be_bytes());
    b[12..].copy_from_slice(&len.to_be_bytes());
    b
}

/// The (address, rkey, length) of a description.
pub fn parse_info(b: &[u8]) -> PeerResult<(u64, u32, u32)> {
    if b.len() != INFO_LEN {
        return Err(format!("a buffer description of {} bytes", b.len()));
    }
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[..8]);
    let mut k = [0u8; 4];
    k.copy_from_slice(&b[8..12]);
    let mut l = [0u8; 4];
    l.copy_from_slice(&b[12..]);
    Ok((
        u64::from_be_bytes(a),
        u32::from_be_bytes(k),
        u32::from_be_bytes(l),
    ))
}

/// Receive work request ids: two buffers of [`INFO_LEN`] bytes.
const RECV_IDS: [u64; 2] = [0x100, 0x101];
const SEND_ID: u64 = 0x200;
const RDMA_ID: u64 = 0x300;

fn caps() -> QpCaps {
    QpCaps {
        max_recv_wr: 4,
        max_send_wr: 16,
    }
}

/// The control buffers of one end: two receive buffers, one send buffer.
struct Ctl {
    recv: Buf,
    send: Buf,
}

impl Ctl {
    fn new(ep: &Endpoint<'_>) -> PeerResult<Ctl> {
        Ok(Ctl {
            recv: ep.buf(2 * INFO_LEN, AccessFlags::LOCAL_WRITE)?,
            send: ep.buf(INFO_LEN, AccessFlags::empty())?,
        })
    }

    fn recv_sge(&self, wr_id: u64) -> PeerResult<[warpnic::Sge; 1]> {
        let slot = RECV_IDS
            .iter()
            .position(|&i| i == wr_id)
            .ok_or_else(|| format!("unknown receive {wr_id:#x}"))?;
        self.recv.sge((slot * INFO_LEN) as u64, INFO_LEN as u32)
    }

    fn repost(&self, c: &Conn, wr_id: u64) -> PeerResult<()> {
        let sge = self.recv_sge(wr_id)?;
        c.qp.post_recv(&[RecvWr {
            wr_id,
            sg_list: &sge,
        }])
        .map_err(|e| format!("post_recv: {e}"))
    }

    /// A received description (the completion's buffer), reposting it.
    fn take(&self, c: &Conn, wc: &WorkCompletion) -> PeerResult<Vec<u8>> {
        let slot = RECV_IDS
            .iter()
            .position(|&i| i == wc.wr_id)
            .ok_or_else(|| format!("unknown receive {:#x}", wc.wr_id))?;
        let b = self
            .recv
            .read(slot * INFO_LEN, (wc.byte_len as usize).min(INFO_LEN))?;
        if wc.byte_len as usize != INFO_LEN {
            return Err(format!(
                "received {} bytes, rping's messages are {INFO_LEN}",
                wc.byte_len
            ));
        }
        self.repost(c, wc.wr_id)?;
        Ok(b)
    }

    /// SENDs `msg` (16 bytes) and waits for its completion (the buffer is
    /// read again on a retransmission, so it stays untouched till then).
    fn send(
        &self,
        ep: &mut Endpoint<'_>,
        c: &mut Conn,
        msg: &[u8; INFO_LEN],
        what: &str,
        step: &mut Step<'_>,
    ) -> PeerResult<()> {
        self.send.write(0, msg)?;
        let sge = self.send.sge(0, INFO_LEN as u32)?;
        c.qp.post_send(&[SendWr {
            wr_id: SEND_ID,
            opcode: WrOpcode::Send,
            sg_list: &sge,
            ..SendWr::default()
        }])
        .map_err(|e| format!("post_send ({what}): {e}"))?;
        ep.wait_wc(c, what, step, |w| w.wr_id == SEND_ID)?;
        Ok(())
    }
}

fn is_recv(w: &WorkCompletion) -> bool {
    w.opcode == WcOpcode::Recv
}

/// What a client saw.
#[derive(Debug, Default)]
pub struct ClientReport {
    /// Pings whose echo matched.
    pub pings: u32,
}

/// rping's client (`rping -c -C count -S size`) against the server at
/// `ip:port`: connects (retrying a refused open), runs `count` pings of
/// `size` bytes checking each echo, disconnects.
pub fn client(
    ep: &mut Endpoint<'_>,
    ip: Ipv4Addr,
    port: u16,
    cfg: MpaConfig,
    count: u32,
    size: usize,
    step: &mut Step<'_>,
) -> PeerResult<ClientReport> {
    client_with_pause(ep, ip, port, cfg, count, size, Duration::ZERO, step)
}

/// As [`client`], waiting `pause` of wall time after ESTABLISHED before
/// the first SEND (stock Linux siw as the server may miss an FPDU that
/// follows its MPA reply at once).
#[allow(clippy::too_many_arguments)]
pub fn client_with_pause(
    ep: &mut Endpoint<'_>,
    ip: Ipv4Addr,
    port: u16,
    cfg: MpaConfig,
    count: u32,
    size: usize,
    pause: Duration,
    step: &mut Step<'_>,
) -> PeerResult<ClientReport> {
    let ctl = Ctl::new(ep)?;
    let all = AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_READ | AccessFlags::REMOTE_WRITE;
    let start = ep.buf(size, all)?;
    let sink = ep.buf(size, all)?;
    let r0 = ctl.recv_sge(RECV_IDS[0])?;
    let r1 = ctl.recv_sge(RECV_IDS[1])?;
    let recv = [
        RecvWr {
            wr_id: RECV_IDS[0],
            sg_list: &r0,
        },
        RecvWr {
            wr_id: RECV_IDS[1],
            sg_list: &r1,
        },
    ];
    let p = ConnectParams {
        private_data: &[],
        ird: 1,
        ord: 1,
        p2p: false,
    };
    let mut c = ep.connect(
        ip,
        port,
        cfg,
        p,
        caps(),
        &recv,
        10,
        Duration::from_millis(200),
        step,
    )?;
    ep.sleep(pause, step)?;
    let mut report = ClientReport::default();
    for ping in 0..count {
        let data = ping_data(ping, size);
        start.write(0, &data)?;
        sink.write(0, &vec![0u8; size])?;
        let what = format!("ping {ping}");
        let src = info(start.addr(0), start.rkey(), size as u32);
        ctl.send(ep, &mut c, &src, &format!("{what}: source SEND"), step)?;
        let wc = ep.wait_wc(
            &mut c,
            &format!("{what}: go-ahead after the READ"),
            step,
            is_recv,
        )?;
        ctl.take(&c, &wc)?;
        let dst = info(sink.addr(0), sink.rkey(), size as u32);
        ctl.send(ep, &mut c, &dst, &format!("{what}: sink SEND"), step)?;
        let wc = ep.wait_wc(
            &mut c,
            &format!("{what}: go-ahead after the WRITE"),
            step,
            is_recv,
        )?;
        ctl.take(&c, &wc)?;
        let echo = sink.read(0, size)?;
        if echo != data {
            let at = echo.iter().zip(&data).position(|(a, b)| a != b);
            return Err(format!(
                "{what}: the echo differs from the ping data at byte {at:?}: {:?}",
                String::from_utf8_lossy(&echo[..size.min(80)])
            ));
        }
        report.pings += 1;
    }
    ep.disconnect(&mut c, step)?;
    Ok(report)
}

/// What a server saw.
#[derive(Debug, Default)]
pub struct ServerReport {
    /// The ping data read from the client, each up to its NUL.
    pub pings: Vec<String>,
}

/// rping's server (`rping -s`) for one connection on a port the
/// endpoint listens on: accepts it, serves pings until the client
/// disconnects, checking that each ping's data is rping's (`size`
/// bytes: the client's `-S`).
pub fn server(ep: &mut Endpoint<'_>, size: usize, step: &mut Step<'_>) -> PeerResult<ServerReport> {
    let ctl = Ctl::new(ep)?;
    let buf = ep.buf(
        size.max(64),
        AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE,
    )?;
    let id = ep.wait_request(step)?.id;
    let r0 = ctl.recv_sge(RECV_IDS[0])?;
    let r1 = ctl.recv_sge(RECV_IDS[1])?;
    let recv = [
        RecvWr {
            wr_id: RECV_IDS[0],
            sg_list: &r0,
        },
        RecvWr {
            wr_id: RECV_IDS[1],
            sg_list: &r1,
        },
    ];
    let p = AcceptParams {
        private_data: &[],
        ird: 1,
        ord: 1,
    };
    let mut c = ep.accept(id, p, caps(), &recv, step)?;
    let mut report = ServerReport::default();
    let go_ahead = [0u8; INFO_LEN];
    loop {
        let ping = report.pings.len() as u32;
        let what = format!("ping {ping}");
        // the client's source description, or its disconnect
        let Some(wc) = wait_recv_or_end(ep, &mut c, &format!("{what}: source"), step)? else {
            break;
        };
        let (addr, rkey, len) = parse_info(&ctl.take(&c, &wc)?)?;
        if len as usize != size {
            return Err(format!(
                "{what}: the client's buffer is {len} bytes, not {size}"
            ));
        }
        buf.write(0, &vec![0u8; size])?;
        let sge = buf.sge(0, len)?;
        c.qp.post_send(&[SendWr {
            wr_id: RDMA_ID,
            opcode: WrOpcode::RdmaRead,
            sg_list: &sge,
            remote_addr: addr,
            rkey,
            ..SendWr::default()
        }])
        .map_err(|e| format!("post READ: {e}"))?;
        ep.wait_wc(&mut c, &format!("{what}: READ"), step, |w| {
            w.wr_id == RDMA_ID
        })?;
        let data = buf.read(0, size)?;
        if data != ping_data(ping, size) {
            return Err(format!(
                "{what}: read {:?}, not rping's ping data",
                String::from_utf8_lossy(&data[..size.min(80)])
            ));
        }
        let text_len = data.iter().position(|&b| b == 0).unwrap_or(size);
        report
            .pings
            .push(String::from_utf8_lossy(&data[..text_len]).into_owned());
        ctl.send(
            ep,
            &mut c,
            &go_ahead,
            &format!("{what}: go-ahead after the READ"),
            step,
        )?;
        let wc = ep.wait_wc(&mut c, &format!("{what}: sink"), step, is_recv)?;
        let (addr, rkey, len) = parse_info(&ctl.take(&c, &wc)?)?;
        let n = (text_len + 1).min(size) as u32;
        if len < n {
            return Err(format!("{what}: the sink has {len} bytes, the echo {n}"));
        }
        let sge = buf.sge(0, n)?;
        c.qp.post_send(&[SendWr {
            wr_id: RDMA_ID,
            opcode: WrOpcode::RdmaWrite,
            sg_list: &sge,
            remote_addr: addr,
            rkey,
            ..SendWr::default()
        }])
        .map_err(|e| format!("post WRITE: {e}"))?;
        ep.wait_wc(&mut c, &format!("{what}: WRITE"), step, |w| {
            w.wr_id == RDMA_ID
        })?;
        ctl.send(
            ep,
            &mut c,
            &go_ahead,
            &format!("{what}: go-ahead after the WRITE"),
            step,
        )?;
    }
    ep.disconnect(&mut c, step)?;
    Ok(report)
}

/// A receive completion, or `None` when the peer disconnected first.
fn wait_recv_or_end(
    ep: &mut Endpoint<'_>,
    c: &mut Conn,
    what: &str,
    step: &mut Step<'_>,
) -> PeerResult<Option<WorkCompletion>> {
    match ep.wait_wc(c, what, step, is_recv) {
        Ok(w) => Ok(Some(w)),
        Err(e) => match ep.trouble(c.id)? {
            Some(warpnic::CmEvent::Disconnected { .. }) => Ok(None),
            _ => Err(e),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ping_data_is_rpings() {
        let d = ping_data(0, 64);
        assert_eq!(d.len(), 64);
        assert!(d.starts_with(b"rdma-ping-0: ABCDEFG"));
        assert_eq!(d[63], 0);
        let d = ping_data(1, 100);
        assert!(d.starts_with(b"rdma-ping-1: BCD"));
        // the letters wrap from 'z' to 'A'
        let d = ping_data(57, 40);
        assert!(
            d.starts_with(b"rdma-ping-57: zABC"),
            "{:?}",
            String::from_utf8_lossy(&d)
        );
        assert_eq!(ping_data(58, 20)[14], b'A');
        let i = info(0x1122_3344_5566_7788, 0xaabb_ccdd, 64);
        assert_eq!(parse_info(&i), Ok((0x1122_3344_5566_7788, 0xaabb_ccdd, 64)));
        assert_eq!(&i[..2], &[0x11, 0x22]);
    }
}
