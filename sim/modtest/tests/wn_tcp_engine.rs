//! `wn_tcp_engine` (16 connections, 4 listeners, a 10-cycle microsecond)
//! driven as its two neighbours see it: the test is the control plane
//! (CPL messages in the firmware port's framing) and the remote TCP
//! (frames built and checked with `warpnic_abi::wire`, checksums included).
//! Random idle on the inputs and random backpressure on both outputs.
//!
//! Covered: the passive handshake with options (MSS, window scale) and the
//! PASS_ACCEPT_REQ/RPL decision, the active handshake, refusal by RST,
//! SYN retransmission with RFC 6298 backoff and the TIMEOUT, both close
//! orders through TIME_WAIT, aborts both ways (including the crossing
//! case), RFC 5961 challenge ACKs, RST answers for segments of no
//! connection, bad checksums, malformed CPL messages, SET_TCB_FIELD, a
//! SYN flood beyond the connection table, and the SYN pacer (a SYN flood's
//! rate, and no segment of an established connection behind it).

use std::collections::VecDeque;
use std::net::Ipv4Addr;

use warpnic_abi::gen::{self, CplOpcode, CplStatus, EtherType, IpProtocol, TcbField, TcpState};
use warpnic_abi::wire::{EthernetRepr, Ipv4Repr, TcpOptions, TcpRepr};
use warpnic_modtest::wn_tcp_engine::{self, ports};
use warpnic_modtest::{ModError, ModModel, Rng};

const US: u64 = 10; // cycles per microsecond in this top
const OUR_MAC: [u8; 6] = [0x02, 0x00, 0x00, 0x00, 0x00, 0x01];
const PEER_MAC: [u8; 6] = [0x02, 0x00, 0x00, 0x00, 0x00, 0x02];
const OUR_IP: Ipv4Addr = Ipv4Addr::new(10, 0, 0, 1);
const PEER_IP: Ipv4Addr = Ipv4Addr::new(10, 0, 0, 2);
const RTO_INIT: u64 = 200; // µs
const TIME_WAIT: u64 = 300; // µs
const SYN_RETRIES: u64 = 3;

const FIN: u8 = 0x01;
const SYN: u8 = 0x02;
const RST: u8 = 0x04;
const ACK: u8 = 0x10;

fn op(o: CplOpcode) -> u8 {
    o.into()
}

fn mac48(m: [u8; 6]) -> u64 {
    m.iter().fold(0, |a, &b| a << 8 | u64::from(b))
}

/// A CPL message the engine sent: its header fields and body.
#[derive(Debug)]
struct Msg {
    op: u8,
    id: u32,
    body: Vec<u8>,
}

impl Msg {
    fn u8(&self, at: usize) -> u8 {
        self.body[at]
    }
    fn u16(&self, at: usize) -> u16 {
        u16::from_le_bytes([self.body[at], self.body[at + 1]])
    }
    fn u32(&self, at: usize) -> u32 {
        u32::from_le_bytes(self.body[at..at + 4].try_into().expect("4 bytes"))
    }
    fn u64(&self, at: usize) -> u64 {
        u64::from_le_bytes(self.body[at..at + 8].try_into().expect("8 bytes"))
    }
}

/// A segment the engine sent, parsed.
#[derive(Debug)]
struct Seg {
    tcp: TcpRepr,
    at: u64,
}

struct Bench {
    m: ModModel,
    rng: Rng,
    rx: VecDeque<(Vec<u8>, bool, bool)>, // beat bytes, last, MAC error
    cpl_in: VecDeque<(u32, bool)>,
    cur_out: Vec<u32>,
    cur_tx: Vec<u8>,
    msgs: VecDeque<Msg>,
    segs: VecDeque<Seg>,
    bad: u64,
    drops: u64,
    rsts: u64,
    cpl_bad: u64,
}

impl Bench {
    fn new(seed: u64) -> Result<Self, ModError> {
        let mut m = ModModel::new(wn_tcp_engine::NAME)?;
        m.set(ports::MAC_I, mac48(OUR_MAC))?;
        m.set(ports::IPV4_I, u64::from(u32::from(OUR_IP)))?;
        m.set(ports::MAX_FRAME_I, 1514)?;
        m.set(ports::RTO_INIT_I, RTO_INIT)?;
        m.set(ports::RTO_MIN_I, 100)?;
        m.set(ports::RTO_MAX_I, 2000)?;
        m.set(ports::RETRIES_I, 0x0400 | SYN_RETRIES)?;
        m.set(ports::TIME_WAIT_I, TIME_WAIT)?;
        m.reset(4)?;
        let mut b = Bench {
            m,
            rng: Rng::new(seed),
            rx: VecDeque::new(),
            cpl_in: VecDeque::new(),
            cur_out: Vec::new(),
            cur_tx: Vec::new(),
            msgs: VecDeque::new(),
            segs: VecDeque::new(),
            bad: 0,
            drops: 0,
            rsts: 0,
            cpl_bad: 0,
        };
        // the free list fills after reset
        b.run(40)?;
        Ok(b)
    }

