//! Hostile RDMA traffic against a NIC's hardware receive path. NIC A frames
//! in software (`warpnic_tests::soft_iwarp`) over its offloaded stream, so
//! it can send what no well-behaved peer would; NIC B runs a hardware QP.
//! For each case: B's QP ends in ERROR with the Terminate codes of RFC
//! 5040 §7 / RFC 5041 §7 (tagged placement: docs/rtl.md's table), B sends
//! that TERMINATE on the wire (A decodes it), B's posted receive comes back
//! FLUSHED (LOC_LEN_ERR when a Send too long for it took it,
//! REM_ACCESS_ERR without an invalidated STag when a Send with Invalidate
//! was refused), and every DMA write B made since the attack began is checked
//! against the memory it may touch: none lands in B's regions outside
//! what the peer was granted.
//!
//! MPA-level bad input (bad key, unknown revision, oversize private data)
//! is in mpa_connect.rs: the connection is refused before any QP exists.

use std::sync::Arc;

use warpnic::verbs::{AccessFlags, QpCaps, WorkCompletion};
use warpnic::{Completion, DmaPerm, MemoryRegion, ProtectionDomain, RecvWr};
use warpnic_abi::gen::{cqe_flags, CplTermOrigin, CqeStatus, DdpQueue, RdmapOpcode, TermLayer};
use warpnic_abi::wire::{DdpRepr, DdpTaggedRepr, DdpUntaggedRepr, RdmaReadReqRepr, TerminateRepr};
use warpnic_tests::pair;
use warpnic_tests::rdma::{soft_pair, DmaWatch, EndChecks, RdmaEnd, SoftEnd};
use warpnic_tests::soft_iwarp::{corrupt_crc, ulpdu};

/// B's memory in the attacks: a Write sink, a Read source, a receive
/// buffer, each 64 KiB.
struct Target {
    sink: MemoryRegion,
    src: MemoryRegion,
    rbuf: MemoryRegion,
}

fn region(b: &RdmaEnd, pd: &ProtectionDomain, access: AccessFlags) -> MemoryRegion {
    let mem = Arc::new(b.nic.alloc_dma(65536, DmaPerm::RW).expect("memory"));
    pd.reg_mr(&mem, 0, 65536, access).expect("register")
}

/// B's regions and one posted receive.
fn target(b: &RdmaEnd) -> Target {
    let t = Target {
        sink: region(
            b,
            &b.pd,
            AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE,
        ),
        src: region(b, &b.pd, AccessFlags::REMOTE_READ),
        rbuf: region(b, &b.pd, AccessFlags::LOCAL_WRITE),
    };
    t.src.mem().fill(0, 65536, 0x5a).expect("fill");
    b.qp.post_recv(&[RecvWr {
        wr_id: 0x77,
        sg_list: &[t.rbuf.sge(0, 65536).expect("sge")],
    }])
    .expect("post recv");
    t
}

fn protected(t: &Target) -> Vec<(u64, usize)> {
    [&t.sink, &t.src, &t.rbuf]
        .iter()
        .map(|m| (m.addr(), m.len() as usize))
        .collect()
}

/// What B should do: its QP in ERROR with these codes (ours), the same
/// TERMINATE on the wire to A, the receive flushed, and no write outside
/// `granted` in B's regions.
struct Expect {
    layer: TermLayer,
    etype: u8,
    ecode: u8,
}

fn check(
    a: &mut SoftEnd,
    b: &RdmaEnd,
    t: &Target,
    watch: &DmaWatch,
    granted: &[(u64, usize)],
    e: Expect,
) {
    check_recv(a, b, t, watch, granted, e, CqeStatus::Flushed);
}

