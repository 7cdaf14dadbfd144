//! The argument rules of the TCP control plane, which the host library
//! applies before it sends a TCP_CONNECT or TCP_LISTEN and the firmware
//! applies again when one arrives (see the firmware crate's mailbox
//! documentation for the words): the window scale a receive window needs,
//! the largest window, the option bits a host may ask for,
//! [`check_connect`] and [`check_listen`].

use core::fmt;
use core::net::Ipv4Addr;

use warpnic_abi::gen::cpl_tcp_opt;

use crate::ip::is_host_addr;

/// Receive window of a connection or listener whose request gives 0,
/// bytes: the largest window without scaling.
pub const DEFAULT_RCV_WND: u32 = 65_535;
/// Largest receive window (RFC 7323 §2.3: 2^30).
pub const MAX_RCV_WND: u32 = 1 << 30;
/// Largest window scale shift (RFC 7323 §2.3).
pub const MAX_WSCALE: u8 = 14;
/// The `cpl_tcp_opt` bits a host may ask for in a TCP_CONNECT.
pub const CONNECT_OPTS: u8 = cpl_tcp_opt::WSCALE
    | cpl_tcp_opt::SACK
    | cpl_tcp_opt::TIMESTAMPS
    | cpl_tcp_opt::NODELAY
    | cpl_tcp_opt::KEEPALIVE
    | cpl_tcp_opt::ECN;

/// The smallest window scale shift that fits `wnd` in the 16-bit window
/// field (RFC 7323 §2.3), at most [`MAX_WSCALE`].
pub fn wscale_for(wnd: u32) -> u8 {
    let mut s = 0u8;
    while s < MAX_WSCALE && (wnd >> s) > 0xffff {
        s += 1;
    }
    s
}

/// Why the arguments of a connect were refused; the first rule broken, in
/// the order of the variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConnectArgError {
    /// The peer port is 0.
    PeerPort,
    /// The peer address cannot be a host's ([`is_host_addr`]).
    PeerAddr,
    /// Option bits outside [`CONNECT_OPTS`].
    Options,
    /// A shift above [`MAX_WSCALE`], or a shift without WSCALE.
    Shift,
    /// A window above [`MAX_RCV_WND`], or one that does not fit in 16 bits
    /// at its shift.
    Window,
}

impl fmt::Display for ConnectArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::PeerPort => "peer port 0",
            Self::PeerAddr => "the peer address cannot be a host's",
            Self::Options => "unknown cpl_tcp_opt bits",
            Self::Shift => "a window scale shift needs WSCALE and is at most 14",
            Self::Window => "the receive window does not fit its scale shift",
        })
    }
}

/// The window a valid connect offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConnectWindow {
    /// The receive window in bytes ([`DEFAULT_RCV_WND`] for a request of 0).
    pub wnd: u32,
    /// The window scale shift offered (0 without WSCALE).
    pub shift: u8,
}

/// Checks the arguments of a connect to `peer`:`peer_port` offering the
/// `cpl_tcp_opt` bits `opt`, window scale shift `rcv_wscale` and a receive
/// window of `rcv_wnd` bytes (0: [`DEFAULT_RCV_WND`]); returns the window
/// it offers.
///
/// # Errors
///
/// The first rule broken, in this order: [`ConnectArgError::PeerPort`],
/// [`ConnectArgError::PeerAddr`], [`ConnectArgError::Options`],
/// [`ConnectArgError::Shift`], [`ConnectArgError::Window`].
pub fn check_connect(
    peer: Ipv4Addr,
    peer_port: u16,
    opt: u8,
    rcv_wscale: u8,
    rcv_wnd: u32,
) -> Result<ConnectWindow, ConnectArgError> {
    let wscale = opt & cpl_tcp_opt::WSCALE != 0;
    let wnd = if rcv_wnd == 0 {
        DEFAULT_RCV_WND
    } else {
        rcv_wnd
    };
    let shift = if wscale { rcv_wscale } else { 0 };
    if peer_port == 0 {
        Err(ConnectArgError::PeerPort)
    } else if !is_host_addr(peer) {
        Err(ConnectArgError::PeerAddr)
    } else if opt & !CONNECT_OPTS != 0 {
        Err(ConnectArgError::Options)
    } else if rcv_wscale > MAX_WSCALE || (!wscale && rcv_wscale != 0) {
        Err(ConnectArgError::Shift)
    } else if wnd > MAX_RCV_WND || (wnd >> shift) > 0xffff {
        Err(ConnectArgError::Window)
    } else {
        Ok(ConnectWindow { wnd, shift })
    }
}

/// Why the arguments of a listen were refused; the first rule broken, in
/// the order of the variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ListenArgError {
    /// The port is 0.
    Port,
    /// The backlog is 0.
    Backlog,
    /// A window above [`MAX_RCV_WND`].
    Window,
}

impl fmt::Display for ListenArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Port => "port 0",
            Self::Backlog => "a backlog of 0",
            Self::Window => "a receive window above 2^30",
        })
    }
}

