//! The firmware state machine: mailbox reassembly, dispatch and response
//! streaming over a [`Hal`].
//!
//! [`Firmware`] owns no hardware. [`Firmware::poll`] moves at most
//! [`POLL_BUDGET_WORDS`] words per call, so the caller (the simulator's
//! cycle loop or the soft core's main loop) keeps control. The message
//! protocol is described in the crate documentation.

use warpnic_abi::gen::{self, FwMsgHdr, FwOpcode, FwStatus};

use core::net::Ipv4Addr;

use crate::hal::{read_cycles, Hal, REG_BUILD_ID, REG_ID, REG_TCP_CONNS, REG_TCP_TIME_US};
use crate::mac::MacAddr;
use crate::net::{ArpPoll, ExceptionPath, Resolve, ResolveError};
use crate::tcp::{self, cpl, CplMsg, Hop, TcpCp};

mod commands;
use commands::{reply_payload, write_mac};

/// Words in the largest message, header included (`FW_MSG_MAX_WORDS`).
pub const MSG_MAX_WORDS: usize = gen::FW_MSG_MAX_WORDS as usize;

/// Words a response may carry after its header.
const PAYLOAD_MAX_WORDS: usize = MSG_MAX_WORDS - 1;

const _: () = assert!(tcp::Reply::MAX_WORDS <= PAYLOAD_MAX_WORDS);

/// Words (received plus sent) one [`Firmware::poll`] moves at most: enough
/// for a largest request and its largest response.
pub const POLL_BUDGET_WORDS: u32 = 2 * MSG_MAX_WORDS as u32;

/// What the firmware is told at start-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FwConfig {
    /// The port's MAC address, byte 0 first on the wire. It must be a
    /// unicast address other than zero.
    pub mac: [u8; 6],
}

impl FwConfig {
    /// A configuration with MAC address `mac`.
    pub const fn new(mac: [u8; 6]) -> Self {
        Self { mac }
    }
}

/// Why [`Firmware::init`] refused to start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InitError {
    /// `FW_REG_ID` did not read `FW_REG_ID_VALUE`: this is not a warpnic
    /// core's firmware port.
    WrongId {
        /// The value read.
        found: u32,
    },
    /// The core was generated from a different ABI description than this
    /// firmware (`FW_REG_BUILD_ID` differs from the firmware's `BUILD_ID`).
    BuildMismatch {
        /// The core's build ID.
        core: u32,
        /// The build ID this firmware was compiled against.
        firmware: u32,
    },
    /// The configured MAC address is zero or a group address.
    InvalidMac,
}

impl core::fmt::Display for InitError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            Self::WrongId { found } => write!(
                f,
                "FW_REG_ID reads {found:#010x}, expected {:#010x}",
                gen::FW_REG_ID_VALUE
            ),
            Self::BuildMismatch { core, firmware } => write!(
                f,
                "core build ID {core:#010x} differs from the firmware's {firmware:#010x}"
            ),
            Self::InvalidMac => {
                f.write_str("the configured MAC address is zero or a group address")
            }
        }
    }
}

/// What one [`Firmware::poll`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PollResult {
    /// No word was waiting and no response is pending.
    Idle,
    /// At least one word moved; more work may be waiting, so poll again soon.
    Progress,
    /// A response is pending and the core did not take its next word; nothing
    /// else moved.
    Blocked,
    /// The firmware is not running: [`Firmware::init`] has not succeeded.
    Stopped,
}

/// Event counters. Every counter wraps at 2^32.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Requests received completely (well-formed or not).
    pub requests: u32,
    /// Responses whose last word the core has taken.
    pub responses: u32,
    /// Requests answered with a status other than OK.
    pub errors: u32,
    /// Requests answered BAD_OPCODE.
    pub bad_opcode: u32,
    /// Requests answered BAD_LENGTH (over-long ones included).
    pub bad_length: u32,
    /// Requests answered BAD_ARGUMENT.
    pub bad_argument: u32,
    /// Requests longer than `FW_MSG_MAX_WORDS`, drained and answered
    /// BAD_LENGTH.
    pub oversize: u32,
    /// Times the core refused a response word (`send_word` returned false).
    pub tx_stalls: u32,
    /// Exception-path frames received from the core.
    pub frames_in: u32,
    /// Frames sent to the core (ARP replies, echo replies, ARP requests).
    pub frames_out: u32,
    /// FRAME_RX messages whose length word disagreed with their size.
    pub frames_bad: u32,
    /// CPL messages received from the core.
    pub cpl_in: u32,
    /// CPL messages sent to the core.
    pub cpl_out: u32,
    /// CPL messages whose port header `len` disagreed with the words
    /// received, or that were too short or long for a CPL message.
    pub cpl_bad: u32,
    /// Mailbox requests whose answer waited for the TCP engine.
    pub deferred: u32,
}

