//! Bad input to the raw queues, each answered with a clear error, and
//! nothing written anywhere it should not be.

use std::sync::Arc;
use std::time::Duration;
use warpnic::{
    CompletionKind, CompletionQueue, Device, DeviceError, DmaPerm, Error, EventQueue, RawRecv,
    RawRecvQueue, RawSend, RawSendQueue,
};
use warpnic_abi::gen::{self, regs, CqeStatus, EqeType, QueueState, SqWqe, WqeOpcode};
use warpnic_sim::link::Dir;
use warpnic_tests::{frame, macs, pair, run_for, wait_completions};

const T: Duration = Duration::from_micros(50);

fn link_sent(p: &warpnic_sim::traffic::Pair) -> u64 {
    p.world
        .with(|w| w.link_counters(0, Dir::AToB))
        .unwrap()
        .unwrap()
        .sent
}

#[test]
fn wqe_pointing_outside_the_iommu_map_fails_the_queue_and_writes_nothing() {
    let p = pair();
    let cq = CompletionQueue::new(&p.a, 64, None).unwrap();
    let eq_b = EventQueue::new(&p.b, 64).unwrap();
    let cq_b = CompletionQueue::new(&p.b, 64, Some(&eq_b)).unwrap();
    let sq = RawSendQueue::new(&p.a, 16, &cq).unwrap();
    let rq = RawRecvQueue::new(&p.b, 16, &cq_b).unwrap();
    let rx = p.b.alloc_dma(16 * 2048, DmaPerm::WRITE).unwrap();
    rx.fill(0, 16 * 2048, 0xa5).unwrap();
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
    // a frame address nobody mapped, then two good requests behind it
    let good = p.a.alloc_dma(4096, DmaPerm::READ).unwrap();
    let (ma, mb) = macs(&p.a, &p.b);
    good.write(0, &frame(mb, ma, 100, 1)).unwrap();
    let bad = RawSend {
        addr: 0xdead_0000,
        len: 100,
        wr_id: 7,
        signaled: false,
    };
    let ok = RawSend {
        addr: good.iova(),
        len: 100,
        wr_id: 8,
        signaled: true,
    };
    sq.post(&[bad, ok, RawSend { wr_id: 9, ..ok }]).unwrap();
    let cs = wait_completions(&cq, 3, T);
    assert_eq!(cs.len(), 3, "{cs:?}");
    // the failed request completes with the protection error (even unsignaled)
    assert_eq!((cs[0].wr_id, cs[0].status), (7, CqeStatus::LocProtErr));
    // the rest are flushed
    assert_eq!((cs[1].wr_id, cs[1].status), (8, CqeStatus::Flushed));
    assert_eq!((cs[2].wr_id, cs[2].status), (9, CqeStatus::Flushed));
    assert_eq!(
        sq.state().unwrap(),
        (QueueState::Error, CqeStatus::LocProtErr)
    );
    assert!(matches!(sq.post(&[ok]), Err(Error::QueueInError { .. })));
    run_for(p.a.device(), 5_000);
    // nothing went on the wire, nothing reached B's memory
    assert_eq!(link_sent(&p), 0);
    assert_eq!(p.a.stats().unwrap().tx_frames, 0);
    let mut buf = vec![0u8; 16 * 2048];
    rx.read(0, &mut buf).unwrap();
    assert!(buf.iter().all(|&b| b == 0xa5));
    // the IOMMU saw exactly the refused read, and no write anywhere
    let (fa, fb) = p
        .world
        .with(|w| {
            (
                w.iommu(0).unwrap().faults().to_vec(),
                w.iommu(1).unwrap().fault_count(),
            )
        })
        .unwrap();
    assert_eq!(fa.len(), 1, "{fa:?}");
    assert!(!fa[0].write);
    assert_eq!(fa[0].iova, 0xdead_0000);
    assert_eq!(fb, 0);
    assert_eq!(p.a.stats().unwrap().dma_rd_err, 1);
    assert_eq!(p.a.stats().unwrap().tx_err, 1);
}

