//! The MPA request/reply frame codec (RFC 5044 §7.1) with the enhanced
//! connection establishment data of RFC 6581, and the incremental receiver
//! that collects one frame from a TCP byte stream cut anywhere.
//!
//! ```text
//!  0                   1                   2                   3
//!  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |  Key: "MPA ID Req Frame" or "MPA ID Rep Frame" (16 octets)     |
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |M|C|R|E| Res   |     Rev       |          PD_Length            |
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |A|B|        IRD (14)           |C|D|        ORD (14)           |  <- Rev 2 with E
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |  private data of the upper layer (PD_Length octets in all)     |
//! ```
//!
//! This is the one codec of these frames, for the host library and the
//! tests alike. The layouts come from the generated views
//! (`MpaReqRep`, `MpaV2IrdOrd`) and the keys from `warpnic_abi::wire`; this
//! module adds the checks, each with its own [`FrameError`], so that the
//! endpoint can give every bad input the answer the RFC asks for.

use warpnic_abi::gen::{mpa_flags, mpa_rtr, MpaReqRep, MpaV2IrdOrd};
use warpnic_abi::wire;

/// Octets of the fixed frame header (key, flags, revision, PD_Length).
pub const HEADER_LEN: usize = MpaReqRep::<&[u8]>::LEN;
/// Largest PD_Length, the RFC 6581 block included (RFC 5044 §7.1).
pub const MAX_PRIVATE_DATA: usize = wire::MPA_MAX_PRIVATE_DATA;
/// Largest frame: header and 512 octets of private data.
pub const MAX_FRAME_LEN: usize = HEADER_LEN + MAX_PRIVATE_DATA;
/// Octets of the RFC 6581 IRD/ORD block.
pub const IRD_ORD_LEN: usize = MpaV2IrdOrd::<&[u8]>::LEN;
/// Largest IRD or ORD (14 bits, RFC 6581).
pub const MAX_IRD_ORD: u16 = 0x3fff;
/// Largest upper-layer private data when the RFC 6581 block precedes it.
pub const MAX_PRIVATE_DATA_V2: usize = MAX_PRIVATE_DATA - IRD_ORD_LEN;

/// Key of an MPA request frame.
pub const KEY_REQ: &[u8; 16] = wire::MPA_KEY_REQ;
/// Key of an MPA reply frame.
pub const KEY_REP: &[u8; 16] = wire::MPA_KEY_REP;

/// Request or reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FrameKind {
    /// "MPA ID Req Frame", sent by the initiator (active side).
    Request,
    /// "MPA ID Rep Frame", sent by the responder (passive side).
    Reply,
}

/// MPA revision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Revision {
    /// RFC 5044: no IRD/ORD exchange, no peer-to-peer mode.
    V1 = 1,
    /// RFC 6581: IRD/ORD and peer-to-peer RTR negotiation.
    V2 = 2,
}

impl Revision {
    /// The revision octet's value.
    pub const fn as_u8(self) -> u8 {
        self as u8
    }

    /// The revision of an octet, if MPA defines it.
    pub const fn from_u8(v: u8) -> Option<Self> {
        match v {
            1 => Some(Self::V1),
            2 => Some(Self::V2),
            _ => None,
        }
    }
}

/// One RFC 6581 ready-to-receive (RTR) message type: the zero-length
/// message the initiator sends first in peer-to-peer mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rtr {
    /// A zero-length Send (control flag B, IRD word bit 14).
    Send,
    /// A zero-length RDMA Write (control flag C, ORD word bit 15).
    Write,
    /// A zero-length RDMA Read Request (control flag D, ORD word bit 14).
    Read,
}

impl Rtr {
    /// The preference order when more than one type is possible: a Write
    /// needs nothing from the peer, a Read needs an ORD slot, a Send a
    /// posted receive.
    pub const PREFERENCE: [Rtr; 3] = [Rtr::Write, Rtr::Read, Rtr::Send];

    const fn bit(self) -> u8 {
        match self {
            Rtr::Send => mpa_rtr::SEND,
            Rtr::Write => mpa_rtr::WRITE,
            Rtr::Read => mpa_rtr::READ,
        }
    }
}

/// A set of RTR types (the `mpa_rtr` bits of the ABI).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RtrSet(u8);

