// wn_regs: BAR0 (AXI4-Lite slave), the register file, counters, the
// firmware mailbox and the firmware register window.
//
// The register map is generated (wn_abi_pkg, from abi/src/spec.rs): every
// block starts with TYPE/VERSION/NEXT so a driver walks the map from 0.
// AXI4-Lite: one transaction at a time; a write needs AW and W together;
// read data is registered (2-cycle read latency). An access to an offset
// with no register, a write to a read-only register, a partial write, or a
// value the register cannot take (a misaligned ring base, a log size
// outside 1..15, a queue number out of range, MAX_FRAME outside 60..9014,
// ring geometry changed while the queue is enabled, a mailbox doorbell while
// busy) answers SLVERR, changes nothing, counts BAD_REG and records the
// offset in CTRL.BAD_ADDR. Reads of write-only registers return 0.
//
// Counters are 64 bits; reading LO latches HI. The mailbox streams REQ to
// the firmware on DOORBELL and collects the response into RSP, then posts a
// FW_RESPONSE event to EQ 0.
// Reset restores every register to its reset value.
module wn_regs #(
    parameter int NumSq = 4,
    parameter int NumRq = 4,
    parameter int NumCq = 8,
    parameter int NumEq = 4,
    parameter int ClockMhz = 250,
    parameter int NumCnt = 27,
    parameter int NumConns = 1024,
    parameter int NumQp = 64
) (
    input  logic                  clk_i,
    input  logic                  rst_i,
    // AXI4-Lite
    input  logic [15:0]           s_axil_awaddr_i,
    input  logic                  s_axil_awvalid_i,
    output logic                  s_axil_awready_o,
    input  logic [31:0]           s_axil_wdata_i,
    input  logic [3:0]            s_axil_wstrb_i,
    input  logic                  s_axil_wvalid_i,
    output logic                  s_axil_wready_o,
    output logic [1:0]            s_axil_bresp_o,
    output logic                  s_axil_bvalid_o,
    input  logic                  s_axil_bready_i,
    input  logic [15:0]           s_axil_araddr_i,
    input  logic                  s_axil_arvalid_i,
    output logic                  s_axil_arready_o,
    output logic [31:0]           s_axil_rdata_o,
    output logic [1:0]            s_axil_rresp_o,
    output logic                  s_axil_rvalid_o,
    input  logic                  s_axil_rready_i,
    // global configuration
    output logic [63:0]           cycles_o,
    output logic                  tx_enable_o,
    output logic                  rx_enable_o,
    output logic [2:0]            rx_filter_o,
    output logic [13:0]           max_frame_o,
    output logic [7:0]            rx_rq_o,
    output logic [47:0]           mac_o,
    output logic [31:0]           ipv4_o,
    output logic [1:0]            exc_filter_o,
    // send queues
    output logic [NumSq*64-1:0]   sq_base_o,
    output logic [NumSq*4-1:0]    sq_log_size_o,
    output logic [NumSq*8-1:0]    sq_cqn_o,
    output logic [NumSq-1:0]      sq_enable_o,
    output logic [NumSq*16-1:0]   sq_pi_o,
    input  logic [NumSq*16-1:0]   sq_ci_i,
    input  logic [NumSq*32-1:0]   sq_state_i,
    // receive queues
    output logic [NumRq*64-1:0]   rq_base_o,
    output logic [NumRq*4-1:0]    rq_log_size_o,
    output logic [NumRq*8-1:0]    rq_cqn_o,
    output logic [NumRq-1:0]      rq_enable_o,
    output logic [NumRq*16-1:0]   rq_pi_o,
    input  logic [NumRq*16-1:0]   rq_ci_i,
    input  logic [NumRq*32-1:0]   rq_state_i,
    // completion queues
    output logic [NumCq*64-1:0]   cq_base_o,
    output logic [NumCq*4-1:0]    cq_log_size_o,
    output logic [NumCq*8-1:0]    cq_eqn_o,
    output logic [NumCq-1:0]      cq_enable_o,
    output logic [NumCq*16-1:0]   cq_ci_o,
    output logic [NumCq-1:0]      cq_arm_o,
    input  logic [NumCq*16-1:0]   cq_pi_i,
    input  logic [NumCq*32-1:0]   cq_state_i,
    // event queues
    output logic [NumEq*64-1:0]   eq_base_o,
    output logic [NumEq*4-1:0]    eq_log_size_o,
    output logic [NumEq-1:0]      eq_enable_o,
    output logic [NumEq-1:0]      eq_irq_enable_o,
    output logic [NumEq*16-1:0]   eq_mod_count_o,
    output logic [NumEq*16-1:0]   eq_mod_usecs_o,
    output logic [NumEq*16-1:0]   eq_ci_o,
    input  logic [NumEq*16-1:0]   eq_pi_i,
    input  logic [NumEq*32-1:0]   eq_state_i,
    // counters: increment amounts, one 16-bit lane per counter
    input  logic [NumCnt*16-1:0]  cnt_inc_i,
    // TCP engine configuration (firmware window FW_REG_TCP_*)
    output logic [31:0]           tcp_rto_init_o,
    output logic [31:0]           tcp_rto_min_o,
    output logic [31:0]           tcp_rto_max_o,
    output logic [15:0]           tcp_retries_o,
    output logic [31:0]           tcp_time_wait_o,
    input  logic [31:0]           tcp_time_us_i,
    input  logic [31:0]           tcp_conns_i,  // 23:16 listener slots, 15:0 connection ids (FW_REG_TCP_CONNS; BAR0 TCP NUM_LISTEN)
    // TCP stream doorbells (block TCP): one pulse per write
    input  logic                  tcp_db_ready_i,
    output logic                  tcp_db_valid_o,
    output logic [15:0]           tcp_db_tid_o,
    output logic                  tcp_db_rx_o,
    output logic [31:0]           tcp_db_value_o,
    // RDMA blocks (RDMA, QP): writes as registered pulses, reads decoded
    // by wn_rdma_rx
    output logic                  rdma_we_o,
    output logic [15:0]           rdma_waddr_o,
    output logic [31:0]           rdma_wdata_o,
    output logic [15:0]           rdma_raddr_o,
    input  logic [31:0]           rdma_rdata_i,
    // mailbox to and from the firmware
    output logic [31:0]           m_axis_fw_tdata_o,
    output logic                  m_axis_fw_tlast_o,
    output logic                  m_axis_fw_tvalid_o,
    input  logic                  m_axis_fw_tready_i,
    input  logic [31:0]           s_axis_fw_tdata_i,
    input  logic                  s_axis_fw_tlast_i,
    input  logic                  s_axis_fw_tvalid_i,
    output logic                  s_axis_fw_tready_o,
    output logic [63:0]           fw_ev_o,
    output logic                  fw_ev_valid_o,
    input  logic                  fw_ev_ready_i,
    // firmware register window
    input  logic                  fw_reg_en_i,
    input  logic                  fw_reg_we_i,
    input  logic [7:0]            fw_reg_addr_i,
    input  logic [31:0]           fw_reg_wdata_i,
    output logic [31:0]           fw_reg_rdata_o
);
  localparam int MbWords = wn_abi_pkg::FW_MSG_MAX_WORDS;
  localparam logic [1:0] RespOkay = 2'd0;
  localparam logic [1:0] RespSlvErr = 2'd2;
  localparam int CntFwMsgs = 17;
  localparam int CntBadReg = 13;
  localparam int SqIw = (NumSq > 1) ? $clog2(NumSq) : 1;
  localparam int RqIw = (NumRq > 1) ? $clog2(NumRq) : 1;
  localparam int CqIw = (NumCq > 1) ? $clog2(NumCq) : 1;
  localparam int EqIw = (NumEq > 1) ? $clog2(NumEq) : 1;

  generate
    if (wn_abi_pkg::REG_SQ_ELEM_STRIDE != 64 || wn_abi_pkg::REG_RQ_ELEM_STRIDE != 64 ||
        wn_abi_pkg::REG_CQ_ELEM_STRIDE != 64 || wn_abi_pkg::REG_EQ_ELEM_STRIDE != 64) begin : g_stride
      $fatal(1, "wn_regs: queue register arrays must have a 64-byte stride");
    end
    if (wn_abi_pkg::REG_STATS_TCP_CPL_BAD != wn_abi_pkg::REG_STATS_TX_FRAMES + 8 * (NumCnt - 1)) begin : g_cnt
      $fatal(1, "wn_regs: STATS counters must be contiguous LO/HI pairs");
    end
    if (NumSq > 32 || NumRq > 32 || NumCq > 32 || NumEq > 32) begin : g_num
      $fatal(1, "wn_regs: at most 32 queues of each kind fit the register arrays");
    end
  endgenerate

  // ------------------------------------------------------------------
  // Registers
  // ------------------------------------------------------------------
  logic [63:0] cycles_q;
  logic [31:0] scratch_q, control_q, rx_filter_q, max_frame_q, rx_rq_q, bad_addr_q, exc_filter_q;
  logic [31:0] ipv4_q;
  logic [31:0] cyc_hi_latch_q, cnt_hi_latch_q;
  logic [47:0] mac_q;
  logic [31:0] fw_scratch_q, fw_cyc_hi_q;
  logic [63:0] cnt_q [NumCnt];

  logic [63:0] sq_base_q [NumSq];
  logic [3:0]  sq_log_q  [NumSq];
  logic [7:0]  sq_cqn_q  [NumSq];
  logic        sq_en_q   [NumSq];
  logic [15:0] sq_pi_q   [NumSq];
  logic [63:0] rq_base_q [NumRq];
  logic [3:0]  rq_log_q  [NumRq];
  logic [7:0]  rq_cqn_q  [NumRq];
  logic        rq_en_q   [NumRq];
  logic [15:0] rq_pi_q   [NumRq];
  logic [63:0] cq_base_q [NumCq];
  logic [3:0]  cq_log_q  [NumCq];
  logic [7:0]  cq_eqn_q  [NumCq];
  logic        cq_en_q   [NumCq];
  logic [15:0] cq_ci_q   [NumCq];
  logic [63:0] eq_base_q [NumEq];
  logic [3:0]  eq_log_q  [NumEq];
  logic [1:0]  eq_ctrl_q [NumEq];
  logic [15:0] eq_mc_q   [NumEq];
  logic [15:0] eq_mu_q   [NumEq];
  logic [15:0] eq_ci_q   [NumEq];

  logic [31:0] mb_req_q [MbWords];
  logic [31:0] mb_rsp_q [MbWords];
  logic        mb_busy_q, mb_sending_q, mb_rsp_valid_q, mb_ev_q;
  logic [4:0]  mb_len_q, mb_idx_q, mb_ridx_q, mb_rsp_len_q;

  assign cycles_o = cycles_q;
  assign tx_enable_o = (control_q & wn_abi_pkg::CTRL_FLAGS_TX_ENABLE) != 32'd0;
  assign rx_enable_o = (control_q & wn_abi_pkg::CTRL_FLAGS_RX_ENABLE) != 32'd0;
  assign rx_filter_o = rx_filter_q[2:0];
  assign max_frame_o = max_frame_q[13:0];
  assign rx_rq_o = rx_rq_q[7:0];
  assign mac_o = mac_q;
  assign ipv4_o = ipv4_q;
  assign exc_filter_o = exc_filter_q[1:0];

  for (genvar i = 0; i < NumSq; i++) begin : g_sq_o
    assign sq_base_o[i*64 +: 64] = sq_base_q[i];
    assign sq_log_size_o[i*4 +: 4] = sq_log_q[i];
    assign sq_cqn_o[i*8 +: 8] = sq_cqn_q[i];
    assign sq_enable_o[i] = sq_en_q[i];
    assign sq_pi_o[i*16 +: 16] = sq_pi_q[i];
  end
  for (genvar i = 0; i < NumRq; i++) begin : g_rq_o
    assign rq_base_o[i*64 +: 64] = rq_base_q[i];
    assign rq_log_size_o[i*4 +: 4] = rq_log_q[i];
    assign rq_cqn_o[i*8 +: 8] = rq_cqn_q[i];
    assign rq_enable_o[i] = rq_en_q[i];
    assign rq_pi_o[i*16 +: 16] = rq_pi_q[i];
  end
  for (genvar i = 0; i < NumCq; i++) begin : g_cq_o
    assign cq_base_o[i*64 +: 64] = cq_base_q[i];
    assign cq_log_size_o[i*4 +: 4] = cq_log_q[i];
    assign cq_eqn_o[i*8 +: 8] = cq_eqn_q[i];
    assign cq_enable_o[i] = cq_en_q[i];
    assign cq_ci_o[i*16 +: 16] = cq_ci_q[i];
  end
  for (genvar i = 0; i < NumEq; i++) begin : g_eq_o
    assign eq_base_o[i*64 +: 64] = eq_base_q[i];
    assign eq_log_size_o[i*4 +: 4] = eq_log_q[i];
    assign eq_enable_o[i] = eq_ctrl_q[i][0];
    assign eq_irq_enable_o[i] = eq_ctrl_q[i][1];
    assign eq_mod_count_o[i*16 +: 16] = eq_mc_q[i];
    assign eq_mod_usecs_o[i*16 +: 16] = eq_mu_q[i];
    assign eq_ci_o[i*16 +: 16] = eq_ci_q[i];
  end

  // ------------------------------------------------------------------
  // AXI4-Lite front end
  // ------------------------------------------------------------------
  // the TCP doorbell array: 8 bytes per connection id
  function automatic logic in_tcp_db(input logic [15:0] a);
    in_tcp_db = ({16'd0, a} >= wn_abi_pkg::REG_TCP_ELEM_BASE) &&
                ({16'd0, a} < wn_abi_pkg::REG_TCP_ELEM_BASE + 32'(NumConns) * 8);
  endfunction

  // the RDMA blocks: every offset of RDMA is readable, OP and ARG
  // writable; QP is the header and the doorbells
  function automatic logic in_rdma_r(input logic [15:0] a);
    in_rdma_r = ({16'd0, a} >= wn_abi_pkg::REG_RDMA_BASE && {16'd0, a} < wn_abi_pkg::REG_RDMA_BASE + 32'h100) ||
                ({16'd0, a} >= wn_abi_pkg::REG_QP_BASE &&
                 {16'd0, a} < wn_abi_pkg::REG_QP_ELEM_BASE + 32'(NumQp) * 8);
  endfunction
  function automatic logic in_rdma_w(input logic [15:0] a);
    in_rdma_w = {16'd0, a} == wn_abi_pkg::REG_RDMA_OP ||
                ({16'd0, a} >= wn_abi_pkg::REG_RDMA_ARG &&
                 {16'd0, a} < wn_abi_pkg::REG_RDMA_ARG + 4 * wn_abi_pkg::RDMA_CMD_ARGS) ||
                ({16'd0, a} >= wn_abi_pkg::REG_QP_ELEM_BASE &&
                 {16'd0, a} < wn_abi_pkg::REG_QP_ELEM_BASE + 32'(NumQp) * 8);
  endfunction

  logic        wr_go, rd_go;
  logic [15:0] wa, ra;
  logic [31:0] wd;
  logic        w_ok;          // write decoded to a register that takes it
  logic        w_full;
  logic [31:0] r_data;
  logic        r_ok;

  // a write to a TCP doorbell waits while the engine's doorbell queue is
  // full (the host's posted write is held, never lost)
  assign wr_go = s_axil_awvalid_i && s_axil_wvalid_i && !s_axil_bvalid_o &&
                 !(in_tcp_db(s_axil_awaddr_i) && !tcp_db_ready_i);
  assign rd_go = s_axil_arvalid_i && !s_axil_rvalid_o && !wr_go;
  assign s_axil_awready_o = wr_go;
  assign s_axil_wready_o = wr_go;
  assign s_axil_arready_o = rd_go;
  assign wa = s_axil_awaddr_i;
  assign ra = s_axil_araddr_i;
  assign wd = s_axil_wdata_i;
  assign w_full = s_axil_wstrb_i == 4'hf;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      s_axil_bvalid_o <= 1'b0;
      s_axil_bresp_o <= RespOkay;
      s_axil_rvalid_o <= 1'b0;
      s_axil_rresp_o <= RespOkay;
      s_axil_rdata_o <= '0;
    end else begin
      if (s_axil_bvalid_o && s_axil_bready_i) s_axil_bvalid_o <= 1'b0;
      if (s_axil_rvalid_o && s_axil_rready_i) s_axil_rvalid_o <= 1'b0;
      if (wr_go) begin
        s_axil_bvalid_o <= 1'b1;
        s_axil_bresp_o <= (w_ok && w_full) ? RespOkay : RespSlvErr;
      end
      if (rd_go) begin
        s_axil_rvalid_o <= 1'b1;
        s_axil_rresp_o <= r_ok ? RespOkay : RespSlvErr;
        s_axil_rdata_o <= r_ok ? r_data : 32'hffff_ffff;
      end
    end
  end

  // ------------------------------------------------------------------
  // Address decode helpers
  // ------------------------------------------------------------------
  // element index and register offset inside a queue array
  function automatic logic in_array(input logic [15:0] a, input int base, input int n);
    in_array = ({16'd0, a} >= 32'(base)) && ({16'd0, a} < 32'(base) + 32'(n) * 64);
  endfunction


  logic [4:0] r_el, w_el;
  logic [5:0] r_off, w_off;

  // ------------------------------------------------------------------
  // Read decode
  // ------------------------------------------------------------------
  always_comb begin
    r_data = 32'd0;
    r_ok = 1'b1;
    r_el = '0;
    r_off = ra[5:0];
    // decoded only in the cycle a read is taken (nothing reads it otherwise)
    if (rd_go) begin
      unique case (ra)
        // block headers
        16'(wn_abi_pkg::REG_ID_BASE + wn_abi_pkg::REG_HDR_TYPE): r_data = wn_abi_pkg::REG_ID_TYPE_ID;
        16'(wn_abi_pkg::REG_ID_BASE + wn_abi_pkg::REG_HDR_VERSION): r_data = wn_abi_pkg::REG_ID_VERSION;
        16'(wn_abi_pkg::REG_ID_BASE + wn_abi_pkg::REG_HDR_NEXT): r_data = wn_abi_pkg::REG_ID_NEXT;
        16'(wn_abi_pkg::REG_ID_BUILD_ID): r_data = wn_abi_pkg::BUILD_ID;
        16'(wn_abi_pkg::REG_ID_ABI_VERSION): r_data = wn_abi_pkg::ABI_VERSION;
        16'(wn_abi_pkg::REG_ID_NUM_SQ): r_data = NumSq;
        16'(wn_abi_pkg::REG_ID_NUM_RQ): r_data = NumRq;
        16'(wn_abi_pkg::REG_ID_NUM_CQ): r_data = NumCq;
        16'(wn_abi_pkg::REG_ID_NUM_EQ): r_data = NumEq;
        16'(wn_abi_pkg::REG_ID_CLOCK_MHZ): r_data = ClockMhz;
        16'(wn_abi_pkg::REG_ID_DATA_WIDTH): r_data = wn_abi_pkg::DATA_WIDTH;
        16'(wn_abi_pkg::REG_ID_SCRATCH): r_data = scratch_q;
        16'(wn_abi_pkg::REG_CTRL_BASE + wn_abi_pkg::REG_HDR_TYPE): r_data = wn_abi_pkg::REG_CTRL_TYPE_ID;
        16'(wn_abi_pkg::REG_CTRL_BASE + wn_abi_pkg::REG_HDR_VERSION): r_data = wn_abi_pkg::REG_CTRL_VERSION;
        16'(wn_abi_pkg::REG_CTRL_BASE + wn_abi_pkg::REG_HDR_NEXT): r_data = wn_abi_pkg::REG_CTRL_NEXT;
        16'(wn_abi_pkg::REG_CTRL_CONTROL): r_data = control_q;
        16'(wn_abi_pkg::REG_CTRL_MAC_LO): r_data = mac_q[31:0];
        16'(wn_abi_pkg::REG_CTRL_MAC_HI): r_data = {16'd0, mac_q[47:32]};
        16'(wn_abi_pkg::REG_CTRL_RX_FILTER): r_data = rx_filter_q;
        16'(wn_abi_pkg::REG_CTRL_MAX_FRAME): r_data = max_frame_q;
        16'(wn_abi_pkg::REG_CTRL_RX_RQ): r_data = rx_rq_q;
        16'(wn_abi_pkg::REG_CTRL_BAD_ADDR): r_data = bad_addr_q;
        16'(wn_abi_pkg::REG_CTRL_CYCLES_LO): r_data = cycles_q[31:0];
        16'(wn_abi_pkg::REG_CTRL_CYCLES_HI): r_data = cyc_hi_latch_q;
        16'(wn_abi_pkg::REG_CTRL_IPV4): r_data = ipv4_q;
        16'(wn_abi_pkg::REG_CTRL_EXC_FILTER): r_data = exc_filter_q;
        16'(wn_abi_pkg::REG_MBOX_BASE + wn_abi_pkg::REG_HDR_TYPE): r_data = wn_abi_pkg::REG_MBOX_TYPE_ID;
        16'(wn_abi_pkg::REG_MBOX_BASE + wn_abi_pkg::REG_HDR_VERSION): r_data = wn_abi_pkg::REG_MBOX_VERSION;
        16'(wn_abi_pkg::REG_MBOX_BASE + wn_abi_pkg::REG_HDR_NEXT): r_data = wn_abi_pkg::REG_MBOX_NEXT;
        16'(wn_abi_pkg::REG_MBOX_DOORBELL): r_data = 32'd0;
        16'(wn_abi_pkg::REG_MBOX_STATUS): r_data = {16'd0, 3'd0, mb_rsp_len_q, 6'd0, mb_rsp_valid_q, mb_busy_q};
        16'(wn_abi_pkg::REG_SQ_BASE + wn_abi_pkg::REG_HDR_TYPE): r_data = wn_abi_pkg::REG_SQ_TYPE_ID;
        16'(wn_abi_pkg::REG_SQ_BASE + wn_abi_pkg::REG_HDR_VERSION): r_data = wn_abi_pkg::REG_SQ_VERSION;
        16'(wn_abi_pkg::REG_SQ_BASE + wn_abi_pkg::REG_HDR_NEXT): r_data = wn_abi_pkg::REG_SQ_NEXT;
        16'(wn_abi_pkg::REG_SQ_BASE + wn_abi_pkg::REG_HDR_COUNT): r_data = NumSq;
        16'(wn_abi_pkg::REG_SQ_BASE + wn_abi_pkg::REG_HDR_STRIDE): r_data = wn_abi_pkg::REG_SQ_ELEM_STRIDE;
        16'(wn_abi_pkg::REG_SQ_BASE + wn_abi_pkg::REG_HDR_ARRAY_BASE): r_data = wn_abi_pkg::REG_SQ_ELEM_BASE - wn_abi_pkg::REG_SQ_BASE;
        16'(wn_abi_pkg::REG_RQ_BASE + wn_abi_pkg::REG_HDR_TYPE): r_data = wn_abi_pkg::REG_RQ_TYPE_ID;
        16'(wn_abi_pkg::REG_RQ_BASE + wn_abi_pkg::REG_HDR_VERSION): r_data = wn_abi_pkg::REG_RQ_VERSION;
        16'(wn_abi_pkg::REG_RQ_BASE + wn_abi_pkg::REG_HDR_NEXT): r_data = wn_abi_pkg::REG_RQ_NEXT;
        16'(wn_abi_pkg::REG_RQ_BASE + wn_abi_pkg::REG_HDR_COUNT): r_data = NumRq;
        16'(wn_abi_pkg::REG_RQ_BASE + wn_abi_pkg::REG_HDR_STRIDE): r_data = wn_abi_pkg::REG_RQ_ELEM_STRIDE;
        16'(wn_abi_pkg::REG_RQ_BASE + wn_abi_pkg::REG_HDR_ARRAY_BASE): r_data = wn_abi_pkg::REG_RQ_ELEM_BASE - wn_abi_pkg::REG_RQ_BASE;
        16'(wn_abi_pkg::REG_CQ_BASE + wn_abi_pkg::REG_HDR_TYPE): r_data = wn_abi_pkg::REG_CQ_TYPE_ID;
        16'(wn_abi_pkg::REG_CQ_BASE + wn_abi_pkg::REG_HDR_VERSION): r_data = wn_abi_pkg::REG_CQ_VERSION;
        16'(wn_abi_pkg::REG_CQ_BASE + wn_abi_pkg::REG_HDR_NEXT): r_data = wn_abi_pkg::REG_CQ_NEXT;
        16'(wn_abi_pkg::REG_CQ_BASE + wn_abi_pkg::REG_HDR_COUNT): r_data = NumCq;
        16'(wn_abi_pkg::REG_CQ_BASE + wn_abi_pkg::REG_HDR_STRIDE): r_data = wn_abi_pkg::REG_CQ_ELEM_STRIDE;
        16'(wn_abi_pkg::REG_CQ_BASE + wn_abi_pkg::REG_HDR_ARRAY_BASE): r_data = wn_abi_pkg::REG_CQ_ELEM_BASE - wn_abi_pkg::REG_CQ_BASE;
        16'(wn_abi_pkg::REG_EQ_BASE + wn_abi_pkg::REG_HDR_TYPE): r_data = wn_abi_pkg::REG_EQ_TYPE_ID;
        16'(wn_abi_pkg::REG_EQ_BASE + wn_abi_pkg::REG_HDR_VERSION): r_data = wn_abi_pkg::REG_EQ_VERSION;
        16'(wn_abi_pkg::REG_EQ_BASE + wn_abi_pkg::REG_HDR_NEXT): r_data = wn_abi_pkg::REG_EQ_NEXT;
        16'(wn_abi_pkg::REG_EQ_BASE + wn_abi_pkg::REG_HDR_COUNT): r_data = NumEq;
        16'(wn_abi_pkg::REG_EQ_BASE + wn_abi_pkg::REG_HDR_STRIDE): r_data = wn_abi_pkg::REG_EQ_ELEM_STRIDE;
        16'(wn_abi_pkg::REG_EQ_BASE + wn_abi_pkg::REG_HDR_ARRAY_BASE): r_data = wn_abi_pkg::REG_EQ_ELEM_BASE - wn_abi_pkg::REG_EQ_BASE;
        16'(wn_abi_pkg::REG_STATS_BASE + wn_abi_pkg::REG_HDR_TYPE): r_data = wn_abi_pkg::REG_STATS_TYPE_ID;
        16'(wn_abi_pkg::REG_STATS_BASE + wn_abi_pkg::REG_HDR_VERSION): r_data = wn_abi_pkg::REG_STATS_VERSION;
        16'(wn_abi_pkg::REG_STATS_BASE + wn_abi_pkg::REG_HDR_NEXT): r_data = wn_abi_pkg::REG_STATS_NEXT;
        16'(wn_abi_pkg::REG_TCP_BASE + wn_abi_pkg::REG_HDR_TYPE): r_data = wn_abi_pkg::REG_TCP_TYPE_ID;
        16'(wn_abi_pkg::REG_TCP_BASE + wn_abi_pkg::REG_HDR_VERSION): r_data = wn_abi_pkg::REG_TCP_VERSION;
        16'(wn_abi_pkg::REG_TCP_BASE + wn_abi_pkg::REG_HDR_NEXT): r_data = wn_abi_pkg::REG_TCP_NEXT;
        16'(wn_abi_pkg::REG_TCP_BASE + wn_abi_pkg::REG_HDR_COUNT): r_data = NumConns;
        16'(wn_abi_pkg::REG_TCP_BASE + wn_abi_pkg::REG_HDR_STRIDE): r_data = wn_abi_pkg::REG_TCP_ELEM_STRIDE;
        16'(wn_abi_pkg::REG_TCP_BASE + wn_abi_pkg::REG_HDR_ARRAY_BASE): r_data = wn_abi_pkg::REG_TCP_ELEM_BASE - wn_abi_pkg::REG_TCP_BASE;
        16'(wn_abi_pkg::REG_TCP_NUM_LISTEN): r_data = {24'd0, tcp_conns_i[23:16]};
        default: begin
          r_ok = 1'b0;
          if (ra[1:0] == 2'd0) begin
            if ({16'd0, ra} >= 32'(wn_abi_pkg::REG_MBOX_REQ) &&
                {16'd0, ra} < 32'(wn_abi_pkg::REG_MBOX_REQ) + 4 * MbWords) begin
              r_ok = 1'b1;
              r_data = mb_req_q[ra[5:2]];
            end else if ({16'd0, ra} >= 32'(wn_abi_pkg::REG_MBOX_RSP) &&
                         {16'd0, ra} < 32'(wn_abi_pkg::REG_MBOX_RSP) + 4 * MbWords) begin
              r_ok = 1'b1;
              r_data = mb_rsp_q[ra[5:2]];
            end else if (in_tcp_db(ra)) begin
              // the doorbells are write-only: reads return 0
              r_ok = 1'b1;
              r_data = 32'd0;
            end else if (in_rdma_r(ra)) begin
              r_ok = 1'b1;
              r_data = rdma_rdata_i;
            end else if ({16'd0, ra} >= 32'(wn_abi_pkg::REG_STATS_TX_FRAMES) &&
                         {16'd0, ra} < 32'(wn_abi_pkg::REG_STATS_TX_FRAMES) + 8 * NumCnt) begin
              r_ok = 1'b1;
              r_data = ra[2] ? cnt_hi_latch_q
                             : cnt_q[(32'(ra) - wn_abi_pkg::REG_STATS_TX_FRAMES) >> 3][31:0];
            end else if (in_array(ra, wn_abi_pkg::REG_SQ_ELEM_BASE, NumSq)) begin
              r_el = 5'((32'(ra) - wn_abi_pkg::REG_SQ_ELEM_BASE) >> 6);
              r_ok = 1'b1;
              unique case (32'(r_off))
                wn_abi_pkg::REG_SQ_E_BASE_LO: r_data = sq_base_q[SqIw'(r_el)][31:0];
                wn_abi_pkg::REG_SQ_E_BASE_HI: r_data = sq_base_q[SqIw'(r_el)][63:32];
                wn_abi_pkg::REG_SQ_E_LOG_SIZE: r_data = {28'd0, sq_log_q[SqIw'(r_el)]};
                wn_abi_pkg::REG_SQ_E_CQN: r_data = {24'd0, sq_cqn_q[SqIw'(r_el)]};
                wn_abi_pkg::REG_SQ_E_CTRL: r_data = {31'd0, sq_en_q[SqIw'(r_el)]};
                wn_abi_pkg::REG_SQ_E_STATE: r_data = sq_state_i[32'(r_el)*32 +: 32];
                wn_abi_pkg::REG_SQ_E_PI: r_data = {16'd0, sq_pi_q[SqIw'(r_el)]};
                wn_abi_pkg::REG_SQ_E_CI: r_data = {16'd0, sq_ci_i[32'(r_el)*16 +: 16]};
                default: r_ok = 1'b0;
              endcase
            end else if (in_array(ra, wn_abi_pkg::REG_RQ_ELEM_BASE, NumRq)) begin
              r_el = 5'((32'(ra) - wn_abi_pkg::REG_RQ_ELEM_BASE) >> 6);
              r_ok = 1'b1;
              unique case (32'(r_off))
                wn_abi_pkg::REG_RQ_E_BASE_LO: r_data = rq_base_q[RqIw'(r_el)][31:0];
                wn_abi_pkg::REG_RQ_E_BASE_HI: r_data = rq_base_q[RqIw'(r_el)][63:32];
                wn_abi_pkg::REG_RQ_E_LOG_SIZE: r_data = {28'd0, rq_log_q[RqIw'(r_el)]};
                wn_abi_pkg::REG_RQ_E_CQN: r_data = {24'd0, rq_cqn_q[RqIw'(r_el)]};
                wn_abi_pkg::REG_RQ_E_CTRL: r_data = {31'd0, rq_en_q[RqIw'(r_el)]};
                wn_abi_pkg::REG_RQ_E_STATE: r_data = rq_state_i[32'(r_el)*32 +: 32];
                wn_abi_pkg::REG_RQ_E_PI: r_data = {16'd0, rq_pi_q[RqIw'(r_el)]};
                wn_abi_pkg::REG_RQ_E_CI: r_data = {16'd0, rq_ci_i[32'(r_el)*16 +: 16]};
                default: r_ok = 1'b0;
              endcase
            end else if (in_array(ra, wn_abi_pkg::REG_CQ_ELEM_BASE, NumCq)) begin
              r_el = 5'((32'(ra) - wn_abi_pkg::REG_CQ_ELEM_BASE) >> 6);
              r_ok = 1'b1;
              unique case (32'(r_off))
                wn_abi_pkg::REG_CQ_E_BASE_LO: r_data = cq_base_q[CqIw'(r_el)][31:0];
                wn_abi_pkg::REG_CQ_E_BASE_HI: r_data = cq_base_q[CqIw'(r_el)][63:32];
                wn_abi_pkg::REG_CQ_E_LOG_SIZE: r_data = {28'd0, cq_log_q[CqIw'(r_el)]};
                wn_abi_pkg::REG_CQ_E_EQN: r_data = {24'd0, cq_eqn_q[CqIw'(r_el)]};
                wn_abi_pkg::REG_CQ_E_CTRL: r_data = {31'd0, cq_en_q[CqIw'(r_el)]};
                wn_abi_pkg::REG_CQ_E_STATE: r_data = cq_state_i[32'(r_el)*32 +: 32];
                wn_abi_pkg::REG_CQ_E_ARM: r_data = 32'd0;
                wn_abi_pkg::REG_CQ_E_CI: r_data = {16'd0, cq_ci_q[CqIw'(r_el)]};
                wn_abi_pkg::REG_CQ_E_PI: r_data = {16'd0, cq_pi_i[32'(r_el)*16 +: 16]};
                default: r_ok = 1'b0;
              endcase
            end else if (in_array(ra, wn_abi_pkg::REG_EQ_ELEM_BASE, NumEq)) begin
              r_el = 5'((32'(ra) - wn_abi_pkg::REG_EQ_ELEM_BASE) >> 6);
              r_ok = 1'b1;
              unique case (32'(r_off))
                wn_abi_pkg::REG_EQ_E_BASE_LO: r_data = eq_base_q[EqIw'(r_el)][31:0];
                wn_abi_pkg::REG_EQ_E_BASE_HI: r_data = eq_base_q[EqIw'(r_el)][63:32];
                wn_abi_pkg::REG_EQ_E_LOG_SIZE: r_data = {28'd0, eq_log_q[EqIw'(r_el)]};
                wn_abi_pkg::REG_EQ_E_CTRL: r_data = {30'd0, eq_ctrl_q[EqIw'(r_el)]};
                wn_abi_pkg::REG_EQ_E_MOD_COUNT: r_data = {16'd0, eq_mc_q[EqIw'(r_el)]};
                wn_abi_pkg::REG_EQ_E_MOD_USECS: r_data = {16'd0, eq_mu_q[EqIw'(r_el)]};
                wn_abi_pkg::REG_EQ_E_CI: r_data = {16'd0, eq_ci_q[EqIw'(r_el)]};
                wn_abi_pkg::REG_EQ_E_PI: r_data = {16'd0, eq_pi_i[32'(r_el)*16 +: 16]};
                wn_abi_pkg::REG_EQ_E_STATE: r_data = eq_state_i[32'(r_el)*32 +: 32];
                default: r_ok = 1'b0;
              endcase
            end
          end
        end
  endcase
    end
  end

  // ------------------------------------------------------------------
  // Write decode: w_ok says the write is legal; the update happens below
  // ------------------------------------------------------------------
  typedef enum logic [4:0] {
    WNone, WScratch, WControl, WRxFilter, WMaxFrame, WRxRq, WExcFilter, WMbDoorbell, WMbReq,
    WQBaseLo, WQBaseHi, WQLog, WQCqn, WQCtrl, WQPi,
    WCqBaseLo, WCqBaseHi, WCqLog, WCqEqn, WCqCtrl, WCqArm, WCqCi,
    WEqBaseLo, WEqBaseHi, WEqLog, WEqCtrl, WEqModCount, WEqModUsecs, WEqCi, WTcpDb, WRdma
  } wkind_e;
  wkind_e wk;
  logic   w_rq;      // WQ* kinds: 0 = SQ, 1 = RQ
  logic   w_en;      // the addressed queue is enabled

  always_comb begin
    wk = WNone;
    w_rq = 1'b0;
    w_el = '0;
    w_off = wa[5:0];
    w_en = 1'b0;
    // decoded only in the cycle a write is taken (every use is gated by it)
    if (wr_go) begin
      unique case (wa)
        16'(wn_abi_pkg::REG_ID_SCRATCH): wk = WScratch;
        16'(wn_abi_pkg::REG_CTRL_CONTROL): wk = WControl;
        16'(wn_abi_pkg::REG_CTRL_RX_FILTER): wk = WRxFilter;
        16'(wn_abi_pkg::REG_CTRL_MAX_FRAME): wk = WMaxFrame;
        16'(wn_abi_pkg::REG_CTRL_RX_RQ): wk = WRxRq;
        16'(wn_abi_pkg::REG_CTRL_EXC_FILTER): wk = WExcFilter;
        16'(wn_abi_pkg::REG_MBOX_DOORBELL): wk = WMbDoorbell;
        default: begin
          if (wa[1:0] != 2'd0) begin
            wk = WNone;
          end else if ({16'd0, wa} >= 32'(wn_abi_pkg::REG_MBOX_REQ) &&
                       {16'd0, wa} < 32'(wn_abi_pkg::REG_MBOX_REQ) + 4 * MbWords) begin
            wk = WMbReq;
          end else if (in_tcp_db(wa)) begin
            wk = WTcpDb;
          end else if (in_rdma_w(wa)) begin
            wk = WRdma;
          end else if (in_array(wa, wn_abi_pkg::REG_SQ_ELEM_BASE, NumSq) ||
                       in_array(wa, wn_abi_pkg::REG_RQ_ELEM_BASE, NumRq)) begin
            w_rq = in_array(wa, wn_abi_pkg::REG_RQ_ELEM_BASE, NumRq);
            w_el = w_rq ? 5'((32'(wa) - wn_abi_pkg::REG_RQ_ELEM_BASE) >> 6)
                        : 5'((32'(wa) - wn_abi_pkg::REG_SQ_ELEM_BASE) >> 6);
            w_en = w_rq ? rq_en_q[RqIw'(w_el)] : sq_en_q[SqIw'(w_el)];
            unique case (32'(w_off))
              wn_abi_pkg::REG_SQ_E_BASE_LO: wk = WQBaseLo;
              wn_abi_pkg::REG_SQ_E_BASE_HI: wk = WQBaseHi;
              wn_abi_pkg::REG_SQ_E_LOG_SIZE: wk = WQLog;
              wn_abi_pkg::REG_SQ_E_CQN: wk = WQCqn;
              wn_abi_pkg::REG_SQ_E_CTRL: wk = WQCtrl;
              wn_abi_pkg::REG_SQ_E_PI: wk = WQPi;
              default: wk = WNone;
            endcase
          end else if (in_array(wa, wn_abi_pkg::REG_CQ_ELEM_BASE, NumCq)) begin
            w_el = 5'((32'(wa) - wn_abi_pkg::REG_CQ_ELEM_BASE) >> 6);
            w_en = cq_en_q[CqIw'(w_el)];
            unique case (32'(w_off))
              wn_abi_pkg::REG_CQ_E_BASE_LO: wk = WCqBaseLo;
              wn_abi_pkg::REG_CQ_E_BASE_HI: wk = WCqBaseHi;
              wn_abi_pkg::REG_CQ_E_LOG_SIZE: wk = WCqLog;
              wn_abi_pkg::REG_CQ_E_EQN: wk = WCqEqn;
              wn_abi_pkg::REG_CQ_E_CTRL: wk = WCqCtrl;
              wn_abi_pkg::REG_CQ_E_ARM: wk = WCqArm;
              wn_abi_pkg::REG_CQ_E_CI: wk = WCqCi;
              default: wk = WNone;
            endcase
          end else if (in_array(wa, wn_abi_pkg::REG_EQ_ELEM_BASE, NumEq)) begin
            w_el = 5'((32'(wa) - wn_abi_pkg::REG_EQ_ELEM_BASE) >> 6);
            w_en = eq_ctrl_q[EqIw'(w_el)][0];
            unique case (32'(w_off))
              wn_abi_pkg::REG_EQ_E_BASE_LO: wk = WEqBaseLo;
              wn_abi_pkg::REG_EQ_E_BASE_HI: wk = WEqBaseHi;
              wn_abi_pkg::REG_EQ_E_LOG_SIZE: wk = WEqLog;
              wn_abi_pkg::REG_EQ_E_CTRL: wk = WEqCtrl;
              wn_abi_pkg::REG_EQ_E_MOD_COUNT: wk = WEqModCount;
              wn_abi_pkg::REG_EQ_E_MOD_USECS: wk = WEqModUsecs;
              wn_abi_pkg::REG_EQ_E_CI: wk = WEqCi;
              default: wk = WNone;
            endcase
          end
        end
  endcase
    end
  end

  logic log_ok;
  assign log_ok = (wd >= 32'd1) && (wd <= wn_abi_pkg::MAX_LOG_QUEUE_SIZE);
  always_comb begin
    unique case (wk)
      WNone: w_ok = 1'b0;
      WMaxFrame: w_ok = (wd >= 32'd60) && (wd <= 32'd9014);
      WRxRq: w_ok = wd < 32'(NumRq);
      WMbDoorbell: w_ok = !mb_busy_q && (wd >= 32'd1) && (wd <= 32'(MbWords));
      WQBaseLo, WCqBaseLo: w_ok = !w_en && (wd[4:0] == 5'd0);
      WEqBaseLo: w_ok = !w_en && (wd[3:0] == 4'd0);
      WQBaseHi, WCqBaseHi, WEqBaseHi: w_ok = !w_en;
      WQLog, WCqLog, WEqLog: w_ok = !w_en && log_ok;
      WQCqn: w_ok = !w_en && (wd < 32'(NumCq));
      WCqEqn: w_ok = !w_en && (wd < 32'(NumEq));
      WQPi, WCqCi, WEqCi, WEqModCount, WEqModUsecs: w_ok = wd[31:16] == 16'd0;
      default: w_ok = 1'b1;
    endcase
  end

  logic w_do;
  assign w_do = wr_go && w_ok && w_full;

  // ------------------------------------------------------------------
  // Register updates
  // ------------------------------------------------------------------
  logic       fw_mac_lo_we, fw_mac_hi_we, fw_scr_we;
  logic       fw_in;
  logic       mb_send_fire;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      scratch_q <= '0;
      control_q <= '0;
      rx_filter_q <= wn_abi_pkg::REG_CTRL_RX_FILTER_RESET;
      max_frame_q <= wn_abi_pkg::REG_CTRL_MAX_FRAME_RESET;
      rx_rq_q <= '0;
      exc_filter_q <= wn_abi_pkg::REG_CTRL_EXC_FILTER_RESET;
      bad_addr_q <= '0;
      cyc_hi_latch_q <= '0;
      cnt_hi_latch_q <= '0;
    end else begin
      if (w_do) begin
        unique case (wk)
          WScratch: scratch_q <= wd;
          WControl: control_q <= wd & (wn_abi_pkg::CTRL_FLAGS_TX_ENABLE | wn_abi_pkg::CTRL_FLAGS_RX_ENABLE);
          WRxFilter: rx_filter_q <= {29'd0, wd[2:0]};
          WMaxFrame: max_frame_q <= wd;
          WRxRq: rx_rq_q <= wd;
          WExcFilter: exc_filter_q <= {30'd0, wd[1:0]};
          default: ;
        endcase
      end
      if (wr_go && !(w_ok && w_full)) bad_addr_q <= {16'd0, wa};
      else if (rd_go && !r_ok) bad_addr_q <= {16'd0, ra};
      if (rd_go && ra == 16'(wn_abi_pkg::REG_CTRL_CYCLES_LO)) cyc_hi_latch_q <= cycles_q[63:32];
      if (rd_go && r_ok && ra[2] == 1'b0 && {16'd0, ra} >= 32'(wn_abi_pkg::REG_STATS_TX_FRAMES) &&
          {16'd0, ra} < 32'(wn_abi_pkg::REG_STATS_TX_FRAMES) + 8 * NumCnt)
        cnt_hi_latch_q <= cnt_q[(32'(ra) - wn_abi_pkg::REG_STATS_TX_FRAMES) >> 3][63:32];
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) cycles_q <= '0;
    else cycles_q <= cycles_q + 64'd1;
  end

  // queues
  for (genvar i = 0; i < NumSq; i++) begin : g_sq
    always_ff @(posedge clk_i) begin
      if (rst_i) begin
        sq_base_q[i] <= '0;
        sq_log_q[i] <= '0;
        sq_cqn_q[i] <= '0;
        sq_en_q[i] <= 1'b0;
        sq_pi_q[i] <= '0;
      end else if (w_do && !w_rq && w_el == 5'(i)) begin
        unique case (wk)
          WQBaseLo: sq_base_q[i][31:0] <= wd;
          WQBaseHi: sq_base_q[i][63:32] <= wd;
          WQLog: sq_log_q[i] <= wd[3:0];
          WQCqn: sq_cqn_q[i] <= wd[7:0];
          WQCtrl: begin
            sq_en_q[i] <= wd[0];
            if (!wd[0]) sq_pi_q[i] <= '0;
          end
          WQPi: sq_pi_q[i] <= wd[15:0];
          default: ;
        endcase
      end
    end
  end
  for (genvar i = 0; i < NumRq; i++) begin : g_rq
    always_ff @(posedge clk_i) begin
      if (rst_i) begin
        rq_base_q[i] <= '0;
        rq_log_q[i] <= '0;
        rq_cqn_q[i] <= '0;
        rq_en_q[i] <= 1'b0;
        rq_pi_q[i] <= '0;
      end else if (w_do && w_rq && w_el == 5'(i)) begin
        unique case (wk)
          WQBaseLo: rq_base_q[i][31:0] <= wd;
          WQBaseHi: rq_base_q[i][63:32] <= wd;
          WQLog: rq_log_q[i] <= wd[3:0];
          WQCqn: rq_cqn_q[i] <= wd[7:0];
          WQCtrl: begin
            rq_en_q[i] <= wd[0];
            if (!wd[0]) rq_pi_q[i] <= '0;
          end
          WQPi: rq_pi_q[i] <= wd[15:0];
          default: ;
        endcase
      end
    end
  end
  for (genvar i = 0; i < NumCq; i++) begin : g_cq
    always_ff @(posedge clk_i) begin
      if (rst_i) begin
        cq_base_q[i] <= '0;
        cq_log_q[i] <= '0;
        cq_eqn_q[i] <= '0;
        cq_en_q[i] <= 1'b0;
        cq_ci_q[i] <= '0;
      end else if (w_do && w_el == 5'(i)) begin
        unique case (wk)
          WCqBaseLo: cq_base_q[i][31:0] <= wd;
          WCqBaseHi: cq_base_q[i][63:32] <= wd;
          WCqLog: cq_log_q[i] <= wd[3:0];
          WCqEqn: cq_eqn_q[i] <= wd[7:0];
          WCqCtrl: begin
            cq_en_q[i] <= wd[0];
            if (!wd[0]) cq_ci_q[i] <= '0;
          end
          WCqCi: cq_ci_q[i] <= wd[15:0];
          default: ;
        endcase
      end
    end
    assign cq_arm_o[i] = w_do && (wk == WCqArm) && (w_el == 5'(i));
  end
  for (genvar i = 0; i < NumEq; i++) begin : g_eq
    always_ff @(posedge clk_i) begin
      if (rst_i) begin
        eq_base_q[i] <= '0;
        eq_log_q[i] <= '0;
        eq_ctrl_q[i] <= '0;
        eq_mc_q[i] <= 16'(wn_abi_pkg::REG_EQ_E_MOD_COUNT_RESET);
        eq_mu_q[i] <= 16'(wn_abi_pkg::REG_EQ_E_MOD_USECS_RESET);
        eq_ci_q[i] <= '0;
      end else if (w_do && w_el == 5'(i)) begin
        unique case (wk)
          WEqBaseLo: eq_base_q[i][31:0] <= wd;
          WEqBaseHi: eq_base_q[i][63:32] <= wd;
          WEqLog: eq_log_q[i] <= wd[3:0];
          WEqCtrl: begin
            eq_ctrl_q[i] <= wd[1:0];
            if (!wd[0]) eq_ci_q[i] <= '0;
          end
          WEqModCount: eq_mc_q[i] <= wd[15:0];
          WEqModUsecs: eq_mu_q[i] <= wd[15:0];
          WEqCi: eq_ci_q[i] <= wd[15:0];
          default: ;
        endcase
      end
    end
  end

  // counters
  logic bad_access;
  assign bad_access = (wr_go && !(w_ok && w_full)) || (rd_go && !r_ok);
  for (genvar k = 0; k < NumCnt; k++) begin : g_cnt
    logic [15:0] inc;
    always_comb begin
      inc = cnt_inc_i[k*16 +: 16];
      if (k == CntBadReg && bad_access) inc = inc + 16'd1;
      if (k == CntFwMsgs && w_do && wk == WMbDoorbell) inc = inc + 16'd1;
    end
    always_ff @(posedge clk_i) begin
      if (rst_i) cnt_q[k] <= '0;
      else cnt_q[k] <= cnt_q[k] + {48'd0, inc};
    end
  end

  // ------------------------------------------------------------------
  // Mailbox
  // ------------------------------------------------------------------
  assign m_axis_fw_tvalid_o = mb_sending_q;
  assign m_axis_fw_tdata_o = mb_req_q[mb_idx_q[3:0]];
  assign m_axis_fw_tlast_o = (mb_idx_q + 5'd1) == mb_len_q;
  assign mb_send_fire = m_axis_fw_tvalid_o && m_axis_fw_tready_i;
  assign s_axis_fw_tready_o = !mb_ev_q;
  assign fw_in = s_axis_fw_tvalid_i && s_axis_fw_tready_o;
  assign fw_ev_valid_o = mb_ev_q;
  assign fw_ev_o = {8'd0, 8'(wn_abi_pkg::EQE_TYPE_FW_RESPONSE), 16'd0, 27'd0, mb_rsp_len_q};

  always_ff @(posedge clk_i) begin
    if (w_do && wk == WMbReq) mb_req_q[wa[5:2]] <= wd;
    if (fw_in && mb_ridx_q < 5'(MbWords)) mb_rsp_q[mb_ridx_q[3:0]] <= s_axis_fw_tdata_i;
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      mb_busy_q <= 1'b0;
      mb_sending_q <= 1'b0;
      mb_rsp_valid_q <= 1'b0;
      mb_ev_q <= 1'b0;
      mb_len_q <= '0;
      mb_idx_q <= '0;
      mb_ridx_q <= '0;
      mb_rsp_len_q <= '0;
    end else begin
      if (w_do && wk == WMbDoorbell) begin
        mb_busy_q <= 1'b1;
        mb_sending_q <= 1'b1;
        mb_rsp_valid_q <= 1'b0;
        mb_len_q <= wd[4:0];
        mb_idx_q <= '0;
      end
      if (mb_send_fire) begin
        mb_idx_q <= mb_idx_q + 5'd1;
        if (m_axis_fw_tlast_o) mb_sending_q <= 1'b0;
      end
      if (fw_in) begin
        if (s_axis_fw_tlast_i) begin
          mb_ridx_q <= '0;
          mb_rsp_len_q <= (mb_ridx_q < 5'(MbWords)) ? mb_ridx_q + 5'd1 : 5'(MbWords);
          mb_rsp_valid_q <= 1'b1;
          mb_busy_q <= 1'b0;
          mb_ev_q <= 1'b1;
        end else if (mb_ridx_q != 5'd31) begin
          mb_ridx_q <= mb_ridx_q + 5'd1;
        end
      end
      if (mb_ev_q && fw_ev_ready_i) mb_ev_q <= 1'b0;
    end
  end

  // ------------------------------------------------------------------
  // Firmware register window
  // ------------------------------------------------------------------
  assign fw_mac_lo_we = fw_reg_en_i && fw_reg_we_i && 32'(fw_reg_addr_i) == wn_abi_pkg::FW_REG_MAC_LO;
  assign fw_mac_hi_we = fw_reg_en_i && fw_reg_we_i && 32'(fw_reg_addr_i) == wn_abi_pkg::FW_REG_MAC_HI;
  assign fw_scr_we = fw_reg_en_i && fw_reg_we_i && 32'(fw_reg_addr_i) == wn_abi_pkg::FW_REG_SCRATCH;
  logic fw_ip_we;
  assign fw_ip_we = fw_reg_en_i && fw_reg_we_i && 32'(fw_reg_addr_i) == wn_abi_pkg::FW_REG_IPV4;
  logic fw_we;
  assign fw_we = fw_reg_en_i && fw_reg_we_i;
  logic [31:0] tcp_rto_init_q, tcp_rto_min_q, tcp_rto_max_q, tcp_time_wait_q;
  logic [15:0] tcp_retries_q;
  assign tcp_rto_init_o = tcp_rto_init_q;
  assign tcp_rto_min_o = tcp_rto_min_q;
  assign tcp_rto_max_o = tcp_rto_max_q;
  assign tcp_retries_o = tcp_retries_q;
  assign tcp_time_wait_o = tcp_time_wait_q;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      mac_q <= '0;
      ipv4_q <= '0;
      fw_scratch_q <= '0;
      fw_cyc_hi_q <= '0;
      fw_reg_rdata_o <= '0;
      // RFC 6298 §2.1 (1 s initial), §2.4 (RTO >= 1 s is the RFC's; 200 ms
      // as Linux uses), 60 s upper bound, 6 SYN and 15 data retries, 60 s
      // TIME_WAIT
      tcp_rto_init_q <= 32'd1_000_000;
      tcp_rto_min_q <= 32'd200_000;
      tcp_rto_max_q <= 32'd60_000_000;
      tcp_retries_q <= 16'h0f06;
      tcp_time_wait_q <= 32'd60_000_000;
    end else begin
      if (fw_we && 32'(fw_reg_addr_i) == wn_abi_pkg::FW_REG_TCP_RTO_INIT) tcp_rto_init_q <= fw_reg_wdata_i;
      if (fw_we && 32'(fw_reg_addr_i) == wn_abi_pkg::FW_REG_TCP_RTO_MIN) tcp_rto_min_q <= fw_reg_wdata_i;
      if (fw_we && 32'(fw_reg_addr_i) == wn_abi_pkg::FW_REG_TCP_RTO_MAX) tcp_rto_max_q <= fw_reg_wdata_i;
      if (fw_we && 32'(fw_reg_addr_i) == wn_abi_pkg::FW_REG_TCP_RETRIES) tcp_retries_q <= fw_reg_wdata_i[15:0];
      if (fw_we && 32'(fw_reg_addr_i) == wn_abi_pkg::FW_REG_TCP_TIME_WAIT) tcp_time_wait_q <= fw_reg_wdata_i;
      if (fw_mac_lo_we) mac_q[31:0] <= fw_reg_wdata_i;
      if (fw_mac_hi_we) mac_q[47:32] <= fw_reg_wdata_i[15:0];
      if (fw_scr_we) fw_scratch_q <= fw_reg_wdata_i;
      if (fw_ip_we) ipv4_q <= fw_reg_wdata_i;
      if (fw_reg_en_i && !fw_reg_we_i) begin
        unique case (32'(fw_reg_addr_i))
          wn_abi_pkg::FW_REG_ID: fw_reg_rdata_o <= wn_abi_pkg::FW_REG_ID_VALUE;
          wn_abi_pkg::FW_REG_MAC_LO: fw_reg_rdata_o <= mac_q[31:0];
          wn_abi_pkg::FW_REG_MAC_HI: fw_reg_rdata_o <= {16'd0, mac_q[47:32]};
          wn_abi_pkg::FW_REG_CYCLES_LO: begin
            fw_reg_rdata_o <= cycles_q[31:0];
            fw_cyc_hi_q <= cycles_q[63:32];
          end
          wn_abi_pkg::FW_REG_CYCLES_HI: fw_reg_rdata_o <= fw_cyc_hi_q;
          wn_abi_pkg::FW_REG_SCRATCH: fw_reg_rdata_o <= fw_scratch_q;
          wn_abi_pkg::FW_REG_BUILD_ID: fw_reg_rdata_o <= wn_abi_pkg::BUILD_ID;
          wn_abi_pkg::FW_REG_IPV4: fw_reg_rdata_o <= ipv4_q;
          wn_abi_pkg::FW_REG_TCP_RTO_INIT: fw_reg_rdata_o <= tcp_rto_init_q;
          wn_abi_pkg::FW_REG_TCP_RTO_MIN: fw_reg_rdata_o <= tcp_rto_min_q;
          wn_abi_pkg::FW_REG_TCP_RTO_MAX: fw_reg_rdata_o <= tcp_rto_max_q;
          wn_abi_pkg::FW_REG_TCP_RETRIES: fw_reg_rdata_o <= {16'd0, tcp_retries_q};
          wn_abi_pkg::FW_REG_TCP_TIME_WAIT: fw_reg_rdata_o <= tcp_time_wait_q;
          wn_abi_pkg::FW_REG_TCP_TIME_US: fw_reg_rdata_o <= tcp_time_us_i;
          wn_abi_pkg::FW_REG_TCP_CONNS: fw_reg_rdata_o <= tcp_conns_i;
          default: fw_reg_rdata_o <= 32'hffff_ffff;
        endcase
      end
    end
  end

  // TCP doorbells: a registered pulse per write (tid, which one, value)
  always_ff @(posedge clk_i) begin
    if (rst_i) tcp_db_valid_o <= 1'b0;
    else tcp_db_valid_o <= w_do && wk == WTcpDb;
    tcp_db_tid_o <= 16'((32'(wa) - wn_abi_pkg::REG_TCP_ELEM_BASE) >> 3);
    tcp_db_rx_o <= wa[2];
    tcp_db_value_o <= wd;
  end
  // RDMA writes: a registered pulse
  always_ff @(posedge clk_i) begin
    if (rst_i) rdma_we_o <= 1'b0;
    else rdma_we_o <= w_do && wk == WRdma;
    rdma_waddr_o <= wa;
    rdma_wdata_o <= wd;
  end
  assign rdma_raddr_o = ra;
endmodule
