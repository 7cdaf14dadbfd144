//! The generated SystemVerilog against the project's tools: the package
//! (used by a small module that touches every kind of item) passes
//! `verilator --lint-only -Wall` and Yosys synthesis, and the golden-vector
//! testbench compiles with `verilator --binary` and passes.
//!
//! These tests need Verilator and Yosys; without them they fail and say how
//! to install them.

mod common;

use common::{check, root, run, scratch};
use std::process::Command;

const PKG: &str = "hw/rtl/gen/wn_abi_pkg.sv";
const TB: &str = "hw/tb/gen/wn_abi_golden_tb.sv";

/// A module that uses a constant, BUILD_ID, an enum type and its values, a
/// flag, register offsets and resets, a descriptor struct and its position
/// constants, a header struct with its unpack/pack functions and position
/// constants, a command's argument struct with its position constants, and
/// a port bundle's two channel structs and their readies.
const SMOKE: &str = r#"
module wn_abi_pkg_smoke (
  input  logic [wn_abi_pkg::RDMA_QP_MODIFY_ARGS_WORDS*32-1:0] args_i,
  output logic [wn_abi_pkg::RDMA_QP_MODIFY_ARGS_WORDS*32-1:0] args_o,
  output logic [63:0]                            sq_iova_o,
  input  logic [wn_abi_pkg::DMA_RD_RSP_W-1:0]    rd_rsp_i,
  output logic [wn_abi_pkg::DMA_RD_RSP_W-1:0]    rd_rsp_o,
  output logic [wn_abi_pkg::DMA_RD_REQ_W-1:0]    rd_req_o,
  input  logic                                   rd_req_ready_i,
  output logic                                   rd_rsp_ready_o,
  input  logic [wn_abi_pkg::CQE_SIZE*8-1:0]      cqe_i,
  output logic [wn_abi_pkg::CQE_SIZE*8-1:0]      cqe_o,
  input  logic [wn_abi_pkg::IPV4_HDR_SIZE*8-1:0] ip_i,
  output logic [wn_abi_pkg::IPV4_HDR_SIZE*8-1:0] ip_o,
  input  logic [31:0]                            addr_i,
  output logic [31:0]                            rdata_o,
  output logic [7:0]                             state_o,
  output logic                                   hit_o
);
  wn_abi_pkg::cqe_t         cqe;
  wn_abi_pkg::ipv4_hdr_t    ip;
  wn_abi_pkg::queue_state_e state;
  wn_abi_pkg::rdma_qp_modify_args_t args;
  wn_abi_pkg::dma_rd_req_t  rd_req;
  wn_abi_pkg::dma_rd_rsp_t  rd_rsp;

  always_comb begin
    args = args_i;
    if (args.state == wn_abi_pkg::QP_STATE_INIT && args.set_attrs) begin
      args.ird = 8'(wn_abi_pkg::RDMA_MAX_IRD);
    end
    args_o = args;
    rd_rsp = rd_rsp_i;
    rd_rsp_o = rd_rsp;
    rd_req = '0;
    rd_req.req_addr = args.rq_iova;
    rd_req.req_len = args.mulpdu;
    rd_req.req_valid = args.set_attrs && rd_req_ready_i && !rd_rsp.rsp_valid;
    rd_req_o = rd_req;
    rd_rsp_ready_o = 1'b1;
  end
  assign sq_iova_o = args_i[wn_abi_pkg::RDMA_QP_MODIFY_ARGS_SQ_IOVA_LSB +: wn_abi_pkg::RDMA_QP_MODIFY_ARGS_SQ_IOVA_W];

  always_comb begin
    cqe = cqe_i;
    if (cqe.status == wn_abi_pkg::CQE_STATUS_SUCCESS) begin
      cqe.owner = 8'h01;
    end
    cqe_o = cqe;
    ip = wn_abi_pkg::ipv4_hdr_unpack(ip_i);
    ip.ttl = ip.ttl - 8'd1;
    ip_o = wn_abi_pkg::ipv4_hdr_pack(ip);
    state = wn_abi_pkg::QUEUE_STATE_READY;
    if (cqe.status != wn_abi_pkg::CQE_STATUS_SUCCESS) begin
      state = wn_abi_pkg::QUEUE_STATE_ERROR;
    end
    state_o = state;
  end

  always_comb begin
    rdata_o = 32'h0;
    if (addr_i == wn_abi_pkg::REG_CTRL_MAX_FRAME) begin
      rdata_o = wn_abi_pkg::REG_CTRL_MAX_FRAME_RESET;
    end else if (addr_i == wn_abi_pkg::REG_ID_BUILD_ID) begin
      rdata_o = wn_abi_pkg::BUILD_ID;
    end else if (addr_i == wn_abi_pkg::REG_SQ_ELEM_BASE + wn_abi_pkg::REG_SQ_E_PI) begin
      rdata_o = wn_abi_pkg::MAX_FRAME;
    end
  end

  assign hit_o = cqe_i[wn_abi_pkg::CQE_OPCODE_LSB +: wn_abi_pkg::CQE_OPCODE_W] == wn_abi_pkg::CQE_OPCODE_RECV
      && ((cqe_i[7:0] & wn_abi_pkg::WQE_FLAGS_SIGNALED) != 8'h0)
      && ip_i[wn_abi_pkg::IPV4_HDR_VERSION_OFF*8 + wn_abi_pkg::IPV4_HDR_VERSION_SHIFT +: wn_abi_pkg::IPV4_HDR_VERSION_W] == 4'h4;
endmodule
"#;

#[test]
fn package_passes_verilator_lint_and_yosys() {
    let dir = scratch("smoke");
    let smoke = dir.join("wn_abi_pkg_smoke.sv");
    std::fs::write(&smoke, SMOKE).expect("write smoke module");
    let pkg = root().join(PKG);

    let out = run(
        Command::new("verilator")
            .args(["--lint-only", "-Wall", "--top-module", "wn_abi_pkg_smoke"])
            .arg(&pkg)
            .arg(&smoke),
        "verilator",
        "verilator",
    );
    check(&out, "verilator --lint-only -Wall");

    let script = format!(
        "read_verilog -sv {} {}; synth -top wn_abi_pkg_smoke",
        pkg.display(),
        smoke.display()
    );
    let out = run(
        Command::new("yosys").args(["-q", "-p", &script]),
        "yosys",
        "yosys",
    );
    check(&out, "yosys synth");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn golden_testbench_passes_in_verilator() {
    let dir = scratch("golden-tb");
    let out = run(
        Command::new("verilator")
            .args([
                "--binary",
                "-Wall",
                "--top-module",
                "wn_abi_golden_tb",
                "--Mdir",
            ])
            .arg(dir.join("obj"))
            .args(["-o", "golden_tb"])
            .arg(root().join(PKG))
            .arg(root().join(TB)),
        "verilator",
        "verilator",
    );
    check(&out, "verilator --binary of the golden testbench");

    let out = run(
        &mut Command::new(dir.join("obj").join("golden_tb")),
        "the golden testbench",
        "verilator",
    );
    check(&out, "golden testbench");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("golden vectors passed"),
        "the testbench did not report success:\n{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn generated_files_are_up_to_date() {
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["gen", "--check"])
        .output()
        .expect("run xtask");
    check(&out, "cargo xtask gen --check");
}
