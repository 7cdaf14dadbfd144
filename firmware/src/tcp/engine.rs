//! The CPL engine of [`TcpCp`]: the TCP engine's messages, checked and
//! turned into endpoint inputs and listener changes; and what time and ARP
//! bring (a deferred request that times out, an open whose next hop is
//! resolved or unreachable).

use core::net::Ipv4Addr;

use warpnic_abi::gen::{
    cpl_tcp_opt, CplAbortReq, CplActEstablish, CplActOpenRpl, CplCloseConRpl, CplCloseListsrvRpl,
    CplOpcode, CplPassAcceptReq, CplPassAcceptRpl, CplPassEstablish, CplPassOpenRpl, CplPeerClose,
    CplSetTcbRpl, CplStatus, FwTcpListenRsp, FwTcpTcbRsp, FwTcpUnlistenRsp, CPL_TID_NONE,
};

use super::fsm::{Establish, Input};
use super::table::{flag, Deferred, Listener, Waiting};
use super::{
    iss, CplIn, CplInError, CplMsg, EpState, Hop, ListenState, Net, Output, Reply, TcpCp, GEN_MASK,
    MAX_TIDS, NIL, OPEN_SLOTS,
};

/// Resolving endpoints looked at per [`TcpCp::poll`].
const RESOLVE_PER_POLL: usize = 8;

impl TcpCp {
    /// The `status` of the engine's reply to a host request, for the
    /// host's answer: a code `cpl_status` does not define is counted and
    /// answered BAD_ARGUMENT (the engine refused, for a reason the host
    /// cannot be told).
    fn reply_status(&mut self, status: u8) -> CplStatus {
        CplStatus::try_from(status).unwrap_or_else(|_| {
            self.counters.bad_status = self.counters.bad_status.wrapping_add(1);
            CplStatus::BadArgument
        })
    }

