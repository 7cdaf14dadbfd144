//! The Verilator runtime, built once per Verilator installation and linked by
//! every Verilated model (`warpnic-sim`).
//!
//! Its build script compiles Verilator's runtime (`verilated`,
//! `verilated_threads` and the FST wave writer) into a static library and
//! links zlib. A failed assertion, `$stop` or `$fatal` in a model does not
//! abort the process: it halts that model's context and records its source
//! location, which [`take_stop_location`] returns. A crate that builds a
//! model reads the runtime's include directory, compiler and shared flags
//! from the `DEP_WARPNIC_VLRT_*` build-script metadata, and must name this
//! crate in its code (`use warpnic_vlrt as _;`) so that the runtime is linked.
//!
//! The runtime does not depend on the RTL, so editing the RTL rebuilds only
//! the model, never this library.

mod error;
pub use error::{Halt, ModelError};

/// The version of Verilator (e.g. `5.006`) this runtime was built from.
pub const VERILATOR_VERSION: &str = env!("WARPNIC_VLRT_VERILATOR_VERSION");

use std::ffi::c_char;

extern "C" {
    /// Defined in `csrc/vlrt_stop.cpp`.
    fn warpnic_vlrt_take_stop(buf: *mut c_char, len: usize) -> usize;
}

/// Longest stop location returned by [`take_stop_location`], in bytes.
const STOP_LOCATION_MAX: usize = 4096;

/// Returns and clears the location (`file:line`) of the last failed
/// assertion, `$stop` or `$fatal` evaluated on the calling thread, if any.
///
/// The runtime is built so that these no longer abort the process: they mark
/// the model's `VerilatedContext` as finished with an error, and record
/// where they happened for the caller to report.
pub fn take_stop_location() -> Option<String> {
    let mut buf = vec![0u8; STOP_LOCATION_MAX];
    // SAFETY: `buf` is valid for writes of `buf.len()` bytes and the callee
    // writes at most that many (a NUL-terminated prefix of the location).
    let n = unsafe { warpnic_vlrt_take_stop(buf.as_mut_ptr().cast(), buf.len()) };
    if n == 0 {
        return None;
    }
    buf.truncate(n.min(STOP_LOCATION_MAX - 1));
    Some(String::from_utf8_lossy(&buf).into_owned())
}
