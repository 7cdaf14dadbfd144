//! An opened warpnic: identification, port control, the firmware mailbox,
//! counters, and the bookkeeping of hardware queues and device addresses.
//! A [`Nic`] also holds the RDMA command channel and the verbs tables
//! ([`crate::verbs`]), which its clones share.

use crate::device::{Device, DmaPerm};
use crate::error::{lock, ArgError, Error, Result};
use crate::mem::{DmaMem, IovaAllocator};
use crate::tcp_owner::TcpRouter;
use crate::verbs::cmd::RdmaCmdChannel;
use crate::verbs::tables::VerbsTables;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use warpnic_abi::gen::{
    self, regs, FwIpv4, FwMac, FwMsgHdr, FwOpcode, FwStatus, FwVersionRsp, MboxStatus,
};

/// Where device addresses start (leaves page 0 unmapped so a zero address
/// from a bug always faults).
const IOVA_BASE: u64 = 0x10_0000;
/// Size of the device address space the library hands out.
const IOVA_SPAN: u64 = 1 << 40;

/// Identification read at open time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NicInfo {
    /// BUILD_ID register.
    pub build_id: u32,
    /// ABI_VERSION register.
    pub abi_version: u32,
    /// Number of send queues.
    pub num_sq: u32,
    /// Number of receive queues.
    pub num_rq: u32,
    /// Number of completion queues.
    pub num_cq: u32,
    /// Number of event queues.
    pub num_eq: u32,
    /// Core clock.
    pub clock_mhz: u32,
    /// Datapath width in bits.
    pub data_width: u32,
    /// Block types found walking the register map, with their base.
    pub blocks: Vec<(u32, u32)>,
}

/// The 64-bit counters of the STATS block.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Frames sent.
    pub tx_frames: u64,
    /// Bytes sent.
    pub tx_bytes: u64,
    /// Frames delivered to receive queues.
    pub rx_frames: u64,
    /// Bytes delivered.
    pub rx_bytes: u64,
    /// Frames dropped for a bad FCS.
    pub rx_fcs_err: u64,
    /// Frames dropped by the address filter.
    pub rx_drop_filter: u64,
    /// Frames dropped for their length.
    pub rx_drop_length: u64,
    /// Frames dropped with no receive buffer posted.
    pub rx_drop_no_buf: u64,
    /// Frames dropped on a full receive FIFO.
    pub rx_drop_overrun: u64,
    /// Frames larger than the posted buffer.
    pub rx_len_err: u64,
    /// Send work requests completed in error.
    pub tx_err: u64,
    /// DMA reads refused.
    pub dma_rd_err: u64,
    /// DMA writes refused.
    pub dma_wr_err: u64,
    /// Register accesses that hit no register.
    pub bad_reg: u64,
    /// Doorbells past the ring.
    pub doorbell_err: u64,
    /// Events written.
    pub events: u64,
    /// Interrupts raised.
    pub irqs: u64,
    /// Mailbox requests.
    pub fw_msgs: u64,
    /// Received frames passed to the firmware (ARP, ICMP to the port).
    pub rx_exception: u64,
    /// Exception frames dropped (too long, or the firmware's buffer full).
    pub rx_drop_exception: u64,
    /// Frames the firmware sent.
    pub tx_fw_frames: u64,
    /// TCP segments taken by the TCP engine.
    pub tcp_rx_segs: u64,
    /// TCP segments dropped for a bad checksum or a MAC error.
    pub tcp_rx_bad_csum: u64,
    /// TCP segments the engine dropped (unacceptable, aborted connection,
    /// no connection id free, queue full).
    pub tcp_rx_drop: u64,
    /// RSTs the engine sent for segments of no connection or bad ACKs.
    pub tcp_rst_sent: u64,
    /// Segments the TCP engine sent.
    pub tcp_tx_segs: u64,
    /// CPL messages the engine refused, and doorbells it lost.
    pub tcp_cpl_bad: u64,
}

#[derive(Debug)]
struct Slots {
    sq: Vec<bool>,
    rq: Vec<bool>,
    cq: Vec<bool>,
    eq: Vec<bool>,
}

