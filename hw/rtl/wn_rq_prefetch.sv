// wn_rq_prefetch: the receive-WQE prefetcher of wn_rdma_rx's receive-queue
// unit. It reads one QP's posted receive WQEs (rdma_rq_wqe, 128 bytes) by
// DMA ahead of need, up to Batch WQEs in one read and several reads in
// flight, into a FIFO of Depth WQEs that the receive-queue unit takes them
// from in ring order. A checker between the read FIFO and a ready FIFO of
// 16 WQEs checks each WQE's scatter entries on the MR table's check port
// (chk_*: the QP's PD, LOCAL_WRITE), one at a time, and keeps the host
// addresses. A change of the MR table (mr_change_i: any update or
// invalidation done) makes every check made before it stale: the WQEs in
// the checker and the ready FIFO at that moment are counted, and until
// they are taken head_ok_o stays low, so the unit checks them again at
// use; a region deregistered or invalidated after its check is never
// placed into. A failed check also leaves head_ok_o low (the unit's own
// check then decides, with the MR table as it is when the Send arrives).
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
// checker and its checks (about 5 cycles per scatter entry). Throughput:
// one read request per cycle while there is room (Depth counts the WQEs
// read or in flight; a read limited by room waits for half a batch), one
// response beat per cycle, a WQE checked about every 5 cycles per used
// entry, one WQE taken per cycle. Reset clears the control state (never
// reset with reads in flight). Parameters: NumQp a power of two
// 2..1024; Batch 1..16 WQEs per read; Depth a power of two,
// Batch..128.
module wn_rq_prefetch #(
    parameter int NumQp = 64,
    parameter int Batch = 16,
    parameter int Depth = 32,
    localparam int QpW = $clog2(NumQp)
) (
    input  logic           clk_i,
    input  logic           rst_i,
    // the QP being read, and its attributes (looked up by the parent)
    output logic [QpW-1:0] cur_qp_o,
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
    output logic [63:0]    rd_addr_o,
    output logic [15:0]    rd_len_o,
    output logic           rd_valid_o,
    input  logic           rd_ready_i,
    input  logic [511:0]   rd_data_i,
    input  logic           rd_err_i,
    input  logic           rd_last_i,
    input  logic           rd_rsp_valid_i,
    output logic           rd_rsp_ready_o
);
  localparam int CW = $clog2(Depth);

  generate
    if (NumQp < 2 || NumQp > 1024 || (1 << QpW) != NumQp) begin : g_bad_qp
      $fatal(1, "wn_rq_prefetch: NumQp must be a power of two 2..1024");
    end
    if (Batch < 1 || Batch > 16) begin : g_bad_batch
      $fatal(1, "wn_rq_prefetch: Batch must be 1..16");
    end
    if (Depth < Batch || Depth > 128 || (1 << CW) != Depth) begin : g_bad_depth
      $fatal(1, "wn_rq_prefetch: Depth must be a power of two, Batch..128");
    end
  endgenerate

  logic           pf_run;
  logic [QpW-1:0] pf_qp, pf_scan;
  logic [15:0]    pf_next;    // the next WQE to read
  logic [15:0]    pf_base;    // the WQE at the FIFO's head (or next to enter it)
  logic [7:0]     pf_infl;    // WQEs asked for and not yet in the FIFO
  logic [3:0]     pf_old;     // reads in flight to drop
  logic [15:0]    pf_ring, pf_avail, pf_wrap, pf_free, pf_n;
  logic           pf_small, pf_iss, pf_go, pf_pick, pf_leave, pf_match, rw_fire, drop_hit, flush;
  // reads in flight: {first WQE index, WQEs}
  logic [20:0]    tr_head;
  logic           tr_valid, tr_wready, tr_pop;
  logic [3:0]     tr_count;
  // the assembler: two beats a WQE
  logic           as_half, as_fin, as_push, as_err;
  logic [4:0]     as_k;
  logic [511:0]   as_lo;
  logic [15:0]    as_idx;
  // the FIFO of WQEs: {read refused, bytes 0..79}
  logic [640:0]   wq_din, wq_head;
  logic           wq_valid, wq_wready;
  logic [CW:0]    wq_count;
  logic           wq_pop;
  // the checker: the FIFO's WQEs one at a time, their scatter entries
  // checked in order, into the ready FIFO: {refused, ok, lens, addrs, bytes}
  typedef enum logic [2:0] {CIdle, CChk, CWait, CPush, CDrain} cst_e;
  cst_e           c_st;
  logic [639:0]   c_wqe;
  logic           c_err, c_ok;
  logic [2:0]     c_sge, c_nsge;
  logic [255:0]   c_addr;
  logic [127:0]   c_len;
  wn_abi_pkg::rdma_sge_t c_s;
  logic [1025:0]  rq_din, rq_head;
  logic           rq_valid, rq_wready, rq_push;
  logic [4:0]     rq_count;
  // entries whose checks may predate a change of the MR table
  logic [5:0]     stale_q;

  assign cur_qp_o = pf_qp;
  assign scan_qp_o = pf_scan;
  assign pf_ring = 16'd1 << cur_log_i;
  assign pf_avail = cur_pi_i - pf_next;
  assign pf_wrap = pf_ring - (pf_next & (pf_ring - 16'd1));
  assign pf_free = 16'(Depth) - {{(15 - CW) {1'b0}}, wq_count} - {8'd0, pf_infl};
  always_comb begin
    pf_n = 16'(Batch);
    if (pf_avail < pf_n) pf_n = pf_avail;
    if (pf_wrap < pf_n) pf_n = pf_wrap;
    if (pf_free < pf_n) pf_n = pf_free;
    // a producer index behind the prefetcher (or beyond the ring): nothing
    if (pf_avail > pf_ring) pf_n = 16'd0;
  end

  assign pf_match = pf_run && pf_qp == want_qp_i && pf_base == want_idx_i;
  assign drop_hit = pf_run && drop_valid_i && drop_qp_i == pf_qp;
  assign rw_fire = want_valid_i && !pf_match && !drop_hit;
  assign flush = rw_fire || drop_hit;
  assign pf_pick = !pf_run && !want_valid_i && scan_work_i && !(hold_valid_i && hold_qp_i == pf_scan) &&
                   !(drop_valid_i && drop_qp_i == pf_scan);
  // a read limited by the FIFO's room waits for room for half a batch, so
  // reads stay large and a few of them cover the read latency
  assign pf_small = pf_n == pf_free && pf_n < pf_avail && pf_n < pf_wrap && pf_n < 16'(Batch / 2 + Batch % 2);
  assign pf_iss = pf_run && cur_ok_i && pf_old == 4'd0 && pf_n != 16'd0 && !pf_small && tr_wready && !flush &&
                  !as_err;
  assign pf_go = pf_iss && rd_ready_i;
  // nothing in the FIFO or in flight, and nothing to read now
  assign pf_leave = pf_run && tr_count == 4'd0 && wq_count == '0 && c_st == CIdle && rq_count == 5'd0 &&
                    pf_old == 4'd0 && !flush && (pf_n == 16'd0 || !cur_ok_i);
  assign rd_valid_o = pf_iss;
  assign rd_addr_o = cur_base_i + {41'd0, pf_next & (pf_ring - 16'd1), 7'd0};
  assign rd_len_o = {pf_n[8:0], 7'd0};
  assign rd_rsp_ready_o = 1'b1;

  wn_fifo #(
      .Width(21),
      .Depth(8)
  ) u_tr (
      .clk_i,
      .rst_i,
      .wdata_i ({pf_next, pf_n[4:0]}),
      .wvalid_i(pf_go),
      .wready_o(tr_wready),
      .rdata_o (tr_head),
      .rvalid_o(tr_valid),
      .rready_i(tr_pop),
      .count_o (tr_count)
  );
  assign as_fin = rd_rsp_valid_i && rd_last_i;
  assign tr_pop = as_fin;
  assign as_idx = tr_head[20:5] + {11'd0, as_k};
  assign as_err = rd_rsp_valid_i && pf_old == 4'd0 && rd_err_i && !flush;
  assign as_push = rd_rsp_valid_i && pf_old == 4'd0 && (rd_err_i || as_half) && !flush;
  assign wq_din = rd_err_i ? {1'b1, 640'd0} : {1'b0, rd_data_i[127:0], as_lo};

  wn_fifo #(
      .Width(641),
      .Depth(Depth)
  ) u_wq (
      .clk_i,
      .rst_i   (rst_i || flush),
      .wdata_i (wq_din),
      .wvalid_i(as_push),
      .wready_o(wq_wready),
      .rdata_o (wq_head),
      .rvalid_o(wq_valid),
      .rready_i(wq_pop),
      .count_o (wq_count)
  );

  // the checker
  assign wq_pop = c_st == CIdle && wq_valid && rq_wready && !flush;
  assign c_nsge = (c_wqe[wn_abi_pkg::RDMA_RQ_WQE_NUM_SGE_LSB +: 8] > 8'd4) ? 3'd4 :
                  c_wqe[wn_abi_pkg::RDMA_RQ_WQE_NUM_SGE_LSB +: 3];
  always_comb begin
    unique case (c_sge[1:0])
      2'd0: c_s = c_wqe[wn_abi_pkg::RDMA_RQ_WQE_SGE0_LSB +: 128];
      2'd1: c_s = c_wqe[wn_abi_pkg::RDMA_RQ_WQE_SGE1_LSB +: 128];
      2'd2: c_s = c_wqe[wn_abi_pkg::RDMA_RQ_WQE_SGE2_LSB +: 128];
      default: c_s = c_wqe[wn_abi_pkg::RDMA_RQ_WQE_SGE3_LSB +: 128];
    endcase
  end
  assign chk_valid_o = c_st == CChk && c_sge < c_nsge && c_s.len != 32'd0 && !flush;
  assign chk_stag_o = c_s.lkey;
  assign chk_to_o = c_s.addr;
  assign chk_len_o = c_s.len;
  assign chk_pd_o = cur_pd_i;
  assign rq_push = c_st == CPush && !flush;
  assign rq_din = {c_err, c_ok, c_len, c_addr, c_wqe};
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      c_st <= CIdle;
      c_wqe <= '0;
      c_err <= 1'b0;
      c_ok <= 1'b0;
      c_sge <= 3'd0;
      c_addr <= '0;
      c_len <= '0;
    end else begin
      unique case (c_st)
        CIdle: if (wq_pop) begin
          c_wqe <= wq_head[639:0];
          c_err <= wq_head[640];
          c_ok <= !wq_head[640];
          c_sge <= 3'd0;
          c_addr <= '0;
          c_len <= '0;
          c_st <= wq_head[640] ? CPush : CChk;
        end
        CChk: begin
          if (flush) c_st <= CIdle;
          else if (c_sge >= c_nsge) c_st <= CPush;
          else if (c_s.len == 32'd0) c_sge <= c_sge + 3'd1;
          else if (chk_ready_i) c_st <= CWait;
        end
        CWait: if (chk_rsp_valid_i) begin
          if (flush) c_st <= CIdle;
          else if (chk_rsp_ok_i) begin
            c_addr[32'(c_sge[1:0]) * 64 +: 64] <= chk_rsp_addr_i;
            c_len[32'(c_sge[1:0]) * 32 +: 32] <= c_s.len;
            c_sge <= c_sge + 3'd1;
            c_st <= CChk;
          end else begin
            // refused now: the unit checks it again when it uses it
            c_ok <= 1'b0;
            c_st <= CPush;
          end
        end else if (flush) c_st <= CDrain;
        // dropped while its check is under way: the answer is discarded
        CDrain: if (chk_rsp_valid_i) c_st <= CIdle;
        CPush: c_st <= CIdle;
        default: c_st <= CIdle;
      endcase
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
      stale_q <= {1'b0, rq_count} + {5'd0, c_st != CIdle} - {5'd0, head_pop_i && rq_valid};
    else if (head_pop_i && rq_valid && stale_q != 6'd0) stale_q <= stale_q - 6'd1;
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      pf_run <= 1'b0;
      pf_qp <= '0;
      pf_scan <= '0;
      pf_next <= 16'd0;
      pf_base <= 16'd0;
      pf_infl <= 8'd0;
      pf_old <= 4'd0;
      as_half <= 1'b0;
      as_k <= 5'd0;
      as_lo <= '0;
    end else begin
      if (!pf_pick) pf_scan <= (db_valid_i && db_qp_i != pf_scan) ? db_qp_i : pf_scan + 1'b1;
      if (rw_fire) begin
        pf_run <= 1'b1;
        pf_qp <= want_qp_i;
        pf_next <= want_idx_i;
        pf_base <= want_idx_i;
      end else if (drop_hit) pf_run <= 1'b0;
      else if (pf_pick) begin
        pf_run <= 1'b1;
        pf_qp <= pf_scan;
        pf_next <= scan_ci_i;
        pf_base <= scan_ci_i;
      end else begin
        if (pf_leave) pf_run <= 1'b0;
        if (pf_go) pf_next <= pf_next + pf_n;
        // a refused read: the WQEs after its error entry are read again
        if (as_err) pf_next <= as_idx + 16'd1;
        if (head_pop_i) pf_base <= pf_base + 16'd1;
      end
      // a WQE leaves pf_infl when it enters the FIFO, or when its read ends
      // without it (dropped, or after an error)
      pf_infl <= pf_infl + (pf_go ? {3'd0, pf_n[4:0]} : 8'd0) - {7'd0, as_push} -
                 (as_fin ? {3'd0, tr_head[4:0] - as_k - {4'd0, as_push}} : 8'd0);
      if (rd_rsp_valid_i) begin
        if (as_fin) begin
          as_half <= 1'b0;
          as_k <= 5'd0;
        end else if (pf_old == 4'd0 && !flush) begin
          as_half <= !as_half;
          if (!as_half) as_lo <= rd_data_i;
          if (as_push) as_k <= as_k + 5'd1;
        end
        if (as_fin && pf_old != 4'd0) pf_old <= pf_old - 4'd1;
      end
      // repositioned (or the QP changed), or a refused read: the reads in
      // flight are dropped (the one ending now excepted)
      if (flush || as_err) pf_old <= tr_count - {3'd0, as_fin};
    end
  end

  logic unused;
  assign unused = ^{tr_valid, wq_wready, rd_data_i[511:128]};
endmodule
