// wn_mr_table: the memory-region (STag) table and every check a tagged
// access needs: STag validity, protection domain, access rights, base and
// bounds, Tagged Offset wrap, and the translation of the Tagged Offset to a
// host DMA address. Updates: register, deregister, fast-register, local
// and remote invalidation.
//
// STag (RFC 5040 and RFC 5041 glossaries; verbs): {index[23:0], key[7:0]}.
// The table has NumMrs entries; the entry is the low log2(NumMrs) bits of
// the index, and index bits above them must be zero (else INVALID_STAG).
// The key is chosen by the consumer (register, fast-register) and must
// match.
//
// Entry (one block-RAM word of EntW = 134 + PdW + MrLenW bits); the field
// layout is local to this module until the engine that shares it moves it
// into abi/. Bits with the defaults (PdW 16, MrLenW 40, 198 bits):
//
//   bits       field
//   [1:0]      state: 0 FREE (no region), 1 INVALID, 2 VALID
//   [9:2]      key
//   [25:10]    protection domain (PdW bits from bit 10)
//   [29:26]    flags (4 bits from AccLsb = 10 + PdW): 0 LOCAL_WRITE,
//              1 REMOTE_READ, 2 REMOTE_WRITE, 3 FR (a fast-register
//              region: fast-register, local and remote invalidation
//              allowed)
//   [93:30]    base: Tagged Offset of the first byte (VA)
//   [133:94]   length in bytes (MrLenW bits: up to 1 TiB - 1)
//   [197:134]  host DMA address (IOVA) of the first byte; a region is one
//              contiguous IOVA range
// A second RAM holds a copy of {FR, PD, key, state} (11 + PdW bits) for
// the update path's read, so that updates never take a cycle from checks.
//
// Check: request {stag, to, len, pd of the stream's QP, required rights
// (bit 0 LOCAL_WRITE, 1 REMOTE_READ, 2 REMOTE_WRITE; the bits the access
// needs, zero for a local read)}; response {ok, err, host address =
// iova + (to - base)} exactly 3 cycles after the request is accepted, in
// order, one per cycle. `chk_ready_o` is low only while the table is
// cleared after reset. A zero-length check is always ok: RFC 5041 §7
// validates non-zero-length tagged segments only, and zero-length RDMA
// Writes and Reads (e.g. the MPA v2 RTR messages, RFC 6581) carry STags
// nobody registered. Otherwise the first failing check, in this order
// (RFC 5041 §7's list: STag valid for this stream, then a buffer that
// allows the placement, then the offsets; Linux siw's siw_check_mem in the
// same order):
//   1 INVALID_STAG    index out of range, entry not VALID, key mismatch
//   2 STAG_NOT_ASSOC  the entry's PD is not the QP's (RFC 5040 §8.1.1:
//                     a stream cannot use an STag of another PD)
//   3 ACCESS_RIGHTS   a required right is missing
//   4 BASE_BOUNDS     to < base
//   5 TO_WRAP         to + len wraps past 2^64 (reported before the upper
//                     bound, which such an access also violates, because
//                     RFC 5041 §7 and RFC 5040 give wrap its own code)
//   4 BASE_BOUNDS     to + len > base + length
// The caller turns the class into the Terminate of the layer that
// checked: DDP tagged buffer (RFC 5041 §7) for placement, RDMAP remote
// protection (RFC 5040 §7) for a READ request's source; DDP has no
// access-rights code, so ACCESS_RIGHTS is always RDMAP 0x1/0x02.
//
// Updates: two request ports, the control plane / work-request engine
// (`ctl_*`) and the receive path's Send with Invalidate (`rinv_*`),
// round-robin when both are valid; one update accepted per cycle, its
// status registered 2 cycles later on the port's done output. Update ops
// (ctl_op_i):
//   0 REG       write the whole entry: state VALID, or INVALID when FR is
//               set (a region allocated for fast-register)
//   1 DEREG     state FREE (fields cleared)
//   2 FAST_REG  an entry of the QP's PD with FR set, in state INVALID:
//               new key (from the STag), rights, base, length, IOVA; VALID
//   3 LOCAL_INV key must match, QP's PD, FR set: state INVALID (also
//               from INVALID: verbs allow invalidating an invalid STag)
// A remote invalidation is LOCAL_INV with the stream's PD.
// Status: 0 OK, 1 BAD_STAG (index out of range, FREE entry, key mismatch
// for invalidations), 2 PD_MISMATCH, 3 NOT_ALLOWED (not an FR region),
// 4 STATE (fast-register of a VALID entry), 5 BAD_ARG (length of
// MrLenW bits or more, base + length past 2^64, REMOTE_WRITE without
// LOCAL_WRITE). For a failed remote invalidation the receive path sends
// RDMAP "STag cannot be invalidated" (0x09), etype remote protection for
// PD_MISMATCH, remote operation otherwise (as Linux siw does).
//
// Ordering: an entry is read and written whole in one clock edge, so a
// check never sees half an update and nothing is forwarded to or stalled
// in the check path. An update's write takes effect at the edge before its
// done cycle: a check accepted in or after the done cycle sees it, one
// accepted earlier sees the entry before it (and is answered at most 2
// cycles after the done cycle). Back-to-back updates of one entry see each
// other through a one-entry bypass of the last write.
//
// Reset clears control state and then every entry to FREE, one per cycle
// (NumMrs cycles, every ready output low meanwhile).
// Parameters: NumMrs a power of two, 16..2^24; PdW 1..32; MrLenW 32..64.
module wn_mr_table #(
    parameter int NumMrs = 4096,
    parameter int PdW = 16,
    parameter int MrLenW = 40,
    localparam int IdxW = $clog2(NumMrs)
) (
    input  logic           clk_i,
    input  logic           rst_i,
    // checks
    input  logic           chk_valid_i,
    output logic           chk_ready_o,
    input  logic [31:0]    chk_stag_i,
    input  logic [63:0]    chk_to_i,
    input  logic [31:0]    chk_len_i,
    input  logic [PdW-1:0] chk_pd_i,
    input  logic [2:0]     chk_access_i,
    output logic           chk_rsp_valid_o,
    output logic           chk_rsp_ok_o,
    output logic [2:0]     chk_rsp_err_o,
    output logic [63:0]    chk_rsp_addr_o,
    // control plane and work-request updates
    input  logic           ctl_valid_i,
    output logic           ctl_ready_o,
    input  logic [1:0]     ctl_op_i,
    input  logic [31:0]    ctl_stag_i,
    input  logic [PdW-1:0] ctl_pd_i,
    input  logic [3:0]     ctl_access_i,
    input  logic [63:0]    ctl_base_i,
    input  logic [63:0]    ctl_len_i,
    input  logic [63:0]    ctl_iova_i,
    output logic           ctl_done_o,
    output logic [2:0]     ctl_status_o,
    // remote invalidation (Send with Invalidate)
    input  logic           rinv_valid_i,
    output logic           rinv_ready_o,
    input  logic [31:0]    rinv_stag_i,
    input  logic [PdW-1:0] rinv_pd_i,
    output logic           rinv_done_o,
    output logic [2:0]     rinv_status_o
);
  // ---- entry layout
  localparam int StLsb = 0;
  localparam int KeyLsb = 2;
  localparam int PdLsb = 10;
  localparam int AccLsb = PdLsb + PdW;
  localparam int BaseLsb = AccLsb + 4;
  localparam int LenLsb = BaseLsb + 64;
  localparam int IovaLsb = LenLsb + MrLenW;
  localparam int EntW = IovaLsb + 64;
  localparam int MetaW = AccLsb + 1;  // {FR, PD, key, state}: FR at bit AccLsb
  localparam int AccLw = 0;
  localparam int AccRw = 2;
  localparam int AccFr = 3;

  localparam logic [1:0] StFree = 2'd0;
  localparam logic [1:0] StInvalid = 2'd1;
  localparam logic [1:0] StValid = 2'd2;

  // check error classes
  localparam logic [2:0] ErrOk = 3'd0;
  localparam logic [2:0] ErrInvalidStag = 3'd1;
  localparam logic [2:0] ErrNotAssoc = 3'd2;
  localparam logic [2:0] ErrAccess = 3'd3;
  localparam logic [2:0] ErrBounds = 3'd4;
  localparam logic [2:0] ErrWrap = 3'd5;

  // update ops and status
  localparam logic [1:0] OpReg = 2'd0;
  localparam logic [1:0] OpDereg = 2'd1;
  localparam logic [1:0] OpFastReg = 2'd2;
  localparam logic [1:0] OpLocalInv = 2'd3;
  localparam logic [2:0] UpOk = 3'd0;
  localparam logic [2:0] UpBadStag = 3'd1;
  localparam logic [2:0] UpPd = 3'd2;
  localparam logic [2:0] UpNotAllowed = 3'd3;
  localparam logic [2:0] UpState = 3'd4;
  localparam logic [2:0] UpBadArg = 3'd5;

  generate
    if (NumMrs < 16 || NumMrs > (1 << 24) || (1 << IdxW) != NumMrs) begin : g_bad_n
      $fatal(1, "wn_mr_table: NumMrs must be a power of two in 16..2^24");
    end
    if (PdW < 1 || PdW > 32) begin : g_bad_pd
      $fatal(1, "wn_mr_table: PdW must be 1..32");
    end
    if (MrLenW < 32 || MrLenW > 64) begin : g_bad_len
      $fatal(1, "wn_mr_table: MrLenW must be 32..64");
    end
  endgenerate

  // ---- storage: the entries, and the copy of their {FR, PD, key, state}
  logic [EntW-1:0]  mem_q  [NumMrs];
  logic [MetaW-1:0] meta_q [NumMrs];

  // ---- clear after reset
  logic            clr_q;
  logic [IdxW-1:0] clr_idx_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      clr_q <= 1'b1;
      clr_idx_q <= '0;
    end else if (clr_q) begin
      clr_idx_q <= clr_idx_q + 1'b1;
      if (clr_idx_q == IdxW'(NumMrs - 1)) clr_q <= 1'b0;
    end
  end

  // index bits above the table must be zero
  function automatic logic idx_fits(input logic [31:0] stag);
    idx_fits = (stag >> (8 + IdxW)) == 32'd0;
  endfunction

  // =====================================================================
  // check pipeline: s0 request and RAM read, s1 entry compares, s2 upper
  // bound and address, registered response
  // =====================================================================
  logic chk_fire;
  assign chk_ready_o = !clr_q;
  assign chk_fire = chk_valid_i && chk_ready_o;

  logic [EntW-1:0] e_q;
  always_ff @(posedge clk_i) begin
    e_q <= mem_q[chk_stag_i[8 +: IdxW]];
  end

  logic           s1_v_q, s1_fits_q, s1_zero_q;
  logic [7:0]     s1_key_q;
  logic [63:0]    s1_to_q;
  logic [31:0]    s1_len_q;
  logic [PdW-1:0] s1_pd_q;
  logic [2:0]     s1_acc_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) s1_v_q <= 1'b0;
    else s1_v_q <= chk_fire;
  end
  always_ff @(posedge clk_i) begin
    if (chk_fire) begin
      s1_fits_q <= idx_fits(chk_stag_i);
      s1_zero_q <= chk_len_i == 32'd0;
      s1_key_q <= chk_stag_i[7:0];
      s1_to_q <= chk_to_i;
      s1_len_q <= chk_len_i;
      s1_pd_q <= chk_pd_i;
      s1_acc_q <= chk_access_i;
    end
  end

  // s1: the checks on the entry, in order; the low bound and the wrap
  logic [64:0] s1_off, s1_sum;
  logic [2:0]  s1_err;
  assign s1_off = {1'b0, s1_to_q} - {1'b0, e_q[BaseLsb +: 64]};
  assign s1_sum = {1'b0, s1_to_q} + {33'd0, s1_len_q};
  always_comb begin
    s1_err = ErrOk;
    if (!s1_fits_q || e_q[StLsb +: 2] != StValid || e_q[KeyLsb +: 8] != s1_key_q) begin
      s1_err = ErrInvalidStag;
    end else if (e_q[PdLsb +: PdW] != s1_pd_q) begin
      s1_err = ErrNotAssoc;
    end else if ((s1_acc_q & ~e_q[AccLsb +: 3]) != 3'd0) begin
      s1_err = ErrAccess;
    end else if (s1_off[64]) begin
      s1_err = ErrBounds;
    end else if (s1_sum[64]) begin
      s1_err = ErrWrap;
    end
  end

  logic              s2_v_q, s2_zero_q;
  logic [2:0]        s2_err_q;
  logic [63:0]       s2_off_q, s2_iova_q;
  logic [31:0]       s2_len_q;
  logic [MrLenW-1:0] s2_mrlen_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) s2_v_q <= 1'b0;
    else s2_v_q <= s1_v_q;
  end
  always_ff @(posedge clk_i) begin
    if (s1_v_q) begin
      s2_zero_q <= s1_zero_q;
      s2_err_q <= s1_err;
      s2_off_q <= s1_off[63:0];
      s2_iova_q <= e_q[IovaLsb +: 64];
      s2_len_q <= s1_len_q;
      s2_mrlen_q <= e_q[LenLsb +: MrLenW];
    end
  end

  // s2: off + len <= length, with off below 2^MrLenW
  logic [MrLenW:0] s2_end;
  logic            s2_over;
  logic [2:0]      s2_err;
  assign s2_end = {1'b0, s2_off_q[MrLenW-1:0]} + (MrLenW + 1)'(s2_len_q);
  assign s2_over = ((s2_off_q >> MrLenW) != 64'd0) || (s2_end > {1'b0, s2_mrlen_q});
  always_comb begin
    s2_err = s2_err_q;
    if (s2_zero_q) s2_err = ErrOk;
    else if (s2_err_q == ErrOk && s2_over) s2_err = ErrBounds;
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) chk_rsp_valid_o <= 1'b0;
    else chk_rsp_valid_o <= s2_v_q;
  end
  always_ff @(posedge clk_i) begin
    if (s2_v_q) begin
      chk_rsp_ok_o <= s2_err == ErrOk;
      chk_rsp_err_o <= s2_err;
      chk_rsp_addr_o <= s2_iova_q + s2_off_q;
    end
  end

  // =====================================================================
  // update pipeline: u0 arbitration and meta read, u1 decision and write,
  // registered done
  // =====================================================================
  logic prio_rinv_q;
  logic ctl_fire, rinv_fire, u0_fire;
  assign ctl_ready_o = !clr_q && (!rinv_valid_i || !prio_rinv_q);
  assign rinv_ready_o = !clr_q && (!ctl_valid_i || prio_rinv_q);
  assign ctl_fire = ctl_valid_i && ctl_ready_o;
  assign rinv_fire = rinv_valid_i && rinv_ready_o;
  assign u0_fire = ctl_fire || rinv_fire;
  always_ff @(posedge clk_i) begin
    if (rst_i) prio_rinv_q <= 1'b0;
    else if (ctl_fire) prio_rinv_q <= 1'b1;
    else if (rinv_fire) prio_rinv_q <= 1'b0;
  end

  logic [31:0]    u0_stag;
  assign u0_stag = rinv_fire ? rinv_stag_i : ctl_stag_i;

  logic [MetaW-1:0] m_rd_q;
  always_ff @(posedge clk_i) begin
    m_rd_q <= meta_q[u0_stag[8 +: IdxW]];
  end

  logic             u1_v_q, u1_rinv_q, u1_fits_q;
  logic [1:0]       u1_op_q;
  logic [IdxW-1:0]  u1_idx_q;
  logic [7:0]       u1_key_q;
  logic [PdW-1:0]   u1_pd_q;
  logic [3:0]       u1_acc_q;
  logic [63:0]      u1_base_q, u1_len_q, u1_iova_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) u1_v_q <= 1'b0;
    else u1_v_q <= u0_fire;
  end
  always_ff @(posedge clk_i) begin
    if (u0_fire) begin
      u1_rinv_q <= rinv_fire;
      u1_op_q <= rinv_fire ? OpLocalInv : ctl_op_i;
      u1_fits_q <= idx_fits(u0_stag);
      u1_idx_q <= u0_stag[8 +: IdxW];
      u1_key_q <= u0_stag[7:0];
      u1_pd_q <= rinv_fire ? rinv_pd_i : ctl_pd_i;
      u1_acc_q <= ctl_access_i;
      u1_base_q <= ctl_base_i;
      u1_len_q <= ctl_len_i;
      u1_iova_q <= ctl_iova_i;
    end
  end

  // the last write, for an update of the same entry accepted in the cycle
  // of that write (its RAM read saw the entry before it)
  logic             byp_v_q;
  logic [IdxW-1:0]  byp_idx_q;
  logic [MetaW-1:0] byp_meta_q;
  logic [MetaW-1:0] m;
  assign m = (byp_v_q && byp_idx_q == u1_idx_q) ? byp_meta_q : m_rd_q;

  logic [1:0]     m_state;
  logic [7:0]     m_key;
  logic [PdW-1:0] m_pd;
  logic           m_fr;
  assign m_state = m[StLsb +: 2];
  assign m_key = m[KeyLsb +: 8];
  assign m_pd = m[PdLsb +: PdW];
  assign m_fr = m[AccLsb];

  // arguments of REG and FAST_REG: a length the entry holds, a region
  // below 2^64, and REMOTE_WRITE only with LOCAL_WRITE (verbs)
  logic [64:0] u1_end;
  logic        u1_arg_ok;
  assign u1_end = {1'b0, u1_base_q} + {1'b0, u1_len_q};
  assign u1_arg_ok = ((u1_len_q >> MrLenW) == 64'd0) && !u1_end[64]
      && !(u1_acc_q[AccRw] && !u1_acc_q[AccLw]);

  logic            u1_we;
  logic [2:0]      u1_status;
  logic [1:0]      w_state;
  logic [7:0]      w_key;
  logic [PdW-1:0]  w_pd;
  logic [3:0]      w_acc;
  logic            w_fields;  // base, length and IOVA from the request
  always_comb begin
    u1_we = 1'b0;
    u1_status = UpOk;
    w_state = StFree;
    w_key = u1_key_q;
    w_pd = u1_pd_q;
    w_acc = u1_acc_q;
    w_fields = 1'b0;
    unique case (u1_op_q)
      OpReg: begin
        if (!u1_fits_q) u1_status = UpBadStag;
        else if (!u1_arg_ok) u1_status = UpBadArg;
        else begin
          u1_we = 1'b1;
          w_state = u1_acc_q[AccFr] ? StInvalid : StValid;
          w_fields = 1'b1;
        end
      end
      OpDereg: begin
        if (!u1_fits_q) u1_status = UpBadStag;
        else begin
          u1_we = 1'b1;
          w_state = StFree;
          w_key = 8'd0;
          w_pd = '0;
          w_acc = 4'd0;
        end
      end
      OpFastReg: begin
        if (!u1_fits_q || m_state == StFree) u1_status = UpBadStag;
        else if (m_pd != u1_pd_q) u1_status = UpPd;
        else if (!m_fr) u1_status = UpNotAllowed;
        else if (m_state == StValid) u1_status = UpState;
        else if (!u1_arg_ok) u1_status = UpBadArg;
        else begin
          u1_we = 1'b1;
          w_state = StValid;
          w_acc = {1'b1, u1_acc_q[2:0]};
          w_fields = 1'b1;
        end
      end
      OpLocalInv: begin
        if (!u1_fits_q || m_state == StFree || m_key != u1_key_q) u1_status = UpBadStag;
        else if (m_pd != u1_pd_q) u1_status = UpPd;
        else if (!m_fr) u1_status = UpNotAllowed;
        else begin
          u1_we = 1'b1;
          w_state = StInvalid;
          w_acc = 4'b1000;
        end
      end
      default: u1_status = UpBadArg;
    endcase
    if (!u1_v_q) u1_we = 1'b0;
  end

  // ---- the write port: the clear sweep, or an update
  logic [EntW-1:0]  w_ent;
  logic [MetaW-1:0] w_meta;
  logic             mem_we;
  logic [IdxW-1:0]  mem_wa;
  always_comb begin
    w_ent = '0;
    w_ent[StLsb +: 2] = w_state;
    w_ent[KeyLsb +: 8] = w_key;
    w_ent[PdLsb +: PdW] = w_pd;
    w_ent[AccLsb +: 4] = w_acc;
    if (w_fields) begin
      w_ent[BaseLsb +: 64] = u1_base_q;
      w_ent[LenLsb +: MrLenW] = u1_len_q[MrLenW-1:0];
      w_ent[IovaLsb +: 64] = u1_iova_q;
    end
    w_meta = {w_acc[AccFr], w_ent[AccLsb-1:0]};
    mem_we = u1_we;
    mem_wa = u1_idx_q;
    if (clr_q) begin
      w_ent = '0;
      w_meta = '0;
      mem_we = 1'b1;
      mem_wa = clr_idx_q;
    end
  end

  always_ff @(posedge clk_i) begin
    if (mem_we) begin
      mem_q[mem_wa] <= w_ent;
      meta_q[mem_wa] <= w_meta;
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) byp_v_q <= 1'b0;
    else byp_v_q <= u1_we && !clr_q;
  end
  always_ff @(posedge clk_i) begin
    byp_idx_q <= u1_idx_q;
    byp_meta_q <= w_meta;
  end

  // ---- status, two cycles after acceptance
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      ctl_done_o <= 1'b0;
      rinv_done_o <= 1'b0;
    end else begin
      ctl_done_o <= u1_v_q && !u1_rinv_q;
      rinv_done_o <= u1_v_q && u1_rinv_q;
    end
  end
  always_ff @(posedge clk_i) begin
    if (u1_v_q) begin
      ctl_status_o <= u1_status;
      rinv_status_o <= u1_status;
    end
  end

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (!rst_i) begin
      assert (!(ctl_fire && rinv_fire)) else $error("wn_mr_table: two updates granted at once");
      assert (!(clr_q && (u0_fire || chk_fire))) else $error("wn_mr_table: request taken while clearing");
    end
  end
`endif

  logic unused;
  assign unused = ^{e_q[AccLsb+AccFr], s1_sum[63:0], u1_end[63:0]};
endmodule
