//! The exception-path dispatcher: every frame the core does not handle in
//! hardware reaches [`ExceptionPath::handle_frame`], which classifies it
//! and handles what the firmware owns.
//!
//! | frame | verdict |
//! |---|---|
//! | shorter than an Ethernet header | `Drop(EthTruncated)` |
//! | source MAC a group address / our own | `Drop(BadSourceMac / OwnSourceMac)` |
//! | unicast destination MAC not ours | `Drop(NotOurMac)` |
//! | 802.3 length instead of an EtherType | `PassToHost(NotEthernetII)` |
//! | ARP | [`Verdict::Arp`] (reply, learned, ignored) or `Drop` if malformed |
//! | IPv4, malformed (length, version, header checksum) | `Drop(Ipv4*)` |
//! | IPv4 not to our address | `PassToHost(NotOurAddress)` |
//! | IPv4 to us from an address that cannot be a host | `Drop(BadSourceAddress)` |
//! | ICMP echo request to us | [`Verdict::EchoReply`], or `Drop` (fragment, options, checksum) |
//! | other ICMP to us | `PassToHost(Icmp)` |
//! | TCP to us, SYN without ACK | [`Verdict::TcpSyn`] (a hint for the listener logic) |
//! | TCP to us, other | `PassToHost(Tcp)`; malformed or bad checksum: `Drop` |
//! | anything else | `PassToHost` |
//!
//! Every drop is counted per reason ([`DropCounters`]).

use core::net::Ipv4Addr;

use warpnic_abi::gen::{tcp_flags, EtherType, IpProtocol};
use warpnic_abi::wire::{EthernetRepr, TcpRepr, WireError};

use super::arp::{Arp, ArpAction, ArpPoll, Resolve, ResolveError};
use super::icmp::{Icmp, IcmpAction};
use super::{Interface, Ipv4Frame};
use crate::mac::MacAddr;

/// Why a frame was dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum DropReason {
    /// Shorter than the 14-byte Ethernet header.
    EthTruncated,
    /// The source MAC is a group address or zero.
    BadSourceMac,
    /// The source MAC is ours: a loop.
    OwnSourceMac,
    /// Unicast to another station's MAC.
    NotOurMac,
    /// Given to the ARP handler but not ARP.
    NotArp,
    /// Given to an IPv4 handler but not IPv4.
    NotIpv4,
    /// An ARP packet shorter than 28 bytes.
    ArpTruncated,
    /// ARP for something other than IPv4 over Ethernet, or an unknown
    /// operation.
    ArpMalformed,
    /// Shorter than the IPv4 header, its options or its total length.
    Ipv4Truncated,
    /// IP version other than 4.
    Ipv4BadVersion,
    /// IHL below 5 or total length below the header.
    Ipv4Malformed,
    /// The IPv4 header checksum does not verify.
    Ipv4BadChecksum,
    /// A source address that cannot be a unicast host.
    BadSourceAddress,
    /// Given to a handler for our address but addressed elsewhere.
    NotOurAddress,
    /// Given to the ICMP handler but not ICMP.
    NotIcmp,
    /// An echo request that is a fragment.
    Ipv4Fragment,
    /// An echo request with IPv4 options.
    Ipv4Options,
    /// ICMP shorter than its 8-byte header.
    IcmpTruncated,
    /// The ICMP checksum does not verify.
    IcmpBadChecksum,
    /// An echo request with a non-zero code.
    IcmpMalformed,
    /// A TCP segment with a bad data offset, length or option.
    TcpMalformed,
    /// The TCP checksum does not verify.
    TcpBadChecksum,
    /// The caller's buffer cannot hold the reply.
    OutputTooSmall,
}

