//! Work requests (ibv_recv_wr, ibv_send_wr) and the images of their queue
//! entries: `rdma_rq_wqe` for a receive, `rdma_sq_wqe` for a send, RDMA
//! Write or Read, Immediate Data or local invalidation, `rdma_sq_wqe_fr` for
//! a fast-register (docs/abi.md). The encoders are pure: they check what a
//! work request alone can get wrong (the number of entries, an empty entry,
//! an RDMA Read without exactly one sink) and return the bytes the queue
//! pair writes into its ring; the checks against the memory-region table
//! are the queue pair's ([`super::qp`]).

use warpnic_abi::gen::{
    wqe_flags, MpaMarker, RdmaRqWqe, RdmaSge, RdmaSqWqe, RdmaSqWqeFr, RdmaWqeOpcode,
};
use warpnic_abi::wire::MpaFpduRepr;

use super::mr::AccessFlags;
use super::{MAX_SGE, RDMA_WQE_SIZE};
use crate::error::{ArgError, Error, Result};

#[cfg(doc)]
use super::mr::MemoryRegion;

/// Octets from one MPA marker to the next (RFC 5044 §4.3).
const MARKER_INTERVAL: usize = 512;

/// The largest ULPDU whose FPDU fits one TCP segment of `mss` bytes (RFC
/// 5044 §4.1: two bytes of length, the ULPDU, pad to a multiple of four,
/// four bytes of CRC); with `markers`, with room for the markers the FPDU
/// may carry (one per 508 bytes of FPDU in the worst case, an FPDU that
/// begins on a marker); 0 when no ULPDU fits.
///
/// A queue pair's send MULPDU is the one without markers
/// ([`QpAttrs::send_mulpdu`](super::QpAttrs::send_mulpdu)): every full FPDU
/// the card sends is then exactly one segment, and with markers the
/// hardware takes from it the markers of the segment each FPDU starts.
pub fn mulpdu_for_mss(mss: u16, markers: bool) -> u16 {
    let mss = usize::from(mss);
    let overhead = MpaFpduRepr::HEADER_LEN + MpaFpduRepr::CRC_LEN;
    let marker = MpaMarker::<&[u8]>::LEN;
    // the marker-free FPDU length: a multiple of four
    let mut fpdu = mss - mss % 4;
    while fpdu > overhead {
        let marks = if markers {
            fpdu.div_ceil(MARKER_INTERVAL - marker) * marker
        } else {
            0
        };
        if fpdu + marks <= mss {
            // at most `mss`, which is a u16
            return (fpdu - overhead) as u16;
        }
        fpdu -= 4;
    }
    0
}

/// One scatter/gather entry (ibv_sge): `length` bytes at Tagged Offset
/// `addr` of the region `lkey` names. [`MemoryRegion::sge`] makes one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sge {
    /// Tagged Offset of the first byte (the IOVA, for regions of this
    /// library).
    pub addr: u64,
    /// Bytes (at least 1).
    pub length: u32,
    /// The region's lkey.
    pub lkey: u32,
}

/// A receive work request (ibv_recv_wr): up to [`MAX_SGE`] buffers that
/// take one message, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecvWr<'a> {
    /// Returned in the work completion.
    pub wr_id: u64,
    /// The buffers (none: only a zero-length message fits).
    pub sg_list: &'a [Sge],
}

/// The `rdma_sge` images of a work request's list (at most [`MAX_SGE`]
/// entries of at least one byte; the rest zero).
fn sge_images(wr_id: u64, list: &[Sge]) -> Result<[[u8; RdmaSge::SIZE]; MAX_SGE]> {
    let bad = |reason| Error::InvalidWorkRequest {
        wr_id,
        arg: "sg_list",
        reason,
    };
    if list.len() > MAX_SGE {
        return Err(bad(ArgError::TooLong {
            got: list.len(),
            max: MAX_SGE,
        }));
    }
    let mut sges = [[0u8; RdmaSge::SIZE]; MAX_SGE];
    for (index, (slot, s)) in sges.iter_mut().zip(list).enumerate() {
        if s.length == 0 {
            return Err(bad(ArgError::EmptyEntry { index }));
        }
        *slot = RdmaSge {
            addr: s.addr,
            len: s.length,
            lkey: s.lkey,
        }
        .to_bytes();
    }
    Ok(sges)
}

