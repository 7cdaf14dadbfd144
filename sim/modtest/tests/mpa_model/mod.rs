//! A reference model of MPA framing (RFC 5044) for the MPA module tests,
//! written from the RFC: FPDUs with length, pad and CRC32c (§4.1, §4.4),
//! markers every 512 octets of the stream with their FPDUPTR (§4.3), and a
//! byte-at-a-time deframer of a marked stream.
//!
//! Conventions shared with the RTL (see the header of `wn_mpa_tx.sv`):
//! the marker grid starts at the first FPDU of full operation; a marker
//! that falls where an FPDU begins precedes its ULPDU_LENGTH, belongs to
//! that FPDU (covered by its CRC) and has FPDUPTR 0; any other marker's
//! FPDUPTR is the octets from the ULPDU_LENGTH field to the marker.

#![allow(dead_code)]

use warpnic_modtest::Rng;

/// Octets from one marker to the next (RFC 5044 §4.3).
pub const MARKER_INTERVAL: usize = 512;

const POLY: u32 = 0x82f6_3b78;

/// The CRC32c register after `data`, bit by bit (reflected, LSB first).
pub fn crc_reg(mut r: u32, data: &[u8]) -> u32 {
    for &b in data {
        r ^= u32::from(b);
        for _ in 0..8 {
            r = if r & 1 != 0 { (r >> 1) ^ POLY } else { r >> 1 };
        }
    }
    r
}

/// CRC32c of `data` (RFC 3720 §12.1).
pub fn crc32c(data: &[u8]) -> u32 {
    !crc_reg(!0, data)
}

/// Pad bytes after a ULPDU of `len` bytes (RFC 5044 §4.1).
pub fn pad_len(len: usize) -> usize {
    (4 - (2 + len) % 4) % 4
}

/// Marker-free FPDU length (length, ULPDU, pad, CRC).
pub fn fpdu_len(len: usize) -> usize {
    2 + len + pad_len(len) + 4
}

/// Bytes from stream position `pos` (0 = the first FPDU) to the next marker
/// position: the framer's `h_mark_off_i`.
pub fn mark_off(pos: usize) -> usize {
    (MARKER_INTERVAL - pos % MARKER_INTERVAL) % MARKER_INTERVAL
}

/// The FPDU for `ulpdu`: markers at FPDU offsets `mark` + 512k when
/// `Some(mark)`, the CRC when `crc` (else a zero CRC field).
pub fn frame(ulpdu: &[u8], crc: bool, mark: Option<usize>) -> Vec<u8> {
    let len = u16::try_from(ulpdu.len()).expect("ULPDU up to 65535 bytes");
    let mut body = len.to_be_bytes().to_vec();
    body.extend_from_slice(ulpdu);
    body.resize(body.len() + pad_len(ulpdu.len()), 0);
    let mut out = Vec::with_capacity(body.len() + 4 + 4 * (body.len() / 508 + 2));
    let hdr = if mark == Some(0) { 4 } else { 0 };
    let mut next = mark;
    let marker = |out: &mut Vec<u8>, next: &mut Option<usize>| {
        if let Some(n) = *next {
            if out.len() == n {
                let ptr = if n == 0 { 0 } else { (n - hdr) as u16 };
                out.extend_from_slice(&[0, 0]);
                out.extend_from_slice(&ptr.to_be_bytes());
                *next = Some(n + MARKER_INTERVAL);
            }
        }
    };
    for &b in &body {
        marker(&mut out, &mut next);
        out.push(b);
    }
    // a marker may precede the CRC field (never split it: it is 4-aligned)
    marker(&mut out, &mut next);
    let value = if crc { crc32c(&out) } else { 0 };
    out.extend_from_slice(&value.to_le_bytes());
    out
}

/// One FPDU of a stream.
#[derive(Clone, Debug)]
pub struct Fpdu {
    pub ulpdu: Vec<u8>,
    /// Corrupt one byte of the FPDU on the wire (the CRC must catch it).
    pub corrupt: Option<usize>,
}

/// A connection's stream of FPDUs as the peer's framer sends it; returns
/// the bytes and each FPDU's (start, end) in them.
pub fn stream(fpdus: &[Fpdu], crc: bool, markers: bool) -> (Vec<u8>, Vec<(usize, usize)>) {
    let mut s = Vec::new();
    let mut at = Vec::new();
    for f in fpdus {
        let m = markers.then(|| mark_off(s.len()));
        let mut b = frame(&f.ulpdu, crc, m);
        if let Some(i) = f.corrupt {
            let i = i % b.len();
            b[i] ^= 0x5a;
        }
        at.push((s.len(), s.len() + b.len()));
        s.extend_from_slice(&b);
    }
    (s, at)
}

