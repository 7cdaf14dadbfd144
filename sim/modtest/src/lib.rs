//! RTL module tests: small Verilated test tops driven cycle by cycle from
//! Rust.
//!
//! The build script Verilates every module test top of its table (one RTL
//! module with fixed parameters, e.g. `wn_fifo` with `Width = 40`) with
//! `-Wall --assert`, and generates for each a C++ shim and a Rust module
//! ([`wn_fifo`], [`wn_rr_arb`], [`wn_wq_ring`], ...) with one constant per
//! port. A [`ModModel`] owns one instance of one top:
//!
//! ```no_run
//! use warpnic_modtest::{wn_fifo::{self, ports}, ModModel};
//!
//! # fn main() -> Result<(), warpnic_modtest::ModError> {
//! let mut m = ModModel::new(wn_fifo::NAME)?;
//! m.reset(4)?;
//! m.set(ports::WDATA_I, 0x12_3456_789a)?;
//! m.set(ports::WVALID_I, 1)?;
//! m.tick()?;
//! m.set(ports::WVALID_I, 0)?;
//! m.eval()?;
//! assert_eq!(m.get(ports::RVALID_O)?, 1);
//! assert_eq!(m.get("rdata_o")?, 0x12_3456_789a);
//! # Ok(())
//! # }
//! ```
//!
//! # The cycle contract
//!
//! Inputs written with [`ModModel::set`] are sampled by the next rising edge
//! of `clk_i`, which [`ModModel::tick`] produces; after `tick` the outputs
//! show the state after that edge. An output that depends combinationally on
//! an input shows the new input only after [`ModModel::eval`] (or the next
//! `tick`). So a test cycle is: set the inputs, `eval`, read the outputs and
//! decide (e.g. whether a handshake happens), `tick`.
//!
//! # Errors from the RTL
//!
//! The tops are built with `--assert`: a failed assertion, `$stop` or
//! `$fatal` makes `eval`/`tick` return [`ModError::Model`] holding
//! [`ModelError::Stopped`] with the source location (`file:line`), and
//! `$finish` returns one holding [`ModelError::Finished`]. The
//! model then stays halted: every later `eval`/`tick` returns the same error.
//!
//! # Adding a module test top
//!
//! 1. Add an entry to the `TOPS` table in `build.rs`: the test top's `name`
//!    (a new Rust module of this crate, the C++ class `V<name>` and the shim
//!    prefix `mt_<name>_`, so two tops of one module with different
//!    parameters need different names), the SystemVerilog `module`, its
//!    `files` in compile order after the packages (relative to `hw/`, e.g.
//!    `rtl/wn_fifo.sv`, plus any module it instantiates; or
//!    `modtest/rtl/...` for a test-only wrapper in this crate), and the
//!    `params` overrides (`-G`). The generated packages `hw/rtl/gen/*_pkg.sv`,
//!    the other `hw/rtl/*_pkg.sv` and the waivers `hw/lint/*.vlt` come first
//!    for every top.
//! 2. The top must have a clock `clk_i` (the shim drives it); [`ModModel::reset`]
//!    needs `rst_i` (active high). It must pass `verilator -Wall` as a top
//!    of its own (an unused port or parameter of a wrapper needs a waiver).
//! 3. Write `tests/<name>.rs`: a seeded [`Rng`], random idle on every input
//!    stream, random backpressure on every output stream, and a Rust
//!    reference model compared on every cycle.
//!
//! Only the tops whose files changed are rebuilt: each has its own build
//! stamp.
//!
//! # Threads
//!
//! Verilator wants a model built and evaluated on one thread, so a
//! [`ModModel`] is neither `Send` nor `Sync`; several models (of the same or
//! different tops) live side by side on one thread, each with its own
//! Verilator context.

use std::ffi::{c_char, c_int, CStr, CString};
use std::fmt;
use std::fs::File;
use std::marker::PhantomData;
use std::num::NonZeroU32;
use std::path::Path;
use std::ptr::NonNull;
use std::sync::Mutex;

use thiserror::Error;
use warpnic_vlrt::Halt;
pub use warpnic_vlrt::ModelError;
// The shims call into the Verilator runtime that this crate links.
use warpnic_vlrt as _;

