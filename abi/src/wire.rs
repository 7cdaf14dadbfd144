//! Wire formats: owned representations with parsing and emitting, built on
//! the generated zero-copy header views of [`crate::gen`].
//!
//! Each protocol has a `*Repr` value in the style of smoltcp: `parse` takes
//! the bytes of one header (and what follows it), checks every length,
//! version, checksum and CRC, and returns the value together with the
//! payload that follows; `emit` writes the header (and, where a checksum or
//! CRC covers it, the payload) into a caller's buffer and returns the number
//! of bytes written. Nothing here allocates, and nothing panics on any input:
//! every length is checked before a view is read.
//!
//! Covered: Ethernet II, ARP for IPv4 over Ethernet, IPv4, TCP with its
//! options, ICMP echo, MPA FPDUs (RFC 5044; markers are handled by the
//! stream layer above), DDP tagged and untagged headers with the RDMAP
//! control byte (RFC 5041, RFC 5040), RDMA Read Request, Terminate and
//! Immediate Data (RFC 5040, RFC 7306), the Internet checksum (RFC 1071)
//! and CRC32c (RFC 3720). The MPA request/reply frames of connection setup
//! have their codec beside the endpoint machine that uses them
//! (`warpnic_proto::mpa`); this module gives their keys and size limit.

mod arp;
mod checksum;
pub mod crc32c;
mod ddp;
mod ethernet;
mod icmp;
mod ipv4;
mod mpa;
mod rdmap;
mod tcp;

pub use arp::ArpRepr;
pub use checksum::{internet_checksum, InetChecksum};
pub use crc32c::{crc32c, Crc32c};
pub use ddp::{DdpRepr, DdpTaggedRepr, DdpUntaggedRepr, DDP_VERSION, RDMAP_VERSION};
pub use ethernet::EthernetRepr;
pub use icmp::{IcmpEchoKind, IcmpEchoRepr};
pub use ipv4::Ipv4Repr;
pub use mpa::{MpaFpduRepr, MPA_KEY_REP, MPA_KEY_REQ, MPA_MAX_PRIVATE_DATA};
pub use rdmap::{RdmaReadReqRepr, RdmapImmediateRepr, TerminateRepr};
pub use tcp::{TcpOptions, TcpRepr};

/// Why bytes could not be parsed or a value could not be emitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WireError {
    /// The input ends before the header, or before the length its header
    /// announces.
    Truncated,
    /// The output buffer is too small for what `emit` has to write.
    BufferTooSmall,
    /// An Internet checksum (IPv4, TCP, ICMP) does not verify.
    BadChecksum,
    /// An MPA FPDU's CRC32c does not verify.
    BadCrc,
    /// An IP or MPA version this layer does not speak.
    BadVersion,
    /// A DDP version other than 1 (RFC 5041 Terminate: invalid DDP version).
    BadDdpVersion,
    /// An RDMAP version other than 1 (RFC 5040 Terminate: invalid RDMAP
    /// version).
    BadRdmapVersion,
    /// An MPA request/reply frame without a valid key (RFC 5044 §7.1).
    BadKey,
    /// An RDMAP opcode with no meaning (RFC 5040 Terminate: unexpected
    /// opcode); carries the opcode.
    UnknownOpcode(u8),
    /// Any other violation of the format; the text says which.
    Malformed(&'static str),
}

impl core::fmt::Display for WireError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::Truncated => f.write_str("input shorter than the header or its length field"),
            Self::BufferTooSmall => f.write_str("output buffer too small"),
            Self::BadChecksum => f.write_str("bad Internet checksum"),
            Self::BadCrc => f.write_str("bad MPA CRC32c"),
            Self::BadVersion => f.write_str("unsupported protocol version"),
            Self::BadDdpVersion => f.write_str("invalid DDP version"),
            Self::BadRdmapVersion => f.write_str("invalid RDMAP version"),
            Self::BadKey => f.write_str("bad MPA key"),
            Self::UnknownOpcode(op) => write!(f, "unknown RDMAP opcode {op:#x}"),
            Self::Malformed(why) => write!(f, "malformed: {why}"),
        }
    }
}

impl From<crate::gen::Truncated> for WireError {
    fn from(_: crate::gen::Truncated) -> Self {
        Self::Truncated
    }
}

/// `buf[at..]`, or an empty slice when `at` is past the end.
fn rest(buf: &[u8], at: usize) -> &[u8] {
    buf.get(at..).unwrap_or(&[])
}

/// The first `len` bytes of `buf` for writing, or [`WireError::BufferTooSmall`].
fn out(buf: &mut [u8], len: usize) -> Result<&mut [u8], WireError> {
    buf.get_mut(..len).ok_or(WireError::BufferTooSmall)
}
