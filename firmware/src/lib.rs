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
//! A message holds at most `FW_MSG_MAX_WORDS` (16) words. Commands:
//!
//! | opcode | request words 1.. | response words 1.. |
//! |---|---|---|
//! | `NOP` | none | none |
//! | `GET_VERSION` | none | `FW_VERSION`, the core's build ID (`FW_REG_BUILD_ID`), MAC bits 31:0, MAC bits 47:32 |
//! | `SET_MAC` | MAC bits 31:0, MAC bits 47:32 (in 15:0; 31:16 zero) | none |
//! | `GET_MAC` | none | MAC bits 31:0, MAC bits 47:32 |
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
//! - a length other than the command's: `BAD_LENGTH`;
//! - `SET_MAC` with a zero or group (I/G bit, bit 40, set) address, or with
//!   bits 31:16 of word 2 set: `BAD_ARGUMENT`, and the MAC is unchanged.
//!
//! The checks run in that order. While a response is being sent the firmware
//! takes no request word, so a core that is slow to take the response
//! back-pressures the next request instead of losing it.
//!
//! # Building and testing
//!
//! ```text
//! cargo test -p warpnic-fw                       # host: unit and protocol tests
//! cargo build -p warpnic-fw --release \
//!     --target riscv32imac-unknown-none-elf --features rt --bin warpnic-fw
//! ```
//!
//! The soft-core image links at `0x8000_0000` (64 KiB RAM, `memory.x`); the
//! firmware port's memory map is in [`mmio`].
#![no_std]
#![warn(missing_docs)]

mod fw;
pub mod hal;
mod mac;
pub mod mmio;
pub mod net;

pub use fw::{
    Counters, Firmware, FwConfig, InitError, PollResult, MSG_MAX_WORDS, POLL_BUDGET_WORDS,
};
pub use hal::{read_cycles, Hal};
pub use mac::MacAddr;
pub use warpnic_abi::gen::{FwMsgHdr, FwOpcode, FwStatus};
