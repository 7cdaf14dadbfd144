//! Helpers shared by the build scripts that Verilate RTL: `sim/build.rs`
//! (the core, `wn_core`) and `sim/modtest/build.rs` (the module test tops).
//! Each includes this file with `#[path]`, so it has no dependencies and is
//! not a crate of its own.
//!
//! - failing the build with a message, files written only when they change,
//!   build stamps;
//! - [`Vlrt`]: the Verilator runtime that `warpnic-vlrt` built;
//! - [`sync_dir`] and [`make`]: copying a fresh Verilator output into the
//!   model directory without touching unchanged files, then building the
//!   model archive with the generated makefile;
//! - [`parse_header`]: the port table read from a model's header;
//! - [`Fnv`]: the hash of a build's inputs.

#![allow(dead_code)]

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{exit, Command};

/// Reports `msg` as the build failure and stops.
pub fn fail(msg: &str) -> ! {
    for line in msg.lines().take(1) {
        println!("cargo:warning={line}");
    }
    eprintln!("error: {msg}");
    exit(1)
}

pub fn env_var(name: &str) -> String {
    env::var(name).unwrap_or_else(|_| fail(&format!("{name} is not set")))
}

pub fn read(p: &Path) -> Vec<u8> {
    fs::read(p).unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", p.display())))
}

pub fn write(p: &Path, data: &[u8]) {
    fs::write(p, data).unwrap_or_else(|e| fail(&format!("cannot write {}: {e}", p.display())));
}

/// Writes `data` to `p` unless it already holds exactly that, so that an
/// unchanged file keeps its time stamp.
pub fn write_if_changed(p: &Path, data: &[u8]) {
    if fs::read(p).map(|old| old != data).unwrap_or(true) {
        write(p, data);
    }
}

pub fn stamp_matches(stamp: &Path, hash: &str) -> bool {
    fs::read_to_string(stamp)
        .map(|s| s == hash)
        .unwrap_or(false)
}

/// What `warpnic-vlrt` tells its dependants (`DEP_WARPNIC_VLRT_*`).
pub struct Vlrt {
    pub verilator: PathBuf,
    pub version: String,
    pub include: PathBuf,
    pub cxx: String,
    pub cxxflags: String,
}

impl Vlrt {
    pub fn from_env() -> Self {
        let get = |k: &str| {
            env::var(format!("DEP_WARPNIC_VLRT_{k}")).unwrap_or_else(|_| {
                fail(&format!(
                    "DEP_WARPNIC_VLRT_{k} is not set: warpnic-vlrt must be a dependency"
                ))
            })
        };
        Vlrt {
            verilator: PathBuf::from(get("VERILATOR")),
            version: get("VERSION"),
            include: PathBuf::from(get("INCLUDE")),
            cxx: get("CXX"),
            cxxflags: get("CXXFLAGS"),
        }
    }

    pub fn flags(&self) -> impl Iterator<Item = &str> {
        self.cxxflags.split_whitespace()
    }
}

/// Direction of a port.
#[derive(Clone, Copy)]
pub enum Dir {
    In,
    Out,
    InOut,
}

/// How Verilator stores a port.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Storage {
    U8,
    U16,
    U32,
    U64,
    Wide(u32),
}

pub struct PortDecl {
    pub name: String,
    pub dir: Dir,
    pub width: u32,
    pub storage: Storage,
}

pub fn bad_decl(header: &Path, line: &str) -> ! {
    fail(&format!(
        "unsupported port declaration in {}: `{line}`",
        header.display()
    ))
}

/// 64-bit FNV-1a, a stable hash for build stamps.
pub struct Fnv(pub u64);

