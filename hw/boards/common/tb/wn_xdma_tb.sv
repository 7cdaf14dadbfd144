// wn_xdma_tb: wn_xdma_rd, wn_xdma_wr and wn_xdma_irq against a behavioural
// model of the XDMA's bypass channels, on unrelated core and PCIe clocks.
//
// The model follows PG195 as the adapters use it: a bypass descriptor is
// taken when ready; H2C returns each descriptor's bytes from lane 0, tlast on
// its last beat, in descriptor order, with random gaps; C2H takes data only
// with a descriptor loaded, writes the kept bytes at the descriptor's
// address, and pulses c2h_sts[3] some cycles after each packet, in order;
// usr_irq_ack pulses some cycles after a request is raised.
// Checked: read responses in order with the request's tag, the right bytes,
// ceil(len/64) beats and `last`; descriptor fields (EOP for H2C; 64-byte
// multiple covering the length, no writeback address for C2H); the tkeep of
// every write beat; the bytes written and none beyond the length; done
// reports in order with their tags; interrupt requests held until acked,
// low between requests, and every core interrupt followed by a request.
module wn_xdma_tb;
  localparam int CoreHalfPs = 1987;
  localparam int PcieHalfPs = 2000;
  localparam int Reads = 3000;
  localparam int Writes = 3000;
  localparam int NumIrq = 4;

  logic core_clk = 1'b0;
  logic pcie_clk = 1'b0;
  logic core_rst = 1'b1;
  logic pcie_rst = 1'b1;

  initial forever #(CoreHalfPs * 1ps) core_clk = ~core_clk;
  initial forever #(PcieHalfPs * 1ps) pcie_clk = ~pcie_clk;

  function automatic logic [31:0] mix(input longint a, input int b);
    logic [31:0] x;
    x = 32'(a) * 32'h9e37_79b9 ^ 32'(a >> 32) * 32'h27d4_eb2f ^ 32'(b) * 32'h85eb_ca6b;
    x = x ^ (x >> 15);
    mix = x * 32'hc2b2_ae35;
  endfunction

  // host memory the reads see: a function of the address
  function automatic logic [7:0] host_byte(input longint addr);
    host_byte = 8'(mix(addr, 7));
  endfunction

  // the bytes write k carries
  function automatic logic [7:0] write_byte(input int k, input int offset);
    write_byte = 8'(mix(longint'(k), offset) >> 8);
  endfunction

  int core_errors = 0;  // counted by the core-side processes
  int pcie_errors = 0;  // counted by the model
  int seq_errors = 0;

  // =================================================================== reads
  logic [63:0]  rd_addr;
  logic [15:0]  rd_len;
  logic [7:0]   rd_tag;
  logic         rd_valid, rd_ready;
  logic [511:0] rsp_data;
  logic [7:0]   rsp_tag;
  logic         rsp_err, rsp_last, rsp_valid, rsp_ready;
  logic         h2c_byp_ready, h2c_byp_load;
  logic [63:0]  h2c_byp_src, h2c_byp_dst;
  logic [27:0]  h2c_byp_len;
  logic [15:0]  h2c_byp_ctl;
  logic [511:0] h2c_tdata;
  logic         h2c_tlast, h2c_tvalid, h2c_tready;

  wn_xdma_rd #(
      .MaxOutstanding(8)
  ) u_rd (
      .clk_i                 (core_clk),
      .rst_i                 (core_rst),
      .s_dma_rd_req_addr_i   (rd_addr),
      .s_dma_rd_req_len_i    (rd_len),
      .s_dma_rd_req_tag_i    (rd_tag),
      .s_dma_rd_req_valid_i  (rd_valid),
      .s_dma_rd_req_ready_o  (rd_ready),
      .m_dma_rd_rsp_data_o   (rsp_data),
      .m_dma_rd_rsp_tag_o    (rsp_tag),
      .m_dma_rd_rsp_err_o    (rsp_err),
      .m_dma_rd_rsp_last_o   (rsp_last),
      .m_dma_rd_rsp_valid_o  (rsp_valid),
      .m_dma_rd_rsp_ready_i  (rsp_ready),
      .pcie_clk_i            (pcie_clk),
      .pcie_rst_i            (pcie_rst),
      .h2c_dsc_byp_ready_i   (h2c_byp_ready),
      .h2c_dsc_byp_load_o    (h2c_byp_load),
      .h2c_dsc_byp_src_addr_o(h2c_byp_src),
      .h2c_dsc_byp_dst_addr_o(h2c_byp_dst),
      .h2c_dsc_byp_len_o     (h2c_byp_len),
      .h2c_dsc_byp_ctl_o     (h2c_byp_ctl),
      .s_axis_h2c_tdata_i    (h2c_tdata),
      .s_axis_h2c_tlast_i    (h2c_tlast),
      .s_axis_h2c_tvalid_i   (h2c_tvalid),
      .s_axis_h2c_tready_o   (h2c_tready)
  );

  // core side: requests, and the responses they must get
  longint rq_addr[$];
  int     rq_len[$];
  int     rd_issued = 0;
  int     rd_answered = 0;
  int     rsp_beat = 0;

  function automatic int random_len(input int max);
    int sel;
    sel = int'($urandom_range(3));
    unique case (sel)
      0: random_len = $urandom_range(64, 1);
      1: random_len = 64 * $urandom_range(max / 64, 1);
      default: random_len = $urandom_range(max, 1);
    endcase
  endfunction

  always @(posedge core_clk) begin
    if (core_rst) begin
      rd_valid <= 1'b0;
    end else begin
      automatic int n = rd_issued;
      if (rd_valid && rd_ready) begin
        rq_addr.push_back(longint'(rd_addr));
        rq_len.push_back(int'(rd_len));
        n = n + 1;
      end
      if (!(rd_valid && !rd_ready)) begin
        if (n < Reads && $urandom_range(99) < 70) begin
          rd_valid <= 1'b1;
          rd_addr  <= {24'd0, $urandom, 8'(n)};
          rd_len   <= 16'(random_len(4096));
          rd_tag   <= 8'(n);
        end else begin
          rd_valid <= 1'b0;
        end
      end
      rd_issued <= n;
    end
  end

  always @(posedge core_clk) begin
    if (core_rst) begin
      rsp_ready <= 1'b0;
    end else begin
      if (rsp_valid && rsp_ready) begin
        if (rq_addr.size() == 0) begin
          $display("ERROR: read response with no request");
          core_errors <= core_errors + 1;
        end else begin
          automatic int len = rq_len[0];
          automatic int beats = (len + 63) / 64;
          automatic bit bad = (rsp_tag != 8'(rd_answered)) || rsp_err ||
                              (rsp_last != (rsp_beat == beats - 1));
          for (int i = 0; i < 64; i++) begin
            if (64 * rsp_beat + i < len &&
                rsp_data[8*i+:8] != host_byte(rq_addr[0] + longint'(64 * rsp_beat) + longint'(i))) begin
              bad = 1'b1;
            end
          end
          if (bad) begin
            $display("ERROR: read %0d beat %0d (len %0d) wrong", rd_answered, rsp_beat, len);
            core_errors <= core_errors + 1;
          end
          if (rsp_last || rsp_beat == beats - 1) begin
            void'(rq_addr.pop_front());
            void'(rq_len.pop_front());
            rd_answered <= rd_answered + 1;
            rsp_beat <= 0;
          end else begin
            rsp_beat <= rsp_beat + 1;
          end
        end
      end
      rsp_ready <= $urandom_range(99) < 70;
    end
  end

  // model: H2C channel 0 in bypass
  longint h2c_q_addr[$];
  int     h2c_q_len[$];
  int     h2c_beat = 0;

  always @(posedge pcie_clk) begin
    if (pcie_rst) begin
      h2c_byp_ready <= 1'b0;
      h2c_tvalid    <= 1'b0;
    end else begin
      automatic int b = h2c_beat;
      if (h2c_byp_load) begin
        if (h2c_byp_ctl != 16'h0010 || h2c_byp_dst != 64'd0 || h2c_byp_len == 28'd0 ||
            h2c_byp_len > 28'd4096) begin
          $display("ERROR: H2C descriptor ctl %h len %0d", h2c_byp_ctl, h2c_byp_len);
          pcie_errors <= pcie_errors + 1;
        end
        h2c_q_addr.push_back(longint'(h2c_byp_src));
        h2c_q_len.push_back(int'(h2c_byp_len));
      end
      h2c_byp_ready <= $urandom_range(99) < 70;
      if (h2c_tvalid && h2c_tready) begin
        if (h2c_tlast) begin
          void'(h2c_q_addr.pop_front());
          void'(h2c_q_len.pop_front());
          b = 0;
        end else begin
          b = b + 1;
        end
      end
      if (!(h2c_tvalid && !h2c_tready)) begin
        // (the queue already lost the descriptor just finished)
        if (h2c_q_addr.size() > 0 && $urandom_range(99) < 80) begin
          automatic int len = h2c_q_len[0];
          h2c_tvalid <= 1'b1;
          h2c_tlast  <= (b == (len + 63) / 64 - 1);
          for (int i = 0; i < 64; i++) begin
            h2c_tdata[8*i+:8] <= (64 * b + i < len) ?
                host_byte(h2c_q_addr[0] + longint'(64 * b) + longint'(i)) : 8'($urandom);
          end
        end else begin
          h2c_tvalid <= 1'b0;
        end
      end
      h2c_beat <= b;
    end
  end

  // ================================================================== writes
  logic [63:0]  wr_addr;
  logic [15:0]  wr_len;
  logic [7:0]   wr_tag, done_tag;
  logic [511:0] wr_data;
  logic         wr_last, wr_valid, wr_ready, done_err, done_valid, orphan;
  logic         c2h_byp_ready, c2h_byp_load;
  logic [63:0]  c2h_byp_src, c2h_byp_dst;
  logic [27:0]  c2h_byp_len;
  logic [15:0]  c2h_byp_ctl;
  logic [511:0] c2h_tdata;
  logic [63:0]  c2h_tkeep;
  logic         c2h_tlast, c2h_tvalid, c2h_tready;
  logic [7:0]   c2h_sts;

  wn_xdma_wr u_wr (
      .clk_i                 (core_clk),
      .rst_i                 (core_rst),
      .s_dma_wr_addr_i       (wr_addr),
      .s_dma_wr_len_i        (wr_len),
      .s_dma_wr_tag_i        (wr_tag),
      .s_dma_wr_data_i       (wr_data),
      .s_dma_wr_last_i       (wr_last),
      .s_dma_wr_valid_i      (wr_valid),
      .s_dma_wr_ready_o      (wr_ready),
      .m_dma_wr_done_tag_o   (done_tag),
      .m_dma_wr_done_err_o   (done_err),
      .m_dma_wr_done_valid_o (done_valid),
      .pcie_clk_i            (pcie_clk),
      .pcie_rst_i            (pcie_rst),
      .c2h_dsc_byp_ready_i   (c2h_byp_ready),
      .c2h_dsc_byp_load_o    (c2h_byp_load),
      .c2h_dsc_byp_src_addr_o(c2h_byp_src),
      .c2h_dsc_byp_dst_addr_o(c2h_byp_dst),
      .c2h_dsc_byp_len_o     (c2h_byp_len),
      .c2h_dsc_byp_ctl_o     (c2h_byp_ctl),
      .m_axis_c2h_tdata_o    (c2h_tdata),
      .m_axis_c2h_tkeep_o    (c2h_tkeep),
      .m_axis_c2h_tlast_o    (c2h_tlast),
      .m_axis_c2h_tvalid_o   (c2h_tvalid),
      .m_axis_c2h_tready_i   (c2h_tready),
      .c2h_sts_i             (c2h_sts),
      .done_orphan_o         (orphan)
  );

  // write k goes to k * 64 KiB plus an unaligned offset, so writes never
  // overlap and the memory can be checked at the end
  function automatic longint write_addr(input int k);
    write_addr = 64'h0000_0100_0000_0000 + longint'(k) * 65536 +
                 longint'(32'(mix(longint'(k), 9) % 32'd64));
  endfunction

  function automatic int write_len(input int k);
    unique case (mix(longint'(k), 10) % 32'd4)
      0: write_len = 1 + int'(mix(longint'(k), 11) % 32'd64);
      1: write_len = 64 * (1 + int'(mix(longint'(k), 11) % 32'd64));
      2: write_len = 1 + int'(mix(longint'(k), 11) % 32'd16384);
      default: write_len = 1 + int'(mix(longint'(k), 11) % 32'd1024);
    endcase
  endfunction

  int wr_k = 0;  // write being offered
  int wr_beat = 0;
  int done_count = 0;

  always @(posedge core_clk) begin
    if (core_rst) begin
      wr_valid <= 1'b0;
    end else begin
      automatic int k = wr_k;
      automatic int b = wr_beat;
      if (wr_valid && wr_ready) begin
        if (wr_last) begin
          k = k + 1;
          b = 0;
        end else begin
          b = b + 1;
        end
      end
      if (!(wr_valid && !wr_ready)) begin
        if (k < Writes && $urandom_range(99) < 80) begin
          automatic int len = write_len(k);
          wr_valid <= 1'b1;
          wr_addr  <= write_addr(k);
          wr_len   <= 16'(len);
          wr_tag   <= 8'(k);
          wr_last  <= (b == (len + 63) / 64 - 1);
          for (int i = 0; i < 64; i++) begin
            wr_data[8*i+:8] <= (64 * b + i < len) ? write_byte(k, 64 * b + i) : 8'($urandom);
          end
        end else begin
          wr_valid <= 1'b0;
        end
      end
      wr_k <= k;
      wr_beat <= b;
      if (done_valid) begin
        if (done_tag != 8'(done_count) || done_err) begin
          $display("ERROR: done report %0d has tag %0d", done_count, done_tag);
          core_errors <= core_errors + 1;
        end
        done_count <= done_count + 1;
      end
    end
  end

  // model: C2H channel 0 in bypass, and host memory
  logic [7:0] host_mem[longint];
  longint c2h_q_addr[$];
  int     c2h_q_len[$];
  int     c2h_bytes = 0;  // bytes of the current packet so far
  int     done_due[$];  // cycles until each pending done pulse
  int     pcie_cycle = 0;

  always @(posedge pcie_clk) begin
    if (pcie_rst) begin
      c2h_byp_ready <= 1'b0;
      c2h_tready    <= 1'b0;
      c2h_sts       <= 8'd0;
    end else begin
      pcie_cycle <= pcie_cycle + 1;
      if (c2h_byp_load) begin
        if (c2h_byp_ctl != 16'd0 || c2h_byp_src != 64'd0 || c2h_byp_len[5:0] != 6'd0 ||
            c2h_byp_len == 28'd0) begin
          $display("ERROR: C2H descriptor ctl %h len %0d", c2h_byp_ctl, c2h_byp_len);
          pcie_errors <= pcie_errors + 1;
        end
        c2h_q_addr.push_back(longint'(c2h_byp_dst));
        c2h_q_len.push_back(int'(c2h_byp_len));
      end
      c2h_byp_ready <= $urandom_range(99) < 70;
      if (c2h_tvalid && c2h_tready) begin
        automatic int n = 0;
        automatic bit contiguous = 1'b1;
        for (int i = 0; i < 64; i++) begin
          if (c2h_tkeep[i]) begin
            if (i != n) contiguous = 1'b0;
            host_mem[c2h_q_addr[0]+longint'(c2h_bytes)+longint'(i)] <= c2h_tdata[8*i+:8];
            n = n + 1;
          end
        end
        if (!contiguous || (!c2h_tlast && n != 64) || n == 0) begin
          $display("ERROR: C2H beat with tkeep %h (last %b)", c2h_tkeep, c2h_tlast);
          pcie_errors <= pcie_errors + 1;
        end
        if (c2h_tlast) begin
          if (c2h_q_len[0] != ((c2h_bytes + n + 63) / 64) * 64) begin
            $display("ERROR: C2H packet of %0d bytes in a %0d-byte descriptor", c2h_bytes + n,
                     c2h_q_len[0]);
            pcie_errors <= pcie_errors + 1;
          end
          void'(c2h_q_addr.pop_front());
          void'(c2h_q_len.pop_front());
          done_due.push_back(pcie_cycle + int'($urandom_range(40, 1)));
          c2h_bytes <= 0;
        end else begin
          c2h_bytes <= c2h_bytes + n;
        end
      end
      // data only while a descriptor is loaded (PG195)
      c2h_tready <= (c2h_q_addr.size() > 0 || c2h_byp_load) && $urandom_range(99) < 75;
      c2h_sts[3] <= 1'b0;
      if (done_due.size() > 0 && done_due[0] <= pcie_cycle) begin
        c2h_sts[3] <= 1'b1;
        void'(done_due.pop_front());
      end
    end
  end

  // ============================================================= interrupts
  logic [NumIrq-1:0] irq, usr_irq_req, usr_irq_ack, req_prev_q, ack_prev_q;

  wn_xdma_irq #(
      .NumIrq(NumIrq)
  ) u_irq (
      .clk_i        (core_clk),
      .rst_i        (core_rst),
      .irq_i        (irq),
      .pcie_clk_i   (pcie_clk),
      .pcie_rst_i   (pcie_rst),
      .usr_irq_req_o(usr_irq_req),
      .usr_irq_ack_i(usr_irq_ack)
  );

  realtime last_irq[NumIrq];
  realtime last_req[NumIrq];
  int      ack_wait[NumIrq];
  logic    irq_on = 1'b0;

  always @(posedge core_clk) begin
    if (core_rst) begin
      irq <= '0;
    end else begin
      for (int i = 0; i < NumIrq; i++) begin
        irq[i] <= irq_on && $urandom_range(99) < 3;
        if (irq[i]) last_irq[i] <= $realtime;
      end
    end
  end

  always @(posedge pcie_clk) begin
    if (pcie_rst) begin
      usr_irq_ack <= '0;
      req_prev_q  <= '0;
      ack_prev_q  <= '0;
      for (int i = 0; i < NumIrq; i++) ack_wait[i] <= 0;
    end else begin
      for (int i = 0; i < NumIrq; i++) begin
        usr_irq_ack[i] <= 1'b0;
        if (usr_irq_req[i] && !req_prev_q[i]) begin
          last_req[i] <= $realtime;
          ack_wait[i] <= int'($urandom_range(30, 2));
        end else if (usr_irq_req[i] && ack_wait[i] > 0) begin
          ack_wait[i] <= ack_wait[i] - 1;
          if (ack_wait[i] == 1) usr_irq_ack[i] <= 1'b1;
        end
        if (!usr_irq_req[i] && req_prev_q[i] && !ack_prev_q[i]) begin
          $display("ERROR: interrupt request %0d dropped without an ack", i);
          pcie_errors <= pcie_errors + 1;
        end
      end
      req_prev_q <= usr_irq_req;
      ack_prev_q <= usr_irq_ack;
    end
  end

  // ================================================================ sequence
  task automatic check(input logic ok, input string what);
    if (!ok) begin
      $display("ERROR: %s", what);
      seq_errors = seq_errors + 1;
    end
  endtask

  initial begin
    for (int i = 0; i < NumIrq; i++) begin
      last_irq[i] = 0;
      last_req[i] = 0;
    end
    repeat (5) @(posedge core_clk);
    @(posedge pcie_clk) pcie_rst <= 1'b0;
    @(posedge core_clk) core_rst <= 1'b0;
    irq_on = 1'b1;
    wait (rd_answered == Reads && done_count == Writes);
    irq_on = 1'b0;
    repeat (200) @(posedge pcie_clk);
    check(rq_addr.size() == 0 && h2c_q_addr.size() == 0, "reads left over");
    check(c2h_q_addr.size() == 0 && done_due.size() == 0, "writes left over");
    check(!orphan, "done pulse with no descriptor");
    for (int k = 0; k < Writes; k++) begin
      automatic longint a = write_addr(k);
      automatic int len = write_len(k);
      automatic bit bad = (host_mem.exists(a + longint'(len)) != 0) || (host_mem.exists(a - 1) != 0);
      for (int i = 0; i < len; i++) begin
        if (host_mem.exists(a + longint'(i)) == 0 || host_mem[a+longint'(i)] != write_byte(k, i)) begin
          bad = 1'b1;
        end
      end
      check(!bad, $sformatf("write %0d (%0d bytes at %h) landed wrong", k, len, a));
    end
    for (int i = 0; i < NumIrq; i++) begin
      check(last_req[i] > last_irq[i] && last_irq[i] > 0,
            $sformatf("interrupt %0d: no request after the last event", i));
    end
    if (core_errors + pcie_errors + seq_errors != 0) begin
      $fatal(1, "wn_xdma_tb: %0d errors", core_errors + pcie_errors + seq_errors);
    end
    $display("wn_xdma_tb: PASS (%0d reads, %0d writes)", Reads, Writes);
    $finish;
  end

  initial begin
    #(4_000_000_000 * 1ps);
    $fatal(1, "wn_xdma_tb: timeout (reads %0d, writes done %0d)", rd_answered, done_count);
  end
endmodule
