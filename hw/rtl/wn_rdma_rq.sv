// wn_rdma_rq: the receive-queue unit of wn_rdma_rx. It keeps each QP's
// receive ring (base and size from the QP's set-up, qs_*; RQ_PI from the
// doorbell, db_*; the consumer index: WQEs taken; WQEs completed) and hands
// wn_ddp_rx the posted buffers its Sends place into, with the wr_ids the
// receive completions report.
//
// WQEs (rdma_rq_wqe, 128 bytes) come from wn_rq_prefetch, which reads the
// posted WQEs of one QP ahead of need, 16 a DMA read with several reads in
// flight, and checks each scatter entry against the MR table (lkey, Tagged
// Offset, length, the QP's PD, LOCAL_WRITE) as it goes, keeping the host
// addresses. Between Sends the unit takes the WQE at the consumer index of
// the QP whose Sends came last from it (checked again first if its check is
// not trusted, below) and offers it to wn_ddp_rx (rb_off_*), whose next
// Send of that QP takes it without a request (rb_take_i), so back-to-back
// Sends do not wait for their buffers; the offer is checked again after a
// change of the MR table and withdrawn, the consumer index unmoved, for a
// request of another QP, a QP that stops receiving, any QP_MODIFY or a QP
// to flush (a WQE whose check fails is not offered). A receive buffer
// request of wn_ddp_rx (rb_req_*: {qp, msn} of a Send's first segment that
// found no offer) takes the WQE at the consumer index from it and is
// answered (rb_rsp_*: ok, the scatter list) the next cycle when that WQE is
// ready; a request for another QP repositions the prefetcher (its WQEs are
// dropped). A check made before a change of the MR table (mr_change_i: any
// MR_REG/MR_DEREG/MR_INV command, fast-register or local invalidate, or
// remote invalidation done since) is not trusted: that WQE's entries are
// checked again (qchk_*) before it is offered or taken, as is a WQE whose
// early check failed, so a buffer is only used if its region is valid when
// the Send takes it. A QP_MODIFY of the QP drops its prefetched WQEs
// (nothing read before a RESET or a re-initialisation is used). No posted
// WQE: "no buffer" (wn_ddp_rx sends the Terminate). A scatter entry that
// fails its check or a WQE the host refuses completes that WQE in error
// (LOC_PROT_ERR, WQE_FETCH_ERR) and answers "no buffer" too. The WQE's
// wr_id is kept for the completion, 8 per QP: a QP with 8 WQEs taken and
// not completed takes no more (an offer waits, a request waits for room)
// until a completion.
//
// Completions: wn_ddp_rx's receive completions of QP dc_qp_i use the WQE
// at its completion index (dc_idx_o, dc_wrid_o) and move that index on
// (dc_acc_i, also counting the QP's messages received). dc_nqp_i is the QP
// of the completion shown after the clock edge: the wr_ids are in block
// RAM, read a cycle ahead. A QP in ERROR
// completes its WQEs as FLUSHED (cpl_*: an rdma_cqe record with the QP's
// receive CQ, looked up by the parent at q_qp_o), the taken ones first,
// then the posted ones (each from the prefetcher, for its wr_id), one at a
// time when the unit is idle; but the WQE a Send too long for it took (our
// Terminate DDP untagged buffer error, message too long: err_lenerr_i)
// completes LOC_LEN_ERR, as verbs report it. A taken WQE is flushed only
// once none of its QP's packets is in wn_ddp_rx (scan_inflt_i for the QP at
// scan_qp_o, cmd_inflt_i for cmd_qp_i),
// no buffer handed out waits for its Send's first beat (dsop_i: a first
// beat entered) and wn_ddp_rx's completion FIFO is empty (dc_valid_i), so
// every receive WQE completes once, in order, with its own wr_id. The same
// condition for the QP of a QP_MODIFY to RESET (cmd_qp_i) holds the command
// (hold_o).
//
// QP_QUERY reads RQ_PI, the WQEs completed and the messages received of
// cmd_qp_i (qry_*). Latency: an offered buffer is taken in the Send's
// decision cycle; a request that finds its WQE ready is answered the next
// cycle; a WQE checked again costs a check per scatter entry (3 cycles
// each). Throughput: one buffer per cycle from the offers. Reset clears
// the unit, then every ring (all indices 0) in a sweep of NumQp cycles,
// the unit held in reset meanwhile. Parameters: NumQp a power of two
// 2..1024.
module wn_rdma_rq #(
    parameter int NumQp = 64,
    localparam int QpW = $clog2(NumQp),
    localparam int MaxSge = 4
) (
    input  logic                 clk_i,
    input  logic                 rst_i,
    // the QPs' states: receiving, ERROR (wn_rdma_ctrl)
    input  logic [NumQp-1:0]     qp_rx_i,
    input  logic [NumQp-1:0]     qp_err_i,
    // a QP set up: its receive ring
    input  logic                 qs_valid_i,
    input  logic [QpW-1:0]       qs_qp_i,
    input  logic [3:0]           qs_rq_log_i,
    input  logic [63:0]          qs_rq_base_i,
    // RQ_PI doorbells
    input  logic                 db_valid_i,
    input  logic [QpW-1:0]       db_qp_i,
    input  logic [15:0]          db_pi_i,
    // a QP_MODIFY under way, done; the command's QP
    input  logic                 qm_busy_i,
    input  logic                 qm_done_i,
    input  logic [QpW-1:0]       cmd_qp_i,
    // records of cmd_qp_i may still come out of wn_ddp_rx; QP_QUERY
    output logic                 hold_o,
    output logic [15:0]          qry_pi_o,
    output logic [15:0]          qry_cc_o,
    output logic [31:0]          qry_msgs_o,
    // a QP entered ERROR (with our Terminate for a Send too long)
    input  logic                 err_set_i,
    input  logic [QpW-1:0]       err_qp_i,
    input  logic                 err_lenerr_i,
    // the parent's lookups: the PD of the prefetcher's QP; the PD and
    // receive CQ of the unit's QP (each QP after the clock edge too, for
    // tables read a cycle ahead)
    output logic [QpW-1:0]       cur_qp_o,
    output logic [QpW-1:0]       cur_qp_n_o,
    input  logic [15:0]          cur_pd_i,
    output logic [QpW-1:0]       q_qp_o,
    output logic [QpW-1:0]       q_qp_n_o,
    input  logic [15:0]          q_pd_i,
    input  logic [7:0]           q_rcq_i,
    // wn_ddp_rx's receive buffers: requests and offers
    input  logic                 rb_req_valid_i,
    output logic                 rb_req_ready_o,
    input  logic [QpW-1:0]       rb_req_qp_i,
    output logic                 rb_rsp_valid_o,
    output logic                 rb_rsp_ok_o,
    output logic [MaxSge*64-1:0] rb_rsp_addr_o,
    output logic [MaxSge*32-1:0] rb_rsp_len_o,
    output logic                 rb_off_valid_o,
    input  logic                 rb_take_i,
    // the receive path: packets of the flush scan's QP (scan_qp_o) and of
    // cmd_qp_i in wn_ddp_rx, a Send's first beat entering it, its
    // completion FIFO not empty
    output logic [QpW-1:0]       scan_qp_o,
    input  logic                 scan_inflt_i,
    input  logic                 cmd_inflt_i,
    input  logic                 dsop_i,
    input  logic                 dc_valid_i,
    // wn_ddp_rx's completions: the WQE they complete
    input  logic [QpW-1:0]       dc_qp_i,
    input  logic [QpW-1:0]       dc_nqp_i,
    input  logic                 dc_acc_i,
    output logic [15:0]          dc_idx_o,
    output logic [63:0]          dc_wrid_o,
    // the unit's completions (errors, flushes)
    output logic [223:0]         cpl_o,
    output logic                 cpl_valid_o,
    input  logic                 cpl_ready_i,
    // MR checks: the unit's (q) and the prefetcher's (p), answered in order
    output logic                 qchk_valid_o,
    input  logic                 qchk_ready_i,
    output logic [31:0]          qchk_stag_o,
    output logic [63:0]          qchk_to_o,
    output logic [31:0]          qchk_len_o,
    output logic [15:0]          qchk_pd_o,
    input  logic                 qchk_rsp_valid_i,
    output logic                 pchk_valid_o,
    input  logic                 pchk_ready_i,
    output logic [31:0]          pchk_stag_o,
    output logic [63:0]          pchk_to_o,
    output logic [31:0]          pchk_len_o,
    output logic [15:0]          pchk_pd_o,
    input  logic                 pchk_rsp_valid_i,
    input  logic                 chk_rsp_ok_i,
    input  logic [63:0]          chk_rsp_addr_i,
    input  logic                 mr_change_i,
    // DMA reads (receive WQEs)
    output wn_abi_pkg::dma_rd_req_t rd_req_o,
    input  logic                    rd_req_ready_i,
    input  wn_abi_pkg::dma_rd_rsp_t rd_rsp_i,
    output logic                    rd_rsp_ready_o
);
  // receive WQEs of a QP taken and not yet completed, at most (their
  // wr_ids are kept here for the completions)
  localparam int WridN = 8;
  localparam int WridW = $clog2(WridN);

  generate
    if (NumQp < 2 || NumQp > 1024 || (1 << QpW) != NumQp) begin : g_bad
      $fatal(1, "wn_rdma_rq: NumQp must be a power of two 2..1024");
    end
  endgenerate

  // ------------------------------------------------------------------
  // the per-QP tables' sweep after reset, the rest of the unit in reset
  // (rst) meanwhile: no QP is set up before it ends (wn_rdma_ctrl's)
  logic           clr, rst;
  logic [QpW-1:0] clr_qp;
  wn_sweep #(
      .Depth(NumQp)
  ) u_sweep (
      .clk_i,
      .rst_i,
      .clr_o(clr),
      .idx_o(clr_qp)
  );
  assign rst = rst_i || clr;

  // ------------------------------------------------------------------
  // the rings
  logic [15:0] rq_pi [NumQp];
  logic [15:0] rq_ci [NumQp];   // WQEs taken (buffers handed out, or completed in error)
  logic [15:0] rq_cc [NumQp];   // WQEs completed
  logic [31:0] rx_msgs [NumQp];
  logic [7:0]  bad_st [NumQp];   // status for the next flushed WQE (a failed take)
  // a Send longer than the buffer it took (our Terminate DDP/untagged/
  // MSG_TOO_LONG, RFC 5041 §7.2): that WQE, the last one taken, completes
  // LOC_LEN_ERR (IBV_WC_LOC_LEN_ERR) instead of FLUSHED
  logic [NumQp-1:0] lenerr_q;

  assign qry_pi_o = rq_pi[cmd_qp_i];
  assign qry_cc_o = rq_cc[cmd_qp_i];
  assign qry_msgs_o = rx_msgs[cmd_qp_i];
  assign dc_idx_o = rq_cc[dc_qp_i];

  // ------------------------------------------------------------------
  // the unit: buffer requests, then flushes of QPs in ERROR; WQEs come
  // from the prefetcher (wn_rq_prefetch, below)
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
  logic           fl_taken;       // flushing a WQE already taken (wr_id kept)
  wn_abi_pkg::rdma_sge_t q_sge;
  // the prefetcher's side
  logic           pq_want, pq_head_valid, pq_head_err, pq_head_ok, pq_pop, pq_hold;
  logic [639:0]   pq_head_wqe;
  logic [MaxSge*64-1:0] pq_head_addr;
  logic [MaxSge*32-1:0] pq_head_len;
  logic           q_take, q_ci_inc, q_cc_inc, q_bad_set;
  logic [7:0]     q_bad_val;
  logic           q_lenerr;
  logic [7:0]     q_fl_st;
  logic           rb_ans_q;         // a buffer handed out, its Send's first beat not in yet

  assign q_qp_o = q_qp;
  assign q_qp_n_o = q_qp_n;
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
  logic           pre_cond, pre_want, q_off_drop;
  // room for one more taken WQE of a QP
  function automatic logic wr_room(input logic [15:0] ci, input logic [15:0] cc);
    wr_room = (ci - cc) < 16'(WridN);
  endfunction
  assign pre_cond = q_st == QIdle && !rb_req_valid_i && !scan_hit && pre_v_q && !pre_blk_q && !qm_busy_i &&
                    qp_rx_i[pre_qp_q] && rq_ci[pre_qp_q] != rq_pi[pre_qp_q] &&
                    wr_room(rq_ci[pre_qp_q], rq_cc[pre_qp_q]) && pq_cur == pre_qp_q;
  // an entry the host refused is left for the request (WQE_FETCH_ERR)
  assign pre_want = pre_cond && !(pq_head_valid && pq_head_err);
  assign q_off_drop = rb_req_valid_i || !qp_rx_i[q_qp] || qm_busy_i || scan_hit;
  assign rb_off_valid_o = q_st == QOff;
  // a request waits while its QP has WQEs but no room for another taken one
  assign rb_req_ready_o = (q_st == QIdle && !(qp_rx_i[rb_req_qp_i] && rq_ci[rb_req_qp_i] != rq_pi[rb_req_qp_i] &&
                                              !wr_room(rq_ci[rb_req_qp_i], rq_cc[rb_req_qp_i]))) ||
                          (q_st == QOff && !rb_take_i && rb_req_qp_i == q_qp);
  assign rb_rsp_valid_o = q_st == QAns;
  assign rb_rsp_ok_o = q_ok_q;
  assign rb_rsp_addr_o = q_addr_q;
  assign rb_rsp_len_o = q_len_q;
  // waiting for the WQE at the consumer index (a request that finds it
  // ready is answered the next cycle); taking it
  logic           rb_go;
  logic [QpW-1:0] pq_qp, pq_cur, pq_scan;
  assign rb_go = q_st == QIdle && rb_req_valid_i && rb_req_ready_o && qp_rx_i[rb_req_qp_i] &&
                 rq_ci[rb_req_qp_i] != rq_pi[rb_req_qp_i];
  assign pq_want = q_st == QHead || q_st == QFlHead || rb_go || pre_want;
  assign pq_qp = (q_st != QIdle) ? q_qp : (rb_req_valid_i ? rb_req_qp_i : pre_qp_q);
  assign pq_pop = pq_want && pq_head_valid;
  // a WQE taken from the prefetcher, the consumer index not yet moved
  assign pq_hold = q_st == QChk || q_st == QWait || q_st == QAns || q_st == QOff ||
                   (q_st == QFlCpl && !fl_taken);
  assign qchk_valid_o = q_st == QChk && q_sge.len != 32'd0;
  assign qchk_stag_o = q_sge.lkey;
  assign qchk_to_o = q_sge.addr;
  assign qchk_len_o = q_sge.len;
  assign qchk_pd_o = q_pd_i;

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
  assign scan_qp_o = scan_q;
  assign scan_busy = scan_inflt_i || rb_ans_q || dc_valid_i;
  assign qm_busy = cmd_inflt_i || rb_ans_q || dc_valid_i;
  assign scan_hit = qp_err_i[scan_q] && rq_cc[scan_q] != rq_pi[scan_q] &&
                    !(rq_cc[scan_q] != rq_ci[scan_q] && scan_busy);
  assign hold_o = (q_st != QIdle && q_qp == cmd_qp_i) || qm_busy;

  // the unit's QP after this edge (q_qp's one assignment): a request taken,
  // a QP to flush, or the QP whose next buffer is offered
  logic [QpW-1:0] q_qp_n;
  always_comb begin
    q_qp_n = q_qp;
    if (rst) q_qp_n = '0;
    else if (q_st == QIdle) begin
      if (rb_req_valid_i) begin
        if (rb_req_ready_o) q_qp_n = rb_req_qp_i;
      end else if (scan_hit) q_qp_n = scan_q;
      else if (pre_want && pq_head_valid) q_qp_n = pre_qp_q;
    end
  end

  assign q_lenerr = fl_taken && lenerr_q[q_qp] && rq_cc[q_qp] + 16'd1 == rq_ci[q_qp];
  always_comb begin
    if (q_lenerr) q_fl_st = 8'(wn_abi_pkg::CQE_STATUS_LOC_LEN_ERR);
    else if (bad_st[q_qp] != 8'd0 && !fl_taken) q_fl_st = bad_st[q_qp];
    else q_fl_st = 8'(wn_abi_pkg::CQE_STATUS_FLUSHED);
  end
  assign cpl_valid_o = q_st == QFlCpl;
  assign cpl_o = {8'd0, 64'd0, q_rcq_i, 16'(q_qp), rq_cc[q_qp],
                  fl_taken ? fl_wrid : q_wqe[63:0], 32'd0,
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
    q_qp <= q_qp_n;
    if (rst) begin
      q_st <= QIdle;
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
      if (rb_req_valid_i && rb_req_ready_o) begin
        pre_v_q <= 1'b1;
        pre_qp_q <= rb_req_qp_i;
        pre_blk_q <= 1'b0;
      end
      unique case (q_st)
        QIdle: begin
          if (rb_req_valid_i && !rb_req_ready_o) begin
            // waiting for room (completions of the QP's taken WQEs)
          end else if (rb_req_valid_i) begin
            q_pre_q <= 1'b0;
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
            fl_taken <= rq_cc[scan_q] != rq_ci[scan_q];
            q_st <= (rq_cc[scan_q] != rq_ci[scan_q]) ? QFlCpl : QFlHead;
          end else begin
            scan_q <= scan_q + 1'b1;
            if (pre_want && pq_head_valid) begin
              // the next buffer of the QP whose Sends come, before its Send
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
          if (rb_take_i) q_st <= QIdle;
          else if (rb_req_valid_i && rb_req_qp_i == q_qp) begin
            // a request of the QP (made before the offer): answered with it
            q_ok_q <= 1'b1;
            q_st <= QAns;
          end else if (q_off_drop) q_st <= QIdle;
          else if (mr_change_i) begin
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
          if (q_sge_q >= q_nsge && q_pre_q && (q_stale_q || mr_change_i)) begin
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
          else if (qchk_ready_i) q_st <= QWait;
        end
        QWait: if (qchk_rsp_valid_i) begin
          if (chk_rsp_ok_i) begin
            q_addr_q[32'(q_sge_q) * 64 +: 64] <= chk_rsp_addr_i;
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
        QFlCpl: if (cpl_ready_i) q_st <= QIdle;
        default: q_st <= QIdle;
      endcase
      if (q_pre_q && (q_st == QChk || q_st == QWait) && mr_change_i) q_stale_q <= 1'b1;
    end
  end

  // a buffer handed out: its wr_id kept, the consumer index on
  assign q_take = (q_st == QAns && q_ok_q) || (q_st == QOff && rb_take_i);
  assign q_bad_set = q_st == QAns && q_status_q != 8'd0;
  assign q_bad_val = q_status_q;
  assign q_ci_inc = q_take || (q_st == QFlCpl && cpl_ready_i && !fl_taken);
  assign q_cc_inc = q_st == QFlCpl && cpl_ready_i;
  // a buffer answered, or an offer taken by a piece before the beat's
  // last: the Send's first beat enters wn_ddp_rx (and is counted in the
  // parent's packets in flight) a cycle or more later
  always_ff @(posedge clk_i) begin
    if (rst) rb_ans_q <= 1'b0;
    else if (q_st == QAns || (rb_take_i && !dsop_i)) rb_ans_q <= 1'b1;
    else if (dsop_i) rb_ans_q <= 1'b0;
  end

  // ------------------------------------------------------------------
  // the rings' tables: their places from the set-up (block RAM, one
  // writer, no reset: read a cycle ahead at the QP the prefetcher reads
  // next), then the indexes and counters
  logic [QpW-1:0] pq_cur_n;
  logic [63:0]    pq_base;
  logic [3:0]     pq_log;
  wn_ctx_ram #(
      .Depth(NumQp),
      .Width(68),
      .NumRd(1)
  ) u_ring (
      .clk_i,
      .rst_i  (rst),
      .we_i   (qs_valid_i),
      .waddr_i(qs_qp_i),
      .wdata_i({qs_rq_base_i, qs_rq_log_i}),
      .rd_i   (1'b1),
      .raddr_i(pq_cur_n),
      .rdata_o({pq_base, pq_log})
  );
`ifndef SYNTHESIS
  logic [QpW-1:0] pq_ra_q;
  always_ff @(posedge clk_i) begin
    pq_ra_q <= pq_cur_n;
    if (!rst) assert (pq_ra_q == pq_cur) else $error("wn_rdma_rq: the ring's place was read at another QP");
  end
`endif
  always_ff @(posedge clk_i) begin
    if (rst) begin
      // the sweep (and, during rst_i, any entry: it is swept again)
      rq_pi[clr_qp] <= 16'd0;
      rq_ci[clr_qp] <= 16'd0;
      rq_cc[clr_qp] <= 16'd0;
      rx_msgs[clr_qp] <= 32'd0;
      bad_st[clr_qp] <= 8'd0;
      lenerr_q <= '0;
    end else begin
      if (db_valid_i) rq_pi[db_qp_i] <= db_pi_i;
      if (q_bad_set) bad_st[q_qp] <= q_bad_val;
      if (q_cc_inc && !fl_taken) bad_st[q_qp] <= 8'd0;
      if (q_ci_inc) rq_ci[q_qp] <= rq_ci[q_qp] + 16'd1;
      if (dc_acc_i) begin
        rq_cc[dc_qp_i] <= rq_cc[dc_qp_i] + 16'd1;
        rx_msgs[dc_qp_i] <= rx_msgs[dc_qp_i] + 32'd1;
      end
      if (q_cc_inc) rq_cc[q_qp] <= rq_cc[q_qp] + 16'd1;
      if (q_cc_inc && q_lenerr) lenerr_q[q_qp] <= 1'b0;
      if (err_set_i && err_lenerr_i) lenerr_q[err_qp_i] <= 1'b1;
      if (qs_valid_i) begin
        rq_pi[qs_qp_i] <= 16'd0;
        rq_ci[qs_qp_i] <= 16'd0;
        rq_cc[qs_qp_i] <= 16'd0;
        rx_msgs[qs_qp_i] <= 32'd0;
        bad_st[qs_qp_i] <= 8'd0;
        lenerr_q[qs_qp_i] <= 1'b0;
      end
    end
  end

  // the wr_ids of the WQEs taken, 8 a QP (entry {qp, index mod WridN}), in
  // block RAM: written when a WQE is taken, read at the completion index
  // (rq_cc) by the receive completions (port 0) and the flush (port 1), a
  // cycle ahead: at the QP each will show after the edge (dc_nqp_i, q_qp_n)
  // and that QP's completion index after this cycle's writes (in the
  // priority of the always_ff above)
  logic [WridW-1:0]     cc_d_n, cc_q_n;
  logic [63:0]          fl_wrid;
  logic [2*(QpW+WridW)-1:0] wr_ra;
  function automatic logic [WridW-1:0] cc_next(input logic [QpW-1:0] q);
    cc_next = rq_cc[q][WridW-1:0];
    if (rst) begin
      if (clr_qp == q) cc_next = '0;
    end else begin
      if (dc_acc_i && dc_qp_i == q) cc_next = rq_cc[dc_qp_i][WridW-1:0] + 1'b1;
      if (q_cc_inc && q_qp == q) cc_next = rq_cc[q_qp][WridW-1:0] + 1'b1;
      if (qs_valid_i && qs_qp_i == q) cc_next = '0;
    end
  endfunction
  assign cc_d_n = cc_next(dc_nqp_i);
  assign cc_q_n = cc_next(q_qp_n);
  assign wr_ra = {q_qp_n, cc_q_n, dc_nqp_i, cc_d_n};
  wn_ctx_ram #(
      .Depth(NumQp * WridN),
      .Width(64),
      .NumRd(2)
  ) u_wrid (
      .clk_i,
      .rst_i  (rst),
      .we_i   (!rst && q_take),
      .waddr_i({q_qp, rq_ci[q_qp][WridW-1:0]}),
      .wdata_i(q_wqe[63:0]),
      .rd_i   (2'b11),
      .raddr_i(wr_ra),
      .rdata_o({fl_wrid, dc_wrid_o})
  );

  // ------------------------------------------------------------------
  // the receive-WQE prefetcher
  assign cur_qp_o = pq_cur;
  assign cur_qp_n_o = pq_cur_n;
  wn_rq_prefetch #(
      .NumQp(NumQp),
      .Batch(16),
      .Depth(64)
  ) u_rqpf (
      .clk_i,
      .rst_i(rst),
      .cur_qp_o       (pq_cur),
      .cur_qp_n_o     (pq_cur_n),
      .cur_pi_i       (rq_pi[pq_cur]),
      .cur_base_i     (pq_base),
      .cur_log_i      (pq_log),
      .cur_ok_i       (qp_rx_i[pq_cur] || qp_err_i[pq_cur]),
      .scan_qp_o      (pq_scan),
      .scan_work_i    ((qp_rx_i[pq_scan] || qp_err_i[pq_scan]) && rq_pi[pq_scan] != rq_ci[pq_scan]),
      .scan_ci_i      (rq_ci[pq_scan]),
      .db_valid_i     (db_valid_i),
      .db_qp_i        (db_qp_i),
      .hold_valid_i   (pq_hold),
      .hold_qp_i      (q_qp),
      .drop_valid_i   (qm_done_i),
      .drop_qp_i      (cmd_qp_i),
      .want_valid_i   (pq_want),
      .want_qp_i      (pq_qp),
      .want_idx_i     (rq_ci[pq_qp]),
      .head_valid_o   (pq_head_valid),
      .head_err_o     (pq_head_err),
      .head_ok_o      (pq_head_ok),
      .head_addr_o    (pq_head_addr),
      .head_len_o     (pq_head_len),
      .head_wqe_o     (pq_head_wqe),
      .head_pop_i     (pq_pop),
      .cur_pd_i       (cur_pd_i),
      .chk_valid_o    (pchk_valid_o),
      .chk_ready_i    (pchk_ready_i),
      .chk_stag_o     (pchk_stag_o),
      .chk_to_o       (pchk_to_o),
      .chk_len_o      (pchk_len_o),
      .chk_pd_o       (pchk_pd_o),
      .chk_rsp_valid_i(pchk_rsp_valid_i),
      .chk_rsp_ok_i   (chk_rsp_ok_i),
      .chk_rsp_addr_i (chk_rsp_addr_i),
      .mr_change_i    (mr_change_i),
      .rd_req_o,
      .rd_req_ready_i,
      .rd_rsp_i,
      .rd_rsp_ready_o
  );

`ifndef SYNTHESIS
  // the wr_ids used are the ones read a cycle ahead
  logic [2*(QpW+WridW)-1:0] wr_ra_q;
  always_ff @(posedge clk_i) begin
    wr_ra_q <= wr_ra;
    if (!rst) begin
      assert (!dc_valid_i || wr_ra_q[QpW+WridW-1:0] == {dc_qp_i, rq_cc[dc_qp_i][WridW-1:0]})
      else $error("wn_rdma_rq: a completion's wr_id was read at another place");
      assert (!(cpl_valid_o && fl_taken) || wr_ra_q[2*(QpW+WridW)-1:QpW+WridW] == {q_qp, rq_cc[q_qp][WridW-1:0]})
      else $error("wn_rdma_rq: a flush's wr_id was read at another place");
    end
  end
  // a WQE is taken only with room for its wr_id
  always_ff @(posedge clk_i) begin
    if (!rst && q_take && !wr_room(rq_ci[q_qp], rq_cc[q_qp]))
      $fatal(1, "wn_rdma_rq: more than WridN receive WQEs of a QP taken");
  end
  // a Send completes a WQE it took, one not completed yet
  always_ff @(posedge clk_i) begin
    if (!rst && dc_acc_i && rq_cc[dc_qp_i] == rq_ci[dc_qp_i])
      $fatal(1, "wn_rdma_rq: a receive completion with no WQE taken");
  end
`endif
endmodule
