use super::*;
use warpnic::verbs::mulpdu_for_mss;
use warpnic_abi::gen::TermLayer;
use warpnic_abi::wire::crc32c;
use warpnic_sim::rng::Rng;

// FPDUs of Linux siw (rping, MPA CRC on), from abi/tests/siw_capture.rs:
// frame 12 a Send (MSN 1), 13 an RDMA Read Request, 14 its Read
// Response, 17 an RDMA Write.
const SIW_SEND: &str =
    "0022414300000000000000000000000100000000000055bed457de3043d70b000000006455a4c81b";
const SIW_READ_REQ: &str = "002e414100000000000000010000000100000000613c59000000557c526d77900000006443d70b00000055bed457de30e0cedb1e";
const SIW_READ_RESP: &str = "0072c142613c59000000557c526d779072646d612d70696e672d303a204142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f606162636465666768696a6b6c6d6e6f707172737475767778797a4142434445464748494a4b4c4d4e4f505152535455565758595a5b5c0092b8b665";
const SIW_WRITE: &str = "0072c14010a41900000055bed457b79072646d612d70696e672d303a204142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f606162636465666768696a6b6c6d6e6f707172737475767778797a4142434445464748494a4b4c4d4e4f505152535455565758595a5b5c0042290761";

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex digit"))
        .collect()
}

fn endpoint(cfg: Config) -> SoftIwarp {
    SoftIwarp::new(cfg).expect("a usable configuration")
}

fn random(rng: &mut Rng, n: usize) -> Vec<u8> {
    let mut d = vec![0u8; n];
    rng.fill_bytes(&mut d);
    d
}

/// Every segment of a clean stream, or the first error.
fn segments(rx: &mut SoftIwarp, bytes: &[u8]) -> Vec<Segment> {
    rx.receive(bytes)
        .into_iter()
        .collect::<Result<_, _>>()
        .expect("a clean stream")
}

fn messages(segs: &[Segment]) -> Vec<Message> {
    let mut r = Reassembler::new();
    let out = segs
        .iter()
        .filter_map(|s| r.push(s.clone()).expect("segments in order"))
        .collect();
    assert_eq!(r.open(), 0, "a message left unfinished");
    out
}

#[test]
fn siw_capture_fpdus_are_reproduced_byte_exact() {
    let mut s = endpoint(Config::new(
        true,
        false,
        usize::from(mulpdu_for_mss(1460, false)),
    ));
    let resp = hex(SIW_READ_RESP);
    let text = &resp[16..116];
    assert!(text.starts_with(b"rdma-ping-0: ABC"));
    let rr = RdmaReadReqRepr {
        sink_stag: 0x613c_5900,
        sink_to: 0x0000_557c_526d_7790,
        read_size: 100,
        src_stag: 0x43d7_0b00,
        src_to: 0x0000_55be_d457_de30,
    };
    let send_payload = hex("000055bed457de3043d70b0000000064");
    let mut stream = Vec::new();
    for (got, want) in [
        (s.send(&send_payload, false), SIW_SEND),
        (s.read_req(&rr), SIW_READ_REQ),
        (s.read_resp(rr.sink_stag, rr.sink_to, text), SIW_READ_RESP),
        (s.write(0x10a4_1900, 0x0000_55be_d457_b790, text), SIW_WRITE),
    ] {
        let got = got.expect("encode");
        assert_eq!(got, hex(want), "differs from siw's FPDU");
        stream.extend_from_slice(&got);
    }
    // and siw's FPDUs decode to what went in
    let mut rx = endpoint(s.config().peer());
    let m = messages(&segments(&mut rx, &stream));
    assert_eq!(
        m,
        [
            Message::Untagged {
                opcode: RdmapOpcode::Send,
                qn: 0,
                msn: 1,
                inv_stag: 0,
                data: send_payload,
            },
            Message::Untagged {
                opcode: RdmapOpcode::RdmaReadRequest,
                qn: 1,
                msn: 1,
                inv_stag: 0,
                data: hex(SIW_READ_REQ)[20..48].to_vec(),
            },
            Message::Tagged {
                opcode: RdmapOpcode::RdmaReadResponse,
                stag: rr.sink_stag,
                to: rr.sink_to,
                data: text.to_vec(),
            },
            Message::Tagged {
                opcode: RdmapOpcode::RdmaWrite,
                stag: 0x10a4_1900,
                to: 0x0000_55be_d457_b790,
                data: text.to_vec(),
            },
        ]
    );
    assert_eq!(RdmaReadReqRepr::parse(m[1].data()).map(|(r, _)| r), Ok(rr));
}

