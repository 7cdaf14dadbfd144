//! warpnic-sim.