/// What a deframer reports for one FPDU.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deframed {
    pub ulpdu: Vec<u8>,
    pub crc_ok: bool,
}

/// Why a deframer stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The stream ended (possibly inside an FPDU).
    End,
    /// An ULPDU_LENGTH above `max` (the connection is terminated).
    TooLong(u16),
}

/// Deframes a stream byte by byte: markers (every byte at grid phase 0..3)
/// are dropped and covered by the CRC of the FPDU they sit in or precede;
/// CRC verdicts only when `crc`. Complete FPDUs only.
pub fn deframe(s: &[u8], crc: bool, markers: bool, max: u16) -> (Vec<Deframed>, Stop) {
    let mut out = Vec::new();
    let mut covered = Vec::new(); // this FPDU's bytes before its CRC field
    let mut mfree = Vec::new(); // this FPDU's bytes without markers
    for (pos, &b) in s.iter().enumerate() {
        if markers && pos % MARKER_INTERVAL < 4 {
            covered.push(b);
            continue;
        }
        mfree.push(b);
        if mfree.len() == 2 {
            let len = u16::from_be_bytes([mfree[0], mfree[1]]);
            if len > max {
                return (out, Stop::TooLong(len));
            }
        }
        let total = if mfree.len() >= 2 {
            fpdu_len(usize::from(u16::from_be_bytes([mfree[0], mfree[1]])))
        } else {
            usize::MAX
        };
        if mfree.len() <= total - 4 {
            covered.push(b);
        }
        if mfree.len() == total {
            let len = usize::from(u16::from_be_bytes([mfree[0], mfree[1]]));
            let sent = u32::from_le_bytes([
                mfree[total - 4],
                mfree[total - 3],
                mfree[total - 2],
                mfree[total - 1],
            ]);
            out.push(Deframed {
                ulpdu: mfree[2..2 + len].to_vec(),
                crc_ok: !crc || crc32c(&covered) == sent,
            });
            covered.clear();
            mfree.clear();
        }
    }
    (out, Stop::End)
}

/// A random ULPDU length 0..=9000, weighted towards the edges.
pub fn random_len(rng: &mut Rng) -> usize {
    match rng.below(8) {
        0 => rng.below(8) as usize,
        1 => rng.below(80) as usize,
        2 => 500 + rng.below(30) as usize,
        3 => 1440 + rng.below(40) as usize,
        4 => 9000 - rng.below(20) as usize,
        _ => rng.below(9001) as usize,
    }
}

pub fn random_bytes(rng: &mut Rng, n: usize) -> Vec<u8> {
    (0..n).map(|_| rng.next_u64() as u8).collect()
}

#[test]
fn model_agrees_with_the_abi_and_itself() {
    use warpnic_abi::wire::MpaFpduRepr;
    let mut rng = Rng::new(0x0005_0044);
    for _ in 0..300 {
        let n = random_len(&mut rng);
        let ulpdu = random_bytes(&mut rng, n);
        for crc in [false, true] {
            let f = frame(&ulpdu, crc, None);
            let mut buf = vec![0u8; f.len()];
            let n = MpaFpduRepr { ulpdu: &ulpdu }
                .emit(&mut buf, crc)
                .expect("emit");
            assert_eq!(&buf[..n], &f[..]);
        }
    }
    // marked streams deframe to what went in
    for crc in [false, true] {
        let fpdus: Vec<Fpdu> = (0..200)
            .map(|_| {
                let n = random_len(&mut rng);
                Fpdu {
                    ulpdu: random_bytes(&mut rng, n),
                    corrupt: None,
                }
            })
            .collect();
        for markers in [false, true] {
            let (s, _) = stream(&fpdus, crc, markers);
            let (got, stop) = deframe(&s, crc, markers, u16::MAX);
            assert_eq!(stop, Stop::End);
            assert_eq!(got.len(), fpdus.len());
            for (g, f) in got.iter().zip(&fpdus) {
                assert_eq!(g.ulpdu, f.ulpdu);
                assert!(g.crc_ok);
            }
        }
    }
}
