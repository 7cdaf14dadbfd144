//! A small, seeded pseudo-random number generator.
//!
//! Every random decision in the simulator (link faults, test traffic) comes
//! from an [`Rng`] built from a `u64` seed, so a run reproduces exactly from
//! its seed on any machine. The generator is xoshiro256** (Blackman and
//! Vigna, 2018), seeded by expanding the `u64` through SplitMix64 as its
//! authors recommend. It is fast, has a 2^256 − 1 period and passes the
//! usual statistical batteries; it is not cryptographic, which nothing here
//! needs.
//!
//! Determinism contract: the sequence of values depends only on the seed and
//! on the sequence of calls. [`Rng::chance`] always consumes exactly one
//! draw, whatever its probability, so changing a fault probability does not
//! shift the decisions that follow it.

/// One step of SplitMix64: advances `state` and returns the next output.
///
/// Used to expand a seed into a full xoshiro state and to derive independent
/// seeds (see [`derive_seed`]).
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Derives a seed for an independent stream `stream` from a parent `seed`
/// (for example one stream per link direction).
pub fn derive_seed(seed: u64, stream: u64) -> u64 {
    let mut s = seed ^ stream.wrapping_mul(0xd1b5_4a32_d192_ed03);
    splitmix64(&mut s)
}

/// xoshiro256** generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator whose state is expanded from `seed` by SplitMix64.
    pub fn new(seed: u64) -> Self {
        let mut sm = seed;
        let mut s = [0u64; 4];
        for word in &mut s {
            *word = splitmix64(&mut sm);
        }
        // SplitMix64 outputs are a bijection of distinct counter values, so
        // four consecutive outputs are never all zero; keep the guard anyway
        // because the all-zero state is a fixed point of xoshiro.
        if s == [0; 4] {
            s[0] = 1;
        }
        Rng { s }
    }

    /// A generator with an explicit state (reference-vector tests). An
    /// all-zero state is replaced by `[1, 0, 0, 0]`.
    pub fn from_state(state: [u64; 4]) -> Self {
        if state == [0; 4] {
            Rng { s: [1, 0, 0, 0] }
        } else {
            Rng { s: state }
        }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A uniform value in `[0, 1)` with 53 bits of precision.
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// True with probability `p` (`p <= 0` never, `p >= 1` always). Always
    /// consumes one draw.
    pub fn chance(&mut self, p: f64) -> bool {
        let x = self.next_f64();
        x < p
    }

    /// A uniform value in `0..n`; `0` when `n == 0`.
    ///
    /// Lemire's multiply-and-reject method: unbiased for every `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u128::from(self.next_u64()) * u128::from(n);
            if (m as u64) >= threshold {
                return (m >> 64) as u64;
            }
        }
    }

    /// Fills `buf` with random bytes.
    pub fn fill_bytes(&mut self, buf: &mut [u8]) {
        for chunk in buf.chunks_mut(8) {
            let v = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
    }

    /// A new generator seeded from this one's next output: an independent
    /// stream for a sub-component.
    pub fn fork(&mut self) -> Rng {
        Rng::new(self.next_u64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_reference() {
        // Reference outputs of SplitMix64 from state 0 (Vigna's splitmix64.c).
        let mut s = 0u64;
        assert_eq!(splitmix64(&mut s), 0xe220_a839_7b1d_cdaf);
        assert_eq!(splitmix64(&mut s), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(splitmix64(&mut s), 0x06c4_5d18_8009_454f);
    }

    #[test]
    fn xoshiro256starstar_reference() {
        // Reference outputs of xoshiro256** from state [1, 2, 3, 4]
        // (the vectors used by the rand_xoshiro crate's tests).
        let mut r = Rng::from_state([1, 2, 3, 4]);
        let expected: [u64; 10] = [
            11520,
            0,
            1509978240,
            1215971899390074240,
            1216172134540287360,
            607988272756665600,
            16172922978634559625,
            8476171486693032832,
            10595114339597558777,
            2904607092377533576,
        ];
        for e in expected {
            assert_eq!(r.next_u64(), e);
        }
    }

    #[test]
    fn same_seed_same_stream_different_seed_different_stream() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        let mut c = Rng::new(43);
        let va: Vec<u64> = (0..16).map(|_| a.next_u64()).collect();
        let vb: Vec<u64> = (0..16).map(|_| b.next_u64()).collect();
        let vc: Vec<u64> = (0..16).map(|_| c.next_u64()).collect();
        assert_eq!(va, vb);
        assert_ne!(va, vc);
        assert_ne!(derive_seed(42, 0), derive_seed(42, 1));
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = Rng::new(7);
        let mut seen = [0u32; 10];
        for _ in 0..10_000 {
            let v = r.below(10);
            assert!(v < 10);
            seen[v as usize] += 1;
        }
        // Each bucket expects 1000; 5 sigma is about 150.
        for n in seen {
            assert!((850..=1150).contains(&n), "bucket count {n}");
        }
        assert_eq!(r.below(0), 0);
        assert_eq!(r.below(1), 0);
    }

    #[test]
    fn chance_edges_and_rate() {
        let mut r = Rng::new(1);
        assert!((0..1000).all(|_| !r.chance(0.0)));
        assert!((0..1000).all(|_| r.chance(1.0)));
        let hits = (0..100_000).filter(|_| r.chance(0.25)).count();
        // Expect 25000, sigma ~137.
        assert!((24_300..=25_700).contains(&hits), "hits {hits}");
    }

    #[test]
    fn chance_consumes_one_draw_whatever_p() {
        let mut a = Rng::new(9);
        let mut b = Rng::new(9);
        a.chance(0.0);
        b.chance(0.9);
        assert_eq!(a.next_u64(), b.next_u64());
    }

    #[test]
    fn next_f64_in_unit_interval() {
        let mut r = Rng::new(3);
        for _ in 0..10_000 {
            let x = r.next_f64();
            assert!((0.0..1.0).contains(&x));
        }
    }

    #[test]
    fn fill_bytes_partial_chunk() {
        let mut a = Rng::new(5);
        let mut b = Rng::new(5);
        let mut buf = [0u8; 11];
        a.fill_bytes(&mut buf);
        let w0 = b.next_u64().to_le_bytes();
        let w1 = b.next_u64().to_le_bytes();
        assert_eq!(&buf[..8], &w0);
        assert_eq!(&buf[8..], &w1[..3]);
    }
}