/// Life-cycle state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Constructed; [`Firmware::init`] not yet called.
    Reset,
    /// Initialised: serving the mailbox.
    Running,
    /// [`Firmware::init`] failed; the port is left alone.
    Failed(InitError),
}

/// A request being reassembled.
struct RxBuf {
    /// The first `MSG_MAX_WORDS` words of the message.
    words: [u32; MSG_MAX_WORDS],
    /// Words received so far, saturating; above `MSG_MAX_WORDS` the excess
    /// was drained and dropped.
    count: u32,
}

impl RxBuf {
    const fn new() -> Self {
        Self {
            words: [0; MSG_MAX_WORDS],
            count: 0,
        }
    }

    fn push(&mut self, word: u32) {
        if let Some(slot) = usize::try_from(self.count)
            .ok()
            .and_then(|i| self.words.get_mut(i))
        {
            *slot = word;
        }
        self.count = self.count.saturating_add(1);
    }

    fn clear(&mut self) {
        self.count = 0;
    }
}

/// A response being streamed to the core.
struct TxBuf {
    words: [u32; MSG_MAX_WORDS],
    /// Words in the response; 0 when none is pending.
    len: usize,
    /// Index of the next word to offer.
    next: usize,
}

impl TxBuf {
    const fn new() -> Self {
        Self {
            words: [0; MSG_MAX_WORDS],
            len: 0,
            next: 0,
        }
    }

    fn pending(&self) -> bool {
        self.next < self.len
    }

    fn load(&mut self, hdr: FwMsgHdr, payload: &Payload) {
        self.words[0] = u32::from_le_bytes(hdr.to_bytes());
        for (dst, src) in self.words[1..].iter_mut().zip(payload.as_slice()) {
            *dst = *src;
        }
        self.len = 1 + payload.as_slice().len();
        self.next = 0;
    }

    fn clear(&mut self) {
        self.len = 0;
        self.next = 0;
    }
}

/// The words of a response after its header.
struct Payload {
    words: [u32; PAYLOAD_MAX_WORDS],
    len: usize,
}

impl Payload {
    const EMPTY: Self = Self {
        words: [0; PAYLOAD_MAX_WORDS],
        len: 0,
    };

    /// A payload of exactly `N` words; `N` above the message size is a
    /// build error.
    fn of<const N: usize>(src: [u32; N]) -> Self {
        const {
            assert!(
                N <= PAYLOAD_MAX_WORDS,
                "response payload exceeds FW_MSG_MAX_WORDS"
            )
        };
        let mut p = Self::EMPTY;
        for (dst, s) in p.words.iter_mut().zip(src) {
            *dst = s;
        }
        p.len = N;
        p
    }

    fn as_slice(&self) -> &[u32] {
        self.words.get(..self.len).unwrap_or(&[])
    }
}

/// Largest exception-path frame carried over the firmware port.
pub const FRAME_MAX: usize = gen::FW_FRAME_MAX as usize;
/// Neighbour-table entries.
const NEIGH_ENTRIES: usize = 64;

/// An exception-path frame arriving from the core (a FRAME_RX message:
/// header, byte length, then the frame 4 bytes per word).
struct FrameIn {
    /// A FRAME_RX message is being received.
    active: bool,
    /// Words of the message received so far (header included).
    words: usize,
    /// Frame length from word 1.
    len: usize,
    buf: [u8; FRAME_MAX],
}

/// A CPL message arriving from the core (port header, then the message 4
/// bytes per word); the first [`cpl::IN_KEEP`] bytes are kept.
struct CplIn {
    /// A CPL message is being received.
    active: bool,
    /// Words of the message received so far (header included).
    words: usize,
    /// `len` of the port header (words).
    hdr_words: usize,
    buf: [u8; cpl::IN_KEEP],
}