pub(crate) struct NicInner {
    pub(crate) dev: Arc<dyn Device>,
    pub(crate) iovas: Arc<Mutex<IovaAllocator>>,
    pub(crate) info: NicInfo,
    slots: Mutex<Slots>,
    /// The mailbox, held for a whole command; the last sequence number.
    fw_seq: Mutex<u8>,
    /// The RDMA command channel (one command at a time).
    pub(crate) rdma_cmd: RdmaCmdChannel,
    /// The verbs tables, once a verbs call needed them.
    pub(crate) verbs: Mutex<Option<Arc<VerbsTables>>>,
    /// Who takes which TCP event ([`crate::tcp_owner`]).
    pub(crate) tcp_router: Mutex<TcpRouter>,
}

/// An opened warpnic. Cheap to clone; queues hold a clone.
#[derive(Clone)]
pub struct Nic {
    pub(crate) inner: Arc<NicInner>,
}

impl std::fmt::Debug for Nic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Nic")
            .field("device", &self.inner.dev.name())
            .field("info", &self.inner.info)
            .finish()
    }
}

/// Which kind of hardware queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum QueueKind {
    Sq,
    Rq,
    Cq,
    Eq,
}

impl QueueKind {
    pub(crate) fn name(self) -> &'static str {
        match self {
            QueueKind::Sq => "send queue",
            QueueKind::Rq => "receive queue",
            QueueKind::Cq => "completion queue",
            QueueKind::Eq => "event queue",
        }
    }
}

impl Nic {
    /// Opens the device: checks that BAR0 holds a warpnic built from the
    /// same ABI description as this library, walks the register map, and
    /// resets every queue.
    ///
    /// # Errors
    /// [`Error::NotWarpnic`], [`Error::AbiMismatch`], [`Error::MissingBlock`]
    /// or a backend error.
    pub fn open(dev: Arc<dyn Device>) -> Result<Nic> {
        let ty = dev.read32(u64::from(regs::id::BASE + regs::TYPE))?;
        if ty != regs::id::TYPE_ID {
            return Err(Error::NotWarpnic {
                found: ty,
                expected: regs::id::TYPE_ID,
            });
        }
        let build_id = dev.read32(u64::from(regs::id::BUILD_ID))?;
        if build_id != gen::BUILD_ID {
            return Err(Error::AbiMismatch {
                device: build_id,
                library: gen::BUILD_ID,
            });
        }
        // walk the block list
        let mut blocks = Vec::new();
        let mut at = 0u32;
        for _ in 0..64 {
            let t = dev.read32(u64::from(at + regs::TYPE))?;
            blocks.push((t, at));
            let next = dev.read32(u64::from(at + regs::NEXT))?;
            if next == 0 || next <= at || u64::from(next) >= dev.bar0_size() {
                break;
            }
            at = next;
        }
        for (name, ty) in [
            ("CTRL", regs::ctrl::TYPE_ID),
            ("MBOX", regs::mbox::TYPE_ID),
            ("SQ", regs::sq::TYPE_ID),
            ("RQ", regs::rq::TYPE_ID),
            ("CQ", regs::cq::TYPE_ID),
            ("EQ", regs::eq::TYPE_ID),
            ("STATS", regs::stats::TYPE_ID),
        ] {
            if !blocks.iter().any(|&(t, _)| t == ty) {
                return Err(Error::MissingBlock(name));
            }
        }
        let r = |o: u32| dev.read32(u64::from(o));
        let info = NicInfo {
            build_id,
            abi_version: r(regs::id::ABI_VERSION)?,
            num_sq: r(regs::id::NUM_SQ)?,
            num_rq: r(regs::id::NUM_RQ)?,
            num_cq: r(regs::id::NUM_CQ)?,
            num_eq: r(regs::id::NUM_EQ)?,
            clock_mhz: r(regs::id::CLOCK_MHZ)?,
            data_width: r(regs::id::DATA_WIDTH)?,
            blocks,
        };
        // every queue starts disabled
        for n in 0..info.num_sq {
            dev.write32(u64::from(regs::sq::elem(n) + regs::sq::elem::CTRL), 0)?;
        }
        for n in 0..info.num_rq {
            dev.write32(u64::from(regs::rq::elem(n) + regs::rq::elem::CTRL), 0)?;
        }
        for n in 0..info.num_cq {
            dev.write32(u64::from(regs::cq::elem(n) + regs::cq::elem::CTRL), 0)?;
        }
        for n in 0..info.num_eq {
            dev.write32(u64::from(regs::eq::elem(n) + regs::eq::elem::CTRL), 0)?;
        }
        let slots = Slots {
            sq: vec![false; info.num_sq as usize],
            rq: vec![false; info.num_rq as usize],
            cq: vec![false; info.num_cq as usize],
            eq: vec![false; info.num_eq as usize],
        };
        Ok(Nic {
            inner: Arc::new(NicInner {
                dev,
                iovas: Arc::new(Mutex::new(IovaAllocator::new(IOVA_BASE, IOVA_SPAN))),
                info,
                slots: Mutex::new(slots),
                fw_seq: Mutex::new(0),
                rdma_cmd: RdmaCmdChannel::default(),
                verbs: Mutex::new(None),
                tcp_router: Mutex::new(TcpRouter::default()),
            }),
        })
    }

