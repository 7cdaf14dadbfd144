//! The TCP connection control plane: the "CP" of docs/cpl.md.
//!
//! [`TcpCp`] turns host requests (the mailbox's TCP commands) into CPL
//! messages for the core's TCP engine, and the engine's CPL messages into
//! connection events for the host. It is sans-IO: every entry point takes
//! its input, the time `now_us` (a monotonic µs count) and, where it needs
//! addresses, the port's [`Net`] (local address, next-hop resolution), and
//! returns an [`Output`]: at most one CPL message to send and at most one
//! answer to a host request ([`Reply`], the command's result block). The
//! host commands take their argument blocks decoded (`warpnic_abi::gen`'s
//! `FwTcp*Args`); the caller (`fw/commands.rs`) decodes and packs the words and
//! moves them; nothing here touches a device.
//!
//! # Files
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | the public types ([`TcpCp`], [`Output`], [`Net`], the states, the counters) and the limits |
//! | `table.rs` | the endpoint table: ids, allocation, the event FIFO, the tid map, open slots, listeners, invariants |
//! | `fsm.rs` | the endpoint state machine: `step`, the one transition function, and how an endpoint ends |
//! | `host.rs` | the host commands: TCP_LISTEN, TCP_UNLISTEN, TCP_CONNECT, TCP_CLOSE, TCP_ABORT, TCP_TCB, TCP_EVENT |
//! | `engine.rs` | the CPL engine: the TCP engine's messages ([`TcpCp::handle_cpl`]), timers and ARP outcomes |
//! | `port.rs` | the port choice: ephemeral ports, ports in use |
//! | `cpl.rs` | CPL message framing ([`CplMsg`], [`CplIn`]) |
//! | `iss.rs` | RFC 6528 initial sequence numbers and the RFC 6056 port offset |
//!
//! The argument rules the host library applies too (window scale, the
//! connect check, the largest window) are `warpnic_proto::tcp`'s.
//!
//! # Endpoints
//!
//! An endpoint is one connection as the host sees it, named by a 16-bit id
//! (slot in bits 10:0, a generation in 15:11, so a stale id does not name
//! the slot's next user). Its states:
//!
//! | state | meaning | tid |
//! |---|---|---|
//! | `RESOLVING` | active open waiting for the next hop's MAC (ARP) | none |
//! | `CONNECTING` | ACT_OPEN_REQ sent (atid = endpoint id), SYN_SENT in the engine | none |
//! | `ACCEPTING` | PASS_ACCEPT_RPL (SUCCESS) sent, SYN_RECEIVED in the engine; not yet visible to the host | yes |
//! | `ESTABLISHED` | open (also CLOSE_WAIT after PEER_CLOSE) | yes |
//! | `CLOSING` | CLOSE_CON_REQ sent; waiting for the engine to report TIME_WAIT or CLOSED | yes |
//! | `ABORTING` | ABORT_REQ sent; waiting for ABORT_RPL | yes |
//! | `DEAD` | the tid is free (or never existed); the final event waits for the host | none |
//!
//! Every change of an endpoint goes through one function (`step`). An
//! endpoint's events are reported in the order open (ESTABLISHED or
//! ACCEPTED), PEER_CLOSED, final (CLOSED, RESET, ABORTED, REFUSED,
//! TIMED_OUT, UNREACHABLE); a `DEAD` endpoint is free once the host has
//! taken its final event. Events are kept per endpoint (flags and an
//! intrusive FIFO through the table), so none is ever lost, whatever the
//! host's polling rate.
//!
//! # Decisions
//!
//! - Active open: the MAC of the peer is resolved with ARP first. There is
//!   no gateway yet, so a peer outside the subnet is treated as on link
//!   (resolved by ARP directly). A peer that does not answer ARP gives
//!   UNREACHABLE. The ISS follows RFC 6528 ([`iss`]); a local port 0
//!   is chosen from 49152..=65535 (RFC 6056 algorithm 3: a keyed offset
//!   per destination plus a counter, so one destination sees its ports in
//!   sequence), skipping listening ports and the 4-tuples of opens in
//!   progress; the engine refuses a 4-tuple still open or in TIME_WAIT
//!   (ACT_OPEN_RPL ADDR_IN_USE, reported as REFUSED). The MSS is left to
//!   the engine (0).
//!
//! # Memory
//!
//! An endpoint is 8 bytes (tid, event link, state, generation, flags,
//! final event); the addresses, ISNs and options an open needs until the
//! host has taken its open event live in one of [`OPEN_SLOTS`] 24-byte
//! open slots, which also bounds the handshakes in progress. 1024
//! endpoints, 64 open slots and 16 listeners take about 9.7 KiB.
//! - Listeners (PASS_OPEN_REQ, stid = listener id) answer the host only
//!   when PASS_OPEN_RPL arrives (the mailbox request is deferred, up to
//!   [`DEFER_TIMEOUT_US`]); the same for TCP_UNLISTEN (CLOSE_LISTSRV_RPL)
//!   and TCP_TCB (SET_TCB_RPL).
//! - Backlog: a listener's connections count against its backlog from
//!   PASS_ACCEPT_REQ until the host has taken their ACCEPTED event (or
//!   they die unseen). A SYN for a full listener, or when no endpoint or
//!   open slot is free, is answered PASS_ACCEPT_RPL NO_RESOURCES: the
//!   engine drops the SYN silently and the peer retransmits (SYN-flood
//!   protection that costs established connections nothing); the drops are
//!   counted. Accepted SYNs are answered with WSCALE if the SYN offered
//!   it, and no other option.
//! - Teardown per docs/cpl.md: after CLOSE_CON_REQ the endpoint dies with
//!   CLOSED when CLOSE_CON_RPL reports TIME_WAIT or CLOSED, or when
//!   PEER_CLOSE does after CLOSE_CON_RPL reported FIN_WAIT_2; an engine
//!   ABORT_REQ is answered with ABORT_RPL and gives RESET (CONN_RESET and
//!   others) or TIMED_OUT (TIMEOUT, KEEPALIVE_TIMEOUT); TCP_ABORT sends
//!   ABORT_REQ and gives ABORTED on ABORT_RPL; an ABORT_REQ crossing ours
//!   is answered and the endpoint dies at our ABORT_RPL. TCP_CLOSE before
//!   the connection is open aborts the open.
//! - Bad input from the engine (unknown opcode, bad length, unknown id,
//!   a message the state does not expect) is counted in [`TcpCounters`]
//!   and otherwise ignored, except that a request that needs a reply gets
//!   one (a PASS_ACCEPT_REQ that names nothing is answered BAD_ID, which
//!   frees its tid).
//! - RX_DATA (streaming data) is not handled yet: it is counted and
//!   dropped.

