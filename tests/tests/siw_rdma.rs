//! RDMA between warpnic and Linux soft-iWARP (siw) in a QEMU guest bridged
//! to a simulated NIC, MPA revision 2 with CRC (the guest's
//! `siw.mpa_crc_required=Y`), connections set up by warpnic's connection
//! manager, which binds the queue pairs, and by rdma_cm in the guest:
//!
//! - rping (rdma-core): warpnic's rping client (`warpnic_tests::rping`)
//!   against the guest's `rping -s`, whose printed ping data the test
//!   checks; the guest's `rping -c -V` against warpnic's rping server,
//!   which checks the ping data it reads and echoes it back;
//! - perftest `ib_write_bw`, `ib_read_bw`, `ib_send_bw` with `-R`
//!   (rdma_cm), both ways (`warpnic_tests::perftest`): the guest's result
//!   line and exit status.
//!
//! Where the guest is the passive side, stock siw has a race (see
//! `SiwBuild::FixedAccept`): an FPDU that arrives right after its MPA
//! reply may sit unread. Those tests have the guest load the image's fixed
//! siw build, and one rping test runs against stock siw with a pause
//! before warpnic's first FPDU.
//!
//! One guest runs at a time. `WARPNIC_SIW_PCAP=<folder>` has QEMU capture
//! each guest's port into `<folder>/<guest>.pcap`.

use std::net::Ipv4Addr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use warpnic::mpa::{CrcPolicy, MarkerPolicy, MpaConfig, Revision, RtrSet};
use warpnic::{Device, Nic};
use warpnic_sim::bridge::QemuStats;
use warpnic_sim::SimWorld;
use warpnic_tests::cm_peer::{Endpoint, PeerResult};
use warpnic_tests::siw::{scripts_dir, GuestConfig, SiwBuild, SiwGuest, READY};
use warpnic_tests::{bridged_nic, kernel_peer_tcp_timers, perftest, rping};

const GUEST_IP: Ipv4Addr = Ipv4Addr::new(10, 50, 0, 1);
const NIC_IP: Ipv4Addr = Ipv4Addr::new(10, 50, 0, 2);
const PREFIX: u8 = 24;

/// Wall-clock limit of one test: boot, the exchange, power-off.
const TEST_LIMIT: Duration = Duration::from_secs(50);

/// One guest at a time.
static ONE_GUEST: Mutex<()> = Mutex::new(());

fn one_guest() -> MutexGuard<'static, ()> {
    ONE_GUEST.lock().unwrap_or_else(|p| p.into_inner())
}

/// warpnic's MPA side: revision 2, CRC required, no markers; the endpoint
/// timer in device time (which never runs ahead of the wall).
fn mpa() -> MpaConfig {
    MpaConfig {
        revision: Revision::V2,
        crc: CrcPolicy::Required,
        markers: MarkerPolicy::Disabled,
        rtr: RtrSet::ALL,
        timeout: 5_000_000_000,
    }
}

