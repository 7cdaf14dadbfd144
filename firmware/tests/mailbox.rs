//! Mailbox behaviour of the firmware against a software model of the core's
//! firmware port: every command, every error, back-pressure, back-to-back
//! and over-long messages, and arbitrary word streams.

use std::collections::VecDeque;

use proptest::prelude::*;
use warpnic_abi::gen;
use warpnic_fw::hal::{
    REG_BUILD_ID, REG_CYCLES_HI, REG_CYCLES_LO, REG_ID, REG_MAC_HI, REG_MAC_LO, REG_SCRATCH,
};
use warpnic_fw::{
    read_cycles, Firmware, FwConfig, FwMsgHdr, FwOpcode, FwStatus, Hal, InitError, MacAddr,
    PollResult, MSG_MAX_WORDS, POLL_BUDGET_WORDS,
};

const MAC: [u8; 6] = [0x02, 0x11, 0x22, 0x33, 0x44, 0x55];
const MAC_LO: u32 = 0x2233_4455;
const MAC_HI: u32 = 0x0211;

/// The core side of the firmware port, in software: a queue of words for
/// the firmware, the words it sent back, a ready signal that can refuse
/// words, and the register window.
struct Port {
    to_fw: VecDeque<(u32, bool)>,
    from_fw: Vec<(u32, bool)>,
    /// Words the port still accepts; `None` = always ready.
    accept: Option<usize>,
    refusals: usize,
    id: u32,
    build_id: u32,
    mac_lo: u32,
    mac_hi: u32,
    scratch: u32,
    cycles: u64,
    cycles_hi_latch: u32,
    reg_writes: Vec<(u8, u32)>,
}

impl Port {
    fn new() -> Self {
        Self {
            to_fw: VecDeque::new(),
            from_fw: Vec::new(),
            accept: None,
            refusals: 0,
            id: gen::FW_REG_ID_VALUE,
            build_id: gen::BUILD_ID,
            mac_lo: 0,
            mac_hi: 0,
            scratch: 0,
            cycles: 0,
            cycles_hi_latch: 0,
            reg_writes: Vec::new(),
        }
    }

    /// Queues one message for the firmware.
    fn request(&mut self, words: &[u32]) {
        for (i, &w) in words.iter().enumerate() {
            self.to_fw.push_back((w, i + 1 == words.len()));
        }
    }

    /// The complete mailbox responses the firmware has sent, removed from
    /// the port (CPL messages to the TCP engine are dropped).
    fn take_responses(&mut self) -> Vec<Vec<u32>> {
        let cpl = u32::from(u8::from(FwOpcode::Cpl));
        let mut all = self.take_messages();
        all.retain(|m| m[0] & 0xff != cpl);
        all
    }

    /// Every complete message the firmware has sent, removed from the port.
    fn take_messages(&mut self) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        let mut cur = Vec::new();
        let mut rest = Vec::new();
        for (w, last) in self.from_fw.drain(..) {
            cur.push(w);
            if last {
                out.push(std::mem::take(&mut cur));
            }
        }
        // An unfinished message stays on the port.
        for w in cur {
            rest.push((w, false));
        }
        self.from_fw = rest;
        out
    }
}

impl Hal for Port {
    fn recv_word(&mut self) -> Option<(u32, bool)> {
        self.to_fw.pop_front()
    }

    fn send_word(&mut self, word: u32, last: bool) -> bool {
        match &mut self.accept {
            Some(0) => {
                self.refusals += 1;
                false
            }
            Some(n) => {
                *n -= 1;
                self.from_fw.push((word, last));
                true
            }
            None => {
                self.from_fw.push((word, last));
                true
            }
        }
    }

    fn reg_read(&mut self, offset: u8) -> u32 {
        match offset {
            REG_ID => self.id,
            REG_MAC_LO => self.mac_lo,
            REG_MAC_HI => self.mac_hi,
            REG_CYCLES_LO => {
                self.cycles_hi_latch = (self.cycles >> 32) as u32;
                self.cycles as u32
            }
            REG_CYCLES_HI => self.cycles_hi_latch,
            REG_SCRATCH => self.scratch,
            REG_BUILD_ID => self.build_id,
            _ => 0,
        }
    }

