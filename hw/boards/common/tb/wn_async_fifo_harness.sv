// wn_async_fifo_harness: drives one wn_async_fifo from two unrelated clocks
// with random valid/ready and checks what comes out.
//
// Phase 1 writes `Items` entries (plus a few more the reader never takes)
// and reads `Items`: every entry read must be the next one written (order,
// no loss, no duplicate), `wr_count_o` must stay within the depth, and in
// commit mode no entry may be read before the unit it belongs to was
// committed. Then both sides are reset while the FIFO still holds entries,
// released in turn with some skew, and phase 2 writes and reads `Items / 4`
// fresh entries: a stale entry from before the reset would show up as a
// mismatch. `done_o` rises when both phases are over; `errors_o` counts the
// failed checks (each also printed).
module wn_async_fifo_harness #(
    parameter int WrHalfPs = 1700,
    parameter int RdHalfPs = 2900,
    parameter bit Commit   = 1'b0,
    parameter int Items    = 20000,
    parameter int WrPct    = 70,
    parameter int RdPct    = 70
) (
    output logic done_o,
    output int   errors_o
);
  localparam int AW = 3;
  localparam int Depth = 1 << AW;
  localparam int Extra = 6;  // written after the last read of phase 1

  logic        wr_clk = 1'b0;
  logic        rd_clk = 1'b0;
  logic        wr_rst = 1'b1;
  logic        rd_rst = 1'b1;
  logic [31:0] wr_data;
  logic        wr_commit, wr_valid, wr_ready;
  logic [AW:0] wr_count;
  logic [31:0] rd_data;
  logic        rd_valid, rd_ready;

  initial forever #(WrHalfPs * 1ps) wr_clk = ~wr_clk;
  initial forever #(RdHalfPs * 1ps) rd_clk = ~rd_clk;

  wn_async_fifo #(
      .DataWidth(32),
      .AddrWidth(AW),
      .Commit   (Commit)
  ) u_dut (
      .wr_clk_i   (wr_clk),
      .wr_rst_i   (wr_rst),
      .wr_data_i  (wr_data),
      .wr_commit_i(wr_commit),
      .wr_valid_i (wr_valid),
      .wr_ready_o (wr_ready),
      .wr_count_o (wr_count),
      .rd_clk_i   (rd_clk),
      .rd_rst_i   (rd_rst),
      .rd_data_o  (rd_data),
      .rd_valid_o (rd_valid),
      .rd_ready_i (rd_ready)
  );

  // the value of entry n of a phase: distinct over the run, not a counter
  function automatic logic [31:0] value_of(input int phase, input int n);
    value_of = (32'(n) * 32'h9e37_79b9) ^ (32'(phase) << 28);
  endfunction

  int phase = 0;  // 0 reset, 1 and 2 running, 3 done
  int wr_limit = 0;  // entries to write in this phase
  int rd_limit = 0;  // entries to read in this phase
  int wr_n = 0;  // entries written in this phase
  int rd_n = 0;  // entries read in this phase
  int committed = 0;  // entries of this phase the reader may see
  int unit_left = 0;  // entries left in the current unit (commit mode)
  int wr_errors = 0;  // counted by the writer
  int rd_errors = 0;  // counted by the reader
  int seq_errors = 0;  // counted by the sequence

  // writer: holds an offered entry until it is taken (stream rules)
  always @(posedge wr_clk) begin
    if (wr_rst) begin
      wr_valid  <= 1'b0;
      wr_n      <= 0;
      committed <= 0;
      unit_left <= 0;
    end else begin
      automatic int n = wr_n;
      automatic int left = unit_left;
      if (wr_valid && wr_ready) begin
        n = n + 1;
        if (!Commit || wr_commit) committed <= n;
        left = left - 1;
      end
      if (32'(wr_count) > 32'(Depth)) begin
        $display("ERROR %m: wr_count %0d above the depth", wr_count);
        wr_errors <= wr_errors + 1;
      end
      if (!(wr_valid && !wr_ready)) begin
        if (n < wr_limit && int'($urandom_range(99)) < WrPct) begin
          if (left == 0) left = 1 + int'($urandom_range(Depth - 2));
          if (n + left > wr_limit) left = wr_limit - n;
          wr_valid  <= 1'b1;
          wr_data   <= value_of(phase, n);
          wr_commit <= (left == 1);
        end else begin
          wr_valid  <= 1'b0;
          wr_data   <= 32'hx;
          wr_commit <= 1'bx;
        end
      end
      wr_n      <= n;
      unit_left <= left;
    end
  end

  // reader: random ready, checks every entry taken
  always @(posedge rd_clk) begin
    if (rd_rst) begin
      rd_ready <= 1'b0;
      rd_n     <= 0;
    end else begin
      if (rd_valid && rd_ready) begin
        if (rd_n >= rd_limit) begin
          $display("ERROR %m: phase %0d read more than %0d entries", phase, rd_limit);
          rd_errors <= rd_errors + 1;
        end else if (rd_data !== value_of(phase, rd_n)) begin
          $display("ERROR %m: phase %0d entry %0d is %h, expected %h", phase, rd_n, rd_data,
                   value_of(phase, rd_n));
          rd_errors <= rd_errors + 1;
        end
        if (rd_n >= committed) begin
          $display("ERROR %m: entry %0d read before its unit was committed", rd_n);
          rd_errors <= rd_errors + 1;
        end
        rd_n <= rd_n + 1;
      end
      rd_ready <= (rd_n + int'(rd_valid && rd_ready) < rd_limit) &&
                  int'($urandom_range(99)) < RdPct;
    end
  end

  task automatic wait_wr(input int cycles);
    repeat (cycles) @(posedge wr_clk);
  endtask

  task automatic wait_rd(input int cycles);
    repeat (cycles) @(posedge rd_clk);
  endtask

  initial begin
    done_o = 1'b0;
    // phase 1: a long run, then leave entries in the FIFO
    wait_wr(5);
    wait_rd(5);
    phase = 1;
    wr_limit = Items + Extra;
    rd_limit = Items;
    @(posedge wr_clk) wr_rst <= 1'b0;
    @(posedge rd_clk) rd_rst <= 1'b0;
    wait (rd_n == Items && wr_n == Items + Extra);
    wait_rd(20);
    if (!rd_valid) begin
      $display("ERROR %m: entries left in the FIFO are not presented");
      seq_errors = seq_errors + 1;
    end
    // reset both sides with the FIFO not empty; release the reader first
    @(posedge wr_clk) wr_rst <= 1'b1;
    @(posedge rd_clk) rd_rst <= 1'b1;
    wait_wr(4);
    wait_rd(4);
    phase = 2;
    wr_limit = Items / 4;
    rd_limit = Items / 4;
    @(posedge rd_clk) rd_rst <= 1'b0;
    wait_rd(10);
    if (rd_valid) begin
      $display("ERROR %m: an entry from before the reset is presented");
      seq_errors = seq_errors + 1;
    end
    @(posedge wr_clk) wr_rst <= 1'b0;
    wait (rd_n == Items / 4 && wr_n == Items / 4);
    wait_rd(20);
    if (rd_valid) begin
      $display("ERROR %m: entries presented beyond those written");
      seq_errors = seq_errors + 1;
    end
    phase = 3;
    done_o = 1'b1;
  end

  assign errors_o = wr_errors + rd_errors + seq_errors;
endmodule