/// A booting guest bridged to NIC 0 of a fresh world, the NIC up with
/// [`NIC_IP`] and TCP timing for a kernel peer.
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
    fn boot(name: &str, script: &str, env: &[(&str, String)], siw: SiwBuild) -> Rig {
        let wall = Instant::now();
        let mut cfg = GuestConfig::new(name, scripts_dir().join(script));
        cfg.ip = Some((GUEST_IP, PREFIX));
        cfg.kernel_args.push("siw.mpa_crc_required=Y".into());
        cfg.env
            .extend(env.iter().map(|(k, v)| ((*k).to_string(), v.clone())));
        cfg.time_limit = TEST_LIMIT + Duration::from_secs(10);
        if let Some(dir) = std::env::var_os("WARPNIC_SIW_PCAP") {
            cfg.pcap = Some(std::path::Path::new(&dir).join(format!("{name}.pcap")));
        }
        cfg.siw = siw;
        let (guest, bridge) = SiwGuest::boot(&cfg).unwrap_or_else(|e| panic!("{e}"));
        let stats = bridge.stats();
        let (world, dev, nic) = bridged_nic(Box::new(bridge), NIC_IP, PREFIX);
        nic.tcp_config(&kernel_peer_tcp_timers())
            .expect("TCP timing");
        let mut rig = Rig {
            guest,
            _world: world,
            dev,
            nic,
            bridge: stats,
            wall,
        };
        // the guest loaded the siw build the test asked for
        let ready = rig.wait_line(READY);
        assert!(
            ready.contains(&format!(" siw={} ", siw.name())),
            "the guest did not load siw {}: {ready}",
            siw.name()
        );
        rig
    }

    /// Runs the simulation until a console line has `needle`.
    fn wait_line(&mut self, needle: &str) -> String {
        let dev = self.dev.clone();
        let left = TEST_LIMIT.saturating_sub(self.wall.elapsed());
        self.guest
            .wait_for(needle, left, || {
                for _ in 0..16 {
                    dev.relax();
                }
            })
            .unwrap_or_else(|e| panic!("{e}\n{}", self.report()))
    }

    /// Runs the simulation until the guest's script ends; its exit code.
    fn wait_done(&mut self) -> i32 {
        let dev = self.dev.clone();
        let left = TEST_LIMIT.saturating_sub(self.wall.elapsed());
        self.guest
            .wait_done(left, || {
                for _ in 0..16 {
                    dev.relax();
                }
            })
            .unwrap_or_else(|e| panic!("{e}\n{}", self.report()))
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
            self.nic.stats().ok()
        )
    }

    /// Runs `peer` with an endpoint on the NIC and a step that runs the
    /// simulation and gives up when the guest exits or the test's time is
    /// up; a failure shows the console.
    fn run<T>(
        &mut self,
        peer: impl FnOnce(&mut Endpoint<'_>, &mut dyn FnMut() -> PeerResult<()>) -> PeerResult<T>,
    ) -> T {
        let deadline = self.wall + TEST_LIMIT;
        let dev = self.dev.clone();
        let guest = &mut self.guest;
        let mut looked = Instant::now();
        let mut step = move || -> PeerResult<()> {
            for _ in 0..32 {
                dev.relax();
            }
            if looked.elapsed() > Duration::from_millis(100) {
                looked = Instant::now();
                if let Some(st) = guest.try_exit().map_err(|e| e.to_string())? {
                    return Err(format!("the guest exited ({st})"));
                }
            }
            Ok(())
        };
        let mut ep = Endpoint::new(&self.nic, deadline).unwrap_or_else(|e| panic!("{e}"));
        let r = peer(&mut ep, &mut step);
        drop(ep);
        r.unwrap_or_else(|e| panic!("{e}\n{}\nconsole:\n{}", self.report(), self.guest.tail(60)))
    }
}

// ----- rping ------------------------------------------------------------------

const RPING_PORT: u16 = 7174;

/// warpnic's rping client against the guest's `rping -s`: `count` pings
/// of `size` bytes; the guest prints each ping's data as it read it.
fn rping_client_against_siw_server(
    name: &str,
    siw: SiwBuild,
    count: u32,
    size: usize,
    pause: Duration,
) {
    let _one = one_guest();
    let env = [
        ("SELF", GUEST_IP.to_string()),
        ("PORT", RPING_PORT.to_string()),
        ("SIZE", size.to_string()),
    ];
    let mut rig = Rig::boot(name, "rping-server.sh", &env, siw);
    rig.wait_line("SIWTEST listening");
    let t0 = Instant::now();
    let report = rig.run(|ep, step| {
        rping::client_with_pause(ep, GUEST_IP, RPING_PORT, mpa(), count, size, pause, step)
    });
    let exchange = t0.elapsed();
    let rc = rig.wait_done();
    let con = rig.guest.console();
    assert_eq!(rc, 0, "rping -s failed; console:\n{}", rig.guest.tail(60));
    assert_eq!(report.pings, count);
    let lines: Vec<&str> = con
        .lines()
        .filter_map(|l| l.split("server ping data: ").nth(1))
        .collect();
    assert_eq!(lines.len(), count as usize, "console:\n{con}");
    for (i, l) in lines.iter().enumerate() {
        let want = rping::ping_data(i as u32, size);
        let text = String::from_utf8_lossy(&want[..size - 1]);
        assert_eq!(l.trim_end(), text, "ping {i}");
    }
    println!(
        "{name}: {count} pings of {size} bytes in {:.2} s; whole test {:.2} s; {}",
        exchange.as_secs_f64(),
        rig.wall.elapsed().as_secs_f64(),
        rig.report()
    );
}

#[test]
fn siw_rping_warpnic_client_against_siw_server() {
    rping_client_against_siw_server(
        "wn-rping-srv",
        SiwBuild::FixedAccept,
        10,
        64,
        Duration::ZERO,
    );
}

