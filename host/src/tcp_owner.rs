//! Sharing the TCP engine's events between its consumers.
//!
//! The firmware keeps one queue of connection events per NIC. A consumer
//! with connections of its own (a [`crate::Cm`]) takes a [`TcpOwner`]:
//! the endpoints it opens, the listeners it starts and the connections
//! those listeners accept are its, and [`TcpOwner::poll_event`] returns
//! their events only. Everything else (the raw API's endpoints and
//! listeners) stays with [`Nic::tcp_poll_event`]. Whichever consumer
//! takes an event from the firmware files it under its owner, so nobody
//! sees, or acts on, another's connections.
//!
//! Routing follows the firmware's guarantees: an endpoint id is reused
//! only after its final event has been taken, and an accepted
//! connection's first event is its `Accepted`. An endpoint therefore
//! belongs to whoever opened it (or owns the listener that accepted it)
//! until its final event is routed. A listener id can be reused once it is
//! stopped, so [`TcpOwner::unlisten`] and [`Nic::tcp_unlisten`] first file
//! every event the firmware holds (its `Accepted` events among them) with
//! the listener's old owner.
//!
//! When a `TcpOwner` is dropped its listeners are stopped; events of its
//! endpoints are discarded from then on, and an endpoint still open is
//! aborted when its next event arrives, so a connection nobody holds does
//! not stay open.

use std::collections::{HashMap, VecDeque};
use std::net::Ipv4Addr;
use std::sync::MutexGuard;

use crate::error::{lock, Result};
use crate::nic::Nic;
use crate::tcp::{decode_event, ConnectOpts, EndpointId, ListenerId, TcpEventInfo};

/// Who an event belongs to: the raw API (0) or an owner.
type OwnerKey = u32;
const RAW: OwnerKey = 0;

/// The NIC's routing of TCP events (one per NIC, in its inner state).
#[derive(Debug)]
pub(crate) struct TcpRouter {
    next: OwnerKey,
    /// The live owners' undelivered events; an owner not here is gone.
    queues: HashMap<OwnerKey, VecDeque<TcpEventInfo>>,
    /// The raw API's undelivered events.
    raw: VecDeque<TcpEventInfo>,
    /// Listeners of owners (the raw API's are not here).
    listeners: HashMap<u16, OwnerKey>,
    /// Endpoints of owners, until their final event is routed.
    endpoints: HashMap<u16, OwnerKey>,
}

impl Default for TcpRouter {
    fn default() -> TcpRouter {
        TcpRouter {
            next: RAW + 1,
            queues: HashMap::new(),
            raw: VecDeque::new(),
            listeners: HashMap::new(),
            endpoints: HashMap::new(),
        }
    }
}

/// Where [`TcpRouter::route`] put an event.
enum Routed {
    /// Into this owner's queue (or the raw queue).
    To(OwnerKey),
    /// Its owner is gone: discarded; the endpoint is open and must be
    /// aborted.
    Orphan(EndpointId),
    /// Its owner is gone: discarded.
    Dropped,
}

impl TcpRouter {
    fn queue(&mut self, key: OwnerKey) -> Option<&mut VecDeque<TcpEventInfo>> {
        if key == RAW {
            Some(&mut self.raw)
        } else {
            self.queues.get_mut(&key)
        }
    }

    /// Files one event under its owner.
    fn route(&mut self, e: TcpEventInfo) -> Routed {
        let ep = e.endpoint();
        let key = match e {
            TcpEventInfo::Accepted { listener, .. } => {
                let key = self.listeners.get(&listener.0).copied().unwrap_or(RAW);
                if key != RAW {
                    self.endpoints.insert(ep.0, key);
                }
                key
            }
            _ => self.endpoints.get(&ep.0).copied().unwrap_or(RAW),
        };
        if e.is_final() {
            self.endpoints.remove(&ep.0);
        }
        let orphan = !e.is_final();
        match self.queue(key) {
            Some(q) => {
                q.push_back(e);
                Routed::To(key)
            }
            None if orphan => Routed::Orphan(ep),
            None => Routed::Dropped,
        }
    }
}