mod rng;
pub use rng::Rng;

/// The data beats a DMA read answers with, as the module tests' host
/// memory models give them: `Some(bytes)` in 64-byte beats (byte 0 in lane
/// 0, the lanes past the end junk from `rng`), the last marked; `None`, a
/// refused read: one junk beat marked last and in error. Each beat is
/// `(data, last, err)`.
pub fn dma_read_beats(
    rng: &mut Rng,
    data: Option<&[u8]>,
) -> std::collections::VecDeque<([u8; 64], bool, bool)> {
    let mut beats = std::collections::VecDeque::new();
    let Some(data) = data else {
        let mut junk = [0u8; 64];
        junk.iter_mut().for_each(|b| *b = rng.next_u64() as u8);
        beats.push_back((junk, true, true));
        return beats;
    };
    let n = data.len().div_ceil(64);
    for k in 0..n {
        let mut d = [0u8; 64];
        for (j, b) in d.iter_mut().enumerate() {
            *b = data
                .get(k * 64 + j)
                .copied()
                .unwrap_or_else(|| rng.next_u64() as u8);
        }
        beats.push_back((d, k + 1 == n, false));
    }
    beats
}

include!(concat!(env!("OUT_DIR"), "/tops.rs"));

/// The C interface shared by the shims of all tops (`csrc/mt_shim_pre.h`).
mod ffi {
    use std::ffi::{c_char, c_int, c_void};

    /// Opaque C++ model of some top.
    pub type MtModel = c_void;

    #[repr(C)]
    pub struct MtPortEntry {
        pub name: *const c_char,
        pub dir: u32,
        pub width: u32,
        pub ptr: *mut c_void,
    }

    #[repr(C)]
    pub struct MtOpts {
        pub half_period_ps: u64,
        pub init: u32,
        pub seed: u32,
    }

    pub const DIR_IN: u32 = 0;
    pub const DIR_OUT: u32 = 1;
    pub const DIR_INOUT: u32 = 2;
    pub const INIT_ZEROS: u32 = 0;
    pub const INIT_ONES: u32 = 1;
    pub const INIT_RANDOM: u32 = 2;
    pub const OK: c_int = 0;
    pub const STOPPED: c_int = 1;
    pub const FINISHED: c_int = 2;
}

/// The C functions of one top's shim.
#[derive(Clone, Copy)]
struct Vtable {
    new: unsafe extern "C" fn(*const ffi::MtOpts, *mut c_char, usize) -> *mut ffi::MtModel,
    free: unsafe extern "C" fn(*mut ffi::MtModel),
    port_count: unsafe extern "C" fn() -> usize,
    ports: unsafe extern "C" fn(*const ffi::MtModel) -> *const ffi::MtPortEntry,
    eval: unsafe extern "C" fn(*mut ffi::MtModel) -> c_int,
    tick: unsafe extern "C" fn(*mut ffi::MtModel, u64, *mut u64) -> c_int,
    trace_open: unsafe extern "C" fn(*mut ffi::MtModel, *const c_char, *mut c_char, usize) -> c_int,
    trace_close: unsafe extern "C" fn(*mut ffi::MtModel),
}

/// One test top: its name, its port table and its shim.
struct TopDesc {
    name: &'static str,
    ports: &'static [PortInfo],
    vtable: Vtable,
}

/// Names of every module test top, in table order.
pub fn tops() -> impl Iterator<Item = &'static str> {
    TOPS.iter().map(|t| t.name)
}

/// A top-level port of one test top: a constant of that top's `ports`
/// module (e.g. [`wn_fifo::ports::WDATA_I`]) or the result of
/// [`ModModel::port`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Port {
    top: u16,
    index: u16,
}

impl Port {
    /// The port at `index` of the table of top `top` (generated code only).
    pub(crate) const fn new(top: u16, index: u16) -> Self {
        Port { top, index }
    }

