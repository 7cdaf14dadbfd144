//! The endpoint state machine of [`TcpCp`]: `step`, the one transition
//! function every change of an endpoint goes through, with the way an
//! endpoint ends (`die`) and the CPL messages a transition sends.

use warpnic_abi::gen::{
    CplAbortReq, CplAbortRpl, CplActOpenReq, CplOpcode, CplStatus, CplUlpMode, TcpEvent, TcpState,
};

use super::table::{flag, Deferred, Waiting};
use super::{iss, CplMsg, EpState, Net, Output, Reply, TcpCp, NIL};

/// Details of an ACT_ESTABLISH or PASS_ESTABLISH.
#[derive(Clone, Copy, Debug)]
pub(super) struct Establish {
    pub(super) snd_isn: u32,
    pub(super) rcv_isn: u32,
    pub(super) mss: u16,
    pub(super) opt: u8,
    pub(super) snd_wscale: u8,
    pub(super) rcv_wscale: u8,
}

/// What happens to an endpoint (the input of `step`).
#[derive(Clone, Copy, Debug)]
pub(super) enum Input {
    HostClose,
    HostAbort,
    Resolved([u8; 6]),
    Unreachable,
    ActEstablish(u16, Establish),
    ActOpenRpl(u8),
    PassEstablish(Establish),
    CloseConRpl(u8),
    PeerClose(u8),
    AbortReq(u8),
    AbortRpl,
    ListenerStopped,
}

pub(super) fn is_gone(state: u8) -> bool {
    state == u8::from(TcpState::TimeWait) || state == u8::from(TcpState::Closed)
}

impl TcpCp {
    /// Moves endpoint `i` to `to`, keeping the counts that depend on the
    /// state. Only `step` and `die` call it.
    pub(super) fn set_state(&mut self, i: usize, to: EpState) {
        let Some(e) = self.eps.get_mut(i) else { return };
        if e.state == EpState::Resolving {
            self.resolving = self.resolving.saturating_sub(1);
        }
        if to == EpState::Resolving {
            self.resolving = self.resolving.saturating_add(1);
        }
        e.state = to;
    }

    /// Ends endpoint `i`: its tid (if any) is free. With `event`, it
    /// becomes `DEAD` until the host takes that final event; without one
    /// (a connection the host never saw) it is freed at once unless other
    /// events wait.
    pub(super) fn die(
        &mut self,
        i: usize,
        event: Option<TcpEvent>,
        cause: CplStatus,
        out: &mut Output,
    ) {
        let tid = self.eps.get(i).map_or(NIL, |e| e.tid);
        if tid != NIL {
            if let Some(Deferred {
                what: Waiting::Tcb { tid: t, .. },
                ..
            }) = self.deferred
            {
                if t == tid {
                    self.deferred = None;
                    out.reply = Some(Reply::Result(CplStatus::Aborted));
                }
            }
        }
        self.unbind_tid(i);
        let Some(e) = self.eps.get(i) else { return };
        if !e.has(flag::EV_OPEN) {
            self.release_open(i);
        }
        let Some(e) = self.eps.get(i) else { return };
        match event {
            Some(ev) => {
                self.set_state(i, EpState::Dead);
                if let Some(e) = self.eps.get_mut(i) {
                    e.set_final(ev, cause);
                }
                self.enqueue(i);
            }
            None if e.has(flag::EV_OPEN | flag::EV_PEER_CLOSED) => {
                // events are waiting: report them, then ABORTED
                self.set_state(i, EpState::Dead);
                if let Some(e) = self.eps.get_mut(i) {
                    e.set_final(TcpEvent::Aborted, cause);
                }
                self.enqueue(i);
            }
            None => {
                self.set_state(i, EpState::Free);
                self.free_ep(i);
            }
        }
    }

