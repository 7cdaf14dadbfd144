//! A pcap capture writer.
//!
//! Writes the classic libpcap format (not pcapng) that Wireshark, tshark and
//! tcpdump read: a 24-byte file header, then per frame a 16-byte record
//! header and the frame bytes. All fields are little-endian. The magic
//! `0xa1b23c4d` marks nanosecond timestamps, so simulated time (cycles of
//! 4 ns) is recorded exactly. Link type 1 (`LINKTYPE_ETHERNET`): each record
//! is an Ethernet frame starting at the destination MAC address, without
//! preamble and without FCS. Frames longer than the snapshot length (65535)
//! are truncated in the file; the record keeps the original length.
//!
//! File header (24 bytes):
//!
//! | offset | size | field | value |
//! |---|---|---|---|
//! | 0 | 4 | magic | `0xa1b23c4d` (nanosecond resolution) |
//! | 4 | 2 | version major | 2 |
//! | 6 | 2 | version minor | 4 |
//! | 8 | 4 | thiszone | 0 |
//! | 12 | 4 | sigfigs | 0 |
//! | 16 | 4 | snaplen | 65535 |
//! | 20 | 4 | network | 1 (Ethernet) |
//!
//! Record header (16 bytes): seconds, nanoseconds (0..1e9), captured
//! length, original length, each `u32`.
//!
//! Output is buffered by the caller's writer ([`PcapWriter::create`] uses a
//! [`BufWriter`]); call [`PcapWriter::flush`] before reading the file while
//! the simulation is still running.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use crate::error::{SimError, SimResult};

/// Magic number of a nanosecond-resolution pcap file.
pub const PCAP_MAGIC_NS: u32 = 0xa1b2_3c4d;
/// Link type of Ethernet frames.
pub const LINKTYPE_ETHERNET: u32 = 1;
/// Snapshot length written in the header: the longest record kept whole.
pub const SNAPLEN: u32 = 65535;

/// Writes frames to a pcap stream.
#[derive(Debug)]
pub struct PcapWriter<W: Write> {
    out: W,
    frames: u64,
}

impl PcapWriter<BufWriter<File>> {
    /// Creates (or truncates) the file at `path` and writes the header.
    ///
    /// # Errors
    /// [`SimError::Io`] when the file cannot be created or written.
    pub fn create(path: &Path) -> SimResult<Self> {
        let file = File::create(path)
            .map_err(|e| SimError::io(format!("creating pcap file {}", path.display()), e))?;
        PcapWriter::new(BufWriter::with_capacity(1 << 16, file))
    }
}

impl<W: Write> PcapWriter<W> {
    /// Starts a capture on `out` by writing the file header.
    ///
    /// # Errors
    /// [`SimError::Io`] when the header cannot be written.
    pub fn new(mut out: W) -> SimResult<Self> {
        let mut hdr = [0u8; 24];
        hdr[0..4].copy_from_slice(&PCAP_MAGIC_NS.to_le_bytes());
        hdr[4..6].copy_from_slice(&2u16.to_le_bytes());
        hdr[6..8].copy_from_slice(&4u16.to_le_bytes());
        // thiszone and sigfigs stay 0.
        hdr[16..20].copy_from_slice(&SNAPLEN.to_le_bytes());
        hdr[20..24].copy_from_slice(&LINKTYPE_ETHERNET.to_le_bytes());
        out.write_all(&hdr)
            .map_err(|e| SimError::io("writing pcap header", e))?;
        Ok(PcapWriter { out, frames: 0 })
    }

