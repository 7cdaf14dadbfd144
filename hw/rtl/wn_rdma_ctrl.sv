// wn_rdma_ctrl: the RDMA control block. It holds the register blocks RDMA
// (commands) and QP (doorbells), runs the commands, keeps the QP table
// (each QP's state and error information) and feeds both sides: the receive
// side (wn_rdma_rx) and the transmit side (wn_rdma_tx) learn of every QP
// set-up and state change from here, with the attributes each keeps.
//
// Commands (block RDMA): ARG words, then OP; STATUS.BUSY until done. The
// ARG words are writable only while the block is not busy.
//   MR_REG/MR_DEREG/MR_INV go to wn_mr_table's update port (mru_*, in
//   wn_rdma_rx), shared with the transmit side's fast-register and
//   local-invalidate work requests (tctl_*) one at a time; the table's
//   status is the command's.
//   QP_MODIFY checks the transition (RESET->INIT with attributes;
//   INIT->RTR; INIT/RTR->RTS; RTS<->SQD; SQE->RTS; any->ERROR;
//   ERROR/INIT->RESET; to the same state: nothing), refuses an IRD or ORD
//   above RDMA_MAX_IRD/RDMA_MAX_ORD (BAD_ARG) and a receive ring of size 0;
//   a QP_MODIFY to RESET waits while the transmit side's fetch unit works
//   for the QP (txb_*) or records of the QP may still come out of the
//   receive side (rx_hold_i).
//   QP_QUERY fills RSP: state, qp_error_info, {RQ_PI, receive WQEs
//   completed} and messages received (the last three from the receive
//   side, qry_*, for cmd_qp_o).
// Any other opcode: BAD_CMD; a QP number out of range: BAD_QP.
//
// Doorbells (block QP): RQ_PI and SQ_PI per QP, passed on as they are
// written (db_*: db_rq_o 1 for RQ_PI, the 16-bit index in db_pi_o).
//
// QP set-up and state changes: a QP_MODIFY RESET->INIT gives the receive
// side its attributes in the command's last cycle (qs_*: PD, MULPDU
// accepted, CRC and markers received, IRD, receive CQ, receive ring size
// and base, the marker phase of the stream received), and the transmit side
// its own a cycle later (init_*: PD, send CQ, send ring, TCP connection,
// MULPDU sent, CRC and markers sent, ORD, the stream offset after the MPA
// frames); every state change reaches the transmit side a cycle after it is
// made here (st_*). The QP's state is offered to the receive side as two
// vectors: receiving (RTR, RTS, SQD, SQE) and ERROR (qp_rx_o, qp_err_o).
//
// Errors: a Terminate the receive side reports (d_tm_*: ours, a violation
// wn_ddp_rx found; or one received) puts the QP into ERROR, records
// qp_error_info and posts a QP_ERROR event to EQ 0; so does a send work
// request completed in error (serr_*) of a QP in RTS or SQD, with a
// Terminate RDMAP / local catastrophic error (RFC 5040 §7.1, no DDP
// header). Our Terminate goes to the transmit side (tterm_*), which sends it
// to the peer. err_set_o marks the cycle a QP enters ERROR this way
// (err_lenerr_o: our Terminate was DDP untagged buffer / message too long).
// A QP in SQD whose send queue drained (sqd_*) posts SQ_DRAINED to EQ 0
// when no Terminate wants the event FIFO (dropped for a QP that left SQD).
//
// Registers: reg_we_i writes (any offset in the two blocks; the block
// always accepts), reg_raddr_i reads combinationally (reg_rdata_o).
// Latency: a QP command is done in the cycle after the OP write (BUSY
// reads 1 in that cycle), unless a RESET waits as above; an MR command
// waits for the update port and then for the table's status (2 cycles).
// Reset clears the command registers and the event FIFO, then the QP table
// (every QP in RESET) in a sweep of NumQp cycles; a command finishes only
// after it. Parameters: NumQp a power of
// two 2..1024; NumMrs as wn_mr_table (reported in REG_RDMA_NUM_MR).
module wn_rdma_ctrl #(
    parameter int NumQp = 64,
    parameter int NumMrs = 4096,
    localparam int QpW = $clog2(NumQp)
) (
    input  logic           clk_i,
    input  logic           rst_i,
    // registers (blocks RDMA and QP)
    input  logic           reg_we_i,
    input  logic [15:0]    reg_waddr_i,
    input  logic [31:0]    reg_wdata_i,
    input  logic [15:0]    reg_raddr_i,
    output logic [31:0]    reg_rdata_o,
    // doorbells: RQ_PI (db_rq_o) or SQ_PI of QP db_qp_o
    output logic           db_valid_o,
    output logic           db_rq_o,
    output logic [QpW-1:0] db_qp_o,
    output logic [15:0]    db_pi_o,
    // the receive side: a QP set up (RESET -> INIT), in the command's cycle
    output logic           qs_valid_o,
    output logic [QpW-1:0] qs_qp_o,
    output logic [15:0]    qs_pd_o,
    output logic [15:0]    qs_mulpdu_o,
    output logic           qs_crc_o,
    output logic           qs_mark_o,
    output logic [7:0]     qs_ird_o,
    output logic [7:0]     qs_rcq_o,
    output logic [3:0]     qs_rq_log_o,
    output logic [63:0]    qs_rq_base_o,
    output logic [8:0]     qs_phase_o,
    // the QPs' states: receiving, ERROR
    output logic [NumQp-1:0] qp_rx_o,
    output logic [NumQp-1:0] qp_err_o,
    // a QP_MODIFY under way, its last cycle (done), the QP of the command
    output logic           qm_busy_o,
    output logic           qm_done_o,
    output logic [QpW-1:0] cmd_qp_o,
    // records of cmd_qp_o may still come out of the receive side
    input  logic           rx_hold_i,
    // QP_QUERY: the receive side's RQ_PI, WQEs completed and messages
    // received of cmd_qp_o
    input  logic [15:0]    qry_pi_i,
    input  logic [15:0]    qry_cc_i,
    input  logic [31:0]    qry_msgs_i,
    // a QP entered ERROR this cycle (a Terminate, a send error)
    output logic           err_set_o,
    output logic [QpW-1:0] err_qp_o,
    output logic           err_lenerr_o,
    // wn_ddp_rx's Terminates (ours to send, or received)
    input  logic           d_tm_valid_i,
    output logic           d_tm_ready_o,
    input  logic [QpW-1:0] d_tm_qp_i,
    input  logic           d_tm_rx_i,
    input  logic [3:0]     d_tm_layer_i,
    input  logic [3:0]     d_tm_etype_i,
    input  logic [7:0]     d_tm_ecode_i,
    input  logic           d_tm_hvalid_i,
    input  logic [6:0]     d_tm_hlen_i,
    input  logic [511:0]   d_tm_hdr_i,
    // the MR table's update port (wn_rdma_rx)
    output logic           mru_valid_o,
    input  logic           mru_ready_i,
    output logic [1:0]     mru_op_o,
    output logic [31:0]    mru_stag_o,
    output logic [15:0]    mru_pd_o,
    output logic [3:0]     mru_access_o,
    output logic [63:0]    mru_base_o,
    output logic [63:0]    mru_len_o,
    output logic [63:0]    mru_iova_o,
    input  logic           mru_done_i,
    input  logic [2:0]     mru_status_i,
    // events (wn_eq_engine)
    output logic [63:0]    ev_o,
    output logic           ev_valid_o,
    input  logic           ev_ready_i,
    // to wn_rdma_tx: QP set-ups and state changes
    output logic           init_valid_o,
    output logic [QpW-1:0] init_qp_o,
    output logic [15:0]    init_pd_o,
    output logic [7:0]     init_scq_o,
    output logic [63:0]    init_sq_base_o,
    output logic [3:0]     init_sq_log_o,
    output logic [15:0]    init_tid_o,
    output logic [15:0]    init_mulpdu_o,
    output logic           init_crc_o,
    output logic           init_mark_o,
    output logic [7:0]     init_ord_o,
    output logic [31:0]    init_start_o,
    output logic           st_valid_o,
    output logic [QpW-1:0] st_qp_o,
    output logic [7:0]     st_o,
    // wn_rdma_tx: a send work request completed in error
    input  logic           serr_valid_i,
    output logic           serr_ready_o,
    input  logic [QpW-1:0] serr_qp_i,
    // wn_rdma_tx: a QP in SQD drained its send queue (SQ_DRAINED event)
    input  logic           sqd_valid_i,
    output logic           sqd_ready_o,
    input  logic [QpW-1:0] sqd_qp_i,
    // our Terminate, for wn_rdma_tx to send
    output logic           tterm_valid_o,
    output logic [QpW-1:0] tterm_qp_o,
    output logic [3:0]     tterm_layer_o,
    output logic [3:0]     tterm_etype_o,
    output logic [7:0]     tterm_ecode_o,
    output logic           tterm_hvalid_o,
    output logic [6:0]     tterm_hlen_o,
    output logic [511:0]   tterm_hdr_o,
    // wn_rdma_tx: its fetch unit works for this QP (a RESET waits for it)
    input  logic           txb_valid_i,
    input  logic [QpW-1:0] txb_qp_i,
    // wn_rdma_tx's fast-register and local-invalidate work requests
    // (wn_mr_table ops FAST_REG 2, LOCAL_INV 3), one at a time
    input  logic           tctl_valid_i,
    output logic           tctl_ready_o,
    input  logic [1:0]     tctl_op_i,
    input  logic [31:0]    tctl_stag_i,
    input  logic [15:0]    tctl_pd_i,
    input  logic [3:0]     tctl_access_i,
    input  logic [63:0]    tctl_base_i,
    input  logic [63:0]    tctl_len_i,
    input  logic [63:0]    tctl_iova_i,
    output logic           tctl_done_o,
    output logic [2:0]     tctl_status_o
);
  generate
    if (NumQp < 2 || NumQp > 1024 || (1 << QpW) != NumQp) begin : g_bad
      $fatal(1, "wn_rdma_ctrl: NumQp must be a power of two 2..1024");
    end
  endgenerate

  // ------------------------------------------------------------------
  // the QP table's sweep after reset (wn_sweep): no command finishes
  // before it ends, and the transmit and receive units sweep theirs in the
  // same cycles, so no QP is set up or changed before every table is clear
  logic           clr;
  logic [QpW-1:0] clr_qp;
  wn_sweep #(
      .Depth(NumQp)
  ) u_sweep (
      .clk_i,
      .rst_i,
      .clr_o(clr),
      .idx_o(clr_qp)
  );

  // ------------------------------------------------------------------
  // the QP table (one array per field: Yosys takes no field of an array
  // element)
  logic [7:0]  qc_st [NumQp];        // qp_state
  logic [31:0] qc_err [NumQp];       // qp_error_info

  function automatic logic rx_on(input logic [7:0] st);
    rx_on = st == 8'(wn_abi_pkg::QP_STATE_RTR) || st == 8'(wn_abi_pkg::QP_STATE_RTS) ||
            st == 8'(wn_abi_pkg::QP_STATE_SQD) || st == 8'(wn_abi_pkg::QP_STATE_SQE);
  endfunction
  // qp_rx_o and qp_err_o as registers written with the state (below), so
  // they follow it in the same cycle without decoding every QP's state in
  // every cycle
  logic [NumQp-1:0] qc_rx_q, qc_errst_q;
  assign qp_rx_o = qc_rx_q;
  assign qp_err_o = qc_errst_q;

  // ------------------------------------------------------------------
  // commands
  logic [31:0] arg_q [16];
  logic [31:0] rsp_q [4];
  wn_abi_pkg::rdma_qp_query_rsp_t qry;  // QP_QUERY's result for the QP named
  logic        busy_q;
  logic [7:0]  cstat_q;
  logic [7:0]  cop_q;
  logic        mr_go_q, mr_wait_q;
  logic        ctl_ready, ctl_done;
  // a QP_MODIFY to RESET waits while a flush of the QP is under way, or
  // records of the QP may still come out of wn_ddp_rx
  logic        qm_hold, cmd_fin;
  // the MR table's update port: a command or a work request, one at a time
  logic        ctl_busy_q, ctl_cmd_q, ctl_valid, ctl_cmd, ctl_take;
  logic [2:0]  ctl_status;
  assign ctl_ready = mru_ready_i;
  assign ctl_done = mru_done_i;
  assign ctl_status = mru_status_i;
  assign ctl_cmd = mr_go_q;
  assign ctl_valid = (mr_go_q || tctl_valid_i) && !ctl_busy_q;

  // the ARG words read through the generated argument blocks of
  // wn_abi_pkg: QP_MODIFY's, and MR_REG's (whose STag and PD words are
  // MR_DEREG's and MR_INV's too)
  logic [16*32-1:0] args;
  for (genvar gi = 0; gi < 16; gi++) begin : g_args
    assign args[gi*32 +: 32] = arg_q[gi];
  end
  wn_abi_pkg::rdma_qp_modify_args_t qma;
  wn_abi_pkg::rdma_mr_reg_args_t    mra;
  assign qma = args[wn_abi_pkg::RDMA_QP_MODIFY_ARGS_WORDS*32-1:0];
  assign mra = args[wn_abi_pkg::RDMA_MR_REG_ARGS_WORDS*32-1:0];
  // the reserved fields (zero) and the ARG words no command reads
  logic unused_args;
  assign unused_args = ^{args[16*32-1:wn_abi_pkg::RDMA_QP_MODIFY_ARGS_WORDS*32], qma.rsvd11_16,
                         qma.rsvd10_9, qma.rsvd9_16, qma.rsvd3_19, qma.rsvd2_16, qma.rsvd1_9,
                         mra.rsvd2_8, mra.access[7:4], mra.rsvd1_16};
  assign ctl_take = ctl_valid && ctl_ready;
  assign tctl_ready_o = ctl_ready && !ctl_busy_q && !mr_go_q;
  assign tctl_done_o = ctl_done && !ctl_cmd_q;
  assign tctl_status_o = ctl_status;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      ctl_busy_q <= 1'b0;
      ctl_cmd_q <= 1'b0;
    end else if (ctl_take) begin
      ctl_busy_q <= 1'b1;
      ctl_cmd_q <= ctl_cmd;
    end else if (ctl_done) ctl_busy_q <= 1'b0;
  end

  logic [QpW-1:0] a_qp;
  logic           a_qp_ok;
  logic [7:0]     a_st, cur_st;
  logic           a_set, trans_ok;
  assign a_qp = qma.qp[QpW-1:0];
  assign a_qp_ok = qma.qp < 32'(NumQp);
  // IRD above what the transmit side keeps room for, ORD above what its
  // outstanding-read queue holds
  logic a_ird_bad;
  assign a_ird_bad = a_set && ({24'd0, qma.ird} > wn_abi_pkg::RDMA_MAX_IRD ||
                               {24'd0, qma.ord} > wn_abi_pkg::RDMA_MAX_ORD);
  assign a_st = qma.state;
  assign a_set = qma.set_attrs;
  assign cur_st = qc_st[a_qp];
  always_comb begin
    trans_ok = 1'b0;
    if (a_st == cur_st) trans_ok = !a_set;
    else begin
      unique case (a_st)
        8'(wn_abi_pkg::QP_STATE_INIT): trans_ok = cur_st == 8'(wn_abi_pkg::QP_STATE_RESET) && a_set;
        8'(wn_abi_pkg::QP_STATE_RTR): trans_ok = cur_st == 8'(wn_abi_pkg::QP_STATE_INIT);
        8'(wn_abi_pkg::QP_STATE_RTS):
          trans_ok = cur_st == 8'(wn_abi_pkg::QP_STATE_INIT) || cur_st == 8'(wn_abi_pkg::QP_STATE_RTR) ||
                     cur_st == 8'(wn_abi_pkg::QP_STATE_SQD) || cur_st == 8'(wn_abi_pkg::QP_STATE_SQE);
        8'(wn_abi_pkg::QP_STATE_SQD): trans_ok = cur_st == 8'(wn_abi_pkg::QP_STATE_RTS);
        8'(wn_abi_pkg::QP_STATE_ERROR): trans_ok = 1'b1;
        8'(wn_abi_pkg::QP_STATE_RESET): trans_ok = cur_st == 8'(wn_abi_pkg::QP_STATE_ERROR) ||
                                                   cur_st == 8'(wn_abi_pkg::QP_STATE_INIT);
        default: trans_ok = 1'b0;
      endcase
      if (a_set) trans_ok = 1'b0;
      if (a_st == 8'(wn_abi_pkg::QP_STATE_INIT) && cur_st == 8'(wn_abi_pkg::QP_STATE_RESET))
        trans_ok = a_set && qma.rq_log != 4'd0 && !a_ird_bad;
    end
  end

  // a QP moved into ERROR (a Terminate) this cycle
  logic           term_set;
  logic [QpW-1:0] term_qp_w;
  logic [31:0]    term_info;

  // register writes and command execution
  logic cmd_start;
  assign cmd_start = reg_we_i && {16'd0, reg_waddr_i} == wn_abi_pkg::REG_RDMA_OP && !busy_q;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      busy_q <= 1'b0;
      cstat_q <= 8'd0;
      cop_q <= 8'd0;
      mr_go_q <= 1'b0;
      mr_wait_q <= 1'b0;
      for (int i = 0; i < 16; i++) arg_q[i] <= 32'd0;
      for (int i = 0; i < 4; i++) rsp_q[i] <= 32'd0;
    end else begin
      if (reg_we_i && {16'd0, reg_waddr_i} >= wn_abi_pkg::REG_RDMA_ARG &&
          {16'd0, reg_waddr_i} < wn_abi_pkg::REG_RDMA_ARG + 32'd64 && !busy_q)
        arg_q[4'((reg_waddr_i - 16'(wn_abi_pkg::REG_RDMA_ARG)) >> 2)] <= reg_wdata_i;
      if (cmd_start) begin
        busy_q <= 1'b1;
        cop_q <= reg_wdata_i[7:0];
        mr_go_q <= reg_wdata_i[7:0] == 8'(wn_abi_pkg::RDMA_CMD_MR_REG) ||
                   reg_wdata_i[7:0] == 8'(wn_abi_pkg::RDMA_CMD_MR_DEREG) ||
                   reg_wdata_i[7:0] == 8'(wn_abi_pkg::RDMA_CMD_MR_INV);
      end
      if (mr_go_q && ctl_take) begin
        mr_go_q <= 1'b0;
        mr_wait_q <= 1'b1;
      end
      if (mr_wait_q && ctl_done && ctl_cmd_q) begin
        mr_wait_q <= 1'b0;
        busy_q <= 1'b0;
        cstat_q <= {5'd0, ctl_status};
      end
      if (cmd_fin) begin
        busy_q <= 1'b0;
        unique case (cop_q)
          8'(wn_abi_pkg::RDMA_CMD_QP_MODIFY): begin
            if (!a_qp_ok) cstat_q <= 8'(wn_abi_pkg::RDMA_CMD_STATUS_BAD_QP);
            else if (a_ird_bad) cstat_q <= 8'(wn_abi_pkg::RDMA_CMD_STATUS_BAD_ARG);
            else if (!trans_ok) cstat_q <= 8'(wn_abi_pkg::RDMA_CMD_STATUS_BAD_TRANSITION);
            else cstat_q <= 8'(wn_abi_pkg::RDMA_CMD_STATUS_OK);
          end
          8'(wn_abi_pkg::RDMA_CMD_QP_QUERY): begin
            if (!a_qp_ok) cstat_q <= 8'(wn_abi_pkg::RDMA_CMD_STATUS_BAD_QP);
            else begin
              cstat_q <= 8'(wn_abi_pkg::RDMA_CMD_STATUS_OK);
              for (int i = 0; i < 4; i++) rsp_q[i] <= qry[i*32 +: 32];
            end
          end
          default: cstat_q <= 8'(wn_abi_pkg::RDMA_CMD_STATUS_BAD_CMD);
        endcase
      end
    end
  end
  always_comb begin
    qry = '0;
    qry.state = qc_st[a_qp];
    qry.error = qc_err[a_qp];
    qry.rq_pi = qry_pi_i;
    qry.rq_ci = qry_cc_i;
    qry.rx_msgs = qry_msgs_i;
  end
  assign qm_busy_o = busy_q && cop_q == 8'(wn_abi_pkg::RDMA_CMD_QP_MODIFY);
  assign cmd_qp_o = a_qp;
  assign qm_hold = cop_q == 8'(wn_abi_pkg::RDMA_CMD_QP_MODIFY) && a_st == 8'(wn_abi_pkg::QP_STATE_RESET) &&
                   a_qp_ok && ((txb_valid_i && txb_qp_i == a_qp) || rx_hold_i);
  assign cmd_fin = busy_q && !mr_go_q && !mr_wait_q && !qm_hold && !clr;

  // register reads
  logic [15:0] ra;
  assign ra = reg_raddr_i;
  always_comb begin
    reg_rdata_o = 32'd0;
    unique case ({16'd0, ra})
      wn_abi_pkg::REG_RDMA_BASE + wn_abi_pkg::REG_HDR_TYPE: reg_rdata_o = wn_abi_pkg::REG_RDMA_TYPE_ID;
      wn_abi_pkg::REG_RDMA_BASE + wn_abi_pkg::REG_HDR_VERSION: reg_rdata_o = wn_abi_pkg::REG_RDMA_VERSION;
      wn_abi_pkg::REG_RDMA_BASE + wn_abi_pkg::REG_HDR_NEXT: reg_rdata_o = wn_abi_pkg::REG_RDMA_NEXT;
      wn_abi_pkg::REG_RDMA_STATUS: reg_rdata_o = {16'd0, cstat_q, 7'd0, busy_q};
      wn_abi_pkg::REG_RDMA_NUM_QP: reg_rdata_o = NumQp;
      wn_abi_pkg::REG_RDMA_NUM_MR: reg_rdata_o = NumMrs;
      wn_abi_pkg::REG_QP_BASE + wn_abi_pkg::REG_HDR_TYPE: reg_rdata_o = wn_abi_pkg::REG_QP_TYPE_ID;
      wn_abi_pkg::REG_QP_BASE + wn_abi_pkg::REG_HDR_VERSION: reg_rdata_o = wn_abi_pkg::REG_QP_VERSION;
      wn_abi_pkg::REG_QP_BASE + wn_abi_pkg::REG_HDR_NEXT: reg_rdata_o = wn_abi_pkg::REG_QP_NEXT;
      wn_abi_pkg::REG_QP_COUNT: reg_rdata_o = NumQp;
      wn_abi_pkg::REG_QP_STRIDE: reg_rdata_o = wn_abi_pkg::REG_QP_ELEM_STRIDE;
      wn_abi_pkg::REG_QP_ARRAY_BASE: reg_rdata_o = wn_abi_pkg::REG_QP_ELEM_BASE - wn_abi_pkg::REG_QP_BASE;
      default: begin
        if ({16'd0, ra} >= wn_abi_pkg::REG_RDMA_ARG && {16'd0, ra} < wn_abi_pkg::REG_RDMA_ARG + 32'd64)
          reg_rdata_o = arg_q[4'((ra - 16'(wn_abi_pkg::REG_RDMA_ARG)) >> 2)];
        else if ({16'd0, ra} >= wn_abi_pkg::REG_RDMA_RSP && {16'd0, ra} < wn_abi_pkg::REG_RDMA_RSP + 32'd16)
          reg_rdata_o = rsp_q[2'((ra - 16'(wn_abi_pkg::REG_RDMA_RSP)) >> 2)];
      end
    endcase
  end

  // doorbells
  logic [15:0] db_off;
  assign db_off = reg_waddr_i - 16'(wn_abi_pkg::REG_QP_ELEM_BASE);
  assign db_valid_o = reg_we_i && {16'd0, reg_waddr_i} >= wn_abi_pkg::REG_QP_ELEM_BASE &&
                      {16'd0, reg_waddr_i} < wn_abi_pkg::REG_QP_ELEM_BASE + 32'(NumQp) * 8;
  assign db_qp_o = db_off[QpW+2:3];
  assign db_rq_o = db_off[2];
  assign db_pi_o = reg_wdata_i[15:0];

  // the MR table's update port: the command's arguments, or the transmit
  // side's work request
  logic [1:0] ctl_op;
  always_comb begin
    unique case (cop_q)
      8'(wn_abi_pkg::RDMA_CMD_MR_REG): ctl_op = 2'd0;
      8'(wn_abi_pkg::RDMA_CMD_MR_DEREG): ctl_op = 2'd1;
      default: ctl_op = 2'd3;
    endcase
  end
  assign mru_valid_o = ctl_valid;
  assign mru_op_o = ctl_cmd ? ctl_op : tctl_op_i;
  assign mru_stag_o = ctl_cmd ? mra.stag : tctl_stag_i;
  assign mru_pd_o = ctl_cmd ? mra.pd : tctl_pd_i;
  assign mru_access_o = ctl_cmd ? mra.access[3:0] : tctl_access_i;
  assign mru_base_o = ctl_cmd ? mra.base : tctl_base_i;
  assign mru_len_o = ctl_cmd ? mra.len : tctl_len_i;
  assign mru_iova_o = ctl_cmd ? mra.iova : tctl_iova_i;

  // ------------------------------------------------------------------
  // Terminates: the QP enters ERROR, a QP_ERROR event to EQ 0
  logic           tm_valid, tm_ready, tm_rx, tm_hvalid;
  logic [QpW-1:0] tm_qp;
  logic [3:0]     tm_layer, tm_etype;
  logic [7:0]     tm_ecode;
  logic [6:0]     tm_hlen;
  logic [511:0]   tm_hdr;
  logic [63:0]    evq_head;
  logic           evq_valid, evq_wready;
  logic [3:0]     evq_count;
  assign term_info = {tm_rx ? 8'(wn_abi_pkg::CPL_TERM_ORIGIN_PEER) : 8'(wn_abi_pkg::CPL_TERM_ORIGIN_HARDWARE),
                      4'd0, tm_layer, 4'd0, tm_etype, tm_ecode};
  // a send work request completed in error (serr_*): the QP enters ERROR
  // and sends a Terminate RDMAP / local catastrophic error (RFC 5040 §7.1,
  // no DDP header), if it is still sending (RTS or SQD)
  assign tm_valid = d_tm_valid_i || serr_valid_i;
  assign tm_qp = d_tm_valid_i ? d_tm_qp_i : serr_qp_i;
  assign tm_rx = d_tm_valid_i && d_tm_rx_i;
  assign tm_layer = d_tm_valid_i ? d_tm_layer_i : 4'(wn_abi_pkg::TERM_LAYER_RDMAP);
  assign tm_etype = d_tm_valid_i ? d_tm_etype_i : 4'(wn_abi_pkg::TERM_ETYPE_RDMAP_LOCAL_CATASTROPHIC);
  assign tm_ecode = d_tm_valid_i ? d_tm_ecode_i : 8'd0;
  assign tm_hvalid = d_tm_valid_i && d_tm_hvalid_i;
  assign tm_hlen = d_tm_hlen_i;
  assign tm_hdr = d_tm_hdr_i;
  assign tm_ready = evq_wready;
  assign d_tm_ready_o = evq_wready;
  assign serr_ready_o = evq_wready && !d_tm_valid_i;
  assign term_set = tm_valid && tm_ready && qc_st[tm_qp] != 8'(wn_abi_pkg::QP_STATE_ERROR) &&
                    (d_tm_valid_i || qc_st[tm_qp] == 8'(wn_abi_pkg::QP_STATE_RTS) ||
                     qc_st[tm_qp] == 8'(wn_abi_pkg::QP_STATE_SQD));
  assign term_qp_w = tm_qp;
  assign err_set_o = term_set;
  assign err_qp_o = term_qp_w;
  // a Send longer than the buffer it took (our Terminate DDP/untagged/
  // MSG_TOO_LONG, RFC 5041 §7.2)
  assign err_lenerr_o = !tm_rx && tm_layer == wn_abi_pkg::TERM_LAYER_DDP &&
                        tm_etype == wn_abi_pkg::TERM_ETYPE_DDP_UNTAGGED_BUFFER &&
                        tm_ecode == wn_abi_pkg::TERM_ECODE_DDP_UNTAGGED_MSG_TOO_LONG;
  // SQ_DRAINED when no Terminate wants the queue; dropped for a QP that
  // left SQD meanwhile
  logic sqd_push;
  assign sqd_ready_o = evq_wready && !tm_valid;
  assign sqd_push = sqd_valid_i && sqd_ready_o && qc_st[sqd_qp_i] == 8'(wn_abi_pkg::QP_STATE_SQD);
  wn_fifo #(
      .Width(64),
      .Depth(8)
  ) u_evq (
      .clk_i,
      .rst_i,
      .wdata_i (term_set ? {8'd0, 8'(wn_abi_pkg::EQE_TYPE_QP_ERROR), 16'(tm_qp), term_info} :
                           {8'd0, 8'(wn_abi_pkg::EQE_TYPE_SQ_DRAINED), 16'(sqd_qp_i), 32'd0}),
      .wvalid_i(term_set || sqd_push),
      .wready_o(evq_wready),
      .rdata_o (evq_head),
      .rvalid_o(evq_valid),
      .rready_i(ev_ready_i),
      .count_o (evq_count)
  );
  assign ev_o = evq_head;
  assign ev_valid_o = evq_valid;

  // ------------------------------------------------------------------
  // the QP table's writes
  logic qm_ok;
  assign qm_ok = cmd_fin && cop_q == 8'(wn_abi_pkg::RDMA_CMD_QP_MODIFY) && a_qp_ok && trans_ok;
  assign qm_done_o = qm_ok;
  always_ff @(posedge clk_i) begin
    if (rst_i || clr) begin
      // the sweep (and, during rst_i, any entry: it is swept again)
      qc_st[clr_qp] <= '0;
      qc_err[clr_qp] <= '0;
      if (rst_i) begin
        qc_rx_q <= '0;
        qc_errst_q <= '0;
      end
    end else begin
      if (term_set) begin
        qc_st[term_qp_w] <= 8'(wn_abi_pkg::QP_STATE_ERROR);
        qc_err[term_qp_w] <= term_info;
        qc_rx_q[term_qp_w] <= 1'b0;
        qc_errst_q[term_qp_w] <= 1'b1;
      end
      // a command, in its last busy cycle
      if (qm_ok) begin
        qc_st[a_qp] <= a_st;
        qc_rx_q[a_qp] <= rx_on(a_st);
        qc_errst_q[a_qp] <= a_st == 8'(wn_abi_pkg::QP_STATE_ERROR);
        if (a_st == 8'(wn_abi_pkg::QP_STATE_INIT) && a_set) qc_err[a_qp] <= 32'd0;
      end
    end
  end

  // the receive side's attributes of a QP set up, in the command's cycle
  assign qs_valid_o = qm_ok && a_st == 8'(wn_abi_pkg::QP_STATE_INIT) && a_set;
  assign qs_qp_o = a_qp;
  assign qs_pd_o = qma.pd;
  assign qs_mulpdu_o = qma.mulpdu;
  assign qs_crc_o = qma.crc;
  assign qs_mark_o = qma.markers_rx;
  assign qs_ird_o = qma.ird;
  assign qs_rcq_o = qma.recv_cq;
  assign qs_rq_log_o = qma.rq_log;
  assign qs_rq_base_o = qma.rq_iova;
  assign qs_phase_o = qma.marker_phase;

  // to the transmit side: the set-up and every state change, registered
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      init_valid_o <= 1'b0;
      st_valid_o <= 1'b0;
    end else begin
      init_valid_o <= qs_valid_o;
      st_valid_o <= qm_ok || term_set;
    end
    init_qp_o <= a_qp;
    init_pd_o <= qma.pd;
    init_scq_o <= qma.send_cq;
    init_sq_base_o <= qma.sq_iova;
    init_sq_log_o <= qma.sq_log;
    init_tid_o <= qma.tid;
    init_mulpdu_o <= qma.send_mulpdu;
    init_crc_o <= qma.crc;
    init_mark_o <= qma.markers_tx;
    init_ord_o <= qma.ord;
    init_start_o <= qma.tx_start;
    st_qp_o <= term_set ? term_qp_w : a_qp;
    // our Terminate, for the transmit side to send
    if (rst_i) tterm_valid_o <= 1'b0;
    else tterm_valid_o <= term_set && !tm_rx;
    tterm_qp_o <= tm_qp;
    tterm_layer_o <= tm_layer;
    tterm_etype_o <= tm_etype;
    tterm_ecode_o <= tm_ecode;
    tterm_hvalid_o <= tm_hvalid;
    tterm_hlen_o <= tm_hlen;
    tterm_hdr_o <= tm_hdr;
    st_o <= term_set ? 8'(wn_abi_pkg::QP_STATE_ERROR) : a_st;
  end

  logic unused;
  assign unused = ^{evq_count, db_off[15:QpW+3], db_off[1:0]};
endmodule
