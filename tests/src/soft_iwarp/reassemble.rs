//! Received DDP segments joined into RDMAP messages.

use super::*;

/// A whole RDMAP message, joined from its DDP segments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// RDMA Write or Read Response.
    Tagged {
        /// The opcode.
        opcode: RdmapOpcode,
        /// The data sink STag.
        stag: u32,
        /// The TO of the first byte.
        to: u64,
        /// The data.
        data: Vec<u8>,
    },
    /// Send (all kinds), Read Request, Terminate, Immediate Data.
    Untagged {
        /// The opcode.
        opcode: RdmapOpcode,
        /// The queue number.
        qn: u32,
        /// The MSN.
        msn: u32,
        /// The STag to invalidate (Send with Invalidate), else 0.
        inv_stag: u32,
        /// The payload (a Read Request's 28 bytes, a Terminate, the eight
        /// bytes of Immediate Data, a Send's data).
        data: Vec<u8>,
    },
}

impl Message {
    /// The opcode.
    pub fn opcode(&self) -> RdmapOpcode {
        match self {
            Self::Tagged { opcode, .. } | Self::Untagged { opcode, .. } => *opcode,
        }
    }

    /// The data or payload.
    pub fn data(&self) -> &[u8] {
        match self {
            Self::Tagged { data, .. } | Self::Untagged { data, .. } => data,
        }
    }
}

/// Joins received segments into messages. Messages may interleave;
/// within a message, tagged segments come in TO order and untagged ones in
/// MO order (as every sender over one TCP stream sends them).
#[derive(Clone, Debug, Default)]
pub struct Reassembler {
    /// Open tagged messages: opcode, STag, first TO, data so far.
    tagged: Vec<(RdmapOpcode, u32, u64, Vec<u8>)>,
    /// Open untagged messages by (QN, MSN): opcode, STag to invalidate,
    /// data so far.
    untagged: HashMap<(u32, u32), (RdmapOpcode, u32, Vec<u8>)>,
}

impl Reassembler {
    /// A reassembler with no open message.
    pub fn new() -> Reassembler {
        Reassembler::default()
    }

    /// Messages begun and not finished.
    pub fn open(&self) -> usize {
        self.tagged.len() + self.untagged.len()
    }

    /// Takes a segment; returns its message when the segment completes it.
    ///
    /// # Errors
    ///
    /// [`SoftIwarpError::Reassembly`] for an untagged segment whose MO is
    /// not where its message ends so far, or whose opcode differs from
    /// the message's; the segment is then dropped.
    pub fn push(&mut self, seg: Segment) -> Result<Option<Message>, SoftIwarpError> {
        match seg.hdr {
            DdpRepr::Tagged(t) => {
                let open = self.tagged.iter().position(|(op, stag, to, data)| {
                    *op == t.opcode
                        && *stag == t.stag
                        && to.wrapping_add(data.len() as u64) == t.tagged_offset
                });
                let i = match open {
                    Some(i) => i,
                    None => {
                        self.tagged
                            .push((t.opcode, t.stag, t.tagged_offset, Vec::new()));
                        self.tagged.len() - 1
                    }
                };
                self.tagged[i].3.extend_from_slice(&seg.payload);
                if !t.last {
                    return Ok(None);
                }
                let (opcode, stag, to, data) = self.tagged.swap_remove(i);
                Ok(Some(Message::Tagged {
                    opcode,
                    stag,
                    to,
                    data,
                }))
            }
            DdpRepr::Untagged(u) => {
                let key = (u.qn, u.msn);
                let (opcode, inv_stag, mut data) =
                    self.untagged
                        .remove(&key)
                        .unwrap_or((u.opcode, u.inv_stag, Vec::new()));
                let wrong = if opcode != u.opcode {
                    Some("opcode differs from the message's")
                } else if u64::from(u.mo) != data.len() as u64 {
                    Some("MO is not where the message ends so far")
                } else {
                    None
                };
                if let Some(what) = wrong {
                    if !data.is_empty() {
                        self.untagged.insert(key, (opcode, inv_stag, data));
                    }
                    return Err(SoftIwarpError::Reassembly { what, hdr: seg.hdr });
                }
                data.extend_from_slice(&seg.payload);
                if !u.last {
                    self.untagged.insert(key, (opcode, inv_stag, data));
                    return Ok(None);
                }
                Ok(Some(Message::Untagged {
                    opcode,
                    qn: u.qn,
                    msn: u.msn,
                    inv_stag,
                    data,
                }))
            }
        }
    }
}
