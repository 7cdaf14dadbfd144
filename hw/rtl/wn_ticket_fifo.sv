// wn_ticket_fifo: a FIFO of records that each wait for a ticket of writes:
// a record may leave only once every write issued before it is done, so a
// completion never overtakes the data it reports.
//
// With each record the producer gives its ticket (ticket_i): the count of
// writes issued up to and including the cycle of the record's entry (a
// free-running 16-bit counter). The head is offered (rvalid_o) once the
// count of writes done (done_i, the same counter's kind, in the same
// order) has reached its ticket: done_i - ticket >= 0 modulo 2^16, so at
// most 2^15 writes may be between a record and its release.
//
// Storage: wn_fifo (records and tickets side by side). Throughput one
// record per cycle in and out; latency from a record's entry to the head as
// wn_fifo (1 cycle into an empty FIFO), then until its ticket is reached.
// Reset clears the FIFO's pointers and valid flag.
// Parameters: Width >= 1; Depth a power of two >= 2 (as wn_fifo).
module wn_ticket_fifo #(
    parameter int Width = 8,
    parameter int Depth = 16
) (
    input  logic                   clk_i,
    input  logic                   rst_i,
    // records in, each with its ticket
    input  logic [Width-1:0]       wdata_i,
    input  logic [15:0]            ticket_i,
    input  logic                   wvalid_i,
    output logic                   wready_o,
    // writes done so far
    input  logic [15:0]            done_i,
    // records out, once their writes are done
    output logic [Width-1:0]       rdata_o,
    output logic                   rvalid_o,
    input  logic                   rready_i,
    output logic [$clog2(Depth):0] count_o
);
  generate
    if (Width < 1) begin : g_bad_width
      $fatal(1, "wn_ticket_fifo: Width must be >= 1");
    end
  endgenerate

  logic [16+Width-1:0] head;
  logic                head_valid;
  logic [15:0]         gap;

  wn_fifo #(
      .Width(16 + Width),
      .Depth(Depth)
  ) u_fifo (
      .clk_i,
      .rst_i,
      .wdata_i ({ticket_i, wdata_i}),
      .wvalid_i(wvalid_i),
      .wready_o(wready_o),
      .rdata_o (head),
      .rvalid_o(head_valid),
      .rready_i(rvalid_o && rready_i),
      .count_o (count_o)
  );

  // writes done minus the ticket: negative while some are outstanding
  assign gap = done_i - head[16+Width-1:Width];
  assign rvalid_o = head_valid && !gap[15];
  assign rdata_o = head[Width-1:0];

  logic unused;
  assign unused = ^gap[14:0];
endmodule