    fn desc(self) -> &'static TopDesc {
        &TOPS[usize::from(self.top)]
    }

    /// Name, direction and width of the port.
    pub fn info(self) -> PortInfo {
        self.desc().ports[usize::from(self.index)]
    }

    /// Name of the port as written in the RTL, e.g. `wdata_i`.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// Name of the test top the port belongs to.
    pub fn top(self) -> &'static str {
        self.desc().name
    }

    /// Width of the port in bits.
    pub fn width(self) -> u32 {
        self.info().width
    }

    /// Width of the port in whole bytes: the length of a full
    /// [`ModModel::get_bytes`]/[`ModModel::set_bytes`] buffer.
    pub fn bytes(self) -> usize {
        self.width().div_ceil(8) as usize
    }
}

impl fmt::Debug for Port {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Port({}.{})", self.top(), self.name())
    }
}

impl fmt::Display for Port {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.top(), self.name())
    }
}

/// Direction of a port, seen from the module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Driven by the test, read by the module.
    In,
    /// Driven by the module.
    Out,
    /// Bidirectional.
    InOut,
}

/// How Verilator stores a port (from the model header).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(
    dead_code,
    reason = "the kinds a top's ports use depend on the tops in the table"
)]
pub(crate) enum Storage {
    /// `CData`: 1..=8 bits.
    U8,
    /// `SData`: 9..=16 bits.
    U16,
    /// `IData`: 17..=32 bits.
    U32,
    /// `QData`: 33..=64 bits.
    U64,
    /// `VlWide<N>`: N 32-bit words, least significant first.
    Wide(u16),
}

/// Static description of a port.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PortInfo {
    /// Name as written in the RTL.
    pub name: &'static str,
    /// Direction.
    pub dir: Dir,
    /// Width in bits.
    pub width: u32,
    pub(crate) storage: Storage,
}

/// Names a port of a [`ModModel`]: a [`Port`] constant, or its RTL name as
/// a string (looked up on each call; fine for tests, slower per cycle).
pub trait PortRef {
    /// The port of top `top` this names.
    ///
    /// # Errors
    ///
    /// [`ModError::UnknownPort`] for an unknown name,
    /// [`ModError::WrongTop`] for a port of another top.
    fn resolve(&self, top: u16) -> Result<Port, ModError>;
}

impl PortRef for Port {
    #[inline]
    fn resolve(&self, top: u16) -> Result<Port, ModError> {
        if self.top == top {
            Ok(*self)
        } else {
            Err(ModError::WrongTop {
                port: self.to_string(),
                model: TOPS[usize::from(top)].name,
            })
        }
    }
}

impl PortRef for &str {
    fn resolve(&self, top: u16) -> Result<Port, ModError> {
        let desc = &TOPS[usize::from(top)];
        desc.ports
            .iter()
            .position(|p| p.name == *self)
            .and_then(|i| u16::try_from(i).ok())
            .map(|index| Port::new(top, index))
            .ok_or_else(|| ModError::UnknownPort {
                top: desc.name,
                name: (*self).to_string(),
            })
    }
}

/// Values of the flip-flops and memories before reset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InitialValues {
    /// All zeros.
    #[default]
    Zeros,
    /// All ones.
    Ones,
    /// Pseudo-random bits from a seed, the same for the same seed.
    Random(NonZeroU32),
}

/// Options for [`ModModel::with_options`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModelOptions {
    /// Clock period in picoseconds, the time axis of wave traces (at least 2).
    pub clock_period_ps: u64,
    /// State before reset.
    pub initial_values: InitialValues,
}

impl Default for ModelOptions {
    fn default() -> Self {
        ModelOptions {
            clock_period_ps: 4000,
            initial_values: InitialValues::Zeros,
        }
    }
}