/// A stream of every RDMAP opcode (the RFC 7306 atomics as hand-built
/// segments: no encoder, the NIC speaks no atomics) and the messages
/// it carries.
fn script(s: &mut SoftIwarp) -> (Vec<u8>, Vec<Message>) {
    let mut rng = Rng::new(0x5157_0001);
    let mut bytes = Vec::new();
    let mut want = Vec::new();
    let mut put = |b: Result<Vec<u8>, SoftIwarpError>, m: Message| {
        bytes.extend_from_slice(&b.expect("encode"));
        want.push(m);
    };
    let tagged = |opcode, stag, to, data: &[u8]| Message::Tagged {
        opcode,
        stag,
        to,
        data: data.to_vec(),
    };
    let untagged = |opcode, qn, msn, inv_stag, data: &[u8]| Message::Untagged {
        opcode,
        qn,
        msn,
        inv_stag,
        data: data.to_vec(),
    };
    use RdmapOpcode as Op;
    // a Write whose TO wraps
    let d = random(&mut rng, 700);
    let to = u64::MAX - 300;
    put(
        s.write(0x0100_0001, to, &d),
        tagged(Op::RdmaWrite, 0x0100_0001, to, &d),
    );
    put(
        s.write(0x0100_0002, 5, &[]),
        tagged(Op::RdmaWrite, 0x0100_0002, 5, &[]),
    );
    let d = random(&mut rng, 333);
    put(s.send(&d, false), untagged(Op::Send, 0, 1, 0, &d));
    put(s.send(&[], true), untagged(Op::SendSe, 0, 2, 0, &[]));
    let d = random(&mut rng, 123);
    put(
        s.send_inv(&d, 0xdead_beef, false),
        untagged(Op::SendInvalidate, 0, 3, 0xdead_beef, &d),
    );
    let d = random(&mut rng, 64);
    put(
        s.send_inv(&d, 0x1234, true),
        untagged(Op::SendSeInvalidate, 0, 4, 0x1234, &d),
    );
    let rr = RdmaReadReqRepr {
        sink_stag: 0x0200_0001,
        sink_to: 0x1000,
        read_size: 517,
        src_stag: 0x0300_0001,
        src_to: 0x2000,
    };
    let mut p = [0u8; 28];
    rr.emit(&mut p).expect("emit");
    put(s.read_req(&rr), untagged(Op::RdmaReadRequest, 1, 1, 0, &p));
    let d = random(&mut rng, 517);
    put(
        s.read_resp(rr.sink_stag, rr.sink_to, &d),
        tagged(Op::RdmaReadResponse, rr.sink_stag, rr.sink_to, &d),
    );
    let imm = 0x0011_2233_4455_6677u64;
    put(
        s.immediate(imm, false),
        untagged(Op::ImmediateData, 0, 5, 0, &imm.to_be_bytes()),
    );
    put(
        s.immediate(!imm, true),
        untagged(Op::ImmediateDataSe, 0, 6, 0, &(!imm).to_be_bytes()),
    );
    // Terminates: a DDP error with the segment's header; an RDMAP error
    // with the Read Request's
    let hdr = ulpdu(
        &DdpRepr::Untagged(DdpUntaggedRepr {
            last: true,
            opcode: Op::Send,
            inv_stag: 0,
            qn: 0,
            msn: 9,
            mo: 0,
        }),
        &[],
    );
    for (msn, t) in [
        (
            1,
            TerminateRepr {
                layer: TermLayer::Ddp,
                etype: 2,
                ecode: 5,
                seg_len_valid: true,
                ddp: Some((1024, &hdr)),
                rdma_hdr: None,
            },
        ),
        (
            2,
            TerminateRepr {
                layer: TermLayer::Rdmap,
                etype: 1,
                ecode: 0,
                seg_len_valid: false,
                ddp: Some((0, &hdr)),
                rdma_hdr: Some(&p),
            },
        ),
    ] {
        let mut b = vec![0u8; t.wire_len()];
        t.emit(&mut b).expect("emit");
        put(s.terminate(&t), untagged(Op::Terminate, 2, msn, 0, &b));
    }
    for (msn, op) in [(1, Op::AtomicRequest), (2, Op::AtomicResponse)] {
        let d = random(&mut rng, 24);
        let hdr = DdpRepr::Untagged(DdpUntaggedRepr {
            last: true,
            opcode: op,
            inv_stag: 0,
            qn: 3,
            msn,
            mo: 0,
        });
        put(s.fpdu(&ulpdu(&hdr, &d)), untagged(op, 3, msn, 0, &d));
    }
    for op in RdmapOpcode::ALL {
        assert!(want.iter().any(|m| m.opcode() == *op), "{op:?} not sent");
    }
    (bytes, want)
}

