//! The neighbour table: IPv4 address to MAC address, with reachability
//! states (RFC 1122 §2.3.2.1; the state names and timers are those of the
//! Linux neighbour subsystem, which refines RFC 1122's advice the way RFC
//! 4861 §7.3 does for IPv6).
//!
//! | state | meaning | leaves on |
//! |---|---|---|
//! | `INCOMPLETE` | a broadcast request is out, no answer yet | answer → `REACHABLE` (solicited) or `STALE`; [`MAX_MCAST_PROBES`] requests unanswered → removed |
//! | `REACHABLE` | confirmed within [`REACHABLE_MS`] | timer → `STALE`; a different MAC heard → `STALE` |
//! | `STALE` | usable but unconfirmed | used by [`NeighTable::use_entry`] → `DELAY`; a solicited answer → `REACHABLE` |
//! | `DELAY` | used while stale; waiting [`DELAY_MS`] for an upper-layer hint | timer → `PROBE`; answer → `REACHABLE` |
//! | `PROBE` | unicast requests to the cached MAC | answer → `REACHABLE`; [`MAX_UCAST_PROBES`] unanswered → removed |
//!
//! Every transition of an entry goes through one function (`step`). The
//! table holds at most `N` entries; a new entry replaces the `STALE` entry
//! heard from least recently when the table is full, and is refused when no
//! entry is `STALE`. Nothing here sends: the table says what to send
//! ([`NeighTimer`]) and the caller (the ARP resolver) builds the frames.
//!
//! Time is the caller's monotonic `now_ms`; differences saturate, so a
//! clock that steps backwards delays timers rather than firing them.

use core::net::Ipv4Addr;

use crate::mac::MacAddr;

/// Time between request retransmissions (Linux `retrans_time_ms`).
pub const RETRANS_MS: u64 = 1_000;
/// Broadcast requests sent for an `INCOMPLETE` entry before it fails
/// (Linux `mcast_solicit`).
pub const MAX_MCAST_PROBES: u8 = 3;
/// Unicast requests sent in `PROBE` before the entry fails (Linux
/// `ucast_solicit`).
pub const MAX_UCAST_PROBES: u8 = 3;
/// How long a confirmation keeps an entry `REACHABLE` (Linux
/// `base_reachable_time_ms`, without its random factor).
pub const REACHABLE_MS: u64 = 30_000;
/// How long a used `STALE` entry waits in `DELAY` before probing (Linux
/// `delay_first_probe_time`).
pub const DELAY_MS: u64 = 5_000;

/// The reachability state of an entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NeighState {
    /// Resolution in progress; no MAC known.
    Incomplete,
    /// Confirmed recently.
    Reachable,
    /// Known but unconfirmed.
    Stale,
    /// Used while stale; probing soon.
    Delay,
    /// Being probed with unicast requests.
    Probe,
}

/// One entry of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Neighbour {
    ip: Ipv4Addr,
    mac: Option<MacAddr>,
    state: NeighState,
    /// When the entry entered its state, or was last confirmed or heard.
    since_ms: u64,
    /// Requests sent in this state.
    probes: u8,
    /// When the next request is due (`INCOMPLETE`, `PROBE`).
    next_ms: u64,
}

impl Neighbour {
    /// The neighbour's IPv4 address.
    pub const fn ip(&self) -> Ipv4Addr {
        self.ip
    }

    /// Its MAC address; `None` while `INCOMPLETE`.
    pub const fn mac(&self) -> Option<MacAddr> {
        self.mac
    }

    /// Its state.
    pub const fn state(&self) -> NeighState {
        self.state
    }

    /// When it entered its state or was last heard from, in the caller's
    /// milliseconds.
    pub const fn since_ms(&self) -> u64 {
        self.since_ms
    }

    /// Requests sent for it in its current state.
    pub const fn probes(&self) -> u8 {
        self.probes
    }
}

/// Why the table refused an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NeighError {
    /// Every entry is in use and none is `STALE`.
    TableFull,
}

/// What a timer of the table asks the caller to do ([`NeighTable::poll`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NeighTimer {
    /// Send an ARP request for `ip`: broadcast when `unicast` is `None`,
    /// else to that MAC (a `PROBE`).
    Request {
        /// The address to resolve.
        ip: Ipv4Addr,
        /// The cached MAC to probe, or `None` for a broadcast.
        unicast: Option<MacAddr>,
    },
    /// Resolution of `ip` failed and its entry is gone; whatever waits on
    /// it should fail (RFC 1122 §2.3.2.2: report unreachable).
    Failed(Ipv4Addr),
}

