// wn_tcp_engine: the TCP offload engine's connection control: the TCB
// table, connection lookup, the three-way handshake both ways, listeners,
// graceful close, resets and aborts, SYN/SYN-ACK/FIN retransmission with
// RFC 6298 backoff, TIME_WAIT, and the CPL control messages of
// docs/cpl.md towards the control plane (the firmware).
//
// Receive: TCP segments to the port's address arrive on s_rx (the receive
// engine steers them here); wn_tcp_rx_parse checks both checksums on the
// fly, and a segment that passes becomes a record (addresses, ports,
// sequence numbers, flags, window, and the first 40 option bytes) in a
// 32-entry FIFO, or, for a SYN without ACK (new-connection work), in a
// 32-entry SYN FIFO of its own. Bad checksums are dropped and counted; so
// are frames that find no room at admission.
//
// The control FSM takes one event at a time, in this order: a CPL message,
// a doorbell, a timer expiry, a SYN record (only with a token of the SYN
// pacer: one per SynCycles cycles, at most SynBurst saved, and never two
// SYNs in a row while other work waits), then a segment record and a send
// turn, alternating when both wait. An event starts only while the CPL
// output is free and the segment queues have room for what it may add; a
// send turn leaves the data segment queue's last slot to the other events.
// A segment record costs a lookup (wn_tcb_lookup, two cycles), a TCB
// read, the RFC 9293/5961 checks (wn_tcp_seq_check) and, for SYNs, one
// cycle per option; a handshake segment takes about 8 cycles.
// Every event leaves at most one CPL message and one segment; an event
// that needs two messages (an ACK that completes our FIN and a FIN in the
// same segment) runs again on the updated TCB.
//
// CPL messages travel on 32-bit word streams in the firmware port's CPL
// framing (FwMsgHdr word with opcode CPL and the word count, then the
// message, byte 0 in bits 7:0). Messages longer than the largest body this
// engine takes (ACT_OPEN_REQ) are drained and answered BAD_LENGTH.
//
// Transmit: control segments (SYN with MSS and window-scale options,
// SYN-ACK, ACK, FIN, RST) leave as single-beat frames of at least 60
// bytes, header built by wn_tcp_tx_hdr.
//
// Timers: every TCB has a deadline in microseconds (a free-running clock,
// one tick per ClockMhz cycles); a scanner walks the table one entry per
// cycle (NumConns cycles a round) and hands expired entries to the FSM,
// which re-checks the deadline in the TCB (so a deadline moved meanwhile
// is never acted on).
//
// Streams (docs/tcp.md): a connection given a circular send and receive
// buffer in host memory (TCB fields TX_BUF_*, RX_BUF_*, CQN) moves its
// bytes by DMA: a scheduler sends one MSS at a time within min(cwnd, the
// peer's window) through wn_tcp_tx_seg; ACKs drive NewReno (wn_tcp_cc),
// RFC 6298 RTT estimation (wn_tcp_rto), fast retransmit and go-back-N on
// a timeout; in-order payload is placed by wn_tcp_rx_place, the window
// being the receive buffer's free space (none in a SYN or SYN-ACK before
// the buffer is attached, whose arrival sends the window update);
// completions tell the host. An RDMA connection (ULP_MODE RDMA) sends no segment shorter than
// the next FPDU-aligned one while the window is short of it and ACKs are
// due, so the FPDUs stay one per segment.
//
// Not here yet (TODO(#3)): TX_DATA/RX_DATA through the control plane,
// keepalive, delayed ACKs (every data segment is acknowledged), SACK,
// keeping out-of-order segments (they are dropped and answered with a
// duplicate ACK), and simultaneous open.
//
// Reset clears the listener table, the timers' enables, the free list and
// the lookup table (NumConns cycles, during which no event is taken).
// Parameters: NumConns a power of two 16..65536; NumListen 1..64;
// DelackUs 0..500000; SynCycles 2..65536; SynBurst 1..31. Reset fills
// the SYN pacer (SynBurst tokens).
module wn_tcp_engine #(
    parameter int NumConns  = 1024,
    parameter int NumListen = 16,
    parameter int ClockMhz  = 250,
    // delayed-ACK time of a new connection, microseconds (TCB field
    // DELACK; 0 acknowledges every segment)
    parameter int DelackUs  = 100,
    // new-connection work: the FSM takes at most one SYN without ACK per
    // SynCycles cycles on average, in bursts of at most SynBurst
    parameter int SynCycles = 128,
    parameter int SynBurst  = 8,
    localparam int TidW = $clog2(NumConns)
) (
    input  logic         clk_i,
    input  logic         rst_i,
    // configuration
    input  logic [47:0]  mac_i,
    input  logic [31:0]  ipv4_i,
    input  logic [13:0]  max_frame_i,
    input  logic [31:0]  rto_init_i,
    input  logic [31:0]  rto_min_i,
    input  logic [31:0]  rto_max_i,
    input  logic [15:0]  retries_i,
    input  logic [31:0]  time_wait_i,
    output logic [31:0]  time_us_o,
    // TCP segments to the port's address
    input  logic [511:0] s_rx_tdata_i,
    input  logic [63:0]  s_rx_tkeep_i,
    input  logic         s_rx_tlast_i,
    input  logic         s_rx_tuser_i,
    input  logic         s_rx_tvalid_i,
    // CPL messages from the control plane
    input  logic [31:0]  s_cpl_tdata_i,
    input  logic         s_cpl_tlast_i,
    input  logic         s_cpl_tvalid_i,
    output logic         s_cpl_tready_o,
    // CPL messages to the control plane
    output logic [31:0]  m_cpl_tdata_o,
    output logic         m_cpl_tlast_o,
    output logic         m_cpl_tvalid_o,
    input  logic         m_cpl_tready_i,
    // DMA read (stream payload for segments) and write (received payload)
    output logic [63:0]  rd_addr_o,
    output logic [15:0]  rd_len_o,
    output logic         rd_valid_o,
    input  logic         rd_ready_i,
    input  logic [511:0] rd_data_i,
    input  logic         rd_err_i,
    input  logic         rd_last_i,
    input  logic         rd_rsp_valid_i,
    output logic         rd_rsp_ready_o,
    output logic [63:0]  wr_addr_o,
    output logic [15:0]  wr_len_o,
    output logic [511:0] wr_data_o,
    output logic         wr_last_o,
    output logic         wr_valid_o,
    input  logic         wr_ready_i,
    input  logic         wr_done_valid_i,
    input  logic         wr_done_err_i,
    // completion records (wn_cq_engine): send space freed, bytes received
    output logic [151:0] cq_tx_o,
    output logic         cq_tx_valid_o,
    input  logic         cq_tx_ready_i,
    output logic [151:0] cq_rx_o,
    output logic         cq_rx_valid_o,
    input  logic         cq_rx_ready_i,
    // in-order payload of RDMA connections (ULP_MODE RDMA), one packet
    // per segment, byte 0 in lane 0, with the TCB's QPID (wn_rdma_rx)
    output logic [511:0] m_rdma_tdata_o,
    output logic [63:0]  m_rdma_tkeep_o,
    output logic         m_rdma_tlast_o,
    output logic         m_rdma_tvalid_o,
    input  logic         m_rdma_tready_i,
    output logic [15:0]  m_rdma_qp_o,
    // RDMA connections: the stream offset the peer acknowledged (wn_rdma_tx)
    output logic         ack_valid_o,
    output logic [15:0]  ack_qp_o,
    output logic [31:0]  ack_off_o,
    // segments to the MAC
    output logic [511:0] m_tx_tdata_o,
    output logic [63:0]  m_tx_tkeep_o,
    output logic         m_tx_tlast_o,
    output logic         m_tx_tvalid_o,
    input  logic         m_tx_tready_i,
    // stream doorbells (BAR0 block TCP): how far the host has written
    // into the send buffer (TX_END) or read from the receive buffer (RX_READ)
    input  logic         db_valid_i,
    output logic         db_ready_o,
    input  logic [15:0]  db_tid_i,
    input  logic         db_rx_i,
    input  logic [31:0]  db_value_i,
    // counter pulses
    output logic         cnt_db_drop_o,
    output logic         cnt_rx_seg_o,
    output logic         cnt_rx_data_o,
    output logic         cnt_dma_err_o,
    output logic         cnt_rx_bad_o,
    output logic         cnt_rx_drop_o,
    output logic         cnt_rx_rst_sent_o,
    output logic         cnt_tx_seg_o,
    output logic         cnt_cpl_bad_o
);
  generate
    if (NumConns < 16 || NumConns > 65536 || (1 << TidW) != NumConns) begin : g_bad_n
      $fatal(1, "wn_tcp_engine: NumConns must be a power of two in 16..65536");
    end
    if (NumListen < 1 || NumListen > 64) begin : g_bad_l
      $fatal(1, "wn_tcp_engine: NumListen must be 1..64");
    end
    if (DelackUs < 0 || DelackUs > 500000) begin : g_bad_d
      $fatal(1, "wn_tcp_engine: DelackUs must be 0..500000 (RFC 5681 4.2: under 500 ms)");
    end
    if (SynCycles < 2 || SynCycles > 65536 || SynBurst < 1 || SynBurst > 31) begin : g_bad_s
      $fatal(1, "wn_tcp_engine: SynCycles must be 2..65536 and SynBurst 1..31");
    end
  endgenerate

  localparam int LW = (NumListen > 1) ? $clog2(NumListen) : 1;
  localparam int MsgWords = 12;  // CPL header and the largest body taken
  localparam logic [7:0] FlFin = 8'h01;
  localparam logic [7:0] FlSyn = 8'h02;
  localparam logic [7:0] FlRst = 8'h04;
  localparam logic [7:0] FlPsh = 8'h08;
  localparam logic [7:0] FlAck = 8'h10;

  // modulo-2^32 comparison (RFC 9293 §3.4)
  function automatic logic lt32(input logic [31:0] a, input logic [31:0] b);
    lt32 = $signed(a - b) < 0;
  endfunction

  // the window field of a segment: RCV.WND scaled by our shift (RFC 7323
  // §2.3), saturated to 16 bits
  function automatic logic [15:0] adv_win(input logic [31:0] wnd, input logic [3:0] ws);
    logic [31:0] w;
    w = wnd >> ws;
    adv_win = (w > 32'hffff) ? 16'hffff : w[15:0];
  endfunction

  // a MAC in wire order as a CPL body holds it (byte 0 in bits 7:0) <->
  // the 48-bit value with byte 0 in bits 47:40
  function automatic logic [47:0] mac_swap(input logic [47:0] m);
    for (int k = 0; k < 6; k++) mac_swap[k*8 +: 8] = m[(5-k)*8 +: 8];
  endfunction

  // FSM decisions used before their process
  logic lk_hit_q, l_set, l_clr;

  // ------------------------------------------------------------------
  // the microsecond clock
  localparam int PW = $clog2(ClockMhz + 1);
  logic [PW-1:0] pre_q;
  logic [31:0]   now_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      pre_q <= '0;
      now_q <= 32'd0;
    end else if (pre_q == PW'(ClockMhz - 1)) begin
      pre_q <= '0;
      now_q <= now_q + 32'd1;
    end else begin
      pre_q <= pre_q + PW'(1);
    end
  end
  assign time_us_o = now_q;

  // ------------------------------------------------------------------
  // receive: parse, capture MAC and options, queue records
  logic        p_valid, p_tcp, p_ip_ok, p_tcp_ok, p_mac_err;
  logic [31:0] p_src_ip, p_dst_ip, p_seq, p_ack;
  logic [15:0] p_sport, p_dport, p_win;
  logic [7:0]  p_flags;
  logic [5:0]  p_hlen;
  logic [13:0] p_poff, p_plen;
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

  // admission: a frame is taken whole or not at all, decided at its first
  // beat, so that every frame taken has a record slot, room in the
  // placement buffer and a verdict slot (one verdict per frame, in order)
  // (room for the frames still in the parser; and every frame held by
  // wn_tcp_rx_place, at most 32, may still add a completion).
  // A SYN without ACK (new-connection work: its flags are in the first
  // beat, byte 27 + 4 * IHL for an IPv4 header of 20 to 36 bytes) takes
  // none of these: it goes to a queue of its own (syn_*, below), never to
  // wn_tcp_rx_place (no payload of a SYN without ACK is ever placed), and
  // is refused when that queue is full, so a SYN flood neither crowds out
  // nor waits in front of the segments of established connections.
  logic       adm_q, adm, rx_go, place_room, sof_syn, syn_fr_q, syn_fr, syn_done_q;
  logic [5:0] rec_count, vf_count, syn_count;
  logic [6:0] cqr_count;
  logic [7:0] sof_flags;
  always_comb begin
    sof_flags = 8'd0;
    for (int k = 5; k <= 9; k++) begin
      if (s_rx_tdata_i[14*8 +: 8] == 8'(32'h40 + k)) sof_flags = s_rx_tdata_i[(27+4*k)*8 +: 8];
    end
  end
  assign sof_syn = (sof_flags & (FlSyn | FlAck)) == FlSyn;
  assign syn_fr = sof_q ? sof_syn : syn_fr_q;
  assign adm = sof_q ? (sof_syn ? syn_count <= 6'd29 :
                        (rec_count <= 6'd29 && vf_count <= 6'd29 && place_room &&
                         cqr_count <= 7'd31)) : adm_q;
  assign rx_go = s_rx_tvalid_i && adm;
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
  logic        sof_q;
  logic [1:0]  beat_q;
  logic [47:0] smac_q, smac_done_q;
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

  // record: {ok, payload offset, smac, src ip, dst ip, sport, dport, seq,
  // ack, flags, win, plen, hlen, options}; one per frame taken
  localparam int RecW = 1 + 14 + 48 + 32 + 32 + 16 + 16 + 32 + 32 + 8 + 16 + 14 + 6 + 320;
  logic [RecW-1:0] rec_in, rec, syn_rec;
  logic            rec_push, rec_wready, rec_valid, rec_pop, rec_ok;
  logic            syn_push, syn_wready, syn_valid, syn_pop;
  assign rec_ok = p_tcp && p_ip_ok && p_tcp_ok && !p_mac_err;
  assign rec_in = {rec_ok, p_poff, smac_done_q, p_src_ip, p_dst_ip, p_sport, p_dport, p_seq,
                   p_ack, p_flags, p_win, p_plen, p_hlen, opt_done_q};
  assign rec_push = p_valid && !syn_done_q;
  assign syn_push = p_valid && syn_done_q;
  wn_fifo #(
      .Width(RecW),
      .Depth(32)
  ) u_rec_fifo (
      .clk_i,
      .rst_i,
      .wdata_i (rec_in),
      .wvalid_i(rec_push),
      .wready_o(rec_wready),
      .rdata_o (rec),
      .rvalid_o(rec_valid),
      .rready_i(rec_pop),
      .count_o (rec_count)
  );
  // the records of SYNs without ACK (new-connection work), taken by the
  // FSM at the pace of syn_tok_q (below)
  wn_fifo #(
      .Width(RecW),
      .Depth(32)
  ) u_syn_fifo (
      .clk_i,
      .rst_i,
      .wdata_i (rec_in),
      .wvalid_i(syn_push),
      .wready_o(syn_wready),
      .rdata_o (syn_rec),
      .rvalid_o(syn_valid),
      .rready_i(syn_pop),
      .count_o (syn_count)
  );
  assign cnt_rx_seg_o = p_valid && p_tcp;
  assign cnt_rx_bad_o = p_valid && p_tcp && !(p_ip_ok && p_tcp_ok && !p_mac_err);

  // the record being processed
  logic [RecW-1:0] r_q;
  logic         r_ok;
  logic [13:0]  r_poff;
  logic [47:0]  r_smac;
  logic [31:0]  r_sip, r_dip, r_seq, r_ack;
  logic [15:0]  r_sport, r_dport, r_win;
  logic [7:0]   r_flags;
  logic [13:0]  r_plen;
  logic [5:0]   r_hlen;
  logic [319:0] r_opt;
  assign {r_ok, r_poff, r_smac, r_sip, r_dip, r_sport, r_dport, r_seq, r_ack, r_flags, r_win,
          r_plen, r_hlen, r_opt} = r_q;
  logic r_syn, r_ack_f, r_rst, r_fin;
  assign r_syn = (r_flags & FlSyn) != 8'd0;
  assign r_ack_f = (r_flags & FlAck) != 8'd0;
  assign r_rst = (r_flags & FlRst) != 8'd0;
  assign r_fin = (r_flags & FlFin) != 8'd0;

  // ------------------------------------------------------------------
  // doorbells: queued, taken by the FSM one at a time
  logic [48:0] db_q;
  logic        db_valid, db_pop, db_wready;
  logic [4:0]  db_count;
  wn_fifo #(
      .Width(49),
      .Depth(16)
  ) u_db_fifo (
      .clk_i,
      .rst_i,
      .wdata_i ({db_rx_i, db_tid_i, db_value_i}),
      .wvalid_i(db_valid_i),
      .wready_o(db_wready),
      .rdata_o (db_q),
      .rvalid_o(db_valid),
      .rready_i(db_pop),
      .count_o (db_count)
  );
  assign cnt_db_drop_o = db_valid_i && !db_wready;
  // room for the doorbell in flight through wn_regs' output register
  assign db_ready_o = db_count <= 5'd13;
  logic        db_rx;
  logic [15:0] db_tid;
  logic [31:0] db_val;
  assign {db_rx, db_tid, db_val} = db_q;

  // ------------------------------------------------------------------
  // CPL input: one message at a time
  logic [MsgWords*32-1:0] in_q;
  logic [7:0]  in_words_q;   // words after the FwMsgHdr word
  logic [7:0]  in_hdr_len_q; // FwMsgHdr len
  logic        in_first_q, in_full_q, in_take;
  assign s_cpl_tready_o = !in_full_q;
  assign in_take = s_cpl_tvalid_i && !in_full_q;
  logic in_done;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      in_first_q <= 1'b1;
      in_full_q <= 1'b0;
      in_words_q <= 8'd0;
      in_hdr_len_q <= 8'd0;
    end else begin
      if (in_take) begin
        in_first_q <= s_cpl_tlast_i;
        if (in_first_q) begin
          in_hdr_len_q <= s_cpl_tdata_i[31:24];
          in_words_q <= 8'd0;
        end else begin
          if (in_words_q < 8'(MsgWords)) in_q[32*in_words_q[3:0] +: 32] <= s_cpl_tdata_i;
          if (in_words_q != 8'hff) in_words_q <= in_words_q + 8'd1;
        end
        if (s_cpl_tlast_i) in_full_q <= 1'b1;
      end
      if (in_done) in_full_q <= 1'b0;
    end
  end
  logic [7:0]  c_op, c_flags;
  logic [15:0] c_len;
  logic [31:0] c_id;
  logic [319:0] c_body;
  assign c_op = in_q[7:0];
  assign c_flags = in_q[15:8];
  assign c_len = in_q[31:16];
  assign c_id = in_q[63:32];
  assign c_body = in_q[383:64];

  // ------------------------------------------------------------------
  // CPL output: one message at a time (FwMsgHdr, CPL header, body)
  logic [(MsgWords+1)*32-1:0] out_q;
  logic [3:0]  out_n_q, out_i_q;
  logic        out_busy_q;
  logic        out_load;
  logic [7:0]  out_op;
  logic [31:0] out_id;
  logic [3:0]  out_body_words;  // body words
  logic [319:0] out_body;
  assign m_cpl_tvalid_o = out_busy_q;
  assign m_cpl_tdata_o = out_q[32*out_i_q +: 32];
  assign m_cpl_tlast_o = out_i_q == out_n_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      out_busy_q <= 1'b0;
      out_i_q <= 4'd0;
      out_n_q <= 4'd0;
    end else if (out_load) begin
      out_busy_q <= 1'b1;
      out_i_q <= 4'd0;
      out_n_q <= out_body_words + 4'd2;
      out_q <= {out_body, out_id, 16'({out_body_words, 2'd0}) + 16'd8, 8'd0, out_op,
                {4'd0, out_body_words + 4'd3}, 8'd0, 8'd0, 8'(wn_abi_pkg::FW_OPCODE_CPL)};
    end else if (out_busy_q && m_cpl_tready_i) begin
      out_i_q <= out_i_q + 4'd1;
      if (out_i_q == out_n_q) out_busy_q <= 1'b0;
    end
  end

  // ------------------------------------------------------------------
  // segment output
  typedef struct packed {
    logic [47:0] dmac;
    logic [31:0] dip;
    logic [15:0] sport;
    logic [15:0] dport;
    logic [31:0] seq;
    logic [31:0] ack;
    logic [7:0]  flags;
    logic [15:0] win;
    logic [1:0]  opt_words;  // option words: 0, 2 or 3 (wn_tcp_tx_hdr)
    logic [95:0] opt;
  } seg_t;
  // control segments queue here (so a long data frame on the transmit
  // mux never holds the FSM), then go out one beat each
  seg_t        seg_q, seg_n, seg_head;
  logic        seg_load, seg_pend_q, frm_valid_q, seg_fvalid, seg_take, seg_wready;
  logic [3:0]  seg_count;
  wn_fifo #(
      .Width($bits(seg_n)),
      .Depth(8)
  ) u_seg_fifo (
      .clk_i,
      .rst_i,
      .wdata_i (seg_n),
      .wvalid_i(seg_load),
      .wready_o(seg_wready),
      .rdata_o (seg_head),
      .rvalid_o(seg_fvalid),
      .rready_i(seg_take),
      .count_o (seg_count)
  );
  assign seg_take = seg_fvalid && !seg_pend_q && !frm_valid_q;
  logic [511:0] ctl_tdata;
  logic [63:0]  ctl_tkeep;
  logic         ctl_tready;
  logic [15:0] ip_id_q;
  logic [527:0] hdr;
  logic [1:0]  hdr_opt_q;
  logic        ctl_beat2_q;
  wn_tcp_tx_hdr u_tx_hdr (
      .clk_i,
      .rst_i,
      .dst_mac_i    (seg_q.dmac),
      .src_mac_i    (mac_i),
      .src_ip_i     (ipv4_i),
      .dst_ip_i     (seg_q.dip),
      .src_port_i   (seg_q.sport),
      .dst_port_i   (seg_q.dport),
      .ttl_i        (8'd64),
      .ip_id_i      (ip_id_q),
      .seq_i        (seg_q.seq),
      .ack_i        (seg_q.ack),
      .flags_i      (seg_q.flags),
      .window_i     (seg_q.win),
      .opt_words_i  (seg_q.opt_words),
      .opt_i        (seg_q.opt),
      .payload_len_i(14'd0),
      .payload_sum_i(16'd0),
      .hdr_o        (hdr)
  );
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      seg_pend_q <= 1'b0;
      frm_valid_q <= 1'b0;
      ctl_beat2_q <= 1'b0;
      ip_id_q <= 16'd0;
    end else begin
      if (seg_take) begin
        seg_pend_q <= 1'b1;
        seg_q <= seg_head;
      end else if (seg_pend_q && !frm_valid_q) begin
        // wn_tcp_tx_hdr registers the header this cycle
        seg_pend_q <= 1'b0;
        frm_valid_q <= 1'b1;
        hdr_opt_q <= seg_q.opt_words;
      end
      if (frm_valid_q && ctl_tready) begin
        if (ctl_tlast) begin
          frm_valid_q <= 1'b0;
          ctl_beat2_q <= 1'b0;
          ip_id_q <= ip_id_q + 16'd1;
        end else ctl_beat2_q <= 1'b1;
      end
    end
  end
  // one beat (at least 60 bytes), or two with 12 option bytes (66 bytes)
  logic ctl_tlast;
  assign ctl_tlast = hdr_opt_q != 2'd3 || ctl_beat2_q;
  assign ctl_tdata = ctl_beat2_q ? {496'd0, hdr[527:512]} : hdr[511:0];
  assign ctl_tkeep = ctl_beat2_q ? 64'h3 :
                     (hdr_opt_q == 2'd3) ? 64'hffff_ffff_ffff_ffff :
                     (hdr_opt_q == 2'd2) ? 64'h3fff_ffff_ffff_ffff : 64'h0fff_ffff_ffff_ffff;

  // ------------------------------------------------------------------
  // data segments: requests to wn_tcp_tx_seg (payload read by DMA from the
  // stream's send buffer, in up to two pieces where the buffer wraps)
  typedef struct packed {
    logic [47:0] dmac;
    logic [31:0] dip;
    logic [15:0] sport;
    logic [15:0] dport;
    logic [31:0] seq;
    logic [31:0] ack;
    logic [7:0]  flags;
    logic [15:0] win;
    logic [63:0] addr0;
    logic [13:0] len0;
    logic [63:0] addr1;
    logic [13:0] len1;
    logic [15:0] tag;
  } txr_t;
  txr_t        tq_n, tq_head;
  logic        tq_push, tq_valid, tq_ready, tq_wready;
  logic [3:0]  tq_count;
  logic [15:0] data_ip_id_q;
  wn_fifo #(
      .Width($bits(tq_n)),
      .Depth(8)
  ) u_tq_fifo (
      .clk_i,
      .rst_i,
      .wdata_i (tq_n),
      .wvalid_i(tq_push),
      .wready_o(tq_wready),
      .rdata_o (tq_head),
      .rvalid_o(tq_valid),
      .rready_i(tq_ready),
      .count_o (tq_count)
  );
  always_ff @(posedge clk_i) begin
    if (rst_i) data_ip_id_q <= 16'h8000;
    else if (tq_valid && tq_ready) data_ip_id_q <= data_ip_id_q + 16'd1;
  end
  logic [511:0] dat_tdata;
  logic [63:0]  dat_tkeep;
  logic         dat_tlast, dat_tvalid, dat_tready;
  logic         txs_done_valid, txs_done_err, txs_cnt_seg, txs_cnt_err;
  logic [15:0]  txs_done_tag;
  wn_tcp_tx_seg u_tx_seg (
      .clk_i,
      .rst_i,
      .seg_valid_i (tq_valid),
      .seg_ready_o (tq_ready),
      .dst_mac_i   (tq_head.dmac),
      .src_mac_i   (mac_i),
      .src_ip_i    (ipv4_i),
      .dst_ip_i    (tq_head.dip),
      .src_port_i  (tq_head.sport),
      .dst_port_i  (tq_head.dport),
      .ttl_i       (8'd64),
      .ip_id_i     (data_ip_id_q),
      .seq_i       (tq_head.seq),
      .ack_i       (tq_head.ack),
      .flags_i     (tq_head.flags),
      .window_i    (tq_head.win),
      .addr0_i     (tq_head.addr0),
      .len0_i      (tq_head.len0),
      .addr1_i     (tq_head.addr1),
      .len1_i      (tq_head.len1),
      .tag_i       (tq_head.tag),
      .rd_addr_o,
      .rd_len_o,
      .rd_valid_o,
      .rd_ready_i,
      .rd_data_i,
      .rd_err_i,
      .rd_last_i,
      .rd_valid_i  (rd_rsp_valid_i),
      .rd_ready_o  (rd_rsp_ready_o),
      .m_tdata_o   (dat_tdata),
      .m_tkeep_o   (dat_tkeep),
      .m_tlast_o   (dat_tlast),
      .m_tvalid_o  (dat_tvalid),
      .m_tready_i  (dat_tready),
      .done_valid_o(txs_done_valid),
      .done_tag_o  (txs_done_tag),
      .done_err_o  (txs_done_err),
      .cnt_seg_o   (txs_cnt_seg),
      .cnt_err_o   (txs_cnt_err)
  );
  // data frames and control segments share the transmit stream
  logic ctl_cnt, dat_tuser_unused;
  wn_tx_mux u_tx_mux (
      .clk_i,
      .rst_i,
      .a_tdata_i    (dat_tdata),
      .a_tkeep_i    (dat_tkeep),
      .a_tlast_i    (dat_tlast),
      .a_tuser_i    (1'b0),
      .a_tvalid_i   (dat_tvalid),
      .a_tready_o   (dat_tready),
      .b_tdata_i    (ctl_tdata),
      .b_tkeep_i    (ctl_tkeep),
      .b_tlast_i    (ctl_tlast),
      .b_tvalid_i   (frm_valid_q),
      .b_tready_o   (ctl_tready),
      .m_tdata_o    (m_tx_tdata_o),
      .m_tkeep_o    (m_tx_tkeep_o),
      .m_tlast_o    (m_tx_tlast_o),
      .m_tuser_o    (dat_tuser_unused),
      .m_tvalid_o   (m_tx_tvalid_o),
      .m_tready_i   (m_tx_tready_i),
      .cnt_b_frame_o(ctl_cnt)
  );
  assign cnt_tx_seg_o = ctl_cnt || txs_cnt_seg;

  // ------------------------------------------------------------------
  // received payload: wn_tcp_rx_place holds every frame taken until its
  // verdict (one per record, in order) and writes placed bytes by DMA
  typedef struct packed {
    logic        rdma;      // to wn_rdma_rx (RDMA mode), not to host memory
    logic [15:0] qp;
    logic        place;
    logic [13:0] off;
    logic [13:0] len0;
    logic [63:0] addr0;
    logic [13:0] len1;
    logic [63:0] addr1;
    logic [15:0] tag;
  } vd_t;
  vd_t  vd_n, vd_head;
  logic vf_valid, vf_ready, vf_wready;
  wn_fifo #(
      .Width($bits(vd_n)),
      .Depth(32)
  ) u_vf_fifo (
      .clk_i,
      .rst_i,
      .wdata_i (vd_n),
      .wvalid_i(rec_pop),
      .wready_o(vf_wready),
      .rdata_o (vd_head),
      .rvalid_o(vf_valid),
      .rready_i(vf_ready),
      .count_o (vf_count)
  );
  logic [63:0]  pw_addr;
  logic [15:0]  pw_len;
  logic [511:0] pw_data;
  logic         pw_last, pw_valid, pw_ready, pw_done_valid, pw_done_err;
  logic        rxp_done_valid, rxp_done_err, rxp_done_placed;
  logic [15:0] rxp_done_tag;
  logic        rxp_cnt_placed, rxp_cnt_discard, rxp_cnt_wr_err;
  wn_tcp_rx_place #(
      .BufBytes(131072),
      .Slots(32)
  ) u_rx_place (
      .clk_i,
      .rst_i,
      .s_tdata_i     (s_rx_tdata_i),
      .s_tkeep_i     (s_rx_tkeep_i),
      .s_tlast_i     (s_rx_tlast_i),
      .s_tvalid_i    (rx_go && !syn_fr),
      .room_o        (place_room),
      .v_valid_i     (vf_valid),
      .v_ready_o     (vf_ready),
      .v_place_i     (vd_head.place),
      .v_off_i       (vd_head.off),
      .v_len0_i      (vd_head.len0),
      .v_addr0_i     (vd_head.addr0),
      .v_len1_i      (vd_head.len1),
      .v_addr1_i     (vd_head.addr1),
      .v_tag_i       (vd_head.tag),
      .wr_addr_o       (pw_addr),
      .wr_len_o        (pw_len),
      .wr_data_o       (pw_data),
      .wr_last_o       (pw_last),
      .wr_valid_o      (pw_valid),
      .wr_ready_i      (pw_ready),
      .wr_done_valid_i (pw_done_valid),
      .wr_done_err_i   (pw_done_err),
      .done_valid_o  (rxp_done_valid),
      .done_tag_o    (rxp_done_tag),
      .done_err_o    (rxp_done_err),
      .done_placed_o (rxp_done_placed),
      .cnt_placed_o  (rxp_cnt_placed),
      .cnt_discard_o (rxp_cnt_discard),
      .cnt_wr_err_o  (rxp_cnt_wr_err)
  );
  // The writes of wn_tcp_rx_place, verdict by verdict: a stream's go to
  // host memory, an RDMA connection's to wn_rdma_rx as one packet per
  // verdict (its writes start at address 0, so they split only at 4 KiB
  // and their beats are full but for the last). A verdict queue beside
  // the frames' (pushed with the verdict, popped at its last write) says
  // which, with the QP and the bytes; done reports go back in write order,
  // an RDMA write's at once, a host write's when the DMA engine reports.
  logic [32:0] sd_n, sd_head;
  logic        sd_push, sd_valid, sd_pop, sd_wready;
  logic [6:0]  sd_count;
  logic [15:0] sd_used_q, pw_boff_q, pw_left;
  logic        pw_to_rdma, kd_head, kd_valid, kd_wready, kd_push, dd_head, dd_valid, dd_wready;
  logic [6:0]  kd_count, dd_count;
  assign sd_n = {vd_n.rdma, vd_n.qp, 16'(vd_n.len0) + 16'(vd_n.len1)};
  assign sd_push = rec_pop && vd_n.place && (vd_n.len0 != 14'd0 || vd_n.len1 != 14'd0);
  wn_fifo #(
      .Width(33),
      .Depth(64)
  ) u_sd_fifo (
      .clk_i,
      .rst_i,
      .wdata_i (sd_n),
      .wvalid_i(sd_push),
      .wready_o(sd_wready),
      .rdata_o (sd_head),
      .rvalid_o(sd_valid),
      .rready_i(sd_pop),
      .count_o (sd_count)
  );
  assign pw_to_rdma = sd_head[32];
  assign pw_left = pw_len - {pw_boff_q[9:0], 6'd0};
  assign m_rdma_tdata_o = pw_data;
  assign m_rdma_tkeep_o = (pw_left >= 16'd64) ? 64'hffff_ffff_ffff_ffff : ((64'd1 << pw_left[5:0]) - 64'd1);
  assign m_rdma_tlast_o = pw_last && sd_used_q + pw_len == sd_head[15:0];
  assign m_rdma_qp_o = sd_head[31:16];
  assign m_rdma_tvalid_o = pw_valid && sd_valid && pw_to_rdma && kd_wready;
  assign wr_addr_o = pw_addr;
  assign wr_len_o = pw_len;
  assign wr_data_o = pw_data;
  assign wr_last_o = pw_last;
  assign wr_valid_o = pw_valid && sd_valid && !pw_to_rdma && kd_wready;
  assign pw_ready = sd_valid && kd_wready && (pw_to_rdma ? m_rdma_tready_i : wr_ready_i);
  assign kd_push = pw_valid && pw_ready && pw_last;
  assign sd_pop = kd_push && sd_used_q + pw_len == sd_head[15:0];
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      sd_used_q <= 16'd0;
      pw_boff_q <= 16'd0;
    end else if (pw_valid && pw_ready) begin
      pw_boff_q <= pw_last ? 16'd0 : pw_boff_q + 16'd1;
      if (pw_last) sd_used_q <= sd_pop ? 16'd0 : sd_used_q + pw_len;
    end
  end
  // the kind of every write in flight, and the host's done reports
  wn_fifo #(
      .Width(1),
      .Depth(64)
  ) u_kd_fifo (
      .clk_i,
      .rst_i,
      .wdata_i (pw_to_rdma),
      .wvalid_i(kd_push),
      .wready_o(kd_wready),
      .rdata_o (kd_head),
      .rvalid_o(kd_valid),
      .rready_i(pw_done_valid),
      .count_o (kd_count)
  );
  wn_fifo #(
      .Width(1),
      .Depth(64)
  ) u_dd_fifo (
      .clk_i,
      .rst_i,
      .wdata_i (wr_done_err_i),
      .wvalid_i(wr_done_valid_i),
      .wready_o(dd_wready),
      .rdata_o (dd_head),
      .rvalid_o(dd_valid),
      .rready_i(pw_done_valid && !kd_head),
      .count_o (dd_count)
  );
  assign pw_done_valid = kd_valid && (kd_head || dd_valid);
  assign pw_done_err = !kd_head && dd_head;

  assign cnt_rx_data_o = rxp_cnt_placed;
  assign cnt_dma_err_o = rxp_cnt_wr_err || txs_cnt_err;

  // TCP_RX completions: one per placed frame, in verdict order, once its
  // writes are done ({cqn, tid, stream offset after the bytes, bytes})
  logic [72:0] nf_n, nf_head;
  logic        nf_push, nf_valid, nf_pop, nf_wready;
  logic [6:0]  nf_count;
  wn_fifo #(
      .Width(73),
      .Depth(64)
  ) u_nf_fifo (
      .clk_i,
      .rst_i,
      .wdata_i (nf_n),
      .wvalid_i(nf_push),
      .wready_o(nf_wready),
      .rdata_o (nf_head),
      .rvalid_o(nf_valid),
      .rready_i(nf_pop),
      .count_o (nf_count)
  );
  // the done reports of placed frames become TCP_RX completion records,
  // queued for the CQ (done reports have no backpressure)
  logic         cqr_wready, rxd_err, cqr_push;
  logic [151:0] cqr_n;
  assign nf_pop = rxp_done_valid && rxp_done_placed;
  // out-of-order data placed ahead of RCV.NXT is reported with the segment
  // that later reaches it (nf_head[72]: no completion of its own), unless
  // a write failed
  assign cqr_push = nf_pop && (!nf_head[72] || rxd_err);
  assign rxd_err = rxp_done_err;
  assign cqr_n = {nf_head[71:64], rxp_done_tag, 16'd0, 32'd0, nf_head[63:32], nf_head[31:0],
                  8'(wn_abi_pkg::CQE_OPCODE_TCP_RX),
                  rxd_err ? 8'(wn_abi_pkg::CQE_STATUS_LOC_PROT_ERR) : 8'(wn_abi_pkg::CQE_STATUS_SUCCESS)};
  wn_fifo #(
      .Width(152),
      .Depth(64)
  ) u_cqr_fifo (
      .clk_i,
      .rst_i,
      .wdata_i (cqr_n),
      .wvalid_i(cqr_push),
      .wready_o(cqr_wready),
      .rdata_o (cq_rx_o),
      .rvalid_o(cq_rx_valid_o),
      .rready_i(cq_rx_ready_i),
      .count_o (cqr_count)
  );

  // TCP_TX_ACKED completions from the FSM
  logic [151:0] cqt_n;
  logic         cqt_push, cqt_wready;
  logic [4:0]   cqt_count;
  wn_fifo #(
      .Width(152),
      .Depth(16)
  ) u_cqt_fifo (
      .clk_i,
      .rst_i,
      .wdata_i (cqt_n),
      .wvalid_i(cqt_push),
      .wready_o(cqt_wready),
      .rdata_o (cq_tx_o),
      .rvalid_o(cq_tx_valid_o),
      .rready_i(cq_tx_ready_i),
      .count_o (cqt_count)
  );

  // acknowledgments of RDMA connections, for wn_rdma_tx
  logic ack_n;
  always_ff @(posedge clk_i) begin
    if (rst_i) ack_valid_o <= 1'b0;
    else ack_valid_o <= ack_n;
    ack_qp_o <= t_q.qpid[15:0];
    ack_off_o <= r_ack - t_q.iss - 32'd1 - {31'd0, fin_acked};
  end

  // ------------------------------------------------------------------
  // the TCB table
  typedef struct packed {
    logic [3:0]  st;        // tcp_state
    logic        pend;      // SYN_RECEIVED: PASS_ACCEPT_REQ posted, no answer yet
    logic        abw;       // ABORT_REQ posted to the CP, waiting for its ABORT_RPL
    logic        fin_sent;
    logic [7:0]  opt;       // cpl_tcp_opt
    logic [3:0]  snd_ws;
    logic [3:0]  rcv_ws;
    logic [31:0] pip;
    logic [15:0] lport;
    logic [15:0] pport;
    logic [47:0] pmac;
    logic [31:0] iss;
    logic [31:0] irs;
    logic [31:0] snd_una;
    logic [31:0] snd_nxt;
    logic [31:0] rcv_nxt;
    logic [31:0] snd_wnd;
    logic [31:0] max_wnd;
    logic [31:0] rcv_wnd;
    logic [15:0] mss;
    logic [15:0] peer_mss;
    logic [31:0] owner;     // atid or stid
    logic [7:0]  retx;
    logic [31:0] rto;
    logic        tmr_on;
    logic [31:0] tmr_dl;
    logic [31:0] rto_min;
    logic [31:0] rto_max;
    logic [7:0]  retx_max;
    logic [7:0]  ttl;
    logic [7:0]  tos;
    logic [31:0] qpid;
    logic [7:0]  ulp;
    logic [31:0] credits;
    logic [63:0] tx_addr;   // the stream's circular send buffer
    logic [4:0]  tx_log;
    logic [63:0] rx_addr;   // the stream's circular receive buffer
    logic [4:0]  rx_log;
    logic [7:0]  cqn;
    logic [31:0] tx_end;    // stream offset after the last byte written (TX_END)
    logic [31:0] rx_read;   // stream offset after the last byte read (RX_READ)
    // congestion control (wn_tcp_cc) and RTT estimation (wn_tcp_rto)
    logic [31:0] cwnd;
    logic [31:0] ssthresh;
    logic [31:0] ca_bytes;
    logic [1:0]  dup_acks;
    logic        in_rec;
    logic [31:0] recover;
    logic [34:0] srtt8;
    logic [33:0] rttvar4;
    logic        rtt_on;    // one segment is being timed (Karn: never a retransmitted one)
    logic [31:0] rtt_seq;   // ... the ACK that ends the measurement
    logic [31:0] rtt_ts;    // ... when it was sent (µs)
    logic [31:0] snd_max;   // highest sequence number sent (SND.NXT goes back on a timeout)
    logic        fin_max;   // our FIN was sent (it is at snd_max - 1)
    logic        sched;     // in the send scheduler's queue
    logic        fin_pend;  // CLOSE_CON_REQ came with data still to send
    // out-of-order data already in the receive buffer: [ooo_lo, ooo_hi)
    logic        ooo_on;
    logic [31:0] ooo_lo;
    logic [31:0] ooo_hi;
    // delayed ACK (RFC 5681 §4.2, RFC 1122 §4.2.3.2): one full in-order
    // segment not acknowledged yet, and the deadline of its ACK
    logic [31:0] delack;    // microseconds, 0: every segment is acknowledged
    logic        ack_due;
    logic        dack_on;
    logic [31:0] dack_dl;
    // keepalive (RFC 1122 §4.2.3.6): the timer runs the idle wait or the
    // probe interval while ka_mode (in chunks of at most 2^30 µs, ka_rem
    // left after the current one)
    logic [39:0] ka_idle;
    logic [31:0] ka_intvl;
    logic [7:0]  ka_cnt;
    logic        ka_mode;
    logic [39:0] ka_rem;
    logic [7:0]  ka_probes;
    // per-connection counters (TCB fields TX_SEGS, RX_SEGS)
    logic [31:0] c_tx;
    logic [31:0] c_retx;
    logic [31:0] c_rx;
    logic [31:0] c_ooo;
  } tcb_t;

  tcb_t            tcb_mem [NumConns];
  tcb_t            t_q, t_n;
  logic [TidW-1:0] tid_q;
  logic            tcb_rd, tcb_we, t_upd;
  logic            init_q;
  logic [TidW:0]   init_i_q;
  // the read address: the lookup's answer while it arrives, else tid_q
  logic [TidW-1:0] rd_tid;
  // t_q follows every write, so a second pass over a segment (SAgain) and
  // an insert (SIns) see the TCB as written
  always_ff @(posedge clk_i) begin
    if (tcb_rd) t_q <= tcb_mem[rd_tid];
    else if (tcb_we || t_upd) t_q <= t_n;
    if (init_q) tcb_mem[init_i_q[TidW-1:0]] <= '0;
    else if (tcb_we) tcb_mem[tid_q] <= t_n;
  end

  // timer shadow: enable and deadline, scanned one entry per cycle
  logic            tmr_on_mem [NumConns];
  logic [31:0]     tmr_dl_mem [NumConns];
  logic [TidW-1:0] scan_q, exp_tid_q;
  logic            scan_on_q, exp_valid_q, exp_take;
  logic [31:0]     scan_dl_q;
  logic            scan_rd_q;
  logic [TidW-1:0] scan_tid_q;
  always_ff @(posedge clk_i) begin
    if (init_q) tmr_on_mem[init_i_q[TidW-1:0]] <= 1'b0;
    else if (tcb_we) tmr_on_mem[tid_q] <= t_n.tmr_on || t_n.dack_on;
    // the earlier of the two deadlines
    if (tcb_we)
      tmr_dl_mem[tid_q] <= (t_n.dack_on && (!t_n.tmr_on || lt32(t_n.dack_dl, t_n.tmr_dl))) ?
                           t_n.dack_dl : t_n.tmr_dl;
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      scan_q <= '0;
      scan_rd_q <= 1'b0;
      exp_valid_q <= 1'b0;
    end else begin
      if (exp_take) exp_valid_q <= 1'b0;
      if (!init_q && !exp_valid_q) begin
        // stage 1: read the entry; stage 2: compare
        scan_on_q <= tmr_on_mem[scan_q];
        scan_dl_q <= tmr_dl_mem[scan_q];
        scan_tid_q <= scan_q;
        scan_rd_q <= 1'b1;
        scan_q <= scan_q + TidW'(1);
        if (scan_rd_q && scan_on_q && !lt32(now_q, scan_dl_q)) begin
          exp_valid_q <= 1'b1;
          exp_tid_q <= scan_tid_q;
          // re-read the same entry after the expiry is taken
          scan_q <= scan_tid_q + TidW'(1);
          scan_rd_q <= 1'b0;
        end
      end
    end
  end

  // free list of tids
  logic [TidW-1:0] free_tid, free_push_tid;
  logic            free_valid, free_pop, free_push, free_wready;
  logic [TidW:0]   free_count;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      init_q <= 1'b1;
      init_i_q <= '0;
    end else if (init_q) begin
      init_i_q <= init_i_q + (TidW+1)'(1);
      if (init_i_q == (TidW+1)'(NumConns - 1)) init_q <= 1'b0;
    end
  end
  wn_fifo #(
      .Width(TidW),
      .Depth(NumConns)
  ) u_free (
      .clk_i,
      .rst_i,
      .wdata_i (init_q ? init_i_q[TidW-1:0] : free_push_tid),
      .wvalid_i(init_q || free_push),
      .wready_o(free_wready),
      .rdata_o (free_tid),
      .rvalid_o(free_valid),
      .rready_i(free_pop),
      .count_o (free_count)
  );

  // connection lookup: tuple {remote ip, local ip, remote port, local port}
  logic            lk_valid, lk_ready, lk_rsp_valid, lk_hit;
  logic [TidW-1:0] lk_tid;
  logic [95:0]     lk_tuple;
  logic            ctl_valid, ctl_ready, ctl_done;
  logic [1:0]      ctl_op, ctl_status;
  logic [95:0]     ctl_tuple;
  wn_tcb_lookup #(
      .NumConns(NumConns)
  ) u_lookup (
      .clk_i,
      .rst_i,
      .key0_i        (128'h6d5a_56da_255b_0ec2_4167_253d_43a3_8fb0),
      .key1_i        (128'hd0ca_2bcb_ae7b_30b4_77cb_2da3_8030_f20c),
      .lk_valid_i    (lk_valid),
      .lk_tuple_i    (lk_tuple),
      .lk_ready_o    (lk_ready),
      .lk_rsp_valid_o(lk_rsp_valid),
      .lk_hit_o      (lk_hit),
      .lk_tid_o      (lk_tid),
      .ctl_valid_i   (ctl_valid),
      .ctl_op_i      (ctl_op),
      .ctl_tuple_i   (ctl_tuple),
      .ctl_tid_i     (tid_q),
      .ctl_ready_o   (ctl_ready),
      .ctl_done_o    (ctl_done),
      .ctl_status_o  (ctl_status)
  );
  assign lk_tuple = {r_sip, r_dip, r_sport, r_dport};

  // sequence checks of a synchronized connection
  logic [31:0] t_rwnd;  // the receive window of t_q (below)
  logic [1:0] sc_verdict;
  logic       sc_in_order, sc_ack_new, sc_dup;
  wn_tcp_seq_check u_seq (
      .clk_i,
      .rst_i,
      .rcv_nxt_i    (t_q.rcv_nxt),
      .rcv_wnd_i    (t_rwnd),
      .snd_una_i    (t_q.snd_una),
      .snd_nxt_i    (t_q.snd_max),
      .max_snd_wnd_i(t_q.max_wnd),
      .snd_wnd_i    (t_q.snd_wnd),
      .seg_seq_i    (r_seq),
      .seg_ack_i    (r_ack),
      .seg_payload_i({2'd0, r_plen}),
      .seg_flags_i  (r_flags),
      .seg_wnd_i    ({16'd0, r_win} << t_q.snd_ws),
      .verdict_o    (sc_verdict),
      .in_order_o   (sc_in_order),
      .ack_new_o    (sc_ack_new),
      .dup_ack_o    (sc_dup)
  );

  // ------------------------------------------------------------------
  // listeners
  logic [NumListen-1:0] l_valid_q;
  logic [31:0] l_stid_q  [NumListen];
  logic [31:0] l_lip_q   [NumListen];
  logic [31:0] l_pip_q   [NumListen];
  logic [15:0] l_lport_q [NumListen];
  logic [15:0] l_pport_q [NumListen];
  logic [15:0] l_mss_q   [NumListen];
  logic [7:0]  l_opt_q   [NumListen];
  logic [3:0]  l_ws_q    [NumListen];
  logic [31:0] l_wnd_q   [NumListen];

  // the listener a record's SYN matches, and the listener a CPL names
  logic          lm_hit, lf_hit, lsame_hit, lfree_hit;
  logic [LW-1:0] lm_idx, lf_idx, lfree_idx;
  logic [31:0]   po_lip, po_pip;
  logic [15:0]   po_lport, po_pport;
  assign po_lip = c_body[wn_abi_pkg::CPL_PASS_OPEN_REQ_LOCAL_IP_LSB +: 32];
  assign po_pip = c_body[wn_abi_pkg::CPL_PASS_OPEN_REQ_PEER_IP_LSB +: 32];
  assign po_lport = c_body[wn_abi_pkg::CPL_PASS_OPEN_REQ_LOCAL_PORT_LSB +: 16];
  assign po_pport = c_body[wn_abi_pkg::CPL_PASS_OPEN_REQ_PEER_PORT_LSB +: 16];
  always_comb begin
    lm_hit = 1'b0;
    lm_idx = '0;
    lf_hit = 1'b0;
    lf_idx = '0;
    lsame_hit = 1'b0;
    lfree_hit = 1'b0;
    lfree_idx = '0;
    for (int k = NumListen - 1; k >= 0; k--) begin
      if (l_valid_q[k] && l_lport_q[k] == r_dport &&
          (l_lip_q[k] == 32'd0 || l_lip_q[k] == r_dip) &&
          (l_pip_q[k] == 32'd0 || l_pip_q[k] == r_sip) &&
          (l_pport_q[k] == 16'd0 || l_pport_q[k] == r_sport)) begin
        lm_hit = 1'b1;
        lm_idx = LW'(k);
      end
      if (l_valid_q[k] && l_stid_q[k] == c_id) begin
        lf_hit = 1'b1;
        lf_idx = LW'(k);
      end
      if (l_valid_q[k] && l_lport_q[k] == po_lport && l_lip_q[k] == po_lip &&
          l_pip_q[k] == po_pip && l_pport_q[k] == po_pport) begin
        lsame_hit = 1'b1;
      end
      if (!l_valid_q[k]) begin
        lfree_hit = 1'b1;
        lfree_idx = LW'(k);
      end
    end
  end

  // ------------------------------------------------------------------
  // option walk of a SYN (RFC 9293 §3.1, RFC 7323 §2.2)
  logic [5:0]  ow_i_q;
  logic [6:0]  ow_end, ow_next;
  logic        ow_fits;
  logic        ow_mss_q, ow_ws_q, ow_sack_q;
  logic [15:0] ow_mss_v_q;
  logic [3:0]  ow_ws_v_q;
  logic [7:0]  ow_kind, ow_len, ow_b2, ow_b3;
  assign ow_end = (r_hlen > 6'd20) ? {1'b0, r_hlen - 6'd20} : 7'd0;
  assign ow_next = {1'b0, ow_i_q} + {1'b0, ow_len[5:0]};
  assign ow_fits = ow_len >= 8'd2 && ow_len <= 8'd40 && ow_next <= ow_end;
  always_comb begin
    ow_kind = 8'd0;
    ow_len = 8'd0;
    ow_b2 = 8'd0;
    ow_b3 = 8'd0;
    for (int k = 0; k < 40; k++) begin
      if (6'(k) == ow_i_q) ow_kind = r_opt[k*8 +: 8];
      if (6'(k) == ow_i_q + 6'd1) ow_len = r_opt[k*8 +: 8];
      if (6'(k) == ow_i_q + 6'd2) ow_b2 = r_opt[k*8 +: 8];
      if (6'(k) == ow_i_q + 6'd3) ow_b3 = r_opt[k*8 +: 8];
    end
  end

  // ------------------------------------------------------------------
  // the control FSM
  typedef enum logic [4:0] {
    SIdle,
    SRxLook,
    SRxLookW,
    SRxTcb,
    SRxOpt,
    SRxChk,
    SRxProc,
    SRxNew,
    SCplTcb,
    SCplProc,
    SIns,
    SInsW,
    SFree,
    SFreeW,
    STmrTcb,
    STmrCc,
    STmrProc,
    STxTcb,
    STxProc,
    SDbTcb,
    SDbProc,
    SAgain
  } state_e;
  state_e st_q, st_n;
  assign rd_tid = (st_q == SRxLookW) ? lk_tid : tid_q;

  // what the event decided
  logic        ev_rx_q;
  logic        r_done;  // the event's record is done (leaves its queue)  // the event is a segment (inserts, and receive/send alternation)


  // MSS this engine offers when the CP passes 0: MAX_FRAME (without FCS)
  // less the Ethernet, IPv4 and TCP headers
  logic [15:0] def_mss;
  assign def_mss = {2'd0, max_frame_i} - 16'd54;

  // the length each CP->HW opcode must have (bytes, header included)
  logic [15:0] want_len;
  logic        op_known, op_has_rpl;
  always_comb begin
    want_len = 16'd8;
    op_known = 1'b1;
    op_has_rpl = 1'b1;
    unique case (c_op)
      8'(wn_abi_pkg::CPL_OPCODE_ACT_OPEN_REQ): want_len = 16'(8 + wn_abi_pkg::CPL_ACT_OPEN_REQ_SIZE);
      8'(wn_abi_pkg::CPL_OPCODE_PASS_OPEN_REQ): want_len = 16'(8 + wn_abi_pkg::CPL_PASS_OPEN_REQ_SIZE);
      8'(wn_abi_pkg::CPL_OPCODE_PASS_ACCEPT_RPL): begin
        want_len = 16'(8 + wn_abi_pkg::CPL_PASS_ACCEPT_RPL_SIZE);
        op_has_rpl = 1'b0;
      end
      8'(wn_abi_pkg::CPL_OPCODE_CLOSE_LISTSRV_REQ): want_len = 16'd8;
      8'(wn_abi_pkg::CPL_OPCODE_CLOSE_CON_REQ): want_len = 16'd8;
      8'(wn_abi_pkg::CPL_OPCODE_ABORT_REQ): want_len = 16'(8 + wn_abi_pkg::CPL_ABORT_REQ_SIZE);
      8'(wn_abi_pkg::CPL_OPCODE_ABORT_RPL): begin
        want_len = 16'(8 + wn_abi_pkg::CPL_ABORT_RPL_SIZE);
        op_has_rpl = 1'b0;
      end
      8'(wn_abi_pkg::CPL_OPCODE_SET_TCB_FIELD): want_len = 16'(8 + wn_abi_pkg::CPL_SET_TCB_FIELD_SIZE);
      default: begin
        op_known = 1'b0;
        op_has_rpl = 1'b0;
      end
    endcase
  end
  // the reply opcode of each request
  logic [7:0] rpl_op;
  always_comb begin
    unique case (c_op)
      8'(wn_abi_pkg::CPL_OPCODE_ACT_OPEN_REQ): rpl_op = 8'(wn_abi_pkg::CPL_OPCODE_ACT_OPEN_RPL);
      8'(wn_abi_pkg::CPL_OPCODE_PASS_OPEN_REQ): rpl_op = 8'(wn_abi_pkg::CPL_OPCODE_PASS_OPEN_RPL);
      8'(wn_abi_pkg::CPL_OPCODE_CLOSE_LISTSRV_REQ): rpl_op = 8'(wn_abi_pkg::CPL_OPCODE_CLOSE_LISTSRV_RPL);
      8'(wn_abi_pkg::CPL_OPCODE_CLOSE_CON_REQ): rpl_op = 8'(wn_abi_pkg::CPL_OPCODE_CLOSE_CON_RPL);
      8'(wn_abi_pkg::CPL_OPCODE_ABORT_REQ): rpl_op = 8'(wn_abi_pkg::CPL_OPCODE_ABORT_RPL);
      default: rpl_op = 8'(wn_abi_pkg::CPL_OPCODE_SET_TCB_RPL);
    endcase
  end
  logic words_ok, id_ok;
  assign words_ok = (in_hdr_len_q == in_words_q + 8'd1) && in_words_q <= 8'(MsgWords) &&
                    {6'd0, in_words_q, 2'd0} == c_len;
  assign id_ok = c_id < 32'(NumConns);

  // SET_TCB_FIELD
  logic [7:0]  sf_field;
  logic [63:0] sf_mask, sf_value, sf_old, sf_new;
  logic        sf_ro, sf_bad;
  assign sf_field = c_body[wn_abi_pkg::CPL_SET_TCB_FIELD_FIELD_LSB +: 8];
  assign sf_mask = c_body[wn_abi_pkg::CPL_SET_TCB_FIELD_MASK_LSB +: 64];
  assign sf_value = c_body[wn_abi_pkg::CPL_SET_TCB_FIELD_VALUE_LSB +: 64];
  assign sf_new = (sf_old & ~sf_mask) | (sf_value & sf_mask);
  always_comb begin
    sf_old = 64'd0;
    sf_ro = 1'b0;
    sf_bad = 1'b0;
    unique case (sf_field)
      8'(wn_abi_pkg::TCB_FIELD_STATE): begin sf_old = {60'd0, t_q.st}; sf_ro = 1'b1; end
      8'(wn_abi_pkg::TCB_FIELD_ULP_MODE): sf_old = {56'd0, t_q.ulp};
      8'(wn_abi_pkg::TCB_FIELD_TCP_OPT): sf_old = {56'd0, t_q.opt};
      8'(wn_abi_pkg::TCB_FIELD_MSS): sf_old = {48'd0, t_q.mss};
      8'(wn_abi_pkg::TCB_FIELD_RCV_WND): sf_old = {32'd0, t_q.rcv_wnd};
      8'(wn_abi_pkg::TCB_FIELD_WSCALE): begin sf_old = {56'd0, t_q.rcv_ws, t_q.snd_ws}; sf_ro = 1'b1; end
      8'(wn_abi_pkg::TCB_FIELD_RTO_MIN): sf_old = {32'd0, t_q.rto_min};
      8'(wn_abi_pkg::TCB_FIELD_DELACK): sf_old = {32'd0, t_q.delack};
      8'(wn_abi_pkg::TCB_FIELD_KEEPALIVE_IDLE): sf_old = {24'd0, t_q.ka_idle};
      8'(wn_abi_pkg::TCB_FIELD_KEEPALIVE_INTVL): sf_old = {32'd0, t_q.ka_intvl};
      8'(wn_abi_pkg::TCB_FIELD_KEEPALIVE_CNT): sf_old = {56'd0, t_q.ka_cnt};
      8'(wn_abi_pkg::TCB_FIELD_TX_SEGS): begin sf_old = {t_q.c_retx, t_q.c_tx}; sf_ro = 1'b1; end
      8'(wn_abi_pkg::TCB_FIELD_RX_SEGS): begin sf_old = {t_q.c_ooo, t_q.c_rx}; sf_ro = 1'b1; end
      8'(wn_abi_pkg::TCB_FIELD_RTO_MAX): sf_old = {32'd0, t_q.rto_max};
      8'(wn_abi_pkg::TCB_FIELD_RETX_MAX): sf_old = {56'd0, t_q.retx_max};
      8'(wn_abi_pkg::TCB_FIELD_TOS): sf_old = {56'd0, t_q.tos};
      8'(wn_abi_pkg::TCB_FIELD_TTL): sf_old = {56'd0, t_q.ttl};
      8'(wn_abi_pkg::TCB_FIELD_SND_UNA): begin sf_old = {32'd0, t_q.snd_una}; sf_ro = 1'b1; end
      8'(wn_abi_pkg::TCB_FIELD_SND_NXT): begin sf_old = {32'd0, t_q.snd_nxt}; sf_ro = 1'b1; end
      8'(wn_abi_pkg::TCB_FIELD_RCV_NXT): begin sf_old = {32'd0, t_q.rcv_nxt}; sf_ro = 1'b1; end
      8'(wn_abi_pkg::TCB_FIELD_SND_WND): begin sf_old = {32'd0, t_q.snd_wnd}; sf_ro = 1'b1; end
      8'(wn_abi_pkg::TCB_FIELD_CWND): begin sf_old = {32'd0, t_q.cwnd}; sf_ro = 1'b1; end
      8'(wn_abi_pkg::TCB_FIELD_STREAM): begin sf_old = {t_q.rx_read, t_q.tx_end}; sf_ro = 1'b1; end
      8'(wn_abi_pkg::TCB_FIELD_ENGINE): begin
        sf_old = {t_q.tmr_dl, 27'd0, t_q.rtt_on, t_q.fin_sent, t_q.fin_pend, t_q.tmr_on, t_q.sched};
        sf_ro = 1'b1;
      end
      8'(wn_abi_pkg::TCB_FIELD_SRTT): begin sf_old = {32'd0, t_q.srtt8[34:3]}; sf_ro = 1'b1; end
      8'(wn_abi_pkg::TCB_FIELD_QPID): sf_old = {32'd0, t_q.qpid};
      8'(wn_abi_pkg::TCB_FIELD_PEER_MAC): sf_old = {16'd0, t_q.pmac};
      8'(wn_abi_pkg::TCB_FIELD_TX_CREDITS): sf_old = {32'd0, t_q.credits};
      8'(wn_abi_pkg::TCB_FIELD_TX_BUF_ADDR): sf_old = t_q.tx_addr;
      8'(wn_abi_pkg::TCB_FIELD_TX_BUF_LOG): sf_old = {59'd0, t_q.tx_log};
      8'(wn_abi_pkg::TCB_FIELD_RX_BUF_ADDR): sf_old = t_q.rx_addr;
      8'(wn_abi_pkg::TCB_FIELD_RX_BUF_LOG): sf_old = {59'd0, t_q.rx_log};
      8'(wn_abi_pkg::TCB_FIELD_CQN): sf_old = {56'd0, t_q.cqn};
      default: sf_bad = 1'b1;  // TODO(#3): the data-path fields
    endcase
  end

  // lookup-table control: insert in SIns, delete in SFree (its own process:
  // the table's lookup ready depends on it)
  assign ctl_valid = (st_q == SIns) || (st_q == SFree && idle_ok);
  assign ctl_op = (st_q == SIns) ? 2'd1 : 2'd2;
  assign ctl_tuple = {t_q.pip, ipv4_i, t_q.pport, t_q.lport};

  // ------------------------------------------------------------------
  // the stream arithmetic of the TCB being processed (t_q)
  // RFC 6928 initial window: 10 segments
  function automatic logic [31:0] iw(input logic [15:0] mss);
    iw = {13'd0, mss, 3'd0} + {15'd0, mss, 1'b0};
  endfunction
  function automatic logic [31:0] min32(input logic [31:0] a, input logic [31:0] b);
    min32 = (a < b) ? a : b;
  endfunction
  // the receive window: the receive buffer's free space when the stream
  // has one, else RCV.WND as configured
  function automatic logic [31:0] rwnd_f(input logic [4:0] lg, input logic [31:0] rcv_nxt,
                                         input logic [31:0] irs, input logic [31:0] rx_read,
                                         input logic [31:0] rcv_wnd, input logic [7:0] ulp);
    if (lg == 5'd0 || ulp != 8'(wn_abi_pkg::CPL_ULP_MODE_STREAMING)) rwnd_f = rcv_wnd;
    else rwnd_f = (32'd1 << lg) - ((rcv_nxt - irs - 32'd1) - rx_read);
  endfunction
  // the window a SYN or SYN-ACK advertises: none while a streaming
  // connection has no receive buffer, since its data could not be taken
  // (rx_take) and a peer sending at once (an MPA initiator's request, RFC
  // 5044 §7.1) would lose it to a retransmission timeout; the buffer's
  // arrival opens it with a window update (RFC 9293 §3.8.6.2.2). Later
  // segments advertise RCV.WND as ever, so a connection that never gets a
  // buffer (a peer's FIN must fit the window) opens it with its first ACK.
  function automatic logic [31:0] awnd_f(input logic [4:0] lg, input logic [31:0] rcv_nxt,
                                         input logic [31:0] irs, input logic [31:0] rx_read,
                                         input logic [31:0] rcv_wnd, input logic [7:0] ulp,
                                         input logic syn);
    if (syn && lg == 5'd0 && ulp == 8'(wn_abi_pkg::CPL_ULP_MODE_STREAMING)) awnd_f = 32'd0;
    else awnd_f = rwnd_f(lg, rcv_nxt, irs, rx_read, rcv_wnd, ulp);
  endfunction

  logic        sync_st, send_st, rto_idle;
  logic [31:0] tq_off_una, tq_off_nxt, tq_size, tq_avail, tq_inflight, tq_wnd, tq_room, tq_cnt;
  logic [31:0] tq_pos, tq_space, tq_raw, tq_fin_out;
  logic        tq_hold;
  assign sync_st = (s == 4'(wn_abi_pkg::TCP_STATE_ESTABLISHED) ||
                    s == 4'(wn_abi_pkg::TCP_STATE_FIN_WAIT_1) ||
                    s == 4'(wn_abi_pkg::TCP_STATE_FIN_WAIT_2) ||
                    s == 4'(wn_abi_pkg::TCP_STATE_CLOSE_WAIT) ||
                    s == 4'(wn_abi_pkg::TCP_STATE_CLOSING) ||
                    s == 4'(wn_abi_pkg::TCP_STATE_LAST_ACK)) && !t_q.abw;
  // states in which we may still send data (our FIN not sent)
  assign send_st = (s == 4'(wn_abi_pkg::TCP_STATE_ESTABLISHED) ||
                    s == 4'(wn_abi_pkg::TCP_STATE_CLOSE_WAIT) ||
                    ((s == 4'(wn_abi_pkg::TCP_STATE_FIN_WAIT_1) ||
                      s == 4'(wn_abi_pkg::TCP_STATE_LAST_ACK)) && !t_q.fin_sent)) &&
                   !t_q.abw && t_q.tx_log != 5'd0;
  // no retransmission timer runs (the keepalive wait shares the timer and
  // gives way to it)
  assign rto_idle = !t_q.tmr_on || t_q.ka_mode;
  assign tq_fin_out = {31'd0, t_q.fin_sent};
  assign tq_off_una = t_q.snd_una - t_q.iss - 32'd1;
  assign tq_off_nxt = t_q.snd_nxt - t_q.iss - 32'd1 - tq_fin_out;
  assign tq_size = 32'd1 << t_q.tx_log;
  // bytes written and not yet sent, never more than the buffer holds past SND.UNA
  assign tq_raw = t_q.tx_end - tq_off_nxt;
  assign tq_space = tq_size - (tq_off_nxt - tq_off_una);
  // an RDMA connection's bytes are in wn_rdma_tx's log, not a buffer
  assign tq_avail = (t_q.ulp == 8'(wn_abi_pkg::CPL_ULP_MODE_RDMA)) ? tq_raw :
                    (t_q.tx_log == 5'd0) ? 32'd0 : (tq_raw > tq_space ? tq_space : tq_raw);
  assign tq_inflight = t_q.snd_nxt - t_q.snd_una;
  assign tq_wnd = min32(t_q.cwnd, t_q.snd_wnd);
  assign tq_room = (tq_wnd > tq_inflight) ? tq_wnd - tq_inflight : 32'd0;
  assign tq_cnt = min32(min32(tq_avail, tq_room), {16'd0, t_q.mss});
  // an RDMA connection's segments each carry one FPDU (wn_rdma_tx starts a
  // message's FPDUs on a segment boundary, a full FPDU being one MSS): a
  // window with room for less than the next segment would cut an FPDU and
  // shift every later one across two segments, so the segment waits for
  // the ACKs of what is in flight to open the window (RFC 5044 Appendix A:
  // FPDUs aligned with segments). With nothing in flight no ACK will come
  // and the window can hold no whole segment: what fits goes, as for a
  // stream.
  assign tq_hold = t_q.ulp == 8'(wn_abi_pkg::CPL_ULP_MODE_RDMA) && tq_inflight != 32'd0 &&
                   tq_room < min32(tq_avail, {16'd0, t_q.mss});
  assign tq_pos = tq_off_nxt & (tq_size - 32'd1);
  assign t_rwnd = rwnd_f(t_q.rx_log, t_q.rcv_nxt, t_q.irs, t_q.rx_read, t_q.rcv_wnd, t_q.ulp);

  // congestion control and RTT estimation: fed with the TCB and the
  // segment one cycle before they are applied (SRxChk -> SRxProc, STmrCc
  // -> STmrProc)
  logic        cc_new, cc_dup, cc_to, cc_ev_q, rto_smp, rto_ev_q;
  logic [31:0] cc_cwnd, cc_ssthresh, cc_ca, cc_recover;
  logic [1:0]  cc_dups;
  logic        cc_inrec, cc_retx;
  logic [34:0] rto_srtt8;
  logic [33:0] rto_rttvar4;
  logic [31:0] rto_rto;
  assign cc_new = (st_q == SRxChk) && sync_st && !again_q && sc_verdict == 2'd0 && sc_ack_new;
  assign cc_dup = (st_q == SRxChk) && sync_st && !again_q && sc_dup && t_q.tx_log != 5'd0;
  assign cc_to = (st_q == STmrCc);
  assign rto_smp = cc_new && t_q.rtt_on && !lt32(r_ack, t_q.rtt_seq);
  wn_tcp_cc u_cc (
      .clk_i,
      .rst_i,
      .new_ack_i   (cc_new),
      .dup_ack_i   (cc_dup),
      .timeout_i   (cc_to),
      .acked_i     (r_ack - t_q.snd_una),
      .ack_seq_i   (cc_to ? t_q.snd_una : r_ack),
      .snd_nxt_i   (t_q.snd_max),
      .flight_i    (t_q.snd_max - t_q.snd_una),
      .smss_i      (t_q.mss),
      .cwnd_i      (t_q.cwnd),
      .ssthresh_i  (t_q.ssthresh),
      .ca_bytes_i  (t_q.ca_bytes),
      .dup_acks_i  (t_q.dup_acks),
      .in_rec_i    (t_q.in_rec),
      .recover_i   (t_q.recover),
      .cwnd_o      (cc_cwnd),
      .ssthresh_o  (cc_ssthresh),
      .ca_bytes_o  (cc_ca),
      .dup_acks_o  (cc_dups),
      .in_rec_o    (cc_inrec),
      .recover_o   (cc_recover),
      .retransmit_o(cc_retx)
  );
  wn_tcp_rto u_rto (
      .clk_i,
      .rst_i,
      .sample_i     (rto_smp),
      .first_i      (t_q.srtt8 == 35'd0),
      .rtt_i        (now_q - t_q.rtt_ts),
      .timeout_i    (1'b0),
      .srtt8_i      (t_q.srtt8),
      .rttvar4_i    (t_q.rttvar4),
      .rto_i        (t_q.rto),
      .granularity_i(32'(NumConns / ClockMhz + 1)),
      .min_rto_i    (t_q.rto_min),
      .max_rto_i    (t_q.rto_max),
      .srtt8_o      (rto_srtt8),
      .rttvar4_o    (rto_rttvar4),
      .rto_o        (rto_rto)
  );
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      cc_ev_q <= 1'b0;
      rto_ev_q <= 1'b0;
    end else begin
      cc_ev_q <= cc_new || cc_dup || cc_to;
      rto_ev_q <= rto_smp;
    end
  end

  // connections with bytes to send (or a FIN after them), each queued once
  logic [TidW-1:0] rdy_tid, rdy_head;
  logic            rdy_push, rdy_valid, rdy_pop, rdy_wready;
  logic [TidW:0]   rdy_count;
  wn_fifo #(
      .Width(TidW),
      .Depth(NumConns)
  ) u_rdy (
      .clk_i,
      .rst_i,
      .wdata_i (rdy_tid),
      .wvalid_i(rdy_push),
      .wready_o(rdy_wready),
      .rdata_o (rdy_head),
      .rvalid_o(rdy_valid),
      .rready_i(rdy_pop),
      .count_o (rdy_count)
  );

  // ------------------------------------------------------------------
  // next state and outputs of the FSM
  // Every event may queue one control segment, one data segment request
  // (an ACK's fast retransmission, a persist probe, a send turn) and one
  // CPL message. A send turn needs one more free slot of the data segment
  // queue than the other events: a sender keeps that queue full (one
  // request per frame on the wire), and if a full queue held every event
  // back until wn_tcp_tx_seg took a request, the received segments (about
  // as many, at line rate both ways) would pile up until admission
  // dropped them.
  logic idle_ok, tx_go;
  assign idle_ok = !out_busy_q && seg_count <= 4'd6 && !init_q && tq_count <= 4'd7 &&
                   vf_count <= 6'd30 && cqt_count <= 5'd14;
  assign tx_go = rdy_valid && tq_count <= 4'd6;

  // New-connection work is paced apart from the established connections'
  // (a token bucket): a SYN without ACK costs the FSM far more than a data
  // segment (lookup, option walk, TCB insert, PASS_ACCEPT_REQ to the CP and
  // its answer), so a flood taken at the rate it arrives would take the
  // FSM from the streams. A SYN record is taken only with a token (one per
  // SynCycles cycles, at most SynBurst saved), and never twice in a row
  // while established work waits; the SYN queue holds what waits, and
  // admission refuses the rest.
  localparam int SynPw = (SynCycles > 2) ? $clog2(SynCycles) : 1;
  logic [SynPw-1:0] syn_pre_q;
  logic [4:0]       syn_tok_q;
  logic             syn_start, syn_go, ev_syn_q;
  assign syn_go = syn_valid && syn_tok_q != 5'd0;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      syn_pre_q <= '0;
      syn_tok_q <= 5'(SynBurst);
    end else begin
      syn_pre_q <= (syn_pre_q == SynPw'(SynCycles - 1)) ? '0 : syn_pre_q + SynPw'(1);
      if (syn_pre_q == SynPw'(SynCycles - 1) && syn_tok_q != 5'(SynBurst)) begin
        if (!syn_start) syn_tok_q <= syn_tok_q + 5'd1;
      end else if (syn_start) begin
        syn_tok_q <= syn_tok_q - 5'd1;
      end
    end
  end

  logic [1:0] sc_v_q;
  // the second pass over a segment (SAgain) keeps the first pass's verdict
  logic again_q, vd_keep;
  vd_t  vd_hold_q, vd_discard;
  assign vd_discard = '0;
  always_comb begin
    st_n = st_q;
    t_n = t_q;
    t_upd = 1'b0;
    tcb_rd = 1'b0;
    tcb_we = 1'b0;
    rec_pop = 1'b0;
    syn_pop = 1'b0;
    r_done = 1'b0;
    syn_start = 1'b0;
    in_done = 1'b0;
    exp_take = 1'b0;
    db_pop = 1'b0;
    rdy_push = 1'b0;
    rdy_pop = 1'b0;
    rdy_tid = tid_q;
    tq_push = 1'b0;
    tq_n = tq_head;
    tq_n.dmac = t_q.pmac;
    tq_n.dip = t_q.pip;
    tq_n.sport = t_q.lport;
    tq_n.dport = t_q.pport;
    tq_n.tag = 16'(tid_q);
    vd_n = again_q ? vd_hold_q : vd_discard;
    nf_push = 1'b0;
    nf_n = 73'd0;
    cqt_push = 1'b0;
    ack_n = 1'b0;
    cqt_n = 152'd0;
    vd_keep = 1'b0;
    lk_valid = 1'b0;
    free_pop = 1'b0;
    free_push = 1'b0;
    free_push_tid = tid_q;
    out_load = 1'b0;
    out_op = 8'd0;
    out_id = 32'd0;
    out_body_words = 4'd0;
    out_body = 320'd0;
    seg_load = 1'b0;
    seg_n = seg_q;
    seg_n.dmac = t_q.pmac;
    seg_n.dip = t_q.pip;
    seg_n.sport = t_q.lport;
    seg_n.dport = t_q.pport;
    seg_n.opt_words = 2'd0;
    seg_n.opt = 96'd0;
    cnt_rx_drop_o = (rec_push && !rec_wready) || (syn_push && !syn_wready) || cnt_adm_drop;
    cnt_rx_rst_sent_o = 1'b0;
    l_set = 1'b0;
    l_clr = 1'b0;
    cnt_cpl_bad_o = 1'b0;

    unique case (st_q)
      // ---------------------------------------------------------
      SIdle: begin
        if (idle_ok) begin
          if (in_full_q) begin
            if (!words_ok || !op_known || c_len != want_len) begin
              // unknown opcode or a length that does not fit: answer
              // BAD_LENGTH / drop (docs/cpl.md "Conventions")
              in_done = 1'b1;
              cnt_cpl_bad_o = 1'b1;
              if (op_known && op_has_rpl) begin
                out_load = 1'b1;
                out_op = rpl_op;
                out_id = c_id;
                out_body_words = (c_op == 8'(wn_abi_pkg::CPL_OPCODE_SET_TCB_FIELD) ||
                                  c_op == 8'(wn_abi_pkg::CPL_OPCODE_CLOSE_CON_REQ)) ? 4'd4 : 4'd2;
                out_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_BAD_LENGTH);
                if (c_op == 8'(wn_abi_pkg::CPL_OPCODE_ACT_OPEN_REQ))
                  out_body[63:32] = wn_abi_pkg::CPL_TID_NONE;
              end
            end else begin
              st_n = SCplTcb;
            end
          end else if (db_valid) begin
            if (db_tid >= 16'(NumConns)) begin
              db_pop = 1'b1;
              cnt_cpl_bad_o = 1'b1;
            end else begin
              st_n = SDbTcb;
            end
          end else if (exp_valid_q) begin
            st_n = STmrTcb;
          end else if (syn_go && !(ev_syn_q && (rec_valid || tx_go))) begin
            // a SYN with a token, never two in a row while other work waits
            if (syn_rec[RecW-1]) begin
              st_n = SRxLook;
              syn_start = 1'b1;
            end else syn_pop = 1'b1;  // a bad frame
          end else if (rec_valid && !(tx_go && ev_rx_q)) begin
            // segments and sending alternate when both wait
            if (rec[RecW-1]) st_n = SRxLook;
            else rec_pop = 1'b1;  // a bad frame: its verdict is discard
          end else if (tx_go) begin
            st_n = STxTcb;
          end
        end
      end

      // ---------------------------------------------------------
      // segments
      SRxLook: begin
        lk_valid = 1'b1;
        if (lk_ready) st_n = SRxLookW;
      end
      SRxLookW: begin
        if (lk_rsp_valid) begin
          if (lk_hit) begin
            tcb_rd = 1'b1;
            st_n = SRxTcb;
          end else if (r_syn && !r_ack_f && !r_rst && lm_hit) begin
            st_n = SRxOpt;
          end else begin
            // no connection (RFC 9293 §3.10.7.1): answer anything but a
            // RST with a RST
            r_done = 1'b1;
            st_n = SIdle;
            if (!r_rst) begin
              seg_load = 1'b1;
              cnt_rx_rst_sent_o = 1'b1;
              seg_n.dmac = r_smac;
              seg_n.dip = r_sip;
              seg_n.sport = r_dport;
              seg_n.dport = r_sport;
              seg_n.win = 16'd0;
              if (r_ack_f) begin
                seg_n.seq = r_ack;
                seg_n.ack = 32'd0;
                seg_n.flags = FlRst;
              end else begin
                seg_n.seq = 32'd0;
                seg_n.ack = r_seq + {18'd0, r_plen} + {31'd0, r_syn} + {31'd0, r_fin};
                seg_n.flags = FlRst | FlAck;
              end
            end else begin
              cnt_rx_drop_o = 1'b1;
            end
          end
        end
      end
      SRxTcb: begin
        // t_q valid now
        st_n = (r_syn && (t_q.st == 4'(wn_abi_pkg::TCP_STATE_SYN_SENT))) ? SRxOpt : SRxChk;
      end
      SRxOpt: begin
        if ({1'b0, ow_i_q} >= ow_end || ow_kind == 8'd0) st_n = lk_hit_q ? SRxChk : SRxNew;
      end
      SRxChk: begin
        // wn_tcp_seq_check answers this cycle for the TCB read before
        st_n = SRxProc;
      end
      SRxNew: begin
        // a SYN for a listener: allocate a tid and insert the tuple
        if (!free_valid) begin
          r_done = 1'b1;
          cnt_rx_drop_o = 1'b1;
          st_n = SIdle;
        end else begin
          free_pop = 1'b1;
          st_n = SIns;
          t_upd = 1'b1;
          new_tcb();
          t_n.st = 4'(wn_abi_pkg::TCP_STATE_SYN_RECEIVED);
          t_n.pend = 1'b1;
          t_n.owner = l_stid_q[lm_idx];
          t_n.pip = r_sip;
          t_n.lport = r_dport;
          t_n.pport = r_sport;
          t_n.pmac = r_smac;
          t_n.irs = r_seq;
          t_n.rcv_nxt = r_seq + 32'd1;
          t_n.snd_wnd = {16'd0, r_win};
          t_n.max_wnd = {16'd0, r_win};
          t_n.opt = (l_opt_q[lm_idx] & (wn_abi_pkg::CPL_TCP_OPT_NODELAY |
                                        wn_abi_pkg::CPL_TCP_OPT_KEEPALIVE)) |
                    (ow_ws_q ? wn_abi_pkg::CPL_TCP_OPT_WSCALE : 8'd0) |
                    (ow_sack_q ? wn_abi_pkg::CPL_TCP_OPT_SACK : 8'd0);
          t_n.snd_ws = ow_ws_q ? ow_ws_v_q : 4'd0;
          t_n.rcv_ws = l_ws_q[lm_idx];
          t_n.peer_mss = ow_mss_q ? ow_mss_v_q : 16'd536;
          if (l_mss_q[lm_idx] != 16'd0 && l_mss_q[lm_idx] < t_n.mss) t_n.mss = l_mss_q[lm_idx];
          if (t_n.peer_mss < t_n.mss) t_n.mss = t_n.peer_mss;
          if (l_wnd_q[lm_idx] != 32'd0) t_n.rcv_wnd = l_wnd_q[lm_idx];
        end
      end
      SRxProc: begin
        r_done = 1'b1;
        st_n = SIdle;
        rx_proc();
      end

      // ---------------------------------------------------------
      // CPL messages from the CP
      SCplTcb: begin
        if (c_op == 8'(wn_abi_pkg::CPL_OPCODE_ACT_OPEN_REQ) ||
            c_op == 8'(wn_abi_pkg::CPL_OPCODE_PASS_OPEN_REQ) ||
            c_op == 8'(wn_abi_pkg::CPL_OPCODE_CLOSE_LISTSRV_REQ)) begin
          st_n = SCplProc;
        end else if (!id_ok) begin
          in_done = 1'b1;
          cnt_cpl_bad_o = 1'b1;
          st_n = SIdle;
          if (op_has_rpl) begin
            out_load = 1'b1;
            out_op = rpl_op;
            out_id = c_id;
            out_body_words = (c_op == 8'(wn_abi_pkg::CPL_OPCODE_SET_TCB_FIELD) ||
                              c_op == 8'(wn_abi_pkg::CPL_OPCODE_CLOSE_CON_REQ)) ? 4'd4 : 4'd2;
            out_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_BAD_ID);
          end
        end else begin
          tcb_rd = 1'b1;
          st_n = SCplProc;
        end
      end
      SCplProc: begin
        in_done = 1'b1;
        st_n = SIdle;
        cpl_proc();
      end

      // ---------------------------------------------------------
      // inserting a new connection's tuple (t_n holds the new TCB)
      SIns: begin
        if (ctl_ready) st_n = SInsW;
      end
      SInsW: begin
        if (ctl_done) begin
          st_n = SIdle;
          ins_done();
        end
      end

      // freeing a tid: delete the tuple, return the tid
      SFree: begin
        if (idle_ok && ctl_ready) st_n = SFreeW;
      end
      SFreeW: begin
        if (ctl_done) begin
          free_push = 1'b1;
          st_n = SIdle;
        end
      end

      // ---------------------------------------------------------
      // timers
      STmrTcb: begin
        tcb_rd = 1'b1;
        st_n = STmrCc;
      end
      STmrCc: begin
        // t_q valid; wn_tcp_cc computes the timeout's update
        st_n = STmrProc;
      end

      // ---------------------------------------------------------
      // the send scheduler: one segment of a ready connection
      STxTcb: begin
        tcb_rd = 1'b1;
        st_n = STxProc;
      end
      STxProc: begin
        rdy_pop = 1'b1;
        st_n = SIdle;
        tx_proc();
      end
      STmrProc: begin
        exp_take = 1'b1;
        st_n = SIdle;
        tmr_proc();
      end

      // a doorbell: the stream's new send end or read point
      SDbTcb: begin
        tcb_rd = 1'b1;
        st_n = SDbProc;
      end
      SDbProc: begin
        db_pop = 1'b1;
        st_n = SIdle;
        if (t_q.st != 4'(wn_abi_pkg::TCP_STATE_CLOSED) && !t_q.abw) begin
          tcb_we = 1'b1;
          if (db_rx) begin
            t_n.rx_read = db_val;
            // the window reopens from below one segment: a window update
            if (t_q.rx_log != 5'd0 && sync_st && t_rwnd < {16'd0, t_q.mss} &&
                t_rwnd + (db_val - t_q.rx_read) >= {16'd0, t_q.mss})
              send(FlAck, t_q.snd_nxt);
          end else begin
            t_n.tx_end = db_val;
            if (send_st && !t_q.sched && (db_val - tq_off_nxt) != 32'd0) begin
              rdy_push = rdy_wready;
              t_n.sched = rdy_wready;
            end
          end
        end
      end

      // the same segment again, on the updated TCB
      SAgain: begin
        if (idle_ok) st_n = SRxChk;
      end
      default: st_n = SIdle;
    endcase
    // the record is done: a SYN's leaves its own queue (it has no verdict)
    if (r_done) begin
      if (ev_syn_q) syn_pop = 1'b1;
      else rec_pop = 1'b1;
    end
    // SND.MAX follows every advance of SND.NXT
    if (lt32(t_n.snd_max, t_n.snd_nxt)) t_n.snd_max = t_n.snd_nxt;
    // keepalive: an idle connection (no timer running) waits KEEPALIVE_IDLE
    // for its first probe; a connection that stops asking for it, or
    // leaves ESTABLISHED/CLOSE_WAIT, stops waiting
    if (tcb_we) begin
      if (ka_want(t_n.opt, t_n.st) && !t_n.tmr_on && !t_n.abw) begin
        t_n.tmr_on = 1'b1;
        t_n.ka_mode = 1'b1;
        t_n.ka_probes = 8'd0;
        t_n.tmr_dl = now_q + ka_chunk(t_n.ka_idle);
        t_n.ka_rem = t_n.ka_idle - {8'd0, ka_chunk(t_n.ka_idle)};
      end else if (!ka_want(t_n.opt, t_n.st) && t_n.ka_mode) begin
        t_n.tmr_on = 1'b0;
        t_n.ka_mode = 1'b0;
      end
    end
  end
  // keepalive asked for and the state allows it
  function automatic logic ka_want(input logic [7:0] opt, input logic [3:0] st);
    ka_want = (opt & wn_abi_pkg::CPL_TCP_OPT_KEEPALIVE) != 8'd0 &&
              (st == 4'(wn_abi_pkg::TCP_STATE_ESTABLISHED) ||
               st == 4'(wn_abi_pkg::TCP_STATE_CLOSE_WAIT));
  endfunction
  // a timer span of at most 2^30 µs (deadlines compare in 32 bits)
  function automatic logic [31:0] ka_chunk(input logic [39:0] t);
    ka_chunk = (t > 40'h0_4000_0000) ? 32'h4000_0000 : t[31:0];
  endfunction

  // ------------------------------------------------------------------
  // helpers of the combinational FSM (they write the always_comb outputs)

  // arm the retransmission timer with the current RTO
  task automatic arm_rto();
    t_n.tmr_on = 1'b1;
    t_n.ka_mode = 1'b0;
    t_n.tmr_dl = now_q + t_n.rto;
  endtask

  // back off (RFC 6298 §5.5) and re-arm
  task automatic backoff();
    t_n.retx = t_n.retx + 8'd1;
    t_n.rto = (t_n.rto > (t_n.rto_max >> 1)) ? t_n.rto_max : (t_n.rto << 1);
    arm_rto();
  endtask

  // a segment of this connection with flags fl at sequence number sq; a
  // pure ACK carries SND.MAX instead: after a rewind (go-back-N) SND.NXT
  // may lie below the peer's RCV.NXT, and a zero-length segment there is
  // unacceptable to the peer (RFC 9293 §3.10.7.4), which would drop the
  // ACK unread; SND.MAX is what RFC 9293 calls SND.NXT
  task automatic send(input logic [7:0] fl, input logic [31:0] sq);
    seg_load = 1'b1;
    seg_n.seq = (fl != FlAck) ? sq : lt32(t_n.snd_max, t_n.snd_nxt) ? t_n.snd_nxt : t_n.snd_max;
    // every segment but a SYN carries the ACK: nothing is due any more
    t_n.ack_due = 1'b0;
    t_n.dack_on = 1'b0;
    seg_n.ack = ((fl & FlAck) != 8'd0) ? t_n.rcv_nxt : 32'd0;
    seg_n.flags = fl;
    // a SYN's window is never scaled (RFC 7323 §2.2)
    seg_n.win = adv_win(awnd_f(t_n.rx_log, t_n.rcv_nxt, t_n.irs, t_n.rx_read, t_n.rcv_wnd, t_n.ulp,
                               (fl & FlSyn) != 8'd0),
                        ((fl & FlSyn) != 8'd0) ? 4'd0 : t_n.rcv_ws);
    if ((fl & FlSyn) != 8'd0) begin
      // MSS, then NOP and window scale when offered (RFC 9293 §3.7.1,
      // RFC 7323 §2.2), then NOP NOP and SACK-permitted when offered
      // (RFC 2018 §2)
      if ((t_n.opt & wn_abi_pkg::CPL_TCP_OPT_WSCALE) != 8'd0) begin
        seg_n.opt_words = ((t_n.opt & wn_abi_pkg::CPL_TCP_OPT_SACK) != 8'd0) ? 2'd3 : 2'd2;
        seg_n.opt = {8'd2, 8'd4, t_n.mss, 8'd1, 8'd3, 8'd3, 4'd0, t_n.rcv_ws, 32'h0101_0402};
      end else begin
        seg_n.opt_words = 2'd2;
        seg_n.opt = {8'd2, 8'd4, t_n.mss,
                     ((t_n.opt & wn_abi_pkg::CPL_TCP_OPT_SACK) != 8'd0) ? 32'h0101_0402 : 32'h0101_0101,
                     32'd0};
      end
    end else if (fl == FlAck && t_n.ooo_on && (t_n.opt & wn_abi_pkg::CPL_TCP_OPT_SACK) != 8'd0) begin
      // the out-of-order range as one SACK block (RFC 2018 §3, §4)
      seg_n.opt_words = 2'd3;
      seg_n.opt = {32'h0101_050a, t_n.ooo_lo, t_n.ooo_hi};
    end
  endtask

  // a data segment of `n` bytes at sequence number `sq`, read from the send
  // buffer at `pos` (wrapping at its end) by wn_tcp_tx_seg
  task automatic push_data(input logic [31:0] sq, input logic [7:0] fl, input logic [31:0] pos,
                           input logic [31:0] n);
    tq_push = 1'b1;
    tq_n.seq = sq;
    t_n.ack_due = 1'b0;
    t_n.dack_on = 1'b0;
    t_n.c_tx = t_q.c_tx + 32'd1;
    if (lt32(sq, t_q.snd_max)) t_n.c_retx = t_q.c_retx + 32'd1;
    tq_n.ack = t_n.rcv_nxt;
    tq_n.flags = fl;
    tq_n.win = adv_win(rwnd_f(t_n.rx_log, t_n.rcv_nxt, t_n.irs, t_n.rx_read, t_n.rcv_wnd, t_n.ulp), t_n.rcv_ws);
    tq_n.addr0 = t_q.tx_addr + 64'(pos);
    tq_n.len0 = 14'(min32(n, tq_size - pos));
    tq_n.addr1 = t_q.tx_addr;
    tq_n.len1 = 14'(n - min32(n, tq_size - pos));
    if (t_q.ulp == 8'(wn_abi_pkg::CPL_ULP_MODE_RDMA)) begin
      // wn_rdma_tx serves the bytes: {1, QP, stream offset, 16 zero bits}
      tq_n.addr0 = {1'b1, t_q.qpid[14:0], sq - t_q.iss - 32'd1, 16'd0};
      tq_n.len0 = 14'(n);
      tq_n.len1 = 14'd0;
    end
  endtask

  // a CPL message to the CP
  task automatic post(input logic [7:0] op, input logic [31:0] id, input logic [3:0] words);
    out_load = 1'b1;
    out_op = op;
    out_id = id;
    out_body_words = words;
  endtask

  // the ESTABLISH body (ACT_ESTABLISH and PASS_ESTABLISH share the layout)
  task automatic establish_body();
    out_body[31:0] = t_n.owner;
    out_body[63:32] = t_n.iss;
    out_body[95:64] = t_n.irs;
    out_body[127:96] = t_n.snd_wnd;
    out_body[143:128] = t_n.mss;
    out_body[151:144] = t_n.opt;
    out_body[159:152] = {4'd0, t_n.snd_ws};
    out_body[167:160] = {4'd0, t_n.rcv_ws};
  endtask

  // the TCB leaves: no more timers; the tid returns once the outputs are out
  task automatic free_tcb();
    t_n.st = 4'(wn_abi_pkg::TCP_STATE_CLOSED);
    t_n.tmr_on = 1'b0;
    t_n.abw = 1'b0;
    t_n.pend = 1'b0;
    tcb_we = 1'b1;
    st_n = SFree;
  endtask

  // the HW aborts the connection: RST (unless told not to), ABORT_REQ to the CP
  task automatic hw_abort(input logic [7:0] status, input logic rst);
    if (rst) send(FlRst | FlAck, t_n.snd_nxt);
    post(8'(wn_abi_pkg::CPL_OPCODE_ABORT_REQ), 32'(tid_q), 4'd2);
    out_body[7:0] = status;
    out_body[15:8] = rst ? 8'd0 : 8'(wn_abi_pkg::CPL_ABORT_FLAGS_NO_RST);
    out_body[63:32] = t_n.snd_nxt;
    t_n.abw = 1'b1;
    t_n.tmr_on = 1'b0;
    t_n.st = 4'(wn_abi_pkg::TCP_STATE_CLOSED);
    tcb_we = 1'b1;
  endtask

  // a new connection's tuple went into the lookup table
  task automatic ins_done();
    if (ctl_status != 2'd0) begin
      // the tuple exists (ADDR_IN_USE) or the table is full: give the tid back
      free_push = 1'b1;
      if (!ev_rx_q) begin
        post(8'(wn_abi_pkg::CPL_OPCODE_ACT_OPEN_RPL), c_id, 4'd2);
        out_body[7:0] = (ctl_status == 2'd1) ? 8'(wn_abi_pkg::CPL_STATUS_ADDR_IN_USE)
                                             : 8'(wn_abi_pkg::CPL_STATUS_NO_RESOURCES);
        out_body[63:32] = wn_abi_pkg::CPL_TID_NONE;
        in_done = 1'b1;
      end else begin
        r_done = 1'b1;
        cnt_rx_drop_o = 1'b1;
      end
    end else begin
      tcb_we = 1'b1;
      if (!ev_rx_q) begin
        // ACT_OPEN_REQ: SYN (RFC 9293 §3.10.1)
        in_done = 1'b1;
        send(FlSyn, t_n.iss);
      end else begin
        // SYN for a listener: ask the CP
        r_done = 1'b1;
        post(8'(wn_abi_pkg::CPL_OPCODE_PASS_ACCEPT_REQ), 32'(tid_q), 4'd10);
        out_body[31:0] = t_n.owner;
        out_body[63:32] = r_dip;
        out_body[95:64] = r_sip;
        out_body[111:96] = r_dport;
        out_body[127:112] = r_sport;
        out_body[159:128] = r_seq;
        out_body[175:160] = r_win;
        out_body[191:176] = ow_mss_q ? ow_mss_v_q : 16'd0;
        out_body[199:192] = (ow_ws_q ? wn_abi_pkg::CPL_TCP_OPT_WSCALE : 8'd0) |
                            (ow_sack_q ? wn_abi_pkg::CPL_TCP_OPT_SACK : 8'd0);
        out_body[207:200] = {4'd0, ow_ws_v_q};
        out_body[271:224] = mac_swap(r_smac);
      end
    end
  endtask

  // our FIN acknowledged by the segment; the peer's FIN in order (after
  // all of the segment's payload: placed in this pass, or in the first
  // pass when this is the second)
  logic [3:0] s;
  logic       fin_acked, fin_here, fin_seq_ok;
  assign fin_seq_ok = again_q ? (r_seq + {18'd0, r_plen} == t_q.rcv_nxt) :
                      (r_plen == 14'd0) ? (r_seq == t_q.rcv_nxt) :
                      (rx_take && rx_fits && rx_n == rx_end - t_q.rcv_nxt);
  assign s = t_q.st;
  assign fin_acked = t_q.fin_max && r_ack == t_q.snd_max &&
                     (s == 4'(wn_abi_pkg::TCP_STATE_FIN_WAIT_1) ||
                      s == 4'(wn_abi_pkg::TCP_STATE_CLOSING) ||
                      s == 4'(wn_abi_pkg::TCP_STATE_LAST_ACK));
  assign fin_here = r_fin && fin_seq_ok &&
                    (s == 4'(wn_abi_pkg::TCP_STATE_ESTABLISHED) ||
                     s == 4'(wn_abi_pkg::TCP_STATE_FIN_WAIT_1) ||
                     s == 4'(wn_abi_pkg::TCP_STATE_FIN_WAIT_2));

  // the ACK's data bytes (our FIN takes a sequence number, not a byte)
  logic [31:0] ack_data, ra_off, ra_rn, ra_pos;
  assign ack_data = (r_ack - t_q.snd_una) - {31'd0, fin_acked};
  // a retransmission from the ACK's sequence number
  assign ra_off = r_ack - t_q.iss - 32'd1;
  assign ra_rn = min32(t_q.snd_max - r_ack - {31'd0, t_q.fin_max}, {16'd0, t_q.mss});
  assign ra_pos = ra_off & (tq_size - 32'd1);
  // received payload: from RCV.NXT on, as much as the window takes
  logic [31:0] rx_skip, rx_n, rx_pos, rx_len0, rx_size, rx_end;
  logic        rx_fits, rx_need_ack, rdma_m, rx_take;
  // RDMA mode: in-order payload goes to wn_rdma_rx, not to a stream buffer
  assign rdma_m = t_q.ulp == 8'(wn_abi_pkg::CPL_ULP_MODE_RDMA) || t_q.ulp == 8'(wn_abi_pkg::CPL_ULP_MODE_RDMA_RX);
  assign rx_take = t_q.rx_log != 5'd0 || rdma_m;
  assign rx_end = r_seq + {18'd0, r_plen};
  assign rx_fits = !lt32(t_q.rcv_nxt, r_seq) && lt32(t_q.rcv_nxt, rx_end);
  assign rx_skip = t_q.rcv_nxt - r_seq;
  assign rx_n = min32(rx_end - t_q.rcv_nxt, t_rwnd);
  assign rx_size = 32'd1 << t_q.rx_log;
  assign rx_pos = (t_q.rcv_nxt - t_q.irs - 32'd1) & (rx_size - 32'd1);
  assign rx_len0 = min32(rx_n, rx_size - rx_pos);
  // out of order: beyond RCV.NXT, inside the window, no FIN, touching or
  // overlapping the range already kept (or none kept)
  logic        oo_ok;
  logic [31:0] oo_pos, oo_len0;
  assign oo_ok = !again_q && r_plen != 14'd0 && t_q.rx_log != 5'd0 && !rdma_m && !r_fin &&
                 lt32(t_q.rcv_nxt, r_seq) && (rx_end - t_q.rcv_nxt) <= t_rwnd &&
                 (!t_q.ooo_on || (!lt32(t_q.ooo_hi, r_seq) && !lt32(rx_end, t_q.ooo_lo)));
  assign oo_pos = (r_seq - t_q.irs - 32'd1) & (rx_size - 32'd1);
  assign oo_len0 = min32({18'd0, r_plen}, rx_size - oo_pos);
  // a segment with payload is answered; an in-order full-sized segment
  // with no hole behind it may wait for the next one (RFC 5681 §4.2: an
  // ACK at least every second full-sized segment, and at once for
  // out-of-order data or data that fills a hole)
  logic dack_hold;
  assign dack_hold = t_q.delack != 32'd0 && !t_q.ack_due && !t_q.ooo_on && rx_fits &&
                     rx_n == rx_end - t_q.rcv_nxt && rx_skip == 32'd0 &&
                     rx_take && r_plen >= t_q.mss[13:0] && !r_fin;
  assign rx_need_ack = !again_q && r_plen != 14'd0;

  // PASS_ACCEPT_RPL's fields
  logic [7:0]  par_opt;
  logic [15:0] par_mss;
  logic [31:0] par_wnd;
  logic [3:0]  par_ws;
  assign par_opt = c_body[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_TCP_OPT_LSB +: 8];
  assign par_mss = c_body[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_MSS_LSB +: 16];
  assign par_wnd = c_body[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_RCV_WND_LSB +: 32];
  assign par_ws = c_body[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_RCV_WSCALE_LSB +: 4];

  // SET_TCB_FIELD takes the write
  logic sf_ok;
  logic sf_log_bad;
  assign sf_log_bad = (sf_field == 8'(wn_abi_pkg::TCB_FIELD_TX_BUF_LOG) ||
                       sf_field == 8'(wn_abi_pkg::TCB_FIELD_RX_BUF_LOG)) &&
                      sf_new != 64'd0 && (sf_new < 64'd12 || sf_new > 64'd30);
  assign sf_ok = !sf_bad && !sf_log_bad && !(sf_ro && sf_mask != 64'd0) &&
                 (s != 4'(wn_abi_pkg::TCP_STATE_CLOSED) || t_q.abw);

  // ---- a segment of a known connection (t_q: its TCB; sc_*: the checks)
  task automatic rx_proc();
    if (t_q.abw || s == 4'(wn_abi_pkg::TCP_STATE_CLOSED)) begin
      // aborted, waiting for the CP: nothing more on the wire
      cnt_rx_drop_o = 1'b1;
    end else if (s == 4'(wn_abi_pkg::TCP_STATE_SYN_SENT)) begin
      // RFC 9293 §3.10.7.3
      if (r_ack_f && (r_ack != t_q.snd_nxt)) begin
        if (!r_rst) begin
          seg_load = 1'b1;
          seg_n.seq = r_ack;
          seg_n.ack = 32'd0;
          seg_n.flags = FlRst;
          seg_n.win = 16'd0;
          cnt_rx_rst_sent_o = 1'b1;
        end else cnt_rx_drop_o = 1'b1;
      end else if (r_rst) begin
        if (r_ack_f) begin
          // refused
          post(8'(wn_abi_pkg::CPL_OPCODE_ACT_OPEN_RPL), t_q.owner, 4'd2);
          out_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_CONN_REFUSED);
          out_body[63:32] = 32'(tid_q);
          free_tcb();
        end else cnt_rx_drop_o = 1'b1;
      end else if (r_syn && r_ack_f) begin
        t_n.irs = r_seq;
        t_n.rcv_nxt = r_seq + 32'd1;
        t_n.snd_una = r_ack;
        t_n.snd_wnd = {16'd0, r_win};  // never scaled in a SYN (RFC 7323 §2.2)
        t_n.max_wnd = {16'd0, r_win};
        if (ow_ws_q && (t_q.opt & wn_abi_pkg::CPL_TCP_OPT_WSCALE) != 8'd0) begin
          t_n.snd_ws = ow_ws_v_q;
        end else begin
          t_n.snd_ws = 4'd0;
          t_n.rcv_ws = 4'd0;
          t_n.opt = t_q.opt & ~wn_abi_pkg::CPL_TCP_OPT_WSCALE;
        end
        t_n.opt = t_n.opt & ~((ow_sack_q ? 8'd0 : wn_abi_pkg::CPL_TCP_OPT_SACK) |
                              wn_abi_pkg::CPL_TCP_OPT_TIMESTAMPS | wn_abi_pkg::CPL_TCP_OPT_ECN);
        t_n.peer_mss = ow_mss_q ? ow_mss_v_q : 16'd536;
        if (ow_mss_q && ow_mss_v_q < t_q.mss) t_n.mss = ow_mss_v_q;
        else if (!ow_mss_q) t_n.mss = 16'd536;
        t_n.st = 4'(wn_abi_pkg::TCP_STATE_ESTABLISHED);
        t_n.tmr_on = 1'b0;
        t_n.retx = 8'd0;
        // TODO(#3): RTO from the handshake's RTT sample (RFC 6298 §2.2)
        t_n.rto = t_q.rto_min;
        t_n.cwnd = iw(t_n.mss);
        tcb_we = 1'b1;
        send(FlAck, t_n.snd_nxt);
        post(8'(wn_abi_pkg::CPL_OPCODE_ACT_ESTABLISH), 32'(tid_q), 4'd6);
        establish_body();
      end else begin
        // simultaneous open (a SYN alone) is not taken
        cnt_rx_drop_o = 1'b1;
      end
    end else if (s == 4'(wn_abi_pkg::TCP_STATE_SYN_RECEIVED)) begin
      if (t_q.pend) begin
        // the CP has not decided yet: a repeated SYN waits for it
        cnt_rx_drop_o = 1'b1;
      end else if (r_rst) begin
        // RFC 9293 §3.10.7.4: a RST in the window ends the embryonic connection
        // (RFC 5961 §3.2: exact match resets, elsewhere in the window a
        // challenge ACK)
        if (sc_v_q == 2'd3) hw_abort(8'(wn_abi_pkg::CPL_STATUS_CONN_RESET), 1'b0);
        else if (sc_v_q == 2'd2) send(FlAck, t_q.snd_nxt);
        else cnt_rx_drop_o = 1'b1;
      end else if (r_syn && !r_ack_f && r_seq == t_q.irs) begin
        // the SYN again: our SYN-ACK was lost
        send(FlSyn | FlAck, t_q.iss);
      end else if (r_ack_f && r_ack == t_q.snd_nxt && !r_syn) begin
        t_n.snd_una = r_ack;
        t_n.snd_wnd = {16'd0, r_win} << t_q.snd_ws;
        t_n.max_wnd = {16'd0, r_win} << t_q.snd_ws;
        t_n.st = 4'(wn_abi_pkg::TCP_STATE_ESTABLISHED);
        t_n.tmr_on = 1'b0;
        t_n.retx = 8'd0;
        t_n.rto = t_q.rto_min;
        t_n.cwnd = iw(t_q.mss);
        tcb_we = 1'b1;
        post(8'(wn_abi_pkg::CPL_OPCODE_PASS_ESTABLISH), 32'(tid_q), 4'd6);
        establish_body();
        // TODO(#3): data or FIN riding on the final ACK is not taken yet
      end else if (r_ack_f) begin
        // an unacceptable ACK: RST (RFC 9293 §3.10.7.4)
        seg_load = 1'b1;
        seg_n.seq = r_ack;
        seg_n.ack = 32'd0;
        seg_n.flags = FlRst;
        seg_n.win = 16'd0;
        cnt_rx_rst_sent_o = 1'b1;
      end else cnt_rx_drop_o = 1'b1;
    end else if (s == 4'(wn_abi_pkg::TCP_STATE_TIME_WAIT)) begin
      // the peer's FIN again: ACK it and restart 2 MSL (RFC 9293 §3.10.7.4)
      if (r_fin && !r_rst) begin
        t_n.tmr_dl = now_q + time_wait_i;
        tcb_we = 1'b1;
        send(FlAck, t_q.snd_nxt);
      end else cnt_rx_drop_o = 1'b1;
    end else begin
      // synchronized states
      unique case (sc_v_q)
        2'd3: hw_abort(8'(wn_abi_pkg::CPL_STATUS_CONN_RESET), 1'b0);
        2'd2: send(FlAck, t_q.snd_nxt);  // challenge or duplicate ACK
        2'd1: cnt_rx_drop_o = 1'b1;
        default: begin
          // acceptable, with a valid ACK
          tcb_we = 1'b1;
          if (t_q.ka_mode) begin
            // the peer is alive: the idle wait starts again (below)
            t_n.tmr_on = 1'b0;
            t_n.ka_mode = 1'b0;
            t_n.ka_probes = 8'd0;
          end
          ack_proc();
          data_proc();
          if (fin_acked) begin
            // our FIN is acknowledged
            t_n.tmr_on = 1'b0;
            t_n.retx = 8'd0;
            if (s == 4'(wn_abi_pkg::TCP_STATE_FIN_WAIT_1)) t_n.st = 4'(wn_abi_pkg::TCP_STATE_FIN_WAIT_2);
            else if (s == 4'(wn_abi_pkg::TCP_STATE_CLOSING)) begin
              t_n.st = 4'(wn_abi_pkg::TCP_STATE_TIME_WAIT);
              t_n.tmr_on = 1'b1;
              t_n.tmr_dl = now_q + time_wait_i;
            end else t_n.st = 4'(wn_abi_pkg::TCP_STATE_CLOSED);
            post(8'(wn_abi_pkg::CPL_OPCODE_CLOSE_CON_RPL), 32'(tid_q), 4'd4);
            out_body[15:8] = {4'd0, t_n.st};
            out_body[63:32] = t_n.snd_nxt;
            out_body[95:64] = t_n.rcv_nxt;
            if (t_n.st == 4'(wn_abi_pkg::TCP_STATE_CLOSED)) free_tcb();
            else if (fin_here) begin
              // the FIN in the same segment: a second pass
              st_n = SAgain;
              vd_keep = 1'b1;
            end else if (rx_need_ack) send(FlAck, t_n.snd_nxt);
          end else if (fin_here) begin
            // the peer's FIN after all its data (RFC 9293 §3.10.7.4, eighth check)
            t_n.rcv_nxt = t_n.rcv_nxt + 32'd1;
            if (s == 4'(wn_abi_pkg::TCP_STATE_ESTABLISHED)) t_n.st = 4'(wn_abi_pkg::TCP_STATE_CLOSE_WAIT);
            else if (s == 4'(wn_abi_pkg::TCP_STATE_FIN_WAIT_1)) t_n.st = 4'(wn_abi_pkg::TCP_STATE_CLOSING);
            else begin
              t_n.st = 4'(wn_abi_pkg::TCP_STATE_TIME_WAIT);
              t_n.tmr_on = 1'b1;
              t_n.tmr_dl = now_q + time_wait_i;
            end
            send(FlAck, t_n.snd_nxt);
            post(8'(wn_abi_pkg::CPL_OPCODE_PEER_CLOSE), 32'(tid_q), 4'd2);
            out_body[31:0] = t_n.rcv_nxt;
            out_body[39:32] = {4'd0, t_n.st};
          end else if (rx_need_ack) begin
            if (dack_hold) begin
              // the first of two full segments: its ACK waits
              t_n.ack_due = 1'b1;
              if (!t_q.dack_on) begin
                t_n.dack_on = 1'b1;
                t_n.dack_dl = now_q + t_q.delack;
              end
            end else send(FlAck, t_n.snd_nxt);
          end
        end
      endcase
      if (st_n == SAgain) begin
        // keep the record for the second pass
        r_done = 1'b0;
      end
    end
  endtask

  // ---- the ACK of an acceptable segment: SND.UNA, the peer's window,
  // congestion control (RFC 5681/6582), the RTO (RFC 6298 §5), send
  // space back to the host, and more sending
  task automatic ack_proc();
    if (lt32(t_q.snd_una, r_ack)) begin
      t_n.snd_una = r_ack;
      t_n.retx = 8'd0;
      // RFC 6298 §5.2/5.3: all acknowledged stops the timer, else restart it
      if (r_ack == t_q.snd_max) t_n.tmr_on = 1'b0;
      else arm_rto();
      // after going back to SND.UNA, an ACK for bytes sent before
      if (lt32(t_q.snd_nxt, r_ack)) t_n.snd_nxt = r_ack;
      if (fin_acked) begin
        t_n.fin_sent = 1'b1;
        t_n.fin_pend = 1'b0;
      end
      if (t_q.ulp == 8'(wn_abi_pkg::CPL_ULP_MODE_RDMA) && ack_data != 32'd0) begin
        ack_n = 1'b1;
      end else if (t_q.tx_log != 5'd0 && ack_data != 32'd0) begin
        cqt_push = 1'b1;
        cqt_n = {t_q.cqn, 16'(tid_q), 16'd0, 32'd0, r_ack - t_q.iss - 32'd1 - {31'd0, fin_acked},
                 ack_data, 8'(wn_abi_pkg::CQE_OPCODE_TCP_TX_ACKED),
                 8'(wn_abi_pkg::CQE_STATUS_SUCCESS)};
      end
    end
    t_n.snd_wnd = {16'd0, r_win} << t_q.snd_ws;
    if (t_n.snd_wnd > t_q.max_wnd) t_n.max_wnd = t_n.snd_wnd;
    if (cc_ev_q) begin
      t_n.cwnd = cc_cwnd;
      t_n.ssthresh = cc_ssthresh;
      t_n.ca_bytes = cc_ca;
      t_n.dup_acks = cc_dups;
      t_n.in_rec = cc_inrec;
      t_n.recover = cc_recover;
    end
    if (rto_ev_q) begin
      t_n.srtt8 = rto_srtt8;
      t_n.rttvar4 = rto_rttvar4;
      t_n.rto = rto_rto;
      t_n.rtt_on = 1'b0;
    end
    if (cc_ev_q && cc_retx && ra_rn != 32'd0) begin
      // fast retransmit, or a partial ACK in recovery: the first
      // unacknowledged segment again (never timed: Karn)
      push_data(r_ack, FlAck, ra_pos, ra_rn);
      t_n.rtt_on = 1'b0;
    end
    if (send_st && !t_q.sched && (tq_avail != 32'd0 || (t_q.fin_pend && !t_q.fin_sent))) begin
      rdy_push = rdy_wready;
      t_n.sched = rdy_wready;
    end
  endtask

  // ---- the payload of an acceptable segment: placed into the receive
  // buffer when it starts at or before RCV.NXT (the part already held is
  // skipped), as much as the window takes; a segment beyond RCV.NXT that
  // fits the window is placed at its own offset and remembered as one
  // out-of-order range [ooo_lo, ooo_hi) (a segment that neither touches nor
  // overlaps the range, or carries a FIN, is dropped); when in-order data
  // reaches the range, RCV.NXT jumps to its end. Every segment with
  // payload is answered with an ACK (a duplicate ACK when out of order).
  task automatic data_proc();
    if (!again_q && r_plen != 14'd0 && rx_take && rx_fits && rx_n != 32'd0) begin
      vd_n.place = 1'b1;
      vd_n.off = r_poff + rx_skip[13:0];
      vd_n.len0 = rx_len0[13:0];
      vd_n.addr0 = t_q.rx_addr + 64'(rx_pos);
      vd_n.len1 = 14'(rx_n - rx_len0);
      vd_n.addr1 = t_q.rx_addr;
      vd_n.tag = 16'(tid_q);
      if (rdma_m) begin
        // one piece from address 0: the writes carry the bytes in order
        vd_n.rdma = 1'b1;
        vd_n.qp = t_q.qpid[15:0];
        vd_n.len0 = rx_n[13:0];
        vd_n.addr0 = 64'd0;
        vd_n.len1 = 14'd0;
      end
      t_n.rcv_nxt = t_q.rcv_nxt + rx_n;
      t_n.c_rx = t_q.c_rx + 32'd1;
      if (t_q.ooo_on && !lt32(t_n.rcv_nxt, t_q.ooo_lo)) begin
        // the hole is filled
        if (lt32(t_n.rcv_nxt, t_q.ooo_hi)) t_n.rcv_nxt = t_q.ooo_hi;
        t_n.ooo_on = 1'b0;
      end
      nf_push = 1'b1;
      nf_n = {rdma_m, t_q.cqn, t_n.rcv_nxt - t_q.irs - 32'd1, t_n.rcv_nxt - t_q.rcv_nxt};
    end else if (oo_ok) begin
      vd_n.place = 1'b1;
      vd_n.off = r_poff;
      vd_n.len0 = oo_len0[13:0];
      vd_n.addr0 = t_q.rx_addr + 64'(oo_pos);
      vd_n.len1 = r_plen - oo_len0[13:0];
      vd_n.addr1 = t_q.rx_addr;
      vd_n.tag = 16'(tid_q);
      t_n.ooo_on = 1'b1;
      t_n.c_ooo = t_q.c_ooo + 32'd1;
      t_n.ooo_lo = (t_q.ooo_on && lt32(t_q.ooo_lo, r_seq)) ? t_q.ooo_lo : r_seq;
      t_n.ooo_hi = (t_q.ooo_on && lt32(rx_end, t_q.ooo_hi)) ? t_q.ooo_hi : rx_end;
      nf_push = 1'b1;
      nf_n = {1'b1, t_q.cqn, 64'd0};
    end
  endtask

  // ---- a CPL message (t_q: the TCB of its tid, when it names one)
  task automatic cpl_proc();
    unique case (c_op)
      8'(wn_abi_pkg::CPL_OPCODE_ACT_OPEN_REQ): begin
        if (!free_valid) begin
          post(8'(wn_abi_pkg::CPL_OPCODE_ACT_OPEN_RPL), c_id, 4'd2);
          out_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_NO_RESOURCES);
          out_body[63:32] = wn_abi_pkg::CPL_TID_NONE;
        end else if (c_body[wn_abi_pkg::CPL_ACT_OPEN_REQ_RCV_WSCALE_LSB +: 8] > 8'd14 ||
                     c_body[wn_abi_pkg::CPL_ACT_OPEN_REQ_PEER_PORT_LSB +: 16] == 16'd0 ||
                     c_body[wn_abi_pkg::CPL_ACT_OPEN_REQ_LOCAL_PORT_LSB +: 16] == 16'd0) begin
          post(8'(wn_abi_pkg::CPL_OPCODE_ACT_OPEN_RPL), c_id, 4'd2);
          out_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_BAD_ARGUMENT);
          out_body[63:32] = wn_abi_pkg::CPL_TID_NONE;
        end else begin
          in_done = 1'b0;  // taken when the insert is done
          free_pop = 1'b1;
          st_n = SIns;
          t_upd = 1'b1;
          new_tcb();
          t_n.st = 4'(wn_abi_pkg::TCP_STATE_SYN_SENT);
          t_n.owner = c_id;
          t_n.pip = c_body[wn_abi_pkg::CPL_ACT_OPEN_REQ_PEER_IP_LSB +: 32];
          t_n.lport = c_body[wn_abi_pkg::CPL_ACT_OPEN_REQ_LOCAL_PORT_LSB +: 16];
          t_n.pport = c_body[wn_abi_pkg::CPL_ACT_OPEN_REQ_PEER_PORT_LSB +: 16];
          t_n.pmac = mac_swap(c_body[wn_abi_pkg::CPL_ACT_OPEN_REQ_PEER_MAC_LSB +: 48]);
          t_n.opt = c_body[wn_abi_pkg::CPL_ACT_OPEN_REQ_TCP_OPT_LSB +: 8];
          t_n.rcv_ws = ((t_n.opt & wn_abi_pkg::CPL_TCP_OPT_WSCALE) != 8'd0) ?
                       c_body[wn_abi_pkg::CPL_ACT_OPEN_REQ_RCV_WSCALE_LSB +: 4] : 4'd0;
          t_n.rcv_wnd = c_body[wn_abi_pkg::CPL_ACT_OPEN_REQ_RCV_WND_LSB +: 32];
          t_n.iss = c_body[wn_abi_pkg::CPL_ACT_OPEN_REQ_ISS_LSB +: 32];
          t_n.snd_una = t_n.iss;
          t_n.snd_nxt = t_n.iss + 32'd1;
          t_n.snd_max = t_n.snd_nxt;
          if (c_body[wn_abi_pkg::CPL_ACT_OPEN_REQ_MSS_LSB +: 16] != 16'd0 &&
              c_body[wn_abi_pkg::CPL_ACT_OPEN_REQ_MSS_LSB +: 16] < def_mss)
            t_n.mss = c_body[wn_abi_pkg::CPL_ACT_OPEN_REQ_MSS_LSB +: 16];
          t_n.tos = c_body[wn_abi_pkg::CPL_ACT_OPEN_REQ_TOS_LSB +: 8];
          if (c_body[wn_abi_pkg::CPL_ACT_OPEN_REQ_TTL_LSB +: 8] != 8'd0)
            t_n.ttl = c_body[wn_abi_pkg::CPL_ACT_OPEN_REQ_TTL_LSB +: 8];
          t_n.ulp = c_body[wn_abi_pkg::CPL_ACT_OPEN_REQ_ULP_MODE_LSB +: 8];
          arm_rto();
        end
      end
      8'(wn_abi_pkg::CPL_OPCODE_PASS_OPEN_REQ): begin
        post(8'(wn_abi_pkg::CPL_OPCODE_PASS_OPEN_RPL), c_id, 4'd2);
        out_body[31:16] = po_lport;
        if (po_lport == 16'd0 ||
            c_body[wn_abi_pkg::CPL_PASS_OPEN_REQ_RCV_WSCALE_LSB +: 8] > 8'd14) begin
          out_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_BAD_ARGUMENT);
        end else if (lsame_hit) begin
          out_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_ADDR_IN_USE);
        end else if (!lfree_hit) begin
          out_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_NO_RESOURCES);
        end else begin
          out_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_SUCCESS);
          l_set = 1'b1;
        end
      end
      8'(wn_abi_pkg::CPL_OPCODE_CLOSE_LISTSRV_REQ): begin
        post(8'(wn_abi_pkg::CPL_OPCODE_CLOSE_LISTSRV_RPL), c_id, 4'd2);
        if (lf_hit) begin
          out_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_SUCCESS);
          l_clr = 1'b1;
        end else out_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_BAD_ID);
      end
      8'(wn_abi_pkg::CPL_OPCODE_PASS_ACCEPT_RPL): begin
        if (s != 4'(wn_abi_pkg::TCP_STATE_SYN_RECEIVED) || !t_q.pend || t_q.abw) begin
          cnt_cpl_bad_o = 1'b1;
        end else if (c_body[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_STATUS_LSB +: 8] ==
                     8'(wn_abi_pkg::CPL_STATUS_SUCCESS)) begin
          t_n.pend = 1'b0;
          t_n.iss = c_body[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_ISS_LSB +: 32];
          t_n.snd_una = t_n.iss;
          t_n.snd_nxt = t_n.iss + 32'd1;
          t_n.snd_max = t_n.snd_nxt;
          // window scaling only when both sides offer it (RFC 7323 §1.3)
          // (and SACK, RFC 2018 §2)
          t_n.opt = (par_opt | (t_q.opt & (wn_abi_pkg::CPL_TCP_OPT_NODELAY | wn_abi_pkg::CPL_TCP_OPT_KEEPALIVE))) &
                    (t_q.opt | ~(wn_abi_pkg::CPL_TCP_OPT_WSCALE | wn_abi_pkg::CPL_TCP_OPT_SACK)) &
                    ~(wn_abi_pkg::CPL_TCP_OPT_TIMESTAMPS | wn_abi_pkg::CPL_TCP_OPT_ECN);
          if ((t_n.opt & wn_abi_pkg::CPL_TCP_OPT_WSCALE) != 8'd0) begin
            if (par_ws != 4'd0) t_n.rcv_ws = par_ws;
          end else begin
            t_n.rcv_ws = 4'd0;
            t_n.snd_ws = 4'd0;
          end
          if (par_mss != 16'd0 && par_mss < t_n.mss) t_n.mss = par_mss;
          if (par_wnd != 32'd0) t_n.rcv_wnd = par_wnd;
          t_n.tos = c_body[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_TOS_LSB +: 8];
          arm_rto();
          tcb_we = 1'b1;
          send(FlSyn | FlAck, t_n.iss);
        end else if (c_body[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_STATUS_LSB +: 8] ==
                     8'(wn_abi_pkg::CPL_STATUS_CONN_REFUSED)) begin
          // refuse with RST (RFC 9293 §3.10.7.2)
          seg_load = 1'b1;
          seg_n.seq = 32'd0;
          seg_n.ack = t_q.irs + 32'd1;
          seg_n.flags = FlRst | FlAck;
          seg_n.win = 16'd0;
          free_tcb();
        end else begin
          free_tcb();
        end
      end
      8'(wn_abi_pkg::CPL_OPCODE_CLOSE_CON_REQ): begin
        if (t_q.abw || (s != 4'(wn_abi_pkg::TCP_STATE_ESTABLISHED) &&
                        s != 4'(wn_abi_pkg::TCP_STATE_CLOSE_WAIT))) begin
          post(8'(wn_abi_pkg::CPL_OPCODE_CLOSE_CON_RPL), c_id, 4'd4);
          out_body[7:0] = (s == 4'(wn_abi_pkg::TCP_STATE_CLOSED)) ?
                          8'(wn_abi_pkg::CPL_STATUS_BAD_ID) : 8'(wn_abi_pkg::CPL_STATUS_BAD_STATE);
          out_body[15:8] = {4'd0, s};
          out_body[63:32] = t_q.snd_nxt;
          out_body[95:64] = t_q.rcv_nxt;
        end else if (send_st && tq_avail != 32'd0) begin
          // FIN after the bytes still to send
          t_n.st = (s == 4'(wn_abi_pkg::TCP_STATE_ESTABLISHED)) ?
                   4'(wn_abi_pkg::TCP_STATE_FIN_WAIT_1) : 4'(wn_abi_pkg::TCP_STATE_LAST_ACK);
          t_n.fin_pend = 1'b1;
          tcb_we = 1'b1;
          if (!t_q.sched) begin
            rdy_push = rdy_wready;
            t_n.sched = rdy_wready;
          end
        end else begin
          // FIN now: nothing is left to send
          t_n.st = (s == 4'(wn_abi_pkg::TCP_STATE_ESTABLISHED)) ?
                   4'(wn_abi_pkg::TCP_STATE_FIN_WAIT_1) : 4'(wn_abi_pkg::TCP_STATE_LAST_ACK);
          t_n.fin_sent = 1'b1;
          t_n.fin_max = 1'b1;
          t_n.snd_nxt = t_q.snd_nxt + 32'd1;
          t_n.retx = 8'd0;
          arm_rto();
          tcb_we = 1'b1;
          send(FlFin | FlAck, t_q.snd_nxt);
        end
      end
      8'(wn_abi_pkg::CPL_OPCODE_ABORT_REQ): begin
        post(8'(wn_abi_pkg::CPL_OPCODE_ABORT_RPL), c_id, 4'd2);
        if (s == 4'(wn_abi_pkg::TCP_STATE_CLOSED) && !t_q.abw) begin
          out_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_BAD_ID);
        end else if (t_q.abw) begin
          // crossing aborts: answer, and wait for the CP's ABORT_RPL
          out_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_SUCCESS);
        end else begin
          out_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_SUCCESS);
          if ((c_body[wn_abi_pkg::CPL_ABORT_REQ_ABORT_FLAGS_LSB +: 8] &
               wn_abi_pkg::CPL_ABORT_FLAGS_NO_RST) == 8'd0 &&
              s != 4'(wn_abi_pkg::TCP_STATE_TIME_WAIT) &&
              !(s == 4'(wn_abi_pkg::TCP_STATE_SYN_RECEIVED) && t_q.pend)) begin
            seg_load = 1'b1;
            seg_n.seq = t_q.snd_nxt;
            seg_n.ack = t_q.rcv_nxt;
            seg_n.flags = (s == 4'(wn_abi_pkg::TCP_STATE_SYN_SENT)) ? FlRst : (FlRst | FlAck);
            seg_n.win = 16'd0;
          end
          free_tcb();
        end
      end
      8'(wn_abi_pkg::CPL_OPCODE_ABORT_RPL): begin
        if (t_q.abw) free_tcb();
        else cnt_cpl_bad_o = 1'b1;
      end
      8'(wn_abi_pkg::CPL_OPCODE_SET_TCB_FIELD): begin
        if ((c_flags & wn_abi_pkg::CPL_FLAGS_NO_REPLY) == 8'd0) begin
          post(8'(wn_abi_pkg::CPL_OPCODE_SET_TCB_RPL), c_id, 4'd4);
          out_body[7:0] = (s == 4'(wn_abi_pkg::TCP_STATE_CLOSED) && !t_q.abw) ?
                          8'(wn_abi_pkg::CPL_STATUS_BAD_ID) :
                          (sf_ok ? 8'(wn_abi_pkg::CPL_STATUS_SUCCESS) : 8'(wn_abi_pkg::CPL_STATUS_BAD_ARGUMENT));
          out_body[15:8] = sf_field;
          out_body[63:16] = c_body[wn_abi_pkg::CPL_SET_TCB_FIELD_COOKIE_LSB +: 48];
          out_body[127:64] = sf_ok ? sf_new : sf_old;
        end
        if (sf_ok && sf_mask != 64'd0) begin
          tcb_we = 1'b1;
          unique case (sf_field)
            8'(wn_abi_pkg::TCB_FIELD_ULP_MODE): t_n.ulp = sf_new[7:0];
            8'(wn_abi_pkg::TCB_FIELD_TCP_OPT): t_n.opt = (t_q.opt & ~(wn_abi_pkg::CPL_TCP_OPT_NODELAY | wn_abi_pkg::CPL_TCP_OPT_KEEPALIVE)) |
                                                        (sf_new[7:0] & (wn_abi_pkg::CPL_TCP_OPT_NODELAY | wn_abi_pkg::CPL_TCP_OPT_KEEPALIVE));
            8'(wn_abi_pkg::TCB_FIELD_MSS): t_n.mss = sf_new[15:0];
            8'(wn_abi_pkg::TCB_FIELD_RCV_WND): t_n.rcv_wnd = sf_new[31:0];
            8'(wn_abi_pkg::TCB_FIELD_RTO_MIN): t_n.rto_min = sf_new[31:0];
            8'(wn_abi_pkg::TCB_FIELD_DELACK): t_n.delack = sf_new[31:0];
            8'(wn_abi_pkg::TCB_FIELD_KEEPALIVE_IDLE): t_n.ka_idle = sf_new[39:0];
            8'(wn_abi_pkg::TCB_FIELD_KEEPALIVE_INTVL): t_n.ka_intvl = sf_new[31:0];
            8'(wn_abi_pkg::TCB_FIELD_KEEPALIVE_CNT): t_n.ka_cnt = sf_new[7:0];
            8'(wn_abi_pkg::TCB_FIELD_RTO_MAX): t_n.rto_max = sf_new[31:0];
            8'(wn_abi_pkg::TCB_FIELD_RETX_MAX): t_n.retx_max = sf_new[7:0];
            8'(wn_abi_pkg::TCB_FIELD_TOS): t_n.tos = sf_new[7:0];
            8'(wn_abi_pkg::TCB_FIELD_TTL): t_n.ttl = sf_new[7:0];
            8'(wn_abi_pkg::TCB_FIELD_QPID): t_n.qpid = sf_new[31:0];
            8'(wn_abi_pkg::TCB_FIELD_PEER_MAC): t_n.pmac = sf_new[47:0];
            8'(wn_abi_pkg::TCB_FIELD_TX_CREDITS): t_n.credits = sf_new[31:0];
            8'(wn_abi_pkg::TCB_FIELD_TX_BUF_ADDR): t_n.tx_addr = sf_new;
            8'(wn_abi_pkg::TCB_FIELD_TX_BUF_LOG): t_n.tx_log = sf_new[4:0];
            8'(wn_abi_pkg::TCB_FIELD_RX_BUF_ADDR): t_n.rx_addr = sf_new;
            8'(wn_abi_pkg::TCB_FIELD_RX_BUF_LOG): t_n.rx_log = sf_new[4:0];
            8'(wn_abi_pkg::TCB_FIELD_CQN): t_n.cqn = sf_new[7:0];
            default: tcb_we = 1'b0;
          endcase
          // a streaming connection's first receive buffer opens the window
          // its SYN or SYN-ACK advertised closed (awnd_f): the window update
          if (sf_field == 8'(wn_abi_pkg::TCB_FIELD_RX_BUF_LOG) && t_q.rx_log == 5'd0 &&
              sf_new != 64'd0 && t_q.ulp == 8'(wn_abi_pkg::CPL_ULP_MODE_STREAMING) && sync_st)
            send(FlAck, t_q.snd_nxt);
        end
      end
      default: cnt_cpl_bad_o = 1'b1;
    endcase
  endtask

  // the fresh TCB of a new connection (engine defaults)
  task automatic new_tcb();
    t_n = t_q;
    t_n.pend = 1'b0;
    t_n.abw = 1'b0;
    t_n.fin_sent = 1'b0;
    t_n.opt = 8'd0;
    t_n.snd_ws = 4'd0;
    t_n.rcv_ws = 4'd0;
    t_n.irs = 32'd0;
    t_n.rcv_nxt = 32'd0;
    t_n.snd_wnd = 32'd0;
    t_n.max_wnd = 32'd0;
    t_n.rcv_wnd = 32'd65535;
    t_n.mss = def_mss;
    t_n.peer_mss = 16'd536;
    t_n.retx = 8'd0;
    t_n.rto = rto_init_i;
    t_n.tmr_on = 1'b0;
    t_n.tmr_dl = 32'd0;
    t_n.rto_min = rto_min_i;
    t_n.rto_max = rto_max_i;
    t_n.retx_max = retries_i[15:8];
    t_n.ttl = 8'd64;
    t_n.tos = 8'd0;
    t_n.qpid = 32'd0;
    t_n.ulp = 8'd0;
    t_n.credits = wn_abi_pkg::CPL_TX_CREDITS;
    t_n.tx_addr = 64'd0;
    t_n.tx_log = 5'd0;
    t_n.rx_addr = 64'd0;
    t_n.rx_log = 5'd0;
    t_n.cqn = 8'd0;
    t_n.tx_end = 32'd0;
    t_n.rx_read = 32'd0;
    // RFC 6928 initial window of 10 segments, ssthresh as large as it gets
    t_n.cwnd = iw(t_n.mss);
    t_n.ssthresh = 32'hffff_ffff;
    t_n.ca_bytes = 32'd0;
    t_n.dup_acks = 2'd0;
    t_n.in_rec = 1'b0;
    t_n.recover = 32'd0;
    t_n.srtt8 = 35'd0;
    t_n.rttvar4 = 34'd0;
    t_n.rtt_on = 1'b0;
    t_n.rtt_seq = 32'd0;
    t_n.rtt_ts = 32'd0;
    t_n.sched = 1'b0;
    t_n.fin_pend = 1'b0;
    t_n.fin_max = 1'b0;
    t_n.ooo_on = 1'b0;
    t_n.ooo_lo = 32'd0;
    t_n.ooo_hi = 32'd0;
    t_n.delack = 32'(DelackUs);
    t_n.ack_due = 1'b0;
    t_n.dack_on = 1'b0;
    t_n.dack_dl = 32'd0;
    // RFC 1122 §4.2.3.6 defaults: 2 hours idle; 75 s between probes, 9
    // of them (as common stacks)
    t_n.ka_idle = 40'd7_200_000_000;
    t_n.ka_intvl = 32'd75_000_000;
    t_n.ka_cnt = 8'd9;
    t_n.ka_mode = 1'b0;
    t_n.ka_rem = 40'd0;
    t_n.ka_probes = 8'd0;
    t_n.c_tx = 32'd0;
    t_n.c_retx = 32'd0;
    t_n.c_rx = 32'd0;
    t_n.c_ooo = 32'd0;
  endtask

  // ---- the send scheduler's turn for a connection (t_q: its TCB): one
  // segment of at most an MSS within min(cwnd, the peer's window) (of an
  // RDMA connection, a whole one or none while ACKs are due: tq_hold), or
  // the FIN once every byte is sent
  task automatic tx_proc();
    tcb_we = 1'b1;
    t_n.sched = 1'b0;
    if (!send_st) begin
      // closed or aborted meanwhile
    end else if (tq_cnt != 32'd0 && !tq_hold) begin
      push_data(t_q.snd_nxt, (tq_cnt == tq_avail) ? (FlAck | FlPsh) : FlAck, tq_pos, tq_cnt);
      t_n.snd_nxt = t_q.snd_nxt + tq_cnt;
      if (!t_q.rtt_on) begin
        t_n.rtt_on = 1'b1;
        t_n.rtt_seq = t_n.snd_nxt;
        t_n.rtt_ts = now_q;
      end
      if (rto_idle) arm_rto();
      if ((tq_avail > tq_cnt && tq_room > tq_cnt) || (tq_avail == tq_cnt && t_q.fin_pend)) begin
        rdy_push = rdy_wready;
        t_n.sched = rdy_wready;
      end
    end else if (tq_avail == 32'd0 && t_q.fin_pend) begin
      t_n.fin_pend = 1'b0;
      t_n.fin_sent = 1'b1;
      t_n.fin_max = 1'b1;
      t_n.snd_nxt = t_q.snd_nxt + 32'd1;
      if (rto_idle) arm_rto();
      send(FlFin | FlAck, t_q.snd_nxt);
    end else if (tq_avail != 32'd0 && tq_room == 32'd0 && tq_inflight == 32'd0 && rto_idle) begin
      // a zero window: the persist timer (RFC 9293 §3.8.6.1)
      arm_rto();
    end
  endtask

  // ---- an expired timer (t_q: the TCB)
  task automatic tmr_proc();
    if (t_q.dack_on && !lt32(now_q, t_q.dack_dl)) begin
      // the delayed ACK is due (a retransmission timer due as well is
      // taken on the scanner's next visit)
      tcb_we = 1'b1;
      if (sync_st) send(FlAck, t_q.snd_nxt);
      else begin
        t_n.ack_due = 1'b0;
        t_n.dack_on = 1'b0;
      end
    end else if (!t_q.tmr_on || lt32(now_q, t_q.tmr_dl)) begin
      // moved or stopped since the scan saw it
    end else if (t_q.ka_mode) begin
      tcb_we = 1'b1;
      if (t_q.ka_rem != 40'd0) begin
        // the idle wait goes on
        t_n.tmr_dl = now_q + ka_chunk(t_q.ka_rem);
        t_n.ka_rem = t_q.ka_rem - {8'd0, ka_chunk(t_q.ka_rem)};
      end else if (t_q.ka_probes >= t_q.ka_cnt) begin
        hw_abort(8'(wn_abi_pkg::CPL_STATUS_KEEPALIVE_TIMEOUT), 1'b1);
        t_n.ka_mode = 1'b0;
      end else begin
        // a probe: SEG.SEQ = SND.NXT - 1 with no data, so the peer
        // answers with an ACK (RFC 1122 §4.2.3.6)
        send(FlAck, t_q.snd_max);
        seg_n.seq = t_q.snd_max - 32'd1;
        t_n.ka_probes = t_q.ka_probes + 8'd1;
        t_n.tmr_dl = now_q + t_q.ka_intvl;
      end
    end else if (s == 4'(wn_abi_pkg::TCP_STATE_TIME_WAIT)) begin
      free_tcb();
    end else if (s == 4'(wn_abi_pkg::TCP_STATE_SYN_SENT)) begin
      if (t_q.retx >= retries_i[7:0]) begin
        post(8'(wn_abi_pkg::CPL_OPCODE_ACT_OPEN_RPL), t_q.owner, 4'd2);
        out_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_TIMEOUT);
        out_body[63:32] = 32'(tid_q);
        free_tcb();
      end else begin
        backoff();
        tcb_we = 1'b1;
        send(FlSyn, t_q.iss);
      end
    end else if (s == 4'(wn_abi_pkg::TCP_STATE_SYN_RECEIVED)) begin
      if (t_q.retx >= retries_i[7:0]) hw_abort(8'(wn_abi_pkg::CPL_STATUS_TIMEOUT), 1'b1);
      else begin
        backoff();
        tcb_we = 1'b1;
        send(FlSyn | FlAck, t_q.iss);
      end
    end else if (sync_st && t_q.fin_max && t_q.snd_una == t_q.snd_max - 32'd1) begin
      // only our FIN is outstanding
      if (t_q.retx >= t_q.retx_max) hw_abort(8'(wn_abi_pkg::CPL_STATUS_TIMEOUT), 1'b1);
      else begin
        backoff();
        tcb_we = 1'b1;
        send(FlFin | FlAck, t_q.snd_max - 32'd1);
      end
    end else if (sync_st && t_q.snd_una != t_q.snd_max) begin
      // data outstanding: go back to SND.UNA (RFC 6298 §5.4-5.6,
      // RFC 5681 §3.1: cwnd to one segment)
      if (t_q.retx >= t_q.retx_max) hw_abort(8'(wn_abi_pkg::CPL_STATUS_TIMEOUT), 1'b1);
      else begin
        tcb_we = 1'b1;
        backoff();
        t_n.snd_nxt = t_q.snd_una;
        if (t_q.fin_sent) begin
          t_n.fin_sent = 1'b0;
          t_n.fin_pend = 1'b1;
        end
        t_n.cwnd = cc_cwnd;
        t_n.ssthresh = cc_ssthresh;
        t_n.ca_bytes = cc_ca;
        t_n.dup_acks = cc_dups;
        t_n.in_rec = cc_inrec;
        t_n.recover = cc_recover;
        t_n.rtt_on = 1'b0;
        if (!t_q.sched) begin
          rdy_push = rdy_wready;
          t_n.sched = rdy_wready;
        end
      end
    end else if (send_st && tq_avail != 32'd0 && tq_room == 32'd0) begin
      // the persist timer: probe the zero window with one byte
      // (RFC 9293 §3.8.6.1); the peer's ACK tells its window
      tcb_we = 1'b1;
      backoff();
      push_data(t_q.snd_nxt, FlAck, tq_pos, 32'd1);
      t_n.snd_nxt = t_q.snd_nxt + 32'd1;
    end else begin
      t_n.tmr_on = 1'b0;
      tcb_we = 1'b1;
    end
  endtask

  // ------------------------------------------------------------------
  // registers of the FSM
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      st_q <= SIdle;
      l_valid_q <= '0;
      ev_rx_q <= 1'b0;
      ev_syn_q <= 1'b0;
      lk_hit_q <= 1'b0;
    end else begin
      st_q <= st_n;
      if (st_q == SIdle && st_n == SRxLook) begin
        r_q <= syn_start ? syn_rec : rec;
        ev_rx_q <= 1'b1;
      end
      if (st_q == SIdle && st_n != SIdle) ev_syn_q <= syn_start;
      if (st_q == SIdle && st_n == SCplTcb) begin
        ev_rx_q <= 1'b0;
        tid_q <= c_id[TidW-1:0];
      end
      if (st_q == SIdle && st_n == SDbTcb) begin
        ev_rx_q <= 1'b0;
        tid_q <= db_tid[TidW-1:0];
      end
      if (st_q == SIdle && st_n == STxTcb) begin
        ev_rx_q <= 1'b0;
        tid_q <= rdy_head;
      end
      if (st_q == SIdle && st_n == STmrTcb) begin
        ev_rx_q <= 1'b0;
        tid_q <= exp_tid_q;
      end
      if (st_q == SRxLookW && lk_rsp_valid) begin
        lk_hit_q <= lk_hit;
        if (lk_hit) tid_q <= lk_tid;
      end
      if (free_pop) tid_q <= free_tid;
      // option walk (its results hold until the next event)
      if (st_q == SIdle) begin
        ow_i_q <= 6'd0;
        ow_mss_q <= 1'b0;
        ow_ws_q <= 1'b0;
        ow_sack_q <= 1'b0;
        ow_mss_v_q <= 16'd0;
        ow_ws_v_q <= 4'd0;
      end else if ({1'b0, ow_i_q} >= ow_end || ow_kind == 8'd0) begin
        // done (end of list or of the header)
      end else if (ow_kind == 8'd1) begin
        ow_i_q <= ow_i_q + 6'd1;
      end else if (!ow_fits) begin
        ow_i_q <= 6'd40;  // malformed: stop here
      end else begin
        if (ow_kind == 8'd2 && ow_len == 8'd4) begin
          ow_mss_q <= 1'b1;
          ow_mss_v_q <= {ow_b2, ow_b3};
        end
        if (ow_kind == 8'd3 && ow_len == 8'd3) begin
          ow_ws_q <= 1'b1;
          ow_ws_v_q <= (ow_b2 > 8'd14) ? 4'd14 : ow_b2[3:0];
        end
        if (ow_kind == 8'd4 && ow_len == 8'd2) ow_sack_q <= 1'b1;
        ow_i_q <= ow_i_q + ow_len[5:0];
      end
      // the new TCB of a listener's SYN, built before the insert
      if (l_set) begin
        l_valid_q[lfree_idx] <= 1'b1;
        l_stid_q[lfree_idx] <= c_id;
        l_lip_q[lfree_idx] <= po_lip;
        l_pip_q[lfree_idx] <= po_pip;
        l_lport_q[lfree_idx] <= po_lport;
        l_pport_q[lfree_idx] <= po_pport;
        l_mss_q[lfree_idx] <= c_body[wn_abi_pkg::CPL_PASS_OPEN_REQ_MSS_LSB +: 16];
        l_opt_q[lfree_idx] <= c_body[wn_abi_pkg::CPL_PASS_OPEN_REQ_TCP_OPT_LSB +: 8];
        l_ws_q[lfree_idx] <= c_body[wn_abi_pkg::CPL_PASS_OPEN_REQ_RCV_WSCALE_LSB +: 4];
        l_wnd_q[lfree_idx] <= c_body[wn_abi_pkg::CPL_PASS_OPEN_REQ_RCV_WND_LSB +: 32];
      end
      if (l_clr) l_valid_q[lf_idx] <= 1'b0;
    end
    sc_v_q <= sc_verdict;
    if (rst_i || st_q == SIdle) again_q <= 1'b0;
    else if (st_n == SAgain) again_q <= 1'b1;
    if (vd_keep) vd_hold_q <= vd_n;
  end

`ifdef WN_TCP_DEBUG
  always_ff @(posedge clk_i) begin
    if (st_q == SRxProc || st_q == STxProc || st_q == SDbProc || st_q == STmrProc) begin
      $display("TCPDBG m%0d st=%0d tid=%0d una=%0d nxt=%0d max=%0d txend=%0d sched=%0d->%0d push=%0d we=%0d avail=%0d room=%0d cwnd=%0d wnd=%0d send_st=%0d v=%0d flags=%h seq=%0d ack=%0d plen=%0d cnt=%0d tqp=%0d nnxt=%0d tmr=%0d/%0d now=%0d tqc=%0d rcvoff=%0d segoff=%0d twnd=%0d rxn=%0d fits=%0d place=%0d rxread=%0d",
               mac_i[7:0], st_q, tid_q, t_q.snd_una - t_q.iss - 1, t_q.snd_nxt - t_q.iss - 1, t_q.snd_max - t_q.iss - 1, t_q.tx_end, t_q.sched, t_n.sched, rdy_push, tcb_we,
               tq_avail, tq_room, t_q.cwnd, t_q.snd_wnd, send_st, sc_v_q, r_flags, r_seq, r_ack - t_q.iss - 1, r_plen,
               tq_cnt, tq_push, t_n.snd_nxt - t_q.iss - 1, t_q.tmr_on, t_n.tmr_on, now_q, tq_count,
               t_q.rcv_nxt - t_q.irs - 1, r_seq - t_q.irs - 1, t_rwnd, rx_n, rx_fits, vd_n.place, t_q.rx_read);
      $fflush();
    end
    if (cnt_adm_drop) begin
      $display("TCPDBG m%0d admdrop rec=%0d vf=%0d room=%0d cqr=%0d nf=%0d", mac_i[7:0], rec_count,
               vf_count, place_room, cqr_count, nf_count);
      $fflush();
    end
  end
`endif

  logic unused;
  assign unused = ^{sd_wready, sd_count, kd_count, dd_count, dd_wready, vd_head.rdma, vd_head.qp, pw_boff_q[15:10], p_poff, sc_in_order, sc_ack_new, sc_dup, rec_wready, free_wready, rec_count, free_count, db_count,
                    r_ok, seg_wready, tq_wready, txs_done_valid, txs_done_err, txs_done_tag,
                    vf_wready, rxp_cnt_discard, cqt_wready, nf_valid, nf_wready, nf_count, cqr_wready, rdy_count, rx_skip[31:14], oo_len0[31:14],
                    c_body[319:280], c_body[255:240], t_q.peer_mss, t_q.tx_addr, t_q.tx_log, t_q.rx_addr,
                    t_q.rx_log, t_q.cqn, t_q.tx_end, t_q.rx_read, db_tid[15:TidW],
                    l_wnd_q[0], l_ws_q[0], l_opt_q[0], l_mss_q[0], FlPsh, t_q.credits};
endmodule
