//! The host commands of [`TcpCp`]: TCP_LISTEN, TCP_UNLISTEN, TCP_CONNECT,
//! TCP_CLOSE, TCP_ABORT, TCP_TCB and TCP_EVENT, each checked and turned
//! into a CPL message, an answer, or both.

use core::net::Ipv4Addr;

use warpnic_abi::gen::{
    cpl_tcp_opt, CplOpcode, CplPassOpenReq, CplSetTcbField, CplStatus, FwStatus, TcbField,
    TcpEvent, CPL_TID_NONE,
};
use warpnic_proto::tcp::{self as tcp_args, ConnectWindow};

use super::fsm::Input;
use super::table::{flag, Deferred, Listener, Open, Waiting};
use super::{
    wscale_for, ConnectReq, CplMsg, EpState, Hop, ListenState, Net, Output, TcpCp, Words,
    DEFAULT_RCV_WND, DEFER_TIMEOUT_US, GEN_MASK, LISTENERS, NIL, NO_LISTENER,
};

impl TcpCp {
    /// TCP_LISTEN: starts a listener on `port` with room for `backlog`
    /// connections the host has not taken yet, offering `rcv_wnd` bytes
    /// (0: [`DEFAULT_RCV_WND`]). The answer is deferred until
    /// PASS_OPEN_RPL (words: result, listener id); ADDR_IN_USE (a listener
    /// of ours on the port) and NO_RESOURCES (no listener slot) are
    /// answered at once.
    ///
    /// # Errors
    ///
    /// BAD_ARGUMENT for port 0, backlog 0 or a window above
    /// [`MAX_RCV_WND`](super::MAX_RCV_WND).
    pub fn listen(
        &mut self,
        port: u16,
        backlog: u16,
        rcv_wnd: u32,
        net: &dyn Net,
        now_us: u64,
    ) -> Result<Output, FwStatus> {
        if !tcp_args::listen_args_ok(port, backlog, rcv_wnd) {
            return Err(FwStatus::BadArgument);
        }
        let mut out = Output::default();
        if self
            .listeners
            .iter()
            .any(|l| l.state != ListenState::Free && l.port == port)
        {
            out.reply = Some(Words::status(CplStatus::AddrInUse));
            return Ok(out);
        }
        let max = usize::from(self.max_listeners);
        let Some(stid) = self
            .listeners
            .iter()
            .take(max)
            .position(|l| l.state == ListenState::Free)
        else {
            out.reply = Some(Words::status(CplStatus::NoResources));
            return Ok(out);
        };
        if self.deferred.is_some() {
            self.counters.internal = self.counters.internal.wrapping_add(1);
        }
        let wnd = if rcv_wnd == 0 {
            DEFAULT_RCV_WND
        } else {
            rcv_wnd
        };
        let wscale = wscale_for(wnd);
        self.listeners[stid] = Listener {
            state: ListenState::Opening,
            port,
            backlog,
            pending: 0,
            rcv_wscale: wscale,
        };
        let req = CplPassOpenReq {
            local_ip: net.local_ip().map_or(0, u32::from),
            peer_ip: 0,
            local_port: port,
            peer_port: 0,
            mss: 0,
            tcp_opt: cpl_tcp_opt::WSCALE,
            rcv_wscale: wscale,
            rcv_wnd: wnd,
            rsvd0: 0,
        };
        out.send(
            CplMsg::new(CplOpcode::PassOpenReq, 0, stid as u32, &req.to_bytes()),
            &mut self.counters,
        );
        self.deferred = Some(Deferred {
            what: Waiting::Listen(stid as u8),
            deadline_us: now_us.saturating_add(DEFER_TIMEOUT_US),
        });
        Ok(out)
    }

    /// TCP_UNLISTEN: stops listener `id`; deferred until
    /// CLOSE_LISTSRV_RPL (words: result, embryonic connections reset).
    /// BAD_ID when `id` is not a running listener.
    ///
    /// # Errors
    ///
    /// BAD_ARGUMENT for an id above the listener slots.
    pub fn unlisten(&mut self, id: u32, now_us: u64) -> Result<Output, FwStatus> {
        let stid = usize::try_from(id)
            .ok()
            .filter(|&s| s < LISTENERS)
            .ok_or(FwStatus::BadArgument)?;
        let mut out = Output::default();
        if self.listeners[stid].state != ListenState::Listening {
            out.reply = Some(Words::status(CplStatus::BadId));
            return Ok(out);
        }
        self.listeners[stid].state = ListenState::Closing;
        out.send(
            CplMsg::new(CplOpcode::CloseListsrvReq, 0, stid as u32, &[]),
            &mut self.counters,
        );
        self.deferred = Some(Deferred {
            what: Waiting::Unlisten(stid as u8),
            deadline_us: now_us.saturating_add(DEFER_TIMEOUT_US),
        });
        Ok(out)
    }

