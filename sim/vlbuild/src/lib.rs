//! The build-time half of warpnic's Verilator bridge: the library the build
//! scripts of `warpnic-vlrt` (the runtime half) and of every crate that
//! drives a Verilated model (`warpnic-sim`, `warpnic-modtest`) share.
//!
//! A crate describes each model it needs as a [`ModelSpec`] (a top module,
//! its lint waivers and sources, parameter overrides) and calls
//! [`build_models`], then [`link_models`]. For each model:
//!
//! 1. `verilator --cc` ([`VERILATOR_ARGS`]) writes the C++ model into a
//!    staging directory; the files that changed are copied into the model
//!    directory (so `make` recompiles only what changed) and the generated
//!    makefile builds the model archive, sharing Cargo's jobserver. Both
//!    steps are skipped when the inputs (sources, options, this library,
//!    the Verilator version and compiler) hash to the value of the last
//!    build. Several models build side by side.
//! 2. The port table is read from the model header (`V<name>.h`), and three
//!    files are generated into `OUT_DIR/<name>/`:
//!    - `ports.inc`: the C++ function that fills the port table;
//!    - `<name>_shim.cpp`: `warpnic-vlrt`'s generic shim (`vlb_shim.h`)
//!      compiled for this model, its C functions named `vlb_<name>_*`;
//!    - `ports.rs`: the model's `warpnic_vlrt::Top` (named `TOP`), one
//!      `warpnic_vlrt::Port` constant per port (`CLK_I`, ...), `ALL` and
//!      `COUNT`, for the crate to `include!` in a module of its own.
//! 3. [`link_models`] compiles the shims into one archive and links it, then
//!    the model archives; the Verilator runtime comes from `warpnic-vlrt`,
//!    later on the link line.
//!
//! The runtime's location, compiler and shared flags come from
//! `warpnic-vlrt`'s build metadata ([`Vlrt::from_env`]): a crate using this
//! library depends on `warpnic-vlrt` and names it in its code
//! (`use warpnic_vlrt as _;` at least) so that the runtime is linked.
//!
//! `WARPNIC_VERILATOR_FLAGS` adds Verilator options to every model (for
//! experiments).

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{exit, Command};
use std::thread;

/// This library's source: a change to it invalidates every build stamp.
const SELF: &str = include_str!("lib.rs");

/// Verilator options every model is built with, before its own.
///
/// `-Wall` makes every lint warning an error (waivers go in the `.vlt`
/// files); `--assert` keeps assertions; `--trace-fst` makes every model
/// able to write a wave trace (which costs nothing while no trace is open).
/// Verilator's case-tree conversion (`-fno-case` turns it off) copies a
/// case's default arm into every branch of the tree: on the BAR0 decoder of
/// `wn_core` it made 20 MB of C++ that took many minutes to compile, against
/// 2 MB without it.
pub const VERILATOR_ARGS: &[&str] = &[
    "--cc",
    "-Wall",
    "--assert",
    "--trace-fst",
    "-O3",
    "-fno-case",
    "--x-assign",
    "fast",
    "--x-initial",
    "unique",
];

/// Optimisation of the models' hot code (`OPT_FAST` of the generated
/// makefile).
pub const OPT_FAST: &str = "-O2";

/// Reports `msg` as the build failure and stops.
pub fn fail(msg: &str) -> ! {
    for line in msg.lines().take(1) {
        println!("cargo:warning={line}");
    }
    eprintln!("error: {msg}");
    exit(1)
}

/// The value of environment variable `name`, failing the build without it.
pub fn env_var(name: &str) -> String {
    env::var(name).unwrap_or_else(|_| fail(&format!("{name} is not set")))
}

/// The content of `p`, failing the build when it cannot be read.
pub fn read(p: &Path) -> Vec<u8> {
    fs::read(p).unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", p.display())))
}

/// Writes `data` to `p`, failing the build on error.
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

fn stamp_matches(stamp: &Path, hash: &str) -> bool {
    fs::read_to_string(stamp)
        .map(|s| s == hash)
        .unwrap_or(false)
}

/// 64-bit FNV-1a, a stable hash for build stamps.
struct Fnv(u64);