pub mod cpl;
mod engine;
mod fsm;
mod host;
pub mod iss;
mod port;
mod table;

use core::net::Ipv4Addr;

use warpnic_abi::gen::{
    ArgError, CplStatus, FwTcpConnectRsp, FwTcpEventRsp, FwTcpListenRsp, FwTcpResult, FwTcpTcbRsp,
    FwTcpUnlistenRsp, TcpEvent,
};

use table::{Deferred, Endpoint, Listener, Open};

pub use cpl::{CplIn, CplInError, CplMsg};
pub use port::EPHEMERAL_FIRST;
pub use warpnic_proto::tcp::{wscale_for, DEFAULT_RCV_WND, MAX_RCV_WND};

/// Endpoints in the table: 1024 connections and room for ones waiting for
/// ARP or for the host to take their final event.
pub const EP_CAPACITY: usize = 1024;
/// Largest number of engine tids the firmware uses (tids at or above it
/// are refused).
pub const MAX_TIDS: usize = 1024;
/// Listener slots (stids) the firmware uses at most.
pub const LISTENERS: usize = 16;
/// Opens in progress (active and passive handshakes) plus open events not
/// yet taken by the host.
pub const OPEN_SLOTS: usize = 64;
/// How long a deferred mailbox request waits for the engine's reply
/// before it is answered TIMEOUT.
pub const DEFER_TIMEOUT_US: u64 = 100_000;

