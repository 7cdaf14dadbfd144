// wn_reset_sync: reset synchronizer, asynchronous assertion and synchronous
// release.
//
// `rst_o` rises as soon as `arst_i` rises, even while `clk_i` is stopped,
// and falls `Stages` cycles of `clk_i` after `arst_i` has fallen, aligned to
// `clk_i`. Everything downstream uses `rst_o` as an ordinary synchronous,
// active-high reset (house style); this module is the one place where an
// asynchronous reset pin is used, because the source (an MMCM lock, the
// PCIe user reset) belongs to no clock of the receiving domain.
//
// The constraints (constraints/<board>/cdc.tcl) put a false path on the
// asynchronous preset pins of the chain; the release travels through the
// chain inside the domain and is timed normally.
// Parameters: Stages >= 2.
module wn_reset_sync #(
    parameter int Stages = 3
) (
    input  logic clk_i,
    input  logic arst_i,
    output logic rst_o
);
  generate
    if (Stages < 2) begin : g_bad_stages
      $fatal(1, "wn_reset_sync: Stages must be >= 2");
    end
  endgenerate

  (* ASYNC_REG = "TRUE" *) logic [Stages-1:0] sync_q;

  always_ff @(posedge clk_i or posedge arst_i) begin
    if (arst_i) sync_q <= '1;
    else sync_q <= {sync_q[Stages-2:0], 1'b0};
  end

  assign rst_o = sync_q[Stages-1];
endmodule
