//! The Linux kernel's TCP against warpnic's: a TAP inside a network
//! namespace the test creates, bridged to a simulated NIC whose RTL engine
//! and firmware run the connection. Linux connects to a warpnic listener
//! and warpnic connects to a Linux listener; both close orders and a
//! Linux RST. Then data: a deterministic pattern both ways at once on one
//! connection, checked byte by byte on both sides, with warpnic as server
//! and as client, on a clean bridge and with the link model's loss and
//! reordering applied to the bridged frames in both directions. The
//! kernel's sockets are made inside the namespace (`TapNet::run_in`) and
//! used from helper threads while the main thread runs the simulation and
//! warpnic's side.
//!
//! `WARPNIC_LINUX_CC=<name>` sets the kernel sockets' congestion control
//! (`TCP_CONGESTION`, e.g. `cubic`; default: the namespace's).
//! `WARPNIC_LINUX_TCP_MIB` sets the bytes each way of the data tests
//! (default 64 MiB; see `data_len`).

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::os::fd::AsRawFd;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::thread::ScopedJoinHandle;
use std::time::{Duration, Instant};
use warpnic_tests::{bridged_nic, kernel_peer_tcp_timers, stream_byte};

use warpnic::{
    ConnectOpts, Connection, Device, EndpointId, Nic, TcpEventInfo, TcpStream as NicStream,
};
use warpnic_abi::gen::{cpl_tcp_opt, CplStatus};
use warpnic_sim::bridge::{BridgeFaultStats, BridgeFaults, FaultyBridge, TapNet, TapStats};
use warpnic_sim::SimWorld;

/// Wall-clock limit of one exchange with the kernel.
const LIMIT: Duration = Duration::from_secs(60);

struct Setup {
    net: TapNet,
    // the world must outlive the NIC's device
    _world: Arc<SimWorld>,
    dev: Arc<dyn Device>,
    nic: Nic,
    tap: TapStats,
    faults: Option<BridgeFaultStats>,
}

fn setup(label: &str) -> Setup {
    setup_with(label, None)
}

/// The setup with `faults` applied to the bridged frames both ways.
fn setup_with(label: &str, faults: Option<BridgeFaults>) -> Setup {
    let mut net = TapNet::create(label).unwrap_or_else(|e| {
        panic!("cannot build the TAP and network namespace (needs root, /dev/net/tun, ip): {e}")
    });
    let bridge = net.take_bridge().expect("bridge");
    let tap = bridge.stats();

    let mut stats = None;
    let bridge: Box<dyn warpnic_sim::PortBridge> = match faults {
        None => Box::new(bridge),
        Some(f) => {
            let b = FaultyBridge::new(bridge, &f).expect("fault stage");
            stats = Some(b.stats());
            Box::new(b)
        }
    };
    let (world, dev, nic) = bridged_nic(bridge, net.nic_ip(), TapNet::PREFIX_LEN);
    Setup {
        net,
        _world: world,
        dev,
        nic,
        tap,
        faults: stats,
    }
}

/// Runs the simulation until the NIC reports a TCP event.
fn next_event(s: &Setup) -> TcpEventInfo {
    let start = Instant::now();
    loop {
        if let Some(e) = s.nic.tcp_poll_event().expect("TCP_EVENT") {
            return e;
        }
        s.dev.relax();
        assert!(
            start.elapsed() < LIMIT,
            "no TCP event in {LIMIT:?} of wall time"
        );
    }
}

/// Runs the simulation until `done` holds.
fn run_until(s: &Setup, done: impl Fn() -> bool) {
    let start = Instant::now();
    while !done() {
        for _ in 0..64 {
            s.dev.relax();
        }
        assert!(
            start.elapsed() < LIMIT,
            "the kernel's side did not finish in {LIMIT:?}"
        );
    }
}

