//! The verbs against a register-level model of the RDMA block: what each
//! call writes into ARG/OP, how the host handles a refusal and a block
//! that never answers.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use warpnic_abi::gen::{self, regs, QpState, RdmaCmd, RdmaCmdStatus, RdmaMrRegArgs, RdmaStatus};

use super::cmd::CMD_TIMEOUT;
use super::qp_state::qp_modify_args;
use super::*;
use crate::device::{Device, DeviceError, DeviceResult, DmaPerm};
use crate::error::Error;
use crate::nic::Nic;
use crate::tcp::EndpointId;

#[derive(Default)]
struct Regs {
    regs: HashMap<u64, u32>,
    /// (command, argument words) run.
    log: Vec<(u8, Vec<u32>)>,
    /// Status the next command of that kind ends with.
    fail_next: Option<(RdmaCmd, RdmaCmdStatus)>,
    /// BUSY never clears.
    stuck: bool,
    qp_state: HashMap<u32, u8>,
    now: u64,
}

struct Model(Mutex<Regs>);

impl Model {
    fn new() -> Arc<Model> {
        let mut r = Regs::default();
        let blocks = regs::BLOCKS;
        for (i, &(_, base, ty)) in blocks.iter().enumerate() {
            let next = blocks.get(i + 1).map_or(0, |b| b.1);
            r.regs.insert(u64::from(base + regs::TYPE), ty);
            r.regs.insert(u64::from(base + regs::NEXT), next);
        }
        r.regs.insert(u64::from(regs::id::BUILD_ID), gen::BUILD_ID);
        r.regs.insert(u64::from(regs::id::NUM_CQ), 4);
        r.regs.insert(u64::from(regs::rdma::NUM_QP), 4);
        r.regs.insert(u64::from(regs::rdma::NUM_MR), 8);
        Arc::new(Model(Mutex::new(r)))
    }

    fn with<T>(&self, f: impl FnOnce(&mut Regs) -> T) -> T {
        f(&mut self.0.lock().expect("model lock"))
    }
}

impl Device for Model {
    fn name(&self) -> String {
        "model".into()
    }
    fn bar0_size(&self) -> u64 {
        u64::from(gen::BAR0_SIZE)
    }
    fn read32(&self, offset: u64) -> DeviceResult<u32> {
        Ok(self.with(|r| {
            if offset == u64::from(regs::rdma::STATUS) && r.stuck {
                return 1;
            }
            r.regs.get(&offset).copied().unwrap_or(0)
        }))
    }
    fn write32(&self, offset: u64, value: u32) -> DeviceResult<()> {
        self.with(|r| {
            r.regs.insert(offset, value);
            if offset != u64::from(regs::rdma::OP) || r.stuck {
                return;
            }
            let args: Vec<u32> = (0..gen::RDMA_CMD_ARGS)
                .map(|i| {
                    r.regs
                        .get(&u64::from(regs::rdma::ARG + 4 * i))
                        .copied()
                        .unwrap_or(0)
                })
                .collect();
            let cmd = RdmaCmd::try_from(value as u8);
            let status = match r.fail_next {
                Some((c, s)) if Ok(c) == cmd => {
                    r.fail_next = None;
                    s
                }
                _ => RdmaCmdStatus::Ok,
            };
            if status == RdmaCmdStatus::Ok {
                match cmd {
                    Ok(RdmaCmd::QpModify) => {
                        r.qp_state.insert(args[0], args[1] as u8);
                    }
                    Ok(RdmaCmd::QpQuery) => {
                        let s = r.qp_state.get(&args[0]).copied().unwrap_or(0);
                        r.regs.insert(u64::from(regs::rdma::RSP), u32::from(s));
                    }
                    _ => {}
                }
            }
            let [st] = RdmaStatus {
                busy: false,
                status,
            }
            .to_words()
            .expect("fits");
            r.regs.insert(u64::from(regs::rdma::STATUS), st);
            r.log.push((value as u8, args));
        });
        Ok(())
    }
    unsafe fn dma_map(&self, _: *mut u8, _: usize, _: u64, _: DmaPerm) -> DeviceResult<()> {
        Ok(())
    }
    fn dma_unmap(&self, _: u64, _: usize) -> DeviceResult<()> {
        Ok(())
    }
    fn num_vectors(&self) -> u32 {
        1
    }
    fn wait_irq(&self, _: u32, _: Duration) -> DeviceResult<bool> {
        Ok(false)
    }
    fn now_ns(&self) -> u64 {
        self.with(|r| r.now)
    }
    fn relax(&self) {
        self.with(|r| r.now += 1_000);
    }
}

fn open() -> (Arc<Model>, Nic) {
    let m = Model::new();
    let nic = Nic::open(m.clone()).expect("the model is a warpnic");
    (m, nic)
}

fn last_cmd(m: &Model) -> (u8, Vec<u32>) {
    m.with(|r| r.log.last().cloned().expect("a command ran"))
}

