// wn_rdma_msg_log: the message log of wn_rdma_tx. Every QP has a ring of
// LogDepth message records (wn_rdma_pkg::msg_t, MsgW bits): the messages
// its work requests, READ RESPONSEs and Terminates became, from logging
// until their acknowledgment retires them. The rings' pointers (head,
// release, tail) are wn_rdma_tx's; this is their storage.
//
// The rings are virtual: their records live in one pool of PoolRecs
// records shared by every QP, in pages of PageRecs. A QP's ring is
// LogDepth / PageRecs virtual pages; a page table maps each {QP, virtual
// page} to a pool page, allocated from a free list when the first record
// of a virtual page without one is written. So the pool is sized for the
// messages in flight on the whole NIC (the wire's bandwidth-delay
// product), not NumQp × LogDepth.
//
// Pages go back by a sweep (a garbage collector): one pool page a cycle,
// the sweep reads the page's owner {QP, virtual page} and asks wn_rdma_tx
// for that QP's ring ends (gc_qp_o, gc_head_i, gc_tail_i); a page that
// holds no record from head to tail, and is not being written in that
// cycle, goes back to the free list. One rule covers retirement, the
// tail's rewind by a flush, and a QP's reset or new set-up: whatever the
// ring no longer covers is taken back within NumPages cycles. The first
// sweep after reset puts every page on the free list; a page it has
// passed can be allocated at once.
//
// A page is on the free list when its two toggles differ (g_tg flipped by
// the sweep that lists it, a_tg set equal by the allocation that takes
// it): each has one writer. A page table entry is valid when its page is
// allocated and its owner is that entry, so no entry is ever cleared.
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
// The records are two memories: the whole record, read by one registered
// port (the FPDU server's: block RAM or UltraRAM, one write and one read),
// and the fields the completions, the release and the flush read (op,
// len, wr_id, idx, sig, pair, cop, start, bytes, multi: CvW bits), read
// by NumRd registered ports (block RAM, one copy per port). Every read is
// registered: each reader names the record it uses in the next cycle.
//
// Ports: one write port (we_i, address {QP, index}), taken only while
// room_o (the record's page is there, or a free page is); free_o counts
// the free pages (a writer reserves against it). The whole record's port:
// caddr_i names the record cdata_o shows in the next cycle. NumRd narrow
// ports: raddr_i[r*AW +: AW] names the record whose fields
// rdata_o[r*MsgW +: MsgW] shows in the next cycle, as a msg_t (the other
// fields zero). A record written in the cycle it is named is shown as
// written. A read is of a record between its QP's head and tail, or of
// the one being written; any other reads an unspecified record.
// Parameters: NumQp a power of two 2..1024; LogDepth a power of two
// 8..4096; PageRecs a power of two 2..LogDepth; PoolRecs a power of two,
// at least 16 pages; NumRd 1..8.
module wn_rdma_msg_log #(
    parameter int NumQp = 64,
    parameter int LogDepth = 256,
    parameter int NumRd = 3,
    parameter int PoolRecs = 4096,
    parameter int PageRecs = 8,
    localparam int QpW = $clog2(NumQp),
    localparam int LW = $clog2(LogDepth),
    localparam int AW = QpW + LW,
    localparam int OfW = $clog2(PageRecs),
    localparam int VpW = LW - OfW,
    localparam int NumPages = PoolRecs / PageRecs,
    localparam int PgW = $clog2(NumPages),
    localparam int MsgW = wn_rdma_pkg::MsgW
) (
    input  logic                  clk_i,
    input  logic                  rst_i,
    input  logic                  we_i,
    input  logic [AW-1:0]         waddr_i,
    input  logic [MsgW-1:0]       wdata_i,
    output logic                  room_o,
    output logic [PgW:0]          free_o,
    output logic [QpW-1:0]        gc_qp_o,
    input  logic [LW:0]           gc_head_i,
    input  logic [LW:0]           gc_tail_i,
    input  logic [AW-1:0]         caddr_i,
    output logic [MsgW-1:0]       cdata_o,
    input  logic [NumRd*AW-1:0]   raddr_i,
    output logic [NumRd*MsgW-1:0] rdata_o
);
  generate
    if (NumQp < 2 || NumQp > 1024 || (1 << QpW) != NumQp || LogDepth < 8 || LogDepth > 4096 ||
        (1 << LW) != LogDepth || PageRecs < 2 || PageRecs > LogDepth || (1 << OfW) != PageRecs ||
        (1 << $clog2(PoolRecs)) != PoolRecs || NumPages < 16 || NumRd < 1 || NumRd > 8) begin : g_bad
      $fatal(1, "wn_rdma_msg_log: NumQp a power of two 2..1024, LogDepth a power of two 8..4096, PageRecs a power of two 2..LogDepth, PoolRecs a power of two of 16 pages or more, NumRd 1..8");
    end
  endgenerate

  // the narrow fields: msg_t's first two (op, len: HiW bits at the top)
  // and its last eight (wr_id to multi: LoW bits at the bottom)
  localparam int HiW = 36;
  localparam int LoW = 155;
  localparam int CvW = HiW + LoW;
  logic [MsgW-1:0]    mem_q [PoolRecs];
  logic [CvW-1:0]     cv_q [PoolRecs];
  logic [PgW-1:0]     pt_q [NumQp << VpW];   // {QP, virtual page} -> pool page
  logic [QpW+VpW-1:0] own_q [NumPages];      // pool page -> {QP, virtual page}
  logic               a_tg [NumPages];
  logic               g_tg [NumPages];

  // the free list
  logic [PgW-1:0] fl_pg;
  logic           fl_valid, fl_pop, gc_push, fl_wready;
  logic [PgW-1:0] gc_pg;
  wn_fifo #(
      .Width(PgW),
      .Depth(NumPages)
  ) u_free (
      .clk_i,
      .rst_i,
      .wdata_i (gc_pg),
      .wvalid_i(gc_push),
      .wready_o(fl_wready),
      .rdata_o (fl_pg),
      .rvalid_o(fl_valid),
      .rready_i(fl_pop),
      .count_o (free_o)
  );

  // the sweep: the first one after reset lists every page
  logic               gc_first;
  logic [QpW+VpW-1:0] gc_own;
  logic [VpW-1:0]     gc_vp;
  logic [LW:0]        gc_n, gc_span;
  logic               gc_live, gc_wr;
  assign gc_own = own_q[gc_pg];
  assign gc_qp_o = gc_own[VpW +: QpW];
  assign gc_vp = gc_own[VpW-1:0];
  // the ring covers gc_n records from its head: the pages from the head's
  // on, gc_span of them after it (LogDepth / PageRecs or more: all)
  assign gc_n = gc_tail_i - gc_head_i;
  assign gc_span = ((LW + 1)'(gc_head_i[OfW-1:0]) + gc_n - 1'b1) >> OfW;
  assign gc_live = gc_n != '0 && (LW + 1)'(VpW'(gc_vp - gc_head_i[LW-1:OfW])) <= gc_span;
  assign gc_wr = we_i && waddr_i[LW +: QpW] == gc_qp_o && waddr_i[LW-1:OfW] == gc_vp;
  assign gc_push = gc_first || (a_tg[gc_pg] == g_tg[gc_pg] && !gc_live && !gc_wr);
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      gc_first <= 1'b1;
      gc_pg <= '0;
    end else begin
      gc_pg <= gc_pg + 1'b1;
      if (gc_pg == PgW'(NumPages - 1)) gc_first <= 1'b0;
    end
  end
  always_ff @(posedge clk_i) begin
    if (!rst_i && gc_push) g_tg[gc_pg] <= !a_tg[gc_pg];
  end

  // the write: to the page the table names if it is the entry's, else to
  // a page from the free list (a page not yet passed by the first sweep
  // is neither)
  logic [QpW+VpW-1:0] w_key;
  logic [PgW-1:0]     w_pg;
  logic               w_hit;
  assign w_key = waddr_i[AW-1:OfW];
  assign w_pg = pt_q[w_key];
  assign w_hit = own_q[w_pg] == w_key && a_tg[w_pg] == g_tg[w_pg] && (!gc_first || w_pg < gc_pg);
  assign room_o = w_hit || fl_valid;
  assign fl_pop = we_i && !w_hit && !rst_i;
  logic [PgW+OfW-1:0] w_at;
  assign w_at = {w_hit ? w_pg : fl_pg, waddr_i[OfW-1:0]};
  always_ff @(posedge clk_i) begin
    if (!rst_i && we_i) mem_q[w_at] <= wdata_i;
  end
  always_ff @(posedge clk_i) begin
    if (!rst_i && we_i)
      cv_q[w_at] <= {wdata_i[MsgW-1 -: HiW], wdata_i[LoW-1:0]};
  end

  // the registered ports: the memories' own output registers (a plain
  // registered read, so the memory maps to block RAM or UltraRAM), and a
  // record written in the cycle it is named forwarded from a copy of the
  // write
  logic [MsgW-1:0] c_mem, w_q;
  logic            c_fwd;
  always_ff @(posedge clk_i) begin
    c_mem <= mem_q[{pt_q[caddr_i[AW-1:OfW]], caddr_i[OfW-1:0]}];
    c_fwd <= we_i && waddr_i == caddr_i;
    if (we_i) w_q <= wdata_i;
  end
  assign cdata_o = c_fwd ? w_q : c_mem;
  always_ff @(posedge clk_i) begin
    if (fl_pop) begin
      pt_q[w_key] <= fl_pg;
      own_q[fl_pg] <= w_key;
      a_tg[fl_pg] <= g_tg[fl_pg];
    end
  end

  // the free list holds every page: it always takes a push
  logic unused;
  assign unused = fl_wready;

  generate
    for (genvar r = 0; r < NumRd; r++) begin : g_rd
      logic [AW-1:0]  ra;
      logic [CvW-1:0] rv, rm;
      logic           rf;
      assign ra = raddr_i[r*AW +: AW];
      always_ff @(posedge clk_i) begin
        rm <= cv_q[{pt_q[ra[AW-1:OfW]], ra[OfW-1:0]}];
        rf <= we_i && waddr_i == ra;
      end
      assign rv = rf ? {w_q[MsgW-1 -: HiW], w_q[LoW-1:0]} : rm;
      assign rdata_o[r*MsgW +: MsgW] = {rv[CvW-1 -: HiW], (MsgW - CvW)'(0), rv[LoW-1:0]};
    end
  endgenerate
endmodule
