// wn_tcp_pkg: the records the units of the TCP engine (wn_tcp_engine)
// pass to each other, and the sequence-number and window arithmetic they
// share. These layouts never leave the core (the CPL messages, TCB field
// numbers and wire headers are wn_abi_pkg's); refer to items as
// wn_tcp_pkg::name.
//
//   rec_t  a received segment as wn_tcp_rx_front queues it for the FSM
//   seg_t  a control segment (no payload) for wn_tcp_tx
//   txr_t  a data segment request (payload read by DMA) for wn_tcp_tx
//   vd_t   the placement verdict of a received frame, for wn_tcp_rx_data
//   tcb_t  the TCB, one record of wn_tcb_table per connection
//   act_t  what an event does to its connection: the decision of
//          wn_tcp_rx_proc, wn_tcp_cpl_proc or wn_tcp_tmr_proc, carried
//          out by wn_tcp_fsm
//
// Memories hold these records as logic [W-1:0] words (W = $bits of a
// variable of the type) and cast the word read: Yosys drops the unpacked
// dimension of an array of a packed struct.

package wn_tcp_pkg;
  // a segment that passed admission, one per frame: ok is clear when a
  // checksum failed or the MAC flagged the frame (its verdict is discard)
  typedef struct packed {
    logic         ok;
    logic [13:0]  poff;   // payload offset in the frame
    logic [47:0]  smac;   // source MAC, byte 0 in bits 47:40
    logic [31:0]  sip;
    logic [31:0]  dip;
    logic [15:0]  sport;
    logic [15:0]  dport;
    logic [31:0]  seq;
    logic [31:0]  ack;
    logic [7:0]   flags;
    logic [15:0]  win;
    logic [13:0]  plen;   // payload bytes
    logic [5:0]   hlen;   // TCP header bytes
    logic [319:0] opt;    // the first 40 option bytes, byte 0 in bits 7:0
  } rec_t;

  // a control segment: one beat of at least 60 bytes, two with 12 option
  // bytes (wn_tcp_tx_hdr)
  typedef struct packed {
    logic [47:0] dmac;
    logic [31:0] dip;
    logic [15:0] sport;
    logic [15:0] dport;
    logic [31:0] seq;
    logic [31:0] ack;
    logic [7:0]  flags;
    logic [15:0] win;
    logic [1:0]  opt_words;  // option words: 0, 2 or 3
    logic [95:0] opt;
  } seg_t;

  // a data segment: payload read by DMA in up to two pieces (the send
  // buffer wraps), or served by wn_rdma_tx (addr0 bit 63 set)
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

  // what becomes of a received frame's payload (all zero: discard)
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

  // the TCB
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

  // what an event does: the TCB as the event leaves it, and at most one
  // of each of the rest
  typedef struct packed {
    tcb_t         t;
    logic         we;            // write t back
    logic         send;          // a segment of the connection, built from t
    logic         send_exact;    // ... at send_sq even when a pure ACK
    logic [7:0]   send_fl;
    logic [31:0]  send_sq;
    logic         rst;           // a RST to the peer (window 0)
    logic [31:0]  rst_seq;
    logic [31:0]  rst_ack;
    logic [7:0]   rst_fl;
    logic         abort_req;     // ABORT_REQ to the CP, a RST first when abort_rst
    logic         abort_rst;
    logic [7:0]   abort_status;
    logic         free;          // the TCB leaves (its tid returns)
    logic         post;          // a CPL message to the CP
    logic [7:0]   post_op;
    logic [31:0]  post_id;
    logic [3:0]   post_words;
    logic [319:0] post_body;
    logic         push;          // a data segment from the send buffer
    logic [31:0]  push_sq;
    logic [7:0]   push_fl;
    logic [31:0]  push_pos;
    logic [31:0]  push_n;
    logic         rdy;           // the connection into the send scheduler's queue
    logic         drop;          // a segment dropped
  } act_t;

  // modulo-2^32 comparison (RFC 9293 §3.4)
  function automatic logic lt32(input logic [31:0] a, input logic [31:0] b);
    lt32 = $signed(a - b) < 0;
  endfunction

  function automatic logic [31:0] min32(input logic [31:0] a, input logic [31:0] b);
    min32 = (a < b) ? a : b;
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

  // RFC 6928 initial window: 10 segments
  function automatic logic [31:0] iw(input logic [15:0] mss);
    iw = {13'd0, mss, 3'd0} + {15'd0, mss, 1'b0};
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
  // and a peer sending at once (an MPA initiator's request, RFC 5044 §7.1)
  // would lose it to a retransmission timeout; the buffer's arrival opens
  // it with a window update (RFC 9293 §3.8.6.2.2). Later segments
  // advertise RCV.WND as ever, so a connection that never gets a buffer (a
  // peer's FIN must fit the window) opens it with its first ACK.
  function automatic logic [31:0] awnd_f(input logic [4:0] lg, input logic [31:0] rcv_nxt,
                                         input logic [31:0] irs, input logic [31:0] rx_read,
                                         input logic [31:0] rcv_wnd, input logic [7:0] ulp,
                                         input logic syn);
    if (syn && lg == 5'd0 && ulp == 8'(wn_abi_pkg::CPL_ULP_MODE_STREAMING)) awnd_f = 32'd0;
    else awnd_f = rwnd_f(lg, rcv_nxt, irs, rx_read, rcv_wnd, ulp);
  endfunction

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
endpackage