#[test]
fn registration_through_the_block() {
    let (m, nic) = open();
    let pd = nic.alloc_pd().expect("pd");
    let pd2 = nic.clone().alloc_pd().expect("pd");
    assert_ne!(pd.pd_num(), 0);
    assert_ne!(pd.pd_num(), pd2.pd_num(), "numbered per NIC, clones share");
    let mem = Arc::new(nic.alloc_dma(0x3000, DmaPerm::RW).expect("dma"));
    let access = AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE;
    let mr = pd.reg_mr(&mem, 0x1000, 0x800, access).expect("registers");
    let (op, args) = last_cmd(&m);
    assert_eq!(op, u8::from(RdmaCmd::MrReg));
    let iova = mem.iova() + 0x1000;
    let want = RdmaMrRegArgs {
        stag: mr.lkey(),
        pd: pd.pd_num(),
        access: access.bits(),
        base: iova,
        len: 0x800,
        iova,
    };
    assert_eq!(args[..RdmaMrRegArgs::WORDS], want.to_words().expect("fits"));
    assert_eq!((mr.addr(), mr.len(), mr.rkey()), (iova, 0x800, mr.lkey()));
    assert_ne!(mr.lkey() >> 8, 0);
    let sge = mr.sge(0x10, 0x20).expect("inside");
    assert_eq!(sge.addr, iova + 0x10);
    assert!(mr.sge(0x7f0, 0x11).is_err());
    // host-side refusals never reach the device
    let n = m.with(|r| r.log.len());
    assert!(pd.reg_mr(&mem, 0, 1, AccessFlags::REMOTE_WRITE).is_err());
    assert!(pd
        .reg_mr(&mem, 0x2800, 0x900, AccessFlags::LOCAL_WRITE)
        .is_err());
    assert!(pd.reg_mr(&mem, 0, 0, AccessFlags::LOCAL_WRITE).is_err());
    assert!(mr.invalidate().is_err(), "not fast-register");
    assert_eq!(m.with(|r| r.log.len()), n);
    // a device refusal is an error with its own message
    m.with(|r| r.fail_next = Some((RdmaCmd::MrReg, RdmaCmdStatus::BadArg)));
    let e = pd
        .reg_mr(&mem, 0, 0x10, AccessFlags::LOCAL_WRITE)
        .expect_err("refused");
    assert!(e.to_string().contains("BAD_ARG"), "{e}");
    assert!(
        matches!(
            e,
            Error::RdmaCmd {
                cmd: RdmaCmd::MrReg,
                status: RdmaCmdStatus::BadArg
            }
        ),
        "{e}"
    );
    // fast-register regions start invalid and invalidate
    let fr = pd
        .reg_mr(
            &mem,
            0,
            0x10,
            AccessFlags::LOCAL_WRITE | AccessFlags::FAST_REG,
        )
        .expect("registers");
    assert_eq!(fr.is_valid().ok(), Some(false));
    fr.invalidate().expect("invalidates");
    let (op, args) = last_cmd(&m);
    assert_eq!(op, u8::from(RdmaCmd::MrInv));
    assert_eq!(args[..2], [fr.lkey(), u32::from(pd.pd_num())]);
    // dropping deregisters
    let stag = mr.lkey();
    drop(mr);
    let (op, args) = last_cmd(&m);
    assert_eq!((op, args[0]), (u8::from(RdmaCmd::MrDereg), stag));
    fr.dereg().expect("deregisters");
}

