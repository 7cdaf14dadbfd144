//! ICMP echo (RFC 792; RFC 1122 §3.2.2.6): an echo request addressed to
//! the port's own address is answered with an echo reply carrying the same
//! identifier, sequence number and data.
//!
//! The reply goes back to the MAC the request came from, from our address
//! to the request's source, with TTL [`DEFAULT_TTL`] (RFC 1122 §3.2.1.7),
//! the request's DSCP, no options and a fresh IP identification. Requests
//! that arrive fragmented or with IP options are refused (dropped with a
//! reason): the firmware neither reassembles nor reflects options. ICMP
//! messages other than echo requests are for the host.

use warpnic_abi::gen::{EtherType, IpProtocol};
use warpnic_abi::wire::{EthernetRepr, IcmpEchoKind, IcmpEchoRepr, Ipv4Repr, WireError};

use super::exception::DropReason;
use super::{pad, Interface, Ipv4Frame, DEFAULT_TTL};
use crate::mac::MacAddr;

/// ICMP type of an echo request.
const TYPE_ECHO_REQUEST: u8 = 8;

/// What [`Icmp::handle_frame`] did with a datagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IcmpAction {
    /// An echo reply is in the caller's buffer.
    EchoReply {
        /// Bytes of the buffer to transmit.
        len: usize,
    },
    /// An ICMP message other than an echo request: the host's.
    PassToHost,
}

/// The ICMP echo responder.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Icmp {
    next_ident: u16,
    replies: u32,
}

impl Icmp {
    /// A responder whose first reply has IP identification 0.
    pub const fn new() -> Self {
        Self {
            next_ident: 0,
            replies: 0,
        }
    }

    /// Echo replies sent (wrapping).
    pub const fn replies_sent(&self) -> u32 {
        self.replies
    }

    /// Handles an Ethernet frame carrying an IPv4 ICMP datagram for
    /// `iface`; an echo reply is written to `out`.
    ///
    /// # Errors
    ///
    /// A [`DropReason`] for a frame that is not IPv4 ICMP to our address,
    /// is malformed (IPv4 or ICMP checksum, lengths, code), a fragment, has
    /// IP options, comes from an address or MAC that cannot be answered, or
    /// when `out` cannot hold the reply.
    pub fn handle_frame(
        &mut self,
        iface: &Interface,
        frame: &[u8],
        out: &mut [u8],
    ) -> Result<IcmpAction, DropReason> {
        let f = Ipv4Frame::parse(frame)?;
        self.handle(iface, &f, out)
    }

    pub(crate) fn handle(
        &mut self,
        iface: &Interface,
        f: &Ipv4Frame<'_>,
        out: &mut [u8],
    ) -> Result<IcmpAction, DropReason> {
        if f.ip.protocol != u8::from(IpProtocol::Icmp) {
            return Err(DropReason::NotIcmp);
        }
        if f.ip.dst != iface.ip() {
            return Err(DropReason::NotOurAddress);
        }
        if f.is_fragment() {
            return Err(DropReason::Ipv4Fragment);
        }
        match f.payload.first() {
            None => return Err(DropReason::IcmpTruncated),
            Some(&TYPE_ECHO_REQUEST) => {}
            Some(_) => return Ok(IcmpAction::PassToHost),
        }
        if f.header_len != Ipv4Repr::LEN {
            return Err(DropReason::Ipv4Options);
        }
        if !MacAddr(f.eth.src).is_valid_unicast() {
            return Err(DropReason::BadSourceMac);
        }
        if !iface.is_unicast_peer(f.ip.src) {
            return Err(DropReason::BadSourceAddress);
        }
        let (echo, data) = IcmpEchoRepr::parse(f.payload).map_err(|e| match e {
            WireError::Truncated => DropReason::IcmpTruncated,
            WireError::BadChecksum => DropReason::IcmpBadChecksum,
            _ => DropReason::IcmpMalformed,
        })?;
        if echo.kind != IcmpEchoKind::Request {
            return Err(DropReason::IcmpMalformed);
        }

        let eth = EthernetRepr {
            dst: f.eth.src,
            src: iface.mac().0,
            ether_type: EtherType::Ipv4.into(),
        };
        let ip = Ipv4Repr {
            src: iface.ip(),
            dst: f.ip.src,
            protocol: IpProtocol::Icmp.into(),
            ttl: DEFAULT_TTL,
            dscp: f.ip.dscp,
            ecn: 0,
            ident: self.next_ident,
            dont_frag: false,
            more_frags: false,
            frag_offset: 0,
            payload_len: IcmpEchoRepr::LEN + data.len(),
        };
        let reply = IcmpEchoRepr {
            kind: IcmpEchoKind::Reply,
            ident: echo.ident,
            seq: echo.seq,
        };
        let too_small = |_| DropReason::OutputTooSmall;
        let n = eth.emit(out).map_err(too_small)?;
        let m = ip
            .emit(out.get_mut(n..).ok_or(DropReason::OutputTooSmall)?)
            .map_err(too_small)?;
        let k = reply
            .emit(
                out.get_mut(n + m..).ok_or(DropReason::OutputTooSmall)?,
                data,
            )
            .map_err(too_small)?;
        let len = pad(out, n + m + k).ok_or(DropReason::OutputTooSmall)?;
        self.next_ident = self.next_ident.wrapping_add(1);
        self.replies = self.replies.wrapping_add(1);
        Ok(IcmpAction::EchoReply { len })
    }
}