/// Errors of a module test model.
#[derive(Debug, Error)]
pub enum ModError {
    /// No test top of that name was built.
    #[error("no module test top named `{0}` (see the TOPS table in build.rs)")]
    UnknownTop(String),
    /// The top has no port of that name.
    #[error("test top `{top}` has no port `{name}`")]
    UnknownPort {
        /// The model's top.
        top: &'static str,
        /// The name asked for.
        name: String,
    },
    /// A port constant of one top was used on a model of another.
    #[error("port {port} used on a model of `{model}`")]
    WrongTop {
        /// The port, `top.name`.
        port: String,
        /// The model's top.
        model: &'static str,
    },
    /// `set` on a port the module drives.
    #[error("port {0} is not an input")]
    NotAnInput(String),
    /// A value that does not fit the port.
    #[error("value {value:#x} does not fit the {width}-bit port {port}")]
    TooWide {
        /// The port.
        port: String,
        /// Its width in bits.
        width: u32,
        /// The value given.
        value: u64,
    },
    /// A byte buffer longer than the port.
    #[error("{len} bytes for the {bytes}-byte port {port}")]
    TooManyBytes {
        /// The port.
        port: String,
        /// Its width in bytes.
        bytes: usize,
        /// The buffer's length.
        len: usize,
    },
    /// The model itself: construction, its port table, a halt (a failed
    /// assertion, `$stop`, `$fatal`, `$finish`), or a wave trace.
    #[error(transparent)]
    Model(#[from] ModelError),
}

/// Longest error message from the C++ side, in bytes.
const ERR_LEN: usize = 512;

/// Verilator seeds its per-thread generator of initial values from a
/// process-wide epoch: one construction at a time keeps a seeded model
/// reproducible.
static CONSTRUCT: Mutex<()> = Mutex::new(());

/// One Verilated instance of one module test top.
pub struct ModModel {
    raw: NonNull<ffi::MtModel>,
    top: u16,
    vt: Vtable,
    /// Storage of every port, in table order.
    ptrs: Vec<*mut u8>,
    cycle: u64,
    tracing: bool,
    halt: Option<Halt>,
    /// Verilator models are bound to the thread that made them.
    _not_send: PhantomData<*mut ()>,
}

impl ModModel {
    /// Builds an instance of the test top `name` (e.g. [`wn_fifo::NAME`])
    /// with zeroed state and inputs.
    ///
    /// # Errors
    ///
    /// [`ModError::UnknownTop`], or [`ModError::Model`] with
    /// [`ModelError::Construct`] or [`ModelError::PortTable`].
    pub fn new(name: &str) -> Result<ModModel, ModError> {
        Self::with_options(name, &ModelOptions::default())
    }

    /// As [`ModModel::new`], with options.
    ///
    /// # Errors
    ///
    /// As [`ModModel::new`]; [`ModelError::Construct`] for a clock period
    /// under 2 ps.
    pub fn with_options(name: &str, opts: &ModelOptions) -> Result<ModModel, ModError> {
        let top = TOPS
            .iter()
            .position(|t| t.name == name)
            .and_then(|i| u16::try_from(i).ok())
            .ok_or_else(|| ModError::UnknownTop(name.to_string()))?;
        if opts.clock_period_ps < 2 {
            return Err(ModelError::Construct(format!(
                "clock period of {} ps is too short",
                opts.clock_period_ps
            ))
            .into());
        }
        let (init, seed) = match opts.initial_values {
            InitialValues::Zeros => (ffi::INIT_ZEROS, 0),
            InitialValues::Ones => (ffi::INIT_ONES, 0),
            InitialValues::Random(seed) => (ffi::INIT_RANDOM, seed.get()),
        };
        let copts = ffi::MtOpts {
            half_period_ps: opts.clock_period_ps / 2,
            init,
            seed,
        };
        let desc = &TOPS[usize::from(top)];
        let vt = desc.vtable;
        let mut err = [0 as c_char; ERR_LEN];
        let raw = {
            let _one_at_a_time = CONSTRUCT.lock().unwrap_or_else(|e| e.into_inner());
            // SAFETY: `copts` and `err` are valid for the call; `err` is
            // `ERR_LEN` bytes long as passed.
            unsafe { (vt.new)(&copts, err.as_mut_ptr(), ERR_LEN) }
        };
        let Some(raw) = NonNull::new(raw) else {
            return Err(ModelError::Construct(c_message(&err)).into());
        };
        let mut model = ModModel {
            raw,
            top,
            vt,
            ptrs: Vec::with_capacity(desc.ports.len()),
            cycle: 0,
            tracing: false,
            halt: None,
            _not_send: PhantomData,
        };
        model.load_ports()?;
        for i in 0..desc.ports.len() {
            let p = Port::new(top, i as u16);
            if p.info().dir == Dir::In {
                model.write(p, 0);
            }
        }
        Ok(model)
    }

