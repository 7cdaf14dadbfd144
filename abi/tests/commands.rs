//! The generated argument-block types against the golden vectors of
//! `warpnic_abi::golden::ARG_GOLDEN`: every block decodes its vector's words
//! to the expected field values and encodes those values back to the same
//! words; a set reserved bit, a value one bit too wide, an unknown code and
//! a message of the wrong length are each refused with their error. The
//! RTL runs the same vectors (`hw/tb/gen/wn_abi_golden_tb.sv`).

use warpnic_abi::gen::*;
use warpnic_abi::golden::{ArgGolden, Expect, ARG_GOLDEN};
use warpnic_abi::spec::{ArgBlock, Field, SPEC};

fn vector(block: &str) -> &'static ArgGolden {
    ARG_GOLDEN
        .iter()
        .find(|g| g.block == block)
        .unwrap_or_else(|| panic!("no golden vector for {block}"))
}

fn spec_block(name: &str) -> &'static ArgBlock {
    SPEC.commands
        .iter()
        .flat_map(|c| c.args.iter().chain(c.rsp.iter()))
        .chain(SPEC.reg_fields.iter().map(|r| &r.fields))
        .find(|b| b.layout.name == name)
        .unwrap_or_else(|| panic!("no argument block {name}"))
}

fn spec_field(block: &str, field: &str) -> &'static Field {
    spec_block(block)
        .layout
        .fields
        .iter()
        .find(|f| f.name == field)
        .unwrap_or_else(|| panic!("{block} has no field {field}"))
}

fn expected(g: &ArgGolden, field: &str) -> u64 {
    match g.fields.iter().find(|(n, _)| *n == field) {
        Some((_, Expect::Int(v))) => *v,
        Some((_, Expect::Bytes(_))) => panic!("{}.{field}: expected an integer", g.block),
        None => panic!("{}.{field}: no expected value", g.block),
    }
}

/// A field's Rust type built from, and shown as, its number.
trait Value: Sized + Copy {
    fn from_value(v: u64, what: &str) -> Self;
    /// A value one bit wider than a `width`-bit field, if the type holds it.
    fn too_wide(width: u32) -> Option<Self>;
}

macro_rules! uint_value {
    ($($t:ty),*) => {$(
        impl Value for $t {
            fn from_value(v: u64, what: &str) -> Self {
                <$t>::try_from(v).unwrap_or_else(|_| panic!("{what}: {v:#x} does not fit"))
            }
            fn too_wide(width: u32) -> Option<Self> {
                (width < <$t>::BITS).then(|| 1 << width)
            }
        }
    )*};
}
uint_value!(u8, u16, u32, u64);

impl Value for bool {
    fn from_value(v: u64, what: &str) -> Self {
        match v {
            0 => false,
            1 => true,
            _ => panic!("{what}: {v:#x} is not a bit"),
        }
    }
    fn too_wide(_: u32) -> Option<Self> {
        None
    }
}

macro_rules! code_value {
    ($($t:ty: $repr:ty),*) => {$(
        impl Value for $t {
            fn from_value(v: u64, what: &str) -> Self {
                <$repr>::try_from(v)
                    .ok()
                    .and_then(|v| <$t>::try_from(v).ok())
                    .unwrap_or_else(|| panic!("{what}: {v:#x} is not a code"))
            }
            fn too_wide(_: u32) -> Option<Self> {
                None
            }
        }
    )*};
}
code_value!(QpState: u8, CplStatus: u8, TcpEvent: u8, TcbField: u8, RdmaCmdStatus: u8, ArpState: u8);

fn value<T: Value>(g: &ArgGolden, field: &str) -> T {
    T::from_value(expected(g, field), &format!("{}.{field}", g.block))
}

/// Checks that a test lists exactly the block's fields.
fn covers(block: &str, fields: &[&str]) {
    let spec_fields: Vec<&str> = spec_block(block)
        .layout
        .fields
        .iter()
        .map(|f| f.name)
        .collect();
    assert_eq!(
        spec_fields, fields,
        "{block}: the test must check every field"
    );
}

/// The words with the bits of `f` set to `v`.
fn with_field(words: &[u32], f: &Field, v: u64) -> Vec<u32> {
    let lsb = 8 * f.offset + f.shift as usize;
    let mut out = words.to_vec();
    for i in 0..f.width as usize {
        let bit = lsb + i;
        let word = &mut out[bit / 32];
        let m = 1u32 << (bit % 32);
        if (v >> i) & 1 == 1 {
            *word |= m;
        } else {
            *word &= !m;
        }
    }
    out
}

