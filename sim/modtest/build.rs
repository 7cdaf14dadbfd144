//! Builds one Verilated model per module test top listed in [`TOPS`], with
//! a C++ shim and a Rust port table for each.
//!
//! For every test top:
//!
//! 1. Runs `verilator --cc -Wall --assert --trace-fst -O3 -fno-case` on the
//!    lint waivers `hw/lint/*.vlt`, the packages (`hw/rtl/gen/*_pkg.sv`, then
//!    the other `hw/rtl/*_pkg.sv`) and the top's own files, with the top's
//!    `-G` parameter overrides, into a staging directory under
//!    `OUT_DIR/<name>/`; copies the generated files that changed into
//!    `OUT_DIR/<name>/model/` and builds the model archive there with the
//!    generated makefile (sharing Cargo's jobserver). Both steps are skipped
//!    when the inputs, the options, this script and the Verilator version
//!    hash to the same value as last time. The tops build in parallel.
//! 2. Generates the port table from the model header `V<name>.h`: a C++
//!    include that fills the table at construction and a Rust file with one
//!    constant per port.
//! 3. Generates `OUT_DIR/<name>/shim.cpp`, which compiles the generic shim
//!    `csrc/mt_shim.h` for that model: every C function of the shim carries
//!    the prefix `mt_<name>_`, so the shims of all tops link side by side.
//!
//! The Verilator runtime comes from `warpnic-vlrt` (`DEP_WARPNIC_VLRT_*`).
//! `WARPNIC_HW_DIR` names another `hw` directory to build from.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread;

#[path = "../vlbuild.rs"]
mod vlbuild;
use vlbuild::*;

/// One module test top.
struct Top {
    /// Name of the test top: the Rust module (`warpnic_modtest::<name>`),
    /// the C++ class (`V<name>`) and the shim prefix (`mt_<name>_`).
    name: &'static str,
    /// The SystemVerilog module at the top.
    module: &'static str,
    /// Source files in compile order after the packages: relative to `hw/`
    /// (`rtl/...`), or to this crate when they start with `modtest/`.
    files: &'static [&'static str],
    /// Parameter overrides (`-G<name>=<value>`).
    params: &'static [(&'static str, &'static str)],
    /// One line on what the top is, for the Rust docs.
    doc: &'static str,
}