    /// Handles one CPL message from the engine: `kept` is its first bytes
    /// (at least the header and fixed body when well-formed), `total` its
    /// length in bytes as the port's framing says.
    pub fn handle_cpl(
        &mut self,
        kept: &[u8],
        total: usize,
        net: &mut dyn Net,
        now_us: u64,
    ) -> Output {
        self.counters.cpl_in = self.counters.cpl_in.wrapping_add(1);
        let mut out = Output::default();
        let msg = match CplIn::parse(kept, total) {
            Ok(m) => m,
            Err(CplInError::BadFraming) => {
                self.counters.bad_framing = self.counters.bad_framing.wrapping_add(1);
                return out;
            }
            Err(CplInError::BadOpcode(_)) => {
                self.counters.bad_opcode = self.counters.bad_opcode.wrapping_add(1);
                return out;
            }
            Err(CplInError::BadLength(op)) => {
                self.counters.bad_length = self.counters.bad_length.wrapping_add(1);
                let id = kept
                    .get(4..8)
                    .and_then(|b| b.try_into().ok())
                    .map_or(CPL_TID_NONE, u32::from_le_bytes);
                match op {
                    // a SYN we cannot read: refuse it so the tid is freed
                    CplOpcode::PassAcceptReq => {
                        self.accept_rpl_drop(id, CplStatus::BadLength, &mut out)
                    }
                    // the tid is named in the header: the abort stands
                    CplOpcode::AbortReq => {
                        self.on_abort_req(id, CplStatus::BadLength.into(), net, now_us, &mut out)
                    }
                    _ => {}
                }
                return out;
            }
        };
        let id = msg.hdr.id;
        match msg.op {
            CplOpcode::ActEstablish => {
                if let Some(b) = msg.fixed::<{ CplActEstablish::SIZE }>() {
                    let b = CplActEstablish::from_bytes(&b);
                    let est = Establish {
                        snd_isn: b.snd_isn,
                        rcv_isn: b.rcv_isn,
                        mss: b.mss,
                        opt: b.tcp_opt,
                        snd_wscale: b.snd_wscale,
                        rcv_wscale: b.rcv_wscale,
                    };
                    self.on_act_establish(id, b.atid, est, net, now_us, &mut out);
                }
            }
            CplOpcode::ActOpenRpl => {
                if let Some(b) = msg.fixed::<{ CplActOpenRpl::SIZE }>() {
                    let b = CplActOpenRpl::from_bytes(&b);
                    match self.atid_slot(id) {
                        Some(i) => {
                            self.engine_step(i, Input::ActOpenRpl(b.status), net, now_us, &mut out)
                        }
                        None => self.counters.bad_id = self.counters.bad_id.wrapping_add(1),
                    }
                }
            }
            CplOpcode::PassOpenRpl => {
                if let Some(b) = msg.fixed::<{ CplPassOpenRpl::SIZE }>() {
                    self.on_pass_open_rpl(id, CplPassOpenRpl::from_bytes(&b).status, &mut out);
                }
            }
            CplOpcode::PassAcceptReq => {
                if let Some(b) = msg.fixed::<{ CplPassAcceptReq::SIZE }>() {
                    self.on_pass_accept_req(
                        id,
                        &CplPassAcceptReq::from_bytes(&b),
                        now_us,
                        &mut out,
                    );
                }
            }
            CplOpcode::PassEstablish => {
                if let Some(b) = msg.fixed::<{ CplPassEstablish::SIZE }>() {
                    let b = CplPassEstablish::from_bytes(&b);
                    let est = Establish {
                        snd_isn: b.snd_isn,
                        rcv_isn: b.rcv_isn,
                        mss: b.mss,
                        opt: b.tcp_opt,
                        snd_wscale: b.snd_wscale,
                        rcv_wscale: b.rcv_wscale,
                    };
                    self.tid_input(id, Input::PassEstablish(est), net, now_us, &mut out);
                }
            }
            CplOpcode::CloseListsrvRpl => {
                if let Some(b) = msg.fixed::<{ CplCloseListsrvRpl::SIZE }>() {
                    let b = CplCloseListsrvRpl::from_bytes(&b);
                    self.on_close_listsrv_rpl(id, b.status, b.dropped, net, now_us, &mut out);
                }
            }
            CplOpcode::CloseConRpl => {
                if let Some(b) = msg.fixed::<{ CplCloseConRpl::SIZE }>() {
                    let b = CplCloseConRpl::from_bytes(&b);
                    self.tid_input(id, Input::CloseConRpl(b.state), net, now_us, &mut out);
                }
            }
            CplOpcode::PeerClose => {
                if let Some(b) = msg.fixed::<{ CplPeerClose::SIZE }>() {
                    let b = CplPeerClose::from_bytes(&b);
                    self.tid_input(id, Input::PeerClose(b.state), net, now_us, &mut out);
                }
            }
            CplOpcode::AbortReq => {
                if let Some(b) = msg.fixed::<{ CplAbortReq::SIZE }>() {
                    let b = CplAbortReq::from_bytes(&b);
                    self.on_abort_req(id, b.status, net, now_us, &mut out);
                }
            }
            CplOpcode::AbortRpl => self.tid_input(id, Input::AbortRpl, net, now_us, &mut out),
            CplOpcode::SetTcbRpl => {
                if let Some(b) = msg.fixed::<{ CplSetTcbRpl::SIZE }>() {
                    self.on_set_tcb_rpl(id, &CplSetTcbRpl::from_bytes(&b), &mut out);
                }
            }
            CplOpcode::RxData => {
                self.counters.rx_data_dropped = self.counters.rx_data_dropped.wrapping_add(1);
            }
            CplOpcode::TxDataAck | CplOpcode::RdmaTerminate => {
                self.counters.ignored = self.counters.ignored.wrapping_add(1);
            }
            // CplIn::parse refuses the CP→HW opcodes
            _ => self.counters.bad_opcode = self.counters.bad_opcode.wrapping_add(1),
        }
        out
    }

    /// `step` for an engine message: a refusal is counted.
    fn engine_step(
        &mut self,
        i: usize,
        input: Input,
        net: &mut dyn Net,
        now_us: u64,
        out: &mut Output,
    ) {
        if self.step(i, input, net, now_us, out).is_err() {
            self.counters.bad_state = self.counters.bad_state.wrapping_add(1);
        }
    }

