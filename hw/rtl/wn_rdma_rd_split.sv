// wn_rdma_rd_split: the TCP engine's payload reads, split between host
// memory (a stream's send buffer, through the DMA read mux) and wn_rdma_tx
// (an RDMA connection's FPDUs: address bit 63 set, {1, QP[14:0], stream
// offset[31:0], byte[15:0]}). Responses go back to the engine in request
// order, whichever side answers, with their refusals (rsp_err: host memory
// unmapped, or wn_rdma_tx's answer to a stale read).
//
// The DMA side's response beats are taken at once into a FIFO of
// RspBeats beats (the engine reserves room for every read it issues, at
// most RspBeats beats, so it never overflows), so the shared response
// channel never waits for an FPDU being built: wn_rdma_tx's own payload
// reads travel on that channel.
// Request kinds wait in a FIFO of MaxOutstanding entries.
module wn_rdma_rd_split #(
    parameter int RspBeats = 1024,
    parameter int MaxOutstanding = 128
) (
    input  logic         clk_i,
    input  logic         rst_i,
    // the engine
    input  wn_abi_pkg::dma_rd_req_t s_req_i,
    output logic                    s_req_ready_o,
    output wn_abi_pkg::dma_rd_rsp_t s_rsp_o,
    input  logic                    s_rsp_ready_i,
    // host memory (a DMA read mux port)
    output wn_abi_pkg::dma_rd_req_t m_req_o,
    input  logic                    m_req_ready_i,
    input  wn_abi_pkg::dma_rd_rsp_t m_rsp_i,
    output logic                    m_rsp_ready_o,
    // wn_rdma_tx's server
    output logic         srv_valid_o,
    input  logic         srv_ready_i,
    output logic [15:0]  srv_qp_o,
    output logic [31:0]  srv_off_o,
    output logic [15:0]  srv_len_o,
    input  logic [511:0] srv_rsp_data_i,
    input  logic         srv_rsp_last_i,
    input  logic         srv_rsp_err_i,
    input  logic         srv_rsp_valid_i,
    output logic         srv_rsp_ready_o
);
  localparam int KW = $clog2(MaxOutstanding) + 1;
  localparam int BW = $clog2(RspBeats) + 1;
  logic rdma;
  logic k_head, k_valid, k_wready, k_pop;
  logic [KW-1:0] k_count;
  logic [513:0] b_head;
  logic b_valid, b_wready;
  logic [BW-1:0] b_count;

  assign rdma = s_req_i.req_addr[63];
  assign s_req_ready_o = k_wready && (rdma ? srv_ready_i : m_req_ready_i);
  assign m_req_o.req_valid = s_req_i.req_valid && !rdma && k_wready;
  assign m_req_o.req_addr = s_req_i.req_addr;
  assign m_req_o.req_len = s_req_i.req_len;
  assign srv_valid_o = s_req_i.req_valid && rdma && k_wready;
  assign srv_qp_o = {1'b0, s_req_i.req_addr[62:48]};
  assign srv_off_o = s_req_i.req_addr[47:16] + {16'd0, s_req_i.req_addr[15:0]};
  assign srv_len_o = s_req_i.req_len;

  wn_fifo #(
      .Width(1),
      .Depth(MaxOutstanding)
  ) u_kind (
      .clk_i,
      .rst_i,
      .wdata_i (rdma),
      .wvalid_i(s_req_i.req_valid && s_req_ready_o),
      .wready_o(k_wready),
      .rdata_o (k_head),
      .rvalid_o(k_valid),
      .rready_i(k_pop),
      .count_o (k_count)
  );
  wn_fifo #(
      .Width(514),
      .Depth(RspBeats)
  ) u_beats (
      .clk_i,
      .rst_i,
      .wdata_i ({m_rsp_i.rsp_err, m_rsp_i.rsp_last, m_rsp_i.rsp_data}),
      .wvalid_i(m_rsp_i.rsp_valid),
      .wready_o(b_wready),
      .rdata_o (b_head),
      .rvalid_o(b_valid),
      .rready_i(k_valid && !k_head && s_rsp_ready_i),
      .count_o (b_count)
  );
  assign m_rsp_ready_o = b_wready;
  assign s_rsp_o.rsp_valid = k_valid && (k_head ? srv_rsp_valid_i : b_valid);
  assign s_rsp_o.rsp_data = k_head ? srv_rsp_data_i : b_head[511:0];
  assign s_rsp_o.rsp_last = k_head ? srv_rsp_last_i : b_head[512];
  assign s_rsp_o.rsp_err = k_head ? srv_rsp_err_i : b_head[513];
  assign srv_rsp_ready_o = k_valid && k_head && s_rsp_ready_i;
  assign k_pop = s_rsp_o.rsp_valid && s_rsp_ready_i && s_rsp_o.rsp_last;

  logic unused;
  assign unused = ^{k_count, b_count};
endmodule
