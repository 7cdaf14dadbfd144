//! MPA connection setup (RFC 5044 §7.1, RFC 6581) over an offloaded TCP
//! stream: the MPA request and reply, private data, CRC and marker
//! negotiation, IRD/ORD and the peer-to-peer RTR choice, the reject.
//!
//! The protocol is the sans-IO endpoint machine of `warpnic_proto::mpa`
//! (seed 000's CONNECTING, MPA_SENT, MPA_REQ_WAIT, MPA_REQ_RCVD,
//! FPDU_MODE), whose parameter, negotiation and failure types this module
//! re-exports; this module feeds it the stream's bytes and carries out its
//! actions on the stream and the connection. The frame's bytes travel
//! through the stream's host buffers (docs/iwarp.md says why the host, not
//! the firmware, drives it).
//!
//! [`MpaSetup`] never blocks: [`MpaSetup::poll`] reads what has arrived —
//! never a byte past the frame, so the stream's next byte is the first FPDU
//! — checks the endpoint timer against the device's clock and returns at
//! most one [`MpaEvent`]. The caller runs the device between polls
//! ([`Device::relax`](crate::Device::relax)), as with every other event
//! here.
//!
//! A setup ends at the negotiation: the negotiated [`RdmaParams`] of
//! [`MpaEvent::Established`] are what the switch to RDMA (FPDU) mode needs,
//! and the connection manager ([`crate::cm`]) makes that switch. The
//! TERMINATE an initiator owes for a reply it cannot use (RFC 6581) is not
//! sent: the connection is closed instead.

use std::time::Duration;

use warpnic_proto::mpa::{parse_header, Action, Endpoint, Event, Input, Output, UsageError};
pub use warpnic_proto::mpa::{
    AcceptParams, Config as MpaConfig, ConnectParams, CrcPolicy, IrdOrd, MarkerPolicy, MpaError,
    RdmaParams, Revision, Rtr, RtrRole, RtrSet, State, HEADER_LEN, IRD_ORD_LEN, KEY_REP, KEY_REQ,
    MAX_FRAME_LEN, MAX_IRD_ORD, MAX_PRIVATE_DATA, MAX_PRIVATE_DATA_V2,
};

use crate::error::{Error, Result};
use crate::stream::TcpStream;
use crate::tcp::EndpointId;
use crate::Nic;

/// How long one write of a frame may wait for room in the send buffer.
const WRITE_WAIT: Duration = Duration::from_millis(10);

/// What an MPA setup reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MpaEvent {
    /// Responder: the initiator's request (RDMA_CM_EVENT_CONNECT_REQUEST);
    /// answer with [`MpaSetup::accept`] or [`MpaSetup::reject`].
    ConnectRequest {
        /// The request's revision.
        revision: Revision,
        /// The initiator asked for CRC32c.
        crc: bool,
        /// The initiator asked for markers.
        markers: bool,
        /// The RFC 6581 IRD/ORD block, in revision 2.
        ird_ord: Option<IrdOrd>,
        /// The initiator's private data.
        private_data: Vec<u8>,
    },
    /// The setup is complete (RDMA_CM_EVENT_ESTABLISHED, DAT ESTABLISHED).
    Established {
        /// What RDMA mode uses.
        params: RdmaParams,
        /// The peer's private data (the reply's, at the initiator; empty at
        /// the responder).
        private_data: Vec<u8>,
    },
    /// The responder rejected the request (DAT PEER_REJECTED); the
    /// connection is closed.
    PeerRejected {
        /// The responder's private data.
        private_data: Vec<u8>,
    },
    /// The setup failed on the peer's frame (DAT NON_PEER_REJECTED): bad
    /// key, revision, private data, or parameters this end cannot take;
    /// the connection is closed or aborted as the RFCs say.
    Failed(MpaError),
    /// The endpoint timer ran out (DAT TIMED_OUT); the connection is
    /// aborted.
    TimedOut,
}