    /// An engine message for a tid: to its endpoint, or counted as late
    /// (a tid just freed) when it names none.
    fn tid_input(
        &mut self,
        tid: u32,
        input: Input,
        net: &mut dyn Net,
        now_us: u64,
        out: &mut Output,
    ) {
        match self.tid_slot(tid) {
            Some(i) => self.engine_step(i, input, net, now_us, out),
            None if usize::try_from(tid).is_ok_and(|t| t < MAX_TIDS) => {
                self.counters.late = self.counters.late.wrapping_add(1);
            }
            None => self.counters.bad_id = self.counters.bad_id.wrapping_add(1),
        }
    }

    /// The endpoint an atid (the endpoint id) names, if it is connecting.
    fn atid_slot(&self, atid: u32) -> Option<usize> {
        let i = self.slot_of(u16::try_from(atid).ok()?).ok()?;
        (self.eps[i].state == EpState::Connecting).then_some(i)
    }

    fn on_act_establish(
        &mut self,
        tid: u32,
        atid: u32,
        est: Establish,
        net: &mut dyn Net,
        now_us: u64,
        out: &mut Output,
    ) {
        let tid16 = self.new_tid(tid, out);
        match (self.atid_slot(atid), tid16) {
            (Some(i), Some(t)) => {
                self.engine_step(i, Input::ActEstablish(t, est), net, now_us, out)
            }
            (_, Some(t)) => {
                // a connection nobody asked for: reset it
                self.counters.bad_id = self.counters.bad_id.wrapping_add(1);
                self.abort_req(t, out);
            }
            (_, None) => self.counters.bad_id = self.counters.bad_id.wrapping_add(1),
        }
    }

    fn on_abort_req(
        &mut self,
        tid: u32,
        status: u8,
        net: &mut dyn Net,
        now_us: u64,
        out: &mut Output,
    ) {
        match self.tid_slot(tid) {
            Some(i) => self.engine_step(i, Input::AbortReq(status), net, now_us, out),
            None => {
                // not ours (any more): answer so the engine frees it
                self.counters.bad_id = self.counters.bad_id.wrapping_add(1);
                self.abort_rpl(tid, CplStatus::BadId, out);
            }
        }
    }

    fn accept_rpl_drop(&mut self, tid: u32, status: CplStatus, out: &mut Output) {
        let body = CplPassAcceptRpl {
            status: status.into(),
            ..CplPassAcceptRpl::default()
        };
        out.send(
            CplMsg::new(CplOpcode::PassAcceptRpl, 0, tid, &body.to_bytes()),
            &mut self.counters,
        );
    }

    fn on_pass_accept_req(
        &mut self,
        tid: u32,
        req: &CplPassAcceptReq,
        now_us: u64,
        out: &mut Output,
    ) {
        let Some(tid16) = self.new_tid(tid, out) else {
            self.counters.bad_id = self.counters.bad_id.wrapping_add(1);
            return self.accept_rpl_drop(tid, CplStatus::BadId, out);
        };
        let stid = usize::try_from(req.stid).unwrap_or(usize::MAX);
        let Some(l) = self
            .listeners
            .get(stid)
            .copied()
            .filter(|l| l.state == ListenState::Listening)
        else {
            self.counters.bad_id = self.counters.bad_id.wrapping_add(1);
            return self.accept_rpl_drop(tid, CplStatus::BadId, out);
        };
        if l.pending >= l.backlog {
            self.counters.syn_backlog_drops = self.counters.syn_backlog_drops.wrapping_add(1);
            return self.accept_rpl_drop(tid, CplStatus::NoResources, out);
        }
        let Some(i) = self.alloc_ep() else {
            self.counters.syn_resource_drops = self.counters.syn_resource_drops.wrapping_add(1);
            return self.accept_rpl_drop(tid, CplStatus::NoResources, out);
        };
        if self.alloc_open(i, stid as u8).is_none() {
            if let Some(e) = self.eps.get_mut(i) {
                e.gen = e.gen.wrapping_sub(1) & GEN_MASK;
            }
            self.free_ep(i);
            self.counters.syn_resource_drops = self.counters.syn_resource_drops.wrapping_add(1);
            return self.accept_rpl_drop(tid, CplStatus::NoResources, out);
        };
        if let Some(o) = self.open_mut(i) {
            o.peer_ip = req.peer_ip;
            o.peer_port = req.peer_port;
            o.local_port = req.local_port;
        }
        if let Some(e) = self.eps.get_mut(i) {
            e.flags = flag::BACKLOG;
        }
        if let Some(l) = self.listeners.get_mut(stid) {
            l.pending += 1;
        }
        self.bind_tid(i, tid16);
        self.set_state(i, EpState::Accepting);
        // window scaling and SACK when the peer offered them (RFC 7323
        // §1.3, RFC 2018 §2)
        let opts = req.tcp_opt & (cpl_tcp_opt::WSCALE | cpl_tcp_opt::SACK);
        let wscale = opts & cpl_tcp_opt::WSCALE;
        let iss = iss::isn(
            self.key,
            req.local_ip,
            req.local_port,
            req.peer_ip,
            req.peer_port,
            now_us,
        );
        let body = CplPassAcceptRpl {
            status: CplStatus::Success.into(),
            tcp_opt: opts,
            rcv_wscale: if wscale != 0 { l.rcv_wscale } else { 0 },
            tos: req.tos,
            iss,
            mss: 0,
            rsvd0: 0,
            rcv_wnd: 0,
        };
        out.send(
            CplMsg::new(CplOpcode::PassAcceptRpl, 0, tid, &body.to_bytes()),
            &mut self.counters,
        );
    }