/// The module test tops. Add a top here, then write its test under
/// `tests/` (see the crate documentation).
const TOPS: &[Top] = &[
    Top {
        name: "wn_tcp_rx_place",
        module: "wn_tcp_rx_place",
        files: &["rtl/wn_fifo.sv", "rtl/wn_tcp_rx_place.sv"],
        params: &[("BufBytes", "16384"), ("Slots", "4")],
        doc: "`wn_tcp_rx_place` with a 16 KiB frame buffer (one 9018-byte frame and a bit) and 4 frame slots.",
    },
    Top {
        name: "wn_tcp_engine",
        module: "wn_tcp_engine",
        files: &[
            "rtl/wn_fifo.sv",
            "rtl/wn_tcp_rx_parse.sv",
            "rtl/wn_tcp_tx_hdr.sv",
            "rtl/wn_tcb_lookup.sv",
            "rtl/wn_tcp_seq_check.sv",
            "rtl/wn_tcp_cc.sv",
            "rtl/wn_tcp_rto.sv",
            "rtl/wn_tcp_tx_seg.sv",
            "rtl/wn_tcp_rx_place.sv",
            "rtl/wn_rr_arb.sv",
            "rtl/wn_tx_mux.sv",
            "rtl/wn_tcp_rx_front.sv",
            "rtl/wn_tcp_rx_data.sv",
            "rtl/wn_tcp_cpl_io.sv",
            "rtl/wn_tcb_table.sv",
            "rtl/wn_tcb_view.sv",
            "rtl/wn_tcp_listen.sv",
            "rtl/wn_tcp_opt_walk.sv",
            "rtl/wn_tcp_ack_calc.sv",
            "rtl/wn_tcp_rx_proc.sv",
            "rtl/wn_tcp_cpl_proc.sv",
            "rtl/wn_tcp_tmr_proc.sv",
            "rtl/wn_tcp_tx_proc.sv",
            "rtl/wn_tcp_fsm.sv",
            "rtl/wn_tcp_tx.sv",
            "rtl/wn_tcp_engine.sv",
        ],
        params: &[("NumConns", "16"), ("NumListen", "4"), ("ClockMhz", "10")],
        doc: "`wn_tcp_engine` with `NumConns = 16`, `NumListen = 4` and a 10-cycle microsecond (short timers).",
    },
    Top {
        name: "wn_tcp_cc",
        module: "wn_tcp_cc",
        files: &["rtl/wn_tcp_cc.sv"],
        params: &[],
        doc: "`wn_tcp_cc`.",
    },
    Top {
        name: "wn_tcp_rto",
        module: "wn_tcp_rto",
        files: &["rtl/wn_tcp_rto.sv"],
        params: &[],
        doc: "`wn_tcp_rto`.",
    },
    Top {
        name: "wn_tcp_tx_hdr",
        module: "wn_tcp_tx_hdr",
        files: &["rtl/wn_tcp_tx_hdr.sv"],
        params: &[],
        doc: "`wn_tcp_tx_hdr`.",
    },
    Top {
        name: "wn_tcp_seq_check",
        module: "wn_tcp_seq_check",
        files: &["rtl/wn_tcp_seq_check.sv"],
        params: &[],
        doc: "`wn_tcp_seq_check`.",
    },
    Top {
        name: "wn_tcp_rx_parse",
        module: "wn_tcp_rx_parse",
        files: &["rtl/wn_tcp_rx_parse.sv"],
        params: &[],
        doc: "`wn_tcp_rx_parse`.",
    },
    Top {
        name: "wn_tcb_lookup",
        module: "wn_tcb_lookup",
        files: &["rtl/wn_tcb_lookup.sv"],
        params: &[("NumConns", "64"), ("CamDepth", "4")],
        doc: "`wn_tcb_lookup` with `NumConns = 64`, `CamDepth = 4` (small, so buckets collide and fill).",
    },
    Top {
        name: "wn_mr_table",
        module: "wn_mr_table",
        files: &["rtl/wn_mr_table.sv"],
        params: &[],
        doc: "`wn_mr_table` with its defaults: 4096 entries, 16-bit PDs, 40-bit region lengths.",
    },
    Top {
        name: "wn_fifo",
        module: "wn_fifo",
        files: &["rtl/wn_fifo.sv"],
        params: &[("Width", "40"), ("Depth", "16")],
        doc: "`wn_fifo` with `Width = 40`, `Depth = 16`.",
    },
    Top {
        name: "wn_rr_arb",
        module: "wn_rr_arb",
        files: &["rtl/wn_rr_arb.sv"],
        params: &[("N", "5")],
        doc: "`wn_rr_arb` with `N = 5`.",
    },
    Top {
        name: "wn_wq_ring",
        module: "wn_wq_ring",
        files: &["rtl/wn_wq_ring.sv"],
        params: &[],
        doc: "`wn_wq_ring`, one work-queue ring context.",
    },
    Top {
        name: "mt_assert_probe",
        module: "mt_assert_probe",
        files: &["modtest/rtl/mt_assert_probe.sv"],
        params: &[],
        doc: "A register with an assertion, to check that a failed RTL \
              assertion reaches Rust as an error.",
    },
    Top {
        name: "wn_tcp_tx_seg",
        module: "wn_tcp_tx_seg",
        files: &[
            "rtl/wn_fifo.sv",
            "rtl/wn_tcp_tx_hdr.sv",
            "rtl/wn_tcp_tx_seg.sv",
        ],
        params: &[("BufBeats", "512"), ("MaxSegs", "16"), ("MaxReads", "32")],
        doc: "`wn_tcp_tx_seg` with a 32 KiB TX buffer (`BufBeats = 512`), `MaxSegs = 16`, `MaxReads = 32`.",
    },
    Top {
        name: "wn_crc32c",
        module: "wn_crc32c",
        files: &["rtl/wn_crc32c.sv"],
        params: &[("UserWidth", "16")],
        doc: "`wn_crc32c` with a 16-bit user field.",
    },
    Top {
        name: "wn_mpa_tx",
        module: "wn_mpa_tx",
        files: &["rtl/wn_fifo.sv", "rtl/wn_crc32c.sv", "rtl/wn_mpa_tx.sv"],
        params: &[],
        doc: "`wn_mpa_tx`, the MPA FPDU framer.",
    },
    Top {
        name: "wn_mpa_rx",
        module: "wn_mpa_rx",
        files: &["rtl/wn_fifo.sv", "rtl/wn_crc32c.sv", "rtl/wn_mpa_rx.sv"],
        params: &[],
        doc: "`wn_mpa_rx`, the MPA FPDU deframer.",
    },
    Top {
        name: "wn_ddp_rx",
        module: "wn_ddp_rx",
        files: &["rtl/wn_fifo.sv", "rtl/wn_ddp_rx_tail.sv", "rtl/wn_ddp_rx.sv"],
        params: &[("QpW", "4")],
        doc: "`wn_ddp_rx`, DDP/RDMAP receive, with 16 QPs.",
    },
    Top {
        name: "wn_rdmap_tx",
        module: "wn_rdmap_tx",
        files: &["rtl/wn_fifo.sv", "rtl/wn_rdmap_tx.sv"],
        params: &[("MaxSegs", "64"), ("MaxReads", "64"), ("BufBeats", "256")],
        doc: "`wn_rdmap_tx` with its defaults: 64 segment records, 64 reads, a 16 KiB response buffer.",
    },
];

