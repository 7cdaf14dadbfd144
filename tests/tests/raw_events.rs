//! Events, interrupts and their moderation; the firmware mailbox; the
//! receive address filter.

use std::time::Duration;
use warpnic::{
    CompletionQueue, DmaPerm, Error, EventQueue, RawRecv, RawRecvQueue, RawSend, RawSendQueue,
};
use warpnic_abi::gen::{self, regs, rx_filter, EqeType, FwMsgHdr, FwStatus};
use warpnic_tests::{frame, macs, pair, run_for, wait_completions};

const T: Duration = Duration::from_micros(20);

/// Sends one signaled frame and waits for its completion.
fn send_one(sq: &RawSendQueue, cq: &CompletionQueue, addr: u64, wr_id: u64) {
    sq.post(&[RawSend {
        addr,
        len: 64,
        wr_id,
        signaled: true,
    }])
    .unwrap();
    let cs = wait_completions(cq, 1, T);
    assert_eq!(cs.len(), 1);
    assert_eq!(cs[0].wr_id, wr_id);
}

#[test]
fn armed_cq_posts_one_event_and_interrupt() {
    let p = pair();
    let eq = EventQueue::new(&p.a, 16).unwrap();
    let cq = CompletionQueue::new(&p.a, 64, Some(&eq)).unwrap();
    let sq = RawSendQueue::new(&p.a, 16, &cq).unwrap();
    let buf = p.a.alloc_dma(4096, DmaPerm::READ).unwrap();
    let (ma, mb) = macs(&p.a, &p.b);
    buf.write(0, &frame(mb, ma, 64, 0)).unwrap();
    // not armed: no event
    send_one(&sq, &cq, buf.iova(), 1);
    assert!(!eq.wait(Duration::from_micros(2)).unwrap());
    // armed: exactly one event for the next completion
    cq.arm().unwrap();
    send_one(&sq, &cq, buf.iova(), 2);
    assert!(eq.wait(T).unwrap());
    send_one(&sq, &cq, buf.iova(), 3);
    let mut ev = Vec::new();
    eq.poll(&mut ev).unwrap();
    assert_eq!(ev.len(), 1, "{ev:?}");
    assert_eq!(ev[0].kind, Ok(EqeType::CqCompletion));
    assert_eq!(u32::from(ev[0].source), cq.index());
    assert!(!eq.wait(Duration::from_micros(2)).unwrap());
    assert_eq!(p.a.stats().unwrap().events, 1);
    assert_eq!(p.a.stats().unwrap().irqs, 1);
}

#[test]
fn interrupt_moderation_by_count() {
    let p = pair();
    let eq = EventQueue::new(&p.a, 16).unwrap();
    eq.set_moderation(4, 0).unwrap();
    let cq = CompletionQueue::new(&p.a, 64, Some(&eq)).unwrap();
    let sq = RawSendQueue::new(&p.a, 16, &cq).unwrap();
    let buf = p.a.alloc_dma(4096, DmaPerm::READ).unwrap();
    let (ma, mb) = macs(&p.a, &p.b);
    buf.write(0, &frame(mb, ma, 64, 0)).unwrap();
    for i in 0..3 {
        cq.arm().unwrap();
        send_one(&sq, &cq, buf.iova(), i);
        assert!(
            !eq.wait(Duration::from_micros(2)).unwrap(),
            "interrupt after {} events",
            i + 1
        );
    }
    cq.arm().unwrap();
    send_one(&sq, &cq, buf.iova(), 3);
    assert!(eq.wait(T).unwrap(), "no interrupt after 4 events");
    let mut ev = Vec::new();
    assert_eq!(eq.poll(&mut ev).unwrap(), 4);
    assert_eq!(p.a.stats().unwrap().irqs, 1);
}

#[test]
fn interrupt_moderation_by_time() {
    let p = pair();
    let dev = p.a.device().clone();
    let eq = EventQueue::new(&p.a, 16).unwrap();
    eq.set_moderation(100, 3).unwrap();
    let cq = CompletionQueue::new(&p.a, 64, Some(&eq)).unwrap();
    let sq = RawSendQueue::new(&p.a, 16, &cq).unwrap();
    let buf = p.a.alloc_dma(4096, DmaPerm::READ).unwrap();
    let (ma, mb) = macs(&p.a, &p.b);
    buf.write(0, &frame(mb, ma, 64, 0)).unwrap();
    cq.arm().unwrap();
    send_one(&sq, &cq, buf.iova(), 1);
    assert!(eq.wait(T).unwrap());
    let fired = dev.now_ns() / 4;
    let mut ev = Vec::new();
    eq.poll(&mut ev).unwrap();
    assert_eq!(ev.len(), 1);
    let waited = (fired as u32).wrapping_sub(ev[0].timestamp);
    // 3 us at 250 MHz is 750 cycles; the event is pending from a little
    // after its timestamp (its write must land first)
    assert!(
        (750..750 + 200).contains(&waited),
        "interrupt {waited} cycles after the event"
    );
}