    /// Appends one frame (without FCS) seen at `time_ns` nanoseconds of
    /// simulated time.
    ///
    /// # Errors
    /// [`SimError::Io`] when the record cannot be written.
    pub fn write_frame(&mut self, time_ns: u64, frame: &[u8]) -> SimResult<()> {
        let secs = u32::try_from(time_ns / 1_000_000_000).unwrap_or(u32::MAX);
        let nanos = (time_ns % 1_000_000_000) as u32;
        let orig_len = u32::try_from(frame.len()).unwrap_or(u32::MAX);
        let incl_len = orig_len.min(SNAPLEN);
        let mut rec = [0u8; 16];
        rec[0..4].copy_from_slice(&secs.to_le_bytes());
        rec[4..8].copy_from_slice(&nanos.to_le_bytes());
        rec[8..12].copy_from_slice(&incl_len.to_le_bytes());
        rec[12..16].copy_from_slice(&orig_len.to_le_bytes());
        self.out
            .write_all(&rec)
            .and_then(|()| self.out.write_all(&frame[..incl_len as usize]))
            .map_err(|e| SimError::io("writing pcap record", e))?;
        self.frames += 1;
        Ok(())
    }

    /// Number of frames written so far.
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// Pushes buffered records to the underlying stream.
    ///
    /// # Errors
    /// [`SimError::Io`] when the flush fails.
    pub fn flush(&mut self) -> SimResult<()> {
        self.out
            .flush()
            .map_err(|e| SimError::io("flushing pcap file", e))
    }

    /// Flushes and returns the underlying stream.
    ///
    /// # Errors
    /// [`SimError::Io`] when the flush fails.
    pub fn into_inner(mut self) -> SimResult<W> {
        self.flush()?;
        Ok(self.out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_bytes() {
        let w = PcapWriter::new(Vec::new()).unwrap();
        let bytes = w.into_inner().unwrap();
        let expected: [u8; 24] = [
            0x4d, 0x3c, 0xb2, 0xa1, // magic, nanosecond resolution
            0x02, 0x00, 0x04, 0x00, // version 2.4
            0x00, 0x00, 0x00, 0x00, // thiszone
            0x00, 0x00, 0x00, 0x00, // sigfigs
            0xff, 0xff, 0x00, 0x00, // snaplen 65535
            0x01, 0x00, 0x00, 0x00, // LINKTYPE_ETHERNET
        ];
        assert_eq!(bytes, expected);
    }

    #[test]
    fn one_record_bytes() {
        let mut w = PcapWriter::new(Vec::new()).unwrap();
        // 2.000000404 s of simulated time: 500_000_101 cycles of 4 ns.
        let t_ns = 500_000_101u64 * 4;
        w.write_frame(t_ns, &[0xaa, 0xbb, 0xcc]).unwrap();
        assert_eq!(w.frames(), 1);
        let bytes = w.into_inner().unwrap();
        let rec = &bytes[24..];
        let expected: [u8; 19] = [
            0x02, 0x00, 0x00, 0x00, // 2 s
            0x94, 0x01, 0x00, 0x00, // 404 ns
            0x03, 0x00, 0x00, 0x00, // captured length
            0x03, 0x00, 0x00, 0x00, // original length
            0xaa, 0xbb, 0xcc,
        ];
        assert_eq!(rec, expected);
    }

    #[test]
    fn long_frame_is_truncated_to_snaplen() {
        let mut w = PcapWriter::new(Vec::new()).unwrap();
        let frame = vec![0x5a; 70_000];
        w.write_frame(0, &frame).unwrap();
        let bytes = w.into_inner().unwrap();
        assert_eq!(bytes.len(), 24 + 16 + 65535);
        assert_eq!(&bytes[24 + 8..24 + 12], &65535u32.to_le_bytes());
        assert_eq!(&bytes[24 + 12..24 + 16], &70_000u32.to_le_bytes());
    }

    #[test]
    fn create_writes_a_file() {
        let dir = std::env::temp_dir().join(format!("wn-pcap-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.pcap");
        let mut w = PcapWriter::create(&path).unwrap();
        w.write_frame(8, &[1, 2, 3, 4]).unwrap();
        w.flush().unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(bytes.len(), 24 + 16 + 4);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