/// A CPL message being sent to the core.
struct CplOut {
    msg: Option<CplMsg>,
    /// Next port word to offer.
    next: usize,
}

impl CplOut {
    fn pending(&self) -> bool {
        self.msg.is_some()
    }
}

/// Which outgoing message the port is in the middle of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Chan {
    Response,
    Frame,
    Cpl,
}

/// The port's network layer as the TCP control plane sees it: the
/// exception path's interface and ARP, and the frame buffer for the ARP
/// requests a resolution sends.
struct PortNet<'a> {
    net: Option<&'a mut ExceptionPath<NEIGH_ENTRIES>>,
    frame: &'a mut FrameOut,
    now_ms: u64,
}

impl tcp::Net for PortNet<'_> {
    fn local_ip(&self) -> Option<Ipv4Addr> {
        self.net.as_ref().map(|n| n.interface().ip())
    }

    /// No gateway: a peer off the subnet is treated as on link.
    fn next_hop(&self, peer: Ipv4Addr) -> Ipv4Addr {
        self.net
            .as_ref()
            .and_then(|n| n.interface().next_hop(peer))
            .unwrap_or(peer)
    }

    fn resolve(&mut self, peer: Ipv4Addr) -> Hop {
        let hop = self.next_hop(peer);
        let Some(net) = self.net.as_deref_mut() else {
            return Hop::Invalid;
        };
        if self.frame.pending() {
            // no room for a request now: what the table knows, else later
            return net
                .arp()
                .table()
                .get(hop)
                .and_then(|n| n.mac())
                .map_or(Hop::Pending, |m| Hop::Known(m.0));
        }
        match net.resolve_hop(hop, self.now_ms, &mut self.frame.buf) {
            Ok(Resolve::Known(mac)) => Hop::Known(mac.0),
            Ok(Resolve::Pending) | Err(ResolveError::BufferTooSmall) => Hop::Pending,
            Ok(Resolve::SendRequest { len }) => {
                self.frame.start(len);
                Hop::Pending
            }
            Err(ResolveError::TableFull) => Hop::NoResources,
            Err(
                ResolveError::NoRoute | ResolveError::OwnAddress | ResolveError::InvalidAddress,
            ) => Hop::Invalid,
        }
    }
}

/// A frame being sent to the core (a FRAME_TX message).
struct FrameOut {
    len: usize,
    /// Next word to offer: 0 header, 1 length, 2.. data; `usize::MAX` when
    /// nothing is pending.
    next: usize,
    buf: [u8; FRAME_MAX],
}

impl FrameOut {
    fn pending(&self) -> bool {
        self.next != usize::MAX
    }

    /// Starts sending the first `len` bytes of the buffer.
    fn start(&mut self, len: usize) {
        if len <= FRAME_MAX {
            self.len = len;
            self.next = 0;
        }
    }

    fn words(&self) -> usize {
        2 + self.len.div_ceil(4)
    }

    fn word(&self, i: usize) -> u32 {
        match i {
            0 => u32::from(u8::from(FwOpcode::FrameTx)),
            1 => self.len as u32,
            _ => {
                let at = (i - 2) * 4;
                let mut b = [0u8; 4];
                for (k, x) in b.iter_mut().enumerate() {
                    if at + k < self.len {
                        *x = self.buf.get(at + k).copied().unwrap_or(0);
                    }
                }
                u32::from_le_bytes(b)
            }
        }
    }
}

/// The warpnic control-plane firmware for one core.
pub struct Firmware {
    config: FwConfig,
    state: State,
    /// The MAC address last written to the port (configured or SET_MAC).
    mac: MacAddr,
    rx: RxBuf,
    tx: TxBuf,
    counters: Counters,
    /// `now_cycles` of the latest poll.
    now: u64,
    /// ARP, ICMP echo and the neighbour table, once the port has an IPv4
    /// address (SET_IPV4).
    net: Option<ExceptionPath<NEIGH_ENTRIES>>,
    frame_in: FrameIn,
    frame_out: FrameOut,
    cpl_in: CplIn,
    cpl_out: CplOut,
    /// The message being sent, until its last word.
    sending: Option<Chan>,
    /// The header of the mailbox request whose answer waits for the TCP
    /// engine.
    deferred: Option<FwMsgHdr>,
    /// The TCP connection control plane.
    tcp: TcpCp,
}