    /// TCP_CONNECT: opens a connection. Answers at once with (result,
    /// endpoint id, local port); the outcome comes later as an event
    /// (ESTABLISHED, REFUSED, TIMED_OUT, UNREACHABLE). Results:
    /// BAD_STATE before the port has an IPv4 address, ADDR_IN_USE when
    /// the 4-tuple is in use here, NO_RESOURCES when no endpoint, open
    /// slot, ephemeral port or neighbour entry is free.
    ///
    /// # Errors
    ///
    /// BAD_ARGUMENT for peer port 0, a peer address that cannot be a
    /// host's, unknown option bits, a shift above 14 or a window that does
    /// not fit the shift (or above [`MAX_RCV_WND`](super::MAX_RCV_WND)).
    pub fn connect(
        &mut self,
        req: ConnectReq,
        net: &mut dyn Net,
        now_us: u64,
    ) -> Result<Output, FwStatus> {
        let ConnectWindow { wnd, shift } = tcp_args::check_connect(
            req.peer_ip,
            req.peer_port,
            req.opt,
            req.rcv_wscale,
            req.rcv_wnd,
        )
        .map_err(|_| FwStatus::BadArgument)?;
        let mut out = Output::default();
        let Some(local) = net.local_ip() else {
            out.reply = Some(Words::status(CplStatus::BadState));
            return Ok(out);
        };
        if self.max_tids == 0 {
            out.reply = Some(Words::status(CplStatus::NoResources));
            return Ok(out);
        }
        if req.peer_ip == local {
            return Err(FwStatus::BadArgument);
        }
        let (local, peer) = (u32::from(local), u32::from(req.peer_ip));
        let lport = if req.local_port == 0 {
            match self.ephemeral_port(local, peer, req.peer_port) {
                Some(p) => p,
                None => {
                    out.reply = Some(Words::status(CplStatus::NoResources));
                    return Ok(out);
                }
            }
        } else if self.port_taken(req.local_port, peer, req.peer_port) {
            out.reply = Some(Words::status(CplStatus::AddrInUse));
            return Ok(out);
        } else {
            req.local_port
        };
        let hop = net.resolve(req.peer_ip);
        match hop {
            Hop::Invalid => return Err(FwStatus::BadArgument),
            Hop::NoResources => {
                out.reply = Some(Words::status(CplStatus::NoResources));
                return Ok(out);
            }
            Hop::Known(_) | Hop::Pending => {}
        }
        let Some(i) = self.alloc_ep() else {
            out.reply = Some(Words::status(CplStatus::NoResources));
            return Ok(out);
        };
        let Some(k) = self.alloc_open(i, NO_LISTENER) else {
            // back to the free list untouched (same generation)
            if let Some(e) = self.eps.get_mut(i) {
                e.gen = e.gen.wrapping_sub(1) & GEN_MASK;
            }
            self.free_ep(i);
            out.reply = Some(Words::status(CplStatus::NoResources));
            return Ok(out);
        };
        if let Some(o) = self.opens.get_mut(k) {
            o.opt = req.opt;
            o.rcv_wscale = shift;
            o.wnd_then_isn = wnd;
            o.peer_ip = peer;
            o.peer_port = req.peer_port;
            o.local_port = lport;
        }
        self.set_state(i, EpState::Resolving);
        if let Hop::Known(mac) = hop {
            let _ = self.step(i, Input::Resolved(mac), net, now_us, &mut out);
        }
        out.reply = Some(Words::of(&[
            u32::from(u8::from(CplStatus::Success)),
            u32::from(self.ep_id(i)),
            u32::from(lport),
        ]));
        Ok(out)
    }

    fn host_input(
        &mut self,
        id: u32,
        input: Input,
        net: &mut dyn Net,
        now_us: u64,
    ) -> Result<Output, FwStatus> {
        let id = u16::try_from(id).map_err(|_| FwStatus::BadArgument)?;
        let mut out = Output::default();
        let i = match self.slot_of(id) {
            Ok(i) => i,
            Err(Some(s)) => return Err(s),
            Err(None) => {
                out.reply = Some(Words::status(CplStatus::BadId));
                return Ok(out);
            }
        };
        let r = self.step(i, input, net, now_us, &mut out);
        let status = match r {
            Ok(()) => CplStatus::Success,
            Err(s) => s,
        };
        // a deferred completion cannot come out of a host command
        out.reply = Some(Words::status(status));
        Ok(out)
    }

    /// TCP_CLOSE: closes endpoint `id` gracefully (CLOSE_CON_REQ); an open
    /// still in progress is aborted. Answers (result): BAD_ID, BAD_STATE
    /// when closing, aborting or dead.
    ///
    /// # Errors
    ///
    /// BAD_ARGUMENT for an id that is not 16 bits or names no slot.
    pub fn close(&mut self, id: u32, net: &mut dyn Net, now_us: u64) -> Result<Output, FwStatus> {
        self.host_input(id, Input::HostClose, net, now_us)
    }