impl RtrSet {
    /// No type.
    pub const NONE: RtrSet = RtrSet(0);
    /// Every type.
    pub const ALL: RtrSet = RtrSet(mpa_rtr::SEND | mpa_rtr::WRITE | mpa_rtr::READ);

    /// The set of one type.
    pub const fn only(r: Rtr) -> RtrSet {
        RtrSet(r.bit())
    }

    /// The set with `r` added.
    pub const fn with(self, r: Rtr) -> RtrSet {
        RtrSet(self.0 | r.bit())
    }

    /// Whether `r` is in the set.
    pub const fn contains(self, r: Rtr) -> bool {
        self.0 & r.bit() != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Types in both sets.
    pub const fn intersect(self, other: RtrSet) -> RtrSet {
        RtrSet(self.0 & other.0)
    }

    /// Number of types in the set.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The first type of [`Rtr::PREFERENCE`] in the set.
    pub fn preferred(self) -> Option<Rtr> {
        Rtr::PREFERENCE.into_iter().find(|r| self.contains(*r))
    }

    /// The `mpa_rtr` bits.
    pub const fn bits(self) -> u8 {
        self.0
    }
}

/// The RFC 6581 enhanced connection establishment data.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct IrdOrd {
    /// Inbound RDMA Read queue depth (14 bits).
    pub ird: u16,
    /// Outbound RDMA Read queue depth (14 bits).
    pub ord: u16,
    /// Control flag A: the peer-to-peer connection model.
    pub p2p: bool,
    /// Control flags B, C, D: in a request, the RTR types the initiator can
    /// send; in a reply, the one the responder chose.
    pub rtr: RtrSet,
}

/// An MPA request or reply frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Frame<'a> {
    /// Request or reply.
    pub kind: FrameKind,
    /// M: the sender wants markers in what it receives.
    pub markers: bool,
    /// C: the sender wants CRCs.
    pub crc: bool,
    /// R: the reply rejects the connection (ignored in a request).
    pub reject: bool,
    /// The revision.
    pub revision: Revision,
    /// RFC 6581 data: present when the enhanced flag is set in a revision 2
    /// frame.
    pub ird_ord: Option<IrdOrd>,
    /// The upper layer's private data (after the RFC 6581 block, if any).
    pub private_data: &'a [u8],
}

/// Why bytes are not a valid frame, or a frame cannot be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FrameError {
    /// The key is neither request nor reply (RFC 5044 §7.1).
    BadKey,
    /// A revision MPA does not define (RFC 5044 §7.1: anything but 1; RFC
    /// 6581: 2); carries the octet.
    BadRevision(u8),
    /// PD_Length above 512 (RFC 5044 §7.1); carries the length.
    PrivateDataTooLong(usize),
    /// A revision 2 frame with the enhanced flag whose private data cannot
    /// hold the IRD/ORD block (RFC 6581).
    MissingIrdOrd,
    /// IRD or ORD above 14 bits (only when writing).
    IrdOrdOutOfRange,
    /// RFC 6581 data in a revision 1 frame (only when writing).
    IrdOrdNeedsV2,
    /// The input ends inside the frame.
    Truncated,
    /// The output buffer is too small.
    BufferTooSmall,
}

/// The fixed header, checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Header {
    /// Request or reply.
    pub kind: FrameKind,
    /// The flags octet (M, C, R, enhanced and the reserved bits).
    pub flags: u8,
    /// The revision.
    pub revision: Revision,
    /// PD_Length, at most 512.
    pub pd_length: usize,
}

impl Header {
    /// Frame length: header plus private data.
    pub const fn frame_len(&self) -> usize {
        HEADER_LEN + self.pd_length
    }

    /// Whether the RFC 6581 block starts the private data: the enhanced
    /// flag in a revision 2 frame (in revision 1 the bit is reserved and
    /// not checked, RFC 5044 §7.1).
    pub const fn enhanced(&self) -> bool {
        matches!(self.revision, Revision::V2) && self.flags & mpa_flags::ENHANCED != 0
    }
}