/// Sets SO_LINGER to zero, so that dropping the socket sends RST.
fn linger_zero(sock: &TcpStream) {
    let l = libc::linger {
        l_onoff: 1,
        l_linger: 0,
    };
    // SAFETY: setsockopt on a socket this test owns, with a correctly
    // sized linger value.
    let r = unsafe {
        libc::setsockopt(
            sock.as_raw_fd(),
            libc::SOL_SOCKET,
            libc::SO_LINGER,
            (&l as *const libc::linger).cast(),
            std::mem::size_of::<libc::linger>() as libc::socklen_t,
        )
    };
    assert_eq!(r, 0, "SO_LINGER: {}", std::io::Error::last_os_error());
}

#[test]
fn linux_tcp_client_connects_to_a_warpnic_listener() {
    let s = setup("tcpsrv");
    let l = s.nic.tcp_listen(5000, 8).expect("listen");
    let target = SocketAddr::new(s.net.nic_ip().into(), 5000);
    std::thread::scope(|sc| {
        let client = sc.spawn(|| {
            s.net
                .run_in(move || TcpStream::connect_timeout(&target, LIMIT))
                .expect("a thread in the namespace")
        });
        let e = next_event(&s);
        let TcpEventInfo::Accepted { ep, listener, conn } = e else {
            panic!("expected ACCEPTED, got {e:?}");
        };
        assert_eq!(listener, l);
        run_until(&s, || client.is_finished());
        let stream = client
            .join()
            .expect("client thread")
            .expect("Linux connect()");
        let local = stream.local_addr().expect("local address");
        assert_eq!(
            conn.peer,
            match local {
                SocketAddr::V4(a) => a,
                SocketAddr::V6(_) => panic!("IPv6"),
            }
        );
        assert_eq!(*conn.local.ip(), s.net.nic_ip());
        // Linux offers window scaling and SACK: both sides use them
        assert_eq!(
            conn.tcp_opt & (cpl_tcp_opt::WSCALE | cpl_tcp_opt::SACK),
            cpl_tcp_opt::WSCALE | cpl_tcp_opt::SACK,
            "{conn:?}"
        );
        assert!(conn.mss >= 1400, "{conn:?}");

        // Linux closes first: warpnic sees the FIN, closes; Linux reads EOF
        stream
            .shutdown(std::net::Shutdown::Write)
            .expect("shutdown");
        let e = next_event(&s);
        assert!(
            matches!(e, TcpEventInfo::PeerClosed { ep: x } if x == ep),
            "{e:?}"
        );
        s.nic.tcp_close(ep).expect("close");
        let reader = sc.spawn(move || {
            let mut stream = stream;
            stream.set_read_timeout(Some(LIMIT)).expect("timeout");
            let mut b = [0u8; 16];
            stream.read(&mut b)
        });
        let e = next_event(&s);
        assert!(
            matches!(e, TcpEventInfo::Closed { ep: x } if x == ep),
            "{e:?}"
        );
        run_until(&s, || reader.is_finished());
        let n = reader.join().expect("reader").expect("Linux read()");
        assert_eq!(n, 0, "Linux reads end of stream");
    });
    let st = s.nic.stats().expect("stats");
    assert_eq!(st.tcp_rx_bad_csum, 0, "{st:?}");
    assert_eq!(st.tcp_cpl_bad, 0, "{st:?}");
}

