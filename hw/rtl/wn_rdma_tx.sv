// wn_rdma_tx: the transmit side of the iWARP data path. It takes work
// requests from the QPs' send queues (and READ RESPONSE jobs from the
// receive side), keeps them in a per-QP message log (wn_rdma_msg_log), and
// serves the TCP engine's payload reads of RDMA connections with FPDUs
// built on demand from the log and host memory (wn_rdma_fpdu_srv: DDP/RDMAP
// segments by wn_rdmap_tx, MPA framing by wn_mpa_tx). Nothing is staged: a
// retransmission is a read of the same stream offsets, and the FPDUs are
// built again.
//
// The FPDU stream of a QP: its messages' FPDUs one after the other, from
// stream offset `tx_start` (QP_MODIFY ARG12: where the MPA frames ended),
// each message's FPDUs of at most MULPDU ULPDU bytes (ARG11). A message
// is logged with its stream offset and byte count, and released to the TCP
// engine (its TX_END doorbell) in order: a single-FPDU message at once, a
// longer one only when the engine has asked for every byte released before
// it, so its FPDUs start on a segment boundary and, with MULPDU chosen so
// that a full FPDU is one MSS, each segment carries exactly one FPDU.
//
// QP set-ups and state changes come from wn_rdma_ctrl (init_*, st_*), the
// SQ_PI doorbells too (sqdb_*). Payload reads (srv_*) and their bytes
// (srv_rsp_*) are the FPDU server's (wn_rdma_fpdu_srv has the details).
//
// Acknowledgments (ack_*, from the engine: the stream offset acknowledged)
// retire logged messages: a signaled one writes its CQE on the QP's send
// CQ (RDMA_SEND, RDMA_WRITE, RDMA_IMM). An RDMA_READ completes when the
// receive side reports the READ RESPONSE's end (rdc_*), in ORQ order.
// Completions keep posting order: a message waits for the Reads posted
// before it, and a Read for its request's acknowledgment.
//
// Work requests (rdma_sq_wqe, 128 bytes): a prefetcher (wn_wqe_prefetch)
// reads a QP's posted WQEs by DMA, up to 16 in one read with several reads
// in flight, into a FIFO of 64; the fetch unit takes one WQE every few
// cycles: the first gather entry's check is asked in the cycle it is
// taken, the others right after, the answers are taken as they come, and
// the message is logged in the cycle its last FPDU is counted. Each gather
// entry is checked against the MR table (lkey, the QP's PD, no rights for a
// local read) and translated; a failed check completes the WQE with
// LOC_PROT_ERR, an unknown opcode with BAD_OPCODE, a refused WQE read with
// WQE_FETCH_ERR. RDMA_WRITE_IMM is two messages (the Write, then Immediate
// Data), completing as RDMA_WRITE. A fast-register or local-invalidate
// WQE waits until the QP's log is empty, a Read until ORD allows it: the
// prefetcher is rewound to it and reads it again later, the other QPs
// first. A QP in ERROR completes every logged message and every posted
// WQE as FLUSHED, and its outstanding READs, in posting order: a message
// not yet released to the engine at once, a released one when its bytes
// are acknowledged (a retransmission may still need it), and a posted WQE
// once the log and the ORQ are empty. A Terminate from the receive
// side flushes the messages not yet released and is logged itself.
//
// The log keeps RrReserve entries for READ RESPONSEs: work requests fill
// at most LogDepth - RrReserve, so a READ REQUEST within IRD (at most
// RrReserve) never waits for room, and the receive path never stops for
// it.
//
// A refused payload read (host memory unmapped under a registered region)
// puts the QP into ERROR like a work request completing in error.
//
// Markers (QP_MODIFY ARG3 bit 18, on transmit; bit 17 is the receive
// side's, and the two settle apart in MPA): wn_mpa_tx puts one at every
// 512th octet of the stream from tx_start; each FPDU's wire length counts
// the markers its stream position gives it (wn_rdma_pkg::wire_m), the same
// when it is built again for a retransmission.
// Reset: the unit stays in reset NumQp cycles after it, while the per-QP
// tables that need clearing are swept (one QP a cycle); the others are
// written by each QP's set-up.
// The log's records live in a pool shared by the QPs (wn_rdma_msg_log),
// allocated a page (LogPage records) at a time. A work request is taken
// while LogRsv pages stay free after its two at most, so READ RESPONSEs
// and Terminates find pages while work requests wait for retirements; a
// message whose page is not there when its last FPDU is counted waits in
// that step (only a Terminate can, when the pool is full).
// Parameters: NumQp a power of two 2..1024; LogDepth a power of two:
// messages a QP may have logged and not acknowledged; RrReserve: entries
// of it kept for READ RESPONSEs; LogRecs: the pool's records, a power of
// two of 16 pages or more.
module wn_rdma_tx #(
    parameter int NumQp = 64,
    parameter int LogDepth = 256,
    parameter int RrReserve = wn_abi_pkg::RDMA_MAX_IRD,
    parameter int LogRecs = 4096,
    localparam int QpW = $clog2(NumQp),
    localparam int LW = $clog2(LogDepth),
    // the outstanding-read queue: ORD at most
    localparam int OrqDepth = wn_abi_pkg::RDMA_MAX_ORD,
    localparam int OW = $clog2(OrqDepth)
) (
    input  logic           clk_i,
    input  logic           rst_i,
    // QP configuration from wn_rdma_ctrl: a QP set up (RESET -> INIT), and
    // every state change
    input  logic           init_valid_i,
    input  logic [QpW-1:0] init_qp_i,
    input  logic [15:0]    init_pd_i,
    input  logic [7:0]     init_scq_i,
    input  logic [63:0]    init_sq_base_i,
    input  logic [3:0]     init_sq_log_i,
    input  logic [15:0]    init_tid_i,
    input  logic [15:0]    init_mulpdu_i,
    input  logic           init_crc_i,
    input  logic           init_mark_i,
    input  logic [7:0]     init_ord_i,
    input  logic [31:0]    init_start_i,
    input  logic           st_valid_i,
    input  logic [QpW-1:0] st_qp_i,
    input  logic [7:0]     st_i,
    // SQ_PI doorbells (wn_rdma_ctrl)
    input  logic           sqdb_valid_i,
    input  logic [QpW-1:0] sqdb_qp_i,
    input  logic [15:0]    sqdb_pi_i,
    // READ RESPONSE jobs and READ ends (wn_ddp_rx via wn_rdma_rx)
    input  logic           rr_valid_i,
    output logic           rr_ready_o,
    input  logic [QpW-1:0] rr_qp_i,
    input  logic [31:0]    rr_sink_stag_i,
    input  logic [63:0]    rr_sink_to_i,
    input  logic [63:0]    rr_addr_i,
    input  logic [31:0]    rr_len_i,
    input  logic           rdc_valid_i,
    output logic           rdc_ready_o,
    input  logic [QpW-1:0] rdc_qp_i,
    // a work request completed in error (LOC_PROT_ERR, BAD_OPCODE,
    // WQE_FETCH_ERR): wn_rdma_ctrl puts the QP into ERROR
    output logic           serr_valid_o,
    input  logic           serr_ready_i,
    output logic [QpW-1:0] serr_qp_o,
    // a QP in SQD has no send work request in progress: wn_rdma_ctrl
    // posts its SQ_DRAINED event (once per entry into SQD)
    output logic           sqd_valid_o,
    input  logic           sqd_ready_i,
    output logic [QpW-1:0] sqd_qp_o,
    // a READ RESPONSE built for the engine the first time: an IRD slot free
    output logic           rrd_valid_o,
    output logic [QpW-1:0] rrd_qp_o,
    // the fetch unit works for this QP (a RESET waits for it)
    output logic           busy_o,
    output logic [QpW-1:0] busy_qp_o,
    // a Terminate the receive side decided to send (the QP is in ERROR;
    // from wn_rdma_ctrl):
    // the codes and the first bytes of the offending DDP segment
    input  logic           term_valid_i,
    input  logic [QpW-1:0] term_qp_i,
    input  logic [3:0]     term_layer_i,
    input  logic [3:0]     term_etype_i,
    input  logic [7:0]     term_ecode_i,
    input  logic           term_hvalid_i,
    input  logic [6:0]     term_hlen_i,
    input  logic [511:0]   term_hdr_i,
    // fast-register and local invalidate (the MR table's update port,
    // through wn_rdma_ctrl)
    output logic           ctl_valid_o,
    input  logic           ctl_ready_i,
    output logic [1:0]     ctl_op_o,
    output logic [31:0]    ctl_stag_o,
    output logic [15:0]    ctl_pd_o,
    output logic [3:0]     ctl_access_o,
    output logic [63:0]    ctl_base_o,
    output logic [63:0]    ctl_len_o,
    output logic [63:0]    ctl_iova_o,
    input  logic           ctl_done_i,
    input  logic [2:0]     ctl_status_i,
    // MR checks (wn_rdma_rx's check port)
    output logic           chk_valid_o,
    input  logic           chk_ready_i,
    output logic [31:0]    chk_stag_o,
    output logic [63:0]    chk_to_o,
    output logic [31:0]    chk_len_o,
    output logic [15:0]    chk_pd_o,
    input  logic           chk_rsp_valid_i,
    input  logic           chk_rsp_ok_i,
    input  logic [63:0]    chk_rsp_addr_i,
    // DMA reads: WQEs (port w) and payload (port p)
    output wn_abi_pkg::dma_rd_req_t wrd_req_o,
    input  logic                    wrd_req_ready_i,
    input  wn_abi_pkg::dma_rd_rsp_t wrd_rsp_i,
    output logic                    wrd_rsp_ready_o,
    output wn_abi_pkg::dma_rd_req_t prd_req_o,
    input  logic                    prd_req_ready_i,
    input  wn_abi_pkg::dma_rd_rsp_t prd_rsp_i,
    output logic                    prd_rsp_ready_o,
    // the TCP engine: TX_END doorbells, acknowledgments, payload reads
    output logic           db_valid_o,
    input  logic           db_ready_i,
    output logic [15:0]    db_tid_o,
    output logic [31:0]    db_value_o,
    input  logic           ack_valid_i,
    input  logic [15:0]    ack_qp_i,
    input  logic [31:0]    ack_off_i,
    input  logic           srv_valid_i,
    output logic           srv_ready_o,
    input  logic [15:0]    srv_qp_i,
    input  logic [31:0]    srv_off_i,
    input  logic [15:0]    srv_len_i,
    output logic [511:0]   srv_rsp_data_o,
    output logic           srv_rsp_last_o,
    output logic           srv_rsp_err_o,
    output logic           srv_rsp_valid_o,
    input  logic           srv_rsp_ready_i,
    // completion records (wn_cq_engine, 224 bits)
    output logic [223:0]   cpl_o,
    output logic           cpl_valid_o,
    input  logic           cpl_ready_i
);
  localparam logic [3:0] OpWrite = 4'(wn_abi_pkg::RDMAP_OPCODE_RDMA_WRITE);
  localparam logic [3:0] OpRreq = 4'(wn_abi_pkg::RDMAP_OPCODE_RDMA_READ_REQUEST);
  localparam logic [3:0] OpRresp = 4'(wn_abi_pkg::RDMAP_OPCODE_RDMA_READ_RESPONSE);
  localparam logic [3:0] OpSend = 4'(wn_abi_pkg::RDMAP_OPCODE_SEND);
  localparam logic [3:0] OpSendInv = 4'(wn_abi_pkg::RDMAP_OPCODE_SEND_INVALIDATE);
  localparam logic [3:0] OpSendSe = 4'(wn_abi_pkg::RDMAP_OPCODE_SEND_SE);
  localparam logic [3:0] OpSendSeInv = 4'(wn_abi_pkg::RDMAP_OPCODE_SEND_SE_INVALIDATE);
  localparam logic [3:0] OpImm = 4'(wn_abi_pkg::RDMAP_OPCODE_IMMEDIATE_DATA);
  localparam logic [3:0] OpImmSe = 4'(wn_abi_pkg::RDMAP_OPCODE_IMMEDIATE_DATA_SE);
  localparam logic [3:0] OpTerm = 4'(wn_abi_pkg::RDMAP_OPCODE_TERMINATE);

  generate
    if (NumQp < 2 || NumQp > 1024 || (1 << QpW) != NumQp || (1 << LW) != LogDepth ||
        RrReserve < 1 || RrReserve + 4 > LogDepth) begin : g_bad
      $fatal(1, "wn_rdma_tx: NumQp and LogDepth must be powers of two, NumQp 2..1024, RrReserve 1..LogDepth-4");
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
  // the message log (wn_rdma_msg_log): its narrow ports read by the flush
  // (f), the release (r) and the retirement (a); its registered port by
  // the FPDU server (the entry it builds from next)
  localparam int MsgW = wn_rdma_pkg::MsgW;
  localparam int LgF = 0, LgR = 1, LgA = 2;
  localparam int LogPage = 8, LogRsv = 8;
  localparam int PgW = $clog2(LogRecs / LogPage);
  logic [3*(QpW+LW)-1:0] lg_ra;
  logic [3*MsgW-1:0]     lg_rd;
  logic [MsgW-1:0]       lg_c;
  logic                  lg_room;
  logic [PgW:0]          lg_free;
  logic [QpW-1:0]        lg_gqp;

  // per-QP state
  logic [7:0]  st_q [NumQp];
  logic [15:0] sq_pi [NumQp], sq_ci [NumQp];
  logic [LW:0] head_q [NumQp], rel_q [NumQp], tail_q [NumQp];
  logic        dbp_q [NumQp];
  // the Terminate to send: pending, and its length (its payload, RFC 5040
  // §4.8, is kept by the FPDU server)
  logic         tpend_q [NumQp];
  // outstanding READs (the ORQ, u_orq below: wr_id and signaled): head and tail
  logic [OW:0] oh_q [NumQp], ot_q [NumQp];
  // READ REQUESTs acknowledged (retired from the log): the ORQ's entries
  // from oh_q to orr_q are Reads older than every message still logged
  logic [OW:0] orr_q [NumQp];
  // a work request completed in error: no more are taken until the
  // receive side's state change (to ERROR) arrives
  logic        sh_q [NumQp];
  // the QP's next WQE is a Read beyond ORD, set aside while other QPs ran:
  // the prefetcher leaves it alone until one of its Reads ends
  logic        od_q [NumQp];
  // messages of send work requests logged and not retired (the log also
  // holds READ RESPONSEs and Terminates), and SQ_DRAINED reported since
  // the QP's last state change
  logic [LW:0] sw_q [NumQp];
  logic        dr_q [NumQp];
  // a payload read was refused while building one of the QP's FPDUs
  // (host memory unmapped under a registered region): reported as a send
  // error (the QP enters ERROR)
  logic        perr_q [NumQp];

  // ------------------------------------------------------------------
  // completions: retire (a), fetch errors and flushes (f), READ ends (r)
  logic         a_cv, f_cv, r_cv;
  logic [223:0] a_c, f_c, r_c;
  logic         a_cr, f_cr, r_cr;
  assign cpl_valid_o = a_cv || f_cv || r_cv;
  assign cpl_o = a_cv ? a_c : (f_cv ? f_c : r_c);
  assign a_cr = cpl_ready_i;
  assign f_cr = cpl_ready_i && !a_cv;
  assign r_cr = cpl_ready_i && !a_cv && !f_cv;

  // ------------------------------------------------------------------
  // the WQE prefetcher (wn_rdma_sq_pf): its FIFO's head (wq_*), taken in
  // order, and the fetch unit's rewinds (rw_*)
  // a QP can log a work request (two messages at most) now: in RTS with
  // room beside the READ RESPONSEs' reserve and not halted by an error; in
  // ERROR once every message and Read (in the ORQ) posted before it has
  // completed, so its FLUSHED completion keeps posting order
  function automatic logic can_log(input logic [7:0] st, input logic [LW:0] used, input logic halted,
                                   input logic [OW:0] reads);
    can_log = (st == 8'(wn_abi_pkg::QP_STATE_RTS) && !halted &&
               {1'b0, used} + (LW + 2)'(2 + RrReserve) <= (LW + 2)'(LogDepth)) ||
              (st == 8'(wn_abi_pkg::QP_STATE_ERROR) && used == '0 && reads == '0);
  endfunction
  // ORD Reads are outstanding (ORD 0 counts as 1; QP_MODIFY refuses an ORD
  // above the queue's depth)
  function automatic logic ord_full(input logic [OW:0] outst, input logic [7:0] ord);
    ord_full = {{(7 - OW){1'b0}}, outst} >= ((ord == 8'd0) ? 8'd1 : (ord > 8'(OrqDepth)) ? 8'(OrqDepth) : ord);
  endfunction
  logic           pf_other, pf_idle;
  logic [QpW-1:0] pf_qp, pf_qp_n, pf_scan;
  // the attributes from a QP's set-up and its Terminate's length, read a
  // cycle ahead at each reader's next QP (wn_rdma_tx_attr)
  logic [63:0]    pf_base;
  logic [3:0]     pf_log;
  logic [7:0]     f_scq, a_scq, o_scq, w_ord, f_ord;
  logic [5:0]     f_tlen;
  logic [15:0]    s_mul, f_mul, f_pd;
  logic [8:0]     s_grid, f_grid;
  logic           s_mark, s_crc, f_mark;
  logic [QpW-1:0] f_qd, s_qp, s_qp_n;
  wn_rdma_tx_attr #(
      .NumQp(NumQp)
  ) u_attr (
      .clk_i,
      .rst_i        (rst),
      .init_valid_i,
      .init_qp_i,
      .init_pd_i,
      .init_scq_i,
      .init_sq_base_i,
      .init_sq_log_i,
      .init_tid_i,
      .init_mulpdu_i,
      .init_grid_i  (init_start_i[8:0]),
      .init_mark_i,
      .init_crc_i,
      .init_ord_i,
      .term_valid_i,
      .term_qp_i,
      .term_len_i   (t_len),
      .pf_qd_i      (pf_qp_n),
      .f_qd_i       (f_qd),
      .a_qd_i       (a_scan_n),
      .o_qd_i       (o_qp_n),
      .r_qd_i       (r_scan_n),
      .s_qd_i       (s_qp_n),
      .f_qp_i       (f_qp),
      .c_qp_i       (t_chk ? wq_qp : f_qp),
      .w_qp_i       (wq_qp),
      .pf_base_o    (pf_base),
      .pf_log_o     (pf_log),
      .f_scq_o      (f_scq),
      .a_scq_o      (a_scq),
      .o_scq_o      (o_scq),
      .f_tlen_o     (f_tlen),
      .r_tid_o      (db_tid_o),
      .f_mul_o      (f_mul),
      .f_grid_o     (f_grid),
      .f_mark_o     (f_mark),
      .s_mul_o      (s_mul),
      .s_grid_o     (s_grid),
      .s_mark_o     (s_mark),
      .s_crc_o      (s_crc),
      .f_pd_o       (f_pd),
      .c_pd_o       (chk_pd_o),
      .f_ord_o      (f_ord),
      .w_ord_o      (w_ord)
  );
  // the FIFO of WQEs: {fetch error, QP, index, WQE}
  logic [1023:0]  wq_wqe;
  logic           wq_valid, wq_pop;
  logic           wq_err;
  logic [QpW-1:0] wq_qp;
  logic [15:0]    wq_idx;
  // rewinds from the fetch unit
  logic           rw_fire, rw_park;
  logic [QpW-1:0] rw_qp;
  logic [15:0]    rw_idx;
  wn_rdma_sq_pf #(
      .NumQp(NumQp)
  ) u_sqpf (
      .clk_i,
      .rst_i         (rst),
      .qp_o          (pf_qp),
      .qp_n_o        (pf_qp_n),
      .scan_o        (pf_scan),
      .base_i        (pf_base),
      .log_i         (pf_log),
      .pi_i          (sq_pi[pf_qp]),
      .okst_i        (st_q[pf_qp] == 8'(wn_abi_pkg::QP_STATE_RTS) || st_q[pf_qp] == 8'(wn_abi_pkg::QP_STATE_ERROR)),
      // the scanned QP has WQEs posted that it can log (and is not waiting
      // for an outstanding Read to end: od_q)
      .scan_work_i   (sq_pi[pf_scan] != sq_ci[pf_scan] && !od_q[pf_scan] &&
                      can_log(st_q[pf_scan], tail_q[pf_scan] - head_q[pf_scan], 1'b0, ot_q[pf_scan] - oh_q[pf_scan])),
      .scan_busy_i   (f_wq && f_qp == pf_scan),
      .scan_ci_i     (sq_ci[pf_scan]),
      .sqdb_valid_i,
      .sqdb_qp_i,
      .st_valid_i,
      .st_qp_i,
      .init_valid_i,
      .init_qp_i,
      .rw_fire_i     (rw_fire),
      .rw_park_i     (rw_park),
      .rw_qp_i       (rw_qp),
      .rw_idx_i      (rw_idx),
      .other_o       (pf_other),
      .idle_o        (pf_idle),
      .wq_valid_o    (wq_valid),
      .wq_err_o      (wq_err),
      .wq_qp_o       (wq_qp),
      .wq_idx_o      (wq_idx),
      .wq_wqe_o      (wq_wqe),
      .wq_pop_i      (wq_pop),
      .rd_req_o      (wrd_req_o),
      .rd_req_ready_i(wrd_req_ready_i),
      .rd_rsp_i      (wrd_rsp_i),
      .rd_rsp_ready_o(wrd_rsp_ready_o)
  );

  // ------------------------------------------------------------------
  // fetch: WQEs (and READ RESPONSE jobs) into the log
  typedef enum logic [2:0] {FIdle, FChk, FLen, FCpl, FFlush, FTerm, FMr, FMrWait} fst_e;
  fst_e           f_st;
  logic [QpW-1:0] f_qp, f_scan;
  logic [1023:0]  f_wqe;
  logic           f_rr, f_imm2, f_wq;
  wn_rdma_pkg::msg_t f_e;
  logic [31:0]    f_m, f_bytes, f_cnt, f_bytes_n;
  logic [7:0]     f_status, f_cop;
  logic           f_nocqe;
  wn_abi_pkg::rdma_sq_wqe_fr_t f_fr;
  logic           f_mr_op;
  assign f_fr = f_wqe;
  assign f_mr_op = f_w.opcode == 8'(wn_abi_pkg::RDMA_WQE_OPCODE_LOCAL_INV) ||
                   f_w.opcode == 8'(wn_abi_pkg::RDMA_WQE_OPCODE_FAST_REG);
  assign ctl_valid_o = f_st == FMr;
  assign ctl_op_o = (f_w.opcode == 8'(wn_abi_pkg::RDMA_WQE_OPCODE_FAST_REG)) ? 2'd2 : 2'd3;
  assign ctl_stag_o = (f_w.opcode == 8'(wn_abi_pkg::RDMA_WQE_OPCODE_FAST_REG)) ? f_fr.stag : f_w.inv_stag;
  assign ctl_pd_o = f_pd;
  assign ctl_access_o = f_fr.access[3:0];
  assign ctl_base_o = f_fr.base;
  assign ctl_len_o = f_fr.len;
  assign ctl_iova_o = f_fr.iova;
  logic [LW:0]    f_ptr;
  wn_rdma_pkg::msg_t f_fe;
  wn_abi_pkg::rdma_sq_wqe_t f_w;
  logic [32:0]    f_fp;
  assign f_w = f_wqe;
  logic [8:0] f_pos;
  assign f_pos = p_lend[8:0] + f_bytes[8:0];
  assign f_fp = wn_rdma_pkg::fpdu_f(f_e.op, f_e.len, f_m, wn_rdma_pkg::mul_m(f_mul, f_pos, f_grid, f_mark));
  assign f_bytes_n = f_bytes + wn_rdma_pkg::wire_m(f_fp[32:17], f_pos[8:0], f_grid, f_mark);

  // the message is logged in the cycle its last FPDU is counted (f_app);
  // the unit is free again in that cycle unless the message is the Write
  // of an RDMA_WRITE_IMM (its Immediate Data follows)
  logic f_app, f_wimm, f_free, f_ci_inc, f_orq_push;
  assign f_app = f_st == FLen && f_fp[0] && lg_room;
  assign f_wimm = !f_rr && !f_imm2 && f_w.opcode == 8'(wn_abi_pkg::RDMA_WQE_OPCODE_RDMA_WRITE_IMM);
  assign f_free = f_st == FIdle || (f_app && !f_wimm);
  // the fetch unit's QP after this edge (f_qp's D input): tables the unit
  // reads at f_qp are read a cycle ahead at it
  always_comb begin
    f_qd = f_qp;
    if (rst) f_qd = '0;
    else if (f_free) begin
      if (tpend_q[f_scan]) f_qd = f_scan;
      else if (rr_valid_i && rr_ready_o) f_qd = rr_qp_i;
      else if (t_take) f_qd = wq_qp;
    end
  end
  // a completion in error also tells the receive side (f_serr)
  logic f_serr, f_cdone, se_wready;
  logic [2:0] se_count;
  assign f_serr = f_status != 8'(wn_abi_pkg::CQE_STATUS_SUCCESS) && f_status != 8'(wn_abi_pkg::CQE_STATUS_FLUSHED);
  assign f_cdone = f_st == FCpl && (f_cr || f_nocqe) && (!f_serr || se_wready);
  // and the refused payload reads, found by a scan (e_scan)
  logic [QpW-1:0] e_scan;
  logic           e_push;
  assign e_push = perr_q[e_scan] && se_wready && !(f_cdone && f_serr);
  always_ff @(posedge clk_i) begin
    if (rst) e_scan <= '0;
    else if (!perr_q[e_scan]) e_scan <= e_scan + 1'b1;
  end
  wn_fifo #(
      .Width(QpW),
      .Depth(4)
  ) u_se (
      .clk_i,
      .rst_i(rst),
      .wdata_i ((f_cdone && f_serr) ? f_qp : e_scan),
      .wvalid_i((f_cdone && f_serr) || e_push),
      .wready_o(se_wready),
      .rdata_o (serr_qp_o),
      .rvalid_o(serr_valid_o),
      .rready_i(serr_ready_i),
      .count_o (se_count)
  );
  assign f_ci_inc = f_cdone || (f_app && !f_rr && !f_wimm);
  assign f_orq_push = f_app && !f_rr && f_e.op == OpRreq;

  // gather checks, pipelined: entry f_ki is asked next, f_pend are asked
  // and not answered (answers come in order, so the lowest is next)
  logic [2:0]  f_ki, f_num;
  logic [3:0]  f_pend, f_pend_n, f_rbit;
  logic [1:0]  f_rk;
  logic        f_kerr, f_msg, f_rd, f_kfail, f_kdone, f_kadv;
  wn_abi_pkg::rdma_sge_t f_sgi;
  assign f_sgi = f_wqe[384 + 32'(f_ki) * 128 +: 128];
  assign f_num = f_w.num_sge[2:0];
  assign f_rd = f_w.opcode == 8'(wn_abi_pkg::RDMA_WQE_OPCODE_RDMA_READ);
  assign f_msg = f_st == FChk && !f_mr_op && !f_bad;
  assign f_kfail = f_kerr || (chk_rsp_valid_i && !chk_rsp_ok_i);
  // the first gather entry of a Write or Send is checked in the cycle the
  // WQE is taken (t_chk)
  logic t_chk;
  wn_abi_pkg::rdma_sq_wqe_t wq_w;
  assign wq_w = wq_wqe;
  assign t_chk = t_take && !wq_err && st_q[wq_qp] != 8'(wn_abi_pkg::QP_STATE_ERROR) &&
                 (wq_w.opcode == 8'(wn_abi_pkg::RDMA_WQE_OPCODE_RDMA_WRITE) ||
                  wq_w.opcode == 8'(wn_abi_pkg::RDMA_WQE_OPCODE_RDMA_WRITE_IMM) ||
                  wq_w.opcode == 8'(wn_abi_pkg::RDMA_WQE_OPCODE_SEND) ||
                  wq_w.opcode == 8'(wn_abi_pkg::RDMA_WQE_OPCODE_SEND_INV)) &&
                 wq_w.num_sge != 8'd0 && wq_w.num_sge <= 8'd4 && wq_w.sge0[95:64] != 32'd0;
  assign chk_valid_o = (f_msg && !f_rd && f_ki < f_num && f_sgi.len != 32'd0 && !f_kfail) || t_chk;
  assign chk_stag_o = t_chk ? wq_w.sge0[127:96] : f_sgi.lkey;
  assign chk_to_o = t_chk ? wq_w.sge0[63:0] : f_sgi.addr;
  assign chk_len_o = t_chk ? wq_w.sge0[95:64] : f_sgi.len;
  assign f_kadv = f_msg && !f_rd && f_ki < f_num && !f_kfail && (f_sgi.len == 32'd0 || chk_ready_i);
  always_comb begin
    f_rk = 2'd3;
    for (int i = 3; i >= 0; i--) if (f_pend[i]) f_rk = 2'(i);
    f_rbit = chk_rsp_valid_i ? (4'd1 << f_rk) : 4'd0;
    f_pend_n = (f_pend & ~f_rbit) | ((chk_valid_o && chk_ready_i && !t_chk) ? (4'd1 << f_ki[1:0]) : 4'd0);
  end
  assign f_kdone = f_msg && (f_rd || ((f_ki >= f_num || f_kfail) && (f_pend & ~f_rbit) == 4'd0));

  assign rr_ready_o = f_free && lg_free != '0 && ((LW + 1)'(LogDepth) - (tail_q[rr_qp_i] - head_q[rr_qp_i]) -
                                 (LW + 1)'(f_app && f_qp == rr_qp_i)) != '0;
  // a logged message flushed before the Terminate
  logic f_fl_need;
  assign f_fe = lg_rd[LgF*MsgW +: MsgW];
  assign f_fl_need = f_st == FFlush && f_ptr != tail_q[f_qp] && f_fe.op != OpRreq && f_fe.op != OpRresp &&
                     f_fe.op != OpTerm && !f_fe.pair;
  assign f_cv = (f_st == FCpl && !f_nocqe && (!f_serr || se_wready)) || f_fl_need;
  assign f_c = f_fl_need ?
      wn_rdma_pkg::cqe_f(f_scq, 16'(f_qp), f_fe.idx, f_fe.wr_id, f_fe.len, f_fe.cop, 8'(wn_abi_pkg::CQE_STATUS_FLUSHED)) :
      wn_rdma_pkg::cqe_f(f_scq, 16'(f_qp), sq_ci[f_qp], f_w.wr_id, 32'd0, f_cop, f_status);

  // taking the FIFO's head WQE (t_*), and the rewinds: a stale entry, a QP
  // that cannot log now (or whose head WQE is a Read beyond ORD) while
  // another QP has work, a WQE declined (f_dec: a fast-register or local
  // invalidate waiting for the log to empty). The message logged in the
  // same cycle counts. A Read beyond ORD waits at the FIFO's head while no
  // other QP has work, and goes the cycle a Read ends.
  logic t_rdy, t_stale, t_ok, t_take, t_park, f_bad, f_dec, t_same, t_rdw;
  logic [LW:0] t_used;
  logic [15:0] t_ci;
  assign t_rdy = f_free && !tpend_q[f_scan] && !(rr_valid_i && rr_ready_o) && wq_valid;
  assign t_same = f_qp == wq_qp;
  assign t_ci = sq_ci[wq_qp] + {15'd0, f_ci_inc && t_same};
  assign t_stale = wq_idx != t_ci;
  assign t_used = tail_q[wq_qp] - head_q[wq_qp] + (LW + 1)'(f_app && t_same);
  assign t_rdw = !wq_err && wq_w.opcode == 8'(wn_abi_pkg::RDMA_WQE_OPCODE_RDMA_READ) &&
                 st_q[wq_qp] == 8'(wn_abi_pkg::QP_STATE_RTS) &&
                 ord_full(ot_q[wq_qp] - oh_q[wq_qp] + (OW + 1)'(f_orq_push && t_same), w_ord);
  assign t_ok = can_log(st_q[wq_qp], t_used, sh_q[wq_qp],
                        ot_q[wq_qp] - oh_q[wq_qp] + (OW + 1)'(f_orq_push && t_same)) && !t_rdw &&
                lg_free >= (PgW + 1)'(LogRsv + 2);
  assign t_take = t_rdy && !t_stale && t_ok;
  assign t_park = t_rdy && !t_stale && !t_ok && pf_other;
  assign wq_pop = t_rdy && (t_stale || t_ok || pf_other);
  assign f_bad = f_w.opcode < 8'(wn_abi_pkg::RDMA_WQE_OPCODE_RDMA_WRITE) ||
                 f_w.opcode > 8'(wn_abi_pkg::RDMA_WQE_OPCODE_FAST_REG) || f_w.num_sge > 8'd4 ||
                 (f_rd && f_w.num_sge != 8'd1);
  assign f_dec = f_st == FChk && f_mr_op && head_q[f_qp] != tail_q[f_qp];
  assign rw_fire = (t_rdy && t_stale) || t_park || f_dec;
  assign rw_park = t_park || f_dec;
  assign rw_qp = f_dec ? f_qp : wq_qp;
  assign rw_idx = f_dec ? sq_ci[f_qp] : t_ci;

  // a message's FPDUs counted from its start
  task automatic fpdu_count_restart();
    f_m <= 32'd0;
    f_bytes <= 32'd0;
    f_cnt <= 32'd0;
  endtask
  always_ff @(posedge clk_i) begin
    if (rst) begin
      f_st <= FIdle;
      f_qp <= '0;
      f_scan <= '0;
      f_wq <= 1'b0;
      f_rr <= 1'b0;
      f_imm2 <= 1'b0;
      f_ki <= 3'd0;
      f_pend <= 4'd0;
      f_kerr <= 1'b0;
      fpdu_count_restart();
      f_status <= 8'd0;
      f_cop <= 8'(wn_abi_pkg::CQE_OPCODE_RDMA_SEND);
      f_nocqe <= 1'b0;
      f_e <= '0;
      f_wqe <= '0;
      f_ptr <= '0;
    end else begin
      f_ptr <= f_ptr_n;
      unique case (f_st)
        FIdle: ;
        FChk: begin
          if (f_mr_op) begin
            // after the earlier messages are acknowledged
            f_cop <= (f_w.opcode == 8'(wn_abi_pkg::RDMA_WQE_OPCODE_FAST_REG)) ?
                     8'(wn_abi_pkg::CQE_OPCODE_FAST_REG) : 8'(wn_abi_pkg::CQE_OPCODE_LOCAL_INV);
            // fetched again later (f_dec rewinds the prefetcher): READ
            // RESPONSE jobs and the other QPs go on meanwhile
            f_st <= (head_q[f_qp] == tail_q[f_qp]) ? FMr : FIdle;
          end else if (f_bad) begin
            f_status <= 8'(wn_abi_pkg::CQE_STATUS_BAD_OPCODE);
            f_st <= FCpl;
          end else begin
            if (f_kadv) f_ki <= f_ki + 3'd1;
            f_pend <= f_pend_n;
            if (chk_rsp_valid_i && chk_rsp_ok_i) f_e.saddr[32'(f_rk) * 64 +: 64] <= chk_rsp_addr_i;
            if (chk_rsp_valid_i && !chk_rsp_ok_i) f_kerr <= 1'b1;
            if (f_kdone && f_kfail) begin
              f_status <= 8'(wn_abi_pkg::CQE_STATUS_LOC_PROT_ERR);
              f_st <= FCpl;
            end else if (f_kdone) begin
              // the message
              f_e.wr_id <= f_w.wr_id;
              f_e.idx <= sq_ci[f_qp];
              f_e.sig <= f_w.flags[0];
              f_e.snum <= f_num;
              f_e.slen <= {f_w.sge3[95:64] & {32{f_num > 3'd3}}, f_w.sge2[95:64] & {32{f_num > 3'd2}},
                           f_w.sge1[95:64] & {32{f_num > 3'd1}}, f_w.sge0[95:64] & {32{f_num > 3'd0}}};
              f_e.len <= 32'(f_w.sge0[95:64]) + 32'(f_w.sge1[95:64]) * 32'(f_w.num_sge > 8'd1) +
                         32'(f_w.sge2[95:64]) * 32'(f_w.num_sge > 8'd2) + 32'(f_w.sge3[95:64]) * 32'(f_w.num_sge > 8'd3);
              if (f_w.num_sge == 8'd0) f_e.len <= 32'd0;
              unique case (f_w.opcode)
                8'(wn_abi_pkg::RDMA_WQE_OPCODE_RDMA_WRITE), 8'(wn_abi_pkg::RDMA_WQE_OPCODE_RDMA_WRITE_IMM): begin
                  f_e.op <= OpWrite;
                  f_e.stag <= f_w.rkey;
                  f_e.to <= f_w.remote_addr;
                  f_e.cop <= 8'(wn_abi_pkg::CQE_OPCODE_RDMA_WRITE);
                  if (f_w.opcode == 8'(wn_abi_pkg::RDMA_WQE_OPCODE_RDMA_WRITE_IMM)) begin
                    f_e.sig <= 1'b0;
                    f_e.pair <= 1'b1;
                  end
                end
                8'(wn_abi_pkg::RDMA_WQE_OPCODE_SEND): begin
                  f_e.op <= f_w.flags[1] ? OpSendSe : OpSend;
                  f_e.cop <= 8'(wn_abi_pkg::CQE_OPCODE_RDMA_SEND);
                end
                8'(wn_abi_pkg::RDMA_WQE_OPCODE_SEND_INV): begin
                  f_e.op <= f_w.flags[1] ? OpSendSeInv : OpSendInv;
                  f_e.stag <= f_w.inv_stag;
                  f_e.cop <= 8'(wn_abi_pkg::CQE_OPCODE_RDMA_SEND);
                end
                8'(wn_abi_pkg::RDMA_WQE_OPCODE_RDMA_READ): begin
                  f_e.op <= OpRreq;
                  f_e.len <= f_w.sge0[95:64];
                  f_e.stag <= f_w.sge0[127:96];
                  f_e.to <= f_w.sge0[63:0];
                  f_e.sstag <= f_w.rkey;
                  f_e.sto <= f_w.remote_addr;
                  f_e.snum <= 3'd0;
                  f_e.slen <= '0;
                  f_e.sig <= 1'b0;
                  f_e.cop <= 8'(wn_abi_pkg::CQE_OPCODE_RDMA_READ);
                end
                default: begin
                  f_e.op <= f_w.flags[1] ? OpImmSe : OpImm;
                  f_e.imm <= f_w.imm;
                  f_e.len <= 32'd0;
                  f_e.snum <= 3'd0;
                  f_e.slen <= '0;
                  f_e.cop <= 8'(wn_abi_pkg::CQE_OPCODE_RDMA_IMM);
                end
              endcase
              fpdu_count_restart();
              f_st <= FLen;
            end
          end
        end
        FLen: if (!f_fp[0] || lg_room) begin
          // the message's FPDUs, one per cycle; logged with the last (its
          // record's page found: only a Terminate can wait for one)
          f_bytes <= f_bytes_n;
          f_m <= f_m + {16'd0, f_fp[16:1]};
          f_cnt <= f_cnt + 32'd1;
          if (f_fp[0] && f_wimm) begin
            // then the Immediate Data message, completing as the Write
            f_imm2 <= 1'b1;
            f_e.pair <= 1'b0;
            f_e.op <= f_w.flags[1] ? OpImmSe : OpImm;
            f_e.imm <= f_w.imm;
            // the Write's length stays, for the completion (Immediate
            // Data's FPDU does not depend on it)
            f_e.snum <= 3'd0;
            f_e.sig <= f_w.flags[0];
            f_e.cop <= 8'(wn_abi_pkg::CQE_OPCODE_RDMA_WRITE);
            fpdu_count_restart();
          end else if (f_fp[0]) begin
            f_rr <= 1'b0;
            f_st <= FIdle;
          end
        end
        FCpl: if (f_cdone) begin
          f_nocqe <= 1'b0;
          f_cop <= 8'(wn_abi_pkg::CQE_OPCODE_RDMA_SEND);
          f_st <= FIdle;
        end
        FMr: if (ctl_ready_i) f_st <= FMrWait;
        FMrWait: if (ctl_done_i) begin
          f_status <= (ctl_status_i == 3'd0) ? 8'(wn_abi_pkg::CQE_STATUS_SUCCESS) :
                      8'(wn_abi_pkg::CQE_STATUS_LOC_PROT_ERR);
          f_nocqe <= ctl_status_i == 3'd0 && !f_w.flags[0];
          f_st <= FCpl;
        end
        FFlush: begin
          if (f_ptr == tail_q[f_qp]) f_st <= FTerm;
        end
        FTerm: begin
          f_e <= '0;
          f_e.op <= OpTerm;
          f_e.len <= {26'd0, f_tlen};
          fpdu_count_restart();
          f_st <= FLen;
        end
        default: f_st <= FIdle;
      endcase
      // free (idle, or logging a message's last FPDU): the next job
      if (f_free) begin
        f_imm2 <= 1'b0;
        f_wq <= 1'b0;
        if (tpend_q[f_scan]) begin
          // a Terminate: the messages not yet released are flushed, then
          // it is logged (and released even in ERROR)
          f_qp <= f_scan;
          f_rr <= 1'b1;
          f_st <= FFlush;
        end else if (rr_valid_i && rr_ready_o) begin
          f_qp <= rr_qp_i;
          f_rr <= 1'b1;
          f_e <= '0;
          f_e.op <= OpRresp;
          f_e.len <= rr_len_i;
          f_e.stag <= rr_sink_stag_i;
          f_e.to <= rr_sink_to_i;
          f_e.saddr <= {192'd0, rr_addr_i};
          f_e.slen <= {96'd0, rr_len_i};
          f_e.snum <= (rr_len_i != 32'd0) ? 3'd1 : 3'd0;
          fpdu_count_restart();
          f_st <= FLen;
        end else if (t_take) begin
          f_qp <= wq_qp;
          f_wqe <= wq_wqe;
          f_wq <= 1'b1;
          f_rr <= 1'b0;
          f_ki <= (t_chk && chk_ready_i) ? 3'd1 : 3'd0;
          f_pend <= (t_chk && chk_ready_i) ? 4'd1 : 4'd0;
          f_kerr <= 1'b0;
          f_e <= '0;
          if (wq_err) begin
            f_status <= 8'(wn_abi_pkg::CQE_STATUS_WQE_FETCH_ERR);
            f_st <= FCpl;
          end else if (st_q[wq_qp] == 8'(wn_abi_pkg::QP_STATE_ERROR)) begin
            f_status <= 8'(wn_abi_pkg::CQE_STATUS_FLUSHED);
            f_st <= FCpl;
          end else f_st <= FChk;
        end
        if (!tpend_q[f_scan]) f_scan <= f_scan + 1'b1;
      end
    end
  end

  // ------------------------------------------------------------------
  // release: the engine learns of a message (TX_END) in log order
  logic [QpW-1:0] r_scan;
  logic           r_rel;
  wn_rdma_pkg::msg_t r_e;
  assign r_e = lg_rd[LgR*MsgW +: MsgW];
  assign r_rel = rel_q[r_scan] != tail_q[r_scan] &&
                 (st_q[r_scan] == 8'(wn_abi_pkg::QP_STATE_RTS) || st_q[r_scan] == 8'(wn_abi_pkg::QP_STATE_SQD) ||
                  (r_e.op == OpTerm && st_q[r_scan] == 8'(wn_abi_pkg::QP_STATE_ERROR))) &&
                 (!r_e.multi || p_rhw == p_rrend);
  assign db_valid_o = !r_rel && dbp_q[r_scan];
  assign db_value_o = p_rrend;
  // where the release goes next (wn_work_list): a QP logging a message
  // while the engine has read all it was told of (an idle QP's message
  // goes out at once; a busy one's messages gather into fuller segments),
  // a QP whose engine reads caught up with what it was told (its next
  // messages, a multi-FPDU one among them, may go), or the sweep's next
  logic r_ev_log, r_ev_read;
  assign r_ev_log = f_app && p_fhw == p_frend;
  assign r_ev_read = sd_valid && sd_end == p_srend;
  wn_work_list #(
      .NumQp(NumQp),
      .NumEv(2)
  ) u_rlist (
      .clk_i,
      .rst_i     (rst),
      .hold_i    (r_rel || (db_valid_o && !db_ready_i)),
      .ev_valid_i({r_ev_read, r_ev_log}),
      .ev_qp_i   ({sd_qp, f_qp}),
      .qp_o      (r_scan),
      .qp_n_o    (r_scan_n)
  );

  // ------------------------------------------------------------------
  // retire: acknowledged messages leave the log (a QP in ERROR flushes)
  logic [QpW-1:0] a_scan;
  logic           a_err, a_can, a_ret, a_need, a_rwait;
  wn_rdma_pkg::msg_t a_e;
  assign a_e = lg_rd[LgA*MsgW +: MsgW];
  assign a_err = st_q[a_scan] == 8'(wn_abi_pkg::QP_STATE_ERROR);
  // in ERROR a message the engine was never told of (not released: none of
  // its bytes is on the wire) leaves at once, FLUSHED; but our own
  // Terminate's flush (tpend) takes them through the fetch unit, and the
  // Terminate it logs goes out
  logic a_unrel;
  assign a_unrel = a_err && head_q[a_scan] == rel_q[a_scan] && head_q[a_scan] != tail_q[a_scan] &&
                   !tpend_q[a_scan] && a_e.op != OpTerm;
  assign a_can = (head_q[a_scan] != rel_q[a_scan] && wn_rdma_pkg::ge32(p_una, a_e.start + a_e.bytes)) ||
                 a_unrel;
  assign a_need = a_e.op != OpRreq && a_e.op != OpRresp && a_e.op != OpTerm && !a_e.pair && (a_e.sig || a_err);
  // completions in posting order: a message waits for the older Reads'
  // completions (in ERROR everything is flushed without waiting)
  assign a_rwait = a_need && !a_err && orr_q[a_scan] != oh_q[a_scan];
  assign a_cv = a_can && a_need && !a_rwait;
  assign a_c = wn_rdma_pkg::cqe_f(a_scq, 16'(a_scan), a_e.idx, a_e.wr_id, a_e.len, a_e.cop,
                     a_err ? 8'(wn_abi_pkg::CQE_STATUS_FLUSHED) : 8'(wn_abi_pkg::CQE_STATUS_SUCCESS));
  assign a_ret = a_can && !a_rwait && (!a_need || a_cr);
  assign busy_o = f_st != FIdle;
  assign busy_qp_o = f_qp;
  // where the retirement goes next (wn_work_list): a QP acknowledged or
  // changing state (to ERROR: its messages leave), or the sweep's next
  wn_work_list #(
      .NumQp(NumQp),
      .NumEv(2)
  ) u_alist (
      .clk_i,
      .rst_i     (rst),
      .hold_i    (a_can && !a_rwait),
      .ev_valid_i({st_valid_i, ack_valid_i && ack_qp_i < 16'(NumQp)}),
      .ev_qp_i   ({st_qp_i, ack_qp_i[QpW-1:0]}),
      .qp_o      (a_scan),
      .qp_n_o    (a_scan_n)
  );

  // SQ drained: a scan finds a QP in SQD whose send work requests taken
  // before the drain have all completed (no message of one logged, no
  // Read outstanding, the fetch unit not on it)
  logic [QpW-1:0] d_scan;
  logic           d_hit, f_sw_log, a_sw_ret;
  assign d_hit = st_q[d_scan] == 8'(wn_abi_pkg::QP_STATE_SQD) && !dr_q[d_scan] && sw_q[d_scan] == '0 &&
                 oh_q[d_scan] == ot_q[d_scan] && !(f_st != FIdle && f_qp == d_scan);
  assign sqd_valid_o = d_hit;
  assign sqd_qp_o = d_scan;
  assign f_sw_log = f_app && f_e.op != OpRresp && f_e.op != OpTerm;
  assign a_sw_ret = a_ret && a_e.op != OpRresp && a_e.op != OpTerm;
  always_ff @(posedge clk_i) begin
    if (rst) d_scan <= '0;
    else if (!d_hit || sqd_ready_i) d_scan <= d_scan + 1'b1;
  end

  // ------------------------------------------------------------------
  // READ ends (wn_rdma_orq, with the ORQ's entries; its head and tail
  // pointers are the per-QP state's, oh_q and ot_q)
  logic [QpW-1:0] rq_head, o_scan, o_qp, o_qp_n;
  logic           o_pop, o_take;
  logic [OW:0]    o_oh_n;
  wn_rdma_orq #(
      .NumQp(NumQp)
  ) u_orq (
      .clk_i,
      .rst_i       (rst),
      .rdc_valid_i,
      .rdc_ready_o,
      .rdc_qp_i,
      .push_i      (f_orq_push),
      .push_qp_i   (f_qp),
      .push_idx_i  (ot_q[f_qp][OW-1:0]),
      .push_ent_i  ({f_w.flags[0], f_w.sge0[95:64], sq_ci[f_qp], f_w.wr_id}),
      .scan_o      (o_scan),
      .head_o      (rq_head),
      .qp_o        (o_qp),
      .qp_n_o      (o_qp_n),
      .scan_err_i  (st_q[o_scan] == 8'(wn_abi_pkg::QP_STATE_ERROR)),
      .scan_left_i (oh_q[o_scan] != ot_q[o_scan]),
      .head_err_i  (st_q[rq_head] == 8'(wn_abi_pkg::QP_STATE_ERROR)),
      .head_left_i (oh_q[rq_head] != ot_q[rq_head]),
      .head_acked_i(orr_q[rq_head] != oh_q[rq_head]),
      .ohn_i       (o_oh_n[OW-1:0]),
      .scq_i       (o_scq),
      .pop_o       (o_pop),
      .take_o      (o_take),
      .cv_o        (r_cv),
      .c_o         (r_c),
      .cr_i        (r_cr)
  );
  // the ORQ head of the QP the unit serves next (o_qp_n) after this cycle's
  // writes, in the per-QP state's priority (RESET, the pop, set-up)
  always_comb begin
    o_oh_n = oh_q[o_qp_n];
    if (rst_st && st_qp_i == o_qp_n) o_oh_n = '0;
    if (o_pop && o_take && o_qp == o_qp_n) o_oh_n = oh_q[o_qp] + 1'b1;
    if (init_valid_i && init_qp_i == o_qp_n) o_oh_n = '0;
  end

  // ------------------------------------------------------------------
  // the log's narrow ports read a cycle ahead: each reader's QP and ring
  // index as they will be after this edge (the scans' next QP; the head
  // and release pointers after this cycle's writes, in the priority the
  // per-QP state's always_ff gives them: set-up, then retirement, then
  // release, then RESET)
  logic [QpW-1:0] a_scan_n, r_scan_n;
  logic [LW:0]    a_head_n, r_rel_n, f_ptr_n;
  logic           rst_st;
  // a change to RESET, which clears the ring pointers (the per-QP state's writes use it too)
  assign rst_st = st_valid_i && st_i == 8'(wn_abi_pkg::QP_STATE_RESET);
  always_comb begin
    a_head_n = head_q[a_scan_n];
    if (rst_st && st_qp_i == a_scan_n) a_head_n = '0;
    if (a_ret && a_scan == a_scan_n) a_head_n = head_q[a_scan] + 1'b1;
    if (init_valid_i && init_qp_i == a_scan_n) a_head_n = '0;
    r_rel_n = rel_q[r_scan_n];
    if (rst_st && st_qp_i == r_scan_n) r_rel_n = '0;
    if (r_rel && r_scan == r_scan_n) r_rel_n = rel_q[r_scan] + 1'b1;
    if (a_ret && a_scan == r_scan_n && rel_q[a_scan] == head_q[a_scan]) r_rel_n = head_q[a_scan] + 1'b1;
    if (init_valid_i && init_qp_i == r_scan_n) r_rel_n = '0;
  end
  // the flush reads from the release point of the QP it starts on (f_qd),
  // one record a cycle while the last is flushed or needs no completion
  assign f_ptr_n = (f_free && tpend_q[f_scan]) ? rel_q[f_scan] :
                   (f_st == FFlush && f_ptr != tail_q[f_qp] && (!f_fl_need || f_cr)) ? f_ptr + 1'b1 : f_ptr;
`ifndef SYNTHESIS
  // every record used is the one read a cycle ahead
  logic [QpW+LW-1:0] a_ra_q, r_ra_q, f_ra_q;
  logic [QpW+OW-1:0] o_ra_q;
  logic [QpW-1:0]    pf_ra_q;
  always_ff @(posedge clk_i) begin
    o_ra_q <= {o_qp_n, o_oh_n[OW-1:0]};
    pf_ra_q <= pf_qp_n;
    a_ra_q <= {a_scan_n, a_head_n[LW-1:0]};
    r_ra_q <= {r_scan_n, r_rel_n[LW-1:0]};
    f_ra_q <= {f_qd, f_ptr_n[LW-1:0]};
    if (!rst) begin
      assert (head_q[a_scan] == tail_q[a_scan] || a_ra_q == {a_scan, head_q[a_scan][LW-1:0]})
      else $error("wn_rdma_tx: the retirement's record was read at another place");
      assert (rel_q[r_scan] == tail_q[r_scan] || r_ra_q == {r_scan, rel_q[r_scan][LW-1:0]})
      else $error("wn_rdma_tx: the release's record was read at another place");
      assert (!(f_st == FFlush && f_ptr != tail_q[f_qp]) || f_ra_q == {f_qp, f_ptr[LW-1:0]})
      else $error("wn_rdma_tx: the flush's record was read at another place");
      // the attributes' readers (wn_rdma_tx_attr: the same QPs) and the ORQ's
      assert (pf_ra_q == pf_qp && r_ra_q[QpW+LW-1:LW] == r_scan && f_ra_q[QpW+LW-1:LW] == f_qp &&
              a_ra_q[QpW+LW-1:LW] == a_scan &&
              (!o_pop || o_ra_q == {o_qp, oh_q[o_qp][OW-1:0]}))
      else $error("wn_rdma_tx: an attribute or ORQ entry was read at another QP than its reader's");
      // the ORD rule is applied when the WQE is taken (t_rdw), and nothing
      // adds to the QP's outstanding Reads before it is checked
      assert (!(f_st == FChk && !f_mr_op && !f_bad && f_rd && ord_full(ot_q[f_qp] - oh_q[f_qp], f_ord)))
      else $error("wn_rdma_tx: QP %0d: a Read beyond ORD reached the gather check", f_qp);
    end
  end
`endif

  // ------------------------------------------------------------------
  // the log: a message is written in the cycle its last FPDU is counted
  assign lg_ra = {a_scan_n, a_head_n[LW-1:0], r_scan_n, r_rel_n[LW-1:0], f_qd, f_ptr_n[LW-1:0]};
  wn_rdma_msg_log #(
      .NumQp   (NumQp),
      .LogDepth(LogDepth),
      .NumRd   (3),
      .PoolRecs(LogRecs),
      .PageRecs(LogPage)
  ) u_log (
      .clk_i,
      .rst_i    (rst),
      .we_i     (f_app && !rst),
      .waddr_i  ({f_qp, tail_q[f_qp][LW-1:0]}),
      .wdata_i  (a_new),
      .room_o   (lg_room),
      .free_o   (lg_free),
      .gc_qp_o  (lg_gqp),
      .gc_head_i(head_q[lg_gqp]),
      .gc_tail_i(tail_q[lg_gqp]),
      .caddr_i  ({s_qp, s_ent[LW-1:0]}),
      .cdata_o  (lg_c),
      .raddr_i  (lg_ra),
      .rdata_o  (lg_rd)
  );

  // ------------------------------------------------------------------
  // the FPDU server: the engine's payload reads, answered with FPDUs built
  // from the log of the read's QP (s_qp) and host memory
  logic [LW:0]    s_ent;
  logic           sd_valid, se_valid;
  logic [QpW-1:0] sd_qp, se_qp;
  logic [31:0]    sd_end;
  wn_rdma_fpdu_srv #(
      .NumQp   (NumQp),
      .LogDepth(LogDepth)
  ) u_srv (
      .clk_i,
      .rst_i(rst),
      .init_valid_i,
      .init_qp_i,
      .init_start_i,
      .srv_valid_i,
      .srv_ready_o,
      .srv_qp_i,
      .srv_off_i,
      .srv_len_i,
      .srv_rsp_data_o,
      .srv_rsp_last_o,
      .srv_rsp_err_o,
      .srv_rsp_valid_o,
      .srv_rsp_ready_i,
      .done_valid_o   (sd_valid),
      .done_qp_o      (sd_qp),
      .done_end_o     (sd_end),
      .qp_o           (s_qp),
      .ent_o          (s_ent),
      .head_i         (head_q[s_qp]),
      .tail_i         (tail_q[s_qp]),
      .msg_i          (lg_c),
      .head_start_i   (p_hs),
      .mulpdu_i       (s_mul),
      .grid_i         (s_grid),
      .mark_i         (s_mark),
      .crc_i          (s_crc),
      .term_valid_i   (!rst && term_valid_i),
      .term_qp_i      (term_qp_i),
      .term_pay_i     (t_pay),
      .qp_n_o         (s_qp_n),
      .rrd_valid_o,
      .rrd_qp_o,
      .perr_valid_o   (se_valid),
      .perr_qp_o      (se_qp),
      .prd_req_o,
      .prd_req_ready_i,
      .prd_rsp_i,
      .prd_rsp_ready_o
  );

  // ------------------------------------------------------------------
  // the Terminate's payload and its length (wn_rdma_pkg::term_pay_f)
  logic [415:0] t_pay;
  logic [5:0]   t_len;
  assign {t_len, t_pay} = wn_rdma_pkg::term_pay_f(term_layer_i, term_etype_i, term_ecode_i, term_hvalid_i,
                                                  term_hlen_i, term_hdr_i[367:0]);

  // ------------------------------------------------------------------
  // the per-QP tables
  wn_rdma_pkg::msg_t a_new;
  always_comb begin
    a_new = f_e;
    a_new.start = p_lend;
    a_new.bytes = f_bytes_n;
    a_new.multi = f_cnt != 32'd0;
    a_new.msn = (f_e.op == OpRreq) ? p_msn1 : (f_e.op == OpTerm) ? 32'd1 : p_msn0;
  end
  // a QP's rings forgotten: the SQ indexes, the log's and the ORQ's
  // pointers, a pending doorbell or Terminate (by the sweep, a change to
  // RESET and a set-up)
  task automatic clr_rings(input logic [QpW-1:0] q);
    sq_pi[q] <= 16'd0;
    sq_ci[q] <= 16'd0;
    head_q[q] <= '0;
    rel_q[q] <= '0;
    tail_q[q] <= '0;
    dbp_q[q] <= 1'b0;
    oh_q[q] <= '0;
    ot_q[q] <= '0;
    orr_q[q] <= '0;
    tpend_q[q] <= 1'b0;
  endtask
  always_ff @(posedge clk_i) begin
    if (rst) begin
      // the sweep (and, during rst_i, any entry: it is swept again)
      clr_rings(clr_qp);
      st_q[clr_qp] <= 8'd0;
      sh_q[clr_qp] <= 1'b0;
      od_q[clr_qp] <= 1'b0;
      sw_q[clr_qp] <= '0;
      dr_q[clr_qp] <= 1'b0;
      perr_q[clr_qp] <= 1'b0;
    end else begin
      if (sqdb_valid_i) sq_pi[sqdb_qp_i] <= sqdb_pi_i;
      if (st_valid_i) st_q[st_qp_i] <= st_i;
      if (f_cdone && f_serr) sh_q[f_qp] <= 1'b1;
      if (st_valid_i) sh_q[st_qp_i] <= 1'b0;
      if (e_push) perr_q[e_scan] <= 1'b0;
      if (se_valid && st_q[se_qp] == 8'(wn_abi_pkg::QP_STATE_RTS)) perr_q[se_qp] <= 1'b1;
      if (init_valid_i) perr_q[init_qp_i] <= 1'b0;
      // RESET forgets the QP's messages (no completion after it)
      if (rst_st) clr_rings(st_qp_i);
      if (f_app) begin
        tail_q[f_qp] <= tail_q[f_qp] + 1'b1;
      end
      if (f_orq_push) ot_q[f_qp] <= ot_q[f_qp] + 1'b1;
      if (f_ci_inc) sq_ci[f_qp] <= sq_ci[f_qp] + 16'd1;
      if (f_st == FFlush && f_ptr == tail_q[f_qp]) begin
        tail_q[f_qp] <= rel_q[f_qp];
        tpend_q[f_qp] <= 1'b0;
      end
      if (term_valid_i) begin
        tpend_q[term_qp_i] <= 1'b1;
      end
      if (r_rel) begin
        rel_q[r_scan] <= rel_q[r_scan] + 1'b1;
        dbp_q[r_scan] <= 1'b1;
      end else if (db_valid_o && db_ready_i) dbp_q[r_scan] <= 1'b0;
      if (a_ret) begin
        head_q[a_scan] <= head_q[a_scan] + 1'b1;
        if (a_e.op == OpRreq) orr_q[a_scan] <= orr_q[a_scan] + 1'b1;
        if (rel_q[a_scan] == head_q[a_scan]) rel_q[a_scan] <= head_q[a_scan] + 1'b1;
      end
      if (t_park && t_rdw) od_q[wq_qp] <= 1'b1;
      if (o_pop && o_take) begin
        oh_q[o_qp] <= oh_q[o_qp] + 1'b1;
        od_q[o_qp] <= 1'b0;
      end
      if (st_valid_i) od_q[st_qp_i] <= 1'b0;
      if (init_valid_i) od_q[init_qp_i] <= 1'b0;
      // send work requests in progress (the same QP can log and retire in
      // one cycle)
      if (f_sw_log && !(a_sw_ret && a_scan == f_qp)) sw_q[f_qp] <= sw_q[f_qp] + 1'b1;
      if (a_sw_ret && !(f_sw_log && a_scan == f_qp)) sw_q[a_scan] <= sw_q[a_scan] - 1'b1;
      if (d_hit && sqd_ready_i) dr_q[d_scan] <= 1'b1;
      if (st_valid_i) dr_q[st_qp_i] <= 1'b0;
      if (rst_st) sw_q[st_qp_i] <= '0;
      if (init_valid_i) begin
        sw_q[init_qp_i] <= '0;
        dr_q[init_qp_i] <= 1'b0;
      end
      if (init_valid_i) clr_rings(init_qp_i);
    end
  end

  // the stream positions and MSNs (wn_rdma_tx_pos)
  logic           f_fl_end, f_m0, f_m1;
  logic [31:0]    p_lend, p_frend, p_fhw, p_msn0, p_msn1, p_rrend, p_rhw, p_una, p_hs, p_srend;
  // a message logged (the MSN of its queue), or a flush that reached the
  // log's tail
  assign f_fl_end = f_st == FFlush && f_ptr == tail_q[f_qp];
  assign f_m1 = f_app && f_e.op == OpRreq;
  assign f_m0 = f_app && (f_e.op == OpSend || f_e.op == OpSendSe || f_e.op == OpSendInv || f_e.op == OpSendSeInv ||
                          f_e.op == OpImm || f_e.op == OpImmSe);
  wn_rdma_tx_pos #(
      .NumQp(NumQp)
  ) u_pos (
      .clk_i,
      .rst_i       (rst),
      .init_valid_i,
      .init_qp_i,
      .init_start_i,
      .f_qp_i      (f_qp),
      .f_app_i     (f_app),
      .f_fl_end_i  (f_fl_end),
      .f_m0_i      (f_m0),
      .f_m1_i      (f_m1),
      .f_bytes_i   (f_bytes_n),
      .r_rel_i     (r_rel),
      .r_qp_i      (r_scan),
      .r_bytes_i   (r_e.bytes),
      .a_qp_i      (a_scan),
      .a_ret_i     (a_ret),
      .a_end_i     (a_e.start + a_e.bytes),
      .f_qd_i      (f_qd),
      .r_qd_i      (r_scan_n),
      .s_qd_i      (s_qp_n),
      .ack_valid_i,
      .ack_qp_i,
      .ack_off_i,
      .sd_valid_i  (sd_valid),
      .sd_qp_i     (sd_qp),
      .sd_end_i    (sd_end),
      .f_lend_o    (p_lend),
      .f_rend_o    (p_frend),
      .f_hw_o      (p_fhw),
      .f_msn0_o    (p_msn0),
      .f_msn1_o    (p_msn1),
      .r_rend_o    (p_rrend),
      .r_hw_o      (p_rhw),
      .s_rend_o    (p_srend),
      .a_una_o     (p_una),
      .s_hs_o      (p_hs)
  );

  logic unused;
  assign unused = ^{pf_idle, se_count, wq_w, f_w.rsvd0, f_w.rsvd1, f_w.rsvd2, f_w.rsvd3, f_w.sge1[127:96],
                    f_w.sge2[127:96], f_w.sge3[127:96], f_w.sge1[63:0], f_w.sge2[63:0], f_w.sge3[63:0], f_fr, r_e,
                    a_e, f_fe, s_ent[LW], a_head_n[LW], r_rel_n[LW], o_oh_n[OW], term_hdr_i[511:368]};
endmodule
