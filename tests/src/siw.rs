//! Linux soft-iWARP (siw) peers in QEMU guests, bridged to a simulated NIC.
//!
//! [`SiwGuest`] boots one guest of the siw peer harness (`peers/siw` in
//! the shared folder beside the checkout, or `$WARPNIC_SHARED/peers/siw`)
//! with its `run-guest.sh`: the harness's kernel and initramfs, the guest's
//! Ethernet port on a QEMU stream netdev connected to a unix socket on
//! which a [`QemuBridge`] listens, an IPv4 address, extra kernel
//! command-line words (siw module parameters such as
//! `siw.mpa_crc_required=Y`, and `KEY=value` words the guest's init passes
//! to the script as environment variables), and a script to run. The
//! guest's serial console goes to a log file that the test reads while the
//! guest runs ([`SiwGuest::wait_for`], [`SiwGuest::console`]). The port's
//! QEMU options (a virtio-net device on the stream netdev, the capture)
//! are passed to QEMU through `run-guest.sh` unchanged, so that they can
//! match the QEMU version found (7.2 or newer).
//!
//! # How the script reaches the guest
//!
//! The harness shares its own folder with the guest, read-only, as
//! `/host`, and runs `/host/<script>`; a second share, `/out`, is
//! writable. The launcher makes a run folder of its own, copies the script
//! and the files it needs ([`GuestConfig::files`], [`GuestConfig::data`])
//! into the run folder's `out/`, shares that as `/out` and names the script
//! `../out/<name>`, which the guest resolves to `/out/<name>`. The script
//! leaves its results in `/out` ([`SiwGuest::out_dir`] on the host).
//!
//! # Image and tools
//!
//! The guest image (`vmlinux` or `vmlinuz`, `initrd.img`) comes from the
//! harness's `build-image.sh`; `scripts/setup.sh` builds it into
//! `target/peer-images/siw-peer` (or `$SIWPEER_WORK`) when it is missing.
//! A missing harness, image or QEMU is an error saying what to run; a test
//! never skips.
//!
//! # Lifetime
//!
//! The guest runs in a process group of its own, which is killed when the
//! [`SiwGuest`] is dropped; `run-guest.sh -T` also bounds its life in case
//! the test process dies first. The run folder is removed on drop, except
//! when the thread is panicking or `WARPNIC_SIW_KEEP` is set: then its path
//! is printed (console log `console.log`, QEMU's messages `qemu.err`).

use std::ffi::OsString;
use std::fmt;
use std::net::Ipv4Addr;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};
use warpnic_sim::bridge::QemuBridge;
use warpnic_sim::SimError;

/// Lines of the console a failure message carries.
const TAIL_LINES: usize = 40;

/// How often the waiting helpers read the console log.
const LOG_POLL: Duration = Duration::from_millis(20);

/// What went wrong with a guest.
#[derive(Debug)]
pub enum SiwError {
    /// Something the guest needs is missing; the message says what to run.
    Setup(String),
    /// A file or process operation failed.
    Io {
        /// What was being done.
        context: String,
        /// The OS error.
        source: std::io::Error,
    },
    /// The bridge socket could not be made.
    Bridge(SimError),
    /// A wait passed its wall-clock deadline.
    Timeout {
        /// What was awaited.
        what: String,
        /// How long.
        waited: Duration,
        /// The end of the console log.
        tail: String,
    },
    /// The guest (QEMU) exited before what was awaited happened.
    Exited {
        /// What was awaited.
        what: String,
        /// QEMU's (or `run-guest.sh`'s) exit status.
        status: ExitStatus,
        /// The end of the console log and QEMU's own messages.
        tail: String,
    },
}

impl fmt::Display for SiwError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SiwError::Setup(m) => write!(f, "siw guest: {m}"),
            SiwError::Io { context, source } => write!(f, "siw guest: {context}: {source}"),
            SiwError::Bridge(e) => write!(f, "siw guest: the QEMU bridge: {e}"),
            SiwError::Timeout { what, waited, tail } => write!(
                f,
                "siw guest: no {what} within {waited:?} of wall time; console:\n{tail}"
            ),
            SiwError::Exited { what, status, tail } => write!(
                f,
                "siw guest: QEMU exited ({status}) before {what}; console:\n{tail}"
            ),
        }
    }
}

