//! The mailbox commands the firmware serves itself (the TCP ones go on to
//! [`TcpCp`]): their argument checks, their effects and their payloads.

use warpnic_abi::gen::{
    self, ArgError, ArpState, FwArpResolveArgs, FwArpResolveRsp, FwIpv4, FwMac, FwOpcode, FwStatus,
    FwTcpConfigArgs, FwTcpConnectArgs, FwTcpEndpoint, FwTcpListenArgs, FwTcpListener, FwTcpTcbArgs,
    FwTcpTiming, FwVersionRsp,
};

use core::net::Ipv4Addr;

use crate::hal::{
    Hal, REG_BUILD_ID, REG_IPV4, REG_MAC_HI, REG_MAC_LO, REG_TCP_RETRIES, REG_TCP_RTO_INIT,
    REG_TCP_RTO_MAX, REG_TCP_RTO_MIN, REG_TCP_TIME_WAIT,
};
use crate::mac::MacAddr;
use crate::net::{ExceptionPath, Interface, Resolve, ResolveError};
use crate::tcp;

use super::{Firmware, Payload, PortNet};

impl Firmware {
    /// Runs one command; `args` are the request's words after the header.
    /// `Ok(None)`: the answer is deferred until the TCP engine replies.
    pub(super) fn dispatch(
        &mut self,
        op: FwOpcode,
        args: &[u32],
        hal: &mut impl Hal,
    ) -> Result<Option<Payload>, FwStatus> {
        let now = match op {
            FwOpcode::Nop => Self::nop(args),
            FwOpcode::GetVersion => Self::get_version(args, hal),
            FwOpcode::SetMac => self.set_mac(args, hal),
            FwOpcode::GetMac => Self::get_mac(args, hal),
            FwOpcode::SetIpv4 => self.set_ipv4(args, hal),
            FwOpcode::GetIpv4 => self.get_ipv4(args),
            FwOpcode::ArpResolve => self.arp_resolve(args),
            FwOpcode::TcpConfig => self.tcp_config(args, hal),
            // frames and CPL messages are not mailbox commands
            FwOpcode::FrameRx | FwOpcode::FrameTx | FwOpcode::Cpl => Err(FwStatus::BadOpcode),
            FwOpcode::TcpListen
            | FwOpcode::TcpUnlisten
            | FwOpcode::TcpConnect
            | FwOpcode::TcpClose
            | FwOpcode::TcpAbort
            | FwOpcode::TcpEvent
            | FwOpcode::TcpTcb => return self.tcp_command(op, args),
        };
        now.map(Some)
    }

    /// TCP_CONFIG: with no arguments, answers the timing registers
    /// (`fw_tcp_timing`); with five words (`fw_tcp_config_args` without the
    /// secret) writes them, with nine also sets the ISN secret.
    fn tcp_config(&mut self, args: &[u32], hal: &mut impl Hal) -> Result<Payload, FwStatus> {
        // the registers hold fw_tcp_timing's words, word 0 first
        const REGS: [u8; FwTcpTiming::WORDS] = [
            REG_TCP_RTO_INIT,
            REG_TCP_RTO_MIN,
            REG_TCP_RTO_MAX,
            REG_TCP_RETRIES,
            REG_TCP_TIME_WAIT,
        ];
        if args.is_empty() {
            return Ok(Payload::of(REGS.map(|r| hal.reg_read(r))));
        }
        // the secret is all four words or none
        let with_key = args.len() == FwTcpConfigArgs::WORDS;
        if !with_key && args.len() != FwTcpConfigArgs::MIN_WORDS {
            return Err(FwStatus::BadLength);
        }
        let c = FwTcpConfigArgs::from_prefix(args).map_err(arg_status)?;
        let times = [c.rto_init, c.rto_min, c.rto_max, c.time_wait];
        if times.contains(&0) || c.syn_retries == 0 || c.data_retries == 0 {
            return Err(FwStatus::BadArgument);
        }
        if !(c.rto_min..=c.rto_max).contains(&c.rto_init) {
            return Err(FwStatus::BadArgument);
        }
        let timing = FwTcpTiming {
            rto_init: c.rto_init,
            rto_min: c.rto_min,
            rto_max: c.rto_max,
            syn_retries: c.syn_retries,
            data_retries: c.data_retries,
            time_wait: c.time_wait,
        };
        for (r, v) in REGS.into_iter().zip(timing.to_words().map_err(arg_status)?) {
            hal.reg_write(r, v);
        }
        if with_key {
            self.tcp
                .set_key(tcp::iss::Key([c.isn_key_lo, c.isn_key_hi]));
        }
        Ok(Payload::EMPTY)
    }

