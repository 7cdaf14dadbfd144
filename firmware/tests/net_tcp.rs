//! The TCP connection control plane against a scripted TCP engine: the
//! test plays the core's side of the firmware port (CPL messages as
//! docs/cpl.md describes them, ARP frames, the mailbox) and checks what the
//! firmware sends and the events the host sees.

use std::collections::{HashMap, VecDeque};
use std::net::Ipv4Addr;

use proptest::prelude::*;
use warpnic_abi::gen::{
    self, cpl_tcp_opt, ArpOper, CplAbortReq, CplActEstablish, CplActOpenReq, CplActOpenRpl,
    CplCloseConRpl, CplCloseListsrvRpl, CplHdr, CplOpcode, CplPassAcceptReq, CplPassAcceptRpl,
    CplPassEstablish, CplPassOpenReq, CplPassOpenRpl, CplPeerClose, CplSetTcbField, CplSetTcbRpl,
    CplStatus, EtherType, TcbField, TcpEvent, TcpState,
};
use warpnic_abi::wire::{ArpRepr, EthernetRepr};
use warpnic_fw::hal::{
    REG_BUILD_ID, REG_ID, REG_TCP_CONNS, REG_TCP_RETRIES, REG_TCP_RTO_INIT, REG_TCP_RTO_MAX,
    REG_TCP_RTO_MIN, REG_TCP_TIME_WAIT,
};
use warpnic_fw::tcp::{EpState, ListenState, DEFER_TIMEOUT_US, EPHEMERAL_FIRST};
use warpnic_fw::{Firmware, FwConfig, FwMsgHdr, FwOpcode, FwStatus, Hal, PollResult};

const MAC: [u8; 6] = [0x02, 0, 0, 0, 0x0a, 0x01];
const OUR_IP: Ipv4Addr = Ipv4Addr::new(10, 0, 0, 1);
const PEER_IP: Ipv4Addr = Ipv4Addr::new(10, 0, 0, 2);
const PEER_MAC: [u8; 6] = [0x02, 0, 0, 0, 0x0a, 0x02];
const CYCLES_PER_US: u64 = gen::CLOCK_MHZ as u64;

/// The core's side of the firmware port.
struct Core {
    to_fw: VecDeque<(u32, bool)>,
    from_fw: Vec<(u32, bool)>,
    regs: HashMap<u8, u32>,
}

/// A message the firmware sent.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Sent {
    /// A mailbox response: status and words after the header.
    Rsp(u8, Vec<u32>),
    /// A CPL message: opcode, id, body.
    Cpl(CplOpcode, u32, Vec<u8>),
    /// A FRAME_TX frame.
    Frame(Vec<u8>),
}

impl Hal for Core {
    fn recv_word(&mut self) -> Option<(u32, bool)> {
        self.to_fw.pop_front()
    }
    fn send_word(&mut self, word: u32, last: bool) -> bool {
        self.from_fw.push((word, last));
        true
    }
    fn reg_read(&mut self, offset: u8) -> u32 {
        self.regs.get(&offset).copied().unwrap_or(0)
    }
    fn reg_write(&mut self, offset: u8, value: u32) {
        self.regs.insert(offset, value);
    }
}

fn hdr(opcode: u8, seq: u8, len: u8) -> u32 {
    u32::from_le_bytes(
        FwMsgHdr {
            opcode,
            seq,
            status: 0,
            len,
        }
        .to_bytes(),
    )
}

/// The port words of a CPL message.
fn cpl_words(op: u8, id: u32, body: &[u8]) -> Vec<u32> {
    let len = 8 + body.len();
    let mut bytes = CplHdr {
        opcode: op,
        flags: 0,
        len: len as u16,
        id,
    }
    .to_bytes()
    .to_vec();
    bytes.extend_from_slice(body);
    let mut w = vec![hdr(
        FwOpcode::Cpl.into(),
        0,
        (1 + bytes.len().div_ceil(4)) as u8,
    )];
    w.extend(bytes.chunks(4).map(|c| {
        let mut b = [0u8; 4];
        b[..c.len()].copy_from_slice(c);
        u32::from_le_bytes(b)
    }));
    w
}

struct Rig {
    fw: Firmware,
    core: Core,
    /// Core cycles.
    now: u64,
    seq: u8,
}

impl Rig {
    fn new() -> Self {
        let mut regs = HashMap::new();
        regs.insert(REG_ID, gen::FW_REG_ID_VALUE);
        regs.insert(REG_BUILD_ID, gen::BUILD_ID);
        regs.insert(REG_TCP_CONNS, 1024 | (16 << 16));
        let mut core = Core {
            to_fw: VecDeque::new(),
            from_fw: Vec::new(),
            regs,
        };
        let mut fw = Firmware::new(FwConfig::new(MAC));
        fw.init(&mut core).expect("init");
        let mut rig = Self {
            fw,
            core,
            now: 1_000,
            seq: 0,
        };
        let r = rig.cmd(FwOpcode::SetIpv4, &[u32::from(OUR_IP), 24]);
        assert_eq!(r, Sent::Rsp(0, vec![]));
        rig
    }

    fn push(&mut self, words: &[u32]) {
        for (i, &w) in words.iter().enumerate() {
            self.core.to_fw.push_back((w, i + 1 == words.len()));
        }
    }

    /// Polls until idle; returns what the firmware sent.
    fn run(&mut self) -> Vec<Sent> {
        for _ in 0..10_000 {
            self.now += 10;
            if self.fw.poll(&mut self.core, self.now) == PollResult::Idle {
                break;
            }
        }
        self.check();
        self.take()
    }

    /// Advances time by `us` and polls in steps of `step_us`.
    fn wait(&mut self, us: u64, step_us: u64) -> Vec<Sent> {
        let mut sent = Vec::new();
        let end = self.now + us * CYCLES_PER_US;
        while self.now < end {
            self.now += step_us * CYCLES_PER_US;
            self.fw.poll(&mut self.core, self.now);
            sent.extend(self.run());
        }
        sent
    }

    fn check(&self) {
        assert_eq!(self.fw.tcp().check_invariants(), Ok(()));
        assert_eq!(self.fw.tcp().counters().internal, 0);
    }

    fn take(&mut self) -> Vec<Sent> {
        let mut out = Vec::new();
        let mut cur = Vec::new();
        for (w, last) in self.core.from_fw.drain(..) {
            cur.push(w);
            if !last {
                continue;
            }
            let m = std::mem::take(&mut cur);
            let op = (m[0] & 0xff) as u8;
            if op == u8::from(FwOpcode::Cpl) {
                let bytes: Vec<u8> = m[1..].iter().flat_map(|w| w.to_le_bytes()).collect();
                let h = CplHdr::from_bytes(bytes[..8].try_into().expect("header"));
                assert_eq!(usize::from(h.len), bytes.len(), "CPL len");
                assert_eq!((m[0] >> 24) as usize, m.len(), "port len");
                let opc = CplOpcode::try_from(h.opcode).expect("known opcode");
                out.push(Sent::Cpl(opc, h.id, bytes[8..].to_vec()));
            } else if op == u8::from(FwOpcode::FrameTx) {
                let len = m[1] as usize;
                let bytes: Vec<u8> = m[2..].iter().flat_map(|w| w.to_le_bytes()).collect();
                out.push(Sent::Frame(bytes[..len].to_vec()));
            } else {
                let h = FwMsgHdr::from_bytes(&m[0].to_le_bytes());
                assert_eq!(usize::from(h.len), m.len());
                out.push(Sent::Rsp(h.status, m[1..].to_vec()));
            }
        }
        out
    }

