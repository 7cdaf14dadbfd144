// wn_tcp_tx_hdr: builds the header of a TCP/IPv4 segment (Ethernet II,
// IPv4 without options, TCP with no options or with 8 or 12 option bytes)
// with both checksums, as one pipeline stage.
//
// The payload is not seen here: the transmit path sums it while it reads it
// from host memory and passes `payload_sum_i`, the 16-bit ones-complement
// sum of the payload's 16-bit big-endian words (an odd last byte padded
// with zero), which the TCP checksum covers with the pseudo-header and the
// header (RFC 9293 §3.1). The IPv4 header carries DF and the given TTL,
// DSCP/ECN zero (RFC 791 §3.1).
//
// Header (bytes, `hdr_o` byte 0 in bits 7:0): 0-5 destination MAC, 6-11
// source MAC, 12-13 0x0800, 14-33 IPv4, 34-53 TCP (data offset 5), then
// `opt_words_i` 32-bit words of options from `opt_i` (0, 2 or 3: data
// offset 5, 7 or 8; byte 54 is bits 95:88 of `opt_i`, e.g. MSS, NOP and
// window scale, NOP NOP and SACK-permitted in a SYN, or NOP NOP and one
// SACK block in an ACK). Bytes after the options are zero. With 12 option
// bytes the header is 66 bytes: bytes 64-65 are bits 527:512 of `hdr_o`.
// `valid_i` says the inputs carry a header: `hdr_o` is that header one
// cycle later and holds it until the next one (the sums are computed only
// then). Latency: one cycle (registered); one header per cycle.
module wn_tcp_tx_hdr (
    input  logic         clk_i,
    input  logic         rst_i,
    input  logic         valid_i,
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
    input  logic [1:0]   opt_words_i,
    input  logic [95:0]  opt_i,
    input  logic [13:0]  payload_len_i,
    input  logic [15:0]  payload_sum_i,
    output logic [527:0] hdr_o
);
  // ones-complement sum of 16-bit words, folded
  function automatic logic [15:0] fold(input logic [31:0] s);
    logic [31:0] t;
    t = {16'd0, s[15:0]} + {16'd0, s[31:16]};
    t = {16'd0, t[15:0]} + {16'd0, t[31:16]};
    fold = t[15:0];
  endfunction

  logic [15:0] total_len, tcp_len, ip_csum, tcp_csum, opt_bytes;
  logic [31:0] ip_sum, tcp_sum, opt_sum;
  logic [95:0] opt;
  logic [7:0]  offset;
  logic [527:0] wire_hdr;   // the header in wire order: byte 0 in bits 527:520
  always_comb begin
    opt = 96'd0;
    opt_bytes = 16'd0;
    offset = 8'd0;
    opt_sum = 32'd0;
    total_len = 16'd0;
    tcp_len = 16'd0;
    ip_sum = 32'd0;
    ip_csum = 16'd0;
    tcp_sum = 32'd0;
    tcp_csum = 16'd0;
    wire_hdr = '0;
    if (valid_i) begin
      unique case (opt_words_i)
        2'd2: opt = {opt_i[95:32], 32'd0};
        2'd3: opt = opt_i;
        default: opt = 96'd0;
      endcase
      opt_bytes = (opt_words_i == 2'd3) ? 16'd12 : (opt_words_i == 2'd2) ? 16'd8 : 16'd0;
      offset = {4'd5 + opt_bytes[5:2], 4'd0};
      opt_sum = {16'd0, opt[95:80]} + {16'd0, opt[79:64]} + {16'd0, opt[63:48]} +
                {16'd0, opt[47:32]} + {16'd0, opt[31:16]} + {16'd0, opt[15:0]};
      total_len = 16'd40 + opt_bytes + {2'd0, payload_len_i};
      tcp_len = 16'd20 + opt_bytes + {2'd0, payload_len_i};
      // IPv4 header words: 4500, total length, id, 4000 (DF), ttl|6, 0,
      // addresses
      ip_sum = 32'h4500 + {16'd0, total_len} + {16'd0, ip_id_i} + 32'h4000 +
               {16'd0, ttl_i, 8'(wn_abi_pkg::IP_PROTOCOL_TCP)} +
               {16'd0, src_ip_i[31:16]} + {16'd0, src_ip_i[15:0]} +
               {16'd0, dst_ip_i[31:16]} + {16'd0, dst_ip_i[15:0]};
      ip_csum = ~fold(ip_sum);
      // pseudo-header, TCP header (checksum and urgent zero), options,
      // payload
      tcp_sum = {16'd0, src_ip_i[31:16]} + {16'd0, src_ip_i[15:0]} +
                {16'd0, dst_ip_i[31:16]} + {16'd0, dst_ip_i[15:0]} +
                32'(wn_abi_pkg::IP_PROTOCOL_TCP) + {16'd0, tcp_len} +
                {16'd0, src_port_i} + {16'd0, dst_port_i} +
                {16'd0, seq_i[31:16]} + {16'd0, seq_i[15:0]} +
                {16'd0, ack_i[31:16]} + {16'd0, ack_i[15:0]} +
                {16'd0, offset, flags_i} + {16'd0, window_i} + {16'd0, payload_sum_i} +
                opt_sum;
      tcp_csum = ~fold(tcp_sum);
      wire_hdr = {dst_mac_i, src_mac_i, 16'(wn_abi_pkg::ETHER_TYPE_IPV4),
                  8'h45, 8'h00, total_len, ip_id_i, 16'h4000, ttl_i,
                  8'(wn_abi_pkg::IP_PROTOCOL_TCP), ip_csum, src_ip_i, dst_ip_i,
                  src_port_i, dst_port_i, seq_i, ack_i, offset, flags_i, window_i,
                  tcp_csum, 16'h0000, opt};
    end
  end

  // byte-reversed onto the bus
  always_ff @(posedge clk_i) begin
    if (valid_i) begin
      for (int k = 0; k < 66; k++) hdr_o[k*8 +: 8] <= wire_hdr[(65-k)*8 +: 8];
    end
  end

  logic unused;
  assign unused = rst_i;
endmodule