    fn reg_write(&mut self, offset: u8, value: u32) {
        self.reg_writes.push((offset, value));
        match offset {
            REG_MAC_LO => self.mac_lo = value,
            // The register holds MAC bits 47:32 only.
            REG_MAC_HI => self.mac_hi = value & 0xffff,
            REG_SCRATCH => self.scratch = value,
            _ => {}
        }
    }
}

fn hdr(opcode: u8, seq: u8, status: u8, len: u8) -> u32 {
    u32::from_le_bytes(
        FwMsgHdr {
            opcode,
            seq,
            status,
            len,
        }
        .to_bytes(),
    )
}

fn op(o: FwOpcode) -> u8 {
    o as u8
}

fn st(s: FwStatus) -> u8 {
    s as u8
}

fn started() -> (Firmware, Port) {
    let mut port = Port::new();
    let mut fw = Firmware::new(FwConfig { mac: MAC });
    assert_eq!(fw.init(&mut port), Ok(()));
    port.reg_writes.clear();
    (fw, port)
}

/// Polls until the firmware is idle (or blocked), at most `limit` times.
fn run(fw: &mut Firmware, port: &mut Port, limit: usize) -> PollResult {
    let mut last = PollResult::Idle;
    for i in 0..limit {
        last = fw.poll(port, i as u64);
        if last != PollResult::Progress {
            return last;
        }
    }
    last
}

/// Sends one request, runs the firmware, and returns the one response.
fn exchange(fw: &mut Firmware, port: &mut Port, words: &[u32]) -> Vec<u32> {
    port.request(words);
    assert_eq!(run(fw, port, 100), PollResult::Idle);
    let mut rsps = port.take_responses();
    assert_eq!(rsps.len(), 1, "one response per request");
    rsps.remove(0)
}

// ---- start-up ----

#[test]
fn init_writes_mac_low_half_first() {
    let mut port = Port::new();
    let mut fw = Firmware::new(FwConfig { mac: MAC });
    assert!(!fw.is_running());
    assert_eq!(fw.init(&mut port), Ok(()));
    assert!(fw.is_running());
    assert_eq!(
        port.reg_writes,
        vec![(REG_MAC_LO, MAC_LO), (REG_MAC_HI, MAC_HI)]
    );
    assert_eq!(fw.mac(), MacAddr(MAC));
}

#[test]
fn init_rejects_a_port_with_the_wrong_id() {
    let mut port = Port::new();
    port.id = 0x1234_5678;
    let mut fw = Firmware::new(FwConfig { mac: MAC });
    assert_eq!(
        fw.init(&mut port),
        Err(InitError::WrongId { found: 0x1234_5678 })
    );
    assert!(port.reg_writes.is_empty());
    assert_eq!(
        fw.init_error(),
        Some(InitError::WrongId { found: 0x1234_5678 })
    );
}

#[test]
fn init_rejects_a_core_from_another_abi() {
    let mut port = Port::new();
    port.build_id = gen::BUILD_ID ^ 1;
    let mut fw = Firmware::new(FwConfig { mac: MAC });
    assert_eq!(
        fw.init(&mut port),
        Err(InitError::BuildMismatch {
            core: gen::BUILD_ID ^ 1,
            firmware: gen::BUILD_ID
        })
    );
    assert!(port.reg_writes.is_empty());
}

#[test]
fn init_rejects_zero_and_group_macs() {
    for mac in [[0u8; 6], [0x01, 0, 0, 0, 0, 1], [0xff; 6]] {
        let mut port = Port::new();
        let mut fw = Firmware::new(FwConfig { mac });
        assert_eq!(fw.init(&mut port), Err(InitError::InvalidMac));
        assert!(port.reg_writes.is_empty());
        assert!(!fw.is_running());
    }
}

