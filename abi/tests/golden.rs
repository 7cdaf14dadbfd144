//! The generated Rust types against the golden vectors of
//! `warpnic_abi::golden`: every descriptor decodes its vector's bytes to the
//! expected field values and encodes those values back to the same bytes;
//! every header view reads each field and its setters rebuild the bytes
//! from a zeroed and from an all-ones buffer. The RTL runs the same vectors
//! (`hw/tb/gen/wn_abi_golden_tb.sv`).

use warpnic_abi::gen::*;
use warpnic_abi::golden::{Expect, Golden, GOLDEN};
use warpnic_abi::spec::SPEC;

fn vector(layout: &str) -> &'static Golden {
    GOLDEN
        .iter()
        .find(|g| g.layout == layout)
        .unwrap_or_else(|| panic!("no golden vector for {layout}"))
}

/// Conversion of an expected value to a field's Rust type.
trait FromExpect: Sized {
    fn from_expect(e: Expect, what: &str) -> Self;
}

macro_rules! int_from_expect {
    ($($t:ty),*) => {$(
        impl FromExpect for $t {
            fn from_expect(e: Expect, what: &str) -> Self {
                match e {
                    Expect::Int(v) => <$t>::try_from(v)
                        .unwrap_or_else(|_| panic!("{what}: {v:#x} does not fit")),
                    Expect::Bytes(_) => panic!("{what}: expected an integer"),
                }
            }
        }
    )*};
}
int_from_expect!(u8, u16, u32, u64);

impl<const N: usize> FromExpect for [u8; N] {
    fn from_expect(e: Expect, what: &str) -> Self {
        match e {
            Expect::Bytes(b) => b
                .try_into()
                .unwrap_or_else(|_| panic!("{what}: {} bytes, field has {N}", b.len())),
            Expect::Int(_) => panic!("{what}: expected bytes"),
        }
    }
}

fn expect<T: FromExpect>(g: &Golden, field: &str) -> T {
    let what = format!("{}.{field}", g.layout);
    let e = g
        .fields
        .iter()
        .find(|(n, _)| *n == field)
        .map(|(_, e)| *e)
        .unwrap_or_else(|| panic!("{what}: no expected value"));
    T::from_expect(e, &what)
}

/// Asserts that a decoded field has its expected value.
fn check<T: FromExpect + PartialEq + core::fmt::Debug>(got: T, g: &Golden, field: &str) {
    let want: T = expect(g, field);
    assert_eq!(got, want, "{}.{field}", g.layout);
}

/// Checks that a test lists exactly the layout's fields.
fn covers(layout: &str, fields: &[&str]) {
    let l = SPEC
        .descriptors
        .iter()
        .chain(SPEC.headers)
        .find(|l| l.name == layout)
        .unwrap_or_else(|| panic!("no layout {layout}"));
    let spec_fields: Vec<&str> = l.fields.iter().map(|f| f.name).collect();
    assert_eq!(
        spec_fields, fields,
        "{layout}: the test must check every field"
    );
}

macro_rules! descriptor {
    ($test:ident, $ty:ident, $name:literal, [$($f:ident),* $(,)?]) => {
        #[test]
        fn $test() {
            covers($name, &[$(stringify!($f)),*]);
            let g = vector($name);
            assert_eq!($ty::SIZE, g.bytes.len());
            let bytes: &[u8; $ty::SIZE] = g.bytes.try_into().expect("vector length");
            let decoded = $ty::from_bytes(bytes);
            $(
                check(decoded.$f, g, stringify!($f));
            )*
            let built = $ty { $($f: expect(g, stringify!($f))),* };
            assert_eq!(built, decoded);
            assert_eq!(&built.to_bytes(), bytes, "{}: to_bytes", $name);
        }
    };
}