impl std::error::Error for SiwError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SiwError::Io { source, .. } => Some(source),
            SiwError::Bridge(e) => Some(e),
            _ => None,
        }
    }
}

fn io(context: impl Into<String>) -> impl FnOnce(std::io::Error) -> SiwError {
    let context = context.into();
    move |source| SiwError::Io { context, source }
}

/// Where the harness and the guest image are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiwPaths {
    /// The harness folder (holds `run-guest.sh`, `build-image.sh`).
    pub harness: PathBuf,
    /// The image folder (`$SIWPEER_WORK`: `vmlinux`, `initrd.img`).
    pub work: PathBuf,
    /// The QEMU binary (`$QEMU`, default `qemu-system-x86_64`).
    pub qemu: OsString,
}

impl SiwPaths {
    /// The checkout's root (the parent of the tests crate).
    fn checkout() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
    }

    /// The usual places: `$WARPNIC_SHARED/peers/siw` (default: the folder
    /// `shared` beside the checkout) and `$SIWPEER_WORK` (default:
    /// `$WARPNIC_PEER_WORK/siw-peer`, itself by default
    /// `target/peer-images` in the checkout), as `scripts/setup.sh` and the
    /// VFIO guest test use them.
    pub fn locate() -> SiwPaths {
        let root = Self::checkout();
        let shared = std::env::var_os("WARPNIC_SHARED")
            .map_or_else(|| root.join("..").join("shared"), PathBuf::from);
        let work = std::env::var_os("SIWPEER_WORK").map_or_else(
            || {
                std::env::var_os("WARPNIC_PEER_WORK")
                    .map_or_else(|| root.join("target").join("peer-images"), PathBuf::from)
                    .join("siw-peer")
            },
            PathBuf::from,
        );
        SiwPaths {
            harness: shared.join("peers").join("siw"),
            work,
            qemu: std::env::var_os("QEMU").unwrap_or_else(|| "qemu-system-x86_64".into()),
        }
    }

    /// Checks that the harness, the image and QEMU (7.2 or newer, for
    /// `-netdev stream`) are there; returns QEMU's version.
    ///
    /// # Errors
    /// [`SiwError::Setup`] naming what is missing and what to run.
    pub fn check(&self) -> Result<(u32, u32), SiwError> {
        let run = self.harness.join("run-guest.sh");
        if !run.is_file() {
            return Err(SiwError::Setup(format!(
                "the siw peer harness is missing ({} not found): put the shared folder \
                 holding peers/siw beside the checkout, or set WARPNIC_SHARED to it",
                run.display()
            )));
        }
        let kernel = ["vmlinux", "vmlinuz"]
            .iter()
            .any(|k| self.work.join(k).is_file());
        if !kernel || !self.work.join("initrd.img").is_file() {
            return Err(SiwError::Setup(format!(
                "no siw guest image in {} (vmlinux or vmlinuz, and initrd.img): run \
                 `bash scripts/setup.sh` as root, which builds it with {}",
                self.work.display(),
                self.harness.join("build-image.sh").display()
            )));
        }
        let fix = format!(
            "run `bash scripts/setup.sh` as root (it installs QEMU with {}), or set QEMU to \
             a qemu-system-x86_64 of version 7.2 or newer",
            self.harness.join("host-setup.sh").display()
        );
        let out = Command::new(&self.qemu)
            .arg("--version")
            .output()
            .map_err(|e| {
                SiwError::Setup(format!(
                    "cannot run {} ({e}): {fix}",
                    self.qemu.to_string_lossy()
                ))
            })?;
        let text = String::from_utf8_lossy(&out.stdout);
        let version = parse_qemu_version(&text).ok_or_else(|| {
            SiwError::Setup(format!(
                "{} --version printed no version ({:?}): {fix}",
                self.qemu.to_string_lossy(),
                text.lines().next().unwrap_or("")
            ))
        })?;
        if version < (7, 2) {
            return Err(SiwError::Setup(format!(
                "QEMU {}.{} has no -netdev stream (7.2 or newer needed): {fix}",
                version.0, version.1
            )));
        }
        Ok(version)
    }
}

