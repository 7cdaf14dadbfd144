// wn_mpa_tx: the MPA FPDU framer (RFC 5044 §4). For each header it takes
// one ULPDU (the DDP/RDMAP header and payload) and sends one FPDU: the
// 2-byte ULPDU_LENGTH, the ULPDU, 0-3 zero pad bytes to a multiple of four
// (§4.1), the 4-byte CRC, and, when markers are on, a 4-byte marker at
// every 512th octet of the TCP stream (§4.3).
//
// Header (h_*): h_len_i = ULPDU length in bytes (0..65535, but see the
// marker limit below), h_crc_i = CRC on, h_mark_i = markers on,
// h_mark_off_i = bytes from the FPDU's first byte to the next marker
// position of the stream (0..508, a multiple of four: the marker grid
// starts at the first FPDU of full operation and every FPDU is a multiple
// of four bytes, §4.3). The ULPDU stream (s_t*) carries h_len_i bytes from
// byte 0 of its first beat, tkeep contiguous, tlast on the last beat; an
// empty ULPDU has no beats. s_terr_i on any beat says the ULPDU's bytes
// are not what the sender meant (a refused payload read left zeros): the
// FPDU goes out with its CRC inverted, so a receiver checking CRCs drops
// it (and answers with its Terminate, RFC 5044 §7) instead of placing it.
//
// FPDU on m_t* (one packet per FPDU, byte 0 in bits 7:0 of the first beat,
// tkeep all ones except on the last beat), without markers:
//
//   byte        field
//   0-1         ULPDU_LENGTH = h_len_i, big-endian
//   2-          ULPDU (h_len_i bytes)
//   2+len-      PAD, (2 + len) mod 4 = 2: 2 bytes, 3: 1, 0: none, 1: 3
//   last 4      CRC: CRC32c of every byte before it (length, ULPDU, pad
//               and markers), crc[7:0] first (RFC 3720 B.4 byte order);
//               zero when CRC is off (the field stays, RFC 5044 §4.1)
//
// With markers each marker is inserted at FPDU offset h_mark_off_i + 512k
// (offsets counted with the markers, i.e. in TCP sequence space) while
// FPDU bytes follow it; a marker that would fall right after the CRC
// belongs to the next FPDU (whose h_mark_off_i is then 0). Marker bytes:
//   0-1  RESERVED 0
//   2-3  FPDUPTR, big-endian: the octets from the ULPDU_LENGTH field to
//        the marker; 0 for a marker that immediately precedes the
//        ULPDU_LENGTH field (the FPDU then starts with it)
// Markers are covered by the CRC (RFC 5044 §4.4: the CRC covers the whole
// FPDU, markers included), a leading marker too (as Wireshark's MPA
// dissector checks it).
//
// Pipeline:
//   A  framing: the ULPDU shifted by two bytes behind the length, pad and a
//      zero CRC placeholder (one FPDU beat per cycle; the tail beat after
//      the last input beat needs no input)
//   B  markers: a hold register of up to 64 bytes and the next A beat,
//      joined at a 4-byte grain; a beat with a marker takes 60 bytes and
//      splices the marker in
//   C  the CRC (wn_crc32c, 5 cycles) taps the beats into a FIFO of
//      FifoDepth beats; a FPDU's last beat leaves when its CRC is ready and
//      gets the CRC patched in.
// Latency (idle framer, header and data presented together, measured in
// sim/modtest): the first beat of an FPDU leaves 4 cycles later (header 1,
// A 1, B 1, FIFO 1); its last beat waits for the CRC, 8 cycles after the
// last ULPDU beat is taken, so a one-beat FPDU leaves after 9 cycles.
// Throughput: one output beat per cycle, back to back across FPDUs (an
// FPDU of n bytes on the wire takes ceil(n/64) cycles), with markers on or
// off; the FIFO absorbs the CRC latency as long as FifoDepth >= 8. Markers
// cost 4 bytes per 512 of output (0.8 %), so with markers the ULPDU rate is
// 63.5 bytes/cycle of long FPDUs.
//
// Reset clears every stage's valid flag and per-FPDU state. Parameters:
// FifoDepth a power of two, 8..1024. A marked FPDU must stay below 64 KiB
// on the wire (FPDUPTR is 16 bits; checked in simulation).
module wn_mpa_tx #(
    parameter int FifoDepth = 16
) (
    input  logic         clk_i,
    input  logic         rst_i,
    // FPDU headers
    input  logic         h_valid_i,
    output logic         h_ready_o,
    input  logic [15:0]  h_len_i,
    input  logic         h_crc_i,
    input  logic         h_mark_i,
    input  logic [8:0]   h_mark_off_i,
    // ULPDU bytes
    input  logic [511:0] s_tdata_i,
    input  logic [63:0]  s_tkeep_i,
    input  logic         s_tlast_i,
    input  logic         s_terr_i,
    input  logic         s_tvalid_i,
    output logic         s_tready_o,
    // FPDUs
    output logic [511:0] m_tdata_o,
    output logic [63:0]  m_tkeep_o,
    output logic         m_tlast_o,
    output logic         m_tvalid_o,
    input  logic         m_tready_i
);
  generate
    if (FifoDepth < 8 || FifoDepth > 1024 || (1 << $clog2(FifoDepth)) != FifoDepth) begin : g_bad_depth
      $fatal(1, "wn_mpa_tx: FifoDepth must be a power of two, 8..1024");
    end
    if (wn_abi_pkg::MPA_FPDU_HDR_SIZE != 2 || wn_abi_pkg::MPA_MARKER_SIZE != 4) begin : g_bad_abi
      $fatal(1, "wn_mpa_tx: built for a 2-byte MPA header and 4-byte markers (RFC 5044)");
    end
  endgenerate

  // ==================================================================
  // A: length, ULPDU, pad, CRC placeholder
  // ==================================================================
  logic          a_busy_q;
  logic [15:0]   a_len_q;
  logic [16:0]   a_t0_q;      // FPDU bytes without markers
  logic [10:0]   a_k_q;       // beat of the FPDU
  logic [10:0]   a_ni_q;      // input beats of the ULPDU
  logic [10:0]   a_na_q;      // FPDU beats without markers
  logic [15:0]   a_carry_q;   // input bytes 62, 63 of the previous beat
  logic          a_crc_q, a_mark_q;
  logic [8:0]    a_moff_q;
  logic          a_perr_q, a_perr;  // a beat of the ULPDU had s_terr_i

  logic          a_need_in, a_valid, a_last, a_fire, a_hdr;
  logic [511:0]  a_raw, a_data;
  logic [6:0]    a_nbytes;
  logic [16:0]   a_pos, a_ulp_end;
  logic [17:0]   h_t0;

  // the registered A beat (ar_*), taken by B
  logic          ar_q, ar_take, ar_load;
  logic [511:0]  ar_data_q;
  logic [6:0]    ar_nbytes_q;
  logic          ar_last_q, ar_first_q, ar_crc_q, ar_mark_q, ar_perr_q;
  logic [8:0]    ar_moff_q;

  assign a_need_in = a_k_q < a_ni_q;
  assign a_valid = a_busy_q && (!a_need_in || s_tvalid_i);
  assign a_last = (a_k_q + 11'd1) == a_na_q;
  assign ar_load = !ar_q || ar_take;
  assign a_fire = a_valid && ar_load;
  assign s_tready_o = a_busy_q && a_need_in && ar_load;
  assign h_ready_o = !a_busy_q || (a_fire && a_last);
  assign a_hdr = h_valid_i && h_ready_o;
  // T0 = 2 + len + pad + 4
  assign h_t0 = ((18'(h_len_i) + 18'd5) & ~18'd3) + 18'd4;

  // the FPDU header in bus order (wn_abi_pkg layout: ULPDU_LENGTH
  // big-endian)
  wn_abi_pkg::mpa_fpdu_hdr_t a_hdr_s;
  always_comb begin
    a_hdr_s = '0;
    a_hdr_s.ulpdu_length = a_len_q;
  end
  logic [15:0] a_hdr_word;
  assign a_hdr_word = wn_abi_pkg::mpa_fpdu_hdr_pack(a_hdr_s);
  always_comb begin
    a_raw = '0;
    if (a_fire) begin
      a_raw = {a_need_in ? s_tdata_i[495:0] : 496'd0, (a_k_q == 11'd0) ? a_hdr_word : a_carry_q};
    end
  end
  assign a_pos = {a_k_q, 6'd0};
  assign a_ulp_end = 17'(a_len_q) + 17'd2;
  always_comb begin
    // bytes past the ULPDU (pad, CRC placeholder, junk) are zero; only for
    // a beat that is taken (nothing reads it otherwise)
    a_data = '0;
    if (a_fire) begin
      for (int b = 0; b < 64; b++) begin
        a_data[b*8 +: 8] = ((a_pos + 17'(b)) < a_ulp_end) ? a_raw[b*8 +: 8] : 8'd0;
      end
    end
  end
  assign a_nbytes = a_last ? 7'(a_t0_q - a_pos) : 7'd64;
  assign a_perr = a_perr_q || (a_need_in && s_terr_i);

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      a_busy_q <= 1'b0;
    end else if (a_hdr) begin
      a_busy_q <= 1'b1;
    end else if (a_fire && a_last) begin
      a_busy_q <= 1'b0;
    end
  end
  always_ff @(posedge clk_i) begin
    if (a_hdr) begin
      a_len_q <= h_len_i;
      a_t0_q <= h_t0[16:0];
      a_ni_q <= 11'((17'(h_len_i) + 17'd63) >> 6);
      a_na_q <= 11'((h_t0 + 18'd63) >> 6);
      a_k_q <= '0;
      a_crc_q <= h_crc_i;
      a_mark_q <= h_mark_i;
      a_moff_q <= h_mark_off_i;
      a_perr_q <= 1'b0;
    end else if (a_fire) begin
      a_k_q <= a_k_q + 11'd1;
      a_perr_q <= a_perr;
    end
    if (a_fire && a_need_in) a_carry_q <= s_tdata_i[511:496];
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) ar_q <= 1'b0;
    else if (ar_load) ar_q <= a_fire;
  end
  always_ff @(posedge clk_i) begin
    if (a_fire) begin
      ar_data_q <= a_data;
      ar_nbytes_q <= a_nbytes;
      ar_last_q <= a_last;
      ar_first_q <= a_k_q == 11'd0;
      ar_crc_q <= a_crc_q;
      ar_mark_q <= a_mark_q;
      ar_moff_q <= a_moff_q;
      ar_perr_q <= a_perr;
    end
  end

  // ==================================================================
  // B: markers
  // ==================================================================
  logic          b_act_q;     // an FPDU is in progress
  logic [511:0]  hold_q;
  logic [6:0]    hcnt_q;      // 0..64, a multiple of 4
  logic          adone_q;     // its last A beat was taken
  logic [16:0]   ocnt_q;      // output bytes so far
  logic [16:0]   mpos_q;      // output offset of the next marker
  logic          mk_en_q, hdr4_q, crc_en_q;
  logic          b_perr_q, cur_perr;  // the FPDU's ULPDU had s_terr_i

  logic          cur_mk, cur_hdr4, cur_crc, cur_adone;
  logic [16:0]   cur_mpos;
  logic [511:0]  cur_hold;
  logic [6:0]    cur_hcnt;
  logic          take_a, final_in, mk_here, can_out, last_out, b_step;
  logic [7:0]    avail;
  logic [1023:0] cat;
  logic [16:0]   p17;
  logic [3:0]    pw;          // marker word in the beat
  logic [15:0]   ptr;
  logic [31:0]   mk;
  logic [511:0]  b_data;
  logic [7:0]    need;

  // the registered output beat (br_*), pushed into the FIFO
  logic          br_q, br_take, br_load;
  logic [511:0]  br_data_q;
  logic [6:0]    br_count_q;
  logic          br_last_q, br_first_q, br_crc_q, br_perr_q;

  assign br_load = !br_q || br_take;
  // a new FPDU starts with the A beat that is its first
  assign cur_mk = b_act_q ? mk_en_q : ar_mark_q;
  assign cur_hdr4 = b_act_q ? hdr4_q : (ar_mark_q && (ar_moff_q == 9'd0));
  assign cur_crc = b_act_q ? crc_en_q : ar_crc_q;
  assign cur_adone = b_act_q && adone_q;
  assign cur_mpos = b_act_q ? mpos_q : {8'd0, ar_moff_q};
  assign cur_hold = b_act_q ? hold_q : '0;
  assign cur_hcnt = b_act_q ? hcnt_q : 7'd0;

  assign take_a = ar_q && !cur_adone && (cur_hcnt < 7'd64) && br_load;
  assign avail = {1'b0, cur_hcnt} + (take_a ? {1'b0, ar_nbytes_q} : 8'd0);
  // the held bytes and the A beat after them (only in a step: nothing
  // reads it otherwise)
  always_comb begin
    cat = '0;
    if (b_step) begin
      cat = {512'd0, cur_hold};
      if (take_a) cat = cat | ({512'd0, ar_data_q} << {cur_hcnt, 3'd0});
    end
  end
  assign final_in = cur_adone || (take_a && ar_last_q);
  // known once the FPDU's last A beat is taken, which its last beat needs
  assign cur_perr = (take_a && ar_last_q) ? ar_perr_q : b_perr_q;
  assign p17 = cur_mpos - ocnt_q;
  assign pw = p17[5:2];
  // a marker in this beat, if FPDU bytes follow it
  assign mk_here = cur_mk && (cur_mpos < (ocnt_q + 17'd64))
                   && (!final_in || ({1'b0, avail} > {3'd0, p17[5:0]}));
  assign need = mk_here ? 8'd60 : 8'd64;
  assign can_out = (b_act_q || take_a) && br_load && (final_in ? (avail != 8'd0) : (avail >= need));
  assign last_out = final_in && (avail <= need);
  assign b_step = can_out || take_a;

  assign ptr = (cur_mpos == 17'd0) ? 16'd0 : 16'(cur_mpos - (cur_hdr4 ? 17'd4 : 17'd0));
  wn_abi_pkg::mpa_marker_t mk_s;
  always_comb begin
    mk_s = '0;
    mk_s.fpduptr = ptr;
  end
  assign mk = wn_abi_pkg::mpa_marker_pack(mk_s);
  always_comb begin
    b_data = '0;
    if (can_out) begin
      for (int w = 0; w < 16; w++) begin
        if (!mk_here || (4'(w) < pw)) b_data[w*32 +: 32] = cat[w*32 +: 32];
        else if (4'(w) == pw) b_data[w*32 +: 32] = mk;
        else b_data[w*32 +: 32] = cat[(w-1)*32 +: 32];
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      b_act_q <= 1'b0;
      ocnt_q <= '0;
    end else if (b_step) begin
      b_act_q <= !(can_out && last_out);
      if (can_out) ocnt_q <= last_out ? 17'd0 : (ocnt_q + 17'd64);
    end
  end
  always_ff @(posedge clk_i) begin
    if (b_step) begin
      if (!b_act_q) begin
        mk_en_q <= ar_mark_q;
        hdr4_q <= cur_hdr4;
        crc_en_q <= ar_crc_q;
      end
      adone_q <= final_in;
      b_perr_q <= cur_perr;
      if (can_out) begin
        hold_q <= mk_here ? cat[991:480] : cat[1023:512];
        hcnt_q <= 7'(avail - need);
        mpos_q <= mk_here ? (cur_mpos + 17'd512) : cur_mpos;
      end else begin
        hold_q <= cat[511:0];
        hcnt_q <= avail[6:0];
        mpos_q <= cur_mpos;
      end
    end
  end
  assign ar_take = take_a;

  always_ff @(posedge clk_i) begin
    if (rst_i) br_q <= 1'b0;
    else if (br_load) br_q <= can_out;
  end
  always_ff @(posedge clk_i) begin
    if (can_out) begin
      br_data_q <= b_data;
      br_count_q <= last_out ? 7'(avail + (mk_here ? 8'd4 : 8'd0)) : 7'd64;
      br_last_q <= last_out;
      br_first_q <= ocnt_q == 17'd0;
      br_crc_q <= cur_crc;
      br_perr_q <= cur_perr;
    end
  end

  // ==================================================================
  // C: CRC and output
  // ==================================================================
  localparam int DW = 512 + 7 + 1 + 1;
  logic          f_wready, f_rvalid, f_pop;
  logic [DW-1:0] f_rdata;
  logic [511:0]  o_data;
  logic [6:0]    o_count;
  logic          o_last, o_crc;
  logic          c_valid;
  logic [31:0]   c_crc, c_state;
  logic          cf_rvalid, cf_wready;
  logic [32:0]   cf_rdata;     // {inverted, CRC}
  logic          c_perr;

  assign br_take = br_q && f_wready;

  wn_fifo #(
      .Width(DW),
      .Depth(FifoDepth)
  ) u_data (
      .clk_i,
      .rst_i,
      .wdata_i ({br_data_q, br_count_q, br_last_q, br_crc_q}),
      .wvalid_i(br_take),
      .wready_o(f_wready),
      .rdata_o (f_rdata),
      .rvalid_o(f_rvalid),
      .rready_i(f_pop),
      .count_o (nc_count)
  );

  // the CRC covers every byte of the FPDU but its last four
  wn_crc32c #(
      .UserWidth(1)
  ) u_crc (
      .clk_i,
      .rst_i,
      .valid_i(br_take),
      .data_i (br_data_q),
      .lo_i   (6'd0),
      .hi_i   (br_last_q ? (br_count_q - 7'd4) : 7'd64),
      .first_i(br_first_q),
      .same_i (1'b0),
      .init_i (32'hFFFF_FFFF),
      .last_i (br_last_q),
      .user_i (br_perr_q),
      .valid_o(c_valid),
      .state_o(c_state),
      .crc_o  (c_crc),
      .user_o (c_perr)
  );

  // one CRC per last beat in the data FIFO, so never more than FifoDepth
  wn_fifo #(
      .Width(33),
      .Depth(FifoDepth)
  ) u_crcs (
      .clk_i,
      .rst_i,
      .wdata_i ({c_perr, c_crc}),
      .wvalid_i(c_valid),
      .wready_o(cf_wready),
      .rdata_o (cf_rdata),
      .rvalid_o(cf_rvalid),
      .rready_i(f_pop && o_last),
      .count_o (nc_ccount)
  );

  assign {o_data, o_count, o_last, o_crc} = f_rdata;
  assign m_tvalid_o = f_rvalid && (!o_last || cf_rvalid);
  assign f_pop = m_tvalid_o && m_tready_i;
  assign m_tlast_o = o_last;
  always_comb begin
    for (int w = 0; w < 16; w++) begin
      if (o_last && o_crc && (5'(w) == (o_count[6:2] - 5'd1))) m_tdata_o[w*32 +: 32] = cf_rdata[31:0] ^ {32{cf_rdata[32]}};
      else m_tdata_o[w*32 +: 32] = o_data[w*32 +: 32];
    end
    m_tkeep_o = {64{1'b1}};
    if (o_last && !o_count[6]) m_tkeep_o = (64'd1 << o_count[5:0]) - 64'd1;
  end

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (!rst_i) begin
      if (a_hdr && h_mark_i && (h_mark_off_i[1:0] != 2'd0 || h_mark_off_i > 9'd508))
        $error("wn_mpa_tx: marker offset %0d is not a multiple of 4 in 0..508", h_mark_off_i);
      if (s_tvalid_i && s_tready_o && (s_tlast_i != ((a_k_q + 11'd1) == a_ni_q)))
        $error("wn_mpa_tx: ULPDU of %0d bytes with tlast on beat %0d", a_len_q, a_k_q);
      if (can_out && mk_here && (cur_mpos != 17'd0) && (cur_mpos - (cur_hdr4 ? 17'd4 : 17'd0)) > 17'hffff)
        $error("wn_mpa_tx: FPDUPTR beyond 16 bits");
      if (c_valid && !cf_wready) $error("wn_mpa_tx: CRC FIFO overrun");
      if (take_a && (ar_first_q == b_act_q)) $error("wn_mpa_tx: FPDU beats out of step");
    end
  end
`endif

  logic [$clog2(FifoDepth):0] nc_count, nc_ccount;
  logic unused;
  assign unused = ^{s_tkeep_i, c_state, nc_count, nc_ccount, cf_wready, p17[16:6]};
endmodule
