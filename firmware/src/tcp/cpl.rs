//! CPL messages as the firmware port carries them (docs/cpl.md).
//!
//! A CPL message crosses the port as one port message: word 0 is a
//! [`FwMsgHdr`] (opcode `CPL`, seq 0, status 0, `len` = words including
//! word 0, at most 255), then the message bytes (the 8-byte `cpl_hdr`, the
//! opcode's body, any payload), 4 bytes per word, byte 0 in bits 7:0.
//!
//! [`CplMsg`] is an outgoing message the firmware built (at most
//! [`OUT_MAX`] bytes: the firmware sends no payloads); [`CplIn`] is a
//! zero-copy view over a received message's first bytes, with the length
//! checks of [`CplIn::parse`].

use warpnic_abi::gen::{CplHdr, CplOpcode, FwMsgHdr, FwOpcode};

/// Bytes of the largest message the firmware sends: ACT_OPEN_REQ, header
/// and 40-byte body.
pub const OUT_MAX: usize = CplHdr::SIZE + 40;

/// Bytes of a received message the firmware keeps: enough for the header
/// and the largest body it parses (PASS_ACCEPT_REQ, 40 bytes); payload
/// bytes beyond are counted, not stored.
pub const IN_KEEP: usize = 64;

/// Port words of the largest CPL message the port carries (`len` is a
/// byte).
pub const PORT_MAX_WORDS: usize = 255;

/// The body length of a message the hardware sends to the firmware, for
/// opcodes with a fixed body; `None` for opcodes that only go the other
/// way, or that carry a payload (RX_DATA, RDMA_TERMINATE).
pub const fn hw_body_len(op: CplOpcode) -> Option<usize> {
    match op {
        CplOpcode::ActOpenRpl
        | CplOpcode::PassOpenRpl
        | CplOpcode::CloseListsrvRpl
        | CplOpcode::TxDataAck
        | CplOpcode::PeerClose
        | CplOpcode::AbortReq
        | CplOpcode::AbortRpl => Some(8),
        CplOpcode::CloseConRpl | CplOpcode::SetTcbRpl => Some(16),
        CplOpcode::ActEstablish | CplOpcode::PassEstablish => Some(24),
        CplOpcode::PassAcceptReq => Some(40),
        CplOpcode::ActOpenReq
        | CplOpcode::PassOpenReq
        | CplOpcode::PassAcceptRpl
        | CplOpcode::CloseListsrvReq
        | CplOpcode::TxData
        | CplOpcode::RxData
        | CplOpcode::RxDataAck
        | CplOpcode::CloseConReq
        | CplOpcode::SetTcbField
        | CplOpcode::RdmaTerminate => None,
    }
}

/// A message the firmware sends to the hardware.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CplMsg {
    buf: [u8; OUT_MAX],
    len: u8,
}

impl CplMsg {
    /// A message with `opcode`, `flags`, `id` and `body` (a multiple of 8
    /// bytes, at most `OUT_MAX - 8`; the firmware only passes its own
    /// fixed bodies, and a longer one is cut to fit).
    #[inline(never)]
    pub fn new(opcode: CplOpcode, flags: u8, id: u32, body: &[u8]) -> Self {
        let n = body.len().min(OUT_MAX - CplHdr::SIZE);
        let len = CplHdr::SIZE + n;
        let hdr = CplHdr {
            opcode: opcode.into(),
            flags,
            len: len as u16,
            id,
        };
        let mut buf = [0u8; OUT_MAX];
        buf[..CplHdr::SIZE].copy_from_slice(&hdr.to_bytes());
        if let (Some(dst), Some(src)) = (buf.get_mut(CplHdr::SIZE..len), body.get(..n)) {
            dst.copy_from_slice(src);
        }
        Self {
            buf,
            len: len as u8,
        }
    }

    /// The message bytes: header, then body.
    pub fn bytes(&self) -> &[u8] {
        self.buf.get(..usize::from(self.len)).unwrap_or(&[])
    }

    /// The header.
    pub fn hdr(&self) -> CplHdr {
        let mut h = [0u8; CplHdr::SIZE];
        h.copy_from_slice(&self.buf[..CplHdr::SIZE]);
        CplHdr::from_bytes(&h)
    }

    /// The body after the header.
    pub fn body(&self) -> &[u8] {
        self.bytes().get(CplHdr::SIZE..).unwrap_or(&[])
    }

    /// Port words of the message, its [`FwMsgHdr`] included.
    pub fn port_words(&self) -> usize {
        1 + usize::from(self.len).div_ceil(4)
    }

    /// Port word `i`: 0 is the [`FwMsgHdr`], then the bytes, little-endian;
    /// past the end, zero.
    pub fn port_word(&self, i: usize) -> u32 {
        if i == 0 {
            let h = FwMsgHdr {
                opcode: FwOpcode::Cpl.into(),
                seq: 0,
                status: 0,
                len: self.port_words() as u8,
            };
            return u32::from_le_bytes(h.to_bytes());
        }
        let at = (i - 1) * 4;
        let mut w = [0u8; 4];
        for (k, b) in w.iter_mut().enumerate() {
            *b = self.bytes().get(at + k).copied().unwrap_or(0);
        }
        u32::from_le_bytes(w)
    }
}