/// What [`NeighTable::use_entry`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lookup {
    /// A MAC to send to (the entry may now be in `DELAY`).
    Mac(MacAddr),
    /// Resolution is in progress.
    Incomplete,
    /// No entry.
    Missing,
}

/// What an update did to the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Update {
    /// No entry for the address, and none was made.
    Absent,
    /// The entry is unchanged apart from its timestamps.
    Refreshed,
    /// The entry was made or its MAC or state changed.
    Changed,
    /// An `INCOMPLETE` entry got its MAC: whatever waits on it may go.
    Resolved,
}

/// An event applied to one entry by [`step`].
#[derive(Clone, Copy, Debug)]
enum Event {
    /// An upper layer wants to send to the neighbour.
    Use,
    /// An answer to our request, addressed to us (a solicited reply).
    Confirm(MacAddr),
    /// The neighbour was heard from without proof that it hears us.
    Hint(MacAddr),
    /// Time passed.
    Tick,
}

/// What [`step`] asks of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Nothing,
    Refreshed,
    Changed,
    Resolved,
    Send(Option<MacAddr>),
    Remove,
}

/// The one transition function of an entry.
fn step(e: &mut Neighbour, ev: Event, now: u64) -> Outcome {
    use NeighState as S;
    let age = now.saturating_sub(e.since_ms);
    let enter = |e: &mut Neighbour, state: NeighState, mac: Option<MacAddr>| {
        e.state = state;
        e.mac = mac;
        e.since_ms = now;
        e.probes = 0;
        e.next_ms = now;
    };
    match (e.state, ev) {
        (S::Incomplete, Event::Confirm(mac)) => {
            enter(e, S::Reachable, Some(mac));
            Outcome::Resolved
        }
        (S::Incomplete, Event::Hint(mac)) => {
            enter(e, S::Stale, Some(mac));
            Outcome::Resolved
        }
        (_, Event::Confirm(mac)) => {
            let same = e.state == S::Reachable && e.mac == Some(mac);
            enter(e, S::Reachable, Some(mac));
            if same {
                Outcome::Refreshed
            } else {
                Outcome::Changed
            }
        }
        (_, Event::Hint(mac)) => {
            if e.mac == Some(mac) {
                // Same address: nothing proves reachability, keep the state.
                Outcome::Nothing
            } else {
                enter(e, S::Stale, Some(mac));
                Outcome::Changed
            }
        }
        (S::Stale, Event::Use) => {
            enter(e, S::Delay, e.mac);
            Outcome::Changed
        }
        (_, Event::Use) => Outcome::Nothing,
        (S::Reachable, Event::Tick) if age >= REACHABLE_MS => {
            enter(e, S::Stale, e.mac);
            Outcome::Changed
        }
        (S::Delay, Event::Tick) if age >= DELAY_MS => {
            enter(e, S::Probe, e.mac);
            e.probes = 1;
            e.next_ms = now.saturating_add(RETRANS_MS);
            Outcome::Send(e.mac)
        }
        (S::Incomplete | S::Probe, Event::Tick) if now >= e.next_ms => {
            let max = if e.state == S::Incomplete {
                MAX_MCAST_PROBES
            } else {
                MAX_UCAST_PROBES
            };
            if e.probes >= max {
                Outcome::Remove
            } else {
                e.probes += 1;
                e.next_ms = now.saturating_add(RETRANS_MS);
                Outcome::Send(if e.state == S::Probe { e.mac } else { None })
            }
        }
        (_, Event::Tick) => Outcome::Nothing,
    }
}

/// A fixed-capacity neighbour table of `N` entries.
#[derive(Clone, Debug)]
pub struct NeighTable<const N: usize> {
    entries: [Option<Neighbour>; N],
}

impl<const N: usize> Default for NeighTable<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> NeighTable<N> {
    /// An empty table.
    pub const fn new() -> Self {
        Self { entries: [None; N] }
    }

    /// The number of entries the table can hold.
    pub const fn capacity(&self) -> usize {
        N
    }

    /// The number of entries in use.
    pub fn len(&self) -> usize {
        self.entries.iter().flatten().count()
    }

