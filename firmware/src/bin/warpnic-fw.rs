//! The warpnic firmware image for the board's RISC-V soft core.
//!
//! Startup comes from `riscv-rt` (stack, `.data`/`.bss` initialisation) with
//! the memory map of `memory.x`: 64 KiB of RAM at `0x8000_0000`. The program
//! brings the firmware up on the memory-mapped firmware port at
//! [`PORT_BASE`](warpnic_fw::mmio::PORT_BASE) and then polls it forever.
//!
//! The MAC address below is the one the port starts with; a board's loader
//! patches it (symbol `WARPNIC_FW_MAC`, in `.rodata`) or the host sets one
//! with `SET_MAC`.
//!
//! Only the `riscv32` build is the firmware. On any other target the binary
//! just says so, so a workspace build with every feature still succeeds.
#![cfg_attr(target_arch = "riscv32", no_std, no_main)]

#[cfg(target_arch = "riscv32")]
mod soft_core {
    use core::panic::PanicInfo;

    use warpnic_fw::mmio::{MmioHal, PORT_BASE};
    use warpnic_fw::{read_cycles, Firmware, FwConfig};

    // main's frame holds the firmware state; memory.x reserves the stack
    // for it and the calls below.
    const _: () = assert!(core::mem::size_of::<Firmware>() <= 17 * 1024);

    /// The port's MAC address at start-up: locally administered, unicast.
    #[no_mangle]
    pub static WARPNIC_FW_MAC: [u8; 6] = [0x02, 0x57, 0x4e, 0x00, 0x00, 0x01];

    #[riscv_rt::entry]
    fn main() -> ! {
        // SAFETY: PORT_BASE is where the soft-core SoC decodes the firmware
        // port (see warpnic_fw::mmio), valid for volatile 32-bit access over
        // PORT_SPAN bytes for the life of the program, and this is the only
        // code that touches it.
        let mut hal = unsafe { MmioHal::new(PORT_BASE as *mut u32) };
        // SAFETY: a plain read of an initialised static; volatile so that a
        // loader's patch of the image is seen rather than a folded constant.
        let mac = unsafe { core::ptr::read_volatile(&WARPNIC_FW_MAC) };
        let mut fw = Firmware::new(FwConfig { mac });
        if fw.init(&mut hal).is_err() {
            // Not a warpnic port, or built from another ABI: stay off the
            // port. The error is kept in `fw` for a debugger to read.
            park();
        }
        loop {
            let now = read_cycles(&mut hal);
            fw.poll(&mut hal, now);
        }
    }

    /// Stops the core for good (interrupts are never enabled).
    fn park() -> ! {
        loop {
            riscv::asm::wfi();
        }
    }

    /// Reachable only through a firmware bug: no input panics the firmware.
    #[panic_handler]
    fn panic(_info: &PanicInfo) -> ! {
        park()
    }
}

#[cfg(not(target_arch = "riscv32"))]
fn main() {
    eprintln!(
        "warpnic-fw is the soft-core firmware image; build it with \
         --target riscv32imac-unknown-none-elf --features rt"
    );
    std::process::exit(2);
}
