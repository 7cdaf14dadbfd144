//! ARP for IPv4 over Ethernet (RFC 826): the responder and the resolver.
//!
//! [`Arp::handle_arp`] runs RFC 826's packet reception with the usual
//! refinements: ARP sent from our own MAC, from a group or zero MAC, or
//! claiming our address is ignored (the last one counted as a conflict,
//! RFC 5227 §2.4); a sender address that cannot be a unicast host teaches
//! nothing; a request for our address is answered, also an RFC 5227 probe
//! (sender address 0.0.0.0); a request for our address creates a `STALE`
//! entry for an on-link sender; a reply addressed to us confirms an entry
//! we are resolving; a gratuitous ARP (sender = target address) and any
//! other ARP overheard only update entries that exist.
//!
//! [`Arp::resolve`] maps a destination to the MAC of its next hop, starting
//! a resolution when needed, and [`Arp::poll`] runs the retransmission and
//! expiry timers of [`super::neigh`].

use core::net::Ipv4Addr;

use warpnic_abi::gen::{ArpOper, EtherType};
use warpnic_abi::wire::{ArpRepr, EthernetRepr, WireError};

use super::exception::DropReason;
use super::neigh::{Lookup, NeighError, NeighTable, NeighTimer, Update};
use super::{pad, Interface, BROADCAST_MAC, MIN_FRAME_LEN};
use crate::mac::MacAddr;

/// What [`Arp::handle_arp`] did with a packet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArpAction {
    /// A request for our address: the reply is in the caller's buffer.
    Reply {
        /// Bytes of the buffer to transmit.
        len: usize,
        /// The requester, when this request also completed a resolution
        /// of it (callers waiting on it may retry [`Arp::resolve`]).
        resolved: Option<Ipv4Addr>,
    },
    /// The neighbour table was updated; nothing to send.
    Learned {
        /// The sender's address.
        ip: Ipv4Addr,
        /// Its MAC address.
        mac: MacAddr,
        /// `true` when a resolution of `ip` completed.
        resolved: bool,
    },
    /// Nothing to do, for the reason given.
    Ignored(ArpIgnore),
}

/// Why a well-formed ARP packet changed nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArpIgnore {
    /// Sent from our own MAC (a loop, or our own broadcast echoed back).
    OwnMac,
    /// The sender MAC is zero or a group address.
    BadSenderMac,
    /// The sender address cannot be a unicast host.
    BadSenderIp,
    /// Another station claims our address (RFC 5227 §2.4).
    AddressConflict,
    /// Not for our address and about no neighbour we know.
    NotForUs,
    /// A reply for our address that answers no request of ours.
    Unsolicited,
    /// The sender could not be learned because the table is full and has
    /// no `STALE` entry to replace. Only a request for our address creates
    /// entries, and that is answered all the same (`Reply`), so this is
    /// reported only if a future caller creates entries from other packets.
    TableFull,
}

/// The result of [`Arp::resolve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Resolve {
    /// Send to this MAC.
    Known(MacAddr),
    /// Resolution is in progress; try again after a
    /// [`ArpAction::Learned`] or `Reply` with `resolved`, or give up on
    /// [`ArpPoll::Unreachable`].
    Pending,
    /// Resolution started: transmit the broadcast request in the caller's
    /// buffer, then behave as for `Pending`.
    SendRequest {
        /// Bytes of the buffer to transmit.
        len: usize,
    },
}

/// Why [`Arp::resolve`] cannot give a MAC.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResolveError {
    /// The destination is off link and there is no gateway.
    NoRoute,
    /// The destination is our own address.
    OwnAddress,
    /// The destination (or its next hop) cannot be a unicast host and is
    /// not a broadcast or multicast address either.
    InvalidAddress,
    /// No room for a new neighbour.
    TableFull,
    /// The caller's buffer is shorter than [`MIN_FRAME_LEN`].
    BufferTooSmall,
}