#[test]
fn a_stopped_firmware_leaves_the_port_alone() {
    let mut port = Port::new();
    let mut fw = Firmware::new(FwConfig { mac: MAC });
    port.request(&[hdr(op(FwOpcode::Nop), 1, 0, 1)]);
    assert_eq!(fw.poll(&mut port, 0), PollResult::Stopped);
    assert_eq!(port.to_fw.len(), 1);

    port.id = 0;
    assert!(fw.init(&mut port).is_err());
    assert_eq!(fw.poll(&mut port, 1), PollResult::Stopped);
    assert_eq!(port.to_fw.len(), 1);
    assert!(port.from_fw.is_empty());

    // A later successful init starts it.
    port.id = gen::FW_REG_ID_VALUE;
    assert_eq!(fw.init(&mut port), Ok(()));
    assert_eq!(run(&mut fw, &mut port, 10), PollResult::Idle);
    assert_eq!(
        port.take_responses(),
        vec![vec![hdr(op(FwOpcode::Nop), 1, 0, 1)]]
    );
}

#[test]
fn read_cycles_pairs_the_halves() {
    let mut port = Port::new();
    port.cycles = 0x0000_0007_ffff_fffe;
    assert_eq!(read_cycles(&mut port), 0x0000_0007_ffff_fffe);
}

// ---- commands ----

#[test]
fn nop_answers_empty_ok() {
    let (mut fw, mut port) = started();
    let rsp = exchange(&mut fw, &mut port, &[hdr(op(FwOpcode::Nop), 0x5a, 0, 1)]);
    assert_eq!(rsp, vec![hdr(op(FwOpcode::Nop), 0x5a, st(FwStatus::Ok), 1)]);
    assert_eq!(fw.counters().requests, 1);
    assert_eq!(fw.counters().responses, 1);
    assert_eq!(fw.counters().errors, 0);
}

#[test]
fn get_version_answers_version_build_and_mac() {
    let (mut fw, mut port) = started();
    let rsp = exchange(
        &mut fw,
        &mut port,
        &[hdr(op(FwOpcode::GetVersion), 7, 0, 1)],
    );
    assert_eq!(
        rsp,
        vec![
            hdr(op(FwOpcode::GetVersion), 7, st(FwStatus::Ok), 5),
            gen::FW_VERSION,
            gen::BUILD_ID,
            MAC_LO,
            MAC_HI,
        ]
    );
}

#[test]
fn get_mac_reads_the_window() {
    let (mut fw, mut port) = started();
    let rsp = exchange(&mut fw, &mut port, &[hdr(op(FwOpcode::GetMac), 3, 0, 1)]);
    assert_eq!(
        rsp,
        vec![
            hdr(op(FwOpcode::GetMac), 3, st(FwStatus::Ok), 3),
            MAC_LO,
            MAC_HI
        ]
    );
}

#[test]
fn set_mac_writes_the_window_and_get_mac_reads_it_back() {
    let (mut fw, mut port) = started();
    // 02:aa:bb:cc:dd:ee
    let (lo, hi) = (0xbbcc_ddee, 0x02aa);
    let rsp = exchange(
        &mut fw,
        &mut port,
        &[hdr(op(FwOpcode::SetMac), 9, 0, 3), lo, hi],
    );
    assert_eq!(rsp, vec![hdr(op(FwOpcode::SetMac), 9, st(FwStatus::Ok), 1)]);
    assert_eq!(port.reg_writes, vec![(REG_MAC_LO, lo), (REG_MAC_HI, hi)]);
    assert_eq!(fw.mac(), MacAddr([0x02, 0xaa, 0xbb, 0xcc, 0xdd, 0xee]));

    let rsp = exchange(&mut fw, &mut port, &[hdr(op(FwOpcode::GetMac), 10, 0, 1)]);
    assert_eq!(rsp, vec![hdr(op(FwOpcode::GetMac), 10, 0, 3), lo, hi]);
}

