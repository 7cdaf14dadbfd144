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
use std::process::Command;

#[path = "vlbuild.rs"]
mod vlbuild;
use vlbuild::*;

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
const SHARED: &[u8] = include_bytes!("vlbuild.rs");

fn main() {
    let manifest = PathBuf::from(env_var("CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(env_var("OUT_DIR"));
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=vlbuild.rs");
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
    h.add_bytes(SHARED);
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
        sync_dir(&stage, &model_dir, PREFIX);
        make(&model_dir, &margs, "the Verilated model");
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
    h.add_bytes(SHARED);
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
