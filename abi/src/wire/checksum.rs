//! The Internet checksum (RFC 1071): the one's complement of the one's
//! complement sum of 16-bit big-endian words.

/// An incremental Internet checksum. Data may be added in pieces of any
/// length; an odd byte at the end of one piece pairs with the first byte of
/// the next, as if the pieces were one buffer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InetChecksum {
    sum: u64,
    odd: Option<u8>,
}

impl InetChecksum {
    /// An empty checksum.
    pub const fn new() -> Self {
        Self { sum: 0, odd: None }
    }

    /// Adds bytes.
    pub fn add(&mut self, data: &[u8]) -> &mut Self {
        let mut data = data;
        if let Some(hi) = self.odd.take() {
            match data.split_first() {
                Some((&lo, tail)) => {
                    self.sum += u64::from(u16::from_be_bytes([hi, lo]));
                    data = tail;
                }
                None => {
                    self.odd = Some(hi);
                    return self;
                }
            }
        }
        let mut words = data.chunks_exact(2);
        for w in &mut words {
            self.sum += u64::from(u16::from_be_bytes([w[0], w[1]]));
        }
        if let [last] = words.remainder() {
            self.odd = Some(*last);
        }
        // Fold now and then so the sum can never overflow.
        if self.sum > u64::from(u32::MAX) {
            self.sum = Self::fold(self.sum);
        }
        self
    }

    /// Adds one 16-bit value (for pseudo-header fields).
    pub fn add_u16(&mut self, v: u16) -> &mut Self {
        self.add(&v.to_be_bytes())
    }

    /// Adds one 32-bit value as two 16-bit words.
    pub fn add_u32(&mut self, v: u32) -> &mut Self {
        self.add(&v.to_be_bytes())
    }

    fn fold(mut sum: u64) -> u64 {
        while sum > 0xffff {
            sum = (sum & 0xffff) + (sum >> 16);
        }
        sum
    }

    /// The checksum: the complement of the folded sum, a trailing odd byte
    /// padded with zero. Over data that includes a valid checksum field the
    /// result is 0.
    pub fn finish(&self) -> u16 {
        let mut sum = self.sum;
        if let Some(hi) = self.odd {
            sum += u64::from(hi) << 8;
        }
        // The fold leaves at most 16 bits.
        !(Self::fold(sum) as u16)
    }
}

/// The Internet checksum of `data`.
pub fn internet_checksum(data: &[u8]) -> u16 {
    InetChecksum::new().add(data).finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc1071_example() {
        // RFC 1071 §3: the words 0001 f203 f4f5 f6f7 sum to 0xddf2.
        let data = [0x00, 0x01, 0xf2, 0x03, 0xf4, 0xf5, 0xf6, 0xf7];
        assert_eq!(internet_checksum(&data), !0xddf2);
    }

    #[test]
    fn pieces_equal_whole() {
        let data: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        let whole = internet_checksum(&data);
        for split in 0..=data.len() {
            let (a, b) = data.split_at(split);
            assert_eq!(InetChecksum::new().add(a).add(b).finish(), whole);
        }
        let mut c = InetChecksum::new();
        for b in data {
            c.add(&[b]);
        }
        assert_eq!(c.finish(), whole);
    }

    #[test]
    fn valid_header_verifies_to_zero() {
        // The IPv4 golden vector, checksum included.
        let hdr = [
            0x45, 0xb9, 0x00, 0x54, 0x1c, 0x46, 0x20, 0xb9, 0x40, 0x06, 0x71, 0x39, 0xc0, 0xa8,
            0x01, 0x0a, 0x0a, 0x00, 0x00, 0x01,
        ];
        assert_eq!(internet_checksum(&hdr), 0);
    }

    #[test]
    fn large_input_does_not_overflow() {
        let data = [0xffu8; 70_000];
        assert_eq!(internet_checksum(&data), 0);
    }
}
