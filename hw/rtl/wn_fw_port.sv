// wn_fw_port: shares the firmware port between the mailbox, the exception
// path and the TCP engine's CPL messages.
//
// To the firmware: mailbox requests (from wn_regs), FRAME_RX messages
// (from wn_fw_rx) and CPL messages (from wn_tcp_engine) are merged whole,
// round-robin at message boundaries.
// From the firmware: each message is routed by the opcode in its first
// word: FRAME_TX messages to wn_fw_tx, CPL messages to wn_tcp_engine,
// everything else to the mailbox.
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
    input  logic [31:0] cpl_tdata_i,
    input  logic        cpl_tlast_i,
    input  logic        cpl_tvalid_i,
    output logic        cpl_tready_o,
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
    input  logic        ftx_tready_i,
    output logic        cpl_out_tvalid_o,
    input  logic        cpl_out_tready_i
);
  // ---- merge towards the firmware (0 mailbox, 1 FRAME_RX, 2 CPL)
  logic       locked_q, pick_valid, out_fire;
  logic [1:0] sel_q, pick, sel;
  wn_rr_arb #(
      .N(3)
  ) u_arb (
      .clk_i,
      .rst_i,
      .req_i   ({cpl_tvalid_i, frx_tvalid_i, mbox_tvalid_i}),
      .grant_o (pick),
      .valid_o (pick_valid),
      .accept_i(out_fire && !locked_q)
  );
  assign sel = locked_q ? sel_q : pick;
  always_comb begin
    unique case (sel)
      2'd1: begin
        m_axis_fw_tvalid_o = frx_tvalid_i;
        m_axis_fw_tdata_o = frx_tdata_i;
        m_axis_fw_tlast_o = frx_tlast_i;
      end
      2'd2: begin
        m_axis_fw_tvalid_o = cpl_tvalid_i;
        m_axis_fw_tdata_o = cpl_tdata_i;
        m_axis_fw_tlast_o = cpl_tlast_i;
      end
      default: begin
        m_axis_fw_tvalid_o = mbox_tvalid_i;
        m_axis_fw_tdata_o = mbox_tdata_i;
        m_axis_fw_tlast_o = mbox_tlast_i;
      end
    endcase
  end
  assign mbox_tready_o = sel == 2'd0 && m_axis_fw_tready_i;
  assign frx_tready_o = sel == 2'd1 && m_axis_fw_tready_i;
  assign cpl_tready_o = sel == 2'd2 && m_axis_fw_tready_i;
  assign out_fire = m_axis_fw_tvalid_o && m_axis_fw_tready_i;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      locked_q <= 1'b0;
      sel_q <= 2'd0;
    end else if (out_fire) begin
      locked_q <= !m_axis_fw_tlast_o;
      sel_q <= sel;
    end
  end

  // ---- route from the firmware (0 mailbox, 1 FRAME_TX, 2 CPL)
  logic       in_msg_q;
  logic [1:0] dest_q, dest, dest_first;
  assign dest_first = (s_axis_fw_tdata_i[7:0] == 8'(wn_abi_pkg::FW_OPCODE_FRAME_TX)) ? 2'd1 :
                      (s_axis_fw_tdata_i[7:0] == 8'(wn_abi_pkg::FW_OPCODE_CPL)) ? 2'd2 : 2'd0;
  assign dest = in_msg_q ? dest_q : dest_first;
  assign ftx_tvalid_o = s_axis_fw_tvalid_i && dest == 2'd1;
  assign cpl_out_tvalid_o = s_axis_fw_tvalid_i && dest == 2'd2;
  assign mbox_rsp_tvalid_o = s_axis_fw_tvalid_i && dest == 2'd0;
  assign s_axis_fw_tready_o = (dest == 2'd1) ? ftx_tready_i :
                              (dest == 2'd2) ? cpl_out_tready_i : mbox_rsp_tready_i;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      in_msg_q <= 1'b0;
      dest_q <= 2'd0;
    end else if (s_axis_fw_tvalid_i && s_axis_fw_tready_o) begin
      in_msg_q <= !s_axis_fw_tlast_i;
      dest_q <= dest;
    end
  end

  logic unused;
  assign unused = ^{pick_valid, s_axis_fw_tdata_i[31:8]};
endmodule
