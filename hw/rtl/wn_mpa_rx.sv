// wn_mpa_rx: the MPA FPDU deframer (RFC 5044 §4) over the in-order TCP
// payload of one connection at a time. It strips the ULPDU_LENGTH, the
// markers, the pad and the CRC, checks the CRC32c, and hands on the ULPDU
// bytes and one status record per FPDU.
//
// Segments (s_t*): the in-order payload of one TCP segment per packet,
// byte 0 in bits 7:0 of the first beat, tkeep contiguous from byte 0 (all
// ones but on the last beat), at least one byte. With the first beat come
// the tag s_tag_i and the connection's MPA receive context: either ctx_*_i
// (from the TCB), or, with s_cont_i, the context this module holds from
// the previous segment (the same connection's next segment: no TCB round
// trip). The context (saved in the TCB between segments):
//   off    bytes of the current FPDU taken so far, markers not counted
//          (0: between FPDUs)
//   len    its ULPDU_LENGTH once off >= 2; with off = 1 bits 15:8 hold the
//          length's first byte
//   rem    once off >= 2: the FPDU's bytes still to come, markers not
//          counted (2 + len + pad + 4 - off), so that loading a context
//          needs no arithmetic
//   crc    the CRC32c register over the FPDU's bytes so far (wn_crc32c
//          state; meaningful once the FPDU has begun)
//   rcrc   the CRC field bytes received so far (byte i in bits 8i+7:8i)
//   begun  the FPDU has begun: a byte of it, or of the marker it starts
//          with, was taken (off = 0 and begun = 1: inside a leading marker,
//          or just after it)
//   phase  (sequence number of the next byte - marker grid) mod 512: the
//          bytes at phase 0-3 are a marker (RFC 5044 §4.3; the grid starts
//          at the first FPDU of full operation)
//   crc_en, mark_en   as negotiated; err: the connection hit an error, its
//          bytes are dropped
// A fresh connection starts with off = 0, begun = 0, phase = 0, err = 0.
// At the end of each segment the updated context comes out on ctx_*_o
// (ctx_valid_o, one cycle, no backpressure), 8 cycles after the segment's
// last piece (the cycle its last beat is taken); it also stays inside for
// a following segment with s_cont_i (such a segment waits for the CRC
// register, up to 7 cycles, when it continues an FPDU of the previous
// one).
//
// FPDU on the stream (markers, RFC 5044 §4.3, at every 512th byte of the
// stream; a marker where an FPDU begins belongs to that FPDU):
//   0-1     ULPDU_LENGTH (big-endian)
//   2-      ULPDU
//           PAD, 0-3 bytes to a multiple of four
//   last 4  CRC32c of everything before it, markers included (§4.4), byte
//           0 = crc[7:0]; present but not checked when CRC is off (§4.1)
//
// ULPDU bytes (m_t*): per segment and FPDU one packet of the ULPDU bytes
// that segment carries (markers removed), byte 0 in bits 7:0, tkeep
// contiguous; beside it the FPDU's ULPDU length m_len_o, the ULPDU offset
// of the packet's first byte m_off_o, m_end_o (valid with tlast: the
// packet ends the ULPDU) and the segment's tag. An FPDU that spans
// segments comes in several packets; an empty ULPDU in none.
// m_ntag_o: the tag m_tag_o shows in the next cycle, given m_tready_i in
// this one (valid when m_tvalid_o is then set), so that a consumer can
// read the tag's context from a block RAM one cycle ahead.
// Status (st_*): one record per FPDU, after its last byte (the CRC field):
// ULPDU length, st_crc_ok_o (CRC off, or the CRC matches), and the tag;
// a record with st_err_o for an ULPDU_LENGTH above max_ulpdu_i (the MULPDU
// bound): the connection must be terminated (RFC 5044 §8, RFC 5040
// TERMINATE), its context keeps err and its bytes are dropped from then on.
//
// The consumer (DDP) places each packet as it comes (its first packet
// carries the DDP header; later ones of the same FPDU continue at m_off_o,
// with the header it kept from the first) and must treat the placed bytes
// as unverified until the FPDU's status record: no completion, no
// RCV.NXT-style acknowledgment to the ULP, and no use of a Send's or Read
// Request's contents before it. A bad CRC (st_crc_ok_o = 0) means the bytes
// placed for that FPDU are garbage: the consumer sends TERMINATE (layer
// LLP, MPA CRC error, RFC 5044 §8) and closes the connection, so nothing
// placed for it is ever reported. Packets and status records are separate
// in-order streams; a status record is written 7 cycles after the FPDU's
// last piece leaves the decoder (P1 and the CRC pipeline), and the two
// FIFOs drain independently, so the consumer matches them by order per
// tag.
//
// Pipeline:
//   decode  the loop, one piece per cycle: a header piece (an FPDU's
//           leading marker and length bytes, ending with the length field)
//           or a body piece (up to the FPDU's end or the beat's end); only
//           the piece's end and the next state (bytes into the FPDU, bytes
//           left, length, marker phase) are computed here
//   P1      the piece's ULPDU range, marker splice, CRC range and CRC field
//           bytes, and the packets (open, offset, end)
//   D1, D2  shift the ULPDU bytes to byte 0 and drop a marker
//   D3      pack into beats; a piece that ends a packet with more than 64
//           bytes writes two beats at once, into two FIFO banks that take
//           beats alternately
//   CRC     wn_crc32c (5 cycles) from P1's registered piece, beside the
//           data; it yields the status records and the context
// Throughput: one piece per cycle: a beat with bytes of n FPDUs takes n
// cycles plus one per FPDU header in it, and a segment with s_cont_i that
// continues an FPDU waits up to 7 cycles for the CRC register. Measured
// (sim/modtest, CRC on): FPDUs aligned with segments, 1460-byte ULPDUs: 24
// cycles per FPDU, 60.8 ULPDU bytes/cycle (122 Gb/s at 250 MHz);
// 8990-byte ULPDUs: 63.3 bytes/cycle; 1460-byte ULPDUs cut into 1448-byte
// segments (every segment continues an FPDU): 45.1 bytes/cycle (90 Gb/s);
// 64-byte ULPDUs in 1440-byte segments: 3 cycles per FPDU, 21.1 bytes/cycle.
//
// Timing: the decode loop is the deepest logic: 17 levels in Yosys's
// generic 6-LUT mapping (tkeep -> bytes in the beat -> marker-free bytes ->
// bytes taken -> bytes left, the adders counted as LUT ripple; on an FPGA
// they are carry chains), against 6 for wn_crc32c. Not yet checked with a
// vendor timing analysis at 250 MHz.
//
// Reset clears every valid flag, the segment state and the held context.
// s_cont_i is only for a segment that follows a segment of the same
// connection (after reset the held context is a fresh connection with CRC
// and markers off).
// Parameters: FifoDepth (ULPDU beats and status records buffered) a power
// of two, 32..1024 (16 entries are kept free for the pieces in flight);
// TagWidth 1..64.
module wn_mpa_rx #(
    parameter int FifoDepth = 32,
    parameter int TagWidth = 16
) (
    input  logic                clk_i,
    input  logic                rst_i,
    input  logic [15:0]         max_ulpdu_i,
    // segments
    input  logic [511:0]        s_tdata_i,
    input  logic [63:0]         s_tkeep_i,
    input  logic                s_tlast_i,
    input  logic                s_tvalid_i,
    output logic                s_tready_o,
    input  logic [TagWidth-1:0] s_tag_i,
    input  logic                s_cont_i,
    // context in, with a segment's first beat
    input  logic [15:0]         ctx_off_i,
    input  logic [15:0]         ctx_len_i,
    input  logic [16:0]         ctx_rem_i,
    input  logic [31:0]         ctx_crc_i,
    input  logic [31:0]         ctx_rcrc_i,
    input  logic                ctx_begun_i,
    input  logic [8:0]          ctx_phase_i,
    input  logic                ctx_crc_en_i,
    input  logic                ctx_mark_en_i,
    input  logic                ctx_err_i,
    // context out, once per segment
    output logic                ctx_valid_o,
    output logic [TagWidth-1:0] ctx_tag_o,
    output logic [15:0]         ctx_off_o,
    output logic [15:0]         ctx_len_o,
    output logic [16:0]         ctx_rem_o,
    output logic [31:0]         ctx_crc_o,
    output logic [31:0]         ctx_rcrc_o,
    output logic                ctx_begun_o,
    output logic [8:0]          ctx_phase_o,
    output logic                ctx_crc_en_o,
    output logic                ctx_mark_en_o,
    output logic                ctx_err_o,
    // FPDU status
    output logic                st_valid_o,
    input  logic                st_ready_i,
    output logic [TagWidth-1:0] st_tag_o,
    output logic [15:0]         st_len_o,
    output logic                st_crc_ok_o,
    output logic                st_err_o,
    // ULPDU bytes
    output logic [511:0]        m_tdata_o,
    output logic [63:0]         m_tkeep_o,
    output logic                m_tlast_o,
    output logic                m_tvalid_o,
    input  logic                m_tready_i,
    output logic [TagWidth-1:0] m_tag_o,
    output logic [TagWidth-1:0] m_ntag_o,
    output logic [15:0]         m_len_o,
    output logic [15:0]         m_off_o,
    output logic                m_end_o
);
  localparam int FW = $clog2(FifoDepth);

  generate
    if (FifoDepth < 32 || FifoDepth > 1024 || (1 << FW) != FifoDepth) begin : g_bad_depth
      $fatal(1, "wn_mpa_rx: FifoDepth must be a power of two, 32..1024");
    end
    if (TagWidth < 1 || TagWidth > 64) begin : g_bad_tag
      $fatal(1, "wn_mpa_rx: TagWidth must be 1..64");
    end
    if (wn_abi_pkg::MPA_FPDU_HDR_SIZE != 2 || wn_abi_pkg::MPA_MARKER_SIZE != 4) begin : g_bad_abi
      $fatal(1, "wn_mpa_rx: built for a 2-byte MPA header and 4-byte markers (RFC 5044)");
    end
  endgenerate

  // beat position of marker-free offset k after b0: a boundary at the
  // marker is after it (start of a field) or before it (end of a field)
  function automatic logic [10:0] start_pos(input logic [10:0] b0, input logic [10:0] ma,
                                            input logic [10:0] mlen, input logic [10:0] k);
    start_pos = b0 + k + (((b0 + k) >= ma) ? mlen : 11'd0);
  endfunction
  function automatic logic [10:0] end_pos(input logic [10:0] b0, input logic [10:0] ma,
                                          input logic [10:0] mlen, input logic [10:0] k);
    end_pos = b0 + k + (((b0 + k) > ma) ? mlen : 11'd0);
  endfunction

  // ==================================================================
  // Decode: the loop. One piece per cycle: a header piece (an FPDU's
  // leading marker and its length bytes, up to the end of the length
  // field) or a body piece (up to the FPDU's end or the beat's end, with
  // the FPDU bytes left held in rem). Only the piece's end and the next
  // state are computed here; the rest in P1.
  // ==================================================================
  logic                inseg_q, begun_q;
  logic [5:0]          pos_q;
  logic [15:0]         off_q, len_q;
  logic [16:0]         rem_q;   // FPDU bytes left (markers not counted), once off >= 2
  logic [31:0]         fwd_crc_q;
  logic [8:0]          ph_q;
  logic                crc_en_q, mark_en_q, err_q;
  logic [TagWidth-1:0] tag_q;
  logic [3:0]          pend_q;  // segment ends in the CRC pipeline

  logic                seg_first, use_ctx, c_started, c_crc_en, c_mark, c_err;
  logic [15:0]         c_off, c_len;
  logic [16:0]         c_rem;
  logic [31:0]         c_crc_reg;
  logic [8:0]          c_ph;
  logic [TagWidth-1:0] c_tag;

  assign seg_first = !inseg_q;
  assign use_ctx = seg_first && !s_cont_i;
  assign c_off = use_ctx ? ctx_off_i : off_q;
  assign c_len = use_ctx ? ctx_len_i : len_q;
  assign c_rem = use_ctx ? ctx_rem_i : rem_q;
  assign c_ph = use_ctx ? ctx_phase_i : ph_q;
  assign c_crc_en = use_ctx ? ctx_crc_en_i : crc_en_q;
  assign c_mark = use_ctx ? ctx_mark_en_i : mark_en_q;
  assign c_err = use_ctx ? ctx_err_i : err_q;
  assign c_crc_reg = use_ctx ? ctx_crc_i : fwd_crc_q;
  assign c_tag = seg_first ? s_tag_i : tag_q;
  assign c_started = use_ctx ? ctx_begun_i : begun_q;

  // bytes in the beat: tkeep is a thermometer code (byte i kept iff
  // i < nb), so bit j of nb is set where the code steps from 1 to 0
  // inside the upper half of a 2^(j+1) block
  logic [10:0] nb, b0, ma, mlen, mclip, mf_avail;
  always_comb begin
    nb = '0;
    nb[6] = s_tkeep_i[63];
    for (int j = 0; j < 6; j++) begin
      for (int m = 0; m < (32 >> j); m++) begin
        if (s_tkeep_i[m*(2<<j) + (1<<j) - 1] && !s_tkeep_i[m*(2<<j) + (2<<j) - 1]) nb[j] = 1'b1;
      end
    end
  end
  assign b0 = {5'd0, pos_q};
  // the one marker that can meet the beat from b0: [ma, ma + mlen)
  always_comb begin
    if (!c_mark) begin
      ma = 11'd1024;
      mlen = 11'd0;
    end else if (c_ph < 9'd4) begin
      ma = b0;
      mlen = 11'd4 - {2'd0, c_ph};
    end else begin
      ma = b0 + 11'd512 - {2'd0, c_ph};
      mlen = 11'd4;
    end
    mclip = (ma < nb) ? (((ma + mlen) < nb ? (ma + mlen) : nb) - ma) : 11'd0;
  end
  assign mf_avail = nb - b0 - mclip;

  // header piece: the length bytes
  logic        hdr, len_full, err_new, done;
  logic [10:0] need, p0, p1, cons, pe;
  logic [7:0]  byte0, byte1;
  logic [15:0] len_now;
  wn_abi_pkg::mpa_fpdu_hdr_t hdr_s;
  assign hdr = c_off < 16'd2;
  assign need = (c_off == 16'd0) ? 11'd2 : 11'd1;
  // the piece's end if the field or FPDU ends in the beat; compared with
  // nb rather than counting the marker-free bytes, so tkeep comes last
  logic [10:0] pe_hdr, pe_body;
  assign pe_hdr = end_pos(b0, ma, mlen, need);
  assign pe_body = end_pos(b0, ma, mlen, c_rem[10:0]);
  assign len_full = hdr && (pe_hdr <= nb);
  assign p0 = start_pos(b0, ma, mlen, 11'd0);
  assign p1 = start_pos(b0, ma, mlen, 11'd1);
  assign byte0 = s_tdata_i[{p0[5:0], 3'b000} +: 8];
  assign byte1 = s_tdata_i[{p1[5:0], 3'b000} +: 8];
  // the header's bus order is its first byte, then its second (wn_abi_pkg)
  assign hdr_s = wn_abi_pkg::mpa_fpdu_hdr_unpack({(c_off == 16'd1) ? byte0 : byte1,
                                                  (c_off == 16'd1) ? c_len[15:8] : byte0});
  assign len_now = hdr ? hdr_s.ulpdu_length : c_len;
  assign err_new = !c_err && len_full && (len_now > max_ulpdu_i);

  // the piece's end
  assign done = !c_err && !hdr && (c_rem[16:7] == 10'd0) && (pe_body <= nb);
  always_comb begin
    if (c_err) begin
      cons = mf_avail;
      pe = nb;
    end else if (hdr) begin
      cons = len_full ? need : mf_avail;
      pe = len_full ? pe_hdr : nb;
    end else begin
      cons = done ? c_rem[10:0] : mf_avail;
      pe = done ? pe_body : nb;
    end
  end

  logic seg_end, beat_done;
  assign beat_done = pe == nb;
  assign seg_end = s_tlast_i && beat_done;

  // next state
  logic [15:0] n_off, n_len;
  logic [16:0] n_rem;
  logic [8:0]  n_ph;
  logic        n_err, n_begun;
  always_comb begin
    n_off = c_off;
    n_len = c_len;
    n_rem = c_rem;
    if (!c_err) begin
      if (done) begin
        n_off = '0;
        n_len = '0;
      end else begin
        n_off = c_off + 16'(cons);
        if (len_full) n_len = len_now;
        else if (hdr && c_off == 16'd0 && cons == 11'd1) n_len = {byte0, 8'd0};
      end
      // after the length field: len + pad + 4 = ((len + 5) & ~3) + 2
      n_rem = hdr ? (((17'(len_now) + 17'd5) & ~17'd3) | 17'd2) : (c_rem - 17'(cons));
    end
    n_ph = c_ph + 9'(pe - b0);
    n_err = c_err || err_new;
    // every piece takes a byte: the FPDU has begun unless it is done
    n_begun = c_err ? c_started : !done;
  end

  // issue: room for what the pieces in flight may write, and a continued
  // FPDU's CRC register back from the pipeline
  logic [FW:0] d_count, s_count;
  logic        room, stall, issue;
  assign room = (32'(d_count) <= FifoDepth - 16) && (32'(s_count) <= FifoDepth - 16);
  assign stall = seg_first && s_cont_i && c_started && (pend_q != 4'd0);
  assign issue = s_tvalid_i && room && !stall;
  assign s_tready_o = issue && beat_done;

  logic crc_res_seg;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      inseg_q <= 1'b0;
      pos_q <= '0;
      pend_q <= '0;
      off_q <= '0;
      begun_q <= 1'b0;
      ph_q <= '0;
      err_q <= 1'b0;
      crc_en_q <= 1'b0;
      mark_en_q <= 1'b0;
    end else begin
      pend_q <= pend_q + {3'd0, issue && seg_end} - {3'd0, crc_res_seg};
      if (issue) begin
        inseg_q <= !seg_end;
        pos_q <= beat_done ? 6'd0 : pe[5:0];
        off_q <= n_off;
        begun_q <= n_begun;
        ph_q <= n_ph;
        err_q <= n_err;
        crc_en_q <= c_crc_en;
        mark_en_q <= c_mark;
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (issue) begin
      len_q <= n_len;
      rem_q <= n_rem;
      tag_q <= c_tag;
    end
  end

  // the piece, registered for P1
  logic                q_v_q, q_hdr_q, q_done_q, q_seg_q, q_errn_q, q_drop_q, q_first_q;
  logic                q_started_q, q_crc_en_q, q_mark_q, q_usectx_q;
  logic [511:0]        q_data_q;
  logic [10:0]         q_b0_q, q_pe_q, q_ma_q, q_mlen_q, q_cons_q;
  logic [15:0]         q_off_q, q_len_q;
  logic [16:0]         q_rem_q;
  logic [31:0]         q_crc_reg_q, q_ctx_rcrc_q;
  logic [TagWidth-1:0] q_tag_q;
  logic [15:0]         q_noff_q, q_nlen_q;
  logic [16:0]         q_nrem_q;
  logic [8:0]          q_nph_q;
  logic                q_nbegun_q, q_nerr_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) q_v_q <= 1'b0;
    else q_v_q <= issue;
  end
  always_ff @(posedge clk_i) begin
    if (issue) begin
      q_data_q <= s_tdata_i;
      q_hdr_q <= hdr;
      q_done_q <= done;
      q_seg_q <= seg_end;
      q_errn_q <= err_new;
      q_drop_q <= c_err;
      q_first_q <= seg_first;
      q_started_q <= c_started;
      q_crc_en_q <= c_crc_en;
      q_mark_q <= c_mark;
      q_usectx_q <= use_ctx;
      q_b0_q <= b0;
      q_pe_q <= pe;
      q_ma_q <= ma;
      q_mlen_q <= mlen;
      q_cons_q <= cons;
      q_off_q <= c_off;
      q_len_q <= len_now;
      q_rem_q <= c_rem;
      q_crc_reg_q <= c_crc_reg;
      q_ctx_rcrc_q <= ctx_rcrc_i;
      q_tag_q <= c_tag;
      q_noff_q <= n_off;
      q_nlen_q <= n_len;
      q_nrem_q <= n_rem;
      q_nph_q <= n_ph;
      q_nbegun_q <= n_begun;
      q_nerr_q <= n_err;
    end
  end

  // ==================================================================
  // P1: the piece's ULPDU bytes, CRC range, CRC field bytes and packet
  // ==================================================================
  logic        body;
  logic [1:0]  pad;
  logic [16:0] ulp_left, cov_rel;
  logic [10:0] k11, u_lo, u_hi, pm, cpos;
  logic [6:0]  k;
  logic        splice, ulp_end, pkt_end, mk_b0;
  assign body = q_v_q && !q_hdr_q && !q_drop_q;
  assign pad = 2'd2 - q_len_q[1:0];
  // ULPDU bytes left at the piece's start: rem - pad - 4
  assign ulp_left = (q_rem_q >= (17'd4 + 17'(pad))) ? (q_rem_q - 17'd4 - 17'(pad)) : 17'd0;
  assign k11 = !body ? 11'd0 : ((ulp_left < 17'(q_cons_q)) ? ulp_left[10:0] : q_cons_q);
  assign k = k11[6:0];
  assign u_lo = start_pos(q_b0_q, q_ma_q, q_mlen_q, 11'd0);
  assign u_hi = end_pos(q_b0_q, q_ma_q, q_mlen_q, k11);
  assign splice = (k != 7'd0) && (q_ma_q >= u_lo) && (q_ma_q < u_hi);
  assign pm = q_ma_q - u_lo;
  assign ulp_end = (k != 7'd0) && (ulp_left <= 17'(q_cons_q));

  logic        pkt_open_q;
  logic [15:0] pkt_off_q, pk_off;
  assign pkt_end = q_v_q && !q_drop_q && ((k != 7'd0) || pkt_open_q) && (ulp_end || q_seg_q);
  assign pk_off = pkt_open_q ? pkt_off_q : (q_off_q - 16'd2);

  // CRC: every byte before the CRC field (markers included). Once the
  // covered bytes have ended (cov_before) the FPDU's pieces are empty and
  // start afresh; the register is the one that came out at the piece
  // where they ended (cov_here), or the context's.
  logic [10:0] crc_hi;
  logic        cov_before, cov_here, use_fin, crc_first, crc_last;
  logic [31:0] crc_init;
  assign mk_b0 = (q_mlen_q != 11'd0) && (q_ma_q == q_b0_q);
  assign cov_rel = q_rem_q - 17'd4;  // CRC field start, marker-free from b0
  assign cov_before = body && ((q_rem_q < 17'd4) || ((q_rem_q == 17'd4) && !mk_b0));
  assign cpos = start_pos(q_b0_q, q_ma_q, q_mlen_q, cov_rel[10:0]);
  assign cov_here = body && !cov_before && (cov_rel <= 17'(q_cons_q)) && (cpos <= q_pe_q);
  always_comb begin
    if (cov_before) crc_hi = q_b0_q;
    else if (cov_here) crc_hi = cpos;
    else crc_hi = q_pe_q;
  end
  assign crc_first = q_first_q || !q_started_q || cov_before;
  assign crc_init = (q_started_q && q_first_q) ? q_crc_reg_q : 32'hFFFF_FFFF;
  assign crc_last = q_done_q || q_seg_q || q_errn_q || cov_here;
  assign use_fin = cov_before && !q_first_q;

  // the CRC field bytes
  logic [31:0] rcrc_q, rcrc_base, rcrc_new, n_rcrc;
  logic [43:0] rpos;  // beat position of CRC byte i in bits 11i+10:11i
  logic [16:0] rrel;
  assign rcrc_base = (q_first_q && q_usectx_q) ? q_ctx_rcrc_q : rcrc_q;
  always_comb begin
    rcrc_new = rcrc_base;
    rrel = '0;
    rpos = '0;
    // (body implies q_v_q: nothing is read from an invalid piece)
    if (body) begin
      for (int i = 0; i < 4; i++) begin
        rrel = q_rem_q - 17'd4 + 17'(i);
        rpos[i*11 +: 11] = start_pos(q_b0_q, q_ma_q, q_mlen_q, rrel[10:0]);
        if ((q_rem_q >= 17'(4 - i)) && (rrel < 17'(q_cons_q)))
          rcrc_new[i*8 +: 8] = q_data_q[{rpos[i*11 +: 6], 3'b000} +: 8];
      end
    end
  end
  assign n_rcrc = (q_done_q || q_drop_q) ? 32'd0 : rcrc_new;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      pkt_open_q <= 1'b0;
      rcrc_q <= '0;
    end else if (q_v_q) begin
      pkt_open_q <= !pkt_end && (pkt_open_q || (k != 7'd0));
      rcrc_q <= n_rcrc;
    end
  end
  always_ff @(posedge clk_i) begin
    if (q_v_q && !pkt_open_q && (k != 7'd0)) pkt_off_q <= pk_off;
  end

  // ==================================================================
  // Data: D1 (P1's result), D2 (shift and splice), D3 (pack)
  // ==================================================================
  logic                d1_v_q, d1_splice_q, d1_end_q, d1_uend_q;
  logic [511:0]        d1_data_q;
  logic [5:0]          d1_lo_q, d1_pm_q;
  logic [6:0]          d1_k_q;
  logic [15:0]         d1_len_q, d1_off_q;
  logic [TagWidth-1:0] d1_tag_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) d1_v_q <= 1'b0;
    else d1_v_q <= q_v_q && ((k != 7'd0) || pkt_end);
  end
  always_ff @(posedge clk_i) begin
    if (q_v_q) begin
      d1_data_q <= q_data_q;
      d1_lo_q <= u_lo[5:0];
      d1_pm_q <= pm[5:0];
      d1_splice_q <= splice;
      d1_k_q <= k;
      d1_end_q <= pkt_end;
      d1_uend_q <= ulp_end;
      d1_len_q <= q_len_q;
      d1_off_q <= pk_off;
      d1_tag_q <= q_tag_q;
    end
  end

  // D1's beat shifted to byte 0, the marker dropped when it splices, cut to
  // k bytes (only for a valid piece: D2 loads it only then)
  logic [511:0] d1_x, d1_y;
  always_comb begin
    d1_x = '0;
    d1_y = '0;
    if (d1_v_q) begin
      d1_x = d1_data_q >> {d1_lo_q, 3'd0};
      for (int b = 0; b < 64; b++) begin
        if (7'(b) >= d1_k_q) d1_y[b*8 +: 8] = 8'd0;
        else if (d1_splice_q && (6'(b) >= d1_pm_q)) d1_y[b*8 +: 8] = (b < 60) ? d1_x[(b+4)*8 +: 8] : 8'd0;
        else d1_y[b*8 +: 8] = d1_x[b*8 +: 8];
      end
    end
  end

  logic                d2_v_q, d2_end_q, d2_uend_q;
  logic [511:0]        d2_y_q;
  logic [6:0]          d2_k_q;
  logic [15:0]         d2_len_q, d2_off_q;
  logic [TagWidth-1:0] d2_tag_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) d2_v_q <= 1'b0;
    else d2_v_q <= d1_v_q;
  end
  always_ff @(posedge clk_i) begin
    if (d1_v_q) begin
      d2_y_q <= d1_y;
      d2_k_q <= d1_k_q;
      d2_end_q <= d1_end_q;
      d2_uend_q <= d1_uend_q;
      d2_len_q <= d1_len_q;
      d2_off_q <= d1_off_q;
      d2_tag_q <= d1_tag_q;
    end
  end

  // the packer: up to 64 bytes held until it is known whether the packet
  // goes on, so that its last beat carries tlast; a piece that ends a
  // packet with more than 64 bytes writes two beats at once, into two
  // FIFO banks that take beats alternately
  localparam int DW = 512 + 7 + 1 + 16 + 16 + 1 + TagWidth;
  localparam int BankDepth = FifoDepth / 2;
  logic [511:0]  acc_q;
  logic [6:0]    pfill_q;
  logic [1023:0] win;
  logic [7:0]    ptotal;
  logic          w0_v, w1_v, w0_last, w0_uend;
  logic [6:0]    w0_n, w1_n;
  logic [DW-1:0] w0, w1;
  // (only for a valid piece: nothing reads it otherwise)
  always_comb begin
    if (d2_v_q) win = {512'd0, acc_q} | ({512'd0, d2_y_q} << {pfill_q, 3'd0});
    else win = '0;
  end
  assign ptotal = {1'b0, pfill_q} + {1'b0, d2_k_q};
  always_comb begin
    w0_v = 1'b0;
    w1_v = 1'b0;
    w0_last = 1'b0;
    w0_uend = 1'b0;
    w0_n = 7'd64;
    w1_n = 7'(ptotal - 8'd64);
    if (d2_v_q) begin
      if (ptotal > 8'd64) begin
        w0_v = 1'b1;
        w1_v = d2_end_q;
      end else if (d2_end_q) begin
        w0_v = 1'b1;
        w0_last = 1'b1;
        w0_uend = d2_uend_q;
        w0_n = ptotal[6:0];
      end
    end
  end
  assign w0 = {win[511:0], w0_n, w0_last, d2_len_q, d2_off_q, w0_uend, d2_tag_q};
  assign w1 = {win[1023:512], w1_n, 1'b1, d2_len_q, d2_off_q, d2_uend_q, d2_tag_q};
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      acc_q <= '0;
      pfill_q <= '0;
    end else if (d2_v_q) begin
      if (d2_end_q) begin
        acc_q <= '0;
        pfill_q <= '0;
      end else if (ptotal > 8'd64) begin
        acc_q <= win[1023:512];
        pfill_q <= 7'(ptotal - 8'd64);
      end else begin
        acc_q <= win[511:0];
        pfill_q <= ptotal[6:0];
      end
    end
  end

  // banks: beat n of the output goes to bank n mod 2
  logic          wsel_q, rsel_q;
  logic [1:0]    bw_v, b_wready, b_rvalid, b_pop;
  logic [DW-1:0] bw_d [2];
  logic [DW-1:0] br_d [2];
  logic [$clog2(BankDepth):0] b_count [2];
  always_comb begin
    bw_v = '0;
    bw_d[0] = w0;
    bw_d[1] = w0;
    if (w0_v) begin
      bw_v[wsel_q] = 1'b1;
      bw_d[wsel_q] = w0;
    end
    if (w1_v) begin
      bw_v[!wsel_q] = 1'b1;
      bw_d[!wsel_q] = w1;
    end
  end
  for (genvar g = 0; g < 2; g++) begin : g_bank
    wn_fifo #(
        .Width(DW),
        .Depth(BankDepth)
    ) u_bank (
        .clk_i,
        .rst_i,
        .wdata_i (bw_d[g]),
        .wvalid_i(bw_v[g]),
        .wready_o(b_wready[g]),
        .rdata_o (br_d[g]),
        .rvalid_o(b_rvalid[g]),
        .rready_i(b_pop[g]),
        .count_o (b_count[g])
    );
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      wsel_q <= 1'b0;
      rsel_q <= 1'b0;
    end else begin
      wsel_q <= wsel_q ^ (w0_v ^ w1_v);
      if (m_tvalid_o && m_tready_i) rsel_q <= !rsel_q;
    end
  end
  assign d_count = (FW + 1)'(b_count[0]) + (FW + 1)'(b_count[1]);
  assign m_tvalid_o = b_rvalid[rsel_q];
  assign b_pop[0] = m_tready_i && !rsel_q;
  assign b_pop[1] = m_tready_i && rsel_q;
  logic [6:0] o_n;
  assign {m_tdata_o, o_n, m_tlast_o, m_len_o, m_off_o, m_end_o, m_tag_o} = br_d[rsel_q];
  // the next beat's tag: the bank read next keeps its head unless it is
  // empty (a bank that holds beats in its memory has its head register
  // full), in which case the beat written into it now is its head next
  logic nsel;
  assign nsel = rsel_q ^ (m_tvalid_o && m_tready_i);
  assign m_ntag_o = b_rvalid[nsel] ? br_d[nsel][TagWidth-1:0] : bw_d[nsel][TagWidth-1:0];
  always_comb begin
    m_tkeep_o = {64{1'b1}};
    if (!o_n[6]) m_tkeep_o = (64'd1 << o_n[5:0]) - 64'd1;
  end

  // ==================================================================
  // CRC, status records, context out
  // ==================================================================
  // user: {segment end, record, length error, crc_en, covered bytes end
  //        here, register from the piece where they ended, length, CRC
  //        field, tag, next context (off, len, rem, rcrc, begun, phase,
  //        crc_en, mark_en, err)}
  localparam int UW = 6 + 16 + 32 + TagWidth + 16 + 16 + 17 + 32 + 1 + 9 + 3;
  logic                cr_v_q, cr_first_q, cr_same_q, cr_last_q;
  logic [511:0]        cr_data_q;
  logic [5:0]          cr_lo_q;
  logic [6:0]          cr_hi_q;
  logic [31:0]         cr_init_q;
  logic [UW-1:0]       cr_user_q, cu_out;
  always_ff @(posedge clk_i) begin
    if (rst_i) cr_v_q <= 1'b0;
    else cr_v_q <= q_v_q;
  end
  always_ff @(posedge clk_i) begin
    if (q_v_q) begin
      cr_data_q <= q_data_q;
      cr_lo_q <= q_b0_q[5:0];
      cr_hi_q <= crc_hi[6:0];
      cr_first_q <= crc_first;
      // a piece that goes on with its FPDU from inside a beat follows that
      // FPDU's header piece in the same beat
      cr_same_q <= !crc_first && (q_b0_q != 11'd0);
      cr_init_q <= crc_init;
      cr_last_q <= crc_last;
      cr_user_q <= {q_seg_q, q_done_q || q_errn_q, q_errn_q, q_crc_en_q, cov_here, use_fin,
                    q_len_q, rcrc_new, q_tag_q, q_noff_q, q_nlen_q, q_nrem_q, n_rcrc, q_nbegun_q,
                    q_nph_q, q_crc_en_q, q_mark_q, q_nerr_q};
    end
  end

  logic                cv;
  logic [31:0]         c_state, c_crc;
  logic                r_seg, r_rec, r_err, r_crc_en, r_cov, r_fin;
  logic [31:0]         fin_crc_q, reg_final;
  logic [15:0]         r_len;
  logic [31:0]         r_rcrc;
  logic [TagWidth-1:0] r_tag;
  logic [15:0]         x_off, x_len;
  logic [16:0]         x_rem;
  logic [31:0]         x_rcrc;
  logic [8:0]          x_ph;
  logic                x_crc_en, x_mark_en, x_err, x_begun;
  wn_crc32c #(
      .UserWidth(UW)
  ) u_crc (
      .clk_i,
      .rst_i,
      .valid_i(cr_v_q),
      .data_i (cr_data_q),
      .lo_i   (cr_lo_q),
      .hi_i   (cr_hi_q),
      .first_i(cr_first_q),
      .same_i (cr_same_q),
      .init_i (cr_init_q),
      .last_i (cr_last_q),
      .user_i (cr_user_q),
      .valid_o(cv),
      .state_o(c_state),
      .crc_o  (c_crc),
      .user_o (cu_out)
  );
  assign {r_seg, r_rec, r_err, r_crc_en, r_cov, r_fin, r_len, r_rcrc, r_tag,
          x_off, x_len, x_rem, x_rcrc, x_begun, x_ph, x_crc_en, x_mark_en, x_err} = cu_out;
  assign crc_res_seg = cv && r_seg;
  assign reg_final = r_fin ? fin_crc_q : c_state;
  always_ff @(posedge clk_i) begin
    if (cv && r_cov) fin_crc_q <= c_state;
  end

  logic [TagWidth+18-1:0] s_rdata;
  logic                   s_wready;
  wn_fifo #(
      .Width(TagWidth + 18),
      .Depth(FifoDepth)
  ) u_status (
      .clk_i,
      .rst_i,
      .wdata_i ({r_tag, r_len, r_err || !r_crc_en || (~reg_final == r_rcrc), r_err}),
      .wvalid_i(cv && r_rec),
      .wready_o(s_wready),
      .rdata_o (s_rdata),
      .rvalid_o(st_valid_o),
      .rready_i(st_ready_i),
      .count_o (s_count)
  );
  logic st_ok_raw;
  assign {st_tag_o, st_len_o, st_ok_raw, st_err_o} = s_rdata;
  assign st_crc_ok_o = st_ok_raw && !st_err_o;

  always_ff @(posedge clk_i) begin
    if (rst_i) ctx_valid_o <= 1'b0;
    else ctx_valid_o <= crc_res_seg;
  end
  always_ff @(posedge clk_i) begin
    if (crc_res_seg) begin
      fwd_crc_q <= reg_final;
      ctx_tag_o <= r_tag;
      ctx_off_o <= x_off;
      ctx_len_o <= x_len;
      ctx_rem_o <= x_rem;
      ctx_crc_o <= reg_final;
      ctx_rcrc_o <= x_rcrc;
      ctx_begun_o <= x_begun;
      ctx_phase_o <= x_ph;
      ctx_crc_en_o <= x_crc_en;
      ctx_mark_en_o <= x_mark_en;
      ctx_err_o <= x_err;
    end
  end

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (!rst_i) begin
      if (s_tvalid_i && (s_tkeep_i == 64'd0 || ((s_tkeep_i & (s_tkeep_i + 64'd1)) != 64'd0)
                         || (!s_tlast_i && s_tkeep_i != {64{1'b1}})))
        $error("wn_mpa_rx: tkeep %h is not contiguous from byte 0 (or short before the last beat)",
               s_tkeep_i);
      if (issue && pe <= b0) $error("wn_mpa_rx: a piece without bytes");
      if ((bw_v[0] && !b_wready[0]) || (bw_v[1] && !b_wready[1]))
        $error("wn_mpa_rx: data FIFO overrun");
      if (cv && r_rec && !s_wready) $error("wn_mpa_rx: status FIFO overrun");
    end
  end
`endif

  logic unused;
  assign unused = ^{d_count, s_count, u_hi[10:6], pm[10:6], p0[10:6], p1[10:6], c_crc, cpos[10:7],
                    rpos, k11[10:7], cons, crc_hi[10:7], q_pe_q[10:7], q_noff_q, rrel[16:11], ulp_left[16:11]};
endmodule
