// wn_crc32c: CRC32c (Castagnoli, reflected polynomial 0x82F63B78) over a
// 512-bit stream, one beat per cycle, as MPA uses it (RFC 5044 §4.4, the
// iSCSI CRC of RFC 3720 §12.1 and Appendix B.4).
//
// Each input beat carries one piece of one CRC: the bytes lo_i .. hi_i-1 of
// the beat (byte 0 = bits 7:0), any 0 <= lo_i <= hi_i <= 64 with
// lo_i <= 63, so a CRC can start and end at any byte (an empty piece,
// lo_i = hi_i, is legal). `first_i` starts a CRC with the register value
// `init_i` at byte lo_i: 32'hFFFF_FFFF for a new CRC, or the `state_o` of
// an earlier piece to resume a CRC (a connection's partial CRC saved at the
// end of a TCP segment and restored at the next one). Without `first_i`
// the piece continues the CRC of the previous valid piece: in the next
// beat, when that one ended at byte 64 (hi_i = 64) and this one starts at
// byte 0; or, with `same_i`, in the same beat, starting where that one
// ended (the same data on data_i).
// `last_i` asks for the result: 5 cycles after the beat, `valid_o` pulses
// with `state_o` (the register after byte hi_i-1: pass it back as `init_i`
// to resume) and `crc_o` = ~state_o, the CRC value; the four CRC bytes on
// the wire are crc_o[7:0], crc_o[15:8], crc_o[23:16], crc_o[31:24] (RFC
// 3720 B.4: 32 bytes of zeros give crc_o = 32'h8A9136AA, sent aa 36 91 8a).
// `user_i` travels with the piece and comes out with its result.
// `state_o`, `crc_o` and `user_o` change only with `valid_o` and hold their
// value between results.
//
// Arithmetic: the CRC register is linear over GF(2). Let A_n advance the
// register over n zero bytes and B_n = A_n^-1 (A is invertible because the
// polynomial has a constant term). The pipeline keeps a virtual register R
// "at the end of the beat": bytes outside lo..hi-1 are zeroed, leading
// zeros cost nothing when the starting state is moved back to byte 0, and
// trailing zeros are undone at the end:
//   first beat   R = A_(64-lo) init ^ F(beat)
//   next beats   R = A_64 R ^ F(beat)             (the one-cycle loop)
//   same beat    R = R ^ F(beat)                  (same_i)
//   result       state = B_(64-hi) R
// F(beat) = A_48 L0 ^ A_32 L1 ^ A_16 L2 ^ L3, Lk the 128-bit-to-32-bit CRC
// of the 16-byte lane k from a zero register. Every A_n / B_n is a constant
// 32x32 XOR matrix; a variable power is taken two bits of n at a time
// (a 4-way choice of four constant matrices).
//
// Pipeline (latency 5, one beat per cycle, no backpressure):
//   S1  byte mask from lo/hi; the four lane matrices (each output bit an
//       XOR of about 64 of the 128 lane bits: 3 LUT6 levels after the mask);
//       A_(64-lo) init, bits 1:0 and 3:2 of 64-lo
//   S2  lanes combined through A_48, A_32, A_16 (each output an XOR of about
//       64 of the 128 lane-result bits); A_(64-lo) bits 5:4 and 6
//   S3  the loop register R: (first ? Y : same ? R : A_64 R) ^ F, an XOR
//       of about 17 bits and a 3-way choice per output bit
//   S4  B_(64-hi), bits 1:0 and 3:2
//   S5  B_(64-hi), bits 5:4 and 6; state_o (crc_o is its complement),
//       valid_o, user_o
//
// Reset clears the valid flags only. Parameters: UserWidth >= 1.
module wn_crc32c #(
    parameter int UserWidth = 1
) (
    input  logic                 clk_i,
    input  logic                 rst_i,
    input  logic                 valid_i,
    input  logic [511:0]         data_i,
    input  logic [5:0]           lo_i,
    input  logic [6:0]           hi_i,
    input  logic                 first_i,
    input  logic                 same_i,
    input  logic [31:0]          init_i,
    input  logic                 last_i,
    input  logic [UserWidth-1:0] user_i,
    output logic                 valid_o,
    output logic [31:0]          state_o,
    output logic [31:0]          crc_o,
    output logic [UserWidth-1:0] user_o
);
  generate
    if (UserWidth < 1) begin : g_bad_user
      $fatal(1, "wn_crc32c: UserWidth must be >= 1");
    end
  endgenerate

  localparam logic [31:0] Poly = 32'h82F6_3B78;

  // one register step over a zero bit, forward and back
  function automatic logic [31:0] fwd1(input logic [31:0] r);
    fwd1 = r[0] ? ((r >> 1) ^ Poly) : (r >> 1);
  endfunction
  function automatic logic [31:0] bwd1(input logic [31:0] r);
    bwd1 = r[31] ? (((r ^ Poly) << 1) | 32'd1) : (r << 1);
  endfunction

  // A_n (back = 0) or B_n (back = 1) as 32 rows of 32 bits: row i (bits
  // i*32 +: 32) selects the input bits whose XOR is output bit i
  function automatic logic [1023:0] mat(input int nbytes, input logic back);
    logic [31:0] c;
    mat = '0;
    for (int m = 0; m < 32; m++) begin
      c = 32'd1 << m;
      for (int s = 0; s < 8 * nbytes; s++) c = back ? bwd1(c) : fwd1(c);
      for (int i = 0; i < 32; i++) mat[i*32+m] = c[i];
    end
  endfunction

  // the CRC of 16 bytes from a zero register: data bit j (byte j/8, bit
  // j%8) alone leaves Poly advanced by 127 - j bits; row i has 128 bits
  function automatic logic [4095:0] lane_mat(input int nbits);
    logic [31:0] c;
    lane_mat = '0;
    c = Poly;
    for (int j = nbits - 1; j >= 0; j--) begin
      for (int i = 0; i < 32; i++) lane_mat[i*128+j] = c[i];
      c = fwd1(c);
    end
  endfunction

  function automatic logic [31:0] mul(input logic [1023:0] m, input logic [31:0] v);
    for (int i = 0; i < 32; i++) mul[i] = ^(m[i*32 +: 32] & v);
  endfunction

  // the product x * y of two such matrices (column m of the product is x
  // applied to column m of y)
  function automatic logic [1023:0] comp(input logic [1023:0] x, input logic [1023:0] y);
    logic [31:0] c;
    comp = '0;
    for (int m = 0; m < 32; m++) begin
      for (int i = 0; i < 32; i++) c[i] = y[i*32+m];
      c = mul(x, c);
      for (int i = 0; i < 32; i++) comp[i*32+m] = c[i];
    end
  endfunction


  // (built by products: synthesis tools evaluate long constant loops slowly)
  localparam logic [4095:0] LM = lane_mat(128);
  localparam logic [1023:0] A1 = mat(1, 1'b0);
  localparam logic [1023:0] A2 = comp(A1, A1);
  localparam logic [1023:0] A3 = comp(A2, A1);
  localparam logic [1023:0] A4 = comp(A2, A2);
  localparam logic [1023:0] A8 = comp(A4, A4);
  localparam logic [1023:0] A12 = comp(A8, A4);
  localparam logic [1023:0] A16 = comp(A8, A8);
  localparam logic [1023:0] A32 = comp(A16, A16);
  localparam logic [1023:0] A48 = comp(A32, A16);
  localparam logic [1023:0] A64 = comp(A32, A32);
  localparam logic [1023:0] B1 = mat(1, 1'b1);
  localparam logic [1023:0] B2 = comp(B1, B1);
  localparam logic [1023:0] B3 = comp(B2, B1);
  localparam logic [1023:0] B4 = comp(B2, B2);
  localparam logic [1023:0] B8 = comp(B4, B4);
  localparam logic [1023:0] B12 = comp(B8, B4);
  localparam logic [1023:0] B16 = comp(B8, B8);
  localparam logic [1023:0] B32 = comp(B16, B16);
  localparam logic [1023:0] B48 = comp(B32, B16);
  localparam logic [1023:0] B64 = comp(B32, B32);

  // The matrices the pipeline applies, by index into MT. The pipeline's
  // functions take an index rather than a 1024-bit matrix argument, so a
  // simulator copies no matrix per use.
  localparam int IA1 = 0, IA2 = 1, IA3 = 2, IA4 = 3, IA8 = 4, IA12 = 5, IA16 = 6, IA32 = 7,
                 IA48 = 8, IA64 = 9, IB1 = 10, IB2 = 11, IB3 = 12, IB4 = 13, IB8 = 14,
                 IB12 = 15, IB16 = 16, IB32 = 17, IB48 = 18, IB64 = 19;
  localparam logic [20*1024-1:0] MT = {B64, B48, B32, B16, B12, B8, B4, B3, B2, B1,
                                       A64, A48, A32, A16, A12, A8, A4, A3, A2, A1};
  function automatic logic [31:0] lane(input logic [127:0] v);
    for (int i = 0; i < 32; i++) lane[i] = ^(LM[i*128 +: 128] & v);
  endfunction
  function automatic logic [31:0] mulk(input int k, input logic [31:0] v);
    for (int i = 0; i < 32; i++) mulk[i] = ^(MT[k*1024 + i*32 +: 32] & v);
  endfunction

  // a variable power, two bits of the byte count at a time
  function automatic logic [31:0] step2(input logic [1:0] k, input logic [31:0] v,
                                        input int m1, input int m2, input int m3);
    unique case (k)
      2'd0: step2 = v;
      2'd1: step2 = mulk(m1, v);
      2'd2: step2 = mulk(m2, v);
      default: step2 = mulk(m3, v);
    endcase
  endfunction

  // ------------------------------------------------------------------
  // S1: mask, lanes, A_(64-lo) low bits
  // ------------------------------------------------------------------
  // lane k (bytes 16k .. 16k+15 of the beat, in d) with the bytes
  // outside lo .. hi-1 zeroed
  function automatic logic [127:0] lane_bytes(input logic [127:0] d, input logic [5:0] lo,
                                              input logic [6:0] hi, input int k);
    for (int b = 0; b < 16; b++) begin
      lane_bytes[b*8 +: 8] = ((7'(16 * k + b) >= {1'b0, lo}) && (7'(16 * k + b) < hi))
                             ? d[b*8 +: 8] : 8'd0;
    end
  endfunction

  logic [6:0]   adv;  // 64 - lo, 1..64
  assign adv = 7'd64 - {1'b0, lo_i};

  logic                 s1_valid_q, s1_first_q, s1_same_q, s1_last_q;
  logic [127:0]         s1_lanes_q;  // lane k in bits k*32 +: 32
  logic [31:0]          s1_y_q;
  logic [2:0]           s1_adv_q;
  logic [6:0]           s1_back_q;
  logic [UserWidth-1:0] s1_user_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) s1_valid_q <= 1'b0;
    else s1_valid_q <= valid_i;
  end
  // Every stage's payload loads only with its valid (a clock enable), the
  // arithmetic inside the enabled branch: nothing downstream reads a stage
  // whose valid is low, and a simulator then evaluates the matrices only
  // for beats that carry a piece.
  always_ff @(posedge clk_i) begin
    if (valid_i) begin
      for (int k = 0; k < 4; k++) s1_lanes_q[k*32 +: 32] <= lane(lane_bytes(data_i[k*128 +: 128], lo_i, hi_i, k));
      s1_y_q <= step2(adv[3:2], step2(adv[1:0], init_i, IA1, IA2, IA3), IA4, IA8, IA12);
      s1_adv_q <= adv[6:4];
      s1_back_q <= 7'd64 - hi_i;
      s1_first_q <= first_i;
      s1_same_q <= same_i;
      s1_last_q <= last_i;
      s1_user_q <= user_i;
    end
  end

  // ------------------------------------------------------------------
  // S2: lanes combined; A_(64-lo) high bits
  // ------------------------------------------------------------------
  logic                 s2_valid_q, s2_first_q, s2_same_q, s2_last_q;
  logic [31:0]          s2_f_q, s2_y_q;
  logic [6:0]           s2_back_q;
  logic [UserWidth-1:0] s2_user_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) s2_valid_q <= 1'b0;
    else s2_valid_q <= s1_valid_q;
  end
  always_ff @(posedge clk_i) begin
    if (s1_valid_q) begin
      s2_f_q <= mulk(IA48, s1_lanes_q[31:0]) ^ mulk(IA32, s1_lanes_q[63:32])
                ^ mulk(IA16, s1_lanes_q[95:64]) ^ s1_lanes_q[127:96];
      s2_y_q <= s1_adv_q[2] ? mulk(IA64, s1_y_q) : step2(s1_adv_q[1:0], s1_y_q, IA16, IA32, IA48);
      s2_back_q <= s1_back_q;
      s2_first_q <= s1_first_q;
      s2_same_q <= s1_same_q;
      s2_last_q <= s1_last_q;
      s2_user_q <= s1_user_q;
    end
  end

  // ------------------------------------------------------------------
  // S3: the loop
  // ------------------------------------------------------------------
  logic                 s3_valid_q;
  logic [31:0]          r_q;
  logic [6:0]           s3_back_q;
  logic [UserWidth-1:0] s3_user_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) s3_valid_q <= 1'b0;
    else s3_valid_q <= s2_valid_q && s2_last_q;
  end
  always_ff @(posedge clk_i) begin
    if (s2_valid_q) begin
      r_q <= (s2_first_q ? s2_y_q : (s2_same_q ? r_q : mulk(IA64, r_q))) ^ s2_f_q;
      s3_back_q <= s2_back_q;
      s3_user_q <= s2_user_q;
    end
  end

  // ------------------------------------------------------------------
  // S4, S5: B_(64-hi)
  // ------------------------------------------------------------------
  logic                 s4_valid_q;
  logic [31:0]          s4_z_q;
  logic [2:0]           s4_back_q;
  logic [UserWidth-1:0] s4_user_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) s4_valid_q <= 1'b0;
    else s4_valid_q <= s3_valid_q;
  end
  always_ff @(posedge clk_i) begin
    if (s3_valid_q) begin
      s4_z_q <= step2(s3_back_q[3:2], step2(s3_back_q[1:0], r_q, IB1, IB2, IB3), IB4, IB8, IB12);
      s4_back_q <= s3_back_q[6:4];
      s4_user_q <= s3_user_q;
    end
  end

  function automatic logic [31:0] z5(input logic [2:0] back, input logic [31:0] z);
    z5 = back[2] ? mulk(IB64, z) : step2(back[1:0], z, IB16, IB32, IB48);
  endfunction
  always_ff @(posedge clk_i) begin
    if (rst_i) valid_o <= 1'b0;
    else valid_o <= s4_valid_q;
  end
  always_ff @(posedge clk_i) begin
    if (s4_valid_q) begin
      state_o <= z5(s4_back_q, s4_z_q);
      user_o <= s4_user_q;
    end
  end
  assign crc_o = ~state_o;

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (!rst_i && valid_i) begin
      if ({1'b0, lo_i} > hi_i || hi_i > 7'd64)
        $error("wn_crc32c: piece %0d..%0d is not 0 <= lo <= hi <= 64", lo_i, hi_i);
    end
  end
`endif
endmodule