#[test]
fn send_ring_outside_the_iommu_map_fails_with_a_fetch_error() {
    let p = pair();
    let cq = CompletionQueue::new(&p.a, 64, None).unwrap();
    let dev = p.a.device().clone();
    // program SQ 3 by hand with a ring nobody mapped
    let e = u64::from(regs::sq::elem(3));
    dev.write32(e + u64::from(regs::sq::elem::BASE_LO), 0x7700_0000)
        .unwrap();
    dev.write32(e + u64::from(regs::sq::elem::BASE_HI), 0)
        .unwrap();
    dev.write32(e + u64::from(regs::sq::elem::LOG_SIZE), 4)
        .unwrap();
    dev.write32(e + u64::from(regs::sq::elem::CQN), cq.index())
        .unwrap();
    dev.write32(e + u64::from(regs::sq::elem::CTRL), 1).unwrap();
    dev.write32(e + u64::from(regs::sq::elem::PI), 1).unwrap();
    let cs = wait_completions(&cq, 1, T);
    assert_eq!(cs.len(), 1);
    assert_eq!(cs[0].status, CqeStatus::WqeFetchErr);
    let st = dev.read32(e + u64::from(regs::sq::elem::STATE)).unwrap();
    assert_eq!(
        st & 0xffff,
        u32::from(u8::from(CqeStatus::WqeFetchErr)) << 8 | 2
    );
    assert_eq!(link_sent(&p), 0);
    dev.write32(e + u64::from(regs::sq::elem::CTRL), 0).unwrap();
}

#[test]
fn doorbell_past_the_ring_stops_the_queue_and_posts_an_event() {
    let p = pair();
    let eq = EventQueue::new(&p.a, 16).unwrap();
    let cq = CompletionQueue::new(&p.a, 64, Some(&eq)).unwrap();
    let sq = RawSendQueue::new(&p.a, 16, &cq).unwrap();
    let dev = p.a.device().clone();
    let pi = u64::from(regs::sq::elem(sq.index()) + regs::sq::elem::PI);
    // 17 entries posted on a 16-entry ring
    dev.write32(pi, 17).unwrap();
    assert!(eq.wait(T).unwrap(), "no interrupt for the queue error");
    let mut ev = Vec::new();
    eq.poll(&mut ev).unwrap();
    assert_eq!(ev.len(), 1, "{ev:?}");
    assert_eq!(ev[0].kind, Ok(EqeType::SqError));
    assert_eq!(u32::from(ev[0].source), sq.index());
    assert_eq!(ev[0].data, u32::from(u8::from(CqeStatus::DoorbellErr)));
    assert_eq!(
        sq.state().unwrap(),
        (QueueState::Error, CqeStatus::DoorbellErr)
    );
    assert_eq!(p.a.stats().unwrap().doorbell_err, 1);
    run_for(&dev, 5_000);
    assert_eq!(link_sent(&p), 0);
    let faults = p.world.with(|w| w.iommu(0).unwrap().fault_count()).unwrap();
    assert_eq!(faults, 0);
}

#[test]
fn zero_length_and_oversize_frames_are_refused() {
    let p = pair();
    let cq = CompletionQueue::new(&p.a, 64, None).unwrap();
    let buf = p.a.alloc_dma(16384, DmaPerm::READ).unwrap();
    // the library refuses them outright
    let sq = RawSendQueue::new(&p.a, 16, &cq).unwrap();
    for len in [0u32, 13, 9015, 65535] {
        let e = sq.post(&[RawSend {
            addr: buf.iova(),
            len,
            wr_id: 1,
            signaled: true,
        }]);
        assert!(
            matches!(e, Err(Error::BadLength { .. })),
            "len {len}: {e:?}"
        );
    }
    // and the hardware refuses them too when they get past the library
    for (len, wr_id) in [(0u32, 21u64), (9015, 22), (60_000, 23)] {
        let sq = RawSendQueue::new(&p.a, 16, &cq).unwrap();
        sq.post_raw(SqWqe {
            opcode: WqeOpcode::RawSend.into(),
            flags: gen::wqe_flags::SIGNALED,
            len,
            addr: buf.iova(),
            wr_id,
            ..SqWqe::default()
        })
        .unwrap();
        let cs = wait_completions(&cq, 1, T);
        assert_eq!(cs.len(), 1);
        assert_eq!((cs[0].wr_id, cs[0].status), (wr_id, CqeStatus::LocLenErr));
        assert_eq!(
            sq.state().unwrap(),
            (QueueState::Error, CqeStatus::LocLenErr)
        );
    }
    // a frame above a lowered MAX_FRAME is refused by the hardware as well
    p.a.set_max_frame(1500).unwrap();
    let sq = RawSendQueue::new(&p.a, 16, &cq).unwrap();
    sq.post_raw(SqWqe {
        opcode: WqeOpcode::RawSend.into(),
        flags: gen::wqe_flags::SIGNALED,
        len: 1501,
        addr: buf.iova(),
        wr_id: 31,
        ..SqWqe::default()
    })
    .unwrap();
    let cs = wait_completions(&cq, 1, T);
    assert_eq!(cs[0].status, CqeStatus::LocLenErr);
    // an unknown opcode
    let sq = RawSendQueue::new(&p.a, 16, &cq).unwrap();
    sq.post_raw(SqWqe {
        opcode: 0x7f,
        flags: 0,
        len: 100,
        addr: buf.iova(),
        wr_id: 41,
        ..SqWqe::default()
    })
    .unwrap();
    let cs = wait_completions(&cq, 1, T);
    assert_eq!((cs[0].wr_id, cs[0].status), (41, CqeStatus::BadOpcode));
    run_for(p.a.device(), 2_000);
    assert_eq!(link_sent(&p), 0);
    assert_eq!(p.a.stats().unwrap().tx_err, 5);
}