    /// Sends a mailbox request; returns everything sent back.
    fn request(&mut self, op: FwOpcode, args: &[u32]) -> Vec<Sent> {
        self.seq = self.seq.wrapping_add(1);
        let mut w = vec![hdr(op.into(), self.seq, (1 + args.len()) as u8)];
        w.extend_from_slice(args);
        self.push(&w);
        self.run()
    }

    /// A request that is answered at once and sends nothing else.
    fn cmd(&mut self, op: FwOpcode, args: &[u32]) -> Sent {
        let mut s = self.request(op, args);
        assert_eq!(s.len(), 1, "{op:?}: {s:?}");
        s.remove(0)
    }

    /// A request answered OK at once; returns the words.
    fn ok(&mut self, op: FwOpcode, args: &[u32]) -> Vec<u32> {
        match self.cmd(op, args) {
            Sent::Rsp(0, w) => w,
            other => panic!("{op:?}: {other:?}"),
        }
    }

    fn cpl(&mut self, op: CplOpcode, id: u32, body: &[u8]) -> Vec<Sent> {
        self.push(&cpl_words(op.into(), id, body));
        self.run()
    }

    fn frame(&mut self, frame: &[u8]) -> Vec<Sent> {
        let mut w = vec![u32::from(u8::from(FwOpcode::FrameRx)), frame.len() as u32];
        w.extend(frame.chunks(4).map(|c| {
            let mut b = [0u8; 4];
            b[..c.len()].copy_from_slice(c);
            u32::from_le_bytes(b)
        }));
        self.push(&w);
        self.run()
    }

    /// Takes one event: (kind, cause, endpoint, details).
    fn event(&mut self) -> (TcpEvent, u8, u16, Vec<u32>) {
        let w = self.ok(FwOpcode::TcpEvent, &[]);
        let kind = TcpEvent::try_from((w[0] & 0xff) as u8).expect("event kind");
        (
            kind,
            (w[0] >> 8) as u8,
            (w[0] >> 16) as u16,
            w[1..].to_vec(),
        )
    }

    fn no_event(&mut self) {
        assert_eq!(self.ok(FwOpcode::TcpEvent, &[]), vec![0]);
    }

    /// The peer answers ARP for itself.
    fn arp_reply(&mut self) -> Vec<Sent> {
        self.frame(&arp_frame(ArpOper::Reply, MAC, OUR_IP))
    }

    /// An active open to PEER_IP:80 that reaches ACT_OPEN_REQ with the peer
    /// already known; returns (endpoint, local port, request).
    fn connect_known(&mut self) -> (u16, u16, CplActOpenReq) {
        if self
            .fw
            .net()
            .and_then(|n| n.arp().table().get(PEER_IP))
            .is_none()
        {
            // the peer asks for us: it becomes a (STALE) neighbour
            let s = self.frame(&arp_frame(ArpOper::Request, [0xff; 6], OUR_IP));
            assert!(matches!(s.as_slice(), [Sent::Frame(_)]));
        }
        let s = self.request(FwOpcode::TcpConnect, &[u32::from(PEER_IP), 80, 0, 0]);
        let (ep, port) = match &s[0] {
            Sent::Rsp(0, w) if w[0] == 0 => (w[1] as u16, w[2] as u16),
            other => panic!("{other:?}"),
        };
        let req = match &s[1] {
            Sent::Cpl(CplOpcode::ActOpenReq, id, body) => {
                assert_eq!(*id, u32::from(ep));
                CplActOpenReq::from_bytes(body.as_slice().try_into().expect("40 bytes"))
            }
            other => panic!("{other:?}"),
        };
        assert_eq!(s.len(), 2);
        (ep, port, req)
    }

    /// An established active connection with `tid`; the ESTABLISHED event
    /// is taken.
    fn established(&mut self, tid: u32) -> u16 {
        let (ep, _, req) = self.connect_known();
        let s = self.cpl(
            CplOpcode::ActEstablish,
            tid,
            &establish(u32::from(ep), req.iss),
        );
        assert!(s.is_empty(), "{s:?}");
        let (kind, _, id, _) = self.event();
        assert_eq!((kind, id), (TcpEvent::Established, ep));
        ep
    }

    /// A running listener on `port` with `backlog`.
    fn listening(&mut self, port: u16, backlog: u16) -> u32 {
        let s = self.request(
            FwOpcode::TcpListen,
            &[u32::from(port) | (u32::from(backlog) << 16), 0],
        );
        let stid = match s.as_slice() {
            [Sent::Cpl(CplOpcode::PassOpenReq, stid, body)] => {
                let r = CplPassOpenReq::from_bytes(body.as_slice().try_into().expect("24"));
                assert_eq!(r.local_port, port);
                assert_eq!(r.local_ip, u32::from(OUR_IP));
                assert_eq!(r.rcv_wnd, 65_535);
                *stid
            }
            other => panic!("{other:?}"),
        };
        assert!(self.fw.tcp().is_deferred());
        let s = self.cpl(
            CplOpcode::PassOpenRpl,
            stid,
            &pass_open_rpl(CplStatus::Success, port),
        );
        assert_eq!(s, vec![Sent::Rsp(0, vec![0, stid])]);
        stid
    }

    /// A SYN for listener `stid` as tid `tid`: returns the firmware's reply.
    fn syn(&mut self, stid: u32, tid: u32, peer_port: u16, opt: u8) -> CplPassAcceptRpl {
        let s = self.cpl(
            CplOpcode::PassAcceptReq,
            tid,
            &accept_req(stid, peer_port, opt),
        );
        match s.as_slice() {
            [Sent::Cpl(CplOpcode::PassAcceptRpl, id, body)] => {
                assert_eq!(*id, tid);
                CplPassAcceptRpl::from_bytes(body.as_slice().try_into().expect("16"))
            }
            other => panic!("{other:?}"),
        }
    }

    /// An accepted connection (ACCEPTED taken); returns the endpoint.
    fn accepted(&mut self, stid: u32, tid: u32, peer_port: u16) -> u16 {
        let r = self.syn(stid, tid, peer_port, 0);
        assert_eq!(r.status, u8::from(CplStatus::Success));
        let s = self.cpl(CplOpcode::PassEstablish, tid, &pass_establish(stid, r.iss));
        assert!(s.is_empty());
        let (kind, _, ep, d) = self.event();
        assert_eq!(kind, TcpEvent::Accepted);
        assert_eq!(d[0], tid);
        assert_eq!(d[7], stid);
        ep
    }
}

fn arp_frame(oper: ArpOper, dst: [u8; 6], tpa: Ipv4Addr) -> Vec<u8> {
    let mut f = vec![0u8; 60];
    let eth = EthernetRepr {
        dst,
        src: PEER_MAC,
        ether_type: EtherType::Arp.into(),
    };
    let n = eth.emit(&mut f).expect("eth");
    let tha = if oper == ArpOper::Reply { MAC } else { [0; 6] };
    ArpRepr {
        oper,
        sha: PEER_MAC,
        spa: PEER_IP,
        tha,
        tpa,
    }
    .emit(&mut f[n..])
    .expect("arp");
    f
}

