//! Builds the Verilated model of `wn_core` and the C++ shim that
//! `src/model.rs` drives.
//!
//! 1. Collects the RTL: `hw/rtl/gen/*_pkg.sv`, the other `*_pkg.sv` under
//!    `hw/rtl`, then every other `*.sv` under `hw/rtl` (sorted; directories
//!    named `tb` or `test` are skipped), plus the lint waivers `hw/lint/*.vlt`.
//!    `WARPNIC_HW_DIR` names another `hw` directory to build from, and
//!    `WARPNIC_VERILATOR_FLAGS` adds Verilator options (for experiments).
//! 2. Runs `verilator --cc -Wall --assert --trace-fst` into a staging
//!    directory, copies the generated files that changed into the build
//!    directory (so `make` recompiles only what changed) and builds the
//!    model archive with the generated makefile, sharing Cargo's jobserver.
//!    Both steps are skipped when the RTL, the waivers, the options, this
//!    script and the Verilator version hash to the same value as last time.
//! 3. Generates the port table from the model header `Vwn_core.h`: a C++
//!    include that fills the table at construction, and `wn_core_ports.rs`
//!    (one constant per port) that `model.rs` includes.
//! 4. Compiles `csrc/wn_model.cpp` with the `cc` crate and links the shim,
//!    then the model; the Verilator runtime comes from `warpnic-vlrt`.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{exit, Command};

/// Top module of the model.
const TOP: &str = "wn_core";
/// C++ class prefix of the model (`--prefix`).
const PREFIX: &str = "Vwn_core";
/// Optimisation of the model's hot code.
const OPT_FAST: &str = "-O2";
/// Widest signal written to a wave trace (Verilator's default is 256 bits,
/// which would leave the 512-bit datapath out of the waves).
const TRACE_MAX_WIDTH: &str = "4096";
/// This script's own source: a change to it invalidates the build stamps.
const SCRIPT: &[u8] = include_bytes!("build.rs");

