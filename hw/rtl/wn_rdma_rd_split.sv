// wn_rdma_rd_split: the TCP engine's payload reads, split between host
// memory (a stream's send buffer, through the DMA read mux) and wn_rdma_tx
// (an RDMA connection's FPDUs: address bit 63 set, {1, QP[14:0], stream
// offset[31:0], byte[15:0]}). Responses go back to the engine in request
// order, whichever side answers.
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
    input  logic [63:0]  s_addr_i,
    input  logic [15:0]  s_len_i,
    input  logic         s_valid_i,
    output logic         s_ready_o,
    output logic [511:0] s_rsp_data_o,
    output logic         s_rsp_err_o,
    output logic         s_rsp_last_o,
    output logic         s_rsp_valid_o,
    input  logic         s_rsp_ready_i,
    // host memory (a DMA read mux port)
    output logic [63:0]  m_addr_o,
    output logic [15:0]  m_len_o,
    output logic         m_valid_o,
    input  logic         m_ready_i,
    input  logic [511:0] m_rsp_data_i,
    input  logic         m_rsp_err_i,
    input  logic         m_rsp_last_i,
    input  logic         m_rsp_valid_i,
    output logic         m_rsp_ready_o,
    // wn_rdma_tx's server
    output logic         srv_valid_o,
    input  logic         srv_ready_i,
    output logic [15:0]  srv_qp_o,
    output logic [31:0]  srv_off_o,
    output logic [15:0]  srv_len_o,
    input  logic [511:0] srv_rsp_data_i,
    input  logic         srv_rsp_last_i,
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

  assign rdma = s_addr_i[63];
  assign s_ready_o = k_wready && (rdma ? srv_ready_i : m_ready_i);
  assign m_valid_o = s_valid_i && !rdma && k_wready;
  assign m_addr_o = s_addr_i;
  assign m_len_o = s_len_i;
  assign srv_valid_o = s_valid_i && rdma && k_wready;
  assign srv_qp_o = {1'b0, s_addr_i[62:48]};
  assign srv_off_o = s_addr_i[47:16] + {16'd0, s_addr_i[15:0]};
  assign srv_len_o = s_len_i;

  wn_fifo #(
      .Width(1),
      .Depth(MaxOutstanding)
  ) u_kind (
      .clk_i,
      .rst_i,
      .wdata_i (rdma),
      .wvalid_i(s_valid_i && s_ready_o),
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
      .wdata_i ({m_rsp_err_i, m_rsp_last_i, m_rsp_data_i}),
      .wvalid_i(m_rsp_valid_i),
      .wready_o(b_wready),
      .rdata_o (b_head),
      .rvalid_o(b_valid),
      .rready_i(k_valid && !k_head && s_rsp_ready_i),
      .count_o (b_count)
  );
  assign m_rsp_ready_o = b_wready;
  assign s_rsp_valid_o = k_valid && (k_head ? srv_rsp_valid_i : b_valid);
  assign s_rsp_data_o = k_head ? srv_rsp_data_i : b_head[511:0];
  assign s_rsp_last_o = k_head ? srv_rsp_last_i : b_head[512];
  assign s_rsp_err_o = k_head ? 1'b0 : b_head[513];
  assign srv_rsp_ready_o = k_valid && k_head && s_rsp_ready_i;
  assign k_pop = s_rsp_valid_o && s_rsp_ready_i && s_rsp_last_o;

  logic unused;
  assign unused = ^{k_count, b_count};
endmodule
