//! Builds the Verilator runtime (`verilated`, `verilated_threads` and the FST
//! writer `verilated_fst_c`) into the static library `libwarpnic_vlrt.a`,
//! with `vl_stop` replaced by `csrc/vlrt_stop.cpp` (a failed assertion is
//! recorded for the model wrapper instead of aborting the process), and the
//! flag by which the bridge skips a model's repeated input-combinational
//! computation (`csrc/vlrt_ico.cpp`).
//!
//! The runtime depends only on the installed Verilator, never on the RTL, so
//! this script reruns only when the Verilator installation changes (its
//! program, its version header or the runtime sources). Dependants read the
//! `links` metadata (`DEP_WARPNIC_VLRT_*`):
//!
//! | key | value |
//! |---|---|
//! | `VERILATOR` | path of the `verilator` program used |
//! | `VERSION` | Verilator version, e.g. `5.006` |
//! | `ROOT` | `verilator --getenv VERILATOR_ROOT` |
//! | `INCLUDE` | the runtime include directory (`ROOT/include`) |
//! | `CXX` | the C++ compiler the runtime was built with |
//! | `CXXFLAGS` | space-separated flags every model translation unit must share |
//! | `CSRC` | the bridge's C++ sources: `vlb_bridge.h` and the generic shim `vlb_shim.h` |
//!
//! `warpnic-vlbuild` finds Verilator (and fails the build with an
//! installation hint when it is missing or too old).

use std::env;
use std::ffi::OsStr;
use std::io::Write;
use std::path::PathBuf;
use std::process::Stdio;

use warpnic_vlbuild::{env_var, fail, Verilator};

/// Runtime sources, relative to `VERILATOR_ROOT/include`.
const SOURCES: [&str; 3] = [
    "verilated.cpp",
    "verilated_threads.cpp",
    "verilated_fst_c.cpp",
];

/// Flags that the runtime and every model translation unit must agree on:
/// the `VM_*` switches of a `--cc --trace-fst` model, and time taken from
/// each model's own `VerilatedContext` (no global `sc_time_stamp`).
const SHARED_FLAGS: [&str; 8] = [
    "-std=gnu++17",
    "-DVM_COVERAGE=0",
    "-DVM_SC=0",
    "-DVM_TRACE=1",
    "-DVM_TRACE_FST=1",
    "-DVM_TRACE_VCD=0",
    "-DVL_TIME_CONTEXT",
    "-faligned-new",
];

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=csrc");
    println!("cargo:rerun-if-env-changed=VERILATOR_ROOT");

    let Verilator {
        program: verilator,
        version,
        root,
        include,
    } = Verilator::find();

    // Rerun only when the Verilator installation changes.
    println!("cargo:rerun-if-changed={}", verilator.display());
    for f in ["verilated_config.h", "verilated.h"]
        .iter()
        .chain(SOURCES.iter())
    {
        println!("cargo:rerun-if-changed={}", include.join(f).display());
    }

    let mut build = cc::Build::new();
    build
        .cpp(true)
        .include(&include)
        .include(include.join("vltstd"))
        .opt_level(2)
        .debug(false)
        .warnings(false)
        .flag("-w")
        .flag("-pthread");
    for f in SHARED_FLAGS {
        build.flag(f);
    }
    check_zlib(&build);
    // verilated.cpp leaves vl_stop to csrc/vlrt_stop.cpp.
    build.define("VL_USER_STOP", None);
    for s in SOURCES {
        build.file(include.join(s));
    }
    build.file("csrc/vlrt_stop.cpp");
    build.file("csrc/vlrt_ico.cpp");
    build.compile("warpnic_vlrt");
    // The FST writer compresses with zlib.
    println!("cargo:rustc-link-lib=z");

    let cxx = build.get_compiler();
    println!("cargo:verilator={}", verilator.display());
    println!("cargo:version={version}");
    println!("cargo:root={}", root.display());
    println!("cargo:include={}", include.display());
    println!("cargo:cxx={}", cxx.path().display());
    println!("cargo:cxxflags={}", SHARED_FLAGS.join(" "));
    let csrc = PathBuf::from(env_var("CARGO_MANIFEST_DIR")).join("csrc");
    println!("cargo:csrc={}", csrc.display());
    println!("cargo:rustc-env=WARPNIC_VLRT_VERILATOR_VERSION={version}");
}

/// Fails the build with an installation hint when `zlib.h` cannot be found.
fn check_zlib(build: &cc::Build) {
    let out_dir =
        PathBuf::from(env::var_os("OUT_DIR").unwrap_or_else(|| fail("OUT_DIR is not set")));
    let probe_out = out_dir.join("zlib-probe.i");
    let mut cmd = build.get_compiler().to_command();
    cmd.args([
        OsStr::new("-E"),
        OsStr::new("-x"),
        OsStr::new("c++"),
        OsStr::new("-o"),
    ])
    .arg(&probe_out)
    .arg("-")
    .stdin(Stdio::piped())
    .stdout(Stdio::null())
    .stderr(Stdio::piped());
    let mut child = cmd
        .spawn()
        .unwrap_or_else(|e| fail(&format!("cannot run the C++ compiler: {e}")));
    if let Some(mut stdin) = child.stdin.take() {
        // A failed write shows up as a failed preprocessor run below.
        let _ = stdin.write_all(b"#include <zlib.h>\n");
    }
    let out = child
        .wait_with_output()
        .unwrap_or_else(|e| fail(&format!("cannot run the C++ compiler: {e}")));
    if !out.status.success() {
        fail(&format!(
            "zlib.h not found (the FST wave writer needs zlib): install it with \
             `apt-get install zlib1g-dev`\n{}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
}
