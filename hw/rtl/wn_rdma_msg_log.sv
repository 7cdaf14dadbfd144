// wn_rdma_msg_log: the message log of wn_rdma_tx. Every QP has a ring of
// LogDepth message records (wn_rdma_pkg::msg_t, MsgW bits): the messages
// its work requests, READ RESPONSEs and Terminate became, from logging
// until their acknowledgment retires them. The rings' pointers (head,
// release, tail) are wn_rdma_tx's; this is their storage.
//
// Record (msg_t, from the most significant bit down): op (RDMAP opcode, 4),
// len (payload bytes; a READ REQUEST's size, 32), stag (sink STag, or the
// STag a Send with Invalidate names, 32), to (sink Tagged Offset, 64), msn
// (32), sstag and sto (a READ REQUEST's source, 32 + 64), imm (Immediate
// Data, 64), saddr and slen (gather list: four host addresses and lengths,
// 256 + 128), snum (entries in use, 3), wr_id (64), idx (send-queue index,
// 16), sig (a CQE when acknowledged), pair (the Write of an
// RDMA_WRITE_IMM), cop (CQE opcode, 8), start (stream offset of its first
// FPDU, 32), bytes (its FPDUs' bytes on the wire, 32), multi (more than one
// FPDU).
//
// Ports: one write port (we_i, address {QP, index}); NumRd read ports,
// read port r at raddr_i[r*AW +: AW], its record at rdata_o[r*MsgW +:
// MsgW], combinational (the record at the address now; a record written at
// an edge is read from the next cycle on). Reset clears nothing (a record
// is read only between its logging and its retirement). Parameters: NumQp
// a power of two 2..1024; LogDepth a power of two 4..4096; NumRd 1..8.
module wn_rdma_msg_log #(
    parameter int NumQp = 64,
    parameter int LogDepth = 256,
    parameter int NumRd = 5,
    localparam int AW = $clog2(NumQp) + $clog2(LogDepth),
    localparam int MsgW = wn_rdma_pkg::MsgW
) (
    input  logic                  clk_i,
    input  logic                  we_i,
    input  logic [AW-1:0]         waddr_i,
    input  logic [MsgW-1:0]       wdata_i,
    input  logic [NumRd*AW-1:0]   raddr_i,
    output logic [NumRd*MsgW-1:0] rdata_o
);
  generate
    if (NumQp < 2 || NumQp > 1024 || (1 << $clog2(NumQp)) != NumQp || LogDepth < 4 || LogDepth > 4096 ||
        (1 << $clog2(LogDepth)) != LogDepth || NumRd < 1 || NumRd > 8) begin : g_bad
      $fatal(1, "wn_rdma_msg_log: NumQp a power of two 2..1024, LogDepth a power of two 4..4096, NumRd 1..8");
    end
  endgenerate

  logic [MsgW-1:0] mem_q [NumQp*LogDepth];

  always_ff @(posedge clk_i) begin
    if (we_i) mem_q[waddr_i] <= wdata_i;
  end

  generate
    for (genvar r = 0; r < NumRd; r++) begin : g_rd
      assign rdata_o[r*MsgW +: MsgW] = mem_q[raddr_i[r*AW +: AW]];
    end
  endgenerate
endmodule
