// wn_cq_engine: completion queues.
//
// Takes completion records from NumSrc engines (round-robin, one per cycle)
// and writes each as a 32-byte CQE (layout cqe_t) at base + 32 * (PI mod
// size) with one DMA write. OWNER is the pass parity (1 on the first pass),
// so the host polls the entry, not a register. A CQ never overwrites an
// entry the host has not consumed (CI): a completion for a full CQ puts it
// in ERROR (CQ_OVERFLOW) and posts CQ_ERROR. An armed CQ posts one
// CQ_COMPLETION event with its next CQE and disarms. A CQE write the host
// refuses puts the CQ in ERROR (LOC_PROT_ERR). Completions for a CQ that is
// disabled or in ERROR are dropped.
//
// Completion record: {cqn[7:0], queue[15:0], idx[15:0], wr_id[63:0],
// len[31:0], opcode[7:0], status[7:0]}, with {flags[7:0], imm[63:0]} above
// it (cqe_flags; zero but for RDMA completions): with IMM or INV set, imm
// takes the timestamp's place and imm_hi (224 bits a record). Event record: {eqn[7:0], type[7:0],
// source[15:0], data[31:0]}.
// Throughput: one CQE per cycle. Reset or CTRL.ENABLE=0 clears a CQ.
module wn_cq_engine #(
    parameter int NumCq = 8,
    parameter int NumSrc = 2
) (
    input  logic                  clk_i,
    input  logic                  rst_i,
    input  logic [31:0]           now_i,
    input  logic [NumCq*64-1:0]   cq_base_i,
    input  logic [NumCq*4-1:0]    cq_log_size_i,
    input  logic [NumCq*8-1:0]    cq_eqn_i,
    input  logic [NumCq-1:0]      cq_enable_i,
    input  logic [NumCq*16-1:0]   cq_ci_i,
    input  logic [NumCq-1:0]      cq_arm_i,
    output logic [NumCq*16-1:0]   cq_pi_o,
    output logic [NumCq*32-1:0]   cq_state_o,
    input  logic [NumSrc*224-1:0] cpl_i,
    input  logic [NumSrc-1:0]     cpl_valid_i,
    output logic [NumSrc-1:0]     cpl_ready_o,
    output wn_abi_pkg::dma_wr_req_t  wr_req_o,
    input  logic                     wr_req_ready_i,
    input  wn_abi_pkg::dma_wr_done_t wr_done_i,
    output logic [63:0]           ev_o,
    output logic                  ev_valid_o,
    input  logic                  ev_ready_i,
    output logic                  cnt_dma_wr_err_o
);
  localparam int CW = (NumCq > 1) ? $clog2(NumCq) : 1;
  localparam int SrcW = (NumSrc > 1) ? $clog2(NumSrc) : 1;

  generate
    if (NumCq < 1 || NumCq > 256) begin : g_bad_cq
      $fatal(1, "wn_cq_engine: NumCq must be 1..256");
    end
  endgenerate

  logic             armed_q [NumCq];
  logic [NumCq-1:0] r_live, r_full, r_owner;
  logic [63:0]      r_addr [NumCq];
  logic             do_write, do_overflow;
  logic [CW-1:0]    c_cqn;
  logic [CW-1:0]    d_cqn;
  logic             d_rvalid;

  for (genvar i = 0; i < NumCq; i++) begin : g_ring
    logic [15:0] state;
    logic        busy;
    wn_ring_wr #(
        .EntryShift(5)
    ) u_ring (
        .clk_i,
        .rst_i,
        .enable_i   (cq_enable_i[i]),
        .base_i     (cq_base_i[i*64 +: 64]),
        .log_size_i (cq_log_size_i[i*4 +: 4]),
        .ci_i       (cq_ci_i[i*16 +: 16]),
        .write_i    (do_write && c_cqn == CW'(i)),
        .overflow_i (do_overflow && c_cqn == CW'(i)),
        .done_i     (wr_done_i.done_valid && d_rvalid && d_cqn == CW'(i)),
        .done_err_i (wr_done_i.done_err),
        .live_o     (r_live[i]),
        .full_o     (r_full[i]),
        .slot_addr_o(r_addr[i]),
        .owner_o    (r_owner[i]),
        .pi_o       (cq_pi_o[i*16 +: 16]),
        .state_o    (state),
        .busy_o     (busy)
    );
    assign cq_state_o[i*32 +: 32] = {14'd0, busy, armed_q[i], state};
  end

  // arbitration
  logic [SrcW-1:0] pick;
  logic            pick_valid;
  logic            take;
  wn_rr_arb #(
      .N(NumSrc)
  ) u_arb (
      .clk_i,
      .rst_i,
      .req_i   (cpl_valid_i),
      .grant_o (pick),
      .valid_o (pick_valid),
      .accept_i(take)
  );

  logic [223:0] c;
  logic [7:0]   c_cqn8;
  logic         c_in_range;
  logic         c_live;
  logic         c_full;
  logic         ev_wready;
  wn_abi_pkg::cqe_t cqe;

  assign c = cpl_i[32'(pick)*224 +: 224];
  assign c_cqn8 = c[151:144];
  assign c_cqn = CW'(c_cqn8);
  assign c_in_range = {24'd0, c_cqn8} < NumCq;
  assign c_live = c_in_range && r_live[c_cqn];
  assign c_full = r_full[c_cqn];

  // a CQE needs the write port and room for a possible event
  assign take = pick_valid && ev_wready && (!c_live || c_full || wr_req_ready_i);
  assign do_write = take && c_live && !c_full;
  assign do_overflow = take && c_live && c_full;

  always_comb begin
    cpl_ready_o = '0;
    if (take) cpl_ready_o[pick] = 1'b1;
  end

  always_comb begin
    cqe = '0;
    cqe.wr_id = c[111:48];
    cqe.byte_len = c[47:16];
    cqe.queue = c[143:128];
    cqe.wqe_idx = c[127:112];
    cqe.opcode = c[15:8];
    cqe.status = c[7:0];
    cqe.flags = c[223:216];
    if ((c[223:216] & (wn_abi_pkg::CQE_FLAGS_IMM | wn_abi_pkg::CQE_FLAGS_INV)) != 8'd0) begin
      cqe.timestamp = c[183:152];
      cqe.imm_hi = c[215:184];
    end else cqe.timestamp = now_i;
    cqe.owner = {7'd0, r_owner[c_cqn]};
  end
  assign wr_req_o.wr_addr = r_addr[c_cqn];
  assign wr_req_o.wr_len = 16'(wn_abi_pkg::CQE_SIZE);
  assign wr_req_o.wr_data = {256'd0, cqe};
  assign wr_req_o.wr_last = 1'b1;
  assign wr_req_o.wr_valid = pick_valid && c_live && !c_full && ev_wready;

  // outstanding CQE writes: which CQ, for done reports
  wn_fifo #(
      .Width(CW),
      .Depth(64)
  ) u_out (
      .clk_i,
      .rst_i,
      .wdata_i (c_cqn),
      .wvalid_i(do_write),
      .wready_o(nc_wready_2),
      .rdata_o (d_cqn),
      .rvalid_o(d_rvalid),
      .rready_i(wr_done_i.done_valid),
      .count_o (nc_count_1)
  );
  logic werr;
  assign werr = wr_done_i.done_valid && wr_done_i.done_err && d_rvalid;

  // events
  logic [63:0] ev_wdata;
  logic        ev_push;
  logic [7:0]  c_eqn, d_eqn;
  logic        c_armed;
  assign c_eqn = cq_eqn_i[32'(c_cqn)*8 +: 8];
  assign d_eqn = cq_eqn_i[32'(d_cqn)*8 +: 8];
  assign c_armed = armed_q[c_cqn];
  always_comb begin
    ev_push = 1'b0;
    ev_wdata = '0;
    if (werr) begin
      ev_push = 1'b1;
      ev_wdata = {d_eqn, 8'(wn_abi_pkg::EQE_TYPE_CQ_ERROR), 16'(d_cqn), 24'd0,
                  8'(wn_abi_pkg::CQE_STATUS_LOC_PROT_ERR)};
    end else if (do_overflow) begin
      ev_push = 1'b1;
      ev_wdata = {c_eqn, 8'(wn_abi_pkg::EQE_TYPE_CQ_ERROR), 16'(c_cqn), 24'd0,
                  8'(wn_abi_pkg::CQE_STATUS_CQ_OVERFLOW)};
    end else if (do_write && c_armed) begin
      ev_push = 1'b1;
      ev_wdata = {c_eqn, 8'(wn_abi_pkg::EQE_TYPE_CQ_COMPLETION), 16'(c_cqn), 32'd0};
    end
  end
  // Room for two pushes in one cycle is not needed: a refused-write event
  // wins and the completion waits (take requires ev_wready; werr blocks below).
  logic ev_cnt_ok;
  wn_fifo #(
      .Width(64),
      .Depth(8)
  ) u_ev (
      .clk_i,
      .rst_i,
      .wdata_i (ev_wdata),
      .wvalid_i(ev_push),
      .wready_o(ev_cnt_ok),
      .rdata_o (ev_o),
      .rvalid_o(ev_valid_o),
      .rready_i(ev_ready_i),
      .count_o (nc_count_3)
  );
  assign ev_wready = ev_cnt_ok && !werr;

  // arming: the next CQE of an armed CQ posts an event and disarms it
  for (genvar i = 0; i < NumCq; i++) begin : g_arm
    always_ff @(posedge clk_i) begin
      if (rst_i || !cq_enable_i[i]) begin
        armed_q[i] <= 1'b0;
      end else begin
        if (cq_arm_i[i]) armed_q[i] <= 1'b1;
        if (do_write && c_cqn == CW'(i) && !cq_arm_i[i]) armed_q[i] <= 1'b0;
      end
    end
  end

  assign cnt_dma_wr_err_o = werr;

  // FIFO outputs this module does not need
  logic [$clog2(64):0] nc_count_1;
  logic nc_wready_2;
  logic [$clog2(8):0] nc_count_3;
  logic unused_nc;
  assign unused_nc = ^{nc_count_1, nc_wready_2, nc_count_3};
endmodule
