//! One NIC of the world and its surroundings: the Verilated core, the DMA
//! model and IOMMU, the MAC, the BAR0 master, the firmware port and the
//! firmware, stepped one clock cycle at a time.

use super::{Attach, FW_FIFO};
use crate::dma::{DmaModel, DmaPinsIn, DmaPinsOut};
use crate::error::{SimError, SimResult};
use crate::iommu::Iommu;
use crate::mac::{MacRx, MacTx};
use crate::model::{ports, Model};
use crate::rng::Rng;
use std::collections::VecDeque;
use warpnic_fw::{Firmware, Hal};

/// AXI4-Lite master state for one register access.
#[derive(Clone, Copy, Debug)]
pub(super) enum Axil {
    Idle,
    Write { addr: u16, data: u32, stage: u8 },
    Read { addr: u16, stage: u8 },
    Done(Result<u32, u8>),
}

/// The part of a NIC the firmware's HAL drives (everything but the
/// firmware itself).
pub(super) struct NicHw {
    /// This NIC's own cycle count: ahead of the world's by the cycles its
    /// firmware spent on register accesses.
    pub(super) local: u64,
    /// An error raised inside a firmware register access.
    pub(super) error: Option<SimError>,
    pub(super) model: Model,
    pub(super) dma: DmaModel,
    pub(super) dma_in: DmaPinsIn,
    pub(super) iommu: Iommu,
    pub(super) mac_tx: MacTx,
    pub(super) mac_rx: MacRx,
    pub(super) attach: Option<Attach>,
    pub(super) axil: Axil,
    pub(super) fw_in: VecDeque<(u32, bool)>,
    pub(super) fw_out: VecDeque<(u32, bool)>,
    pub(super) fw_reg: Option<(bool, u8, u32)>,
    pub(super) irq_count: Vec<u64>,
    /// Interrupts raised by the core, not yet delivered to the host:
    /// (vector, writes that must land first, earliest cycle).
    pub(super) irq_pending: VecDeque<(usize, u64, u64)>,
    pub(super) tx_frames: Vec<Vec<u8>>,
    pub(super) dropped_no_link: u64,
    pub(super) rd_buf: [u8; 64],
    pub(super) stall: f64,
    pub(super) stall_rng: Rng,
}

/// The handshakes stalled in one cycle.
#[derive(Clone, Copy, Default)]
struct Stalls {
    rd_req: bool,
    rd_rsp: bool,
    wr: bool,
    tx: bool,
    fw_in: bool,
    fw_out: bool,
    axil: bool,
}

/// One NIC: its hardware and its firmware.
pub(super) struct Nic {
    pub(super) hw: NicHw,
    pub(super) fw: Firmware,
}

impl Nic {
    /// One world cycle `now` of this NIC, after the frames arriving in it
    /// were given to its MAC: a clock cycle of the core (unless its firmware
    /// already ran it), the frames its MAC finished appended to `sent`, then
    /// the firmware, when it has work (its register accesses run further
    /// cycles, whose frames leave in the next world cycle).
    ///
    /// # Errors
    /// As [`NicHw::cycle`], or one raised in a firmware register access.
    pub(super) fn step(&mut self, now: u64, sent: &mut Vec<Vec<u8>>) -> SimResult<()> {
        if self.hw.local <= now {
            self.hw.cycle()?;
        }
        sent.append(&mut self.hw.tx_frames);
        if !self.hw.fw_in.is_empty() || self.fw.response_pending() {
            let mut hal = FwHal { hw: &mut self.hw };
            self.fw.poll(&mut hal, now);
            if let Some(e) = self.hw.error.take() {
                return Err(e);
            }
        }
        Ok(())
    }
}