/// One connection's MPA setup, initiator or responder.
#[derive(Debug)]
pub struct MpaSetup {
    ep: Endpoint,
    tcp: EndpointId,
    /// The frame's bytes received so far (at most its header, then its
    /// length).
    buf: Vec<u8>,
    done: bool,
    /// Leave the TCP connection open where the exchange would close it
    /// (a reject): a Socket Service Point's socket goes back to its
    /// consumer (seed 001).
    keep_open: bool,
}

/// An owned copy of the endpoint's output (the endpoint lends its buffer).
struct Owned {
    send: Vec<Vec<u8>>,
    close: bool,
    abort: bool,
    event: Option<MpaEvent>,
}

fn owned(out: &Output<'_>) -> Owned {
    let mut o = Owned {
        send: Vec::new(),
        close: false,
        abort: false,
        event: None,
    };
    for a in out.actions() {
        match a {
            Action::SendBytes(b) => o.send.push(b.to_vec()),
            // the switch to RDMA mode is reported with the Established event
            Action::EnterRdmaMode(_) => {}
            // not in streaming mode: the connection is closed instead
            Action::SendTerminate(_) | Action::Close => o.close = true,
            Action::Abort => o.abort = true,
            Action::Event(e) => {
                o.event = Some(match *e {
                    Event::ConnectRequest(r) => MpaEvent::ConnectRequest {
                        revision: r.revision,
                        crc: r.crc,
                        markers: r.markers,
                        ird_ord: r.ird_ord,
                        private_data: r.private_data.to_vec(),
                    },
                    Event::Established {
                        params,
                        private_data,
                    } => MpaEvent::Established {
                        params,
                        private_data: private_data.to_vec(),
                    },
                    Event::PeerRejected { private_data } => MpaEvent::PeerRejected {
                        private_data: private_data.to_vec(),
                    },
                    Event::NonPeerRejected(MpaError::Timeout)
                    | Event::ConnectError(MpaError::Timeout)
                    | Event::TimedOut => MpaEvent::TimedOut,
                    Event::NonPeerRejected(e) | Event::ConnectError(e) => MpaEvent::Failed(e),
                    Event::Unreachable => MpaEvent::Failed(MpaError::Refused),
                })
            }
        }
    }
    o
}

fn usage(e: UsageError) -> Error {
    Error::MpaUsage(e)
}

impl MpaSetup {
    /// The initiator's side on an established stream: sends the MPA
    /// request (rdma_connect) and starts the endpoint timer
    /// (`cfg.timeout`, in nanoseconds of device time).
    ///
    /// # Errors
    /// [`Error::MpaUsage`] for private data or IRD/ORD out of range;
    /// stream errors while writing the request.
    pub fn connect(
        nic: &Nic,
        st: &mut TcpStream,
        cfg: MpaConfig,
        p: ConnectParams<'_>,
    ) -> Result<MpaSetup> {
        let ep = Endpoint::active(cfg, p).map_err(usage)?;
        MpaSetup::start(nic, st, ep)
    }

    /// The responder's side on an accepted stream: waits for the request
    /// (the endpoint timer, `cfg.timeout` ns of device time, starts now).
    ///
    /// # Errors
    /// Never in practice; the signature matches [`MpaSetup::connect`].
    pub fn listen(nic: &Nic, st: &mut TcpStream, cfg: MpaConfig) -> Result<MpaSetup> {
        MpaSetup::start(nic, st, Endpoint::passive(cfg))
    }

    /// The endpoint on an established TCP connection: the request goes
    /// out (initiator) or the timer starts (responder).
    fn start(nic: &Nic, st: &mut TcpStream, ep: Endpoint) -> Result<MpaSetup> {
        let mut s = MpaSetup {
            ep,
            tcp: st.endpoint(),
            buf: Vec::with_capacity(HEADER_LEN),
            done: false,
            keep_open: false,
        };
        let now = st.device().now_ns();
        let o = owned(&s.ep.handle(now, Input::TcpEstablished).map_err(usage)?);
        s.carry_out(nic, st, &o)?;
        Ok(s)
    }

    /// Leaves the TCP connection open where the exchange would close it
    /// gracefully: after a reject, sent or received. A Socket Service
    /// Point's socket goes back to its consumer still connected (seed
    /// 001), where RFC 5044 would have both ends close it.
    pub fn keep_open(&mut self) {
        self.keep_open = true;
    }

