//! warpnic-abi: the one definition of warpnic's hardware/software interface.
//!
//! [`spec`] is the declarative description; [`gen`] holds the Rust types that
//! `cargo xtask gen` writes from it (the same run writes the SystemVerilog
//! package under `hw/rtl/gen/` and `docs/abi.md`): descriptors, header
//! views, and the commands' argument and result blocks with checked
//! `to_words`/`from_words`. [`golden`] holds the vectors both sides are
//! tested against. [`wire`] adds parsing, emitting and checksums on top of
//! the generated header views.
#![no_std]
#![warn(missing_docs)]

#[cfg(feature = "std")]
extern crate std;

#[allow(missing_docs, clippy::all)]
pub mod gen;
pub mod golden;
pub mod spec;
pub mod wire;
