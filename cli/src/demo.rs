//! `warpnic demo`: two simulated NICs (Verilated `wn_core`, native
//! firmware, host library) on one link.
//!
//! 1. Raw Ethernet frames each way through the raw send and receive
//!    queues, every frame checked.
//! 2. An iWARP connection from A to B (offloaded TCP, MPA v2 with CRC,
//!    one QP each side in RTS), then an RDMA WRITE from A into B's memory,
//!    a SEND into a receive buffer B posted, and an RDMA READ by A of B's
//!    memory, each checked byte-exact against what was sent.
//!
//! With `--pcap` the link capture holds both parts; tshark's MPA and
//! DDP/RDMAP dissectors read the second (`cli/tests/demo_pcap.rs` checks
//! that they find no malformed frame and every FPDU's CRC valid).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use warpnic::{
    AccessFlags, CompletionQueue, DmaPerm, MemoryRegion, RecvWr, SendWr, WcOpcode, WorkCompletion,
    WrOpcode,
};
use warpnic_abi::gen::{CqeStatus, TcbField};
use warpnic_sim::link::Dir;
use warpnic_sim::traffic::{stream, Pair, Sizes, StreamSpec};
use warpnic_sim::WorldConfig;

use crate::bench::tcp::pattern;
use crate::{fmt_mac, AnyResult};
use warpnic_sim::rdma::{connect_with, mpa_config, setup_pair, RdmaEnd, PORT};

/// What `warpnic demo` runs.
pub struct Demo {
    /// Raw frames each way (0 skips the raw part).
    pub frames: u64,
    /// Write the link capture here.
    pub pcap: Option<PathBuf>,
    /// Write an FST waveform of NIC 0 here.
    pub trace: Option<PathBuf>,
    /// Seed of frame sizes, contents, data and link faults.
    pub seed: u64,
    /// Probability that the link loses a frame.
    pub loss: f64,
    /// Probability that the link corrupts a frame.
    pub corrupt: f64,
    /// MPA markers both ways on the iWARP connection.
    pub markers: bool,
}

/// Bytes of the demo's RDMA WRITE, SEND and READ.
const WRITE_LEN: usize = 100_000;
const SEND_LEN: usize = 3000;
const READ_LEN: usize = 50_000;
/// How long one RDMA operation may take (device time; room for
/// retransmissions on a faulty link).
const OP_WAIT: Duration = Duration::from_millis(50);

/// Runs the demo and prints what happened.
pub fn demo(d: &Demo) -> AnyResult<()> {
    let mut cfg = WorldConfig::pair();
    cfg.seed = d.seed;
    cfg.pcap = d.pcap.clone();
    cfg.trace = d.trace.clone();
    cfg.link.loss = d.loss;
    cfg.link.corrupt = d.corrupt;
    println!("warpnic demo: two simulated NICs (Verilated wn_core, native firmware, host library)");
    let p = Pair::new(&cfg)?;
    let (va, ba) = p.a.fw_version()?;
    println!(
        "  NIC A {} MAC {}  firmware {:#x}, build {:#010x}",
        p.a.device().name(),
        fmt_mac(p.a.mac()?),
        va,
        ba
    );
    println!(
        "  NIC B {} MAC {}",
        p.b.device().name(),
        fmt_mac(p.b.mac()?)
    );
    let wall = std::time::Instant::now();
    let raw_ok = if d.frames > 0 { raw(&p, d)? } else { true };
    // on failure too, the counters are printed and the capture finished
    let rdma_result = rdma(&p, d);

    let (sa, sb) = (p.a.stats()?, p.b.stats()?);
    println!(
        "  counters A: tx {} rx {} fcs_err {}; B: tx {} rx {} fcs_err {}",
        sa.tx_frames, sa.rx_frames, sa.rx_fcs_err, sb.tx_frames, sb.rx_frames, sb.rx_fcs_err
    );
    let (lab, lba, cycles) = p.world.with(|w| {
        (
            w.link_counters(0, Dir::AToB),
            w.link_counters(0, Dir::BToA),
            w.cycle(),
        )
    })?;
    let (lab, lba) = (lab?, lba?);
    println!(
        "  link: A->B {} sent, {} lost, {} corrupted; B->A {} sent, {} lost, {} corrupted",
        lab.sent, lab.dropped, lab.corrupted, lba.sent, lba.dropped, lba.corrupted
    );
    let w = wall.elapsed().as_secs_f64();
    println!(
        "  simulated {} cycles ({:.1} us) in {:.1} s: {:.0} cycles/s",
        cycles,
        cycles as f64 * 4e-3,
        w,
        cycles as f64 / w
    );
    p.world.with(|w| w.finish())??;
    if let Some(f) = &d.pcap {
        println!(
            "  capture: {} (iWARP on TCP port {PORT}: tshark -r {} -Y iwarp_mpa)",
            f.display(),
            f.display()
        );
    }
    if let Some(t) = &d.trace {
        println!("  waveform: {}", t.display());
    }
    rdma_result?;
    if !raw_ok {
        return Err("frames were corrupted, reordered or lost on a clean link".into());
    }
    println!("  result: OK");
    Ok(())
}