const SLOT_BITS: u32 = 11;
const SLOT_MASK: u16 = (1 << SLOT_BITS) - 1;
const GEN_MASK: u8 = (1 << (16 - SLOT_BITS)) - 1;
const NIL: u16 = u16::MAX;
const NO_LISTENER: u8 = u8::MAX;

const _: () = assert!(EP_CAPACITY <= SLOT_MASK as usize && EP_CAPACITY < NIL as usize);
const _: () = assert!(MAX_TIDS < NIL as usize);
const _: () = assert!(LISTENERS < NO_LISTENER as usize);

/// What the control plane needs from the port's network layer.
pub trait Net {
    /// The port's IPv4 address, once it has one.
    fn local_ip(&self) -> Option<Ipv4Addr>;
    /// The next hop towards `peer`: `peer` itself when on link or when
    /// there is no route (see the module documentation).
    fn next_hop(&self, peer: Ipv4Addr) -> Ipv4Addr;
    /// The MAC of the next hop towards `peer`, starting or continuing its
    /// resolution when it is not known.
    fn resolve(&mut self, peer: Ipv4Addr) -> Hop;
}

/// The answer of [`Net::resolve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hop {
    /// Send to this MAC.
    Known([u8; 6]),
    /// Resolution is under way (or will start on a later try).
    Pending,
    /// No room to resolve (the neighbour table is full).
    NoResources,
    /// The address cannot be a peer (ours, broadcast, multicast, ...).
    Invalid,
}

/// The answer to a host command, as the mailbox's result blocks
/// (`warpnic_abi::gen::Fw*Rsp`) hold it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The result word alone (`fw_tcp_result`): the answer of TCP_CLOSE
    /// and TCP_ABORT, and of the other commands when they fail before
    /// their result has more to say.
    Result(CplStatus),
    /// TCP_LISTEN's result and listener.
    Listen(FwTcpListenRsp),
    /// TCP_UNLISTEN's result and the connections it reset.
    Unlisten(FwTcpUnlistenRsp),
    /// TCP_CONNECT's result, endpoint and local port.
    Connect(FwTcpConnectRsp),
    /// TCP_TCB's result and the field's value.
    Tcb(FwTcpTcbRsp),
    /// TCP_EVENT's event: the event word, and for ESTABLISHED and
    /// ACCEPTED the connection in the eight words after.
    Event(FwTcpEventRsp),
}

impl Reply {
    /// Words in the largest answer (TCP_EVENT's).
    pub const MAX_WORDS: usize = FwTcpEventRsp::WORDS;

    /// Writes the answer's words (those after the mailbox header) to the
    /// start of `out` and returns how many there are; `out` holds at least
    /// [`Self::MAX_WORDS`] (words that do not fit are cut).
    ///
    /// # Errors
    ///
    /// [`ArgError::TooWide`] when a field does not fit its bits.
    pub fn write(&self, out: &mut [u32]) -> Result<usize, ArgError> {
        match self {
            Self::Result(result) => Ok(put(out, &FwTcpResult { result: *result }.to_words()?)),
            Self::Listen(r) => Ok(put(out, &r.to_words()?)),
            Self::Unlisten(r) => Ok(put(out, &r.to_words()?)),
            Self::Connect(r) => Ok(put(out, &r.to_words()?)),
            Self::Tcb(r) => Ok(put(out, &r.to_words()?)),
            Self::Event(r) => {
                let w = r.to_words()?;
                let n = match r.kind {
                    TcpEvent::Established | TcpEvent::Accepted => FwTcpEventRsp::WORDS,
                    _ => FwTcpEventRsp::MIN_WORDS,
                };
                Ok(put(out, w.get(..n).unwrap_or(&w)))
            }
        }
    }
}

