// The flag by which the bridge lets a Verilated model skip its
// input-combinational region.
//
// Verilator 5 computes the logic that depends combinationally on a model's
// inputs (its "ico" region) at the start of every evaluation, whether the
// inputs changed or not. The bridge evaluates twice per clock cycle: after
// setting the inputs, and at the rising edge with the same inputs. The
// second computation repeats the first: the registers have not changed in
// between, and logic that depends on them as well is computed again after
// the edge, in the clocked region. warpnic-vlbuild makes each model's ico
// trigger test this flag, and the shim sets it around evaluations whose
// inputs are those of the evaluation before.
#include "verilated.h"

thread_local bool warpnic_vlrt_ico_settled = false;
