//! The Verilated `wn_core`, driven cycle by cycle.
//!
//! A [`Model`] owns one Verilator context and one `wn_core` model, so several
//! models live side by side in one process, each with its own simulated time.
//! Ports are named by the constants of [`ports`], generated from the model
//! header at build time: a port renamed or removed in the RTL is a compile
//! error in the code that uses it.
//!
//! Reading and writing a port is a plain memory access to the model's own
//! storage (no lookup, no allocation), so a simulator can exchange every port
//! on every one of millions of cycles.
//!
//! # The cycle contract
//!
//! Inputs written with [`Model::set`] or [`Model::set_bytes`] are sampled by
//! the next rising edge of `clk_i`, which [`Model::tick`] produces. After
//! `tick` the outputs show the state after that edge. An output that depends
//! combinationally on an input shows the new input only after
//! [`Model::eval`] (or the next `tick`).
//!
//! # Errors from the RTL
//!
//! A failed assertion (the model is built with `--assert`), `$stop` or
//! `$fatal` makes `eval`/`tick` return [`ModelError::Stopped`] with the
//! source location, and `$finish` returns [`ModelError::Finished`]. The model
//! then stays halted: every later `eval`/`tick` returns the same error.
//! Verilator's internal fatal errors (a combinational loop that does not
//! settle) still abort the process, as in any Verilated program.
//!
//! # Threads
//!
//! Verilator wants a model built and evaluated on one thread, so [`Model`] is
//! neither `Send` nor `Sync`: create it on the thread that runs it (one model
//! per OS thread scales; Verilator's own threading does not help here).
//!
//! ```compile_fail
//! fn needs_send<T: Send>() {}
//! needs_send::<warpnic_sim::model::Model>();
//! ```
//!
//! # Example
//!
//! ```no_run
//! use warpnic_sim::model::{ports, Model};
//!
//! # fn main() -> Result<(), warpnic_sim::model::ModelError> {
//! let mut m = Model::new()?;
//! m.reset(16)?;
//! let mut beat = [0u8; 64];
//! beat[0] = 0xff;
//! m.set_bytes(ports::S_AXIS_RX_TDATA_I, &beat);
//! m.set(ports::S_AXIS_RX_TKEEP_I, u64::MAX);
//! m.set(ports::S_AXIS_RX_TLAST_I, 1);
//! m.set(ports::S_AXIS_RX_TVALID_I, 1);
//! m.tick()?;
//! m.set(ports::S_AXIS_RX_TVALID_I, 0);
//! if m.get(ports::M_AXIS_TX_TVALID_O) == 1 {
//!     let data: &[u32] = m.wide_words(ports::M_AXIS_TX_TDATA_O);
//!     println!("tx word 0: {:#010x}", data[0]);
//! }
//! # Ok(())
//! # }
//! ```

use std::ffi::{c_char, c_int, CStr, CString};
use std::fmt;
use std::fs::File;
use std::marker::PhantomData;
use std::num::NonZeroU32;
use std::path::Path;
use std::ptr::NonNull;
use std::sync::Mutex;

pub mod ports {
    //! One constant per top-level port of `wn_core`, generated from the
    //! Verilated model header (so they always match the RTL), plus the
    //! port table behind [`Port::info`](super::Port::info).
    use super::{Dir, Port, PortInfo, Storage};
    include!(concat!(env!("OUT_DIR"), "/wn_core_ports.rs"));
}

/// A top-level port of `wn_core`: one of the constants in [`ports`], or the
/// result of [`Port::by_name`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Port(u16);

impl Port {
    /// Position of the port in the port table ([`ports::ALL`]).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Name, direction and width of the port.
    #[inline]
    pub const fn info(self) -> PortInfo {
        ports::INFO[self.index()]
    }

    /// Name of the port as written in the RTL, e.g. `s_axil_awaddr_i`.
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// Direction of the port.
    pub const fn dir(self) -> Dir {
        self.info().dir
    }

    /// Width of the port in bits.
    pub const fn width(self) -> u32 {
        self.info().width
    }

    /// Width of the port in bytes (`width` rounded up to whole bytes): the
    /// length of a full [`Model::get_bytes`]/[`Model::set_bytes`] buffer.
    pub const fn bytes(self) -> usize {
        self.width().div_ceil(8) as usize
    }