impl Nic {
    fn tcp_router(&self) -> Result<MutexGuard<'_, TcpRouter>> {
        lock(&self.inner.tcp_router, "TCP event router")
    }

    /// The router for a call that cannot fail: a panic elsewhere while it
    /// was held leaves maps that are still consistent (each update is one
    /// insert or remove).
    fn tcp_router_infallible(&self) -> MutexGuard<'_, TcpRouter> {
        self.inner
            .tcp_router
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The next event for `key`: from its queue, else taken from the
    /// firmware, filing the others' under theirs on the way.
    fn tcp_event_for(&self, key: OwnerKey) -> Result<Option<TcpEventInfo>> {
        let mut r = self.tcp_router()?;
        if let Some(e) = r.queue(key).and_then(VecDeque::pop_front) {
            return Ok(Some(e));
        }
        loop {
            let Some(e) = decode_event(&self.tcp_event_cmd()?)? else {
                return Ok(None);
            };
            match r.route(e) {
                Routed::To(k) if k == key => {
                    return Ok(r.queue(key).and_then(VecDeque::pop_front));
                }
                Routed::To(_) | Routed::Dropped => {}
                Routed::Orphan(ep) => {
                    // nobody holds it any more: reset it; its Aborted
                    // event is discarded in turn
                    self.tcp_abort_ending(ep)?;
                }
            }
        }
    }

    /// Files every event the firmware holds under its owner (before a
    /// listener id is given up).
    fn tcp_route_all(&self, r: &mut TcpRouter) -> Result<()> {
        while let Some(e) = decode_event(&self.tcp_event_cmd()?)? {
            if let Routed::Orphan(ep) = r.route(e) {
                self.tcp_abort_ending(ep)?;
            }
        }
        Ok(())
    }

    /// Takes the oldest event of the raw API's connections (those no
    /// [`TcpOwner`] holds), if any.
    ///
    /// # Errors
    ///
    /// As [`crate::tcp::decode_event`], or as [`Nic::fw_command`].
    pub fn tcp_poll_event(&self) -> Result<Option<TcpEventInfo>> {
        self.tcp_event_for(RAW)
    }

    /// Stops a listener; returns how many embryonic connections the engine
    /// reset with it. Connections it accepted stay; their events already
    /// in the firmware are filed with the listener's owner first.
    ///
    /// # Errors
    ///
    /// [`crate::Error::Tcp`] with BAD_ID when it is not listening, or as
    /// [`Nic::fw_command`].
    pub fn tcp_unlisten(&self, listener: ListenerId) -> Result<u32> {
        let mut r = self.tcp_router()?;
        let dropped = self.tcp_unlisten_cmd(listener)?;
        self.tcp_route_all(&mut r)?;
        r.listeners.remove(&listener.0);
        Ok(dropped)
    }

    /// A new owner of TCP connections on this NIC (module documentation).
    pub fn tcp_owner(&self) -> TcpOwner {
        let mut r = self.tcp_router_infallible();
        let key = r.next;
        r.next = r.next.wrapping_add(1).max(RAW + 1);
        r.queues.insert(key, VecDeque::new());
        TcpOwner {
            nic: self.clone(),
            key,
        }
    }
}

/// A consumer of the TCP engine with endpoints, listeners and events of
/// its own (module documentation).
#[derive(Debug)]
pub struct TcpOwner {
    nic: Nic,
    key: OwnerKey,
}

impl TcpOwner {
    /// Opens a connection as [`Nic::tcp_connect`] does; it and its events
    /// are this owner's.
    ///
    /// # Errors
    ///
    /// As [`Nic::tcp_connect`].
    pub fn connect(&self, peer: Ipv4Addr, port: u16, opts: &ConnectOpts) -> Result<EndpointId> {
        let mut r = self.nic.tcp_router()?;
        let ep = self.nic.tcp_connect(peer, port, opts)?;
        r.endpoints.insert(ep.0, self.key);
        Ok(ep)
    }