/// Optimisation of the models' hot code.
const OPT_FAST: &str = "-O2";
/// This script's own source: a change to it invalidates the build stamps.
const SCRIPT: &[u8] = include_bytes!("build.rs");
const SHARED: &[u8] = include_bytes!("../vlbuild.rs");

fn main() {
    let manifest = PathBuf::from(env_var("CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(env_var("OUT_DIR"));
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=../vlbuild.rs");
    println!("cargo:rerun-if-env-changed=WARPNIC_HW_DIR");

    let hw = env::var_os("WARPNIC_HW_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest.join("..").join("..").join("hw"));
    let hw = fs::canonicalize(&hw)
        .unwrap_or_else(|e| fail(&format!("RTL directory {} not found: {e}", hw.display())));
    let vlrt = Vlrt::from_env();
    let common = Common::collect(&hw);
    common.emit_rerun(&hw);

    let csrc = manifest.join("csrc");
    println!("cargo:rerun-if-changed={}", csrc.display());
    let shim_header = csrc.join("mt_shim.h");
    println!("cargo:rerun-if-changed={}", shim_header.display());

    let jobs: Vec<Job> = TOPS
        .iter()
        .map(|top| Job::new(top, &hw, &manifest, &out, &common))
        .collect();
    // Verilate and make the tops side by side (make takes its job slots
    // from Cargo's jobserver).
    thread::scope(|s| {
        for job in &jobs {
            let vlrt = &vlrt;
            s.spawn(move || job.build_model(vlrt));
        }
    });

    let mut rust = String::new();
    rust.push_str("// Module test tops, generated by sim/modtest/build.rs. Do not edit.\n\n");
    let mut shims = Vec::new();
    for job in &jobs {
        let ports = parse_header(&job.header());
        write_if_changed(
            &job.dir.join("ports.inc"),
            gen_cpp(job.top, &ports).as_bytes(),
        );
        write_if_changed(
            &job.dir.join("ports.rs"),
            gen_rust(job.top, &ports).as_bytes(),
        );
        write_if_changed(&job.shim(), gen_shim(job.top).as_bytes());
        gen_top_module(&mut rust, job);
        shims.push(job.shim());
    }
    gen_top_table(&mut rust);
    write_if_changed(&out.join("tops.rs"), rust.as_bytes());

    build_shims(&csrc, &out, &jobs, &shims, &vlrt);
    // The shims call into the models, the models into the runtime (linked
    // by warpnic-vlrt, which comes later on the link line).
    println!("cargo:rustc-link-search=native={}", out.display());
    for job in &jobs {
        println!("cargo:rustc-link-lib=static=mt_{}_model", job.top.name);
    }
}

fn list_files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == ext))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// The files every top is built with: waivers and packages.
struct Common {
    waivers: Vec<PathBuf>,
    packages: Vec<PathBuf>,
    incdirs: Vec<PathBuf>,
}

impl Common {
    fn collect(hw: &Path) -> Self {
        let rtl = hw.join("rtl");
        let gen = rtl.join("gen");
        if !rtl.is_dir() {
            fail(&format!("{} is not a directory", rtl.display()));
        }
        let is_pkg = |p: &PathBuf| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().ends_with("_pkg.sv"))
        };
        let mut packages: Vec<PathBuf> =
            list_files(&gen, "sv").into_iter().filter(is_pkg).collect();
        packages.extend(list_files(&rtl, "sv").into_iter().filter(is_pkg));
        let mut incdirs = vec![rtl];
        if gen.is_dir() {
            incdirs.push(gen);
        }
        Common {
            waivers: list_files(&hw.join("lint"), "vlt"),
            packages,
            incdirs,
        }
    }

    /// Reruns the build script when a package or waiver changes, or one is
    /// added or removed. (Each top's own files are watched by its job.)
    fn emit_rerun(&self, hw: &Path) {
        for d in [hw.join("rtl"), hw.join("rtl").join("gen"), hw.join("lint")] {
            if d.is_dir() {
                println!("cargo:rerun-if-changed={}", d.display());
            }
        }
        for f in self.waivers.iter().chain(&self.packages) {
            println!("cargo:rerun-if-changed={}", f.display());
        }
    }
}