fn main() {
    let manifest = PathBuf::from(env_var("CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(env_var("OUT_DIR"));
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=WARPNIC_HW_DIR");
    println!("cargo:rerun-if-env-changed=WARPNIC_VERILATOR_FLAGS");

    let hw = env::var_os("WARPNIC_HW_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest.join("..").join("hw"));
    let hw = fs::canonicalize(&hw)
        .unwrap_or_else(|e| fail(&format!("RTL directory {} not found: {e}", hw.display())));
    let vlrt = Vlrt::from_env();
    let inputs = Inputs::collect(&hw);
    inputs.emit_rerun(&hw);

    let stage = out.join("verilated");
    let model_dir = out.join("model");
    let archive = out.join("libwn_core_model.a");
    let header = model_dir.join(format!("{PREFIX}.h"));
    let vargs = verilator_args(&inputs, &stage);
    let margs = make_args(&vlrt);

    let mut h = Fnv::new();
    h.add_bytes(SCRIPT);
    h.add(&vlrt.version);
    h.add(&vlrt.cxx);
    h.add(&vlrt.cxxflags);
    vargs.iter().for_each(|a| h.add(a));
    margs.iter().for_each(|a| h.add(a));
    for f in &inputs.hashed {
        h.add(&f.display().to_string());
        h.add_bytes(&read(f));
    }
    let model_stamp = out.join("model.stamp");
    let model_hash = h.hex();
    if !(stamp_matches(&model_stamp, &model_hash) && archive.is_file() && header.is_file()) {
        // A fresh staging directory holds exactly what this run generates.
        if stage.exists() {
            fs::remove_dir_all(&stage)
                .unwrap_or_else(|e| fail(&format!("cannot clear {}: {e}", stage.display())));
        }
        verilate(&vlrt, &vargs);
        sync_dir(&stage, &model_dir);
        make(&model_dir, &margs);
        let built = model_dir.join(format!("{PREFIX}__ALL.a"));
        fs::copy(&built, &archive)
            .unwrap_or_else(|e| fail(&format!("cannot copy {}: {e}", built.display())));
        write(&model_stamp, model_hash.as_bytes());
    }

    let ports = parse_header(&header);
    write_if_changed(&out.join("wn_core_ports.inc"), gen_cpp(&ports).as_bytes());
    write_if_changed(&out.join("wn_core_ports.rs"), gen_rust(&ports).as_bytes());

    build_shim(&manifest, &out, &model_dir, &vlrt);
    // The shim calls into the model, the model into the runtime (linked by
    // warpnic-vlrt, which comes later on the link line).
    println!("cargo:rustc-link-search=native={}", out.display());
    println!("cargo:rustc-link-lib=static=wn_core_model");
}

/// Reports `msg` as the build failure and stops.
fn fail(msg: &str) -> ! {
    for line in msg.lines().take(1) {
        println!("cargo:warning={line}");
    }
    eprintln!("error: {msg}");
    exit(1)
}

fn env_var(name: &str) -> String {
    env::var(name).unwrap_or_else(|_| fail(&format!("{name} is not set")))
}

fn read(p: &Path) -> Vec<u8> {
    fs::read(p).unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", p.display())))
}

fn write(p: &Path, data: &[u8]) {
    fs::write(p, data).unwrap_or_else(|e| fail(&format!("cannot write {}: {e}", p.display())));
}

/// Writes `data` to `p` unless it already holds exactly that, so that an
/// unchanged file keeps its time stamp.
fn write_if_changed(p: &Path, data: &[u8]) {
    if fs::read(p).map(|old| old != data).unwrap_or(true) {
        write(p, data);
    }
}

fn stamp_matches(stamp: &Path, hash: &str) -> bool {
    fs::read_to_string(stamp)
        .map(|s| s == hash)
        .unwrap_or(false)
}

/// What `warpnic-vlrt` tells its dependants (`DEP_WARPNIC_VLRT_*`).
struct Vlrt {
    verilator: PathBuf,
    version: String,
    include: PathBuf,
    cxx: String,
    cxxflags: String,
}

impl Vlrt {
    fn from_env() -> Self {
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

    fn flags(&self) -> impl Iterator<Item = &str> {
        self.cxxflags.split_whitespace()
    }
}

/// The RTL and waiver files of one build.
struct Inputs {
    /// Lint waivers, sorted.
    waivers: Vec<PathBuf>,
    /// Sources in compile order: generated packages, other packages, the rest.
    sources: Vec<PathBuf>,
    /// Every file whose content feeds the model (sources, waivers, includes).
    hashed: Vec<PathBuf>,
    /// Include directories.
    incdirs: Vec<PathBuf>,
}

impl Inputs {
    fn collect(hw: &Path) -> Self {
        let rtl = hw.join("rtl");
        let gen = rtl.join("gen");
        let lint = hw.join("lint");
        if !rtl.is_dir() {
            fail(&format!("{} is not a directory", rtl.display()));
        }
        let mut all = Vec::new();
        walk(&rtl, &mut all);
        all.sort();
        let is_sv = |p: &&PathBuf| p.extension().is_some_and(|e| e == "sv");
        let is_pkg = |p: &PathBuf| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().ends_with("_pkg.sv"))
        };
        let mut gen_pkgs = Vec::new();
        let mut pkgs = Vec::new();
        let mut rest = Vec::new();
        for p in all.iter().filter(is_sv) {
            if is_pkg(p) && p.parent() == Some(gen.as_path()) {
                gen_pkgs.push(p.clone());
            } else if is_pkg(p) {
                pkgs.push(p.clone());
            } else {
                rest.push(p.clone());
            }
        }
        let mut sources = gen_pkgs;
        sources.extend(pkgs);
        sources.extend(rest);
        if sources.is_empty() {
            fail(&format!("no SystemVerilog sources under {}", rtl.display()));
        }

        let mut waivers: Vec<PathBuf> = fs::read_dir(&lint)
            .map(|rd| {
                rd.filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "vlt"))
                    .collect()
            })
            .unwrap_or_default();
        waivers.sort();

        let mut hashed = all;
        hashed.extend(waivers.iter().cloned());
        let mut incdirs = vec![rtl];
        if gen.is_dir() {
            incdirs.push(gen);
        }
        Inputs {
            waivers,
            sources,
            hashed,
            incdirs,
        }
    }

    /// Reruns the build script when an RTL file or waiver changes, or one is
    /// added or removed.
    fn emit_rerun(&self, hw: &Path) {
        let rtl = hw.join("rtl");
        for d in [rtl.clone(), rtl.join("gen"), hw.join("lint")] {
            if d.is_dir() {
                println!("cargo:rerun-if-changed={}", d.display());
            }
        }
        if !hw.join("lint").is_dir() {
            // Notice a waiver directory that appears later.
            println!("cargo:rerun-if-changed={}", hw.display());
        }
        for f in &self.hashed {
            println!("cargo:rerun-if-changed={}", f.display());
        }
    }
}