#[test]
fn set_mac_refuses_bad_addresses() {
    let (mut fw, mut port) = started();
    let cases = [
        (0, 0),                  // all zero
        (0, 0x0100),             // I/G bit (bit 40): 01:00:00:00:00:00
        (0xffff_ffff, 0xffff),   // broadcast
        (0x0000_0001, 0x0301),   // multicast 03:01:...
        (0x2233_4455, 0x1_0211), // bits 31:16 of word 2 set
    ];
    for (seq, (lo, hi)) in cases.into_iter().enumerate() {
        let seq = seq as u8;
        let rsp = exchange(
            &mut fw,
            &mut port,
            &[hdr(op(FwOpcode::SetMac), seq, 0, 3), lo, hi],
        );
        assert_eq!(
            rsp,
            vec![hdr(op(FwOpcode::SetMac), seq, st(FwStatus::BadArgument), 1)],
            "lo {lo:#x} hi {hi:#x}"
        );
    }
    assert!(port.reg_writes.is_empty());
    assert_eq!((port.mac_lo, port.mac_hi), (MAC_LO, MAC_HI));
    assert_eq!(fw.mac(), MacAddr(MAC));
    let c = fw.counters();
    assert_eq!((c.bad_argument, c.errors), (5, 5));
}

// ---- errors ----

#[test]
fn unknown_opcodes_answer_bad_opcode() {
    let (mut fw, mut port) = started();
    let known: Vec<u8> = FwOpcode::ALL.iter().map(|&o| op(o)).collect();
    for code in 0..=255u8 {
        if known.contains(&code) {
            continue;
        }
        let rsp = exchange(&mut fw, &mut port, &[hdr(code, code, 0, 2), 0xffff_ffff]);
        assert_eq!(rsp, vec![hdr(code, code, st(FwStatus::BadOpcode), 1)]);
    }
    assert_eq!(fw.counters().bad_opcode, 256 - known.len() as u32);
}

#[test]
fn wrong_command_lengths_answer_bad_length() {
    let (mut fw, mut port) = started();
    let cases: &[(FwOpcode, &[u32])] = &[
        (FwOpcode::Nop, &[1]),
        (FwOpcode::GetVersion, &[1, 2]),
        (FwOpcode::GetMac, &[0]),
        (FwOpcode::SetMac, &[]),
        (FwOpcode::SetMac, &[MAC_LO]),
        (FwOpcode::SetMac, &[MAC_LO, MAC_HI, 0]),
    ];
    for (seq, (code, args)) in cases.iter().enumerate() {
        let mut words = vec![hdr(op(*code), seq as u8, 0, (1 + args.len()) as u8)];
        words.extend_from_slice(args);
        let rsp = exchange(&mut fw, &mut port, &words);
        assert_eq!(
            rsp,
            vec![hdr(op(*code), seq as u8, st(FwStatus::BadLength), 1)]
        );
    }
    assert!(port.reg_writes.is_empty());
    assert_eq!(fw.counters().bad_length, cases.len() as u32);
}

#[test]
fn header_length_disagreeing_with_the_message_answers_bad_length() {
    let (mut fw, mut port) = started();
    // Says 3 words, carries 1.
    let rsp = exchange(&mut fw, &mut port, &[hdr(op(FwOpcode::SetMac), 1, 0, 3)]);
    assert_eq!(
        rsp,
        vec![hdr(op(FwOpcode::SetMac), 1, st(FwStatus::BadLength), 1)]
    );
    // Says 1 word, carries 3 (a valid SET_MAC otherwise).
    let rsp = exchange(
        &mut fw,
        &mut port,
        &[hdr(op(FwOpcode::SetMac), 2, 0, 1), 0xbbcc_ddee, 0x02aa],
    );
    assert_eq!(
        rsp,
        vec![hdr(op(FwOpcode::SetMac), 2, st(FwStatus::BadLength), 1)]
    );
    // Says 0 words.
    let rsp = exchange(&mut fw, &mut port, &[hdr(op(FwOpcode::Nop), 3, 0, 0)]);
    assert_eq!(
        rsp,
        vec![hdr(op(FwOpcode::Nop), 3, st(FwStatus::BadLength), 1)]
    );
    // A length check comes before the opcode check.
    let rsp = exchange(&mut fw, &mut port, &[hdr(0xee, 4, 0, 2)]);
    assert_eq!(rsp, vec![hdr(0xee, 4, st(FwStatus::BadLength), 1)]);
    assert!(port.reg_writes.is_empty());
}