/// Segmentation as the encoders promise: ULPDUs within the MULPDU, every segment but the last full,
/// TO/MO advancing, L on the last only, MSNs 1, 2, ... per queue.
fn check_segmentation(segs: &[Segment], mulpdu: usize) {
    let mut next_msn: HashMap<u32, u32> = HashMap::new();
    let mut open: Option<(DdpRepr, u64)> = None;
    for s in segs {
        assert!(s.ulpdu_len() <= mulpdu, "{s:?} above MULPDU");
        let (off, len) = match s.hdr {
            DdpRepr::Tagged(t) => (t.tagged_offset, s.payload.len() as u64),
            DdpRepr::Untagged(u) => (u64::from(u.mo), s.payload.len() as u64),
        };
        match (open.take(), s.hdr) {
            (Some((DdpRepr::Tagged(a), next)), DdpRepr::Tagged(b)) => {
                assert_eq!((b.stag, b.opcode), (a.stag, a.opcode));
                assert_eq!(off, next, "TO advances by the payload sent");
            }
            (Some((DdpRepr::Untagged(a), next)), DdpRepr::Untagged(b)) => {
                assert_eq!((b.qn, b.msn, b.opcode), (a.qn, a.msn, a.opcode));
                assert_eq!(off, next, "MO advances by the payload sent");
            }
            (Some(o), _) => panic!("{s:?} interrupts {o:?}"),
            (None, DdpRepr::Untagged(u)) => {
                assert_eq!(u.mo, 0);
                let m = next_msn.entry(u.qn).or_insert(1);
                assert_eq!(u.msn, *m, "MSN of queue {}", u.qn);
                *m += 1;
            }
            (None, DdpRepr::Tagged(_)) => {}
        }
        if !s.hdr.last() {
            assert_eq!(s.ulpdu_len(), mulpdu, "a segment before the last is full");
            open = Some((s.hdr, off.wrapping_add(len)));
        }
    }
    assert!(open.is_none(), "a message without L");
}

#[test]
fn every_opcode_round_trips_at_every_split() {
    for (crc, markers, start) in [
        (true, false, 0),
        (true, true, 0),
        (false, true, 0x1_0000_0204),
        (false, false, 7),
    ] {
        let cfg = Config {
            tx_start: start,
            rx_start: 99,
            ..Config::new(crc, markers, 70)
        };
        let mut tx = endpoint(cfg);
        let (stream, want) = script(&mut tx);
        assert_eq!(tx.tx_offset(), start + stream.len() as u64);
        let mut rx = endpoint(cfg.peer());
        let whole = segments(&mut rx, &stream);
        assert_eq!(rx.rx_pending(), 0);
        assert_eq!(rx.rx_offset(), start + stream.len() as u64);
        assert!(whole.iter().all(|s| s.crc_checked == crc));
        check_segmentation(&whole, 70);
        assert_eq!(messages(&whole), want, "crc {crc} markers {markers}");
        let whole: Vec<_> = whole.into_iter().map(Ok).collect();
        for k in 0..=stream.len() {
            let mut rx = endpoint(cfg.peer());
            let mut got = rx.receive(&stream[..k]);
            got.extend(rx.receive(&stream[k..]));
            assert_eq!(got, whole, "split at {k}, crc {crc} markers {markers}");
        }
        let mut rx = endpoint(cfg.peer());
        let got: Vec<_> = stream.iter().flat_map(|b| rx.receive(&[*b])).collect();
        assert_eq!(got, whole, "a byte at a time");
    }
}

