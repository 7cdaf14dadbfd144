// wn_ddp_pkg: what the head of wn_ddp_rx and its tail (wn_ddp_rx_tail)
// share: the end-of-FPDU action codes the head puts in an event for the
// tail, and the byte-lane helpers both use on 64-byte beats (lane i: byte
// i, bits i*8+7..i*8). Refer to items as wn_ddp_pkg::NAME (no wildcard
// import).
// Every design is linted with every package (scripts/lint-rtl.sh), and
// one that does not use this one would see its items unused: waived here.
// verilator lint_off UNUSEDPARAM
package wn_ddp_pkg;
  // end-of-FPDU actions (an event's kind, the context's skind)
  localparam logic [2:0] KNone = 3'd0;
  localparam logic [2:0] KRresp = 3'd1;
  localparam logic [2:0] KSend = 3'd2;
  localparam logic [2:0] KImm = 3'd3;
  localparam logic [2:0] KRreq = 3'd4;
  localparam logic [2:0] KTerm = 3'd5;

  // the bits of the lanes set in k
  function automatic logic [511:0] bytes_mask(input logic [63:0] k);
    for (int i = 0; i < 64; i++) bytes_mask[i*8 +: 8] = {8{k[i]}};
  endfunction
  // lanes 0..n-1 (all for n >= 64)
  function automatic logic [63:0] low_mask(input logic [6:0] n);
    low_mask = (n >= 7'd64) ? {64{1'b1}} : ((64'd1 << n[5:0]) - 64'd1);
  endfunction
  // lanes set
  function automatic logic [6:0] pop64(input logic [63:0] k);
    pop64 = '0;
    for (int i = 0; i < 64; i++) pop64 = pop64 + {6'd0, k[i]};
  endfunction
  // lowest set bit of a non-zero mask, as a 6-step binary search (a
  // balanced tree instead of a 64-deep priority chain)
  function automatic logic [5:0] ctz64(input logic [63:0] k);
    logic [63:0] x;
    x = k;
    ctz64 = '0;
    if (x[31:0] == 32'd0) begin
      ctz64[5] = 1'b1;
      x = x >> 32;
    end
    if (x[15:0] == 16'd0) begin
      ctz64[4] = 1'b1;
      x = x >> 16;
    end
    if (x[7:0] == 8'd0) begin
      ctz64[3] = 1'b1;
      x = x >> 8;
    end
    if (x[3:0] == 4'd0) begin
      ctz64[2] = 1'b1;
      x = x >> 4;
    end
    if (x[1:0] == 2'd0) begin
      ctz64[1] = 1'b1;
      x = x >> 2;
    end
    if (!x[0]) ctz64[0] = 1'b1;
  endfunction
endpackage
// verilator lint_on UNUSEDPARAM