    /// The TCP commands other than TCP_CONFIG (their blocks in
    /// `warpnic_abi::gen`, see the crate documentation).
    fn tcp_command(&mut self, op: FwOpcode, args: &[u32]) -> Result<Option<Payload>, FwStatus> {
        let now_us = self.now_us();
        let mut port = PortNet {
            net: self.net.as_mut(),
            frame: &mut self.frame_out,
            now_ms: self.now / (u64::from(gen::CLOCK_MHZ) * 1000),
        };
        let out = match op {
            FwOpcode::TcpListen => {
                let a = FwTcpListenArgs::from_words(exact(args)?).map_err(arg_status)?;
                self.tcp.listen(a, &port, now_us)?
            }
            FwOpcode::TcpUnlisten => {
                let a = FwTcpListener::from_words(exact(args)?).map_err(arg_status)?;
                self.tcp.unlisten(a, now_us)?
            }
            FwOpcode::TcpConnect => {
                let a = FwTcpConnectArgs::from_words(exact(args)?).map_err(arg_status)?;
                self.tcp.connect(a, &mut port, now_us)?
            }
            FwOpcode::TcpClose => {
                let a = FwTcpEndpoint::from_words(exact(args)?).map_err(arg_status)?;
                self.tcp.close(a, &mut port, now_us)?
            }
            FwOpcode::TcpAbort => {
                let a = FwTcpEndpoint::from_words(exact(args)?).map_err(arg_status)?;
                self.tcp.abort(a, &mut port, now_us)?
            }
            FwOpcode::TcpEvent => {
                no_args(args)?;
                let local = tcp::Net::local_ip(&port);
                tcp::Output {
                    cpl: None,
                    reply: Some(self.tcp.take_event(local)),
                }
            }
            FwOpcode::TcpTcb => {
                let a = FwTcpTcbArgs::from_words(exact(args)?).map_err(arg_status)?;
                self.tcp.tcb(a, now_us)?
            }
            _ => return Err(FwStatus::BadOpcode),
        };
        if let Some(msg) = out.cpl {
            self.cpl_out.msg = Some(msg);
            self.cpl_out.next = 0;
        }
        out.reply.map(reply_payload).transpose()
    }

    /// NOP: no arguments; an empty answer.
    fn nop(args: &[u32]) -> Result<Payload, FwStatus> {
        no_args(args)?;
        Ok(Payload::EMPTY)
    }

    /// GET_VERSION: no arguments; answers `fw_version_rsp`: FW_VERSION,
    /// the core's build ID and the MAC address.
    fn get_version(args: &[u32], hal: &mut impl Hal) -> Result<Payload, FwStatus> {
        no_args(args)?;
        let build_id = hal.reg_read(REG_BUILD_ID);
        let rsp = FwVersionRsp {
            version: gen::FW_VERSION,
            build_id,
            mac: read_mac(hal).map_err(arg_status)?,
        };
        Ok(Payload::of(rsp.to_words().map_err(arg_status)?))
    }