    /// TCP_ABORT: resets endpoint `id` (ABORT_REQ); ABORTED follows.
    /// Answers (result) as [`close`](Self::close).
    ///
    /// # Errors
    ///
    /// As [`close`](Self::close).
    pub fn abort(&mut self, id: u32, net: &mut dyn Net, now_us: u64) -> Result<Output, FwStatus> {
        self.host_input(id, Input::HostAbort, net, now_us)
    }

    /// TCP_TCB: SET_TCB_FIELD on endpoint `id`'s connection; deferred
    /// until SET_TCB_RPL (words: result, value bits 31:0, 63:32). BAD_ID,
    /// or BAD_STATE when the endpoint has no open connection.
    ///
    /// # Errors
    ///
    /// BAD_ARGUMENT for an unknown field, or an id as in
    /// [`close`](Self::close).
    pub fn tcb(
        &mut self,
        id: u32,
        field: u32,
        value: u64,
        mask: u64,
        now_us: u64,
    ) -> Result<Output, FwStatus> {
        let field = u8::try_from(field)
            .ok()
            .and_then(|f| TcbField::try_from(f).ok())
            .ok_or(FwStatus::BadArgument)?;
        let id = u16::try_from(id).map_err(|_| FwStatus::BadArgument)?;
        let mut out = Output::default();
        let i = match self.slot_of(id) {
            Ok(i) => i,
            Err(Some(s)) => return Err(s),
            Err(None) => {
                out.reply = Some(Words::status(CplStatus::BadId));
                return Ok(out);
            }
        };
        let e = self.eps[i];
        if !matches!(e.state, EpState::Established | EpState::Closing) {
            out.reply = Some(Words::status(CplStatus::BadState));
            return Ok(out);
        }
        self.cookie = self.cookie.wrapping_add(1);
        let body = CplSetTcbField {
            field: field.into(),
            rsvd0: 0,
            cookie: self.cookie,
            rsvd1: 0,
            mask,
            value,
        };
        out.send(
            CplMsg::new(
                CplOpcode::SetTcbField,
                0,
                u32::from(e.tid),
                &body.to_bytes(),
            ),
            &mut self.counters,
        );
        self.deferred = Some(Deferred {
            what: Waiting::Tcb {
                tid: e.tid,
                cookie: self.cookie,
            },
            deadline_us: now_us.saturating_add(DEFER_TIMEOUT_US),
        });
        Ok(out)
    }

    /// TCP_EVENT: takes the oldest event. Words: word 1 = kind (7:0,
    /// `tcp_event`) | cause (15:8, `cpl_status`) | endpoint id (31:16);
    /// for ESTABLISHED and ACCEPTED eight more words: tid, local address,
    /// peer address, local port (15:0) | peer port (31:16), our ISN, the
    /// peer's ISN, MSS (15:0) | negotiated options (23:16) | send shift
    /// (27:24) | receive shift (31:28), listener id (ACCEPTED) or
    /// `0xffff_ffff`. NONE (word 1 = 0) when no event waits.
    pub fn take_event(&mut self, local_ip: Option<Ipv4Addr>) -> Words {
        let i = usize::from(self.ev_head);
        let Some(&e) = self.eps.get(i) else {
            return Words::of(&[u32::from(u8::from(TcpEvent::None))]);
        };
        let id = u32::from(self.ep_id(i)) << 16;
        let words = if e.has(flag::EV_OPEN) {
            let o = self.open_of(i).map_or(Open::FREE, |k| self.opens[k]);
            let (kind, listener) = if o.listener == NO_LISTENER {
                (TcpEvent::Established, u32::MAX)
            } else {
                (TcpEvent::Accepted, u32::from(o.listener))
            };
            let w = Words::of(&[
                id | u32::from(u8::from(kind)),
                if e.tid == NIL {
                    CPL_TID_NONE
                } else {
                    u32::from(e.tid)
                },
                local_ip.map_or(0, u32::from),
                o.peer_ip,
                u32::from(o.local_port) | (u32::from(o.peer_port) << 16),
                o.wnd_then_isn,
                o.rcv_isn,
                u32::from(o.mss)
                    | (u32::from(o.opt) << 16)
                    | (u32::from(o.snd_wscale & 0xf) << 24)
                    | (u32::from(o.rcv_wscale & 0xf) << 28),
                listener,
            ]);
            if let Some(e) = self.eps.get_mut(i) {
                e.flags &= !flag::EV_OPEN;
            }
            self.release_open(i);
            w
        } else if e.has(flag::EV_PEER_CLOSED) {
            if let Some(e) = self.eps.get_mut(i) {
                e.flags &= !flag::EV_PEER_CLOSED;
            }
            Words::of(&[id | u32::from(u8::from(TcpEvent::PeerClosed))])
        } else {
            // DEAD: the final event
            let w = Words::of(&[id | (u32::from(e.fin >> 4) << 8) | u32::from(e.fin & 0xf)]);
            self.dequeue_head();
            self.set_state(i, EpState::Free);
            self.free_ep(i);
            return w;
        };
        if self.eps.get(i).is_some_and(|e| !e.has_events()) {
            self.dequeue_head();
        }
        words
    }
}
