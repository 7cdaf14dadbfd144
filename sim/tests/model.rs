//! Tests of the Verilated `wn_core` bridge: port table, port access, clocking,
//! two models in one process, wave traces.

use std::collections::HashSet;
use std::num::NonZeroU32;
use std::path::PathBuf;

use warpnic_sim::model::{ports, Dir, InitialValues, Model, ModelError, ModelOptions};

/// A fresh path for a test's output file.
fn out_path(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("model-tests");
    std::fs::create_dir_all(&dir).expect("create the test output directory");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// A byte pattern with no two equal bytes in a row.
fn pattern(len: usize, seed: u8) -> Vec<u8> {
    (0..len)
        .map(|i| (i as u8).wrapping_mul(37).wrapping_add(seed))
        .collect()
}

#[test]
fn port_table_matches_the_documented_ports() {
    assert_eq!(ports::ALL.len(), ports::COUNT);
    let mut names = HashSet::new();
    for (i, p) in ports::ALL.iter().enumerate() {
        assert_eq!(p.index(), i);
        assert!(names.insert(p.name()), "duplicate port {p}");
        assert_eq!(Model::port_by_name(p.name()), Some(*p));
        assert_eq!(Model::port_info(*p), p.info());
        assert!(p.width() >= 1);
        assert_eq!(p.bytes(), p.width().div_ceil(8) as usize);
    }
    // A few rows of docs/core-ports.md.
    let expect = [
        (ports::CLK_I, "clk_i", Dir::In, 1),
        (ports::RST_I, "rst_i", Dir::In, 1),
        (ports::S_AXIL_AWADDR_I, "s_axil_awaddr_i", Dir::In, 16),
        (ports::S_AXIL_RDATA_O, "s_axil_rdata_o", Dir::Out, 32),
        (
            ports::M_DMA_RD_REQ_ADDR_O,
            "m_dma_rd_req_addr_o",
            Dir::Out,
            64,
        ),
        (
            ports::S_DMA_RD_RSP_DATA_I,
            "s_dma_rd_rsp_data_i",
            Dir::In,
            512,
        ),
        (ports::M_DMA_WR_DATA_O, "m_dma_wr_data_o", Dir::Out, 512),
        (ports::M_AXIS_TX_TKEEP_O, "m_axis_tx_tkeep_o", Dir::Out, 64),
        (ports::S_AXIS_RX_TDATA_I, "s_axis_rx_tdata_i", Dir::In, 512),
        (ports::FW_REG_ADDR_I, "fw_reg_addr_i", Dir::In, 8),
    ];
    for (p, name, dir, width) in expect {
        assert_eq!((p.name(), p.dir(), p.width()), (name, dir, width));
    }
    assert_eq!(ports::S_DMA_RD_RSP_DATA_I.bytes(), 64);
    assert_eq!(Model::port_by_name("no_such_port_i"), None);
    assert_eq!(format!("{:?}", ports::CLK_I), "Port(clk_i)");
}

#[test]
fn idle_core_after_reset() {
    let mut m = Model::new().expect("model");
    m.reset(8).expect("reset");
    assert_eq!(m.cycle(), 8);
    m.ticks(100).expect("run");
    assert_eq!(m.cycle(), 108);
    assert_eq!(m.time_ps(), 108 * 4000);
    // No traffic in: nothing out.
    assert_eq!(m.get(ports::M_AXIS_TX_TVALID_O), 0);
    assert_eq!(m.get(ports::M_DMA_WR_VALID_O), 0);
    assert_eq!(m.get(ports::S_AXIL_BVALID_O), 0);
    assert_eq!(m.get(ports::S_AXIL_RVALID_O), 0);
    assert_eq!(m.get(ports::M_AXIS_FW_TVALID_O), 0);
    // Wide outputs read the same through every accessor.
    for p in [ports::M_AXIS_TX_TDATA_O, ports::M_DMA_WR_DATA_O] {
        let mut bytes = [0xa5u8; 64];
        m.get_bytes(p, &mut bytes);
        let words = m.wide_words(p);
        assert_eq!(words.len(), 16);
        for (i, w) in words.iter().enumerate() {
            assert_eq!(w.to_le_bytes(), bytes[4 * i..4 * i + 4], "{p} word {i}");
        }
        assert_eq!(m.get(p), u64::from(words[0]) | u64::from(words[1]) << 32);
    }
    // A narrow output read as bytes.
    let mut keep = [0xffu8; 10];
    m.get_bytes(ports::M_AXIS_TX_TKEEP_O, &mut keep);
    assert_eq!(keep[..8], m.get(ports::M_AXIS_TX_TKEEP_O).to_le_bytes());
    assert_eq!(keep[8..], [0, 0]);
}

/// An input written after an evaluation and before the clock edge is the
/// one the edge samples: the bridge skips the repeated input-combinational
/// computation of the edge only while no input changed since the last
/// evaluation.
#[test]
fn the_edge_samples_inputs_written_after_an_evaluation() {
    const ID_TYPE: u64 = 0x574e_0001;
    const ID_VERSION: u64 = 0x0001_0000;
    let read = |first: u64, second: u64| -> u64 {
        let mut m = Model::new().expect("model");
        m.reset(8).expect("reset");
        m.set(ports::S_AXIL_RREADY_I, 1);
        m.set(ports::S_AXIL_ARADDR_I, first);
        m.set(ports::S_AXIL_ARVALID_I, 1);
        m.eval().expect("eval");
        assert_eq!(
            m.get(ports::S_AXIL_ARREADY_O),
            1,
            "the core takes a read at once"
        );
        // no evaluation between this write and the edge
        m.set(ports::S_AXIL_ARADDR_I, second);
        m.tick().expect("edge");
        m.set(ports::S_AXIL_ARVALID_I, 0);
        for _ in 0..16 {
            m.eval().expect("eval");
            if m.get(ports::S_AXIL_RVALID_O) != 0 {
                assert_eq!(m.get(ports::S_AXIL_RRESP_O), 0);
                return m.get(ports::S_AXIL_RDATA_O);
            }
            m.tick().expect("run");
        }
        panic!("no read response");
    };
    assert_eq!(read(0x0, 0x0), ID_TYPE);
    assert_eq!(read(0x4, 0x4), ID_VERSION);
    assert_eq!(read(0x0, 0x4), ID_VERSION);
    assert_eq!(read(0x4, 0x0), ID_TYPE);
}

#[test]
fn input_storage_round_trips() {
    let mut m = Model::new().expect("model");
    let data = ports::S_AXIS_RX_TDATA_I;

    // Full width, little-endian: byte 0 = bits 7:0, word 0 = bits 31:0.
    let bytes = pattern(64, 1);
    m.set_bytes(data, &bytes);
    let mut back = [0u8; 64];
    m.get_bytes(data, &mut back);
    assert_eq!(back[..], bytes[..]);
    let words = m.wide_words(data);
    assert_eq!(
        words[0],
        u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])
    );
    assert_eq!(
        words[15],
        u32::from_le_bytes([bytes[60], bytes[61], bytes[62], bytes[63]])
    );
    assert_eq!(
        m.get(data),
        u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes"))
    );

    // A short write zero-extends, across a partial word.
    m.set_bytes(data, &bytes[..7]);
    m.get_bytes(data, &mut back);
    assert_eq!(back[..7], bytes[..7]);
    assert!(back[7..].iter().all(|&b| b == 0));

    // set() on a wide port writes bits 63:0 and clears the rest.
    m.set_bytes(data, &bytes);
    m.set(data, 0x0123_4567_89ab_cdef);
    assert_eq!(m.wide_words(data)[..3], [0x89ab_cdef, 0x0123_4567, 0]);
    assert_eq!(m.get(data), 0x0123_4567_89ab_cdef);

    // In-place word access.
    m.wide_words_mut(data)[15] = 0xdead_beef;
    m.get_bytes(data, &mut back);
    assert_eq!(back[60..], [0xef, 0xbe, 0xad, 0xde]);

    // Narrow inputs of every storage size, cut to their width.
    m.set(ports::S_AXIL_WSTRB_I, 0xff);
    assert_eq!(m.get(ports::S_AXIL_WSTRB_I), 0xf);
    m.set(ports::S_AXIL_AWADDR_I, 0x1_2345);
    assert_eq!(m.get(ports::S_AXIL_AWADDR_I), 0x2345);
    m.set(ports::S_AXIL_WDATA_I, 0xffff_ffff_cafe_f00d);
    assert_eq!(m.get(ports::S_AXIL_WDATA_I), 0xcafe_f00d);
    m.set(ports::S_AXIS_RX_TKEEP_I, u64::MAX);
    assert_eq!(m.get(ports::S_AXIS_RX_TKEEP_I), u64::MAX);
    m.set_bytes(ports::S_AXIL_ARADDR_I, &[0x34, 0x12]);
    assert_eq!(m.get(ports::S_AXIL_ARADDR_I), 0x1234);
    let mut two = [0u8; 2];
    m.get_bytes(ports::S_AXIL_ARADDR_I, &mut two);
    assert_eq!(two, [0x34, 0x12]);
    assert!(m.wide_words(ports::S_AXIL_ARADDR_I).is_empty());

    // Inputs keep their values across clock cycles.
    m.set_bytes(data, &bytes);
    m.reset(2).expect("reset");
    m.ticks(3).expect("run");
    m.get_bytes(data, &mut back);
    assert_eq!(back[..], bytes[..]);
    assert_eq!(m.get(ports::S_AXIL_WSTRB_I), 0xf);
    assert_eq!(m.get(ports::RST_I), 0);
}