    /// Identification.
    pub fn info(&self) -> &NicInfo {
        &self.inner.info
    }

    /// The backend.
    pub fn device(&self) -> &Arc<dyn Device> {
        &self.inner.dev
    }

    /// Allocates DMA memory the device may access as `perm` allows.
    ///
    /// # Errors
    /// See [`DmaMem::new`].
    pub fn alloc_dma(&self, len: usize, perm: DmaPerm) -> Result<DmaMem> {
        DmaMem::new(self.inner.dev.clone(), self.inner.iovas.clone(), len, perm)
    }

    pub(crate) fn rd(&self, off: u32) -> Result<u32> {
        Ok(self.inner.dev.read32(u64::from(off))?)
    }

    pub(crate) fn wr(&self, off: u32, v: u32) -> Result<()> {
        Ok(self.inner.dev.write32(u64::from(off), v)?)
    }

    pub(crate) fn take_slot(&self, kind: QueueKind) -> Result<u32> {
        let mut s = lock(&self.inner.slots, "queue table")?;
        let v = match kind {
            QueueKind::Sq => &mut s.sq,
            QueueKind::Rq => &mut s.rq,
            QueueKind::Cq => &mut s.cq,
            QueueKind::Eq => &mut s.eq,
        };
        let count = v.len() as u32;
        let i = v.iter().position(|used| !used).ok_or(Error::NoFreeQueue {
            kind: kind.name(),
            count,
        })?;
        v[i] = true;
        Ok(i as u32)
    }

    pub(crate) fn release_slot(&self, kind: QueueKind, n: u32) {
        if let Ok(mut s) = self.inner.slots.lock() {
            let v = match kind {
                QueueKind::Sq => &mut s.sq,
                QueueKind::Rq => &mut s.rq,
                QueueKind::Cq => &mut s.cq,
                QueueKind::Eq => &mut s.eq,
            };
            if let Some(x) = v.get_mut(n as usize) {
                *x = false;
            }
        }
    }

    /// Enables or disables the transmit and receive paths.
    ///
    /// # Errors
    /// A backend error.
    pub fn set_port(&self, tx: bool, rx: bool) -> Result<()> {
        let mut v = 0;
        if tx {
            v |= gen::ctrl_flags::TX_ENABLE;
        }
        if rx {
            v |= gen::ctrl_flags::RX_ENABLE;
        }
        self.wr(regs::ctrl::CONTROL, v)
    }

    /// Sets the receive filter (`gen::rx_filter` bits).
    ///
    /// # Errors
    /// A backend error.
    pub fn set_rx_filter(&self, bits: u32) -> Result<()> {
        self.wr(regs::ctrl::RX_FILTER, bits & 0x7)
    }

    /// Chooses which received frames go to the firmware instead of a
    /// receive queue (`gen::exc_filter` bits: ARP, ICMP to the port's
    /// address). Both by default; 0 gives every frame to the host.
    ///
    /// # Errors
    /// A backend error.
    pub fn set_exception_filter(&self, bits: u32) -> Result<()> {
        self.wr(regs::ctrl::EXC_FILTER, bits & 0x3)
    }