impl Fnv {
    /// A hash of this library and the runtime it builds against.
    fn new(vlrt: &Vlrt) -> Self {
        let mut h = Fnv(0xcbf2_9ce4_8422_2325);
        h.add(SELF);
        h.add(&vlrt.version);
        h.add(&vlrt.cxx);
        h.add(&vlrt.cxxflags);
        h
    }

    fn add_bytes(&mut self, data: &[u8]) {
        for &b in data.iter().chain(&(data.len() as u64).to_le_bytes()) {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn add(&mut self, s: &str) {
        self.add_bytes(s.as_bytes());
    }

    /// Adds the name and the content of `f`.
    fn add_file(&mut self, f: &Path) {
        self.add(&f.display().to_string());
        self.add_bytes(&read(f));
    }

    fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

/// An installed Verilator, as `warpnic-vlrt`'s build script finds it.
pub struct Verilator {
    /// The `verilator` program.
    pub program: PathBuf,
    /// Its version, e.g. `5.006`.
    pub version: String,
    /// `verilator --getenv VERILATOR_ROOT`.
    pub root: PathBuf,
    /// The runtime include directory (`root/include`).
    pub include: PathBuf,
}

/// Oldest Verilator major version with the `VerilatedContext` model API.
const MIN_MAJOR: u32 = 5;

impl Verilator {
    /// Finds `verilator` on `PATH` and asks it for its version and root,
    /// failing the build (with an installation hint) when it is missing,
    /// older than 5.0, or its runtime sources are not where it says.
    pub fn find() -> Verilator {
        let program = find_program("verilator").unwrap_or_else(|| {
            fail("verilator not found: install it with `apt-get install verilator`")
        });
        let text = run(&program, &["--version"]);
        // "Verilator 5.006 2023-01-22 rev (Debian 5.006-3)"
        let version = text
            .split_whitespace()
            .nth(1)
            .unwrap_or_else(|| fail(&format!("unexpected `verilator --version` output: {text}")))
            .to_string();
        let major: u32 = version
            .split('.')
            .next()
            .and_then(|m| m.parse().ok())
            .unwrap_or_else(|| fail(&format!("unexpected Verilator version `{version}`")));
        if major < MIN_MAJOR {
            fail(&format!(
                "Verilator {version} is too old: version {MIN_MAJOR}.x or newer is needed"
            ));
        }
        let root = PathBuf::from(run(&program, &["--getenv", "VERILATOR_ROOT"]).trim());
        let include = root.join("include");
        if !include.join("verilated.h").is_file() {
            fail(&format!(
                "Verilator {version} reports VERILATOR_ROOT={} but {} has no verilated.h",
                root.display(),
                include.display()
            ));
        }
        Verilator {
            program,
            version,
            root,
            include,
        }
    }
}

/// Finds `name` on `PATH`, as the shell would.
fn find_program(name: &str) -> Option<PathBuf> {
    let path = env::var_os("PATH")?;
    env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| is_executable(p))
}

fn is_executable(p: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        p.metadata()
            .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
            .unwrap_or(false)
    }
    #[cfg(not(unix))]
    {
        p.is_file()
    }
}

/// Runs `prog args` and returns its standard output, failing the build on
/// error.
fn run(prog: &Path, args: &[&str]) -> String {
    let out = Command::new(prog)
        .args(args)
        .output()
        .unwrap_or_else(|e| fail(&format!("cannot run {}: {e}", prog.display())));
    if !out.status.success() {
        fail(&format!(
            "`{} {}` failed ({}): {}",
            prog.display(),
            args.join(" "),
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// What `warpnic-vlrt` tells its dependants (`DEP_WARPNIC_VLRT_*`).
pub struct Vlrt {
    /// The `verilator` program.
    pub verilator: PathBuf,
    /// Verilator's version.
    pub version: String,
    /// The runtime include directory.
    pub include: PathBuf,
    /// The bridge's C++ sources (`vlb_bridge.h`, `vlb_shim.h`).
    pub csrc: PathBuf,
    /// The C++ compiler the runtime was built with.
    pub cxx: String,
    /// Flags every translation unit of a model must share with the runtime.
    pub cxxflags: String,
}

impl Vlrt {
    /// Reads `warpnic-vlrt`'s build metadata, failing the build when the
    /// crate is not a dependency of the one being built.
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
            csrc: PathBuf::from(get("CSRC")),
            cxx: get("CXX"),
            cxxflags: get("CXXFLAGS"),
        }
    }

    fn flags(&self) -> impl Iterator<Item = &str> {
        self.cxxflags.split_whitespace()
    }
}

/// Direction of a port.
#[derive(Clone, Copy)]
enum Dir {
    In,
    Out,
    InOut,
}

/// How Verilator stores a port.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Storage {
    U8,
    U16,
    U32,
    U64,
    Wide(u32),
}

struct PortDecl {
    name: String,
    dir: Dir,
    width: u32,
}

fn bad_decl(header: &Path, line: &str) -> ! {
    fail(&format!(
        "unsupported port declaration in {}: `{line}`",
        header.display()
    ))
}

/// Reads the top-level ports from the model header, whose declarations look
/// like `VL_IN8(&clk_i,0,0);` or `VL_OUTW(&rdata_o,99,0,4);`, checking that
/// each is stored as `warpnic-vlrt` expects for its width.
fn parse_header(header: &Path) -> Vec<PortDecl> {
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
        if storage != expected || width > u32::from(u16::MAX) {
            bad_decl(header, line);
        }
        ports.push(PortDecl {
            name: name.to_string(),
            dir,
            width,
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

fn make(dir: &Path, args: &[String], what: &str) {
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

/// The statement by which Verilator 5's scheduler triggers a model's
/// input-combinational ("ico") region on the first pass of every evaluation.
const ICO_TRIGGER: &str = "vlSelf->__VicoTriggered.at(0U) = (0U == vlSelf->__VicoIterCount);";

/// Makes the generated model compute its input-combinational region only
/// when the bridge has not said that the inputs are those of the last
/// evaluation (the flag `warpnic_vlrt_ico_settled` of the runtime; see its
/// `csrc/vlrt_ico.cpp`). A model whose scheduler does not have the expected
/// trigger statement (another Verilator version) is left as generated, which
/// is correct and only slower; the build says so.
fn gate_ico(stage: &Path, name: &str) {
    let rd = fs::read_dir(stage)
        .unwrap_or_else(|e| fail(&format!("cannot list {}: {e}", stage.display())));
    let mut sources: Vec<PathBuf> = rd
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "cpp"))
        .collect();
    sources.sort();
    let mut uses_ico = false;
    let mut found = Vec::new();
    for f in sources {
        let text = String::from_utf8_lossy(&read(&f)).into_owned();
        uses_ico |= text.contains("__VicoTriggered");
        if text.contains(ICO_TRIGGER) {
            found.push((f, text));
        }
    }
    let [(file, text)] = found.as_slice() else {
        if uses_ico {
            println!(
                "cargo:warning=model `{name}`: Verilator's input-combinational trigger is not \
                 the expected one; the model evaluates that logic twice per cycle (slower, \
                 correct)"
            );
        }
        return;
    };
    let gated = text.replacen(
        ICO_TRIGGER,
        "vlSelf->__VicoTriggered.at(0U) = ((0U == vlSelf->__VicoIterCount) \
         && !warpnic_vlrt_ico_settled);",
        1,
    );
    let gated = format!(
        "// warpnic-vlbuild: the ico trigger below also tests this flag.\n\
         extern thread_local bool warpnic_vlrt_ico_settled;\n{gated}"
    );
    write(file, gated.as_bytes());
}

/// Makes `dst` hold the files of `src`: a file whose content is unchanged
/// keeps its time stamp, so `make` rebuilds only what Verilator changed.
/// Generated sources that disappeared are removed with their objects.
fn sync_dir(src: &Path, dst: &Path, prefix: &str) {
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
    let mut removed = false;
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
            removed = true;
        }
    }
    // The combined unit's dependency file names every generated source: one
    // that Verilator no longer writes (a constant pool a parameter change
    // removed) would stop make with "no rule to make target", so the
    // combined unit is built afresh.
    if removed {
        for ext in ["d", "o"] {
            let _ = fs::remove_file(dst.join(format!("{prefix}__ALL.{ext}")));
        }
    }
}

/// One Verilated model to build.
pub struct ModelSpec {
    /// Identifier of the model (lower-case letters, digits, `_`): the C++
    /// class is `V<name>`, the shim's C functions `vlb_<name>_*`, the
    /// output directory `OUT_DIR/<name>`.
    pub name: String,
    /// The SystemVerilog module at the top.
    pub top_module: String,
    /// Lint waivers (`*.vlt`) and sources, in compile order.
    pub files: Vec<PathBuf>,
    /// Include directories.
    pub incdirs: Vec<PathBuf>,
    /// Other files the model depends on (include files).
    pub deps: Vec<PathBuf>,
    /// Parameter overrides of the top (`-G<name>=<value>`).
    pub params: Vec<(String, String)>,
    /// Verilator options of this model, after [`VERILATOR_ARGS`].
    pub args: Vec<String>,
}

/// A model built by [`build_models`].
pub struct Built {
    name: String,
    /// `OUT_DIR/<name>`.
    dir: PathBuf,
}

impl Built {
    /// The directory of the model's generated files, `OUT_DIR/<name>`;
    /// `ports.rs` in it is the Rust half of the model's bridge.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn model_dir(&self) -> PathBuf {
        self.dir.join("model")
    }

    fn header(&self) -> PathBuf {
        self.model_dir().join(format!("V{}.h", self.name))
    }

    fn shim(&self) -> PathBuf {
        self.dir.join(format!("{}_shim.cpp", self.name))
    }
}

/// The crate being built, as a library-name fragment (`warpnic_sim`), so
/// that the archives of two crates linked into one program do not clash.
fn crate_tag() -> String {
    env_var("CARGO_PKG_NAME").replace('-', "_")
}

fn out_dir() -> PathBuf {
    PathBuf::from(env_var("OUT_DIR"))
}

fn archive_name(name: &str) -> String {
    format!("vlb_{}_{name}", crate_tag())
}

impl ModelSpec {
    fn check(&self) {
        let ok_name = |s: &str| {
            !s.is_empty()
                && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && s.starts_with(|c: char| c.is_ascii_lowercase())
        };
        if !ok_name(&self.name) || !ok_name(&self.top_module) {
            fail(&format!(
                "model `{}` of `{}`: names must be lower-case identifiers",
                self.name, self.top_module
            ));
        }
        for f in self.files.iter().chain(&self.deps) {
            if !f.is_file() {
                fail(&format!("model `{}`: {} not found", self.name, f.display()));
            }
        }
    }

