// wn_ddp_rx_tail: the tail of wn_ddp_rx. The head decides each DDP segment
// at the first beat of the packet in which its header is complete and
// hands the tail one item per beat or piece of a beat (it_*: the bytes to
// place and how to address them) and, where something is to be done, an
// event (ev_*: a head error, an MR check, or the FPDU's end action); both
// wait here in FIFOs of FifoDepth. The tail takes an item when its MR
// check answer (chk_rsp_*, in order, kept in a FIFO of 8; rsp_count_o for
// the head's credits) and its event are there, realigns its bytes to the
// host address (the segment's address: the check's answer for a tagged
// segment, the item's for an untagged one or a context load, else the
// previous item's plus its bytes) and writes them as 64-byte host blocks
// (m_wr_*: address of the first byte, length 1..64, data and keep at the
// address's lanes), the carry of a run's last beat flushed in a cycle of
// its own. Nothing of a segment whose check failed is written.
//
// Records, in order, one a cycle after the item that asks for them: our
// Terminate for a head error or a failed check (the MR check class mapped
// to the codes of docs/rtl.md: DDP tagged buffer for placement, RDMAP
// remote protection for a Read source); the FPDU's status record (st_*,
// matched by order with the items that end an FPDU; a record with st_err_i
// or length 0 has no items and is answered with a Terminate of its own:
// LLP/0/0x03, or RDMAP/2/0xff); then, with a good CRC, the end action: a
// Send's remote invalidation (rinv_*, waited for; refused: RDMAP/1/0x09 for
// a PD mismatch, RDMAP/2/0x09 otherwise, the completion with status 1), its
// completion or Immediate Data's (cpl_*, through a FIFO of 4), a READ
// REQUEST's job (rr_*), a READ RESPONSE's end (rdc_*) or a received
// Terminate (term_* with term_rx_o); a bad CRC is LLP/0/0x02 (RFC 5044
// §8). The packet's context goes back (cx_pop_o: the head's context FIFO;
// cx_kill_o: the QP is stopped; cx_saddr_o: the segment's host address)
// after its last item. A FPDU without an action, and the last FPDU of a
// plain Send or of Immediate Data, takes its status record, writes its
// context back and (Send, Immediate) puts its completion into the
// completion FIFO in its last item's cycle when the record is there. Every
// record other than a completion waits until the completion FIFO is empty,
// so every record of a QP keeps the message order. After a Terminate of
// ours (terr_*, also to the head's held context) nothing more of the QP is
// written or recorded; inv_dec_o: a Send with Invalidate's invalidation is
// over (done, or not issued).
//
// Throughput: one item per cycle; a carry flush one cycle more; an action
// about 3 cycles (record, action, context). Latency: an item leaves the
// FIFO 1-2 cycles after it entered it; a segment's first item waits for
// its MR answer (3 cycles after the check). Reset clears the FIFOs and the
// pending actions. Parameters: QpW 1..24, PdW 1..32, FifoDepth a power of
// two 8..256 (as wn_ddp_rx).
module wn_ddp_rx_tail #(
    parameter int QpW = 10,
    parameter int PdW = 16,
    parameter int FifoDepth = 16
) (
    input  logic           clk_i,
    input  logic           rst_i,
    // items from the head
    input  logic           it_valid_i,
    output logic           it_ready_o,
    input  logic [511:0]   it_data_i,
    input  logic [63:0]    it_keep_i,      // payload bytes to place
    input  logic           it_sop_i,
    input  logic           it_eop_i,
    input  logic           it_fend_i,      // the FPDU's last beat: pair with a status record
    input  logic           it_cont_i,
    input  logic           it_drop_i,      // the packet's QP is stopped or not in RTS
    input  logic           it_place_i,
    input  logic           it_chk_i,       // pop an MR check answer (first beat)
    input  logic           it_use_chk_i,   // the segment's address is the check's
    input  logic           it_use_addr_i,  // ... is it_addr_i (untagged, or a context load)
    input  logic           it_ev_i,        // pop an event record
    input  logic           it_flush_i,     // the last piece of a run of writes: flush the carry
    input  logic [63:0]    it_addr_i,
    input  logic [15:0]    it_poff_i,      // payload offset of the packet's first payload byte
    input  logic [5:0]     it_plane_i,     // its lane in the first beat
    input  logic [QpW-1:0] it_qp_i,
    // events from the head
    input  logic           ev_valid_i,
    output logic           ev_ready_o,
    input  logic           ev_herr_i,      // an error found at the head
    input  logic [3:0]     ev_layer_i,
    input  logic [3:0]     ev_etype_i,
    input  logic [7:0]     ev_ecode_i,
    input  logic           ev_hvalid_i,
    input  logic           ev_chk_read_i,  // the check is a Read Request's source
    input  logic [2:0]     ev_kind_i,      // end action (KNone; valid on an fend item)
    input  logic [31:0]    ev_mlen_i,
    input  logic [6:0]     ev_hlen_i,
    input  logic [511:0]   ev_hbuf_i,
    input  logic [PdW-1:0] ev_pd_i,
    // MR check answers (wn_mr_table), and the answers held
    input  logic           chk_rsp_valid_i,
    input  logic           chk_rsp_ok_i,
    input  logic [2:0]     chk_rsp_err_i,
    input  logic [63:0]    chk_rsp_addr_i,
    output logic [3:0]     rsp_count_o,
    // the head's context FIFO
    input  logic           cx_valid_i,
    output logic           cx_pop_o,
    output logic           cx_kill_o,
    output logic [63:0]    cx_saddr_o,
    // to the head: our Terminate of a QP; an invalidation over
    output logic           terr_valid_o,
    output logic [QpW-1:0] terr_qp_o,
    output logic           inv_dec_o,
    // FPDU status (wn_mpa_rx st_*)
    input  logic           st_valid_i,
    output logic           st_ready_o,
    input  logic [QpW-1:0] st_qp_i,
    input  logic [15:0]    st_len_i,
    input  logic           st_crc_ok_i,
    input  logic           st_err_i,
    // DMA writes
    output logic           m_wr_valid_o,
    input  logic           m_wr_ready_i,
    output logic [QpW-1:0] m_wr_qp_o,
    output logic [63:0]    m_wr_addr_o,
    output logic [6:0]     m_wr_len_o,
    output logic [511:0]   m_wr_data_o,
    output logic [63:0]    m_wr_keep_o,
    // remote invalidation (wn_mr_table rinv_*)
    output logic           rinv_valid_o,
    input  logic           rinv_ready_i,
    output logic [31:0]    rinv_stag_o,
    output logic [PdW-1:0] rinv_pd_o,
    input  logic           rinv_done_i,
    input  logic [2:0]     rinv_status_i,
    // receive completions
    output logic           cpl_valid_o,
    input  logic           cpl_ready_i,
    output logic [QpW-1:0] cpl_qp_o,
    output logic [QpW-1:0] cpl_nqp_o,
    output logic [3:0]     cpl_opcode_o,
    output logic [31:0]    cpl_len_o,
    output logic           cpl_se_o,
    output logic           cpl_inv_o,
    output logic [31:0]    cpl_inv_stag_o,
    output logic           cpl_imm_o,
    output logic [63:0]    cpl_imm_data_o,
    output logic [1:0]     cpl_status_o,
    // READ RESPONSE done (the local READ work request)
    output logic           rdc_valid_o,
    input  logic           rdc_ready_i,
    output logic [QpW-1:0] rdc_qp_o,
    // READ RESPONSE jobs for the transmit side
    output logic           rr_valid_o,
    input  logic           rr_ready_i,
    output logic [QpW-1:0] rr_qp_o,
    output logic [31:0]    rr_sink_stag_o,
    output logic [63:0]    rr_sink_to_o,
    output logic [63:0]    rr_addr_o,
    output logic [31:0]    rr_len_o,
    // Terminate: ours to send, or one received
    output logic           term_valid_o,
    input  logic           term_ready_i,
    output logic [QpW-1:0] term_qp_o,
    output logic           term_rx_o,
    output logic [3:0]     term_layer_o,
    output logic [3:0]     term_etype_o,
    output logic [7:0]     term_ecode_o,
    output logic           term_hvalid_o,
    output logic [6:0]     term_hlen_o,
    output logic [511:0]   term_hdr_o
);
  localparam int FW = $clog2(FifoDepth);
  localparam int UntHdr = wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE;
  localparam int RreqHdr = UntHdr + wn_abi_pkg::RDMA_READ_REQ_SIZE;
  localparam int ImmHdr = UntHdr + wn_abi_pkg::RDMAP_IMMEDIATE_SIZE;
  localparam int TermHdr = UntHdr + wn_abi_pkg::RDMAP_TERMINATE_SIZE;
  // wn_mr_table check classes and update status
  localparam logic [2:0] MrInvalidStag = 3'd1;
  localparam logic [2:0] MrNotAssoc = 3'd2;
  localparam logic [2:0] MrAccess = 3'd3;
  localparam logic [2:0] MrBounds = 3'd4;
  localparam logic [2:0] MrPdMismatch = 3'd2;  // update status

  generate
    if (QpW < 1 || QpW > 24 || PdW < 1 || PdW > 32 || FifoDepth < 8 || FifoDepth > 256 ||
        (1 << FW) != FifoDepth) begin : g_bad
      $fatal(1, "wn_ddp_rx_tail: QpW 1..24, PdW 1..32, FifoDepth a power of two 8..256");
    end
  endgenerate

  typedef struct packed {
    logic [511:0]   data;
    logic [63:0]    keep;
    logic           sop;
    logic           eop;
    logic           fend;
    logic           cont;
    logic           drop;
    logic           place;
    logic           chk;
    logic           use_chk;
    logic           use_addr;
    logic           ev;
    logic           flush;
    logic [63:0]    addr;
    logic [15:0]    poff;
    logic [5:0]     plane;
    logic [QpW-1:0] qp;
  } item_t;
  localparam int ItemW = 673 + QpW;

  typedef struct packed {
    logic           herr;
    logic [3:0]     layer;
    logic [3:0]     etype;
    logic [7:0]     ecode;
    logic           hvalid;
    logic           chk_read;
    logic [2:0]     kind;
    logic [31:0]    mlen;
    logic [6:0]     hlen;
    logic [511:0]   hbuf;
    logic [PdW-1:0] pd;
  } ev_t;
  localparam int EvW = 573 + PdW;

  // ==================================================================
  // FIFOs: items, events, MR check answers
  // ==================================================================
  item_t it_w, it_r;
  ev_t   ev_w, ev_r;
  logic it_rv, it_rr, ev_rv, ev_rr;
  logic [67:0] rsp_w, rsp_r;
  logic rsp_wr, rsp_rv, rsp_rr;
  logic [FW:0] nc_count_it, nc_count_ev;
  always_comb begin
    it_w.data = it_data_i;
    it_w.keep = it_keep_i;
    it_w.sop = it_sop_i;
    it_w.eop = it_eop_i;
    it_w.fend = it_fend_i;
    it_w.cont = it_cont_i;
    it_w.drop = it_drop_i;
    it_w.place = it_place_i;
    it_w.chk = it_chk_i;
    it_w.use_chk = it_use_chk_i;
    it_w.use_addr = it_use_addr_i;
    it_w.ev = it_ev_i;
    it_w.flush = it_flush_i;
    it_w.addr = it_addr_i;
    it_w.poff = it_poff_i;
    it_w.plane = it_plane_i;
    it_w.qp = it_qp_i;
    ev_w.herr = ev_herr_i;
    ev_w.layer = ev_layer_i;
    ev_w.etype = ev_etype_i;
    ev_w.ecode = ev_ecode_i;
    ev_w.hvalid = ev_hvalid_i;
    ev_w.chk_read = ev_chk_read_i;
    ev_w.kind = ev_kind_i;
    ev_w.mlen = ev_mlen_i;
    ev_w.hlen = ev_hlen_i;
    ev_w.hbuf = ev_hbuf_i;
    ev_w.pd = ev_pd_i;
  end
  wn_fifo #(.Width(ItemW), .Depth(FifoDepth)) u_it (
      .clk_i, .rst_i, .wdata_i(it_w), .wvalid_i(it_valid_i), .wready_o(it_ready_o),
      .rdata_o(it_r), .rvalid_o(it_rv), .rready_i(it_rr), .count_o(nc_count_it));
  wn_fifo #(.Width(EvW), .Depth(FifoDepth)) u_ev (
      .clk_i, .rst_i, .wdata_i(ev_w), .wvalid_i(ev_valid_i), .wready_o(ev_ready_o),
      .rdata_o(ev_r), .rvalid_o(ev_rv), .rready_i(ev_rr), .count_o(nc_count_ev));
  assign rsp_w = {chk_rsp_ok_i, chk_rsp_err_i, chk_rsp_addr_i};
  wn_fifo #(.Width(68), .Depth(8)) u_rsp (
      .clk_i, .rst_i, .wdata_i(rsp_w), .wvalid_i(chk_rsp_valid_i), .wready_o(rsp_wr),
      .rdata_o(rsp_r), .rvalid_o(rsp_rv), .rready_i(rsp_rr), .count_o(rsp_count_o));

  // ==================================================================
  // the item step and the records
  // ==================================================================
  // pending actions after an item, done one per cycle in this order
  logic p_flush_q, p_termh_q, p_termc_q, p_st_q, p_termn_q, p_rinv_q, p_rwait_q,
        p_termx_q, p_cpl_q, p_rr_q, p_rdc_q, p_ctx_q;
  logic busy;
  ev_t  r_ev_q;
  logic [QpW-1:0] t_qp_q;
  logic t_kill_q, t_pkdrop_q;
  logic [63:0] t_seg_q;
  logic [5:0]  t_rot_q;
  logic [63:0] t_blk_q;
  logic [511:0] t_cd_q;
  logic [63:0]  t_ck_q;
  logic         r_chk_ok_q;
  logic [2:0]   r_chk_err_q;
  logic [63:0]  r_chk_addr_q;
  logic [3:0]   x_layer_q, x_etype_q;
  logic [7:0]   x_ecode_q;
  logic         x_rx_q, x_hvalid_q;
  logic [1:0]   c_status_q;
  logic [QpW-1:0] n_qp_q;
  logic [7:0]   n_ecode_q;
  logic [3:0]   n_layer_q, n_etype_q;

  // item step
  logic         t_sop_kill, t_kill_now, t_chk_fail;
  logic [63:0]  t_seg, t_a0, t_blk;
  logic [5:0]   t_rot;
  logic [511:0] t_rd, t_lod, t_cd;
  logic [63:0]  t_rk, t_lo, t_ck, o_keep;
  logic [511:0] o_data;
  logic         t_wr, t_can, t_take;
  logic [1023:0] t_dd;
  logic [127:0] t_kk;
  logic         st_nopkt;
  logic [2:0]   rsp_err;
  logic [63:0]  rsp_addr;
  logic         rsp_ok;
  logic         t_dead;
  logic         st_go, r_inv;
  // the status record and the context write-back in the item's own cycle
  // when nothing else is to be done (the common case of a body FPDU)
  logic         t_herr, t_cfail, t_fast_st, t_fast_ctx;
  logic [2:0]   t_kind;
  // completions wait in a FIFO of their own, so the items after them go on
  // (a plain Send or Immediate Data completes in its last item's cycle
  // when its status record is there); a Terminate waits until the FIFO is
  // empty, so the completions before it are out first
  localparam int CfW = QpW + 137;
  logic [CfW-1:0] cf_w, cf_fast, cf_slow, cf_r;
  logic         cf_wv, cf_wr, cf_rv, cf_rr, cf_push_fast, cf_push_slow;
  logic [2:0]   cf_count;
  logic         t_fcpl, t_trdy, t_irdy, t_rrdy, t_drdy;
  wn_abi_pkg::ddp_untagged_hdr_t t_uh;
  assign t_uh = wn_abi_pkg::ddp_untagged_hdr_unpack(ev_r.hbuf[UntHdr*8-1:0]);

  assign busy = p_flush_q || p_termh_q || p_termc_q || p_st_q || p_termn_q || p_rinv_q ||
                p_rwait_q || p_termx_q || p_cpl_q || p_rr_q || p_rdc_q || p_ctx_q;
  assign {rsp_ok, rsp_err, rsp_addr} = rsp_r;
  assign st_nopkt = st_err_i || st_len_i == 16'd0;
  // the FPDU's own status record is taken
  assign st_go = !p_flush_q && !p_termh_q && !p_termc_q && !p_termn_q && p_st_q && st_valid_i &&
                 !st_nopkt;
  assign r_inv = r_ev_q.kind == wn_ddp_pkg::KSend && (r_uh.opcode == wn_abi_pkg::RDMAP_OPCODE_SEND_INVALIDATE || r_uh.opcode == wn_abi_pkg::RDMAP_OPCODE_SEND_SE_INVALIDATE);
  // an invalidation is over: done, or not issued (QP stopped, bad CRC)
  assign inv_dec_o = (p_rwait_q && rinv_done_i) ||
                   (st_go && r_inv && ((t_kill_q || t_pkdrop_q) || !st_crc_ok_i));

  always_comb begin
    t_sop_kill = it_r.cont ? t_kill_q : 1'b0;
    t_kill_now = it_r.sop ? t_sop_kill : t_kill_q;
    t_dead = t_kill_now || it_r.drop;
    t_chk_fail = it_r.chk && !rsp_ok;
    if (it_r.use_chk) t_seg = rsp_addr;
    else if (it_r.use_addr) t_seg = it_r.addr;
    else t_seg = t_seg_q;
    t_a0 = t_seg + {48'd0, it_r.poff};
    if (it_r.sop) begin
      t_rot = t_a0[5:0] - it_r.plane;
      t_blk = {t_a0[63:6], 6'd0} - ((t_a0[5:0] < it_r.plane) ? 64'd64 : 64'd0);
      t_ck = '0;
      t_cd = '0;
    end else begin
      t_rot = t_rot_q;
      t_blk = t_blk_q + 64'd64;
      t_ck = t_ck_q;
      t_cd = t_cd_q;
    end
    t_dd = {it_r.data, it_r.data} << {t_rot, 3'b000};
    t_rd = t_dd[1023:512];
    t_kk = {it_r.keep, it_r.keep} << t_rot;
    t_rk = t_kk[127:64];
    t_lo = wn_ddp_pkg::low_mask({1'b0, t_rot});
    t_lod = wn_ddp_pkg::bytes_mask(t_lo);
    o_keep = (t_ck & t_lo) | (t_rk & ~t_lo);
    o_data = (t_cd & t_lod) | (t_rd & ~t_lod);
    // a write for this item: placing, alive, the check passed
    t_wr = it_r.place && !t_dead && !t_chk_fail && o_keep != 64'd0;
    t_can = it_rv && !busy && (!it_r.chk || rsp_rv) && (!it_r.ev || ev_rv) &&
            (!t_wr || m_wr_ready_i);
    t_take = t_can;
    t_kind = it_r.ev ? ev_r.kind : wn_ddp_pkg::KNone;
    t_herr = it_r.ev && ev_r.herr && !t_dead;
    t_cfail = t_chk_fail && !t_dead;
    t_fcpl = (t_kind == wn_ddp_pkg::KSend && t_uh.opcode != wn_abi_pkg::RDMAP_OPCODE_SEND_INVALIDATE && t_uh.opcode != wn_abi_pkg::RDMAP_OPCODE_SEND_SE_INVALIDATE) ||
             t_kind == wn_ddp_pkg::KImm;
    t_fast_st = it_r.fend && st_valid_i && !st_nopkt && !t_herr && !t_cfail &&
                ((t_kind == wn_ddp_pkg::KNone && (t_dead || st_crc_ok_i)) ||
                 (t_fcpl && (t_dead || (st_crc_ok_i && cf_wr))));
    t_fast_ctx = it_r.eop && cx_valid_i && !t_herr && !t_cfail && (!it_r.fend || t_fast_st);
  end

  assign it_rr = t_take;
  assign ev_rr = t_take && it_r.ev;
  assign rsp_rr = t_take && it_r.chk;

  // outputs of the tail
  always_comb begin
    m_wr_valid_o = 1'b0;
    // blocks are 64-byte aligned: the first byte's lane is the low bits
    m_wr_addr_o = {t_blk[63:6], wn_ddp_pkg::ctz64(o_keep)};
    m_wr_len_o = wn_ddp_pkg::pop64(o_keep);
    m_wr_data_o = o_data;
    m_wr_keep_o = o_keep;
    m_wr_qp_o = it_r.qp;
    if (!busy) begin
      m_wr_valid_o = it_rv && t_wr && (!it_r.chk || rsp_rv) && (!it_r.ev || ev_rv);
    end else if (p_flush_q) begin
      m_wr_valid_o = 1'b1;
      m_wr_addr_o = {t_blk_q[63:6] + 58'd1, wn_ddp_pkg::ctz64(t_ck_q)};
      m_wr_len_o = wn_ddp_pkg::pop64(t_ck_q);
      m_wr_data_o = t_cd_q & wn_ddp_pkg::bytes_mask(t_ck_q);
      m_wr_keep_o = t_ck_q;
      m_wr_qp_o = t_qp_q;
    end

    term_valid_o = 1'b0;
    term_qp_o = t_qp_q;
    term_rx_o = 1'b0;
    term_layer_o = r_ev_q.layer;
    term_etype_o = r_ev_q.etype;
    term_ecode_o = r_ev_q.ecode;
    term_hvalid_o = r_ev_q.hvalid;
    term_hlen_o = r_ev_q.hlen;
    term_hdr_o = r_ev_q.hbuf;
    st_ready_o = 1'b0;
    rinv_valid_o = 1'b0;
    cpl_valid_o = 1'b0;
    rr_valid_o = 1'b0;
    rdc_valid_o = 1'b0;
    cf_push_slow = 1'b0;
    if (!busy || p_flush_q) begin
      // the item's own record, or noPkt records while idle
      st_ready_o = !busy && ((t_take && t_fast_st) || (!it_rv && st_valid_i && st_nopkt));
    end else if (p_termh_q) begin
      term_valid_o = 1'b1;
    end else if (p_termc_q) begin
      term_valid_o = 1'b1;
      term_hvalid_o = 1'b1;
      term_layer_o = r_ev_q.chk_read || r_chk_err_q == MrAccess ? wn_abi_pkg::TERM_LAYER_RDMAP : wn_abi_pkg::TERM_LAYER_DDP;
      term_etype_o = r_ev_q.chk_read || r_chk_err_q == MrAccess ? wn_abi_pkg::TERM_ETYPE_RDMAP_REMOTE_PROTECTION : wn_abi_pkg::TERM_ETYPE_DDP_TAGGED_BUFFER;
      if (r_ev_q.chk_read) begin
        unique case (r_chk_err_q)
          MrInvalidStag: term_ecode_o = wn_abi_pkg::TERM_ECODE_RDMAP_INVALID_STAG;
          MrNotAssoc: term_ecode_o = wn_abi_pkg::TERM_ECODE_RDMAP_STAG_NOT_ASSOC;
          MrAccess: term_ecode_o = wn_abi_pkg::TERM_ECODE_RDMAP_ACCESS_RIGHTS;
          MrBounds: term_ecode_o = wn_abi_pkg::TERM_ECODE_RDMAP_BASE_BOUNDS;
          default: term_ecode_o = wn_abi_pkg::TERM_ECODE_RDMAP_TO_WRAP;
        endcase
      end else begin
        unique case (r_chk_err_q)
          MrInvalidStag: term_ecode_o = wn_abi_pkg::TERM_ECODE_DDP_TAGGED_INVALID_STAG;
          MrNotAssoc: term_ecode_o = wn_abi_pkg::TERM_ECODE_DDP_TAGGED_STAG_NOT_ASSOC;
          MrAccess: term_ecode_o = wn_abi_pkg::TERM_ECODE_RDMAP_ACCESS_RIGHTS;
          MrBounds: term_ecode_o = wn_abi_pkg::TERM_ECODE_DDP_TAGGED_BASE_BOUNDS;
          default: term_ecode_o = wn_abi_pkg::TERM_ECODE_DDP_TAGGED_TO_WRAP;
        endcase
      end
    end else if (p_termn_q) begin
      term_valid_o = 1'b1;
      term_qp_o = n_qp_q;
      term_layer_o = n_layer_q;
      term_etype_o = n_etype_q;
      term_ecode_o = n_ecode_q;
      term_hvalid_o = 1'b0;
      term_hlen_o = 7'd0;
      term_hdr_o = '0;
    end else if (p_st_q) begin
      st_ready_o = st_valid_i;
    end else if (p_rinv_q) begin
      rinv_valid_o = 1'b1;
    end else if (p_rwait_q) begin
      // waiting for the invalidation's done
    end else if (p_termx_q) begin
      term_valid_o = 1'b1;
      term_rx_o = x_rx_q;
      term_layer_o = x_layer_q;
      term_etype_o = x_etype_q;
      term_ecode_o = x_ecode_q;
      term_hvalid_o = x_hvalid_q;
    end else if (p_cpl_q) begin
      cf_push_slow = cf_wr;
    end else if (p_rr_q) begin
      rr_valid_o = 1'b1;
    end else if (p_rdc_q) begin
      rdc_valid_o = 1'b1;
    end
    // every other record waits for the completions before it
    if (cf_rv) begin
      term_valid_o = 1'b0;
      rinv_valid_o = 1'b0;
      rr_valid_o = 1'b0;
      rdc_valid_o = 1'b0;
    end
    cpl_valid_o = cf_rv;
  end
  assign t_trdy = term_ready_i && !cf_rv;
  assign t_irdy = rinv_ready_i && !cf_rv;
  assign t_rrdy = rr_ready_i && !cf_rv;
  assign t_drdy = rdc_ready_i && !cf_rv;

  // records from the latched event
  wn_abi_pkg::ddp_untagged_hdr_t r_uh;
  wn_abi_pkg::rdma_read_req_t    r_rq;
  wn_abi_pkg::rdmap_immediate_t  r_im;
  wn_abi_pkg::rdmap_terminate_t  r_tm;
  logic [3:0] r_op;
  assign r_uh = wn_abi_pkg::ddp_untagged_hdr_unpack(r_ev_q.hbuf[UntHdr*8-1:0]);
  assign r_rq = wn_abi_pkg::rdma_read_req_unpack(r_ev_q.hbuf[RreqHdr*8-1:UntHdr*8]);
  assign r_im = wn_abi_pkg::rdmap_immediate_unpack(r_ev_q.hbuf[ImmHdr*8-1:UntHdr*8]);
  assign r_tm = wn_abi_pkg::rdmap_terminate_unpack(r_ev_q.hbuf[TermHdr*8-1:UntHdr*8]);
  assign r_op = r_uh.opcode;
  assign rinv_stag_o = r_uh.inv_stag;
  assign rinv_pd_o = r_ev_q.pd;
  // completion records {qp, opcode, length, SE, INV, invalidated STag,
  // IMM, immediate data, status}: the item's own event (fast), or the
  // latched one; only an invalidation that took place is reported (a
  // refused one has status 1 and its Terminate)
  wn_abi_pkg::rdmap_immediate_t t_im;
  assign t_im = wn_abi_pkg::rdmap_immediate_unpack(ev_r.hbuf[ImmHdr*8-1:UntHdr*8]);
  assign cf_fast = {it_r.qp, t_uh.opcode, (ev_r.kind == wn_ddp_pkg::KSend) ? ev_r.mlen : 32'd0,
                    t_uh.opcode == wn_abi_pkg::RDMAP_OPCODE_SEND_SE || t_uh.opcode == wn_abi_pkg::RDMAP_OPCODE_IMMEDIATE_DATA_SE, 1'b0,
                    t_uh.inv_stag, ev_r.kind == wn_ddp_pkg::KImm, t_im.data, 2'd0};
  assign cf_slow = {t_qp_q, r_op, (r_ev_q.kind == wn_ddp_pkg::KSend) ? r_ev_q.mlen : 32'd0,
                    r_op == wn_abi_pkg::RDMAP_OPCODE_SEND_SE || r_op == wn_abi_pkg::RDMAP_OPCODE_SEND_SE_INVALIDATE || r_op == wn_abi_pkg::RDMAP_OPCODE_IMMEDIATE_DATA_SE,
                    (r_op == wn_abi_pkg::RDMAP_OPCODE_SEND_INVALIDATE || r_op == wn_abi_pkg::RDMAP_OPCODE_SEND_SE_INVALIDATE) && c_status_q == 2'd0,
                    r_uh.inv_stag, r_ev_q.kind == wn_ddp_pkg::KImm, r_im.data, c_status_q};
  assign cf_push_fast = t_take && t_fast_st && t_fcpl && !t_dead;
  assign cf_w = cf_push_fast ? cf_fast : cf_slow;
  assign cf_wv = cf_push_fast || cf_push_slow;
  assign cf_rr = cf_rv && cpl_ready_i;
  logic [CfW-1:0] cf_n;
  logic           cf_nv;
  wn_fifo_nx #(.Width(CfW), .Depth(4)) u_cf (
      .clk_i, .rst_i, .wdata_i(cf_w), .wvalid_i(cf_wv), .wready_o(cf_wr),
      .rdata_o(cf_r), .rvalid_o(cf_rv), .rready_i(cf_rr), .count_o(cf_count),
      .nvalid_o(cf_nv), .ndata_o(cf_n));
  // the QP of the record at the head after the edge (valid or not)
  assign cpl_nqp_o = cf_n[CfW-1 -: QpW];
  assign {cpl_qp_o, cpl_opcode_o, cpl_len_o, cpl_se_o, cpl_inv_o, cpl_inv_stag_o, cpl_imm_o,
          cpl_imm_data_o, cpl_status_o} = cf_r;
  assign rr_qp_o = t_qp_q;
  assign rr_sink_stag_o = r_rq.sink_stag;
  assign rr_sink_to_o = r_rq.sink_to;
  assign rr_addr_o = r_chk_addr_q;
  assign rr_len_o = r_rq.read_size;
  assign rdc_qp_o = t_qp_q;
  logic cx_fast, cx_kill, cx_rr;
  assign cx_fast = t_take && t_fast_ctx;
  assign cx_rr = cx_fast ||
                 (p_ctx_q && !p_flush_q && !p_termh_q && !p_termc_q && !p_st_q && !p_termn_q &&
                  !p_rinv_q && !p_rwait_q && !p_termx_q && !p_cpl_q && !p_rr_q && !p_rdc_q &&
                  cx_valid_i);
  assign cx_kill = cx_fast ? t_kill_now : t_kill_q;

  assign cx_pop_o = cx_rr;
  assign cx_kill_o = cx_kill;
  assign cx_saddr_o = cx_fast ? t_seg : t_seg_q;

  // tail errors reach the head's held context
  assign terr_valid_o = term_valid_o && term_ready_i && !term_rx_o;
  assign terr_qp_o = term_qp_o;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      p_flush_q <= 1'b0;
      p_termh_q <= 1'b0;
      p_termc_q <= 1'b0;
      p_st_q <= 1'b0;
      p_termn_q <= 1'b0;
      p_rinv_q <= 1'b0;
      p_rwait_q <= 1'b0;
      p_termx_q <= 1'b0;
      p_cpl_q <= 1'b0;
      p_rr_q <= 1'b0;
      p_rdc_q <= 1'b0;
      p_ctx_q <= 1'b0;
      t_kill_q <= 1'b0;
      t_qp_q <= '0;
      t_seg_q <= '0;
      t_rot_q <= '0;
      t_blk_q <= '0;
      t_ck_q <= '0;
      t_cd_q <= '0;
      t_pkdrop_q <= 1'b0;
      r_ev_q <= '0;
      r_chk_ok_q <= 1'b0;
      r_chk_err_q <= '0;
      r_chk_addr_q <= '0;
      x_layer_q <= '0;
      x_etype_q <= '0;
      x_ecode_q <= '0;
      x_rx_q <= 1'b0;
      x_hvalid_q <= 1'b0;
      c_status_q <= '0;
      n_qp_q <= '0;
      n_layer_q <= '0;
      n_etype_q <= '0;
      n_ecode_q <= '0;
    end else begin
      if (t_take) begin
        t_qp_q <= it_r.qp;
        t_kill_q <= t_kill_now || (it_r.chk && !rsp_ok && !t_dead);
        if (it_r.sop) t_pkdrop_q <= it_r.drop;
        t_seg_q <= t_seg;
        t_rot_q <= t_rot;
        t_blk_q <= t_blk;
        t_ck_q <= (it_r.place && !t_dead && !t_chk_fail) ? (t_rk & t_lo) : 64'd0;
        t_cd_q <= t_rd;
        if (it_r.ev) r_ev_q <= ev_r;
        else if (it_r.fend) r_ev_q.kind <= wn_ddp_pkg::KNone;
        if (it_r.chk) begin
          r_chk_ok_q <= rsp_ok;
          r_chk_err_q <= rsp_err;
          r_chk_addr_q <= rsp_addr;
        end
        p_flush_q <= it_r.flush && it_r.place && !t_dead && !t_chk_fail && (t_rk & t_lo) != 64'd0;
        p_termh_q <= t_herr;
        p_termc_q <= t_cfail;
        p_st_q <= it_r.fend && !t_fast_st;
        p_ctx_q <= it_r.eop && !t_fast_ctx;
      end
      if (p_flush_q && m_wr_ready_i) p_flush_q <= 1'b0;
      if (!p_flush_q && p_termh_q && t_trdy) begin
        p_termh_q <= 1'b0;
        t_kill_q <= 1'b1;
      end
      if (!p_flush_q && !p_termh_q && p_termc_q && t_trdy) begin
        p_termc_q <= 1'b0;
        t_kill_q <= 1'b1;
      end
      // no-packet records (length error, empty ULPDU): a Terminate for
      // their QP, while idle or before this FPDU's own record
      if ((!busy && !it_rv && st_valid_i && st_nopkt) ||
          (!p_flush_q && !p_termh_q && !p_termc_q && !p_termn_q && p_st_q && st_valid_i &&
           st_nopkt)) begin
        p_termn_q <= 1'b1;
        n_qp_q <= st_qp_i;
        n_layer_q <= st_err_i ? wn_abi_pkg::TERM_LAYER_LLP : wn_abi_pkg::TERM_LAYER_RDMAP;
        n_etype_q <= st_err_i ? wn_abi_pkg::TERM_ETYPE_LLP_MPA : wn_abi_pkg::TERM_ETYPE_RDMAP_REMOTE_OPERATION;
        n_ecode_q <= st_err_i ? wn_abi_pkg::TERM_ECODE_LLP_MARKER_ERROR
                              : wn_abi_pkg::TERM_ECODE_RDMAP_UNSPECIFIED;
      end
      if (!p_flush_q && !p_termh_q && !p_termc_q && p_termn_q && t_trdy) begin
        p_termn_q <= 1'b0;
        if (n_qp_q == t_qp_q) t_kill_q <= 1'b1;
      end
      if (st_go) begin
        p_st_q <= 1'b0;
        if (!(t_kill_q || t_pkdrop_q)) begin
          if (!st_crc_ok_i) begin
            p_termx_q <= 1'b1;
            x_rx_q <= 1'b0;
            x_layer_q <= wn_abi_pkg::TERM_LAYER_LLP;
            x_etype_q <= wn_abi_pkg::TERM_ETYPE_LLP_MPA;
            x_ecode_q <= wn_abi_pkg::TERM_ECODE_LLP_CRC_ERROR;
            x_hvalid_q <= 1'b0;
          end else begin
            unique case (r_ev_q.kind)
              wn_ddp_pkg::KSend: begin
                p_rinv_q <= r_inv;
                p_cpl_q <= 1'b1;
                c_status_q <= 2'd0;
              end
              wn_ddp_pkg::KImm: begin
                p_cpl_q <= 1'b1;
                c_status_q <= 2'd0;
              end
              wn_ddp_pkg::KRreq: p_rr_q <= r_chk_ok_q;
              wn_ddp_pkg::KRresp: p_rdc_q <= 1'b1;
              wn_ddp_pkg::KTerm: begin
                p_termx_q <= 1'b1;
                x_rx_q <= 1'b1;
                x_layer_q <= r_tm.layer;
                x_etype_q <= r_tm.etype;
                x_ecode_q <= r_tm.ecode;
                x_hvalid_q <= 1'b1;
              end
              default: ;
            endcase
          end
        end
      end
      if (p_rinv_q && !p_flush_q && !p_termh_q && !p_termc_q && !p_termn_q && !p_st_q &&
          t_irdy) begin
        p_rinv_q <= 1'b0;
        p_rwait_q <= 1'b1;
      end
      if (p_rwait_q && rinv_done_i) begin
        p_rwait_q <= 1'b0;
        if (rinv_status_i != 3'd0) begin
          p_termx_q <= 1'b1;
          x_rx_q <= 1'b0;
          x_layer_q <= wn_abi_pkg::TERM_LAYER_RDMAP;
          x_etype_q <= (rinv_status_i == MrPdMismatch) ? wn_abi_pkg::TERM_ETYPE_RDMAP_REMOTE_PROTECTION : wn_abi_pkg::TERM_ETYPE_RDMAP_REMOTE_OPERATION;
          x_ecode_q <= wn_abi_pkg::TERM_ECODE_RDMAP_CANT_INVALIDATE;
          x_hvalid_q <= 1'b1;
          c_status_q <= 2'd1;
        end
      end
      if (p_termx_q && !p_flush_q && !p_termh_q && !p_termc_q && !p_termn_q && !p_st_q &&
          !p_rinv_q && !p_rwait_q && t_trdy) begin
        p_termx_q <= 1'b0;
        t_kill_q <= 1'b1;
      end
      if (p_cpl_q && !p_flush_q && !p_termh_q && !p_termc_q && !p_termn_q && !p_st_q &&
          !p_rinv_q && !p_rwait_q && !p_termx_q && cf_wr) begin
        p_cpl_q <= 1'b0;
      end
      if (p_rr_q && !p_flush_q && !p_termh_q && !p_termc_q && !p_termn_q && !p_st_q &&
          !p_rinv_q && !p_rwait_q && !p_termx_q && !p_cpl_q && t_rrdy) begin
        p_rr_q <= 1'b0;
      end
      if (p_rdc_q && !p_flush_q && !p_termh_q && !p_termc_q && !p_termn_q && !p_st_q &&
          !p_rinv_q && !p_rwait_q && !p_termx_q && !p_cpl_q && !p_rr_q && t_drdy) begin
        p_rdc_q <= 1'b0;
      end
      if (cx_rr) p_ctx_q <= 1'b0;
    end
  end


  logic unused_ok;
  assign unused_ok = ^{cf_nv, cf_n[CfW-QpW-1:0], nc_count_it, nc_count_ev, r_uh, r_rq.src_stag, cf_count, t_uh, r_rq.src_to, r_ev_q.herr,
                       t_dd[511:0], t_kk[63:0], r_tm.hdr_ctrl_m, r_tm.hdr_ctrl_d, r_tm.hdr_ctrl_r, r_tm.rsvd};

`ifndef SYNTHESIS
  // the MR table answers into space reserved by the head's credits
  always_ff @(posedge clk_i) begin
    if (!rst_i && chk_rsp_valid_i && !rsp_wr) $fatal(1, "wn_ddp_rx_tail: MR answer FIFO overflow");
  end
`endif
endmodule
