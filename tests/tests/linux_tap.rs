//! The Linux kernel's network stack against the RTL: one simulated NIC
//! bridged to a TAP in a network namespace of its own.
//!
//! Needs root (or CAP_NET_ADMIN and CAP_SYS_ADMIN), `/dev/net/tun`, `ip`
//! from iproute2 and `ping` (iputils, or busybox's). Without them the test
//! fails with the reason; it never skips.
//!
//! Two ways to answer the kernel: the NIC's firmware, which owns ARP and
//! ICMP echo once the port has an IPv4 address (the core steers those
//! frames to it), and, with the exception filter off, a small responder on
//! the host's raw queues.

use std::net::Ipv4Addr;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};
use warpnic::{
    CompletionKind, CompletionQueue, Device, DmaMem, DmaPerm, Nic, RawRecv, RawRecvQueue, RawSend,
    RawSendQueue,
};
use warpnic_abi::gen::{ArpOper, CqeStatus, EtherType, IpProtocol};
use warpnic_abi::wire::{ArpRepr, EthernetRepr, IcmpEchoKind, IcmpEchoRepr, Ipv4Repr};
use warpnic_sim::bridge::TapNet;
use warpnic_sim::{SimWorld, WorldConfig};

const SLOT: usize = 2048;
const RQ_DEPTH: usize = 32;
const SQ_DEPTH: usize = 16;
/// Wall-clock bound of the ping child.
const CHILD_LIMIT: Duration = Duration::from_secs(60);

/// What the responder answered.
#[derive(Debug, Default)]
struct Answered {
    arp: u32,
    echo: u32,
    ignored: u32,
}

/// The reply to one received frame, if it deserves one: an ARP reply for a
/// request for `ip`, an echo reply for an echo request to `ip`.
fn answer(frame: &[u8], mac: [u8; 6], ip: Ipv4Addr, out: &mut [u8]) -> Option<(usize, bool)> {
    let (eth, payload) = EthernetRepr::parse(frame).ok()?;
    if eth.ether_type == u16::from(EtherType::Arp) {
        let (arp, _) = ArpRepr::parse(payload).ok()?;
        if arp.oper != ArpOper::Request || arp.tpa != ip {
            return None;
        }
        let reply = ArpRepr {
            oper: ArpOper::Reply,
            sha: mac,
            spa: ip,
            tha: arp.sha,
            tpa: arp.spa,
        };
        let h = EthernetRepr {
            dst: arp.sha,
            src: mac,
            ether_type: EtherType::Arp.into(),
        }
        .emit(out)
        .ok()?;
        let n = reply.emit(&mut out[h..]).ok()?;
        return Some((h + n, true));
    }
    if eth.ether_type != u16::from(EtherType::Ipv4) {
        return None;
    }
    let (ipv4, msg) = Ipv4Repr::parse(payload).ok()?;
    if ipv4.dst != ip || ipv4.protocol != u8::from(IpProtocol::Icmp) || ipv4.frag_offset != 0 {
        return None;
    }
    let (echo, data) = IcmpEchoRepr::parse(msg).ok()?;
    if echo.kind != IcmpEchoKind::Request {
        return None;
    }
    let h = EthernetRepr {
        dst: eth.src,
        src: mac,
        ether_type: EtherType::Ipv4.into(),
    }
    .emit(out)
    .ok()?;
    let icmp_len = IcmpEchoRepr::LEN + data.len();
    let ip_out = Ipv4Repr {
        src: ip,
        dst: ipv4.src,
        protocol: IpProtocol::Icmp.into(),
        ttl: 64,
        dscp: 0,
        ecn: 0,
        ident: echo.seq,
        dont_frag: false,
        more_frags: false,
        frag_offset: 0,
        payload_len: icmp_len,
    };
    let i = ip_out.emit(out.get_mut(h..)?).ok()?;
    let reply = IcmpEchoRepr {
        kind: IcmpEchoKind::Reply,
        ..echo
    };
    let n = reply.emit(out.get_mut(h + i..)?, data).ok()?;
    Some((h + i + n, false))
}