/// Walks a marked stream independently of the decoder (the grid from
/// offset `phase` of `s`): every marker's reserved bytes and FPDUPTR,
/// every FPDU's CRC over its bytes and markers. Returns the markers seen.
fn walk_marked(s: &[u8], phase: usize) -> usize {
    let (mut i, mut marks) = (0, 0);
    // this FPDU: index of its length field, marker-free bytes and the
    // bytes before its CRC field
    let (mut len_at, mut body, mut covered) = (0, Vec::new(), Vec::new());
    while i < s.len() {
        if (i + phase).is_multiple_of(512) {
            let m = &s[i..i + 4];
            let ptr = usize::from(u16::from_be_bytes([m[2], m[3]]));
            assert_eq!(&m[..2], &[0, 0], "marker at {i}: reserved");
            let want = if body.is_empty() { 0 } else { i - len_at };
            assert_eq!(ptr, want, "marker at {i}: FPDUPTR");
            covered.extend_from_slice(m);
            marks += 1;
            i += 4;
            continue;
        }
        if body.is_empty() {
            len_at = i;
        }
        body.push(s[i]);
        i += 1;
        let total = match body[..] {
            [a, b, ..] => MpaFpduRepr::wire_len_for(usize::from(u16::from_be_bytes([a, b]))),
            _ => usize::MAX,
        };
        if body.len() <= total - 4 {
            covered.push(s[i - 1]);
        }
        if body.len() == total {
            let f = &body[total - 4..];
            let sent = u32::from_le_bytes([f[0], f[1], f[2], f[3]]);
            assert_eq!(sent, crc32c(&covered), "FPDU at {len_at}: CRC");
            body.clear();
            covered.clear();
        }
    }
    assert!(body.is_empty(), "the stream ends inside an FPDU");
    marks
}

#[test]
fn markers_sit_every_512_bytes_and_point_at_their_fpdu() {
    for mulpdu in [70, 200, 1442, 8000] {
        let cfg = Config {
            tx_start: 1000,
            ..Config::new(true, true, mulpdu)
        };
        let mut tx = endpoint(cfg);
        let (stream, _) = script(&mut tx);
        let marks = walk_marked(&stream, 0);
        assert_eq!(marks, stream.len().div_ceil(512));
        // the same messages without markers are the stream without them
        let mut plain = endpoint(Config {
            crc: false,
            markers_tx: false,
            ..cfg
        });
        let mut unmarked = endpoint(Config { crc: false, ..cfg });
        let (p, _) = script(&mut plain);
        let (u, _) = script(&mut unmarked);
        let stripped: Vec<u8> = u
            .iter()
            .enumerate()
            .filter(|(i, _)| i % 512 >= 4)
            .map(|(_, b)| *b)
            .collect();
        assert_eq!(stripped, p, "MULPDU {mulpdu}");
    }
    // the grid counts from the first FPDU, whatever came before
    let mut tx = endpoint(Config::new(true, true, 300));
    tx.skip_tx(200);
    let mut s = Vec::new();
    for n in [100, 0, 1000, 5] {
        s.extend_from_slice(&tx.send(&vec![0x5a; n], n == 5).expect("send"));
    }
    assert_eq!(walk_marked(&s, 200), 2, "markers at offsets 512 and 1024");
    // FPDUs at 200 (124 bytes), 324 (24), 348 (308, MULPDU 300): the
    // marker at 512 is 164 bytes into the third
    assert_eq!(&s[312..316], &[0, 0, 0, 164]);
}

#[test]
fn a_bad_crc_is_reported_and_the_stream_goes_on() {
    for (crc, markers) in [(true, false), (true, true), (false, true)] {
        let cfg = Config::new(crc, markers, 100);
        let mut tx = endpoint(cfg);
        let mut s = tx.send(&[1; 150], false).expect("send");
        let at = tx.tx_offset();
        let mut w = tx.write(7, 0, &[2; 40]).expect("write");
        corrupt_crc(&mut w);
        s.extend_from_slice(&w);
        s.extend_from_slice(&tx.immediate(9, false).expect("immediate"));
        let mut rx = endpoint(cfg.peer());
        let got = rx.receive(&s);
        assert_eq!(got.len(), 4, "{got:?}");
        assert!(
            got[0].is_ok() && got[1].is_ok() && got[3].is_ok(),
            "{got:?}"
        );
        if crc {
            match &got[2] {
                Err(SoftIwarpError::BadCrc {
                    at: a,
                    sent,
                    computed,
                    ulpdu,
                }) => {
                    assert_eq!(*a, at);
                    assert_eq!(sent ^ computed, 0xff00_0000);
                    assert_eq!(ulpdu.len(), 14 + 40);
                }
                other => panic!("{other:?}"),
            }
        } else {
            let seg = got[2].as_ref().expect("no CRC, no check");
            assert!(!seg.crc_checked);
            assert_eq!(seg.payload, [2; 40]);
        }
    }
}