    /// Sets the largest frame (without FCS) sent or accepted.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] outside 60..=9014, or a backend error.
    pub fn set_max_frame(&self, bytes: u32) -> Result<()> {
        if !(60..=9014).contains(&bytes) {
            return Err(Error::range("bytes", bytes, 60u32, 9014u32));
        }
        self.wr(regs::ctrl::MAX_FRAME, bytes)
    }

    /// The current MAX_FRAME.
    ///
    /// # Errors
    /// A backend error.
    pub fn max_frame(&self) -> Result<u32> {
        self.rd(regs::ctrl::MAX_FRAME)
    }

    /// Selects the receive queue that takes received frames.
    ///
    /// # Errors
    /// A backend error (the device refuses an index out of range).
    pub fn set_rx_queue(&self, rq: u32) -> Result<()> {
        self.wr(regs::ctrl::RX_RQ, rq)
    }

    /// The port's MAC address as the core uses it (set by the firmware).
    ///
    /// # Errors
    /// A backend error.
    pub fn mac(&self) -> Result<[u8; 6]> {
        let lo = self.rd(regs::ctrl::MAC_LO)?;
        let hi = self.rd(regs::ctrl::MAC_HI)?;
        Ok(mac_from_words(lo, hi))
    }

    /// Reads every counter.
    ///
    /// # Errors
    /// A backend error.
    pub fn stats(&self) -> Result<Stats> {
        let c = |off: u32| -> Result<u64> {
            let lo = self.rd(off)?;
            let hi = self.rd(off + 4)?;
            Ok((u64::from(hi) << 32) | u64::from(lo))
        };
        use regs::stats as s;
        Ok(Stats {
            tx_frames: c(s::TX_FRAMES)?,
            tx_bytes: c(s::TX_BYTES)?,
            rx_frames: c(s::RX_FRAMES)?,
            rx_bytes: c(s::RX_BYTES)?,
            rx_fcs_err: c(s::RX_FCS_ERR)?,
            rx_drop_filter: c(s::RX_DROP_FILTER)?,
            rx_drop_length: c(s::RX_DROP_LENGTH)?,
            rx_drop_no_buf: c(s::RX_DROP_NO_BUF)?,
            rx_drop_overrun: c(s::RX_DROP_OVERRUN)?,
            rx_len_err: c(s::RX_LEN_ERR)?,
            tx_err: c(s::TX_ERR)?,
            dma_rd_err: c(s::DMA_RD_ERR)?,
            dma_wr_err: c(s::DMA_WR_ERR)?,
            bad_reg: c(s::BAD_REG)?,
            doorbell_err: c(s::DOORBELL_ERR)?,
            events: c(s::EVENTS)?,
            irqs: c(s::IRQS)?,
            fw_msgs: c(s::FW_MSGS)?,
            rx_exception: c(s::RX_EXCEPTION)?,
            rx_drop_exception: c(s::RX_DROP_EXCEPTION)?,
            tx_fw_frames: c(s::TX_FW_FRAMES)?,
            tcp_rx_segs: c(s::TCP_RX_SEGS)?,
            tcp_rx_bad_csum: c(s::TCP_RX_BAD_CSUM)?,
            tcp_rx_drop: c(s::TCP_RX_DROP)?,
            tcp_rst_sent: c(s::TCP_RST_SENT)?,
            tcp_tx_segs: c(s::TCP_TX_SEGS)?,
            tcp_cpl_bad: c(s::TCP_CPL_BAD)?,
        })
    }

    /// The device's free-running cycle counter.
    ///
    /// # Errors
    /// A backend error.
    pub fn cycles(&self) -> Result<u64> {
        let lo = self.rd(regs::ctrl::CYCLES_LO)?;
        let hi = self.rd(regs::ctrl::CYCLES_HI)?;
        Ok((u64::from(hi) << 32) | u64::from(lo))
    }

