//! The bridge to a Linux TAP device, and a network namespace around it for
//! tests (see the [parent module](super) for pacing and framing).
//!
//! [`TapBridge::open`] creates (or attaches to) a TAP interface through
//! `/dev/net/tun` with `IFF_TAP | IFF_NO_PI` and a non-blocking file
//! descriptor; the interface lives as long as the descriptor. Needs
//! `CAP_NET_ADMIN`.
//!
//! [`TapNet::create`] is the test setup: it creates a namespace
//! `wn-<label>-<pid>-<n>`, a TAP `wnt<pid>n<n>` in the root namespace held
//! by the bridge's descriptor, moves the interface into the namespace (the
//! descriptor keeps working across the move), gives it the kernel's address
//! `10.77.<x>.1/24` and brings it and `lo` up. The NIC's address is
//! `10.77.<x>.2`. Every namespace has its own addresses and routes, so
//! parallel tests do not collide even on equal subnets; names carry the
//! process id and a counter. Dropping the `TapNet` deletes the namespace.
//! Every failure is an error naming the command and the kernel's message:
//! a test without TAP or namespace support fails, it does not skip.

use super::{PaceStats, Pacer};
use crate::error::{SimError, SimResult};
use crate::world::PortBridge;
use std::ffi::CStr;
use std::fs::{File, OpenOptions};
use std::io::{ErrorKind, Read, Write};
use std::net::Ipv4Addr;
use std::os::fd::AsRawFd;
use std::os::unix::fs::OpenOptionsExt;
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

/// Smallest Ethernet frame without FCS; shorter frames are padded.
const MIN_FRAME: usize = 60;

/// Simulated time between two reads of an idle TAP (a `read` per cycle
/// would cost more than the cycle): 64 cycles.
const RX_POLL_NS: u64 = 256;

/// Receive buffer: larger than any frame a TAP carries (64 KiB).
const RX_BUF: usize = 65_536;

/// Frame counters of a [`TapBridge`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TapCounters {
    /// Frames written to the TAP (NIC to kernel).
    pub tx_frames: u64,
    /// Frames the kernel refused because the interface was down (`EIO`) or
    /// its queue full (`EAGAIN`): a cable without a peer.
    pub tx_dropped: u64,
    /// Frames read from the TAP (kernel to NIC).
    pub rx_frames: u64,
    /// Of those, frames padded to 60 bytes.
    pub rx_padded: u64,
    /// The pacer's account.
    pub pace: PaceStats,
}

/// A handle on a [`TapBridge`]'s counters that stays usable after the
/// bridge moved into a world.
#[derive(Clone, Debug, Default)]
pub struct TapStats(Arc<Mutex<TapCounters>>);

impl TapStats {
    /// The counters now.
    pub fn get(&self) -> TapCounters {
        match self.0.lock() {
            Ok(g) => *g,
            Err(p) => *p.into_inner(),
        }
    }

    fn update(&self, f: impl FnOnce(&mut TapCounters)) {
        match self.0.lock() {
            Ok(mut g) => f(&mut g),
            Err(p) => f(&mut p.into_inner()),
        }
    }
}

/// A NIC port bridged to a Linux TAP device.
#[derive(Debug)]
pub struct TapBridge {
    file: File,
    name: String,
    pacer: Pacer,
    next_poll_ns: u64,
    buf: Vec<u8>,
    stats: TapStats,
}

fn check_ifname(name: &str) -> SimResult<()> {
    let ok = !name.is_empty()
        && name.len() < libc::IFNAMSIZ
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'.');
    if ok {
        Ok(())
    } else {
        Err(SimError::config(
            "tap",
            format!(
                "interface name {name:?}: 1 to {} characters of [A-Za-z0-9._-]",
                libc::IFNAMSIZ - 1
            ),
        ))
    }
}