#[test]
fn the_request_status_byte_is_ignored() {
    let (mut fw, mut port) = started();
    let rsp = exchange(&mut fw, &mut port, &[hdr(op(FwOpcode::Nop), 1, 0xff, 1)]);
    assert_eq!(rsp, vec![hdr(op(FwOpcode::Nop), 1, st(FwStatus::Ok), 1)]);
}

#[test]
fn a_largest_message_is_judged_by_its_command() {
    let (mut fw, mut port) = started();
    let n = MSG_MAX_WORDS;
    let mut words = vec![hdr(op(FwOpcode::GetMac), 1, 0, n as u8)];
    words.resize(n, 0);
    let rsp = exchange(&mut fw, &mut port, &words);
    assert_eq!(
        rsp,
        vec![hdr(op(FwOpcode::GetMac), 1, st(FwStatus::BadLength), 1)]
    );
    assert_eq!(fw.counters().oversize, 0);
}

#[test]
fn an_over_long_message_is_drained_and_answered_bad_length() {
    let (mut fw, mut port) = started();
    // A SET_MAC header that claims the full length, then far too many words.
    let total = 5 * POLL_BUDGET_WORDS as usize + 3;
    let mut words = vec![hdr(op(FwOpcode::SetMac), 0x42, 0, 3), 0xbbcc_ddee, 0x02aa];
    words.resize(total, 0x0123_4567);
    port.request(&words);
    // The next request right behind it.
    port.request(&[hdr(op(FwOpcode::Nop), 0x43, 0, 1)]);

    // Every poll moves at most the budget.
    let mut polls = 0;
    loop {
        let (rx_before, tx_before) = (port.to_fw.len(), port.from_fw.len());
        let r = fw.poll(&mut port, polls);
        let moved = (rx_before - port.to_fw.len()) + (port.from_fw.len() - tx_before);
        assert!(moved <= POLL_BUDGET_WORDS as usize);
        polls += 1;
        if r == PollResult::Idle {
            break;
        }
        assert!(polls < 100);
    }
    assert!(polls > 5);
    assert_eq!(
        port.take_responses(),
        vec![
            vec![hdr(op(FwOpcode::SetMac), 0x42, st(FwStatus::BadLength), 1)],
            vec![hdr(op(FwOpcode::Nop), 0x43, st(FwStatus::Ok), 1)],
        ]
    );
    assert!(port.reg_writes.is_empty());
    let c = fw.counters();
    assert_eq!((c.requests, c.oversize, c.bad_length), (2, 1, 1));
}

#[test]
fn one_word_over_the_limit_is_over_long() {
    let (mut fw, mut port) = started();
    let n = MSG_MAX_WORDS + 1;
    let mut words = vec![hdr(op(FwOpcode::Nop), 5, 0, n as u8)];
    words.resize(n, 0);
    let rsp = exchange(&mut fw, &mut port, &words);
    assert_eq!(
        rsp,
        vec![hdr(op(FwOpcode::Nop), 5, st(FwStatus::BadLength), 1)]
    );
    assert_eq!(fw.counters().oversize, 1);
}

// ---- flow ----