/// `(major, minor)` from `QEMU emulator version 10.0.2 (...)`.
fn parse_qemu_version(text: &str) -> Option<(u32, u32)> {
    let line = text.lines().next()?;
    let v = line.split("version ").nth(1)?.split_whitespace().next()?;
    let mut parts = v.split('.');
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next()?.parse().ok()?;
    Some((major, minor))
}

/// How to boot a guest.
#[derive(Clone, Debug)]
pub struct GuestConfig {
    /// Host name, also the seed of the guest's MAC address: 1 to 32
    /// characters of `[a-z0-9-]`.
    pub name: String,
    /// The guest's address and prefix length on its Ethernet port.
    pub ip: Option<(Ipv4Addr, u8)>,
    /// The script the guest runs (a host path; copied into the guest's
    /// `/out` and run there by `sh`). The guest powers off after it.
    pub script: PathBuf,
    /// More host files copied beside the script (into `/out`).
    pub files: Vec<PathBuf>,
    /// Files written into `/out` before boot: name and contents.
    pub data: Vec<(String, Vec<u8>)>,
    /// `KEY=value` words for the script's environment (no spaces; keys of
    /// `[A-Z0-9_]`).
    pub env: Vec<(String, String)>,
    /// Extra kernel command-line words, e.g. `siw.mpa_crc_required=Y`.
    pub kernel_args: Vec<String>,
    /// The MAC address of the guest's port (default: `52:54:00` and three
    /// bytes of a hash of the name).
    pub mac: Option<[u8; 6]>,
    /// The guest's MTU (the harness's default is 1500).
    pub mtu: Option<u16>,
    /// vCPUs.
    pub cpus: u32,
    /// Memory in MiB.
    pub mem_mib: u32,
    /// QEMU is killed after this much wall time, whatever happens.
    pub time_limit: Duration,
    /// A capture of the guest's port by QEMU (`filter-dump`).
    pub pcap: Option<PathBuf>,
}

impl GuestConfig {
    /// A guest `name` running `script`, one vCPU, 1 GiB, no address, five
    /// minutes at most.
    pub fn new(name: &str, script: impl Into<PathBuf>) -> GuestConfig {
        GuestConfig {
            name: name.to_string(),
            ip: None,
            script: script.into(),
            files: Vec::new(),
            data: Vec::new(),
            env: Vec::new(),
            kernel_args: Vec::new(),
            mac: None,
            mtu: None,
            cpus: 1,
            mem_mib: 1024,
            time_limit: Duration::from_secs(300),
            pcap: None,
        }
    }

    fn check(&self) -> Result<(), SiwError> {
        let bad = |m: String| Err(SiwError::Setup(format!("bad guest configuration: {m}")));
        let name_ok = (1..=32).contains(&self.name.len())
            && self
                .name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !name_ok {
            return bad(format!(
                "name {:?}: 1 to 32 characters of [a-z0-9-]",
                self.name
            ));
        }
        for (k, v) in &self.env {
            let key_ok = !k.is_empty()
                && !k.starts_with(|c: char| c.is_ascii_digit())
                && k.bytes()
                    .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_');
            let val_ok = !v.is_empty() && v.bytes().all(|b| b.is_ascii_graphic() && b != b'"');
            if !key_ok || !val_ok {
                return bad(format!(
                    "environment word {k}={v}: keys of [A-Z0-9_], values of printable \
                     characters without spaces or quotes"
                ));
            }
        }
        for a in &self.kernel_args {
            if a.is_empty() || !a.bytes().all(|b| b.is_ascii_graphic() && b != b'"') {
                return bad(format!("kernel argument {a:?}: no spaces or quotes"));
            }
        }
        for (n, _) in &self.data {
            if n.is_empty() || n.contains('/') || n.starts_with('.') {
                return bad(format!("data file name {n:?}"));
            }
        }
        Ok(())
    }
}

static NEXT_RUN: AtomicU32 = AtomicU32::new(0);

