//! Build script: hands the soft-core memory map (`memory.x`) to the linker
//! for the `warpnic-fw` binary when building for the RISC-V soft core.
//! Host builds are untouched.

use std::env;
use std::fs;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=memory.x");
    println!("cargo:rerun-if-changed=build.rs");

    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let os = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if arch != "riscv32" || os != "none" || env::var_os("CARGO_FEATURE_RT").is_none() {
        return;
    }

    let out = match env::var_os("OUT_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => {
            println!("cargo:warning=OUT_DIR is not set; cannot place memory.x");
            std::process::exit(1);
        }
    };
    if let Err(e) = fs::copy("memory.x", out.join("memory.x")) {
        println!("cargo:warning=cannot copy memory.x: {e}");
        std::process::exit(1);
    }
    println!("cargo:rustc-link-search={}", out.display());
    // memory.x defines the regions that riscv-rt's link.x places sections in,
    // so it goes first.
    println!("cargo:rustc-link-arg-bin=warpnic-fw=-Tmemory.x");
    println!("cargo:rustc-link-arg-bin=warpnic-fw=-Tlink.x");
}