    /// Copies the port pointers from the C++ table, checking it against the
    /// generated constants.
    fn load_ports(&mut self) -> Result<(), ModError> {
        let desc = &TOPS[usize::from(self.top)];
        // SAFETY: a plain query without arguments.
        let count = unsafe { (self.vt.port_count)() };
        if count != desc.ports.len() {
            return Err(ModelError::PortTable(format!(
                "{count} ports in C++, {} in Rust",
                desc.ports.len()
            ))
            .into());
        }
        // SAFETY: `self.raw` is a live model of this top; its table has
        // `count` entries that live as long as the model.
        let table =
            unsafe { std::slice::from_raw_parts((self.vt.ports)(self.raw.as_ptr()), count) };
        for (info, entry) in desc.ports.iter().zip(table) {
            // SAFETY: the table's names are NUL-terminated string literals.
            let name = unsafe { CStr::from_ptr(entry.name) };
            let dir = match info.dir {
                Dir::In => ffi::DIR_IN,
                Dir::Out => ffi::DIR_OUT,
                Dir::InOut => ffi::DIR_INOUT,
            };
            if name.to_bytes() != info.name.as_bytes()
                || entry.dir != dir
                || entry.width != info.width
                || entry.ptr.is_null()
            {
                return Err(ModelError::PortTable(format!(
                    "`{}` in C++, `{}` in Rust",
                    name.to_string_lossy(),
                    info.name
                ))
                .into());
            }
            self.ptrs.push(entry.ptr.cast());
        }
        Ok(())
    }

    /// Name of the model's test top.
    pub fn top(&self) -> &'static str {
        TOPS[usize::from(self.top)].name
    }

    /// Every port of the model's top, in table order.
    pub fn ports(&self) -> impl Iterator<Item = Port> {
        let top = self.top;
        (0..TOPS[usize::from(top)].ports.len()).map(move |i| Port::new(top, i as u16))
    }

    /// The port named `name` (as written in the RTL).
    ///
    /// # Errors
    ///
    /// [`ModError::UnknownPort`].
    pub fn port(&self, name: &str) -> Result<Port, ModError> {
        name.resolve(self.top)
    }

    /// Value of port `p`; for a port wider than 64 bits, its bits 63:0.
    ///
    /// # Errors
    ///
    /// [`ModError::UnknownPort`] or [`ModError::WrongTop`].
    #[inline]
    pub fn get(&self, p: impl PortRef) -> Result<u64, ModError> {
        let p = p.resolve(self.top)?;
        Ok(self.read(p))
    }

    #[inline]
    fn read(&self, p: Port) -> u64 {
        let ptr = self.ptrs[usize::from(p.index)];
        // SAFETY: `ptr` is the storage of port `p` inside the model `self`
        // owns, of the type `p.info().storage` names and aligned for it
        // (both from the model header); a wide port has at least 3 words.
        // The model lives as long as `self` and changes only through
        // `&mut self`.
        unsafe {
            match p.info().storage {
                Storage::U8 => u64::from(ptr.read()),
                Storage::U16 => u64::from(ptr.cast::<u16>().read()),
                Storage::U32 => u64::from(ptr.cast::<u32>().read()),
                Storage::U64 => ptr.cast::<u64>().read(),
                Storage::Wide(_) => {
                    let w = ptr.cast::<u32>();
                    u64::from(w.read()) | u64::from(w.add(1).read()) << 32
                }
            }
        }
    }

    /// Sets input port `p` to `v` (zero-extended on a port wider than 64
    /// bits).
    ///
    /// # Errors
    ///
    /// [`ModError::UnknownPort`], [`ModError::WrongTop`],
    /// [`ModError::NotAnInput`], or [`ModError::TooWide`] when `v` does not
    /// fit the port.
    #[inline]
    pub fn set(&mut self, p: impl PortRef, v: u64) -> Result<(), ModError> {
        let p = p.resolve(self.top)?;
        let info = p.info();
        if info.dir == Dir::Out {
            return Err(ModError::NotAnInput(p.to_string()));
        }
        if info.width < 64 && v >> info.width != 0 {
            return Err(ModError::TooWide {
                port: p.to_string(),
                width: info.width,
                value: v,
            });
        }
        self.write(p, v);
        Ok(())
    }

