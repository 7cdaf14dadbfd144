//! The exception path between two simulated NICs: frames the core steers
//! to the firmware (ARP, ICMP to the port's address) are answered by the
//! firmware, never reach a receive queue, and a frame too long for the
//! firmware is dropped and counted.

use std::net::Ipv4Addr;
use std::time::Duration;
use warpnic::{CompletionQueue, DmaPerm, RawRecv, RawRecvQueue, RawSend, RawSendQueue};
use warpnic_abi::gen::{ArpOper, EtherType, IpProtocol};
use warpnic_abi::wire::{ArpRepr, EthernetRepr, IcmpEchoKind, IcmpEchoRepr, Ipv4Repr};
use warpnic_tests::{pair, run_for, wait_completions};

const A_IP: Ipv4Addr = Ipv4Addr::new(192, 0, 2, 1);
const B_IP: Ipv4Addr = Ipv4Addr::new(192, 0, 2, 2);

fn arp_request(src: [u8; 6]) -> Vec<u8> {
    let mut f = vec![0u8; 60];
    let h = EthernetRepr {
        dst: [0xff; 6],
        src,
        ether_type: EtherType::Arp.into(),
    }
    .emit(&mut f)
    .unwrap();
    ArpRepr {
        oper: ArpOper::Request,
        sha: src,
        spa: A_IP,
        tha: [0; 6],
        tpa: B_IP,
    }
    .emit(&mut f[h..])
    .unwrap();
    f
}

fn echo_request(src: [u8; 6], dst: [u8; 6], data_len: usize, seq: u16) -> Vec<u8> {
    let data: Vec<u8> = (0..data_len).map(|i| i as u8).collect();
    let mut f = vec![0u8; 14 + 20 + 8 + data_len];
    let h = EthernetRepr {
        dst,
        src,
        ether_type: EtherType::Ipv4.into(),
    }
    .emit(&mut f)
    .unwrap();
    let ip = Ipv4Repr {
        src: A_IP,
        dst: B_IP,
        protocol: IpProtocol::Icmp.into(),
        ttl: 64,
        dscp: 0,
        ecn: 0,
        ident: seq,
        dont_frag: false,
        more_frags: false,
        frag_offset: 0,
        payload_len: 8 + data_len,
    };
    let i = ip.emit(&mut f[h..]).unwrap();
    IcmpEchoRepr {
        kind: IcmpEchoKind::Request,
        ident: 7,
        seq,
    }
    .emit(&mut f[h + i..], &data)
    .unwrap();
    f
}

#[test]
fn firmware_answers_arp_and_ping_and_the_host_queue_sees_none_of_it() {
    let p = pair();
    p.b.set_ipv4(B_IP, 24).unwrap();
    // A sees every frame on its raw queue; B's receive queue must stay empty
    p.a.set_exception_filter(0).unwrap();
    let cq_a = CompletionQueue::new(&p.a, 64, None).unwrap();
    let cq_b = CompletionQueue::new(&p.b, 64, None).unwrap();
    let sq = RawSendQueue::new(&p.a, 16, &cq_a).unwrap();
    let rq_a = RawRecvQueue::new(&p.a, 16, &cq_a).unwrap();
    let rq_b = RawRecvQueue::new(&p.b, 16, &cq_b).unwrap();
    let rx_a = p.a.alloc_dma(16 * 4096, DmaPerm::WRITE).unwrap();
    let rx_b = p.b.alloc_dma(16 * 4096, DmaPerm::WRITE).unwrap();
    let post = |rq: &RawRecvQueue, m: &warpnic::DmaMem| {
        rq.post(
            &(0..16)
                .map(|i| RawRecv {
                    addr: m.iova() + i * 4096,
                    len: 4096,
                    wr_id: i,
                })
                .collect::<Vec<_>>(),
        )
        .unwrap()
    };
    post(&rq_a, &rx_a);
    post(&rq_b, &rx_b);
    let tx = p.a.alloc_dma(4 * 4096, DmaPerm::READ).unwrap();
    let (ma, mb) = (p.a.mac().unwrap(), p.b.mac().unwrap());
    let frames = [
        arp_request(ma),
        echo_request(ma, mb, 56, 1),
        echo_request(ma, mb, 3000, 2),
    ];
    let mut wrs = Vec::new();
    for (i, f) in frames.iter().enumerate() {
        tx.write(i * 4096, f).unwrap();
        wrs.push(RawSend {
            addr: tx.iova() + (i * 4096) as u64,
            len: f.len() as u32,
            wr_id: i as u64,
            signaled: true,
        });
    }
    sq.post(&wrs).unwrap();
    run_for(p.a.device(), 20_000);
    // A received exactly two answers: the ARP reply and the echo reply
    let got: Vec<_> = wait_completions(&cq_a, 16, Duration::from_micros(5))
        .into_iter()
        .filter(|c| c.kind == warpnic::CompletionKind::Recv)
        .collect();
    assert_eq!(got.len(), 2, "{got:?}");
    let read = |c: &warpnic::Completion| {
        let mut f = vec![0u8; c.byte_len as usize];
        rx_a.read(c.wr_id as usize * 4096, &mut f).unwrap();
        f
    };
    let arp = read(&got[0]);
    let (eth, payload) = EthernetRepr::parse(&arp).unwrap();
    assert_eq!(
        (eth.dst, eth.src, eth.ether_type),
        (ma, mb, u16::from(EtherType::Arp))
    );
    let (reply, _) = ArpRepr::parse(payload).unwrap();
    assert_eq!(
        (reply.oper, reply.sha, reply.spa, reply.tha, reply.tpa),
        (ArpOper::Reply, mb, B_IP, ma, A_IP)
    );
    let echo = read(&got[1]);
    let (eth, payload) = EthernetRepr::parse(&echo).unwrap();
    assert_eq!((eth.dst, eth.src), (ma, mb));
    let (ip, msg) = Ipv4Repr::parse(payload).unwrap();
    assert_eq!((ip.src, ip.dst), (B_IP, A_IP));
    let (icmp, data) = IcmpEchoRepr::parse(msg).unwrap();
    assert_eq!(
        (icmp.kind, icmp.ident, icmp.seq),
        (IcmpEchoKind::Reply, 7, 1)
    );
    assert_eq!(data, (0..56).map(|i| i as u8).collect::<Vec<_>>());
    // B: three frames steered to the firmware, the long one dropped there,
    // two answers sent, nothing in the receive queue
    let s = p.b.stats().unwrap();
    assert_eq!(
        (s.rx_exception, s.rx_drop_exception, s.tx_fw_frames),
        (2, 1, 2),
        "{s:?}"
    );
    assert_eq!(s.rx_frames, 0);
    assert!(wait_completions(&cq_b, 1, Duration::from_micros(2)).is_empty());
    // with the filter off, the same ARP request goes to B's host queue
    p.b.set_exception_filter(0).unwrap();
    sq.post(&[wrs[0]]).unwrap();
    let cs = wait_completions(&cq_b, 1, Duration::from_micros(20));
    assert_eq!(cs.len(), 1);
    assert_eq!(cs[0].byte_len, 60);
}