    fn on_pass_open_rpl(&mut self, stid: u32, status: u8, out: &mut Output) {
        let Some(l) = usize::try_from(stid)
            .ok()
            .and_then(|s| self.listeners.get_mut(s))
        else {
            self.counters.bad_id = self.counters.bad_id.wrapping_add(1);
            return;
        };
        let ok = status == u8::from(CplStatus::Success);
        match l.state {
            ListenState::Opening => {
                l.state = if ok {
                    ListenState::Listening
                } else {
                    ListenState::Free
                };
                if self.deferred.map(|d| d.what) == Some(Waiting::Listen(stid as u8)) {
                    self.deferred = None;
                    out.reply = Some(Reply::Listen(FwTcpListenRsp {
                        result: self.reply_status(status),
                        listener: stid as u16,
                    }));
                } else {
                    self.counters.internal = self.counters.internal.wrapping_add(1);
                }
            }
            ListenState::Orphan if ok => {
                l.state = ListenState::Closing;
                out.send(
                    CplMsg::new(CplOpcode::CloseListsrvReq, 0, stid, &[]),
                    &mut self.counters,
                );
            }
            ListenState::Orphan => *l = Listener::FREE,
            ListenState::Free | ListenState::Listening | ListenState::Closing => {
                self.counters.bad_state = self.counters.bad_state.wrapping_add(1);
            }
        }
    }

    fn on_close_listsrv_rpl(
        &mut self,
        stid: u32,
        status: u8,
        dropped: u32,
        net: &mut dyn Net,
        now_us: u64,
        out: &mut Output,
    ) {
        let s = usize::try_from(stid).unwrap_or(usize::MAX);
        if self.listeners.get(s).map(|l| l.state) != Some(ListenState::Closing) {
            self.counters.bad_id = self.counters.bad_id.wrapping_add(1);
            return;
        }
        // docs/cpl.md: the engine resets the listener's embryonic
        // connections and reports how many (`dropped`); their tids are free.
        // An engine that leaves them to complete reports 0: they stay and
        // become ACCEPTED. Either way nothing counts against a backlog now.
        for k in 0..OPEN_SLOTS {
            let o = self.opens[k];
            if o.ep == NIL || usize::from(o.listener) != s {
                continue;
            }
            let i = usize::from(o.ep);
            let embryonic = self.eps.get(i).map(|e| e.state) == Some(EpState::Accepting);
            if embryonic && dropped != 0 {
                self.engine_step(i, Input::ListenerStopped, net, now_us, out);
            } else {
                self.release_backlog(i);
            }
        }
        self.listeners[s] = Listener::FREE;
        if self.deferred.map(|d| d.what) == Some(Waiting::Unlisten(s as u8)) {
            self.deferred = None;
            out.reply = Some(Reply::Unlisten(FwTcpUnlistenRsp {
                result: self.reply_status(status),
                dropped,
            }));
        }
    }

