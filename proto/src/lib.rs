//! warpnic-proto: the protocol logic that both the firmware and the host
//! library run, written once.
//!
//! - [`mpa`]: MPA connection setup (RFC 5044 §7.1, RFC 6581): the
//!   request/reply frame codec and the sans-IO endpoint machine that takes
//!   a connection from the TCP handshake to RDMA (FPDU) mode. The host
//!   library drives it over the offloaded stream (`warpnic::MpaSetup`).
//! - [`tcp`]: the argument rules of the TCP control plane: the window
//!   scale a receive window needs, the largest window, the option bits a
//!   host may ask for, and the check of a connect's arguments, the peer
//!   address included. The host library checks a request with them before
//!   it sends it, and the firmware checks it again when it arrives.
//! - [`ip`]: which IPv4 addresses can be a unicast host's.
//!
//! Dependencies point one way: `warpnic-abi` ← `warpnic-proto` ←
//! {`warpnic-fw`, `warpnic`}. The crate is `no_std`, allocates nothing,
//! and no input from the wire or a caller makes it panic.
#![no_std]
#![warn(missing_docs)]

pub mod ip;
pub mod mpa;
pub mod tcp;
