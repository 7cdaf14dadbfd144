// generated from abi/src/spec.rs by `cargo xtask gen`; do not edit
//
// wn_abi_golden_tb: checks wn_abi_pkg against the golden vectors of
// abi/src/golden.rs (the Rust types are checked against the same vectors
// by abi/tests/golden.rs). Every field is compared through the struct and
// through its position constants; headers also round-trip through
// <name>_pack; the commands' argument blocks are checked as words
// against abi/src/golden/commands.rs, and the port bundles' structs
// against their widths. A mismatch stops the simulation with $fatal.
//
// Run: verilator --binary -Wall hw/rtl/gen/wn_abi_pkg.sv \
//        hw/tb/gen/wn_abi_golden_tb.sv --top-module wn_abi_golden_tb

module wn_abi_golden_tb;
  logic [255:0] g0_bus;
  wn_abi_pkg::sq_wqe_t g0_sq_wqe;
  logic [255:0] g1_bus;
  wn_abi_pkg::rq_wqe_t g1_rq_wqe;
  logic [255:0] g2_bus;
  wn_abi_pkg::cqe_t g2_cqe;
  logic [127:0] g3_bus;
  wn_abi_pkg::eqe_t g3_eqe;
  logic [31:0] g4_bus;
  wn_abi_pkg::qp_error_info_t g4_qp_error_info;
  logic [127:0] g5_bus;
  wn_abi_pkg::rdma_sge_t g5_rdma_sge;
  logic [1023:0] g6_bus;
  wn_abi_pkg::rdma_sq_wqe_t g6_rdma_sq_wqe;
  logic [1023:0] g7_bus;
  wn_abi_pkg::rdma_sq_wqe_fr_t g7_rdma_sq_wqe_fr;
  logic [1023:0] g8_bus;
  wn_abi_pkg::rdma_rq_wqe_t g8_rdma_rq_wqe;
  logic [31:0] g9_bus;
  wn_abi_pkg::fw_msg_hdr_t g9_fw_msg_hdr;
  logic [63:0] g10_bus;
  wn_abi_pkg::cpl_hdr_t g10_cpl_hdr;
  logic [319:0] g11_bus;
  wn_abi_pkg::cpl_act_open_req_t g11_cpl_act_open_req;
  logic [63:0] g12_bus;
  wn_abi_pkg::cpl_act_open_rpl_t g12_cpl_act_open_rpl;
  logic [191:0] g13_bus;
  wn_abi_pkg::cpl_act_establish_t g13_cpl_act_establish;
  logic [191:0] g14_bus;
  wn_abi_pkg::cpl_pass_open_req_t g14_cpl_pass_open_req;
  logic [63:0] g15_bus;
  wn_abi_pkg::cpl_pass_open_rpl_t g15_cpl_pass_open_rpl;
  logic [319:0] g16_bus;
  wn_abi_pkg::cpl_pass_accept_req_t g16_cpl_pass_accept_req;
  logic [127:0] g17_bus;
  wn_abi_pkg::cpl_pass_accept_rpl_t g17_cpl_pass_accept_rpl;
  logic [191:0] g18_bus;
  wn_abi_pkg::cpl_pass_establish_t g18_cpl_pass_establish;
  logic [63:0] g19_bus;
  wn_abi_pkg::cpl_close_listsrv_rpl_t g19_cpl_close_listsrv_rpl;
  logic [127:0] g20_bus;
  wn_abi_pkg::cpl_tx_data_t g20_cpl_tx_data;
  logic [63:0] g21_bus;
  wn_abi_pkg::cpl_tx_data_ack_t g21_cpl_tx_data_ack;
  logic [127:0] g22_bus;
  wn_abi_pkg::cpl_rx_data_t g22_cpl_rx_data;
  logic [63:0] g23_bus;
  wn_abi_pkg::cpl_rx_data_ack_t g23_cpl_rx_data_ack;
  logic [127:0] g24_bus;
  wn_abi_pkg::cpl_close_con_rpl_t g24_cpl_close_con_rpl;
  logic [63:0] g25_bus;
  wn_abi_pkg::cpl_peer_close_t g25_cpl_peer_close;
  logic [63:0] g26_bus;
  wn_abi_pkg::cpl_abort_req_t g26_cpl_abort_req;
  logic [63:0] g27_bus;
  wn_abi_pkg::cpl_abort_rpl_t g27_cpl_abort_rpl;
  logic [191:0] g28_bus;
  wn_abi_pkg::cpl_set_tcb_field_t g28_cpl_set_tcb_field;
  logic [127:0] g29_bus;
  wn_abi_pkg::cpl_set_tcb_rpl_t g29_cpl_set_tcb_rpl;
  logic [63:0] g30_bus;
  wn_abi_pkg::cpl_rdma_terminate_t g30_cpl_rdma_terminate;
  logic [111:0] g31_bus;
  wn_abi_pkg::ethernet_hdr_t g31_ethernet_hdr;
  logic [111:0] g31_wvec;
  logic [223:0] g32_bus;
  wn_abi_pkg::arp_ipv4_t g32_arp_ipv4;
  logic [223:0] g32_wvec;
  logic [159:0] g33_bus;
  wn_abi_pkg::ipv4_hdr_t g33_ipv4_hdr;
  logic [159:0] g33_wvec;
  logic [159:0] g34_bus;
  wn_abi_pkg::tcp_hdr_t g34_tcp_hdr;
  logic [159:0] g34_wvec;
  logic [63:0] g35_bus;
  wn_abi_pkg::icmp_echo_t g35_icmp_echo;
  logic [63:0] g35_wvec;
  logic [159:0] g36_bus;
  wn_abi_pkg::mpa_req_rep_t g36_mpa_req_rep;
  logic [159:0] g36_wvec;
  logic [31:0] g37_bus;
  wn_abi_pkg::mpa_v2_ird_ord_t g37_mpa_v2_ird_ord;
  logic [31:0] g37_wvec;
  logic [15:0] g38_bus;
  wn_abi_pkg::mpa_fpdu_hdr_t g38_mpa_fpdu_hdr;
  logic [15:0] g38_wvec;
  logic [31:0] g39_bus;
  wn_abi_pkg::mpa_marker_t g39_mpa_marker;
  logic [31:0] g39_wvec;
  logic [7:0] g40_bus;
  wn_abi_pkg::ddp_ctrl_t g40_ddp_ctrl;
  logic [7:0] g40_wvec;
  logic [7:0] g41_bus;
  wn_abi_pkg::rdmap_ctrl_t g41_rdmap_ctrl;
  logic [7:0] g41_wvec;
  logic [111:0] g42_bus;
  wn_abi_pkg::ddp_tagged_hdr_t g42_ddp_tagged_hdr;
  logic [111:0] g42_wvec;
  logic [143:0] g43_bus;
  wn_abi_pkg::ddp_untagged_hdr_t g43_ddp_untagged_hdr;
  logic [143:0] g43_wvec;
  logic [223:0] g44_bus;
  wn_abi_pkg::rdma_read_req_t g44_rdma_read_req;
  logic [223:0] g44_wvec;
  logic [31:0] g45_bus;
  wn_abi_pkg::rdmap_terminate_t g45_rdmap_terminate;
  logic [31:0] g45_wvec;
  logic [63:0] g46_bus;
  wn_abi_pkg::rdmap_immediate_t g46_rdmap_immediate;
  logic [63:0] g46_wvec;
  logic [287:0] a0_bus;
  wn_abi_pkg::rdma_mr_reg_args_t a0_rdma_mr_reg_args;
  logic [31:0] a1_bus;
  wn_abi_pkg::rdma_stag_args_t a1_rdma_stag_args;
  logic [63:0] a2_bus;
  wn_abi_pkg::rdma_mr_inv_args_t a2_rdma_mr_inv_args;
  logic [415:0] a3_bus;
  wn_abi_pkg::rdma_qp_modify_args_t a3_rdma_qp_modify_args;
  logic [31:0] a4_bus;
  wn_abi_pkg::rdma_qp_args_t a4_rdma_qp_args;
  logic [127:0] a5_bus;
  wn_abi_pkg::rdma_qp_query_rsp_t a5_rdma_qp_query_rsp;
  logic [127:0] a6_bus;
  wn_abi_pkg::fw_version_rsp_t a6_fw_version_rsp;
  logic [63:0] a7_bus;
  wn_abi_pkg::fw_mac_t a7_fw_mac;
  logic [95:0] a8_bus;
  wn_abi_pkg::fw_ipv4_t a8_fw_ipv4;
  logic [31:0] a9_bus;
  wn_abi_pkg::fw_arp_resolve_args_t a9_fw_arp_resolve_args;
  logic [127:0] a10_bus;
  wn_abi_pkg::fw_arp_resolve_rsp_t a10_fw_arp_resolve_rsp;
  logic [159:0] a11_bus;
  wn_abi_pkg::fw_tcp_timing_t a11_fw_tcp_timing;
  logic [287:0] a12_bus;
  wn_abi_pkg::fw_tcp_config_args_t a12_fw_tcp_config_args;
  logic [63:0] a13_bus;
  wn_abi_pkg::fw_tcp_listen_args_t a13_fw_tcp_listen_args;
  logic [63:0] a14_bus;
  wn_abi_pkg::fw_tcp_listen_rsp_t a14_fw_tcp_listen_rsp;
  logic [31:0] a15_bus;
  wn_abi_pkg::fw_tcp_listener_t a15_fw_tcp_listener;
  logic [63:0] a16_bus;
  wn_abi_pkg::fw_tcp_unlisten_rsp_t a16_fw_tcp_unlisten_rsp;
  logic [127:0] a17_bus;
  wn_abi_pkg::fw_tcp_connect_args_t a17_fw_tcp_connect_args;
  logic [95:0] a18_bus;
  wn_abi_pkg::fw_tcp_connect_rsp_t a18_fw_tcp_connect_rsp;
  logic [31:0] a19_bus;
  wn_abi_pkg::fw_tcp_endpoint_t a19_fw_tcp_endpoint;
  logic [31:0] a20_bus;
  wn_abi_pkg::fw_tcp_result_t a20_fw_tcp_result;
  logic [287:0] a21_bus;
  wn_abi_pkg::fw_tcp_event_rsp_t a21_fw_tcp_event_rsp;
  logic [191:0] a22_bus;
  wn_abi_pkg::fw_tcp_tcb_args_t a22_fw_tcp_tcb_args;
  logic [95:0] a23_bus;
  wn_abi_pkg::fw_tcp_tcb_rsp_t a23_fw_tcp_tcb_rsp;
  logic [31:0] a24_bus;
  wn_abi_pkg::rdma_status_t a24_rdma_status;
  logic [31:0] a25_bus;
  wn_abi_pkg::mbox_status_t a25_mbox_status;
  wn_abi_pkg::dma_rd_req_t b0_req;
  wn_abi_pkg::dma_rd_rsp_t b0_rsp;
  wn_abi_pkg::dma_wr_req_t b1_req;
  wn_abi_pkg::dma_wr_done_t b1_done;

  initial begin
    // sq_wqe (warpnic)
    g0_bus = 256'ha1a2a3a4a5a6a7a8112233445566778800007f1234567000000005eabeef8101;
    if (wn_abi_pkg::SQ_WQE_SIZE != 32) $fatal(1, "sq_wqe: SQ_WQE_SIZE is %0d, expected 32", wn_abi_pkg::SQ_WQE_SIZE);
    g0_sq_wqe = g0_bus;
    if (g0_sq_wqe.opcode !== 8'h01) $fatal(1, "sq_wqe.opcode: struct field is %h, expected %h", g0_sq_wqe.opcode, 8'h01);
    if (g0_bus[wn_abi_pkg::SQ_WQE_OPCODE_LSB +: wn_abi_pkg::SQ_WQE_OPCODE_W] !== 8'h01) $fatal(1, "sq_wqe.opcode: the position constants select other bits");
    if (g0_sq_wqe.flags !== 8'h81) $fatal(1, "sq_wqe.flags: struct field is %h, expected %h", g0_sq_wqe.flags, 8'h81);
    if (g0_bus[wn_abi_pkg::SQ_WQE_FLAGS_LSB +: wn_abi_pkg::SQ_WQE_FLAGS_W] !== 8'h81) $fatal(1, "sq_wqe.flags: the position constants select other bits");
    if (g0_sq_wqe.rsvd0 !== 16'hbeef) $fatal(1, "sq_wqe.rsvd0: struct field is %h, expected %h", g0_sq_wqe.rsvd0, 16'hbeef);
    if (g0_bus[wn_abi_pkg::SQ_WQE_RSVD0_LSB +: wn_abi_pkg::SQ_WQE_RSVD0_W] !== 16'hbeef) $fatal(1, "sq_wqe.rsvd0: the position constants select other bits");
    if (g0_sq_wqe.len !== 32'h0000_05ea) $fatal(1, "sq_wqe.len: struct field is %h, expected %h", g0_sq_wqe.len, 32'h0000_05ea);
    if (g0_bus[wn_abi_pkg::SQ_WQE_LEN_LSB +: wn_abi_pkg::SQ_WQE_LEN_W] !== 32'h0000_05ea) $fatal(1, "sq_wqe.len: the position constants select other bits");
    if (g0_sq_wqe.addr !== 64'h0000_7f12_3456_7000) $fatal(1, "sq_wqe.addr: struct field is %h, expected %h", g0_sq_wqe.addr, 64'h0000_7f12_3456_7000);
    if (g0_bus[wn_abi_pkg::SQ_WQE_ADDR_LSB +: wn_abi_pkg::SQ_WQE_ADDR_W] !== 64'h0000_7f12_3456_7000) $fatal(1, "sq_wqe.addr: the position constants select other bits");
    if (g0_sq_wqe.wr_id !== 64'h1122_3344_5566_7788) $fatal(1, "sq_wqe.wr_id: struct field is %h, expected %h", g0_sq_wqe.wr_id, 64'h1122_3344_5566_7788);
    if (g0_bus[wn_abi_pkg::SQ_WQE_WR_ID_LSB +: wn_abi_pkg::SQ_WQE_WR_ID_W] !== 64'h1122_3344_5566_7788) $fatal(1, "sq_wqe.wr_id: the position constants select other bits");
    if (g0_sq_wqe.rsvd1 !== 64'ha1a2_a3a4_a5a6_a7a8) $fatal(1, "sq_wqe.rsvd1: struct field is %h, expected %h", g0_sq_wqe.rsvd1, 64'ha1a2_a3a4_a5a6_a7a8);
    if (g0_bus[wn_abi_pkg::SQ_WQE_RSVD1_LSB +: wn_abi_pkg::SQ_WQE_RSVD1_W] !== 64'ha1a2_a3a4_a5a6_a7a8) $fatal(1, "sq_wqe.rsvd1: the position constants select other bits");

    // rq_wqe (warpnic)
    g1_bus = 256'h0102030405060708deadbeef00000042000000010000100000000800c0ffee00;
    if (wn_abi_pkg::RQ_WQE_SIZE != 32) $fatal(1, "rq_wqe: RQ_WQE_SIZE is %0d, expected 32", wn_abi_pkg::RQ_WQE_SIZE);
    g1_rq_wqe = g1_bus;
    if (g1_rq_wqe.rsvd0 !== 32'hc0ff_ee00) $fatal(1, "rq_wqe.rsvd0: struct field is %h, expected %h", g1_rq_wqe.rsvd0, 32'hc0ff_ee00);
    if (g1_bus[wn_abi_pkg::RQ_WQE_RSVD0_LSB +: wn_abi_pkg::RQ_WQE_RSVD0_W] !== 32'hc0ff_ee00) $fatal(1, "rq_wqe.rsvd0: the position constants select other bits");
    if (g1_rq_wqe.len !== 32'h0000_0800) $fatal(1, "rq_wqe.len: struct field is %h, expected %h", g1_rq_wqe.len, 32'h0000_0800);
    if (g1_bus[wn_abi_pkg::RQ_WQE_LEN_LSB +: wn_abi_pkg::RQ_WQE_LEN_W] !== 32'h0000_0800) $fatal(1, "rq_wqe.len: the position constants select other bits");
    if (g1_rq_wqe.addr !== 64'h0000_0001_0000_1000) $fatal(1, "rq_wqe.addr: struct field is %h, expected %h", g1_rq_wqe.addr, 64'h0000_0001_0000_1000);
    if (g1_bus[wn_abi_pkg::RQ_WQE_ADDR_LSB +: wn_abi_pkg::RQ_WQE_ADDR_W] !== 64'h0000_0001_0000_1000) $fatal(1, "rq_wqe.addr: the position constants select other bits");
    if (g1_rq_wqe.wr_id !== 64'hdead_beef_0000_0042) $fatal(1, "rq_wqe.wr_id: struct field is %h, expected %h", g1_rq_wqe.wr_id, 64'hdead_beef_0000_0042);
    if (g1_bus[wn_abi_pkg::RQ_WQE_WR_ID_LSB +: wn_abi_pkg::RQ_WQE_WR_ID_W] !== 64'hdead_beef_0000_0042) $fatal(1, "rq_wqe.wr_id: the position constants select other bits");
    if (g1_rq_wqe.rsvd1 !== 64'h0102_0304_0506_0708) $fatal(1, "rq_wqe.rsvd1: struct field is %h, expected %h", g1_rq_wqe.rsvd1, 64'h0102_0304_0506_0708);
    if (g1_bus[wn_abi_pkg::RQ_WQE_RSVD1_LSB +: wn_abi_pkg::RQ_WQE_RSVD1_W] !== 64'h0102_0304_0506_0708) $fatal(1, "rq_wqe.rsvd1: the position constants select other bits");

    // cqe (warpnic)
    g2_bus = 256'h0177665544332211876543215aa50102123400030000003c0123456789abcdef;
    if (wn_abi_pkg::CQE_SIZE != 32) $fatal(1, "cqe: CQE_SIZE is %0d, expected 32", wn_abi_pkg::CQE_SIZE);
    g2_cqe = g2_bus;
    if (g2_cqe.wr_id !== 64'h0123_4567_89ab_cdef) $fatal(1, "cqe.wr_id: struct field is %h, expected %h", g2_cqe.wr_id, 64'h0123_4567_89ab_cdef);
    if (g2_bus[wn_abi_pkg::CQE_WR_ID_LSB +: wn_abi_pkg::CQE_WR_ID_W] !== 64'h0123_4567_89ab_cdef) $fatal(1, "cqe.wr_id: the position constants select other bits");
    if (g2_cqe.byte_len !== 32'h0000_003c) $fatal(1, "cqe.byte_len: struct field is %h, expected %h", g2_cqe.byte_len, 32'h0000_003c);
    if (g2_bus[wn_abi_pkg::CQE_BYTE_LEN_LSB +: wn_abi_pkg::CQE_BYTE_LEN_W] !== 32'h0000_003c) $fatal(1, "cqe.byte_len: the position constants select other bits");
    if (g2_cqe.queue !== 16'h0003) $fatal(1, "cqe.queue: struct field is %h, expected %h", g2_cqe.queue, 16'h0003);
    if (g2_bus[wn_abi_pkg::CQE_QUEUE_LSB +: wn_abi_pkg::CQE_QUEUE_W] !== 16'h0003) $fatal(1, "cqe.queue: the position constants select other bits");
    if (g2_cqe.wqe_idx !== 16'h1234) $fatal(1, "cqe.wqe_idx: struct field is %h, expected %h", g2_cqe.wqe_idx, 16'h1234);
    if (g2_bus[wn_abi_pkg::CQE_WQE_IDX_LSB +: wn_abi_pkg::CQE_WQE_IDX_W] !== 16'h1234) $fatal(1, "cqe.wqe_idx: the position constants select other bits");
    if (g2_cqe.opcode !== 8'h02) $fatal(1, "cqe.opcode: struct field is %h, expected %h", g2_cqe.opcode, 8'h02);
    if (g2_bus[wn_abi_pkg::CQE_OPCODE_LSB +: wn_abi_pkg::CQE_OPCODE_W] !== 8'h02) $fatal(1, "cqe.opcode: the position constants select other bits");
    if (g2_cqe.status !== 8'h01) $fatal(1, "cqe.status: struct field is %h, expected %h", g2_cqe.status, 8'h01);
    if (g2_bus[wn_abi_pkg::CQE_STATUS_LSB +: wn_abi_pkg::CQE_STATUS_W] !== 8'h01) $fatal(1, "cqe.status: the position constants select other bits");
    if (g2_cqe.flags !== 8'ha5) $fatal(1, "cqe.flags: struct field is %h, expected %h", g2_cqe.flags, 8'ha5);
    if (g2_bus[wn_abi_pkg::CQE_FLAGS_LSB +: wn_abi_pkg::CQE_FLAGS_W] !== 8'ha5) $fatal(1, "cqe.flags: the position constants select other bits");
    if (g2_cqe.rsvd0 !== 8'h5a) $fatal(1, "cqe.rsvd0: struct field is %h, expected %h", g2_cqe.rsvd0, 8'h5a);
    if (g2_bus[wn_abi_pkg::CQE_RSVD0_LSB +: wn_abi_pkg::CQE_RSVD0_W] !== 8'h5a) $fatal(1, "cqe.rsvd0: the position constants select other bits");
    if (g2_cqe.timestamp !== 32'h8765_4321) $fatal(1, "cqe.timestamp: struct field is %h, expected %h", g2_cqe.timestamp, 32'h8765_4321);
    if (g2_bus[wn_abi_pkg::CQE_TIMESTAMP_LSB +: wn_abi_pkg::CQE_TIMESTAMP_W] !== 32'h8765_4321) $fatal(1, "cqe.timestamp: the position constants select other bits");
    if (g2_cqe.imm_hi !== 32'h4433_2211) $fatal(1, "cqe.imm_hi: struct field is %h, expected %h", g2_cqe.imm_hi, 32'h4433_2211);
    if (g2_bus[wn_abi_pkg::CQE_IMM_HI_LSB +: wn_abi_pkg::CQE_IMM_HI_W] !== 32'h4433_2211) $fatal(1, "cqe.imm_hi: the position constants select other bits");
    if (g2_cqe.rsvd1 !== 24'h776655) $fatal(1, "cqe.rsvd1: struct field is %h, expected %h", g2_cqe.rsvd1, 24'h776655);
    if (g2_bus[wn_abi_pkg::CQE_RSVD1_LSB +: wn_abi_pkg::CQE_RSVD1_W] !== 24'h776655) $fatal(1, "cqe.rsvd1: the position constants select other bits");
    if (g2_cqe.owner !== 8'h01) $fatal(1, "cqe.owner: struct field is %h, expected %h", g2_cqe.owner, 8'h01);
    if (g2_bus[wn_abi_pkg::CQE_OWNER_LSB +: wn_abi_pkg::CQE_OWNER_W] !== 8'h01) $fatal(1, "cqe.owner: the position constants select other bits");

    // eqe (warpnic)
    g3_bus = 128'h01ccbbaacafef00d000000030102ee02;
    if (wn_abi_pkg::EQE_SIZE != 16) $fatal(1, "eqe: EQE_SIZE is %0d, expected 16", wn_abi_pkg::EQE_SIZE);
    g3_eqe = g3_bus;
    if (g3_eqe.event_type !== 8'h02) $fatal(1, "eqe.event_type: struct field is %h, expected %h", g3_eqe.event_type, 8'h02);
    if (g3_bus[wn_abi_pkg::EQE_EVENT_TYPE_LSB +: wn_abi_pkg::EQE_EVENT_TYPE_W] !== 8'h02) $fatal(1, "eqe.event_type: the position constants select other bits");
    if (g3_eqe.rsvd0 !== 8'hee) $fatal(1, "eqe.rsvd0: struct field is %h, expected %h", g3_eqe.rsvd0, 8'hee);
    if (g3_bus[wn_abi_pkg::EQE_RSVD0_LSB +: wn_abi_pkg::EQE_RSVD0_W] !== 8'hee) $fatal(1, "eqe.rsvd0: the position constants select other bits");
    if (g3_eqe.source !== 16'h0102) $fatal(1, "eqe.source: struct field is %h, expected %h", g3_eqe.source, 16'h0102);
    if (g3_bus[wn_abi_pkg::EQE_SOURCE_LSB +: wn_abi_pkg::EQE_SOURCE_W] !== 16'h0102) $fatal(1, "eqe.source: the position constants select other bits");
    if (g3_eqe.data !== 32'h0000_0003) $fatal(1, "eqe.data: struct field is %h, expected %h", g3_eqe.data, 32'h0000_0003);
    if (g3_bus[wn_abi_pkg::EQE_DATA_LSB +: wn_abi_pkg::EQE_DATA_W] !== 32'h0000_0003) $fatal(1, "eqe.data: the position constants select other bits");
    if (g3_eqe.timestamp !== 32'hcafe_f00d) $fatal(1, "eqe.timestamp: struct field is %h, expected %h", g3_eqe.timestamp, 32'hcafe_f00d);
    if (g3_bus[wn_abi_pkg::EQE_TIMESTAMP_LSB +: wn_abi_pkg::EQE_TIMESTAMP_W] !== 32'hcafe_f00d) $fatal(1, "eqe.timestamp: the position constants select other bits");
    if (g3_eqe.rsvd1 !== 24'hccbbaa) $fatal(1, "eqe.rsvd1: struct field is %h, expected %h", g3_eqe.rsvd1, 24'hccbbaa);
    if (g3_bus[wn_abi_pkg::EQE_RSVD1_LSB +: wn_abi_pkg::EQE_RSVD1_W] !== 24'hccbbaa) $fatal(1, "eqe.rsvd1: the position constants select other bits");
    if (g3_eqe.owner !== 8'h01) $fatal(1, "eqe.owner: struct field is %h, expected %h", g3_eqe.owner, 8'h01);
    if (g3_bus[wn_abi_pkg::EQE_OWNER_LSB +: wn_abi_pkg::EQE_OWNER_W] !== 8'h01) $fatal(1, "eqe.owner: the position constants select other bits");

    // qp_error_info (RFC 5040 §7)
    g4_bus = 32'h02010202;
    if (wn_abi_pkg::QP_ERROR_INFO_SIZE != 4) $fatal(1, "qp_error_info: QP_ERROR_INFO_SIZE is %0d, expected 4", wn_abi_pkg::QP_ERROR_INFO_SIZE);
    g4_qp_error_info = g4_bus;
    if (g4_qp_error_info.ecode !== 8'h02) $fatal(1, "qp_error_info.ecode: struct field is %h, expected %h", g4_qp_error_info.ecode, 8'h02);
    if (g4_bus[wn_abi_pkg::QP_ERROR_INFO_ECODE_LSB +: wn_abi_pkg::QP_ERROR_INFO_ECODE_W] !== 8'h02) $fatal(1, "qp_error_info.ecode: the position constants select other bits");
    if (g4_qp_error_info.etype !== 8'h02) $fatal(1, "qp_error_info.etype: struct field is %h, expected %h", g4_qp_error_info.etype, 8'h02);
    if (g4_bus[wn_abi_pkg::QP_ERROR_INFO_ETYPE_LSB +: wn_abi_pkg::QP_ERROR_INFO_ETYPE_W] !== 8'h02) $fatal(1, "qp_error_info.etype: the position constants select other bits");
    if (g4_qp_error_info.layer !== 8'h01) $fatal(1, "qp_error_info.layer: struct field is %h, expected %h", g4_qp_error_info.layer, 8'h01);
    if (g4_bus[wn_abi_pkg::QP_ERROR_INFO_LAYER_LSB +: wn_abi_pkg::QP_ERROR_INFO_LAYER_W] !== 8'h01) $fatal(1, "qp_error_info.layer: the position constants select other bits");
    if (g4_qp_error_info.origin !== 8'h02) $fatal(1, "qp_error_info.origin: struct field is %h, expected %h", g4_qp_error_info.origin, 8'h02);
    if (g4_bus[wn_abi_pkg::QP_ERROR_INFO_ORIGIN_LSB +: wn_abi_pkg::QP_ERROR_INFO_ORIGIN_W] !== 8'h02) $fatal(1, "qp_error_info.origin: the position constants select other bits");

    // rdma_sge (warpnic)
    g5_bus = 128'h00000a170000100000007f0012345000;
    if (wn_abi_pkg::RDMA_SGE_SIZE != 16) $fatal(1, "rdma_sge: RDMA_SGE_SIZE is %0d, expected 16", wn_abi_pkg::RDMA_SGE_SIZE);
    g5_rdma_sge = g5_bus;
    if (g5_rdma_sge.addr !== 64'h0000_7f00_1234_5000) $fatal(1, "rdma_sge.addr: struct field is %h, expected %h", g5_rdma_sge.addr, 64'h0000_7f00_1234_5000);
    if (g5_bus[wn_abi_pkg::RDMA_SGE_ADDR_LSB +: wn_abi_pkg::RDMA_SGE_ADDR_W] !== 64'h0000_7f00_1234_5000) $fatal(1, "rdma_sge.addr: the position constants select other bits");
    if (g5_rdma_sge.len !== 32'h0000_1000) $fatal(1, "rdma_sge.len: struct field is %h, expected %h", g5_rdma_sge.len, 32'h0000_1000);
    if (g5_bus[wn_abi_pkg::RDMA_SGE_LEN_LSB +: wn_abi_pkg::RDMA_SGE_LEN_W] !== 32'h0000_1000) $fatal(1, "rdma_sge.len: the position constants select other bits");
    if (g5_rdma_sge.lkey !== 32'h0000_0a17) $fatal(1, "rdma_sge.lkey: struct field is %h, expected %h", g5_rdma_sge.lkey, 32'h0000_0a17);
    if (g5_bus[wn_abi_pkg::RDMA_SGE_LKEY_LSB +: wn_abi_pkg::RDMA_SGE_LKEY_W] !== 32'h0000_0a17) $fatal(1, "rdma_sge.lkey: the position constants select other bits");

    // rdma_sq_wqe (warpnic)
    g6_bus = 1024'h0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101000000400000000000002000000000000000000000000000000000000000000000000b02000000000000100000000000000101100000000000000007;
    if (wn_abi_pkg::RDMA_SQ_WQE_SIZE != 128) $fatal(1, "rdma_sq_wqe: RDMA_SQ_WQE_SIZE is %0d, expected 128", wn_abi_pkg::RDMA_SQ_WQE_SIZE);
    g6_rdma_sq_wqe = g6_bus;
    if (g6_rdma_sq_wqe.wr_id !== 64'h0000_0000_0000_0007) $fatal(1, "rdma_sq_wqe.wr_id: struct field is %h, expected %h", g6_rdma_sq_wqe.wr_id, 64'h0000_0000_0000_0007);
    if (g6_bus[wn_abi_pkg::RDMA_SQ_WQE_WR_ID_LSB +: wn_abi_pkg::RDMA_SQ_WQE_WR_ID_W] !== 64'h0000_0000_0000_0007) $fatal(1, "rdma_sq_wqe.wr_id: the position constants select other bits");
    if (g6_rdma_sq_wqe.opcode !== 8'h10) $fatal(1, "rdma_sq_wqe.opcode: struct field is %h, expected %h", g6_rdma_sq_wqe.opcode, 8'h10);
    if (g6_bus[wn_abi_pkg::RDMA_SQ_WQE_OPCODE_LSB +: wn_abi_pkg::RDMA_SQ_WQE_OPCODE_W] !== 8'h10) $fatal(1, "rdma_sq_wqe.opcode: the position constants select other bits");
    if (g6_rdma_sq_wqe.flags !== 8'h01) $fatal(1, "rdma_sq_wqe.flags: struct field is %h, expected %h", g6_rdma_sq_wqe.flags, 8'h01);
    if (g6_bus[wn_abi_pkg::RDMA_SQ_WQE_FLAGS_LSB +: wn_abi_pkg::RDMA_SQ_WQE_FLAGS_W] !== 8'h01) $fatal(1, "rdma_sq_wqe.flags: the position constants select other bits");
    if (g6_rdma_sq_wqe.num_sge !== 8'h01) $fatal(1, "rdma_sq_wqe.num_sge: struct field is %h, expected %h", g6_rdma_sq_wqe.num_sge, 8'h01);
    if (g6_bus[wn_abi_pkg::RDMA_SQ_WQE_NUM_SGE_LSB +: wn_abi_pkg::RDMA_SQ_WQE_NUM_SGE_W] !== 8'h01) $fatal(1, "rdma_sq_wqe.num_sge: the position constants select other bits");
    if (g6_rdma_sq_wqe.rsvd0 !== 8'h00) $fatal(1, "rdma_sq_wqe.rsvd0: struct field is %h, expected %h", g6_rdma_sq_wqe.rsvd0, 8'h00);
    if (g6_bus[wn_abi_pkg::RDMA_SQ_WQE_RSVD0_LSB +: wn_abi_pkg::RDMA_SQ_WQE_RSVD0_W] !== 8'h00) $fatal(1, "rdma_sq_wqe.rsvd0: the position constants select other bits");
    if (g6_rdma_sq_wqe.inv_stag !== 32'h0000_0000) $fatal(1, "rdma_sq_wqe.inv_stag: struct field is %h, expected %h", g6_rdma_sq_wqe.inv_stag, 32'h0000_0000);
    if (g6_bus[wn_abi_pkg::RDMA_SQ_WQE_INV_STAG_LSB +: wn_abi_pkg::RDMA_SQ_WQE_INV_STAG_W] !== 32'h0000_0000) $fatal(1, "rdma_sq_wqe.inv_stag: the position constants select other bits");
    if (g6_rdma_sq_wqe.remote_addr !== 64'h0000_0000_0000_1000) $fatal(1, "rdma_sq_wqe.remote_addr: struct field is %h, expected %h", g6_rdma_sq_wqe.remote_addr, 64'h0000_0000_0000_1000);
    if (g6_bus[wn_abi_pkg::RDMA_SQ_WQE_REMOTE_ADDR_LSB +: wn_abi_pkg::RDMA_SQ_WQE_REMOTE_ADDR_W] !== 64'h0000_0000_0000_1000) $fatal(1, "rdma_sq_wqe.remote_addr: the position constants select other bits");
    if (g6_rdma_sq_wqe.rkey !== 32'h0000_0b02) $fatal(1, "rdma_sq_wqe.rkey: struct field is %h, expected %h", g6_rdma_sq_wqe.rkey, 32'h0000_0b02);
    if (g6_bus[wn_abi_pkg::RDMA_SQ_WQE_RKEY_LSB +: wn_abi_pkg::RDMA_SQ_WQE_RKEY_W] !== 32'h0000_0b02) $fatal(1, "rdma_sq_wqe.rkey: the position constants select other bits");
    if (g6_rdma_sq_wqe.rsvd1 !== 32'h0000_0000) $fatal(1, "rdma_sq_wqe.rsvd1: struct field is %h, expected %h", g6_rdma_sq_wqe.rsvd1, 32'h0000_0000);
    if (g6_bus[wn_abi_pkg::RDMA_SQ_WQE_RSVD1_LSB +: wn_abi_pkg::RDMA_SQ_WQE_RSVD1_W] !== 32'h0000_0000) $fatal(1, "rdma_sq_wqe.rsvd1: the position constants select other bits");
    if (g6_rdma_sq_wqe.imm !== 64'h0000_0000_0000_0000) $fatal(1, "rdma_sq_wqe.imm: struct field is %h, expected %h", g6_rdma_sq_wqe.imm, 64'h0000_0000_0000_0000);
    if (g6_bus[wn_abi_pkg::RDMA_SQ_WQE_IMM_LSB +: wn_abi_pkg::RDMA_SQ_WQE_IMM_W] !== 64'h0000_0000_0000_0000) $fatal(1, "rdma_sq_wqe.imm: the position constants select other bits");
    if (g6_rdma_sq_wqe.rsvd2 !== 64'h0000_0000_0000_0000) $fatal(1, "rdma_sq_wqe.rsvd2: struct field is %h, expected %h", g6_rdma_sq_wqe.rsvd2, 64'h0000_0000_0000_0000);
    if (g6_bus[wn_abi_pkg::RDMA_SQ_WQE_RSVD2_LSB +: wn_abi_pkg::RDMA_SQ_WQE_RSVD2_W] !== 64'h0000_0000_0000_0000) $fatal(1, "rdma_sq_wqe.rsvd2: the position constants select other bits");
    if (g6_rdma_sq_wqe.sge0 !== 128'h00000101000000400000000000002000) $fatal(1, "rdma_sq_wqe.sge0: struct field is %h, expected %h", g6_rdma_sq_wqe.sge0, 128'h00000101000000400000000000002000);
    if (g6_bus[wn_abi_pkg::RDMA_SQ_WQE_SGE0_LSB +: wn_abi_pkg::RDMA_SQ_WQE_SGE0_W] !== 128'h00000101000000400000000000002000) $fatal(1, "rdma_sq_wqe.sge0: the position constants select other bits");
    if (g6_rdma_sq_wqe.sge1 !== 128'h00000000000000000000000000000000) $fatal(1, "rdma_sq_wqe.sge1: struct field is %h, expected %h", g6_rdma_sq_wqe.sge1, 128'h00000000000000000000000000000000);
    if (g6_bus[wn_abi_pkg::RDMA_SQ_WQE_SGE1_LSB +: wn_abi_pkg::RDMA_SQ_WQE_SGE1_W] !== 128'h00000000000000000000000000000000) $fatal(1, "rdma_sq_wqe.sge1: the position constants select other bits");
    if (g6_rdma_sq_wqe.sge2 !== 128'h00000000000000000000000000000000) $fatal(1, "rdma_sq_wqe.sge2: struct field is %h, expected %h", g6_rdma_sq_wqe.sge2, 128'h00000000000000000000000000000000);
    if (g6_bus[wn_abi_pkg::RDMA_SQ_WQE_SGE2_LSB +: wn_abi_pkg::RDMA_SQ_WQE_SGE2_W] !== 128'h00000000000000000000000000000000) $fatal(1, "rdma_sq_wqe.sge2: the position constants select other bits");
    if (g6_rdma_sq_wqe.sge3 !== 128'h00000000000000000000000000000000) $fatal(1, "rdma_sq_wqe.sge3: struct field is %h, expected %h", g6_rdma_sq_wqe.sge3, 128'h00000000000000000000000000000000);
    if (g6_bus[wn_abi_pkg::RDMA_SQ_WQE_SGE3_LSB +: wn_abi_pkg::RDMA_SQ_WQE_SGE3_W] !== 128'h00000000000000000000000000000000) $fatal(1, "rdma_sq_wqe.sge3: the position constants select other bits");
    if (g6_rdma_sq_wqe.rsvd3 !== 128'h00000000000000000000000000000000) $fatal(1, "rdma_sq_wqe.rsvd3: struct field is %h, expected %h", g6_rdma_sq_wqe.rsvd3, 128'h00000000000000000000000000000000);
    if (g6_bus[wn_abi_pkg::RDMA_SQ_WQE_RSVD3_LSB +: wn_abi_pkg::RDMA_SQ_WQE_RSVD3_W] !== 128'h00000000000000000000000000000000) $fatal(1, "rdma_sq_wqe.rsvd3: the position constants select other bits");

    // rdma_sq_wqe_fr (warpnic)
    g7_bus = 1024'h0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001000000000000000002000000000007000000000000502000d0117000000000000000b;
    if (wn_abi_pkg::RDMA_SQ_WQE_FR_SIZE != 128) $fatal(1, "rdma_sq_wqe_fr: RDMA_SQ_WQE_FR_SIZE is %0d, expected 128", wn_abi_pkg::RDMA_SQ_WQE_FR_SIZE);
    g7_rdma_sq_wqe_fr = g7_bus;
    if (g7_rdma_sq_wqe_fr.wr_id !== 64'h0000_0000_0000_000b) $fatal(1, "rdma_sq_wqe_fr.wr_id: struct field is %h, expected %h", g7_rdma_sq_wqe_fr.wr_id, 64'h0000_0000_0000_000b);
    if (g7_bus[wn_abi_pkg::RDMA_SQ_WQE_FR_WR_ID_LSB +: wn_abi_pkg::RDMA_SQ_WQE_FR_WR_ID_W] !== 64'h0000_0000_0000_000b) $fatal(1, "rdma_sq_wqe_fr.wr_id: the position constants select other bits");
    if (g7_rdma_sq_wqe_fr.opcode !== 8'h17) $fatal(1, "rdma_sq_wqe_fr.opcode: struct field is %h, expected %h", g7_rdma_sq_wqe_fr.opcode, 8'h17);
    if (g7_bus[wn_abi_pkg::RDMA_SQ_WQE_FR_OPCODE_LSB +: wn_abi_pkg::RDMA_SQ_WQE_FR_OPCODE_W] !== 8'h17) $fatal(1, "rdma_sq_wqe_fr.opcode: the position constants select other bits");
    if (g7_rdma_sq_wqe_fr.flags !== 8'h01) $fatal(1, "rdma_sq_wqe_fr.flags: struct field is %h, expected %h", g7_rdma_sq_wqe_fr.flags, 8'h01);
    if (g7_bus[wn_abi_pkg::RDMA_SQ_WQE_FR_FLAGS_LSB +: wn_abi_pkg::RDMA_SQ_WQE_FR_FLAGS_W] !== 8'h01) $fatal(1, "rdma_sq_wqe_fr.flags: the position constants select other bits");
    if (g7_rdma_sq_wqe_fr.access !== 8'h0d) $fatal(1, "rdma_sq_wqe_fr.access: struct field is %h, expected %h", g7_rdma_sq_wqe_fr.access, 8'h0d);
    if (g7_bus[wn_abi_pkg::RDMA_SQ_WQE_FR_ACCESS_LSB +: wn_abi_pkg::RDMA_SQ_WQE_FR_ACCESS_W] !== 8'h0d) $fatal(1, "rdma_sq_wqe_fr.access: the position constants select other bits");
    if (g7_rdma_sq_wqe_fr.rsvd0 !== 8'h00) $fatal(1, "rdma_sq_wqe_fr.rsvd0: struct field is %h, expected %h", g7_rdma_sq_wqe_fr.rsvd0, 8'h00);
    if (g7_bus[wn_abi_pkg::RDMA_SQ_WQE_FR_RSVD0_LSB +: wn_abi_pkg::RDMA_SQ_WQE_FR_RSVD0_W] !== 8'h00) $fatal(1, "rdma_sq_wqe_fr.rsvd0: the position constants select other bits");
    if (g7_rdma_sq_wqe_fr.stag !== 32'h0000_0502) $fatal(1, "rdma_sq_wqe_fr.stag: struct field is %h, expected %h", g7_rdma_sq_wqe_fr.stag, 32'h0000_0502);
    if (g7_bus[wn_abi_pkg::RDMA_SQ_WQE_FR_STAG_LSB +: wn_abi_pkg::RDMA_SQ_WQE_FR_STAG_W] !== 32'h0000_0502) $fatal(1, "rdma_sq_wqe_fr.stag: the position constants select other bits");
    if (g7_rdma_sq_wqe_fr.base !== 64'h0000_0000_7000_0000) $fatal(1, "rdma_sq_wqe_fr.base: struct field is %h, expected %h", g7_rdma_sq_wqe_fr.base, 64'h0000_0000_7000_0000);
    if (g7_bus[wn_abi_pkg::RDMA_SQ_WQE_FR_BASE_LSB +: wn_abi_pkg::RDMA_SQ_WQE_FR_BASE_W] !== 64'h0000_0000_7000_0000) $fatal(1, "rdma_sq_wqe_fr.base: the position constants select other bits");
    if (g7_rdma_sq_wqe_fr.len !== 64'h0000_0000_0000_2000) $fatal(1, "rdma_sq_wqe_fr.len: struct field is %h, expected %h", g7_rdma_sq_wqe_fr.len, 64'h0000_0000_0000_2000);
    if (g7_bus[wn_abi_pkg::RDMA_SQ_WQE_FR_LEN_LSB +: wn_abi_pkg::RDMA_SQ_WQE_FR_LEN_W] !== 64'h0000_0000_0000_2000) $fatal(1, "rdma_sq_wqe_fr.len: the position constants select other bits");
    if (g7_rdma_sq_wqe_fr.iova !== 64'h0000_0000_0010_0000) $fatal(1, "rdma_sq_wqe_fr.iova: struct field is %h, expected %h", g7_rdma_sq_wqe_fr.iova, 64'h0000_0000_0010_0000);
    if (g7_bus[wn_abi_pkg::RDMA_SQ_WQE_FR_IOVA_LSB +: wn_abi_pkg::RDMA_SQ_WQE_FR_IOVA_W] !== 64'h0000_0000_0010_0000) $fatal(1, "rdma_sq_wqe_fr.iova: the position constants select other bits");
    if (g7_rdma_sq_wqe_fr.rsvd1 !== 256'h0000000000000000000000000000000000000000000000000000000000000000) $fatal(1, "rdma_sq_wqe_fr.rsvd1: struct field is %h, expected %h", g7_rdma_sq_wqe_fr.rsvd1, 256'h0000000000000000000000000000000000000000000000000000000000000000);
    if (g7_bus[wn_abi_pkg::RDMA_SQ_WQE_FR_RSVD1_LSB +: wn_abi_pkg::RDMA_SQ_WQE_FR_RSVD1_W] !== 256'h0000000000000000000000000000000000000000000000000000000000000000) $fatal(1, "rdma_sq_wqe_fr.rsvd1: the position constants select other bits");
    if (g7_rdma_sq_wqe_fr.rsvd2 !== 256'h0000000000000000000000000000000000000000000000000000000000000000) $fatal(1, "rdma_sq_wqe_fr.rsvd2: struct field is %h, expected %h", g7_rdma_sq_wqe_fr.rsvd2, 256'h0000000000000000000000000000000000000000000000000000000000000000);
    if (g7_bus[wn_abi_pkg::RDMA_SQ_WQE_FR_RSVD2_LSB +: wn_abi_pkg::RDMA_SQ_WQE_FR_RSVD2_W] !== 256'h0000000000000000000000000000000000000000000000000000000000000000) $fatal(1, "rdma_sq_wqe_fr.rsvd2: the position constants select other bits");
    if (g7_rdma_sq_wqe_fr.rsvd3 !== 192'h000000000000000000000000000000000000000000000000) $fatal(1, "rdma_sq_wqe_fr.rsvd3: struct field is %h, expected %h", g7_rdma_sq_wqe_fr.rsvd3, 192'h000000000000000000000000000000000000000000000000);
    if (g7_bus[wn_abi_pkg::RDMA_SQ_WQE_FR_RSVD3_LSB +: wn_abi_pkg::RDMA_SQ_WQE_FR_RSVD3_W] !== 192'h000000000000000000000000000000000000000000000000) $fatal(1, "rdma_sq_wqe_fr.rsvd3: the position constants select other bits");

    // rdma_rq_wqe (warpnic)
    g8_bus = 1024'h0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001020000008000000000000020000000010100000040000000000000100000000000000000021122334455667788;
    if (wn_abi_pkg::RDMA_RQ_WQE_SIZE != 128) $fatal(1, "rdma_rq_wqe: RDMA_RQ_WQE_SIZE is %0d, expected 128", wn_abi_pkg::RDMA_RQ_WQE_SIZE);
    g8_rdma_rq_wqe = g8_bus;
    if (g8_rdma_rq_wqe.wr_id !== 64'h1122_3344_5566_7788) $fatal(1, "rdma_rq_wqe.wr_id: struct field is %h, expected %h", g8_rdma_rq_wqe.wr_id, 64'h1122_3344_5566_7788);
    if (g8_bus[wn_abi_pkg::RDMA_RQ_WQE_WR_ID_LSB +: wn_abi_pkg::RDMA_RQ_WQE_WR_ID_W] !== 64'h1122_3344_5566_7788) $fatal(1, "rdma_rq_wqe.wr_id: the position constants select other bits");
    if (g8_rdma_rq_wqe.num_sge !== 8'h02) $fatal(1, "rdma_rq_wqe.num_sge: struct field is %h, expected %h", g8_rdma_rq_wqe.num_sge, 8'h02);
    if (g8_bus[wn_abi_pkg::RDMA_RQ_WQE_NUM_SGE_LSB +: wn_abi_pkg::RDMA_RQ_WQE_NUM_SGE_W] !== 8'h02) $fatal(1, "rdma_rq_wqe.num_sge: the position constants select other bits");
    if (g8_rdma_rq_wqe.rsvd0 !== 56'h00000000000000) $fatal(1, "rdma_rq_wqe.rsvd0: struct field is %h, expected %h", g8_rdma_rq_wqe.rsvd0, 56'h00000000000000);
    if (g8_bus[wn_abi_pkg::RDMA_RQ_WQE_RSVD0_LSB +: wn_abi_pkg::RDMA_RQ_WQE_RSVD0_W] !== 56'h00000000000000) $fatal(1, "rdma_rq_wqe.rsvd0: the position constants select other bits");
    if (g8_rdma_rq_wqe.sge0 !== 128'h00000101000000400000000000001000) $fatal(1, "rdma_rq_wqe.sge0: struct field is %h, expected %h", g8_rdma_rq_wqe.sge0, 128'h00000101000000400000000000001000);
    if (g8_bus[wn_abi_pkg::RDMA_RQ_WQE_SGE0_LSB +: wn_abi_pkg::RDMA_RQ_WQE_SGE0_W] !== 128'h00000101000000400000000000001000) $fatal(1, "rdma_rq_wqe.sge0: the position constants select other bits");
    if (g8_rdma_rq_wqe.sge1 !== 128'h00000102000000800000000000002000) $fatal(1, "rdma_rq_wqe.sge1: struct field is %h, expected %h", g8_rdma_rq_wqe.sge1, 128'h00000102000000800000000000002000);
    if (g8_bus[wn_abi_pkg::RDMA_RQ_WQE_SGE1_LSB +: wn_abi_pkg::RDMA_RQ_WQE_SGE1_W] !== 128'h00000102000000800000000000002000) $fatal(1, "rdma_rq_wqe.sge1: the position constants select other bits");
    if (g8_rdma_rq_wqe.sge2 !== 128'h00000000000000000000000000000000) $fatal(1, "rdma_rq_wqe.sge2: struct field is %h, expected %h", g8_rdma_rq_wqe.sge2, 128'h00000000000000000000000000000000);
    if (g8_bus[wn_abi_pkg::RDMA_RQ_WQE_SGE2_LSB +: wn_abi_pkg::RDMA_RQ_WQE_SGE2_W] !== 128'h00000000000000000000000000000000) $fatal(1, "rdma_rq_wqe.sge2: the position constants select other bits");
    if (g8_rdma_rq_wqe.sge3 !== 128'h00000000000000000000000000000000) $fatal(1, "rdma_rq_wqe.sge3: struct field is %h, expected %h", g8_rdma_rq_wqe.sge3, 128'h00000000000000000000000000000000);
    if (g8_bus[wn_abi_pkg::RDMA_RQ_WQE_SGE3_LSB +: wn_abi_pkg::RDMA_RQ_WQE_SGE3_W] !== 128'h00000000000000000000000000000000) $fatal(1, "rdma_rq_wqe.sge3: the position constants select other bits");
    if (g8_rdma_rq_wqe.rsvd1 !== 256'h0000000000000000000000000000000000000000000000000000000000000000) $fatal(1, "rdma_rq_wqe.rsvd1: struct field is %h, expected %h", g8_rdma_rq_wqe.rsvd1, 256'h0000000000000000000000000000000000000000000000000000000000000000);
    if (g8_bus[wn_abi_pkg::RDMA_RQ_WQE_RSVD1_LSB +: wn_abi_pkg::RDMA_RQ_WQE_RSVD1_W] !== 256'h0000000000000000000000000000000000000000000000000000000000000000) $fatal(1, "rdma_rq_wqe.rsvd1: the position constants select other bits");
    if (g8_rdma_rq_wqe.rsvd2 !== 128'h00000000000000000000000000000000) $fatal(1, "rdma_rq_wqe.rsvd2: struct field is %h, expected %h", g8_rdma_rq_wqe.rsvd2, 128'h00000000000000000000000000000000);
    if (g8_bus[wn_abi_pkg::RDMA_RQ_WQE_RSVD2_LSB +: wn_abi_pkg::RDMA_RQ_WQE_RSVD2_W] !== 128'h00000000000000000000000000000000) $fatal(1, "rdma_rq_wqe.rsvd2: the position constants select other bits");

    // fw_msg_hdr (warpnic)
    g9_bus = 32'h05007f01;
    if (wn_abi_pkg::FW_MSG_HDR_SIZE != 4) $fatal(1, "fw_msg_hdr: FW_MSG_HDR_SIZE is %0d, expected 4", wn_abi_pkg::FW_MSG_HDR_SIZE);
    g9_fw_msg_hdr = g9_bus;
    if (g9_fw_msg_hdr.opcode !== 8'h01) $fatal(1, "fw_msg_hdr.opcode: struct field is %h, expected %h", g9_fw_msg_hdr.opcode, 8'h01);
    if (g9_bus[wn_abi_pkg::FW_MSG_HDR_OPCODE_LSB +: wn_abi_pkg::FW_MSG_HDR_OPCODE_W] !== 8'h01) $fatal(1, "fw_msg_hdr.opcode: the position constants select other bits");
    if (g9_fw_msg_hdr.seq !== 8'h7f) $fatal(1, "fw_msg_hdr.seq: struct field is %h, expected %h", g9_fw_msg_hdr.seq, 8'h7f);
    if (g9_bus[wn_abi_pkg::FW_MSG_HDR_SEQ_LSB +: wn_abi_pkg::FW_MSG_HDR_SEQ_W] !== 8'h7f) $fatal(1, "fw_msg_hdr.seq: the position constants select other bits");
    if (g9_fw_msg_hdr.status !== 8'h00) $fatal(1, "fw_msg_hdr.status: struct field is %h, expected %h", g9_fw_msg_hdr.status, 8'h00);
    if (g9_bus[wn_abi_pkg::FW_MSG_HDR_STATUS_LSB +: wn_abi_pkg::FW_MSG_HDR_STATUS_W] !== 8'h00) $fatal(1, "fw_msg_hdr.status: the position constants select other bits");
    if (g9_fw_msg_hdr.len !== 8'h05) $fatal(1, "fw_msg_hdr.len: struct field is %h, expected %h", g9_fw_msg_hdr.len, 8'h05);
    if (g9_bus[wn_abi_pkg::FW_MSG_HDR_LEN_LSB +: wn_abi_pkg::FW_MSG_HDR_LEN_W] !== 8'h05) $fatal(1, "fw_msg_hdr.len: the position constants select other bits");

    // cpl_hdr (warpnic (docs/cpl.md))
    g10_bus = 64'h00030a2b00200120;
    if (wn_abi_pkg::CPL_HDR_SIZE != 8) $fatal(1, "cpl_hdr: CPL_HDR_SIZE is %0d, expected 8", wn_abi_pkg::CPL_HDR_SIZE);
    g10_cpl_hdr = g10_bus;
    if (g10_cpl_hdr.opcode !== 8'h20) $fatal(1, "cpl_hdr.opcode: struct field is %h, expected %h", g10_cpl_hdr.opcode, 8'h20);
    if (g10_bus[wn_abi_pkg::CPL_HDR_OPCODE_LSB +: wn_abi_pkg::CPL_HDR_OPCODE_W] !== 8'h20) $fatal(1, "cpl_hdr.opcode: the position constants select other bits");
    if (g10_cpl_hdr.flags !== 8'h01) $fatal(1, "cpl_hdr.flags: struct field is %h, expected %h", g10_cpl_hdr.flags, 8'h01);
    if (g10_bus[wn_abi_pkg::CPL_HDR_FLAGS_LSB +: wn_abi_pkg::CPL_HDR_FLAGS_W] !== 8'h01) $fatal(1, "cpl_hdr.flags: the position constants select other bits");
    if (g10_cpl_hdr.len !== 16'h0020) $fatal(1, "cpl_hdr.len: struct field is %h, expected %h", g10_cpl_hdr.len, 16'h0020);
    if (g10_bus[wn_abi_pkg::CPL_HDR_LEN_LSB +: wn_abi_pkg::CPL_HDR_LEN_W] !== 16'h0020) $fatal(1, "cpl_hdr.len: the position constants select other bits");
    if (g10_cpl_hdr.id !== 32'h0003_0a2b) $fatal(1, "cpl_hdr.id: struct field is %h, expected %h", g10_cpl_hdr.id, 32'h0003_0a2b);
    if (g10_bus[wn_abi_pkg::CPL_HDR_ID_LSB +: wn_abi_pkg::CPL_HDR_ID_W] !== 32'h0003_0a2b) $fatal(1, "cpl_hdr.id: the position constants select other bits");

    // cpl_act_open_req (warpnic (docs/cpl.md))
    g11_bus = 320'ha1a2a3a4a50040b820645634120054529abcdef000100000070f05b44e21c350c0a80114c0a8010a;
    if (wn_abi_pkg::CPL_ACT_OPEN_REQ_SIZE != 40) $fatal(1, "cpl_act_open_req: CPL_ACT_OPEN_REQ_SIZE is %0d, expected 40", wn_abi_pkg::CPL_ACT_OPEN_REQ_SIZE);
    g11_cpl_act_open_req = g11_bus;
    if (g11_cpl_act_open_req.local_ip !== 32'hc0a8_010a) $fatal(1, "cpl_act_open_req.local_ip: struct field is %h, expected %h", g11_cpl_act_open_req.local_ip, 32'hc0a8_010a);
    if (g11_bus[wn_abi_pkg::CPL_ACT_OPEN_REQ_LOCAL_IP_LSB +: wn_abi_pkg::CPL_ACT_OPEN_REQ_LOCAL_IP_W] !== 32'hc0a8_010a) $fatal(1, "cpl_act_open_req.local_ip: the position constants select other bits");
    if (g11_cpl_act_open_req.peer_ip !== 32'hc0a8_0114) $fatal(1, "cpl_act_open_req.peer_ip: struct field is %h, expected %h", g11_cpl_act_open_req.peer_ip, 32'hc0a8_0114);
    if (g11_bus[wn_abi_pkg::CPL_ACT_OPEN_REQ_PEER_IP_LSB +: wn_abi_pkg::CPL_ACT_OPEN_REQ_PEER_IP_W] !== 32'hc0a8_0114) $fatal(1, "cpl_act_open_req.peer_ip: the position constants select other bits");
    if (g11_cpl_act_open_req.local_port !== 16'hc350) $fatal(1, "cpl_act_open_req.local_port: struct field is %h, expected %h", g11_cpl_act_open_req.local_port, 16'hc350);
    if (g11_bus[wn_abi_pkg::CPL_ACT_OPEN_REQ_LOCAL_PORT_LSB +: wn_abi_pkg::CPL_ACT_OPEN_REQ_LOCAL_PORT_W] !== 16'hc350) $fatal(1, "cpl_act_open_req.local_port: the position constants select other bits");
    if (g11_cpl_act_open_req.peer_port !== 16'h4e21) $fatal(1, "cpl_act_open_req.peer_port: struct field is %h, expected %h", g11_cpl_act_open_req.peer_port, 16'h4e21);
    if (g11_bus[wn_abi_pkg::CPL_ACT_OPEN_REQ_PEER_PORT_LSB +: wn_abi_pkg::CPL_ACT_OPEN_REQ_PEER_PORT_W] !== 16'h4e21) $fatal(1, "cpl_act_open_req.peer_port: the position constants select other bits");
    if (g11_cpl_act_open_req.mss !== 16'h05b4) $fatal(1, "cpl_act_open_req.mss: struct field is %h, expected %h", g11_cpl_act_open_req.mss, 16'h05b4);
    if (g11_bus[wn_abi_pkg::CPL_ACT_OPEN_REQ_MSS_LSB +: wn_abi_pkg::CPL_ACT_OPEN_REQ_MSS_W] !== 16'h05b4) $fatal(1, "cpl_act_open_req.mss: the position constants select other bits");
    if (g11_cpl_act_open_req.tcp_opt !== 8'h0f) $fatal(1, "cpl_act_open_req.tcp_opt: struct field is %h, expected %h", g11_cpl_act_open_req.tcp_opt, 8'h0f);
    if (g11_bus[wn_abi_pkg::CPL_ACT_OPEN_REQ_TCP_OPT_LSB +: wn_abi_pkg::CPL_ACT_OPEN_REQ_TCP_OPT_W] !== 8'h0f) $fatal(1, "cpl_act_open_req.tcp_opt: the position constants select other bits");
    if (g11_cpl_act_open_req.rcv_wscale !== 8'h07) $fatal(1, "cpl_act_open_req.rcv_wscale: struct field is %h, expected %h", g11_cpl_act_open_req.rcv_wscale, 8'h07);
    if (g11_bus[wn_abi_pkg::CPL_ACT_OPEN_REQ_RCV_WSCALE_LSB +: wn_abi_pkg::CPL_ACT_OPEN_REQ_RCV_WSCALE_W] !== 8'h07) $fatal(1, "cpl_act_open_req.rcv_wscale: the position constants select other bits");
    if (g11_cpl_act_open_req.rcv_wnd !== 32'h0010_0000) $fatal(1, "cpl_act_open_req.rcv_wnd: struct field is %h, expected %h", g11_cpl_act_open_req.rcv_wnd, 32'h0010_0000);
    if (g11_bus[wn_abi_pkg::CPL_ACT_OPEN_REQ_RCV_WND_LSB +: wn_abi_pkg::CPL_ACT_OPEN_REQ_RCV_WND_W] !== 32'h0010_0000) $fatal(1, "cpl_act_open_req.rcv_wnd: the position constants select other bits");
    if (g11_cpl_act_open_req.iss !== 32'h9abc_def0) $fatal(1, "cpl_act_open_req.iss: struct field is %h, expected %h", g11_cpl_act_open_req.iss, 32'h9abc_def0);
    if (g11_bus[wn_abi_pkg::CPL_ACT_OPEN_REQ_ISS_LSB +: wn_abi_pkg::CPL_ACT_OPEN_REQ_ISS_W] !== 32'h9abc_def0) $fatal(1, "cpl_act_open_req.iss: the position constants select other bits");
    if (g11_cpl_act_open_req.peer_mac !== 48'h563412005452) $fatal(1, "cpl_act_open_req.peer_mac: struct field is %h, expected %h", g11_cpl_act_open_req.peer_mac, 48'h563412005452);
    if (g11_bus[wn_abi_pkg::CPL_ACT_OPEN_REQ_PEER_MAC_LSB +: wn_abi_pkg::CPL_ACT_OPEN_REQ_PEER_MAC_W] !== 48'h563412005452) $fatal(1, "cpl_act_open_req.peer_mac: the position constants select other bits");
    if (g11_cpl_act_open_req.vlan !== 16'h2064) $fatal(1, "cpl_act_open_req.vlan: struct field is %h, expected %h", g11_cpl_act_open_req.vlan, 16'h2064);
    if (g11_bus[wn_abi_pkg::CPL_ACT_OPEN_REQ_VLAN_LSB +: wn_abi_pkg::CPL_ACT_OPEN_REQ_VLAN_W] !== 16'h2064) $fatal(1, "cpl_act_open_req.vlan: the position constants select other bits");
    if (g11_cpl_act_open_req.tos !== 8'hb8) $fatal(1, "cpl_act_open_req.tos: struct field is %h, expected %h", g11_cpl_act_open_req.tos, 8'hb8);
    if (g11_bus[wn_abi_pkg::CPL_ACT_OPEN_REQ_TOS_LSB +: wn_abi_pkg::CPL_ACT_OPEN_REQ_TOS_W] !== 8'hb8) $fatal(1, "cpl_act_open_req.tos: the position constants select other bits");
    if (g11_cpl_act_open_req.ttl !== 8'h40) $fatal(1, "cpl_act_open_req.ttl: struct field is %h, expected %h", g11_cpl_act_open_req.ttl, 8'h40);
    if (g11_bus[wn_abi_pkg::CPL_ACT_OPEN_REQ_TTL_LSB +: wn_abi_pkg::CPL_ACT_OPEN_REQ_TTL_W] !== 8'h40) $fatal(1, "cpl_act_open_req.ttl: the position constants select other bits");
    if (g11_cpl_act_open_req.ulp_mode !== 8'h00) $fatal(1, "cpl_act_open_req.ulp_mode: struct field is %h, expected %h", g11_cpl_act_open_req.ulp_mode, 8'h00);
    if (g11_bus[wn_abi_pkg::CPL_ACT_OPEN_REQ_ULP_MODE_LSB +: wn_abi_pkg::CPL_ACT_OPEN_REQ_ULP_MODE_W] !== 8'h00) $fatal(1, "cpl_act_open_req.ulp_mode: the position constants select other bits");
    if (g11_cpl_act_open_req.rsvd0 !== 8'ha5) $fatal(1, "cpl_act_open_req.rsvd0: struct field is %h, expected %h", g11_cpl_act_open_req.rsvd0, 8'ha5);
    if (g11_bus[wn_abi_pkg::CPL_ACT_OPEN_REQ_RSVD0_LSB +: wn_abi_pkg::CPL_ACT_OPEN_REQ_RSVD0_W] !== 8'ha5) $fatal(1, "cpl_act_open_req.rsvd0: the position constants select other bits");
    if (g11_cpl_act_open_req.rsvd1 !== 32'ha1a2_a3a4) $fatal(1, "cpl_act_open_req.rsvd1: struct field is %h, expected %h", g11_cpl_act_open_req.rsvd1, 32'ha1a2_a3a4);
    if (g11_bus[wn_abi_pkg::CPL_ACT_OPEN_REQ_RSVD1_LSB +: wn_abi_pkg::CPL_ACT_OPEN_REQ_RSVD1_W] !== 32'ha1a2_a3a4) $fatal(1, "cpl_act_open_req.rsvd1: the position constants select other bits");

    // cpl_act_open_rpl (warpnic (docs/cpl.md))
    g12_bus = 64'h00001234beefee01;
    if (wn_abi_pkg::CPL_ACT_OPEN_RPL_SIZE != 8) $fatal(1, "cpl_act_open_rpl: CPL_ACT_OPEN_RPL_SIZE is %0d, expected 8", wn_abi_pkg::CPL_ACT_OPEN_RPL_SIZE);
    g12_cpl_act_open_rpl = g12_bus;
    if (g12_cpl_act_open_rpl.status !== 8'h01) $fatal(1, "cpl_act_open_rpl.status: struct field is %h, expected %h", g12_cpl_act_open_rpl.status, 8'h01);
    if (g12_bus[wn_abi_pkg::CPL_ACT_OPEN_RPL_STATUS_LSB +: wn_abi_pkg::CPL_ACT_OPEN_RPL_STATUS_W] !== 8'h01) $fatal(1, "cpl_act_open_rpl.status: the position constants select other bits");
    if (g12_cpl_act_open_rpl.rsvd0 !== 8'hee) $fatal(1, "cpl_act_open_rpl.rsvd0: struct field is %h, expected %h", g12_cpl_act_open_rpl.rsvd0, 8'hee);
    if (g12_bus[wn_abi_pkg::CPL_ACT_OPEN_RPL_RSVD0_LSB +: wn_abi_pkg::CPL_ACT_OPEN_RPL_RSVD0_W] !== 8'hee) $fatal(1, "cpl_act_open_rpl.rsvd0: the position constants select other bits");
    if (g12_cpl_act_open_rpl.rsvd1 !== 16'hbeef) $fatal(1, "cpl_act_open_rpl.rsvd1: struct field is %h, expected %h", g12_cpl_act_open_rpl.rsvd1, 16'hbeef);
    if (g12_bus[wn_abi_pkg::CPL_ACT_OPEN_RPL_RSVD1_LSB +: wn_abi_pkg::CPL_ACT_OPEN_RPL_RSVD1_W] !== 16'hbeef) $fatal(1, "cpl_act_open_rpl.rsvd1: the position constants select other bits");
    if (g12_cpl_act_open_rpl.tid !== 32'h0000_1234) $fatal(1, "cpl_act_open_rpl.tid: struct field is %h, expected %h", g12_cpl_act_open_rpl.tid, 32'h0000_1234);
    if (g12_bus[wn_abi_pkg::CPL_ACT_OPEN_RPL_TID_LSB +: wn_abi_pkg::CPL_ACT_OPEN_RPL_TID_W] !== 32'h0000_1234) $fatal(1, "cpl_act_open_rpl.tid: the position constants select other bits");

    // cpl_act_establish (warpnic (docs/cpl.md))
    g13_bus = 192'hc3d25a08090705a80003fc00123456789abcdef000000007;
    if (wn_abi_pkg::CPL_ACT_ESTABLISH_SIZE != 24) $fatal(1, "cpl_act_establish: CPL_ACT_ESTABLISH_SIZE is %0d, expected 24", wn_abi_pkg::CPL_ACT_ESTABLISH_SIZE);
    g13_cpl_act_establish = g13_bus;
    if (g13_cpl_act_establish.atid !== 32'h0000_0007) $fatal(1, "cpl_act_establish.atid: struct field is %h, expected %h", g13_cpl_act_establish.atid, 32'h0000_0007);
    if (g13_bus[wn_abi_pkg::CPL_ACT_ESTABLISH_ATID_LSB +: wn_abi_pkg::CPL_ACT_ESTABLISH_ATID_W] !== 32'h0000_0007) $fatal(1, "cpl_act_establish.atid: the position constants select other bits");
    if (g13_cpl_act_establish.snd_isn !== 32'h9abc_def0) $fatal(1, "cpl_act_establish.snd_isn: struct field is %h, expected %h", g13_cpl_act_establish.snd_isn, 32'h9abc_def0);
    if (g13_bus[wn_abi_pkg::CPL_ACT_ESTABLISH_SND_ISN_LSB +: wn_abi_pkg::CPL_ACT_ESTABLISH_SND_ISN_W] !== 32'h9abc_def0) $fatal(1, "cpl_act_establish.snd_isn: the position constants select other bits");
    if (g13_cpl_act_establish.rcv_isn !== 32'h1234_5678) $fatal(1, "cpl_act_establish.rcv_isn: struct field is %h, expected %h", g13_cpl_act_establish.rcv_isn, 32'h1234_5678);
    if (g13_bus[wn_abi_pkg::CPL_ACT_ESTABLISH_RCV_ISN_LSB +: wn_abi_pkg::CPL_ACT_ESTABLISH_RCV_ISN_W] !== 32'h1234_5678) $fatal(1, "cpl_act_establish.rcv_isn: the position constants select other bits");
    if (g13_cpl_act_establish.snd_wnd !== 32'h0003_fc00) $fatal(1, "cpl_act_establish.snd_wnd: struct field is %h, expected %h", g13_cpl_act_establish.snd_wnd, 32'h0003_fc00);
    if (g13_bus[wn_abi_pkg::CPL_ACT_ESTABLISH_SND_WND_LSB +: wn_abi_pkg::CPL_ACT_ESTABLISH_SND_WND_W] !== 32'h0003_fc00) $fatal(1, "cpl_act_establish.snd_wnd: the position constants select other bits");
    if (g13_cpl_act_establish.mss !== 16'h05a8) $fatal(1, "cpl_act_establish.mss: struct field is %h, expected %h", g13_cpl_act_establish.mss, 16'h05a8);
    if (g13_bus[wn_abi_pkg::CPL_ACT_ESTABLISH_MSS_LSB +: wn_abi_pkg::CPL_ACT_ESTABLISH_MSS_W] !== 16'h05a8) $fatal(1, "cpl_act_establish.mss: the position constants select other bits");
    if (g13_cpl_act_establish.tcp_opt !== 8'h07) $fatal(1, "cpl_act_establish.tcp_opt: struct field is %h, expected %h", g13_cpl_act_establish.tcp_opt, 8'h07);
    if (g13_bus[wn_abi_pkg::CPL_ACT_ESTABLISH_TCP_OPT_LSB +: wn_abi_pkg::CPL_ACT_ESTABLISH_TCP_OPT_W] !== 8'h07) $fatal(1, "cpl_act_establish.tcp_opt: the position constants select other bits");
    if (g13_cpl_act_establish.snd_wscale !== 8'h09) $fatal(1, "cpl_act_establish.snd_wscale: struct field is %h, expected %h", g13_cpl_act_establish.snd_wscale, 8'h09);
    if (g13_bus[wn_abi_pkg::CPL_ACT_ESTABLISH_SND_WSCALE_LSB +: wn_abi_pkg::CPL_ACT_ESTABLISH_SND_WSCALE_W] !== 8'h09) $fatal(1, "cpl_act_establish.snd_wscale: the position constants select other bits");
    if (g13_cpl_act_establish.rcv_wscale !== 8'h08) $fatal(1, "cpl_act_establish.rcv_wscale: struct field is %h, expected %h", g13_cpl_act_establish.rcv_wscale, 8'h08);
    if (g13_bus[wn_abi_pkg::CPL_ACT_ESTABLISH_RCV_WSCALE_LSB +: wn_abi_pkg::CPL_ACT_ESTABLISH_RCV_WSCALE_W] !== 8'h08) $fatal(1, "cpl_act_establish.rcv_wscale: the position constants select other bits");
    if (g13_cpl_act_establish.rsvd0 !== 8'h5a) $fatal(1, "cpl_act_establish.rsvd0: struct field is %h, expected %h", g13_cpl_act_establish.rsvd0, 8'h5a);
    if (g13_bus[wn_abi_pkg::CPL_ACT_ESTABLISH_RSVD0_LSB +: wn_abi_pkg::CPL_ACT_ESTABLISH_RSVD0_W] !== 8'h5a) $fatal(1, "cpl_act_establish.rsvd0: the position constants select other bits");
    if (g13_cpl_act_establish.rsvd1 !== 16'hc3d2) $fatal(1, "cpl_act_establish.rsvd1: struct field is %h, expected %h", g13_cpl_act_establish.rsvd1, 16'hc3d2);
    if (g13_bus[wn_abi_pkg::CPL_ACT_ESTABLISH_RSVD1_LSB +: wn_abi_pkg::CPL_ACT_ESTABLISH_RSVD1_W] !== 16'hc3d2) $fatal(1, "cpl_act_establish.rsvd1: the position constants select other bits");

    // cpl_pass_open_req (warpnic (docs/cpl.md))
    g14_bus = 192'h0badf00d000400000a1123001f904e210a0000020a000001;
    if (wn_abi_pkg::CPL_PASS_OPEN_REQ_SIZE != 24) $fatal(1, "cpl_pass_open_req: CPL_PASS_OPEN_REQ_SIZE is %0d, expected 24", wn_abi_pkg::CPL_PASS_OPEN_REQ_SIZE);
    g14_cpl_pass_open_req = g14_bus;
    if (g14_cpl_pass_open_req.local_ip !== 32'h0a00_0001) $fatal(1, "cpl_pass_open_req.local_ip: struct field is %h, expected %h", g14_cpl_pass_open_req.local_ip, 32'h0a00_0001);
    if (g14_bus[wn_abi_pkg::CPL_PASS_OPEN_REQ_LOCAL_IP_LSB +: wn_abi_pkg::CPL_PASS_OPEN_REQ_LOCAL_IP_W] !== 32'h0a00_0001) $fatal(1, "cpl_pass_open_req.local_ip: the position constants select other bits");
    if (g14_cpl_pass_open_req.peer_ip !== 32'h0a00_0002) $fatal(1, "cpl_pass_open_req.peer_ip: struct field is %h, expected %h", g14_cpl_pass_open_req.peer_ip, 32'h0a00_0002);
    if (g14_bus[wn_abi_pkg::CPL_PASS_OPEN_REQ_PEER_IP_LSB +: wn_abi_pkg::CPL_PASS_OPEN_REQ_PEER_IP_W] !== 32'h0a00_0002) $fatal(1, "cpl_pass_open_req.peer_ip: the position constants select other bits");
    if (g14_cpl_pass_open_req.local_port !== 16'h4e21) $fatal(1, "cpl_pass_open_req.local_port: struct field is %h, expected %h", g14_cpl_pass_open_req.local_port, 16'h4e21);
    if (g14_bus[wn_abi_pkg::CPL_PASS_OPEN_REQ_LOCAL_PORT_LSB +: wn_abi_pkg::CPL_PASS_OPEN_REQ_LOCAL_PORT_W] !== 16'h4e21) $fatal(1, "cpl_pass_open_req.local_port: the position constants select other bits");
    if (g14_cpl_pass_open_req.peer_port !== 16'h1f90) $fatal(1, "cpl_pass_open_req.peer_port: struct field is %h, expected %h", g14_cpl_pass_open_req.peer_port, 16'h1f90);
    if (g14_bus[wn_abi_pkg::CPL_PASS_OPEN_REQ_PEER_PORT_LSB +: wn_abi_pkg::CPL_PASS_OPEN_REQ_PEER_PORT_W] !== 16'h1f90) $fatal(1, "cpl_pass_open_req.peer_port: the position constants select other bits");
    if (g14_cpl_pass_open_req.mss !== 16'h2300) $fatal(1, "cpl_pass_open_req.mss: struct field is %h, expected %h", g14_cpl_pass_open_req.mss, 16'h2300);
    if (g14_bus[wn_abi_pkg::CPL_PASS_OPEN_REQ_MSS_LSB +: wn_abi_pkg::CPL_PASS_OPEN_REQ_MSS_W] !== 16'h2300) $fatal(1, "cpl_pass_open_req.mss: the position constants select other bits");
    if (g14_cpl_pass_open_req.tcp_opt !== 8'h11) $fatal(1, "cpl_pass_open_req.tcp_opt: struct field is %h, expected %h", g14_cpl_pass_open_req.tcp_opt, 8'h11);
    if (g14_bus[wn_abi_pkg::CPL_PASS_OPEN_REQ_TCP_OPT_LSB +: wn_abi_pkg::CPL_PASS_OPEN_REQ_TCP_OPT_W] !== 8'h11) $fatal(1, "cpl_pass_open_req.tcp_opt: the position constants select other bits");
    if (g14_cpl_pass_open_req.rcv_wscale !== 8'h0a) $fatal(1, "cpl_pass_open_req.rcv_wscale: struct field is %h, expected %h", g14_cpl_pass_open_req.rcv_wscale, 8'h0a);
    if (g14_bus[wn_abi_pkg::CPL_PASS_OPEN_REQ_RCV_WSCALE_LSB +: wn_abi_pkg::CPL_PASS_OPEN_REQ_RCV_WSCALE_W] !== 8'h0a) $fatal(1, "cpl_pass_open_req.rcv_wscale: the position constants select other bits");
    if (g14_cpl_pass_open_req.rcv_wnd !== 32'h0004_0000) $fatal(1, "cpl_pass_open_req.rcv_wnd: struct field is %h, expected %h", g14_cpl_pass_open_req.rcv_wnd, 32'h0004_0000);
    if (g14_bus[wn_abi_pkg::CPL_PASS_OPEN_REQ_RCV_WND_LSB +: wn_abi_pkg::CPL_PASS_OPEN_REQ_RCV_WND_W] !== 32'h0004_0000) $fatal(1, "cpl_pass_open_req.rcv_wnd: the position constants select other bits");
    if (g14_cpl_pass_open_req.rsvd0 !== 32'h0bad_f00d) $fatal(1, "cpl_pass_open_req.rsvd0: struct field is %h, expected %h", g14_cpl_pass_open_req.rsvd0, 32'h0bad_f00d);
    if (g14_bus[wn_abi_pkg::CPL_PASS_OPEN_REQ_RSVD0_LSB +: wn_abi_pkg::CPL_PASS_OPEN_REQ_RSVD0_W] !== 32'h0bad_f00d) $fatal(1, "cpl_pass_open_req.rsvd0: the position constants select other bits");

    // cpl_pass_open_rpl (warpnic (docs/cpl.md))
    g15_bus = 64'h010203044e217704;
    if (wn_abi_pkg::CPL_PASS_OPEN_RPL_SIZE != 8) $fatal(1, "cpl_pass_open_rpl: CPL_PASS_OPEN_RPL_SIZE is %0d, expected 8", wn_abi_pkg::CPL_PASS_OPEN_RPL_SIZE);
    g15_cpl_pass_open_rpl = g15_bus;
    if (g15_cpl_pass_open_rpl.status !== 8'h04) $fatal(1, "cpl_pass_open_rpl.status: struct field is %h, expected %h", g15_cpl_pass_open_rpl.status, 8'h04);
    if (g15_bus[wn_abi_pkg::CPL_PASS_OPEN_RPL_STATUS_LSB +: wn_abi_pkg::CPL_PASS_OPEN_RPL_STATUS_W] !== 8'h04) $fatal(1, "cpl_pass_open_rpl.status: the position constants select other bits");
    if (g15_cpl_pass_open_rpl.rsvd0 !== 8'h77) $fatal(1, "cpl_pass_open_rpl.rsvd0: struct field is %h, expected %h", g15_cpl_pass_open_rpl.rsvd0, 8'h77);
    if (g15_bus[wn_abi_pkg::CPL_PASS_OPEN_RPL_RSVD0_LSB +: wn_abi_pkg::CPL_PASS_OPEN_RPL_RSVD0_W] !== 8'h77) $fatal(1, "cpl_pass_open_rpl.rsvd0: the position constants select other bits");
    if (g15_cpl_pass_open_rpl.local_port !== 16'h4e21) $fatal(1, "cpl_pass_open_rpl.local_port: struct field is %h, expected %h", g15_cpl_pass_open_rpl.local_port, 16'h4e21);
    if (g15_bus[wn_abi_pkg::CPL_PASS_OPEN_RPL_LOCAL_PORT_LSB +: wn_abi_pkg::CPL_PASS_OPEN_RPL_LOCAL_PORT_W] !== 16'h4e21) $fatal(1, "cpl_pass_open_rpl.local_port: the position constants select other bits");
    if (g15_cpl_pass_open_rpl.rsvd1 !== 32'h0102_0304) $fatal(1, "cpl_pass_open_rpl.rsvd1: struct field is %h, expected %h", g15_cpl_pass_open_rpl.rsvd1, 32'h0102_0304);
    if (g15_bus[wn_abi_pkg::CPL_PASS_OPEN_RPL_RSVD1_LSB +: wn_abi_pkg::CPL_PASS_OPEN_RPL_RSVD1_W] !== 32'h0102_0304) $fatal(1, "cpl_pass_open_rpl.rsvd1: the position constants select other bits");

    // cpl_pass_accept_req (warpnic (docs/cpl.md))
    g16_bus = 320'hd1d2d3d40064ccbbaa211b02c548070505b4ffff12345678c3504e210a0000020a00000100000003;
    if (wn_abi_pkg::CPL_PASS_ACCEPT_REQ_SIZE != 40) $fatal(1, "cpl_pass_accept_req: CPL_PASS_ACCEPT_REQ_SIZE is %0d, expected 40", wn_abi_pkg::CPL_PASS_ACCEPT_REQ_SIZE);
    g16_cpl_pass_accept_req = g16_bus;
    if (g16_cpl_pass_accept_req.stid !== 32'h0000_0003) $fatal(1, "cpl_pass_accept_req.stid: struct field is %h, expected %h", g16_cpl_pass_accept_req.stid, 32'h0000_0003);
    if (g16_bus[wn_abi_pkg::CPL_PASS_ACCEPT_REQ_STID_LSB +: wn_abi_pkg::CPL_PASS_ACCEPT_REQ_STID_W] !== 32'h0000_0003) $fatal(1, "cpl_pass_accept_req.stid: the position constants select other bits");
    if (g16_cpl_pass_accept_req.local_ip !== 32'h0a00_0001) $fatal(1, "cpl_pass_accept_req.local_ip: struct field is %h, expected %h", g16_cpl_pass_accept_req.local_ip, 32'h0a00_0001);
    if (g16_bus[wn_abi_pkg::CPL_PASS_ACCEPT_REQ_LOCAL_IP_LSB +: wn_abi_pkg::CPL_PASS_ACCEPT_REQ_LOCAL_IP_W] !== 32'h0a00_0001) $fatal(1, "cpl_pass_accept_req.local_ip: the position constants select other bits");
    if (g16_cpl_pass_accept_req.peer_ip !== 32'h0a00_0002) $fatal(1, "cpl_pass_accept_req.peer_ip: struct field is %h, expected %h", g16_cpl_pass_accept_req.peer_ip, 32'h0a00_0002);
    if (g16_bus[wn_abi_pkg::CPL_PASS_ACCEPT_REQ_PEER_IP_LSB +: wn_abi_pkg::CPL_PASS_ACCEPT_REQ_PEER_IP_W] !== 32'h0a00_0002) $fatal(1, "cpl_pass_accept_req.peer_ip: the position constants select other bits");
    if (g16_cpl_pass_accept_req.local_port !== 16'h4e21) $fatal(1, "cpl_pass_accept_req.local_port: struct field is %h, expected %h", g16_cpl_pass_accept_req.local_port, 16'h4e21);
    if (g16_bus[wn_abi_pkg::CPL_PASS_ACCEPT_REQ_LOCAL_PORT_LSB +: wn_abi_pkg::CPL_PASS_ACCEPT_REQ_LOCAL_PORT_W] !== 16'h4e21) $fatal(1, "cpl_pass_accept_req.local_port: the position constants select other bits");
    if (g16_cpl_pass_accept_req.peer_port !== 16'hc350) $fatal(1, "cpl_pass_accept_req.peer_port: struct field is %h, expected %h", g16_cpl_pass_accept_req.peer_port, 16'hc350);
    if (g16_bus[wn_abi_pkg::CPL_PASS_ACCEPT_REQ_PEER_PORT_LSB +: wn_abi_pkg::CPL_PASS_ACCEPT_REQ_PEER_PORT_W] !== 16'hc350) $fatal(1, "cpl_pass_accept_req.peer_port: the position constants select other bits");
    if (g16_cpl_pass_accept_req.rcv_isn !== 32'h1234_5678) $fatal(1, "cpl_pass_accept_req.rcv_isn: struct field is %h, expected %h", g16_cpl_pass_accept_req.rcv_isn, 32'h1234_5678);
    if (g16_bus[wn_abi_pkg::CPL_PASS_ACCEPT_REQ_RCV_ISN_LSB +: wn_abi_pkg::CPL_PASS_ACCEPT_REQ_RCV_ISN_W] !== 32'h1234_5678) $fatal(1, "cpl_pass_accept_req.rcv_isn: the position constants select other bits");
    if (g16_cpl_pass_accept_req.peer_wnd !== 16'hffff) $fatal(1, "cpl_pass_accept_req.peer_wnd: struct field is %h, expected %h", g16_cpl_pass_accept_req.peer_wnd, 16'hffff);
    if (g16_bus[wn_abi_pkg::CPL_PASS_ACCEPT_REQ_PEER_WND_LSB +: wn_abi_pkg::CPL_PASS_ACCEPT_REQ_PEER_WND_W] !== 16'hffff) $fatal(1, "cpl_pass_accept_req.peer_wnd: the position constants select other bits");
    if (g16_cpl_pass_accept_req.peer_mss !== 16'h05b4) $fatal(1, "cpl_pass_accept_req.peer_mss: struct field is %h, expected %h", g16_cpl_pass_accept_req.peer_mss, 16'h05b4);
    if (g16_bus[wn_abi_pkg::CPL_PASS_ACCEPT_REQ_PEER_MSS_LSB +: wn_abi_pkg::CPL_PASS_ACCEPT_REQ_PEER_MSS_W] !== 16'h05b4) $fatal(1, "cpl_pass_accept_req.peer_mss: the position constants select other bits");
    if (g16_cpl_pass_accept_req.tcp_opt !== 8'h05) $fatal(1, "cpl_pass_accept_req.tcp_opt: struct field is %h, expected %h", g16_cpl_pass_accept_req.tcp_opt, 8'h05);
    if (g16_bus[wn_abi_pkg::CPL_PASS_ACCEPT_REQ_TCP_OPT_LSB +: wn_abi_pkg::CPL_PASS_ACCEPT_REQ_TCP_OPT_W] !== 8'h05) $fatal(1, "cpl_pass_accept_req.tcp_opt: the position constants select other bits");
    if (g16_cpl_pass_accept_req.snd_wscale !== 8'h07) $fatal(1, "cpl_pass_accept_req.snd_wscale: struct field is %h, expected %h", g16_cpl_pass_accept_req.snd_wscale, 8'h07);
    if (g16_bus[wn_abi_pkg::CPL_PASS_ACCEPT_REQ_SND_WSCALE_LSB +: wn_abi_pkg::CPL_PASS_ACCEPT_REQ_SND_WSCALE_W] !== 8'h07) $fatal(1, "cpl_pass_accept_req.snd_wscale: the position constants select other bits");
    if (g16_cpl_pass_accept_req.tos !== 8'h48) $fatal(1, "cpl_pass_accept_req.tos: struct field is %h, expected %h", g16_cpl_pass_accept_req.tos, 8'h48);
    if (g16_bus[wn_abi_pkg::CPL_PASS_ACCEPT_REQ_TOS_LSB +: wn_abi_pkg::CPL_PASS_ACCEPT_REQ_TOS_W] !== 8'h48) $fatal(1, "cpl_pass_accept_req.tos: the position constants select other bits");
    if (g16_cpl_pass_accept_req.rsvd0 !== 8'hc5) $fatal(1, "cpl_pass_accept_req.rsvd0: struct field is %h, expected %h", g16_cpl_pass_accept_req.rsvd0, 8'hc5);
    if (g16_bus[wn_abi_pkg::CPL_PASS_ACCEPT_REQ_RSVD0_LSB +: wn_abi_pkg::CPL_PASS_ACCEPT_REQ_RSVD0_W] !== 8'hc5) $fatal(1, "cpl_pass_accept_req.rsvd0: the position constants select other bits");
    if (g16_cpl_pass_accept_req.peer_mac !== 48'hccbbaa211b02) $fatal(1, "cpl_pass_accept_req.peer_mac: struct field is %h, expected %h", g16_cpl_pass_accept_req.peer_mac, 48'hccbbaa211b02);
    if (g16_bus[wn_abi_pkg::CPL_PASS_ACCEPT_REQ_PEER_MAC_LSB +: wn_abi_pkg::CPL_PASS_ACCEPT_REQ_PEER_MAC_W] !== 48'hccbbaa211b02) $fatal(1, "cpl_pass_accept_req.peer_mac: the position constants select other bits");
    if (g16_cpl_pass_accept_req.vlan !== 16'h0064) $fatal(1, "cpl_pass_accept_req.vlan: struct field is %h, expected %h", g16_cpl_pass_accept_req.vlan, 16'h0064);
    if (g16_bus[wn_abi_pkg::CPL_PASS_ACCEPT_REQ_VLAN_LSB +: wn_abi_pkg::CPL_PASS_ACCEPT_REQ_VLAN_W] !== 16'h0064) $fatal(1, "cpl_pass_accept_req.vlan: the position constants select other bits");
    if (g16_cpl_pass_accept_req.rsvd1 !== 32'hd1d2_d3d4) $fatal(1, "cpl_pass_accept_req.rsvd1: struct field is %h, expected %h", g16_cpl_pass_accept_req.rsvd1, 32'hd1d2_d3d4);
    if (g16_bus[wn_abi_pkg::CPL_PASS_ACCEPT_REQ_RSVD1_LSB +: wn_abi_pkg::CPL_PASS_ACCEPT_REQ_RSVD1_W] !== 32'hd1d2_d3d4) $fatal(1, "cpl_pass_accept_req.rsvd1: the position constants select other bits");

    // cpl_pass_accept_rpl (warpnic (docs/cpl.md))
    g17_bus = 128'h00020000699605b4cafe000148080500;
    if (wn_abi_pkg::CPL_PASS_ACCEPT_RPL_SIZE != 16) $fatal(1, "cpl_pass_accept_rpl: CPL_PASS_ACCEPT_RPL_SIZE is %0d, expected 16", wn_abi_pkg::CPL_PASS_ACCEPT_RPL_SIZE);
    g17_cpl_pass_accept_rpl = g17_bus;
    if (g17_cpl_pass_accept_rpl.status !== 8'h00) $fatal(1, "cpl_pass_accept_rpl.status: struct field is %h, expected %h", g17_cpl_pass_accept_rpl.status, 8'h00);
    if (g17_bus[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_STATUS_LSB +: wn_abi_pkg::CPL_PASS_ACCEPT_RPL_STATUS_W] !== 8'h00) $fatal(1, "cpl_pass_accept_rpl.status: the position constants select other bits");
    if (g17_cpl_pass_accept_rpl.tcp_opt !== 8'h05) $fatal(1, "cpl_pass_accept_rpl.tcp_opt: struct field is %h, expected %h", g17_cpl_pass_accept_rpl.tcp_opt, 8'h05);
    if (g17_bus[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_TCP_OPT_LSB +: wn_abi_pkg::CPL_PASS_ACCEPT_RPL_TCP_OPT_W] !== 8'h05) $fatal(1, "cpl_pass_accept_rpl.tcp_opt: the position constants select other bits");
    if (g17_cpl_pass_accept_rpl.rcv_wscale !== 8'h08) $fatal(1, "cpl_pass_accept_rpl.rcv_wscale: struct field is %h, expected %h", g17_cpl_pass_accept_rpl.rcv_wscale, 8'h08);
    if (g17_bus[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_RCV_WSCALE_LSB +: wn_abi_pkg::CPL_PASS_ACCEPT_RPL_RCV_WSCALE_W] !== 8'h08) $fatal(1, "cpl_pass_accept_rpl.rcv_wscale: the position constants select other bits");
    if (g17_cpl_pass_accept_rpl.tos !== 8'h48) $fatal(1, "cpl_pass_accept_rpl.tos: struct field is %h, expected %h", g17_cpl_pass_accept_rpl.tos, 8'h48);
    if (g17_bus[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_TOS_LSB +: wn_abi_pkg::CPL_PASS_ACCEPT_RPL_TOS_W] !== 8'h48) $fatal(1, "cpl_pass_accept_rpl.tos: the position constants select other bits");
    if (g17_cpl_pass_accept_rpl.iss !== 32'hcafe_0001) $fatal(1, "cpl_pass_accept_rpl.iss: struct field is %h, expected %h", g17_cpl_pass_accept_rpl.iss, 32'hcafe_0001);
    if (g17_bus[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_ISS_LSB +: wn_abi_pkg::CPL_PASS_ACCEPT_RPL_ISS_W] !== 32'hcafe_0001) $fatal(1, "cpl_pass_accept_rpl.iss: the position constants select other bits");
    if (g17_cpl_pass_accept_rpl.mss !== 16'h05b4) $fatal(1, "cpl_pass_accept_rpl.mss: struct field is %h, expected %h", g17_cpl_pass_accept_rpl.mss, 16'h05b4);
    if (g17_bus[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_MSS_LSB +: wn_abi_pkg::CPL_PASS_ACCEPT_RPL_MSS_W] !== 16'h05b4) $fatal(1, "cpl_pass_accept_rpl.mss: the position constants select other bits");
    if (g17_cpl_pass_accept_rpl.rsvd0 !== 16'h6996) $fatal(1, "cpl_pass_accept_rpl.rsvd0: struct field is %h, expected %h", g17_cpl_pass_accept_rpl.rsvd0, 16'h6996);
    if (g17_bus[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_RSVD0_LSB +: wn_abi_pkg::CPL_PASS_ACCEPT_RPL_RSVD0_W] !== 16'h6996) $fatal(1, "cpl_pass_accept_rpl.rsvd0: the position constants select other bits");
    if (g17_cpl_pass_accept_rpl.rcv_wnd !== 32'h0002_0000) $fatal(1, "cpl_pass_accept_rpl.rcv_wnd: struct field is %h, expected %h", g17_cpl_pass_accept_rpl.rcv_wnd, 32'h0002_0000);
    if (g17_bus[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_RCV_WND_LSB +: wn_abi_pkg::CPL_PASS_ACCEPT_RPL_RCV_WND_W] !== 32'h0002_0000) $fatal(1, "cpl_pass_accept_rpl.rcv_wnd: the position constants select other bits");

    // cpl_pass_establish (warpnic (docs/cpl.md))
    g18_bus = 192'h7e7f3c08070505a8001fff8012345678cafe000100000003;
    if (wn_abi_pkg::CPL_PASS_ESTABLISH_SIZE != 24) $fatal(1, "cpl_pass_establish: CPL_PASS_ESTABLISH_SIZE is %0d, expected 24", wn_abi_pkg::CPL_PASS_ESTABLISH_SIZE);
    g18_cpl_pass_establish = g18_bus;
    if (g18_cpl_pass_establish.stid !== 32'h0000_0003) $fatal(1, "cpl_pass_establish.stid: struct field is %h, expected %h", g18_cpl_pass_establish.stid, 32'h0000_0003);
    if (g18_bus[wn_abi_pkg::CPL_PASS_ESTABLISH_STID_LSB +: wn_abi_pkg::CPL_PASS_ESTABLISH_STID_W] !== 32'h0000_0003) $fatal(1, "cpl_pass_establish.stid: the position constants select other bits");
    if (g18_cpl_pass_establish.snd_isn !== 32'hcafe_0001) $fatal(1, "cpl_pass_establish.snd_isn: struct field is %h, expected %h", g18_cpl_pass_establish.snd_isn, 32'hcafe_0001);
    if (g18_bus[wn_abi_pkg::CPL_PASS_ESTABLISH_SND_ISN_LSB +: wn_abi_pkg::CPL_PASS_ESTABLISH_SND_ISN_W] !== 32'hcafe_0001) $fatal(1, "cpl_pass_establish.snd_isn: the position constants select other bits");
    if (g18_cpl_pass_establish.rcv_isn !== 32'h1234_5678) $fatal(1, "cpl_pass_establish.rcv_isn: struct field is %h, expected %h", g18_cpl_pass_establish.rcv_isn, 32'h1234_5678);
    if (g18_bus[wn_abi_pkg::CPL_PASS_ESTABLISH_RCV_ISN_LSB +: wn_abi_pkg::CPL_PASS_ESTABLISH_RCV_ISN_W] !== 32'h1234_5678) $fatal(1, "cpl_pass_establish.rcv_isn: the position constants select other bits");
    if (g18_cpl_pass_establish.snd_wnd !== 32'h001f_ff80) $fatal(1, "cpl_pass_establish.snd_wnd: struct field is %h, expected %h", g18_cpl_pass_establish.snd_wnd, 32'h001f_ff80);
    if (g18_bus[wn_abi_pkg::CPL_PASS_ESTABLISH_SND_WND_LSB +: wn_abi_pkg::CPL_PASS_ESTABLISH_SND_WND_W] !== 32'h001f_ff80) $fatal(1, "cpl_pass_establish.snd_wnd: the position constants select other bits");
    if (g18_cpl_pass_establish.mss !== 16'h05a8) $fatal(1, "cpl_pass_establish.mss: struct field is %h, expected %h", g18_cpl_pass_establish.mss, 16'h05a8);
    if (g18_bus[wn_abi_pkg::CPL_PASS_ESTABLISH_MSS_LSB +: wn_abi_pkg::CPL_PASS_ESTABLISH_MSS_W] !== 16'h05a8) $fatal(1, "cpl_pass_establish.mss: the position constants select other bits");
    if (g18_cpl_pass_establish.tcp_opt !== 8'h05) $fatal(1, "cpl_pass_establish.tcp_opt: struct field is %h, expected %h", g18_cpl_pass_establish.tcp_opt, 8'h05);
    if (g18_bus[wn_abi_pkg::CPL_PASS_ESTABLISH_TCP_OPT_LSB +: wn_abi_pkg::CPL_PASS_ESTABLISH_TCP_OPT_W] !== 8'h05) $fatal(1, "cpl_pass_establish.tcp_opt: the position constants select other bits");
    if (g18_cpl_pass_establish.snd_wscale !== 8'h07) $fatal(1, "cpl_pass_establish.snd_wscale: struct field is %h, expected %h", g18_cpl_pass_establish.snd_wscale, 8'h07);
    if (g18_bus[wn_abi_pkg::CPL_PASS_ESTABLISH_SND_WSCALE_LSB +: wn_abi_pkg::CPL_PASS_ESTABLISH_SND_WSCALE_W] !== 8'h07) $fatal(1, "cpl_pass_establish.snd_wscale: the position constants select other bits");
    if (g18_cpl_pass_establish.rcv_wscale !== 8'h08) $fatal(1, "cpl_pass_establish.rcv_wscale: struct field is %h, expected %h", g18_cpl_pass_establish.rcv_wscale, 8'h08);
    if (g18_bus[wn_abi_pkg::CPL_PASS_ESTABLISH_RCV_WSCALE_LSB +: wn_abi_pkg::CPL_PASS_ESTABLISH_RCV_WSCALE_W] !== 8'h08) $fatal(1, "cpl_pass_establish.rcv_wscale: the position constants select other bits");
    if (g18_cpl_pass_establish.rsvd0 !== 8'h3c) $fatal(1, "cpl_pass_establish.rsvd0: struct field is %h, expected %h", g18_cpl_pass_establish.rsvd0, 8'h3c);
    if (g18_bus[wn_abi_pkg::CPL_PASS_ESTABLISH_RSVD0_LSB +: wn_abi_pkg::CPL_PASS_ESTABLISH_RSVD0_W] !== 8'h3c) $fatal(1, "cpl_pass_establish.rsvd0: the position constants select other bits");
    if (g18_cpl_pass_establish.rsvd1 !== 16'h7e7f) $fatal(1, "cpl_pass_establish.rsvd1: struct field is %h, expected %h", g18_cpl_pass_establish.rsvd1, 16'h7e7f);
    if (g18_bus[wn_abi_pkg::CPL_PASS_ESTABLISH_RSVD1_LSB +: wn_abi_pkg::CPL_PASS_ESTABLISH_RSVD1_W] !== 16'h7e7f) $fatal(1, "cpl_pass_establish.rsvd1: the position constants select other bits");

    // cpl_close_listsrv_rpl (warpnic (docs/cpl.md))
    g19_bus = 64'h0000000213579908;
    if (wn_abi_pkg::CPL_CLOSE_LISTSRV_RPL_SIZE != 8) $fatal(1, "cpl_close_listsrv_rpl: CPL_CLOSE_LISTSRV_RPL_SIZE is %0d, expected 8", wn_abi_pkg::CPL_CLOSE_LISTSRV_RPL_SIZE);
    g19_cpl_close_listsrv_rpl = g19_bus;
    if (g19_cpl_close_listsrv_rpl.status !== 8'h08) $fatal(1, "cpl_close_listsrv_rpl.status: struct field is %h, expected %h", g19_cpl_close_listsrv_rpl.status, 8'h08);
    if (g19_bus[wn_abi_pkg::CPL_CLOSE_LISTSRV_RPL_STATUS_LSB +: wn_abi_pkg::CPL_CLOSE_LISTSRV_RPL_STATUS_W] !== 8'h08) $fatal(1, "cpl_close_listsrv_rpl.status: the position constants select other bits");
    if (g19_cpl_close_listsrv_rpl.rsvd0 !== 8'h99) $fatal(1, "cpl_close_listsrv_rpl.rsvd0: struct field is %h, expected %h", g19_cpl_close_listsrv_rpl.rsvd0, 8'h99);
    if (g19_bus[wn_abi_pkg::CPL_CLOSE_LISTSRV_RPL_RSVD0_LSB +: wn_abi_pkg::CPL_CLOSE_LISTSRV_RPL_RSVD0_W] !== 8'h99) $fatal(1, "cpl_close_listsrv_rpl.rsvd0: the position constants select other bits");
    if (g19_cpl_close_listsrv_rpl.rsvd1 !== 16'h1357) $fatal(1, "cpl_close_listsrv_rpl.rsvd1: struct field is %h, expected %h", g19_cpl_close_listsrv_rpl.rsvd1, 16'h1357);
    if (g19_bus[wn_abi_pkg::CPL_CLOSE_LISTSRV_RPL_RSVD1_LSB +: wn_abi_pkg::CPL_CLOSE_LISTSRV_RPL_RSVD1_W] !== 16'h1357) $fatal(1, "cpl_close_listsrv_rpl.rsvd1: the position constants select other bits");
    if (g19_cpl_close_listsrv_rpl.dropped !== 32'h0000_0002) $fatal(1, "cpl_close_listsrv_rpl.dropped: struct field is %h, expected %h", g19_cpl_close_listsrv_rpl.dropped, 32'h0000_0002);
    if (g19_bus[wn_abi_pkg::CPL_CLOSE_LISTSRV_RPL_DROPPED_LSB +: wn_abi_pkg::CPL_CLOSE_LISTSRV_RPL_DROPPED_W] !== 32'h0000_0002) $fatal(1, "cpl_close_listsrv_rpl.dropped: the position constants select other bits");

    // cpl_tx_data (warpnic (docs/cpl.md))
    g20_bus = 128'h00007f1234568000f00fe10500000400;
    if (wn_abi_pkg::CPL_TX_DATA_SIZE != 16) $fatal(1, "cpl_tx_data: CPL_TX_DATA_SIZE is %0d, expected 16", wn_abi_pkg::CPL_TX_DATA_SIZE);
    g20_cpl_tx_data = g20_bus;
    if (g20_cpl_tx_data.data_len !== 32'h0000_0400) $fatal(1, "cpl_tx_data.data_len: struct field is %h, expected %h", g20_cpl_tx_data.data_len, 32'h0000_0400);
    if (g20_bus[wn_abi_pkg::CPL_TX_DATA_DATA_LEN_LSB +: wn_abi_pkg::CPL_TX_DATA_DATA_LEN_W] !== 32'h0000_0400) $fatal(1, "cpl_tx_data.data_len: the position constants select other bits");
    if (g20_cpl_tx_data.tx_flags !== 8'h05) $fatal(1, "cpl_tx_data.tx_flags: struct field is %h, expected %h", g20_cpl_tx_data.tx_flags, 8'h05);
    if (g20_bus[wn_abi_pkg::CPL_TX_DATA_TX_FLAGS_LSB +: wn_abi_pkg::CPL_TX_DATA_TX_FLAGS_W] !== 8'h05) $fatal(1, "cpl_tx_data.tx_flags: the position constants select other bits");
    if (g20_cpl_tx_data.rsvd0 !== 8'he1) $fatal(1, "cpl_tx_data.rsvd0: struct field is %h, expected %h", g20_cpl_tx_data.rsvd0, 8'he1);
    if (g20_bus[wn_abi_pkg::CPL_TX_DATA_RSVD0_LSB +: wn_abi_pkg::CPL_TX_DATA_RSVD0_W] !== 8'he1) $fatal(1, "cpl_tx_data.rsvd0: the position constants select other bits");
    if (g20_cpl_tx_data.rsvd1 !== 16'hf00f) $fatal(1, "cpl_tx_data.rsvd1: struct field is %h, expected %h", g20_cpl_tx_data.rsvd1, 16'hf00f);
    if (g20_bus[wn_abi_pkg::CPL_TX_DATA_RSVD1_LSB +: wn_abi_pkg::CPL_TX_DATA_RSVD1_W] !== 16'hf00f) $fatal(1, "cpl_tx_data.rsvd1: the position constants select other bits");
    if (g20_cpl_tx_data.addr !== 64'h0000_7f12_3456_8000) $fatal(1, "cpl_tx_data.addr: struct field is %h, expected %h", g20_cpl_tx_data.addr, 64'h0000_7f12_3456_8000);
    if (g20_bus[wn_abi_pkg::CPL_TX_DATA_ADDR_LSB +: wn_abi_pkg::CPL_TX_DATA_ADDR_W] !== 64'h0000_7f12_3456_8000) $fatal(1, "cpl_tx_data.addr: the position constants select other bits");

    // cpl_tx_data_ack (warpnic (docs/cpl.md))
    g21_bus = 64'h9abce2f100000400;
    if (wn_abi_pkg::CPL_TX_DATA_ACK_SIZE != 8) $fatal(1, "cpl_tx_data_ack: CPL_TX_DATA_ACK_SIZE is %0d, expected 8", wn_abi_pkg::CPL_TX_DATA_ACK_SIZE);
    g21_cpl_tx_data_ack = g21_bus;
    if (g21_cpl_tx_data_ack.credits !== 32'h0000_0400) $fatal(1, "cpl_tx_data_ack.credits: struct field is %h, expected %h", g21_cpl_tx_data_ack.credits, 32'h0000_0400);
    if (g21_bus[wn_abi_pkg::CPL_TX_DATA_ACK_CREDITS_LSB +: wn_abi_pkg::CPL_TX_DATA_ACK_CREDITS_W] !== 32'h0000_0400) $fatal(1, "cpl_tx_data_ack.credits: the position constants select other bits");
    if (g21_cpl_tx_data_ack.snd_una !== 32'h9abc_e2f1) $fatal(1, "cpl_tx_data_ack.snd_una: struct field is %h, expected %h", g21_cpl_tx_data_ack.snd_una, 32'h9abc_e2f1);
    if (g21_bus[wn_abi_pkg::CPL_TX_DATA_ACK_SND_UNA_LSB +: wn_abi_pkg::CPL_TX_DATA_ACK_SND_UNA_W] !== 32'h9abc_e2f1) $fatal(1, "cpl_tx_data_ack.snd_una: the position constants select other bits");

    // cpl_rx_data (warpnic (docs/cpl.md))
    g22_bus = 128'h000fffe442428118123456790000001c;
    if (wn_abi_pkg::CPL_RX_DATA_SIZE != 16) $fatal(1, "cpl_rx_data: CPL_RX_DATA_SIZE is %0d, expected 16", wn_abi_pkg::CPL_RX_DATA_SIZE);
    g22_cpl_rx_data = g22_bus;
    if (g22_cpl_rx_data.data_len !== 32'h0000_001c) $fatal(1, "cpl_rx_data.data_len: struct field is %h, expected %h", g22_cpl_rx_data.data_len, 32'h0000_001c);
    if (g22_bus[wn_abi_pkg::CPL_RX_DATA_DATA_LEN_LSB +: wn_abi_pkg::CPL_RX_DATA_DATA_LEN_W] !== 32'h0000_001c) $fatal(1, "cpl_rx_data.data_len: the position constants select other bits");
    if (g22_cpl_rx_data.seq !== 32'h1234_5679) $fatal(1, "cpl_rx_data.seq: struct field is %h, expected %h", g22_cpl_rx_data.seq, 32'h1234_5679);
    if (g22_bus[wn_abi_pkg::CPL_RX_DATA_SEQ_LSB +: wn_abi_pkg::CPL_RX_DATA_SEQ_W] !== 32'h1234_5679) $fatal(1, "cpl_rx_data.seq: the position constants select other bits");
    if (g22_cpl_rx_data.tcp_flags !== 8'h18) $fatal(1, "cpl_rx_data.tcp_flags: struct field is %h, expected %h", g22_cpl_rx_data.tcp_flags, 8'h18);
    if (g22_bus[wn_abi_pkg::CPL_RX_DATA_TCP_FLAGS_LSB +: wn_abi_pkg::CPL_RX_DATA_TCP_FLAGS_W] !== 8'h18) $fatal(1, "cpl_rx_data.tcp_flags: the position constants select other bits");
    if (g22_cpl_rx_data.rsvd0 !== 8'h81) $fatal(1, "cpl_rx_data.rsvd0: struct field is %h, expected %h", g22_cpl_rx_data.rsvd0, 8'h81);
    if (g22_bus[wn_abi_pkg::CPL_RX_DATA_RSVD0_LSB +: wn_abi_pkg::CPL_RX_DATA_RSVD0_W] !== 8'h81) $fatal(1, "cpl_rx_data.rsvd0: the position constants select other bits");
    if (g22_cpl_rx_data.rsvd1 !== 16'h4242) $fatal(1, "cpl_rx_data.rsvd1: struct field is %h, expected %h", g22_cpl_rx_data.rsvd1, 16'h4242);
    if (g22_bus[wn_abi_pkg::CPL_RX_DATA_RSVD1_LSB +: wn_abi_pkg::CPL_RX_DATA_RSVD1_W] !== 16'h4242) $fatal(1, "cpl_rx_data.rsvd1: the position constants select other bits");
    if (g22_cpl_rx_data.rcv_wnd !== 32'h000f_ffe4) $fatal(1, "cpl_rx_data.rcv_wnd: struct field is %h, expected %h", g22_cpl_rx_data.rcv_wnd, 32'h000f_ffe4);
    if (g22_bus[wn_abi_pkg::CPL_RX_DATA_RCV_WND_LSB +: wn_abi_pkg::CPL_RX_DATA_RCV_WND_W] !== 32'h000f_ffe4) $fatal(1, "cpl_rx_data.rcv_wnd: the position constants select other bits");

    // cpl_rx_data_ack (warpnic (docs/cpl.md))
    g23_bus = 64'h8421b7010000001c;
    if (wn_abi_pkg::CPL_RX_DATA_ACK_SIZE != 8) $fatal(1, "cpl_rx_data_ack: CPL_RX_DATA_ACK_SIZE is %0d, expected 8", wn_abi_pkg::CPL_RX_DATA_ACK_SIZE);
    g23_cpl_rx_data_ack = g23_bus;
    if (g23_cpl_rx_data_ack.credits !== 32'h0000_001c) $fatal(1, "cpl_rx_data_ack.credits: struct field is %h, expected %h", g23_cpl_rx_data_ack.credits, 32'h0000_001c);
    if (g23_bus[wn_abi_pkg::CPL_RX_DATA_ACK_CREDITS_LSB +: wn_abi_pkg::CPL_RX_DATA_ACK_CREDITS_W] !== 32'h0000_001c) $fatal(1, "cpl_rx_data_ack.credits: the position constants select other bits");
    if (g23_cpl_rx_data_ack.ack_flags !== 8'h01) $fatal(1, "cpl_rx_data_ack.ack_flags: struct field is %h, expected %h", g23_cpl_rx_data_ack.ack_flags, 8'h01);
    if (g23_bus[wn_abi_pkg::CPL_RX_DATA_ACK_ACK_FLAGS_LSB +: wn_abi_pkg::CPL_RX_DATA_ACK_ACK_FLAGS_W] !== 8'h01) $fatal(1, "cpl_rx_data_ack.ack_flags: the position constants select other bits");
    if (g23_cpl_rx_data_ack.rsvd0 !== 8'hb7) $fatal(1, "cpl_rx_data_ack.rsvd0: struct field is %h, expected %h", g23_cpl_rx_data_ack.rsvd0, 8'hb7);
    if (g23_bus[wn_abi_pkg::CPL_RX_DATA_ACK_RSVD0_LSB +: wn_abi_pkg::CPL_RX_DATA_ACK_RSVD0_W] !== 8'hb7) $fatal(1, "cpl_rx_data_ack.rsvd0: the position constants select other bits");
    if (g23_cpl_rx_data_ack.rsvd1 !== 16'h8421) $fatal(1, "cpl_rx_data_ack.rsvd1: struct field is %h, expected %h", g23_cpl_rx_data_ack.rsvd1, 16'h8421);
    if (g23_bus[wn_abi_pkg::CPL_RX_DATA_ACK_RSVD1_LSB +: wn_abi_pkg::CPL_RX_DATA_ACK_RSVD1_W] !== 16'h8421) $fatal(1, "cpl_rx_data_ack.rsvd1: the position constants select other bits");

    // cpl_close_con_rpl (warpnic (docs/cpl.md))
    g24_bus = 128'h55aa55aa123456969abce2f21f2e0a00;
    if (wn_abi_pkg::CPL_CLOSE_CON_RPL_SIZE != 16) $fatal(1, "cpl_close_con_rpl: CPL_CLOSE_CON_RPL_SIZE is %0d, expected 16", wn_abi_pkg::CPL_CLOSE_CON_RPL_SIZE);
    g24_cpl_close_con_rpl = g24_bus;
    if (g24_cpl_close_con_rpl.status !== 8'h00) $fatal(1, "cpl_close_con_rpl.status: struct field is %h, expected %h", g24_cpl_close_con_rpl.status, 8'h00);
    if (g24_bus[wn_abi_pkg::CPL_CLOSE_CON_RPL_STATUS_LSB +: wn_abi_pkg::CPL_CLOSE_CON_RPL_STATUS_W] !== 8'h00) $fatal(1, "cpl_close_con_rpl.status: the position constants select other bits");
    if (g24_cpl_close_con_rpl.state !== 8'h0a) $fatal(1, "cpl_close_con_rpl.state: struct field is %h, expected %h", g24_cpl_close_con_rpl.state, 8'h0a);
    if (g24_bus[wn_abi_pkg::CPL_CLOSE_CON_RPL_STATE_LSB +: wn_abi_pkg::CPL_CLOSE_CON_RPL_STATE_W] !== 8'h0a) $fatal(1, "cpl_close_con_rpl.state: the position constants select other bits");
    if (g24_cpl_close_con_rpl.rsvd0 !== 16'h1f2e) $fatal(1, "cpl_close_con_rpl.rsvd0: struct field is %h, expected %h", g24_cpl_close_con_rpl.rsvd0, 16'h1f2e);
    if (g24_bus[wn_abi_pkg::CPL_CLOSE_CON_RPL_RSVD0_LSB +: wn_abi_pkg::CPL_CLOSE_CON_RPL_RSVD0_W] !== 16'h1f2e) $fatal(1, "cpl_close_con_rpl.rsvd0: the position constants select other bits");
    if (g24_cpl_close_con_rpl.snd_nxt !== 32'h9abc_e2f2) $fatal(1, "cpl_close_con_rpl.snd_nxt: struct field is %h, expected %h", g24_cpl_close_con_rpl.snd_nxt, 32'h9abc_e2f2);
    if (g24_bus[wn_abi_pkg::CPL_CLOSE_CON_RPL_SND_NXT_LSB +: wn_abi_pkg::CPL_CLOSE_CON_RPL_SND_NXT_W] !== 32'h9abc_e2f2) $fatal(1, "cpl_close_con_rpl.snd_nxt: the position constants select other bits");
    if (g24_cpl_close_con_rpl.rcv_nxt !== 32'h1234_5696) $fatal(1, "cpl_close_con_rpl.rcv_nxt: struct field is %h, expected %h", g24_cpl_close_con_rpl.rcv_nxt, 32'h1234_5696);
    if (g24_bus[wn_abi_pkg::CPL_CLOSE_CON_RPL_RCV_NXT_LSB +: wn_abi_pkg::CPL_CLOSE_CON_RPL_RCV_NXT_W] !== 32'h1234_5696) $fatal(1, "cpl_close_con_rpl.rcv_nxt: the position constants select other bits");
    if (g24_cpl_close_con_rpl.rsvd1 !== 32'h55aa_55aa) $fatal(1, "cpl_close_con_rpl.rsvd1: struct field is %h, expected %h", g24_cpl_close_con_rpl.rsvd1, 32'h55aa_55aa);
    if (g24_bus[wn_abi_pkg::CPL_CLOSE_CON_RPL_RSVD1_LSB +: wn_abi_pkg::CPL_CLOSE_CON_RPL_RSVD1_W] !== 32'h55aa_55aa) $fatal(1, "cpl_close_con_rpl.rsvd1: the position constants select other bits");

    // cpl_peer_close (warpnic (docs/cpl.md))
    g25_bus = 64'h6e6fd90712345696;
    if (wn_abi_pkg::CPL_PEER_CLOSE_SIZE != 8) $fatal(1, "cpl_peer_close: CPL_PEER_CLOSE_SIZE is %0d, expected 8", wn_abi_pkg::CPL_PEER_CLOSE_SIZE);
    g25_cpl_peer_close = g25_bus;
    if (g25_cpl_peer_close.rcv_nxt !== 32'h1234_5696) $fatal(1, "cpl_peer_close.rcv_nxt: struct field is %h, expected %h", g25_cpl_peer_close.rcv_nxt, 32'h1234_5696);
    if (g25_bus[wn_abi_pkg::CPL_PEER_CLOSE_RCV_NXT_LSB +: wn_abi_pkg::CPL_PEER_CLOSE_RCV_NXT_W] !== 32'h1234_5696) $fatal(1, "cpl_peer_close.rcv_nxt: the position constants select other bits");
    if (g25_cpl_peer_close.state !== 8'h07) $fatal(1, "cpl_peer_close.state: struct field is %h, expected %h", g25_cpl_peer_close.state, 8'h07);
    if (g25_bus[wn_abi_pkg::CPL_PEER_CLOSE_STATE_LSB +: wn_abi_pkg::CPL_PEER_CLOSE_STATE_W] !== 8'h07) $fatal(1, "cpl_peer_close.state: the position constants select other bits");
    if (g25_cpl_peer_close.rsvd0 !== 8'hd9) $fatal(1, "cpl_peer_close.rsvd0: struct field is %h, expected %h", g25_cpl_peer_close.rsvd0, 8'hd9);
    if (g25_bus[wn_abi_pkg::CPL_PEER_CLOSE_RSVD0_LSB +: wn_abi_pkg::CPL_PEER_CLOSE_RSVD0_W] !== 8'hd9) $fatal(1, "cpl_peer_close.rsvd0: the position constants select other bits");
    if (g25_cpl_peer_close.rsvd1 !== 16'h6e6f) $fatal(1, "cpl_peer_close.rsvd1: struct field is %h, expected %h", g25_cpl_peer_close.rsvd1, 16'h6e6f);
    if (g25_bus[wn_abi_pkg::CPL_PEER_CLOSE_RSVD1_LSB +: wn_abi_pkg::CPL_PEER_CLOSE_RSVD1_W] !== 16'h6e6f) $fatal(1, "cpl_peer_close.rsvd1: the position constants select other bits");

    // cpl_abort_req (warpnic (docs/cpl.md))
    g26_bus = 64'h9abce2f133770106;
    if (wn_abi_pkg::CPL_ABORT_REQ_SIZE != 8) $fatal(1, "cpl_abort_req: CPL_ABORT_REQ_SIZE is %0d, expected 8", wn_abi_pkg::CPL_ABORT_REQ_SIZE);
    g26_cpl_abort_req = g26_bus;
    if (g26_cpl_abort_req.status !== 8'h06) $fatal(1, "cpl_abort_req.status: struct field is %h, expected %h", g26_cpl_abort_req.status, 8'h06);
    if (g26_bus[wn_abi_pkg::CPL_ABORT_REQ_STATUS_LSB +: wn_abi_pkg::CPL_ABORT_REQ_STATUS_W] !== 8'h06) $fatal(1, "cpl_abort_req.status: the position constants select other bits");
    if (g26_cpl_abort_req.abort_flags !== 8'h01) $fatal(1, "cpl_abort_req.abort_flags: struct field is %h, expected %h", g26_cpl_abort_req.abort_flags, 8'h01);
    if (g26_bus[wn_abi_pkg::CPL_ABORT_REQ_ABORT_FLAGS_LSB +: wn_abi_pkg::CPL_ABORT_REQ_ABORT_FLAGS_W] !== 8'h01) $fatal(1, "cpl_abort_req.abort_flags: the position constants select other bits");
    if (g26_cpl_abort_req.rsvd0 !== 16'h3377) $fatal(1, "cpl_abort_req.rsvd0: struct field is %h, expected %h", g26_cpl_abort_req.rsvd0, 16'h3377);
    if (g26_bus[wn_abi_pkg::CPL_ABORT_REQ_RSVD0_LSB +: wn_abi_pkg::CPL_ABORT_REQ_RSVD0_W] !== 16'h3377) $fatal(1, "cpl_abort_req.rsvd0: the position constants select other bits");
    if (g26_cpl_abort_req.snd_nxt !== 32'h9abc_e2f1) $fatal(1, "cpl_abort_req.snd_nxt: struct field is %h, expected %h", g26_cpl_abort_req.snd_nxt, 32'h9abc_e2f1);
    if (g26_bus[wn_abi_pkg::CPL_ABORT_REQ_SND_NXT_LSB +: wn_abi_pkg::CPL_ABORT_REQ_SND_NXT_W] !== 32'h9abc_e2f1) $fatal(1, "cpl_abort_req.snd_nxt: the position constants select other bits");

    // cpl_abort_rpl (warpnic (docs/cpl.md))
    g27_bus = 64'h0f1e2d3ca55a4b09;
    if (wn_abi_pkg::CPL_ABORT_RPL_SIZE != 8) $fatal(1, "cpl_abort_rpl: CPL_ABORT_RPL_SIZE is %0d, expected 8", wn_abi_pkg::CPL_ABORT_RPL_SIZE);
    g27_cpl_abort_rpl = g27_bus;
    if (g27_cpl_abort_rpl.status !== 8'h09) $fatal(1, "cpl_abort_rpl.status: struct field is %h, expected %h", g27_cpl_abort_rpl.status, 8'h09);
    if (g27_bus[wn_abi_pkg::CPL_ABORT_RPL_STATUS_LSB +: wn_abi_pkg::CPL_ABORT_RPL_STATUS_W] !== 8'h09) $fatal(1, "cpl_abort_rpl.status: the position constants select other bits");
    if (g27_cpl_abort_rpl.rsvd0 !== 8'h4b) $fatal(1, "cpl_abort_rpl.rsvd0: struct field is %h, expected %h", g27_cpl_abort_rpl.rsvd0, 8'h4b);
    if (g27_bus[wn_abi_pkg::CPL_ABORT_RPL_RSVD0_LSB +: wn_abi_pkg::CPL_ABORT_RPL_RSVD0_W] !== 8'h4b) $fatal(1, "cpl_abort_rpl.rsvd0: the position constants select other bits");
    if (g27_cpl_abort_rpl.rsvd1 !== 16'ha55a) $fatal(1, "cpl_abort_rpl.rsvd1: struct field is %h, expected %h", g27_cpl_abort_rpl.rsvd1, 16'ha55a);
    if (g27_bus[wn_abi_pkg::CPL_ABORT_RPL_RSVD1_LSB +: wn_abi_pkg::CPL_ABORT_RPL_RSVD1_W] !== 16'ha55a) $fatal(1, "cpl_abort_rpl.rsvd1: the position constants select other bits");
    if (g27_cpl_abort_rpl.rsvd2 !== 32'h0f1e_2d3c) $fatal(1, "cpl_abort_rpl.rsvd2: struct field is %h, expected %h", g27_cpl_abort_rpl.rsvd2, 32'h0f1e_2d3c);
    if (g27_bus[wn_abi_pkg::CPL_ABORT_RPL_RSVD2_LSB +: wn_abi_pkg::CPL_ABORT_RPL_RSVD2_W] !== 32'h0f1e_2d3c) $fatal(1, "cpl_abort_rpl.rsvd2: the position constants select other bits");

    // cpl_set_tcb_field (warpnic (docs/cpl.md))
    g28_bus = 192'h00005254001234560000ffffffffffff11223344beefc116;
    if (wn_abi_pkg::CPL_SET_TCB_FIELD_SIZE != 24) $fatal(1, "cpl_set_tcb_field: CPL_SET_TCB_FIELD_SIZE is %0d, expected 24", wn_abi_pkg::CPL_SET_TCB_FIELD_SIZE);
    g28_cpl_set_tcb_field = g28_bus;
    if (g28_cpl_set_tcb_field.field !== 8'h16) $fatal(1, "cpl_set_tcb_field.field: struct field is %h, expected %h", g28_cpl_set_tcb_field.field, 8'h16);
    if (g28_bus[wn_abi_pkg::CPL_SET_TCB_FIELD_FIELD_LSB +: wn_abi_pkg::CPL_SET_TCB_FIELD_FIELD_W] !== 8'h16) $fatal(1, "cpl_set_tcb_field.field: the position constants select other bits");
    if (g28_cpl_set_tcb_field.rsvd0 !== 8'hc1) $fatal(1, "cpl_set_tcb_field.rsvd0: struct field is %h, expected %h", g28_cpl_set_tcb_field.rsvd0, 8'hc1);
    if (g28_bus[wn_abi_pkg::CPL_SET_TCB_FIELD_RSVD0_LSB +: wn_abi_pkg::CPL_SET_TCB_FIELD_RSVD0_W] !== 8'hc1) $fatal(1, "cpl_set_tcb_field.rsvd0: the position constants select other bits");
    if (g28_cpl_set_tcb_field.cookie !== 16'hbeef) $fatal(1, "cpl_set_tcb_field.cookie: struct field is %h, expected %h", g28_cpl_set_tcb_field.cookie, 16'hbeef);
    if (g28_bus[wn_abi_pkg::CPL_SET_TCB_FIELD_COOKIE_LSB +: wn_abi_pkg::CPL_SET_TCB_FIELD_COOKIE_W] !== 16'hbeef) $fatal(1, "cpl_set_tcb_field.cookie: the position constants select other bits");
    if (g28_cpl_set_tcb_field.rsvd1 !== 32'h1122_3344) $fatal(1, "cpl_set_tcb_field.rsvd1: struct field is %h, expected %h", g28_cpl_set_tcb_field.rsvd1, 32'h1122_3344);
    if (g28_bus[wn_abi_pkg::CPL_SET_TCB_FIELD_RSVD1_LSB +: wn_abi_pkg::CPL_SET_TCB_FIELD_RSVD1_W] !== 32'h1122_3344) $fatal(1, "cpl_set_tcb_field.rsvd1: the position constants select other bits");
    if (g28_cpl_set_tcb_field.mask !== 64'h0000_ffff_ffff_ffff) $fatal(1, "cpl_set_tcb_field.mask: struct field is %h, expected %h", g28_cpl_set_tcb_field.mask, 64'h0000_ffff_ffff_ffff);
    if (g28_bus[wn_abi_pkg::CPL_SET_TCB_FIELD_MASK_LSB +: wn_abi_pkg::CPL_SET_TCB_FIELD_MASK_W] !== 64'h0000_ffff_ffff_ffff) $fatal(1, "cpl_set_tcb_field.mask: the position constants select other bits");
    if (g28_cpl_set_tcb_field.value !== 64'h0000_5254_0012_3456) $fatal(1, "cpl_set_tcb_field.value: struct field is %h, expected %h", g28_cpl_set_tcb_field.value, 64'h0000_5254_0012_3456);
    if (g28_bus[wn_abi_pkg::CPL_SET_TCB_FIELD_VALUE_LSB +: wn_abi_pkg::CPL_SET_TCB_FIELD_VALUE_W] !== 64'h0000_5254_0012_3456) $fatal(1, "cpl_set_tcb_field.value: the position constants select other bits");

    // cpl_set_tcb_rpl (warpnic (docs/cpl.md))
    g29_bus = 128'h000052540012345699887766beef1600;
    if (wn_abi_pkg::CPL_SET_TCB_RPL_SIZE != 16) $fatal(1, "cpl_set_tcb_rpl: CPL_SET_TCB_RPL_SIZE is %0d, expected 16", wn_abi_pkg::CPL_SET_TCB_RPL_SIZE);
    g29_cpl_set_tcb_rpl = g29_bus;
    if (g29_cpl_set_tcb_rpl.status !== 8'h00) $fatal(1, "cpl_set_tcb_rpl.status: struct field is %h, expected %h", g29_cpl_set_tcb_rpl.status, 8'h00);
    if (g29_bus[wn_abi_pkg::CPL_SET_TCB_RPL_STATUS_LSB +: wn_abi_pkg::CPL_SET_TCB_RPL_STATUS_W] !== 8'h00) $fatal(1, "cpl_set_tcb_rpl.status: the position constants select other bits");
    if (g29_cpl_set_tcb_rpl.field !== 8'h16) $fatal(1, "cpl_set_tcb_rpl.field: struct field is %h, expected %h", g29_cpl_set_tcb_rpl.field, 8'h16);
    if (g29_bus[wn_abi_pkg::CPL_SET_TCB_RPL_FIELD_LSB +: wn_abi_pkg::CPL_SET_TCB_RPL_FIELD_W] !== 8'h16) $fatal(1, "cpl_set_tcb_rpl.field: the position constants select other bits");
    if (g29_cpl_set_tcb_rpl.cookie !== 16'hbeef) $fatal(1, "cpl_set_tcb_rpl.cookie: struct field is %h, expected %h", g29_cpl_set_tcb_rpl.cookie, 16'hbeef);
    if (g29_bus[wn_abi_pkg::CPL_SET_TCB_RPL_COOKIE_LSB +: wn_abi_pkg::CPL_SET_TCB_RPL_COOKIE_W] !== 16'hbeef) $fatal(1, "cpl_set_tcb_rpl.cookie: the position constants select other bits");
    if (g29_cpl_set_tcb_rpl.rsvd0 !== 32'h9988_7766) $fatal(1, "cpl_set_tcb_rpl.rsvd0: struct field is %h, expected %h", g29_cpl_set_tcb_rpl.rsvd0, 32'h9988_7766);
    if (g29_bus[wn_abi_pkg::CPL_SET_TCB_RPL_RSVD0_LSB +: wn_abi_pkg::CPL_SET_TCB_RPL_RSVD0_W] !== 32'h9988_7766) $fatal(1, "cpl_set_tcb_rpl.rsvd0: the position constants select other bits");
    if (g29_cpl_set_tcb_rpl.value !== 64'h0000_5254_0012_3456) $fatal(1, "cpl_set_tcb_rpl.value: struct field is %h, expected %h", g29_cpl_set_tcb_rpl.value, 64'h0000_5254_0012_3456);
    if (g29_bus[wn_abi_pkg::CPL_SET_TCB_RPL_VALUE_LSB +: wn_abi_pkg::CPL_SET_TCB_RPL_VALUE_W] !== 64'h0000_5254_0012_3456) $fatal(1, "cpl_set_tcb_rpl.value: the position constants select other bits");

    // cpl_rdma_terminate (warpnic (docs/cpl.md), RFC 5040 §4.8)
    g30_bus = 64'h0000002803050201;
    if (wn_abi_pkg::CPL_RDMA_TERMINATE_SIZE != 8) $fatal(1, "cpl_rdma_terminate: CPL_RDMA_TERMINATE_SIZE is %0d, expected 8", wn_abi_pkg::CPL_RDMA_TERMINATE_SIZE);
    g30_cpl_rdma_terminate = g30_bus;
    if (g30_cpl_rdma_terminate.layer !== 8'h01) $fatal(1, "cpl_rdma_terminate.layer: struct field is %h, expected %h", g30_cpl_rdma_terminate.layer, 8'h01);
    if (g30_bus[wn_abi_pkg::CPL_RDMA_TERMINATE_LAYER_LSB +: wn_abi_pkg::CPL_RDMA_TERMINATE_LAYER_W] !== 8'h01) $fatal(1, "cpl_rdma_terminate.layer: the position constants select other bits");
    if (g30_cpl_rdma_terminate.etype !== 8'h02) $fatal(1, "cpl_rdma_terminate.etype: struct field is %h, expected %h", g30_cpl_rdma_terminate.etype, 8'h02);
    if (g30_bus[wn_abi_pkg::CPL_RDMA_TERMINATE_ETYPE_LSB +: wn_abi_pkg::CPL_RDMA_TERMINATE_ETYPE_W] !== 8'h02) $fatal(1, "cpl_rdma_terminate.etype: the position constants select other bits");
    if (g30_cpl_rdma_terminate.ecode !== 8'h05) $fatal(1, "cpl_rdma_terminate.ecode: struct field is %h, expected %h", g30_cpl_rdma_terminate.ecode, 8'h05);
    if (g30_bus[wn_abi_pkg::CPL_RDMA_TERMINATE_ECODE_LSB +: wn_abi_pkg::CPL_RDMA_TERMINATE_ECODE_W] !== 8'h05) $fatal(1, "cpl_rdma_terminate.ecode: the position constants select other bits");
    if (g30_cpl_rdma_terminate.origin !== 8'h03) $fatal(1, "cpl_rdma_terminate.origin: struct field is %h, expected %h", g30_cpl_rdma_terminate.origin, 8'h03);
    if (g30_bus[wn_abi_pkg::CPL_RDMA_TERMINATE_ORIGIN_LSB +: wn_abi_pkg::CPL_RDMA_TERMINATE_ORIGIN_W] !== 8'h03) $fatal(1, "cpl_rdma_terminate.origin: the position constants select other bits");
    if (g30_cpl_rdma_terminate.data_len !== 32'h0000_0028) $fatal(1, "cpl_rdma_terminate.data_len: struct field is %h, expected %h", g30_cpl_rdma_terminate.data_len, 32'h0000_0028);
    if (g30_bus[wn_abi_pkg::CPL_RDMA_TERMINATE_DATA_LEN_LSB +: wn_abi_pkg::CPL_RDMA_TERMINATE_DATA_LEN_W] !== 32'h0000_0028) $fatal(1, "cpl_rdma_terminate.data_len: the position constants select other bits");

    // ethernet_hdr (IEEE 802.3)
    g31_bus = 112'h0008ccbbaa211b02563412005452;
    if (wn_abi_pkg::ETHERNET_HDR_SIZE != 14) $fatal(1, "ethernet_hdr: ETHERNET_HDR_SIZE is %0d, expected 14", wn_abi_pkg::ETHERNET_HDR_SIZE);
    g31_ethernet_hdr = wn_abi_pkg::ethernet_hdr_unpack(g31_bus);
    g31_wvec = g31_ethernet_hdr;
    if (g31_ethernet_hdr.dst !== 48'h525400123456) $fatal(1, "ethernet_hdr.dst: struct field is %h, expected %h", g31_ethernet_hdr.dst, 48'h525400123456);
    if (g31_wvec[(wn_abi_pkg::ETHERNET_HDR_SIZE - wn_abi_pkg::ETHERNET_HDR_DST_OFF - 6)*8 + wn_abi_pkg::ETHERNET_HDR_DST_SHIFT +: wn_abi_pkg::ETHERNET_HDR_DST_W] !== 48'h525400123456) $fatal(1, "ethernet_hdr.dst: the position constants select other bits");
    if (g31_ethernet_hdr.src !== 48'h021b21aabbcc) $fatal(1, "ethernet_hdr.src: struct field is %h, expected %h", g31_ethernet_hdr.src, 48'h021b21aabbcc);
    if (g31_wvec[(wn_abi_pkg::ETHERNET_HDR_SIZE - wn_abi_pkg::ETHERNET_HDR_SRC_OFF - 6)*8 + wn_abi_pkg::ETHERNET_HDR_SRC_SHIFT +: wn_abi_pkg::ETHERNET_HDR_SRC_W] !== 48'h021b21aabbcc) $fatal(1, "ethernet_hdr.src: the position constants select other bits");
    if (g31_ethernet_hdr.ether_type !== 16'h0800) $fatal(1, "ethernet_hdr.ether_type: struct field is %h, expected %h", g31_ethernet_hdr.ether_type, 16'h0800);
    if (g31_wvec[(wn_abi_pkg::ETHERNET_HDR_SIZE - wn_abi_pkg::ETHERNET_HDR_ETHER_TYPE_OFF - 2)*8 + wn_abi_pkg::ETHERNET_HDR_ETHER_TYPE_SHIFT +: wn_abi_pkg::ETHERNET_HDR_ETHER_TYPE_W] !== 16'h0800) $fatal(1, "ethernet_hdr.ether_type: the position constants select other bits");
    if (wn_abi_pkg::ethernet_hdr_pack(g31_ethernet_hdr) !== g31_bus) $fatal(1, "ethernet_hdr: pack does not restore the bytes");

    // arp_ipv4 (RFC 826)
    g32_bus = 224'h1401a8c05634120054520a01a8c0ccbbaa211b020200040600080100;
    if (wn_abi_pkg::ARP_IPV4_SIZE != 28) $fatal(1, "arp_ipv4: ARP_IPV4_SIZE is %0d, expected 28", wn_abi_pkg::ARP_IPV4_SIZE);
    g32_arp_ipv4 = wn_abi_pkg::arp_ipv4_unpack(g32_bus);
    g32_wvec = g32_arp_ipv4;
    if (g32_arp_ipv4.htype !== 16'h0001) $fatal(1, "arp_ipv4.htype: struct field is %h, expected %h", g32_arp_ipv4.htype, 16'h0001);
    if (g32_wvec[(wn_abi_pkg::ARP_IPV4_SIZE - wn_abi_pkg::ARP_IPV4_HTYPE_OFF - 2)*8 + wn_abi_pkg::ARP_IPV4_HTYPE_SHIFT +: wn_abi_pkg::ARP_IPV4_HTYPE_W] !== 16'h0001) $fatal(1, "arp_ipv4.htype: the position constants select other bits");
    if (g32_arp_ipv4.ptype !== 16'h0800) $fatal(1, "arp_ipv4.ptype: struct field is %h, expected %h", g32_arp_ipv4.ptype, 16'h0800);
    if (g32_wvec[(wn_abi_pkg::ARP_IPV4_SIZE - wn_abi_pkg::ARP_IPV4_PTYPE_OFF - 2)*8 + wn_abi_pkg::ARP_IPV4_PTYPE_SHIFT +: wn_abi_pkg::ARP_IPV4_PTYPE_W] !== 16'h0800) $fatal(1, "arp_ipv4.ptype: the position constants select other bits");
    if (g32_arp_ipv4.hlen !== 8'h06) $fatal(1, "arp_ipv4.hlen: struct field is %h, expected %h", g32_arp_ipv4.hlen, 8'h06);
    if (g32_wvec[(wn_abi_pkg::ARP_IPV4_SIZE - wn_abi_pkg::ARP_IPV4_HLEN_OFF - 1)*8 + wn_abi_pkg::ARP_IPV4_HLEN_SHIFT +: wn_abi_pkg::ARP_IPV4_HLEN_W] !== 8'h06) $fatal(1, "arp_ipv4.hlen: the position constants select other bits");
    if (g32_arp_ipv4.plen !== 8'h04) $fatal(1, "arp_ipv4.plen: struct field is %h, expected %h", g32_arp_ipv4.plen, 8'h04);
    if (g32_wvec[(wn_abi_pkg::ARP_IPV4_SIZE - wn_abi_pkg::ARP_IPV4_PLEN_OFF - 1)*8 + wn_abi_pkg::ARP_IPV4_PLEN_SHIFT +: wn_abi_pkg::ARP_IPV4_PLEN_W] !== 8'h04) $fatal(1, "arp_ipv4.plen: the position constants select other bits");
    if (g32_arp_ipv4.oper !== 16'h0002) $fatal(1, "arp_ipv4.oper: struct field is %h, expected %h", g32_arp_ipv4.oper, 16'h0002);
    if (g32_wvec[(wn_abi_pkg::ARP_IPV4_SIZE - wn_abi_pkg::ARP_IPV4_OPER_OFF - 2)*8 + wn_abi_pkg::ARP_IPV4_OPER_SHIFT +: wn_abi_pkg::ARP_IPV4_OPER_W] !== 16'h0002) $fatal(1, "arp_ipv4.oper: the position constants select other bits");
    if (g32_arp_ipv4.sha !== 48'h021b21aabbcc) $fatal(1, "arp_ipv4.sha: struct field is %h, expected %h", g32_arp_ipv4.sha, 48'h021b21aabbcc);
    if (g32_wvec[(wn_abi_pkg::ARP_IPV4_SIZE - wn_abi_pkg::ARP_IPV4_SHA_OFF - 6)*8 + wn_abi_pkg::ARP_IPV4_SHA_SHIFT +: wn_abi_pkg::ARP_IPV4_SHA_W] !== 48'h021b21aabbcc) $fatal(1, "arp_ipv4.sha: the position constants select other bits");
    if (g32_arp_ipv4.spa !== 32'hc0a8_010a) $fatal(1, "arp_ipv4.spa: struct field is %h, expected %h", g32_arp_ipv4.spa, 32'hc0a8_010a);
    if (g32_wvec[(wn_abi_pkg::ARP_IPV4_SIZE - wn_abi_pkg::ARP_IPV4_SPA_OFF - 4)*8 + wn_abi_pkg::ARP_IPV4_SPA_SHIFT +: wn_abi_pkg::ARP_IPV4_SPA_W] !== 32'hc0a8_010a) $fatal(1, "arp_ipv4.spa: the position constants select other bits");
    if (g32_arp_ipv4.tha !== 48'h525400123456) $fatal(1, "arp_ipv4.tha: struct field is %h, expected %h", g32_arp_ipv4.tha, 48'h525400123456);
    if (g32_wvec[(wn_abi_pkg::ARP_IPV4_SIZE - wn_abi_pkg::ARP_IPV4_THA_OFF - 6)*8 + wn_abi_pkg::ARP_IPV4_THA_SHIFT +: wn_abi_pkg::ARP_IPV4_THA_W] !== 48'h525400123456) $fatal(1, "arp_ipv4.tha: the position constants select other bits");
    if (g32_arp_ipv4.tpa !== 32'hc0a8_0114) $fatal(1, "arp_ipv4.tpa: struct field is %h, expected %h", g32_arp_ipv4.tpa, 32'hc0a8_0114);
    if (g32_wvec[(wn_abi_pkg::ARP_IPV4_SIZE - wn_abi_pkg::ARP_IPV4_TPA_OFF - 4)*8 + wn_abi_pkg::ARP_IPV4_TPA_SHIFT +: wn_abi_pkg::ARP_IPV4_TPA_W] !== 32'hc0a8_0114) $fatal(1, "arp_ipv4.tpa: the position constants select other bits");
    if (wn_abi_pkg::arp_ipv4_pack(g32_arp_ipv4) !== g32_bus) $fatal(1, "arp_ipv4: pack does not restore the bytes");

    // ipv4_hdr (RFC 791 §3.1)
    g33_bus = 160'h0100000a0a01a8c039710640b920461c5400b945;
    if (wn_abi_pkg::IPV4_HDR_SIZE != 20) $fatal(1, "ipv4_hdr: IPV4_HDR_SIZE is %0d, expected 20", wn_abi_pkg::IPV4_HDR_SIZE);
    g33_ipv4_hdr = wn_abi_pkg::ipv4_hdr_unpack(g33_bus);
    g33_wvec = g33_ipv4_hdr;
    if (g33_ipv4_hdr.version !== 4'h4) $fatal(1, "ipv4_hdr.version: struct field is %h, expected %h", g33_ipv4_hdr.version, 4'h4);
    if (g33_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_VERSION_OFF - 1)*8 + wn_abi_pkg::IPV4_HDR_VERSION_SHIFT +: wn_abi_pkg::IPV4_HDR_VERSION_W] !== 4'h4) $fatal(1, "ipv4_hdr.version: the position constants select other bits");
    if (g33_ipv4_hdr.ihl !== 4'h5) $fatal(1, "ipv4_hdr.ihl: struct field is %h, expected %h", g33_ipv4_hdr.ihl, 4'h5);
    if (g33_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_IHL_OFF - 1)*8 + wn_abi_pkg::IPV4_HDR_IHL_SHIFT +: wn_abi_pkg::IPV4_HDR_IHL_W] !== 4'h5) $fatal(1, "ipv4_hdr.ihl: the position constants select other bits");
    if (g33_ipv4_hdr.dscp !== 6'h2e) $fatal(1, "ipv4_hdr.dscp: struct field is %h, expected %h", g33_ipv4_hdr.dscp, 6'h2e);
    if (g33_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_DSCP_OFF - 1)*8 + wn_abi_pkg::IPV4_HDR_DSCP_SHIFT +: wn_abi_pkg::IPV4_HDR_DSCP_W] !== 6'h2e) $fatal(1, "ipv4_hdr.dscp: the position constants select other bits");
    if (g33_ipv4_hdr.ecn !== 2'h1) $fatal(1, "ipv4_hdr.ecn: struct field is %h, expected %h", g33_ipv4_hdr.ecn, 2'h1);
    if (g33_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_ECN_OFF - 1)*8 + wn_abi_pkg::IPV4_HDR_ECN_SHIFT +: wn_abi_pkg::IPV4_HDR_ECN_W] !== 2'h1) $fatal(1, "ipv4_hdr.ecn: the position constants select other bits");
    if (g33_ipv4_hdr.total_len !== 16'h0054) $fatal(1, "ipv4_hdr.total_len: struct field is %h, expected %h", g33_ipv4_hdr.total_len, 16'h0054);
    if (g33_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_TOTAL_LEN_OFF - 2)*8 + wn_abi_pkg::IPV4_HDR_TOTAL_LEN_SHIFT +: wn_abi_pkg::IPV4_HDR_TOTAL_LEN_W] !== 16'h0054) $fatal(1, "ipv4_hdr.total_len: the position constants select other bits");
    if (g33_ipv4_hdr.ident !== 16'h1c46) $fatal(1, "ipv4_hdr.ident: struct field is %h, expected %h", g33_ipv4_hdr.ident, 16'h1c46);
    if (g33_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_IDENT_OFF - 2)*8 + wn_abi_pkg::IPV4_HDR_IDENT_SHIFT +: wn_abi_pkg::IPV4_HDR_IDENT_W] !== 16'h1c46) $fatal(1, "ipv4_hdr.ident: the position constants select other bits");
    if (g33_ipv4_hdr.flags !== 3'h1) $fatal(1, "ipv4_hdr.flags: struct field is %h, expected %h", g33_ipv4_hdr.flags, 3'h1);
    if (g33_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_FLAGS_OFF - 2)*8 + wn_abi_pkg::IPV4_HDR_FLAGS_SHIFT +: wn_abi_pkg::IPV4_HDR_FLAGS_W] !== 3'h1) $fatal(1, "ipv4_hdr.flags: the position constants select other bits");
    if (g33_ipv4_hdr.frag_offset !== 13'h00b9) $fatal(1, "ipv4_hdr.frag_offset: struct field is %h, expected %h", g33_ipv4_hdr.frag_offset, 13'h00b9);
    if (g33_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_FRAG_OFFSET_OFF - 2)*8 + wn_abi_pkg::IPV4_HDR_FRAG_OFFSET_SHIFT +: wn_abi_pkg::IPV4_HDR_FRAG_OFFSET_W] !== 13'h00b9) $fatal(1, "ipv4_hdr.frag_offset: the position constants select other bits");
    if (g33_ipv4_hdr.ttl !== 8'h40) $fatal(1, "ipv4_hdr.ttl: struct field is %h, expected %h", g33_ipv4_hdr.ttl, 8'h40);
    if (g33_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_TTL_OFF - 1)*8 + wn_abi_pkg::IPV4_HDR_TTL_SHIFT +: wn_abi_pkg::IPV4_HDR_TTL_W] !== 8'h40) $fatal(1, "ipv4_hdr.ttl: the position constants select other bits");
    if (g33_ipv4_hdr.protocol !== 8'h06) $fatal(1, "ipv4_hdr.protocol: struct field is %h, expected %h", g33_ipv4_hdr.protocol, 8'h06);
    if (g33_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_PROTOCOL_OFF - 1)*8 + wn_abi_pkg::IPV4_HDR_PROTOCOL_SHIFT +: wn_abi_pkg::IPV4_HDR_PROTOCOL_W] !== 8'h06) $fatal(1, "ipv4_hdr.protocol: the position constants select other bits");
    if (g33_ipv4_hdr.checksum !== 16'h7139) $fatal(1, "ipv4_hdr.checksum: struct field is %h, expected %h", g33_ipv4_hdr.checksum, 16'h7139);
    if (g33_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_CHECKSUM_OFF - 2)*8 + wn_abi_pkg::IPV4_HDR_CHECKSUM_SHIFT +: wn_abi_pkg::IPV4_HDR_CHECKSUM_W] !== 16'h7139) $fatal(1, "ipv4_hdr.checksum: the position constants select other bits");
    if (g33_ipv4_hdr.src !== 32'hc0a8_010a) $fatal(1, "ipv4_hdr.src: struct field is %h, expected %h", g33_ipv4_hdr.src, 32'hc0a8_010a);
    if (g33_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_SRC_OFF - 4)*8 + wn_abi_pkg::IPV4_HDR_SRC_SHIFT +: wn_abi_pkg::IPV4_HDR_SRC_W] !== 32'hc0a8_010a) $fatal(1, "ipv4_hdr.src: the position constants select other bits");
    if (g33_ipv4_hdr.dst !== 32'h0a00_0001) $fatal(1, "ipv4_hdr.dst: struct field is %h, expected %h", g33_ipv4_hdr.dst, 32'h0a00_0001);
    if (g33_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_DST_OFF - 4)*8 + wn_abi_pkg::IPV4_HDR_DST_SHIFT +: wn_abi_pkg::IPV4_HDR_DST_W] !== 32'h0a00_0001) $fatal(1, "ipv4_hdr.dst: the position constants select other bits");
    if (wn_abi_pkg::ipv4_hdr_pack(g33_ipv4_hdr) !== g33_bus) $fatal(1, "ipv4_hdr: pack does not restore the bytes");

    // tcp_hdr (RFC 9293 §3.1)
    g34_bus = 160'h0201efbef0fa185278563412f0debc9a214e50c3;
    if (wn_abi_pkg::TCP_HDR_SIZE != 20) $fatal(1, "tcp_hdr: TCP_HDR_SIZE is %0d, expected 20", wn_abi_pkg::TCP_HDR_SIZE);
    g34_tcp_hdr = wn_abi_pkg::tcp_hdr_unpack(g34_bus);
    g34_wvec = g34_tcp_hdr;
    if (g34_tcp_hdr.src_port !== 16'hc350) $fatal(1, "tcp_hdr.src_port: struct field is %h, expected %h", g34_tcp_hdr.src_port, 16'hc350);
    if (g34_wvec[(wn_abi_pkg::TCP_HDR_SIZE - wn_abi_pkg::TCP_HDR_SRC_PORT_OFF - 2)*8 + wn_abi_pkg::TCP_HDR_SRC_PORT_SHIFT +: wn_abi_pkg::TCP_HDR_SRC_PORT_W] !== 16'hc350) $fatal(1, "tcp_hdr.src_port: the position constants select other bits");
    if (g34_tcp_hdr.dst_port !== 16'h4e21) $fatal(1, "tcp_hdr.dst_port: struct field is %h, expected %h", g34_tcp_hdr.dst_port, 16'h4e21);
    if (g34_wvec[(wn_abi_pkg::TCP_HDR_SIZE - wn_abi_pkg::TCP_HDR_DST_PORT_OFF - 2)*8 + wn_abi_pkg::TCP_HDR_DST_PORT_SHIFT +: wn_abi_pkg::TCP_HDR_DST_PORT_W] !== 16'h4e21) $fatal(1, "tcp_hdr.dst_port: the position constants select other bits");
    if (g34_tcp_hdr.seq !== 32'h9abc_def0) $fatal(1, "tcp_hdr.seq: struct field is %h, expected %h", g34_tcp_hdr.seq, 32'h9abc_def0);
    if (g34_wvec[(wn_abi_pkg::TCP_HDR_SIZE - wn_abi_pkg::TCP_HDR_SEQ_OFF - 4)*8 + wn_abi_pkg::TCP_HDR_SEQ_SHIFT +: wn_abi_pkg::TCP_HDR_SEQ_W] !== 32'h9abc_def0) $fatal(1, "tcp_hdr.seq: the position constants select other bits");
    if (g34_tcp_hdr.ack !== 32'h1234_5678) $fatal(1, "tcp_hdr.ack: struct field is %h, expected %h", g34_tcp_hdr.ack, 32'h1234_5678);
    if (g34_wvec[(wn_abi_pkg::TCP_HDR_SIZE - wn_abi_pkg::TCP_HDR_ACK_OFF - 4)*8 + wn_abi_pkg::TCP_HDR_ACK_SHIFT +: wn_abi_pkg::TCP_HDR_ACK_W] !== 32'h1234_5678) $fatal(1, "tcp_hdr.ack: the position constants select other bits");
    if (g34_tcp_hdr.data_offset !== 4'h5) $fatal(1, "tcp_hdr.data_offset: struct field is %h, expected %h", g34_tcp_hdr.data_offset, 4'h5);
    if (g34_wvec[(wn_abi_pkg::TCP_HDR_SIZE - wn_abi_pkg::TCP_HDR_DATA_OFFSET_OFF - 1)*8 + wn_abi_pkg::TCP_HDR_DATA_OFFSET_SHIFT +: wn_abi_pkg::TCP_HDR_DATA_OFFSET_W] !== 4'h5) $fatal(1, "tcp_hdr.data_offset: the position constants select other bits");
    if (g34_tcp_hdr.rsvd !== 4'h2) $fatal(1, "tcp_hdr.rsvd: struct field is %h, expected %h", g34_tcp_hdr.rsvd, 4'h2);
    if (g34_wvec[(wn_abi_pkg::TCP_HDR_SIZE - wn_abi_pkg::TCP_HDR_RSVD_OFF - 1)*8 + wn_abi_pkg::TCP_HDR_RSVD_SHIFT +: wn_abi_pkg::TCP_HDR_RSVD_W] !== 4'h2) $fatal(1, "tcp_hdr.rsvd: the position constants select other bits");
    if (g34_tcp_hdr.flags !== 8'h18) $fatal(1, "tcp_hdr.flags: struct field is %h, expected %h", g34_tcp_hdr.flags, 8'h18);
    if (g34_wvec[(wn_abi_pkg::TCP_HDR_SIZE - wn_abi_pkg::TCP_HDR_FLAGS_OFF - 1)*8 + wn_abi_pkg::TCP_HDR_FLAGS_SHIFT +: wn_abi_pkg::TCP_HDR_FLAGS_W] !== 8'h18) $fatal(1, "tcp_hdr.flags: the position constants select other bits");
    if (g34_tcp_hdr.window !== 16'hfaf0) $fatal(1, "tcp_hdr.window: struct field is %h, expected %h", g34_tcp_hdr.window, 16'hfaf0);
    if (g34_wvec[(wn_abi_pkg::TCP_HDR_SIZE - wn_abi_pkg::TCP_HDR_WINDOW_OFF - 2)*8 + wn_abi_pkg::TCP_HDR_WINDOW_SHIFT +: wn_abi_pkg::TCP_HDR_WINDOW_W] !== 16'hfaf0) $fatal(1, "tcp_hdr.window: the position constants select other bits");
    if (g34_tcp_hdr.checksum !== 16'hbeef) $fatal(1, "tcp_hdr.checksum: struct field is %h, expected %h", g34_tcp_hdr.checksum, 16'hbeef);
    if (g34_wvec[(wn_abi_pkg::TCP_HDR_SIZE - wn_abi_pkg::TCP_HDR_CHECKSUM_OFF - 2)*8 + wn_abi_pkg::TCP_HDR_CHECKSUM_SHIFT +: wn_abi_pkg::TCP_HDR_CHECKSUM_W] !== 16'hbeef) $fatal(1, "tcp_hdr.checksum: the position constants select other bits");
    if (g34_tcp_hdr.urgent !== 16'h0102) $fatal(1, "tcp_hdr.urgent: struct field is %h, expected %h", g34_tcp_hdr.urgent, 16'h0102);
    if (g34_wvec[(wn_abi_pkg::TCP_HDR_SIZE - wn_abi_pkg::TCP_HDR_URGENT_OFF - 2)*8 + wn_abi_pkg::TCP_HDR_URGENT_SHIFT +: wn_abi_pkg::TCP_HDR_URGENT_W] !== 16'h0102) $fatal(1, "tcp_hdr.urgent: the position constants select other bits");
    if (wn_abi_pkg::tcp_hdr_pack(g34_tcp_hdr) !== g34_bus) $fatal(1, "tcp_hdr: pack does not restore the bytes");

    // icmp_echo (RFC 792)
    g35_bus = 64'h0100341204210008;
    if (wn_abi_pkg::ICMP_ECHO_SIZE != 8) $fatal(1, "icmp_echo: ICMP_ECHO_SIZE is %0d, expected 8", wn_abi_pkg::ICMP_ECHO_SIZE);
    g35_icmp_echo = wn_abi_pkg::icmp_echo_unpack(g35_bus);
    g35_wvec = g35_icmp_echo;
    if (g35_icmp_echo.icmp_type !== 8'h08) $fatal(1, "icmp_echo.icmp_type: struct field is %h, expected %h", g35_icmp_echo.icmp_type, 8'h08);
    if (g35_wvec[(wn_abi_pkg::ICMP_ECHO_SIZE - wn_abi_pkg::ICMP_ECHO_ICMP_TYPE_OFF - 1)*8 + wn_abi_pkg::ICMP_ECHO_ICMP_TYPE_SHIFT +: wn_abi_pkg::ICMP_ECHO_ICMP_TYPE_W] !== 8'h08) $fatal(1, "icmp_echo.icmp_type: the position constants select other bits");
    if (g35_icmp_echo.code !== 8'h00) $fatal(1, "icmp_echo.code: struct field is %h, expected %h", g35_icmp_echo.code, 8'h00);
    if (g35_wvec[(wn_abi_pkg::ICMP_ECHO_SIZE - wn_abi_pkg::ICMP_ECHO_CODE_OFF - 1)*8 + wn_abi_pkg::ICMP_ECHO_CODE_SHIFT +: wn_abi_pkg::ICMP_ECHO_CODE_W] !== 8'h00) $fatal(1, "icmp_echo.code: the position constants select other bits");
    if (g35_icmp_echo.checksum !== 16'h2104) $fatal(1, "icmp_echo.checksum: struct field is %h, expected %h", g35_icmp_echo.checksum, 16'h2104);
    if (g35_wvec[(wn_abi_pkg::ICMP_ECHO_SIZE - wn_abi_pkg::ICMP_ECHO_CHECKSUM_OFF - 2)*8 + wn_abi_pkg::ICMP_ECHO_CHECKSUM_SHIFT +: wn_abi_pkg::ICMP_ECHO_CHECKSUM_W] !== 16'h2104) $fatal(1, "icmp_echo.checksum: the position constants select other bits");
    if (g35_icmp_echo.ident !== 16'h1234) $fatal(1, "icmp_echo.ident: struct field is %h, expected %h", g35_icmp_echo.ident, 16'h1234);
    if (g35_wvec[(wn_abi_pkg::ICMP_ECHO_SIZE - wn_abi_pkg::ICMP_ECHO_IDENT_OFF - 2)*8 + wn_abi_pkg::ICMP_ECHO_IDENT_SHIFT +: wn_abi_pkg::ICMP_ECHO_IDENT_W] !== 16'h1234) $fatal(1, "icmp_echo.ident: the position constants select other bits");
    if (g35_icmp_echo.seq !== 16'h0001) $fatal(1, "icmp_echo.seq: struct field is %h, expected %h", g35_icmp_echo.seq, 16'h0001);
    if (g35_wvec[(wn_abi_pkg::ICMP_ECHO_SIZE - wn_abi_pkg::ICMP_ECHO_SEQ_OFF - 2)*8 + wn_abi_pkg::ICMP_ECHO_SEQ_SHIFT +: wn_abi_pkg::ICMP_ECHO_SEQ_W] !== 16'h0001) $fatal(1, "icmp_echo.seq: the position constants select other bits");
    if (wn_abi_pkg::icmp_echo_pack(g35_icmp_echo) !== g35_bus) $fatal(1, "icmp_echo: pack does not restore the bytes");

    // mpa_req_rep (RFC 5044 §7.1; RFC 6581, enhanced MPA frames)
    g36_bus = 160'h04000250656d617246207165522044492041504d;
    if (wn_abi_pkg::MPA_REQ_REP_SIZE != 20) $fatal(1, "mpa_req_rep: MPA_REQ_REP_SIZE is %0d, expected 20", wn_abi_pkg::MPA_REQ_REP_SIZE);
    g36_mpa_req_rep = wn_abi_pkg::mpa_req_rep_unpack(g36_bus);
    g36_wvec = g36_mpa_req_rep;
    if (g36_mpa_req_rep.key !== 128'h4d504120494420526571204672616d65) $fatal(1, "mpa_req_rep.key: struct field is %h, expected %h", g36_mpa_req_rep.key, 128'h4d504120494420526571204672616d65);
    if (g36_wvec[(wn_abi_pkg::MPA_REQ_REP_SIZE - wn_abi_pkg::MPA_REQ_REP_KEY_OFF - 16)*8 + wn_abi_pkg::MPA_REQ_REP_KEY_SHIFT +: wn_abi_pkg::MPA_REQ_REP_KEY_W] !== 128'h4d504120494420526571204672616d65) $fatal(1, "mpa_req_rep.key: the position constants select other bits");
    if (g36_mpa_req_rep.flags !== 8'h50) $fatal(1, "mpa_req_rep.flags: struct field is %h, expected %h", g36_mpa_req_rep.flags, 8'h50);
    if (g36_wvec[(wn_abi_pkg::MPA_REQ_REP_SIZE - wn_abi_pkg::MPA_REQ_REP_FLAGS_OFF - 1)*8 + wn_abi_pkg::MPA_REQ_REP_FLAGS_SHIFT +: wn_abi_pkg::MPA_REQ_REP_FLAGS_W] !== 8'h50) $fatal(1, "mpa_req_rep.flags: the position constants select other bits");
    if (g36_mpa_req_rep.revision !== 8'h02) $fatal(1, "mpa_req_rep.revision: struct field is %h, expected %h", g36_mpa_req_rep.revision, 8'h02);
    if (g36_wvec[(wn_abi_pkg::MPA_REQ_REP_SIZE - wn_abi_pkg::MPA_REQ_REP_REVISION_OFF - 1)*8 + wn_abi_pkg::MPA_REQ_REP_REVISION_SHIFT +: wn_abi_pkg::MPA_REQ_REP_REVISION_W] !== 8'h02) $fatal(1, "mpa_req_rep.revision: the position constants select other bits");
    if (g36_mpa_req_rep.pd_length !== 16'h0004) $fatal(1, "mpa_req_rep.pd_length: struct field is %h, expected %h", g36_mpa_req_rep.pd_length, 16'h0004);
    if (g36_wvec[(wn_abi_pkg::MPA_REQ_REP_SIZE - wn_abi_pkg::MPA_REQ_REP_PD_LENGTH_OFF - 2)*8 + wn_abi_pkg::MPA_REQ_REP_PD_LENGTH_SHIFT +: wn_abi_pkg::MPA_REQ_REP_PD_LENGTH_W] !== 16'h0004) $fatal(1, "mpa_req_rep.pd_length: the position constants select other bits");
    if (wn_abi_pkg::mpa_req_rep_pack(g36_mpa_req_rep) !== g36_bus) $fatal(1, "mpa_req_rep: pack does not restore the bytes");

    // mpa_v2_ird_ord (RFC 6581, enhanced connection establishment data)
    g37_bus = 32'h234110c0;
    if (wn_abi_pkg::MPA_V2_IRD_ORD_SIZE != 4) $fatal(1, "mpa_v2_ird_ord: MPA_V2_IRD_ORD_SIZE is %0d, expected 4", wn_abi_pkg::MPA_V2_IRD_ORD_SIZE);
    g37_mpa_v2_ird_ord = wn_abi_pkg::mpa_v2_ird_ord_unpack(g37_bus);
    g37_wvec = g37_mpa_v2_ird_ord;
    if (g37_mpa_v2_ird_ord.peer_to_peer !== 1'h1) $fatal(1, "mpa_v2_ird_ord.peer_to_peer: struct field is %h, expected %h", g37_mpa_v2_ird_ord.peer_to_peer, 1'h1);
    if (g37_wvec[(wn_abi_pkg::MPA_V2_IRD_ORD_SIZE - wn_abi_pkg::MPA_V2_IRD_ORD_PEER_TO_PEER_OFF - 2)*8 + wn_abi_pkg::MPA_V2_IRD_ORD_PEER_TO_PEER_SHIFT +: wn_abi_pkg::MPA_V2_IRD_ORD_PEER_TO_PEER_W] !== 1'h1) $fatal(1, "mpa_v2_ird_ord.peer_to_peer: the position constants select other bits");
    if (g37_mpa_v2_ird_ord.send_rtr !== 1'h1) $fatal(1, "mpa_v2_ird_ord.send_rtr: struct field is %h, expected %h", g37_mpa_v2_ird_ord.send_rtr, 1'h1);
    if (g37_wvec[(wn_abi_pkg::MPA_V2_IRD_ORD_SIZE - wn_abi_pkg::MPA_V2_IRD_ORD_SEND_RTR_OFF - 2)*8 + wn_abi_pkg::MPA_V2_IRD_ORD_SEND_RTR_SHIFT +: wn_abi_pkg::MPA_V2_IRD_ORD_SEND_RTR_W] !== 1'h1) $fatal(1, "mpa_v2_ird_ord.send_rtr: the position constants select other bits");
    if (g37_mpa_v2_ird_ord.ird !== 14'h0010) $fatal(1, "mpa_v2_ird_ord.ird: struct field is %h, expected %h", g37_mpa_v2_ird_ord.ird, 14'h0010);
    if (g37_wvec[(wn_abi_pkg::MPA_V2_IRD_ORD_SIZE - wn_abi_pkg::MPA_V2_IRD_ORD_IRD_OFF - 2)*8 + wn_abi_pkg::MPA_V2_IRD_ORD_IRD_SHIFT +: wn_abi_pkg::MPA_V2_IRD_ORD_IRD_W] !== 14'h0010) $fatal(1, "mpa_v2_ird_ord.ird: the position constants select other bits");
    if (g37_mpa_v2_ird_ord.zero_len_rdma_write !== 1'h0) $fatal(1, "mpa_v2_ird_ord.zero_len_rdma_write: struct field is %h, expected %h", g37_mpa_v2_ird_ord.zero_len_rdma_write, 1'h0);
    if (g37_wvec[(wn_abi_pkg::MPA_V2_IRD_ORD_SIZE - wn_abi_pkg::MPA_V2_IRD_ORD_ZERO_LEN_RDMA_WRITE_OFF - 2)*8 + wn_abi_pkg::MPA_V2_IRD_ORD_ZERO_LEN_RDMA_WRITE_SHIFT +: wn_abi_pkg::MPA_V2_IRD_ORD_ZERO_LEN_RDMA_WRITE_W] !== 1'h0) $fatal(1, "mpa_v2_ird_ord.zero_len_rdma_write: the position constants select other bits");
    if (g37_mpa_v2_ird_ord.rdma_read_rtr !== 1'h1) $fatal(1, "mpa_v2_ird_ord.rdma_read_rtr: struct field is %h, expected %h", g37_mpa_v2_ird_ord.rdma_read_rtr, 1'h1);
    if (g37_wvec[(wn_abi_pkg::MPA_V2_IRD_ORD_SIZE - wn_abi_pkg::MPA_V2_IRD_ORD_RDMA_READ_RTR_OFF - 2)*8 + wn_abi_pkg::MPA_V2_IRD_ORD_RDMA_READ_RTR_SHIFT +: wn_abi_pkg::MPA_V2_IRD_ORD_RDMA_READ_RTR_W] !== 1'h1) $fatal(1, "mpa_v2_ird_ord.rdma_read_rtr: the position constants select other bits");
    if (g37_mpa_v2_ird_ord.ord !== 14'h0123) $fatal(1, "mpa_v2_ird_ord.ord: struct field is %h, expected %h", g37_mpa_v2_ird_ord.ord, 14'h0123);
    if (g37_wvec[(wn_abi_pkg::MPA_V2_IRD_ORD_SIZE - wn_abi_pkg::MPA_V2_IRD_ORD_ORD_OFF - 2)*8 + wn_abi_pkg::MPA_V2_IRD_ORD_ORD_SHIFT +: wn_abi_pkg::MPA_V2_IRD_ORD_ORD_W] !== 14'h0123) $fatal(1, "mpa_v2_ird_ord.ord: the position constants select other bits");
    if (wn_abi_pkg::mpa_v2_ird_ord_pack(g37_mpa_v2_ird_ord) !== g37_bus) $fatal(1, "mpa_v2_ird_ord: pack does not restore the bytes");

    // mpa_fpdu_hdr (RFC 5044 §4.2)
    g38_bus = 16'h9601;
    if (wn_abi_pkg::MPA_FPDU_HDR_SIZE != 2) $fatal(1, "mpa_fpdu_hdr: MPA_FPDU_HDR_SIZE is %0d, expected 2", wn_abi_pkg::MPA_FPDU_HDR_SIZE);
    g38_mpa_fpdu_hdr = wn_abi_pkg::mpa_fpdu_hdr_unpack(g38_bus);
    g38_wvec = g38_mpa_fpdu_hdr;
    if (g38_mpa_fpdu_hdr.ulpdu_length !== 16'h0196) $fatal(1, "mpa_fpdu_hdr.ulpdu_length: struct field is %h, expected %h", g38_mpa_fpdu_hdr.ulpdu_length, 16'h0196);
    if (g38_wvec[(wn_abi_pkg::MPA_FPDU_HDR_SIZE - wn_abi_pkg::MPA_FPDU_HDR_ULPDU_LENGTH_OFF - 2)*8 + wn_abi_pkg::MPA_FPDU_HDR_ULPDU_LENGTH_SHIFT +: wn_abi_pkg::MPA_FPDU_HDR_ULPDU_LENGTH_W] !== 16'h0196) $fatal(1, "mpa_fpdu_hdr.ulpdu_length: the position constants select other bits");
    if (wn_abi_pkg::mpa_fpdu_hdr_pack(g38_mpa_fpdu_hdr) !== g38_bus) $fatal(1, "mpa_fpdu_hdr: pack does not restore the bytes");

    // mpa_marker (RFC 5044 §4.3)
    g39_bus = 32'hf8013412;
    if (wn_abi_pkg::MPA_MARKER_SIZE != 4) $fatal(1, "mpa_marker: MPA_MARKER_SIZE is %0d, expected 4", wn_abi_pkg::MPA_MARKER_SIZE);
    g39_mpa_marker = wn_abi_pkg::mpa_marker_unpack(g39_bus);
    g39_wvec = g39_mpa_marker;
    if (g39_mpa_marker.rsvd !== 16'h1234) $fatal(1, "mpa_marker.rsvd: struct field is %h, expected %h", g39_mpa_marker.rsvd, 16'h1234);
    if (g39_wvec[(wn_abi_pkg::MPA_MARKER_SIZE - wn_abi_pkg::MPA_MARKER_RSVD_OFF - 2)*8 + wn_abi_pkg::MPA_MARKER_RSVD_SHIFT +: wn_abi_pkg::MPA_MARKER_RSVD_W] !== 16'h1234) $fatal(1, "mpa_marker.rsvd: the position constants select other bits");
    if (g39_mpa_marker.fpduptr !== 16'h01f8) $fatal(1, "mpa_marker.fpduptr: struct field is %h, expected %h", g39_mpa_marker.fpduptr, 16'h01f8);
    if (g39_wvec[(wn_abi_pkg::MPA_MARKER_SIZE - wn_abi_pkg::MPA_MARKER_FPDUPTR_OFF - 2)*8 + wn_abi_pkg::MPA_MARKER_FPDUPTR_SHIFT +: wn_abi_pkg::MPA_MARKER_FPDUPTR_W] !== 16'h01f8) $fatal(1, "mpa_marker.fpduptr: the position constants select other bits");
    if (wn_abi_pkg::mpa_marker_pack(g39_mpa_marker) !== g39_bus) $fatal(1, "mpa_marker: pack does not restore the bytes");

    // ddp_ctrl (RFC 5041 §5.1)
    g40_bus = 8'he9;
    if (wn_abi_pkg::DDP_CTRL_SIZE != 1) $fatal(1, "ddp_ctrl: DDP_CTRL_SIZE is %0d, expected 1", wn_abi_pkg::DDP_CTRL_SIZE);
    g40_ddp_ctrl = wn_abi_pkg::ddp_ctrl_unpack(g40_bus);
    g40_wvec = g40_ddp_ctrl;
    if (g40_ddp_ctrl.tagged_f !== 1'h1) $fatal(1, "ddp_ctrl.tagged: struct field is %h, expected %h", g40_ddp_ctrl.tagged_f, 1'h1);
    if (g40_wvec[(wn_abi_pkg::DDP_CTRL_SIZE - wn_abi_pkg::DDP_CTRL_TAGGED_OFF - 1)*8 + wn_abi_pkg::DDP_CTRL_TAGGED_SHIFT +: wn_abi_pkg::DDP_CTRL_TAGGED_W] !== 1'h1) $fatal(1, "ddp_ctrl.tagged: the position constants select other bits");
    if (g40_ddp_ctrl.last !== 1'h1) $fatal(1, "ddp_ctrl.last: struct field is %h, expected %h", g40_ddp_ctrl.last, 1'h1);
    if (g40_wvec[(wn_abi_pkg::DDP_CTRL_SIZE - wn_abi_pkg::DDP_CTRL_LAST_OFF - 1)*8 + wn_abi_pkg::DDP_CTRL_LAST_SHIFT +: wn_abi_pkg::DDP_CTRL_LAST_W] !== 1'h1) $fatal(1, "ddp_ctrl.last: the position constants select other bits");
    if (g40_ddp_ctrl.rsvd !== 4'ha) $fatal(1, "ddp_ctrl.rsvd: struct field is %h, expected %h", g40_ddp_ctrl.rsvd, 4'ha);
    if (g40_wvec[(wn_abi_pkg::DDP_CTRL_SIZE - wn_abi_pkg::DDP_CTRL_RSVD_OFF - 1)*8 + wn_abi_pkg::DDP_CTRL_RSVD_SHIFT +: wn_abi_pkg::DDP_CTRL_RSVD_W] !== 4'ha) $fatal(1, "ddp_ctrl.rsvd: the position constants select other bits");
    if (g40_ddp_ctrl.ddp_version !== 2'h1) $fatal(1, "ddp_ctrl.ddp_version: struct field is %h, expected %h", g40_ddp_ctrl.ddp_version, 2'h1);
    if (g40_wvec[(wn_abi_pkg::DDP_CTRL_SIZE - wn_abi_pkg::DDP_CTRL_DDP_VERSION_OFF - 1)*8 + wn_abi_pkg::DDP_CTRL_DDP_VERSION_SHIFT +: wn_abi_pkg::DDP_CTRL_DDP_VERSION_W] !== 2'h1) $fatal(1, "ddp_ctrl.ddp_version: the position constants select other bits");
    if (wn_abi_pkg::ddp_ctrl_pack(g40_ddp_ctrl) !== g40_bus) $fatal(1, "ddp_ctrl: pack does not restore the bytes");

    // rdmap_ctrl (RFC 5040 §4.1)
    g41_bus = 8'h6c;
    if (wn_abi_pkg::RDMAP_CTRL_SIZE != 1) $fatal(1, "rdmap_ctrl: RDMAP_CTRL_SIZE is %0d, expected 1", wn_abi_pkg::RDMAP_CTRL_SIZE);
    g41_rdmap_ctrl = wn_abi_pkg::rdmap_ctrl_unpack(g41_bus);
    g41_wvec = g41_rdmap_ctrl;
    if (g41_rdmap_ctrl.rdmap_version !== 2'h1) $fatal(1, "rdmap_ctrl.rdmap_version: struct field is %h, expected %h", g41_rdmap_ctrl.rdmap_version, 2'h1);
    if (g41_wvec[(wn_abi_pkg::RDMAP_CTRL_SIZE - wn_abi_pkg::RDMAP_CTRL_RDMAP_VERSION_OFF - 1)*8 + wn_abi_pkg::RDMAP_CTRL_RDMAP_VERSION_SHIFT +: wn_abi_pkg::RDMAP_CTRL_RDMAP_VERSION_W] !== 2'h1) $fatal(1, "rdmap_ctrl.rdmap_version: the position constants select other bits");
    if (g41_rdmap_ctrl.rsvd !== 2'h2) $fatal(1, "rdmap_ctrl.rsvd: struct field is %h, expected %h", g41_rdmap_ctrl.rsvd, 2'h2);
    if (g41_wvec[(wn_abi_pkg::RDMAP_CTRL_SIZE - wn_abi_pkg::RDMAP_CTRL_RSVD_OFF - 1)*8 + wn_abi_pkg::RDMAP_CTRL_RSVD_SHIFT +: wn_abi_pkg::RDMAP_CTRL_RSVD_W] !== 2'h2) $fatal(1, "rdmap_ctrl.rsvd: the position constants select other bits");
    if (g41_rdmap_ctrl.opcode !== 4'hc) $fatal(1, "rdmap_ctrl.opcode: struct field is %h, expected %h", g41_rdmap_ctrl.opcode, 4'hc);
    if (g41_wvec[(wn_abi_pkg::RDMAP_CTRL_SIZE - wn_abi_pkg::RDMAP_CTRL_OPCODE_OFF - 1)*8 + wn_abi_pkg::RDMAP_CTRL_OPCODE_SHIFT +: wn_abi_pkg::RDMAP_CTRL_OPCODE_W] !== 4'hc) $fatal(1, "rdmap_ctrl.opcode: the position constants select other bits");
    if (wn_abi_pkg::rdmap_ctrl_pack(g41_rdmap_ctrl) !== g41_bus) $fatal(1, "rdmap_ctrl: pack does not restore the bytes");

    // ddp_tagged_hdr (RFC 5041 §5.2, RFC 5040 §4.1)
    g42_bus = 112'h0000adde007f00004523010072d5;
    if (wn_abi_pkg::DDP_TAGGED_HDR_SIZE != 14) $fatal(1, "ddp_tagged_hdr: DDP_TAGGED_HDR_SIZE is %0d, expected 14", wn_abi_pkg::DDP_TAGGED_HDR_SIZE);
    g42_ddp_tagged_hdr = wn_abi_pkg::ddp_tagged_hdr_unpack(g42_bus);
    g42_wvec = g42_ddp_tagged_hdr;
    if (g42_ddp_tagged_hdr.tagged_f !== 1'h1) $fatal(1, "ddp_tagged_hdr.tagged: struct field is %h, expected %h", g42_ddp_tagged_hdr.tagged_f, 1'h1);
    if (g42_wvec[(wn_abi_pkg::DDP_TAGGED_HDR_SIZE - wn_abi_pkg::DDP_TAGGED_HDR_TAGGED_OFF - 1)*8 + wn_abi_pkg::DDP_TAGGED_HDR_TAGGED_SHIFT +: wn_abi_pkg::DDP_TAGGED_HDR_TAGGED_W] !== 1'h1) $fatal(1, "ddp_tagged_hdr.tagged: the position constants select other bits");
    if (g42_ddp_tagged_hdr.last !== 1'h1) $fatal(1, "ddp_tagged_hdr.last: struct field is %h, expected %h", g42_ddp_tagged_hdr.last, 1'h1);
    if (g42_wvec[(wn_abi_pkg::DDP_TAGGED_HDR_SIZE - wn_abi_pkg::DDP_TAGGED_HDR_LAST_OFF - 1)*8 + wn_abi_pkg::DDP_TAGGED_HDR_LAST_SHIFT +: wn_abi_pkg::DDP_TAGGED_HDR_LAST_W] !== 1'h1) $fatal(1, "ddp_tagged_hdr.last: the position constants select other bits");
    if (g42_ddp_tagged_hdr.rsvd !== 4'h5) $fatal(1, "ddp_tagged_hdr.rsvd: struct field is %h, expected %h", g42_ddp_tagged_hdr.rsvd, 4'h5);
    if (g42_wvec[(wn_abi_pkg::DDP_TAGGED_HDR_SIZE - wn_abi_pkg::DDP_TAGGED_HDR_RSVD_OFF - 1)*8 + wn_abi_pkg::DDP_TAGGED_HDR_RSVD_SHIFT +: wn_abi_pkg::DDP_TAGGED_HDR_RSVD_W] !== 4'h5) $fatal(1, "ddp_tagged_hdr.rsvd: the position constants select other bits");
    if (g42_ddp_tagged_hdr.ddp_version !== 2'h1) $fatal(1, "ddp_tagged_hdr.ddp_version: struct field is %h, expected %h", g42_ddp_tagged_hdr.ddp_version, 2'h1);
    if (g42_wvec[(wn_abi_pkg::DDP_TAGGED_HDR_SIZE - wn_abi_pkg::DDP_TAGGED_HDR_DDP_VERSION_OFF - 1)*8 + wn_abi_pkg::DDP_TAGGED_HDR_DDP_VERSION_SHIFT +: wn_abi_pkg::DDP_TAGGED_HDR_DDP_VERSION_W] !== 2'h1) $fatal(1, "ddp_tagged_hdr.ddp_version: the position constants select other bits");
    if (g42_ddp_tagged_hdr.rdmap_version !== 2'h1) $fatal(1, "ddp_tagged_hdr.rdmap_version: struct field is %h, expected %h", g42_ddp_tagged_hdr.rdmap_version, 2'h1);
    if (g42_wvec[(wn_abi_pkg::DDP_TAGGED_HDR_SIZE - wn_abi_pkg::DDP_TAGGED_HDR_RDMAP_VERSION_OFF - 1)*8 + wn_abi_pkg::DDP_TAGGED_HDR_RDMAP_VERSION_SHIFT +: wn_abi_pkg::DDP_TAGGED_HDR_RDMAP_VERSION_W] !== 2'h1) $fatal(1, "ddp_tagged_hdr.rdmap_version: the position constants select other bits");
    if (g42_ddp_tagged_hdr.rsvd_ulp !== 2'h3) $fatal(1, "ddp_tagged_hdr.rsvd_ulp: struct field is %h, expected %h", g42_ddp_tagged_hdr.rsvd_ulp, 2'h3);
    if (g42_wvec[(wn_abi_pkg::DDP_TAGGED_HDR_SIZE - wn_abi_pkg::DDP_TAGGED_HDR_RSVD_ULP_OFF - 1)*8 + wn_abi_pkg::DDP_TAGGED_HDR_RSVD_ULP_SHIFT +: wn_abi_pkg::DDP_TAGGED_HDR_RSVD_ULP_W] !== 2'h3) $fatal(1, "ddp_tagged_hdr.rsvd_ulp: the position constants select other bits");
    if (g42_ddp_tagged_hdr.opcode !== 4'h2) $fatal(1, "ddp_tagged_hdr.opcode: struct field is %h, expected %h", g42_ddp_tagged_hdr.opcode, 4'h2);
    if (g42_wvec[(wn_abi_pkg::DDP_TAGGED_HDR_SIZE - wn_abi_pkg::DDP_TAGGED_HDR_OPCODE_OFF - 1)*8 + wn_abi_pkg::DDP_TAGGED_HDR_OPCODE_SHIFT +: wn_abi_pkg::DDP_TAGGED_HDR_OPCODE_W] !== 4'h2) $fatal(1, "ddp_tagged_hdr.opcode: the position constants select other bits");
    if (g42_ddp_tagged_hdr.stag !== 32'h0001_2345) $fatal(1, "ddp_tagged_hdr.stag: struct field is %h, expected %h", g42_ddp_tagged_hdr.stag, 32'h0001_2345);
    if (g42_wvec[(wn_abi_pkg::DDP_TAGGED_HDR_SIZE - wn_abi_pkg::DDP_TAGGED_HDR_STAG_OFF - 4)*8 + wn_abi_pkg::DDP_TAGGED_HDR_STAG_SHIFT +: wn_abi_pkg::DDP_TAGGED_HDR_STAG_W] !== 32'h0001_2345) $fatal(1, "ddp_tagged_hdr.stag: the position constants select other bits");
    if (g42_ddp_tagged_hdr.tagged_offset !== 64'h0000_7f00_dead_0000) $fatal(1, "ddp_tagged_hdr.tagged_offset: struct field is %h, expected %h", g42_ddp_tagged_hdr.tagged_offset, 64'h0000_7f00_dead_0000);
    if (g42_wvec[(wn_abi_pkg::DDP_TAGGED_HDR_SIZE - wn_abi_pkg::DDP_TAGGED_HDR_TAGGED_OFFSET_OFF - 8)*8 + wn_abi_pkg::DDP_TAGGED_HDR_TAGGED_OFFSET_SHIFT +: wn_abi_pkg::DDP_TAGGED_HDR_TAGGED_OFFSET_W] !== 64'h0000_7f00_dead_0000) $fatal(1, "ddp_tagged_hdr.tagged_offset: the position constants select other bits");
    if (wn_abi_pkg::ddp_tagged_hdr_pack(g42_ddp_tagged_hdr) !== g42_bus) $fatal(1, "ddp_tagged_hdr: pack does not restore the bytes");

    // ddp_untagged_hdr (RFC 5041 §5.3, RFC 5040 §4.1)
    g43_bus = 144'h001000000700000001000000d0c0b0a0614d;
    if (wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE != 18) $fatal(1, "ddp_untagged_hdr: DDP_UNTAGGED_HDR_SIZE is %0d, expected 18", wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE);
    g43_ddp_untagged_hdr = wn_abi_pkg::ddp_untagged_hdr_unpack(g43_bus);
    g43_wvec = g43_ddp_untagged_hdr;
    if (g43_ddp_untagged_hdr.tagged_f !== 1'h0) $fatal(1, "ddp_untagged_hdr.tagged: struct field is %h, expected %h", g43_ddp_untagged_hdr.tagged_f, 1'h0);
    if (g43_wvec[(wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE - wn_abi_pkg::DDP_UNTAGGED_HDR_TAGGED_OFF - 1)*8 + wn_abi_pkg::DDP_UNTAGGED_HDR_TAGGED_SHIFT +: wn_abi_pkg::DDP_UNTAGGED_HDR_TAGGED_W] !== 1'h0) $fatal(1, "ddp_untagged_hdr.tagged: the position constants select other bits");
    if (g43_ddp_untagged_hdr.last !== 1'h1) $fatal(1, "ddp_untagged_hdr.last: struct field is %h, expected %h", g43_ddp_untagged_hdr.last, 1'h1);
    if (g43_wvec[(wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE - wn_abi_pkg::DDP_UNTAGGED_HDR_LAST_OFF - 1)*8 + wn_abi_pkg::DDP_UNTAGGED_HDR_LAST_SHIFT +: wn_abi_pkg::DDP_UNTAGGED_HDR_LAST_W] !== 1'h1) $fatal(1, "ddp_untagged_hdr.last: the position constants select other bits");
    if (g43_ddp_untagged_hdr.rsvd !== 4'h3) $fatal(1, "ddp_untagged_hdr.rsvd: struct field is %h, expected %h", g43_ddp_untagged_hdr.rsvd, 4'h3);
    if (g43_wvec[(wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE - wn_abi_pkg::DDP_UNTAGGED_HDR_RSVD_OFF - 1)*8 + wn_abi_pkg::DDP_UNTAGGED_HDR_RSVD_SHIFT +: wn_abi_pkg::DDP_UNTAGGED_HDR_RSVD_W] !== 4'h3) $fatal(1, "ddp_untagged_hdr.rsvd: the position constants select other bits");
    if (g43_ddp_untagged_hdr.ddp_version !== 2'h1) $fatal(1, "ddp_untagged_hdr.ddp_version: struct field is %h, expected %h", g43_ddp_untagged_hdr.ddp_version, 2'h1);
    if (g43_wvec[(wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE - wn_abi_pkg::DDP_UNTAGGED_HDR_DDP_VERSION_OFF - 1)*8 + wn_abi_pkg::DDP_UNTAGGED_HDR_DDP_VERSION_SHIFT +: wn_abi_pkg::DDP_UNTAGGED_HDR_DDP_VERSION_W] !== 2'h1) $fatal(1, "ddp_untagged_hdr.ddp_version: the position constants select other bits");
    if (g43_ddp_untagged_hdr.rdmap_version !== 2'h1) $fatal(1, "ddp_untagged_hdr.rdmap_version: struct field is %h, expected %h", g43_ddp_untagged_hdr.rdmap_version, 2'h1);
    if (g43_wvec[(wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE - wn_abi_pkg::DDP_UNTAGGED_HDR_RDMAP_VERSION_OFF - 1)*8 + wn_abi_pkg::DDP_UNTAGGED_HDR_RDMAP_VERSION_SHIFT +: wn_abi_pkg::DDP_UNTAGGED_HDR_RDMAP_VERSION_W] !== 2'h1) $fatal(1, "ddp_untagged_hdr.rdmap_version: the position constants select other bits");
    if (g43_ddp_untagged_hdr.rsvd_ulp !== 2'h2) $fatal(1, "ddp_untagged_hdr.rsvd_ulp: struct field is %h, expected %h", g43_ddp_untagged_hdr.rsvd_ulp, 2'h2);
    if (g43_wvec[(wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE - wn_abi_pkg::DDP_UNTAGGED_HDR_RSVD_ULP_OFF - 1)*8 + wn_abi_pkg::DDP_UNTAGGED_HDR_RSVD_ULP_SHIFT +: wn_abi_pkg::DDP_UNTAGGED_HDR_RSVD_ULP_W] !== 2'h2) $fatal(1, "ddp_untagged_hdr.rsvd_ulp: the position constants select other bits");
    if (g43_ddp_untagged_hdr.opcode !== 4'h1) $fatal(1, "ddp_untagged_hdr.opcode: struct field is %h, expected %h", g43_ddp_untagged_hdr.opcode, 4'h1);
    if (g43_wvec[(wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE - wn_abi_pkg::DDP_UNTAGGED_HDR_OPCODE_OFF - 1)*8 + wn_abi_pkg::DDP_UNTAGGED_HDR_OPCODE_SHIFT +: wn_abi_pkg::DDP_UNTAGGED_HDR_OPCODE_W] !== 4'h1) $fatal(1, "ddp_untagged_hdr.opcode: the position constants select other bits");
    if (g43_ddp_untagged_hdr.inv_stag !== 32'ha0b0_c0d0) $fatal(1, "ddp_untagged_hdr.inv_stag: struct field is %h, expected %h", g43_ddp_untagged_hdr.inv_stag, 32'ha0b0_c0d0);
    if (g43_wvec[(wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE - wn_abi_pkg::DDP_UNTAGGED_HDR_INV_STAG_OFF - 4)*8 + wn_abi_pkg::DDP_UNTAGGED_HDR_INV_STAG_SHIFT +: wn_abi_pkg::DDP_UNTAGGED_HDR_INV_STAG_W] !== 32'ha0b0_c0d0) $fatal(1, "ddp_untagged_hdr.inv_stag: the position constants select other bits");
    if (g43_ddp_untagged_hdr.qn !== 32'h0000_0001) $fatal(1, "ddp_untagged_hdr.qn: struct field is %h, expected %h", g43_ddp_untagged_hdr.qn, 32'h0000_0001);
    if (g43_wvec[(wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE - wn_abi_pkg::DDP_UNTAGGED_HDR_QN_OFF - 4)*8 + wn_abi_pkg::DDP_UNTAGGED_HDR_QN_SHIFT +: wn_abi_pkg::DDP_UNTAGGED_HDR_QN_W] !== 32'h0000_0001) $fatal(1, "ddp_untagged_hdr.qn: the position constants select other bits");
    if (g43_ddp_untagged_hdr.msn !== 32'h0000_0007) $fatal(1, "ddp_untagged_hdr.msn: struct field is %h, expected %h", g43_ddp_untagged_hdr.msn, 32'h0000_0007);
    if (g43_wvec[(wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE - wn_abi_pkg::DDP_UNTAGGED_HDR_MSN_OFF - 4)*8 + wn_abi_pkg::DDP_UNTAGGED_HDR_MSN_SHIFT +: wn_abi_pkg::DDP_UNTAGGED_HDR_MSN_W] !== 32'h0000_0007) $fatal(1, "ddp_untagged_hdr.msn: the position constants select other bits");
    if (g43_ddp_untagged_hdr.mo !== 32'h0000_1000) $fatal(1, "ddp_untagged_hdr.mo: struct field is %h, expected %h", g43_ddp_untagged_hdr.mo, 32'h0000_1000);
    if (g43_wvec[(wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE - wn_abi_pkg::DDP_UNTAGGED_HDR_MO_OFF - 4)*8 + wn_abi_pkg::DDP_UNTAGGED_HDR_MO_SHIFT +: wn_abi_pkg::DDP_UNTAGGED_HDR_MO_W] !== 32'h0000_1000) $fatal(1, "ddp_untagged_hdr.mo: the position constants select other bits");
    if (wn_abi_pkg::ddp_untagged_hdr_pack(g43_ddp_untagged_hdr) !== g43_bus) $fatal(1, "ddp_untagged_hdr: pack does not restore the bytes");

    // rdma_read_req (RFC 5040 §4.4)
    g44_bus = 224'hffeeddccbbaa99887766554400000100080706050403020133220011;
    if (wn_abi_pkg::RDMA_READ_REQ_SIZE != 28) $fatal(1, "rdma_read_req: RDMA_READ_REQ_SIZE is %0d, expected 28", wn_abi_pkg::RDMA_READ_REQ_SIZE);
    g44_rdma_read_req = wn_abi_pkg::rdma_read_req_unpack(g44_bus);
    g44_wvec = g44_rdma_read_req;
    if (g44_rdma_read_req.sink_stag !== 32'h1100_2233) $fatal(1, "rdma_read_req.sink_stag: struct field is %h, expected %h", g44_rdma_read_req.sink_stag, 32'h1100_2233);
    if (g44_wvec[(wn_abi_pkg::RDMA_READ_REQ_SIZE - wn_abi_pkg::RDMA_READ_REQ_SINK_STAG_OFF - 4)*8 + wn_abi_pkg::RDMA_READ_REQ_SINK_STAG_SHIFT +: wn_abi_pkg::RDMA_READ_REQ_SINK_STAG_W] !== 32'h1100_2233) $fatal(1, "rdma_read_req.sink_stag: the position constants select other bits");
    if (g44_rdma_read_req.sink_to !== 64'h0102_0304_0506_0708) $fatal(1, "rdma_read_req.sink_to: struct field is %h, expected %h", g44_rdma_read_req.sink_to, 64'h0102_0304_0506_0708);
    if (g44_wvec[(wn_abi_pkg::RDMA_READ_REQ_SIZE - wn_abi_pkg::RDMA_READ_REQ_SINK_TO_OFF - 8)*8 + wn_abi_pkg::RDMA_READ_REQ_SINK_TO_SHIFT +: wn_abi_pkg::RDMA_READ_REQ_SINK_TO_W] !== 64'h0102_0304_0506_0708) $fatal(1, "rdma_read_req.sink_to: the position constants select other bits");
    if (g44_rdma_read_req.read_size !== 32'h0001_0000) $fatal(1, "rdma_read_req.read_size: struct field is %h, expected %h", g44_rdma_read_req.read_size, 32'h0001_0000);
    if (g44_wvec[(wn_abi_pkg::RDMA_READ_REQ_SIZE - wn_abi_pkg::RDMA_READ_REQ_READ_SIZE_OFF - 4)*8 + wn_abi_pkg::RDMA_READ_REQ_READ_SIZE_SHIFT +: wn_abi_pkg::RDMA_READ_REQ_READ_SIZE_W] !== 32'h0001_0000) $fatal(1, "rdma_read_req.read_size: the position constants select other bits");
    if (g44_rdma_read_req.src_stag !== 32'h4455_6677) $fatal(1, "rdma_read_req.src_stag: struct field is %h, expected %h", g44_rdma_read_req.src_stag, 32'h4455_6677);
    if (g44_wvec[(wn_abi_pkg::RDMA_READ_REQ_SIZE - wn_abi_pkg::RDMA_READ_REQ_SRC_STAG_OFF - 4)*8 + wn_abi_pkg::RDMA_READ_REQ_SRC_STAG_SHIFT +: wn_abi_pkg::RDMA_READ_REQ_SRC_STAG_W] !== 32'h4455_6677) $fatal(1, "rdma_read_req.src_stag: the position constants select other bits");
    if (g44_rdma_read_req.src_to !== 64'h8899_aabb_ccdd_eeff) $fatal(1, "rdma_read_req.src_to: struct field is %h, expected %h", g44_rdma_read_req.src_to, 64'h8899_aabb_ccdd_eeff);
    if (g44_wvec[(wn_abi_pkg::RDMA_READ_REQ_SIZE - wn_abi_pkg::RDMA_READ_REQ_SRC_TO_OFF - 8)*8 + wn_abi_pkg::RDMA_READ_REQ_SRC_TO_SHIFT +: wn_abi_pkg::RDMA_READ_REQ_SRC_TO_W] !== 64'h8899_aabb_ccdd_eeff) $fatal(1, "rdma_read_req.src_to: the position constants select other bits");
    if (wn_abi_pkg::rdma_read_req_pack(g44_rdma_read_req) !== g44_bus) $fatal(1, "rdma_read_req: pack does not restore the bytes");

    // rdmap_terminate (RFC 5040 §4.8)
    g45_bus = 32'h55c10512;
    if (wn_abi_pkg::RDMAP_TERMINATE_SIZE != 4) $fatal(1, "rdmap_terminate: RDMAP_TERMINATE_SIZE is %0d, expected 4", wn_abi_pkg::RDMAP_TERMINATE_SIZE);
    g45_rdmap_terminate = wn_abi_pkg::rdmap_terminate_unpack(g45_bus);
    g45_wvec = g45_rdmap_terminate;
    if (g45_rdmap_terminate.layer !== 4'h1) $fatal(1, "rdmap_terminate.layer: struct field is %h, expected %h", g45_rdmap_terminate.layer, 4'h1);
    if (g45_wvec[(wn_abi_pkg::RDMAP_TERMINATE_SIZE - wn_abi_pkg::RDMAP_TERMINATE_LAYER_OFF - 4)*8 + wn_abi_pkg::RDMAP_TERMINATE_LAYER_SHIFT +: wn_abi_pkg::RDMAP_TERMINATE_LAYER_W] !== 4'h1) $fatal(1, "rdmap_terminate.layer: the position constants select other bits");
    if (g45_rdmap_terminate.etype !== 4'h2) $fatal(1, "rdmap_terminate.etype: struct field is %h, expected %h", g45_rdmap_terminate.etype, 4'h2);
    if (g45_wvec[(wn_abi_pkg::RDMAP_TERMINATE_SIZE - wn_abi_pkg::RDMAP_TERMINATE_ETYPE_OFF - 4)*8 + wn_abi_pkg::RDMAP_TERMINATE_ETYPE_SHIFT +: wn_abi_pkg::RDMAP_TERMINATE_ETYPE_W] !== 4'h2) $fatal(1, "rdmap_terminate.etype: the position constants select other bits");
    if (g45_rdmap_terminate.ecode !== 8'h05) $fatal(1, "rdmap_terminate.ecode: struct field is %h, expected %h", g45_rdmap_terminate.ecode, 8'h05);
    if (g45_wvec[(wn_abi_pkg::RDMAP_TERMINATE_SIZE - wn_abi_pkg::RDMAP_TERMINATE_ECODE_OFF - 4)*8 + wn_abi_pkg::RDMAP_TERMINATE_ECODE_SHIFT +: wn_abi_pkg::RDMAP_TERMINATE_ECODE_W] !== 8'h05) $fatal(1, "rdmap_terminate.ecode: the position constants select other bits");
    if (g45_rdmap_terminate.hdr_ctrl_m !== 1'h1) $fatal(1, "rdmap_terminate.hdr_ctrl_m: struct field is %h, expected %h", g45_rdmap_terminate.hdr_ctrl_m, 1'h1);
    if (g45_wvec[(wn_abi_pkg::RDMAP_TERMINATE_SIZE - wn_abi_pkg::RDMAP_TERMINATE_HDR_CTRL_M_OFF - 4)*8 + wn_abi_pkg::RDMAP_TERMINATE_HDR_CTRL_M_SHIFT +: wn_abi_pkg::RDMAP_TERMINATE_HDR_CTRL_M_W] !== 1'h1) $fatal(1, "rdmap_terminate.hdr_ctrl_m: the position constants select other bits");
    if (g45_rdmap_terminate.hdr_ctrl_d !== 1'h1) $fatal(1, "rdmap_terminate.hdr_ctrl_d: struct field is %h, expected %h", g45_rdmap_terminate.hdr_ctrl_d, 1'h1);
    if (g45_wvec[(wn_abi_pkg::RDMAP_TERMINATE_SIZE - wn_abi_pkg::RDMAP_TERMINATE_HDR_CTRL_D_OFF - 4)*8 + wn_abi_pkg::RDMAP_TERMINATE_HDR_CTRL_D_SHIFT +: wn_abi_pkg::RDMAP_TERMINATE_HDR_CTRL_D_W] !== 1'h1) $fatal(1, "rdmap_terminate.hdr_ctrl_d: the position constants select other bits");
    if (g45_rdmap_terminate.hdr_ctrl_r !== 1'h0) $fatal(1, "rdmap_terminate.hdr_ctrl_r: struct field is %h, expected %h", g45_rdmap_terminate.hdr_ctrl_r, 1'h0);
    if (g45_wvec[(wn_abi_pkg::RDMAP_TERMINATE_SIZE - wn_abi_pkg::RDMAP_TERMINATE_HDR_CTRL_R_OFF - 4)*8 + wn_abi_pkg::RDMAP_TERMINATE_HDR_CTRL_R_SHIFT +: wn_abi_pkg::RDMAP_TERMINATE_HDR_CTRL_R_W] !== 1'h0) $fatal(1, "rdmap_terminate.hdr_ctrl_r: the position constants select other bits");
    if (g45_rdmap_terminate.rsvd !== 13'h0155) $fatal(1, "rdmap_terminate.rsvd: struct field is %h, expected %h", g45_rdmap_terminate.rsvd, 13'h0155);
    if (g45_wvec[(wn_abi_pkg::RDMAP_TERMINATE_SIZE - wn_abi_pkg::RDMAP_TERMINATE_RSVD_OFF - 4)*8 + wn_abi_pkg::RDMAP_TERMINATE_RSVD_SHIFT +: wn_abi_pkg::RDMAP_TERMINATE_RSVD_W] !== 13'h0155) $fatal(1, "rdmap_terminate.rsvd: the position constants select other bits");
    if (wn_abi_pkg::rdmap_terminate_pack(g45_rdmap_terminate) !== g45_bus) $fatal(1, "rdmap_terminate: pack does not restore the bytes");

    // rdmap_immediate (RFC 7306 §4.2)
    g46_bus = 64'h7766554433221100;
    if (wn_abi_pkg::RDMAP_IMMEDIATE_SIZE != 8) $fatal(1, "rdmap_immediate: RDMAP_IMMEDIATE_SIZE is %0d, expected 8", wn_abi_pkg::RDMAP_IMMEDIATE_SIZE);
    g46_rdmap_immediate = wn_abi_pkg::rdmap_immediate_unpack(g46_bus);
    g46_wvec = g46_rdmap_immediate;
    if (g46_rdmap_immediate.data !== 64'h0011_2233_4455_6677) $fatal(1, "rdmap_immediate.data: struct field is %h, expected %h", g46_rdmap_immediate.data, 64'h0011_2233_4455_6677);
    if (g46_wvec[(wn_abi_pkg::RDMAP_IMMEDIATE_SIZE - wn_abi_pkg::RDMAP_IMMEDIATE_DATA_OFF - 8)*8 + wn_abi_pkg::RDMAP_IMMEDIATE_DATA_SHIFT +: wn_abi_pkg::RDMAP_IMMEDIATE_DATA_W] !== 64'h0011_2233_4455_6677) $fatal(1, "rdmap_immediate.data: the position constants select other bits");
    if (wn_abi_pkg::rdmap_immediate_pack(g46_rdmap_immediate) !== g46_bus) $fatal(1, "rdmap_immediate: pack does not restore the bytes");

    // rdma_mr_reg_args (warpnic (docs/iwarp.md))
    a0_bus = 288'h0000004087654000000000010000080000007f00123450000000000b0000000500012a07;
    if (wn_abi_pkg::RDMA_MR_REG_ARGS_WORDS != 9) $fatal(1, "rdma_mr_reg_args: RDMA_MR_REG_ARGS_WORDS is %0d, expected 9", wn_abi_pkg::RDMA_MR_REG_ARGS_WORDS);
    if (wn_abi_pkg::RDMA_MR_REG_ARGS_MIN_WORDS != 9) $fatal(1, "rdma_mr_reg_args: RDMA_MR_REG_ARGS_MIN_WORDS is %0d, expected 9", wn_abi_pkg::RDMA_MR_REG_ARGS_MIN_WORDS);
    a0_rdma_mr_reg_args = a0_bus;
    if (a0_rdma_mr_reg_args.rsvd2_8 != '0) $fatal(1, "rdma_mr_reg_args: reserved bits of word 2 from bit 8 are not where the vector has them");
    if (a0_rdma_mr_reg_args.rsvd1_16 != '0) $fatal(1, "rdma_mr_reg_args: reserved bits of word 1 from bit 16 are not where the vector has them");
    if (a0_rdma_mr_reg_args.stag !== 32'h0001_2a07) $fatal(1, "rdma_mr_reg_args.stag: struct field is %h, expected %h", a0_rdma_mr_reg_args.stag, 32'h0001_2a07);
    if (a0_bus[wn_abi_pkg::RDMA_MR_REG_ARGS_STAG_LSB +: wn_abi_pkg::RDMA_MR_REG_ARGS_STAG_W] !== 32'h0001_2a07) $fatal(1, "rdma_mr_reg_args.stag: the position constants select other bits");
    if (a0_rdma_mr_reg_args.pd !== 16'h0005) $fatal(1, "rdma_mr_reg_args.pd: struct field is %h, expected %h", a0_rdma_mr_reg_args.pd, 16'h0005);
    if (a0_bus[wn_abi_pkg::RDMA_MR_REG_ARGS_PD_LSB +: wn_abi_pkg::RDMA_MR_REG_ARGS_PD_W] !== 16'h0005) $fatal(1, "rdma_mr_reg_args.pd: the position constants select other bits");
    if (a0_rdma_mr_reg_args.access !== 8'h0b) $fatal(1, "rdma_mr_reg_args.access: struct field is %h, expected %h", a0_rdma_mr_reg_args.access, 8'h0b);
    if (a0_bus[wn_abi_pkg::RDMA_MR_REG_ARGS_ACCESS_LSB +: wn_abi_pkg::RDMA_MR_REG_ARGS_ACCESS_W] !== 8'h0b) $fatal(1, "rdma_mr_reg_args.access: the position constants select other bits");
    if (a0_rdma_mr_reg_args.base !== 64'h0000_7f00_1234_5000) $fatal(1, "rdma_mr_reg_args.base: struct field is %h, expected %h", a0_rdma_mr_reg_args.base, 64'h0000_7f00_1234_5000);
    if (a0_bus[wn_abi_pkg::RDMA_MR_REG_ARGS_BASE_LSB +: wn_abi_pkg::RDMA_MR_REG_ARGS_BASE_W] !== 64'h0000_7f00_1234_5000) $fatal(1, "rdma_mr_reg_args.base: the position constants select other bits");
    if (a0_rdma_mr_reg_args.len !== 64'h0000_0001_0000_0800) $fatal(1, "rdma_mr_reg_args.len: struct field is %h, expected %h", a0_rdma_mr_reg_args.len, 64'h0000_0001_0000_0800);
    if (a0_bus[wn_abi_pkg::RDMA_MR_REG_ARGS_LEN_LSB +: wn_abi_pkg::RDMA_MR_REG_ARGS_LEN_W] !== 64'h0000_0001_0000_0800) $fatal(1, "rdma_mr_reg_args.len: the position constants select other bits");
    if (a0_rdma_mr_reg_args.iova !== 64'h0000_0040_8765_4000) $fatal(1, "rdma_mr_reg_args.iova: struct field is %h, expected %h", a0_rdma_mr_reg_args.iova, 64'h0000_0040_8765_4000);
    if (a0_bus[wn_abi_pkg::RDMA_MR_REG_ARGS_IOVA_LSB +: wn_abi_pkg::RDMA_MR_REG_ARGS_IOVA_W] !== 64'h0000_0040_8765_4000) $fatal(1, "rdma_mr_reg_args.iova: the position constants select other bits");

    // rdma_stag_args (warpnic (docs/iwarp.md))
    a1_bus = 32'h00034c5a;
    if (wn_abi_pkg::RDMA_STAG_ARGS_WORDS != 1) $fatal(1, "rdma_stag_args: RDMA_STAG_ARGS_WORDS is %0d, expected 1", wn_abi_pkg::RDMA_STAG_ARGS_WORDS);
    if (wn_abi_pkg::RDMA_STAG_ARGS_MIN_WORDS != 1) $fatal(1, "rdma_stag_args: RDMA_STAG_ARGS_MIN_WORDS is %0d, expected 1", wn_abi_pkg::RDMA_STAG_ARGS_MIN_WORDS);
    a1_rdma_stag_args = a1_bus;
    if (a1_rdma_stag_args.stag !== 32'h0003_4c5a) $fatal(1, "rdma_stag_args.stag: struct field is %h, expected %h", a1_rdma_stag_args.stag, 32'h0003_4c5a);
    if (a1_bus[wn_abi_pkg::RDMA_STAG_ARGS_STAG_LSB +: wn_abi_pkg::RDMA_STAG_ARGS_STAG_W] !== 32'h0003_4c5a) $fatal(1, "rdma_stag_args.stag: the position constants select other bits");

    // rdma_mr_inv_args (warpnic (docs/iwarp.md))
    a2_bus = 64'h0000beef00000102;
    if (wn_abi_pkg::RDMA_MR_INV_ARGS_WORDS != 2) $fatal(1, "rdma_mr_inv_args: RDMA_MR_INV_ARGS_WORDS is %0d, expected 2", wn_abi_pkg::RDMA_MR_INV_ARGS_WORDS);
    if (wn_abi_pkg::RDMA_MR_INV_ARGS_MIN_WORDS != 2) $fatal(1, "rdma_mr_inv_args: RDMA_MR_INV_ARGS_MIN_WORDS is %0d, expected 2", wn_abi_pkg::RDMA_MR_INV_ARGS_MIN_WORDS);
    a2_rdma_mr_inv_args = a2_bus;
    if (a2_rdma_mr_inv_args.rsvd1_16 != '0) $fatal(1, "rdma_mr_inv_args: reserved bits of word 1 from bit 16 are not where the vector has them");
    if (a2_rdma_mr_inv_args.stag !== 32'h0000_0102) $fatal(1, "rdma_mr_inv_args.stag: struct field is %h, expected %h", a2_rdma_mr_inv_args.stag, 32'h0000_0102);
    if (a2_bus[wn_abi_pkg::RDMA_MR_INV_ARGS_STAG_LSB +: wn_abi_pkg::RDMA_MR_INV_ARGS_STAG_W] !== 32'h0000_0102) $fatal(1, "rdma_mr_inv_args.stag: the position constants select other bits");
    if (a2_rdma_mr_inv_args.pd !== 16'hbeef) $fatal(1, "rdma_mr_inv_args.pd: struct field is %h, expected %h", a2_rdma_mr_inv_args.pd, 16'hbeef);
    if (a2_bus[wn_abi_pkg::RDMA_MR_INV_ARGS_PD_LSB +: wn_abi_pkg::RDMA_MR_INV_ARGS_PD_W] !== 16'hbeef) $fatal(1, "rdma_mr_inv_args.pd: the position constants select other bits");

    // rdma_qp_modify_args (warpnic (docs/iwarp.md))
    a3_bus = 416'h123456780000059e000001a5000000210000000100080000000000010004000096040308040503e8000000070000010100000003;
    if (wn_abi_pkg::RDMA_QP_MODIFY_ARGS_WORDS != 13) $fatal(1, "rdma_qp_modify_args: RDMA_QP_MODIFY_ARGS_WORDS is %0d, expected 13", wn_abi_pkg::RDMA_QP_MODIFY_ARGS_WORDS);
    if (wn_abi_pkg::RDMA_QP_MODIFY_ARGS_MIN_WORDS != 2) $fatal(1, "rdma_qp_modify_args: RDMA_QP_MODIFY_ARGS_MIN_WORDS is %0d, expected 2", wn_abi_pkg::RDMA_QP_MODIFY_ARGS_MIN_WORDS);
    a3_rdma_qp_modify_args = a3_bus;
    if (a3_rdma_qp_modify_args.rsvd11_16 != '0) $fatal(1, "rdma_qp_modify_args: reserved bits of word 11 from bit 16 are not where the vector has them");
    if (a3_rdma_qp_modify_args.rsvd10_9 != '0) $fatal(1, "rdma_qp_modify_args: reserved bits of word 10 from bit 9 are not where the vector has them");
    if (a3_rdma_qp_modify_args.rsvd9_16 != '0) $fatal(1, "rdma_qp_modify_args: reserved bits of word 9 from bit 16 are not where the vector has them");
    if (a3_rdma_qp_modify_args.rsvd3_19 != '0) $fatal(1, "rdma_qp_modify_args: reserved bits of word 3 from bit 19 are not where the vector has them");
    if (a3_rdma_qp_modify_args.rsvd2_16 != '0) $fatal(1, "rdma_qp_modify_args: reserved bits of word 2 from bit 16 are not where the vector has them");
    if (a3_rdma_qp_modify_args.rsvd1_9 != '0) $fatal(1, "rdma_qp_modify_args: reserved bits of word 1 from bit 9 are not where the vector has them");
    if (a3_rdma_qp_modify_args.qp !== 32'h0000_0003) $fatal(1, "rdma_qp_modify_args.qp: struct field is %h, expected %h", a3_rdma_qp_modify_args.qp, 32'h0000_0003);
    if (a3_bus[wn_abi_pkg::RDMA_QP_MODIFY_ARGS_QP_LSB +: wn_abi_pkg::RDMA_QP_MODIFY_ARGS_QP_W] !== 32'h0000_0003) $fatal(1, "rdma_qp_modify_args.qp: the position constants select other bits");
    if (a3_rdma_qp_modify_args.state !== 8'h01) $fatal(1, "rdma_qp_modify_args.state: struct field is %h, expected %h", a3_rdma_qp_modify_args.state, 8'h01);
    if (a3_bus[wn_abi_pkg::RDMA_QP_MODIFY_ARGS_STATE_LSB +: wn_abi_pkg::RDMA_QP_MODIFY_ARGS_STATE_W] !== 8'h01) $fatal(1, "rdma_qp_modify_args.state: the position constants select other bits");
    if (a3_rdma_qp_modify_args.set_attrs !== 1'h1) $fatal(1, "rdma_qp_modify_args.set_attrs: struct field is %h, expected %h", a3_rdma_qp_modify_args.set_attrs, 1'h1);
    if (a3_bus[wn_abi_pkg::RDMA_QP_MODIFY_ARGS_SET_ATTRS_LSB +: wn_abi_pkg::RDMA_QP_MODIFY_ARGS_SET_ATTRS_W] !== 1'h1) $fatal(1, "rdma_qp_modify_args.set_attrs: the position constants select other bits");
    if (a3_rdma_qp_modify_args.pd !== 16'h0007) $fatal(1, "rdma_qp_modify_args.pd: struct field is %h, expected %h", a3_rdma_qp_modify_args.pd, 16'h0007);
    if (a3_bus[wn_abi_pkg::RDMA_QP_MODIFY_ARGS_PD_LSB +: wn_abi_pkg::RDMA_QP_MODIFY_ARGS_PD_W] !== 16'h0007) $fatal(1, "rdma_qp_modify_args.pd: the position constants select other bits");
    if (a3_rdma_qp_modify_args.mulpdu !== 16'h03e8) $fatal(1, "rdma_qp_modify_args.mulpdu: struct field is %h, expected %h", a3_rdma_qp_modify_args.mulpdu, 16'h03e8);
    if (a3_bus[wn_abi_pkg::RDMA_QP_MODIFY_ARGS_MULPDU_LSB +: wn_abi_pkg::RDMA_QP_MODIFY_ARGS_MULPDU_W] !== 16'h03e8) $fatal(1, "rdma_qp_modify_args.mulpdu: the position constants select other bits");
    if (a3_rdma_qp_modify_args.crc !== 1'h1) $fatal(1, "rdma_qp_modify_args.crc: struct field is %h, expected %h", a3_rdma_qp_modify_args.crc, 1'h1);
    if (a3_bus[wn_abi_pkg::RDMA_QP_MODIFY_ARGS_CRC_LSB +: wn_abi_pkg::RDMA_QP_MODIFY_ARGS_CRC_W] !== 1'h1) $fatal(1, "rdma_qp_modify_args.crc: the position constants select other bits");
    if (a3_rdma_qp_modify_args.markers_rx !== 1'h0) $fatal(1, "rdma_qp_modify_args.markers_rx: struct field is %h, expected %h", a3_rdma_qp_modify_args.markers_rx, 1'h0);
    if (a3_bus[wn_abi_pkg::RDMA_QP_MODIFY_ARGS_MARKERS_RX_LSB +: wn_abi_pkg::RDMA_QP_MODIFY_ARGS_MARKERS_RX_W] !== 1'h0) $fatal(1, "rdma_qp_modify_args.markers_rx: the position constants select other bits");
    if (a3_rdma_qp_modify_args.markers_tx !== 1'h1) $fatal(1, "rdma_qp_modify_args.markers_tx: struct field is %h, expected %h", a3_rdma_qp_modify_args.markers_tx, 1'h1);
    if (a3_bus[wn_abi_pkg::RDMA_QP_MODIFY_ARGS_MARKERS_TX_LSB +: wn_abi_pkg::RDMA_QP_MODIFY_ARGS_MARKERS_TX_W] !== 1'h1) $fatal(1, "rdma_qp_modify_args.markers_tx: the position constants select other bits");
    if (a3_rdma_qp_modify_args.ird !== 8'h04) $fatal(1, "rdma_qp_modify_args.ird: struct field is %h, expected %h", a3_rdma_qp_modify_args.ird, 8'h04);
    if (a3_bus[wn_abi_pkg::RDMA_QP_MODIFY_ARGS_IRD_LSB +: wn_abi_pkg::RDMA_QP_MODIFY_ARGS_IRD_W] !== 8'h04) $fatal(1, "rdma_qp_modify_args.ird: the position constants select other bits");
    if (a3_rdma_qp_modify_args.ord !== 8'h08) $fatal(1, "rdma_qp_modify_args.ord: struct field is %h, expected %h", a3_rdma_qp_modify_args.ord, 8'h08);
    if (a3_bus[wn_abi_pkg::RDMA_QP_MODIFY_ARGS_ORD_LSB +: wn_abi_pkg::RDMA_QP_MODIFY_ARGS_ORD_W] !== 8'h08) $fatal(1, "rdma_qp_modify_args.ord: the position constants select other bits");
    if (a3_rdma_qp_modify_args.send_cq !== 8'h03) $fatal(1, "rdma_qp_modify_args.send_cq: struct field is %h, expected %h", a3_rdma_qp_modify_args.send_cq, 8'h03);
    if (a3_bus[wn_abi_pkg::RDMA_QP_MODIFY_ARGS_SEND_CQ_LSB +: wn_abi_pkg::RDMA_QP_MODIFY_ARGS_SEND_CQ_W] !== 8'h03) $fatal(1, "rdma_qp_modify_args.send_cq: the position constants select other bits");
    if (a3_rdma_qp_modify_args.recv_cq !== 8'h04) $fatal(1, "rdma_qp_modify_args.recv_cq: struct field is %h, expected %h", a3_rdma_qp_modify_args.recv_cq, 8'h04);
    if (a3_bus[wn_abi_pkg::RDMA_QP_MODIFY_ARGS_RECV_CQ_LSB +: wn_abi_pkg::RDMA_QP_MODIFY_ARGS_RECV_CQ_W] !== 8'h04) $fatal(1, "rdma_qp_modify_args.recv_cq: the position constants select other bits");
    if (a3_rdma_qp_modify_args.rq_log !== 4'h6) $fatal(1, "rdma_qp_modify_args.rq_log: struct field is %h, expected %h", a3_rdma_qp_modify_args.rq_log, 4'h6);
    if (a3_bus[wn_abi_pkg::RDMA_QP_MODIFY_ARGS_RQ_LOG_LSB +: wn_abi_pkg::RDMA_QP_MODIFY_ARGS_RQ_LOG_W] !== 4'h6) $fatal(1, "rdma_qp_modify_args.rq_log: the position constants select other bits");
    if (a3_rdma_qp_modify_args.sq_log !== 4'h9) $fatal(1, "rdma_qp_modify_args.sq_log: struct field is %h, expected %h", a3_rdma_qp_modify_args.sq_log, 4'h9);
    if (a3_bus[wn_abi_pkg::RDMA_QP_MODIFY_ARGS_SQ_LOG_LSB +: wn_abi_pkg::RDMA_QP_MODIFY_ARGS_SQ_LOG_W] !== 4'h9) $fatal(1, "rdma_qp_modify_args.sq_log: the position constants select other bits");
    if (a3_rdma_qp_modify_args.rq_iova !== 64'h0000_0001_0004_0000) $fatal(1, "rdma_qp_modify_args.rq_iova: struct field is %h, expected %h", a3_rdma_qp_modify_args.rq_iova, 64'h0000_0001_0004_0000);
    if (a3_bus[wn_abi_pkg::RDMA_QP_MODIFY_ARGS_RQ_IOVA_LSB +: wn_abi_pkg::RDMA_QP_MODIFY_ARGS_RQ_IOVA_W] !== 64'h0000_0001_0004_0000) $fatal(1, "rdma_qp_modify_args.rq_iova: the position constants select other bits");
    if (a3_rdma_qp_modify_args.sq_iova !== 64'h0000_0001_0008_0000) $fatal(1, "rdma_qp_modify_args.sq_iova: struct field is %h, expected %h", a3_rdma_qp_modify_args.sq_iova, 64'h0000_0001_0008_0000);
    if (a3_bus[wn_abi_pkg::RDMA_QP_MODIFY_ARGS_SQ_IOVA_LSB +: wn_abi_pkg::RDMA_QP_MODIFY_ARGS_SQ_IOVA_W] !== 64'h0000_0001_0008_0000) $fatal(1, "rdma_qp_modify_args.sq_iova: the position constants select other bits");
    if (a3_rdma_qp_modify_args.tid !== 16'h0021) $fatal(1, "rdma_qp_modify_args.tid: struct field is %h, expected %h", a3_rdma_qp_modify_args.tid, 16'h0021);
    if (a3_bus[wn_abi_pkg::RDMA_QP_MODIFY_ARGS_TID_LSB +: wn_abi_pkg::RDMA_QP_MODIFY_ARGS_TID_W] !== 16'h0021) $fatal(1, "rdma_qp_modify_args.tid: the position constants select other bits");
    if (a3_rdma_qp_modify_args.marker_phase !== 9'h1a5) $fatal(1, "rdma_qp_modify_args.marker_phase: struct field is %h, expected %h", a3_rdma_qp_modify_args.marker_phase, 9'h1a5);
    if (a3_bus[wn_abi_pkg::RDMA_QP_MODIFY_ARGS_MARKER_PHASE_LSB +: wn_abi_pkg::RDMA_QP_MODIFY_ARGS_MARKER_PHASE_W] !== 9'h1a5) $fatal(1, "rdma_qp_modify_args.marker_phase: the position constants select other bits");
    if (a3_rdma_qp_modify_args.send_mulpdu !== 16'h059e) $fatal(1, "rdma_qp_modify_args.send_mulpdu: struct field is %h, expected %h", a3_rdma_qp_modify_args.send_mulpdu, 16'h059e);
    if (a3_bus[wn_abi_pkg::RDMA_QP_MODIFY_ARGS_SEND_MULPDU_LSB +: wn_abi_pkg::RDMA_QP_MODIFY_ARGS_SEND_MULPDU_W] !== 16'h059e) $fatal(1, "rdma_qp_modify_args.send_mulpdu: the position constants select other bits");
    if (a3_rdma_qp_modify_args.tx_start !== 32'h1234_5678) $fatal(1, "rdma_qp_modify_args.tx_start: struct field is %h, expected %h", a3_rdma_qp_modify_args.tx_start, 32'h1234_5678);
    if (a3_bus[wn_abi_pkg::RDMA_QP_MODIFY_ARGS_TX_START_LSB +: wn_abi_pkg::RDMA_QP_MODIFY_ARGS_TX_START_W] !== 32'h1234_5678) $fatal(1, "rdma_qp_modify_args.tx_start: the position constants select other bits");

    // rdma_qp_args (warpnic (docs/iwarp.md))
    a4_bus = 32'h00000102;
    if (wn_abi_pkg::RDMA_QP_ARGS_WORDS != 1) $fatal(1, "rdma_qp_args: RDMA_QP_ARGS_WORDS is %0d, expected 1", wn_abi_pkg::RDMA_QP_ARGS_WORDS);
    if (wn_abi_pkg::RDMA_QP_ARGS_MIN_WORDS != 1) $fatal(1, "rdma_qp_args: RDMA_QP_ARGS_MIN_WORDS is %0d, expected 1", wn_abi_pkg::RDMA_QP_ARGS_MIN_WORDS);
    a4_rdma_qp_args = a4_bus;
    if (a4_rdma_qp_args.qp !== 32'h0000_0102) $fatal(1, "rdma_qp_args.qp: struct field is %h, expected %h", a4_rdma_qp_args.qp, 32'h0000_0102);
    if (a4_bus[wn_abi_pkg::RDMA_QP_ARGS_QP_LSB +: wn_abi_pkg::RDMA_QP_ARGS_QP_W] !== 32'h0000_0102) $fatal(1, "rdma_qp_args.qp: the position constants select other bits");

    // rdma_qp_query_rsp (warpnic (docs/iwarp.md))
    a5_bus = 128'h0000abcd124012340102010600000003;
    if (wn_abi_pkg::RDMA_QP_QUERY_RSP_WORDS != 4) $fatal(1, "rdma_qp_query_rsp: RDMA_QP_QUERY_RSP_WORDS is %0d, expected 4", wn_abi_pkg::RDMA_QP_QUERY_RSP_WORDS);
    if (wn_abi_pkg::RDMA_QP_QUERY_RSP_MIN_WORDS != 4) $fatal(1, "rdma_qp_query_rsp: RDMA_QP_QUERY_RSP_MIN_WORDS is %0d, expected 4", wn_abi_pkg::RDMA_QP_QUERY_RSP_MIN_WORDS);
    a5_rdma_qp_query_rsp = a5_bus;
    if (a5_rdma_qp_query_rsp.rsvd0_8 != '0) $fatal(1, "rdma_qp_query_rsp: reserved bits of word 0 from bit 8 are not where the vector has them");
    if (a5_rdma_qp_query_rsp.state !== 8'h03) $fatal(1, "rdma_qp_query_rsp.state: struct field is %h, expected %h", a5_rdma_qp_query_rsp.state, 8'h03);
    if (a5_bus[wn_abi_pkg::RDMA_QP_QUERY_RSP_STATE_LSB +: wn_abi_pkg::RDMA_QP_QUERY_RSP_STATE_W] !== 8'h03) $fatal(1, "rdma_qp_query_rsp.state: the position constants select other bits");
    if (a5_rdma_qp_query_rsp.error !== 32'h0102_0106) $fatal(1, "rdma_qp_query_rsp.error: struct field is %h, expected %h", a5_rdma_qp_query_rsp.error, 32'h0102_0106);
    if (a5_bus[wn_abi_pkg::RDMA_QP_QUERY_RSP_ERROR_LSB +: wn_abi_pkg::RDMA_QP_QUERY_RSP_ERROR_W] !== 32'h0102_0106) $fatal(1, "rdma_qp_query_rsp.error: the position constants select other bits");
    if (a5_rdma_qp_query_rsp.rq_ci !== 16'h1234) $fatal(1, "rdma_qp_query_rsp.rq_ci: struct field is %h, expected %h", a5_rdma_qp_query_rsp.rq_ci, 16'h1234);
    if (a5_bus[wn_abi_pkg::RDMA_QP_QUERY_RSP_RQ_CI_LSB +: wn_abi_pkg::RDMA_QP_QUERY_RSP_RQ_CI_W] !== 16'h1234) $fatal(1, "rdma_qp_query_rsp.rq_ci: the position constants select other bits");
    if (a5_rdma_qp_query_rsp.rq_pi !== 16'h1240) $fatal(1, "rdma_qp_query_rsp.rq_pi: struct field is %h, expected %h", a5_rdma_qp_query_rsp.rq_pi, 16'h1240);
    if (a5_bus[wn_abi_pkg::RDMA_QP_QUERY_RSP_RQ_PI_LSB +: wn_abi_pkg::RDMA_QP_QUERY_RSP_RQ_PI_W] !== 16'h1240) $fatal(1, "rdma_qp_query_rsp.rq_pi: the position constants select other bits");
    if (a5_rdma_qp_query_rsp.rx_msgs !== 32'h0000_abcd) $fatal(1, "rdma_qp_query_rsp.rx_msgs: struct field is %h, expected %h", a5_rdma_qp_query_rsp.rx_msgs, 32'h0000_abcd);
    if (a5_bus[wn_abi_pkg::RDMA_QP_QUERY_RSP_RX_MSGS_LSB +: wn_abi_pkg::RDMA_QP_QUERY_RSP_RX_MSGS_W] !== 32'h0000_abcd) $fatal(1, "rdma_qp_query_rsp.rx_msgs: the position constants select other bits");

    // fw_version_rsp (warpnic (mailbox))
    a6_bus = 128'h0000021122334455deadbeef00010000;
    if (wn_abi_pkg::FW_VERSION_RSP_WORDS != 4) $fatal(1, "fw_version_rsp: FW_VERSION_RSP_WORDS is %0d, expected 4", wn_abi_pkg::FW_VERSION_RSP_WORDS);
    if (wn_abi_pkg::FW_VERSION_RSP_MIN_WORDS != 4) $fatal(1, "fw_version_rsp: FW_VERSION_RSP_MIN_WORDS is %0d, expected 4", wn_abi_pkg::FW_VERSION_RSP_MIN_WORDS);
    a6_fw_version_rsp = a6_bus;
    if (a6_fw_version_rsp.rsvd3_16 != '0) $fatal(1, "fw_version_rsp: reserved bits of word 3 from bit 16 are not where the vector has them");
    if (a6_fw_version_rsp.version !== 32'h0001_0000) $fatal(1, "fw_version_rsp.version: struct field is %h, expected %h", a6_fw_version_rsp.version, 32'h0001_0000);
    if (a6_bus[wn_abi_pkg::FW_VERSION_RSP_VERSION_LSB +: wn_abi_pkg::FW_VERSION_RSP_VERSION_W] !== 32'h0001_0000) $fatal(1, "fw_version_rsp.version: the position constants select other bits");
    if (a6_fw_version_rsp.build_id !== 32'hdead_beef) $fatal(1, "fw_version_rsp.build_id: struct field is %h, expected %h", a6_fw_version_rsp.build_id, 32'hdead_beef);
    if (a6_bus[wn_abi_pkg::FW_VERSION_RSP_BUILD_ID_LSB +: wn_abi_pkg::FW_VERSION_RSP_BUILD_ID_W] !== 32'hdead_beef) $fatal(1, "fw_version_rsp.build_id: the position constants select other bits");
    if (a6_fw_version_rsp.mac !== 48'h0211_2233_4455) $fatal(1, "fw_version_rsp.mac: struct field is %h, expected %h", a6_fw_version_rsp.mac, 48'h0211_2233_4455);
    if (a6_bus[wn_abi_pkg::FW_VERSION_RSP_MAC_LSB +: wn_abi_pkg::FW_VERSION_RSP_MAC_W] !== 48'h0211_2233_4455) $fatal(1, "fw_version_rsp.mac: the position constants select other bits");

    // fw_mac (warpnic (mailbox))
    a7_bus = 64'h00000a0b0c0d0e0f;
    if (wn_abi_pkg::FW_MAC_WORDS != 2) $fatal(1, "fw_mac: FW_MAC_WORDS is %0d, expected 2", wn_abi_pkg::FW_MAC_WORDS);
    if (wn_abi_pkg::FW_MAC_MIN_WORDS != 2) $fatal(1, "fw_mac: FW_MAC_MIN_WORDS is %0d, expected 2", wn_abi_pkg::FW_MAC_MIN_WORDS);
    a7_fw_mac = a7_bus;
    if (a7_fw_mac.rsvd1_16 != '0) $fatal(1, "fw_mac: reserved bits of word 1 from bit 16 are not where the vector has them");
    if (a7_fw_mac.mac !== 48'h0a0b_0c0d_0e0f) $fatal(1, "fw_mac.mac: struct field is %h, expected %h", a7_fw_mac.mac, 48'h0a0b_0c0d_0e0f);
    if (a7_bus[wn_abi_pkg::FW_MAC_MAC_LSB +: wn_abi_pkg::FW_MAC_MAC_W] !== 48'h0a0b_0c0d_0e0f) $fatal(1, "fw_mac.mac: the position constants select other bits");

    // fw_ipv4 (warpnic (mailbox))
    a8_bus = 96'hc00002fe00000018c0000201;
    if (wn_abi_pkg::FW_IPV4_WORDS != 3) $fatal(1, "fw_ipv4: FW_IPV4_WORDS is %0d, expected 3", wn_abi_pkg::FW_IPV4_WORDS);
    if (wn_abi_pkg::FW_IPV4_MIN_WORDS != 2) $fatal(1, "fw_ipv4: FW_IPV4_MIN_WORDS is %0d, expected 2", wn_abi_pkg::FW_IPV4_MIN_WORDS);
    a8_fw_ipv4 = a8_bus;
    if (a8_fw_ipv4.rsvd1_8 != '0) $fatal(1, "fw_ipv4: reserved bits of word 1 from bit 8 are not where the vector has them");
    if (a8_fw_ipv4.addr !== 32'hc000_0201) $fatal(1, "fw_ipv4.addr: struct field is %h, expected %h", a8_fw_ipv4.addr, 32'hc000_0201);
    if (a8_bus[wn_abi_pkg::FW_IPV4_ADDR_LSB +: wn_abi_pkg::FW_IPV4_ADDR_W] !== 32'hc000_0201) $fatal(1, "fw_ipv4.addr: the position constants select other bits");
    if (a8_fw_ipv4.prefix_len !== 8'h18) $fatal(1, "fw_ipv4.prefix_len: struct field is %h, expected %h", a8_fw_ipv4.prefix_len, 8'h18);
    if (a8_bus[wn_abi_pkg::FW_IPV4_PREFIX_LEN_LSB +: wn_abi_pkg::FW_IPV4_PREFIX_LEN_W] !== 8'h18) $fatal(1, "fw_ipv4.prefix_len: the position constants select other bits");
    if (a8_fw_ipv4.gateway !== 32'hc000_02fe) $fatal(1, "fw_ipv4.gateway: struct field is %h, expected %h", a8_fw_ipv4.gateway, 32'hc000_02fe);
    if (a8_bus[wn_abi_pkg::FW_IPV4_GATEWAY_LSB +: wn_abi_pkg::FW_IPV4_GATEWAY_W] !== 32'hc000_02fe) $fatal(1, "fw_ipv4.gateway: the position constants select other bits");

    // fw_arp_resolve_args (warpnic (mailbox))
    a9_bus = 32'hc0000207;
    if (wn_abi_pkg::FW_ARP_RESOLVE_ARGS_WORDS != 1) $fatal(1, "fw_arp_resolve_args: FW_ARP_RESOLVE_ARGS_WORDS is %0d, expected 1", wn_abi_pkg::FW_ARP_RESOLVE_ARGS_WORDS);
    if (wn_abi_pkg::FW_ARP_RESOLVE_ARGS_MIN_WORDS != 1) $fatal(1, "fw_arp_resolve_args: FW_ARP_RESOLVE_ARGS_MIN_WORDS is %0d, expected 1", wn_abi_pkg::FW_ARP_RESOLVE_ARGS_MIN_WORDS);
    a9_fw_arp_resolve_args = a9_bus;
    if (a9_fw_arp_resolve_args.addr !== 32'hc000_0207) $fatal(1, "fw_arp_resolve_args.addr: struct field is %h, expected %h", a9_fw_arp_resolve_args.addr, 32'hc000_0207);
    if (a9_bus[wn_abi_pkg::FW_ARP_RESOLVE_ARGS_ADDR_LSB +: wn_abi_pkg::FW_ARP_RESOLVE_ARGS_ADDR_W] !== 32'hc000_0207) $fatal(1, "fw_arp_resolve_args.addr: the position constants select other bits");

    // fw_arp_resolve_rsp (warpnic (mailbox))
    a10_bus = 128'h000002005e100001c00002fe00000000;
    if (wn_abi_pkg::FW_ARP_RESOLVE_RSP_WORDS != 4) $fatal(1, "fw_arp_resolve_rsp: FW_ARP_RESOLVE_RSP_WORDS is %0d, expected 4", wn_abi_pkg::FW_ARP_RESOLVE_RSP_WORDS);
    if (wn_abi_pkg::FW_ARP_RESOLVE_RSP_MIN_WORDS != 4) $fatal(1, "fw_arp_resolve_rsp: FW_ARP_RESOLVE_RSP_MIN_WORDS is %0d, expected 4", wn_abi_pkg::FW_ARP_RESOLVE_RSP_MIN_WORDS);
    a10_fw_arp_resolve_rsp = a10_bus;
    if (a10_fw_arp_resolve_rsp.rsvd3_16 != '0) $fatal(1, "fw_arp_resolve_rsp: reserved bits of word 3 from bit 16 are not where the vector has them");
    if (a10_fw_arp_resolve_rsp.rsvd0_8 != '0) $fatal(1, "fw_arp_resolve_rsp: reserved bits of word 0 from bit 8 are not where the vector has them");
    if (a10_fw_arp_resolve_rsp.state !== 8'h00) $fatal(1, "fw_arp_resolve_rsp.state: struct field is %h, expected %h", a10_fw_arp_resolve_rsp.state, 8'h00);
    if (a10_bus[wn_abi_pkg::FW_ARP_RESOLVE_RSP_STATE_LSB +: wn_abi_pkg::FW_ARP_RESOLVE_RSP_STATE_W] !== 8'h00) $fatal(1, "fw_arp_resolve_rsp.state: the position constants select other bits");
    if (a10_fw_arp_resolve_rsp.next_hop !== 32'hc000_02fe) $fatal(1, "fw_arp_resolve_rsp.next_hop: struct field is %h, expected %h", a10_fw_arp_resolve_rsp.next_hop, 32'hc000_02fe);
    if (a10_bus[wn_abi_pkg::FW_ARP_RESOLVE_RSP_NEXT_HOP_LSB +: wn_abi_pkg::FW_ARP_RESOLVE_RSP_NEXT_HOP_W] !== 32'hc000_02fe) $fatal(1, "fw_arp_resolve_rsp.next_hop: the position constants select other bits");
    if (a10_fw_arp_resolve_rsp.mac !== 48'h0200_5e10_0001) $fatal(1, "fw_arp_resolve_rsp.mac: struct field is %h, expected %h", a10_fw_arp_resolve_rsp.mac, 48'h0200_5e10_0001);
    if (a10_bus[wn_abi_pkg::FW_ARP_RESOLVE_RSP_MAC_LSB +: wn_abi_pkg::FW_ARP_RESOLVE_RSP_MAC_W] !== 48'h0200_5e10_0001) $fatal(1, "fw_arp_resolve_rsp.mac: the position constants select other bits");

    // fw_tcp_timing (warpnic (mailbox))
    a11_bus = 160'h01c9c38000000f060393870000030d40000f4240;
    if (wn_abi_pkg::FW_TCP_TIMING_WORDS != 5) $fatal(1, "fw_tcp_timing: FW_TCP_TIMING_WORDS is %0d, expected 5", wn_abi_pkg::FW_TCP_TIMING_WORDS);
    if (wn_abi_pkg::FW_TCP_TIMING_MIN_WORDS != 5) $fatal(1, "fw_tcp_timing: FW_TCP_TIMING_MIN_WORDS is %0d, expected 5", wn_abi_pkg::FW_TCP_TIMING_MIN_WORDS);
    a11_fw_tcp_timing = a11_bus;
    if (a11_fw_tcp_timing.rsvd3_16 != '0) $fatal(1, "fw_tcp_timing: reserved bits of word 3 from bit 16 are not where the vector has them");
    if (a11_fw_tcp_timing.rto_init !== 32'h000f_4240) $fatal(1, "fw_tcp_timing.rto_init: struct field is %h, expected %h", a11_fw_tcp_timing.rto_init, 32'h000f_4240);
    if (a11_bus[wn_abi_pkg::FW_TCP_TIMING_RTO_INIT_LSB +: wn_abi_pkg::FW_TCP_TIMING_RTO_INIT_W] !== 32'h000f_4240) $fatal(1, "fw_tcp_timing.rto_init: the position constants select other bits");
    if (a11_fw_tcp_timing.rto_min !== 32'h0003_0d40) $fatal(1, "fw_tcp_timing.rto_min: struct field is %h, expected %h", a11_fw_tcp_timing.rto_min, 32'h0003_0d40);
    if (a11_bus[wn_abi_pkg::FW_TCP_TIMING_RTO_MIN_LSB +: wn_abi_pkg::FW_TCP_TIMING_RTO_MIN_W] !== 32'h0003_0d40) $fatal(1, "fw_tcp_timing.rto_min: the position constants select other bits");
    if (a11_fw_tcp_timing.rto_max !== 32'h0393_8700) $fatal(1, "fw_tcp_timing.rto_max: struct field is %h, expected %h", a11_fw_tcp_timing.rto_max, 32'h0393_8700);
    if (a11_bus[wn_abi_pkg::FW_TCP_TIMING_RTO_MAX_LSB +: wn_abi_pkg::FW_TCP_TIMING_RTO_MAX_W] !== 32'h0393_8700) $fatal(1, "fw_tcp_timing.rto_max: the position constants select other bits");
    if (a11_fw_tcp_timing.syn_retries !== 8'h06) $fatal(1, "fw_tcp_timing.syn_retries: struct field is %h, expected %h", a11_fw_tcp_timing.syn_retries, 8'h06);
    if (a11_bus[wn_abi_pkg::FW_TCP_TIMING_SYN_RETRIES_LSB +: wn_abi_pkg::FW_TCP_TIMING_SYN_RETRIES_W] !== 8'h06) $fatal(1, "fw_tcp_timing.syn_retries: the position constants select other bits");
    if (a11_fw_tcp_timing.data_retries !== 8'h0f) $fatal(1, "fw_tcp_timing.data_retries: struct field is %h, expected %h", a11_fw_tcp_timing.data_retries, 8'h0f);
    if (a11_bus[wn_abi_pkg::FW_TCP_TIMING_DATA_RETRIES_LSB +: wn_abi_pkg::FW_TCP_TIMING_DATA_RETRIES_W] !== 8'h0f) $fatal(1, "fw_tcp_timing.data_retries: the position constants select other bits");
    if (a11_fw_tcp_timing.time_wait !== 32'h01c9_c380) $fatal(1, "fw_tcp_timing.time_wait: struct field is %h, expected %h", a11_fw_tcp_timing.time_wait, 32'h01c9_c380);
    if (a11_bus[wn_abi_pkg::FW_TCP_TIMING_TIME_WAIT_LSB +: wn_abi_pkg::FW_TCP_TIMING_TIME_WAIT_W] !== 32'h01c9_c380) $fatal(1, "fw_tcp_timing.time_wait: the position constants select other bits");

    // fw_tcp_config_args (warpnic (mailbox))
    a12_bus = 288'h8899aabbccddeeff0011223344556677000003e800000903001e8480000186a00007a120;
    if (wn_abi_pkg::FW_TCP_CONFIG_ARGS_WORDS != 9) $fatal(1, "fw_tcp_config_args: FW_TCP_CONFIG_ARGS_WORDS is %0d, expected 9", wn_abi_pkg::FW_TCP_CONFIG_ARGS_WORDS);
    if (wn_abi_pkg::FW_TCP_CONFIG_ARGS_MIN_WORDS != 5) $fatal(1, "fw_tcp_config_args: FW_TCP_CONFIG_ARGS_MIN_WORDS is %0d, expected 5", wn_abi_pkg::FW_TCP_CONFIG_ARGS_MIN_WORDS);
    a12_fw_tcp_config_args = a12_bus;
    if (a12_fw_tcp_config_args.rsvd3_16 != '0) $fatal(1, "fw_tcp_config_args: reserved bits of word 3 from bit 16 are not where the vector has them");
    if (a12_fw_tcp_config_args.rto_init !== 32'h0007_a120) $fatal(1, "fw_tcp_config_args.rto_init: struct field is %h, expected %h", a12_fw_tcp_config_args.rto_init, 32'h0007_a120);
    if (a12_bus[wn_abi_pkg::FW_TCP_CONFIG_ARGS_RTO_INIT_LSB +: wn_abi_pkg::FW_TCP_CONFIG_ARGS_RTO_INIT_W] !== 32'h0007_a120) $fatal(1, "fw_tcp_config_args.rto_init: the position constants select other bits");
    if (a12_fw_tcp_config_args.rto_min !== 32'h0001_86a0) $fatal(1, "fw_tcp_config_args.rto_min: struct field is %h, expected %h", a12_fw_tcp_config_args.rto_min, 32'h0001_86a0);
    if (a12_bus[wn_abi_pkg::FW_TCP_CONFIG_ARGS_RTO_MIN_LSB +: wn_abi_pkg::FW_TCP_CONFIG_ARGS_RTO_MIN_W] !== 32'h0001_86a0) $fatal(1, "fw_tcp_config_args.rto_min: the position constants select other bits");
    if (a12_fw_tcp_config_args.rto_max !== 32'h001e_8480) $fatal(1, "fw_tcp_config_args.rto_max: struct field is %h, expected %h", a12_fw_tcp_config_args.rto_max, 32'h001e_8480);
    if (a12_bus[wn_abi_pkg::FW_TCP_CONFIG_ARGS_RTO_MAX_LSB +: wn_abi_pkg::FW_TCP_CONFIG_ARGS_RTO_MAX_W] !== 32'h001e_8480) $fatal(1, "fw_tcp_config_args.rto_max: the position constants select other bits");
    if (a12_fw_tcp_config_args.syn_retries !== 8'h03) $fatal(1, "fw_tcp_config_args.syn_retries: struct field is %h, expected %h", a12_fw_tcp_config_args.syn_retries, 8'h03);
    if (a12_bus[wn_abi_pkg::FW_TCP_CONFIG_ARGS_SYN_RETRIES_LSB +: wn_abi_pkg::FW_TCP_CONFIG_ARGS_SYN_RETRIES_W] !== 8'h03) $fatal(1, "fw_tcp_config_args.syn_retries: the position constants select other bits");
    if (a12_fw_tcp_config_args.data_retries !== 8'h09) $fatal(1, "fw_tcp_config_args.data_retries: struct field is %h, expected %h", a12_fw_tcp_config_args.data_retries, 8'h09);
    if (a12_bus[wn_abi_pkg::FW_TCP_CONFIG_ARGS_DATA_RETRIES_LSB +: wn_abi_pkg::FW_TCP_CONFIG_ARGS_DATA_RETRIES_W] !== 8'h09) $fatal(1, "fw_tcp_config_args.data_retries: the position constants select other bits");
    if (a12_fw_tcp_config_args.time_wait !== 32'h0000_03e8) $fatal(1, "fw_tcp_config_args.time_wait: struct field is %h, expected %h", a12_fw_tcp_config_args.time_wait, 32'h0000_03e8);
    if (a12_bus[wn_abi_pkg::FW_TCP_CONFIG_ARGS_TIME_WAIT_LSB +: wn_abi_pkg::FW_TCP_CONFIG_ARGS_TIME_WAIT_W] !== 32'h0000_03e8) $fatal(1, "fw_tcp_config_args.time_wait: the position constants select other bits");
    if (a12_fw_tcp_config_args.isn_key_lo !== 64'h0011_2233_4455_6677) $fatal(1, "fw_tcp_config_args.isn_key_lo: struct field is %h, expected %h", a12_fw_tcp_config_args.isn_key_lo, 64'h0011_2233_4455_6677);
    if (a12_bus[wn_abi_pkg::FW_TCP_CONFIG_ARGS_ISN_KEY_LO_LSB +: wn_abi_pkg::FW_TCP_CONFIG_ARGS_ISN_KEY_LO_W] !== 64'h0011_2233_4455_6677) $fatal(1, "fw_tcp_config_args.isn_key_lo: the position constants select other bits");
    if (a12_fw_tcp_config_args.isn_key_hi !== 64'h8899_aabb_ccdd_eeff) $fatal(1, "fw_tcp_config_args.isn_key_hi: struct field is %h, expected %h", a12_fw_tcp_config_args.isn_key_hi, 64'h8899_aabb_ccdd_eeff);
    if (a12_bus[wn_abi_pkg::FW_TCP_CONFIG_ARGS_ISN_KEY_HI_LSB +: wn_abi_pkg::FW_TCP_CONFIG_ARGS_ISN_KEY_HI_W] !== 64'h8899_aabb_ccdd_eeff) $fatal(1, "fw_tcp_config_args.isn_key_hi: the position constants select other bits");

    // fw_tcp_listen_args (warpnic (mailbox))
    a13_bus = 64'h0004000000101388;
    if (wn_abi_pkg::FW_TCP_LISTEN_ARGS_WORDS != 2) $fatal(1, "fw_tcp_listen_args: FW_TCP_LISTEN_ARGS_WORDS is %0d, expected 2", wn_abi_pkg::FW_TCP_LISTEN_ARGS_WORDS);
    if (wn_abi_pkg::FW_TCP_LISTEN_ARGS_MIN_WORDS != 2) $fatal(1, "fw_tcp_listen_args: FW_TCP_LISTEN_ARGS_MIN_WORDS is %0d, expected 2", wn_abi_pkg::FW_TCP_LISTEN_ARGS_MIN_WORDS);
    a13_fw_tcp_listen_args = a13_bus;
    if (a13_fw_tcp_listen_args.port !== 16'h1388) $fatal(1, "fw_tcp_listen_args.port: struct field is %h, expected %h", a13_fw_tcp_listen_args.port, 16'h1388);
    if (a13_bus[wn_abi_pkg::FW_TCP_LISTEN_ARGS_PORT_LSB +: wn_abi_pkg::FW_TCP_LISTEN_ARGS_PORT_W] !== 16'h1388) $fatal(1, "fw_tcp_listen_args.port: the position constants select other bits");
    if (a13_fw_tcp_listen_args.backlog !== 16'h0010) $fatal(1, "fw_tcp_listen_args.backlog: struct field is %h, expected %h", a13_fw_tcp_listen_args.backlog, 16'h0010);
    if (a13_bus[wn_abi_pkg::FW_TCP_LISTEN_ARGS_BACKLOG_LSB +: wn_abi_pkg::FW_TCP_LISTEN_ARGS_BACKLOG_W] !== 16'h0010) $fatal(1, "fw_tcp_listen_args.backlog: the position constants select other bits");
    if (a13_fw_tcp_listen_args.rcv_wnd !== 32'h0004_0000) $fatal(1, "fw_tcp_listen_args.rcv_wnd: struct field is %h, expected %h", a13_fw_tcp_listen_args.rcv_wnd, 32'h0004_0000);
    if (a13_bus[wn_abi_pkg::FW_TCP_LISTEN_ARGS_RCV_WND_LSB +: wn_abi_pkg::FW_TCP_LISTEN_ARGS_RCV_WND_W] !== 32'h0004_0000) $fatal(1, "fw_tcp_listen_args.rcv_wnd: the position constants select other bits");

    // fw_tcp_listen_rsp (warpnic (mailbox))
    a14_bus = 64'h0000000300000002;
    if (wn_abi_pkg::FW_TCP_LISTEN_RSP_WORDS != 2) $fatal(1, "fw_tcp_listen_rsp: FW_TCP_LISTEN_RSP_WORDS is %0d, expected 2", wn_abi_pkg::FW_TCP_LISTEN_RSP_WORDS);
    if (wn_abi_pkg::FW_TCP_LISTEN_RSP_MIN_WORDS != 1) $fatal(1, "fw_tcp_listen_rsp: FW_TCP_LISTEN_RSP_MIN_WORDS is %0d, expected 1", wn_abi_pkg::FW_TCP_LISTEN_RSP_MIN_WORDS);
    a14_fw_tcp_listen_rsp = a14_bus;
    if (a14_fw_tcp_listen_rsp.rsvd1_16 != '0) $fatal(1, "fw_tcp_listen_rsp: reserved bits of word 1 from bit 16 are not where the vector has them");
    if (a14_fw_tcp_listen_rsp.rsvd0_8 != '0) $fatal(1, "fw_tcp_listen_rsp: reserved bits of word 0 from bit 8 are not where the vector has them");
    if (a14_fw_tcp_listen_rsp.result !== 8'h02) $fatal(1, "fw_tcp_listen_rsp.result: struct field is %h, expected %h", a14_fw_tcp_listen_rsp.result, 8'h02);
    if (a14_bus[wn_abi_pkg::FW_TCP_LISTEN_RSP_RESULT_LSB +: wn_abi_pkg::FW_TCP_LISTEN_RSP_RESULT_W] !== 8'h02) $fatal(1, "fw_tcp_listen_rsp.result: the position constants select other bits");
    if (a14_fw_tcp_listen_rsp.listener !== 16'h0003) $fatal(1, "fw_tcp_listen_rsp.listener: struct field is %h, expected %h", a14_fw_tcp_listen_rsp.listener, 16'h0003);
    if (a14_bus[wn_abi_pkg::FW_TCP_LISTEN_RSP_LISTENER_LSB +: wn_abi_pkg::FW_TCP_LISTEN_RSP_LISTENER_W] !== 16'h0003) $fatal(1, "fw_tcp_listen_rsp.listener: the position constants select other bits");

    // fw_tcp_listener (warpnic (mailbox))
    a15_bus = 32'h0000000b;
    if (wn_abi_pkg::FW_TCP_LISTENER_WORDS != 1) $fatal(1, "fw_tcp_listener: FW_TCP_LISTENER_WORDS is %0d, expected 1", wn_abi_pkg::FW_TCP_LISTENER_WORDS);
    if (wn_abi_pkg::FW_TCP_LISTENER_MIN_WORDS != 1) $fatal(1, "fw_tcp_listener: FW_TCP_LISTENER_MIN_WORDS is %0d, expected 1", wn_abi_pkg::FW_TCP_LISTENER_MIN_WORDS);
    a15_fw_tcp_listener = a15_bus;
    if (a15_fw_tcp_listener.rsvd0_16 != '0) $fatal(1, "fw_tcp_listener: reserved bits of word 0 from bit 16 are not where the vector has them");
    if (a15_fw_tcp_listener.listener !== 16'h000b) $fatal(1, "fw_tcp_listener.listener: struct field is %h, expected %h", a15_fw_tcp_listener.listener, 16'h000b);
    if (a15_bus[wn_abi_pkg::FW_TCP_LISTENER_LISTENER_LSB +: wn_abi_pkg::FW_TCP_LISTENER_LISTENER_W] !== 16'h000b) $fatal(1, "fw_tcp_listener.listener: the position constants select other bits");

    // fw_tcp_unlisten_rsp (warpnic (mailbox))
    a16_bus = 64'h000000050000000c;
    if (wn_abi_pkg::FW_TCP_UNLISTEN_RSP_WORDS != 2) $fatal(1, "fw_tcp_unlisten_rsp: FW_TCP_UNLISTEN_RSP_WORDS is %0d, expected 2", wn_abi_pkg::FW_TCP_UNLISTEN_RSP_WORDS);
    if (wn_abi_pkg::FW_TCP_UNLISTEN_RSP_MIN_WORDS != 1) $fatal(1, "fw_tcp_unlisten_rsp: FW_TCP_UNLISTEN_RSP_MIN_WORDS is %0d, expected 1", wn_abi_pkg::FW_TCP_UNLISTEN_RSP_MIN_WORDS);
    a16_fw_tcp_unlisten_rsp = a16_bus;
    if (a16_fw_tcp_unlisten_rsp.rsvd0_8 != '0) $fatal(1, "fw_tcp_unlisten_rsp: reserved bits of word 0 from bit 8 are not where the vector has them");
    if (a16_fw_tcp_unlisten_rsp.result !== 8'h0c) $fatal(1, "fw_tcp_unlisten_rsp.result: struct field is %h, expected %h", a16_fw_tcp_unlisten_rsp.result, 8'h0c);
    if (a16_bus[wn_abi_pkg::FW_TCP_UNLISTEN_RSP_RESULT_LSB +: wn_abi_pkg::FW_TCP_UNLISTEN_RSP_RESULT_W] !== 8'h0c) $fatal(1, "fw_tcp_unlisten_rsp.result: the position constants select other bits");
    if (a16_fw_tcp_unlisten_rsp.dropped !== 32'h0000_0005) $fatal(1, "fw_tcp_unlisten_rsp.dropped: struct field is %h, expected %h", a16_fw_tcp_unlisten_rsp.dropped, 32'h0000_0005);
    if (a16_bus[wn_abi_pkg::FW_TCP_UNLISTEN_RSP_DROPPED_LSB +: wn_abi_pkg::FW_TCP_UNLISTEN_RSP_DROPPED_W] !== 32'h0000_0005) $fatal(1, "fw_tcp_unlisten_rsp.dropped: the position constants select other bits");

    // fw_tcp_connect_args (warpnic (mailbox))
    a17_bus = 128'h00040000000003090fa00050c0a8010a;
    if (wn_abi_pkg::FW_TCP_CONNECT_ARGS_WORDS != 4) $fatal(1, "fw_tcp_connect_args: FW_TCP_CONNECT_ARGS_WORDS is %0d, expected 4", wn_abi_pkg::FW_TCP_CONNECT_ARGS_WORDS);
    if (wn_abi_pkg::FW_TCP_CONNECT_ARGS_MIN_WORDS != 4) $fatal(1, "fw_tcp_connect_args: FW_TCP_CONNECT_ARGS_MIN_WORDS is %0d, expected 4", wn_abi_pkg::FW_TCP_CONNECT_ARGS_MIN_WORDS);
    a17_fw_tcp_connect_args = a17_bus;
    if (a17_fw_tcp_connect_args.rsvd2_16 != '0) $fatal(1, "fw_tcp_connect_args: reserved bits of word 2 from bit 16 are not where the vector has them");
    if (a17_fw_tcp_connect_args.peer_ip !== 32'hc0a8_010a) $fatal(1, "fw_tcp_connect_args.peer_ip: struct field is %h, expected %h", a17_fw_tcp_connect_args.peer_ip, 32'hc0a8_010a);
    if (a17_bus[wn_abi_pkg::FW_TCP_CONNECT_ARGS_PEER_IP_LSB +: wn_abi_pkg::FW_TCP_CONNECT_ARGS_PEER_IP_W] !== 32'hc0a8_010a) $fatal(1, "fw_tcp_connect_args.peer_ip: the position constants select other bits");
    if (a17_fw_tcp_connect_args.peer_port !== 16'h0050) $fatal(1, "fw_tcp_connect_args.peer_port: struct field is %h, expected %h", a17_fw_tcp_connect_args.peer_port, 16'h0050);
    if (a17_bus[wn_abi_pkg::FW_TCP_CONNECT_ARGS_PEER_PORT_LSB +: wn_abi_pkg::FW_TCP_CONNECT_ARGS_PEER_PORT_W] !== 16'h0050) $fatal(1, "fw_tcp_connect_args.peer_port: the position constants select other bits");
    if (a17_fw_tcp_connect_args.local_port !== 16'h0fa0) $fatal(1, "fw_tcp_connect_args.local_port: struct field is %h, expected %h", a17_fw_tcp_connect_args.local_port, 16'h0fa0);
    if (a17_bus[wn_abi_pkg::FW_TCP_CONNECT_ARGS_LOCAL_PORT_LSB +: wn_abi_pkg::FW_TCP_CONNECT_ARGS_LOCAL_PORT_W] !== 16'h0fa0) $fatal(1, "fw_tcp_connect_args.local_port: the position constants select other bits");
    if (a17_fw_tcp_connect_args.tcp_opt !== 8'h09) $fatal(1, "fw_tcp_connect_args.tcp_opt: struct field is %h, expected %h", a17_fw_tcp_connect_args.tcp_opt, 8'h09);
    if (a17_bus[wn_abi_pkg::FW_TCP_CONNECT_ARGS_TCP_OPT_LSB +: wn_abi_pkg::FW_TCP_CONNECT_ARGS_TCP_OPT_W] !== 8'h09) $fatal(1, "fw_tcp_connect_args.tcp_opt: the position constants select other bits");
    if (a17_fw_tcp_connect_args.rcv_wscale !== 8'h03) $fatal(1, "fw_tcp_connect_args.rcv_wscale: struct field is %h, expected %h", a17_fw_tcp_connect_args.rcv_wscale, 8'h03);
    if (a17_bus[wn_abi_pkg::FW_TCP_CONNECT_ARGS_RCV_WSCALE_LSB +: wn_abi_pkg::FW_TCP_CONNECT_ARGS_RCV_WSCALE_W] !== 8'h03) $fatal(1, "fw_tcp_connect_args.rcv_wscale: the position constants select other bits");
    if (a17_fw_tcp_connect_args.rcv_wnd !== 32'h0004_0000) $fatal(1, "fw_tcp_connect_args.rcv_wnd: struct field is %h, expected %h", a17_fw_tcp_connect_args.rcv_wnd, 32'h0004_0000);
    if (a17_bus[wn_abi_pkg::FW_TCP_CONNECT_ARGS_RCV_WND_LSB +: wn_abi_pkg::FW_TCP_CONNECT_ARGS_RCV_WND_W] !== 32'h0004_0000) $fatal(1, "fw_tcp_connect_args.rcv_wnd: the position constants select other bits");

    // fw_tcp_connect_rsp (warpnic (mailbox))
    a18_bus = 96'h0000c0000000080100000004;
    if (wn_abi_pkg::FW_TCP_CONNECT_RSP_WORDS != 3) $fatal(1, "fw_tcp_connect_rsp: FW_TCP_CONNECT_RSP_WORDS is %0d, expected 3", wn_abi_pkg::FW_TCP_CONNECT_RSP_WORDS);
    if (wn_abi_pkg::FW_TCP_CONNECT_RSP_MIN_WORDS != 1) $fatal(1, "fw_tcp_connect_rsp: FW_TCP_CONNECT_RSP_MIN_WORDS is %0d, expected 1", wn_abi_pkg::FW_TCP_CONNECT_RSP_MIN_WORDS);
    a18_fw_tcp_connect_rsp = a18_bus;
    if (a18_fw_tcp_connect_rsp.rsvd2_16 != '0) $fatal(1, "fw_tcp_connect_rsp: reserved bits of word 2 from bit 16 are not where the vector has them");
    if (a18_fw_tcp_connect_rsp.rsvd1_16 != '0) $fatal(1, "fw_tcp_connect_rsp: reserved bits of word 1 from bit 16 are not where the vector has them");
    if (a18_fw_tcp_connect_rsp.rsvd0_8 != '0) $fatal(1, "fw_tcp_connect_rsp: reserved bits of word 0 from bit 8 are not where the vector has them");
    if (a18_fw_tcp_connect_rsp.result !== 8'h04) $fatal(1, "fw_tcp_connect_rsp.result: struct field is %h, expected %h", a18_fw_tcp_connect_rsp.result, 8'h04);
    if (a18_bus[wn_abi_pkg::FW_TCP_CONNECT_RSP_RESULT_LSB +: wn_abi_pkg::FW_TCP_CONNECT_RSP_RESULT_W] !== 8'h04) $fatal(1, "fw_tcp_connect_rsp.result: the position constants select other bits");
    if (a18_fw_tcp_connect_rsp.ep !== 16'h0801) $fatal(1, "fw_tcp_connect_rsp.ep: struct field is %h, expected %h", a18_fw_tcp_connect_rsp.ep, 16'h0801);
    if (a18_bus[wn_abi_pkg::FW_TCP_CONNECT_RSP_EP_LSB +: wn_abi_pkg::FW_TCP_CONNECT_RSP_EP_W] !== 16'h0801) $fatal(1, "fw_tcp_connect_rsp.ep: the position constants select other bits");
    if (a18_fw_tcp_connect_rsp.local_port !== 16'hc000) $fatal(1, "fw_tcp_connect_rsp.local_port: struct field is %h, expected %h", a18_fw_tcp_connect_rsp.local_port, 16'hc000);
    if (a18_bus[wn_abi_pkg::FW_TCP_CONNECT_RSP_LOCAL_PORT_LSB +: wn_abi_pkg::FW_TCP_CONNECT_RSP_LOCAL_PORT_W] !== 16'hc000) $fatal(1, "fw_tcp_connect_rsp.local_port: the position constants select other bits");

    // fw_tcp_endpoint (warpnic (mailbox))
    a19_bus = 32'h00001803;
    if (wn_abi_pkg::FW_TCP_ENDPOINT_WORDS != 1) $fatal(1, "fw_tcp_endpoint: FW_TCP_ENDPOINT_WORDS is %0d, expected 1", wn_abi_pkg::FW_TCP_ENDPOINT_WORDS);
    if (wn_abi_pkg::FW_TCP_ENDPOINT_MIN_WORDS != 1) $fatal(1, "fw_tcp_endpoint: FW_TCP_ENDPOINT_MIN_WORDS is %0d, expected 1", wn_abi_pkg::FW_TCP_ENDPOINT_MIN_WORDS);
    a19_fw_tcp_endpoint = a19_bus;
    if (a19_fw_tcp_endpoint.rsvd0_16 != '0) $fatal(1, "fw_tcp_endpoint: reserved bits of word 0 from bit 16 are not where the vector has them");
    if (a19_fw_tcp_endpoint.ep !== 16'h1803) $fatal(1, "fw_tcp_endpoint.ep: struct field is %h, expected %h", a19_fw_tcp_endpoint.ep, 16'h1803);
    if (a19_bus[wn_abi_pkg::FW_TCP_ENDPOINT_EP_LSB +: wn_abi_pkg::FW_TCP_ENDPOINT_EP_W] !== 16'h1803) $fatal(1, "fw_tcp_endpoint.ep: the position constants select other bits");

    // fw_tcp_result (warpnic (mailbox))
    a20_bus = 32'h00000009;
    if (wn_abi_pkg::FW_TCP_RESULT_WORDS != 1) $fatal(1, "fw_tcp_result: FW_TCP_RESULT_WORDS is %0d, expected 1", wn_abi_pkg::FW_TCP_RESULT_WORDS);
    if (wn_abi_pkg::FW_TCP_RESULT_MIN_WORDS != 1) $fatal(1, "fw_tcp_result: FW_TCP_RESULT_MIN_WORDS is %0d, expected 1", wn_abi_pkg::FW_TCP_RESULT_MIN_WORDS);
    a20_fw_tcp_result = a20_bus;
    if (a20_fw_tcp_result.rsvd0_8 != '0) $fatal(1, "fw_tcp_result: reserved bits of word 0 from bit 8 are not where the vector has them");
    if (a20_fw_tcp_result.result !== 8'h09) $fatal(1, "fw_tcp_result.result: struct field is %h, expected %h", a20_fw_tcp_result.result, 8'h09);
    if (a20_bus[wn_abi_pkg::FW_TCP_RESULT_RESULT_LSB +: wn_abi_pkg::FW_TCP_RESULT_RESULT_W] !== 8'h09) $fatal(1, "fw_tcp_result.result: the position constants select other bits");

    // fw_tcp_event_rsp (warpnic (mailbox))
    a21_bus = 288'h00000002370105b45566778811223344c0011388c0a80102c0a801010000002108420102;
    if (wn_abi_pkg::FW_TCP_EVENT_RSP_WORDS != 9) $fatal(1, "fw_tcp_event_rsp: FW_TCP_EVENT_RSP_WORDS is %0d, expected 9", wn_abi_pkg::FW_TCP_EVENT_RSP_WORDS);
    if (wn_abi_pkg::FW_TCP_EVENT_RSP_MIN_WORDS != 1) $fatal(1, "fw_tcp_event_rsp: FW_TCP_EVENT_RSP_MIN_WORDS is %0d, expected 1", wn_abi_pkg::FW_TCP_EVENT_RSP_MIN_WORDS);
    a21_fw_tcp_event_rsp = a21_bus;
    if (a21_fw_tcp_event_rsp.kind !== 8'h02) $fatal(1, "fw_tcp_event_rsp.kind: struct field is %h, expected %h", a21_fw_tcp_event_rsp.kind, 8'h02);
    if (a21_bus[wn_abi_pkg::FW_TCP_EVENT_RSP_KIND_LSB +: wn_abi_pkg::FW_TCP_EVENT_RSP_KIND_W] !== 8'h02) $fatal(1, "fw_tcp_event_rsp.kind: the position constants select other bits");
    if (a21_fw_tcp_event_rsp.cause !== 8'h01) $fatal(1, "fw_tcp_event_rsp.cause: struct field is %h, expected %h", a21_fw_tcp_event_rsp.cause, 8'h01);
    if (a21_bus[wn_abi_pkg::FW_TCP_EVENT_RSP_CAUSE_LSB +: wn_abi_pkg::FW_TCP_EVENT_RSP_CAUSE_W] !== 8'h01) $fatal(1, "fw_tcp_event_rsp.cause: the position constants select other bits");
    if (a21_fw_tcp_event_rsp.ep !== 16'h0842) $fatal(1, "fw_tcp_event_rsp.ep: struct field is %h, expected %h", a21_fw_tcp_event_rsp.ep, 16'h0842);
    if (a21_bus[wn_abi_pkg::FW_TCP_EVENT_RSP_EP_LSB +: wn_abi_pkg::FW_TCP_EVENT_RSP_EP_W] !== 16'h0842) $fatal(1, "fw_tcp_event_rsp.ep: the position constants select other bits");
    if (a21_fw_tcp_event_rsp.tid !== 32'h0000_0021) $fatal(1, "fw_tcp_event_rsp.tid: struct field is %h, expected %h", a21_fw_tcp_event_rsp.tid, 32'h0000_0021);
    if (a21_bus[wn_abi_pkg::FW_TCP_EVENT_RSP_TID_LSB +: wn_abi_pkg::FW_TCP_EVENT_RSP_TID_W] !== 32'h0000_0021) $fatal(1, "fw_tcp_event_rsp.tid: the position constants select other bits");
    if (a21_fw_tcp_event_rsp.local_ip !== 32'hc0a8_0101) $fatal(1, "fw_tcp_event_rsp.local_ip: struct field is %h, expected %h", a21_fw_tcp_event_rsp.local_ip, 32'hc0a8_0101);
    if (a21_bus[wn_abi_pkg::FW_TCP_EVENT_RSP_LOCAL_IP_LSB +: wn_abi_pkg::FW_TCP_EVENT_RSP_LOCAL_IP_W] !== 32'hc0a8_0101) $fatal(1, "fw_tcp_event_rsp.local_ip: the position constants select other bits");
    if (a21_fw_tcp_event_rsp.peer_ip !== 32'hc0a8_0102) $fatal(1, "fw_tcp_event_rsp.peer_ip: struct field is %h, expected %h", a21_fw_tcp_event_rsp.peer_ip, 32'hc0a8_0102);
    if (a21_bus[wn_abi_pkg::FW_TCP_EVENT_RSP_PEER_IP_LSB +: wn_abi_pkg::FW_TCP_EVENT_RSP_PEER_IP_W] !== 32'hc0a8_0102) $fatal(1, "fw_tcp_event_rsp.peer_ip: the position constants select other bits");
    if (a21_fw_tcp_event_rsp.local_port !== 16'h1388) $fatal(1, "fw_tcp_event_rsp.local_port: struct field is %h, expected %h", a21_fw_tcp_event_rsp.local_port, 16'h1388);
    if (a21_bus[wn_abi_pkg::FW_TCP_EVENT_RSP_LOCAL_PORT_LSB +: wn_abi_pkg::FW_TCP_EVENT_RSP_LOCAL_PORT_W] !== 16'h1388) $fatal(1, "fw_tcp_event_rsp.local_port: the position constants select other bits");
    if (a21_fw_tcp_event_rsp.peer_port !== 16'hc001) $fatal(1, "fw_tcp_event_rsp.peer_port: struct field is %h, expected %h", a21_fw_tcp_event_rsp.peer_port, 16'hc001);
    if (a21_bus[wn_abi_pkg::FW_TCP_EVENT_RSP_PEER_PORT_LSB +: wn_abi_pkg::FW_TCP_EVENT_RSP_PEER_PORT_W] !== 16'hc001) $fatal(1, "fw_tcp_event_rsp.peer_port: the position constants select other bits");
    if (a21_fw_tcp_event_rsp.snd_isn !== 32'h1122_3344) $fatal(1, "fw_tcp_event_rsp.snd_isn: struct field is %h, expected %h", a21_fw_tcp_event_rsp.snd_isn, 32'h1122_3344);
    if (a21_bus[wn_abi_pkg::FW_TCP_EVENT_RSP_SND_ISN_LSB +: wn_abi_pkg::FW_TCP_EVENT_RSP_SND_ISN_W] !== 32'h1122_3344) $fatal(1, "fw_tcp_event_rsp.snd_isn: the position constants select other bits");
    if (a21_fw_tcp_event_rsp.rcv_isn !== 32'h5566_7788) $fatal(1, "fw_tcp_event_rsp.rcv_isn: struct field is %h, expected %h", a21_fw_tcp_event_rsp.rcv_isn, 32'h5566_7788);
    if (a21_bus[wn_abi_pkg::FW_TCP_EVENT_RSP_RCV_ISN_LSB +: wn_abi_pkg::FW_TCP_EVENT_RSP_RCV_ISN_W] !== 32'h5566_7788) $fatal(1, "fw_tcp_event_rsp.rcv_isn: the position constants select other bits");
    if (a21_fw_tcp_event_rsp.mss !== 16'h05b4) $fatal(1, "fw_tcp_event_rsp.mss: struct field is %h, expected %h", a21_fw_tcp_event_rsp.mss, 16'h05b4);
    if (a21_bus[wn_abi_pkg::FW_TCP_EVENT_RSP_MSS_LSB +: wn_abi_pkg::FW_TCP_EVENT_RSP_MSS_W] !== 16'h05b4) $fatal(1, "fw_tcp_event_rsp.mss: the position constants select other bits");
    if (a21_fw_tcp_event_rsp.tcp_opt !== 8'h01) $fatal(1, "fw_tcp_event_rsp.tcp_opt: struct field is %h, expected %h", a21_fw_tcp_event_rsp.tcp_opt, 8'h01);
    if (a21_bus[wn_abi_pkg::FW_TCP_EVENT_RSP_TCP_OPT_LSB +: wn_abi_pkg::FW_TCP_EVENT_RSP_TCP_OPT_W] !== 8'h01) $fatal(1, "fw_tcp_event_rsp.tcp_opt: the position constants select other bits");
    if (a21_fw_tcp_event_rsp.snd_wscale !== 4'h7) $fatal(1, "fw_tcp_event_rsp.snd_wscale: struct field is %h, expected %h", a21_fw_tcp_event_rsp.snd_wscale, 4'h7);
    if (a21_bus[wn_abi_pkg::FW_TCP_EVENT_RSP_SND_WSCALE_LSB +: wn_abi_pkg::FW_TCP_EVENT_RSP_SND_WSCALE_W] !== 4'h7) $fatal(1, "fw_tcp_event_rsp.snd_wscale: the position constants select other bits");
    if (a21_fw_tcp_event_rsp.rcv_wscale !== 4'h3) $fatal(1, "fw_tcp_event_rsp.rcv_wscale: struct field is %h, expected %h", a21_fw_tcp_event_rsp.rcv_wscale, 4'h3);
    if (a21_bus[wn_abi_pkg::FW_TCP_EVENT_RSP_RCV_WSCALE_LSB +: wn_abi_pkg::FW_TCP_EVENT_RSP_RCV_WSCALE_W] !== 4'h3) $fatal(1, "fw_tcp_event_rsp.rcv_wscale: the position constants select other bits");
    if (a21_fw_tcp_event_rsp.listener !== 32'h0000_0002) $fatal(1, "fw_tcp_event_rsp.listener: struct field is %h, expected %h", a21_fw_tcp_event_rsp.listener, 32'h0000_0002);
    if (a21_bus[wn_abi_pkg::FW_TCP_EVENT_RSP_LISTENER_LSB +: wn_abi_pkg::FW_TCP_EVENT_RSP_LISTENER_W] !== 32'h0000_0002) $fatal(1, "fw_tcp_event_rsp.listener: the position constants select other bits");

    // fw_tcp_tcb_args (warpnic (mailbox))
    a22_bus = 192'h00ffff00ffff000001020304050607080000000400000803;
    if (wn_abi_pkg::FW_TCP_TCB_ARGS_WORDS != 6) $fatal(1, "fw_tcp_tcb_args: FW_TCP_TCB_ARGS_WORDS is %0d, expected 6", wn_abi_pkg::FW_TCP_TCB_ARGS_WORDS);
    if (wn_abi_pkg::FW_TCP_TCB_ARGS_MIN_WORDS != 6) $fatal(1, "fw_tcp_tcb_args: FW_TCP_TCB_ARGS_MIN_WORDS is %0d, expected 6", wn_abi_pkg::FW_TCP_TCB_ARGS_MIN_WORDS);
    a22_fw_tcp_tcb_args = a22_bus;
    if (a22_fw_tcp_tcb_args.rsvd1_8 != '0) $fatal(1, "fw_tcp_tcb_args: reserved bits of word 1 from bit 8 are not where the vector has them");
    if (a22_fw_tcp_tcb_args.rsvd0_16 != '0) $fatal(1, "fw_tcp_tcb_args: reserved bits of word 0 from bit 16 are not where the vector has them");
    if (a22_fw_tcp_tcb_args.ep !== 16'h0803) $fatal(1, "fw_tcp_tcb_args.ep: struct field is %h, expected %h", a22_fw_tcp_tcb_args.ep, 16'h0803);
    if (a22_bus[wn_abi_pkg::FW_TCP_TCB_ARGS_EP_LSB +: wn_abi_pkg::FW_TCP_TCB_ARGS_EP_W] !== 16'h0803) $fatal(1, "fw_tcp_tcb_args.ep: the position constants select other bits");
    if (a22_fw_tcp_tcb_args.field !== 8'h04) $fatal(1, "fw_tcp_tcb_args.field: struct field is %h, expected %h", a22_fw_tcp_tcb_args.field, 8'h04);
    if (a22_bus[wn_abi_pkg::FW_TCP_TCB_ARGS_FIELD_LSB +: wn_abi_pkg::FW_TCP_TCB_ARGS_FIELD_W] !== 8'h04) $fatal(1, "fw_tcp_tcb_args.field: the position constants select other bits");
    if (a22_fw_tcp_tcb_args.value !== 64'h0102_0304_0506_0708) $fatal(1, "fw_tcp_tcb_args.value: struct field is %h, expected %h", a22_fw_tcp_tcb_args.value, 64'h0102_0304_0506_0708);
    if (a22_bus[wn_abi_pkg::FW_TCP_TCB_ARGS_VALUE_LSB +: wn_abi_pkg::FW_TCP_TCB_ARGS_VALUE_W] !== 64'h0102_0304_0506_0708) $fatal(1, "fw_tcp_tcb_args.value: the position constants select other bits");
    if (a22_fw_tcp_tcb_args.mask !== 64'h00ff_ff00_ffff_0000) $fatal(1, "fw_tcp_tcb_args.mask: struct field is %h, expected %h", a22_fw_tcp_tcb_args.mask, 64'h00ff_ff00_ffff_0000);
    if (a22_bus[wn_abi_pkg::FW_TCP_TCB_ARGS_MASK_LSB +: wn_abi_pkg::FW_TCP_TCB_ARGS_MASK_W] !== 64'h00ff_ff00_ffff_0000) $fatal(1, "fw_tcp_tcb_args.mask: the position constants select other bits");

    // fw_tcp_tcb_rsp (warpnic (mailbox))
    a23_bus = 96'h000000ab0000cdef00000005;
    if (wn_abi_pkg::FW_TCP_TCB_RSP_WORDS != 3) $fatal(1, "fw_tcp_tcb_rsp: FW_TCP_TCB_RSP_WORDS is %0d, expected 3", wn_abi_pkg::FW_TCP_TCB_RSP_WORDS);
    if (wn_abi_pkg::FW_TCP_TCB_RSP_MIN_WORDS != 1) $fatal(1, "fw_tcp_tcb_rsp: FW_TCP_TCB_RSP_MIN_WORDS is %0d, expected 1", wn_abi_pkg::FW_TCP_TCB_RSP_MIN_WORDS);
    a23_fw_tcp_tcb_rsp = a23_bus;
    if (a23_fw_tcp_tcb_rsp.rsvd0_8 != '0) $fatal(1, "fw_tcp_tcb_rsp: reserved bits of word 0 from bit 8 are not where the vector has them");
    if (a23_fw_tcp_tcb_rsp.result !== 8'h05) $fatal(1, "fw_tcp_tcb_rsp.result: struct field is %h, expected %h", a23_fw_tcp_tcb_rsp.result, 8'h05);
    if (a23_bus[wn_abi_pkg::FW_TCP_TCB_RSP_RESULT_LSB +: wn_abi_pkg::FW_TCP_TCB_RSP_RESULT_W] !== 8'h05) $fatal(1, "fw_tcp_tcb_rsp.result: the position constants select other bits");
    if (a23_fw_tcp_tcb_rsp.value !== 64'h0000_00ab_0000_cdef) $fatal(1, "fw_tcp_tcb_rsp.value: struct field is %h, expected %h", a23_fw_tcp_tcb_rsp.value, 64'h0000_00ab_0000_cdef);
    if (a23_bus[wn_abi_pkg::FW_TCP_TCB_RSP_VALUE_LSB +: wn_abi_pkg::FW_TCP_TCB_RSP_VALUE_W] !== 64'h0000_00ab_0000_cdef) $fatal(1, "fw_tcp_tcb_rsp.value: the position constants select other bits");

    // rdma_status (warpnic (docs/iwarp.md))
    a24_bus = 32'h00000501;
    if (wn_abi_pkg::RDMA_STATUS_WORDS != 1) $fatal(1, "rdma_status: RDMA_STATUS_WORDS is %0d, expected 1", wn_abi_pkg::RDMA_STATUS_WORDS);
    if (wn_abi_pkg::RDMA_STATUS_MIN_WORDS != 1) $fatal(1, "rdma_status: RDMA_STATUS_MIN_WORDS is %0d, expected 1", wn_abi_pkg::RDMA_STATUS_MIN_WORDS);
    a24_rdma_status = a24_bus;
    if (a24_rdma_status.rsvd0_16 != '0) $fatal(1, "rdma_status: reserved bits of word 0 from bit 16 are not where the vector has them");
    if (a24_rdma_status.rsvd0_1 != '0) $fatal(1, "rdma_status: reserved bits of word 0 from bit 1 are not where the vector has them");
    if (a24_rdma_status.busy !== 1'h1) $fatal(1, "rdma_status.busy: struct field is %h, expected %h", a24_rdma_status.busy, 1'h1);
    if (a24_bus[wn_abi_pkg::RDMA_STATUS_BUSY_LSB +: wn_abi_pkg::RDMA_STATUS_BUSY_W] !== 1'h1) $fatal(1, "rdma_status.busy: the position constants select other bits");
    if (a24_rdma_status.status !== 8'h05) $fatal(1, "rdma_status.status: struct field is %h, expected %h", a24_rdma_status.status, 8'h05);
    if (a24_bus[wn_abi_pkg::RDMA_STATUS_STATUS_LSB +: wn_abi_pkg::RDMA_STATUS_STATUS_W] !== 8'h05) $fatal(1, "rdma_status.status: the position constants select other bits");

    // mbox_status (warpnic (mailbox))
    a25_bus = 32'h00000902;
    if (wn_abi_pkg::MBOX_STATUS_WORDS != 1) $fatal(1, "mbox_status: MBOX_STATUS_WORDS is %0d, expected 1", wn_abi_pkg::MBOX_STATUS_WORDS);
    if (wn_abi_pkg::MBOX_STATUS_MIN_WORDS != 1) $fatal(1, "mbox_status: MBOX_STATUS_MIN_WORDS is %0d, expected 1", wn_abi_pkg::MBOX_STATUS_MIN_WORDS);
    a25_mbox_status = a25_bus;
    if (a25_mbox_status.rsvd0_16 != '0) $fatal(1, "mbox_status: reserved bits of word 0 from bit 16 are not where the vector has them");
    if (a25_mbox_status.rsvd0_2 != '0) $fatal(1, "mbox_status: reserved bits of word 0 from bit 2 are not where the vector has them");
    if (a25_mbox_status.busy !== 1'h0) $fatal(1, "mbox_status.busy: struct field is %h, expected %h", a25_mbox_status.busy, 1'h0);
    if (a25_bus[wn_abi_pkg::MBOX_STATUS_BUSY_LSB +: wn_abi_pkg::MBOX_STATUS_BUSY_W] !== 1'h0) $fatal(1, "mbox_status.busy: the position constants select other bits");
    if (a25_mbox_status.rsp_valid !== 1'h1) $fatal(1, "mbox_status.rsp_valid: struct field is %h, expected %h", a25_mbox_status.rsp_valid, 1'h1);
    if (a25_bus[wn_abi_pkg::MBOX_STATUS_RSP_VALID_LSB +: wn_abi_pkg::MBOX_STATUS_RSP_VALID_W] !== 1'h1) $fatal(1, "mbox_status.rsp_valid: the position constants select other bits");
    if (a25_mbox_status.rsp_len !== 8'h09) $fatal(1, "mbox_status.rsp_len: struct field is %h, expected %h", a25_mbox_status.rsp_len, 8'h09);
    if (a25_bus[wn_abi_pkg::MBOX_STATUS_RSP_LEN_LSB +: wn_abi_pkg::MBOX_STATUS_RSP_LEN_W] !== 8'h09) $fatal(1, "mbox_status.rsp_len: the position constants select other bits");

    // dma_rd_req_t
    if ($bits(b0_req) != wn_abi_pkg::DMA_RD_REQ_W) $fatal(1, "dma_rd_req_t: %0d bits, DMA_RD_REQ_W is %0d", $bits(b0_req), wn_abi_pkg::DMA_RD_REQ_W);
    b0_req = '0;
    b0_req.req_valid = '1;
    if (b0_req !== 81'h100000000000000000000) $fatal(1, "dma_rd_req_t.req_valid: not at bits 80:80");
    b0_req = '0;
    b0_req.req_addr = '1;
    if (b0_req !== 81'h0ffffffffffffffff0000) $fatal(1, "dma_rd_req_t.req_addr: not at bits 79:16");
    b0_req = '0;
    b0_req.req_len = '1;
    if (b0_req !== 81'h00000000000000000ffff) $fatal(1, "dma_rd_req_t.req_len: not at bits 15:0");

    // dma_rd_rsp_t
    if ($bits(b0_rsp) != wn_abi_pkg::DMA_RD_RSP_W) $fatal(1, "dma_rd_rsp_t: %0d bits, DMA_RD_RSP_W is %0d", $bits(b0_rsp), wn_abi_pkg::DMA_RD_RSP_W);
    b0_rsp = '0;
    b0_rsp.rsp_valid = '1;
    if (b0_rsp !== 515'h400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000) $fatal(1, "dma_rd_rsp_t.rsp_valid: not at bits 514:514");
    b0_rsp = '0;
    b0_rsp.rsp_data = '1;
    if (b0_rsp !== 515'h3fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc) $fatal(1, "dma_rd_rsp_t.rsp_data: not at bits 513:2");
    b0_rsp = '0;
    b0_rsp.rsp_err = '1;
    if (b0_rsp !== 515'h000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000002) $fatal(1, "dma_rd_rsp_t.rsp_err: not at bits 1:1");
    b0_rsp = '0;
    b0_rsp.rsp_last = '1;
    if (b0_rsp !== 515'h000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001) $fatal(1, "dma_rd_rsp_t.rsp_last: not at bits 0:0");

    // dma_wr_req_t
    if ($bits(b1_req) != wn_abi_pkg::DMA_WR_REQ_W) $fatal(1, "dma_wr_req_t: %0d bits, DMA_WR_REQ_W is %0d", $bits(b1_req), wn_abi_pkg::DMA_WR_REQ_W);
    b1_req = '0;
    b1_req.wr_valid = '1;
    if (b1_req !== 594'h20000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000) $fatal(1, "dma_wr_req_t.wr_valid: not at bits 593:593");
    b1_req = '0;
    b1_req.wr_addr = '1;
    if (b1_req !== 594'h1fffffffffffffffe000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000) $fatal(1, "dma_wr_req_t.wr_addr: not at bits 592:529");
    b1_req = '0;
    b1_req.wr_len = '1;
    if (b1_req !== 594'h00000000000000001fffe00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000) $fatal(1, "dma_wr_req_t.wr_len: not at bits 528:513");
    b1_req = '0;
    b1_req.wr_data = '1;
    if (b1_req !== 594'h000000000000000000001fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe) $fatal(1, "dma_wr_req_t.wr_data: not at bits 512:1");
    b1_req = '0;
    b1_req.wr_last = '1;
    if (b1_req !== 594'h00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001) $fatal(1, "dma_wr_req_t.wr_last: not at bits 0:0");

    // dma_wr_done_t
    if ($bits(b1_done) != wn_abi_pkg::DMA_WR_DONE_W) $fatal(1, "dma_wr_done_t: %0d bits, DMA_WR_DONE_W is %0d", $bits(b1_done), wn_abi_pkg::DMA_WR_DONE_W);
    b1_done = '0;
    b1_done.done_valid = '1;
    if (b1_done !== 2'h2) $fatal(1, "dma_wr_done_t.done_valid: not at bits 1:1");
    b1_done = '0;
    b1_done.done_err = '1;
    if (b1_done !== 2'h1) $fatal(1, "dma_wr_done_t.done_err: not at bits 0:0");

    $display("wn_abi_golden_tb: 73 golden vectors passed");
    $finish;
  end

endmodule
