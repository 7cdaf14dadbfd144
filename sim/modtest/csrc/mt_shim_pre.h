// Types shared by every module test top's shim and by src/lib.rs (its `ffi`
// module mirrors them). Included by each generated <name>_shim.cpp after the
// model header and before the port table.
#ifndef MT_SHIM_PRE_H_
#define MT_SHIM_PRE_H_

#include <stddef.h>
#include <stdint.h>

// Port directions.
enum { MT_DIR_IN = 0, MT_DIR_OUT = 1, MT_DIR_INOUT = 2 };

// One top-level port: its storage is a CData (1..8 bits), SData (9..16),
// IData (17..32), QData (33..64) or VlWide of 32-bit words (65 and more).
struct mt_port_entry {
    const char* name;
    uint32_t dir;
    uint32_t width;
    void* ptr;
};

// Initial values of the model's state before reset (Verilator's randReset).
enum { MT_INIT_ZEROS = 0, MT_INIT_ONES = 1, MT_INIT_RANDOM = 2 };

struct mt_opts {
    // Half of the clock period, in picoseconds (time in wave traces).
    uint64_t half_period_ps;
    // MT_INIT_*.
    uint32_t init;
    // Seed for MT_INIT_RANDOM; must not be 0.
    uint32_t seed;
};

// Status of eval and tick.
enum {
    MT_OK = 0,
    // An assertion failed, or $stop or $fatal ran: see warpnic_vlrt_take_stop.
    MT_STOPPED = 1,
    // $finish ran.
    MT_FINISHED = 2,
    // A C++ exception escaped the model (out of memory).
    MT_EXCEPTION = 3,
};

#endif  // MT_SHIM_PRE_H_