    /// `true` when no entry is in use.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The entries in use, in slot order.
    pub fn iter(&self) -> impl Iterator<Item = &Neighbour> {
        self.entries.iter().flatten()
    }

    /// The entry for `ip`, without changing it.
    pub fn get(&self, ip: Ipv4Addr) -> Option<&Neighbour> {
        self.iter().find(|e| e.ip == ip)
    }

    /// Removes the entry for `ip`; returns whether there was one.
    pub fn remove(&mut self, ip: Ipv4Addr) -> bool {
        match self.slot(ip) {
            Some(i) => self.entries.get_mut(i).map(Option::take).is_some(),
            None => false,
        }
    }

    /// Removes every entry.
    pub fn clear(&mut self) {
        self.entries = [None; N];
    }

    fn slot(&self, ip: Ipv4Addr) -> Option<usize> {
        self.entries
            .iter()
            .position(|e| e.is_some_and(|e| e.ip == ip))
    }

    fn entry_mut(&mut self, ip: Ipv4Addr) -> Option<&mut Neighbour> {
        self.entries.iter_mut().flatten().find(|e| e.ip == ip)
    }

    /// Moves `REACHABLE` entries whose confirmation expired to `STALE`;
    /// no other timer fires here.
    fn age(&mut self, now: u64) {
        for e in self.entries.iter_mut().flatten() {
            if e.state == NeighState::Reachable {
                step(e, Event::Tick, now);
            }
        }
    }

    /// A free slot, or the slot of the `STALE` entry heard from least
    /// recently, which is dropped.
    fn free_slot(&mut self, now: u64) -> Result<usize, NeighError> {
        if let Some(i) = self.entries.iter().position(Option::is_none) {
            return Ok(i);
        }
        self.age(now);
        self.entries
            .iter()
            .enumerate()
            .filter_map(|(i, e)| e.filter(|e| e.state == NeighState::Stale).map(|e| (i, e)))
            .min_by_key(|(_, e)| e.since_ms)
            .map(|(i, _)| i)
            .ok_or(NeighError::TableFull)
    }

    fn insert(&mut self, n: Neighbour, now: u64) -> Result<(), NeighError> {
        let i = self.free_slot(now)?;
        let slot = self.entries.get_mut(i).ok_or(NeighError::TableFull)?;
        *slot = Some(n);
        Ok(())
    }

    /// An upper layer wants to send to `ip`: returns its MAC when known
    /// (moving a `STALE` entry to `DELAY`), or whether resolution is under
    /// way.
    pub fn use_entry(&mut self, ip: Ipv4Addr, now: u64) -> Lookup {
        self.age(now);
        match self.entry_mut(ip) {
            None => Lookup::Missing,
            Some(e) => {
                step(e, Event::Use, now);
                e.mac.map_or(Lookup::Incomplete, Lookup::Mac)
            }
        }
    }

    /// Starts resolving `ip`: makes an `INCOMPLETE` entry that counts the
    /// broadcast request the caller sends now. Does nothing when an entry
    /// exists.
    ///
    /// # Errors
    ///
    /// [`NeighError::TableFull`] when no slot is free and none is `STALE`.
    pub fn solicit(&mut self, ip: Ipv4Addr, now: u64) -> Result<(), NeighError> {
        if self.slot(ip).is_some() {
            return Ok(());
        }
        self.insert(
            Neighbour {
                ip,
                mac: None,
                state: NeighState::Incomplete,
                since_ms: now,
                probes: 1,
                next_ms: now.saturating_add(RETRANS_MS),
            },
            now,
        )
    }

    /// `ip` answered our request from `mac` (an ARP reply addressed to us):
    /// its entry, if any, becomes `REACHABLE`. No entry is made: an
    /// unsolicited reply does not create one.
    pub fn confirm(&mut self, ip: Ipv4Addr, mac: MacAddr, now: u64) -> Update {
        self.apply(ip, Event::Confirm(mac), now)
    }