    /// One cycle with random idle and backpressure.
    fn cycle(&mut self) -> Result<(), ModError> {
        let m = &mut self.m;
        // receive beats (no backpressure: the MAC does not wait)
        let rx_go = !self.rx.is_empty() && self.rng.below(4) != 0;
        if rx_go {
            let (beat, last, err) = &self.rx[0];
            let mut data = [0u8; 64];
            data[..beat.len()].copy_from_slice(beat);
            m.set_bytes(ports::S_RX_TDATA_I, &data)?;
            let keep = if beat.len() == 64 {
                u64::MAX
            } else {
                (1u64 << beat.len()) - 1
            };
            m.set(ports::S_RX_TKEEP_I, keep)?;
            m.set(ports::S_RX_TLAST_I, u64::from(*last))?;
            m.set(ports::S_RX_TUSER_I, u64::from(*last && *err))?;
        }
        m.set(ports::S_RX_TVALID_I, u64::from(rx_go))?;
        let cpl_go = !self.cpl_in.is_empty() && self.rng.below(3) != 0;
        if let Some(&(w, last)) = self.cpl_in.front() {
            m.set(ports::S_CPL_TDATA_I, u64::from(w))?;
            m.set(ports::S_CPL_TLAST_I, u64::from(last))?;
        }
        m.set(ports::S_CPL_TVALID_I, u64::from(cpl_go))?;
        let cpl_ready = self.rng.below(4) != 0;
        let tx_ready = self.rng.below(3) != 0;
        m.set(ports::M_CPL_TREADY_I, u64::from(cpl_ready))?;
        m.set(ports::M_TX_TREADY_I, u64::from(tx_ready))?;
        m.eval()?;
        if rx_go {
            self.rx.pop_front();
        }
        if cpl_go && m.get(ports::S_CPL_TREADY_O)? == 1 {
            self.cpl_in.pop_front();
        }
        if cpl_ready && m.get(ports::M_CPL_TVALID_O)? == 1 {
            self.cur_out.push(m.get(ports::M_CPL_TDATA_O)? as u32);
            if m.get(ports::M_CPL_TLAST_O)? == 1 {
                let words = std::mem::take(&mut self.cur_out);
                self.msgs.push_back(decode_msg(&words));
            }
        }
        if tx_ready && m.get(ports::M_TX_TVALID_O)? == 1 {
            // one beat, or two for a header with 12 option bytes
            let keep = m.get(ports::M_TX_TKEEP_O)?;
            let n = keep.count_ones() as usize;
            assert_eq!(keep, if n == 64 { u64::MAX } else { (1u64 << n) - 1 });
            let mut data = [0u8; 64];
            m.get_bytes(ports::M_TX_TDATA_O, &mut data)?;
            self.cur_tx.extend_from_slice(&data[..n]);
            if m.get(ports::M_TX_TLAST_O)? == 1 {
                let frame = std::mem::take(&mut self.cur_tx);
                assert!(frame.len() <= 66, "control segments are at most 66 bytes");
                let at = m.cycle();
                self.segs.push_back(Seg {
                    tcp: parse_frame(&frame),
                    at,
                });
            } else {
                assert_eq!(n, 64, "a first beat is full");
            }
        }
        self.bad += m.get(ports::CNT_RX_BAD_O)?;
        self.drops += m.get(ports::CNT_RX_DROP_O)?;
        self.rsts += m.get(ports::CNT_RX_RST_SENT_O)?;
        self.cpl_bad += m.get(ports::CNT_CPL_BAD_O)?;
        m.tick()
    }

    fn run(&mut self, n: u64) -> Result<(), ModError> {
        for _ in 0..n {
            self.cycle()?;
        }
        Ok(())
    }

    /// Queues a CPL message: the FwMsgHdr word, then the message.
    fn cpl(&mut self, o: CplOpcode, flags: u8, id: u32, body: &[u8]) {
        let mut b = vec![op(o), flags];
        b.extend_from_slice(&((8 + body.len()) as u16).to_le_bytes());
        b.extend_from_slice(&id.to_le_bytes());
        b.extend_from_slice(body);
        self.cpl_raw(&b, None);
    }

    /// Queues raw message bytes (padded to words) behind a FwMsgHdr whose
    /// word count is `words` (default: the true count).
    fn cpl_raw(&mut self, msg: &[u8], words: Option<u32>) {
        let n = msg.len().div_ceil(4) as u32;
        let hdr = u32::from(u8::from(gen::FwOpcode::Cpl)) | (words.unwrap_or(n + 1) << 24);
        self.cpl_in.push_back((hdr, n == 0));
        for (i, c) in msg.chunks(4).enumerate() {
            let mut w = [0u8; 4];
            w[..c.len()].copy_from_slice(c);
            self.cpl_in
                .push_back((u32::from_le_bytes(w), i as u32 + 1 == n));
        }
    }

    /// Queues a segment from the peer.
    fn seg(&mut self, t: TcpRepr, payload: &[u8], corrupt: bool) {
        let mut f = frame(&t, payload);
        if corrupt {
            let i = f.len() - 1;
            f[i] ^= 0x40;
        }
        let beats: Vec<Vec<u8>> = f.chunks(64).map(<[u8]>::to_vec).collect();
        let n = beats.len();
        for (i, b) in beats.into_iter().enumerate() {
            self.rx.push_back((b, i + 1 == n, false));
        }
    }

    fn expect_msg(&mut self, o: CplOpcode, limit: u64) -> Result<Msg, ModError> {
        for _ in 0..limit {
            if let Some(msg) = self.msgs.pop_front() {
                assert_eq!(msg.op, op(o), "expected {o:?}, got {msg:?}");
                return Ok(msg);
            }
            self.cycle()?;
        }
        panic!("no {o:?} within {limit} cycles");
    }

    fn expect_seg(&mut self, limit: u64) -> Result<Seg, ModError> {
        for _ in 0..limit {
            if let Some(s) = self.segs.pop_front() {
                return Ok(s);
            }
            self.cycle()?;
        }
        panic!("no segment within {limit} cycles");
    }

    /// Runs `n` cycles and checks that nothing came out.
    fn quiet(&mut self, n: u64) -> Result<(), ModError> {
        self.run(n)?;
        assert!(self.msgs.is_empty(), "unexpected message {:?}", self.msgs);
        assert!(self.segs.is_empty(), "unexpected segment {:?}", self.segs);
        Ok(())
    }
}