macro_rules! header {
    ($test:ident, $ty:ident, $name:literal, [$($f:ident / $set:ident),* $(,)?]) => {
        #[test]
        fn $test() {
            covers($name, &[$(stringify!($f)),*]);
            let g = vector($name);
            assert_eq!($ty::<&[u8]>::LEN, g.bytes.len());

            let view = $ty::new_checked(g.bytes).expect("golden vector has the header's length");
            $(
                check(view.$f(), g, stringify!($f));
            )*
            assert!(view.payload().is_empty());

            for fill in [0x00u8, 0xff] {
                let mut buf = vec![fill; g.bytes.len() + 3];
                let mut w = $ty::new_checked(&mut buf[..]).expect("long enough");
                $( w.$set(expect(g, stringify!($f))); )*
                assert_eq!(w.payload_mut().len(), 3);
                assert_eq!(&buf[..g.bytes.len()], g.bytes, "{}: setters from {:#04x}", $name, fill);
                assert_eq!(&buf[g.bytes.len()..], &[fill; 3], "{}: setters wrote past the header", $name);
            }

            let short = &g.bytes[..g.bytes.len() - 1];
            assert_eq!($ty::new_checked(short).err(), Some(Truncated));
        }
    };
}

descriptor!(
    sq_wqe,
    SqWqe,
    "sq_wqe",
    [opcode, flags, rsvd0, len, addr, wr_id, rsvd1]
);
descriptor!(rq_wqe, RqWqe, "rq_wqe", [rsvd0, len, addr, wr_id, rsvd1]);
descriptor!(
    cqe,
    Cqe,
    "cqe",
    [
        wr_id, byte_len, queue, wqe_idx, opcode, status, flags, rsvd0, timestamp, imm_hi, rsvd1,
        owner
    ]
);
descriptor!(
    eqe,
    Eqe,
    "eqe",
    [event_type, rsvd0, source, data, timestamp, rsvd1, owner]
);
descriptor!(
    qp_error_info,
    QpErrorInfo,
    "qp_error_info",
    [ecode, etype, layer, origin]
);
descriptor!(rdma_sge, RdmaSge, "rdma_sge", [addr, len, lkey]);
descriptor!(
    rdma_sq_wqe,
    RdmaSqWqe,
    "rdma_sq_wqe",
    [
        wr_id,
        opcode,
        flags,
        num_sge,
        rsvd0,
        inv_stag,
        remote_addr,
        rkey,
        rsvd1,
        imm,
        rsvd2,
        sge0,
        sge1,
        sge2,
        sge3,
        rsvd3
    ]
);
descriptor!(
    rdma_sq_wqe_fr,
    RdmaSqWqeFr,
    "rdma_sq_wqe_fr",
    [wr_id, opcode, flags, access, rsvd0, stag, base, len, iova, rsvd1, rsvd2, rsvd3]
);
descriptor!(
    rdma_rq_wqe,
    RdmaRqWqe,
    "rdma_rq_wqe",
    [wr_id, num_sge, rsvd0, sge0, sge1, sge2, sge3, rsvd1, rsvd2]
);
descriptor!(
    fw_msg_hdr,
    FwMsgHdr,
    "fw_msg_hdr",
    [opcode, seq, status, len]
);
descriptor!(cpl_hdr, CplHdr, "cpl_hdr", [opcode, flags, len, id]);
descriptor!(
    cpl_act_open_req,
    CplActOpenReq,
    "cpl_act_open_req",
    [
        local_ip, peer_ip, local_port, peer_port, mss, tcp_opt, rcv_wscale, rcv_wnd, iss, peer_mac,
        vlan, tos, ttl, ulp_mode, rsvd0, rsvd1
    ]
);
descriptor!(
    cpl_act_open_rpl,
    CplActOpenRpl,
    "cpl_act_open_rpl",
    [status, rsvd0, rsvd1, tid]
);
descriptor!(
    cpl_act_establish,
    CplActEstablish,
    "cpl_act_establish",
    [atid, snd_isn, rcv_isn, snd_wnd, mss, tcp_opt, snd_wscale, rcv_wscale, rsvd0, rsvd1]
);
descriptor!(
    cpl_pass_open_req,
    CplPassOpenReq,
    "cpl_pass_open_req",
    [local_ip, peer_ip, local_port, peer_port, mss, tcp_opt, rcv_wscale, rcv_wnd, rsvd0]
);
descriptor!(
    cpl_pass_open_rpl,
    CplPassOpenRpl,
    "cpl_pass_open_rpl",
    [status, rsvd0, local_port, rsvd1]
);
descriptor!(
    cpl_pass_accept_req,
    CplPassAcceptReq,
    "cpl_pass_accept_req",
    [
        stid, local_ip, peer_ip, local_port, peer_port, rcv_isn, peer_wnd, peer_mss, tcp_opt,
        snd_wscale, tos, rsvd0, peer_mac, vlan, rsvd1
    ]
);
descriptor!(
    cpl_pass_accept_rpl,
    CplPassAcceptRpl,
    "cpl_pass_accept_rpl",
    [status, tcp_opt, rcv_wscale, tos, iss, mss, rsvd0, rcv_wnd]
);
descriptor!(
    cpl_pass_establish,
    CplPassEstablish,
    "cpl_pass_establish",
    [stid, snd_isn, rcv_isn, snd_wnd, mss, tcp_opt, snd_wscale, rcv_wscale, rsvd0, rsvd1]
);
descriptor!(
    cpl_close_listsrv_rpl,
    CplCloseListsrvRpl,
    "cpl_close_listsrv_rpl",
    [status, rsvd0, rsvd1, dropped]
);
descriptor!(
    cpl_tx_data,
    CplTxData,
    "cpl_tx_data",
    [data_len, tx_flags, rsvd0, rsvd1, addr]
);
descriptor!(
    cpl_tx_data_ack,
    CplTxDataAck,
    "cpl_tx_data_ack",
    [credits, snd_una]
);
descriptor!(
    cpl_rx_data,
    CplRxData,
    "cpl_rx_data",
    [data_len, seq, tcp_flags, rsvd0, rsvd1, rcv_wnd]
);
descriptor!(
    cpl_rx_data_ack,
    CplRxDataAck,
    "cpl_rx_data_ack",
    [credits, ack_flags, rsvd0, rsvd1]
);
descriptor!(
    cpl_close_con_rpl,
    CplCloseConRpl,
    "cpl_close_con_rpl",
    [status, state, rsvd0, snd_nxt, rcv_nxt, rsvd1]
);
descriptor!(
    cpl_peer_close,
    CplPeerClose,
    "cpl_peer_close",
    [rcv_nxt, state, rsvd0, rsvd1]
);
descriptor!(
    cpl_abort_req,
    CplAbortReq,
    "cpl_abort_req",
    [status, abort_flags, rsvd0, snd_nxt]
);
descriptor!(
    cpl_abort_rpl,
    CplAbortRpl,
    "cpl_abort_rpl",
    [status, rsvd0, rsvd1, rsvd2]
);
descriptor!(
    cpl_set_tcb_field,
    CplSetTcbField,
    "cpl_set_tcb_field",
    [field, rsvd0, cookie, rsvd1, mask, value]
);
descriptor!(
    cpl_set_tcb_rpl,
    CplSetTcbRpl,
    "cpl_set_tcb_rpl",
    [status, field, cookie, rsvd0, value]
);
descriptor!(
    cpl_rdma_terminate,
    CplRdmaTerminate,
    "cpl_rdma_terminate",
    [layer, etype, ecode, origin, data_len]
);

