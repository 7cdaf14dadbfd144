//! The Linux kernel's TCP against warpnic's: a TAP inside a network
//! namespace the test creates, bridged to a simulated NIC whose RTL engine
//! and firmware run the connection. Linux connects to a warpnic listener
//! and warpnic connects to a Linux listener; both close orders and a
//! Linux RST. The kernel's sockets are made inside the namespace
//! (`TapNet::run_in`) and used from a helper thread while the main thread
//! runs the simulation.

use std::io::Read;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::os::fd::AsRawFd;
use std::sync::Arc;
use std::time::{Duration, Instant};

use warpnic::{ConnectOpts, Device, EndpointId, Nic, TcpEventInfo};
use warpnic_abi::gen::{cpl_tcp_opt, CplStatus};
use warpnic_sim::bridge::TapNet;
use warpnic_sim::{SimWorld, WorldConfig};

/// Wall-clock limit of one exchange with the kernel.
const LIMIT: Duration = Duration::from_secs(60);

struct Setup {
    net: TapNet,
    // the world must outlive the NIC's device
    _world: Arc<SimWorld>,
    dev: Arc<dyn Device>,
    nic: Nic,
}

fn setup(label: &str) -> Setup {
    let mut net = TapNet::create(label).unwrap_or_else(|e| {
        panic!("cannot build the TAP and network namespace (needs root, /dev/net/tun, ip): {e}")
    });
    let bridge = net.take_bridge().expect("bridge");
    let world = SimWorld::new(&WorldConfig::with_nics(1)).expect("world with one NIC");
    world
        .with(|w| w.attach_bridge(0, Box::new(bridge)))
        .expect("world")
        .expect("attach the TAP to NIC 0");
    let dev: Arc<dyn Device> = world.device(0).expect("device");
    let nic = Nic::open(dev.clone()).expect("open NIC");
    nic.set_port(true, true).expect("port up");
    nic.set_ipv4(net.nic_ip(), TapNet::PREFIX_LEN)
        .expect("SET_IPV4");
    Setup {
        net,
        _world: world,
        dev,
        nic,
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
        // Linux offers window scaling: both sides use it
        assert_eq!(
            conn.tcp_opt & cpl_tcp_opt::WSCALE,
            cpl_tcp_opt::WSCALE,
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
