//! TCP connections through the firmware's connection control plane.
//!
//! The firmware opens, accepts and closes TCP connections on the core's
//! TCP engine (the CPL messages of docs/cpl.md); the host drives it with
//! the mailbox's TCP commands, whose word layouts are in the firmware
//! crate's documentation and docs/abi.md. This module builds and reads
//! those words with the generated command blocks (pure functions,
//! unit-tested here) and wraps each command in a [`Nic`] method:
//!
//! - [`Nic::tcp_config`]: the engine's retransmission and TIME_WAIT timing;
//! - [`Nic::tcp_listen`] / [`Nic::tcp_unlisten`]: listeners;
//! - [`Nic::tcp_connect`], [`Nic::tcp_close`], [`Nic::tcp_abort`]:
//!   endpoints (one connection each);
//! - [`Nic::tcp_poll_event`] / [`Nic::tcp_wait_event`]: what happened to
//!   them ([`TcpEventInfo`]); an endpoint id is free for reuse once its
//!   final event (closed, reset, aborted, refused, timed out, unreachable)
//!   has been taken;
//! - [`Nic::tcp_tcb`]: one TCB field of a connection.
//!
//! The bytes of a connection travel through its stream ([`crate::stream`])
//! or, once a queue pair is bound to it, as FPDUs ([`crate::verbs`]).

use std::net::{Ipv4Addr, SocketAddrV4};
use std::time::Duration;

use warpnic_abi::gen::{
    self, CplStatus, FwOpcode, FwTcpConfigArgs, FwTcpConnectArgs, FwTcpConnectRsp, FwTcpEndpoint,
    FwTcpEventRsp, FwTcpListenArgs, FwTcpListenRsp, FwTcpListener, FwTcpResult, FwTcpTcbArgs,
    FwTcpTcbRsp, FwTcpTiming, FwTcpUnlistenRsp, TcbField, TcpEvent,
};
use warpnic_proto::tcp as tcp_args;
pub use warpnic_proto::tcp::{wscale_for, MAX_RCV_WND};
use warpnic_proto::tcp::{ConnectArgError, ListenArgError};

use crate::error::{ArgError, Error, Result};
use crate::nic::Nic;

/// How long a TCP command may take: the firmware answers a command that
/// waits for the engine within 100 ms of device time.
const TCP_CMD_TIMEOUT: Duration = Duration::from_millis(500);

/// The TCP engine's timing, written to its `FW_REG_TCP_*` registers. New
/// connections take these values; [`Nic::tcp_tcb`] changes one
/// connection's copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TcpConfig {
    /// Initial retransmission timeout of SYN and SYN-ACK (RFC 6298 §2.1).
    pub rto_init: Duration,
    /// Lower bound of the retransmission timeout.
    pub rto_min: Duration,
    /// Upper bound of the retransmission timeout.
    pub rto_max: Duration,
    /// SYN and SYN-ACK retransmissions before an open fails (1..=255).
    pub syn_retries: u8,
    /// Retransmissions of one segment before the connection times out
    /// (1..=255).
    pub data_retries: u8,
    /// TIME_WAIT duration (2 MSL).
    pub time_wait: Duration,
    /// The RFC 6528 secret of the initial sequence numbers, bits 63:0
    /// then bits 127:64; `None` keeps the firmware's. Pass 128 random
    /// bits.
    pub isn_secret: Option<[u64; 2]>,
}

impl Default for TcpConfig {
    /// The engine's reset values: 1 s, 200 ms, 60 s, 6 SYN and 15 data
    /// retransmissions, 60 s TIME_WAIT.
    fn default() -> Self {
        Self {
            rto_init: Duration::from_secs(1),
            rto_min: Duration::from_millis(200),
            rto_max: Duration::from_secs(60),
            syn_retries: 6,
            data_retries: 15,
            time_wait: Duration::from_secs(60),
            isn_secret: None,
        }
    }
}

/// A listener, as [`Nic::tcp_listen`] returns it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ListenerId(pub u16);

/// An endpoint: one connection, from [`Nic::tcp_connect`] or an
/// [`TcpEventInfo::Accepted`] event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EndpointId(pub u16);

