//! A Linux guest (the soft-iWARP peer image, under QEMU) against a
//! simulated NIC: the guest's Ethernet port is a QEMU stream netdev whose
//! unix socket a `QemuBridge` serves for NIC 0's port.
//!
//! - the guest pings the NIC; its firmware answers ARP and ICMP echo;
//! - Linux TCP in the guest against warpnic's offloaded TCP, both ways at
//!   once on one connection, the guest connecting to a warpnic listener
//!   and warpnic connecting to a guest listener. The guest sends a pattern
//!   the host wrote into its `/out` share, which warpnic checks byte by
//!   byte; warpnic sends its own pattern, which the guest stores in `/out`
//!   and reports with its SHA-256 on the console, and the test checks both;
//! - the launcher itself: kernel command-line words reach siw (a module
//!   parameter) and the script (an environment word), `/out` comes back
//!   to the host, dropping the guest kills QEMU, and a missing image is an
//!   error naming the fix.
//!
//! Needs QEMU and the project's peer guest image, which the first guest
//! builds when it is missing (`tests/peers/guest/build-image.sh`;
//! `scripts/test.sh` builds it before the tests); without them the tests
//! fail saying what to run. One guest runs at a time (each is a
//! TCG emulation wanting a core of its own).
//!
//! A stand-in for QEMU on the bridge socket checks the framing through a
//! world without a guest: an ARP request answered by the firmware, and a
//! malformed length that drops the connection while the world runs on.
//!
//! `WARPNIC_SIW_TCP_MIB` sets the bytes each way of the TCP tests (default
//! 4 MiB); `WARPNIC_SIW_PCAP=<folder>` has QEMU capture each guest's port
//! into `<folder>/<guest>.pcap`.

use std::io::Write;
use std::net::Ipv4Addr;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use warpnic::{ConnectOpts, Device, EndpointId, Nic, TcpEventInfo, TcpStream};
use warpnic_abi::gen::cpl_tcp_opt;
use warpnic_sim::bridge::QemuStats;
use warpnic_sim::SimWorld;
use warpnic_tests::siw::{scripts_dir, GuestConfig, SiwGuest, READY};
use warpnic_tests::{bridged_nic, kernel_peer_tcp_timers, stream_byte};

const GUEST_IP: Ipv4Addr = Ipv4Addr::new(10, 50, 0, 1);
const NIC_IP: Ipv4Addr = Ipv4Addr::new(10, 50, 0, 2);
const PREFIX: u8 = 24;

/// Wall-clock limit of boot plus the guest's work (boot takes 4–5 s).
const GUEST_LIMIT: Duration = Duration::from_secs(90);
/// Wall-clock limit without progress in a data exchange.
const STALL_LIMIT: Duration = Duration::from_secs(60);

/// Pattern stream from the guest to warpnic.
const FROM_GUEST: u64 = 11;
/// Pattern stream from warpnic to the guest.
const FROM_NIC: u64 = 12;

/// Send and receive buffers of warpnic's stream: 4 MiB.
const BUF_LOG: u8 = 22;

/// One guest at a time.
static ONE_GUEST: Mutex<()> = Mutex::new(());

fn one_guest() -> MutexGuard<'static, ()> {
    ONE_GUEST.lock().unwrap_or_else(|p| p.into_inner())
}

/// A booting guest bridged to NIC 0 of a fresh world, the NIC up with
/// [`NIC_IP`].
struct Rig {
    guest: SiwGuest,
    // the world must outlive the NIC's device
    _world: Arc<SimWorld>,
    dev: Arc<dyn Device>,
    nic: Nic,
    bridge: QemuStats,
    wall: Instant,
}

impl Rig {
    fn boot(cfg: &GuestConfig) -> Rig {
        let wall = Instant::now();
        let mut cfg = cfg.clone();
        if let Some(dir) = std::env::var_os("WARPNIC_SIW_PCAP") {
            cfg.pcap = Some(std::path::Path::new(&dir).join(format!("{}.pcap", cfg.name)));
        }
        let (guest, bridge) = SiwGuest::boot(&cfg).unwrap_or_else(|e| panic!("{e}"));
        let stats = bridge.stats();
        let (world, dev, nic) = bridged_nic(Box::new(bridge), NIC_IP, PREFIX);
        Rig {
            guest,
            _world: world,
            dev,
            nic,
            bridge: stats,
            wall,
        }
    }

