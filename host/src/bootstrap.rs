//! An out-of-band bootstrap of an RDMA connection (seed 002, method 1).
//! The two sides exchange their QP parameters in a three-way handshake
//! over an ordinary TCP connection: SYNC, SYNC+ACK, ACK. Each side moves
//! its QP RTR → RTS at the step the seed names.
//!
//! For iWARP the ordinary connection is also the RDMA connection: a QP is
//! bound to a TCP connection, so the handshake runs in streaming mode on
//! the offloaded connection that then carries the FPDUs.
//!
//! | step | seed 002 | here |
//! |---|---|---|
//! | 1 | the client sends SYNC (qp_num, lid, gid) | [`client`] writes SYNC on the stream: QP number, IRD, ORD, CRC |
//! | 2 | the server keeps it, answers SYNC+ACK, moves its QP to RTS | [`server`] reads SYNC and readies its QP (INIT, the ACK's receive posted, RTR, bound for received bytes), then writes SYNC+ACK; once that is acknowledged, binds both ways and moves to RTS |
//! | 3 | the client keeps the server's info, moves its QP to RTS | [`client`] reads SYNC+ACK, binds the QP after its own SYNC, INIT → RTR → RTS |
//! | 4 | the client sends ACK | the client's first FPDU: an Immediate Data message (RFC 7306) whose 64 bits are the ACK ([`ack_of`]) |
//! | 5 | on ACK the server's framework marks the QP connected | the server's first receive completion is the ACK; [`ack_of`] recognises it |
//!
//! The ACK travels as an FPDU, not in streaming mode. After the server's
//! QP takes received bytes, a streaming-mode ACK would be read as an FPDU.
//! Before that, an FPDU the client sends right after its ACK could reach
//! the stream's buffer. As the first FPDU, the ACK is what RFC 6581's
//! ready-to-receive message is to MPA.
//!
//! What the seed exchanges, and what replaces it on iWARP:
//! - **LID and GID** address an InfiniBand port. Here the path is the TCP
//!   connection's addresses and ports, known to both ends before the
//!   handshake: nothing to exchange.
//! - **QP number:** the peer's QP is reached through the connection, not
//!   by its number. The numbers are exchanged for the consumer's records
//!   and checked against the ACK.
//! - **PSNs:** TCP's sequence numbers and the stream offset where the
//!   FPDUs begin (after each side's last handshake message) replace them.
//! - **max_rd_atomic, max_dest_rd_atomic:** IRD and ORD. Each side's ORD
//!   is lowered to the peer's IRD.
//! - **Path MTU:** the connection's MSS, which bounds the FPDUs.
//! - **MPA's CRC:** on when either side asks (RFC 5044 §7.1). There are no
//!   markers.
//!
//! Message (16 bytes, network order): magic `0x5742` ("WB"), version 1,
//! flags (SYNC 0x1, ACK 0x2), the sender's QP number, the peer's QP number
//! (0 in SYNC), IRD (u16), ORD (u16).

use std::time::Duration;

use warpnic_abi::gen::QpState;

use crate::cm::RECV_MULPDU;
use crate::error::{Error, Result};
use crate::stream::TcpStream;
use crate::verbs::{
    mulpdu_for_mss, QpAttrs, QueuePair, RecvWr, SendWr, WcOpcode, WorkCompletion, WrOpcode,
    MAX_IRD, MAX_ORD,
};

/// The handshake message's magic ("WB").
const MAGIC: u16 = 0x5742;
const VERSION: u8 = 1;
const SYNC: u8 = 0x1;
const ACK: u8 = 0x2;
/// Octets of a handshake message.
pub const MSG_LEN: usize = 16;
/// The `wr_id` of the receive the server posts for the ACK.
pub const ACK_WR_ID: u64 = u64::MAX;

/// What one side tells the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QpInfo {
    /// Its QP number.
    pub qp_num: u32,
    /// Inbound RDMA Reads it takes.
    pub ird: u16,
    /// Outbound RDMA Reads it issues at once.
    pub ord: u16,
    /// Whether it asks for MPA's CRC.
    pub crc: bool,
}