/// The `rdma_rq_wqe` image of a receive work request.
///
/// # Errors
/// [`Error::InvalidWorkRequest`] for more than [`MAX_SGE`] entries or an
/// entry of zero bytes.
pub fn encode_recv_wqe(wr: &RecvWr<'_>) -> Result<[u8; RDMA_WQE_SIZE]> {
    let sges = sge_images(wr.wr_id, wr.sg_list)?;
    let [sge0, sge1, sge2, sge3] = sges;
    Ok(RdmaRqWqe {
        wr_id: wr.wr_id,
        num_sge: wr.sg_list.len() as u8,
        sge0,
        sge1,
        sge2,
        sge3,
        ..RdmaRqWqe::default()
    }
    .to_bytes())
}

/// What a send work request does (ibv_wr_opcode).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrOpcode {
    /// RDMA Write of the gather list to `rkey`/`remote_addr`.
    RdmaWrite,
    /// RDMA Write, then an Immediate Data message with `imm` (RFC 7306).
    RdmaWriteImm,
    /// Send of the gather list.
    Send,
    /// Send with Invalidate of the peer's STag `inv_stag`.
    SendInv,
    /// RDMA Read of `rkey`/`remote_addr` into the one local entry, whose
    /// region must allow LOCAL_WRITE and REMOTE_WRITE (iWARP: the READ
    /// RESPONSE is a tagged write into it).
    RdmaRead,
    /// Immediate Data message with `imm` (RFC 7306).
    ImmData,
    /// Invalidates the local fast-register region `inv_stag` once the
    /// earlier messages are acknowledged (IBV_WR_LOCAL_INV).
    LocalInv,
}

/// A send work request (ibv_send_wr).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SendWr<'a> {
    /// Returned in the work completion.
    pub wr_id: u64,
    /// The operation.
    pub opcode: WrOpcode,
    /// The local bytes (gather list, or the READ's sink).
    pub sg_list: &'a [Sge],
    /// Write a completion on success (IBV_SEND_SIGNALED); errors always
    /// complete.
    pub signaled: bool,
    /// Send or Immediate Data with Solicited Event (IBV_SEND_SOLICITED).
    pub solicited: bool,
    /// The peer's Tagged Offset (RDMA Write, RDMA Read).
    pub remote_addr: u64,
    /// The peer's STag (RDMA Write, RDMA Read).
    pub rkey: u32,
    /// Immediate data (RdmaWriteImm, ImmData), byte 0 on the wire in bits
    /// 63:56.
    pub imm: u64,
    /// The peer's STag to invalidate (SendInv).
    pub inv_stag: u32,
}

impl Default for SendWr<'_> {
    fn default() -> Self {
        SendWr {
            wr_id: 0,
            opcode: WrOpcode::Send,
            sg_list: &[],
            signaled: true,
            solicited: false,
            remote_addr: 0,
            rkey: 0,
            imm: 0,
            inv_stag: 0,
        }
    }
}

