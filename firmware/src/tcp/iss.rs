//! Initial sequence numbers (RFC 6528) and ephemeral port offsets
//! (RFC 6056 §3.3.3) from a keyed hash of the connection's addresses.
//!
//! `ISN = M + F(localip, localport, remoteip, remoteport, secretkey)`
//! where `M` is a timer ticking every 4 µs (RFC 6528 §3, RFC 9293
//! §3.4.1) and `F` is SipHash-2-4 of the 4-tuple under a 128-bit key,
//! truncated to 32 bits. Connections to the same peer therefore get
//! sequence number spaces that advance with the clock, while an off-path
//! attacker who does not know the key cannot predict them.
//!
//! The key should come from a good random source: the host sets it with
//! TCP_CONFIG. Until then the firmware derives one at start-up from what
//! varies between boots (the cycle counter, the engine's µs clock, the
//! MAC), which is better than a constant but not secret.

/// A 128-bit SipHash key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Key(pub [u64; 2]);

/// Which function a hash serves (domain separation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u64)]
enum Domain {
    Isn = 1,
    Port = 2,
}

/// One SipRound (kept out of line: the firmware is small before it is fast).
#[inline(never)]
fn round(v: &mut [u64; 4]) {
    v[0] = v[0].wrapping_add(v[1]);
    v[1] = v[1].rotate_left(13);
    v[1] ^= v[0];
    v[0] = v[0].rotate_left(32);
    v[2] = v[2].wrapping_add(v[3]);
    v[3] = v[3].rotate_left(16);
    v[3] ^= v[2];
    v[0] = v[0].wrapping_add(v[3]);
    v[3] = v[3].rotate_left(21);
    v[3] ^= v[0];
    v[2] = v[2].wrapping_add(v[1]);
    v[1] = v[1].rotate_left(17);
    v[1] ^= v[2];
    v[2] = v[2].rotate_left(32);
}

/// SipHash-2-4 (Aumasson and Bernstein) of a message of whole 64-bit
/// little-endian words.
pub fn siphash24(key: Key, words: &[u64]) -> u64 {
    let [k0, k1] = key.0;
    let mut v = [
        k0 ^ 0x736f_6d65_7073_6575,
        k1 ^ 0x646f_7261_6e64_6f6d,
        k0 ^ 0x6c79_6765_6e65_7261,
        k1 ^ 0x7465_6462_7974_6573,
    ];
    for &m in words {
        v[3] ^= m;
        round(&mut v);
        round(&mut v);
        v[0] ^= m;
    }
    // the final block: no tail bytes, the length in the top byte
    let b = ((words.len() as u64 * 8) & 0xff) << 56;
    v[3] ^= b;
    round(&mut v);
    round(&mut v);
    v[0] ^= b;
    v[2] ^= 0xff;
    for _ in 0..4 {
        round(&mut v);
    }
    v[0] ^ v[1] ^ v[2] ^ v[3]
}

fn tuple_hash(key: Key, domain: Domain, local: u32, lport: u16, peer: u32, pport: u16) -> u64 {
    let a = (u64::from(local) << 32) | u64::from(peer);
    let b = (u64::from(lport) << 16) | u64::from(pport) | ((domain as u64) << 56);
    siphash24(key, &[a, b])
}

/// The RFC 6528 initial sequence number of a connection at `now_us`.
pub fn isn(key: Key, local: u32, lport: u16, peer: u32, pport: u16, now_us: u64) -> u32 {
    let m = (now_us / 4) as u32;
    m.wrapping_add(tuple_hash(key, Domain::Isn, local, lport, peer, pport) as u32)
}

/// The RFC 6056 algorithm 3 offset of the ephemeral port search for a
/// destination (the local port is not part of the input).
pub fn port_offset(key: Key, local: u32, peer: u32, pport: u16) -> u32 {
    tuple_hash(key, Domain::Port, local, 0, peer, pport) as u32
}

/// A key from start-up values (see the module documentation); two inputs
/// that differ in any bit give unrelated keys.
pub fn derive_key(seed: [u64; 3]) -> Key {
    let fixed = Key([0x7761_7270_6e69_6321, 0x6973_6e2d_6b65_7931]);
    Key([
        siphash24(fixed, &seed),
        siphash24(fixed, &[seed[2], seed[1], seed[0], 1]),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference vector of the SipHash paper (appendix A) for a
    /// 16-byte message 00 01 .. 0f under key 00 01 .. 0f.
    #[test]
    fn siphash_reference_vector() {
        let key = Key([0x0706_0504_0302_0100, 0x0f0e_0d0c_0b0a_0908]);
        let m = [0x0706_0504_0302_0100, 0x0f0e_0d0c_0b0a_0908];
        assert_eq!(siphash24(key, &m), 0x3f2a_cc7f_57c2_9bdb);
        assert_eq!(siphash24(key, &[]), 0x726f_db47_dd0e_0e31);
    }

    #[test]
    fn isn_advances_with_clock_and_depends_on_tuple() {
        let k = Key([1, 2]);
        let a = isn(k, 1, 2, 3, 4, 0);
        assert_eq!(isn(k, 1, 2, 3, 4, 400).wrapping_sub(a), 100);
        assert_ne!(isn(k, 1, 2, 3, 5, 0), a);
        assert_ne!(isn(Key([1, 3]), 1, 2, 3, 4, 0), a);
        assert_ne!(derive_key([1, 2, 3]), derive_key([1, 2, 4]));
    }
}
