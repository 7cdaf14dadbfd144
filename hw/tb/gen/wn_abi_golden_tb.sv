// generated from abi/src/spec.rs by `cargo xtask gen`; do not edit
//
// wn_abi_golden_tb: checks wn_abi_pkg against the golden vectors of
// abi/src/golden.rs (the Rust types are checked against the same vectors
// by abi/tests/golden.rs). Every field is compared through the struct and
// through its position constants; headers also round-trip through
// <name>_pack. A mismatch stops the simulation with $fatal.
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
  wn_abi_pkg::fw_msg_hdr_t g4_fw_msg_hdr;
  logic [111:0] g5_bus;
  wn_abi_pkg::ethernet_hdr_t g5_ethernet_hdr;
  logic [111:0] g5_wvec;
  logic [223:0] g6_bus;
  wn_abi_pkg::arp_ipv4_t g6_arp_ipv4;
  logic [223:0] g6_wvec;
  logic [159:0] g7_bus;
  wn_abi_pkg::ipv4_hdr_t g7_ipv4_hdr;
  logic [159:0] g7_wvec;
  logic [159:0] g8_bus;
  wn_abi_pkg::tcp_hdr_t g8_tcp_hdr;
  logic [159:0] g8_wvec;
  logic [63:0] g9_bus;
  wn_abi_pkg::icmp_echo_t g9_icmp_echo;
  logic [63:0] g9_wvec;
  logic [159:0] g10_bus;
  wn_abi_pkg::mpa_req_rep_t g10_mpa_req_rep;
  logic [159:0] g10_wvec;
  logic [31:0] g11_bus;
  wn_abi_pkg::mpa_v2_ird_ord_t g11_mpa_v2_ird_ord;
  logic [31:0] g11_wvec;
  logic [15:0] g12_bus;
  wn_abi_pkg::mpa_fpdu_hdr_t g12_mpa_fpdu_hdr;
  logic [15:0] g12_wvec;
  logic [111:0] g13_bus;
  wn_abi_pkg::ddp_tagged_hdr_t g13_ddp_tagged_hdr;
  logic [111:0] g13_wvec;
  logic [143:0] g14_bus;
  wn_abi_pkg::ddp_untagged_hdr_t g14_ddp_untagged_hdr;
  logic [143:0] g14_wvec;
  logic [223:0] g15_bus;
  wn_abi_pkg::rdma_read_req_t g15_rdma_read_req;
  logic [223:0] g15_wvec;
  logic [31:0] g16_bus;
  wn_abi_pkg::rdmap_terminate_t g16_rdmap_terminate;
  logic [31:0] g16_wvec;
  logic [63:0] g17_bus;
  wn_abi_pkg::rdmap_immediate_t g17_rdmap_immediate;
  logic [63:0] g17_wvec;

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
    if (g2_cqe.rsvd0 !== 16'h5aa5) $fatal(1, "cqe.rsvd0: struct field is %h, expected %h", g2_cqe.rsvd0, 16'h5aa5);
    if (g2_bus[wn_abi_pkg::CQE_RSVD0_LSB +: wn_abi_pkg::CQE_RSVD0_W] !== 16'h5aa5) $fatal(1, "cqe.rsvd0: the position constants select other bits");
    if (g2_cqe.timestamp !== 32'h8765_4321) $fatal(1, "cqe.timestamp: struct field is %h, expected %h", g2_cqe.timestamp, 32'h8765_4321);
    if (g2_bus[wn_abi_pkg::CQE_TIMESTAMP_LSB +: wn_abi_pkg::CQE_TIMESTAMP_W] !== 32'h8765_4321) $fatal(1, "cqe.timestamp: the position constants select other bits");
    if (g2_cqe.rsvd1 !== 56'h77665544332211) $fatal(1, "cqe.rsvd1: struct field is %h, expected %h", g2_cqe.rsvd1, 56'h77665544332211);
    if (g2_bus[wn_abi_pkg::CQE_RSVD1_LSB +: wn_abi_pkg::CQE_RSVD1_W] !== 56'h77665544332211) $fatal(1, "cqe.rsvd1: the position constants select other bits");
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

    // fw_msg_hdr (warpnic)
    g4_bus = 32'h05007f01;
    if (wn_abi_pkg::FW_MSG_HDR_SIZE != 4) $fatal(1, "fw_msg_hdr: FW_MSG_HDR_SIZE is %0d, expected 4", wn_abi_pkg::FW_MSG_HDR_SIZE);
    g4_fw_msg_hdr = g4_bus;
    if (g4_fw_msg_hdr.opcode !== 8'h01) $fatal(1, "fw_msg_hdr.opcode: struct field is %h, expected %h", g4_fw_msg_hdr.opcode, 8'h01);
    if (g4_bus[wn_abi_pkg::FW_MSG_HDR_OPCODE_LSB +: wn_abi_pkg::FW_MSG_HDR_OPCODE_W] !== 8'h01) $fatal(1, "fw_msg_hdr.opcode: the position constants select other bits");
    if (g4_fw_msg_hdr.seq !== 8'h7f) $fatal(1, "fw_msg_hdr.seq: struct field is %h, expected %h", g4_fw_msg_hdr.seq, 8'h7f);
    if (g4_bus[wn_abi_pkg::FW_MSG_HDR_SEQ_LSB +: wn_abi_pkg::FW_MSG_HDR_SEQ_W] !== 8'h7f) $fatal(1, "fw_msg_hdr.seq: the position constants select other bits");
    if (g4_fw_msg_hdr.status !== 8'h00) $fatal(1, "fw_msg_hdr.status: struct field is %h, expected %h", g4_fw_msg_hdr.status, 8'h00);
    if (g4_bus[wn_abi_pkg::FW_MSG_HDR_STATUS_LSB +: wn_abi_pkg::FW_MSG_HDR_STATUS_W] !== 8'h00) $fatal(1, "fw_msg_hdr.status: the position constants select other bits");
    if (g4_fw_msg_hdr.len !== 8'h05) $fatal(1, "fw_msg_hdr.len: struct field is %h, expected %h", g4_fw_msg_hdr.len, 8'h05);
    if (g4_bus[wn_abi_pkg::FW_MSG_HDR_LEN_LSB +: wn_abi_pkg::FW_MSG_HDR_LEN_W] !== 8'h05) $fatal(1, "fw_msg_hdr.len: the position constants select other bits");

    // ethernet_hdr (IEEE 802.3)
    g5_bus = 112'h0008ccbbaa211b02563412005452;
    if (wn_abi_pkg::ETHERNET_HDR_SIZE != 14) $fatal(1, "ethernet_hdr: ETHERNET_HDR_SIZE is %0d, expected 14", wn_abi_pkg::ETHERNET_HDR_SIZE);
    g5_ethernet_hdr = wn_abi_pkg::ethernet_hdr_unpack(g5_bus);
    g5_wvec = g5_ethernet_hdr;
    if (g5_ethernet_hdr.dst !== 48'h525400123456) $fatal(1, "ethernet_hdr.dst: struct field is %h, expected %h", g5_ethernet_hdr.dst, 48'h525400123456);
    if (g5_wvec[(wn_abi_pkg::ETHERNET_HDR_SIZE - wn_abi_pkg::ETHERNET_HDR_DST_OFF - 6)*8 + wn_abi_pkg::ETHERNET_HDR_DST_SHIFT +: wn_abi_pkg::ETHERNET_HDR_DST_W] !== 48'h525400123456) $fatal(1, "ethernet_hdr.dst: the position constants select other bits");
    if (g5_ethernet_hdr.src !== 48'h021b21aabbcc) $fatal(1, "ethernet_hdr.src: struct field is %h, expected %h", g5_ethernet_hdr.src, 48'h021b21aabbcc);
    if (g5_wvec[(wn_abi_pkg::ETHERNET_HDR_SIZE - wn_abi_pkg::ETHERNET_HDR_SRC_OFF - 6)*8 + wn_abi_pkg::ETHERNET_HDR_SRC_SHIFT +: wn_abi_pkg::ETHERNET_HDR_SRC_W] !== 48'h021b21aabbcc) $fatal(1, "ethernet_hdr.src: the position constants select other bits");
    if (g5_ethernet_hdr.ether_type !== 16'h0800) $fatal(1, "ethernet_hdr.ether_type: struct field is %h, expected %h", g5_ethernet_hdr.ether_type, 16'h0800);
    if (g5_wvec[(wn_abi_pkg::ETHERNET_HDR_SIZE - wn_abi_pkg::ETHERNET_HDR_ETHER_TYPE_OFF - 2)*8 + wn_abi_pkg::ETHERNET_HDR_ETHER_TYPE_SHIFT +: wn_abi_pkg::ETHERNET_HDR_ETHER_TYPE_W] !== 16'h0800) $fatal(1, "ethernet_hdr.ether_type: the position constants select other bits");
    if (wn_abi_pkg::ethernet_hdr_pack(g5_ethernet_hdr) !== g5_bus) $fatal(1, "ethernet_hdr: pack does not restore the bytes");

    // arp_ipv4 (RFC 826)
    g6_bus = 224'h1401a8c05634120054520a01a8c0ccbbaa211b020200040600080100;
    if (wn_abi_pkg::ARP_IPV4_SIZE != 28) $fatal(1, "arp_ipv4: ARP_IPV4_SIZE is %0d, expected 28", wn_abi_pkg::ARP_IPV4_SIZE);
    g6_arp_ipv4 = wn_abi_pkg::arp_ipv4_unpack(g6_bus);
    g6_wvec = g6_arp_ipv4;
    if (g6_arp_ipv4.htype !== 16'h0001) $fatal(1, "arp_ipv4.htype: struct field is %h, expected %h", g6_arp_ipv4.htype, 16'h0001);
    if (g6_wvec[(wn_abi_pkg::ARP_IPV4_SIZE - wn_abi_pkg::ARP_IPV4_HTYPE_OFF - 2)*8 + wn_abi_pkg::ARP_IPV4_HTYPE_SHIFT +: wn_abi_pkg::ARP_IPV4_HTYPE_W] !== 16'h0001) $fatal(1, "arp_ipv4.htype: the position constants select other bits");
    if (g6_arp_ipv4.ptype !== 16'h0800) $fatal(1, "arp_ipv4.ptype: struct field is %h, expected %h", g6_arp_ipv4.ptype, 16'h0800);
    if (g6_wvec[(wn_abi_pkg::ARP_IPV4_SIZE - wn_abi_pkg::ARP_IPV4_PTYPE_OFF - 2)*8 + wn_abi_pkg::ARP_IPV4_PTYPE_SHIFT +: wn_abi_pkg::ARP_IPV4_PTYPE_W] !== 16'h0800) $fatal(1, "arp_ipv4.ptype: the position constants select other bits");
    if (g6_arp_ipv4.hlen !== 8'h06) $fatal(1, "arp_ipv4.hlen: struct field is %h, expected %h", g6_arp_ipv4.hlen, 8'h06);
    if (g6_wvec[(wn_abi_pkg::ARP_IPV4_SIZE - wn_abi_pkg::ARP_IPV4_HLEN_OFF - 1)*8 + wn_abi_pkg::ARP_IPV4_HLEN_SHIFT +: wn_abi_pkg::ARP_IPV4_HLEN_W] !== 8'h06) $fatal(1, "arp_ipv4.hlen: the position constants select other bits");
    if (g6_arp_ipv4.plen !== 8'h04) $fatal(1, "arp_ipv4.plen: struct field is %h, expected %h", g6_arp_ipv4.plen, 8'h04);
    if (g6_wvec[(wn_abi_pkg::ARP_IPV4_SIZE - wn_abi_pkg::ARP_IPV4_PLEN_OFF - 1)*8 + wn_abi_pkg::ARP_IPV4_PLEN_SHIFT +: wn_abi_pkg::ARP_IPV4_PLEN_W] !== 8'h04) $fatal(1, "arp_ipv4.plen: the position constants select other bits");
    if (g6_arp_ipv4.oper !== 16'h0002) $fatal(1, "arp_ipv4.oper: struct field is %h, expected %h", g6_arp_ipv4.oper, 16'h0002);
    if (g6_wvec[(wn_abi_pkg::ARP_IPV4_SIZE - wn_abi_pkg::ARP_IPV4_OPER_OFF - 2)*8 + wn_abi_pkg::ARP_IPV4_OPER_SHIFT +: wn_abi_pkg::ARP_IPV4_OPER_W] !== 16'h0002) $fatal(1, "arp_ipv4.oper: the position constants select other bits");
    if (g6_arp_ipv4.sha !== 48'h021b21aabbcc) $fatal(1, "arp_ipv4.sha: struct field is %h, expected %h", g6_arp_ipv4.sha, 48'h021b21aabbcc);
    if (g6_wvec[(wn_abi_pkg::ARP_IPV4_SIZE - wn_abi_pkg::ARP_IPV4_SHA_OFF - 6)*8 + wn_abi_pkg::ARP_IPV4_SHA_SHIFT +: wn_abi_pkg::ARP_IPV4_SHA_W] !== 48'h021b21aabbcc) $fatal(1, "arp_ipv4.sha: the position constants select other bits");
    if (g6_arp_ipv4.spa !== 32'hc0a8_010a) $fatal(1, "arp_ipv4.spa: struct field is %h, expected %h", g6_arp_ipv4.spa, 32'hc0a8_010a);
    if (g6_wvec[(wn_abi_pkg::ARP_IPV4_SIZE - wn_abi_pkg::ARP_IPV4_SPA_OFF - 4)*8 + wn_abi_pkg::ARP_IPV4_SPA_SHIFT +: wn_abi_pkg::ARP_IPV4_SPA_W] !== 32'hc0a8_010a) $fatal(1, "arp_ipv4.spa: the position constants select other bits");
    if (g6_arp_ipv4.tha !== 48'h525400123456) $fatal(1, "arp_ipv4.tha: struct field is %h, expected %h", g6_arp_ipv4.tha, 48'h525400123456);
    if (g6_wvec[(wn_abi_pkg::ARP_IPV4_SIZE - wn_abi_pkg::ARP_IPV4_THA_OFF - 6)*8 + wn_abi_pkg::ARP_IPV4_THA_SHIFT +: wn_abi_pkg::ARP_IPV4_THA_W] !== 48'h525400123456) $fatal(1, "arp_ipv4.tha: the position constants select other bits");
    if (g6_arp_ipv4.tpa !== 32'hc0a8_0114) $fatal(1, "arp_ipv4.tpa: struct field is %h, expected %h", g6_arp_ipv4.tpa, 32'hc0a8_0114);
    if (g6_wvec[(wn_abi_pkg::ARP_IPV4_SIZE - wn_abi_pkg::ARP_IPV4_TPA_OFF - 4)*8 + wn_abi_pkg::ARP_IPV4_TPA_SHIFT +: wn_abi_pkg::ARP_IPV4_TPA_W] !== 32'hc0a8_0114) $fatal(1, "arp_ipv4.tpa: the position constants select other bits");
    if (wn_abi_pkg::arp_ipv4_pack(g6_arp_ipv4) !== g6_bus) $fatal(1, "arp_ipv4: pack does not restore the bytes");

    // ipv4_hdr (RFC 791 §3.1)
    g7_bus = 160'h0100000a0a01a8c039710640b920461c5400b945;
    if (wn_abi_pkg::IPV4_HDR_SIZE != 20) $fatal(1, "ipv4_hdr: IPV4_HDR_SIZE is %0d, expected 20", wn_abi_pkg::IPV4_HDR_SIZE);
    g7_ipv4_hdr = wn_abi_pkg::ipv4_hdr_unpack(g7_bus);
    g7_wvec = g7_ipv4_hdr;
    if (g7_ipv4_hdr.version !== 4'h4) $fatal(1, "ipv4_hdr.version: struct field is %h, expected %h", g7_ipv4_hdr.version, 4'h4);
    if (g7_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_VERSION_OFF - 1)*8 + wn_abi_pkg::IPV4_HDR_VERSION_SHIFT +: wn_abi_pkg::IPV4_HDR_VERSION_W] !== 4'h4) $fatal(1, "ipv4_hdr.version: the position constants select other bits");
    if (g7_ipv4_hdr.ihl !== 4'h5) $fatal(1, "ipv4_hdr.ihl: struct field is %h, expected %h", g7_ipv4_hdr.ihl, 4'h5);
    if (g7_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_IHL_OFF - 1)*8 + wn_abi_pkg::IPV4_HDR_IHL_SHIFT +: wn_abi_pkg::IPV4_HDR_IHL_W] !== 4'h5) $fatal(1, "ipv4_hdr.ihl: the position constants select other bits");
    if (g7_ipv4_hdr.dscp !== 6'h2e) $fatal(1, "ipv4_hdr.dscp: struct field is %h, expected %h", g7_ipv4_hdr.dscp, 6'h2e);
    if (g7_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_DSCP_OFF - 1)*8 + wn_abi_pkg::IPV4_HDR_DSCP_SHIFT +: wn_abi_pkg::IPV4_HDR_DSCP_W] !== 6'h2e) $fatal(1, "ipv4_hdr.dscp: the position constants select other bits");
    if (g7_ipv4_hdr.ecn !== 2'h1) $fatal(1, "ipv4_hdr.ecn: struct field is %h, expected %h", g7_ipv4_hdr.ecn, 2'h1);
    if (g7_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_ECN_OFF - 1)*8 + wn_abi_pkg::IPV4_HDR_ECN_SHIFT +: wn_abi_pkg::IPV4_HDR_ECN_W] !== 2'h1) $fatal(1, "ipv4_hdr.ecn: the position constants select other bits");
    if (g7_ipv4_hdr.total_len !== 16'h0054) $fatal(1, "ipv4_hdr.total_len: struct field is %h, expected %h", g7_ipv4_hdr.total_len, 16'h0054);
    if (g7_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_TOTAL_LEN_OFF - 2)*8 + wn_abi_pkg::IPV4_HDR_TOTAL_LEN_SHIFT +: wn_abi_pkg::IPV4_HDR_TOTAL_LEN_W] !== 16'h0054) $fatal(1, "ipv4_hdr.total_len: the position constants select other bits");
    if (g7_ipv4_hdr.ident !== 16'h1c46) $fatal(1, "ipv4_hdr.ident: struct field is %h, expected %h", g7_ipv4_hdr.ident, 16'h1c46);
    if (g7_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_IDENT_OFF - 2)*8 + wn_abi_pkg::IPV4_HDR_IDENT_SHIFT +: wn_abi_pkg::IPV4_HDR_IDENT_W] !== 16'h1c46) $fatal(1, "ipv4_hdr.ident: the position constants select other bits");
    if (g7_ipv4_hdr.flags !== 3'h1) $fatal(1, "ipv4_hdr.flags: struct field is %h, expected %h", g7_ipv4_hdr.flags, 3'h1);
    if (g7_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_FLAGS_OFF - 2)*8 + wn_abi_pkg::IPV4_HDR_FLAGS_SHIFT +: wn_abi_pkg::IPV4_HDR_FLAGS_W] !== 3'h1) $fatal(1, "ipv4_hdr.flags: the position constants select other bits");
    if (g7_ipv4_hdr.frag_offset !== 13'h00b9) $fatal(1, "ipv4_hdr.frag_offset: struct field is %h, expected %h", g7_ipv4_hdr.frag_offset, 13'h00b9);
    if (g7_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_FRAG_OFFSET_OFF - 2)*8 + wn_abi_pkg::IPV4_HDR_FRAG_OFFSET_SHIFT +: wn_abi_pkg::IPV4_HDR_FRAG_OFFSET_W] !== 13'h00b9) $fatal(1, "ipv4_hdr.frag_offset: the position constants select other bits");
    if (g7_ipv4_hdr.ttl !== 8'h40) $fatal(1, "ipv4_hdr.ttl: struct field is %h, expected %h", g7_ipv4_hdr.ttl, 8'h40);
    if (g7_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_TTL_OFF - 1)*8 + wn_abi_pkg::IPV4_HDR_TTL_SHIFT +: wn_abi_pkg::IPV4_HDR_TTL_W] !== 8'h40) $fatal(1, "ipv4_hdr.ttl: the position constants select other bits");
    if (g7_ipv4_hdr.protocol !== 8'h06) $fatal(1, "ipv4_hdr.protocol: struct field is %h, expected %h", g7_ipv4_hdr.protocol, 8'h06);
    if (g7_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_PROTOCOL_OFF - 1)*8 + wn_abi_pkg::IPV4_HDR_PROTOCOL_SHIFT +: wn_abi_pkg::IPV4_HDR_PROTOCOL_W] !== 8'h06) $fatal(1, "ipv4_hdr.protocol: the position constants select other bits");
    if (g7_ipv4_hdr.checksum !== 16'h7139) $fatal(1, "ipv4_hdr.checksum: struct field is %h, expected %h", g7_ipv4_hdr.checksum, 16'h7139);
    if (g7_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_CHECKSUM_OFF - 2)*8 + wn_abi_pkg::IPV4_HDR_CHECKSUM_SHIFT +: wn_abi_pkg::IPV4_HDR_CHECKSUM_W] !== 16'h7139) $fatal(1, "ipv4_hdr.checksum: the position constants select other bits");
    if (g7_ipv4_hdr.src !== 32'hc0a8_010a) $fatal(1, "ipv4_hdr.src: struct field is %h, expected %h", g7_ipv4_hdr.src, 32'hc0a8_010a);
    if (g7_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_SRC_OFF - 4)*8 + wn_abi_pkg::IPV4_HDR_SRC_SHIFT +: wn_abi_pkg::IPV4_HDR_SRC_W] !== 32'hc0a8_010a) $fatal(1, "ipv4_hdr.src: the position constants select other bits");
    if (g7_ipv4_hdr.dst !== 32'h0a00_0001) $fatal(1, "ipv4_hdr.dst: struct field is %h, expected %h", g7_ipv4_hdr.dst, 32'h0a00_0001);
    if (g7_wvec[(wn_abi_pkg::IPV4_HDR_SIZE - wn_abi_pkg::IPV4_HDR_DST_OFF - 4)*8 + wn_abi_pkg::IPV4_HDR_DST_SHIFT +: wn_abi_pkg::IPV4_HDR_DST_W] !== 32'h0a00_0001) $fatal(1, "ipv4_hdr.dst: the position constants select other bits");
    if (wn_abi_pkg::ipv4_hdr_pack(g7_ipv4_hdr) !== g7_bus) $fatal(1, "ipv4_hdr: pack does not restore the bytes");

    // tcp_hdr (RFC 9293 §3.1)
    g8_bus = 160'h0201efbef0fa185278563412f0debc9a214e50c3;
    if (wn_abi_pkg::TCP_HDR_SIZE != 20) $fatal(1, "tcp_hdr: TCP_HDR_SIZE is %0d, expected 20", wn_abi_pkg::TCP_HDR_SIZE);
    g8_tcp_hdr = wn_abi_pkg::tcp_hdr_unpack(g8_bus);
    g8_wvec = g8_tcp_hdr;
    if (g8_tcp_hdr.src_port !== 16'hc350) $fatal(1, "tcp_hdr.src_port: struct field is %h, expected %h", g8_tcp_hdr.src_port, 16'hc350);
    if (g8_wvec[(wn_abi_pkg::TCP_HDR_SIZE - wn_abi_pkg::TCP_HDR_SRC_PORT_OFF - 2)*8 + wn_abi_pkg::TCP_HDR_SRC_PORT_SHIFT +: wn_abi_pkg::TCP_HDR_SRC_PORT_W] !== 16'hc350) $fatal(1, "tcp_hdr.src_port: the position constants select other bits");
    if (g8_tcp_hdr.dst_port !== 16'h4e21) $fatal(1, "tcp_hdr.dst_port: struct field is %h, expected %h", g8_tcp_hdr.dst_port, 16'h4e21);
    if (g8_wvec[(wn_abi_pkg::TCP_HDR_SIZE - wn_abi_pkg::TCP_HDR_DST_PORT_OFF - 2)*8 + wn_abi_pkg::TCP_HDR_DST_PORT_SHIFT +: wn_abi_pkg::TCP_HDR_DST_PORT_W] !== 16'h4e21) $fatal(1, "tcp_hdr.dst_port: the position constants select other bits");
    if (g8_tcp_hdr.seq !== 32'h9abc_def0) $fatal(1, "tcp_hdr.seq: struct field is %h, expected %h", g8_tcp_hdr.seq, 32'h9abc_def0);
    if (g8_wvec[(wn_abi_pkg::TCP_HDR_SIZE - wn_abi_pkg::TCP_HDR_SEQ_OFF - 4)*8 + wn_abi_pkg::TCP_HDR_SEQ_SHIFT +: wn_abi_pkg::TCP_HDR_SEQ_W] !== 32'h9abc_def0) $fatal(1, "tcp_hdr.seq: the position constants select other bits");
    if (g8_tcp_hdr.ack !== 32'h1234_5678) $fatal(1, "tcp_hdr.ack: struct field is %h, expected %h", g8_tcp_hdr.ack, 32'h1234_5678);
    if (g8_wvec[(wn_abi_pkg::TCP_HDR_SIZE - wn_abi_pkg::TCP_HDR_ACK_OFF - 4)*8 + wn_abi_pkg::TCP_HDR_ACK_SHIFT +: wn_abi_pkg::TCP_HDR_ACK_W] !== 32'h1234_5678) $fatal(1, "tcp_hdr.ack: the position constants select other bits");
    if (g8_tcp_hdr.data_offset !== 4'h5) $fatal(1, "tcp_hdr.data_offset: struct field is %h, expected %h", g8_tcp_hdr.data_offset, 4'h5);
    if (g8_wvec[(wn_abi_pkg::TCP_HDR_SIZE - wn_abi_pkg::TCP_HDR_DATA_OFFSET_OFF - 1)*8 + wn_abi_pkg::TCP_HDR_DATA_OFFSET_SHIFT +: wn_abi_pkg::TCP_HDR_DATA_OFFSET_W] !== 4'h5) $fatal(1, "tcp_hdr.data_offset: the position constants select other bits");
    if (g8_tcp_hdr.rsvd !== 4'h2) $fatal(1, "tcp_hdr.rsvd: struct field is %h, expected %h", g8_tcp_hdr.rsvd, 4'h2);
    if (g8_wvec[(wn_abi_pkg::TCP_HDR_SIZE - wn_abi_pkg::TCP_HDR_RSVD_OFF - 1)*8 + wn_abi_pkg::TCP_HDR_RSVD_SHIFT +: wn_abi_pkg::TCP_HDR_RSVD_W] !== 4'h2) $fatal(1, "tcp_hdr.rsvd: the position constants select other bits");
    if (g8_tcp_hdr.flags !== 8'h18) $fatal(1, "tcp_hdr.flags: struct field is %h, expected %h", g8_tcp_hdr.flags, 8'h18);
    if (g8_wvec[(wn_abi_pkg::TCP_HDR_SIZE - wn_abi_pkg::TCP_HDR_FLAGS_OFF - 1)*8 + wn_abi_pkg::TCP_HDR_FLAGS_SHIFT +: wn_abi_pkg::TCP_HDR_FLAGS_W] !== 8'h18) $fatal(1, "tcp_hdr.flags: the position constants select other bits");
    if (g8_tcp_hdr.window !== 16'hfaf0) $fatal(1, "tcp_hdr.window: struct field is %h, expected %h", g8_tcp_hdr.window, 16'hfaf0);
    if (g8_wvec[(wn_abi_pkg::TCP_HDR_SIZE - wn_abi_pkg::TCP_HDR_WINDOW_OFF - 2)*8 + wn_abi_pkg::TCP_HDR_WINDOW_SHIFT +: wn_abi_pkg::TCP_HDR_WINDOW_W] !== 16'hfaf0) $fatal(1, "tcp_hdr.window: the position constants select other bits");
    if (g8_tcp_hdr.checksum !== 16'hbeef) $fatal(1, "tcp_hdr.checksum: struct field is %h, expected %h", g8_tcp_hdr.checksum, 16'hbeef);
    if (g8_wvec[(wn_abi_pkg::TCP_HDR_SIZE - wn_abi_pkg::TCP_HDR_CHECKSUM_OFF - 2)*8 + wn_abi_pkg::TCP_HDR_CHECKSUM_SHIFT +: wn_abi_pkg::TCP_HDR_CHECKSUM_W] !== 16'hbeef) $fatal(1, "tcp_hdr.checksum: the position constants select other bits");
    if (g8_tcp_hdr.urgent !== 16'h0102) $fatal(1, "tcp_hdr.urgent: struct field is %h, expected %h", g8_tcp_hdr.urgent, 16'h0102);
    if (g8_wvec[(wn_abi_pkg::TCP_HDR_SIZE - wn_abi_pkg::TCP_HDR_URGENT_OFF - 2)*8 + wn_abi_pkg::TCP_HDR_URGENT_SHIFT +: wn_abi_pkg::TCP_HDR_URGENT_W] !== 16'h0102) $fatal(1, "tcp_hdr.urgent: the position constants select other bits");
    if (wn_abi_pkg::tcp_hdr_pack(g8_tcp_hdr) !== g8_bus) $fatal(1, "tcp_hdr: pack does not restore the bytes");

    // icmp_echo (RFC 792)
    g9_bus = 64'h0100341204210008;
    if (wn_abi_pkg::ICMP_ECHO_SIZE != 8) $fatal(1, "icmp_echo: ICMP_ECHO_SIZE is %0d, expected 8", wn_abi_pkg::ICMP_ECHO_SIZE);
    g9_icmp_echo = wn_abi_pkg::icmp_echo_unpack(g9_bus);
    g9_wvec = g9_icmp_echo;
    if (g9_icmp_echo.icmp_type !== 8'h08) $fatal(1, "icmp_echo.icmp_type: struct field is %h, expected %h", g9_icmp_echo.icmp_type, 8'h08);
    if (g9_wvec[(wn_abi_pkg::ICMP_ECHO_SIZE - wn_abi_pkg::ICMP_ECHO_ICMP_TYPE_OFF - 1)*8 + wn_abi_pkg::ICMP_ECHO_ICMP_TYPE_SHIFT +: wn_abi_pkg::ICMP_ECHO_ICMP_TYPE_W] !== 8'h08) $fatal(1, "icmp_echo.icmp_type: the position constants select other bits");
    if (g9_icmp_echo.code !== 8'h00) $fatal(1, "icmp_echo.code: struct field is %h, expected %h", g9_icmp_echo.code, 8'h00);
    if (g9_wvec[(wn_abi_pkg::ICMP_ECHO_SIZE - wn_abi_pkg::ICMP_ECHO_CODE_OFF - 1)*8 + wn_abi_pkg::ICMP_ECHO_CODE_SHIFT +: wn_abi_pkg::ICMP_ECHO_CODE_W] !== 8'h00) $fatal(1, "icmp_echo.code: the position constants select other bits");
    if (g9_icmp_echo.checksum !== 16'h2104) $fatal(1, "icmp_echo.checksum: struct field is %h, expected %h", g9_icmp_echo.checksum, 16'h2104);
    if (g9_wvec[(wn_abi_pkg::ICMP_ECHO_SIZE - wn_abi_pkg::ICMP_ECHO_CHECKSUM_OFF - 2)*8 + wn_abi_pkg::ICMP_ECHO_CHECKSUM_SHIFT +: wn_abi_pkg::ICMP_ECHO_CHECKSUM_W] !== 16'h2104) $fatal(1, "icmp_echo.checksum: the position constants select other bits");
    if (g9_icmp_echo.ident !== 16'h1234) $fatal(1, "icmp_echo.ident: struct field is %h, expected %h", g9_icmp_echo.ident, 16'h1234);
    if (g9_wvec[(wn_abi_pkg::ICMP_ECHO_SIZE - wn_abi_pkg::ICMP_ECHO_IDENT_OFF - 2)*8 + wn_abi_pkg::ICMP_ECHO_IDENT_SHIFT +: wn_abi_pkg::ICMP_ECHO_IDENT_W] !== 16'h1234) $fatal(1, "icmp_echo.ident: the position constants select other bits");
    if (g9_icmp_echo.seq !== 16'h0001) $fatal(1, "icmp_echo.seq: struct field is %h, expected %h", g9_icmp_echo.seq, 16'h0001);
    if (g9_wvec[(wn_abi_pkg::ICMP_ECHO_SIZE - wn_abi_pkg::ICMP_ECHO_SEQ_OFF - 2)*8 + wn_abi_pkg::ICMP_ECHO_SEQ_SHIFT +: wn_abi_pkg::ICMP_ECHO_SEQ_W] !== 16'h0001) $fatal(1, "icmp_echo.seq: the position constants select other bits");
    if (wn_abi_pkg::icmp_echo_pack(g9_icmp_echo) !== g9_bus) $fatal(1, "icmp_echo: pack does not restore the bytes");

    // mpa_req_rep (RFC 5044 §7.1, RFC 6581 §2)
    g10_bus = 160'h04000250656d617246207165522044492041504d;
    if (wn_abi_pkg::MPA_REQ_REP_SIZE != 20) $fatal(1, "mpa_req_rep: MPA_REQ_REP_SIZE is %0d, expected 20", wn_abi_pkg::MPA_REQ_REP_SIZE);
    g10_mpa_req_rep = wn_abi_pkg::mpa_req_rep_unpack(g10_bus);
    g10_wvec = g10_mpa_req_rep;
    if (g10_mpa_req_rep.key !== 128'h4d504120494420526571204672616d65) $fatal(1, "mpa_req_rep.key: struct field is %h, expected %h", g10_mpa_req_rep.key, 128'h4d504120494420526571204672616d65);
    if (g10_wvec[(wn_abi_pkg::MPA_REQ_REP_SIZE - wn_abi_pkg::MPA_REQ_REP_KEY_OFF - 16)*8 + wn_abi_pkg::MPA_REQ_REP_KEY_SHIFT +: wn_abi_pkg::MPA_REQ_REP_KEY_W] !== 128'h4d504120494420526571204672616d65) $fatal(1, "mpa_req_rep.key: the position constants select other bits");
    if (g10_mpa_req_rep.flags !== 8'h50) $fatal(1, "mpa_req_rep.flags: struct field is %h, expected %h", g10_mpa_req_rep.flags, 8'h50);
    if (g10_wvec[(wn_abi_pkg::MPA_REQ_REP_SIZE - wn_abi_pkg::MPA_REQ_REP_FLAGS_OFF - 1)*8 + wn_abi_pkg::MPA_REQ_REP_FLAGS_SHIFT +: wn_abi_pkg::MPA_REQ_REP_FLAGS_W] !== 8'h50) $fatal(1, "mpa_req_rep.flags: the position constants select other bits");
    if (g10_mpa_req_rep.revision !== 8'h02) $fatal(1, "mpa_req_rep.revision: struct field is %h, expected %h", g10_mpa_req_rep.revision, 8'h02);
    if (g10_wvec[(wn_abi_pkg::MPA_REQ_REP_SIZE - wn_abi_pkg::MPA_REQ_REP_REVISION_OFF - 1)*8 + wn_abi_pkg::MPA_REQ_REP_REVISION_SHIFT +: wn_abi_pkg::MPA_REQ_REP_REVISION_W] !== 8'h02) $fatal(1, "mpa_req_rep.revision: the position constants select other bits");
    if (g10_mpa_req_rep.pd_length !== 16'h0004) $fatal(1, "mpa_req_rep.pd_length: struct field is %h, expected %h", g10_mpa_req_rep.pd_length, 16'h0004);
    if (g10_wvec[(wn_abi_pkg::MPA_REQ_REP_SIZE - wn_abi_pkg::MPA_REQ_REP_PD_LENGTH_OFF - 2)*8 + wn_abi_pkg::MPA_REQ_REP_PD_LENGTH_SHIFT +: wn_abi_pkg::MPA_REQ_REP_PD_LENGTH_W] !== 16'h0004) $fatal(1, "mpa_req_rep.pd_length: the position constants select other bits");
    if (wn_abi_pkg::mpa_req_rep_pack(g10_mpa_req_rep) !== g10_bus) $fatal(1, "mpa_req_rep: pack does not restore the bytes");

    // mpa_v2_ird_ord (RFC 6581 §2)
    g11_bus = 32'h234110c0;
    if (wn_abi_pkg::MPA_V2_IRD_ORD_SIZE != 4) $fatal(1, "mpa_v2_ird_ord: MPA_V2_IRD_ORD_SIZE is %0d, expected 4", wn_abi_pkg::MPA_V2_IRD_ORD_SIZE);
    g11_mpa_v2_ird_ord = wn_abi_pkg::mpa_v2_ird_ord_unpack(g11_bus);
    g11_wvec = g11_mpa_v2_ird_ord;
    if (g11_mpa_v2_ird_ord.peer_to_peer !== 1'h1) $fatal(1, "mpa_v2_ird_ord.peer_to_peer: struct field is %h, expected %h", g11_mpa_v2_ird_ord.peer_to_peer, 1'h1);
    if (g11_wvec[(wn_abi_pkg::MPA_V2_IRD_ORD_SIZE - wn_abi_pkg::MPA_V2_IRD_ORD_PEER_TO_PEER_OFF - 2)*8 + wn_abi_pkg::MPA_V2_IRD_ORD_PEER_TO_PEER_SHIFT +: wn_abi_pkg::MPA_V2_IRD_ORD_PEER_TO_PEER_W] !== 1'h1) $fatal(1, "mpa_v2_ird_ord.peer_to_peer: the position constants select other bits");
    if (g11_mpa_v2_ird_ord.send_rtr !== 1'h1) $fatal(1, "mpa_v2_ird_ord.send_rtr: struct field is %h, expected %h", g11_mpa_v2_ird_ord.send_rtr, 1'h1);
    if (g11_wvec[(wn_abi_pkg::MPA_V2_IRD_ORD_SIZE - wn_abi_pkg::MPA_V2_IRD_ORD_SEND_RTR_OFF - 2)*8 + wn_abi_pkg::MPA_V2_IRD_ORD_SEND_RTR_SHIFT +: wn_abi_pkg::MPA_V2_IRD_ORD_SEND_RTR_W] !== 1'h1) $fatal(1, "mpa_v2_ird_ord.send_rtr: the position constants select other bits");
    if (g11_mpa_v2_ird_ord.ird !== 14'h0010) $fatal(1, "mpa_v2_ird_ord.ird: struct field is %h, expected %h", g11_mpa_v2_ird_ord.ird, 14'h0010);
    if (g11_wvec[(wn_abi_pkg::MPA_V2_IRD_ORD_SIZE - wn_abi_pkg::MPA_V2_IRD_ORD_IRD_OFF - 2)*8 + wn_abi_pkg::MPA_V2_IRD_ORD_IRD_SHIFT +: wn_abi_pkg::MPA_V2_IRD_ORD_IRD_W] !== 14'h0010) $fatal(1, "mpa_v2_ird_ord.ird: the position constants select other bits");
    if (g11_mpa_v2_ird_ord.zero_len_rdma_write !== 1'h0) $fatal(1, "mpa_v2_ird_ord.zero_len_rdma_write: struct field is %h, expected %h", g11_mpa_v2_ird_ord.zero_len_rdma_write, 1'h0);
    if (g11_wvec[(wn_abi_pkg::MPA_V2_IRD_ORD_SIZE - wn_abi_pkg::MPA_V2_IRD_ORD_ZERO_LEN_RDMA_WRITE_OFF - 2)*8 + wn_abi_pkg::MPA_V2_IRD_ORD_ZERO_LEN_RDMA_WRITE_SHIFT +: wn_abi_pkg::MPA_V2_IRD_ORD_ZERO_LEN_RDMA_WRITE_W] !== 1'h0) $fatal(1, "mpa_v2_ird_ord.zero_len_rdma_write: the position constants select other bits");
    if (g11_mpa_v2_ird_ord.rdma_read_rtr !== 1'h1) $fatal(1, "mpa_v2_ird_ord.rdma_read_rtr: struct field is %h, expected %h", g11_mpa_v2_ird_ord.rdma_read_rtr, 1'h1);
    if (g11_wvec[(wn_abi_pkg::MPA_V2_IRD_ORD_SIZE - wn_abi_pkg::MPA_V2_IRD_ORD_RDMA_READ_RTR_OFF - 2)*8 + wn_abi_pkg::MPA_V2_IRD_ORD_RDMA_READ_RTR_SHIFT +: wn_abi_pkg::MPA_V2_IRD_ORD_RDMA_READ_RTR_W] !== 1'h1) $fatal(1, "mpa_v2_ird_ord.rdma_read_rtr: the position constants select other bits");
    if (g11_mpa_v2_ird_ord.ord !== 14'h0123) $fatal(1, "mpa_v2_ird_ord.ord: struct field is %h, expected %h", g11_mpa_v2_ird_ord.ord, 14'h0123);
    if (g11_wvec[(wn_abi_pkg::MPA_V2_IRD_ORD_SIZE - wn_abi_pkg::MPA_V2_IRD_ORD_ORD_OFF - 2)*8 + wn_abi_pkg::MPA_V2_IRD_ORD_ORD_SHIFT +: wn_abi_pkg::MPA_V2_IRD_ORD_ORD_W] !== 14'h0123) $fatal(1, "mpa_v2_ird_ord.ord: the position constants select other bits");
    if (wn_abi_pkg::mpa_v2_ird_ord_pack(g11_mpa_v2_ird_ord) !== g11_bus) $fatal(1, "mpa_v2_ird_ord: pack does not restore the bytes");

    // mpa_fpdu_hdr (RFC 5044 §4.2)
    g12_bus = 16'h9601;
    if (wn_abi_pkg::MPA_FPDU_HDR_SIZE != 2) $fatal(1, "mpa_fpdu_hdr: MPA_FPDU_HDR_SIZE is %0d, expected 2", wn_abi_pkg::MPA_FPDU_HDR_SIZE);
    g12_mpa_fpdu_hdr = wn_abi_pkg::mpa_fpdu_hdr_unpack(g12_bus);
    g12_wvec = g12_mpa_fpdu_hdr;
    if (g12_mpa_fpdu_hdr.ulpdu_length !== 16'h0196) $fatal(1, "mpa_fpdu_hdr.ulpdu_length: struct field is %h, expected %h", g12_mpa_fpdu_hdr.ulpdu_length, 16'h0196);
    if (g12_wvec[(wn_abi_pkg::MPA_FPDU_HDR_SIZE - wn_abi_pkg::MPA_FPDU_HDR_ULPDU_LENGTH_OFF - 2)*8 + wn_abi_pkg::MPA_FPDU_HDR_ULPDU_LENGTH_SHIFT +: wn_abi_pkg::MPA_FPDU_HDR_ULPDU_LENGTH_W] !== 16'h0196) $fatal(1, "mpa_fpdu_hdr.ulpdu_length: the position constants select other bits");
    if (wn_abi_pkg::mpa_fpdu_hdr_pack(g12_mpa_fpdu_hdr) !== g12_bus) $fatal(1, "mpa_fpdu_hdr: pack does not restore the bytes");

    // ddp_tagged_hdr (RFC 5041 §5.2, RFC 5040 §4.1)
    g13_bus = 112'h0000adde007f00004523010072d5;
    if (wn_abi_pkg::DDP_TAGGED_HDR_SIZE != 14) $fatal(1, "ddp_tagged_hdr: DDP_TAGGED_HDR_SIZE is %0d, expected 14", wn_abi_pkg::DDP_TAGGED_HDR_SIZE);
    g13_ddp_tagged_hdr = wn_abi_pkg::ddp_tagged_hdr_unpack(g13_bus);
    g13_wvec = g13_ddp_tagged_hdr;
    if (g13_ddp_tagged_hdr.tagged_f !== 1'h1) $fatal(1, "ddp_tagged_hdr.tagged: struct field is %h, expected %h", g13_ddp_tagged_hdr.tagged_f, 1'h1);
    if (g13_wvec[(wn_abi_pkg::DDP_TAGGED_HDR_SIZE - wn_abi_pkg::DDP_TAGGED_HDR_TAGGED_OFF - 1)*8 + wn_abi_pkg::DDP_TAGGED_HDR_TAGGED_SHIFT +: wn_abi_pkg::DDP_TAGGED_HDR_TAGGED_W] !== 1'h1) $fatal(1, "ddp_tagged_hdr.tagged: the position constants select other bits");
    if (g13_ddp_tagged_hdr.last !== 1'h1) $fatal(1, "ddp_tagged_hdr.last: struct field is %h, expected %h", g13_ddp_tagged_hdr.last, 1'h1);
    if (g13_wvec[(wn_abi_pkg::DDP_TAGGED_HDR_SIZE - wn_abi_pkg::DDP_TAGGED_HDR_LAST_OFF - 1)*8 + wn_abi_pkg::DDP_TAGGED_HDR_LAST_SHIFT +: wn_abi_pkg::DDP_TAGGED_HDR_LAST_W] !== 1'h1) $fatal(1, "ddp_tagged_hdr.last: the position constants select other bits");
    if (g13_ddp_tagged_hdr.rsvd !== 4'h5) $fatal(1, "ddp_tagged_hdr.rsvd: struct field is %h, expected %h", g13_ddp_tagged_hdr.rsvd, 4'h5);
    if (g13_wvec[(wn_abi_pkg::DDP_TAGGED_HDR_SIZE - wn_abi_pkg::DDP_TAGGED_HDR_RSVD_OFF - 1)*8 + wn_abi_pkg::DDP_TAGGED_HDR_RSVD_SHIFT +: wn_abi_pkg::DDP_TAGGED_HDR_RSVD_W] !== 4'h5) $fatal(1, "ddp_tagged_hdr.rsvd: the position constants select other bits");
    if (g13_ddp_tagged_hdr.ddp_version !== 2'h1) $fatal(1, "ddp_tagged_hdr.ddp_version: struct field is %h, expected %h", g13_ddp_tagged_hdr.ddp_version, 2'h1);
    if (g13_wvec[(wn_abi_pkg::DDP_TAGGED_HDR_SIZE - wn_abi_pkg::DDP_TAGGED_HDR_DDP_VERSION_OFF - 1)*8 + wn_abi_pkg::DDP_TAGGED_HDR_DDP_VERSION_SHIFT +: wn_abi_pkg::DDP_TAGGED_HDR_DDP_VERSION_W] !== 2'h1) $fatal(1, "ddp_tagged_hdr.ddp_version: the position constants select other bits");
    if (g13_ddp_tagged_hdr.rdmap_version !== 2'h1) $fatal(1, "ddp_tagged_hdr.rdmap_version: struct field is %h, expected %h", g13_ddp_tagged_hdr.rdmap_version, 2'h1);
    if (g13_wvec[(wn_abi_pkg::DDP_TAGGED_HDR_SIZE - wn_abi_pkg::DDP_TAGGED_HDR_RDMAP_VERSION_OFF - 1)*8 + wn_abi_pkg::DDP_TAGGED_HDR_RDMAP_VERSION_SHIFT +: wn_abi_pkg::DDP_TAGGED_HDR_RDMAP_VERSION_W] !== 2'h1) $fatal(1, "ddp_tagged_hdr.rdmap_version: the position constants select other bits");
    if (g13_ddp_tagged_hdr.rsvd_ulp !== 2'h3) $fatal(1, "ddp_tagged_hdr.rsvd_ulp: struct field is %h, expected %h", g13_ddp_tagged_hdr.rsvd_ulp, 2'h3);
    if (g13_wvec[(wn_abi_pkg::DDP_TAGGED_HDR_SIZE - wn_abi_pkg::DDP_TAGGED_HDR_RSVD_ULP_OFF - 1)*8 + wn_abi_pkg::DDP_TAGGED_HDR_RSVD_ULP_SHIFT +: wn_abi_pkg::DDP_TAGGED_HDR_RSVD_ULP_W] !== 2'h3) $fatal(1, "ddp_tagged_hdr.rsvd_ulp: the position constants select other bits");
    if (g13_ddp_tagged_hdr.opcode !== 4'h2) $fatal(1, "ddp_tagged_hdr.opcode: struct field is %h, expected %h", g13_ddp_tagged_hdr.opcode, 4'h2);
    if (g13_wvec[(wn_abi_pkg::DDP_TAGGED_HDR_SIZE - wn_abi_pkg::DDP_TAGGED_HDR_OPCODE_OFF - 1)*8 + wn_abi_pkg::DDP_TAGGED_HDR_OPCODE_SHIFT +: wn_abi_pkg::DDP_TAGGED_HDR_OPCODE_W] !== 4'h2) $fatal(1, "ddp_tagged_hdr.opcode: the position constants select other bits");
    if (g13_ddp_tagged_hdr.stag !== 32'h0001_2345) $fatal(1, "ddp_tagged_hdr.stag: struct field is %h, expected %h", g13_ddp_tagged_hdr.stag, 32'h0001_2345);
    if (g13_wvec[(wn_abi_pkg::DDP_TAGGED_HDR_SIZE - wn_abi_pkg::DDP_TAGGED_HDR_STAG_OFF - 4)*8 + wn_abi_pkg::DDP_TAGGED_HDR_STAG_SHIFT +: wn_abi_pkg::DDP_TAGGED_HDR_STAG_W] !== 32'h0001_2345) $fatal(1, "ddp_tagged_hdr.stag: the position constants select other bits");
    if (g13_ddp_tagged_hdr.tagged_offset !== 64'h0000_7f00_dead_0000) $fatal(1, "ddp_tagged_hdr.tagged_offset: struct field is %h, expected %h", g13_ddp_tagged_hdr.tagged_offset, 64'h0000_7f00_dead_0000);
    if (g13_wvec[(wn_abi_pkg::DDP_TAGGED_HDR_SIZE - wn_abi_pkg::DDP_TAGGED_HDR_TAGGED_OFFSET_OFF - 8)*8 + wn_abi_pkg::DDP_TAGGED_HDR_TAGGED_OFFSET_SHIFT +: wn_abi_pkg::DDP_TAGGED_HDR_TAGGED_OFFSET_W] !== 64'h0000_7f00_dead_0000) $fatal(1, "ddp_tagged_hdr.tagged_offset: the position constants select other bits");
    if (wn_abi_pkg::ddp_tagged_hdr_pack(g13_ddp_tagged_hdr) !== g13_bus) $fatal(1, "ddp_tagged_hdr: pack does not restore the bytes");

    // ddp_untagged_hdr (RFC 5041 §5.3, RFC 5040 §4.1)
    g14_bus = 144'h001000000700000001000000d0c0b0a0614d;
    if (wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE != 18) $fatal(1, "ddp_untagged_hdr: DDP_UNTAGGED_HDR_SIZE is %0d, expected 18", wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE);
    g14_ddp_untagged_hdr = wn_abi_pkg::ddp_untagged_hdr_unpack(g14_bus);
    g14_wvec = g14_ddp_untagged_hdr;
    if (g14_ddp_untagged_hdr.tagged_f !== 1'h0) $fatal(1, "ddp_untagged_hdr.tagged: struct field is %h, expected %h", g14_ddp_untagged_hdr.tagged_f, 1'h0);
    if (g14_wvec[(wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE - wn_abi_pkg::DDP_UNTAGGED_HDR_TAGGED_OFF - 1)*8 + wn_abi_pkg::DDP_UNTAGGED_HDR_TAGGED_SHIFT +: wn_abi_pkg::DDP_UNTAGGED_HDR_TAGGED_W] !== 1'h0) $fatal(1, "ddp_untagged_hdr.tagged: the position constants select other bits");
    if (g14_ddp_untagged_hdr.last !== 1'h1) $fatal(1, "ddp_untagged_hdr.last: struct field is %h, expected %h", g14_ddp_untagged_hdr.last, 1'h1);
    if (g14_wvec[(wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE - wn_abi_pkg::DDP_UNTAGGED_HDR_LAST_OFF - 1)*8 + wn_abi_pkg::DDP_UNTAGGED_HDR_LAST_SHIFT +: wn_abi_pkg::DDP_UNTAGGED_HDR_LAST_W] !== 1'h1) $fatal(1, "ddp_untagged_hdr.last: the position constants select other bits");
    if (g14_ddp_untagged_hdr.rsvd !== 4'h3) $fatal(1, "ddp_untagged_hdr.rsvd: struct field is %h, expected %h", g14_ddp_untagged_hdr.rsvd, 4'h3);
    if (g14_wvec[(wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE - wn_abi_pkg::DDP_UNTAGGED_HDR_RSVD_OFF - 1)*8 + wn_abi_pkg::DDP_UNTAGGED_HDR_RSVD_SHIFT +: wn_abi_pkg::DDP_UNTAGGED_HDR_RSVD_W] !== 4'h3) $fatal(1, "ddp_untagged_hdr.rsvd: the position constants select other bits");
    if (g14_ddp_untagged_hdr.ddp_version !== 2'h1) $fatal(1, "ddp_untagged_hdr.ddp_version: struct field is %h, expected %h", g14_ddp_untagged_hdr.ddp_version, 2'h1);
    if (g14_wvec[(wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE - wn_abi_pkg::DDP_UNTAGGED_HDR_DDP_VERSION_OFF - 1)*8 + wn_abi_pkg::DDP_UNTAGGED_HDR_DDP_VERSION_SHIFT +: wn_abi_pkg::DDP_UNTAGGED_HDR_DDP_VERSION_W] !== 2'h1) $fatal(1, "ddp_untagged_hdr.ddp_version: the position constants select other bits");
    if (g14_ddp_untagged_hdr.rdmap_version !== 2'h1) $fatal(1, "ddp_untagged_hdr.rdmap_version: struct field is %h, expected %h", g14_ddp_untagged_hdr.rdmap_version, 2'h1);
    if (g14_wvec[(wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE - wn_abi_pkg::DDP_UNTAGGED_HDR_RDMAP_VERSION_OFF - 1)*8 + wn_abi_pkg::DDP_UNTAGGED_HDR_RDMAP_VERSION_SHIFT +: wn_abi_pkg::DDP_UNTAGGED_HDR_RDMAP_VERSION_W] !== 2'h1) $fatal(1, "ddp_untagged_hdr.rdmap_version: the position constants select other bits");
    if (g14_ddp_untagged_hdr.rsvd_ulp !== 2'h2) $fatal(1, "ddp_untagged_hdr.rsvd_ulp: struct field is %h, expected %h", g14_ddp_untagged_hdr.rsvd_ulp, 2'h2);
    if (g14_wvec[(wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE - wn_abi_pkg::DDP_UNTAGGED_HDR_RSVD_ULP_OFF - 1)*8 + wn_abi_pkg::DDP_UNTAGGED_HDR_RSVD_ULP_SHIFT +: wn_abi_pkg::DDP_UNTAGGED_HDR_RSVD_ULP_W] !== 2'h2) $fatal(1, "ddp_untagged_hdr.rsvd_ulp: the position constants select other bits");
    if (g14_ddp_untagged_hdr.opcode !== 4'h1) $fatal(1, "ddp_untagged_hdr.opcode: struct field is %h, expected %h", g14_ddp_untagged_hdr.opcode, 4'h1);
    if (g14_wvec[(wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE - wn_abi_pkg::DDP_UNTAGGED_HDR_OPCODE_OFF - 1)*8 + wn_abi_pkg::DDP_UNTAGGED_HDR_OPCODE_SHIFT +: wn_abi_pkg::DDP_UNTAGGED_HDR_OPCODE_W] !== 4'h1) $fatal(1, "ddp_untagged_hdr.opcode: the position constants select other bits");
    if (g14_ddp_untagged_hdr.inv_stag !== 32'ha0b0_c0d0) $fatal(1, "ddp_untagged_hdr.inv_stag: struct field is %h, expected %h", g14_ddp_untagged_hdr.inv_stag, 32'ha0b0_c0d0);
    if (g14_wvec[(wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE - wn_abi_pkg::DDP_UNTAGGED_HDR_INV_STAG_OFF - 4)*8 + wn_abi_pkg::DDP_UNTAGGED_HDR_INV_STAG_SHIFT +: wn_abi_pkg::DDP_UNTAGGED_HDR_INV_STAG_W] !== 32'ha0b0_c0d0) $fatal(1, "ddp_untagged_hdr.inv_stag: the position constants select other bits");
    if (g14_ddp_untagged_hdr.qn !== 32'h0000_0001) $fatal(1, "ddp_untagged_hdr.qn: struct field is %h, expected %h", g14_ddp_untagged_hdr.qn, 32'h0000_0001);
    if (g14_wvec[(wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE - wn_abi_pkg::DDP_UNTAGGED_HDR_QN_OFF - 4)*8 + wn_abi_pkg::DDP_UNTAGGED_HDR_QN_SHIFT +: wn_abi_pkg::DDP_UNTAGGED_HDR_QN_W] !== 32'h0000_0001) $fatal(1, "ddp_untagged_hdr.qn: the position constants select other bits");
    if (g14_ddp_untagged_hdr.msn !== 32'h0000_0007) $fatal(1, "ddp_untagged_hdr.msn: struct field is %h, expected %h", g14_ddp_untagged_hdr.msn, 32'h0000_0007);
    if (g14_wvec[(wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE - wn_abi_pkg::DDP_UNTAGGED_HDR_MSN_OFF - 4)*8 + wn_abi_pkg::DDP_UNTAGGED_HDR_MSN_SHIFT +: wn_abi_pkg::DDP_UNTAGGED_HDR_MSN_W] !== 32'h0000_0007) $fatal(1, "ddp_untagged_hdr.msn: the position constants select other bits");
    if (g14_ddp_untagged_hdr.mo !== 32'h0000_1000) $fatal(1, "ddp_untagged_hdr.mo: struct field is %h, expected %h", g14_ddp_untagged_hdr.mo, 32'h0000_1000);
    if (g14_wvec[(wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE - wn_abi_pkg::DDP_UNTAGGED_HDR_MO_OFF - 4)*8 + wn_abi_pkg::DDP_UNTAGGED_HDR_MO_SHIFT +: wn_abi_pkg::DDP_UNTAGGED_HDR_MO_W] !== 32'h0000_1000) $fatal(1, "ddp_untagged_hdr.mo: the position constants select other bits");
    if (wn_abi_pkg::ddp_untagged_hdr_pack(g14_ddp_untagged_hdr) !== g14_bus) $fatal(1, "ddp_untagged_hdr: pack does not restore the bytes");

    // rdma_read_req (RFC 5040 §4.4)
    g15_bus = 224'hffeeddccbbaa99887766554400000100080706050403020133220011;
    if (wn_abi_pkg::RDMA_READ_REQ_SIZE != 28) $fatal(1, "rdma_read_req: RDMA_READ_REQ_SIZE is %0d, expected 28", wn_abi_pkg::RDMA_READ_REQ_SIZE);
    g15_rdma_read_req = wn_abi_pkg::rdma_read_req_unpack(g15_bus);
    g15_wvec = g15_rdma_read_req;
    if (g15_rdma_read_req.sink_stag !== 32'h1100_2233) $fatal(1, "rdma_read_req.sink_stag: struct field is %h, expected %h", g15_rdma_read_req.sink_stag, 32'h1100_2233);
    if (g15_wvec[(wn_abi_pkg::RDMA_READ_REQ_SIZE - wn_abi_pkg::RDMA_READ_REQ_SINK_STAG_OFF - 4)*8 + wn_abi_pkg::RDMA_READ_REQ_SINK_STAG_SHIFT +: wn_abi_pkg::RDMA_READ_REQ_SINK_STAG_W] !== 32'h1100_2233) $fatal(1, "rdma_read_req.sink_stag: the position constants select other bits");
    if (g15_rdma_read_req.sink_to !== 64'h0102_0304_0506_0708) $fatal(1, "rdma_read_req.sink_to: struct field is %h, expected %h", g15_rdma_read_req.sink_to, 64'h0102_0304_0506_0708);
    if (g15_wvec[(wn_abi_pkg::RDMA_READ_REQ_SIZE - wn_abi_pkg::RDMA_READ_REQ_SINK_TO_OFF - 8)*8 + wn_abi_pkg::RDMA_READ_REQ_SINK_TO_SHIFT +: wn_abi_pkg::RDMA_READ_REQ_SINK_TO_W] !== 64'h0102_0304_0506_0708) $fatal(1, "rdma_read_req.sink_to: the position constants select other bits");
    if (g15_rdma_read_req.read_size !== 32'h0001_0000) $fatal(1, "rdma_read_req.read_size: struct field is %h, expected %h", g15_rdma_read_req.read_size, 32'h0001_0000);
    if (g15_wvec[(wn_abi_pkg::RDMA_READ_REQ_SIZE - wn_abi_pkg::RDMA_READ_REQ_READ_SIZE_OFF - 4)*8 + wn_abi_pkg::RDMA_READ_REQ_READ_SIZE_SHIFT +: wn_abi_pkg::RDMA_READ_REQ_READ_SIZE_W] !== 32'h0001_0000) $fatal(1, "rdma_read_req.read_size: the position constants select other bits");
    if (g15_rdma_read_req.src_stag !== 32'h4455_6677) $fatal(1, "rdma_read_req.src_stag: struct field is %h, expected %h", g15_rdma_read_req.src_stag, 32'h4455_6677);
    if (g15_wvec[(wn_abi_pkg::RDMA_READ_REQ_SIZE - wn_abi_pkg::RDMA_READ_REQ_SRC_STAG_OFF - 4)*8 + wn_abi_pkg::RDMA_READ_REQ_SRC_STAG_SHIFT +: wn_abi_pkg::RDMA_READ_REQ_SRC_STAG_W] !== 32'h4455_6677) $fatal(1, "rdma_read_req.src_stag: the position constants select other bits");
    if (g15_rdma_read_req.src_to !== 64'h8899_aabb_ccdd_eeff) $fatal(1, "rdma_read_req.src_to: struct field is %h, expected %h", g15_rdma_read_req.src_to, 64'h8899_aabb_ccdd_eeff);
    if (g15_wvec[(wn_abi_pkg::RDMA_READ_REQ_SIZE - wn_abi_pkg::RDMA_READ_REQ_SRC_TO_OFF - 8)*8 + wn_abi_pkg::RDMA_READ_REQ_SRC_TO_SHIFT +: wn_abi_pkg::RDMA_READ_REQ_SRC_TO_W] !== 64'h8899_aabb_ccdd_eeff) $fatal(1, "rdma_read_req.src_to: the position constants select other bits");
    if (wn_abi_pkg::rdma_read_req_pack(g15_rdma_read_req) !== g15_bus) $fatal(1, "rdma_read_req: pack does not restore the bytes");

    // rdmap_terminate (RFC 5040 §4.8)
    g16_bus = 32'h55c10512;
    if (wn_abi_pkg::RDMAP_TERMINATE_SIZE != 4) $fatal(1, "rdmap_terminate: RDMAP_TERMINATE_SIZE is %0d, expected 4", wn_abi_pkg::RDMAP_TERMINATE_SIZE);
    g16_rdmap_terminate = wn_abi_pkg::rdmap_terminate_unpack(g16_bus);
    g16_wvec = g16_rdmap_terminate;
    if (g16_rdmap_terminate.layer !== 4'h1) $fatal(1, "rdmap_terminate.layer: struct field is %h, expected %h", g16_rdmap_terminate.layer, 4'h1);
    if (g16_wvec[(wn_abi_pkg::RDMAP_TERMINATE_SIZE - wn_abi_pkg::RDMAP_TERMINATE_LAYER_OFF - 4)*8 + wn_abi_pkg::RDMAP_TERMINATE_LAYER_SHIFT +: wn_abi_pkg::RDMAP_TERMINATE_LAYER_W] !== 4'h1) $fatal(1, "rdmap_terminate.layer: the position constants select other bits");
    if (g16_rdmap_terminate.etype !== 4'h2) $fatal(1, "rdmap_terminate.etype: struct field is %h, expected %h", g16_rdmap_terminate.etype, 4'h2);
    if (g16_wvec[(wn_abi_pkg::RDMAP_TERMINATE_SIZE - wn_abi_pkg::RDMAP_TERMINATE_ETYPE_OFF - 4)*8 + wn_abi_pkg::RDMAP_TERMINATE_ETYPE_SHIFT +: wn_abi_pkg::RDMAP_TERMINATE_ETYPE_W] !== 4'h2) $fatal(1, "rdmap_terminate.etype: the position constants select other bits");
    if (g16_rdmap_terminate.ecode !== 8'h05) $fatal(1, "rdmap_terminate.ecode: struct field is %h, expected %h", g16_rdmap_terminate.ecode, 8'h05);
    if (g16_wvec[(wn_abi_pkg::RDMAP_TERMINATE_SIZE - wn_abi_pkg::RDMAP_TERMINATE_ECODE_OFF - 4)*8 + wn_abi_pkg::RDMAP_TERMINATE_ECODE_SHIFT +: wn_abi_pkg::RDMAP_TERMINATE_ECODE_W] !== 8'h05) $fatal(1, "rdmap_terminate.ecode: the position constants select other bits");
    if (g16_rdmap_terminate.hdr_ctrl_m !== 1'h1) $fatal(1, "rdmap_terminate.hdr_ctrl_m: struct field is %h, expected %h", g16_rdmap_terminate.hdr_ctrl_m, 1'h1);
    if (g16_wvec[(wn_abi_pkg::RDMAP_TERMINATE_SIZE - wn_abi_pkg::RDMAP_TERMINATE_HDR_CTRL_M_OFF - 4)*8 + wn_abi_pkg::RDMAP_TERMINATE_HDR_CTRL_M_SHIFT +: wn_abi_pkg::RDMAP_TERMINATE_HDR_CTRL_M_W] !== 1'h1) $fatal(1, "rdmap_terminate.hdr_ctrl_m: the position constants select other bits");
    if (g16_rdmap_terminate.hdr_ctrl_d !== 1'h1) $fatal(1, "rdmap_terminate.hdr_ctrl_d: struct field is %h, expected %h", g16_rdmap_terminate.hdr_ctrl_d, 1'h1);
    if (g16_wvec[(wn_abi_pkg::RDMAP_TERMINATE_SIZE - wn_abi_pkg::RDMAP_TERMINATE_HDR_CTRL_D_OFF - 4)*8 + wn_abi_pkg::RDMAP_TERMINATE_HDR_CTRL_D_SHIFT +: wn_abi_pkg::RDMAP_TERMINATE_HDR_CTRL_D_W] !== 1'h1) $fatal(1, "rdmap_terminate.hdr_ctrl_d: the position constants select other bits");
    if (g16_rdmap_terminate.hdr_ctrl_r !== 1'h0) $fatal(1, "rdmap_terminate.hdr_ctrl_r: struct field is %h, expected %h", g16_rdmap_terminate.hdr_ctrl_r, 1'h0);
    if (g16_wvec[(wn_abi_pkg::RDMAP_TERMINATE_SIZE - wn_abi_pkg::RDMAP_TERMINATE_HDR_CTRL_R_OFF - 4)*8 + wn_abi_pkg::RDMAP_TERMINATE_HDR_CTRL_R_SHIFT +: wn_abi_pkg::RDMAP_TERMINATE_HDR_CTRL_R_W] !== 1'h0) $fatal(1, "rdmap_terminate.hdr_ctrl_r: the position constants select other bits");
    if (g16_rdmap_terminate.rsvd !== 13'h0155) $fatal(1, "rdmap_terminate.rsvd: struct field is %h, expected %h", g16_rdmap_terminate.rsvd, 13'h0155);
    if (g16_wvec[(wn_abi_pkg::RDMAP_TERMINATE_SIZE - wn_abi_pkg::RDMAP_TERMINATE_RSVD_OFF - 4)*8 + wn_abi_pkg::RDMAP_TERMINATE_RSVD_SHIFT +: wn_abi_pkg::RDMAP_TERMINATE_RSVD_W] !== 13'h0155) $fatal(1, "rdmap_terminate.rsvd: the position constants select other bits");
    if (wn_abi_pkg::rdmap_terminate_pack(g16_rdmap_terminate) !== g16_bus) $fatal(1, "rdmap_terminate: pack does not restore the bytes");

    // rdmap_immediate (RFC 7306 §4.2)
    g17_bus = 64'h7766554433221100;
    if (wn_abi_pkg::RDMAP_IMMEDIATE_SIZE != 8) $fatal(1, "rdmap_immediate: RDMAP_IMMEDIATE_SIZE is %0d, expected 8", wn_abi_pkg::RDMAP_IMMEDIATE_SIZE);
    g17_rdmap_immediate = wn_abi_pkg::rdmap_immediate_unpack(g17_bus);
    g17_wvec = g17_rdmap_immediate;
    if (g17_rdmap_immediate.data !== 64'h0011_2233_4455_6677) $fatal(1, "rdmap_immediate.data: struct field is %h, expected %h", g17_rdmap_immediate.data, 64'h0011_2233_4455_6677);
    if (g17_wvec[(wn_abi_pkg::RDMAP_IMMEDIATE_SIZE - wn_abi_pkg::RDMAP_IMMEDIATE_DATA_OFF - 8)*8 + wn_abi_pkg::RDMAP_IMMEDIATE_DATA_SHIFT +: wn_abi_pkg::RDMAP_IMMEDIATE_DATA_W] !== 64'h0011_2233_4455_6677) $fatal(1, "rdmap_immediate.data: the position constants select other bits");
    if (wn_abi_pkg::rdmap_immediate_pack(g17_rdmap_immediate) !== g17_bus) $fatal(1, "rdmap_immediate: pack does not restore the bytes");

    $display("wn_abi_golden_tb: 18 golden vectors passed");
    $finish;
  end

endmodule
