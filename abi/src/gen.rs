//! placeholder; cargo xtask gen writes this file.
