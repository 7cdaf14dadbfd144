//! The software iWARP endpoint (`warpnic_tests::soft_iwarp`) on both ends
//! of an offloaded TCP connection between two simulated NICs. The NICs'
//! hosts negotiate MPA v2 over their `TcpStream`s with `MpaSetup` (CRC
//! required by the initiator, markers by the responder, so A's stream to B
//! carries markers and B's to A does not); the connection stays in
//! streaming mode, and the endpoints frame in software over the streams
//! from the offsets where the MPA frames end. A sends RDMA Writes, Sends
//! and RDMA Read Requests of random sizes (0 to 256 KiB, seeded); B
//! decodes and reassembles them byte-exact and answers each Read Request
//! with its Read Response, which A checks in turn.

use std::collections::VecDeque;
use std::time::Instant;

use warpnic::mpa::{
    AcceptParams, ConnectParams, CrcPolicy, MarkerPolicy, MpaConfig, RdmaParams, Revision, RtrSet,
};
use warpnic::verbs::mulpdu_for_mss;
use warpnic::{MpaEvent, MpaSetup, Nic, TcpStream};
use warpnic_abi::gen::RdmapOpcode;
use warpnic_abi::wire::RdmaReadReqRepr;
use warpnic_sim::rng::Rng;
use warpnic_tests::soft_iwarp::{Config, Message, Reassembler, SoftIwarp};
use warpnic_tests::{pair, tcp_streams};

/// The MSS of the simulated link.
const MSS: u16 = 1460;
/// Messages A sends.
const MESSAGES: usize = 200;
/// The largest message.
const MAX_LEN: u64 = 256 * 1024;

/// An MPA v2 configuration with a 2 ms timer of device time.
fn mpa_config(crc: CrcPolicy, markers: MarkerPolicy) -> MpaConfig {
    MpaConfig {
        revision: Revision::V2,
        crc,
        markers,
        rtr: RtrSet::ALL,
        timeout: 2_000_000,
    }
}

/// Polls `setup` until it reports an event, running the simulation; at
/// most 5 ms of device time.
fn wait(nic: &Nic, st: &mut TcpStream, setup: &mut MpaSetup) -> MpaEvent {
    let dev = st.device().clone();
    let end = dev.now_ns() + 5_000_000;
    loop {
        if let Some(e) = setup.poll(nic, st).expect("poll") {
            return e;
        }
        assert!(dev.now_ns() < end, "no MPA event within 5 ms");
        dev.relax();
    }
}

fn established(e: MpaEvent) -> RdmaParams {
    match e {
        MpaEvent::Established { params, .. } => params,
        e => panic!("not established: {e:?}"),
    }
}

/// The bytes of a Read Response: a function of the request.
fn source_bytes(rr: &RdmaReadReqRepr) -> Vec<u8> {
    let mut d = vec![0u8; rr.read_size as usize];
    Rng::new(u64::from(rr.src_stag) ^ rr.src_to).fill_bytes(&mut d);
    d
}

/// One direction's receive side: the endpoint's decoder, the reassembly
/// and the messages still expected, in order.
struct Inbox {
    name: &'static str,
    expect: VecDeque<Message>,
    asm: Reassembler,
    got: usize,
    bytes: u64,
}

impl Inbox {
    fn new(name: &'static str) -> Inbox {
        Inbox {
            name,
            expect: VecDeque::new(),
            asm: Reassembler::new(),
            got: 0,
            bytes: 0,
        }
    }

    /// Reads what `st` has, decodes it with `ep`; returns the messages,
    /// each checked against the next one expected.
    fn take(&mut self, st: &mut TcpStream, ep: &mut SoftIwarp, buf: &mut [u8]) -> Vec<Message> {
        let n = st.read(buf).expect("read");
        let mut out = Vec::new();
        for seg in ep.receive(&buf[..n]) {
            let seg = seg.unwrap_or_else(|e| panic!("{}: {e}", self.name));
            assert!(seg.crc_checked, "{}: CRC on", self.name);
            if let Some(m) = self.asm.push(seg).expect("in order") {
                let want = self
                    .expect
                    .pop_front()
                    .unwrap_or_else(|| panic!("{}: unexpected {:?}", self.name, m.opcode()));
                assert!(
                    m == want,
                    "{}: message {} differs: got {:?} of {} bytes, expected {:?} of {}",
                    self.name,
                    self.got,
                    m.opcode(),
                    m.data().len(),
                    want.opcode(),
                    want.data().len()
                );
                self.got += 1;
                self.bytes += m.data().len() as u64;
                out.push(m);
            }
        }
        out
    }
}

