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

/// A software iWARP endpoint: encoders for what it sends, a decoder for
/// what it receives (see the module documentation).
#[derive(Clone, Debug)]
pub struct SoftIwarp {
    cfg: Config,
    /// Stream offset of the next byte sent.
    tx_pos: u64,
    /// Next MSN of queues 0, 1, 2.
    msn: [u32; 3],
    /// Received bytes not yet part of a whole FPDU.
    rx_buf: Vec<u8>,
    /// Stream offset of `rx_buf[0]`.
    rx_pos: u64,
    /// The stream could not be followed (an ULPDU_Length above MULPDU).
    rx_failed: bool,
}

impl SoftIwarp {
    /// An endpoint at the start of FPDU mode.
    ///
    /// # Errors
    ///
    /// [`SoftIwarpError::Config`] for a MULPDU below 70 (the longest
    /// Terminate) or above 65535 (the ULPDU_Length field).
    pub fn new(cfg: Config) -> Result<SoftIwarp, SoftIwarpError> {
        if cfg.mulpdu < MIN_MULPDU {
            return Err(SoftIwarpError::Config(
                "MULPDU below the longest Terminate (70 bytes)",
            ));
        }
        if cfg.mulpdu > usize::from(u16::MAX) {
            return Err(SoftIwarpError::Config("MULPDU above 65535"));
        }
        Ok(SoftIwarp {
            cfg,
            tx_pos: cfg.tx_start,
            msn: [1; 3],
            rx_buf: Vec::new(),
            rx_pos: cfg.rx_start,
            rx_failed: false,
        })
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.cfg
    }

    /// Stream offset of the next byte the encoders produce.
    pub fn tx_offset(&self) -> u64 {
        self.tx_pos
    }

    /// Stream offset of the first received byte not yet part of a whole
    /// FPDU.
    pub fn rx_offset(&self) -> u64 {
        self.rx_pos
    }

    /// Received bytes held for an FPDU not complete yet.
    pub fn rx_pending(&self) -> usize {
        self.rx_buf.len()
    }

    /// The MSN the next message on `queue` carries.
    pub fn next_msn(&self, queue: DdpQueue) -> u32 {
        self.msn[u32::from(queue) as usize]
    }

    /// Tells the encoders that the test wrote `n` bytes of its own to the
    /// stream: the next FPDU begins `n` bytes later, which moves it on the
    /// marker grid.
    pub fn skip_tx(&mut self, n: u64) {
        self.tx_pos = self.tx_pos.wrapping_add(n);
    }

    /// An RDMA Write (RFC 5040 §4.3) of `data` to `stag` at `to`.
    ///
    /// # Errors
    ///
    /// [`SoftIwarpError::TooLong`] when a marked FPDU's FPDUPTR would not
    /// fit (a MULPDU near 65535 with markers).
    pub fn write(&mut self, stag: u32, to: u64, data: &[u8]) -> Result<Vec<u8>, SoftIwarpError> {
        self.tagged(RdmapOpcode::RdmaWrite, stag, to, data)
    }

    /// An RDMA Read Response (RFC 5040 §4.5) of `data` to the data sink
    /// `sink_stag` at `sink_to` (the request's sink).
    ///
    /// # Errors
    ///
    /// As [`SoftIwarp::write`].
    pub fn read_resp(
        &mut self,
        sink_stag: u32,
        sink_to: u64,
        data: &[u8],
    ) -> Result<Vec<u8>, SoftIwarpError> {
        self.tagged(RdmapOpcode::RdmaReadResponse, sink_stag, sink_to, data)
    }

    /// A Send, or a Send with Solicited Event when `se` (RFC 5040 §4.6).
    ///
    /// # Errors
    ///
    /// [`SoftIwarpError::TooLong`] for a message above 4 GiB (the MO
    /// field); as [`SoftIwarp::write`].
    pub fn send(&mut self, data: &[u8], se: bool) -> Result<Vec<u8>, SoftIwarpError> {
        let op = if se {
            RdmapOpcode::SendSe
        } else {
            RdmapOpcode::Send
        };
        self.untagged(op, DdpQueue::Send, 0, data)
    }

    /// A Send with Invalidate of `inv_stag`, with Solicited Event when
    /// `se` (RFC 5040 §4.6).
    ///
    /// # Errors
    ///
    /// As [`SoftIwarp::send`].
    pub fn send_inv(
        &mut self,
        data: &[u8],
        inv_stag: u32,
        se: bool,
    ) -> Result<Vec<u8>, SoftIwarpError> {
        let op = if se {
            RdmapOpcode::SendSeInvalidate
        } else {
            RdmapOpcode::SendInvalidate
        };
        self.untagged(op, DdpQueue::Send, inv_stag, data)
    }

    /// An RDMA Read Request (RFC 5040 §4.4) on queue 1.
    ///
    /// # Errors
    ///
    /// As [`SoftIwarp::write`].
    pub fn read_req(&mut self, req: &RdmaReadReqRepr) -> Result<Vec<u8>, SoftIwarpError> {
        let mut p = [0u8; RdmaReadReqRepr::LEN];
        req.emit(&mut p).map_err(SoftIwarpError::Emit)?;
        self.untagged(
            RdmapOpcode::RdmaReadRequest,
            DdpQueue::RdmaReadRequest,
            0,
            &p,
        )
    }

    /// Immediate Data, with Solicited Event when `se` (RFC 7306 §4.2), on
    /// queue 0.
    ///
    /// # Errors
    ///
    /// As [`SoftIwarp::write`].
    pub fn immediate(&mut self, imm: u64, se: bool) -> Result<Vec<u8>, SoftIwarpError> {
        let mut p = [0u8; RdmapImmediateRepr::LEN];
        RdmapImmediateRepr { data: imm }
            .emit(&mut p)
            .map_err(SoftIwarpError::Emit)?;
        let op = if se {
            RdmapOpcode::ImmediateDataSe
        } else {
            RdmapOpcode::ImmediateData
        };
        self.untagged(op, DdpQueue::Send, 0, &p)
    }