/// Checks the 20-octet header: key, revision, PD_Length. The reserved
/// flag bits are not checked (RFC 5044 §7.1).
///
/// # Errors
///
/// [`FrameError::Truncated`] for fewer than 20 octets, then
/// [`FrameError::BadKey`], [`FrameError::BadRevision`],
/// [`FrameError::PrivateDataTooLong`], checked in that order.
pub fn parse_header(buf: &[u8]) -> Result<Header, FrameError> {
    let h = MpaReqRep::new_checked(buf).map_err(|_| FrameError::Truncated)?;
    let key = h.key();
    let kind = if &key == KEY_REQ {
        FrameKind::Request
    } else if &key == KEY_REP {
        FrameKind::Reply
    } else {
        return Err(FrameError::BadKey);
    };
    let rev = h.revision();
    let revision = Revision::from_u8(rev).ok_or(FrameError::BadRevision(rev))?;
    let pd_length = usize::from(h.pd_length());
    if pd_length > MAX_PRIVATE_DATA {
        return Err(FrameError::PrivateDataTooLong(pd_length));
    }
    Ok(Header {
        kind,
        flags: h.flags(),
        revision,
        pd_length,
    })
}

/// Parses the private data of a frame whose header is `h`.
fn parse_body<'a>(h: &Header, pd: &'a [u8]) -> Result<Frame<'a>, FrameError> {
    let (ird_ord, private_data) = if h.enhanced() {
        let v = MpaV2IrdOrd::new_checked(pd).map_err(|_| FrameError::MissingIrdOrd)?;
        let mut rtr = RtrSet::NONE;
        for (on, r) in [
            (v.send_rtr(), Rtr::Send),
            (v.zero_len_rdma_write(), Rtr::Write),
            (v.rdma_read_rtr(), Rtr::Read),
        ] {
            if on != 0 {
                rtr = rtr.with(r);
            }
        }
        let io = IrdOrd {
            ird: v.ird(),
            ord: v.ord(),
            p2p: v.peer_to_peer() != 0,
            rtr,
        };
        (Some(io), pd.get(IRD_ORD_LEN..).unwrap_or(&[]))
    } else {
        (None, pd)
    };
    Ok(Frame {
        kind: h.kind,
        markers: h.flags & mpa_flags::MARKERS != 0,
        crc: h.flags & mpa_flags::CRC != 0,
        reject: h.flags & mpa_flags::REJECT != 0,
        revision: h.revision,
        ird_ord,
        private_data,
    })
}

impl<'a> Frame<'a> {
    /// PD_Length of this frame.
    pub fn pd_length(&self) -> usize {
        self.private_data.len()
            + if self.ird_ord.is_some() {
                IRD_ORD_LEN
            } else {
                0
            }
    }

    /// Octets on the wire.
    pub fn wire_len(&self) -> usize {
        HEADER_LEN + self.pd_length()
    }

    /// Parses the frame at the start of `buf`; returns it and its length
    /// (the octets after it are not looked at).
    ///
    /// # Errors
    ///
    /// The header's errors ([`parse_header`]), [`FrameError::Truncated`]
    /// until the whole frame is present, [`FrameError::MissingIrdOrd`].
    pub fn parse(buf: &'a [u8]) -> Result<(Self, usize), FrameError> {
        let h = parse_header(buf)?;
        let pd = buf
            .get(HEADER_LEN..h.frame_len())
            .ok_or(FrameError::Truncated)?;
        Ok((parse_body(&h, pd)?, h.frame_len()))
    }

