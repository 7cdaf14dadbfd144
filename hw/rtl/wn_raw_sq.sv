// wn_raw_sq: the raw Ethernet send queues (frames posted by the host, sent as
// they are; the RDMA send path is wn_rdma_tx).
//
// Pipeline (all in order):
//   fetch    round-robin over ready SQs with posted WQEs; one DMA read of up
//            to 8 WQEs (32 B each) per request, any number of requests in
//            flight while the WQE buffer has room reserved for them.
//   wqe      one WQE per cycle from the WQE buffer: checks opcode and length,
//            reserves TX buffer room and issues the payload DMA reads (split
//            at DMA_MAX_READ), and queues a frame record.
//   payload  DMA read data lands in the TX buffer; a refused read (IOMMU)
//            is padded out so the buffer stays aligned and the frame is
//            marked bad.
//   output   store-and-forward: a frame leaves for the MAC only once all of
//            its data is in the TX buffer and none of it was refused; a bad
//            frame is discarded. Then the completion (if SIGNALED, or any
//            error) goes to the CQ engine and CI advances.
// An error (fetch refused, bad opcode, bad length, payload refused, doorbell
// past the ring) stops the SQ at once (no more fetches, later WQEs of that
// SQ are dropped), completes the failed WQE with its status when it reaches
// the output in order, puts the SQ in ERROR and posts an SQ_ERROR event.
// The host flushes the WQEs after CI. Nothing is ever written to host
// memory by this engine except through the CQ engine.
//
// Frame format on m_axis_tx: Ethernet frame without FCS, byte 0 in bits
// 7:0; tkeep all ones except the last beat.
//
// Throughput: one WQE per cycle through the wqe stage; one beat per cycle
// at the output; back-to-back frames with no idle beat.
// Reset clears all queue state (the registers' CTRL.ENABLE=0 does the same
// per queue).
// Parameters: NumSq 1..16; WqeBeats (WQE buffer, 64-byte beats, power of
// two >= 8); TxBeats (TX buffer, power of two >= 256 so a 9014-byte frame
// fits).
module wn_raw_sq #(
    parameter int NumSq = 4,
    parameter int NumCq = 8,
    parameter int WqeBeats = 64,
    parameter int TxBeats = 512
) (
    input  logic                  clk_i,
    input  logic                  rst_i,
    // configuration (from wn_regs)
    input  logic                  tx_enable_i,
    input  logic [13:0]           max_frame_i,
    input  logic [NumSq*64-1:0]   sq_base_i,
    input  logic [NumSq*4-1:0]    sq_log_size_i,
    input  logic [NumSq*8-1:0]    sq_cqn_i,
    input  logic [NumSq-1:0]      sq_enable_i,
    input  logic [NumSq*16-1:0]   sq_pi_i,
    input  logic [NumCq*8-1:0]    cq_eqn_i,
    output logic [NumSq*16-1:0]   sq_ci_o,
    output logic [NumSq*32-1:0]   sq_state_o,
    // DMA read port A: WQE fetch
    output wn_abi_pkg::dma_rd_req_t wqe_rd_req_o,
    input  logic                    wqe_rd_req_ready_i,
    input  wn_abi_pkg::dma_rd_rsp_t wqe_rd_rsp_i,
    output logic                    wqe_rd_rsp_ready_o,
    // DMA read port B: payload
    output wn_abi_pkg::dma_rd_req_t pay_rd_req_o,
    input  logic                    pay_rd_req_ready_i,
    input  wn_abi_pkg::dma_rd_rsp_t pay_rd_rsp_i,
    output logic                    pay_rd_rsp_ready_o,
    // Ethernet TX
    output logic [511:0]          m_axis_tx_tdata_o,
    output logic [63:0]           m_axis_tx_tkeep_o,
    output logic                  m_axis_tx_tlast_o,
    output logic                  m_axis_tx_tuser_o,
    output logic                  m_axis_tx_tvalid_o,
    input  logic                  m_axis_tx_tready_i,
    // completions to the CQ engine
    output logic [151:0]          cpl_o,
    output logic                  cpl_valid_o,
    input  logic                  cpl_ready_i,
    // events to the EQ engine: {eqn[7:0], type[7:0], source[15:0], data[31:0]}
    output logic [63:0]           ev_o,
    output logic                  ev_valid_o,
    input  logic                  ev_ready_i,
    // counter pulses
    output logic                  cnt_tx_frame_o,
    output logic [13:0]           cnt_tx_bytes_o,
    output logic                  cnt_tx_err_o,
    output logic                  cnt_dma_rd_err_o,
    output logic                  cnt_doorbell_err_o
);
  localparam int SW = (NumSq > 1) ? $clog2(NumSq) : 1;
  localparam int WBW = $clog2(WqeBeats);
  localparam int TBW = $clog2(TxBeats);
  localparam int MaxRead = wn_abi_pkg::DMA_MAX_READ;

  generate
    if (NumSq < 1 || NumSq > 16) begin : g_bad_sq
      $fatal(1, "wn_raw_sq: NumSq must be 1..16");
    end
    if (WqeBeats < 8 || (1 << WBW) != WqeBeats) begin : g_bad_wqe
      $fatal(1, "wn_raw_sq: WqeBeats must be a power of two >= 8");
    end
    if (TxBeats < 256 || (1 << TBW) != TxBeats) begin : g_bad_tx
      $fatal(1, "wn_raw_sq: TxBeats must be a power of two >= 256");
    end
  endgenerate

  // ------------------------------------------------------------------
  // Per-queue ring contexts
  // ------------------------------------------------------------------
  logic [7:0]  fq_busy_q   [NumSq];   // WQE fetches outstanding
  logic [7:0]  fr_busy_q   [NumSq];   // frame records in the pipeline

  // stop requests from the wqe stage and from the doorbell check
  logic              stop_wqe;
  logic [SW-1:0]     stop_wqe_sq;
  logic [NumSq-1:0]  db_err;
  logic              db_take;
  logic [SW-1:0]     db_sq;
  // CI advance / error entry from the output stage
  logic              out_done;
  logic [SW-1:0]     out_sq;
  logic              out_err;
  logic [7:0]        out_status;

  logic [WBW+1:0] wqe_inflight_q;    // beats requested, not yet in the buffer
  logic [WBW:0]   wqe_buf_count;
  logic           fetch_any;
  logic           fetch_fire;
  logic           fetch_go;
  logic [SW-1:0]  fetch_sq;
  logic [3:0]     fetch_n;
  logic [63:0]    fetch_addr;
  logic [3:0]     cand_n [NumSq];
  logic [63:0]    cand_addr [NumSq];
  logic [15:0]    cand_ptr [NumSq];
  logic [NumSq-1:0] cand, q_live, q_ready;
  logic [2:0]     fetch_beats;

  for (genvar i = 0; i < NumSq; i++) begin : g_ring
    logic [15:0] state;
    wn_wq_ring u_ring (
        .clk_i,
        .rst_i,
        .enable_i    (sq_enable_i[i]),
        .base_i      (sq_base_i[i*64 +: 64]),
        .log_size_i  (sq_log_size_i[i*4 +: 4]),
        .pi_i        (sq_pi_i[i*16 +: 16]),
        .gate_i      (tx_enable_i),
        .room_i      (5'd8),
        .stop_i      (stop_wqe && stop_wqe_sq == SW'(i)),
        .fetch_i     (fetch_fire && fetch_sq == SW'(i)),
        .complete_i  (out_done && out_sq == SW'(i)),
        .error_i     (out_done && out_err && out_sq == SW'(i)),
        .status_i    (out_status),
        .db_take_i   (db_take && db_sq == SW'(i)),
        .cand_o      (cand[i]),
        .cand_n_o    (cand_n[i]),
        .fetch_addr_o(cand_addr[i]),
        .fetch_ptr_o (cand_ptr[i]),
        .db_err_o    (db_err[i]),
        .live_o      (q_live[i]),
        .ready_o     (q_ready[i]),
        .ci_o        (sq_ci_o[i*16 +: 16]),
        .state_o     (state)
    );
    // BUSY: WQE fetches or frames of this queue still in the pipeline (the
    // host waits for it to clear before unmapping the ring or buffers)
    assign sq_state_o[i*32 +: 32] = {15'd0, (fq_busy_q[i] != 8'd0) || (fr_busy_q[i] != 8'd0), state};
  end

  wn_rr_arb #(
      .N(NumSq)
  ) u_arb (
      .clk_i,
      .rst_i,
      .req_i   (cand),
      .grant_o (fetch_sq),
      .valid_o (fetch_any),
      .accept_i(fetch_fire)
  );

  always_comb begin
    fetch_go = fetch_any;
    fetch_n = cand_n[fetch_sq];
    fetch_beats = 3'((fetch_n + 4'd1) >> 1);
    // room for the whole fetch in the WQE buffer
    if ((32'(wqe_inflight_q) + 32'(wqe_buf_count) + 32'(fetch_beats)) > WqeBeats) fetch_go = 1'b0;
    fetch_addr = cand_addr[fetch_sq];
  end

  assign wqe_rd_req_o.req_valid = fetch_go;
  assign wqe_rd_req_o.req_addr = fetch_addr;
  assign wqe_rd_req_o.req_len = {7'd0, fetch_n, 5'd0};

  // fetch records: {sq, first index, count}
  logic          fmeta_rvalid;
  logic [SW+19:0] fmeta_rdata;
  logic [$clog2(64):0] fmeta_count;
  logic          fmeta_pop;
  assign fetch_fire = fetch_go && wqe_rd_req_ready_i;

  wn_fifo #(
      .Width(SW + 20),
      .Depth(64)
  ) u_fmeta (
      .clk_i,
      .rst_i,
      .wdata_i ({fetch_sq, cand_ptr[fetch_sq], fetch_n}),
      .wvalid_i(fetch_fire),
      .wready_o(nc_wready_1),
      .rdata_o (fmeta_rdata),
      .rvalid_o(fmeta_rvalid),
      .rready_i(fmeta_pop),
      .count_o (fmeta_count)
  );

  // WQE response -> WQE buffer. Entry: {err, sq, idx, n(1..2), data}
  localparam int WEW = 1 + SW + 16 + 2 + 512;
  logic [SW-1:0] fm_sq;
  logic [15:0]   fm_idx;
  logic [3:0]    fm_n;
  logic [2:0]    fm_beat_q;     // beat within the current fetch
  logic [3:0]    fm_left;
  logic [1:0]    beat_n;
  logic          wbuf_push;
  logic [WEW-1:0] wbuf_wdata, wbuf_rdata;
  logic          wbuf_wready, wbuf_rvalid, wbuf_pop;
  logic [2:0]    fm_total_beats;

  assign fm_sq = fmeta_rdata[SW+19:20];
  assign fm_idx = fmeta_rdata[19:4];
  assign fm_n = fmeta_rdata[3:0];
  assign fm_total_beats = 3'((fm_n + 4'd1) >> 1);
  assign fm_left = fm_n - {fm_beat_q, 1'b0};
  assign beat_n = (fm_left >= 4'd2) ? 2'd2 : 2'd1;
  assign wqe_rd_rsp_ready_o = fmeta_rvalid && wbuf_wready;
  assign wbuf_push = wqe_rd_rsp_i.rsp_valid && wqe_rd_rsp_ready_o;
  assign wbuf_wdata = {wqe_rd_rsp_i.rsp_err, fm_sq, fm_idx + {12'd0, fm_beat_q, 1'b0}, beat_n, wqe_rd_rsp_i.rsp_data};
  assign fmeta_pop = wbuf_push && wqe_rd_rsp_i.rsp_last;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      fm_beat_q <= '0;
    end else if (wbuf_push) begin
      fm_beat_q <= wqe_rd_rsp_i.rsp_last ? 3'd0 : fm_beat_q + 3'd1;
    end
  end

  // in-flight beat accounting: + at fetch, - per beat landed, - the rest of
  // a fetch refused by the host (a refused read returns one beat)
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      wqe_inflight_q <= '0;
    end else begin
      wqe_inflight_q <= wqe_inflight_q
          + (fetch_fire ? (WBW + 2)'(fetch_beats) : '0)
          - (wbuf_push ? (wqe_rd_rsp_i.rsp_err ? (WBW + 2)'(3'(fm_total_beats - fm_beat_q)) : (WBW + 2)'(1)) : '0);
    end
  end

  wn_fifo #(
      .Width(WEW),
      .Depth(WqeBeats)
  ) u_wbuf (
      .clk_i,
      .rst_i,
      .wdata_i (wbuf_wdata),
      .wvalid_i(wbuf_push),
      .wready_o(wbuf_wready),
      .rdata_o (wbuf_rdata),
      .rvalid_o(wbuf_rvalid),
      .rready_i(wbuf_pop),
      .count_o (wqe_buf_count)
  );

  // ------------------------------------------------------------------
  // WQE stage
  // ------------------------------------------------------------------
  localparam int FKindNop = 0, FKindSend = 1, FKindErr = 2;
  // frame record: {kind[1:0], status[7:0], sq, idx[15:0], wr_id[63:0], len[13:0], signaled}
  localparam int FRW = 2 + 8 + SW + 16 + 64 + 14 + 1;

  logic          half_q;
  logic          w_err;
  logic [SW-1:0] w_sq;
  logic [15:0]   w_idx;
  logic [1:0]    w_n;
  logic [255:0]  w_wqe;
  wn_abi_pkg::sq_wqe_t w;
  logic          w_last_half;

  assign w_err = wbuf_rdata[WEW-1];
  assign w_sq = wbuf_rdata[WEW-2 -: SW];
  assign w_idx = wbuf_rdata[WEW-2-SW -: 16] + {15'd0, half_q};
  assign w_n = wbuf_rdata[513:512];
  assign w_wqe = half_q ? wbuf_rdata[511:256] : wbuf_rdata[255:0];
  assign w = w_wqe;
  assign w_last_half = w_err || (w_n == 2'd1) || half_q;

  logic          fr_wready;
  logic [FRW-1:0] fr_wdata;
  logic          fr_push;

  // payload chunk issue state (for frames longer than DMA_MAX_READ)
  logic          chunking_q;
  logic [13:0]   chunk_off_q;
  logic [13:0]   w_len;
  logic [13:0]   chunk_len;
  logic [7:0]    w_beats;
  logic [TBW+1:0] tx_inflight_q;
  logic [TBW:0]  tx_count;
  logic          w_ok_len, w_is_send, w_is_nop, w_q_live;
  logic [7:0]    w_status;
  logic          pay_fire;
  logic          chunk_last;
  logic          w_consume;
  logic          tx_room;
  logic          cmeta_wready;

  assign w_len = w.len[13:0];
  assign w_beats = 8'((w_len + 14'd63) >> 6);
  assign w_ok_len = (w.len >= 32'd14) && (w.len <= {18'd0, max_frame_i});
  assign w_is_send = (w.opcode == wn_abi_pkg::WQE_OPCODE_RAW_SEND);
  assign w_is_nop = (w.opcode == wn_abi_pkg::WQE_OPCODE_NOP);
  // a WQE is processed only while its SQ is enabled and not stopped
  assign w_q_live = q_live[w_sq];
  assign chunk_len = ((w_len - chunk_off_q) > 14'(MaxRead)) ? 14'(MaxRead) : (w_len - chunk_off_q);
  assign chunk_last = (chunk_off_q + chunk_len) == w_len;
  assign tx_room = (32'(tx_inflight_q) + 32'(tx_count) + 32'(w_beats)) <= TxBeats;

  always_comb begin
    w_status = wn_abi_pkg::CQE_STATUS_SUCCESS;
    if (w_err) w_status = wn_abi_pkg::CQE_STATUS_WQE_FETCH_ERR;
    else if (!w_is_send && !w_is_nop) w_status = wn_abi_pkg::CQE_STATUS_BAD_OPCODE;
    else if (w_is_send && !w_ok_len) w_status = wn_abi_pkg::CQE_STATUS_LOC_LEN_ERR;
  end

  // pay request for the current chunk
  assign pay_rd_req_o.req_addr = w.addr + {50'd0, chunk_off_q};
  assign pay_rd_req_o.req_len = {2'd0, chunk_len};
  assign pay_rd_req_o.req_valid = wbuf_rvalid && w_q_live && (w_status == wn_abi_pkg::CQE_STATUS_SUCCESS) &&
                          w_is_send && fr_wready && cmeta_wready && (chunking_q || tx_room);
  assign pay_fire = pay_rd_req_o.req_valid && pay_rd_req_ready_i;

  always_comb begin
    w_consume = 1'b0;
    fr_push = 1'b0;
    stop_wqe = 1'b0;
    if (wbuf_rvalid) begin
      if (!w_q_live) begin
        w_consume = 1'b1;                  // queue stopped/reset: drop
      end else if (w_status != wn_abi_pkg::CQE_STATUS_SUCCESS) begin
        if (fr_wready) begin
          w_consume = 1'b1;
          fr_push = 1'b1;
          stop_wqe = 1'b1;
        end
      end else if (w_is_nop) begin
        if (fr_wready) begin
          w_consume = 1'b1;
          fr_push = 1'b1;
        end
      end else begin
        // send: the frame record goes in with the first chunk
        if (pay_fire) begin
          fr_push = !chunking_q;
          w_consume = chunk_last;
        end
      end
    end
  end
  assign stop_wqe_sq = w_sq;
  assign wbuf_pop = w_consume && w_last_half;

  always_comb begin
    fr_wdata = {2'(FKindSend), w_status, w_sq, w_idx, w.wr_id, w_len, (w.flags & wn_abi_pkg::WQE_FLAGS_SIGNALED) != 8'd0};
    if (w_status != wn_abi_pkg::CQE_STATUS_SUCCESS) fr_wdata[FRW-1 -: 2] = 2'(FKindErr);
    else if (w_is_nop) fr_wdata[FRW-1 -: 2] = 2'(FKindNop);
    if (w_err) fr_wdata[78:15] = 64'd0;  // wr_id unknown
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      half_q <= 1'b0;
      chunking_q <= 1'b0;
      chunk_off_q <= '0;
    end else begin
      if (w_consume) half_q <= w_last_half ? 1'b0 : 1'b1;
      if (pay_fire) begin
        chunking_q <= !chunk_last;
        chunk_off_q <= chunk_last ? 14'd0 : chunk_off_q + chunk_len;
      end else if (wbuf_rvalid && !w_q_live) begin
        chunking_q <= 1'b0;
        chunk_off_q <= '0;
      end
    end
  end

  logic [FRW-1:0] fr_rdata;
  logic           fr_rvalid, fr_pop;
  wn_fifo #(
      .Width(FRW),
      .Depth(64)
  ) u_frames (
      .clk_i,
      .rst_i,
      .wdata_i (fr_wdata),
      .wvalid_i(fr_push),
      .wready_o(fr_wready),
      .rdata_o (fr_rdata),
      .rvalid_o(fr_rvalid),
      .rready_i(fr_pop),
      .count_o (nc_count_2)
  );

  // chunk records: {beats[6:0], last chunk of frame}
  logic [13:0] chunk_beats14;
  logic [6:0]  chunk_beats;
  assign chunk_beats14 = (chunk_len + 14'd63) >> 6;
  assign chunk_beats = chunk_beats14[6:0];
  logic [7:0] cmeta_rdata;
  logic       cmeta_rvalid, cmeta_pop;
  wn_fifo #(
      .Width(8),
      .Depth(64)
  ) u_cmeta (
      .clk_i,
      .rst_i,
      .wdata_i ({chunk_beats, chunk_last}),
      .wvalid_i(pay_fire),
      .wready_o(cmeta_wready),
      .rdata_o (cmeta_rdata),
      .rvalid_o(cmeta_rvalid),
      .rready_i(cmeta_pop),
      .count_o (nc_count_3)
  );

  // ------------------------------------------------------------------
  // Payload response -> TX buffer
  // ------------------------------------------------------------------
  logic [6:0]  pc_beat_q;      // beats of the current chunk received
  logic        fill_q;         // padding a refused chunk
  logic        frame_bad_q;
  logic        tbuf_push;
  logic [511:0] tbuf_wdata;
  logic        tbuf_wready;
  logic        chunk_end;
  logic        rdy_push;
  logic        rdy_wready;
  logic        pay_beat;
  logic [6:0]  c_beats;
  logic        c_last;

  assign c_beats = cmeta_rdata[7:1];
  assign c_last = cmeta_rdata[0];
  assign pay_rd_rsp_ready_o = cmeta_rvalid && !fill_q && tbuf_wready && rdy_wready;
  assign pay_beat = pay_rd_rsp_i.rsp_valid && pay_rd_rsp_ready_o;
  assign tbuf_push = pay_beat || (fill_q && tbuf_wready && rdy_wready);
  assign tbuf_wdata = (pay_beat && !pay_rd_rsp_i.rsp_err) ? pay_rd_rsp_i.rsp_data : 512'd0;
  assign chunk_end = tbuf_push && (pc_beat_q + 7'd1 == c_beats);
  assign cmeta_pop = chunk_end;
  assign rdy_push = chunk_end && c_last;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      pc_beat_q <= '0;
      fill_q <= 1'b0;
      frame_bad_q <= 1'b0;
    end else begin
      if (tbuf_push) pc_beat_q <= chunk_end ? 7'd0 : pc_beat_q + 7'd1;
      if (pay_beat && pay_rd_rsp_i.rsp_err && !chunk_end) fill_q <= 1'b1;
      if (chunk_end) fill_q <= 1'b0;
      if (pay_beat && pay_rd_rsp_i.rsp_err) frame_bad_q <= 1'b1;
      if (rdy_push) frame_bad_q <= 1'b0;
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      tx_inflight_q <= '0;
    end else begin
      tx_inflight_q <= tx_inflight_q
          + ((pay_fire && !chunking_q) ? (TBW + 2)'(w_beats) : '0)
          - (tbuf_push ? (TBW + 2)'(1) : '0);
    end
  end

  logic [511:0] tbuf_rdata;
  logic         tbuf_rvalid, tbuf_pop;
  wn_fifo #(
      .Width(512),
      .Depth(TxBeats)
  ) u_tbuf (
      .clk_i,
      .rst_i,
      .wdata_i (tbuf_wdata),
      .wvalid_i(tbuf_push),
      .wready_o(tbuf_wready),
      .rdata_o (tbuf_rdata),
      .rvalid_o(tbuf_rvalid),
      .rready_i(tbuf_pop),
      .count_o (tx_count)
  );

  // frame-ready records: {bad}
  logic rdy_rdata, rdy_rvalid, rdy_pop;
  wn_fifo #(
      .Width(1),
      .Depth(64)
  ) u_ready (
      .clk_i,
      .rst_i,
      .wdata_i (frame_bad_q || (pay_beat && pay_rd_rsp_i.rsp_err)),
      .wvalid_i(rdy_push),
      .wready_o(rdy_wready),
      .rdata_o (rdy_rdata),
      .rvalid_o(rdy_rvalid),
      .rready_i(rdy_pop),
      .count_o (nc_count_4)
  );

  // ------------------------------------------------------------------
  // Output stage
  // ------------------------------------------------------------------
  logic [1:0]    o_kind;
  logic [7:0]    o_status;
  logic [SW-1:0] o_sq;
  logic [15:0]   o_idx;
  logic [63:0]   o_wr_id;
  logic [13:0]   o_len;
  logic          o_signaled;
  logic [7:0]    o_beat_q;
  logic [7:0]    o_beats;
  logic          o_last_beat;
  logic          o_live;
  logic          o_send_ok;
  logic          o_need_cpl;
  logic          cq_wready, ev_wready;
  logic          o_finish;
  logic [7:0]    o_final_status;
  logic          o_drain;

  assign {o_kind, o_status, o_sq, o_idx, o_wr_id, o_len, o_signaled} = fr_rdata;
  assign o_beats = 8'((o_len + 14'd63) >> 6);
  assign o_last_beat = (o_beat_q + 8'd1) == o_beats;
  // output entries of a queue that was disabled meanwhile are dropped
  assign o_live = q_ready[o_sq];
  assign o_send_ok = (o_kind == 2'(FKindSend)) && rdy_rvalid && !rdy_rdata && o_live;
  // a send whose data was refused, or whose queue went away, is drained
  assign o_drain = (o_kind == 2'(FKindSend)) && rdy_rvalid && (rdy_rdata || !o_live);

  assign m_axis_tx_tvalid_o = fr_rvalid && o_send_ok && tbuf_rvalid && cq_wready && ev_wready;
  assign m_axis_tx_tdata_o = tbuf_rdata;
  assign m_axis_tx_tlast_o = o_last_beat;
  assign m_axis_tx_tuser_o = 1'b0;
  always_comb begin
    m_axis_tx_tkeep_o = {64{1'b1}};
    if (o_last_beat && (o_len[5:0] != 6'd0)) m_axis_tx_tkeep_o = (64'd1 << o_len[5:0]) - 64'd1;
  end

  always_comb begin
    tbuf_pop = 1'b0;
    o_finish = 1'b0;
    o_final_status = o_status;
    if (fr_rvalid) begin
      unique case (o_kind)
        2'(FKindSend): begin
          if (m_axis_tx_tvalid_o && m_axis_tx_tready_i) begin
            tbuf_pop = 1'b1;
            o_finish = o_last_beat;
          end else if (o_drain && tbuf_rvalid && cq_wready && ev_wready) begin
            tbuf_pop = 1'b1;
            o_finish = o_last_beat;
            o_final_status = wn_abi_pkg::CQE_STATUS_LOC_PROT_ERR;
          end
        end
        2'(FKindNop), 2'(FKindErr): o_finish = cq_wready && ev_wready;
        default: o_finish = 1'b1;
      endcase
    end
  end
  assign fr_pop = o_finish;
  assign rdy_pop = o_finish && (o_kind == 2'(FKindSend));

  always_ff @(posedge clk_i) begin
    if (rst_i) o_beat_q <= '0;
    else if (tbuf_pop) o_beat_q <= o_last_beat ? 8'd0 : o_beat_q + 8'd1;
  end

  // completion and state update at the end of each record
  logic o_is_err;
  assign o_is_err = o_final_status != wn_abi_pkg::CQE_STATUS_SUCCESS;
  assign out_done = o_finish && o_live;
  assign out_sq = o_sq;
  assign out_err = o_is_err;
  assign out_status = o_final_status;
  assign o_need_cpl = out_done && (o_signaled || o_is_err);

  // completion: {cqn[7:0], queue[15:0], idx[15:0], wr_id[63:0], len[31:0], opcode[7:0], status[7:0]}
  logic [151:0] cpl_wdata;
  logic [7:0]   o_cqn;
  assign o_cqn = sq_cqn_i[32'(o_sq)*8 +: 8];
  assign cpl_wdata = {o_cqn, 16'(o_sq), o_idx, o_wr_id,
                      (o_kind == 2'(FKindSend)) ? {18'd0, o_len} : 32'd0,
                      (o_kind == 2'(FKindNop)) ? 8'(wn_abi_pkg::CQE_OPCODE_NOP) : 8'(wn_abi_pkg::CQE_OPCODE_SEND),
                      o_final_status};

  wn_fifo #(
      .Width(152),
      .Depth(8)
  ) u_cpl (
      .clk_i,
      .rst_i,
      .wdata_i (cpl_wdata),
      .wvalid_i(o_need_cpl),
      .wready_o(cq_wready),
      .rdata_o (cpl_o),
      .rvalid_o(cpl_valid_o),
      .rready_i(cpl_ready_i),
      .count_o (nc_count_5)
  );

  // events: queue errors (from the output stage) and doorbell errors
  logic [63:0] ev_wdata;
  logic        ev_push;
  logic [7:0]  o_eqn;
  logic        db_any;
  logic [7:0]  db_eqn;

  always_comb begin
    db_any = 1'b0;
    db_sq = '0;
    for (int k = NumSq - 1; k >= 0; k--) begin
      if (db_err[k]) begin
        db_any = 1'b1;
        db_sq = SW'(k);
      end
    end
  end
  assign o_eqn = cq_eqn_i[32'(o_cqn)*8 +: 8];
  assign db_eqn = cq_eqn_i[32'(sq_cqn_i[32'(db_sq)*8 +: 8])*8 +: 8];

  always_comb begin
    ev_push = 1'b0;
    ev_wdata = '0;
    if (out_done && out_err) begin
      ev_push = 1'b1;
      ev_wdata = {o_eqn, 8'(wn_abi_pkg::EQE_TYPE_SQ_ERROR), 16'(o_sq), 24'd0, o_final_status};
    end else if (db_any && ev_wready) begin
      ev_push = 1'b1;
      ev_wdata = {db_eqn, 8'(wn_abi_pkg::EQE_TYPE_SQ_ERROR), 16'(db_sq), 24'd0,
                  8'(wn_abi_pkg::CQE_STATUS_DOORBELL_ERR)};
    end
  end
  // a doorbell error is taken only in a cycle the output stage posts nothing
  assign db_take = db_any && ev_wready && !(out_done && out_err);

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
      .count_o (nc_count_6)
  );

  // busy accounting (cleared by reset only: it outlives a queue reset)
  for (genvar i = 0; i < NumSq; i++) begin : g_busy
    always_ff @(posedge clk_i) begin
      if (rst_i) begin
        fq_busy_q[i] <= '0;
        fr_busy_q[i] <= '0;
      end else begin
        fq_busy_q[i] <= fq_busy_q[i] + ((fetch_fire && fetch_sq == SW'(i)) ? 8'd1 : 8'd0)
                                     - ((fmeta_pop && fm_sq == SW'(i)) ? 8'd1 : 8'd0);
        fr_busy_q[i] <= fr_busy_q[i] + ((fr_push && w_sq == SW'(i)) ? 8'd1 : 8'd0)
                                     - ((fr_pop && o_sq == SW'(i)) ? 8'd1 : 8'd0);
      end
    end
  end

  // counters
  assign cnt_tx_frame_o = m_axis_tx_tvalid_o && m_axis_tx_tready_i && o_last_beat;
  assign cnt_tx_bytes_o = o_len;
  assign cnt_tx_err_o = out_done && out_err;
  assign cnt_dma_rd_err_o = (wbuf_push && wqe_rd_rsp_i.rsp_err) || (pay_beat && pay_rd_rsp_i.rsp_err);
  assign cnt_doorbell_err_o = db_take;

  logic unused;
  assign unused = ^{fmeta_count, w.rsvd0, w.rsvd1, w.opcode, fm_total_beats, tx_count, chunk_beats14[13:7],
                   pay_rd_rsp_i.rsp_last};

  // FIFO outputs this module does not need
  logic nc_wready_1;
  logic [$clog2(64):0] nc_count_2;
  logic [$clog2(64):0] nc_count_3;
  logic [$clog2(64):0] nc_count_4;
  logic [$clog2(8):0] nc_count_5;
  logic [$clog2(4):0] nc_count_6;
  logic unused_nc;
  assign unused_nc = ^{nc_wready_1, nc_count_2, nc_count_3, nc_count_4, nc_count_5, nc_count_6};
endmodule
