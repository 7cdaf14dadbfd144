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
// before)}. RDMA Writes complete nothing. A READ RESPONSE's last
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
// Pipeline: head (decode at a packet's first beat, MR check request,
// receive-buffer request) -> item, event and context FIFOs -> tail (MR
// answer, realignment to the host address, writes, status pairing, then
// the actions). Throughput: one beat per cycle in the body of a segment;
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
  localparam logic [3:0] LLlp = wn_abi_pkg::TERM_LAYER_LLP;
  localparam logic [3:0] ERProt = wn_abi_pkg::TERM_ETYPE_RDMAP_REMOTE_PROTECTION;
  localparam logic [3:0] EROp = wn_abi_pkg::TERM_ETYPE_RDMAP_REMOTE_OPERATION;
  localparam logic [3:0] EDTag = wn_abi_pkg::TERM_ETYPE_DDP_TAGGED_BUFFER;
  localparam logic [3:0] EDUnt = wn_abi_pkg::TERM_ETYPE_DDP_UNTAGGED_BUFFER;
  localparam logic [3:0] ELMpa = wn_abi_pkg::TERM_ETYPE_LLP_MPA;
  // wn_mr_table check classes and update status
  localparam logic [2:0] MrInvalidStag = 3'd1;
  localparam logic [2:0] MrNotAssoc = 3'd2;
  localparam logic [2:0] MrAccess = 3'd3;
  localparam logic [2:0] MrBounds = 3'd4;
  localparam logic [2:0] MrPdMismatch = 3'd2;  // update status
  localparam logic [2:0] AccRemoteRead = 3'b010;
  localparam logic [2:0] AccRemoteWrite = 3'b100;
  // end-of-FPDU actions (context skind)
  localparam logic [2:0] KNone = 3'd0;
  localparam logic [2:0] KRresp = 3'd1;
  localparam logic [2:0] KSend = 3'd2;
  localparam logic [2:0] KImm = 3'd3;
  localparam logic [2:0] KRreq = 3'd4;
  localparam logic [2:0] KTerm = 3'd5;

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

  typedef struct packed {
    logic [511:0]   data;
    logic [63:0]    keep;   // payload bytes to place
    logic           sop;
    logic           eop;
    logic           fend;   // the FPDU's last beat: pair with a status record
    logic           cont;
    logic           drop;   // the packet's QP is stopped or not in RTS
    logic           place;
    logic           chk;    // pop an MR check answer (first beat)
    logic           use_chk;   // the segment's address is the check's
    logic           use_addr;  // ... is addr (untagged, or a context load)
    logic           ev;     // pop an event record
    logic           flush;  // the last piece of a run of writes: flush the carry
    logic [63:0]    addr;
    logic [15:0]    poff;   // payload offset of the packet's first payload byte
    logic [5:0]     plane;  // its lane in the first beat
    logic [QpW-1:0] qp;
  } item_t;
  localparam int ItemW = 673 + QpW;

  typedef struct packed {
    logic           herr;   // an error found at the head
    logic [3:0]     layer;
    logic [3:0]     etype;
    logic [7:0]     ecode;
    logic           hvalid;
    logic           chk_read;  // the check is a Read Request's source
    logic [2:0]     kind;   // end action (0 none; valid on an fend item)
    logic [31:0]    mlen;
    logic [6:0]     hlen;
    logic [511:0]   hbuf;
    logic [PdW-1:0] pd;
  } ev_t;
  localparam int EvW = 573 + PdW;

  // ---- helpers
  function automatic logic [511:0] bytes_mask(input logic [63:0] k);
    for (int i = 0; i < 64; i++) bytes_mask[i*8 +: 8] = {8{k[i]}};
  endfunction
  function automatic logic [63:0] low_mask(input logic [6:0] n);
    low_mask = (n >= 7'd64) ? {64{1'b1}} : ((64'd1 << n[5:0]) - 64'd1);
  endfunction
  function automatic logic [6:0] pop64(input logic [63:0] k);
    pop64 = '0;
    for (int i = 0; i < 64; i++) pop64 = pop64 + {6'd0, k[i]};
  endfunction
  // lowest set bit of a non-zero mask, as a 6-step binary search (a
  // balanced tree instead of a 64-deep priority chain)
  function automatic logic [5:0] ctz64(input logic [63:0] k);
    logic [63:0] x;
    x = k;
    ctz64 = '0;
    if (x[31:0] == 32'd0) begin
      ctz64[5] = 1'b1;
      x = x >> 32;
    end
    if (x[15:0] == 16'd0) begin
      ctz64[4] = 1'b1;
      x = x >> 16;
    end
    if (x[7:0] == 8'd0) begin
      ctz64[3] = 1'b1;
      x = x >> 8;
    end
    if (x[3:0] == 4'd0) begin
      ctz64[2] = 1'b1;
      x = x >> 4;
    end
    if (x[1:0] == 2'd0) begin
      ctz64[1] = 1'b1;
      x = x >> 2;
    end
    if (!x[0]) ctz64[0] = 1'b1;
  endfunction
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

  // FIFOs
  item_t it_w, it_r;
  ev_t   ev_w, ev_r;
  logic [CtxW+QpW:0] cx_w, cx_r;
  logic it_wv, it_wr, it_rv, it_rr;
  logic ev_wv, ev_wr, ev_rv, ev_rr;
  logic cx_wv, cx_wr, cx_rv, cx_rr;
  logic [67:0] rsp_w, rsp_r;
  logic rsp_wr, rsp_rv, rsp_rr;
  logic [FW:0] nc_count_it, nc_count_ev, nc_count_cx;

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
    drop = !c.rts || (c.err && !(c.skind == KTerm && s_off_i != 16'd0));

    // header bytes: the first 64 of the ULPDU
    nb0 = pop64(s_tkeep_i);
    reach = {1'b0, s_off_i} + {10'd0, nb0};
    if (s_off_i < 16'd64) begin
      mb = (c.hbuf & bytes_mask(low_mask(s_off_i[6:0]))) | (s_tdata_i << {s_off_i[5:0], 3'b000});
      mcnt = (reach >= 17'd64) ? 7'd64 : reach[6:0];
      mb = mb & bytes_mask(low_mask(mcnt));
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
    d_kind = KNone;
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
        d_kind = (lastf && op == OpRresp) ? KRresp : KNone;
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
      d_kind = KTerm;
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
        d_kind = KRreq;
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
          d_kind = !lastf ? KNone : is_send(op) ? KSend : KImm;
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
        nc.skind = KNone;
      end
      if (decide && !drop) begin
        if (d_err) begin
          nc.err = 1'b1;
          nc.splace = 1'b0;
          nc.skind = KNone;
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
    it_w.data = s_tdata_i;
    // a piece that starts an entry starts a new run of writes (sop), one
    // that ends an entry ends it (flush)
    it_w.sop = sop || sp_v_q || (unt_pl && p_off == 32'd0);
    it_w.eop = s_tlast_i && !split_now;
    it_w.fend = s_tlast_i && s_end_i && !split_now;
    it_w.flush = it_w.eop || (unt_pl && p_off + {25'd0, pk} == p_end);
    it_w.cont = sop_dec ? s_cont_i : 1'b1;
    it_w.drop = sop_dec ? drop : pk_drop_q;
    it_w.chk = need_chk;
    it_w.use_chk = need_chk && is_tag;
    it_w.use_addr = sop_dec && !decide && !s_cont_i;
    it_w.addr = ctx_saddr_i;
    it_w.qp = sop_dec ? s_qp_i : hc_qp_q;
    if (sop_dec) begin
      if (decide) begin
        it_w.place = !drop && !d_err && d_place;
        it_w.poff = 16'd0;
        it_w.plane = plane_dec;
      end else begin
        it_w.place = !drop && pre && c.splace;
        it_w.poff = s_off_i - {9'd0, need};
        it_w.plane = 6'd0;
      end
      it_w.keep = it_w.place ? (s_tkeep_i & ~low_mask({1'b0, it_w.plane})) : 64'd0;
    end else begin
      it_w.place = pk_place_q;
      it_w.poff = 16'd0;
      it_w.plane = 6'd0;
      it_w.keep = pk_place_q ? s_tkeep_i : 64'd0;
    end
    if (unt_pl) begin
      // a piece: lanes cur_lo .. cur_lo + pk at entry p_sge, offset p_off
      it_w.use_addr = 1'b1;
      it_w.addr = p_addr + {32'd0, p_off};
      it_w.poff = 16'd0;
      it_w.plane = cur_lo[5:0];
      it_w.keep = s_tkeep_i & ~low_mask(cur_lo) & low_mask(cur_lo + pk);
    end

    // event: a head error or a check at the decision, an end action at
    // the FPDU's last beat
    ev_end = s_tlast_i && s_end_i && !split_now && !(sop_dec ? drop : pk_drop_q) &&
             (nc.skind != KNone);
    ev_w.herr = decide && !drop && d_err;
    ev_w.layer = d_layer;
    ev_w.etype = d_etype;
    ev_w.ecode = d_ecode;
    ev_w.hvalid = d_hvalid;
    ev_w.chk_read = !is_tag;
    ev_w.kind = ev_end ? nc.skind : KNone;
    ev_w.mlen = nc.slen;
    ev_w.hlen = nc.hcnt;
    ev_w.hbuf = nc.hbuf;
    ev_w.pd = c.pd;
    it_w.ev = ev_w.herr || need_chk || ev_end;
    inv_inc = piece_go && ev_end && ev_w.kind == KSend &&
              (nc.uop == OpSendInv || nc.uop == OpSendSeInv);

    it_wv = piece_go;
    ev_wv = piece_go && it_w.ev;
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
          pk_place_q <= it_w.place;
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
  // FIFOs
  // ==================================================================
  wn_fifo #(.Width(ItemW), .Depth(FifoDepth)) u_it (
      .clk_i, .rst_i, .wdata_i(it_w), .wvalid_i(it_wv), .wready_o(it_wr),
      .rdata_o(it_r), .rvalid_o(it_rv), .rready_i(it_rr), .count_o(nc_count_it));
  wn_fifo #(.Width(EvW), .Depth(FifoDepth)) u_ev (
      .clk_i, .rst_i, .wdata_i(ev_w), .wvalid_i(ev_wv), .wready_o(ev_wr),
      .rdata_o(ev_r), .rvalid_o(ev_rv), .rready_i(ev_rr), .count_o(nc_count_ev));
  wn_fifo #(.Width(CtxW + QpW + 1), .Depth(FifoDepth)) u_cx (
      .clk_i, .rst_i, .wdata_i(cx_w), .wvalid_i(cx_wv), .wready_o(cx_wr),
      .rdata_o(cx_r), .rvalid_o(cx_rv), .rready_i(cx_rr), .count_o(nc_count_cx));
  assign rsp_w = {chk_rsp_ok_i, chk_rsp_err_i, chk_rsp_addr_i};
  wn_fifo #(.Width(68), .Depth(8)) u_rsp (
      .clk_i, .rst_i, .wdata_i(rsp_w), .wvalid_i(chk_rsp_valid_i), .wready_o(rsp_wr),
      .rdata_o(rsp_r), .rvalid_o(rsp_rv), .rready_i(rsp_rr), .count_o(rsp_count));

  // ==================================================================
  // Tail
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
  ctx_t         cx_ctx;
  logic [QpW-1:0] cx_qp;
  logic         cx_rreq;
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
  assign r_inv = r_ev_q.kind == KSend && (r_uh.opcode == OpSendInv || r_uh.opcode == OpSendSeInv);
  // an invalidation is over: done, or not issued (QP stopped, bad CRC)
  assign inv_dec = (p_rwait_q && rinv_done_i) ||
                   (st_go && r_inv && ((t_kill_q || t_pkdrop_q) || !st_crc_ok_i));
  assign {cx_qp, cx_rreq, cx_ctx} = cx_r;

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
    t_lo = low_mask({1'b0, t_rot});
    t_lod = bytes_mask(t_lo);
    o_keep = (t_ck & t_lo) | (t_rk & ~t_lo);
    o_data = (t_cd & t_lod) | (t_rd & ~t_lod);
    // a write for this item: placing, alive, the check passed
    t_wr = it_r.place && !t_dead && !t_chk_fail && o_keep != 64'd0;
    t_can = it_rv && !busy && (!it_r.chk || rsp_rv) && (!it_r.ev || ev_rv) &&
            (!t_wr || m_wr_ready_i);
    t_take = t_can;
    t_kind = it_r.ev ? ev_r.kind : KNone;
    t_herr = it_r.ev && ev_r.herr && !t_dead;
    t_cfail = t_chk_fail && !t_dead;
    t_fcpl = (t_kind == KSend && t_uh.opcode != OpSendInv && t_uh.opcode != OpSendSeInv) ||
             t_kind == KImm;
    t_fast_st = it_r.fend && st_valid_i && !st_nopkt && !t_herr && !t_cfail &&
                ((t_kind == KNone && (t_dead || st_crc_ok_i)) ||
                 (t_fcpl && (t_dead || (st_crc_ok_i && cf_wr))));
    t_fast_ctx = it_r.eop && cx_rv && !t_herr && !t_cfail && (!it_r.fend || t_fast_st);
  end

  assign it_rr = t_take;
  assign ev_rr = t_take && it_r.ev;
  assign rsp_rr = t_take && it_r.chk;

  // outputs of the tail
  always_comb begin
    m_wr_valid_o = 1'b0;
    // blocks are 64-byte aligned: the first byte's lane is the low bits
    m_wr_addr_o = {t_blk[63:6], ctz64(o_keep)};
    m_wr_len_o = pop64(o_keep);
    m_wr_data_o = o_data;
    m_wr_keep_o = o_keep;
    m_wr_qp_o = it_r.qp;
    if (!busy) begin
      m_wr_valid_o = it_rv && t_wr && (!it_r.chk || rsp_rv) && (!it_r.ev || ev_rv);
    end else if (p_flush_q) begin
      m_wr_valid_o = 1'b1;
      m_wr_addr_o = {t_blk_q[63:6] + 58'd1, ctz64(t_ck_q)};
      m_wr_len_o = pop64(t_ck_q);
      m_wr_data_o = t_cd_q & bytes_mask(t_ck_q);
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
      term_layer_o = r_ev_q.chk_read || r_chk_err_q == MrAccess ? LRdmap : LDdp;
      term_etype_o = r_ev_q.chk_read || r_chk_err_q == MrAccess ? ERProt : EDTag;
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
  assign cf_fast = {it_r.qp, t_uh.opcode, (ev_r.kind == KSend) ? ev_r.mlen : 32'd0,
                    t_uh.opcode == OpSendSe || t_uh.opcode == OpImmSe, 1'b0,
                    t_uh.inv_stag, ev_r.kind == KImm, t_im.data, 2'd0};
  assign cf_slow = {t_qp_q, r_op, (r_ev_q.kind == KSend) ? r_ev_q.mlen : 32'd0,
                    r_op == OpSendSe || r_op == OpSendSeInv || r_op == OpImmSe,
                    (r_op == OpSendInv || r_op == OpSendSeInv) && c_status_q == 2'd0,
                    r_uh.inv_stag, r_ev_q.kind == KImm, r_im.data, c_status_q};
  assign cf_push_fast = t_take && t_fast_st && t_fcpl && !t_dead;
  assign cf_w = cf_push_fast ? cf_fast : cf_slow;
  assign cf_wv = cf_push_fast || cf_push_slow;
  assign cf_rr = cf_rv && cpl_ready_i;
  wn_fifo #(.Width(CfW), .Depth(4)) u_cf (
      .clk_i, .rst_i, .wdata_i(cf_w), .wvalid_i(cf_wv), .wready_o(cf_wr),
      .rdata_o(cf_r), .rvalid_o(cf_rv), .rready_i(cf_rr), .count_o(cf_count));
  assign {cpl_qp_o, cpl_opcode_o, cpl_len_o, cpl_se_o, cpl_inv_o, cpl_inv_stag_o, cpl_imm_o,
          cpl_imm_data_o, cpl_status_o} = cf_r;
  assign rr_qp_o = t_qp_q;
  assign rr_sink_stag_o = r_rq.sink_stag;
  assign rr_sink_to_o = r_rq.sink_to;
  assign rr_addr_o = r_chk_addr_q;
  assign rr_len_o = r_rq.read_size;
  assign rdc_qp_o = t_qp_q;
  logic cx_fast, cx_kill;
  assign cx_fast = t_take && t_fast_ctx;
  assign cx_rr = cx_fast ||
                 (p_ctx_q && !p_flush_q && !p_termh_q && !p_termc_q && !p_st_q && !p_termn_q &&
                  !p_rinv_q && !p_rwait_q && !p_termx_q && !p_cpl_q && !p_rr_q && !p_rdc_q &&
                  cx_rv);
  assign cx_kill = cx_fast ? t_kill_now : t_kill_q;

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
  assign ctx_saddr_o = cx_fast ? t_seg : t_seg_q;

  // tail errors reach the head's held context
  always_comb begin
    terr_v = term_valid_o && term_ready_i && !term_rx_o;
    terr_qp = term_qp_o;
  end

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
        else if (it_r.fend) r_ev_q.kind <= KNone;
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
        n_layer_q <= st_err_i ? LLlp : LRdmap;
        n_etype_q <= st_err_i ? ELMpa : EROp;
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
            x_layer_q <= LLlp;
            x_etype_q <= ELMpa;
            x_ecode_q <= wn_abi_pkg::TERM_ECODE_LLP_CRC_ERROR;
            x_hvalid_q <= 1'b0;
          end else begin
            unique case (r_ev_q.kind)
              KSend: begin
                p_rinv_q <= r_inv;
                p_cpl_q <= 1'b1;
                c_status_q <= 2'd0;
              end
              KImm: begin
                p_cpl_q <= 1'b1;
                c_status_q <= 2'd0;
              end
              KRreq: p_rr_q <= r_chk_ok_q;
              KRresp: p_rdc_q <= 1'b1;
              KTerm: begin
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
          x_layer_q <= LRdmap;
          x_etype_q <= (rinv_status_i == MrPdMismatch) ? ERProt : EROp;
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
  assign unused_ok = ^{nc_count_it, nc_count_ev, nc_count_cx, uh.rsvd,
                       uh.rsvd_ulp, uh.inv_stag, uh.tagged_f, uh.last, uh.ddp_version,
                       uh.rdmap_version, uh.opcode, th.rsvd, th.rsvd_ulp, rq.sink_stag,
                       rq.sink_to, r_uh, r_rq.src_stag, cf_count, t_uh, r_rq.src_to, r_ev_q.herr,
                       t_dd[511:0], t_kk[63:0], cx_ctx.saddr, r_tm.hdr_ctrl_m,
                       r_tm.hdr_ctrl_d, r_tm.hdr_ctrl_r, r_tm.rsvd};

`ifndef SYNTHESIS
  // the MR table answers into space reserved by the credits
  always_ff @(posedge clk_i) begin
    if (!rst_i && chk_rsp_valid_i && !rsp_wr) $fatal(1, "wn_ddp_rx: MR answer FIFO overflow");
  end
`endif
endmodule