/// Stock siw as the passive side: warpnic pauses 50 ms of wall time after
/// ESTABLISHED before its first FPDU, outside stock siw's window.
#[test]
fn siw_rping_warpnic_client_against_stock_siw_server() {
    rping_client_against_siw_server(
        "wn-rping-stock",
        SiwBuild::Stock,
        10,
        64,
        Duration::from_millis(50),
    );
}

/// The guest's `rping -c -v -V` against warpnic's rping server, which
/// checks each ping's data; the guest validates each echo and prints it.
#[test]
fn siw_rping_siw_client_against_warpnic_server() {
    let _one = one_guest();
    let (count, size) = (10u32, 100usize);
    let env = [
        ("NIC_IP", NIC_IP.to_string()),
        ("PORT", RPING_PORT.to_string()),
        ("COUNT", count.to_string()),
        ("SIZE", size.to_string()),
    ];
    let mut rig = Rig::boot("wn-rping-cli", "rping-client.sh", &env, SiwBuild::Stock);
    let t0 = Instant::now();
    let report = rig.run(|ep, step| {
        ep.cm
            .listen(RPING_PORT, 4, mpa())
            .map_err(|e| format!("listen: {e}"))?;
        rping::server(ep, size, step)
    });
    let exchange = t0.elapsed();
    let rc = rig.wait_done();
    let con = rig.guest.console();
    assert_eq!(rc, 0, "rping -c failed; console:\n{}", rig.guest.tail(60));
    assert_eq!(report.pings.len(), count as usize);
    let lines: Vec<&str> = con
        .lines()
        .filter_map(|l| l.strip_prefix("ping data: "))
        .collect();
    assert_eq!(lines.len(), count as usize, "console:\n{con}");
    for (i, l) in lines.iter().enumerate() {
        let want = rping::ping_data(i as u32, size);
        let text = String::from_utf8_lossy(&want[..size - 1]);
        assert_eq!(l.trim_end(), text, "ping {i}");
        assert_eq!(report.pings[i], text, "ping {i} as warpnic read it");
    }
    assert!(!con.contains("data mismatch"), "console:\n{con}");
    println!(
        "siw rping client: {count} pings of {size} bytes served in {:.2} s; whole test {:.2} s; {}",
        exchange.as_secs_f64(),
        rig.wall.elapsed().as_secs_f64(),
        rig.report()
    );
}

// ----- perftest ---------------------------------------------------------------

/// Bytes per message and messages of the perftest runs.
const PERF_SIZE: u32 = 4096;
const PERF_ITERS: u32 = 100;

fn perf_env(role: &str, verb: perftest::Verb) -> Vec<(&'static str, String)> {
    vec![
        ("ROLE", role.to_string()),
        ("VERB", verb.name().to_string()),
        ("SIZE", PERF_SIZE.to_string()),
        ("ITERS", PERF_ITERS.to_string()),
        ("PORT", perftest::PORT.to_string()),
        ("NIC_IP", NIC_IP.to_string()),
    ]
}

/// The guest's result line, checked: `#bytes #iterations` as run, three
/// numbers after them.
fn check_result_line(rig: &Rig, what: &str) -> String {
    let con = rig.guest.console();
    let (line, v) = perftest::result_line(&con, PERF_SIZE, PERF_ITERS).unwrap_or_else(|| {
        panic!(
            "{what}: no result line for {PERF_SIZE} bytes x {PERF_ITERS}; console:\n{}",
            rig.guest.tail(60)
        )
    });
    assert!(v.iter().all(|x| x.is_finite() && *x >= 0.0), "{line}");
    line
}