    /// Writes `v`, which fits port `p`, into its storage.
    #[inline]
    fn write(&mut self, p: Port, v: u64) {
        let ptr = self.ptrs[usize::from(p.index)];
        // SAFETY: as in `read`; `&mut self` excludes every other access, and
        // the value fits the port's width as Verilator requires.
        unsafe {
            match p.info().storage {
                Storage::U8 => ptr.write(v as u8),
                Storage::U16 => ptr.cast::<u16>().write(v as u16),
                Storage::U32 => ptr.cast::<u32>().write(v as u32),
                Storage::U64 => ptr.cast::<u64>().write(v),
                Storage::Wide(n) => {
                    let w = ptr.cast::<u32>();
                    w.write(v as u32);
                    w.add(1).write((v >> 32) as u32);
                    for i in 2..usize::from(n) {
                        w.add(i).write(0);
                    }
                }
            }
        }
    }

    /// Copies port `p` into `out`, little-endian (byte 0 = bits 7:0). A
    /// shorter `out` gets the low bytes; bytes of a longer `out` beyond the
    /// port are zeroed.
    ///
    /// # Errors
    ///
    /// [`ModError::UnknownPort`] or [`ModError::WrongTop`].
    pub fn get_bytes(&self, p: impl PortRef, out: &mut [u8]) -> Result<(), ModError> {
        let p = p.resolve(self.top)?;
        let n = out.len().min(p.bytes());
        let (head, tail) = out.split_at_mut(n);
        match p.info().storage {
            Storage::Wide(words) => {
                let ptr = self.ptrs[usize::from(p.index)].cast::<u32>();
                for (i, chunk) in head.chunks_mut(4).enumerate().take(usize::from(words)) {
                    // SAFETY: a wide port's storage is `words` aligned 32-bit
                    // words in the model `self` owns; `i < words`.
                    let word = unsafe { ptr.add(i).read() };
                    chunk.copy_from_slice(&word.to_le_bytes()[..chunk.len()]);
                }
            }
            _ => head.copy_from_slice(&self.read(p).to_le_bytes()[..n]),
        }
        tail.fill(0);
        Ok(())
    }

    /// Sets input port `p` from little-endian `bytes` (byte 0 = bits 7:0);
    /// missing high bytes are zero.
    ///
    /// # Errors
    ///
    /// [`ModError::UnknownPort`], [`ModError::WrongTop`],
    /// [`ModError::NotAnInput`], [`ModError::TooManyBytes`] for a buffer
    /// longer than the port, [`ModError::TooWide`] when the last byte has
    /// bits above the port's width.
    pub fn set_bytes(&mut self, p: impl PortRef, bytes: &[u8]) -> Result<(), ModError> {
        let p = p.resolve(self.top)?;
        let info = p.info();
        if info.dir == Dir::Out {
            return Err(ModError::NotAnInput(p.to_string()));
        }
        if bytes.len() > p.bytes() {
            return Err(ModError::TooManyBytes {
                port: p.to_string(),
                bytes: p.bytes(),
                len: bytes.len(),
            });
        }
        let top_bits = info.width % 8;
        if bytes.len() == p.bytes() && top_bits != 0 {
            let last = bytes[bytes.len() - 1];
            if last >> top_bits != 0 {
                return Err(ModError::TooWide {
                    port: p.to_string(),
                    width: info.width,
                    value: u64::from(last) << ((bytes.len() - 1) * 8).min(56),
                });
            }
        }
        match info.storage {
            Storage::Wide(words) => {
                let ptr = self.ptrs[usize::from(p.index)].cast::<u32>();
                for i in 0..usize::from(words) {
                    let mut b = [0u8; 4];
                    for (j, byte) in b.iter_mut().enumerate() {
                        *byte = bytes.get(i * 4 + j).copied().unwrap_or(0);
                    }
                    // SAFETY: as in `get_bytes`; `&mut self` makes the
                    // access exclusive.
                    unsafe { ptr.add(i).write(u32::from_le_bytes(b)) };
                }
            }
            _ => {
                let mut b = [0u8; 8];
                b[..bytes.len()].copy_from_slice(bytes);
                self.write(p, u64::from_le_bytes(b));
            }
        }
        Ok(())
    }

