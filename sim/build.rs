//! Builds the Verilated model of `wn_core` and its bridge with
//! `warpnic-vlbuild`; `src/model.rs` includes the generated port constants.
//!
//! The RTL is `hw/rtl/gen/*_pkg.sv`, the other `*_pkg.sv` under `hw/rtl`,
//! then every other `*.sv` under `hw/rtl` (sorted; directories named `tb` or
//! `test` are skipped), after the lint waivers `hw/lint/*.vlt`.
//! `WARPNIC_HW_DIR` names another `hw` directory to build from, and
//! `WARPNIC_VERILATOR_FLAGS` adds Verilator options (for experiments).
//! The build is skipped when nothing it depends on changed; the Verilator
//! runtime comes from `warpnic-vlrt`.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};

use warpnic_vlbuild::{build_models, env_var, fail, link_models, ModelSpec};

/// Widest signal written to a wave trace (Verilator's default is 256 bits,
/// which would leave the 512-bit datapath out of the waves).
const TRACE_MAX_WIDTH: &str = "4096";

fn main() {
    let manifest = PathBuf::from(env_var("CARGO_MANIFEST_DIR"));
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=WARPNIC_HW_DIR");

    let hw = env::var_os("WARPNIC_HW_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest.join("..").join("hw"));
    let hw = fs::canonicalize(&hw)
        .unwrap_or_else(|e| fail(&format!("RTL directory {} not found: {e}", hw.display())));
    let inputs = Inputs::collect(&hw);
    inputs.emit_rerun(&hw);

    let spec = ModelSpec {
        name: "wn_core".into(),
        top_module: "wn_core".into(),
        files: inputs.waivers.into_iter().chain(inputs.sources).collect(),
        incdirs: inputs.incdirs,
        deps: inputs.others,
        params: Vec::new(),
        args: vec!["--trace-max-width".into(), TRACE_MAX_WIDTH.into()],
    };
    link_models(&build_models(&[spec]));
}

/// The RTL and waiver files of one build.
struct Inputs {
    /// Lint waivers, sorted.
    waivers: Vec<PathBuf>,
    /// Sources in compile order: generated packages, other packages, the rest.
    sources: Vec<PathBuf>,
    /// The other files under `hw/rtl` (include files).
    others: Vec<PathBuf>,
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
        let mut others = Vec::new();
        for p in &all {
            if !is_sv(&p) {
                others.push(p.clone());
            } else if is_pkg(p) && p.parent() == Some(gen.as_path()) {
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

        let mut incdirs = vec![rtl];
        if gen.is_dir() {
            incdirs.push(gen);
        }
        Inputs {
            waivers,
            sources,
            others,
            incdirs,
        }
    }

    /// Reruns the build script when an RTL file or waiver is added or
    /// removed (`warpnic-vlbuild` watches the files themselves).
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
