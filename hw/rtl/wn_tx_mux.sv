// wn_tx_mux: shares the MAC transmit stream between the send queues and
// the firmware, whole frames at a time, round-robin.
// Latency 0; one beat per cycle. Reset clears the frame lock.
module wn_tx_mux (
    input  logic         clk_i,
    input  logic         rst_i,
    input  logic [511:0] a_tdata_i,
    input  logic [63:0]  a_tkeep_i,
    input  logic         a_tlast_i,
    input  logic         a_tuser_i,
    input  logic         a_tvalid_i,
    output logic         a_tready_o,
    input  logic [511:0] b_tdata_i,
    input  logic [63:0]  b_tkeep_i,
    input  logic         b_tlast_i,
    input  logic         b_tvalid_i,
    output logic         b_tready_o,
    output logic [511:0] m_tdata_o,
    output logic [63:0]  m_tkeep_o,
    output logic         m_tlast_o,
    output logic         m_tuser_o,
    output logic         m_tvalid_o,
    input  logic         m_tready_i,
    output logic         cnt_b_frame_o
);
  logic locked_q, sel_q, pick, pick_valid, sel, fire;
  wn_rr_arb #(
      .N(2)
  ) u_arb (
      .clk_i,
      .rst_i,
      .req_i   ({b_tvalid_i, a_tvalid_i}),
      .grant_o (pick),
      .valid_o (pick_valid),
      .accept_i(fire && !locked_q)
  );
  assign sel = locked_q ? sel_q : pick;
  assign m_tvalid_o = sel ? b_tvalid_i : a_tvalid_i;
  assign m_tdata_o = sel ? b_tdata_i : a_tdata_i;
  assign m_tkeep_o = sel ? b_tkeep_i : a_tkeep_i;
  assign m_tlast_o = sel ? b_tlast_i : a_tlast_i;
  assign m_tuser_o = sel ? 1'b0 : a_tuser_i;
  assign a_tready_o = !sel && m_tready_i;
  assign b_tready_o = sel && m_tready_i;
  assign fire = m_tvalid_o && m_tready_i;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      locked_q <= 1'b0;
      sel_q <= 1'b0;
    end else if (fire) begin
      locked_q <= !m_tlast_o;
      sel_q <= sel;
    end
  end
  assign cnt_b_frame_o = fire && sel && m_tlast_o;

  logic unused;
  assign unused = pick_valid;
endmodule