/// The host side of the NIC: raw queues and the responder.
struct Responder {
    cq: CompletionQueue,
    sq: RawSendQueue,
    rq: RawRecvQueue,
    rx: DmaMem,
    tx: DmaMem,
    mac: [u8; 6],
    ip: Ipv4Addr,
    next_tx: usize,
    tx_free: usize,
    answered: Answered,
}

impl Responder {
    fn new(nic: &Nic, ip: Ipv4Addr) -> Responder {
        let cq = CompletionQueue::new(nic, (2 * (RQ_DEPTH + SQ_DEPTH)).next_power_of_two(), None)
            .expect("cq");
        let sq = RawSendQueue::new(nic, SQ_DEPTH, &cq).expect("sq");
        let rq = RawRecvQueue::new(nic, RQ_DEPTH, &cq).expect("rq");
        let rx = nic.alloc_dma(RQ_DEPTH * SLOT, DmaPerm::WRITE).expect("rx");
        let tx = nic.alloc_dma(SQ_DEPTH * SLOT, DmaPerm::READ).expect("tx");
        let all: Vec<RawRecv> = (0..RQ_DEPTH).map(|i| Self::slot(&rx, i)).collect();
        rq.post(&all).expect("post receive buffers");
        Responder {
            cq,
            sq,
            rq,
            rx,
            tx,
            mac: nic.mac().expect("mac"),
            ip,
            next_tx: 0,
            tx_free: SQ_DEPTH,
            answered: Answered::default(),
        }
    }

    fn slot(rx: &DmaMem, i: usize) -> RawRecv {
        RawRecv {
            addr: rx.iova() + (i * SLOT) as u64,
            len: SLOT as u32,
            wr_id: i as u64,
        }
    }

    /// Handles every completion waiting; returns whether there was any.
    fn poll(&mut self) -> bool {
        let mut cs = [warpnic::Completion::default(); 32];
        let k = self.cq.poll(&mut cs).expect("poll cq");
        for c in &cs[..k] {
            match c.kind {
                CompletionKind::Send => {
                    assert_eq!(c.status, CqeStatus::Success, "send {c:?}");
                    self.tx_free += 1;
                }
                CompletionKind::Recv => {
                    let i = c.wr_id as usize;
                    if c.status == CqeStatus::Success {
                        let mut f = vec![0u8; (c.byte_len as usize).min(SLOT)];
                        self.rx.read(i * SLOT, &mut f).expect("read frame");
                        self.respond(&f);
                    } else {
                        self.answered.ignored += 1;
                    }
                    self.rq
                        .post(&[Self::slot(&self.rx, i)])
                        .expect("repost receive buffer");
                }
                CompletionKind::TcpTxAcked | CompletionKind::TcpRx => {
                    panic!("a TCP stream completion on a raw queue's CQ: {c:?}")
                }
            }
        }
        k > 0
    }

    fn respond(&mut self, frame: &[u8]) {
        let mut out = [0u8; SLOT];
        let Some((len, arp)) = answer(frame, self.mac, self.ip, &mut out) else {
            self.answered.ignored += 1;
            return;
        };
        assert!(self.tx_free > 0, "send queue full");
        let s = self.next_tx;
        self.next_tx = (s + 1) % SQ_DEPTH;
        self.tx_free -= 1;
        self.tx.write(s * SLOT, &out[..len]).expect("write reply");
        self.sq
            .post(&[RawSend {
                addr: self.tx.iova() + (s * SLOT) as u64,
                len: len as u32,
                wr_id: s as u64,
                signaled: true,
            }])
            .expect("post reply");
        if arp {
            self.answered.arp += 1;
        } else {
            self.answered.echo += 1;
        }
    }
}

/// `ping` of iputils, or busybox's.
fn ping_command(net: &TapNet, args: &[&str]) -> Command {
    let have_ping = Command::new("ping")
        .arg("-V")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok();
    let mut c = if have_ping {
        net.command("ping")
    } else {
        let mut c = net.command("busybox");
        c.arg("ping");
        c
    };
    c.args(args);
    c
}

