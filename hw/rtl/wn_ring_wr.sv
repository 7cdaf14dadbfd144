// wn_ring_wr: the producer side of one ring the hardware writes (a
// completion or event queue).
//
// Holds the producer index PI, the state RESET -> READY -> ERROR with its
// status, and BUSY (entry writes awaiting their done report). Offers where
// the next entry goes (base + PI mod size, entries of 2^EntryShift bytes)
// and its phase bit (OWNER: 1 on the first pass over the ring), and whether
// the ring is full (PI - CI = size: the hardware never overwrites an entry
// the host has not consumed). A write that finds the ring full puts it in
// ERROR (CQ_OVERFLOW); a write the host refuses puts it in ERROR
// (LOC_PROT_ERR). CTRL.ENABLE = 0 (`enable_i` low) resets PI and the state;
// BUSY survives it, so the host can wait for writes in flight.
// Parameters: EntryShift 4 (16-byte entries) or 5 (32-byte entries).
module wn_ring_wr #(
    parameter int EntryShift = 5
) (
    input  logic        clk_i,
    input  logic        rst_i,
    input  logic        enable_i,
    input  logic [63:0] base_i,
    input  logic [3:0]  log_size_i,
    input  logic [15:0] ci_i,
    input  logic        write_i,
    input  logic        overflow_i,
    input  logic        done_i,
    input  logic        done_err_i,
    output logic        live_o,
    output logic        full_o,
    output logic [63:0] slot_addr_o,
    output logic        owner_o,
    output logic [15:0] pi_o,
    output logic [15:0] state_o,
    output logic        busy_o
);
  localparam logic [7:0] StReset = wn_abi_pkg::QUEUE_STATE_RESET;
  localparam logic [7:0] StReady = wn_abi_pkg::QUEUE_STATE_READY;
  localparam logic [7:0] StError = wn_abi_pkg::QUEUE_STATE_ERROR;

  generate
    if (EntryShift != 4 && EntryShift != 5) begin : g_bad_shift
      $fatal(1, "wn_ring_wr: EntryShift must be 4 or 5");
    end
  endgenerate

  logic [15:0] pi_q, mask;
  logic [7:0]  state_q, err_q, busy_q;

  assign mask = 16'((17'd1 << log_size_i) - 17'd1);
  assign live_o = enable_i && (state_q == StReady);
  assign full_o = (pi_q - ci_i) >= 16'(17'd1 << log_size_i);
  logic [15:0] slot;
  assign slot = pi_q & mask;
  assign slot_addr_o = base_i + ({48'd0, slot} << EntryShift);
  assign owner_o = ~pi_q[log_size_i];
  assign pi_o = pi_q;
  assign state_o = {err_q, state_q};
  assign busy_o = busy_q != 8'd0;

  always_ff @(posedge clk_i) begin
    if (rst_i || !enable_i) begin
      pi_q <= '0;
      state_q <= StReset;
      err_q <= '0;
    end else begin
      if (state_q == StReset) state_q <= StReady;
      if (write_i) pi_q <= pi_q + 16'd1;
      if (overflow_i) begin
        state_q <= StError;
        err_q <= wn_abi_pkg::CQE_STATUS_CQ_OVERFLOW;
      end
      if (done_i && done_err_i) begin
        state_q <= StError;
        err_q <= wn_abi_pkg::CQE_STATUS_LOC_PROT_ERR;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) busy_q <= '0;
    else busy_q <= busy_q + (write_i ? 8'd1 : 8'd0) - (done_i ? 8'd1 : 8'd0);
  end
endmodule