    /// Sends a command to the firmware through the mailbox and waits for
    /// the answer (polling STATUS, up to `timeout` of device time).
    /// Returns the response words after the header. Threads sharing the
    /// NIC take the mailbox in turn (a command waits for the one before
    /// it to be answered, outside its own timeout).
    ///
    /// # Errors
    /// [`Error::FwTimeout`], [`Error::FwStatus`] when the firmware refuses,
    /// [`Error::FwProtocol`] for a malformed answer, or a backend error.
    pub fn fw_command(&self, op: FwOpcode, args: &[u32], timeout: Duration) -> Result<Vec<u32>> {
        let max = gen::FW_MSG_MAX_WORDS as usize;
        if args.len() + 1 > max {
            return Err(Error::arg(
                "args",
                ArgError::TooLong {
                    got: args.len(),
                    max: max - 1,
                },
            ));
        }
        // the mailbox is one request at a time: the lock is held from the
        // request's first word to the answer's last, so threads sharing the
        // NIC never interleave their words
        let mut mbox = lock(&self.inner.fw_seq, "mailbox")?;
        *mbox = mbox.wrapping_add(1);
        let seq = *mbox;
        let dev = &self.inner.dev;
        let start = dev.now_ns();
        let deadline = start.saturating_add(timeout.as_nanos() as u64);
        let status = || -> Result<MboxStatus> {
            MboxStatus::from_words(&[self.rd(regs::mbox::STATUS)?]).map_err(Error::answer)
        };
        // wait for a previous request to finish
        while status()?.busy {
            if dev.now_ns() > deadline {
                return Err(Error::FwTimeout(timeout.as_millis() as u64));
            }
            dev.relax();
        }
        let hdr = FwMsgHdr {
            opcode: op.into(),
            seq,
            status: 0,
            len: (args.len() + 1) as u8,
        };
        self.wr(regs::mbox::REQ, u32::from_le_bytes(hdr.to_bytes()))?;
        for (i, a) in args.iter().enumerate() {
            self.wr(regs::mbox::REQ + 4 * (i as u32 + 1), *a)?;
        }
        self.wr(regs::mbox::DOORBELL, (args.len() + 1) as u32)?;
        let done = loop {
            let st = status()?;
            if st.rsp_valid && !st.busy {
                break st;
            }
            if dev.now_ns() > deadline {
                return Err(Error::FwTimeout(timeout.as_millis() as u64));
            }
            dev.relax();
        };
        let words = usize::from(done.rsp_len);
        if words == 0 || words > max {
            return Err(Error::FwProtocol("response length out of range".into()));
        }
        let mut rsp = Vec::with_capacity(words);
        for i in 0..words {
            rsp.push(self.rd(regs::mbox::RSP + 4 * i as u32)?);
        }
        let h = FwMsgHdr::from_bytes(&rsp[0].to_le_bytes());
        if h.seq != seq || h.opcode != u8::from(op) {
            return Err(Error::FwProtocol(
                "response does not match the request".into(),
            ));
        }
        if usize::from(h.len) != words {
            return Err(Error::FwProtocol(
                "response header length disagrees with its size".into(),
            ));
        }
        match FwStatus::try_from(h.status) {
            Ok(FwStatus::Ok) => Ok(rsp[1..].to_vec()),
            Ok(s) => Err(Error::FwStatus(s)),
            Err(_) => Err(Error::FwProtocol("unknown status".into())),
        }
    }

    /// Asks the firmware to set the port's MAC address.
    ///
    /// # Errors
    /// [`Error::FwStatus`] (BAD_ARGUMENT for a group or zero address), or
    /// as [`Nic::fw_command`].
    pub fn set_mac(&self, mac: [u8; 6]) -> Result<()> {
        let args = FwMac {
            mac: mac_value(mac),
        }
        .to_words()
        .map_err(Error::block_arg)?;
        self.fw_command(FwOpcode::SetMac, &args, Duration::from_millis(100))?;
        Ok(())
    }