    /// Sends the ACT_OPEN_REQ of endpoint `i` to `mac`.
    fn send_act_open(
        &mut self,
        i: usize,
        mac: [u8; 6],
        local_ip: u32,
        now_us: u64,
        out: &mut Output,
    ) {
        let id = self.ep_id(i);
        let Some(o) = self.open_of(i).map(|k| self.opens[k]) else {
            self.counters.internal = self.counters.internal.wrapping_add(1);
            return;
        };
        let iss = iss::isn(
            self.key,
            local_ip,
            o.local_port,
            o.peer_ip,
            o.peer_port,
            now_us,
        );
        let req = CplActOpenReq {
            local_ip,
            peer_ip: o.peer_ip,
            local_port: o.local_port,
            peer_port: o.peer_port,
            mss: 0,
            tcp_opt: o.opt,
            rcv_wscale: o.rcv_wscale,
            rcv_wnd: o.wnd_then_isn,
            iss,
            peer_mac: mac,
            vlan: 0,
            tos: 0,
            ttl: 0,
            ulp_mode: CplUlpMode::Streaming.into(),
            rsvd0: 0,
            rsvd1: 0,
        };
        out.send(
            CplMsg::new(CplOpcode::ActOpenReq, 0, u32::from(id), &req.to_bytes()),
            &mut self.counters,
        );
    }

    pub(super) fn abort_req(&mut self, tid: u16, out: &mut Output) {
        let body = CplAbortReq {
            status: CplStatus::Aborted.into(),
            abort_flags: 0,
            rsvd0: 0,
            snd_nxt: 0,
        };
        out.send(
            CplMsg::new(CplOpcode::AbortReq, 0, u32::from(tid), &body.to_bytes()),
            &mut self.counters,
        );
    }

    pub(super) fn abort_rpl(&mut self, tid: u32, status: CplStatus, out: &mut Output) {
        let body = CplAbortRpl {
            status: status.into(),
            ..CplAbortRpl::default()
        };
        out.send(
            CplMsg::new(CplOpcode::AbortRpl, 0, tid, &body.to_bytes()),
            &mut self.counters,
        );
    }

    fn store_establish(&mut self, i: usize, est: Establish) {
        if let Some(o) = self.open_mut(i) {
            o.wnd_then_isn = est.snd_isn;
            o.rcv_isn = est.rcv_isn;
            o.mss = est.mss;
            o.opt = est.opt;
            o.snd_wscale = est.snd_wscale;
            o.rcv_wscale = est.rcv_wscale;
        }
        if let Some(e) = self.eps.get_mut(i) {
            e.flags |= flag::EV_OPEN;
        }
        self.counters.established = self.counters.established.wrapping_add(1);
        self.enqueue(i);
    }