/// warpnic's perftest client against the guest's `ib_<verb>_bw -R`
/// server.
fn perftest_warpnic_client(name: &str, verb: perftest::Verb) {
    let _one = one_guest();
    let env = perf_env("server", verb);
    let mut rig = Rig::boot(name, "perftest.sh", &env, SiwBuild::FixedAccept);
    rig.wait_line("SIWTEST listening");
    let o = perftest::Opts::new(verb, PERF_SIZE, PERF_ITERS);
    let out = rig.run(|ep, step| perftest::client(ep, GUEST_IP, mpa(), &o, step));
    let rc = rig.wait_done();
    assert_eq!(
        rc,
        0,
        "ib_{}_bw server failed; console:\n{}",
        verb.name(),
        rig.guest.tail(60)
    );
    let line = check_result_line(&rig, name);
    assert!(out.peer_version.starts_with('6'), "{out:?}");
    // a half-duplex server sends a report it never filled in: only its
    // presence is checked
    assert_eq!(out.peer_report.is_some(), verb != perftest::Verb::Send);
    println!(
        "{name}: warpnic ib_{}_bw client, {PERF_ITERS} x {PERF_SIZE} bytes in {:.3} s ({:.4} Gb/s, {} credit updates); the guest server printed:\n{line}\nwhole test {:.2} s; {}",
        verb.name(),
        out.test_time.as_secs_f64(),
        out.report.bw_avg,
        out.credits,
        rig.wall.elapsed().as_secs_f64(),
        rig.report()
    );
}

/// The guest's `ib_<verb>_bw -R` client against warpnic's perftest
/// server.
fn perftest_warpnic_server(name: &str, verb: perftest::Verb) {
    let _one = one_guest();
    let env = perf_env("client", verb);
    let mut rig = Rig::boot(name, "perftest.sh", &env, SiwBuild::Stock);
    let o = perftest::Opts::new(verb, PERF_SIZE, PERF_ITERS);
    let out = rig.run(|ep, step| {
        ep.cm
            .listen(o.port, 4, mpa())
            .map_err(|e| format!("listen: {e}"))?;
        perftest::server(ep, &o, step)
    });
    let rc = rig.wait_done();
    assert_eq!(
        rc,
        0,
        "ib_{}_bw client failed; console:\n{}",
        verb.name(),
        rig.guest.tail(60)
    );
    let line = check_result_line(&rig, name);
    if verb == perftest::Verb::Send {
        assert!(out.credits >= PERF_ITERS / (o.rx_depth / 3), "{out:?}");
    } else {
        let r = out.peer_report.expect("the client's report");
        assert_eq!(
            (r.size, r.iters),
            (u64::from(PERF_SIZE), u64::from(PERF_ITERS))
        );
    }
    println!(
        "{name}: the guest's ib_{}_bw client against warpnic's server printed:\n{line}\nwarpnic's test phase {:.3} s; whole test {:.2} s; {}",
        verb.name(),
        out.test_time.as_secs_f64(),
        rig.wall.elapsed().as_secs_f64(),
        rig.report()
    );
}

#[test]
fn siw_perftest_write_bw_warpnic_client() {
    perftest_warpnic_client("wn-write-srv", perftest::Verb::Write);
}

#[test]
fn siw_perftest_read_bw_warpnic_client() {
    perftest_warpnic_client("wn-read-srv", perftest::Verb::Read);
}

#[test]
fn siw_perftest_send_bw_warpnic_client() {
    perftest_warpnic_client("wn-send-srv", perftest::Verb::Send);
}

#[test]
fn siw_perftest_write_bw_warpnic_server() {
    perftest_warpnic_server("wn-write-cli", perftest::Verb::Write);
}

#[test]
fn siw_perftest_read_bw_warpnic_server() {
    perftest_warpnic_server("wn-read-cli", perftest::Verb::Read);
}

#[test]
fn siw_perftest_send_bw_warpnic_server() {
    perftest_warpnic_server("wn-send-cli", perftest::Verb::Send);
}

// ----- connection-manager events ----------------------------------------------

const PORT_NONE: u16 = 7180;
const PORT_FULL: u16 = 7181;
/// A guest port nobody listens on.
const GUEST_PORT_NONE: u16 = 7182;
/// An address on the guest's subnet that no host has.
const NOBODY: Ipv4Addr = Ipv4Addr::new(10, 50, 0, 99);