/// The build of one test top.
struct Job {
    top: &'static Top,
    /// `OUT_DIR/<name>`.
    dir: PathBuf,
    /// Verilator's arguments (staging into `dir/verilated`).
    vargs: Vec<String>,
    /// Every file whose content feeds the model.
    hashed: Vec<PathBuf>,
    /// The archive the link uses: `OUT_DIR/libmt_<name>_model.a`.
    archive: PathBuf,
}

impl Job {
    fn new(top: &'static Top, hw: &Path, manifest: &Path, out: &Path, common: &Common) -> Self {
        let ok_name = |s: &str| {
            !s.is_empty()
                && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && s.starts_with(|c: char| c.is_ascii_lowercase())
        };
        if !ok_name(top.name) || !ok_name(top.module) {
            fail(&format!(
                "test top `{}`: names must be lower-case identifiers",
                top.name
            ));
        }
        let dir = out.join(top.name);
        let mut files = Vec::new();
        for f in top.files {
            let p = match f.strip_prefix("modtest/") {
                Some(rest) => manifest.join(rest),
                None => hw.join(f),
            };
            if !p.is_file() {
                fail(&format!(
                    "test top `{}`: {} not found",
                    top.name,
                    p.display()
                ));
            }
            println!("cargo:rerun-if-changed={}", p.display());
            files.push(p);
        }
        let mut vargs: Vec<String> = [
            "--cc",
            "--top-module",
            top.module,
            "--prefix",
            &format!("V{}", top.name),
            "-Wall",
            "--assert",
            "--trace-fst",
            "-O3",
            "-fno-case",
            "--x-assign",
            "fast",
            "--x-initial",
            "unique",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        for (k, v) in top.params {
            vargs.push(format!("-G{k}={v}"));
        }
        vargs.push("--Mdir".into());
        vargs.push(dir.join("verilated").display().to_string());
        for d in &common.incdirs {
            vargs.push(format!("-I{}", d.display()));
        }
        let mut hashed: Vec<PathBuf> = common.waivers.clone();
        hashed.extend(common.packages.iter().cloned());
        hashed.extend(files);
        for f in &hashed {
            vargs.push(f.display().to_string());
        }
        Job {
            top,
            archive: out.join(format!("libmt_{}_model.a", top.name)),
            dir,
            vargs,
            hashed,
        }
    }

    fn prefix(&self) -> String {
        format!("V{}", self.top.name)
    }

    /// The generated shim, `OUT_DIR/<name>/<name>_shim.cpp` (distinct file
    /// names give distinct object names in the shared archive).
    fn shim(&self) -> PathBuf {
        self.dir.join(format!("{}_shim.cpp", self.top.name))
    }

    fn model_dir(&self) -> PathBuf {
        self.dir.join("model")
    }

    fn header(&self) -> PathBuf {
        self.model_dir().join(format!("{}.h", self.prefix()))
    }

    fn make_args(&self, vlrt: &Vlrt) -> Vec<String> {
        let prefix = self.prefix();
        let mut cppflags: Vec<&str> = vlrt.flags().collect();
        cppflags.push("-fPIC");
        vec![
            "-f".into(),
            format!("{prefix}.mk"),
            format!("{prefix}__ALL.a"),
            format!("CXX={}", vlrt.cxx),
            format!("OPT_FAST={OPT_FAST}"),
            format!("USER_CPPFLAGS={}", cppflags.join(" ")),
        ]
    }

    /// Verilates and makes the model unless its stamp says it is current.
    fn build_model(&self, vlrt: &Vlrt) {
        let margs = self.make_args(vlrt);
        let mut h = Fnv::new();
        h.add_bytes(SCRIPT);
        h.add_bytes(SHARED);
        h.add(&vlrt.version);
        h.add(&vlrt.cxx);
        h.add(&vlrt.cxxflags);
        self.vargs.iter().for_each(|a| h.add(a));
        margs.iter().for_each(|a| h.add(a));
        for f in &self.hashed {
            h.add(&f.display().to_string());
            h.add_bytes(&read(f));
        }
        let stamp = self.dir.join("model.stamp");
        let hash = h.hex();
        if stamp_matches(&stamp, &hash) && self.archive.is_file() && self.header().is_file() {
            return;
        }
        let stage = self.dir.join("verilated");
        fs::create_dir_all(&self.dir)
            .unwrap_or_else(|e| fail(&format!("cannot create {}: {e}", self.dir.display())));
        if stage.exists() {
            fs::remove_dir_all(&stage)
                .unwrap_or_else(|e| fail(&format!("cannot clear {}: {e}", stage.display())));
        }
        let out = Command::new(&vlrt.verilator)
            .args(&self.vargs)
            .output()
            .unwrap_or_else(|e| fail(&format!("cannot run {}: {e}", vlrt.verilator.display())));
        if !out.status.success() {
            fail(&format!(
                "verilator rejected test top `{}` (lint with -Wall is required; waivers go in \
                 hw/lint/*.vlt, each with its reason):\n{}{}",
                self.top.name,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        let model_dir = self.model_dir();
        sync_dir(&stage, &model_dir, &format!("V{}", self.top.name));
        make(
            &model_dir,
            &margs,
            &format!("the Verilated test top `{}`", self.top.name),
        );
        let built = model_dir.join(format!("{}__ALL.a", self.prefix()));
        fs::copy(&built, &self.archive)
            .unwrap_or_else(|e| fail(&format!("cannot copy {}: {e}", built.display())));
        write(&stamp, hash.as_bytes());
    }
}

fn gen_cpp(top: &Top, ports: &[PortDecl]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "// Port table of the test top {}, generated by sim/modtest/build.rs from\n\
         // the model header. Do not edit.",
        top.name
    );
    let _ = writeln!(s, "#define MT_PORT_COUNT {}", ports.len());
    let _ = writeln!(
        s,
        "static void mt_fill_ports(V{}* top, mt_port_entry* t) {{",
        top.name
    );
    for (i, p) in ports.iter().enumerate() {
        let dir = match p.dir {
            Dir::In => "MT_DIR_IN",
            Dir::Out => "MT_DIR_OUT",
            Dir::InOut => "MT_DIR_INOUT",
        };
        let _ = writeln!(
            s,
            "    t[{i}] = mt_port_entry{{\"{n}\", {dir}, {w}, static_cast<void*>(&top->{n})}};",
            n = p.name,
            w = p.width
        );
    }
    s.push_str("}\n");
    s
}

fn gen_rust(top: &Top, ports: &[PortDecl]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "// Port table of the test top {}, generated by sim/modtest/build.rs from\n\
         // the model header. Do not edit.\n",
        top.name
    );
    let _ = writeln!(s, "/// Number of top-level ports.");
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
            "pub const {}: Port = Port::new(super::TOP, {i});",
            p.name.to_ascii_uppercase()
        );
    }
    s.push_str("\n/// Every port, in table order.\npub const ALL: [Port; COUNT] = [\n");
    for p in ports {
        let _ = writeln!(s, "    {},", p.name.to_ascii_uppercase());
    }
    s.push_str("];\n\n");
    s.push_str("/// Name, direction, width and storage of every port, in table order.\n");
    s.push_str("pub(crate) const INFO: [PortInfo; COUNT] = [\n");
    for p in ports {
        let dir = match p.dir {
            Dir::In => "Dir::In",
            Dir::Out => "Dir::Out",
            Dir::InOut => "Dir::InOut",
        };
        let st = match p.storage {
            Storage::U8 => "Storage::U8".to_string(),
            Storage::U16 => "Storage::U16".to_string(),
            Storage::U32 => "Storage::U32".to_string(),
            Storage::U64 => "Storage::U64".to_string(),
            Storage::Wide(w) => format!("Storage::Wide({w})"),
        };
        let _ = writeln!(
            s,
            "    PortInfo {{ name: \"{}\", dir: {dir}, width: {}, storage: {st} }},",
            p.name, p.width
        );
    }
    s.push_str("];\n");
    s
}