    fn verilator_args(&self, stage: &Path) -> Vec<String> {
        let mut a: Vec<String> = VERILATOR_ARGS.iter().map(|s| s.to_string()).collect();
        a.extend([
            "--top-module".to_string(),
            self.top_module.clone(),
            "--prefix".to_string(),
            format!("V{}", self.name),
        ]);
        a.extend(self.params.iter().map(|(k, v)| format!("-G{k}={v}")));
        a.extend(self.args.iter().cloned());
        if let Ok(extra) = env::var("WARPNIC_VERILATOR_FLAGS") {
            a.extend(extra.split_whitespace().map(str::to_string));
        }
        a.push("--Mdir".into());
        a.push(stage.display().to_string());
        a.extend(self.incdirs.iter().map(|d| format!("-I{}", d.display())));
        a.extend(self.files.iter().map(|f| f.display().to_string()));
        a
    }

    /// Verilates and makes the model unless its stamp says it is current,
    /// then generates its bridge files.
    fn build(&self, vlrt: &Vlrt, out: &Path) -> Built {
        let built = Built {
            name: self.name.clone(),
            dir: out.join(&self.name),
        };
        let prefix = format!("V{}", self.name);
        let stage = built.dir.join("verilated");
        let archive = out.join(format!("lib{}.a", archive_name(&self.name)));
        let vargs = self.verilator_args(&stage);
        let mut cppflags: Vec<&str> = vlrt.flags().collect();
        cppflags.push("-fPIC");
        let margs = vec![
            "-f".into(),
            format!("{prefix}.mk"),
            format!("{prefix}__ALL.a"),
            format!("CXX={}", vlrt.cxx),
            format!("OPT_FAST={OPT_FAST}"),
            format!("USER_CPPFLAGS={}", cppflags.join(" ")),
        ];
        let mut h = Fnv::new(vlrt);
        vargs.iter().chain(&margs).for_each(|a| h.add(a));
        for f in self.files.iter().chain(&self.deps) {
            h.add_file(f);
        }
        let stamp = built.dir.join("model.stamp");
        let hash = h.hex();
        if !(stamp_matches(&stamp, &hash) && archive.is_file() && built.header().is_file()) {
            fs::create_dir_all(&built.dir)
                .unwrap_or_else(|e| fail(&format!("cannot create {}: {e}", built.dir.display())));
            // A fresh staging directory holds exactly what this run generates.
            if stage.exists() {
                fs::remove_dir_all(&stage)
                    .unwrap_or_else(|e| fail(&format!("cannot clear {}: {e}", stage.display())));
            }
            let run = Command::new(&vlrt.verilator)
                .args(&vargs)
                .output()
                .unwrap_or_else(|e| {
                    fail(&format!(
                        "cannot run {}: {e} (install Verilator with `apt-get install verilator`)",
                        vlrt.verilator.display()
                    ))
                });
            if !run.status.success() {
                fail(&format!(
                    "verilator rejected `{}` (lint with -Wall is required; waivers go in \
                     hw/lint/*.vlt, each with its reason):\n{}{}",
                    self.name,
                    String::from_utf8_lossy(&run.stdout),
                    String::from_utf8_lossy(&run.stderr)
                ));
            }
            gate_ico(&stage, &self.name);
            let model_dir = built.model_dir();
            // `make` decides by the sources' times: objects built with other
            // options (OPT_FAST, the compiler, its flags) are built again
            let args_file = built.dir.join("make.args");
            let args = margs.join("\n");
            if fs::read_to_string(&args_file).ok().as_deref() != Some(args.as_str())
                && model_dir.exists()
            {
                fs::remove_dir_all(&model_dir).unwrap_or_else(|e| {
                    fail(&format!("cannot clear {}: {e}", model_dir.display()))
                });
            }
            sync_dir(&stage, &model_dir, &prefix);
            make(
                &model_dir,
                &margs,
                &format!("the Verilated model `{}`", self.name),
            );
            let made = model_dir.join(format!("{prefix}__ALL.a"));
            fs::copy(&made, &archive)
                .unwrap_or_else(|e| fail(&format!("cannot copy {}: {e}", made.display())));
            write(&args_file, args.as_bytes());
            write(&stamp, hash.as_bytes());
        }

        let ports = parse_header(&built.header());
        write_if_changed(
            &built.dir.join("ports.inc"),
            gen_cpp(&self.name, &ports).as_bytes(),
        );
        write_if_changed(&built.shim(), gen_shim(&self.name).as_bytes());
        write_if_changed(
            &built.dir.join("ports.rs"),
            gen_rust(self, &ports).as_bytes(),
        );
        built
    }
}

/// Builds every model of `specs` (side by side; `make` takes its job slots
/// from Cargo's jobserver) and generates their bridge files, failing the
/// build on any error. Tells Cargo to rerun the build script when a file of
/// a model or `WARPNIC_VERILATOR_FLAGS` changes.
pub fn build_models(specs: &[ModelSpec]) -> Vec<Built> {
    println!("cargo:rerun-if-env-changed=WARPNIC_VERILATOR_FLAGS");
    let vlrt = Vlrt::from_env();
    let out = out_dir();
    for s in specs {
        s.check();
        for f in s.files.iter().chain(&s.deps) {
            println!("cargo:rerun-if-changed={}", f.display());
        }
    }
    thread::scope(|sc| {
        let jobs: Vec<_> = specs
            .iter()
            .map(|s| {
                let (vlrt, out) = (&vlrt, &out);
                sc.spawn(move || s.build(vlrt, out))
            })
            .collect();
        jobs.into_iter()
            .map(|j| {
                j.join()
                    .unwrap_or_else(|_| fail("a model build thread panicked"))
            })
            .collect()
    })
}

/// Compiles the shims of `models` into one archive (unless its inputs are
/// unchanged since the last build) and tells Cargo to link it, then the
/// model archives.
pub fn link_models(models: &[Built]) {
    let vlrt = Vlrt::from_env();
    let out = out_dir();
    let lib = format!("vlb_{}_shims", crate_tag());
    let headers = [vlrt.csrc.join("vlb_bridge.h"), vlrt.csrc.join("vlb_shim.h")];
    let mut h = Fnv::new(&vlrt);
    let mut inputs: Vec<PathBuf> = headers.to_vec();
    for m in models {
        inputs.extend([m.shim(), m.dir.join("ports.inc"), m.header()]);
    }
    for f in &inputs {
        println!("cargo:rerun-if-changed={}", f.display());
        h.add_file(f);
    }
    let stamp = out.join(format!("{lib}.stamp"));
    let hash = h.hex();
    if !(stamp_matches(&stamp, &hash) && out.join(format!("lib{lib}.a")).is_file()) {
        // Each shim includes `ports.inc` from its own directory (quoted
        // includes look there first) and its own model header.
        let mut b = cc::Build::new();
        b.cpp(true)
            .compiler(&vlrt.cxx)
            .files(models.iter().map(Built::shim))
            .include(&vlrt.csrc)
            .opt_level(2)
            .debug(false)
            .warnings(true)
            .cpp_link_stdlib(None)
            .cargo_metadata(false);
        // Verilator's and the generated headers are not ours to keep free
        // of warnings: include them as system headers.
        let mut sys: Vec<PathBuf> = models.iter().map(Built::model_dir).collect();
        sys.push(vlrt.include.clone());
        sys.push(vlrt.include.join("vltstd"));
        for dir in sys {
            b.flag("-isystem").flag(dir.display().to_string());
        }
        for f in vlrt.flags() {
            b.flag(f);
        }
        b.out_dir(&out).compile(&lib);
        write(&stamp, hash.as_bytes());
    }
    // The shims call into the models, the models into the runtime (linked
    // by warpnic-vlrt, which comes later on the link line).
    println!("cargo:rustc-link-search=native={}", out.display());
    println!("cargo:rustc-link-lib=static={lib}");
    for m in models {
        println!("cargo:rustc-link-lib=static={}", archive_name(&m.name));
    }
}

impl Dir {
    /// The C++ constant of `vlb_bridge.h`.
    fn cpp(self) -> &'static str {
        match self {
            Dir::In => "VLB_DIR_IN",
            Dir::Out => "VLB_DIR_OUT",
            Dir::InOut => "VLB_DIR_INOUT",
        }
    }