    /// Evaluates the model after inputs changed, without a clock edge, so
    /// that combinational outputs follow the inputs.
    ///
    /// # Errors
    ///
    /// [`ModError::Model`] with [`ModelError::Stopped`],
    /// [`ModelError::Finished`] or [`ModelError::Exception`] when the model
    /// halts (now or before).
    #[inline]
    pub fn eval(&mut self) -> Result<(), ModError> {
        if let Some(h) = &self.halt {
            return Err(h.error().into());
        }
        // SAFETY: `self.raw` is a live model of this top used only from
        // this thread.
        let status = unsafe { (self.vt.eval)(self.raw.as_ptr()) };
        if status != ffi::OK {
            return Err(self.halted(status));
        }
        Ok(())
    }

    /// One clock cycle: a rising edge of `clk_i` (the inputs are sampled),
    /// then a falling edge, each evaluated.
    ///
    /// # Errors
    ///
    /// As [`ModModel::eval`].
    #[inline]
    pub fn tick(&mut self) -> Result<(), ModError> {
        self.ticks(1)
    }

    /// `n` clock cycles with the inputs unchanged, in one call into the model.
    ///
    /// # Errors
    ///
    /// As [`ModModel::eval`]; the cycles before the halt are counted.
    pub fn ticks(&mut self, n: u64) -> Result<(), ModError> {
        if let Some(h) = &self.halt {
            return Err(h.error().into());
        }
        let mut done = 0;
        // SAFETY: `self.raw` is a live model of this top used only from
        // this thread; `done` is valid for writes.
        let status = unsafe { (self.vt.tick)(self.raw.as_ptr(), n, &mut done) };
        self.cycle += done;
        if status != ffi::OK {
            return Err(self.halted(status));
        }
        Ok(())
    }

    /// Number of rising clock edges since the model was built.
    pub fn cycle(&self) -> u64 {
        self.cycle
    }

    /// Holds `rst_i` high for `cycles` clock cycles, then releases it and
    /// evaluates. The other inputs keep their values.
    ///
    /// # Errors
    ///
    /// [`ModError::UnknownPort`] when the top has no `rst_i`; otherwise as
    /// [`ModModel::eval`].
    pub fn reset(&mut self, cycles: u32) -> Result<(), ModError> {
        let rst = self.port("rst_i")?;
        self.set(rst, 1)?;
        let r = self.ticks(u64::from(cycles));
        self.set(rst, 0)?;
        r?;
        self.eval()
    }

    /// Starts writing an FST wave trace of every signal to `path` (closing
    /// any open trace); every later evaluation is dumped.
    ///
    /// # Errors
    ///
    /// [`ModelError::TraceFile`] when the file cannot be created,
    /// [`ModelError::Trace`] when the FST writer refuses it.
    pub fn trace_open(&mut self, path: &Path) -> Result<(), ModError> {
        self.trace_close();
        File::create(path).map_err(|source| ModelError::TraceFile {
            path: path.to_path_buf(),
            source,
        })?;
        let cpath = path_cstring(path).map_err(|reason| ModelError::Trace {
            path: path.to_path_buf(),
            reason,
        })?;
        let mut err = [0 as c_char; ERR_LEN];
        // SAFETY: `self.raw` is a live model used only from this thread;
        // `cpath` is NUL-terminated and `err` is `ERR_LEN` bytes long.
        let rc = unsafe {
            (self.vt.trace_open)(self.raw.as_ptr(), cpath.as_ptr(), err.as_mut_ptr(), ERR_LEN)
        };
        if rc != 0 {
            return Err(ModelError::Trace {
                path: path.to_path_buf(),
                reason: c_message(&err),
            }
            .into());
        }
        self.tracing = true;
        Ok(())
    }

    /// Flushes and closes the open wave trace, if any.
    pub fn trace_close(&mut self) {
        if self.tracing {
            // SAFETY: `self.raw` is a live model used only from this thread.
            unsafe { (self.vt.trace_close)(self.raw.as_ptr()) };
            self.tracing = false;
        }
    }