impl TapBridge {
    /// Opens the TAP interface `name` (creating it when it does not exist)
    /// with a non-blocking descriptor. The interface is down and has no
    /// address; the caller configures it (or uses [`TapNet`]).
    ///
    /// # Errors
    /// [`SimError::InvalidConfig`] for a bad name; [`SimError::Io`] when
    /// `/dev/net/tun` cannot be opened or `TUNSETIFF` fails (no
    /// `CAP_NET_ADMIN`, no tun support, a name taken by another kind of
    /// interface).
    pub fn open(name: &str) -> SimResult<TapBridge> {
        check_ifname(name)?;
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .custom_flags(libc::O_NONBLOCK | libc::O_CLOEXEC)
            .open("/dev/net/tun")
            .map_err(|e| {
                SimError::io(
                    "opening /dev/net/tun (TAP devices need the tun driver and CAP_NET_ADMIN)",
                    e,
                )
            })?;
        // SAFETY: ifreq is plain old data; all-zero is a valid value.
        let mut req: libc::ifreq = unsafe { std::mem::zeroed() };
        for (dst, &src) in req.ifr_name.iter_mut().zip(name.as_bytes()) {
            *dst = src as libc::c_char;
        }
        req.ifr_ifru.ifru_flags = (libc::IFF_TAP | libc::IFF_NO_PI) as libc::c_short;
        // SAFETY: TUNSETIFF reads and writes one `struct ifreq`, which `req`
        // is, valid for the duration of the call; the descriptor is ours.
        let rc = unsafe { libc::ioctl(file.as_raw_fd(), libc::TUNSETIFF, &mut req) };
        if rc < 0 {
            return Err(SimError::io(
                format!("TUNSETIFF {name} (IFF_TAP | IFF_NO_PI)"),
                std::io::Error::last_os_error(),
            ));
        }
        // SAFETY: the kernel wrote a NUL-terminated name into ifr_name (its
        // last byte is zero since the name we passed was shorter).
        let got = unsafe { CStr::from_ptr(req.ifr_name.as_ptr()) }
            .to_string_lossy()
            .into_owned();
        Ok(TapBridge {
            file,
            name: got,
            pacer: Pacer::new(),
            next_poll_ns: 0,
            buf: vec![0; RX_BUF],
            stats: TapStats::default(),
        })
    }

    /// The interface name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// A handle on the counters (readable while the world owns the bridge).
    pub fn stats(&self) -> TapStats {
        self.stats.clone()
    }
}

impl PortBridge for TapBridge {
    fn send(&mut self, _now_ns: u64, frame: &[u8]) -> SimResult<()> {
        match self.file.write(frame) {
            Ok(_) => self.stats.update(|c| c.tx_frames += 1),
            // EIO: the interface is down; EAGAIN: its queue is full
            Err(e) if e.raw_os_error() == Some(libc::EIO) || e.kind() == ErrorKind::WouldBlock => {
                self.stats.update(|c| c.tx_dropped += 1);
            }
            Err(e) => return Err(SimError::io(format!("writing a frame to {}", self.name), e)),
        }
        Ok(())
    }

    fn recv(&mut self, now_ns: u64) -> SimResult<Option<Vec<u8>>> {
        if now_ns < self.next_poll_ns {
            return Ok(None);
        }
        match self.file.read(&mut self.buf) {
            Ok(0) => {
                self.next_poll_ns = now_ns + RX_POLL_NS;
                Ok(None)
            }
            Ok(n) => {
                let mut f = self.buf[..n].to_vec();
                let padded = f.len() < MIN_FRAME;
                if padded {
                    f.resize(MIN_FRAME, 0);
                }
                self.stats.update(|c| {
                    c.rx_frames += 1;
                    c.rx_padded += u64::from(padded);
                });
                Ok(Some(f))
            }
            Err(e) if e.kind() == ErrorKind::WouldBlock || e.kind() == ErrorKind::Interrupted => {
                self.next_poll_ns = now_ns + RX_POLL_NS;
                Ok(None)
            }
            Err(e) => Err(SimError::io(
                format!("reading a frame from {}", self.name),
                e,
            )),
        }
    }

    fn pace(&mut self, now_ns: u64) {
        let before = self.pacer.stats().clock_reads;
        self.pacer.pace(now_ns);
        let s = self.pacer.stats();
        if s.clock_reads != before {
            self.stats.update(|c| c.pace = s);
        }
    }
}

/// Runs `ip` with `args`; an error carries the command and its stderr.
fn ip(args: &[&str]) -> SimResult<()> {
    let out = Command::new("ip").args(args).output().map_err(|e| {
        SimError::io(
            format!("running `ip {}` (is iproute2 installed?)", args.join(" ")),
            e,
        )
    })?;
    if out.status.success() {
        return Ok(());
    }
    Err(SimError::io(
        format!("`ip {}` failed ({})", args.join(" "), out.status),
        std::io::Error::other(String::from_utf8_lossy(&out.stderr).trim().to_string()),
    ))
}

static NEXT_NET: AtomicU32 = AtomicU32::new(0);

/// A network namespace holding one TAP interface whose other end is a
/// [`TapBridge`] (see the [module documentation](self)).
#[derive(Debug)]
pub struct TapNet {
    ns: String,
    tap: String,
    kernel_ip: Ipv4Addr,
    nic_ip: Ipv4Addr,
    bridge: Option<TapBridge>,
    ns_created: bool,
}

