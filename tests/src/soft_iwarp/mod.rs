//! A software iWARP endpoint for tests: RDMAP (RFC 5040, with the Immediate
//! Data of RFC 7306) over DDP (RFC 5041) over MPA FPDUs (RFC 5044 §4: length,
//! pad, CRC32c, markers), on a byte stream that is in FPDU mode, framed in
//! software as Linux siw frames it. Tests use it as the NIC's peer: to send
//! the hardware receive path well-formed or hostile FPDUs, and to read what
//! the NIC sends (READ RESPONSE, TERMINATE, ...).
//!
//! It is sans-IO: the encoders return the bytes to write to the stream, and
//! [`SoftIwarp::receive`] takes the bytes read from it, in pieces of any
//! size, and returns the DDP segments completed by them. Headers, the
//! RDMAP payloads and the marker-free FPDU come from `warpnic_abi::wire`;
//! this module adds segmentation, the per-queue MSNs and the markers.
//!
//! # Contract
//!
//! - Sending: each message is cut into DDP segments of at most
//!   [`Config::mulpdu`] ULPDU bytes, each segment one FPDU; L is set on the
//!   last; TO (tagged) or MO (untagged) advances by the payload before the
//!   segment. The MSNs of queue 0 (Send, Immediate Data), 1 (RDMA Read
//!   Request) and 2 (Terminate) start at 1 and advance by one per message.
//!   The MULPDU is at least 70 bytes, so that RDMA Read Request, Terminate
//!   and Immediate Data are one segment each (RFC 5040 §4.4, §4.8; RFC
//!   7306). A failed encoder changes nothing.
//! - Markers (RFC 5044 §4.3), when on for a direction: four bytes at every
//!   512th octet of the stream counted from the first FPDU
//!   ([`Config::tx_start`], [`Config::rx_start`]). As in `wn_mpa_tx`, a
//!   marker that falls where an FPDU begins precedes its ULPDU_Length,
//!   belongs to that FPDU and has FPDUPTR 0; any other marker's FPDUPTR is
//!   the octets from the ULPDU_Length field to the marker. The CRC covers
//!   every byte of the FPDU before the CRC field, markers included.
//! - Receiving: a whole FPDU yields one item, `Ok` with the segment or an
//!   error naming what was wrong with it (bad marker, bad CRC, a DDP header
//!   that is short or has a bad version or opcode), and the decoder goes on
//!   with the next FPDU. An ULPDU_Length above [`Config::mulpdu`] is the
//!   one error after which the stream cannot be followed: it is reported
//!   once and the decoder then ignores everything (as a NIC terminates the
//!   connection). Nothing here panics on any input.
//! - [`Reassembler`] joins segments into messages: tagged segments of one
//!   message must come in TO order, untagged ones in MO order.

use std::collections::HashMap;
use std::fmt;

use warpnic::mpa::RdmaParams;
use warpnic_abi::gen::{DdpQueue, MpaMarker, RdmapOpcode};
use warpnic_abi::wire::{
    Crc32c, DdpRepr, DdpTaggedRepr, DdpUntaggedRepr, MpaFpduRepr, RdmaReadReqRepr,
    RdmapImmediateRepr, TerminateRepr, WireError,
};

mod deframe;
mod endpoint;
mod reassemble;
#[cfg(test)]
mod tests;

pub use endpoint::SoftIwarp;
pub use reassemble::{Message, Reassembler};

/// Octets from one marker to the next (RFC 5044 §4.3).
pub const MARKER_INTERVAL: u64 = 512;

/// Bytes of a marker.
const MARKER_LEN: usize = MpaMarker::<&[u8]>::LEN;

/// The smallest MULPDU: the longest single-segment message, a Terminate
/// with a terminated untagged DDP header and a Read Request header (70
/// bytes; `wn_rdmap_tx` asks for 72).
const MIN_MULPDU: usize = DdpUntaggedRepr::LEN
    + TerminateRepr::CONTROL_LEN
    + 2
    + DdpUntaggedRepr::LEN
    + TerminateRepr::RDMA_HDR_LEN;

/// How one end frames: what MPA negotiated and the MULPDU.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// CRC32c in both directions (sent, and checked on receipt); without
    /// it the CRC field is sent as zero and not checked.
    pub crc: bool,
    /// Markers in the stream this end sends.
    pub markers_tx: bool,
    /// Markers in the stream this end receives.
    pub markers_rx: bool,
    /// MULPDU: the largest ULPDU (DDP header and payload) this end puts in
    /// an FPDU, and the largest ULPDU_Length it accepts.
    pub mulpdu: usize,
    /// Stream offset of the first FPDU this end sends: the origin of its
    /// marker grid, and the offset of the encoders' first byte.
    pub tx_start: u64,
    /// Stream offset of the first FPDU this end receives: the origin of
    /// the receive marker grid, and the offset of the first byte given to
    /// [`SoftIwarp::receive`].
    pub rx_start: u64,
}

impl Config {
    /// CRC and markers as given in both directions, both streams in FPDU
    /// mode from offset 0.
    pub fn new(crc: bool, markers: bool, mulpdu: usize) -> Config {
        Config {
            crc,
            markers_tx: markers,
            markers_rx: markers,
            mulpdu,
            tx_start: 0,
            rx_start: 0,
        }
    }

    /// What an MPA setup negotiated (CRC, markers each way), with
    /// `mulpdu`, both streams in FPDU mode from offset 0.
    pub fn negotiated(p: &RdmaParams, mulpdu: usize) -> Config {
        Config {
            crc: p.crc,
            markers_tx: p.markers_tx,
            markers_rx: p.markers_rx,
            mulpdu,
            tx_start: 0,
            rx_start: 0,
        }
    }

