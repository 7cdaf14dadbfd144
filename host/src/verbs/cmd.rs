//! The RDMA command channel of one NIC: the `ARG`/`OP`/`STATUS` protocol
//! of the RDMA control block (docs/abi.md).
//!
//! A command writes its argument words to `ARG0..`, the [`RdmaCmd`] to
//! `OP`, then polls `STATUS` ([`RdmaStatus`]) until BUSY clears, letting
//! the device run in between, for at most [`CMD_TIMEOUT`] of device time;
//! its status field is the [`RdmaCmdStatus`]. QP_QUERY answers in
//! `RSP0..3`. Commands of one NIC are serialized: the [`Nic`] holds the
//! channel, and its clones share it.

use std::sync::Mutex;
use std::time::Duration;

use warpnic_abi::gen::{self, regs, RdmaCmd, RdmaCmdStatus, RdmaStatus};

use super::lock;
use crate::device::DeviceError;
use crate::error::{ArgError, Error, Result};
use crate::nic::Nic;

/// Device time one RDMA command may take.
pub(crate) const CMD_TIMEOUT: Duration = Duration::from_millis(100);

/// The command channel: one command at a time.
#[derive(Debug, Default)]
pub(crate) struct RdmaCmdChannel {
    serial: Mutex<()>,
}

impl RdmaCmdChannel {
    /// Runs one command: ARG words, OP, then STATUS until BUSY clears.
    /// Returns the RSP words (zero but for QP_QUERY).
    pub(crate) fn run(&self, nic: &Nic, cmd: RdmaCmd, args: &[u32]) -> Result<[u32; 4]> {
        if args.len() > gen::RDMA_CMD_ARGS as usize {
            return Err(Error::arg(
                "args",
                ArgError::TooLong {
                    got: args.len(),
                    max: gen::RDMA_CMD_ARGS as usize,
                },
            ));
        }
        let _serial = lock(&self.serial)?;
        // a command that timed out may still run
        wait_idle(nic, cmd)?;
        for (i, a) in args.iter().enumerate() {
            nic.wr(regs::rdma::ARG + 4 * i as u32, *a)?;
        }
        nic.wr(regs::rdma::OP, u32::from(u8::from(cmd)))?;
        match wait_idle(nic, cmd)?.status {
            RdmaCmdStatus::Ok => {}
            status => return Err(Error::RdmaCmd { cmd, status }),
        }
        let mut rsp = [0u32; 4];
        if cmd == RdmaCmd::QpQuery {
            for (i, w) in rsp.iter_mut().enumerate() {
                *w = nic.rd(regs::rdma::RSP + 4 * i as u32)?;
            }
        }
        Ok(rsp)
    }
}

/// Polls STATUS until BUSY clears; returns it.
///
/// # Errors
/// [`Error::FwProtocol`] for a STATUS that does not decode (an unknown
/// status code, a reserved bit set), the timeout, or a backend error.
fn wait_idle(nic: &Nic, cmd: RdmaCmd) -> Result<RdmaStatus> {
    let dev = nic.device();
    let deadline = dev.now_ns().saturating_add(CMD_TIMEOUT.as_nanos() as u64);
    loop {
        let st = RdmaStatus::from_words(&[nic.rd(regs::rdma::STATUS)?]).map_err(Error::answer)?;
        if !st.busy {
            return Ok(st);
        }
        if dev.now_ns() > deadline {
            return Err(Error::Device(DeviceError::Gone(format!(
                "the RDMA block did not finish {} within {} ms of device time",
                cmd.name(),
                CMD_TIMEOUT.as_millis()
            ))));
        }
        dev.relax();
    }
}

impl Nic {
    /// Runs one RDMA command on this NIC's channel; returns the RSP words.
    pub(crate) fn rdma_cmd(&self, cmd: RdmaCmd, args: &[u32]) -> Result<[u32; 4]> {
        self.inner.rdma_cmd.run(self, cmd, args)
    }
}
