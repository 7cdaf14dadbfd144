//! A non-blocking Linux eventfd: the kernel's interrupt doorbell for VFIO,
//! and the readiness of a connection manager's event channel.
//!
//! VFIO writes 1 to a vector's eventfd each time the interrupt fires; the
//! counter accumulates until read. [`EventFd::wait`] consumes the whole
//! counter, so one `true` covers every interrupt since the previous one.

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::time::{Duration, Instant};

/// An eventfd in non-blocking, close-on-exec mode.
#[derive(Debug)]
pub struct EventFd {
    fd: OwnedFd,
}

impl EventFd {
    /// Creates an eventfd with counter 0.
    ///
    /// # Errors
    /// The OS error of `eventfd(2)`.
    pub fn new() -> io::Result<Self> {
        // SAFETY: eventfd takes no pointers.
        let fd = unsafe { libc::eventfd(0, libc::EFD_CLOEXEC | libc::EFD_NONBLOCK) };
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: `fd` is a new descriptor that nothing else owns.
        Ok(Self {
            fd: unsafe { OwnedFd::from_raw_fd(fd) },
        })
    }

    /// Adds 1 to the counter (what the kernel does on an interrupt).
    ///
    /// # Errors
    /// The OS error of `write(2)`.
    pub fn signal(&self) -> io::Result<()> {
        let one: u64 = 1;
        // SAFETY: writes 8 bytes from a live u64.
        let n = unsafe {
            libc::write(
                self.fd.as_raw_fd(),
                (&one as *const u64).cast::<libc::c_void>(),
                8,
            )
        };
        if n == 8 {
            Ok(())
        } else {
            Err(io::Error::last_os_error())
        }
    }

    /// Reads and clears the counter without blocking; returns its value
    /// (0 when nothing was signalled).
    pub(crate) fn take(&self) -> io::Result<u64> {
        let mut count: u64 = 0;
        // SAFETY: reads at most 8 bytes into a live u64.
        let n = unsafe {
            libc::read(
                self.fd.as_raw_fd(),
                (&mut count as *mut u64).cast::<libc::c_void>(),
                8,
            )
        };
        if n == 8 {
            return Ok(count);
        }
        let err = io::Error::last_os_error();
        if err.kind() == io::ErrorKind::WouldBlock {
            Ok(0)
        } else {
            Err(err)
        }
    }

    /// Waits until the counter is non-zero or `timeout` passes; consumes
    /// the counter. Returns whether it had been signalled.
    ///
    /// # Errors
    /// The OS error of `ppoll(2)` or `read(2)` (interruptions by signals
    /// are retried).
    pub fn wait(&self, timeout: Duration) -> io::Result<bool> {
        let deadline = Instant::now().checked_add(timeout);
        loop {
            if self.take()? > 0 {
                return Ok(true);
            }
            let left = match deadline {
                Some(d) => d.saturating_duration_since(Instant::now()),
                None => Duration::from_secs(i32::MAX as u64),
            };
            if left.is_zero() {
                return Ok(false);
            }
            let ts = libc::timespec {
                tv_sec: left.as_secs().min(i32::MAX as u64) as libc::time_t,
                tv_nsec: left.subsec_nanos() as libc::c_long,
            };
            let mut pfd = libc::pollfd {
                fd: self.fd.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: one live pollfd, a live timespec, no signal mask.
            let r = unsafe { libc::ppoll(&mut pfd, 1, &ts, std::ptr::null()) };
            if r < 0 {
                let err = io::Error::last_os_error();
                if err.kind() != io::ErrorKind::Interrupted {
                    return Err(err);
                }
            }
            // r == 0 is a timeout: the next round reads once more and then
            // returns false; r > 0 means readable.
        }
    }
}

impl AsRawFd for EventFd {
    fn as_raw_fd(&self) -> RawFd {
        self.fd.as_raw_fd()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_out_when_not_signalled() {
        let e = EventFd::new().unwrap();
        let t = Instant::now();
        assert!(!e.wait(Duration::from_millis(30)).unwrap());
        assert!(t.elapsed() >= Duration::from_millis(30));
        assert!(!e.wait(Duration::ZERO).unwrap());
    }

    #[test]
    fn one_true_consumes_all_signals() {
        let e = EventFd::new().unwrap();
        e.signal().unwrap();
        e.signal().unwrap();
        assert!(e.wait(Duration::from_secs(1)).unwrap());
        assert!(!e.wait(Duration::from_millis(1)).unwrap());
    }

    #[test]
    fn wakes_up_on_a_signal_from_another_thread() {
        let e = std::sync::Arc::new(EventFd::new().unwrap());
        let e2 = e.clone();
        let t = Instant::now();
        let h = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(20));
            e2.signal().unwrap();
        });
        assert!(e.wait(Duration::from_secs(10)).unwrap());
        assert!(t.elapsed() < Duration::from_secs(5));
        h.join().unwrap();
    }
}