/// Raw frames each way; whether they all arrived as they should.
fn raw(p: &Pair, d: &Demo) -> AnyResult<bool> {
    println!("  raw frames through the raw send and receive queues:");
    let spec = StreamSpec {
        frames: d.frames,
        sizes: Sizes::Uniform(60, 9014),
        seed: d.seed,
        ..StreamSpec::default()
    };
    let ab = stream(&p.a, &p.b, &spec)?;
    let spec_ba = StreamSpec {
        seed: d.seed.wrapping_add(1),
        ..spec.clone()
    };
    let ba = stream(&p.b, &p.a, &spec_ba)?;
    for (name, r) in [("A -> B", &ab), ("B -> A", &ba)] {
        let gbps = r.received_bytes as f64 * 8.0 / (r.active_cycles() as f64 * 4.0);
        println!(
            "    {name}: sent {}, received {} intact and in order, {} corrupt, {} missing, {} out of order; {:.2} Gb/s of frames over {} cycles",
            r.sent, r.received, r.corrupt, r.missing, r.out_of_order, gbps, r.active_cycles()
        );
    }
    let ok = ab.corrupt == 0 && ba.corrupt == 0 && ab.out_of_order == 0 && ba.out_of_order == 0;
    let clean = d.loss == 0.0 && d.corrupt == 0.0;
    Ok(ok && !(clean && (ab.missing != 0 || ba.missing != 0)))
}

fn region(end: &RdmaEnd, len: usize, access: AccessFlags) -> AnyResult<MemoryRegion> {
    let mem = Arc::new(end.nic.alloc_dma(len, DmaPerm::RW)?);
    Ok(end.pd.reg_mr(&mem, 0, len, access)?)
}

fn wc(cq: &CompletionQueue, who: &str, what: &str) -> AnyResult<WorkCompletion> {
    let mut w = [WorkCompletion::default(); 1];
    if cq.poll_wc_wait(&mut w, OP_WAIT)? != 1 {
        return Err(format!("{who}: no completion of the {what} within {OP_WAIT:?}").into());
    }
    if w[0].status != CqeStatus::Success {
        return Err(format!("{who}: the {what} completed {:?}", w[0].status).into());
    }
    Ok(w[0])
}

fn same(got: &[u8], want: &[u8], what: &str) -> AnyResult<()> {
    match got.iter().zip(want).position(|(x, y)| x != y) {
        None if got.len() == want.len() => Ok(()),
        i => Err(format!("{what}: the bytes differ (first at {i:?})").into()),
    }
}

fn read(mr: &MemoryRegion, off: usize, len: usize) -> AnyResult<Vec<u8>> {
    let mut b = vec![0u8; len];
    mr.mem().read(off, &mut b)?;
    Ok(b)
}