/// Options of an active open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ConnectOpts {
    /// Local port; 0 lets the firmware choose an ephemeral one.
    pub local_port: u16,
    /// `cpl_tcp_opt` bits: options to offer (WSCALE, ...) and behaviours
    /// (NODELAY, KEEPALIVE).
    pub tcp_opt: u8,
    /// Window scale shift to offer with WSCALE (0..=14).
    pub rcv_wscale: u8,
    /// Receive window in bytes (RCV.WND); 0 for the firmware's default
    /// (65535). It sets the window scale's reach and the window of an RDMA
    /// connection; a streaming connection advertises its stream's free
    /// receive buffer space, and no window in its SYN or SYN-ACK when its
    /// stream is not attached yet (the engine could not take the bytes;
    /// attaching it sends the window update).
    pub rcv_wnd: u32,
}

/// What the handshake settled, reported with an open event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Connection {
    /// The engine's connection id.
    pub tid: u32,
    /// Our address and port.
    pub local: SocketAddrV4,
    /// The peer's address and port.
    pub peer: SocketAddrV4,
    /// Our initial sequence number.
    pub snd_isn: u32,
    /// The peer's initial sequence number.
    pub rcv_isn: u32,
    /// Effective MSS in bytes.
    pub mss: u16,
    /// Negotiated `cpl_tcp_opt` bits.
    pub tcp_opt: u8,
    /// The peer's window scale shift.
    pub snd_wscale: u8,
    /// Our window scale shift.
    pub rcv_wscale: u8,
}

/// A connection event ([`Nic::tcp_poll_event`]). `cause` is the
/// `cpl_status` the engine (or firmware) gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TcpEventInfo {
    /// An active open completed.
    Established {
        /// The endpoint of [`Nic::tcp_connect`].
        ep: EndpointId,
        /// The connection.
        conn: Connection,
    },
    /// A listener accepted a connection: a new endpoint.
    Accepted {
        /// The new endpoint.
        ep: EndpointId,
        /// The listener.
        listener: ListenerId,
        /// The connection.
        conn: Connection,
    },
    /// The peer refused the open (RST), or the engine did (e.g.
    /// ADDR_IN_USE); the endpoint is free.
    Refused {
        /// The endpoint.
        ep: EndpointId,
        /// Why.
        cause: CplStatus,
    },
    /// The SYN retransmissions, or later the data retransmissions or
    /// keepalives, ran out; the endpoint is free.
    TimedOut {
        /// The endpoint.
        ep: EndpointId,
        /// TIMEOUT or KEEPALIVE_TIMEOUT.
        cause: CplStatus,
    },
    /// The next hop did not answer ARP; the endpoint is free.
    Unreachable {
        /// The endpoint.
        ep: EndpointId,
    },
    /// The peer sent FIN after all its data; we may still close.
    PeerClosed {
        /// The endpoint.
        ep: EndpointId,
    },
    /// Our close completed; the endpoint is free.
    Closed {
        /// The endpoint.
        ep: EndpointId,
    },
    /// The peer reset the connection; the endpoint is free.
    Reset {
        /// The endpoint.
        ep: EndpointId,
        /// CONN_RESET, or the engine's reason.
        cause: CplStatus,
    },
    /// Our abort completed; the endpoint is free.
    Aborted {
        /// The endpoint.
        ep: EndpointId,
    },
}

impl TcpEventInfo {
    /// The endpoint the event is about.
    pub fn endpoint(&self) -> EndpointId {
        match *self {
            Self::Established { ep, .. }
            | Self::Accepted { ep, .. }
            | Self::Refused { ep, .. }
            | Self::TimedOut { ep, .. }
            | Self::Unreachable { ep }
            | Self::PeerClosed { ep }
            | Self::Closed { ep }
            | Self::Reset { ep, .. }
            | Self::Aborted { ep } => ep,
        }
    }

    /// `true` for an endpoint's final event, after which its id is free.
    pub fn is_final(&self) -> bool {
        !matches!(
            self,
            Self::Established { .. } | Self::Accepted { .. } | Self::PeerClosed { .. }
        )
    }
}

