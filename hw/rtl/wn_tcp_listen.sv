// wn_tcp_listen: the listener table of the TCP engine (wn_tcp_engine):
// NumListen entries set by PASS_OPEN_REQ and cleared by CLOSE_LISTSRV_REQ
// (docs/cpl.md), each a local port with optional local address, peer
// address and peer port (0: any), and the options its connections start
// with.
//
// Lookups (all combinational, every entry compared at once; the lowest
// index wins):
//   match  the listener a segment's SYN is for (seg_*_i): lm_hit_o and
//          that listener's stid, MSS, options, window scale and window;
//   id     the listener a CPL message names by stid (id_i): lf_hit_o;
//   same   a listener with exactly the PASS_OPEN_REQ's addresses and
//          ports (body_i) exists: lsame_hit_o;
//   free   a free entry exists: lfree_hit_o.
// set_i stores body_i's PASS_OPEN_REQ (stid id_i) in the free entry;
// clr_i clears the entry id_i names. Both take effect the next cycle.
//
// Reset clears every entry's valid bit.
// Parameters: NumListen 1..64.
module wn_tcp_listen #(
    parameter int NumListen = 16
) (
    input  logic         clk_i,
    input  logic         rst_i,
    // a SYN's addresses and ports
    input  logic [31:0]  seg_sip_i,
    input  logic [31:0]  seg_dip_i,
    input  logic [15:0]  seg_sport_i,
    input  logic [15:0]  seg_dport_i,
    output logic         lm_hit_o,
    output logic [31:0]  lm_stid_o,
    output logic [15:0]  lm_mss_o,
    output logic [7:0]   lm_opt_o,
    output logic [3:0]   lm_ws_o,
    output logic [31:0]  lm_wnd_o,
    // a CPL message: its id and body
    input  logic [31:0]  id_i,
    input  logic [319:0] body_i,
    output logic         lf_hit_o,
    output logic         lsame_hit_o,
    output logic         lfree_hit_o,
    input  logic         set_i,
    input  logic         clr_i
);
  generate
    if (NumListen < 1 || NumListen > 64) begin : g_bad_l
      $fatal(1, "wn_tcp_listen: NumListen must be 1..64");
    end
  endgenerate

  localparam int LW = (NumListen > 1) ? $clog2(NumListen) : 1;

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

  logic [LW-1:0] lm_idx, lf_idx, lfree_idx;
  logic [31:0]   po_lip, po_pip;
  logic [15:0]   po_lport, po_pport;
  assign po_lip = body_i[wn_abi_pkg::CPL_PASS_OPEN_REQ_LOCAL_IP_LSB +: 32];
  assign po_pip = body_i[wn_abi_pkg::CPL_PASS_OPEN_REQ_PEER_IP_LSB +: 32];
  assign po_lport = body_i[wn_abi_pkg::CPL_PASS_OPEN_REQ_LOCAL_PORT_LSB +: 16];
  assign po_pport = body_i[wn_abi_pkg::CPL_PASS_OPEN_REQ_PEER_PORT_LSB +: 16];
  always_comb begin
    lm_hit_o = 1'b0;
    lm_idx = '0;
    lf_hit_o = 1'b0;
    lf_idx = '0;
    lsame_hit_o = 1'b0;
    lfree_hit_o = 1'b0;
    lfree_idx = '0;
    for (int k = NumListen - 1; k >= 0; k--) begin
      if (l_valid_q[k] && l_lport_q[k] == seg_dport_i &&
          (l_lip_q[k] == 32'd0 || l_lip_q[k] == seg_dip_i) &&
          (l_pip_q[k] == 32'd0 || l_pip_q[k] == seg_sip_i) &&
          (l_pport_q[k] == 16'd0 || l_pport_q[k] == seg_sport_i)) begin
        lm_hit_o = 1'b1;
        lm_idx = LW'(k);
      end
      if (l_valid_q[k] && l_stid_q[k] == id_i) begin
        lf_hit_o = 1'b1;
        lf_idx = LW'(k);
      end
      if (l_valid_q[k] && l_lport_q[k] == po_lport && l_lip_q[k] == po_lip &&
          l_pip_q[k] == po_pip && l_pport_q[k] == po_pport) begin
        lsame_hit_o = 1'b1;
      end
      if (!l_valid_q[k]) begin
        lfree_hit_o = 1'b1;
        lfree_idx = LW'(k);
      end
    end
  end
  assign lm_stid_o = l_stid_q[lm_idx];
  assign lm_mss_o = l_mss_q[lm_idx];
  assign lm_opt_o = l_opt_q[lm_idx];
  assign lm_ws_o = l_ws_q[lm_idx];
  assign lm_wnd_o = l_wnd_q[lm_idx];

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      l_valid_q <= '0;
    end else begin
      if (set_i) begin
        l_valid_q[lfree_idx] <= 1'b1;
        l_stid_q[lfree_idx] <= id_i;
        l_lip_q[lfree_idx] <= po_lip;
        l_pip_q[lfree_idx] <= po_pip;
        l_lport_q[lfree_idx] <= po_lport;
        l_pport_q[lfree_idx] <= po_pport;
        l_mss_q[lfree_idx] <= body_i[wn_abi_pkg::CPL_PASS_OPEN_REQ_MSS_LSB +: 16];
        l_opt_q[lfree_idx] <= body_i[wn_abi_pkg::CPL_PASS_OPEN_REQ_TCP_OPT_LSB +: 8];
        l_ws_q[lfree_idx] <= body_i[wn_abi_pkg::CPL_PASS_OPEN_REQ_RCV_WSCALE_LSB +: 4];
        l_wnd_q[lfree_idx] <= body_i[wn_abi_pkg::CPL_PASS_OPEN_REQ_RCV_WND_LSB +: 32];
      end
      if (clr_i) l_valid_q[lf_idx] <= 1'b0;
    end
  end

  logic unused;
  assign unused = ^{body_i[319:160], body_i[127:124]};
endmodule