/// As [`check`], with the posted receive completing as `recv`.
fn check_recv(
    a: &mut SoftEnd,
    b: &RdmaEnd,
    t: &Target,
    watch: &DmaWatch,
    granted: &[(u64, usize)],
    e: Expect,
    recv: CqeStatus,
) {
    check_term(a, b, &e);
    // the posted receive completes
    let mut wc = [WorkCompletion::default(); 1];
    let n = b
        .rcq
        .poll_wc_wait(&mut wc, std::time::Duration::from_millis(5))
        .expect("poll");
    assert_eq!(n, 1, "the receive completes");
    assert_eq!((wc[0].wr_id, wc[0].status), (0x77, recv), "{:?}", wc[0]);
    watch.assert_within(&protected(t), granted);
}

/// B's QP is in ERROR with the codes `e` (ours), and B sent that
/// TERMINATE to A.
fn check_term(a: &mut SoftEnd, b: &RdmaEnd, e: &Expect) {
    let dev = b.nic.device().clone();
    let info = b.wait_error();
    assert_eq!(info.origin, Ok(CplTermOrigin::Hardware), "{info}");
    assert_eq!(
        (info.layer, info.etype, info.ecode),
        (Ok(e.layer), e.etype, e.ecode),
        "B's codes: {info}"
    );
    // the TERMINATE on the wire
    let mut term = None;
    let stop = dev.now_ns() + 20_000_000;
    while term.is_none() && dev.now_ns() < stop {
        for seg in a.receive() {
            let seg = seg.expect("B's FPDUs are well formed");
            if seg.hdr.opcode() == RdmapOpcode::Terminate {
                term = Some(seg);
            }
        }
    }
    let seg = term.expect("B sent a TERMINATE");
    assert!(seg.crc_checked, "with its CRC");
    match seg.hdr {
        DdpRepr::Untagged(u) => {
            assert_eq!(u.qn, DdpQueue::Terminate as u32, "queue 2");
            assert_eq!(u.msn, 1, "the first Terminate");
        }
        h => panic!("a Terminate is untagged: {h:?}"),
    }
    let (tr, _) = TerminateRepr::parse(&seg.payload).expect("a Terminate");
    assert_eq!(
        (tr.layer, tr.etype, tr.ecode),
        (e.layer, e.etype, e.ecode),
        "on the wire: {tr:?}"
    );
}

/// The attack set-up: the pair, B's target, the DMA watch on B.
fn setup() -> (
    warpnic_sim::traffic::Pair,
    SoftEnd,
    RdmaEnd,
    Target,
    DmaWatch,
) {
    let p = pair();
    let (a, b) = soft_pair(&p, QpCaps::default(), |_, _| {});
    let t = target(&b);
    let w = DmaWatch::start(&p, 1);
    (p, a, b, t, w)
}

/// A 100-byte RDMA Write to `stag` at the sink's address draws the Invalid
/// STag Terminate (RFC 5040 §7.2: DDP layer, tagged buffer error, Invalid
/// STag), and nothing is placed.
fn write_to_an_invalid_stag(stag: u32) {
    let (_p, mut a, b, t, w) = setup();
    let bytes = a.sw.write(stag, t.sink.addr(), &[1u8; 100]).expect("fpdu");
    a.send(&bytes);
    check(
        &mut a,
        &b,
        &t,
        &w,
        &[],
        Expect {
            layer: TermLayer::Ddp,
            etype: 1,
            ecode: 0x00,
        },
    );
}

#[test]
fn rdma_bad_input_invalid_stag() {
    // index 0x3ff was never registered
    write_to_an_invalid_stag(0x0003_ff00);
}

/// An STag whose index lies beyond the MR table (index 0xffff of 4,096
/// entries) is invalid as one never registered.
#[test]
fn rdma_bad_input_stag_index_beyond_the_table() {
    write_to_an_invalid_stag(0x00ff_ff00);
}