/// The connection manager's failure events against Linux rdma_cm and
/// siw, as seed 004 maps them:
/// - the guest's `rping -c` to a warpnic listener whose backlog (1) is
///   taken by an unanswered request: the manager resets the connection
///   after its handshake, and rdma_cm in the guest reports
///   RDMA_CM_EVENT_REJECTED (ECONNRESET);
/// - the guest's `rping -c` to a warpnic port nobody listens on: the
///   engine answers the SYN with RST; siw connects its TCP socket inside
///   `rdma_connect`, which fails at once with ECONNREFUSED (no event);
/// - warpnic connecting to a guest port with no listener:
///   NON_PEER_REJECTED (the guest's RST);
/// - warpnic connecting to an address of the guest's subnet that no host
///   has: UNREACHABLE once its 5 ms timeout runs out (ARP unanswered).
#[test]
fn siw_cm_events_rejected_and_unreachable() {
    use warpnic::mpa::ConnectParams;
    use warpnic::{Cm, CmEvent, CmFailure};
    use warpnic_abi::gen::CplStatus;
    let _one = one_guest();
    let env = [
        ("NIC_IP", NIC_IP.to_string()),
        ("PORT_NONE", PORT_NONE.to_string()),
        ("PORT_FULL", PORT_FULL.to_string()),
    ];
    let mut rig = Rig::boot("wn-cm-events", "cm-events.sh", &env, SiwBuild::Stock);
    let nic = rig.nic.clone();
    let mut cm = Cm::new(&nic);
    cm.listen(PORT_FULL, 1, mpa()).expect("listen");
    let dev = rig.dev.clone();
    let deadline = rig.wall + TEST_LIMIT;
    let mut requests = 0;
    let mut looked = Instant::now();
    loop {
        if let Some(e) = cm.poll().expect("poll") {
            match e {
                // taken and never answered: the backlog is full
                CmEvent::ConnectRequest { .. } => requests += 1,
                e => panic!("unexpected {e:?}"),
            }
        }
        for _ in 0..16 {
            dev.relax();
        }
        if looked.elapsed() > Duration::from_millis(100) {
            looked = Instant::now();
            if rig.guest.find_line("SIWTEST waiting").is_some() {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "the guest's connects did not end; {}; console:\n{}",
                rig.report(),
                rig.guest.tail(60)
            );
        }
    }
    let con = rig.guest.console();
    let rc = |what: &str| -> i32 {
        con.lines()
            .find_map(|l| l.strip_prefix(&format!("SIWTEST {what} rc=")))
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or_else(|| panic!("no rc of {what}; console:\n{con}"))
    };
    let section = |from: &str, to: &str| -> Vec<&str> {
        con.lines()
            .skip_while(|l| !l.starts_with(from))
            .take_while(|l| !l.starts_with(to))
            .filter(|l| l.contains("RDMA_CM_EVENT") || l.contains("error") || l.contains("fail"))
            .collect()
    };
    println!(
        "guest, no listener: rc {} {:?}",
        rc("none"),
        section("SIWTEST none", "SIWTEST none rc=")
    );
    println!(
        "guest, full backlog: rc {} {:?}",
        rc("full"),
        section("SIWTEST full", "SIWTEST full rc=")
    );
    assert_ne!(rc("none"), 0, "rping to a port nobody listens on");
    assert!(
        con.contains("rdma_connect: Connection refused"),
        "console:\n{con}"
    );
    assert_ne!(rc("full"), 0, "rping to a full backlog");
    assert!(
        con.contains("cma event RDMA_CM_EVENT_REJECTED, error -104"),
        "console:\n{con}"
    );
    assert_eq!(requests, 1, "one request within the backlog");
    assert_eq!(cm.backlog_resets(), 1, "one reset beyond it");

    let params = ConnectParams {
        private_data: b"anyone?",
        ird: 1,
        ord: 1,
        p2p: false,
    };
    // the event of connection `id`; others (the unanswered request's end,
    // once the guest's rping gives up) are only shown
    let wait = |cm: &mut Cm<'_>, id: warpnic::CmId| -> (CmEvent, u64) {
        let t0 = dev.now_ns();
        loop {
            match cm.poll().expect("poll") {
                Some(e) if e.id() == id => return (e, dev.now_ns() - t0),
                Some(e) => println!("(another connection: {e:?})"),
                None => {}
            }
            for _ in 0..16 {
                dev.relax();
            }
            assert!(Instant::now() < deadline, "no event in time");
        }
    };
    let id = cm
        .connect(GUEST_IP, GUEST_PORT_NONE, mpa(), params, None)
        .expect("connect");
    let (e, _) = wait(&mut cm, id);
    println!("warpnic to a guest port with no listener: {e:?}");
    assert_eq!(
        e,
        CmEvent::NonPeerRejected {
            id,
            reason: CmFailure::Tcp(CplStatus::ConnRefused)
        }
    );
    let timeout = Duration::from_millis(5);
    let id = cm
        .connect_within(NOBODY, GUEST_PORT_NONE, mpa(), params, None, Some(timeout))
        .expect("connect");
    let (e, after) = wait(&mut cm, id);
    println!("warpnic to an address nobody has: {e:?} after {after} ns of device time");
    assert_eq!(e, CmEvent::Unreachable { id });
    assert!(
        after >= timeout.as_nanos() as u64,
        "{after} ns: before the timeout"
    );
    rig.guest.kill();
}