fn decode_msg(words: &[u32]) -> Msg {
    assert!(
        words.len() >= 3,
        "a CPL message has the FwMsgHdr and the CPL header"
    );
    assert_eq!(words[0] & 0xff, u32::from(u8::from(gen::FwOpcode::Cpl)));
    assert_eq!(
        (words[0] >> 24) as usize,
        words.len(),
        "FwMsgHdr len counts every word"
    );
    let bytes: Vec<u8> = words[1..].iter().flat_map(|w| w.to_le_bytes()).collect();
    let len = u16::from_le_bytes([bytes[2], bytes[3]]) as usize;
    assert_eq!(len, bytes.len(), "CPL len is the message's bytes");
    Msg {
        op: bytes[0],
        id: u32::from_le_bytes(bytes[4..8].try_into().expect("4 bytes")),
        body: bytes[8..].to_vec(),
    }
}

fn frame(t: &TcpRepr, payload: &[u8]) -> Vec<u8> {
    let tl = t.header_len() + payload.len();
    let mut f = vec![0u8; (14 + 20 + tl).max(60)];
    let e = EthernetRepr {
        dst: OUR_MAC,
        src: PEER_MAC,
        ether_type: EtherType::Ipv4.into(),
    }
    .emit(&mut f)
    .expect("ethernet");
    let ip = Ipv4Repr {
        src: PEER_IP,
        dst: OUR_IP,
        protocol: IpProtocol::Tcp.into(),
        ttl: 64,
        dscp: 0,
        ecn: 0,
        ident: 1,
        dont_frag: true,
        more_frags: false,
        frag_offset: 0,
        payload_len: tl,
    };
    let i = ip.emit(&mut f[e..]).expect("ipv4");
    t.emit(&mut f[e + i..e + i + tl], PEER_IP, OUR_IP, payload)
        .expect("tcp");
    f
}

fn parse_frame(f: &[u8]) -> TcpRepr {
    let (eth, rest) = EthernetRepr::parse(f).expect("ethernet");
    assert_eq!(eth.dst, PEER_MAC, "segments go to the peer's MAC");
    assert_eq!(eth.src, OUR_MAC);
    let (ip, rest) = Ipv4Repr::parse(rest).expect("ipv4 (checksum)");
    assert_eq!((ip.src, ip.dst), (OUR_IP, PEER_IP));
    let (tcp, payload) = TcpRepr::parse(rest, OUR_IP, PEER_IP).expect("tcp (checksum)");
    assert!(payload.is_empty(), "control segments carry no payload");
    tcp
}

fn tcp(sport: u16, dport: u16, seq: u32, ack: u32, flags: u8, window: u16) -> TcpRepr {
    TcpRepr {
        src_port: sport,
        dst_port: dport,
        seq,
        ack,
        flags,
        window,
        urgent: 0,
        options: TcpOptions::default(),
    }
}

fn pass_open(b: &mut Bench, stid: u32, port: u16, wscale: u8) -> Result<(), ModError> {
    let mut body = [0u8; 24];
    body[8..10].copy_from_slice(&port.to_le_bytes());
    body[14] = gen::cpl_tcp_opt::WSCALE;
    body[15] = wscale;
    body[16..20].copy_from_slice(&262_144u32.to_le_bytes());
    b.cpl(CplOpcode::PassOpenReq, 0, stid, &body);
    let r = b.expect_msg(CplOpcode::PassOpenRpl, 2000)?;
    assert_eq!((r.id, r.u8(0)), (stid, u8::from(CplStatus::Success)));
    assert_eq!(r.u16(2), port);
    Ok(())
}

fn act_open(b: &mut Bench, atid: u32, lport: u16, pport: u16, iss: u32) {
    let mut body = [0u8; 40];
    body[0..4].copy_from_slice(&u32::from(OUR_IP).to_le_bytes());
    body[4..8].copy_from_slice(&u32::from(PEER_IP).to_le_bytes());
    body[8..10].copy_from_slice(&lport.to_le_bytes());
    body[10..12].copy_from_slice(&pport.to_le_bytes());
    body[14] = gen::cpl_tcp_opt::WSCALE;
    body[15] = 6;
    body[16..20].copy_from_slice(&1_000_000u32.to_le_bytes());
    body[20..24].copy_from_slice(&iss.to_le_bytes());
    body[24..30].copy_from_slice(&PEER_MAC);
    b.cpl(CplOpcode::ActOpenReq, 0, atid, &body);
}