    /// The port named `name` (as written in the RTL), if there is one.
    pub fn by_name(name: &str) -> Option<Port> {
        ports::ALL.iter().copied().find(|p| p.name() == name)
    }

    #[inline]
    const fn storage(self) -> Storage {
        ports::STORAGE[self.index()]
    }
}

impl fmt::Debug for Port {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Port({})", self.name())
    }
}

impl fmt::Display for Port {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Direction of a port, seen from the core.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Driven by the caller, read by the core.
    In,
    /// Driven by the core.
    Out,
    /// Bidirectional.
    InOut,
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
}

/// How Verilator stores a port (from the model header).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Storage {
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

/// Values of the core's flip-flops and memories before reset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InitialValues {
    /// All zeros.
    #[default]
    Zeros,
    /// All ones.
    Ones,
    /// Pseudo-random bits from a seed, the same for the same seed: a state
    /// bit that reset forgets shows up as a seed-dependent difference.
    Random(NonZeroU32),
}

/// Options for [`Model::with_options`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModelOptions {
    /// Clock period in picoseconds, which sets the time axis of wave traces
    /// (4000 ps: the flagship 250 MHz). Must be at least 2.
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

use warpnic_vlrt::Halt;
pub use warpnic_vlrt::ModelError;

/// The C interface of `csrc/wn_model.cpp` (see `csrc/wn_model.h`).
mod ffi {
    use std::ffi::{c_char, c_int, c_void};

    /// Opaque C++ model.
    #[repr(C)]
    pub struct WnModel {
        _private: [u8; 0],
    }

    #[repr(C)]
    pub struct WnPortEntry {
        pub name: *const c_char,
        pub dir: u32,
        pub width: u32,
        pub ptr: *mut c_void,
    }

    #[repr(C)]
    pub struct WnModelOpts {
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

    extern "C" {
        pub fn wn_model_new(
            opts: *const WnModelOpts,
            err: *mut c_char,
            errlen: usize,
        ) -> *mut WnModel;
        pub fn wn_model_free(m: *mut WnModel);
        pub fn wn_model_port_count() -> usize;
        pub fn wn_model_ports(m: *const WnModel) -> *const WnPortEntry;
        pub fn wn_model_eval(m: *mut WnModel) -> c_int;
        pub fn wn_model_tick(m: *mut WnModel, n: u64, done: *mut u64) -> c_int;
        pub fn wn_model_trace_open(
            m: *mut WnModel,
            path: *const c_char,
            err: *mut c_char,
            errlen: usize,
        ) -> c_int;
        pub fn wn_model_trace_close(m: *mut WnModel);
        pub fn wn_model_time_ps(m: *const WnModel) -> u64;
    }
}

/// Length of the error message buffers handed to the C++ side.
const ERR_LEN: usize = 512;

/// Serialises model construction (see [`Model::with_options`]).
static CONSTRUCT: Mutex<()> = Mutex::new(());

/// One Verilated `wn_core` with its own Verilator context.
pub struct Model {
    raw: NonNull<ffi::WnModel>,
    /// Storage of every port, indexed by [`Port::index`].
    ptrs: [*mut u8; ports::COUNT],
    cycle: u64,
    tracing: bool,
    halt: Option<Halt>,
    /// Verilator models belong to the thread that built them.
    _not_send: PhantomData<*mut ()>,
}

impl Model {
    /// Builds a model with the default [`ModelOptions`] (all state zero
    /// before reset, 250 MHz clock). Inputs are zero and the model is not
    /// yet evaluated: outputs hold their initial values until the first
    /// [`eval`](Model::eval) or [`tick`](Model::tick).
    ///
    /// # Errors
    ///
    /// [`ModelError::Construct`] when the C++ model cannot be built, and
    /// [`ModelError::PortTable`] on a build inconsistency.
    pub fn new() -> Result<Model, ModelError> {
        Model::with_options(&ModelOptions::default())
    }