impl Firmware {
    /// A firmware instance with `config`; it touches no hardware until
    /// [`init`](Self::init).
    pub const fn new(config: FwConfig) -> Self {
        Self {
            config,
            state: State::Reset,
            mac: MacAddr(config.mac),
            rx: RxBuf::new(),
            tx: TxBuf::new(),
            counters: Counters {
                requests: 0,
                responses: 0,
                errors: 0,
                bad_opcode: 0,
                bad_length: 0,
                bad_argument: 0,
                oversize: 0,
                tx_stalls: 0,
                frames_in: 0,
                frames_out: 0,
                frames_bad: 0,
                cpl_in: 0,
                cpl_out: 0,
                cpl_bad: 0,
                deferred: 0,
            },
            now: 0,
            net: None,
            frame_in: FrameIn {
                active: false,
                words: 0,
                len: 0,
                buf: [0; FRAME_MAX],
            },
            frame_out: FrameOut {
                len: 0,
                next: usize::MAX,
                buf: [0; FRAME_MAX],
            },
            cpl_in: CplIn {
                active: false,
                words: 0,
                hdr_words: 0,
                buf: [0; cpl::IN_KEEP],
            },
            cpl_out: CplOut { msg: None, next: 0 },
            sending: None,
            deferred: None,
            tcp: TcpCp::new(),
        }
    }

    /// Brings the firmware up on `hal`: checks that the port is a warpnic
    /// core's (`FW_REG_ID`) generated from the same ABI (`FW_REG_BUILD_ID`),
    /// then writes the configured MAC address into `FW_REG_MAC_LO` and
    /// `FW_REG_MAC_HI` (in that order). Any half-received request or
    /// unsent response from before is dropped.
    ///
    /// # Errors
    ///
    /// [`InitError`] when a check fails; the firmware then stays stopped
    /// ([`poll`](Self::poll) answers [`PollResult::Stopped`]) and the MAC
    /// registers are left untouched.
    pub fn init(&mut self, hal: &mut impl Hal) -> Result<(), InitError> {
        self.rx.clear();
        self.tx.clear();
        let result = Self::bring_up(self.config, hal);
        self.state = match result {
            Ok(mac) => {
                self.mac = mac;
                self.tcp.set_limits(hal.reg_read(REG_TCP_CONNS));
                let seed = [
                    read_cycles(hal),
                    u64::from(hal.reg_read(REG_TCP_TIME_US)),
                    mac.to_u64(),
                ];
                self.tcp.set_key(tcp::iss::derive_key(seed));
                State::Running
            }
            Err(e) => State::Failed(e),
        };
        result.map(|_| ())
    }

    fn bring_up(config: FwConfig, hal: &mut impl Hal) -> Result<MacAddr, InitError> {
        let id = hal.reg_read(REG_ID);
        if id != gen::FW_REG_ID_VALUE {
            return Err(InitError::WrongId { found: id });
        }
        let core = hal.reg_read(REG_BUILD_ID);
        if core != gen::BUILD_ID {
            return Err(InitError::BuildMismatch {
                core,
                firmware: gen::BUILD_ID,
            });
        }
        let mac = MacAddr(config.mac);
        if !mac.is_valid_unicast() {
            return Err(InitError::InvalidMac);
        }
        write_mac(hal, mac);
        Ok(mac)
    }

