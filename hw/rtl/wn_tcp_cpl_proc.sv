// wn_tcp_cpl_proc: what the TCP engine's FSM (wn_tcp_fsm) does with a
// CPL request from the control plane (its SCplProc step; docs/cpl.md):
// combinational, from the message (op_i, flags_i, id_i, body_i) and the
// TCB its id names (t_i; not read for ACT_OPEN_REQ, PASS_OPEN_REQ and
// CLOSE_LISTSRV_REQ).
//
//   ACT_OPEN_REQ      a new TCB in SYN_SENT from fresh_i (the engine's
//                     defaults) and the request's fields, the timer armed;
//                     the FSM takes a tid, inserts the 4-tuple and sends
//                     the SYN (open_o). Refused with ACT_OPEN_RPL when no
//                     tid is free or an argument is out of range.
//   PASS_OPEN_REQ     a listener (wn_tcp_listen), answered PASS_OPEN_RPL.
//   CLOSE_LISTSRV_REQ the listener named by its stid goes.
//   PASS_ACCEPT_RPL   the CP's decision on a SYN_RECEIVED connection:
//                     the SYN-ACK with the options both sides offer, or a
//                     RST (CONN_REFUSED), or silence; then the TCB goes.
//   CLOSE_CON_REQ     our FIN, at once or after the bytes still to send
//                     (answered CLOSE_CON_RPL when the state forbids it).
//   ABORT_REQ         a RST (unless NO_RST, in TIME_WAIT, or before the
//                     SYN-ACK), ABORT_RPL, the TCB goes; crossing aborts
//                     wait for the CP's ABORT_RPL.
//   ABORT_RPL         the TCB of an abort the engine started goes.
//   SET_TCB_FIELD     reads a TCB field and writes the masked bits of the
//                     writable ones, answered SET_TCB_RPL unless NO_REPLY;
//                     a streaming connection's first receive buffer sends
//                     the window update.
//
// Out: the action (wn_tcp_pkg::act_t: the TCB, a segment of the
// connection, a RST, the TCB freed, a CPL reply with the request's id,
// the connection into the send scheduler's queue), and what only a
// request asks for: a new connection (open_o: the FSM takes a tid and
// inserts the 4-tuple; the message is done when the insert is), a
// listener set or cleared (l_set_o, l_clr_o), and a message the state
// makes meaningless (bad_o, counted).
module wn_tcp_cpl_proc (
    input  logic              en_i,      // the FSM is in this unit's state
    input  wn_tcp_pkg::tcb_t  t_i,
    input  wn_tcp_pkg::tcb_t  fresh_i,   // a new connection's TCB
    input  logic [7:0]        op_i,
    input  logic [7:0]        flags_i,
    input  logic [31:0]       id_i,
    input  logic [319:0]      body_i,
    input  logic              free_valid_i,  // a tid is free
    input  logic [15:0]       def_mss_i,
    input  logic [31:0]       now_i,
    // listeners (wn_tcp_listen)
    input  logic              lsame_hit_i,
    input  logic              lfree_hit_i,
    input  logic              lf_hit_i,
    // the FSM's view of the TCB's streams
    input  logic              sync_st_i,
    input  logic              send_st_i,
    input  logic [31:0]       tq_avail_i,
    input  logic              rdy_wready_i,
    // the outcome
    output wn_tcp_pkg::act_t  a_o,
    output logic              open_o,
    output logic              l_set_o,
    output logic              l_clr_o,
    output logic              bad_o
);
  logic [3:0] s;
  assign s = t_i.st;

  // PASS_OPEN_REQ's local port
  logic [15:0] po_lport;
  assign po_lport = body_i[wn_abi_pkg::CPL_PASS_OPEN_REQ_LOCAL_PORT_LSB +: 16];

  // PASS_ACCEPT_RPL's fields
  logic [7:0]  par_opt;
  logic [15:0] par_mss;
  logic [31:0] par_wnd;
  logic [3:0]  par_ws;
  assign par_opt = body_i[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_TCP_OPT_LSB +: 8];
  assign par_mss = body_i[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_MSS_LSB +: 16];
  assign par_wnd = body_i[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_RCV_WND_LSB +: 32];
  assign par_ws = body_i[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_RCV_WSCALE_LSB +: 4];

  // SET_TCB_FIELD: the field's value, whether it may be written
  logic [7:0]  sf_field;
  logic [63:0] sf_mask, sf_value, sf_old, sf_new;
  logic        sf_ro, sf_bad, sf_ok, sf_log_bad;
  assign sf_field = body_i[wn_abi_pkg::CPL_SET_TCB_FIELD_FIELD_LSB +: 8];
  assign sf_mask = body_i[wn_abi_pkg::CPL_SET_TCB_FIELD_MASK_LSB +: 64];
  assign sf_value = body_i[wn_abi_pkg::CPL_SET_TCB_FIELD_VALUE_LSB +: 64];
  assign sf_new = (sf_old & ~sf_mask) | (sf_value & sf_mask);
  always_comb begin
    sf_old = 64'd0;
    sf_ro = 1'b0;
    sf_bad = 1'b0;
    unique case (sf_field)
      8'(wn_abi_pkg::TCB_FIELD_STATE): begin sf_old = {60'd0, t_i.st}; sf_ro = 1'b1; end
      8'(wn_abi_pkg::TCB_FIELD_ULP_MODE): sf_old = {56'd0, t_i.ulp};
      8'(wn_abi_pkg::TCB_FIELD_TCP_OPT): sf_old = {56'd0, t_i.opt};
      8'(wn_abi_pkg::TCB_FIELD_MSS): sf_old = {48'd0, t_i.mss};
      8'(wn_abi_pkg::TCB_FIELD_RCV_WND): sf_old = {32'd0, t_i.rcv_wnd};
      8'(wn_abi_pkg::TCB_FIELD_WSCALE): begin sf_old = {56'd0, t_i.rcv_ws, t_i.snd_ws}; sf_ro = 1'b1; end
      8'(wn_abi_pkg::TCB_FIELD_RTO_MIN): sf_old = {32'd0, t_i.rto_min};
      8'(wn_abi_pkg::TCB_FIELD_DELACK): sf_old = {32'd0, t_i.delack};
      8'(wn_abi_pkg::TCB_FIELD_KEEPALIVE_IDLE): sf_old = {24'd0, t_i.ka_idle};
      8'(wn_abi_pkg::TCB_FIELD_KEEPALIVE_INTVL): sf_old = {32'd0, t_i.ka_intvl};
      8'(wn_abi_pkg::TCB_FIELD_KEEPALIVE_CNT): sf_old = {56'd0, t_i.ka_cnt};
      8'(wn_abi_pkg::TCB_FIELD_TX_SEGS): begin sf_old = {t_i.c_retx, t_i.c_tx}; sf_ro = 1'b1; end
      8'(wn_abi_pkg::TCB_FIELD_RX_SEGS): begin sf_old = {t_i.c_ooo, t_i.c_rx}; sf_ro = 1'b1; end
      8'(wn_abi_pkg::TCB_FIELD_RTO_MAX): sf_old = {32'd0, t_i.rto_max};
      8'(wn_abi_pkg::TCB_FIELD_RETX_MAX): sf_old = {56'd0, t_i.retx_max};
      8'(wn_abi_pkg::TCB_FIELD_TOS): sf_old = {56'd0, t_i.tos};
      8'(wn_abi_pkg::TCB_FIELD_TTL): sf_old = {56'd0, t_i.ttl};
      8'(wn_abi_pkg::TCB_FIELD_SND_UNA): begin sf_old = {32'd0, t_i.snd_una}; sf_ro = 1'b1; end
      8'(wn_abi_pkg::TCB_FIELD_SND_NXT): begin sf_old = {32'd0, t_i.snd_nxt}; sf_ro = 1'b1; end
      8'(wn_abi_pkg::TCB_FIELD_RCV_NXT): begin sf_old = {32'd0, t_i.rcv_nxt}; sf_ro = 1'b1; end
      8'(wn_abi_pkg::TCB_FIELD_SND_WND): begin sf_old = {32'd0, t_i.snd_wnd}; sf_ro = 1'b1; end
      8'(wn_abi_pkg::TCB_FIELD_CWND): begin sf_old = {32'd0, t_i.cwnd}; sf_ro = 1'b1; end
      8'(wn_abi_pkg::TCB_FIELD_STREAM): begin sf_old = {t_i.rx_read, t_i.tx_end}; sf_ro = 1'b1; end
      8'(wn_abi_pkg::TCB_FIELD_ENGINE): begin
        sf_old = {t_i.tmr_dl, 27'd0, t_i.rtt_on, t_i.fin_sent, t_i.fin_pend, t_i.tmr_on, t_i.sched};
        sf_ro = 1'b1;
      end
      8'(wn_abi_pkg::TCB_FIELD_SRTT): begin sf_old = {32'd0, t_i.srtt8[34:3]}; sf_ro = 1'b1; end
      8'(wn_abi_pkg::TCB_FIELD_QPID): sf_old = {32'd0, t_i.qpid};
      8'(wn_abi_pkg::TCB_FIELD_PEER_MAC): sf_old = {16'd0, t_i.pmac};
      8'(wn_abi_pkg::TCB_FIELD_TX_CREDITS): sf_old = {32'd0, t_i.credits};
      8'(wn_abi_pkg::TCB_FIELD_TX_BUF_ADDR): sf_old = t_i.tx_addr;
      8'(wn_abi_pkg::TCB_FIELD_TX_BUF_LOG): sf_old = {59'd0, t_i.tx_log};
      8'(wn_abi_pkg::TCB_FIELD_RX_BUF_ADDR): sf_old = t_i.rx_addr;
      8'(wn_abi_pkg::TCB_FIELD_RX_BUF_LOG): sf_old = {59'd0, t_i.rx_log};
      8'(wn_abi_pkg::TCB_FIELD_CQN): sf_old = {56'd0, t_i.cqn};
      default: sf_bad = 1'b1;  // TODO(#3): the data-path fields
    endcase
  end
  assign sf_log_bad = (sf_field == 8'(wn_abi_pkg::TCB_FIELD_TX_BUF_LOG) ||
                       sf_field == 8'(wn_abi_pkg::TCB_FIELD_RX_BUF_LOG)) &&
                      sf_new != 64'd0 && (sf_new < 64'd12 || sf_new > 64'd30);
  assign sf_ok = !sf_bad && !sf_log_bad && !(sf_ro && sf_mask != 64'd0) &&
                 (s != 4'(wn_abi_pkg::TCP_STATE_CLOSED) || t_i.abw);

  // ------------------------------------------------------------------
  always_comb begin
    a_o = '0;
    a_o.t = t_i;
    open_o = 1'b0;
    l_set_o = 1'b0;
    l_clr_o = 1'b0;
    bad_o = 1'b0;
    // decided only in the FSM's state that applies it (the outputs are
    // the defaults above otherwise)
    if (en_i) cpl_proc();
  end

  // a segment of the connection (built by the FSM from the TCB it writes)
  task automatic send(input logic [7:0] fl, input logic [31:0] sq);
    a_o.send = 1'b1;
    a_o.send_fl = fl;
    a_o.send_sq = sq;
  endtask

  // a RST
  task automatic send_rst(input logic [31:0] sq, input logic [31:0] ak, input logic [7:0] fl);
    a_o.rst = 1'b1;
    a_o.rst_seq = sq;
    a_o.rst_ack = ak;
    a_o.rst_fl = fl;
  endtask

  // a CPL message to the CP (with the request's id)
  task automatic post(input logic [7:0] op, input logic [3:0] words);
    a_o.post = 1'b1;
    a_o.post_op = op;
    a_o.post_id = id_i;
    a_o.post_words = words;
  endtask

  // arm the retransmission timer with the current RTO
  task automatic arm_rto();
    a_o.t.tmr_on = 1'b1;
    a_o.t.ka_mode = 1'b0;
    a_o.t.tmr_dl = now_i + a_o.t.rto;
  endtask

  task automatic cpl_proc();
    unique case (op_i)
      8'(wn_abi_pkg::CPL_OPCODE_ACT_OPEN_REQ): begin
        if (!free_valid_i) begin
          post(8'(wn_abi_pkg::CPL_OPCODE_ACT_OPEN_RPL), 4'd2);
          a_o.post_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_NO_RESOURCES);
          a_o.post_body[63:32] = wn_abi_pkg::CPL_TID_NONE;
        end else if (body_i[wn_abi_pkg::CPL_ACT_OPEN_REQ_RCV_WSCALE_LSB +: 8] > 8'd14 ||
                     body_i[wn_abi_pkg::CPL_ACT_OPEN_REQ_PEER_PORT_LSB +: 16] == 16'd0 ||
                     body_i[wn_abi_pkg::CPL_ACT_OPEN_REQ_LOCAL_PORT_LSB +: 16] == 16'd0) begin
          post(8'(wn_abi_pkg::CPL_OPCODE_ACT_OPEN_RPL), 4'd2);
          a_o.post_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_BAD_ARGUMENT);
          a_o.post_body[63:32] = wn_abi_pkg::CPL_TID_NONE;
        end else begin
          // taken when the insert is done
          open_o = 1'b1;
          a_o.t = fresh_i;
          a_o.t.st = 4'(wn_abi_pkg::TCP_STATE_SYN_SENT);
          a_o.t.owner = id_i;
          a_o.t.pip = body_i[wn_abi_pkg::CPL_ACT_OPEN_REQ_PEER_IP_LSB +: 32];
          a_o.t.lport = body_i[wn_abi_pkg::CPL_ACT_OPEN_REQ_LOCAL_PORT_LSB +: 16];
          a_o.t.pport = body_i[wn_abi_pkg::CPL_ACT_OPEN_REQ_PEER_PORT_LSB +: 16];
          a_o.t.pmac = wn_tcp_pkg::mac_swap(body_i[wn_abi_pkg::CPL_ACT_OPEN_REQ_PEER_MAC_LSB +: 48]);
          a_o.t.opt = body_i[wn_abi_pkg::CPL_ACT_OPEN_REQ_TCP_OPT_LSB +: 8];
          a_o.t.rcv_ws = ((a_o.t.opt & wn_abi_pkg::CPL_TCP_OPT_WSCALE) != 8'd0) ?
                       body_i[wn_abi_pkg::CPL_ACT_OPEN_REQ_RCV_WSCALE_LSB +: 4] : 4'd0;
          a_o.t.rcv_wnd = body_i[wn_abi_pkg::CPL_ACT_OPEN_REQ_RCV_WND_LSB +: 32];
          a_o.t.iss = body_i[wn_abi_pkg::CPL_ACT_OPEN_REQ_ISS_LSB +: 32];
          a_o.t.snd_una = a_o.t.iss;
          a_o.t.snd_nxt = a_o.t.iss + 32'd1;
          a_o.t.snd_max = a_o.t.snd_nxt;
          if (body_i[wn_abi_pkg::CPL_ACT_OPEN_REQ_MSS_LSB +: 16] != 16'd0 &&
              body_i[wn_abi_pkg::CPL_ACT_OPEN_REQ_MSS_LSB +: 16] < def_mss_i)
            a_o.t.mss = body_i[wn_abi_pkg::CPL_ACT_OPEN_REQ_MSS_LSB +: 16];
          a_o.t.tos = body_i[wn_abi_pkg::CPL_ACT_OPEN_REQ_TOS_LSB +: 8];
          if (body_i[wn_abi_pkg::CPL_ACT_OPEN_REQ_TTL_LSB +: 8] != 8'd0)
            a_o.t.ttl = body_i[wn_abi_pkg::CPL_ACT_OPEN_REQ_TTL_LSB +: 8];
          a_o.t.ulp = body_i[wn_abi_pkg::CPL_ACT_OPEN_REQ_ULP_MODE_LSB +: 8];
          arm_rto();
        end
      end
      8'(wn_abi_pkg::CPL_OPCODE_PASS_OPEN_REQ): begin
        post(8'(wn_abi_pkg::CPL_OPCODE_PASS_OPEN_RPL), 4'd2);
        a_o.post_body[31:16] = po_lport;
        if (po_lport == 16'd0 ||
            body_i[wn_abi_pkg::CPL_PASS_OPEN_REQ_RCV_WSCALE_LSB +: 8] > 8'd14) begin
          a_o.post_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_BAD_ARGUMENT);
        end else if (lsame_hit_i) begin
          a_o.post_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_ADDR_IN_USE);
        end else if (!lfree_hit_i) begin
          a_o.post_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_NO_RESOURCES);
        end else begin
          a_o.post_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_SUCCESS);
          l_set_o = 1'b1;
        end
      end
      8'(wn_abi_pkg::CPL_OPCODE_CLOSE_LISTSRV_REQ): begin
        post(8'(wn_abi_pkg::CPL_OPCODE_CLOSE_LISTSRV_RPL), 4'd2);
        if (lf_hit_i) begin
          a_o.post_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_SUCCESS);
          l_clr_o = 1'b1;
        end else a_o.post_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_BAD_ID);
      end
      8'(wn_abi_pkg::CPL_OPCODE_PASS_ACCEPT_RPL): begin
        if (s != 4'(wn_abi_pkg::TCP_STATE_SYN_RECEIVED) || !t_i.pend || t_i.abw) begin
          bad_o = 1'b1;
        end else if (body_i[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_STATUS_LSB +: 8] ==
                     8'(wn_abi_pkg::CPL_STATUS_SUCCESS)) begin
          a_o.t.pend = 1'b0;
          a_o.t.iss = body_i[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_ISS_LSB +: 32];
          a_o.t.snd_una = a_o.t.iss;
          a_o.t.snd_nxt = a_o.t.iss + 32'd1;
          a_o.t.snd_max = a_o.t.snd_nxt;
          // window scaling only when both sides offer it (RFC 7323 §1.3)
          // (and SACK, RFC 2018 §2)
          a_o.t.opt = (par_opt | (t_i.opt & (wn_abi_pkg::CPL_TCP_OPT_NODELAY | wn_abi_pkg::CPL_TCP_OPT_KEEPALIVE))) &
                    (t_i.opt | ~(wn_abi_pkg::CPL_TCP_OPT_WSCALE | wn_abi_pkg::CPL_TCP_OPT_SACK)) &
                    ~(wn_abi_pkg::CPL_TCP_OPT_TIMESTAMPS | wn_abi_pkg::CPL_TCP_OPT_ECN);
          if ((a_o.t.opt & wn_abi_pkg::CPL_TCP_OPT_WSCALE) != 8'd0) begin
            if (par_ws != 4'd0) a_o.t.rcv_ws = par_ws;
          end else begin
            a_o.t.rcv_ws = 4'd0;
            a_o.t.snd_ws = 4'd0;
          end
          if (par_mss != 16'd0 && par_mss < a_o.t.mss) a_o.t.mss = par_mss;
          if (par_wnd != 32'd0) a_o.t.rcv_wnd = par_wnd;
          a_o.t.tos = body_i[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_TOS_LSB +: 8];
          arm_rto();
          a_o.we = 1'b1;
          send(wn_abi_pkg::TCP_FLAGS_SYN | wn_abi_pkg::TCP_FLAGS_ACK, a_o.t.iss);
        end else if (body_i[wn_abi_pkg::CPL_PASS_ACCEPT_RPL_STATUS_LSB +: 8] ==
                     8'(wn_abi_pkg::CPL_STATUS_CONN_REFUSED)) begin
          // refuse with RST (RFC 9293 §3.10.7.2)
          send_rst(32'd0, t_i.irs + 32'd1, wn_abi_pkg::TCP_FLAGS_RST | wn_abi_pkg::TCP_FLAGS_ACK);
          a_o.free = 1'b1;
        end else begin
          a_o.free = 1'b1;
        end
      end
      8'(wn_abi_pkg::CPL_OPCODE_CLOSE_CON_REQ): begin
        if (t_i.abw || (s != 4'(wn_abi_pkg::TCP_STATE_ESTABLISHED) &&
                        s != 4'(wn_abi_pkg::TCP_STATE_CLOSE_WAIT))) begin
          post(8'(wn_abi_pkg::CPL_OPCODE_CLOSE_CON_RPL), 4'd4);
          a_o.post_body[7:0] = (s == 4'(wn_abi_pkg::TCP_STATE_CLOSED)) ?
                             8'(wn_abi_pkg::CPL_STATUS_BAD_ID) : 8'(wn_abi_pkg::CPL_STATUS_BAD_STATE);
          a_o.post_body[15:8] = {4'd0, s};
          a_o.post_body[63:32] = t_i.snd_nxt;
          a_o.post_body[95:64] = t_i.rcv_nxt;
        end else if (send_st_i && tq_avail_i != 32'd0) begin
          // FIN after the bytes still to send
          a_o.t.st = (s == 4'(wn_abi_pkg::TCP_STATE_ESTABLISHED)) ?
                   4'(wn_abi_pkg::TCP_STATE_FIN_WAIT_1) : 4'(wn_abi_pkg::TCP_STATE_LAST_ACK);
          a_o.t.fin_pend = 1'b1;
          a_o.we = 1'b1;
          if (!t_i.sched) begin
            a_o.rdy = rdy_wready_i;
            a_o.t.sched = rdy_wready_i;
          end
        end else begin
          // FIN now: nothing is left to send
          a_o.t.st = (s == 4'(wn_abi_pkg::TCP_STATE_ESTABLISHED)) ?
                   4'(wn_abi_pkg::TCP_STATE_FIN_WAIT_1) : 4'(wn_abi_pkg::TCP_STATE_LAST_ACK);
          a_o.t.fin_sent = 1'b1;
          a_o.t.fin_max = 1'b1;
          a_o.t.snd_nxt = t_i.snd_nxt + 32'd1;
          a_o.t.retx = 8'd0;
          arm_rto();
          a_o.we = 1'b1;
          send(wn_abi_pkg::TCP_FLAGS_FIN | wn_abi_pkg::TCP_FLAGS_ACK, t_i.snd_nxt);
        end
      end
      8'(wn_abi_pkg::CPL_OPCODE_ABORT_REQ): begin
        post(8'(wn_abi_pkg::CPL_OPCODE_ABORT_RPL), 4'd2);
        if (s == 4'(wn_abi_pkg::TCP_STATE_CLOSED) && !t_i.abw) begin
          a_o.post_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_BAD_ID);
        end else if (t_i.abw) begin
          // crossing aborts: answer, and wait for the CP's ABORT_RPL
          a_o.post_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_SUCCESS);
        end else begin
          a_o.post_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_SUCCESS);
          if ((body_i[wn_abi_pkg::CPL_ABORT_REQ_ABORT_FLAGS_LSB +: 8] &
               wn_abi_pkg::CPL_ABORT_FLAGS_NO_RST) == 8'd0 &&
              s != 4'(wn_abi_pkg::TCP_STATE_TIME_WAIT) &&
              !(s == 4'(wn_abi_pkg::TCP_STATE_SYN_RECEIVED) && t_i.pend)) begin
            send_rst(t_i.snd_nxt, t_i.rcv_nxt,
                     (s == 4'(wn_abi_pkg::TCP_STATE_SYN_SENT)) ? wn_abi_pkg::TCP_FLAGS_RST
                                                               : (wn_abi_pkg::TCP_FLAGS_RST | wn_abi_pkg::TCP_FLAGS_ACK));
          end
          a_o.free = 1'b1;
        end
      end
      8'(wn_abi_pkg::CPL_OPCODE_ABORT_RPL): begin
        if (t_i.abw) a_o.free = 1'b1;
        else bad_o = 1'b1;
      end
      8'(wn_abi_pkg::CPL_OPCODE_SET_TCB_FIELD): begin
        if ((flags_i & wn_abi_pkg::CPL_FLAGS_NO_REPLY) == 8'd0) begin
          post(8'(wn_abi_pkg::CPL_OPCODE_SET_TCB_RPL), 4'd4);
          a_o.post_body[7:0] = (s == 4'(wn_abi_pkg::TCP_STATE_CLOSED) && !t_i.abw) ?
                             8'(wn_abi_pkg::CPL_STATUS_BAD_ID) :
                             (sf_ok ? 8'(wn_abi_pkg::CPL_STATUS_SUCCESS) : 8'(wn_abi_pkg::CPL_STATUS_BAD_ARGUMENT));
          a_o.post_body[15:8] = sf_field;
          a_o.post_body[63:16] = body_i[wn_abi_pkg::CPL_SET_TCB_FIELD_COOKIE_LSB +: 48];
          a_o.post_body[127:64] = sf_ok ? sf_new : sf_old;
        end
        if (sf_ok && sf_mask != 64'd0) begin
          a_o.we = 1'b1;
          unique case (sf_field)
            8'(wn_abi_pkg::TCB_FIELD_ULP_MODE): a_o.t.ulp = sf_new[7:0];
            8'(wn_abi_pkg::TCB_FIELD_TCP_OPT): a_o.t.opt = (t_i.opt & ~(wn_abi_pkg::CPL_TCP_OPT_NODELAY | wn_abi_pkg::CPL_TCP_OPT_KEEPALIVE)) |
                                                        (sf_new[7:0] & (wn_abi_pkg::CPL_TCP_OPT_NODELAY | wn_abi_pkg::CPL_TCP_OPT_KEEPALIVE));
            8'(wn_abi_pkg::TCB_FIELD_MSS): a_o.t.mss = sf_new[15:0];
            8'(wn_abi_pkg::TCB_FIELD_RCV_WND): a_o.t.rcv_wnd = sf_new[31:0];
            8'(wn_abi_pkg::TCB_FIELD_RTO_MIN): a_o.t.rto_min = sf_new[31:0];
            8'(wn_abi_pkg::TCB_FIELD_DELACK): a_o.t.delack = sf_new[31:0];
            8'(wn_abi_pkg::TCB_FIELD_KEEPALIVE_IDLE): a_o.t.ka_idle = sf_new[39:0];
            8'(wn_abi_pkg::TCB_FIELD_KEEPALIVE_INTVL): a_o.t.ka_intvl = sf_new[31:0];
            8'(wn_abi_pkg::TCB_FIELD_KEEPALIVE_CNT): a_o.t.ka_cnt = sf_new[7:0];
            8'(wn_abi_pkg::TCB_FIELD_RTO_MAX): a_o.t.rto_max = sf_new[31:0];
            8'(wn_abi_pkg::TCB_FIELD_RETX_MAX): a_o.t.retx_max = sf_new[7:0];
            8'(wn_abi_pkg::TCB_FIELD_TOS): a_o.t.tos = sf_new[7:0];
            8'(wn_abi_pkg::TCB_FIELD_TTL): a_o.t.ttl = sf_new[7:0];
            8'(wn_abi_pkg::TCB_FIELD_QPID): a_o.t.qpid = sf_new[31:0];
            8'(wn_abi_pkg::TCB_FIELD_PEER_MAC): a_o.t.pmac = sf_new[47:0];
            8'(wn_abi_pkg::TCB_FIELD_TX_CREDITS): a_o.t.credits = sf_new[31:0];
            8'(wn_abi_pkg::TCB_FIELD_TX_BUF_ADDR): a_o.t.tx_addr = sf_new;
            8'(wn_abi_pkg::TCB_FIELD_TX_BUF_LOG): a_o.t.tx_log = sf_new[4:0];
            8'(wn_abi_pkg::TCB_FIELD_RX_BUF_ADDR): a_o.t.rx_addr = sf_new;
            8'(wn_abi_pkg::TCB_FIELD_RX_BUF_LOG): a_o.t.rx_log = sf_new[4:0];
            8'(wn_abi_pkg::TCB_FIELD_CQN): a_o.t.cqn = sf_new[7:0];
            default: a_o.we = 1'b0;
          endcase
          // a streaming connection's first receive buffer opens the window
          // its SYN or SYN-ACK advertised closed (wn_tcp_pkg::awnd_f): the
          // window update
          if (sf_field == 8'(wn_abi_pkg::TCB_FIELD_RX_BUF_LOG) && t_i.rx_log == 5'd0 &&
              sf_new != 64'd0 && t_i.ulp == 8'(wn_abi_pkg::CPL_ULP_MODE_STREAMING) && sync_st_i)
            send(wn_abi_pkg::TCP_FLAGS_ACK, t_i.snd_nxt);
        end
      end
      default: bad_o = 1'b1;
    endcase
  endtask

  logic unused;
  assign unused = ^{body_i[319:280], body_i[255:240]};
endmodule
