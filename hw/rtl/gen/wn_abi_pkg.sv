// generated from abi/src/spec.rs by `cargo xtask gen`; do not edit
//
// wn_abi_pkg: warpnic's hardware/software interface for the RTL: constants,
// protocol codes, the BAR0 register map, descriptor layouts (little-endian,
// byte 0 in bits 7:0) and wire headers (big-endian) with pack/unpack
// functions, the commands' argument and result words, and the bundles of
// the RTL's internal ports. Refer to items as wn_abi_pkg::NAME (no wildcard
// import).
// docs/abi.md is the readable reference.

// A design uses a subset of these constants, and field names follow the
// description (CQE `queue` is also a C++ word): waive both checks here.
// verilator lint_off UNUSEDPARAM
// verilator lint_off SYMRSVDWORD

package wn_abi_pkg;

  // Hash of the ABI description; the ID block's BUILD_ID register reads it.
  localparam logic [31:0] BUILD_ID = 32'h247b_779e;

  // ---------------------------------------------------------------- constants
  localparam int unsigned ABI_VERSION = 32'h0001_0000;  // ABI version: major 31:16, minor 15:0
  localparam int unsigned BAR0_SIZE = 32'h0001_0000;  // bytes of BAR0
  localparam int unsigned DATA_WIDTH = 32'h0000_0200;  // datapath width in bits
  localparam int unsigned CLOCK_MHZ = 32'h0000_00fa;  // flagship core clock
  localparam int unsigned MAX_FRAME = 32'h0000_233a;  // largest Ethernet frame including FCS, bytes
  localparam int unsigned MIN_FRAME = 32'h0000_003c;  // smallest Ethernet frame without FCS, bytes (the MAC pads shorter ones)
  localparam int unsigned MAX_LOG_QUEUE_SIZE = 32'h0000_000f;  // largest log2 ring size of any queue
  localparam int unsigned SQ_WQE_SIZE = 32'h0000_0020;  // bytes of a send-queue entry
  localparam int unsigned RQ_WQE_SIZE = 32'h0000_0020;  // bytes of a receive-queue entry
  localparam int unsigned CQE_SIZE = 32'h0000_0020;  // bytes of a completion entry
  localparam int unsigned RDMA_WQE_SIZE = 32'h0000_0080;  // bytes of an RDMA send- or receive-queue entry (a queue pair's rings)
  localparam int unsigned RDMA_MAX_SGE = 32'h0000_0004;  // scatter/gather entries of an RDMA work request
  localparam int unsigned RDMA_MAX_IRD = 32'h0000_0010;  // RDMA Read Requests a queue pair answers at once at most (its IRD): the transmit side's message log keeps that many entries for READ RESPONSEs
  localparam int unsigned RDMA_MAX_ORD = 32'h0000_0010;  // RDMA Read Requests a queue pair has outstanding at most (its ORD): the transmit side's outstanding-read queue holds that many
  localparam int unsigned RDMA_CMD_ARGS = 32'h0000_0010;  // argument words of an RDMA command (block RDMA, ARG)
  localparam int unsigned RDMA_CMD_RSP = 32'h0000_0004;  // result words of an RDMA command (block RDMA, RSP)
  localparam int unsigned EQE_SIZE = 32'h0000_0010;  // bytes of an event entry
  localparam int unsigned FW_MSG_MAX_WORDS = 32'h0000_0010;  // 32-bit words of the largest mailbox message, header included
  localparam int unsigned DMA_MAX_READ = 32'h0000_1000;  // largest single DMA read request, bytes
  localparam int unsigned BLOCK_ID = 32'h574e_0001;  // block type: identification and build ID
  localparam int unsigned BLOCK_CTRL = 32'h574e_0002;  // block type: port control and error capture
  localparam int unsigned BLOCK_MBOX = 32'h574e_0003;  // block type: firmware mailbox
  localparam int unsigned BLOCK_SQ = 32'h574e_0010;  // block type: raw send queues
  localparam int unsigned BLOCK_RQ = 32'h574e_0011;  // block type: raw receive queues
  localparam int unsigned BLOCK_CQ = 32'h574e_0012;  // block type: completion queues
  localparam int unsigned BLOCK_EQ = 32'h574e_0013;  // block type: event queues and interrupts
  localparam int unsigned BLOCK_STATS = 32'h574e_0020;  // block type: 64-bit counters
  localparam int unsigned FW_VERSION = 32'h0001_0000;  // firmware interface version
  localparam int unsigned FW_REG_ID = 32'h0000_0000;  // firmware window: reads FW_REG_ID_VALUE
  localparam int unsigned FW_REG_ID_VALUE = 32'h574e_4657;  // value of FW_REG_ID
  localparam int unsigned FW_REG_MAC_LO = 32'h0000_0004;  // firmware window: port MAC address bits 31:0 (read-write)
  localparam int unsigned FW_REG_MAC_HI = 32'h0000_0008;  // firmware window: port MAC address bits 47:32 (read-write)
  localparam int unsigned FW_REG_CYCLES_LO = 32'h0000_000c;  // firmware window: cycle counter bits 31:0 (reading latches the high half)
  localparam int unsigned FW_REG_CYCLES_HI = 32'h0000_0010;  // firmware window: cycle counter bits 63:32, as latched
  localparam int unsigned FW_REG_SCRATCH = 32'h0000_0014;  // firmware window: scratch register
  localparam int unsigned FW_REG_BUILD_ID = 32'h0000_0018;  // firmware window: the core's BUILD_ID
  localparam int unsigned FW_REG_IPV4 = 32'h0000_001c;  // firmware window: the port's IPv4 address (read-write); the core steers ICMP to it to the firmware
  localparam int unsigned FW_REG_TCP_RTO_INIT = 32'h0000_0020;  // firmware window: TCP engine, initial retransmission timeout of SYN and SYN-ACK, microseconds (RFC 6298 2.1; reset 1000000)
  localparam int unsigned FW_REG_TCP_RTO_MIN = 32'h0000_0024;  // firmware window: TCP engine, lower bound of the retransmission timeout of new connections, microseconds (reset 200000)
  localparam int unsigned FW_REG_TCP_RTO_MAX = 32'h0000_0028;  // firmware window: TCP engine, upper bound of the retransmission timeout, microseconds (reset 60000000)
  localparam int unsigned FW_REG_TCP_RETRIES = 32'h0000_002c;  // firmware window: TCP engine, 7:0 SYN and SYN-ACK retransmissions before the open fails, 15:8 retransmissions of one segment before TIMEOUT (reset 0x0f06)
  localparam int unsigned FW_REG_TCP_TIME_WAIT = 32'h0000_0030;  // firmware window: TCP engine, TIME_WAIT duration (2 MSL), microseconds (reset 60000000)
  localparam int unsigned FW_REG_TCP_TIME_US = 32'h0000_0034;  // firmware window: TCP engine, its microsecond clock (read-only)
  localparam int unsigned FW_REG_TCP_CONNS = 32'h0000_0038;  // firmware window: TCP engine, 15:0 connection ids (NumConns), 23:16 listener slots (read-only)
  localparam int unsigned FW_FRAME_MAX = 32'h0000_0800;  // largest frame (without FCS) carried between the core and the firmware, bytes
  localparam int unsigned CPL_HDR_SIZE = 32'h0000_0008;  // bytes of the common CPL message header
  localparam int unsigned CPL_TID_NONE = 32'hffff_ffff;  // a connection, active-open or server id that names nothing
  localparam int unsigned CPL_MAX_LEN = 32'h0000_fff8;  // largest CPL message in bytes (header, body and payload; a multiple of 8)
  localparam int unsigned CPL_TX_CREDITS = 32'h0004_0000;  // send credits of a new connection, bytes

  // ---------------------------------------------------------------- enums

  // Send-queue work request operation (warpnic)
  typedef enum logic [7:0] {
    WQE_OPCODE_NOP = 8'h00,  // no operation; completes without sending
    WQE_OPCODE_RAW_SEND = 8'h01  // send one Ethernet frame (without FCS) from host memory
  } wqe_opcode_e;

  // RDMA send-queue work request operation (warpnic (RFC 5040, RFC 7306))
  typedef enum logic [7:0] {
    RDMA_WQE_OPCODE_RDMA_WRITE = 8'h10,  // RDMA Write of the gather list to rkey/remote_addr
    RDMA_WQE_OPCODE_RDMA_WRITE_IMM = 8'h11,  // RDMA Write, then an Immediate Data message with imm (RFC 7306 write with immediate data)
    RDMA_WQE_OPCODE_SEND = 8'h12,  // Send of the gather list (SOLICITED: Send with Solicited Event)
    RDMA_WQE_OPCODE_SEND_INV = 8'h13,  // Send with Invalidate of inv_stag
    RDMA_WQE_OPCODE_RDMA_READ = 8'h14,  // RDMA Read Request: rkey/remote_addr to the local sink (one entry: lkey/addr/len; the sink must allow REMOTE_WRITE)
    RDMA_WQE_OPCODE_IMM_DATA = 8'h15,  // Immediate Data message with imm (RFC 7306)
    RDMA_WQE_OPCODE_LOCAL_INV = 8'h16,  // invalidate the local fast-register region inv_stag (of the QP's PD); runs once the QP's earlier messages are acknowledged
    RDMA_WQE_OPCODE_FAST_REG = 8'h17  // fast-register (layout rdma_sq_wqe_fr): make a FAST_REG region of the QP's PD valid with a new key, rights, base, length and IOVA; runs once the earlier messages are acknowledged
  } rdma_wqe_opcode_e;

  // Send-queue work request flags (warpnic)
  localparam logic [7:0] WQE_FLAGS_SIGNALED = 8'h01;  // write a CQE on success (errors always complete)
  localparam logic [7:0] WQE_FLAGS_SOLICITED = 8'h02;  // RDMA: Send or Immediate Data with Solicited Event

  // Operation a completion reports (warpnic)
  typedef enum logic [7:0] {
    CQE_OPCODE_SEND = 8'h01,  // a send-queue work request completed
    CQE_OPCODE_RECV = 8'h02,  // a receive buffer was filled (or failed)
    CQE_OPCODE_NOP = 8'h03,  // a NOP work request completed
    CQE_OPCODE_TCP_TX_ACKED = 8'h10,  // the peer acknowledged stream bytes: queue = tid, wr_id = the stream offset acknowledged (send buffer space up to it is free), byte_len = bytes newly acknowledged
    CQE_OPCODE_TCP_RX = 8'h11,  // stream bytes are in the receive buffer: queue = tid, wr_id = the stream offset after them, byte_len = bytes
    CQE_OPCODE_RDMA_RECV = 8'h20,  // a Send (any variant) filled an RDMA receive work request: queue = QP, byte_len = the message's bytes; flags tell SE and an invalidated STag
    CQE_OPCODE_RDMA_RECV_IMM = 8'h21,  // an Immediate Data message (RFC 7306) consumed an RDMA receive work request: queue = QP, the 8 bytes in imm
    CQE_OPCODE_RDMA_SEND = 8'h22,  // a SEND or SEND_INV work request completed (the peer acknowledged its last byte)
    CQE_OPCODE_RDMA_WRITE = 8'h23,  // an RDMA_WRITE or RDMA_WRITE_IMM work request completed (acknowledged)
    CQE_OPCODE_RDMA_READ = 8'h24,  // an RDMA_READ work request completed: the READ RESPONSE's last byte is placed
    CQE_OPCODE_RDMA_IMM = 8'h25,  // an IMM_DATA work request completed (acknowledged)
    CQE_OPCODE_LOCAL_INV = 8'h26,  // a LOCAL_INV work request completed
    CQE_OPCODE_FAST_REG = 8'h27  // a FAST_REG work request completed
  } cqe_opcode_e;

  // Completion status; also the error code of a queue in ERROR (warpnic)
  typedef enum logic [7:0] {
    CQE_STATUS_SUCCESS = 8'h00,  // completed
    CQE_STATUS_LOC_LEN_ERR = 8'h01,  // length of zero or above MAX_FRAME (send), or a frame larger than the buffer (receive)
    CQE_STATUS_LOC_PROT_ERR = 8'h02,  // a DMA read or write of the buffer was refused by the IOMMU
    CQE_STATUS_WQE_FETCH_ERR = 8'h03,  // the work queue entry could not be read by DMA
    CQE_STATUS_BAD_OPCODE = 8'h04,  // unknown work request opcode
    CQE_STATUS_DOORBELL_ERR = 8'h05,  // the doorbell posted more entries than the ring holds
    CQE_STATUS_FLUSHED = 8'h06,  // the work request was flushed because the queue is in error
    CQE_STATUS_CQ_OVERFLOW = 8'h07,  // the completion queue was full
    CQE_STATUS_CQ_ERR = 8'h08,  // the completion queue is disabled or in error
    CQE_STATUS_REM_ACCESS_ERR = 8'h09  // the peer's message violated the QP's rules (it was answered with TERMINATE): the work request is lost with the QP
  } cqe_status_e;

  // State of a work, completion or event queue (warpnic)
  typedef enum logic [7:0] {
    QUEUE_STATE_RESET = 8'h00,  // disabled; pointers at zero
    QUEUE_STATE_READY = 8'h01,  // enabled and processing
    QUEUE_STATE_ERROR = 8'h02  // stopped by an error; write CTRL=0 then re-enable
  } queue_state_e;

  // Event type (warpnic)
  typedef enum logic [7:0] {
    EQE_TYPE_CQ_COMPLETION = 8'h01,  // an armed CQ received a CQE; source = CQ number
    EQE_TYPE_SQ_ERROR = 8'h02,  // a send queue entered ERROR; source = SQ, data = cqe_status
    EQE_TYPE_RQ_ERROR = 8'h03,  // a receive queue entered ERROR; source = RQ, data = cqe_status
    EQE_TYPE_CQ_ERROR = 8'h04,  // a completion queue entered ERROR; source = CQ, data = cqe_status
    EQE_TYPE_FW_RESPONSE = 8'h05,  // the firmware mailbox holds a response
    EQE_TYPE_QP_ERROR = 8'h06,  // a queue pair entered ERROR (posted to EQ 0); source = QP, data = qp_error_info
    EQE_TYPE_SQ_DRAINED = 8'h07  // a queue pair in SQD has no send work request in progress: every one taken before the drain completed, no RDMA Read outstanding (posted to EQ 0, once per entry into SQD; IBV_EVENT_SQ_DRAINED); source = QP
  } eqe_type_e;

  // Flags of an RDMA completion (cqe.flags) (warpnic)
  localparam logic [7:0] CQE_FLAGS_SE = 8'h01;  // the Send or Immediate Data asked for a solicited event
  localparam logic [7:0] CQE_FLAGS_INV = 8'h02;  // a Send with Invalidate invalidated the STag in imm bits 31:0
  localparam logic [7:0] CQE_FLAGS_IMM = 8'h04;  // imm holds the 8 bytes of RFC 7306 Immediate Data (byte 0 in bits 63:56)

  // State of an RDMA queue pair (warpnic (verbs, RFC 5040 §6))
  typedef enum logic [7:0] {
    QP_STATE_RESET = 8'h00,  // no connection; nothing is received or sent, contexts cleared
    QP_STATE_INIT = 8'h01,  // attributes set, receive work requests may be posted
    QP_STATE_RTR = 8'h02,  // ready to receive: bound to its connection, FPDUs are placed
    QP_STATE_RTS = 8'h03,  // ready to send and receive
    QP_STATE_SQD = 8'h04,  // send queue drained; receiving goes on
    QP_STATE_SQE = 8'h05,  // send queue error; receiving goes on
    QP_STATE_ERROR = 8'h06  // stopped: a TERMINATE was sent or received, or the stream failed; posted work requests complete as FLUSHED
  } qp_state_e;

  // Access rights of a memory region (RDMA command MR_REG) (warpnic (verbs access flags, RFC 5040 §8))
  localparam logic [7:0] MR_ACCESS_LOCAL_WRITE = 8'h01;  // the NIC may write the region for the local QP (receive buffers, READ sinks)
  localparam logic [7:0] MR_ACCESS_REMOTE_READ = 8'h02;  // a peer may READ from the region
  localparam logic [7:0] MR_ACCESS_REMOTE_WRITE = 8'h04;  // a peer may WRITE into the region (needs LOCAL_WRITE)
  localparam logic [7:0] MR_ACCESS_FAST_REG = 8'h08;  // allocated for fast-register work requests: starts INVALID, may be invalidated locally or remotely

  // Commands of the RDMA block: write the arguments into ARG, then the command into OP (warpnic (docs/iwarp.md))
  typedef enum logic [7:0] {
    RDMA_CMD_MR_REG = 8'h01,  // register a region (arguments rdma_mr_reg_args)
    RDMA_CMD_MR_DEREG = 8'h02,  // free a region (arguments rdma_stag_args)
    RDMA_CMD_MR_INV = 8'h03,  // invalidate a fast-register region (arguments rdma_mr_inv_args)
    RDMA_CMD_QP_MODIFY = 8'h04,  // change a QP's state, and on RESET to INIT set its attributes (arguments rdma_qp_modify_args)
    RDMA_CMD_QP_QUERY = 8'h05  // read a QP's state and counters (arguments rdma_qp_args, result rdma_qp_query_rsp)
  } rdma_cmd_e;

  // Result of an RDMA command (block RDMA, STATUS 15:8) (warpnic (docs/iwarp.md))
  typedef enum logic [7:0] {
    RDMA_CMD_STATUS_OK = 8'h00,  // done
    RDMA_CMD_STATUS_BAD_STAG = 8'h01,  // STag index out of range, no region, or key mismatch
    RDMA_CMD_STATUS_PD_MISMATCH = 8'h02,  // the region belongs to another protection domain
    RDMA_CMD_STATUS_NOT_ALLOWED = 8'h03,  // not a fast-register region
    RDMA_CMD_STATUS_MR_STATE = 8'h04,  // the region is in the wrong state for the command
    RDMA_CMD_STATUS_BAD_ARG = 8'h05,  // a length, base or right the table cannot take (REMOTE_WRITE without LOCAL_WRITE, base + length past 2^64)
    RDMA_CMD_STATUS_BAD_QP = 8'h06,  // QP number out of range
    RDMA_CMD_STATUS_BAD_TRANSITION = 8'h07,  // the QP cannot go from its state to the one asked, or attributes outside RESET to INIT
    RDMA_CMD_STATUS_BAD_CMD = 8'h08  // unknown command
  } rdma_cmd_status_e;

  // Bits of the CTRL block's CONTROL register (warpnic)
  localparam logic [31:0] CTRL_FLAGS_TX_ENABLE = 32'h0000_0001;  // the transmit path runs
  localparam logic [31:0] CTRL_FLAGS_RX_ENABLE = 32'h0000_0002;  // the receive path accepts frames

  // Bits of the CTRL block's EXC_FILTER register: received frames steered to the firmware instead of a receive queue (warpnic)
  localparam logic [31:0] EXC_FILTER_ARP = 32'h0000_0001;  // every ARP frame the address filter accepts
  localparam logic [31:0] EXC_FILTER_ICMP = 32'h0000_0002;  // IPv4 ICMP addressed to the port's IPv4 address

  // Bits of the CTRL block's RX_FILTER register (warpnic)
  localparam logic [31:0] RX_FILTER_PROMISC = 32'h0000_0001;  // accept every destination address
  localparam logic [31:0] RX_FILTER_BROADCAST = 32'h0000_0002;  // accept ff:ff:ff:ff:ff:ff
  localparam logic [31:0] RX_FILTER_MULTICAST = 32'h0000_0004;  // accept group addresses

  // Firmware mailbox command (warpnic)
  typedef enum logic [7:0] {
    FW_OPCODE_NOP = 8'h00,  // answer with an empty response
    FW_OPCODE_GET_VERSION = 8'h01,  // answer FW_VERSION, the build ID and the MAC address
    FW_OPCODE_SET_MAC = 8'h02,  // set the port's unicast MAC address (arguments fw_mac)
    FW_OPCODE_GET_MAC = 8'h03,  // answer the port's MAC address
    FW_OPCODE_SET_IPV4 = 8'h04,  // set the port's IPv4 address and prefix length (arguments fw_ipv4)
    FW_OPCODE_GET_IPV4 = 8'h05,  // answer the port's IPv4 address and prefix length
    FW_OPCODE_ARP_RESOLVE = 8'h06,  // resolve an IPv4 address to its next hop's MAC address (arguments fw_arp_resolve_args, result fw_arp_resolve_rsp)
    FW_OPCODE_TCP_CONFIG = 8'h10,  // host to firmware: read (no arguments, result fw_tcp_timing) or write (arguments fw_tcp_config_args) the TCP engine's timing
    FW_OPCODE_TCP_LISTEN = 8'h11,  // host to firmware: start a listener
    FW_OPCODE_TCP_UNLISTEN = 8'h12,  // host to firmware: stop a listener
    FW_OPCODE_TCP_CONNECT = 8'h13,  // host to firmware: open a connection
    FW_OPCODE_TCP_CLOSE = 8'h14,  // host to firmware: close a connection gracefully (FIN)
    FW_OPCODE_TCP_ABORT = 8'h15,  // host to firmware: reset a connection (RST)
    FW_OPCODE_TCP_EVENT = 8'h16,  // host to firmware: take the next connection event, if any
    FW_OPCODE_TCP_TCB = 8'h17,  // host to firmware: read or write one TCB field of a connection (SET_TCB_FIELD)
    FW_OPCODE_FRAME_RX = 8'h80,  // core to firmware: an exception-path frame; header len 0, word 1 its length in bytes, then the frame, 4 bytes per word, byte 0 in bits 7:0
    FW_OPCODE_FRAME_TX = 8'h81,  // firmware to core: a frame to send, in the FRAME_RX format
    FW_OPCODE_CPL = 8'h82  // both ways between the core's TCP engine and the firmware: a CPL message; header len = words including it (at most 255), words 1.. the message, 4 bytes per word, byte 0 in bits 7:0
  } fw_opcode_e;

  // Firmware mailbox response status (warpnic)
  typedef enum logic [7:0] {
    FW_STATUS_OK = 8'h00,  // done
    FW_STATUS_BAD_OPCODE = 8'h01,  // unknown command
    FW_STATUS_BAD_LENGTH = 8'h02,  // the message is shorter or longer than the command needs
    FW_STATUS_BAD_ARGUMENT = 8'h03  // an argument is out of range (e.g. a group or zero MAC address)
  } fw_status_e;

  // What ARP_RESOLVE found for an address (warpnic (RFC 826, RFC 1122 §2.3.2))
  typedef enum logic [7:0] {
    ARP_STATE_RESOLVED = 8'h00,  // the next hop's MAC address is known
    ARP_STATE_PENDING = 8'h01,  // a resolution runs (ARP requests go out); ask again
    ARP_STATE_NO_ROUTE = 8'h02,  // off link and no gateway
    ARP_STATE_INVALID = 8'h03,  // the port's own address, or not a unicast host address
    ARP_STATE_NO_RESOURCES = 8'h04,  // the neighbour table is full
    ARP_STATE_NO_ADDRESS = 8'h05  // the port has no IPv4 address yet
  } arp_state_e;

  // EtherType values (IEEE 802.3, IANA)
  typedef enum logic [15:0] {
    ETHER_TYPE_IPV4 = 16'h0800,  // Internet Protocol version 4
    ETHER_TYPE_ARP = 16'h0806,  // Address Resolution Protocol
    ETHER_TYPE_VLAN = 16'h8100,  // IEEE 802.1Q tag
    ETHER_TYPE_IPV6 = 16'h86dd  // Internet Protocol version 6
  } ether_type_e;

  // IPv4 protocol numbers (IANA)
  typedef enum logic [7:0] {
    IP_PROTOCOL_ICMP = 8'h01,  // ICMP
    IP_PROTOCOL_TCP = 8'h06,  // TCP
    IP_PROTOCOL_UDP = 8'h11  // UDP
  } ip_protocol_e;

  // ARP operation (RFC 826)
  typedef enum logic [15:0] {
    ARP_OPER_REQUEST = 16'h0001,  // request
    ARP_OPER_REPLY = 16'h0002  // reply
  } arp_oper_e;

  // TCP control bits (RFC 9293 §3.1)
  localparam logic [7:0] TCP_FLAGS_FIN = 8'h01;  // no more data from sender
  localparam logic [7:0] TCP_FLAGS_SYN = 8'h02;  // synchronize sequence numbers
  localparam logic [7:0] TCP_FLAGS_RST = 8'h04;  // reset the connection
  localparam logic [7:0] TCP_FLAGS_PSH = 8'h08;  // push function
  localparam logic [7:0] TCP_FLAGS_ACK = 8'h10;  // acknowledgment field is significant
  localparam logic [7:0] TCP_FLAGS_URG = 8'h20;  // urgent pointer field is significant
  localparam logic [7:0] TCP_FLAGS_ECE = 8'h40;  // ECN echo
  localparam logic [7:0] TCP_FLAGS_CWR = 8'h80;  // congestion window reduced

  // Flags byte of an MPA request or reply frame (RFC 5044 §7.1; RFC 6581, enhanced MPA frames)
  localparam logic [7:0] MPA_FLAGS_MARKERS = 8'h80;  // M: markers requested/required
  localparam logic [7:0] MPA_FLAGS_CRC = 8'h40;  // C: CRC requested/required
  localparam logic [7:0] MPA_FLAGS_REJECT = 8'h20;  // R: the connection is rejected
  localparam logic [7:0] MPA_FLAGS_ENHANCED = 8'h10;  // RFC 6581 enhanced connection setup (revision 2)

  // RDMAP message opcode. 0x8 and 0x9 are reserved (RFC 7306); an RDMA Write with Immediate Data is an RDMA Write followed by an Immediate Data message (RFC 5040 §4.2; RFC 7306, RDMAP opcodes)
  typedef enum logic [3:0] {
    RDMAP_OPCODE_RDMA_WRITE = 4'h0,  // RDMA Write (tagged)
    RDMAP_OPCODE_RDMA_READ_REQUEST = 4'h1,  // RDMA Read Request (untagged, queue 1)
    RDMAP_OPCODE_RDMA_READ_RESPONSE = 4'h2,  // RDMA Read Response (tagged)
    RDMAP_OPCODE_SEND = 4'h3,  // Send (untagged, queue 0)
    RDMAP_OPCODE_SEND_INVALIDATE = 4'h4,  // Send with Invalidate
    RDMAP_OPCODE_SEND_SE = 4'h5,  // Send with Solicited Event
    RDMAP_OPCODE_SEND_SE_INVALIDATE = 4'h6,  // Send with Solicited Event and Invalidate
    RDMAP_OPCODE_TERMINATE = 4'h7,  // Terminate (untagged, queue 2)
    RDMAP_OPCODE_ATOMIC_REQUEST = 4'ha,  // RFC 7306 Atomic Request
    RDMAP_OPCODE_ATOMIC_RESPONSE = 4'hb,  // RFC 7306 Atomic Response
    RDMAP_OPCODE_IMMEDIATE_DATA = 4'hc,  // RFC 7306 Immediate Data (untagged, queue 0, 8 bytes)
    RDMAP_OPCODE_IMMEDIATE_DATA_SE = 4'hd  // RFC 7306 Immediate Data with Solicited Event
  } rdmap_opcode_e;

  // Queue number (QN) of an untagged DDP segment as RDMAP uses it (RFC 5040 §4.2, RFC 5041 §5.3)
  typedef enum logic [31:0] {
    DDP_QUEUE_SEND = 32'h0000_0000,  // Send, Send with Invalidate/Solicited Event, Immediate Data
    DDP_QUEUE_RDMA_READ_REQUEST = 32'h0000_0001,  // RDMA Read Request
    DDP_QUEUE_TERMINATE = 32'h0000_0002  // Terminate
  } ddp_queue_e;

  // RFC 6581 peer-to-peer ready-to-receive (RTR) message types, one bit each, as a set (the layout mpa_v2_ird_ord places them in the IRD and ORD words) (RFC 6581, IRD/ORD control bits)
  localparam logic [3:0] MPA_RTR_SEND = 4'h1;  // zero-length Send (FPDU) as RTR: IRD word bit 14
  localparam logic [3:0] MPA_RTR_WRITE = 4'h2;  // zero-length RDMA Write as RTR: ORD word bit 15
  localparam logic [3:0] MPA_RTR_READ = 4'h4;  // zero-length RDMA Read Request as RTR: ORD word bit 14

  // Layer that detected the error (RFC 5040 §8 (Terminate Control Field))
  typedef enum logic [3:0] {
    TERM_LAYER_RDMAP = 4'h0,  // RDMAP layer
    TERM_LAYER_DDP = 4'h1,  // DDP layer
    TERM_LAYER_LLP = 4'h2  // lower layer (MPA/TCP)
  } term_layer_e;

  // Terminate error type for layer RDMAP (RFC 5040 §8)
  typedef enum logic [3:0] {
    TERM_ETYPE_RDMAP_LOCAL_CATASTROPHIC = 4'h0,  // local catastrophic error
    TERM_ETYPE_RDMAP_REMOTE_PROTECTION = 4'h1,  // remote protection error
    TERM_ETYPE_RDMAP_REMOTE_OPERATION = 4'h2  // remote operation error
  } term_etype_rdmap_e;

  // Terminate error type for layer DDP (RFC 5041 §7)
  typedef enum logic [3:0] {
    TERM_ETYPE_DDP_LOCAL_CATASTROPHIC = 4'h0,  // local catastrophic error
    TERM_ETYPE_DDP_TAGGED_BUFFER = 4'h1,  // tagged buffer error
    TERM_ETYPE_DDP_UNTAGGED_BUFFER = 4'h2,  // untagged buffer error
    TERM_ETYPE_DDP_RSVD = 4'h3  // reserved for use by an LLP
  } term_etype_ddp_e;

  // Terminate error type for layer LLP (MPA) (RFC 5044 §8)
  typedef enum logic [3:0] {
    TERM_ETYPE_LLP_MPA = 4'h0  // MPA error
  } term_etype_llp_e;

  // Terminate error codes of layer RDMAP (RFC 5040 §8)
  typedef enum logic [7:0] {
    TERM_ECODE_RDMAP_INVALID_STAG = 8'h00,  // invalid STag (remote protection)
    TERM_ECODE_RDMAP_BASE_BOUNDS = 8'h01,  // base or bounds violation
    TERM_ECODE_RDMAP_ACCESS_RIGHTS = 8'h02,  // access rights violation
    TERM_ECODE_RDMAP_STAG_NOT_ASSOC = 8'h03,  // STag not associated with RDMAP stream
    TERM_ECODE_RDMAP_TO_WRAP = 8'h04,  // tagged offset wrap
    TERM_ECODE_RDMAP_INVALID_RDMAP_VERSION = 8'h05,  // invalid RDMAP version (remote operation)
    TERM_ECODE_RDMAP_UNEXPECTED_OPCODE = 8'h06,  // unexpected opcode
    TERM_ECODE_RDMAP_CATASTROPHIC_STREAM = 8'h07,  // catastrophic error, localized to RDMAP stream
    TERM_ECODE_RDMAP_CATASTROPHIC_GLOBAL = 8'h08,  // catastrophic error, global
    TERM_ECODE_RDMAP_CANT_INVALIDATE = 8'h09,  // STag cannot be invalidated
    TERM_ECODE_RDMAP_UNSPECIFIED = 8'hff  // unspecified error
  } term_ecode_rdmap_e;

  // Terminate error codes of layer DDP, error type TAGGED_BUFFER (RFC 5041 §7)
  typedef enum logic [7:0] {
    TERM_ECODE_DDP_TAGGED_INVALID_STAG = 8'h00,  // invalid STag
    TERM_ECODE_DDP_TAGGED_BASE_BOUNDS = 8'h01,  // base or bounds violation
    TERM_ECODE_DDP_TAGGED_STAG_NOT_ASSOC = 8'h02,  // STag not associated with DDP stream
    TERM_ECODE_DDP_TAGGED_TO_WRAP = 8'h03,  // TO wrap
    TERM_ECODE_DDP_TAGGED_INVALID_DDP_VERSION = 8'h04  // invalid DDP version
  } term_ecode_ddp_tagged_e;

  // Terminate error codes of layer DDP, error type UNTAGGED_BUFFER (RFC 5041 §7)
  typedef enum logic [7:0] {
    TERM_ECODE_DDP_UNTAGGED_INVALID_QN = 8'h01,  // invalid QN
    TERM_ECODE_DDP_UNTAGGED_INVALID_MSN_NO_BUFFER = 8'h02,  // invalid MSN, no buffer available
    TERM_ECODE_DDP_UNTAGGED_INVALID_MSN_RANGE = 8'h03,  // invalid MSN, MSN range is not valid
    TERM_ECODE_DDP_UNTAGGED_INVALID_MO = 8'h04,  // invalid MO
    TERM_ECODE_DDP_UNTAGGED_MSG_TOO_LONG = 8'h05,  // DDP message too long for available buffer
    TERM_ECODE_DDP_UNTAGGED_INVALID_DDP_VERSION = 8'h06  // invalid DDP version
  } term_ecode_ddp_untagged_e;

  // Terminate error codes of layer LLP (MPA) (RFC 5044 §8, RFC 6581)
  typedef enum logic [7:0] {
    TERM_ECODE_LLP_TCP_CONNECTION_LOST = 8'h01,  // TCP connection closed, terminated or lost
    TERM_ECODE_LLP_CRC_ERROR = 8'h02,  // MPA CRC error
    TERM_ECODE_LLP_MARKER_ERROR = 8'h03,  // MPA marker and ULPDU length field mismatch
    TERM_ECODE_LLP_UNEXPECTED_REQUEST = 8'h04,  // invalid or unexpected MPA request or reply frame
    TERM_ECODE_LLP_LOCAL_CATASTROPHIC = 8'h05,  // local catastrophic error (RFC 6581)
    TERM_ECODE_LLP_INSUFFICIENT_IRD = 8'h06,  // insufficient IRD resources (RFC 6581)
    TERM_ECODE_LLP_NO_MATCHING_RTR = 8'h07  // no matching RTR option (RFC 6581)
  } term_ecode_llp_e;

  // CPL control message opcode (byte 0 of the CPL header) (warpnic (docs/cpl.md))
  typedef enum logic [7:0] {
    CPL_OPCODE_ACT_OPEN_REQ = 8'h01,  // control plane to hardware: open a connection (send SYN); id = atid
    CPL_OPCODE_ACT_OPEN_RPL = 8'h02,  // hardware to control plane: the active open failed; id = atid
    CPL_OPCODE_ACT_ESTABLISH = 8'h03,  // hardware to control plane: the active open completed (SYN-ACK answered); id = tid
    CPL_OPCODE_PASS_OPEN_REQ = 8'h04,  // control plane to hardware: start a listener; id = stid
    CPL_OPCODE_PASS_OPEN_RPL = 8'h05,  // hardware to control plane: the listener is (or is not) running; id = stid
    CPL_OPCODE_PASS_ACCEPT_REQ = 8'h06,  // hardware to control plane: a SYN arrived for a listener; id = tid of the embryonic connection
    CPL_OPCODE_PASS_ACCEPT_RPL = 8'h07,  // control plane to hardware: accept (send SYN-ACK) or refuse the SYN; id = tid
    CPL_OPCODE_PASS_ESTABLISH = 8'h08,  // hardware to control plane: the final ACK of a passive open arrived; id = tid
    CPL_OPCODE_CLOSE_LISTSRV_REQ = 8'h09,  // control plane to hardware: stop a listener (no body); id = stid
    CPL_OPCODE_CLOSE_LISTSRV_RPL = 8'h0a,  // hardware to control plane: the listener is stopped; id = stid
    CPL_OPCODE_TX_DATA = 8'h10,  // control plane to hardware: send streaming data; id = tid
    CPL_OPCODE_TX_DATA_ACK = 8'h11,  // hardware to control plane: the peer acknowledged sent data, credits return; id = tid
    CPL_OPCODE_RX_DATA = 8'h12,  // hardware to control plane: streaming data received in order; id = tid
    CPL_OPCODE_RX_DATA_ACK = 8'h13,  // control plane to hardware: received data consumed, reopen the window; id = tid
    CPL_OPCODE_CLOSE_CON_REQ = 8'h18,  // control plane to hardware: send FIN after the queued data (no body); id = tid
    CPL_OPCODE_CLOSE_CON_RPL = 8'h19,  // hardware to control plane: our FIN was acknowledged; id = tid
    CPL_OPCODE_PEER_CLOSE = 8'h1a,  // hardware to control plane: the peer sent FIN; id = tid
    CPL_OPCODE_ABORT_REQ = 8'h1b,  // either direction: reset the connection (to hardware) or it was reset (to control plane); id = tid
    CPL_OPCODE_ABORT_RPL = 8'h1c,  // either direction: answer to ABORT_REQ; the tid is free afterwards; id = tid
    CPL_OPCODE_SET_TCB_FIELD = 8'h20,  // control plane to hardware: read-modify-write one TCB field; id = tid
    CPL_OPCODE_SET_TCB_RPL = 8'h21,  // hardware to control plane: answer to SET_TCB_FIELD; id = tid
    CPL_OPCODE_RDMA_TERMINATE = 8'h28  // either direction: an RDMAP Terminate was received (to control plane) or must be sent (to hardware); id = tid
  } cpl_opcode_e;

  // Flags of the CPL header (warpnic (docs/cpl.md))
  localparam logic [7:0] CPL_FLAGS_NO_REPLY = 8'h01;  // the receiver sends no reply message (SET_TCB_FIELD, RX_DATA_ACK, ABORT_REQ)

  // Status of a CPL reply, or reason of an abort (warpnic (docs/cpl.md))
  typedef enum logic [7:0] {
    CPL_STATUS_SUCCESS = 8'h00,  // done
    CPL_STATUS_CONN_REFUSED = 8'h01,  // the peer answered the SYN with RST (or the control plane refused a SYN)
    CPL_STATUS_TIMEOUT = 8'h02,  // SYN or data retransmissions exhausted without an answer
    CPL_STATUS_NO_RESOURCES = 8'h03,  // no free connection, listener or TCB entry
    CPL_STATUS_ADDR_IN_USE = 8'h04,  // the 4-tuple or the listening address and port is already in use
    CPL_STATUS_BAD_ARGUMENT = 8'h05,  // a field is out of range, or a read-only TCB field was written
    CPL_STATUS_CONN_RESET = 8'h06,  // the peer reset an established connection
    CPL_STATUS_KEEPALIVE_TIMEOUT = 8'h07,  // keepalive probes went unanswered
    CPL_STATUS_BAD_ID = 8'h08,  // the message's id names no connection or listener
    CPL_STATUS_BAD_STATE = 8'h09,  // the connection is in a state that does not accept the message
    CPL_STATUS_BAD_OPCODE = 8'h0a,  // unknown opcode, or a message sent in the wrong direction
    CPL_STATUS_BAD_LENGTH = 8'h0b,  // the header's len does not match the opcode's body and payload
    CPL_STATUS_ABORTED = 8'h0c  // the operation was cancelled by an ABORT_REQ on the same id
  } cpl_status_e;

  // TCP options and behaviours requested (open messages) or negotiated (establish messages) (RFC 7323, RFC 2018, RFC 9293 §3.7.4, RFC 1122 §4.2.3.6)
  localparam logic [7:0] CPL_TCP_OPT_WSCALE = 8'h01;  // window scale option (RFC 7323 §2)
  localparam logic [7:0] CPL_TCP_OPT_SACK = 8'h02;  // SACK permitted (RFC 2018)
  localparam logic [7:0] CPL_TCP_OPT_TIMESTAMPS = 8'h04;  // timestamps option (RFC 7323 §3)
  localparam logic [7:0] CPL_TCP_OPT_NODELAY = 8'h08;  // no Nagle algorithm: send small segments at once (RFC 9293 §3.7.4)
  localparam logic [7:0] CPL_TCP_OPT_KEEPALIVE = 8'h10;  // send keepalive probes on an idle connection (RFC 1122 §4.2.3.6)
  localparam logic [7:0] CPL_TCP_OPT_ECN = 8'h20;  // explicit congestion notification (RFC 3168)

  // What the hardware does with a connection's byte stream (warpnic (docs/cpl.md))
  typedef enum logic [7:0] {
    CPL_ULP_MODE_STREAMING = 8'h00,  // plain TCP: data travels in TX_DATA and RX_DATA (MPA negotiation runs here)
    CPL_ULP_MODE_RDMA = 8'h01,  // FPDU mode: MPA framing, DDP placement and RDMAP run in hardware on the bound QP
    CPL_ULP_MODE_RDMA_RX = 8'h02  // FPDU mode for received bytes only, sent bytes still from the stream's buffer: the MPA responder from its reply until the reply is acknowledged (then RDMA)
  } cpl_ulp_mode_e;

  // Flags of a TX_DATA message (warpnic (docs/cpl.md))
  localparam logic [7:0] CPL_TX_FLAGS_PUSH = 8'h01;  // send now, ignoring Nagle, and set PSH on the last segment
  localparam logic [7:0] CPL_TX_FLAGS_MORE = 8'h02;  // more data follows at once: hold a partial last segment
  localparam logic [7:0] CPL_TX_FLAGS_SHUTDOWN = 8'h04;  // send FIN after this data (as CLOSE_CON_REQ)
  localparam logic [7:0] CPL_TX_FLAGS_INLINE = 8'h08;  // the payload follows the body in the message; addr is ignored

  // Flags of an RX_DATA_ACK message (warpnic (docs/cpl.md))
  localparam logic [7:0] CPL_RX_ACK_FLAGS_FORCE_ACK = 8'h01;  // send a window update now instead of with the next segment

  // Flags of an ABORT_REQ message (warpnic (docs/cpl.md))
  localparam logic [7:0] CPL_ABORT_FLAGS_NO_RST = 8'h01;  // free the connection without sending RST (to hardware), or no RST was sent (to control plane)

  // Where an RDMA_TERMINATE's Terminate message comes from (warpnic (docs/cpl.md))
  typedef enum logic [7:0] {
    CPL_TERM_ORIGIN_PEER = 8'h01,  // received from the peer
    CPL_TERM_ORIGIN_HARDWARE = 8'h02,  // built and sent by the hardware after an error it detected
    CPL_TERM_ORIGIN_CONTROL = 8'h03  // requested by the control plane (to hardware)
  } cpl_term_origin_e;

  // TCP connection state (RFC 9293 §3.3.2)
  typedef enum logic [7:0] {
    TCP_STATE_CLOSED = 8'h00,  // no connection
    TCP_STATE_LISTEN = 8'h01,  // waiting for a SYN
    TCP_STATE_SYN_SENT = 8'h02,  // SYN sent, waiting for SYN-ACK
    TCP_STATE_SYN_RECEIVED = 8'h03,  // SYN received and SYN-ACK sent, waiting for ACK
    TCP_STATE_ESTABLISHED = 8'h04,  // open; data flows both ways
    TCP_STATE_FIN_WAIT_1 = 8'h05,  // FIN sent, not yet acknowledged
    TCP_STATE_FIN_WAIT_2 = 8'h06,  // FIN acknowledged, waiting for the peer's FIN
    TCP_STATE_CLOSE_WAIT = 8'h07,  // peer's FIN received, ours not yet sent
    TCP_STATE_CLOSING = 8'h08,  // both FINs sent, ours not yet acknowledged
    TCP_STATE_LAST_ACK = 8'h09,  // our FIN sent after the peer's, waiting for its ACK
    TCP_STATE_TIME_WAIT = 8'h0a  // both FINs acknowledged, waiting 2*MSL
  } tcp_state_e;

  // Connection event the firmware reports to the host (TCP_EVENT) (warpnic (firmware TCP module))
  typedef enum logic [7:0] {
    TCP_EVENT_NONE = 8'h00,  // no event is waiting
    TCP_EVENT_ESTABLISHED = 8'h01,  // an active open completed
    TCP_EVENT_ACCEPTED = 8'h02,  // a listener accepted a connection (a new endpoint)
    TCP_EVENT_REFUSED = 8'h03,  // the peer answered the SYN with RST
    TCP_EVENT_TIMED_OUT = 8'h04,  // the SYN retransmissions ran out, or the connection timed out
    TCP_EVENT_UNREACHABLE = 8'h05,  // the next hop did not answer ARP
    TCP_EVENT_PEER_CLOSED = 8'h06,  // the peer's FIN arrived after all its data
    TCP_EVENT_CLOSED = 8'h07,  // our close completed; the endpoint is free
    TCP_EVENT_RESET = 8'h08,  // the peer reset the connection; the endpoint is free
    TCP_EVENT_ABORTED = 8'h09  // our abort completed; the endpoint is free
  } tcp_event_e;

  // TCB field addressed by SET_TCB_FIELD; values are right-aligned in the 64-bit value and mask (warpnic (docs/cpl.md))
  typedef enum logic [7:0] {
    TCB_FIELD_STATE = 8'h00,  // tcp_state (read-only)
    TCB_FIELD_ULP_MODE = 8'h01,  // cpl_ulp_mode; STREAMING to RDMA once the last streaming byte is queued
    TCB_FIELD_TCP_OPT = 8'h02,  // cpl_tcp_opt bits; NODELAY and KEEPALIVE are writable, the negotiated options read-only
    TCB_FIELD_MSS = 8'h03,  // effective maximum segment size, bytes
    TCB_FIELD_RCV_WND = 8'h04,  // receive window offered to the peer, bytes
    TCB_FIELD_WSCALE = 8'h05,  // window scale shifts: 3:0 send, 7:4 receive (read-only)
    TCB_FIELD_KEEPALIVE_IDLE = 8'h06,  // idle time before the first keepalive probe, microseconds
    TCB_FIELD_KEEPALIVE_INTVL = 8'h07,  // time between keepalive probes, microseconds
    TCB_FIELD_KEEPALIVE_CNT = 8'h08,  // unanswered probes before the connection aborts with KEEPALIVE_TIMEOUT
    TCB_FIELD_RTO_MIN = 8'h09,  // lower bound of the retransmission timeout, microseconds (RFC 6298)
    TCB_FIELD_RTO_MAX = 8'h0a,  // upper bound of the retransmission timeout, microseconds
    TCB_FIELD_RETX_MAX = 8'h0b,  // retransmissions of one segment before the connection aborts with TIMEOUT
    TCB_FIELD_DELACK = 8'h0c,  // delayed ACK timeout, microseconds (0: ACK every segment)
    TCB_FIELD_TOS = 8'h0d,  // IPv4 DSCP and ECN byte of sent segments
    TCB_FIELD_TTL = 8'h0e,  // IPv4 time to live of sent segments
    TCB_FIELD_SND_UNA = 8'h0f,  // oldest unacknowledged sequence number (read-only)
    TCB_FIELD_SND_NXT = 8'h10,  // next sequence number to send (read-only)
    TCB_FIELD_RCV_NXT = 8'h11,  // next sequence number expected (read-only)
    TCB_FIELD_SND_WND = 8'h12,  // peer's window, bytes, scaled (read-only)
    TCB_FIELD_CWND = 8'h13,  // congestion window, bytes (read-only)
    TCB_FIELD_SRTT = 8'h14,  // smoothed round-trip time, microseconds (read-only)
    TCB_FIELD_QPID = 8'h15,  // queue pair bound to the connection for RDMA mode
    TCB_FIELD_PEER_MAC = 8'h16,  // next-hop MAC address, 47:0
    TCB_FIELD_VLAN = 8'h17,  // 802.1Q tag control information of sent frames (0: untagged)
    TCB_FIELD_TX_CREDITS = 8'h18,  // send credits: TX_DATA bytes that may await acknowledgment (starts at CPL_TX_CREDITS)
    TCB_FIELD_TX_BUF_ADDR = 8'h19,  // IOVA of the stream's circular send buffer in host memory
    TCB_FIELD_TX_BUF_LOG = 8'h1a,  // log2 of the send buffer's size in bytes (12..=30; 0: no buffer)
    TCB_FIELD_RX_BUF_ADDR = 8'h1b,  // IOVA of the stream's circular receive buffer in host memory
    TCB_FIELD_RX_BUF_LOG = 8'h1c,  // log2 of the receive buffer's size in bytes (12..=30; 0: no buffer)
    TCB_FIELD_CQN = 8'h1d,  // completion queue of the stream's TCP_TX_ACKED and TCP_RX completions
    TCB_FIELD_STREAM = 8'h1e,  // diagnostics (read-only): 31:0 the send buffer's end (TX_END), 63:32 the receive buffer's read point (RX_READ)
    TCB_FIELD_ENGINE = 8'h1f,  // diagnostics (read-only): bit 0 queued to send, 1 timer on, 2 FIN waits for the data, 3 FIN sent, 4 an RTT is being timed; 63:32 the timer's deadline (µs)
    TCB_FIELD_TX_SEGS = 8'h20,  // per-connection counters (read-only): 31:0 segments sent with payload, 63:32 of them retransmissions (timeout, fast retransmit)
    TCB_FIELD_RX_SEGS = 8'h21  // per-connection counters (read-only): 31:0 segments received whose payload was taken in order, 63:32 out-of-order segments kept
  } tcb_field_e;

  // ---------------------------------------------------------------- registers
  // Common block header, offsets relative to the block base.
  localparam int unsigned REG_HDR_TYPE = 32'h0000_0000;  // block type identifier
  localparam int unsigned REG_HDR_VERSION = 32'h0000_0004;  // block version, major 31:16, minor 15:0
  localparam int unsigned REG_HDR_NEXT = 32'h0000_0008;  // BAR0 offset of the next block, 0 for the last
  localparam int unsigned REG_HDR_COUNT = 32'h0000_000c;  // number of elements in the array
  localparam int unsigned REG_HDR_STRIDE = 32'h0000_0010;  // bytes between elements
  localparam int unsigned REG_HDR_ARRAY_BASE = 32'h0000_0014;  // offset of element 0 from the block base

  // Block ID at 0x0000: Identification. The driver refuses a device whose BUILD_ID differs from the ABI it was built against.
  localparam int unsigned REG_ID_BASE = 32'h0000_0000;  // block base in BAR0
  localparam int unsigned REG_ID_TYPE_ID = 32'h574e_0001;  // TYPE register value
  localparam int unsigned REG_ID_VERSION = 32'h0001_0000;  // VERSION register value
  localparam int unsigned REG_ID_NEXT = 32'h0000_0100;  // NEXT register value
  localparam int unsigned REG_ID_BUILD_ID = 32'h0000_000c;  // ro: hash of the ABI description this core was generated from
  localparam int unsigned REG_ID_BUILD_ID_RESET = 32'h0000_0000;
  localparam int unsigned REG_ID_ABI_VERSION = 32'h0000_0010;  // ro: ABI_VERSION constant
  localparam int unsigned REG_ID_ABI_VERSION_RESET = 32'h0000_0000;
  localparam int unsigned REG_ID_NUM_SQ = 32'h0000_0014;  // ro: number of send queues
  localparam int unsigned REG_ID_NUM_SQ_RESET = 32'h0000_0000;
  localparam int unsigned REG_ID_NUM_RQ = 32'h0000_0018;  // ro: number of receive queues
  localparam int unsigned REG_ID_NUM_RQ_RESET = 32'h0000_0000;
  localparam int unsigned REG_ID_NUM_CQ = 32'h0000_001c;  // ro: number of completion queues
  localparam int unsigned REG_ID_NUM_CQ_RESET = 32'h0000_0000;
  localparam int unsigned REG_ID_NUM_EQ = 32'h0000_0020;  // ro: number of event queues (one interrupt vector each)
  localparam int unsigned REG_ID_NUM_EQ_RESET = 32'h0000_0000;
  localparam int unsigned REG_ID_CLOCK_MHZ = 32'h0000_0024;  // ro: core clock in MHz
  localparam int unsigned REG_ID_CLOCK_MHZ_RESET = 32'h0000_0000;
  localparam int unsigned REG_ID_DATA_WIDTH = 32'h0000_0028;  // ro: datapath width in bits
  localparam int unsigned REG_ID_DATA_WIDTH_RESET = 32'h0000_0000;
  localparam int unsigned REG_ID_SCRATCH = 32'h0000_002c;  // rw: free for the driver; reads back what was written
  localparam int unsigned REG_ID_SCRATCH_RESET = 32'h0000_0000;

  // Block CTRL at 0x0100: Port control, receive filtering and error capture.
  localparam int unsigned REG_CTRL_BASE = 32'h0000_0100;  // block base in BAR0
  localparam int unsigned REG_CTRL_TYPE_ID = 32'h574e_0002;  // TYPE register value
  localparam int unsigned REG_CTRL_VERSION = 32'h0001_0000;  // VERSION register value
  localparam int unsigned REG_CTRL_NEXT = 32'h0000_0200;  // NEXT register value
  localparam int unsigned REG_CTRL_CONTROL = 32'h0000_010c;  // rw: ctrl_flags
  localparam int unsigned REG_CTRL_CONTROL_RESET = 32'h0000_0000;
  localparam int unsigned REG_CTRL_MAC_LO = 32'h0000_0110;  // ro: port MAC address bits 31:0 (set by the firmware); byte 0 on the wire is bits 47:40
  localparam int unsigned REG_CTRL_MAC_LO_RESET = 32'h0000_0000;
  localparam int unsigned REG_CTRL_MAC_HI = 32'h0000_0114;  // ro: port MAC address bits 47:32
  localparam int unsigned REG_CTRL_MAC_HI_RESET = 32'h0000_0000;
  localparam int unsigned REG_CTRL_RX_FILTER = 32'h0000_0118;  // rw: rx_filter bits
  localparam int unsigned REG_CTRL_RX_FILTER_RESET = 32'h0000_0006;
  localparam int unsigned REG_CTRL_MAX_FRAME = 32'h0000_011c;  // rw: largest frame accepted or sent, without FCS (60..=9014)
  localparam int unsigned REG_CTRL_MAX_FRAME_RESET = 32'h0000_2336;
  localparam int unsigned REG_CTRL_RX_RQ = 32'h0000_0120;  // rw: receive queue that takes received frames
  localparam int unsigned REG_CTRL_RX_RQ_RESET = 32'h0000_0000;
  localparam int unsigned REG_CTRL_BAD_ADDR = 32'h0000_0124;  // ro: offset of the last register access that hit no register
  localparam int unsigned REG_CTRL_BAD_ADDR_RESET = 32'h0000_0000;
  localparam int unsigned REG_CTRL_CYCLES_LO = 32'h0000_0128;  // ro: free-running cycle counter bits 31:0 (reading it latches CYCLES_HI)
  localparam int unsigned REG_CTRL_CYCLES_LO_RESET = 32'h0000_0000;
  localparam int unsigned REG_CTRL_CYCLES_HI = 32'h0000_012c;  // ro: cycle counter bits 63:32, as latched
  localparam int unsigned REG_CTRL_CYCLES_HI_RESET = 32'h0000_0000;
  localparam int unsigned REG_CTRL_IPV4 = 32'h0000_0130;  // ro: the port's IPv4 address (set by the firmware)
  localparam int unsigned REG_CTRL_IPV4_RESET = 32'h0000_0000;
  localparam int unsigned REG_CTRL_EXC_FILTER = 32'h0000_0134;  // rw: exc_filter bits
  localparam int unsigned REG_CTRL_EXC_FILTER_RESET = 32'h0000_0003;

  // Block MBOX at 0x0200: Firmware mailbox: the host writes a request into REQ, then its length into DOORBELL; the firmware's response appears in RSP and a FW_RESPONSE event is posted to EQ 0.
  localparam int unsigned REG_MBOX_BASE = 32'h0000_0200;  // block base in BAR0
  localparam int unsigned REG_MBOX_TYPE_ID = 32'h574e_0003;  // TYPE register value
  localparam int unsigned REG_MBOX_VERSION = 32'h0001_0000;  // VERSION register value
  localparam int unsigned REG_MBOX_NEXT = 32'h0000_1000;  // NEXT register value
  localparam int unsigned REG_MBOX_DOORBELL = 32'h0000_020c;  // wo: write the request length in words (1..=FW_MSG_MAX_WORDS) to send REQ to the firmware
  localparam int unsigned REG_MBOX_DOORBELL_RESET = 32'h0000_0000;
  localparam int unsigned REG_MBOX_STATUS = 32'h0000_0210;  // ro: bit 0 BUSY (request in flight), bit 1 RSP_VALID, 15:8 response length in words; reading RSP_LEN does not clear it, the next DOORBELL does
  localparam int unsigned REG_MBOX_STATUS_RESET = 32'h0000_0000;
  localparam int unsigned REG_MBOX_REQ = 32'h0000_0240;  // rw: request words 0..=15 at 0x40 + 4*i
  localparam int unsigned REG_MBOX_REQ_RESET = 32'h0000_0000;
  localparam int unsigned REG_MBOX_RSP = 32'h0000_0280;  // ro: response words 0..=15 at 0x80 + 4*i
  localparam int unsigned REG_MBOX_RSP_RESET = 32'h0000_0000;

  // Block SQ at 0x1000: Raw send queues.
  localparam int unsigned REG_SQ_BASE = 32'h0000_1000;  // block base in BAR0
  localparam int unsigned REG_SQ_TYPE_ID = 32'h574e_0010;  // TYPE register value
  localparam int unsigned REG_SQ_VERSION = 32'h0001_0000;  // VERSION register value
  localparam int unsigned REG_SQ_NEXT = 32'h0000_2000;  // NEXT register value
  localparam int unsigned REG_SQ_COUNT = 32'h0000_100c;  // ro: number of elements in the array
  localparam int unsigned REG_SQ_COUNT_RESET = 32'h0000_0000;
  localparam int unsigned REG_SQ_STRIDE = 32'h0000_1010;  // ro: bytes between elements
  localparam int unsigned REG_SQ_STRIDE_RESET = 32'h0000_0000;
  localparam int unsigned REG_SQ_ARRAY_BASE = 32'h0000_1014;  // ro: offset of element 0 from the block base
  localparam int unsigned REG_SQ_ARRAY_BASE_RESET = 32'h0000_0000;
  localparam int unsigned REG_SQ_ELEM_BASE = 32'h0000_1040;  // absolute offset of element 0
  localparam int unsigned REG_SQ_ELEM_STRIDE = 32'h0000_0040;  // bytes between elements
  // Element registers, offsets relative to the element.
  localparam int unsigned REG_SQ_E_BASE_LO = 32'h0000_0000;  // rw: ring base IOVA, bits 31:0 (32-byte aligned)
  localparam int unsigned REG_SQ_E_BASE_LO_RESET = 32'h0000_0000;
  localparam int unsigned REG_SQ_E_BASE_HI = 32'h0000_0004;  // rw: ring base IOVA, bits 63:32
  localparam int unsigned REG_SQ_E_BASE_HI_RESET = 32'h0000_0000;
  localparam int unsigned REG_SQ_E_LOG_SIZE = 32'h0000_0008;  // rw: log2 of the number of entries (1..=15)
  localparam int unsigned REG_SQ_E_LOG_SIZE_RESET = 32'h0000_0000;
  localparam int unsigned REG_SQ_E_CQN = 32'h0000_000c;  // rw: completion queue that receives this queue's completions
  localparam int unsigned REG_SQ_E_CQN_RESET = 32'h0000_0000;
  localparam int unsigned REG_SQ_E_CTRL = 32'h0000_0010;  // rw: bit 0 ENABLE; writing 0 resets the queue (pointers, error state)
  localparam int unsigned REG_SQ_E_CTRL_RESET = 32'h0000_0000;
  localparam int unsigned REG_SQ_E_STATE = 32'h0000_0014;  // ro: 7:0 queue_state, 15:8 error status (cqe_status) of the error
  localparam int unsigned REG_SQ_E_STATE_RESET = 32'h0000_0000;
  localparam int unsigned REG_SQ_E_PI = 32'h0000_0018;  // rw: doorbell: producer index (15:0, free-running)
  localparam int unsigned REG_SQ_E_PI_RESET = 32'h0000_0000;
  localparam int unsigned REG_SQ_E_CI = 32'h0000_001c;  // ro: consumer index (15:0): WQEs the hardware has completed
  localparam int unsigned REG_SQ_E_CI_RESET = 32'h0000_0000;

  // Block RQ at 0x2000: Raw receive queues (same element layout as SQ).
  localparam int unsigned REG_RQ_BASE = 32'h0000_2000;  // block base in BAR0
  localparam int unsigned REG_RQ_TYPE_ID = 32'h574e_0011;  // TYPE register value
  localparam int unsigned REG_RQ_VERSION = 32'h0001_0000;  // VERSION register value
  localparam int unsigned REG_RQ_NEXT = 32'h0000_3000;  // NEXT register value
  localparam int unsigned REG_RQ_COUNT = 32'h0000_200c;  // ro: number of elements in the array
  localparam int unsigned REG_RQ_COUNT_RESET = 32'h0000_0000;
  localparam int unsigned REG_RQ_STRIDE = 32'h0000_2010;  // ro: bytes between elements
  localparam int unsigned REG_RQ_STRIDE_RESET = 32'h0000_0000;
  localparam int unsigned REG_RQ_ARRAY_BASE = 32'h0000_2014;  // ro: offset of element 0 from the block base
  localparam int unsigned REG_RQ_ARRAY_BASE_RESET = 32'h0000_0000;
  localparam int unsigned REG_RQ_ELEM_BASE = 32'h0000_2040;  // absolute offset of element 0
  localparam int unsigned REG_RQ_ELEM_STRIDE = 32'h0000_0040;  // bytes between elements
  // Element registers, offsets relative to the element.
  localparam int unsigned REG_RQ_E_BASE_LO = 32'h0000_0000;  // rw: ring base IOVA, bits 31:0 (32-byte aligned)
  localparam int unsigned REG_RQ_E_BASE_LO_RESET = 32'h0000_0000;
  localparam int unsigned REG_RQ_E_BASE_HI = 32'h0000_0004;  // rw: ring base IOVA, bits 63:32
  localparam int unsigned REG_RQ_E_BASE_HI_RESET = 32'h0000_0000;
  localparam int unsigned REG_RQ_E_LOG_SIZE = 32'h0000_0008;  // rw: log2 of the number of entries (1..=15)
  localparam int unsigned REG_RQ_E_LOG_SIZE_RESET = 32'h0000_0000;
  localparam int unsigned REG_RQ_E_CQN = 32'h0000_000c;  // rw: completion queue that receives this queue's completions
  localparam int unsigned REG_RQ_E_CQN_RESET = 32'h0000_0000;
  localparam int unsigned REG_RQ_E_CTRL = 32'h0000_0010;  // rw: bit 0 ENABLE; writing 0 resets the queue (pointers, error state)
  localparam int unsigned REG_RQ_E_CTRL_RESET = 32'h0000_0000;
  localparam int unsigned REG_RQ_E_STATE = 32'h0000_0014;  // ro: 7:0 queue_state, 15:8 error status (cqe_status) of the error
  localparam int unsigned REG_RQ_E_STATE_RESET = 32'h0000_0000;
  localparam int unsigned REG_RQ_E_PI = 32'h0000_0018;  // rw: doorbell: producer index (15:0, free-running)
  localparam int unsigned REG_RQ_E_PI_RESET = 32'h0000_0000;
  localparam int unsigned REG_RQ_E_CI = 32'h0000_001c;  // ro: consumer index (15:0): WQEs the hardware has completed
  localparam int unsigned REG_RQ_E_CI_RESET = 32'h0000_0000;

  // Block CQ at 0x3000: Completion queues.
  localparam int unsigned REG_CQ_BASE = 32'h0000_3000;  // block base in BAR0
  localparam int unsigned REG_CQ_TYPE_ID = 32'h574e_0012;  // TYPE register value
  localparam int unsigned REG_CQ_VERSION = 32'h0001_0000;  // VERSION register value
  localparam int unsigned REG_CQ_NEXT = 32'h0000_4000;  // NEXT register value
  localparam int unsigned REG_CQ_COUNT = 32'h0000_300c;  // ro: number of elements in the array
  localparam int unsigned REG_CQ_COUNT_RESET = 32'h0000_0000;
  localparam int unsigned REG_CQ_STRIDE = 32'h0000_3010;  // ro: bytes between elements
  localparam int unsigned REG_CQ_STRIDE_RESET = 32'h0000_0000;
  localparam int unsigned REG_CQ_ARRAY_BASE = 32'h0000_3014;  // ro: offset of element 0 from the block base
  localparam int unsigned REG_CQ_ARRAY_BASE_RESET = 32'h0000_0000;
  localparam int unsigned REG_CQ_ELEM_BASE = 32'h0000_3040;  // absolute offset of element 0
  localparam int unsigned REG_CQ_ELEM_STRIDE = 32'h0000_0040;  // bytes between elements
  // Element registers, offsets relative to the element.
  localparam int unsigned REG_CQ_E_BASE_LO = 32'h0000_0000;  // rw: ring base IOVA, bits 31:0 (32-byte aligned)
  localparam int unsigned REG_CQ_E_BASE_LO_RESET = 32'h0000_0000;
  localparam int unsigned REG_CQ_E_BASE_HI = 32'h0000_0004;  // rw: ring base IOVA, bits 63:32
  localparam int unsigned REG_CQ_E_BASE_HI_RESET = 32'h0000_0000;
  localparam int unsigned REG_CQ_E_LOG_SIZE = 32'h0000_0008;  // rw: log2 of the number of entries (1..=15)
  localparam int unsigned REG_CQ_E_LOG_SIZE_RESET = 32'h0000_0000;
  localparam int unsigned REG_CQ_E_EQN = 32'h0000_000c;  // rw: event queue that receives this CQ's events
  localparam int unsigned REG_CQ_E_EQN_RESET = 32'h0000_0000;
  localparam int unsigned REG_CQ_E_CTRL = 32'h0000_0010;  // rw: bit 0 ENABLE; writing 0 resets the CQ
  localparam int unsigned REG_CQ_E_CTRL_RESET = 32'h0000_0000;
  localparam int unsigned REG_CQ_E_STATE = 32'h0000_0014;  // ro: 7:0 queue_state, 15:8 error status; bit 16 ARMED; bit 17 BUSY: CQE writes in flight
  localparam int unsigned REG_CQ_E_STATE_RESET = 32'h0000_0000;
  localparam int unsigned REG_CQ_E_ARM = 32'h0000_0018;  // wo: any write arms the CQ: its next CQE posts a CQ_COMPLETION event
  localparam int unsigned REG_CQ_E_ARM_RESET = 32'h0000_0000;
  localparam int unsigned REG_CQ_E_CI = 32'h0000_001c;  // rw: consumer index (15:0) written by the host; the hardware never overwrites an unconsumed CQE
  localparam int unsigned REG_CQ_E_CI_RESET = 32'h0000_0000;
  localparam int unsigned REG_CQ_E_PI = 32'h0000_0020;  // ro: producer index (15:0): CQEs written
  localparam int unsigned REG_CQ_E_PI_RESET = 32'h0000_0000;

  // Block EQ at 0x4000: Event queues; EQ n raises interrupt vector n.
  localparam int unsigned REG_EQ_BASE = 32'h0000_4000;  // block base in BAR0
  localparam int unsigned REG_EQ_TYPE_ID = 32'h574e_0013;  // TYPE register value
  localparam int unsigned REG_EQ_VERSION = 32'h0001_0000;  // VERSION register value
  localparam int unsigned REG_EQ_NEXT = 32'h0000_5000;  // NEXT register value
  localparam int unsigned REG_EQ_COUNT = 32'h0000_400c;  // ro: number of elements in the array
  localparam int unsigned REG_EQ_COUNT_RESET = 32'h0000_0000;
  localparam int unsigned REG_EQ_STRIDE = 32'h0000_4010;  // ro: bytes between elements
  localparam int unsigned REG_EQ_STRIDE_RESET = 32'h0000_0000;
  localparam int unsigned REG_EQ_ARRAY_BASE = 32'h0000_4014;  // ro: offset of element 0 from the block base
  localparam int unsigned REG_EQ_ARRAY_BASE_RESET = 32'h0000_0000;
  localparam int unsigned REG_EQ_ELEM_BASE = 32'h0000_4040;  // absolute offset of element 0
  localparam int unsigned REG_EQ_ELEM_STRIDE = 32'h0000_0040;  // bytes between elements
  // Element registers, offsets relative to the element.
  localparam int unsigned REG_EQ_E_BASE_LO = 32'h0000_0000;  // rw: ring base IOVA, bits 31:0 (16-byte aligned)
  localparam int unsigned REG_EQ_E_BASE_LO_RESET = 32'h0000_0000;
  localparam int unsigned REG_EQ_E_BASE_HI = 32'h0000_0004;  // rw: ring base IOVA, bits 63:32
  localparam int unsigned REG_EQ_E_BASE_HI_RESET = 32'h0000_0000;
  localparam int unsigned REG_EQ_E_LOG_SIZE = 32'h0000_0008;  // rw: log2 of the number of entries (1..=15)
  localparam int unsigned REG_EQ_E_LOG_SIZE_RESET = 32'h0000_0000;
  localparam int unsigned REG_EQ_E_CTRL = 32'h0000_000c;  // rw: bit 0 ENABLE, bit 1 IRQ_ENABLE; writing 0 to ENABLE resets the EQ
  localparam int unsigned REG_EQ_E_CTRL_RESET = 32'h0000_0000;
  localparam int unsigned REG_EQ_E_MOD_COUNT = 32'h0000_0010;  // rw: interrupt moderation: raise the interrupt once this many events are pending (0 acts as 1)
  localparam int unsigned REG_EQ_E_MOD_COUNT_RESET = 32'h0000_0001;
  localparam int unsigned REG_EQ_E_MOD_USECS = 32'h0000_0014;  // rw: interrupt moderation: or once the oldest pending event is this many microseconds old (0: no timer)
  localparam int unsigned REG_EQ_E_MOD_USECS_RESET = 32'h0000_0000;
  localparam int unsigned REG_EQ_E_CI = 32'h0000_0018;  // rw: consumer index (15:0) written by the host
  localparam int unsigned REG_EQ_E_CI_RESET = 32'h0000_0000;
  localparam int unsigned REG_EQ_E_PI = 32'h0000_001c;  // ro: producer index (15:0): EQEs written
  localparam int unsigned REG_EQ_E_PI_RESET = 32'h0000_0000;
  localparam int unsigned REG_EQ_E_STATE = 32'h0000_0020;  // ro: 7:0 queue_state, 15:8 error status; bit 16 BUSY: EQE writes in flight
  localparam int unsigned REG_EQ_E_STATE_RESET = 32'h0000_0000;

  // Block STATS at 0x5000: 64-bit counters; each is a LO/HI pair, reading LO latches HI.
  localparam int unsigned REG_STATS_BASE = 32'h0000_5000;  // block base in BAR0
  localparam int unsigned REG_STATS_TYPE_ID = 32'h574e_0020;  // TYPE register value
  localparam int unsigned REG_STATS_VERSION = 32'h0001_0000;  // VERSION register value
  localparam int unsigned REG_STATS_NEXT = 32'h0000_8000;  // NEXT register value
  localparam int unsigned REG_STATS_TX_FRAMES = 32'h0000_5010;  // ro: frames sent
  localparam int unsigned REG_STATS_TX_FRAMES_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_TX_BYTES = 32'h0000_5018;  // ro: bytes sent (without FCS)
  localparam int unsigned REG_STATS_TX_BYTES_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_RX_FRAMES = 32'h0000_5020;  // ro: frames delivered to a receive queue
  localparam int unsigned REG_STATS_RX_FRAMES_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_RX_BYTES = 32'h0000_5028;  // ro: bytes delivered
  localparam int unsigned REG_STATS_RX_BYTES_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_RX_FCS_ERR = 32'h0000_5030;  // ro: frames dropped for a bad FCS or a MAC error
  localparam int unsigned REG_STATS_RX_FCS_ERR_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_RX_DROP_FILTER = 32'h0000_5038;  // ro: frames dropped by the destination address filter
  localparam int unsigned REG_STATS_RX_DROP_FILTER_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_RX_DROP_LENGTH = 32'h0000_5040;  // ro: frames dropped for being shorter than 14 bytes or longer than MAX_FRAME
  localparam int unsigned REG_STATS_RX_DROP_LENGTH_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_RX_DROP_NO_BUF = 32'h0000_5048;  // ro: frames dropped because no receive buffer was posted
  localparam int unsigned REG_STATS_RX_DROP_NO_BUF_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_RX_DROP_OVERRUN = 32'h0000_5050;  // ro: frames dropped because the receive FIFO was full
  localparam int unsigned REG_STATS_RX_DROP_OVERRUN_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_RX_LEN_ERR = 32'h0000_5058;  // ro: frames larger than the posted buffer (completed with LOC_LEN_ERR)
  localparam int unsigned REG_STATS_RX_LEN_ERR_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_TX_ERR = 32'h0000_5060;  // ro: send work requests completed in error
  localparam int unsigned REG_STATS_TX_ERR_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_DMA_RD_ERR = 32'h0000_5068;  // ro: DMA reads refused by the host
  localparam int unsigned REG_STATS_DMA_RD_ERR_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_DMA_WR_ERR = 32'h0000_5070;  // ro: DMA writes refused by the host
  localparam int unsigned REG_STATS_DMA_WR_ERR_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_BAD_REG = 32'h0000_5078;  // ro: register accesses that hit no register
  localparam int unsigned REG_STATS_BAD_REG_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_DOORBELL_ERR = 32'h0000_5080;  // ro: doorbells that posted more entries than the ring holds
  localparam int unsigned REG_STATS_DOORBELL_ERR_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_EVENTS = 32'h0000_5088;  // ro: events written
  localparam int unsigned REG_STATS_EVENTS_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_IRQS = 32'h0000_5090;  // ro: interrupts raised
  localparam int unsigned REG_STATS_IRQS_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_FW_MSGS = 32'h0000_5098;  // ro: mailbox requests passed to the firmware
  localparam int unsigned REG_STATS_FW_MSGS_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_RX_EXCEPTION = 32'h0000_50a0;  // ro: received frames passed to the firmware
  localparam int unsigned REG_STATS_RX_EXCEPTION_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_RX_DROP_EXCEPTION = 32'h0000_50a8;  // ro: exception frames dropped: longer than FW_FRAME_MAX, or the firmware's buffer was full
  localparam int unsigned REG_STATS_RX_DROP_EXCEPTION_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_TX_FW_FRAMES = 32'h0000_50b0;  // ro: frames the firmware sent
  localparam int unsigned REG_STATS_TX_FW_FRAMES_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_TCP_RX_SEGS = 32'h0000_50b8;  // ro: TCP segments to the port's address taken by the TCP engine
  localparam int unsigned REG_STATS_TCP_RX_SEGS_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_TCP_RX_BAD_CSUM = 32'h0000_50c0;  // ro: TCP segments dropped for a bad IPv4 or TCP checksum (or a MAC error)
  localparam int unsigned REG_STATS_TCP_RX_BAD_CSUM_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_TCP_RX_DROP = 32'h0000_50c8;  // ro: TCP segments dropped by the engine: unacceptable, for an aborted connection, no free connection id, or its queue full
  localparam int unsigned REG_STATS_TCP_RX_DROP_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_TCP_RST_SENT = 32'h0000_50d0;  // ro: RSTs the engine sent in answer to segments for no connection or bad ACKs
  localparam int unsigned REG_STATS_TCP_RST_SENT_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_TCP_TX_SEGS = 32'h0000_50d8;  // ro: segments the TCP engine sent
  localparam int unsigned REG_STATS_TCP_TX_SEGS_RESET = 32'h0000_0000;
  localparam int unsigned REG_STATS_TCP_CPL_BAD = 32'h0000_50e0;  // ro: CPL messages the TCP engine refused (unknown opcode, bad length, unknown id or wrong state), and stream doorbells it lost or that named no connection
  localparam int unsigned REG_STATS_TCP_CPL_BAD_RESET = 32'h0000_0000;

  // Block TCP at 0x8000: TCP stream doorbells, one pair per connection id (tid): the host tells the engine how far it has written into the stream's send buffer and how far it has read from its receive buffer. Values are stream offsets: bytes since the stream's first byte, modulo 2^32. COUNT is the number of connection ids.
  localparam int unsigned REG_TCP_BASE = 32'h0000_8000;  // block base in BAR0
  localparam int unsigned REG_TCP_TYPE_ID = 32'h574e_0030;  // TYPE register value
  localparam int unsigned REG_TCP_VERSION = 32'h0001_0000;  // VERSION register value
  localparam int unsigned REG_TCP_NEXT = 32'h0000_b000;  // NEXT register value
  localparam int unsigned REG_TCP_COUNT = 32'h0000_800c;  // ro: number of elements in the array
  localparam int unsigned REG_TCP_COUNT_RESET = 32'h0000_0000;
  localparam int unsigned REG_TCP_STRIDE = 32'h0000_8010;  // ro: bytes between elements
  localparam int unsigned REG_TCP_STRIDE_RESET = 32'h0000_0000;
  localparam int unsigned REG_TCP_ARRAY_BASE = 32'h0000_8014;  // ro: offset of element 0 from the block base
  localparam int unsigned REG_TCP_ARRAY_BASE_RESET = 32'h0000_0000;
  localparam int unsigned REG_TCP_NUM_LISTEN = 32'h0000_8018;  // ro: number of listener slots of the TCP engine
  localparam int unsigned REG_TCP_NUM_LISTEN_RESET = 32'h0000_0000;
  localparam int unsigned REG_TCP_ELEM_BASE = 32'h0000_8040;  // absolute offset of element 0
  localparam int unsigned REG_TCP_ELEM_STRIDE = 32'h0000_0008;  // bytes between elements
  // Element registers, offsets relative to the element.
  localparam int unsigned REG_TCP_E_TX_END = 32'h0000_0000;  // wo: stream offset after the last byte written into the send buffer
  localparam int unsigned REG_TCP_E_TX_END_RESET = 32'h0000_0000;
  localparam int unsigned REG_TCP_E_RX_READ = 32'h0000_0004;  // wo: stream offset after the last byte read from the receive buffer (reopens the window)
  localparam int unsigned REG_TCP_E_RX_READ_RESET = 32'h0000_0000;

  // Block RDMA at 0xb000: RDMA control: memory regions and queue pairs. Write the arguments into ARG, then an rdma_cmd into OP; STATUS tells when it is done and how.
  localparam int unsigned REG_RDMA_BASE = 32'h0000_b000;  // block base in BAR0
  localparam int unsigned REG_RDMA_TYPE_ID = 32'h574e_0040;  // TYPE register value
  localparam int unsigned REG_RDMA_VERSION = 32'h0001_0000;  // VERSION register value
  localparam int unsigned REG_RDMA_NEXT = 32'h0000_c000;  // NEXT register value
  localparam int unsigned REG_RDMA_OP = 32'h0000_b010;  // wo: write an rdma_cmd to run it with the ARG words (ignored while BUSY)
  localparam int unsigned REG_RDMA_OP_RESET = 32'h0000_0000;
  localparam int unsigned REG_RDMA_STATUS = 32'h0000_b014;  // ro: bit 0 BUSY, 15:8 rdma_cmd_status of the last command
  localparam int unsigned REG_RDMA_STATUS_RESET = 32'h0000_0000;
  localparam int unsigned REG_RDMA_NUM_QP = 32'h0000_b018;  // ro: number of queue pairs
  localparam int unsigned REG_RDMA_NUM_QP_RESET = 32'h0000_0000;
  localparam int unsigned REG_RDMA_NUM_MR = 32'h0000_b01c;  // ro: number of memory-region table entries
  localparam int unsigned REG_RDMA_NUM_MR_RESET = 32'h0000_0000;
  localparam int unsigned REG_RDMA_ARG = 32'h0000_b040;  // rw: argument words 0..=15 at 0x40 + 4*i
  localparam int unsigned REG_RDMA_ARG_RESET = 32'h0000_0000;
  localparam int unsigned REG_RDMA_RSP = 32'h0000_b080;  // ro: result words 0..=3 at 0x80 + 4*i
  localparam int unsigned REG_RDMA_RSP_RESET = 32'h0000_0000;

  // Block QP at 0xc000: Queue-pair doorbells, one pair per QP: the producer index of its send and receive rings (free-running, 15:0).
  localparam int unsigned REG_QP_BASE = 32'h0000_c000;  // block base in BAR0
  localparam int unsigned REG_QP_TYPE_ID = 32'h574e_0041;  // TYPE register value
  localparam int unsigned REG_QP_VERSION = 32'h0001_0000;  // VERSION register value
  localparam int unsigned REG_QP_NEXT = 32'h0000_0000;  // NEXT register value
  localparam int unsigned REG_QP_COUNT = 32'h0000_c00c;  // ro: number of elements in the array
  localparam int unsigned REG_QP_COUNT_RESET = 32'h0000_0000;
  localparam int unsigned REG_QP_STRIDE = 32'h0000_c010;  // ro: bytes between elements
  localparam int unsigned REG_QP_STRIDE_RESET = 32'h0000_0000;
  localparam int unsigned REG_QP_ARRAY_BASE = 32'h0000_c014;  // ro: offset of element 0 from the block base
  localparam int unsigned REG_QP_ARRAY_BASE_RESET = 32'h0000_0000;
  localparam int unsigned REG_QP_ELEM_BASE = 32'h0000_c040;  // absolute offset of element 0
  localparam int unsigned REG_QP_ELEM_STRIDE = 32'h0000_0008;  // bytes between elements
  // Element registers, offsets relative to the element.
  localparam int unsigned REG_QP_E_SQ_PI = 32'h0000_0000;  // wo: send-queue producer index (15:0): entries posted
  localparam int unsigned REG_QP_E_SQ_PI_RESET = 32'h0000_0000;
  localparam int unsigned REG_QP_E_RQ_PI = 32'h0000_0004;  // wo: receive-queue producer index (15:0): entries posted
  localparam int unsigned REG_QP_E_RQ_PI_RESET = 32'h0000_0000;

  // ---------------------------------------------------------------- descriptors
  // Little-endian: byte 0 is bits 7:0; L_F_LSB = 8 * offset + shift.

  // Send-queue work queue entry (warpnic), 32 bytes
  localparam int unsigned SQ_WQE_OPCODE_LSB = 0;
  localparam int unsigned SQ_WQE_OPCODE_W = 8;
  localparam int unsigned SQ_WQE_FLAGS_LSB = 8;
  localparam int unsigned SQ_WQE_FLAGS_W = 8;
  localparam int unsigned SQ_WQE_RSVD0_LSB = 16;
  localparam int unsigned SQ_WQE_RSVD0_W = 16;
  localparam int unsigned SQ_WQE_LEN_LSB = 32;
  localparam int unsigned SQ_WQE_LEN_W = 32;
  localparam int unsigned SQ_WQE_ADDR_LSB = 64;
  localparam int unsigned SQ_WQE_ADDR_W = 64;
  localparam int unsigned SQ_WQE_WR_ID_LSB = 128;
  localparam int unsigned SQ_WQE_WR_ID_W = 64;
  localparam int unsigned SQ_WQE_RSVD1_LSB = 192;
  localparam int unsigned SQ_WQE_RSVD1_W = 64;
  typedef struct packed {
    logic [63:0] rsvd1;  // byte 24: reserved, zero
    logic [63:0] wr_id;  // byte 16: opaque, returned in the CQE
    logic [63:0] addr;  // byte 8: IOVA of the frame
    logic [31:0] len;  // byte 4: frame length in bytes, without FCS
    logic [15:0] rsvd0;  // byte 2: reserved, zero
    logic [7:0] flags;  // byte 1: wqe_flags
    logic [7:0] opcode;  // byte 0: wqe_opcode
  } sq_wqe_t;

  // Receive-queue work queue entry (warpnic), 32 bytes
  localparam int unsigned RQ_WQE_RSVD0_LSB = 0;
  localparam int unsigned RQ_WQE_RSVD0_W = 32;
  localparam int unsigned RQ_WQE_LEN_LSB = 32;
  localparam int unsigned RQ_WQE_LEN_W = 32;
  localparam int unsigned RQ_WQE_ADDR_LSB = 64;
  localparam int unsigned RQ_WQE_ADDR_W = 64;
  localparam int unsigned RQ_WQE_WR_ID_LSB = 128;
  localparam int unsigned RQ_WQE_WR_ID_W = 64;
  localparam int unsigned RQ_WQE_RSVD1_LSB = 192;
  localparam int unsigned RQ_WQE_RSVD1_W = 64;
  typedef struct packed {
    logic [63:0] rsvd1;  // byte 24: reserved, zero
    logic [63:0] wr_id;  // byte 16: opaque, returned in the CQE
    logic [63:0] addr;  // byte 8: IOVA of the buffer
    logic [31:0] len;  // byte 4: buffer length in bytes
    logic [31:0] rsvd0;  // byte 0: reserved, zero
  } rq_wqe_t;

  // Completion queue entry. The hardware writes it in one DMA write; OWNER flips each pass over the ring (1 on the first pass) (warpnic), 32 bytes
  localparam int unsigned CQE_WR_ID_LSB = 0;
  localparam int unsigned CQE_WR_ID_W = 64;
  localparam int unsigned CQE_BYTE_LEN_LSB = 64;
  localparam int unsigned CQE_BYTE_LEN_W = 32;
  localparam int unsigned CQE_QUEUE_LSB = 96;
  localparam int unsigned CQE_QUEUE_W = 16;
  localparam int unsigned CQE_WQE_IDX_LSB = 112;
  localparam int unsigned CQE_WQE_IDX_W = 16;
  localparam int unsigned CQE_OPCODE_LSB = 128;
  localparam int unsigned CQE_OPCODE_W = 8;
  localparam int unsigned CQE_STATUS_LSB = 136;
  localparam int unsigned CQE_STATUS_W = 8;
  localparam int unsigned CQE_FLAGS_LSB = 144;
  localparam int unsigned CQE_FLAGS_W = 8;
  localparam int unsigned CQE_RSVD0_LSB = 152;
  localparam int unsigned CQE_RSVD0_W = 8;
  localparam int unsigned CQE_TIMESTAMP_LSB = 160;
  localparam int unsigned CQE_TIMESTAMP_W = 32;
  localparam int unsigned CQE_IMM_HI_LSB = 192;
  localparam int unsigned CQE_IMM_HI_W = 32;
  localparam int unsigned CQE_RSVD1_LSB = 224;
  localparam int unsigned CQE_RSVD1_W = 24;
  localparam int unsigned CQE_OWNER_LSB = 248;
  localparam int unsigned CQE_OWNER_W = 8;
  typedef struct packed {
    logic [7:0] owner;  // byte 31: bit 0: phase of this entry
    logic [23:0] rsvd1;  // byte 28: reserved
    logic [31:0] imm_hi;  // byte 24: with flags IMM: imm bits 63:32
    logic [31:0] timestamp;  // byte 20: core cycle counter (31:0) when the completion was generated; with flags IMM or INV: imm bits 31:0 instead
    logic [7:0] rsvd0;  // byte 19: reserved
    logic [7:0] flags;  // byte 18: cqe_flags (RDMA completions)
    logic [7:0] status;  // byte 17: cqe_status
    logic [7:0] opcode;  // byte 16: cqe_opcode
    logic [15:0] wqe_idx;  // byte 14: ring index of the work request (15:0 of the free-running index)
    logic [15:0] queue;  // byte 12: SQ or RQ number
    logic [31:0] byte_len;  // byte 8: bytes sent or received (for RECV with LOC_LEN_ERR: the frame's length)
    logic [63:0] wr_id;  // byte 0: wr_id of the work request
  } cqe_t;

  // Event queue entry; OWNER as in the CQE (warpnic), 16 bytes
  localparam int unsigned EQE_EVENT_TYPE_LSB = 0;
  localparam int unsigned EQE_EVENT_TYPE_W = 8;
  localparam int unsigned EQE_RSVD0_LSB = 8;
  localparam int unsigned EQE_RSVD0_W = 8;
  localparam int unsigned EQE_SOURCE_LSB = 16;
  localparam int unsigned EQE_SOURCE_W = 16;
  localparam int unsigned EQE_DATA_LSB = 32;
  localparam int unsigned EQE_DATA_W = 32;
  localparam int unsigned EQE_TIMESTAMP_LSB = 64;
  localparam int unsigned EQE_TIMESTAMP_W = 32;
  localparam int unsigned EQE_RSVD1_LSB = 96;
  localparam int unsigned EQE_RSVD1_W = 24;
  localparam int unsigned EQE_OWNER_LSB = 120;
  localparam int unsigned EQE_OWNER_W = 8;
  typedef struct packed {
    logic [7:0] owner;  // byte 15: bit 0: phase of this entry
    logic [23:0] rsvd1;  // byte 12: reserved
    logic [31:0] timestamp;  // byte 8: core cycle counter (31:0)
    logic [31:0] data;  // byte 4: event-specific (the error status for *_ERROR)
    logic [15:0] source;  // byte 2: CQ, SQ or RQ number
    logic [7:0] rsvd0;  // byte 1: reserved
    logic [7:0] event_type;  // byte 0: eqe_type
  } eqe_t;

  // Why a queue pair entered ERROR: the Terminate it sent or received (QP_ERROR event data, QP_QUERY RSP1) (RFC 5040 §7), 4 bytes
  localparam int unsigned QP_ERROR_INFO_SIZE = 4;
  localparam int unsigned QP_ERROR_INFO_ECODE_LSB = 0;
  localparam int unsigned QP_ERROR_INFO_ECODE_W = 8;
  localparam int unsigned QP_ERROR_INFO_ETYPE_LSB = 8;
  localparam int unsigned QP_ERROR_INFO_ETYPE_W = 8;
  localparam int unsigned QP_ERROR_INFO_LAYER_LSB = 16;
  localparam int unsigned QP_ERROR_INFO_LAYER_W = 8;
  localparam int unsigned QP_ERROR_INFO_ORIGIN_LSB = 24;
  localparam int unsigned QP_ERROR_INFO_ORIGIN_W = 8;
  typedef struct packed {
    logic [7:0] origin;  // byte 3: cpl_term_origin: PEER (received) or HARDWARE (ours, sent); 0: no Terminate
    logic [7:0] layer;  // byte 2: term_layer (3:0)
    logic [7:0] etype;  // byte 1: Terminate error type (3:0)
    logic [7:0] ecode;  // byte 0: Terminate error code
  } qp_error_info_t;

  // One scatter/gather entry of an RDMA work request (warpnic), 16 bytes
  localparam int unsigned RDMA_SGE_SIZE = 16;
  localparam int unsigned RDMA_SGE_ADDR_LSB = 0;
  localparam int unsigned RDMA_SGE_ADDR_W = 64;
  localparam int unsigned RDMA_SGE_LEN_LSB = 64;
  localparam int unsigned RDMA_SGE_LEN_W = 32;
  localparam int unsigned RDMA_SGE_LKEY_LSB = 96;
  localparam int unsigned RDMA_SGE_LKEY_W = 32;
  typedef struct packed {
    logic [31:0] lkey;  // byte 12: STag of the local region that holds the bytes
    logic [31:0] len;  // byte 8: bytes (0: the entry is unused)
    logic [63:0] addr;  // byte 0: Tagged Offset (the region's address space) of the first byte
  } rdma_sge_t;

  // RDMA send-queue entry: one message (two for RDMA_WRITE_IMM). Its gather entries are checked against the memory-region table (the QP's PD) when the hardware takes it (warpnic), 128 bytes
  localparam int unsigned RDMA_SQ_WQE_SIZE = 128;
  localparam int unsigned RDMA_SQ_WQE_WR_ID_LSB = 0;
  localparam int unsigned RDMA_SQ_WQE_WR_ID_W = 64;
  localparam int unsigned RDMA_SQ_WQE_OPCODE_LSB = 64;
  localparam int unsigned RDMA_SQ_WQE_OPCODE_W = 8;
  localparam int unsigned RDMA_SQ_WQE_FLAGS_LSB = 72;
  localparam int unsigned RDMA_SQ_WQE_FLAGS_W = 8;
  localparam int unsigned RDMA_SQ_WQE_NUM_SGE_LSB = 80;
  localparam int unsigned RDMA_SQ_WQE_NUM_SGE_W = 8;
  localparam int unsigned RDMA_SQ_WQE_RSVD0_LSB = 88;
  localparam int unsigned RDMA_SQ_WQE_RSVD0_W = 8;
  localparam int unsigned RDMA_SQ_WQE_INV_STAG_LSB = 96;
  localparam int unsigned RDMA_SQ_WQE_INV_STAG_W = 32;
  localparam int unsigned RDMA_SQ_WQE_REMOTE_ADDR_LSB = 128;
  localparam int unsigned RDMA_SQ_WQE_REMOTE_ADDR_W = 64;
  localparam int unsigned RDMA_SQ_WQE_RKEY_LSB = 192;
  localparam int unsigned RDMA_SQ_WQE_RKEY_W = 32;
  localparam int unsigned RDMA_SQ_WQE_RSVD1_LSB = 224;
  localparam int unsigned RDMA_SQ_WQE_RSVD1_W = 32;
  localparam int unsigned RDMA_SQ_WQE_IMM_LSB = 256;
  localparam int unsigned RDMA_SQ_WQE_IMM_W = 64;
  localparam int unsigned RDMA_SQ_WQE_RSVD2_LSB = 320;
  localparam int unsigned RDMA_SQ_WQE_RSVD2_W = 64;
  localparam int unsigned RDMA_SQ_WQE_SGE0_LSB = 384;
  localparam int unsigned RDMA_SQ_WQE_SGE0_W = 128;
  localparam int unsigned RDMA_SQ_WQE_SGE1_LSB = 512;
  localparam int unsigned RDMA_SQ_WQE_SGE1_W = 128;
  localparam int unsigned RDMA_SQ_WQE_SGE2_LSB = 640;
  localparam int unsigned RDMA_SQ_WQE_SGE2_W = 128;
  localparam int unsigned RDMA_SQ_WQE_SGE3_LSB = 768;
  localparam int unsigned RDMA_SQ_WQE_SGE3_W = 128;
  localparam int unsigned RDMA_SQ_WQE_RSVD3_LSB = 896;
  localparam int unsigned RDMA_SQ_WQE_RSVD3_W = 128;
  typedef struct packed {
    logic [127:0] rsvd3;  // byte 112: reserved, zero
    logic [127:0] sge3;  // byte 96: rdma_sge 3
    logic [127:0] sge2;  // byte 80: rdma_sge 2
    logic [127:0] sge1;  // byte 64: rdma_sge 1
    logic [127:0] sge0;  // byte 48: rdma_sge 0
    logic [63:0] rsvd2;  // byte 40: reserved, zero
    logic [63:0] imm;  // byte 32: RDMA_WRITE_IMM, IMM_DATA: the 8 bytes (byte 0 on the wire in bits 63:56)
    logic [31:0] rsvd1;  // byte 28: reserved, zero
    logic [31:0] rkey;  // byte 24: RDMA_WRITE(_IMM), RDMA_READ: the peer's STag
    logic [63:0] remote_addr;  // byte 16: RDMA_WRITE(_IMM), RDMA_READ: the peer's Tagged Offset
    logic [31:0] inv_stag;  // byte 12: SEND_INV: the peer's STag to invalidate
    logic [7:0] rsvd0;  // byte 11: reserved, zero
    logic [7:0] num_sge;  // byte 10: gather entries used (0..=RDMA_MAX_SGE)
    logic [7:0] flags;  // byte 9: wqe_flags
    logic [7:0] opcode;  // byte 8: rdma_wqe_opcode
    logic [63:0] wr_id;  // byte 0: opaque, returned in the CQE
  } rdma_sq_wqe_t;

  // RDMA send-queue entry of opcode FAST_REG: the first 12 bytes as rdma_sq_wqe (warpnic), 128 bytes
  localparam int unsigned RDMA_SQ_WQE_FR_SIZE = 128;
  localparam int unsigned RDMA_SQ_WQE_FR_WR_ID_LSB = 0;
  localparam int unsigned RDMA_SQ_WQE_FR_WR_ID_W = 64;
  localparam int unsigned RDMA_SQ_WQE_FR_OPCODE_LSB = 64;
  localparam int unsigned RDMA_SQ_WQE_FR_OPCODE_W = 8;
  localparam int unsigned RDMA_SQ_WQE_FR_FLAGS_LSB = 72;
  localparam int unsigned RDMA_SQ_WQE_FR_FLAGS_W = 8;
  localparam int unsigned RDMA_SQ_WQE_FR_ACCESS_LSB = 80;
  localparam int unsigned RDMA_SQ_WQE_FR_ACCESS_W = 8;
  localparam int unsigned RDMA_SQ_WQE_FR_RSVD0_LSB = 88;
  localparam int unsigned RDMA_SQ_WQE_FR_RSVD0_W = 8;
  localparam int unsigned RDMA_SQ_WQE_FR_STAG_LSB = 96;
  localparam int unsigned RDMA_SQ_WQE_FR_STAG_W = 32;
  localparam int unsigned RDMA_SQ_WQE_FR_BASE_LSB = 128;
  localparam int unsigned RDMA_SQ_WQE_FR_BASE_W = 64;
  localparam int unsigned RDMA_SQ_WQE_FR_LEN_LSB = 192;
  localparam int unsigned RDMA_SQ_WQE_FR_LEN_W = 64;
  localparam int unsigned RDMA_SQ_WQE_FR_IOVA_LSB = 256;
  localparam int unsigned RDMA_SQ_WQE_FR_IOVA_W = 64;
  localparam int unsigned RDMA_SQ_WQE_FR_RSVD1_LSB = 320;
  localparam int unsigned RDMA_SQ_WQE_FR_RSVD1_W = 256;
  localparam int unsigned RDMA_SQ_WQE_FR_RSVD2_LSB = 576;
  localparam int unsigned RDMA_SQ_WQE_FR_RSVD2_W = 256;
  localparam int unsigned RDMA_SQ_WQE_FR_RSVD3_LSB = 832;
  localparam int unsigned RDMA_SQ_WQE_FR_RSVD3_W = 192;
  typedef struct packed {
    logic [191:0] rsvd3;  // byte 104: reserved, zero
    logic [255:0] rsvd2;  // byte 72: reserved, zero
    logic [255:0] rsvd1;  // byte 40: reserved, zero
    logic [63:0] iova;  // byte 32: IOVA of the first byte
    logic [63:0] len;  // byte 24: bytes
    logic [63:0] base;  // byte 16: Tagged Offset of the region's first byte
    logic [31:0] stag;  // byte 12: the region's STag with its new key (index 31:8, key 7:0)
    logic [7:0] rsvd0;  // byte 11: reserved, zero
    logic [7:0] access;  // byte 10: mr_access rights of the region from now on (FAST_REG set)
    logic [7:0] flags;  // byte 9: wqe_flags
    logic [7:0] opcode;  // byte 8: rdma_wqe_opcode FAST_REG
    logic [63:0] wr_id;  // byte 0: opaque, returned in the CQE
  } rdma_sq_wqe_fr_t;

  // RDMA receive-queue entry: a receive buffer for one Send or Immediate Data message. Its entries are checked against the memory-region table (LOCAL_WRITE, the QP's PD) when the hardware takes it (warpnic), 128 bytes
  localparam int unsigned RDMA_RQ_WQE_SIZE = 128;
  localparam int unsigned RDMA_RQ_WQE_WR_ID_LSB = 0;
  localparam int unsigned RDMA_RQ_WQE_WR_ID_W = 64;
  localparam int unsigned RDMA_RQ_WQE_NUM_SGE_LSB = 64;
  localparam int unsigned RDMA_RQ_WQE_NUM_SGE_W = 8;
  localparam int unsigned RDMA_RQ_WQE_RSVD0_LSB = 72;
  localparam int unsigned RDMA_RQ_WQE_RSVD0_W = 56;
  localparam int unsigned RDMA_RQ_WQE_SGE0_LSB = 128;
  localparam int unsigned RDMA_RQ_WQE_SGE0_W = 128;
  localparam int unsigned RDMA_RQ_WQE_SGE1_LSB = 256;
  localparam int unsigned RDMA_RQ_WQE_SGE1_W = 128;
  localparam int unsigned RDMA_RQ_WQE_SGE2_LSB = 384;
  localparam int unsigned RDMA_RQ_WQE_SGE2_W = 128;
  localparam int unsigned RDMA_RQ_WQE_SGE3_LSB = 512;
  localparam int unsigned RDMA_RQ_WQE_SGE3_W = 128;
  localparam int unsigned RDMA_RQ_WQE_RSVD1_LSB = 640;
  localparam int unsigned RDMA_RQ_WQE_RSVD1_W = 256;
  localparam int unsigned RDMA_RQ_WQE_RSVD2_LSB = 896;
  localparam int unsigned RDMA_RQ_WQE_RSVD2_W = 128;
  typedef struct packed {
    logic [127:0] rsvd2;  // byte 112: reserved, zero
    logic [255:0] rsvd1;  // byte 80: reserved, zero
    logic [127:0] sge3;  // byte 64: rdma_sge 3
    logic [127:0] sge2;  // byte 48: rdma_sge 2
    logic [127:0] sge1;  // byte 32: rdma_sge 1
    logic [127:0] sge0;  // byte 16: rdma_sge 0
    logic [55:0] rsvd0;  // byte 9: reserved, zero
    logic [7:0] num_sge;  // byte 8: scatter entries used (0..=RDMA_MAX_SGE)
    logic [63:0] wr_id;  // byte 0: opaque, returned in the CQE
  } rdma_rq_wqe_t;

  // Word 0 of a mailbox request or response (warpnic), 4 bytes
  localparam int unsigned FW_MSG_HDR_SIZE = 4;
  localparam int unsigned FW_MSG_HDR_OPCODE_LSB = 0;
  localparam int unsigned FW_MSG_HDR_OPCODE_W = 8;
  localparam int unsigned FW_MSG_HDR_SEQ_LSB = 8;
  localparam int unsigned FW_MSG_HDR_SEQ_W = 8;
  localparam int unsigned FW_MSG_HDR_STATUS_LSB = 16;
  localparam int unsigned FW_MSG_HDR_STATUS_W = 8;
  localparam int unsigned FW_MSG_HDR_LEN_LSB = 24;
  localparam int unsigned FW_MSG_HDR_LEN_W = 8;
  typedef struct packed {
    logic [7:0] len;  // byte 3: message length in 32-bit words, this header included
    logic [7:0] status;  // byte 2: fw_status (responses; zero in requests)
    logic [7:0] seq;  // byte 1: request sequence number, echoed in the response
    logic [7:0] opcode;  // byte 0: fw_opcode
  } fw_msg_hdr_t;

  // Common header of every CPL control message; the opcode's body (if any) and payload follow (warpnic (docs/cpl.md)), 8 bytes
  localparam int unsigned CPL_HDR_OPCODE_LSB = 0;
  localparam int unsigned CPL_HDR_OPCODE_W = 8;
  localparam int unsigned CPL_HDR_FLAGS_LSB = 8;
  localparam int unsigned CPL_HDR_FLAGS_W = 8;
  localparam int unsigned CPL_HDR_LEN_LSB = 16;
  localparam int unsigned CPL_HDR_LEN_W = 16;
  localparam int unsigned CPL_HDR_ID_LSB = 32;
  localparam int unsigned CPL_HDR_ID_W = 32;
  typedef struct packed {
    logic [31:0] id;  // byte 4: connection id (tid), or atid for ACT_OPEN_REQ/RPL, or stid for PASS_OPEN_*/CLOSE_LISTSRV_*
    logic [15:0] len;  // byte 2: message length in bytes: header, body and payload, padded to a multiple of 8
    logic [7:0] flags;  // byte 1: cpl_flags
    logic [7:0] opcode;  // byte 0: cpl_opcode
  } cpl_hdr_t;

  // ACT_OPEN_REQ body: open a connection; the hardware sends SYN (warpnic (docs/cpl.md)), 40 bytes
  localparam int unsigned CPL_ACT_OPEN_REQ_SIZE = 40;
  localparam int unsigned CPL_ACT_OPEN_REQ_LOCAL_IP_LSB = 0;
  localparam int unsigned CPL_ACT_OPEN_REQ_LOCAL_IP_W = 32;
  localparam int unsigned CPL_ACT_OPEN_REQ_PEER_IP_LSB = 32;
  localparam int unsigned CPL_ACT_OPEN_REQ_PEER_IP_W = 32;
  localparam int unsigned CPL_ACT_OPEN_REQ_LOCAL_PORT_LSB = 64;
  localparam int unsigned CPL_ACT_OPEN_REQ_LOCAL_PORT_W = 16;
  localparam int unsigned CPL_ACT_OPEN_REQ_PEER_PORT_LSB = 80;
  localparam int unsigned CPL_ACT_OPEN_REQ_PEER_PORT_W = 16;
  localparam int unsigned CPL_ACT_OPEN_REQ_MSS_LSB = 96;
  localparam int unsigned CPL_ACT_OPEN_REQ_MSS_W = 16;
  localparam int unsigned CPL_ACT_OPEN_REQ_TCP_OPT_LSB = 112;
  localparam int unsigned CPL_ACT_OPEN_REQ_TCP_OPT_W = 8;
  localparam int unsigned CPL_ACT_OPEN_REQ_RCV_WSCALE_LSB = 120;
  localparam int unsigned CPL_ACT_OPEN_REQ_RCV_WSCALE_W = 8;
  localparam int unsigned CPL_ACT_OPEN_REQ_RCV_WND_LSB = 128;
  localparam int unsigned CPL_ACT_OPEN_REQ_RCV_WND_W = 32;
  localparam int unsigned CPL_ACT_OPEN_REQ_ISS_LSB = 160;
  localparam int unsigned CPL_ACT_OPEN_REQ_ISS_W = 32;
  localparam int unsigned CPL_ACT_OPEN_REQ_PEER_MAC_LSB = 192;
  localparam int unsigned CPL_ACT_OPEN_REQ_PEER_MAC_W = 48;
  localparam int unsigned CPL_ACT_OPEN_REQ_VLAN_LSB = 240;
  localparam int unsigned CPL_ACT_OPEN_REQ_VLAN_W = 16;
  localparam int unsigned CPL_ACT_OPEN_REQ_TOS_LSB = 256;
  localparam int unsigned CPL_ACT_OPEN_REQ_TOS_W = 8;
  localparam int unsigned CPL_ACT_OPEN_REQ_TTL_LSB = 264;
  localparam int unsigned CPL_ACT_OPEN_REQ_TTL_W = 8;
  localparam int unsigned CPL_ACT_OPEN_REQ_ULP_MODE_LSB = 272;
  localparam int unsigned CPL_ACT_OPEN_REQ_ULP_MODE_W = 8;
  localparam int unsigned CPL_ACT_OPEN_REQ_RSVD0_LSB = 280;
  localparam int unsigned CPL_ACT_OPEN_REQ_RSVD0_W = 8;
  localparam int unsigned CPL_ACT_OPEN_REQ_RSVD1_LSB = 288;
  localparam int unsigned CPL_ACT_OPEN_REQ_RSVD1_W = 32;
  typedef struct packed {
    logic [31:0] rsvd1;  // byte 36: reserved, zero
    logic [7:0] rsvd0;  // byte 35: reserved, zero
    logic [7:0] ulp_mode;  // byte 34: cpl_ulp_mode
    logic [7:0] ttl;  // byte 33: IPv4 time to live (0: 64)
    logic [7:0] tos;  // byte 32: IPv4 DSCP and ECN byte
    logic [15:0] vlan;  // byte 30: 802.1Q tag control information (0: untagged)
    logic [47:0] peer_mac;  // byte 24: next-hop MAC address, in wire order
    logic [31:0] iss;  // byte 20: initial send sequence number, chosen by the control plane (RFC 9293 §3.4.1)
    logic [31:0] rcv_wnd;  // byte 16: initial receive window, bytes
    logic [7:0] rcv_wscale;  // byte 15: window scale shift to offer, 0..=14 (with WSCALE)
    logic [7:0] tcp_opt;  // byte 14: cpl_tcp_opt
    logic [15:0] mss;  // byte 12: MSS option to send, bytes (0: the port's MAX_FRAME less 54)
    logic [15:0] peer_port;  // byte 10: peer TCP port
    logic [15:0] local_port;  // byte 8: local TCP port
    logic [31:0] peer_ip;  // byte 4: peer IPv4 address
    logic [31:0] local_ip;  // byte 0: local IPv4 address (192.0.2.1 is 0xc0000201)
  } cpl_act_open_req_t;

  // ACT_OPEN_RPL body: the active open failed (success is reported by ACT_ESTABLISH); the atid is free (warpnic (docs/cpl.md)), 8 bytes
  localparam int unsigned CPL_ACT_OPEN_RPL_SIZE = 8;
  localparam int unsigned CPL_ACT_OPEN_RPL_STATUS_LSB = 0;
  localparam int unsigned CPL_ACT_OPEN_RPL_STATUS_W = 8;
  localparam int unsigned CPL_ACT_OPEN_RPL_RSVD0_LSB = 8;
  localparam int unsigned CPL_ACT_OPEN_RPL_RSVD0_W = 8;
  localparam int unsigned CPL_ACT_OPEN_RPL_RSVD1_LSB = 16;
  localparam int unsigned CPL_ACT_OPEN_RPL_RSVD1_W = 16;
  localparam int unsigned CPL_ACT_OPEN_RPL_TID_LSB = 32;
  localparam int unsigned CPL_ACT_OPEN_RPL_TID_W = 32;
  typedef struct packed {
    logic [31:0] tid;  // byte 4: connection id the open had used, now free (CPL_TID_NONE if none)
    logic [15:0] rsvd1;  // byte 2: reserved, zero
    logic [7:0] rsvd0;  // byte 1: reserved, zero
    logic [7:0] status;  // byte 0: cpl_status
  } cpl_act_open_rpl_t;

  // ACT_ESTABLISH body: the SYN-ACK arrived and was acknowledged; the connection is ESTABLISHED under the header's tid (warpnic (docs/cpl.md)), 24 bytes
  localparam int unsigned CPL_ACT_ESTABLISH_SIZE = 24;
  localparam int unsigned CPL_ACT_ESTABLISH_ATID_LSB = 0;
  localparam int unsigned CPL_ACT_ESTABLISH_ATID_W = 32;
  localparam int unsigned CPL_ACT_ESTABLISH_SND_ISN_LSB = 32;
  localparam int unsigned CPL_ACT_ESTABLISH_SND_ISN_W = 32;
  localparam int unsigned CPL_ACT_ESTABLISH_RCV_ISN_LSB = 64;
  localparam int unsigned CPL_ACT_ESTABLISH_RCV_ISN_W = 32;
  localparam int unsigned CPL_ACT_ESTABLISH_SND_WND_LSB = 96;
  localparam int unsigned CPL_ACT_ESTABLISH_SND_WND_W = 32;
  localparam int unsigned CPL_ACT_ESTABLISH_MSS_LSB = 128;
  localparam int unsigned CPL_ACT_ESTABLISH_MSS_W = 16;
  localparam int unsigned CPL_ACT_ESTABLISH_TCP_OPT_LSB = 144;
  localparam int unsigned CPL_ACT_ESTABLISH_TCP_OPT_W = 8;
  localparam int unsigned CPL_ACT_ESTABLISH_SND_WSCALE_LSB = 152;
  localparam int unsigned CPL_ACT_ESTABLISH_SND_WSCALE_W = 8;
  localparam int unsigned CPL_ACT_ESTABLISH_RCV_WSCALE_LSB = 160;
  localparam int unsigned CPL_ACT_ESTABLISH_RCV_WSCALE_W = 8;
  localparam int unsigned CPL_ACT_ESTABLISH_RSVD0_LSB = 168;
  localparam int unsigned CPL_ACT_ESTABLISH_RSVD0_W = 8;
  localparam int unsigned CPL_ACT_ESTABLISH_RSVD1_LSB = 176;
  localparam int unsigned CPL_ACT_ESTABLISH_RSVD1_W = 16;
  typedef struct packed {
    logic [15:0] rsvd1;  // byte 22: reserved, zero
    logic [7:0] rsvd0;  // byte 21: reserved, zero
    logic [7:0] rcv_wscale;  // byte 20: our window scale shift
    logic [7:0] snd_wscale;  // byte 19: the peer's window scale shift
    logic [7:0] tcp_opt;  // byte 18: cpl_tcp_opt
    logic [15:0] mss;  // byte 16: effective MSS, bytes: the smaller of ours and the peer's
    logic [31:0] snd_wnd;  // byte 12: the peer's window, bytes, scaled
    logic [31:0] rcv_isn;  // byte 8: the peer's initial sequence number
    logic [31:0] snd_isn;  // byte 4: our initial sequence number
    logic [31:0] atid;  // byte 0: active open id of the ACT_OPEN_REQ, now free
  } cpl_act_establish_t;

  // PASS_OPEN_REQ body: listen; SYNs that match become PASS_ACCEPT_REQ (warpnic (docs/cpl.md)), 24 bytes
  localparam int unsigned CPL_PASS_OPEN_REQ_SIZE = 24;
  localparam int unsigned CPL_PASS_OPEN_REQ_LOCAL_IP_LSB = 0;
  localparam int unsigned CPL_PASS_OPEN_REQ_LOCAL_IP_W = 32;
  localparam int unsigned CPL_PASS_OPEN_REQ_PEER_IP_LSB = 32;
  localparam int unsigned CPL_PASS_OPEN_REQ_PEER_IP_W = 32;
  localparam int unsigned CPL_PASS_OPEN_REQ_LOCAL_PORT_LSB = 64;
  localparam int unsigned CPL_PASS_OPEN_REQ_LOCAL_PORT_W = 16;
  localparam int unsigned CPL_PASS_OPEN_REQ_PEER_PORT_LSB = 80;
  localparam int unsigned CPL_PASS_OPEN_REQ_PEER_PORT_W = 16;
  localparam int unsigned CPL_PASS_OPEN_REQ_MSS_LSB = 96;
  localparam int unsigned CPL_PASS_OPEN_REQ_MSS_W = 16;
  localparam int unsigned CPL_PASS_OPEN_REQ_TCP_OPT_LSB = 112;
  localparam int unsigned CPL_PASS_OPEN_REQ_TCP_OPT_W = 8;
  localparam int unsigned CPL_PASS_OPEN_REQ_RCV_WSCALE_LSB = 120;
  localparam int unsigned CPL_PASS_OPEN_REQ_RCV_WSCALE_W = 8;
  localparam int unsigned CPL_PASS_OPEN_REQ_RCV_WND_LSB = 128;
  localparam int unsigned CPL_PASS_OPEN_REQ_RCV_WND_W = 32;
  localparam int unsigned CPL_PASS_OPEN_REQ_RSVD0_LSB = 160;
  localparam int unsigned CPL_PASS_OPEN_REQ_RSVD0_W = 32;
  typedef struct packed {
    logic [31:0] rsvd0;  // byte 20: reserved, zero
    logic [31:0] rcv_wnd;  // byte 16: initial receive window of accepted connections, bytes
    logic [7:0] rcv_wscale;  // byte 15: window scale shift to offer, 0..=14
    logic [7:0] tcp_opt;  // byte 14: cpl_tcp_opt
    logic [15:0] mss;  // byte 12: MSS option for SYN-ACKs, bytes (0: the port's MAX_FRAME less 54)
    logic [15:0] peer_port;  // byte 10: accept SYNs from this port only (0: any)
    logic [15:0] local_port;  // byte 8: local TCP port
    logic [31:0] peer_ip;  // byte 4: accept SYNs from this address only (0: any)
    logic [31:0] local_ip;  // byte 0: local IPv4 address to listen on (0: any)
  } cpl_pass_open_req_t;

  // PASS_OPEN_RPL body: the listener runs (SUCCESS) or the stid is free again (warpnic (docs/cpl.md)), 8 bytes
  localparam int unsigned CPL_PASS_OPEN_RPL_SIZE = 8;
  localparam int unsigned CPL_PASS_OPEN_RPL_STATUS_LSB = 0;
  localparam int unsigned CPL_PASS_OPEN_RPL_STATUS_W = 8;
  localparam int unsigned CPL_PASS_OPEN_RPL_RSVD0_LSB = 8;
  localparam int unsigned CPL_PASS_OPEN_RPL_RSVD0_W = 8;
  localparam int unsigned CPL_PASS_OPEN_RPL_LOCAL_PORT_LSB = 16;
  localparam int unsigned CPL_PASS_OPEN_RPL_LOCAL_PORT_W = 16;
  localparam int unsigned CPL_PASS_OPEN_RPL_RSVD1_LSB = 32;
  localparam int unsigned CPL_PASS_OPEN_RPL_RSVD1_W = 32;
  typedef struct packed {
    logic [31:0] rsvd1;  // byte 4: reserved, zero
    logic [15:0] local_port;  // byte 2: the listening port, as requested
    logic [7:0] rsvd0;  // byte 1: reserved, zero
    logic [7:0] status;  // byte 0: cpl_status
  } cpl_pass_open_rpl_t;

  // PASS_ACCEPT_REQ body: a SYN for a listener; the header's tid names the embryonic connection (warpnic (docs/cpl.md)), 40 bytes
  localparam int unsigned CPL_PASS_ACCEPT_REQ_SIZE = 40;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_STID_LSB = 0;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_STID_W = 32;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_LOCAL_IP_LSB = 32;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_LOCAL_IP_W = 32;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_PEER_IP_LSB = 64;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_PEER_IP_W = 32;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_LOCAL_PORT_LSB = 96;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_LOCAL_PORT_W = 16;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_PEER_PORT_LSB = 112;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_PEER_PORT_W = 16;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_RCV_ISN_LSB = 128;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_RCV_ISN_W = 32;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_PEER_WND_LSB = 160;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_PEER_WND_W = 16;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_PEER_MSS_LSB = 176;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_PEER_MSS_W = 16;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_TCP_OPT_LSB = 192;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_TCP_OPT_W = 8;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_SND_WSCALE_LSB = 200;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_SND_WSCALE_W = 8;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_TOS_LSB = 208;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_TOS_W = 8;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_RSVD0_LSB = 216;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_RSVD0_W = 8;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_PEER_MAC_LSB = 224;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_PEER_MAC_W = 48;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_VLAN_LSB = 272;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_VLAN_W = 16;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_RSVD1_LSB = 288;
  localparam int unsigned CPL_PASS_ACCEPT_REQ_RSVD1_W = 32;
  typedef struct packed {
    logic [31:0] rsvd1;  // byte 36: reserved, zero
    logic [15:0] vlan;  // byte 34: 802.1Q tag control information of the SYN (0: untagged)
    logic [47:0] peer_mac;  // byte 28: source MAC address of the SYN, in wire order
    logic [7:0] rsvd0;  // byte 27: reserved, zero
    logic [7:0] tos;  // byte 26: IPv4 DSCP and ECN byte of the SYN
    logic [7:0] snd_wscale;  // byte 25: window scale shift the SYN offered (with WSCALE)
    logic [7:0] tcp_opt;  // byte 24: cpl_tcp_opt
    logic [15:0] peer_mss;  // byte 22: MSS option of the SYN, bytes (0: absent, RFC 9293 §3.7.1 default 536)
    logic [15:0] peer_wnd;  // byte 20: window field of the SYN (never scaled)
    logic [31:0] rcv_isn;  // byte 16: the peer's initial sequence number
    logic [15:0] peer_port;  // byte 14: peer TCP port
    logic [15:0] local_port;  // byte 12: local TCP port
    logic [31:0] peer_ip;  // byte 8: peer IPv4 address (the SYN's source)
    logic [31:0] local_ip;  // byte 4: local IPv4 address (the SYN's destination)
    logic [31:0] stid;  // byte 0: listener that matched
  } cpl_pass_accept_req_t;

  // PASS_ACCEPT_RPL body: SUCCESS sends SYN-ACK; CONN_REFUSED sends RST; any other status drops the SYN; refusals free the tid (warpnic (docs/cpl.md)), 16 bytes
  localparam int unsigned CPL_PASS_ACCEPT_RPL_SIZE = 16;
  localparam int unsigned CPL_PASS_ACCEPT_RPL_STATUS_LSB = 0;
  localparam int unsigned CPL_PASS_ACCEPT_RPL_STATUS_W = 8;
  localparam int unsigned CPL_PASS_ACCEPT_RPL_TCP_OPT_LSB = 8;
  localparam int unsigned CPL_PASS_ACCEPT_RPL_TCP_OPT_W = 8;
  localparam int unsigned CPL_PASS_ACCEPT_RPL_RCV_WSCALE_LSB = 16;
  localparam int unsigned CPL_PASS_ACCEPT_RPL_RCV_WSCALE_W = 8;
  localparam int unsigned CPL_PASS_ACCEPT_RPL_TOS_LSB = 24;
  localparam int unsigned CPL_PASS_ACCEPT_RPL_TOS_W = 8;
  localparam int unsigned CPL_PASS_ACCEPT_RPL_ISS_LSB = 32;
  localparam int unsigned CPL_PASS_ACCEPT_RPL_ISS_W = 32;
  localparam int unsigned CPL_PASS_ACCEPT_RPL_MSS_LSB = 64;
  localparam int unsigned CPL_PASS_ACCEPT_RPL_MSS_W = 16;
  localparam int unsigned CPL_PASS_ACCEPT_RPL_RSVD0_LSB = 80;
  localparam int unsigned CPL_PASS_ACCEPT_RPL_RSVD0_W = 16;
  localparam int unsigned CPL_PASS_ACCEPT_RPL_RCV_WND_LSB = 96;
  localparam int unsigned CPL_PASS_ACCEPT_RPL_RCV_WND_W = 32;
  typedef struct packed {
    logic [31:0] rcv_wnd;  // byte 12: initial receive window, bytes (0: the listener's)
    logic [15:0] rsvd0;  // byte 10: reserved, zero
    logic [15:0] mss;  // byte 8: MSS option to send, bytes (0: the listener's)
    logic [31:0] iss;  // byte 4: initial send sequence number, chosen by the control plane
    logic [7:0] tos;  // byte 3: IPv4 DSCP and ECN byte of the connection
    logic [7:0] rcv_wscale;  // byte 2: our window scale shift, 0..=14 (with WSCALE)
    logic [7:0] tcp_opt;  // byte 1: cpl_tcp_opt
    logic [7:0] status;  // byte 0: cpl_status
  } cpl_pass_accept_rpl_t;

  // PASS_ESTABLISH body: the ACK of our SYN-ACK arrived; the connection is ESTABLISHED under the header's tid (warpnic (docs/cpl.md)), 24 bytes
  localparam int unsigned CPL_PASS_ESTABLISH_SIZE = 24;
  localparam int unsigned CPL_PASS_ESTABLISH_STID_LSB = 0;
  localparam int unsigned CPL_PASS_ESTABLISH_STID_W = 32;
  localparam int unsigned CPL_PASS_ESTABLISH_SND_ISN_LSB = 32;
  localparam int unsigned CPL_PASS_ESTABLISH_SND_ISN_W = 32;
  localparam int unsigned CPL_PASS_ESTABLISH_RCV_ISN_LSB = 64;
  localparam int unsigned CPL_PASS_ESTABLISH_RCV_ISN_W = 32;
  localparam int unsigned CPL_PASS_ESTABLISH_SND_WND_LSB = 96;
  localparam int unsigned CPL_PASS_ESTABLISH_SND_WND_W = 32;
  localparam int unsigned CPL_PASS_ESTABLISH_MSS_LSB = 128;
  localparam int unsigned CPL_PASS_ESTABLISH_MSS_W = 16;
  localparam int unsigned CPL_PASS_ESTABLISH_TCP_OPT_LSB = 144;
  localparam int unsigned CPL_PASS_ESTABLISH_TCP_OPT_W = 8;
  localparam int unsigned CPL_PASS_ESTABLISH_SND_WSCALE_LSB = 152;
  localparam int unsigned CPL_PASS_ESTABLISH_SND_WSCALE_W = 8;
  localparam int unsigned CPL_PASS_ESTABLISH_RCV_WSCALE_LSB = 160;
  localparam int unsigned CPL_PASS_ESTABLISH_RCV_WSCALE_W = 8;
  localparam int unsigned CPL_PASS_ESTABLISH_RSVD0_LSB = 168;
  localparam int unsigned CPL_PASS_ESTABLISH_RSVD0_W = 8;
  localparam int unsigned CPL_PASS_ESTABLISH_RSVD1_LSB = 176;
  localparam int unsigned CPL_PASS_ESTABLISH_RSVD1_W = 16;
  typedef struct packed {
    logic [15:0] rsvd1;  // byte 22: reserved, zero
    logic [7:0] rsvd0;  // byte 21: reserved, zero
    logic [7:0] rcv_wscale;  // byte 20: our window scale shift
    logic [7:0] snd_wscale;  // byte 19: the peer's window scale shift
    logic [7:0] tcp_opt;  // byte 18: cpl_tcp_opt
    logic [15:0] mss;  // byte 16: effective MSS, bytes
    logic [31:0] snd_wnd;  // byte 12: the peer's window, bytes, scaled
    logic [31:0] rcv_isn;  // byte 8: the peer's initial sequence number
    logic [31:0] snd_isn;  // byte 4: our initial sequence number
    logic [31:0] stid;  // byte 0: listener that accepted the connection
  } cpl_pass_establish_t;

  // CLOSE_LISTSRV_RPL body: the listener is stopped and its stid free; embryonic connections were reset (warpnic (docs/cpl.md)), 8 bytes
  localparam int unsigned CPL_CLOSE_LISTSRV_RPL_SIZE = 8;
  localparam int unsigned CPL_CLOSE_LISTSRV_RPL_STATUS_LSB = 0;
  localparam int unsigned CPL_CLOSE_LISTSRV_RPL_STATUS_W = 8;
  localparam int unsigned CPL_CLOSE_LISTSRV_RPL_RSVD0_LSB = 8;
  localparam int unsigned CPL_CLOSE_LISTSRV_RPL_RSVD0_W = 8;
  localparam int unsigned CPL_CLOSE_LISTSRV_RPL_RSVD1_LSB = 16;
  localparam int unsigned CPL_CLOSE_LISTSRV_RPL_RSVD1_W = 16;
  localparam int unsigned CPL_CLOSE_LISTSRV_RPL_DROPPED_LSB = 32;
  localparam int unsigned CPL_CLOSE_LISTSRV_RPL_DROPPED_W = 32;
  typedef struct packed {
    logic [31:0] dropped;  // byte 4: embryonic connections (SYN_RECEIVED) reset with the listener
    logic [15:0] rsvd1;  // byte 2: reserved, zero
    logic [7:0] rsvd0;  // byte 1: reserved, zero
    logic [7:0] status;  // byte 0: cpl_status
  } cpl_close_listsrv_rpl_t;

  // TX_DATA body: queue data_len bytes for sending; they take data_len send credits until TX_DATA_ACK returns them (warpnic (docs/cpl.md)), 16 bytes
  localparam int unsigned CPL_TX_DATA_SIZE = 16;
  localparam int unsigned CPL_TX_DATA_DATA_LEN_LSB = 0;
  localparam int unsigned CPL_TX_DATA_DATA_LEN_W = 32;
  localparam int unsigned CPL_TX_DATA_TX_FLAGS_LSB = 32;
  localparam int unsigned CPL_TX_DATA_TX_FLAGS_W = 8;
  localparam int unsigned CPL_TX_DATA_RSVD0_LSB = 40;
  localparam int unsigned CPL_TX_DATA_RSVD0_W = 8;
  localparam int unsigned CPL_TX_DATA_RSVD1_LSB = 48;
  localparam int unsigned CPL_TX_DATA_RSVD1_W = 16;
  localparam int unsigned CPL_TX_DATA_ADDR_LSB = 64;
  localparam int unsigned CPL_TX_DATA_ADDR_W = 64;
  typedef struct packed {
    logic [63:0] addr;  // byte 8: IOVA of the payload, kept until its credits return (ignored with INLINE)
    logic [15:0] rsvd1;  // byte 6: reserved, zero
    logic [7:0] rsvd0;  // byte 5: reserved, zero
    logic [7:0] tx_flags;  // byte 4: cpl_tx_flags
    logic [31:0] data_len;  // byte 0: payload bytes
  } cpl_tx_data_t;

  // TX_DATA_ACK body: the peer acknowledged sent data; its credits (and host buffers) are free (warpnic (docs/cpl.md)), 8 bytes
  localparam int unsigned CPL_TX_DATA_ACK_SIZE = 8;
  localparam int unsigned CPL_TX_DATA_ACK_CREDITS_LSB = 0;
  localparam int unsigned CPL_TX_DATA_ACK_CREDITS_W = 32;
  localparam int unsigned CPL_TX_DATA_ACK_SND_UNA_LSB = 32;
  localparam int unsigned CPL_TX_DATA_ACK_SND_UNA_W = 32;
  typedef struct packed {
    logic [31:0] snd_una;  // byte 4: oldest unacknowledged sequence number after this acknowledgment
    logic [31:0] credits;  // byte 0: bytes newly acknowledged
  } cpl_tx_data_ack_t;

  // RX_DATA body: data_len bytes of in-order stream data follow; they close the receive window until RX_DATA_ACK (warpnic (docs/cpl.md)), 16 bytes
  localparam int unsigned CPL_RX_DATA_SIZE = 16;
  localparam int unsigned CPL_RX_DATA_DATA_LEN_LSB = 0;
  localparam int unsigned CPL_RX_DATA_DATA_LEN_W = 32;
  localparam int unsigned CPL_RX_DATA_SEQ_LSB = 32;
  localparam int unsigned CPL_RX_DATA_SEQ_W = 32;
  localparam int unsigned CPL_RX_DATA_TCP_FLAGS_LSB = 64;
  localparam int unsigned CPL_RX_DATA_TCP_FLAGS_W = 8;
  localparam int unsigned CPL_RX_DATA_RSVD0_LSB = 72;
  localparam int unsigned CPL_RX_DATA_RSVD0_W = 8;
  localparam int unsigned CPL_RX_DATA_RSVD1_LSB = 80;
  localparam int unsigned CPL_RX_DATA_RSVD1_W = 16;
  localparam int unsigned CPL_RX_DATA_RCV_WND_LSB = 96;
  localparam int unsigned CPL_RX_DATA_RCV_WND_W = 32;
  typedef struct packed {
    logic [31:0] rcv_wnd;  // byte 12: receive window still open after this data, bytes
    logic [15:0] rsvd1;  // byte 10: reserved, zero
    logic [7:0] rsvd0;  // byte 9: reserved, zero
    logic [7:0] tcp_flags;  // byte 8: tcp_flags
    logic [31:0] seq;  // byte 4: sequence number of the first payload byte
    logic [31:0] data_len;  // byte 0: payload bytes
  } cpl_rx_data_t;

  // RX_DATA_ACK body: the control plane consumed received data; the window grows by credits (warpnic (docs/cpl.md)), 8 bytes
  localparam int unsigned CPL_RX_DATA_ACK_SIZE = 8;
  localparam int unsigned CPL_RX_DATA_ACK_CREDITS_LSB = 0;
  localparam int unsigned CPL_RX_DATA_ACK_CREDITS_W = 32;
  localparam int unsigned CPL_RX_DATA_ACK_ACK_FLAGS_LSB = 32;
  localparam int unsigned CPL_RX_DATA_ACK_ACK_FLAGS_W = 8;
  localparam int unsigned CPL_RX_DATA_ACK_RSVD0_LSB = 40;
  localparam int unsigned CPL_RX_DATA_ACK_RSVD0_W = 8;
  localparam int unsigned CPL_RX_DATA_ACK_RSVD1_LSB = 48;
  localparam int unsigned CPL_RX_DATA_ACK_RSVD1_W = 16;
  typedef struct packed {
    logic [15:0] rsvd1;  // byte 6: reserved, zero
    logic [7:0] rsvd0;  // byte 5: reserved, zero
    logic [7:0] ack_flags;  // byte 4: cpl_rx_ack_flags
    logic [31:0] credits;  // byte 0: bytes consumed
  } cpl_rx_data_ack_t;

  // CLOSE_CON_RPL body: our FIN was acknowledged; in TIME_WAIT or CLOSED the tid is free (warpnic (docs/cpl.md)), 16 bytes
  localparam int unsigned CPL_CLOSE_CON_RPL_SIZE = 16;
  localparam int unsigned CPL_CLOSE_CON_RPL_STATUS_LSB = 0;
  localparam int unsigned CPL_CLOSE_CON_RPL_STATUS_W = 8;
  localparam int unsigned CPL_CLOSE_CON_RPL_STATE_LSB = 8;
  localparam int unsigned CPL_CLOSE_CON_RPL_STATE_W = 8;
  localparam int unsigned CPL_CLOSE_CON_RPL_RSVD0_LSB = 16;
  localparam int unsigned CPL_CLOSE_CON_RPL_RSVD0_W = 16;
  localparam int unsigned CPL_CLOSE_CON_RPL_SND_NXT_LSB = 32;
  localparam int unsigned CPL_CLOSE_CON_RPL_SND_NXT_W = 32;
  localparam int unsigned CPL_CLOSE_CON_RPL_RCV_NXT_LSB = 64;
  localparam int unsigned CPL_CLOSE_CON_RPL_RCV_NXT_W = 32;
  localparam int unsigned CPL_CLOSE_CON_RPL_RSVD1_LSB = 96;
  localparam int unsigned CPL_CLOSE_CON_RPL_RSVD1_W = 32;
  typedef struct packed {
    logic [31:0] rsvd1;  // byte 12: reserved, zero
    logic [31:0] rcv_nxt;  // byte 8: next sequence number expected from the peer
    logic [31:0] snd_nxt;  // byte 4: sequence number after our FIN
    logic [15:0] rsvd0;  // byte 2: reserved, zero
    logic [7:0] state;  // byte 1: tcp_state
    logic [7:0] status;  // byte 0: cpl_status
  } cpl_close_con_rpl_t;

  // PEER_CLOSE body: the peer's FIN arrived after all its data (warpnic (docs/cpl.md)), 8 bytes
  localparam int unsigned CPL_PEER_CLOSE_SIZE = 8;
  localparam int unsigned CPL_PEER_CLOSE_RCV_NXT_LSB = 0;
  localparam int unsigned CPL_PEER_CLOSE_RCV_NXT_W = 32;
  localparam int unsigned CPL_PEER_CLOSE_STATE_LSB = 32;
  localparam int unsigned CPL_PEER_CLOSE_STATE_W = 8;
  localparam int unsigned CPL_PEER_CLOSE_RSVD0_LSB = 40;
  localparam int unsigned CPL_PEER_CLOSE_RSVD0_W = 8;
  localparam int unsigned CPL_PEER_CLOSE_RSVD1_LSB = 48;
  localparam int unsigned CPL_PEER_CLOSE_RSVD1_W = 16;
  typedef struct packed {
    logic [15:0] rsvd1;  // byte 6: reserved, zero
    logic [7:0] rsvd0;  // byte 5: reserved, zero
    logic [7:0] state;  // byte 4: tcp_state
    logic [31:0] rcv_nxt;  // byte 0: sequence number after the peer's FIN
  } cpl_peer_close_t;

  // ABORT_REQ body: to hardware, reset the connection; to the control plane, the connection was reset or timed out (warpnic (docs/cpl.md)), 8 bytes
  localparam int unsigned CPL_ABORT_REQ_SIZE = 8;
  localparam int unsigned CPL_ABORT_REQ_STATUS_LSB = 0;
  localparam int unsigned CPL_ABORT_REQ_STATUS_W = 8;
  localparam int unsigned CPL_ABORT_REQ_ABORT_FLAGS_LSB = 8;
  localparam int unsigned CPL_ABORT_REQ_ABORT_FLAGS_W = 8;
  localparam int unsigned CPL_ABORT_REQ_RSVD0_LSB = 16;
  localparam int unsigned CPL_ABORT_REQ_RSVD0_W = 16;
  localparam int unsigned CPL_ABORT_REQ_SND_NXT_LSB = 32;
  localparam int unsigned CPL_ABORT_REQ_SND_NXT_W = 32;
  typedef struct packed {
    logic [31:0] snd_nxt;  // byte 4: sequence number of the RST (sent or to send)
    logic [15:0] rsvd0;  // byte 2: reserved, zero
    logic [7:0] abort_flags;  // byte 1: cpl_abort_flags
    logic [7:0] status;  // byte 0: cpl_status
  } cpl_abort_req_t;

  // ABORT_RPL body: the abort is done and the tid is free (warpnic (docs/cpl.md)), 8 bytes
  localparam int unsigned CPL_ABORT_RPL_SIZE = 8;
  localparam int unsigned CPL_ABORT_RPL_STATUS_LSB = 0;
  localparam int unsigned CPL_ABORT_RPL_STATUS_W = 8;
  localparam int unsigned CPL_ABORT_RPL_RSVD0_LSB = 8;
  localparam int unsigned CPL_ABORT_RPL_RSVD0_W = 8;
  localparam int unsigned CPL_ABORT_RPL_RSVD1_LSB = 16;
  localparam int unsigned CPL_ABORT_RPL_RSVD1_W = 16;
  localparam int unsigned CPL_ABORT_RPL_RSVD2_LSB = 32;
  localparam int unsigned CPL_ABORT_RPL_RSVD2_W = 32;
  typedef struct packed {
    logic [31:0] rsvd2;  // byte 4: reserved, zero
    logic [15:0] rsvd1;  // byte 2: reserved, zero
    logic [7:0] rsvd0;  // byte 1: reserved, zero
    logic [7:0] status;  // byte 0: cpl_status
  } cpl_abort_rpl_t;

  // SET_TCB_FIELD body: field = (field & !mask) | (value & mask); a zero mask reads the field (warpnic (docs/cpl.md)), 24 bytes
  localparam int unsigned CPL_SET_TCB_FIELD_SIZE = 24;
  localparam int unsigned CPL_SET_TCB_FIELD_FIELD_LSB = 0;
  localparam int unsigned CPL_SET_TCB_FIELD_FIELD_W = 8;
  localparam int unsigned CPL_SET_TCB_FIELD_RSVD0_LSB = 8;
  localparam int unsigned CPL_SET_TCB_FIELD_RSVD0_W = 8;
  localparam int unsigned CPL_SET_TCB_FIELD_COOKIE_LSB = 16;
  localparam int unsigned CPL_SET_TCB_FIELD_COOKIE_W = 16;
  localparam int unsigned CPL_SET_TCB_FIELD_RSVD1_LSB = 32;
  localparam int unsigned CPL_SET_TCB_FIELD_RSVD1_W = 32;
  localparam int unsigned CPL_SET_TCB_FIELD_MASK_LSB = 64;
  localparam int unsigned CPL_SET_TCB_FIELD_MASK_W = 64;
  localparam int unsigned CPL_SET_TCB_FIELD_VALUE_LSB = 128;
  localparam int unsigned CPL_SET_TCB_FIELD_VALUE_W = 64;
  typedef struct packed {
    logic [63:0] value;  // byte 16: new bits, right-aligned
    logic [63:0] mask;  // byte 8: bits of the field to write
    logic [31:0] rsvd1;  // byte 4: reserved, zero
    logic [15:0] cookie;  // byte 2: opaque, returned in SET_TCB_RPL
    logic [7:0] rsvd0;  // byte 1: reserved, zero
    logic [7:0] field;  // byte 0: tcb_field
  } cpl_set_tcb_field_t;

  // SET_TCB_RPL body: the result of a SET_TCB_FIELD (warpnic (docs/cpl.md)), 16 bytes
  localparam int unsigned CPL_SET_TCB_RPL_SIZE = 16;
  localparam int unsigned CPL_SET_TCB_RPL_STATUS_LSB = 0;
  localparam int unsigned CPL_SET_TCB_RPL_STATUS_W = 8;
  localparam int unsigned CPL_SET_TCB_RPL_FIELD_LSB = 8;
  localparam int unsigned CPL_SET_TCB_RPL_FIELD_W = 8;
  localparam int unsigned CPL_SET_TCB_RPL_COOKIE_LSB = 16;
  localparam int unsigned CPL_SET_TCB_RPL_COOKIE_W = 16;
  localparam int unsigned CPL_SET_TCB_RPL_RSVD0_LSB = 32;
  localparam int unsigned CPL_SET_TCB_RPL_RSVD0_W = 32;
  localparam int unsigned CPL_SET_TCB_RPL_VALUE_LSB = 64;
  localparam int unsigned CPL_SET_TCB_RPL_VALUE_W = 64;
  typedef struct packed {
    logic [63:0] value;  // byte 8: the field's value after the write
    logic [31:0] rsvd0;  // byte 4: reserved, zero
    logic [15:0] cookie;  // byte 2: cookie of the request
    logic [7:0] field;  // byte 1: tcb_field
    logic [7:0] status;  // byte 0: cpl_status
  } cpl_set_tcb_rpl_t;

  // RDMA_TERMINATE body: the Terminate's codes; data_len bytes of its DDP/RDMAP headers and the faulting headers follow (warpnic (docs/cpl.md), RFC 5040 §4.8), 8 bytes
  localparam int unsigned CPL_RDMA_TERMINATE_SIZE = 8;
  localparam int unsigned CPL_RDMA_TERMINATE_LAYER_LSB = 0;
  localparam int unsigned CPL_RDMA_TERMINATE_LAYER_W = 8;
  localparam int unsigned CPL_RDMA_TERMINATE_ETYPE_LSB = 8;
  localparam int unsigned CPL_RDMA_TERMINATE_ETYPE_W = 8;
  localparam int unsigned CPL_RDMA_TERMINATE_ECODE_LSB = 16;
  localparam int unsigned CPL_RDMA_TERMINATE_ECODE_W = 8;
  localparam int unsigned CPL_RDMA_TERMINATE_ORIGIN_LSB = 24;
  localparam int unsigned CPL_RDMA_TERMINATE_ORIGIN_W = 8;
  localparam int unsigned CPL_RDMA_TERMINATE_DATA_LEN_LSB = 32;
  localparam int unsigned CPL_RDMA_TERMINATE_DATA_LEN_W = 32;
  typedef struct packed {
    logic [31:0] data_len;  // byte 4: payload bytes
    logic [7:0] origin;  // byte 3: cpl_term_origin
    logic [7:0] ecode;  // byte 2: error code (term_ecode_*)
    logic [7:0] etype;  // byte 1: error type of that layer (term_etype_*)
    logic [7:0] layer;  // byte 0: term_layer
  } cpl_rdma_terminate_t;

  // ---------------------------------------------------------------- wire headers
  // Big-endian. The struct is in wire order (first wire bit = MSB); on the
  // bus, wire byte 0 is bits 7:0. H_F_OFF is the byte offset of the field's
  // container, H_F_SHIFT its bit position inside the big-endian container.

  // Ethernet II header (IEEE 802.3), 14 bytes
  localparam int unsigned ETHERNET_HDR_SIZE = 14;
  localparam int unsigned ETHERNET_HDR_DST_OFF = 0;
  localparam int unsigned ETHERNET_HDR_DST_SHIFT = 0;
  localparam int unsigned ETHERNET_HDR_DST_W = 48;
  localparam int unsigned ETHERNET_HDR_SRC_OFF = 6;
  localparam int unsigned ETHERNET_HDR_SRC_SHIFT = 0;
  localparam int unsigned ETHERNET_HDR_SRC_W = 48;
  localparam int unsigned ETHERNET_HDR_ETHER_TYPE_OFF = 12;
  localparam int unsigned ETHERNET_HDR_ETHER_TYPE_SHIFT = 0;
  localparam int unsigned ETHERNET_HDR_ETHER_TYPE_W = 16;
  typedef struct packed {
    logic [47:0] dst;  // byte 0: destination MAC address
    logic [47:0] src;  // byte 6: source MAC address
    logic [15:0] ether_type;  // byte 12: ether_type
  } ethernet_hdr_t;
  // Bus order (wire byte 0 in bits 7:0) to the wire-order struct.
  function automatic ethernet_hdr_t ethernet_hdr_unpack(input logic [ETHERNET_HDR_SIZE*8-1:0] bus);
    ethernet_hdr_unpack = {
      bus[7:0], bus[15:8], bus[23:16], bus[31:24], bus[39:32], bus[47:40],
      bus[55:48], bus[63:56], bus[71:64], bus[79:72], bus[87:80], bus[95:88],
      bus[103:96], bus[111:104]
    };
  endfunction
  // The wire-order struct to bus order.
  function automatic logic [ETHERNET_HDR_SIZE*8-1:0] ethernet_hdr_pack(input ethernet_hdr_t hdr);
    logic [ETHERNET_HDR_SIZE*8-1:0] v;
    v = hdr;
    ethernet_hdr_pack = {
      v[7:0], v[15:8], v[23:16], v[31:24], v[39:32], v[47:40],
      v[55:48], v[63:56], v[71:64], v[79:72], v[87:80], v[95:88],
      v[103:96], v[111:104]
    };
  endfunction

  // ARP packet for IPv4 over Ethernet (RFC 826), 28 bytes
  localparam int unsigned ARP_IPV4_SIZE = 28;
  localparam int unsigned ARP_IPV4_HTYPE_OFF = 0;
  localparam int unsigned ARP_IPV4_HTYPE_SHIFT = 0;
  localparam int unsigned ARP_IPV4_HTYPE_W = 16;
  localparam int unsigned ARP_IPV4_PTYPE_OFF = 2;
  localparam int unsigned ARP_IPV4_PTYPE_SHIFT = 0;
  localparam int unsigned ARP_IPV4_PTYPE_W = 16;
  localparam int unsigned ARP_IPV4_HLEN_OFF = 4;
  localparam int unsigned ARP_IPV4_HLEN_SHIFT = 0;
  localparam int unsigned ARP_IPV4_HLEN_W = 8;
  localparam int unsigned ARP_IPV4_PLEN_OFF = 5;
  localparam int unsigned ARP_IPV4_PLEN_SHIFT = 0;
  localparam int unsigned ARP_IPV4_PLEN_W = 8;
  localparam int unsigned ARP_IPV4_OPER_OFF = 6;
  localparam int unsigned ARP_IPV4_OPER_SHIFT = 0;
  localparam int unsigned ARP_IPV4_OPER_W = 16;
  localparam int unsigned ARP_IPV4_SHA_OFF = 8;
  localparam int unsigned ARP_IPV4_SHA_SHIFT = 0;
  localparam int unsigned ARP_IPV4_SHA_W = 48;
  localparam int unsigned ARP_IPV4_SPA_OFF = 14;
  localparam int unsigned ARP_IPV4_SPA_SHIFT = 0;
  localparam int unsigned ARP_IPV4_SPA_W = 32;
  localparam int unsigned ARP_IPV4_THA_OFF = 18;
  localparam int unsigned ARP_IPV4_THA_SHIFT = 0;
  localparam int unsigned ARP_IPV4_THA_W = 48;
  localparam int unsigned ARP_IPV4_TPA_OFF = 24;
  localparam int unsigned ARP_IPV4_TPA_SHIFT = 0;
  localparam int unsigned ARP_IPV4_TPA_W = 32;
  typedef struct packed {
    logic [15:0] htype;  // byte 0: hardware type, 1 = Ethernet
    logic [15:0] ptype;  // byte 2: protocol type, 0x0800
    logic [7:0] hlen;  // byte 4: hardware address length, 6
    logic [7:0] plen;  // byte 5: protocol address length, 4
    logic [15:0] oper;  // byte 6: arp_oper
    logic [47:0] sha;  // byte 8: sender hardware address
    logic [31:0] spa;  // byte 14: sender protocol address
    logic [47:0] tha;  // byte 18: target hardware address
    logic [31:0] tpa;  // byte 24: target protocol address
  } arp_ipv4_t;
  // Bus order (wire byte 0 in bits 7:0) to the wire-order struct.
  function automatic arp_ipv4_t arp_ipv4_unpack(input logic [ARP_IPV4_SIZE*8-1:0] bus);
    arp_ipv4_unpack = {
      bus[7:0], bus[15:8], bus[23:16], bus[31:24], bus[39:32], bus[47:40],
      bus[55:48], bus[63:56], bus[71:64], bus[79:72], bus[87:80], bus[95:88],
      bus[103:96], bus[111:104], bus[119:112], bus[127:120], bus[135:128], bus[143:136],
      bus[151:144], bus[159:152], bus[167:160], bus[175:168], bus[183:176], bus[191:184],
      bus[199:192], bus[207:200], bus[215:208], bus[223:216]
    };
  endfunction
  // The wire-order struct to bus order.
  function automatic logic [ARP_IPV4_SIZE*8-1:0] arp_ipv4_pack(input arp_ipv4_t hdr);
    logic [ARP_IPV4_SIZE*8-1:0] v;
    v = hdr;
    arp_ipv4_pack = {
      v[7:0], v[15:8], v[23:16], v[31:24], v[39:32], v[47:40],
      v[55:48], v[63:56], v[71:64], v[79:72], v[87:80], v[95:88],
      v[103:96], v[111:104], v[119:112], v[127:120], v[135:128], v[143:136],
      v[151:144], v[159:152], v[167:160], v[175:168], v[183:176], v[191:184],
      v[199:192], v[207:200], v[215:208], v[223:216]
    };
  endfunction

  // IPv4 header without options (RFC 791 §3.1), 20 bytes
  localparam int unsigned IPV4_HDR_SIZE = 20;
  localparam int unsigned IPV4_HDR_VERSION_OFF = 0;
  localparam int unsigned IPV4_HDR_VERSION_SHIFT = 4;
  localparam int unsigned IPV4_HDR_VERSION_W = 4;
  localparam int unsigned IPV4_HDR_IHL_OFF = 0;
  localparam int unsigned IPV4_HDR_IHL_SHIFT = 0;
  localparam int unsigned IPV4_HDR_IHL_W = 4;
  localparam int unsigned IPV4_HDR_DSCP_OFF = 1;
  localparam int unsigned IPV4_HDR_DSCP_SHIFT = 2;
  localparam int unsigned IPV4_HDR_DSCP_W = 6;
  localparam int unsigned IPV4_HDR_ECN_OFF = 1;
  localparam int unsigned IPV4_HDR_ECN_SHIFT = 0;
  localparam int unsigned IPV4_HDR_ECN_W = 2;
  localparam int unsigned IPV4_HDR_TOTAL_LEN_OFF = 2;
  localparam int unsigned IPV4_HDR_TOTAL_LEN_SHIFT = 0;
  localparam int unsigned IPV4_HDR_TOTAL_LEN_W = 16;
  localparam int unsigned IPV4_HDR_IDENT_OFF = 4;
  localparam int unsigned IPV4_HDR_IDENT_SHIFT = 0;
  localparam int unsigned IPV4_HDR_IDENT_W = 16;
  localparam int unsigned IPV4_HDR_FLAGS_OFF = 6;
  localparam int unsigned IPV4_HDR_FLAGS_SHIFT = 13;
  localparam int unsigned IPV4_HDR_FLAGS_W = 3;
  localparam int unsigned IPV4_HDR_FRAG_OFFSET_OFF = 6;
  localparam int unsigned IPV4_HDR_FRAG_OFFSET_SHIFT = 0;
  localparam int unsigned IPV4_HDR_FRAG_OFFSET_W = 13;
  localparam int unsigned IPV4_HDR_TTL_OFF = 8;
  localparam int unsigned IPV4_HDR_TTL_SHIFT = 0;
  localparam int unsigned IPV4_HDR_TTL_W = 8;
  localparam int unsigned IPV4_HDR_PROTOCOL_OFF = 9;
  localparam int unsigned IPV4_HDR_PROTOCOL_SHIFT = 0;
  localparam int unsigned IPV4_HDR_PROTOCOL_W = 8;
  localparam int unsigned IPV4_HDR_CHECKSUM_OFF = 10;
  localparam int unsigned IPV4_HDR_CHECKSUM_SHIFT = 0;
  localparam int unsigned IPV4_HDR_CHECKSUM_W = 16;
  localparam int unsigned IPV4_HDR_SRC_OFF = 12;
  localparam int unsigned IPV4_HDR_SRC_SHIFT = 0;
  localparam int unsigned IPV4_HDR_SRC_W = 32;
  localparam int unsigned IPV4_HDR_DST_OFF = 16;
  localparam int unsigned IPV4_HDR_DST_SHIFT = 0;
  localparam int unsigned IPV4_HDR_DST_W = 32;
  typedef struct packed {
    logic [3:0] version;  // byte 0 bit 4: 4
    logic [3:0] ihl;  // byte 0 bit 0: header length in 32-bit words
    logic [5:0] dscp;  // byte 1 bit 2: differentiated services code point
    logic [1:0] ecn;  // byte 1 bit 0: explicit congestion notification
    logic [15:0] total_len;  // byte 2: datagram length in bytes
    logic [15:0] ident;  // byte 4: identification
    logic [2:0] flags;  // byte 6 bit 13: bit 1 DF, bit 0 MF
    logic [12:0] frag_offset;  // byte 6 bit 0: fragment offset in 8-byte units
    logic [7:0] ttl;  // byte 8: time to live
    logic [7:0] protocol;  // byte 9: ip_protocol
    logic [15:0] checksum;  // byte 10: header checksum
    logic [31:0] src;  // byte 12: source address
    logic [31:0] dst;  // byte 16: destination address
  } ipv4_hdr_t;
  // Bus order (wire byte 0 in bits 7:0) to the wire-order struct.
  function automatic ipv4_hdr_t ipv4_hdr_unpack(input logic [IPV4_HDR_SIZE*8-1:0] bus);
    ipv4_hdr_unpack = {
      bus[7:0], bus[15:8], bus[23:16], bus[31:24], bus[39:32], bus[47:40],
      bus[55:48], bus[63:56], bus[71:64], bus[79:72], bus[87:80], bus[95:88],
      bus[103:96], bus[111:104], bus[119:112], bus[127:120], bus[135:128], bus[143:136],
      bus[151:144], bus[159:152]
    };
  endfunction
  // The wire-order struct to bus order.
  function automatic logic [IPV4_HDR_SIZE*8-1:0] ipv4_hdr_pack(input ipv4_hdr_t hdr);
    logic [IPV4_HDR_SIZE*8-1:0] v;
    v = hdr;
    ipv4_hdr_pack = {
      v[7:0], v[15:8], v[23:16], v[31:24], v[39:32], v[47:40],
      v[55:48], v[63:56], v[71:64], v[79:72], v[87:80], v[95:88],
      v[103:96], v[111:104], v[119:112], v[127:120], v[135:128], v[143:136],
      v[151:144], v[159:152]
    };
  endfunction

  // TCP header without options (RFC 9293 §3.1), 20 bytes
  localparam int unsigned TCP_HDR_SIZE = 20;
  localparam int unsigned TCP_HDR_SRC_PORT_OFF = 0;
  localparam int unsigned TCP_HDR_SRC_PORT_SHIFT = 0;
  localparam int unsigned TCP_HDR_SRC_PORT_W = 16;
  localparam int unsigned TCP_HDR_DST_PORT_OFF = 2;
  localparam int unsigned TCP_HDR_DST_PORT_SHIFT = 0;
  localparam int unsigned TCP_HDR_DST_PORT_W = 16;
  localparam int unsigned TCP_HDR_SEQ_OFF = 4;
  localparam int unsigned TCP_HDR_SEQ_SHIFT = 0;
  localparam int unsigned TCP_HDR_SEQ_W = 32;
  localparam int unsigned TCP_HDR_ACK_OFF = 8;
  localparam int unsigned TCP_HDR_ACK_SHIFT = 0;
  localparam int unsigned TCP_HDR_ACK_W = 32;
  localparam int unsigned TCP_HDR_DATA_OFFSET_OFF = 12;
  localparam int unsigned TCP_HDR_DATA_OFFSET_SHIFT = 4;
  localparam int unsigned TCP_HDR_DATA_OFFSET_W = 4;
  localparam int unsigned TCP_HDR_RSVD_OFF = 12;
  localparam int unsigned TCP_HDR_RSVD_SHIFT = 0;
  localparam int unsigned TCP_HDR_RSVD_W = 4;
  localparam int unsigned TCP_HDR_FLAGS_OFF = 13;
  localparam int unsigned TCP_HDR_FLAGS_SHIFT = 0;
  localparam int unsigned TCP_HDR_FLAGS_W = 8;
  localparam int unsigned TCP_HDR_WINDOW_OFF = 14;
  localparam int unsigned TCP_HDR_WINDOW_SHIFT = 0;
  localparam int unsigned TCP_HDR_WINDOW_W = 16;
  localparam int unsigned TCP_HDR_CHECKSUM_OFF = 16;
  localparam int unsigned TCP_HDR_CHECKSUM_SHIFT = 0;
  localparam int unsigned TCP_HDR_CHECKSUM_W = 16;
  localparam int unsigned TCP_HDR_URGENT_OFF = 18;
  localparam int unsigned TCP_HDR_URGENT_SHIFT = 0;
  localparam int unsigned TCP_HDR_URGENT_W = 16;
  typedef struct packed {
    logic [15:0] src_port;  // byte 0: source port
    logic [15:0] dst_port;  // byte 2: destination port
    logic [31:0] seq;  // byte 4: sequence number
    logic [31:0] ack;  // byte 8: acknowledgment number
    logic [3:0] data_offset;  // byte 12 bit 4: header length in 32-bit words
    logic [3:0] rsvd;  // byte 12 bit 0: reserved
    logic [7:0] flags;  // byte 13: tcp_flags
    logic [15:0] window;  // byte 14: receive window
    logic [15:0] checksum;  // byte 16: checksum over the pseudo-header, header and data
    logic [15:0] urgent;  // byte 18: urgent pointer
  } tcp_hdr_t;
  // Bus order (wire byte 0 in bits 7:0) to the wire-order struct.
  function automatic tcp_hdr_t tcp_hdr_unpack(input logic [TCP_HDR_SIZE*8-1:0] bus);
    tcp_hdr_unpack = {
      bus[7:0], bus[15:8], bus[23:16], bus[31:24], bus[39:32], bus[47:40],
      bus[55:48], bus[63:56], bus[71:64], bus[79:72], bus[87:80], bus[95:88],
      bus[103:96], bus[111:104], bus[119:112], bus[127:120], bus[135:128], bus[143:136],
      bus[151:144], bus[159:152]
    };
  endfunction
  // The wire-order struct to bus order.
  function automatic logic [TCP_HDR_SIZE*8-1:0] tcp_hdr_pack(input tcp_hdr_t hdr);
    logic [TCP_HDR_SIZE*8-1:0] v;
    v = hdr;
    tcp_hdr_pack = {
      v[7:0], v[15:8], v[23:16], v[31:24], v[39:32], v[47:40],
      v[55:48], v[63:56], v[71:64], v[79:72], v[87:80], v[95:88],
      v[103:96], v[111:104], v[119:112], v[127:120], v[135:128], v[143:136],
      v[151:144], v[159:152]
    };
  endfunction

  // ICMP echo request/reply header (RFC 792), 8 bytes
  localparam int unsigned ICMP_ECHO_SIZE = 8;
  localparam int unsigned ICMP_ECHO_ICMP_TYPE_OFF = 0;
  localparam int unsigned ICMP_ECHO_ICMP_TYPE_SHIFT = 0;
  localparam int unsigned ICMP_ECHO_ICMP_TYPE_W = 8;
  localparam int unsigned ICMP_ECHO_CODE_OFF = 1;
  localparam int unsigned ICMP_ECHO_CODE_SHIFT = 0;
  localparam int unsigned ICMP_ECHO_CODE_W = 8;
  localparam int unsigned ICMP_ECHO_CHECKSUM_OFF = 2;
  localparam int unsigned ICMP_ECHO_CHECKSUM_SHIFT = 0;
  localparam int unsigned ICMP_ECHO_CHECKSUM_W = 16;
  localparam int unsigned ICMP_ECHO_IDENT_OFF = 4;
  localparam int unsigned ICMP_ECHO_IDENT_SHIFT = 0;
  localparam int unsigned ICMP_ECHO_IDENT_W = 16;
  localparam int unsigned ICMP_ECHO_SEQ_OFF = 6;
  localparam int unsigned ICMP_ECHO_SEQ_SHIFT = 0;
  localparam int unsigned ICMP_ECHO_SEQ_W = 16;
  typedef struct packed {
    logic [7:0] icmp_type;  // byte 0: 8 = echo request, 0 = echo reply
    logic [7:0] code;  // byte 1: 0
    logic [15:0] checksum;  // byte 2: checksum over the ICMP message
    logic [15:0] ident;  // byte 4: identifier
    logic [15:0] seq;  // byte 6: sequence number
  } icmp_echo_t;
  // Bus order (wire byte 0 in bits 7:0) to the wire-order struct.
  function automatic icmp_echo_t icmp_echo_unpack(input logic [ICMP_ECHO_SIZE*8-1:0] bus);
    icmp_echo_unpack = {
      bus[7:0], bus[15:8], bus[23:16], bus[31:24], bus[39:32], bus[47:40],
      bus[55:48], bus[63:56]
    };
  endfunction
  // The wire-order struct to bus order.
  function automatic logic [ICMP_ECHO_SIZE*8-1:0] icmp_echo_pack(input icmp_echo_t hdr);
    logic [ICMP_ECHO_SIZE*8-1:0] v;
    v = hdr;
    icmp_echo_pack = {
      v[7:0], v[15:8], v[23:16], v[31:24], v[39:32], v[47:40],
      v[55:48], v[63:56]
    };
  endfunction

  // MPA request/reply frame header, followed by pd_length bytes of private data (RFC 5044 §7.1; RFC 6581, enhanced MPA frames), 20 bytes
  localparam int unsigned MPA_REQ_REP_SIZE = 20;
  localparam int unsigned MPA_REQ_REP_KEY_OFF = 0;
  localparam int unsigned MPA_REQ_REP_KEY_SHIFT = 0;
  localparam int unsigned MPA_REQ_REP_KEY_W = 128;
  localparam int unsigned MPA_REQ_REP_FLAGS_OFF = 16;
  localparam int unsigned MPA_REQ_REP_FLAGS_SHIFT = 0;
  localparam int unsigned MPA_REQ_REP_FLAGS_W = 8;
  localparam int unsigned MPA_REQ_REP_REVISION_OFF = 17;
  localparam int unsigned MPA_REQ_REP_REVISION_SHIFT = 0;
  localparam int unsigned MPA_REQ_REP_REVISION_W = 8;
  localparam int unsigned MPA_REQ_REP_PD_LENGTH_OFF = 18;
  localparam int unsigned MPA_REQ_REP_PD_LENGTH_SHIFT = 0;
  localparam int unsigned MPA_REQ_REP_PD_LENGTH_W = 16;
  typedef struct packed {
    logic [127:0] key;  // byte 0: "MPA ID Req Frame" or "MPA ID Rep Frame"
    logic [7:0] flags;  // byte 16: mpa_flags (M, C, R, enhanced); bits 3:0 reserved, sent as zero, not checked
    logic [7:0] revision;  // byte 17: MPA revision, 1 or 2
    logic [15:0] pd_length;  // byte 18: private data length, at most 512
  } mpa_req_rep_t;
  // Bus order (wire byte 0 in bits 7:0) to the wire-order struct.
  function automatic mpa_req_rep_t mpa_req_rep_unpack(input logic [MPA_REQ_REP_SIZE*8-1:0] bus);
    mpa_req_rep_unpack = {
      bus[7:0], bus[15:8], bus[23:16], bus[31:24], bus[39:32], bus[47:40],
      bus[55:48], bus[63:56], bus[71:64], bus[79:72], bus[87:80], bus[95:88],
      bus[103:96], bus[111:104], bus[119:112], bus[127:120], bus[135:128], bus[143:136],
      bus[151:144], bus[159:152]
    };
  endfunction
  // The wire-order struct to bus order.
  function automatic logic [MPA_REQ_REP_SIZE*8-1:0] mpa_req_rep_pack(input mpa_req_rep_t hdr);
    logic [MPA_REQ_REP_SIZE*8-1:0] v;
    v = hdr;
    mpa_req_rep_pack = {
      v[7:0], v[15:8], v[23:16], v[31:24], v[39:32], v[47:40],
      v[55:48], v[63:56], v[71:64], v[79:72], v[87:80], v[95:88],
      v[103:96], v[111:104], v[119:112], v[127:120], v[135:128], v[143:136],
      v[151:144], v[159:152]
    };
  endfunction

  // Enhanced connection setup data: the first 4 octets of the private data of a revision 2 frame with the enhanced flag; IRD and ORD are 14 bits (RFC 6581, enhanced connection establishment data), 4 bytes
  localparam int unsigned MPA_V2_IRD_ORD_SIZE = 4;
  localparam int unsigned MPA_V2_IRD_ORD_PEER_TO_PEER_OFF = 0;
  localparam int unsigned MPA_V2_IRD_ORD_PEER_TO_PEER_SHIFT = 15;
  localparam int unsigned MPA_V2_IRD_ORD_PEER_TO_PEER_W = 1;
  localparam int unsigned MPA_V2_IRD_ORD_SEND_RTR_OFF = 0;
  localparam int unsigned MPA_V2_IRD_ORD_SEND_RTR_SHIFT = 14;
  localparam int unsigned MPA_V2_IRD_ORD_SEND_RTR_W = 1;
  localparam int unsigned MPA_V2_IRD_ORD_IRD_OFF = 0;
  localparam int unsigned MPA_V2_IRD_ORD_IRD_SHIFT = 0;
  localparam int unsigned MPA_V2_IRD_ORD_IRD_W = 14;
  localparam int unsigned MPA_V2_IRD_ORD_ZERO_LEN_RDMA_WRITE_OFF = 2;
  localparam int unsigned MPA_V2_IRD_ORD_ZERO_LEN_RDMA_WRITE_SHIFT = 15;
  localparam int unsigned MPA_V2_IRD_ORD_ZERO_LEN_RDMA_WRITE_W = 1;
  localparam int unsigned MPA_V2_IRD_ORD_RDMA_READ_RTR_OFF = 2;
  localparam int unsigned MPA_V2_IRD_ORD_RDMA_READ_RTR_SHIFT = 14;
  localparam int unsigned MPA_V2_IRD_ORD_RDMA_READ_RTR_W = 1;
  localparam int unsigned MPA_V2_IRD_ORD_ORD_OFF = 2;
  localparam int unsigned MPA_V2_IRD_ORD_ORD_SHIFT = 0;
  localparam int unsigned MPA_V2_IRD_ORD_ORD_W = 14;
  typedef struct packed {
    logic peer_to_peer;  // byte 0 bit 15: A: peer-to-peer connection model (IRD word bit 15)
    logic send_rtr;  // byte 0 bit 14: B: RTR as a zero-length Send FPDU (IRD word bit 14)
    logic [13:0] ird;  // byte 0 bit 0: IRD: inbound RDMA Read queue depth
    logic zero_len_rdma_write;  // byte 2 bit 15: C: RTR as a zero-length RDMA Write (ORD word bit 15)
    logic rdma_read_rtr;  // byte 2 bit 14: D: RTR as a zero-length RDMA Read Request (ORD word bit 14)
    logic [13:0] ord;  // byte 2 bit 0: ORD: outbound RDMA Read queue depth
  } mpa_v2_ird_ord_t;
  // Bus order (wire byte 0 in bits 7:0) to the wire-order struct.
  function automatic mpa_v2_ird_ord_t mpa_v2_ird_ord_unpack(input logic [MPA_V2_IRD_ORD_SIZE*8-1:0] bus);
    mpa_v2_ird_ord_unpack = {
      bus[7:0], bus[15:8], bus[23:16], bus[31:24]
    };
  endfunction
  // The wire-order struct to bus order.
  function automatic logic [MPA_V2_IRD_ORD_SIZE*8-1:0] mpa_v2_ird_ord_pack(input mpa_v2_ird_ord_t hdr);
    logic [MPA_V2_IRD_ORD_SIZE*8-1:0] v;
    v = hdr;
    mpa_v2_ird_ord_pack = {
      v[7:0], v[15:8], v[23:16], v[31:24]
    };
  endfunction

  // MPA FPDU header: the ULPDU length (DDP header and payload, without pad and CRC) (RFC 5044 §4.2), 2 bytes
  localparam int unsigned MPA_FPDU_HDR_SIZE = 2;
  localparam int unsigned MPA_FPDU_HDR_ULPDU_LENGTH_OFF = 0;
  localparam int unsigned MPA_FPDU_HDR_ULPDU_LENGTH_SHIFT = 0;
  localparam int unsigned MPA_FPDU_HDR_ULPDU_LENGTH_W = 16;
  typedef struct packed {
    logic [15:0] ulpdu_length;  // byte 0: ULPDU length in bytes
  } mpa_fpdu_hdr_t;
  // Bus order (wire byte 0 in bits 7:0) to the wire-order struct.
  function automatic mpa_fpdu_hdr_t mpa_fpdu_hdr_unpack(input logic [MPA_FPDU_HDR_SIZE*8-1:0] bus);
    mpa_fpdu_hdr_unpack = {
      bus[7:0], bus[15:8]
    };
  endfunction
  // The wire-order struct to bus order.
  function automatic logic [MPA_FPDU_HDR_SIZE*8-1:0] mpa_fpdu_hdr_pack(input mpa_fpdu_hdr_t hdr);
    logic [MPA_FPDU_HDR_SIZE*8-1:0] v;
    v = hdr;
    mpa_fpdu_hdr_pack = {
      v[7:0], v[15:8]
    };
  endfunction

  // MPA marker, inserted every 512 octets of the TCP stream when the receiver asked for markers (RFC 5044 §4.3), 4 bytes
  localparam int unsigned MPA_MARKER_SIZE = 4;
  localparam int unsigned MPA_MARKER_RSVD_OFF = 0;
  localparam int unsigned MPA_MARKER_RSVD_SHIFT = 0;
  localparam int unsigned MPA_MARKER_RSVD_W = 16;
  localparam int unsigned MPA_MARKER_FPDUPTR_OFF = 2;
  localparam int unsigned MPA_MARKER_FPDUPTR_SHIFT = 0;
  localparam int unsigned MPA_MARKER_FPDUPTR_W = 16;
  typedef struct packed {
    logic [15:0] rsvd;  // byte 0: reserved, zero
    logic [15:0] fpduptr;  // byte 2: octets back from the marker to the start of the FPDU's ULPDU_Length
  } mpa_marker_t;
  // Bus order (wire byte 0 in bits 7:0) to the wire-order struct.
  function automatic mpa_marker_t mpa_marker_unpack(input logic [MPA_MARKER_SIZE*8-1:0] bus);
    mpa_marker_unpack = {
      bus[7:0], bus[15:8], bus[23:16], bus[31:24]
    };
  endfunction
  // The wire-order struct to bus order.
  function automatic logic [MPA_MARKER_SIZE*8-1:0] mpa_marker_pack(input mpa_marker_t hdr);
    logic [MPA_MARKER_SIZE*8-1:0] v;
    v = hdr;
    mpa_marker_pack = {
      v[7:0], v[15:8], v[23:16], v[31:24]
    };
  endfunction

  // DDP control field, the first octet of every DDP segment (RFC 5041 §5.1), 1 bytes
  localparam int unsigned DDP_CTRL_SIZE = 1;
  localparam int unsigned DDP_CTRL_TAGGED_OFF = 0;
  localparam int unsigned DDP_CTRL_TAGGED_SHIFT = 7;
  localparam int unsigned DDP_CTRL_TAGGED_W = 1;
  localparam int unsigned DDP_CTRL_LAST_OFF = 0;
  localparam int unsigned DDP_CTRL_LAST_SHIFT = 6;
  localparam int unsigned DDP_CTRL_LAST_W = 1;
  localparam int unsigned DDP_CTRL_RSVD_OFF = 0;
  localparam int unsigned DDP_CTRL_RSVD_SHIFT = 2;
  localparam int unsigned DDP_CTRL_RSVD_W = 4;
  localparam int unsigned DDP_CTRL_DDP_VERSION_OFF = 0;
  localparam int unsigned DDP_CTRL_DDP_VERSION_SHIFT = 0;
  localparam int unsigned DDP_CTRL_DDP_VERSION_W = 2;
  typedef struct packed {
    logic tagged_f;  // byte 0 bit 7: T: tagged buffer model
    logic last;  // byte 0 bit 6: L: last segment of the DDP message
    logic [3:0] rsvd;  // byte 0 bit 2: reserved, zero
    logic [1:0] ddp_version;  // byte 0 bit 0: DV: DDP version, 1
  } ddp_ctrl_t;
  // Bus order (wire byte 0 in bits 7:0) to the wire-order struct.
  function automatic ddp_ctrl_t ddp_ctrl_unpack(input logic [DDP_CTRL_SIZE*8-1:0] bus);
    ddp_ctrl_unpack = {
      bus[7:0]
    };
  endfunction
  // The wire-order struct to bus order.
  function automatic logic [DDP_CTRL_SIZE*8-1:0] ddp_ctrl_pack(input ddp_ctrl_t hdr);
    logic [DDP_CTRL_SIZE*8-1:0] v;
    v = hdr;
    ddp_ctrl_pack = {
      v[7:0]
    };
  endfunction

  // RDMAP control field: the first octet of DDP's RsvdULP (RFC 5040 §4.1), 1 bytes
  localparam int unsigned RDMAP_CTRL_SIZE = 1;
  localparam int unsigned RDMAP_CTRL_RDMAP_VERSION_OFF = 0;
  localparam int unsigned RDMAP_CTRL_RDMAP_VERSION_SHIFT = 6;
  localparam int unsigned RDMAP_CTRL_RDMAP_VERSION_W = 2;
  localparam int unsigned RDMAP_CTRL_RSVD_OFF = 0;
  localparam int unsigned RDMAP_CTRL_RSVD_SHIFT = 4;
  localparam int unsigned RDMAP_CTRL_RSVD_W = 2;
  localparam int unsigned RDMAP_CTRL_OPCODE_OFF = 0;
  localparam int unsigned RDMAP_CTRL_OPCODE_SHIFT = 0;
  localparam int unsigned RDMAP_CTRL_OPCODE_W = 4;
  typedef struct packed {
    logic [1:0] rdmap_version;  // byte 0 bit 6: RV: RDMAP version, 1
    logic [1:0] rsvd;  // byte 0 bit 4: reserved, zero
    logic [3:0] opcode;  // byte 0 bit 0: rdmap_opcode
  } rdmap_ctrl_t;
  // Bus order (wire byte 0 in bits 7:0) to the wire-order struct.
  function automatic rdmap_ctrl_t rdmap_ctrl_unpack(input logic [RDMAP_CTRL_SIZE*8-1:0] bus);
    rdmap_ctrl_unpack = {
      bus[7:0]
    };
  endfunction
  // The wire-order struct to bus order.
  function automatic logic [RDMAP_CTRL_SIZE*8-1:0] rdmap_ctrl_pack(input rdmap_ctrl_t hdr);
    logic [RDMAP_CTRL_SIZE*8-1:0] v;
    v = hdr;
    rdmap_ctrl_pack = {
      v[7:0]
    };
  endfunction

  // DDP tagged buffer header with the RDMAP control byte (RFC 5041 §5.2, RFC 5040 §4.1), 14 bytes
  localparam int unsigned DDP_TAGGED_HDR_SIZE = 14;
  localparam int unsigned DDP_TAGGED_HDR_TAGGED_OFF = 0;
  localparam int unsigned DDP_TAGGED_HDR_TAGGED_SHIFT = 7;
  localparam int unsigned DDP_TAGGED_HDR_TAGGED_W = 1;
  localparam int unsigned DDP_TAGGED_HDR_LAST_OFF = 0;
  localparam int unsigned DDP_TAGGED_HDR_LAST_SHIFT = 6;
  localparam int unsigned DDP_TAGGED_HDR_LAST_W = 1;
  localparam int unsigned DDP_TAGGED_HDR_RSVD_OFF = 0;
  localparam int unsigned DDP_TAGGED_HDR_RSVD_SHIFT = 2;
  localparam int unsigned DDP_TAGGED_HDR_RSVD_W = 4;
  localparam int unsigned DDP_TAGGED_HDR_DDP_VERSION_OFF = 0;
  localparam int unsigned DDP_TAGGED_HDR_DDP_VERSION_SHIFT = 0;
  localparam int unsigned DDP_TAGGED_HDR_DDP_VERSION_W = 2;
  localparam int unsigned DDP_TAGGED_HDR_RDMAP_VERSION_OFF = 1;
  localparam int unsigned DDP_TAGGED_HDR_RDMAP_VERSION_SHIFT = 6;
  localparam int unsigned DDP_TAGGED_HDR_RDMAP_VERSION_W = 2;
  localparam int unsigned DDP_TAGGED_HDR_RSVD_ULP_OFF = 1;
  localparam int unsigned DDP_TAGGED_HDR_RSVD_ULP_SHIFT = 4;
  localparam int unsigned DDP_TAGGED_HDR_RSVD_ULP_W = 2;
  localparam int unsigned DDP_TAGGED_HDR_OPCODE_OFF = 1;
  localparam int unsigned DDP_TAGGED_HDR_OPCODE_SHIFT = 0;
  localparam int unsigned DDP_TAGGED_HDR_OPCODE_W = 4;
  localparam int unsigned DDP_TAGGED_HDR_STAG_OFF = 2;
  localparam int unsigned DDP_TAGGED_HDR_STAG_SHIFT = 0;
  localparam int unsigned DDP_TAGGED_HDR_STAG_W = 32;
  localparam int unsigned DDP_TAGGED_HDR_TAGGED_OFFSET_OFF = 6;
  localparam int unsigned DDP_TAGGED_HDR_TAGGED_OFFSET_SHIFT = 0;
  localparam int unsigned DDP_TAGGED_HDR_TAGGED_OFFSET_W = 64;
  typedef struct packed {
    logic tagged_f;  // byte 0 bit 7: T: 1 for the tagged model
    logic last;  // byte 0 bit 6: L: last DDP segment of the message
    logic [3:0] rsvd;  // byte 0 bit 2: reserved
    logic [1:0] ddp_version;  // byte 0 bit 0: DDP version, 1
    logic [1:0] rdmap_version;  // byte 1 bit 6: RDMAP version, 1
    logic [1:0] rsvd_ulp;  // byte 1 bit 4: reserved
    logic [3:0] opcode;  // byte 1 bit 0: rdmap_opcode
    logic [31:0] stag;  // byte 2: steering tag of the data sink
    logic [63:0] tagged_offset;  // byte 6: tagged offset
  } ddp_tagged_hdr_t;
  // Bus order (wire byte 0 in bits 7:0) to the wire-order struct.
  function automatic ddp_tagged_hdr_t ddp_tagged_hdr_unpack(input logic [DDP_TAGGED_HDR_SIZE*8-1:0] bus);
    ddp_tagged_hdr_unpack = {
      bus[7:0], bus[15:8], bus[23:16], bus[31:24], bus[39:32], bus[47:40],
      bus[55:48], bus[63:56], bus[71:64], bus[79:72], bus[87:80], bus[95:88],
      bus[103:96], bus[111:104]
    };
  endfunction
  // The wire-order struct to bus order.
  function automatic logic [DDP_TAGGED_HDR_SIZE*8-1:0] ddp_tagged_hdr_pack(input ddp_tagged_hdr_t hdr);
    logic [DDP_TAGGED_HDR_SIZE*8-1:0] v;
    v = hdr;
    ddp_tagged_hdr_pack = {
      v[7:0], v[15:8], v[23:16], v[31:24], v[39:32], v[47:40],
      v[55:48], v[63:56], v[71:64], v[79:72], v[87:80], v[95:88],
      v[103:96], v[111:104]
    };
  endfunction

  // DDP untagged buffer header with the RDMAP control byte (RFC 5041 §5.3, RFC 5040 §4.1), 18 bytes
  localparam int unsigned DDP_UNTAGGED_HDR_SIZE = 18;
  localparam int unsigned DDP_UNTAGGED_HDR_TAGGED_OFF = 0;
  localparam int unsigned DDP_UNTAGGED_HDR_TAGGED_SHIFT = 7;
  localparam int unsigned DDP_UNTAGGED_HDR_TAGGED_W = 1;
  localparam int unsigned DDP_UNTAGGED_HDR_LAST_OFF = 0;
  localparam int unsigned DDP_UNTAGGED_HDR_LAST_SHIFT = 6;
  localparam int unsigned DDP_UNTAGGED_HDR_LAST_W = 1;
  localparam int unsigned DDP_UNTAGGED_HDR_RSVD_OFF = 0;
  localparam int unsigned DDP_UNTAGGED_HDR_RSVD_SHIFT = 2;
  localparam int unsigned DDP_UNTAGGED_HDR_RSVD_W = 4;
  localparam int unsigned DDP_UNTAGGED_HDR_DDP_VERSION_OFF = 0;
  localparam int unsigned DDP_UNTAGGED_HDR_DDP_VERSION_SHIFT = 0;
  localparam int unsigned DDP_UNTAGGED_HDR_DDP_VERSION_W = 2;
  localparam int unsigned DDP_UNTAGGED_HDR_RDMAP_VERSION_OFF = 1;
  localparam int unsigned DDP_UNTAGGED_HDR_RDMAP_VERSION_SHIFT = 6;
  localparam int unsigned DDP_UNTAGGED_HDR_RDMAP_VERSION_W = 2;
  localparam int unsigned DDP_UNTAGGED_HDR_RSVD_ULP_OFF = 1;
  localparam int unsigned DDP_UNTAGGED_HDR_RSVD_ULP_SHIFT = 4;
  localparam int unsigned DDP_UNTAGGED_HDR_RSVD_ULP_W = 2;
  localparam int unsigned DDP_UNTAGGED_HDR_OPCODE_OFF = 1;
  localparam int unsigned DDP_UNTAGGED_HDR_OPCODE_SHIFT = 0;
  localparam int unsigned DDP_UNTAGGED_HDR_OPCODE_W = 4;
  localparam int unsigned DDP_UNTAGGED_HDR_INV_STAG_OFF = 2;
  localparam int unsigned DDP_UNTAGGED_HDR_INV_STAG_SHIFT = 0;
  localparam int unsigned DDP_UNTAGGED_HDR_INV_STAG_W = 32;
  localparam int unsigned DDP_UNTAGGED_HDR_QN_OFF = 6;
  localparam int unsigned DDP_UNTAGGED_HDR_QN_SHIFT = 0;
  localparam int unsigned DDP_UNTAGGED_HDR_QN_W = 32;
  localparam int unsigned DDP_UNTAGGED_HDR_MSN_OFF = 10;
  localparam int unsigned DDP_UNTAGGED_HDR_MSN_SHIFT = 0;
  localparam int unsigned DDP_UNTAGGED_HDR_MSN_W = 32;
  localparam int unsigned DDP_UNTAGGED_HDR_MO_OFF = 14;
  localparam int unsigned DDP_UNTAGGED_HDR_MO_SHIFT = 0;
  localparam int unsigned DDP_UNTAGGED_HDR_MO_W = 32;
  typedef struct packed {
    logic tagged_f;  // byte 0 bit 7: T: 0 for the untagged model
    logic last;  // byte 0 bit 6: L: last DDP segment of the message
    logic [3:0] rsvd;  // byte 0 bit 2: reserved
    logic [1:0] ddp_version;  // byte 0 bit 0: DDP version, 1
    logic [1:0] rdmap_version;  // byte 1 bit 6: RDMAP version, 1
    logic [1:0] rsvd_ulp;  // byte 1 bit 4: reserved
    logic [3:0] opcode;  // byte 1 bit 0: rdmap_opcode
    logic [31:0] inv_stag;  // byte 2: STag to invalidate (Send with Invalidate), else reserved
    logic [31:0] qn;  // byte 6: queue number: 0 Send, 1 Read Request, 2 Terminate
    logic [31:0] msn;  // byte 10: message sequence number
    logic [31:0] mo;  // byte 14: message offset
  } ddp_untagged_hdr_t;
  // Bus order (wire byte 0 in bits 7:0) to the wire-order struct.
  function automatic ddp_untagged_hdr_t ddp_untagged_hdr_unpack(input logic [DDP_UNTAGGED_HDR_SIZE*8-1:0] bus);
    ddp_untagged_hdr_unpack = {
      bus[7:0], bus[15:8], bus[23:16], bus[31:24], bus[39:32], bus[47:40],
      bus[55:48], bus[63:56], bus[71:64], bus[79:72], bus[87:80], bus[95:88],
      bus[103:96], bus[111:104], bus[119:112], bus[127:120], bus[135:128], bus[143:136]
    };
  endfunction
  // The wire-order struct to bus order.
  function automatic logic [DDP_UNTAGGED_HDR_SIZE*8-1:0] ddp_untagged_hdr_pack(input ddp_untagged_hdr_t hdr);
    logic [DDP_UNTAGGED_HDR_SIZE*8-1:0] v;
    v = hdr;
    ddp_untagged_hdr_pack = {
      v[7:0], v[15:8], v[23:16], v[31:24], v[39:32], v[47:40],
      v[55:48], v[63:56], v[71:64], v[79:72], v[87:80], v[95:88],
      v[103:96], v[111:104], v[119:112], v[127:120], v[135:128], v[143:136]
    };
  endfunction

  // RDMA Read Request payload (after the untagged DDP header) (RFC 5040 §4.4), 28 bytes
  localparam int unsigned RDMA_READ_REQ_SIZE = 28;
  localparam int unsigned RDMA_READ_REQ_SINK_STAG_OFF = 0;
  localparam int unsigned RDMA_READ_REQ_SINK_STAG_SHIFT = 0;
  localparam int unsigned RDMA_READ_REQ_SINK_STAG_W = 32;
  localparam int unsigned RDMA_READ_REQ_SINK_TO_OFF = 4;
  localparam int unsigned RDMA_READ_REQ_SINK_TO_SHIFT = 0;
  localparam int unsigned RDMA_READ_REQ_SINK_TO_W = 64;
  localparam int unsigned RDMA_READ_REQ_READ_SIZE_OFF = 12;
  localparam int unsigned RDMA_READ_REQ_READ_SIZE_SHIFT = 0;
  localparam int unsigned RDMA_READ_REQ_READ_SIZE_W = 32;
  localparam int unsigned RDMA_READ_REQ_SRC_STAG_OFF = 16;
  localparam int unsigned RDMA_READ_REQ_SRC_STAG_SHIFT = 0;
  localparam int unsigned RDMA_READ_REQ_SRC_STAG_W = 32;
  localparam int unsigned RDMA_READ_REQ_SRC_TO_OFF = 20;
  localparam int unsigned RDMA_READ_REQ_SRC_TO_SHIFT = 0;
  localparam int unsigned RDMA_READ_REQ_SRC_TO_W = 64;
  typedef struct packed {
    logic [31:0] sink_stag;  // byte 0: data sink STag
    logic [63:0] sink_to;  // byte 4: data sink tagged offset
    logic [31:0] read_size;  // byte 12: RDMA read message size
    logic [31:0] src_stag;  // byte 16: data source STag
    logic [63:0] src_to;  // byte 20: data source tagged offset
  } rdma_read_req_t;
  // Bus order (wire byte 0 in bits 7:0) to the wire-order struct.
  function automatic rdma_read_req_t rdma_read_req_unpack(input logic [RDMA_READ_REQ_SIZE*8-1:0] bus);
    rdma_read_req_unpack = {
      bus[7:0], bus[15:8], bus[23:16], bus[31:24], bus[39:32], bus[47:40],
      bus[55:48], bus[63:56], bus[71:64], bus[79:72], bus[87:80], bus[95:88],
      bus[103:96], bus[111:104], bus[119:112], bus[127:120], bus[135:128], bus[143:136],
      bus[151:144], bus[159:152], bus[167:160], bus[175:168], bus[183:176], bus[191:184],
      bus[199:192], bus[207:200], bus[215:208], bus[223:216]
    };
  endfunction
  // The wire-order struct to bus order.
  function automatic logic [RDMA_READ_REQ_SIZE*8-1:0] rdma_read_req_pack(input rdma_read_req_t hdr);
    logic [RDMA_READ_REQ_SIZE*8-1:0] v;
    v = hdr;
    rdma_read_req_pack = {
      v[7:0], v[15:8], v[23:16], v[31:24], v[39:32], v[47:40],
      v[55:48], v[63:56], v[71:64], v[79:72], v[87:80], v[95:88],
      v[103:96], v[111:104], v[119:112], v[127:120], v[135:128], v[143:136],
      v[151:144], v[159:152], v[167:160], v[175:168], v[183:176], v[191:184],
      v[199:192], v[207:200], v[215:208], v[223:216]
    };
  endfunction

  // Terminate control field and header flags (after the untagged DDP header) (RFC 5040 §4.8), 4 bytes
  localparam int unsigned RDMAP_TERMINATE_SIZE = 4;
  localparam int unsigned RDMAP_TERMINATE_LAYER_OFF = 0;
  localparam int unsigned RDMAP_TERMINATE_LAYER_SHIFT = 28;
  localparam int unsigned RDMAP_TERMINATE_LAYER_W = 4;
  localparam int unsigned RDMAP_TERMINATE_ETYPE_OFF = 0;
  localparam int unsigned RDMAP_TERMINATE_ETYPE_SHIFT = 24;
  localparam int unsigned RDMAP_TERMINATE_ETYPE_W = 4;
  localparam int unsigned RDMAP_TERMINATE_ECODE_OFF = 0;
  localparam int unsigned RDMAP_TERMINATE_ECODE_SHIFT = 16;
  localparam int unsigned RDMAP_TERMINATE_ECODE_W = 8;
  localparam int unsigned RDMAP_TERMINATE_HDR_CTRL_M_OFF = 0;
  localparam int unsigned RDMAP_TERMINATE_HDR_CTRL_M_SHIFT = 15;
  localparam int unsigned RDMAP_TERMINATE_HDR_CTRL_M_W = 1;
  localparam int unsigned RDMAP_TERMINATE_HDR_CTRL_D_OFF = 0;
  localparam int unsigned RDMAP_TERMINATE_HDR_CTRL_D_SHIFT = 14;
  localparam int unsigned RDMAP_TERMINATE_HDR_CTRL_D_W = 1;
  localparam int unsigned RDMAP_TERMINATE_HDR_CTRL_R_OFF = 0;
  localparam int unsigned RDMAP_TERMINATE_HDR_CTRL_R_SHIFT = 13;
  localparam int unsigned RDMAP_TERMINATE_HDR_CTRL_R_W = 1;
  localparam int unsigned RDMAP_TERMINATE_RSVD_OFF = 0;
  localparam int unsigned RDMAP_TERMINATE_RSVD_SHIFT = 0;
  localparam int unsigned RDMAP_TERMINATE_RSVD_W = 13;
  typedef struct packed {
    logic [3:0] layer;  // byte 0 bit 28: term_layer
    logic [3:0] etype;  // byte 0 bit 24: error type of that layer
    logic [7:0] ecode;  // byte 0 bit 16: error code
    logic hdr_ctrl_m;  // byte 0 bit 15: M: DDP segment length valid
    logic hdr_ctrl_d;  // byte 0 bit 14: D: DDP header included
    logic hdr_ctrl_r;  // byte 0 bit 13: R: RDMAP header included
    logic [12:0] rsvd;  // byte 0 bit 0: reserved
  } rdmap_terminate_t;
  // Bus order (wire byte 0 in bits 7:0) to the wire-order struct.
  function automatic rdmap_terminate_t rdmap_terminate_unpack(input logic [RDMAP_TERMINATE_SIZE*8-1:0] bus);
    rdmap_terminate_unpack = {
      bus[7:0], bus[15:8], bus[23:16], bus[31:24]
    };
  endfunction
  // The wire-order struct to bus order.
  function automatic logic [RDMAP_TERMINATE_SIZE*8-1:0] rdmap_terminate_pack(input rdmap_terminate_t hdr);
    logic [RDMAP_TERMINATE_SIZE*8-1:0] v;
    v = hdr;
    rdmap_terminate_pack = {
      v[7:0], v[15:8], v[23:16], v[31:24]
    };
  endfunction

  // Immediate data payload (RFC 7306 §4.2), 8 bytes
  localparam int unsigned RDMAP_IMMEDIATE_SIZE = 8;
  localparam int unsigned RDMAP_IMMEDIATE_DATA_OFF = 0;
  localparam int unsigned RDMAP_IMMEDIATE_DATA_SHIFT = 0;
  localparam int unsigned RDMAP_IMMEDIATE_DATA_W = 64;
  typedef struct packed {
    logic [63:0] data;  // byte 0: immediate data
  } rdmap_immediate_t;
  // Bus order (wire byte 0 in bits 7:0) to the wire-order struct.
  function automatic rdmap_immediate_t rdmap_immediate_unpack(input logic [RDMAP_IMMEDIATE_SIZE*8-1:0] bus);
    rdmap_immediate_unpack = {
      bus[7:0], bus[15:8], bus[23:16], bus[31:24], bus[39:32], bus[47:40],
      bus[55:48], bus[63:56]
    };
  endfunction
  // The wire-order struct to bus order.
  function automatic logic [RDMAP_IMMEDIATE_SIZE*8-1:0] rdmap_immediate_pack(input rdmap_immediate_t hdr);
    logic [RDMAP_IMMEDIATE_SIZE*8-1:0] v;
    v = hdr;
    rdmap_immediate_pack = {
      v[7:0], v[15:8], v[23:16], v[31:24], v[39:32], v[47:40],
      v[55:48], v[63:56]
    };
  endfunction

  // ---------------------------------------------------------------- commands
  // Argument and result words of the commands: word 0 is bits 31:0 of the
  // struct; B_F_LSB = 32 * word + bit. rsvd<w>_<b> members are reserved bits
  // of word w from bit b, zero.

  // MR_REG arguments: the region's table entry (warpnic (docs/iwarp.md)), 9 words; rdma_cmd MR_REG arguments
  localparam int unsigned RDMA_MR_REG_ARGS_WORDS = 9;
  localparam int unsigned RDMA_MR_REG_ARGS_MIN_WORDS = 9;
  localparam int unsigned RDMA_MR_REG_ARGS_STAG_LSB = 0;
  localparam int unsigned RDMA_MR_REG_ARGS_STAG_W = 32;
  localparam int unsigned RDMA_MR_REG_ARGS_PD_LSB = 32;
  localparam int unsigned RDMA_MR_REG_ARGS_PD_W = 16;
  localparam int unsigned RDMA_MR_REG_ARGS_ACCESS_LSB = 64;
  localparam int unsigned RDMA_MR_REG_ARGS_ACCESS_W = 8;
  localparam int unsigned RDMA_MR_REG_ARGS_BASE_LSB = 96;
  localparam int unsigned RDMA_MR_REG_ARGS_BASE_W = 64;
  localparam int unsigned RDMA_MR_REG_ARGS_LEN_LSB = 160;
  localparam int unsigned RDMA_MR_REG_ARGS_LEN_W = 64;
  localparam int unsigned RDMA_MR_REG_ARGS_IOVA_LSB = 224;
  localparam int unsigned RDMA_MR_REG_ARGS_IOVA_W = 64;
  typedef struct packed {
    logic [63:0] iova;  // words 7-8 (low word first): IOVA of the region's first byte
    logic [63:0] len;  // words 5-6 (low word first): bytes
    logic [63:0] base;  // words 3-4 (low word first): Tagged Offset of the region's first byte
    logic [23:0] rsvd2_8;  // reserved, zero
    logic [7:0] access;  // word 2 bits 7:0: mr_access
    logic [15:0] rsvd1_16;  // reserved, zero
    logic [15:0] pd;  // word 1 bits 15:0: protection domain
    logic [31:0] stag;  // word 0: STag: table index 31:8, key 7:0
  } rdma_mr_reg_args_t;

  // A memory region, by its STag (warpnic (docs/iwarp.md)), 1 word; rdma_cmd MR_DEREG arguments
  localparam int unsigned RDMA_STAG_ARGS_WORDS = 1;
  localparam int unsigned RDMA_STAG_ARGS_MIN_WORDS = 1;
  localparam int unsigned RDMA_STAG_ARGS_STAG_LSB = 0;
  localparam int unsigned RDMA_STAG_ARGS_STAG_W = 32;
  typedef struct packed {
    logic [31:0] stag;  // word 0: STag: table index 31:8, key 7:0
  } rdma_stag_args_t;

  // MR_INV arguments (warpnic (docs/iwarp.md)), 2 words; rdma_cmd MR_INV arguments
  localparam int unsigned RDMA_MR_INV_ARGS_WORDS = 2;
  localparam int unsigned RDMA_MR_INV_ARGS_MIN_WORDS = 2;
  localparam int unsigned RDMA_MR_INV_ARGS_STAG_LSB = 0;
  localparam int unsigned RDMA_MR_INV_ARGS_STAG_W = 32;
  localparam int unsigned RDMA_MR_INV_ARGS_PD_LSB = 32;
  localparam int unsigned RDMA_MR_INV_ARGS_PD_W = 16;
  typedef struct packed {
    logic [15:0] rsvd1_16;  // reserved, zero
    logic [15:0] pd;  // word 1 bits 15:0: protection domain the region must belong to
    logic [31:0] stag;  // word 0: STag: table index 31:8, key 7:0
  } rdma_mr_inv_args_t;

  // QP_MODIFY arguments: the state, and the attributes RESET to INIT sets (ARG2 and up are read only with set_attrs) (warpnic (docs/iwarp.md)), 13 words, the first 2 always present; rdma_cmd QP_MODIFY arguments
  localparam int unsigned RDMA_QP_MODIFY_ARGS_WORDS = 13;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_MIN_WORDS = 2;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_QP_LSB = 0;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_QP_W = 32;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_STATE_LSB = 32;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_STATE_W = 8;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_SET_ATTRS_LSB = 40;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_SET_ATTRS_W = 1;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_PD_LSB = 64;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_PD_W = 16;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_MULPDU_LSB = 96;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_MULPDU_W = 16;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_CRC_LSB = 112;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_CRC_W = 1;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_MARKERS_RX_LSB = 113;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_MARKERS_RX_W = 1;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_MARKERS_TX_LSB = 114;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_MARKERS_TX_W = 1;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_IRD_LSB = 120;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_IRD_W = 8;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_ORD_LSB = 128;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_ORD_W = 8;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_SEND_CQ_LSB = 136;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_SEND_CQ_W = 8;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_RECV_CQ_LSB = 144;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_RECV_CQ_W = 8;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_RQ_LOG_LSB = 152;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_RQ_LOG_W = 4;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_SQ_LOG_LSB = 156;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_SQ_LOG_W = 4;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_RQ_IOVA_LSB = 160;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_RQ_IOVA_W = 64;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_SQ_IOVA_LSB = 224;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_SQ_IOVA_W = 64;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_TID_LSB = 288;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_TID_W = 16;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_MARKER_PHASE_LSB = 320;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_MARKER_PHASE_W = 9;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_SEND_MULPDU_LSB = 352;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_SEND_MULPDU_W = 16;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_TX_START_LSB = 384;
  localparam int unsigned RDMA_QP_MODIFY_ARGS_TX_START_W = 32;
  typedef struct packed {
    logic [31:0] tx_start;  // word 12: stream offset of the first FPDU to send (the stream's TX_END when FPDU mode begins)
    logic [15:0] rsvd11_16;  // reserved, zero
    logic [15:0] send_mulpdu;  // word 11 bits 15:0: largest ULPDU to send (MULPDU), bytes
    logic [22:0] rsvd10_9;  // reserved, zero
    logic [8:0] marker_phase;  // word 10 bits 8:0: marker phase of the first received FPDU's first byte (0..=511)
    logic [15:0] rsvd9_16;  // reserved, zero
    logic [15:0] tid;  // word 9 bits 15:0: the TCP connection id the QP runs on
    logic [63:0] sq_iova;  // words 7-8 (low word first): IOVA of the send queue's ring
    logic [63:0] rq_iova;  // words 5-6 (low word first): IOVA of the receive queue's ring
    logic [3:0] sq_log;  // word 4 bits 31:28: log2 of the send queue's entries (1..=15)
    logic [3:0] rq_log;  // word 4 bits 27:24: log2 of the receive queue's entries (1..=15)
    logic [7:0] recv_cq;  // word 4 bits 23:16: completion queue of the receive queue
    logic [7:0] send_cq;  // word 4 bits 15:8: completion queue of the send queue
    logic [7:0] ord;  // word 4 bits 7:0: outbound RDMA Read queue depth (at most RDMA_MAX_ORD)
    logic [7:0] ird;  // word 3 bits 31:24: inbound RDMA Read queue depth (at most RDMA_MAX_IRD)
    logic [4:0] rsvd3_19;  // reserved, zero
    logic markers_tx;  // word 3 bit 18: MPA markers in what this QP sends
    logic markers_rx;  // word 3 bit 17: MPA markers in what the peer sends
    logic crc;  // word 3 bit 16: CRC32c on the connection
    logic [15:0] mulpdu;  // word 3 bits 15:0: largest ULPDU accepted, bytes (at least 1)
    logic [15:0] rsvd2_16;  // reserved, zero
    logic [15:0] pd;  // word 2 bits 15:0: protection domain
    logic [22:0] rsvd1_9;  // reserved, zero
    logic set_attrs;  // word 1 bit 8: set the attributes of the words after (RESET to INIT only)
    logic [7:0] state;  // word 1 bits 7:0: qp_state
    logic [31:0] qp;  // word 0: queue pair number (below the block's NUM_QP)
  } rdma_qp_modify_args_t;

  // A queue pair, by its number (warpnic (docs/iwarp.md)), 1 word; rdma_cmd QP_QUERY arguments
  localparam int unsigned RDMA_QP_ARGS_WORDS = 1;
  localparam int unsigned RDMA_QP_ARGS_MIN_WORDS = 1;
  localparam int unsigned RDMA_QP_ARGS_QP_LSB = 0;
  localparam int unsigned RDMA_QP_ARGS_QP_W = 32;
  typedef struct packed {
    logic [31:0] qp;  // word 0: queue pair number (below the block's NUM_QP)
  } rdma_qp_args_t;

  // QP_QUERY result (warpnic (docs/iwarp.md)), 4 words; rdma_cmd QP_QUERY result
  localparam int unsigned RDMA_QP_QUERY_RSP_WORDS = 4;
  localparam int unsigned RDMA_QP_QUERY_RSP_MIN_WORDS = 4;
  localparam int unsigned RDMA_QP_QUERY_RSP_STATE_LSB = 0;
  localparam int unsigned RDMA_QP_QUERY_RSP_STATE_W = 8;
  localparam int unsigned RDMA_QP_QUERY_RSP_ERROR_LSB = 32;
  localparam int unsigned RDMA_QP_QUERY_RSP_ERROR_W = 32;
  localparam int unsigned RDMA_QP_QUERY_RSP_RQ_CI_LSB = 64;
  localparam int unsigned RDMA_QP_QUERY_RSP_RQ_CI_W = 16;
  localparam int unsigned RDMA_QP_QUERY_RSP_RQ_PI_LSB = 80;
  localparam int unsigned RDMA_QP_QUERY_RSP_RQ_PI_W = 16;
  localparam int unsigned RDMA_QP_QUERY_RSP_RX_MSGS_LSB = 96;
  localparam int unsigned RDMA_QP_QUERY_RSP_RX_MSGS_W = 32;
  typedef struct packed {
    logic [31:0] rx_msgs;  // word 3: messages received
    logic [15:0] rq_pi;  // word 2 bits 31:16: receive-queue producer index as the hardware has it
    logic [15:0] rq_ci;  // word 2 bits 15:0: receive-queue consumer index (15:0 of the free-running index)
    logic [31:0] error;  // word 1: qp_error_info of the Terminate that put the QP in ERROR (0: none)
    logic [23:0] rsvd0_8;  // reserved, zero
    logic [7:0] state;  // word 0 bits 7:0: qp_state
  } rdma_qp_query_rsp_t;

  // GET_VERSION result (warpnic (mailbox)), 4 words; fw_opcode GET_VERSION result
  localparam int unsigned FW_VERSION_RSP_WORDS = 4;
  localparam int unsigned FW_VERSION_RSP_MIN_WORDS = 4;
  localparam int unsigned FW_VERSION_RSP_VERSION_LSB = 0;
  localparam int unsigned FW_VERSION_RSP_VERSION_W = 32;
  localparam int unsigned FW_VERSION_RSP_BUILD_ID_LSB = 32;
  localparam int unsigned FW_VERSION_RSP_BUILD_ID_W = 32;
  localparam int unsigned FW_VERSION_RSP_MAC_LSB = 64;
  localparam int unsigned FW_VERSION_RSP_MAC_W = 48;
  typedef struct packed {
    logic [15:0] rsvd3_16;  // reserved, zero
    logic [47:0] mac;  // words 2-3 bits 47:0 (low word first): the port's MAC address; byte 0 on the wire is bits 47:40
    logic [31:0] build_id;  // word 1: the core's BUILD_ID, as the firmware reads it (FW_REG_BUILD_ID)
    logic [31:0] version;  // word 0: FW_VERSION
  } fw_version_rsp_t;

  // The port's MAC address (warpnic (mailbox)), 2 words; fw_opcode SET_MAC arguments, fw_opcode GET_MAC result
  localparam int unsigned FW_MAC_WORDS = 2;
  localparam int unsigned FW_MAC_MIN_WORDS = 2;
  localparam int unsigned FW_MAC_MAC_LSB = 0;
  localparam int unsigned FW_MAC_MAC_W = 48;
  typedef struct packed {
    logic [15:0] rsvd1_16;  // reserved, zero
    logic [47:0] mac;  // words 0-1 bits 47:0 (low word first): MAC address; byte 0 on the wire is bits 47:40
  } fw_mac_t;

  // The port's IPv4 address, prefix length and default gateway (warpnic (mailbox)), 3 words, the first 2 always present; fw_opcode SET_IPV4 arguments, fw_opcode GET_IPV4 result
  localparam int unsigned FW_IPV4_WORDS = 3;
  localparam int unsigned FW_IPV4_MIN_WORDS = 2;
  localparam int unsigned FW_IPV4_ADDR_LSB = 0;
  localparam int unsigned FW_IPV4_ADDR_W = 32;
  localparam int unsigned FW_IPV4_PREFIX_LEN_LSB = 32;
  localparam int unsigned FW_IPV4_PREFIX_LEN_W = 8;
  localparam int unsigned FW_IPV4_GATEWAY_LSB = 64;
  localparam int unsigned FW_IPV4_GATEWAY_W = 32;
  typedef struct packed {
    logic [31:0] gateway;  // word 2: default gateway, a unicast host of the subnet; 0 (or the word left out): none, every peer is on link
    logic [23:0] rsvd1_8;  // reserved, zero
    logic [7:0] prefix_len;  // word 1 bits 7:0: prefix length (1..=32 when set)
    logic [31:0] addr;  // word 0: IPv4 address (192.0.2.1 is 0xc0000201)
  } fw_ipv4_t;

  // ARP_RESOLVE arguments (warpnic (mailbox)), 1 word; fw_opcode ARP_RESOLVE arguments
  localparam int unsigned FW_ARP_RESOLVE_ARGS_WORDS = 1;
  localparam int unsigned FW_ARP_RESOLVE_ARGS_MIN_WORDS = 1;
  localparam int unsigned FW_ARP_RESOLVE_ARGS_ADDR_LSB = 0;
  localparam int unsigned FW_ARP_RESOLVE_ARGS_ADDR_W = 32;
  typedef struct packed {
    logic [31:0] addr;  // word 0: the IPv4 address to resolve
  } fw_arp_resolve_args_t;

  // ARP_RESOLVE result (warpnic (mailbox)), 4 words; fw_opcode ARP_RESOLVE result
  localparam int unsigned FW_ARP_RESOLVE_RSP_WORDS = 4;
  localparam int unsigned FW_ARP_RESOLVE_RSP_MIN_WORDS = 4;
  localparam int unsigned FW_ARP_RESOLVE_RSP_STATE_LSB = 0;
  localparam int unsigned FW_ARP_RESOLVE_RSP_STATE_W = 8;
  localparam int unsigned FW_ARP_RESOLVE_RSP_NEXT_HOP_LSB = 32;
  localparam int unsigned FW_ARP_RESOLVE_RSP_NEXT_HOP_W = 32;
  localparam int unsigned FW_ARP_RESOLVE_RSP_MAC_LSB = 64;
  localparam int unsigned FW_ARP_RESOLVE_RSP_MAC_W = 48;
  typedef struct packed {
    logic [15:0] rsvd3_16;  // reserved, zero
    logic [47:0] mac;  // words 2-3 bits 47:0 (low word first): the next hop's MAC address when RESOLVED; byte 0 on the wire is bits 47:40
    logic [31:0] next_hop;  // word 1: the address resolved: the peer on link, else the gateway (0 without a route)
    logic [23:0] rsvd0_8;  // reserved, zero
    logic [7:0] state;  // word 0 bits 7:0: arp_state
  } fw_arp_resolve_rsp_t;

  // The TCP engine's timing (TCP_CONFIG read result) (warpnic (mailbox)), 5 words; fw_opcode TCP_CONFIG result
  localparam int unsigned FW_TCP_TIMING_WORDS = 5;
  localparam int unsigned FW_TCP_TIMING_MIN_WORDS = 5;
  localparam int unsigned FW_TCP_TIMING_RTO_INIT_LSB = 0;
  localparam int unsigned FW_TCP_TIMING_RTO_INIT_W = 32;
  localparam int unsigned FW_TCP_TIMING_RTO_MIN_LSB = 32;
  localparam int unsigned FW_TCP_TIMING_RTO_MIN_W = 32;
  localparam int unsigned FW_TCP_TIMING_RTO_MAX_LSB = 64;
  localparam int unsigned FW_TCP_TIMING_RTO_MAX_W = 32;
  localparam int unsigned FW_TCP_TIMING_SYN_RETRIES_LSB = 96;
  localparam int unsigned FW_TCP_TIMING_SYN_RETRIES_W = 8;
  localparam int unsigned FW_TCP_TIMING_DATA_RETRIES_LSB = 104;
  localparam int unsigned FW_TCP_TIMING_DATA_RETRIES_W = 8;
  localparam int unsigned FW_TCP_TIMING_TIME_WAIT_LSB = 128;
  localparam int unsigned FW_TCP_TIMING_TIME_WAIT_W = 32;
  typedef struct packed {
    logic [31:0] time_wait;  // word 4: TIME_WAIT duration (2 MSL), µs
    logic [15:0] rsvd3_16;  // reserved, zero
    logic [7:0] data_retries;  // word 3 bits 15:8: retransmissions of one segment before TIMEOUT
    logic [7:0] syn_retries;  // word 3 bits 7:0: SYN and SYN-ACK retransmissions before an open fails
    logic [31:0] rto_max;  // word 2: upper bound of the retransmission timeout, µs
    logic [31:0] rto_min;  // word 1: lower bound of the retransmission timeout, µs
    logic [31:0] rto_init;  // word 0: initial retransmission timeout of SYN and SYN-ACK, µs
  } fw_tcp_timing_t;

  // TCP_CONFIG write arguments (warpnic (mailbox)), 9 words, the first 5 always present; fw_opcode TCP_CONFIG arguments
  localparam int unsigned FW_TCP_CONFIG_ARGS_WORDS = 9;
  localparam int unsigned FW_TCP_CONFIG_ARGS_MIN_WORDS = 5;
  localparam int unsigned FW_TCP_CONFIG_ARGS_RTO_INIT_LSB = 0;
  localparam int unsigned FW_TCP_CONFIG_ARGS_RTO_INIT_W = 32;
  localparam int unsigned FW_TCP_CONFIG_ARGS_RTO_MIN_LSB = 32;
  localparam int unsigned FW_TCP_CONFIG_ARGS_RTO_MIN_W = 32;
  localparam int unsigned FW_TCP_CONFIG_ARGS_RTO_MAX_LSB = 64;
  localparam int unsigned FW_TCP_CONFIG_ARGS_RTO_MAX_W = 32;
  localparam int unsigned FW_TCP_CONFIG_ARGS_SYN_RETRIES_LSB = 96;
  localparam int unsigned FW_TCP_CONFIG_ARGS_SYN_RETRIES_W = 8;
  localparam int unsigned FW_TCP_CONFIG_ARGS_DATA_RETRIES_LSB = 104;
  localparam int unsigned FW_TCP_CONFIG_ARGS_DATA_RETRIES_W = 8;
  localparam int unsigned FW_TCP_CONFIG_ARGS_TIME_WAIT_LSB = 128;
  localparam int unsigned FW_TCP_CONFIG_ARGS_TIME_WAIT_W = 32;
  localparam int unsigned FW_TCP_CONFIG_ARGS_ISN_KEY_LO_LSB = 160;
  localparam int unsigned FW_TCP_CONFIG_ARGS_ISN_KEY_LO_W = 64;
  localparam int unsigned FW_TCP_CONFIG_ARGS_ISN_KEY_HI_LSB = 224;
  localparam int unsigned FW_TCP_CONFIG_ARGS_ISN_KEY_HI_W = 64;
  typedef struct packed {
    logic [63:0] isn_key_hi;  // words 7-8 (low word first): ISN secret bits 127:64
    logic [63:0] isn_key_lo;  // words 5-6 (low word first): ISN secret bits 63:0
    logic [31:0] time_wait;  // word 4: TIME_WAIT duration (2 MSL), µs
    logic [15:0] rsvd3_16;  // reserved, zero
    logic [7:0] data_retries;  // word 3 bits 15:8: retransmissions of one segment before TIMEOUT
    logic [7:0] syn_retries;  // word 3 bits 7:0: SYN and SYN-ACK retransmissions before an open fails
    logic [31:0] rto_max;  // word 2: upper bound of the retransmission timeout, µs
    logic [31:0] rto_min;  // word 1: lower bound of the retransmission timeout, µs
    logic [31:0] rto_init;  // word 0: initial retransmission timeout of SYN and SYN-ACK, µs
  } fw_tcp_config_args_t;

  // TCP_LISTEN arguments (warpnic (mailbox)), 2 words; fw_opcode TCP_LISTEN arguments
  localparam int unsigned FW_TCP_LISTEN_ARGS_WORDS = 2;
  localparam int unsigned FW_TCP_LISTEN_ARGS_MIN_WORDS = 2;
  localparam int unsigned FW_TCP_LISTEN_ARGS_PORT_LSB = 0;
  localparam int unsigned FW_TCP_LISTEN_ARGS_PORT_W = 16;
  localparam int unsigned FW_TCP_LISTEN_ARGS_BACKLOG_LSB = 16;
  localparam int unsigned FW_TCP_LISTEN_ARGS_BACKLOG_W = 16;
  localparam int unsigned FW_TCP_LISTEN_ARGS_RCV_WND_LSB = 32;
  localparam int unsigned FW_TCP_LISTEN_ARGS_RCV_WND_W = 32;
  typedef struct packed {
    logic [31:0] rcv_wnd;  // word 1: receive window of accepted connections, bytes (0: 65535; at most 2^30)
    logic [15:0] backlog;  // word 0 bits 31:16: connections not yet taken by the host the listener holds at most (not 0)
    logic [15:0] port;  // word 0 bits 15:0: local TCP port (not 0)
  } fw_tcp_listen_args_t;

  // TCP_LISTEN result (warpnic (mailbox)), 2 words, the first 1 always present; fw_opcode TCP_LISTEN result
  localparam int unsigned FW_TCP_LISTEN_RSP_WORDS = 2;
  localparam int unsigned FW_TCP_LISTEN_RSP_MIN_WORDS = 1;
  localparam int unsigned FW_TCP_LISTEN_RSP_RESULT_LSB = 0;
  localparam int unsigned FW_TCP_LISTEN_RSP_RESULT_W = 8;
  localparam int unsigned FW_TCP_LISTEN_RSP_LISTENER_LSB = 32;
  localparam int unsigned FW_TCP_LISTEN_RSP_LISTENER_W = 16;
  typedef struct packed {
    logic [15:0] rsvd1_16;  // reserved, zero
    logic [15:0] listener;  // word 1 bits 15:0: listener id (with SUCCESS, or the listener that timed out)
    logic [23:0] rsvd0_8;  // reserved, zero
    logic [7:0] result;  // word 0 bits 7:0: cpl_status
  } fw_tcp_listen_rsp_t;

  // A listener, by its id (warpnic (mailbox)), 1 word; fw_opcode TCP_UNLISTEN arguments
  localparam int unsigned FW_TCP_LISTENER_WORDS = 1;
  localparam int unsigned FW_TCP_LISTENER_MIN_WORDS = 1;
  localparam int unsigned FW_TCP_LISTENER_LISTENER_LSB = 0;
  localparam int unsigned FW_TCP_LISTENER_LISTENER_W = 16;
  typedef struct packed {
    logic [15:0] rsvd0_16;  // reserved, zero
    logic [15:0] listener;  // word 0 bits 15:0: listener id
  } fw_tcp_listener_t;

  // TCP_UNLISTEN result (warpnic (mailbox)), 2 words, the first 1 always present; fw_opcode TCP_UNLISTEN result
  localparam int unsigned FW_TCP_UNLISTEN_RSP_WORDS = 2;
  localparam int unsigned FW_TCP_UNLISTEN_RSP_MIN_WORDS = 1;
  localparam int unsigned FW_TCP_UNLISTEN_RSP_RESULT_LSB = 0;
  localparam int unsigned FW_TCP_UNLISTEN_RSP_RESULT_W = 8;
  localparam int unsigned FW_TCP_UNLISTEN_RSP_DROPPED_LSB = 32;
  localparam int unsigned FW_TCP_UNLISTEN_RSP_DROPPED_W = 32;
  typedef struct packed {
    logic [31:0] dropped;  // word 1: embryonic connections reset with the listener
    logic [23:0] rsvd0_8;  // reserved, zero
    logic [7:0] result;  // word 0 bits 7:0: cpl_status
  } fw_tcp_unlisten_rsp_t;

  // TCP_CONNECT arguments (warpnic (mailbox)), 4 words; fw_opcode TCP_CONNECT arguments
  localparam int unsigned FW_TCP_CONNECT_ARGS_WORDS = 4;
  localparam int unsigned FW_TCP_CONNECT_ARGS_MIN_WORDS = 4;
  localparam int unsigned FW_TCP_CONNECT_ARGS_PEER_IP_LSB = 0;
  localparam int unsigned FW_TCP_CONNECT_ARGS_PEER_IP_W = 32;
  localparam int unsigned FW_TCP_CONNECT_ARGS_PEER_PORT_LSB = 32;
  localparam int unsigned FW_TCP_CONNECT_ARGS_PEER_PORT_W = 16;
  localparam int unsigned FW_TCP_CONNECT_ARGS_LOCAL_PORT_LSB = 48;
  localparam int unsigned FW_TCP_CONNECT_ARGS_LOCAL_PORT_W = 16;
  localparam int unsigned FW_TCP_CONNECT_ARGS_TCP_OPT_LSB = 64;
  localparam int unsigned FW_TCP_CONNECT_ARGS_TCP_OPT_W = 8;
  localparam int unsigned FW_TCP_CONNECT_ARGS_RCV_WSCALE_LSB = 72;
  localparam int unsigned FW_TCP_CONNECT_ARGS_RCV_WSCALE_W = 8;
  localparam int unsigned FW_TCP_CONNECT_ARGS_RCV_WND_LSB = 96;
  localparam int unsigned FW_TCP_CONNECT_ARGS_RCV_WND_W = 32;
  typedef struct packed {
    logic [31:0] rcv_wnd;  // word 3: receive window, bytes (0: 65535; at most 2^30, and within 65535 << rcv_wscale)
    logic [15:0] rsvd2_16;  // reserved, zero
    logic [7:0] rcv_wscale;  // word 2 bits 15:8: receive window shift, 0..=14 (with WSCALE, else 0)
    logic [7:0] tcp_opt;  // word 2 bits 7:0: cpl_tcp_opt
    logic [15:0] local_port;  // word 1 bits 31:16: local TCP port (0: an ephemeral port)
    logic [15:0] peer_port;  // word 1 bits 15:0: peer TCP port (not 0)
    logic [31:0] peer_ip;  // word 0: peer IPv4 address (192.168.1.10 is 0xc0a8010a)
  } fw_tcp_connect_args_t;

  // TCP_CONNECT result: with SUCCESS the endpoint and its local port, else the result word alone (warpnic (mailbox)), 3 words, the first 1 always present; fw_opcode TCP_CONNECT result
  localparam int unsigned FW_TCP_CONNECT_RSP_WORDS = 3;
  localparam int unsigned FW_TCP_CONNECT_RSP_MIN_WORDS = 1;
  localparam int unsigned FW_TCP_CONNECT_RSP_RESULT_LSB = 0;
  localparam int unsigned FW_TCP_CONNECT_RSP_RESULT_W = 8;
  localparam int unsigned FW_TCP_CONNECT_RSP_EP_LSB = 32;
  localparam int unsigned FW_TCP_CONNECT_RSP_EP_W = 16;
  localparam int unsigned FW_TCP_CONNECT_RSP_LOCAL_PORT_LSB = 64;
  localparam int unsigned FW_TCP_CONNECT_RSP_LOCAL_PORT_W = 16;
  typedef struct packed {
    logic [15:0] rsvd2_16;  // reserved, zero
    logic [15:0] local_port;  // word 2 bits 15:0: local TCP port (the ephemeral port chosen for 0)
    logic [15:0] rsvd1_16;  // reserved, zero
    logic [15:0] ep;  // word 1 bits 15:0: endpoint id: slot 10:0, generation 15:11
    logic [23:0] rsvd0_8;  // reserved, zero
    logic [7:0] result;  // word 0 bits 7:0: cpl_status
  } fw_tcp_connect_rsp_t;

  // A connection endpoint, by its id (warpnic (mailbox)), 1 word; fw_opcode TCP_CLOSE arguments, fw_opcode TCP_ABORT arguments
  localparam int unsigned FW_TCP_ENDPOINT_WORDS = 1;
  localparam int unsigned FW_TCP_ENDPOINT_MIN_WORDS = 1;
  localparam int unsigned FW_TCP_ENDPOINT_EP_LSB = 0;
  localparam int unsigned FW_TCP_ENDPOINT_EP_W = 16;
  typedef struct packed {
    logic [15:0] rsvd0_16;  // reserved, zero
    logic [15:0] ep;  // word 0 bits 15:0: endpoint id: slot 10:0, generation 15:11
  } fw_tcp_endpoint_t;

  // The result of a TCP command (warpnic (mailbox)), 1 word; fw_opcode TCP_CLOSE result, fw_opcode TCP_ABORT result
  localparam int unsigned FW_TCP_RESULT_WORDS = 1;
  localparam int unsigned FW_TCP_RESULT_MIN_WORDS = 1;
  localparam int unsigned FW_TCP_RESULT_RESULT_LSB = 0;
  localparam int unsigned FW_TCP_RESULT_RESULT_W = 8;
  typedef struct packed {
    logic [23:0] rsvd0_8;  // reserved, zero
    logic [7:0] result;  // word 0 bits 7:0: cpl_status
  } fw_tcp_result_t;

  // TCP_EVENT result: the event word, and for ESTABLISHED and ACCEPTED the connection in the eight words after (warpnic (mailbox)), 9 words, the first 1 always present; fw_opcode TCP_EVENT result
  localparam int unsigned FW_TCP_EVENT_RSP_WORDS = 9;
  localparam int unsigned FW_TCP_EVENT_RSP_MIN_WORDS = 1;
  localparam int unsigned FW_TCP_EVENT_RSP_KIND_LSB = 0;
  localparam int unsigned FW_TCP_EVENT_RSP_KIND_W = 8;
  localparam int unsigned FW_TCP_EVENT_RSP_CAUSE_LSB = 8;
  localparam int unsigned FW_TCP_EVENT_RSP_CAUSE_W = 8;
  localparam int unsigned FW_TCP_EVENT_RSP_EP_LSB = 16;
  localparam int unsigned FW_TCP_EVENT_RSP_EP_W = 16;
  localparam int unsigned FW_TCP_EVENT_RSP_TID_LSB = 32;
  localparam int unsigned FW_TCP_EVENT_RSP_TID_W = 32;
  localparam int unsigned FW_TCP_EVENT_RSP_LOCAL_IP_LSB = 64;
  localparam int unsigned FW_TCP_EVENT_RSP_LOCAL_IP_W = 32;
  localparam int unsigned FW_TCP_EVENT_RSP_PEER_IP_LSB = 96;
  localparam int unsigned FW_TCP_EVENT_RSP_PEER_IP_W = 32;
  localparam int unsigned FW_TCP_EVENT_RSP_LOCAL_PORT_LSB = 128;
  localparam int unsigned FW_TCP_EVENT_RSP_LOCAL_PORT_W = 16;
  localparam int unsigned FW_TCP_EVENT_RSP_PEER_PORT_LSB = 144;
  localparam int unsigned FW_TCP_EVENT_RSP_PEER_PORT_W = 16;
  localparam int unsigned FW_TCP_EVENT_RSP_SND_ISN_LSB = 160;
  localparam int unsigned FW_TCP_EVENT_RSP_SND_ISN_W = 32;
  localparam int unsigned FW_TCP_EVENT_RSP_RCV_ISN_LSB = 192;
  localparam int unsigned FW_TCP_EVENT_RSP_RCV_ISN_W = 32;
  localparam int unsigned FW_TCP_EVENT_RSP_MSS_LSB = 224;
  localparam int unsigned FW_TCP_EVENT_RSP_MSS_W = 16;
  localparam int unsigned FW_TCP_EVENT_RSP_TCP_OPT_LSB = 240;
  localparam int unsigned FW_TCP_EVENT_RSP_TCP_OPT_W = 8;
  localparam int unsigned FW_TCP_EVENT_RSP_SND_WSCALE_LSB = 248;
  localparam int unsigned FW_TCP_EVENT_RSP_SND_WSCALE_W = 4;
  localparam int unsigned FW_TCP_EVENT_RSP_RCV_WSCALE_LSB = 252;
  localparam int unsigned FW_TCP_EVENT_RSP_RCV_WSCALE_W = 4;
  localparam int unsigned FW_TCP_EVENT_RSP_LISTENER_LSB = 256;
  localparam int unsigned FW_TCP_EVENT_RSP_LISTENER_W = 32;
  typedef struct packed {
    logic [31:0] listener;  // word 8: listener id (ACCEPTED), or 0xffff_ffff
    logic [3:0] rcv_wscale;  // word 7 bits 31:28: our window scale shift
    logic [3:0] snd_wscale;  // word 7 bits 27:24: the peer's window scale shift
    logic [7:0] tcp_opt;  // word 7 bits 23:16: cpl_tcp_opt
    logic [15:0] mss;  // word 7 bits 15:0: effective MSS, bytes
    logic [31:0] rcv_isn;  // word 6: the peer's initial sequence number
    logic [31:0] snd_isn;  // word 5: our initial sequence number
    logic [15:0] peer_port;  // word 4 bits 31:16: peer TCP port
    logic [15:0] local_port;  // word 4 bits 15:0: local TCP port
    logic [31:0] peer_ip;  // word 3: peer IPv4 address
    logic [31:0] local_ip;  // word 2: local IPv4 address
    logic [31:0] tid;  // word 1: the engine's connection id (CPL_TID_NONE: none)
    logic [15:0] ep;  // word 0 bits 31:16: endpoint id: slot 10:0, generation 15:11
    logic [7:0] cause;  // word 0 bits 15:8: cpl_status
    logic [7:0] kind;  // word 0 bits 7:0: tcp_event
  } fw_tcp_event_rsp_t;

  // TCP_TCB arguments (warpnic (mailbox)), 6 words; fw_opcode TCP_TCB arguments
  localparam int unsigned FW_TCP_TCB_ARGS_WORDS = 6;
  localparam int unsigned FW_TCP_TCB_ARGS_MIN_WORDS = 6;
  localparam int unsigned FW_TCP_TCB_ARGS_EP_LSB = 0;
  localparam int unsigned FW_TCP_TCB_ARGS_EP_W = 16;
  localparam int unsigned FW_TCP_TCB_ARGS_FIELD_LSB = 32;
  localparam int unsigned FW_TCP_TCB_ARGS_FIELD_W = 8;
  localparam int unsigned FW_TCP_TCB_ARGS_VALUE_LSB = 64;
  localparam int unsigned FW_TCP_TCB_ARGS_VALUE_W = 64;
  localparam int unsigned FW_TCP_TCB_ARGS_MASK_LSB = 128;
  localparam int unsigned FW_TCP_TCB_ARGS_MASK_W = 64;
  typedef struct packed {
    logic [63:0] mask;  // words 4-5 (low word first): bits of the field to write (0: read)
    logic [63:0] value;  // words 2-3 (low word first): new bits, right-aligned
    logic [23:0] rsvd1_8;  // reserved, zero
    logic [7:0] field;  // word 1 bits 7:0: tcb_field
    logic [15:0] rsvd0_16;  // reserved, zero
    logic [15:0] ep;  // word 0 bits 15:0: endpoint id: slot 10:0, generation 15:11
  } fw_tcp_tcb_args_t;

  // TCP_TCB result (warpnic (mailbox)), 3 words, the first 1 always present; fw_opcode TCP_TCB result
  localparam int unsigned FW_TCP_TCB_RSP_WORDS = 3;
  localparam int unsigned FW_TCP_TCB_RSP_MIN_WORDS = 1;
  localparam int unsigned FW_TCP_TCB_RSP_RESULT_LSB = 0;
  localparam int unsigned FW_TCP_TCB_RSP_RESULT_W = 8;
  localparam int unsigned FW_TCP_TCB_RSP_VALUE_LSB = 32;
  localparam int unsigned FW_TCP_TCB_RSP_VALUE_W = 64;
  typedef struct packed {
    logic [63:0] value;  // words 1-2 (low word first): the field's value after the write
    logic [23:0] rsvd0_8;  // reserved, zero
    logic [7:0] result;  // word 0 bits 7:0: cpl_status
  } fw_tcp_tcb_rsp_t;

  // The RDMA block's STATUS register (warpnic (docs/iwarp.md)), 1 word; register RDMA STATUS
  localparam int unsigned RDMA_STATUS_WORDS = 1;
  localparam int unsigned RDMA_STATUS_MIN_WORDS = 1;
  localparam int unsigned RDMA_STATUS_BUSY_LSB = 0;
  localparam int unsigned RDMA_STATUS_BUSY_W = 1;
  localparam int unsigned RDMA_STATUS_STATUS_LSB = 8;
  localparam int unsigned RDMA_STATUS_STATUS_W = 8;
  typedef struct packed {
    logic [15:0] rsvd0_16;  // reserved, zero
    logic [7:0] status;  // word 0 bits 15:8: rdma_cmd_status
    logic [6:0] rsvd0_1;  // reserved, zero
    logic busy;  // word 0 bit 0: a command runs (OP is ignored)
  } rdma_status_t;

  // The mailbox's STATUS register (warpnic (mailbox)), 1 word; register MBOX STATUS
  localparam int unsigned MBOX_STATUS_WORDS = 1;
  localparam int unsigned MBOX_STATUS_MIN_WORDS = 1;
  localparam int unsigned MBOX_STATUS_BUSY_LSB = 0;
  localparam int unsigned MBOX_STATUS_BUSY_W = 1;
  localparam int unsigned MBOX_STATUS_RSP_VALID_LSB = 1;
  localparam int unsigned MBOX_STATUS_RSP_VALID_W = 1;
  localparam int unsigned MBOX_STATUS_RSP_LEN_LSB = 8;
  localparam int unsigned MBOX_STATUS_RSP_LEN_W = 8;
  typedef struct packed {
    logic [15:0] rsvd0_16;  // reserved, zero
    logic [7:0] rsp_len;  // word 0 bits 15:8: response length in words, header included
    logic [5:0] rsvd0_2;  // reserved, zero
    logic rsp_valid;  // word 0 bit 1: RSP holds the response to the last request
    logic busy;  // word 0 bit 0: a request is in flight
  } mbox_status_t;

  // ---------------------------------------------------------------- port bundles
  // <name>_<channel>_t: one channel of a port, its valid and payload; the
  // channel's ready is a plain logic going the other way. <NAME>_<CHANNEL>_W
  // is the struct's width.

  // A DMA read port of one requester, as the read channel's arbiter (wn_dma_rd_mux) or a read server gives it: a request of len bytes at addr, answered in request order by beats of data, the last with last; err on the one beat of a refused read
  localparam int unsigned DMA_RD_REQ_W = 81;
  // dma_rd_req_t: driven by the requester; its ready, a plain logic req_ready (the request is taken), goes back
  typedef struct packed {
    logic req_valid;  // a request is offered
    logic [63:0] req_addr;  // IOVA of the first byte
    logic [15:0] req_len;  // bytes, 1..=DMA_MAX_READ
  } dma_rd_req_t;
  localparam int unsigned DMA_RD_RSP_W = 515;
  // dma_rd_rsp_t: driven by the other side; its ready, a plain logic rsp_ready (the requester takes the response beat), goes back
  typedef struct packed {
    logic rsp_valid;  // a response beat is offered
    logic [511:0] rsp_data;  // response beat: byte 0 of the read in bits 7:0 of the first beat (DATA_WIDTH)
    logic rsp_err;  // the host refused the read: one beat with rsp_last and no data
    logic rsp_last;  // last beat of the response
  } dma_rd_rsp_t;

  // A DMA write port of one requester, as the write channel's arbiter (wn_dma_wr_mux) gives it: beats of data for a write of len bytes at addr, the last with last, and one done pulse per write
  localparam int unsigned DMA_WR_REQ_W = 594;
  // dma_wr_req_t: driven by the requester; its ready, a plain logic wr_ready (the write beat is taken), goes back
  typedef struct packed {
    logic wr_valid;  // a write beat is offered
    logic [63:0] wr_addr;  // IOVA of the first byte; held for every beat of the write
    logic [15:0] wr_len;  // bytes
    logic [511:0] wr_data;  // write beat: byte 0 of the write in bits 7:0 of the first beat (DATA_WIDTH)
    logic wr_last;  // last beat of the write
  } dma_wr_req_t;
  localparam int unsigned DMA_WR_DONE_W = 2;
  // dma_wr_done_t: driven by the other side; no ready
  typedef struct packed {
    logic done_valid;  // one of the requester's writes is done (one cycle per write, in order)
    logic done_err;  // with done_valid: the host refused the write; nothing was written
  } dma_wr_done_t;

endpackage

// verilator lint_on SYMRSVDWORD
// verilator lint_on UNUSEDPARAM