impl DropReason {
    /// Every reason, in counter order.
    pub const ALL: [Self; 23] = [
        Self::EthTruncated,
        Self::BadSourceMac,
        Self::OwnSourceMac,
        Self::NotOurMac,
        Self::NotArp,
        Self::NotIpv4,
        Self::ArpTruncated,
        Self::ArpMalformed,
        Self::Ipv4Truncated,
        Self::Ipv4BadVersion,
        Self::Ipv4Malformed,
        Self::Ipv4BadChecksum,
        Self::BadSourceAddress,
        Self::NotOurAddress,
        Self::NotIcmp,
        Self::Ipv4Fragment,
        Self::Ipv4Options,
        Self::IcmpTruncated,
        Self::IcmpBadChecksum,
        Self::IcmpMalformed,
        Self::TcpMalformed,
        Self::TcpBadChecksum,
        Self::OutputTooSmall,
    ];

    /// The number of reasons.
    pub const COUNT: usize = Self::ALL.len();

    /// The counter index of the reason.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// Why a frame goes to the host.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostReason {
    /// An 802.3 frame with a length field (LLC, e.g. spanning tree).
    NotEthernetII,
    /// An EtherType the firmware does not handle (IPv6, VLAN, LLDP, ...).
    OtherEtherType,
    /// IPv4 not addressed to our unicast address (broadcast, multicast,
    /// another host).
    NotOurAddress,
    /// ICMP other than an echo request.
    Icmp,
    /// TCP that is not a connection request.
    Tcp,
    /// A TCP fragment (the firmware does not reassemble).
    TcpFragment,
    /// Another IP protocol (UDP, ...).
    OtherProtocol,
}

/// A connection request seen on the exception path: a TCP segment to our
/// address with SYN set and ACK, RST and FIN clear (RFC 9293 §3.10.7.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TcpSynHint {
    /// The peer's MAC (the frame's source).
    pub peer_mac: MacAddr,
    /// The peer's address.
    pub src: Ipv4Addr,
    /// The peer's port.
    pub src_port: u16,
    /// Our port.
    pub dst_port: u16,
    /// The peer's initial sequence number.
    pub seq: u32,
    /// The peer's MSS option.
    pub mss: Option<u16>,
}

/// What the exception path did with a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Handled by ARP; a `Reply` is in the caller's buffer.
    Arp(ArpAction),
    /// An echo reply is in the caller's buffer.
    EchoReply {
        /// Bytes of the buffer to transmit.
        len: usize,
    },
    /// A connection request for the listener logic.
    TcpSyn(TcpSynHint),
    /// Not the firmware's: give the frame to the host.
    PassToHost(HostReason),
    /// Dropped, and counted.
    Drop(DropReason),
}

impl Verdict {
    /// The number of bytes of the caller's buffer to transmit, if any.
    pub fn transmit_len(&self) -> Option<usize> {
        match *self {
            Self::Arp(ArpAction::Reply { len, .. }) | Self::EchoReply { len } => Some(len),
            _ => None,
        }
    }
}

/// Drop counts per [`DropReason`] (wrapping).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DropCounters([u32; DropReason::COUNT]);

impl Default for DropCounters {
    fn default() -> Self {
        Self([0; DropReason::COUNT])
    }
}

impl DropCounters {
    /// Frames dropped for `reason`.
    pub fn get(&self, reason: DropReason) -> u32 {
        self.0.get(reason.index()).copied().unwrap_or(0)
    }

    /// Frames dropped for any reason.
    pub fn total(&self) -> u32 {
        self.0.iter().fold(0u32, |a, &b| a.wrapping_add(b))
    }

    fn count(&mut self, reason: DropReason) {
        if let Some(c) = self.0.get_mut(reason.index()) {
            *c = c.wrapping_add(1);
        }
    }
}

/// Frame counts of the exception path (wrapping).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExceptionCounters {
    /// Frames handled.
    pub frames: u32,
    /// Frames answered (ARP replies and echo replies).
    pub replies: u32,
    /// ARP frames consumed without a reply.
    pub arp_consumed: u32,
    /// Connection requests reported.
    pub tcp_syns: u32,
    /// Frames given to the host.
    pub to_host: u32,
    /// Drops per reason.
    pub drops: DropCounters,
}