    /// Runs the simulation until the guest's script ends; returns its exit
    /// code.
    fn wait_done(&mut self) -> i32 {
        let dev = self.dev.clone();
        self.guest
            .wait_done(GUEST_LIMIT, || dev.relax())
            .unwrap_or_else(|e| panic!("{e}\nbridge {:?}", self.bridge.get()))
    }

    /// The console line with `needle`, or a failure showing the console.
    fn line(&self, needle: &str) -> String {
        self.guest.find_line(needle).unwrap_or_else(|| {
            panic!(
                "no console line with {needle:?}; console:\n{}",
                self.guest.tail(60)
            )
        })
    }

    fn report(&self) -> String {
        let err = self
            .bridge
            .last_error()
            .map(|e| format!(" (last error: {e})"))
            .unwrap_or_default();
        format!(
            "bridge {:?}{err}; NIC {:?}",
            self.bridge.get(),
            self.nic.stats().expect("stats")
        )
    }
}

#[test]
fn siw_guest_pings_the_nic_firmware() {
    let _one = one_guest();
    let mut cfg = GuestConfig::new("wn-ping", scripts_dir().join("ping.sh"));
    cfg.ip = Some((GUEST_IP, PREFIX));
    cfg.env.push(("NIC_IP".into(), NIC_IP.to_string()));
    let mut rig = Rig::boot(&cfg);
    let t_sim = rig.dev.now_ns();
    let rc = rig.wait_done();
    let wall = rig.wall.elapsed();
    let ready = rig.line(READY);
    let con = rig.guest.console();
    assert_eq!(rc, 0, "ping failed; console:\n{}", rig.guest.tail(60));
    let replies = con
        .lines()
        .filter(|l| l.contains(&format!("bytes from {NIC_IP}")))
        .count();
    assert_eq!(replies, 3, "console:\n{con}");
    assert!(
        con.contains("3 packets transmitted, 3 packets received"),
        "console:\n{con}"
    );
    // the guest's neighbour entry holds the NIC's MAC
    let mac = rig.nic.mac().expect("mac");
    let mac_text = mac
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect::<Vec<_>>()
        .join(":");
    assert!(
        con.lines()
            .any(|l| l.starts_with(&NIC_IP.to_string()) && l.contains(&mac_text)),
        "no neighbour entry {NIC_IP} lladdr {mac_text}; console:\n{con}"
    );
    let s = rig.nic.stats().expect("stats");
    // at least one ARP request and three echo requests to the firmware,
    // as many answers from it
    assert!(s.rx_exception >= 4, "{s:?}");
    assert!(s.tx_fw_frames >= 4, "{s:?}");
    let b = rig.bridge.get();
    assert_eq!((b.connects, b.malformed), (1, 0), "{b:?}");
    assert!(b.rx_frames >= 4 && b.tx_frames >= 4, "{b:?}");
    assert!(b.pace.lag > Duration::ZERO, "{b:?}");
    println!(
        "ping: {:.2} s wall from boot to the end of the script, {:.3} ms simulated; {ready}; {}",
        wall.as_secs_f64(),
        (rig.dev.now_ns() - t_sim) as f64 / 1e6,
        rig.report()
    );
}

// ----- TCP ------------------------------------------------------------------

/// Bytes each way of the TCP tests: `WARPNIC_SIW_TCP_MIB` MiB, default 4.
fn data_len() -> u64 {
    std::env::var("WARPNIC_SIW_TCP_MIB")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(4)
        << 20
}

fn pattern(k: u64, from: u64, len: usize) -> Vec<u8> {
    (0..len as u64).map(|i| stream_byte(k, from + i)).collect()
}

/// The first offset where `buf` differs from pattern `k` at `from`.
fn mismatch(k: u64, from: u64, buf: &[u8]) -> Option<(u64, u8, u8)> {
    buf.iter()
        .enumerate()
        .find(|&(j, &x)| x != stream_byte(k, from + j as u64))
        .map(|(j, &x)| (from + j as u64, x, stream_byte(k, from + j as u64)))
}

/// SHA-256 of `data` by the host's `sha256sum`.
fn sha256(data: &[u8]) -> String {
    let mut c = Command::new("sha256sum")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("sha256sum (coreutils)");
    c.stdin
        .take()
        .expect("stdin")
        .write_all(data)
        .expect("write to sha256sum");
    let out = c.wait_with_output().expect("sha256sum");
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_string()
}