    /// A Terminate (RFC 5040 §4.8) on queue 2: layer, error type and code,
    /// and the terminated headers as `t` gives them.
    ///
    /// # Errors
    ///
    /// [`SoftIwarpError::Emit`] for what [`TerminateRepr::emit`] refuses;
    /// as [`SoftIwarp::write`].
    pub fn terminate(&mut self, t: &TerminateRepr<'_>) -> Result<Vec<u8>, SoftIwarpError> {
        let mut p = vec![0u8; t.wire_len()];
        t.emit(&mut p).map_err(SoftIwarpError::Emit)?;
        self.untagged(RdmapOpcode::Terminate, DdpQueue::Terminate, 0, &p)
    }

    /// One FPDU around `ulpdu` as given (see [`ulpdu`]), for segments
    /// built by hand; no MSN changes.
    ///
    /// # Errors
    ///
    /// [`SoftIwarpError::TooLong`] for an ULPDU above 65535 bytes; as
    /// [`SoftIwarp::write`].
    pub fn fpdu(&mut self, ulpdu: &[u8]) -> Result<Vec<u8>, SoftIwarpError> {
        let mut out = Vec::new();
        self.tx_pos = self.frame(ulpdu, self.tx_pos, &mut out)?;
        Ok(out)
    }

    /// A tagged message, segmented at the MULPDU.
    fn tagged(
        &mut self,
        opcode: RdmapOpcode,
        stag: u32,
        to: u64,
        data: &[u8],
    ) -> Result<Vec<u8>, SoftIwarpError> {
        let room = self.cfg.mulpdu - DdpTaggedRepr::LEN;
        let mut out = Vec::with_capacity(data.len() + data.len() / room * 32 + 64);
        let mut pos = self.tx_pos;
        let mut off = 0;
        loop {
            let n = room.min(data.len() - off);
            let hdr = DdpRepr::Tagged(DdpTaggedRepr {
                last: off + n == data.len(),
                opcode,
                stag,
                tagged_offset: to.wrapping_add(off as u64),
            });
            pos = self.frame(&ulpdu(&hdr, &data[off..off + n]), pos, &mut out)?;
            off += n;
            if off == data.len() {
                break;
            }
        }
        self.tx_pos = pos;
        Ok(out)
    }

    /// An untagged message on `queue` with its next MSN, segmented at the
    /// MULPDU.
    fn untagged(
        &mut self,
        opcode: RdmapOpcode,
        queue: DdpQueue,
        inv_stag: u32,
        data: &[u8],
    ) -> Result<Vec<u8>, SoftIwarpError> {
        if u32::try_from(data.len()).is_err() {
            return Err(SoftIwarpError::TooLong {
                what: "untagged message",
                len: data.len(),
            });
        }
        let room = self.cfg.mulpdu - DdpUntaggedRepr::LEN;
        let q = u32::from(queue) as usize;
        let msn = self.msn[q];
        let mut out = Vec::with_capacity(data.len() + data.len() / room * 32 + 64);
        let mut pos = self.tx_pos;
        let mut off = 0;
        loop {
            let n = room.min(data.len() - off);
            let hdr = DdpRepr::Untagged(DdpUntaggedRepr {
                last: off + n == data.len(),
                opcode,
                inv_stag,
                qn: u32::from(queue),
                msn,
                // below 2^32: checked above
                mo: off as u32,
            });
            pos = self.frame(&ulpdu(&hdr, &data[off..off + n]), pos, &mut out)?;
            off += n;
            if off == data.len() {
                break;
            }
        }
        self.tx_pos = pos;
        self.msn[q] = msn.wrapping_add(1);
        Ok(out)
    }

    /// Appends the FPDU of `ulpdu` starting at stream offset `pos` to
    /// `out`, markers and CRC included; returns the offset after it.
    fn frame(&self, ulpdu: &[u8], mut pos: u64, out: &mut Vec<u8>) -> Result<u64, SoftIwarpError> {
        let repr = MpaFpduRepr { ulpdu };
        let mut fpdu = vec![0u8; repr.wire_len()];
        // the CRC is computed here: it covers the markers
        repr.emit(&mut fpdu, false)
            .map_err(|_| SoftIwarpError::TooLong {
                what: "ULPDU",
                len: ulpdu.len(),
            })?;
        let grid = self.cfg.tx_grid();
        let crc_at = fpdu.len() - MpaFpduRepr::CRC_LEN;
        let mut crc = Crc32c::new();
        let mut len_at = None;
        let mut i = 0;
        // a marker right after the CRC field belongs to the next FPDU
        while i < fpdu.len() {
            if to_marker(pos, grid) == 0 {
                // covered by the CRC when before its field
                let ptr = match len_at {
                    None => 0,
                    Some(l) => u16::try_from(pos - l).map_err(|_| SoftIwarpError::TooLong {
                        what: "marked FPDU",
                        len: fpdu.len(),
                    })?,
                };
                let mut m = [0u8; MARKER_LEN];
                let mut v = MpaMarker::new_unchecked(&mut m[..]);
                v.set_rsvd(0);
                v.set_fpduptr(ptr);
                out.extend_from_slice(&m);
                if i <= crc_at {
                    crc.update(&m);
                }
                pos += MARKER_LEN as u64;
            }
            if i == crc_at && self.cfg.crc {
                let value = crc.finish().to_le_bytes();
                fpdu[crc_at..].copy_from_slice(&value);
            }
            if len_at.is_none() {
                len_at = Some(pos);
            }
            // up to the next marker, and not across the CRC field's start
            let end = if i < crc_at { crc_at } else { fpdu.len() };
            let n = (end - i).min(to_marker(pos, grid));
            let chunk = &fpdu[i..i + n];
            if i < crc_at {
                crc.update(chunk);
            }
            out.extend_from_slice(chunk);
            pos += n as u64;
            i += n;
        }
        Ok(pos)
    }

