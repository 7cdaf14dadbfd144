// Replacement for the Verilator runtime's vl_stop (built with VL_USER_STOP).
//
// A failed immediate assertion, $stop or $fatal ends in vl_stop. Verilator's
// own version prints the location and, unless the context was told not to be
// fatal on errors, aborts the process. This one behaves the same but also
// records the location for the calling thread, so that the model wrapper can
// return it as an error instead of the process printing it and dying.
#include "verilated.h"

#include <cstring>
#include <string>

namespace {
// Location of the last $stop on this thread ("file:line").
thread_local std::string t_last_stop;
}  // namespace

void vl_stop(const char* filename, int linenum, const char* hier) VL_MT_UNSAFE {
    VerilatedContext* const contextp = Verilated::threadContextp();
    contextp->gotError(true);
    contextp->gotFinish(true);
    std::string where = (filename && filename[0])
                            ? std::string{filename} + ":" + std::to_string(linenum)
                            : std::string{"unknown location"};
    if (hier && hier[0]) where += std::string{" in "} + hier;
    t_last_stop = where;
    if (contextp->fatalOnError()) vl_fatal(filename, linenum, hier, "Verilog $stop");
    VL_PRINTF("%%Error: %s: Verilog $stop\n", where.c_str());
    Verilated::runFlushCallbacks();
}

// Copies the location of the last $stop on this thread into buf (at most
// len - 1 bytes, NUL-terminated when len > 0), clears it, and returns its
// full length (0 when there was none).
extern "C" size_t warpnic_vlrt_take_stop(char* buf, size_t len) {
    const size_t n = t_last_stop.size();
    if (len > 0) {
        const size_t k = n < len - 1 ? n : len - 1;
        std::memcpy(buf, t_last_stop.data(), k);
        buf[k] = '\0';
    }
    t_last_stop.clear();
    return n;
}
