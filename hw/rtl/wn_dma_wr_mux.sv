// wn_dma_wr_mux: shares the DMA write channel between NumPorts writers.
//
// A writer presents a whole write (address and length held on every beat,
// data beats until `last`). The mux grants round-robin at write boundaries
// and forwards the granted writer's beats unchanged, so writes from one
// writer reach the host in the order they were issued, and a writer's later
// write is ordered after its earlier ones (PCIe posted-write ordering makes
// data visible before a completion written after it).
// Done reports come back in write order; a FIFO of the writer of every
// outstanding write routes each report back (done_valid, done_err).
// Each writer's port is two channels, one flat vector per direction: its
// write beats (wn_abi_pkg::dma_wr_req_t) at bits p*DMA_WR_REQ_W of req_i
// with their ready at bit p of req_ready_o, its done reports
// (dma_wr_done_t, no ready) at bits p*DMA_WR_DONE_W of done_o; every
// port's done_err carries the host's current report.
// Latency 0 (combinational forward); throughput one beat per cycle.
// Reset clears the grant and the outstanding FIFO.
module wn_dma_wr_mux #(
    parameter int NumPorts = 3,
    parameter int MaxOutstanding = 64
) (
    input  logic                     clk_i,
    input  logic                     rst_i,
    // writers: NumPorts dma_wr_req_t and their readies, NumPorts
    // dma_wr_done_t
    input  logic [NumPorts*wn_abi_pkg::DMA_WR_REQ_W-1:0] req_i,
    output logic [NumPorts-1:0]      req_ready_o,
    output logic [NumPorts*wn_abi_pkg::DMA_WR_DONE_W-1:0] done_o,
    // host side
    output logic [63:0]              m_dma_wr_addr_o,
    output logic [15:0]              m_dma_wr_len_o,
    output logic [7:0]               m_dma_wr_tag_o,
    output logic [511:0]             m_dma_wr_data_o,
    output logic                     m_dma_wr_last_o,
    output logic                     m_dma_wr_valid_o,
    input  logic                     m_dma_wr_ready_i,
    input  logic [7:0]               s_dma_wr_done_tag_i,
    input  logic                     s_dma_wr_done_err_i,
    input  logic                     s_dma_wr_done_valid_i
);
  localparam int PW = (NumPorts > 1) ? $clog2(NumPorts) : 1;
  localparam int ReqW = wn_abi_pkg::DMA_WR_REQ_W;
  localparam int DoneW = wn_abi_pkg::DMA_WR_DONE_W;

  generate
    if (NumPorts < 1 || NumPorts > 8) begin : g_bad_ports
      $fatal(1, "wn_dma_wr_mux: NumPorts must be 1..8");
    end
  endgenerate

  logic          locked_q;
  logic [PW-1:0] sel_q, sel;
  logic          pick_valid;
  logic [PW-1:0] pick;
  logic [7:0]    tag_q;
  logic          track_wready, track_rvalid;
  logic [PW+7:0] track_rdata;
  logic [$clog2(MaxOutstanding):0] track_count;
  logic          first_beat;
  logic          beat_fire;
  // the writers' channels: valid of every port, the selected port's beat,
  // ready and done of every port
  logic [NumPorts-1:0]     wr_valid, wr_ready, done_valid;
  wn_abi_pkg::dma_wr_req_t sel_req;
  wn_abi_pkg::dma_wr_done_t port_done;

  // wr_valid leads dma_wr_req_t: the top bit of each port's slice
  always_comb begin
    for (int p = 0; p < NumPorts; p++) wr_valid[p] = req_i[p*ReqW + ReqW - 1];
  end
  // the selected port's beat (only when it offers one: the host side reads
  // the beat only with m_dma_wr_valid_o)
  always_comb begin
    sel_req = '0;
    if (wr_valid[sel]) sel_req = req_i[32'(sel)*ReqW +: ReqW];
  end

  assign req_ready_o = wr_ready;

  always_comb begin
    port_done = '0;
    port_done.done_err = s_dma_wr_done_err_i;
    done_o = '0;
    for (int p = 0; p < NumPorts; p++) begin
      port_done.done_valid = done_valid[p];
      done_o[p*DoneW +: DoneW] = port_done;
    end
  end

  // a write is granted at its first beat; the pointer moves on then
  wn_rr_arb #(
      .N(NumPorts)
  ) u_arb (
      .clk_i,
      .rst_i,
      .req_i   (wr_valid),
      .grant_o (pick),
      .valid_o (pick_valid),
      .accept_i(beat_fire && first_beat)
  );

  assign sel = locked_q ? sel_q : pick;
  assign first_beat = !locked_q;
  // A new write needs a slot in the outstanding FIFO.
  assign m_dma_wr_valid_o = (locked_q || (pick_valid && track_wready)) && wr_valid[sel];
  assign m_dma_wr_addr_o = sel_req.wr_addr;
  assign m_dma_wr_len_o = sel_req.wr_len;
  assign m_dma_wr_data_o = sel_req.wr_data;
  assign m_dma_wr_last_o = sel_req.wr_last;
  assign m_dma_wr_tag_o = tag_q;
  assign beat_fire = m_dma_wr_valid_o && m_dma_wr_ready_i;

  always_comb begin
    wr_ready = '0;
    if (m_dma_wr_valid_o) wr_ready[sel] = m_dma_wr_ready_i;
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      locked_q <= 1'b0;
      sel_q <= '0;
      tag_q <= '0;
    end else if (beat_fire) begin
      if (m_dma_wr_last_o) begin
        locked_q <= 1'b0;
        tag_q <= tag_q + 8'd1;
      end else begin
        locked_q <= 1'b1;
        sel_q <= sel;
      end
    end
  end

  wn_fifo #(
      .Width(PW + 8),
      .Depth(MaxOutstanding)
  ) u_track (
      .clk_i,
      .rst_i,
      .wdata_i ({sel, tag_q}),
      .wvalid_i(beat_fire && first_beat),
      .wready_o(track_wready),
      .rdata_o (track_rdata),
      .rvalid_o(track_rvalid),
      .rready_i(s_dma_wr_done_valid_i),
      .count_o (track_count)
  );

  always_comb begin
    done_valid = '0;
    if (s_dma_wr_done_valid_i && track_rvalid) done_valid[track_rdata[PW+7:8]] = 1'b1;
  end

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (!rst_i && s_dma_wr_done_valid_i) begin
      if (!track_rvalid) $error("wn_dma_wr_mux: done report with no outstanding write");
      else if (s_dma_wr_done_tag_i != track_rdata[7:0])
        $error("wn_dma_wr_mux: done tag %0d, expected %0d", s_dma_wr_done_tag_i, track_rdata[7:0]);
    end
  end
`endif

  logic unused;
  assign unused = ^{track_count, sel_req.wr_valid};
endmodule