/// The passive handshake of one connection; returns its tid.
fn accept(b: &mut Bench, sport: u16, irs: u32, iss: u32) -> Result<u32, ModError> {
    let mut syn = tcp(sport, 5000, irs, 0, SYN, 65535);
    syn.options = TcpOptions {
        mss: Some(1400),
        window_scale: Some(5),
        sack_permitted: true,
        timestamps: Some((1, 0)),
    };
    b.seg(syn, &[], false);
    let req = b.expect_msg(CplOpcode::PassAcceptReq, 2000)?;
    assert_eq!(req.u32(0), 3, "stid");
    assert_eq!(req.u32(4), u32::from(OUR_IP));
    assert_eq!(req.u32(8), u32::from(PEER_IP));
    assert_eq!((req.u16(12), req.u16(14)), (5000, sport));
    assert_eq!(req.u32(16), irs, "rcv_isn");
    assert_eq!(req.u16(20), 65535, "peer_wnd");
    assert_eq!(req.u16(22), 1400, "peer_mss");
    assert_eq!(
        req.u8(24),
        gen::cpl_tcp_opt::WSCALE | gen::cpl_tcp_opt::SACK,
        "options of the SYN"
    );
    assert_eq!(req.u8(25), 5, "snd_wscale");
    assert_eq!(&req.body[28..34], &PEER_MAC, "peer MAC in wire order");
    let tid = req.id;
    // the CP takes SACK on odd ports and declines it on even ones
    let sack = sport % 2 == 1;
    let mut rpl = [0u8; 16];
    rpl[1] = gen::cpl_tcp_opt::WSCALE | if sack { gen::cpl_tcp_opt::SACK } else { 0 };
    rpl[4..8].copy_from_slice(&iss.to_le_bytes());
    b.cpl(CplOpcode::PassAcceptRpl, 0, tid, &rpl);
    let sa = b.expect_seg(2000)?.tcp;
    assert_eq!(sa.flags, SYN | ACK);
    assert_eq!((sa.seq, sa.ack), (iss, irs.wrapping_add(1)));
    assert_eq!((sa.src_port, sa.dst_port), (5000, sport));
    assert_eq!(sa.options.mss, Some(1400), "the smaller MSS");
    assert_eq!(sa.options.window_scale, Some(7), "the listener's shift");
    assert_eq!(sa.options.sack_permitted, sack, "SACK as the CP answered");
    assert_eq!(sa.options.timestamps, None);
    b.seg(
        tcp(
            sport,
            5000,
            irs.wrapping_add(1),
            iss.wrapping_add(1),
            ACK,
            100,
        ),
        &[],
        false,
    );
    let est = b.expect_msg(CplOpcode::PassEstablish, 2000)?;
    assert_eq!(est.id, tid);
    assert_eq!(est.u32(0), 3, "stid");
    assert_eq!((est.u32(4), est.u32(8)), (iss, irs), "ISNs");
    assert_eq!(est.u32(12), 100 << 5, "the peer's window, scaled");
    assert_eq!(est.u16(16), 1400);
    assert_eq!((est.u8(19), est.u8(20)), (5, 7), "window scale shifts");
    Ok(tid)
}

/// Runs a scenario under several seeds of idle and backpressure.
fn seeds(base: u64, f: fn(u64) -> Result<(), ModError>) -> Result<(), ModError> {
    for k in 0..8 {
        f(base * 1000 + k)?;
    }
    Ok(())
}

fn tcb_field(
    b: &mut Bench,
    tid: u32,
    field: TcbField,
    mask: u64,
    value: u64,
) -> Result<Msg, ModError> {
    let mut body = [0u8; 24];
    body[0] = field.into();
    body[2..4].copy_from_slice(&0xbeefu16.to_le_bytes());
    body[8..16].copy_from_slice(&mask.to_le_bytes());
    body[16..24].copy_from_slice(&value.to_le_bytes());
    b.cpl(CplOpcode::SetTcbField, 0, tid, &body);
    let r = b.expect_msg(CplOpcode::SetTcbRpl, 2000)?;
    assert_eq!(r.id, tid);
    assert_eq!(r.u16(2), 0xbeef, "cookie echoed");
    Ok(r)
}

#[test]
fn passive_open_then_peer_closes_first() -> Result<(), ModError> {
    seeds(1, passive_open_then_peer_closes_first_with)
}

fn passive_open_then_peer_closes_first_with(seed: u64) -> Result<(), ModError> {
    let mut b = Bench::new(seed)?;
    pass_open(&mut b, 3, 5000, 7)?;
    let tid = accept(&mut b, 40000, 0xffff_fff0, 0x1234_5678)?;
    let st = tcb_field(&mut b, tid, TcbField::State, 0, 0)?;
    assert_eq!(st.u8(0), u8::from(CplStatus::Success));
    assert_eq!(st.u64(8), u64::from(u8::from(TcpState::Established)));
    // the peer's FIN: ACK and PEER_CLOSE in CLOSE_WAIT
    b.seg(
        tcp(40000, 5000, 0xffff_fff1, 0x1234_5679, FIN | ACK, 100),
        &[],
        false,
    );
    let a = b.expect_seg(2000)?.tcp;
    assert_eq!((a.flags, a.seq, a.ack), (ACK, 0x1234_5679, 0xffff_fff2));
    let pc = b.expect_msg(CplOpcode::PeerClose, 2000)?;
    assert_eq!(
        (pc.u32(0), pc.u8(4)),
        (0xffff_fff2, u8::from(TcpState::CloseWait))
    );
    // our close: FIN, its ACK, CLOSE_CON_RPL in CLOSED
    b.cpl(CplOpcode::CloseConReq, 0, tid, &[]);
    let f = b.expect_seg(2000)?.tcp;
    assert_eq!(
        (f.flags, f.seq, f.ack),
        (FIN | ACK, 0x1234_5679, 0xffff_fff2)
    );
    b.seg(
        tcp(40000, 5000, 0xffff_fff2, 0x1234_567a, ACK, 100),
        &[],
        false,
    );
    let r = b.expect_msg(CplOpcode::CloseConRpl, 2000)?;
    assert_eq!((r.u8(0), r.u8(1)), (0, u8::from(TcpState::Closed)));
    assert_eq!(r.u32(4), 0x1234_567a, "snd_nxt after our FIN");
    b.quiet(200)?;
    // the tid is free: its tuple is gone (RST) and its TCB is closed
    b.seg(
        tcp(40000, 5000, 0xffff_fff2, 0x1234_567a, ACK, 100),
        &[],
        false,
    );
    let rst = b.expect_seg(2000)?.tcp;
    assert_eq!((rst.flags, rst.seq), (RST, 0x1234_567a));
    let st = tcb_field(&mut b, tid, TcbField::State, 0, 0)?;
    assert_eq!(st.u8(0), u8::from(CplStatus::BadId));
    Ok(())
}

#[test]
fn active_open_we_close_first_through_time_wait() -> Result<(), ModError> {
    seeds(2, active_open_we_close_first_through_time_wait_with)
}

