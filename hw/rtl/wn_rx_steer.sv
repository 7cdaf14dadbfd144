// wn_rx_steer: the receive classifier: every frame from the MAC is
// filtered by its destination address and steered, whole, to one of
//
//   m_tcp   TCP segments to the port's IPv4 address (wn_tcp_engine);
//   m_exc   exception-path frames for the firmware (wn_fw_rx), as
//           EXC_FILTER selects: ARP (bit 0), ICMP to the port's IPv4
//           address (bit 1);
//   m_raw   the rest, for the raw receive queues (wn_raw_rq);
//
// or dropped when the destination filter refuses it: a frame passes when
// it is addressed to the port's MAC, or RX_FILTER lets it through
// (promiscuous: bit 0; broadcast: bit 1; other group addresses: bit 2),
// and receive is enabled. With no IPv4 address (0) no frame is TCP or
// ICMP to it.
//
// The decision is taken at a frame's first beat, from the destination MAC
// (bytes 0-5), the EtherType (bytes 12-13), the IPv4 protocol (byte 23)
// and destination address (bytes 30-33), and holds for its later beats.
// The outputs are the beats' tvalid for each destination (the data,
// tkeep, tlast and tuser go to every destination as they are): no
// backpressure, no added latency.
//
// Counters, at a frame's last beat: an FCS error (tuser) of a frame that
// passed the filter; a frame the filter refused.
// Reset: the next beat starts a frame.
module wn_rx_steer (
    input  logic          clk_i,
    input  logic          rst_i,
    input  logic          rx_enable_i,
    input  logic [47:0]   mac_i,
    input  logic [2:0]    rx_filter_i,
    input  logic [31:0]   ipv4_i,
    input  logic [1:0]    exc_filter_i,
    // Ethernet RX
    input  logic [511:0]  s_axis_rx_tdata_i,
    input  logic          s_axis_rx_tlast_i,
    input  logic          s_axis_rx_tuser_i,
    input  logic          s_axis_rx_tvalid_i,
    // the beats of each destination's frames
    output logic          m_tcp_tvalid_o,
    output logic          m_exc_tvalid_o,
    output logic          m_raw_tvalid_o,
    // counter pulses
    output logic          cnt_fcs_err_o,
    output logic          cnt_drop_filter_o
);
  logic        in_frame_q;  // a frame is being received
  logic        sof, pass;
  logic [47:0] dst;
  assign sof = s_axis_rx_tvalid_i && !in_frame_q;
  assign dst = {s_axis_rx_tdata_i[7:0], s_axis_rx_tdata_i[15:8], s_axis_rx_tdata_i[23:16],
                s_axis_rx_tdata_i[31:24], s_axis_rx_tdata_i[39:32], s_axis_rx_tdata_i[47:40]};

  always_comb begin
    pass = 1'b0;
    if (rx_filter_i[0]) pass = 1'b1;                                   // promiscuous
    if (dst == mac_i) pass = 1'b1;
    if (rx_filter_i[1] && dst == 48'hffff_ffff_ffff) pass = 1'b1;      // broadcast
    if (rx_filter_i[2] && dst[40] && dst != 48'hffff_ffff_ffff) pass = 1'b1;  // group
    if (!rx_enable_i) pass = 1'b0;
  end

  // classification on the first beat: EtherType at bytes 12-13, IPv4
  // protocol at byte 23, destination address at bytes 30-33
  logic [15:0] ethertype;
  logic [31:0] dst_ip;
  logic        is_exc, is_tcp, cur_exc, cur_tcp, cur_keep, f_exc_q, f_tcp_q, f_keep_q, eof;
  assign ethertype = {s_axis_rx_tdata_i[103:96], s_axis_rx_tdata_i[111:104]};
  assign dst_ip = {s_axis_rx_tdata_i[247:240], s_axis_rx_tdata_i[255:248],
                   s_axis_rx_tdata_i[263:256], s_axis_rx_tdata_i[271:264]};
  assign is_exc = (exc_filter_i[0] && ethertype == 16'(wn_abi_pkg::ETHER_TYPE_ARP)) ||
                  (exc_filter_i[1] && ethertype == 16'(wn_abi_pkg::ETHER_TYPE_IPV4) &&
                   s_axis_rx_tdata_i[191:184] == 8'(wn_abi_pkg::IP_PROTOCOL_ICMP) &&
                   ipv4_i != 32'd0 && dst_ip == ipv4_i);
  assign is_tcp = ethertype == 16'(wn_abi_pkg::ETHER_TYPE_IPV4) &&
                  s_axis_rx_tdata_i[191:184] == 8'(wn_abi_pkg::IP_PROTOCOL_TCP) &&
                  ipv4_i != 32'd0 && dst_ip == ipv4_i;
  assign cur_exc = sof ? (pass && is_exc) : f_exc_q;
  assign cur_tcp = sof ? (pass && is_tcp) : f_tcp_q;
  assign cur_keep = sof ? (pass && !is_exc && !is_tcp) : f_keep_q;
  assign m_exc_tvalid_o = s_axis_rx_tvalid_i && cur_exc;
  assign m_tcp_tvalid_o = s_axis_rx_tvalid_i && cur_tcp;
  assign m_raw_tvalid_o = s_axis_rx_tvalid_i && cur_keep;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      in_frame_q <= 1'b0;
      f_keep_q <= 1'b0;
      f_exc_q <= 1'b0;
      f_tcp_q <= 1'b0;
    end else if (s_axis_rx_tvalid_i) begin
      in_frame_q <= !s_axis_rx_tlast_i;
      f_keep_q <= cur_keep;
      f_exc_q <= cur_exc;
      f_tcp_q <= cur_tcp;
    end
  end

  assign eof = s_axis_rx_tvalid_i && s_axis_rx_tlast_i;
  assign cnt_fcs_err_o = eof && (cur_keep || cur_exc || cur_tcp) && s_axis_rx_tuser_i;
  assign cnt_drop_filter_o = eof && !cur_keep && !cur_exc && !cur_tcp;

  // the bytes the decision does not read
  logic unused;
  assign unused = ^{s_axis_rx_tdata_i[511:272], s_axis_rx_tdata_i[239:192],
                    s_axis_rx_tdata_i[183:112], s_axis_rx_tdata_i[95:48]};
endmodule