fn tcp_config(name: &str, role: &str, port: u16, len: u64) -> GuestConfig {
    let mut cfg = GuestConfig::new(name, scripts_dir().join("tcp.sh"));
    cfg.ip = Some((GUEST_IP, PREFIX));
    cfg.files.push(scripts_dir().join("tcp-peer.py"));
    cfg.data
        .push(("to-nic.bin".into(), pattern(FROM_GUEST, 0, len as usize)));
    for (k, v) in [
        ("ROLE", role.to_string()),
        ("NIC_IP", NIC_IP.to_string()),
        ("PORT", port.to_string()),
        ("LEN", len.to_string()),
    ] {
        cfg.env.push((k.into(), v));
    }
    cfg
}

/// Runs the simulation until the NIC reports a TCP event, at most
/// `limit` of wall time.
fn next_event(rig: &mut Rig, limit: Duration) -> TcpEventInfo {
    let start = Instant::now();
    loop {
        if let Some(e) = rig.nic.tcp_poll_event().expect("TCP_EVENT") {
            return e;
        }
        for _ in 0..16 {
            rig.dev.relax();
        }
        if start.elapsed() > limit || rig.guest.try_exit().expect("wait").is_some() {
            panic!(
                "no TCP event in {:?}; {}; console:\n{}",
                start.elapsed(),
                rig.report(),
                rig.guest.tail(60)
            );
        }
    }
}

/// What an exchange took.
struct Measure {
    /// Wall time from boot to the connection.
    connected: Duration,
    /// Wall time of the data both ways.
    data: Duration,
    /// Device time of the data.
    sim_ns: u64,
    /// Frames through the bridge (both ways) during the data.
    frames: u64,
}

/// warpnic's side of the exchange: writes `len` bytes of [`FROM_NIC`] and
/// reads and checks `len` bytes of [`FROM_GUEST`] at once; then the
/// guest's FIN, warpnic's close.
fn exchange(rig: &mut Rig, st: &mut TcpStream, ep: EndpointId, len: u64) -> Measure {
    let connected = rig.wall.elapsed();
    let t0 = Instant::now();
    let sim0 = rig.dev.now_ns();
    let b0 = rig.bridge.get();
    let chunk = 64 * 1024;
    let out = pattern(FROM_NIC, 0, len as usize);
    let mut buf = vec![0u8; chunk];
    let (mut sent, mut got) = (0u64, 0u64);
    let mut moved_at = Instant::now();
    while sent < len || got < len {
        let mut moved = false;
        if sent < len {
            let n = (len - sent).min(chunk as u64) as usize;
            let w = st
                .write(&out[sent as usize..sent as usize + n])
                .expect("warpnic write");
            sent += w as u64;
            moved |= w > 0;
        }
        let r = st.read(&mut buf).expect("warpnic read");
        if let Some((at, was, want)) = mismatch(FROM_GUEST, got, &buf[..r]) {
            panic!("warpnic received byte {at} as {was:#04x}, expected {want:#04x}");
        }
        got += r as u64;
        moved |= r > 0;
        if moved {
            moved_at = Instant::now();
        } else {
            for _ in 0..16 {
                rig.dev.relax();
            }
        }
        assert!(
            moved_at.elapsed() < STALL_LIMIT,
            "no progress for {STALL_LIMIT:?}: warpnic sent {sent} got {got} of {len}; {}; console:\n{}",
            rig.report(),
            rig.guest.tail(60)
        );
    }
    let b1 = rig.bridge.get();
    let m = Measure {
        connected,
        data: t0.elapsed(),
        sim_ns: rig.dev.now_ns() - sim0,
        frames: (b1.rx_frames + b1.tx_frames) - (b0.rx_frames + b0.tx_frames),
    };
    let e = next_event(rig, STALL_LIMIT);
    assert!(
        matches!(e, TcpEventInfo::PeerClosed { ep: x } if x == ep),
        "{e:?}"
    );
    st.flush_wait(Duration::from_millis(200))
        .expect("the guest acknowledges every byte");
    rig.nic.tcp_close(ep).expect("close");
    let e = next_event(rig, STALL_LIMIT);
    assert!(
        matches!(e, TcpEventInfo::Closed { ep: x } if x == ep),
        "{e:?}"
    );
    m
}