/// The per-model translation unit: the generic shim with this model's
/// class, port table and C function prefix.
fn gen_shim(top: &Top) -> String {
    format!(
        "// Shim of the test top {n}, generated by sim/modtest/build.rs. Do not edit.\n\
         #include \"V{n}.h\"\n\
         #define MT_CLASS V{n}\n\
         #define MT_FN(f) mt_{n}_##f\n\
         #include \"mt_shim_pre.h\"\n\
         #include \"ports.inc\"\n\
         #include \"mt_shim.h\"\n",
        n = top.name
    )
}

/// One Rust module per top: its port constants and its C functions.
fn gen_top_module(s: &mut String, job: &Job) {
    let t = job.top;
    let idx = TOPS
        .iter()
        .position(|x| x.name == t.name)
        .unwrap_or_else(|| fail("test top missing from the table"));
    let params: Vec<String> = t
        .params
        .iter()
        .map(|(k, v)| format!("(\"{k}\", \"{v}\")"))
        .collect();
    let _ = write!(
        s,
        "/// Test top `{n}`: {doc}\n\
         pub mod {n} {{\n\
         \x20   /// Index of this top in the top table.\n\
         \x20   pub(crate) const TOP: u16 = {idx};\n\
         \x20   /// Name of the test top, for [`ModModel::new`](crate::ModModel::new).\n\
         \x20   pub const NAME: &str = \"{n}\";\n\
         \x20   /// The SystemVerilog module at the top.\n\
         \x20   pub const MODULE: &str = \"{m}\";\n\
         \x20   /// Parameter overrides the model was built with (name, value).\n\
         \x20   pub const PARAMS: &[(&str, &str)] = &[{params}];\n\
         \x20   pub mod ports {{\n\
         \x20       //! One constant per top-level port, generated from the model header.\n\
         \x20       use crate::{{Dir, Port, PortInfo, Storage}};\n\
         \x20       include!(concat!(env!(\"OUT_DIR\"), \"/{n}/ports.rs\"));\n\
         \x20   }}\n\
         \x20   pub(crate) mod ffi {{\n\
         \x20       use crate::ffi::{{MtModel, MtOpts, MtPortEntry}};\n\
         \x20       use std::ffi::{{c_char, c_int}};\n\
         \x20       extern \"C\" {{\n\
         \x20           pub fn mt_{n}_new(o: *const MtOpts, err: *mut c_char, len: usize) -> *mut MtModel;\n\
         \x20           pub fn mt_{n}_free(m: *mut MtModel);\n\
         \x20           pub fn mt_{n}_port_count() -> usize;\n\
         \x20           pub fn mt_{n}_ports(m: *const MtModel) -> *const MtPortEntry;\n\
         \x20           pub fn mt_{n}_eval(m: *mut MtModel) -> c_int;\n\
         \x20           pub fn mt_{n}_tick(m: *mut MtModel, n: u64, done: *mut u64) -> c_int;\n\
         \x20           pub fn mt_{n}_trace_open(m: *mut MtModel, path: *const c_char, err: *mut c_char, len: usize) -> c_int;\n\
         \x20           pub fn mt_{n}_trace_close(m: *mut MtModel);\n\
         \x20       }}\n\
         \x20   }}\n\
         }}\n\n",
        n = t.name,
        m = t.module,
        doc = t.doc,
        params = params.join(", "),
    );
}