// ----- word encoding (pure) -------------------------------------------

fn micros(d: Duration, arg: &'static str) -> Result<u32> {
    match u32::try_from(d.as_micros()) {
        Ok(v) if v > 0 => Ok(v),
        _ => Err(Error::arg(
            arg,
            ArgError::DurationOutOfRange {
                got: d,
                min: Duration::from_micros(1),
                max: Duration::from_micros(u64::from(u32::MAX)),
            },
        )),
    }
}

/// TCP_CONFIG request words.
///
/// # Errors
///
/// [`Error::InvalidArgument`] naming the field: a time that is zero or
/// does not fit 32 bits of µs, `rto_min` above `rto_max`, `rto_init`
/// outside them, or a zero retry count.
pub fn encode_config(c: &TcpConfig) -> Result<Vec<u32>> {
    let init = micros(c.rto_init, "rto_init")?;
    let min = micros(c.rto_min, "rto_min")?;
    let max = micros(c.rto_max, "rto_max")?;
    let tw = micros(c.time_wait, "time_wait")?;
    if min > max {
        return Err(Error::arg("rto_min", ArgError::Above { other: "rto_max" }));
    }
    if !(min..=max).contains(&init) {
        return Err(Error::arg(
            "rto_init",
            ArgError::DurationOutOfRange {
                got: c.rto_init,
                min: c.rto_min,
                max: c.rto_max,
            },
        ));
    }
    if c.syn_retries == 0 {
        return Err(Error::arg("syn_retries", ArgError::Zero));
    }
    if c.data_retries == 0 {
        return Err(Error::arg("data_retries", ArgError::Zero));
    }
    let [isn_key_lo, isn_key_hi] = c.isn_secret.unwrap_or_default();
    let w = FwTcpConfigArgs {
        rto_init: init,
        rto_min: min,
        rto_max: max,
        syn_retries: c.syn_retries,
        data_retries: c.data_retries,
        time_wait: tw,
        isn_key_lo,
        isn_key_hi,
    }
    .to_words()
    .map_err(Error::block_arg)?;
    // without the secret, the timing words alone
    let len = match c.isn_secret {
        Some(_) => FwTcpConfigArgs::WORDS,
        None => FwTcpConfigArgs::MIN_WORDS,
    };
    Ok(w[..len].to_vec())
}

/// Decodes a TCP_CONFIG read answer (the secret is not read back).
///
/// # Errors
///
/// [`Error::FwProtocol`] for an answer that is not an `fw_tcp_timing`
/// block.
pub fn decode_config(w: &[u32]) -> Result<TcpConfig> {
    let t = FwTcpTiming::from_prefix(w).map_err(Error::answer)?;
    let us = |v: u32| Duration::from_micros(u64::from(v));
    Ok(TcpConfig {
        rto_init: us(t.rto_init),
        rto_min: us(t.rto_min),
        rto_max: us(t.rto_max),
        syn_retries: t.syn_retries,
        data_retries: t.data_retries,
        time_wait: us(t.time_wait),
        isn_secret: None,
    })
}

/// TCP_LISTEN request words.
///
/// # Errors
///
/// [`Error::InvalidArgument`] with [`ArgError::Listen`] for port 0,
/// backlog 0 or a window above [`MAX_RCV_WND`].
pub fn encode_listen(port: u16, backlog: u16, rcv_wnd: u32) -> Result<Vec<u32>> {
    if let Err(why) = tcp_args::check_listen(port, backlog, rcv_wnd) {
        let arg = match why {
            ListenArgError::Port => "port",
            ListenArgError::Backlog => "backlog",
            ListenArgError::Window => "rcv_wnd",
        };
        return Err(Error::arg(arg, ArgError::Listen(why)));
    }
    let w = FwTcpListenArgs {
        port,
        backlog,
        rcv_wnd,
    }
    .to_words()
    .map_err(Error::block_arg)?;
    Ok(w.to_vec())
}