#[test]
fn a_stalled_response_resumes_where_it_stopped() {
    let (mut fw, mut port) = started();
    port.accept = Some(2);
    port.request(&[hdr(op(FwOpcode::GetVersion), 0x11, 0, 1)]);
    port.request(&[hdr(op(FwOpcode::Nop), 0x12, 0, 1)]);

    assert_eq!(fw.poll(&mut port, 0), PollResult::Progress);
    assert!(fw.response_pending());
    // Two words out; the second request stays with the core.
    assert_eq!(port.from_fw.len(), 2);
    assert_eq!(port.to_fw.len(), 1);

    // Not ready: nothing moves, not even the next request.
    for t in 1..5 {
        assert_eq!(fw.poll(&mut port, t), PollResult::Blocked);
    }
    assert_eq!(port.from_fw.len(), 2);
    assert_eq!(port.to_fw.len(), 1);
    assert_eq!(fw.counters().tx_stalls as usize, port.refusals);

    // One word at a time: the third word, the fourth, then the last, after
    // which the firmware takes the next request and stalls on its answer.
    for t in 5..8 {
        port.accept = Some(1);
        assert_eq!(fw.poll(&mut port, t), PollResult::Progress);
    }
    assert!(port.to_fw.is_empty());
    assert!(fw.response_pending());
    assert_eq!(
        port.take_responses(),
        vec![vec![
            hdr(op(FwOpcode::GetVersion), 0x11, st(FwStatus::Ok), 5),
            gen::FW_VERSION,
            gen::BUILD_ID,
            MAC_LO,
            MAC_HI
        ]]
    );

    port.accept = None;
    assert_eq!(run(&mut fw, &mut port, 10), PollResult::Idle);
    assert_eq!(
        port.take_responses(),
        vec![vec![hdr(op(FwOpcode::Nop), 0x12, st(FwStatus::Ok), 1)]]
    );
    let c = fw.counters();
    assert_eq!((c.requests, c.responses), (2, 2));
}

#[test]
fn a_request_split_across_polls_is_reassembled() {
    let (mut fw, mut port) = started();
    port.request(&[hdr(op(FwOpcode::SetMac), 1, 0, 3), 0xbbcc_ddee]);
    // Hold back the last word.
    let last = port.to_fw.pop_back();
    assert_eq!(last, Some((0xbbcc_ddee, true)));
    port.to_fw.push_back((0xbbcc_ddee, false));
    assert_eq!(fw.poll(&mut port, 0), PollResult::Progress);
    assert_eq!(fw.poll(&mut port, 1), PollResult::Idle);
    assert!(port.from_fw.is_empty());
    port.to_fw.push_back((0x02aa, true));
    assert_eq!(run(&mut fw, &mut port, 10), PollResult::Idle);
    assert_eq!(
        port.take_responses(),
        vec![vec![hdr(op(FwOpcode::SetMac), 1, st(FwStatus::Ok), 1)]]
    );
    assert_eq!((port.mac_lo, port.mac_hi), (0xbbcc_ddee, 0x02aa));
}

#[test]
fn back_to_back_requests_are_answered_in_order() {
    let (mut fw, mut port) = started();
    port.request(&[hdr(op(FwOpcode::GetMac), 1, 0, 1)]);
    port.request(&[hdr(op(FwOpcode::SetMac), 2, 0, 3), 0xbbcc_ddee, 0x02aa]);
    port.request(&[hdr(op(FwOpcode::GetMac), 3, 0, 1)]);
    port.request(&[hdr(0x77, 4, 0, 1)]);
    port.request(&[hdr(op(FwOpcode::Nop), 5, 0, 1)]);
    assert_eq!(run(&mut fw, &mut port, 10), PollResult::Idle);
    assert_eq!(
        port.take_responses(),
        vec![
            vec![hdr(op(FwOpcode::GetMac), 1, 0, 3), MAC_LO, MAC_HI],
            vec![hdr(op(FwOpcode::SetMac), 2, 0, 1)],
            vec![hdr(op(FwOpcode::GetMac), 3, 0, 3), 0xbbcc_ddee, 0x02aa],
            vec![hdr(0x77, 4, st(FwStatus::BadOpcode), 1)],
            vec![hdr(op(FwOpcode::Nop), 5, 0, 1)],
        ]
    );
    let c = fw.counters();
    assert_eq!((c.requests, c.responses, c.errors), (5, 5, 1));
}

#[test]
fn an_idle_port_is_idle() {
    let (mut fw, mut port) = started();
    assert_eq!(fw.poll(&mut port, 0), PollResult::Idle);
    assert_eq!(fw.poll(&mut port, 123_456), PollResult::Idle);
    assert_eq!(fw.last_poll_cycles(), 123_456);
    assert_eq!(*fw.counters(), Default::default());
}