#[test]
fn linux_tcp_server_accepts_a_warpnic_client_and_resets_it() {
    let s = setup("tcpcli");
    let bind = SocketAddr::new(s.net.kernel_ip().into(), 6000);
    let listener = s
        .net
        .run_in(move || TcpListener::bind(bind))
        .expect("a thread in the namespace")
        .expect("Linux bind()");
    listener.set_nonblocking(true).expect("nonblocking");
    std::thread::scope(|sc| {
        let server = sc.spawn(move || {
            let start = Instant::now();
            loop {
                match listener.accept() {
                    Ok((stream, peer)) => return (stream, peer),
                    Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                        assert!(start.elapsed() < LIMIT, "no connection to accept");
                        std::thread::sleep(Duration::from_millis(2));
                    }
                    Err(e) => panic!("Linux accept(): {e}"),
                }
            }
        });
        let opts = ConnectOpts {
            tcp_opt: cpl_tcp_opt::WSCALE,
            rcv_wscale: 7,
            rcv_wnd: 1 << 20,
            ..ConnectOpts::default()
        };
        let ep: EndpointId = s
            .nic
            .tcp_connect(s.net.kernel_ip(), 6000, &opts)
            .expect("connect");
        let e = next_event(&s);
        let TcpEventInfo::Established { ep: x, conn } = e else {
            panic!("expected ESTABLISHED, got {e:?}");
        };
        assert_eq!(x, ep);
        assert_eq!(*conn.peer.ip(), s.net.kernel_ip());
        assert_eq!(
            conn.rcv_wscale, 7,
            "Linux offers window scaling too: {conn:?}"
        );
        run_until(&s, || server.is_finished());
        let (stream, peer) = server.join().expect("server thread");
        assert_eq!(
            peer,
            SocketAddr::V4(conn.local),
            "Linux sees warpnic's address and port"
        );
        assert_eq!(*conn.local.ip(), s.net.nic_ip());
        // Linux resets the connection (SO_LINGER 0): warpnic reports RESET
        linger_zero(&stream);
        drop(stream);
        let e = next_event(&s);
        assert!(
            matches!(e, TcpEventInfo::Reset { ep: x, cause: CplStatus::ConnReset } if x == ep),
            "{e:?}"
        );
    });
    // the ARP exchange both ways went through the firmware
    assert_eq!(
        s.net.neighbour(s.net.nic_ip()).expect("ip neigh"),
        Some(s.nic.mac().expect("mac")),
    );
}

#[test]
fn linux_tcp_to_a_closed_warpnic_port_is_refused() {
    let s = setup("tcprst");
    let target = SocketAddr::new(s.net.nic_ip().into(), 5999);
    std::thread::scope(|sc| {
        let client = sc.spawn(|| {
            s.net
                .run_in(move || TcpStream::connect_timeout(&target, LIMIT))
                .expect("a thread in the namespace")
        });
        run_until(&s, || client.is_finished());
        let r = client.join().expect("client thread");
        let err = r.expect_err("nothing listens on 5999");
        assert_eq!(err.kind(), std::io::ErrorKind::ConnectionRefused, "{err}");
    });
    assert!(s.nic.stats().expect("stats").tcp_rst_sent >= 1);
}

// ----- data both ways -------------------------------------------------------

/// Pattern stream from Linux to warpnic.
const FROM_LINUX: u64 = 1;
/// Pattern stream from warpnic to Linux.
const FROM_NIC: u64 = 2;

/// Bytes each way of the data tests: `WARPNIC_LINUX_TCP_MIB` MiB, default
/// 64. The simulation runs about a thousand times slower than real time
/// (the kernel sees a slow peer), and on a clean bridge 64 MiB each way
/// takes about 20 s of wall time.
fn data_len() -> u64 {
    std::env::var("WARPNIC_LINUX_TCP_MIB")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(64)
        << 20
}

fn fill(k: u64, from: u64, buf: &mut [u8]) {
    for (j, x) in buf.iter_mut().enumerate() {
        *x = stream_byte(k, from + j as u64);
    }
}

/// Checks `buf` against pattern stream `k` from offset `from`.
fn check(k: u64, from: u64, buf: &[u8], who: &str) -> Result<(), String> {
    match buf
        .iter()
        .enumerate()
        .find(|&(j, &x)| x != stream_byte(k, from + j as u64))
    {
        None => Ok(()),
        Some((j, &x)) => Err(format!(
            "{who}: byte {} is {x:#04x}, expected {:#04x}",
            from + j as u64,
            stream_byte(k, from + j as u64)
        )),
    }
}

/// Progress of the kernel's side, for the watchdog and the report.
#[derive(Default)]
struct LinuxProgress {
    sent: AtomicU64,
    got: AtomicU64,
}