/// TCP_CONNECT request words.
///
/// # Errors
///
/// [`Error::InvalidArgument`] with [`ArgError::Connect`] for peer port 0,
/// a peer address that cannot be a host's (unspecified, broadcast,
/// multicast, loopback, reserved), unknown option bits, a shift above 14
/// or without WSCALE, or a window that does not fit its shift.
pub fn encode_connect(peer: Ipv4Addr, port: u16, o: &ConnectOpts) -> Result<Vec<u32>> {
    if let Err(why) = tcp_args::check_connect(peer, port, o.tcp_opt, o.rcv_wscale, o.rcv_wnd) {
        let arg = match why {
            ConnectArgError::PeerPort => "port",
            ConnectArgError::PeerAddr => "peer",
            ConnectArgError::Options => "tcp_opt",
            ConnectArgError::Shift => "rcv_wscale",
            ConnectArgError::Window => "rcv_wnd",
        };
        return Err(Error::arg(arg, ArgError::Connect(why)));
    }
    let w = FwTcpConnectArgs {
        peer_ip: u32::from(peer),
        peer_port: port,
        local_port: o.local_port,
        tcp_opt: o.tcp_opt,
        rcv_wscale: o.rcv_wscale,
        rcv_wnd: o.rcv_wnd,
    }
    .to_words()
    .map_err(Error::block_arg)?;
    Ok(w.to_vec())
}

/// TCP_TCB request words.
///
/// # Errors
///
/// [`Error::InvalidArgument`] for a value its field cannot carry (none
/// of this block's: every field is as wide as its type).
pub fn encode_tcb(ep: EndpointId, field: TcbField, value: u64, mask: u64) -> Result<Vec<u32>> {
    let w = FwTcpTcbArgs {
        ep: ep.0,
        field,
        value,
        mask,
    }
    .to_words()
    .map_err(Error::block_arg)?;
    Ok(w.to_vec())
}

/// The words after the result word of a TCP answer, when the result is
/// SUCCESS.
///
/// # Errors
///
/// [`Error::Tcp`] with the result, or [`Error::FwProtocol`] for an empty
/// answer or a result word that is not an `fw_tcp_result` block.
pub fn check_result(w: &[u32]) -> Result<&[u32]> {
    let (first, rest) = w
        .split_first_chunk::<{ FwTcpResult::WORDS }>()
        .ok_or(Error::FwProtocol("TCP answer without a result word".into()))?;
    match FwTcpResult::from_words(first)
        .map_err(Error::answer)?
        .result
    {
        CplStatus::Success => Ok(rest),
        s => Err(Error::Tcp(s)),
    }
}

/// A TCP answer's result block, decoded by `decode` when the result is
/// SUCCESS: a successful answer carries all of the block's words.
///
/// # Errors
///
/// As [`check_result`], or [`Error::FwProtocol`] (`short`) for a
/// successful answer of another length, or words that do not decode.
fn success<const N: usize, T>(
    w: &[u32],
    decode: fn(&[u32; N]) -> Result<T, gen::ArgError>,
    short: &'static str,
) -> Result<T> {
    check_result(w)?;
    let all = w.try_into().map_err(|_| Error::FwProtocol(short.into()))?;
    decode(all).map_err(Error::answer)
}

/// The connection of an open event (ESTABLISHED, ACCEPTED).
fn connection(e: &FwTcpEventRsp) -> Connection {
    Connection {
        tid: e.tid,
        local: SocketAddrV4::new(Ipv4Addr::from(e.local_ip), e.local_port),
        peer: SocketAddrV4::new(Ipv4Addr::from(e.peer_ip), e.peer_port),
        snd_isn: e.snd_isn,
        rcv_isn: e.rcv_isn,
        mss: e.mss,
        tcp_opt: e.tcp_opt,
        snd_wscale: e.snd_wscale,
        rcv_wscale: e.rcv_wscale,
    }
}

