//! The iWARP goodput limit of 100 GbE that the RDMA benchmarks measure
//! against: the bytes of an FPDU and of its segment on the wire, the data
//! a full FPDU carries, and the message rate the link allows.

use warpnic::verbs::mulpdu_for_mss;

use super::Op;

/// Ethernet, IPv4 and TCP headers without options.
const TCPIP_HEADERS: u64 = 54;
/// The shortest Ethernet frame without FCS.
const MIN_FRAME: u64 = 60;
/// Wire bytes of a frame beyond the frame itself: FCS, preamble, gap.
pub(super) const WIRE_EXTRA: u64 = 4 + 8 + 12;
/// MPA's ULPDU length field.
const MPA_LEN: u64 = 2;
/// MPA's CRC32c.
const MPA_CRC: u64 = 4;
/// DDP tagged header with the RDMAP control byte (RDMA Write, Read
/// Response): DDP control, RDMAP control, STag, Tagged Offset.
pub const HDR_TAGGED: u64 = 1 + 1 + 4 + 8;
/// DDP untagged header with the RDMAP control byte (Send): DDP control,
/// RDMAP control, reserved/Invalidate STag, QN, MSN, MO.
pub const HDR_UNTAGGED: u64 = 1 + 1 + 4 + 4 + 4 + 4;
/// The target: this share of the iWARP limit.
pub(super) const TARGET: f64 = 0.99;

/// Bytes of an FPDU carrying `ulpdu` bytes (DDP/RDMAP header included):
/// length field, ULPDU, pad to 4 bytes, CRC32c; no markers.
pub fn fpdu_len(ulpdu: u64) -> u64 {
    let l = MPA_LEN + ulpdu;
    l + (4 - l % 4) % 4 + MPA_CRC
}

/// Wire bytes of a TCP segment carrying `payload` bytes: headers, the
/// padding of a short frame, FCS, preamble and gap.
pub fn wire_len(payload: u64) -> u64 {
    (TCPIP_HEADERS + payload).max(MIN_FRAME) + WIRE_EXTRA
}

/// Data bytes of a full FPDU at MSS `mss` with a `hdr`-byte DDP/RDMAP
/// header: MULPDU ([`mulpdu_for_mss`]: the FPDU is exactly one segment)
/// less the header.
pub fn payload_per_fpdu(mss: u16, hdr: u64) -> u64 {
    u64::from(mulpdu_for_mss(mss, false)) - hdr
}

/// The iWARP goodput limit of 100 GbE, Gb/s: full FPDUs one per segment,
/// data bytes over wire bytes.
pub fn limit_gbps(mss: u16, hdr: u64) -> f64 {
    let mulpdu = u64::from(mulpdu_for_mss(mss, false));
    100.0 * payload_per_fpdu(mss, hdr) as f64 / wire_len(fpdu_len(mulpdu)) as f64
}

/// Wire bytes of one message of `len` bytes: full FPDUs, then a short one.
pub fn message_wire_bytes(mss: u16, hdr: u64, len: u64) -> u64 {
    let per = payload_per_fpdu(mss, hdr);
    let full = len / per;
    let rest = len % per;
    let full_wire = wire_len(fpdu_len(u64::from(mulpdu_for_mss(mss, false))));
    full * full_wire
        + if rest > 0 || len == 0 {
            wire_len(fpdu_len(hdr + rest))
        } else {
            0
        }
}

/// Messages of `len` bytes per second that 100 GbE carries.
pub fn message_rate_limit(mss: u16, hdr: u64, len: u64) -> f64 {
    100e9 / 8.0 / message_wire_bytes(mss, hdr, len) as f64
}

/// Prints how the limits are derived.
pub(super) fn print_limits(op: Op, mtus: &[u32], rate: bool) {
    let hdr = op.data_header();
    let kind = match op {
        Op::Write => "RDMA Write: DDP tagged header with RDMAP control, 14 bytes",
        Op::Read => {
            "RDMA Read Response (the data, B -> A): DDP tagged header with RDMAP control, 14 bytes"
        }
        Op::Send => "Send: DDP untagged header with RDMAP control (QN, MSN, MO), 18 bytes",
    };
    println!(
        "iWARP limit of 100 GbE: one FPDU per TCP segment (MULPDU = MSS less MPA length, pad and CRC), {kind}"
    );
    for &mtu in mtus {
        let mss = (mtu - 40) as u16;
        let mulpdu = u64::from(mulpdu_for_mss(mss, false));
        let per = payload_per_fpdu(mss, hdr);
        let fpdu = fpdu_len(mulpdu);
        let wire = wire_len(fpdu);
        println!(
            "  MTU {mtu}: MSS {mss} = FPDU {fpdu} (length 2 + header {hdr} + data {per} + pad {} + CRC 4); wire {fpdu} + 54 headers + 4 FCS + 8 preamble + 12 gap = {wire} B; limit {per}/{wire} x 100 Gb/s = {:.2} Gb/s; target 99 % = {:.2} Gb/s",
            fpdu - MPA_LEN - mulpdu - MPA_CRC,
            limit_gbps(mss, hdr),
            TARGET * limit_gbps(mss, hdr)
        );
    }
    if rate {
        let f = fpdu_len(hdr + 64);
        println!(
            "  64-byte messages: FPDU 2 + {hdr} + 64 + pad {} + 4 = {f} B; wire {f} + 54 + 4 + 8 + 12 = {} B: {:.2} M messages/s",
            f - MPA_LEN - hdr - 64 - MPA_CRC,
            wire_len(f),
            message_rate_limit(1460, hdr, 64) / 1e6
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iwarp_limits_of_100_gbe() {
        // the figures: 93.63 Gb/s at 1500 MTU, 98.92 at 9000
        assert!((limit_gbps(1460, HDR_TAGGED) - 93.63).abs() < 0.005);
        assert!((limit_gbps(8960, HDR_TAGGED) - 98.92).abs() < 0.005);
        // 64-byte Writes: 77.2 M/s
        assert!((message_rate_limit(1460, HDR_TAGGED, 64) / 1e6 - 77.2).abs() < 0.05);
        assert_eq!(fpdu_len(HDR_TAGGED + 64), 84);
        assert_eq!(wire_len(84), 162);
        // a full FPDU is one MSS
        assert_eq!(fpdu_len(u64::from(mulpdu_for_mss(1460, false))), 1460);
        assert_eq!(fpdu_len(u64::from(mulpdu_for_mss(8960, false))), 8960);
    }

    #[test]
    fn message_wire_bytes_counts_the_short_last_fpdu() {
        let per = payload_per_fpdu(1460, HDR_TAGGED);
        assert_eq!(per, 1440);
        assert_eq!(message_wire_bytes(1460, HDR_TAGGED, 2 * per), 2 * 1538);
        assert_eq!(
            message_wire_bytes(1460, HDR_TAGGED, 2 * per + 1),
            2 * 1538 + wire_len(fpdu_len(HDR_TAGGED + 1))
        );
        // a short frame is padded to 60 bytes
        assert_eq!(wire_len(1), 84);
    }
}