// ---- arbitrary input ----

/// Whether a message is an exception-path frame (FRAME_RX) or a CPL
/// message from the TCP engine: no mailbox answer.
fn is_frame(words: &[u32]) -> bool {
    let op = words[0] & 0xff;
    op == u32::from(u8::from(FwOpcode::FrameRx)) || op == u32::from(u8::from(FwOpcode::Cpl))
}

/// The mailbox state the oracle tracks: the MAC words and the IPv4 address,
/// prefix and gateway.
struct Model {
    mac: (u32, u32),
    ipv4: (u32, u32, u32),
}

/// What the firmware must answer to one message, computed from the
/// protocol description (the address rules of SET_IPV4 are the interface's
/// own, tested in the net tests).
fn expected(words: &[u32], m: &mut Model) -> Vec<u32> {
    let mac = &mut m.mac;
    let h = FwMsgHdr::from_bytes(&words[0].to_le_bytes());
    let err = |s: FwStatus| vec![hdr(h.opcode, h.seq, s as u8, 1)];
    if words.len() > MSG_MAX_WORDS || usize::from(h.len) != words.len() {
        return err(FwStatus::BadLength);
    }
    let ok = |payload: &[u32]| {
        let mut v = vec![hdr(h.opcode, h.seq, 0, 1 + payload.len() as u8)];
        v.extend_from_slice(payload);
        v
    };
    let args = &words[1..];
    match FwOpcode::try_from(h.opcode) {
        Err(_) => err(FwStatus::BadOpcode),
        Ok(FwOpcode::Nop) if args.is_empty() => ok(&[]),
        Ok(FwOpcode::GetVersion) if args.is_empty() => {
            ok(&[gen::FW_VERSION, gen::BUILD_ID, mac.0, mac.1])
        }
        Ok(FwOpcode::GetMac) if args.is_empty() => ok(&[mac.0, mac.1]),
        Ok(FwOpcode::SetMac) if args.len() == 2 => {
            let (lo, hi) = (args[0], args[1]);
            let zero = lo == 0 && hi == 0;
            let group = hi & 0x0100 != 0;
            if hi > 0xffff || zero || group {
                err(FwStatus::BadArgument)
            } else {
                *mac = (lo, hi);
                ok(&[])
            }
        }
        Ok(FwOpcode::GetIpv4) if args.is_empty() => ok(&[m.ipv4.0, m.ipv4.1, m.ipv4.2]),
        Ok(FwOpcode::SetIpv4) if args.len() == 2 || args.len() == 3 => {
            let mac_addr = warpnic_fw::MacAddr::from_words(mac.0, mac.1);
            let gw = args.get(2).copied().unwrap_or(0);
            let gateway = (gw != 0).then(|| std::net::Ipv4Addr::from(gw));
            let valid = u8::try_from(args[1])
                .ok()
                .zip(mac_addr)
                .is_some_and(|(p, a)| {
                    warpnic_fw::net::Interface::new(
                        a,
                        std::net::Ipv4Addr::from(args[0]),
                        p,
                        gateway,
                    )
                    .is_ok()
                });
            if valid {
                m.ipv4 = (args[0], args[1], gw);
                ok(&[])
            } else {
                err(FwStatus::BadArgument)
            }
        }
        Ok(FwOpcode::FrameTx) | Ok(FwOpcode::FrameRx) => err(FwStatus::BadOpcode),
        Ok(_) => err(FwStatus::BadLength),
    }
}

