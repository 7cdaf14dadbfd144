//! The BAR0 register map: the common block headers, the register blocks in
//! address order, and the flag words of the CTRL block's registers.

use super::{r, v, Access, Block, Enum, RegArray, Register};

use Access::{Ro, Rw, Wo};

/// Offsets of the common block header.
pub const BLOCK_HEADER: &[Register] = &[
    r("TYPE", 0x00, Ro, 0, "block type identifier"),
    r(
        "VERSION",
        0x04,
        Ro,
        0,
        "block version, major 31:16, minor 15:0",
    ),
    r(
        "NEXT",
        0x08,
        Ro,
        0,
        "BAR0 offset of the next block, 0 for the last",
    ),
];

/// Header registers of a block that carries a register array.
pub const ARRAY_HEADER: &[Register] = &[
    r("COUNT", 0x0c, Ro, 0, "number of elements in the array"),
    r("STRIDE", 0x10, Ro, 0, "bytes between elements"),
    r(
        "ARRAY_BASE",
        0x14,
        Ro,
        0,
        "offset of element 0 from the block base",
    ),
];

/// The TCP block's registers: the array header, then the listener count.
const TCP_REGS: &[Register] = &[
    ARRAY_HEADER[0],
    ARRAY_HEADER[1],
    ARRAY_HEADER[2],
    r(
        "NUM_LISTEN",
        0x18,
        Ro,
        0,
        "number of listener slots of the TCP engine",
    ),
];

const TCP_DB_REGS: &[Register] = &[
    r(
        "TX_END",
        0x00,
        Wo,
        0,
        "stream offset after the last byte written into the send buffer",
    ),
    r(
        "RX_READ",
        0x04,
        Wo,
        0,
        "stream offset after the last byte read from the receive buffer (reopens the window)",
    ),
];

const QP_DB_REGS: &[Register] = &[
    r(
        "SQ_PI",
        0x00,
        Wo,
        0,
        "send-queue producer index (15:0): entries posted",
    ),
    r(
        "RQ_PI",
        0x04,
        Wo,
        0,
        "receive-queue producer index (15:0): entries posted",
    ),
];

const SQ_REGS: &[Register] = &[
    r(
        "BASE_LO",
        0x00,
        Rw,
        0,
        "ring base IOVA, bits 31:0 (32-byte aligned)",
    ),
    r("BASE_HI", 0x04, Rw, 0, "ring base IOVA, bits 63:32"),
    r(
        "LOG_SIZE",
        0x08,
        Rw,
        0,
        "log2 of the number of entries (1..=15)",
    ),
    r(
        "CQN",
        0x0c,
        Rw,
        0,
        "completion queue that receives this queue's completions",
    ),
    r(
        "CTRL",
        0x10,
        Rw,
        0,
        "bit 0 ENABLE; writing 0 resets the queue (pointers, error state)",
    ),
    r(
        "STATE",
        0x14,
        Ro,
        0,
        "7:0 queue_state, 15:8 error status (cqe_status) of the error",
    ),
    r(
        "PI",
        0x18,
        Rw,
        0,
        "doorbell: producer index (15:0, free-running)",
    ),
    r(
        "CI",
        0x1c,
        Ro,
        0,
        "consumer index (15:0): WQEs the hardware has completed",
    ),
];

const CQ_REGS: &[Register] = &[
    r("BASE_LO", 0x00, Rw, 0, "ring base IOVA, bits 31:0 (32-byte aligned)"),
    r("BASE_HI", 0x04, Rw, 0, "ring base IOVA, bits 63:32"),
    r("LOG_SIZE", 0x08, Rw, 0, "log2 of the number of entries (1..=15)"),
    r("EQN", 0x0c, Rw, 0, "event queue that receives this CQ's events"),
    r("CTRL", 0x10, Rw, 0, "bit 0 ENABLE; writing 0 resets the CQ"),
    r("STATE", 0x14, Ro, 0, "7:0 queue_state, 15:8 error status; bit 16 ARMED; bit 17 BUSY: CQE writes in flight"),
    r("ARM", 0x18, Wo, 0, "any write arms the CQ: its next CQE posts a CQ_COMPLETION event"),
    r("CI", 0x1c, Rw, 0, "consumer index (15:0) written by the host; the hardware never overwrites an unconsumed CQE"),
    r("PI", 0x20, Ro, 0, "producer index (15:0): CQEs written"),
];

