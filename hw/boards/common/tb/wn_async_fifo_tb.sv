// wn_async_fifo_tb: wn_async_fifo from unrelated clocks, both ways round,
// with and without commit mode (see wn_async_fifo_harness for the checks).
// Exits with $fatal when a check failed or the run timed out.
module wn_async_fifo_tb;
  localparam int Items = 20000;

  logic done_fast_wr, done_fast_rd, done_commit, done_full;
  int   err_fast_wr, err_fast_rd, err_commit, err_full;

  // writer 1.7x faster than the reader
  wn_async_fifo_harness #(
      .WrHalfPs(1700),
      .RdHalfPs(2903),
      .Items   (Items)
  ) u_fast_wr (
      .done_o  (done_fast_wr),
      .errors_o(err_fast_wr)
  );

  // reader 2.3x faster than the writer
  wn_async_fifo_harness #(
      .WrHalfPs(3331),
      .RdHalfPs(1447),
      .Items   (Items)
  ) u_fast_rd (
      .done_o  (done_fast_rd),
      .errors_o(err_fast_rd)
  );

  // commit mode, near-equal clocks (the MAC and core case is 322 vs 250 MHz)
  wn_async_fifo_harness #(
      .WrHalfPs(2000),
      .RdHalfPs(1553),
      .Commit  (1'b1),
      .Items   (Items)
  ) u_commit (
      .done_o  (done_commit),
      .errors_o(err_commit)
  );

  // a reader that always waits long: the FIFO runs full most of the time
  wn_async_fifo_harness #(
      .WrHalfPs(1999),
      .RdHalfPs(2011),
      .Items   (Items / 2),
      .WrPct   (95),
      .RdPct   (20)
  ) u_full (
      .done_o  (done_full),
      .errors_o(err_full)
  );

  initial begin
    fork
      wait (done_fast_wr && done_fast_rd && done_commit && done_full);
      #(500_000_000 * 1ps);
    join_any
    if (!(done_fast_wr && done_fast_rd && done_commit && done_full)) begin
      $fatal(1, "wn_async_fifo_tb: timeout (done %b%b%b%b)", done_fast_wr, done_fast_rd,
             done_commit, done_full);
    end
    if (err_fast_wr + err_fast_rd + err_commit + err_full != 0) begin
      $fatal(1, "wn_async_fifo_tb: %0d errors", err_fast_wr + err_fast_rd + err_commit +
             err_full);
    end
    $display("wn_async_fifo_tb: PASS (4 runs, %0d entries each through phase 1)", Items);
    $finish;
  end
endmodule