    /// Makes bounded progress on the mailbox: sends what it can of a pending
    /// response, and while none is pending takes request words from the
    /// core, answering each request as its last word arrives. Moves at most
    /// [`POLL_BUDGET_WORDS`] words. While a response is pending no request
    /// word is taken, so the core sees back-pressure rather than loss.
    ///
    /// `now_cycles` is the core clock's cycle count; the mailbox itself
    /// keeps no timers.
    pub fn poll(&mut self, hal: &mut impl Hal, now_cycles: u64) -> PollResult {
        if self.state != State::Running {
            return PollResult::Stopped;
        }
        self.now = now_cycles;
        let mut moved = 0u32;
        let mut blocked = false;
        if !self.response_pending() {
            self.tick();
        }
        while moved < POLL_BUDGET_WORDS {
            if let Some(chan) = self.next_chan() {
                let sent = match chan {
                    Chan::Response => self.send_next(hal),
                    Chan::Frame => self.send_frame_word(hal),
                    Chan::Cpl => self.send_cpl_word(hal),
                };
                if sent {
                    self.sending = match chan {
                        Chan::Response => self.tx.pending(),
                        Chan::Frame => self.frame_out.pending(),
                        Chan::Cpl => self.cpl_out.pending(),
                    }
                    .then_some(chan);
                    moved += 1;
                    continue;
                }
                self.counters.tx_stalls = self.counters.tx_stalls.wrapping_add(1);
                blocked = true;
                break;
            }
            let Some((word, last)) = hal.recv_word() else {
                break;
            };
            moved += 1;
            // FRAME_RX and CPL messages are recognised by their first word
            let starting = !self.frame_in.active && !self.cpl_in.active && self.rx.count == 0;
            if starting && (word & 0xff) == u32::from(u8::from(FwOpcode::FrameRx)) {
                self.frame_in.active = true;
                self.frame_in.words = 0;
                self.frame_in.len = 0;
            }
            if starting && (word & 0xff) == u32::from(u8::from(FwOpcode::Cpl)) {
                self.cpl_in.active = true;
                self.cpl_in.words = 0;
                self.cpl_in.hdr_words = 0;
            }
            if self.frame_in.active {
                self.frame_word(word, last);
                continue;
            }
            if self.cpl_in.active {
                self.cpl_word(word, last);
                continue;
            }
            self.rx.push(word);
            if last {
                self.complete(hal);
            }
        }
        if moved > 0 {
            PollResult::Progress
        } else if blocked {
            PollResult::Blocked
        } else {
            PollResult::Idle
        }
    }

    /// The event counters.
    pub fn counters(&self) -> &Counters {
        &self.counters
    }

    /// The MAC address last written to the port.
    pub fn mac(&self) -> MacAddr {
        self.mac
    }

    /// `true` once [`init`](Self::init) has succeeded.
    pub fn is_running(&self) -> bool {
        self.state == State::Running
    }

    /// The error of the last failed [`init`](Self::init), if it failed.
    pub fn init_error(&self) -> Option<InitError> {
        match self.state {
            State::Failed(e) => Some(e),
            State::Reset | State::Running => None,
        }
    }

    /// `true` while a response or a frame is waiting to be taken by the
    /// core.
    pub fn response_pending(&self) -> bool {
        self.tx.pending() || self.frame_out.pending() || self.cpl_out.pending()
    }

    /// The TCP connection control plane.
    pub fn tcp(&self) -> &TcpCp {
        &self.tcp
    }

    /// The channel whose word goes next: the message in progress, else
    /// the mailbox response, a frame, a CPL message, in that order.
    fn next_chan(&self) -> Option<Chan> {
        if self.sending.is_some() {
            return self.sending;
        }
        if self.tx.pending() {
            Some(Chan::Response)
        } else if self.frame_out.pending() {
            Some(Chan::Frame)
        } else if self.cpl_out.pending() {
            Some(Chan::Cpl)
        } else {
            None
        }
    }

    fn now_us(&self) -> u64 {
        self.now / u64::from(gen::CLOCK_MHZ)
    }

    fn now_ms(&self) -> u64 {
        self.now / (u64::from(gen::CLOCK_MHZ) * 1000)
    }

    /// Runs the timers while nothing is being sent: ARP retransmissions and
    /// failures, then the TCP control plane's (deferred answers, resolved
    /// opens).
    fn tick(&mut self) {
        let now_ms = self.now_ms();
        let now_us = self.now_us();
        let mut failed = None;
        if let Some(net) = self.net.as_mut() {
            match net.poll(now_ms, &mut self.frame_out.buf) {
                Ok(Some(ArpPoll::Transmit { len, .. })) => self.frame_out.start(len),
                Ok(Some(ArpPoll::Unreachable(ip))) => failed = Some(ip),
                Ok(None) | Err(_) => {}
            }
        }
        let mut port = PortNet {
            net: self.net.as_mut(),
            frame: &mut self.frame_out,
            now_ms,
        };
        let out = match failed {
            Some(ip) => self.tcp.unreachable(ip, &mut port, now_us),
            None => self.tcp.poll(&mut port, now_us),
        };
        self.apply(out);
    }