/// Decodes a TCP_EVENT answer; `None` when no event was waiting.
///
/// # Errors
///
/// [`Error::FwProtocol`] for words that are not an `fw_tcp_event_rsp`
/// block (an unknown kind or cause among them), or an open event without
/// its eight detail words.
pub fn decode_event(w: &[u32]) -> Result<Option<TcpEventInfo>> {
    let e = FwTcpEventRsp::from_prefix(w).map_err(Error::answer)?;
    let ep = EndpointId(e.ep);
    let cause = e.cause;
    let details = || -> Result<Connection> {
        if w.len() == FwTcpEventRsp::WORDS {
            Ok(connection(&e))
        } else {
            Err(Error::FwProtocol(
                "TCP open event without its details".into(),
            ))
        }
    };
    Ok(Some(match e.kind {
        TcpEvent::None => return Ok(None),
        TcpEvent::Established => TcpEventInfo::Established {
            ep,
            conn: details()?,
        },
        TcpEvent::Accepted => TcpEventInfo::Accepted {
            ep,
            conn: details()?,
            // listener ids are 16 bits; the word's upper half is zero
            listener: ListenerId(e.listener as u16),
        },
        TcpEvent::Refused => TcpEventInfo::Refused { ep, cause },
        TcpEvent::TimedOut => TcpEventInfo::TimedOut { ep, cause },
        TcpEvent::Unreachable => TcpEventInfo::Unreachable { ep },
        TcpEvent::PeerClosed => TcpEventInfo::PeerClosed { ep },
        TcpEvent::Closed => TcpEventInfo::Closed { ep },
        TcpEvent::Reset => TcpEventInfo::Reset { ep, cause },
        TcpEvent::Aborted => TcpEventInfo::Aborted { ep },
    }))
}

// ----- the commands ---------------------------------------------------------

impl Nic {
    fn tcp_cmd(&self, op: FwOpcode, args: &[u32]) -> Result<Vec<u32>> {
        self.fw_command(op, args, TCP_CMD_TIMEOUT)
    }

    /// Writes the TCP engine's timing (and, if given, the ISN secret).
    ///
    /// # Errors
    ///
    /// As [`encode_config`], or as [`Nic::fw_command`].
    pub fn tcp_config(&self, config: &TcpConfig) -> Result<()> {
        self.tcp_cmd(FwOpcode::TcpConfig, &encode_config(config)?)?;
        Ok(())
    }

    /// Reads the TCP engine's timing (`isn_secret` is `None`).
    ///
    /// # Errors
    ///
    /// As [`decode_config`], or as [`Nic::fw_command`].
    pub fn tcp_timing(&self) -> Result<TcpConfig> {
        decode_config(&self.tcp_cmd(FwOpcode::TcpConfig, &[])?)
    }

    /// Starts a listener on `port` that holds at most `backlog` connections
    /// not yet taken with [`Nic::tcp_poll_event`] (SYNs beyond are dropped
    /// silently, and the peer retries), with the default receive window.
    ///
    /// # Errors
    ///
    /// [`Error::Tcp`] with ADDR_IN_USE or NO_RESOURCES (no listener slot),
    /// as [`encode_listen`], or as [`Nic::fw_command`].
    pub fn tcp_listen(&self, port: u16, backlog: u16) -> Result<ListenerId> {
        self.tcp_listen_with(port, backlog, 0)
    }

    /// As [`Nic::tcp_listen`], with RCV.WND `rcv_wnd` bytes (0: the
    /// default) and the smallest window scale that advertises it; the
    /// window advertised is as for [`ConnectOpts::rcv_wnd`].
    ///
    /// # Errors
    ///
    /// As [`Nic::tcp_listen`].
    pub fn tcp_listen_with(&self, port: u16, backlog: u16, rcv_wnd: u32) -> Result<ListenerId> {
        let w = self.tcp_cmd(FwOpcode::TcpListen, &encode_listen(port, backlog, rcv_wnd)?)?;
        let r = success(
            &w,
            FwTcpListenRsp::from_words,
            "TCP_LISTEN answer without a listener",
        )?;
        Ok(ListenerId(r.listener))
    }

    /// TCP_UNLISTEN: the number of embryonic connections reset with it
    /// ([`Nic::tcp_unlisten`] routes the events first).
    pub(crate) fn tcp_unlisten_cmd(&self, listener: ListenerId) -> Result<u32> {
        let args = FwTcpListener {
            listener: listener.0,
        }
        .to_words()
        .map_err(Error::block_arg)?;
        let w = self.tcp_cmd(FwOpcode::TcpUnlisten, &args)?;
        let r = success(
            &w,
            FwTcpUnlistenRsp::from_words,
            "TCP_UNLISTEN answer too short",
        )?;
        Ok(r.dropped)
    }