/// Why a received message was refused before its opcode's handler ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CplInError {
    /// Shorter than the 8-byte header, or the header's `len` differs from
    /// the bytes received.
    BadFraming,
    /// An opcode the hardware never sends (unknown, or CP→HW only).
    BadOpcode(u8),
    /// The header's `len` does not match the opcode's body (and payload).
    BadLength(CplOpcode),
}

/// A received message: its header and the first bytes of its body.
#[derive(Clone, Copy, Debug)]
pub struct CplIn<'a> {
    /// The header.
    pub hdr: CplHdr,
    /// The opcode.
    pub op: CplOpcode,
    /// The body bytes kept (all of a fixed body; for RX_DATA the 16-byte
    /// body and the payload bytes that fit in [`IN_KEEP`]).
    pub body: &'a [u8],
}

impl<'a> CplIn<'a> {
    /// Checks a received message: `kept` is its first bytes (at most
    /// [`IN_KEEP`] are looked at), `total` its length in bytes as the port
    /// framing says.
    ///
    /// The header must fit, its `len` must equal `total`, the opcode must
    /// be one the hardware sends, and `len` must be the header plus the
    /// opcode's body (RX_DATA: plus `data_len` bytes padded to 8;
    /// RDMA_TERMINATE: plus `data_len` padded to 8).
    ///
    /// # Errors
    ///
    /// [`CplInError`] as above.
    pub fn parse(kept: &'a [u8], total: usize) -> Result<Self, CplInError> {
        let h: &[u8; CplHdr::SIZE] = kept
            .get(..CplHdr::SIZE)
            .and_then(|s| s.try_into().ok())
            .ok_or(CplInError::BadFraming)?;
        let hdr = CplHdr::from_bytes(h);
        if usize::from(hdr.len) != total {
            return Err(CplInError::BadFraming);
        }
        let op = CplOpcode::try_from(hdr.opcode).map_err(CplInError::BadOpcode)?;
        let body = kept.get(CplHdr::SIZE..total.min(kept.len())).unwrap_or(&[]);
        let want = match (op, hw_body_len(op)) {
            (_, Some(n)) => Some(n),
            (CplOpcode::RxData, None) => payload_len(body, 0, 16),
            (CplOpcode::RdmaTerminate, None) => payload_len(body, 4, 8),
            (_, None) => return Err(CplInError::BadOpcode(hdr.opcode)),
        };
        if want != Some(total - CplHdr::SIZE) {
            return Err(CplInError::BadLength(op));
        }
        Ok(Self { hdr, op, body })
    }

    /// The body as a fixed-size array, when it is at least `N` bytes.
    pub fn fixed<const N: usize>(&self) -> Option<[u8; N]> {
        self.body.get(..N).and_then(|s| s.try_into().ok())
    }
}

/// Body plus payload length of a message whose body (`body_len` bytes)
/// has a 32-bit `data_len` at byte `at`: the payload padded to 8.
fn payload_len(body: &[u8], at: usize, body_len: usize) -> Option<usize> {
    let b: [u8; 4] = body.get(at..at + 4)?.try_into().ok()?;
    let data = usize::try_from(u32::from_le_bytes(b)).ok()?;
    body_len.checked_add(data.checked_next_multiple_of(8)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip() {
        let m = CplMsg::new(CplOpcode::AbortRpl, 0, 0x41, &[1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(m.port_words(), 5);
        assert_eq!(m.port_word(0), 0x0500_0082);
        assert_eq!(m.port_word(1), 0x0010_001c);
        assert_eq!(m.port_word(2), 0x41);
        assert_eq!(m.port_word(3), 0x0403_0201);
        let mut bytes = [0u8; 16];
        for i in 0..4 {
            bytes[i * 4..i * 4 + 4].copy_from_slice(&m.port_word(i + 1).to_le_bytes());
        }
        let p = CplIn::parse(&bytes, 16).expect("valid");
        assert_eq!(p.op, CplOpcode::AbortRpl);
        assert_eq!(p.hdr.id, 0x41);
        assert_eq!(p.body, &[1, 2, 3, 4, 5, 6, 7, 8]);
    }

    #[test]
    fn parse_checks() {
        let m = CplMsg::new(CplOpcode::AbortRpl, 0, 1, &[0; 8]);
        assert_eq!(
            CplIn::parse(m.bytes(), 24).err(),
            Some(CplInError::BadFraming)
        );
        assert_eq!(CplIn::parse(&[0; 4], 4).err(), Some(CplInError::BadFraming));
        let m = CplMsg::new(CplOpcode::AbortRpl, 0, 1, &[0; 16]);
        assert_eq!(
            CplIn::parse(m.bytes(), 24).err(),
            Some(CplInError::BadLength(CplOpcode::AbortRpl))
        );
        let m = CplMsg::new(CplOpcode::ActOpenReq, 0, 1, &[0; 40]);
        assert_eq!(
            CplIn::parse(m.bytes(), 48).err(),
            Some(CplInError::BadOpcode(1))
        );
        // RX_DATA with 5 payload bytes: 8 + 16 + 8
        let mut rx = [0u8; 32];
        rx[..8].copy_from_slice(
            &CplHdr {
                opcode: CplOpcode::RxData.into(),
                flags: 0,
                len: 32,
                id: 3,
            }
            .to_bytes(),
        );
        rx[8] = 5;
        assert!(CplIn::parse(&rx, 32).is_ok());
        rx[8] = 9;
        assert!(CplIn::parse(&rx, 32).is_err());
    }
}
