// wn_xdma_irq: turns the core's interrupt pulses into the XDMA's user
// interrupt requests (PG195 "User Interrupts", usr_irq_req/usr_irq_ack).
//
// Each `irq_i` bit is a one-cycle request "send MSI-X vector n" in the core
// clock; it crosses to the XDMA clock through wn_cdc_event (events arriving
// during a crossing coalesce, which an interrupt allows). There, bit n
// raises usr_irq_req[n] and holds it until usr_irq_ack[n] (one ack per
// request in MSI and MSI-X mode, PG195 "Interrupt Interface"), then drops
// it for at least one cycle. The XDMA's IRQ block raises an interrupt on a
// rising edge of an enabled request (PG195 "IRQ Block User Interrupt
// Enable Mask"), so a request made while another is held becomes a new edge
// once the first is acknowledged: no request is lost, bursts may merge.
//
// PG195 suggests holding a request until the host has serviced it, so that
// the XDMA driver's handler can find the source in the IRQ block's pending
// register. warpnic's host library does not use that register: the vector
// itself (one per event queue) and the event queue say what happened, so
// the request is dropped on the ack.
// Outside this module the host must, through the XDMA's DMA BAR: set the
// user interrupt enable mask (IRQ Block User Interrupt Enable Mask) and map
// user interrupt n to MSI-X vector n (IRQ Block User Vector Number).
//
// Latency: about 3 XDMA cycles from the pulse to the request.
// Reset: `rst_i` and `pcie_rst_i` from one source (see wn_cdc_event).
// Parameters: NumIrq 1..16 (the XDMA has up to 16 user interrupts).
module wn_xdma_irq #(
    parameter int NumIrq = 4
) (
    input  logic              clk_i,
    input  logic              rst_i,
    input  logic [NumIrq-1:0] irq_i,
    input  logic              pcie_clk_i,
    input  logic              pcie_rst_i,
    output logic [NumIrq-1:0] usr_irq_req_o,
    input  logic [NumIrq-1:0] usr_irq_ack_i
);
  generate
    if (NumIrq < 1 || NumIrq > 16) begin : g_bad_num
      $fatal(1, "wn_xdma_irq: NumIrq must be 1..16");
    end
  endgenerate

  logic [NumIrq-1:0] event_w, req_q, pend_q, raise;

  for (genvar i = 0; i < NumIrq; i++) begin : g_cross
    wn_cdc_event u_event (
        .src_clk_i  (clk_i),
        .src_rst_i  (rst_i),
        .src_event_i(irq_i[i]),
        .dst_clk_i  (pcie_clk_i),
        .dst_rst_i  (pcie_rst_i),
        .dst_event_o(event_w[i])
    );
  end

  // a request rises only from low, so it is low for at least the cycle
  // after its ack
  assign raise = ~req_q & (pend_q | event_w);

  always_ff @(posedge pcie_clk_i) begin
    if (pcie_rst_i) begin
      req_q  <= '0;
      pend_q <= '0;
    end else begin
      req_q  <= (req_q & ~usr_irq_ack_i) | raise;
      pend_q <= (pend_q | event_w) & ~raise;
    end
  end

  assign usr_irq_req_o = req_q;
endmodule
