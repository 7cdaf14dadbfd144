//! The Verilator runtime library (built by build.rs).