/// A message: mostly correctly framed commands with plausible or random
/// arguments, sometimes a random header.
fn message() -> impl Strategy<Value = Vec<u32>> {
    use proptest::collection::vec;
    let args = || {
        prop_oneof![
            3 => Just(Vec::new()),
            3 => (any::<u32>(), 0u32..0x2_0000).prop_map(|(lo, hi)| vec![lo, hi]),
            1 => Just(vec![0, 0]),
            2 => vec(any::<u32>(), 0..4),
            1 => vec(any::<u32>(), 0..3 * MSG_MAX_WORDS),
        ]
    };
    let framed = (0u8..6, any::<u8>(), args()).prop_map(|(opcode, seq, args)| {
        let mut m = vec![hdr(opcode, seq, 0, (1 + args.len()) as u8)];
        m.extend(args);
        m
    });
    // (the TCP commands have their own oracle in net_tcp.rs: their opcodes
    // become unknown ones here)
    let noisy = (any::<u32>(), args()).prop_map(|(header, args)| {
        // (ARP_RESOLVE's answers depend on the neighbour table: tested in
        // net_tcp.rs and by the host)
        let tcp = (0x10..=0x17).contains(&(header & 0xff)) || header & 0xff == 0x06;
        let mut m = vec![if tcp { header ^ 0x60 } else { header }];
        m.extend(args);
        m
    });
    prop_oneof![3 => framed, 1 => noisy]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any sequence of messages, with the core refusing words at random,
    /// gets exactly the responses the protocol prescribes, in order.
    #[test]
    fn arbitrary_messages_get_prescribed_answers(
        msgs in proptest::collection::vec(message(), 1..12),
        stalls in proptest::collection::vec(0usize..4, 64),
    ) {
        let (mut fw, mut port) = started();
        let mut model = Model { mac: (MAC_LO, MAC_HI), ipv4: (0, 0, 0) };
        let mut want = Vec::new();
        for m in &msgs {
            port.request(m);
            if !is_frame(m) {
                want.push(expected(m, &mut model));
            }
        }
        let mac = model.mac;
        let mut got = Vec::new();
        let mut t = 0u64;
        let mut idle = 0;
        while idle < 2 {
            // Alternate between refusing and accepting a few words.
            // (every fourth poll takes at least one word).
            let n = stalls[t as usize % stalls.len()];
            port.accept = Some(if t % 4 == 3 { n.max(1) } else { n });
            match fw.poll(&mut port, t) {
                PollResult::Idle => idle += 1,
                PollResult::Stopped => prop_assert!(false, "stopped"),
                _ => idle = 0,
            }
            got.extend(port.take_responses());
            t += 1;
            prop_assert!(t < 10_000, "no progress");
        }
        prop_assert_eq!(&got, &want);
        prop_assert_eq!((port.mac_lo, port.mac_hi), mac);
        let c = fw.counters();
        prop_assert_eq!(c.requests as usize, want.len());
        prop_assert_eq!(c.responses as usize, want.len());
        let errors = want.iter().filter(|r| r[0] >> 16 & 0xff != 0).count();
        prop_assert_eq!(c.errors as usize, errors);
        prop_assert_eq!(c.bad_opcode + c.bad_length + c.bad_argument, c.errors);
    }

    /// Raw words with random `last` flags never stop the firmware, and every
    /// completed message gets one response.
    #[test]
    fn garbage_words_get_one_answer_per_message(
        words in proptest::collection::vec((any::<u32>(), any::<bool>()), 0..200),
    ) {
        let (mut fw, mut port) = started();
        port.to_fw.extend(words.iter().copied());
        // complete messages, except those that start with a FRAME_RX word
        // (frames, not requests), each get one answer
        let frame_rx = u32::from(u8::from(FwOpcode::FrameRx));
        let cpl = u32::from(u8::from(FwOpcode::Cpl));
        let mut messages = 0;
        let mut start = true;
        let mut is_request = false;
        for (w, last) in &words {
            if start {
                is_request = w & 0xff != frame_rx && w & 0xff != cpl;
            }
            if *last && is_request {
                messages += 1;
            }
            start = *last;
        }
        let r = run(&mut fw, &mut port, 1000);
        prop_assert_eq!(r, PollResult::Idle);
        let rsps = port.take_responses();
        prop_assert_eq!(rsps.len(), messages);
        prop_assert!(port.from_fw.is_empty());
        for rsp in &rsps {
            let h = FwMsgHdr::from_bytes(&rsp[0].to_le_bytes());
            prop_assert_eq!(usize::from(h.len), rsp.len());
            prop_assert!(rsp.len() <= MSG_MAX_WORDS);
        }
    }
}