const EQ_REGS: &[Register] = &[
    r(
        "BASE_LO",
        0x00,
        Rw,
        0,
        "ring base IOVA, bits 31:0 (16-byte aligned)",
    ),
    r("BASE_HI", 0x04, Rw, 0, "ring base IOVA, bits 63:32"),
    r(
        "LOG_SIZE",
        0x08,
        Rw,
        0,
        "log2 of the number of entries (1..=15)",
    ),
    r(
        "CTRL",
        0x0c,
        Rw,
        0,
        "bit 0 ENABLE, bit 1 IRQ_ENABLE; writing 0 to ENABLE resets the EQ",
    ),
    r(
        "MOD_COUNT",
        0x10,
        Rw,
        1,
        "interrupt moderation: raise the interrupt once this many events are pending (0 acts as 1)",
    ),
    r(
        "MOD_USECS",
        0x14,
        Rw,
        0,
        "interrupt moderation: or once the oldest pending event is this many microseconds old (0: no timer)",
    ),
    r(
        "CI",
        0x18,
        Rw,
        0,
        "consumer index (15:0) written by the host",
    ),
    r("PI", 0x1c, Ro, 0, "producer index (15:0): EQEs written"),
    r(
        "STATE",
        0x20,
        Ro,
        0,
        "7:0 queue_state, 15:8 error status; bit 16 BUSY: EQE writes in flight",
    ),
];

/// The BAR0 size in bytes.
pub const BAR0_SIZE: u64 = 0x1_0000;

/// Flag words of the CTRL block's registers.
pub const ENUMS: &[Enum] = &[
    Enum {
        name: "ctrl_flags",
        width: 32,
        reference: "warpnic",
        doc: "Bits of the CTRL block's CONTROL register",
        flags: true,
        values: &[
            v("TX_ENABLE", 0x1, "the transmit path runs"),
            v("RX_ENABLE", 0x2, "the receive path accepts frames"),
        ],
    },
    Enum {
        name: "exc_filter",
        width: 32,
        reference: "warpnic",
        doc: "Bits of the CTRL block's EXC_FILTER register: received frames steered to the firmware instead of a receive queue",
        flags: true,
        values: &[
            v("ARP", 0x1, "every ARP frame the address filter accepts"),
            v("ICMP", 0x2, "IPv4 ICMP addressed to the port's IPv4 address"),
        ],
    },
    Enum {
        name: "rx_filter",
        width: 32,
        reference: "warpnic",
        doc: "Bits of the CTRL block's RX_FILTER register",
        flags: true,
        values: &[
            v("PROMISC", 0x1, "accept every destination address"),
            v("BROADCAST", 0x2, "accept ff:ff:ff:ff:ff:ff"),
            v("MULTICAST", 0x4, "accept group addresses"),
        ],
    },
];

