// wn_tcp_rx_parse: TCP/IPv4 header extraction and checksum verification at
// line rate, as a tap on the 512-bit receive stream (no backpressure).
//
// For every frame it reports, one cycle after the frame's last beat:
// - is_tcp: Ethernet II, IPv4 (version 4), protocol TCP, not a fragment;
// - ip_ok: IHL >= 5, the datagram (14 + total length) within the frame,
//   total length >= IHL*4 + 20, and the header checksum verifies
//   (RFC 791 §3.1);
// - tcp_ok: data offset >= 5 and within the datagram, and the checksum over
//   the pseudo-header, header and payload verifies (RFC 9293 §3.1); bytes
//   past the datagram (Ethernet padding) are not summed;
// - the 4-tuple, sequence and acknowledgment numbers, flags, window, the
//   TCP header length, and the payload's offset in the frame and length.
// Fixed-header fields come from the first two beats (the TCP header may
// start as late as byte 74); TCP options are left to the consumer (the
// firmware sees SYNs through the exception path).
//
// Frame (bytes): 0-13 Ethernet, 14.. IPv4 (IHL*4 bytes), then TCP.
// Throughput: one beat per cycle, back-to-back frames. Latency: the record
// is valid in the cycle after the last beat. Reset clears the frame state.
module wn_tcp_rx_parse (
    input  logic         clk_i,
    input  logic         rst_i,
    input  logic [511:0] s_tdata_i,
    input  logic [63:0]  s_tkeep_i,
    input  logic         s_tlast_i,
    input  logic         s_tuser_i,
    input  logic         s_tvalid_i,
    output logic         hdr_valid_o,
    output logic         is_tcp_o,
    output logic         ip_ok_o,
    output logic         tcp_ok_o,
    output logic         mac_err_o,
    output logic [31:0]  src_ip_o,
    output logic [31:0]  dst_ip_o,
    output logic [15:0]  src_port_o,
    output logic [15:0]  dst_port_o,
    output logic [31:0]  seq_o,
    output logic [31:0]  ack_o,
    output logic [7:0]   flags_o,
    output logic [15:0]  window_o,
    output logic [5:0]   tcp_hdr_len_o,
    output logic [13:0]  payload_off_o,
    output logic [13:0]  payload_len_o
);
  // ---- frame position
  logic         in_q;
  logic [7:0]   beat_q;
  logic [7:0]   beat;
  logic [511:0] b0_q;            // first beat
  logic [1023:0] hdr;            // first two beats, byte 0 in bits 7:0
  logic [6:0]   beat_bytes;
  logic [13:0]  len_q, len_next;
  assign beat = in_q ? beat_q : 8'd0;

  // Everything below that reads the beat is computed only for a valid
  // beat (every register it feeds loads only then), so a simulator skips
  // it in the cycles without one.
  always_comb begin
    beat_bytes = 7'd0;
    if (s_tvalid_i) begin
      for (int k = 0; k < 64; k++) begin
        if (s_tkeep_i[k]) beat_bytes = 7'(k + 1);
      end
    end
  end
  assign len_next = (in_q ? len_q : 14'd0) + {7'd0, beat_bytes};

  // the first two beats as one header window (beat 0 from the register
  // once it has passed)
  always_comb begin
    hdr = '0;
    if (s_tvalid_i) hdr = (beat == 8'd0) ? {512'd0, s_tdata_i} : {s_tdata_i, b0_q};
  end

  // ---- IPv4 fields (beat 0)
  logic [15:0] ethertype;
  logic [3:0]  version, ihl, ihl_q;
  logic [15:0] total_len, total_len_q;
  logic [7:0]  proto;
  logic        more_frags;
  logic [12:0] frag_off;
  logic [5:0]  ip_hdr_bytes;
  logic [6:0]  tcp_start, tcp_start_q;
  logic [14:0] ip_end, ip_end_q;       // 14 + total length
  assign ethertype = {hdr[12*8 +: 8], hdr[13*8 +: 8]};
  assign version = hdr[14*8+4 +: 4];
  assign ihl = (beat == 8'd0) ? hdr[14*8 +: 4] : ihl_q;
  assign total_len = (beat == 8'd0) ? {hdr[16*8 +: 8], hdr[17*8 +: 8]} : total_len_q;
  assign more_frags = hdr[20*8+5];
  assign frag_off = {hdr[20*8 +: 5], hdr[21*8 +: 8]};
  assign proto = hdr[23*8 +: 8];
  assign ip_hdr_bytes = {ihl, 2'b00};
  assign tcp_start = 7'd14 + {1'b0, ip_hdr_bytes};
  assign ip_end = 15'd14 + {1'b0, total_len[13:0]};

  // ---- per-beat ones-complement partial sums over byte ranges
  // sum of the 16-bit words at even frame offsets, bytes outside [lo, hi)
  // taken as zero
  function automatic logic [21:0] range_sum(input logic [511:0] d, input logic [7:0] b,
                                            input logic [14:0] lo, input logic [14:0] hi);
    logic [14:0] off;
    logic [7:0]  hb, lb;
    range_sum = 22'd0;
    for (int j = 0; j < 32; j++) begin
      off = 15'({b, 6'd0}) + 15'(2 * j);  // frame offset of word j
      hb = (off >= lo && off < hi) ? d[(2*j)*8 +: 8] : 8'd0;
      lb = ((off + 15'd1) >= lo && (off + 15'd1) < hi) ? d[(2*j+1)*8 +: 8] : 8'd0;
      range_sum = range_sum + {6'd0, hb, lb};
    end
  endfunction

  logic [14:0] ip_lo, ip_hi, tcp_lo, tcp_hi;
  assign ip_lo = 15'd14;
  assign ip_hi = 15'd14 + {9'd0, ip_hdr_bytes};
  assign tcp_lo = {8'd0, (beat == 8'd0) ? tcp_start : tcp_start_q};
  assign tcp_hi = (beat == 8'd0) ? ip_end : ip_end_q;

  logic [21:0] ip_part, tcp_part;
  always_comb begin
    ip_part = '0;
    tcp_part = '0;
    if (s_tvalid_i) begin
      ip_part = range_sum(s_tdata_i, beat, ip_lo, ip_hi);
      tcp_part = range_sum(s_tdata_i, beat, tcp_lo, tcp_hi);
    end
  end
  logic [31:0] ip_acc_q, tcp_acc_q, ip_acc, tcp_acc;
  assign ip_acc = (in_q ? ip_acc_q : 32'd0) + {10'd0, ip_part};
  assign tcp_acc = (in_q ? tcp_acc_q : 32'd0) + {10'd0, tcp_part};

  function automatic logic [15:0] fold(input logic [31:0] s);
    logic [31:0] t;
    t = {16'd0, s[15:0]} + {16'd0, s[31:16]};
    t = {16'd0, t[15:0]} + {16'd0, t[31:16]};
    fold = t[15:0];
  endfunction

  // ---- TCP fixed header from the two-beat window, at the TCP start
  logic [159:0] tcp_hdr;      // 20 bytes, byte 0 in bits 7:0
  always_comb begin
    tcp_hdr = '0;
    if (s_tvalid_i && beat == 8'd1) begin
      for (int k = 0; k < 20; k++) tcp_hdr[k*8 +: 8] = hdr[(32'(tcp_start_q) + k)*8 +: 8];
    end
  end

  // ---- frame state
  logic ipv4_q, tcp_proto_q, frag_q, version_ok_q;
  logic [31:0] src_ip_q, dst_ip_q;
  logic [159:0] th_q;
  logic eof;
  assign eof = s_tvalid_i && s_tlast_i;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      in_q <= 1'b0;
      beat_q <= '0;
      len_q <= '0;
      hdr_valid_o <= 1'b0;
    end else begin
      hdr_valid_o <= 1'b0;
      if (s_tvalid_i) begin
        in_q <= !s_tlast_i;
        beat_q <= s_tlast_i ? 8'd0 : beat + 8'd1;
        len_q <= len_next;
        hdr_valid_o <= s_tlast_i;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (s_tvalid_i) begin
      ip_acc_q <= ip_acc;
      tcp_acc_q <= tcp_acc;
      if (beat == 8'd0) begin
        b0_q <= s_tdata_i;
        ihl_q <= ihl;
        total_len_q <= total_len;
        tcp_start_q <= tcp_start;
        ip_end_q <= ip_end;
        ipv4_q <= ethertype == 16'(wn_abi_pkg::ETHER_TYPE_IPV4);
        version_ok_q <= version == 4'd4;
        tcp_proto_q <= proto == 8'(wn_abi_pkg::IP_PROTOCOL_TCP);
        frag_q <= more_frags || frag_off != 13'd0;
        src_ip_q <= {hdr[26*8 +: 8], hdr[27*8 +: 8], hdr[28*8 +: 8], hdr[29*8 +: 8]};
        dst_ip_q <= {hdr[30*8 +: 8], hdr[31*8 +: 8], hdr[32*8 +: 8], hdr[33*8 +: 8]};
      end
    end
  end

  // the TCP fixed header, once both beats are known (or at a one-beat end)
  logic [159:0] th_now;
  always_comb begin
    th_now = '0;
    if (s_tvalid_i && beat == 8'd0) begin
      for (int k = 0; k < 20; k++) th_now[k*8 +: 8] = hdr[(32'(tcp_start) + k)*8 +: 8];
    end
  end
  logic [159:0] th_pick;
  // in beat 0, the header window is this beat; in beat 1, beats 0 and 1
  always_ff @(posedge clk_i) begin
    if (s_tvalid_i && (beat == 8'd0 || beat == 8'd1)) th_q <= (beat == 8'd0) ? th_now : tcp_hdr;
  end
  assign th_pick = th_q;

  // the record, from the values registered at the last beat
  logic [31:0] ip_sum_q, tcp_sum_q;
  logic [13:0] flen_q;
  always_ff @(posedge clk_i) begin
    if (eof) begin
      ip_sum_q <= ip_acc;
      tcp_sum_q <= tcp_acc;
      flen_q <= len_next;
      mac_err_o <= s_tuser_i;
    end
  end

  logic [3:0]  doff;
  logic [15:0] tcp_len;
  logic [31:0] pseudo;
  assign doff = th_pick[12*8+4 +: 4];
  assign tcp_len = total_len_q - {10'd0, ihl_q, 2'b00};
  assign pseudo = {16'd0, src_ip_q[31:16]} + {16'd0, src_ip_q[15:0]} + {16'd0, dst_ip_q[31:16]} +
                  {16'd0, dst_ip_q[15:0]} + 32'(wn_abi_pkg::IP_PROTOCOL_TCP) + {16'd0, tcp_len};

  assign is_tcp_o = ipv4_q && version_ok_q && tcp_proto_q && !frag_q;
  assign ip_ok_o = (ihl_q >= 4'd5) && ({1'b0, ip_end_q} <= {1'b0, flen_q} + 15'd0) &&
                   (total_len_q >= {10'd0, ihl_q, 2'b00} + 16'd20) && (fold(ip_sum_q) == 16'hffff);
  assign tcp_ok_o = (doff >= 4'd5) && ({10'd0, doff, 2'b00} <= tcp_len) &&
                    (fold(tcp_sum_q + pseudo) == 16'hffff);
  assign src_ip_o = src_ip_q;
  assign dst_ip_o = dst_ip_q;
  assign src_port_o = {th_pick[7:0], th_pick[15:8]};
  assign dst_port_o = {th_pick[23:16], th_pick[31:24]};
  assign seq_o = {th_pick[39:32], th_pick[47:40], th_pick[55:48], th_pick[63:56]};
  assign ack_o = {th_pick[71:64], th_pick[79:72], th_pick[87:80], th_pick[95:88]};
  assign flags_o = th_pick[13*8 +: 8];
  assign window_o = {th_pick[119:112], th_pick[127:120]};
  assign tcp_hdr_len_o = {doff, 2'b00};
  assign payload_off_o = {7'd0, tcp_start_q} + {8'd0, doff, 2'b00};
  assign payload_len_o = tcp_len[13:0] - {8'd0, doff, 2'b00};

  logic unused;
  assign unused = ^{th_pick[159:128], th_pick[99:96], flen_q[13], total_len[15:14], ip_end[14], tcp_len[15:14]};
endmodule
