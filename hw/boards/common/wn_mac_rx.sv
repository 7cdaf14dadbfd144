// wn_mac_rx: a MAC's receive stream into the core's clock.
//
// Neither end can wait: the MAC has no backpressure and the core takes a
// beat every cycle (docs/core-ports.md), so the beats cross in a
// wn_async_fifo whose reader is always ready. The core's clock moves 128
// Gb/s of 512-bit beats, more than the 100 Gb/s line, so the FIFO only
// absorbs a frame's burst at the MAC clock; it should never fill. If it does,
// the frame is cut cleanly instead of being passed on broken:
//  - a frame whose first beat finds the FIFO full is dropped whole;
//  - a frame cut after some beats were written gets an abort beat (tlast
//    and tuser set, one byte of tkeep, data 0) as soon as there is room, so
//    the core discards it as a bad frame, and its remaining beats are
//    dropped; a frame starting while an abort beat waits is dropped whole.
// Either case sets the sticky `mac_overflow_o`. While `mac_rx_en_i` is low
// (the MAC's receive path in reset) beats are ignored and a frame in
// progress is aborted the same way; once it is high again, beats are dropped
// up to the next end of frame, so a frame whose start was missed is never
// passed on (the first frame after a MAC receive reset may be lost).
//
// MAC side (`mac_clk_i`): frames without FCS, tuser on the last beat for a
// bad FCS or MAC error (the MAC configured to strip and check the FCS).
// Core side (`clk_i`): the same beats, `m_axis_tvalid_o` without ready.
// FIFO entries: {tuser, tlast, tkeep, tdata} = 578 bits, 2**AddrWidth.
// Reset: see wn_async_fifo (`rst_i` and `mac_rst_i` from one source).
// Parameters: AddrWidth 4..12.
module wn_mac_rx #(
    parameter int AddrWidth = 9
) (
    // core side
    input  logic         clk_i,
    input  logic         rst_i,
    output logic [511:0] m_axis_tdata_o,
    output logic [63:0]  m_axis_tkeep_o,
    output logic         m_axis_tlast_o,
    output logic         m_axis_tuser_o,
    output logic         m_axis_tvalid_o,
    // MAC side
    input  logic         mac_clk_i,
    input  logic         mac_rst_i,
    input  logic         mac_rx_en_i,
    input  logic [511:0] s_axis_tdata_i,
    input  logic [63:0]  s_axis_tkeep_i,
    input  logic         s_axis_tlast_i,
    input  logic         s_axis_tuser_i,
    input  logic         s_axis_tvalid_i,
    output logic         mac_overflow_o
);
  localparam logic [577:0] AbortBeat = {1'b1, 1'b1, 64'h1, 512'd0};

  generate
    if (AddrWidth < 4 || AddrWidth > 12) begin : g_bad_addr
      $fatal(1, "wn_mac_rx: AddrWidth must be 4..12");
    end
  endgenerate

  logic               beat, wr_valid, wr_ready;
  logic [577:0]       wr_data;
  logic               in_frame_q;  // beats of the current frame were written
  logic               drop_q;  // dropping the rest of the current frame
  logic               abort_q;  // an abort beat waits to be written
  logic               overflow_q;
  logic [AddrWidth:0] nc_count;

  assign beat = s_axis_tvalid_i && mac_rx_en_i;

  always_comb begin
    wr_valid = 1'b0;
    wr_data  = {s_axis_tuser_i, s_axis_tlast_i, s_axis_tkeep_i, s_axis_tdata_i};
    if (abort_q) begin
      wr_valid = 1'b1;
      wr_data  = AbortBeat;
    end else if (beat && !drop_q) begin
      wr_valid = 1'b1;
    end
  end

  always_ff @(posedge mac_clk_i) begin
    if (mac_rst_i) begin
      in_frame_q <= 1'b0;
      drop_q     <= 1'b0;
      abort_q    <= 1'b0;
      overflow_q <= 1'b0;
    end else if (!mac_rx_en_i) begin
      if (in_frame_q) abort_q <= 1'b1;
      else if (abort_q && wr_ready) abort_q <= 1'b0;
      in_frame_q <= 1'b0;
      drop_q     <= 1'b1;
    end else if (abort_q) begin
      // the abort beat owns the write port this cycle
      if (wr_ready) abort_q <= 1'b0;
      if (beat) begin
        if (drop_q) begin
          if (s_axis_tlast_i) drop_q <= 1'b0;
        end else begin
          drop_q     <= !s_axis_tlast_i;
          overflow_q <= 1'b1;
        end
      end
    end else if (beat) begin
      if (drop_q) begin
        if (s_axis_tlast_i) drop_q <= 1'b0;
      end else if (wr_ready) begin
        in_frame_q <= !s_axis_tlast_i;
      end else begin
        overflow_q <= 1'b1;
        abort_q    <= in_frame_q;
        in_frame_q <= 1'b0;
        drop_q     <= !s_axis_tlast_i;
      end
    end
  end

  assign mac_overflow_o = overflow_q;

  logic [577:0] head;

  wn_async_fifo #(
      .DataWidth(578),
      .AddrWidth(AddrWidth)
  ) u_fifo (
      .wr_clk_i   (mac_clk_i),
      .wr_rst_i   (mac_rst_i),
      .wr_data_i  (wr_data),
      .wr_commit_i(1'b1),
      .wr_valid_i (wr_valid),
      .wr_ready_o (wr_ready),
      .wr_count_o (nc_count),
      .rd_clk_i   (clk_i),
      .rd_rst_i   (rst_i),
      .rd_data_o  (head),
      .rd_valid_o (m_axis_tvalid_o),
      .rd_ready_i (1'b1)
  );

  assign m_axis_tuser_o = head[577];
  assign m_axis_tlast_o = head[576];
  assign m_axis_tkeep_o = head[575:512];
  assign m_axis_tdata_o = head[511:0];

  logic unused_nc;
  assign unused_nc = ^nc_count;
endmodule
