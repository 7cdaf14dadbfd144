// wn_mac_tx: the core's Ethernet transmit stream to a MAC in another clock,
// store and forward.
//
// A MAC transmit interface must get a frame's beats without a gap once the
// frame has started (an underrun corrupts the frame; AMD/Xilinx MAC guides
// say so for their AXI4-Stream interfaces). The core's clock is slower than
// the MAC's (250 vs 322 MHz for the CMAC), so the frame is crossed whole: a
// wn_async_fifo in commit mode lets the MAC side see a frame only when its
// last beat is in.
//
// Core side (`clk_i`): frames without FCS, byte 0 in bits 7:0, tkeep
// contiguous from bit 0, tuser on the last beat to abort the frame
// (docs/core-ports.md). Bytes outside tkeep are zeroed, and a one-beat frame
// shorter than 60 bytes is padded with zeros to 60 (the ABI leaves padding
// to the MAC; doing it here does not depend on the MAC's option).
// MAC side (`mac_clk_i`): the same beats. A frame that starts while
// `mac_link_up_i` is low is read and dropped (so the core's send queues do
// not stall while the link is down) and sets the sticky `mac_dropped_o`;
// the choice is made before the frame's first beat is offered and holds for
// the whole frame. One idle cycle separates frames on the MAC side.
//
// FIFO entries: {tuser, tlast, tkeep, tdata} = 578 bits, 2**AddrWidth of
// them: a frame of more than 2**AddrWidth beats would never commit, so
// AddrWidth must cover the largest frame (9 covers 32 KiB; the core's
// MAX_FRAME is 9018 bytes).
// Reset: see wn_async_fifo (`rst_i` and `mac_rst_i` from one source).
// Parameters: AddrWidth 8..12.
module wn_mac_tx #(
    parameter int AddrWidth = 9
) (
    // core side
    input  logic         clk_i,
    input  logic         rst_i,
    input  logic [511:0] s_axis_tdata_i,
    input  logic [63:0]  s_axis_tkeep_i,
    input  logic         s_axis_tlast_i,
    input  logic         s_axis_tuser_i,
    input  logic         s_axis_tvalid_i,
    output logic         s_axis_tready_o,
    // MAC side
    input  logic         mac_clk_i,
    input  logic         mac_rst_i,
    input  logic         mac_link_up_i,
    output logic [511:0] m_axis_tdata_o,
    output logic [63:0]  m_axis_tkeep_o,
    output logic         m_axis_tlast_o,
    output logic         m_axis_tuser_o,
    output logic         m_axis_tvalid_o,
    input  logic         m_axis_tready_i,
    output logic         mac_dropped_o
);
  localparam logic [63:0] KeepMin = 64'h0FFF_FFFF_FFFF_FFFF;  // 60 bytes

  generate
    if (AddrWidth < 8 || AddrWidth > 12) begin : g_bad_addr
      $fatal(1, "wn_mac_tx: AddrWidth must be 8..12");
    end
  endgenerate

  // ------------------------------------------------------------- core side
  logic         sof_q;  // the next beat starts a frame
  logic [63:0]  keep;
  logic [511:0] data;
  logic [AddrWidth:0] nc_count;

  assign keep = (sof_q && s_axis_tlast_i && !s_axis_tkeep_i[59]) ? KeepMin : s_axis_tkeep_i;

  for (genvar b = 0; b < 64; b++) begin : g_mask
    assign data[8*b+:8] = s_axis_tkeep_i[b] ? s_axis_tdata_i[8*b+:8] : 8'd0;
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) sof_q <= 1'b1;
    else if (s_axis_tvalid_i && s_axis_tready_o) sof_q <= s_axis_tlast_i;
  end

  logic [577:0] head;
  logic         head_valid, head_ready;

  wn_async_fifo #(
      .DataWidth(578),
      .AddrWidth(AddrWidth),
      .Commit   (1'b1)
  ) u_fifo (
      .wr_clk_i   (clk_i),
      .wr_rst_i   (rst_i),
      .wr_data_i  ({s_axis_tuser_i, s_axis_tlast_i, keep, data}),
      .wr_commit_i(s_axis_tlast_i),
      .wr_valid_i (s_axis_tvalid_i),
      .wr_ready_o (s_axis_tready_o),
      .wr_count_o (nc_count),
      .rd_clk_i   (mac_clk_i),
      .rd_rst_i   (mac_rst_i),
      .rd_data_o  (head),
      .rd_valid_o (head_valid),
      .rd_ready_i (head_ready)
  );

  // -------------------------------------------------------------- MAC side
  logic act_q;  // a frame is being sent or dropped
  logic drop_q;  // the current frame is dropped
  logic dropped_q;

  always_ff @(posedge mac_clk_i) begin
    if (mac_rst_i) begin
      act_q     <= 1'b0;
      drop_q    <= 1'b0;
      dropped_q <= 1'b0;
    end else begin
      if (!act_q) begin
        if (head_valid) begin
          act_q  <= 1'b1;
          drop_q <= !mac_link_up_i;
        end
      end else if (head_valid && head_ready && head[576]) begin
        act_q <= 1'b0;
        if (drop_q) dropped_q <= 1'b1;
      end
    end
  end

  assign head_ready      = act_q && (drop_q || m_axis_tready_i);
  assign m_axis_tvalid_o = act_q && !drop_q && head_valid;
  assign m_axis_tuser_o  = head[577];
  assign m_axis_tlast_o  = head[576];
  assign m_axis_tkeep_o  = head[575:512];
  assign m_axis_tdata_o  = head[511:0];
  assign mac_dropped_o   = dropped_q;

  logic unused_nc;
  assign unused_nc = ^nc_count;
endmodule