/// A bootstrapped connection: the peer's parameters and the stream, which
/// must be kept as long as the QP uses the connection (dropping it takes
/// its buffers back from the engine).
#[derive(Debug)]
pub struct Bootstrapped {
    /// What the peer sent.
    pub peer: QpInfo,
    /// The connection's stream.
    pub stream: TcpStream,
}

fn encode(flags: u8, me: &QpInfo, peer_qp: u32) -> [u8; MSG_LEN] {
    let mut m = [0u8; MSG_LEN];
    m[0..2].copy_from_slice(&MAGIC.to_be_bytes());
    m[2] = VERSION;
    m[3] = flags | if me.crc { 0x80 } else { 0 };
    m[4..8].copy_from_slice(&me.qp_num.to_be_bytes());
    m[8..12].copy_from_slice(&peer_qp.to_be_bytes());
    m[12..14].copy_from_slice(&me.ird.to_be_bytes());
    m[14..16].copy_from_slice(&me.ord.to_be_bytes());
    m
}

/// A handshake message with `flags`: the sender's info and the QP number
/// it names as ours.
fn decode(m: &[u8; MSG_LEN], flags: u8) -> Result<(QpInfo, u32)> {
    let bad = |what| Error::FwProtocol(crate::error::Malformed::Other(what));
    if u16::from_be_bytes([m[0], m[1]]) != MAGIC {
        return Err(bad("bootstrap: not a handshake message (magic)"));
    }
    if m[2] != VERSION {
        return Err(bad("bootstrap: another handshake version"));
    }
    if m[3] & 0x7f != flags {
        return Err(bad("bootstrap: not the handshake step expected"));
    }
    let u32_at = |i: usize| u32::from_be_bytes([m[i], m[i + 1], m[i + 2], m[i + 3]]);
    Ok((
        QpInfo {
            qp_num: u32_at(4),
            ird: u16::from_be_bytes([m[12], m[13]]),
            ord: u16::from_be_bytes([m[14], m[15]]),
            crc: m[3] & 0x80 != 0,
        },
        u32_at(8),
    ))
}

/// The ACK word of step 4 for the client's QP `qp_num`.
fn ack_word(qp_num: u32) -> u64 {
    (u64::from(MAGIC) << 48)
        | (u64::from(VERSION) << 40)
        | (u64::from(ACK) << 32)
        | u64::from(qp_num)
}

/// Step 5: whether a receive completion is the client's ACK, and the
/// client's QP number it names.
pub fn ack_of(wc: &WorkCompletion) -> Option<u32> {
    let imm = wc.imm_data?;
    (wc.opcode == WcOpcode::RecvImm && wc.wr_id == ACK_WR_ID && imm >> 32 == ack_word(0) >> 32)
        .then_some(imm as u32)
}

fn check(me: &QpInfo, qp: &QueuePair) -> Result<()> {
    if u32::from(me.ird) > MAX_IRD {
        return Err(Error::range("ird", me.ird, 0u32, MAX_IRD));
    }
    if u32::from(me.ord) > MAX_ORD {
        return Err(Error::range("ord", me.ord, 0u32, MAX_ORD));
    }
    let state = qp.state()?;
    if state != QpState::Reset {
        return Err(Error::arg(
            "qp",
            crate::error::ArgError::QpState {
                qp: qp.qp_num(),
                state,
                need: QpState::Reset,
            },
        ));
    }
    Ok(())
}

/// The attributes both sides settle on: CRC if either asks, ORD lowered
/// to the peer's IRD.
fn attrs(st: &TcpStream, me: &QpInfo, peer: &QpInfo, tx_start: u32) -> QpAttrs {
    let ord = me.ord.min(peer.ird);
    QpAttrs::init(st.tid())
        .mulpdu(RECV_MULPDU)
        .crc(me.crc || peer.crc)
        .ird(u8::try_from(me.ird).unwrap_or(u8::MAX))
        .ord(u8::try_from(ord).unwrap_or(u8::MAX))
        .tx_start(tx_start)
        .send_mulpdu(mulpdu_for_mss(st.connection().mss, false))
}