#[test]
fn received_frames_longer_than_max_frame_are_dropped_and_counted() {
    let p = pair();
    p.b.set_max_frame(1500).unwrap();
    let cq_a = CompletionQueue::new(&p.a, 64, None).unwrap();
    let cq_b = CompletionQueue::new(&p.b, 64, None).unwrap();
    let sq = RawSendQueue::new(&p.a, 16, &cq_a).unwrap();
    let rq = RawRecvQueue::new(&p.b, 16, &cq_b).unwrap();
    let rx = p.b.alloc_dma(8 * 9216, DmaPerm::WRITE).unwrap();
    rq.post(
        &(0..8)
            .map(|i| RawRecv {
                addr: rx.iova() + i * 9216,
                len: 9216,
                wr_id: i,
            })
            .collect::<Vec<_>>(),
    )
    .unwrap();
    let tx = p.a.alloc_dma(16384, DmaPerm::READ).unwrap();
    let (ma, mb) = macs(&p.a, &p.b);
    tx.write(0, &frame(mb, ma, 3000, 1)).unwrap();
    tx.write(8192, &frame(mb, ma, 1500, 2)).unwrap();
    sq.post(&[
        RawSend {
            addr: tx.iova(),
            len: 3000,
            wr_id: 1,
            signaled: true,
        },
        RawSend {
            addr: tx.iova() + 8192,
            len: 1500,
            wr_id: 2,
            signaled: true,
        },
    ])
    .unwrap();
    let cs = wait_completions(&cq_b, 1, T);
    assert_eq!(cs.len(), 1);
    assert_eq!((cs[0].wr_id, cs[0].byte_len), (0, 1500));
    assert!(wait_completions(&cq_b, 1, Duration::from_micros(5)).is_empty());
    assert_eq!(p.b.stats().unwrap().rx_drop_length, 1);
}

#[test]
fn receive_buffer_smaller_than_the_frame_completes_with_a_length_error() {
    let p = pair();
    let cq_a = CompletionQueue::new(&p.a, 64, None).unwrap();
    let cq_b = CompletionQueue::new(&p.b, 64, None).unwrap();
    let sq = RawSendQueue::new(&p.a, 16, &cq_a).unwrap();
    let rq = RawRecvQueue::new(&p.b, 16, &cq_b).unwrap();
    let rx = p.b.alloc_dma(8192, DmaPerm::WRITE).unwrap();
    rx.fill(0, 8192, 0x5a).unwrap();
    // a 100-byte buffer first, then a large one
    rq.post(&[
        RawRecv {
            addr: rx.iova(),
            len: 100,
            wr_id: 1,
        },
        RawRecv {
            addr: rx.iova() + 4096,
            len: 4096,
            wr_id: 2,
        },
    ])
    .unwrap();
    let tx = p.a.alloc_dma(8192, DmaPerm::READ).unwrap();
    let (ma, mb) = macs(&p.a, &p.b);
    let f1 = frame(mb, ma, 500, 1);
    let f2 = frame(mb, ma, 600, 2);
    tx.write(0, &f1).unwrap();
    tx.write(4096, &f2).unwrap();
    sq.post(&[
        RawSend {
            addr: tx.iova(),
            len: 500,
            wr_id: 1,
            signaled: true,
        },
        RawSend {
            addr: tx.iova() + 4096,
            len: 600,
            wr_id: 2,
            signaled: true,
        },
    ])
    .unwrap();
    let cs = wait_completions(&cq_b, 2, T);
    assert_eq!(cs.len(), 2, "{cs:?}");
    assert_eq!(cs[0].kind, CompletionKind::Recv);
    assert_eq!(
        (cs[0].wr_id, cs[0].status, cs[0].byte_len),
        (1, CqeStatus::LocLenErr, 500)
    );
    // the queue keeps running: the next frame lands in the next buffer
    assert_eq!(
        (cs[1].wr_id, cs[1].status, cs[1].byte_len),
        (2, CqeStatus::Success, 600)
    );
    let mut got = vec![0u8; 600];
    rx.read(4096, &mut got).unwrap();
    assert_eq!(got, f2);
    // nothing of the first frame was written: not even into its 100 bytes
    let mut first = vec![0u8; 4096];
    rx.read(0, &mut first).unwrap();
    assert!(first.iter().all(|&b| b == 0x5a));
    assert_eq!(p.b.stats().unwrap().rx_len_err, 1);
    assert_eq!(rq.state().unwrap().0, QueueState::Ready);
}