/// The register blocks of BAR0, in address order.
pub const BLOCKS: &[Block] = &[
    Block {
        name: "ID",
        base: 0x0000,
        type_id: 0x574e_0001,
        version: 0x0001_0000,
        doc: "Identification. The driver refuses a device whose BUILD_ID differs from the ABI it was built against.",
        regs: &[
            r("BUILD_ID", 0x0c, Ro, 0, "hash of the ABI description this core was generated from"),
            r("ABI_VERSION", 0x10, Ro, 0, "ABI_VERSION constant"),
            r("NUM_SQ", 0x14, Ro, 0, "number of send queues"),
            r("NUM_RQ", 0x18, Ro, 0, "number of receive queues"),
            r("NUM_CQ", 0x1c, Ro, 0, "number of completion queues"),
            r("NUM_EQ", 0x20, Ro, 0, "number of event queues (one interrupt vector each)"),
            r("CLOCK_MHZ", 0x24, Ro, 0, "core clock in MHz"),
            r("DATA_WIDTH", 0x28, Ro, 0, "datapath width in bits"),
            r("SCRATCH", 0x2c, Rw, 0, "free for the driver; reads back what was written"),
        ],
        array: None,
    },
    Block {
        name: "CTRL",
        base: 0x0100,
        type_id: 0x574e_0002,
        version: 0x0001_0000,
        doc: "Port control, receive filtering and error capture.",
        regs: &[
            r("CONTROL", 0x0c, Rw, 0, "ctrl_flags"),
            r("MAC_LO", 0x10, Ro, 0, "port MAC address bits 31:0 (set by the firmware); byte 0 on the wire is bits 47:40"),
            r("MAC_HI", 0x14, Ro, 0, "port MAC address bits 47:32"),
            r("RX_FILTER", 0x18, Rw, 0x6, "rx_filter bits"),
            r("MAX_FRAME", 0x1c, Rw, 9014, "largest frame accepted or sent, without FCS (60..=9014)"),
            r("RX_RQ", 0x20, Rw, 0, "receive queue that takes received frames"),
            r("BAD_ADDR", 0x24, Ro, 0, "offset of the last register access that hit no register"),
            r("CYCLES_LO", 0x28, Ro, 0, "free-running cycle counter bits 31:0 (reading it latches CYCLES_HI)"),
            r("CYCLES_HI", 0x2c, Ro, 0, "cycle counter bits 63:32, as latched"),
            r("IPV4", 0x30, Ro, 0, "the port's IPv4 address (set by the firmware)"),
            r("EXC_FILTER", 0x34, Rw, 0x3, "exc_filter bits"),
        ],
        array: None,
    },
    Block {
        name: "MBOX",
        base: 0x0200,
        type_id: 0x574e_0003,
        version: 0x0001_0000,
        doc: "Firmware mailbox: the host writes a request into REQ, then its length into DOORBELL; the firmware's response appears in RSP and a FW_RESPONSE event is posted to EQ 0.",
        regs: &[
            r("DOORBELL", 0x0c, Wo, 0, "write the request length in words (1..=FW_MSG_MAX_WORDS) to send REQ to the firmware"),
            r("STATUS", 0x10, Ro, 0, "bit 0 BUSY (request in flight), bit 1 RSP_VALID, 15:8 response length in words; reading RSP_LEN does not clear it, the next DOORBELL does"),
            r("REQ", 0x40, Rw, 0, "request words 0..=15 at 0x40 + 4*i"),
            r("RSP", 0x80, Ro, 0, "response words 0..=15 at 0x80 + 4*i"),
        ],
        array: None,
    },
    Block {
        name: "SQ",
        base: 0x1000,
        type_id: 0x574e_0010,
        version: 0x0001_0000,
        doc: "Raw send queues.",
        regs: ARRAY_HEADER,
        array: Some(RegArray {
            base: 0x40,
            stride: 0x40,
            regs: SQ_REGS,
        }),
    },
    Block {
        name: "RQ",
        base: 0x2000,
        type_id: 0x574e_0011,
        version: 0x0001_0000,
        doc: "Raw receive queues (same element layout as SQ).",
        regs: ARRAY_HEADER,
        array: Some(RegArray {
            base: 0x40,
            stride: 0x40,
            regs: SQ_REGS,
        }),
    },
    Block {
        name: "CQ",
        base: 0x3000,
        type_id: 0x574e_0012,
        version: 0x0001_0000,
        doc: "Completion queues.",
        regs: ARRAY_HEADER,
        array: Some(RegArray {
            base: 0x40,
            stride: 0x40,
            regs: CQ_REGS,
        }),
    },
    Block {
        name: "EQ",
        base: 0x4000,
        type_id: 0x574e_0013,
        version: 0x0001_0000,
        doc: "Event queues; EQ n raises interrupt vector n.",
        regs: ARRAY_HEADER,
        array: Some(RegArray {
            base: 0x40,
            stride: 0x40,
            regs: EQ_REGS,
        }),
    },
    Block {
        name: "STATS",
        base: 0x5000,
        type_id: 0x574e_0020,
        version: 0x0001_0000,
        doc: "64-bit counters; each is a LO/HI pair, reading LO latches HI.",
        regs: &[
            r("TX_FRAMES", 0x10, Ro, 0, "frames sent"),
            r("TX_BYTES", 0x18, Ro, 0, "bytes sent (without FCS)"),
            r("RX_FRAMES", 0x20, Ro, 0, "frames delivered to a receive queue"),
            r("RX_BYTES", 0x28, Ro, 0, "bytes delivered"),
            r("RX_FCS_ERR", 0x30, Ro, 0, "frames dropped for a bad FCS or a MAC error"),
            r("RX_DROP_FILTER", 0x38, Ro, 0, "frames dropped by the destination address filter"),
            r("RX_DROP_LENGTH", 0x40, Ro, 0, "frames dropped for being shorter than 14 bytes or longer than MAX_FRAME"),
            r("RX_DROP_NO_BUF", 0x48, Ro, 0, "frames dropped because no receive buffer was posted"),
            r("RX_DROP_OVERRUN", 0x50, Ro, 0, "frames dropped because the receive FIFO was full"),
            r("RX_LEN_ERR", 0x58, Ro, 0, "frames larger than the posted buffer (completed with LOC_LEN_ERR)"),
            r("TX_ERR", 0x60, Ro, 0, "send work requests completed in error"),
            r("DMA_RD_ERR", 0x68, Ro, 0, "DMA reads refused by the host"),
            r("DMA_WR_ERR", 0x70, Ro, 0, "DMA writes refused by the host"),
            r("BAD_REG", 0x78, Ro, 0, "register accesses that hit no register"),
            r("DOORBELL_ERR", 0x80, Ro, 0, "doorbells that posted more entries than the ring holds"),
            r("EVENTS", 0x88, Ro, 0, "events written"),
            r("IRQS", 0x90, Ro, 0, "interrupts raised"),
            r("FW_MSGS", 0x98, Ro, 0, "mailbox requests passed to the firmware"),
            r("RX_EXCEPTION", 0xa0, Ro, 0, "received frames passed to the firmware"),
            r("RX_DROP_EXCEPTION", 0xa8, Ro, 0, "exception frames dropped: longer than FW_FRAME_MAX, or the firmware's buffer was full"),
            r("TX_FW_FRAMES", 0xb0, Ro, 0, "frames the firmware sent"),
            r("TCP_RX_SEGS", 0xb8, Ro, 0, "TCP segments to the port's address taken by the TCP engine"),
            r("TCP_RX_BAD_CSUM", 0xc0, Ro, 0, "TCP segments dropped for a bad IPv4 or TCP checksum (or a MAC error)"),
            r("TCP_RX_DROP", 0xc8, Ro, 0, "TCP segments dropped by the engine: unacceptable, for an aborted connection, no free connection id, or its queue full"),
            r("TCP_RST_SENT", 0xd0, Ro, 0, "RSTs the engine sent in answer to segments for no connection or bad ACKs"),
            r("TCP_TX_SEGS", 0xd8, Ro, 0, "segments the TCP engine sent"),
            r("TCP_CPL_BAD", 0xe0, Ro, 0, "CPL messages the TCP engine refused (unknown opcode, bad length, unknown id or wrong state), and stream doorbells it lost or that named no connection"),
        ],
        array: None,
    },
    Block {
        name: "TCP",
        base: 0x8000,
        type_id: 0x574e_0030,
        version: 0x0001_0000,
        doc: "TCP stream doorbells, one pair per connection id (tid): the host tells the engine how far it has written into the stream's send buffer and how far it has read from its receive buffer. Values are stream offsets: bytes since the stream's first byte, modulo 2^32. COUNT is the number of connection ids.",
        regs: TCP_REGS,
        array: Some(RegArray {
            base: 0x40,
            stride: 0x08,
            regs: TCP_DB_REGS,
        }),
    },
    Block {
        name: "RDMA",
        base: 0xb000,
        type_id: 0x574e_0040,
        version: 0x0001_0000,
        doc: "RDMA control: memory regions and queue pairs. Write the arguments into ARG, then an rdma_cmd into OP; STATUS tells when it is done and how.",
        regs: &[
            r("OP", 0x10, Wo, 0, "write an rdma_cmd to run it with the ARG words (ignored while BUSY)"),
            r("STATUS", 0x14, Ro, 0, "bit 0 BUSY, 15:8 rdma_cmd_status of the last command"),
            r("NUM_QP", 0x18, Ro, 0, "number of queue pairs"),
            r("NUM_MR", 0x1c, Ro, 0, "number of memory-region table entries"),
            r("ARG", 0x40, Rw, 0, "argument words 0..=15 at 0x40 + 4*i"),
            r("RSP", 0x80, Ro, 0, "result words 0..=3 at 0x80 + 4*i"),
        ],
        array: None,
    },
    Block {
        name: "QP",
        base: 0xc000,
        type_id: 0x574e_0041,
        version: 0x0001_0000,
        doc: "Queue-pair doorbells, one pair per QP: the producer index of its send and receive rings (free-running, 15:0).",
        regs: ARRAY_HEADER,
        array: Some(RegArray {
            base: 0x40,
            stride: 0x08,
            regs: QP_DB_REGS,
        }),
    },
];