macro_rules! block {
    ($test:ident, $ty:ident, [$($f:ident),* $(,)?]) => {
        #[test]
        fn $test() {
            let name = stringify!($test);
            covers(name, &[$(stringify!($f)),*]);
            let g = vector(name);
            let spec = spec_block(name);
            assert_eq!($ty::NAME, name);
            assert_eq!(($ty::WORDS, $ty::MIN_WORDS), (spec.words(), spec.min_words));
            let words: [u32; $ty::WORDS] = g.words.try_into().expect("vector length");

            // unpack, then pack
            let decoded = $ty::from_words(&words).expect("the golden words decode");
            $( assert_eq!(decoded.$f, value(g, stringify!($f)), "{name}.{}", stringify!($f)); )*
            let built = $ty { $($f: value(g, stringify!($f))),* };
            assert_eq!(built, decoded);
            assert_eq!(built.to_words(), Ok(words), "{name}: to_words");

            // every reserved bit is refused, and only reserved bits are
            for (i, &r) in $ty::RESERVED.iter().enumerate() {
                for bit in (0..32).filter(|b| r >> b & 1 == 1) {
                    let mut w = words;
                    w[i] |= 1 << bit;
                    assert_eq!(
                        $ty::from_words(&w),
                        Err(ArgError::Reserved { block: name, word: i, bits: 1 << bit }),
                        "{name}: word {i} bit {bit}"
                    );
                }
            }
            let held: Vec<u32> = spec
                .layout
                .fields
                .iter()
                .fold(vec![0u32; $ty::WORDS], |acc, f| with_field(&acc, f, u64::MAX));
            for (i, (&r, &h)) in $ty::RESERVED.iter().zip(&held).enumerate() {
                assert_eq!(r, !h, "{name}: RESERVED of word {i}");
            }

            // a value one bit too wide is an error, not a truncation
            $(
                let f = spec_field(name, stringify!($f));
                if let Some(v) = Value::too_wide(f.width) {
                    let mut t = built;
                    t.$f = v;
                    assert_eq!(
                        t.to_words(),
                        Err(ArgError::TooWide { block: name, field: f.name, value: 1 << f.width, width: f.width }),
                        "{name}.{}", f.name
                    );
                }
            )*

            // a code its enumeration does not define does not decode
            for f in spec.layout.fields {
                let Some(e) = SPEC.enums.iter().find(|e| e.name == f.doc && !e.flags) else {
                    continue;
                };
                let unknown = (0..1u64 << f.width)
                    .find(|v| !e.values.iter().any(|x| x.value == *v))
                    .expect("a free code");
                let w: [u32; $ty::WORDS] = with_field(&words, f, unknown).try_into().expect("length");
                assert_eq!(
                    $ty::from_words(&w),
                    Err(ArgError::UnknownCode { block: name, field: f.name, value: unknown }),
                    "{name}.{}", f.name
                );
            }

            // a message may leave out the words after MIN_WORDS, no more
            assert_eq!($ty::from_prefix(&words), Ok(decoded));
            let short = &words[..$ty::MIN_WORDS];
            let mut padded = [0u32; $ty::WORDS];
            padded[..short.len()].copy_from_slice(short);
            assert_eq!($ty::from_prefix(short), $ty::from_words(&padded));
            if $ty::MIN_WORDS > 0 {
                assert_eq!(
                    $ty::from_prefix(&words[..$ty::MIN_WORDS - 1]),
                    Err(ArgError::Length { block: name, words: $ty::MIN_WORDS - 1, min: $ty::MIN_WORDS, max: $ty::WORDS })
                );
            }
            let long: Vec<u32> = words.iter().copied().chain([0]).collect();
            assert!(matches!($ty::from_prefix(&long), Err(ArgError::Length { .. })));
        }
    };
}

