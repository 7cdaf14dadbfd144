// wn_rq_prefetch: the receive-WQE prefetcher of wn_rdma_rq, the
// receive-queue unit. A wn_wqe_prefetch read engine reads one QP's posted
// receive WQEs (rdma_rq_wqe, 128 bytes, of which bytes 0..79 are kept) by
// DMA ahead of need, up to Batch WQEs in one read and several reads in
// flight, into a FIFO of Depth WQEs. A checker between that FIFO and a
// ready FIFO of 16 WQEs checks each WQE's scatter entries on the MR table's
// check port (chk_*: the QP's PD, LOCAL_WRITE) and keeps the host
// addresses; the unit takes the WQEs from the ready FIFO in ring order. The
// checker is pipelined: an issue stage asks for one entry's check a cycle
// (up to 8 answers outstanding or not yet used), the WQEs wait in order in
// a FIFO of 4 for their answers, which come in order, and a collect stage
// hands each WQE on with its last answer (answers still due for WQEs a
// repositioning drops are discarded). A change of the MR table
// (mr_change_i: any update or invalidation done) makes every check made
// before it stale: the WQEs in the checker and the ready FIFO at that
// moment are counted, and until they are taken head_ok_o stays low, so the
// unit checks them again at use; a region deregistered or invalidated
// after its check is never placed into. A failed check also leaves
// head_ok_o low (the unit's own check then decides, with the MR table as
// it is when the Send arrives).
//
// Entry: head_wqe_o (640 bits) rdma_rq_wqe bytes 0..79 (wr_id, num_sge,
// sge0..sge3), byte 0 in bits 7:0; head_ok_o: every used scatter entry
// passed, no change since; head_addr_o/head_len_o: entry i's host address
// and length in bits i*64 / i*32 (zero for unused ones); head_err_o: the
// host refused the read (IOMMU fault), the bytes are zero.
//
// Which QP: the unit asks for a WQE {want_qp_i, want_idx_i} (its consumer
// index) while it waits for one. If the FIFO's next WQE is that one,
// head_valid_o rises when it is there; otherwise the prefetcher is
// repositioned at once (FIFO emptied, reads in flight dropped) to read
// from that WQE on. Without a request it stays with its QP while it has
// WQEs in the FIFO or being read; then it scans the QPs (a doorbell's QP
// first) for one with posted WQEs not taken (scan_work_i, the parent's
// lookup of scan_qp_o: RQ_PI != consumer index and a state that receives
// or flushes) and starts there from the consumer index (scan_ci_i),
// except on the QP whose WQE the unit holds (hold_*: taken from the FIFO,
// consumer index not yet moved). A QP_MODIFY of the QP (drop_*) empties
// the FIFO and drops the reads in flight, so nothing read before a RESET
// or a re-initialisation is ever used. A refused read leaves an error
// entry for its first WQE not yet delivered; its other WQEs and the reads
// after it are dropped and read again.
//
// Frame format of a read response: beats of 64 bytes, two per WQE, in
// ring order. Latency: a WQE is offered after its second beat, the
// checker and its checks (the MR table's answer 3 cycles after the
// request; about 6 cycles from the FIFO to the ready FIFO for a WQE of
// one entry). Throughput: one read request per cycle while there is room
// (Depth counts the WQEs read or in flight; a read limited by room waits
// for half a batch; a producer index beyond the ring reads nothing), one
// response beat per cycle, one scatter entry checked per cycle (a WQE of
// one entry per cycle), one WQE taken per cycle. Reset clears the control
// state (never reset with reads in flight). Parameters: NumQp a power of
// two 2..1024; Batch and Depth as wn_wqe_prefetch (1..16 WQEs per read; a
// power of two, Batch..128).
module wn_rq_prefetch #(
    parameter int NumQp = 64,
    parameter int Batch = 16,
    parameter int Depth = 32,
    localparam int QpW = $clog2(NumQp)
) (
    input  logic           clk_i,
    input  logic           rst_i,
    // the QP being read, and its attributes (looked up by the parent; the
    // QP after the clock edge too, for tables read a cycle ahead)
    output logic [QpW-1:0] cur_qp_o,
    output logic [QpW-1:0] cur_qp_n_o,
    input  logic [15:0]    cur_pi_i,
    input  logic [63:0]    cur_base_i,
    input  logic [3:0]     cur_log_i,
    input  logic           cur_ok_i,
    // the scan for a QP with posted WQEs not taken
    output logic [QpW-1:0] scan_qp_o,
    input  logic           scan_work_i,
    input  logic [15:0]    scan_ci_i,
    input  logic           db_valid_i,
    input  logic [QpW-1:0] db_qp_i,
    // the unit holds a WQE of this QP taken from the FIFO
    input  logic           hold_valid_i,
    input  logic [QpW-1:0] hold_qp_i,
    // a QP_MODIFY of this QP: its prefetched WQEs are dropped
    input  logic           drop_valid_i,
    input  logic [QpW-1:0] drop_qp_i,
    // the WQE the unit waits for
    input  logic           want_valid_i,
    input  logic [QpW-1:0] want_qp_i,
    input  logic [15:0]    want_idx_i,
    output logic           head_valid_o,
    output logic           head_err_o,
    output logic           head_ok_o,
    output logic [255:0]   head_addr_o,
    output logic [127:0]   head_len_o,
    output logic [639:0]   head_wqe_o,
    input  logic           head_pop_i,
    // scatter-entry checks (wn_mr_table's check port, LOCAL_WRITE), and
    // any change of the table (an update or invalidation done)
    input  logic [15:0]    cur_pd_i,
    output logic           chk_valid_o,
    input  logic           chk_ready_i,
    output logic [31:0]    chk_stag_o,
    output logic [63:0]    chk_to_o,
    output logic [31:0]    chk_len_o,
    output logic [15:0]    chk_pd_o,
    input  logic           chk_rsp_valid_i,
    input  logic           chk_rsp_ok_i,
    input  logic [63:0]    chk_rsp_addr_i,
    input  logic           mr_change_i,
    // DMA reads
    output wn_abi_pkg::dma_rd_req_t rd_req_o,
    input  logic                    rd_req_ready_i,
    input  wn_abi_pkg::dma_rd_rsp_t rd_rsp_i,
    output logic                    rd_rsp_ready_o
);
  localparam int LenLsb = wn_abi_pkg::RDMA_SGE_LEN_LSB;

  generate
    if (NumQp < 2 || NumQp > 1024 || (1 << QpW) != NumQp) begin : g_bad_qp
      $fatal(1, "wn_rq_prefetch: NumQp must be a power of two 2..1024");
    end
  endgenerate

  logic           pf_run;
  logic [QpW-1:0] pf_qp, pf_scan;
  logic [15:0]    pf_base;    // the WQE at the FIFO's head (or next to enter it)
  logic [15:0]    pf_n;
  logic           pf_pick, pf_leave, pf_match, pf_idle, rw_fire, drop_hit, flush;
  // the FIFO of WQEs (the read engine's): {read refused, bytes 0..79}
  logic [639:0]   wq_wqe;
  logic           wq_valid, wq_err;
  logic           wq_pop;
  logic [QpW-1:0] wq_qp;
  logic [15:0]    wq_idx, pf_next;
  logic           pf_go;
  // the checker, pipelined: an issue stage takes the FIFO's WQEs one at a
  // time and asks for their scatter entries' checks, one a cycle; the
  // WQEs wait in order for their answers (in-check FIFO: {refused, checks
  // asked, bytes 0..79}), which come in order and are kept with the entry
  // they are for (answer FIFO: {entry, ok, host address}); a WQE with all
  // its answers enters the ready FIFO: {refused, ok, lens, addrs, bytes}
  logic           i_v_q, i_err_q;
  logic [639:0]   i_wqe_q;
  logic [2:0]     i_sge_q, i_nsge, i_cnt_q;
  logic           i_chk, i_adv, i_fin, i_load;
  wn_abi_pkg::rdma_sge_t i_s;
  typedef struct packed {
    logic           err;    // the read was refused
    logic [2:0]     cnt;    // checks asked for
    logic [639:0]   wqe;
  } kent_t;
  typedef struct packed {
    logic [1:0]     sge;    // the entry checked
    logic           ok;
    logic [63:0]    addr;
  } aent_t;
  kent_t          k_din, k_head;
  logic           k_valid, k_wready, k_pop;
  logic [2:0]     k_count;
  logic [2:0]     k_cnt, k_n_q;
  aent_t          a_din, a_head;
  logic           a_valid, a_wready, a_push, a_pop;
  logic [3:0]     a_count;
  logic [1:0]     t_head;
  logic           t_valid, t_wready;
  logic [3:0]     t_count;
  logic [3:0]     p_infl_q, p_drop_q;
  logic           p_credit, p_rsp_keep;
  logic           c_ok_q;
  logic [255:0]   c_addr_q, c_addr;
  logic           c_ok;
  logic [2:0]     c_nsge;
  logic [127:0]   c_len;
  logic [1025:0]  rq_din, rq_head;
  logic           rq_valid, rq_wready, rq_push;
  logic [4:0]     rq_count;
  // entries whose checks may predate a change of the MR table
  logic [5:0]     stale_q;

  assign cur_qp_o = pf_qp;
  assign cur_qp_n_o = rst_i ? '0 : rw_fire ? want_qp_i : drop_hit ? pf_qp : pf_pick ? pf_scan : pf_qp;
  assign scan_qp_o = pf_scan;
  assign pf_match = pf_run && pf_qp == want_qp_i && pf_base == want_idx_i;
  assign drop_hit = pf_run && drop_valid_i && drop_qp_i == pf_qp;
  assign rw_fire = want_valid_i && !pf_match && !drop_hit;
  assign flush = rw_fire || drop_hit;
  assign pf_pick = !pf_run && !want_valid_i && scan_work_i && !(hold_valid_i && hold_qp_i == pf_scan) &&
                   !(drop_valid_i && drop_qp_i == pf_scan);
  // nothing in the FIFO or in flight, and nothing to read now
  assign pf_leave = pf_run && pf_idle && !i_v_q && k_count == 3'd0 && rq_count == 5'd0 && !flush &&
                    (pf_n == 16'd0 || !cur_ok_i);

  logic pf_push, pf_err;
  logic [QpW-1:0] pf_push_qp;
  // the read engine: a read limited by the FIFO's room waits for room for
  // half a batch (HalfWait); a producer index beyond the ring reads nothing
  wn_wqe_prefetch #(
      .NumQp   (NumQp),
      .Batch   (Batch),
      .Depth   (Depth),
      .KeepW   (640),
      .Tagged  (0),
      .PiCheck (1),
      .HalfWait(1)
  ) u_rd (
      .clk_i,
      .rst_i,
      .qp_i          (pf_qp),
      .base_i        (cur_base_i),
      .log_i         (cur_log_i),
      .pi_i          (cur_pi_i),
      .load_i        (rw_fire || pf_pick),
      .load_idx_i    (rw_fire ? want_idx_i : scan_ci_i),
      .issue_i       (pf_run && cur_ok_i),
      .flush_i       (flush),
      .next_o        (pf_next),
      .n_o           (pf_n),
      .go_o          (pf_go),
      .idle_o        (pf_idle),
      .push_o        (pf_push),
      .push_qp_o     (pf_push_qp),
      .err_o         (pf_err),
      .wq_valid_o    (wq_valid),
      .wq_err_o      (wq_err),
      .wq_qp_o       (wq_qp),
      .wq_idx_o      (wq_idx),
      .wq_wqe_o      (wq_wqe),
      .wq_pop_i      (wq_pop),
      .rd_req_o,
      .rd_req_ready_i,
      .rd_rsp_i,
      .rd_rsp_ready_o
  );

  // the checker: issue stage
  function automatic logic [2:0] nsge_of(input logic [7:0] n);
    nsge_of = (n > 8'd4) ? 3'd4 : n[2:0];
  endfunction
  assign i_nsge = nsge_of(i_wqe_q[wn_abi_pkg::RDMA_RQ_WQE_NUM_SGE_LSB +: 8]);
  always_comb begin
    unique case (i_sge_q[1:0])
      2'd0: i_s = i_wqe_q[wn_abi_pkg::RDMA_RQ_WQE_SGE0_LSB +: 128];
      2'd1: i_s = i_wqe_q[wn_abi_pkg::RDMA_RQ_WQE_SGE1_LSB +: 128];
      2'd2: i_s = i_wqe_q[wn_abi_pkg::RDMA_RQ_WQE_SGE2_LSB +: 128];
      default: i_s = i_wqe_q[wn_abi_pkg::RDMA_RQ_WQE_SGE3_LSB +: 128];
    endcase
  end
  // answers asked for and not yet taken by the collect stage stay within
  // the answer FIFO's room
  assign p_credit = {1'b0, p_infl_q} + {1'b0, a_count} < 5'd8;
  // the entry at i_sge_q needs a check; the stage moves on one entry a
  // cycle (a check once it is asked for) and hands the WQE on with its last
  assign i_chk = i_v_q && !i_err_q && i_sge_q < i_nsge && i_s.len != 32'd0;
  assign chk_valid_o = i_chk && p_credit && t_wready && !flush;
  assign i_adv = i_v_q && !i_err_q && i_sge_q < i_nsge && (!i_chk || (chk_valid_o && chk_ready_i));
  assign i_fin = i_v_q && !flush && k_wready &&
                 (i_err_q || i_sge_q >= i_nsge || (i_adv && i_sge_q + 3'd1 >= i_nsge));
  // room in the ready FIFO for every WQE between here and there
  assign i_load = wq_valid && !flush && (!i_v_q || i_fin) &&
                  ({1'b0, rq_count} + {3'd0, k_count} + {5'd0, i_v_q}) < 6'd16;
  assign wq_pop = i_load;
  assign chk_stag_o = i_s.lkey;
  assign chk_to_o = i_s.addr;
  assign chk_len_o = i_s.len;
  assign chk_pd_o = cur_pd_i;
  always_comb begin
    k_din.err = i_err_q;
    k_din.cnt = i_cnt_q + {2'd0, chk_valid_o && chk_ready_i};
    k_din.wqe = i_wqe_q;
  end
  always_ff @(posedge clk_i) begin
    if (rst_i || flush) begin
      i_v_q <= 1'b0;
    end else if (i_load) begin
      i_v_q <= 1'b1;
    end else if (i_fin) begin
      i_v_q <= 1'b0;
    end
    if (i_load) begin
      // a refused read's entry: its bytes are zero (head_wqe_o)
      i_wqe_q <= wq_err ? 640'd0 : wq_wqe;
      i_err_q <= wq_err;
      i_sge_q <= 3'd0;
      i_cnt_q <= 3'd0;
    end else if (i_adv) begin
      i_sge_q <= i_sge_q + 3'd1;
      i_cnt_q <= i_cnt_q + {2'd0, chk_valid_o && chk_ready_i};
    end
  end
  wn_fifo #(
      .Width(644),
      .Depth(4)
  ) u_k (
      .clk_i,
      .rst_i   (rst_i || flush),
      .wdata_i (k_din),
      .wvalid_i(i_fin),
      .wready_o(k_wready),
      .rdata_o (k_head),
      .rvalid_o(k_valid),
      .rready_i(k_pop),
      .count_o (k_count)
  );
  // the entry of each check asked for, matched with its answer
  wn_fifo #(
      .Width(2),
      .Depth(8)
  ) u_t (
      .clk_i,
      .rst_i   (rst_i || flush),
      .wdata_i (i_sge_q[1:0]),
      .wvalid_i(chk_valid_o && chk_ready_i),
      .wready_o(t_wready),
      .rdata_o (t_head),
      .rvalid_o(t_valid),
      .rready_i(a_push),
      .count_o (t_count)
  );
  // answers of checks asked before a repositioning are dropped (the
  // count of them in flight then)
  assign p_rsp_keep = chk_rsp_valid_i && p_drop_q == 4'd0 && !flush;
  assign a_push = p_rsp_keep;
  always_comb begin
    a_din.sge = t_head;
    a_din.ok = chk_rsp_ok_i;
    a_din.addr = chk_rsp_addr_i;
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      p_infl_q <= 4'd0;
      p_drop_q <= 4'd0;
    end else begin
      p_infl_q <= p_infl_q + {3'd0, chk_valid_o && chk_ready_i} - {3'd0, chk_rsp_valid_i};
      if (flush) p_drop_q <= p_infl_q - {3'd0, chk_rsp_valid_i};
      else if (chk_rsp_valid_i && p_drop_q != 4'd0) p_drop_q <= p_drop_q - 4'd1;
    end
  end
  wn_fifo #(
      .Width(67),
      .Depth(8)
  ) u_a (
      .clk_i,
      .rst_i   (rst_i || flush),
      .wdata_i (a_din),
      .wvalid_i(a_push),
      .wready_o(a_wready),
      .rdata_o (a_head),
      .rvalid_o(a_valid),
      .rready_i(a_pop),
      .count_o (a_count)
  );

  // the collect stage: the in-check FIFO's head takes its answers, one a
  // cycle, and enters the ready FIFO with its last one (or at once without
  // checks)
  assign k_cnt = k_head.cnt;
  assign a_pop = k_valid && a_valid && k_n_q < k_cnt && !flush;
  assign k_pop = k_valid && !flush && (k_n_q == k_cnt || (a_pop && k_n_q + 3'd1 == k_cnt));
  assign c_nsge = nsge_of(k_head.wqe[wn_abi_pkg::RDMA_RQ_WQE_NUM_SGE_LSB +: 8]);
  always_comb begin
    c_addr = c_addr_q;
    c_ok = c_ok_q && !k_head.err;
    if (a_pop) begin
      c_addr[32'(a_head.sge) * 64 +: 64] = a_head.addr;
      if (!a_head.ok) c_ok = 1'b0;
    end
    // the lengths of the entries in use (a failed WQE is checked again
    // at use: its lists do not matter)
    c_len = '0;
    if (c_nsge > 3'd0) c_len[31:0] = k_head.wqe[wn_abi_pkg::RDMA_RQ_WQE_SGE0_LSB + LenLsb +: 32];
    if (c_nsge > 3'd1) c_len[63:32] = k_head.wqe[wn_abi_pkg::RDMA_RQ_WQE_SGE1_LSB + LenLsb +: 32];
    if (c_nsge > 3'd2) c_len[95:64] = k_head.wqe[wn_abi_pkg::RDMA_RQ_WQE_SGE2_LSB + LenLsb +: 32];
    if (c_nsge > 3'd3) c_len[127:96] = k_head.wqe[wn_abi_pkg::RDMA_RQ_WQE_SGE3_LSB + LenLsb +: 32];
  end
  assign rq_push = k_pop;
  assign rq_din = {k_head.err, c_ok, c_len, c_addr, k_head.wqe};
  always_ff @(posedge clk_i) begin
    if (rst_i || flush || k_pop) begin
      k_n_q <= 3'd0;
      c_ok_q <= 1'b1;
      c_addr_q <= '0;
    end else if (a_pop) begin
      k_n_q <= k_n_q + 3'd1;
      c_ok_q <= c_ok;
      c_addr_q <= c_addr;
    end
  end

  wn_fifo #(
      .Width(1026),
      .Depth(16)
  ) u_rq (
      .clk_i,
      .rst_i   (rst_i || flush),
      .wdata_i (rq_din),
      .wvalid_i(rq_push),
      .wready_o(rq_wready),
      .rdata_o (rq_head),
      .rvalid_o(rq_valid),
      .rready_i(head_pop_i),
      .count_o (rq_count)
  );
  assign head_valid_o = rq_valid && pf_match;
  assign head_err_o = rq_head[1025];
  // checked, and no change of the MR table since
  assign head_ok_o = rq_head[1024] && stale_q == 6'd0;
  assign head_len_o = rq_head[1023:896];
  assign head_addr_o = rq_head[895:640];
  assign head_wqe_o = rq_head[639:0];
  always_ff @(posedge clk_i) begin
    if (rst_i || flush) stale_q <= 6'd0;
    else if (mr_change_i)
      stale_q <= {1'b0, rq_count} + {3'd0, k_count} + {5'd0, i_v_q} - {5'd0, head_pop_i && rq_valid};
    else if (head_pop_i && rq_valid && stale_q != 6'd0) stale_q <= stale_q - 6'd1;
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      pf_run <= 1'b0;
      pf_qp <= '0;
      pf_scan <= '0;
      pf_base <= 16'd0;
    end else begin
      if (!pf_pick) pf_scan <= (db_valid_i && db_qp_i != pf_scan) ? db_qp_i : pf_scan + 1'b1;
      if (rw_fire) begin
        pf_run <= 1'b1;
        pf_qp <= want_qp_i;
        pf_base <= want_idx_i;
      end else if (drop_hit) pf_run <= 1'b0;
      else if (pf_pick) begin
        pf_run <= 1'b1;
        pf_qp <= pf_scan;
        pf_base <= scan_ci_i;
      end else begin
        if (pf_leave) pf_run <= 1'b0;
        if (head_pop_i) pf_base <= pf_base + 16'd1;
      end
    end
  end

  logic unused;
  assign unused = ^{wq_qp, wq_idx, pf_next, pf_go, t_valid, t_count, pf_push, pf_push_qp, pf_err};

`ifndef SYNTHESIS
  // the credits and the room check keep the answer and ready FIFOs from
  // overflowing
  always_ff @(posedge clk_i) begin
    if (!rst_i && a_push && !a_wready) $fatal(1, "wn_rq_prefetch: answer FIFO overflow");
    if (!rst_i && rq_push && !rq_wready) $fatal(1, "wn_rq_prefetch: ready FIFO overflow");
  end
`endif
endmodule