#[test]
fn unknown_register_accesses_answer_an_error_and_are_recorded() {
    let p = pair();
    let dev: Arc<dyn Device> = p.a.device().clone();
    // an offset with no register
    let e = dev.read32(0x6000).unwrap_err();
    assert!(matches!(e, DeviceError::Bus { offset: 0x6000, .. }), "{e}");
    assert_eq!(dev.read32(u64::from(regs::ctrl::BAD_ADDR)).unwrap(), 0x6000);
    let e = dev.write32(0x0ff0, 1).unwrap_err();
    assert!(matches!(e, DeviceError::Bus { offset: 0x0ff0, .. }), "{e}");
    // a read-only register refuses a write and keeps its value
    let ty = dev.read32(u64::from(regs::sq::BASE)).unwrap();
    assert!(dev.write32(u64::from(regs::sq::BASE), 0).is_err());
    assert_eq!(dev.read32(u64::from(regs::sq::BASE)).unwrap(), ty);
    // values a register cannot take
    let sq0 = u64::from(regs::sq::elem(0));
    assert!(dev
        .write32(sq0 + u64::from(regs::sq::elem::LOG_SIZE), 0)
        .is_err());
    assert!(dev
        .write32(sq0 + u64::from(regs::sq::elem::LOG_SIZE), 16)
        .is_err());
    assert!(dev
        .write32(sq0 + u64::from(regs::sq::elem::BASE_LO), 0x1004)
        .is_err());
    assert!(dev
        .write32(sq0 + u64::from(regs::sq::elem::CQN), 99)
        .is_err());
    assert!(dev.write32(u64::from(regs::ctrl::MAX_FRAME), 59).is_err());
    assert!(dev.write32(u64::from(regs::ctrl::RX_RQ), 1000).is_err());
    assert_eq!(p.a.max_frame().unwrap(), 9014);
    // ring geometry cannot change under an enabled queue
    dev.write32(sq0 + u64::from(regs::sq::elem::CTRL), 1)
        .unwrap();
    assert!(dev
        .write32(sq0 + u64::from(regs::sq::elem::BASE_LO), 0x2000)
        .is_err());
    dev.write32(sq0 + u64::from(regs::sq::elem::CTRL), 0)
        .unwrap();
    assert_eq!(p.a.stats().unwrap().bad_reg, 10);
    // past the end of BAR0, or misaligned: refused before reaching the device
    assert!(matches!(
        dev.read32(0x1_0000),
        Err(DeviceError::BadOffset { .. })
    ));
    assert!(matches!(
        dev.write32(0x102, 0),
        Err(DeviceError::BadOffset { .. })
    ));
    // the device still works
    assert_eq!(
        dev.read32(u64::from(regs::id::BUILD_ID)).unwrap(),
        gen::BUILD_ID
    );
}

#[test]
fn completion_queue_overflow_is_reported() {
    let p = pair();
    let cq = CompletionQueue::new(&p.a, 4, None).unwrap();
    let sq = RawSendQueue::new(&p.a, 16, &cq).unwrap();
    let buf = p.a.alloc_dma(4096, DmaPerm::READ).unwrap();
    let (ma, mb) = macs(&p.a, &p.b);
    buf.write(0, &frame(mb, ma, 64, 0)).unwrap();
    let wrs: Vec<_> = (0..8)
        .map(|i| RawSend {
            addr: buf.iova(),
            len: 64,
            wr_id: i,
            signaled: true,
        })
        .collect();
    sq.post(&wrs).unwrap();
    run_for(p.a.device(), 10_000);
    // the four that fit are there, then the overflow
    let mut cs = [warpnic::Completion::default(); 16];
    let mut seen = 0;
    let mut overflow = false;
    for _ in 0..3000 {
        match cq.poll(&mut cs) {
            Ok(n) => seen += n,
            Err(Error::CqOverflow(n)) => {
                assert_eq!(n, cq.index());
                overflow = true;
                break;
            }
            Err(e) => panic!("{e}"),
        }
    }
    assert!(overflow);
    assert_eq!(seen, 4);
}
