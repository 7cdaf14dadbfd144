// wn_fw_rx: received exception-path frames to the firmware.
//
// Takes the beats of frames the receive engine steered to the firmware
// (ARP, ICMP to the port's address: see EXC_FILTER), keeps each frame in a
// store-and-forward buffer, and drops it (the write pointer rolls back) if
// the MAC marked it bad, it is longer than FW_FRAME_MAX, or the buffer is
// full. Kept frames go out as FRAME_RX messages on a 32-bit stream:
//
// | word | content |
// |---|---|
// | 0 | fw_msg_hdr: opcode FRAME_RX, seq 0, status 0, len 0 |
// | 1 | frame length in bytes |
// | 2.. | the frame, 4 bytes per word, byte 0 in bits 7:0; the last word zero-padded |
//
// Throughput: one beat per cycle in (no backpressure), one word per cycle
// out. Reset clears the buffer.
// Parameters: BufBeats, a power of two >= 2 * FW_FRAME_MAX / 64.
module wn_fw_rx #(
    parameter int BufBeats = 64
) (
    input  logic         clk_i,
    input  logic         rst_i,
    input  logic [511:0] s_tdata_i,
    input  logic [63:0]  s_tkeep_i,
    input  logic         s_tlast_i,
    input  logic         s_tuser_i,
    input  logic         s_tvalid_i,
    output logic [31:0]  m_tdata_o,
    output logic         m_tlast_o,
    output logic         m_tvalid_o,
    input  logic         m_tready_i,
    output logic         cnt_frame_o,
    output logic         cnt_drop_o
);
  localparam int BW = $clog2(BufBeats);
  localparam int MaxBytes = wn_abi_pkg::FW_FRAME_MAX;

  generate
    if ((1 << BW) != BufBeats || BufBeats * 64 < 2 * MaxBytes) begin : g_bad
      $fatal(1, "wn_fw_rx: BufBeats must be a power of two holding two largest frames");
    end
  endgenerate

  // ---- capture
  logic [511:0] mem_q [BufBeats];
  logic [BW:0]  wp_commit_q, wp_tmp_q, rp_q;
  logic [12:0]  len_q;
  logic         bad_q, in_q;
  logic [6:0]   beat_bytes;
  logic [13:0]  len_next;
  logic         full, too_long, wr, eof, keep_frame;
  logic         len_wready;

  // (counted only for a valid beat: every use is gated by s_tvalid_i)
  always_comb begin
    beat_bytes = 7'd0;
    if (s_tvalid_i) begin
      for (int k = 0; k < 64; k++) begin
        if (s_tkeep_i[k]) beat_bytes = 7'(k + 1);
      end
    end
  end
  assign len_next = (in_q ? {1'b0, len_q} : 14'd0) + {7'd0, beat_bytes};
  assign too_long = len_next > 14'(MaxBytes);
  assign full = (wp_tmp_q - rp_q) == (BW + 1)'(BufBeats);
  assign wr = s_tvalid_i && !(in_q && bad_q) && !too_long && !full;
  assign eof = s_tvalid_i && s_tlast_i;
  assign keep_frame = !(in_q && bad_q) && !too_long && !full && !s_tuser_i && len_wready;

  always_ff @(posedge clk_i) begin
    if (wr) mem_q[wp_tmp_q[BW-1:0]] <= s_tdata_i;
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      wp_commit_q <= '0;
      wp_tmp_q <= '0;
      len_q <= '0;
      bad_q <= 1'b0;
      in_q <= 1'b0;
    end else if (s_tvalid_i) begin
      in_q <= !s_tlast_i;
      len_q <= len_next[12:0];
      bad_q <= (in_q && bad_q) || too_long || full;
      if (eof) begin
        if (keep_frame) begin
          wp_commit_q <= wp_tmp_q + (BW + 1)'(wr);
          wp_tmp_q <= wp_tmp_q + (BW + 1)'(wr);
        end else begin
          wp_tmp_q <= wp_commit_q;
        end
      end else if (wr) begin
        wp_tmp_q <= wp_tmp_q + 1'b1;
      end
    end
  end

  assign cnt_frame_o = eof && keep_frame;
  // a frame with a bad FCS is counted by the receive engine
  assign cnt_drop_o = eof && !s_tuser_i && !keep_frame;

  logic [12:0] len_rdata;
  logic        len_rvalid, len_pop;
  logic [$clog2(8):0] nc_count;
  wn_fifo #(
      .Width(13),
      .Depth(8)
  ) u_len (
      .clk_i,
      .rst_i,
      .wdata_i (len_next[12:0]),
      .wvalid_i(eof && keep_frame),
      .wready_o(len_wready),
      .rdata_o (len_rdata),
      .rvalid_o(len_rvalid),
      .rready_i(len_pop),
      .count_o (nc_count)
  );

  // ---- serialize: header, length, data words
  typedef enum logic [1:0] {
    SHdr,
    SLen,
    SData
  } sstate_e;
  sstate_e     s_q;
  logic [10:0] word_q;       // data word index within the frame
  logic [10:0] words;        // data words of the frame
  logic [511:0] beat_q;      // current beat
  logic        beat_valid_q;
  logic        load;
  logic        fire;

  assign words = 11'((len_rdata + 13'd3) >> 2);
  assign fire = m_tvalid_o && m_tready_i;
  // the beat holding data word `word_q` is loaded when the word index
  // enters a new beat
  assign load = (rp_q != wp_commit_q) && !beat_valid_q && (s_q == SData);

  always_ff @(posedge clk_i) begin
    if (load) beat_q <= mem_q[rp_q[BW-1:0]];
  end

  always_comb begin
    m_tvalid_o = 1'b0;
    m_tlast_o = 1'b0;
    m_tdata_o = 32'd0;
    unique case (s_q)
      SHdr: begin
        m_tvalid_o = len_rvalid;
        m_tdata_o = {24'd0, 8'(wn_abi_pkg::FW_OPCODE_FRAME_RX)};
      end
      SLen: begin
        m_tvalid_o = 1'b1;
        m_tdata_o = {19'd0, len_rdata};
      end
      SData: begin
        m_tvalid_o = beat_valid_q;
        m_tdata_o = beat_q[32'(word_q[3:0])*32 +: 32];
        m_tlast_o = (word_q + 11'd1) == words;
        // zero the bytes past the end in the last word
        if (m_tlast_o && len_rdata[1:0] != 2'd0)
          m_tdata_o = m_tdata_o & ((32'd1 << {len_rdata[1:0], 3'd0}) - 32'd1);
      end
      default: ;
    endcase
  end
  assign len_pop = fire && m_tlast_o;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      s_q <= SHdr;
      word_q <= '0;
      beat_valid_q <= 1'b0;
      rp_q <= '0;
    end else begin
      if (load) begin
        beat_valid_q <= 1'b1;
        rp_q <= rp_q + 1'b1;
      end
      if (fire) begin
        unique case (s_q)
          SHdr: s_q <= SLen;
          SLen: s_q <= SData;
          SData: begin
            if (m_tlast_o) begin
              s_q <= SHdr;
              word_q <= '0;
              beat_valid_q <= 1'b0;
            end else begin
              word_q <= word_q + 11'd1;
              if (word_q[3:0] == 4'd15) beat_valid_q <= 1'b0;
            end
          end
          default: s_q <= SHdr;
        endcase
      end
    end
  end

  logic unused;
  assign unused = ^{nc_count, len_next[13]};
endmodule
