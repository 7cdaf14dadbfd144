// wn_ddp_rx: DDP (RFC 5041) and RDMAP (RFC 5040, RFC 7306) receive for the
// ULPDUs of one connection at a time, as wn_mpa_rx hands them on: tagged
// placement through the memory-region check, untagged placement into the
// posted receive buffer, READ requests to the transmit side, Terminate in
// both directions, completions.
//
// Input (s_t*): wn_mpa_rx's ULPDU packets with the QP as tag: per TCP
// segment and FPDU one packet, byte 0 in bits 7:0, tkeep contiguous; beside
// it the ULPDU length s_len_i, the ULPDU offset of the packet's first byte
// s_off_i and s_end_i (with tlast: the packet ends the ULPDU). The DDP
// header may be split over packets (a TCP segment can end anywhere): the
// first 64 ULPDU bytes are gathered in the context (hbuf, hcnt), and a
// segment is decided at the first beat of the packet in which its header
// becomes complete; bytes of an ULPDU at offsets below 64 always lie in the
// first beat of their packet, so the decision is always at a first beat.
// Status (st_*): wn_mpa_rx's per-FPDU records, matched by order with the
// packets that end an FPDU; a record with st_err_i or length 0 has no
// packets. Placement goes ahead before the record; completions, READ jobs,
// invalidations and received Terminates wait for a good CRC.
//
// DDP segment (ULPDU) layouts, from wn_abi_pkg (byte 0 first on the wire):
//   tagged     0 DDP ctrl (T=1, L, DV=1)  1 RDMAP ctrl (RV=1, opcode)
//              2-5 STag  6-13 TO  14- payload                  (14 bytes)
//   untagged   0 DDP ctrl (T=0)  1 RDMAP ctrl  2-5 Inv STag  6-9 QN
//              10-13 MSN  14-17 MO  18- payload                (18 bytes)
//   Read Req   untagged header, QN 1, then 28 bytes: sink STag, sink TO,
//              size, source STag, source TO                    (46 bytes)
//   Immediate  untagged header, QN 0, then 8 bytes of data     (26 bytes)
//   Terminate  untagged header, QN 2, then the Terminate control (4 bytes:
//              layer, etype, ecode, flags) and the faulting headers (22
//              bytes at least; the first 64 are reported)
//
// Per segment, at its decision (the first failing check is reported; the
// order follows siw's receive path):
//   short ULPDU (below its header)       RDMAP/2/0xff, header not valid
//   DV != 1                              DDP/1/0x04 tagged, DDP/2/0x06 untagged
//   RV != 1                              RDMAP/2/0x05
//   opcode not of the model (T), atomic, or a tagged opcode other than the
//   tagged message in progress, an untagged one other than the Send in
//   progress                             RDMAP/2/0x06
//   QN not the opcode's (0 Send/Immediate, 1 Read Request, 2 Terminate)
//                                        DDP/2/0x01
//   MSN of queue 0/1 not the expected    DDP/2/0x03
//   MO not the bytes of the Send so far  DDP/2/0x04
//   Immediate Data not 8 bytes with L=1, Read Request not 28 bytes with
//   L=1 and MO 0                         RDMAP/2/0xff
//   Read Request beyond IRD              RDMAP/2/0x07 (as siw)
//   no receive buffer (queue 0, first segment of a message)
//                                        DDP/2/0x02
//   MO + payload beyond the buffer       DDP/2/0x05 (RFC 5041 §7.2; siw
//                                        answers 0x02 there)
// then the MR check (tagged: sink STag, TO, payload length, REMOTE_WRITE;
// Read Request: source STag, TO, size, REMOTE_READ), answered by wn_mr_table
// 3 cycles later; a failure is mapped to the codes in docs/rtl.md (DDP
// tagged buffer for placement, RDMAP remote protection for a Read source).
// At the FPDU's status record: a bad CRC is LLP/0/0x02 (RFC 5044 §8); a
// record with st_err_i (ULPDU_LENGTH beyond MULPDU) is LLP/0/0x03 (siw's
// "FPDU start" code); a failed remote invalidation is RDMAP/1/0x09 for a
// PD mismatch, RDMAP/2/0x09 otherwise. Every Terminate request puts the QP
// into error: nothing more is placed for it, and never a byte of a segment
// whose check failed (data waits in the item FIFO until the check answer).
//
// Receive buffer (rb_*): {qp, msn} of a message's first segment on queue 0
// -> {ok, scatter list}: up to MaxSge entries {host address, length}
// (entry i in bits i*64 / i*32 of rb_rsp_addr_i / rb_rsp_len_i, unused
// entries of length 0), already checked by the engine; ok = 0: no buffer.
// An offer (rb_off_valid_i, no backpressure) is the next buffer of QP
// rb_off_qp_i ready before its Send, its list on the same rb_rsp_*
// lines: a first segment of that QP takes it in its decision cycle
// (rb_take_o, no request) when no request is under way; a Send that
// finds no offer for its QP asks.
// The message is placed entry after entry at its MO: a beat whose
// payload crosses an entry's end goes out in pieces (the input waits a
// cycle per extra piece). Immediate Data consumes a buffer too.
// DMA writes (m_wr_*): one write per 64-byte host block: address of the
// first byte, length 1..64, data and keep at the host address's lanes
// (byte at address a in lane a mod 64). A packet's payload comes out as
// consecutive blocks; the DMA engine may merge them.
// Completion records (cpl_*): at the end (L=1, CRC good) of a Send (any
// variant) or Immediate Data: {qp, opcode, length, SE, invalidated STag
// (cpl_inv_o only with status 0: the invalidation was done), immediate
// data, status (0 ok, 1 remote invalidation failed, with a Terminate
// before)}; cpl_nqp_o is the QP of the record shown after the clock edge
// (for a table read a cycle ahead). RDMA Writes complete nothing. A READ RESPONSE's last
// segment gives rdc_* {qp}: the local READ at the head of the QP's ORQ is
// done. A READ REQUEST gives rr_* {qp, sink STag, sink TO, source host
// address, length}. A received Terminate gives term_* with term_rx_o = 1
// and the first 64 bytes of its ULPDU (hdr valid); one of ours gives the
// codes and the offending segment's first 64 bytes with term_hvalid_o.
//
// Context (ctx_*, per QP, kept beside the TCB; with the first beat of every
// packet from the table, or with s_cont_i the one held here from the
// previous packet, which must then be of the same QP). It comes back on
// ctx_*_o (one cycle, no backpressure) after the packet's last item has
// been through every check; a packet of the QP without s_cont_i may only
// be presented after that. Fields: rts (placement allowed), err (stopped),
// pd, msn0/msn1 (expected MSN of queues 0 and 1), ird and irdu (READ
// requests allowed and outstanding; ctx_rreq_o counts the ones this packet
// added, the engine subtracts the ones the transmit side finished), hcnt
// and hbuf (the current DDP segment's first bytes), tact/top (a tagged
// message in progress and its opcode), uact/uop/umo (a Send in progress:
// opcode, bytes so far), uaddr/ulen/ublen (its scatter list and total
// length), usge/usoff (the entry and offset of its next byte),
// splace/skind/slen/saddr
// (the current segment: placing, its end action, message length at its
// end, host address of its payload byte 0). A fresh QP: all zero but rts,
// pd, msn0 = msn1 = 1 (RFC 5041 §5.3), ird.
//
// Pipeline: head (this module: decode at a packet's first beat, MR check
// request, receive-buffer request) -> item, event and context FIFOs ->
// tail (wn_ddp_rx_tail: MR answer, realignment to the host address,
// writes, status pairing, then the actions); the two share wn_ddp_pkg. Throughput: one beat per cycle in the body of a segment;
// per packet one cycle more when its payload ends past a block boundary
// it did not start in (the carry flush); an FPDU without an action (a
// tagged segment other than a READ RESPONSE's last), and the last FPDU of
// a plain Send or of Immediate Data, takes its status record, writes its
// context back and (Send, Immediate) puts its completion into the
// completion FIFO (4 records) in its last item's cycle when the record is
// there; any other action costs about 3 cycles more (record, action,
// context). Completions leave from that FIFO while the next items go on;
// the other records (Terminate, invalidation, READ job, READ done) wait
// until it is empty, so every record of a QP keeps the message order. A Send's first segment with an
// offered buffer goes on at once; without one it waits for the receive
// buffer's answer (3 cycles at least). Measured (sim/modtest, one packet
// per FPDU, unaligned host addresses): RDMA Write 1460-byte ULPDUs 23.8
// cycles each (23 beats), 61.3 bytes/cycle (123 Gb/s at 250 MHz), 64- and
// 78-byte ULPDUs 2.0 and 3.0 cycles each; a 100-segment Send the same
// (23.8 and 2.0 cycles per segment); 64-byte Sends, each a message of its
// own with its buffer offered (82-byte ULPDUs, two beats): 2.0 cycles
// each (5.5 before, with a request and its answer per Send and the
// completion after the record).
// A packet's last write (the flush) may follow its context write-back.
// Timing: 51 LUT levels in Yosys's generic 6-LUT mapping (abc -lut 6,
// ltp), on the tail's address path: segment address + packet offset, then
// the block address (two 64-bit adds, mapped as LUT ripple there; carry
// chains on an FPGA). Not closed yet: register the packet's first address
// in the head (it knows the untagged one; the tagged one needs the MR
// answer) to take one add out.
// Latency: a body beat reaches m_wr 2-3 cycles after it is taken (FIFO);
// a segment's first beat waits in the FIFO for its MR answer (3 cycles).
// The receive-buffer answer (rb_rsp_valid_i) comes at least one cycle
// after its request was taken; the MR table's answers come in order.
// Not done: the ORD check of a READ RESPONSE (the
// transmit side's state); an error for packets wn_mpa_rx delivers after
// an empty ULPDU of the same connection, before its status record is seen.
// Reset clears the valid flags, the FSMs and the held contexts.
// Parameters: QpW 1..24, PdW 1..32, FifoDepth a power of two 8..256,
// MaxSge (scatter entries of a receive buffer) 1..7.
module wn_ddp_rx #(
    parameter int QpW = 10,
    parameter int PdW = 16,
    parameter int FifoDepth = 16,
    parameter int MaxSge = 4
) (
    input  logic           clk_i,
    input  logic           rst_i,
    // ULPDU packets (wn_mpa_rx m_*)
    input  logic [511:0]   s_tdata_i,
    input  logic [63:0]    s_tkeep_i,
    input  logic           s_tlast_i,
    input  logic           s_tvalid_i,
    output logic           s_tready_o,
    input  logic [QpW-1:0] s_qp_i,
    input  logic [15:0]    s_len_i,
    input  logic [15:0]    s_off_i,
    input  logic           s_end_i,
    input  logic           s_cont_i,
    // context in, with a packet's first beat
    input  logic           ctx_rts_i,
    input  logic           ctx_err_i,
    input  logic [PdW-1:0] ctx_pd_i,
    input  logic [31:0]    ctx_msn0_i,
    input  logic [31:0]    ctx_msn1_i,
    input  logic [7:0]     ctx_ird_i,
    input  logic [7:0]     ctx_irdu_i,
    input  logic [6:0]     ctx_hcnt_i,
    input  logic [511:0]   ctx_hbuf_i,
    input  logic           ctx_tact_i,
    input  logic [3:0]     ctx_top_i,
    input  logic           ctx_uact_i,
    input  logic [3:0]     ctx_uop_i,
    input  logic [31:0]    ctx_umo_i,
    input  logic [MaxSge*64-1:0] ctx_uaddr_i,
    input  logic [MaxSge*32-1:0] ctx_ulen_i,
    input  logic [31:0]    ctx_ublen_i,
    input  logic [2:0]     ctx_usge_i,
    input  logic [31:0]    ctx_usoff_i,
    input  logic           ctx_splace_i,
    input  logic [2:0]     ctx_skind_i,
    input  logic [31:0]    ctx_slen_i,
    input  logic [63:0]    ctx_saddr_i,
    // context out, once per packet
    output logic           ctx_valid_o,
    output logic [QpW-1:0] ctx_qp_o,
    output logic           ctx_rreq_o,
    output logic           ctx_rts_o,
    output logic           ctx_err_o,
    output logic [PdW-1:0] ctx_pd_o,
    output logic [31:0]    ctx_msn0_o,
    output logic [31:0]    ctx_msn1_o,
    output logic [7:0]     ctx_ird_o,
    output logic [7:0]     ctx_irdu_o,
    output logic [6:0]     ctx_hcnt_o,
    output logic [511:0]   ctx_hbuf_o,
    output logic           ctx_tact_o,
    output logic [3:0]     ctx_top_o,
    output logic           ctx_uact_o,
    output logic [3:0]     ctx_uop_o,
    output logic [31:0]    ctx_umo_o,
    output logic [MaxSge*64-1:0] ctx_uaddr_o,
    output logic [MaxSge*32-1:0] ctx_ulen_o,
    output logic [31:0]    ctx_ublen_o,
    output logic [2:0]     ctx_usge_o,
    output logic [31:0]    ctx_usoff_o,
    output logic           ctx_splace_o,
    output logic [2:0]     ctx_skind_o,
    output logic [31:0]    ctx_slen_o,
    output logic [63:0]    ctx_saddr_o,
    // FPDU status (wn_mpa_rx st_*)
    input  logic           st_valid_i,
    output logic           st_ready_o,
    input  logic [QpW-1:0] st_qp_i,
    input  logic [15:0]    st_len_i,
    input  logic           st_crc_ok_i,
    input  logic           st_err_i,
    // MR check (wn_mr_table chk_*)
    output logic           chk_valid_o,
    input  logic           chk_ready_i,
    output logic [31:0]    chk_stag_o,
    output logic [63:0]    chk_to_o,
    output logic [31:0]    chk_len_o,
    output logic [PdW-1:0] chk_pd_o,
    output logic [2:0]     chk_access_o,
    input  logic           chk_rsp_valid_i,
    input  logic           chk_rsp_ok_i,
    input  logic [2:0]     chk_rsp_err_i,
    input  logic [63:0]    chk_rsp_addr_i,
    // receive buffer
    output logic           rb_req_valid_o,
    input  logic           rb_req_ready_i,
    output logic [QpW-1:0] rb_req_qp_o,
    output logic [31:0]    rb_req_msn_o,
    input  logic           rb_rsp_valid_i,
    input  logic           rb_rsp_ok_i,
    input  logic [MaxSge*64-1:0] rb_rsp_addr_i,
    input  logic [MaxSge*32-1:0] rb_rsp_len_i,
    input  logic           rb_off_valid_i,
    input  logic [QpW-1:0] rb_off_qp_i,
    output logic           rb_take_o,
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

  generate
    if (QpW < 1 || QpW > 24) begin : g_bad_qpw
      $fatal(1, "wn_ddp_rx: QpW must be 1..24");
    end
    if (PdW < 1 || PdW > 32) begin : g_bad_pdw
      $fatal(1, "wn_ddp_rx: PdW must be 1..32");
    end
    if (FifoDepth < 8 || FifoDepth > 256 || (1 << FW) != FifoDepth) begin : g_bad_depth
      $fatal(1, "wn_ddp_rx: FifoDepth must be a power of two, 8..256");
    end
    if (MaxSge < 1 || MaxSge > 7) begin : g_bad_sge
      $fatal(1, "wn_ddp_rx: MaxSge must be 1..7");
    end
    if (wn_abi_pkg::DDP_TAGGED_HDR_SIZE != 14 || wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE != 18 ||
        wn_abi_pkg::RDMA_READ_REQ_SIZE != 28 || wn_abi_pkg::RDMAP_IMMEDIATE_SIZE != 8)
    begin : g_bad_abi
      $fatal(1, "wn_ddp_rx: built for the RFC 5040/5041/7306 header sizes");
    end
  endgenerate

  // ---- constants
  localparam int TagHdr = wn_abi_pkg::DDP_TAGGED_HDR_SIZE;
  localparam int UntHdr = wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE;
  localparam int RreqHdr = UntHdr + wn_abi_pkg::RDMA_READ_REQ_SIZE;
  localparam int ImmHdr = UntHdr + wn_abi_pkg::RDMAP_IMMEDIATE_SIZE;
  localparam int TermHdr = UntHdr + wn_abi_pkg::RDMAP_TERMINATE_SIZE;
  localparam logic [3:0] OpWrite = wn_abi_pkg::RDMAP_OPCODE_RDMA_WRITE;
  localparam logic [3:0] OpRreq = wn_abi_pkg::RDMAP_OPCODE_RDMA_READ_REQUEST;
  localparam logic [3:0] OpRresp = wn_abi_pkg::RDMAP_OPCODE_RDMA_READ_RESPONSE;
  localparam logic [3:0] OpSend = wn_abi_pkg::RDMAP_OPCODE_SEND;
  localparam logic [3:0] OpSendInv = wn_abi_pkg::RDMAP_OPCODE_SEND_INVALIDATE;
  localparam logic [3:0] OpSendSe = wn_abi_pkg::RDMAP_OPCODE_SEND_SE;
  localparam logic [3:0] OpSendSeInv = wn_abi_pkg::RDMAP_OPCODE_SEND_SE_INVALIDATE;
  localparam logic [3:0] OpTerm = wn_abi_pkg::RDMAP_OPCODE_TERMINATE;
  localparam logic [3:0] OpImm = wn_abi_pkg::RDMAP_OPCODE_IMMEDIATE_DATA;
  localparam logic [3:0] OpImmSe = wn_abi_pkg::RDMAP_OPCODE_IMMEDIATE_DATA_SE;
  localparam logic [3:0] LRdmap = wn_abi_pkg::TERM_LAYER_RDMAP;
  localparam logic [3:0] LDdp = wn_abi_pkg::TERM_LAYER_DDP;
  localparam logic [3:0] EROp = wn_abi_pkg::TERM_ETYPE_RDMAP_REMOTE_OPERATION;
  localparam logic [3:0] EDTag = wn_abi_pkg::TERM_ETYPE_DDP_TAGGED_BUFFER;
  localparam logic [3:0] EDUnt = wn_abi_pkg::TERM_ETYPE_DDP_UNTAGGED_BUFFER;
  // wn_mr_table check rights
  localparam logic [2:0] AccRemoteRead = 3'b010;
  localparam logic [2:0] AccRemoteWrite = 3'b100;

  typedef struct packed {
    logic           rts;
    logic           err;
    logic [PdW-1:0] pd;
    logic [31:0]    msn0;
    logic [31:0]    msn1;
    logic [7:0]     ird;
    logic [7:0]     irdu;
    logic [6:0]     hcnt;
    logic [511:0]   hbuf;
    logic           tact;
    logic [3:0]     top;
    logic           uact;
    logic [3:0]     uop;
    logic [31:0]    umo;
    logic [MaxSge*64-1:0] uaddr;
    logic [MaxSge*32-1:0] ulen;
    logic [31:0]    ublen;
    logic [2:0]     usge;
    logic [31:0]    usoff;
    logic           splace;
    logic [2:0]     skind;
    logic [31:0]    slen;
    logic [63:0]    saddr;
  } ctx_t;
  localparam int CtxW = 810 + PdW + MaxSge * 96;


  // ---- helpers
  function automatic logic is_send(input logic [3:0] op);
    is_send = op == OpSend || op == OpSendInv || op == OpSendSe || op == OpSendSeInv;
  endfunction
  function automatic logic is_imm(input logic [3:0] op);
    is_imm = op == OpImm || op == OpImmSe;
  endfunction

  // ==================================================================
  // Head
  // ==================================================================
  logic   h_inpkt_q;
  ctx_t   hc_q;            // the packet's context after its first beat (held)
  logic   hc_rreq_q;
  // Sends with Invalidate ended here whose invalidation is not done: no
  // check is issued meanwhile (the invalidation comes first, RFC 5040 §6.10)
  logic [7:0] inv_pend_q;
  logic       inv_inc, inv_dec;
  logic [QpW-1:0] hc_qp_q;
  logic   pk_place_q, pk_drop_q;
  // receive-buffer request
  logic [1:0] rb_st_q;     // 0 idle, 1 request, 2 wait, 3 have
  logic   rb_ok_q;
  logic [MaxSge*64-1:0] rb_addr_q;
  logic [MaxSge*32-1:0] rb_len_q;
  // a beat whose payload crosses a scatter entry's end goes out in
  // pieces, one per entry (the input waits): the lane the next piece
  // starts at
  logic        sp_v_q;
  logic [5:0]  sp_q;
  logic        pk_unt_q;
  // the answer is for the beat that asked ({qp, msn}): a beat of a QP
  // that stopped meanwhile goes on without it, and the answer is dropped
  logic [QpW-1:0] rb_qp_q;
  logic [31:0] rb_msn_q;
  logic        rb_have;
  // a buffer offered for the packet's QP, taken without a request
  logic        rb_off_use;
  // MR check credits
  logic [3:0] chk_infl_q;
  logic [3:0] rsp_count;

  // items and events for the tail (wn_ddp_rx_tail), contexts
  logic [511:0]   it_data;
  logic [63:0]    it_keep, it_addr;
  logic           it_sop, it_eop, it_fend, it_cont, it_drop, it_place, it_chk, it_use_chk, it_use_addr,
                  it_ev, it_flush;
  logic [15:0]    it_poff;
  logic [5:0]     it_plane;
  logic [QpW-1:0] it_qp;
  logic           ev_herr, ev_hvalid, ev_chk_read;
  logic [3:0]     ev_layer, ev_etype;
  logic [7:0]     ev_ecode;
  logic [2:0]     ev_kind;
  logic [31:0]    ev_mlen;
  logic [6:0]     ev_hlen;
  logic [511:0]   ev_hbuf;
  logic [PdW-1:0] ev_pd;
  logic [CtxW+QpW:0] cx_w, cx_r;
  logic it_wv, it_wr;
  logic ev_wv, ev_wr;
  logic cx_wv, cx_wr, cx_rv, cx_rr;
  logic [FW:0] nc_count_cx;

  // tail error report to the head's held context
  logic           terr_v;
  logic [QpW-1:0] terr_qp;

  // decode
  logic           sop, sop_dec, beat_go, piece_go, stall;
  logic           unt_pl, split_now;
  logic [6:0]     cur_lo, avail, pk;
  logic [31:0]    srem, p_end;
  logic [2:0]     p_sge;
  logic [31:0]    p_off;
  logic [63:0]    p_addr;
  logic [5:0]     plane_dec;
  ctx_t           c, nc;
  logic [6:0]     nb0;
  logic [511:0]   mb;
  logic [6:0]     mcnt;
  logic [16:0]    reach;
  logic [6:0]     need;
  logic           pre, decide, short_seg;
  wn_abi_pkg::ddp_tagged_hdr_t   th;
  wn_abi_pkg::ddp_untagged_hdr_t uh;
  wn_abi_pkg::rdma_read_req_t    rq;
  logic [3:0]     op;
  logic           is_tag, lastf;
  logic [15:0]    pay_len;
  logic           d_err;
  logic [3:0]     d_layer, d_etype;
  logic [7:0]     d_ecode;
  logic           d_hvalid;
  logic           need_chk, need_buf, chk_credit;
  logic           d_place, d_rreq;
  logic [2:0]     d_kind;
  logic           drop;

  logic [31:0]    mo_exp;
  logic           buf_ok;
  logic [MaxSge*64-1:0] buf_addr;
  logic [MaxSge*32-1:0] buf_lens;
  logic [31:0]    buf_len;
  logic           ev_end;

  assign sop = !h_inpkt_q;
  assign rb_off_use = rb_st_q == 2'd0 && rb_off_valid_i && rb_off_qp_i == s_qp_i;
  assign sop_dec = sop && !sp_v_q;
  assign chk_credit = ({1'b0, chk_infl_q} + 5'(rsp_count)) < 5'd7;

  always_comb begin
    // the context of this packet
    if (!sop_dec || s_cont_i) c = hc_q;
    else begin
      c.rts = ctx_rts_i;
      c.err = ctx_err_i;
      c.pd = ctx_pd_i;
      c.msn0 = ctx_msn0_i;
      c.msn1 = ctx_msn1_i;
      c.ird = ctx_ird_i;
      c.irdu = ctx_irdu_i;
      c.hcnt = ctx_hcnt_i;
      c.hbuf = ctx_hbuf_i;
      c.tact = ctx_tact_i;
      c.top = ctx_top_i;
      c.uact = ctx_uact_i;
      c.uop = ctx_uop_i;
      c.umo = ctx_umo_i;
      c.uaddr = ctx_uaddr_i;
      c.ulen = ctx_ulen_i;
      c.ublen = ctx_ublen_i;
      c.usge = ctx_usge_i;
      c.usoff = ctx_usoff_i;
      c.splace = ctx_splace_i;
      c.skind = ctx_skind_i;
      c.slen = ctx_slen_i;
      c.saddr = ctx_saddr_i;
    end
    if ((!sop_dec || s_cont_i) && terr_v && terr_qp == hc_qp_q) c.err = 1'b1;
    // continuing packets of a received Terminate still pass (its bytes)
    drop = !c.rts || (c.err && !(c.skind == wn_ddp_pkg::KTerm && s_off_i != 16'd0));

    // header bytes: the first 64 of the ULPDU
    nb0 = wn_ddp_pkg::pop64(s_tkeep_i);
    reach = {1'b0, s_off_i} + {10'd0, nb0};
    if (s_off_i < 16'd64) begin
      mb = (c.hbuf & wn_ddp_pkg::bytes_mask(wn_ddp_pkg::low_mask(s_off_i[6:0]))) | (s_tdata_i << {s_off_i[5:0], 3'b000});
      mcnt = (reach >= 17'd64) ? 7'd64 : reach[6:0];
      mb = mb & wn_ddp_pkg::bytes_mask(wn_ddp_pkg::low_mask(mcnt));
    end else begin
      mb = c.hbuf;
      mcnt = c.hcnt;
    end
    th = wn_abi_pkg::ddp_tagged_hdr_unpack(mb[TagHdr*8-1:0]);
    uh = wn_abi_pkg::ddp_untagged_hdr_unpack(mb[UntHdr*8-1:0]);
    rq = wn_abi_pkg::rdma_read_req_unpack(mb[RreqHdr*8-1:UntHdr*8]);
    is_tag = th.tagged_f;
    lastf = th.last;
    op = th.opcode;
    if (mcnt < 7'd2) need = 7'(TagHdr);
    else if (is_tag) need = 7'(TagHdr);
    else if (op == OpRreq) need = 7'(RreqHdr);
    else if (is_imm(op)) need = 7'(ImmHdr);
    else if (op == OpTerm) need = 7'(TermHdr);
    else need = 7'(UntHdr);
    pre = s_off_i >= {9'd0, need};
    short_seg = s_len_i < {9'd0, need};
    decide = sop_dec && !pre && (short_seg ? (reach >= {1'b0, s_len_i}) : (reach >= {10'd0, need}));
    pay_len = s_len_i - {9'd0, need};
    mo_exp = c.uact ? c.umo : 32'd0;

    // the receive buffer: the one of the Send in progress, or the answer
    if (c.uact) begin
      buf_ok = 1'b1;
      buf_addr = c.uaddr;
      buf_lens = c.ulen;
      buf_len = c.ublen;
    end else if (rb_off_use) begin
      buf_ok = 1'b1;
      buf_addr = rb_rsp_addr_i;
      buf_lens = rb_rsp_len_i;
      buf_len = '0;
      for (int i = 0; i < MaxSge; i++) buf_len = buf_len + rb_rsp_len_i[i*32 +: 32];
    end else begin
      buf_ok = rb_ok_q;
      buf_addr = rb_addr_q;
      buf_lens = rb_len_q;
      buf_len = '0;
      for (int i = 0; i < MaxSge; i++) buf_len = buf_len + rb_len_q[i*32 +: 32];
    end

    // checks in order; need_buf before the buffer checks
    d_err = 1'b0;
    d_layer = LRdmap;
    d_etype = EROp;
    d_ecode = wn_abi_pkg::TERM_ECODE_RDMAP_UNSPECIFIED;
    d_hvalid = 1'b1;
    need_chk = 1'b0;
    need_buf = 1'b0;
    d_place = 1'b0;
    d_rreq = 1'b0;
    d_kind = wn_ddp_pkg::KNone;
    if (short_seg) begin
      d_err = 1'b1;
      d_hvalid = 1'b0;
    end else if (th.ddp_version != 2'd1) begin
      d_err = 1'b1;
      d_layer = LDdp;
      d_etype = is_tag ? EDTag : EDUnt;
      d_ecode = is_tag ? wn_abi_pkg::TERM_ECODE_DDP_TAGGED_INVALID_DDP_VERSION
                       : wn_abi_pkg::TERM_ECODE_DDP_UNTAGGED_INVALID_DDP_VERSION;
    end else if (th.rdmap_version != 2'd1) begin
      d_err = 1'b1;
      d_ecode = wn_abi_pkg::TERM_ECODE_RDMAP_INVALID_RDMAP_VERSION;
    end else if (is_tag) begin
      if ((op != OpWrite && op != OpRresp) || (c.tact && op != c.top)) begin
        d_err = 1'b1;
        d_ecode = wn_abi_pkg::TERM_ECODE_RDMAP_UNEXPECTED_OPCODE;
      end else begin
        need_chk = 1'b1;
        d_place = 1'b1;
        d_kind = (lastf && op == OpRresp) ? wn_ddp_pkg::KRresp : wn_ddp_pkg::KNone;
      end
    end else if (!(is_send(op) || is_imm(op) || op == OpRreq || op == OpTerm)) begin
      d_err = 1'b1;
      d_ecode = wn_abi_pkg::TERM_ECODE_RDMAP_UNEXPECTED_OPCODE;
    end else if (uh.qn != ((op == OpRreq) ? wn_abi_pkg::DDP_QUEUE_RDMA_READ_REQUEST :
                           (op == OpTerm) ? wn_abi_pkg::DDP_QUEUE_TERMINATE :
                                            wn_abi_pkg::DDP_QUEUE_SEND)) begin
      d_err = 1'b1;
      d_layer = LDdp;
      d_etype = EDUnt;
      d_ecode = wn_abi_pkg::TERM_ECODE_DDP_UNTAGGED_INVALID_QN;
    end else if (op == OpTerm) begin
      d_kind = wn_ddp_pkg::KTerm;
    end else if (op == OpRreq) begin
      if (uh.msn != c.msn1) begin
        d_err = 1'b1;
        d_layer = LDdp;
        d_etype = EDUnt;
        d_ecode = wn_abi_pkg::TERM_ECODE_DDP_UNTAGGED_INVALID_MSN_RANGE;
      end else if (!lastf || uh.mo != 32'd0 || s_len_i != 16'(RreqHdr)) begin
        d_err = 1'b1;
      end else if (c.irdu >= c.ird) begin
        d_err = 1'b1;
        d_ecode = wn_abi_pkg::TERM_ECODE_RDMAP_CATASTROPHIC_STREAM;
      end else begin
        need_chk = 1'b1;
        d_rreq = 1'b1;
        d_kind = wn_ddp_pkg::KRreq;
      end
    end else begin
      // queue 0: Send variants, Immediate Data
      if (uh.msn != c.msn0) begin
        d_err = 1'b1;
        d_layer = LDdp;
        d_etype = EDUnt;
        d_ecode = wn_abi_pkg::TERM_ECODE_DDP_UNTAGGED_INVALID_MSN_RANGE;
      end else if (c.uact && op != c.uop) begin
        d_err = 1'b1;
        d_ecode = wn_abi_pkg::TERM_ECODE_RDMAP_UNEXPECTED_OPCODE;
      end else if (uh.mo != mo_exp) begin
        d_err = 1'b1;
        d_layer = LDdp;
        d_etype = EDUnt;
        d_ecode = wn_abi_pkg::TERM_ECODE_DDP_UNTAGGED_INVALID_MO;
      end else if (is_imm(op) && (!lastf || s_len_i != 16'(ImmHdr))) begin
        d_err = 1'b1;
      end else begin
        need_buf = !c.uact;
        if (!buf_ok) begin
          d_err = 1'b1;
          d_layer = LDdp;
          d_etype = EDUnt;
          d_ecode = wn_abi_pkg::TERM_ECODE_DDP_UNTAGGED_INVALID_MSN_NO_BUFFER;
        end else if (is_send(op) &&
                     ({1'b0, uh.mo} + {17'd0, pay_len}) > {1'b0, buf_len}) begin
          d_err = 1'b1;
          d_layer = LDdp;
          d_etype = EDUnt;
          d_ecode = wn_abi_pkg::TERM_ECODE_DDP_UNTAGGED_MSG_TOO_LONG;
        end else begin
          d_place = is_send(op);
          d_kind = !lastf ? wn_ddp_pkg::KNone : is_send(op) ? wn_ddp_pkg::KSend : wn_ddp_pkg::KImm;
        end
      end
    end
    if (!decide || drop) begin
      need_chk = 1'b0;
      need_buf = 1'b0;
    end

    // the next context
    nc = c;
    if (sop_dec) begin
      nc.hbuf = mb;
      nc.hcnt = mcnt;
      if (s_off_i == 16'd0) begin
        nc.splace = 1'b0;
        nc.skind = wn_ddp_pkg::KNone;
      end
      if (decide && !drop) begin
        if (d_err) begin
          nc.err = 1'b1;
          nc.splace = 1'b0;
          nc.skind = wn_ddp_pkg::KNone;
        end else begin
          nc.splace = d_place;
          nc.skind = d_kind;
          if (is_tag) begin
            nc.tact = !lastf;
            nc.top = op;
          end else if (op == OpRreq) begin
            nc.msn1 = c.msn1 + 32'd1;
            nc.irdu = c.irdu + 8'd1;
          end else if (op == OpTerm) begin
            nc.err = 1'b1;
          end else begin
            nc.uaddr = buf_addr;
            nc.ulen = buf_lens;
            nc.ublen = buf_len;
            if (!c.uact) begin
              nc.usge = 3'd0;
              nc.usoff = 32'd0;
            end
            nc.uop = op;
            nc.slen = uh.mo + {16'd0, pay_len};
            if (lastf) begin
              nc.msn0 = c.msn0 + 32'd1;
              nc.uact = 1'b0;
              nc.umo = 32'd0;
            end else begin
              nc.uact = 1'b1;
              nc.umo = uh.mo + {16'd0, pay_len};
            end
          end
        end
      end
    end

    // an untagged (Send) payload: placed entry by entry of the buffer,
    // from the position in nc (the message's bytes so far)
    plane_dec = 6'(need - s_off_i[6:0]);
    if (sop_dec) begin
      if (decide) unt_pl = !drop && !d_err && d_place && !is_tag;
      else unt_pl = !drop && pre && c.splace && !is_tag;
    end else begin
      unt_pl = pk_unt_q;
    end
    cur_lo = sp_v_q ? {1'b0, sp_q} : ((sop_dec && decide) ? {1'b0, plane_dec} : 7'd0);
    avail = nb0 - cur_lo;
    p_sge = nc.usge;
    p_off = nc.usoff;
    p_end = 32'd0;
    p_addr = 64'd0;
    for (int i = 0; i < MaxSge; i++) begin
      if (p_sge == 3'(i)) begin
        p_end = nc.ulen[i*32 +: 32];
        p_addr = nc.uaddr[i*64 +: 64];
      end
    end
    srem = p_end - p_off;
    split_now = unt_pl && ({25'd0, avail} > srem);
    pk = split_now ? srem[6:0] : avail;
    if (unt_pl) begin
      if (p_off + {25'd0, pk} == p_end) begin
        nc.usge = p_sge + 3'd1;
        nc.usoff = 32'd0;
      end else begin
        nc.usoff = p_off + {25'd0, pk};
      end
    end

    rb_have = (rb_st_q == 2'd3 && rb_qp_q == s_qp_i && rb_msn_q == uh.msn) || rb_off_use;
    stall = !it_wr || !ev_wr || !cx_wr ||
            (need_chk && (!chk_ready_i || !chk_credit || inv_pend_q != 8'd0)) ||
            (need_buf && !rb_have);
    piece_go = s_tvalid_i && !stall;
    beat_go = piece_go && !split_now;

    // item
    it_data = s_tdata_i;
    // a piece that starts an entry starts a new run of writes (sop), one
    // that ends an entry ends it (flush)
    it_sop = sop || sp_v_q || (unt_pl && p_off == 32'd0);
    it_eop = s_tlast_i && !split_now;
    it_fend = s_tlast_i && s_end_i && !split_now;
    it_flush = it_eop || (unt_pl && p_off + {25'd0, pk} == p_end);
    it_cont = sop_dec ? s_cont_i : 1'b1;
    it_drop = sop_dec ? drop : pk_drop_q;
    it_chk = need_chk;
    it_use_chk = need_chk && is_tag;
    it_use_addr = sop_dec && !decide && !s_cont_i;
    it_addr = ctx_saddr_i;
    it_qp = sop_dec ? s_qp_i : hc_qp_q;
    if (sop_dec) begin
      if (decide) begin
        it_place = !drop && !d_err && d_place;
        it_poff = 16'd0;
        it_plane = plane_dec;
      end else begin
        it_place = !drop && pre && c.splace;
        it_poff = s_off_i - {9'd0, need};
        it_plane = 6'd0;
      end
      it_keep = it_place ? (s_tkeep_i & ~wn_ddp_pkg::low_mask({1'b0, it_plane})) : 64'd0;
    end else begin
      it_place = pk_place_q;
      it_poff = 16'd0;
      it_plane = 6'd0;
      it_keep = pk_place_q ? s_tkeep_i : 64'd0;
    end
    if (unt_pl) begin
      // a piece: lanes cur_lo .. cur_lo + pk at entry p_sge, offset p_off
      it_use_addr = 1'b1;
      it_addr = p_addr + {32'd0, p_off};
      it_poff = 16'd0;
      it_plane = cur_lo[5:0];
      it_keep = s_tkeep_i & ~wn_ddp_pkg::low_mask(cur_lo) & wn_ddp_pkg::low_mask(cur_lo + pk);
    end

    // event: a head error or a check at the decision, an end action at
    // the FPDU's last beat
    ev_end = s_tlast_i && s_end_i && !split_now && !(sop_dec ? drop : pk_drop_q) &&
             (nc.skind != wn_ddp_pkg::KNone);
    ev_herr = decide && !drop && d_err;
    ev_layer = d_layer;
    ev_etype = d_etype;
    ev_ecode = d_ecode;
    ev_hvalid = d_hvalid;
    ev_chk_read = !is_tag;
    ev_kind = ev_end ? nc.skind : wn_ddp_pkg::KNone;
    ev_mlen = nc.slen;
    ev_hlen = nc.hcnt;
    ev_hbuf = nc.hbuf;
    ev_pd = c.pd;
    it_ev = ev_herr || need_chk || ev_end;
    inv_inc = piece_go && ev_end && ev_kind == wn_ddp_pkg::KSend &&
              (nc.uop == OpSendInv || nc.uop == OpSendSeInv);

    it_wv = piece_go;
    ev_wv = piece_go && it_ev;
    cx_wv = beat_go && s_tlast_i;
    cx_w = {(sop_dec ? s_qp_i : hc_qp_q),
            (sop_dec ? (decide && !drop && !d_err && d_rreq) : hc_rreq_q), nc};
  end

  assign s_tready_o = !stall && !split_now;

  // MR check request
  assign chk_valid_o = s_tvalid_i && need_chk && it_wr && ev_wr && cx_wr && chk_credit &&
                       inv_pend_q == 8'd0 && (!need_buf || rb_have);
  assign chk_stag_o = is_tag ? th.stag : rq.src_stag;
  assign chk_to_o = is_tag ? th.tagged_offset : rq.src_to;
  assign chk_len_o = is_tag ? {16'd0, pay_len} : rq.read_size;
  assign chk_pd_o = c.pd;
  assign chk_access_o = is_tag ? AccRemoteWrite : AccRemoteRead;

  // receive-buffer request
  assign rb_req_valid_o = rb_st_q == 2'd1;
  assign rb_req_qp_o = rb_qp_q;
  assign rb_req_msn_o = rb_msn_q;
  // the offered buffer is taken by the Send's first segment (also by one
  // that then fails a buffer check, as an answered request)
  assign rb_take_o = piece_go && need_buf && rb_off_use;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      h_inpkt_q <= 1'b0;
      rb_st_q <= 2'd0;
      chk_infl_q <= '0;
      inv_pend_q <= '0;
      hc_q <= '0;
      hc_qp_q <= '0;
      hc_rreq_q <= 1'b0;
      pk_place_q <= 1'b0;
      pk_drop_q <= 1'b0;
      pk_unt_q <= 1'b0;
      sp_v_q <= 1'b0;
      sp_q <= '0;
      rb_ok_q <= 1'b0;
      rb_addr_q <= '0;
      rb_len_q <= '0;
      rb_qp_q <= '0;
      rb_msn_q <= '0;
    end else begin
      unique case (rb_st_q)
        2'd0: if (s_tvalid_i && need_buf && !rb_off_use) rb_st_q <= 2'd1;
        2'd1: if (rb_req_ready_i) rb_st_q <= 2'd2;
        2'd2: if (rb_rsp_valid_i) rb_st_q <= 2'd3;
        default: if (piece_go || (s_tvalid_i && !(need_buf && rb_have))) rb_st_q <= 2'd0;
      endcase
      if (rb_st_q == 2'd0) begin
        rb_qp_q <= s_qp_i;
        rb_msn_q <= uh.msn;
      end
      if (rb_st_q == 2'd2 && rb_rsp_valid_i) begin
        rb_ok_q <= rb_rsp_ok_i;
        rb_addr_q <= rb_rsp_addr_i;
        rb_len_q <= rb_rsp_len_i;
      end
      chk_infl_q <= chk_infl_q + {3'd0, chk_valid_o && chk_ready_i} - {3'd0, chk_rsp_valid_i};
      inv_pend_q <= inv_pend_q + {7'd0, inv_inc} - {7'd0, inv_dec};
      if (piece_go) begin
        hc_q <= nc;
        if (sop_dec) begin
          hc_qp_q <= s_qp_i;
          hc_rreq_q <= decide && !drop && !d_err && d_rreq;
          pk_place_q <= it_place;
          pk_drop_q <= drop;
          pk_unt_q <= unt_pl;
        end
        if (split_now) begin
          sp_v_q <= 1'b1;
          sp_q <= 6'(cur_lo + pk);
        end else begin
          sp_v_q <= 1'b0;
          h_inpkt_q <= !s_tlast_i;
        end
      end
      if (terr_v && terr_qp == hc_qp_q && !piece_go) hc_q.err <= 1'b1;
    end
  end

  // ==================================================================
  // the contexts, and the tail
  // ==================================================================
  wn_fifo #(.Width(CtxW + QpW + 1), .Depth(FifoDepth)) u_cx (
      .clk_i, .rst_i, .wdata_i(cx_w), .wvalid_i(cx_wv), .wready_o(cx_wr),
      .rdata_o(cx_r), .rvalid_o(cx_rv), .rready_i(cx_rr), .count_o(nc_count_cx));
  ctx_t           cx_ctx;
  logic [QpW-1:0] cx_qp;
  logic           cx_rreq, cx_kill;
  logic [63:0]    cx_saddr;
  assign {cx_qp, cx_rreq, cx_ctx} = cx_r;

  wn_ddp_rx_tail #(
      .QpW      (QpW),
      .PdW      (PdW),
      .FifoDepth(FifoDepth)
  ) u_tail (
      .clk_i,
      .rst_i,
      .it_valid_i    (it_wv),
      .it_ready_o    (it_wr),
      .it_data_i     (it_data),
      .it_keep_i     (it_keep),
      .it_sop_i      (it_sop),
      .it_eop_i      (it_eop),
      .it_fend_i     (it_fend),
      .it_cont_i     (it_cont),
      .it_drop_i     (it_drop),
      .it_place_i    (it_place),
      .it_chk_i      (it_chk),
      .it_use_chk_i  (it_use_chk),
      .it_use_addr_i (it_use_addr),
      .it_ev_i       (it_ev),
      .it_flush_i    (it_flush),
      .it_addr_i     (it_addr),
      .it_poff_i     (it_poff),
      .it_plane_i    (it_plane),
      .it_qp_i       (it_qp),
      .ev_valid_i    (ev_wv),
      .ev_ready_o    (ev_wr),
      .ev_herr_i     (ev_herr),
      .ev_layer_i    (ev_layer),
      .ev_etype_i    (ev_etype),
      .ev_ecode_i    (ev_ecode),
      .ev_hvalid_i   (ev_hvalid),
      .ev_chk_read_i (ev_chk_read),
      .ev_kind_i     (ev_kind),
      .ev_mlen_i     (ev_mlen),
      .ev_hlen_i     (ev_hlen),
      .ev_hbuf_i     (ev_hbuf),
      .ev_pd_i       (ev_pd),
      .chk_rsp_valid_i,
      .chk_rsp_ok_i,
      .chk_rsp_err_i,
      .chk_rsp_addr_i,
      .rsp_count_o   (rsp_count),
      .cx_valid_i    (cx_rv),
      .cx_pop_o      (cx_rr),
      .cx_kill_o     (cx_kill),
      .cx_saddr_o    (cx_saddr),
      .terr_valid_o  (terr_v),
      .terr_qp_o     (terr_qp),
      .inv_dec_o     (inv_dec),
      .st_valid_i,
      .st_ready_o,
      .st_qp_i,
      .st_len_i,
      .st_crc_ok_i,
      .st_err_i,
      .m_wr_valid_o,
      .m_wr_ready_i,
      .m_wr_qp_o,
      .m_wr_addr_o,
      .m_wr_len_o,
      .m_wr_data_o,
      .m_wr_keep_o,
      .rinv_valid_o,
      .rinv_ready_i,
      .rinv_stag_o,
      .rinv_pd_o,
      .rinv_done_i,
      .rinv_status_i,
      .cpl_valid_o,
      .cpl_ready_i,
      .cpl_qp_o,
      .cpl_nqp_o,
      .cpl_opcode_o,
      .cpl_len_o,
      .cpl_se_o,
      .cpl_inv_o,
      .cpl_inv_stag_o,
      .cpl_imm_o,
      .cpl_imm_data_o,
      .cpl_status_o,
      .rdc_valid_o,
      .rdc_ready_i,
      .rdc_qp_o,
      .rr_valid_o,
      .rr_ready_i,
      .rr_qp_o,
      .rr_sink_stag_o,
      .rr_sink_to_o,
      .rr_addr_o,
      .rr_len_o,
      .term_valid_o,
      .term_ready_i,
      .term_qp_o,
      .term_rx_o,
      .term_layer_o,
      .term_etype_o,
      .term_ecode_o,
      .term_hvalid_o,
      .term_hlen_o,
      .term_hdr_o
  );

  // context out
  assign ctx_valid_o = cx_rr;
  assign ctx_qp_o = cx_qp;
  assign ctx_rreq_o = cx_rreq && !cx_kill;
  assign ctx_rts_o = cx_ctx.rts;
  assign ctx_err_o = cx_ctx.err || cx_kill;
  assign ctx_pd_o = cx_ctx.pd;
  assign ctx_msn0_o = cx_ctx.msn0;
  assign ctx_msn1_o = cx_ctx.msn1;
  assign ctx_ird_o = cx_ctx.ird;
  assign ctx_irdu_o = cx_ctx.irdu;
  assign ctx_hcnt_o = cx_ctx.hcnt;
  assign ctx_hbuf_o = cx_ctx.hbuf;
  assign ctx_tact_o = cx_ctx.tact;
  assign ctx_top_o = cx_ctx.top;
  assign ctx_uact_o = cx_ctx.uact;
  assign ctx_uop_o = cx_ctx.uop;
  assign ctx_umo_o = cx_ctx.umo;
  assign ctx_uaddr_o = cx_ctx.uaddr;
  assign ctx_ulen_o = cx_ctx.ulen;
  assign ctx_ublen_o = cx_ctx.ublen;
  assign ctx_usge_o = cx_ctx.usge;
  assign ctx_usoff_o = cx_ctx.usoff;
  assign ctx_splace_o = cx_ctx.splace;
  assign ctx_skind_o = cx_ctx.skind;
  assign ctx_slen_o = cx_ctx.slen;
  assign ctx_saddr_o = cx_saddr;

  logic unused_ok;
  assign unused_ok = ^{nc_count_cx, uh.rsvd, uh.rsvd_ulp, uh.inv_stag, uh.tagged_f, uh.last, uh.ddp_version,
                       uh.rdmap_version, uh.opcode, th.rsvd, th.rsvd_ulp, rq.sink_stag, rq.sink_to, cx_ctx.saddr};
endmodule