/// The kernel's side of a data exchange on `sock`: once `go` fires, one
/// thread writes `len` bytes of pattern [`FROM_LINUX`] and shuts its side
/// down, another reads and checks `len` bytes of [`FROM_NIC`] and then the
/// end of the stream. Blocking sockets with the wall-clock timeout
/// [`LIMIT`].
fn linux_side<'s>(
    sc: &'s std::thread::Scope<'s, '_>,
    sock: TcpStream,
    go: mpsc::Receiver<()>,
    len: u64,
    progress: &'s LinuxProgress,
) -> ScopedJoinHandle<'s, Result<(), String>> {
    sc.spawn(move || {
        go.recv().map_err(|e| format!("no go: {e}"))?;
        let io = |e: std::io::Error| e.to_string();
        if let Ok(cc) = std::env::var("WARPNIC_LINUX_CC") {
            // SAFETY: setsockopt on a socket this test owns, with the
            // name's bytes and length.
            let r = unsafe {
                libc::setsockopt(
                    sock.as_raw_fd(),
                    libc::IPPROTO_TCP,
                    libc::TCP_CONGESTION,
                    cc.as_ptr().cast(),
                    cc.len() as libc::socklen_t,
                )
            };
            if r != 0 {
                return Err(format!(
                    "TCP_CONGESTION {cc}: {}",
                    std::io::Error::last_os_error()
                ));
            }
        }
        sock.set_nonblocking(false).map_err(io)?;
        sock.set_read_timeout(Some(LIMIT)).map_err(io)?;
        sock.set_write_timeout(Some(LIMIT)).map_err(io)?;
        let mut wsock = sock.try_clone().map_err(io)?;
        let writer = sc.spawn(move || -> Result<(), String> {
            let mut buf = vec![0u8; 64 * 1024];
            let mut off = 0u64;
            while off < len {
                let n = (len - off).min(buf.len() as u64) as usize;
                fill(FROM_LINUX, off, &mut buf[..n]);
                wsock
                    .write_all(&buf[..n])
                    .map_err(|e| format!("Linux write at {off}: {e}"))?;
                off += n as u64;
                progress.sent.store(off, Ordering::Relaxed);
            }
            wsock
                .shutdown(std::net::Shutdown::Write)
                .map_err(|e| format!("Linux shutdown: {e}"))
        });
        let mut rsock = sock;
        let mut buf = vec![0u8; 64 * 1024];
        let mut got = 0u64;
        let read = loop {
            if got == len {
                break Ok(());
            }
            let want = (len - got).min(buf.len() as u64) as usize;
            match rsock.read(&mut buf[..want]) {
                Ok(0) => break Err(format!("Linux read: end of stream after {got} bytes")),
                Ok(n) => {
                    if let Err(e) = check(FROM_NIC, got, &buf[..n], "Linux") {
                        break Err(e);
                    }
                    got += n as u64;
                    progress.got.store(got, Ordering::Relaxed);
                }
                Err(e) => break Err(format!("Linux read after {got} bytes: {e}")),
            }
        };
        let eof = read.and_then(|()| match rsock.read(&mut buf) {
            Ok(0) => Ok(()),
            Ok(n) => Err(format!("Linux read {n} bytes beyond the stream")),
            Err(e) => Err(format!("Linux read at the end of the stream: {e}")),
        });
        let wrote = writer
            .join()
            .unwrap_or_else(|_| Err("the writer panicked".into()));
        eof.and(wrote)
    })
}

