//! The Verilated `wn_core`, driven cycle by cycle.
//!
//! A [`Model`] is a [`warpnic_vlrt::Model`] of the top `wn_core` (the
//! Verilator bridge shared with the module tests): it owns one Verilator
//! context and one `wn_core` model, so several models live side by side in
//! one process, each with its own simulated time. Ports are named by the
//! constants of [`ports`], generated from the model header at build time: a
//! port renamed or removed in the RTL is a compile error in the code that
//! uses it.
//!
//! Reading and writing a port is a plain memory access to the model's own
//! storage (no lookup, no allocation), so a simulator can exchange every port
//! on every one of millions of cycles. The cycle contract, the errors from
//! the RTL and the threading rules are [`warpnic_vlrt::Model`]'s:
//!
//! - inputs written with `set`/`set_bytes` are sampled by the next rising
//!   edge of `clk_i`, which `tick` produces; after `tick` the outputs show
//!   the state after that edge; an output that depends combinationally on an
//!   input shows the new input only after `eval` (or the next `tick`);
//! - a failed assertion, `$stop` or `$fatal` makes `eval`/`tick` return
//!   [`ModelError::Stopped`] with the source location, and the model stays
//!   halted;
//! - a model is neither `Send` nor `Sync`:
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

use std::ops::{Deref, DerefMut};

pub use warpnic_vlrt::{Dir, InitialValues, ModelError, ModelOptions, Port, PortInfo};

pub mod ports {
    //! One constant per top-level port of `wn_core`, generated from the
    //! Verilated model header (so they always match the RTL), and the model's
    //! [`Top`](warpnic_vlrt::Top), `TOP`.
    include!(concat!(env!("OUT_DIR"), "/wn_core/ports.rs"));
}

/// One Verilated `wn_core`: a [`warpnic_vlrt::Model`] of [`ports::TOP`],
/// whose port access, clocking and tracing it derefs to.
#[derive(Debug)]
pub struct Model(warpnic_vlrt::Model);

impl Model {
    /// Builds a `wn_core` with zeroed state and inputs, clocked at 250 MHz.
    ///
    /// # Errors
    ///
    /// [`ModelError::Construct`] when the C++ model cannot be built,
    /// [`ModelError::PortTable`] when its port table disagrees with
    /// [`ports`] (a build inconsistency).
    pub fn new() -> Result<Model, ModelError> {
        Self::with_options(&ModelOptions::default())
    }

    /// As [`Model::new`], with options.
    ///
    /// # Errors
    ///
    /// As [`Model::new`]; [`ModelError::Construct`] for a clock period
    /// under 2 ps.
    pub fn with_options(opts: &ModelOptions) -> Result<Model, ModelError> {
        warpnic_vlrt::Model::new(&ports::TOP, opts).map(Model)
    }

    /// Name, direction and width of port `p`.
    pub fn port_info(p: Port) -> PortInfo {
        p.info()
    }

    /// The port named `name`, if any (a linear search: look ports up once,
    /// not per cycle).
    pub fn port_by_name(name: &str) -> Option<Port> {
        ports::TOP.port(name)
    }
}

impl Deref for Model {
    type Target = warpnic_vlrt::Model;

    fn deref(&self) -> &warpnic_vlrt::Model {
        &self.0
    }
}

impl DerefMut for Model {
    fn deref_mut(&mut self) -> &mut warpnic_vlrt::Model {
        &mut self.0
    }
}
