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
// A fresh connection starts with off = 0, begun = 0, phase = 0, err = 0. At the end of
// each segment the updated context comes out on ctx_*_o (ctx_valid_o, one
// cycle, no backpressure), 6 cycles after the segment's last piece (the
// cycle its last beat is taken); it also stays inside for a following
// segment with s_cont_i (such a segment waits for the CRC register, up to 5
// cycles, when it continues an FPDU of the previous one).
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
// in-order streams; a status record is written 5 cycles after the FPDU's
// last packet leaves the decoder (the CRC pipeline), and the two FIFOs
// drain independently, so the consumer matches them by order per tag.
//
// Pipeline: decode (one piece per cycle: the part of the current beat that
// belongs to one FPDU, up to its end or the beat's end; all field
// boundaries and the marker inside the piece found combinationally) ->
// D1 -> D2 (shift the ULPDU bytes to byte 0, drop a marker) -> D3 (pack
// into beats) -> FIFO; the CRC (wn_crc32c, 5 cycles) runs beside it and
// yields the status records and the context.
// Throughput: one piece per cycle: a beat that holds bytes of n FPDUs takes
// n cycles, a packet whose last piece leaves more than 64 bytes to pack
// costs one more cycle, and a segment with s_cont_i that continues an FPDU
// waits up to 5 cycles for the CRC register. Measured (sim/modtest, CRC
// on): FPDUs aligned with segments, 1460-byte ULPDUs: 24 cycles per FPDU,
// 60.8 ULPDU bytes/cycle (122 Gb/s at 250 MHz); 8990-byte ULPDUs: 63.3
// bytes/cycle; 1460-byte ULPDUs cut into 1448-byte segments (every segment
// continues an FPDU): 48.2 bytes/cycle (96 Gb/s); 64-byte ULPDUs in
// 1440-byte segments: 2 cycles per FPDU, 31.7 bytes/cycle.
//
// Timing: the decode is one combinational step per piece (marker place,
// length bytes, FPDU end, piece end and the next state), measured at 34
// LUT levels by Yosys's generic 6-LUT mapping (adders as LUT ripple, so an
// overestimate, but still too deep for 250 MHz). To close timing the
// decode must be split: keep only the piece end and next state in the
// loop (with the bytes left in the FPDU held as a register instead of
// recomputed from the length, and a piece that reads a length field ending
// there), and compute the ULPDU range, marker splice and CRC range in a
// registered stage after it.
//
// Reset clears every valid flag, the segment state and the held context.
// s_cont_i is only for a segment that follows a segment of the same
// connection (after reset the held context is a fresh connection with CRC
// and markers off).
// Parameters: FifoDepth (ULPDU beats and status records buffered) a power
// of two, 16..1024; TagWidth 1..64.
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
    output logic [15:0]         m_len_o,
    output logic [15:0]         m_off_o,
    output logic                m_end_o
);
  localparam int FW = $clog2(FifoDepth);

  generate
    if (FifoDepth < 16 || FifoDepth > 1024 || (1 << FW) != FifoDepth) begin : g_bad_depth
      $fatal(1, "wn_mpa_rx: FifoDepth must be a power of two, 16..1024");
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
  function automatic logic [7:0] byte_at(input logic [511:0] d, input logic [5:0] p);
    byte_at = d[p*8 +: 8];
  endfunction

  // ==================================================================
  // Decode
  // ==================================================================
  logic                inseg_q, bubble_q, pkt_open_q;
  logic [5:0]          pos_q;
  logic [15:0]         off_q, len_q, pkt_off_q;
  logic [31:0]         rcrc_q, fwd_crc_q;
  logic [8:0]          ph_q;
  logic                crc_en_q, mark_en_q, err_q, begun_q;
  logic [TagWidth-1:0] tag_q;
  logic [6:0]          fill_q;  // the packer's fill after the pieces issued
  logic [3:0]          pend_q;  // segment ends in the CRC pipeline

  logic                seg_first, use_ctx, c_started, c_crc_en, c_mark, c_err;
  logic [15:0]         c_off, c_len;
  logic [31:0]         c_rcrc, c_crc_reg;
  logic [8:0]          c_ph;
  logic [TagWidth-1:0] c_tag;

  assign seg_first = !inseg_q;
  assign use_ctx = seg_first && !s_cont_i;
  assign c_off = use_ctx ? ctx_off_i : off_q;
  assign c_len = use_ctx ? ctx_len_i : len_q;
  assign c_rcrc = use_ctx ? ctx_rcrc_i : rcrc_q;
  assign c_ph = use_ctx ? ctx_phase_i : ph_q;
  assign c_crc_en = use_ctx ? ctx_crc_en_i : crc_en_q;
  assign c_mark = use_ctx ? ctx_mark_en_i : mark_en_q;
  assign c_err = use_ctx ? ctx_err_i : err_q;
  assign c_crc_reg = use_ctx ? ctx_crc_i : fwd_crc_q;
  assign c_tag = seg_first ? s_tag_i : tag_q;
  assign c_started = use_ctx ? ctx_begun_i : begun_q;

  logic [10:0] nb, b0, ma, mlen, mclip, mf_avail;
  // bytes in the beat: tkeep is a thermometer code (byte i kept iff
  // i < nb), so bit j of nb is set where the code steps from 1 to 0
  // inside the upper half of a 2^(j+1) block
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

  // the length field
  logic [10:0] p0, p1;
  logic [7:0]  byte0, byte1;
  logic        have_len, len_known, err_new, drop;
  logic [15:0] len_now;
  assign p0 = start_pos(b0, ma, mlen, 11'd0);
  assign p1 = start_pos(b0, ma, mlen, 11'd1);
  assign byte0 = byte_at(s_tdata_i, p0[5:0]);
  assign byte1 = byte_at(s_tdata_i, p1[5:0]);
  assign have_len = c_off >= 16'd2;
  assign len_known = have_len || ((c_off == 16'd1) ? (mf_avail >= 11'd1) : (mf_avail >= 11'd2));
  // the header's bus order is byte0, byte1 (wn_abi_pkg layout)
  wn_abi_pkg::mpa_fpdu_hdr_t hdr_s;
  assign hdr_s = wn_abi_pkg::mpa_fpdu_hdr_unpack({(c_off == 16'd1) ? byte0 : byte1,
                                                  (c_off == 16'd1) ? c_len[15:8] : byte0});
  assign len_now = have_len ? c_len : hdr_s.ulpdu_length;
  assign err_new = !c_err && !have_len && len_known && (len_now > max_ulpdu_i);
  assign drop = c_err || err_new;

  // the FPDU's end
  logic [16:0] t0, rem, cstart, c_end, ulen_end, us, ue;
  logic        done, seg_end;
  logic [10:0] cons, pe;
  assign t0 = ((17'(len_now) + 17'd5) & ~17'd3) + 17'd4;
  assign rem = t0 - 17'(c_off);
  assign done = !drop && len_known && (rem <= 17'(mf_avail));
  assign cons = done ? rem[10:0] : mf_avail;
  assign pe = (done && !drop) ? end_pos(b0, ma, mlen, rem[10:0]) : nb;
  assign seg_end = s_tlast_i && (pe == nb);
  assign c_end = 17'(c_off) + 17'(cons);

  // the ULPDU bytes of the piece
  logic [6:0]  k;
  logic [10:0] u_lo, u_hi, pm;
  logic        splice, ulp_end, pkt_end;
  logic [15:0] pk_off;
  assign ulen_end = 17'(len_now) + 17'd2;
  assign us = (c_off < 16'd2) ? 17'd2 : 17'(c_off);
  assign ue = (ulen_end < c_end) ? ulen_end : c_end;
  assign k = (!drop && len_known && (ue > us)) ? 7'(ue - us) : 7'd0;
  assign u_lo = start_pos(b0, ma, mlen, 11'(us - 17'(c_off)));
  assign u_hi = end_pos(b0, ma, mlen, 11'(ue - 17'(c_off)));
  assign splice = (k != 7'd0) && (ma >= u_lo) && (ma < u_hi);
  assign pm = ma - u_lo;
  assign ulp_end = (k != 7'd0) && (ue == ulen_end);
  assign pkt_end = !drop && ((k != 7'd0) || pkt_open_q) && (ulp_end || seg_end);
  assign pk_off = pkt_open_q ? pkt_off_q : 16'(us - 17'd2);

  // the CRC piece: every byte before the CRC field (markers included).
  // Once the covered bytes have ended (cov_before) the pieces of the FPDU
  // are empty and start afresh; the register is the one that came out at
  // the piece where they ended (cov_here), or the context's.
  logic [10:0] crc_hi, cpos;
  logic        crc_first, crc_last, cov_before, cov_here, use_fin;
  logic [31:0] crc_init;
  assign cstart = t0 - 17'd4;
  assign cpos = start_pos(b0, ma, mlen, 11'(cstart - 17'(c_off)));
  assign cov_before = len_known && ((cstart < 17'(c_off))
                                    || ((cstart == 17'(c_off)) && !(c_mark && (c_ph < 9'd4))));
  assign cov_here = len_known && !drop && !cov_before && ((cstart - 17'(c_off)) <= 17'(cons))
                    && (cpos <= pe);
  always_comb begin
    if (!len_known || drop) crc_hi = pe;
    else if (cov_before) crc_hi = b0;
    else if (cov_here) crc_hi = cpos;
    else crc_hi = pe;
  end
  assign crc_first = seg_first || !c_started || cov_before;
  assign crc_init = (c_started && seg_first) ? c_crc_reg : 32'hFFFF_FFFF;
  assign crc_last = done || seg_end || err_new || cov_here;
  assign use_fin = cov_before && !seg_first;

  // the CRC field bytes of the piece
  logic [31:0] rcrc_new;
  logic [43:0] rpos;  // beat position of CRC byte i in bits 11i+10:11i
  always_comb begin
    rcrc_new = c_rcrc;
    for (int i = 0; i < 4; i++) begin
      rpos[i*11 +: 11] = start_pos(b0, ma, mlen, 11'(cstart + 17'(i) - 17'(c_off)));
      if (len_known && !drop && ((cstart + 17'(i)) >= 17'(c_off)) && ((cstart + 17'(i)) < c_end))
        rcrc_new[i*8 +: 8] = byte_at(s_tdata_i, rpos[i*11 +: 6]);
    end
  end

  // next context
  logic [15:0] n_off, n_len;
  logic [31:0] n_rcrc;
  logic [8:0]  n_ph;
  logic        n_err, n_begun;
  always_comb begin
    n_off = c_off;
    n_len = c_len;
    n_rcrc = c_rcrc;
    if (!drop) begin
      if (done) begin
        n_off = '0;
        n_len = '0;
        n_rcrc = '0;
      end else begin
        n_off = 16'(c_end);
        n_rcrc = rcrc_new;
        if (len_known) n_len = len_now;
        else if (c_off == 16'd0 && cons == 11'd1) n_len = {byte0, 8'd0};
      end
    end
    n_ph = c_ph + 9'(pe - b0);
    n_err = c_err || err_new;
    // every piece takes a byte: the FPDU has begun unless it is done
    n_begun = drop ? c_started : !done;
  end

  // issue: room for what the pieces in flight may write, no bubble, and a
  // continued FPDU's CRC register back from the pipeline
  logic [FW:0] d_count, s_count;
  logic        room, stall, issue, beat_done;
  logic [7:0]  total;
  assign room = (32'(d_count) <= FifoDepth - 12) && (32'(s_count) <= FifoDepth - 12);
  assign stall = seg_first && s_cont_i && c_started && (pend_q != 4'd0);
  assign issue = s_tvalid_i && !bubble_q && room && !stall;
  assign beat_done = pe == nb;
  assign s_tready_o = issue && beat_done;
  assign total = {1'b0, fill_q} + {1'b0, k};

  logic crc_res_seg;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      inseg_q <= 1'b0;
      bubble_q <= 1'b0;
      pkt_open_q <= 1'b0;
      pos_q <= '0;
      fill_q <= '0;
      pend_q <= '0;
      off_q <= '0;
      begun_q <= 1'b0;
      ph_q <= '0;
      err_q <= 1'b0;
      crc_en_q <= 1'b0;
      mark_en_q <= 1'b0;
    end else begin
      bubble_q <= issue && pkt_end && (total > 8'd64);
      pend_q <= pend_q + {3'd0, issue && seg_end} - {3'd0, crc_res_seg};
      if (issue) begin
        inseg_q <= !seg_end;
        pos_q <= beat_done ? 6'd0 : pe[5:0];
        pkt_open_q <= !pkt_end && (pkt_open_q || (k != 7'd0));
        fill_q <= pkt_end ? 7'd0 : ((total > 8'd64) ? 7'(total - 8'd64) : total[6:0]);
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
      rcrc_q <= n_rcrc;
      tag_q <= c_tag;
      if (!pkt_open_q && (k != 7'd0)) pkt_off_q <= pk_off;
    end
  end

  // ==================================================================
  // Data: D1 (decode result), D2 (shift and splice), D3 (pack)
  // ==================================================================
  logic                d1_v_q, d1_splice_q, d1_end_q, d1_uend_q;
  logic [511:0]        d1_data_q;
  logic [5:0]          d1_lo_q, d1_pm_q;
  logic [6:0]          d1_k_q;
  logic [15:0]         d1_len_q, d1_off_q;
  logic [TagWidth-1:0] d1_tag_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) d1_v_q <= 1'b0;
    else d1_v_q <= issue && ((k != 7'd0) || pkt_end);
  end
  always_ff @(posedge clk_i) begin
    if (issue) begin
      d1_data_q <= s_tdata_i;
      d1_lo_q <= u_lo[5:0];
      d1_pm_q <= pm[5:0];
      d1_splice_q <= splice;
      d1_k_q <= k;
      d1_end_q <= pkt_end;
      d1_uend_q <= ulp_end;
      d1_len_q <= len_now;
      d1_off_q <= pk_off;
      d1_tag_q <= c_tag;
    end
  end

  logic [511:0] d1_x, d1_y;
  always_comb begin
    d1_x = d1_data_q >> {d1_lo_q, 3'd0};
    for (int b = 0; b < 64; b++) begin
      if (7'(b) >= d1_k_q) d1_y[b*8 +: 8] = 8'd0;
      else if (d1_splice_q && (6'(b) >= d1_pm_q)) d1_y[b*8 +: 8] = (b < 60) ? d1_x[(b+4)*8 +: 8] : 8'd0;
      else d1_y[b*8 +: 8] = d1_x[b*8 +: 8];
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
  // goes on, so that its last beat carries tlast
  localparam int DW = 512 + 7 + 1 + 16 + 16 + 1 + TagWidth;
  logic [511:0]        acc_q;
  logic [6:0]          pfill_q;
  logic                flush_q;
  logic [6:0]          flush_n_q;
  logic [1023:0]       win;
  logic [7:0]          ptotal;
  logic                w_v, w_last, w_uend;
  logic [511:0]        w_data;
  logic [6:0]          w_n;
  logic                d_wready;
  assign win = {512'd0, acc_q} | ({512'd0, d2_y_q} << {pfill_q, 3'd0});
  assign ptotal = {1'b0, pfill_q} + {1'b0, d2_k_q};
  always_comb begin
    w_v = 1'b0;
    w_last = 1'b0;
    w_uend = 1'b0;
    w_data = win[511:0];
    w_n = 7'd64;
    if (flush_q) begin
      w_v = 1'b1;
      w_last = 1'b1;
      w_uend = d2_uend_q;
      w_data = acc_q;
      w_n = flush_n_q;
    end else if (d2_v_q) begin
      if (ptotal > 8'd64) begin
        w_v = 1'b1;
      end else if (d2_end_q) begin
        w_v = 1'b1;
        w_last = 1'b1;
        w_uend = d2_uend_q;
        w_n = ptotal[6:0];
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      acc_q <= '0;
      pfill_q <= '0;
      flush_q <= 1'b0;
    end else if (flush_q) begin
      acc_q <= '0;
      pfill_q <= '0;
      flush_q <= 1'b0;
    end else if (d2_v_q) begin
      if (ptotal > 8'd64) begin
        acc_q <= win[1023:512];
        pfill_q <= 7'(ptotal - 8'd64);
        flush_q <= d2_end_q;
        flush_n_q <= 7'(ptotal - 8'd64);
      end else if (d2_end_q) begin
        acc_q <= '0;
        pfill_q <= '0;
      end else begin
        acc_q <= win[511:0];
        pfill_q <= ptotal[6:0];
      end
    end
  end

  logic [DW-1:0] d_rdata;
  logic          d_rvalid;
  wn_fifo #(
      .Width(DW),
      .Depth(FifoDepth)
  ) u_data (
      .clk_i,
      .rst_i,
      .wdata_i ({w_data, w_n, w_last, d2_len_q, d2_off_q, w_uend, d2_tag_q}),
      .wvalid_i(w_v),
      .wready_o(d_wready),
      .rdata_o (d_rdata),
      .rvalid_o(d_rvalid),
      .rready_i(m_tready_i),
      .count_o (d_count)
  );
  logic [6:0] o_n;
  assign {m_tdata_o, o_n, m_tlast_o, m_len_o, m_off_o, m_end_o, m_tag_o} = d_rdata;
  assign m_tvalid_o = d_rvalid;
  always_comb begin
    m_tkeep_o = {64{1'b1}};
    if (!o_n[6]) m_tkeep_o = (64'd1 << o_n[5:0]) - 64'd1;
  end

  // ==================================================================
  // CRC, status records, context out
  // ==================================================================
  // user: {segment end, record, length error, crc_en, covered bytes end
  //        here, register from the piece where they ended, length, CRC
  //        field, tag, next context (off, len, rcrc, begun, phase,
  //        crc_en, mark_en, err)}
  localparam int UW = 6 + 16 + 32 + TagWidth + 16 + 16 + 32 + 1 + 9 + 3;
  logic [UW-1:0]       cu_in, cu_out;
  logic                cv;
  logic [31:0]         c_state, c_crc;
  logic                r_seg, r_rec, r_err, r_crc_en, r_cov, r_fin;
  logic [31:0]         fin_crc_q, reg_final;
  logic [15:0]         r_len;
  logic [31:0]         r_rcrc;
  logic [TagWidth-1:0] r_tag;
  logic [15:0]         x_off, x_len;
  logic [31:0]         x_rcrc;
  logic [8:0]          x_ph;
  logic                x_crc_en, x_mark_en, x_err, x_begun;
  assign cu_in = {seg_end, done || err_new, err_new, c_crc_en, cov_here, use_fin, len_now,
                  rcrc_new, c_tag,
                  n_off, n_len, n_rcrc, n_begun, n_ph, c_crc_en, c_mark, n_err};
  wn_crc32c #(
      .UserWidth(UW)
  ) u_crc (
      .clk_i,
      .rst_i,
      .valid_i(issue),
      .data_i (s_tdata_i),
      .lo_i   (pos_q),
      .hi_i   (crc_hi[6:0]),
      .first_i(crc_first),
      .init_i (crc_init),
      .last_i (crc_last),
      .user_i (cu_in),
      .valid_o(cv),
      .state_o(c_state),
      .crc_o  (c_crc),
      .user_o (cu_out)
  );
  assign {r_seg, r_rec, r_err, r_crc_en, r_cov, r_fin, r_len, r_rcrc, r_tag,
          x_off, x_len, x_rcrc, x_begun, x_ph, x_crc_en, x_mark_en, x_err} = cu_out;
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
      if (w_v && !d_wready) $error("wn_mpa_rx: data FIFO overrun");
      if (cv && r_rec && !s_wready) $error("wn_mpa_rx: status FIFO overrun");
      if (flush_q && d2_v_q) $error("wn_mpa_rx: packer flush collides with a piece");
    end
  end
`endif

  logic unused;
  assign unused = ^{d_count, s_count, u_hi[10:6], pm[10:6], crc_hi[10:7], p0[10:6], p1[10:6],
                    cons, c_crc, ue[16:7], us[16:7], cpos[10:7], rpos};
endmodule