#[test]
fn two_models_in_one_process_are_independent() {
    let mut a = Model::new().expect("model a");
    let mut b = Model::new().expect("model b");
    a.reset(4).expect("reset a");
    b.reset(2).expect("reset b");
    a.ticks(5).expect("run a");
    b.tick().expect("run b");
    assert_eq!((a.cycle(), b.cycle()), (9, 3));
    assert_eq!((a.time_ps(), b.time_ps()), (9 * 4000, 3 * 4000));

    let bytes = pattern(64, 9);
    a.set_bytes(ports::S_DMA_RD_RSP_DATA_I, &bytes);
    let mut back = [0xffu8; 64];
    b.get_bytes(ports::S_DMA_RD_RSP_DATA_I, &mut back);
    assert_eq!(back, [0u8; 64]);
    a.get_bytes(ports::S_DMA_RD_RSP_DATA_I, &mut back);
    assert_eq!(back[..], bytes[..]);

    for m in [&a, &b] {
        assert_eq!(m.get(ports::M_AXIS_TX_TVALID_O), 0);
        assert_eq!(m.get(ports::M_DMA_WR_VALID_O), 0);
    }
    drop(a);
    b.ticks(10).expect("b runs on after a is gone");
    assert_eq!(b.cycle(), 13);
}

