//! warpnic's VFIO backend against real kernel VFIO: QEMU's `edu` device
//! bound to vfio-pci in the peer guest with an emulated Intel IOMMU, driven
//! by the `warpnic-vfio-edu` program through `warpnic::vfio::VfioDevice`.
//!
//! The test builds the program (`cargo build --release -p
//! warpnic-vfio-edu`), boots the peer guest (`warpnic_tests::siw`, the
//! image built on first use) with `-device intel-iommu` and `-device edu`,
//! has `tests/peers/vfio/edu.sh` bind the device to vfio-pci and run the
//! program, and fails with the console's tail unless the program printed
//! `RESULT: PASS` and exited 0.
//!
//! `WARPNIC_VFIO_EDU_MODE` picks the IOMMU setup: `intel` (default:
//! `intel_iommu=on iommu=pt`, an IOMMU with interrupt remapping and caching
//! mode), `intel-dma` (the guest's own DMA translated too, no `iommu=pt`)
//! or `intel-nocm` (no caching mode).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use warpnic_tests::siw::{peers_dir, GuestConfig, SiwGuest, READY};

/// Wall-clock limit of the guest: boot, the program (edu's DMA takes about
/// 100 ms a transfer), power-off.
const GUEST_LIMIT: Duration = Duration::from_secs(180);

/// How many console lines a failure shows.
const TAIL: usize = 80;

/// The program's name (package and binary).
const PROGRAM: &str = "warpnic-vfio-edu";

/// Builds the program in release mode and returns its path.
fn build_program() -> PathBuf {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("../Cargo.toml");
    let out = Command::new(&cargo)
        .args(["build", "--release", "--message-format=json", "-p", PROGRAM])
        .arg("--manifest-path")
        .arg(&manifest)
        .stderr(Stdio::inherit())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", cargo.to_string_lossy()));
    assert!(out.status.success(), "cargo build of {PROGRAM} failed");
    // the compiler-artifact message of the binary names its executable
    let text = String::from_utf8_lossy(&out.stdout);
    let key = "\"executable\":\"";
    let exe = text
        .lines()
        .filter_map(|l| l.split(key).nth(1))
        .filter_map(|rest| rest.split('"').next())
        .rfind(|p| p.ends_with(&format!("/{PROGRAM}")))
        .unwrap_or_else(|| panic!("cargo named no executable for {PROGRAM}"));
    PathBuf::from(exe)
}

/// The kernel words and QEMU options of an IOMMU setup.
fn mode(name: &str) -> (Vec<&'static str>, Vec<&'static str>) {
    let iommu = |caching: bool| {
        vec![
            "-machine",
            "kernel-irqchip=split",
            "-device",
            if caching {
                "intel-iommu,intremap=on,caching-mode=on"
            } else {
                "intel-iommu,intremap=on"
            },
        ]
    };
    match name {
        "intel" => (vec!["intel_iommu=on", "iommu=pt"], iommu(true)),
        "intel-dma" => (vec!["intel_iommu=on"], iommu(true)),
        "intel-nocm" => (vec!["intel_iommu=on", "iommu=pt"], iommu(false)),
        other => panic!("WARPNIC_VFIO_EDU_MODE={other}: intel, intel-dma or intel-nocm"),
    }
}

#[test]
fn vfio_edu_guest() {
    let t0 = Instant::now();
    let program = build_program();
    let built = t0.elapsed();

    let name = std::env::var("WARPNIC_VFIO_EDU_MODE").unwrap_or_else(|_| "intel".into());
    let (kernel_args, qemu_args) = mode(&name);
    let mut cfg = GuestConfig::new("edu", peers_dir().join("vfio").join("edu.sh"));
    cfg.files.push(program);
    cfg.kernel_args = kernel_args.iter().map(|a| (*a).to_string()).collect();
    cfg.qemu_args = qemu_args.iter().map(|a| (*a).to_string()).collect();
    // the edu device after the IOMMU, which must come before other devices
    cfg.qemu_args
        .extend(["-device".to_string(), "edu".to_string()]);
    cfg.time_limit = GUEST_LIMIT;

    let t1 = Instant::now();
    let mut guest = SiwGuest::spawn(&cfg, None).unwrap_or_else(|e| panic!("{e}"));
    let idle = || std::thread::sleep(Duration::from_millis(20));
    guest
        .wait_for(READY, GUEST_LIMIT, idle)
        .unwrap_or_else(|e| panic!("{e}"));
    let ready = guest.elapsed();
    let rc = guest
        .wait_done(GUEST_LIMIT, idle)
        .unwrap_or_else(|e| panic!("{e}"));
    let con = guest.console();
    let result = con
        .lines()
        .rfind(|l| l.contains("RESULT: "))
        .map(str::trim)
        .unwrap_or("no RESULT line");
    assert!(
        rc == 0 && result.ends_with("RESULT: PASS"),
        "{result} (exit status {rc}, mode {name}); console:\n{}",
        guest.tail(TAIL)
    );
    let faults = con
        .lines()
        .filter(|l| l.contains("DMAR: [DMA"))
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    println!(
        "vfio-edu PASS (mode {name}): program built in {:.1} s, guest ready in {:.1} s, \
         done in {:.1} s; IOMMU faults logged: {faults}",
        built.as_secs_f64(),
        ready.as_secs_f64(),
        t1.elapsed().as_secs_f64()
    );
}
