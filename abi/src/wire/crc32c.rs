//! CRC32c (Castagnoli, reflected polynomial 0x82F63B78), as used by MPA
//! (RFC 5044 §4.4, which takes it from iSCSI, RFC 3720 §12.1).
//!
//! Table-driven, slice-by-8: eight 256-entry tables built at compile time,
//! eight bytes per step. The register starts at all ones and the result is
//! complemented. MPA sends the value least significant byte first (the
//! bytes of RFC 3720 B.4's examples), i.e. `crc.to_le_bytes()`.

const POLY: u32 = 0x82f6_3b78;

const fn tables() -> [[u32; 256]; 8] {
    let mut t = [[0u32; 256]; 8];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 { (c >> 1) ^ POLY } else { c >> 1 };
            k += 1;
        }
        t[0][i] = c;
        i += 1;
    }
    let mut s = 1;
    while s < 8 {
        let mut i = 0;
        while i < 256 {
            let prev = t[s - 1][i];
            t[s][i] = (prev >> 8) ^ t[0][(prev & 0xff) as usize];
            i += 1;
        }
        s += 1;
    }
    t
}

static TABLES: [[u32; 256]; 8] = tables();

/// An incremental CRC32c.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Crc32c {
    state: u32,
}

impl Default for Crc32c {
    fn default() -> Self {
        Self::new()
    }
}

impl Crc32c {
    /// A CRC over no data yet.
    pub const fn new() -> Self {
        Self { state: !0 }
    }

    /// Adds bytes.
    pub fn update(&mut self, data: &[u8]) -> &mut Self {
        let t = &TABLES;
        let mut crc = self.state;
        let mut chunks = data.chunks_exact(8);
        for c in &mut chunks {
            let lo = u32::from_le_bytes([c[0], c[1], c[2], c[3]]) ^ crc;
            let hi = u32::from_le_bytes([c[4], c[5], c[6], c[7]]);
            crc = t[7][(lo & 0xff) as usize]
                ^ t[6][((lo >> 8) & 0xff) as usize]
                ^ t[5][((lo >> 16) & 0xff) as usize]
                ^ t[4][(lo >> 24) as usize]
                ^ t[3][(hi & 0xff) as usize]
                ^ t[2][((hi >> 8) & 0xff) as usize]
                ^ t[1][((hi >> 16) & 0xff) as usize]
                ^ t[0][(hi >> 24) as usize];
        }
        for &b in chunks.remainder() {
            crc = t[0][((crc ^ u32::from(b)) & 0xff) as usize] ^ (crc >> 8);
        }
        self.state = crc;
        self
    }

    /// The CRC of everything added so far.
    pub const fn finish(&self) -> u32 {
        !self.state
    }
}

/// The CRC32c of `data`.
pub fn crc32c(data: &[u8]) -> u32 {
    Crc32c::new().update(data).finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bit-at-a-time reference, straight from the definition.
    fn reference(data: &[u8]) -> u32 {
        let mut c = !0u32;
        for &b in data {
            c ^= u32::from(b);
            for _ in 0..8 {
                c = if c & 1 != 0 { (c >> 1) ^ POLY } else { c >> 1 };
            }
        }
        !c
    }

    #[test]
    fn rfc3720_b4_vectors() {
        // RFC 3720 Appendix B.4: the CRC bytes as sent, least significant first.
        assert_eq!(crc32c(&[0u8; 32]).to_le_bytes(), [0xaa, 0x36, 0x91, 0x8a]);
        assert_eq!(
            crc32c(&[0xffu8; 32]).to_le_bytes(),
            [0x43, 0xab, 0xa8, 0x62]
        );
        let up: [u8; 32] = core::array::from_fn(|i| i as u8);
        assert_eq!(crc32c(&up).to_le_bytes(), [0x4e, 0x79, 0xdd, 0x46]);
        let down: [u8; 32] = core::array::from_fn(|i| 31 - i as u8);
        assert_eq!(crc32c(&down).to_le_bytes(), [0x5c, 0xdb, 0x3f, 0x11]);
        // An iSCSI Read (10) command PDU.
        let pdu: [u8; 48] = [
            0x01, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x14,
            0x00, 0x00, 0x00, 0x18, 0x28, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00,
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        ];
        assert_eq!(crc32c(&pdu).to_le_bytes(), [0x56, 0x3a, 0x96, 0xd9]);
    }

    #[test]
    fn check_value() {
        // The catalogue check value of CRC-32C.
        assert_eq!(crc32c(b"123456789"), 0xe306_9283);
    }

    #[test]
    fn matches_reference_at_every_length_and_split() {
        let data: [u8; 67] = core::array::from_fn(|i| (i as u8).wrapping_mul(37) ^ 0x5a);
        for len in 0..=data.len() {
            let d = &data[..len];
            assert_eq!(crc32c(d), reference(d), "length {len}");
            for split in 0..=len {
                let (a, b) = d.split_at(split);
                assert_eq!(Crc32c::new().update(a).update(b).finish(), reference(d));
            }
        }
    }
}