    /// Takes received stream bytes (any piece of the stream, in order) and
    /// returns an item per FPDU they complete, in stream order: the
    /// segment, or what is wrong with that FPDU.
    pub fn receive(&mut self, bytes: &[u8]) -> Vec<Result<Segment, SoftIwarpError>> {
        let mut items = Vec::new();
        if self.rx_failed {
            return items;
        }
        self.rx_buf.extend_from_slice(bytes);
        let mut used = 0;
        loop {
            match deframe(&self.cfg, &self.rx_buf[used..], self.rx_pos) {
                Deframed::NeedMore => break,
                Deframed::Fpdu { len, item } => {
                    used += len;
                    self.rx_pos += len as u64;
                    items.push(item);
                }
                Deframed::Lost(e) => {
                    items.push(Err(e));
                    self.rx_failed = true;
                    used = self.rx_buf.len();
                    break;
                }
            }
        }
        self.rx_buf.drain(..used);
        items
    }
}

/// What [`deframe`] found at the start of the buffer.
enum Deframed {
    /// Not a whole FPDU yet.
    NeedMore,
    /// A whole FPDU of `len` stream bytes.
    Fpdu {
        len: usize,
        item: Result<Segment, SoftIwarpError>,
    },
    /// The stream cannot be followed.
    Lost(SoftIwarpError),
}

/// A walk over the stream bytes of one FPDU: markers taken out (and
/// checked), the rest collected.
struct Walk<'a> {
    buf: &'a [u8],
    /// Index in `buf` of the next byte.
    i: usize,
    /// Its stream offset.
    pos: u64,
    grid: Option<u64>,
    /// Bytes of the marker-free FPDU before the CRC field.
    crc_at: usize,
    crc: Crc32c,
    /// The marker-free FPDU so far.
    bytes: Vec<u8>,
    /// Stream offset of the ULPDU_Length field, once reached.
    len_at: Option<u64>,
    /// The first marker that did not point right.
    bad_marker: Option<SoftIwarpError>,
}

impl Walk<'_> {
    /// Collects marker-free bytes until there are `want`; false when the
    /// buffer ends first.
    fn fill(&mut self, want: usize) -> bool {
        while self.bytes.len() < want {
            if to_marker(self.pos, self.grid) == 0 {
                let Some(m) = self.buf.get(self.i..self.i + MARKER_LEN) else {
                    return false;
                };
                let expected = self.len_at.map_or(0, |l| self.pos - l);
                let ptr = MpaMarker::new_unchecked(m).fpduptr();
                if u64::from(ptr) != expected && self.bad_marker.is_none() {
                    self.bad_marker = Some(SoftIwarpError::BadMarker {
                        at: self.pos,
                        fpduptr: ptr,
                        expected,
                    });
                }
                if self.bytes.len() <= self.crc_at {
                    self.crc.update(m);
                }
                self.i += MARKER_LEN;
                self.pos += MARKER_LEN as u64;
            }
            let end = if self.bytes.len() < self.crc_at {
                self.crc_at.min(want)
            } else {
                want
            };
            let n = (end - self.bytes.len())
                .min(to_marker(self.pos, self.grid))
                .min(self.buf.len() - self.i);
            if n == 0 {
                return false;
            }
            if self.len_at.is_none() {
                self.len_at = Some(self.pos);
            }
            let chunk = &self.buf[self.i..self.i + n];
            if self.bytes.len() < self.crc_at {
                self.crc.update(chunk);
            }
            self.bytes.extend_from_slice(chunk);
            self.i += n;
            self.pos += n as u64;
        }
        true
    }
}

/// The FPDU at the start of `buf`, whose first byte is at stream offset
/// `pos`.
fn deframe(cfg: &Config, buf: &[u8], pos: u64) -> Deframed {
    let mut w = Walk {
        buf,
        i: 0,
        pos,
        grid: cfg.rx_grid(),
        // not known before the length; the length field is covered anyway
        crc_at: usize::MAX,
        crc: Crc32c::new(),
        bytes: Vec::new(),
        len_at: None,
        bad_marker: None,
    };
    if !w.fill(MpaFpduRepr::HEADER_LEN) {
        return Deframed::NeedMore;
    }
    let len = usize::from(u16::from_be_bytes([w.bytes[0], w.bytes[1]]));
    if len > cfg.mulpdu {
        return Deframed::Lost(SoftIwarpError::UlpduTooLong {
            at: pos,
            len,
            max: cfg.mulpdu,
        });
    }
    let total = MpaFpduRepr::wire_len_for(len);
    w.crc_at = total - MpaFpduRepr::CRC_LEN;
    if !w.fill(total) {
        return Deframed::NeedMore;
    }
    let item = check(cfg, &w, pos);
    Deframed::Fpdu { len: w.i, item }
}

/// The verdict on a whole FPDU: marker, CRC, DDP header.
fn check(cfg: &Config, w: &Walk<'_>, at: u64) -> Result<Segment, SoftIwarpError> {
    if let Some(e) = &w.bad_marker {
        return Err(e.clone());
    }
    let ulpdu = match MpaFpduRepr::parse(&w.bytes, false) {
        Ok((f, _)) => f.ulpdu,
        Err(err) => {
            return Err(SoftIwarpError::BadHeader {
                at,
                err,
                ulpdu: Vec::new(),
            })
        }
    };
    if cfg.crc {
        let f = &w.bytes[w.crc_at..];
        let sent = u32::from_le_bytes([f[0], f[1], f[2], f[3]]);
        let computed = w.crc.finish();
        if sent != computed {
            return Err(SoftIwarpError::BadCrc {
                at,
                sent,
                computed,
                ulpdu: ulpdu.to_vec(),
            });
        }
    }
    match DdpRepr::parse(ulpdu) {
        Ok((hdr, payload)) => Ok(Segment {
            at,
            hdr,
            payload: payload.to_vec(),
            crc_checked: cfg.crc,
        }),
        Err(err) => Err(SoftIwarpError::BadHeader {
            at,
            err,
            ulpdu: ulpdu.to_vec(),
        }),
    }
}

