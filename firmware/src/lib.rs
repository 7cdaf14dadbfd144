//! warpnic-fw: the control-plane firmware of a warpnic core.
//!
//! The firmware is a sans-IO state machine ([`Firmware`]) over a small
//! hardware trait ([`Hal`]), the core's firmware port. The same code runs
//! natively inside the simulator, which implements [`Hal`] on the Verilated
//! core's port pins, and on the board's RISC-V soft core
//! (`riscv32imac-unknown-none-elf`), where [`mmio::MmioHal`] implements it
//! over memory-mapped registers and `src/bin/warpnic-fw.rs` is the program.
//! It allocates nothing, has no unbounded loop, and no input from the core,
//! the host or the wire can make it panic.
//!
//! # Driving it
//!
//! ```text
//! let mut fw = Firmware::new(FwConfig { mac });
//! fw.init(&mut hal)?;            // checks FW_REG_ID and FW_REG_BUILD_ID, writes the MAC
//! loop {
//!     match fw.poll(&mut hal, now_cycles) { ... }   // bounded work per call
//! }
//! ```
//!
//! [`Firmware::poll`] moves at most [`POLL_BUDGET_WORDS`] words and reports
//! whether it did anything ([`PollResult`]); [`Firmware::counters`] exposes
//! what it has handled.
//!
//! # Mailbox message protocol
//!
//! The host writes a request into the `MBOX` block's `REQ` words and rings
//! `DOORBELL` with its length; the core forwards it to the firmware as one
//! message on the firmware port (one 32-bit word per transfer, `tlast` on
//! the final word). The firmware answers with one message on the port back
//! to the core, which places it in `RSP` and posts a `FW_RESPONSE` event.
//!
//! Word 0 of every request and response is a [`FwMsgHdr`]
//! (little-endian: byte 0 = bits 7:0 of the word):
//!
//! | bits | field | request | response |
//! |---|---|---|---|
//! | 7:0 | `opcode` | [`FwOpcode`] | echoed |
//! | 15:8 | `seq` | chosen by the host | echoed |
//! | 23:16 | `status` | zero (ignored) | [`FwStatus`] |
//! | 31:24 | `len` | words in the message, header included | same |
//!
//! A message holds at most `FW_MSG_MAX_WORDS` (16) words. A command's
//! arguments (request words 1..) and result (response words 1..) are the
//! blocks `warpnic-abi` declares and generates (docs/abi.md, "Commands");
//! the firmware decodes and packs them with the generated types alone:
//!
//! | opcode | arguments | result |
//! |---|---|---|
//! | `NOP` | none | none |
//! | `GET_VERSION` | none | [`FwVersionRsp`]: `FW_VERSION`, the core's build ID (`FW_REG_BUILD_ID`), the MAC address |
//! | `SET_MAC` | [`FwMac`] | none |
//! | `GET_MAC` | none | [`FwMac`] |
//! | `SET_IPV4` | [`FwIpv4`] | none |
//! | `GET_IPV4` | none | [`FwIpv4`] |
//! | `TCP_CONFIG` | none (read), or [`FwTcpConfigArgs`] of 5 words (the timing) or 9 (and the 128-bit ISN secret); other lengths are `BAD_LENGTH` | read: [`FwTcpTiming`], the timing registers; write: none |
//! | `TCP_LISTEN` | [`FwTcpListenArgs`] (receive window 0: 65535) | [`FwTcpListenRsp`] — *deferred* until PASS_OPEN_RPL |
//! | `TCP_UNLISTEN` | [`FwTcpListener`] | [`FwTcpUnlistenRsp`] — *deferred* until CLOSE_LISTSRV_RPL |
//! | `TCP_CONNECT` | [`FwTcpConnectArgs`] (local port 0: ephemeral; receive window 0: 65535) | [`FwTcpConnectRsp`] |
//! | `TCP_CLOSE` | [`FwTcpEndpoint`] | [`FwTcpResult`] |
//! | `TCP_ABORT` | [`FwTcpEndpoint`] | [`FwTcpResult`] |
//! | `TCP_EVENT` | none | [`FwTcpEventRsp`]: the event word; for ESTABLISHED and ACCEPTED the connection in eight more |
//! | `TCP_TCB` | [`FwTcpTcbArgs`] (mask 0: read) | [`FwTcpTcbRsp`] — *deferred* until SET_TCB_RPL |
//!
//! [`FwVersionRsp`]: warpnic_abi::gen::FwVersionRsp
//! [`FwMac`]: warpnic_abi::gen::FwMac
//! [`FwIpv4`]: warpnic_abi::gen::FwIpv4
//! [`FwTcpConfigArgs`]: warpnic_abi::gen::FwTcpConfigArgs
//! [`FwTcpTiming`]: warpnic_abi::gen::FwTcpTiming
//! [`FwTcpListenArgs`]: warpnic_abi::gen::FwTcpListenArgs
//! [`FwTcpListenRsp`]: warpnic_abi::gen::FwTcpListenRsp
//! [`FwTcpListener`]: warpnic_abi::gen::FwTcpListener
//! [`FwTcpUnlistenRsp`]: warpnic_abi::gen::FwTcpUnlistenRsp
//! [`FwTcpConnectArgs`]: warpnic_abi::gen::FwTcpConnectArgs
//! [`FwTcpConnectRsp`]: warpnic_abi::gen::FwTcpConnectRsp
//! [`FwTcpEndpoint`]: warpnic_abi::gen::FwTcpEndpoint
//! [`FwTcpResult`]: warpnic_abi::gen::FwTcpResult
//! [`FwTcpEventRsp`]: warpnic_abi::gen::FwTcpEventRsp
//! [`FwTcpTcbArgs`]: warpnic_abi::gen::FwTcpTcbArgs
//! [`FwTcpTcbRsp`]: warpnic_abi::gen::FwTcpTcbRsp
//!
//! A MAC address's byte 0 (first on the wire) is bits 47:40 of the 48-bit
//! value; see [`MacAddr`]. The MAC words of a response are read back from
//! the register window (`FW_REG_MAC_LO`, `FW_REG_MAC_HI`).
//!
//! Every request gets exactly one response, in order. Errors are answered
//! with the header alone (`len` = 1), opcode and seq echoed:
//!
//! - more than `FW_MSG_MAX_WORDS` words: the rest of the message is drained
//!   up to its `tlast` and the answer is `BAD_LENGTH`;
//! - the header's `len` differs from the words received: `BAD_LENGTH`;
//! - an unknown opcode: `BAD_OPCODE`;
//! - a length the command's block does not take (`ArgError::Length`):
//!   `BAD_LENGTH`;
//! - a reserved bit set or a code its enumeration does not define
//!   (`ArgError::Reserved`, `ArgError::UnknownCode`): `BAD_ARGUMENT`;
//! - `SET_MAC` with a zero or group (I/G bit, bit 40, set) address:
//!   `BAD_ARGUMENT`, and the MAC is unchanged.
//!
//! - TCP commands: an argument out of range (port 0, backlog 0, unknown
//!   option bits or TCB field, a window above 2^30 or not fitting its
//!   shift, a peer address that cannot be a host's, a listener or endpoint
//!   id that is not a slot, TCP_CONFIG with a zero time, min > max,
//!   initial outside min..=max, or a zero retry count): `BAD_ARGUMENT`.
//!
//! The checks run in that order. While a response is being sent the firmware
//! takes no request word, so a core that is slow to take the response
//! back-pressures the next request instead of losing it.
//!
//! ## TCP commands
//!
//! The TCP commands drive the connection control plane ([`tcp`]). Every
//! answer of TCP_LISTEN, TCP_UNLISTEN, TCP_CONNECT, TCP_CLOSE, TCP_ABORT
//! and TCP_TCB starts with a *result* word, a `cpl_status` code: SUCCESS,
//! or why the operation failed although the request was well-formed —
//! ADDR_IN_USE (the port or 4-tuple is in use), NO_RESOURCES (no listener
//! slot, endpoint, open slot, ephemeral port or neighbour entry), BAD_ID
//! (the id names nothing, or an earlier generation of its slot), BAD_STATE
//! (the endpoint's state refuses it; TCP_CONNECT before SET_IPV4), TIMEOUT
//! (a deferred request whose engine reply did not come within 100 ms), or
//! the engine's own status from its reply. The words after the result are
//! meaningful on SUCCESS only (TCP_LISTEN also names the listener on
//! failure).
//!
//! *Deferred* answers come once the TCP engine has replied; the firmware
//! keeps handling CPL messages and frames meanwhile (the core forwards one
//! mailbox request at a time, so the next request waits).
//!
//! Connection outcomes are events the host takes with TCP_EVENT, one per
//! request, oldest first (NONE when there is none). Per endpoint they come
//! in the order open (ESTABLISHED for TCP_CONNECT, ACCEPTED for a new
//! endpoint of a listener), PEER_CLOSED, then one final event after which
//! the endpoint id is free: CLOSED, RESET (cause CONN_RESET or the
//! engine's), TIMED_OUT, ABORTED, REFUSED (cause CONN_REFUSED, or the
//! engine's ACT_OPEN_RPL status such as ADDR_IN_USE), UNREACHABLE (ARP got
//! no answer). Events are never dropped: a listener's connections count
//! against its backlog until their ACCEPTED event has been taken.
//!
//! # Building and testing
//!
//! ```text
//! cargo test -p warpnic-fw                       # host: unit and protocol tests
//! cargo build -p warpnic-fw --profile soft-core \
//!     --target riscv32imac-unknown-none-elf --features rt --bin warpnic-fw
//! ```
//!
//! The soft-core image links at `0x8000_0000` (64 KiB RAM, `memory.x`), built
//! for size with link-time optimisation (the workspace's `soft-core`
//! profile: 34 KiB of code, the rest stack); the
//! firmware port's memory map is in [`mmio`].
#![no_std]
#![warn(missing_docs)]

mod fw;
pub mod hal;
mod mac;
pub mod mmio;
pub mod net;
pub mod tcp;

pub use fw::{
    Counters, Firmware, FwConfig, InitError, PollResult, MSG_MAX_WORDS, POLL_BUDGET_WORDS,
};
pub use hal::{read_cycles, Hal};
pub use mac::MacAddr;
pub use warpnic_abi::gen::{FwMsgHdr, FwOpcode, FwStatus};