/// After the guest's script: its report and its file match warpnic's
/// pattern byte for byte.
fn check_guest_received(rig: &mut Rig, len: u64) {
    let rc = rig.wait_done();
    let line = rig.line("SIWTEST received");
    assert_eq!(rc, 0, "guest failed; console:\n{}", rig.guest.tail(60));
    let file = rig.guest.out_dir().join("from-nic.bin");
    let got = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    assert_eq!(got.len() as u64, len, "{line}");
    if let Some((at, was, want)) = mismatch(FROM_NIC, 0, &got) {
        panic!("the guest received byte {at} as {was:#04x}, expected {want:#04x}");
    }
    let want = sha256(&pattern(FROM_NIC, 0, len as usize));
    assert!(
        line.contains(&format!("bytes={len} sha256={want}")),
        "the guest's report {line:?}, expected SHA-256 {want}"
    );
}

fn summary(rig: &Rig, what: &str, len: u64, m: &Measure) {
    let secs = m.data.as_secs_f64();
    let mib = len as f64 / f64::from(1 << 20);
    let b = rig.bridge.get();
    println!(
        "{what}: connected {:.2} s after boot; {mib} MiB each way in {secs:.2} s of wall time \
         ({:.2} MiB/s each way, {:.0} frames/s through the bridge), {:.3} ms of device time; \
         whole test {:.1} s; guest: {}; {}",
        m.connected.as_secs_f64(),
        mib / secs,
        m.frames as f64 / secs,
        m.sim_ns as f64 / 1e6,
        rig.wall.elapsed().as_secs_f64(),
        rig.line("SIWTEST received"),
        rig.report()
    );
    assert_eq!(b.malformed, 0, "{b:?}");
    let s = rig.nic.stats().expect("stats");
    assert_eq!(s.tcp_rx_bad_csum, 0, "{s:?}");
}

#[test]
fn siw_guest_tcp_client_to_a_warpnic_listener() {
    let _one = one_guest();
    let len = data_len();
    let port = 5000;
    let mut rig = Rig::boot(&tcp_config("wn-tcpcli", "client", port, len));
    rig.nic
        .tcp_config(&kernel_peer_tcp_timers())
        .expect("TCP timing");
    rig.nic
        .tcp_listen_with(port, 8, 1 << BUF_LOG)
        .expect("listen");
    let e = next_event(&mut rig, GUEST_LIMIT);
    let TcpEventInfo::Accepted { ep, conn, .. } = e else {
        panic!("expected ACCEPTED, got {e:?}");
    };
    assert_eq!(*conn.peer.ip(), GUEST_IP);
    assert_eq!(*conn.local.ip(), NIC_IP);
    let mut st = TcpStream::attach(&rig.nic, ep, &conn, BUF_LOG).expect("attach");
    let m = exchange(&mut rig, &mut st, ep, len);
    check_guest_received(&mut rig, len);
    summary(&rig, "guest client, warpnic server", len, &m);
}

#[test]
fn siw_guest_tcp_server_accepts_a_warpnic_client() {
    let _one = one_guest();
    let len = data_len();
    let port = 6000;
    let mut rig = Rig::boot(&tcp_config("wn-tcpsrv", "server", port, len));
    rig.nic
        .tcp_config(&kernel_peer_tcp_timers())
        .expect("TCP timing");
    let dev = rig.dev.clone();
    rig.guest
        .wait_for("SIWTEST listening", GUEST_LIMIT, || dev.relax())
        .unwrap_or_else(|e| panic!("{e}"));
    let opts = ConnectOpts {
        tcp_opt: cpl_tcp_opt::WSCALE,
        rcv_wscale: 7,
        rcv_wnd: 1 << BUF_LOG,
        ..ConnectOpts::default()
    };
    let ep = rig.nic.tcp_connect(GUEST_IP, port, &opts).expect("connect");
    let e = next_event(&mut rig, STALL_LIMIT);
    let TcpEventInfo::Established { ep: x, conn } = e else {
        panic!("expected ESTABLISHED, got {e:?}");
    };
    assert_eq!(x, ep);
    assert_eq!(*conn.peer.ip(), GUEST_IP);
    let mut st = TcpStream::attach(&rig.nic, ep, &conn, BUF_LOG).expect("attach");
    let m = exchange(&mut rig, &mut st, ep, len);
    check_guest_received(&mut rig, len);
    let accepted = rig.line("SIWTEST accepted");
    assert!(
        accepted.contains(&format!("{NIC_IP}:{}", conn.local.port())),
        "{accepted}"
    );
    summary(&rig, "guest server, warpnic client", len, &m);
}

