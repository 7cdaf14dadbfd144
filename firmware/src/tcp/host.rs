//! The host commands of [`TcpCp`]: TCP_LISTEN, TCP_UNLISTEN, TCP_CONNECT,
//! TCP_CLOSE, TCP_ABORT, TCP_TCB and TCP_EVENT, each checked and turned
//! into a CPL message, an answer, or both.

use core::net::Ipv4Addr;

use warpnic_abi::gen::{
    cpl_tcp_opt, CplOpcode, CplPassOpenReq, CplSetTcbField, CplStatus, FwStatus, FwTcpConnectArgs,
    FwTcpConnectRsp, FwTcpEndpoint, FwTcpEventRsp, FwTcpListenArgs, FwTcpListener, FwTcpTcbArgs,
    TcpEvent, CPL_TID_NONE,
};
use warpnic_proto::tcp::{self as tcp_args, ConnectWindow};

use super::fsm::Input;
use super::table::{flag, Deferred, Listener, Open, Waiting};
use super::{
    wscale_for, CplMsg, EpState, Hop, ListenState, Net, Output, Reply, TcpCp, DEFAULT_RCV_WND,
    DEFER_TIMEOUT_US, GEN_MASK, LISTENERS, NIL, NO_LISTENER,
};

impl TcpCp {
    /// TCP_LISTEN: starts a listener on `port` with room for `backlog`
    /// connections the host has not taken yet, offering `rcv_wnd` bytes
    /// (0: [`DEFAULT_RCV_WND`]). The answer is deferred until
    /// PASS_OPEN_RPL ([`Reply::Listen`]); ADDR_IN_USE (a listener of ours
    /// on the port) and NO_RESOURCES (no listener slot) are answered at
    /// once.
    ///
    /// # Errors
    ///
    /// BAD_ARGUMENT for port 0, backlog 0 or a window above
    /// [`MAX_RCV_WND`](super::MAX_RCV_WND).
    pub fn listen(
        &mut self,
        args: FwTcpListenArgs,
        net: &dyn Net,
        now_us: u64,
    ) -> Result<Output, FwStatus> {
        let FwTcpListenArgs {
            port,
            backlog,
            rcv_wnd,
        } = args;
        if !tcp_args::listen_args_ok(port, backlog, rcv_wnd) {
            return Err(FwStatus::BadArgument);
        }
        let mut out = Output::default();
        if self
            .listeners
            .iter()
            .any(|l| l.state != ListenState::Free && l.port == port)
        {
            out.reply = Some(Reply::Result(CplStatus::AddrInUse));
            return Ok(out);
        }
        let max = usize::from(self.max_listeners);
        let Some(stid) = self
            .listeners
            .iter()
            .take(max)
            .position(|l| l.state == ListenState::Free)
        else {
            out.reply = Some(Reply::Result(CplStatus::NoResources));
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

    /// TCP_UNLISTEN: stops the listener; deferred until
    /// CLOSE_LISTSRV_RPL ([`Reply::Unlisten`]). BAD_ID when it is not a
    /// running listener.
    ///
    /// # Errors
    ///
    /// BAD_ARGUMENT for an id above the listener slots.
    pub fn unlisten(&mut self, args: FwTcpListener, now_us: u64) -> Result<Output, FwStatus> {
        let stid = usize::from(args.listener);
        if stid >= LISTENERS {
            return Err(FwStatus::BadArgument);
        }
        let mut out = Output::default();
        if self.listeners[stid].state != ListenState::Listening {
            out.reply = Some(Reply::Result(CplStatus::BadId));
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

    /// TCP_CONNECT: opens a connection. Answers at once
    /// ([`Reply::Connect`]); the outcome comes later as an event
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
        req: FwTcpConnectArgs,
        net: &mut dyn Net,
        now_us: u64,
    ) -> Result<Output, FwStatus> {
        let peer_ip = Ipv4Addr::from(req.peer_ip);
        let ConnectWindow { wnd, shift } = tcp_args::check_connect(
            peer_ip,
            req.peer_port,
            req.tcp_opt,
            req.rcv_wscale,
            req.rcv_wnd,
        )
        .map_err(|_| FwStatus::BadArgument)?;
        let mut out = Output::default();
        let Some(local) = net.local_ip() else {
            out.reply = Some(Reply::Result(CplStatus::BadState));
            return Ok(out);
        };
        if self.max_tids == 0 {
            out.reply = Some(Reply::Result(CplStatus::NoResources));
            return Ok(out);
        }
        if peer_ip == local {
            return Err(FwStatus::BadArgument);
        }
        let (local, peer) = (u32::from(local), req.peer_ip);
        let lport = if req.local_port == 0 {
            match self.ephemeral_port(local, peer, req.peer_port) {
                Some(p) => p,
                None => {
                    out.reply = Some(Reply::Result(CplStatus::NoResources));
                    return Ok(out);
                }
            }
        } else if self.port_taken(req.local_port, peer, req.peer_port) {
            out.reply = Some(Reply::Result(CplStatus::AddrInUse));
            return Ok(out);
        } else {
            req.local_port
        };
        let hop = net.resolve(peer_ip);
        match hop {
            Hop::Invalid => return Err(FwStatus::BadArgument),
            Hop::NoResources => {
                out.reply = Some(Reply::Result(CplStatus::NoResources));
                return Ok(out);
            }
            Hop::Known(_) | Hop::Pending => {}
        }
        let Some(i) = self.alloc_ep() else {
            out.reply = Some(Reply::Result(CplStatus::NoResources));
            return Ok(out);
        };
        let Some(k) = self.alloc_open(i, NO_LISTENER) else {
            // back to the free list untouched (same generation)
            if let Some(e) = self.eps.get_mut(i) {
                e.gen = e.gen.wrapping_sub(1) & GEN_MASK;
            }
            self.free_ep(i);
            out.reply = Some(Reply::Result(CplStatus::NoResources));
            return Ok(out);
        };
        if let Some(o) = self.opens.get_mut(k) {
            o.opt = req.tcp_opt;
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
        out.reply = Some(Reply::Connect(FwTcpConnectRsp {
            result: CplStatus::Success,
            ep: self.ep_id(i),
            local_port: lport,
        }));
        Ok(out)
    }

    fn host_input(
        &mut self,
        args: FwTcpEndpoint,
        input: Input,
        net: &mut dyn Net,
        now_us: u64,
    ) -> Result<Output, FwStatus> {
        let mut out = Output::default();
        let i = match self.slot_of(args.ep) {
            Ok(i) => i,
            Err(Some(s)) => return Err(s),
            Err(None) => {
                out.reply = Some(Reply::Result(CplStatus::BadId));
                return Ok(out);
            }
        };
        let r = self.step(i, input, net, now_us, &mut out);
        let status = match r {
            Ok(()) => CplStatus::Success,
            Err(s) => s,
        };
        // a deferred completion cannot come out of a host command
        out.reply = Some(Reply::Result(status));
        Ok(out)
    }

    /// TCP_CLOSE: closes the endpoint gracefully (CLOSE_CON_REQ); an open
    /// still in progress is aborted. Answers [`Reply::Result`]: BAD_ID,
    /// BAD_STATE when closing, aborting or dead.
    ///
    /// # Errors
    ///
    /// BAD_ARGUMENT for an id that names no slot.
    pub fn close(
        &mut self,
        args: FwTcpEndpoint,
        net: &mut dyn Net,
        now_us: u64,
    ) -> Result<Output, FwStatus> {
        self.host_input(args, Input::HostClose, net, now_us)
    }

    /// TCP_ABORT: resets the endpoint (ABORT_REQ); ABORTED follows.
    /// Answers as [`close`](Self::close).
    ///
    /// # Errors
    ///
    /// As [`close`](Self::close).
    pub fn abort(
        &mut self,
        args: FwTcpEndpoint,
        net: &mut dyn Net,
        now_us: u64,
    ) -> Result<Output, FwStatus> {
        self.host_input(args, Input::HostAbort, net, now_us)
    }

    /// TCP_TCB: SET_TCB_FIELD on the endpoint's connection; deferred
    /// until SET_TCB_RPL ([`Reply::Tcb`]). BAD_ID, or BAD_STATE when the
    /// endpoint has no open connection.
    ///
    /// # Errors
    ///
    /// BAD_ARGUMENT for an id as in [`close`](Self::close).
    pub fn tcb(&mut self, args: FwTcpTcbArgs, now_us: u64) -> Result<Output, FwStatus> {
        let FwTcpTcbArgs {
            ep,
            field,
            value,
            mask,
        } = args;
        let mut out = Output::default();
        let i = match self.slot_of(ep) {
            Ok(i) => i,
            Err(Some(s)) => return Err(s),
            Err(None) => {
                out.reply = Some(Reply::Result(CplStatus::BadId));
                return Ok(out);
            }
        };
        let e = self.eps[i];
        if !matches!(e.state, EpState::Established | EpState::Closing) {
            out.reply = Some(Reply::Result(CplStatus::BadState));
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

    /// TCP_EVENT: takes the oldest event ([`Reply::Event`]; kind NONE
    /// when none waits). ESTABLISHED and ACCEPTED carry the connection:
    /// its tid, addresses, ports, ISNs, MSS, options and shifts, and for
    /// ACCEPTED its listener (`0xffff_ffff` for ESTABLISHED).
    pub fn take_event(&mut self, local_ip: Option<Ipv4Addr>) -> Reply {
        let i = usize::from(self.ev_head);
        let Some(&e) = self.eps.get(i) else {
            return Reply::Event(event(TcpEvent::None, CplStatus::Success, 0));
        };
        let ep = self.ep_id(i);
        let rsp = if e.has(flag::EV_OPEN) {
            let o = self.open_of(i).map_or(Open::FREE, |k| self.opens[k]);
            let (kind, listener) = if o.listener == NO_LISTENER {
                (TcpEvent::Established, u32::MAX)
            } else {
                (TcpEvent::Accepted, u32::from(o.listener))
            };
            let rsp = FwTcpEventRsp {
                tid: if e.tid == NIL {
                    CPL_TID_NONE
                } else {
                    u32::from(e.tid)
                },
                local_ip: local_ip.map_or(0, u32::from),
                peer_ip: o.peer_ip,
                local_port: o.local_port,
                peer_port: o.peer_port,
                snd_isn: o.wnd_then_isn,
                rcv_isn: o.rcv_isn,
                mss: o.mss,
                tcp_opt: o.opt,
                // the shifts are at most 14; the fields hold 4 bits
                snd_wscale: o.snd_wscale & 0xf,
                rcv_wscale: o.rcv_wscale & 0xf,
                listener,
                ..event(kind, CplStatus::Success, ep)
            };
            if let Some(e) = self.eps.get_mut(i) {
                e.flags &= !flag::EV_OPEN;
            }
            self.release_open(i);
            rsp
        } else if e.has(flag::EV_PEER_CLOSED) {
            if let Some(e) = self.eps.get_mut(i) {
                e.flags &= !flag::EV_PEER_CLOSED;
            }
            event(TcpEvent::PeerClosed, CplStatus::Success, ep)
        } else {
            // DEAD: the final event
            let (kind, cause) = e.final_event().unwrap_or_else(|| {
                self.counters.internal = self.counters.internal.wrapping_add(1);
                (TcpEvent::Aborted, CplStatus::Success)
            });
            self.dequeue_head();
            self.set_state(i, EpState::Free);
            self.free_ep(i);
            return Reply::Event(event(kind, cause, ep));
        };
        if self.eps.get(i).is_some_and(|e| !e.has_events()) {
            self.dequeue_head();
        }
        Reply::Event(rsp)
    }
}

/// An event of endpoint `ep` without a connection's details.
fn event(kind: TcpEvent, cause: CplStatus, ep: u16) -> FwTcpEventRsp {
    FwTcpEventRsp {
        kind,
        cause,
        ep,
        tid: 0,
        local_ip: 0,
        peer_ip: 0,
        local_port: 0,
        peer_port: 0,
        snd_isn: 0,
        rcv_isn: 0,
        mss: 0,
        tcp_opt: 0,
        snd_wscale: 0,
        rcv_wscale: 0,
        listener: 0,
    }
}
