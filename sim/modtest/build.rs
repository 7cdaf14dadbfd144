//! Builds one Verilated model per module test top listed in [`TOPS`] with
//! `warpnic-vlbuild` (the build-time half of the Verilator bridge shared
//! with the system simulator), and generates `tops.rs`: one Rust module per
//! top, holding its name, its parameters and its generated port constants,
//! and the table `ModModel` finds tops in.
//!
//! Every top is built from the lint waivers `hw/lint/*.vlt`, the packages
//! (`hw/rtl/gen/*_pkg.sv`, then the other `hw/rtl/*_pkg.sv`) and its own
//! files, with its `-G` parameter overrides. The tops build side by side,
//! and only those whose inputs changed are rebuilt. `WARPNIC_HW_DIR` names
//! another `hw` directory to build from.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use warpnic_vlbuild::{build_models, env_var, fail, link_models, write_if_changed, ModelSpec};

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
        files: &["rtl/wn_fifo.sv", "rtl/wn_fifo_nx.sv", "rtl/wn_tcp_rx_place.sv"],
        params: &[("BufBytes", "16384"), ("Slots", "4")],
        doc: "`wn_tcp_rx_place` with a 16 KiB frame buffer (one 9018-byte frame and a bit) and 4 frame slots.",
    },
    Top {
        name: "wn_tcp_engine",
        module: "wn_tcp_engine",
        files: &[
            "rtl/wn_fifo.sv", "rtl/wn_fifo_nx.sv",
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
        name: "wn_ctx_ram",
        module: "wn_ctx_ram",
        files: &["rtl/wn_ctx_ram.sv"],
        params: &[("Depth", "16"), ("Width", "72"), ("NumRd", "3")],
        doc: "`wn_ctx_ram` with 16 entries of 72 bits and 3 read ports (few entries, so ports and writes collide often).",
    },
    Top {
        name: "wn_rdma_msg_log",
        module: "wn_rdma_msg_log",
        files: &["rtl/wn_fifo.sv", "rtl/wn_fifo_nx.sv", "rtl/wn_rdma_msg_log.sv"],
        params: &[("NumQp", "8"), ("LogDepth", "16"), ("NumRd", "2"), ("PoolRecs", "32"), ("PageRecs", "2")],
        doc: "`wn_rdma_msg_log` with 8 QPs of 16 records in a pool of 16 pages of 2 (a quarter of the rings: the pool runs out often).",
    },
    Top {
        name: "wn_runs",
        module: "wn_runs",
        files: &["rtl/wn_runs.sv"],
        params: &[("Runs", "4"), ("QpW", "3"), ("CntW", "5"), ("NumQ", "2")],
        doc: "`wn_runs` with 4 runs of up to 31 packets, 8 QPs and 2 query ports (few runs and QPs, so the list fills and QPs repeat often).",
    },
    Top {
        name: "wn_work_list",
        module: "wn_work_list",
        files: &["rtl/wn_fifo.sv", "rtl/wn_fifo_nx.sv", "rtl/wn_rr_arb.sv", "rtl/wn_work_list.sv"],
        params: &[("NumQp", "16"), ("NumEv", "2")],
        doc: "`wn_work_list` with 16 QPs and 2 event ports (few QPs, so events meet queued QPs and the unit's own often).",
    },
    Top {
        name: "wn_fifo_nx",
        module: "wn_fifo_nx",
        files: &["rtl/wn_fifo_nx.sv"],
        params: &[("Width", "40"), ("Depth", "16")],
        doc: "`wn_fifo_nx` (`wn_fifo` and its next head) with `Width = 40`, `Depth = 16`.",
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
            "rtl/wn_fifo.sv", "rtl/wn_fifo_nx.sv",
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
        files: &["rtl/wn_fifo.sv", "rtl/wn_fifo_nx.sv", "rtl/wn_crc32c.sv", "rtl/wn_mpa_tx.sv"],
        params: &[],
        doc: "`wn_mpa_tx`, the MPA FPDU framer.",
    },
    Top {
        name: "wn_mpa_rx",
        module: "wn_mpa_rx",
        files: &["rtl/wn_fifo.sv", "rtl/wn_fifo_nx.sv", "rtl/wn_crc32c.sv", "rtl/wn_mpa_rx.sv"],
        params: &[],
        doc: "`wn_mpa_rx`, the MPA FPDU deframer.",
    },
    Top {
        name: "wn_ddp_rx",
        module: "wn_ddp_rx",
        files: &["rtl/wn_fifo.sv", "rtl/wn_fifo_nx.sv", "rtl/wn_ddp_rx_tail.sv", "rtl/wn_ddp_rx.sv"],
        params: &[("QpW", "4")],
        doc: "`wn_ddp_rx`, DDP/RDMAP receive, with 16 QPs.",
    },
    Top {
        name: "wn_rdmap_tx",
        module: "wn_rdmap_tx",
        files: &["rtl/wn_fifo.sv", "rtl/wn_fifo_nx.sv", "rtl/wn_rdmap_tx.sv"],
        params: &[("MaxSegs", "64"), ("MaxReads", "64"), ("BufBeats", "256")],
        doc: "`wn_rdmap_tx` with its defaults: 64 segment records, 64 reads, a 16 KiB response buffer.",
    },
];