#[test]
fn siw_guest_launcher_reports_a_missing_image_with_the_fix() {
    let paths = warpnic_tests::siw::SiwPaths {
        image: std::env::temp_dir().join("warpnic-siw-no-image-here"),
        ..warpnic_tests::siw::SiwPaths::locate()
    };
    let e = paths.check().expect_err("no image there");
    let text = e.to_string();
    assert!(text.contains("tests/peers/guest/build-image.sh"), "{text}");
}

#[test]
fn siw_guest_launcher_passes_kernel_words_and_collects_output() {
    let _one = one_guest();
    let mut cfg = GuestConfig::new("wn-probe", scripts_dir().join("probe.sh"));
    cfg.kernel_args.push("siw.mpa_crc_required=Y".into());
    cfg.env.push(("WORD".into(), "warpnic-7".into()));
    cfg.time_limit = GUEST_LIMIT;
    // no NIC: the guest's siw sits on a dummy interface
    let mut guest = SiwGuest::spawn(&cfg, None).unwrap_or_else(|e| panic!("{e}"));
    let ready = guest
        .wait_for(READY, GUEST_LIMIT, || {
            std::thread::sleep(Duration::from_millis(5))
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let booted = guest.elapsed();
    let rc = guest
        .wait_done(GUEST_LIMIT, || std::thread::sleep(Duration::from_millis(5)))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(rc, 0, "console:\n{}", guest.tail(40));
    let line = guest.find_line("SIWTEST siw").expect("the probe's line");
    assert!(
        line.contains("mpa_crc_required=Y word=warpnic-7"),
        "{line}; console:\n{}",
        guest.tail(40)
    );
    let out = std::fs::read_to_string(guest.out_dir().join("probe.txt")).expect("probe.txt");
    assert_eq!(out.trim(), "warpnic-7");
    // the mark hides what came before it
    guest.mark();
    assert_eq!(guest.find_line("SIWTEST"), None);
    guest.clear_mark();
    assert!(guest.find_line("SIWTEST").is_some());
    let status = guest
        .wait_exit(Duration::from_secs(30), || {
            std::thread::sleep(Duration::from_millis(5))
        })
        .expect("power-off");
    assert!(status.success(), "{status}");
    println!(
        "probe: ready {:.2} s after QEMU started ({ready}); powered off after {:.2} s",
        booted.as_secs_f64(),
        guest.elapsed().as_secs_f64()
    );
}

/// Live processes (not zombies) whose process group is `pgid` (from
/// `/proc/<pid>/stat`).
fn group_members(pgid: u32) -> Vec<String> {
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").expect("/proc").flatten() {
        let Ok(stat) = std::fs::read_to_string(e.path().join("stat")) else {
            continue;
        };
        // pid (comm) state ppid pgrp ...; comm may hold spaces
        let Some(rest) = stat.rsplit_once(") ").map(|(_, r)| r) else {
            continue;
        };
        let fields: Vec<&str> = rest.split_whitespace().collect();
        if fields.get(2) == Some(&pgid.to_string().as_str()) && fields.first() != Some(&"Z") {
            out.push(stat.split(") ").next().unwrap_or("").to_string());
        }
    }
    out
}

#[test]
fn siw_guest_launcher_kills_the_guest_on_drop() {
    let _one = one_guest();
    let mut cfg = GuestConfig::new("wn-kill", scripts_dir().join("probe.sh"));
    cfg.env.push(("WORD".into(), "x".into()));
    let guest = SiwGuest::spawn(&cfg, None).unwrap_or_else(|e| panic!("{e}"));
    let pgid = guest.pid();
    let start = Instant::now();
    while !group_members(pgid).iter().any(|p| p.contains("qemu")) {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "no QEMU in process group {pgid}: {:?}",
            group_members(pgid)
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(guest);
    // SIGKILL takes effect asynchronously; QEMU is not our child to reap,
    // and on a loaded machine its exit (freeing the guest's memory) has
    // taken more than 5 s
    let start = Instant::now();
    while !group_members(pgid).is_empty() && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(group_members(pgid), Vec::<String>::new(), "left behind");
}

// ----- the bridge in a world, with a stand-in for QEMU ----------------------

/// An ARP request from `mac`/`ip` for [`NIC_IP`], framed as QEMU frames it.
fn framed_arp_request(mac: [u8; 6], ip: Ipv4Addr) -> Vec<u8> {
    use warpnic_abi::gen::{ArpOper, EtherType};
    use warpnic_abi::wire::{ArpRepr, EthernetRepr};
    let mut f = [0u8; 42];
    let h = EthernetRepr {
        dst: [0xff; 6],
        src: mac,
        ether_type: EtherType::Arp.into(),
    }
    .emit(&mut f)
    .expect("ethernet header");
    let n = ArpRepr {
        oper: ArpOper::Request,
        sha: mac,
        spa: ip,
        tha: [0; 6],
        tpa: NIC_IP,
    }
    .emit(&mut f[h..])
    .expect("arp");
    let mut out = ((h + n) as u32).to_be_bytes().to_vec();
    out.extend_from_slice(&f[..h + n]);
    out
}

/// Runs the simulation until one whole frame (length field and frame)
/// arrived on `peer`, at most 30 s of wall time.
fn read_framed(dev: &Arc<dyn Device>, peer: &mut std::os::unix::net::UnixStream) -> Vec<u8> {
    use std::io::Read;
    let mut buf = Vec::new();
    let mut chunk = [0u8; 2048];
    let start = Instant::now();
    loop {
        if buf.len() >= 4 {
            let n = u32::from_be_bytes([buf[0], buf[1], buf[2], buf[3]]) as usize;
            if buf.len() >= 4 + n {
                return buf[4..4 + n].to_vec();
            }
        }
        match peer.read(&mut chunk) {
            Ok(0) => panic!("the bridge closed the connection"),
            Ok(k) => buf.extend_from_slice(&chunk[..k]),
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                for _ in 0..16 {
                    dev.relax();
                }
            }
            Err(e) => panic!("reading from the bridge: {e}"),
        }
        assert!(start.elapsed() < Duration::from_secs(30), "no frame");
    }
}

/// The NIC's answer to [`framed_arp_request`] from `mac`/`ip`.
fn expect_arp_reply(frame: &[u8], nic_mac: [u8; 6], mac: [u8; 6], ip: Ipv4Addr) {
    use warpnic_abi::gen::ArpOper;
    use warpnic_abi::wire::{ArpRepr, EthernetRepr};
    let (eth, payload) = EthernetRepr::parse(frame).expect("ethernet");
    assert_eq!((eth.dst, eth.src), (mac, nic_mac));
    let (arp, _) = ArpRepr::parse(payload).expect("arp");
    assert_eq!(arp.oper, ArpOper::Reply);
    assert_eq!(
        (arp.sha, arp.spa, arp.tha, arp.tpa),
        (nic_mac, NIC_IP, mac, ip)
    );
}

#[test]
fn siw_bridge_in_a_world_answers_arp_and_survives_a_malformed_length() {
    use std::os::unix::net::UnixStream;
    let path = std::env::temp_dir().join(format!("wn-siw-bridge-{}.sock", std::process::id()));
    let bridge = warpnic_sim::bridge::QemuBridge::listen(&path).expect("listen");
    let stats = bridge.stats();
    let (_world, dev, nic) = bridged_nic(Box::new(bridge), NIC_IP, PREFIX);
    let nic_mac = nic.mac().expect("mac");
    let (mac, ip) = ([0x52, 0x54, 0, 1, 2, 3], GUEST_IP);

    // a stand-in for QEMU: an ARP request in QEMU's framing, the
    // firmware's reply comes back in it
    let mut peer = UnixStream::connect(&path).expect("connect");
    peer.set_nonblocking(true).expect("nonblocking");
    peer.write_all(&framed_arp_request(mac, ip)).expect("write");
    let reply = read_framed(&dev, &mut peer);
    expect_arp_reply(&reply, nic_mac, mac, ip);
    let c = stats.get();
    assert_eq!(
        (c.connects, c.rx_frames, c.rx_padded, c.tx_frames),
        (1, 1, 1, 1),
        "{c:?}"
    );

    // a zero length: the bridge drops the connection, the world runs on
    peer.write_all(&[0, 0, 0, 0, 0xde, 0xad]).expect("write");
    let start = Instant::now();
    while stats.get().malformed == 0 {
        dev.relax();
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{:?}",
            stats.get()
        );
    }
    let c = stats.get();
    assert_eq!(
        (c.malformed, c.disconnects, c.connected),
        (1, 1, false),
        "{c:?}"
    );
    let why = stats.last_error().expect("the reason");
    assert!(why.contains("frame length 0"), "{why}");
    peer.set_nonblocking(false).expect("blocking");
    peer.set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    let mut x = [0u8; 1];
    assert_eq!(
        std::io::Read::read(&mut peer, &mut x).expect("read"),
        0,
        "end of stream"
    );

    // the next connection works again
    let mut peer = UnixStream::connect(&path).expect("connect again");
    peer.set_nonblocking(true).expect("nonblocking");
    peer.write_all(&framed_arp_request(mac, ip)).expect("write");
    let reply = read_framed(&dev, &mut peer);
    expect_arp_reply(&reply, nic_mac, mac, ip);
    assert_eq!(stats.get().connects, 2);
    let s = nic.stats().expect("stats");
    assert!(s.rx_exception >= 2 && s.tx_fw_frames >= 2, "{s:?}");
}