#[test]
fn firmware_mailbox_commands_and_errors() {
    let p = pair();
    let (v, build) = p.a.fw_version().unwrap();
    assert_eq!((v, build), (gen::FW_VERSION, gen::BUILD_ID));
    // group and zero addresses are refused and change nothing
    let old = p.a.mac().unwrap();
    for bad in [[0x01, 0, 0x5e, 0, 0, 1], [0; 6]] {
        match p.a.set_mac(bad) {
            Err(Error::FwStatus(FwStatus::BadArgument)) => {}
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(p.a.mac().unwrap(), old);
    // an unknown command, written by hand
    let dev = p.a.device().clone();
    let hdr = FwMsgHdr {
        opcode: 0x7f,
        seq: 9,
        status: 0,
        len: 1,
    };
    dev.write32(
        u64::from(regs::mbox::REQ),
        u32::from_le_bytes(hdr.to_bytes()),
    )
    .unwrap();
    dev.write32(u64::from(regs::mbox::DOORBELL), 1).unwrap();
    run_for(&dev, 2_000);
    let st = dev.read32(u64::from(regs::mbox::STATUS)).unwrap();
    assert_eq!(st & 3, 2, "response valid, not busy");
    let rsp = FwMsgHdr::from_bytes(
        &dev.read32(u64::from(regs::mbox::RSP))
            .unwrap()
            .to_le_bytes(),
    );
    assert_eq!(
        (rsp.opcode, rsp.seq, rsp.status),
        (0x7f, 9, u8::from(FwStatus::BadOpcode))
    );
    // mailbox lengths the core refuses
    assert!(dev.write32(u64::from(regs::mbox::DOORBELL), 0).is_err());
    assert!(dev.write32(u64::from(regs::mbox::DOORBELL), 17).is_err());
}

/// Two threads sharing one NIC send firmware commands at the same time:
/// each command's words reach the mailbox whole and each thread gets its
/// own answer (the mailbox is taken in turn).
#[test]
fn threads_sharing_a_nic_take_the_mailbox_in_turn() {
    let p = pair();
    p.a.set_ipv4(std::net::Ipv4Addr::new(10, 0, 0, 1), 24)
        .unwrap();
    std::thread::scope(|s| {
        let version = s.spawn(|| {
            for _ in 0..100 {
                let v = p.a.fw_version().expect("GET_VERSION");
                assert_eq!(v, (gen::FW_VERSION, gen::BUILD_ID));
            }
        });
        let address = s.spawn(|| {
            for _ in 0..100 {
                let a = p.a.ipv4().expect("GET_IPV4");
                assert_eq!(a, (std::net::Ipv4Addr::new(10, 0, 0, 1), 24));
            }
        });
        version.join().expect("the GET_VERSION thread");
        address.join().expect("the GET_IPV4 thread");
    });
}

#[test]
fn set_mac_moves_the_receive_filter() {
    let p = pair();
    let cq_a = CompletionQueue::new(&p.a, 64, None).unwrap();
    let cq_b = CompletionQueue::new(&p.b, 64, None).unwrap();
    let sq = RawSendQueue::new(&p.a, 16, &cq_a).unwrap();
    let rq = RawRecvQueue::new(&p.b, 16, &cq_b).unwrap();
    let rx = p.b.alloc_dma(16 * 2048, DmaPerm::WRITE).unwrap();
    rq.post(
        &(0..16)
            .map(|i| RawRecv {
                addr: rx.iova() + i * 2048,
                len: 2048,
                wr_id: i,
            })
            .collect::<Vec<_>>(),
    )
    .unwrap();
    let tx = p.a.alloc_dma(8 * 4096, DmaPerm::READ).unwrap();
    let (ma, old_b) = macs(&p.a, &p.b);
    let new_b = [0x02, 0xaa, 0xbb, 0xcc, 0xdd, 0xee];
    p.b.set_mac(new_b).unwrap();
    assert_eq!(p.b.mac().unwrap(), new_b);
    let other = [0x02, 0x11, 0x11, 0x11, 0x11, 0x11];
    let bcast = [0xff; 6];
    let send = |slot: u64, dst: [u8; 6]| {
        tx.write(slot as usize * 4096, &frame(dst, ma, 100, slot))
            .unwrap();
        sq.post(&[RawSend {
            addr: tx.iova() + slot * 4096,
            len: 100,
            wr_id: slot,
            signaled: true,
        }])
        .unwrap();
        wait_completions(&cq_a, 1, T);
        run_for(p.a.device(), 3_000);
    };
    let received = || wait_completions(&cq_b, 16, Duration::from_micros(2)).len();
    send(0, old_b);
    send(1, other);
    assert_eq!(received(), 0);
    send(2, new_b);
    send(3, bcast);
    assert_eq!(received(), 2);
    assert_eq!(p.b.stats().unwrap().rx_drop_filter, 2);
    // without BROADCAST, broadcast is dropped; with PROMISC anything goes
    p.b.set_rx_filter(0).unwrap();
    send(4, bcast);
    assert_eq!(received(), 0);
    p.b.set_rx_filter(rx_filter::PROMISC).unwrap();
    send(5, other);
    assert_eq!(received(), 1);
    assert_eq!(p.b.stats().unwrap().rx_drop_filter, 3);
}
