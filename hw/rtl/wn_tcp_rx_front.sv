// wn_tcp_rx_front: the receive front of the TCP engine (wn_tcp_engine):
// a parse tap on the segments to the port's address, admission, and the
// two record queues the FSM (wn_tcp_fsm) takes its segments from.
//
// wn_tcp_rx_parse checks both checksums on the fly; a segment becomes a
// record (wn_tcp_pkg::rec_t: addresses, ports, sequence numbers, flags,
// window, source MAC and the first 40 option bytes, captured here) in a
// 32-entry queue, or, for a SYN without ACK (new-connection work), in a
// 32-entry SYN queue of its own. A record whose checksums failed (or
// whose frame the MAC flagged) is queued with ok clear, so that its
// verdict still comes in order.
//
// Admission: a frame is taken whole or not at all, decided at its first
// beat. A frame other than a SYN without ACK is taken when its record
// queue has room for it and the frames still in the parser, and room_i
// says the rest of the engine can take one more frame (a verdict slot,
// placement buffer room, a completion slot); its beats go on to
// m_place_tvalid_o (wn_tcp_rx_data holds the frame until its verdict). A
// SYN without ACK (its flags are in the first beat, byte 27 + 4 * IHL for
// an IPv4 header of 20 to 36 bytes) takes none of these: it goes to the
// SYN queue, never to placement (no payload of a SYN without ACK is ever
// placed), and is refused when that queue is full, so a SYN flood neither
// crowds out nor waits in front of the segments of established
// connections. Frames refused, and records that find no room, count as
// drops (cnt_drop_o).
//
// SYN pace (a token bucket): the FSM takes a SYN record only while
// syn_go_o says one waits and a token is there; syn_start_i spends one.
// A token comes every SynCycles cycles, at most SynBurst are saved.
//
// Stream: s_rx is the MAC's receive stream (512 bits, byte 0 in bits
// 7:0), tvalid only on the beats of TCP segments to the port's address,
// no backpressure.
//
// Latency: a record is queued the cycle after the parser reports (one
// cycle after the frame's last beat). Throughput: one beat per cycle.
// Reset clears the queues and fills the SYN pacer (SynBurst tokens).
// Parameters: SynCycles 2..65536; SynBurst 1..31.
module wn_tcp_rx_front #(
    parameter int SynCycles = 128,
    parameter int SynBurst  = 8
) (
    input  logic                 clk_i,
    input  logic                 rst_i,
    // TCP segments to the port's address
    input  logic [511:0]         s_rx_tdata_i,
    input  logic [63:0]          s_rx_tkeep_i,
    input  logic                 s_rx_tlast_i,
    input  logic                 s_rx_tuser_i,
    input  logic                 s_rx_tvalid_i,
    // the beats of the frames taken (SYNs without ACK aside), to placement
    input  logic                 room_i,
    output logic                 m_place_tvalid_o,
    // segment records
    output wn_tcp_pkg::rec_t     rec_o,
    output logic                 rec_valid_o,
    input  logic                 rec_pop_i,
    // SYN-without-ACK records, at the pacer's rate
    output wn_tcp_pkg::rec_t     syn_o,
    output logic                 syn_go_o,
    input  logic                 syn_pop_i,
    input  logic                 syn_start_i,
    // counter pulses: a TCP segment parsed, one with a bad checksum or
    // MAC error, a frame or record dropped for want of room
    output logic                 cnt_seg_o,
    output logic                 cnt_bad_o,
    output logic                 cnt_drop_o
);
  generate
    if (SynCycles < 2 || SynCycles > 65536 || SynBurst < 1 || SynBurst > 31) begin : g_bad_s
      $fatal(1, "wn_tcp_rx_front: SynCycles must be 2..65536 and SynBurst 1..31");
    end
  endgenerate

  // ------------------------------------------------------------------
  // parse tap
  logic        p_valid, p_tcp, p_ip_ok, p_tcp_ok, p_mac_err;
  logic [31:0] p_src_ip, p_dst_ip, p_seq, p_ack;
  logic [15:0] p_sport, p_dport, p_win;
  logic [7:0]  p_flags;
  logic [5:0]  p_hlen;
  logic [13:0] p_poff, p_plen;
  logic        rx_go;
  wn_tcp_rx_parse u_parse (
      .clk_i,
      .rst_i,
      .s_tdata_i    (s_rx_tdata_i),
      .s_tkeep_i    (s_rx_tkeep_i),
      .s_tlast_i    (s_rx_tlast_i),
      .s_tuser_i    (s_rx_tuser_i),
      .s_tvalid_i   (rx_go),
      .hdr_valid_o  (p_valid),
      .is_tcp_o     (p_tcp),
      .ip_ok_o      (p_ip_ok),
      .tcp_ok_o     (p_tcp_ok),
      .mac_err_o    (p_mac_err),
      .src_ip_o     (p_src_ip),
      .dst_ip_o     (p_dst_ip),
      .src_port_o   (p_sport),
      .dst_port_o   (p_dport),
      .seq_o        (p_seq),
      .ack_o        (p_ack),
      .flags_o      (p_flags),
      .window_o     (p_win),
      .tcp_hdr_len_o(p_hlen),
      .payload_off_o(p_poff),
      .payload_len_o(p_plen)
  );

  // ------------------------------------------------------------------
  // admission (the rest of the engine's room comes in on room_i)
  logic       adm_q, adm, sof_syn, syn_fr_q, syn_fr, syn_done_q, sof_q;
  logic [5:0] rec_count, syn_count;
  logic [7:0] sof_flags;
  always_comb begin
    sof_flags = 8'd0;
    for (int k = 5; k <= 9; k++) begin
      if (s_rx_tdata_i[14*8 +: 8] == 8'(32'h40 + k)) sof_flags = s_rx_tdata_i[(27+4*k)*8 +: 8];
    end
  end
  assign sof_syn = (sof_flags & (wn_abi_pkg::TCP_FLAGS_SYN | wn_abi_pkg::TCP_FLAGS_ACK)) ==
                   wn_abi_pkg::TCP_FLAGS_SYN;
  assign syn_fr = sof_q ? sof_syn : syn_fr_q;
  assign adm = sof_q ? (sof_syn ? syn_count <= 6'd29 : (rec_count <= 6'd29 && room_i)) : adm_q;
  assign rx_go = s_rx_tvalid_i && adm;
  assign m_place_tvalid_o = rx_go && !syn_fr;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      adm_q <= 1'b0;
      syn_fr_q <= 1'b0;
    end else if (s_rx_tvalid_i) begin
      adm_q <= adm;
      syn_fr_q <= syn_fr;
    end
    // the kind of the frame whose record the parser reports next
    if (rx_go && s_rx_tlast_i) syn_done_q <= syn_fr;
  end
  logic cnt_adm_drop;
  assign cnt_adm_drop = s_rx_tvalid_i && s_rx_tlast_i && !adm;

  // bytes 6-11 (source MAC) and 54-93 (TCP options) of the frame
  logic [1:0]   beat_q;
  logic [47:0]  smac_q, smac_done_q;
  logic [319:0] opt_q, opt_done_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      sof_q <= 1'b1;
      beat_q <= 2'd0;
    end else if (s_rx_tvalid_i) begin
      sof_q <= s_rx_tlast_i;
      beat_q <= s_rx_tlast_i ? 2'd0 : ((beat_q == 2'd2) ? 2'd2 : beat_q + 2'd1);
    end
  end
  always_ff @(posedge clk_i) begin
    if (rx_go) begin
      if (sof_q) begin
        for (int k = 0; k < 6; k++) smac_q[(5-k)*8 +: 8] <= s_rx_tdata_i[(6+k)*8 +: 8];
        opt_q <= {240'd0, s_rx_tdata_i[511:432]};
      end else if (beat_q == 2'd1) begin
        opt_q[319:80] <= s_rx_tdata_i[239:0];
      end
      if (s_rx_tlast_i) begin
        smac_done_q <= sof_q ? {s_rx_tdata_i[55:48], s_rx_tdata_i[63:56], s_rx_tdata_i[71:64],
                                s_rx_tdata_i[79:72], s_rx_tdata_i[87:80], s_rx_tdata_i[95:88]}
                             : smac_q;
        if (sof_q) opt_done_q <= {240'd0, s_rx_tdata_i[511:432]};
        else if (beat_q == 2'd1) opt_done_q <= {s_rx_tdata_i[239:0], opt_q[79:0]};
        else opt_done_q <= opt_q;
      end
    end
  end

  // ------------------------------------------------------------------
  // the record queues: one record per frame taken
  wn_tcp_pkg::rec_t rec_in;
  logic             rec_push, rec_wready, syn_push, syn_wready, syn_valid;
  assign rec_in.ok = p_tcp && p_ip_ok && p_tcp_ok && !p_mac_err;
  assign rec_in.poff = p_poff;
  assign rec_in.smac = smac_done_q;
  assign rec_in.sip = p_src_ip;
  assign rec_in.dip = p_dst_ip;
  assign rec_in.sport = p_sport;
  assign rec_in.dport = p_dport;
  assign rec_in.seq = p_seq;
  assign rec_in.ack = p_ack;
  assign rec_in.flags = p_flags;
  assign rec_in.win = p_win;
  assign rec_in.plen = p_plen;
  assign rec_in.hlen = p_hlen;
  assign rec_in.opt = opt_done_q;
  assign rec_push = p_valid && !syn_done_q;
  assign syn_push = p_valid && syn_done_q;
  wn_fifo #(
      .Width($bits(rec_in)),
      .Depth(32)
  ) u_rec_fifo (
      .clk_i,
      .rst_i,
      .wdata_i (rec_in),
      .wvalid_i(rec_push),
      .wready_o(rec_wready),
      .rdata_o (rec_o),
      .rvalid_o(rec_valid_o),
      .rready_i(rec_pop_i),
      .count_o (rec_count)
  );
  // the records of SYNs without ACK, taken at the pacer's rate
  wn_fifo #(
      .Width($bits(rec_in)),
      .Depth(32)
  ) u_syn_fifo (
      .clk_i,
      .rst_i,
      .wdata_i (rec_in),
      .wvalid_i(syn_push),
      .wready_o(syn_wready),
      .rdata_o (syn_o),
      .rvalid_o(syn_valid),
      .rready_i(syn_pop_i),
      .count_o (syn_count)
  );
  assign cnt_seg_o = p_valid && p_tcp;
  assign cnt_bad_o = p_valid && p_tcp && !(p_ip_ok && p_tcp_ok && !p_mac_err);
  assign cnt_drop_o = (rec_push && !rec_wready) || (syn_push && !syn_wready) || cnt_adm_drop;

  // ------------------------------------------------------------------
  // the SYN pacer: a SYN without ACK costs the FSM far more than a data
  // segment (lookup, option walk, TCB insert, PASS_ACCEPT_REQ to the CP
  // and its answer), so a flood taken at the rate it arrives would take
  // the FSM from the streams
  localparam int SynPw = (SynCycles > 2) ? $clog2(SynCycles) : 1;
  logic [SynPw-1:0] syn_pre_q;
  logic [4:0]       syn_tok_q;
  assign syn_go_o = syn_valid && syn_tok_q != 5'd0;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      syn_pre_q <= '0;
      syn_tok_q <= 5'(SynBurst);
    end else begin
      syn_pre_q <= (syn_pre_q == SynPw'(SynCycles - 1)) ? '0 : syn_pre_q + SynPw'(1);
      if (syn_pre_q == SynPw'(SynCycles - 1) && syn_tok_q != 5'(SynBurst)) begin
        if (!syn_start_i) syn_tok_q <= syn_tok_q + 5'd1;
      end else if (syn_start_i) begin
        syn_tok_q <= syn_tok_q - 5'd1;
      end
    end
  end

`ifdef WN_TCP_DEBUG
  always_ff @(posedge clk_i) begin
    if (cnt_adm_drop) begin
      $display("TCPDBG admdrop rec=%0d syn=%0d room=%0d", rec_count, syn_count, room_i);
      $fflush();
    end
  end
`endif
endmodule
