//! The memory census against the real tools: a ten-line module whose table
//! is an unpacked array of a packed struct (Yosys 0.23 keeps one entry of
//! it, silently) fails the census; the same table written as
//! `logic [W-1:0] mem [N]` passes.
//!
//! These tests need Verilator and Yosys; without them they fail and say how
//! to install them.

mod common;

use common::{root, run, scratch};
use std::path::Path;
use std::process::{Command, Output};

const STRUCT_TABLE: &str = r#"
module census_probe (
  input  logic        clk_i, we_i,
  input  logic [7:0]  waddr_i, raddr_i,
  input  logic [15:0] wdata_i,
  output logic [15:0] rdata_o
);
  typedef struct packed { logic [7:0] a; logic [7:0] b; } s_t;
  s_t mem [256];
  always_ff @(posedge clk_i) begin
    if (we_i) mem[waddr_i] <= wdata_i;
    rdata_o <= mem[raddr_i];
  end
endmodule
"#;

/// Runs Verilator's XML, Yosys's census netlist and `xtask census` on `sv`.
fn census(name: &str, sv: &str) -> Output {
    let dir = scratch(name);
    let src = dir.join("census_probe.sv");
    std::fs::write(&src, sv).expect("write the probe");
    let xml = dir.join("core.xml");
    let il = dir.join("census.il");
    let out = run(
        Command::new("verilator")
            .args(["--xml-only", "--top-module", "census_probe", "--xml-output"])
            .arg(&xml)
            .arg(&src),
        "verilator",
        "verilator",
    );
    assert!(
        out.status.success(),
        "verilator: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let script = format!(
        "read_verilog -sv {}; hierarchy -top census_probe; flatten; \
         select m:* w:*]; write_rtlil -selected {}",
        src.display(),
        il.display()
    );
    let out = run(
        Command::new("yosys").args(["-q", "-p", &script]),
        "yosys",
        "yosys",
    );
    assert!(
        out.status.success(),
        "yosys: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .current_dir(root())
        .args(["census", path(&xml), path(&il), "1024"])
        .output()
        .expect("run xtask census");
    let _ = std::fs::remove_dir_all(&dir);
    out
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

#[test]
fn a_struct_table_that_yosys_cuts_to_one_entry_fails_the_census() {
    let out = census("struct", STRUCT_TABLE);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success(),
        "the census passed a table Yosys dropped"
    );
    assert!(
        stderr.contains("mem (") && stderr.contains("declared 4.0 Kbit"),
        "the failure names the table and its size: {stderr}"
    );
}

#[test]
fn the_same_table_as_plain_words_passes() {
    let sv = STRUCT_TABLE.replace("s_t mem [256];", "logic [15:0] mem [256];");
    let out = census("words", &sv);
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("every table is in the netlist"));
}