    /// SET_MAC: `fw_mac`. A zero or group address, or a reserved bit set,
    /// is BAD_ARGUMENT.
    fn set_mac(&mut self, args: &[u32], hal: &mut impl Hal) -> Result<Payload, FwStatus> {
        let FwMac { mac } = FwMac::from_words(exact(args)?).map_err(arg_status)?;
        let mac = MacAddr::from_u64(mac);
        if !mac.is_valid_unicast() {
            return Err(FwStatus::BadArgument);
        }
        write_mac(hal, mac);
        self.mac = mac;
        Ok(Payload::EMPTY)
    }

    /// SET_IPV4: `fw_ipv4`, the address and prefix length. Starts (or
    /// restarts, with an empty neighbour table) ARP and ICMP echo, and tells
    /// the core the address so it steers ICMP to it here.
    fn set_ipv4(&mut self, args: &[u32], hal: &mut impl Hal) -> Result<Payload, FwStatus> {
        if args.len() != FwIpv4::MIN_WORDS && args.len() != FwIpv4::WORDS {
            return Err(FwStatus::BadLength);
        }
        let FwIpv4 {
            addr,
            prefix_len,
            gateway,
        } = FwIpv4::from_prefix(args).map_err(arg_status)?;
        let gateway = (gateway != 0).then(|| Ipv4Addr::from(gateway));
        let iface = Interface::new(self.mac, Ipv4Addr::from(addr), prefix_len, gateway)
            .map_err(|_| FwStatus::BadArgument)?;
        match self.net.as_mut() {
            Some(net) => net.set_interface(iface),
            None => self.net = Some(ExceptionPath::new(iface)),
        }
        hal.reg_write(REG_IPV4, addr);
        Ok(Payload::EMPTY)
    }

    /// ARP_RESOLVE: routes `fw_arp_resolve_args.addr` and answers its next
    /// hop's MAC address, or starts a resolution (the ARP request goes out
    /// with the next frame) and answers PENDING.
    fn arp_resolve(&mut self, args: &[u32]) -> Result<Payload, FwStatus> {
        let FwArpResolveArgs { addr } =
            FwArpResolveArgs::from_words(exact(args)?).map_err(arg_status)?;
        let dst = Ipv4Addr::from(addr);
        let now_ms = self.now / (u64::from(gen::CLOCK_MHZ) * 1000);
        let answer = |state: ArpState, next_hop: Option<Ipv4Addr>, mac: u64| {
            FwArpResolveRsp {
                state,
                next_hop: next_hop.map_or(0, u32::from),
                mac,
            }
            .to_words()
            .map(Payload::of)
            .map_err(arg_status)
        };
        let Some(net) = self.net.as_mut() else {
            return answer(ArpState::NoAddress, None, 0);
        };
        let iface = net.interface();
        let hop = if iface.is_broadcast(dst) || dst.is_multicast() {
            Some(dst)
        } else {
            iface.next_hop(dst)
        };
        if self.frame_out.pending() {
            // no room for a request now: what the table knows, else later
            let known = hop
                .and_then(|h| net.arp().table().get(h))
                .and_then(|n| n.mac());
            return match (known, hop) {
                (Some(mac), _) => answer(ArpState::Resolved, hop, mac.to_u64()),
                (None, None) => answer(ArpState::NoRoute, None, 0),
                (None, Some(_)) => answer(ArpState::Pending, hop, 0),
            };
        }
        match net.resolve(dst, now_ms, &mut self.frame_out.buf) {
            Ok(Resolve::Known(mac)) => answer(ArpState::Resolved, hop, mac.to_u64()),
            Ok(Resolve::Pending) | Err(ResolveError::BufferTooSmall) => {
                answer(ArpState::Pending, hop, 0)
            }
            Ok(Resolve::SendRequest { len }) => {
                self.frame_out.start(len);
                answer(ArpState::Pending, hop, 0)
            }
            Err(ResolveError::NoRoute) => answer(ArpState::NoRoute, None, 0),
            Err(ResolveError::OwnAddress | ResolveError::InvalidAddress) => {
                answer(ArpState::Invalid, hop, 0)
            }
            Err(ResolveError::TableFull) => answer(ArpState::NoResources, hop, 0),
        }
    }

