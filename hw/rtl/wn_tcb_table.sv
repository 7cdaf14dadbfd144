// wn_tcb_table: the TCB table of the TCP engine (wn_tcp_engine): one
// Width-bit record per connection (wn_tcp_pkg::tcb_t) in block RAM, the
// free list of connection ids (tids), and the timer shadow its scanner
// walks for expired deadlines.
//
// Records: rd_i reads the record of rd_tid_i into rdata_o the next cycle
// (a registered read: the block RAM's own output register). rdata_o is
// the FSM's working copy: it follows every write (we_i: wdata_i to the
// record of wr_tid_i) and every upd_i (wdata_i without a write), so a
// second look at the same connection sees the record as written. A read
// and a write in one cycle: the read wins rdata_o and returns the record
// before the write.
//
// Free list: the tids not in use, in a queue (free_tid_o, free_valid_o,
// free_pop_i; free_push_i returns free_push_tid_i).
//
// Timers: each write also stores the record's timer (tmr_on_i: a timer
// runs; tmr_dl_i: its deadline in microseconds of now_i) in a shadow of
// two narrow memories. A scanner reads one entry per cycle (NumConns
// cycles a round) and compares the cycle after; an expired entry is held
// on exp_valid_o/exp_tid_o until exp_take_i, and the scan resumes at the
// entry after it. The FSM re-checks the deadline in the record, so a
// deadline moved meanwhile is never acted on.
//
// Reset: a sweep of NumConns cycles (init_o high) clears every record and
// timer enable and fills the free list with every tid; the scanner and
// the expiry are cleared.
// Parameters: NumConns a power of two 16..65536; Width >= 1.
module wn_tcb_table #(
    parameter int NumConns = 1024,
    parameter int Width    = 64,
    localparam int TidW = $clog2(NumConns)
) (
    input  logic             clk_i,
    input  logic             rst_i,
    output logic             init_o,
    // records
    input  logic             rd_i,
    input  logic [TidW-1:0]  rd_tid_i,
    output logic [Width-1:0] rdata_o,
    input  logic             we_i,
    input  logic             upd_i,
    input  logic [TidW-1:0]  wr_tid_i,
    input  logic [Width-1:0] wdata_i,
    input  logic             tmr_on_i,
    input  logic [31:0]      tmr_dl_i,
    // free tids
    output logic [TidW-1:0]  free_tid_o,
    output logic             free_valid_o,
    input  logic             free_pop_i,
    input  logic             free_push_i,
    input  logic [TidW-1:0]  free_push_tid_i,
    // expired timers
    input  logic [31:0]      now_i,
    output logic             exp_valid_o,
    output logic [TidW-1:0]  exp_tid_o,
    input  logic             exp_take_i
);
  generate
    if (NumConns < 16 || NumConns > 65536 || (1 << TidW) != NumConns) begin : g_bad_n
      $fatal(1, "wn_tcb_table: NumConns must be a power of two in 16..65536");
    end
    if (Width < 1) begin : g_bad_w
      $fatal(1, "wn_tcb_table: Width must be at least 1");
    end
  endgenerate

  // the reset sweep
  logic          init_q;
  logic [TidW:0] init_i_q;
  assign init_o = init_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      init_q <= 1'b1;
      init_i_q <= '0;
    end else if (init_q) begin
      init_i_q <= init_i_q + (TidW+1)'(1);
      if (init_i_q == (TidW+1)'(NumConns - 1)) init_q <= 1'b0;
    end
  end

  // ------------------------------------------------------------------
  // records
  // The memory's read register loads only on a read, as a block RAM's
  // output register does (read-first: a write to the entry being read
  // lands after the read). The working copy after a write or an update is a
  // register of its own, and rdata_o picks between the two.
  (* ram_style = "block" *)
  logic [Width-1:0] mem [NumConns];
  logic [Width-1:0] rd_q, wk_q;
  logic             rd_sel_q;
  always_ff @(posedge clk_i) begin
    if (rd_i) rd_q <= mem[rd_tid_i];
    if (init_q) mem[init_i_q[TidW-1:0]] <= '0;
    else if (we_i) mem[wr_tid_i] <= wdata_i;
  end
  always_ff @(posedge clk_i) begin
    if (rd_i) rd_sel_q <= 1'b1;
    else if (we_i || upd_i) begin
      rd_sel_q <= 1'b0;
      wk_q <= wdata_i;
    end
  end
  assign rdata_o = rd_sel_q ? rd_q : wk_q;

  // ------------------------------------------------------------------
  // timer shadow: enable and deadline, scanned one entry per cycle
  logic            tmr_on_mem [NumConns];
  logic [31:0]     tmr_dl_mem [NumConns];
  logic [TidW-1:0] scan_q, scan_tid_q;
  logic            scan_on_q, scan_rd_q, exp_valid_q;
  logic [31:0]     scan_dl_q;
  always_ff @(posedge clk_i) begin
    if (init_q) tmr_on_mem[init_i_q[TidW-1:0]] <= 1'b0;
    else if (we_i) tmr_on_mem[wr_tid_i] <= tmr_on_i;
    if (we_i) tmr_dl_mem[wr_tid_i] <= tmr_dl_i;
  end
  assign exp_valid_o = exp_valid_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      scan_q <= '0;
      scan_rd_q <= 1'b0;
      exp_valid_q <= 1'b0;
    end else begin
      if (exp_take_i) exp_valid_q <= 1'b0;
      if (!init_q && !exp_valid_q) begin
        // stage 1: read the entry; stage 2: compare
        scan_on_q <= tmr_on_mem[scan_q];
        scan_dl_q <= tmr_dl_mem[scan_q];
        scan_tid_q <= scan_q;
        scan_rd_q <= 1'b1;
        scan_q <= scan_q + TidW'(1);
        if (scan_rd_q && scan_on_q && !wn_tcp_pkg::lt32(now_i, scan_dl_q)) begin
          exp_valid_q <= 1'b1;
          exp_tid_o <= scan_tid_q;
          // re-read the same entry after the expiry is taken
          scan_q <= scan_tid_q + TidW'(1);
          scan_rd_q <= 1'b0;
        end
      end
    end
  end

  // ------------------------------------------------------------------
  // free list of tids (filled by the reset sweep)
  logic          free_wready;
  logic [TidW:0] free_count;
  wn_fifo #(
      .Width(TidW),
      .Depth(NumConns)
  ) u_free (
      .clk_i,
      .rst_i,
      .wdata_i (init_q ? init_i_q[TidW-1:0] : free_push_tid_i),
      .wvalid_i(init_q || free_push_i),
      .wready_o(free_wready),
      .rdata_o (free_tid_o),
      .rvalid_o(free_valid_o),
      .rready_i(free_pop_i),
      .count_o (free_count)
  );

  logic unused;
  assign unused = ^{free_wready, free_count};
endmodule
