// wn_fw_tx: frames the firmware sends (FRAME_TX messages) to the MAC.
//
// Collects the words of a FRAME_TX message (format as in wn_fw_rx) into
// 512-bit beats in a store-and-forward buffer. A message whose length word
// is outside 14..=FW_FRAME_MAX, or whose word count disagrees with it, is
// dropped whole. Kept frames leave as an AXI-Stream frame (tkeep on the
// last beat) for the transmit multiplexer.
// Throughput: one word per cycle in, one beat per cycle out.
// Reset clears the buffer. Parameters: BufBeats as in wn_fw_rx.
module wn_fw_tx #(
    parameter int BufBeats = 64
) (
    input  logic         clk_i,
    input  logic         rst_i,
    input  logic [31:0]  s_tdata_i,
    input  logic         s_tlast_i,
    input  logic         s_tvalid_i,
    output logic         s_tready_o,
    output logic [511:0] m_tdata_o,
    output logic [63:0]  m_tkeep_o,
    output logic         m_tlast_o,
    output logic         m_tvalid_o,
    input  logic         m_tready_i,
    output logic         cnt_drop_o
);
  localparam int BW = $clog2(BufBeats);
  localparam int MaxBytes = wn_abi_pkg::FW_FRAME_MAX;

  generate
    if ((1 << BW) != BufBeats || BufBeats * 64 < 2 * MaxBytes) begin : g_bad
      $fatal(1, "wn_fw_tx: BufBeats must be a power of two holding two largest frames");
    end
  endgenerate

  logic [511:0] mem_q [BufBeats];
  logic [BW:0]  wp_commit_q, wp_tmp_q, rp_q;
  logic [1:0]   pos_q;        // 0 header, 1 length, 2 data
  logic [12:0]  len_q;
  logic [10:0]  word_q;
  logic         bad_q;
  logic [511:0] acc_q;
  logic         room;
  logic         in_fire;
  logic         len_wready;
  logic [10:0]  words;
  logic         data_word, beat_done, msg_ok;
  logic [13:0]  len_in;

  assign room = (wp_tmp_q - rp_q) <= (BW + 1)'(BufBeats - MaxBytes / 64 - 1);
  // a message is only started with room for a whole frame
  assign s_tready_o = (pos_q != 2'd0 || room) && len_wready;
  assign in_fire = s_tvalid_i && s_tready_o;
  assign len_in = s_tdata_i[13:0];
  assign words = 11'((len_q + 13'd3) >> 2);
  assign data_word = pos_q == 2'd2;
  assign beat_done = data_word && (word_q[3:0] == 4'd15 || (word_q + 11'd1) == words);
  assign msg_ok = !bad_q && data_word && (word_q + 11'd1) == words && s_tlast_i;

  always_ff @(posedge clk_i) begin
    if (in_fire && beat_done && !bad_q) mem_q[wp_tmp_q[BW-1:0]] <= {s_tdata_i, acc_q[511:32]} >> (32 * (15 - 32'(word_q[3:0])));
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      pos_q <= 2'd0;
      len_q <= '0;
      word_q <= '0;
      bad_q <= 1'b0;
      wp_commit_q <= '0;
      wp_tmp_q <= '0;
      acc_q <= '0;
    end else if (in_fire) begin
      acc_q <= {s_tdata_i, acc_q[511:32]};
      unique case (pos_q)
        2'd0: begin
          pos_q <= 2'd1;
          bad_q <= s_tlast_i;
        end
        2'd1: begin
          pos_q <= 2'd2;
          len_q <= len_in[12:0];
          word_q <= '0;
          if (s_tdata_i > 32'(MaxBytes) || s_tdata_i < 32'd14 || s_tlast_i) bad_q <= 1'b1;
        end
        default: begin
          word_q <= word_q + 11'd1;
          if (!bad_q && beat_done) wp_tmp_q <= wp_tmp_q + 1'b1;
          if (s_tlast_i != ((word_q + 11'd1) == words)) bad_q <= 1'b1;
        end
      endcase
      if (s_tlast_i) begin
        pos_q <= 2'd0;
        if (msg_ok) begin
          wp_commit_q <= wp_tmp_q + (BW + 1)'(beat_done);
          wp_tmp_q <= wp_tmp_q + (BW + 1)'(beat_done);
        end else begin
          wp_tmp_q <= wp_commit_q;
        end
      end
    end
  end

  assign cnt_drop_o = in_fire && s_tlast_i && !msg_ok;

  // frame lengths of committed frames
  logic [12:0] f_len;
  logic        f_valid, f_pop;
  logic [$clog2(8):0] nc_count;
  wn_fifo #(
      .Width(13),
      .Depth(8)
  ) u_len (
      .clk_i,
      .rst_i,
      .wdata_i (len_q),
      .wvalid_i(in_fire && s_tlast_i && msg_ok),
      .wready_o(len_wready),
      .rdata_o (f_len),
      .rvalid_o(f_valid),
      .rready_i(f_pop),
      .count_o (nc_count)
  );

  // output: registered read of the buffer, one beat at a time
  logic [511:0] out_q;
  logic         out_valid_q;
  logic [7:0]   ob_q;
  logic [7:0]   beats;
  logic         last;
  assign beats = 8'((f_len + 13'd63) >> 6);
  assign last = (ob_q + 8'd1) == beats;
  assign m_tvalid_o = out_valid_q && f_valid;
  assign m_tdata_o = out_q;
  assign m_tlast_o = last;
  always_comb begin
    m_tkeep_o = {64{1'b1}};
    if (last && f_len[5:0] != 6'd0) m_tkeep_o = (64'd1 << f_len[5:0]) - 64'd1;
  end
  assign f_pop = m_tvalid_o && m_tready_i && last;
  logic o_load;
  assign o_load = (rp_q != wp_commit_q) && (!out_valid_q || (m_tvalid_o && m_tready_i));
  always_ff @(posedge clk_i) begin
    if (o_load) out_q <= mem_q[rp_q[BW-1:0]];
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      rp_q <= '0;
      out_valid_q <= 1'b0;
      ob_q <= '0;
    end else begin
      if (o_load) begin
        rp_q <= rp_q + 1'b1;
        out_valid_q <= 1'b1;
      end else if (m_tvalid_o && m_tready_i) begin
        out_valid_q <= 1'b0;
      end
      if (m_tvalid_o && m_tready_i) ob_q <= last ? 8'd0 : ob_q + 8'd1;
    end
  end

  logic unused;
  assign unused = ^{nc_count, len_in[13], s_tdata_i[31:14], acc_q[31:0]};
endmodule