#[test]
fn models_on_several_threads() {
    let handles: Vec<_> = (0..2u64)
        .map(|i| {
            std::thread::spawn(move || {
                let mut m = Model::new().expect("model");
                m.reset(4).expect("reset");
                m.ticks(1000 + i).expect("run");
                (m.cycle(), m.get(ports::M_AXIS_TX_TVALID_O))
            })
        })
        .collect();
    for (i, h) in handles.into_iter().enumerate() {
        assert_eq!(h.join().expect("thread"), (1004 + i as u64, 0));
    }
}

#[test]
fn initial_values_follow_the_options() {
    let with_init = |initial_values| {
        Model::with_options(&ModelOptions {
            initial_values,
            ..ModelOptions::default()
        })
        .expect("model")
    };
    let random = |seed| InitialValues::Random(NonZeroU32::new(seed).expect("non-zero"));
    // Before the first evaluation the outputs still hold their initial values.
    let outputs = |m: &Model| -> Vec<u8> {
        let mut all = Vec::new();
        for p in ports::ALL.into_iter().filter(|p| p.dir() == Dir::Out) {
            let mut b = vec![0u8; p.bytes()];
            m.get_bytes(p, &mut b);
            all.extend(b);
        }
        all
    };
    let zeros = with_init(InitialValues::Zeros);
    let ones = with_init(InitialValues::Ones);
    let (a, b, c) = (
        with_init(random(7)),
        with_init(random(7)),
        with_init(random(8)),
    );
    assert!(outputs(&zeros).iter().all(|&x| x == 0));
    assert_eq!(ones.get(ports::M_AXIS_TX_TVALID_O), 1);
    assert_eq!(ones.wide_words(ports::M_AXIS_TX_TDATA_O), [u32::MAX; 16]);
    assert_eq!(outputs(&a), outputs(&b));
    assert_ne!(outputs(&a), outputs(&c));
    // Inputs start at zero whatever the option.
    for m in [&zeros, &ones, &a, &c] {
        for p in ports::ALL.into_iter().filter(|p| p.dir() == Dir::In) {
            let mut bytes = vec![0xffu8; p.bytes()];
            m.get_bytes(p, &mut bytes);
            assert!(bytes.iter().all(|&x| x == 0), "{p} is not zero");
        }
    }
}

#[test]
fn fst_trace_of_a_few_cycles() {
    let path = out_path("few_cycles.fst");
    let mut m = Model::new().expect("model");
    m.trace_open(&path).expect("open trace");
    assert!(m.is_tracing());
    m.reset(2).expect("reset");
    m.set_bytes(ports::S_AXIS_RX_TDATA_I, &pattern(64, 3));
    m.ticks(10).expect("run");
    m.trace_close();
    assert!(!m.is_tracing());
    let bytes = std::fs::read(&path).expect("trace file");
    assert!(bytes.len() > 100, "trace of {} bytes", bytes.len());
    // An FST file starts with its header block (block type 0).
    assert_eq!(bytes[0], 0);

    // A second trace on the same model, and one on another model at once.
    let path2 = out_path("second.fst");
    let path3 = out_path("other_model.fst");
    let mut other = Model::new().expect("model");
    m.trace_open(&path2).expect("reopen");
    other.trace_open(&path3).expect("open on another model");
    m.ticks(5).expect("run");
    other.ticks(5).expect("run");
    drop(m);
    drop(other);
    for p in [&path2, &path3] {
        let len = std::fs::metadata(p).expect("trace file").len();
        assert!(len > 100, "{} has {len} bytes", p.display());
    }
}

#[test]
fn trace_to_a_missing_directory_is_an_error() {
    let mut m = Model::new().expect("model");
    let path = out_path("no-such-dir").join("t.fst");
    match m.trace_open(&path) {
        Err(ModelError::TraceFile { path: p, .. }) => assert_eq!(p, path),
        other => panic!("expected a TraceFile error, got {other:?}"),
    }
    assert!(!m.is_tracing());
    m.tick().expect("the model still runs");
}