/// Checks the arguments of a listen on `port` with room for `backlog`
/// connections and a receive window of `rcv_wnd` bytes (0:
/// [`DEFAULT_RCV_WND`]): neither port nor backlog is 0, and the window is
/// at most [`MAX_RCV_WND`].
///
/// # Errors
///
/// The first rule broken, in this order: [`ListenArgError::Port`],
/// [`ListenArgError::Backlog`], [`ListenArgError::Window`].
pub fn check_listen(port: u16, backlog: u16, rcv_wnd: u32) -> Result<(), ListenArgError> {
    if port == 0 {
        Err(ListenArgError::Port)
    } else if backlog == 0 {
        Err(ListenArgError::Backlog)
    } else if rcv_wnd > MAX_RCV_WND {
        Err(ListenArgError::Window)
    } else {
        Ok(())
    }
}

/// `true` when [`check_listen`] accepts the arguments.
pub fn listen_args_ok(port: u16, backlog: u16, rcv_wnd: u32) -> bool {
    check_listen(port, backlog, rcv_wnd).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PEER: Ipv4Addr = Ipv4Addr::new(10, 0, 0, 2);

    #[test]
    fn wscale_fits_window() {
        assert_eq!(wscale_for(65_535), 0);
        assert_eq!(wscale_for(65_536), 1);
        assert_eq!(wscale_for(262_144), 3);
        assert_eq!(wscale_for(1 << 22), 7);
        assert_eq!(wscale_for(MAX_RCV_WND), 14);
        assert_eq!(wscale_for(u32::MAX), 14);
        for wnd in [
            1,
            65_535,
            65_536,
            1 << 20,
            (1 << 20) + 1,
            4 << 20,
            MAX_RCV_WND - 1,
        ] {
            let s = wscale_for(wnd);
            assert!(wnd >> s <= 0xffff, "{wnd}");
            assert!(
                s == 0 || wnd >> (s - 1) > 0xffff,
                "{wnd}: {s} is not the smallest"
            );
        }
    }

    #[test]
    fn connect_arguments() {
        let ws = cpl_tcp_opt::WSCALE;
        assert_eq!(
            check_connect(PEER, 5000, 0, 0, 0),
            Ok(ConnectWindow {
                wnd: DEFAULT_RCV_WND,
                shift: 0
            })
        );
        assert_eq!(
            check_connect(PEER, 5000, ws | cpl_tcp_opt::SACK, 7, 4 << 20),
            Ok(ConnectWindow {
                wnd: 4 << 20,
                shift: 7
            })
        );
        assert_eq!(
            check_connect(PEER, 5000, CONNECT_OPTS, MAX_WSCALE, MAX_RCV_WND - 1),
            Ok(ConnectWindow {
                wnd: MAX_RCV_WND - 1,
                shift: MAX_WSCALE
            })
        );
        let err = |peer, port, opt, s, w| check_connect(peer, port, opt, s, w).err();
        assert_eq!(err(PEER, 0, 0, 0, 0), Some(ConnectArgError::PeerPort));
        // the port is checked first
        assert_eq!(
            err(Ipv4Addr::BROADCAST, 0, 0xff, 15, u32::MAX),
            Some(ConnectArgError::PeerPort)
        );
        for bad in [
            Ipv4Addr::UNSPECIFIED,
            Ipv4Addr::BROADCAST,
            Ipv4Addr::new(224, 0, 0, 5),
            Ipv4Addr::new(127, 0, 0, 1),
            Ipv4Addr::new(250, 0, 0, 1),
        ] {
            assert_eq!(
                err(bad, 1, 0, 0, 0),
                Some(ConnectArgError::PeerAddr),
                "{bad}"
            );
        }
        assert_eq!(err(PEER, 1, 0x80, 0, 0), Some(ConnectArgError::Options));
        assert_eq!(err(PEER, 1, ws, 15, 0), Some(ConnectArgError::Shift));
        assert_eq!(err(PEER, 1, 0, 1, 0), Some(ConnectArgError::Shift));
        assert_eq!(err(PEER, 1, 0, 0, 65_536), Some(ConnectArgError::Window));
        assert_eq!(err(PEER, 1, ws, 1, 1 << 17), Some(ConnectArgError::Window));
        assert_eq!(err(PEER, 1, ws, 6, 4 << 20), Some(ConnectArgError::Window));
        // 2^30 needs 16 bits more than the field: no shift fits it
        assert_eq!(
            err(PEER, 1, ws, MAX_WSCALE, MAX_RCV_WND),
            Some(ConnectArgError::Window)
        );
        assert_eq!(
            err(PEER, 1, ws, 14, MAX_RCV_WND + 1),
            Some(ConnectArgError::Window)
        );
    }

    #[test]
    fn listen_arguments() {
        assert!(listen_args_ok(80, 1, 0));
        assert!(listen_args_ok(80, 1, MAX_RCV_WND));
        assert!(!listen_args_ok(0, 1, 0));
        assert!(!listen_args_ok(80, 0, 0));
        assert!(!listen_args_ok(80, 1, MAX_RCV_WND + 1));
        assert_eq!(check_listen(0, 0, u32::MAX), Err(ListenArgError::Port));
        assert_eq!(check_listen(80, 0, u32::MAX), Err(ListenArgError::Backlog));
        assert_eq!(
            check_listen(80, 1, MAX_RCV_WND + 1),
            Err(ListenArgError::Window)
        );
    }
}