fn establish(atid: u32, iss: u32) -> Vec<u8> {
    CplActEstablish {
        atid,
        snd_isn: iss,
        rcv_isn: 0x1234_5678,
        snd_wnd: 65_535,
        mss: 1460,
        tcp_opt: cpl_tcp_opt::WSCALE,
        snd_wscale: 7,
        rcv_wscale: 0,
        ..Default::default()
    }
    .to_bytes()
    .to_vec()
}

fn pass_establish(stid: u32, iss: u32) -> Vec<u8> {
    CplPassEstablish {
        stid,
        snd_isn: iss,
        rcv_isn: 0x0bad_f00d,
        snd_wnd: 29_200,
        mss: 1460,
        ..Default::default()
    }
    .to_bytes()
    .to_vec()
}

fn pass_open_rpl(status: CplStatus, port: u16) -> Vec<u8> {
    CplPassOpenRpl {
        status: status.into(),
        local_port: port,
        ..Default::default()
    }
    .to_bytes()
    .to_vec()
}

fn accept_req(stid: u32, peer_port: u16, opt: u8) -> Vec<u8> {
    CplPassAcceptReq {
        stid,
        local_ip: u32::from(OUR_IP),
        peer_ip: u32::from(PEER_IP),
        local_port: 5000,
        peer_port,
        rcv_isn: 77,
        peer_wnd: 65_535,
        peer_mss: 1460,
        tcp_opt: opt,
        snd_wscale: 7,
        peer_mac: PEER_MAC,
        ..Default::default()
    }
    .to_bytes()
    .to_vec()
}

fn act_open_rpl(status: CplStatus) -> Vec<u8> {
    CplActOpenRpl {
        status: status.into(),
        tid: gen::CPL_TID_NONE,
        ..Default::default()
    }
    .to_bytes()
    .to_vec()
}

fn abort_req(status: CplStatus) -> Vec<u8> {
    CplAbortReq {
        status: status.into(),
        ..Default::default()
    }
    .to_bytes()
    .to_vec()
}

fn close_rpl(state: TcpState) -> Vec<u8> {
    CplCloseConRpl {
        state: state.into(),
        ..Default::default()
    }
    .to_bytes()
    .to_vec()
}

fn peer_close(state: TcpState) -> Vec<u8> {
    CplPeerClose {
        state: state.into(),
        ..Default::default()
    }
    .to_bytes()
    .to_vec()
}

const RPL8: [u8; 8] = [0; 8];

// ---- active open ----

#[test]
fn active_open_after_arp_resolution() {
    let mut r = Rig::new();
    let s = r.request(FwOpcode::TcpConnect, &[u32::from(PEER_IP), 80, 0, 0]);
    let ep = match &s[..] {
        [Sent::Rsp(0, w), Sent::Frame(f)] => {
            assert_eq!(w[0], 0);
            assert!(w[2] >= u32::from(EPHEMERAL_FIRST));
            // a broadcast who-has for the peer
            assert_eq!(&f[..6], &[0xff; 6]);
            assert_eq!(&f[38..42], &PEER_IP.octets());
            w[1] as u16
        }
        other => panic!("{other:?}"),
    };
    assert_eq!(r.fw.tcp().endpoint_state(ep), Some(EpState::Resolving));
    r.no_event();
    // the reply arrives: the next poll sends ACT_OPEN_REQ
    let mut s = r.arp_reply();
    s.extend(r.run());
    let req = match &s[..] {
        [Sent::Cpl(CplOpcode::ActOpenReq, id, body)] => {
            assert_eq!(*id, u32::from(ep));
            CplActOpenReq::from_bytes(body.as_slice().try_into().expect("40"))
        }
        other => panic!("{other:?}"),
    };
    assert_eq!(req.peer_mac, PEER_MAC);
    assert_eq!(req.local_ip, u32::from(OUR_IP));
    assert_eq!(req.peer_ip, u32::from(PEER_IP));
    assert_eq!(req.peer_port, 80);
    assert_eq!(req.mss, 0);
    assert_eq!(req.rcv_wnd, 65_535);
    assert_eq!(req.ulp_mode, 0);
    assert_eq!(r.fw.tcp().endpoint_state(ep), Some(EpState::Connecting));

    let s = r.cpl(
        CplOpcode::ActEstablish,
        0x41,
        &establish(u32::from(ep), req.iss),
    );
    assert!(s.is_empty());
    let (kind, cause, id, d) = r.event();
    assert_eq!((kind, cause, id), (TcpEvent::Established, 0, ep));
    assert_eq!(d[0], 0x41);
    assert_eq!(d[1], u32::from(OUR_IP));
    assert_eq!(d[2], u32::from(PEER_IP));
    assert_eq!(d[3], u32::from(req.local_port) | (80 << 16));
    assert_eq!(d[4], req.iss);
    assert_eq!(d[5], 0x1234_5678);
    assert_eq!(
        d[6],
        1460 | (u32::from(cpl_tcp_opt::WSCALE) << 16) | (7 << 24)
    );
    assert_eq!(d[7], u32::MAX);
    r.no_event();
    assert_eq!(r.fw.tcp().endpoint_tid(ep), Some(0x41));
}

#[test]
fn isn_differs_per_connection_and_ports_do_not_repeat() {
    let mut r = Rig::new();
    let (_, p1, a) = r.connect_known();
    let (_, p2, b) = r.connect_known();
    assert_ne!(p1, p2);
    assert_ne!(a.iss, b.iss);
}

#[test]
fn refused_and_timed_out_opens_free_the_endpoint() {
    let mut r = Rig::new();
    for (status, event) in [
        (CplStatus::ConnRefused, TcpEvent::Refused),
        (CplStatus::Timeout, TcpEvent::TimedOut),
        (CplStatus::AddrInUse, TcpEvent::Refused),
    ] {
        let (ep, _, _) = r.connect_known();
        assert!(r
            .cpl(CplOpcode::ActOpenRpl, u32::from(ep), &act_open_rpl(status))
            .is_empty());
        assert_eq!(r.fw.tcp().endpoint_state(ep), Some(EpState::Dead));
        let (kind, cause, id, _) = r.event();
        assert_eq!((kind, cause, id), (event, u8::from(status), ep));
        assert_eq!(r.fw.tcp().endpoint_state(ep), None);
        r.no_event();
    }
    assert_eq!(r.fw.tcp().endpoints_in_use(), 0);
}

#[test]
fn arp_that_gets_no_answer_makes_the_peer_unreachable() {
    let mut r = Rig::new();
    let s = r.request(FwOpcode::TcpConnect, &[u32::from(PEER_IP), 80, 0, 0]);
    let ep = match &s[0] {
        Sent::Rsp(0, w) => w[1] as u16,
        other => panic!("{other:?}"),
    };
    let sent = r.wait(5_000_000, 100_000);
    let requests = sent.iter().filter(|s| matches!(s, Sent::Frame(_))).count();
    assert_eq!(requests, 2, "two retransmissions after the first request");
    assert!(!sent.iter().any(|s| matches!(s, Sent::Cpl(..))));
    let (kind, _, id, _) = r.event();
    assert_eq!((kind, id), (TcpEvent::Unreachable, ep));
    r.no_event();
    assert_eq!(r.fw.tcp().endpoints_in_use(), 0);
}

