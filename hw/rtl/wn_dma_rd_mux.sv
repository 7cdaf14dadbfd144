// wn_dma_rd_mux: shares the DMA read channel between NumPorts requesters.
//
// Requests are granted round-robin, one per cycle. The host side returns
// responses in request order (docs/core-ports.md), so a FIFO of the port
// number of every outstanding request routes each response beat back to its
// requester; the entry is retired on the response's last beat. Tags are a
// running sequence number, checked against the response in simulation.
//
// Each requester's port is two channels, one flat vector per direction:
// its request (wn_abi_pkg::dma_rd_req_t) at bits p*DMA_RD_REQ_W of req_i
// with its ready at bit p of req_ready_o, its response (dma_rd_rsp_t) at
// bits p*DMA_RD_RSP_W of rsp_o with its ready at bit p of rsp_ready_i;
// the host's current beat appears only on the addressed port's response,
// with its rsp_valid (the other ports' responses are all zero).
//
// Requesters reserve space for the data they ask for before requesting, so
// a response never waits long on `rsp_ready_i`; backpressure is still
// honoured. Latency: request to the host in the cycle after the grant.
// Throughput: one request per cycle, one response beat per cycle.
// Reset clears the outstanding FIFO (never reset with requests in flight).
module wn_dma_rd_mux #(
    parameter int NumPorts = 3,
    parameter int MaxOutstanding = 64
) (
    input  logic                     clk_i,
    input  logic                     rst_i,
    // requesters: NumPorts dma_rd_req_t and their readies, NumPorts
    // dma_rd_rsp_t and their readies
    input  logic [NumPorts*wn_abi_pkg::DMA_RD_REQ_W-1:0] req_i,
    output logic [NumPorts-1:0]      req_ready_o,
    output logic [NumPorts*wn_abi_pkg::DMA_RD_RSP_W-1:0] rsp_o,
    input  logic [NumPorts-1:0]      rsp_ready_i,
    // host side
    output logic [63:0]              m_dma_rd_req_addr_o,
    output logic [15:0]              m_dma_rd_req_len_o,
    output logic [7:0]               m_dma_rd_req_tag_o,
    output logic                     m_dma_rd_req_valid_o,
    input  logic                     m_dma_rd_req_ready_i,
    input  logic [511:0]             s_dma_rd_rsp_data_i,
    input  logic [7:0]               s_dma_rd_rsp_tag_i,
    input  logic                     s_dma_rd_rsp_err_i,
    input  logic                     s_dma_rd_rsp_last_i,
    input  logic                     s_dma_rd_rsp_valid_i,
    output logic                     s_dma_rd_rsp_ready_o
);
  localparam int PW = (NumPorts > 1) ? $clog2(NumPorts) : 1;
  localparam int ReqW = wn_abi_pkg::DMA_RD_REQ_W;
  localparam int RspW = wn_abi_pkg::DMA_RD_RSP_W;

  generate
    if (NumPorts < 1 || NumPorts > 8) begin : g_bad_ports
      $fatal(1, "wn_dma_rd_mux: NumPorts must be 1..8");
    end
    if (MaxOutstanding < 2 || MaxOutstanding > 256) begin : g_bad_out
      $fatal(1, "wn_dma_rd_mux: MaxOutstanding must be 2..256");
    end
  endgenerate

  // Request stage: a registered request slot towards the host.
  logic            slot_valid_q;
  logic [63:0]     slot_addr_q;
  logic [15:0]     slot_len_q;
  logic [7:0]      slot_tag_q;
  logic [PW-1:0]   grant;
  logic            grant_any;
  logic            grant_valid;
  logic            slot_free;

  // Outstanding FIFO: port of each request (pushed at grant time).
  logic            track_wready, track_rvalid;
  logic [PW+7:0]   track_rdata;
  logic [$clog2(MaxOutstanding):0] track_count;
  logic            track_pop;
  logic [PW-1:0]   head_port;

  // The requesters' channels: the valid of every port's request, the
  // granted port's request, every port's response.
  logic [NumPorts-1:0]     req_valid, req_ready;
  wn_abi_pkg::dma_rd_req_t grant_req;
  wn_abi_pkg::dma_rd_rsp_t port_rsp;

  // req_valid leads dma_rd_req_t: the top bit of each port's slice
  always_comb begin
    for (int p = 0; p < NumPorts; p++) req_valid[p] = req_i[p*ReqW + ReqW - 1];
  end
  assign req_ready_o = req_ready;
  assign grant_req = req_i[32'(grant)*ReqW +: ReqW];

  // a beat goes to the port it answers; the other ports see nothing (a
  // port reads the response channel only with its valid)
  always_comb begin
    port_rsp = '0;
    rsp_o = '0;
    if (s_dma_rd_rsp_valid_i && track_rvalid) begin
      port_rsp.rsp_data = s_dma_rd_rsp_data_i;
      port_rsp.rsp_err = s_dma_rd_rsp_err_i;
      port_rsp.rsp_last = s_dma_rd_rsp_last_i;
      port_rsp.rsp_valid = 1'b1;
      rsp_o[32'(head_port)*RspW +: RspW] = port_rsp;
    end
  end

  assign slot_free = !slot_valid_q || m_dma_rd_req_ready_i;

  wn_rr_arb #(
      .N(NumPorts)
  ) u_arb (
      .clk_i,
      .rst_i,
      .req_i   (req_valid),
      .grant_o (grant),
      .valid_o (grant_any),
      .accept_i(grant_valid)
  );
  assign grant_valid = grant_any && slot_free && track_wready;

  always_comb begin
    req_ready = '0;
    if (grant_valid) req_ready[grant] = 1'b1;
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      slot_valid_q <= 1'b0;
      slot_tag_q <= '0;
    end else begin
      if (m_dma_rd_req_ready_i) slot_valid_q <= 1'b0;
      if (grant_valid) begin
        slot_valid_q <= 1'b1;
        slot_tag_q <= slot_tag_q + 8'd1;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (grant_valid) begin
      slot_addr_q <= grant_req.req_addr;
      slot_len_q <= grant_req.req_len;
    end
  end

  assign m_dma_rd_req_valid_o = slot_valid_q;
  assign m_dma_rd_req_addr_o = slot_addr_q;
  assign m_dma_rd_req_len_o = slot_len_q;
  assign m_dma_rd_req_tag_o = slot_tag_q - 8'd1;

  wn_fifo #(
      .Width(PW + 8),
      .Depth(MaxOutstanding)
  ) u_track (
      .clk_i,
      .rst_i,
      .wdata_i ({grant, slot_tag_q}),
      .wvalid_i(grant_valid),
      .wready_o(track_wready),
      .rdata_o (track_rdata),
      .rvalid_o(track_rvalid),
      .rready_i(track_pop),
      .count_o (track_count)
  );

  assign head_port = track_rdata[PW+7:8];

  // Response routing.
  assign s_dma_rd_rsp_ready_o = track_rvalid && rsp_ready_i[head_port];
  assign track_pop = s_dma_rd_rsp_valid_i && s_dma_rd_rsp_ready_o && s_dma_rd_rsp_last_i;

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (!rst_i && s_dma_rd_rsp_valid_i && s_dma_rd_rsp_ready_o) begin
      if (s_dma_rd_rsp_tag_i != track_rdata[7:0])
        $error("wn_dma_rd_mux: response tag %0d, expected %0d", s_dma_rd_rsp_tag_i, track_rdata[7:0]);
    end
    if (!rst_i && s_dma_rd_rsp_valid_i && !track_rvalid)
      $error("wn_dma_rd_mux: response with no outstanding request");
  end
`endif

  logic unused;
  assign unused = ^{track_count, grant_req.req_valid};
endmodule