    /// The `warpnic_vlrt::Dir` variant.
    fn rust(self) -> &'static str {
        match self {
            Dir::In => "Dir::In",
            Dir::Out => "Dir::Out",
            Dir::InOut => "Dir::InOut",
        }
    }

    /// The word for the documentation.
    fn doc(self) -> &'static str {
        match self {
            Dir::In => "input",
            Dir::Out => "output",
            Dir::InOut => "inout",
        }
    }
}

/// `ports.inc`: fills the port table of a constructed model.
fn gen_cpp(name: &str, ports: &[PortDecl]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "// Port table of the Verilated model {name}, generated by warpnic-vlbuild\n\
         // from the model header. Do not edit.\n\
         #define VLB_PORT_COUNT {}\n\
         static void vlb_fill_ports(V{name}* top, vlb_port* t) {{",
        ports.len()
    );
    for (i, p) in ports.iter().enumerate() {
        let _ = writeln!(
            s,
            "    t[{i}] = vlb_port{{\"{n}\", {dir}, {w}, static_cast<void*>(&top->{n})}};",
            n = p.name,
            dir = p.dir.cpp(),
            w = p.width
        );
    }
    s.push_str("}\n");
    s
}

/// `<name>_shim.cpp`: the generic shim for this model.
fn gen_shim(name: &str) -> String {
    format!(
        "// Shim of the Verilated model {name}, generated by warpnic-vlbuild. Do not edit.\n\
         #include \"V{name}.h\"\n\
         #include \"vlb_bridge.h\"\n\
         #define VLB_CLASS V{name}\n\
         #define VLB_FN(f) vlb_{name}_##f\n\
         #include \"ports.inc\"\n\
         #include \"vlb_shim.h\"\n"
    )
}