#[test]
fn hostile_fpdus_are_errors_not_panics() {
    let cfg = Config::new(true, false, 100);
    let mut tx = endpoint(Config { mulpdu: 200, ..cfg });
    let send = |last| {
        DdpRepr::Untagged(DdpUntaggedRepr {
            last,
            opcode: RdmapOpcode::Send,
            inv_stag: 0,
            qn: 0,
            msn: 1,
            mo: 0,
        })
    };
    let mut s = Vec::new();
    s.extend(tx.fpdu(&[]).expect("empty ULPDU"));
    s.extend(tx.fpdu(&ulpdu(&send(true), &[])[..10]).expect("short"));
    let mut u = ulpdu(&send(true), b"x");
    u[0] = (u[0] & !0x03) | 0x02;
    s.extend(tx.fpdu(&u).expect("DDP version 2"));
    let mut u = ulpdu(&send(true), b"x");
    u[1] = (u[1] & 0x3f) | 0x80;
    s.extend(tx.fpdu(&u).expect("RDMAP version 2"));
    let mut u = ulpdu(&send(true), b"x");
    u[1] |= 0x0f;
    s.extend(tx.fpdu(&u).expect("opcode 15"));
    s.extend(tx.send(b"still in step", false).expect("send"));
    let mut rx = endpoint(cfg.peer());
    let got = rx.receive(&s);
    let errs: Vec<_> = got
        .iter()
        .map(|r| match r {
            Err(SoftIwarpError::BadHeader { err, .. }) => Some(*err),
            _ => None,
        })
        .collect();
    assert_eq!(
        errs,
        [
            Some(WireError::Truncated),
            Some(WireError::Truncated),
            Some(WireError::BadDdpVersion),
            Some(WireError::BadRdmapVersion),
            Some(WireError::UnknownOpcode(0x0f)),
            None,
        ]
    );
    assert_eq!(
        got[5].as_ref().map(|s| s.payload.clone()),
        Ok(b"still in step".to_vec())
    );
    // an ULPDU_Length above the MULPDU: reported once, then nothing
    let big = tx.send(&[0; 150], false).expect("send");
    assert_eq!(
        rx.receive(&big[..3]),
        [Err(SoftIwarpError::UlpduTooLong {
            at: s.len() as u64,
            len: 168,
            max: 100
        })]
    );
    assert!(rx.receive(&big[3..]).is_empty());
    assert!(rx.receive(&tx.send(b"x", false).expect("send")).is_empty());

    // a marker pointing elsewhere; the FPDUs after it are fine
    let cfg = Config::new(false, true, 100);
    let mut tx = endpoint(cfg);
    let mut s = Vec::new();
    for _ in 0..12 {
        s.extend(tx.send(&[3; 80], false).expect("send"));
    }
    s[514] ^= 0x01;
    let mut rx = endpoint(cfg.peer());
    let got = rx.receive(&s);
    assert_eq!(got.len(), 12);
    let bad: Vec<_> = got.iter().filter(|r| r.is_err()).collect();
    assert!(
        matches!(bad[..], [Err(SoftIwarpError::BadMarker { at: 512, .. })]),
        "{bad:?}"
    );

    // the encoders refuse what the fields cannot carry, and change nothing
    let mut tx = endpoint(Config::new(true, false, 100));
    assert!(matches!(
        tx.fpdu(&vec![0; 65536]),
        Err(SoftIwarpError::TooLong { len: 65536, .. })
    ));
    let t = TerminateRepr {
        layer: TermLayer::Llp,
        etype: 16,
        ecode: 0,
        seg_len_valid: false,
        ddp: None,
        rdma_hdr: None,
    };
    assert!(matches!(
        tx.terminate(&t),
        Err(SoftIwarpError::Emit(WireError::Malformed(_)))
    ));
    assert_eq!(tx.next_msn(DdpQueue::Terminate), 1);
    assert_eq!(tx.tx_offset(), 0);
    for bad in [0, 69, 65536] {
        assert!(matches!(
            SoftIwarp::new(Config::new(true, false, bad)),
            Err(SoftIwarpError::Config(_))
        ));
    }

    // junk in random pieces
    let mut rng = Rng::new(0x5157_0002);
    for round in 0..300 {
        let cfg = Config::new(
            round % 2 == 0,
            round % 3 == 0,
            70 + rng.below(65466) as usize,
        );
        let mut rx = endpoint(cfg);
        let n = rng.below(5000) as usize;
        let junk = random(&mut rng, n);
        let mut at = 0;
        while at < junk.len() {
            let n = (1 + rng.below(700) as usize).min(junk.len() - at);
            let _ = rx.receive(&junk[at..at + n]);
            at += n;
        }
    }
}