impl NicHw {
    /// One clock cycle of this NIC.
    ///
    /// # Errors
    /// A model halt (an assertion in the RTL) or a DMA protocol error.
    pub(super) fn cycle(&mut self) -> SimResult<()> {
        let now = self.local;
        let st = if self.stall > 0.0 {
            let p = self.stall;
            let r = &mut self.stall_rng;
            Stalls {
                rd_req: r.chance(p),
                rd_rsp: r.chance(p),
                wr: r.chance(p),
                tx: r.chance(p),
                fw_in: r.chance(p),
                fw_out: r.chance(p),
                axil: r.chance(p),
            }
        } else {
            Stalls::default()
        };
        let m = &mut self.model;
        // ---- inputs for this cycle (a stalled channel shows the core no
        // ready / no valid, and the model on the other side sees no transfer)
        let d = &self.dma_in;
        m.set(
            ports::M_DMA_RD_REQ_READY_I,
            u64::from(d.rd_req_ready && !st.rd_req),
        );
        m.set(
            ports::S_DMA_RD_RSP_VALID_I,
            u64::from(d.rd_rsp.valid && !st.rd_rsp),
        );
        m.set_bytes(ports::S_DMA_RD_RSP_DATA_I, &d.rd_rsp.data);
        m.set(ports::S_DMA_RD_RSP_TAG_I, u64::from(d.rd_rsp.tag));
        m.set(ports::S_DMA_RD_RSP_ERR_I, u64::from(d.rd_rsp.err));
        m.set(ports::S_DMA_RD_RSP_LAST_I, u64::from(d.rd_rsp.last));
        m.set(ports::M_DMA_WR_READY_I, u64::from(d.wr_ready && !st.wr));
        m.set(ports::S_DMA_WR_DONE_VALID_I, u64::from(d.wr_done.valid));
        m.set(ports::S_DMA_WR_DONE_TAG_I, u64::from(d.wr_done.tag));
        m.set(ports::S_DMA_WR_DONE_ERR_I, u64::from(d.wr_done.err));

        let tx_ready = self.mac_tx.ready() && !st.tx;
        m.set(ports::M_AXIS_TX_TREADY_I, u64::from(tx_ready));
        match self.mac_rx.beat() {
            Some(b) => {
                m.set(ports::S_AXIS_RX_TVALID_I, 1);
                m.set_bytes(ports::S_AXIS_RX_TDATA_I, &b.data);
                m.set(ports::S_AXIS_RX_TKEEP_I, b.keep);
                m.set(ports::S_AXIS_RX_TLAST_I, u64::from(b.last));
                m.set(ports::S_AXIS_RX_TUSER_I, u64::from(b.user));
            }
            None => m.set(ports::S_AXIS_RX_TVALID_I, 0),
        }

        // BAR0 master
        let (aw, w, bready, ar, rready, addr, wdata) = match self.axil {
            _ if st.axil => (false, false, false, false, false, 0, 0),
            Axil::Write { addr, data, stage } => {
                (stage == 0, stage == 0, stage == 1, false, false, addr, data)
            }
            Axil::Read { addr, stage } => (false, false, false, stage == 0, stage == 1, addr, 0),
            _ => (false, false, false, false, false, 0, 0),
        };
        m.set(ports::S_AXIL_AWVALID_I, u64::from(aw));
        m.set(ports::S_AXIL_WVALID_I, u64::from(w));
        m.set(ports::S_AXIL_AWADDR_I, u64::from(addr));
        m.set(ports::S_AXIL_ARADDR_I, u64::from(addr));
        m.set(ports::S_AXIL_WDATA_I, u64::from(wdata));
        m.set(ports::S_AXIL_WSTRB_I, 0xf);
        m.set(ports::S_AXIL_BREADY_I, u64::from(bready));
        m.set(ports::S_AXIL_ARVALID_I, u64::from(ar));
        m.set(ports::S_AXIL_RREADY_I, u64::from(rready));

        // firmware port
        let fw_tready = self.fw_in.len() < FW_FIFO && !st.fw_in;
        m.set(ports::M_AXIS_FW_TREADY_I, u64::from(fw_tready));
        match self.fw_out.front().filter(|_| !st.fw_out) {
            Some(&(word, last)) => {
                m.set(ports::S_AXIS_FW_TVALID_I, 1);
                m.set(ports::S_AXIS_FW_TDATA_I, u64::from(word));
                m.set(ports::S_AXIS_FW_TLAST_I, u64::from(last));
            }
            None => m.set(ports::S_AXIS_FW_TVALID_I, 0),
        }
        match self.fw_reg.take() {
            Some((we, a, wd)) => {
                m.set(ports::FW_REG_EN_I, 1);
                m.set(ports::FW_REG_WE_I, u64::from(we));
                m.set(ports::FW_REG_ADDR_I, u64::from(a));
                m.set(ports::FW_REG_WDATA_I, u64::from(wd));
            }
            None => m.set(ports::FW_REG_EN_I, 0),
        }

        m.eval()?;

        // ---- outputs of this cycle; handshakes of the coming edge
        let mut out = DmaPinsOut::default();
        out.rd_req.valid = m.get(ports::M_DMA_RD_REQ_VALID_O) != 0 && !st.rd_req;
        if out.rd_req.valid {
            out.rd_req.addr = m.get(ports::M_DMA_RD_REQ_ADDR_O);
            out.rd_req.len = m.get(ports::M_DMA_RD_REQ_LEN_O) as u16;
            out.rd_req.tag = m.get(ports::M_DMA_RD_REQ_TAG_O) as u8;
        }
        out.rd_rsp_ready = m.get(ports::S_DMA_RD_RSP_READY_O) != 0 && !st.rd_rsp;
        out.wr.valid = m.get(ports::M_DMA_WR_VALID_O) != 0 && !st.wr;
        if out.wr.valid {
            out.wr.addr = m.get(ports::M_DMA_WR_ADDR_O);
            out.wr.len = m.get(ports::M_DMA_WR_LEN_O) as u16;
            out.wr.tag = m.get(ports::M_DMA_WR_TAG_O) as u8;
            out.wr.last = m.get(ports::M_DMA_WR_LAST_O) != 0;
            m.get_bytes(ports::M_DMA_WR_DATA_O, &mut out.wr.data);
        }

        if tx_ready && m.get(ports::M_AXIS_TX_TVALID_O) != 0 {
            m.get_bytes(ports::M_AXIS_TX_TDATA_O, &mut self.rd_buf);
            let keep = m.get(ports::M_AXIS_TX_TKEEP_O);
            let last = m.get(ports::M_AXIS_TX_TLAST_O) != 0;
            let user = m.get(ports::M_AXIS_TX_TUSER_O) != 0;
            // a malformed beat is the MAC's to refuse: it drops the frame
            let _ = self.mac_tx.push_beat(&self.rd_buf, keep, last, user);
        }

        // BAR0 handshakes (none in a cycle the master stalled)
        self.axil = match self.axil {
            a if st.axil => a,
            Axil::Write {
                addr,
                data,
                stage: 0,
            } => {
                if m.get(ports::S_AXIL_AWREADY_O) != 0 && m.get(ports::S_AXIL_WREADY_O) != 0 {
                    Axil::Write {
                        addr,
                        data,
                        stage: 1,
                    }
                } else {
                    self.axil
                }
            }
            Axil::Write { stage: 1, .. } if m.get(ports::S_AXIL_BVALID_O) != 0 => {
                let resp = m.get(ports::S_AXIL_BRESP_O) as u8;
                Axil::Done(if resp == 0 { Ok(0) } else { Err(resp) })
            }
            Axil::Read { addr, stage: 0 } => {
                if m.get(ports::S_AXIL_ARREADY_O) != 0 {
                    Axil::Read { addr, stage: 1 }
                } else {
                    self.axil
                }
            }
            Axil::Read { stage: 1, .. } if m.get(ports::S_AXIL_RVALID_O) != 0 => {
                let resp = m.get(ports::S_AXIL_RRESP_O) as u8;
                let data = m.get(ports::S_AXIL_RDATA_O) as u32;
                Axil::Done(if resp == 0 { Ok(data) } else { Err(resp) })
            }
            other => other,
        };

        // firmware port handshakes
        if fw_tready && m.get(ports::M_AXIS_FW_TVALID_O) != 0 {
            let word = m.get(ports::M_AXIS_FW_TDATA_O) as u32;
            let last = m.get(ports::M_AXIS_FW_TLAST_O) != 0;
            self.fw_in.push_back((word, last));
        }
        if !self.fw_out.is_empty() && !st.fw_out && m.get(ports::S_AXIS_FW_TREADY_O) != 0 {
            self.fw_out.pop_front();
        }

        // interrupts: an MSI-X message is a posted write, ordered behind
        // every write the core issued before it
        let irq = m.get(ports::IRQ_O);
        if irq != 0 {
            let after = self.dma.writes_started();
            let at = now + self.dma.write_latency_cycles();
            for v in 0..self.irq_count.len() {
                if irq >> v & 1 != 0 {
                    self.irq_pending.push_back((v, after, at));
                }
            }
        }
        while let Some(&(v, after, at)) = self.irq_pending.front() {
            if self.dma.writes_finished() < after || now < at {
                break;
            }
            self.irq_count[v] += 1;
            self.irq_pending.pop_front();
        }

        // ---- the clock edge
        self.iommu.set_now(now);
        self.dma_in = self.dma.tick(now, &out, &mut self.iommu)?;
        m.tick()?;
        if let Some(f) = self.mac_tx.tick() {
            self.tx_frames.push(f);
        }
        self.local += 1;
        Ok(())
    }
}

/// The firmware's view of the core: the firmware port FIFOs and the
/// register window. A register access takes one clock cycle of this NIC.
pub(super) struct FwHal<'a> {
    pub(super) hw: &'a mut NicHw,
}

impl FwHal<'_> {
    fn reg_cycle(&mut self, we: bool, offset: u8, value: u32) -> u32 {
        self.hw.fw_reg = Some((we, offset, value));
        if let Err(e) = self.hw.cycle() {
            // reported by the world once the firmware returns
            self.hw.error.get_or_insert(e);
        }
        self.hw.model.get(ports::FW_REG_RDATA_O) as u32
    }
}

impl Hal for FwHal<'_> {
    fn recv_word(&mut self) -> Option<(u32, bool)> {
        self.hw.fw_in.pop_front()
    }

    fn send_word(&mut self, word: u32, last: bool) -> bool {
        if self.hw.fw_out.len() >= FW_FIFO {
            return false;
        }
        self.hw.fw_out.push_back((word, last));
        true
    }

    fn reg_read(&mut self, offset: u8) -> u32 {
        self.reg_cycle(false, offset, 0)
    }

    fn reg_write(&mut self, offset: u8, value: u32) {
        self.reg_cycle(true, offset, value);
    }
}
