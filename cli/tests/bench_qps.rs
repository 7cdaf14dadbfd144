//! `warpnic bench write|read|send --qps N`: N QPs on N connections moving
//! data at once finish with every message checked byte-exact, print the
//! aggregate and the per-QP fairness, and refuse a QP count out of range.

use std::process::Command;

fn bench(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_warpnic"))
        .arg("bench")
        .args(args)
        .output()
        .expect("run warpnic bench");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// The per-QP min/max of the first row of `size`-byte messages.
fn fairness(text: &str, size: &str) -> (f64, f64) {
    let row = text
        .lines()
        .find(|l| l.split_whitespace().next() == Some(size))
        .unwrap_or_else(|| panic!("no {size}-byte row in:\n{text}"));
    let w: Vec<&str> = row.split_whitespace().collect();
    let slash = w.iter().position(|x| *x == "/").expect("min / max");
    (
        w[slash - 1].parse().expect("min"),
        w[slash + 1].parse().expect("max"),
    )
}

#[test]
fn eight_qps_write_send_and_read_at_once_byte_exact() {
    for op in ["write", "send", "read"] {
        let (ok, text) = bench(&[
            op,
            "--qps",
            "8",
            "--mtu",
            "1500",
            "--sizes",
            "16384",
            "--bytes",
            "1048576",
            "--rate-msgs",
            "2048",
        ]);
        assert!(ok, "bench {op} --qps 8 failed:\n{text}");
        assert!(text.contains("8 QPs on 8 connections at once"), "{text}");
        // 64 messages of 16 KiB and 2048 of 64 bytes, all checked
        assert!(text.contains("(64 messages checked byte-exact"), "{text}");
        assert!(text.contains("(2048 messages checked byte-exact"), "{text}");
        for size in ["16384", "64"] {
            let (min, max) = fairness(&text, size);
            assert!(min > 0.0 && min <= max, "{op} {size}: per-QP {min} / {max}");
        }
    }
}

#[test]
fn a_qp_count_out_of_range_is_refused() {
    let (ok, text) = bench(&["write", "--qps", "0"]);
    assert!(!ok);
    assert!(text.contains("--qps 0 is outside 1..=4096"), "{text}");
}
