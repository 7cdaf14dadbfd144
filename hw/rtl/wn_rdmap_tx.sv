// wn_rdmap_tx: RDMAP/DDP segmentation on the transmit side (RFC 5040,
// RFC 5041, RFC 7306). For each message job it builds the DDP segments of
// the message from a given message offset on, each one ULPDU for
// wn_mpa_tx: a request on the MPA header channel (h_*) and the ULPDU bytes
// (m_t*, one packet per segment): the DDP/RDMAP header, then the payload,
// read from host memory by DMA and realigned behind the header.
//
// Job (job_*, one message; the QP engine sends the jobs of a connection one
// at a time, in order):
//   qp          connection / QP number, returned in the status reports
//   opcode      rdmap_opcode: RDMA_WRITE, RDMA_READ_RESPONSE (tagged);
//               SEND, SEND_SE, SEND_INVALIDATE, SEND_SE_INVALIDATE,
//               RDMA_READ_REQUEST, TERMINATE, IMMEDIATE_DATA(_SE)
//               (untagged); the atomics are not supported
//   len         payload bytes of the message (0..2^32-1); READ REQUEST: the
//               RDMA Read Message Size; TERMINATE: bytes of job_term_i
//               (4..52); IMMEDIATE DATA: ignored (always 8)
//   stag, to    tagged: the data sink STag and TO of the message's byte 0;
//               SEND_(SE_)INVALIDATE: stag = the STag to invalidate;
//               READ REQUEST: the data sink STag and TO (the local buffer)
//   msn         untagged: the MSN of the message's queue (SEND, IMMEDIATE
//               DATA: queue 0; READ REQUEST: 1; TERMINATE: 2)
//   src_stag, src_to   READ REQUEST: the data source STag and TO
//   imm         IMMEDIATE DATA: the 8 bytes (byte 0 = imm[63:56], RFC 7306)
//   term        TERMINATE: the Terminate's payload as sent (RFC 5040 §4.8:
//               control, DDP segment length, terminated DDP and RDMA
//               headers), bus order (byte 0 in bits 7:0), len bytes
//   sge_*       the local payload (WRITE, READ RESPONSE, SEND): a gather
//               list of sge_num (0..4) entries {addr (host IOVA), len},
//               entry k in bits 64k+63:64k / 32k+31:32k; the lengths are
//               non-zero and add up to len (checked in simulation)
//   mulpdu      MULPDU of the connection (RFC 5041; RFC 5044: EMSS minus
//               the MPA overhead, computed by the caller)
//   off         message offset of the first segment to build (0, or where
//               an earlier segment of the same job began); single-segment
//               messages (READ REQUEST, TERMINATE, IMMEDIATE DATA and
//               zero-length ones) take 0
//   nseg        segments to build at most, 0 = to the end of the message
//   crc, mark   passed to the MPA header channel (CRC and markers on)
//
// Segmentation (RFC 5041, segmentation of a DDP message): every segment
// carries min(remaining, MULPDU - header) payload bytes, so segment k of a
// job begins at message offset off + k * (MULPDU - header) and a segment
// is rebuilt from (job, its offset) alone: a retransmission is a job with
// that offset and nseg = 1. L is set on the segment that ends the message; TO
// (tagged) and MO (untagged) advance by the payload sent before; MSN, QN,
// STag stay. A zero-length message (the RFC 6581 RTR WRITE, READ, SEND) is
// one segment with L and no payload. READ REQUEST, TERMINATE and IMMEDIATE
// DATA are one segment each (RFC 5040 §4.4, §4.8; RFC 7306) whose
// payload comes from the job, not from host memory.
//
// ULPDU on m_t* (byte 0 in bits 7:0 of the first beat, tkeep all ones but
// on the last beat), tagged (WRITE, READ RESPONSE), 14-byte header:
//
//   byte   field (wn_abi_pkg::ddp_tagged_hdr_t)
//   0      T=1 | L | RSVD 0 | DV=1
//   1      RV=1 | RSVD 0 | opcode
//   2-5    sink STag
//   6-13   TO = job TO + message offset of the segment
//   14-    payload bytes (at most MULPDU - 14)
//
// untagged, 18-byte header:
//
//   byte   field (wn_abi_pkg::ddp_untagged_hdr_t)
//   0      T=0 | L | RSVD 0 | DV=1
//   1      RV=1 | RSVD 0 | opcode
//   2-5    STag to invalidate (SEND_(SE_)INVALIDATE), else 0
//   6-9    QN (wn_abi_pkg::DDP_QUEUE_*: 0 Send/Immediate, 1 Read Request,
//          2 Terminate)
//   10-13  MSN
//   14-17  MO = message offset of the segment
//   18-    payload: SEND: at most MULPDU - 18 bytes from host memory;
//          READ REQUEST: wn_abi_pkg::rdma_read_req_t (28 bytes: sink STag,
//          sink TO, size, source STag, source TO); IMMEDIATE DATA:
//          rdmap_immediate_t (8 bytes); TERMINATE: job_term_i (len bytes)
//
// MPA header channel (h_*): one request per segment, in segment order,
// issued when the segment is built, ahead of its bytes: h_len_o = ULPDU
// length, h_crc_o and h_mark_o from the job. wn_mpa_tx's marker offset is
// a function of the TCP sequence number of the FPDU and comes from the TCP
// engine.
//
// DMA reads (rd_*, the requester port of wn_dma_rd_mux): one request per
// cycle, 1..4096 bytes (DMA_MAX_READ), never across a 4 KiB host address
// boundary, a gather entry or a segment. Responses come back in request
// order, ceil(len/64) beats each, the bytes from byte 0 of the first beat
// (bytes past the read ignored), rd_last_i on the last; a refused read is
// one beat with rd_err_i and rd_last_i. Its bytes are sent as zeros,
// m_terr_o is set on the segment's beats from the one holding them to its
// last, and the segment's status report has st_err_o set: the consumer
// must not let that FPDU be taken for real (wn_mpa_tx inverts its CRC) and
// the QP goes to error. Reads are issued only
// with room reserved for their beats in a BufBeats-beat buffer, so
// rd_ready_o stays high and the shared response channel never waits.
//
// Status (st_*): a one-cycle pulse, no backpressure, in the cycle the
// segment's last ULPDU beat is taken: qp, st_off_o = message offset after
// the segment (for READ REQUEST, TERMINATE, IMMEDIATE DATA their payload
// length), st_last_o = L, st_done_o = the job's last segment (L or nseg
// reached), st_len_o = ULPDU length, st_err_o = a read was refused.
//
// Pipeline: job register (one job waits while the previous one is
// segmented) -> issue FSM: a segment's header in one cycle (pushed into the
// segment-record and MPA header FIFOs; an inline payload into a 4-entry
// FIFO of its own), then its reads one per cycle -> read records and the
// response buffer (wn_fifo) -> assembly: the header is the first bytes of
// the accumulator, each response beat is shifted in behind the bytes held,
// a full beat goes out -> output register.
//
// Latency (idle module; L = cycles from a read request to its first
// response beat), measured in sim/modtest: the first ULPDU beat leaves
// L + 6 cycles after the job is accepted (131 at L = 125); a segment
// without payload from host memory (zero length, READ REQUEST, IMMEDIATE
// DATA, TERMINATE) after 5 cycles; the MPA header request is offered 3
// cycles after the job is accepted, ahead of the bytes. (The job register
// takes 2 cycles: the gather entry that holds the offset is found in the
// second.)
// Throughput: issue takes 1 cycle per segment plus 1 per read (a job
// that has waited a cycle in the job register starts the cycle after the
// previous job's last read); assembly takes one response beat per cycle and sends one
// beat per cycle while the segment's bytes fill beats, plus one cycle at
// the end of a segment whose last response beat leaves bytes over (a
// segment boundary costs at most one cycle), plus one cycle at the end of
// a read that ends inside a segment (a 4 KiB boundary or a gather entry)
// when the bytes held and the read's last beat make less than a beat.
// Segments in flight (built, payload not yet sent) are bounded by MaxSegs:
// small messages need MaxSegs >= (L + 10) / 2 for their full rate.
// Measured (sim/modtest, L = 125, defaults): 64-byte WRITEs (78-byte
// ULPDUs, 2 beats) back to back 2.05 cycles each (122 M messages/s at
// 250 MHz); a 1 MiB WRITE with MULPDU 1448: 0.989 beats/cycle (62.2 ULPDU
// bytes/cycle, 124 Gb/s), MULPDU 8960: 0.995 beats/cycle.
// Timing: 21 levels in Yosys's generic 6-LUT mapping (adders counted as
// LUT ripple), on the job register's second cycle (offset minus an entry's
// start, plus its address: carry chains on an FPGA); the assembly's byte
// masks and shifter are shallower. Not yet through a vendor timing
// analysis at 250 MHz.
// Legal: MULPDU 72..65535 (a READ REQUEST takes 46 bytes, a TERMINATE up
// to 70; every segment of a message from host memory then carries at
// least 54 payload bytes); checked in simulation with the other job rules
// above.
//
// Reset clears the control state (never reset with reads in flight).
// Parameters: QpW 1..24; MaxSegs (segments built and not yet sent) and
// MaxReads (reads issued and not yet consumed) powers of two 2..1024;
// BufBeats (response buffer) a power of two 128..4096.
module wn_rdmap_tx #(
    parameter int QpW = 10,
    parameter int MaxSegs = 64,
    parameter int MaxReads = 64,
    parameter int BufBeats = 256
) (
    input  logic             clk_i,
    input  logic             rst_i,
    // message jobs
    input  logic             job_valid_i,
    output logic             job_ready_o,
    input  logic [QpW-1:0]   job_qp_i,
    input  logic [3:0]       job_opcode_i,
    input  logic [31:0]      job_len_i,
    input  logic [31:0]      job_stag_i,
    input  logic [63:0]      job_to_i,
    input  logic [31:0]      job_msn_i,
    input  logic [31:0]      job_src_stag_i,
    input  logic [63:0]      job_src_to_i,
    input  logic [63:0]      job_imm_i,
    input  logic [415:0]     job_term_i,
    input  logic [255:0]     job_sge_addr_i,
    input  logic [127:0]     job_sge_len_i,
    input  logic [2:0]       job_sge_num_i,
    input  logic [15:0]      job_mulpdu_i,
    input  logic [31:0]      job_off_i,
    input  logic [15:0]      job_nseg_i,
    input  logic             job_crc_i,
    input  logic             job_mark_i,
    // MPA header channel (wn_mpa_tx h_*)
    output logic             h_valid_o,
    input  logic             h_ready_i,
    output logic [15:0]      h_len_o,
    output logic             h_crc_o,
    output logic             h_mark_o,
    // ULPDUs (wn_mpa_tx s_t*)
    output logic [511:0]     m_tdata_o,
    output logic [63:0]      m_tkeep_o,
    output logic             m_tlast_o,
    output logic             m_terr_o,
    output logic             m_tvalid_o,
    input  logic             m_tready_i,
    // DMA read requester (wn_dma_rd_mux port)
    output logic [63:0]      rd_addr_o,
    output logic [15:0]      rd_len_o,
    output logic             rd_valid_o,
    input  logic             rd_ready_i,
    input  logic [511:0]     rd_data_i,
    input  logic             rd_err_i,
    input  logic             rd_last_i,
    input  logic             rd_valid_i,
    output logic             rd_ready_o,
    // per-segment status (no backpressure)
    output logic             st_valid_o,
    output logic [QpW-1:0]   st_qp_o,
    output logic [31:0]      st_off_o,
    output logic [15:0]      st_len_o,
    output logic             st_last_o,
    output logic             st_done_o,
    output logic             st_err_o
);
  localparam int HT = wn_abi_pkg::DDP_TAGGED_HDR_SIZE;     // 14
  localparam int HU = wn_abi_pkg::DDP_UNTAGGED_HDR_SIZE;   // 18
  localparam int RRQ = wn_abi_pkg::RDMA_READ_REQ_SIZE;     // 28
  localparam int IMM = wn_abi_pkg::RDMAP_IMMEDIATE_SIZE;   // 8
  localparam int TermMax = 52;                             // RFC 5040 §4.8: 4 + 2 + 18 + 28
  localparam int InlW = TermMax * 8;
  localparam int HdrW = (HU + TermMax) * 8;                // 70 bytes
  localparam int Page = wn_abi_pkg::DMA_MAX_READ;
  localparam int BW = $clog2(BufBeats);
  localparam int InlDepth = 4;                             // inline payloads in flight
  // DDP and RDMAP version 1 (RFC 5041 §5.1, RFC 5040 §4.1); not in abi/ as
  // RTL constants yet
  localparam logic [1:0] DdpVersion = 2'd1;
  localparam logic [1:0] RdmapVersion = 2'd1;

  generate
    if (QpW < 1 || QpW > 24) begin : g_bad_qpw
      $fatal(1, "wn_rdmap_tx: QpW must be 1..24");
    end
    if (MaxSegs < 2 || MaxSegs > 1024 || (1 << $clog2(MaxSegs)) != MaxSegs) begin : g_bad_segs
      $fatal(1, "wn_rdmap_tx: MaxSegs must be a power of two 2..1024");
    end
    if (MaxReads < 2 || MaxReads > 1024 || (1 << $clog2(MaxReads)) != MaxReads) begin : g_bad_reads
      $fatal(1, "wn_rdmap_tx: MaxReads must be a power of two 2..1024");
    end
    if (BufBeats < 128 || BufBeats > 4096 || (1 << BW) != BufBeats) begin : g_bad_buf
      $fatal(1, "wn_rdmap_tx: BufBeats must be a power of two 128..4096");
    end
    if (HT != 14 || HU != 18 || RRQ != 28 || IMM != 8 || Page != 4096) begin : g_bad_abi
      $fatal(1, "wn_rdmap_tx: built for 14/18-byte DDP headers, a 28-byte Read Request, 8-byte Immediate Data and 4 KiB reads");
    end
  endgenerate

  // ==================================================================
  // Job register
  // ==================================================================
  logic             p_valid_q, p_take;
  logic [QpW-1:0]   p_qp_q;
  logic [3:0]       p_op_q;
  logic             p_tagged_q, p_inline_q, p_crc_q, p_mark_q;
  logic [31:0]      p_stag_q, p_msn_q, p_qn_q, p_off_q, p_rem_q;
  logic [63:0]      p_to_q;
  logic [InlW-1:0]  p_inl_q;
  logic [6:0]       p_hlen_q;
  logic [5:0]       p_inl_len_q;
  logic [15:0]      p_pmax_q, p_nseg_q;
  logic [255:0]     p_sa_q;
  logic [127:0]     p_sl_q;
  logic [32:0]      p_s1_q, p_s2_q, p_s3_q, p_s4_q;

  logic             j_tagged, j_inline, j_inv;
  logic [31:0]      j_qn;
  logic [5:0]       j_inl_len;
  logic [6:0]       j_hlen;
  logic [InlW-1:0]  j_inl, j_tmask;
  wn_abi_pkg::rdma_read_req_t j_rr;
  wn_abi_pkg::rdmap_immediate_t j_imm;

  logic [RRQ*8-1:0] j_rr_bytes;
  logic [IMM*8-1:0] j_imm_bytes;
  assign job_ready_o = !p_valid_q || p_take;
  assign j_rr_bytes = wn_abi_pkg::rdma_read_req_pack(j_rr);
  assign j_imm_bytes = wn_abi_pkg::rdmap_immediate_pack(j_imm);

  always_comb begin
    j_tagged = 1'b0;
    j_inline = 1'b0;
    j_inv = 1'b0;
    j_qn = 32'(wn_abi_pkg::DDP_QUEUE_SEND);
    j_inl_len = '0;
    j_rr = '0;
    j_rr.sink_stag = job_stag_i;
    j_rr.sink_to = job_to_i;
    j_rr.read_size = job_len_i;
    j_rr.src_stag = job_src_stag_i;
    j_rr.src_to = job_src_to_i;
    j_imm = '0;
    j_imm.data = job_imm_i;
    for (int b = 0; b < TermMax; b++) j_tmask[b*8 +: 8] = (32'(b) < job_len_i) ? 8'hff : 8'h00;
    j_inl = '0;
    unique case (job_opcode_i)
      4'(wn_abi_pkg::RDMAP_OPCODE_RDMA_WRITE), 4'(wn_abi_pkg::RDMAP_OPCODE_RDMA_READ_RESPONSE): begin
        j_tagged = 1'b1;
      end
      4'(wn_abi_pkg::RDMAP_OPCODE_SEND_INVALIDATE), 4'(wn_abi_pkg::RDMAP_OPCODE_SEND_SE_INVALIDATE): begin
        j_inv = 1'b1;
      end
      4'(wn_abi_pkg::RDMAP_OPCODE_RDMA_READ_REQUEST): begin
        j_inline = 1'b1;
        j_qn = 32'(wn_abi_pkg::DDP_QUEUE_RDMA_READ_REQUEST);
        j_inl_len = 6'(RRQ);
        j_inl[RRQ*8-1:0] = j_rr_bytes;
      end
      4'(wn_abi_pkg::RDMAP_OPCODE_TERMINATE): begin
        j_inline = 1'b1;
        j_qn = 32'(wn_abi_pkg::DDP_QUEUE_TERMINATE);
        j_inl_len = job_len_i[5:0];
        j_inl = job_term_i & j_tmask;
      end
      4'(wn_abi_pkg::RDMAP_OPCODE_IMMEDIATE_DATA), 4'(wn_abi_pkg::RDMAP_OPCODE_IMMEDIATE_DATA_SE): begin
        j_inline = 1'b1;
        j_inl_len = 6'(IMM);
        j_inl[IMM*8-1:0] = j_imm_bytes;
      end
      default: ;
    endcase
    j_hlen = j_tagged ? 7'(HT) : (7'(HU) + {1'b0, j_inl_len});
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) p_valid_q <= 1'b0;
    else if (job_ready_o) p_valid_q <= job_valid_i;
  end
  always_ff @(posedge clk_i) begin
    if (job_valid_i && job_ready_o) begin
      p_qp_q <= job_qp_i;
      p_op_q <= job_opcode_i;
      p_tagged_q <= j_tagged;
      p_inline_q <= j_inline;
      p_crc_q <= job_crc_i;
      p_mark_q <= job_mark_i;
      p_stag_q <= (j_tagged || j_inv) ? job_stag_i : 32'd0;
      p_msn_q <= job_msn_i;
      p_qn_q <= j_qn;
      p_off_q <= job_off_i;
      p_rem_q <= j_inline ? 32'd0 : (job_len_i - job_off_i);
      p_to_q <= job_to_i + 64'(job_off_i);
      p_inl_q <= j_inl;
      p_inl_len_q <= j_inl_len;
      p_hlen_q <= j_hlen;
      p_pmax_q <= job_mulpdu_i - 16'(j_hlen);
      p_nseg_q <= job_nseg_i;
      p_sa_q <= job_sge_addr_i;
      p_sl_q <= job_sge_len_i;
      p_s1_q <= 33'(job_sge_len_i[31:0]);
      p_s2_q <= 33'(job_sge_len_i[31:0]) + 33'(job_sge_len_i[63:32]);
      p_s3_q <= 33'(job_sge_len_i[31:0]) + 33'(job_sge_len_i[63:32]) + 33'(job_sge_len_i[95:64]);
      p_s4_q <= 33'(job_sge_len_i[31:0]) + 33'(job_sge_len_i[63:32]) + 33'(job_sge_len_i[95:64])
                + 33'(job_sge_len_i[127:96]);
    end
  end

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (!rst_i && job_valid_i && job_ready_o) begin
      if (job_opcode_i == 4'(wn_abi_pkg::RDMAP_OPCODE_ATOMIC_REQUEST)
          || job_opcode_i == 4'(wn_abi_pkg::RDMAP_OPCODE_ATOMIC_RESPONSE)
          || job_opcode_i == 4'h8 || job_opcode_i == 4'h9 || job_opcode_i > 4'hd) begin
        $fatal(1, "wn_rdmap_tx: opcode %0d not supported", job_opcode_i);
      end
      if (job_mulpdu_i < 16'(HU + TermMax + 2)) begin
        $fatal(1, "wn_rdmap_tx: MULPDU %0d below 72", job_mulpdu_i);
      end
      if (job_opcode_i == 4'(wn_abi_pkg::RDMAP_OPCODE_TERMINATE) && (job_len_i < 32'd4 || job_len_i > 32'(TermMax))) begin
        $fatal(1, "wn_rdmap_tx: Terminate payload of %0d bytes", job_len_i);
      end
      if (j_inline && job_off_i != 32'd0) begin
        $fatal(1, "wn_rdmap_tx: a single-segment message resumed at %0d", job_off_i);
      end
      if (!j_inline && (job_off_i > job_len_i || (job_off_i == job_len_i && job_len_i != 32'd0))) begin
        $fatal(1, "wn_rdmap_tx: offset %0d beyond the message (%0d bytes)", job_off_i, job_len_i);
      end
      if (!j_inline && job_sge_num_i > 3'd4) begin
        $fatal(1, "wn_rdmap_tx: %0d gather entries", job_sge_num_i);
      end
      if (!j_inline && (sge_sum != 35'(job_len_i) || sge_empty)) begin
        $fatal(1, "wn_rdmap_tx: gather list of %0d bytes for %0d (or an empty entry)", sge_sum, job_len_i);
      end
    end
  end
  logic [34:0] sge_sum;
  logic        sge_empty;
  always_comb begin
    sge_sum = '0;
    sge_empty = 1'b0;
    for (int k = 0; k < 4; k++) begin
      if (3'(k) < job_sge_num_i) begin
        sge_sum = sge_sum + 35'(job_sge_len_i[k*32 +: 32]);
        if (job_sge_len_i[k*32 +: 32] == 32'd0) sge_empty = 1'b1;
      end
    end
  end
`endif

  // ==================================================================
  // Issue: segments and reads
  // ==================================================================
  typedef enum logic [1:0] {
    S_IDLE,
    S_SEG,
    S_RD
  } st_e;
  st_e              st_q, st_d;

  logic [QpW-1:0]   c_qp_q;
  logic [3:0]       c_op_q;
  logic             c_tagged_q, c_inline_q, c_crc_q, c_mark_q, c_fin_q;
  logic [31:0]      c_stag_q, c_msn_q, c_qn_q, c_mo_q, c_rem_q;
  logic [63:0]      c_to_q;
  logic [InlW-1:0]  c_inl_q;
  logic [6:0]       c_hlen_q;
  logic [5:0]       c_inl_len_q;
  logic [15:0]      c_pmax_q, c_nseg_q, c_left_q;
  logic             c_lim_q;
  logic [255:0]     c_sa_q;
  logic [127:0]     c_sl_q;
  logic [1:0]       c_idx_q;
  logic [63:0]      c_addr_q;
  logic [31:0]      c_erem_q;
  logic [12:0]      c_pg_q;     // bytes from c_addr_q to the end of its page
  logic [1:0]       c_nidx;
  assign c_nidx = c_idx_q + 2'd1;

  // load from the job register: the gather entry that holds the offset,
  // its address and bytes left, one cycle after the job is latched
  // (p_ok_q); every entry's candidate is computed beside the compares
  logic             p_ok_q;
  logic [1:0]       l_idx, p_idx_q;
  logic [63:0]      l_addr, p_addr_q;
  logic [31:0]      l_erem, p_erem_q;
  logic [255:0]     l_cand_addr;
  logic [127:0]     l_cand_rem, l_dk, l_base4;
  logic [127:0]     l_end4;
  assign l_base4 = {p_s3_q[31:0], p_s2_q[31:0], p_s1_q[31:0], 32'd0};
  assign l_end4 = {p_s4_q[31:0], p_s3_q[31:0], p_s2_q[31:0], p_s1_q[31:0]};
  always_comb begin
    for (int k = 0; k < 4; k++) begin
      // the offset into entry k, and entry k's bytes from there
      l_dk[32*k +: 32] = p_off_q - l_base4[32*k +: 32];
      l_cand_addr[64*k +: 64] = p_sa_q[64*k +: 64] + 64'(l_dk[32*k +: 32]);
      l_cand_rem[32*k +: 32] = l_end4[32*k +: 32] - p_off_q;
    end
    if ({1'b0, p_off_q} < p_s1_q) l_idx = 2'd0;
    else if ({1'b0, p_off_q} < p_s2_q) l_idx = 2'd1;
    else if ({1'b0, p_off_q} < p_s3_q) l_idx = 2'd2;
    else l_idx = 2'd3;
    l_addr = l_cand_addr[64*l_idx +: 64];
    l_erem = l_cand_rem[32*l_idx +: 32];
  end
  always_ff @(posedge clk_i) begin
    if (rst_i || job_ready_o) p_ok_q <= 1'b0;
    else if (p_valid_q) p_ok_q <= 1'b1;
  end
  always_ff @(posedge clk_i) begin
    p_idx_q <= l_idx;
    p_addr_q <= l_addr;
    p_erem_q <= l_erem;
  end

  // segment
  logic [15:0]      s_plen;
  logic             s_last, s_fin, seg_room, seg_fire;
  logic [HdrW-1:0]  s_hdr;
  logic [31:0]      s_off_after;
  wn_abi_pkg::ddp_tagged_hdr_t s_th;
  wn_abi_pkg::ddp_untagged_hdr_t s_uh;

  assign s_plen = (c_rem_q < 32'(c_pmax_q)) ? c_rem_q[15:0] : c_pmax_q;
  assign s_last = c_rem_q <= 32'(c_pmax_q);
  assign s_fin = s_last || (c_lim_q && c_nseg_q == 16'd1);
  assign s_off_after = c_inline_q ? 32'(c_inl_len_q) : (c_mo_q + 32'(s_plen));
  always_comb begin
    s_th = '0;
    s_th.tagged_f = 1'b1;
    s_th.last = s_last;
    s_th.ddp_version = DdpVersion;
    s_th.rdmap_version = RdmapVersion;
    s_th.opcode = c_op_q;
    s_th.stag = c_stag_q;
    s_th.tagged_offset = c_to_q;
    s_uh = '0;
    s_uh.tagged_f = 1'b0;
    s_uh.last = s_last;
    s_uh.ddp_version = DdpVersion;
    s_uh.rdmap_version = RdmapVersion;
    s_uh.opcode = c_op_q;
    s_uh.inv_stag = c_stag_q;
    s_uh.qn = c_qn_q;
    s_uh.msn = c_msn_q;
    s_uh.mo = c_mo_q;
  end
  // (the pack functions outside processes: Yosys 0.23 infers latches for
  // function locals called under a condition)
  logic [HT*8-1:0]  s_tbytes;
  logic [HU*8-1:0]  s_ubytes;
  assign s_tbytes = wn_abi_pkg::ddp_tagged_hdr_pack(s_th);
  assign s_ubytes = wn_abi_pkg::ddp_untagged_hdr_pack(s_uh);
  assign s_hdr = c_tagged_q ? {(HdrW - HT * 8)'(0), s_tbytes} : {c_inl_q, s_ubytes};

  // read
  logic [12:0]      r_to_page;
  logic [12:0]      r_chunk;
  logic             r_seg_end, r_ent_end, rd_fire, res_room, rr_wready, sr_wready, hf_wready;
  logic [BW:0]      res_q;
  // min(bytes to the page end, left in the segment, left in the entry),
  // the three compares side by side
  logic             r_pl, r_pe, r_le;
  assign r_to_page = c_pg_q;
  assign r_pl = 16'(r_to_page) <= c_left_q;
  assign r_pe = 32'(r_to_page) <= c_erem_q;
  assign r_le = 32'(c_left_q) <= c_erem_q;
  always_comb begin
    if (r_pl && r_pe) r_chunk = r_to_page;
    else if (r_le) r_chunk = c_left_q[12:0];
    else r_chunk = c_erem_q[12:0];
  end
  assign r_seg_end = 16'(r_chunk) == c_left_q;
  assign r_ent_end = 32'(r_chunk) == c_erem_q;
  assign res_room = 32'(res_q) <= 32'(BufBeats - Page / 64);

  assign seg_room = sr_wready && hf_wready && (inl_wready || !c_inline_q);
  assign seg_fire = (st_q == S_SEG) && seg_room;
  assign rd_valid_o = (st_q == S_RD) && rr_wready && res_room;
  assign rd_addr_o = c_addr_q;
  assign rd_len_o = 16'(r_chunk);
  assign rd_fire = rd_valid_o && rd_ready_i;

  // the FSM moves to the next job when this one is finished
  logic             job_end;
  assign job_end = (seg_fire && s_fin && s_plen == 16'd0) || (rd_fire && r_seg_end && c_fin_q);
  assign p_take = p_valid_q && p_ok_q && ((st_q == S_IDLE) || job_end);

  always_comb begin
    st_d = st_q;
    unique case (st_q)
      S_IDLE: if (p_valid_q && p_ok_q) st_d = S_SEG;
      S_SEG: if (seg_fire) begin
        if (s_plen != 16'd0) st_d = S_RD;
        else if (s_fin) st_d = (p_valid_q && p_ok_q) ? S_SEG : S_IDLE;
      end
      S_RD: if (rd_fire && r_seg_end) begin
        if (!c_fin_q) st_d = S_SEG;
        else st_d = (p_valid_q && p_ok_q) ? S_SEG : S_IDLE;
      end
      default: st_d = S_IDLE;
    endcase
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) st_q <= S_IDLE;
    else st_q <= st_d;
  end

  always_ff @(posedge clk_i) begin
    if (p_take) begin
      c_qp_q <= p_qp_q;
      c_op_q <= p_op_q;
      c_tagged_q <= p_tagged_q;
      c_inline_q <= p_inline_q;
      c_crc_q <= p_crc_q;
      c_mark_q <= p_mark_q;
      c_stag_q <= p_stag_q;
      c_msn_q <= p_msn_q;
      c_qn_q <= p_qn_q;
      c_mo_q <= p_inline_q ? 32'd0 : p_off_q;
      c_rem_q <= p_rem_q;
      c_to_q <= p_to_q;
      c_inl_q <= p_inl_q;
      c_inl_len_q <= p_inl_len_q;
      c_hlen_q <= p_hlen_q;
      c_pmax_q <= p_pmax_q;
      c_nseg_q <= p_nseg_q;
      c_lim_q <= p_nseg_q != 16'd0;
      c_sa_q <= p_sa_q;
      c_sl_q <= p_sl_q;
      c_idx_q <= p_idx_q;
      c_addr_q <= p_addr_q;
      c_pg_q <= 13'(Page) - {1'b0, p_addr_q[11:0]};
      c_erem_q <= p_erem_q;
    end else begin
      if (seg_fire) begin
        c_to_q <= c_to_q + 64'(s_plen);
        c_mo_q <= c_mo_q + 32'(s_plen);
        c_rem_q <= c_rem_q - 32'(s_plen);
        c_nseg_q <= c_nseg_q - 16'd1;
        c_left_q <= s_plen;
        c_fin_q <= s_fin;
      end
      if (rd_fire) begin
        c_left_q <= c_left_q - 16'(r_chunk);
        if (r_ent_end) c_pg_q <= 13'(Page) - {1'b0, c_sa_q[64*c_nidx +: 12]};
        else if (r_chunk == c_pg_q) c_pg_q <= 13'(Page);
        else c_pg_q <= c_pg_q - r_chunk;
        if (r_ent_end) begin
          c_idx_q <= c_idx_q + 2'd1;
          c_addr_q <= c_sa_q[64*c_nidx +: 64];
          c_erem_q <= c_sl_q[32*c_nidx +: 32];
        end else begin
          c_addr_q <= c_addr_q + 64'(r_chunk);
          c_erem_q <= c_erem_q - 32'(r_chunk);
        end
      end
    end
  end

  // ------------------------------------------------------------------
  // FIFOs: segment records, MPA headers, read records, response beats
  // ------------------------------------------------------------------
  // segment records hold the DDP header; the inline payload of READ
  // REQUEST, TERMINATE and IMMEDIATE DATA waits in a FIFO of its own
  localparam int SW = HU * 8 + 1 + 7 + 16 + 1 + 1 + QpW + 32;
  logic [SW-1:0]    sr_rdata;
  logic             sr_rvalid, sr_pop;
  logic [HU*8-1:0]  sr_ddp;
  logic             sr_inl;
  logic [HdrW-1:0]  sr_hdr;
  logic [6:0]       sr_hlen;
  logic [15:0]      sr_plen;
  logic             sr_last, sr_fin;
  logic [QpW-1:0]   sr_qp;
  logic [31:0]      sr_off;
  logic [InlW-1:0]  inl_rdata;
  logic             inl_rvalid, inl_wready;
  assign {sr_ddp, sr_inl, sr_hlen, sr_plen, sr_last, sr_fin, sr_qp, sr_off} = sr_rdata;
  assign sr_hdr = sr_inl ? {inl_rdata, sr_ddp} : {(HdrW - HU * 8)'(0), sr_ddp};

  wn_fifo #(
      .Width(SW),
      .Depth(MaxSegs)
  ) u_segs (
      .clk_i,
      .rst_i,
      .wdata_i ({s_hdr[HU*8-1:0], c_inline_q, c_hlen_q, s_plen, s_last, s_fin, c_qp_q, s_off_after}),
      .wvalid_i(seg_fire),
      .wready_o(sr_wready),
      .rdata_o (sr_rdata),
      .rvalid_o(sr_rvalid),
      .rready_i(sr_pop),
      .count_o (nc_segs_count)
  );

  wn_fifo #(
      .Width(InlW),
      .Depth(InlDepth)
  ) u_inl (
      .clk_i,
      .rst_i,
      .wdata_i (c_inl_q),
      .wvalid_i(seg_fire && c_inline_q),
      .wready_o(inl_wready),
      .rdata_o (inl_rdata),
      .rvalid_o(inl_rvalid),
      .rready_i(sr_pop && sr_inl),
      .count_o (nc_inl_count)
  );

  logic [17:0]      hf_rdata;
  logic [15:0]      s_ulen;
  assign s_ulen = 16'(c_hlen_q) + s_plen;
  wn_fifo #(
      .Width(18),
      .Depth(MaxSegs)
  ) u_hdrs (
      .clk_i,
      .rst_i,
      .wdata_i ({s_ulen, c_crc_q, c_mark_q}),
      .wvalid_i(seg_fire),
      .wready_o(hf_wready),
      .rdata_o (hf_rdata),
      .rvalid_o(h_valid_o),
      .rready_i(h_ready_i),
      .count_o (nc_hdrs_count)
  );
  assign {h_len_o, h_crc_o, h_mark_o} = hf_rdata;

  logic [13:0]      rr_rdata;
  logic             rr_rvalid, rr_pop;
  logic [12:0]      rr_len;
  logic             rr_seg_last;
  assign {rr_len, rr_seg_last} = rr_rdata;
  wn_fifo #(
      .Width(14),
      .Depth(MaxReads)
  ) u_reads (
      .clk_i,
      .rst_i,
      .wdata_i ({r_chunk, r_seg_end}),
      .wvalid_i(rd_fire),
      .wready_o(rr_wready),
      .rdata_o (rr_rdata),
      .rvalid_o(rr_rvalid),
      .rready_i(rr_pop),
      .count_o (nc_reads_count)
  );

  logic [513:0]     db_rdata;
  logic             db_rvalid, db_pop, db_wready;
  logic [511:0]     db_data;
  logic             db_err, db_last;
  assign {db_data, db_err, db_last} = db_rdata;
  wn_fifo #(
      .Width(514),
      .Depth(BufBeats)
  ) u_buf (
      .clk_i,
      .rst_i,
      .wdata_i ({rd_data_i, rd_err_i, rd_last_i}),
      .wvalid_i(rd_valid_i),
      .wready_o(db_wready),
      .rdata_o (db_rdata),
      .rvalid_o(db_rvalid),
      .rready_i(db_pop),
      .count_o (nc_buf_count)
  );
  assign rd_ready_o = db_wready;

  // beats reserved: added when a read is issued, returned when its last
  // beat has been consumed (a refused read's missing beats too)
  logic [6:0]       iss_beats, rel_beats;
  assign iss_beats = 7'((14'(r_chunk) + 14'd63) >> 6);
  assign rel_beats = 7'((14'(rr_len) + 14'd63) >> 6);
  always_ff @(posedge clk_i) begin
    if (rst_i) res_q <= '0;
    else res_q <= res_q + (rd_fire ? (BW + 1)'(iss_beats) : '0) - (rr_pop ? (BW + 1)'(rel_beats) : '0);
  end

  // ==================================================================
  // Assembly
  // ==================================================================
  logic             in_seg_q, need_q, flush_q, zfill_q, err_q;
  logic             in_seg_d, need_d, flush_d, zfill_d, err_d;
  logic [511:0]     acc_q, acc_d;
  logic [5:0]       fill_q, fill_d;
  logic [12:0]      crem_q, crem_d;    // bytes of the current read not yet taken
  logic             rfirst_q, rfirst_d; // the next beat is a read's first

  logic             o_load, o_wr, o_last, o_err, seg_done;
  logic [511:0]     o_data;
  logic [6:0]       o_nb;
  logic [511:0]     cur_acc;
  logic [5:0]       cur_fill;
  logic             cur_need, in_avail, rd_end, real_beat;
  logic [12:0]      crem;
  logic [6:0]       nbytes, total;
  logic [63:0]      lmask, o_keep;
  logic             crem_full;
  logic [511:0]     dmask;
  logic [1023:0]    win;

  // the output register
  logic             out_valid_q, out_last_q, out_err_q;
  logic [511:0]     out_data_q;
  logic [63:0]      out_keep_q;
  logic [QpW-1:0]   out_qp_q;
  logic [31:0]      out_off_q;
  logic [15:0]      out_len_q;
  logic             out_l_q, out_fin_q;
  assign o_load = !out_valid_q || m_tready_i;
  // (only for a beat that is written: nothing reads it otherwise)
  always_comb begin
    o_keep = '0;
    if (o_load && o_wr) begin
      for (int k = 0; k < 64; k++) o_keep[k] = o_nb[6] || (6'(k) < o_nb[5:0]);
    end
  end

  assign crem = rfirst_q ? rr_len : crem_q;
  assign crem_full = |crem[12:6];
  assign nbytes = crem_full ? 7'd64 : crem[6:0];
  assign rd_end = !(|crem[12:7]) && !(crem[6] && |crem[5:0]);
  assign in_avail = rr_rvalid && (zfill_q || db_rvalid);
  assign real_beat = !zfill_q && !db_err;
  // the read's bytes in this beat as a thermometer code
  // (only while an input beat is there: every other path that writes a
  // beat sets its own data)
  always_comb begin
    lmask = '0;
    dmask = '0;
    if (in_avail) begin
      for (int k = 0; k < 64; k++) begin
        lmask[k] = crem_full || (6'(k) < crem[5:0]);
        dmask[k*8 +: 8] = (lmask[k] && real_beat) ? db_data[k*8 +: 8] : 8'd0;
      end
    end
  end
  assign cur_acc = in_seg_q ? acc_q : sr_hdr[511:0];
  assign cur_fill = in_seg_q ? fill_q : sr_hlen[5:0];
  assign cur_need = in_seg_q ? need_q : (sr_plen != 16'd0);
  always_comb begin
    win = '0;
    if (in_avail) win = {512'd0, cur_acc} | ({512'd0, dmask} << {cur_fill, 3'd0});
  end
  assign total = {1'b0, cur_fill} + nbytes;

  always_comb begin
    acc_d = acc_q;
    fill_d = fill_q;
    in_seg_d = in_seg_q;
    need_d = need_q;
    flush_d = flush_q;
    zfill_d = zfill_q;
    err_d = err_q;
    crem_d = crem_q;
    rfirst_d = rfirst_q;
    o_wr = 1'b0;
    o_data = win[511:0];
    o_nb = 7'd64;
    o_last = 1'b0;
    o_err = err_q;
    seg_done = 1'b0;
    rr_pop = 1'b0;
    db_pop = 1'b0;
    if (o_load) begin
      if (flush_q) begin
        // the bytes left over after the segment's last input beat
        o_wr = 1'b1;
        o_data = acc_q;
        o_nb = {1'b0, fill_q};
        o_last = 1'b1;
        seg_done = 1'b1;
      end else if (!in_seg_q && sr_rvalid && sr_hlen >= 7'd64) begin
        // a header of 64 bytes or more: its first beat alone
        o_wr = 1'b1;
        o_data = sr_hdr[511:0];
        if (sr_hlen == 7'd64 && sr_plen == 16'd0) begin
          o_last = 1'b1;
          seg_done = 1'b1;
        end else begin
          in_seg_d = 1'b1;
          acc_d = {{(1024 - HdrW){1'b0}}, sr_hdr[HdrW-1:512]};
          fill_d = 6'(sr_hlen - 7'd64);
          need_d = sr_plen != 16'd0;
          flush_d = sr_plen == 16'd0;
        end
      end else if (in_seg_q || sr_rvalid) begin
        if (!cur_need) begin
          // a segment without payload from host memory
          o_wr = 1'b1;
          o_data = cur_acc;
          o_nb = {1'b0, cur_fill};
          o_last = 1'b1;
          seg_done = 1'b1;
        end else if (in_avail) begin
          db_pop = !zfill_q;
          if (!zfill_q && db_err) begin
            err_d = 1'b1;
            o_err = 1'b1;
            zfill_d = !rd_end;
          end
          if (rd_end) begin
            rr_pop = 1'b1;
            rfirst_d = 1'b1;
            zfill_d = 1'b0;
          end else begin
            rfirst_d = 1'b0;
            crem_d = crem - 13'd64;
          end
          if (total[6]) begin
            o_wr = 1'b1;
            acc_d = win[1023:512];
            fill_d = total[5:0];
            in_seg_d = 1'b1;
            if (rd_end && rr_seg_last) begin
              if (total[5:0] == 6'd0) begin
                o_last = 1'b1;
                seg_done = 1'b1;
              end else begin
                flush_d = 1'b1;
                need_d = 1'b0;
              end
            end else begin
              need_d = 1'b1;
            end
          end else if (rd_end && rr_seg_last) begin
            o_wr = 1'b1;
            o_nb = total;
            o_last = 1'b1;
            seg_done = 1'b1;
          end else begin
            acc_d = win[511:0];
            fill_d = total[5:0];
            in_seg_d = 1'b1;
            need_d = 1'b1;
          end
        end else if (!in_seg_q) begin
          // header in, waiting for the payload
          in_seg_d = 1'b1;
          acc_d = cur_acc;
          fill_d = cur_fill;
          need_d = 1'b1;
        end
      end
    end
    if (seg_done) begin
      in_seg_d = 1'b0;
      flush_d = 1'b0;
      need_d = 1'b0;
      err_d = 1'b0;
    end
  end
  assign sr_pop = seg_done;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      in_seg_q <= 1'b0;
      need_q <= 1'b0;
      flush_q <= 1'b0;
      zfill_q <= 1'b0;
      err_q <= 1'b0;
      rfirst_q <= 1'b1;
      fill_q <= '0;
    end else begin
      in_seg_q <= in_seg_d;
      need_q <= need_d;
      flush_q <= flush_d;
      zfill_q <= zfill_d;
      err_q <= err_d;
      rfirst_q <= rfirst_d;
      fill_q <= fill_d;
    end
  end
  always_ff @(posedge clk_i) begin
    acc_q <= acc_d;
    crem_q <= crem_d;
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) out_valid_q <= 1'b0;
    else if (o_load) out_valid_q <= o_wr;
  end
  always_ff @(posedge clk_i) begin
    if (o_load && o_wr) begin
      out_data_q <= o_data;
      out_keep_q <= o_keep;
      out_last_q <= o_last;
      out_err_q <= o_err;
      out_qp_q <= sr_qp;
      out_off_q <= sr_off;
      out_len_q <= 16'(sr_hlen) + sr_plen;
      out_l_q <= sr_last;
      out_fin_q <= sr_fin;
    end
  end
  assign m_tdata_o = out_data_q;
  assign m_tkeep_o = out_keep_q;
  assign m_tlast_o = out_last_q;
  assign m_terr_o = out_err_q;
  assign m_tvalid_o = out_valid_q;

  assign st_valid_o = out_valid_q && m_tready_i && out_last_q;
  assign st_qp_o = out_qp_q;
  assign st_off_o = out_off_q;
  assign st_len_o = out_len_q;
  assign st_last_o = out_l_q;
  assign st_done_o = out_fin_q;
  assign st_err_o = out_err_q;

  // FIFO outputs this module does not need
  logic [$clog2(MaxSegs):0]  nc_segs_count, nc_hdrs_count;
  logic [$clog2(InlDepth):0] nc_inl_count;
  logic [$clog2(MaxReads):0] nc_reads_count;
  logic [BW:0]               nc_buf_count;
  logic unused;
  assign unused = ^{nc_segs_count, nc_hdrs_count, nc_inl_count, s_hdr[HdrW-1:HU*8], nc_reads_count,
                    nc_buf_count, db_last, p_s1_q[32], p_s2_q[32], p_s3_q[32], p_s4_q[32]};

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (!rst_i) begin
      if (rd_valid_i && !db_wready) $fatal(1, "wn_rdmap_tx: response beat with the buffer full");
      if (db_pop && !rr_rvalid) $fatal(1, "wn_rdmap_tx: response beat for no read");
      if (db_pop && !db_err && (db_last != rd_end)) $fatal(1, "wn_rdmap_tx: response length differs from the read's");
      if (db_pop && db_err && !db_last) $fatal(1, "wn_rdmap_tx: a refused read has one beat");
      if (sr_rvalid && sr_inl && !inl_rvalid) $fatal(1, "wn_rdmap_tx: inline payload missing");
    end
  end
`endif
endmodule
