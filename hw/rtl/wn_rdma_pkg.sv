// wn_rdma_pkg: what the transmit side's units share: the message record of
// the message log (wn_rdma_tx writes it, wn_rdma_msg_log keeps it,
// wn_rdma_fpdu_srv builds FPDUs from it) and the FPDU-size rules both the
// logging and the serving of a message follow, so that an FPDU built again
// for a retransmission has the size and stream position it had the first
// time. Refer to items as wn_rdma_pkg::NAME (no wildcard import).
// Every design is linted with every package (scripts/lint-rtl.sh), and
// one that does not use this one would see its items unused: waived here.
// verilator lint_off UNUSEDPARAM
package wn_rdma_pkg;
  // a message of the log (fields from the most significant bits down;
  // MsgW bits in all)
  typedef struct packed {
    logic [3:0]   op;       // rdmap_opcode
    logic [31:0]  len;      // payload bytes (READ REQUEST: the size)
    logic [31:0]  stag;     // tagged: sink STag; SEND_INV: STag to invalidate
    logic [63:0]  to;
    logic [31:0]  msn;
    logic [31:0]  sstag;    // READ REQUEST: the data source
    logic [63:0]  sto;
    logic [63:0]  imm;
    logic [255:0] saddr;    // gather list: host addresses
    logic [127:0] slen;
    logic [2:0]   snum;
    logic [63:0]  wr_id;
    logic [15:0]  idx;      // its send-queue index
    logic         sig;      // a CQE when acknowledged
    logic         pair;     // the Write of an RDMA_WRITE_IMM (its Immediate Data completes it)
    logic [7:0]   cop;      // its cqe_opcode
    logic [31:0]  start;    // stream offset of its first FPDU
    logic [31:0]  bytes;    // FPDU bytes
    logic         multi;    // more than one FPDU
  } msg_t;
  localparam int MsgW = 866;

  function automatic logic tagged_op(input logic [3:0] op);
    tagged_op = op == 4'(wn_abi_pkg::RDMAP_OPCODE_RDMA_WRITE) || op == 4'(wn_abi_pkg::RDMAP_OPCODE_RDMA_READ_RESPONSE);
  endfunction
  // an FPDU of entry e at message offset m: {ULPDU bytes, payload bytes, last}
  function automatic logic [32:0] fpdu_f(input logic [3:0] op, input logic [31:0] len, input logic [31:0] m,
                                        input logic [15:0] mul);
    logic [15:0] hdr, pay, ul;
    logic [31:0] rem;
    logic        lst;
    hdr = tagged_op(op) ? 16'd14 : 16'd18;
    rem = len - m;
    pay = 16'd0;
    lst = 1'b1;
    if (op == 4'(wn_abi_pkg::RDMAP_OPCODE_RDMA_READ_REQUEST)) ul = 16'd46;
    else if (op == 4'(wn_abi_pkg::RDMAP_OPCODE_IMMEDIATE_DATA) || op == 4'(wn_abi_pkg::RDMAP_OPCODE_IMMEDIATE_DATA_SE))
      ul = 16'd26;
    else if (op == 4'(wn_abi_pkg::RDMAP_OPCODE_TERMINATE)) ul = 16'd18 + len[15:0];
    else begin
      pay = (rem > {16'd0, mul - hdr}) ? mul - hdr : rem[15:0];
      lst = rem <= {16'd0, mul - hdr};
      ul = hdr + pay;
    end
    fpdu_f = {ul, pay, lst};
  endfunction
  function automatic logic [31:0] wire_f(input logic [15:0] ul);
    wire_f = ((32'(ul) + 32'd5) & ~32'd3) + 32'd4;
  endfunction
  // the FPDU's bytes on the wire when it starts at stream offset pos: with
  // markers, one at every 512th octet from the grid start g, a marker right
  // after the FPDU belonging to the next one
  function automatic logic [8:0] moff_f(input logic [8:0] pos, input logic [8:0] g);
    moff_f = g - pos;
  endfunction
  function automatic logic [31:0] wire_m(input logic [15:0] ul, input logic [8:0] pos, input logic [8:0] g,
                                        input logic mk);
    logic [31:0] l, off, n;
    l = wire_f(ul);
    off = {23'd0, moff_f(pos, g)};
    n = (mk && l > off) ? (l - off + 32'd507) / 32'd508 : 32'd0;
    wire_m = l + (n << 2);
  endfunction
  // the MULPDU of an FPDU at stream offset pos: with markers, MULPDU less
  // the markers of the segment it starts (MULPDU + 6 bytes from pos), so
  // that the FPDU and its markers fill that segment exactly (RFC 5044
  // §4.3: FPDUs aligned with segments; mulpdu_for_mss sets MULPDU to MSS
  // less 6)
  function automatic logic [15:0] mul_m(input logic [15:0] mul, input logic [8:0] pos, input logic [8:0] g,
                                       input logic mk);
    logic [16:0] span, off, n;
    span = {1'b0, mul} + 17'd6;
    off = {8'd0, moff_f(pos, g)};
    n = (mk && span > off) ? (span - off + 17'd511) >> 9 : 17'd0;
    mul_m = (mk && {1'b0, mul} > (n << 2) + 17'd64) ? mul - 16'(n << 2) : mul;
  endfunction
  // a >= b in sequence space (RFC 9293 §3.4: modulo 2^32)
  function automatic logic ge32(input logic [31:0] a, input logic [31:0] b);
    ge32 = !(a - b >= 32'h8000_0000);
  endfunction

  // A completion record for wn_cq_engine: {flags and immediate data (0 here),
  // CQ, queue, WQE index, wr_id, length, opcode, status}.
  function automatic logic [223:0] cqe_f(input logic [7:0] cqn, input logic [15:0] qp, input logic [15:0] idx,
                                         input logic [63:0] wr_id, input logic [31:0] len,
                                         input logic [7:0] op, input logic [7:0] status);
    cqe_f = {72'd0, cqn, qp, idx, wr_id, len, op, status};
  endfunction

  // A Terminate's payload (RFC 5040 §4.8) and its length in bytes: control
  // (layer, etype, ecode, M=0, D, R), then with D the DDP segment length
  // (0: M says it is not valid) and the terminated DDP header (hdr: its
  // hlen valid bytes, byte 0 in bits 7:0), with R the terminated RDMA Read
  // Request header.
  function automatic logic [421:0] term_pay_f(input logic [3:0] layer, input logic [3:0] etype,
                                              input logic [7:0] ecode, input logic hvalid,
                                              input logic [6:0] hlen, input logic [367:0] hdr);
    logic [415:0] pay;
    logic [5:0]   len;
    logic         d, r, tag;
    tag = hdr[7];
    d = hvalid && hlen >= (tag ? 7'd14 : 7'd18);
    r = d && !tag && hdr[11:8] == 4'(wn_abi_pkg::RDMAP_OPCODE_RDMA_READ_REQUEST) && hlen >= 7'd46;
    pay = '0;
    pay[7:0] = {layer, etype};
    pay[15:8] = ecode;
    pay[23:16] = {1'b0, d, r, 5'd0};
    len = 6'd4;
    if (d) begin
      // bytes 4-5: segment length 0; then the header
      if (tag) pay[48 +: 112] = hdr[111:0];
      else pay[48 +: 144] = hdr[143:0];
      len = tag ? 6'd20 : 6'd24;
      if (r) begin
        pay[192 +: 224] = hdr[367:144];
        len = 6'd52;
      end
    end
    term_pay_f = {len, pay};
  endfunction
endpackage
// verilator lint_on UNUSEDPARAM
