// wn_wqe_prefetch: the read engine of a work-queue prefetcher, used for the
// send queues (wn_rdma_tx) and the receive queues (wn_rq_prefetch in
// wn_rdma_rq). It reads WQEs of 128 bytes from one ring by DMA, up to Batch
// WQEs in one read and several reads in flight, into a FIFO of Depth WQEs
// that the owner takes them from in ring order. The owner chooses the ring
// (its QP: base_i, log_i, pi_i, looked up by the owner), positions the
// reader (load_i: read from load_idx_i on), allows each read (issue_i) and
// drops everything (flush_i: the FIFO emptied, the reads in flight dropped
// as their responses come). idle_o: no read in flight and the FIFO empty.
// With Tagged, each read keeps the QP it was issued for (qp_i then), and
// each FIFO entry that QP, so the owner may move to another ring at any
// time, its reads still in flight. push_o: a WQE enters the FIFO, of QP
// push_qp_o. A refused read (rd_rsp_i.rsp_err)
// leaves an error entry for its first WQE not yet delivered; the rest of
// that read and the reads after it (of any QP) are dropped (err_o, for the
// read of QP push_qp_o), and the reader goes on from the next WQE if the
// read was of the ring being read (qp_i), else the owner positions it.
//
// Frame format of a read response: beats of 64 bytes, two per WQE, in ring
// order, byte 0 in bits 7:0. FIFO entry (wq_*): wq_wqe_o the WQE's first
// KeepW/8 bytes (byte 0 in bits 7:0); wq_err_o the read was refused (the
// bytes are the response's, not meaningful); with Tagged, wq_qp_o and
// wq_idx_o the ring's QP (qp_i when it was read) and the WQE's ring index.
//
// Read size: the smallest of Batch, the WQEs posted (pi_i - next_o), the
// WQEs to the ring's end and the FIFO's room (Depth less the WQEs in it or
// being read); with PiCheck, nothing when pi_i is more than a ring ahead of
// the reader; with HalfWait, a read that the FIFO's room limits waits until
// there is room for half a batch, so reads stay large and a few of them
// cover the read latency.
//
// Latency: a WQE enters the FIFO with its second beat and is at its head a
// cycle later (wn_fifo). Throughput: one read request per cycle while
// there is room (go_o), one response beat per cycle (rd_rsp_ready_o is
// always high), one WQE taken per cycle. Reset clears the reader, the
// tracker of reads in flight and the FIFO (never reset with reads in
// flight). Parameters: NumQp a power of two 2..1024; Batch 1..16; Depth a
// power of two Batch..128; KeepW 513..1024 bits kept of each WQE; Reads,
// the reads in flight, a power of two 2..32; Tagged, PiCheck, HalfWait 0
// or 1.
module wn_wqe_prefetch #(
    parameter int NumQp = 64,
    parameter int Batch = 16,
    parameter int Depth = 64,
    parameter int KeepW = 1024,
    parameter int Reads = 8,
    parameter int Tagged = 1,
    parameter int PiCheck = 0,
    parameter int HalfWait = 0,
    localparam int QpW = $clog2(NumQp),
    localparam int CW = $clog2(Depth),
    localparam int RdW = $clog2(Reads)
) (
    input  logic             clk_i,
    input  logic             rst_i,
    // the ring being read
    input  logic [QpW-1:0]   qp_i,
    input  logic [63:0]      base_i,
    input  logic [3:0]       log_i,
    input  logic [15:0]      pi_i,
    // the owner's control: position, a read allowed, drop everything
    input  logic             load_i,
    input  logic [15:0]      load_idx_i,
    input  logic             issue_i,
    input  logic             flush_i,
    output logic [15:0]      next_o,
    output logic [15:0]      n_o,
    output logic             go_o,
    output logic             idle_o,
    output logic             push_o,
    output logic [QpW-1:0]   push_qp_o,
    output logic             err_o,
    // the FIFO of WQEs
    output logic             wq_valid_o,
    output logic             wq_err_o,
    output logic [QpW-1:0]   wq_qp_o,
    output logic [15:0]      wq_idx_o,
    output logic [KeepW-1:0] wq_wqe_o,
    input  logic             wq_pop_i,
    // DMA reads
    output wn_abi_pkg::dma_rd_req_t rd_req_o,
    input  logic                    rd_req_ready_i,
    input  wn_abi_pkg::dma_rd_rsp_t rd_rsp_i,
    output logic                    rd_rsp_ready_o
);
  localparam int TagW = (Tagged != 0) ? QpW + 16 : 0;
  localparam int EntW = 1 + TagW + KeepW;

  generate
    if (NumQp < 2 || NumQp > 1024 || (1 << QpW) != NumQp) begin : g_bad_qp
      $fatal(1, "wn_wqe_prefetch: NumQp must be a power of two 2..1024");
    end
    if (Batch < 1 || Batch > 16) begin : g_bad_batch
      $fatal(1, "wn_wqe_prefetch: Batch must be 1..16");
    end
    if (Depth < Batch || Depth > 128 || (1 << CW) != Depth) begin : g_bad_depth
      $fatal(1, "wn_wqe_prefetch: Depth must be a power of two, Batch..128");
    end
    if (Reads < 2 || Reads > 32 || (1 << RdW) != Reads) begin : g_bad_reads
      $fatal(1, "wn_wqe_prefetch: Reads must be a power of two 2..32");
    end
    if (KeepW <= 512 || KeepW > 1024 || Tagged < 0 || Tagged > 1 || PiCheck < 0 || PiCheck > 1 ||
        HalfWait < 0 || HalfWait > 1) begin : g_bad_mode
      $fatal(1, "wn_wqe_prefetch: KeepW must be 513..1024, Tagged, PiCheck and HalfWait 0 or 1");
    end
  endgenerate

  logic [15:0]    pf_next;    // the next WQE to read
  logic [7:0]     pf_infl;    // WQEs asked for and not yet in the FIFO
  logic [RdW:0]   pf_old;     // reads in flight to drop
  logic [15:0]    pf_ring, pf_avail, pf_wrap, pf_free, pf_n;
  logic           pf_small, pf_iss, pf_go;
  // reads in flight: {[QP,] first WQE index, WQEs}
  localparam int TrW = 21 + ((Tagged != 0) ? QpW : 0);
  logic [TrW-1:0] tr_din, tr_head;
  logic           tr_valid, tr_wready, tr_pop;
  logic [RdW:0]   tr_count;
  logic [QpW-1:0] tr_qp;      // the QP of the oldest read in flight
  // the assembler: two beats a WQE
  logic           as_half, as_fin, as_push, as_err;
  logic [4:0]     as_k;
  logic [511:0]   as_lo;
  logic [15:0]    as_idx;
  logic [1023:0]  as_wqe;
  // the FIFO of WQEs: {read refused, [QP, index,] bytes}
  logic [EntW-1:0] wq_din, wq_head;
  logic            wq_wready;
  logic [CW:0]     wq_count;

  assign pf_ring = 16'd1 << log_i;
  assign pf_avail = pi_i - pf_next;
  assign pf_wrap = pf_ring - (pf_next & (pf_ring - 16'd1));
  assign pf_free = 16'(Depth) - {{(15 - CW) {1'b0}}, wq_count} - {8'd0, pf_infl};
  always_comb begin
    pf_n = 16'(Batch);
    if (pf_avail < pf_n) pf_n = pf_avail;
    if (pf_wrap < pf_n) pf_n = pf_wrap;
    if (pf_free < pf_n) pf_n = pf_free;
    // a producer index behind the reader (or beyond the ring): nothing
    if (PiCheck != 0 && pf_avail > pf_ring) pf_n = 16'd0;
  end
  assign pf_small = HalfWait != 0 && pf_n == pf_free && pf_n < pf_avail && pf_n < pf_wrap &&
                    pf_n < 16'(Batch / 2 + Batch % 2);
  assign pf_iss = issue_i && pf_old == '0 && pf_n != 16'd0 && !pf_small && tr_wready && !flush_i && !as_err;
  assign pf_go = pf_iss && rd_req_ready_i;
  assign rd_req_o.req_valid = pf_iss;
  assign rd_req_o.req_addr = base_i + {41'd0, pf_next & (pf_ring - 16'd1), 7'd0};
  assign rd_req_o.req_len = {pf_n[8:0], 7'd0};
  assign rd_rsp_ready_o = 1'b1;
  assign next_o = pf_next;
  assign n_o = pf_n;
  assign go_o = pf_go;
  assign idle_o = tr_count == '0 && wq_count == '0 && pf_old == '0;
  assign push_o = as_push;
  assign push_qp_o = tr_qp;
  assign err_o = as_err;

  generate
    if (Tagged != 0) begin : g_trtag
      assign tr_din = {qp_i, pf_next, pf_n[4:0]};
      assign tr_qp = tr_head[TrW-1 -: QpW];
    end else begin : g_trnotag
      assign tr_din = {pf_next, pf_n[4:0]};
      assign tr_qp = qp_i;
    end
  endgenerate
  wn_fifo #(
      .Width(TrW),
      .Depth(Reads)
  ) u_tr (
      .clk_i,
      .rst_i,
      .wdata_i (tr_din),
      .wvalid_i(pf_go),
      .wready_o(tr_wready),
      .rdata_o (tr_head),
      .rvalid_o(tr_valid),
      .rready_i(tr_pop),
      .count_o (tr_count)
  );
  assign as_fin = rd_rsp_i.rsp_valid && rd_rsp_i.rsp_last;
  assign tr_pop = as_fin;
  assign as_idx = tr_head[20:5] + {11'd0, as_k};
  assign as_err = rd_rsp_i.rsp_valid && pf_old == '0 && rd_rsp_i.rsp_err && !flush_i;
  assign as_push = rd_rsp_i.rsp_valid && pf_old == '0 && (rd_rsp_i.rsp_err || as_half) && !flush_i;
  assign as_wqe = {rd_rsp_i.rsp_data, as_lo};

  generate
    if (Tagged != 0) begin : g_tag
      assign wq_din = {rd_rsp_i.rsp_err, tr_qp, as_idx, as_wqe[KeepW-1:0]};
      assign wq_qp_o = wq_head[EntW-2 -: QpW];
      assign wq_idx_o = wq_head[KeepW +: 16];
    end else begin : g_notag
      assign wq_din = {rd_rsp_i.rsp_err, as_wqe[KeepW-1:0]};
      assign wq_qp_o = '0;
      assign wq_idx_o = 16'd0;
    end
  endgenerate
  assign wq_err_o = wq_head[EntW-1];
  assign wq_wqe_o = wq_head[KeepW-1:0];

  wn_fifo #(
      .Width(EntW),
      .Depth(Depth)
  ) u_wq (
      .clk_i,
      .rst_i   (rst_i || flush_i),
      .wdata_i (wq_din),
      .wvalid_i(as_push),
      .wready_o(wq_wready),
      .rdata_o (wq_head),
      .rvalid_o(wq_valid_o),
      .rready_i(wq_pop_i),
      .count_o (wq_count)
  );

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      pf_next <= 16'd0;
      pf_infl <= 8'd0;
      pf_old <= '0;
      as_half <= 1'b0;
      as_k <= 5'd0;
      as_lo <= '0;
    end else begin
      if (load_i) pf_next <= load_idx_i;
      else if (pf_go) pf_next <= pf_next + pf_n;
      // a refused read of this ring: the WQEs after its error entry are
      // read again
      else if (as_err && tr_qp == qp_i) pf_next <= as_idx + 16'd1;
      // a WQE leaves pf_infl when it enters the FIFO, or when its read ends
      // without it (dropped, or after an error)
      pf_infl <= pf_infl + (pf_go ? {3'd0, pf_n[4:0]} : 8'd0) - {7'd0, as_push} -
                 (as_fin ? {3'd0, tr_head[4:0] - as_k - {4'd0, as_push}} : 8'd0);
      if (rd_rsp_i.rsp_valid) begin
        if (as_fin) begin
          as_half <= 1'b0;
          as_k <= 5'd0;
        end else if (pf_old == '0 && !flush_i) begin
          as_half <= !as_half;
          if (!as_half) as_lo <= rd_rsp_i.rsp_data;
          if (as_push) as_k <= as_k + 5'd1;
        end
        if (as_fin && pf_old != '0) pf_old <= pf_old - (RdW + 1)'(1);
      end
      // dropped (repositioned, or the QP changed), or a refused read: the
      // reads in flight are dropped (the one ending now excepted)
      if (flush_i || as_err) pf_old <= tr_count - (RdW + 1)'(as_fin);
    end
  end

  logic unused;
  assign unused = ^{tr_valid, wq_wready, as_wqe, qp_i};
endmodule