    /// GET_IPV4: `fw_ipv4`, the address, prefix length and gateway (zeros
    /// before SET_IPV4).
    fn get_ipv4(&self, args: &[u32]) -> Result<Payload, FwStatus> {
        no_args(args)?;
        let rsp = match &self.net {
            Some(net) => {
                let i = net.interface();
                FwIpv4 {
                    addr: u32::from(i.ip()),
                    prefix_len: i.prefix_len(),
                    gateway: i.gateway().map_or(0, u32::from),
                }
            }
            None => FwIpv4::default(),
        };
        Ok(Payload::of(rsp.to_words().map_err(arg_status)?))
    }

    /// GET_MAC: no arguments; answers `fw_mac`, the address as the
    /// register window holds it.
    fn get_mac(args: &[u32], hal: &mut impl Hal) -> Result<Payload, FwStatus> {
        no_args(args)?;
        let rsp = FwMac {
            mac: read_mac(hal).map_err(arg_status)?,
        };
        Ok(Payload::of(rsp.to_words().map_err(arg_status)?))
    }
}

/// The mailbox status of a command block that does not decode or pack: a
/// length the block does not take is BAD_LENGTH, a reserved bit set, an
/// unknown code or a value wider than its field BAD_ARGUMENT.
fn arg_status(e: ArgError) -> FwStatus {
    match e {
        ArgError::Length { .. } => FwStatus::BadLength,
        ArgError::Reserved { .. } | ArgError::UnknownCode { .. } | ArgError::TooWide { .. } => {
            FwStatus::BadArgument
        }
    }
}

/// The words of a block that has no optional words: exactly its length,
/// else BAD_LENGTH (as `from_prefix` answers, without building its error).
fn exact<const N: usize>(args: &[u32]) -> Result<&[u32; N], FwStatus> {
    args.try_into().map_err(|_| FwStatus::BadLength)
}

// The blocks read with `exact` have no optional words.
const _: () = {
    assert!(FwMac::MIN_WORDS == FwMac::WORDS);
    assert!(FwArpResolveArgs::MIN_WORDS == FwArpResolveArgs::WORDS);
    assert!(FwTcpListenArgs::MIN_WORDS == FwTcpListenArgs::WORDS);
    assert!(FwTcpListener::MIN_WORDS == FwTcpListener::WORDS);
    assert!(FwTcpConnectArgs::MIN_WORDS == FwTcpConnectArgs::WORDS);
    assert!(FwTcpEndpoint::MIN_WORDS == FwTcpEndpoint::WORDS);
    assert!(FwTcpTcbArgs::MIN_WORDS == FwTcpTcbArgs::WORDS);
};

/// The words of a TCP command's answer.
pub(super) fn reply_payload(reply: tcp::Reply) -> Result<Payload, FwStatus> {
    let mut p = Payload::EMPTY;
    p.len = reply.write(&mut p.words).map_err(arg_status)?;
    Ok(p)
}

fn no_args(args: &[u32]) -> Result<(), FwStatus> {
    if args.is_empty() {
        Ok(())
    } else {
        Err(FwStatus::BadLength)
    }
}

/// Writes `mac` into the window, low half first: a core that latches the
/// address on the high write sees both halves.
pub(super) fn write_mac(hal: &mut impl Hal, mac: MacAddr) {
    let (lo, hi) = mac.to_words();
    hal.reg_write(REG_MAC_LO, lo);
    hal.reg_write(REG_MAC_HI, hi);
}

/// The MAC address as the window holds it (`fw_mac`'s words; the bits of
/// `FW_REG_MAC_HI` above the address are ignored).
fn read_mac(hal: &mut impl Hal) -> Result<u64, ArgError> {
    let lo = hal.reg_read(REG_MAC_LO);
    let hi = hal.reg_read(REG_MAC_HI) & !FwMac::RESERVED[1];
    FwMac::from_words(&[lo, hi]).map(|m| m.mac)
}