    /// Queues what the TCP control plane asked for: a CPL message, and the
    /// answer of the deferred mailbox request.
    fn apply(&mut self, out: tcp::Output) {
        if let Some(msg) = out.cpl {
            self.cpl_out.msg = Some(msg);
            self.cpl_out.next = 0;
        }
        if let Some(reply) = out.reply {
            if let Some(hdr) = self.deferred.take() {
                match reply_payload(reply) {
                    Ok(payload) => self.load_response(hdr, FwStatus::Ok, &payload),
                    Err(status) => {
                        self.count_error(status);
                        self.load_response(hdr, status, &Payload::EMPTY);
                    }
                }
            }
        }
    }

    /// One word of a CPL message from the core.
    fn cpl_word(&mut self, word: u32, last: bool) {
        let c = &mut self.cpl_in;
        if c.words == 0 {
            c.hdr_words = usize::from(FwMsgHdr::from_bytes(&word.to_le_bytes()).len);
        } else {
            put_word(&mut c.buf, (c.words - 1) * 4, word);
        }
        c.words = c.words.saturating_add(1);
        if !last {
            return;
        }
        c.active = false;
        self.counters.cpl_in = self.counters.cpl_in.wrapping_add(1);
        let words = c.words;
        // the port header and at least a CPL header (two words)
        if words != c.hdr_words || !(3..=cpl::PORT_MAX_WORDS).contains(&words) {
            self.counters.cpl_bad = self.counters.cpl_bad.wrapping_add(1);
            return;
        }
        let total = (words - 1) * 4;
        let now_us = self.now_us();
        let mut port = PortNet {
            net: self.net.as_mut(),
            frame: &mut self.frame_out,
            now_ms: self.now / (u64::from(gen::CLOCK_MHZ) * 1000),
        };
        let kept = self
            .cpl_in
            .buf
            .get(..total.min(cpl::IN_KEEP))
            .unwrap_or(&[]);
        let out = self.tcp.handle_cpl(kept, total, &mut port, now_us);
        self.apply(out);
    }

    /// Offers the next word of the pending CPL message.
    fn send_cpl_word(&mut self, hal: &mut impl Hal) -> bool {
        let Some(msg) = self.cpl_out.msg else {
            return true;
        };
        let i = self.cpl_out.next;
        let last = i + 1 >= msg.port_words();
        if !hal.send_word(msg.port_word(i), last) {
            return false;
        }
        if last {
            self.cpl_out.msg = None;
            self.cpl_out.next = 0;
            self.counters.cpl_out = self.counters.cpl_out.wrapping_add(1);
        } else {
            self.cpl_out.next = i + 1;
        }
        true
    }

    /// The exception path (ARP, ICMP, neighbour table), once the port has
    /// an IPv4 address.
    pub fn net(&self) -> Option<&ExceptionPath<NEIGH_ENTRIES>> {
        self.net.as_ref()
    }

    /// One word of a FRAME_RX message.
    fn frame_word(&mut self, word: u32, last: bool) {
        let f = &mut self.frame_in;
        match f.words {
            0 => {}
            1 => f.len = word as usize,
            n => put_word(&mut f.buf, (n - 2) * 4, word),
        }
        f.words = f.words.saturating_add(1);
        if !last {
            return;
        }
        f.active = false;
        self.counters.frames_in = self.counters.frames_in.wrapping_add(1);
        let len = f.len;
        if len > FRAME_MAX || f.words != 2 + len.div_ceil(4) {
            self.counters.frames_bad = self.counters.frames_bad.wrapping_add(1);
            return;
        }
        let now_ms = self.now_ms();
        let Some(net) = self.net.as_mut() else {
            return;
        };
        let Some(frame) = self.frame_in.buf.get(..len) else {
            return;
        };
        let verdict = net.handle_frame(frame, now_ms, &mut self.frame_out.buf);
        if let Some(n) = verdict.transmit_len() {
            if n <= FRAME_MAX {
                self.frame_out.len = n;
                self.frame_out.next = 0;
            }
        }
    }