/// `ports.rs`: the model's `Top`, its port constants and its shim's C
/// functions.
fn gen_rust(spec: &ModelSpec, ports: &[PortDecl]) -> String {
    let n = &spec.name;
    let mut s = String::new();
    let _ = write!(
        s,
        "// The Verilated model {n} (top module `{m}`), generated by warpnic-vlbuild\n\
         // from the model header. Do not edit.\n\n\
         use ::warpnic_vlrt::{{Dir, Port, PortInfo, Shim, Top}};\n\n\
         /// The Verilated model `{n}`: top module `{m}`.\n\
         pub static TOP: Top = Top::new(\"{n}\", \"{m}\", &INFO, Shim {{\n\
         \x20   new: shim::vlb_{n}_new,\n\
         \x20   free: shim::vlb_{n}_free,\n\
         \x20   port_count: shim::vlb_{n}_port_count,\n\
         \x20   ports: shim::vlb_{n}_ports,\n\
         \x20   eval: shim::vlb_{n}_eval,\n\
         \x20   tick: shim::vlb_{n}_tick,\n\
         \x20   trace_open: shim::vlb_{n}_trace_open,\n\
         \x20   trace_close: shim::vlb_{n}_trace_close,\n\
         \x20   time_ps: shim::vlb_{n}_time_ps,\n\
         }});\n\n\
         /// Number of top-level ports.\n\
         pub const COUNT: usize = {count};\n\n",
        m = spec.top_module,
        count = ports.len()
    );
    for (i, p) in ports.iter().enumerate() {
        let bits = if p.width == 1 { "bit" } else { "bits" };
        let _ = writeln!(
            s,
            "/// `{}`: {}, {} {bits}.\npub const {}: Port = Port::new(&TOP, {i});",
            p.name,
            p.dir.doc(),
            p.width,
            p.name.to_ascii_uppercase()
        );
    }
    s.push_str("\n/// Every port, in table order.\npub const ALL: [Port; COUNT] = [\n");
    for p in ports {
        let _ = writeln!(s, "    {},", p.name.to_ascii_uppercase());
    }
    s.push_str("];\n\n/// Name, direction and width of every port, in table order.\n");
    s.push_str("static INFO: [PortInfo; COUNT] = [\n");
    for p in ports {
        let _ = writeln!(
            s,
            "    PortInfo::new(\"{}\", {}, {}),",
            p.name,
            p.dir.rust(),
            p.width
        );
    }
    let _ = write!(
        s,
        "];\n\n\
         mod shim {{\n\
         \x20   use ::warpnic_vlrt::shim::{{Opts, RawModel, RawPort}};\n\
         \x20   use std::ffi::{{c_char, c_int}};\n\
         \x20   extern \"C\" {{\n\
         \x20       pub fn vlb_{n}_new(o: *const Opts, err: *mut c_char, len: usize) -> *mut RawModel;\n\
         \x20       pub fn vlb_{n}_free(m: *mut RawModel);\n\
         \x20       pub fn vlb_{n}_port_count() -> usize;\n\
         \x20       pub fn vlb_{n}_ports(m: *const RawModel) -> *const RawPort;\n\
         \x20       pub fn vlb_{n}_eval(m: *mut RawModel) -> c_int;\n\
         \x20       pub fn vlb_{n}_tick(\n\
         \x20           m: *mut RawModel,\n\
         \x20           n: u64,\n\
         \x20           settled: c_int,\n\
         \x20           done: *mut u64,\n\
         \x20       ) -> c_int;\n\
         \x20       pub fn vlb_{n}_trace_open(\n\
         \x20           m: *mut RawModel,\n\
         \x20           path: *const c_char,\n\
         \x20           err: *mut c_char,\n\
         \x20           len: usize,\n\
         \x20       ) -> c_int;\n\
         \x20       pub fn vlb_{n}_trace_close(m: *mut RawModel);\n\
         \x20       pub fn vlb_{n}_time_ps(m: *const RawModel) -> u64;\n\
         \x20   }}\n\
         }}\n"
    );
    s
}
