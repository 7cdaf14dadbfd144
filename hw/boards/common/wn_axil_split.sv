// wn_axil_split: routes an AXI4-Lite slave port to one of two master ports
// by one address bit.
//
// Address bit `SelBit` 0 selects port 0, 1 selects port 1; both ports see
// the whole address. One write and one read are handled at a time, each
// with its own small state machine: the write waits for both AW and W,
// issues them to the selected port, waits for its B and returns it; the
// read issues AR and returns the R. A BAR is accessed one register at a time
// by the host, so this costs nothing that matters.
//
// Latency: 1 cycle on each of the request and response paths (registered).
// Reset clears both state machines.
// Parameters: AddrWidth 2..64; SelBit 0..AddrWidth-1.
module wn_axil_split #(
    parameter int AddrWidth = 17,
    parameter int SelBit    = 16
) (
    input  logic                 clk_i,
    input  logic                 rst_i,
    // slave port
    input  logic [AddrWidth-1:0] s_axil_awaddr_i,
    input  logic                 s_axil_awvalid_i,
    output logic                 s_axil_awready_o,
    input  logic [31:0]          s_axil_wdata_i,
    input  logic [3:0]           s_axil_wstrb_i,
    input  logic                 s_axil_wvalid_i,
    output logic                 s_axil_wready_o,
    output logic [1:0]           s_axil_bresp_o,
    output logic                 s_axil_bvalid_o,
    input  logic                 s_axil_bready_i,
    input  logic [AddrWidth-1:0] s_axil_araddr_i,
    input  logic                 s_axil_arvalid_i,
    output logic                 s_axil_arready_o,
    output logic [31:0]          s_axil_rdata_o,
    output logic [1:0]           s_axil_rresp_o,
    output logic                 s_axil_rvalid_o,
    input  logic                 s_axil_rready_i,
    // master ports: shared request fields, per-port valid/ready
    output logic [AddrWidth-1:0] m_axil_awaddr_o,
    output logic [1:0]           m_axil_awvalid_o,
    input  logic [1:0]           m_axil_awready_i,
    output logic [31:0]          m_axil_wdata_o,
    output logic [3:0]           m_axil_wstrb_o,
    output logic [1:0]           m_axil_wvalid_o,
    input  logic [1:0]           m_axil_wready_i,
    input  logic [3:0]           m_axil_bresp_i,  // port n in bits 2n+1:2n
    input  logic [1:0]           m_axil_bvalid_i,
    output logic [1:0]           m_axil_bready_o,
    output logic [AddrWidth-1:0] m_axil_araddr_o,
    output logic [1:0]           m_axil_arvalid_o,
    input  logic [1:0]           m_axil_arready_i,
    input  logic [63:0]          m_axil_rdata_i,  // port n in bits 32n+31:32n
    input  logic [3:0]           m_axil_rresp_i,
    input  logic [1:0]           m_axil_rvalid_i,
    output logic [1:0]           m_axil_rready_o
);
  generate
    if (AddrWidth < 2 || AddrWidth > 64 || SelBit < 0 || SelBit >= AddrWidth) begin : g_bad
      $fatal(1, "wn_axil_split: bad AddrWidth/SelBit");
    end
  endgenerate

  // ------------------------------------------------------------------ write
  typedef enum logic [1:0] {
    WrIdle,
    WrIssue,
    WrWait,
    WrResp
  } wr_state_e;

  wr_state_e            wr_state_q, wr_state_d;
  logic [AddrWidth-1:0] awaddr_q;
  logic [31:0]          wdata_q;
  logic [3:0]           wstrb_q;
  logic                 wsel_q, aw_pend_q, w_pend_q;
  logic [1:0]           bresp_q;
  logic                 wr_accept, aw_fire, w_fire, b_fire;

  assign wr_accept = (wr_state_q == WrIdle) && s_axil_awvalid_i && s_axil_wvalid_i;
  assign aw_fire   = aw_pend_q && m_axil_awready_i[wsel_q];
  assign w_fire    = w_pend_q && m_axil_wready_i[wsel_q];
  assign b_fire    = (wr_state_q == WrWait) && m_axil_bvalid_i[wsel_q];

  always_comb begin
    wr_state_d = wr_state_q;
    unique case (wr_state_q)
      WrIdle:  if (wr_accept) wr_state_d = WrIssue;
      WrIssue: if ((!aw_pend_q || aw_fire) && (!w_pend_q || w_fire)) wr_state_d = WrWait;
      WrWait:  if (b_fire) wr_state_d = WrResp;
      WrResp:  if (s_axil_bready_i) wr_state_d = WrIdle;
      default: wr_state_d = WrIdle;
    endcase
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      wr_state_q <= WrIdle;
      aw_pend_q  <= 1'b0;
      w_pend_q   <= 1'b0;
    end else begin
      wr_state_q <= wr_state_d;
      if (wr_accept) begin
        aw_pend_q <= 1'b1;
        w_pend_q  <= 1'b1;
      end else begin
        if (aw_fire) aw_pend_q <= 1'b0;
        if (w_fire) w_pend_q <= 1'b0;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (wr_accept) begin
      awaddr_q <= s_axil_awaddr_i;
      wdata_q  <= s_axil_wdata_i;
      wstrb_q  <= s_axil_wstrb_i;
      wsel_q   <= s_axil_awaddr_i[SelBit];
    end
    if (b_fire) bresp_q <= m_axil_bresp_i[2*wsel_q+:2];
  end

  assign s_axil_awready_o = wr_accept;
  assign s_axil_wready_o  = wr_accept;
  assign s_axil_bvalid_o  = (wr_state_q == WrResp);
  assign s_axil_bresp_o   = bresp_q;
  assign m_axil_awaddr_o  = awaddr_q;
  assign m_axil_wdata_o   = wdata_q;
  assign m_axil_wstrb_o   = wstrb_q;
  assign m_axil_awvalid_o = {aw_pend_q && wsel_q, aw_pend_q && !wsel_q};
  assign m_axil_wvalid_o  = {w_pend_q && wsel_q, w_pend_q && !wsel_q};
  assign m_axil_bready_o  = {(wr_state_q == WrWait) && wsel_q, (wr_state_q == WrWait) && !wsel_q};

  // ------------------------------------------------------------------- read
  typedef enum logic [1:0] {
    RdIdle,
    RdIssue,
    RdWait,
    RdResp
  } rd_state_e;

  rd_state_e            rd_state_q, rd_state_d;
  logic [AddrWidth-1:0] araddr_q;
  logic                 rsel_q;
  logic [31:0]          rdata_q;
  logic [1:0]           rresp_q;
  logic                 rd_accept, ar_fire, r_fire;

  assign rd_accept = (rd_state_q == RdIdle) && s_axil_arvalid_i;
  assign ar_fire   = (rd_state_q == RdIssue) && m_axil_arready_i[rsel_q];
  assign r_fire    = (rd_state_q == RdWait) && m_axil_rvalid_i[rsel_q];

  always_comb begin
    rd_state_d = rd_state_q;
    unique case (rd_state_q)
      RdIdle:  if (rd_accept) rd_state_d = RdIssue;
      RdIssue: if (ar_fire) rd_state_d = RdWait;
      RdWait:  if (r_fire) rd_state_d = RdResp;
      RdResp:  if (s_axil_rready_i) rd_state_d = RdIdle;
      default: rd_state_d = RdIdle;
    endcase
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) rd_state_q <= RdIdle;
    else rd_state_q <= rd_state_d;
  end

  always_ff @(posedge clk_i) begin
    if (rd_accept) begin
      araddr_q <= s_axil_araddr_i;
      rsel_q   <= s_axil_araddr_i[SelBit];
    end
    if (r_fire) begin
      rdata_q <= m_axil_rdata_i[32*rsel_q+:32];
      rresp_q <= m_axil_rresp_i[2*rsel_q+:2];
    end
  end

  assign s_axil_arready_o = rd_accept;
  assign s_axil_rvalid_o  = (rd_state_q == RdResp);
  assign s_axil_rdata_o   = rdata_q;
  assign s_axil_rresp_o   = rresp_q;
  assign m_axil_araddr_o  = araddr_q;
  assign m_axil_arvalid_o = {(rd_state_q == RdIssue) && rsel_q, (rd_state_q == RdIssue) && !rsel_q};
  assign m_axil_rready_o  = {(rd_state_q == RdWait) && rsel_q, (rd_state_q == RdWait) && !rsel_q};
endmodule
