// C interface of the Verilated wn_core (see wn_model.h).
#include "wn_model.h"

#include "Vwn_core.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include <cstdio>
#include <cstring>
#include <exception>
#include <memory>
#include <new>
#include <string>

#include "wn_core_ports.inc"

struct wn_model {
    // Declaration order is destruction order reversed: the trace goes first,
    // then the model, then its context.
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vwn_core> top;
    std::unique_ptr<VerilatedFstC> tfp;
    // Context time units per half clock period.
    uint64_t half_units = 1;
    // Picoseconds per context time unit, as a ratio (one side is 1).
    uint64_t ps_mul = 1;
    uint64_t ps_div = 1;
    // The falling clock edge of the last tick has not been evaluated yet.
    // The core has no falling-edge logic, so that evaluation is folded into
    // the next one (the next eval, or the next tick before its rising edge),
    // which saves one of the three evaluations per simulated cycle.
    bool fall_pending = false;
    wn_port_entry ports[WN_PORT_COUNT];
};

namespace {

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
int status(const wn_model* m) {
    if (VL_LIKELY(!m->ctx->gotFinish())) return WN_OK;
    return m->ctx->gotError() ? WN_STOPPED : WN_FINISHED;
}

// Makes m's context the calling thread's context, which Verilator's runtime
// uses for $stop, $finish and random initial values.
void enter(wn_model* m) { Verilated::threadContextp(m->ctx.get()); }

}  // namespace

extern "C" {

wn_model* wn_model_new(const wn_model_opts* opts, char* err, size_t errlen) {
    try {
        std::unique_ptr<wn_model> m{new wn_model{}};
        m->ctx.reset(new VerilatedContext);
        m->ctx->fatalOnError(false);
        m->ctx->traceEverOn(true);
        m->ctx->randReset(static_cast<int>(opts->init));
        if (opts->init == WN_INIT_RANDOM) m->ctx->randSeed(static_cast<int>(opts->seed));
        enter(m.get());
        m->top.reset(new Vwn_core{m->ctx.get(), "TOP"});
        // The model sets the context's time precision (10^prec seconds).
        const int prec = m->ctx->timeprecision();
        if (prec >= -12) {
            m->ps_mul = pow10(prec + 12);
        } else {
            m->ps_div = pow10(-12 - prec);
        }
        const uint64_t half = opts->half_period_ps * m->ps_div / m->ps_mul;
        m->half_units = half > 0 ? half : 1;
        wn_fill_ports(m->top.get(), m->ports);
        return m.release();
    } catch (const std::exception& e) {
        set_err(err, errlen, e.what());
    } catch (...) {
        set_err(err, errlen, "unknown C++ exception");
    }
    return nullptr;
}

void wn_model_free(wn_model* m) {
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

size_t wn_model_port_count(void) { return WN_PORT_COUNT; }

const wn_port_entry* wn_model_ports(const wn_model* m) { return m->ports; }

int wn_model_eval(wn_model* m) {
    try {
        enter(m);
        m->top->eval();
        m->fall_pending = false;
        return status(m);
    } catch (...) {
        return WN_EXCEPTION;
    }
}

int wn_model_tick(wn_model* m, uint64_t n, uint64_t* done) {
    uint64_t i = 0;
    try {
        enter(m);
        Vwn_core* const top = m->top.get();
        VerilatedContext* const ctx = m->ctx.get();
        VerilatedFstC* const tfp = m->tfp.get();
        const uint64_t half = m->half_units;
        for (; i < n; ++i) {
            if (m->fall_pending) {
                // the rising edge must see clk_i low first
                top->eval();
                m->fall_pending = false;
            }
            top->clk_i = 1;
            ctx->timeInc(half);
            top->eval();
            if (tfp) tfp->dump(ctx->time());
            if (VL_UNLIKELY(ctx->gotFinish())) {
                *done = i + 1;
                return status(m);
            }
            top->clk_i = 0;
            ctx->timeInc(half);
            if (tfp) {
                top->eval();
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
        return WN_OK;
    } catch (...) {
        *done = i;
        return WN_EXCEPTION;
    }
}

int wn_model_trace_open(wn_model* m, const char* path, char* err, size_t errlen) {
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

void wn_model_trace_close(wn_model* m) {
    try {
        enter(m);
        if (m->tfp) m->tfp->close();
    } catch (...) {
        // Closing only flushes and frees; the writer is dropped below.
    }
    m->tfp.reset();
}

uint64_t wn_model_time_ps(const wn_model* m) {
    return m->ctx->time() * m->ps_mul / m->ps_div;
}

}  // extern "C"