/// Boots a guest whose `rping -c` connects to a warpnic listener through
/// rdma_cm (siw with `kernel_args`), accepts the TCP connection, attaches
/// a stream and waits for siw's MPA request on it.
fn rping_request(
    name: &str,
    kernel_args: &[&str],
) -> (
    Rig,
    EndpointId,
    TcpStream,
    warpnic::MpaSetup,
    warpnic::MpaEvent,
) {
    use warpnic::mpa::{CrcPolicy, MarkerPolicy, MpaConfig, Revision, RtrSet};
    let port = 7174;
    let mut cfg = GuestConfig::new(name, scripts_dir().join("rping.sh"));
    cfg.ip = Some((GUEST_IP, PREFIX));
    cfg.env.push(("NIC_IP".into(), NIC_IP.to_string()));
    cfg.env.push(("PORT".into(), port.to_string()));
    cfg.kernel_args
        .extend(kernel_args.iter().map(|a| (*a).to_string()));
    let mut rig = Rig::boot(&cfg);
    rig.nic
        .tcp_config(&kernel_peer_tcp_timers())
        .expect("TCP timing");
    rig.nic.tcp_listen_with(port, 8, 1 << 16).expect("listen");
    let e = next_event(&mut rig, GUEST_LIMIT);
    let TcpEventInfo::Accepted { ep, conn, .. } = e else {
        panic!("expected ACCEPTED, got {e:?}");
    };
    assert_eq!(*conn.peer.ip(), GUEST_IP);
    let mut st = TcpStream::attach(&rig.nic, ep, &conn, 16).expect("attach");
    let mpa = MpaConfig {
        revision: Revision::V2,
        crc: CrcPolicy::Allowed,
        markers: MarkerPolicy::Disabled,
        rtr: RtrSet::ALL,
        // device time; the guest's request follows its TCP handshake at
        // once in its own time, which is far less simulated time
        timeout: 50_000_000,
    };
    let mut setup = warpnic::MpaSetup::listen(&rig.nic, &mut st, mpa).expect("MPA listen");
    let start = Instant::now();
    let req = loop {
        if let Some(e) = setup.poll(&rig.nic, &mut st).expect("poll") {
            break e;
        }
        for _ in 0..16 {
            rig.dev.relax();
        }
        assert!(
            start.elapsed() < GUEST_LIMIT,
            "no MPA request; {}; console:\n{}",
            rig.report(),
            rig.guest.tail(60)
        );
    };
    println!("siw's MPA request: {req:?}");
    let warpnic::MpaEvent::ConnectRequest {
        revision,
        markers,
        ird_ord,
        private_data,
        ..
    } = &req
    else {
        panic!("expected the MPA request, got {req:?}");
    };
    assert_eq!(*revision, Revision::V2, "siw's default mpa_version");
    assert!(!markers, "siw never asks for markers");
    let io = ird_ord.expect("the RFC 6581 IRD/ORD block");
    assert!(io.ird >= 1 && io.ord >= 1, "{io:?}");
    assert!(private_data.len() <= 512);
    (rig, ep, st, setup, req)
}

