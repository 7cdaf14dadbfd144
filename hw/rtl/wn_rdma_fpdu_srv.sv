// wn_rdma_fpdu_srv: the FPDU server of wn_rdma_tx. It answers the TCP
// engine's payload reads of RDMA connections with FPDUs built on demand
// from the QPs' message logs (wn_rdma_msg_log) and host memory: wn_rdmap_tx
// builds each FPDU's DDP/RDMAP segment (payload read by DMA, prd_*) and
// wn_mpa_tx frames it (length, markers, pad, CRC32c). Nothing is staged: a
// retransmission is a read of the same stream offsets, and its FPDUs are
// built again, the same size at the same stream position (the size rules
// of wn_rdma_pkg).
//
// Reads (srv_*, from the engine's segment builder, in order; a FIFO of 16):
// {qp, stream offset, length}. A read that continues the previous one
// (same QP, next offset) goes on with the FPDUs already being built; any
// other starts a run: the FPDU holding the offset is found from the QP's
// last position (kept per QP: the FPDU holding the next byte after its
// last read), or from the QP's oldest logged message (a retransmission),
// walking one FPDU per cycle; the FPDUs are built from there, one job a
// cycle for wn_rdmap_tx. The bytes go through an editor that drops what
// lies before the offset (or after the previous run) and cuts each read's
// bytes into beats from byte 0 (srv_rsp_*, the DMA read response format:
// 64 bytes a beat, byte 0 in bits 7:0, last with the read's last byte).
// Each read taken is reported (done_*: its QP and the stream offset it
// ends at).
//
// A read that starts before the QP's oldest logged message is stale: the
// engine queued it (a retransmission) before the acknowledgment of those
// bytes retired their messages, so nothing here can build them any more.
// It is answered with one beat marked refused (srv_rsp_err_o, last), and
// the engine sends nothing for its segment: the peer has those bytes, and
// anything after them in the segment goes again with the next send from
// SND.UNA. A run it interrupts ends (its bytes not read are dropped).
//
// The QP of the read at the head (qp_o) is the parent's to look up: its
// log pointers (head_i, tail_i), the message at the entry being built
// (msg_i: the log's entry {qp_o, ent_o} of the cycle before, read a cycle
// ahead: ent_o names the entry the unit builds from in the next cycle, and
// a read's QP stays at the head until the cycle its run ends, in which
// msg_i is not used), the start of its oldest logged
// message (head_start_i), its MULPDU, marker grid and flags. qp_n_o is
// the QP of the read at the head after this clock edge, for the parent's
// lookups read a cycle ahead.
//
// Each QP's Terminate (term_*: its payload, RFC 5040 §4.8, written when the
// QP has one to send) is kept here and read when its FPDU is built.
//
// An IRD slot is free (rrd_*) once a READ RESPONSE's last FPDU is built
// for the engine the first time (not a retransmission): the requester may
// send its next Read as soon as it has that byte, before our ACK of
// anything. A refused payload read (perr_*: host memory unmapped under a
// registered region) is reported with its QP; the FPDU being built carries
// zeros for the refused bytes and leaves with its CRC inverted (wn_mpa_tx),
// so the peer drops it.
//
// Latency: a run starts after the walk (a cycle per FPDU from the last
// position); the first bytes follow wn_rdmap_tx's payload read. Throughput:
// one FPDU job per cycle, one beat per cycle out. Reset clears the FIFOs,
// the run and the editor; a QP's last position is set by its set-up
// (init_*: it starts at its stream offset). Parameters: NumQp a power of two 2..1024;
// LogDepth a power of two (as wn_rdma_tx).
module wn_rdma_fpdu_srv #(
    parameter int NumQp = 64,
    parameter int LogDepth = 256,
    localparam int QpW = $clog2(NumQp),
    localparam int LW = $clog2(LogDepth)
) (
    input  logic                        clk_i,
    input  logic                        rst_i,
    // a QP set up: its stream starts at init_start_i
    input  logic                        init_valid_i,
    input  logic [QpW-1:0]              init_qp_i,
    input  logic [31:0]                 init_start_i,
    // the engine's payload reads and their bytes
    input  logic                        srv_valid_i,
    output logic                        srv_ready_o,
    input  logic [15:0]                 srv_qp_i,
    input  logic [31:0]                 srv_off_i,
    input  logic [15:0]                 srv_len_i,
    output logic [511:0]                srv_rsp_data_o,
    output logic                        srv_rsp_last_o,
    output logic                        srv_rsp_err_o,
    output logic                        srv_rsp_valid_o,
    input  logic                        srv_rsp_ready_i,
    // a read taken: its QP and the stream offset it ends at
    output logic                        done_valid_o,
    output logic [QpW-1:0]              done_qp_o,
    output logic [31:0]                 done_end_o,
    // the QP of the read at the head and what the parent looks up for it
    output logic [QpW-1:0]              qp_o,
    output logic [LW:0]                 ent_o,
    input  logic [LW:0]                 head_i,
    input  logic [LW:0]                 tail_i,
    input  logic [wn_rdma_pkg::MsgW-1:0] msg_i,
    input  logic [31:0]                 head_start_i,
    input  logic [15:0]                 mulpdu_i,
    input  logic [8:0]                  grid_i,
    input  logic                        mark_i,
    input  logic                        crc_i,
    // a QP's Terminate payload
    input  logic                        term_valid_i,
    input  logic [QpW-1:0]              term_qp_i,
    input  logic [415:0]                term_pay_i,
    output logic [QpW-1:0]              qp_n_o,
    // a READ RESPONSE built the first time: an IRD slot free again
    output logic                        rrd_valid_o,
    output logic [QpW-1:0]              rrd_qp_o,
    // a refused payload read
    output logic                        perr_valid_o,
    output logic [QpW-1:0]              perr_qp_o,
    // DMA payload reads
    output wn_abi_pkg::dma_rd_req_t prd_req_o,
    input  logic                    prd_req_ready_i,
    input  wn_abi_pkg::dma_rd_rsp_t prd_rsp_i,
    output logic                    prd_rsp_ready_o
);
  generate
    if (NumQp < 2 || NumQp > 1024 || (1 << QpW) != NumQp || (1 << LW) != LogDepth) begin : g_bad
      $fatal(1, "wn_rdma_fpdu_srv: NumQp and LogDepth must be powers of two, NumQp 2..1024");
    end
  endgenerate

  // each QP's last position: the FPDU holding the next byte after its last
  // read (log entry, message offset, stream offset; u_last), where the READ
  // RESPONSEs built the first time end (u_rrd), and its Terminate's payload
  // (u_term). Block RAM, read in every cycle at the QP the read at the head
  // will have after the edge (the reads FIFO's next head): what each shows
  // is the entry of s_qp, as an asynchronous read would be.
  logic [LW:0]    fe_r, fe_w;
  logic [31:0]    fm_r, fs_r, frd_r, fm_w, fs_w, frd_w;
  logic           fl_we, frd_we;
  logic [QpW-1:0] fl_wa, frd_wa;
  logic [415:0]   term;

  // ------------------------------------------------------------------
  // the reads, in order
  logic [63:0] sv_head, sv_nhead;
  logic        sv_valid, sv_pop, sv_wready, sv_nvalid;
  logic [4:0]  sv_count;
  wn_fifo_nx #(
      .Width(64),
      .Depth(16)
  ) u_sv (
      .clk_i,
      .rst_i,
      .wdata_i ({srv_qp_i, srv_off_i, srv_len_i}),
      .wvalid_i(srv_valid_i),
      .wready_o(sv_wready),
      .rdata_o (sv_head),
      .rvalid_o(sv_valid),
      .rready_i(sv_pop),
      .count_o (sv_count),
      .nvalid_o(sv_nvalid),
      .ndata_o (sv_nhead)
  );
  assign srv_ready_o = sv_wready;
  logic [QpW-1:0] s_qp;
  logic [31:0]    s_off, s_tgt;
  logic [15:0]    s_len;
  assign s_qp = sv_head[48+QpW-1:48];
  // (the FIFO's output register after the edge, valid or not)
  assign qp_n_o = sv_nhead[48+QpW-1:48];
  assign s_off = sv_head[47:16];
  assign s_len = sv_head[15:0];
  assign s_tgt = s_off + {16'd0, s_len};

  typedef enum logic [1:0] {SIdle, SWalk, SGen} sst_e;
  sst_e           s_st;
  logic           run_v;
  logic [QpW-1:0] run_qp;
  logic [31:0]    run_pos, gen_end, s_drop;
  logic [LW:0]    c_e, c_e_n, lg_e;
  // the read at the head is stale (before the oldest logged message), and
  // taken as such
  logic           s_stale, s_stake;
  logic [31:0]    c_m, c_s, lg_m, lg_s;
  wn_rdma_pkg::msg_t c_ent;
  logic [32:0]    c_fp;
  logic [31:0]    c_w;
  logic           c_fe_ok;
  logic           cmd_push, cmd_wready;
  logic [48:0]    cmd_n;
  assign c_ent = msg_i;
  assign c_fp = wn_rdma_pkg::fpdu_f(c_ent.op, c_ent.len, c_m, wn_rdma_pkg::mul_m(mulpdu_i, c_s[8:0], grid_i, mark_i));
  assign c_w = wn_rdma_pkg::wire_m(c_fp[32:17], c_s[8:0], grid_i, mark_i);
  assign c_fe_ok = (fe_r - head_i) < (tail_i - head_i) && wn_rdma_pkg::ge32(s_off, fs_r);

  // each job's marker offset, for wn_mpa_tx with the job's header
  logic [8:0] mo_head;
  logic       mo_valid, mo_wready;
  logic [7:0] mo_count;
  wn_fifo #(
      .Width(9),
      .Depth(128)
  ) u_mo (
      .clk_i,
      .rst_i,
      .wdata_i (wn_rdma_pkg::moff_f(c_s[8:0], grid_i)),
      .wvalid_i(job_valid && job_ready),
      .wready_o(mo_wready),
      .rdata_o (mo_head),
      .rvalid_o(mo_valid),
      .rready_i(h_valid && h_ready && mo_valid),
      .count_o (mo_count)
  );

  // jobs for wn_rdmap_tx: one FPDU each
  logic job_valid, job_ready;
  assign job_valid = s_st == SGen && !wn_rdma_pkg::ge32(gen_end, s_tgt) && mo_wready;
  assign s_stale = !wn_rdma_pkg::ge32(s_off, head_start_i);
  assign s_stake = s_st == SIdle && sv_valid && cmd_wready && s_stale;
  // an acknowledgment may retire messages while the walk passes them: a
  // read that now lies before the oldest logged message is answered as
  // stale (w_stale); a walk whose record was retired starts again from
  // the oldest (w_ret), for the pool may give that record's page to
  // another QP. A walk step (w_step) uses the record the walk is at.
  logic w_stale, w_ret, w_step;
  assign w_stale = s_st == SWalk && s_stale;
  assign w_ret = s_st == SWalk && !s_stale && (c_e - head_i) >= (tail_i - head_i) && c_e != tail_i;
  assign w_step = s_st == SWalk && !s_stale && !w_ret && wn_rdma_pkg::ge32(s_off, c_s + c_w) && c_e != tail_i;
  assign sv_pop = (s_st == SGen && wn_rdma_pkg::ge32(gen_end, s_tgt)) || s_stake || w_stale;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      s_st <= SIdle;
      run_v <= 1'b0;
      run_qp <= '0;
      run_pos <= 32'd0;
      gen_end <= 32'd0;
      s_drop <= 32'd0;
      c_e <= '0;
      c_m <= 32'd0;
      c_s <= 32'd0;
      lg_e <= '0;
      lg_m <= 32'd0;
      lg_s <= 32'd0;
    end else begin
      c_e <= c_e_n;
      unique case (s_st)
        SIdle: if (sv_valid && cmd_wready) begin
          // a stale read ends the run (its command drops the bytes built
          // for the run and not read)
          if (s_stale) run_v <= 1'b0;
          else if (run_v && s_qp == run_qp && s_off == run_pos) s_st <= SGen;
          else begin
            // a new run: the previous run's bytes not read are dropped
            s_drop <= run_v ? gen_end - run_pos : 32'd0;
            if (c_fe_ok) begin
              c_m <= fm_r;
              c_s <= fs_r;
            end else begin
              c_m <= 32'd0;
              c_s <= head_start_i;
            end
            s_st <= SWalk;
          end
        end
        SWalk: begin
          if (w_stale) begin
            // its command drops the bytes built for the run and not read
            run_v <= 1'b0;
            s_st <= SIdle;
          end else if (w_ret) begin
            c_m <= 32'd0;
            c_s <= head_start_i;
          end else if (w_step) begin
            c_s <= c_s + c_w;
            if (c_fp[0]) c_m <= 32'd0;
            else c_m <= c_m + {16'd0, c_fp[16:1]};
          end else begin
            s_drop <= s_drop + (s_off - c_s);
            gen_end <= c_s;
            run_v <= 1'b1;
            run_qp <= s_qp;
            s_st <= SGen;
          end
        end
        SGen: begin
          if (job_valid && job_ready) begin
            lg_e <= c_e;
            lg_m <= c_m;
            lg_s <= c_s;
            gen_end <= gen_end + c_w;
            c_s <= c_s + c_w;
            if (c_fp[0]) c_m <= 32'd0;
            else c_m <= c_m + {16'd0, c_fp[16:1]};
          end
          if (sv_pop) begin
            run_pos <= s_tgt;
            s_drop <= 32'd0;
            s_st <= SIdle;
          end
        end
        default: s_st <= SIdle;
      endcase
    end
  end
  // the entry built from in the next cycle (c_e's next value): the log
  // reads it a cycle ahead
  always_comb begin
    c_e_n = c_e;
    unique case (s_st)
      SIdle:
        if (sv_valid && cmd_wready && !s_stale && !(run_v && s_qp == run_qp && s_off == run_pos))
          c_e_n = c_fe_ok ? fe_r : head_i;
      SWalk:
        if (w_ret) c_e_n = head_i;
        else if (w_step && c_fp[0]) c_e_n = c_e + 1'b1;
      SGen: if (job_valid && job_ready && c_fp[0]) c_e_n = c_e + 1'b1;
      default: ;
    endcase
  end

  // the editor's command, pushed when a read's run is found
  assign cmd_push = (s_st == SIdle && sv_valid && cmd_wready && (s_stale || (run_v && s_qp == run_qp && s_off == run_pos))) ||
                    w_stale || (s_st == SWalk && !w_ret && !w_step);
  assign cmd_n = w_stale ? {1'b1, s_drop, s_len} :
                 (s_st == SWalk) ? {1'b0, s_drop + (s_off - c_s), s_len} :
                 s_stale ? {1'b1, run_v ? gen_end - run_pos : 32'd0, s_len} : {1'b0, 32'd0, s_len};

  wn_rdmap_tx #(
      .QpW(QpW),
      .MaxSegs(64),
      .MaxReads(64),
      .BufBeats(256)
  ) u_rdmap (
      .clk_i,
      .rst_i,
      .job_valid_i   (job_valid),
      .job_ready_o   (job_ready),
      .job_qp_i      (s_qp),
      .job_opcode_i  (c_ent.op),
      .job_len_i     (c_ent.len),
      .job_stag_i    (c_ent.stag),
      .job_to_i      (c_ent.to),
      .job_msn_i     (c_ent.msn),
      .job_src_stag_i(c_ent.sstag),
      .job_src_to_i  (c_ent.sto),
      .job_imm_i     (c_ent.imm),
      .job_term_i    (term),
      .job_sge_addr_i(c_ent.saddr),
      .job_sge_len_i (c_ent.slen),
      .job_sge_num_i (c_ent.snum),
      .job_mulpdu_i  (wn_rdma_pkg::mul_m(mulpdu_i, c_s[8:0], grid_i, mark_i)),
      .job_off_i     (c_m),
      .job_nseg_i    (16'd1),
      .job_crc_i     (crc_i),
      .job_mark_i    (mark_i),
      .h_valid_o     (h_valid),
      .h_ready_i     (h_ready && mo_valid),
      .h_len_o       (h_len),
      .h_crc_o       (h_crc),
      .h_mark_o      (h_mark),
      .m_tdata_o     (u_tdata),
      .m_tkeep_o     (u_tkeep),
      .m_tlast_o     (u_tlast),
      .m_terr_o      (u_terr),
      .m_tvalid_o    (u_tvalid),
      .m_tready_i    (u_tready),
      .rd_addr_o     (prd_req_o.req_addr),
      .rd_len_o      (prd_req_o.req_len),
      .rd_valid_o    (prd_req_o.req_valid),
      .rd_ready_i    (prd_req_ready_i),
      .rd_data_i     (prd_rsp_i.rsp_data),
      .rd_err_i      (prd_rsp_i.rsp_err),
      .rd_last_i     (prd_rsp_i.rsp_last),
      .rd_valid_i    (prd_rsp_i.rsp_valid),
      .rd_ready_o    (prd_rsp_ready_o),
      .st_valid_o    (rs_valid),
      .st_qp_o       (rs_qp),
      .st_off_o      (rs_off),
      .st_len_o      (rs_len),
      .st_last_o     (rs_last),
      .st_done_o     (rs_done),
      .st_err_o      (rs_err)
  );
  logic         h_valid, h_ready, h_crc, h_mark;
  logic [15:0]  h_len;
  logic [511:0] u_tdata, f_tdata;
  logic [63:0]  u_tkeep, f_tkeep;
  logic         u_tlast, u_terr, u_tvalid, u_tready, f_tlast, f_tvalid, f_tready;
  logic         rs_valid, rs_last, rs_done, rs_err;
  logic [QpW-1:0] rs_qp;
  logic [31:0]  rs_off;
  logic [15:0]  rs_len;
  wn_mpa_tx u_mpa (
      .clk_i,
      .rst_i,
      .h_valid_i   (h_valid && mo_valid),
      .h_ready_o   (h_ready),
      .h_len_i     (h_len),
      .h_crc_i     (h_crc),
      .h_mark_i    (h_mark),
      .h_mark_off_i(mo_head),
      .s_tdata_i   (u_tdata),
      .s_tkeep_i   (u_tkeep),
      .s_tlast_i   (u_tlast),
      .s_terr_i    (u_terr),
      .s_tvalid_i  (u_tvalid),
      .s_tready_o  (u_tready),
      .m_tdata_o   (f_tdata),
      .m_tkeep_o   (f_tkeep),
      .m_tlast_o   (f_tlast),
      .m_tvalid_o  (f_tvalid),
      .m_tready_i  (f_tready)
  );

  // the editor: drops, then cuts a read's bytes into beats from byte 0 (a
  // stale read's command: drops, then one refused beat)
  logic [48:0]   cmd_head;
  logic          cmd_valid, cmd_pop;
  logic [5:0]    cmd_count;
  wn_fifo #(
      .Width(49),
      .Depth(32)
  ) u_cmd (
      .clk_i,
      .rst_i,
      .wdata_i (cmd_n),
      .wvalid_i(cmd_push),
      .wready_o(cmd_wready),
      .rdata_o (cmd_head),
      .rvalid_o(cmd_valid),
      .rready_i(cmd_pop),
      .count_o (cmd_count)
  );
  logic [1023:0] hold_q, hold_a;
  logic [7:0]    hcnt_q, hcnt_a, out_n, in_n;
  logic [31:0]   d_done_q;       // bytes of the command's drop done
  logic [15:0]   t_done_q;       // bytes of its read sent
  logic [31:0]   d_left;
  logic [15:0]   t_left;
  logic          e_drop, e_out, c_stale;
  assign c_stale = cmd_head[48];
  assign d_left = cmd_head[47:16] - d_done_q;
  assign t_left = cmd_head[15:0] - t_done_q;
  always_comb begin
    e_drop = 1'b0;
    e_out = 1'b0;
    out_n = 8'd0;
    if (cmd_valid && d_left != 32'd0) begin
      e_drop = hcnt_q != 8'd0;
      out_n = (d_left < {24'd0, hcnt_q}) ? d_left[7:0] : hcnt_q;
      if (out_n > 8'd64) out_n = 8'd64;
    end else if (cmd_valid && !c_stale && t_left != 16'd0) begin
      if ({8'd0, hcnt_q} >= ((t_left < 16'd64) ? t_left : 16'd64)) begin
        e_out = srv_rsp_ready_i;
        out_n = (t_left < 16'd64) ? t_left[7:0] : 8'd64;
        if (!srv_rsp_ready_i) out_n = 8'd0;
      end
    end
    // (shifted only when bytes leave)
    hold_a = hold_q;
    if (out_n != 8'd0) hold_a = hold_q >> {out_n, 3'b000};
    hcnt_a = hcnt_q - out_n;
  end
  assign srv_rsp_data_o = hold_q[511:0];
  assign srv_rsp_valid_o = cmd_valid && d_left == 32'd0 &&
                           (c_stale || (t_left != 16'd0 && {8'd0, hcnt_q} >= ((t_left < 16'd64) ? t_left : 16'd64)));
  assign srv_rsp_last_o = c_stale || t_left <= 16'd64;
  assign srv_rsp_err_o = c_stale;
  assign cmd_pop = cmd_valid && d_left == 32'd0 &&
                   (c_stale ? srv_rsp_ready_i : (t_left == 16'd0 || (e_out && t_left <= 16'd64)));
  assign f_tready = hcnt_a <= 8'd64;
  logic [511:0] kmask;
  // (only for a valid beat: every use is gated by f_tvalid)
  always_comb begin
    in_n = 8'd0;
    kmask = '0;
    if (f_tvalid) begin
      for (int i = 0; i < 64; i++) begin
        in_n = in_n + {7'd0, f_tkeep[i]};
        kmask[i*8 +: 8] = {8{f_tkeep[i]}};
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      hold_q <= '0;
      hcnt_q <= 8'd0;
      d_done_q <= 32'd0;
      t_done_q <= 16'd0;
    end else begin
      if (f_tvalid && f_tready) begin
        hold_q <= hold_a | ({512'd0, f_tdata & kmask} << {hcnt_a, 3'b000});
        hcnt_q <= hcnt_a + in_n;
      end else begin
        if (out_n != 8'd0) hold_q <= hold_a;
        hcnt_q <= hcnt_a;
      end
      if (cmd_pop) begin
        d_done_q <= 32'd0;
        t_done_q <= 16'd0;
      end else begin
        if (e_drop) d_done_q <= d_done_q + {24'd0, out_n};
        if (e_out) t_done_q <= t_done_q + {8'd0, out_n};
      end
    end
  end


  // the parent's lookups, and what the server reports
  assign qp_o = s_qp;
  assign ent_o = c_e_n;
  assign done_valid_o = sv_pop;
  assign done_qp_o = s_qp;
  assign done_end_o = s_tgt;
  assign rrd_valid_o = job_valid && job_ready && c_ent.op == 4'(wn_abi_pkg::RDMAP_OPCODE_RDMA_READ_RESPONSE) && c_fp[0] &&
                       !wn_rdma_pkg::ge32(frd_r, c_s + c_w);
  assign rrd_qp_o = s_qp;
  assign perr_valid_o = rs_valid && rs_err;
  assign perr_qp_o = rs_qp;

  // the tables (memories: one write port each, no reset). A set-up writes
  // its QP's fresh entries in a cycle without a run's write (it waits in
  // in_* for at most a cycle: a run writes every other cycle at most, and
  // the QP being set up has no reads before it is RTS)
  logic           in_p_q, in_r_q, in_p, in_r;
  // a read that ran writes its QP's last position; a stale read leaves
  // it: the run's state it would write is another read's, perhaps of
  // another QP, and a later read of this QP would walk from it
  logic           fl_pop;
  assign fl_pop = sv_pop && !s_stake && !w_stale;
  logic [QpW-1:0] in_qp_q, in_qp;
  logic [31:0]    in_start_q, in_start;
  assign in_p = init_valid_i || in_p_q;
  assign in_r = init_valid_i || in_r_q;
  assign in_qp = init_valid_i ? init_qp_i : in_qp_q;
  assign in_start = init_valid_i ? init_start_i : in_start_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      in_p_q <= 1'b0;
      in_r_q <= 1'b0;
    end else begin
      in_p_q <= in_p && fl_pop;
      in_r_q <= in_r && rrd_valid_o;
    end
    if (init_valid_i) begin
      in_qp_q <= init_qp_i;
      in_start_q <= init_start_i;
    end
  end
  always_comb begin
    frd_we = rrd_valid_o || in_r;
    frd_wa = rrd_valid_o ? s_qp : in_qp;
    frd_w = rrd_valid_o ? c_s + c_w : in_start;
    fl_we = fl_pop || in_p;
    fl_wa = fl_pop ? s_qp : in_qp;
    // the FPDU holding the next byte: the next to build, or the last built
    if (fl_pop && gen_end == s_tgt) {fe_w, fm_w, fs_w} = {c_e, c_m, c_s};
    else if (fl_pop) {fe_w, fm_w, fs_w} = {lg_e, lg_m, lg_s};
    else {fe_w, fm_w, fs_w} = {{(LW + 1) {1'b0}}, 32'd0, in_start};
  end
  wn_ctx_ram #(
      .Depth(NumQp),
      .Width(LW + 65),
      .NumRd(1)
  ) u_last (
      .clk_i,
      .rst_i,
      .we_i   (fl_we),
      .waddr_i(fl_wa),
      .wdata_i({fe_w, fm_w, fs_w}),
      .rd_i   (1'b1),
      .raddr_i(qp_n_o),
      .rdata_o({fe_r, fm_r, fs_r})
  );
  wn_ctx_ram #(
      .Depth(NumQp),
      .Width(32),
      .NumRd(1)
  ) u_rrd (
      .clk_i,
      .rst_i,
      .we_i   (frd_we),
      .waddr_i(frd_wa),
      .wdata_i(frd_w),
      .rd_i   (1'b1),
      .raddr_i(qp_n_o),
      .rdata_o(frd_r)
  );
  wn_ctx_ram #(
      .Depth(NumQp),
      .Width(416),
      .NumRd(1)
  ) u_term (
      .clk_i,
      .rst_i,
      .we_i   (term_valid_i),
      .waddr_i(term_qp_i),
      .wdata_i(term_pay_i),
      .rd_i   (1'b1),
      .raddr_i(qp_n_o),
      .rdata_o(term)
  );
`ifndef SYNTHESIS
  // the tables show the head's QP: read a cycle ahead at it
  logic [QpW-1:0] ra_q;
  always_ff @(posedge clk_i) begin
    ra_q <= qp_n_o;
    if (!rst_i) begin
      assert (!(init_valid_i && (in_p_q || in_r_q)))
      else $error("wn_rdma_fpdu_srv: a QP set up while the last set-up's entries wait");
      assert (!sv_valid || ra_q == s_qp)
      else $error("wn_rdma_fpdu_srv: the tables were read at another QP than the head's");
      // every record a walk step uses is one of the QP's logged messages,
      // and no job is built from the record past the newest (the log
      // reads any other record as an unspecified one)
      assert (!w_step || (c_e - head_i) < (tail_i - head_i))
      else $error("wn_rdma_fpdu_srv: QP %0d: record %0d used outside the log (head %0d, tail %0d; state %0d, offset %0d, length %0d, run %0d at %0d, built to %0d)",
                  s_qp, c_e, head_i, tail_i, s_st, s_off, s_len, run_v, run_pos, gen_end);
      assert (!(s_st == SGen && job_valid) || c_e != tail_i)
      else $error("wn_rdma_fpdu_srv: QP %0d: a job built from record %0d, past the newest (head %0d; offset %0d, length %0d, built to %0d)",
                  s_qp, c_e, head_i, s_off, s_len, gen_end);
    end
  end
`endif

  logic unused;
  assign unused = ^{mo_count, sv_count, cmd_count, sv_head[63:48+QpW], sv_nhead[63:48+QpW], sv_nhead[47:0], sv_nvalid, rs_off, rs_len, rs_last, rs_done, f_tlast,
                    c_ent};
endmodule