/// What [`Arp::poll`] asks the caller to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArpPoll {
    /// Transmit the request for `ip` in the caller's buffer.
    Transmit {
        /// Bytes of the buffer to transmit.
        len: usize,
        /// The address being resolved or probed.
        ip: Ipv4Addr,
    },
    /// Resolution of `ip` failed; fail whatever waits on it.
    Unreachable(Ipv4Addr),
}

/// Event counts (wrapping).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ArpCounters {
    /// Requests received for our address.
    pub requests_received: u32,
    /// Replies sent.
    pub replies_sent: u32,
    /// Requests sent (broadcast and unicast probes).
    pub requests_sent: u32,
    /// Packets that changed the neighbour table.
    pub learned: u32,
    /// Packets from another station claiming our address.
    pub conflicts: u32,
    /// Resolutions that failed.
    pub failures: u32,
}

/// The ARP responder and resolver over a neighbour table of `N` entries.
#[derive(Clone, Debug)]
pub struct Arp<const N: usize> {
    table: NeighTable<N>,
    counters: ArpCounters,
}

impl<const N: usize> Default for Arp<N> {
    fn default() -> Self {
        Self::new()
    }
}

/// The Ethernet multicast MAC of an IPv4 group (RFC 1112 §6.4).
pub fn multicast_mac(group: Ipv4Addr) -> MacAddr {
    let o = group.octets();
    MacAddr([0x01, 0x00, 0x5e, o[1] & 0x7f, o[2], o[3]])
}

/// Writes an ARP packet in an Ethernet frame, padded; returns its length.
fn emit(out: &mut [u8], eth_dst: MacAddr, iface: &Interface, arp: &ArpRepr) -> Option<usize> {
    let eth = EthernetRepr {
        dst: eth_dst.0,
        src: iface.mac().0,
        ether_type: EtherType::Arp.into(),
    };
    let n = eth.emit(out).ok()?;
    let m = arp.emit(out.get_mut(n..)?).ok()?;
    pad(out, n + m)
}

/// Writes a broadcast (or, with `unicast`, a unicast) ARP request for
/// `target` from `iface` into `out`; returns the frame length (60).
///
/// # Errors
///
/// [`ResolveError::BufferTooSmall`] when `out` is shorter than
/// [`MIN_FRAME_LEN`].
pub fn emit_request(
    iface: &Interface,
    target: Ipv4Addr,
    unicast: Option<MacAddr>,
    out: &mut [u8],
) -> Result<usize, ResolveError> {
    let arp = ArpRepr {
        oper: ArpOper::Request,
        sha: iface.mac().0,
        spa: iface.ip(),
        tha: [0; 6],
        tpa: target,
    };
    emit(out, unicast.unwrap_or(BROADCAST_MAC), iface, &arp).ok_or(ResolveError::BufferTooSmall)
}

/// Writes a gratuitous ARP announcement of `iface`'s address (RFC 5227
/// §2.3: a broadcast request with sender and target address both ours);
/// returns the frame length (60).
///
/// # Errors
///
/// [`ResolveError::BufferTooSmall`] when `out` is shorter than
/// [`MIN_FRAME_LEN`].
pub fn emit_announcement(iface: &Interface, out: &mut [u8]) -> Result<usize, ResolveError> {
    emit_request(iface, iface.ip(), None, out)
}

impl<const N: usize> Arp<N> {
    /// A resolver with an empty table.
    pub const fn new() -> Self {
        Self {
            table: NeighTable::new(),
            counters: ArpCounters {
                requests_received: 0,
                replies_sent: 0,
                requests_sent: 0,
                learned: 0,
                conflicts: 0,
                failures: 0,
            },
        }
    }

    /// The neighbour table.
    pub fn table(&self) -> &NeighTable<N> {
        &self.table
    }

    /// The neighbour table, for updates from other protocols (an IP
    /// datagram's sender) and for administrative removal.
    pub fn table_mut(&mut self) -> &mut NeighTable<N> {
        &mut self.table
    }

    /// The counters.
    pub fn counters(&self) -> ArpCounters {
        self.counters
    }

