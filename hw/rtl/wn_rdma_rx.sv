// wn_rdma_rx: the receive side of the iWARP data path. It joins wn_mpa_rx
// (FPDU delineation, markers, CRC32c), wn_ddp_rx (DDP/RDMAP placement,
// Terminate codes) and wn_mr_table (STag checks) with the per-QP state they
// need: the receive-side attributes of each QP (from its set-up, qs_*), the
// MPA and DDP receive contexts, the receive queues (wn_rdma_rq: WQE fetch,
// scatter-entry checks, buffers, flushes) and the completions. The QPs'
// states come from wn_rdma_ctrl (qp_rx_i: receiving; qp_err_i: ERROR).
//
// Segments (s_t*): the in-order TCP payload of connections in RDMA mode
// (ULP_MODE RDMA), one packet per TCP segment, byte 0 in bits 7:0 of the
// first beat, tkeep contiguous, with the QP the TCB names (s_qp_i, from
// the first beat). A QP number out of range, or a QP that is not bound
// (state below RTR or ERROR) has its bytes dropped (counted).
//
// Contexts: wn_mpa_rx and wn_ddp_rx take a context with a packet's first
// beat and return it after the packet. The next packet of the same QP goes
// on with the context they hold (s_cont_i); a packet of another QP loads
// its own from the tables here and follows the packets in flight at once,
// unless a context of its QP is still in flight (a list of the runs of
// packets in flight, wn_runs, answers that; up to 8 runs per stage). The
// tables are block RAM (wn_ctx_ram), read in every cycle at the QP of the
// packet to come: the MPA tables at the offered segment's QP (a segment
// that brings a new QP with its first beat waits one cycle), the DDP
// tables at the tag wn_mpa_rx's output shows next. A QP_MODIFY under way (qm_busy_i) or a QP entering
// ERROR (err_set_i) breaks the chain, so a state change is seen by the
// next packet: a QP in ERROR places nothing more and completes nothing
// more, whichever path put it there (the QP's next packet loads its
// context in error). The Sends of the QP already inside wn_ddp_rx finish
// as they began; wn_rdma_rq flushes a taken WQE only once none of its QP's
// records can still come out of wn_ddp_rx.
//
// Completions (cpl_o, for wn_cq_engine): RDMA_RECV / RDMA_RECV_IMM with
// the QP's receive CQ, queue = QP, wqe_idx = the WQE's index, flags SE,
// INV (imm = the invalidated STag), IMM (imm = the 8 bytes); and
// wn_rdma_rq's error and flush completions. A completion waits until every
// placement write issued before it has been accepted by the DMA write mux
// (a ticket of writes), so the CQE never overtakes the data it reports;
// wn_ddp_rx's completions and wn_rdma_rq's go through the one ticket FIFO,
// a flush after the completions written before it.
//
// Placement writes (wr_*): wn_ddp_rx's host blocks joined into writes of
// up to 256 bytes (the PCIe max payload) that never cross a 256-byte
// boundary (wn_wr_merge).
//
// MR checks: one check port of wn_mr_table for wn_ddp_rx (first), the
// transmit side (tchk_*), wn_rdma_rq's unit and its prefetcher (last);
// answers come in order, a FIFO remembers whose. The table's update port
// (mru_*) is wn_rdma_ctrl's; remote invalidations are wn_ddp_rx's.
//
// Terminates wn_ddp_rx reports (ours, or received) go to wn_rdma_ctrl
// (d_tm_*), which moves the QP into ERROR. READ requests go to the
// transmit side as READ RESPONSE jobs (rr_*), counted against the QP's
// IRD; each one it finishes gives its slot back (rrd_*). A READ
// RESPONSE's end (rdc_*: the local Read done) waits for its data like a
// completion; the end of a QP that is no longer receiving (ERROR, or reset
// since) is dropped, and the transmit side flushes that Read.
//
// Latency and throughput: those of wn_mpa_rx and wn_ddp_rx (a beat per
// cycle), plus a cycle for a packet's context. Reset clears the queues;
// the per-QP tables have no reset: a QP's set-up writes its contexts,
// attributes and counts. Parameters: NumQp a power of two 2..1024;
// NumMrs as wn_mr_table.
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
    // wn_rdma_ctrl: the QPs' states, a QP set up, RQ_PI doorbells, a
    // QP_MODIFY under way and done (its QP: cmd_qp_i), a QP entering ERROR
    input  logic [NumQp-1:0] qp_rx_i,
    input  logic [NumQp-1:0] qp_err_i,
    input  logic           qs_valid_i,
    input  logic [QpW-1:0] qs_qp_i,
    input  logic [15:0]    qs_pd_i,
    input  logic [15:0]    qs_mulpdu_i,
    input  logic           qs_crc_i,
    input  logic           qs_mark_i,
    input  logic [7:0]     qs_ird_i,
    input  logic [7:0]     qs_rcq_i,
    input  logic [3:0]     qs_rq_log_i,
    input  logic [63:0]    qs_rq_base_i,
    input  logic [8:0]     qs_phase_i,
    input  logic           db_valid_i,
    input  logic [QpW-1:0] db_qp_i,
    input  logic [15:0]    db_pi_i,
    input  logic           qm_busy_i,
    input  logic           qm_done_i,
    input  logic [QpW-1:0] cmd_qp_i,
    input  logic           err_set_i,
    input  logic [QpW-1:0] err_qp_i,
    input  logic           err_lenerr_i,
    // to wn_rdma_ctrl: records of cmd_qp_i may still come out (a RESET
    // waits), QP_QUERY's receive-queue fields
    output logic           hold_o,
    output logic [15:0]    qry_pi_o,
    output logic [15:0]    qry_cc_o,
    output logic [31:0]    qry_msgs_o,
    // wn_ddp_rx's Terminates, to wn_rdma_ctrl
    output logic           d_tm_valid_o,
    input  logic           d_tm_ready_i,
    output logic [QpW-1:0] d_tm_qp_o,
    output logic           d_tm_rx_o,
    output logic [3:0]     d_tm_layer_o,
    output logic [3:0]     d_tm_etype_o,
    output logic [7:0]     d_tm_ecode_o,
    output logic           d_tm_hvalid_o,
    output logic [6:0]     d_tm_hlen_o,
    output logic [511:0]   d_tm_hdr_o,
    // the MR table's update port (wn_rdma_ctrl)
    input  logic           mru_valid_i,
    output logic           mru_ready_o,
    input  logic [1:0]     mru_op_i,
    input  logic [31:0]    mru_stag_i,
    input  logic [15:0]    mru_pd_i,
    input  logic [3:0]     mru_access_i,
    input  logic [63:0]    mru_base_i,
    input  logic [63:0]    mru_len_i,
    input  logic [63:0]    mru_iova_i,
    output logic           mru_done_o,
    output logic [2:0]     mru_status_o,
    // DMA reads (receive WQEs)
    output wn_abi_pkg::dma_rd_req_t rd_req_o,
    input  logic                    rd_req_ready_i,
    input  wn_abi_pkg::dma_rd_rsp_t rd_rsp_i,
    output logic                    rd_rsp_ready_o,
    // DMA writes (placement)
    output wn_abi_pkg::dma_wr_req_t  wr_req_o,
    input  logic                     wr_req_ready_i,
    input  wn_abi_pkg::dma_wr_done_t wr_done_i,
    // completion records (wn_cq_engine, 224 bits)
    output logic [223:0] cpl_o,
    output logic         cpl_valid_o,
    input  logic         cpl_ready_i,
    // to wn_rdma_tx: READ RESPONSE jobs, READ ends, and its MR checks
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
    // a READ RESPONSE the transmit side built the first time: one IRD
    // slot of the QP free again
    input  logic           rrd_valid_i,
    input  logic [QpW-1:0] rrd_qp_i,
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

  generate
    if (NumQp < 2 || NumQp > 1024 || (1 << QpW) != NumQp) begin : g_bad
      $fatal(1, "wn_rdma_rx: NumQp must be a power of two 2..1024");
    end
  endgenerate

  // ------------------------------------------------------------------
  // the receive-side attributes of each QP (from its set-up). Those read
  // per packet are block RAM records beside the contexts (below); the PD
  // and receive CQ the receive queue unit and the completions read are
  // memories read asynchronously (one array per field: Yosys takes no field
  // of an array element)
  logic [QpW-1:0] rq_cur_qp_n, rq_q_qp_n;
  logic [15:0]    pd_cur, pd_q;
  logic [7:0]     rcq_q, rcq_dc;
  // {MULPDU (largest ULPDU accepted), CRC on, markers on}, read with mctx
  localparam int MattrW = 18;
  // {PD, IRD}, read with dctx
  localparam int DattrW = 24;

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
  // the tables hold the records as plain words (an unpacked array of a
  // packed struct loses its unpacked dimension in Yosys 0.23); the lint
  // gate's WIDTH check holds MctxW and DctxW to the structs' widths
  localparam int MctxW = 124;

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
  localparam int DctxW = 801 + MaxSge * 96;

  // the per-QP records in block RAM (wn_ctx_ram, registered reads that
  // show an entry's latest value): each table's one write port takes its
  // unit's write-back, or a QP's set-up
  logic              mc_we, dc_we;
  logic [QpW-1:0]    mc_wa, dc_wa, mc_ra, dc_ra;
  logic [MctxW-1:0]  mc_wd, mc_rd;
  logic [DctxW-1:0]  dc_wd, dc_rd;
  logic [MattrW-1:0] ma_rd;
  logic [DattrW-1:0] da_rd;

  // a QP_MODIFY, or a QP entering ERROR: the next packet loads its context
  // from the tables
  logic chain_break;
  assign chain_break = qm_busy_i || err_set_i;

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
      .ctl_valid_i    (mru_valid_i),
      .ctl_ready_o    (mru_ready_o),
      .ctl_op_i       (mru_op_i),
      .ctl_stag_i     (mru_stag_i),
      .ctl_pd_i       (mru_pd_i),
      .ctl_access_i   (mru_access_i),
      .ctl_base_i     (mru_base_i),
      .ctl_len_i      (mru_len_i),
      .ctl_iova_i     (mru_iova_i),
      .ctl_done_o     (mru_done_o),
      .ctl_status_o   (mru_status_o),
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
  logic         m_sready, m_full;
  logic [0:0]   m_inflt;
  logic [QpW-1:0] s_qp;
  logic         s_qp_ok, s_sop, s_cont, s_bad, s_go, s_hold;
  assign s_qp = s_qp_i[QpW-1:0];
  assign s_sop = !seg_inpkt_q;
  assign s_qp_ok = s_qp_i < 16'(NumQp);
  assign s_bad = !s_qp_ok || !qp_rx_i[s_qp];
  assign s_cont = last_mv_q && last_mqp_q == s_qp;
  // the MPA tables are read every cycle at the offered QP, so they show
  // its records from the next cycle on (m_shown)
  logic [QpW-1:0] m_rqp_q;
  logic           m_rv_q, m_shown;
  assign mc_ra = s_qp;
  assign m_shown = m_rv_q && m_rqp_q == s_qp;
  always_ff @(posedge clk_i) begin
    if (rst_i) m_rv_q <= 1'b0;
    else m_rv_q <= 1'b1;
    m_rqp_q <= s_qp;
  end
  // a segment that loads its QP's context waits while a context of that QP
  // is in flight (or the runs list is full), and until the tables show
  // its QP: a cycle when the QP comes with the first beat, none when it
  // came before; other QPs' segments go on
  assign s_hold = s_sop && !s_bad && !s_cont && (m_inflt[0] || m_full || !m_shown);
  logic s_drop_beat;
  assign s_drop_beat = s_sop ? s_bad : seg_drop_q;
  assign s_go = s_tvalid_i && !s_hold && (s_drop_beat || m_sready);
  assign s_tready_o = !s_hold && (s_drop_beat || m_sready);

  logic [15:0]    mmax_q;
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
  logic [15:0]    mu_tag, mu_ntag, mu_len, mu_off;
  assign mctx_i = mc_rd;
  assign m_crc_en = ma_rd[1];
  assign m_mark_en = ma_rd[0];
  // the MULPDU of the segment in wn_mpa_rx's decoder: the offered one's
  // through its first beat (a continued segment's is its QP's last one),
  // then the one latched with it
  assign mpa_max = (s_sop && !s_cont) ? ma_rd[17:2] : mmax_q;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      seg_inpkt_q <= 1'b0;
      seg_drop_q <= 1'b0;
      last_mv_q <= 1'b0;
      last_mqp_q <= '0;
      mmax_q <= 16'd0;
    end else begin
      if (s_go) begin
        seg_inpkt_q <= !s_tlast_i;
        if (s_sop) begin
          seg_drop_q <= s_bad;
          if (!s_bad) begin
            last_mv_q <= 1'b1;
            last_mqp_q <= s_qp;
            mmax_q <= mpa_max;
          end
        end
      end
      if (chain_break) last_mv_q <= 1'b0;
    end
  end
  // the runs of segments whose contexts are in wn_mpa_rx, oldest first
  logic [3:0] m_nruns, d_nruns;
  wn_runs #(
      .Runs(8),
      .QpW(QpW),
      .CntW(6),
      .NumQ(1)
  ) u_mruns (
      .clk_i,
      .rst_i,
      .add_i   (s_go && s_sop && !s_bad),
      .new_i   (!s_cont),
      .add_qp_i(s_qp),
      .done_i  (mctx_v),
      .full_o  (m_full),
      .n_o     (m_nruns),
      .q_qp_i  (s_qp),
      .hit_o   (m_inflt)
  );
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
      .m_ntag_o     (mu_ntag),
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
  logic           u_sop, u_cont, u_hold, u_sready, u_go, d_full;
  // runs of QP u_qp, of the flush scan's QP, of the command's QP in wn_ddp_rx
  logic [2:0]     d_inflt;
  logic [QpW-1:0] rq_scan_qp;
  logic           dctx_v;
  logic [QpW-1:0] dctx_qp;
  dctx_t          dctx_i, dctx_o;
  // READ RESPONSEs finished since the QP's context was last loaded (a
  // set-up starts the count again: its fresh context has every IRD slot
  // free, whatever the QP number's last user had built since its last
  // packet)
  logic [7:0]     irdd_q [NumQp];
  logic           u_load;
  assign u_load = u_go && u_sop && !u_cont;
  // (no reset: a QP's set-up clears its entry before its first packet; the
  // last write to an entry in a cycle wins: a set-up, a load, a READ
  // RESPONSE)
  always_ff @(posedge clk_i) begin
    if (!rst_i) begin
      if (rrd_valid_i) irdd_q[rrd_qp_i] <= irdd_q[rrd_qp_i] + 8'd1;
      if (u_load) irdd_q[u_qp] <= {7'd0, rrd_valid_i && rrd_qp_i == u_qp};
      if (qs_valid_i) irdd_q[qs_qp_i] <= 8'd0;
    end
  end
  assign u_qp = mu_tag[QpW-1:0];
  assign u_sop = !u_inpkt_q;
  // a QP with IRD slots freed reloads its context (the chain holds irdu)
  assign u_cont = last_dv_q && last_dqp_q == u_qp && irdd_q[u_qp] == 8'd0;
  // the DDP tables are read every cycle at the QP of wn_mpa_rx's next
  // beat, so they show the QP of the packet offered (d_shown: always,
  // but the compare keeps correctness from resting on that)
  logic [QpW-1:0] d_rqp_q;
  logic           d_rv_q, d_shown;
  assign dc_ra = mu_ntag[QpW-1:0];
  assign d_shown = d_rv_q && d_rqp_q == u_qp;
  always_ff @(posedge clk_i) begin
    if (rst_i) d_rv_q <= 1'b0;
    else d_rv_q <= 1'b1;
    d_rqp_q <= dc_ra;
  end
  assign u_hold = u_sop && !u_cont && (d_inflt[0] || d_full || !d_shown);
  assign mu_tready = u_sready && !u_hold;
  assign u_go = mu_tvalid && mu_tready;
  assign dctx_i = dc_rd;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      u_inpkt_q <= 1'b0;
      last_dv_q <= 1'b0;
      last_dqp_q <= '0;
    end else begin
      if (u_go) begin
        u_inpkt_q <= !mu_tlast;
        if (u_sop) begin
          last_dv_q <= 1'b1;
          last_dqp_q <= u_qp;
        end
      end
      if (chain_break) last_dv_q <= 1'b0;
    end
  end
  // the runs of packets whose contexts are in wn_ddp_rx, oldest first
  wn_runs #(
      .Runs(8),
      .QpW(QpW),
      .CntW(6),
      .NumQ(3)
  ) u_druns (
      .clk_i,
      .rst_i,
      .add_i   (u_go && u_sop),
      .new_i   (!u_cont),
      .add_qp_i(u_qp),
      .done_i  (dctx_v),
      .full_o  (d_full),
      .n_o     (d_nruns),
      .q_qp_i  ({cmd_qp_i, rq_scan_qp, u_qp}),
      .hit_o   (d_inflt)
  );

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
  logic [QpW-1:0] dc_qp, dc_nqp;
  logic [3:0]     dc_opcode;
  logic [31:0]    dc_len, dc_inv_stag;
  logic [63:0]    dc_imm_data;
  logic [1:0]     dc_status;
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
      .ctx_rts_i      (qp_rx_i[u_qp]),
      .ctx_err_i      (dctx_i.err || qp_err_i[u_qp]),
      .ctx_pd_i       (da_rd[23:8]),
      .ctx_msn0_i     (dctx_i.msn0),
      .ctx_msn1_i     (dctx_i.msn1),
      .ctx_ird_i      (da_rd[7:0]),
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
      .rb_off_qp_i    (rq_q_qp),
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
      .cpl_nqp_o      (dc_nqp),
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
      .term_valid_o   (d_tm_valid_o),
      .term_ready_i   (d_tm_ready_i),
      .term_qp_o      (d_tm_qp_o),
      .term_rx_o      (d_tm_rx_o),
      .term_layer_o   (d_tm_layer_o),
      .term_etype_o   (d_tm_etype_o),
      .term_ecode_o   (d_tm_ecode_o),
      .term_hvalid_o  (d_tm_hvalid_o),
      .term_hlen_o    (d_tm_hlen_o),
      .term_hdr_o     (d_tm_hdr_o)
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
  // the receive queues (wn_rdma_rq)
  logic [QpW-1:0] rq_cur_qp, rq_q_qp;
  logic [15:0]    dc_idx;
  logic [63:0]    dc_wrid;
  logic           dc_acc;
  logic [223:0]   q_cpl;
  logic           q_cpl_valid, q_cpl_ready;
  assign dc_acc = dc_valid && dc_ready;
  wn_rdma_rq #(
      .NumQp(NumQp)
  ) u_rq (
      .clk_i,
      .rst_i,
      .qp_rx_i,
      .qp_err_i,
      .qs_valid_i,
      .qs_qp_i,
      .qs_rq_log_i,
      .qs_rq_base_i,
      .db_valid_i,
      .db_qp_i,
      .db_pi_i,
      .qm_busy_i,
      .qm_done_i,
      .cmd_qp_i,
      .hold_o,
      .qry_pi_o,
      .qry_cc_o,
      .qry_msgs_o,
      .err_set_i,
      .err_qp_i,
      .err_lenerr_i,
      .cur_qp_o        (rq_cur_qp),
      .cur_qp_n_o      (rq_cur_qp_n),
      .cur_pd_i        (pd_cur),
      .q_qp_o          (rq_q_qp),
      .q_qp_n_o        (rq_q_qp_n),
      .q_pd_i          (pd_q),
      .q_rcq_i         (rcq_q),
      .rb_req_valid_i  (rb_req_valid),
      .rb_req_ready_o  (rb_req_ready),
      .rb_req_qp_i     (rb_req_qp),
      .rb_rsp_valid_o  (rb_rsp_valid),
      .rb_rsp_ok_o     (rb_rsp_ok),
      .rb_rsp_addr_o   (rb_rsp_addr),
      .rb_rsp_len_o    (rb_rsp_len),
      .rb_off_valid_o  (rb_off_valid),
      .rb_take_i       (rb_take),
      .scan_qp_o       (rq_scan_qp),
      .scan_inflt_i    (d_inflt[1]),
      .cmd_inflt_i     (d_inflt[2]),
      .dsop_i          (u_go && u_sop),
      .dc_valid_i      (dc_valid),
      .dc_qp_i         (dc_qp),
      .dc_nqp_i        (dc_nqp),
      .dc_acc_i        (dc_acc),
      .dc_idx_o        (dc_idx),
      .dc_wrid_o       (dc_wrid),
      .cpl_o           (q_cpl),
      .cpl_valid_o     (q_cpl_valid),
      .cpl_ready_i     (q_cpl_ready),
      .qchk_valid_o    (qchk_valid),
      .qchk_ready_i    (qchk_ready),
      .qchk_stag_o     (qchk_stag),
      .qchk_to_o       (qchk_to),
      .qchk_len_o      (qchk_len),
      .qchk_pd_o       (qchk_pd),
      .qchk_rsp_valid_i(qchk_rsp_valid),
      .pchk_valid_o    (pchk_valid),
      .pchk_ready_i    (pchk_ready),
      .pchk_stag_o     (pchk_stag),
      .pchk_to_o       (pchk_to),
      .pchk_len_o      (pchk_len),
      .pchk_pd_o       (pchk_pd),
      .pchk_rsp_valid_i(pchk_rsp_valid),
      .chk_rsp_ok_i    (chk_rsp_ok),
      .chk_rsp_addr_i  (chk_rsp_addr),
      .mr_change_i     (mru_done_o || rinv_done),
      .rd_req_o,
      .rd_req_ready_i,
      .rd_rsp_i,
      .rd_rsp_ready_o
  );
  assign cnt_rd_err_o = rd_rsp_i.rsp_valid && rd_rsp_i.rsp_last && rd_rsp_i.rsp_err;

  // ------------------------------------------------------------------
  // completions: the receive-queue unit's (errors, flushes) and wn_ddp_rx's
  logic [223:0] d_cpl;
  always_comb begin
    logic [7:0] fl;
    logic [63:0] imm;
    fl = (dc_se ? wn_abi_pkg::CQE_FLAGS_SE : 8'd0) | (dc_inv ? wn_abi_pkg::CQE_FLAGS_INV : 8'd0) |
         (dc_imm ? wn_abi_pkg::CQE_FLAGS_IMM : 8'd0);
    imm = dc_imm ? dc_imm_data : (dc_inv ? {32'd0, dc_inv_stag} : 64'd0);
    d_cpl = {fl, imm, rcq_dc, 16'(dc_qp), dc_idx, dc_wrid, dc_len,
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
      .m_addr_o  (wr_req_o.wr_addr),
      .m_len_o   (wr_req_o.wr_len),
      .m_data_o  (wr_req_o.wr_data),
      .m_last_o  (wr_req_o.wr_last),
      .m_valid_o (wr_req_o.wr_valid),
      .m_ready_i (wr_req_ready_i),
      .done_o    (w_done)
  );
  assign cnt_wr_err_o = wr_done_i.done_valid && wr_done_i.done_err;

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
  assign rdc_drop = rq_rel && !qp_rx_i[rdc_qp_o];
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
  // the per-QP tables
  // a fresh QP's contexts: nothing received, MSNs 1 (RFC 5041 §5.3)
  mctx_t mctx_fresh;
  dctx_t dctx_fresh;
  // a set-up's fresh records wait in su_* for a cycle without a
  // write-back of their table (the QP receives nothing before RTS, so the
  // wait is not seen; set-ups come one per QP_MODIFY command, many cycles
  // apart)
  logic           su_m_q, su_d_q, su_m, su_d;
  logic [QpW-1:0] su_qp_q, su_qp;
  logic [8:0]     su_phase_q;
  assign su_m = qs_valid_i || su_m_q;
  assign su_d = qs_valid_i || su_d_q;
  assign su_qp = qs_valid_i ? qs_qp_i : su_qp_q;
  always_comb begin
    mctx_fresh = '0;
    mctx_fresh.phase = qs_valid_i ? qs_phase_i : su_phase_q;
    dctx_fresh = '0;
    dctx_fresh.msn0 = 32'd1;
    dctx_fresh.msn1 = 32'd1;
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      su_m_q <= 1'b0;
      su_d_q <= 1'b0;
    end else begin
      su_m_q <= su_m && mctx_v;
      su_d_q <= su_d && dctx_v;
    end
    if (qs_valid_i) begin
      su_qp_q <= qs_qp_i;
      su_phase_q <= qs_phase_i;
    end
  end
  assign mc_we = mctx_v || su_m;
  assign mc_wa = mctx_v ? mctx_tag[QpW-1:0] : su_qp;
  assign mc_wd = mctx_v ? mctx_o : mctx_fresh;
  assign dc_we = dctx_v || su_d;
  assign dc_wa = dctx_v ? dctx_qp : su_qp;
  assign dc_wd = dctx_v ? dctx_o : dctx_fresh;
  wn_ctx_ram #(
      .Depth(NumQp),
      .Width(MctxW),
      .NumRd(1)
  ) u_mctx (
      .clk_i,
      .rst_i,
      .we_i   (mc_we),
      .waddr_i(mc_wa),
      .wdata_i(mc_wd),
      .rd_i   (1'b1),
      .raddr_i(mc_ra),
      .rdata_o(mc_rd)
  );
  wn_ctx_ram #(
      .Depth(NumQp),
      .Width(MattrW),
      .NumRd(1)
  ) u_mattr (
      .clk_i,
      .rst_i,
      .we_i   (qs_valid_i),
      .waddr_i(qs_qp_i),
      .wdata_i({qs_mulpdu_i, qs_crc_i, qs_mark_i}),
      .rd_i   (1'b1),
      .raddr_i(mc_ra),
      .rdata_o(ma_rd)
  );
  wn_ctx_ram #(
      .Depth(NumQp),
      .Width(DctxW),
      .NumRd(1)
  ) u_dctx (
      .clk_i,
      .rst_i,
      .we_i   (dc_we),
      .waddr_i(dc_wa),
      .wdata_i(dc_wd),
      .rd_i   (1'b1),
      .raddr_i(dc_ra),
      .rdata_o(dc_rd)
  );
  wn_ctx_ram #(
      .Depth(NumQp),
      .Width(DattrW),
      .NumRd(1)
  ) u_dattr (
      .clk_i,
      .rst_i,
      .we_i   (qs_valid_i),
      .waddr_i(qs_qp_i),
      .wdata_i({qs_pd_i, qs_ird_i}),
      .rd_i   (1'b1),
      .raddr_i(dc_ra),
      .rdata_o(da_rd)
  );
  // the PD and receive CQ from a QP's set-up (RESET -> INIT), for the
  // receive queue unit and the completions: block RAM, read a cycle ahead
  // at the QP each reader shows next (the prefetcher's and the unit's QP,
  // the completion FIFO's next head)
  wn_ctx_ram #(
      .Depth(NumQp),
      .Width(16),
      .NumRd(2)
  ) u_qpd (
      .clk_i,
      .rst_i  (rst_i),
      .we_i   (qs_valid_i),
      .waddr_i(qs_qp_i),
      .wdata_i(qs_pd_i),
      .rd_i   (2'b11),
      .raddr_i({rq_q_qp_n, rq_cur_qp_n}),
      .rdata_o({pd_q, pd_cur})
  );
  wn_ctx_ram #(
      .Depth(NumQp),
      .Width(8),
      .NumRd(2)
  ) u_qrcq (
      .clk_i,
      .rst_i  (rst_i),
      .we_i   (qs_valid_i),
      .waddr_i(qs_qp_i),
      .wdata_i(qs_rcq_i),
      .rd_i   (2'b11),
      .raddr_i({dc_nqp, rq_q_qp_n}),
      .rdata_o({rcq_dc, rcq_q})
  );
`ifndef SYNTHESIS
  logic [QpW-1:0] qa_cur_q, qa_q_q, qa_dc_q;
  always_ff @(posedge clk_i) begin
    qa_cur_q <= rq_cur_qp_n;
    qa_q_q <= rq_q_qp_n;
    qa_dc_q <= dc_nqp;
    if (!rst_i) begin
      assert (qa_cur_q == rq_cur_qp && qa_q_q == rq_q_qp && (!dc_valid || qa_dc_q == dc_qp))
      else $error("wn_rdma_rx: a QP's PD or receive CQ was read at another QP");
    end
  end
`endif
`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (!rst_i) begin
      assert (!(qs_valid_i && (su_m_q || su_d_q)))
      else $error("wn_rdma_rx: a QP set up while the last set-up's records wait");
    end
  end
`endif

  logic unused;
  assign unused = ^{m_nruns, d_nruns, d_rreq, d_rts_o, d_pd_o, d_ird_o, mw_qp, who_valid, who_wready, who_count, bq_count, dq_count,
                    rq_count, mctx_crc_en_o, mctx_mark_en_o, rb_req_msn, dc_opcode,
                    mctx_tag[15:QpW], mst_tag[15:QpW], mu_tag[15:QpW], mu_ntag[15:QpW]};
endmodule