/// The table [`ModModel`] looks tops up in.
fn gen_top_table(s: &mut String) {
    let _ = writeln!(s, "/// Every test top, indexed by its `TOP`.");
    let _ = writeln!(s, "pub(crate) static TOPS: [TopDesc; {}] = [", TOPS.len());
    for t in TOPS {
        let n = t.name;
        let _ = writeln!(
            s,
            "    TopDesc {{ name: {n}::NAME, ports: &{n}::ports::INFO, vtable: Vtable {{ \
             new: {n}::ffi::mt_{n}_new, free: {n}::ffi::mt_{n}_free, \
             port_count: {n}::ffi::mt_{n}_port_count, ports: {n}::ffi::mt_{n}_ports, \
             eval: {n}::ffi::mt_{n}_eval, tick: {n}::ffi::mt_{n}_tick, \
             trace_open: {n}::ffi::mt_{n}_trace_open, trace_close: {n}::ffi::mt_{n}_trace_close }} }},"
        );
    }
    s.push_str("];\n");
}

/// Compiles the per-model shims into `libmt_shims.a`, unless their inputs
/// are unchanged since the last build.
fn build_shims(csrc: &Path, out: &Path, jobs: &[Job], shims: &[PathBuf], vlrt: &Vlrt) {
    let mut h = Fnv::new();
    h.add_bytes(SCRIPT);
    h.add_bytes(SHARED);
    h.add(&vlrt.version);
    h.add(&vlrt.cxx);
    h.add(&vlrt.cxxflags);
    let mut inputs = vec![csrc.join("mt_shim.h"), csrc.join("mt_shim_pre.h")];
    for job in jobs {
        inputs.push(job.shim());
        inputs.push(job.dir.join("ports.inc"));
        inputs.push(job.header());
    }
    for f in &inputs {
        println!("cargo:rerun-if-changed={}", f.display());
        h.add(&f.display().to_string());
        h.add_bytes(&read(f));
    }
    let stamp = out.join("shims.stamp");
    let hash = h.hex();
    if stamp_matches(&stamp, &hash) && out.join("libmt_shims.a").is_file() {
        println!("cargo:rustc-link-search=native={}", out.display());
        println!("cargo:rustc-link-lib=static=mt_shims");
        return;
    }
    // The per-model shims include `ports.inc` from their own directory
    // (quoted includes look there first) and distinct model headers.
    let mut b = cc::Build::new();
    b.cpp(true)
        .compiler(&vlrt.cxx)
        .files(shims)
        .include(csrc)
        .opt_level(2)
        .debug(false)
        .warnings(true)
        .cpp_link_stdlib(None);
    // Verilator's and the generated headers are not ours to keep free of
    // warnings: include them as system headers.
    let mut sys: Vec<PathBuf> = jobs.iter().map(Job::model_dir).collect();
    sys.push(vlrt.include.clone());
    sys.push(vlrt.include.join("vltstd"));
    for dir in sys {
        b.flag("-isystem").flag(dir.display().to_string());
    }
    for f in vlrt.flags() {
        b.flag(f);
    }
    b.compile("mt_shims");
    write(&stamp, hash.as_bytes());
}