/// The firmware's exception path for one port: its interface, ARP with a
/// neighbour table of `N` entries, and ICMP echo.
#[derive(Clone, Debug)]
pub struct ExceptionPath<const N: usize> {
    iface: Interface,
    arp: Arp<N>,
    icmp: Icmp,
    counters: ExceptionCounters,
}

impl<const N: usize> ExceptionPath<N> {
    /// An exception path for `iface` with an empty neighbour table.
    pub const fn new(iface: Interface) -> Self {
        Self {
            iface,
            arp: Arp::new(),
            icmp: Icmp::new(),
            counters: ExceptionCounters {
                frames: 0,
                replies: 0,
                arp_consumed: 0,
                tcp_syns: 0,
                to_host: 0,
                drops: DropCounters([0; DropReason::COUNT]),
            },
        }
    }

    /// The interface.
    pub fn interface(&self) -> &Interface {
        &self.iface
    }

    /// Changes the interface; the neighbour table is emptied when the
    /// address, prefix or MAC changes (its entries were learned for the old
    /// ones).
    pub fn set_interface(&mut self, iface: Interface) {
        if iface.mac() != self.iface.mac()
            || iface.ip() != self.iface.ip()
            || iface.prefix_len() != self.iface.prefix_len()
        {
            self.arp.table_mut().clear();
        }
        self.iface = iface;
    }

    /// ARP and its neighbour table.
    pub fn arp(&self) -> &Arp<N> {
        &self.arp
    }

    /// ARP, mutably (administrative table changes).
    pub fn arp_mut(&mut self) -> &mut Arp<N> {
        &mut self.arp
    }

    /// The ICMP responder.
    pub fn icmp(&self) -> &Icmp {
        &self.icmp
    }

    /// The counters.
    pub fn counters(&self) -> &ExceptionCounters {
        &self.counters
    }

    /// [`Arp::resolve`] on this port.
    ///
    /// # Errors
    ///
    /// As [`Arp::resolve`].
    pub fn resolve(
        &mut self,
        dst: Ipv4Addr,
        now_ms: u64,
        out: &mut [u8],
    ) -> Result<Resolve, ResolveError> {
        self.arp.resolve(&self.iface, dst, now_ms, out)
    }

    /// [`Arp::resolve_hop`] on this port.
    ///
    /// # Errors
    ///
    /// As [`Arp::resolve_hop`].
    pub fn resolve_hop(
        &mut self,
        hop: Ipv4Addr,
        now_ms: u64,
        out: &mut [u8],
    ) -> Result<Resolve, ResolveError> {
        self.arp.resolve_hop(&self.iface, hop, now_ms, out)
    }

    /// [`Arp::poll`] on this port.
    ///
    /// # Errors
    ///
    /// As [`Arp::poll`].
    pub fn poll(&mut self, now_ms: u64, out: &mut [u8]) -> Result<Option<ArpPoll>, ResolveError> {
        self.arp.poll(&self.iface, now_ms, out)
    }

    /// Classifies and handles one received frame (Ethernet II, no FCS). A
    /// reply, if any, is written to `out` ([`Verdict::transmit_len`]).
    pub fn handle_frame(&mut self, frame: &[u8], now_ms: u64, out: &mut [u8]) -> Verdict {
        let v = self.classify(frame, now_ms, out);
        let c = &mut self.counters;
        c.frames = c.frames.wrapping_add(1);
        match v {
            Verdict::Arp(ArpAction::Reply { .. }) | Verdict::EchoReply { .. } => {
                c.replies = c.replies.wrapping_add(1);
            }
            Verdict::Arp(_) => c.arp_consumed = c.arp_consumed.wrapping_add(1),
            Verdict::TcpSyn(_) => c.tcp_syns = c.tcp_syns.wrapping_add(1),
            Verdict::PassToHost(_) => c.to_host = c.to_host.wrapping_add(1),
            Verdict::Drop(r) => c.drops.count(r),
        }
        v
    }

