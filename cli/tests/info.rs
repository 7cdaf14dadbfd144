//! `warpnic info` on a simulated NIC: the JSON report names every register
//! block, lists every counter of the STATS block by name, and gives the
//! capacities the core was built with; the text report prints one counter
//! per line.

use std::process::Command;

use serde_json::Value;
use warpnic_abi::gen::{self, regs};

fn run(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_warpnic"))
        .arg("info")
        .args(args)
        .output()
        .expect("run warpnic info");
    assert!(
        out.status.success(),
        "warpnic info {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

#[test]
fn json_report_names_blocks_counters_and_capacities() {
    let v: Value = serde_json::from_str(&run(&["--json"])).expect("one JSON object");
    assert_eq!(v["build_id"], gen::BUILD_ID);
    assert_eq!(v["node_type"], "RNIC");
    assert_eq!(v["transport"], "iWARP");

    let blocks = v["blocks"].as_array().expect("blocks");
    let names: Vec<&str> = blocks.iter().filter_map(|b| b["name"].as_str()).collect();
    let expected: Vec<&str> = regs::BLOCKS.iter().map(|&(n, _, _)| n).collect();
    assert_eq!(
        names, expected,
        "every block found, by name, in address order"
    );
    for b in blocks {
        assert_eq!(b["version"], "1.0", "block {}", b["name"]);
    }

    let counters = v["counters"].as_object().expect("counters");
    assert_eq!(counters.len(), regs::stats::REGISTERS.len());
    for &(name, _, _) in regs::stats::REGISTERS {
        let key = name.to_ascii_lowercase();
        assert!(counters[&key].is_u64(), "counter {key}");
    }

    let c = &v["capacities"];
    // the simulated core's parameters (hw/rtl/wn_core.sv defaults)
    assert_eq!(c["qps"], 1024);
    assert_eq!(c["cqs"], 8);
    assert_eq!(c["eqs"], 4);
    assert_eq!(c["mrs"], 4096);
    assert_eq!(c["tcp_connections"], 1024);
    assert_eq!(c["tcp_listeners"], 16);
    assert_eq!(c["max_sge"], gen::RDMA_MAX_SGE);
    assert_eq!(c["max_ird"], gen::RDMA_MAX_IRD);
    assert_eq!(c["max_ord"], gen::RDMA_MAX_ORD);
    assert_eq!(c["max_inline"], 0);
    assert_eq!(c["max_frame"], regs::ctrl::MAX_FRAME_RESET);
    assert_eq!(c["max_frame_limit"], gen::MAX_FRAME - 4);
}

#[test]
fn text_report_has_one_counter_per_line() {
    let t = run(&[]);
    for &(name, _, _) in regs::stats::REGISTERS {
        let key = format!("{}:", name.to_ascii_lowercase());
        let lines = t
            .lines()
            .filter(|l| l.trim_start().starts_with(&key))
            .count();
        assert_eq!(lines, 1, "one line for {key}:\n{t}");
    }
    for &(name, _, _) in regs::BLOCKS {
        assert!(
            t.lines().any(|l| l.trim_start().starts_with(name)),
            "block {name}:\n{t}"
        );
    }
    assert!(t.contains("max_qp:"), "{t}");
}