    /// The configuration of the other end of the connection: the
    /// directions swapped.
    pub fn peer(&self) -> Config {
        Config {
            markers_tx: self.markers_rx,
            markers_rx: self.markers_tx,
            tx_start: self.rx_start,
            rx_start: self.tx_start,
            ..*self
        }
    }

    /// The receive marker grid's origin, when markers are on.
    fn rx_grid(&self) -> Option<u64> {
        self.markers_rx.then_some(self.rx_start)
    }

    /// The send marker grid's origin, when markers are on.
    fn tx_grid(&self) -> Option<u64> {
        self.markers_tx.then_some(self.tx_start)
    }
}

/// What went wrong: a value the encoders cannot send, or a received FPDU
/// or segment that is not right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SoftIwarpError {
    /// A configuration the endpoint cannot use; the text says why.
    Config(&'static str),
    /// A value too long for the field that carries it (an ULPDU above
    /// 65535 bytes, an untagged message above 4 GiB, a marked FPDU whose
    /// FPDUPTR would not fit in 16 bits).
    TooLong {
        /// What is too long.
        what: &'static str,
        /// Its length in bytes.
        len: usize,
    },
    /// The wire layer refused to emit a value (a Terminate with an error
    /// type above 15, ...).
    Emit(WireError),
    /// Received: an FPDU whose CRC does not verify.
    BadCrc {
        /// Stream offset of the FPDU.
        at: u64,
        /// The CRC field as received.
        sent: u32,
        /// The CRC of the bytes received.
        computed: u32,
        /// The ULPDU as received.
        ulpdu: Vec<u8>,
    },
    /// Received: a marker whose FPDUPTR does not point at its FPDU.
    BadMarker {
        /// Stream offset of the marker.
        at: u64,
        /// The FPDUPTR received.
        fpduptr: u16,
        /// The FPDUPTR the position of the FPDU asks for.
        expected: u64,
    },
    /// Received: an ULPDU_Length above the MULPDU. The decoder stops here.
    UlpduTooLong {
        /// Stream offset of the FPDU.
        at: u64,
        /// The ULPDU_Length.
        len: usize,
        /// The MULPDU.
        max: usize,
    },
    /// Received: an ULPDU whose DDP/RDMAP header does not parse: shorter
    /// than its header ([`WireError::Truncated`], e.g. an ULPDU_Length of
    /// 0), a DDP or RDMAP version other than 1, an unknown opcode.
    BadHeader {
        /// Stream offset of the FPDU.
        at: u64,
        /// Why.
        err: WireError,
        /// The ULPDU as received.
        ulpdu: Vec<u8>,
    },
    /// Reassembly: a segment that does not continue its message.
    Reassembly {
        /// What does not fit.
        what: &'static str,
        /// The segment's header.
        hdr: DdpRepr,
    },
}

impl fmt::Display for SoftIwarpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Config(why) => write!(f, "configuration: {why}"),
            Self::TooLong { what, len } => write!(f, "{what} too long: {len} bytes"),
            Self::Emit(e) => write!(f, "cannot emit: {e}"),
            Self::BadCrc {
                at, sent, computed, ..
            } => write!(
                f,
                "FPDU at {at}: CRC {sent:#010x} received, {computed:#010x} computed"
            ),
            Self::BadMarker {
                at,
                fpduptr,
                expected,
            } => write!(f, "marker at {at}: FPDUPTR {fpduptr}, expected {expected}"),
            Self::UlpduTooLong { at, len, max } => {
                write!(f, "FPDU at {at}: ULPDU_Length {len} above MULPDU {max}")
            }
            Self::BadHeader { at, err, .. } => write!(f, "FPDU at {at}: DDP header: {err}"),
            Self::Reassembly { what, hdr } => write!(f, "reassembly: {what}: {hdr:?}"),
        }
    }
}

impl std::error::Error for SoftIwarpError {}

/// One received DDP segment (one FPDU).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// Stream offset of the FPDU (of its leading marker, if it has one).
    pub at: u64,
    /// The DDP header with the RDMAP opcode: tagged (STag, TO) or untagged
    /// (QN, MSN, MO, STag to invalidate), and L.
    pub hdr: DdpRepr,
    /// The segment's payload.
    pub payload: Vec<u8>,
    /// The CRC was checked and verified (false when CRCs are off).
    pub crc_checked: bool,
}

impl Segment {
    /// The ULPDU's length: header and payload.
    pub fn ulpdu_len(&self) -> usize {
        self.hdr.header_len() + self.payload.len()
    }
}

/// The ULPDU of a DDP segment: `hdr` then `payload` (for hand-built
/// segments given to [`SoftIwarp::fpdu`]).
pub fn ulpdu(hdr: &DdpRepr, payload: &[u8]) -> Vec<u8> {
    let mut u = vec![0u8; hdr.header_len()];
    // the buffer is exactly the header's length, the only thing emit checks
    let _ = hdr.emit(&mut u);
    u.extend_from_slice(payload);
    u
}

/// Spoils the CRC of the last FPDU in `bytes` (encoder output: its last
/// four bytes are that FPDU's CRC field).
pub fn corrupt_crc(bytes: &mut [u8]) {
    if let Some(b) = bytes.last_mut() {
        *b ^= 0xff;
    }
}

/// Bytes from `pos` to the next marker position of the grid from
/// `origin`: 0 on a marker position; `usize::MAX` without markers.
fn to_marker(pos: u64, grid: Option<u64>) -> usize {
    match grid {
        Some(origin) => {
            let phase = pos.wrapping_sub(origin) % MARKER_INTERVAL;
            ((MARKER_INTERVAL - phase) % MARKER_INTERVAL) as usize
        }
        None => usize::MAX,
    }
}
