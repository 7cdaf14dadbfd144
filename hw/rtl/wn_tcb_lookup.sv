// wn_tcb_lookup: connection lookup, 4-tuple -> connection id (tid).
//
// Two ways of hash buckets, one entry each, indexed by two keyed Toeplitz
// hashes of the tuple (the RSS hash: a per-boot secret key keeps a peer
// from choosing tuples that collide), plus a small fully associative
// overflow table. Each way has NumConns buckets, so the table holds
// NumConns connections with room to spare; an insert fails (FULL) only when
// both of its buckets and every overflow slot are taken.
//
// Tuple (96 bits): {remote address[31:0], local address[31:0],
// remote port[15:0], local port[15:0]}.
//
// Lookup: one per cycle (`lk_ready_o` drops for one cycle per control
// operation and while the tables are cleared after reset); the answer comes
// two cycles later, in order.
// Control: insert (op 1) and delete (op 2), one at a time, three cycles
// each; status 0 OK, 1 EXISTS (insert of a present tuple) or NOT_FOUND
// (delete of an absent one), 2 FULL.
// Reset clears the tables by walking every bucket (NumConns cycles).
// Parameters: NumConns a power of two, 16..=65536; CamDepth 1..=32.
module wn_tcb_lookup #(
    parameter int NumConns = 1024,
    parameter int CamDepth = 8,
    localparam int TidW = $clog2(NumConns)
) (
    input  logic            clk_i,
    input  logic            rst_i,
    input  logic [127:0]    key0_i,
    input  logic [127:0]    key1_i,
    // lookups
    input  logic            lk_valid_i,
    input  logic [95:0]     lk_tuple_i,
    output logic            lk_ready_o,
    output logic            lk_rsp_valid_o,
    output logic            lk_hit_o,
    output logic [TidW-1:0] lk_tid_o,
    // control
    input  logic            ctl_valid_i,
    input  logic [1:0]      ctl_op_i,
    input  logic [95:0]     ctl_tuple_i,
    input  logic [TidW-1:0] ctl_tid_i,
    output logic            ctl_ready_o,
    output logic            ctl_done_o,
    output logic [1:0]      ctl_status_o
);
  localparam int IdxW = TidW;
  localparam int EntW = 1 + TidW + 96;  // {valid, tid, tuple}
  localparam int CW = (CamDepth > 1) ? $clog2(CamDepth) : 1;
  localparam logic [1:0] OpInsert = 2'd1;
  localparam logic [1:0] OpDelete = 2'd2;
  localparam logic [1:0] StOk = 2'd0;
  localparam logic [1:0] StMiss = 2'd1;
  localparam logic [1:0] StFull = 2'd2;

  generate
    if (NumConns < 16 || NumConns > 65536 || (1 << TidW) != NumConns) begin : g_bad_n
      $fatal(1, "wn_tcb_lookup: NumConns must be a power of two in 16..65536");
    end
    if (CamDepth < 1 || CamDepth > 32) begin : g_bad_cam
      $fatal(1, "wn_tcb_lookup: CamDepth must be 1..32");
    end
  endgenerate

  // Toeplitz hash of the tuple (bit 95 first) with a 128-bit key
  function automatic logic [31:0] toeplitz(input logic [127:0] key, input logic [95:0] t);
    toeplitz = 32'd0;
    for (int i = 0; i < 96; i++) begin
      if (t[95-i]) toeplitz = toeplitz ^ key[127-i -: 32];
    end
  endfunction

  // ---- storage
  logic [EntW-1:0] way0_q [NumConns];
  logic [EntW-1:0] way1_q [NumConns];
  logic            cam_v_q [CamDepth];
  logic [TidW-1:0] cam_tid_q [CamDepth];
  logic [95:0]     cam_t_q [CamDepth];

  // ---- control state
  typedef enum logic [2:0] {
    CClear,
    CIdle,
    CRead,
    CCheck
  } cstate_e;
  cstate_e         c_q;
  logic [IdxW:0]   clr_q;
  logic [1:0]      op_q;
  logic [95:0]     ct_q;
  logic [TidW-1:0] ctid_q;

  // the read port: a lookup, or the control operation's read
  logic        rd_ctl;
  logic [95:0] rd_tuple;
  logic [IdxW-1:0] h0, h1;
  assign rd_ctl = (c_q == CRead);
  assign rd_tuple = rd_ctl ? ct_q : lk_tuple_i;
  assign lk_ready_o = (c_q == CIdle || c_q == CCheck) && !ctl_valid_i;

  // stage 1: registered reads
  logic [EntW-1:0] e0_q, e1_q;
  logic [IdxW-1:0] h0_q, h1_q;
  logic [95:0]     t1_q;
  logic            s1_lk_q;
  logic [CamDepth-1:0] cam_hit_q, cam_free_q;
  logic            do_read;
  assign do_read = (lk_valid_i && lk_ready_o) || rd_ctl;
  // hashed only for a read (nothing uses the hashes otherwise)
  always_comb begin
    h0 = '0;
    h1 = '0;
    if (do_read) begin
      h0 = IdxW'(toeplitz(key0_i, rd_tuple));
      h1 = IdxW'(toeplitz(key1_i, rd_tuple));
    end
  end

  always_ff @(posedge clk_i) begin
    if (do_read) begin
      e0_q <= way0_q[h0];
      e1_q <= way1_q[h1];
      h0_q <= h0;
      h1_q <= h1;
      t1_q <= rd_tuple;
    end
  end
  for (genvar k = 0; k < CamDepth; k++) begin : g_cam_cmp
    always_ff @(posedge clk_i) begin
      if (do_read) begin
        cam_hit_q[k] <= cam_v_q[k] && cam_t_q[k] == rd_tuple;
        cam_free_q[k] <= !cam_v_q[k];
      end
    end
  end

  // stage 2: compare
  logic hit0, hit1, cam_any;
  logic [TidW-1:0] cam_tid;
  logic [CW-1:0]   cam_hit_idx, cam_free_idx;
  logic            cam_free_any;
  assign hit0 = e0_q[EntW-1] && e0_q[95:0] == t1_q;
  assign hit1 = e1_q[EntW-1] && e1_q[95:0] == t1_q;
  always_comb begin
    cam_any = 1'b0;
    cam_tid = '0;
    cam_hit_idx = '0;
    cam_free_any = 1'b0;
    cam_free_idx = '0;
    for (int k = CamDepth - 1; k >= 0; k--) begin
      if (cam_hit_q[k]) begin
        cam_any = 1'b1;
        cam_tid = cam_tid_q[k];
        cam_hit_idx = CW'(k);
      end
      if (cam_free_q[k]) begin
        cam_free_any = 1'b1;
        cam_free_idx = CW'(k);
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      s1_lk_q <= 1'b0;
      lk_rsp_valid_o <= 1'b0;
    end else begin
      s1_lk_q <= lk_valid_i && lk_ready_o;
      lk_rsp_valid_o <= s1_lk_q;
    end
  end
  always_ff @(posedge clk_i) begin
    if (s1_lk_q) begin
      lk_hit_o <= hit0 || hit1 || cam_any;
      lk_tid_o <= hit0 ? e0_q[96 +: TidW] : hit1 ? e1_q[96 +: TidW] : cam_tid;
    end
  end

  // ---- control: read (stage 1 of the pipeline), then check and write
  logic found, w0, w1, wc, clr_w;
  logic [EntW-1:0] w_ent;
  assign found = hit0 || hit1 || cam_any;
  assign ctl_ready_o = (c_q == CIdle);
  assign clr_w = (c_q == CClear);

  always_comb begin
    w0 = 1'b0;
    w1 = 1'b0;
    wc = 1'b0;
    w_ent = {1'b1, ctid_q, ct_q};
    ctl_status_o = StOk;
    if (c_q == CCheck) begin
      if (op_q == OpInsert) begin
        if (found) ctl_status_o = StMiss;
        else if (!e0_q[EntW-1]) w0 = 1'b1;
        else if (!e1_q[EntW-1]) w1 = 1'b1;
        else if (cam_free_any) wc = 1'b1;
        else ctl_status_o = StFull;
      end else begin
        w_ent = '0;
        if (hit0) w0 = 1'b1;
        else if (hit1) w1 = 1'b1;
        else if (cam_any) wc = 1'b1;
        else ctl_status_o = StMiss;
      end
    end
  end
  assign ctl_done_o = (c_q == CCheck);

  always_ff @(posedge clk_i) begin
    if (clr_w) begin
      way0_q[clr_q[IdxW-1:0]] <= '0;
      way1_q[clr_q[IdxW-1:0]] <= '0;
    end else begin
      if (w0) way0_q[h0_q] <= w_ent;
      if (w1) way1_q[h1_q] <= w_ent;
    end
  end

  for (genvar k = 0; k < CamDepth; k++) begin : g_cam_w
    always_ff @(posedge clk_i) begin
      if (rst_i) begin
        cam_v_q[k] <= 1'b0;
      end else if (wc && op_q == OpInsert && cam_free_idx == CW'(k)) begin
        cam_v_q[k] <= 1'b1;
      end else if (wc && op_q == OpDelete && cam_hit_idx == CW'(k)) begin
        cam_v_q[k] <= 1'b0;
      end
    end
    always_ff @(posedge clk_i) begin
      if (wc && op_q == OpInsert && cam_free_idx == CW'(k)) begin
        cam_t_q[k] <= ct_q;
        cam_tid_q[k] <= ctid_q;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      c_q <= CClear;
      clr_q <= '0;
    end else begin
      unique case (c_q)
        CClear: begin
          clr_q <= clr_q + 1'b1;
          if (clr_q == (IdxW + 1)'(NumConns - 1)) c_q <= CIdle;
        end
        CIdle: if (ctl_valid_i) c_q <= CRead;
        CRead: c_q <= CCheck;
        CCheck: c_q <= CIdle;
        default: c_q <= CIdle;
      endcase
    end
  end
  always_ff @(posedge clk_i) begin
    if (c_q == CIdle && ctl_valid_i) begin
      op_q <= ctl_op_i;
      ct_q <= ctl_tuple_i;
      ctid_q <= ctl_tid_i;
    end
  end

  logic unused;
  assign unused = ^{clr_q[IdxW]};
endmodule