impl TapNet {
    /// Prefix length of the test subnet.
    pub const PREFIX_LEN: u8 = 24;

    /// Creates the namespace and the TAP, moves the TAP into the namespace,
    /// addresses it and brings it and `lo` up. `label` (1–16 characters of
    /// `[a-z0-9-]`) names the namespace for a person reading `ip netns`.
    ///
    /// # Errors
    /// [`SimError::InvalidConfig`] for a bad label; [`SimError::Io`] naming
    /// the step that failed (namespace, TAP, move, address, link up) with
    /// the kernel's message. Whatever was created is removed again.
    pub fn create(label: &str) -> SimResult<TapNet> {
        let ok = (1..=16).contains(&label.len())
            && label
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !ok {
            return Err(SimError::config(
                "tapnet",
                format!("label {label:?}: 1 to 16 characters of [a-z0-9-]"),
            ));
        }
        let pid = std::process::id();
        let n = NEXT_NET.fetch_add(1, Ordering::Relaxed);
        let x = ((pid.wrapping_add(n)) % 254 + 1) as u8;
        let mut net = TapNet {
            ns: format!("wn-{label}-{pid}-{n}"),
            tap: format!("wnt{pid}n{}", n % 1000),
            kernel_ip: Ipv4Addr::new(10, 77, x, 1),
            nic_ip: Ipv4Addr::new(10, 77, x, 2),
            bridge: None,
            ns_created: false,
        };
        // on any error below, Drop removes what exists
        ip(&["netns", "add", &net.ns])?;
        net.ns_created = true;
        let bridge = TapBridge::open(&net.tap)?;
        net.tap = bridge.name().to_string();
        net.bridge = Some(bridge);
        let (ns, tap) = (net.ns.clone(), net.tap.clone());
        ip(&["link", "set", &tap, "netns", &ns])?;
        let addr = format!("{}/{}", net.kernel_ip, Self::PREFIX_LEN);
        // no IPv6 link-local address: no DAD or router solicitations
        ip(&["-n", &ns, "link", "set", &tap, "addrgenmode", "none"])?;
        ip(&["-n", &ns, "addr", "add", &addr, "dev", &tap])?;
        ip(&["-n", &ns, "link", "set", &tap, "up"])?;
        ip(&["-n", &ns, "link", "set", "lo", "up"])?;
        Ok(net)
    }

    /// Takes the bridge to attach it to a world. The TAP disappears when
    /// the bridge is dropped.
    ///
    /// # Errors
    /// [`SimError::InvalidConfig`] when it was taken already.
    pub fn take_bridge(&mut self) -> SimResult<TapBridge> {
        self.bridge
            .take()
            .ok_or_else(|| SimError::config("tapnet", "the TAP bridge was taken already"))
    }

    /// The namespace's name.
    pub fn netns(&self) -> &str {
        &self.ns
    }

    /// The TAP interface's name (inside the namespace).
    pub fn tap(&self) -> &str {
        &self.tap
    }

    /// The kernel's address on the TAP (`10.77.x.1`).
    pub fn kernel_ip(&self) -> Ipv4Addr {
        self.kernel_ip
    }

    /// The address meant for the simulated NIC (`10.77.x.2`).
    pub fn nic_ip(&self) -> Ipv4Addr {
        self.nic_ip
    }

    /// A command that runs `program` inside the namespace
    /// (`ip netns exec <ns> <program>`); add arguments and spawn it.
    pub fn command(&self, program: &str) -> Command {
        let mut c = Command::new("ip");
        c.args(["netns", "exec", &self.ns, program]);
        c
    }

    /// Sets the kernel's minimum TCP retransmission timeout on the test
    /// subnet (`ip route replace <subnet> dev <tap> rto_min <ms>ms`); see
    /// the [parent module](super) for why TCP tests against a simulated
    /// NIC want it above the default 200 ms.
    ///
    /// # Errors
    /// [`SimError::Io`] when `ip` fails.
    pub fn set_rto_min(&self, rto_min: std::time::Duration) -> SimResult<()> {
        let o = self.kernel_ip.octets();
        let subnet = format!("{}.{}.{}.0/{}", o[0], o[1], o[2], Self::PREFIX_LEN);
        let ms = format!("{}ms", rto_min.as_millis().max(1));
        let src = self.kernel_ip.to_string();
        ip(&[
            "-n", &self.ns, "route", "replace", &subnet, "dev", &self.tap, "proto", "kernel",
            "scope", "link", "src", &src, "rto_min", &ms,
        ])
    }