/// warpnic's side of a data exchange: writes `len` bytes of pattern
/// [`FROM_NIC`] into `st` and reads and checks `len` bytes of
/// [`FROM_LINUX`], running the simulation. Fails when neither side moved a
/// byte for [`LIMIT`] of wall time.
fn nic_side(s: &Setup, st: &mut NicStream, conn: &Connection, len: u64, linux: &LinuxProgress) {
    let ep = st.endpoint();
    let chunk = 64 * 1024;
    let mut buf = vec![0u8; chunk];
    let (mut sent, mut got) = (0u64, 0u64);
    let mut last = (0u64, 0u64, 0u64, 0u64);
    let mut moved_at = Instant::now();
    while sent < len || got < len {
        let mut moved = false;
        if sent < len {
            let n = (len - sent).min(chunk as u64) as usize;
            fill(FROM_NIC, sent, &mut buf[..n]);
            let w = st.write(&buf[..n]).expect("warpnic write");
            sent += w as u64;
            moved |= w > 0;
        }
        let r = st.read(&mut buf).expect("warpnic read");
        if let Err(e) = check(FROM_LINUX, got, &buf[..r], "warpnic") {
            panic!("{e}");
        }
        got += r as u64;
        moved |= r > 0;
        if !moved {
            for _ in 0..16 {
                s.dev.relax();
            }
        }
        let now = (
            sent,
            got,
            linux.sent.load(Ordering::Relaxed),
            linux.got.load(Ordering::Relaxed),
        );
        if now != last {
            last = now;
            moved_at = Instant::now();
        }
        if moved_at.elapsed() >= LIMIT {
            println!("stalled; probing the path with a ping: {}", probe(s));
        }
        assert!(
            moved_at.elapsed() < LIMIT,
            "no progress for {LIMIT:?}: warpnic sent {sent} got {got}, Linux sent {} got {}; {}; {}",
            now.2,
            now.3,
            report(s),
            connection_state(s, ep, conn)
        );
    }
}

/// The NIC's, the TAP's and the fault stage's counters, for messages.
fn report(s: &Setup) -> String {
    format!(
        "NIC {:?}; TAP {:?}; faults {:?}",
        s.nic.stats().expect("stats"),
        s.tap.get(),
        s.faults.as_ref().map(|f| f.get())
    )
}

/// Where frames from the kernel stop: counters of the TAP, the fault
/// stage, the NIC's MAC and engine before and after the kernel pings the
/// NIC (three echo requests, or ARP requests when the neighbour entry
/// expired) while the simulation runs.
fn probe(s: &Setup) -> String {
    let world = s._world.clone();
    let snap = || {
        let mac = world
            .with(|w| w.nic_counters(0))
            .expect("world")
            .expect("counters");
        let st = s.nic.stats().expect("stats");
        format!(
            "TAP rx {} tx {}; faults {:?}; MAC rx {} tx {}; NIC tcp_rx_segs {} rx_exception {} tx_fw_frames {} tcp_tx_segs {}; device {} ns",
            s.tap.get().rx_frames,
            s.tap.get().tx_frames,
            s.faults.as_ref().map(|f| {
                let c = f.get();
                (c.to_nic.sent, c.to_nic.delivered, c.to_peer.sent, c.to_peer.delivered)
            }),
            mac.mac_rx_frames,
            mac.mac_tx_frames,
            st.tcp_rx_segs,
            st.rx_exception,
            st.tx_fw_frames,
            st.tcp_tx_segs,
            s.dev.now_ns()
        )
    };
    let before = snap();
    let mut ping = s
        .net
        .command("ping")
        .args([
            "-c",
            "3",
            "-i",
            "0.5",
            "-W",
            "3",
            &s.net.nic_ip().to_string(),
        ])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("ping");
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(6) {
        s.dev.relax();
    }
    let _ = ping.kill();
    let out = ping
        .wait_with_output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned());
    format!("before: {before}\nafter:  {}\nping: {out:?}", snap())
}