    /// Handles one received Ethernet frame carrying ARP. A reply, if any,
    /// is written to `out` (which must hold [`MIN_FRAME_LEN`] bytes).
    ///
    /// # Errors
    ///
    /// A [`DropReason`] for a frame that is not a well-formed ARP-over-
    /// Ethernet IPv4 packet, or when `out` is too small for a reply that
    /// was due.
    pub fn handle_arp(
        &mut self,
        iface: &Interface,
        frame: &[u8],
        now_ms: u64,
        out: &mut [u8],
    ) -> Result<ArpAction, DropReason> {
        let (eth, body) = EthernetRepr::parse(frame).map_err(|_| DropReason::EthTruncated)?;
        if eth.ether_type != u16::from(EtherType::Arp) {
            return Err(DropReason::NotArp);
        }
        let (arp, _padding) = ArpRepr::parse(body).map_err(|e| match e {
            WireError::Truncated => DropReason::ArpTruncated,
            _ => DropReason::ArpMalformed,
        })?;
        let sha = MacAddr(arp.sha);
        if sha == iface.mac() || MacAddr(eth.src) == iface.mac() {
            return Ok(ArpAction::Ignored(ArpIgnore::OwnMac));
        }
        if !sha.is_valid_unicast() {
            return Ok(ArpAction::Ignored(ArpIgnore::BadSenderMac));
        }
        if arp.spa == iface.ip() {
            self.counters.conflicts = self.counters.conflicts.wrapping_add(1);
            return Ok(ArpAction::Ignored(ArpIgnore::AddressConflict));
        }
        let for_us = arp.tpa == iface.ip();
        let request_for_us = for_us && arp.oper == ArpOper::Request;
        if request_for_us {
            self.counters.requests_received = self.counters.requests_received.wrapping_add(1);
        }

        // Learning (RFC 826 "merge"), skipped for probes (sender 0.0.0.0)
        // and for senders that cannot be unicast hosts.
        let learned = if arp.spa.is_unspecified() {
            None
        } else if !iface.is_unicast_peer(arp.spa) {
            return Ok(ArpAction::Ignored(ArpIgnore::BadSenderIp));
        } else if for_us && arp.oper == ArpOper::Reply && MacAddr(eth.dst) == iface.mac() {
            Some(Ok(self.table.confirm(arp.spa, sha, now_ms)))
        } else {
            let create = request_for_us && iface.is_on_link(arp.spa);
            Some(self.table.hint(arp.spa, sha, now_ms, create))
        };
        if matches!(learned, Some(Ok(Update::Changed | Update::Resolved))) {
            self.counters.learned = self.counters.learned.wrapping_add(1);
        }

        if request_for_us {
            let reply = ArpRepr {
                oper: ArpOper::Reply,
                sha: iface.mac().0,
                spa: iface.ip(),
                tha: arp.sha,
                tpa: arp.spa,
            };
            let len = emit(out, sha, iface, &reply).ok_or(DropReason::OutputTooSmall)?;
            self.counters.replies_sent = self.counters.replies_sent.wrapping_add(1);
            let resolved = matches!(learned, Some(Ok(Update::Resolved))).then_some(arp.spa);
            return Ok(ArpAction::Reply { len, resolved });
        }
        Ok(match learned {
            // A probe (sender 0.0.0.0) not for our address.
            None => ArpAction::Ignored(ArpIgnore::NotForUs),
            Some(Err(NeighError::TableFull)) => ArpAction::Ignored(ArpIgnore::TableFull),
            Some(Ok(Update::Absent)) if for_us => ArpAction::Ignored(ArpIgnore::Unsolicited),
            Some(Ok(Update::Absent)) => ArpAction::Ignored(ArpIgnore::NotForUs),
            Some(Ok(u)) => ArpAction::Learned {
                ip: arp.spa,
                mac: sha,
                resolved: u == Update::Resolved,
            },
        })
    }

