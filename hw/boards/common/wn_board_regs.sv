// wn_board_regs: the board's debug window, an AXI4-Lite slave beside the
// core's BAR0 registers.
//
// It identifies the board, reports link and crossing status, holds a few
// board controls and gives the host the core's firmware port: the core's
// firmware messages (m_axis_fw) and register window (fw_reg_*) are reached
// from PCIe instead of from a soft core, so the control plane can run on the
// host while no soft core is built into the board.
//
// Registers (byte offset within the window; 32-bit, full-word writes only):
//   0x00 ID            RO  `BoardId`
//   0x04 STATUS        RO  `status_i` (the board top defines the bits)
//   0x08 CONTROL       RW  `control_o`, reset value `ControlReset`
//   0x10 FW_TO_CORE    WO  queue one word of a message to the core, not last
//   0x14 FW_TO_CORE_END WO queue the last word of a message to the core
//   0x18 FW_FROM_CORE  RO  take the next word of a message from the core
//   0x1C FW_STATUS     RO  [0] a word from the core is waiting, [1] it is the
//                          last of its message, [12:8] words waiting,
//                          [20:16] free places toward the core
//   0x20 FW_REG_CMD    WO  [7:0] register byte offset, [8] write: performs
//                          one access of the core's firmware register window
//                          (write data from FW_REG_WDATA)
//   0x24 FW_REG_WDATA  RW  write data for FW_REG_CMD
//   0x28 FW_REG_RDATA  RO  read data of the last read access
// Anything else, a partial write, a write to a read-only register, a word
// queued to a full queue or taken from an empty one answers SLVERR (reads:
// all ones), as the core's BAR0 does.
// Each direction of the firmware port has a 16-word queue.
//
// Latency: a write or read answers in the cycle after it is accepted; a
// register-window read result is in FW_REG_RDATA 2 cycles after the
// FW_REG_CMD write was accepted. Reset clears the controls, the queues and
// the response state.
module wn_board_regs #(
    parameter logic [31:0] BoardId      = 32'h0000_0000,
    parameter logic [31:0] ControlReset = 32'h0000_0000
) (
    input  logic        clk_i,
    input  logic        rst_i,
    // AXI4-Lite slave (window-relative addresses)
    input  logic [15:0] s_axil_awaddr_i,
    input  logic        s_axil_awvalid_i,
    output logic        s_axil_awready_o,
    input  logic [31:0] s_axil_wdata_i,
    input  logic [3:0]  s_axil_wstrb_i,
    input  logic        s_axil_wvalid_i,
    output logic        s_axil_wready_o,
    output logic [1:0]  s_axil_bresp_o,
    output logic        s_axil_bvalid_o,
    input  logic        s_axil_bready_i,
    input  logic [15:0] s_axil_araddr_i,
    input  logic        s_axil_arvalid_i,
    output logic        s_axil_arready_o,
    output logic [31:0] s_axil_rdata_o,
    output logic [1:0]  s_axil_rresp_o,
    output logic        s_axil_rvalid_o,
    input  logic        s_axil_rready_i,
    // board status and controls
    input  logic [31:0] status_i,
    output logic [31:0] control_o,
    // toward the core's firmware input (its s_axis_fw)
    output logic [31:0] m_axis_fw_tdata_o,
    output logic        m_axis_fw_tlast_o,
    output logic        m_axis_fw_tvalid_o,
    input  logic        m_axis_fw_tready_i,
    // from the core's firmware output (its m_axis_fw)
    input  logic [31:0] s_axis_fw_tdata_i,
    input  logic        s_axis_fw_tlast_i,
    input  logic        s_axis_fw_tvalid_i,
    output logic        s_axis_fw_tready_o,
    // the core's firmware register window
    output logic        fw_reg_en_o,
    output logic        fw_reg_we_o,
    output logic [7:0]  fw_reg_addr_o,
    output logic [31:0] fw_reg_wdata_o,
    input  logic [31:0] fw_reg_rdata_i
);
  localparam logic [7:0] RegId = 8'h00;
  localparam logic [7:0] RegStatus = 8'h04;
  localparam logic [7:0] RegControl = 8'h08;
  localparam logic [7:0] RegFwToCore = 8'h10;
  localparam logic [7:0] RegFwToCoreEnd = 8'h14;
  localparam logic [7:0] RegFwFromCore = 8'h18;
  localparam logic [7:0] RegFwStatus = 8'h1C;
  localparam logic [7:0] RegFwRegCmd = 8'h20;
  localparam logic [7:0] RegFwRegWdata = 8'h24;
  localparam logic [7:0] RegFwRegRdata = 8'h28;
  localparam logic [1:0] RespOkay = 2'd0;
  localparam logic [1:0] RespSlverr = 2'd2;
  localparam int QueueDepth = 16;

  // ------------------------------------------------------ firmware queues
  logic [4:0] to_core_count, from_core_count;
  logic       to_core_push, to_core_wready, to_core_last;
  logic [31:0] from_core_data;
  logic       from_core_last, from_core_valid, from_core_pop;

  wn_fifo #(
      .Width(33),
      .Depth(QueueDepth)
  ) u_to_core (
      .clk_i,
      .rst_i,
      .wdata_i ({to_core_last, s_axil_wdata_i}),
      .wvalid_i(to_core_push),
      .wready_o(to_core_wready),
      .rdata_o ({m_axis_fw_tlast_o, m_axis_fw_tdata_o}),
      .rvalid_o(m_axis_fw_tvalid_o),
      .rready_i(m_axis_fw_tready_i),
      .count_o (to_core_count)
  );

  wn_fifo #(
      .Width(33),
      .Depth(QueueDepth)
  ) u_from_core (
      .clk_i,
      .rst_i,
      .wdata_i ({s_axis_fw_tlast_i, s_axis_fw_tdata_i}),
      .wvalid_i(s_axis_fw_tvalid_i),
      .wready_o(s_axis_fw_tready_o),
      .rdata_o ({from_core_last, from_core_data}),
      .rvalid_o(from_core_valid),
      .rready_i(from_core_pop),
      .count_o (from_core_count)
  );

  // ------------------------------------------------------------------ write
  logic        wr_fire, wr_ok;
  logic [7:0]  waddr;
  logic [1:0]  wresp;
  logic        bvalid_q;
  logic [1:0]  bresp_q;
  logic [31:0] control_q, fw_wdata_q, fw_rdata_q;
  logic        fw_en_q, fw_we_q, fw_rd_q;
  logic [7:0]  fw_addr_q;

  assign wr_fire = s_axil_awvalid_i && s_axil_wvalid_i && !bvalid_q;
  assign waddr = s_axil_awaddr_i[7:0];
  assign wr_ok = (s_axil_awaddr_i[15:8] == 8'h00) && (s_axil_wstrb_i == 4'hf);
  assign to_core_last = (waddr == RegFwToCoreEnd);

  always_comb begin
    wresp = RespSlverr;
    to_core_push = 1'b0;
    if (wr_ok) begin
      unique case (waddr)
        RegControl, RegFwRegCmd, RegFwRegWdata: wresp = RespOkay;
        RegFwToCore, RegFwToCoreEnd: begin
          to_core_push = wr_fire && to_core_wready;
          if (to_core_wready) wresp = RespOkay;
        end
        default: wresp = RespSlverr;
      endcase
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      bvalid_q  <= 1'b0;
      control_q <= ControlReset;
      fw_en_q   <= 1'b0;
      fw_rd_q   <= 1'b0;
    end else begin
      if (wr_fire) bvalid_q <= 1'b1;
      else if (s_axil_bready_i) bvalid_q <= 1'b0;
      if (wr_fire && wr_ok && waddr == RegControl) control_q <= s_axil_wdata_i;
      fw_en_q <= wr_fire && wr_ok && waddr == RegFwRegCmd;
      fw_rd_q <= fw_en_q && !fw_we_q;
    end
  end

  always_ff @(posedge clk_i) begin
    if (wr_fire) bresp_q <= wresp;
    if (wr_fire && wr_ok && waddr == RegFwRegWdata) fw_wdata_q <= s_axil_wdata_i;
    if (wr_fire && wr_ok && waddr == RegFwRegCmd) begin
      fw_addr_q <= s_axil_wdata_i[7:0];
      fw_we_q   <= s_axil_wdata_i[8];
    end
    if (fw_rd_q) fw_rdata_q <= fw_reg_rdata_i;
  end

  assign s_axil_awready_o = wr_fire;
  assign s_axil_wready_o  = wr_fire;
  assign s_axil_bvalid_o  = bvalid_q;
  assign s_axil_bresp_o   = bresp_q;
  assign control_o        = control_q;
  assign fw_reg_en_o      = fw_en_q;
  assign fw_reg_we_o      = fw_we_q;
  assign fw_reg_addr_o    = fw_addr_q;
  assign fw_reg_wdata_o   = fw_wdata_q;

  // ------------------------------------------------------------------- read
  logic        rd_fire, rd_ok;
  logic [7:0]  raddr;
  logic [31:0] rdata_d, rdata_q;
  logic [1:0]  rresp_d, rresp_q;
  logic        rvalid_q;
  logic [4:0]  to_core_free;

  assign rd_fire = s_axil_arvalid_i && !rvalid_q;
  assign raddr = s_axil_araddr_i[7:0];
  assign rd_ok = (s_axil_araddr_i[15:8] == 8'h00);
  assign to_core_free = 5'(QueueDepth) - to_core_count;

  always_comb begin
    rdata_d = '1;
    rresp_d = RespSlverr;
    from_core_pop = 1'b0;
    if (rd_ok) begin
      rresp_d = RespOkay;
      unique case (raddr)
        RegId: rdata_d = BoardId;
        RegStatus: rdata_d = status_i;
        RegControl: rdata_d = control_q;
        RegFwFromCore: begin
          if (from_core_valid) begin
            rdata_d = from_core_data;
            from_core_pop = rd_fire;
          end else begin
            rresp_d = RespSlverr;
          end
        end
        RegFwStatus:
        rdata_d = {11'd0, to_core_free, 3'd0, from_core_count, 6'd0, from_core_last, from_core_valid};
        RegFwRegWdata: rdata_d = fw_wdata_q;
        RegFwRegRdata: rdata_d = fw_rdata_q;
        default: rresp_d = RespSlverr;
      endcase
    end
    if (rresp_d == RespSlverr) rdata_d = '1;
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      rvalid_q <= 1'b0;
    end else begin
      if (rd_fire) rvalid_q <= 1'b1;
      else if (s_axil_rready_i) rvalid_q <= 1'b0;
    end
  end

  always_ff @(posedge clk_i) begin
    if (rd_fire) begin
      rdata_q <= rdata_d;
      rresp_q <= rresp_d;
    end
  end

  assign s_axil_arready_o = rd_fire;
  assign s_axil_rvalid_o  = rvalid_q;
  assign s_axil_rdata_o   = rdata_q;
  assign s_axil_rresp_o   = rresp_q;
endmodule