    /// `ip` was heard from `mac` without proof that it hears us (a request,
    /// a gratuitous ARP, an IP datagram): an existing entry takes the MAC
    /// (`STALE` if it changed; an `INCOMPLETE` one is resolved). With
    /// `create`, a missing entry is made `STALE`.
    ///
    /// # Errors
    ///
    /// [`NeighError::TableFull`] when `create` is set, the entry is missing
    /// and there is no room.
    pub fn hint(
        &mut self,
        ip: Ipv4Addr,
        mac: MacAddr,
        now: u64,
        create: bool,
    ) -> Result<Update, NeighError> {
        match self.apply(ip, Event::Hint(mac), now) {
            Update::Absent if create => {
                self.insert(
                    Neighbour {
                        ip,
                        mac: Some(mac),
                        state: NeighState::Stale,
                        since_ms: now,
                        probes: 0,
                        next_ms: now,
                    },
                    now,
                )?;
                Ok(Update::Changed)
            }
            u => Ok(u),
        }
    }

    fn apply(&mut self, ip: Ipv4Addr, ev: Event, now: u64) -> Update {
        match self.entry_mut(ip) {
            None => Update::Absent,
            Some(e) => match step(e, ev, now) {
                Outcome::Resolved => Update::Resolved,
                Outcome::Changed => Update::Changed,
                _ => Update::Refreshed,
            },
        }
    }

    /// Runs the timers: returns the first request due or failure, in slot
    /// order, or `None` when nothing is due. Call until `None`; each call
    /// visits every entry at most once.
    pub fn poll(&mut self, now: u64) -> Option<NeighTimer> {
        for slot in self.entries.iter_mut() {
            let Some(e) = slot.as_mut() else { continue };
            match step(e, Event::Tick, now) {
                Outcome::Send(unicast) => return Some(NeighTimer::Request { ip: e.ip, unicast }),
                Outcome::Remove => {
                    let ip = e.ip;
                    *slot = None;
                    return Some(NeighTimer::Failed(ip));
                }
                _ => {}
            }
        }
        None
    }