    /// The endpoint's state (seed 000's names).
    pub fn state(&self) -> State {
        self.ep.state()
    }

    /// Takes the bytes that have arrived (never past the frame), checks the
    /// timer; returns the event of the setup when there is one. After an
    /// event other than [`MpaEvent::ConnectRequest`] the setup is over and
    /// further polls return `None`.
    ///
    /// # Errors
    /// Stream errors (DMA, a write that finds no room).
    pub fn poll(&mut self, nic: &Nic, st: &mut TcpStream) -> Result<Option<MpaEvent>> {
        if self.done {
            return Ok(None);
        }
        let mut piece = [0u8; 256];
        loop {
            let want = self.wanted();
            if want == 0 {
                break;
            }
            let take = want.min(piece.len());
            let n = st.read(&mut piece[..take])?;
            if n == 0 {
                break;
            }
            self.buf.extend_from_slice(&piece[..n]);
            let now = st.device().now_ns();
            let o = owned(
                &self
                    .ep
                    .handle(now, Input::Received(&piece[..n]))
                    .map_err(usage)?,
            );
            if let Some(e) = self.carry_out(nic, st, &o)? {
                return Ok(Some(e));
            }
        }
        let now = st.device().now_ns();
        let o = owned(&self.ep.handle(now, Input::Tick).map_err(usage)?);
        self.carry_out(nic, st, &o)
    }

    /// Responder: accepts the request with this end's private data and
    /// IRD/ORD (rdma_accept): sends the reply; the setup is established.
    ///
    /// # Errors
    /// [`Error::MpaUsage`] outside `MPA_REQ_RCVD` or for private data or
    /// IRD/ORD out of range; stream errors while writing the reply.
    pub fn accept(
        &mut self,
        nic: &Nic,
        st: &mut TcpStream,
        p: AcceptParams<'_>,
    ) -> Result<MpaEvent> {
        let now = st.device().now_ns();
        let o = owned(&self.ep.handle(now, Input::Accept(p)).map_err(usage)?);
        self.carry_out(nic, st, &o)?
            .ok_or(Error::FwProtocol("MPA accept without an outcome".into()))
    }

    /// Responder: rejects the request with private data (rdma_reject):
    /// sends the reply with the R flag, then closes the connection.
    ///
    /// # Errors
    /// [`Error::MpaUsage`] outside `MPA_REQ_RCVD` or for private data out of
    /// range; stream errors.
    pub fn reject(&mut self, nic: &Nic, st: &mut TcpStream, private_data: &[u8]) -> Result<()> {
        let now = st.device().now_ns();
        let o = owned(
            &self
                .ep
                .handle(now, Input::Reject(private_data))
                .map_err(usage)?,
        );
        self.carry_out(nic, st, &o)?;
        self.done = true;
        Ok(())
    }

    /// Bytes of the frame still to read: the rest of the header, then the
    /// rest of the frame; none once the endpoint takes no more.
    fn wanted(&self) -> usize {
        if !matches!(self.ep.state(), State::MpaSent | State::MpaReqWait) {
            return 0;
        }
        if self.buf.len() < HEADER_LEN {
            return HEADER_LEN - self.buf.len();
        }
        match parse_header(&self.buf[..HEADER_LEN]) {
            Ok(h) => h.frame_len().saturating_sub(self.buf.len()),
            // the endpoint has already answered a bad header
            Err(_) => 0,
        }
    }

    /// Carries out the actions in order; returns the event.
    fn carry_out(&mut self, nic: &Nic, st: &mut TcpStream, o: &Owned) -> Result<Option<MpaEvent>> {
        for b in &o.send {
            st.write_all(b, WRITE_WAIT)?;
        }
        if o.abort {
            nic.tcp_abort(self.tcp)?;
        } else if o.close && !self.keep_open {
            nic.tcp_close(self.tcp)?;
        }
        if let Some(e) = &o.event {
            if !matches!(e, MpaEvent::ConnectRequest { .. }) {
                self.done = true;
            }
        }
        Ok(o.event.clone())
    }
}
