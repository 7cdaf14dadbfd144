// wn_cdc_event: carries events (one-cycle pulses) to another clock domain,
// coalescing those that arrive while a crossing is in progress.
//
// A four-phase handshake: the source raises `req_q` for a pending event and
// drops it when it sees the destination's `ack_q` (a copy of the request);
// the destination pulses `dst_event_o` on each rising edge of the request
// it sees. An event arriving while a handshake is in progress is remembered
// (`pend_q`) and starts the next handshake, so every source event is
// followed by at least one destination pulse, and a burst of events yields
// one or two pulses. That is the contract of an interrupt request or a
// doorbell, not of a counter: use wn_async_fifo when every event counts.
//
// Latency: 3 destination cycles from the source request; a new handshake can
// start about 2 source + 2 destination cycles after the previous one.
// Reset: each side synchronous; reset both from one source (see
// wn_async_fifo). Timing constraints (constraints/<board>/cdc.tcl): a
// datapath-only max delay from `req_q` to `req_meta_q` and from `ack_q` to
// `ack_meta_q`.
module wn_cdc_event (
    input  logic src_clk_i,
    input  logic src_rst_i,
    input  logic src_event_i,
    input  logic dst_clk_i,
    input  logic dst_rst_i,
    output logic dst_event_o
);
  logic req_q, pend_q, start, ack_q;
  (* ASYNC_REG = "TRUE" *) logic ack_meta_q;
  (* ASYNC_REG = "TRUE" *) logic ack_sync_q;
  (* ASYNC_REG = "TRUE" *) logic req_meta_q;
  (* ASYNC_REG = "TRUE" *) logic req_sync_q;

  // source side

  assign start = !req_q && !ack_sync_q && (pend_q || src_event_i);

  always_ff @(posedge src_clk_i) begin
    if (src_rst_i) begin
      req_q      <= 1'b0;
      pend_q     <= 1'b0;
      ack_meta_q <= 1'b0;
      ack_sync_q <= 1'b0;
    end else begin
      ack_meta_q <= ack_q;
      ack_sync_q <= ack_meta_q;
      if (start) begin
        req_q  <= 1'b1;
        pend_q <= 1'b0;
      end else begin
        if (req_q && ack_sync_q) req_q <= 1'b0;
        if (src_event_i) pend_q <= 1'b1;
      end
    end
  end

  // destination side

  always_ff @(posedge dst_clk_i) begin
    if (dst_rst_i) begin
      req_meta_q <= 1'b0;
      req_sync_q <= 1'b0;
      ack_q      <= 1'b0;
    end else begin
      req_meta_q <= req_q;
      req_sync_q <= req_meta_q;
      ack_q      <= req_sync_q;
    end
  end

  assign dst_event_o = req_sync_q && !ack_q;
endmodule
