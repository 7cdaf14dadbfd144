//! Linux soft-iWARP (siw) peers in QEMU guests, bridged to a simulated NIC.
//!
//! [`SiwGuest`] boots one peer guest, the image of the project's harness
//! (`tests/peers/guest`: a Debian kernel, siw built from the same kernel's
//! source, rdma-core's userland, a busybox init), by starting QEMU itself:
//! the guest's Ethernet port on a QEMU stream netdev connected to a unix
//! socket on which a [`QemuBridge`] listens, an IPv4 address, extra kernel
//! command-line words (siw module parameters such as
//! `siw.mpa_crc_required=Y`, and `KEY=value` words that reach the script's
//! environment), the siw build to load ([`SiwBuild`]), extra QEMU devices
//! ([`GuestConfig::qemu_args`]) and a script to run. The guest's serial
//! console goes to a log file that the test reads while the guest runs
//! ([`SiwGuest::wait_for`], [`SiwGuest::console`]). The port's QEMU options
//! follow the QEMU version found (7.2 or newer).
//!
//! # How the script reaches the guest
//!
//! The launcher makes a run folder of its own and copies into its `out/`
//! the script, the guest scripts' library `tests/peers/siw/lib.sh` and the
//! files the script needs ([`GuestConfig::files`], [`GuestConfig::data`]).
//! QEMU shares that folder, writable, as the guest's `/out`; the guest's
//! init runs `/out/<script>` with `sh`, which leaves its results there
//! ([`SiwGuest::out_dir`] on the host), and powers off.
//!
//! # Image and tools
//!
//! The image (`vmlinux` or `vmlinuz`, `initrd.img`, `image.txt`) is built by
//! `tests/peers/guest/build-image.sh` into `$WARPNIC_PEER_WORK/guest`
//! (default `target/peer-images/guest` in the checkout). `scripts/test.sh`
//! builds it before the tests; otherwise the first guest of a test process
//! builds it, or finds it current, through the same script. A missing image
//! that cannot be built, or a missing QEMU, is an error saying what to run; a
//! test never skips.
//!
//! Under a hypervisor whose KVM cannot run a stock kernel (PVM), or without
//! a usable `/dev/kvm`, QEMU emulates the CPU (TCG);
//! `WARPNIC_PEER_ACCEL=kvm|tcg` overrides the choice, and
//! `WARPNIC_PEER_VERBOSE=1` keeps the kernel's boot messages on the console.
//!
//! # Lifetime
//!
//! QEMU runs under `timeout`, in a process group of its own, which is
//! killed when the [`SiwGuest`] is dropped; `timeout` also bounds its life
//! in case the test process dies first. The run folder is removed on drop,
//! except when the thread is panicking or `WARPNIC_SIW_KEEP` is set: then
//! its path is printed (console log `console.log`, QEMU's messages
//! `qemu.err`).

use std::ffi::OsString;
use std::fmt;
use std::net::Ipv4Addr;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;
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
        /// The exit status of QEMU (or of the `timeout` holding it).
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

/// The console line of the guest's init once siw is up and the script
/// starts (`WNPEER-READY name=... ip=... siw=<build> links=...`).
pub const READY: &str = "WNPEER-READY";

/// The console line of the guest's init after the script, with its exit
/// status (`WNPEER-DONE rc=N`).
pub const DONE: &str = "WNPEER-DONE rc=";

/// The checkout's root (the parent of the tests crate).
fn checkout() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// The project's peer harness (`tests/peers`).
pub fn peers_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("peers")
}

/// Where the guest image, its builder and QEMU are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiwPaths {
    /// The image folder (`vmlinux` or `vmlinuz`, `initrd.img`, `image.txt`).
    pub image: PathBuf,
    /// The image builder, `tests/peers/guest/build-image.sh`.
    pub builder: PathBuf,
    /// The QEMU binary (`$QEMU`, default `qemu-system-x86_64`).
    pub qemu: OsString,
}