/// Copies `src` to the start of `out` (as much as fits); returns the words
/// copied.
fn put(out: &mut [u32], src: &[u32]) -> usize {
    let n = src.len().min(out.len());
    out[..n].copy_from_slice(&src[..n]);
    n
}

/// What a call asks the caller to do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Output {
    /// A CPL message to send to the engine.
    pub cpl: Option<CplMsg>,
    /// The answer to the host request: for a host command, `None` means
    /// the answer is deferred; for the other calls, `Some` completes the
    /// deferred request.
    pub reply: Option<Reply>,
}

impl Output {
    fn send(&mut self, msg: CplMsg, c: &mut TcpCounters) {
        if self.cpl.is_some() {
            c.internal = c.internal.wrapping_add(1);
        }
        self.cpl = Some(msg);
        c.cpl_out = c.cpl_out.wrapping_add(1);
    }
}

/// Event counts (wrapping).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TcpCounters {
    /// CPL messages received.
    pub cpl_in: u32,
    /// CPL messages sent.
    pub cpl_out: u32,
    /// Received messages whose framing was wrong (header `len` versus the
    /// port's length).
    pub bad_framing: u32,
    /// Received messages with an opcode the engine never sends.
    pub bad_opcode: u32,
    /// Received messages whose length did not match their opcode.
    pub bad_length: u32,
    /// Received messages naming no connection, open or listener.
    pub bad_id: u32,
    /// Received messages the named endpoint's state did not expect.
    pub bad_state: u32,
    /// Replies to a host request whose `status` is no `cpl_status` code
    /// (the host is answered BAD_ARGUMENT).
    pub bad_status: u32,
    /// Messages for a tid that was just freed (after TIME_WAIT or an
    /// abort), dropped as docs/cpl.md allows.
    pub late: u32,
    /// RX_DATA messages dropped (streaming data is not handled yet).
    pub rx_data_dropped: u32,
    /// Other messages the firmware does not use yet (TX_DATA_ACK,
    /// RDMA_TERMINATE), dropped.
    pub ignored: u32,
    /// SYNs dropped because their listener's backlog was full.
    pub syn_backlog_drops: u32,
    /// SYNs dropped because no endpoint or open slot was free.
    pub syn_resource_drops: u32,
    /// Connections that completed their handshake.
    pub established: u32,
    /// Connections that ended by an abort either way.
    pub aborts: u32,
    /// Deferred mailbox requests answered TIMEOUT.
    pub deferred_timeouts: u32,
    /// New connections whose tid an endpoint still held (that endpoint
    /// had missed the end of its connection and was ended).
    pub stale_tids: u32,
    /// Firmware bugs caught without panicking (should stay 0).
    pub internal: u32,
}

/// The state of an endpoint (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum EpState {
    /// Unused slot.
    Free,
    /// Active open waiting for ARP.
    Resolving,
    /// ACT_OPEN_REQ sent.
    Connecting,
    /// Passive open: SYN-ACK being sent.
    Accepting,
    /// Open.
    Established,
    /// CLOSE_CON_REQ sent.
    Closing,
    /// ABORT_REQ sent.
    Aborting,
    /// Gone; the final event waits for the host.
    Dead,
}

/// The state of a listener.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ListenState {
    /// Unused stid.
    Free,
    /// PASS_OPEN_REQ sent; the host's TCP_LISTEN waits.
    Opening,
    /// Running.
    Listening,
    /// CLOSE_LISTSRV_REQ sent.
    Closing,
    /// The host stopped waiting for PASS_OPEN_RPL; a late success is
    /// closed at once.
    Orphan,
}