// ----- connection setup without Cm::connect -----------------------------------

const ACCEPT_PORT: u16 = 7190;

/// Linux rdma_cm's listener in the guest (`rping -s -P`) accepts two
/// connections that warpnic sets up other than with `Cm::connect`, each
/// binding a QP and reaching ESTABLISHED:
/// - a Socket Service Point's active side (seed 001): an offloaded TCP
///   connection of the raw API, no streaming bytes (a final message of
///   zero bytes), then `Cm::socket_connect` sends the MPA request on it;
/// - `getaddrinfo` → `create_ep` → `connect` (seed 002), address and
///   route resolved through the firmware's ARP.
#[test]
fn siw_accepts_ssp_and_create_ep_connections() {
    use warpnic::mpa::ConnectParams;
    use warpnic::rdma_cm::{getaddrinfo, ConnParam, RdmaCm, RdmaCmEventKind};
    use warpnic::{Cm, CmEvent, CmQp, ConnectOpts, QpCaps, TcpEventInfo, TcpStream};
    use warpnic_sim::rdma::qp_parts;
    let _one = one_guest();
    let env = [
        ("SELF", GUEST_IP.to_string()),
        ("PORT", ACCEPT_PORT.to_string()),
    ];
    let mut rig = Rig::boot("wn-cm-accept", "cm-accept.sh", &env, SiwBuild::FixedAccept);
    rig.wait_line("SIWTEST listening");
    let nic = rig.nic.clone();
    let dev = rig.dev.clone();
    let deadline = rig.wall + TEST_LIMIT;
    let relax = || {
        for _ in 0..16 {
            dev.relax();
        }
        assert!(Instant::now() < deadline, "out of time");
    };

    // a Socket Service Point's active side
    let ep = nic
        .tcp_connect(GUEST_IP, ACCEPT_PORT, &ConnectOpts::default())
        .expect("TCP connect");
    let conn = loop {
        match nic.tcp_poll_event().expect("event") {
            Some(TcpEventInfo::Established { ep: e, conn }) if e == ep => break conn,
            Some(e) => panic!("raw: {e:?}"),
            None => relax(),
        }
    };
    let socket = TcpStream::attach(&nic, ep, &conn, 14).expect("stream");
    let qa = qp_parts(&nic, QpCaps::default(), 64).expect("QP");
    let mut cm = Cm::new(&nic);
    let id = cm
        .socket_connect(
            socket,
            mpa(),
            ConnectParams {
                private_data: b"",
                ird: 4,
                ord: 4,
                p2p: false,
            },
            Some(CmQp::new(qa.qp.clone())),
            Some(Duration::from_secs(5)),
        )
        .expect("socket_connect");
    let e = loop {
        match cm.poll().expect("poll") {
            Some(e) => break e,
            None => relax(),
        }
    };
    println!("SSP active side against rdma_cm: {e:?}");
    assert!(
        matches!(e, CmEvent::Established { id: i, .. } if i == id),
        "{e:?}"
    );
    cm.disconnect(id).expect("disconnect");

    // getaddrinfo -> create_ep -> connect
    let mut rcm = RdmaCm::new(&nic, mpa()).expect("channel");
    let ai = getaddrinfo(Some(&GUEST_IP.to_string()), &ACCEPT_PORT.to_string(), false)
        .expect("getaddrinfo");
    let cid = rcm
        .create_ep(&ai, Duration::from_millis(50))
        .expect("create_ep");
    let qb = qp_parts(&nic, QpCaps::default(), 64).expect("QP");
    rcm.connect(
        cid,
        ConnParam {
            private_data: b"",
            responder_resources: 4,
            initiator_depth: 4,
        },
        Some(CmQp::new(qb.qp.clone())),
    )
    .expect("connect");
    let e = loop {
        match rcm.get_event(None).expect("event") {
            Some(e) => break e,
            None => relax(),
        }
    };
    println!("create_ep path against rdma_cm: {e:?}");
    assert_eq!((e.id, e.kind), (cid, RdmaCmEventKind::Established));
    rcm.disconnect(cid).expect("disconnect");
    rig.guest.kill();
}