impl SiwPaths {
    /// The usual places: the image in `$WARPNIC_PEER_WORK/guest` (default:
    /// `target/peer-images/guest` in the checkout), as
    /// `tests/peers/guest/build-image.sh` and `scripts/setup.sh` use them.
    pub fn locate() -> SiwPaths {
        let work = std::env::var_os("WARPNIC_PEER_WORK").map_or_else(
            || checkout().join("target").join("peer-images"),
            PathBuf::from,
        );
        SiwPaths {
            image: work.join("guest"),
            builder: peers_dir().join("guest").join("build-image.sh"),
            qemu: std::env::var_os("QEMU").unwrap_or_else(|| "qemu-system-x86_64".into()),
        }
    }

    /// The kernel QEMU boots: `vmlinux` (an ELF, booted through its PVH
    /// entry, which spares the emulated CPU the decompression), else
    /// `vmlinuz`.
    pub fn kernel(&self) -> Option<PathBuf> {
        ["vmlinux", "vmlinuz"]
            .iter()
            .map(|k| self.image.join(k))
            .find(|k| k.is_file())
    }

    /// Builds the image with the builder unless it is current (the
    /// builder decides, from the digest of its inputs; a second process
    /// waits for the first). The builder's output goes to `build.log` in
    /// the image folder.
    ///
    /// # Errors
    /// [`SiwError::Setup`] with the end of the builder's output when it
    /// fails.
    pub fn build_image(&self) -> Result<(), SiwError> {
        std::fs::create_dir_all(&self.image)
            .map_err(io(format!("creating {}", self.image.display())))?;
        let log_path = self.image.join("build.log");
        let log = std::fs::File::create(&log_path)
            .map_err(io(format!("creating {}", log_path.display())))?;
        let status = Command::new("bash")
            .arg(&self.builder)
            .arg(&self.image)
            .stdin(Stdio::null())
            .stdout(log.try_clone().map_err(io("duplicating the build log"))?)
            .stderr(log)
            .status()
            .map_err(io(format!("running {}", self.builder.display())))?;
        if status.success() {
            return Ok(());
        }
        let text = read_text(&log_path);
        let lines: Vec<&str> = text.lines().collect();
        Err(SiwError::Setup(format!(
            "building the peer guest image with {} failed ({status}); the end of {}:\n{}",
            self.builder.display(),
            log_path.display(),
            lines[lines.len().saturating_sub(TAIL_LINES)..].join("\n")
        )))
    }