#[test]
fn rdma_bad_input_stale_key() {
    let (_p, mut a, b, t, w) = setup();
    // the same memory registered again: a new key, the old STag is stale
    let mem = t.sink.mem().clone();
    let old = t.sink.rkey();
    let Target { sink, src, rbuf } = t;
    sink.dereg().expect("deregister");
    let again =
        b.pd.reg_mr(
            &mem,
            0,
            65536,
            AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE,
        )
        .expect("register again");
    assert_ne!(again.rkey(), old);
    let t = Target {
        sink: again,
        src,
        rbuf,
    };
    // the old STag names nothing now
    let bytes = a.sw.write(old, t.sink.addr(), &[2u8; 100]).expect("fpdu");
    a.send(&bytes);
    check(
        &mut a,
        &b,
        &t,
        &w,
        &[],
        Expect {
            layer: TermLayer::Ddp,
            etype: 1,
            ecode: 0x00,
        },
    );
}

#[test]
fn rdma_bad_input_out_of_bounds() {
    let (_p, mut a, b, t, w) = setup();
    // 100 bytes from 10 bytes before the region's end
    let to = t.sink.addr() + t.sink.len() - 10;
    let bytes = a.sw.write(t.sink.rkey(), to, &[3u8; 100]).expect("fpdu");
    a.send(&bytes);
    check(
        &mut a,
        &b,
        &t,
        &w,
        &[],
        Expect {
            layer: TermLayer::Ddp,
            etype: 1,
            ecode: 0x01,
        },
    );
}

#[test]
fn rdma_bad_input_wrong_protection_domain() {
    let (_p, mut a, b, t, w) = setup();
    // a region of another PD on B
    let other = b.nic.alloc_pd().expect("PD");
    let foreign = region(
        &b,
        &other,
        AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE,
    );
    let bytes =
        a.sw.write(foreign.rkey(), foreign.addr(), &[4u8; 100])
            .expect("fpdu");
    a.send(&bytes);
    let mut prot = vec![(foreign.addr(), 65536)];
    prot.extend(protected(&t));
    check(
        &mut a,
        &b,
        &t,
        &w,
        &[],
        Expect {
            layer: TermLayer::Ddp,
            etype: 1,
            ecode: 0x02,
        },
    );
    w.assert_within(&prot, &[]);
}

#[test]
fn rdma_bad_input_missing_rights() {
    let (_p, mut a, b, t, w) = setup();
    // the receive buffer's region allows LOCAL_WRITE only
    let bytes =
        a.sw.write(t.rbuf.rkey(), t.rbuf.addr(), &[5u8; 100])
            .expect("fpdu");
    a.send(&bytes);
    check(
        &mut a,
        &b,
        &t,
        &w,
        &[],
        Expect {
            layer: TermLayer::Rdmap,
            etype: 1,
            ecode: 0x02,
        },
    );
}

#[test]
fn rdma_bad_input_read_beyond_ird() {
    let (_p, mut a, b, t, w) = setup();
    // B's IRD is 16: 17 Read Requests at once, none answered before the
    // 17th arrives (each asks for 64 KiB)
    let mut bytes = Vec::new();
    for k in 0..17u64 {
        let rr = RdmaReadReqRepr {
            sink_stag: 0x1234_5600,
            sink_to: k << 16,
            read_size: 65536,
            src_stag: t.src.rkey(),
            src_to: t.src.addr(),
        };
        bytes.extend(a.sw.read_req(&rr).expect("fpdu"));
    }
    a.send(&bytes);
    check(
        &mut a,
        &b,
        &t,
        &w,
        &[],
        Expect {
            layer: TermLayer::Rdmap,
            etype: 2,
            ecode: 0x07,
        },
    );
}

#[test]
fn rdma_bad_input_corrupted_fpdu() {
    let (_p, mut a, b, t, w) = setup();
    // a valid Write whose CRC is wrong: the bytes may be placed (they are
    // inside the granted range) but never reported, and the stream ends
    let mut bytes =
        a.sw.write(t.sink.rkey(), t.sink.addr(), &[6u8; 1000])
            .expect("fpdu");
    corrupt_crc(&mut bytes);
    a.send(&bytes);
    let granted = [(t.sink.addr(), 1000)];
    check(
        &mut a,
        &b,
        &t,
        &w,
        &granted,
        Expect {
            layer: TermLayer::Llp,
            etype: 0,
            ecode: 0x02,
        },
    );
}