    /// Records why the model halted and returns the error for it.
    #[cold]
    fn halted(&mut self, status: c_int) -> ModError {
        let cycle = self.cycle;
        let halt = match status {
            ffi::STOPPED => Halt::Stopped {
                cycle,
                location: warpnic_vlrt::take_stop_location()
                    .unwrap_or_else(|| "an unknown location".to_string()),
            },
            ffi::FINISHED => Halt::Finished { cycle },
            _ => Halt::Exception { cycle },
        };
        let err = halt.error();
        self.halt = Some(halt);
        err.into()
    }
}

impl Drop for ModModel {
    fn drop(&mut self) {
        // SAFETY: `self.raw` came from this top's `new` and is freed once,
        // here; no borrow of its storage outlives `self`.
        unsafe { (self.vt.free)(self.raw.as_ptr()) };
    }
}

impl fmt::Debug for ModModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ModModel")
            .field("top", &self.top())
            .field("cycle", &self.cycle)
            .field("tracing", &self.tracing)
            .field("halt", &self.halt)
            .finish_non_exhaustive()
    }
}

/// The NUL-terminated message the C++ side wrote into `buf`.
fn c_message(buf: &[c_char]) -> String {
    let bytes: Vec<u8> = buf
        .iter()
        .take_while(|&&c| c != 0)
        .map(|&c| c as u8)
        .collect();
    if bytes.is_empty() {
        "no reason given".to_string()
    } else {
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

/// `path` as a C string, or why it cannot be one.
fn path_cstring(path: &Path) -> Result<CString, String> {
    #[cfg(unix)]
    let bytes = {
        use std::os::unix::ffi::OsStrExt;
        path.as_os_str().as_bytes().to_vec()
    };
    #[cfg(not(unix))]
    let bytes = path
        .to_str()
        .ok_or_else(|| "the path is not valid UTF-8".to_string())?
        .as_bytes()
        .to_vec();
    CString::new(bytes).map_err(|_| "the path contains a NUL byte".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_top_builds_and_names_its_ports() {
        for name in tops() {
            let m = ModModel::new(name).expect("model");
            assert_eq!(m.top(), name);
            assert!(m.port("clk_i").is_ok(), "{name} has clk_i");
            for p in m.ports() {
                assert_eq!(m.port(p.name()).expect("by name"), p);
            }
        }
    }

    #[test]
    fn port_errors_are_results() {
        let mut m = ModModel::new(wn_fifo::NAME).expect("model");
        assert!(matches!(
            m.set("no_such_port", 1),
            Err(ModError::UnknownPort { .. })
        ));
        assert!(matches!(
            m.set(wn_rr_arb::ports::REQ_I, 1),
            Err(ModError::WrongTop { .. })
        ));
        assert!(matches!(
            m.set(wn_fifo::ports::RVALID_O, 1),
            Err(ModError::NotAnInput(_))
        ));
        assert!(matches!(
            m.set(wn_fifo::ports::WDATA_I, 1 << 40),
            Err(ModError::TooWide { .. })
        ));
        assert!(matches!(
            m.set_bytes(wn_fifo::ports::WDATA_I, &[0; 6]),
            Err(ModError::TooManyBytes { .. })
        ));
        assert!(matches!(
            ModModel::new("no_such_top"),
            Err(ModError::UnknownTop(_))
        ));
    }

    #[test]
    fn bytes_round_trip_through_a_register() {
        let mut m = ModModel::new(wn_fifo::NAME).expect("model");
        m.reset(2).expect("reset");
        m.set_bytes(wn_fifo::ports::WDATA_I, &[1, 2, 3, 4, 5])
            .expect("set");
        m.set(wn_fifo::ports::WVALID_I, 1).expect("set");
        m.tick().expect("tick");
        let mut out = [0xffu8; 7];
        m.get_bytes(wn_fifo::ports::RDATA_O, &mut out).expect("get");
        assert_eq!(out, [1, 2, 3, 4, 5, 0, 0]);
        assert_eq!(m.get("rdata_o").expect("get"), 0x05_0403_0201);
    }
}
