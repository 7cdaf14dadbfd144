// wn_rdma_sq_pf: the send-WQE prefetcher of wn_rdma_tx. A wn_wqe_prefetch
// read engine reads one QP's posted WQEs by DMA, up to Batch in a read and
// several reads in flight, into a FIFO (wq_*, each entry tagged with its QP) that the fetch unit
// takes them from in order. It stays with its QP while no other QP has
// work; when one has, it moves on once it has asked for Quota WQEs in this
// run or for all its QP has: the next QP's reads go out while the last
// ones' are in flight and their WQEs drain, up to Reads reads of any QPs
// in flight. Two lists (wn_runs) keep a QP from being picked again before
// its WQEs are taken: the QPs with reads in flight (a run per visit, its
// reads counted) and the QPs with WQEs in the FIFO (a run per QP change
// of the WQEs entering it). A QP is picked only while both lists together
// leave room for one more run in the second, since every visit whose reads
// are in flight may yet start one there. The fetch unit rewinds it
// (rw_*) to a WQE of the current QP it could not take: the FIFO is
// emptied (the other QPs' WQEs in it too: they are read again when the
// scan comes back to them), the reads in flight are dropped, and
// parking, the prefetcher leaves the QP until its scan comes back to it;
// a WQE of an earlier QP it could not take makes that QP's later WQEs in
// the FIFO stale (dropped as they come). A refused read leaves an error
// entry for its first missing WQE and the reads after it are dropped; the
// prefetcher goes on from the next WQE if the read was its QP's, else it
// leaves its QP, whose dropped reads the scan's sweep finds again (a
// refused read is a fault: the sweep's bound, 2 x NumQp moves, is its
// cost). A QP's state change parks it too, and one of a QP with WQEs
// in the FIFO empties the FIFO. The scan is a wn_work_list: doorbells and
// state changes queue their QP once, and a sweep finds the rest (a parked
// QP whose log has room again).
//
// The parent's per-QP tables are read at the QP being read (qp_o: its ring
// base, size and producer index, and whether its state lets it send; qp_n_o
// is that QP after the clock edge, for tables read a cycle ahead) and
// at the QP the scan is at (scan_o: whether it has WQEs it can log, the
// fetch unit is not on it, and its next index). Ports as wn_rdma_tx's:
// sqdb_* (doorbells), st_*/init_* (state changes and set-ups park the
// run), rw_* (the fetch unit's rewinds), wq_* (the FIFO's head), rd_* (DMA
// reads). Parameters: NumQp a power of two 2..1024.
module wn_rdma_sq_pf #(
    parameter int NumQp = 64,
    localparam int QpW = $clog2(NumQp)
) (
    input  logic                    clk_i,
    input  logic                    rst_i,
    output logic [QpW-1:0]          qp_o,
    output logic [QpW-1:0]          qp_n_o,
    output logic [QpW-1:0]          scan_o,
    input  logic [63:0]             base_i,
    input  logic [3:0]              log_i,
    input  logic [15:0]             pi_i,
    input  logic                    okst_i,
    input  logic                    scan_work_i,
    input  logic                    scan_busy_i,
    input  logic [15:0]             scan_ci_i,
    input  logic                    sqdb_valid_i,
    input  logic [QpW-1:0]          sqdb_qp_i,
    input  logic                    st_valid_i,
    input  logic [QpW-1:0]          st_qp_i,
    input  logic                    init_valid_i,
    input  logic [QpW-1:0]          init_qp_i,
    input  logic                    rw_fire_i,
    input  logic                    rw_park_i,
    input  logic [QpW-1:0]          rw_qp_i,
    input  logic [15:0]             rw_idx_i,
    output logic                    other_o,
    output logic                    idle_o,
    output logic                    wq_valid_o,
    output logic                    wq_err_o,
    output logic [QpW-1:0]          wq_qp_o,
    output logic [15:0]             wq_idx_o,
    output logic [1023:0]           wq_wqe_o,
    input  logic                    wq_pop_i,
    output wn_abi_pkg::dma_rd_req_t rd_req_o,
    input  logic                    rd_req_ready_i,
    input  wn_abi_pkg::dma_rd_rsp_t rd_rsp_i,
    output logic                    rd_rsp_ready_o
);
  localparam int Batch = 16;
  localparam int WqDepth = 64;
  localparam int Quota = 64;
  localparam int Reads = 16;     // reads in flight, and runs of them
  localparam int FifoRuns = 32;  // runs of WQEs in the FIFO
  logic           pf_run, pf_park;
  logic [QpW-1:0] pf_qp, pf_scan, pf_scan_n;
  assign qp_o = pf_qp;
  assign qp_n_o = rst_i ? '0 : pf_pick ? pf_scan : pf_qp;
  assign scan_o = pf_scan;
  logic [15:0]    pf_next, pf_cnt, pf_n;
  logic           pf_sw, pf_other, pf_pick, pf_go, pf_leave, pf_okst;
  assign other_o = pf_other;
  // rewinds from the fetch unit (and state changes)
  logic           rw_hit, rw_st, rw_xst, pf_flush;
  logic           pf_push, pf_room, pf_first_q, pf_err, pf_err_other;
  logic [QpW-1:0] pf_push_qp, pf_last_qp;
  logic           pf_last_v;
  // {init_qp_i, st_qp_i, pf_scan} have WQEs in the FIFO, reads in flight
  logic [2:0]     pf_inq, pf_infl, pf_has;
  logic [$clog2(FifoRuns):0] pf_nq;
  logic [$clog2(Reads):0]    pf_nr;
  logic           pf_rfull, pf_qfull;
  assign pf_has = pf_inq | pf_infl;
  assign pf_room = {1'b0, pf_nq} + ($clog2(FifoRuns) + 2)'(pf_nr) < ($clog2(FifoRuns) + 2)'(FifoRuns) &&
                   !pf_rfull;
  // a refused read of a QP not being read: its reads after it are dropped
  assign pf_err_other = pf_err && pf_push_qp != pf_qp;

  assign pf_okst = okst_i;
  // the scanned QP has WQEs it can log, none of them in the FIFO
  assign pf_sw = scan_work_i && !pf_has[0];
  assign pf_other = pf_run && pf_scan != pf_qp && pf_sw;
  assign pf_pick = !pf_run && !scan_busy_i && pf_sw && pf_room;
  assign rw_st = (st_valid_i && st_qp_i == pf_qp) || (init_valid_i && init_qp_i == pf_qp);
  assign rw_hit = pf_run && ((rw_fire_i && rw_qp_i == pf_qp) || rw_st);
  assign rw_xst = (st_valid_i && pf_has[1]) || (init_valid_i && pf_has[2]);
  assign pf_flush = rw_hit || rw_xst;
  assign pf_leave = pf_run && !pf_flush &&
                    (pf_park || !pf_okst || pf_err_other || (pf_other && (pf_cnt >= 16'(Quota) || pf_next == pi_i)));

  // the scan (wn_work_list): stops at a QP with work (to start a run, or
  // waiting for the run to end); leaving, it goes to a QP rung or changed
  // state, each queued once, in their order, else to the sweep's next.
  // Events of a QP given room to log (a message retired, a Read ended) or
  // whose WQE left the FIFO would bring it back sooner, but they favour
  // the QPs that complete most: 64-byte Writes over 16 QPs fell from a
  // per-QP fairness of 0.97 to 0.83 with them; the sweep finds those QPs.
  wn_work_list #(
      .NumQp(NumQp),
      .NumEv(2)
  ) u_scan (
      .clk_i,
      .rst_i,
      .hold_i    (pf_pick || pf_other),
      .ev_valid_i({st_valid_i, sqdb_valid_i}),
      .ev_qp_i   ({st_qp_i, sqdb_qp_i}),
      .qp_o      (pf_scan),
      .qp_n_o    (pf_scan_n)
  );

  // the scan's QP after the edge: the scan's tables are read
  // asynchronously (the parent's register files)
  logic unused_scan_n;
  assign unused_scan_n = ^pf_scan_n;

  wn_wqe_prefetch #(
      .NumQp   (NumQp),
      .Batch   (Batch),
      .Depth   (WqDepth),
      .KeepW   (1024),
      .Reads   (Reads),
      .Tagged  (1),
      .PiCheck (0),
      .HalfWait(0)
  ) u_pf (
      .clk_i,
      .rst_i,
      .qp_i          (pf_qp),
      .base_i,
      .log_i,
      .pi_i,
      .load_i        (pf_pick || rw_hit),
      .load_idx_i    (rw_hit ? rw_idx_i : scan_ci_i),
      .issue_i       (pf_run && !pf_park && pf_okst && !(pf_other && pf_cnt >= 16'(Quota))),
      .flush_i       (pf_flush),
      .next_o        (pf_next),
      .n_o           (pf_n),
      .go_o          (pf_go),
      .idle_o,
      .push_o        (pf_push),
      .push_qp_o     (pf_push_qp),
      .err_o         (pf_err),
      .wq_valid_o,
      .wq_err_o,
      .wq_qp_o,
      .wq_idx_o,
      .wq_wqe_o,
      .wq_pop_i,
      .rd_req_o,
      .rd_req_ready_i,
      .rd_rsp_i,
      .rd_rsp_ready_o
  );

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      pf_run <= 1'b0;
      pf_park <= 1'b0;
      pf_qp <= '0;
      pf_cnt <= 16'd0;
    end else begin
      if (pf_pick) begin
        pf_run <= 1'b1;
        pf_park <= 1'b0;
        pf_qp <= pf_scan;
        pf_cnt <= 16'd0;
      end
      if (pf_leave) pf_run <= 1'b0;
      if (pf_go) pf_cnt <= pf_cnt + pf_n;
      if ((rw_hit && (rw_park_i || rw_st)) || (pf_run && rw_xst)) pf_park <= 1'b1;
    end
  end
  // the runs of reads in flight, one per visit: its first read starts one.
  // Every read ends with its last response beat, dropped or not, so this
  // list is not emptied by a flush.
  always_ff @(posedge clk_i) begin
    if (rst_i || pf_pick) pf_first_q <= 1'b1;
    else if (pf_go) pf_first_q <= 1'b0;
  end
  wn_runs #(
      .Runs(Reads),
      .QpW(QpW),
      .CntW($clog2(Reads) + 1),
      .NumQ(3)
  ) u_rdruns (
      .clk_i,
      .rst_i,
      .add_i   (pf_go),
      .new_i   (pf_first_q),
      .add_qp_i(pf_qp),
      .done_i  (rd_rsp_i.rsp_valid && rd_rsp_i.rsp_last),
      .full_o  (pf_rfull),
      .n_o     (pf_nr),
      .q_qp_i  ({init_qp_i, st_qp_i, pf_scan}),
      .hit_o   (pf_infl)
  );
  // the runs of WQEs in the FIFO: a WQE of another QP than the last one
  // pushed starts one
  always_ff @(posedge clk_i) begin
    if (rst_i || pf_flush) pf_last_v <= 1'b0;
    else if (pf_push) pf_last_v <= 1'b1;
    if (pf_push) pf_last_qp <= pf_push_qp;
  end
  wn_runs #(
      .Runs(FifoRuns),
      .QpW(QpW),
      .CntW($clog2(WqDepth) + 1),
      .NumQ(3)
  ) u_pfruns (
      .clk_i,
      .rst_i   (rst_i || pf_flush),
      .add_i   (pf_push),
      .new_i   (!pf_last_v || pf_last_qp != pf_push_qp),
      .add_qp_i(pf_push_qp),
      .done_i  (wq_pop_i),
      .full_o  (pf_qfull),
      .n_o     (pf_nq),
      .q_qp_i  ({init_qp_i, st_qp_i, pf_scan}),
      .hit_o   (pf_inq)
  );
  logic unused;
  assign unused = pf_qfull;
endmodule