#[test]
fn rdma_bad_input_send_without_buffer() {
    let p = pair();
    let (mut a, b) = soft_pair(&p, QpCaps::default(), |_, _| {});
    let t = target(&b);
    let w = DmaWatch::start(&p, 1);
    // the first Send takes the one posted buffer, the second finds none
    let bytes = a.sw.send(&[7u8; 100], false).expect("fpdu");
    a.send(&bytes);
    let mut wc = [WorkCompletion::default(); 1];
    let n = b
        .rcq
        .poll_wc_wait(&mut wc, std::time::Duration::from_millis(5))
        .expect("poll");
    assert_eq!((n, wc[0].wr_id, wc[0].byte_len), (1, 0x77, 100));
    b.qp.post_recv(&[RecvWr {
        wr_id: 0x77,
        sg_list: &[t.rbuf.sge(0, 65536).expect("sge")],
    }])
    .expect("post recv");
    // two Sends: the first fills the buffer posted again, the second none
    let mut bytes = a.sw.send(&[8u8; 100], false).expect("fpdu");
    bytes.extend(a.sw.send(&[9u8; 100], false).expect("fpdu"));
    a.send(&bytes);
    let n = b
        .rcq
        .poll_wc_wait(&mut wc, std::time::Duration::from_millis(5))
        .expect("poll");
    assert_eq!((n, wc[0].status), (1, CqeStatus::Success));
    // DDP untagged buffer error, no buffer available (RFC 5041 §7.2);
    // the checker then finds no receive to flush: post none and check
    // the rest
    check_term(
        &mut a,
        &b,
        &Expect {
            layer: TermLayer::Ddp,
            etype: 2,
            ecode: 0x02,
        },
    );
    let granted = [(t.rbuf.addr(), 100)];
    w.assert_within(&protected(&t), &granted);
}

/// An untagged segment of queue 0 built by hand: a Send's header with
/// `edit` applied, then `payload`; the MSN of the next Send unless
/// `edit` changes it.
fn send_segment(
    a: &mut SoftEnd,
    payload: &[u8],
    edit: impl FnOnce(&mut DdpUntaggedRepr),
) -> Vec<u8> {
    let mut h = DdpUntaggedRepr {
        last: true,
        opcode: RdmapOpcode::Send,
        inv_stag: 0,
        qn: DdpQueue::Send as u32,
        msn: a.sw.next_msn(DdpQueue::Send),
        mo: 0,
    };
    edit(&mut h);
    a.sw.fpdu(&ulpdu(&DdpRepr::Untagged(h), payload))
        .expect("fpdu")
}

/// The DDP control byte's version field (bits 1:0 of byte 0, RFC 5041
/// §4.2) and the RDMAP control byte's (bits 7:6 of byte 1, RFC 5040 §4.2)
/// of a hand-built ULPDU set to `dv` and `rv`.
fn versions(mut u: Vec<u8>, dv: u8, rv: u8) -> Vec<u8> {
    u[0] = (u[0] & !0x03) | (dv & 0x03);
    u[1] = (u[1] & 0x3f) | ((rv & 0x03) << 6);
    u
}