    /// Builds a model with `opts`.
    ///
    /// # Errors
    ///
    /// As [`Model::new`]; also [`ModelError::Construct`] for a clock period
    /// under 2 ps.
    pub fn with_options(opts: &ModelOptions) -> Result<Model, ModelError> {
        if opts.clock_period_ps < 2 {
            return Err(ModelError::Construct(format!(
                "clock period of {} ps is too short",
                opts.clock_period_ps
            )));
        }
        let (init, seed) = match opts.initial_values {
            InitialValues::Zeros => (ffi::INIT_ZEROS, 0),
            InitialValues::Ones => (ffi::INIT_ONES, 0),
            InitialValues::Random(seed) => (ffi::INIT_RANDOM, seed.get()),
        };
        let copts = ffi::WnModelOpts {
            half_period_ps: opts.clock_period_ps / 2,
            init,
            seed,
        };
        let mut err = [0 as c_char; ERR_LEN];
        let raw = {
            // Verilator seeds its per-thread generator of initial values
            // from a process-wide seed epoch: one construction at a time
            // keeps a seeded model reproducible.
            let _one_at_a_time = CONSTRUCT.lock().unwrap_or_else(|e| e.into_inner());
            // SAFETY: `copts` and `err` are valid for the call; `err` is
            // `ERR_LEN` bytes long as passed.
            unsafe { ffi::wn_model_new(&copts, err.as_mut_ptr(), ERR_LEN) }
        };
        let Some(raw) = NonNull::new(raw) else {
            return Err(ModelError::Construct(c_message(&err)));
        };
        let mut model = Model {
            raw,
            ptrs: [std::ptr::null_mut(); ports::COUNT],
            cycle: 0,
            tracing: false,
            halt: None,
            _not_send: PhantomData,
        };
        model.load_ports()?;
        // Inputs start at zero whatever the initial values of the state.
        for p in ports::ALL.into_iter().filter(|p| p.dir() == Dir::In) {
            model.set(p, 0);
        }
        Ok(model)
    }

    /// Copies the port pointers from the C++ table, checking it against the
    /// generated constants.
    fn load_ports(&mut self) -> Result<(), ModelError> {
        // SAFETY: a plain query without arguments.
        let count = unsafe { ffi::wn_model_port_count() };
        if count != ports::COUNT {
            return Err(ModelError::PortTable(format!(
                "{count} ports in C++, {} in Rust",
                ports::COUNT
            )));
        }
        // SAFETY: `self.raw` is a live model; its table has `count` entries
        // that live as long as the model.
        let table =
            unsafe { std::slice::from_raw_parts(ffi::wn_model_ports(self.raw.as_ptr()), count) };
        for (port, entry) in ports::ALL.iter().zip(table) {
            // SAFETY: the table's names are NUL-terminated string literals.
            let name = unsafe { CStr::from_ptr(entry.name) };
            let dir = match port.dir() {
                Dir::In => ffi::DIR_IN,
                Dir::Out => ffi::DIR_OUT,
                Dir::InOut => ffi::DIR_INOUT,
            };
            if name.to_bytes() != port.name().as_bytes()
                || entry.dir != dir
                || entry.width != port.width()
                || entry.ptr.is_null()
            {
                return Err(ModelError::PortTable(format!(
                    "entry {} is `{}` in C++, `{}` in Rust",
                    port.index(),
                    name.to_string_lossy(),
                    port.name()
                )));
            }
            self.ptrs[port.index()] = entry.ptr.cast();
        }
        Ok(())
    }

    /// Name, direction and width of port `p`.
    pub fn port_info(p: Port) -> PortInfo {
        p.info()
    }

    /// The port named `name`, if any (a linear search: look ports up once,
    /// not per cycle).
    pub fn port_by_name(name: &str) -> Option<Port> {
        Port::by_name(name)
    }