    /// Gives the port an IPv4 address, every peer on link: the firmware
    /// then answers ARP and ICMP echo for it, and the core steers those
    /// frames to the firmware. [`Nic::set_ipv4_route`] adds a gateway.
    ///
    /// # Errors
    /// [`Error::FwStatus`] (BAD_ARGUMENT for a prefix outside 1..=32 or an
    /// address that cannot be a host's), or as [`Nic::fw_command`].
    pub fn set_ipv4(&self, addr: std::net::Ipv4Addr, prefix_len: u8) -> Result<()> {
        self.set_ipv4_route(addr, prefix_len, None)
    }

    /// The port's IPv4 address, its on-link prefix and its default
    /// gateway: peers inside the prefix are reached directly, the others
    /// through the gateway (without one, every peer is treated as on
    /// link).
    ///
    /// # Errors
    /// As [`Nic::set_ipv4`]; BAD_ARGUMENT also for a gateway that is not a
    /// unicast host of the subnet other than the port itself.
    pub fn set_ipv4_route(
        &self,
        addr: std::net::Ipv4Addr,
        prefix_len: u8,
        gateway: Option<std::net::Ipv4Addr>,
    ) -> Result<()> {
        let args = FwIpv4 {
            addr: u32::from(addr),
            prefix_len,
            gateway: gateway.map_or(0, u32::from),
        }
        .to_words()
        .map_err(Error::block_arg)?;
        self.fw_command(FwOpcode::SetIpv4, &args, Duration::from_millis(100))?;
        Ok(())
    }

    /// The port's IPv4 address and prefix length (0.0.0.0/0 before
    /// [`Nic::set_ipv4`]).
    ///
    /// # Errors
    /// As [`Nic::fw_command`].
    pub fn ipv4(&self) -> Result<(std::net::Ipv4Addr, u8)> {
        let (addr, prefix, _) = self.ipv4_route()?;
        Ok((addr, prefix))
    }

    /// The port's IPv4 address, prefix length and gateway.
    ///
    /// # Errors
    /// As [`Nic::fw_command`].
    pub fn ipv4_route(&self) -> Result<(std::net::Ipv4Addr, u8, Option<std::net::Ipv4Addr>)> {
        let r = self.fw_command(FwOpcode::GetIpv4, &[], Duration::from_millis(100))?;
        let FwIpv4 {
            addr,
            prefix_len,
            gateway,
        } = FwIpv4::from_prefix(&r).map_err(Error::answer)?;
        let gateway = (gateway != 0).then(|| std::net::Ipv4Addr::from(gateway));
        Ok((std::net::Ipv4Addr::from(addr), prefix_len, gateway))
    }

    /// Asks the firmware for its interface version; returns (version, build
    /// ID the firmware read from the core).
    ///
    /// # Errors
    /// As [`Nic::fw_command`].
    pub fn fw_version(&self) -> Result<(u32, u32)> {
        let r = self.fw_command(FwOpcode::GetVersion, &[], Duration::from_millis(100))?;
        let v = FwVersionRsp::from_prefix(&r).map_err(Error::answer)?;
        Ok((v.version, v.build_id))
    }
}

/// MAC address from the (LO, HI) register pair: byte 0 is bits 47:40.
pub fn mac_from_words(lo: u32, hi: u32) -> [u8; 6] {
    let v = (u64::from(hi & 0xffff) << 32) | u64::from(lo);
    let b = v.to_be_bytes();
    [b[2], b[3], b[4], b[5], b[6], b[7]]
}

/// The (LO, HI) register pair of a MAC address.
pub fn mac_to_words(mac: [u8; 6]) -> (u32, u32) {
    let v = mac_value(mac);
    (v as u32, (v >> 32) as u32)
}

/// A MAC address as the 48-bit value registers and mailbox words carry:
/// byte 0 is bits 47:40.
fn mac_value(mac: [u8; 6]) -> u64 {
    let mut b = [0u8; 8];
    b[2..].copy_from_slice(&mac);
    u64::from_be_bytes(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mac_words_round_trip() {
        let mac = [0x02, 0x11, 0x22, 0x33, 0x44, 0x55];
        let (lo, hi) = mac_to_words(mac);
        assert_eq!(hi, 0x0211);
        assert_eq!(lo, 0x2233_4455);
        assert_eq!(mac_from_words(lo, hi), mac);
    }
}
