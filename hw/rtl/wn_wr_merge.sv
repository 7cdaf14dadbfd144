// wn_wr_merge: joins block writes (at most 64 bytes, inside one 64-byte
// host block, bytes at their host-address lanes) that continue one
// another into DMA writes of up to Window bytes that never cross a
// Window-aligned boundary (Window = the PCIe max payload: one write, one
// TLP, instead of one TLP per 64 bytes).
//
// In (s_*): {addr, len 1..64, data and keep at lane addr mod 64}, one per
// cycle (two blocks may share a host block: the bytes of each are kept).
// A block joins the open write when it starts where the write ends and
// lies in the same Window; otherwise, or in a cycle without a block, the
// open write closes. Closed writes wait in a FIFO of whole writes and
// leave as DMA writes (m_*: address and length on every beat, bytes from
// lane 0, `last` on the last beat), one beat per cycle.
// `done_o` counts the blocks (free-running) whose write's last beat the
// DMA port has taken: a consumer that must not overtake the data counts
// the blocks it hands in and waits for `done_o` to reach them.
// Parameters: Window a power of two, 128..4096 (writes of Window/64
// blocks).
module wn_wr_merge #(
    parameter int Window = 256,
    localparam int NB = Window / 64
) (
    input  logic         clk_i,
    input  logic         rst_i,
    input  logic         s_valid_i,
    output logic         s_ready_o,
    input  logic [63:0]  s_addr_i,
    input  logic [6:0]   s_len_i,
    input  logic [511:0] s_data_i,
    input  logic [63:0]  s_keep_i,
    output logic [63:0]  m_addr_o,
    output logic [15:0]  m_len_o,
    output logic [511:0] m_data_o,
    output logic         m_last_o,
    output logic         m_valid_o,
    input  logic         m_ready_i,
    output logic [15:0]  done_o
);
  localparam int BW = $clog2(NB);
  localparam int WW = $clog2(Window);

  generate
    if (Window < 128 || Window > 4096 || (1 << WW) != Window) begin : g_bad
      $fatal(1, "wn_wr_merge: Window must be a power of two 128..4096");
    end
  endgenerate

  // the open write: its first byte, its bytes, its blocks in host lanes
  logic               o_valid_q;
  logic [63:0]        o_addr_q;
  logic [15:0]        o_len_q;
  logic [NB*512-1:0]  o_buf_q;
  logic [BW:0]        o_nb_q;
  logic               joins, close, push;
  logic [BW-1:0]      blk;
  assign blk = s_addr_i[WW-1:6];
  logic [511:0] kmask;
  always_comb for (int i = 0; i < 64; i++) kmask[i*8 +: 8] = {8{s_keep_i[i]}};
  logic follows;
  assign follows = o_valid_q && s_addr_i == o_addr_q + 64'(o_len_q) && s_addr_i[63:WW] == o_addr_q[63:WW];
  assign joins = s_valid_i && follows;
  // the open write closes when a block does not joins it, or no block comes
  assign close = o_valid_q && !joins;

  // closed writes: {addr, len, blocks}
  logic [BW+1+64+16+NB*512-1:0] wf_head;
  logic                    wf_valid, wf_wready, wf_pop;
  logic [3:0]              wf_count;
  wn_fifo #(
      .Width(BW + 1 + 64 + 16 + NB * 512),
      .Depth(8)
  ) u_wf (
      .clk_i,
      .rst_i,
      .wdata_i ({o_nb_q, o_addr_q, o_len_q, o_buf_q}),
      .wvalid_i(push),
      .wready_o(wf_wready),
      .rdata_o (wf_head),
      .rvalid_o(wf_valid),
      .rready_i(wf_pop),
      .count_o (wf_count)
  );
  assign push = close && wf_wready;
  // a block that does not joins needs the open write out of the way
  assign s_ready_o = !o_valid_q || follows || wf_wready;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      o_valid_q <= 1'b0;
      o_addr_q <= 64'd0;
      o_len_q <= 16'd0;
      o_buf_q <= '0;
      o_nb_q <= '0;
    end else begin
      if (s_valid_i && s_ready_o) begin
        if (joins) begin
          o_len_q <= o_len_q + {9'd0, s_len_i};
          o_nb_q <= o_nb_q + 1'b1;
          o_buf_q[32'(blk)*512 +: 512] <= (o_buf_q[32'(blk)*512 +: 512] & ~kmask) | (s_data_i & kmask);
        end else begin
          o_valid_q <= 1'b1;
          o_addr_q <= s_addr_i;
          o_len_q <= {9'd0, s_len_i};
          o_buf_q <= '0;
          o_buf_q[32'(blk)*512 +: 512] <= s_data_i & kmask;
          o_nb_q <= (BW + 1)'(1);
        end
      end else if (push) o_valid_q <= 1'b0;
    end
  end

  // out: the head write's bytes from lane 0, one beat per cycle
  logic [63:0]         h_addr;
  logic [15:0]         h_len;
  logic [NB*512-1:0]   h_buf;
  logic [(NB+1)*512-1:0] h_shift;
  logic [BW:0]         beat_q, first_blk, nbeats;
  assign h_addr = wf_head[64+16+NB*512-1 -: 64];
  assign h_len = wf_head[16+NB*512-1 -: 16];
  assign h_buf = wf_head[NB*512-1:0];
  assign first_blk = {1'b0, h_addr[WW-1:6]};
  // the blocks from the first, shifted down to the first byte
  assign h_shift = {512'd0, h_buf} >> {first_blk, 9'd0} >> {h_addr[5:0], 3'b000};
  assign nbeats = (BW + 1)'((h_len + 16'd63) >> 6);
  assign m_addr_o = h_addr;
  assign m_len_o = h_len;
  assign m_data_o = h_shift[32'(beat_q)*512 +: 512];
  assign m_last_o = beat_q + 1'b1 == nbeats;
  assign m_valid_o = wf_valid;
  assign wf_pop = wf_valid && m_ready_i && m_last_o;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      beat_q <= '0;
      done_o <= 16'd0;
    end else if (wf_valid && m_ready_i) begin
      beat_q <= m_last_o ? '0 : beat_q + 1'b1;
      if (m_last_o) done_o <= done_o + 16'(wf_head[BW+64+16+NB*512 -: BW+1]);
    end
  end

  logic unused;
  assign unused = ^{wf_count, h_len[15:WW+1]};
endmodule