    /// Opens a connection to `peer`:`port`. The outcome comes as an event:
    /// [`TcpEventInfo::Established`], `Refused`, `TimedOut` or
    /// `Unreachable`.
    ///
    /// # Errors
    ///
    /// [`Error::Tcp`] with BAD_STATE (the port has no IPv4 address yet),
    /// ADDR_IN_USE or NO_RESOURCES, as [`encode_connect`], or as
    /// [`Nic::fw_command`].
    pub fn tcp_connect(&self, peer: Ipv4Addr, port: u16, opts: &ConnectOpts) -> Result<EndpointId> {
        let w = self.tcp_cmd(FwOpcode::TcpConnect, &encode_connect(peer, port, opts)?)?;
        let r = success(
            &w,
            FwTcpConnectRsp::from_words,
            "TCP_CONNECT answer without an endpoint",
        )?;
        Ok(EndpointId(r.ep))
    }

    /// Closes a connection gracefully (FIN after the queued data); an open
    /// still in progress is aborted. [`TcpEventInfo::Closed`] follows.
    ///
    /// # Errors
    ///
    /// [`Error::Tcp`] with BAD_ID (not an endpoint, or its final event was
    /// taken) or BAD_STATE (already closing or aborting), or as
    /// [`Nic::fw_command`].
    pub fn tcp_close(&self, ep: EndpointId) -> Result<()> {
        self.tcp_endpoint_cmd(FwOpcode::TcpClose, ep)
    }

    /// Resets a connection (RST). [`TcpEventInfo::Aborted`] follows.
    ///
    /// # Errors
    ///
    /// As [`Nic::tcp_close`].
    pub fn tcp_abort(&self, ep: EndpointId) -> Result<()> {
        self.tcp_endpoint_cmd(FwOpcode::TcpAbort, ep)
    }

    /// Resets a connection that may already be ending on its own: one
    /// already closing or aborting (BAD_STATE: the peer's reset on its
    /// way), or whose final event was taken (BAD_ID), is left as it is;
    /// its final event comes, or came, all the same.
    ///
    /// # Errors
    ///
    /// Every other failure of [`Nic::tcp_abort`]: the device's or the
    /// firmware's.
    pub(crate) fn tcp_abort_ending(&self, ep: EndpointId) -> Result<()> {
        match self.tcp_abort(ep) {
            Err(Error::Tcp(CplStatus::BadState | CplStatus::BadId)) => Ok(()),
            r => r,
        }
    }

    /// TCP_CLOSE or TCP_ABORT: an endpoint in, the result word out.
    fn tcp_endpoint_cmd(&self, op: FwOpcode, ep: EndpointId) -> Result<()> {
        let args = FwTcpEndpoint { ep: ep.0 }
            .to_words()
            .map_err(Error::block_arg)?;
        let w = self.tcp_cmd(op, &args)?;
        success(&w, FwTcpResult::from_words, "TCP answer too long")?;
        Ok(())
    }

    /// TCP_EVENT: the firmware's oldest connection event, whoever's
    /// ([`crate::tcp_owner`] files it).
    pub(crate) fn tcp_event_cmd(&self) -> Result<Vec<u32>> {
        self.tcp_cmd(FwOpcode::TcpEvent, &[])
    }

    /// Waits up to `timeout` (device time) for a connection event, polling
    /// the firmware and relaxing the device in between; `None` when none
    /// came.
    ///
    /// # Errors
    ///
    /// As [`Nic::tcp_poll_event`].
    pub fn tcp_wait_event(&self, timeout: Duration) -> Result<Option<TcpEventInfo>> {
        let dev = self.device();
        let deadline = dev
            .now_ns()
            .saturating_add(u64::try_from(timeout.as_nanos()).unwrap_or(u64::MAX));
        loop {
            if let Some(ev) = self.tcp_poll_event()? {
                return Ok(Some(ev));
            }
            if dev.now_ns() >= deadline {
                return Ok(None);
            }
            dev.relax();
        }
    }

