// wn_tcp_tx_seg: the TCP engine's segment transmitter. For each segment
// request it reads the payload from host memory by DMA, sums it, builds the
// Ethernet/IPv4/TCP header (wn_tcp_tx_hdr, no options) and sends header and
// payload to the MAC, store and forward. A retransmission is a request like
// any other: the payload is read again from the host's send buffer.
//
// Pipeline (all in request order):
//   issue    a request is accepted when the TX buffer has room for its
//            payload (ceil(len/64) beats, reserved at once), a segment
//            record and a read record are free. The payload is the two
//            pieces len0@addr0 then len1@addr1 (the host's circular send
//            buffer may wrap); each piece is read in chunks that never
//            cross a 4 KiB host address boundary (DMA_MAX_READ), one
//            chunk request per cycle, many segments' reads in flight.
//   write    the in-order responses are packed into the TX buffer as one
//            contiguous byte stream per segment starting at a beat boundary
//            (each chunk continues at the byte where the previous one
//            ended, any alignment; bytes past the payload zero). A refused
//            read (one beat with `rd_err_i`, `rd_last_i`) marks the segment
//            bad; its later responses are taken and dropped, the unwritten
//            part of its reservation is returned.
//   sum      the 16-bit ones-complement sum of each buffer beat's 32
//            big-endian words (beat k of a segment starts at payload byte
//            64k, even, so an odd total length pads the last byte with the
//            zero that follows it), accumulated per segment.
//   header   wn_tcp_tx_hdr builds the 54 header bytes with both checksums
//            from the segment record and the payload sum.
//   output   header bytes 0-53 and the buffer stream shifted by 54 bytes;
//            a bad segment's buffer beats are drained and no frame is sent.
//
// Frame on m_t* (no FCS; byte 0 in bits 7:0 of the first beat; tkeep all
// ones except on the last beat):
//
//   byte     field
//   0-5      destination MAC (dst_mac_i, bits 47:40 first)
//   6-11     source MAC (src_mac_i)
//   12-13    EtherType 0x0800
//   14       0x45 (IPv4, IHL 5)       15  DSCP/ECN 0
//   16-17    total length 40 + len    18-19  identification (ip_id_i)
//   20-21    0x4000 (DF)              22  TTL (ttl_i)   23  protocol 6
//   24-25    IPv4 header checksum
//   26-29    source IP (src_ip_i)     30-33  destination IP (dst_ip_i)
//   34-35    source port              36-37  destination port
//   38-41    sequence number (seq_i)  42-45  acknowledgment number (ack_i)
//   46       0x50 (data offset 5)     47  flags (flags_i)
//   48-49    window (window_i)        50-51  TCP checksum (pseudo-header,
//                                            header and payload)
//   52-53    urgent pointer 0
//   54-      payload: len0 bytes from addr0, then len1 bytes from addr1
//            (frames below 60 bytes are padded with zeros to 60; the IPv4
//            total length is not changed)
//
// Done reports: one per request, in request order, a one-cycle pulse on
// `done_valid_o` with no backpressure (the consumer must take one report
// per cycle): `done_err_o` 0 after the frame's last beat was accepted, 1
// when a read of the payload was refused (nothing was sent for it).
// `cnt_seg_o` pulses with each frame sent, `cnt_err_o` with each bad one.
//
// Latency: the first frame beat leaves 5 cycles after the segment's last
// payload beat is taken from the DMA port; with an empty pipeline and a
// read latency of L cycles (request accepted to first response beat), a
// 1460-byte segment starts L + 28 cycles after its request is accepted
// (153 at L = 125: 500 ns + 112 ns), a segment without payload 6 cycles.
// Throughput: one request per cycle without payload (one 60-byte frame per
// cycle out), one per (1 + chunks) cycles with; `seg_ready_o` depends on
// len0_i/len1_i (the room to reserve). One response beat per cycle taken
// (a cycle more at the end of a segment whose last response beat leaves
// bytes for a second buffer beat); one beat per cycle out, back to back across frames (no idle beat
// between frames). With 1460-byte payloads a frame is 24 beats out for 23
// beats in, so with enough reads in flight the output runs at one beat per
// cycle: measured 1.000 beats/cycle with 125-cycle reads and a 32 KiB
// buffer (sim/modtest), 10.4 M frames/s of 1514 bytes = 128 Gb/s of
// 100 GbE wire time (with preamble, IFG and FCS), so the line is the limit.
//
// Reset clears the pipeline's control state (never reset with reads in
// flight). Parameters: MaxPayload 1..9000 bytes (len0 + len1, checked in
// simulation); BufBeats (TX buffer, 64-byte beats) a power of two, at least
// 64 and at least twice the beats of MaxPayload (default 1024 = 64 KiB);
// MaxSegs (segment records: segments between request and header) a power
// of two 2..256; MaxReads (read records: chunk reads outstanding) a power of
// two 2..256.
module wn_tcp_tx_seg #(
    parameter int MaxPayload = 9000,
    parameter int BufBeats = 1024,
    parameter int MaxSegs = 32,
    parameter int MaxReads = 64
) (
    input  logic         clk_i,
    input  logic         rst_i,
    // segment requests
    input  logic         seg_valid_i,
    output logic         seg_ready_o,
    input  logic [47:0]  dst_mac_i,
    input  logic [47:0]  src_mac_i,
    input  logic [31:0]  src_ip_i,
    input  logic [31:0]  dst_ip_i,
    input  logic [15:0]  src_port_i,
    input  logic [15:0]  dst_port_i,
    input  logic [7:0]   ttl_i,
    input  logic [15:0]  ip_id_i,
    input  logic [31:0]  seq_i,
    input  logic [31:0]  ack_i,
    input  logic [7:0]   flags_i,
    input  logic [15:0]  window_i,
    input  logic [63:0]  addr0_i,
    input  logic [13:0]  len0_i,
    input  logic [63:0]  addr1_i,
    input  logic [13:0]  len1_i,
    input  logic [15:0]  tag_i,
    // DMA read requester (wn_dma_rd_mux port)
    output logic [63:0]  rd_addr_o,
    output logic [15:0]  rd_len_o,
    output logic         rd_valid_o,
    input  logic         rd_ready_i,
    input  logic [511:0] rd_data_i,
    input  logic         rd_err_i,
    input  logic         rd_last_i,
    input  logic         rd_valid_i,
    output logic         rd_ready_o,
    // frames to the MAC
    output logic [511:0] m_tdata_o,
    output logic [63:0]  m_tkeep_o,
    output logic         m_tlast_o,
    output logic         m_tvalid_o,
    input  logic         m_tready_i,
    // done reports (no backpressure)
    output logic         done_valid_o,
    output logic [15:0]  done_tag_o,
    output logic         done_err_o,
    // counter pulses
    output logic         cnt_seg_o,
    output logic         cnt_err_o
);
  localparam int BW = $clog2(BufBeats);
  localparam int MaxBeats = (MaxPayload + 63) / 64;
  localparam int Page = wn_abi_pkg::DMA_MAX_READ;
  localparam int HdrBytes = 54;
  localparam int OutDepth = 4;
  // segment record: dst_mac, src_mac, src_ip, dst_ip, ports, ttl, ip_id,
  // seq, ack, flags, window, payload length, tag
  localparam int MW = 48 + 48 + 32 + 32 + 16 + 16 + 8 + 16 + 32 + 32 + 8 + 16 + 14 + 16;
  // read record: {no data, last of segment, chunk length[12:0], segment beats[7:0]}
  localparam int CW = 1 + 1 + 13 + 8;
  // payload record: {sum[15:0], bad, beats written[7:0]}
  localparam int PW = 16 + 1 + 8;
  // output record: {header[431:0], length[13:0], tag[15:0], bad, beats written[7:0]}
  localparam int OW = HdrBytes * 8 + 14 + 16 + 1 + 8;

  generate
    if (MaxPayload < 1 || MaxPayload > 9000) begin : g_bad_payload
      $fatal(1, "wn_tcp_tx_seg: MaxPayload must be 1..9000");
    end
    if (BufBeats < 64 || (1 << BW) != BufBeats || BufBeats < 2 * MaxBeats) begin : g_bad_buf
      $fatal(1, "wn_tcp_tx_seg: BufBeats must be a power of two >= 64 and >= 2 * ceil(MaxPayload / 64)");
    end
    if (MaxSegs < 2 || MaxSegs > 256 || (1 << $clog2(MaxSegs)) != MaxSegs) begin : g_bad_segs
      $fatal(1, "wn_tcp_tx_seg: MaxSegs must be a power of two 2..256");
    end
    if (MaxReads < 2 || MaxReads > 256 || (1 << $clog2(MaxReads)) != MaxReads) begin : g_bad_reads
      $fatal(1, "wn_tcp_tx_seg: MaxReads must be a power of two 2..256");
    end
    if (Page != 4096) begin : g_bad_page
      $fatal(1, "wn_tcp_tx_seg: DMA_MAX_READ must be 4096 (the host page)");
    end
  endgenerate

  // ------------------------------------------------------------------
  // Issue: accept requests, reserve buffer room, issue chunk reads
  // ------------------------------------------------------------------
  logic [14:0]   seg_len;
  logic [9:0]    seg_beats;
  logic          seg_room, seg_fire;
  logic [BW+1:0] res_q;           // beats reserved, not yet in the buffer
  logic [BW:0]   tbuf_count;
  logic          meta_wready, ck_wready;

  assign seg_len = {1'b0, len0_i} + {1'b0, len1_i};
  assign seg_beats = 10'((seg_len + 15'd63) >> 6);
  assign seg_room = (32'(res_q) + 32'(tbuf_count) + 32'(seg_beats)) <= BufBeats;

  logic          iss_busy_q;
  logic [63:0]   iss_addr_q;
  logic [13:0]   iss_rem_q;
  logic          iss_has1_q;
  logic [63:0]   iss_addr1_q;
  logic [13:0]   iss_len1_q;
  logic [7:0]    iss_beats_q;
  logic [12:0]   to_bound, chunk;
  logic          piece_last, iss_fire;

  assign seg_ready_o = !iss_busy_q && meta_wready && ck_wready && seg_room;
  assign seg_fire = seg_valid_i && seg_ready_o;

  assign to_bound = 13'(Page) - {1'b0, iss_addr_q[11:0]};
  assign chunk = ({1'b0, to_bound} < iss_rem_q) ? to_bound : iss_rem_q[12:0];
  assign piece_last = {1'b0, chunk} == iss_rem_q;

  assign rd_valid_o = iss_busy_q && ck_wready;
  assign rd_addr_o = iss_addr_q;
  assign rd_len_o = {3'd0, chunk};
  assign iss_fire = rd_valid_o && rd_ready_i;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      iss_busy_q <= 1'b0;
      iss_has1_q <= 1'b0;
    end else if (seg_fire && seg_len != 15'd0) begin
      iss_busy_q <= 1'b1;
      iss_has1_q <= (len0_i != 14'd0) && (len1_i != 14'd0);
    end else if (iss_fire && piece_last) begin
      if (iss_has1_q) iss_has1_q <= 1'b0;
      else iss_busy_q <= 1'b0;
    end
  end

  always_ff @(posedge clk_i) begin
    if (seg_fire) begin
      iss_addr_q <= (len0_i != 14'd0) ? addr0_i : addr1_i;
      iss_rem_q <= (len0_i != 14'd0) ? len0_i : len1_i;
      iss_addr1_q <= addr1_i;
      iss_len1_q <= len1_i;
      iss_beats_q <= seg_beats[7:0];
    end else if (iss_fire) begin
      if (piece_last) begin
        iss_addr_q <= iss_addr1_q;
        iss_rem_q <= iss_len1_q;
      end else begin
        iss_addr_q <= iss_addr_q + 64'(chunk);
        iss_rem_q <= iss_rem_q - {1'b0, chunk};
      end
    end
  end

  // segment records, in request order
  logic [MW-1:0] meta_rdata;
  logic          meta_rvalid, meta_pop;
  wn_fifo #(
      .Width(MW),
      .Depth(MaxSegs)
  ) u_meta (
      .clk_i,
      .rst_i,
      .wdata_i ({dst_mac_i, src_mac_i, src_ip_i, dst_ip_i, src_port_i, dst_port_i, ttl_i,
                 ip_id_i, seq_i, ack_i, flags_i, window_i, seg_len[13:0], tag_i}),
      .wvalid_i(seg_fire),
      .wready_o(meta_wready),
      .rdata_o (meta_rdata),
      .rvalid_o(meta_rvalid),
      .rready_i(meta_pop),
      .count_o (nc_meta_count)
  );

  // read records: one per chunk read, or one "no data" per empty segment
  logic          ck_push;
  logic [CW-1:0] ck_wdata, ck_rdata;
  logic          ck_rvalid, ck_pop;
  assign ck_push = iss_fire || (seg_fire && seg_len == 15'd0);
  assign ck_wdata = iss_fire ? {1'b0, piece_last && !iss_has1_q, chunk, iss_beats_q}
                             : {1'b1, 1'b1, 13'd0, 8'd0};
  wn_fifo #(
      .Width(CW),
      .Depth(MaxReads)
  ) u_reads (
      .clk_i,
      .rst_i,
      .wdata_i (ck_wdata),
      .wvalid_i(ck_push),
      .wready_o(ck_wready),
      .rdata_o (ck_rdata),
      .rvalid_o(ck_rvalid),
      .rready_i(ck_pop),
      .count_o (nc_ck_count)
  );

  // ------------------------------------------------------------------
  // Write: pack the responses into the buffer stream
  // ------------------------------------------------------------------
  logic          ck_nodata, ck_seg_last;
  logic [12:0]   ck_len;
  logic [7:0]    ck_beats;
  assign {ck_nodata, ck_seg_last, ck_len, ck_beats} = ck_rdata;

  logic [511:0]  acc_q, acc_d;     // bytes 0..fill-1 pending, the rest zero
  logic [5:0]    fill_q, fill_d;
  logic          flush_q, flush_d;
  logic [6:0]    cbeat_q, cbeat_d; // beat within the current chunk
  logic          bad_q, bad_d;
  logic [7:0]    wcnt_q, wcnt_d;   // beats written for the current segment
  logic [12:0]   crem;
  logic [6:0]    nbytes, total;
  logic          cbeat_end, beat;
  logic [63:0]   lmask;
  logic [511:0]  dmask;
  logic [1023:0] win;
  logic          w_wr, w_end, w_bad, seg_done;
  logic [511:0]  w_data;
  logic [7:0]    w_unres;

  assign crem = ck_len - {cbeat_q, 6'd0};
  assign nbytes = (crem >= 13'd64) ? 7'd64 : crem[6:0];
  assign cbeat_end = crem <= 13'd64;
  assign rd_ready_o = ck_rvalid && !ck_nodata && !flush_q;
  assign beat = rd_valid_i && rd_ready_o;
  assign lmask = nbytes[6] ? {64{1'b1}} : ((64'd1 << nbytes[5:0]) - 64'd1);
  always_comb begin
    for (int k = 0; k < 64; k++) dmask[k*8 +: 8] = lmask[k] ? rd_data_i[k*8 +: 8] : 8'd0;
  end
  assign win = {512'd0, acc_q} | ({512'd0, dmask} << {fill_q, 3'd0});
  assign total = {1'b0, fill_q} + nbytes;

  always_comb begin
    w_wr = 1'b0;
    w_data = win[511:0];
    w_end = 1'b0;
    w_bad = 1'b0;
    seg_done = 1'b0;
    ck_pop = 1'b0;
    acc_d = acc_q;
    fill_d = fill_q;
    flush_d = flush_q;
    cbeat_d = cbeat_q;
    bad_d = bad_q;
    if (flush_q) begin
      // the bytes left over by the segment's last response beat
      w_wr = 1'b1;
      w_data = acc_q;
      w_end = 1'b1;
      flush_d = 1'b0;
      seg_done = 1'b1;
    end else if (ck_rvalid && ck_nodata) begin
      ck_pop = 1'b1;
      w_end = 1'b1;
      seg_done = 1'b1;
    end else if (beat) begin
      if (rd_err_i || bad_q) begin
        bad_d = 1'b1;
        if (rd_last_i) begin
          ck_pop = 1'b1;
          cbeat_d = '0;
          if (ck_seg_last) begin
            w_end = 1'b1;
            w_bad = 1'b1;
            seg_done = 1'b1;
          end
        end
      end else begin
        if (total[6]) begin
          w_wr = 1'b1;
          acc_d = win[1023:512];
          fill_d = total[5:0];
          if (cbeat_end && ck_seg_last) begin
            if (total[5:0] != 6'd0) begin
              flush_d = 1'b1;
            end else begin
              w_end = 1'b1;
              seg_done = 1'b1;
            end
          end
        end else if (cbeat_end && ck_seg_last) begin
          w_wr = 1'b1;
          w_end = 1'b1;
          seg_done = 1'b1;
        end else begin
          acc_d = win[511:0];
          fill_d = total[5:0];
        end
        if (cbeat_end) begin
          ck_pop = 1'b1;
          cbeat_d = '0;
        end else begin
          cbeat_d = cbeat_q + 7'd1;
        end
      end
    end
    wcnt_d = wcnt_q + {7'd0, w_wr};
    if (seg_done) begin
      acc_d = '0;
      fill_d = '0;
      bad_d = 1'b0;
      wcnt_d = '0;
    end
  end
  // a bad segment returns the beats it reserved but did not write
  assign w_unres = w_bad ? (ck_beats - wcnt_q) : 8'd0;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      acc_q <= '0;
      fill_q <= '0;
      flush_q <= 1'b0;
      cbeat_q <= '0;
      bad_q <= 1'b0;
      wcnt_q <= '0;
    end else begin
      acc_q <= acc_d;
      fill_q <= fill_d;
      flush_q <= flush_d;
      cbeat_q <= cbeat_d;
      bad_q <= bad_d;
      wcnt_q <= wcnt_d;
    end
  end

  // P1: the buffer write (registered)
  logic          p1_wr_q, p1_end_q, p1_bad_q;
  logic [511:0]  p1_data_q;
  logic [7:0]    p1_w_q, p1_unres_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      p1_wr_q <= 1'b0;
      p1_end_q <= 1'b0;
    end else begin
      p1_wr_q <= w_wr;
      p1_end_q <= w_end;
    end
  end
  always_ff @(posedge clk_i) begin
    p1_data_q <= w_data;
    p1_bad_q <= w_bad;
    p1_w_q <= wcnt_q + {7'd0, w_wr};
    p1_unres_q <= w_unres;
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      res_q <= '0;
    end else begin
      res_q <= res_q + (seg_fire ? (BW + 2)'(seg_beats) : '0)
                     - (p1_wr_q ? (BW + 2)'(1) : '0)
                     - (p1_end_q ? (BW + 2)'(p1_unres_q) : '0);
    end
  end

  // the TX buffer: a FIFO of beats, room reserved per segment
  logic [511:0]  tbuf_rdata;
  logic          tbuf_wready, tbuf_rvalid, tbuf_pop;
  wn_fifo #(
      .Width(512),
      .Depth(BufBeats)
  ) u_tbuf (
      .clk_i,
      .rst_i,
      .wdata_i (p1_data_q),
      .wvalid_i(p1_wr_q),
      .wready_o(tbuf_wready),
      .rdata_o (tbuf_rdata),
      .rvalid_o(tbuf_rvalid),
      .rready_i(tbuf_pop),
      .count_o (tbuf_count)
  );

  // ------------------------------------------------------------------
  // Sum: per-beat partial sums (P2), per-segment accumulation
  // ------------------------------------------------------------------
  function automatic logic [15:0] fold(input logic [31:0] s);
    logic [31:0] t;
    t = {16'd0, s[15:0]} + {16'd0, s[31:16]};
    t = {16'd0, t[15:0]} + {16'd0, t[31:16]};
    fold = t[15:0];
  endfunction

  logic [20:0]   bsum;
  always_comb begin
    bsum = '0;
    // byte 2k is the high byte of big-endian word k
    for (int k = 0; k < 32; k++) bsum = bsum + {5'd0, p1_data_q[k*16 +: 8], p1_data_q[k*16+8 +: 8]};
  end

  logic          p2_end_q, p2_bad_q;
  logic [20:0]   p2_sum_q;
  logic [7:0]    p2_w_q;
  logic [31:0]   sum_q, sum_next;
  always_ff @(posedge clk_i) begin
    if (rst_i) p2_end_q <= 1'b0;
    else p2_end_q <= p1_end_q;
  end
  always_ff @(posedge clk_i) begin
    p2_sum_q <= p1_wr_q ? bsum : 21'd0;
    p2_bad_q <= p1_bad_q;
    p2_w_q <= p1_w_q;
  end
  assign sum_next = sum_q + {11'd0, p2_sum_q};
  always_ff @(posedge clk_i) begin
    if (rst_i || p2_end_q) sum_q <= '0;
    else sum_q <= sum_next;
  end

  // payload records: at most one per segment record, so never full
  logic [PW-1:0] pay_rdata;
  logic          pay_rvalid, pay_wready;
  wn_fifo #(
      .Width(PW),
      .Depth(MaxSegs)
  ) u_pay (
      .clk_i,
      .rst_i,
      .wdata_i ({fold(sum_next), p2_bad_q, p2_w_q}),
      .wvalid_i(p2_end_q),
      .wready_o(pay_wready),
      .rdata_o (pay_rdata),
      .rvalid_o(pay_rvalid),
      .rready_i(meta_pop),
      .count_o (nc_pay_count)
  );

  // ------------------------------------------------------------------
  // Header
  // ------------------------------------------------------------------
  logic [47:0]   m_dst_mac, m_src_mac;
  logic [31:0]   m_src_ip, m_dst_ip, m_seq, m_ack;
  logic [15:0]   m_src_port, m_dst_port, m_ip_id, m_window, m_tag;
  logic [7:0]    m_ttl, m_flags;
  logic [13:0]   m_len;
  assign {m_dst_mac, m_src_mac, m_src_ip, m_dst_ip, m_src_port, m_dst_port, m_ttl, m_ip_id,
          m_seq, m_ack, m_flags, m_window, m_len, m_tag} = meta_rdata;

  logic [15:0]   p_sum;
  logic          p_bad;
  logic [7:0]    p_w;
  assign {p_sum, p_bad, p_w} = pay_rdata;

  logic [$clog2(OutDepth):0] out_count;
  logic          hv_q;
  logic [13:0]   hv_len_q;
  logic [15:0]   hv_tag_q;
  logic          hv_bad_q;
  logic [7:0]    hv_w_q;
  logic [527:0]  hdr;

  assign meta_pop = pay_rvalid && meta_rvalid && ((32'(out_count) + 32'(hv_q)) < OutDepth);

  wn_tcp_tx_hdr u_hdr (
      .clk_i,
      .rst_i,
      .valid_i      (meta_pop),
      .dst_mac_i    (m_dst_mac),
      .src_mac_i    (m_src_mac),
      .src_ip_i     (m_src_ip),
      .dst_ip_i     (m_dst_ip),
      .src_port_i   (m_src_port),
      .dst_port_i   (m_dst_port),
      .ttl_i        (m_ttl),
      .ip_id_i      (m_ip_id),
      .seq_i        (m_seq),
      .ack_i        (m_ack),
      .flags_i      (m_flags),
      .window_i     (m_window),
      .opt_words_i  (2'd0),
      .opt_i        (96'd0),
      .payload_len_i(m_len),
      .payload_sum_i(p_sum),
      .hdr_o        (hdr)
  );

  always_ff @(posedge clk_i) begin
    if (rst_i) hv_q <= 1'b0;
    else hv_q <= meta_pop;
  end
  always_ff @(posedge clk_i) begin
    if (meta_pop) begin
      hv_len_q <= m_len;
      hv_tag_q <= m_tag;
      hv_bad_q <= p_bad;
      hv_w_q <= p_w;
    end
  end

  logic [OW-1:0] out_rdata;
  logic          out_rvalid, out_pop, out_wready;
  wn_fifo #(
      .Width(OW),
      .Depth(OutDepth)
  ) u_out (
      .clk_i,
      .rst_i,
      .wdata_i ({hdr[HdrBytes*8-1:0], hv_len_q, hv_tag_q, hv_bad_q, hv_w_q}),
      .wvalid_i(hv_q),
      .wready_o(out_wready),
      .rdata_o (out_rdata),
      .rvalid_o(out_rvalid),
      .rready_i(out_pop),
      .count_o (out_count)
  );

  // ------------------------------------------------------------------
  // Output
  // ------------------------------------------------------------------
  logic [HdrBytes*8-1:0] o_hdr;
  logic [13:0]   o_len, o_flen;
  logic [15:0]   o_tag;
  logic          o_bad;
  logic [7:0]    o_w, o_sbeats, o_beats;
  logic [7:0]    obeat_q;
  logic [HdrBytes*8-1:0] prev_q;  // bytes 10..63 of the last buffer beat sent
  logic          o_last, o_need, o_fire, o_drain, o_bad_done;

  assign {o_hdr, o_len, o_tag, o_bad, o_w} = out_rdata;
  assign o_sbeats = 8'((o_len + 14'd63) >> 6);
  assign o_flen = (o_len < 14'd6) ? 14'd60 : (o_len + 14'(HdrBytes));
  assign o_beats = 8'((o_flen + 14'd63) >> 6);
  assign o_last = (obeat_q + 8'd1) == o_beats;
  assign o_need = obeat_q < o_sbeats;

  assign m_tvalid_o = out_rvalid && !o_bad && (!o_need || tbuf_rvalid);
  assign m_tdata_o = {o_need ? tbuf_rdata[(64-HdrBytes)*8-1:0] : {(64 - HdrBytes) * 8{1'b0}},
                      (obeat_q == 8'd0) ? o_hdr : prev_q};
  assign m_tlast_o = o_last;
  always_comb begin
    m_tkeep_o = {64{1'b1}};
    if (o_last && (o_flen[5:0] != 6'd0)) m_tkeep_o = (64'd1 << o_flen[5:0]) - 64'd1;
  end

  assign o_fire = m_tvalid_o && m_tready_i;
  assign o_drain = out_rvalid && o_bad && (obeat_q < o_w) && tbuf_rvalid;
  assign o_bad_done = out_rvalid && o_bad && (obeat_q >= o_w);
  assign tbuf_pop = (o_fire && o_need) || o_drain;
  assign out_pop = (o_fire && o_last) || o_bad_done;

  always_ff @(posedge clk_i) begin
    if (rst_i) obeat_q <= '0;
    else if (out_pop) obeat_q <= '0;
    else if (o_fire || o_drain) obeat_q <= obeat_q + 8'd1;
  end
  always_ff @(posedge clk_i) begin
    if (tbuf_pop) prev_q <= tbuf_rdata[511:(64-HdrBytes)*8];
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      done_valid_o <= 1'b0;
      cnt_seg_o <= 1'b0;
      cnt_err_o <= 1'b0;
    end else begin
      done_valid_o <= out_pop;
      cnt_seg_o <= o_fire && o_last;
      cnt_err_o <= o_bad_done;
    end
  end
  always_ff @(posedge clk_i) begin
    if (out_pop) begin
      done_tag_o <= o_tag;
      done_err_o <= o_bad;
    end
  end

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (!rst_i) begin
      if (seg_fire && seg_len > 15'(MaxPayload))
        $error("wn_tcp_tx_seg: segment of %0d bytes, more than MaxPayload", seg_len);
      if (p1_wr_q && !tbuf_wready) $error("wn_tcp_tx_seg: TX buffer overrun");
      if (p2_end_q && !pay_wready) $error("wn_tcp_tx_seg: payload records overrun");
      if (hv_q && !out_wready) $error("wn_tcp_tx_seg: output records overrun");
      if (rd_valid_i && !ck_rvalid) $error("wn_tcp_tx_seg: read response with no read outstanding");
      if (beat && !rd_err_i && !bad_q && (rd_last_i != cbeat_end))
        $error("wn_tcp_tx_seg: read response of the wrong length");
      if (w_end && !w_bad && !flush_q && !ck_nodata && (wcnt_q + {7'd0, w_wr}) != ck_beats)
        $error("wn_tcp_tx_seg: segment wrote %0d beats, expected %0d", wcnt_q + {7'd0, w_wr}, ck_beats);
    end
  end
`endif

  // FIFO outputs this module does not need
  logic [$clog2(MaxSegs):0]  nc_meta_count;
  logic [$clog2(MaxReads):0] nc_ck_count;
  logic [$clog2(MaxSegs):0]  nc_pay_count;
  logic unused;
  assign unused = ^{nc_meta_count, nc_ck_count, nc_pay_count, hdr[527:HdrBytes*8], tbuf_wready,
                    pay_wready, out_wready, seg_beats[9:8]};
endmodule
