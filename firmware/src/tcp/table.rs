//! The endpoint table of [`TcpCp`]: endpoints (16-bit ids, a slot and a
//! generation), the open slots of opens in progress, the listeners, the
//! deferred host request; allocation and the free list, the event FIFO
//! through the table, the tid map; and the check of their invariants.

use warpnic_abi::gen::{CplStatus, FwStatus, TcpEvent};

use super::{
    EpState, ListenState, Output, TcpCp, EP_CAPACITY, GEN_MASK, LISTENERS, NIL, NO_LISTENER,
    SLOT_BITS, SLOT_MASK,
};

const _: () = assert!(core::mem::size_of::<Endpoint>() == 8);

// `Endpoint::fin` holds an event code and a status code in 4 bits each.
const _: () = {
    let mut k = 0;
    while k < TcpEvent::ALL.len() {
        assert!((TcpEvent::ALL[k] as u8) < 16);
        k += 1;
    }
    let mut k = 0;
    while k < CplStatus::ALL.len() {
        assert!((CplStatus::ALL[k] as u8) < 16);
        k += 1;
    }
};

/// Endpoint flags.
pub(super) mod flag {
    /// The open event (ESTABLISHED or ACCEPTED) waits for the host.
    pub const EV_OPEN: u8 = 0x01;
    /// A PEER_CLOSED event waits for the host.
    pub const EV_PEER_CLOSED: u8 = 0x02;
    /// In the event FIFO.
    pub const QUEUED: u8 = 0x04;
    /// PEER_CLOSE seen.
    pub const PEER_FIN: u8 = 0x08;
    /// CLOSE_CON_RPL seen (our FIN acknowledged).
    pub const FIN_ACKED: u8 = 0x10;
    /// The host closed or aborted while ACT_OPEN_REQ was out.
    pub const ABORT_WANTED: u8 = 0x20;
    /// An engine ABORT_REQ crossed ours and was answered.
    pub const CROSSED: u8 = 0x40;
    /// Counted in its listener's backlog.
    pub const BACKLOG: u8 = 0x80;
}

/// One endpoint, 8 bytes: its tid, its link in the event FIFO or the free
/// list, its state, generation, flags and final event.
#[derive(Clone, Copy, Debug)]
pub(super) struct Endpoint {
    /// Engine tid, `NIL` when none.
    pub(super) tid: u16,
    /// Next in the event FIFO or the free list.
    pub(super) next: u16,
    pub(super) state: EpState,
    pub(super) gen: u8,
    pub(super) flags: u8,
    /// A `DEAD` endpoint's final event (`TcpEvent` code, 3:0) and the
    /// `CplStatus` that caused it (7:4).
    fin: u8,
}

impl Endpoint {
    pub(super) const FREE: Self = Self {
        tid: NIL,
        next: NIL,
        state: EpState::Free,
        gen: 0,
        flags: 0,
        fin: 0,
    };

    pub(super) fn has(&self, f: u8) -> bool {
        self.flags & f != 0
    }

    pub(super) fn has_events(&self) -> bool {
        self.has(flag::EV_OPEN | flag::EV_PEER_CLOSED) || self.state == EpState::Dead
    }

    /// Records the final event `ev` and its `cause`.
    pub(super) fn set_final(&mut self, ev: TcpEvent, cause: CplStatus) {
        self.fin = u8::from(ev) | (u8::from(cause) << 4);
    }

    /// The final event and its cause, once recorded.
    pub(super) fn final_event(&self) -> Option<(TcpEvent, CplStatus)> {
        let ev = TcpEvent::try_from(self.fin & 0xf).ok()?;
        let cause = CplStatus::try_from(self.fin >> 4).ok()?;
        (ev != TcpEvent::None).then_some((ev, cause))
    }
}

/// What an open in progress needs, and the details of its open event.
#[derive(Clone, Copy, Debug)]
pub(super) struct Open {
    /// Endpoint slot using it, `NIL` when free.
    pub(super) ep: u16,
    /// stid of the listener of a passive open, `NO_LISTENER` for active.
    pub(super) listener: u8,
    /// Requested, then negotiated, `cpl_tcp_opt` bits.
    pub(super) opt: u8,
    pub(super) mss: u16,
    pub(super) rcv_wscale: u8,
    pub(super) snd_wscale: u8,
    /// The receive window asked for until ACT_OPEN_REQ is sent; our ISN
    /// once the connection is established (the slot is 16 bytes).
    pub(super) wnd_then_isn: u32,
    pub(super) rcv_isn: u32,
    pub(super) peer_ip: u32,
    pub(super) local_port: u16,
    pub(super) peer_port: u16,
}

const _: () = assert!(core::mem::size_of::<Open>() == 24);

impl Open {
    pub(super) const FREE: Self = Self {
        ep: NIL,
        listener: NO_LISTENER,
        opt: 0,
        mss: 0,
        rcv_wscale: 0,
        snd_wscale: 0,
        wnd_then_isn: 0,
        rcv_isn: 0,
        peer_ip: 0,
        local_port: 0,
        peer_port: 0,
    };
}