#[test]
fn off_subnet_peers_are_resolved_as_on_link() {
    let mut r = Rig::new();
    let far = Ipv4Addr::new(192, 168, 9, 9);
    let s = r.request(FwOpcode::TcpConnect, &[u32::from(far), 80, 0, 0]);
    match &s[..] {
        [Sent::Rsp(0, w), Sent::Frame(f)] => {
            assert_eq!(w[0], 0);
            assert_eq!(&f[38..42], &far.octets());
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn connect_before_an_address_or_with_bad_arguments() {
    let mut r = Rig::new();
    // bad arguments
    for args in [
        [u32::from(PEER_IP), 0, 0, 0],                   // peer port 0
        [0, 80, 0, 0],                                   // unspecified peer
        [u32::from(OUR_IP), 80, 0, 0],                   // ourselves
        [0xe000_0001, 80, 0, 0],                         // multicast
        [u32::from(PEER_IP), 80, 0x80, 0],               // unknown option bit
        [u32::from(PEER_IP), 80, 0x0f01, 0],             // shift 15
        [u32::from(PEER_IP), 80, 0x0100, 0],             // shift without WSCALE
        [u32::from(PEER_IP), 80, 0, 1 << 20],            // window needs a shift
        [u32::from(PEER_IP), 80, 0x1_0000, 0],           // bits 31:16
        [u32::from(PEER_IP), 80, 0x0e01, (1 << 30) + 1], // above 2^30
    ] {
        assert_eq!(
            r.cmd(FwOpcode::TcpConnect, &args),
            Sent::Rsp(FwStatus::BadArgument as u8, vec![]),
            "{args:x?}"
        );
    }
    assert_eq!(
        r.cmd(FwOpcode::TcpConnect, &[1, 2, 3]),
        Sent::Rsp(FwStatus::BadLength as u8, vec![])
    );
    // a window with its shift is fine
    let s = r.request(
        FwOpcode::TcpConnect,
        &[u32::from(PEER_IP), 80, 0x0301, 1 << 18],
    );
    assert!(matches!(&s[0], Sent::Rsp(0, w) if w[0] == 0));

    // before SET_IPV4
    let mut core = Core {
        to_fw: VecDeque::new(),
        from_fw: Vec::new(),
        regs: r.core.regs.clone(),
    };
    let mut fw = Firmware::new(FwConfig::new(MAC));
    fw.init(&mut core).expect("init");
    let mut bare = Rig {
        fw,
        core,
        now: 0,
        seq: 0,
    };
    let w = bare.ok(FwOpcode::TcpConnect, &[u32::from(PEER_IP), 80, 0, 0]);
    assert_eq!(w, vec![u32::from(u8::from(CplStatus::BadState))]);
}

#[test]
fn explicit_local_port_in_use_by_an_open_or_listener() {
    let mut r = Rig::new();
    r.listening(5000, 4);
    let w = r.ok(
        FwOpcode::TcpConnect,
        &[u32::from(PEER_IP), 80 | (5000 << 16), 0, 0],
    );
    assert_eq!(w, vec![u32::from(u8::from(CplStatus::AddrInUse))]);
    let (_, port, _) = r.connect_known();
    let w = r.ok(
        FwOpcode::TcpConnect,
        &[u32::from(PEER_IP), 80 | (u32::from(port) << 16), 0, 0],
    );
    assert_eq!(w, vec![u32::from(u8::from(CplStatus::AddrInUse))]);
}

// ---- passive open ----

#[test]
fn listener_accepts_the_peers_window_scale_and_sack_only() {
    let mut r = Rig::new();
    let stid = r.listening(5000, 8);
    let offered = cpl_tcp_opt::WSCALE | cpl_tcp_opt::SACK | cpl_tcp_opt::TIMESTAMPS;
    let rpl = r.syn(stid, 7, 40_000, offered);
    assert_eq!(rpl.status, u8::from(CplStatus::Success));
    // window scaling and SACK, never timestamps (not implemented)
    assert_eq!(rpl.tcp_opt, cpl_tcp_opt::WSCALE | cpl_tcp_opt::SACK);
    assert_eq!((rpl.mss, rpl.rcv_wnd), (0, 0));
    let plain = r.syn(stid, 8, 40_001, 0);
    assert_eq!(plain.tcp_opt, 0);
    assert_eq!(plain.rcv_wscale, 0);
    assert_ne!(rpl.iss, plain.iss);
    r.no_event();
    assert_eq!(
        r.fw.tcp().listener(stid as u16),
        Some((ListenState::Listening, 2))
    );
    let s = r.cpl(CplOpcode::PassEstablish, 7, &pass_establish(stid, rpl.iss));
    assert!(s.is_empty());
    let (kind, _, ep, d) = r.event();
    assert_eq!(kind, TcpEvent::Accepted);
    assert_eq!(d[0], 7);
    assert_eq!(d[3], 5000 | (40_000 << 16));
    assert_eq!((d[4], d[5]), (rpl.iss, 0x0bad_f00d));
    assert_eq!(d[7], stid);
    assert_eq!(r.fw.tcp().endpoint_state(ep), Some(EpState::Established));
    assert_eq!(
        r.fw.tcp().listener(stid as u16),
        Some((ListenState::Listening, 1))
    );
}

#[test]
fn full_backlog_drops_syns_silently_until_the_host_takes_its_connections() {
    let mut r = Rig::new();
    let stid = r.listening(5000, 2);
    let a = r.syn(stid, 1, 1001, 0);
    let _b = r.syn(stid, 2, 1002, 0);
    let c = r.syn(stid, 3, 1003, 0);
    assert_eq!(c.status, u8::from(CplStatus::NoResources), "silent drop");
    assert_eq!(r.fw.tcp().counters().syn_backlog_drops, 1);
    // an accepted connection still counts until the host has seen it
    assert!(r
        .cpl(CplOpcode::PassEstablish, 1, &pass_establish(stid, a.iss))
        .is_empty());
    assert_eq!(
        r.syn(stid, 3, 1003, 0).status,
        u8::from(CplStatus::NoResources)
    );
    let (kind, ..) = r.event();
    assert_eq!(kind, TcpEvent::Accepted);
    assert_eq!(r.syn(stid, 3, 1003, 0).status, u8::from(CplStatus::Success));
    assert_eq!(r.fw.tcp().counters().syn_backlog_drops, 2);
}

#[test]
fn embryonic_connection_reset_by_the_engine_is_freed_quietly() {
    let mut r = Rig::new();
    let stid = r.listening(5000, 1);
    r.syn(stid, 9, 1001, 0);
    let s = r.cpl(CplOpcode::AbortReq, 9, &abort_req(CplStatus::Timeout));
    assert_eq!(s, vec![Sent::Cpl(CplOpcode::AbortRpl, 9, RPL8.to_vec())]);
    r.no_event();
    assert_eq!(r.fw.tcp().endpoints_in_use(), 0);
    assert_eq!(
        r.fw.tcp().listener(stid as u16),
        Some((ListenState::Listening, 0))
    );
    assert_eq!(r.syn(stid, 9, 1001, 0).status, u8::from(CplStatus::Success));
}

#[test]
fn listen_errors_reach_the_host() {
    let mut r = Rig::new();
    // the engine refuses
    let s = r.request(FwOpcode::TcpListen, &[5000 | (4 << 16), 0]);
    let stid = match &s[..] {
        [Sent::Cpl(CplOpcode::PassOpenReq, stid, _)] => *stid,
        other => panic!("{other:?}"),
    };
    let s = r.cpl(
        CplOpcode::PassOpenRpl,
        stid,
        &pass_open_rpl(CplStatus::AddrInUse, 5000),
    );
    assert_eq!(
        s,
        vec![Sent::Rsp(
            0,
            vec![u32::from(u8::from(CplStatus::AddrInUse)), stid]
        )]
    );
    assert_eq!(
        r.fw.tcp().listener(stid as u16),
        Some((ListenState::Free, 0))
    );
    // ours already
    let stid = r.listening(5000, 4);
    let w = r.ok(FwOpcode::TcpListen, &[5000 | (4 << 16), 0]);
    assert_eq!(w, vec![u32::from(u8::from(CplStatus::AddrInUse))]);
    // out of slots (16)
    for p in 1..16u32 {
        r.listening(5000 + p as u16, 1);
    }
    let w = r.ok(FwOpcode::TcpListen, &[6000 | (4 << 16), 0]);
    assert_eq!(w, vec![u32::from(u8::from(CplStatus::NoResources))]);
    // bad arguments
    for args in [[4 << 16, 0], [80, 0], [80 | (1 << 16), (1 << 30) + 1]] {
        assert_eq!(
            r.cmd(FwOpcode::TcpListen, &args),
            Sent::Rsp(FwStatus::BadArgument as u8, vec![])
        );
    }
    // stop one
    let s = r.request(FwOpcode::TcpUnlisten, &[stid]);
    assert_eq!(s, vec![Sent::Cpl(CplOpcode::CloseListsrvReq, stid, vec![])]);
    let rpl = CplCloseListsrvRpl::default().to_bytes();
    let s = r.cpl(CplOpcode::CloseListsrvRpl, stid, &rpl);
    assert_eq!(s, vec![Sent::Rsp(0, vec![0, 0])]);
    let w = r.ok(FwOpcode::TcpUnlisten, &[stid]);
    assert_eq!(w, vec![u32::from(u8::from(CplStatus::BadId))]);
    assert_eq!(
        r.cmd(FwOpcode::TcpUnlisten, &[99]),
        Sent::Rsp(FwStatus::BadArgument as u8, vec![])
    );
}

#[test]
fn engine_statuses_outside_cpl_status_reach_the_host_as_bad_argument() {
    const UNKNOWN: u8 = 0x7f;
    assert!(CplStatus::try_from(UNKNOWN).is_err());
    let mut r = Rig::new();
    let bad = u32::from(u8::from(CplStatus::BadArgument));
    // PASS_OPEN_RPL: the listen fails and its slot is free
    let s = r.request(FwOpcode::TcpListen, &[5000 | (4 << 16), 0]);
    let stid = match &s[..] {
        [Sent::Cpl(CplOpcode::PassOpenReq, stid, _)] => *stid,
        other => panic!("{other:?}"),
    };
    let rpl = CplPassOpenRpl {
        status: UNKNOWN,
        local_port: 5000,
        ..Default::default()
    };
    let s = r.cpl(CplOpcode::PassOpenRpl, stid, &rpl.to_bytes());
    assert_eq!(s, vec![Sent::Rsp(0, vec![bad, stid])]);
    assert_eq!(
        r.fw.tcp().listener(stid as u16),
        Some((ListenState::Free, 0))
    );
    assert_eq!(r.fw.tcp().counters().bad_status, 1);
    // CLOSE_LISTSRV_RPL: the listener is gone all the same
    let stid = r.listening(5000, 4);
    r.request(FwOpcode::TcpUnlisten, &[stid]);
    let rpl = CplCloseListsrvRpl {
        status: UNKNOWN,
        dropped: 0,
        ..Default::default()
    };
    let s = r.cpl(CplOpcode::CloseListsrvRpl, stid, &rpl.to_bytes());
    assert_eq!(s, vec![Sent::Rsp(0, vec![bad, 0])]);
    assert_eq!(
        r.fw.tcp().listener(stid as u16),
        Some((ListenState::Free, 0))
    );
    // SET_TCB_RPL: the value read comes with it
    let ep = r.established(0x60);
    let field = u32::from(u8::from(TcbField::Mss));
    let s = r.request(FwOpcode::TcpTcb, &[u32::from(ep), field, 0, 0, 0, 0]);
    let req = match &s[..] {
        [Sent::Cpl(CplOpcode::SetTcbField, 0x60, body)] => {
            CplSetTcbField::from_bytes(body.as_slice().try_into().expect("24"))
        }
        other => panic!("{other:?}"),
    };
    let rpl = CplSetTcbRpl {
        status: UNKNOWN,
        field: field as u8,
        cookie: req.cookie,
        value: 1460,
        ..Default::default()
    };
    let s = r.cpl(CplOpcode::SetTcbRpl, 0x60, &rpl.to_bytes());
    assert_eq!(s, vec![Sent::Rsp(0, vec![bad, 1460, 0])]);
    assert_eq!(r.fw.tcp().counters().bad_status, 3);
}

#[test]
fn a_listen_the_engine_never_answers_times_out_and_is_closed_later() {
    let mut r = Rig::new();
    let s = r.request(FwOpcode::TcpListen, &[5000 | (4 << 16), 0]);
    let stid = match &s[..] {
        [Sent::Cpl(CplOpcode::PassOpenReq, stid, _)] => *stid,
        other => panic!("{other:?}"),
    };
    // frames and CPL messages still flow meanwhile
    let s = r.cpl(CplOpcode::AbortRpl, 3, &RPL8);
    assert!(s.is_empty());
    let s = r.wait(DEFER_TIMEOUT_US + 1_000, 10_000);
    let timeout = u32::from(u8::from(CplStatus::Timeout));
    assert_eq!(s, vec![Sent::Rsp(0, vec![timeout, stid])]);
    assert_eq!(r.fw.tcp().counters().deferred_timeouts, 1);
    // a late success is closed at once
    let s = r.cpl(
        CplOpcode::PassOpenRpl,
        stid,
        &pass_open_rpl(CplStatus::Success, 5000),
    );
    assert_eq!(s, vec![Sent::Cpl(CplOpcode::CloseListsrvReq, stid, vec![])]);
    let s = r.cpl(
        CplOpcode::CloseListsrvRpl,
        stid,
        &CplCloseListsrvRpl::default().to_bytes(),
    );
    assert!(s.is_empty());
    assert_eq!(
        r.fw.tcp().listener(stid as u16),
        Some((ListenState::Free, 0))
    );
}

#[test]
fn unlisten_keeps_or_frees_embryonic_connections_as_the_engine_says() {
    for dropped in [0u32, 1] {
        let mut r = Rig::new();
        let stid = r.listening(5000, 4);
        let rpl = r.syn(stid, 4, 1001, 0);
        r.request(FwOpcode::TcpUnlisten, &[stid]);
        let body = CplCloseListsrvRpl {
            dropped,
            ..Default::default()
        }
        .to_bytes();
        let s = r.cpl(CplOpcode::CloseListsrvRpl, stid, &body);
        assert_eq!(s, vec![Sent::Rsp(0, vec![0, dropped])]);
        if dropped == 0 {
            // left to complete: it becomes an ACCEPTED connection
            assert!(r
                .cpl(CplOpcode::PassEstablish, 4, &pass_establish(stid, rpl.iss))
                .is_empty());
            assert_eq!(r.event().0, TcpEvent::Accepted);
        } else {
            assert_eq!(r.fw.tcp().endpoints_in_use(), 0);
            assert!(r
                .cpl(CplOpcode::PassEstablish, 4, &pass_establish(stid, rpl.iss))
                .is_empty());
            assert_eq!(r.fw.tcp().counters().late, 1);
            r.no_event();
        }
    }
}

// ---- teardown ----

#[test]
fn active_close_ends_at_time_wait() {
    let mut r = Rig::new();
    let ep = r.established(0x10);
    let s = r.request(FwOpcode::TcpClose, &[u32::from(ep)]);
    assert_eq!(
        s,
        vec![
            Sent::Rsp(0, vec![0]),
            Sent::Cpl(CplOpcode::CloseConReq, 0x10, vec![])
        ]
    );
    assert!(r
        .cpl(CplOpcode::CloseConRpl, 0x10, &close_rpl(TcpState::FinWait2))
        .is_empty());
    assert_eq!(r.fw.tcp().endpoint_state(ep), Some(EpState::Closing));
    assert!(r
        .cpl(CplOpcode::PeerClose, 0x10, &peer_close(TcpState::TimeWait))
        .is_empty());
    assert_eq!(r.event().0, TcpEvent::PeerClosed);
    assert_eq!(r.event().0, TcpEvent::Closed);
    r.no_event();
    assert_eq!(r.fw.tcp().endpoint_state(ep), None);
    // a closing twice is refused; the id is stale now
    let w = r.ok(FwOpcode::TcpClose, &[u32::from(ep)]);
    assert_eq!(w, vec![u32::from(u8::from(CplStatus::BadId))]);
}

#[test]
fn simultaneous_close_waits_for_the_reply_to_our_fin() {
    let mut r = Rig::new();
    let ep = r.established(0x11);
    r.request(FwOpcode::TcpClose, &[u32::from(ep)]);
    // the peer's FIN crossed ours: TIME_WAIT reported first by PEER_CLOSE
    assert!(r
        .cpl(CplOpcode::PeerClose, 0x11, &peer_close(TcpState::TimeWait))
        .is_empty());
    assert_eq!(r.fw.tcp().endpoint_state(ep), Some(EpState::Closing));
    assert!(r
        .cpl(CplOpcode::CloseConRpl, 0x11, &close_rpl(TcpState::TimeWait))
        .is_empty());
    assert_eq!(r.event().0, TcpEvent::PeerClosed);
    let (kind, _, id, _) = r.event();
    assert_eq!((kind, id), (TcpEvent::Closed, ep));
    assert_eq!(r.fw.tcp().counters().late, 0);
}

#[test]
fn passive_close_after_the_peers_fin() {
    let mut r = Rig::new();
    let stid = r.listening(5000, 4);
    let ep = r.accepted(stid, 0x20, 999);
    assert!(r
        .cpl(CplOpcode::PeerClose, 0x20, &peer_close(TcpState::CloseWait))
        .is_empty());
    assert_eq!(r.event().0, TcpEvent::PeerClosed);
    let s = r.request(FwOpcode::TcpClose, &[u32::from(ep)]);
    assert_eq!(s[1], Sent::Cpl(CplOpcode::CloseConReq, 0x20, vec![]));
    assert!(r
        .cpl(CplOpcode::CloseConRpl, 0x20, &close_rpl(TcpState::Closed))
        .is_empty());
    assert_eq!(r.event().0, TcpEvent::Closed);
    // a message for the freed tid is late, not an error
    assert!(r
        .cpl(CplOpcode::CloseConRpl, 0x20, &close_rpl(TcpState::Closed))
        .is_empty());
    assert_eq!(r.fw.tcp().counters().late, 1);
    assert_eq!(r.fw.tcp().counters().bad_state, 0);
}

// ---- aborts ----

#[test]
fn engine_abort_gives_reset_or_timed_out() {
    let mut r = Rig::new();
    for (tid, status, event) in [
        (0x30, CplStatus::ConnReset, TcpEvent::Reset),
        (0x31, CplStatus::Timeout, TcpEvent::TimedOut),
        (0x32, CplStatus::KeepaliveTimeout, TcpEvent::TimedOut),
    ] {
        let ep = r.established(tid);
        let s = r.cpl(CplOpcode::AbortReq, tid, &abort_req(status));
        assert_eq!(s, vec![Sent::Cpl(CplOpcode::AbortRpl, tid, RPL8.to_vec())]);
        let (kind, cause, id, _) = r.event();
        assert_eq!((kind, cause, id), (event, u8::from(status), ep));
    }
    assert_eq!(r.fw.tcp().endpoints_in_use(), 0);
}

#[test]
fn host_abort_and_crossing_aborts() {
    let mut r = Rig::new();
    // plain
    let ep = r.established(0x40);
    let s = r.request(FwOpcode::TcpAbort, &[u32::from(ep)]);
    match &s[..] {
        [Sent::Rsp(0, w), Sent::Cpl(CplOpcode::AbortReq, 0x40, _)] => assert_eq!(w, &[0]),
        other => panic!("{other:?}"),
    }
    let w = r.ok(FwOpcode::TcpAbort, &[u32::from(ep)]);
    assert_eq!(w, vec![u32::from(u8::from(CplStatus::BadState))]);
    assert!(r.cpl(CplOpcode::AbortRpl, 0x40, &RPL8).is_empty());
    assert_eq!(r.event().0, TcpEvent::Aborted);
    // crossing: the engine's ABORT_REQ arrives before its ABORT_RPL
    let ep = r.established(0x41);
    r.request(FwOpcode::TcpAbort, &[u32::from(ep)]);
    let s = r.cpl(CplOpcode::AbortReq, 0x41, &abort_req(CplStatus::ConnReset));
    assert_eq!(s, vec![Sent::Cpl(CplOpcode::AbortRpl, 0x41, RPL8.to_vec())]);
    r.no_event();
    // messages crossing the abort are dropped
    assert!(r
        .cpl(CplOpcode::PeerClose, 0x41, &peer_close(TcpState::CloseWait))
        .is_empty());
    assert!(r.cpl(CplOpcode::AbortRpl, 0x41, &RPL8).is_empty());
    let (kind, _, id, _) = r.event();
    assert_eq!((kind, id), (TcpEvent::Aborted, ep));
    r.no_event();
    assert_eq!(r.fw.tcp().endpoints_in_use(), 0);
}

#[test]
fn abort_during_an_open() {
    let mut r = Rig::new();
    // while resolving: at once
    let s = r.request(
        FwOpcode::TcpConnect,
        &[u32::from(Ipv4Addr::new(10, 0, 0, 9)), 80, 0, 0],
    );
    let ep = match &s[0] {
        Sent::Rsp(0, w) => w[1] as u16,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        r.cmd(FwOpcode::TcpAbort, &[u32::from(ep)]),
        Sent::Rsp(0, vec![0])
    );
    assert_eq!(r.event().0, TcpEvent::Aborted);
    // after ACT_OPEN_REQ: the connection is reset when it opens
    let (ep, _, req) = r.connect_known();
    assert_eq!(
        r.cmd(FwOpcode::TcpClose, &[u32::from(ep)]),
        Sent::Rsp(0, vec![0])
    );
    let s = r.cpl(
        CplOpcode::ActEstablish,
        0x50,
        &establish(u32::from(ep), req.iss),
    );
    assert!(matches!(&s[..], [Sent::Cpl(CplOpcode::AbortReq, 0x50, _)]));
    assert!(r.cpl(CplOpcode::AbortRpl, 0x50, &RPL8).is_empty());
    let (kind, _, id, _) = r.event();
    assert_eq!((kind, id), (TcpEvent::Aborted, ep));
    r.no_event();
    // or answered by ACT_OPEN_RPL
    let (ep, _, _) = r.connect_known();
    r.cmd(FwOpcode::TcpAbort, &[u32::from(ep)]);
    r.cpl(
        CplOpcode::ActOpenRpl,
        u32::from(ep),
        &act_open_rpl(CplStatus::ConnRefused),
    );
    assert_eq!(r.event().0, TcpEvent::Aborted);
    assert_eq!(r.fw.tcp().endpoints_in_use(), 0);
}

// ---- TCB ----

#[test]
fn tcb_field_access_is_deferred_until_the_reply() {
    let mut r = Rig::new();
    let ep = r.established(0x60);
    let field = u32::from(u8::from(TcbField::Mss));
    let s = r.request(
        FwOpcode::TcpTcb,
        &[u32::from(ep), field, 1400, 0, 0xffff, 0],
    );
    let req = match &s[..] {
        [Sent::Cpl(CplOpcode::SetTcbField, 0x60, body)] => {
            CplSetTcbField::from_bytes(body.as_slice().try_into().expect("24"))
        }
        other => panic!("{other:?}"),
    };
    assert_eq!(
        (req.field, req.value, req.mask),
        (field as u8, 1400, 0xffff)
    );
    // a reply with another cookie is not it
    let mut rpl = CplSetTcbRpl {
        field: field as u8,
        cookie: req.cookie.wrapping_add(1),
        value: 1400,
        ..Default::default()
    };
    assert!(r
        .cpl(CplOpcode::SetTcbRpl, 0x60, &rpl.to_bytes())
        .is_empty());
    rpl.cookie = req.cookie;
    rpl.value = 0x1_0000_0578;
    let s = r.cpl(CplOpcode::SetTcbRpl, 0x60, &rpl.to_bytes());
    assert_eq!(s, vec![Sent::Rsp(0, vec![0, 0x578, 1])]);
    // no tid yet, bad field, stale id
    let (ep2, _, _) = r.connect_known();
    let w = r.ok(FwOpcode::TcpTcb, &[u32::from(ep2), field, 0, 0, 0, 0]);
    assert_eq!(w, vec![u32::from(u8::from(CplStatus::BadState))]);
    assert_eq!(
        r.cmd(FwOpcode::TcpTcb, &[u32::from(ep), 0x99, 0, 0, 0, 0]),
        Sent::Rsp(FwStatus::BadArgument as u8, vec![])
    );
    // an abort while the request waits answers it
    r.request(FwOpcode::TcpTcb, &[u32::from(ep), field, 0, 0, 0, 0]);
    let s = r.cpl(CplOpcode::AbortReq, 0x60, &abort_req(CplStatus::ConnReset));
    assert!(s.contains(&Sent::Rsp(0, vec![u32::from(u8::from(CplStatus::Aborted))])));
}

// ---- configuration ----

#[test]
fn tcp_config_writes_the_engine_registers() {
    let mut r = Rig::new();
    let w = r.ok(
        FwOpcode::TcpConfig,
        &[1_000_000, 200_000, 60_000_000, 0x0f06, 60_000_000],
    );
    assert!(w.is_empty());
    assert_eq!(r.core.regs[&REG_TCP_RTO_INIT], 1_000_000);
    assert_eq!(r.core.regs[&REG_TCP_RTO_MIN], 200_000);
    assert_eq!(r.core.regs[&REG_TCP_RTO_MAX], 60_000_000);
    assert_eq!(r.core.regs[&REG_TCP_RETRIES], 0x0f06);
    assert_eq!(r.core.regs[&REG_TCP_TIME_WAIT], 60_000_000);
    assert_eq!(
        r.ok(FwOpcode::TcpConfig, &[]),
        vec![1_000_000, 200_000, 60_000_000, 0x0f06, 60_000_000]
    );
    // with a secret: the ISNs change
    let (_, _, a) = r.connect_known();
    r.ok(
        FwOpcode::TcpConfig,
        &[
            1_000_000, 200_000, 60_000_000, 0x0f06, 60_000_000, 1, 2, 3, 4,
        ],
    );
    let (_, _, b) = r.connect_known();
    assert_ne!(a.iss.wrapping_sub(b.iss) & 0xff00_0000, 0);
    for bad in [
        [0, 200_000, 60_000_000, 0x0f06, 1],
        [1_000_000, 0, 60_000_000, 0x0f06, 1],
        [1_000_000, 200_000, 100_000, 0x0f06, 1],
        [100, 200_000, 60_000_000, 0x0f06, 1],
        [1_000_000, 200_000, 60_000_000, 0x0f00, 1],
        [1_000_000, 200_000, 60_000_000, 0x1_0f06, 1],
        [1_000_000, 200_000, 60_000_000, 0x0f06, 0],
    ] {
        assert_eq!(
            r.cmd(FwOpcode::TcpConfig, &bad),
            Sent::Rsp(FwStatus::BadArgument as u8, vec![])
        );
    }
    assert_eq!(r.core.regs[&REG_TCP_RTO_MIN], 200_000);
    assert_eq!(
        r.cmd(FwOpcode::TcpConfig, &[1, 2, 3]),
        Sent::Rsp(FwStatus::BadLength as u8, vec![])
    );
}

#[test]
fn bad_mailbox_requests() {
    let mut r = Rig::new();
    let len = FwStatus::BadLength as u8;
    let arg = FwStatus::BadArgument as u8;
    for (op, args) in [
        (FwOpcode::TcpListen, vec![1]),
        (FwOpcode::TcpUnlisten, vec![]),
        (FwOpcode::TcpClose, vec![1, 2]),
        (FwOpcode::TcpAbort, vec![]),
        (FwOpcode::TcpEvent, vec![0]),
        (FwOpcode::TcpTcb, vec![1, 2, 3]),
    ] {
        assert_eq!(r.cmd(op, &args), Sent::Rsp(len, vec![]), "{op:?}");
    }
    // an id above 16 bits or beyond the table
    assert_eq!(
        r.cmd(FwOpcode::TcpClose, &[0x1_0000]),
        Sent::Rsp(arg, vec![])
    );
    assert_eq!(r.cmd(FwOpcode::TcpAbort, &[2047]), Sent::Rsp(arg, vec![]));
    // an unused slot
    let bad_id = vec![u32::from(u8::from(CplStatus::BadId))];
    assert_eq!(r.ok(FwOpcode::TcpClose, &[5]), bad_id);
    // an older generation of a slot in use
    let (ep, _, _) = r.connect_known();
    let stale = ep.wrapping_add(1 << 11);
    assert_eq!(r.ok(FwOpcode::TcpClose, &[u32::from(stale)]), bad_id);
}

// ---- malformed input from the core ----

#[test]
fn malformed_cpl_is_counted_and_refusals_are_answered() {
    let mut r = Rig::new();
    let before = *r.fw.tcp().counters();
    // unknown opcode; CP→HW opcode
    assert!(r.cpl(CplOpcode::TxData, 1, &RPL8).is_empty());
    r.push(&cpl_words(0x7f, 1, &RPL8));
    assert!(r.run().is_empty());
    // port header len disagreeing with the words
    let mut w = cpl_words(CplOpcode::AbortRpl.into(), 1, &RPL8);
    w[0] = hdr(FwOpcode::Cpl.into(), 0, 9);
    r.push(&w);
    assert!(r.run().is_empty());
    // too short for a CPL header
    r.push(&[hdr(FwOpcode::Cpl.into(), 0, 2), 0x0008_001c]);
    assert!(r.run().is_empty());
    // CPL len disagreeing with the port length
    let mut w = cpl_words(CplOpcode::AbortRpl.into(), 1, &RPL8);
    w[1] = 0x0018_001c;
    r.push(&w);
    assert!(r.run().is_empty());
    // an opcode's body of the wrong size
    assert!(r.cpl(CplOpcode::PeerClose, 1, &[0; 16]).is_empty());
    // a SYN that cannot be read is refused, so the engine frees the tid
    let s = r.cpl(CplOpcode::PassAcceptReq, 12, &[0; 8]);
    match &s[..] {
        [Sent::Cpl(CplOpcode::PassAcceptRpl, 12, b)] => {
            assert_eq!(b[0], u8::from(CplStatus::BadLength))
        }
        other => panic!("{other:?}"),
    }
    // a SYN for no listener, or with a tid out of range
    let s = r.cpl(CplOpcode::PassAcceptReq, 13, &accept_req(3, 1, 0));
    assert!(
        matches!(&s[..], [Sent::Cpl(CplOpcode::PassAcceptRpl, 13, b)] if b[0] == u8::from(CplStatus::BadId))
    );
    let s = r.cpl(CplOpcode::PassAcceptReq, 5000, &accept_req(3, 1, 0));
    assert!(matches!(
        &s[..],
        [Sent::Cpl(CplOpcode::PassAcceptRpl, 5000, _)]
    ));
    // an abort for a tid nobody holds is answered
    let s = r.cpl(CplOpcode::AbortReq, 0x999, &abort_req(CplStatus::ConnReset));
    assert!(matches!(&s[..], [Sent::Cpl(CplOpcode::AbortRpl, 0x999, _)]));
    // an establish nobody asked for is reset
    let s = r.cpl(CplOpcode::ActEstablish, 0x77, &establish(1234, 0));
    assert!(matches!(&s[..], [Sent::Cpl(CplOpcode::AbortReq, 0x77, _)]));
    // RX_DATA: dropped and counted, its payload length checked
    let mut rx = vec![0u8; 16 + 8];
    rx[0] = 5;
    assert!(r.cpl(CplOpcode::RxData, 1, &rx).is_empty());
    rx[0] = 9;
    assert!(r.cpl(CplOpcode::RxData, 1, &rx).is_empty());
    let c = *r.fw.tcp().counters();
    assert_eq!(c.rx_data_dropped, before.rx_data_dropped + 1);
    assert_eq!(c.bad_opcode, before.bad_opcode + 2);
    assert_eq!(c.bad_framing, before.bad_framing + 1);
    assert_eq!(c.bad_length, before.bad_length + 3);
    assert_eq!(r.fw.counters().cpl_bad, 2);
    r.no_event();
}

#[test]
fn long_cpl_messages_are_drained() {
    let mut r = Rig::new();
    let mut rx = vec![0u8; 16 + 960];
    rx[..4].copy_from_slice(&960u32.to_le_bytes());
    let w = cpl_words(CplOpcode::RxData.into(), 1, &rx);
    assert_eq!(w.len(), 1 + 246);
    r.push(&w);
    assert!(r.run().is_empty());
    assert_eq!(r.fw.tcp().counters().rx_data_dropped, 1);
    assert_eq!(r.fw.counters().cpl_bad, 0);
    // still in step
    r.no_event();
}

#[test]
fn a_reused_tid_ends_the_endpoint_that_missed_its_end() {
    let mut r = Rig::new();
    let ep = r.established(0x70);
    let stid = r.listening(5000, 4);
    let rpl = r.syn(stid, 0x70, 1234, 0);
    assert_eq!(rpl.status, u8::from(CplStatus::Success));
    let (kind, cause, id, _) = r.event();
    assert_eq!(
        (kind, cause, id),
        (TcpEvent::Reset, u8::from(CplStatus::BadState), ep)
    );
    assert_eq!(r.fw.tcp().counters().stale_tids, 1);
}

// ---- arbitrary input ----

/// One step of the arbitrary-input test.
#[derive(Clone, Debug)]
enum Op {
    Mailbox(u8, Vec<u32>),
    Cpl(u8, u32, Vec<u8>),
    Wait(u64),
}

fn op() -> impl Strategy<Value = Op> {
    use proptest::collection::vec;
    let id = prop_oneof![0u32..4, 0u32..1100, any::<u32>()];
    let small = prop_oneof![0u32..8, 0u32..0x2000, any::<u32>()];
    let mailbox = (0x10u8..=0x17, vec(small, 0..7)).prop_map(|(o, a)| Op::Mailbox(o, a));
    let body = prop_oneof![
        vec(0u8..4, 0..48).prop_map(|mut b| {
            b.truncate(b.len() / 8 * 8);
            b
        }),
        vec(any::<u8>(), 0..48),
    ];
    let opcode = prop_oneof![
        proptest::sample::select(
            CplOpcode::ALL
                .iter()
                .map(|&o| u8::from(o))
                .collect::<Vec<_>>()
        ),
        any::<u8>()
    ];
    let cpl = (opcode, id, body).prop_map(|(o, i, b)| Op::Cpl(o, i, b));
    prop_oneof![4 => mailbox, 6 => cpl, 1 => (0u64..200_000).prop_map(Op::Wait)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Random mailbox commands and CPL messages never panic, keep the
    /// tables consistent, and every mailbox request gets exactly one
    /// answer (a deferred one at the latest after its timeout).
    #[test]
    fn arbitrary_input_keeps_the_tables_consistent(ops in proptest::collection::vec(op(), 1..60)) {
        let mut r = Rig::new();
        let (_, _, _) = r.connect_known();
        r.listening(5000, 2);
        let mut requests = 0usize;
        let mut answers = 0usize;
        for op in ops {
            let sent = match op {
                Op::Mailbox(o, args) => {
                    requests += 1;
                    let o = FwOpcode::try_from(o).expect("tcp opcode");
                    let mut s = r.request(o, &args);
                    if r.fw.tcp().is_deferred() {
                        s.extend(r.wait(DEFER_TIMEOUT_US + 1000, 20_000));
                    }
                    s
                }
                Op::Cpl(o, id, body) => {
                    r.push(&cpl_words(o, id, &body));
                    r.run()
                }
                Op::Wait(us) => r.wait(us, 50_000),
            };
            answers += sent.iter().filter(|s| matches!(s, Sent::Rsp(..))).count();
            prop_assert_eq!(r.fw.tcp().check_invariants(), Ok(()));
            prop_assert_eq!(r.fw.tcp().counters().internal, 0);
            prop_assert!(!r.fw.tcp().is_deferred());
        }
        prop_assert_eq!(requests, answers);
        // drain the events: each endpoint ends up free or live
        for _ in 0..3000 {
            if r.ok(FwOpcode::TcpEvent, &[]) == vec![0] {
                break;
            }
        }
        prop_assert_eq!(r.fw.tcp().check_invariants(), Ok(()));
    }
}