    fn on_set_tcb_rpl(&mut self, tid: u32, rpl: &CplSetTcbRpl, out: &mut Output) {
        match self.deferred {
            Some(Deferred {
                what: Waiting::Tcb { tid: t, cookie },
                ..
            }) if u32::from(t) == tid && cookie == rpl.cookie => {
                self.deferred = None;
                out.reply = Some(Reply::Tcb(FwTcpTcbRsp {
                    result: self.reply_status(rpl.status),
                    value: rpl.value,
                }));
            }
            _ => self.counters.late = self.counters.late.wrapping_add(1),
        }
    }

    // ----- time and ARP ---------------------------------------------------

    /// ARP gave up on next hop `hop`: every open waiting for it ends with
    /// UNREACHABLE.
    pub fn unreachable(&mut self, hop: Ipv4Addr, net: &mut dyn Net, now_us: u64) -> Output {
        let mut out = Output::default();
        if self.resolving == 0 {
            return out;
        }
        for k in 0..OPEN_SLOTS {
            let o = self.opens[k];
            let i = usize::from(o.ep);
            let resolving = self.eps.get(i).map(|e| e.state) == Some(EpState::Resolving);
            if resolving && net.next_hop(Ipv4Addr::from(o.peer_ip)) == hop {
                let _ = self.step(i, Input::Unreachable, net, now_us, &mut out);
            }
        }
        out
    }

    /// Runs the timers: answers a deferred request whose engine reply is
    /// overdue (TIMEOUT), and sends the ACT_OPEN_REQ of an open whose next
    /// hop has been resolved (one per call).
    pub fn poll(&mut self, net: &mut dyn Net, now_us: u64) -> Output {
        let mut out = Output::default();
        if let Some(d) = self.deferred {
            if now_us >= d.deadline_us {
                self.deferred = None;
                self.counters.deferred_timeouts = self.counters.deferred_timeouts.wrapping_add(1);
                match d.what {
                    Waiting::Listen(s) => {
                        if let Some(l) = self.listeners.get_mut(usize::from(s)) {
                            if l.state == ListenState::Opening {
                                l.state = ListenState::Orphan;
                            }
                        }
                        out.reply = Some(Reply::Listen(FwTcpListenRsp {
                            result: CplStatus::Timeout,
                            listener: u16::from(s),
                        }));
                    }
                    Waiting::Unlisten(_) => {
                        out.reply = Some(Reply::Unlisten(FwTcpUnlistenRsp {
                            result: CplStatus::Timeout,
                            dropped: 0,
                        }));
                    }
                    Waiting::Tcb { .. } => {
                        out.reply = Some(Reply::Tcb(FwTcpTcbRsp {
                            result: CplStatus::Timeout,
                            value: 0,
                        }));
                    }
                }
                return out;
            }
        }
        if self.resolving == 0 {
            return out;
        }
        // the open slots hold every resolving endpoint: ask about a few,
        // from where the last poll stopped
        let mut asked = 0;
        for _ in 0..OPEN_SLOTS {
            if asked == RESOLVE_PER_POLL {
                break;
            }
            let k = usize::from(self.resolve_cursor) % OPEN_SLOTS;
            self.resolve_cursor = ((k + 1) % OPEN_SLOTS) as u16;
            let o = self.opens[k];
            let i = usize::from(o.ep);
            if self.eps.get(i).map(|e| e.state) != Some(EpState::Resolving) {
                continue;
            }
            asked += 1;
            match net.resolve(Ipv4Addr::from(o.peer_ip)) {
                Hop::Known(mac) => {
                    let _ = self.step(i, Input::Resolved(mac), net, now_us, &mut out);
                    return out;
                }
                Hop::Pending => {}
                Hop::NoResources | Hop::Invalid => {
                    let _ = self.step(i, Input::Unreachable, net, now_us, &mut out);
                }
            }
        }
        out
    }
}
