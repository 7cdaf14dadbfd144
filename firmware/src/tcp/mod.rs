//! The TCP connection control plane: the "CP" of docs/cpl.md.
//!
//! [`TcpCp`] turns host requests (the mailbox's TCP commands) into CPL
//! messages for the core's TCP engine, and the engine's CPL messages into
//! connection events for the host. It is sans-IO: every entry point takes
//! its input, the time `now_us` (a monotonic µs count) and, where it needs
//! addresses, the port's [`Net`] (local address, next-hop resolution), and
//! returns an [`Output`]: at most one CPL message to send and at most one
//! completion of the deferred host request. The caller (`fw.rs`) moves the
//! words; nothing here touches a device.
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
pub mod iss;

use core::net::Ipv4Addr;

use warpnic_abi::gen::{
    cpl_tcp_opt, CplAbortReq, CplAbortRpl, CplActEstablish, CplActOpenReq, CplActOpenRpl,
    CplCloseConRpl, CplCloseListsrvRpl, CplOpcode, CplPassAcceptReq, CplPassAcceptRpl,
    CplPassEstablish, CplPassOpenReq, CplPassOpenRpl, CplPeerClose, CplSetTcbField, CplSetTcbRpl,
    CplStatus, CplUlpMode, FwStatus, TcbField, TcpEvent, TcpState, CPL_TID_NONE,
};
use warpnic_proto::tcp::{self as tcp_args, ConnectWindow};

pub use cpl::{CplIn, CplInError, CplMsg};
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
/// First ephemeral port (RFC 6335 §6: 49152..=65535).
pub const EPHEMERAL_FIRST: u16 = 49_152;
const EPHEMERAL_COUNT: u32 = 16_384;
/// Candidate ports tried for one ephemeral choice.
const EPHEMERAL_TRIES: u32 = 64;
/// Resolving endpoints looked at per [`TcpCp::poll`].
const RESOLVE_PER_POLL: usize = 8;

const SLOT_BITS: u32 = 11;
const SLOT_MASK: u16 = (1 << SLOT_BITS) - 1;
const GEN_MASK: u8 = (1 << (16 - SLOT_BITS)) - 1;
const NIL: u16 = u16::MAX;
const NO_LISTENER: u8 = u8::MAX;

const _: () = assert!(EP_CAPACITY <= SLOT_MASK as usize && EP_CAPACITY < NIL as usize);
const _: () = assert!(MAX_TIDS < NIL as usize);
const _: () = assert!(core::mem::size_of::<Endpoint>() == 8);
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

/// Words of a mailbox answer after its header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    w: [u32; 9],
    n: u8,
}

impl Words {
    /// The words of `src` (at most 9; more are cut).
    pub fn of(src: &[u32]) -> Self {
        let mut w = [0u32; 9];
        let n = src.len().min(w.len());
        w[..n].copy_from_slice(&src[..n]);
        Self { w, n: n as u8 }
    }

    /// A one-word answer: the result code alone.
    fn status(s: CplStatus) -> Self {
        Self::of(&[u32::from(u8::from(s))])
    }

    /// The words.
    pub fn as_slice(&self) -> &[u32] {
        self.w.get(..usize::from(self.n)).unwrap_or(&[])
    }
}

/// What a call asks the caller to do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Output {
    /// A CPL message to send to the engine.
    pub cpl: Option<CplMsg>,
    /// The answer to the host request: for a host command, `None` means
    /// the answer is deferred; for the other calls, `Some` completes the
    /// deferred request.
    pub reply: Option<Words>,
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

/// Endpoint flags.
mod flag {
    /// The open event (ESTABLISHED or ACCEPTED) waits for the host.
    pub const EV_OPEN: u8 = 0x01;
    /// A PEER_CLOSED event waits for the host.
    pub const EV_PEER_CLOSED: u8 = 0x02;
    /// In the event FIFO.
    pub const QUEUED: u8 = 0x04;
    /// PEER_CLOSE seen.
    pub const PEER_FIN: u8 = 0x08;
    /// CLOSE_CON_RPL seen (our FIN acknowledged).
    pub const FIN_ACKED: u8 = 0x10;
    /// The host closed or aborted while ACT_OPEN_REQ was out.
    pub const ABORT_WANTED: u8 = 0x20;
    /// An engine ABORT_REQ crossed ours and was answered.
    pub const CROSSED: u8 = 0x40;
    /// Counted in its listener's backlog.
    pub const BACKLOG: u8 = 0x80;
}

#[derive(Clone, Copy, Debug)]
struct Endpoint {
    /// Engine tid, `NIL` when none.
    tid: u16,
    /// Next in the event FIFO or the free list.
    next: u16,
    state: EpState,
    gen: u8,
    flags: u8,
    /// A `DEAD` endpoint's final event (`TcpEvent` code, 3:0) and the
    /// `CplStatus` that caused it (7:4).
    fin: u8,
}

impl Endpoint {
    const FREE: Self = Self {
        tid: NIL,
        next: NIL,
        state: EpState::Free,
        gen: 0,
        flags: 0,
        fin: 0,
    };

    fn has(&self, f: u8) -> bool {
        self.flags & f != 0
    }

    fn has_events(&self) -> bool {
        self.has(flag::EV_OPEN | flag::EV_PEER_CLOSED) || self.state == EpState::Dead
    }
}

/// What an open in progress needs, and the details of its open event.
#[derive(Clone, Copy, Debug)]
struct Open {
    /// Endpoint slot using it, `NIL` when free.
    ep: u16,
    /// stid of the listener of a passive open, `NO_LISTENER` for active.
    listener: u8,
    /// Requested, then negotiated, `cpl_tcp_opt` bits.
    opt: u8,
    mss: u16,
    rcv_wscale: u8,
    snd_wscale: u8,
    /// The receive window asked for until ACT_OPEN_REQ is sent; our ISN
    /// once the connection is established (the slot is 16 bytes).
    wnd_then_isn: u32,
    rcv_isn: u32,
    peer_ip: u32,
    local_port: u16,
    peer_port: u16,
}

const _: () = assert!(core::mem::size_of::<Open>() == 24);