    /// Writes the frame (reserved bits zero); returns its length.
    ///
    /// # Errors
    ///
    /// [`FrameError::IrdOrdNeedsV2`], [`FrameError::IrdOrdOutOfRange`],
    /// [`FrameError::PrivateDataTooLong`], [`FrameError::BufferTooSmall`].
    pub fn emit(&self, buf: &mut [u8]) -> Result<usize, FrameError> {
        if let Some(io) = &self.ird_ord {
            if self.revision != Revision::V2 {
                return Err(FrameError::IrdOrdNeedsV2);
            }
            if io.ird > MAX_IRD_ORD || io.ord > MAX_IRD_ORD {
                return Err(FrameError::IrdOrdOutOfRange);
            }
        }
        let pd_len = self.pd_length();
        if pd_len > MAX_PRIVATE_DATA {
            return Err(FrameError::PrivateDataTooLong(pd_len));
        }
        let total = HEADER_LEN + pd_len;
        let frame = buf.get_mut(..total).ok_or(FrameError::BufferTooSmall)?;
        let (hdr, mut pd) = frame.split_at_mut(HEADER_LEN);
        if let Some(io) = &self.ird_ord {
            let (block, tail) = pd.split_at_mut(IRD_ORD_LEN);
            let mut v = MpaV2IrdOrd::new_unchecked(block);
            v.set_peer_to_peer(io.p2p.into());
            v.set_send_rtr(io.rtr.contains(Rtr::Send).into());
            v.set_ird(io.ird);
            v.set_zero_len_rdma_write(io.rtr.contains(Rtr::Write).into());
            v.set_rdma_read_rtr(io.rtr.contains(Rtr::Read).into());
            v.set_ord(io.ord);
            pd = tail;
        }
        pd.copy_from_slice(self.private_data);
        let mut flags = 0;
        for (on, bit) in [
            (self.markers, mpa_flags::MARKERS),
            (self.crc, mpa_flags::CRC),
            (self.reject, mpa_flags::REJECT),
            (self.ird_ord.is_some(), mpa_flags::ENHANCED),
        ] {
            if on {
                flags |= bit;
            }
        }
        let mut h = MpaReqRep::new_unchecked(hdr);
        h.set_key(match self.kind {
            FrameKind::Request => *KEY_REQ,
            FrameKind::Reply => *KEY_REP,
        });
        h.set_flags(flags);
        h.set_revision(self.revision.as_u8());
        // pd_len <= 512 was checked above
        h.set_pd_length(pd_len as u16);
        Ok(total)
    }
}

/// What [`Receiver::feed`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feed {
    /// The frame is not complete yet; every octet given was taken.
    NeedMore,
    /// The frame is complete in the buffer.
    Complete(Header),
    /// The header is invalid; the receiver takes nothing more.
    Invalid(FrameError),
}

/// Collects one frame from a byte stream delivered in pieces of any size,
/// into a caller's buffer of [`MAX_FRAME_LEN`] octets. It takes exactly
/// the frame's octets: [`Receiver::feed`] reports how many octets of a
/// piece belong to the frame, so whatever follows (the first FPDU) stays
/// with the caller.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Receiver {
    /// Octets collected.
    len: usize,
    /// The checked header, once 20 octets are in.
    header: Option<Header>,
    /// Set after an invalid header or a complete frame.
    done: bool,
}

impl Receiver {
    /// A receiver waiting for the first octet.
    pub const fn new() -> Self {
        Self {
            len: 0,
            header: None,
            done: false,
        }
    }

    /// Octets collected so far.
    pub const fn collected(&self) -> usize {
        self.len
    }

    /// Takes octets of `data` into `buf` up to the end of the frame;
    /// returns how many it took and what it found. The header is checked as
    /// soon as its 20 octets are in, before the private data arrives. After
    /// a complete frame or an invalid header it takes nothing and answers
    /// `(0, Feed::NeedMore)`.
    pub fn feed(&mut self, buf: &mut [u8; MAX_FRAME_LEN], data: &[u8]) -> (usize, Feed) {
        if self.done {
            return (0, Feed::NeedMore);
        }
        let mut used = 0;
        if self.header.is_none() {
            let take = (HEADER_LEN - self.len).min(data.len());
            buf[self.len..self.len + take].copy_from_slice(&data[..take]);
            self.len += take;
            used = take;
            if self.len < HEADER_LEN {
                return (used, Feed::NeedMore);
            }
            match parse_header(&buf[..HEADER_LEN]) {
                Ok(h) => self.header = Some(h),
                Err(e) => {
                    self.done = true;
                    return (used, Feed::Invalid(e));
                }
            }
        }
        let Some(h) = self.header else {
            return (used, Feed::NeedMore);
        };
        let end = h.frame_len();
        let take = (end - self.len).min(data.len() - used);
        buf[self.len..self.len + take].copy_from_slice(&data[used..used + take]);
        self.len += take;
        used += take;
        if self.len == end {
            self.done = true;
            (used, Feed::Complete(h))
        } else {
            (used, Feed::NeedMore)
        }
    }
}

/// Parses the frame a [`Receiver`] completed in `buf` with header `h`.
///
/// # Errors
///
/// [`FrameError::MissingIrdOrd`] for an enhanced frame too short for the
/// RFC 6581 block.
pub fn parse_collected<'a>(
    buf: &'a [u8; MAX_FRAME_LEN],
    h: &Header,
) -> Result<Frame<'a>, FrameError> {
    parse_body(h, &buf[HEADER_LEN..h.frame_len()])
}