    /// The MAC to send a datagram for `dst` to: the next hop's (`dst` when
    /// on link, else the gateway), the broadcast MAC for a broadcast
    /// address, the group MAC for a multicast address. Starts a
    /// resolution, writing its first request to `out`, when the next hop
    /// is unknown.
    ///
    /// # Errors
    ///
    /// [`ResolveError`] when there is no route, `dst` is ours or not a
    /// valid destination, the table is full, or `out` is too short for the
    /// request that was due.
    pub fn resolve(
        &mut self,
        iface: &Interface,
        dst: Ipv4Addr,
        now_ms: u64,
        out: &mut [u8],
    ) -> Result<Resolve, ResolveError> {
        if dst == iface.ip() {
            return Err(ResolveError::OwnAddress);
        }
        if iface.is_broadcast(dst) {
            return Ok(Resolve::Known(BROADCAST_MAC));
        }
        if dst.is_multicast() {
            return Ok(Resolve::Known(multicast_mac(dst)));
        }
        if !iface.is_unicast_peer(dst) {
            return Err(ResolveError::InvalidAddress);
        }
        let hop = iface.next_hop(dst).ok_or(ResolveError::NoRoute)?;
        self.resolve_hop(iface, hop, now_ms, out)
    }

    /// The MAC of next hop `hop`, a unicast host the caller has routed to
    /// (e.g. an off-link peer treated as on link when there is no
    /// gateway). Starts a resolution, writing its first request to `out`,
    /// when `hop` is unknown.
    ///
    /// # Errors
    ///
    /// [`ResolveError::OwnAddress`] or [`ResolveError::InvalidAddress`]
    /// when `hop` cannot be a neighbour, [`ResolveError::TableFull`], or
    /// [`ResolveError::BufferTooSmall`] when `out` is too short for the
    /// request that was due.
    pub fn resolve_hop(
        &mut self,
        iface: &Interface,
        hop: Ipv4Addr,
        now_ms: u64,
        out: &mut [u8],
    ) -> Result<Resolve, ResolveError> {
        if hop == iface.ip() {
            return Err(ResolveError::OwnAddress);
        }
        if !iface.is_unicast_peer(hop) {
            return Err(ResolveError::InvalidAddress);
        }
        match self.table.use_entry(hop, now_ms) {
            Lookup::Mac(mac) => Ok(Resolve::Known(mac)),
            Lookup::Incomplete => Ok(Resolve::Pending),
            Lookup::Missing => {
                let len = emit_request(iface, hop, None, out)?;
                self.table
                    .solicit(hop, now_ms)
                    .map_err(|NeighError::TableFull| ResolveError::TableFull)?;
                self.counters.requests_sent = self.counters.requests_sent.wrapping_add(1);
                Ok(Resolve::SendRequest { len })
            }
        }
    }

    /// Runs the table's timers: returns the next request to transmit (a
    /// retransmission or a probe, written to `out`) or a failed resolution,
    /// or `None` when nothing is due. Call until `None`.
    ///
    /// # Errors
    ///
    /// [`ResolveError::BufferTooSmall`] when `out` is shorter than
    /// [`MIN_FRAME_LEN`]; no timer runs then.
    pub fn poll(
        &mut self,
        iface: &Interface,
        now_ms: u64,
        out: &mut [u8],
    ) -> Result<Option<ArpPoll>, ResolveError> {
        if out.len() < MIN_FRAME_LEN {
            return Err(ResolveError::BufferTooSmall);
        }
        match self.table.poll(now_ms) {
            None => Ok(None),
            Some(NeighTimer::Failed(ip)) => {
                self.counters.failures = self.counters.failures.wrapping_add(1);
                Ok(Some(ArpPoll::Unreachable(ip)))
            }
            Some(NeighTimer::Request { ip, unicast }) => {
                let len = emit_request(iface, ip, unicast, out)?;
                self.counters.requests_sent = self.counters.requests_sent.wrapping_add(1);
                Ok(Some(ArpPoll::Transmit { len, ip }))
            }
        }
    }
}