/// A whole RDMAP message, joined from its DDP segments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// RDMA Write or Read Response.
    Tagged {
        /// The opcode.
        opcode: RdmapOpcode,
        /// The data sink STag.
        stag: u32,
        /// The TO of the first byte.
        to: u64,
        /// The data.
        data: Vec<u8>,
    },
    /// Send (all kinds), Read Request, Terminate, Immediate Data.
    Untagged {
        /// The opcode.
        opcode: RdmapOpcode,
        /// The queue number.
        qn: u32,
        /// The MSN.
        msn: u32,
        /// The STag to invalidate (Send with Invalidate), else 0.
        inv_stag: u32,
        /// The payload (a Read Request's 28 bytes, a Terminate, the eight
        /// bytes of Immediate Data, a Send's data).
        data: Vec<u8>,
    },
}

impl Message {
    /// The opcode.
    pub fn opcode(&self) -> RdmapOpcode {
        match self {
            Self::Tagged { opcode, .. } | Self::Untagged { opcode, .. } => *opcode,
        }
    }

    /// The data or payload.
    pub fn data(&self) -> &[u8] {
        match self {
            Self::Tagged { data, .. } | Self::Untagged { data, .. } => data,
        }
    }
}

/// Joins received segments into messages. Messages may interleave;
/// within a message, tagged segments come in TO order and untagged ones in
/// MO order (as every sender over one TCP stream sends them).
#[derive(Clone, Debug, Default)]
pub struct Reassembler {
    /// Open tagged messages: opcode, STag, first TO, data so far.
    tagged: Vec<(RdmapOpcode, u32, u64, Vec<u8>)>,
    /// Open untagged messages by (QN, MSN): opcode, STag to invalidate,
    /// data so far.
    untagged: HashMap<(u32, u32), (RdmapOpcode, u32, Vec<u8>)>,
}

impl Reassembler {
    /// A reassembler with no open message.
    pub fn new() -> Reassembler {
        Reassembler::default()
    }

    /// Messages begun and not finished.
    pub fn open(&self) -> usize {
        self.tagged.len() + self.untagged.len()
    }