/// Linux soft-iWARP's `rping -c` in the guest connects to a warpnic
/// listener through rdma_cm: siw's MPA request (revision 2 with the
/// RFC 6581 IRD/ORD block, its defaults) reaches warpnic's MPA setup over
/// the offloaded stream, which rejects it with private data; rdma_cm in
/// the guest reports the reject and rping fails.
#[test]
fn siw_rping_client_mpa_request_is_parsed_and_rejected() {
    let _one = one_guest();
    let (mut rig, _ep, mut st, mut setup, req) = rping_request("wn-rping-rej", &[]);
    assert!(matches!(
        req,
        warpnic::MpaEvent::ConnectRequest { crc: false, .. }
    ));
    setup
        .reject(&rig.nic, &mut st, b"warpnic: rejected by the test")
        .expect("reject");
    let rc = rig.wait_done();
    let rejected = rig.line("RDMA_CM_EVENT_REJECTED");
    println!("guest: {rejected}; rping rc={rc}; {}", rig.report());
    assert_ne!(rc, 0, "rping reports the failed connect");
}

/// siw with `mpa_crc_required=Y`: warpnic accepts its MPA request (CRC on
/// both ways), then reads siw's first FPDU from the stream, exactly after
/// the frame: rping's SEND of its buffer description (untagged, queue 0,
/// MSN 1, offset 0, last), whose CRC32c checks. warpnic has no RDMA mode
/// yet, so it then aborts the connection and rping ends.
#[test]
fn siw_rping_client_mpa_accept_then_its_first_fpdu_checks() {
    use warpnic::mpa::AcceptParams;
    use warpnic_abi::gen::RdmapOpcode;
    use warpnic_abi::wire::{DdpRepr, MpaFpduRepr};
    let _one = one_guest();
    let (mut rig, ep, mut st, mut setup, req) =
        rping_request("wn-rping-acc", &["siw.mpa_crc_required=Y"]);
    assert!(matches!(
        req,
        warpnic::MpaEvent::ConnectRequest { crc: true, .. }
    ));
    let est = setup
        .accept(
            &rig.nic,
            &mut st,
            AcceptParams {
                private_data: &[],
                ird: 1,
                ord: 1,
            },
        )
        .expect("accept");
    let warpnic::MpaEvent::Established { params, .. } = est else {
        panic!("expected ESTABLISHED, got {est:?}");
    };
    assert!(
        params.crc && !params.markers_rx && !params.markers_tx,
        "{params:?}"
    );
    assert!(
        params.await_first_fpdu,
        "the responder waits for the initiator"
    );
    // siw's first FPDU: ULPDU_Length, then the rest
    let wait = Duration::from_millis(50);
    let mut len = [0u8; 2];
    let io = |e| panic!("{e}; {}; console:\n{}", rig.report(), rig.guest.tail(40));
    if let Err(e) = st.read_exact(&mut len, wait) {
        io(e);
    }
    let ulpdu = usize::from(u16::from_be_bytes(len));
    let mut fpdu = len.to_vec();
    fpdu.resize(MpaFpduRepr::wire_len_for(ulpdu), 0);
    if let Err(e) = st.read_exact(&mut fpdu[2..], wait) {
        io(e);
    }
    let (f, _) = MpaFpduRepr::parse(&fpdu, true).expect("an FPDU with a good CRC");
    let (ddp, payload) = DdpRepr::parse(f.ulpdu).expect("a DDP segment");
    println!(
        "siw's first FPDU: {} bytes, {ddp:?}, {} payload bytes",
        fpdu.len(),
        payload.len()
    );
    let DdpRepr::Untagged(u) = ddp else {
        panic!("a tagged first message: {ddp:?}");
    };
    assert_eq!(u.opcode, RdmapOpcode::Send);
    assert!(u.last);
    assert_eq!((u.qn, u.msn, u.mo), (0, 1, 0));
    assert_eq!(payload.len(), 16, "rping's buffer description");
    rig.nic.tcp_abort(ep).expect("abort");
    // rping sees the connection reset and ends (its exit code is 0 here:
    // the client treats a disconnect as the end of the test)
    let rc = rig.wait_done();
    println!("rping rc={rc}; {}", rig.report());
}