#[test]
fn rdma_bad_input_send_longer_than_the_buffer() {
    // a Send of 200 bytes into a buffer of 100: its one segment does not
    // fit, nothing of it is placed, the receive it took completes with a
    // local length error (IBV_WC_LOC_LEN_ERR) and the peer gets DDP
    // untagged buffer error "DDP message too long for available buffer"
    // (RFC 5041 §7.2)
    let p = pair();
    let (mut a, b) = soft_pair(&p, QpCaps::default(), |_, _| {});
    let t = Target {
        sink: region(
            &b,
            &b.pd,
            AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE,
        ),
        src: region(&b, &b.pd, AccessFlags::REMOTE_READ),
        rbuf: region(&b, &b.pd, AccessFlags::LOCAL_WRITE),
    };
    b.qp.post_recv(&[RecvWr {
        wr_id: 0x77,
        sg_list: &[t.rbuf.sge(0, 100).expect("sge")],
    }])
    .expect("post recv");
    let w = DmaWatch::start(&p, 1);
    let bytes = a.sw.send(&[10u8; 200], false).expect("fpdu");
    a.send(&bytes);
    check_recv(
        &mut a,
        &b,
        &t,
        &w,
        &[],
        Expect {
            layer: TermLayer::Ddp,
            etype: 2,
            ecode: 0x05,
        },
        CqeStatus::LocLenErr,
    );
    // the QP stays in ERROR: a receive posted now is flushed
    b.qp.post_recv(&[RecvWr {
        wr_id: 0x78,
        sg_list: &[t.rbuf.sge(0, 100).expect("sge")],
    }])
    .expect("post recv");
    let mut wc = [WorkCompletion::default(); 1];
    let n = b
        .rcq
        .poll_wc_wait(&mut wc, std::time::Duration::from_millis(5))
        .expect("poll");
    assert_eq!(
        (n, wc[0].wr_id, wc[0].status),
        (1, 0x78, CqeStatus::Flushed)
    );
}

#[test]
fn rdma_bad_input_send_overruns_the_buffer_midway() {
    // a Send of 70 000 bytes into the 64 KiB buffer: the segments that fit
    // are placed (inside the buffer), the one that crosses its end is not
    let (_p, mut a, b, t, w) = setup();
    let bytes = a.sw.send(&[11u8; 70_000], false).expect("fpdus");
    a.send(&bytes);
    let granted = [(t.rbuf.addr(), 65536)];
    check_recv(
        &mut a,
        &b,
        &t,
        &w,
        &granted,
        Expect {
            layer: TermLayer::Ddp,
            etype: 2,
            ecode: 0x05,
        },
        CqeStatus::LocLenErr,
    );
}

/// A Send with Invalidate of the STag `target` gives (with the region,
/// if any, and whether it is valid) that B refuses: B's Terminate has
/// `etype`/0x09 (RDMAP, STag cannot be invalidated, RFC 5040 §7); the
/// Send itself is placed, its receive completes REM_ACCESS_ERR and does
/// not report an invalidated STag; the region stays as it was.
fn send_inv_refused(
    target: impl FnOnce(&RdmaEnd) -> (u32, Option<(MemoryRegion, bool)>),
    etype: u8,
) {
    let (_p, mut a, b, t, w) = setup();
    let (stag, region) = target(&b);
    let bytes = a.sw.send_inv(&[12u8; 100], stag, false).expect("fpdu");
    a.send(&bytes);
    check_term(
        &mut a,
        &b,
        &Expect {
            layer: TermLayer::Rdmap,
            etype,
            ecode: 0x09,
        },
    );
    // the raw completion: no INV flag
    let dev = b.nic.device().clone();
    let stop = dev.now_ns() + 5_000_000;
    let mut cs = [Completion::default(); 1];
    while b.rcq.poll(&mut cs).expect("poll") == 0 {
        assert!(dev.now_ns() < stop, "the receive completes");
        dev.relax();
    }
    let c = cs[0];
    let r = c.rdma.expect("an RDMA completion");
    assert_eq!(
        (c.wr_id, c.status),
        (0x77, CqeStatus::RemAccessErr),
        "{c:?}"
    );
    assert_eq!(
        r.flags & cqe_flags::INV,
        0,
        "no STag was invalidated: {c:?}"
    );
    let wc = WorkCompletion::from_completion(&c).expect("a work completion");
    assert_eq!(wc.invalidated_rkey, None, "{wc:?}");
    if let Some((mr, valid)) = region {
        assert_eq!(mr.is_valid().ok(), Some(valid), "the region unchanged");
    }
    w.assert_within(&protected(&t), &[(t.rbuf.addr(), 100)]);
}

#[test]
fn rdma_bad_input_send_inv_of_an_unknown_stag() {
    // index 0x3ff was never registered
    send_inv_refused(|_| (0x0003_ff00, None), 2);
}