    /// Reads or writes one TCB field of a connection:
    /// `field = (field & !mask) | (value & mask)`, a zero mask only reads.
    /// Returns the field's value after the write.
    ///
    /// # Errors
    ///
    /// [`Error::Tcp`] with BAD_ID, BAD_STATE (no open connection),
    /// BAD_ARGUMENT (the engine refuses the field or a read-only write),
    /// ABORTED or TIMEOUT, or as [`Nic::fw_command`].
    pub fn tcp_tcb(&self, ep: EndpointId, field: TcbField, value: u64, mask: u64) -> Result<u64> {
        let w = self.tcp_cmd(FwOpcode::TcpTcb, &encode_tcb(ep, field, value, mask)?)?;
        let r = success(&w, FwTcpTcbRsp::from_words, "TCP_TCB answer too short")?;
        Ok(r.value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use warpnic_abi::gen::cpl_tcp_opt;

    #[test]
    fn config_words() {
        let c = TcpConfig::default();
        let w = encode_config(&c).expect("valid");
        assert_eq!(w, vec![1_000_000, 200_000, 60_000_000, 0x0f06, 60_000_000]);
        assert_eq!(decode_config(&w).expect("decodes"), c);
        let k = TcpConfig {
            isn_secret: Some([0x0000_0002_0000_0001, 0x0000_0004_0000_0003]),
            ..c
        };
        assert_eq!(encode_config(&k).expect("valid").len(), 9);
        assert_eq!(encode_config(&k).expect("valid")[5..], [1, 2, 3, 4]);
        for (bad, field) in [
            (
                TcpConfig {
                    rto_min: Duration::ZERO,
                    ..c
                },
                "rto_min",
            ),
            (
                TcpConfig {
                    rto_init: Duration::from_millis(100),
                    ..c
                },
                "rto_init",
            ),
            (
                TcpConfig {
                    rto_max: Duration::from_millis(100),
                    ..c
                },
                "rto_min",
            ),
            (
                TcpConfig {
                    syn_retries: 0,
                    ..c
                },
                "syn_retries",
            ),
            (
                TcpConfig {
                    time_wait: Duration::from_secs(5000),
                    ..c
                },
                "time_wait",
            ),
        ] {
            assert!(
                matches!(
                    encode_config(&bad),
                    Err(Error::InvalidArgument { arg, .. }) if arg == field
                ),
                "{field}"
            );
        }
        assert!(decode_config(&[1, 2]).is_err());
    }

    #[test]
    fn listen_and_connect_words() {
        assert_eq!(
            encode_listen(5000, 16, 0).expect("valid"),
            vec![0x0010_1388, 0]
        );
        for (port, backlog, wnd, field, why) in [
            (0, 1, 0, "port", ListenArgError::Port),
            (1, 0, 0, "backlog", ListenArgError::Backlog),
            (1, 1, MAX_RCV_WND + 1, "rcv_wnd", ListenArgError::Window),
        ] {
            assert!(
                matches!(
                    encode_listen(port, backlog, wnd),
                    Err(Error::InvalidArgument { arg, reason: ArgError::Listen(w) })
                        if arg == field && w == why
                ),
                "{field}"
            );
        }

        let peer = Ipv4Addr::new(192, 168, 1, 10);
        let o = ConnectOpts {
            local_port: 4000,
            tcp_opt: cpl_tcp_opt::WSCALE | cpl_tcp_opt::NODELAY,
            rcv_wscale: 3,
            rcv_wnd: 262_144,
        };
        assert_eq!(
            encode_connect(peer, 80, &o).expect("valid"),
            vec![0xc0a8_010a, 0x0fa0_0050, 0x0309, 262_144]
        );
        let bad = [
            (
                Ipv4Addr::UNSPECIFIED,
                80,
                ConnectOpts::default(),
                ("peer", ConnectArgError::PeerAddr),
            ),
            (
                Ipv4Addr::new(224, 0, 0, 1),
                80,
                ConnectOpts::default(),
                ("peer", ConnectArgError::PeerAddr),
            ),
            (
                peer,
                0,
                ConnectOpts::default(),
                ("port", ConnectArgError::PeerPort),
            ),
            (
                peer,
                80,
                ConnectOpts {
                    tcp_opt: 0x80,
                    ..Default::default()
                },
                ("tcp_opt", ConnectArgError::Options),
            ),
            (
                peer,
                80,
                ConnectOpts {
                    rcv_wscale: 2,
                    ..Default::default()
                },
                ("rcv_wscale", ConnectArgError::Shift),
            ),
            (
                peer,
                80,
                ConnectOpts {
                    rcv_wnd: 1 << 20,
                    ..Default::default()
                },
                ("rcv_wnd", ConnectArgError::Window),
            ),
        ];
        for (ip, port, o, (field, why)) in bad {
            assert!(
                matches!(
                    encode_connect(ip, port, &o),
                    Err(Error::InvalidArgument { arg, reason: ArgError::Connect(w) })
                        if arg == field && w == why
                ),
                "{ip} {port} {o:?}"
            );
        }
    }

    #[test]
    fn tcb_words() {
        assert_eq!(
            encode_tcb(EndpointId(7), TcbField::Mss, 0x1_0000_0578, 0xffff).expect("fits"),
            vec![7, u32::from(u8::from(TcbField::Mss)), 0x578, 1, 0xffff, 0]
        );
    }

    #[test]
    fn results() {
        assert_eq!(check_result(&[0, 5, 6]).expect("ok"), &[5, 6]);
        assert!(matches!(
            check_result(&[u32::from(u8::from(CplStatus::AddrInUse))]),
            Err(Error::Tcp(CplStatus::AddrInUse))
        ));
        assert!(matches!(check_result(&[]), Err(Error::FwProtocol(_))));
        assert!(matches!(check_result(&[0x99]), Err(Error::FwProtocol(_))));
    }

    #[test]
    fn events() {
        assert_eq!(decode_event(&[0]).expect("none"), None);
        let d = [
            0x0003_0001, // ESTABLISHED, endpoint 3
            0x41,
            0x0a00_0001,
            0x0a00_0002,
            0x0050_c000, // local port 49152, peer port 80
            111,
            222,
            0x3701_05b4, // MSS 1460, options 1, shifts 7 and 3
            u32::MAX,
        ];
        let conn = Connection {
            tid: 0x41,
            local: SocketAddrV4::new(Ipv4Addr::new(10, 0, 0, 1), 49_152),
            peer: SocketAddrV4::new(Ipv4Addr::new(10, 0, 0, 2), 80),
            snd_isn: 111,
            rcv_isn: 222,
            mss: 1460,
            tcp_opt: 1,
            snd_wscale: 7,
            rcv_wscale: 3,
        };
        let ev = decode_event(&d).expect("decodes").expect("an event");
        assert_eq!(
            ev,
            TcpEventInfo::Established {
                ep: EndpointId(3),
                conn
            }
        );
        assert!(!ev.is_final());
        let mut a = d;
        a[0] = 0x0009_0002;
        a[8] = 2;
        assert_eq!(
            decode_event(&a).expect("decodes"),
            Some(TcpEventInfo::Accepted {
                ep: EndpointId(9),
                listener: ListenerId(2),
                conn
            })
        );
        let reset = decode_event(&[0x0005_0608])
            .expect("decodes")
            .expect("event");
        assert_eq!(
            reset,
            TcpEventInfo::Reset {
                ep: EndpointId(5),
                cause: CplStatus::ConnReset
            }
        );
        assert!(reset.is_final());
        assert_eq!(reset.endpoint(), EndpointId(5));
        assert_eq!(
            decode_event(&[0x0005_0207]).expect("decodes"),
            Some(TcpEventInfo::Closed { ep: EndpointId(5) })
        );
        assert!(decode_event(&[]).is_err());
        assert!(decode_event(&[0x0000_0001]).is_err(), "details missing");
        assert!(decode_event(&[0x0000_00ff]).is_err(), "unknown kind");
        assert!(decode_event(&[0x0000_ff08]).is_err(), "unknown cause");
    }
}