fn active_open_we_close_first_through_time_wait_with(seed: u64) -> Result<(), ModError> {
    let mut b = Bench::new(seed)?;
    act_open(&mut b, 7, 33000, 80, 1000);
    let syn = b.expect_seg(2000)?.tcp;
    assert_eq!(
        (syn.flags, syn.seq, syn.src_port, syn.dst_port),
        (SYN, 1000, 33000, 80)
    );
    assert_eq!(syn.options.mss, Some(1460), "MAX_FRAME 1514 less 54");
    assert_eq!(syn.options.window_scale, Some(6));
    assert_eq!(
        syn.window, 0,
        "a SYN's window is not scaled, and a connection with no receive buffer attached offers none"
    );
    let mut sa = tcp(80, 33000, 9000, 1001, SYN | ACK, 29200);
    sa.options = TcpOptions {
        mss: Some(1200),
        window_scale: Some(2),
        ..TcpOptions::default()
    };
    b.seg(sa, &[], false);
    let a = b.expect_seg(2000)?.tcp;
    assert_eq!((a.flags, a.seq, a.ack), (ACK, 1001, 9001));
    assert_eq!(
        a.window,
        (1_000_000 >> 6) as u16,
        "window scaled by our shift"
    );
    let est = b.expect_msg(CplOpcode::ActEstablish, 2000)?;
    let tid = est.id;
    assert_eq!(est.u32(0), 7, "atid");
    assert_eq!((est.u32(4), est.u32(8), est.u32(12)), (1000, 9000, 29200));
    assert_eq!(est.u16(16), 1200, "the peer's smaller MSS");
    assert_eq!((est.u8(19), est.u8(20)), (2, 6));
    // we close first: FIN_WAIT_1, FIN_WAIT_2, then the peer's FIN: TIME_WAIT
    b.cpl(CplOpcode::CloseConReq, 0, tid, &[]);
    let f = b.expect_seg(2000)?.tcp;
    assert_eq!((f.flags, f.seq, f.ack), (FIN | ACK, 1001, 9001));
    b.seg(tcp(80, 33000, 9001, 1002, ACK, 29200), &[], false);
    let r = b.expect_msg(CplOpcode::CloseConRpl, 2000)?;
    assert_eq!(r.u8(1), u8::from(TcpState::FinWait2));
    b.seg(tcp(80, 33000, 9001, 1002, FIN | ACK, 29200), &[], false);
    let a = b.expect_seg(2000)?.tcp;
    assert_eq!((a.flags, a.seq, a.ack), (ACK, 1002, 9002));
    let pc = b.expect_msg(CplOpcode::PeerClose, 2000)?;
    assert_eq!(pc.u8(4), u8::from(TcpState::TimeWait));
    // a retransmitted FIN in TIME_WAIT is acknowledged again
    b.seg(tcp(80, 33000, 9001, 1002, FIN | ACK, 29200), &[], false);
    let a = b.expect_seg(2000)?.tcp;
    assert_eq!((a.flags, a.ack), (ACK, 9002));
    let st = tcb_field(&mut b, tid, TcbField::State, 0, 0)?;
    assert_eq!(st.u64(8), u64::from(u8::from(TcpState::TimeWait)));
    // 2 MSL later the tid is free
    b.quiet(TIME_WAIT * US + 200)?;
    let st = tcb_field(&mut b, tid, TcbField::State, 0, 0)?;
    assert_eq!(st.u8(0), u8::from(CplStatus::BadId));
    Ok(())
}

#[test]
fn simultaneous_close_ack_and_fin_in_one_segment() -> Result<(), ModError> {
    seeds(3, simultaneous_close_ack_and_fin_in_one_segment_with)
}

fn simultaneous_close_ack_and_fin_in_one_segment_with(seed: u64) -> Result<(), ModError> {
    let mut b = Bench::new(seed)?;
    act_open(&mut b, 1, 33001, 80, 50);
    b.expect_seg(2000)?;
    b.seg(tcp(80, 33001, 700, 51, SYN | ACK, 1000), &[], false);
    b.expect_seg(2000)?;
    let tid = b.expect_msg(CplOpcode::ActEstablish, 2000)?.id;
    b.cpl(CplOpcode::CloseConReq, 0, tid, &[]);
    b.expect_seg(2000)?;
    // one segment acknowledges our FIN and carries the peer's
    b.seg(tcp(80, 33001, 701, 52, FIN | ACK, 1000), &[], false);
    let r = b.expect_msg(CplOpcode::CloseConRpl, 2000)?;
    assert_eq!(r.u8(1), u8::from(TcpState::FinWait2));
    let a = b.expect_seg(2000)?.tcp;
    assert_eq!((a.flags, a.ack), (ACK, 702));
    let pc = b.expect_msg(CplOpcode::PeerClose, 2000)?;
    assert_eq!(pc.u8(4), u8::from(TcpState::TimeWait));
    Ok(())
}

#[test]
fn refused_and_timed_out_opens() -> Result<(), ModError> {
    seeds(4, refused_and_timed_out_opens_with)
}

