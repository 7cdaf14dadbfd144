// wn_raw_rq: the raw Ethernet receive queues: the frames wn_rx_steer keeps
// for the host (neither TCP to the port's address nor exception-path
// frames) go into buffers the host posted.
//
// Pipeline:
//   accept   the frames' beats (tvalid only on frames kept, no
//            backpressure) are written into the RX buffer; at the last
//            beat the frame is kept only if the MAC saw a good FCS, it is
//            14..MAX_FRAME bytes long and the buffer did not overrun;
//            otherwise the write pointer rolls back and the reason is
//            counted. Nothing of a dropped frame ever reaches host memory.
//   prefetch RQ WQEs are fetched ahead (up to 8 per DMA read) into a small
//            per-queue cache.
//   deliver  the head frame goes to the receive queue RX_RQ: into the next
//            posted buffer by one DMA write, or, when the buffer is smaller
//            than the frame, not at all (completion LOC_LEN_ERR with the
//            frame's length; the queue keeps running); with no buffer
//            posted the frame is dropped and counted.
//   complete completions are posted in frame order once the host has taken
//            each write (write-done report); a refused write completes with
//            LOC_PROT_ERR and puts the queue in ERROR.
// A WQE fetch the host refuses, or a doorbell past the ring, puts the
// queue in ERROR and posts an RQ_ERROR event.
//
// Throughput: one beat per cycle in; deliver takes one cycle per frame plus
// one per beat. Reset clears all state; CTRL.ENABLE=0 clears one queue.
// Parameters: NumRq 1..16, RxBeats a power of two >= 256, CacheDepth a power
// of two >= 16.
module wn_raw_rq #(
    parameter int NumRq = 4,
    parameter int NumCq = 8,
    parameter int RxBeats = 512,
    parameter int CacheDepth = 128
) (
    input  logic                  clk_i,
    input  logic                  rst_i,
    input  logic [13:0]           max_frame_i,
    input  logic [7:0]            rx_rq_i,
    input  logic [NumRq*64-1:0]   rq_base_i,
    input  logic [NumRq*4-1:0]    rq_log_size_i,
    input  logic [NumRq*8-1:0]    rq_cqn_i,
    input  logic [NumRq-1:0]      rq_enable_i,
    input  logic [NumRq*16-1:0]   rq_pi_i,
    input  logic [NumCq*8-1:0]    cq_eqn_i,
    output logic [NumRq*16-1:0]   rq_ci_o,
    output logic [NumRq*32-1:0]   rq_state_o,
    // Ethernet RX: the frames kept for the raw queues (wn_rx_steer)
    input  logic [511:0]          s_axis_rx_tdata_i,
    input  logic [63:0]           s_axis_rx_tkeep_i,
    input  logic                  s_axis_rx_tlast_i,
    input  logic                  s_axis_rx_tuser_i,
    input  logic                  s_axis_rx_tvalid_i,
    // DMA read port: WQE fetch
    output wn_abi_pkg::dma_rd_req_t wqe_rd_req_o,
    input  logic                    wqe_rd_req_ready_i,
    input  wn_abi_pkg::dma_rd_rsp_t wqe_rd_rsp_i,
    output logic                    wqe_rd_rsp_ready_o,
    // DMA write port: frame data
    output wn_abi_pkg::dma_wr_req_t  wr_req_o,
    input  logic                     wr_req_ready_i,
    input  wn_abi_pkg::dma_wr_done_t wr_done_i,
    // completions / events
    output logic [151:0]          cpl_o,
    output logic                  cpl_valid_o,
    input  logic                  cpl_ready_i,
    output logic [63:0]           ev_o,
    output logic                  ev_valid_o,
    input  logic                  ev_ready_i,
    // counter pulses
    output logic                  cnt_rx_frame_o,
    output logic [13:0]           cnt_rx_bytes_o,
    output logic                  cnt_drop_length_o,
    output logic                  cnt_drop_no_buf_o,
    output logic                  cnt_drop_overrun_o,
    output logic                  cnt_len_err_o,
    output logic                  cnt_dma_rd_err_o,
    output logic                  cnt_dma_wr_err_o,
    output logic                  cnt_doorbell_err_o
);
  localparam int QW = (NumRq > 1) ? $clog2(NumRq) : 1;
  localparam int RBW = $clog2(RxBeats);
  localparam int CBW = $clog2(CacheDepth);

  generate
    if (NumRq < 1 || NumRq > 16) begin : g_bad_rq
      $fatal(1, "wn_raw_rq: NumRq must be 1..16");
    end
    if (RxBeats < 256 || (1 << RBW) != RxBeats) begin : g_bad_rx
      $fatal(1, "wn_raw_rq: RxBeats must be a power of two >= 256");
    end
    if (CacheDepth < 16 || (1 << CBW) != CacheDepth) begin : g_bad_cache
      $fatal(1, "wn_raw_rq: CacheDepth must be a power of two >= 16");
    end
  endgenerate

  // ==================================================================
  // Accept: MAC -> RX buffer
  // ==================================================================
  logic [511:0] rx_mem_q [RxBeats];
  logic [RBW:0] wp_commit_q, wp_tmp_q, rp_q;
  logic         in_frame_q;      // a frame is being received
  logic         f_over_q;        // overran the buffer or MAX_FRAME
  logic         f_long_q;
  logic [13:0]  f_len_q;
  logic [6:0]   beat_bytes;
  logic         sof;
  logic         buf_full;
  logic         wr_beat;
  logic [14:0]  len_next;
  logic         frec_wready;
  logic         eof;
  logic         good;
  logic         cur_over, cur_long;

  assign sof = s_axis_rx_tvalid_i && !in_frame_q;

  // (counted only for a valid beat: every use is gated by tvalid)
  always_comb begin
    beat_bytes = 7'd0;
    if (s_axis_rx_tvalid_i) begin
      for (int k = 0; k < 64; k++) begin
        if (s_axis_rx_tkeep_i[k]) beat_bytes = 7'(k + 1);
      end
    end
  end

  assign len_next = (sof ? 15'd0 : {1'b0, f_len_q}) + {8'd0, beat_bytes};
  assign cur_long = (sof ? 1'b0 : f_long_q) || (len_next > {1'b0, max_frame_i});
  assign buf_full = (wp_tmp_q - rp_q) == (RBW + 1)'(RxBeats);
  assign cur_over = (sof ? 1'b0 : f_over_q) || (buf_full && !cur_long);
  assign wr_beat = s_axis_rx_tvalid_i && !cur_long && !cur_over;
  assign eof = s_axis_rx_tvalid_i && s_axis_rx_tlast_i;
  assign good = !cur_long && !cur_over && !s_axis_rx_tuser_i &&
                (len_next >= 15'd14) && frec_wready;

  always_ff @(posedge clk_i) begin
    if (wr_beat) rx_mem_q[wp_tmp_q[RBW-1:0]] <= s_axis_rx_tdata_i;
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      in_frame_q <= 1'b0;
      f_over_q <= 1'b0;
      f_long_q <= 1'b0;
      f_len_q <= '0;
      wp_commit_q <= '0;
      wp_tmp_q <= '0;
    end else if (s_axis_rx_tvalid_i) begin
      in_frame_q <= !s_axis_rx_tlast_i;
      f_over_q <= cur_over;
      f_long_q <= cur_long;
      f_len_q <= len_next[13:0];
      if (eof) begin
        if (good) begin
          wp_commit_q <= wp_tmp_q + (RBW + 1)'(wr_beat);
          wp_tmp_q <= wp_tmp_q + (RBW + 1)'(wr_beat);
        end else begin
          wp_tmp_q <= wp_commit_q;
        end
      end else if (wr_beat) begin
        wp_tmp_q <= wp_tmp_q + 1'b1;
      end
    end
  end

  // drop reasons, counted once per frame at its last beat (an FCS error is
  // counted by wn_rx_steer)
  assign cnt_drop_length_o = eof && !s_axis_rx_tuser_i && (cur_long || len_next < 15'd14);
  assign cnt_drop_overrun_o = eof && !s_axis_rx_tuser_i && !cur_long &&
                              len_next >= 15'd14 && (cur_over || !frec_wready);

  // frame records: {len}
  logic [13:0] frec_rdata;
  logic        frec_rvalid, frec_pop;
  wn_fifo #(
      .Width(14),
      .Depth(64)
  ) u_frec (
      .clk_i,
      .rst_i,
      .wdata_i (len_next[13:0]),
      .wvalid_i(eof && good),
      .wready_o(frec_wready),
      .rdata_o (frec_rdata),
      .rvalid_o(frec_rvalid),
      .rready_i(frec_pop),
      .count_o (nc_count_1)
  );

  // RX buffer read side (registered read, first-word-fall-through)
  logic [511:0] rb_data_q;
  logic         rb_valid_q;
  logic         rb_pop;
  logic         rb_load;
  assign rb_load = (wp_commit_q != rp_q) && (!rb_valid_q || rb_pop);
  always_ff @(posedge clk_i) begin
    if (rb_load) rb_data_q <= rx_mem_q[rp_q[RBW-1:0]];
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      rp_q <= '0;
      rb_valid_q <= 1'b0;
    end else begin
      if (rb_load) begin
        rp_q <= rp_q + 1'b1;
        rb_valid_q <= 1'b1;
      end else if (rb_pop) begin
        rb_valid_q <= 1'b0;
      end
    end
  end

  // ==================================================================
  // Per-queue state and WQE prefetch
  // ==================================================================
  typedef enum logic [1:0] {
    DIdle,
    DWrite,
    DDrain
  } dstate_e;
  dstate_e       d_state_q, d_state_d;
  logic [QW-1:0] d_rq;
  logic [CBW:0] inflight_q [NumRq];   // WQEs requested, not yet cached
  logic [7:0]   fq_busy_q  [NumRq];   // WQE fetches outstanding
  logic [7:0]   wr_busy_q  [NumRq];   // frame writes awaiting their done report
  logic [CBW:0] cache_count [NumRq];
  logic [NumRq-1:0] db_err, cand, q_ready;
  logic [3:0]  cand_n [NumRq];
  logic [63:0] cand_addr [NumRq];
  logic [15:0] cand_ptr [NumRq];
  logic [15:0] q_pi [NumRq];
  // queue events (declared here, driven below)
  logic          take_werr, take_ferr, take_db, fetch_err_take, pend_pop, fetch_fire;
  logic [QW-1:0] p_rq, fm_rq, db_rq, fetch_rq;

  for (genvar i = 0; i < NumRq; i++) begin : g_q
    logic [CBW+1:0] room;
    logic [15:0]    state;
    logic           ferr, werr;
    logic           live;  // the receive queue is never stopped ahead of an error
    logic           unused_live;
    assign unused_live = live;
    assign room = (CBW + 2)'(CacheDepth) - {1'b0, inflight_q[i]} - {1'b0, cache_count[i]};
    assign ferr = fetch_err_take && fm_rq == QW'(i);
    assign werr = take_werr && p_rq == QW'(i);
    assign q_pi[i] = rq_pi_i[i*16 +: 16];
    wn_wq_ring u_ring (
        .clk_i,
        .rst_i,
        .enable_i    (rq_enable_i[i]),
        .base_i      (rq_base_i[i*64 +: 64]),
        .log_size_i  (rq_log_size_i[i*4 +: 4]),
        .pi_i        (rq_pi_i[i*16 +: 16]),
        .gate_i      (1'b1),
        .room_i      ((room > (CBW + 2)'(8)) ? 5'd8 : 5'(room)),
        .stop_i      (1'b0),
        .fetch_i     (fetch_fire && fetch_rq == QW'(i)),
        .complete_i  (pend_pop && p_rq == QW'(i)),
        // a refused fetch wins over a refused write in the same cycle
        .error_i     (ferr || werr),
        .status_i    (ferr ? 8'(wn_abi_pkg::CQE_STATUS_WQE_FETCH_ERR)
                           : 8'(wn_abi_pkg::CQE_STATUS_LOC_PROT_ERR)),
        .db_take_i   (take_db && db_rq == QW'(i)),
        .cand_o      (cand[i]),
        .cand_n_o    (cand_n[i]),
        .fetch_addr_o(cand_addr[i]),
        .fetch_ptr_o (cand_ptr[i]),
        .db_err_o    (db_err[i]),
        .live_o      (live),
        .ready_o     (q_ready[i]),
        .ci_o        (rq_ci_o[i*16 +: 16]),
        .state_o     (state)
    );
    // BUSY: WQE fetches or frame writes of this queue still in flight
    assign rq_state_o[i*32 +: 32] = {15'd0, (fq_busy_q[i] != 8'd0) || (wr_busy_q[i] != 8'd0) ||
                                     (d_state_q == DWrite && d_rq == QW'(i)), state};
  end

  logic          fetch_go;
  logic [3:0]    fetch_n;
  wn_rr_arb #(
      .N(NumRq)
  ) u_arb (
      .clk_i,
      .rst_i,
      .req_i   (cand),
      .grant_o (fetch_rq),
      .valid_o (fetch_go),
      .accept_i(fetch_fire)
  );
  assign fetch_n = cand_n[fetch_rq];
  logic fmeta_wready;
  assign wqe_rd_req_o.req_valid = fetch_go && fmeta_wready;
  assign wqe_rd_req_o.req_addr = cand_addr[fetch_rq];
  assign wqe_rd_req_o.req_len = {7'd0, fetch_n, 5'd0};
  assign fetch_fire = wqe_rd_req_o.req_valid && wqe_rd_req_ready_i;

  logic [QW+19:0] fmeta_rdata;
  logic           fmeta_rvalid, fmeta_pop;
  wn_fifo #(
      .Width(QW + 20),
      .Depth(32)
  ) u_fmeta (
      .clk_i,
      .rst_i,
      .wdata_i ({fetch_rq, cand_ptr[fetch_rq], fetch_n}),
      .wvalid_i(fetch_fire),
      .wready_o(fmeta_wready),
      .rdata_o (fmeta_rdata),
      .rvalid_o(fmeta_rvalid),
      .rready_i(fmeta_pop),
      .count_o (nc_count_2)
  );

  // unpack responses: one WQE per cycle into the queue's cache
  logic [15:0]   fm_idx;
  logic [3:0]    fm_n;
  logic [3:0]    fm_pos_q;     // WQE within the current fetch
  logic          half_q;
  logic          cache_push;
  wn_abi_pkg::rq_wqe_t u_wqe;
  logic          u_second;     // this is the second WQE of the beat
  logic          u_beat_done;

  assign fm_rq = fmeta_rdata[QW+19:20];
  assign fm_idx = fmeta_rdata[19:4];
  assign fm_n = fmeta_rdata[3:0];
  assign u_wqe = half_q ? wqe_rd_rsp_i.rsp_data[511:256] : wqe_rd_rsp_i.rsp_data[255:0];
  assign u_second = half_q;
  assign u_beat_done = half_q || (fm_pos_q + 4'd1 == fm_n);
  assign cache_push = wqe_rd_rsp_i.rsp_valid && fmeta_rvalid && !wqe_rd_rsp_i.rsp_err;
  assign fetch_err_take = wqe_rd_rsp_i.rsp_valid && fmeta_rvalid && wqe_rd_rsp_i.rsp_err;
  assign wqe_rd_rsp_ready_o = fmeta_rvalid && (wqe_rd_rsp_i.rsp_err || u_beat_done);
  assign fmeta_pop = wqe_rd_rsp_i.rsp_valid && wqe_rd_rsp_ready_o && wqe_rd_rsp_i.rsp_last;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      fm_pos_q <= '0;
      half_q <= 1'b0;
    end else if (fetch_err_take) begin
      fm_pos_q <= '0;
      half_q <= 1'b0;
    end else if (cache_push) begin
      fm_pos_q <= (fm_pos_q + 4'd1 == fm_n) ? 4'd0 : fm_pos_q + 4'd1;
      half_q <= !u_beat_done;
    end
  end

  // cache entries: {idx[15:0], wr_id[63:0], len[31:0], addr[63:0]}
  localparam int CEW = 176;
  logic [CEW-1:0] cache_rdata [NumRq];
  logic [NumRq-1:0] cache_rvalid;
  logic [NumRq-1:0] cache_pop;
  for (genvar i = 0; i < NumRq; i++) begin : g_cache
    logic c_wready;  // room is reserved before each fetch
    logic unused_c;
    assign unused_c = c_wready;
    wn_fifo #(
        .Width(CEW),
        .Depth(CacheDepth)
    ) u_c (
        .clk_i,
        .rst_i   (rst_i || !rq_enable_i[i]),
        .wdata_i ({fm_idx + {12'd0, fm_pos_q}, u_wqe.wr_id, u_wqe.len, u_wqe.addr}),
        .wvalid_i(cache_push && fm_rq == QW'(i)),
        .wready_o(c_wready),
        .rdata_o (cache_rdata[i]),
        .rvalid_o(cache_rvalid[i]),
        .rready_i(cache_pop[i]),
        .count_o (cache_count[i])
    );
  end

  // ==================================================================
  // Deliver
  // ==================================================================
  logic [7:0]    d_beat_q;
  logic [7:0]    d_beats;
  logic          d_rq_ok;
  logic [CEW-1:0] d_wqe;
  logic [15:0]   d_idx;
  logic [63:0]   d_wr_id;
  logic [31:0]   d_buf_len;
  logic [63:0]   d_addr;
  logic          d_has_wqe;
  logic          d_pending;
  logic          pend_wready;
  logic [QW+102:0] pend_wdata;  // {nowrite, status[7:0], rq, idx, wr_id, len[13:0]}
  logic          pend_push;
  logic          d_last_beat;
  logic          d_no_buf;

  assign d_rq = QW'(rx_rq_i);
  assign d_rq_ok = ({24'd0, rx_rq_i} < NumRq) && q_ready[d_rq];
  assign d_wqe = cache_rdata[d_rq];
  assign {d_idx, d_wr_id, d_buf_len, d_addr} = d_wqe;
  assign d_has_wqe = cache_rvalid[d_rq];
  // buffers exist but are still on their way from host memory
  assign d_pending = (q_pi[d_rq] != cand_ptr[d_rq]) || (inflight_q[d_rq] != '0);
  assign d_beats = 8'((frec_rdata + 14'd63) >> 6);
  assign d_last_beat = (d_beat_q + 8'd1) == d_beats;
  assign d_no_buf = !d_rq_ok || (!d_has_wqe && !d_pending);

  assign wr_req_o.wr_addr = d_addr;
  assign wr_req_o.wr_len = {2'd0, frec_rdata};
  assign wr_req_o.wr_data = rb_data_q;
  assign wr_req_o.wr_last = d_last_beat;
  // the head frame can go: a buffer is cached, the frame fits, and there is
  // room to track its completion
  logic d_go;
  assign d_go = frec_rvalid && !d_no_buf && d_has_wqe && pend_wready &&
                ({18'd0, frec_rdata} <= d_buf_len);
  // the first beat leaves in the cycle of the decision
  assign wr_req_o.wr_valid = ((d_state_q == DWrite) || (d_state_q == DIdle && d_go)) && rb_valid_q;

  logic len_err_now;
  assign len_err_now = (d_state_q == DIdle) && frec_rvalid && !d_no_buf && d_has_wqe &&
                       ({18'd0, frec_rdata} > d_buf_len) && pend_wready;

  always_comb begin
    d_state_d = d_state_q;
    rb_pop = 1'b0;
    frec_pop = 1'b0;
    cache_pop = '0;
    pend_push = 1'b0;
    pend_wdata = {1'b0, 8'(wn_abi_pkg::CQE_STATUS_SUCCESS), d_rq, d_idx, d_wr_id, frec_rdata};
    unique case (d_state_q)
      DIdle: begin
        if (frec_rvalid) begin
          if (d_no_buf) begin
            d_state_d = DDrain;
          end else if (d_has_wqe && pend_wready) begin
            if ({18'd0, frec_rdata} > d_buf_len) begin
              // the frame does not fit: complete the buffer with an error,
              // drop the frame
              pend_push = 1'b1;
              pend_wdata[QW+102] = 1'b1;
              pend_wdata[QW+101:QW+94] = wn_abi_pkg::CQE_STATUS_LOC_LEN_ERR;
              cache_pop[d_rq] = 1'b1;
              d_state_d = DDrain;
            end else if (wr_req_o.wr_valid && wr_req_ready_i) begin
              rb_pop = 1'b1;
              if (d_last_beat) begin
                pend_push = 1'b1;
                cache_pop[d_rq] = 1'b1;
                frec_pop = 1'b1;
              end else begin
                d_state_d = DWrite;
              end
            end
          end
        end
      end
      DWrite: begin
        if (wr_req_o.wr_valid && wr_req_ready_i) begin
          rb_pop = 1'b1;
          if (d_last_beat) begin
            pend_push = 1'b1;
            cache_pop[d_rq] = 1'b1;
            frec_pop = 1'b1;
            d_state_d = DIdle;
          end
        end
      end
      DDrain: begin
        if (rb_valid_q) begin
          rb_pop = 1'b1;
          if (d_last_beat) begin
            frec_pop = 1'b1;
            d_state_d = DIdle;
          end
        end
      end
      default: d_state_d = DIdle;
    endcase
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      d_state_q <= DIdle;
      d_beat_q <= '0;
    end else begin
      d_state_q <= d_state_d;
      if (rb_pop) d_beat_q <= d_last_beat ? 8'd0 : d_beat_q + 8'd1;
    end
  end

  assign cnt_drop_no_buf_o = (d_state_q == DIdle) && frec_rvalid && d_no_buf;
  assign cnt_len_err_o = len_err_now;
  assign cnt_rx_frame_o = wr_req_o.wr_valid && wr_req_ready_i && d_last_beat;
  assign cnt_rx_bytes_o = frec_rdata;

  // pending completions, released in order: a write waits for its done
  // report, a no-write entry (LOC_LEN_ERR) goes at once when at the head
  logic [QW+102:0] pend_rdata;
  logic           pend_rvalid;
  wn_fifo #(
      .Width(QW + 103),
      .Depth(64)
  ) u_pend (
      .clk_i,
      .rst_i,
      .wdata_i (pend_wdata),
      .wvalid_i(pend_push),
      .wready_o(pend_wready),
      .rdata_o (pend_rdata),
      .rvalid_o(pend_rvalid),
      .rready_i(pend_pop),
      .count_o (nc_count_4)
  );

  // done reports (in write order) may arrive before their pending entry
  // reaches the FIFO head: they queue in u_done.
  logic       de_rdata, de_rvalid;
  logic       p_nowrite;
  logic [7:0] p_status;
  logic [15:0] p_idx;
  logic [63:0] p_wr_id;
  logic [13:0] p_len;
  logic       p_ready;
  logic       p_err;
  logic       cq_wready, ev_wready;

  assign {p_nowrite, p_status, p_rq, p_idx, p_wr_id, p_len} = pend_rdata;
  assign p_ready = pend_rvalid && (p_nowrite || de_rvalid);
  assign p_err = !p_nowrite && de_rdata;
  assign pend_pop = p_ready && cq_wready && ev_wready;

  // done bookkeeping: a FIFO of error bits
  wn_fifo #(
      .Width(1),
      .Depth(64)
  ) u_done (
      .clk_i,
      .rst_i,
      .wdata_i (wr_done_i.done_err),
      .wvalid_i(wr_done_i.done_valid),
      .wready_o(nc_wready_6),
      .rdata_o (de_rdata),
      .rvalid_o(de_rvalid),
      .rready_i(pend_pop && !p_nowrite),
      .count_o (nc_count_5)
  );

  logic [7:0] p_final;
  assign p_final = p_err ? 8'(wn_abi_pkg::CQE_STATUS_LOC_PROT_ERR) : p_status;

  logic [7:0] p_cqn;
  assign p_cqn = rq_cqn_i[32'(p_rq)*8 +: 8];
  wn_fifo #(
      .Width(152),
      .Depth(8)
  ) u_cpl (
      .clk_i,
      .rst_i,
      .wdata_i ({p_cqn, 16'(p_rq), p_idx, p_wr_id, {18'd0, p_len},
                 8'(wn_abi_pkg::CQE_OPCODE_RECV), p_final}),
      .wvalid_i(pend_pop),
      .wready_o(cq_wready),
      .rdata_o (cpl_o),
      .rvalid_o(cpl_valid_o),
      .rready_i(cpl_ready_i),
      .count_o (nc_count_7)
  );

  // events: refused write (at completion), refused fetch, doorbell error
  logic          db_any;
  always_comb begin
    db_any = 1'b0;
    db_rq = '0;
    for (int k = NumRq - 1; k >= 0; k--) begin
      if (db_err[k]) begin
        db_any = 1'b1;
        db_rq = QW'(k);
      end
    end
  end

  logic        ev_push;
  logic [63:0] ev_wdata;
  logic [7:0]  f_eqn, p_eqn, db_eqn;
  assign p_eqn = cq_eqn_i[32'(p_cqn)*8 +: 8];
  assign f_eqn = cq_eqn_i[32'(rq_cqn_i[32'(fm_rq)*8 +: 8])*8 +: 8];
  assign db_eqn = cq_eqn_i[32'(rq_cqn_i[32'(db_rq)*8 +: 8])*8 +: 8];
  assign take_werr = pend_pop && p_err;
  // a refused fetch is consumed by the unpacker at once; its event may be
  // lost only if the event FIFO is full, and it is counted regardless
  assign take_ferr = fetch_err_take && ev_wready && !take_werr;
  assign take_db = db_any && ev_wready && !take_werr && !fetch_err_take;

  always_comb begin
    ev_push = 1'b1;
    ev_wdata = {db_eqn, 8'(wn_abi_pkg::EQE_TYPE_RQ_ERROR), 16'(db_rq), 24'd0,
                8'(wn_abi_pkg::CQE_STATUS_DOORBELL_ERR)};
    if (take_werr) ev_wdata = {p_eqn, 8'(wn_abi_pkg::EQE_TYPE_RQ_ERROR), 16'(p_rq), 24'd0,
                               8'(wn_abi_pkg::CQE_STATUS_LOC_PROT_ERR)};
    else if (take_ferr) ev_wdata = {f_eqn, 8'(wn_abi_pkg::EQE_TYPE_RQ_ERROR), 16'(fm_rq), 24'd0,
                                    8'(wn_abi_pkg::CQE_STATUS_WQE_FETCH_ERR)};
    else if (!take_db) ev_push = 1'b0;
  end

  wn_fifo #(
      .Width(64),
      .Depth(4)
  ) u_ev (
      .clk_i,
      .rst_i,
      .wdata_i (ev_wdata),
      .wvalid_i(ev_push),
      .wready_o(ev_wready),
      .rdata_o (ev_o),
      .rvalid_o(ev_valid_o),
      .rready_i(ev_ready_i),
      .count_o (nc_count_8)
  );

  // WQEs fetched for each queue and not yet in its cache
  for (genvar i = 0; i < NumRq; i++) begin : g_infl
    always_ff @(posedge clk_i) begin
      if (rst_i || !rq_enable_i[i]) begin
        inflight_q[i] <= '0;
      end else begin
        inflight_q[i] <= inflight_q[i]
            + ((fetch_fire && fetch_rq == QW'(i)) ? (CBW + 1)'(fetch_n) : '0)
            - ((cache_push && fm_rq == QW'(i)) ? (CBW + 1)'(1) : '0)
            - ((fetch_err_take && fm_rq == QW'(i)) ? (CBW + 1)'(4'(fm_n - fm_pos_q)) : '0);
      end
    end
  end

  for (genvar i = 0; i < NumRq; i++) begin : g_busy
    always_ff @(posedge clk_i) begin
      if (rst_i) begin
        fq_busy_q[i] <= '0;
        wr_busy_q[i] <= '0;
      end else begin
        fq_busy_q[i] <= fq_busy_q[i] + ((fetch_fire && fetch_rq == QW'(i)) ? 8'd1 : 8'd0)
                                     - ((fmeta_pop && fm_rq == QW'(i)) ? 8'd1 : 8'd0);
        wr_busy_q[i] <= wr_busy_q[i] + ((pend_push && d_rq == QW'(i)) ? 8'd1 : 8'd0)
                                     - ((pend_pop && p_rq == QW'(i)) ? 8'd1 : 8'd0);
      end
    end
  end

  assign cnt_dma_rd_err_o = fetch_err_take;
  assign cnt_dma_wr_err_o = wr_done_i.done_valid && wr_done_i.done_err;
  assign cnt_doorbell_err_o = take_db;

  logic unused;
  assign unused = ^{u_second, u_wqe.rsvd0, u_wqe.rsvd1, d_wqe, len_err_now, cache_count[0]};

  // FIFO outputs this module does not need
  logic [$clog2(64):0] nc_count_1;
  logic [$clog2(32):0] nc_count_2;
  logic [$clog2(64):0] nc_count_4;
  logic [$clog2(64):0] nc_count_5;
  logic nc_wready_6;
  logic [$clog2(8):0] nc_count_7;
  logic [$clog2(4):0] nc_count_8;
  logic unused_nc;
  assign unused_nc = ^{nc_count_1, nc_count_2, nc_count_4, nc_count_5, nc_wready_6, nc_count_7, nc_count_8};
endmodule
