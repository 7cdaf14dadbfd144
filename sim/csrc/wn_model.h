// C interface of the Verilated wn_core, used by sim/src/model.rs.
//
// One wn_model owns one VerilatedContext, one Vwn_core and, while a trace is
// open, one FST writer. Every call for a model must come from the thread that
// created it. No function throws: C++ exceptions become status codes.
#ifndef WN_MODEL_H_
#define WN_MODEL_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct wn_model wn_model;

// Port directions.
enum { WN_DIR_IN = 0, WN_DIR_OUT = 1, WN_DIR_INOUT = 2 };

// One top-level port: its storage is a CData (1..8 bits), SData (9..16),
// IData (17..32), QData (33..64) or VlWide of 32-bit words (65 and more).
typedef struct wn_port_entry {
    const char* name;
    uint32_t dir;
    uint32_t width;
    void* ptr;
} wn_port_entry;

// Initial values of the model's state before reset (Verilator's randReset).
enum { WN_INIT_ZEROS = 0, WN_INIT_ONES = 1, WN_INIT_RANDOM = 2 };

typedef struct wn_model_opts {
    // Half of the clock period, in picoseconds (time in wave traces).
    uint64_t half_period_ps;
    // WN_INIT_*.
    uint32_t init;
    // Seed for WN_INIT_RANDOM; must not be 0.
    uint32_t seed;
} wn_model_opts;

// Status of wn_model_eval and wn_model_tick.
enum {
    WN_OK = 0,
    // An assertion failed, or $stop or $fatal ran: see warpnic_vlrt_take_stop.
    WN_STOPPED = 1,
    // $finish ran.
    WN_FINISHED = 2,
    // A C++ exception escaped the model (out of memory).
    WN_EXCEPTION = 3,
};

// Creates a model, or returns NULL with a message in err (NUL-terminated).
wn_model* wn_model_new(const wn_model_opts* opts, char* err, size_t errlen);
// Runs final blocks, closes any trace and destroys the model.
void wn_model_free(wn_model* m);
// Number of entries of the port table.
size_t wn_model_port_count(void);
// The port table, filled at construction, in the order of wn_core_ports.inc.
const wn_port_entry* wn_model_ports(const wn_model* m);
// Evaluates the model after inputs changed.
int wn_model_eval(wn_model* m);
// Runs up to n clock cycles (rising then falling edge of clk_i, each
// followed by an evaluation and, while tracing, a dump); stores in *done the
// number of rising edges evaluated and stops early on a non-OK status.
int wn_model_tick(wn_model* m, uint64_t n, uint64_t* done);
// Opens an FST wave trace (closing any open one); 0 on success, otherwise
// non-zero with a message in err.
int wn_model_trace_open(wn_model* m, const char* path, char* err, size_t errlen);
// Flushes and closes the open trace, if any.
void wn_model_trace_close(wn_model* m);
// Current simulation time, in picoseconds.
uint64_t wn_model_time_ps(const wn_model* m);

#ifdef __cplusplus
}
#endif

#endif  // WN_MODEL_H_