#[test]
fn rdma_bad_input_send_inv_of_a_region_that_cannot_be_invalidated() {
    // a region registered by command, not for fast-register
    send_inv_refused(
        |b| {
            let mr = region(
                b,
                &b.pd,
                AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE,
            );
            (mr.rkey(), Some((mr, true)))
        },
        2,
    );
}

#[test]
fn rdma_bad_input_send_inv_of_another_pds_region() {
    // a fast-register region of another PD: remote protection
    send_inv_refused(
        |b| {
            let other = b.nic.alloc_pd().expect("PD");
            let mr = region(b, &other, AccessFlags::LOCAL_WRITE | AccessFlags::FAST_REG);
            std::mem::forget(other);
            (mr.rkey(), Some((mr, false)))
        },
        1,
    );
}

/// A hostile Send segment against B's one posted buffer: nothing placed,
/// the receive flushed, the Terminate `e`.
/// The DDP header of a one-segment Send at A's next MSN.
fn whole_send(a: &mut SoftEnd) -> DdpRepr {
    DdpRepr::Untagged(DdpUntaggedRepr {
        last: true,
        opcode: RdmapOpcode::Send,
        inv_stag: 0,
        qn: DdpQueue::Send as u32,
        msn: a.sw.next_msn(DdpQueue::Send),
        mo: 0,
    })
}

fn bad_send(bytes: impl FnOnce(&mut SoftEnd) -> Vec<u8>, e: Expect) {
    let (_p, mut a, b, t, w) = setup();
    let bytes = bytes(&mut a);
    a.send(&bytes);
    check(&mut a, &b, &t, &w, &[], e);
}

#[test]
fn rdma_bad_input_invalid_msn() {
    // the first Send carries MSN 5 where 1 is expected (RFC 5041 §5.3)
    bad_send(
        |a| send_segment(a, &[13u8; 100], |h| h.msn = 5),
        Expect {
            layer: TermLayer::Ddp,
            etype: 2,
            ecode: 0x03,
        },
    );
}

#[test]
fn rdma_bad_input_invalid_queue_number() {
    // a Send on queue 3, which RDMAP does not define (RFC 5040 §5.1)
    bad_send(
        |a| send_segment(a, &[14u8; 100], |h| h.qn = 3),
        Expect {
            layer: TermLayer::Ddp,
            etype: 2,
            ecode: 0x01,
        },
    );
}

#[test]
fn rdma_bad_input_send_on_the_read_request_queue() {
    // a Send's opcode on queue 1
    bad_send(
        |a| {
            send_segment(a, &[15u8; 100], |h| {
                h.qn = DdpQueue::RdmaReadRequest as u32;
            })
        },
        Expect {
            layer: TermLayer::Ddp,
            etype: 2,
            ecode: 0x01,
        },
    );
}

#[test]
fn rdma_bad_input_invalid_message_offset() {
    // a Send's first segment at MO 4096: beyond the message so far
    bad_send(
        |a| send_segment(a, &[16u8; 100], |h| h.mo = 4096),
        Expect {
            layer: TermLayer::Ddp,
            etype: 2,
            ecode: 0x04,
        },
    );
}

#[test]
fn rdma_bad_input_untagged_ddp_version() {
    // DDP version 2 on a Send (RFC 5041 §7.2: untagged, invalid version)
    bad_send(
        |a| {
            let h = whole_send(a);
            a.sw.fpdu(&versions(ulpdu(&h, &[17u8; 100]), 2, 1))
                .expect("fpdu")
        },
        Expect {
            layer: TermLayer::Ddp,
            etype: 2,
            ecode: 0x06,
        },
    );
}