#[test]
fn queue_pair_through_the_block() {
    let (m, nic) = open();
    let pd = nic.alloc_pd().expect("pd");
    let cq = Arc::new(CompletionQueue::new(&nic, 64, None).expect("cq"));
    let qp = pd
        .create_qp(
            &cq,
            &cq,
            QpCaps {
                max_recv_wr: 4,
                max_send_wr: 2,
            },
        )
        .expect("qp");
    assert_eq!(qp.state().ok(), Some(QpState::Reset));
    let mem = Arc::new(nic.alloc_dma(0x1000, DmaPerm::RW).expect("dma"));
    let mr = pd
        .reg_mr(&mem, 0, 0x1000, AccessFlags::LOCAL_WRITE)
        .expect("mr");
    let sge = [mr.sge(0, 0x100).expect("sge")];
    let wr = |wr_id| RecvWr {
        wr_id,
        sg_list: &sge,
    };
    assert!(qp.post_recv(&[wr(1)]).is_err(), "before INIT");
    assert!(
        qp.modify(&QpAttrs::new(QpState::Rtr)).is_err(),
        "RESET to RTR"
    );
    assert!(
        qp.modify(&QpAttrs::new(QpState::Init)).is_err(),
        "no attributes"
    );
    qp.modify(&QpAttrs::init(33)).expect("to INIT");
    let (op, args) = last_cmd(&m);
    assert_eq!(op, u8::from(RdmaCmd::QpModify));
    assert_eq!(
        args[..13],
        qp_modify_args(qp.qp_num(), &QpAttrs::init(33), true, &qp.inner.resources())
            .expect("words")[..]
    );
    assert_eq!(args[9], 33);
    // posting: entries at the producer index, then the doorbell
    qp.post_recv(&[wr(10), wr(11)]).expect("posted");
    let mut b = [0u8; RDMA_WQE_SIZE];
    qp.inner.rq.read(RDMA_WQE_SIZE, &mut b).expect("ring");
    assert_eq!(b, encode_recv_wqe(&wr(11)).expect("wqe"));
    let db = u64::from(regs::qp::elem(qp.qp_num()) + regs::qp::elem::RQ_PI);
    assert_eq!(m.with(|r| r.regs.get(&db).copied()), Some(2));
    // a scatter entry of another PD is refused on the host
    let other = nic.alloc_pd().expect("pd");
    let omr = other
        .reg_mr(&mem, 0, 0x100, AccessFlags::LOCAL_WRITE)
        .expect("mr");
    let osge = [omr.sge(0, 0x10).expect("sge")];
    assert!(qp
        .post_recv(&[RecvWr {
            wr_id: 5,
            sg_list: &osge
        }])
        .is_err());
    // the ring holds 4: two more fit, the fifth does not (the model's
    // consumer index stays 0)
    qp.post_recv(&[wr(12), wr(13)]).expect("fits");
    assert!(matches!(
        qp.post_recv(&[wr(14)]),
        Err(Error::QueueFull { depth: 4 })
    ));
    // a completion frees one
    let wc = WorkCompletion {
        qp_num: qp.qp_num(),
        ..WorkCompletion::default()
    };
    qp.inner.ctx().account(&wc).expect("accounted");
    assert_eq!(qp.recv_outstanding().ok(), Some(3));
    qp.post_recv(&[wr(14)]).expect("fits again");
    assert_eq!(m.with(|r| r.regs.get(&db).copied()), Some(5));
    // transitions the hardware refuses are refused first on the host
    let n = m.with(|r| r.log.len());
    assert!(qp.modify(&QpAttrs::new(QpState::Sqd)).is_err());
    assert!(qp.modify(&QpAttrs::new(QpState::Rtr).ird(1)).is_err());
    assert_eq!(m.with(|r| r.log.len()), n + 2, "only the two queries");
    qp.modify(&QpAttrs::new(QpState::Rtr)).expect("to RTR");
    qp.modify(&QpAttrs::new(QpState::Rtr)).expect("no-op");
    assert_eq!(
        last_cmd(&m).0,
        u8::from(RdmaCmd::QpQuery),
        "no-op sends nothing"
    );
    m.with(|r| r.fail_next = Some((RdmaCmd::QpModify, RdmaCmdStatus::BadTransition)));
    let e = qp.modify(&QpAttrs::new(QpState::Rts)).expect_err("refused");
    assert!(e.to_string().contains("BAD_TRANSITION"), "{e}");
    assert!(
        matches!(
            e,
            Error::RdmaCmd {
                cmd: RdmaCmd::QpModify,
                status: RdmaCmdStatus::BadTransition
            }
        ),
        "{e}"
    );
    // binding needs the same connection
    assert!(qp.bind_endpoint(EndpointId(1), 34).is_err());
    // dropping takes the QP to ERROR and RESET
    let qpn = qp.qp_num();
    drop(qp);
    let tail: Vec<(u8, u32, u32)> = m.with(|r| {
        r.log
            .iter()
            .rev()
            .take(2)
            .map(|(op, a)| (*op, a[0], a[1]))
            .collect()
    });
    let modify = u8::from(RdmaCmd::QpModify);
    assert_eq!(
        tail,
        vec![
            (modify, qpn, u32::from(u8::from(QpState::Reset))),
            (modify, qpn, u32::from(u8::from(QpState::Error))),
        ]
    );
}

#[test]
fn a_silent_block_times_out() {
    let (m, nic) = open();
    let pd = nic.alloc_pd().expect("pd");
    let mem = Arc::new(nic.alloc_dma(0x1000, DmaPerm::RW).expect("dma"));
    m.with(|r| r.stuck = true);
    let e = pd
        .reg_mr(&mem, 0, 0x10, AccessFlags::LOCAL_WRITE)
        .expect_err("times out");
    assert!(matches!(e, Error::Device(DeviceError::Gone(_))), "{e}");
    assert!(m.with(|r| r.now) >= CMD_TIMEOUT.as_nanos() as u64);
    // the entry's index is never handed out again
    let ctx = nic.verbs().expect("context");
    assert!(ctx.st.lock().expect("state").mrs.slots[1].leaked);
    m.with(|r| r.stuck = false);
    let mr = pd
        .reg_mr(&mem, 0, 0x10, AccessFlags::LOCAL_WRITE)
        .expect("registers");
    assert_eq!(mr.lkey() >> 8, 2);
}