/// The connection control plane (see the module documentation).
pub struct TcpCp {
    eps: [Endpoint; EP_CAPACITY],
    opens: [Open; OPEN_SLOTS],
    listeners: [Listener; LISTENERS],
    ev_head: u16,
    ev_tail: u16,
    free_head: u16,
    free_tail: u16,
    deferred: Option<Deferred>,
    key: iss::Key,
    max_tids: u16,
    max_listeners: u8,
    port_counter: u32,
    cookie: u16,
    resolve_cursor: u16,
    resolving: u16,
    counters: TcpCounters,
}

impl Default for TcpCp {
    fn default() -> Self {
        Self::new()
    }
}

impl TcpCp {
    /// An empty control plane: no endpoints, no listeners, no tids or
    /// listener slots until [`set_limits`](Self::set_limits).
    pub const fn new() -> Self {
        let mut eps = [Endpoint::FREE; EP_CAPACITY];
        let mut i = 0;
        while i < EP_CAPACITY {
            eps[i].next = if i + 1 < EP_CAPACITY {
                (i + 1) as u16
            } else {
                NIL
            };
            i += 1;
        }
        Self {
            eps,
            opens: [Open::FREE; OPEN_SLOTS],
            listeners: [Listener::FREE; LISTENERS],
            ev_head: NIL,
            ev_tail: NIL,
            free_head: 0,
            free_tail: (EP_CAPACITY - 1) as u16,
            deferred: None,
            key: iss::Key([0, 0]),
            max_tids: 0,
            max_listeners: 0,
            port_counter: 0,
            cookie: 0,
            resolve_cursor: 0,
            resolving: 0,
            counters: TcpCounters {
                cpl_in: 0,
                cpl_out: 0,
                bad_framing: 0,
                bad_opcode: 0,
                bad_length: 0,
                bad_id: 0,
                bad_state: 0,
                bad_status: 0,
                late: 0,
                rx_data_dropped: 0,
                ignored: 0,
                syn_backlog_drops: 0,
                syn_resource_drops: 0,
                established: 0,
                aborts: 0,
                deferred_timeouts: 0,
                stale_tids: 0,
                internal: 0,
            },
        }
    }

    /// Takes the engine's limits from `FW_REG_TCP_CONNS` (15:0 tids,
    /// 23:16 listener slots), capped at [`MAX_TIDS`] and [`LISTENERS`].
    pub fn set_limits(&mut self, tcp_conns: u32) {
        self.max_tids = (tcp_conns & 0xffff).min(MAX_TIDS as u32) as u16;
        self.max_listeners = ((tcp_conns >> 16) & 0xff).min(LISTENERS as u32) as u8;
    }

    /// Sets the RFC 6528 secret.
    pub fn set_key(&mut self, key: iss::Key) {
        self.key = key;
    }

    /// The counters.
    pub fn counters(&self) -> &TcpCounters {
        &self.counters
    }

    /// The state of endpoint `id`, if it names one.
    pub fn endpoint_state(&self, id: u16) -> Option<EpState> {
        self.slot_of(id).ok().map(|i| self.eps[i].state)
    }

    /// The engine tid of endpoint `id`, if it has one.
    pub fn endpoint_tid(&self, id: u16) -> Option<u32> {
        let i = self.slot_of(id).ok()?;
        let t = self.eps[i].tid;
        (t != NIL).then_some(u32::from(t))
    }

    /// Endpoints in use (any state but free).
    pub fn endpoints_in_use(&self) -> usize {
        self.eps.iter().filter(|e| e.state != EpState::Free).count()
    }

    /// The state of listener `id` and the connections counted against its
    /// backlog.
    pub fn listener(&self, id: u16) -> Option<(ListenState, u16)> {
        let l = self.listeners.get(usize::from(id))?;
        Some((l.state, l.pending))
    }

    /// `true` while a host request waits for the engine's reply.
    pub fn is_deferred(&self) -> bool {
        self.deferred.is_some()
    }
}