/// A running guest (see the [module documentation](self)).
#[derive(Debug)]
pub struct SiwGuest {
    child: Child,
    name: String,
    dir: PathBuf,
    started: Instant,
    status: Option<ExitStatus>,
    /// Console lines before this one are not searched.
    mark: usize,
}

impl SiwGuest {
    /// Makes a bridge socket, boots the guest with its Ethernet port
    /// connected to it, and returns both; attach the bridge to a NIC port
    /// ([`warpnic_sim::World::attach_bridge`]).
    ///
    /// # Errors
    /// As [`SiwGuest::spawn`], or [`SiwError::Bridge`] when the socket
    /// cannot be bound.
    pub fn boot(cfg: &GuestConfig) -> Result<(SiwGuest, QemuBridge), SiwError> {
        let paths = SiwPaths::locate();
        let version = paths.check()?;
        cfg.check()?;
        let dir = run_dir(&cfg.name)?;
        let bridge = match QemuBridge::listen(dir.join("net.sock")) {
            Ok(b) => b,
            Err(e) => {
                let _ = std::fs::remove_dir_all(&dir);
                return Err(SiwError::Bridge(e));
            }
        };
        let guest = Self::spawn_in(&paths, version, cfg, dir, Some(bridge.path()))?;
        Ok((guest, bridge))
    }

    /// Boots the guest with its Ethernet port connected to the unix socket
    /// `net` (QEMU retries until something listens there), or without a
    /// port.
    ///
    /// # Errors
    /// [`SiwError::Setup`] when the harness, the image or QEMU is missing,
    /// or the configuration is bad; [`SiwError::Io`] when the run folder
    /// cannot be made or the harness cannot be started.
    pub fn spawn(cfg: &GuestConfig, net: Option<&Path>) -> Result<SiwGuest, SiwError> {
        let paths = SiwPaths::locate();
        let version = paths.check()?;
        cfg.check()?;
        let dir = run_dir(&cfg.name)?;
        Self::spawn_in(&paths, version, cfg, dir, net)
    }

    /// Starts the guest with run folder `dir`, which is removed again when
    /// that fails.
    fn spawn_in(
        paths: &SiwPaths,
        qemu_version: (u32, u32),
        cfg: &GuestConfig,
        dir: PathBuf,
        net: Option<&Path>,
    ) -> Result<SiwGuest, SiwError> {
        Self::start(paths, qemu_version, cfg, &dir, net)
            .map(|child| SiwGuest {
                child,
                name: cfg.name.clone(),
                dir: dir.clone(),
                started: Instant::now(),
                status: None,
                mark: 0,
            })
            .inspect_err(|_| {
                let _ = std::fs::remove_dir_all(&dir);
            })
    }

