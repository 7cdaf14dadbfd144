//! Round trip: `wn_mpa_tx` frames a connection's ULPDUs (random lengths
//! 0..=9000, CRC and markers on and off), its FPDU bytes are cut into TCP
//! segments at random as they come out (1-byte segments and cuts at every
//! kind of place), and `wn_mpa_rx` deframes them: every ULPDU must come
//! back whole, in order, with a good CRC. The two models run side by side,
//! with random backpressure on the framer and idle on the deframer, and
//! the deframer's context goes through a TCB model or stays inside
//! (`s_cont_i`) at random. The framer's stream is also checked against the
//! byte-at-a-time deframer of `mpa_model`.

mod mpa_model;

use std::collections::VecDeque;

use mpa_model::{deframe, mark_off, random_bytes, random_len, Stop};
use warpnic_modtest::{wn_mpa_rx, wn_mpa_tx, ModError, ModModel, Rng};

const MAX: u64 = 9000;

fn round_trip(seed: u64, n: usize, crc: bool, markers: bool) -> Result<(), ModError> {
    use wn_mpa_rx::ports as rx;
    use wn_mpa_tx::ports as tx;
    let mut rng = Rng::new(seed);
    let ulpdus: Vec<Vec<u8>> = (0..n)
        .map(|_| {
            let l = random_len(&mut rng);
            random_bytes(&mut rng, l)
        })
        .collect();

    let mut t = ModModel::new(wn_mpa_tx::NAME)?;
    t.reset(2)?;
    let mut r = ModModel::new(wn_mpa_rx::NAME)?;
    r.set(rx::MAX_ULPDU_I, MAX)?;
    r.reset(2)?;

    // framer inputs
    let mut hdr = 0usize; // next header to offer
    let mut pos = 0usize; // stream bytes framed so far (for the marker offset)
    let mut fpdu_len: VecDeque<usize> = VecDeque::new();
    let mut beats: VecDeque<([u8; 64], u64, bool)> = VecDeque::new();
    // the stream as it comes out, and where it is cut
    let mut s: Vec<u8> = Vec::new();
    let mut sent = 0usize; // stream bytes given to the deframer
    let mut seg: VecDeque<([u8; 64], u64, bool)> = VecDeque::new();
    let mut seg_first = true;
    let mut cont = false;
    let mut ctx: [u64; 10] = [0, 0, 0, 0, 0, 0, u64::from(crc), u64::from(markers), 0, 0];
    let mut ctx_pending = 0usize;
    // deframer outputs
    let mut got: Vec<u8> = Vec::new();
    let mut done_ulpdus = 0usize;
    let mut records = 0usize;
    let mut cycles = 0u64;

    while records < n {
        cycles += 1;
        assert!(cycles < 5_000_000, "stuck: {records} of {n} records");
        // --- framer: a header as soon as the last one was taken
        let h_go = hdr < n;
        if h_go {
            let u = &ulpdus[hdr];
            t.set(tx::H_LEN_I, u.len() as u64)?;
            t.set(tx::H_CRC_I, u64::from(crc))?;
            t.set(tx::H_MARK_I, u64::from(markers))?;
            t.set(tx::H_MARK_OFF_I, mark_off(pos) as u64)?;
        }
        t.set(tx::H_VALID_I, u64::from(h_go))?;
        let s_go = !beats.is_empty();
        if s_go {
            let (d, keep, last) = beats[0];
            t.set_bytes(tx::S_TDATA_I, &d)?;
            t.set(tx::S_TKEEP_I, keep)?;
            t.set(tx::S_TLAST_I, u64::from(last))?;
        }
        t.set(tx::S_TVALID_I, u64::from(s_go))?;
        let t_ready = !rng.percent(30);
        t.set(tx::M_TREADY_I, u64::from(t_ready))?;
        t.eval()?;
        if h_go && t.get(tx::H_READY_O)? == 1 {
            let u = &ulpdus[hdr];
            for (k, chunk) in u.chunks(64).enumerate() {
                let mut d = [0u8; 64];
                d[..chunk.len()].copy_from_slice(chunk);
                let keep = if chunk.len() == 64 {
                    u64::MAX
                } else {
                    (1u64 << chunk.len()) - 1
                };
                beats.push_back((d, keep, (k + 1) * 64 >= u.len()));
            }
            // the FPDU's length on the wire, markers included
            let f = mpa_model::frame(u, crc, markers.then(|| mark_off(pos)));
            pos += f.len();
            fpdu_len.push_back(f.len());
            hdr += 1;
        }
        if s_go && t.get(tx::S_TREADY_O)? == 1 {
            beats.pop_front();
        }
        if t_ready && t.get(tx::M_TVALID_O)? == 1 {
            let n = t.get(tx::M_TKEEP_O)?.count_ones() as usize;
            let mut d = [0u8; 64];
            t.get_bytes(tx::M_TDATA_O, &mut d)?;
            s.extend_from_slice(&d[..n]);
        }
        t.tick()?;

        // --- deframer: cut the next segment from what has come out
        if seg.is_empty() && sent < s.len() && !rng.percent(20) {
            let want = match rng.below(5) {
                0 => 1,
                1 => 1 + rng.below(16) as usize,
                _ => 1 + rng.below(4000) as usize,
            };
            let len = want.min(s.len() - sent);
            let bytes = &s[sent..sent + len];
            for (k, chunk) in bytes.chunks(64).enumerate() {
                let mut d = [0u8; 64];
                d[..chunk.len()].copy_from_slice(chunk);
                let keep = if chunk.len() == 64 {
                    u64::MAX
                } else {
                    (1u64 << chunk.len()) - 1
                };
                seg.push_back((d, keep, (k + 1) * 64 >= len));
            }
            sent += len;
            // the TCB's context, or the one held inside
            cont = rng.percent(50) || ctx_pending > 0;
            seg_first = true;
            ctx_pending += 1;
        }
        let r_go = !seg.is_empty() && !rng.percent(15);
        if r_go {
            let (d, keep, last) = seg[0];
            r.set_bytes(rx::S_TDATA_I, &d)?;
            r.set(rx::S_TKEEP_I, keep)?;
            r.set(rx::S_TLAST_I, u64::from(last))?;
            r.set(rx::S_TAG_I, 7)?;
            r.set(rx::S_CONT_I, u64::from(seg_first && cont))?;
            let c = if seg_first && !cont {
                ctx
            } else {
                [0xdead, 0xbeef, 0x1234, 0x5678, 1, 0x55, 0, 1, 1, 0x1_2345]
            };
            r.set(rx::CTX_OFF_I, c[0])?;
            r.set(rx::CTX_LEN_I, c[1])?;
            r.set(rx::CTX_CRC_I, c[2])?;
            r.set(rx::CTX_RCRC_I, c[3])?;
            r.set(rx::CTX_BEGUN_I, c[4])?;
            r.set(rx::CTX_PHASE_I, c[5])?;
            r.set(rx::CTX_CRC_EN_I, c[6])?;
            r.set(rx::CTX_MARK_EN_I, c[7])?;
            r.set(rx::CTX_ERR_I, c[8])?;
            r.set(rx::CTX_REM_I, c[9])?;
        }
        r.set(rx::S_TVALID_I, u64::from(r_go))?;
        let m_ready = !rng.percent(20);
        let st_ready = !rng.percent(20);
        r.set(rx::M_TREADY_I, u64::from(m_ready))?;
        r.set(rx::ST_READY_I, u64::from(st_ready))?;
        r.eval()?;
        if r_go && r.get(rx::S_TREADY_O)? == 1 {
            seg.pop_front();
            seg_first = false;
        }
        if m_ready && r.get(rx::M_TVALID_O)? == 1 {
            let n = r.get(rx::M_TKEEP_O)?.count_ones() as usize;
            let mut d = [0u8; 64];
            r.get_bytes(rx::M_TDATA_O, &mut d)?;
            let off = r.get(rx::M_OFF_O)? as usize;
            let len = r.get(rx::M_LEN_O)? as usize;
            if got.is_empty() {
                assert_eq!(off, 0, "a ULPDU starts at offset 0");
            }
            got.extend_from_slice(&d[..n]);
            if r.get(rx::M_TLAST_O)? == 1 && r.get(rx::M_END_O)? == 1 {
                while ulpdus[done_ulpdus].is_empty() {
                    done_ulpdus += 1;
                }
                assert_eq!(len, ulpdus[done_ulpdus].len(), "ULPDU {done_ulpdus} length");
                assert!(
                    got == ulpdus[done_ulpdus],
                    "ULPDU {done_ulpdus} ({len} bytes) differs"
                );
                got.clear();
                done_ulpdus += 1;
            }
        }
        if st_ready && r.get(rx::ST_VALID_O)? == 1 {
            assert_eq!(r.get(rx::ST_ERR_O)?, 0, "record {records}: error");
            assert_eq!(r.get(rx::ST_CRC_OK_O)?, 1, "record {records}: bad CRC");
            assert_eq!(
                r.get(rx::ST_LEN_O)? as usize,
                ulpdus[records].len(),
                "record {records}: length"
            );
            records += 1;
        }
        if r.get(rx::CTX_VALID_O)? == 1 {
            ctx = [
                r.get(rx::CTX_OFF_O)?,
                r.get(rx::CTX_LEN_O)?,
                r.get(rx::CTX_CRC_O)?,
                r.get(rx::CTX_RCRC_O)?,
                r.get(rx::CTX_BEGUN_O)?,
                r.get(rx::CTX_PHASE_O)?,
                r.get(rx::CTX_CRC_EN_O)?,
                r.get(rx::CTX_MARK_EN_O)?,
                r.get(rx::CTX_ERR_O)?,
                r.get(rx::CTX_REM_O)?,
            ];
            ctx_pending -= 1;
        }
        r.tick()?;
    }
    assert_eq!(s.len(), fpdu_len.iter().sum::<usize>(), "stream length");
    assert_eq!(sent, s.len());
    // the framer's stream, deframed byte by byte
    let (fpdus, stop) = deframe(&s, crc, markers, u16::MAX);
    assert_eq!(stop, Stop::End);
    assert_eq!(fpdus.len(), n);
    for (f, u) in fpdus.iter().zip(&ulpdus) {
        assert!(f.crc_ok && f.ulpdu == *u);
    }
    println!(
        "round trip, crc {crc}, markers {markers}: {n} ULPDUs, {} stream bytes, {cycles} cycles",
        s.len()
    );
    Ok(())
}

#[test]
fn round_trip_crc_and_markers() -> Result<(), ModError> {
    round_trip(0x5044_2001, 250, true, true)
}

#[test]
fn round_trip_crc_no_markers() -> Result<(), ModError> {
    round_trip(0x5044_2002, 250, true, false)
}

#[test]
fn round_trip_no_crc_markers() -> Result<(), ModError> {
    round_trip(0x5044_2003, 150, false, true)
}
