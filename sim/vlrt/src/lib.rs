//! warpnic's Verilator bridge: the Verilator runtime, built once per
//! Verilator installation, and the safe [`Model`] type that drives any
//! Verilated top cycle by cycle (the system simulator's `wn_core`, the
//! module tests' tops).
//!
//! Its build script compiles Verilator's runtime (`verilated`,
//! `verilated_threads` and the FST wave writer) into a static library and
//! links zlib. The runtime does not depend on the RTL, so editing the RTL
//! rebuilds only the models, never this library.
//!
//! The other half of the bridge is `warpnic-vlbuild`, the build-time
//! library: a crate's build script builds each model it needs with it,
//! which generates the model's C++ shim (this crate's `csrc/vlb_shim.h`
//! compiled for that model) and a Rust file holding the model's [`Top`]
//! and one [`Port`] constant per top-level port. The crate includes that
//! file in a module of its own and builds instances with [`Model::new`]:
//!
//! ```ignore
//! mod wn_fifo {
//!     include!(concat!(env!("OUT_DIR"), "/wn_fifo/ports.rs"));
//! }
//! let mut m = Model::new(&wn_fifo::TOP, &ModelOptions::default())?;
//! m.reset(4)?;
//! m.set(wn_fifo::WVALID_I, 1);
//! m.tick()?;
//! let valid = m.get(wn_fifo::RVALID_O);
//! ```
//!
//! A failed assertion, `$stop` or `$fatal` in a model does not abort the
//! process: it halts that model's context and records its source location,
//! which the model's `eval`/`tick` return as [`ModelError::Stopped`].

mod error;
mod model;

pub use error::ModelError;
pub use model::{Dir, InitialValues, Model, ModelOptions, Port, PortInfo, Shim, Top};

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
fn take_stop_location() -> Option<String> {
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

/// The C types of `csrc/vlb_bridge.h`, for the generated shim declarations.
#[doc(hidden)]
pub mod shim {
    use std::ffi::{c_char, c_int, c_void};

    /// An opaque C++ model of some top.
    pub type RawModel = c_void;

    /// `vlb_port`: one entry of a model's port table.
    #[repr(C)]
    pub struct RawPort {
        /// NUL-terminated port name.
        pub name: *const c_char,
        /// `VLB_DIR_*`.
        pub dir: u32,
        /// Width in bits.
        pub width: u32,
        /// The port's storage in the model.
        pub ptr: *mut c_void,
    }

    /// `vlb_opts`: construction options.
    #[repr(C)]
    pub struct Opts {
        /// Half of the clock period, in picoseconds.
        pub half_period_ps: u64,
        /// `VLB_INIT_*`.
        pub init: u32,
        /// Seed for `VLB_INIT_RANDOM`.
        pub seed: u32,
    }

    pub(crate) const DIR_IN: u32 = 0;
    pub(crate) const DIR_OUT: u32 = 1;
    pub(crate) const DIR_INOUT: u32 = 2;
    pub(crate) const INIT_ZEROS: u32 = 0;
    pub(crate) const INIT_ONES: u32 = 1;
    pub(crate) const INIT_RANDOM: u32 = 2;
    pub(crate) const OK: c_int = 0;
    pub(crate) const STOPPED: c_int = 1;
    pub(crate) const FINISHED: c_int = 2;
}