/// One listener (stid).
#[derive(Clone, Copy, Debug)]
pub(super) struct Listener {
    pub(super) state: ListenState,
    pub(super) port: u16,
    pub(super) backlog: u16,
    /// Connections counted against the backlog.
    pub(super) pending: u16,
    pub(super) rcv_wscale: u8,
}

impl Listener {
    pub(super) const FREE: Self = Self {
        state: ListenState::Free,
        port: 0,
        backlog: 0,
        pending: 0,
        rcv_wscale: 0,
    };
}

/// The one host request whose answer waits for the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Waiting {
    Listen(u8),
    Unlisten(u8),
    Tcb { tid: u16, cookie: u16 },
}

/// The deferred host request and when it times out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Deferred {
    pub(super) what: Waiting,
    pub(super) deadline_us: u64,
}

impl TcpCp {
    /// Checks the table's invariants (for tests and debuggers): the free
    /// list, event FIFO, tid map, open slots and backlog counts agree with
    /// the endpoints.
    ///
    /// # Errors
    ///
    /// A description of the first violation found.
    pub fn check_invariants(&self) -> Result<(), &'static str> {
        let mut free = 0usize;
        let mut n = self.free_head;
        while n != NIL {
            let e = self
                .eps
                .get(usize::from(n))
                .ok_or("free list out of range")?;
            if e.state != EpState::Free {
                return Err("free list holds a used endpoint");
            }
            free += 1;
            if free > EP_CAPACITY {
                return Err("free list loops");
            }
            n = e.next;
        }
        let unused = self.eps.iter().filter(|e| e.state == EpState::Free).count();
        if free != unused {
            return Err("free list misses free endpoints");
        }
        let mut queued = 0usize;
        let mut n = self.ev_head;
        let mut last = NIL;
        while n != NIL {
            let e = self
                .eps
                .get(usize::from(n))
                .ok_or("event FIFO out of range")?;
            if !e.has(flag::QUEUED) || !e.has_events() {
                return Err("event FIFO holds an endpoint without events");
            }
            queued += 1;
            if queued > EP_CAPACITY {
                return Err("event FIFO loops");
            }
            last = n;
            n = e.next;
        }
        if last != self.ev_tail {
            return Err("event FIFO tail is wrong");
        }
        let mut resolving = 0u16;
        let mut pending = [0u16; LISTENERS];
        for (i, e) in self.eps.iter().enumerate() {
            if e.state == EpState::Free {
                continue;
            }
            if e.has_events() != e.has(flag::QUEUED) {
                return Err("an endpoint's events and its FIFO membership disagree");
            }
            if e.state == EpState::Resolving {
                resolving += 1;
            }
            let needs_tid = matches!(
                e.state,
                EpState::Accepting | EpState::Established | EpState::Closing | EpState::Aborting
            );
            if needs_tid != (e.tid != NIL) {
                return Err("tid binding does not match the state");
            }
            if e.tid != NIL && self.tid_slot(u32::from(e.tid)) != Some(i) {
                return Err("two endpoints hold one tid");
            }
            let needs_open = matches!(
                e.state,
                EpState::Resolving | EpState::Connecting | EpState::Accepting
            ) || e.has(flag::EV_OPEN);
            let held = self.opens.iter().filter(|o| usize::from(o.ep) == i).count();
            if held > 1 || needs_open != (held == 1) {
                return Err("open slot does not match the state");
            }
            if e.has(flag::BACKLOG) {
                let l = self
                    .open_of(i)
                    .map_or(NO_LISTENER, |k| self.opens[k].listener);
                let p = pending
                    .get_mut(usize::from(l))
                    .ok_or("backlog flag without a listener")?;
                *p += 1;
            }
            if e.state == EpState::Dead && e.final_event().is_none() {
                return Err("dead endpoint without a final event");
            }
        }
        if resolving != self.resolving {
            return Err("resolving count is wrong");
        }
        for o in &self.opens {
            if o.ep != NIL
                && self.eps.get(usize::from(o.ep)).map(|e| e.state) == Some(EpState::Free)
            {
                return Err("open slot owned by a free endpoint");
            }
        }
        for (l, p) in self.listeners.iter().zip(pending) {
            if l.pending != p {
                return Err("listener backlog count is wrong");
            }
            if l.state == ListenState::Free && p != 0 {
                return Err("free listener with a backlog");
            }
        }
        Ok(())
    }

    // ----- ids, allocation, FIFO --------------------------------------

    pub(super) fn ep_id(&self, i: usize) -> u16 {
        let gen = self.eps.get(i).map_or(0, |e| e.gen);
        (i as u16 & SLOT_MASK) | (u16::from(gen) << SLOT_BITS)
    }

    /// The slot of endpoint `id`: `Err(Some(BAD_ARGUMENT))` when the slot
    /// does not exist, `Err(None)` when it names no live endpoint (free, or
    /// an older generation).
    pub(super) fn slot_of(&self, id: u16) -> Result<usize, Option<FwStatus>> {
        let i = usize::from(id & SLOT_MASK);
        let e = self.eps.get(i).ok_or(Some(FwStatus::BadArgument))?;
        if e.state == EpState::Free || e.gen != (id >> SLOT_BITS) as u8 {
            return Err(None);
        }
        Ok(i)
    }

    pub(super) fn alloc_ep(&mut self) -> Option<usize> {
        let i = usize::from(self.free_head);
        let e = self.eps.get_mut(i)?;
        self.free_head = e.next;
        if self.free_head == NIL {
            self.free_tail = NIL;
        }
        let gen = e.gen;
        *e = Endpoint {
            gen,
            ..Endpoint::FREE
        };
        Some(i)
    }

    /// Takes a free open slot for endpoint `ep`.
    pub(super) fn alloc_open(&mut self, ep: usize, listener: u8) -> Option<usize> {
        let k = self.opens.iter().position(|o| o.ep == NIL)?;
        self.opens[k] = Open {
            ep: ep as u16,
            listener,
            ..Open::FREE
        };
        Some(k)
    }

    /// The open slot endpoint `i` holds.
    pub(super) fn open_of(&self, i: usize) -> Option<usize> {
        self.opens.iter().position(|o| usize::from(o.ep) == i)
    }

    pub(super) fn open_mut(&mut self, i: usize) -> Option<&mut Open> {
        let k = self.open_of(i)?;
        self.opens.get_mut(k)
    }

    /// Frees endpoint `i`'s open slot, first giving back its backlog count.
    pub(super) fn release_open(&mut self, i: usize) {
        self.release_backlog(i);
        if let Some(o) = self.open_mut(i) {
            *o = Open::FREE;
        }
    }

    pub(super) fn release_backlog(&mut self, i: usize) {
        let Some(e) = self.eps.get_mut(i) else { return };
        if !e.has(flag::BACKLOG) {
            return;
        }
        e.flags &= !flag::BACKLOG;
        let l = self
            .open_of(i)
            .map_or(NO_LISTENER, |k| self.opens[k].listener);
        if let Some(l) = self.listeners.get_mut(usize::from(l)) {
            l.pending = l.pending.saturating_sub(1);
        }
    }

    pub(super) fn bind_tid(&mut self, i: usize, tid: u16) {
        if let Some(e) = self.eps.get_mut(i) {
            e.tid = tid;
        }
    }

    pub(super) fn unbind_tid(&mut self, i: usize) {
        if let Some(e) = self.eps.get_mut(i) {
            e.tid = NIL;
        }
    }

    /// The endpoint holding engine tid `tid`.
    pub(super) fn tid_slot(&self, tid: u32) -> Option<usize> {
        let t = u16::try_from(tid).ok().filter(|&t| t != NIL)?;
        self.eps.iter().position(|e| e.tid == t)
    }

    /// A tid the engine hands out for a new connection, if it is in its
    /// range. An endpoint still holding it has missed the end of its
    /// connection (the engine only reuses a free tid): it ends now, with
    /// RESET (cause BAD_STATE) if the host knows it.
    pub(super) fn new_tid(&mut self, tid: u32, out: &mut Output) -> Option<u16> {
        let t = u16::try_from(tid).ok().filter(|&t| t < self.max_tids)?;
        if let Some(i) = self.tid_slot(tid) {
            self.counters.stale_tids = self.counters.stale_tids.wrapping_add(1);
            let visible = self.eps.get(i).map(|e| e.state) != Some(EpState::Accepting);
            self.die(
                i,
                visible.then_some(TcpEvent::Reset),
                CplStatus::BadState,
                out,
            );
        }
        Some(t)
    }

    /// Puts endpoint `i` at the tail of the event FIFO unless it is in it.
    pub(super) fn enqueue(&mut self, i: usize) {
        let Some(e) = self.eps.get_mut(i) else { return };
        if e.has(flag::QUEUED) {
            return;
        }
        e.flags |= flag::QUEUED;
        e.next = NIL;
        match self.eps.get_mut(usize::from(self.ev_tail)) {
            Some(t) => t.next = i as u16,
            None => self.ev_head = i as u16,
        }
        self.ev_tail = i as u16;
    }

    /// Removes the FIFO's head.
    pub(super) fn dequeue_head(&mut self) {
        let Some(e) = self.eps.get_mut(usize::from(self.ev_head)) else {
            return;
        };
        e.flags &= !flag::QUEUED;
        self.ev_head = e.next;
        e.next = NIL;
        if self.ev_head == NIL {
            self.ev_tail = NIL;
        }
    }

    /// Returns slot `i` to the free list (it must be out of the FIFO, with
    /// no tid, open slot or backlog count).
    pub(super) fn free_ep(&mut self, i: usize) {
        let Some(e) = self.eps.get_mut(i) else { return };
        let gen = e.gen.wrapping_add(1) & GEN_MASK;
        *e = Endpoint {
            gen,
            ..Endpoint::FREE
        };
        match self.eps.get_mut(usize::from(self.free_tail)) {
            Some(t) => t.next = i as u16,
            None => self.free_head = i as u16,
        }
        self.free_tail = i as u16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_starts_consistent() {
        let t = TcpCp::new();
        assert_eq!(t.check_invariants(), Ok(()));
        assert_eq!(t.endpoints_in_use(), 0);
    }
}
