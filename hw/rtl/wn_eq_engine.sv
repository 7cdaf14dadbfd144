// wn_eq_engine: event queues and interrupt moderation.
//
// Takes event records {eqn[7:0], type[7:0], source[15:0], data[31:0]} from
// NumSrc sources (round-robin) and writes each as a 16-byte EQE (eqe_t) at
// base + 16 * (PI mod size); OWNER is the pass parity as for CQEs. A full
// EQ goes to ERROR and drops the event; events for a missing, disabled or
// failed EQ are dropped.
// Interrupts: an event counts as pending once the host has taken its EQE
// write (done report), so the interrupt never overtakes the entry it
// announces. EQ n with IRQ_ENABLE raises irq_o[n] (one cycle) when
// MOD_COUNT events are pending (0 counts as 1) or, with MOD_USECS non-zero,
// the oldest pending event is MOD_USECS microseconds old; then it starts
// counting afresh. MOD_USECS = 0 turns the timer off.
// Throughput: one EQE per cycle. Reset or CTRL.ENABLE=0 clears an EQ.
module wn_eq_engine #(
    parameter int NumEq = 4,
    parameter int NumSrc = 4,
    parameter int ClockMhz = 250
) (
    input  logic                  clk_i,
    input  logic                  rst_i,
    input  logic [31:0]           now_i,
    input  logic [NumEq*64-1:0]   eq_base_i,
    input  logic [NumEq*4-1:0]    eq_log_size_i,
    input  logic [NumEq-1:0]      eq_enable_i,
    input  logic [NumEq-1:0]      eq_irq_enable_i,
    input  logic [NumEq*16-1:0]   eq_mod_count_i,
    input  logic [NumEq*16-1:0]   eq_mod_usecs_i,
    input  logic [NumEq*16-1:0]   eq_ci_i,
    output logic [NumEq*16-1:0]   eq_pi_o,
    output logic [NumEq*32-1:0]   eq_state_o,
    input  logic [NumSrc*64-1:0]  ev_i,
    input  logic [NumSrc-1:0]     ev_valid_i,
    output logic [NumSrc-1:0]     ev_ready_o,
    output wn_abi_pkg::dma_wr_req_t  wr_req_o,
    input  logic                     wr_req_ready_i,
    input  wn_abi_pkg::dma_wr_done_t wr_done_i,
    output logic [NumEq-1:0]      irq_o,
    output logic                  cnt_event_o,
    output logic                  cnt_irq_o,
    output logic                  cnt_dma_wr_err_o
);
  localparam int EW = (NumEq > 1) ? $clog2(NumEq) : 1;
  localparam int SrcW = (NumSrc > 1) ? $clog2(NumSrc) : 1;

  generate
    if (NumEq < 1 || NumEq > 32) begin : g_bad_eq
      $fatal(1, "wn_eq_engine: NumEq must be 1..32");
    end
    if (ClockMhz < 1 || ClockMhz > 1000) begin : g_bad_clk
      $fatal(1, "wn_eq_engine: ClockMhz must be 1..1000");
    end
  endgenerate

  logic [15:0] pending_q [NumEq];
  logic [31:0] age_q     [NumEq];
  logic [NumEq-1:0] r_live, r_full, r_owner, r_ready;
  logic [63:0]      r_addr [NumEq];
  logic             do_write, do_full;
  logic [EW-1:0]    e_eqn;
  logic [EW-1:0]    d_eqn;
  logic             d_rvalid;

  for (genvar i = 0; i < NumEq; i++) begin : g_ring
    logic [15:0] state;
    logic        busy;
    wn_ring_wr #(
        .EntryShift(4)
    ) u_ring (
        .clk_i,
        .rst_i,
        .enable_i   (eq_enable_i[i]),
        .base_i     (eq_base_i[i*64 +: 64]),
        .log_size_i (eq_log_size_i[i*4 +: 4]),
        .ci_i       (eq_ci_i[i*16 +: 16]),
        .write_i    (do_write && e_eqn == EW'(i)),
        .overflow_i (do_full && e_eqn == EW'(i)),
        .done_i     (wr_done_i.done_valid && d_rvalid && d_eqn == EW'(i)),
        .done_err_i (wr_done_i.done_err),
        .live_o     (r_live[i]),
        .full_o     (r_full[i]),
        .slot_addr_o(r_addr[i]),
        .owner_o    (r_owner[i]),
        .pi_o       (eq_pi_o[i*16 +: 16]),
        .state_o    (state),
        .busy_o     (busy)
    );
    assign r_ready[i] = state[7:0] == wn_abi_pkg::QUEUE_STATE_READY;
    assign eq_state_o[i*32 +: 32] = {15'd0, busy, state};
  end

  logic [SrcW-1:0] pick;
  logic            pick_valid;
  logic            take;
  wn_rr_arb #(
      .N(NumSrc)
  ) u_arb (
      .clk_i,
      .rst_i,
      .req_i   (ev_valid_i),
      .grant_o (pick),
      .valid_o (pick_valid),
      .accept_i(take)
  );

  logic [63:0]  e;
  logic [7:0]   e_eqn8;
  logic         e_live, e_full;
  logic         out_wready;
  wn_abi_pkg::eqe_t eqe;

  assign e = ev_i[32'(pick)*64 +: 64];
  assign e_eqn8 = e[63:56];
  assign e_eqn = EW'(e_eqn8);
  assign e_live = ({24'd0, e_eqn8} < NumEq) && r_live[e_eqn];
  assign e_full = r_full[e_eqn];
  assign take = pick_valid && (!e_live || e_full || (wr_req_ready_i && out_wready));
  assign do_write = take && e_live && !e_full;
  assign do_full = take && e_live && e_full;

  always_comb begin
    ev_ready_o = '0;
    if (take) ev_ready_o[pick] = 1'b1;
  end

  always_comb begin
    eqe = '0;
    eqe.event_type = e[55:48];
    eqe.source = e[47:32];
    eqe.data = e[31:0];
    eqe.timestamp = now_i;
    eqe.owner = {7'd0, r_owner[e_eqn]};
  end
  assign wr_req_o.wr_addr = r_addr[e_eqn];
  assign wr_req_o.wr_len = 16'(wn_abi_pkg::EQE_SIZE);
  assign wr_req_o.wr_data = {384'd0, eqe};
  assign wr_req_o.wr_last = 1'b1;
  assign wr_req_o.wr_valid = pick_valid && e_live && !e_full && out_wready;

  wn_fifo #(
      .Width(EW),
      .Depth(64)
  ) u_out (
      .clk_i,
      .rst_i,
      .wdata_i (e_eqn),
      .wvalid_i(do_write),
      .wready_o(out_wready),
      .rdata_o (d_eqn),
      .rvalid_o(d_rvalid),
      .rready_i(wr_done_i.done_valid),
      .count_o (nc_count_1)
  );
  logic d_ok, d_err;
  assign d_ok = wr_done_i.done_valid && d_rvalid && !wr_done_i.done_err;
  assign d_err = wr_done_i.done_valid && d_rvalid && wr_done_i.done_err;

  logic [NumEq-1:0] fire;
  for (genvar i = 0; i < NumEq; i++) begin : g_upd
    logic [15:0] mod_count;
    logic [31:0] mod_cycles;
    logic        arrive;
    assign mod_count = (eq_mod_count_i[i*16 +: 16] == 16'd0) ? 16'd1 : eq_mod_count_i[i*16 +: 16];
    assign mod_cycles = {16'd0, eq_mod_usecs_i[i*16 +: 16]} * 32'(ClockMhz);
    assign arrive = d_ok && d_eqn == EW'(i);
    assign fire[i] = eq_irq_enable_i[i] && r_ready[i] && (pending_q[i] != 16'd0) &&
                     ((pending_q[i] >= mod_count) ||
                      (eq_mod_usecs_i[i*16 +: 16] != 16'd0 && age_q[i] >= mod_cycles));
    always_ff @(posedge clk_i) begin
      if (rst_i || !eq_enable_i[i]) begin
        pending_q[i] <= '0;
        age_q[i] <= '0;
      end else begin
        if (fire[i]) begin
          pending_q[i] <= arrive ? 16'd1 : 16'd0;
          age_q[i] <= '0;
        end else begin
          if (arrive && pending_q[i] != 16'hffff) pending_q[i] <= pending_q[i] + 16'd1;
          if (pending_q[i] != 16'd0 && age_q[i] != 32'hffff_ffff) age_q[i] <= age_q[i] + 32'd1;
        end
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) irq_o <= '0;
    else irq_o <= fire;
  end

  assign cnt_event_o = do_write;
  assign cnt_irq_o = |fire;
  assign cnt_dma_wr_err_o = d_err;

  // FIFO outputs this module does not need
  logic [$clog2(64):0] nc_count_1;
  logic unused_nc;
  assign unused_nc = ^{nc_count_1};
endmodule
