//! Helpers shared by the tool tests: locating the workspace, scratch
//! directories, and running external tools with a clear failure when one is
//! missing.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The workspace root (parent of the xtask crate).
pub fn root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// A fresh scratch directory for one test, removed and recreated.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wn-xtask-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch directory");
    dir
}

/// Runs a tool; a missing tool fails the test with the install command.
pub fn run(cmd: &mut Command, tool: &str, package: &str) -> Output {
    match cmd.output() {
        Ok(out) => out,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => panic!(
            "{tool} is not installed; it is required for this test. \
             Install it with `apt-get install {package}`."
        ),
        Err(e) => panic!("cannot run {tool}: {e}"),
    }
}

/// Panics with the tool's output unless it succeeded.
pub fn check(out: &Output, what: &str) {
    assert!(
        out.status.success(),
        "{what} failed ({}):\n--- stdout\n{}\n--- stderr\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
