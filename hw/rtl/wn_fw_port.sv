// wn_fw_port: shares the firmware port between the mailbox and the
// exception path.
//
// To the firmware: mailbox requests (from wn_regs) and FRAME_RX messages
// (from wn_fw_rx) are merged whole, round-robin at message boundaries.
// From the firmware: each message is routed by the opcode in its first
// word: FRAME_TX messages to wn_fw_tx, everything else to the mailbox.
// Latency 0; one word per cycle. Reset clears the message locks.
module wn_fw_port (
    input  logic        clk_i,
    input  logic        rst_i,
    // to the firmware
    input  logic [31:0] mbox_tdata_i,
    input  logic        mbox_tlast_i,
    input  logic        mbox_tvalid_i,
    output logic        mbox_tready_o,
    input  logic [31:0] frx_tdata_i,
    input  logic        frx_tlast_i,
    input  logic        frx_tvalid_i,
    output logic        frx_tready_o,
    output logic [31:0] m_axis_fw_tdata_o,
    output logic        m_axis_fw_tlast_o,
    output logic        m_axis_fw_tvalid_o,
    input  logic        m_axis_fw_tready_i,
    // from the firmware
    input  logic [31:0] s_axis_fw_tdata_i,
    input  logic        s_axis_fw_tlast_i,
    input  logic        s_axis_fw_tvalid_i,
    output logic        s_axis_fw_tready_o,
    output logic        mbox_rsp_tvalid_o,
    input  logic        mbox_rsp_tready_i,
    output logic        ftx_tvalid_o,
    input  logic        ftx_tready_i
);
  // ---- merge towards the firmware
  logic       locked_q, sel_q, pick, pick_valid, sel, out_fire;
  wn_rr_arb #(
      .N(2)
  ) u_arb (
      .clk_i,
      .rst_i,
      .req_i   ({frx_tvalid_i, mbox_tvalid_i}),
      .grant_o (pick),
      .valid_o (pick_valid),
      .accept_i(out_fire && !locked_q)
  );
  assign sel = locked_q ? sel_q : pick;
  assign m_axis_fw_tvalid_o = sel ? frx_tvalid_i : mbox_tvalid_i;
  assign m_axis_fw_tdata_o = sel ? frx_tdata_i : mbox_tdata_i;
  assign m_axis_fw_tlast_o = sel ? frx_tlast_i : mbox_tlast_i;
  assign mbox_tready_o = !sel && m_axis_fw_tready_i;
  assign frx_tready_o = sel && m_axis_fw_tready_i;
  assign out_fire = m_axis_fw_tvalid_o && m_axis_fw_tready_i;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      locked_q <= 1'b0;
      sel_q <= 1'b0;
    end else if (out_fire) begin
      locked_q <= !m_axis_fw_tlast_o;
      sel_q <= sel;
    end
  end

  // ---- route from the firmware
  logic in_msg_q, dest_q, dest;
  assign dest = in_msg_q ? dest_q : (s_axis_fw_tdata_i[7:0] == 8'(wn_abi_pkg::FW_OPCODE_FRAME_TX));
  assign ftx_tvalid_o = s_axis_fw_tvalid_i && dest;
  assign mbox_rsp_tvalid_o = s_axis_fw_tvalid_i && !dest;
  assign s_axis_fw_tready_o = dest ? ftx_tready_i : mbox_rsp_tready_i;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      in_msg_q <= 1'b0;
      dest_q <= 1'b0;
    end else if (s_axis_fw_tvalid_i && s_axis_fw_tready_o) begin
      in_msg_q <= !s_axis_fw_tlast_i;
      dest_q <= dest;
    end
  end

  logic unused;
  assign unused = ^{pick_valid, s_axis_fw_tdata_i[31:8]};
endmodule