    /// Starts a listener as [`Nic::tcp_listen_with`] does; the
    /// connections it accepts are this owner's.
    ///
    /// # Errors
    ///
    /// As [`Nic::tcp_listen_with`].
    pub fn listen(&self, port: u16, backlog: u16, rcv_wnd: u32) -> Result<ListenerId> {
        let mut r = self.nic.tcp_router()?;
        let l = self.nic.tcp_listen_with(port, backlog, rcv_wnd)?;
        r.listeners.insert(l.0, self.key);
        Ok(l)
    }

    /// Stops one of this owner's listeners, as [`Nic::tcp_unlisten`].
    ///
    /// # Errors
    ///
    /// As [`Nic::tcp_unlisten`].
    pub fn unlisten(&self, listener: ListenerId) -> Result<u32> {
        self.nic.tcp_unlisten(listener)
    }

    /// Takes over a connection of the raw API (an SSP's socket): its
    /// events are this owner's from now on, those not yet taken included.
    ///
    /// # Errors
    /// As [`Nic::tcp_poll_event`] (the router's lock).
    pub fn adopt(&self, ep: EndpointId) -> Result<()> {
        let mut r = self.nic.tcp_router()?;
        r.endpoints.insert(ep.0, self.key);
        let raw = std::mem::take(&mut r.raw);
        let (mine, others): (VecDeque<_>, VecDeque<_>) =
            raw.into_iter().partition(|e| e.endpoint() == ep);
        r.raw = others;
        if let Some(q) = r.queues.get_mut(&self.key) {
            q.extend(mine);
        }
        Ok(())
    }

    /// Gives a connection back to the raw API (a socket returned to its
    /// consumer), with its events not yet taken.
    ///
    /// # Errors
    /// As [`TcpOwner::adopt`].
    pub fn release(&self, ep: EndpointId) -> Result<()> {
        let mut r = self.nic.tcp_router()?;
        if r.endpoints.get(&ep.0) == Some(&self.key) {
            r.endpoints.remove(&ep.0);
        }
        if let Some(q) = r.queues.get_mut(&self.key) {
            let (theirs, mine): (VecDeque<_>, VecDeque<_>) = std::mem::take(q)
                .into_iter()
                .partition(|e| e.endpoint() == ep);
            *q = mine;
            r.raw.extend(theirs);
        }
        Ok(())
    }

    /// Takes the oldest event of this owner's connections, if any.
    ///
    /// # Errors
    ///
    /// As [`Nic::tcp_poll_event`].
    pub fn poll_event(&self) -> Result<Option<TcpEventInfo>> {
        self.nic.tcp_event_for(self.key)
    }

    /// The NIC.
    pub fn nic(&self) -> &Nic {
        &self.nic
    }
}

impl Drop for TcpOwner {
    fn drop(&mut self) {
        let mut r = self.nic.tcp_router_infallible();
        // connections accepted or opened whose news never reached the
        // owner: nobody will hold them
        for e in r.queues.remove(&self.key).unwrap_or_default() {
            let news = matches!(
                e,
                TcpEventInfo::Accepted { .. } | TcpEventInfo::Established { .. }
            );
            if news && r.endpoints.get(&e.endpoint().0) == Some(&self.key) {
                let _ = self.nic.tcp_abort(e.endpoint());
            }
        }
        let mine: Vec<u16> = r
            .listeners
            .iter()
            .filter(|&(_, &k)| k == self.key)
            .map(|(&l, _)| l)
            .collect();
        for l in mine {
            let _ = self.nic.tcp_unlisten_cmd(ListenerId(l));
            let _ = self.nic.tcp_route_all(&mut r);
            r.listeners.remove(&l);
        }
    }
}