fn refused_and_timed_out_opens_with(seed: u64) -> Result<(), ModError> {
    let mut b = Bench::new(seed)?;
    // refused: RST+ACK to our SYN
    act_open(&mut b, 8, 33002, 81, 2000);
    let syn = b.expect_seg(2000)?.tcp;
    assert_eq!(syn.flags, SYN);
    // a RST without ACK, or with the wrong ACK, does not refuse it
    b.seg(tcp(81, 33002, 0, 0, RST, 0), &[], false);
    b.seg(tcp(81, 33002, 0, 5, RST | ACK, 0), &[], false);
    b.quiet(300)?;
    b.seg(tcp(81, 33002, 0, 2001, RST | ACK, 0), &[], false);
    let r = b.expect_msg(CplOpcode::ActOpenRpl, 2000)?;
    assert_eq!((r.id, r.u8(0)), (8, u8::from(CplStatus::ConnRefused)));
    assert!(r.u32(4) < 16, "the tid it had used");
    // timed out: SYN retransmitted at RTO, 2 RTO, 4 RTO, then TIMEOUT
    act_open(&mut b, 9, 33003, 82, 3000);
    let first = b.expect_seg(2000)?;
    let mut last = first.at;
    let mut rto = RTO_INIT * US;
    for k in 0..SYN_RETRIES {
        let s = b.expect_seg(100_000)?;
        assert_eq!((s.tcp.flags, s.tcp.seq), (SYN, 3000), "retransmission {k}");
        let gap = s.at - last;
        // the scanner visits each entry every 16 cycles; the FSM and the
        // output add a few more
        // (a deadline in whole microseconds: up to one early)
        assert!(
            gap + US >= rto && gap <= rto + 80,
            "retransmission {k} after {gap} cycles, RTO {rto}"
        );
        last = s.at;
        rto *= 2;
    }
    let r = b.expect_msg(CplOpcode::ActOpenRpl, 100_000)?;
    assert_eq!((r.id, r.u8(0)), (9, u8::from(CplStatus::Timeout)));
    assert!(b.segs.is_empty());
    Ok(())
}

#[test]
fn resets_challenge_acks_and_aborts() -> Result<(), ModError> {
    seeds(5, resets_challenge_acks_and_aborts_with)
}

fn resets_challenge_acks_and_aborts_with(seed: u64) -> Result<(), ModError> {
    let mut b = Bench::new(seed)?;
    pass_open(&mut b, 3, 5000, 7)?;
    let tid = accept(&mut b, 41000, 100, 5000)?;
    // RFC 5961: a RST in the window but not at RCV.NXT draws a challenge ACK
    b.seg(tcp(41000, 5000, 150, 0, RST, 0), &[], false);
    let c = b.expect_seg(2000)?.tcp;
    assert_eq!((c.flags, c.seq, c.ack), (ACK, 5001, 101));
    // a SYN on an open connection too
    b.seg(tcp(41000, 5000, 100, 0, SYN, 0), &[], false);
    let c = b.expect_seg(2000)?.tcp;
    assert_eq!((c.flags, c.ack), (ACK, 101));
    // a RST outside the window is dropped
    let drops = b.drops;
    b.seg(tcp(41000, 5000, 100 + 2_000_000_000, 0, RST, 0), &[], false);
    b.quiet(300)?;
    assert_eq!(b.drops, drops + 1);
    // a RST at RCV.NXT resets: ABORT_REQ (CONN_RESET, no RST sent)
    b.seg(tcp(41000, 5000, 101, 0, RST, 0), &[], false);
    let ab = b.expect_msg(CplOpcode::AbortReq, 2000)?;
    assert_eq!((ab.id, ab.u8(0)), (tid, u8::from(CplStatus::ConnReset)));
    assert_eq!(ab.u8(1), gen::cpl_abort_flags::NO_RST);
    // crossing abort: the CP's ABORT_REQ is answered, the tid waits for
    // the CP's ABORT_RPL
    b.cpl(CplOpcode::AbortReq, 0, tid, &[0u8; 8]);
    let r = b.expect_msg(CplOpcode::AbortRpl, 2000)?;
    assert_eq!(r.u8(0), u8::from(CplStatus::Success));
    let st = tcb_field(&mut b, tid, TcbField::State, 0, 0)?;
    assert_eq!(st.u8(0), u8::from(CplStatus::Success), "still held");
    b.cpl(CplOpcode::AbortRpl, 0, tid, &[0u8; 8]);
    b.quiet(200)?;
    let st = tcb_field(&mut b, tid, TcbField::State, 0, 0)?;
    assert_eq!(
        st.u8(0),
        u8::from(CplStatus::BadId),
        "free after both replies"
    );
    // the CP aborts an open connection: RST at SND.NXT, ABORT_RPL
    let tid = accept(&mut b, 41001, 200, 6000)?;
    b.cpl(CplOpcode::AbortReq, 0, tid, &[0u8; 8]);
    let rst = b.expect_seg(2000)?.tcp;
    assert_eq!((rst.flags, rst.seq, rst.ack), (RST | ACK, 6001, 201));
    let r = b.expect_msg(CplOpcode::AbortRpl, 2000)?;
    assert_eq!((r.id, r.u8(0)), (tid, 0));
    Ok(())
}

#[test]
fn segments_for_no_connection_bad_checksums_and_bad_messages() -> Result<(), ModError> {
    seeds(
        6,
        segments_for_no_connection_bad_checksums_and_bad_messages_with,
    )
}