    fn classify(&mut self, frame: &[u8], now_ms: u64, out: &mut [u8]) -> Verdict {
        let eth = match EthernetRepr::parse(frame) {
            Ok((eth, _)) => eth,
            Err(WireError::Truncated) => return Verdict::Drop(DropReason::EthTruncated),
            Err(_) => return Verdict::PassToHost(HostReason::NotEthernetII),
        };
        let src = MacAddr(eth.src);
        if !src.is_valid_unicast() {
            return Verdict::Drop(DropReason::BadSourceMac);
        }
        if src == self.iface.mac() {
            return Verdict::Drop(DropReason::OwnSourceMac);
        }
        let dst = MacAddr(eth.dst);
        if !dst.is_group() && dst != self.iface.mac() {
            return Verdict::Drop(DropReason::NotOurMac);
        }
        if eth.ether_type == u16::from(EtherType::Arp) {
            return match self.arp.handle_arp(&self.iface, frame, now_ms, out) {
                Ok(a) => Verdict::Arp(a),
                Err(r) => Verdict::Drop(r),
            };
        }
        if eth.ether_type != u16::from(EtherType::Ipv4) {
            return Verdict::PassToHost(HostReason::OtherEtherType);
        }
        let f = match Ipv4Frame::parse(frame) {
            Ok(f) => f,
            Err(r) => return Verdict::Drop(r),
        };
        if f.ip.dst != self.iface.ip() {
            return Verdict::PassToHost(HostReason::NotOurAddress);
        }
        if !self.iface.is_unicast_peer(f.ip.src) {
            return Verdict::Drop(DropReason::BadSourceAddress);
        }
        match IpProtocol::try_from(f.ip.protocol) {
            Ok(IpProtocol::Icmp) => match self.icmp.handle(&self.iface, &f, out) {
                Ok(IcmpAction::EchoReply { len }) => {
                    // The requester is alive at this MAC: teach the table
                    // (on-link senders only; off-link ones came through
                    // the gateway). A full table just means no entry.
                    if self.iface.is_on_link(f.ip.src) {
                        let _ = self.arp.table_mut().hint(f.ip.src, src, now_ms, true);
                    }
                    Verdict::EchoReply { len }
                }
                Ok(IcmpAction::PassToHost) => Verdict::PassToHost(HostReason::Icmp),
                Err(r) => Verdict::Drop(r),
            },
            Ok(IpProtocol::Tcp) => self.classify_tcp(&f),
            _ => Verdict::PassToHost(HostReason::OtherProtocol),
        }
    }

    fn classify_tcp(&self, f: &Ipv4Frame<'_>) -> Verdict {
        if f.is_fragment() {
            return Verdict::PassToHost(HostReason::TcpFragment);
        }
        let tcp = match TcpRepr::parse(f.payload, f.ip.src, f.ip.dst) {
            Ok((tcp, _)) => tcp,
            Err(WireError::BadChecksum) => return Verdict::Drop(DropReason::TcpBadChecksum),
            Err(_) => return Verdict::Drop(DropReason::TcpMalformed),
        };
        let mask = tcp_flags::SYN | tcp_flags::ACK | tcp_flags::RST | tcp_flags::FIN;
        if tcp.flags & mask == tcp_flags::SYN {
            Verdict::TcpSyn(TcpSynHint {
                peer_mac: MacAddr(f.eth.src),
                src: f.ip.src,
                src_port: tcp.src_port,
                dst_port: tcp.dst_port,
                seq: tcp.seq,
                mss: tcp.options.mss,
            })
        } else {
            Verdict::PassToHost(HostReason::Tcp)
        }
    }
}
