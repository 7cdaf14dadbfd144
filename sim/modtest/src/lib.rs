//! RTL module tests: small Verilated test tops driven cycle by cycle from
//! Rust.
//!
//! The build script Verilates every module test top of its table (one RTL
//! module with fixed parameters, e.g. `wn_fifo_nx` with `Width = 40`) with
//! `-Wall --assert` through the Verilator bridge the system simulator uses
//! too (`warpnic-vlbuild` at build time, `warpnic-vlrt` at run time), and
//! generates for each a Rust module ([`wn_fifo_nx`], [`wn_rr_arb`],
//! [`wn_wq_ring`], ...) with one constant per port. A [`ModModel`] owns one
//! instance of one top, a [`warpnic_vlrt::Model`] whose every port access
//! is checked and answers with a [`ModError`]:
//!
//! ```no_run
//! use warpnic_modtest::{wn_fifo_nx::{self, ports}, ModModel};
//!
//! # fn main() -> Result<(), warpnic_modtest::ModError> {
//! let mut m = ModModel::new(wn_fifo_nx::NAME)?;
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
//!    prefix `vlb_<name>_`, so two tops of one module with different
//!    parameters need different names), the SystemVerilog `module`, its
//!    `files` in compile order after the packages (relative to `hw/`, e.g.
//!    `rtl/wn_fifo_nx.sv`, plus any module it instantiates; or
//!    `modtest/rtl/...` for a test-only wrapper in this crate), and the
//!    `params` overrides (`-G`). The generated packages `hw/rtl/gen/*_pkg.sv`,
//!    the other `hw/rtl/*_pkg.sv` and the waivers `hw/lint/*.vlt` come first
//!    for every top.
//! 2. The top must have a clock `clk_i` (the shim drives it) and no logic on
//!    its falling edge (the shim folds that evaluation into the next one);
//!    [`ModModel::reset`]
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

use std::path::Path;

use thiserror::Error;
pub use warpnic_vlrt::{Dir, InitialValues, ModelError, ModelOptions, Port, PortInfo};
use warpnic_vlrt::{Model, Top};

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

/// Names of every module test top, in table order.
pub fn tops() -> impl Iterator<Item = &'static str> {
    TOPS.iter().map(|t| t.name())
}

/// `top.port`, as errors name a port.
fn qualified(p: Port) -> String {
    format!("{}.{}", p.top().name(), p.name())
}

/// Names a port of a [`ModModel`]: a [`Port`] constant of its top's `ports`
/// module (e.g. [`wn_fifo_nx::ports::WDATA_I`]), or its RTL name as a string
/// (looked up on each call; fine for tests, slower per cycle).
pub trait PortRef {
    /// The port of `top` this names.
    ///
    /// # Errors
    ///
    /// [`ModError::UnknownPort`] for an unknown name,
    /// [`ModError::WrongTop`] for a port of another top.
    fn resolve(&self, top: &'static Top) -> Result<Port, ModError>;
}

impl PortRef for Port {
    #[inline]
    fn resolve(&self, top: &'static Top) -> Result<Port, ModError> {
        if self.is_of(top) {
            Ok(*self)
        } else {
            Err(ModError::WrongTop {
                port: qualified(*self),
                model: top.name(),
            })
        }
    }
}

impl PortRef for &str {
    fn resolve(&self, top: &'static Top) -> Result<Port, ModError> {
        top.port(self).ok_or_else(|| ModError::UnknownPort {
            top: top.name(),
            name: (*self).to_string(),
        })
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

/// One Verilated instance of one module test top.
///
/// Verilator wants a model evaluated by one thread at a time, so a
/// `ModModel` is neither `Send` nor `Sync`.
#[derive(Debug)]
pub struct ModModel {
    m: Model,
}

impl ModModel {
    /// Builds an instance of the test top `name` (e.g. [`wn_fifo_nx::NAME`])
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
            .find(|t| t.name() == name)
            .ok_or_else(|| ModError::UnknownTop(name.to_string()))?;
        Ok(ModModel {
            m: Model::new(top, opts)?,
        })
    }

    /// Name of the model's test top.
    pub fn top(&self) -> &'static str {
        self.m.top().name()
    }

    /// Every port of the model's top, in table order.
    pub fn ports(&self) -> impl Iterator<Item = Port> {
        self.m.top().ports()
    }

    /// The port named `name` (as written in the RTL).
    ///
    /// # Errors
    ///
    /// [`ModError::UnknownPort`].
    pub fn port(&self, name: &str) -> Result<Port, ModError> {
        name.resolve(self.m.top())
    }

    /// Value of port `p`; for a port wider than 64 bits, its bits 63:0.
    ///
    /// # Errors
    ///
    /// [`ModError::UnknownPort`] or [`ModError::WrongTop`].
    #[inline]
    pub fn get(&self, p: impl PortRef) -> Result<u64, ModError> {
        let p = p.resolve(self.m.top())?;
        Ok(self.m.get(p))
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
        let p = self.input(p)?;
        let width = p.width();
        if width < 64 && v >> width != 0 {
            return Err(ModError::TooWide {
                port: qualified(p),
                width,
                value: v,
            });
        }
        self.m.set(p, v);
        Ok(())
    }