/// Runs the simulation (and the responder) until `child` exits or the
/// wall-clock limit passes; returns its exit status and output.
fn run_until_exit(
    child: &mut Child,
    mut r: Option<&mut Responder>,
    dev: &Arc<dyn Device>,
) -> (std::process::ExitStatus, String) {
    let start = Instant::now();
    let mut spins = 0u32;
    let status = loop {
        if !r.as_deref_mut().is_some_and(|r| r.poll()) {
            dev.relax();
        }
        spins = spins.wrapping_add(1);
        if spins.is_multiple_of(64) {
            if let Some(st) = child.try_wait().expect("wait for ping") {
                break st;
            }
            if start.elapsed() > CHILD_LIMIT {
                let _ = child.kill();
                let _ = child.wait();
                panic!(
                    "ping did not finish in {CHILD_LIMIT:?} of wall time; answered {:?}",
                    r.as_ref().map(|r| &r.answered)
                );
            }
        }
    };
    let mut out = String::new();
    if let Some(mut so) = child.stdout.take() {
        use std::io::Read;
        so.read_to_string(&mut out).expect("ping output");
    }
    (status, out)
}

#[test]
fn linux_ping_and_arp_through_tap_to_raw_queues() {
    let wall = Instant::now();
    let mut net = TapNet::create("ping").unwrap_or_else(|e| {
        panic!("cannot build the TAP and network namespace (needs root, /dev/net/tun, ip): {e}")
    });
    let bridge = net.take_bridge().expect("bridge");
    let stats = bridge.stats();
    let world = SimWorld::new(&WorldConfig::with_nics(1)).expect("world with one NIC");
    world
        .with(|w| w.attach_bridge(0, Box::new(bridge)))
        .expect("world")
        .expect("attach the TAP to NIC 0");
    let dev: Arc<dyn Device> = world.device(0).expect("device");
    let nic = Nic::open(dev.clone()).expect("open NIC");
    nic.set_port(true, true).expect("port up");
    // every frame to the host: the responder answers
    nic.set_exception_filter(0).expect("exception filter off");
    let mut r = Responder::new(&nic, net.nic_ip());
    let t_sim = dev.now_ns();

    let target = net.nic_ip().to_string();
    let mut child = ping_command(&net, &["-c", "3", "-W", "2", &target])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("spawn ping in the namespace");
    let t_ping = Instant::now();
    let (status, out) = run_until_exit(&mut child, Some(&mut r), &dev);
    let ping_wall = t_ping.elapsed();
    let sim_ns = dev.now_ns() - t_sim;
    let c = stats.get();
    eprintln!("{out}");
    eprintln!(
        "ping: {:.2} s wall, {:.3} ms simulated ({} cycles); total {:.2} s wall; \
         answered {:?}; tap {:?}",
        ping_wall.as_secs_f64(),
        sim_ns as f64 / 1e6,
        sim_ns / 4,
        wall.elapsed().as_secs_f64(),
        r.answered,
        c
    );
    assert!(status.success(), "ping failed ({status}):\n{out}");
    let replies = out
        .lines()
        .filter(|l| l.contains(&format!("bytes from {target}")))
        .count();
    assert_eq!(replies, 3, "ping output:\n{out}");
    assert!(
        out.contains("3 packets transmitted, 3 received")
            || out.contains("3 packets transmitted, 3 packets received"),
        "ping summary:\n{out}"
    );
    assert!(r.answered.arp >= 1, "{:?}", r.answered);
    assert_eq!(r.answered.echo, 3, "{:?}", r.answered);
    assert_eq!(
        net.neighbour(net.nic_ip()).expect("ip neigh"),
        Some(nic.mac().expect("mac")),
        "the kernel's neighbour entry for the NIC"
    );
    // the NIC transmitted what the responder posted; the kernel took it
    assert!(c.tx_frames >= 4, "{c:?}");
    assert_eq!(c.tx_dropped, 0, "{c:?}");
    // the simulation lagged the wall: pacing never held it back
    assert!(c.pace.lag > Duration::ZERO, "{c:?}");
}

