// The C interface of one Verilated model, compiled once per model by a
// generated <name>_shim.cpp that includes the model header and
// vlb_bridge.h, defines
//   VLB_CLASS  the model class (V<name>),
//   VLB_FN(f)  the prefixed name of C function f (vlb_<name>_f),
// includes the model's port table (VLB_PORT_COUNT, vlb_fill_ports), then
// this file. The model type lives in an anonymous namespace and every C
// function carries the prefix, so the shims of several models link into one
// program.
//
// One model owns one VerilatedContext, one VLB_CLASS and, while a trace is
// open, one FST writer. Calls for one model must not overlap: each makes
// the model's context the calling thread's context first. No function
// throws: C++ exceptions become status codes.
#include "verilated.h"
#include "verilated_fst_c.h"

#include <cstdio>
#include <exception>
#include <memory>
#include <string>

// Whether the next evaluation on this thread may skip the model's
// input-combinational region (see vlrt_ico.cpp). Only evaluations that run
// with the inputs of an earlier, complete evaluation set it.
extern thread_local bool warpnic_vlrt_ico_settled;

namespace {

struct model {
    // Declaration order is destruction order reversed: the trace goes first,
    // then the model, then its context.
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<VLB_CLASS> top;
    std::unique_ptr<VerilatedFstC> tfp;
    // Context time units per half clock period.
    uint64_t half_units = 1;
    // Picoseconds per context time unit, as a ratio (one side is 1).
    uint64_t ps_mul = 1;
    uint64_t ps_div = 1;
    // The falling clock edge of the last tick has not been evaluated yet.
    // The RTL has no falling-edge logic, so that evaluation is folded into
    // the next one (the next eval, or the next tick before its rising edge),
    // which saves one of the three evaluations per simulated cycle.
    bool fall_pending = false;
    vlb_port ports[VLB_PORT_COUNT];
};

void set_err(char* err, size_t errlen, const std::string& msg) {
    if (!err || errlen == 0) return;
    std::snprintf(err, errlen, "%s", msg.c_str());
}

uint64_t pow10(int n) {
    uint64_t v = 1;
    for (int i = 0; i < n; ++i) v *= 10;
    return v;
}

// Status after an evaluation: Verilator's runtime reports $stop, failed
// assertions and $fatal as an error with finish, and $finish as finish alone.
int status(const model* m) {
    if (VL_LIKELY(!m->ctx->gotFinish())) return VLB_OK;
    return m->ctx->gotError() ? VLB_STOPPED : VLB_FINISHED;
}

// Evaluates top; with settled, the inputs (clk_i aside, which no logic reads
// as data) are those of the last evaluation, so logic that depends on them
// alone is already up to date.
inline void eval_settled(VLB_CLASS* top, bool settled) {
    warpnic_vlrt_ico_settled = settled;
    top->eval();
    warpnic_vlrt_ico_settled = false;
}

// Makes m's context the calling thread's context, which Verilator's runtime
// uses for $stop, $finish and random initial values.
void enter(model* m) { Verilated::threadContextp(m->ctx.get()); }

model* cast(void* p) { return static_cast<model*>(p); }
const model* ccast(const void* p) { return static_cast<const model*>(p); }

}  // namespace

