//! The port choice of [`TcpCp`]: ephemeral local ports for active opens
//! (RFC 6056 algorithm 3) and the check of a port in use.

use super::{iss, ListenState, TcpCp, NIL};

/// First ephemeral port (RFC 6335 §6: 49152..=65535).
pub const EPHEMERAL_FIRST: u16 = 49_152;
const EPHEMERAL_COUNT: u32 = 16_384;
/// Candidate ports tried for one ephemeral choice.
const EPHEMERAL_TRIES: u32 = 64;

impl TcpCp {
    /// `true` when `lport` is a listening port, or an open in progress
    /// uses the 4-tuple. (Open connections and TIME_WAIT are the engine's
    /// to check: it refuses a 4-tuple in use with ADDR_IN_USE.)
    pub(super) fn port_taken(&self, lport: u16, peer: u32, pport: u16) -> bool {
        self.listeners
            .iter()
            .any(|l| l.state != ListenState::Free && l.port == lport)
            || self.opens.iter().any(|o| {
                o.ep != NIL && o.local_port == lport && o.peer_ip == peer && o.peer_port == pport
            })
    }

    pub(super) fn ephemeral_port(&mut self, local: u32, peer: u32, pport: u16) -> Option<u16> {
        let offset = iss::port_offset(self.key, local, peer, pport);
        for _ in 0..EPHEMERAL_TRIES {
            let n = offset.wrapping_add(self.port_counter) % EPHEMERAL_COUNT;
            self.port_counter = self.port_counter.wrapping_add(1);
            let port = EPHEMERAL_FIRST + n as u16;
            if !self.port_taken(port, peer, pport) {
                return Some(port);
            }
        }
        None
    }
}