fn main() {
    let manifest = PathBuf::from(env_var("CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(env_var("OUT_DIR"));
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=WARPNIC_HW_DIR");

    let hw = env::var_os("WARPNIC_HW_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest.join("..").join("..").join("hw"));
    let hw = fs::canonicalize(&hw)
        .unwrap_or_else(|e| fail(&format!("RTL directory {} not found: {e}", hw.display())));
    let common = Common::collect(&hw);
    common.emit_rerun(&hw);

    let specs: Vec<ModelSpec> = TOPS
        .iter()
        .map(|top| top.spec(&hw, &manifest, &common))
        .collect();
    let built = build_models(&specs);

    let mut rust = String::new();
    rust.push_str("// Module test tops, generated by sim/modtest/build.rs. Do not edit.\n\n");
    for top in TOPS {
        gen_top_module(&mut rust, top);
    }
    gen_top_table(&mut rust);
    write_if_changed(&out.join("tops.rs"), rust.as_bytes());
    link_models(&built);
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

    /// Reruns the build script when a package or waiver is added or
    /// removed (`warpnic-vlbuild` watches the files themselves).
    fn emit_rerun(&self, hw: &Path) {
        for d in [hw.join("rtl"), hw.join("rtl").join("gen"), hw.join("lint")] {
            if d.is_dir() {
                println!("cargo:rerun-if-changed={}", d.display());
            }
        }
    }
}

impl Top {
    /// The model to build for this top.
    fn spec(&self, hw: &Path, manifest: &Path, common: &Common) -> ModelSpec {
        let mut files: Vec<PathBuf> = common.waivers.clone();
        files.extend(common.packages.iter().cloned());
        files.extend(self.files.iter().map(|f| match f.strip_prefix("modtest/") {
            Some(rest) => manifest.join(rest),
            None => hw.join(f),
        }));
        ModelSpec {
            name: self.name.to_string(),
            top_module: self.module.to_string(),
            files,
            incdirs: common.incdirs.clone(),
            deps: Vec::new(),
            params: self
                .params
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            args: Vec::new(),
        }
    }
}

/// One Rust module per top: its name, module, parameters and port constants.
fn gen_top_module(s: &mut String, t: &Top) {
    let params: Vec<String> = t
        .params
        .iter()
        .map(|(k, v)| format!("(\"{k}\", \"{v}\")"))
        .collect();
    let _ = write!(
        s,
        "/// Test top `{n}`: {doc}\n\
         pub mod {n} {{\n\
         \x20   /// Name of the test top, for [`ModModel::new`](crate::ModModel::new).\n\
         \x20   pub const NAME: &str = \"{n}\";\n\
         \x20   /// The SystemVerilog module at the top.\n\
         \x20   pub const MODULE: &str = \"{m}\";\n\
         \x20   /// Parameter overrides the model was built with (name, value).\n\
         \x20   pub const PARAMS: &[(&str, &str)] = &[{params}];\n\
         \x20   pub mod ports {{\n\
         \x20       //! One constant per top-level port, generated from the model header,\n\
         \x20       //! and the top's [`Top`](warpnic_vlrt::Top), `TOP`.\n\
         \x20       include!(concat!(env!(\"OUT_DIR\"), \"/{n}/ports.rs\"));\n\
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
    let _ = writeln!(s, "/// Every test top, in table order.");
    let _ = writeln!(
        s,
        "pub(crate) static TOPS: [&warpnic_vlrt::Top; {}] = [",
        TOPS.len()
    );
    for t in TOPS {
        let _ = writeln!(s, "    &{}::ports::TOP,", t.name);
    }
    s.push_str("];\n");
}