    /// Output of `ip -n <ns> <args>` (for checks and diagnostics).
    ///
    /// # Errors
    /// [`SimError::Io`] when `ip` cannot run or fails.
    pub fn ip_output(&self, args: &[&str]) -> SimResult<String> {
        let mut all = vec!["-n", self.ns.as_str()];
        all.extend_from_slice(args);
        let out = Command::new("ip")
            .args(&all)
            .output()
            .map_err(|e| SimError::io(format!("running `ip {}`", all.join(" ")), e))?;
        if !out.status.success() {
            return Err(SimError::io(
                format!("`ip {}` failed ({})", all.join(" "), out.status),
                std::io::Error::other(String::from_utf8_lossy(&out.stderr).trim().to_string()),
            ));
        }
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    }

    /// Runs `f` on a new thread that has entered the namespace, and
    /// returns what it returns. Sockets `f` creates belong to the
    /// namespace's network stack for good, so a test can make a Linux
    /// TCP peer there (`std::net::TcpStream::connect`, `TcpListener::bind`)
    /// and hand the socket back to threads outside it.
    ///
    /// # Errors
    /// [`SimError::Io`] when the namespace cannot be opened or entered
    /// (`setns`), or the thread panicked.
    pub fn run_in<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> SimResult<T> {
        let path = format!("/run/netns/{}", self.ns);
        let ns = File::open(&path).map_err(|e| SimError::io(format!("opening {path}"), e))?;
        let t = std::thread::spawn(move || -> std::io::Result<T> {
            // SAFETY: setns on a namespace file descriptor we own; it only
            // changes this thread's network namespace.
            let r = unsafe { libc::setns(ns.as_raw_fd(), libc::CLONE_NEWNET) };
            if r != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(f())
        });
        match t.join() {
            Ok(Ok(v)) => Ok(v),
            Ok(Err(e)) => Err(SimError::io(format!("entering namespace {}", self.ns), e)),
            Err(_) => Err(SimError::io(
                format!("a thread in namespace {}", self.ns),
                std::io::Error::other("panicked"),
            )),
        }
    }

    /// The link-layer address the kernel's neighbour table holds for `ip`
    /// on the TAP, if any (`ip -n <ns> neigh show <ip> dev <tap>`).
    ///
    /// # Errors
    /// [`SimError::Io`] when `ip` cannot run or fails.
    pub fn neighbour(&self, addr: Ipv4Addr) -> SimResult<Option<[u8; 6]>> {
        let a = addr.to_string();
        let out = self.ip_output(&["neigh", "show", &a, "dev", &self.tap])?;
        Ok(parse_lladdr(&out))
    }
}

/// The MAC address after `lladdr` in `ip neigh` output.
fn parse_lladdr(text: &str) -> Option<[u8; 6]> {
    let mut words = text.split_whitespace();
    words.find(|&w| w == "lladdr")?;
    let mac = words.next()?;
    let mut out = [0u8; 6];
    let mut parts = mac.split(':');
    for b in &mut out {
        *b = u8::from_str_radix(parts.next()?, 16).ok()?;
    }
    parts.next().is_none().then_some(out)
}

impl Drop for TapNet {
    fn drop(&mut self) {
        self.bridge = None;
        if self.ns_created {
            // nothing to report to from a destructor; a leftover namespace
            // is visible in `ip netns`
            let _ = ip(&["netns", "del", &self.ns]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lladdr_is_parsed_from_neigh_output() {
        assert_eq!(
            parse_lladdr("10.77.3.2 lladdr 02:57:4e:00:00:01 REACHABLE\n"),
            Some([0x02, 0x57, 0x4e, 0, 0, 1])
        );
        assert_eq!(parse_lladdr("10.77.3.2  FAILED\n"), None);
        assert_eq!(parse_lladdr(""), None);
        assert_eq!(parse_lladdr("x lladdr 02:57:4e:00:00 STALE"), None);
        assert_eq!(parse_lladdr("x lladdr 02:57:4e:00:00:01:02 STALE"), None);
    }

    #[test]
    fn bad_names_are_refused_before_touching_the_kernel() {
        assert!(matches!(
            TapBridge::open("a-name-far-too-long"),
            Err(SimError::InvalidConfig { .. })
        ));
        assert!(matches!(
            TapBridge::open("sp ace"),
            Err(SimError::InvalidConfig { .. })
        ));
        assert!(matches!(
            TapNet::create("Upper"),
            Err(SimError::InvalidConfig { .. })
        ));
    }
}