header!(
    ethernet_hdr,
    EthernetHdr,
    "ethernet_hdr",
    [dst / set_dst, src / set_src, ether_type / set_ether_type]
);
header!(
    arp_ipv4,
    ArpIpv4,
    "arp_ipv4",
    [
        htype / set_htype,
        ptype / set_ptype,
        hlen / set_hlen,
        plen / set_plen,
        oper / set_oper,
        sha / set_sha,
        spa / set_spa,
        tha / set_tha,
        tpa / set_tpa,
    ]
);
header!(
    ipv4_hdr,
    Ipv4Hdr,
    "ipv4_hdr",
    [
        version / set_version,
        ihl / set_ihl,
        dscp / set_dscp,
        ecn / set_ecn,
        total_len / set_total_len,
        ident / set_ident,
        flags / set_flags,
        frag_offset / set_frag_offset,
        ttl / set_ttl,
        protocol / set_protocol,
        checksum / set_checksum,
        src / set_src,
        dst / set_dst,
    ]
);
header!(
    tcp_hdr,
    TcpHdr,
    "tcp_hdr",
    [
        src_port / set_src_port,
        dst_port / set_dst_port,
        seq / set_seq,
        ack / set_ack,
        data_offset / set_data_offset,
        rsvd / set_rsvd,
        flags / set_flags,
        window / set_window,
        checksum / set_checksum,
        urgent / set_urgent,
    ]
);
header!(
    icmp_echo,
    IcmpEcho,
    "icmp_echo",
    [
        icmp_type / set_icmp_type,
        code / set_code,
        checksum / set_checksum,
        ident / set_ident,
        seq / set_seq
    ]
);
header!(
    mpa_req_rep,
    MpaReqRep,
    "mpa_req_rep",
    [
        key / set_key,
        flags / set_flags,
        revision / set_revision,
        pd_length / set_pd_length
    ]
);
header!(
    mpa_v2_ird_ord,
    MpaV2IrdOrd,
    "mpa_v2_ird_ord",
    [
        peer_to_peer / set_peer_to_peer,
        send_rtr / set_send_rtr,
        ird / set_ird,
        zero_len_rdma_write / set_zero_len_rdma_write,
        rdma_read_rtr / set_rdma_read_rtr,
        ord / set_ord,
    ]
);
header!(
    mpa_fpdu_hdr,
    MpaFpduHdr,
    "mpa_fpdu_hdr",
    [ulpdu_length / set_ulpdu_length]
);
header!(
    mpa_marker,
    MpaMarker,
    "mpa_marker",
    [rsvd / set_rsvd, fpduptr / set_fpduptr]
);
header!(
    ddp_ctrl,
    DdpCtrl,
    "ddp_ctrl",
    [
        tagged / set_tagged,
        last / set_last,
        rsvd / set_rsvd,
        ddp_version / set_ddp_version,
    ]
);
header!(
    rdmap_ctrl,
    RdmapCtrl,
    "rdmap_ctrl",
    [
        rdmap_version / set_rdmap_version,
        rsvd / set_rsvd,
        opcode / set_opcode,
    ]
);
header!(
    ddp_tagged_hdr,
    DdpTaggedHdr,
    "ddp_tagged_hdr",
    [
        tagged / set_tagged,
        last / set_last,
        rsvd / set_rsvd,
        ddp_version / set_ddp_version,
        rdmap_version / set_rdmap_version,
        rsvd_ulp / set_rsvd_ulp,
        opcode / set_opcode,
        stag / set_stag,
        tagged_offset / set_tagged_offset,
    ]
);
header!(
    ddp_untagged_hdr,
    DdpUntaggedHdr,
    "ddp_untagged_hdr",
    [
        tagged / set_tagged,
        last / set_last,
        rsvd / set_rsvd,
        ddp_version / set_ddp_version,
        rdmap_version / set_rdmap_version,
        rsvd_ulp / set_rsvd_ulp,
        opcode / set_opcode,
        inv_stag / set_inv_stag,
        qn / set_qn,
        msn / set_msn,
        mo / set_mo,
    ]
);
header!(
    rdma_read_req,
    RdmaReadReq,
    "rdma_read_req",
    [
        sink_stag / set_sink_stag,
        sink_to / set_sink_to,
        read_size / set_read_size,
        src_stag / set_src_stag,
        src_to / set_src_to,
    ]
);
header!(
    rdmap_terminate,
    RdmapTerminate,
    "rdmap_terminate",
    [
        layer / set_layer,
        etype / set_etype,
        ecode / set_ecode,
        hdr_ctrl_m / set_hdr_ctrl_m,
        hdr_ctrl_d / set_hdr_ctrl_d,
        hdr_ctrl_r / set_hdr_ctrl_r,
        rsvd / set_rsvd,
    ]
);
header!(
    rdmap_immediate,
    RdmapImmediate,
    "rdmap_immediate",
    [data / set_data]
);