    /// Takes a segment; returns its message when the segment completes it.
    ///
    /// # Errors
    ///
    /// [`SoftIwarpError::Reassembly`] for an untagged segment whose MO is
    /// not where its message ends so far, or whose opcode differs from
    /// the message's; the segment is then dropped.
    pub fn push(&mut self, seg: Segment) -> Result<Option<Message>, SoftIwarpError> {
        match seg.hdr {
            DdpRepr::Tagged(t) => {
                let open = self.tagged.iter().position(|(op, stag, to, data)| {
                    *op == t.opcode
                        && *stag == t.stag
                        && to.wrapping_add(data.len() as u64) == t.tagged_offset
                });
                let i = match open {
                    Some(i) => i,
                    None => {
                        self.tagged
                            .push((t.opcode, t.stag, t.tagged_offset, Vec::new()));
                        self.tagged.len() - 1
                    }
                };
                self.tagged[i].3.extend_from_slice(&seg.payload);
                if !t.last {
                    return Ok(None);
                }
                let (opcode, stag, to, data) = self.tagged.swap_remove(i);
                Ok(Some(Message::Tagged {
                    opcode,
                    stag,
                    to,
                    data,
                }))
            }
            DdpRepr::Untagged(u) => {
                let key = (u.qn, u.msn);
                let (opcode, inv_stag, mut data) =
                    self.untagged
                        .remove(&key)
                        .unwrap_or((u.opcode, u.inv_stag, Vec::new()));
                let wrong = if opcode != u.opcode {
                    Some("opcode differs from the message's")
                } else if u64::from(u.mo) != data.len() as u64 {
                    Some("MO is not where the message ends so far")
                } else {
                    None
                };
                if let Some(what) = wrong {
                    if !data.is_empty() {
                        self.untagged.insert(key, (opcode, inv_stag, data));
                    }
                    return Err(SoftIwarpError::Reassembly { what, hdr: seg.hdr });
                }
                data.extend_from_slice(&seg.payload);
                if !u.last {
                    self.untagged.insert(key, (opcode, inv_stag, data));
                    return Ok(None);
                }
                Ok(Some(Message::Untagged {
                    opcode,
                    qn: u.qn,
                    msn: u.msn,
                    inv_stag,
                    data,
                }))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use warpnic::verbs::mulpdu_for_mss;
    use warpnic_abi::gen::TermLayer;
    use warpnic_abi::wire::crc32c;
    use warpnic_sim::rng::Rng;

    // FPDUs of Linux siw (rping, MPA CRC on), from abi/tests/siw_capture.rs:
    // frame 12 a Send (MSN 1), 13 an RDMA Read Request, 14 its Read
    // Response, 17 an RDMA Write.
    const SIW_SEND: &str =
        "0022414300000000000000000000000100000000000055bed457de3043d70b000000006455a4c81b";
    const SIW_READ_REQ: &str = "002e414100000000000000010000000100000000613c59000000557c526d77900000006443d70b00000055bed457de30e0cedb1e";
    const SIW_READ_RESP: &str = "0072c142613c59000000557c526d779072646d612d70696e672d303a204142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f606162636465666768696a6b6c6d6e6f707172737475767778797a4142434445464748494a4b4c4d4e4f505152535455565758595a5b5c0092b8b665";
    const SIW_WRITE: &str = "0072c14010a41900000055bed457b79072646d612d70696e672d303a204142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f606162636465666768696a6b6c6d6e6f707172737475767778797a4142434445464748494a4b4c4d4e4f505152535455565758595a5b5c0042290761";

    fn hex(s: &str) -> Vec<u8> {
        (0..s.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex digit"))
            .collect()
    }

    fn endpoint(cfg: Config) -> SoftIwarp {
        SoftIwarp::new(cfg).expect("a usable configuration")
    }

    fn random(rng: &mut Rng, n: usize) -> Vec<u8> {
        let mut d = vec![0u8; n];
        rng.fill_bytes(&mut d);
        d
    }

    /// Every segment of a clean stream, or the first error.
    fn segments(rx: &mut SoftIwarp, bytes: &[u8]) -> Vec<Segment> {
        rx.receive(bytes)
            .into_iter()
            .collect::<Result<_, _>>()
            .expect("a clean stream")
    }

    fn messages(segs: &[Segment]) -> Vec<Message> {
        let mut r = Reassembler::new();
        let out = segs
            .iter()
            .filter_map(|s| r.push(s.clone()).expect("segments in order"))
            .collect();
        assert_eq!(r.open(), 0, "a message left unfinished");
        out
    }

    #[test]
    fn siw_capture_fpdus_are_reproduced_byte_exact() {
        let mut s = endpoint(Config::new(
            true,
            false,
            usize::from(mulpdu_for_mss(1460, false)),
        ));
        let resp = hex(SIW_READ_RESP);
        let text = &resp[16..116];
        assert!(text.starts_with(b"rdma-ping-0: ABC"));
        let rr = RdmaReadReqRepr {
            sink_stag: 0x613c_5900,
            sink_to: 0x0000_557c_526d_7790,
            read_size: 100,
            src_stag: 0x43d7_0b00,
            src_to: 0x0000_55be_d457_de30,
        };
        let send_payload = hex("000055bed457de3043d70b0000000064");
        let mut stream = Vec::new();
        for (got, want) in [
            (s.send(&send_payload, false), SIW_SEND),
            (s.read_req(&rr), SIW_READ_REQ),
            (s.read_resp(rr.sink_stag, rr.sink_to, text), SIW_READ_RESP),
            (s.write(0x10a4_1900, 0x0000_55be_d457_b790, text), SIW_WRITE),
        ] {
            let got = got.expect("encode");
            assert_eq!(got, hex(want), "differs from siw's FPDU");
            stream.extend_from_slice(&got);
        }
        // and siw's FPDUs decode to what went in
        let mut rx = endpoint(s.config().peer());
        let m = messages(&segments(&mut rx, &stream));
        assert_eq!(
            m,
            [
                Message::Untagged {
                    opcode: RdmapOpcode::Send,
                    qn: 0,
                    msn: 1,
                    inv_stag: 0,
                    data: send_payload,
                },
                Message::Untagged {
                    opcode: RdmapOpcode::RdmaReadRequest,
                    qn: 1,
                    msn: 1,
                    inv_stag: 0,
                    data: hex(SIW_READ_REQ)[20..48].to_vec(),
                },
                Message::Tagged {
                    opcode: RdmapOpcode::RdmaReadResponse,
                    stag: rr.sink_stag,
                    to: rr.sink_to,
                    data: text.to_vec(),
                },
                Message::Tagged {
                    opcode: RdmapOpcode::RdmaWrite,
                    stag: 0x10a4_1900,
                    to: 0x0000_55be_d457_b790,
                    data: text.to_vec(),
                },
            ]
        );
        assert_eq!(RdmaReadReqRepr::parse(m[1].data()).map(|(r, _)| r), Ok(rr));
    }

    /// A stream of every RDMAP opcode (the RFC 7306 atomics as hand-built
    /// segments: no encoder, the NIC speaks no atomics) and the messages
    /// it carries.
    fn script(s: &mut SoftIwarp) -> (Vec<u8>, Vec<Message>) {
        let mut rng = Rng::new(0x5157_0001);
        let mut bytes = Vec::new();
        let mut want = Vec::new();
        let mut put = |b: Result<Vec<u8>, SoftIwarpError>, m: Message| {
            bytes.extend_from_slice(&b.expect("encode"));
            want.push(m);
        };
        let tagged = |opcode, stag, to, data: &[u8]| Message::Tagged {
            opcode,
            stag,
            to,
            data: data.to_vec(),
        };
        let untagged = |opcode, qn, msn, inv_stag, data: &[u8]| Message::Untagged {
            opcode,
            qn,
            msn,
            inv_stag,
            data: data.to_vec(),
        };
        use RdmapOpcode as Op;
        // a Write whose TO wraps
        let d = random(&mut rng, 700);
        let to = u64::MAX - 300;
        put(
            s.write(0x0100_0001, to, &d),
            tagged(Op::RdmaWrite, 0x0100_0001, to, &d),
        );
        put(
            s.write(0x0100_0002, 5, &[]),
            tagged(Op::RdmaWrite, 0x0100_0002, 5, &[]),
        );
        let d = random(&mut rng, 333);
        put(s.send(&d, false), untagged(Op::Send, 0, 1, 0, &d));
        put(s.send(&[], true), untagged(Op::SendSe, 0, 2, 0, &[]));
        let d = random(&mut rng, 123);
        put(
            s.send_inv(&d, 0xdead_beef, false),
            untagged(Op::SendInvalidate, 0, 3, 0xdead_beef, &d),
        );
        let d = random(&mut rng, 64);
        put(
            s.send_inv(&d, 0x1234, true),
            untagged(Op::SendSeInvalidate, 0, 4, 0x1234, &d),
        );
        let rr = RdmaReadReqRepr {
            sink_stag: 0x0200_0001,
            sink_to: 0x1000,
            read_size: 517,
            src_stag: 0x0300_0001,
            src_to: 0x2000,
        };
        let mut p = [0u8; 28];
        rr.emit(&mut p).expect("emit");
        put(s.read_req(&rr), untagged(Op::RdmaReadRequest, 1, 1, 0, &p));
        let d = random(&mut rng, 517);
        put(
            s.read_resp(rr.sink_stag, rr.sink_to, &d),
            tagged(Op::RdmaReadResponse, rr.sink_stag, rr.sink_to, &d),
        );
        let imm = 0x0011_2233_4455_6677u64;
        put(
            s.immediate(imm, false),
            untagged(Op::ImmediateData, 0, 5, 0, &imm.to_be_bytes()),
        );
        put(
            s.immediate(!imm, true),
            untagged(Op::ImmediateDataSe, 0, 6, 0, &(!imm).to_be_bytes()),
        );
        // Terminates: a DDP error with the segment's header; an RDMAP error
        // with the Read Request's
        let hdr = ulpdu(
            &DdpRepr::Untagged(DdpUntaggedRepr {
                last: true,
                opcode: Op::Send,
                inv_stag: 0,
                qn: 0,
                msn: 9,
                mo: 0,
            }),
            &[],
        );
        for (msn, t) in [
            (
                1,
                TerminateRepr {
                    layer: TermLayer::Ddp,
                    etype: 2,
                    ecode: 5,
                    seg_len_valid: true,
                    ddp: Some((1024, &hdr)),
                    rdma_hdr: None,
                },
            ),
            (
                2,
                TerminateRepr {
                    layer: TermLayer::Rdmap,
                    etype: 1,
                    ecode: 0,
                    seg_len_valid: false,
                    ddp: Some((0, &hdr)),
                    rdma_hdr: Some(&p),
                },
            ),
        ] {
            let mut b = vec![0u8; t.wire_len()];
            t.emit(&mut b).expect("emit");
            put(s.terminate(&t), untagged(Op::Terminate, 2, msn, 0, &b));
        }
        for (msn, op) in [(1, Op::AtomicRequest), (2, Op::AtomicResponse)] {
            let d = random(&mut rng, 24);
            let hdr = DdpRepr::Untagged(DdpUntaggedRepr {
                last: true,
                opcode: op,
                inv_stag: 0,
                qn: 3,
                msn,
                mo: 0,
            });
            put(s.fpdu(&ulpdu(&hdr, &d)), untagged(op, 3, msn, 0, &d));
        }
        for op in RdmapOpcode::ALL {
            assert!(want.iter().any(|m| m.opcode() == *op), "{op:?} not sent");
        }
        (bytes, want)
    }

    /// Segmentation as the encoders promise: ULPDUs within the MULPDU, every segment but the last full,
    /// TO/MO advancing, L on the last only, MSNs 1, 2, ... per queue.
    fn check_segmentation(segs: &[Segment], mulpdu: usize) {
        let mut next_msn: HashMap<u32, u32> = HashMap::new();
        let mut open: Option<(DdpRepr, u64)> = None;
        for s in segs {
            assert!(s.ulpdu_len() <= mulpdu, "{s:?} above MULPDU");
            let (off, len) = match s.hdr {
                DdpRepr::Tagged(t) => (t.tagged_offset, s.payload.len() as u64),
                DdpRepr::Untagged(u) => (u64::from(u.mo), s.payload.len() as u64),
            };
            match (open.take(), s.hdr) {
                (Some((DdpRepr::Tagged(a), next)), DdpRepr::Tagged(b)) => {
                    assert_eq!((b.stag, b.opcode), (a.stag, a.opcode));
                    assert_eq!(off, next, "TO advances by the payload sent");
                }
                (Some((DdpRepr::Untagged(a), next)), DdpRepr::Untagged(b)) => {
                    assert_eq!((b.qn, b.msn, b.opcode), (a.qn, a.msn, a.opcode));
                    assert_eq!(off, next, "MO advances by the payload sent");
                }
                (Some(o), _) => panic!("{s:?} interrupts {o:?}"),
                (None, DdpRepr::Untagged(u)) => {
                    assert_eq!(u.mo, 0);
                    let m = next_msn.entry(u.qn).or_insert(1);
                    assert_eq!(u.msn, *m, "MSN of queue {}", u.qn);
                    *m += 1;
                }
                (None, DdpRepr::Tagged(_)) => {}
            }
            if !s.hdr.last() {
                assert_eq!(s.ulpdu_len(), mulpdu, "a segment before the last is full");
                open = Some((s.hdr, off.wrapping_add(len)));
            }
        }
        assert!(open.is_none(), "a message without L");
    }

    #[test]
    fn every_opcode_round_trips_at_every_split() {
        for (crc, markers, start) in [
            (true, false, 0),
            (true, true, 0),
            (false, true, 0x1_0000_0204),
            (false, false, 7),
        ] {
            let cfg = Config {
                tx_start: start,
                rx_start: 99,
                ..Config::new(crc, markers, 70)
            };
            let mut tx = endpoint(cfg);
            let (stream, want) = script(&mut tx);
            assert_eq!(tx.tx_offset(), start + stream.len() as u64);
            let mut rx = endpoint(cfg.peer());
            let whole = segments(&mut rx, &stream);
            assert_eq!(rx.rx_pending(), 0);
            assert_eq!(rx.rx_offset(), start + stream.len() as u64);
            assert!(whole.iter().all(|s| s.crc_checked == crc));
            check_segmentation(&whole, 70);
            assert_eq!(messages(&whole), want, "crc {crc} markers {markers}");
            let whole: Vec<_> = whole.into_iter().map(Ok).collect();
            for k in 0..=stream.len() {
                let mut rx = endpoint(cfg.peer());
                let mut got = rx.receive(&stream[..k]);
                got.extend(rx.receive(&stream[k..]));
                assert_eq!(got, whole, "split at {k}, crc {crc} markers {markers}");
            }
            let mut rx = endpoint(cfg.peer());
            let got: Vec<_> = stream.iter().flat_map(|b| rx.receive(&[*b])).collect();
            assert_eq!(got, whole, "a byte at a time");
        }
    }

    /// Walks a marked stream independently of the decoder (the grid from
    /// offset `phase` of `s`): every marker's reserved bytes and FPDUPTR,
    /// every FPDU's CRC over its bytes and markers. Returns the markers seen.
    fn walk_marked(s: &[u8], phase: usize) -> usize {
        let (mut i, mut marks) = (0, 0);
        // this FPDU: index of its length field, marker-free bytes and the
        // bytes before its CRC field
        let (mut len_at, mut body, mut covered) = (0, Vec::new(), Vec::new());
        while i < s.len() {
            if (i + phase).is_multiple_of(512) {
                let m = &s[i..i + 4];
                let ptr = usize::from(u16::from_be_bytes([m[2], m[3]]));
                assert_eq!(&m[..2], &[0, 0], "marker at {i}: reserved");
                let want = if body.is_empty() { 0 } else { i - len_at };
                assert_eq!(ptr, want, "marker at {i}: FPDUPTR");
                covered.extend_from_slice(m);
                marks += 1;
                i += 4;
                continue;
            }
            if body.is_empty() {
                len_at = i;
            }
            body.push(s[i]);
            i += 1;
            let total = match body[..] {
                [a, b, ..] => MpaFpduRepr::wire_len_for(usize::from(u16::from_be_bytes([a, b]))),
                _ => usize::MAX,
            };
            if body.len() <= total - 4 {
                covered.push(s[i - 1]);
            }
            if body.len() == total {
                let f = &body[total - 4..];
                let sent = u32::from_le_bytes([f[0], f[1], f[2], f[3]]);
                assert_eq!(sent, crc32c(&covered), "FPDU at {len_at}: CRC");
                body.clear();
                covered.clear();
            }
        }
        assert!(body.is_empty(), "the stream ends inside an FPDU");
        marks
    }

    #[test]
    fn markers_sit_every_512_bytes_and_point_at_their_fpdu() {
        for mulpdu in [70, 200, 1442, 8000] {
            let cfg = Config {
                tx_start: 1000,
                ..Config::new(true, true, mulpdu)
            };
            let mut tx = endpoint(cfg);
            let (stream, _) = script(&mut tx);
            let marks = walk_marked(&stream, 0);
            assert_eq!(marks, stream.len().div_ceil(512));
            // the same messages without markers are the stream without them
            let mut plain = endpoint(Config {
                crc: false,
                markers_tx: false,
                ..cfg
            });
            let mut unmarked = endpoint(Config { crc: false, ..cfg });
            let (p, _) = script(&mut plain);
            let (u, _) = script(&mut unmarked);
            let stripped: Vec<u8> = u
                .iter()
                .enumerate()
                .filter(|(i, _)| i % 512 >= 4)
                .map(|(_, b)| *b)
                .collect();
            assert_eq!(stripped, p, "MULPDU {mulpdu}");
        }
        // the grid counts from the first FPDU, whatever came before
        let mut tx = endpoint(Config::new(true, true, 300));
        tx.skip_tx(200);
        let mut s = Vec::new();
        for n in [100, 0, 1000, 5] {
            s.extend_from_slice(&tx.send(&vec![0x5a; n], n == 5).expect("send"));
        }
        assert_eq!(walk_marked(&s, 200), 2, "markers at offsets 512 and 1024");
        // FPDUs at 200 (124 bytes), 324 (24), 348 (308, MULPDU 300): the
        // marker at 512 is 164 bytes into the third
        assert_eq!(&s[312..316], &[0, 0, 0, 164]);
    }

    #[test]
    fn a_bad_crc_is_reported_and_the_stream_goes_on() {
        for (crc, markers) in [(true, false), (true, true), (false, true)] {
            let cfg = Config::new(crc, markers, 100);
            let mut tx = endpoint(cfg);
            let mut s = tx.send(&[1; 150], false).expect("send");
            let at = tx.tx_offset();
            let mut w = tx.write(7, 0, &[2; 40]).expect("write");
            corrupt_crc(&mut w);
            s.extend_from_slice(&w);
            s.extend_from_slice(&tx.immediate(9, false).expect("immediate"));
            let mut rx = endpoint(cfg.peer());
            let got = rx.receive(&s);
            assert_eq!(got.len(), 4, "{got:?}");
            assert!(
                got[0].is_ok() && got[1].is_ok() && got[3].is_ok(),
                "{got:?}"
            );
            if crc {
                match &got[2] {
                    Err(SoftIwarpError::BadCrc {
                        at: a,
                        sent,
                        computed,
                        ulpdu,
                    }) => {
                        assert_eq!(*a, at);
                        assert_eq!(sent ^ computed, 0xff00_0000);
                        assert_eq!(ulpdu.len(), 14 + 40);
                    }
                    other => panic!("{other:?}"),
                }
            } else {
                let seg = got[2].as_ref().expect("no CRC, no check");
                assert!(!seg.crc_checked);
                assert_eq!(seg.payload, [2; 40]);
            }
        }
    }

    #[test]
    fn hostile_fpdus_are_errors_not_panics() {
        let cfg = Config::new(true, false, 100);
        let mut tx = endpoint(Config { mulpdu: 200, ..cfg });
        let send = |last| {
            DdpRepr::Untagged(DdpUntaggedRepr {
                last,
                opcode: RdmapOpcode::Send,
                inv_stag: 0,
                qn: 0,
                msn: 1,
                mo: 0,
            })
        };
        let mut s = Vec::new();
        s.extend(tx.fpdu(&[]).expect("empty ULPDU"));
        s.extend(tx.fpdu(&ulpdu(&send(true), &[])[..10]).expect("short"));
        let mut u = ulpdu(&send(true), b"x");
        u[0] = (u[0] & !0x03) | 0x02;
        s.extend(tx.fpdu(&u).expect("DDP version 2"));
        let mut u = ulpdu(&send(true), b"x");
        u[1] = (u[1] & 0x3f) | 0x80;
        s.extend(tx.fpdu(&u).expect("RDMAP version 2"));
        let mut u = ulpdu(&send(true), b"x");
        u[1] |= 0x0f;
        s.extend(tx.fpdu(&u).expect("opcode 15"));
        s.extend(tx.send(b"still in step", false).expect("send"));
        let mut rx = endpoint(cfg.peer());
        let got = rx.receive(&s);
        let errs: Vec<_> = got
            .iter()
            .map(|r| match r {
                Err(SoftIwarpError::BadHeader { err, .. }) => Some(*err),
                _ => None,
            })
            .collect();
        assert_eq!(
            errs,
            [
                Some(WireError::Truncated),
                Some(WireError::Truncated),
                Some(WireError::BadDdpVersion),
                Some(WireError::BadRdmapVersion),
                Some(WireError::UnknownOpcode(0x0f)),
                None,
            ]
        );
        assert_eq!(
            got[5].as_ref().map(|s| s.payload.clone()),
            Ok(b"still in step".to_vec())
        );
        // an ULPDU_Length above the MULPDU: reported once, then nothing
        let big = tx.send(&[0; 150], false).expect("send");
        assert_eq!(
            rx.receive(&big[..3]),
            [Err(SoftIwarpError::UlpduTooLong {
                at: s.len() as u64,
                len: 168,
                max: 100
            })]
        );
        assert!(rx.receive(&big[3..]).is_empty());
        assert!(rx.receive(&tx.send(b"x", false).expect("send")).is_empty());

        // a marker pointing elsewhere; the FPDUs after it are fine
        let cfg = Config::new(false, true, 100);
        let mut tx = endpoint(cfg);
        let mut s = Vec::new();
        for _ in 0..12 {
            s.extend(tx.send(&[3; 80], false).expect("send"));
        }
        s[514] ^= 0x01;
        let mut rx = endpoint(cfg.peer());
        let got = rx.receive(&s);
        assert_eq!(got.len(), 12);
        let bad: Vec<_> = got.iter().filter(|r| r.is_err()).collect();
        assert!(
            matches!(bad[..], [Err(SoftIwarpError::BadMarker { at: 512, .. })]),
            "{bad:?}"
        );

        // the encoders refuse what the fields cannot carry, and change nothing
        let mut tx = endpoint(Config::new(true, false, 100));
        assert!(matches!(
            tx.fpdu(&vec![0; 65536]),
            Err(SoftIwarpError::TooLong { len: 65536, .. })
        ));
        let t = TerminateRepr {
            layer: TermLayer::Llp,
            etype: 16,
            ecode: 0,
            seg_len_valid: false,
            ddp: None,
            rdma_hdr: None,
        };
        assert!(matches!(
            tx.terminate(&t),
            Err(SoftIwarpError::Emit(WireError::Malformed(_)))
        ));
        assert_eq!(tx.next_msn(DdpQueue::Terminate), 1);
        assert_eq!(tx.tx_offset(), 0);
        for bad in [0, 69, 65536] {
            assert!(matches!(
                SoftIwarp::new(Config::new(true, false, bad)),
                Err(SoftIwarpError::Config(_))
            ));
        }

        // junk in random pieces
        let mut rng = Rng::new(0x5157_0002);
        for round in 0..300 {
            let cfg = Config::new(
                round % 2 == 0,
                round % 3 == 0,
                70 + rng.below(65466) as usize,
            );
            let mut rx = endpoint(cfg);
            let n = rng.below(5000) as usize;
            let junk = random(&mut rng, n);
            let mut at = 0;
            while at < junk.len() {
                let n = (1 + rng.below(700) as usize).min(junk.len() - at);
                let _ = rx.receive(&junk[at..at + n]);
                at += n;
            }
        }
    }

    #[test]
    fn reassembly_joins_interleaved_messages_and_refuses_gaps() {
        let cfg = Config::new(true, false, 70);
        let mut tx = endpoint(cfg);
        let mut rx = endpoint(cfg.peer());
        let a = segments(&mut rx, &tx.send(&[1; 250], false).expect("send"));
        let b = segments(&mut rx, &tx.write(5, 1000, &[2; 200]).expect("write"));
        let c = segments(&mut rx, &tx.send(&[3; 150], true).expect("send"));
        assert_eq!((a.len(), b.len(), c.len()), (5, 4, 3));
        let mut r = Reassembler::new();
        let mut done = Vec::new();
        for i in 0..5 {
            for s in [a.get(i), b.get(i), c.get(i)].into_iter().flatten() {
                done.extend(r.push(s.clone()).expect("in order"));
            }
        }
        assert_eq!(
            done.iter().map(Message::opcode).collect::<Vec<_>>(),
            [
                RdmapOpcode::SendSe,
                RdmapOpcode::RdmaWrite,
                RdmapOpcode::Send
            ]
        );
        assert_eq!(done[1].data(), [2; 200]);
        assert_eq!(r.open(), 0);
        // a segment out of place is refused; the message can still finish
        assert!(r.push(a[0].clone()).expect("first").is_none());
        assert!(matches!(
            r.push(a[2].clone()),
            Err(SoftIwarpError::Reassembly { .. })
        ));
        assert!(matches!(
            r.push(c[1].clone()),
            Err(SoftIwarpError::Reassembly { .. })
        ));
        for s in &a[1..] {
            r.push(s.clone()).expect("in order");
        }
        assert_eq!(r.open(), 0);
    }

    #[test]
    fn mulpdu_for_mss_fills_a_segment_and_no_more() {
        assert_eq!(mulpdu_for_mss(1460, false), 1454);
        assert_eq!(mulpdu_for_mss(1460, true), 1442);
        // an empty ULPDU makes 8 bytes of FPDU, as does one of 2
        assert_eq!(mulpdu_for_mss(7, false), 0);
        assert_eq!(mulpdu_for_mss(8, false), 2);
        for mss in 8..=9000u16 {
            let l = usize::from(mulpdu_for_mss(mss, false));
            let mss = usize::from(mss);
            assert!(MpaFpduRepr::wire_len_for(l) <= mss, "MSS {mss}");
            assert!(MpaFpduRepr::wire_len_for(l + 1) > mss, "MSS {mss}");
        }
        // with markers, over every place of the FPDU on the marker grid
        let sizes = (64..=2200u16)
            .step_by(9)
            .chain([1460, 1500, 4096, 8960, 9000]);
        for mss in sizes {
            let l = usize::from(mulpdu_for_mss(mss, true));
            let mss = usize::from(mss);
            let (mut worst, mut worst_more) = (0, 0);
            for phase in (0..512).step_by(4) {
                let mut tx = endpoint(Config::new(true, true, 65535));
                tx.skip_tx(phase);
                worst = worst.max(tx.fpdu(&vec![0; l]).expect("fpdu").len());
                let mut tx = endpoint(Config::new(true, true, 65535));
                tx.skip_tx(phase);
                worst_more = worst_more.max(tx.fpdu(&vec![0; l + 1]).expect("fpdu").len());
            }
            assert!(worst <= mss, "MSS {mss}: MULPDU {l} makes {worst}");
            assert!(worst_more > mss, "MSS {mss}: MULPDU {l} is not the largest");
        }
    }
}