/// The `rdma_sq_wqe` image of a send work request.
///
/// # Errors
/// [`Error::InvalidWorkRequest`] for more than [`MAX_SGE`] entries, an
/// entry of zero bytes, or an RDMA Read without exactly one entry.
pub fn encode_send_wqe(wr: &SendWr<'_>) -> Result<[u8; RDMA_WQE_SIZE]> {
    let sges = sge_images(wr.wr_id, wr.sg_list)?;
    if wr.opcode == WrOpcode::RdmaRead && wr.sg_list.len() != 1 {
        return Err(Error::InvalidWorkRequest {
            wr_id: wr.wr_id,
            arg: "sg_list",
            reason: ArgError::EntryCount {
                got: wr.sg_list.len(),
                want: 1,
            },
        });
    }
    let opcode = match wr.opcode {
        WrOpcode::RdmaWrite => RdmaWqeOpcode::RdmaWrite,
        WrOpcode::RdmaWriteImm => RdmaWqeOpcode::RdmaWriteImm,
        WrOpcode::Send => RdmaWqeOpcode::Send,
        WrOpcode::SendInv => RdmaWqeOpcode::SendInv,
        WrOpcode::RdmaRead => RdmaWqeOpcode::RdmaRead,
        WrOpcode::ImmData => RdmaWqeOpcode::ImmData,
        WrOpcode::LocalInv => RdmaWqeOpcode::LocalInv,
    };
    let flags = if wr.signaled { wqe_flags::SIGNALED } else { 0 }
        | if wr.solicited {
            wqe_flags::SOLICITED
        } else {
            0
        };
    let [sge0, sge1, sge2, sge3] = sges;
    Ok(RdmaSqWqe {
        wr_id: wr.wr_id,
        opcode: u8::from(opcode),
        flags,
        num_sge: wr.sg_list.len() as u8,
        inv_stag: wr.inv_stag,
        remote_addr: wr.remote_addr,
        rkey: wr.rkey,
        imm: wr.imm,
        sge0,
        sge1,
        sge2,
        sge3,
        ..RdmaSqWqe::default()
    }
    .to_bytes())
}

/// The `rdma_sq_wqe_fr` image of a fast-register work request: the region
/// at `base` of `len` bytes (its Tagged Offset the IOVA `base`) becomes
/// valid as `stag` with the rights `access` (FAST_REG added).
pub(crate) fn encode_fast_reg_wqe(
    wr_id: u64,
    stag: u32,
    access: AccessFlags,
    base: u64,
    len: u64,
    signaled: bool,
) -> [u8; RDMA_WQE_SIZE] {
    RdmaSqWqeFr {
        wr_id,
        opcode: u8::from(RdmaWqeOpcode::FastReg),
        flags: if signaled { wqe_flags::SIGNALED } else { 0 },
        access: (access | AccessFlags::FAST_REG).bits(),
        stag,
        base,
        len,
        iova: base,
        ..RdmaSqWqeFr::default()
    }
    .to_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recv_wqe_bytes() {
        let sges = [
            Sge {
                addr: 0x0000_0012_3456_7000,
                length: 0x100,
                lkey: 0x0000_0105,
            },
            Sge {
                addr: 0x0000_0000_0020_0040,
                length: 0x20,
                lkey: 0x0000_02a0,
            },
        ];
        let b = encode_recv_wqe(&RecvWr {
            wr_id: 0x1122_3344_5566_7788,
            sg_list: &sges,
        })
        .expect("valid");
        let mut want = [0u8; 128];
        want[0..8].copy_from_slice(&[0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11]);
        want[8] = 2;
        want[16..24].copy_from_slice(&[0x00, 0x70, 0x56, 0x34, 0x12, 0, 0, 0]);
        want[24..28].copy_from_slice(&[0x00, 0x01, 0, 0]);
        want[28..32].copy_from_slice(&[0x05, 0x01, 0, 0]);
        want[32..40].copy_from_slice(&[0x40, 0x00, 0x20, 0, 0, 0, 0, 0]);
        want[40..44].copy_from_slice(&[0x20, 0, 0, 0]);
        want[44..48].copy_from_slice(&[0xa0, 0x02, 0, 0]);
        assert_eq!(b, want);

        let empty = encode_recv_wqe(&RecvWr {
            wr_id: 1,
            sg_list: &[],
        })
        .expect("a zero-length receive is allowed");
        assert_eq!(empty[8], 0);
        assert!(empty[9..].iter().all(|&x| x == 0));

        let five = [sges[0]; 5];
        assert!(encode_recv_wqe(&RecvWr {
            wr_id: 1,
            sg_list: &five
        })
        .is_err());
        let zero = [Sge {
            length: 0,
            ..sges[0]
        }];
        assert!(encode_recv_wqe(&RecvWr {
            wr_id: 1,
            sg_list: &zero
        })
        .is_err());
    }
}