    /// Checks that the image and QEMU (7.2 or newer, for `-netdev stream`)
    /// are there; returns QEMU's version.
    ///
    /// # Errors
    /// [`SiwError::Setup`] naming what is missing and what to run.
    pub fn check(&self) -> Result<(u32, u32), SiwError> {
        if self.kernel().is_none()
            || !self.image.join("initrd.img").is_file()
            || !self.image.join("image.txt").is_file()
        {
            return Err(SiwError::Setup(format!(
                "no peer guest image in {} (vmlinux or vmlinuz, initrd.img, image.txt): run \
                 `bash {} {}` (`bash scripts/setup.sh --peers` installs the host tools it needs)",
                self.image.display(),
                self.builder.display(),
                self.image.display()
            )));
        }
        let fix = "run `bash scripts/setup.sh --peers` as root (it installs QEMU), or set QEMU \
                   to a qemu-system-x86_64 of version 7.2 or newer";
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

    /// [`SiwPaths::locate`], with the image built once per process when it
    /// is missing or stale, then [checked](SiwPaths::check).
    fn ready() -> Result<(SiwPaths, (u32, u32)), SiwError> {
        static BUILT: Mutex<bool> = Mutex::new(false);
        let paths = SiwPaths::locate();
        {
            let mut built = BUILT.lock().unwrap_or_else(|p| p.into_inner());
            if !*built {
                paths.build_image()?;
                *built = true;
            }
        }
        let version = paths.check()?;
        Ok((paths, version))
    }
}

/// How QEMU runs the guest: with KVM where it can run a stock kernel, else
/// emulated (TCG). A `kvm_pvm` host (PVM nested virtualization) runs only
/// PVM-patched guest kernels and hangs a Debian one.
/// `WARPNIC_PEER_ACCEL=kvm|tcg` decides instead.
fn accel_args() -> Vec<String> {
    let kvm = match std::env::var("WARPNIC_PEER_ACCEL").as_deref() {
        Ok("kvm") => true,
        Ok("tcg") => false,
        _ => {
            std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .open("/dev/kvm")
                .is_ok()
                && !Path::new("/sys/module/kvm_pvm").exists()
        }
    };
    if kvm {
        ["-accel", "kvm", "-cpu", "host,-arch-capabilities"]
    } else {
        ["-accel", "tcg", "-cpu", "max"]
    }
    .iter()
    .map(|a| (*a).to_string())
    .collect()
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

/// Which build of siw the guest loads (both are in the image).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SiwBuild {
    /// siw as Linux has it (its protocol constants made module parameters).
    #[default]
    Stock,
    /// siw whose `siw_accept()` binds the QP to the socket before it sends
    /// the MPA Reply. Stock siw sends the Reply first, and an FPDU that the
    /// initiator sends right after it can reach the connection manager's
    /// handler, which ignores it: the connection stalls with the FPDU
    /// unread (about one connection in 60 under emulation).
    FixedAccept,
}

impl SiwBuild {
    /// The build's name on the guest's command line (`wnpeer.siw=`) and in
    /// its [`READY`] line (`siw=`).
    pub fn name(self) -> &'static str {
        match self {
            SiwBuild::Stock => "stock",
            SiwBuild::FixedAccept => "fixed-accept",
        }
    }
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
    /// The siw build the guest loads.
    pub siw: SiwBuild,
    /// More QEMU options, given before the guest's own devices (e.g.
    /// `-device intel-iommu,...` and `-device edu` for the VFIO guest).
    pub qemu_args: Vec<String>,
    /// The MAC address of the guest's port (default: `52:54:00` and three
    /// bytes of a hash of the name).
    pub mac: Option<[u8; 6]>,
    /// The guest's MTU (default 1500).
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
            siw: SiwBuild::Stock,
            qemu_args: Vec::new(),
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
        cfg.check()?;
        let (paths, version) = SiwPaths::ready()?;
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
    /// The image is built first when it is missing or stale
    /// ([`SiwPaths::build_image`], once per process).
    ///
    /// # Errors
    /// [`SiwError::Setup`] when the image cannot be built, QEMU is missing,
    /// or the configuration is bad; [`SiwError::Io`] when the run folder
    /// cannot be made or QEMU cannot be started.
    pub fn spawn(cfg: &GuestConfig, net: Option<&Path>) -> Result<SiwGuest, SiwError> {
        cfg.check()?;
        let (paths, version) = SiwPaths::ready()?;
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
        copy(&peers_dir().join("siw").join("lib.sh"))?;
        for f in &cfg.files {
            copy(f)?;
        }
        for (name, bytes) in &cfg.data {
            std::fs::write(out.join(name), bytes)
                .map_err(io(format!("writing {name} into the run folder")))?;
        }

        let verbose = std::env::var_os("WARPNIC_PEER_VERBOSE").is_some_and(|v| v != "0");
        let mut words = vec![
            "console=ttyS0".to_string(),
            "panic=-1".into(),
            // IPv4 and ARP only on the wire: no ICMPv6 or MLD frames
            "ipv6.disable=1".into(),
            // under software emulation on a busy host the kernel's check that
            // the IO-APIC routes the timer can miss its ticks and panic the
            // boot ("IO-APIC + timer doesn't work!"); the check proves nothing
            // about the guest the tests need
            "no_timer_check".into(),
            format!("wnpeer.name={}", cfg.name),
            format!("wnpeer.siw={}", cfg.siw.name()),
            format!("wnpeer.run={script}"),
        ];
        if !verbose {
            words.push("quiet".into());
        }
        if let Some((ip, len)) = cfg.ip {
            words.push(format!("wnpeer.ip={ip}/{len}"));
        }
        if let Some(mtu) = cfg.mtu {
            words.push(format!("wnpeer.mtu={mtu}"));
        }
        words.extend(cfg.env.iter().map(|(k, v)| format!("{k}={v}")));
        words.extend(cfg.kernel_args.iter().cloned());

        let kernel = paths
            .kernel()
            .ok_or_else(|| SiwError::Setup(format!("no kernel in {}", paths.image.display())))?;
        let log = dir.join("console.log");
        let err = std::fs::File::create(dir.join("qemu.err"))
            .map_err(io(format!("creating {}", dir.join("qemu.err").display())))?;
        let limit = cfg.time_limit.as_secs().max(1);
        let mut cmd = Command::new("timeout");
        cmd.args(["-k", "5", &limit.to_string()])
            .arg(&paths.qemu)
            .args(["-M", "q35"])
            .args(accel_args())
            .args(["-smp", &cfg.cpus.to_string()])
            .args(["-m", &format!("{}M", cfg.mem_mib)])
            .args([
                "-nodefaults",
                "-no-user-config",
                "-no-reboot",
                "-display",
                "none",
            ])
            .args(&cfg.qemu_args)
            .arg("-kernel")
            .arg(&kernel)
            .arg("-initrd")
            .arg(paths.image.join("initrd.img"))
            .args(["-serial", &format!("file:{}", option_text(&log)?)])
            .args([
                "-virtfs",
                &format!(
                    "local,path={},mount_tag=out0,security_model=none",
                    option_text(&out)?
                ),
            ]);
        if let Some(sock) = net {
            cmd.args(netdev_args(
                sock,
                cfg.mac.unwrap_or_else(|| default_mac(&cfg.name)),
                cfg.pcap.as_deref(),
                qemu_version,
            )?);
        }
        cmd.args(["-append", &words.join(" ")])
            .stdin(Stdio::null())
            .stdout(
                err.try_clone()
                    .map_err(io("duplicating the QEMU message file"))?,
            )
            .stderr(err)
            .process_group(0);
        cmd.spawn().map_err(io(format!(
            "starting {} (under timeout)",
            paths.qemu.to_string_lossy()
        )))
    }