/// warpnic's sequence state of `ep` and the kernel's view of its
/// sockets (`ss -tin`), for messages.
fn connection_state(s: &Setup, ep: EndpointId, conn: &Connection) -> String {
    use warpnic_abi::gen::TcbField as F;
    let fields = [
        F::State,
        F::SndUna,
        F::SndNxt,
        F::SndWnd,
        F::Cwnd,
        F::RcvNxt,
        F::RcvWnd,
        F::Srtt,
        F::TxCredits,
        F::Delack,
        F::TxSegs,
        F::RxSegs,
    ]
    .map(|f| {
        let v = s.nic.tcp_tcb(ep, f, 0, 0);
        match (f, &v) {
            // sequence numbers as stream offsets
            (F::SndUna | F::SndNxt, Ok(v)) => {
                let v = *v;
                format!(
                    "{f:?} +{}",
                    (v as u32).wrapping_sub(conn.snd_isn.wrapping_add(1))
                )
            }
            (F::RcvNxt, Ok(v)) => {
                let v = *v;
                format!(
                    "{f:?} +{}",
                    (v as u32).wrapping_sub(conn.rcv_isn.wrapping_add(1))
                )
            }
            // two counters in one field: low and high 32 bits
            (F::TxSegs | F::RxSegs, Ok(v)) => format!("{f:?} {}/{}", *v as u32, *v >> 32),
            _ => format!("{f:?} {v:?}"),
        }
    });
    let ss = s
        .net
        .command("ss")
        .arg("-tin")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned());
    let tc = s
        .net
        .command("tc")
        .args(["-s", "qdisc", "show"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned());
    let link = s
        .net
        .command("ip")
        .args(["-s", "link", "show"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned());
    let nstat = s.net.command("nstat").args(["-az"]).output().map(|o| {
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .filter(|l| {
                l.contains("Retrans")
                    || l.contains("Timeout")
                    || l.contains("Loss")
                    || l.contains("Drop")
            })
            .collect::<Vec<_>>()
            .join("; ")
    });
    format!(
        "device time {:.3} ms; warpnic TCB: {}; Linux: {ss:?}; qdiscs: {tc:?}; links: {link:?}; nstat: {nstat:?}",
        s.dev.now_ns() as f64 / 1e6,
        fields.join(", ")
    )
}

/// After the data: the kernel's FIN reaches warpnic after all its bytes,
/// warpnic's bytes are all acknowledged, warpnic closes, and the kernel's
/// reader sees the end of the stream.
fn finish(
    s: &Setup,
    st: &mut NicStream,
    ep: EndpointId,
    linux: ScopedJoinHandle<'_, Result<(), String>>,
) {
    let e = next_event(s);
    assert!(
        matches!(e, TcpEventInfo::PeerClosed { ep: x } if x == ep),
        "{e:?}"
    );
    st.flush_wait(Duration::from_millis(100))
        .expect("Linux acknowledges every byte");
    s.nic.tcp_close(ep).expect("close");
    let e = next_event(s);
    assert!(
        matches!(e, TcpEventInfo::Closed { ep: x } if x == ep),
        "{e:?}"
    );
    run_until(s, || linux.is_finished());
    if let Err(e) = linux.join().expect("Linux side") {
        panic!("{e}; {}", report(s));
    }
}

/// Moves `data_len()` bytes each way at once between a Linux socket and a
/// warpnic stream, warpnic listening (`nic_server`) or connecting, with
/// `faults` on the bridge; checks every byte and reports the times.
fn data_both_ways(label: &str, faults: Option<BridgeFaults>, nic_server: bool) {
    let s = setup_with(label, faults);
    s.nic
        .tcp_config(&kernel_peer_tcp_timers())
        .expect("TCP timing");
    let len = data_len();
    let progress = LinuxProgress::default();
    let wall = Instant::now();
    let t0 = s.dev.now_ns();
    std::thread::scope(|sc| {
        let (go_tx, go_rx) = mpsc::channel();
        let (ep, conn, mut st, linux) = if nic_server {
            s.nic
                .tcp_listen_with(5000, 8, 1 << BUF_LOG)
                .expect("listen");
            let target = SocketAddr::new(s.net.nic_ip().into(), 5000);
            let net = &s.net;
            let client = sc.spawn(move || {
                net.run_in(move || TcpStream::connect_timeout(&target, LIMIT))
                    .expect("a thread in the namespace")
            });
            let e = next_event(&s);
            let TcpEventInfo::Accepted { ep, conn, .. } = e else {
                panic!("expected ACCEPTED, got {e:?}");
            };
            let st = NicStream::attach(&s.nic, ep, &conn, BUF_LOG).expect("attach");
            run_until(&s, || client.is_finished());
            let sock = client
                .join()
                .expect("client thread")
                .expect("Linux connect()");
            (ep, conn, st, linux_side(sc, sock, go_rx, len, &progress))
        } else {
            let bind = SocketAddr::new(s.net.kernel_ip().into(), 6000);
            let listener = s
                .net
                .run_in(move || TcpListener::bind(bind))
                .expect("a thread in the namespace")
                .expect("Linux bind()");
            listener.set_nonblocking(true).expect("nonblocking");
            let server = sc.spawn(move || accept(&listener));
            let opts = ConnectOpts {
                tcp_opt: cpl_tcp_opt::WSCALE | cpl_tcp_opt::SACK,
                rcv_wscale: 7,
                rcv_wnd: 1 << BUF_LOG,
                ..ConnectOpts::default()
            };
            let ep = s
                .nic
                .tcp_connect(s.net.kernel_ip(), 6000, &opts)
                .expect("connect");
            let e = next_event(&s);
            let TcpEventInfo::Established { ep: x, conn } = e else {
                panic!("expected ESTABLISHED, got {e:?}");
            };
            assert_eq!(x, ep);
            let st = NicStream::attach(&s.nic, ep, &conn, BUF_LOG).expect("attach");
            run_until(&s, || server.is_finished());
            let sock = server.join().expect("server thread");
            (ep, conn, st, linux_side(sc, sock, go_rx, len, &progress))
        };
        go_tx.send(()).expect("go");
        nic_side(&s, &mut st, &conn, len, &progress);
        finish(&s, &mut st, ep, linux);
    });
    let ns = s.dev.now_ns() - t0;
    let secs = wall.elapsed().as_secs_f64();
    let mib = len as f64 / f64::from(1 << 20);
    println!(
        "{mib} MiB each way, warpnic {}: {secs:.1} s of wall time ({:.2} MiB/s each way), {:.3} ms of device time; {}",
        if nic_server { "server" } else { "client" },
        mib / secs,
        ns as f64 / 1e6,
        report(&s)
    );
    let st = s.nic.stats().expect("stats");
    assert_eq!(st.tcp_rx_bad_csum, 0, "{st:?}");
}

/// Accepts one connection on a non-blocking listener within [`LIMIT`].
fn accept(listener: &TcpListener) -> TcpStream {
    let start = Instant::now();
    loop {
        match listener.accept() {
            Ok((stream, _)) => return stream,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                assert!(start.elapsed() < LIMIT, "no connection to accept");
                std::thread::sleep(Duration::from_millis(2));
            }
            Err(e) => panic!("Linux accept(): {e}"),
        }
    }
}

/// Send and receive buffers of warpnic's stream: 4 MiB.
const BUF_LOG: u8 = 22;

/// 1 % loss and 1 % reordering each way, seeded.
fn lossy(seed: u64) -> BridgeFaults {
    BridgeFaults {
        loss: 0.01,
        reorder: 0.01,
        seed,
        ..BridgeFaults::default()
    }
}

#[test]
fn linux_tcp_data_both_ways_warpnic_server() {
    data_both_ways("datasrv", None, true);
}

#[test]
fn linux_tcp_data_both_ways_warpnic_client() {
    data_both_ways("datacli", None, false);
}

#[test]
fn linux_tcp_data_both_ways_warpnic_server_under_loss_and_reordering() {
    data_both_ways("lossysrv", Some(lossy(21)), true);
}

#[test]
fn linux_tcp_data_both_ways_warpnic_client_under_loss_and_reordering() {
    data_both_ways("lossycli", Some(lossy(22)), false);
}
