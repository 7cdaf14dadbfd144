// wn_core: the warpnic core (ports: docs/core-ports.md).
//
// BAR0 registers (wn_regs) configure raw send queues (wn_raw_sq: WQE
// fetch by DMA, payload DMA read, frames to the MAC), raw receive queues
// (wn_raw_rq: frames from the MAC into posted buffers by DMA write),
// completion queues (wn_cq_engine) and event queues with interrupt
// moderation (wn_eq_engine). Two arbiters share the DMA read and write
// channels. The firmware port carries mailbox messages, exception-path
// frames and the TCP engine's CPL messages, and a register window
// (wn_regs). wn_rx_steer sends each received frame to the TCP engine
// (wn_tcp_engine: TCP segments to the port's IPv4 address), the firmware
// (exception path) or the raw receive queues; the TCP engine sends its
// segments through the transmit mux.
//
// The iWARP path: wn_rdma_ctrl (the RDMA and QP register blocks, the QP
// table), wn_rdma_rx (receive: MPA, DDP/RDMAP placement, the MR table, the
// receive queues) and wn_rdma_tx (send queues, the message log, FPDUs for
// the TCP engine's payload reads through wn_rdma_rd_split).
//
// DMA ports (each read port a wn_abi_pkg::dma_rd_req_t and a dma_rd_rsp_t
// channel, each write port a dma_wr_req_t and a dma_wr_done_t channel, with
// the readies as plain signals; each a slice of the arbiter's vector of its
// channel):
// read 0 SQ WQE fetch, 1 SQ payload, 2 RQ WQE fetch, 3 TCP stream
// payload, 4 RDMA receive WQEs, 5 RDMA send WQEs, 6 RDMA payload;
// write 0 RX frame data, 1 CQEs, 2 EQEs, 3 TCP received payload,
// 4 RDMA placement. CQ sources: 0 SQ, 1 RQ, 2 TCP send space, 3 TCP received
// bytes, 4 RDMA receive, 5 RDMA send. EQ sources: 0 SQ, 1 RQ, 2 CQs,
// 3 firmware, 4 RDMA (QP_ERROR, SQ_DRAINED).
// Parameters: NumSq 1..16, NumRq 1..16, NumCq 1..32, NumEq 1..32,
// NumConns (TCP connections) a power of two 16..65536, NumListen 1..64,
// NumQp a power of two 2..1024, NumMrs as wn_mr_table, LogRecs (the send
// message log's pool, shared by the QPs) as wn_rdma_tx.
module wn_core #(
    parameter int NumConns = 1024,
    parameter int NumListen = 16,
    parameter int NumSq    = 4,
    parameter int NumRq    = 4,
    parameter int NumCq    = 8,
    parameter int NumEq    = 4,
    parameter int ClockMhz = 250,
    parameter int NumQp    = 1024,
    parameter int NumMrs   = 4096,
    parameter int LogRecs  = 4096
) (
    input  logic               clk_i,
    input  logic               rst_i,
    // BAR0
    input  logic [15:0]        s_axil_awaddr_i,
    input  logic               s_axil_awvalid_i,
    output logic               s_axil_awready_o,
    input  logic [31:0]        s_axil_wdata_i,
    input  logic [3:0]         s_axil_wstrb_i,
    input  logic               s_axil_wvalid_i,
    output logic               s_axil_wready_o,
    output logic [1:0]         s_axil_bresp_o,
    output logic               s_axil_bvalid_o,
    input  logic               s_axil_bready_i,
    input  logic [15:0]        s_axil_araddr_i,
    input  logic               s_axil_arvalid_i,
    output logic               s_axil_arready_o,
    output logic [31:0]        s_axil_rdata_o,
    output logic [1:0]         s_axil_rresp_o,
    output logic               s_axil_rvalid_o,
    input  logic               s_axil_rready_i,
    // DMA read
    output logic [63:0]        m_dma_rd_req_addr_o,
    output logic [15:0]        m_dma_rd_req_len_o,
    output logic [7:0]         m_dma_rd_req_tag_o,
    output logic               m_dma_rd_req_valid_o,
    input  logic               m_dma_rd_req_ready_i,
    input  logic [511:0]       s_dma_rd_rsp_data_i,
    input  logic [7:0]         s_dma_rd_rsp_tag_i,
    input  logic               s_dma_rd_rsp_err_i,
    input  logic               s_dma_rd_rsp_last_i,
    input  logic               s_dma_rd_rsp_valid_i,
    output logic               s_dma_rd_rsp_ready_o,
    // DMA write
    output logic [63:0]        m_dma_wr_addr_o,
    output logic [15:0]        m_dma_wr_len_o,
    output logic [7:0]         m_dma_wr_tag_o,
    output logic [511:0]       m_dma_wr_data_o,
    output logic               m_dma_wr_last_o,
    output logic               m_dma_wr_valid_o,
    input  logic               m_dma_wr_ready_i,
    input  logic [7:0]         s_dma_wr_done_tag_i,
    input  logic               s_dma_wr_done_err_i,
    input  logic               s_dma_wr_done_valid_i,
    // Ethernet TX
    output logic [511:0]       m_axis_tx_tdata_o,
    output logic [63:0]        m_axis_tx_tkeep_o,
    output logic               m_axis_tx_tlast_o,
    output logic               m_axis_tx_tuser_o,
    output logic               m_axis_tx_tvalid_o,
    input  logic               m_axis_tx_tready_i,
    // Ethernet RX
    input  logic [511:0]       s_axis_rx_tdata_i,
    input  logic [63:0]        s_axis_rx_tkeep_i,
    input  logic               s_axis_rx_tlast_i,
    input  logic               s_axis_rx_tuser_i,
    input  logic               s_axis_rx_tvalid_i,
    // Interrupts
    output logic [NumEq-1:0]   irq_o,
    // Firmware port
    output logic [31:0]        m_axis_fw_tdata_o,
    output logic               m_axis_fw_tlast_o,
    output logic               m_axis_fw_tvalid_o,
    input  logic               m_axis_fw_tready_i,
    input  logic [31:0]        s_axis_fw_tdata_i,
    input  logic               s_axis_fw_tlast_i,
    input  logic               s_axis_fw_tvalid_i,
    output logic               s_axis_fw_tready_o,
    input  logic               fw_reg_en_i,
    input  logic               fw_reg_we_i,
    input  logic [7:0]         fw_reg_addr_i,
    input  logic [31:0]        fw_reg_wdata_i,
    output logic [31:0]        fw_reg_rdata_o
);
  localparam int NumCnt = 27;

  generate
    if (NumSq < 1 || NumSq > 16 || NumRq < 1 || NumRq > 16 || NumCq < 1 || NumCq > 32 ||
        NumEq < 1 || NumEq > 32) begin : g_bad_params
      $fatal(1, "wn_core: queue counts out of range");
    end
  endgenerate

  logic [63:0]          cycles;
  logic                 tx_enable, rx_enable;
  logic [2:0]           rx_filter;
  logic [13:0]          max_frame;
  logic [7:0]           rx_rq;
  logic [47:0]          mac;
  logic [31:0]          ipv4;
  logic [1:0]           exc_filter;
  logic [NumSq*64-1:0]  sq_base;
  logic [NumSq*4-1:0]   sq_log_size;
  logic [NumSq*8-1:0]   sq_cqn;
  logic [NumSq-1:0]     sq_enable;
  logic [NumSq*16-1:0]  sq_pi, sq_ci;
  logic [NumSq*32-1:0]  sq_state;
  logic [NumRq*64-1:0]  rq_base;
  logic [NumRq*4-1:0]   rq_log_size;
  logic [NumRq*8-1:0]   rq_cqn;
  logic [NumRq-1:0]     rq_enable;
  logic [NumRq*16-1:0]  rq_pi, rq_ci;
  logic [NumRq*32-1:0]  rq_state;
  logic [NumCq*64-1:0]  cq_base;
  logic [NumCq*4-1:0]   cq_log_size;
  logic [NumCq*8-1:0]   cq_eqn;
  logic [NumCq-1:0]     cq_enable, cq_arm;
  logic [NumCq*16-1:0]  cq_ci, cq_pi;
  logic [NumCq*32-1:0]  cq_state;
  logic [NumEq*64-1:0]  eq_base;
  logic [NumEq*4-1:0]   eq_log_size;
  logic [NumEq-1:0]     eq_enable, eq_irq_enable;
  logic [NumEq*16-1:0]  eq_mod_count, eq_mod_usecs, eq_ci, eq_pi;
  logic [NumEq*32-1:0]  eq_state;
  logic [NumCnt*16-1:0] cnt_inc;

  // DMA read arbiter: port p's wn_abi_pkg::dma_rd_req_t at rd_req[p*RdReqW]
  // with its ready at rd_req_ready[p], its dma_rd_rsp_t at rd_rsp[p*RdRspW]
  // with its ready at rd_rsp_ready[p]
  localparam int RdReqW = wn_abi_pkg::DMA_RD_REQ_W;
  localparam int RdRspW = wn_abi_pkg::DMA_RD_RSP_W;
  logic [7*RdReqW-1:0] rd_req;
  logic [6:0]          rd_req_ready, rd_rsp_ready;
  logic [7*RdRspW-1:0] rd_rsp;

  wn_dma_rd_mux #(
      .NumPorts(7),
      .MaxOutstanding(128)
  ) u_rd_mux (
      .clk_i,
      .rst_i,
      .req_i      (rd_req),
      .req_ready_o(rd_req_ready),
      .rsp_o      (rd_rsp),
      .rsp_ready_i(rd_rsp_ready),
      .m_dma_rd_req_addr_o,
      .m_dma_rd_req_len_o,
      .m_dma_rd_req_tag_o,
      .m_dma_rd_req_valid_o,
      .m_dma_rd_req_ready_i,
      .s_dma_rd_rsp_data_i,
      .s_dma_rd_rsp_tag_i,
      .s_dma_rd_rsp_err_i,
      .s_dma_rd_rsp_last_i,
      .s_dma_rd_rsp_valid_i,
      .s_dma_rd_rsp_ready_o
  );

  // DMA write arbiter: port p's dma_wr_req_t at wr_req[p*WrReqW] with its
  // ready at wr_req_ready[p], its dma_wr_done_t at wr_done[p*WrDoneW]
  localparam int WrReqW = wn_abi_pkg::DMA_WR_REQ_W;
  localparam int WrDoneW = wn_abi_pkg::DMA_WR_DONE_W;
  logic [5*WrReqW-1:0]  wr_req;
  logic [4:0]           wr_req_ready;
  logic [5*WrDoneW-1:0] wr_done;

  wn_dma_wr_mux #(
      .NumPorts(5),
      .MaxOutstanding(64)
  ) u_wr_mux (
      .clk_i,
      .rst_i,
      .req_i       (wr_req),
      .req_ready_o (wr_req_ready),
      .done_o      (wr_done),
      .m_dma_wr_addr_o,
      .m_dma_wr_len_o,
      .m_dma_wr_tag_o,
      .m_dma_wr_data_o,
      .m_dma_wr_last_o,
      .m_dma_wr_valid_o,
      .m_dma_wr_ready_i,
      .s_dma_wr_done_tag_i,
      .s_dma_wr_done_err_i,
      .s_dma_wr_done_valid_i
  );

  // completions and events
  logic [6*224-1:0] cpl;
  logic [151:0]     cpl_sq, cpl_rq, cpl_tcp_tx, cpl_tcp_rx;
  logic [5:0]       cpl_valid, cpl_ready;
  logic [5*64-1:0]  ev;
  logic [4:0]       ev_valid, ev_ready;

  // mailbox, exception path and transmit sharing
  logic [31:0]  mbox_tdata, frx_tdata;
  logic         mbox_tlast, mbox_tvalid, mbox_tready, mbox_rsp_tvalid, mbox_rsp_tready;
  logic         frx_tlast, frx_tvalid, frx_tready, exc_tvalid;
  logic         ftx_in_tvalid, ftx_in_tready;
  logic [511:0] sq_tx_tdata, ftx_tdata;
  logic [63:0]  sq_tx_tkeep, ftx_tkeep;
  logic         sq_tx_tlast, sq_tx_tuser, sq_tx_tvalid, sq_tx_tready;
  logic         ftx_tlast, ftx_tvalid, ftx_tready;
  logic         c_exc, c_exc_drop, c_ftx_drop, c_fw_tx;
  // TCP engine
  logic         tcp_rx_tvalid, raw_rx_tvalid;
  logic [31:0]  tcp_rto_init, tcp_rto_min, tcp_rto_max, tcp_time_wait, tcp_time_us;
  logic [15:0]  tcp_retries;
  logic         tcp_db_valid, tcp_db_rx, tcp_db_ready;
  logic [15:0]  tcp_db_tid;
  logic [31:0]  tcp_db_value;
  logic [31:0]  cpl_up_tdata;
  logic         cpl_up_tlast, cpl_up_tvalid, cpl_up_tready, cpl_dn_tvalid, cpl_dn_tready;
  logic [511:0] tcp_tx_tdata, mux1_tdata;
  logic [63:0]  tcp_tx_tkeep, mux1_tkeep;
  logic         tcp_tx_tlast, tcp_tx_tvalid, tcp_tx_tready;
  logic         mux1_tlast, mux1_tuser, mux1_tvalid, mux1_tready;
  logic         c_tcp_db_drop, c_tcp_rx_data, c_tcp_dma_err;
  logic         c_tcp_rx, c_tcp_bad, c_tcp_drop, c_tcp_rst, c_tcp_tx, c_tcp_cpl_bad, c_tcp_tx_mux;

  // RDMA
  logic         rdma_we, rdma_tlast, rdma_tvalid, rdma_tready;
  logic [15:0]  rdma_waddr, rdma_raddr, rdma_qp;
  logic [31:0]  rdma_wdata, rdma_rdata;
  logic [511:0] rdma_tdata;
  logic [63:0]  rdma_tkeep;
  logic         c_rdma_drop, c_rdma_rd_err, c_rdma_wr_err;
  logic         t_init_mark;
  logic         t_init_valid, t_init_crc, t_st_valid, t_rr_valid, t_rr_ready, t_rdc_valid, t_rdc_ready;
  logic [$clog2(NumQp)-1:0] t_init_qp, t_st_qp, t_rr_qp, t_rdc_qp, t_term_qp;
  logic         t_serr_valid, t_serr_ready, t_sqd_valid, t_sqd_ready;
  logic [$clog2(NumQp)-1:0] t_serr_qp, t_sqd_qp;
  logic         t_term_valid, t_term_hvalid, t_rrd_valid;
  logic         t_ctl_valid, t_ctl_ready, t_ctl_done;
  logic [1:0]   t_ctl_op;
  logic [31:0]  t_ctl_stag;
  logic [15:0]  t_ctl_pd;
  logic [3:0]   t_ctl_access;
  logic [63:0]  t_ctl_base, t_ctl_len, t_ctl_iova;
  logic [2:0]   t_ctl_status;
  logic [$clog2(NumQp)-1:0] t_rrd_qp, t_txb_qp;
  logic         t_txb_valid;
  logic [3:0]   t_term_layer, t_term_etype;
  logic [7:0]   t_term_ecode;
  logic [6:0]   t_term_hlen;
  logic [511:0] t_term_hdr;
  logic [15:0]  t_init_pd, t_init_tid, t_init_mulpdu;
  logic [7:0]   t_init_scq, t_st, t_init_ord;
  logic [63:0]  t_init_sq_base, t_rr_sink_to, t_rr_addr;
  logic [3:0]   t_init_sq_log;
  logic [31:0]  t_init_start, t_rr_sink_stag, t_rr_len;
  logic         t_chk_valid, t_chk_ready, t_chk_rsp_valid, t_chk_rsp_ok;
  logic [31:0]  t_chk_stag, t_chk_len;
  logic [63:0]  t_chk_to, t_chk_rsp_addr;
  logic [15:0]  t_chk_pd;
  // wn_rdma_ctrl and the receive side
  logic         r_db_valid, r_db_rq, r_qs_valid, r_qs_crc, r_qs_mark, r_qm_busy, r_qm_done;
  logic [$clog2(NumQp)-1:0] r_db_qp, r_qs_qp, r_cmd_qp, r_err_qp, r_tm_qp;
  logic [15:0]  r_db_pi, r_qs_pd, r_qs_mulpdu, r_qry_pi, r_qry_cc;
  logic [7:0]   r_qs_ird, r_qs_rcq;
  logic [3:0]   r_qs_rq_log;
  logic [63:0]  r_qs_rq_base;
  logic [8:0]   r_qs_phase;
  logic [NumQp-1:0] r_qp_rx, r_qp_err;
  logic         r_hold, r_err_set, r_err_lenerr;
  logic [31:0]  r_qry_msgs;
  logic         r_tm_valid, r_tm_ready, r_tm_rx, r_tm_hvalid;
  logic [3:0]   r_tm_layer, r_tm_etype;
  logic [7:0]   r_tm_ecode;
  logic [6:0]   r_tm_hlen;
  logic [511:0] r_tm_hdr;
  logic         r_mru_valid, r_mru_ready, r_mru_done;
  logic [1:0]   r_mru_op;
  logic [31:0]  r_mru_stag;
  logic [15:0]  r_mru_pd;
  logic [3:0]   r_mru_access;
  logic [63:0]  r_mru_base, r_mru_len, r_mru_iova;
  logic [2:0]   r_mru_status;
  logic         tx_db_valid, e_db_valid, e_db_ready, tx_ack_valid;
  logic [15:0]  tx_db_tid, tx_ack_qp;
  logic [31:0]  tx_db_value, tx_ack_off;
  // the TCP engine's payload reads, through wn_rdma_rd_split
  wn_abi_pkg::dma_rd_req_t e_rd_req;
  wn_abi_pkg::dma_rd_rsp_t e_rd_rsp;
  logic         e_rd_req_ready, e_rd_rsp_ready;
  logic [15:0]  srv_qp, srv_len;
  logic [511:0] srv_rsp_data;
  logic         srv_valid, srv_ready, srv_rsp_last, srv_rsp_err, srv_rsp_valid, srv_rsp_ready;
  logic [31:0]  srv_off;

  // counter pulses
  logic        c_tx_frame, c_tx_err, c_sq_rd_err, c_sq_db_err;
  logic [13:0] c_tx_bytes, c_rx_bytes;
  logic        c_rx_frame, c_fcs, c_filter, c_length, c_no_buf, c_overrun, c_len_err;
  logic        c_rq_rd_err, c_rq_wr_err, c_rq_db_err, c_cq_wr_err, c_eq_wr_err, c_event, c_irq;

  wn_regs #(
      .NumSq(NumSq),
      .NumRq(NumRq),
      .NumCq(NumCq),
      .NumEq(NumEq),
      .ClockMhz(ClockMhz),
      .NumCnt(NumCnt),
      .NumConns(NumConns),
      .NumQp(NumQp)
  ) u_regs (
      .clk_i,
      .rst_i,
      .s_axil_awaddr_i,
      .s_axil_awvalid_i,
      .s_axil_awready_o,
      .s_axil_wdata_i,
      .s_axil_wstrb_i,
      .s_axil_wvalid_i,
      .s_axil_wready_o,
      .s_axil_bresp_o,
      .s_axil_bvalid_o,
      .s_axil_bready_i,
      .s_axil_araddr_i,
      .s_axil_arvalid_i,
      .s_axil_arready_o,
      .s_axil_rdata_o,
      .s_axil_rresp_o,
      .s_axil_rvalid_o,
      .s_axil_rready_i,
      .cycles_o       (cycles),
      .tx_enable_o    (tx_enable),
      .rx_enable_o    (rx_enable),
      .rx_filter_o    (rx_filter),
      .max_frame_o    (max_frame),
      .rx_rq_o        (rx_rq),
      .mac_o          (mac),
      .ipv4_o         (ipv4),
      .exc_filter_o   (exc_filter),
      .sq_base_o      (sq_base),
      .sq_log_size_o  (sq_log_size),
      .sq_cqn_o       (sq_cqn),
      .sq_enable_o    (sq_enable),
      .sq_pi_o        (sq_pi),
      .sq_ci_i        (sq_ci),
      .sq_state_i     (sq_state),
      .rq_base_o      (rq_base),
      .rq_log_size_o  (rq_log_size),
      .rq_cqn_o       (rq_cqn),
      .rq_enable_o    (rq_enable),
      .rq_pi_o        (rq_pi),
      .rq_ci_i        (rq_ci),
      .rq_state_i     (rq_state),
      .cq_base_o      (cq_base),
      .cq_log_size_o  (cq_log_size),
      .cq_eqn_o       (cq_eqn),
      .cq_enable_o    (cq_enable),
      .cq_ci_o        (cq_ci),
      .cq_arm_o       (cq_arm),
      .cq_pi_i        (cq_pi),
      .cq_state_i     (cq_state),
      .eq_base_o      (eq_base),
      .eq_log_size_o  (eq_log_size),
      .eq_enable_o    (eq_enable),
      .eq_irq_enable_o(eq_irq_enable),
      .eq_mod_count_o (eq_mod_count),
      .eq_mod_usecs_o (eq_mod_usecs),
      .eq_ci_o        (eq_ci),
      .eq_pi_i        (eq_pi),
      .eq_state_i     (eq_state),
      .cnt_inc_i      (cnt_inc),
      .tcp_rto_init_o (tcp_rto_init),
      .tcp_rto_min_o  (tcp_rto_min),
      .tcp_rto_max_o  (tcp_rto_max),
      .tcp_retries_o  (tcp_retries),
      .tcp_time_wait_o(tcp_time_wait),
      .tcp_time_us_i  (tcp_time_us),
      .tcp_conns_i    ({8'd0, 8'(NumListen), 16'(NumConns)}),
      .tcp_db_ready_i (tcp_db_ready),
      .tcp_db_valid_o (tcp_db_valid),
      .tcp_db_tid_o   (tcp_db_tid),
      .tcp_db_rx_o    (tcp_db_rx),
      .tcp_db_value_o (tcp_db_value),
      .rdma_we_o      (rdma_we),
      .rdma_waddr_o   (rdma_waddr),
      .rdma_wdata_o   (rdma_wdata),
      .rdma_raddr_o   (rdma_raddr),
      .rdma_rdata_i   (rdma_rdata),
      .m_axis_fw_tdata_o (mbox_tdata),
      .m_axis_fw_tlast_o (mbox_tlast),
      .m_axis_fw_tvalid_o(mbox_tvalid),
      .m_axis_fw_tready_i(mbox_tready),
      .s_axis_fw_tdata_i,
      .s_axis_fw_tlast_i,
      .s_axis_fw_tvalid_i(mbox_rsp_tvalid),
      .s_axis_fw_tready_o(mbox_rsp_tready),
      .fw_ev_o        (ev[3*64 +: 64]),
      .fw_ev_valid_o  (ev_valid[3]),
      .fw_ev_ready_i  (ev_ready[3]),
      .fw_reg_en_i,
      .fw_reg_we_i,
      .fw_reg_addr_i,
      .fw_reg_wdata_i,
      .fw_reg_rdata_o
  );

  wn_raw_sq #(
      .NumSq(NumSq),
      .NumCq(NumCq)
  ) u_raw_sq (
      .clk_i,
      .rst_i,
      .tx_enable_i     (tx_enable),
      .max_frame_i     (max_frame),
      .sq_base_i       (sq_base),
      .sq_log_size_i   (sq_log_size),
      .sq_cqn_i        (sq_cqn),
      .sq_enable_i     (sq_enable),
      .sq_pi_i         (sq_pi),
      .cq_eqn_i        (cq_eqn),
      .sq_ci_o         (sq_ci),
      .sq_state_o      (sq_state),
      .wqe_rd_req_o    (rd_req[0*RdReqW +: RdReqW]),
      .wqe_rd_req_ready_i (rd_req_ready[0]),
      .wqe_rd_rsp_i    (rd_rsp[0*RdRspW +: RdRspW]),
      .wqe_rd_rsp_ready_o (rd_rsp_ready[0]),
      .pay_rd_req_o    (rd_req[1*RdReqW +: RdReqW]),
      .pay_rd_req_ready_i (rd_req_ready[1]),
      .pay_rd_rsp_i    (rd_rsp[1*RdRspW +: RdRspW]),
      .pay_rd_rsp_ready_o (rd_rsp_ready[1]),
      .m_axis_tx_tdata_o (sq_tx_tdata),
      .m_axis_tx_tkeep_o (sq_tx_tkeep),
      .m_axis_tx_tlast_o (sq_tx_tlast),
      .m_axis_tx_tuser_o (sq_tx_tuser),
      .m_axis_tx_tvalid_o(sq_tx_tvalid),
      .m_axis_tx_tready_i(sq_tx_tready),
      .cpl_o           (cpl_sq),
      .cpl_valid_o     (cpl_valid[0]),
      .cpl_ready_i     (cpl_ready[0]),
      .ev_o            (ev[0 +: 64]),
      .ev_valid_o      (ev_valid[0]),
      .ev_ready_i      (ev_ready[0]),
      .cnt_tx_frame_o  (c_tx_frame),
      .cnt_tx_bytes_o  (c_tx_bytes),
      .cnt_tx_err_o    (c_tx_err),
      .cnt_dma_rd_err_o(c_sq_rd_err),
      .cnt_doorbell_err_o(c_sq_db_err)
  );

  // every received frame goes whole to the TCP engine, the firmware
  // (exception path) or the raw receive queues, or is dropped
  wn_rx_steer u_rx_steer (
      .clk_i,
      .rst_i,
      .rx_enable_i      (rx_enable),
      .mac_i            (mac),
      .rx_filter_i      (rx_filter),
      .ipv4_i           (ipv4),
      .exc_filter_i     (exc_filter),
      .s_axis_rx_tdata_i,
      .s_axis_rx_tlast_i,
      .s_axis_rx_tuser_i,
      .s_axis_rx_tvalid_i,
      .m_tcp_tvalid_o   (tcp_rx_tvalid),
      .m_exc_tvalid_o   (exc_tvalid),
      .m_raw_tvalid_o   (raw_rx_tvalid),
      .cnt_fcs_err_o    (c_fcs),
      .cnt_drop_filter_o(c_filter)
  );

  wn_raw_rq #(
      .NumRq(NumRq),
      .NumCq(NumCq)
  ) u_raw_rq (
      .clk_i,
      .rst_i,
      .max_frame_i     (max_frame),
      .rx_rq_i         (rx_rq),
      .rq_base_i       (rq_base),
      .rq_log_size_i   (rq_log_size),
      .rq_cqn_i        (rq_cqn),
      .rq_enable_i     (rq_enable),
      .rq_pi_i         (rq_pi),
      .cq_eqn_i        (cq_eqn),
      .rq_ci_o         (rq_ci),
      .rq_state_o      (rq_state),
      .s_axis_rx_tdata_i,
      .s_axis_rx_tkeep_i,
      .s_axis_rx_tlast_i,
      .s_axis_rx_tuser_i,
      .s_axis_rx_tvalid_i(raw_rx_tvalid),
      .wqe_rd_req_o    (rd_req[2*RdReqW +: RdReqW]),
      .wqe_rd_req_ready_i (rd_req_ready[2]),
      .wqe_rd_rsp_i    (rd_rsp[2*RdRspW +: RdRspW]),
      .wqe_rd_rsp_ready_o (rd_rsp_ready[2]),
      .wr_req_o        (wr_req[0*WrReqW +: WrReqW]),
      .wr_req_ready_i  (wr_req_ready[0]),
      .wr_done_i       (wr_done[0*WrDoneW +: WrDoneW]),
      .cpl_o           (cpl_rq),
      .cpl_valid_o     (cpl_valid[1]),
      .cpl_ready_i     (cpl_ready[1]),
      .ev_o            (ev[64 +: 64]),
      .ev_valid_o      (ev_valid[1]),
      .ev_ready_i      (ev_ready[1]),
      .cnt_rx_frame_o  (c_rx_frame),
      .cnt_rx_bytes_o  (c_rx_bytes),
      .cnt_drop_length_o(c_length),
      .cnt_drop_no_buf_o(c_no_buf),
      .cnt_drop_overrun_o(c_overrun),
      .cnt_len_err_o   (c_len_err),
      .cnt_dma_rd_err_o(c_rq_rd_err),
      .cnt_dma_wr_err_o(c_rq_wr_err),
      .cnt_doorbell_err_o(c_rq_db_err)
  );

  // completion records: only the RDMA path's carry flags and immediate data
  assign cpl[0 +: 224] = {72'd0, cpl_sq};
  assign cpl[224 +: 224] = {72'd0, cpl_rq};
  assign cpl[448 +: 224] = {72'd0, cpl_tcp_tx};
  assign cpl[672 +: 224] = {72'd0, cpl_tcp_rx};
  wn_cq_engine #(
      .NumCq(NumCq),
      .NumSrc(6)
  ) u_cq (
      .clk_i,
      .rst_i,
      .now_i          (cycles[31:0]),
      .cq_base_i      (cq_base),
      .cq_log_size_i  (cq_log_size),
      .cq_eqn_i       (cq_eqn),
      .cq_enable_i    (cq_enable),
      .cq_ci_i        (cq_ci),
      .cq_arm_i       (cq_arm),
      .cq_pi_o        (cq_pi),
      .cq_state_o     (cq_state),
      .cpl_i          (cpl),
      .cpl_valid_i    (cpl_valid),
      .cpl_ready_o    (cpl_ready),
      .wr_req_o       (wr_req[1*WrReqW +: WrReqW]),
      .wr_req_ready_i (wr_req_ready[1]),
      .wr_done_i      (wr_done[1*WrDoneW +: WrDoneW]),
      .ev_o           (ev[128 +: 64]),
      .ev_valid_o     (ev_valid[2]),
      .ev_ready_i     (ev_ready[2]),
      .cnt_dma_wr_err_o(c_cq_wr_err)
  );

  wn_eq_engine #(
      .NumEq(NumEq),
      .NumSrc(5),
      .ClockMhz(ClockMhz)
  ) u_eq (
      .clk_i,
      .rst_i,
      .now_i          (cycles[31:0]),
      .eq_base_i      (eq_base),
      .eq_log_size_i  (eq_log_size),
      .eq_enable_i    (eq_enable),
      .eq_irq_enable_i(eq_irq_enable),
      .eq_mod_count_i (eq_mod_count),
      .eq_mod_usecs_i (eq_mod_usecs),
      .eq_ci_i        (eq_ci),
      .eq_pi_o        (eq_pi),
      .eq_state_o     (eq_state),
      .ev_i           (ev),
      .ev_valid_i     (ev_valid),
      .ev_ready_o     (ev_ready),
      .wr_req_o       (wr_req[2*WrReqW +: WrReqW]),
      .wr_req_ready_i (wr_req_ready[2]),
      .wr_done_i      (wr_done[2*WrDoneW +: WrDoneW]),
      .irq_o,
      .cnt_event_o    (c_event),
      .cnt_irq_o      (c_irq),
      .cnt_dma_wr_err_o(c_eq_wr_err)
  );

  // ---- exception path and firmware frames
  wn_fw_rx u_fw_rx (
      .clk_i,
      .rst_i,
      .s_tdata_i  (s_axis_rx_tdata_i),
      .s_tkeep_i  (s_axis_rx_tkeep_i),
      .s_tlast_i  (s_axis_rx_tlast_i),
      .s_tuser_i  (s_axis_rx_tuser_i),
      .s_tvalid_i (exc_tvalid),
      .m_tdata_o  (frx_tdata),
      .m_tlast_o  (frx_tlast),
      .m_tvalid_o (frx_tvalid),
      .m_tready_i (frx_tready),
      .cnt_frame_o(c_exc),
      .cnt_drop_o (c_exc_drop)
  );

  wn_fw_port u_fw_port (
      .clk_i,
      .rst_i,
      .mbox_tdata_i      (mbox_tdata),
      .mbox_tlast_i      (mbox_tlast),
      .mbox_tvalid_i     (mbox_tvalid),
      .mbox_tready_o     (mbox_tready),
      .frx_tdata_i       (frx_tdata),
      .frx_tlast_i       (frx_tlast),
      .frx_tvalid_i      (frx_tvalid),
      .frx_tready_o      (frx_tready),
      .cpl_tdata_i       (cpl_up_tdata),
      .cpl_tlast_i       (cpl_up_tlast),
      .cpl_tvalid_i      (cpl_up_tvalid),
      .cpl_tready_o      (cpl_up_tready),
      .m_axis_fw_tdata_o,
      .m_axis_fw_tlast_o,
      .m_axis_fw_tvalid_o,
      .m_axis_fw_tready_i,
      .s_axis_fw_tdata_i,
      .s_axis_fw_tlast_i,
      .s_axis_fw_tvalid_i,
      .s_axis_fw_tready_o,
      .mbox_rsp_tvalid_o (mbox_rsp_tvalid),
      .mbox_rsp_tready_i (mbox_rsp_tready),
      .ftx_tvalid_o      (ftx_in_tvalid),
      .ftx_tready_i      (ftx_in_tready),
      .cpl_out_tvalid_o  (cpl_dn_tvalid),
      .cpl_out_tready_i  (cpl_dn_tready)
  );

  // ---- TCP engine
  wn_tcp_engine #(
      .NumConns (NumConns),
      .NumListen(NumListen),
      .ClockMhz (ClockMhz)
  ) u_tcp (
      .clk_i,
      .rst_i,
      .mac_i            (mac),
      .ipv4_i           (ipv4),
      .max_frame_i      (max_frame),
      .rto_init_i       (tcp_rto_init),
      .rto_min_i        (tcp_rto_min),
      .rto_max_i        (tcp_rto_max),
      .retries_i        (tcp_retries),
      .time_wait_i      (tcp_time_wait),
      .time_us_o        (tcp_time_us),
      .s_rx_tdata_i     (s_axis_rx_tdata_i),
      .s_rx_tkeep_i     (s_axis_rx_tkeep_i),
      .s_rx_tlast_i     (s_axis_rx_tlast_i),
      .s_rx_tuser_i     (s_axis_rx_tuser_i),
      .s_rx_tvalid_i    (tcp_rx_tvalid),
      .s_cpl_tdata_i    (s_axis_fw_tdata_i),
      .s_cpl_tlast_i    (s_axis_fw_tlast_i),
      .s_cpl_tvalid_i   (cpl_dn_tvalid),
      .s_cpl_tready_o   (cpl_dn_tready),
      .m_cpl_tdata_o    (cpl_up_tdata),
      .m_cpl_tlast_o    (cpl_up_tlast),
      .m_cpl_tvalid_o   (cpl_up_tvalid),
      .m_cpl_tready_i   (cpl_up_tready),
      .m_rdma_tdata_o   (rdma_tdata),
      .m_rdma_tkeep_o   (rdma_tkeep),
      .m_rdma_tlast_o   (rdma_tlast),
      .m_rdma_tvalid_o  (rdma_tvalid),
      .m_rdma_tready_i  (rdma_tready),
      .m_rdma_qp_o      (rdma_qp),
      .ack_valid_o      (tx_ack_valid),
      .ack_qp_o         (tx_ack_qp),
      .ack_off_o        (tx_ack_off),
      .m_tx_tdata_o     (tcp_tx_tdata),
      .m_tx_tkeep_o     (tcp_tx_tkeep),
      .m_tx_tlast_o     (tcp_tx_tlast),
      .m_tx_tvalid_o    (tcp_tx_tvalid),
      .m_tx_tready_i    (tcp_tx_tready),
      .db_valid_i       (e_db_valid),
      .db_ready_o       (e_db_ready),
      .db_tid_i         (tx_db_valid ? tx_db_tid : tcp_db_tid),
      .db_rx_i          (!tx_db_valid && tcp_db_rx),
      .db_value_i       (tx_db_valid ? tx_db_value : tcp_db_value),
      .rd_req_o         (e_rd_req),
      .rd_req_ready_i   (e_rd_req_ready),
      .rd_rsp_i         (e_rd_rsp),
      .rd_rsp_ready_o   (e_rd_rsp_ready),
      .wr_req_o         (wr_req[3*WrReqW +: WrReqW]),
      .wr_req_ready_i   (wr_req_ready[3]),
      .wr_done_i        (wr_done[3*WrDoneW +: WrDoneW]),
      .cq_tx_o          (cpl_tcp_tx),
      .cq_tx_valid_o    (cpl_valid[2]),
      .cq_tx_ready_i    (cpl_ready[2]),
      .cq_rx_o          (cpl_tcp_rx),
      .cq_rx_valid_o    (cpl_valid[3]),
      .cq_rx_ready_i    (cpl_ready[3]),
      .cnt_rx_data_o    (c_tcp_rx_data),
      .cnt_dma_err_o    (c_tcp_dma_err),
      .cnt_db_drop_o    (c_tcp_db_drop),
      .cnt_rx_seg_o     (c_tcp_rx),
      .cnt_rx_bad_o     (c_tcp_bad),
      .cnt_rx_drop_o    (c_tcp_drop),
      .cnt_rx_rst_sent_o(c_tcp_rst),
      .cnt_tx_seg_o     (c_tcp_tx),
      .cnt_cpl_bad_o    (c_tcp_cpl_bad)
  );

  // ---- the RDMA control block: commands, the QP table, doorbells
  wn_rdma_ctrl #(
      .NumQp (NumQp),
      .NumMrs(NumMrs)
  ) u_rdma_ctrl (
      .clk_i,
      .rst_i,
      .reg_we_i      (rdma_we),
      .reg_waddr_i   (rdma_waddr),
      .reg_wdata_i   (rdma_wdata),
      .reg_raddr_i   (rdma_raddr),
      .reg_rdata_o   (rdma_rdata),
      .db_valid_o    (r_db_valid),
      .db_rq_o       (r_db_rq),
      .db_qp_o       (r_db_qp),
      .db_pi_o       (r_db_pi),
      .qs_valid_o    (r_qs_valid),
      .qs_qp_o       (r_qs_qp),
      .qs_pd_o       (r_qs_pd),
      .qs_mulpdu_o   (r_qs_mulpdu),
      .qs_crc_o      (r_qs_crc),
      .qs_mark_o     (r_qs_mark),
      .qs_ird_o      (r_qs_ird),
      .qs_rcq_o      (r_qs_rcq),
      .qs_rq_log_o   (r_qs_rq_log),
      .qs_rq_base_o  (r_qs_rq_base),
      .qs_phase_o    (r_qs_phase),
      .qp_rx_o       (r_qp_rx),
      .qp_err_o      (r_qp_err),
      .qm_busy_o     (r_qm_busy),
      .qm_done_o     (r_qm_done),
      .cmd_qp_o      (r_cmd_qp),
      .rx_hold_i     (r_hold),
      .qry_pi_i      (r_qry_pi),
      .qry_cc_i      (r_qry_cc),
      .qry_msgs_i    (r_qry_msgs),
      .err_set_o     (r_err_set),
      .err_qp_o      (r_err_qp),
      .err_lenerr_o  (r_err_lenerr),
      .d_tm_valid_i  (r_tm_valid),
      .d_tm_ready_o  (r_tm_ready),
      .d_tm_qp_i     (r_tm_qp),
      .d_tm_rx_i     (r_tm_rx),
      .d_tm_layer_i  (r_tm_layer),
      .d_tm_etype_i  (r_tm_etype),
      .d_tm_ecode_i  (r_tm_ecode),
      .d_tm_hvalid_i (r_tm_hvalid),
      .d_tm_hlen_i   (r_tm_hlen),
      .d_tm_hdr_i    (r_tm_hdr),
      .mru_valid_o   (r_mru_valid),
      .mru_ready_i   (r_mru_ready),
      .mru_op_o      (r_mru_op),
      .mru_stag_o    (r_mru_stag),
      .mru_pd_o      (r_mru_pd),
      .mru_access_o  (r_mru_access),
      .mru_base_o    (r_mru_base),
      .mru_len_o     (r_mru_len),
      .mru_iova_o    (r_mru_iova),
      .mru_done_i    (r_mru_done),
      .mru_status_i  (r_mru_status),
      .ev_o          (ev[256 +: 64]),
      .ev_valid_o    (ev_valid[4]),
      .ev_ready_i    (ev_ready[4]),
      .init_valid_o  (t_init_valid),
      .init_qp_o     (t_init_qp),
      .init_pd_o     (t_init_pd),
      .init_scq_o    (t_init_scq),
      .init_sq_base_o(t_init_sq_base),
      .init_sq_log_o (t_init_sq_log),
      .init_tid_o    (t_init_tid),
      .init_mulpdu_o (t_init_mulpdu),
      .init_crc_o    (t_init_crc),
      .init_mark_o   (t_init_mark),
      .init_ord_o    (t_init_ord),
      .init_start_o  (t_init_start),
      .st_valid_o    (t_st_valid),
      .st_qp_o       (t_st_qp),
      .st_o          (t_st),
      .serr_valid_i  (t_serr_valid),
      .serr_ready_o  (t_serr_ready),
      .serr_qp_i     (t_serr_qp),
      .sqd_valid_i   (t_sqd_valid),
      .sqd_ready_o   (t_sqd_ready),
      .sqd_qp_i      (t_sqd_qp),
      .tterm_valid_o (t_term_valid),
      .tterm_qp_o    (t_term_qp),
      .tterm_layer_o (t_term_layer),
      .tterm_etype_o (t_term_etype),
      .tterm_ecode_o (t_term_ecode),
      .tterm_hvalid_o(t_term_hvalid),
      .tterm_hlen_o  (t_term_hlen),
      .tterm_hdr_o   (t_term_hdr),
      .txb_valid_i   (t_txb_valid),
      .txb_qp_i      (t_txb_qp),
      .tctl_valid_i  (t_ctl_valid),
      .tctl_ready_o  (t_ctl_ready),
      .tctl_op_i     (t_ctl_op),
      .tctl_stag_i   (t_ctl_stag),
      .tctl_pd_i     (t_ctl_pd),
      .tctl_access_i (t_ctl_access),
      .tctl_base_i   (t_ctl_base),
      .tctl_len_i    (t_ctl_len),
      .tctl_iova_i   (t_ctl_iova),
      .tctl_done_o   (t_ctl_done),
      .tctl_status_o (t_ctl_status)
  );

  // ---- iWARP receive path
  wn_rdma_rx #(
      .NumQp (NumQp),
      .NumMrs(NumMrs)
  ) u_rdma_rx (
      .clk_i,
      .rst_i,
      .s_tdata_i     (rdma_tdata),
      .s_tkeep_i     (rdma_tkeep),
      .s_tlast_i     (rdma_tlast),
      .s_tvalid_i    (rdma_tvalid),
      .s_tready_o    (rdma_tready),
      .s_qp_i        (rdma_qp),
      .qp_rx_i       (r_qp_rx),
      .qp_err_i      (r_qp_err),
      .qs_valid_i    (r_qs_valid),
      .qs_qp_i       (r_qs_qp),
      .qs_pd_i       (r_qs_pd),
      .qs_mulpdu_i   (r_qs_mulpdu),
      .qs_crc_i      (r_qs_crc),
      .qs_mark_i     (r_qs_mark),
      .qs_ird_i      (r_qs_ird),
      .qs_rcq_i      (r_qs_rcq),
      .qs_rq_log_i   (r_qs_rq_log),
      .qs_rq_base_i  (r_qs_rq_base),
      .qs_phase_i    (r_qs_phase),
      .db_valid_i    (r_db_valid && r_db_rq),
      .db_qp_i       (r_db_qp),
      .db_pi_i       (r_db_pi),
      .qm_busy_i     (r_qm_busy),
      .qm_done_i     (r_qm_done),
      .cmd_qp_i      (r_cmd_qp),
      .err_set_i     (r_err_set),
      .err_qp_i      (r_err_qp),
      .err_lenerr_i  (r_err_lenerr),
      .hold_o        (r_hold),
      .qry_pi_o      (r_qry_pi),
      .qry_cc_o      (r_qry_cc),
      .qry_msgs_o    (r_qry_msgs),
      .d_tm_valid_o  (r_tm_valid),
      .d_tm_ready_i  (r_tm_ready),
      .d_tm_qp_o     (r_tm_qp),
      .d_tm_rx_o     (r_tm_rx),
      .d_tm_layer_o  (r_tm_layer),
      .d_tm_etype_o  (r_tm_etype),
      .d_tm_ecode_o  (r_tm_ecode),
      .d_tm_hvalid_o (r_tm_hvalid),
      .d_tm_hlen_o   (r_tm_hlen),
      .d_tm_hdr_o    (r_tm_hdr),
      .mru_valid_i   (r_mru_valid),
      .mru_ready_o   (r_mru_ready),
      .mru_op_i      (r_mru_op),
      .mru_stag_i    (r_mru_stag),
      .mru_pd_i      (r_mru_pd),
      .mru_access_i  (r_mru_access),
      .mru_base_i    (r_mru_base),
      .mru_len_i     (r_mru_len),
      .mru_iova_i    (r_mru_iova),
      .mru_done_o    (r_mru_done),
      .mru_status_o  (r_mru_status),
      .rd_req_o      (rd_req[4*RdReqW +: RdReqW]),
      .rd_req_ready_i (rd_req_ready[4]),
      .rd_rsp_i      (rd_rsp[4*RdRspW +: RdRspW]),
      .rd_rsp_ready_o (rd_rsp_ready[4]),
      .wr_req_o      (wr_req[4*WrReqW +: WrReqW]),
      .wr_req_ready_i (wr_req_ready[4]),
      .wr_done_i     (wr_done[4*WrDoneW +: WrDoneW]),
      .cpl_o         (cpl[896 +: 224]),
      .cpl_valid_o   (cpl_valid[4]),
      .cpl_ready_i   (cpl_ready[4]),
      .rr_valid_o    (t_rr_valid),
      .rr_ready_i    (t_rr_ready),
      .rr_qp_o       (t_rr_qp),
      .rr_sink_stag_o(t_rr_sink_stag),
      .rr_sink_to_o  (t_rr_sink_to),
      .rr_addr_o     (t_rr_addr),
      .rr_len_o      (t_rr_len),
      .rdc_valid_o   (t_rdc_valid),
      .rdc_ready_i   (t_rdc_ready),
      .rdc_qp_o      (t_rdc_qp),
      .rrd_valid_i   (t_rrd_valid),
      .rrd_qp_i      (t_rrd_qp),
      .tchk_valid_i  (t_chk_valid),
      .tchk_ready_o  (t_chk_ready),
      .tchk_stag_i   (t_chk_stag),
      .tchk_to_i     (t_chk_to),
      .tchk_len_i    (t_chk_len),
      .tchk_pd_i     (t_chk_pd),
      .tchk_rsp_valid_o(t_chk_rsp_valid),
      .tchk_rsp_ok_o (t_chk_rsp_ok),
      .tchk_rsp_addr_o(t_chk_rsp_addr),
      .cnt_drop_o    (c_rdma_drop),
      .cnt_rd_err_o  (c_rdma_rd_err),
      .cnt_wr_err_o  (c_rdma_wr_err)
  );

  // ---- iWARP transmit path
  wn_rdma_tx #(
      .NumQp  (NumQp),
      .LogRecs(LogRecs)
  ) u_rdma_tx (
      .clk_i,
      .rst_i,
      .init_valid_i   (t_init_valid),
      .init_qp_i      (t_init_qp),
      .init_pd_i      (t_init_pd),
      .init_scq_i     (t_init_scq),
      .init_sq_base_i (t_init_sq_base),
      .init_sq_log_i  (t_init_sq_log),
      .init_tid_i     (t_init_tid),
      .init_mulpdu_i  (t_init_mulpdu),
      .init_crc_i     (t_init_crc),
      .init_mark_i    (t_init_mark),
      .init_ord_i     (t_init_ord),
      .init_start_i   (t_init_start),
      .st_valid_i     (t_st_valid),
      .st_qp_i        (t_st_qp),
      .st_i           (t_st),
      .sqdb_valid_i   (r_db_valid && !r_db_rq),
      .sqdb_qp_i      (r_db_qp),
      .sqdb_pi_i      (r_db_pi),
      .rr_valid_i     (t_rr_valid),
      .rr_ready_o     (t_rr_ready),
      .rr_qp_i        (t_rr_qp),
      .rr_sink_stag_i (t_rr_sink_stag),
      .rr_sink_to_i   (t_rr_sink_to),
      .rr_addr_i      (t_rr_addr),
      .rr_len_i       (t_rr_len),
      .rdc_valid_i    (t_rdc_valid),
      .rdc_ready_o    (t_rdc_ready),
      .rdc_qp_i       (t_rdc_qp),
      .serr_valid_o   (t_serr_valid),
      .serr_ready_i   (t_serr_ready),
      .serr_qp_o      (t_serr_qp),
      .sqd_valid_o    (t_sqd_valid),
      .sqd_ready_i    (t_sqd_ready),
      .sqd_qp_o       (t_sqd_qp),
      .rrd_valid_o    (t_rrd_valid),
      .rrd_qp_o       (t_rrd_qp),
      .busy_o         (t_txb_valid),
      .busy_qp_o      (t_txb_qp),
      .term_valid_i   (t_term_valid),
      .term_qp_i      (t_term_qp),
      .term_layer_i   (t_term_layer),
      .term_etype_i   (t_term_etype),
      .term_ecode_i   (t_term_ecode),
      .term_hvalid_i  (t_term_hvalid),
      .term_hlen_i    (t_term_hlen),
      .term_hdr_i     (t_term_hdr),
      .ctl_valid_o    (t_ctl_valid),
      .ctl_ready_i    (t_ctl_ready),
      .ctl_op_o       (t_ctl_op),
      .ctl_stag_o     (t_ctl_stag),
      .ctl_pd_o       (t_ctl_pd),
      .ctl_access_o   (t_ctl_access),
      .ctl_base_o     (t_ctl_base),
      .ctl_len_o      (t_ctl_len),
      .ctl_iova_o     (t_ctl_iova),
      .ctl_done_i     (t_ctl_done),
      .ctl_status_i   (t_ctl_status),
      .chk_valid_o    (t_chk_valid),
      .chk_ready_i    (t_chk_ready),
      .chk_stag_o     (t_chk_stag),
      .chk_to_o       (t_chk_to),
      .chk_len_o      (t_chk_len),
      .chk_pd_o       (t_chk_pd),
      .chk_rsp_valid_i(t_chk_rsp_valid),
      .chk_rsp_ok_i   (t_chk_rsp_ok),
      .chk_rsp_addr_i (t_chk_rsp_addr),
      .wrd_req_o      (rd_req[5*RdReqW +: RdReqW]),
      .wrd_req_ready_i (rd_req_ready[5]),
      .wrd_rsp_i      (rd_rsp[5*RdRspW +: RdRspW]),
      .wrd_rsp_ready_o (rd_rsp_ready[5]),
      .prd_req_o      (rd_req[6*RdReqW +: RdReqW]),
      .prd_req_ready_i (rd_req_ready[6]),
      .prd_rsp_i      (rd_rsp[6*RdRspW +: RdRspW]),
      .prd_rsp_ready_o (rd_rsp_ready[6]),
      .db_valid_o     (tx_db_valid),
      .db_ready_i     (e_db_ready),
      .db_tid_o       (tx_db_tid),
      .db_value_o     (tx_db_value),
      .ack_valid_i    (tx_ack_valid),
      .ack_qp_i       (tx_ack_qp),
      .ack_off_i      (tx_ack_off),
      .srv_valid_i    (srv_valid),
      .srv_ready_o    (srv_ready),
      .srv_qp_i       (srv_qp),
      .srv_off_i      (srv_off),
      .srv_len_i      (srv_len),
      .srv_rsp_data_o (srv_rsp_data),
      .srv_rsp_last_o (srv_rsp_last),
      .srv_rsp_err_o  (srv_rsp_err),
      .srv_rsp_valid_o(srv_rsp_valid),
      .srv_rsp_ready_i(srv_rsp_ready),
      .cpl_o          (cpl[1120 +: 224]),
      .cpl_valid_o    (cpl_valid[5]),
      .cpl_ready_i    (cpl_ready[5])
  );

  // the engine's payload reads: host memory or wn_rdma_tx
  wn_rdma_rd_split u_rd_split (
      .clk_i,
      .rst_i,
      .s_req_i        (e_rd_req),
      .s_req_ready_o  (e_rd_req_ready),
      .s_rsp_o        (e_rd_rsp),
      .s_rsp_ready_i  (e_rd_rsp_ready),
      .m_req_o        (rd_req[3*RdReqW +: RdReqW]),
      .m_req_ready_i  (rd_req_ready[3]),
      .m_rsp_i        (rd_rsp[3*RdRspW +: RdRspW]),
      .m_rsp_ready_o  (rd_rsp_ready[3]),
      .srv_valid_o    (srv_valid),
      .srv_ready_i    (srv_ready),
      .srv_qp_o       (srv_qp),
      .srv_off_o      (srv_off),
      .srv_len_o      (srv_len),
      .srv_rsp_data_i (srv_rsp_data),
      .srv_rsp_last_i (srv_rsp_last),
      .srv_rsp_err_i  (srv_rsp_err),
      .srv_rsp_valid_i(srv_rsp_valid),
      .srv_rsp_ready_o(srv_rsp_ready)
  );
  // stream doorbells: wn_rdma_tx's first, a host write waits
  assign e_db_valid = tx_db_valid || tcp_db_valid;
  assign tcp_db_ready = e_db_ready && !tx_db_valid;

  wn_fw_tx u_fw_tx (
      .clk_i,
      .rst_i,
      .s_tdata_i (s_axis_fw_tdata_i),
      .s_tlast_i (s_axis_fw_tlast_i),
      .s_tvalid_i(ftx_in_tvalid),
      .s_tready_o(ftx_in_tready),
      .m_tdata_o (ftx_tdata),
      .m_tkeep_o (ftx_tkeep),
      .m_tlast_o (ftx_tlast),
      .m_tvalid_o(ftx_tvalid),
      .m_tready_i(ftx_tready),
      .cnt_drop_o(c_ftx_drop)
  );

  wn_tx_mux u_tx_mux (
      .clk_i,
      .rst_i,
      .a_tdata_i    (sq_tx_tdata),
      .a_tkeep_i    (sq_tx_tkeep),
      .a_tlast_i    (sq_tx_tlast),
      .a_tuser_i    (sq_tx_tuser),
      .a_tvalid_i   (sq_tx_tvalid),
      .a_tready_o   (sq_tx_tready),
      .b_tdata_i    (ftx_tdata),
      .b_tkeep_i    (ftx_tkeep),
      .b_tlast_i    (ftx_tlast),
      .b_tvalid_i   (ftx_tvalid),
      .b_tready_o   (ftx_tready),
      .m_tdata_o    (mux1_tdata),
      .m_tkeep_o    (mux1_tkeep),
      .m_tlast_o    (mux1_tlast),
      .m_tuser_o    (mux1_tuser),
      .m_tvalid_o   (mux1_tvalid),
      .m_tready_i   (mux1_tready),
      .cnt_b_frame_o(c_fw_tx)
  );

  // the TCP engine's segments join the send queues' and firmware's frames
  wn_tx_mux u_tx_mux_tcp (
      .clk_i,
      .rst_i,
      .a_tdata_i    (mux1_tdata),
      .a_tkeep_i    (mux1_tkeep),
      .a_tlast_i    (mux1_tlast),
      .a_tuser_i    (mux1_tuser),
      .a_tvalid_i   (mux1_tvalid),
      .a_tready_o   (mux1_tready),
      .b_tdata_i    (tcp_tx_tdata),
      .b_tkeep_i    (tcp_tx_tkeep),
      .b_tlast_i    (tcp_tx_tlast),
      .b_tvalid_i   (tcp_tx_tvalid),
      .b_tready_o   (tcp_tx_tready),
      .m_tdata_o    (m_axis_tx_tdata_o),
      .m_tkeep_o    (m_axis_tx_tkeep_o),
      .m_tlast_o    (m_axis_tx_tlast_o),
      .m_tuser_o    (m_axis_tx_tuser_o),
      .m_tvalid_o   (m_axis_tx_tvalid_o),
      .m_tready_i   (m_axis_tx_tready_i),
      .cnt_b_frame_o(c_tcp_tx_mux)
  );

  // counter increments, in the order of the STATS block
  assign cnt_inc = {
      14'd0, {1'b0, c_tcp_cpl_bad} + {1'b0, c_tcp_db_drop},     // 26 TCP_CPL_BAD
      15'd0, c_tcp_tx,                                           // 25 TCP_TX_SEGS
      15'd0, c_tcp_rst,                                          // 24 TCP_RST_SENT
      14'd0, {1'b0, c_tcp_drop} + {1'b0, c_rdma_drop},             // 23 TCP_RX_DROP
      15'd0, c_tcp_bad,                                          // 22 TCP_RX_BAD_CSUM
      15'd0, c_tcp_rx,                                           // 21 TCP_RX_SEGS
      15'd0, c_fw_tx,                                            // 20 TX_FW_FRAMES
      14'd0, {1'b0, c_exc_drop} + {1'b0, c_ftx_drop},            // 19 RX_DROP_EXCEPTION
      15'd0, c_exc,                                              // 18 RX_EXCEPTION
      16'd0,                                                     // 17 FW_MSGS (in wn_regs)
      15'd0, c_irq,                                              // 16 IRQS
      15'd0, c_event,                                            // 15 EVENTS
      14'd0, {1'b0, c_sq_db_err} + {1'b0, c_rq_db_err},          // 14 DOORBELL_ERR
      16'd0,                                                     // 13 BAD_REG (in wn_regs)
      13'd0, {2'd0, c_rq_wr_err} + {2'd0, c_cq_wr_err} + {2'd0, c_eq_wr_err} + {2'd0, c_rdma_wr_err}, // 12 DMA_WR_ERR
      13'd0, {2'd0, c_sq_rd_err} + {2'd0, c_rq_rd_err} + {2'd0, c_tcp_dma_err} + {2'd0, c_rdma_rd_err}, // 11 DMA_RD_ERR
      15'd0, c_tx_err,                                           // 10 TX_ERR
      15'd0, c_len_err,                                          // 9 RX_LEN_ERR
      15'd0, c_overrun,                                          // 8 RX_DROP_OVERRUN
      15'd0, c_no_buf,                                           // 7 RX_DROP_NO_BUF
      15'd0, c_length,                                           // 6 RX_DROP_LENGTH
      15'd0, c_filter,                                           // 5 RX_DROP_FILTER
      15'd0, c_fcs,                                              // 4 RX_FCS_ERR
      c_rx_frame ? {2'd0, c_rx_bytes} : 16'd0,                   // 3 RX_BYTES
      15'd0, c_rx_frame,                                         // 2 RX_FRAMES
      c_tx_frame ? {2'd0, c_tx_bytes} : 16'd0,                   // 1 TX_BYTES
      15'd0, c_tx_frame                                          // 0 TX_FRAMES
  };

  logic unused;
  assign unused = ^{cycles[63:32], c_tcp_tx_mux, c_tcp_rx_data};
endmodule
