// The C interface of one Verilated module test top, compiled once per top by
// a generated <name>_shim.cpp that first defines
//   MT_CLASS  the model class (V<name>),
//   MT_FN(f)  the prefixed name of C function f (mt_<name>_f),
// includes the model header, mt_shim_pre.h and the top's port table
// (MT_PORT_COUNT, mt_fill_ports). The model type lives in an anonymous
// namespace and every C function carries the prefix, so the shims of all
// tops link into one program.
//
// One model owns one VerilatedContext, one MT_CLASS and, while a trace is
// open, one FST writer. Every call for a model must come from the thread that
// created it. No function throws: C++ exceptions become status codes.
#include "verilated.h"
#include "verilated_fst_c.h"

#include <cstdio>
#include <exception>
#include <memory>
#include <string>

namespace {

struct model {
    // Declaration order is destruction order reversed: the trace goes first,
    // then the model, then its context.
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<MT_CLASS> top;
    std::unique_ptr<VerilatedFstC> tfp;
    // Context time units per half clock period.
    uint64_t half_units = 1;
    mt_port_entry ports[MT_PORT_COUNT];
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
    if (VL_LIKELY(!m->ctx->gotFinish())) return MT_OK;
    return m->ctx->gotError() ? MT_STOPPED : MT_FINISHED;
}

// Makes m's context the calling thread's context, which Verilator's runtime
// uses for $stop, $finish and random initial values.
void enter(model* m) { Verilated::threadContextp(m->ctx.get()); }

model* cast(void* p) { return static_cast<model*>(p); }
const model* ccast(const void* p) { return static_cast<const model*>(p); }

}  // namespace

extern "C" {

void* MT_FN(new)(const mt_opts* opts, char* err, size_t errlen) {
    try {
        std::unique_ptr<model> m{new model{}};
        m->ctx.reset(new VerilatedContext);
        m->ctx->fatalOnError(false);
        m->ctx->traceEverOn(true);
        m->ctx->randReset(static_cast<int>(opts->init));
        if (opts->init == MT_INIT_RANDOM) m->ctx->randSeed(static_cast<int>(opts->seed));
        enter(m.get());
        m->top.reset(new MT_CLASS{m->ctx.get(), "TOP"});
        // The model sets the context's time precision (10^prec seconds).
        const int prec = m->ctx->timeprecision();
        uint64_t half = opts->half_period_ps;
        if (prec >= -12) {
            half /= pow10(prec + 12);
        } else {
            half *= pow10(-12 - prec);
        }
        m->half_units = half > 0 ? half : 1;
        mt_fill_ports(m->top.get(), m->ports);
        return m.release();
    } catch (const std::exception& e) {
        set_err(err, errlen, e.what());
    } catch (...) {
        set_err(err, errlen, "unknown C++ exception");
    }
    return nullptr;
}

void MT_FN(free)(void* p) {
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

size_t MT_FN(port_count)(void) { return MT_PORT_COUNT; }

const mt_port_entry* MT_FN(ports)(const void* p) { return ccast(p)->ports; }

int MT_FN(eval)(void* p) {
    model* m = cast(p);
    try {
        enter(m);
        m->top->eval();
        if (m->tfp) m->tfp->dump(m->ctx->time());
        return status(m);
    } catch (...) {
        return MT_EXCEPTION;
    }
}

// Runs up to n clock cycles: a rising edge of clk_i, then a falling edge,
// each evaluated (and dumped while tracing). Stores in *done the number of
// rising edges evaluated and stops early on a non-OK status.
int MT_FN(tick)(void* p, uint64_t n, uint64_t* done) {
    model* m = cast(p);
    uint64_t i = 0;
    try {
        enter(m);
        MT_CLASS* const top = m->top.get();
        VerilatedContext* const ctx = m->ctx.get();
        for (; i < n; ++i) {
            top->clk_i = 1;
            ctx->timeInc(m->half_units);
            top->eval();
            if (m->tfp) m->tfp->dump(ctx->time());
            if (VL_UNLIKELY(ctx->gotFinish())) {
                *done = i + 1;
                return status(m);
            }
            top->clk_i = 0;
            ctx->timeInc(m->half_units);
            top->eval();
            if (m->tfp) m->tfp->dump(ctx->time());
            if (VL_UNLIKELY(ctx->gotFinish())) {
                *done = i + 1;
                return status(m);
            }
        }
        *done = n;
        return MT_OK;
    } catch (...) {
        *done = i;
        return MT_EXCEPTION;
    }
}

int MT_FN(trace_open)(void* p, const char* path, char* err, size_t errlen) {
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

void MT_FN(trace_close)(void* p) {
    model* m = cast(p);
    try {
        enter(m);
        if (m->tfp) m->tfp->close();
    } catch (...) {
        // Closing only flushes and frees; the writer is dropped below.
    }
    m->tfp.reset();
}

}  // extern "C"