    /// Offers the next word of the pending FRAME_TX message.
    fn send_frame_word(&mut self, hal: &mut impl Hal) -> bool {
        let i = self.frame_out.next;
        let total = self.frame_out.words();
        let last = i + 1 == total;
        if !hal.send_word(self.frame_out.word(i), last) {
            return false;
        }
        if last {
            self.frame_out.next = usize::MAX;
            self.counters.frames_out = self.counters.frames_out.wrapping_add(1);
        } else {
            self.frame_out.next = i + 1;
        }
        true
    }

    /// `now_cycles` of the latest [`poll`](Self::poll) of a running firmware.
    pub fn last_poll_cycles(&self) -> u64 {
        self.now
    }

    /// Offers the next response word; `true` if the core took it.
    fn send_next(&mut self, hal: &mut impl Hal) -> bool {
        let Some(&word) = self.tx.words.get(self.tx.next) else {
            self.tx.clear();
            return true;
        };
        let last = self.tx.next + 1 == self.tx.len;
        if !hal.send_word(word, last) {
            return false;
        }
        self.tx.next += 1;
        if last {
            self.counters.responses = self.counters.responses.wrapping_add(1);
            self.tx.clear();
        }
        true
    }

    /// A request's last word has arrived: check it, run it, queue the answer.
    fn complete(&mut self, hal: &mut impl Hal) {
        let received = self.rx.count;
        let hdr = FwMsgHdr::from_bytes(&self.rx.words[0].to_le_bytes());
        self.counters.requests = self.counters.requests.wrapping_add(1);

        let outcome = if received as usize > MSG_MAX_WORDS {
            self.counters.oversize = self.counters.oversize.wrapping_add(1);
            Err(FwStatus::BadLength)
        } else if u32::from(hdr.len) != received {
            Err(FwStatus::BadLength)
        } else {
            // A copy, so the handlers may borrow `self` mutably.
            let words = self.rx.words;
            let args = words.get(1..received as usize).unwrap_or(&[]);
            match FwOpcode::try_from(hdr.opcode) {
                Ok(op) => self.dispatch(op, args, hal),
                Err(_) => Err(FwStatus::BadOpcode),
            }
        };
        self.rx.clear();

        let (status, payload) = match outcome {
            Ok(Some(payload)) => (FwStatus::Ok, payload),
            Ok(None) => {
                // answered when the TCP engine replies (see `apply`)
                self.counters.deferred = self.counters.deferred.wrapping_add(1);
                self.deferred = Some(hdr);
                return;
            }
            Err(status) => {
                self.count_error(status);
                (status, Payload::EMPTY)
            }
        };
        self.load_response(hdr, status, &payload);
    }

    /// Queues the response to request `req` with `status` and `payload`.
    fn load_response(&mut self, req: FwMsgHdr, status: FwStatus, payload: &Payload) {
        let len = 1 + payload.as_slice().len();
        let rsp = FwMsgHdr {
            opcode: req.opcode,
            seq: req.seq,
            status: status as u8,
            len: len as u8,
        };
        self.tx.load(rsp, payload);
    }

    fn count_error(&mut self, status: FwStatus) {
        let c = &mut self.counters;
        c.errors = c.errors.wrapping_add(1);
        match status {
            FwStatus::BadOpcode => c.bad_opcode = c.bad_opcode.wrapping_add(1),
            FwStatus::BadLength => c.bad_length = c.bad_length.wrapping_add(1),
            FwStatus::BadArgument => c.bad_argument = c.bad_argument.wrapping_add(1),
            FwStatus::Ok => {}
        }
    }
}

/// Stores `word`'s bytes (little-endian, as the port carries them) at
/// `buf[at..at + 4]`; the bytes beyond the buffer are dropped (an
/// oversized message is drained and then refused by its length check).
fn put_word(buf: &mut [u8], at: usize, word: u32) {
    for (k, b) in word.to_le_bytes().into_iter().enumerate() {
        if let Some(slot) = buf.get_mut(at + k) {
            *slot = b;
        }
    }
}