#[test]
fn rdma_bad_input_tagged_ddp_version() {
    // DDP version 0 on an RDMA Write to a granted region: nothing placed
    // (RFC 5041 §7.2: tagged, invalid version)
    let (_p, mut a, b, t, w) = setup();
    let h = DdpRepr::Tagged(DdpTaggedRepr {
        last: true,
        opcode: RdmapOpcode::RdmaWrite,
        stag: t.sink.rkey(),
        tagged_offset: t.sink.addr(),
    });
    let bytes =
        a.sw.fpdu(&versions(ulpdu(&h, &[18u8; 100]), 0, 1))
            .expect("fpdu");
    a.send(&bytes);
    check(
        &mut a,
        &b,
        &t,
        &w,
        &[],
        Expect {
            layer: TermLayer::Ddp,
            etype: 1,
            ecode: 0x04,
        },
    );
}

#[test]
fn rdma_bad_input_rdmap_version() {
    // RDMAP version 0 on a Send (RFC 5040 §7: remote operation, invalid
    // RDMAP version)
    bad_send(
        |a| {
            let h = whole_send(a);
            a.sw.fpdu(&versions(ulpdu(&h, &[19u8; 100]), 1, 0))
                .expect("fpdu")
        },
        Expect {
            layer: TermLayer::Rdmap,
            etype: 2,
            ecode: 0x05,
        },
    );
}

#[test]
fn rdma_bad_input_unexpected_opcode() {
    // an RDMA Write's opcode in an untagged segment (RFC 5040 §7: remote
    // operation, unexpected opcode)
    bad_send(
        |a| {
            send_segment(a, &[20u8; 100], |h| {
                h.opcode = RdmapOpcode::RdmaWrite;
            })
        },
        Expect {
            layer: TermLayer::Rdmap,
            etype: 2,
            ecode: 0x06,
        },
    );
}

#[test]
fn rdma_bad_input_read_request_of_an_invalid_source() {
    // a Read Request whose source STag names nothing: RDMAP remote
    // protection, invalid STag (RFC 5040 §7); no Read Response
    let (_p, mut a, b, t, w) = setup();
    let rr = RdmaReadReqRepr {
        sink_stag: 0x1234_5600,
        sink_to: 0,
        read_size: 4096,
        src_stag: 0x0003_ff00,
        src_to: t.src.addr(),
    };
    let bytes = a.sw.read_req(&rr).expect("fpdu");
    a.send(&bytes);
    check(
        &mut a,
        &b,
        &t,
        &w,
        &[],
        Expect {
            layer: TermLayer::Rdmap,
            etype: 1,
            ecode: 0x00,
        },
    );
}

#[test]
fn rdma_bad_input_ulpdu_shorter_than_its_header() {
    // an FPDU of 10 ULPDU bytes: not even a tagged header (14 bytes);
    // RDMAP remote operation, unspecified (the header is not valid)
    bad_send(
        |a| {
            let h = whole_send(a);
            let mut u = ulpdu(&h, &[]);
            u.truncate(10);
            a.sw.fpdu(&u).expect("fpdu")
        },
        Expect {
            layer: TermLayer::Rdmap,
            etype: 2,
            ecode: 0xff,
        },
    );
}

#[test]
fn rdma_bad_input_empty_ulpdu() {
    // an FPDU whose ULPDU_LENGTH is 0
    bad_send(
        |a| a.sw.fpdu(&[]).expect("fpdu"),
        Expect {
            layer: TermLayer::Rdmap,
            etype: 2,
            ecode: 0xff,
        },
    );
}

#[test]
fn rdma_bad_input_message_offset_skips_bytes() {
    // a Send's second segment at MO 200 after a first one of 100 bytes:
    // the first is placed, the second is not (DDP untagged, invalid MO)
    let (_p, mut a, b, t, w) = setup();
    let mut bytes = send_segment(&mut a, &[22u8; 100], |h| h.last = false);
    bytes.extend(send_segment(&mut a, &[23u8; 100], |h| h.mo = 200));
    a.send(&bytes);
    check(
        &mut a,
        &b,
        &t,
        &w,
        &[(t.rbuf.addr(), 100)],
        Expect {
            layer: TermLayer::Ddp,
            etype: 2,
            ecode: 0x04,
        },
    );
}