/// Appends every file under `dir` to `out`, skipping `tb` and `test`
/// directories.
fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let rd =
        fs::read_dir(dir).unwrap_or_else(|e| fail(&format!("cannot list {}: {e}", dir.display())));
    for entry in rd {
        let entry = entry.unwrap_or_else(|e| fail(&format!("cannot list {}: {e}", dir.display())));
        let path = entry.path();
        if path.is_dir() {
            let name = entry.file_name();
            if name != "tb" && name != "test" {
                walk(&path, out);
            }
        } else if path.is_file() {
            out.push(path);
        }
    }
}

fn verilator_args(inputs: &Inputs, stage: &Path) -> Vec<String> {
    let mut a: Vec<String> = [
        "--cc",
        "--top-module",
        TOP,
        "--prefix",
        PREFIX,
        "-Wall",
        "--assert",
        "--trace-fst",
        "--trace-max-width",
        TRACE_MAX_WIDTH,
        "-O3",
        // Verilator's case-tree conversion copies a case's default arm into
        // every branch of the tree: on the BAR0 decoder this made 20 MB of
        // C++ that took many minutes to compile, against 2 MB without it.
        "-fno-case",
        "--x-assign",
        "fast",
        "--x-initial",
        "unique",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    a.push("--Mdir".into());
    a.push(stage.display().to_string());
    // Extra options for experiments (e.g. `--x-assign unique`).
    if let Ok(extra) = env::var("WARPNIC_VERILATOR_FLAGS") {
        a.extend(extra.split_whitespace().map(str::to_string));
    }
    for d in &inputs.incdirs {
        a.push(format!("-I{}", d.display()));
    }
    for f in inputs.waivers.iter().chain(&inputs.sources) {
        a.push(f.display().to_string());
    }
    a
}

fn verilate(vlrt: &Vlrt, args: &[String]) {
    let out = Command::new(&vlrt.verilator)
        .args(args)
        .output()
        .unwrap_or_else(|e| {
            fail(&format!(
                "cannot run {}: {e}\nverilator not found: install it with `apt-get install verilator`",
                vlrt.verilator.display()
            ))
        });
    if !out.status.success() {
        fail(&format!(
            "verilator rejected the RTL (lint with -Wall is required; waivers go in hw/lint/*.vlt, \
             each with its reason):\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
}

/// Makes `dst` hold the files of `src`: a file whose content is unchanged
/// keeps its time stamp, so `make` rebuilds only what Verilator changed.
/// Generated sources that disappeared are removed with their objects.
fn sync_dir(src: &Path, dst: &Path) {
    fs::create_dir_all(dst)
        .unwrap_or_else(|e| fail(&format!("cannot create {}: {e}", dst.display())));
    let list = |d: &Path| -> Vec<PathBuf> {
        let rd =
            fs::read_dir(d).unwrap_or_else(|e| fail(&format!("cannot list {}: {e}", d.display())));
        rd.filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file())
            .collect()
    };
    let staged = list(src);
    for f in &staged {
        if let Some(name) = f.file_name() {
            write_if_changed(&dst.join(name), &read(f));
        }
    }
    let all_name = format!("{PREFIX}__ALL");
    for f in list(dst) {
        let (Some(stem), Some(ext)) = (f.file_stem(), f.extension()) else {
            continue;
        };
        let stem = stem.to_string_lossy();
        let ext = ext.to_string_lossy();
        if stem.starts_with(&all_name) || !stem.starts_with(PREFIX) {
            continue;
        }
        let gone = match ext.as_ref() {
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

fn make_args(vlrt: &Vlrt) -> Vec<String> {
    let mut cppflags: Vec<&str> = vlrt.flags().collect();
    cppflags.push("-fPIC");
    vec![
        "-f".into(),
        format!("{PREFIX}.mk"),
        format!("{PREFIX}__ALL.a"),
        format!("CXX={}", vlrt.cxx),
        format!("OPT_FAST={OPT_FAST}"),
        format!("USER_CPPFLAGS={}", cppflags.join(" ")),
    ]
}

fn make(dir: &Path, args: &[String]) {
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
            "building the Verilated model failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
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
#[derive(Clone, Copy)]
enum Storage {
    /// `CData`, 1..=8 bits.
    U8,
    /// `SData`, 9..=16 bits.
    U16,
    /// `IData`, 17..=32 bits.
    U32,
    /// `QData`, 33..=64 bits.
    U64,
    /// `VlWide<words>`, more than 64 bits.
    Wide(u32),
}

struct PortDecl {
    name: String,
    dir: Dir,
    width: u32,
    storage: Storage,
}

/// Reads the top-level ports from the model header, whose declarations look
/// like `VL_IN8(&clk_i,0,0);` or `VL_OUTW(&m_axis_tx_tdata_o,511,0,16);`.
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
        let (msb, lsb) = (num(1), num(2));
        let width = msb.abs_diff(lsb) + 1;
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
        let consistent = match (storage, expected) {
            (Storage::U8, Storage::U8)
            | (Storage::U16, Storage::U16)
            | (Storage::U32, Storage::U32)
            | (Storage::U64, Storage::U64) => true,
            (Storage::Wide(a), Storage::Wide(b)) => a == b,
            _ => false,
        };
        if !consistent {
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

fn bad_decl(header: &Path, line: &str) -> ! {
    fail(&format!(
        "unsupported port declaration in {}: `{line}`",
        header.display()
    ))
}

fn gen_cpp(ports: &[PortDecl]) -> String {
    let mut s = String::new();
    s.push_str("// Port table of the Verilated wn_core, generated by sim/build.rs from the\n");
    s.push_str("// model header. Do not edit.\n");
    let _ = writeln!(s, "#define WN_PORT_COUNT {}", ports.len());
    s.push_str("static void wn_fill_ports(Vwn_core* top, wn_port_entry* t) {\n");
    for (i, p) in ports.iter().enumerate() {
        let dir = match p.dir {
            Dir::In => "WN_DIR_IN",
            Dir::Out => "WN_DIR_OUT",
            Dir::InOut => "WN_DIR_INOUT",
        };
        let _ = writeln!(
            s,
            "    t[{i}] = wn_port_entry{{\"{n}\", {dir}, {w}, static_cast<void*>(&top->{n})}};",
            n = p.name,
            w = p.width
        );
    }
    s.push_str("}\n");
    s
}

fn gen_rust(ports: &[PortDecl]) -> String {
    let mut s = String::new();
    s.push_str("// Port table of the Verilated wn_core, generated by sim/build.rs from the\n");
    s.push_str("// model header. Do not edit.\n\n");
    s.push_str("/// Number of top-level ports of `wn_core`.\n");
    let _ = writeln!(s, "pub const COUNT: usize = {};\n", ports.len());
    for (i, p) in ports.iter().enumerate() {
        let dir = match p.dir {
            Dir::In => "input",
            Dir::Out => "output",
            Dir::InOut => "inout",
        };
        let bits = if p.width == 1 { "bit" } else { "bits" };
        let _ = writeln!(s, "/// `{}`: {dir}, {} {bits}.", p.name, p.width);
        let _ = writeln!(
            s,
            "pub const {}: Port = Port({i});",
            p.name.to_ascii_uppercase()
        );
    }
    s.push_str("\n/// Every port, in table order.\npub const ALL: [Port; COUNT] = [\n");
    for p in ports {
        let _ = writeln!(s, "    {},", p.name.to_ascii_uppercase());
    }
    s.push_str("];\n\n");
    s.push_str("/// Name, direction and width of every port, indexed by [`Port`].\n");
    s.push_str("pub(super) const INFO: [PortInfo; COUNT] = [\n");
    for p in ports {
        let dir = match p.dir {
            Dir::In => "Dir::In",
            Dir::Out => "Dir::Out",
            Dir::InOut => "Dir::InOut",
        };
        let _ = writeln!(
            s,
            "    PortInfo {{ name: \"{}\", dir: {dir}, width: {} }},",
            p.name, p.width
        );
    }
    s.push_str("];\n\n");
    s.push_str("/// Storage type of every port, indexed by [`Port`].\n");
    s.push_str("pub(super) const STORAGE: [Storage; COUNT] = [\n");
    for p in ports {
        let st = match p.storage {
            Storage::U8 => "Storage::U8".to_string(),
            Storage::U16 => "Storage::U16".to_string(),
            Storage::U32 => "Storage::U32".to_string(),
            Storage::U64 => "Storage::U64".to_string(),
            Storage::Wide(w) => format!("Storage::Wide({w})"),
        };
        let _ = writeln!(s, "    {st},");
    }
    s.push_str("];\n");
    s
}

/// Compiles `csrc/wn_model.cpp` into `libwn_model_shim.a`, unless its
/// inputs are unchanged since the last build.
fn build_shim(manifest: &Path, out: &Path, model_dir: &Path, vlrt: &Vlrt) {
    let csrc = manifest.join("csrc");
    println!("cargo:rerun-if-changed={}", csrc.display());
    let sources = [csrc.join("wn_model.cpp"), csrc.join("wn_model.h")];
    let mut h = Fnv::new();
    h.add_bytes(SCRIPT);
    h.add(&vlrt.version);
    h.add(&vlrt.cxx);
    h.add(&vlrt.cxxflags);
    for f in sources.iter().chain([
        &out.join("wn_core_ports.inc"),
        &model_dir.join(format!("{PREFIX}.h")),
    ]) {
        println!("cargo:rerun-if-changed={}", f.display());
        h.add_bytes(&read(f));
    }
    let stamp = out.join("shim.stamp");
    let hash = h.hex();
    if stamp_matches(&stamp, &hash) && out.join("libwn_model_shim.a").is_file() {
        println!("cargo:rustc-link-search=native={}", out.display());
        println!("cargo:rustc-link-lib=static=wn_model_shim");
        return;
    }
    let mut b = cc::Build::new();
    b.cpp(true)
        .compiler(&vlrt.cxx)
        .file(&sources[0])
        .include(&csrc)
        .include(out)
        .opt_level(2)
        .debug(false)
        .warnings(true)
        .cpp_link_stdlib(None);
    // Verilator's and the generated headers are not ours to keep free of
    // warnings: include them as system headers.
    for dir in [
        model_dir.to_path_buf(),
        vlrt.include.clone(),
        vlrt.include.join("vltstd"),
    ] {
        b.flag("-isystem").flag(dir.display().to_string());
    }
    for f in vlrt.flags() {
        b.flag(f);
    }
    b.compile("wn_model_shim");
    write(&stamp, hash.as_bytes());
}

/// 64-bit FNV-1a, a stable hash for build stamps.
struct Fnv(u64);

impl Fnv {
    fn new() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
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

    fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}