#[test]
fn reassembly_joins_interleaved_messages_and_refuses_gaps() {
    let cfg = Config::new(true, false, 70);
    let mut tx = endpoint(cfg);
    let mut rx = endpoint(cfg.peer());
    let a = segments(&mut rx, &tx.send(&[1; 250], false).expect("send"));
    let b = segments(&mut rx, &tx.write(5, 1000, &[2; 200]).expect("write"));
    let c = segments(&mut rx, &tx.send(&[3; 150], true).expect("send"));
    assert_eq!((a.len(), b.len(), c.len()), (5, 4, 3));
    let mut r = Reassembler::new();
    let mut done = Vec::new();
    for i in 0..5 {
        for s in [a.get(i), b.get(i), c.get(i)].into_iter().flatten() {
            done.extend(r.push(s.clone()).expect("in order"));
        }
    }
    assert_eq!(
        done.iter().map(Message::opcode).collect::<Vec<_>>(),
        [
            RdmapOpcode::SendSe,
            RdmapOpcode::RdmaWrite,
            RdmapOpcode::Send
        ]
    );
    assert_eq!(done[1].data(), [2; 200]);
    assert_eq!(r.open(), 0);
    // a segment out of place is refused; the message can still finish
    assert!(r.push(a[0].clone()).expect("first").is_none());
    assert!(matches!(
        r.push(a[2].clone()),
        Err(SoftIwarpError::Reassembly { .. })
    ));
    assert!(matches!(
        r.push(c[1].clone()),
        Err(SoftIwarpError::Reassembly { .. })
    ));
    for s in &a[1..] {
        r.push(s.clone()).expect("in order");
    }
    assert_eq!(r.open(), 0);
}

#[test]
fn mulpdu_for_mss_fills_a_segment_and_no_more() {
    assert_eq!(mulpdu_for_mss(1460, false), 1454);
    assert_eq!(mulpdu_for_mss(1460, true), 1442);
    // an empty ULPDU makes 8 bytes of FPDU, as does one of 2
    assert_eq!(mulpdu_for_mss(7, false), 0);
    assert_eq!(mulpdu_for_mss(8, false), 2);
    for mss in 8..=9000u16 {
        let l = usize::from(mulpdu_for_mss(mss, false));
        let mss = usize::from(mss);
        assert!(MpaFpduRepr::wire_len_for(l) <= mss, "MSS {mss}");
        assert!(MpaFpduRepr::wire_len_for(l + 1) > mss, "MSS {mss}");
    }
    // with markers, over every place of the FPDU on the marker grid
    let sizes = (64..=2200u16)
        .step_by(9)
        .chain([1460, 1500, 4096, 8960, 9000]);
    for mss in sizes {
        let l = usize::from(mulpdu_for_mss(mss, true));
        let mss = usize::from(mss);
        let (mut worst, mut worst_more) = (0, 0);
        for phase in (0..512).step_by(4) {
            let mut tx = endpoint(Config::new(true, true, 65535));
            tx.skip_tx(phase);
            worst = worst.max(tx.fpdu(&vec![0; l]).expect("fpdu").len());
            let mut tx = endpoint(Config::new(true, true, 65535));
            tx.skip_tx(phase);
            worst_more = worst_more.max(tx.fpdu(&vec![0; l + 1]).expect("fpdu").len());
        }
        assert!(worst <= mss, "MSS {mss}: MULPDU {l} makes {worst}");
        assert!(worst_more > mss, "MSS {mss}: MULPDU {l} is not the largest");
    }
}
