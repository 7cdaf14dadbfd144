//! warpnic's VFIO backend against real kernel VFIO: QEMU's `edu` device
//! bound to vfio-pci in a guest with an emulated Intel IOMMU, driven by the
//! `warpnic-vfio-edu` program through `warpnic::vfio::VfioDevice`.
//!
//! The work is done by `tests/vfio/run-edu-test.sh` (build, host packages,
//! guest image, overlay, guest run); this test runs it and fails with the
//! tail of its output unless the guest printed `RESULT: PASS`. It needs the
//! vfio-edu peer harness beside the checkout (or `WARPNIC_SHARED`), QEMU,
//! and for the first run root with apt and network access to build the
//! guest image.

use std::path::Path;
use std::process::Command;

/// How many lines of the runner's output a failure shows.
const TAIL: usize = 80;

#[test]
fn vfio_edu_guest() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("vfio/run-edu-test.sh");
    assert!(
        script.is_file(),
        "the VFIO edu runner {} is missing",
        script.display()
    );
    let out = match Command::new("bash").arg(&script).output() {
        Ok(o) => o,
        Err(e) => panic!("cannot run {}: {e}", script.display()),
    };
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
    .replace('\r', "");
    let lines: Vec<&str> = text.lines().collect();
    let tail = lines[lines.len().saturating_sub(TAIL)..].join("\n");
    assert!(
        out.status.success(),
        "{} failed ({}); last {TAIL} lines:\n{tail}",
        script.display(),
        out.status
    );
    assert!(
        text.contains("RESULT: PASS"),
        "{} succeeded without a RESULT: PASS line; last {TAIL} lines:\n{tail}",
        script.display()
    );
    if let Some(summary) = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("[vfio-edu] PASS"))
    {
        println!("{summary}");
    }
}