extern "C" {

// Creates a model, or returns NULL with a message in err (NUL-terminated).
void* VLB_FN(new)(const vlb_opts* opts, char* err, size_t errlen) {
    try {
        std::unique_ptr<model> m{new model{}};
        m->ctx.reset(new VerilatedContext);
        m->ctx->fatalOnError(false);
        m->ctx->traceEverOn(true);
        m->ctx->randReset(static_cast<int>(opts->init));
        if (opts->init == VLB_INIT_RANDOM) m->ctx->randSeed(static_cast<int>(opts->seed));
        enter(m.get());
        m->top.reset(new VLB_CLASS{m->ctx.get(), "TOP"});
        // The model sets the context's time precision (10^prec seconds).
        const int prec = m->ctx->timeprecision();
        if (prec >= -12) {
            m->ps_mul = pow10(prec + 12);
        } else {
            m->ps_div = pow10(-12 - prec);
        }
        const uint64_t half = opts->half_period_ps * m->ps_div / m->ps_mul;
        m->half_units = half > 0 ? half : 1;
        vlb_fill_ports(m->top.get(), m->ports);
        return m.release();
    } catch (const std::exception& e) {
        set_err(err, errlen, e.what());
    } catch (...) {
        set_err(err, errlen, "unknown C++ exception");
    }
    return nullptr;
}

// Runs final blocks, closes any trace and destroys the model.
void VLB_FN(free)(void* p) {
    model* m = cast(p);
    if (!m) return;
    try {
        enter(m);
        if (m->tfp) m->tfp->close();
        m->top->final();
    } catch (...) {
        // Nothing can be reported from a destructor; free the memory anyway.
    }
    delete m;
}

// Number of entries of the port table.
size_t VLB_FN(port_count)(void) { return VLB_PORT_COUNT; }

// The port table, filled at construction, in the order of ports.inc.
const vlb_port* VLB_FN(ports)(const void* p) { return ccast(p)->ports; }

// Evaluates the model after inputs changed (dumped while tracing).
int VLB_FN(eval)(void* p) {
    model* m = cast(p);
    try {
        enter(m);
        eval_settled(m->top.get(), false);
        m->fall_pending = false;
        if (m->tfp) m->tfp->dump(m->ctx->time());
        return status(m);
    } catch (...) {
        return VLB_EXCEPTION;
    }
}

// Runs up to n clock cycles (rising then falling edge of clk_i, each
// followed by an evaluation and, while tracing, a dump); stores in *done the
// number of rising edges evaluated and stops early on a non-OK status.
// settled: no input changed since the last evaluation.
int VLB_FN(tick)(void* p, uint64_t n, int settled_in, uint64_t* done) {
    model* m = cast(p);
    uint64_t i = 0;
    try {
        enter(m);
        VLB_CLASS* const top = m->top.get();
        VerilatedContext* const ctx = m->ctx.get();
        VerilatedFstC* const tfp = m->tfp.get();
        const uint64_t half = m->half_units;
        bool settled = settled_in != 0;
        for (; i < n; ++i) {
            if (m->fall_pending) {
                // the rising edge must see clk_i low first
                eval_settled(top, settled);
                m->fall_pending = false;
                settled = true;
            }
            top->clk_i = 1;
            ctx->timeInc(half);
            eval_settled(top, settled);
            settled = true;
            if (tfp) tfp->dump(ctx->time());
            if (VL_UNLIKELY(ctx->gotFinish())) {
                *done = i + 1;
                return status(m);
            }
            top->clk_i = 0;
            ctx->timeInc(half);
            if (tfp) {
                eval_settled(top, true);
                tfp->dump(ctx->time());
                if (VL_UNLIKELY(ctx->gotFinish())) {
                    *done = i + 1;
                    return status(m);
                }
            } else {
                m->fall_pending = true;
            }
        }
        *done = n;
        return VLB_OK;
    } catch (...) {
        *done = i;
        return VLB_EXCEPTION;
    }
}

// Opens an FST wave trace (closing any open one); 0 on success, otherwise
// non-zero with a message in err.
int VLB_FN(trace_open)(void* p, const char* path, char* err, size_t errlen) {
    model* m = cast(p);
    try {
        enter(m);
        if (m->tfp) {
            m->tfp->close();
            m->tfp.reset();
        }
        std::unique_ptr<VerilatedFstC> tfp{new VerilatedFstC};
        m->top->trace(tfp.get(), 99);
        tfp->open(path);
        if (!tfp->isOpen()) {
            set_err(err, errlen, "the FST writer cannot create the file");
            return 1;
        }
        // The first dump holds every signal's current value.
        tfp->dump(m->ctx->time());
        m->tfp = std::move(tfp);
        return 0;
    } catch (const std::exception& e) {
        set_err(err, errlen, e.what());
    } catch (...) {
        set_err(err, errlen, "unknown C++ exception");
    }
    return 1;
}

// Flushes and closes the open trace, if any.
void VLB_FN(trace_close)(void* p) {
    model* m = cast(p);
    try {
        enter(m);
        if (m->tfp) m->tfp->close();
    } catch (...) {
        // Closing only flushes and frees; the writer is dropped below.
    }
    m->tfp.reset();
}

// Current simulation time, in picoseconds.
uint64_t VLB_FN(time_ps)(const void* p) {
    const model* m = ccast(p);
    return m->ctx->time() * m->ps_mul / m->ps_div;
}

}  // extern "C"
