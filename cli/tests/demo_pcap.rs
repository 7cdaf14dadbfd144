//! `warpnic demo --pcap`: the capture of the demo's iWARP connection
//! dissects cleanly with tshark's MPA and DDP/RDMAP dissectors (Debian
//! package `tshark`): no malformed frame, no expert error, every FPDU's
//! CRC32c "Good", the MPA request and reply found, and FPDUs of RDMA
//! WRITE, READ REQUEST, READ RESPONSE and SEND.
//!
//! Wireshark's MPA dissector implements RFC 5044 (revision 1) only: on
//! the revision 2 request and reply of RFC 6581 it warns that Rev is not 1
//! and that the reserved flag bits (RFC 6581's P flag) are not 0. Those two
//! warnings are expected; any other warning fails.

use std::path::Path;
use std::process::{Command, Output};

/// The expert warnings a revision 2 MPA exchange draws from a dissector
/// that knows revision 1 only.
const EXPECTED_WARNINGS: [&str; 2] = [
    "Res field is NOT set to zero as required by RFC 5044",
    "Rev field is NOT set to one as required by RFC 5044",
];

fn tshark(pcap: &Path, args: &[&str]) -> String {
    let out = Command::new("tshark")
        .args(["--enable-heuristic", "iwarp_mpa_tcp", "-r"])
        .arg(pcap)
        .args(args)
        .output()
        .expect("run tshark");
    assert!(
        out.status.success(),
        "tshark {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The Errors and Warns sections of `-z expert`: (severity, summary).
fn expert(pcap: &Path) -> Vec<(String, String)> {
    let text = tshark(pcap, &["-q", "-z", "expert"]);
    let mut out = Vec::new();
    let mut section: Option<String> = None;
    for line in text.lines() {
        let t = line.trim();
        if let Some(name) = ["Errors", "Warns", "Notes", "Chats", "Comments"]
            .iter()
            .find(|n| t.starts_with(&format!("{n} (")))
        {
            section = Some((*name).to_string());
            continue;
        }
        let Some(s) = section.as_deref() else {
            continue;
        };
        if !(s == "Errors" || s == "Warns") || t.is_empty() || t.starts_with('=') {
            continue;
        }
        if t.starts_with("Frequency") {
            continue;
        }
        // "   2    Request    IWARP_MPA  Summary text": the summary is
        // what follows the third column
        let summary = t.split_whitespace().skip(3).collect::<Vec<_>>().join(" ");
        out.push((s.to_string(), summary));
    }
    out
}

fn demo(pcap: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_warpnic"))
        .args(["demo", "--frames", "200", "--pcap"])
        .arg(pcap)
        .output()
        .expect("run warpnic demo")
}

#[test]
fn demo_capture_dissects_cleanly_with_tshark() {
    let have_tshark = Command::new("tshark")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        have_tshark,
        "tshark is not installed: this test reads the demo's capture with Wireshark's iWARP dissectors (Debian: apt-get install -y tshark)"
    );
    let dir = std::env::temp_dir().join(format!("warpnic-demo-pcap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let pcap = dir.join("demo.pcap");
    let run = demo(&pcap);
    let stdout = String::from_utf8_lossy(&run.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    assert!(
        pcap.exists(),
        "the demo wrote no capture\n{stdout}\n{stderr}"
    );

    // tshark's verdict first, so that a failing demo still shows it
    let malformed = tshark(
        &pcap,
        &["-Y", "_ws.malformed", "-T", "fields", "-e", "frame.number"],
    );
    let expert = expert(&pcap);
    let unexpected: Vec<_> = expert
        .iter()
        .filter(|(s, m)| s == "Errors" || !EXPECTED_WARNINGS.contains(&m.as_str()))
        .collect();
    let verbose = tshark(&pcap, &["-Y", "iwarp_mpa.fpdu", "-V", "-O", "iwarp_mpa"]);
    let good = verbose.matches("(Good CRC32)").count();
    let bad = verbose.matches("(Bad CRC32").count();
    let fpdus: usize = tshark(
        &pcap,
        &[
            "-Y",
            "iwarp_mpa.fpdu",
            "-T",
            "fields",
            "-e",
            "iwarp_mpa.ulpdulength",
        ],
    )
    .lines()
    .map(|l| l.split(',').filter(|x| !x.is_empty()).count())
    .sum();
    let reqrep = tshark(
        &pcap,
        &[
            "-Y",
            "iwarp_mpa.req || iwarp_mpa.rep",
            "-T",
            "fields",
            "-e",
            "frame.number",
        ],
    )
    .lines()
    .count();
    let opcodes: Vec<String> = tshark(
        &pcap,
        &[
            "-Y",
            "iwarp_rdma",
            "-T",
            "fields",
            "-e",
            "iwarp_rdma.opcode",
        ],
    )
    .lines()
    .flat_map(|l| l.split(',').map(str::to_string).collect::<Vec<_>>())
    .collect();
    let verdict = format!(
        "tshark: malformed frames [{}]; unexpected expert items {unexpected:?}; FPDUs {fpdus}, CRC good {good}, bad {bad}; MPA request/reply frames {reqrep}; RDMAP opcodes {opcodes:?}",
        malformed.trim().replace('\n', " ")
    );
    println!("{verdict}");

    assert!(
        run.status.success(),
        "warpnic demo failed\n{stdout}\n{stderr}\n{verdict}"
    );
    assert!(malformed.trim().is_empty(), "{verdict}");
    assert!(unexpected.is_empty(), "{verdict}");
    assert_eq!(reqrep, 2, "the MPA request and reply: {verdict}");
    assert_eq!(bad, 0, "{verdict}");
    // the demo's WRITE, SEND, READ REQUEST and READ RESPONSE: 20 FPDUs at
    // its MSS of 8960
    assert!(fpdus >= 20, "{verdict}");
    assert_eq!(good, fpdus, "every FPDU has a good CRC: {verdict}");
    for (op, name) in [
        ("0x00", "RDMA Write"),
        ("0x01", "Read Request"),
        ("0x02", "Read Response"),
        ("0x03", "Send"),
    ] {
        assert!(
            opcodes.iter().any(|o| o == op),
            "no {name} FPDU dissected: {verdict}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