#[test]
fn every_layout_has_one_vector() {
    for l in SPEC.descriptors.iter().chain(SPEC.headers) {
        let n = GOLDEN.iter().filter(|g| g.layout == l.name).count();
        assert_eq!(n, 1, "{}: {n} golden vectors", l.name);
    }
    assert_eq!(GOLDEN.len(), SPEC.descriptors.len() + SPEC.headers.len());
}

#[test]
fn setters_keep_neighbouring_bits() {
    // Writing one sub-field must leave the rest of its byte alone.
    let mut buf = [0xffu8; 20];
    let mut ip = Ipv4Hdr::new_checked(&mut buf[..]).expect("20 bytes");
    ip.set_ihl(5);
    assert_eq!(ip.version(), 0xf);
    assert_eq!(ip.ihl(), 5);
    ip.set_flags(0b010);
    assert_eq!(ip.frag_offset(), 0x1fff);
    assert_eq!(ip.flags(), 0b010);
    // Bits above the field's width are dropped, not spilled.
    ip.set_ecn(0xff);
    assert_eq!(ip.ecn(), 3);
    assert_eq!(ip.dscp(), 0x3f);
}

#[test]
fn enums_round_trip() {
    for s in CqeStatus::ALL {
        assert_eq!(CqeStatus::try_from(u8::from(*s)), Ok(*s));
    }
    assert_eq!(CqeStatus::try_from(0x42), Err(0x42));
    assert_eq!(CqeStatus::LocLenErr.name(), "LOC_LEN_ERR");
    assert_eq!(RdmapOpcode::try_from(0x3), Ok(RdmapOpcode::Send));
    // RFC 7306 leaves 0x8 and 0x9 reserved; atomics are 0xa and 0xb and
    // Immediate Data 0xc and 0xd.
    assert_eq!(RdmapOpcode::try_from(0x8), Err(0x8));
    assert_eq!(RdmapOpcode::try_from(0x9), Err(0x9));
    assert_eq!(RdmapOpcode::try_from(0xa), Ok(RdmapOpcode::AtomicRequest));
    assert_eq!(RdmapOpcode::try_from(0xb), Ok(RdmapOpcode::AtomicResponse));
    assert_eq!(RdmapOpcode::try_from(0xc), Ok(RdmapOpcode::ImmediateData));
    assert_eq!(RdmapOpcode::try_from(0xd), Ok(RdmapOpcode::ImmediateDataSe));
    assert_eq!(DdpQueue::try_from(2), Ok(DdpQueue::Terminate));
    assert_eq!(mpa_rtr::SEND | mpa_rtr::WRITE | mpa_rtr::READ, 0x7);
    // RFC 5040 Terminate codes are unique across the RDMAP error types.
    assert_eq!(u8::from(TermEcodeRdmap::InvalidRdmapVersion), 0x05);
    assert_eq!(u8::from(TermEcodeRdmap::CantInvalidate), 0x09);
    assert_eq!(u8::from(TermEcodeLlp::NoMatchingRtr), 0x07);
    assert_eq!(u16::from(EtherType::Arp), 0x0806);
    assert_eq!(tcp_flags::SYN | tcp_flags::ACK, 0x12);
}

#[test]
fn register_map_matches_the_description() {
    assert_eq!(regs::ctrl::MAX_FRAME, 0x011c);
    assert_eq!(regs::ctrl::MAX_FRAME_RESET, 9014);
    assert_eq!(
        regs::sq::elem(2) + regs::sq::elem::PI,
        0x1000 + 0x40 + 2 * 0x40 + 0x18
    );
    for (i, (name, base, type_id)) in regs::BLOCKS.iter().enumerate() {
        let b = &SPEC.blocks[i];
        assert_eq!((*name, *base, *type_id), (b.name, b.base, b.type_id));
    }
    assert_eq!(regs::stats::NEXT_BLOCK, regs::tcp::BASE);
    assert_eq!(regs::tcp::NEXT_BLOCK, regs::rdma::BASE);
    assert_eq!(regs::rdma::NEXT_BLOCK, regs::qp::BASE);
    assert_eq!(regs::qp::NEXT_BLOCK, 0);
    assert_eq!(
        regs::qp::elem(3) + regs::qp::elem::RQ_PI,
        0xc000 + 0x40 + 3 * 8 + 4
    );
    assert_eq!(regs::id::NEXT_BLOCK, regs::ctrl::BASE);
}