fn segments_for_no_connection_bad_checksums_and_bad_messages_with(
    seed: u64,
) -> Result<(), ModError> {
    let mut b = Bench::new(seed)?;
    // RFC 9293 §3.10.7.1: an ACK for no connection draws RST at its ACK
    b.seg(tcp(1234, 80, 77, 4242, ACK, 10), &[], false);
    let r = b.expect_seg(2000)?.tcp;
    assert_eq!((r.flags, r.seq), (RST, 4242));
    // a SYN with no listener: RST+ACK acknowledging it
    b.seg(tcp(1234, 81, 900, 0, SYN, 10), &[], false);
    let r = b.expect_seg(2000)?.tcp;
    assert_eq!((r.flags, r.seq, r.ack), (RST | ACK, 0, 901));
    assert_eq!(b.rsts, 2);
    // a RST for no connection is dropped silently
    b.seg(tcp(1234, 81, 900, 0, RST, 10), &[], false);
    b.quiet(300)?;
    // bad TCP checksum: counted, no answer
    b.seg(tcp(1234, 80, 77, 4242, ACK, 10), b"payload", true);
    b.quiet(300)?;
    assert_eq!(b.bad, 1);
    // a MAC error on the last beat
    let f = frame(&tcp(1234, 80, 77, 4242, ACK, 10), &[]);
    b.rx.push_back((f, true, true));
    b.quiet(300)?;
    assert_eq!(b.bad, 2);
    // CPL: a length that does not match the opcode: BAD_LENGTH
    b.cpl(CplOpcode::PassOpenReq, 0, 4, &[0u8; 16]);
    let r = b.expect_msg(CplOpcode::PassOpenRpl, 2000)?;
    assert_eq!(r.u8(0), u8::from(CplStatus::BadLength));
    // a FwMsgHdr word count that disagrees with the words sent: BAD_LENGTH
    let mut raw = vec![op(CplOpcode::CloseConReq), 0, 8, 0, 1, 0, 0, 0];
    b.cpl_raw(&raw, Some(5));
    let r = b.expect_msg(CplOpcode::CloseConRpl, 2000)?;
    assert_eq!(r.u8(0), u8::from(CplStatus::BadLength));
    // an id out of range: BAD_ID; an id of no connection: BAD_ID
    b.cpl(CplOpcode::CloseConReq, 0, 99, &[]);
    let r = b.expect_msg(CplOpcode::CloseConRpl, 2000)?;
    assert_eq!(r.u8(0), u8::from(CplStatus::BadId));
    b.cpl(CplOpcode::CloseConReq, 0, 2, &[]);
    let r = b.expect_msg(CplOpcode::CloseConRpl, 2000)?;
    assert_eq!(r.u8(0), u8::from(CplStatus::BadId));
    // an unknown opcode and a message without reply for nothing: counted
    let bad = b.cpl_bad;
    raw = vec![0x7f, 0, 8, 0, 0, 0, 0, 0];
    b.cpl_raw(&raw, None);
    b.cpl(CplOpcode::AbortRpl, 0, 5, &[0u8; 8]);
    b.quiet(400)?;
    assert_eq!(b.cpl_bad, bad + 2);
    // a listener twice on one port: ADDR_IN_USE; a fifth: NO_RESOURCES
    pass_open(&mut b, 1, 7000, 0)?;
    let mut body = [0u8; 24];
    body[8..10].copy_from_slice(&7000u16.to_le_bytes());
    b.cpl(CplOpcode::PassOpenReq, 0, 2, &body);
    let r = b.expect_msg(CplOpcode::PassOpenRpl, 2000)?;
    assert_eq!(r.u8(0), u8::from(CplStatus::AddrInUse));
    for (stid, port) in [(3, 7001), (4, 7002), (5, 7003)] {
        pass_open(&mut b, stid, port, 0)?;
    }
    body[8..10].copy_from_slice(&7004u16.to_le_bytes());
    b.cpl(CplOpcode::PassOpenReq, 0, 6, &body);
    let r = b.expect_msg(CplOpcode::PassOpenRpl, 2000)?;
    assert_eq!(r.u8(0), u8::from(CplStatus::NoResources));
    // closing a listener frees its slot; an unknown stid: BAD_ID
    b.cpl(CplOpcode::CloseListsrvReq, 0, 4, &[]);
    let r = b.expect_msg(CplOpcode::CloseListsrvRpl, 2000)?;
    assert_eq!(r.u8(0), 0);
    b.cpl(CplOpcode::CloseListsrvReq, 0, 4, &[]);
    let r = b.expect_msg(CplOpcode::CloseListsrvRpl, 2000)?;
    assert_eq!(r.u8(0), u8::from(CplStatus::BadId));
    pass_open(&mut b, 6, 7004, 0)?;
    Ok(())
}

#[test]
fn set_tcb_field_and_syn_flood_beyond_the_table() -> Result<(), ModError> {
    seeds(7, set_tcb_field_and_syn_flood_beyond_the_table_with)
}

fn set_tcb_field_and_syn_flood_beyond_the_table_with(seed: u64) -> Result<(), ModError> {
    let mut b = Bench::new(seed)?;
    pass_open(&mut b, 3, 5000, 7)?;
    let tid = accept(&mut b, 42000, 10, 20)?;
    // read-write field: masked write, value after it
    let r = tcb_field(&mut b, tid, TcbField::RtoMin, 0xffff_ffff, 5000)?;
    assert_eq!((r.u8(0), r.u64(8)), (0, 5000));
    let r = tcb_field(&mut b, tid, TcbField::PeerMac, 0, 0)?;
    assert_eq!(r.u64(8), mac48(PEER_MAC));
    // read-only field written: BAD_ARGUMENT, unchanged
    let r = tcb_field(&mut b, tid, TcbField::SndNxt, 0xffff_ffff, 1)?;
    assert_eq!((r.u8(0), r.u64(8)), (u8::from(CplStatus::BadArgument), 21));
    // a flood of SYNs from new ports: every free tid becomes an embryonic
    // connection asking the CP, the rest are dropped and counted
    let drops = b.drops;
    for k in 0..20u16 {
        b.seg(
            tcp(50000 + k, 5000, u32::from(k) * 1000, 0, SYN, 1000),
            &[],
            false,
        );
    }
    let mut asked = 0;
    for _ in 0..15 {
        b.expect_msg(CplOpcode::PassAcceptReq, 5000)?;
        asked += 1;
    }
    b.quiet(3000)?;
    assert_eq!(asked, 15, "16 tids, one established");
    assert_eq!(b.drops, drops + 5);
    // the established connection is untouched
    b.seg(tcp(42000, 5000, 11, 21, FIN | ACK, 100), &[], false);
    let a = b.expect_seg(2000)?.tcp;
    assert_eq!((a.flags, a.ack), (ACK, 12));
    b.expect_msg(CplOpcode::PeerClose, 2000)?;
    Ok(())
}

#[test]
fn syn_flood_is_paced_and_holds_no_segment_back() -> Result<(), ModError> {
    seeds(10, syn_flood_is_paced_and_holds_no_segment_back_with)
}