    /// Value of port `p`; for a port wider than 64 bits, its bits 63:0.
    #[inline]
    pub fn get(&self, p: Port) -> u64 {
        let ptr = self.ptrs[p.index()];
        // SAFETY: `ptr` is the storage of port `p` inside the model `self`
        // owns, of the type `p.storage()` names and aligned for it (both from
        // the model header); a wide port has at least 3 words. The model
        // lives as long as `self` and changes only through `&mut self`.
        unsafe {
            match p.storage() {
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

    /// Sets input port `p` to `v`, cut to the port's width; a port wider
    /// than 64 bits gets `v` zero-extended.
    ///
    /// Writing an output is pointless (the next evaluation overwrites it) and
    /// is caught by a debug assertion.
    #[inline]
    pub fn set(&mut self, p: Port, v: u64) {
        debug_assert!(p.dir() != Dir::Out, "set() on output port {p}");
        let width = p.width();
        let v = if width >= 64 {
            v
        } else {
            v & ((1u64 << width) - 1)
        };
        let ptr = self.ptrs[p.index()];
        // SAFETY: as in `get`; `&mut self` excludes every other access, and
        // the value fits the port's width as Verilator requires.
        unsafe {
            match p.storage() {
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

    /// Copies port `p` into `out`, little-endian (byte 0 = bits 7:0): a full
    /// copy takes [`Port::bytes`] bytes (64 for a 512-bit port). A shorter
    /// `out` gets the low bytes; bytes of a longer `out` beyond the port are
    /// zeroed.
    #[inline]
    pub fn get_bytes(&self, p: Port, out: &mut [u8]) {
        let n = out.len().min(p.bytes());
        let (head, tail) = out.split_at_mut(n);
        match p.storage() {
            Storage::Wide(_) => {
                for (chunk, word) in head.chunks_mut(4).zip(self.wide_words(p)) {
                    chunk.copy_from_slice(&word.to_le_bytes()[..chunk.len()]);
                }
            }
            _ => head.copy_from_slice(&self.get(p).to_le_bytes()[..n]),
        }
        tail.fill(0);
    }

    /// Sets input port `p` from little-endian `bytes` (byte 0 = bits 7:0).
    /// Missing high bytes are zero; bytes beyond [`Port::bytes`] and bits
    /// beyond the port's width are ignored (a debug assertion catches a
    /// `bytes` longer than the port).
    #[inline]
    pub fn set_bytes(&mut self, p: Port, bytes: &[u8]) {
        debug_assert!(
            bytes.len() <= p.bytes(),
            "{} bytes for the {}-byte port {p}",
            bytes.len(),
            p.bytes()
        );
        let bytes = &bytes[..bytes.len().min(p.bytes())];
        match p.storage() {
            Storage::Wide(_) => {
                debug_assert!(p.dir() != Dir::Out, "set_bytes() on output port {p}");
                let width = p.width();
                let words = self.wide_words_mut(p);
                let (full, rest) = bytes.split_at(bytes.len() / 4 * 4);
                let mut i = 0;
                for chunk in full.chunks_exact(4) {
                    words[i] = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
                    i += 1;
                }
                if !rest.is_empty() {
                    let mut b = [0u8; 4];
                    b[..rest.len()].copy_from_slice(rest);
                    words[i] = u32::from_le_bytes(b);
                    i += 1;
                }
                words[i..].fill(0);
                let top_bits = width % 32;
                if top_bits > 0 {
                    if let Some(top) = words.last_mut() {
                        *top &= (1u32 << top_bits) - 1;
                    }
                }
            }
            _ => {
                let mut b = [0u8; 8];
                b[..bytes.len()].copy_from_slice(bytes);
                self.set(p, u64::from_le_bytes(b));
            }
        }
    }

    /// The 32-bit words of a port wider than 64 bits, least significant
    /// first (word 0 = bits 31:0), without copying; empty for a narrower
    /// port.
    #[inline]
    pub fn wide_words(&self, p: Port) -> &[u32] {
        match p.storage() {
            // SAFETY: a wide port's storage is `n` aligned 32-bit words in
            // the model `self` owns; the model changes only through
            // `&mut self`, which the returned borrow excludes.
            Storage::Wide(n) => unsafe {
                std::slice::from_raw_parts(self.ptrs[p.index()].cast::<u32>(), usize::from(n))
            },
            _ => &[],
        }
    }

    /// The 32-bit words of an input port wider than 64 bits, to fill in
    /// place; empty for a narrower port. Bits above the port's width in the
    /// last word must stay zero.
    #[inline]
    pub fn wide_words_mut(&mut self, p: Port) -> &mut [u32] {
        match p.storage() {
            // SAFETY: as in `wide_words`; `&mut self` makes the borrow
            // exclusive.
            Storage::Wide(n) => unsafe {
                std::slice::from_raw_parts_mut(self.ptrs[p.index()].cast::<u32>(), usize::from(n))
            },
            _ => &mut [],
        }
    }

    /// Evaluates the model after inputs changed, without a clock edge, so
    /// that combinational outputs follow the inputs.
    ///
    /// # Errors
    ///
    /// [`ModelError::Stopped`], [`ModelError::Finished`] or
    /// [`ModelError::Exception`] when the model halts (now or before).
    #[inline]
    pub fn eval(&mut self) -> Result<(), ModelError> {
        if let Some(h) = &self.halt {
            return Err(h.error());
        }
        // SAFETY: `self.raw` is a live model used only from this thread.
        let status = unsafe { ffi::wn_model_eval(self.raw.as_ptr()) };
        if status != ffi::OK {
            return Err(self.halted(status, self.cycle));
        }
        Ok(())
    }

    /// One clock cycle: a rising edge of `clk_i` (the inputs are sampled),
    /// then a falling edge, each evaluated and, while tracing, dumped. The
    /// simulated time advances by one clock period.
    ///
    /// # Errors
    ///
    /// As [`Model::eval`].
    #[inline]
    pub fn tick(&mut self) -> Result<(), ModelError> {
        self.ticks(1)
    }

    /// `n` clock cycles with the inputs unchanged, in one call into the model.
    ///
    /// # Errors
    ///
    /// As [`Model::eval`]; the cycles before the halt are counted.
    #[inline]
    pub fn ticks(&mut self, n: u64) -> Result<(), ModelError> {
        if let Some(h) = &self.halt {
            return Err(h.error());
        }
        let mut done = 0;
        // SAFETY: `self.raw` is a live model used only from this thread;
        // `done` is valid for writes.
        let status = unsafe { ffi::wn_model_tick(self.raw.as_ptr(), n, &mut done) };
        self.cycle += done;
        if status != ffi::OK {
            return Err(self.halted(status, self.cycle));
        }
        Ok(())
    }

    /// Number of rising clock edges since the model was built.
    #[inline]
    pub fn cycle(&self) -> u64 {
        self.cycle
    }

    /// Simulated time in picoseconds (one clock period per cycle).
    pub fn time_ps(&self) -> u64 {
        // SAFETY: `self.raw` is a live model.
        unsafe { ffi::wn_model_time_ps(self.raw.as_ptr()) }
    }

    /// Holds `rst_i` high for `cycles` clock cycles, then releases it and
    /// evaluates. The other inputs keep their values.
    ///
    /// # Errors
    ///
    /// As [`Model::eval`].
    pub fn reset(&mut self, cycles: u32) -> Result<(), ModelError> {
        self.set(ports::RST_I, 1);
        let r = self.ticks(u64::from(cycles));
        self.set(ports::RST_I, 0);
        r?;
        self.eval()
    }

    /// Starts writing an FST wave trace of every signal to `path` (closing
    /// any open trace). Each later cycle dumps twice (after the rising and
    /// after the falling edge); tracing costs far more than simulating.
    ///
    /// # Errors
    ///
    /// [`ModelError::TraceFile`] when the file cannot be created,
    /// [`ModelError::Trace`] when the FST writer refuses it.
    pub fn trace_open(&mut self, path: &Path) -> Result<(), ModelError> {
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
            ffi::wn_model_trace_open(self.raw.as_ptr(), cpath.as_ptr(), err.as_mut_ptr(), ERR_LEN)
        };
        if rc != 0 {
            return Err(ModelError::Trace {
                path: path.to_path_buf(),
                reason: c_message(&err),
            });
        }
        self.tracing = true;
        Ok(())
    }

    /// Flushes and closes the open wave trace, if any.
    pub fn trace_close(&mut self) {
        if self.tracing {
            // SAFETY: `self.raw` is a live model used only from this thread.
            unsafe { ffi::wn_model_trace_close(self.raw.as_ptr()) };
            self.tracing = false;
        }
    }

    /// Whether a wave trace is open.
    pub fn is_tracing(&self) -> bool {
        self.tracing
    }

    /// Records why the model halted and returns the error for it.
    #[cold]
    fn halted(&mut self, status: c_int, cycle: u64) -> ModelError {
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
        err
    }
}

impl Drop for Model {
    fn drop(&mut self) {
        // SAFETY: `self.raw` came from `wn_model_new` and is freed once,
        // here; no borrow of its storage outlives `self`.
        unsafe { ffi::wn_model_free(self.raw.as_ptr()) };
    }
}

impl fmt::Debug for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Model")
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
