// The C interface between a Verilated model's shim (vlb_shim.h) and the
// warpnic-vlrt crate, whose `shim` module mirrors these types.
#ifndef VLB_BRIDGE_H_
#define VLB_BRIDGE_H_

#include <stddef.h>
#include <stdint.h>

// Port directions.
enum { VLB_DIR_IN = 0, VLB_DIR_OUT = 1, VLB_DIR_INOUT = 2 };

// One top-level port: its storage is a CData (1..8 bits), SData (9..16),
// IData (17..32), QData (33..64) or VlWide of 32-bit words (65 and more).
typedef struct vlb_port {
    const char* name;
    uint32_t dir;
    uint32_t width;
    void* ptr;
} vlb_port;

// Initial values of the model's state before reset (Verilator's randReset).
enum { VLB_INIT_ZEROS = 0, VLB_INIT_ONES = 1, VLB_INIT_RANDOM = 2 };

typedef struct vlb_opts {
    // Half of the clock period, in picoseconds (time in wave traces).
    uint64_t half_period_ps;
    // VLB_INIT_*.
    uint32_t init;
    // Seed for VLB_INIT_RANDOM; must not be 0.
    uint32_t seed;
} vlb_opts;

// Status of eval and tick.
enum {
    VLB_OK = 0,
    // An assertion failed, or $stop or $fatal ran: see warpnic_vlrt_take_stop.
    VLB_STOPPED = 1,
    // $finish ran.
    VLB_FINISHED = 2,
    // A C++ exception escaped the model (out of memory).
    VLB_EXCEPTION = 3,
};

#endif  // VLB_BRIDGE_H_