    fn start(
        paths: &SiwPaths,
        qemu_version: (u32, u32),
        cfg: &GuestConfig,
        dir: &Path,
        net: Option<&Path>,
    ) -> Result<Child, SiwError> {
        let out = dir.join("out");
        std::fs::create_dir_all(&out).map_err(io(format!("creating {}", out.display())))?;
        let copy = |src: &Path| -> Result<String, SiwError> {
            let name = src
                .file_name()
                .and_then(|n| n.to_str())
                .ok_or_else(|| SiwError::Setup(format!("bad file name {}", src.display())))?;
            std::fs::copy(src, out.join(name))
                .map_err(io(format!("copying {} into the run folder", src.display())))?;
            Ok(name.to_string())
        };
        let script = copy(&cfg.script)?;
        for f in &cfg.files {
            copy(f)?;
        }
        for (name, bytes) in &cfg.data {
            std::fs::write(out.join(name), bytes)
                .map_err(io(format!("writing {name} into the run folder")))?;
        }

        let mut words: Vec<String> = cfg.env.iter().map(|(k, v)| format!("{k}={v}")).collect();
        if let Some(mtu) = cfg.mtu {
            words.push(format!("siwpeer.mtu={mtu}"));
        }
        // under software emulation on a busy host the kernel's check that
        // the IO-APIC routes the timer can miss its ticks and panic the
        // boot ("IO-APIC + timer doesn't work!"); the check proves nothing
        // about the guest the tests need
        words.push("no_timer_check".into());
        words.extend(cfg.kernel_args.iter().cloned());
        let log = dir.join("console.log");
        let err = std::fs::File::create(dir.join("qemu.err"))
            .map_err(io(format!("creating {}", dir.join("qemu.err").display())))?;
        let limit = cfg.time_limit.as_secs().max(1);
        let mut cmd = Command::new("bash");
        cmd.arg(paths.harness.join("run-guest.sh"))
            .args(["-n", &cfg.name])
            .args(["-r", &format!("../out/{script}")])
            .arg("-o")
            .arg(&out)
            .arg("-l")
            .arg(&log)
            .args(["-c", &cfg.cpus.to_string()])
            .args(["-M", &format!("{}M", cfg.mem_mib)])
            .args(["-T", &limit.to_string()]);
        if let Some((ip, len)) = cfg.ip {
            cmd.args(["-i", &format!("{ip}/{len}")]);
        }
        if !words.is_empty() {
            cmd.args(["-a", &words.join(" ")]);
        }
        if let Some(sock) = net {
            cmd.arg("--").args(netdev_args(
                sock,
                cfg.mac.unwrap_or_else(|| default_mac(&cfg.name)),
                cfg.pcap.as_deref(),
                qemu_version,
            )?);
        }
        cmd.env("SIWPEER_WORK", &paths.work)
            .env("QEMU", &paths.qemu)
            .stdin(Stdio::null())
            .stdout(
                err.try_clone()
                    .map_err(io("duplicating the QEMU message file"))?,
            )
            .stderr(err)
            .process_group(0);
        cmd.spawn().map_err(io(format!(
            "starting {}",
            paths.harness.join("run-guest.sh").display()
        )))
    }

    /// The guest's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The process id of the guest's process group (`run-guest.sh`, which
    /// becomes QEMU or the `timeout` holding it).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Wall time since QEMU was started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// The host folder the guest sees as `/out`.
    pub fn out_dir(&self) -> PathBuf {
        self.dir.join("out")
    }

    /// The console log so far (carriage returns removed).
    pub fn console(&self) -> String {
        read_text(&self.dir.join("console.log"))
    }

    /// The last `n` lines of the console, then QEMU's own messages if it
    /// printed any.
    pub fn tail(&self, n: usize) -> String {
        let con = self.console();
        let lines: Vec<&str> = con.lines().collect();
        let mut t = lines[lines.len().saturating_sub(n)..].join("\n");
        let err = read_text(&self.dir.join("qemu.err"));
        if !err.trim().is_empty() {
            t.push_str("\n--- QEMU ---\n");
            t.push_str(err.trim_end());
        }
        t
    }

    /// The first console line after the [mark](SiwGuest::mark) that
    /// contains `needle`, if any.
    pub fn find_line(&self, needle: &str) -> Option<String> {
        self.console()
            .lines()
            .skip(self.mark)
            .find(|l| l.contains(needle))
            .map(str::to_string)
    }

    /// From now on [`SiwGuest::find_line`] and the waits look only at
    /// console lines that come after this call (for lines a script prints
    /// more than once, such as one per iteration).
    pub fn mark(&mut self) {
        self.mark = self.console().matches('\n').count();
    }

    /// Looks at the whole console again.
    pub fn clear_mark(&mut self) {
        self.mark = 0;
    }

    /// QEMU's exit status, once it exited.
    ///
    /// # Errors
    /// [`SiwError::Io`] when the process cannot be waited on.
    pub fn try_exit(&mut self) -> Result<Option<ExitStatus>, SiwError> {
        if self.status.is_none() {
            self.status = self.child.try_wait().map_err(io("waiting for QEMU"))?;
        }
        Ok(self.status)
    }