    /// The earliest time at which [`poll`](Self::poll) has something to do,
    /// or `None` for an empty table; lets a caller sleep.
    pub fn next_deadline(&self) -> Option<u64> {
        self.iter()
            .map(|e| match e.state {
                NeighState::Incomplete | NeighState::Probe => e.next_ms,
                NeighState::Reachable => e.since_ms.saturating_add(REACHABLE_MS),
                NeighState::Delay => e.since_ms.saturating_add(DELAY_MS),
                NeighState::Stale => u64::MAX,
            })
            .min()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: Ipv4Addr = Ipv4Addr::new(10, 0, 0, 2);
    const B: Ipv4Addr = Ipv4Addr::new(10, 0, 0, 3);
    const M1: MacAddr = MacAddr([0x02, 0, 0, 0, 0, 0x11]);
    const M2: MacAddr = MacAddr([0x02, 0, 0, 0, 0, 0x22]);

    fn state<const N: usize>(t: &NeighTable<N>, ip: Ipv4Addr) -> Option<NeighState> {
        t.get(ip).map(Neighbour::state)
    }

    #[test]
    fn incomplete_retransmits_then_fails() {
        let mut t = NeighTable::<4>::new();
        assert_eq!(t.use_entry(A, 0), Lookup::Missing);
        t.solicit(A, 0).expect("room");
        assert_eq!(t.use_entry(A, 10), Lookup::Incomplete);
        assert_eq!(t.poll(999), None);
        let req = Some(NeighTimer::Request {
            ip: A,
            unicast: None,
        });
        assert_eq!(t.poll(1_000), req);
        assert_eq!(t.poll(1_000), None);
        assert_eq!(t.poll(2_000), req);
        assert_eq!(t.get(A).map(Neighbour::probes), Some(3));
        assert_eq!(t.poll(2_999), None);
        assert_eq!(t.poll(3_000), Some(NeighTimer::Failed(A)));
        assert!(t.is_empty());
    }

    #[test]
    fn reply_resolves_then_ages_through_delay_and_probe() {
        let mut t = NeighTable::<4>::new();
        t.solicit(A, 0).expect("room");
        assert_eq!(t.confirm(A, M1, 500), Update::Resolved);
        assert_eq!(state(&t, A), Some(NeighState::Reachable));
        assert_eq!(t.use_entry(A, 600), Lookup::Mac(M1));
        assert_eq!(t.next_deadline(), Some(30_500));
        assert_eq!(t.poll(30_499), None);
        assert_eq!(state(&t, A), Some(NeighState::Reachable));
        assert_eq!(t.poll(30_500), None);
        assert_eq!(state(&t, A), Some(NeighState::Stale));
        // Use of a stale entry: still usable, DELAY, then unicast probes.
        assert_eq!(t.use_entry(A, 40_000), Lookup::Mac(M1));
        assert_eq!(state(&t, A), Some(NeighState::Delay));
        assert_eq!(t.poll(44_999), None);
        let probe = Some(NeighTimer::Request {
            ip: A,
            unicast: Some(M1),
        });
        assert_eq!(t.poll(45_000), probe);
        assert_eq!(state(&t, A), Some(NeighState::Probe));
        assert_eq!(t.poll(46_000), probe);
        assert_eq!(t.poll(47_000), probe);
        assert_eq!(t.poll(48_000), Some(NeighTimer::Failed(A)));
        assert_eq!(t.get(A), None);
    }

    #[test]
    fn probe_answered_returns_to_reachable() {
        let mut t = NeighTable::<4>::new();
        t.hint(A, M1, 0, true).expect("room");
        assert_eq!(state(&t, A), Some(NeighState::Stale));
        t.use_entry(A, 1);
        assert!(t.poll(5_001).is_some());
        assert_eq!(t.confirm(A, M1, 5_100), Update::Changed);
        assert_eq!(state(&t, A), Some(NeighState::Reachable));
        assert_eq!(t.poll(6_200), None);
    }

    #[test]
    fn hints() {
        let mut t = NeighTable::<4>::new();
        // No entry and no create: nothing.
        assert_eq!(t.hint(A, M1, 0, false), Ok(Update::Absent));
        assert!(t.is_empty());
        // An incomplete entry is resolved by a hint, as STALE.
        t.solicit(A, 0).expect("room");
        assert_eq!(t.hint(A, M1, 10, false), Ok(Update::Resolved));
        assert_eq!(state(&t, A), Some(NeighState::Stale));
        t.confirm(A, M1, 20);
        // Same MAC: a reachable entry stays reachable.
        assert_eq!(t.hint(A, M1, 30, false), Ok(Update::Refreshed));
        assert_eq!(state(&t, A), Some(NeighState::Reachable));
        // A new MAC: taken, but unconfirmed.
        assert_eq!(t.hint(A, M2, 40, false), Ok(Update::Changed));
        assert_eq!(state(&t, A), Some(NeighState::Stale));
        assert_eq!(t.get(A).and_then(Neighbour::mac), Some(M2));
        // An unsolicited confirm makes no entry.
        assert_eq!(t.confirm(B, M1, 50), Update::Absent);
        assert_eq!(t.len(), 1);
    }

    #[test]
    fn full_table_evicts_oldest_stale_only() {
        let mut t = NeighTable::<3>::new();
        let ip = |i: u8| Ipv4Addr::new(10, 0, 0, 10 + i);
        t.hint(ip(0), M1, 100, true).expect("room");
        t.hint(ip(1), M1, 50, true).expect("room");
        t.solicit(ip(2), 10).expect("room");
        // ip(1) is the oldest stale entry.
        t.solicit(ip(3), 200).expect("evicts");
        assert!(t.get(ip(1)).is_none());
        assert!(t.get(ip(0)).is_some());
        t.confirm(ip(0), M1, 210);
        // Now: REACHABLE, INCOMPLETE, INCOMPLETE: nothing to evict.
        assert_eq!(t.solicit(ip(4), 220), Err(NeighError::TableFull));
        assert_eq!(t.hint(ip(4), M1, 220, true), Err(NeighError::TableFull));
        // Once the reachable entry has aged it can be replaced.
        t.solicit(ip(2), 0).expect("exists");
        assert_eq!(t.len(), 3);
        assert!(t.solicit(ip(4), 210 + REACHABLE_MS).is_ok());
        assert!(t.get(ip(0)).is_none());
        assert!(t.remove(ip(4)));
        assert!(!t.remove(ip(4)));
        t.clear();
        assert!(t.is_empty());
        assert_eq!(t.capacity(), 3);
    }

    #[test]
    fn backwards_clock_does_not_fire() {
        let mut t = NeighTable::<2>::new();
        t.solicit(A, 10_000).expect("room");
        assert_eq!(t.poll(0), None);
        t.confirm(A, M1, 10_000);
        assert_eq!(t.poll(5), None);
        assert_eq!(state(&t, A), Some(NeighState::Reachable));
    }
}