#[test]
fn linux_ping_and_arp_answered_by_the_firmware() {
    let mut net = TapNet::create("fwping").unwrap_or_else(|e| {
        panic!("cannot build the TAP and network namespace (needs root, /dev/net/tun, ip): {e}")
    });
    let bridge = net.take_bridge().expect("bridge");
    let stats = bridge.stats();
    let world = SimWorld::new(&WorldConfig::with_nics(1)).expect("world with one NIC");
    world
        .with(|w| w.attach_bridge(0, Box::new(bridge)))
        .expect("world")
        .expect("attach the TAP to NIC 0");
    let dev: Arc<dyn Device> = world.device(0).expect("device");
    let nic = Nic::open(dev.clone()).expect("open NIC");
    nic.set_port(true, true).expect("port up");
    nic.set_ipv4(net.nic_ip(), 24).expect("SET_IPV4");
    assert_eq!(nic.ipv4().expect("GET_IPV4"), (net.nic_ip(), 24));
    // a group address or a prefix of 33 is refused
    assert!(nic.set_ipv4(Ipv4Addr::new(224, 0, 0, 1), 24).is_err());
    assert!(nic.set_ipv4(net.nic_ip(), 33).is_err());

    let target = net.nic_ip().to_string();
    let mut child = ping_command(&net, &["-c", "3", "-W", "2", &target])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("spawn ping in the namespace");
    // no host code answers: only the firmware, through the exception path
    let (status, out) = run_until_exit(&mut child, None, &dev);
    eprintln!("{out}");
    assert!(status.success(), "ping failed ({status}):\n{out}");
    let replies = out
        .lines()
        .filter(|l| l.contains(&format!("bytes from {target}")))
        .count();
    assert_eq!(replies, 3, "ping output:\n{out}");
    assert_eq!(
        net.neighbour(net.nic_ip()).expect("ip neigh"),
        Some(nic.mac().expect("mac")),
        "the kernel resolved the NIC by ARP"
    );
    let s = nic.stats().expect("stats");
    // at least one ARP request and the three echo requests went to the
    // firmware, and as many answers came back from it
    assert!(s.rx_exception >= 4, "{s:?}");
    assert!(s.tx_fw_frames >= 4, "{s:?}");
    assert_eq!(s.rx_drop_exception, 0, "{s:?}");
    assert!(stats.get().tx_frames >= 4);
}

#[test]
fn tapnet_builds_an_addressed_namespace_and_removes_it() {
    let net = TapNet::create("setup").unwrap_or_else(|e| {
        panic!("cannot build the TAP and network namespace (needs root, /dev/net/tun, ip): {e}")
    });
    let ns = net.netns().to_string();
    let listed = |name: &str| {
        let out = Command::new("ip")
            .args(["netns", "list"])
            .output()
            .expect("ip netns list");
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .any(|l| l.split_whitespace().next() == Some(name))
    };
    assert!(listed(&ns), "namespace {ns} not listed");
    let link = net.ip_output(&["link", "show", net.tap()]).expect("link");
    assert!(link.contains("UP") && link.contains("ether"), "{link}");
    let addr = net.ip_output(&["addr", "show", net.tap()]).expect("addr");
    assert!(
        addr.contains(&format!("inet {}/24", net.kernel_ip())),
        "{addr}"
    );
    // the tap is not in the root namespace any more
    let root = Command::new("ip")
        .args(["link", "show", net.tap()])
        .output()
        .expect("ip link");
    assert!(
        !root.status.success(),
        "{} still in the root namespace",
        net.tap()
    );
    net.set_rto_min(Duration::from_secs(3)).expect("rto_min");
    let routes = net.ip_output(&["route", "show"]).expect("routes");
    // iproute2 prints "rto_min lock 3s" for a value set explicitly
    let rto = routes
        .split_whitespace()
        .skip_while(|&w| w != "rto_min")
        .find(|&w| w != "rto_min" && w != "lock");
    assert_eq!(rto, Some("3s"), "{routes}");
    drop(net);
    assert!(!listed(&ns), "namespace {ns} left behind");
}