    /// The transition function of endpoint `i`. `Err` is the result code
    /// for a host command the state refuses (engine messages the state
    /// does not expect are counted by the caller).
    pub(super) fn step(
        &mut self,
        i: usize,
        input: Input,
        net: &mut dyn Net,
        now_us: u64,
        out: &mut Output,
    ) -> Result<(), CplStatus> {
        use EpState as S;
        let Some(&e) = self.eps.get(i) else {
            return Err(CplStatus::BadId);
        };
        match (e.state, input) {
            (S::Resolving, Input::Resolved(mac)) => {
                let Some(local) = net.local_ip() else {
                    self.die(i, Some(TcpEvent::Unreachable), CplStatus::BadState, out);
                    return Ok(());
                };
                self.send_act_open(i, mac, u32::from(local), now_us, out);
                self.set_state(i, S::Connecting);
            }
            (S::Resolving, Input::Unreachable) => {
                self.die(i, Some(TcpEvent::Unreachable), CplStatus::Timeout, out);
            }
            (S::Resolving, Input::HostClose | Input::HostAbort) => {
                self.counters.aborts = self.counters.aborts.wrapping_add(1);
                self.die(i, Some(TcpEvent::Aborted), CplStatus::Aborted, out);
            }
            (S::Connecting, Input::HostClose | Input::HostAbort) => {
                if e.has(flag::ABORT_WANTED) {
                    return Err(CplStatus::BadState);
                }
                if let Some(e) = self.eps.get_mut(i) {
                    e.flags |= flag::ABORT_WANTED;
                }
            }
            (S::Connecting, Input::ActEstablish(tid, est)) => {
                self.bind_tid(i, tid);
                if e.has(flag::ABORT_WANTED) {
                    self.release_open(i);
                    self.abort_req(tid, out);
                    self.set_state(i, S::Aborting);
                } else {
                    self.store_establish(i, est);
                    self.set_state(i, S::Established);
                }
            }
            (S::Connecting, Input::ActOpenRpl(status)) => {
                let cause = CplStatus::try_from(status).unwrap_or(CplStatus::BadArgument);
                let ev = if e.has(flag::ABORT_WANTED) {
                    self.counters.aborts = self.counters.aborts.wrapping_add(1);
                    TcpEvent::Aborted
                } else if cause == CplStatus::Timeout {
                    TcpEvent::TimedOut
                } else {
                    TcpEvent::Refused
                };
                self.die(i, Some(ev), cause, out);
            }
            (S::Accepting, Input::PassEstablish(est)) => {
                self.store_establish(i, est);
                self.set_state(i, S::Established);
            }
            (S::Accepting, Input::AbortReq(_)) => {
                self.abort_rpl(u32::from(e.tid), CplStatus::Success, out);
                self.die(i, None, CplStatus::ConnReset, out);
            }
            (S::Accepting, Input::ListenerStopped) => {
                self.die(i, None, CplStatus::Aborted, out);
            }
            (S::Established, Input::HostClose) => {
                out.send(
                    CplMsg::new(CplOpcode::CloseConReq, 0, u32::from(e.tid), &[]),
                    &mut self.counters,
                );
                self.set_state(i, S::Closing);
            }
            (S::Established | S::Closing, Input::HostAbort) => {
                self.abort_req(e.tid, out);
                self.set_state(i, S::Aborting);
            }
            (S::Established | S::Closing, Input::PeerClose(state)) => {
                if let Some(e) = self.eps.get_mut(i) {
                    e.flags |= flag::PEER_FIN | flag::EV_PEER_CLOSED;
                }
                self.enqueue(i);
                // Before CLOSE_CON_RPL the reply to our CLOSE_CON_REQ is
                // still due and names the tid: wait for it.
                let replied = e.state == S::Established || e.has(flag::FIN_ACKED);
                if is_gone(state) && replied {
                    self.die(i, Some(TcpEvent::Closed), CplStatus::Success, out);
                }
            }
            (S::Closing, Input::CloseConRpl(state)) => {
                if let Some(e) = self.eps.get_mut(i) {
                    e.flags |= flag::FIN_ACKED;
                }
                if is_gone(state) {
                    self.die(i, Some(TcpEvent::Closed), CplStatus::Success, out);
                }
            }
            (S::Established | S::Closing, Input::AbortReq(status)) => {
                self.abort_rpl(u32::from(e.tid), CplStatus::Success, out);
                let cause = CplStatus::try_from(status).unwrap_or(CplStatus::ConnReset);
                let ev = match cause {
                    CplStatus::Timeout | CplStatus::KeepaliveTimeout => TcpEvent::TimedOut,
                    _ => TcpEvent::Reset,
                };
                self.counters.aborts = self.counters.aborts.wrapping_add(1);
                self.die(i, Some(ev), cause, out);
            }
            (S::Aborting, Input::AbortReq(_)) => {
                // crossing aborts: answer theirs, wait for ours
                self.abort_rpl(u32::from(e.tid), CplStatus::Success, out);
                if let Some(e) = self.eps.get_mut(i) {
                    e.flags |= flag::CROSSED;
                }
            }
            (S::Aborting, Input::AbortRpl) => {
                self.counters.aborts = self.counters.aborts.wrapping_add(1);
                self.die(i, Some(TcpEvent::Aborted), CplStatus::Success, out);
            }
            (_, Input::HostClose | Input::HostAbort) => return Err(CplStatus::BadState),
            (S::Aborting, _) => {
                // messages crossing the abort are dropped
                self.counters.late = self.counters.late.wrapping_add(1);
            }
            _ => {
                self.counters.bad_state = self.counters.bad_state.wrapping_add(1);
            }
        }
        Ok(())
    }
}