    /// The guest's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The process id of the guest's process group (the `timeout` that
    /// holds QEMU).
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

    /// Waits for the guest's script to end (the init's [`DONE`] line) and
    /// returns its exit code.
    ///
    /// # Errors
    /// As [`SiwGuest::wait_for`].
    pub fn wait_done(&mut self, deadline: Duration, idle: impl FnMut()) -> Result<i32, SiwError> {
        let line = self.wait_for(DONE, deadline, idle)?;
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
        // the group holds `timeout` and QEMU
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

/// `p` as a QEMU option value: UTF-8 without a comma.
fn option_text(p: &Path) -> Result<&str, SiwError> {
    match p.to_str() {
        Some(t) if !t.contains(',') => Ok(t),
        _ => Err(SiwError::Setup(format!(
            "path {} cannot be a QEMU option value (not UTF-8, or has a comma)",
            p.display()
        ))),
    }
}

/// QEMU options of the guest's port: a virtio-net device on a stream
/// netdev connecting to the unix socket `sock`, with QEMU's capture when
/// asked. The reconnect option follows the QEMU version: `reconnect-ms`
/// from 9.2, `reconnect` (seconds) from 8.0, none in 7.2 (the bridge
/// listens before QEMU starts, so the first connection needs no retry).
fn netdev_args(
    sock: &Path,
    mac: [u8; 6],
    pcap: Option<&Path>,
    qemu_version: (u32, u32),
) -> Result<Vec<String>, SiwError> {
    let mut nd = format!(
        "stream,id=n0,server=off,addr.type=unix,addr.path={}",
        option_text(sock)?
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
            option_text(p)?
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

/// The project's guest-side scripts of the siw tests (`tests/peers/siw`).
pub fn scripts_dir() -> PathBuf {
    peers_dir().join("siw")
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