/// The client's side (steps 1, 3 and 4) on an established stream, with
/// its QP in RESET: returns once its QP is in RTS and the ACK is posted.
/// `timeout` (device time) bounds the wait for SYNC+ACK.
///
/// # Errors
/// [`Error::InvalidArgument`] for IRD/ORD beyond the QP's limits or a QP
/// not in RESET; [`Error::FwProtocol`] for a reply that is not SYNC+ACK
/// naming our QP; stream errors ([`Error::StreamTimeout`]); the QP's.
pub fn client(
    mut stream: TcpStream,
    qp: &QueuePair,
    me: QpInfo,
    timeout: Duration,
) -> Result<Bootstrapped> {
    check(&me, qp)?;
    stream.write_all(&encode(SYNC, &me, 0), timeout)?;
    let mut m = [0u8; MSG_LEN];
    stream.read_exact(&mut m, timeout)?;
    let (peer, named) = decode(&m, SYNC | ACK)?;
    if named != me.qp_num {
        return Err(Error::FwProtocol(crate::error::Malformed::Other(
            "bootstrap: SYNC+ACK names another QP",
        )));
    }
    // step 3: the QP takes over after our SYNC, both ways
    qp.modify(&attrs(&stream, &me, &peer, stream.written()))?;
    qp.bind_connection(&stream)?;
    qp.modify(&QpAttrs::new(QpState::Rtr))?;
    qp.modify(&QpAttrs::new(QpState::Rts))?;
    // step 4: the ACK, our first FPDU
    qp.post_send(&[SendWr {
        wr_id: ACK_WR_ID,
        opcode: WrOpcode::ImmData,
        sg_list: &[],
        signaled: false,
        imm: ack_word(me.qp_num),
        ..SendWr::default()
    }])?;
    Ok(Bootstrapped { peer, stream })
}

/// The server's side (step 2) on an established stream, with its QP in
/// RESET: reads SYNC, readies the QP for the client's first FPDU (its
/// ACK's receive posted first, then `recv`), answers SYNC+ACK, and moves
/// the QP to RTS once the answer is acknowledged. Step 5 is the caller's:
/// the QP's first receive completion is the ACK ([`ack_of`]).
///
/// # Errors
/// As [`client`].
pub fn server(
    mut stream: TcpStream,
    qp: &QueuePair,
    me: QpInfo,
    recv: &[RecvWr<'_>],
    timeout: Duration,
) -> Result<Bootstrapped> {
    check(&me, qp)?;
    let mut m = [0u8; MSG_LEN];
    stream.read_exact(&mut m, timeout)?;
    let (peer, _) = decode(&m, SYNC)?;
    let reply = encode(SYNC | ACK, &me, peer.qp_num);
    let tx_start = stream.written().wrapping_add(MSG_LEN as u32);
    qp.modify(&attrs(&stream, &me, &peer, tx_start))?;
    qp.post_recv(&[RecvWr {
        wr_id: ACK_WR_ID,
        sg_list: &[],
    }])?;
    qp.post_recv(recv)?;
    qp.modify(&QpAttrs::new(QpState::Rtr))?;
    qp.bind_receive(&stream)?;
    stream.write_all(&reply, timeout)?;
    // its bytes are never needed for a retransmission again: the QP sends
    stream.flush_wait(timeout)?;
    qp.bind_connection(&stream)?;
    qp.modify(&QpAttrs::new(QpState::Rts))?;
    Ok(Bootstrapped { peer, stream })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_round_trip_and_refuse_others() {
        let me = QpInfo {
            qp_num: 0x0102_0304,
            ird: 8,
            ord: 4,
            crc: true,
        };
        let m = encode(SYNC | ACK, &me, 77);
        assert_eq!(&m[..4], &[0x57, 0x42, 1, 0x83]);
        assert_eq!(decode(&m, SYNC | ACK).unwrap(), (me, 77));
        assert!(decode(&m, SYNC).is_err());
        let mut bad = m;
        bad[0] = 0;
        assert!(decode(&bad, SYNC | ACK).is_err());
        assert_eq!(ack_word(5) >> 32, 0x5742_0102);
    }
}