/// SYNs without ACK wait in a queue of their own, and the FSM takes them
/// at the SYN pacer's rate (the engine's defaults: `SYN_BURST` saved, one
/// more every `SYN_CYCLES` cycles), never two in a row while other work
/// waits: a segment of an established connection that arrives behind 12
/// SYNs is answered after at most one of them, and the SYNs are all taken,
/// no faster than the pacer allows.
fn syn_flood_is_paced_and_holds_no_segment_back_with(seed: u64) -> Result<(), ModError> {
    const SYN_CYCLES: u64 = 128;
    const SYN_BURST: u64 = 8;
    const N: u16 = 12;
    let mut b = Bench::new(seed)?;
    pass_open(&mut b, 3, 5000, 7)?;
    let (irs, iss) = (100u32, 5000u32);
    accept(&mut b, 41000, irs, iss)?;
    // the token of the accepted SYN comes back
    b.quiet(2 * SYN_CYCLES)?;
    for k in 0..N {
        b.seg(
            tcp(50000 + k, 5000, u32::from(k) * 1000, 0, SYN, 1000),
            &[],
            false,
        );
    }
    // RFC 5961: a RST in the window but not at RCV.NXT draws a challenge ACK
    b.seg(tcp(41000, 5000, irs + 50, 0, RST, 0), &[], false);
    let start = b.m.cycle();
    let mut asked = Vec::new();
    let mut asked_before_ack = None;
    while asked.len() < usize::from(N) || asked_before_ack.is_none() {
        assert!(
            b.m.cycle() - start < u64::from(N) * SYN_CYCLES + 2000,
            "{} SYNs taken, the challenge ACK {}",
            asked.len(),
            if asked_before_ack.is_some() {
                "sent"
            } else {
                "not sent"
            }
        );
        b.cycle()?;
        while let Some(m) = b.msgs.pop_front() {
            assert_eq!(m.op, op(CplOpcode::PassAcceptReq), "{m:?}");
            asked.push(b.m.cycle() - start);
        }
        if let Some(s) = b.segs.pop_front() {
            assert_eq!(
                (s.tcp.flags, s.tcp.seq, s.tcp.ack),
                (ACK, iss + 1, irs + 1),
                "the challenge ACK"
            );
            asked_before_ack = Some(asked.len());
        }
    }
    let before = asked_before_ack.unwrap_or(usize::MAX);
    assert!(
        before <= 2,
        "the established connection's segment waited for {before} SYNs"
    );
    // by cycle t at most SYN_BURST + t / SYN_CYCLES + 1 SYNs were started
    // (the pacer's phase is free), and a SYN's request leaves after it starts
    for (k, &t) in asked.iter().enumerate() {
        assert!(
            (k as u64) < SYN_BURST + t / SYN_CYCLES + 1,
            "SYN {k} asked at cycle {t}: faster than the pacer ({asked:?})"
        );
    }
    assert!(b.segs.is_empty() && b.msgs.is_empty());
    Ok(())
}

#[test]
fn keepalive_probes_an_idle_peer_then_aborts() -> Result<(), ModError> {
    seeds(9, keepalive_probes_an_idle_peer_then_aborts_with)
}

/// Keepalive (RFC 1122 §4.2.3.6) with a short idle time (100 µs, 1000
/// cycles at the bench's 10-cycle microsecond), 30 µs between probes and
/// 2 probes: the first probe comes after the idle time, an answer starts
/// the idle time again, and two unanswered probes abort the connection
/// with KEEPALIVE_TIMEOUT and a RST.
fn keepalive_probes_an_idle_peer_then_aborts_with(seed: u64) -> Result<(), ModError> {
    let mut b = Bench::new(seed)?;
    pass_open(&mut b, 3, 5000, 7)?;
    let (irs, iss) = (7000u32, 9000u32);
    let tid = accept(&mut b, 40100, irs, iss)?;
    let ka = u64::from(gen::cpl_tcp_opt::KEEPALIVE);
    for (f, v) in [
        (TcbField::KeepaliveIdle, 100),
        (TcbField::KeepaliveIntvl, 30),
        (TcbField::KeepaliveCnt, 2),
        (TcbField::TcpOpt, ka),
    ] {
        let r = tcb_field(&mut b, tid, f, u64::MAX, v)?;
        assert_eq!(r.u8(0), u8::from(CplStatus::Success), "{f:?}");
    }
    let on = b.m.cycle();
    let probe = |s: &Seg| {
        assert_eq!(
            (s.tcp.flags, s.tcp.seq, s.tcp.ack),
            (ACK, iss, irs.wrapping_add(1)),
            "a probe: SND.NXT - 1, no data"
        );
    };
    let p1 = b.expect_seg(3000)?;
    probe(&p1);
    assert!(
        p1.at - on >= 900,
        "after the idle time: {} cycles",
        p1.at - on
    );
    // the peer answers: the idle time starts again
    b.seg(
        tcp(
            40100,
            5000,
            irs.wrapping_add(1),
            iss.wrapping_add(1),
            ACK,
            100,
        ),
        &[],
        false,
    );
    let p2 = b.expect_seg(3000)?;
    probe(&p2);
    assert!(p2.at - p1.at >= 900, "idle again: {} cycles", p2.at - p1.at);
    // no answer: a second probe after the interval, then the abort
    let p3 = b.expect_seg(1000)?;
    probe(&p3);
    let gap = p3.at - p2.at;
    assert!((250..=450).contains(&gap), "the interval: {gap} cycles");
    let ab = b.expect_msg(CplOpcode::AbortReq, 1000)?;
    assert_eq!(ab.id, tid);
    assert_eq!(ab.u8(0), u8::from(CplStatus::KeepaliveTimeout));
    let rst = b.expect_seg(200)?;
    assert_eq!(rst.tcp.flags & RST, RST);
    Ok(())
}