    /// Waits until a console line after the [mark](SiwGuest::mark)
    /// contains `needle` and returns that line,
    /// calling `idle` between looks at the log (run the simulation there:
    /// the guest's frames reach the NIC only while it runs).
    ///
    /// # Errors
    /// [`SiwError::Timeout`] after `deadline` of wall time,
    /// [`SiwError::Exited`] when QEMU exits without the line.
    pub fn wait_for(
        &mut self,
        needle: &str,
        deadline: Duration,
        mut idle: impl FnMut(),
    ) -> Result<String, SiwError> {
        let start = Instant::now();
        loop {
            if let Some(l) = self.find_line(needle) {
                return Ok(l);
            }
            if let Some(status) = self.try_exit()? {
                // the last lines may have landed after the look above
                if let Some(l) = self.find_line(needle) {
                    return Ok(l);
                }
                return Err(SiwError::Exited {
                    what: format!("a console line with {needle:?}"),
                    status,
                    tail: self.tail(TAIL_LINES),
                });
            }
            if start.elapsed() >= deadline {
                return Err(SiwError::Timeout {
                    what: format!("console line with {needle:?}"),
                    waited: deadline,
                    tail: self.tail(TAIL_LINES),
                });
            }
            let look = Instant::now();
            loop {
                idle();
                if look.elapsed() >= LOG_POLL {
                    break;
                }
            }
        }
    }

    /// Waits for the guest's script to end (the harness's
    /// `SIWPEER-DONE rc=N` line) and returns its exit code.
    ///
    /// # Errors
    /// As [`SiwGuest::wait_for`].
    pub fn wait_done(&mut self, deadline: Duration, idle: impl FnMut()) -> Result<i32, SiwError> {
        let line = self.wait_for("SIWPEER-DONE rc=", deadline, idle)?;
        Ok(line
            .split("rc=")
            .nth(1)
            .and_then(|r| r.trim().parse().ok())
            .unwrap_or(-1))
    }

    /// Waits up to `deadline` for QEMU to exit (the guest powers off after
    /// its script), calling `idle` meanwhile.
    ///
    /// # Errors
    /// [`SiwError::Timeout`] when it still runs.
    pub fn wait_exit(
        &mut self,
        deadline: Duration,
        mut idle: impl FnMut(),
    ) -> Result<ExitStatus, SiwError> {
        let start = Instant::now();
        loop {
            if let Some(s) = self.try_exit()? {
                return Ok(s);
            }
            if start.elapsed() >= deadline {
                return Err(SiwError::Timeout {
                    what: "power-off".into(),
                    waited: deadline,
                    tail: self.tail(TAIL_LINES),
                });
            }
            idle();
        }
    }

    /// Kills the guest (its whole process group) and waits for it.
    pub fn kill(&mut self) {
        if self.status.is_some() {
            return;
        }
        // the group holds run-guest.sh's QEMU (and `timeout`, with -T)
        let pid = self.child.id();
        let _ = Command::new("sh")
            .args(["-c", &format!("kill -KILL -- -{pid} 2>/dev/null")])
            .status();
        let _ = self.child.kill();
        self.status = self.child.wait().ok();
    }
}