impl Fnv {
    pub fn new() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    pub fn add_bytes(&mut self, data: &[u8]) {
        for &b in data.iter().chain(&(data.len() as u64).to_le_bytes()) {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    pub fn add(&mut self, s: &str) {
        self.add_bytes(s.as_bytes());
    }

    pub fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

/// Reads the top-level ports from the model header, whose declarations look
/// like `VL_IN8(&clk_i,0,0);` or `VL_OUTW(&rdata_o,99,0,4);`.
pub fn parse_header(header: &Path) -> Vec<PortDecl> {
    let text = String::from_utf8_lossy(&read(header)).into_owned();
    let mut ports = Vec::new();
    for line in text.lines().map(str::trim) {
        let Some(rest) = line.strip_prefix("VL_") else {
            continue;
        };
        let (dir, rest) = if let Some(r) = rest.strip_prefix("INOUT") {
            (Dir::InOut, r)
        } else if let Some(r) = rest.strip_prefix("IN") {
            (Dir::In, r)
        } else if let Some(r) = rest.strip_prefix("OUT") {
            (Dir::Out, r)
        } else {
            continue;
        };
        let open = rest.find('(').unwrap_or_else(|| bad_decl(header, line));
        let kind = &rest[..open];
        let inner = rest[open + 1..]
            .strip_suffix(");")
            .unwrap_or_else(|| bad_decl(header, line));
        let fields: Vec<&str> = inner.split(',').map(str::trim).collect();
        let name = fields
            .first()
            .and_then(|n| n.strip_prefix('&'))
            .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or_else(|| bad_decl(header, line));
        let num = |i: usize| -> u32 {
            fields
                .get(i)
                .and_then(|s| s.parse().ok())
                .unwrap_or_else(|| bad_decl(header, line))
        };
        let width = num(1).abs_diff(num(2)) + 1;
        let storage = match (kind, fields.len()) {
            ("8", 3) => Storage::U8,
            ("16", 3) => Storage::U16,
            ("", 3) => Storage::U32,
            ("64", 3) => Storage::U64,
            ("W", 4) => Storage::Wide(num(3)),
            _ => bad_decl(header, line),
        };
        let expected = match width {
            0..=8 => Storage::U8,
            9..=16 => Storage::U16,
            17..=32 => Storage::U32,
            33..=64 => Storage::U64,
            w => Storage::Wide(w.div_ceil(32)),
        };
        if storage != expected {
            bad_decl(header, line);
        }
        ports.push(PortDecl {
            name: name.to_string(),
            dir,
            width,
            storage,
        });
    }
    if ports.is_empty() {
        fail(&format!("no ports found in {}", header.display()));
    }
    if ports.len() > usize::from(u16::MAX) {
        fail("too many ports");
    }
    ports
}

pub fn make(dir: &Path, args: &[String], what: &str) {
    let mut cmd = Command::new("make");
    cmd.current_dir(dir).args(args);
    // Share Cargo's jobserver, so that make runs as many jobs as Cargo allows.
    if let Ok(flags) = env::var("CARGO_MAKEFLAGS") {
        cmd.env("MAKEFLAGS", flags);
    }
    let out = cmd.output().unwrap_or_else(|e| {
        fail(&format!(
            "cannot run make: {e} (install it with `apt-get install make`)"
        ))
    });
    if !out.status.success() {
        fail(&format!(
            "building {what} failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
}

/// Makes `dst` hold the files of `src`: a file whose content is unchanged
/// keeps its time stamp, so `make` rebuilds only what Verilator changed.
/// Generated sources that disappeared are removed with their objects.
pub fn sync_dir(src: &Path, dst: &Path, prefix: &str) {
    fs::create_dir_all(dst)
        .unwrap_or_else(|e| fail(&format!("cannot create {}: {e}", dst.display())));
    let list = |d: &Path| -> Vec<PathBuf> {
        let rd =
            fs::read_dir(d).unwrap_or_else(|e| fail(&format!("cannot list {}: {e}", d.display())));
        rd.filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file())
            .collect()
    };
    for f in list(src) {
        if let Some(name) = f.file_name() {
            write_if_changed(&dst.join(name), &read(&f));
        }
    }
    for f in list(dst) {
        let (Some(stem), Some(ext)) = (f.file_stem(), f.extension()) else {
            continue;
        };
        let stem = stem.to_string_lossy();
        if stem.ends_with("__ALL") || !stem.starts_with(prefix) {
            continue;
        }
        let gone = match ext.to_string_lossy().as_ref() {
            "cpp" | "h" | "mk" => !src.join(f.file_name().unwrap_or_default()).exists(),
            "o" | "d" => !dst.join(format!("{stem}.cpp")).exists(),
            _ => false,
        };
        if gone {
            // A stale leftover only costs disk space; ignore a failed removal.
            let _ = fs::remove_file(&f);
        }
    }
}
