//! Errors of a Verilated model, shared by every crate that drives one.

use std::io;
use std::path::PathBuf;
use thiserror::Error;

/// Errors of a Verilated model.
#[derive(Debug, Error)]
pub enum ModelError {
    /// The C++ model could not be constructed.
    #[error("cannot construct the Verilated model: {0}")]
    Construct(String),
    /// The C++ port table disagrees with the generated Rust constants (a
    /// build inconsistency).
    #[error("port table mismatch between the C++ model and the Rust constants: {0}")]
    PortTable(String),
    /// An assertion failed, or `$stop` or `$fatal` ran.
    #[error(
        "simulation stopped at cycle {cycle} by a failed assertion, $stop or $fatal at {location}"
    )]
    Stopped {
        /// Cycle of the rising edge that stopped.
        cycle: u64,
        /// Source location, `file:line` (and the instance).
        location: String,
    },
    /// `$finish` ran.
    #[error("simulation ended by $finish at cycle {cycle}")]
    Finished {
        /// Cycle of the rising edge that finished.
        cycle: u64,
    },
    /// A C++ exception (out of memory) escaped the model.
    #[error("C++ exception in the Verilated model at cycle {cycle}")]
    Exception {
        /// Cycle at which it happened.
        cycle: u64,
    },
    /// The top has no port of that name (e.g. `rst_i` for
    /// [`Model::reset`](crate::Model::reset)).
    #[error("model `{top}` has no port `{name}`")]
    NoPort {
        /// The model's top.
        top: &'static str,
        /// The port asked for.
        name: &'static str,
    },
    /// The wave trace file could not be created.
    #[error("cannot create wave trace {}", path.display())]
    TraceFile {
        /// The requested path.
        path: PathBuf,
        /// The cause.
        #[source]
        source: io::Error,
    },
    /// The FST writer refused the trace.
    #[error("cannot open wave trace {}: {reason}", path.display())]
    Trace {
        /// The requested path.
        path: PathBuf,
        /// What the writer reported.
        reason: String,
    },
}

/// Why a model stopped evaluating, kept so that every later call answers
/// with the same error.
#[derive(Clone, Debug)]
pub(crate) enum Halt {
    /// A failed assertion, `$stop` or `$fatal`.
    Stopped {
        /// Cycle of the rising edge that stopped.
        cycle: u64,
        /// Source location.
        location: String,
    },
    /// `$finish`.
    Finished {
        /// Cycle of the rising edge that finished.
        cycle: u64,
    },
    /// A C++ exception.
    Exception {
        /// Cycle at which it happened.
        cycle: u64,
    },
}

impl Halt {
    /// The error this halt answers with.
    pub(crate) fn error(&self) -> ModelError {
        match self.clone() {
            Halt::Stopped { cycle, location } => ModelError::Stopped { cycle, location },
            Halt::Finished { cycle } => ModelError::Finished { cycle },
            Halt::Exception { cycle } => ModelError::Exception { cycle },
        }
    }
}
