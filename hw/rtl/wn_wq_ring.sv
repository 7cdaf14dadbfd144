// wn_wq_ring: the ring context of one work queue (a send or receive queue).
//
// Holds the fetch pointer, the consumer index CI (work requests completed)
// and the queue state RESET -> READY -> ERROR with the error's status.
// Offers a fetch of up to 8 entries (never past the ring's end, never more
// than are posted or than the engine has room for) while the queue is live,
// and flags a doorbell that posted more entries than the ring holds
// (PI - CI > size) so the engine can report it and stop the queue.
// `stop_i` stops fetching at once while an error travels to the output in
// order; `error_i` puts the queue in ERROR. CTRL.ENABLE = 0 (`enable_i`
// low) resets the context; the queue becomes READY the cycle after it is
// enabled. Latency 0 from inputs to the fetch offer.
module wn_wq_ring (
    input  logic        clk_i,
    input  logic        rst_i,
    input  logic        enable_i,
    input  logic [63:0] base_i,
    input  logic [3:0]  log_size_i,
    input  logic [15:0] pi_i,
    input  logic        gate_i,
    input  logic [4:0]  room_i,
    input  logic        stop_i,
    input  logic        fetch_i,
    input  logic        complete_i,
    input  logic        error_i,
    input  logic [7:0]  status_i,
    input  logic        db_take_i,
    output logic        cand_o,
    output logic [3:0]  cand_n_o,
    output logic [63:0] fetch_addr_o,
    output logic [15:0] fetch_ptr_o,
    output logic        db_err_o,
    output logic        live_o,
    output logic        ready_o,
    output logic [15:0] ci_o,
    output logic [15:0] state_o
);
  localparam logic [7:0] StReset = wn_abi_pkg::QUEUE_STATE_RESET;
  localparam logic [7:0] StReady = wn_abi_pkg::QUEUE_STATE_READY;
  localparam logic [7:0] StError = wn_abi_pkg::QUEUE_STATE_ERROR;

  logic [15:0] fetch_ptr_q, ci_q;
  logic [7:0]  state_q, err_q;
  logic        stopped_q, enable_q;
  logic [4:0]  log_size;
  logic [15:0] mask, outstanding, avail, to_wrap;

  assign log_size = {1'b0, log_size_i};
  assign mask = 16'((17'd1 << log_size) - 17'd1);
  assign outstanding = pi_i - ci_q;
  assign avail = pi_i - fetch_ptr_q;
  assign to_wrap = mask - (fetch_ptr_q & mask) + 16'd1;

  assign ready_o = enable_q && enable_i && (state_q == StReady);
  assign live_o = ready_o && !stopped_q;
  assign db_err_o = live_o && ({1'b0, outstanding} > (17'd1 << log_size));

  always_comb begin
    cand_n_o = 4'd8;
    if (avail < 16'(cand_n_o)) cand_n_o = avail[3:0];
    if (to_wrap < 16'(cand_n_o)) cand_n_o = to_wrap[3:0];
    if (room_i < 5'(cand_n_o)) cand_n_o = room_i[3:0];
  end
  assign cand_o = gate_i && live_o && !db_err_o && (log_size != 5'd0) && (cand_n_o != 4'd0);
  assign fetch_addr_o = base_i + {43'd0, fetch_ptr_q & mask, 5'd0};
  assign fetch_ptr_o = fetch_ptr_q;
  assign ci_o = ci_q;
  assign state_o = {err_q, state_q};

  always_ff @(posedge clk_i) begin
    if (rst_i || !enable_i) begin
      fetch_ptr_q <= '0;
      ci_q <= '0;
      state_q <= StReset;
      err_q <= '0;
      stopped_q <= 1'b0;
      enable_q <= 1'b0;
    end else begin
      enable_q <= 1'b1;
      if (state_q == StReset) state_q <= StReady;
      if (fetch_i) fetch_ptr_q <= fetch_ptr_q + {12'd0, cand_n_o};
      if (stop_i) stopped_q <= 1'b1;
      if (complete_i) ci_q <= ci_q + 16'd1;
      if (error_i) begin
        state_q <= StError;
        err_q <= status_i;
      end
      if (db_take_i) begin
        stopped_q <= 1'b1;
        state_q <= StError;
        err_q <= wn_abi_pkg::CQE_STATUS_DOORBELL_ERR;
      end
    end
  end
endmodule