impl Open {
    const FREE: Self = Self {
        ep: NIL,
        listener: NO_LISTENER,
        opt: 0,
        mss: 0,
        rcv_wscale: 0,
        snd_wscale: 0,
        wnd_then_isn: 0,
        rcv_isn: 0,
        peer_ip: 0,
        local_port: 0,
        peer_port: 0,
    };
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

#[derive(Clone, Copy, Debug)]
struct Listener {
    state: ListenState,
    port: u16,
    backlog: u16,
    /// Connections counted against the backlog.
    pending: u16,
    rcv_wscale: u8,
}

impl Listener {
    const FREE: Self = Self {
        state: ListenState::Free,
        port: 0,
        backlog: 0,
        pending: 0,
        rcv_wscale: 0,
    };
}

/// The one host request whose answer waits for the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Waiting {
    Listen(u8),
    Unlisten(u8),
    Tcb { tid: u16, cookie: u16 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Deferred {
    what: Waiting,
    deadline_us: u64,
}

/// Details of an ACT_ESTABLISH or PASS_ESTABLISH.
#[derive(Clone, Copy, Debug)]
struct Establish {
    snd_isn: u32,
    rcv_isn: u32,
    mss: u16,
    opt: u8,
    snd_wscale: u8,
    rcv_wscale: u8,
}

/// What happens to an endpoint (the input of `step`).
#[derive(Clone, Copy, Debug)]
enum Input {
    HostClose,
    HostAbort,
    Resolved([u8; 6]),
    Unreachable,
    ActEstablish(u16, Establish),
    ActOpenRpl(u8),
    PassEstablish(Establish),
    CloseConRpl(u8),
    PeerClose(u8),
    AbortReq(u8),
    AbortRpl,
    ListenerStopped,
}

/// A TCP_CONNECT request, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectReq {
    /// Peer address.
    pub peer_ip: Ipv4Addr,
    /// Peer port (not 0).
    pub peer_port: u16,
    /// Local port, 0 for an ephemeral one.
    pub local_port: u16,
    /// `cpl_tcp_opt` bits to offer and behaviours.
    pub opt: u8,
    /// Window scale shift to offer (with WSCALE).
    pub rcv_wscale: u8,
    /// Receive window, bytes (0: [`DEFAULT_RCV_WND`]).
    pub rcv_wnd: u32,
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

fn is_gone(state: u8) -> bool {
    state == u8::from(TcpState::TimeWait) || state == u8::from(TcpState::Closed)
}

fn status_u8(s: CplStatus) -> u8 {
    s.into()
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

    /// Checks the table's invariants (for tests and debuggers): the free
    /// list, event FIFO, tid map, open slots and backlog counts agree with
    /// the endpoints.
    ///
    /// # Errors
    ///
    /// A description of the first violation found.
    pub fn check_invariants(&self) -> Result<(), &'static str> {
        let mut free = 0usize;
        let mut n = self.free_head;
        while n != NIL {
            let e = self
                .eps
                .get(usize::from(n))
                .ok_or("free list out of range")?;
            if e.state != EpState::Free {
                return Err("free list holds a used endpoint");
            }
            free += 1;
            if free > EP_CAPACITY {
                return Err("free list loops");
            }
            n = e.next;
        }
        let unused = self.eps.iter().filter(|e| e.state == EpState::Free).count();
        if free != unused {
            return Err("free list misses free endpoints");
        }
        let mut queued = 0usize;
        let mut n = self.ev_head;
        let mut last = NIL;
        while n != NIL {
            let e = self
                .eps
                .get(usize::from(n))
                .ok_or("event FIFO out of range")?;
            if !e.has(flag::QUEUED) || !e.has_events() {
                return Err("event FIFO holds an endpoint without events");
            }
            queued += 1;
            if queued > EP_CAPACITY {
                return Err("event FIFO loops");
            }
            last = n;
            n = e.next;
        }
        if last != self.ev_tail {
            return Err("event FIFO tail is wrong");
        }
        let mut resolving = 0u16;
        let mut pending = [0u16; LISTENERS];
        for (i, e) in self.eps.iter().enumerate() {
            if e.state == EpState::Free {
                continue;
            }
            if e.has_events() != e.has(flag::QUEUED) {
                return Err("an endpoint's events and its FIFO membership disagree");
            }
            if e.state == EpState::Resolving {
                resolving += 1;
            }
            let needs_tid = matches!(
                e.state,
                EpState::Accepting | EpState::Established | EpState::Closing | EpState::Aborting
            );
            if needs_tid != (e.tid != NIL) {
                return Err("tid binding does not match the state");
            }
            if e.tid != NIL && self.tid_slot(u32::from(e.tid)) != Some(i) {
                return Err("two endpoints hold one tid");
            }
            let needs_open = matches!(
                e.state,
                EpState::Resolving | EpState::Connecting | EpState::Accepting
            ) || e.has(flag::EV_OPEN);
            let held = self.opens.iter().filter(|o| usize::from(o.ep) == i).count();
            if held > 1 || needs_open != (held == 1) {
                return Err("open slot does not match the state");
            }
            if e.has(flag::BACKLOG) {
                let l = self
                    .open_of(i)
                    .map_or(NO_LISTENER, |k| self.opens[k].listener);
                let p = pending
                    .get_mut(usize::from(l))
                    .ok_or("backlog flag without a listener")?;
                *p += 1;
            }
            if e.state == EpState::Dead && e.fin & 0xf == 0 {
                return Err("dead endpoint without a final event");
            }
        }
        if resolving != self.resolving {
            return Err("resolving count is wrong");
        }
        for o in &self.opens {
            if o.ep != NIL
                && self.eps.get(usize::from(o.ep)).map(|e| e.state) == Some(EpState::Free)
            {
                return Err("open slot owned by a free endpoint");
            }
        }
        for (l, p) in self.listeners.iter().zip(pending) {
            if l.pending != p {
                return Err("listener backlog count is wrong");
            }
            if l.state == ListenState::Free && p != 0 {
                return Err("free listener with a backlog");
            }
        }
        Ok(())
    }

    // ----- ids, allocation, FIFO --------------------------------------

    fn ep_id(&self, i: usize) -> u16 {
        let gen = self.eps.get(i).map_or(0, |e| e.gen);
        (i as u16 & SLOT_MASK) | (u16::from(gen) << SLOT_BITS)
    }

    /// The slot of endpoint `id`: `Err(Some(BAD_ARGUMENT))` when the slot
    /// does not exist, `Err(None)` when it names no live endpoint (free, or
    /// an older generation).
    fn slot_of(&self, id: u16) -> Result<usize, Option<FwStatus>> {
        let i = usize::from(id & SLOT_MASK);
        let e = self.eps.get(i).ok_or(Some(FwStatus::BadArgument))?;
        if e.state == EpState::Free || e.gen != (id >> SLOT_BITS) as u8 {
            return Err(None);
        }
        Ok(i)
    }

    fn alloc_ep(&mut self) -> Option<usize> {
        let i = usize::from(self.free_head);
        let e = self.eps.get_mut(i)?;
        self.free_head = e.next;
        if self.free_head == NIL {
            self.free_tail = NIL;
        }
        let gen = e.gen;
        *e = Endpoint {
            gen,
            ..Endpoint::FREE
        };
        Some(i)
    }

    /// Takes a free open slot for endpoint `ep`.
    fn alloc_open(&mut self, ep: usize, listener: u8) -> Option<usize> {
        let k = self.opens.iter().position(|o| o.ep == NIL)?;
        self.opens[k] = Open {
            ep: ep as u16,
            listener,
            ..Open::FREE
        };
        Some(k)
    }

    /// The open slot endpoint `i` holds.
    fn open_of(&self, i: usize) -> Option<usize> {
        self.opens.iter().position(|o| usize::from(o.ep) == i)
    }

    fn open_mut(&mut self, i: usize) -> Option<&mut Open> {
        let k = self.open_of(i)?;
        self.opens.get_mut(k)
    }

    /// Frees endpoint `i`'s open slot, first giving back its backlog count.
    fn release_open(&mut self, i: usize) {
        self.release_backlog(i);
        if let Some(o) = self.open_mut(i) {
            *o = Open::FREE;
        }
    }

    fn release_backlog(&mut self, i: usize) {
        let Some(e) = self.eps.get_mut(i) else { return };
        if !e.has(flag::BACKLOG) {
            return;
        }
        e.flags &= !flag::BACKLOG;
        let l = self
            .open_of(i)
            .map_or(NO_LISTENER, |k| self.opens[k].listener);
        if let Some(l) = self.listeners.get_mut(usize::from(l)) {
            l.pending = l.pending.saturating_sub(1);
        }
    }

    fn bind_tid(&mut self, i: usize, tid: u16) {
        if let Some(e) = self.eps.get_mut(i) {
            e.tid = tid;
        }
    }

    fn unbind_tid(&mut self, i: usize) {
        if let Some(e) = self.eps.get_mut(i) {
            e.tid = NIL;
        }
    }

    /// The endpoint holding engine tid `tid`.
    fn tid_slot(&self, tid: u32) -> Option<usize> {
        let t = u16::try_from(tid).ok().filter(|&t| t != NIL)?;
        self.eps.iter().position(|e| e.tid == t)
    }

    /// A tid the engine hands out for a new connection, if it is in its
    /// range. An endpoint still holding it has missed the end of its
    /// connection (the engine only reuses a free tid): it ends now, with
    /// RESET (cause BAD_STATE) if the host knows it.
    fn new_tid(&mut self, tid: u32, out: &mut Output) -> Option<u16> {
        let t = u16::try_from(tid).ok().filter(|&t| t < self.max_tids)?;
        if let Some(i) = self.tid_slot(tid) {
            self.counters.stale_tids = self.counters.stale_tids.wrapping_add(1);
            let visible = self.eps.get(i).map(|e| e.state) != Some(EpState::Accepting);
            self.die(
                i,
                visible.then_some(TcpEvent::Reset),
                CplStatus::BadState,
                out,
            );
        }
        Some(t)
    }

    /// Puts endpoint `i` at the tail of the event FIFO unless it is in it.
    fn enqueue(&mut self, i: usize) {
        let Some(e) = self.eps.get_mut(i) else { return };
        if e.has(flag::QUEUED) {
            return;
        }
        e.flags |= flag::QUEUED;
        e.next = NIL;
        match self.eps.get_mut(usize::from(self.ev_tail)) {
            Some(t) => t.next = i as u16,
            None => self.ev_head = i as u16,
        }
        self.ev_tail = i as u16;
    }

    /// Removes the FIFO's head.
    fn dequeue_head(&mut self) {
        let Some(e) = self.eps.get_mut(usize::from(self.ev_head)) else {
            return;
        };
        e.flags &= !flag::QUEUED;
        self.ev_head = e.next;
        e.next = NIL;
        if self.ev_head == NIL {
            self.ev_tail = NIL;
        }
    }

    /// Returns slot `i` to the free list (it must be out of the FIFO, with
    /// no tid, open slot or backlog count).
    fn free_ep(&mut self, i: usize) {
        let Some(e) = self.eps.get_mut(i) else { return };
        let gen = e.gen.wrapping_add(1) & GEN_MASK;
        *e = Endpoint {
            gen,
            ..Endpoint::FREE
        };
        match self.eps.get_mut(usize::from(self.free_tail)) {
            Some(t) => t.next = i as u16,
            None => self.free_head = i as u16,
        }
        self.free_tail = i as u16;
    }

    // ----- the transition function ------------------------------------

    /// Moves endpoint `i` to `to`, keeping the counts that depend on the
    /// state. Only `step` and `die` call it.
    fn set_state(&mut self, i: usize, to: EpState) {
        let Some(e) = self.eps.get_mut(i) else { return };
        if e.state == EpState::Resolving {
            self.resolving = self.resolving.saturating_sub(1);
        }
        if to == EpState::Resolving {
            self.resolving = self.resolving.saturating_add(1);
        }
        e.state = to;
    }

    /// Ends endpoint `i`: its tid (if any) is free. With `event`, it
    /// becomes `DEAD` until the host takes that final event; without one
    /// (a connection the host never saw) it is freed at once unless other
    /// events wait.
    fn die(&mut self, i: usize, event: Option<TcpEvent>, cause: CplStatus, out: &mut Output) {
        let tid = self.eps.get(i).map_or(NIL, |e| e.tid);
        if tid != NIL {
            if let Some(Deferred {
                what: Waiting::Tcb { tid: t, .. },
                ..
            }) = self.deferred
            {
                if t == tid {
                    self.deferred = None;
                    out.reply = Some(Words::status(CplStatus::Aborted));
                }
            }
        }
        self.unbind_tid(i);
        let Some(e) = self.eps.get(i) else { return };
        if !e.has(flag::EV_OPEN) {
            self.release_open(i);
        }
        let Some(e) = self.eps.get(i) else { return };
        match event {
            Some(ev) => {
                self.set_state(i, EpState::Dead);
                if let Some(e) = self.eps.get_mut(i) {
                    e.fin = u8::from(ev) | (u8::from(cause) << 4);
                }
                self.enqueue(i);
            }
            None if e.has(flag::EV_OPEN | flag::EV_PEER_CLOSED) => {
                // events are waiting: report them, then ABORTED
                self.set_state(i, EpState::Dead);
                if let Some(e) = self.eps.get_mut(i) {
                    e.fin = u8::from(TcpEvent::Aborted) | (u8::from(cause) << 4);
                }
                self.enqueue(i);
            }
            None => {
                self.set_state(i, EpState::Free);
                self.free_ep(i);
            }
        }
    }

    /// Sends the ACT_OPEN_REQ of endpoint `i` to `mac`.
    fn send_act_open(
        &mut self,
        i: usize,
        mac: [u8; 6],
        local_ip: u32,
        now_us: u64,
        out: &mut Output,
    ) {
        let id = self.ep_id(i);
        let Some(o) = self.open_of(i).map(|k| self.opens[k]) else {
            self.counters.internal = self.counters.internal.wrapping_add(1);
            return;
        };
        let iss = iss::isn(
            self.key,
            local_ip,
            o.local_port,
            o.peer_ip,
            o.peer_port,
            now_us,
        );
        let req = CplActOpenReq {
            local_ip,
            peer_ip: o.peer_ip,
            local_port: o.local_port,
            peer_port: o.peer_port,
            mss: 0,
            tcp_opt: o.opt,
            rcv_wscale: o.rcv_wscale,
            rcv_wnd: o.wnd_then_isn,
            iss,
            peer_mac: mac,
            vlan: 0,
            tos: 0,
            ttl: 0,
            ulp_mode: CplUlpMode::Streaming.into(),
            rsvd0: 0,
            rsvd1: 0,
        };
        out.send(
            CplMsg::new(CplOpcode::ActOpenReq, 0, u32::from(id), &req.to_bytes()),
            &mut self.counters,
        );
    }

    fn abort_req(&mut self, tid: u16, out: &mut Output) {
        let body = CplAbortReq {
            status: CplStatus::Aborted.into(),
            abort_flags: 0,
            rsvd0: 0,
            snd_nxt: 0,
        };
        out.send(
            CplMsg::new(CplOpcode::AbortReq, 0, u32::from(tid), &body.to_bytes()),
            &mut self.counters,
        );
    }

    fn abort_rpl(&mut self, tid: u32, status: CplStatus, out: &mut Output) {
        let body = CplAbortRpl {
            status: status.into(),
            ..CplAbortRpl::default()
        };
        out.send(
            CplMsg::new(CplOpcode::AbortRpl, 0, tid, &body.to_bytes()),
            &mut self.counters,
        );
    }

    fn store_establish(&mut self, i: usize, est: Establish) {
        if let Some(o) = self.open_mut(i) {
            o.wnd_then_isn = est.snd_isn;
            o.rcv_isn = est.rcv_isn;
            o.mss = est.mss;
            o.opt = est.opt;
            o.snd_wscale = est.snd_wscale;
            o.rcv_wscale = est.rcv_wscale;
        }
        if let Some(e) = self.eps.get_mut(i) {
            e.flags |= flag::EV_OPEN;
        }
        self.counters.established = self.counters.established.wrapping_add(1);
        self.enqueue(i);
    }

    /// The transition function of endpoint `i`. `Err` is the result code
    /// for a host command the state refuses (engine messages the state
    /// does not expect are counted by the caller).
    fn step(
        &mut self,
        i: usize,
        input: Input,
        net: &mut dyn Net,
        now_us: u64,
        out: &mut Output,
    ) -> Result<(), CplStatus> {
        use EpState as S;
        let Some(&e) = self.eps.get(i) else {
            return Err(CplStatus::BadId);
        };
        match (e.state, input) {
            (S::Resolving, Input::Resolved(mac)) => {
                let Some(local) = net.local_ip() else {
                    self.die(i, Some(TcpEvent::Unreachable), CplStatus::BadState, out);
                    return Ok(());
                };
                self.send_act_open(i, mac, u32::from(local), now_us, out);
                self.set_state(i, S::Connecting);
            }
            (S::Resolving, Input::Unreachable) => {
                self.die(i, Some(TcpEvent::Unreachable), CplStatus::Timeout, out);
            }
            (S::Resolving, Input::HostClose | Input::HostAbort) => {
                self.counters.aborts = self.counters.aborts.wrapping_add(1);
                self.die(i, Some(TcpEvent::Aborted), CplStatus::Aborted, out);
            }
            (S::Connecting, Input::HostClose | Input::HostAbort) => {
                if e.has(flag::ABORT_WANTED) {
                    return Err(CplStatus::BadState);
                }
                if let Some(e) = self.eps.get_mut(i) {
                    e.flags |= flag::ABORT_WANTED;
                }
            }
            (S::Connecting, Input::ActEstablish(tid, est)) => {
                self.bind_tid(i, tid);
                if e.has(flag::ABORT_WANTED) {
                    self.release_open(i);
                    self.abort_req(tid, out);
                    self.set_state(i, S::Aborting);
                } else {
                    self.store_establish(i, est);
                    self.set_state(i, S::Established);
                }
            }
            (S::Connecting, Input::ActOpenRpl(status)) => {
                let cause = CplStatus::try_from(status).unwrap_or(CplStatus::BadArgument);
                let ev = if e.has(flag::ABORT_WANTED) {
                    self.counters.aborts = self.counters.aborts.wrapping_add(1);
                    TcpEvent::Aborted
                } else if cause == CplStatus::Timeout {
                    TcpEvent::TimedOut
                } else {
                    TcpEvent::Refused
                };
                self.die(i, Some(ev), cause, out);
            }
            (S::Accepting, Input::PassEstablish(est)) => {
                self.store_establish(i, est);
                self.set_state(i, S::Established);
            }
            (S::Accepting, Input::AbortReq(_)) => {
                self.abort_rpl(u32::from(e.tid), CplStatus::Success, out);
                self.die(i, None, CplStatus::ConnReset, out);
            }
            (S::Accepting, Input::ListenerStopped) => {
                self.die(i, None, CplStatus::Aborted, out);
            }
            (S::Established, Input::HostClose) => {
                out.send(
                    CplMsg::new(CplOpcode::CloseConReq, 0, u32::from(e.tid), &[]),
                    &mut self.counters,
                );
                self.set_state(i, S::Closing);
            }
            (S::Established | S::Closing, Input::HostAbort) => {
                self.abort_req(e.tid, out);
                self.set_state(i, S::Aborting);
            }
            (S::Established | S::Closing, Input::PeerClose(state)) => {
                if let Some(e) = self.eps.get_mut(i) {
                    e.flags |= flag::PEER_FIN | flag::EV_PEER_CLOSED;
                }
                self.enqueue(i);
                // Before CLOSE_CON_RPL the reply to our CLOSE_CON_REQ is
                // still due and names the tid: wait for it.
                let replied = e.state == S::Established || e.has(flag::FIN_ACKED);
                if is_gone(state) && replied {
                    self.die(i, Some(TcpEvent::Closed), CplStatus::Success, out);
                }
            }
            (S::Closing, Input::CloseConRpl(state)) => {
                if let Some(e) = self.eps.get_mut(i) {
                    e.flags |= flag::FIN_ACKED;
                }
                if is_gone(state) {
                    self.die(i, Some(TcpEvent::Closed), CplStatus::Success, out);
                }
            }
            (S::Established | S::Closing, Input::AbortReq(status)) => {
                self.abort_rpl(u32::from(e.tid), CplStatus::Success, out);
                let cause = CplStatus::try_from(status).unwrap_or(CplStatus::ConnReset);
                let ev = match cause {
                    CplStatus::Timeout | CplStatus::KeepaliveTimeout => TcpEvent::TimedOut,
                    _ => TcpEvent::Reset,
                };
                self.counters.aborts = self.counters.aborts.wrapping_add(1);
                self.die(i, Some(ev), cause, out);
            }
            (S::Aborting, Input::AbortReq(_)) => {
                // crossing aborts: answer theirs, wait for ours
                self.abort_rpl(u32::from(e.tid), CplStatus::Success, out);
                if let Some(e) = self.eps.get_mut(i) {
                    e.flags |= flag::CROSSED;
                }
            }
            (S::Aborting, Input::AbortRpl) => {
                self.counters.aborts = self.counters.aborts.wrapping_add(1);
                self.die(i, Some(TcpEvent::Aborted), CplStatus::Success, out);
            }
            (_, Input::HostClose | Input::HostAbort) => return Err(CplStatus::BadState),
            (S::Aborting, _) => {
                // messages crossing the abort are dropped
                self.counters.late = self.counters.late.wrapping_add(1);
            }
            _ => {
                self.counters.bad_state = self.counters.bad_state.wrapping_add(1);
            }
        }
        Ok(())
    }

    // ----- host commands ------------------------------------------------

    /// TCP_LISTEN: starts a listener on `port` with room for `backlog`
    /// connections the host has not taken yet, offering `rcv_wnd` bytes
    /// (0: [`DEFAULT_RCV_WND`]). The answer is deferred until
    /// PASS_OPEN_RPL (words: result, listener id); ADDR_IN_USE (a listener
    /// of ours on the port) and NO_RESOURCES (no listener slot) are
    /// answered at once.
    ///
    /// # Errors
    ///
    /// BAD_ARGUMENT for port 0, backlog 0 or a window above
    /// [`MAX_RCV_WND`].
    pub fn listen(
        &mut self,
        port: u16,
        backlog: u16,
        rcv_wnd: u32,
        net: &dyn Net,
        now_us: u64,
    ) -> Result<Output, FwStatus> {
        if !tcp_args::listen_args_ok(port, backlog, rcv_wnd) {
            return Err(FwStatus::BadArgument);
        }
        let mut out = Output::default();
        if self
            .listeners
            .iter()
            .any(|l| l.state != ListenState::Free && l.port == port)
        {
            out.reply = Some(Words::status(CplStatus::AddrInUse));
            return Ok(out);
        }
        let max = usize::from(self.max_listeners);
        let Some(stid) = self
            .listeners
            .iter()
            .take(max)
            .position(|l| l.state == ListenState::Free)
        else {
            out.reply = Some(Words::status(CplStatus::NoResources));
            return Ok(out);
        };
        if self.deferred.is_some() {
            self.counters.internal = self.counters.internal.wrapping_add(1);
        }
        let wnd = if rcv_wnd == 0 {
            DEFAULT_RCV_WND
        } else {
            rcv_wnd
        };
        let wscale = wscale_for(wnd);
        self.listeners[stid] = Listener {
            state: ListenState::Opening,
            port,
            backlog,
            pending: 0,
            rcv_wscale: wscale,
        };
        let req = CplPassOpenReq {
            local_ip: net.local_ip().map_or(0, u32::from),
            peer_ip: 0,
            local_port: port,
            peer_port: 0,
            mss: 0,
            tcp_opt: cpl_tcp_opt::WSCALE,
            rcv_wscale: wscale,
            rcv_wnd: wnd,
            rsvd0: 0,
        };
        out.send(
            CplMsg::new(CplOpcode::PassOpenReq, 0, stid as u32, &req.to_bytes()),
            &mut self.counters,
        );
        self.deferred = Some(Deferred {
            what: Waiting::Listen(stid as u8),
            deadline_us: now_us.saturating_add(DEFER_TIMEOUT_US),
        });
        Ok(out)
    }

    /// TCP_UNLISTEN: stops listener `id`; deferred until
    /// CLOSE_LISTSRV_RPL (words: result, embryonic connections reset).
    /// BAD_ID when `id` is not a running listener.
    ///
    /// # Errors
    ///
    /// BAD_ARGUMENT for an id above the listener slots.
    pub fn unlisten(&mut self, id: u32, now_us: u64) -> Result<Output, FwStatus> {
        let stid = usize::try_from(id)
            .ok()
            .filter(|&s| s < LISTENERS)
            .ok_or(FwStatus::BadArgument)?;
        let mut out = Output::default();
        if self.listeners[stid].state != ListenState::Listening {
            out.reply = Some(Words::status(CplStatus::BadId));
            return Ok(out);
        }
        self.listeners[stid].state = ListenState::Closing;
        out.send(
            CplMsg::new(CplOpcode::CloseListsrvReq, 0, stid as u32, &[]),
            &mut self.counters,
        );
        self.deferred = Some(Deferred {
            what: Waiting::Unlisten(stid as u8),
            deadline_us: now_us.saturating_add(DEFER_TIMEOUT_US),
        });
        Ok(out)
    }

    /// `true` when `lport` is a listening port, or an open in progress
    /// uses the 4-tuple. (Open connections and TIME_WAIT are the engine's
    /// to check: it refuses a 4-tuple in use with ADDR_IN_USE.)
    fn port_taken(&self, lport: u16, peer: u32, pport: u16) -> bool {
        self.listeners
            .iter()
            .any(|l| l.state != ListenState::Free && l.port == lport)
            || self.opens.iter().any(|o| {
                o.ep != NIL && o.local_port == lport && o.peer_ip == peer && o.peer_port == pport
            })
    }

    fn ephemeral_port(&mut self, local: u32, peer: u32, pport: u16) -> Option<u16> {
        let offset = iss::port_offset(self.key, local, peer, pport);
        for _ in 0..EPHEMERAL_TRIES {
            let n = offset.wrapping_add(self.port_counter) % EPHEMERAL_COUNT;
            self.port_counter = self.port_counter.wrapping_add(1);
            let port = EPHEMERAL_FIRST + n as u16;
            if !self.port_taken(port, peer, pport) {
                return Some(port);
            }
        }
        None
    }

    /// TCP_CONNECT: opens a connection. Answers at once with (result,
    /// endpoint id, local port); the outcome comes later as an event
    /// (ESTABLISHED, REFUSED, TIMED_OUT, UNREACHABLE). Results:
    /// BAD_STATE before the port has an IPv4 address, ADDR_IN_USE when
    /// the 4-tuple is in use here, NO_RESOURCES when no endpoint, open
    /// slot, ephemeral port or neighbour entry is free.
    ///
    /// # Errors
    ///
    /// BAD_ARGUMENT for peer port 0, a peer address that cannot be a
    /// host's, unknown option bits, a shift above 14 or a window that does
    /// not fit the shift (or above [`MAX_RCV_WND`]).
    pub fn connect(
        &mut self,
        req: ConnectReq,
        net: &mut dyn Net,
        now_us: u64,
    ) -> Result<Output, FwStatus> {
        let ConnectWindow { wnd, shift } = tcp_args::check_connect(
            req.peer_ip,
            req.peer_port,
            req.opt,
            req.rcv_wscale,
            req.rcv_wnd,
        )
        .map_err(|_| FwStatus::BadArgument)?;
        let mut out = Output::default();
        let Some(local) = net.local_ip() else {
            out.reply = Some(Words::status(CplStatus::BadState));
            return Ok(out);
        };
        if self.max_tids == 0 {
            out.reply = Some(Words::status(CplStatus::NoResources));
            return Ok(out);
        }
        if req.peer_ip == local {
            return Err(FwStatus::BadArgument);
        }
        let (local, peer) = (u32::from(local), u32::from(req.peer_ip));
        let lport = if req.local_port == 0 {
            match self.ephemeral_port(local, peer, req.peer_port) {
                Some(p) => p,
                None => {
                    out.reply = Some(Words::status(CplStatus::NoResources));
                    return Ok(out);
                }
            }
        } else if self.port_taken(req.local_port, peer, req.peer_port) {
            out.reply = Some(Words::status(CplStatus::AddrInUse));
            return Ok(out);
        } else {
            req.local_port
        };
        let hop = net.resolve(req.peer_ip);
        match hop {
            Hop::Invalid => return Err(FwStatus::BadArgument),
            Hop::NoResources => {
                out.reply = Some(Words::status(CplStatus::NoResources));
                return Ok(out);
            }
            Hop::Known(_) | Hop::Pending => {}
        }
        let Some(i) = self.alloc_ep() else {
            out.reply = Some(Words::status(CplStatus::NoResources));
            return Ok(out);
        };
        let Some(k) = self.alloc_open(i, NO_LISTENER) else {
            // back to the free list untouched (same generation)
            if let Some(e) = self.eps.get_mut(i) {
                e.gen = e.gen.wrapping_sub(1) & GEN_MASK;
            }
            self.free_ep(i);
            out.reply = Some(Words::status(CplStatus::NoResources));
            return Ok(out);
        };
        if let Some(o) = self.opens.get_mut(k) {
            o.opt = req.opt;
            o.rcv_wscale = shift;
            o.wnd_then_isn = wnd;
            o.peer_ip = peer;
            o.peer_port = req.peer_port;
            o.local_port = lport;
        }
        self.set_state(i, EpState::Resolving);
        if let Hop::Known(mac) = hop {
            let _ = self.step(i, Input::Resolved(mac), net, now_us, &mut out);
        }
        out.reply = Some(Words::of(&[
            u32::from(u8::from(CplStatus::Success)),
            u32::from(self.ep_id(i)),
            u32::from(lport),
        ]));
        Ok(out)
    }

    fn host_input(
        &mut self,
        id: u32,
        input: Input,
        net: &mut dyn Net,
        now_us: u64,
    ) -> Result<Output, FwStatus> {
        let id = u16::try_from(id).map_err(|_| FwStatus::BadArgument)?;
        let mut out = Output::default();
        let i = match self.slot_of(id) {
            Ok(i) => i,
            Err(Some(s)) => return Err(s),
            Err(None) => {
                out.reply = Some(Words::status(CplStatus::BadId));
                return Ok(out);
            }
        };
        let r = self.step(i, input, net, now_us, &mut out);
        let status = match r {
            Ok(()) => CplStatus::Success,
            Err(s) => s,
        };
        // a deferred completion cannot come out of a host command
        out.reply = Some(Words::status(status));
        Ok(out)
    }

    /// TCP_CLOSE: closes endpoint `id` gracefully (CLOSE_CON_REQ); an open
    /// still in progress is aborted. Answers (result): BAD_ID, BAD_STATE
    /// when closing, aborting or dead.
    ///
    /// # Errors
    ///
    /// BAD_ARGUMENT for an id that is not 16 bits or names no slot.
    pub fn close(&mut self, id: u32, net: &mut dyn Net, now_us: u64) -> Result<Output, FwStatus> {
        self.host_input(id, Input::HostClose, net, now_us)
    }

    /// TCP_ABORT: resets endpoint `id` (ABORT_REQ); ABORTED follows.
    /// Answers (result) as [`close`](Self::close).
    ///
    /// # Errors
    ///
    /// As [`close`](Self::close).
    pub fn abort(&mut self, id: u32, net: &mut dyn Net, now_us: u64) -> Result<Output, FwStatus> {
        self.host_input(id, Input::HostAbort, net, now_us)
    }

    /// TCP_TCB: SET_TCB_FIELD on endpoint `id`'s connection; deferred
    /// until SET_TCB_RPL (words: result, value bits 31:0, 63:32). BAD_ID,
    /// or BAD_STATE when the endpoint has no open connection.
    ///
    /// # Errors
    ///
    /// BAD_ARGUMENT for an unknown field, or an id as in
    /// [`close`](Self::close).
    pub fn tcb(
        &mut self,
        id: u32,
        field: u32,
        value: u64,
        mask: u64,
        now_us: u64,
    ) -> Result<Output, FwStatus> {
        let field = u8::try_from(field)
            .ok()
            .and_then(|f| TcbField::try_from(f).ok())
            .ok_or(FwStatus::BadArgument)?;
        let id = u16::try_from(id).map_err(|_| FwStatus::BadArgument)?;
        let mut out = Output::default();
        let i = match self.slot_of(id) {
            Ok(i) => i,
            Err(Some(s)) => return Err(s),
            Err(None) => {
                out.reply = Some(Words::status(CplStatus::BadId));
                return Ok(out);
            }
        };
        let e = self.eps[i];
        if !matches!(e.state, EpState::Established | EpState::Closing) {
            out.reply = Some(Words::status(CplStatus::BadState));
            return Ok(out);
        }
        self.cookie = self.cookie.wrapping_add(1);
        let body = CplSetTcbField {
            field: field.into(),
            rsvd0: 0,
            cookie: self.cookie,
            rsvd1: 0,
            mask,
            value,
        };
        out.send(
            CplMsg::new(
                CplOpcode::SetTcbField,
                0,
                u32::from(e.tid),
                &body.to_bytes(),
            ),
            &mut self.counters,
        );
        self.deferred = Some(Deferred {
            what: Waiting::Tcb {
                tid: e.tid,
                cookie: self.cookie,
            },
            deadline_us: now_us.saturating_add(DEFER_TIMEOUT_US),
        });
        Ok(out)
    }

    /// TCP_EVENT: takes the oldest event. Words: word 1 = kind (7:0,
    /// `tcp_event`) | cause (15:8, `cpl_status`) | endpoint id (31:16);
    /// for ESTABLISHED and ACCEPTED eight more words: tid, local address,
    /// peer address, local port (15:0) | peer port (31:16), our ISN, the
    /// peer's ISN, MSS (15:0) | negotiated options (23:16) | send shift
    /// (27:24) | receive shift (31:28), listener id (ACCEPTED) or
    /// `0xffff_ffff`. NONE (word 1 = 0) when no event waits.
    pub fn take_event(&mut self, local_ip: Option<Ipv4Addr>) -> Words {
        let i = usize::from(self.ev_head);
        let Some(&e) = self.eps.get(i) else {
            return Words::of(&[u32::from(u8::from(TcpEvent::None))]);
        };
        let id = u32::from(self.ep_id(i)) << 16;
        let words = if e.has(flag::EV_OPEN) {
            let o = self.open_of(i).map_or(Open::FREE, |k| self.opens[k]);
            let (kind, listener) = if o.listener == NO_LISTENER {
                (TcpEvent::Established, u32::MAX)
            } else {
                (TcpEvent::Accepted, u32::from(o.listener))
            };
            let w = Words::of(&[
                id | u32::from(u8::from(kind)),
                if e.tid == NIL {
                    CPL_TID_NONE
                } else {
                    u32::from(e.tid)
                },
                local_ip.map_or(0, u32::from),
                o.peer_ip,
                u32::from(o.local_port) | (u32::from(o.peer_port) << 16),
                o.wnd_then_isn,
                o.rcv_isn,
                u32::from(o.mss)
                    | (u32::from(o.opt) << 16)
                    | (u32::from(o.snd_wscale & 0xf) << 24)
                    | (u32::from(o.rcv_wscale & 0xf) << 28),
                listener,
            ]);
            if let Some(e) = self.eps.get_mut(i) {
                e.flags &= !flag::EV_OPEN;
            }
            self.release_open(i);
            w
        } else if e.has(flag::EV_PEER_CLOSED) {
            if let Some(e) = self.eps.get_mut(i) {
                e.flags &= !flag::EV_PEER_CLOSED;
            }
            Words::of(&[id | u32::from(u8::from(TcpEvent::PeerClosed))])
        } else {
            // DEAD: the final event
            let w = Words::of(&[id | (u32::from(e.fin >> 4) << 8) | u32::from(e.fin & 0xf)]);
            self.dequeue_head();
            self.set_state(i, EpState::Free);
            self.free_ep(i);
            return w;
        };
        if self.eps.get(i).is_some_and(|e| !e.has_events()) {
            self.dequeue_head();
        }
        words
    }

    // ----- engine messages ----------------------------------------------

    /// Handles one CPL message from the engine: `kept` is its first bytes
    /// (at least the header and fixed body when well-formed), `total` its
    /// length in bytes as the port's framing says.
    pub fn handle_cpl(
        &mut self,
        kept: &[u8],
        total: usize,
        net: &mut dyn Net,
        now_us: u64,
    ) -> Output {
        self.counters.cpl_in = self.counters.cpl_in.wrapping_add(1);
        let mut out = Output::default();
        let msg = match CplIn::parse(kept, total) {
            Ok(m) => m,
            Err(CplInError::BadFraming) => {
                self.counters.bad_framing = self.counters.bad_framing.wrapping_add(1);
                return out;
            }
            Err(CplInError::BadOpcode(_)) => {
                self.counters.bad_opcode = self.counters.bad_opcode.wrapping_add(1);
                return out;
            }
            Err(CplInError::BadLength(op)) => {
                self.counters.bad_length = self.counters.bad_length.wrapping_add(1);
                let id = kept
                    .get(4..8)
                    .and_then(|b| b.try_into().ok())
                    .map_or(CPL_TID_NONE, u32::from_le_bytes);
                match op {
                    // a SYN we cannot read: refuse it so the tid is freed
                    CplOpcode::PassAcceptReq => {
                        self.accept_rpl_drop(id, CplStatus::BadLength, &mut out)
                    }
                    // the tid is named in the header: the abort stands
                    CplOpcode::AbortReq => {
                        self.on_abort_req(id, CplStatus::BadLength.into(), net, now_us, &mut out)
                    }
                    _ => {}
                }
                return out;
            }
        };
        let id = msg.hdr.id;
        match msg.op {
            CplOpcode::ActEstablish => {
                if let Some(b) = msg.fixed::<{ CplActEstablish::SIZE }>() {
                    let b = CplActEstablish::from_bytes(&b);
                    let est = Establish {
                        snd_isn: b.snd_isn,
                        rcv_isn: b.rcv_isn,
                        mss: b.mss,
                        opt: b.tcp_opt,
                        snd_wscale: b.snd_wscale,
                        rcv_wscale: b.rcv_wscale,
                    };
                    self.on_act_establish(id, b.atid, est, net, now_us, &mut out);
                }
            }
            CplOpcode::ActOpenRpl => {
                if let Some(b) = msg.fixed::<{ CplActOpenRpl::SIZE }>() {
                    let b = CplActOpenRpl::from_bytes(&b);
                    match self.atid_slot(id) {
                        Some(i) => {
                            self.engine_step(i, Input::ActOpenRpl(b.status), net, now_us, &mut out)
                        }
                        None => self.counters.bad_id = self.counters.bad_id.wrapping_add(1),
                    }
                }
            }
            CplOpcode::PassOpenRpl => {
                if let Some(b) = msg.fixed::<{ CplPassOpenRpl::SIZE }>() {
                    self.on_pass_open_rpl(id, CplPassOpenRpl::from_bytes(&b).status, &mut out);
                }
            }
            CplOpcode::PassAcceptReq => {
                if let Some(b) = msg.fixed::<{ CplPassAcceptReq::SIZE }>() {
                    self.on_pass_accept_req(
                        id,
                        &CplPassAcceptReq::from_bytes(&b),
                        now_us,
                        &mut out,
                    );
                }
            }
            CplOpcode::PassEstablish => {
                if let Some(b) = msg.fixed::<{ CplPassEstablish::SIZE }>() {
                    let b = CplPassEstablish::from_bytes(&b);
                    let est = Establish {
                        snd_isn: b.snd_isn,
                        rcv_isn: b.rcv_isn,
                        mss: b.mss,
                        opt: b.tcp_opt,
                        snd_wscale: b.snd_wscale,
                        rcv_wscale: b.rcv_wscale,
                    };
                    self.tid_input(id, Input::PassEstablish(est), net, now_us, &mut out);
                }
            }
            CplOpcode::CloseListsrvRpl => {
                if let Some(b) = msg.fixed::<{ CplCloseListsrvRpl::SIZE }>() {
                    let b = CplCloseListsrvRpl::from_bytes(&b);
                    self.on_close_listsrv_rpl(id, b.status, b.dropped, net, now_us, &mut out);
                }
            }
            CplOpcode::CloseConRpl => {
                if let Some(b) = msg.fixed::<{ CplCloseConRpl::SIZE }>() {
                    let b = CplCloseConRpl::from_bytes(&b);
                    self.tid_input(id, Input::CloseConRpl(b.state), net, now_us, &mut out);
                }
            }
            CplOpcode::PeerClose => {
                if let Some(b) = msg.fixed::<{ CplPeerClose::SIZE }>() {
                    let b = CplPeerClose::from_bytes(&b);
                    self.tid_input(id, Input::PeerClose(b.state), net, now_us, &mut out);
                }
            }
            CplOpcode::AbortReq => {
                if let Some(b) = msg.fixed::<{ CplAbortReq::SIZE }>() {
                    let b = CplAbortReq::from_bytes(&b);
                    self.on_abort_req(id, b.status, net, now_us, &mut out);
                }
            }
            CplOpcode::AbortRpl => self.tid_input(id, Input::AbortRpl, net, now_us, &mut out),
            CplOpcode::SetTcbRpl => {
                if let Some(b) = msg.fixed::<{ CplSetTcbRpl::SIZE }>() {
                    self.on_set_tcb_rpl(id, &CplSetTcbRpl::from_bytes(&b), &mut out);
                }
            }
            CplOpcode::RxData => {
                self.counters.rx_data_dropped = self.counters.rx_data_dropped.wrapping_add(1);
            }
            CplOpcode::TxDataAck | CplOpcode::RdmaTerminate => {
                self.counters.ignored = self.counters.ignored.wrapping_add(1);
            }
            // CplIn::parse refuses the CP→HW opcodes
            _ => self.counters.bad_opcode = self.counters.bad_opcode.wrapping_add(1),
        }
        out
    }

    /// `step` for an engine message: a refusal is counted.
    fn engine_step(
        &mut self,
        i: usize,
        input: Input,
        net: &mut dyn Net,
        now_us: u64,
        out: &mut Output,
    ) {
        if self.step(i, input, net, now_us, out).is_err() {
            self.counters.bad_state = self.counters.bad_state.wrapping_add(1);
        }
    }

    /// An engine message for a tid: to its endpoint, or counted as late
    /// (a tid just freed) when it names none.
    fn tid_input(
        &mut self,
        tid: u32,
        input: Input,
        net: &mut dyn Net,
        now_us: u64,
        out: &mut Output,
    ) {
        match self.tid_slot(tid) {
            Some(i) => self.engine_step(i, input, net, now_us, out),
            None if usize::try_from(tid).is_ok_and(|t| t < MAX_TIDS) => {
                self.counters.late = self.counters.late.wrapping_add(1);
            }
            None => self.counters.bad_id = self.counters.bad_id.wrapping_add(1),
        }
    }

    /// The endpoint an atid (the endpoint id) names, if it is connecting.
    fn atid_slot(&self, atid: u32) -> Option<usize> {
        let i = self.slot_of(u16::try_from(atid).ok()?).ok()?;
        (self.eps[i].state == EpState::Connecting).then_some(i)
    }

    fn on_act_establish(
        &mut self,
        tid: u32,
        atid: u32,
        est: Establish,
        net: &mut dyn Net,
        now_us: u64,
        out: &mut Output,
    ) {
        let tid16 = self.new_tid(tid, out);
        match (self.atid_slot(atid), tid16) {
            (Some(i), Some(t)) => {
                self.engine_step(i, Input::ActEstablish(t, est), net, now_us, out)
            }
            (_, Some(t)) => {
                // a connection nobody asked for: reset it
                self.counters.bad_id = self.counters.bad_id.wrapping_add(1);
                self.abort_req(t, out);
            }
            (_, None) => self.counters.bad_id = self.counters.bad_id.wrapping_add(1),
        }
    }

    fn on_abort_req(
        &mut self,
        tid: u32,
        status: u8,
        net: &mut dyn Net,
        now_us: u64,
        out: &mut Output,
    ) {
        match self.tid_slot(tid) {
            Some(i) => self.engine_step(i, Input::AbortReq(status), net, now_us, out),
            None => {
                // not ours (any more): answer so the engine frees it
                self.counters.bad_id = self.counters.bad_id.wrapping_add(1);
                self.abort_rpl(tid, CplStatus::BadId, out);
            }
        }
    }

    fn accept_rpl_drop(&mut self, tid: u32, status: CplStatus, out: &mut Output) {
        let body = CplPassAcceptRpl {
            status: status.into(),
            ..CplPassAcceptRpl::default()
        };
        out.send(
            CplMsg::new(CplOpcode::PassAcceptRpl, 0, tid, &body.to_bytes()),
            &mut self.counters,
        );
    }

    fn on_pass_accept_req(
        &mut self,
        tid: u32,
        req: &CplPassAcceptReq,
        now_us: u64,
        out: &mut Output,
    ) {
        let Some(tid16) = self.new_tid(tid, out) else {
            self.counters.bad_id = self.counters.bad_id.wrapping_add(1);
            return self.accept_rpl_drop(tid, CplStatus::BadId, out);
        };
        let stid = usize::try_from(req.stid).unwrap_or(usize::MAX);
        let Some(l) = self
            .listeners
            .get(stid)
            .copied()
            .filter(|l| l.state == ListenState::Listening)
        else {
            self.counters.bad_id = self.counters.bad_id.wrapping_add(1);
            return self.accept_rpl_drop(tid, CplStatus::BadId, out);
        };
        if l.pending >= l.backlog {
            self.counters.syn_backlog_drops = self.counters.syn_backlog_drops.wrapping_add(1);
            return self.accept_rpl_drop(tid, CplStatus::NoResources, out);
        }
        let Some(i) = self.alloc_ep() else {
            self.counters.syn_resource_drops = self.counters.syn_resource_drops.wrapping_add(1);
            return self.accept_rpl_drop(tid, CplStatus::NoResources, out);
        };
        if self.alloc_open(i, stid as u8).is_none() {
            if let Some(e) = self.eps.get_mut(i) {
                e.gen = e.gen.wrapping_sub(1) & GEN_MASK;
            }
            self.free_ep(i);
            self.counters.syn_resource_drops = self.counters.syn_resource_drops.wrapping_add(1);
            return self.accept_rpl_drop(tid, CplStatus::NoResources, out);
        };
        if let Some(o) = self.open_mut(i) {
            o.peer_ip = req.peer_ip;
            o.peer_port = req.peer_port;
            o.local_port = req.local_port;
        }
        if let Some(e) = self.eps.get_mut(i) {
            e.flags = flag::BACKLOG;
        }
        if let Some(l) = self.listeners.get_mut(stid) {
            l.pending += 1;
        }
        self.bind_tid(i, tid16);
        self.set_state(i, EpState::Accepting);
        // window scaling and SACK when the peer offered them (RFC 7323
        // §1.3, RFC 2018 §2)
        let opts = req.tcp_opt & (cpl_tcp_opt::WSCALE | cpl_tcp_opt::SACK);
        let wscale = opts & cpl_tcp_opt::WSCALE;
        let iss = iss::isn(
            self.key,
            req.local_ip,
            req.local_port,
            req.peer_ip,
            req.peer_port,
            now_us,
        );
        let body = CplPassAcceptRpl {
            status: CplStatus::Success.into(),
            tcp_opt: opts,
            rcv_wscale: if wscale != 0 { l.rcv_wscale } else { 0 },
            tos: req.tos,
            iss,
            mss: 0,
            rsvd0: 0,
            rcv_wnd: 0,
        };
        out.send(
            CplMsg::new(CplOpcode::PassAcceptRpl, 0, tid, &body.to_bytes()),
            &mut self.counters,
        );
    }

    fn on_pass_open_rpl(&mut self, stid: u32, status: u8, out: &mut Output) {
        let Some(l) = usize::try_from(stid)
            .ok()
            .and_then(|s| self.listeners.get_mut(s))
        else {
            self.counters.bad_id = self.counters.bad_id.wrapping_add(1);
            return;
        };
        let ok = status == status_u8(CplStatus::Success);
        match l.state {
            ListenState::Opening => {
                l.state = if ok {
                    ListenState::Listening
                } else {
                    ListenState::Free
                };
                if self.deferred.map(|d| d.what) == Some(Waiting::Listen(stid as u8)) {
                    self.deferred = None;
                    out.reply = Some(Words::of(&[u32::from(status), stid]));
                } else {
                    self.counters.internal = self.counters.internal.wrapping_add(1);
                }
            }
            ListenState::Orphan if ok => {
                l.state = ListenState::Closing;
                out.send(
                    CplMsg::new(CplOpcode::CloseListsrvReq, 0, stid, &[]),
                    &mut self.counters,
                );
            }
            ListenState::Orphan => *l = Listener::FREE,
            ListenState::Free | ListenState::Listening | ListenState::Closing => {
                self.counters.bad_state = self.counters.bad_state.wrapping_add(1);
            }
        }
    }

    fn on_close_listsrv_rpl(
        &mut self,
        stid: u32,
        status: u8,
        dropped: u32,
        net: &mut dyn Net,
        now_us: u64,
        out: &mut Output,
    ) {
        let s = usize::try_from(stid).unwrap_or(usize::MAX);
        if self.listeners.get(s).map(|l| l.state) != Some(ListenState::Closing) {
            self.counters.bad_id = self.counters.bad_id.wrapping_add(1);
            return;
        }
        // docs/cpl.md: the engine resets the listener's embryonic
        // connections and reports how many (`dropped`); their tids are free.
        // An engine that leaves them to complete reports 0: they stay and
        // become ACCEPTED. Either way nothing counts against a backlog now.
        for k in 0..OPEN_SLOTS {
            let o = self.opens[k];
            if o.ep == NIL || usize::from(o.listener) != s {
                continue;
            }
            let i = usize::from(o.ep);
            let embryonic = self.eps.get(i).map(|e| e.state) == Some(EpState::Accepting);
            if embryonic && dropped != 0 {
                self.engine_step(i, Input::ListenerStopped, net, now_us, out);
            } else {
                self.release_backlog(i);
            }
        }
        self.listeners[s] = Listener::FREE;
        if self.deferred.map(|d| d.what) == Some(Waiting::Unlisten(s as u8)) {
            self.deferred = None;
            out.reply = Some(Words::of(&[u32::from(status), dropped]));
        }
    }

    fn on_set_tcb_rpl(&mut self, tid: u32, rpl: &CplSetTcbRpl, out: &mut Output) {
        match self.deferred {
            Some(Deferred {
                what: Waiting::Tcb { tid: t, cookie },
                ..
            }) if u32::from(t) == tid && cookie == rpl.cookie => {
                self.deferred = None;
                out.reply = Some(Words::of(&[
                    u32::from(rpl.status),
                    rpl.value as u32,
                    (rpl.value >> 32) as u32,
                ]));
            }
            _ => self.counters.late = self.counters.late.wrapping_add(1),
        }
    }

    // ----- time and ARP ---------------------------------------------------

    /// ARP gave up on next hop `hop`: every open waiting for it ends with
    /// UNREACHABLE.
    pub fn unreachable(&mut self, hop: Ipv4Addr, net: &mut dyn Net, now_us: u64) -> Output {
        let mut out = Output::default();
        if self.resolving == 0 {
            return out;
        }
        for k in 0..OPEN_SLOTS {
            let o = self.opens[k];
            let i = usize::from(o.ep);
            let resolving = self.eps.get(i).map(|e| e.state) == Some(EpState::Resolving);
            if resolving && net.next_hop(Ipv4Addr::from(o.peer_ip)) == hop {
                let _ = self.step(i, Input::Unreachable, net, now_us, &mut out);
            }
        }
        out
    }

    /// Runs the timers: answers a deferred request whose engine reply is
    /// overdue (TIMEOUT), and sends the ACT_OPEN_REQ of an open whose next
    /// hop has been resolved (one per call).
    pub fn poll(&mut self, net: &mut dyn Net, now_us: u64) -> Output {
        let mut out = Output::default();
        if let Some(d) = self.deferred {
            if now_us >= d.deadline_us {
                self.deferred = None;
                self.counters.deferred_timeouts = self.counters.deferred_timeouts.wrapping_add(1);
                match d.what {
                    Waiting::Listen(s) => {
                        if let Some(l) = self.listeners.get_mut(usize::from(s)) {
                            if l.state == ListenState::Opening {
                                l.state = ListenState::Orphan;
                            }
                        }
                        out.reply = Some(Words::of(&[
                            u32::from(status_u8(CplStatus::Timeout)),
                            u32::from(s),
                        ]));
                    }
                    Waiting::Unlisten(_) => {
                        out.reply = Some(Words::of(&[u32::from(status_u8(CplStatus::Timeout)), 0]));
                    }
                    Waiting::Tcb { .. } => {
                        out.reply =
                            Some(Words::of(&[u32::from(status_u8(CplStatus::Timeout)), 0, 0]));
                    }
                }
                return out;
            }
        }
        if self.resolving == 0 {
            return out;
        }
        // the open slots hold every resolving endpoint: ask about a few,
        // from where the last poll stopped
        let mut asked = 0;
        for _ in 0..OPEN_SLOTS {
            if asked == RESOLVE_PER_POLL {
                break;
            }
            let k = usize::from(self.resolve_cursor) % OPEN_SLOTS;
            self.resolve_cursor = ((k + 1) % OPEN_SLOTS) as u16;
            let o = self.opens[k];
            let i = usize::from(o.ep);
            if self.eps.get(i).map(|e| e.state) != Some(EpState::Resolving) {
                continue;
            }
            asked += 1;
            match net.resolve(Ipv4Addr::from(o.peer_ip)) {
                Hop::Known(mac) => {
                    let _ = self.step(i, Input::Resolved(mac), net, now_us, &mut out);
                    return out;
                }
                Hop::Pending => {}
                Hop::NoResources | Hop::Invalid => {
                    let _ = self.step(i, Input::Unreachable, net, now_us, &mut out);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_starts_consistent() {
        let t = TcpCp::new();
        assert_eq!(t.check_invariants(), Ok(()));
        assert_eq!(t.endpoints_in_use(), 0);
    }
}