/// The iWARP part: connect, WRITE, SEND, READ.
fn rdma(p: &Pair, d: &Demo) -> AnyResult<()> {
    let dev = p.a.device().clone();
    println!("  iWARP between A and B:");
    setup_pair(p, None)?;
    let t = dev.now_ns();
    let conn = connect_with(p, Default::default(), 256, mpa_config(d.markers))?;
    let (a, b) = (&conn.a, &conn.b);
    if (a.params.markers_tx, a.params.markers_rx) != (d.markers, d.markers) {
        return Err(format!("MPA settled markers {:?}", a.params).into());
    }
    println!(
        "    connected A 10.0.0.1 -> B 10.0.0.2:{PORT} through the connection manager in {:.1} us: TCP (MSS {}), MPA v2 with CRC, {}, IRD/ORD {}/{}; both sides ESTABLISHED: QP {} at A and QP {} at B in RTS",
        (dev.now_ns() - t) as f64 / 1e3,
        a.mss,
        if d.markers { "markers both ways" } else { "no markers" },
        a.params.ird,
        a.params.ord,
        a.qp.qp_num(),
        b.qp.qp_num()
    );

    let all = AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE | AccessFlags::REMOTE_READ;
    let src = region(a, 1 << 17, AccessFlags::LOCAL_WRITE)?;
    let sink = region(b, 1 << 17, all)?;
    let rbuf = region(b, 8192, AccessFlags::LOCAL_WRITE)?;
    let rsink = region(
        a,
        1 << 16,
        AccessFlags::LOCAL_WRITE | AccessFlags::REMOTE_WRITE,
    )?;
    let mut data = vec![0u8; 1 << 17];
    pattern(d.seed, 0, &mut data);
    src.mem().write(0, &data)?;

    // RDMA WRITE into B's region at offset 4096, then a SEND into the
    // receive buffer B posted. A's WRITE completion only says the peer's
    // TCP has the bytes; the SEND's arrival at B says they are placed
    // (RFC 5040 §5.5: messages complete in order at the data sink).
    b.qp.post_recv(&[RecvWr {
        wr_id: 7,
        sg_list: &[rbuf.sge(0, 8192)?],
    }])?;
    let t = dev.now_ns();
    a.qp.post_send(&[
        SendWr {
            wr_id: 1,
            opcode: WrOpcode::RdmaWrite,
            sg_list: &[src.sge(0, WRITE_LEN as u32)?],
            remote_addr: sink.addr() + 4096,
            rkey: sink.rkey(),
            ..SendWr::default()
        },
        SendWr {
            wr_id: 2,
            opcode: WrOpcode::Send,
            sg_list: &[src.sge(1000, SEND_LEN as u32)?],
            ..SendWr::default()
        },
    ])?;
    let w = wc(&a.scq, "A", "RDMA WRITE")?;
    let dt_write = dev.now_ns() - t;
    if (w.wr_id, w.opcode) != (1, WcOpcode::RdmaWrite) {
        return Err(format!("A: {w:?} for the RDMA WRITE").into());
    }
    let r = wc(&b.rcq, "B", "receive")?;
    let dt_recv = dev.now_ns() - t;
    if (r.wr_id, r.opcode, r.byte_len) != (7, WcOpcode::Recv, SEND_LEN as u32) {
        return Err(format!("B: {r:?} for the SEND").into());
    }
    let s = wc(&a.scq, "A", "SEND")?;
    if (s.wr_id, s.opcode) != (2, WcOpcode::Send) {
        return Err(format!("A: {s:?} for the SEND").into());
    }
    same(
        &read(&sink, 4096, WRITE_LEN)?,
        &data[..WRITE_LEN],
        "RDMA WRITE",
    )?;
    let around = read(&sink, 0, 4096)?
        .into_iter()
        .chain(read(&sink, 4096 + WRITE_LEN, 4096)?)
        .all(|x| x == 0);
    if !around {
        return Err("RDMA WRITE: bytes changed outside the target range".into());
    }
    same(
        &read(&rbuf, 0, SEND_LEN)?,
        &data[1000..1000 + SEND_LEN],
        "SEND",
    )?;
    println!(
        "    RDMA WRITE {WRITE_LEN} bytes A -> B (B's STag {:#x}, TO {:#x}): completed at A after {:.1} us",
        sink.rkey(),
        sink.addr() + 4096,
        dt_write as f64 / 1e3
    );
    println!(
        "    SEND {SEND_LEN} bytes A -> B behind it: B's receive {} completed (RECV, {} bytes) after {:.1} us, so the WRITE is placed too; B's region holds exactly the WRITE's bytes (nothing around them changed), the receive buffer exactly the SEND's",
        r.wr_id,
        r.byte_len,
        dt_recv as f64 / 1e3
    );

    // RDMA READ: A reads back what its WRITE put in B's memory
    let t = dev.now_ns();
    a.qp.post_send(&[SendWr {
        wr_id: 3,
        opcode: WrOpcode::RdmaRead,
        sg_list: &[rsink.sge(0, READ_LEN as u32)?],
        remote_addr: sink.addr() + 4096,
        rkey: sink.rkey(),
        ..SendWr::default()
    }])?;
    let w = wc(&a.scq, "A", "RDMA READ")?;
    let dt = dev.now_ns() - t;
    if w.opcode != WcOpcode::RdmaRead {
        return Err(format!("A: {w:?} for the RDMA READ").into());
    }
    // the completion must follow the data: if the bytes are not all
    // there yet, see how long they take
    let t_cpl = dev.now_ns();
    while read(&rsink, 0, READ_LEN)? != data[..READ_LEN] && dev.now_ns() - t_cpl < 20_000 {
        p.world.with(|w| w.step(1))??;
    }
    if dev.now_ns() != t_cpl {
        same(&read(&rsink, 0, READ_LEN)?, &data[..READ_LEN], "RDMA READ")?;
        return Err(format!(
            "RDMA READ: A's READ completion was visible {} ns before the last bytes of the response were in A's memory (they arrived intact then): the completion overtook its data",
            dev.now_ns() - t_cpl
        )
        .into());
    }
    same(&read(&rsink, 0, READ_LEN)?, &data[..READ_LEN], "RDMA READ")?;
    println!(
        "    RDMA READ {READ_LEN} bytes of B's region by A: completed at A after {:.1} us; A's buffer holds exactly the bytes",
        dt as f64 / 1e3
    );
    let (qa, qb) = (a.qp.query()?, b.qp.query()?);
    let segs = |e: &RdmaEnd| -> AnyResult<(u64, u64)> {
        let w = e.nic.tcp_tcb(e.ep, TcbField::TxSegs, 0, 0)?;
        Ok((w & 0xffff_ffff, w >> 32))
    };
    let ((sa, ra), (sb, rb)) = (segs(a)?, segs(b)?);
    println!(
        "    TCP under it: A sent {sa} segments with payload ({ra} retransmitted), B {sb} ({rb} retransmitted)"
    );
    conn.disconnect()?;
    println!(
        "    disconnected (A closes; B sees DISCONNECTED): the QPs were in {:?} and {:?} before, {} message(s) received at B",
        qa.state, qb.state, qb.messages_received
    );
    Ok(())
}