    /// The input port `p` names.
    #[inline]
    fn input(&self, p: impl PortRef) -> Result<Port, ModError> {
        let p = p.resolve(self.m.top())?;
        if p.dir() == Dir::Out {
            return Err(ModError::NotAnInput(qualified(p)));
        }
        Ok(p)
    }

    /// Copies port `p` into `out`, little-endian (byte 0 = bits 7:0). A
    /// shorter `out` gets the low bytes; bytes of a longer `out` beyond the
    /// port are zeroed.
    ///
    /// # Errors
    ///
    /// [`ModError::UnknownPort`] or [`ModError::WrongTop`].
    pub fn get_bytes(&self, p: impl PortRef, out: &mut [u8]) -> Result<(), ModError> {
        let p = p.resolve(self.m.top())?;
        self.m.get_bytes(p, out);
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
        let p = self.input(p)?;
        if bytes.len() > p.bytes() {
            return Err(ModError::TooManyBytes {
                port: qualified(p),
                bytes: p.bytes(),
                len: bytes.len(),
            });
        }
        let width = p.width();
        let top_bits = width % 8;
        if bytes.len() == p.bytes() && top_bits != 0 {
            let last = bytes[bytes.len() - 1];
            if last >> top_bits != 0 {
                return Err(ModError::TooWide {
                    port: qualified(p),
                    width,
                    value: u64::from(last) << ((bytes.len() - 1) * 8).min(56),
                });
            }
        }
        self.m.set_bytes(p, bytes);
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
        Ok(self.m.eval()?)
    }

    /// One clock cycle: a rising edge of `clk_i` (the inputs are sampled),
    /// then a falling edge.
    ///
    /// # Errors
    ///
    /// As [`ModModel::eval`].
    #[inline]
    pub fn tick(&mut self) -> Result<(), ModError> {
        Ok(self.m.tick()?)
    }

    /// `n` clock cycles with the inputs unchanged, in one call into the model.
    ///
    /// # Errors
    ///
    /// As [`ModModel::eval`]; the cycles before the halt are counted.
    pub fn ticks(&mut self, n: u64) -> Result<(), ModError> {
        Ok(self.m.ticks(n)?)
    }

    /// Number of rising clock edges since the model was built.
    pub fn cycle(&self) -> u64 {
        self.m.cycle()
    }

    /// Holds `rst_i` high for `cycles` clock cycles, then releases it and
    /// evaluates. The other inputs keep their values.
    ///
    /// # Errors
    ///
    /// [`ModError::UnknownPort`] when the top has no `rst_i`; otherwise as
    /// [`ModModel::eval`].
    pub fn reset(&mut self, cycles: u32) -> Result<(), ModError> {
        self.port("rst_i")?;
        Ok(self.m.reset(cycles)?)
    }

    /// Starts writing an FST wave trace of every signal to `path` (closing
    /// any open trace); every later evaluation is dumped.
    ///
    /// # Errors
    ///
    /// [`ModelError::TraceFile`] when the file cannot be created,
    /// [`ModelError::Trace`] when the FST writer refuses it.
    pub fn trace_open(&mut self, path: &Path) -> Result<(), ModError> {
        Ok(self.m.trace_open(path)?)
    }

    /// Flushes and closes the open wave trace, if any.
    pub fn trace_close(&mut self) {
        self.m.trace_close();
    }
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
        let mut m = ModModel::new(wn_fifo_nx::NAME).expect("model");
        assert!(matches!(
            m.set("no_such_port", 1),
            Err(ModError::UnknownPort { .. })
        ));
        assert!(matches!(
            m.set(wn_rr_arb::ports::REQ_I, 1),
            Err(ModError::WrongTop { .. })
        ));
        assert!(matches!(
            m.set(wn_fifo_nx::ports::RVALID_O, 1),
            Err(ModError::NotAnInput(_))
        ));
        assert!(matches!(
            m.set(wn_fifo_nx::ports::WDATA_I, 1 << 40),
            Err(ModError::TooWide { .. })
        ));
        assert!(matches!(
            m.set_bytes(wn_fifo_nx::ports::WDATA_I, &[0; 6]),
            Err(ModError::TooManyBytes { .. })
        ));
        assert!(matches!(
            ModModel::new("no_such_top"),
            Err(ModError::UnknownTop(_))
        ));
    }

    #[test]
    fn bytes_round_trip_through_a_register() {
        let mut m = ModModel::new(wn_fifo_nx::NAME).expect("model");
        m.reset(2).expect("reset");
        m.set_bytes(wn_fifo_nx::ports::WDATA_I, &[1, 2, 3, 4, 5])
            .expect("set");
        m.set(wn_fifo_nx::ports::WVALID_I, 1).expect("set");
        m.tick().expect("tick");
        let mut out = [0xffu8; 7];
        m.get_bytes(wn_fifo_nx::ports::RDATA_O, &mut out)
            .expect("get");
        assert_eq!(out, [1, 2, 3, 4, 5, 0, 0]);
        assert_eq!(m.get("rdata_o").expect("get"), 0x05_0403_0201);
    }
}
