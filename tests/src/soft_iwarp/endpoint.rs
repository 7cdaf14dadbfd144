//! The endpoint: segmentation of the messages it sends into FPDUs (MSNs,
//! markers, CRC), and the decoder of the FPDUs it receives.

use super::deframe::{deframe, Deframed};
use super::*;

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
