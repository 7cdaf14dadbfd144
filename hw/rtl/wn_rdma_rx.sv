// wn_rdma_rx: the receive side of the iWARP data path and the RDMA control
// block. It joins wn_mpa_rx (FPDU delineation, markers, CRC32c), wn_ddp_rx
// (DDP/RDMAP placement, Terminate codes) and wn_mr_table (STag checks) with
// the per-QP state they need: QP attributes and state, the MPA and DDP
// receive contexts, the receive queue (WQE fetch, scatter-entry checks),
// completions, QP_ERROR events and the commands of register block RDMA.
//
// Segments (s_t*): the in-order TCP payload of connections in RDMA mode
// (ULP_MODE RDMA), one packet per TCP segment, byte 0 in bits 7:0 of the
// first beat, tkeep contiguous, with the QP the TCB names (s_qp_i, from
// the first beat). A QP number out of range, or a QP that is not bound
// (state below RTR or ERROR) has its bytes dropped (counted).
//
// Contexts: wn_mpa_rx and wn_ddp_rx take a context with a packet's first
// beat and return it after the packet. The next packet of the same QP goes
// on with the context they hold (s_cont_i); a packet of another QP waits
// until every context in flight is written back, then loads its own from
// the tables here. A command that changes a QP breaks the chain, so a
// state change is seen by the next packet.
//
// Receive queue: wn_rq_prefetch reads the posted WQEs (rdma_rq_wqe, 128
// bytes, RQ_PI doorbell) of one QP ahead of need, 16 a DMA read with
// several reads in flight, and checks each scatter entry against the MR
// table (lkey, Tagged Offset, length, the QP's PD, LOCAL_WRITE) as it
// goes, keeping the host addresses. Between Sends the unit takes the WQE
// at the consumer index of the QP whose Sends came last from it (checked
// again first if its check is not trusted, below) and offers it to
// wn_ddp_rx, whose next Send of that QP takes it without a request, so
// back-to-back Sends do not wait for their buffers; the offer is checked
// again after a change of the MR table and withdrawn, the consumer index
// unmoved, for a request of another QP, a QP that stops receiving, any
// QP_MODIFY or a QP to flush (a WQE whose check fails is not offered).
// A receive buffer request of wn_ddp_rx ({qp, msn} of a Send's first
// segment that found no offer) takes the WQE at the consumer index from
// it and is answered the next cycle when that WQE is ready; a request
// for another QP repositions the prefetcher (its WQEs are dropped). A
// check made before a change of the MR table (any MR_REG/MR_DEREG/MR_INV
// command, fast-register or local invalidate, or remote invalidation done
// since) is not trusted: that WQE's entries are checked again before it
// is offered or taken, as is a WQE whose early check failed, so a buffer
// is only used if its region is valid when the Send takes it. A
// QP_MODIFY of the QP drops its prefetched WQEs (nothing read before a
// RESET or a re-initialisation is used). No posted WQE: "no buffer"
// (wn_ddp_rx sends the Terminate). A scatter entry that fails its check
// or a WQE the host refuses completes that WQE in error (LOC_PROT_ERR,
// WQE_FETCH_ERR) and answers "no buffer" too. The WQE's wr_id is kept for the completion, 8
// per QP: a QP with 8 WQEs taken and not completed takes no more (an
// offer waits, a request waits for room) until a completion.
//
// Completions (cpl_o, for wn_cq_engine): RDMA_RECV / RDMA_RECV_IMM with
// the QP's receive CQ, queue = QP, wqe_idx = the WQE's index, flags SE,
// INV (imm = the invalidated STag), IMM (imm = the 8 bytes). A completion
// waits until every placement write issued before it has been accepted by
// the DMA write mux (a ticket of writes), so the CQE never overtakes the
// data it reports.
//
// Errors: a Terminate wn_ddp_rx reports (ours: a violation it found; or
// one received) puts the QP into ERROR, records qp_error_info and posts a
// QP_ERROR event to EQ 0. A QP in ERROR completes its WQEs as FLUSHED, the
// taken ones first, then the posted ones (each from the prefetcher, for
// its wr_id), one at a time when the receive-queue unit is idle; but the WQE
// a Send too long for it took (our Terminate DDP untagged buffer error,
// message too long) completes LOC_LEN_ERR, as verbs report it. Our Terminate
// goes to the transmit side (tterm_*), which sends it to the peer.
// Entering ERROR (a Terminate, a send work request in error, QP_MODIFY)
// breaks the context chain: the QP's next packet loads its context in
// error and neither places nor completes anything. The Sends of the QP
// already inside wn_ddp_rx finish as they began: a taken WQE is flushed
// only once none of its QP's packets is in wn_ddp_rx, no buffer handed
// out waits for its Send's first beat and wn_ddp_rx's completion FIFO is
// empty, so every receive WQE completes once, in order, with its own
// wr_id (a completion that came after the flush used to land on the next
// WQE). Flush and error completions go through the same ticket FIFO as
// wn_ddp_rx's, after the completions written before them.
//
// Commands (block RDMA): ARG words, then OP; STATUS.BUSY until done.
// MR_REG/MR_DEREG/MR_INV go to wn_mr_table's update port (its status is
// the command's); QP_MODIFY checks the transition (RESET->INIT with
// attributes; INIT->RTR; INIT/RTR->RTS; RTS<->SQD; SQE->RTS; any->ERROR;
// ERROR->RESET; to the same state: nothing) and on RESET->INIT clears the
// QP's contexts and rings; QP_QUERY fills RSP. Doorbells (block QP): RQ_PI
// per QP (SQ_PI is kept for the transmit side).
//
// Registers: reg_we_i writes (any offset in the two blocks; the engine
// always accepts), reg_raddr_i reads combinationally (reg_rdata_o).
//
// READ requests go to the transmit side as READ RESPONSE jobs (rr_*),
// counted against the QP's IRD; each one it finishes gives its slot back.
// A READ RESPONSE's end (rdc_*: the local Read done) waits for its data
// like a completion; the end of a QP that is no longer receiving (ERROR,
// or reset since) is dropped, and the transmit side flushes that Read.
// Parameters: NumQp a power of two 2..1024; NumMrs as wn_mr_table.
module wn_rdma_rx #(
    parameter int NumQp = 64,
    parameter int NumMrs = 4096,
    localparam int QpW = $clog2(NumQp)
) (
    input  logic         clk_i,
    input  logic         rst_i,
    // in-order payload of RDMA connections
    input  logic [511:0] s_tdata_i,
    input  logic [63:0]  s_tkeep_i,
    input  logic         s_tlast_i,
    input  logic         s_tvalid_i,
    output logic         s_tready_o,
    input  logic [15:0]  s_qp_i,
    // registers (blocks RDMA and QP)
    input  logic         reg_we_i,
    input  logic [15:0]  reg_waddr_i,
    input  logic [31:0]  reg_wdata_i,
    input  logic [15:0]  reg_raddr_i,
    output logic [31:0]  reg_rdata_o,
    // DMA reads (receive WQEs)
    output logic [63:0]  rd_addr_o,
    output logic [15:0]  rd_len_o,
    output logic         rd_valid_o,
    input  logic         rd_ready_i,
    input  logic [511:0] rd_data_i,
    input  logic         rd_err_i,
    input  logic         rd_last_i,
    input  logic         rd_rsp_valid_i,
    output logic         rd_rsp_ready_o,
    // DMA writes (placement)
    output logic [63:0]  wr_addr_o,
    output logic [15:0]  wr_len_o,
    output logic [511:0] wr_data_o,
    output logic         wr_last_o,
    output logic         wr_valid_o,
    input  logic         wr_ready_i,
    input  logic         wr_done_valid_i,
    input  logic         wr_done_err_i,
    // completion records (wn_cq_engine, 224 bits)
    output logic [223:0] cpl_o,
    output logic         cpl_valid_o,
    input  logic         cpl_ready_i,
    // event records (wn_eq_engine)
    output logic [63:0]  ev_o,
    output logic         ev_valid_o,
    input  logic         ev_ready_i,
    // to wn_rdma_tx: QP set-ups and state changes, READ RESPONSE jobs,
    // READ ends, and its MR checks
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
    output logic           rr_valid_o,
    input  logic           rr_ready_i,
    output logic [QpW-1:0] rr_qp_o,
    output logic [31:0]    rr_sink_stag_o,
    output logic [63:0]    rr_sink_to_o,
    output logic [63:0]    rr_addr_o,
    output logic [31:0]    rr_len_o,
    output logic           rdc_valid_o,
    input  logic           rdc_ready_i,
    output logic [QpW-1:0] rdc_qp_o,
    // a send work request completed in error (wn_rdma_tx)
    input  logic           serr_valid_i,
    output logic           serr_ready_o,
    input  logic [QpW-1:0] serr_qp_i,
    // wn_rdma_tx: a QP in SQD drained its send queue (SQ_DRAINED event)
    input  logic           sqd_valid_i,
    output logic           sqd_ready_o,
    input  logic [QpW-1:0] sqd_qp_i,
    output logic           tterm_valid_o,
    output logic [QpW-1:0] tterm_qp_o,
    output logic [3:0]     tterm_layer_o,
    output logic [3:0]     tterm_etype_o,
    output logic [7:0]     tterm_ecode_o,
    output logic           tterm_hvalid_o,
    output logic [6:0]     tterm_hlen_o,
    output logic [511:0]   tterm_hdr_o,
    // a READ RESPONSE the transmit side finished (acknowledged): one IRD
    // slot of the QP free again
    input  logic           rrd_valid_i,
    input  logic [QpW-1:0] rrd_qp_i,
    input  logic           txb_valid_i,
    input  logic [QpW-1:0] txb_qp_i,
    // the transmit side's fast-register and local-invalidate work requests
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
    output logic [2:0]     tctl_status_o,
    input  logic           tchk_valid_i,
    output logic           tchk_ready_o,
    input  logic [31:0]    tchk_stag_i,
    input  logic [63:0]    tchk_to_i,
    input  logic [31:0]    tchk_len_i,
    input  logic [15:0]    tchk_pd_i,
    output logic           tchk_rsp_valid_o,
    output logic           tchk_rsp_ok_o,
    output logic [63:0]    tchk_rsp_addr_o,
    // counter pulses
    output logic         cnt_drop_o,
    output logic         cnt_rd_err_o,
    output logic         cnt_wr_err_o
);
  localparam int PdW = 16;
  localparam int MaxSge = 4;
  // receive WQEs of a QP taken and not yet completed, at most (their
  // wr_ids are kept here for the completions)
  localparam int WridN = 8;
  localparam int WridW = $clog2(WridN);

  generate
    if (NumQp < 2 || NumQp > 1024 || (1 << QpW) != NumQp) begin : g_bad
      $fatal(1, "wn_rdma_rx: NumQp must be a power of two 2..1024");
    end
  endgenerate

  // ------------------------------------------------------------------
  // QP attributes and state (written by commands, read per packet)
  // (one array per field: Yosys takes no field of an array element)
  logic [7:0]  qc_st [NumQp];        // qp_state
  logic [15:0] qc_pd [NumQp];
  logic [15:0] qc_mulpdu [NumQp];    // largest ULPDU accepted
  logic        qc_crc [NumQp];
  logic        qc_mark [NumQp];
  logic [7:0]  qc_ird [NumQp];
  logic [7:0]  qc_rcq [NumQp];
  logic [3:0]  qc_rq_log [NumQp];
  logic [63:0] qc_rq_base [NumQp];
  logic [31:0] qc_err [NumQp];       // qp_error_info
  logic [15:0] rq_pi [NumQp];
  logic [15:0] sq_pi [NumQp];
  logic [15:0] rq_ci [NumQp];   // WQEs taken (buffers handed out, or completed in error)
  logic [15:0] rq_cc [NumQp];   // WQEs completed
  logic [31:0] rx_msgs [NumQp];
  logic [63:0] wrid [NumQp*WridN];     // entry {qp, index mod WridN}

  function automatic logic rx_on(input logic [7:0] st);
    rx_on = st == 8'(wn_abi_pkg::QP_STATE_RTR) || st == 8'(wn_abi_pkg::QP_STATE_RTS) ||
            st == 8'(wn_abi_pkg::QP_STATE_SQD) || st == 8'(wn_abi_pkg::QP_STATE_SQE);
  endfunction

  // ------------------------------------------------------------------
  // MPA receive contexts
  typedef struct packed {
    logic [15:0] off;
    logic [15:0] len;
    logic [16:0] rem;
    logic [31:0] crc;
    logic [31:0] rcrc;
    logic        begun;
    logic [8:0]  phase;
    logic        err;
  } mctx_t;
  mctx_t mctx [NumQp];

  // DDP receive contexts (the fields wn_ddp_rx changes)
  typedef struct packed {
    logic                err;
    logic [31:0]         msn0;
    logic [31:0]         msn1;
    logic [7:0]          irdu;
    logic [6:0]          hcnt;
    logic [511:0]        hbuf;
    logic                tact;
    logic [3:0]          top;
    logic                uact;
    logic [3:0]          uop;
    logic [31:0]         umo;
    logic [MaxSge*64-1:0] uaddr;
    logic [MaxSge*32-1:0] ulen;
    logic [31:0]         ublen;
    logic [2:0]          usge;
    logic [31:0]         usoff;
    logic                splace;
    logic [2:0]          skind;
    logic [31:0]         slen;
    logic [63:0]         saddr;
  } dctx_t;
  dctx_t dctx [NumQp];

  // ------------------------------------------------------------------
  // commands
  logic [31:0] arg_q [16];
  logic [31:0] rsp_q [4];
  logic        busy_q;
  logic [7:0]  cstat_q;
  logic [7:0]  cop_q;
  logic        chain_break;      // a QP changed (command, ERROR): no s_cont_i next
  logic        mr_go_q, mr_wait_q;
  logic        ctl_ready, ctl_done;
  // a QP_MODIFY to RESET waits while a flush of the QP is under way, or
  // records of the QP may still come out of wn_ddp_rx
  logic        qm_hold, cmd_fin;
  // the MR table's update port: a command or a work request, one at a time
  logic        ctl_busy_q, ctl_cmd_q, ctl_valid, ctl_cmd, ctl_take;
  assign ctl_cmd = mr_go_q;
  assign ctl_valid = (mr_go_q || tctl_valid_i) && !ctl_busy_q;
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
  logic [2:0]  ctl_status;

  logic [QpW-1:0] a_qp;
  logic           a_qp_ok;
  logic [7:0]     a_st, cur_st;
  logic           a_set, trans_ok;
  assign a_qp = arg_q[0][QpW-1:0];
  assign a_qp_ok = arg_q[0] < 32'(NumQp);
  // IRD above what the transmit side keeps room for, ORD above what its
  // outstanding-read queue holds
  logic a_ird_bad;
  assign a_ird_bad = a_set && ({24'd0, arg_q[3][31:24]} > wn_abi_pkg::RDMA_MAX_IRD ||
                               {24'd0, arg_q[4][7:0]} > wn_abi_pkg::RDMA_MAX_ORD);
  assign a_st = arg_q[1][7:0];
  assign a_set = arg_q[1][8];
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
        trans_ok = a_set && arg_q[4][27:24] != 4'd0 && !a_ird_bad;
    end
  end

  // a QP the receive path moved into ERROR (a Terminate) this cycle
  logic           term_set;
  logic [QpW-1:0] term_qp_w;
  logic [31:0]    term_info;

  // register writes and command execution
  logic cmd_start;
  assign cmd_start = reg_we_i && {16'd0, reg_waddr_i} == wn_abi_pkg::REG_RDMA_OP && !busy_q;
  // a QP_MODIFY, or a QP entering ERROR: the next packet loads its context
  // from the tables (a QP in ERROR places nothing more and completes
  // nothing more, whichever path put it there)
  assign chain_break = (busy_q && cop_q == 8'(wn_abi_pkg::RDMA_CMD_QP_MODIFY)) || term_set;

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
              rsp_q[0] <= {24'd0, qc_st[a_qp]};
              rsp_q[1] <= qc_err[a_qp];
              rsp_q[2] <= {rq_pi[a_qp], rq_cc[a_qp]};
              rsp_q[3] <= rx_msgs[a_qp];
            end
          end
          default: cstat_q <= 8'(wn_abi_pkg::RDMA_CMD_STATUS_BAD_CMD);
        endcase
      end
    end
  end

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
  logic           db_we, db_rq;
  logic [QpW-1:0] db_qp;
  logic [15:0]    db_off;
  assign db_off = reg_waddr_i - 16'(wn_abi_pkg::REG_QP_ELEM_BASE);
  assign db_we = reg_we_i && {16'd0, reg_waddr_i} >= wn_abi_pkg::REG_QP_ELEM_BASE &&
                 {16'd0, reg_waddr_i} < wn_abi_pkg::REG_QP_ELEM_BASE + 32'(NumQp) * 8;
  assign db_qp = db_off[QpW+2:3];
  assign db_rq = db_off[2];

  // ------------------------------------------------------------------
  // wn_mr_table
  logic        chk_valid, chk_ready, chk_rsp_valid, chk_rsp_ok;
  logic [31:0] chk_stag, chk_len;
  logic [63:0] chk_to, chk_rsp_addr;
  logic [15:0] chk_pd;
  logic [2:0]  chk_access, chk_rsp_err;
  logic        rinv_valid, rinv_ready, rinv_done;
  logic [31:0] rinv_stag;
  logic [15:0] rinv_pd;
  logic [2:0]  rinv_status;
  logic [1:0]  ctl_op;
  always_comb begin
    unique case (cop_q)
      8'(wn_abi_pkg::RDMA_CMD_MR_REG): ctl_op = 2'd0;
      8'(wn_abi_pkg::RDMA_CMD_MR_DEREG): ctl_op = 2'd1;
      default: ctl_op = 2'd3;
    endcase
  end
  wn_mr_table #(
      .NumMrs(NumMrs),
      .PdW(PdW)
  ) u_mr (
      .clk_i,
      .rst_i,
      .chk_valid_i    (chk_valid),
      .chk_ready_o    (chk_ready),
      .chk_stag_i     (chk_stag),
      .chk_to_i       (chk_to),
      .chk_len_i      (chk_len),
      .chk_pd_i       (chk_pd),
      .chk_access_i   (chk_access),
      .chk_rsp_valid_o(chk_rsp_valid),
      .chk_rsp_ok_o   (chk_rsp_ok),
      .chk_rsp_err_o  (chk_rsp_err),
      .chk_rsp_addr_o (chk_rsp_addr),
      .ctl_valid_i    (ctl_valid),
      .ctl_ready_o    (ctl_ready),
      .ctl_op_i       (ctl_cmd ? ctl_op : tctl_op_i),
      .ctl_stag_i     (ctl_cmd ? arg_q[0] : tctl_stag_i),
      .ctl_pd_i       (ctl_cmd ? arg_q[1][15:0] : tctl_pd_i),
      .ctl_access_i   (ctl_cmd ? arg_q[2][3:0] : tctl_access_i),
      .ctl_base_i     (ctl_cmd ? {arg_q[4], arg_q[3]} : tctl_base_i),
      .ctl_len_i      (ctl_cmd ? {arg_q[6], arg_q[5]} : tctl_len_i),
      .ctl_iova_i     (ctl_cmd ? {arg_q[8], arg_q[7]} : tctl_iova_i),
      .ctl_done_o     (ctl_done),
      .ctl_status_o   (ctl_status),
      .rinv_valid_i   (rinv_valid),
      .rinv_ready_o   (rinv_ready),
      .rinv_stag_i    (rinv_stag),
      .rinv_pd_i      (rinv_pd),
      .rinv_done_o    (rinv_done),
      .rinv_status_o  (rinv_status)
  );

  // ------------------------------------------------------------------
  // segments into wn_mpa_rx
  logic         seg_inpkt_q, seg_drop_q;
  logic [QpW-1:0] last_mqp_q;
  logic         last_mv_q;
  logic [5:0]   mpend_q;          // contexts in flight
  logic         m_sready;
  logic [QpW-1:0] s_qp;
  logic         s_qp_ok, s_sop, s_cont, s_bad, s_go, s_hold;
  assign s_qp = s_qp_i[QpW-1:0];
  assign s_sop = !seg_inpkt_q;
  assign s_qp_ok = s_qp_i < 16'(NumQp);
  assign s_bad = !s_qp_ok || !rx_on(qc_st[s_qp]);
  assign s_cont = last_mv_q && last_mqp_q == s_qp;
  // a packet of another QP waits for the contexts in flight
  assign s_hold = s_sop && !s_bad && !s_cont && mpend_q != 6'd0;
  logic s_drop_beat;
  assign s_drop_beat = s_sop ? s_bad : seg_drop_q;
  assign s_go = s_tvalid_i && !s_hold && (s_drop_beat || m_sready);
  assign s_tready_o = !s_hold && (s_drop_beat || m_sready);

  logic [15:0]    mqp_lat_q;
  logic [15:0]    mpa_max;
  logic           mctx_v;
  logic [15:0]    mctx_tag;
  mctx_t          mctx_o, mctx_i;
  logic           m_crc_en, m_mark_en;
  logic           mctx_crc_en_o, mctx_mark_en_o;
  logic           mst_valid, mst_ready, mst_crc_ok, mst_err;
  logic [15:0]    mst_tag, mst_len;
  logic [511:0]   mu_tdata;
  logic [63:0]    mu_tkeep;
  logic           mu_tlast, mu_tvalid, mu_tready, mu_end;
  logic [15:0]    mu_tag, mu_len, mu_off;
  assign mctx_i = mctx[s_qp];
  assign m_crc_en = qc_crc[s_qp];
  assign m_mark_en = qc_mark[s_qp];
  assign mpa_max = qc_mulpdu[mqp_lat_q[QpW-1:0]];

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      seg_inpkt_q <= 1'b0;
      seg_drop_q <= 1'b0;
      last_mv_q <= 1'b0;
      last_mqp_q <= '0;
      mpend_q <= 6'd0;
      mqp_lat_q <= 16'd0;
    end else begin
      if (s_go) begin
        seg_inpkt_q <= !s_tlast_i;
        if (s_sop) begin
          seg_drop_q <= s_bad;
          if (!s_bad) begin
            last_mv_q <= 1'b1;
            last_mqp_q <= s_qp;
            mqp_lat_q <= s_qp_i;
          end
        end
      end
      if (chain_break) last_mv_q <= 1'b0;
      mpend_q <= mpend_q + {5'd0, s_go && s_sop && !s_bad} - {5'd0, mctx_v};
    end
  end
  assign cnt_drop_o = s_go && s_sop && s_bad;

  logic [8:0] mctx_phase_o;
  logic       mctx_begun_o, mctx_err_o;
  logic [15:0] mctx_off_o, mctx_len_o;
  logic [16:0] mctx_rem_o;
  logic [31:0] mctx_crc_o, mctx_rcrc_o;
  wn_mpa_rx #(
      .FifoDepth(64),
      .TagWidth(16)
  ) u_mpa (
      .clk_i,
      .rst_i,
      .max_ulpdu_i  (mpa_max),
      .s_tdata_i,
      .s_tkeep_i,
      .s_tlast_i,
      .s_tvalid_i   (s_tvalid_i && !s_hold && !s_drop_beat),
      .s_tready_o   (m_sready),
      .s_tag_i      (s_qp_i),
      .s_cont_i     (s_cont),
      .ctx_off_i    (mctx_i.off),
      .ctx_len_i    (mctx_i.len),
      .ctx_rem_i    (mctx_i.rem),
      .ctx_crc_i    (mctx_i.crc),
      .ctx_rcrc_i   (mctx_i.rcrc),
      .ctx_begun_i  (mctx_i.begun),
      .ctx_phase_i  (mctx_i.phase),
      .ctx_crc_en_i (m_crc_en),
      .ctx_mark_en_i(m_mark_en),
      .ctx_err_i    (mctx_i.err),
      .ctx_valid_o  (mctx_v),
      .ctx_tag_o    (mctx_tag),
      .ctx_off_o    (mctx_off_o),
      .ctx_len_o    (mctx_len_o),
      .ctx_rem_o    (mctx_rem_o),
      .ctx_crc_o    (mctx_crc_o),
      .ctx_rcrc_o   (mctx_rcrc_o),
      .ctx_begun_o  (mctx_begun_o),
      .ctx_phase_o  (mctx_phase_o),
      .ctx_crc_en_o (mctx_crc_en_o),
      .ctx_mark_en_o(mctx_mark_en_o),
      .ctx_err_o    (mctx_err_o),
      .st_valid_o   (mst_valid),
      .st_ready_i   (mst_ready),
      .st_tag_o     (mst_tag),
      .st_len_o     (mst_len),
      .st_crc_ok_o  (mst_crc_ok),
      .st_err_o     (mst_err),
      .m_tdata_o    (mu_tdata),
      .m_tkeep_o    (mu_tkeep),
      .m_tlast_o    (mu_tlast),
      .m_tvalid_o   (mu_tvalid),
      .m_tready_i   (mu_tready),
      .m_tag_o      (mu_tag),
      .m_len_o      (mu_len),
      .m_off_o      (mu_off),
      .m_end_o      (mu_end)
  );
  assign mctx_o = {mctx_off_o, mctx_len_o, mctx_rem_o, mctx_crc_o, mctx_rcrc_o, mctx_begun_o, mctx_phase_o,
                   mctx_err_o};

  // ------------------------------------------------------------------
  // ULPDU packets into wn_ddp_rx
  logic           u_inpkt_q, last_dv_q;
  logic [QpW-1:0] last_dqp_q, u_qp;
  logic [5:0]     dpend_q;          // packets in wn_ddp_rx (all of QP last_dqp_q)
  logic           rb_ans_q;         // a buffer handed out, its Send's first beat not in yet
  logic           u_sop, u_cont, u_hold, u_sready, u_go;
  logic           dctx_v;
  logic [QpW-1:0] dctx_qp;
  dctx_t          dctx_i, dctx_o;
  // READ RESPONSEs finished since the QP's context was last loaded
  logic [7:0]     irdd_q [NumQp];
  logic           u_load;
  assign u_load = u_go && u_sop && !u_cont;
  always_ff @(posedge clk_i) begin
    for (int i = 0; i < NumQp; i++) begin
      if (rst_i) irdd_q[i] <= 8'd0;
      else if (u_load && u_qp == QpW'(i))
        irdd_q[i] <= {7'd0, rrd_valid_i && rrd_qp_i == QpW'(i)};
      else if (rrd_valid_i && rrd_qp_i == QpW'(i)) irdd_q[i] <= irdd_q[i] + 8'd1;
    end
  end
  assign u_qp = mu_tag[QpW-1:0];
  assign u_sop = !u_inpkt_q;
  // a QP with IRD slots freed reloads its context (the chain holds irdu)
  assign u_cont = last_dv_q && last_dqp_q == u_qp && irdd_q[u_qp] == 8'd0;
  assign u_hold = u_sop && !u_cont && dpend_q != 6'd0;
  assign mu_tready = u_sready && !u_hold;
  assign u_go = mu_tvalid && mu_tready;
  assign dctx_i = dctx[u_qp];
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      u_inpkt_q <= 1'b0;
      last_dv_q <= 1'b0;
      last_dqp_q <= '0;
      dpend_q <= 6'd0;
    end else begin
      if (u_go) begin
        u_inpkt_q <= !mu_tlast;
        if (u_sop) begin
          last_dv_q <= 1'b1;
          last_dqp_q <= u_qp;
        end
      end
      if (chain_break) last_dv_q <= 1'b0;
      dpend_q <= dpend_q + {5'd0, u_go && u_sop} - {5'd0, dctx_v};
    end
  end

  // ddp_rx outputs
  logic           d_rreq, d_rts_o;
  logic [PdW-1:0] d_pd_o;
  logic [7:0]     d_ird_o;
  logic           rb_req_valid, rb_req_ready, rb_rsp_valid, rb_rsp_ok;
  logic [QpW-1:0] rb_req_qp;
  logic [31:0]    rb_req_msn;
  logic [MaxSge*64-1:0] rb_rsp_addr;
  logic [MaxSge*32-1:0] rb_rsp_len;
  logic           rb_off_valid, rb_take;
  logic           mw_valid, mw_ready;
  logic [QpW-1:0] mw_qp;
  logic [63:0]    mw_addr;
  logic [6:0]     mw_len;
  logic [511:0]   mw_data;
  logic [63:0]    mw_keep;
  logic           dc_valid, dc_ready, dc_se, dc_inv, dc_imm;
  logic [QpW-1:0] dc_qp;
  logic [3:0]     dc_opcode;
  logic [31:0]    dc_len, dc_inv_stag;
  logic [63:0]    dc_imm_data;
  logic [1:0]     dc_status;
  logic           tm_valid, tm_ready, tm_rx, tm_hvalid;
  logic [QpW-1:0] tm_qp;
  logic [3:0]     tm_layer, tm_etype;
  logic [7:0]     tm_ecode;
  logic [6:0]     tm_hlen;
  logic [511:0]   tm_hdr;
  // wn_ddp_rx's Terminates (d_tm_*) first, then the send side's errors
  logic           d_tm_valid, d_tm_ready, d_tm_rx, d_tm_hvalid;
  logic [QpW-1:0] d_tm_qp;
  logic [3:0]     d_tm_layer, d_tm_etype;
  logic [7:0]     d_tm_ecode;
  logic [6:0]     d_tm_hlen;
  logic [511:0]   d_tm_hdr;
  logic           dchk_valid, dchk_ready;
  logic [31:0]    dchk_stag, dchk_len;
  logic [63:0]    dchk_to;
  logic [PdW-1:0] dchk_pd;
  logic [2:0]     dchk_access;
  logic           dchk_rsp_valid;

  wn_ddp_rx #(
      .QpW(QpW),
      .PdW(PdW),
      .FifoDepth(32),
      .MaxSge(MaxSge)
  ) u_ddp (
      .clk_i,
      .rst_i,
      .s_tdata_i      (mu_tdata),
      .s_tkeep_i      (mu_tkeep),
      .s_tlast_i      (mu_tlast),
      .s_tvalid_i     (mu_tvalid && !u_hold),
      .s_tready_o     (u_sready),
      .s_qp_i         (u_qp),
      .s_len_i        (mu_len),
      .s_off_i        (mu_off),
      .s_end_i        (mu_end),
      .s_cont_i       (u_cont),
      .ctx_rts_i      (rx_on(qc_st[u_qp])),
      .ctx_err_i      (dctx_i.err || qc_st[u_qp] == 8'(wn_abi_pkg::QP_STATE_ERROR)),
      .ctx_pd_i       (qc_pd[u_qp]),
      .ctx_msn0_i     (dctx_i.msn0),
      .ctx_msn1_i     (dctx_i.msn1),
      .ctx_ird_i      (qc_ird[u_qp]),
      .ctx_irdu_i     (dctx_i.irdu - irdd_q[u_qp]),
      .ctx_hcnt_i     (dctx_i.hcnt),
      .ctx_hbuf_i     (dctx_i.hbuf),
      .ctx_tact_i     (dctx_i.tact),
      .ctx_top_i      (dctx_i.top),
      .ctx_uact_i     (dctx_i.uact),
      .ctx_uop_i      (dctx_i.uop),
      .ctx_umo_i      (dctx_i.umo),
      .ctx_uaddr_i    (dctx_i.uaddr),
      .ctx_ulen_i     (dctx_i.ulen),
      .ctx_ublen_i    (dctx_i.ublen),
      .ctx_usge_i     (dctx_i.usge),
      .ctx_usoff_i    (dctx_i.usoff),
      .ctx_splace_i   (dctx_i.splace),
      .ctx_skind_i    (dctx_i.skind),
      .ctx_slen_i     (dctx_i.slen),
      .ctx_saddr_i    (dctx_i.saddr),
      .ctx_valid_o    (dctx_v),
      .ctx_qp_o       (dctx_qp),
      .ctx_rreq_o     (d_rreq),
      .ctx_rts_o      (d_rts_o),
      .ctx_err_o      (dctx_o.err),
      .ctx_pd_o       (d_pd_o),
      .ctx_msn0_o     (dctx_o.msn0),
      .ctx_msn1_o     (dctx_o.msn1),
      .ctx_ird_o      (d_ird_o),
      .ctx_irdu_o     (dctx_o.irdu),
      .ctx_hcnt_o     (dctx_o.hcnt),
      .ctx_hbuf_o     (dctx_o.hbuf),
      .ctx_tact_o     (dctx_o.tact),
      .ctx_top_o      (dctx_o.top),
      .ctx_uact_o     (dctx_o.uact),
      .ctx_uop_o      (dctx_o.uop),
      .ctx_umo_o      (dctx_o.umo),
      .ctx_uaddr_o    (dctx_o.uaddr),
      .ctx_ulen_o     (dctx_o.ulen),
      .ctx_ublen_o    (dctx_o.ublen),
      .ctx_usge_o     (dctx_o.usge),
      .ctx_usoff_o    (dctx_o.usoff),
      .ctx_splace_o   (dctx_o.splace),
      .ctx_skind_o    (dctx_o.skind),
      .ctx_slen_o     (dctx_o.slen),
      .ctx_saddr_o    (dctx_o.saddr),
      .st_valid_i     (mst_valid),
      .st_ready_o     (mst_ready),
      .st_qp_i        (mst_tag[QpW-1:0]),
      .st_len_i       (mst_len),
      .st_crc_ok_i    (mst_crc_ok),
      .st_err_i       (mst_err),
      .chk_valid_o    (dchk_valid),
      .chk_ready_i    (dchk_ready),
      .chk_stag_o     (dchk_stag),
      .chk_to_o       (dchk_to),
      .chk_len_o      (dchk_len),
      .chk_pd_o       (dchk_pd),
      .chk_access_o   (dchk_access),
      .chk_rsp_valid_i(dchk_rsp_valid),
      .chk_rsp_ok_i   (chk_rsp_ok),
      .chk_rsp_err_i  (chk_rsp_err),
      .chk_rsp_addr_i (chk_rsp_addr),
      .rb_req_valid_o (rb_req_valid),
      .rb_req_ready_i (rb_req_ready),
      .rb_req_qp_o    (rb_req_qp),
      .rb_req_msn_o   (rb_req_msn),
      .rb_rsp_valid_i (rb_rsp_valid),
      .rb_rsp_ok_i    (rb_rsp_ok),
      .rb_rsp_addr_i  (rb_rsp_addr),
      .rb_rsp_len_i   (rb_rsp_len),
      .rb_off_valid_i (rb_off_valid),
      .rb_off_qp_i    (q_qp),
      .rb_take_o      (rb_take),
      .m_wr_valid_o   (mw_valid),
      .m_wr_ready_i   (mw_ready),
      .m_wr_qp_o      (mw_qp),
      .m_wr_addr_o    (mw_addr),
      .m_wr_len_o     (mw_len),
      .m_wr_data_o    (mw_data),
      .m_wr_keep_o    (mw_keep),
      .rinv_valid_o   (rinv_valid),
      .rinv_ready_i   (rinv_ready),
      .rinv_stag_o    (rinv_stag),
      .rinv_pd_o      (rinv_pd),
      .rinv_done_i    (rinv_done),
      .rinv_status_i  (rinv_status),
      .cpl_valid_o    (dc_valid),
      .cpl_ready_i    (dc_ready),
      .cpl_qp_o       (dc_qp),
      .cpl_opcode_o   (dc_opcode),
      .cpl_len_o      (dc_len),
      .cpl_se_o       (dc_se),
      .cpl_inv_o      (dc_inv),
      .cpl_inv_stag_o (dc_inv_stag),
      .cpl_imm_o      (dc_imm),
      .cpl_imm_data_o (dc_imm_data),
      .cpl_status_o   (dc_status),
      .rdc_valid_o    (d_rdc_valid),
      .rdc_ready_i    (rq_wready),
      .rdc_qp_o       (d_rdc_qp),
      .rr_valid_o     (rr_valid_o),
      .rr_ready_i     (rr_ready_i),
      .rr_qp_o        (rr_qp_o),
      .rr_sink_stag_o (rr_sink_stag_o),
      .rr_sink_to_o   (rr_sink_to_o),
      .rr_addr_o      (rr_addr_o),
      .rr_len_o       (rr_len_o),
      .term_valid_o   (d_tm_valid),
      .term_ready_i   (d_tm_ready),
      .term_qp_o      (d_tm_qp),
      .term_rx_o      (d_tm_rx),
      .term_layer_o   (d_tm_layer),
      .term_etype_o   (d_tm_etype),
      .term_ecode_o   (d_tm_ecode),
      .term_hvalid_o  (d_tm_hvalid),
      .term_hlen_o    (d_tm_hlen),
      .term_hdr_o     (d_tm_hdr)
  );

  // ------------------------------------------------------------------
  // MR check port: wn_ddp_rx first, then the receive-queue unit; answers
  // come in order, a FIFO remembers whose
  logic        qchk_valid, qchk_ready, qchk_rsp_valid;
  logic [31:0] qchk_stag, qchk_len;
  logic [63:0] qchk_to;
  logic [15:0] qchk_pd;
  logic [1:0]  who_head;
  logic        who_valid, who_wready;
  logic [4:0]  who_count;
  // (the prefetcher's early checks last: code 3)
  logic        pchk_valid, pchk_ready, pchk_rsp_valid;
  logic [31:0] pchk_stag, pchk_len;
  logic [63:0] pchk_to;
  logic [15:0] pchk_pd;
  logic        q_or_p;
  assign q_or_p = qchk_valid;
  assign chk_valid = dchk_valid || tchk_valid_i || qchk_valid || pchk_valid;
  assign dchk_ready = chk_ready;
  assign tchk_ready_o = chk_ready && !dchk_valid;
  assign qchk_ready = chk_ready && !dchk_valid && !tchk_valid_i;
  assign pchk_ready = chk_ready && !dchk_valid && !tchk_valid_i && !qchk_valid;
  assign chk_stag = dchk_valid ? dchk_stag : (tchk_valid_i ? tchk_stag_i : (q_or_p ? qchk_stag : pchk_stag));
  assign chk_to = dchk_valid ? dchk_to : (tchk_valid_i ? tchk_to_i : (q_or_p ? qchk_to : pchk_to));
  assign chk_len = dchk_valid ? dchk_len : (tchk_valid_i ? tchk_len_i : (q_or_p ? qchk_len : pchk_len));
  assign chk_pd = dchk_valid ? dchk_pd : (tchk_valid_i ? tchk_pd_i : (q_or_p ? qchk_pd : pchk_pd));
  assign chk_access = dchk_valid ? dchk_access : (tchk_valid_i ? 3'b000 : 3'b001);
  wn_fifo #(
      .Width(2),
      .Depth(16)
  ) u_who (
      .clk_i,
      .rst_i,
      .wdata_i (dchk_valid ? 2'd0 : (tchk_valid_i ? 2'd1 : (q_or_p ? 2'd2 : 2'd3))),
      .wvalid_i(chk_valid && chk_ready),
      .wready_o(who_wready),
      .rdata_o (who_head),
      .rvalid_o(who_valid),
      .rready_i(chk_rsp_valid),
      .count_o (who_count)
  );
  assign dchk_rsp_valid = chk_rsp_valid && who_head == 2'd0;
  assign tchk_rsp_valid_o = chk_rsp_valid && who_head == 2'd1;
  assign tchk_rsp_ok_o = chk_rsp_ok;
  assign tchk_rsp_addr_o = chk_rsp_addr;
  assign qchk_rsp_valid = chk_rsp_valid && who_head == 2'd2;
  assign pchk_rsp_valid = chk_rsp_valid && who_head == 2'd3;

  // ------------------------------------------------------------------
  // receive-queue unit: buffer requests, then flushes of QPs in ERROR;
  // WQEs come from the prefetcher (wn_rq_prefetch, below)
  typedef enum logic [2:0] {
    QIdle, QHead, QChk, QWait, QAns, QFlHead, QFlCpl, QOff
  } qst_e;
  qst_e           q_st;
  logic [QpW-1:0] q_qp;
  logic [1023:0]  q_wqe;
  logic [2:0]     q_sge_q, q_nsge;
  logic           q_ok_q;
  logic [7:0]     q_status_q;
  logic [MaxSge*64-1:0] q_addr_q;
  logic [MaxSge*32-1:0] q_len_q;
  logic           q_cpl_valid, q_cpl_ready;
  logic [223:0]   q_cpl;
  logic           fl_taken;       // flushing a WQE already taken (wr_id kept)
  wn_abi_pkg::rdma_sge_t q_sge;
  // the prefetcher's side
  logic           pq_want, pq_head_valid, pq_head_err, pq_head_ok, pq_pop, pq_hold;
  logic [639:0]   pq_head_wqe;
  logic [MaxSge*64-1:0] pq_head_addr;
  logic [MaxSge*32-1:0] pq_head_len;

  assign q_nsge = (q_wqe[wn_abi_pkg::RDMA_RQ_WQE_NUM_SGE_LSB +: 8] > 8'd4) ? 3'd4 :
                  q_wqe[wn_abi_pkg::RDMA_RQ_WQE_NUM_SGE_LSB +: 3];
  assign q_sge = q_wqe[wn_abi_pkg::RDMA_RQ_WQE_SGE0_LSB + 32'(q_sge_q) * 128 +: 128];
  // the offer: the WQE at the consumer index of the QP whose Sends came
  // last (pre_qp_q), taken from the prefetcher and checked before the
  // Send that needs it, handed to wn_ddp_rx without a request (QOff). It
  // is checked again after a change of the MR table, withdrawn (the
  // consumer index unmoved) for a request of another QP, a QP that stops
  // receiving, any QP_MODIFY or a QP to flush; a failed check is not
  // offered (the Send's request checks it again, and it completes in error
  // as before)
  logic           pre_v_q, pre_blk_q, q_pre_q, q_stale_q;
  logic [QpW-1:0] pre_qp_q;
  logic           pre_cond, pre_want, q_mr_chg, q_qm, q_off_drop;
  // room for one more taken WQE of a QP
  function automatic logic wr_room(input logic [15:0] ci, input logic [15:0] cc);
    wr_room = (ci - cc) < 16'(WridN);
  endfunction
  assign q_mr_chg = ctl_done || rinv_done;
  assign q_qm = busy_q && cop_q == 8'(wn_abi_pkg::RDMA_CMD_QP_MODIFY);
  assign pre_cond = q_st == QIdle && !rb_req_valid && !scan_hit && pre_v_q && !pre_blk_q && !q_qm &&
                    rx_on(qc_st[pre_qp_q]) && rq_ci[pre_qp_q] != rq_pi[pre_qp_q] &&
                    wr_room(rq_ci[pre_qp_q], rq_cc[pre_qp_q]) && pq_cur == pre_qp_q;
  // an entry the host refused is left for the request (WQE_FETCH_ERR)
  assign pre_want = pre_cond && !(pq_head_valid && pq_head_err);
  assign q_off_drop = rb_req_valid || !rx_on(qc_st[q_qp]) || q_qm || scan_hit;
  assign rb_off_valid = q_st == QOff;
  // a request waits while its QP has WQEs but no room for another taken one
  assign rb_req_ready = (q_st == QIdle && !(rx_on(qc_st[rb_req_qp]) && rq_ci[rb_req_qp] != rq_pi[rb_req_qp] &&
                                            !wr_room(rq_ci[rb_req_qp], rq_cc[rb_req_qp]))) ||
                        (q_st == QOff && !rb_take && rb_req_qp == q_qp);
  assign rb_rsp_valid = q_st == QAns;
  assign rb_rsp_ok = q_ok_q;
  assign rb_rsp_addr = q_addr_q;
  assign rb_rsp_len = q_len_q;
  // waiting for the WQE at the consumer index (a request that finds it
  // ready is answered the next cycle); taking it
  logic           rb_go;
  logic [QpW-1:0] pq_qp;
  assign rb_go = q_st == QIdle && rb_req_valid && rb_req_ready && rx_on(qc_st[rb_req_qp]) &&
                 rq_ci[rb_req_qp] != rq_pi[rb_req_qp];
  assign pq_want = q_st == QHead || q_st == QFlHead || rb_go || pre_want;
  assign pq_qp = (q_st != QIdle) ? q_qp : (rb_req_valid ? rb_req_qp : pre_qp_q);
  assign pq_pop = pq_want && pq_head_valid;
  // a WQE taken from the prefetcher, the consumer index not yet moved
  assign pq_hold = q_st == QChk || q_st == QWait || q_st == QAns || q_st == QOff ||
                   (q_st == QFlCpl && !fl_taken);
  assign qchk_valid = q_st == QChk && q_sge.len != 32'd0;
  assign qchk_stag = q_sge.lkey;
  assign qchk_to = q_sge.addr;
  assign qchk_len = q_sge.len;
  assign qchk_pd = qc_pd[q_qp];
  assign cnt_rd_err_o = rd_rsp_valid_i && rd_last_i && rd_err_i;

  // flush candidates: a QP in ERROR with WQEs not completed. A WQE taken
  // by a Send is flushed only when no record of its QP can still come out
  // of wn_ddp_rx (scan_busy): the Sends it holds complete first, in order,
  // with their own status, and the flush takes the WQEs after them; a
  // completion never lands on the WQE after its own
  logic [QpW-1:0] scan_q;
  logic           scan_hit;
  // records of a QP that may still come out of wn_ddp_rx: its packets in
  // there, a buffer handed to a Send whose first beat is not in yet, and
  // the completions in wn_ddp_rx's FIFO (of any QP); a packet of the QP
  // that comes after it entered ERROR loads its context in error (the
  // chain is broken) and records nothing
  logic scan_busy, qm_busy;
  assign scan_busy = (dpend_q != 6'd0 && last_dqp_q == scan_q) || rb_ans_q || dc_valid;
  assign qm_busy = (dpend_q != 6'd0 && last_dqp_q == a_qp) || rb_ans_q || dc_valid;
  assign scan_hit = qc_st[scan_q] == 8'(wn_abi_pkg::QP_STATE_ERROR) && rq_cc[scan_q] != rq_pi[scan_q] &&
                    !(rq_cc[scan_q] != rq_ci[scan_q] && scan_busy);

  // ------------------------------------------------------------------
  // completions: the receive-queue unit's (errors, flushes) and wn_ddp_rx's
  logic [223:0] d_cpl;
  logic [15:0]  dc_idx;
  assign dc_idx = rq_cc[dc_qp];
  always_comb begin
    logic [7:0] fl;
    logic [63:0] imm;
    fl = (dc_se ? wn_abi_pkg::CQE_FLAGS_SE : 8'd0) | (dc_inv ? wn_abi_pkg::CQE_FLAGS_INV : 8'd0) |
         (dc_imm ? wn_abi_pkg::CQE_FLAGS_IMM : 8'd0);
    imm = dc_imm ? dc_imm_data : (dc_inv ? {32'd0, dc_inv_stag} : 64'd0);
    d_cpl = {fl, imm, qc_rcq[dc_qp], 16'(dc_qp), dc_idx, wrid[{dc_qp, dc_idx[WridW-1:0]}], dc_len,
             dc_imm ? 8'(wn_abi_pkg::CQE_OPCODE_RDMA_RECV_IMM) : 8'(wn_abi_pkg::CQE_OPCODE_RDMA_RECV),
             (dc_status == 2'd0) ? 8'(wn_abi_pkg::CQE_STATUS_SUCCESS) : 8'(wn_abi_pkg::CQE_STATUS_REM_ACCESS_ERR)};
  end

  // placement writes: host blocks joined into writes of up to 256 bytes
  // (the PCIe max payload) that never cross a 256-byte boundary; a
  // ticket counts them for the completions
  // blocks handed in (the completions' ticket) and written
  logic [15:0] w_blocks_q, w_done;
  always_ff @(posedge clk_i) begin
    if (rst_i) w_blocks_q <= 16'd0;
    else if (mw_valid && mw_ready) w_blocks_q <= w_blocks_q + 16'd1;
  end
  // a FIFO first: wn_ddp_rx's next address depends on its ready
  logic [64+64+7+512-1:0] bq_head;
  logic                bq_valid, bq_ready;
  logic [3:0]          bq_count;
  wn_fifo #(
      .Width(64 + 64 + 7 + 512),
      .Depth(8)
  ) u_bq (
      .clk_i,
      .rst_i,
      .wdata_i ({mw_keep, mw_addr, mw_len, mw_data}),
      .wvalid_i(mw_valid),
      .wready_o(mw_ready),
      .rdata_o (bq_head),
      .rvalid_o(bq_valid),
      .rready_i(bq_ready),
      .count_o (bq_count)
  );
  wn_wr_merge #(
      .Window(256)
  ) u_merge (
      .clk_i,
      .rst_i,
      .s_valid_i (bq_valid),
      .s_ready_o (bq_ready),
      .s_addr_i  (bq_head[582:519]),
      .s_len_i   (bq_head[518:512]),
      .s_data_i  (bq_head[511:0]),
      .s_keep_i  (bq_head[646:583]),
      .m_addr_o  (wr_addr_o),
      .m_len_o   (wr_len_o),
      .m_data_o  (wr_data_o),
      .m_last_o  (wr_last_o),
      .m_valid_o (wr_valid_o),
      .m_ready_i (wr_ready_i),
      .done_o    (w_done)
  );
  assign cnt_wr_err_o = wr_done_valid_i && wr_done_err_i;

  // the ticket of a record: the placement blocks handed in so far, this
  // cycle's included
  logic [15:0] w_ticket;
  assign w_ticket = w_blocks_q + {15'd0, mw_valid && mw_ready};

  // a READ's end waits for its data like a completion (the requester's
  // CQE must not overtake the READ RESPONSE's bytes); a full FIFO holds
  // wn_ddp_rx back rather than losing the end
  logic           d_rdc_valid, rq_wready, rq_rel, rdc_drop;
  logic [QpW-1:0] d_rdc_qp;
  logic [4:0]     rq_count;
  wn_ticket_fifo #(
      .Width(QpW),
      .Depth(16)
  ) u_rdcq (
      .clk_i,
      .rst_i,
      .wdata_i (d_rdc_qp),
      .ticket_i(w_ticket),
      .wvalid_i(d_rdc_valid),
      .wready_o(rq_wready),
      .done_i  (w_done),
      .rdata_o (rdc_qp_o),
      .rvalid_o(rq_rel),
      .rready_i(rdc_ready_i || rdc_drop),
      .count_o (rq_count)
  );
  // the end of a READ of a QP no longer receiving (ERROR, or reset since)
  // is dropped: the transmit side flushes that Read (FLUSHED) rather than
  // have the end complete the Read after it. The QP's state reaches the
  // transmit side a cycle after it changes here, so every end it was
  // given before is in its FIFO when it starts flushing
  assign rdc_drop = rq_rel && !rx_on(qc_st[rdc_qp_o]);
  assign rdc_valid_o = rq_rel && !rdc_drop;

  // every completion waits for its ticket in one FIFO: wn_ddp_rx's first,
  // then the receive-queue unit's (flushes, errors), so a flush never
  // overtakes a completion written before it
  logic [223:0] dq_head;
  logic         dq_wready, dq_rel, dq_pop;
  logic [4:0]   dq_count;
  assign dc_ready = dq_wready;
  wn_ticket_fifo #(
      .Width(224),
      .Depth(16)
  ) u_dq (
      .clk_i,
      .rst_i,
      .wdata_i (dc_valid ? d_cpl : q_cpl),
      .ticket_i(w_ticket),
      .wvalid_i(dc_valid || q_cpl_valid),
      .wready_o(dq_wready),
      .done_i  (w_done),
      .rdata_o (dq_head),
      .rvalid_o(dq_rel),
      .rready_i(dq_pop),
      .count_o (dq_count)
  );
  assign cpl_o = dq_head;
  assign cpl_valid_o = dq_rel;
  assign dq_pop = dq_rel && cpl_ready_i;
  assign q_cpl_ready = dq_wready && !dc_valid;

  // ------------------------------------------------------------------
  // Terminates: the QP enters ERROR, a QP_ERROR event to EQ 0
  logic [63:0] evq_head;
  logic        evq_valid, evq_wready;
  logic [3:0]  evq_count;
  assign term_info = {tm_rx ? 8'(wn_abi_pkg::CPL_TERM_ORIGIN_PEER) : 8'(wn_abi_pkg::CPL_TERM_ORIGIN_HARDWARE),
                      4'd0, tm_layer, 4'd0, tm_etype, tm_ecode};
  // a send work request completed in error (serr_*): the QP enters ERROR
  // and sends a Terminate RDMAP / local catastrophic error (RFC 5040 §7.1,
  // no DDP header), if it is still sending (RTS or SQD)
  assign tm_valid = d_tm_valid || serr_valid_i;
  assign tm_qp = d_tm_valid ? d_tm_qp : serr_qp_i;
  assign tm_rx = d_tm_valid && d_tm_rx;
  assign tm_layer = d_tm_valid ? d_tm_layer : 4'(wn_abi_pkg::TERM_LAYER_RDMAP);
  assign tm_etype = d_tm_valid ? d_tm_etype : 4'(wn_abi_pkg::TERM_ETYPE_RDMAP_LOCAL_CATASTROPHIC);
  assign tm_ecode = d_tm_valid ? d_tm_ecode : 8'd0;
  assign tm_hvalid = d_tm_valid && d_tm_hvalid;
  assign tm_hlen = d_tm_hlen;
  assign tm_hdr = d_tm_hdr;
  assign tm_ready = evq_wready;
  assign d_tm_ready = evq_wready;
  assign serr_ready_o = evq_wready && !d_tm_valid;
  assign term_set = tm_valid && tm_ready && qc_st[tm_qp] != 8'(wn_abi_pkg::QP_STATE_ERROR) &&
                    (d_tm_valid || qc_st[tm_qp] == 8'(wn_abi_pkg::QP_STATE_RTS) ||
                     qc_st[tm_qp] == 8'(wn_abi_pkg::QP_STATE_SQD));
  assign term_qp_w = tm_qp;
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
  // the receive-queue unit
  logic [7:0] bad_st [NumQp];   // status for the next flushed WQE (a failed take)
  logic       q_take, q_ci_inc, q_cc_inc, q_bad_set;
  logic [7:0] q_bad_val;
  logic       dc_acc;
  // a Send longer than the buffer it took (our Terminate DDP/untagged/
  // MSG_TOO_LONG, RFC 5041 §7.2): that WQE, the last one taken, completes
  // LOC_LEN_ERR (IBV_WC_LOC_LEN_ERR) instead of FLUSHED
  logic [NumQp-1:0] lenerr_q;
  logic       tm_lenerr, q_lenerr;
  logic [7:0] q_fl_st;
  assign tm_lenerr = !tm_rx && tm_layer == wn_abi_pkg::TERM_LAYER_DDP &&
                     tm_etype == wn_abi_pkg::TERM_ETYPE_DDP_UNTAGGED_BUFFER &&
                     tm_ecode == wn_abi_pkg::TERM_ECODE_DDP_UNTAGGED_MSG_TOO_LONG;
  assign q_lenerr = fl_taken && lenerr_q[q_qp] && rq_cc[q_qp] + 16'd1 == rq_ci[q_qp];
  assign dc_acc = dc_valid && dc_ready;
  always_comb begin
    if (q_lenerr) q_fl_st = 8'(wn_abi_pkg::CQE_STATUS_LOC_LEN_ERR);
    else if (bad_st[q_qp] != 8'd0 && !fl_taken) q_fl_st = bad_st[q_qp];
    else q_fl_st = 8'(wn_abi_pkg::CQE_STATUS_FLUSHED);
  end
  assign q_cpl_valid = q_st == QFlCpl;
  assign q_cpl = {8'd0, 64'd0, qc_rcq[q_qp], 16'(q_qp), rq_cc[q_qp],
                  fl_taken ? wrid[{q_qp, rq_cc[q_qp][WridW-1:0]}] : q_wqe[63:0], 32'd0,
                  8'(wn_abi_pkg::CQE_OPCODE_RDMA_RECV), q_fl_st};
  // the prefetched head WQE, taken for a buffer request: a fetch error is
  // answered at once, a WQE checked early (no change of the MR table
  // since) is used as it is, any other is checked now
  task automatic take_head();
    q_wqe <= {384'd0, pq_head_wqe};
    if (pq_head_err) begin
      q_ok_q <= 1'b0;
      q_status_q <= 8'(wn_abi_pkg::CQE_STATUS_WQE_FETCH_ERR);
      q_st <= QAns;
    end else if (pq_head_ok) begin
      q_ok_q <= 1'b1;
      q_addr_q <= pq_head_addr;
      q_len_q <= pq_head_len;
      q_st <= QAns;
    end else q_st <= QChk;
  endtask
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      q_st <= QIdle;
      q_qp <= '0;
      scan_q <= '0;
      q_sge_q <= 3'd0;
      q_ok_q <= 1'b0;
      q_status_q <= 8'd0;
      q_addr_q <= '0;
      q_len_q <= '0;
      q_wqe <= '0;
      fl_taken <= 1'b0;
      pre_v_q <= 1'b0;
      pre_blk_q <= 1'b0;
      pre_qp_q <= '0;
      q_pre_q <= 1'b0;
      q_stale_q <= 1'b0;
    end else begin
      if (rb_req_valid && rb_req_ready) begin
        pre_v_q <= 1'b1;
        pre_qp_q <= rb_req_qp;
        pre_blk_q <= 1'b0;
      end
      unique case (q_st)
        QIdle: begin
          if (rb_req_valid && !rb_req_ready) begin
            // waiting for room (completions of the QP's taken WQEs)
          end else if (rb_req_valid) begin
            q_pre_q <= 1'b0;
            q_qp <= rb_req_qp;
            q_addr_q <= '0;
            q_len_q <= '0;
            q_sge_q <= 3'd0;
            q_wqe <= {384'd0, pq_head_wqe};
            if (!rb_go) begin
              q_ok_q <= 1'b0;
              q_st <= QAns;
            end else if (!pq_head_valid) q_st <= QHead;
            else take_head();
          end else if (scan_hit) begin
            q_qp <= scan_q;
            fl_taken <= rq_cc[scan_q] != rq_ci[scan_q];
            q_st <= (rq_cc[scan_q] != rq_ci[scan_q]) ? QFlCpl : QFlHead;
          end else begin
            scan_q <= scan_q + 1'b1;
            if (pre_want && pq_head_valid) begin
              // the next buffer of the QP whose Sends come, before its Send
              q_qp <= pre_qp_q;
              q_sge_q <= 3'd0;
              q_wqe <= {384'd0, pq_head_wqe};
              q_pre_q <= 1'b1;
              q_stale_q <= 1'b0;
              if (pq_head_ok) begin
                q_addr_q <= pq_head_addr;
                q_len_q <= pq_head_len;
                q_st <= QOff;
              end else begin
                q_addr_q <= '0;
                q_len_q <= '0;
                q_st <= QChk;
              end
            end
          end
        end
        QOff: begin
          if (!scan_hit) scan_q <= scan_q + 1'b1;
          if (rb_take) q_st <= QIdle;
          else if (rb_req_valid && rb_req_qp == q_qp) begin
            // a request of the QP (made before the offer): answered with it
            q_ok_q <= 1'b1;
            q_st <= QAns;
          end else if (q_off_drop) q_st <= QIdle;
          else if (q_mr_chg) begin
            // checked before a change of the MR table: checked again
            q_sge_q <= 3'd0;
            q_addr_q <= '0;
            q_len_q <= '0;
            q_stale_q <= 1'b0;
            q_st <= QChk;
          end
        end
        QHead: if (pq_head_valid) take_head();
        QFlHead: if (pq_head_valid) begin
          q_wqe <= {384'd0, pq_head_wqe};
          q_st <= QFlCpl;
        end
        QChk: begin
          if (q_sge_q >= q_nsge && q_pre_q && (q_stale_q || q_mr_chg)) begin
            // the table changed during the check: again
            q_sge_q <= 3'd0;
            q_addr_q <= '0;
            q_len_q <= '0;
            q_stale_q <= 1'b0;
          end else if (q_sge_q >= q_nsge && q_pre_q) q_st <= QOff;
          else if (q_sge_q >= q_nsge) begin
            q_ok_q <= 1'b1;
            q_st <= QAns;
          end else if (q_sge.len == 32'd0) q_sge_q <= q_sge_q + 3'd1;
          else if (qchk_ready) q_st <= QWait;
        end
        QWait: if (qchk_rsp_valid) begin
          if (chk_rsp_ok) begin
            q_addr_q[32'(q_sge_q) * 64 +: 64] <= chk_rsp_addr;
            q_len_q[32'(q_sge_q) * 32 +: 32] <= q_sge.len;
            q_sge_q <= q_sge_q + 3'd1;
            q_st <= QChk;
          end else if (q_pre_q) begin
            // not offered: the Send's request reads and checks it again
            pre_blk_q <= 1'b1;
            q_st <= QIdle;
          end else begin
            q_ok_q <= 1'b0;
            q_status_q <= 8'(wn_abi_pkg::CQE_STATUS_LOC_PROT_ERR);
            q_st <= QAns;
          end
        end
        QAns: begin
          q_status_q <= 8'd0;
          q_st <= QIdle;
        end
        QFlCpl: if (q_cpl_ready) q_st <= QIdle;
        default: q_st <= QIdle;
      endcase
      if (q_pre_q && (q_st == QChk || q_st == QWait) && q_mr_chg) q_stale_q <= 1'b1;
    end
  end
  assign qm_hold = cop_q == 8'(wn_abi_pkg::RDMA_CMD_QP_MODIFY) && a_st == 8'(wn_abi_pkg::QP_STATE_RESET) &&
                   a_qp_ok && ((q_st != QIdle && q_qp == a_qp) || (txb_valid_i && txb_qp_i == a_qp) ||
                               qm_busy);
  assign cmd_fin = busy_q && !mr_go_q && !mr_wait_q && !qm_hold;

  // a buffer handed out: its wr_id kept, the consumer index on
  assign q_take = (q_st == QAns && q_ok_q) || (q_st == QOff && rb_take);
  assign q_bad_set = q_st == QAns && q_status_q != 8'd0;
  assign q_bad_val = q_status_q;
  assign q_ci_inc = q_take || (q_st == QFlCpl && q_cpl_ready && !fl_taken);
  assign q_cc_inc = q_st == QFlCpl && q_cpl_ready;
  // a buffer answered, or an offer taken by a piece before the beat's
  // last: the Send's first beat enters wn_ddp_rx (and is counted in
  // dpend_q) a cycle or more later
  always_ff @(posedge clk_i) begin
    if (rst_i) rb_ans_q <= 1'b0;
    else if (q_st == QAns || (rb_take && !(u_go && u_sop))) rb_ans_q <= 1'b1;
    else if (u_go && u_sop) rb_ans_q <= 1'b0;
  end

  // ------------------------------------------------------------------
  // the per-QP tables
  // a fresh QP's contexts: nothing received, MSNs 1 (RFC 5041 §5.3)
  mctx_t mctx_fresh;
  dctx_t dctx_fresh;
  always_comb begin
    mctx_fresh = '0;
    mctx_fresh.phase = arg_q[10][8:0];
    dctx_fresh = '0;
    dctx_fresh.msn0 = 32'd1;
    dctx_fresh.msn1 = 32'd1;
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      for (int i = 0; i < NumQp; i++) begin
        qc_st[i] <= '0;
        qc_pd[i] <= '0;
        qc_mulpdu[i] <= '0;
        qc_crc[i] <= '0;
        qc_mark[i] <= '0;
        qc_ird[i] <= '0;
        qc_rcq[i] <= '0;
        qc_rq_log[i] <= '0;
        qc_rq_base[i] <= '0;
        qc_err[i] <= '0;
        rq_pi[i] <= 16'd0;
        sq_pi[i] <= 16'd0;
        rq_ci[i] <= 16'd0;
        rq_cc[i] <= 16'd0;
        rx_msgs[i] <= 32'd0;
        bad_st[i] <= 8'd0;
        mctx[i] <= '0;
        dctx[i] <= '0;
      end
      lenerr_q <= '0;
    end else begin
      if (mctx_v) mctx[mctx_tag[QpW-1:0]] <= mctx_o;
      if (dctx_v) dctx[dctx_qp] <= dctx_o;
      if (db_we) begin
        if (db_rq) rq_pi[db_qp] <= reg_wdata_i[15:0];
        else sq_pi[db_qp] <= reg_wdata_i[15:0];
      end
      if (q_take) wrid[{q_qp, rq_ci[q_qp][WridW-1:0]}] <= q_wqe[63:0];
      if (q_bad_set) bad_st[q_qp] <= q_bad_val;
      if (q_cc_inc && !fl_taken) bad_st[q_qp] <= 8'd0;
      if (q_ci_inc) rq_ci[q_qp] <= rq_ci[q_qp] + 16'd1;
      if (dc_acc) begin
        rq_cc[dc_qp] <= rq_cc[dc_qp] + 16'd1;
        rx_msgs[dc_qp] <= rx_msgs[dc_qp] + 32'd1;
      end
      if (q_cc_inc) rq_cc[q_qp] <= rq_cc[q_qp] + 16'd1;
      if (q_cc_inc && q_lenerr) lenerr_q[q_qp] <= 1'b0;
      if (term_set) begin
        qc_st[term_qp_w] <= 8'(wn_abi_pkg::QP_STATE_ERROR);
        qc_err[term_qp_w] <= term_info;
        if (tm_lenerr) lenerr_q[term_qp_w] <= 1'b1;
      end
      // a command, in its last busy cycle
      if (cmd_fin && cop_q == 8'(wn_abi_pkg::RDMA_CMD_QP_MODIFY) &&
          a_qp_ok && trans_ok) begin
        qc_st[a_qp] <= a_st;
        if (a_st == 8'(wn_abi_pkg::QP_STATE_INIT) && a_set) begin
          qc_pd[a_qp] <= arg_q[2][15:0];
          qc_mulpdu[a_qp] <= arg_q[3][15:0];
          qc_crc[a_qp] <= arg_q[3][16];
          qc_mark[a_qp] <= arg_q[3][17];
          qc_ird[a_qp] <= arg_q[3][31:24];
          qc_rcq[a_qp] <= arg_q[4][23:16];
          qc_rq_log[a_qp] <= arg_q[4][27:24];
          qc_rq_base[a_qp] <= {arg_q[6], arg_q[5]};
          qc_err[a_qp] <= 32'd0;
          mctx[a_qp] <= mctx_fresh;
          dctx[a_qp] <= dctx_fresh;
          rq_pi[a_qp] <= 16'd0;
          sq_pi[a_qp] <= 16'd0;
          rq_ci[a_qp] <= 16'd0;
          rq_cc[a_qp] <= 16'd0;
          rx_msgs[a_qp] <= 32'd0;
          bad_st[a_qp] <= 8'd0;
          lenerr_q[a_qp] <= 1'b0;
        end
      end
    end
  end

  // to the transmit side: the set-up and every state change, registered
  logic qm_ok;
  assign qm_ok = cmd_fin && cop_q == 8'(wn_abi_pkg::RDMA_CMD_QP_MODIFY) && a_qp_ok &&
                 trans_ok;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      init_valid_o <= 1'b0;
      st_valid_o <= 1'b0;
    end else begin
      init_valid_o <= qm_ok && a_st == 8'(wn_abi_pkg::QP_STATE_INIT) && a_set;
      st_valid_o <= qm_ok || term_set;
    end
    init_qp_o <= a_qp;
    init_pd_o <= arg_q[2][15:0];
    init_scq_o <= arg_q[4][15:8];
    init_sq_base_o <= {arg_q[8], arg_q[7]};
    init_sq_log_o <= arg_q[4][31:28];
    init_tid_o <= arg_q[9][15:0];
    init_mulpdu_o <= arg_q[11][15:0];
    init_crc_o <= arg_q[3][16];
    init_mark_o <= arg_q[3][18];
    init_ord_o <= arg_q[4][7:0];
    init_start_o <= arg_q[12];
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

  // ------------------------------------------------------------------
  // the receive-WQE prefetcher
  logic [QpW-1:0] pq_cur, pq_scan;
  wn_rq_prefetch #(
      .NumQp(NumQp),
      .Batch(16),
      .Depth(64)
  ) u_rqpf (
      .clk_i,
      .rst_i,
      .cur_qp_o      (pq_cur),
      .cur_pi_i      (rq_pi[pq_cur]),
      .cur_base_i    (qc_rq_base[pq_cur]),
      .cur_log_i     (qc_rq_log[pq_cur]),
      .cur_ok_i      (rx_on(qc_st[pq_cur]) || qc_st[pq_cur] == 8'(wn_abi_pkg::QP_STATE_ERROR)),
      .scan_qp_o     (pq_scan),
      .scan_work_i   ((rx_on(qc_st[pq_scan]) || qc_st[pq_scan] == 8'(wn_abi_pkg::QP_STATE_ERROR)) &&
                      rq_pi[pq_scan] != rq_ci[pq_scan]),
      .scan_ci_i     (rq_ci[pq_scan]),
      .db_valid_i    (db_we && db_rq),
      .db_qp_i       (db_qp),
      .hold_valid_i  (pq_hold),
      .hold_qp_i     (q_qp),
      .drop_valid_i  (qm_ok),
      .drop_qp_i     (a_qp),
      .want_valid_i  (pq_want),
      .want_qp_i     (pq_qp),
      .want_idx_i    (rq_ci[pq_qp]),
      .head_valid_o  (pq_head_valid),
      .head_err_o    (pq_head_err),
      .head_ok_o     (pq_head_ok),
      .head_addr_o   (pq_head_addr),
      .head_len_o    (pq_head_len),
      .head_wqe_o    (pq_head_wqe),
      .head_pop_i    (pq_pop),
      .cur_pd_i      (qc_pd[pq_cur]),
      .chk_valid_o   (pchk_valid),
      .chk_ready_i   (pchk_ready),
      .chk_stag_o    (pchk_stag),
      .chk_to_o      (pchk_to),
      .chk_len_o     (pchk_len),
      .chk_pd_o      (pchk_pd),
      .chk_rsp_valid_i(pchk_rsp_valid),
      .chk_rsp_ok_i  (chk_rsp_ok),
      .chk_rsp_addr_i(chk_rsp_addr),
      .mr_change_i   (ctl_done || rinv_done),
      .rd_addr_o,
      .rd_len_o,
      .rd_valid_o,
      .rd_ready_i,
      .rd_data_i,
      .rd_err_i,
      .rd_last_i,
      .rd_rsp_valid_i,
      .rd_rsp_ready_o
  );

`ifndef SYNTHESIS
  // a WQE is taken only with room for its wr_id
  always_ff @(posedge clk_i) begin
    if (!rst_i && q_take && !wr_room(rq_ci[q_qp], rq_cc[q_qp]))
      $fatal(1, "wn_rdma_rx: more than WridN receive WQEs of a QP taken");
  end
  // a Send completes a WQE it took, one not completed yet
  always_ff @(posedge clk_i) begin
    if (!rst_i && dc_acc && rq_cc[dc_qp] == rq_ci[dc_qp])
      $fatal(1, "wn_rdma_rx: a receive completion with no WQE taken");
  end
`endif

  logic unused;
  assign unused = ^{d_rreq, d_rts_o, d_pd_o, d_ird_o, mw_qp, who_valid,
                    who_wready, who_count, bq_count, dq_count, rq_count, evq_count, mctx_crc_en_o, mctx_mark_en_o,
                    rb_req_msn, sq_pi[0], dc_opcode, db_off[15:QpW+3], db_off[1:0], mqp_lat_q[15:QpW],
                    mctx_tag[15:QpW], mst_tag[15:QpW], mu_tag[15:QpW]};
endmodule