impl Drop for SiwGuest {
    fn drop(&mut self) {
        self.kill();
        if std::thread::panicking() || std::env::var_os("WARPNIC_SIW_KEEP").is_some() {
            eprintln!(
                "siw guest {}: run folder kept: {}",
                self.name,
                self.dir.display()
            );
        } else {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// The default MAC address of guest `name`: QEMU's prefix `52:54:00`
/// and three bytes of the name's FNV-1a hash.
pub fn default_mac(name: &str) -> [u8; 6] {
    let h = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    let b = h.to_be_bytes();
    [0x52, 0x54, 0x00, b[0], b[1], b[2]]
}

/// QEMU options of the guest's port: a virtio-net device on a stream
/// netdev connecting to the unix socket `sock`, with QEMU's capture when
/// asked. The options are given to QEMU directly rather than through
/// `run-guest.sh -N`, so that the reconnect option matches the QEMU
/// version: `reconnect-ms` from 9.2, `reconnect` (seconds) from 8.0, none
/// in 7.2 (the bridge listens before QEMU starts, so the first connection
/// needs no retry).
fn netdev_args(
    sock: &Path,
    mac: [u8; 6],
    pcap: Option<&Path>,
    qemu_version: (u32, u32),
) -> Result<Vec<String>, SiwError> {
    let text = |p: &Path| -> Result<String, SiwError> {
        match p.to_str() {
            Some(t) if !t.contains(',') => Ok(t.to_string()),
            _ => Err(SiwError::Setup(format!(
                "path {} cannot be a QEMU option value (not UTF-8, or has a comma)",
                p.display()
            ))),
        }
    };
    let mut nd = format!(
        "stream,id=n0,server=off,addr.type=unix,addr.path={}",
        text(sock)?
    );
    if qemu_version >= (9, 2) {
        nd.push_str(",reconnect-ms=200");
    } else if qemu_version >= (8, 0) {
        nd.push_str(",reconnect=1");
    }
    let mac = mac
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect::<Vec<_>>()
        .join(":");
    let mut args = vec![
        "-netdev".to_string(),
        nd,
        "-device".to_string(),
        format!("virtio-net-pci,netdev=n0,mac={mac}"),
    ];
    if let Some(p) = pcap {
        args.push("-object".into());
        args.push(format!(
            "filter-dump,id=f0,netdev=n0,file={},maxlen=65535",
            text(p)?
        ));
    }
    Ok(args)
}

/// A fresh run folder in the temporary folder (short, for the socket path).
fn run_dir(name: &str) -> Result<PathBuf, SiwError> {
    let n = NEXT_RUN.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("warpnic-siw-{name}-{}-{n}", std::process::id()));
    if dir.exists() {
        std::fs::remove_dir_all(&dir).map_err(io(format!("clearing {}", dir.display())))?;
    }
    std::fs::create_dir_all(&dir).map_err(io(format!("creating {}", dir.display())))?;
    Ok(dir)
}

fn read_text(p: &Path) -> String {
    std::fs::read(p)
        .map(|b| String::from_utf8_lossy(&b).replace('\r', ""))
        .unwrap_or_default()
}

/// The project's guest scripts (`tests/peers/siw`).
pub fn scripts_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("peers")
        .join("siw")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qemu_versions_are_parsed() {
        assert_eq!(
            parse_qemu_version("QEMU emulator version 10.0.2 (Debian 1:10.0.2+ds-2)\nCopyright"),
            Some((10, 0))
        );
        assert_eq!(
            parse_qemu_version("QEMU emulator version 7.2.15"),
            Some((7, 2))
        );
        assert_eq!(parse_qemu_version("something else"), None);
    }

    #[test]
    fn netdev_options_follow_the_qemu_version() {
        let sock = Path::new("/run/x/net.sock");
        let mac = default_mac("a");
        assert_eq!(mac[..3], [0x52, 0x54, 0x00]);
        assert_ne!(default_mac("a"), default_mac("b"));
        let a = netdev_args(sock, mac, None, (10, 0)).expect("args");
        assert_eq!(a.len(), 4);
        assert_eq!(
            a[1],
            "stream,id=n0,server=off,addr.type=unix,addr.path=/run/x/net.sock,reconnect-ms=200"
        );
        assert!(a[3].starts_with("virtio-net-pci,netdev=n0,mac=52:54:00:"));
        let a = netdev_args(sock, mac, Some(Path::new("/o/g.pcap")), (8, 2)).expect("args");
        assert!(a[1].ends_with(",reconnect=1"), "{}", a[1]);
        assert_eq!(
            a[5],
            "filter-dump,id=f0,netdev=n0,file=/o/g.pcap,maxlen=65535"
        );
        let a = netdev_args(sock, mac, None, (7, 2)).expect("args");
        assert!(a[1].ends_with("addr.path=/run/x/net.sock"), "{}", a[1]);
        assert!(netdev_args(Path::new("/a,b"), mac, None, (10, 0)).is_err());
    }

    #[test]
    fn bad_configurations_are_refused() {
        let mut c = GuestConfig::new("ok-name", "x.sh");
        assert!(c.check().is_ok());
        c.env.push(("A".into(), "with space".into()));
        assert!(c.check().is_err());
        let mut c = GuestConfig::new("Upper", "x.sh");
        assert!(c.check().is_err());
        c.name = "fine".into();
        c.kernel_args.push("a b".into());
        assert!(c.check().is_err());
    }
}