block!(
    rdma_mr_reg_args,
    RdmaMrRegArgs,
    [stag, pd, access, base, len, iova]
);
block!(rdma_stag_args, RdmaStagArgs, [stag]);
block!(rdma_mr_inv_args, RdmaMrInvArgs, [stag, pd]);
block!(
    rdma_qp_modify_args,
    RdmaQpModifyArgs,
    [
        qp,
        state,
        set_attrs,
        pd,
        mulpdu,
        crc,
        markers_rx,
        markers_tx,
        ird,
        ord,
        send_cq,
        recv_cq,
        rq_log,
        sq_log,
        rq_iova,
        sq_iova,
        tid,
        marker_phase,
        send_mulpdu,
        tx_start
    ]
);
block!(rdma_qp_args, RdmaQpArgs, [qp]);
block!(
    rdma_qp_query_rsp,
    RdmaQpQueryRsp,
    [state, error, rq_ci, rq_pi, rx_msgs]
);
block!(fw_version_rsp, FwVersionRsp, [version, build_id, mac]);
block!(fw_mac, FwMac, [mac]);
block!(fw_ipv4, FwIpv4, [addr, prefix_len, gateway]);
block!(fw_arp_resolve_args, FwArpResolveArgs, [addr]);
block!(fw_arp_resolve_rsp, FwArpResolveRsp, [state, next_hop, mac]);
block!(
    fw_tcp_timing,
    FwTcpTiming,
    [
        rto_init,
        rto_min,
        rto_max,
        syn_retries,
        data_retries,
        time_wait
    ]
);
block!(
    fw_tcp_config_args,
    FwTcpConfigArgs,
    [
        rto_init,
        rto_min,
        rto_max,
        syn_retries,
        data_retries,
        time_wait,
        isn_key_lo,
        isn_key_hi
    ]
);
block!(
    fw_tcp_listen_args,
    FwTcpListenArgs,
    [port, backlog, rcv_wnd]
);
block!(fw_tcp_listen_rsp, FwTcpListenRsp, [result, listener]);
block!(fw_tcp_listener, FwTcpListener, [listener]);
block!(fw_tcp_unlisten_rsp, FwTcpUnlistenRsp, [result, dropped]);
block!(
    fw_tcp_connect_args,
    FwTcpConnectArgs,
    [peer_ip, peer_port, local_port, tcp_opt, rcv_wscale, rcv_wnd]
);
block!(
    fw_tcp_connect_rsp,
    FwTcpConnectRsp,
    [result, ep, local_port]
);
block!(fw_tcp_endpoint, FwTcpEndpoint, [ep]);
block!(fw_tcp_result, FwTcpResult, [result]);
block!(
    fw_tcp_event_rsp,
    FwTcpEventRsp,
    [
        kind, cause, ep, tid, local_ip, peer_ip, local_port, peer_port, snd_isn, rcv_isn, mss,
        tcp_opt, snd_wscale, rcv_wscale, listener
    ]
);
block!(fw_tcp_tcb_args, FwTcpTcbArgs, [ep, field, value, mask]);
block!(fw_tcp_tcb_rsp, FwTcpTcbRsp, [result, value]);
block!(rdma_status, RdmaStatus, [busy, status]);
block!(mbox_status, MboxStatus, [busy, rsp_valid, rsp_len]);

#[test]
fn every_block_has_one_vector() {
    let mut names: Vec<&str> = SPEC
        .commands
        .iter()
        .flat_map(|c| c.args.iter().chain(c.rsp.iter()))
        .chain(SPEC.reg_fields.iter().map(|r| &r.fields))
        .map(|b| b.layout.name)
        .collect();
    names.sort_unstable();
    names.dedup();
    for n in &names {
        let count = ARG_GOLDEN.iter().filter(|g| g.block == *n).count();
        assert_eq!(count, 1, "{n}: {count} golden vectors");
    }
    assert_eq!(ARG_GOLDEN.len(), names.len());
}

#[test]
fn every_command_is_described() {
    // Every RDMA command, and every mailbox opcode below the firmware
    // port's own messages (FRAME_RX, FRAME_TX, CPL), has its description.
    let described = |codes: &str, code: &str| {
        SPEC.commands
            .iter()
            .any(|c| c.codes == codes && c.code == code)
    };
    for c in RdmaCmd::ALL {
        assert!(described("rdma_cmd", c.name()), "rdma_cmd {}", c.name());
    }
    for op in FwOpcode::ALL {
        if u8::from(*op) < u8::from(FwOpcode::FrameRx) {
            assert!(described("fw_opcode", op.name()), "fw_opcode {}", op.name());
        }
    }
}

#[test]
fn blocks_fit_their_registers() {
    for c in SPEC.commands {
        let (args, rsp) = match c.codes {
            "rdma_cmd" => (RDMA_CMD_ARGS, RDMA_CMD_RSP),
            _ => (FW_MSG_MAX_WORDS - 1, FW_MSG_MAX_WORDS - 1),
        };
        if let Some(b) = c.args {
            assert!(
                b.words() <= args as usize,
                "{} {} arguments",
                c.codes,
                c.code
            );
        }
        if let Some(b) = c.rsp {
            assert!(b.words() <= rsp as usize, "{} {} result", c.codes, c.code);
        }
    }
}

#[test]
fn errors_say_what_is_wrong() {
    let e = RdmaQpModifyArgs::from_prefix(&[3]).expect_err("one word is too short");
    assert_eq!(
        e.to_string(),
        "rdma_qp_modify_args: 1 words, the block takes 2..=13"
    );
    let mut w = [0u32; FwTcpEndpoint::WORDS];
    w[0] = 0x0001_0000;
    assert_eq!(
        FwTcpEndpoint::from_words(&w)
            .expect_err("bit 16 is reserved")
            .to_string(),
        "fw_tcp_endpoint: reserved bits 0x00010000 of word 0 are set"
    );
}