/// Bytes to write to a stream, written as room allows.
#[derive(Default)]
struct Outbox {
    bytes: Vec<u8>,
    at: usize,
}

impl Outbox {
    fn is_empty(&self) -> bool {
        self.at == self.bytes.len()
    }

    fn push(&mut self, b: &[u8]) {
        if self.is_empty() {
            self.bytes.clear();
            self.at = 0;
        }
        self.bytes.extend_from_slice(b);
    }

    /// Writes what fits; true when something was written.
    fn flush(&mut self, st: &mut TcpStream) -> bool {
        let n = st.write(&self.bytes[self.at..]).expect("write");
        self.at += n;
        n > 0
    }
}

#[test]
fn soft_iwarp_messages_cross_offloaded_streams_byte_exact() {
    let wall = Instant::now();
    let p = pair();
    let ((_, mut sa), (_, mut sb)) = tcp_streams(&p, 20);

    // MPA v2: A requires CRC, B requires markers in what it receives
    let mut a_setup = MpaSetup::connect(
        &p.a,
        &mut sa,
        mpa_config(CrcPolicy::Required, MarkerPolicy::Allowed),
        ConnectParams {
            private_data: b"soft iWARP",
            ird: 8,
            ord: 8,
            p2p: false,
        },
    )
    .expect("A's request");
    let mut b_setup = MpaSetup::listen(
        &p.b,
        &mut sb,
        mpa_config(CrcPolicy::Allowed, MarkerPolicy::Required),
    )
    .expect("B waits");
    let req = wait(&p.b, &mut sb, &mut b_setup);
    assert!(
        matches!(req, MpaEvent::ConnectRequest { crc: true, .. }),
        "{req:?}"
    );
    let pb = established(
        b_setup
            .accept(
                &p.b,
                &mut sb,
                AcceptParams {
                    private_data: &[],
                    ird: 8,
                    ord: 8,
                },
            )
            .expect("B accepts"),
    );
    let pa = established(wait(&p.a, &mut sa, &mut a_setup));
    assert!(pa.crc && pb.crc);
    assert_eq!((pa.markers_tx, pa.markers_rx), (true, false));
    assert_eq!((pb.markers_tx, pb.markers_rx), (false, true));

    // FPDU mode from the end of each side's MPA frame
    let (a_start, b_start) = (u64::from(sa.written()), u64::from(sb.written()));
    let mulpdu = usize::from(mulpdu_for_mss(MSS, true));
    let mut ea = SoftIwarp::new(Config {
        tx_start: a_start,
        rx_start: b_start,
        ..Config::negotiated(&pa, mulpdu)
    })
    .expect("A's endpoint");
    let mut eb = SoftIwarp::new(Config {
        tx_start: b_start,
        rx_start: a_start,
        ..Config::negotiated(&pb, mulpdu)
    })
    .expect("B's endpoint");

    let mut rng = Rng::new(0x50f7_1aa9);
    let (mut out_a, mut out_b) = (Outbox::default(), Outbox::default());
    let (mut at_b, mut at_a) = (Inbox::new("B"), Inbox::new("A"));
    let mut buf = vec![0u8; 1 << 16];
    let mut sent = 0;
    let mut reads = 0;
    let dev = sa.device().clone();
    let t0 = dev.now_ns();
    let mut idle = 0u32;
    while sent < MESSAGES
        || !out_a.is_empty()
        || !out_b.is_empty()
        || !at_b.expect.is_empty()
        || !at_a.expect.is_empty()
    {
        // A: the next message once the previous one is in the stream
        if sent < MESSAGES && out_a.is_empty() {
            // a quarter of them short (one FPDU or a few)
            let len = if rng.chance(0.25) {
                rng.below(3000)
            } else {
                rng.below(MAX_LEN + 1)
            } as usize;
            let (bytes, m) = match rng.below(3) {
                0 => {
                    let mut d = vec![0u8; len];
                    rng.fill_bytes(&mut d);
                    let (stag, to) = (rng.next_u64() as u32, rng.next_u64());
                    let b = ea.write(stag, to, &d).expect("write");
                    let m = Message::Tagged {
                        opcode: RdmapOpcode::RdmaWrite,
                        stag,
                        to,
                        data: d,
                    };
                    (b, m)
                }
                1 => {
                    let mut d = vec![0u8; len];
                    rng.fill_bytes(&mut d);
                    let se = rng.chance(0.5);
                    let msn = ea.next_msn(warpnic_abi::gen::DdpQueue::Send);
                    let b = ea.send(&d, se).expect("send");
                    let m = Message::Untagged {
                        opcode: if se {
                            RdmapOpcode::SendSe
                        } else {
                            RdmapOpcode::Send
                        },
                        qn: 0,
                        msn,
                        inv_stag: 0,
                        data: d,
                    };
                    (b, m)
                }
                _ => {
                    let rr = RdmaReadReqRepr {
                        sink_stag: rng.next_u64() as u32,
                        sink_to: rng.next_u64(),
                        read_size: len as u32,
                        src_stag: rng.next_u64() as u32,
                        src_to: rng.next_u64(),
                    };
                    let msn = ea.next_msn(warpnic_abi::gen::DdpQueue::RdmaReadRequest);
                    let b = ea.read_req(&rr).expect("read request");
                    let mut p = vec![0u8; RdmaReadReqRepr::LEN];
                    rr.emit(&mut p).expect("emit");
                    at_a.expect.push_back(Message::Tagged {
                        opcode: RdmapOpcode::RdmaReadResponse,
                        stag: rr.sink_stag,
                        to: rr.sink_to,
                        data: source_bytes(&rr),
                    });
                    let m = Message::Untagged {
                        opcode: RdmapOpcode::RdmaReadRequest,
                        qn: 1,
                        msn,
                        inv_stag: 0,
                        data: p,
                    };
                    reads += 1;
                    (b, m)
                }
            };
            out_a.push(&bytes);
            at_b.expect.push_back(m);
            sent += 1;
        }
        let mut moved = out_a.flush(&mut sa) | out_b.flush(&mut sb);
        // B: decode; answer Read Requests
        for m in at_b.take(&mut sb, &mut eb, &mut buf) {
            moved = true;
            if m.opcode() == RdmapOpcode::RdmaReadRequest {
                let (rr, _) = RdmaReadReqRepr::parse(m.data()).expect("28 bytes");
                let resp = eb
                    .read_resp(rr.sink_stag, rr.sink_to, &source_bytes(&rr))
                    .expect("read response");
                out_b.push(&resp);
            }
        }
        moved |= !at_a.take(&mut sa, &mut ea, &mut buf).is_empty();
        if moved {
            idle = 0;
        } else {
            dev.relax();
            idle += 1;
            assert!(
                idle < 2_000_000,
                "no progress: A sent {sent}, B got {}, A got {}",
                at_b.got,
                at_a.got
            );
        }
    }
    assert_eq!(at_b.got, MESSAGES);
    assert_eq!(at_a.got, reads);
    assert_eq!((ea.rx_pending(), eb.rx_pending()), (0, 0));
    // every byte the endpoints made went into the streams (offsets modulo 2^32)
    assert_eq!(ea.tx_offset() as u32, sa.written());
    assert_eq!(eb.tx_offset() as u32, sb.written());
    let ns = dev.now_ns() - t0;
    println!(
        "{MESSAGES} messages ({} bytes) A to B with markers, {reads} Read Responses ({} bytes) \
         back: {:.3} ms of device time, {:.1} s of wall time in all",
        at_b.bytes,
        at_a.bytes,
        ns as f64 / 1e6,
        wall.elapsed().as_secs_f64()
    );
}
