// wn_tcp_cpl_io: the CPL messages of the TCP engine (wn_tcp_engine) to
// and from the firmware port (wn_fw_port), one message at a time each way.
//
// Frame format (both ways): 32-bit words, the firmware port's framing:
//
//   word  bits    field
//   0     7:0     FwMsgHdr opcode (FW_OPCODE_CPL)
//   0     31:24   FwMsgHdr length: the words that follow, plus one
//   1     7:0     CPL opcode
//   1     15:8    CPL flags
//   1     31:16   CPL length in bytes, this header (8 bytes) included
//   2     31:0    CPL id (tid, atid or stid)
//   3..   the body, byte 0 in bits 7:0 (docs/cpl.md)
//
// In: the words of one message are held (the CPL header and at most 40
// body bytes, the largest body the engine takes, ACT_OPEN_REQ's) until the
// FSM says msg_done_i; s_cpl_tready_o is low meanwhile. msg_bad_o flags a
// message the engine cannot take: an unknown opcode, a FwMsgHdr length
// that disagrees with the words, a message longer than 12 words, or a CPL
// length other than its opcode's (the FSM answers BAD_LENGTH where the
// opcode has a reply: has_rpl_o, rpl_op_o, rpl_words_o).
//
// Out: out_load_i (while !out_busy_o) takes an opcode, an id and a body of
// out_words_i words; they leave one word per cycle under m_cpl_tready_i,
// the FwMsgHdr and CPL headers built here.
//
// Reset clears both directions (a message half received is lost).
module wn_tcp_cpl_io (
    input  logic         clk_i,
    input  logic         rst_i,
    // CPL messages from the control plane
    input  logic [31:0]  s_cpl_tdata_i,
    input  logic         s_cpl_tlast_i,
    input  logic         s_cpl_tvalid_i,
    output logic         s_cpl_tready_o,
    // CPL messages to the control plane
    output logic [31:0]  m_cpl_tdata_o,
    output logic         m_cpl_tlast_o,
    output logic         m_cpl_tvalid_o,
    input  logic         m_cpl_tready_i,
    // the message received
    output logic         msg_valid_o,
    input  logic         msg_done_i,
    output logic [7:0]   op_o,
    output logic [7:0]   flags_o,
    output logic [31:0]  id_o,
    output logic [319:0] body_o,
    output logic         msg_bad_o,
    output logic         has_rpl_o,
    output logic [7:0]   rpl_op_o,
    output logic [3:0]   rpl_words_o,
    // the message to send
    input  logic         out_load_i,
    input  logic [7:0]   out_op_i,
    input  logic [31:0]  out_id_i,
    input  logic [3:0]   out_words_i,
    input  logic [319:0] out_body_i,
    output logic         out_busy_o
);
  localparam int MsgWords = 12;  // CPL header and the largest body taken

  // ------------------------------------------------------------------
  // in: one message at a time
  logic [MsgWords*32-1:0] in_q;
  logic [7:0]  in_words_q;   // words after the FwMsgHdr word
  logic [7:0]  in_hdr_len_q; // FwMsgHdr len
  logic        in_first_q, in_full_q, in_take;
  assign s_cpl_tready_o = !in_full_q;
  assign in_take = s_cpl_tvalid_i && !in_full_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      in_first_q <= 1'b1;
      in_full_q <= 1'b0;
      in_words_q <= 8'd0;
      in_hdr_len_q <= 8'd0;
    end else begin
      if (in_take) begin
        in_first_q <= s_cpl_tlast_i;
        if (in_first_q) begin
          in_hdr_len_q <= s_cpl_tdata_i[31:24];
          in_words_q <= 8'd0;
        end else begin
          if (in_words_q < 8'(MsgWords)) in_q[32*in_words_q[3:0] +: 32] <= s_cpl_tdata_i;
          if (in_words_q != 8'hff) in_words_q <= in_words_q + 8'd1;
        end
        if (s_cpl_tlast_i) in_full_q <= 1'b1;
      end
      if (msg_done_i) in_full_q <= 1'b0;
    end
  end
  logic [15:0] c_len;
  assign msg_valid_o = in_full_q;
  assign op_o = in_q[7:0];
  assign flags_o = in_q[15:8];
  assign c_len = in_q[31:16];
  assign id_o = in_q[63:32];
  assign body_o = in_q[383:64];

  // the length each CP->HW opcode must have (bytes, header included)
  logic [15:0] want_len;
  logic        op_known, words_ok;
  always_comb begin
    want_len = 16'd8;
    op_known = 1'b1;
    has_rpl_o = 1'b1;
    unique case (op_o)
      8'(wn_abi_pkg::CPL_OPCODE_ACT_OPEN_REQ): want_len = 16'(8 + wn_abi_pkg::CPL_ACT_OPEN_REQ_SIZE);
      8'(wn_abi_pkg::CPL_OPCODE_PASS_OPEN_REQ): want_len = 16'(8 + wn_abi_pkg::CPL_PASS_OPEN_REQ_SIZE);
      8'(wn_abi_pkg::CPL_OPCODE_PASS_ACCEPT_RPL): begin
        want_len = 16'(8 + wn_abi_pkg::CPL_PASS_ACCEPT_RPL_SIZE);
        has_rpl_o = 1'b0;
      end
      8'(wn_abi_pkg::CPL_OPCODE_CLOSE_LISTSRV_REQ): want_len = 16'd8;
      8'(wn_abi_pkg::CPL_OPCODE_CLOSE_CON_REQ): want_len = 16'd8;
      8'(wn_abi_pkg::CPL_OPCODE_ABORT_REQ): want_len = 16'(8 + wn_abi_pkg::CPL_ABORT_REQ_SIZE);
      8'(wn_abi_pkg::CPL_OPCODE_ABORT_RPL): begin
        want_len = 16'(8 + wn_abi_pkg::CPL_ABORT_RPL_SIZE);
        has_rpl_o = 1'b0;
      end
      8'(wn_abi_pkg::CPL_OPCODE_SET_TCB_FIELD): want_len = 16'(8 + wn_abi_pkg::CPL_SET_TCB_FIELD_SIZE);
      default: begin
        op_known = 1'b0;
        has_rpl_o = 1'b0;
      end
    endcase
  end
  // the reply opcode of each request, and its body words
  always_comb begin
    unique case (op_o)
      8'(wn_abi_pkg::CPL_OPCODE_ACT_OPEN_REQ): rpl_op_o = 8'(wn_abi_pkg::CPL_OPCODE_ACT_OPEN_RPL);
      8'(wn_abi_pkg::CPL_OPCODE_PASS_OPEN_REQ): rpl_op_o = 8'(wn_abi_pkg::CPL_OPCODE_PASS_OPEN_RPL);
      8'(wn_abi_pkg::CPL_OPCODE_CLOSE_LISTSRV_REQ): rpl_op_o = 8'(wn_abi_pkg::CPL_OPCODE_CLOSE_LISTSRV_RPL);
      8'(wn_abi_pkg::CPL_OPCODE_CLOSE_CON_REQ): rpl_op_o = 8'(wn_abi_pkg::CPL_OPCODE_CLOSE_CON_RPL);
      8'(wn_abi_pkg::CPL_OPCODE_ABORT_REQ): rpl_op_o = 8'(wn_abi_pkg::CPL_OPCODE_ABORT_RPL);
      default: rpl_op_o = 8'(wn_abi_pkg::CPL_OPCODE_SET_TCB_RPL);
    endcase
  end
  assign rpl_words_o = (op_o == 8'(wn_abi_pkg::CPL_OPCODE_SET_TCB_FIELD) ||
                        op_o == 8'(wn_abi_pkg::CPL_OPCODE_CLOSE_CON_REQ)) ? 4'd4 : 4'd2;
  assign words_ok = (in_hdr_len_q == in_words_q + 8'd1) && in_words_q <= 8'(MsgWords) &&
                    {6'd0, in_words_q, 2'd0} == c_len;
  assign msg_bad_o = !words_ok || !op_known || c_len != want_len;

  // ------------------------------------------------------------------
  // out: one message at a time (FwMsgHdr, CPL header, body)
  logic [(MsgWords+1)*32-1:0] out_q;
  logic [3:0]  out_n_q, out_i_q;
  logic        out_busy_q;
  assign out_busy_o = out_busy_q;
  assign m_cpl_tvalid_o = out_busy_q;
  assign m_cpl_tdata_o = out_q[32*out_i_q +: 32];
  assign m_cpl_tlast_o = out_i_q == out_n_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      out_busy_q <= 1'b0;
      out_i_q <= 4'd0;
      out_n_q <= 4'd0;
    end else if (out_load_i) begin
      out_busy_q <= 1'b1;
      out_i_q <= 4'd0;
      out_n_q <= out_words_i + 4'd2;
      out_q <= {out_body_i, out_id_i, 16'({out_words_i, 2'd0}) + 16'd8, 8'd0, out_op_i,
                {4'd0, out_words_i + 4'd3}, 8'd0, 8'd0, 8'(wn_abi_pkg::FW_OPCODE_CPL)};
    end else if (out_busy_q && m_cpl_tready_i) begin
      out_i_q <= out_i_q + 4'd1;
      if (out_i_q == out_n_q) out_busy_q <= 1'b0;
    end
  end
endmodule
