//! The receive side's FPDU deframer: one whole FPDU found at the start of
//! the received bytes, its markers taken out and checked, its CRC and DDP
//! header checked.

use super::*;

/// What [`deframe`] found at the start of the buffer.
pub(super) enum Deframed {
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
pub(super) fn deframe(cfg: &Config, buf: &[u8], pos: u64) -> Deframed {
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
