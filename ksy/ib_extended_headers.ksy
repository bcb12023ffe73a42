meta:
  id: ib_extended_headers
  title: InfiniBand extended transport headers selected by the BTH opcode
  license: CC0-1.0
  ks-version: 0.11
  endian: be
  imports:
    - xrceth
    - rdeth
    - deth
    - reth
    - atomic_eth
    - aeth
    - atomic_ack_eth
    - immdt
    - ieth
    - cnp_padding
doc: |
  The extended transport headers between the BTH and the payload. Which ones are present,
  and in which order, is fixed by the BTH opcode (the caller passes it in as `opcode`):

  * RC and XRC (XRC requests start with XRCETH) and the RC-like part of RD: RETH for
    RDMA WRITE First / Only and RDMA READ Request, AETH for the acknowledgements and READ
    Response First / Last / Only, AtomicETH for CmpSwap / FetchAdd, AtomicAckETH after the
    AETH of ATOMIC Acknowledge, ImmDt for the "with Immediate" opcodes, IETH for the "with
    Invalidate" SENDs (RC and XRC only).
  * UC: the SEND and RDMA WRITE subset of RC (0x20-0x2B), same headers.
  * RD (0x40-0x55): RDETH always first, then DETH on every request (all but READ
    responses and the two acknowledgements), then the RC-like headers. RESYNC (0x55) is
    RDETH + DETH.
  * UD SEND Only (0x64) / with Immediate (0x65): DETH, then ImmDt for 0x65.
  * RoCEv2 CNP (0x81): 16 reserved bytes.

  Opcodes not listed (reserved, manufacturer specific, or the release 1.5 FLUSH and
  ATOMIC WRITE) read nothing here; `is_known_opcode` tells them apart.
  The payload and ICRC are not read: the payload starts `len_headers` bytes after the
  end of the BTH and the ICRC is the last 4 bytes of the UDP payload.
doc-ref:
  - IBTA vol. 1, §9.2 Base Transport Header, OpCode (Table 38)
  - IBTA vol. 1, §9.3 Extended Transport Headers
  - IBTA vol. 1, Annex A14 Extended Reliable Connected (XRC) Transport Service
  - IBTA Annex A17 RoCEv2, congestion notification packet (CNP)
params:
  - id: opcode
    type: u1
    doc: The raw opcode of the preceding BTH.
    doc-ref: IBTA vol. 1, §9.2 Base Transport Header, OpCode
seq:
  - id: xrceth
    type: xrceth
    if: has_xrceth
    doc: XRC Extended Transport Header (XRC requests).
    doc-ref: IBTA vol. 1, Annex A14, XRCETH
  - id: rdeth
    type: rdeth
    if: has_rdeth
    doc: Reliable Datagram Extended Transport Header (every RD packet).
    doc-ref: IBTA vol. 1, §9.3.1 Reliable Datagram Extended Transport Header (RDETH)
  - id: deth
    type: deth
    if: has_deth
    doc: Datagram Extended Transport Header (UD, and RD requests).
    doc-ref: IBTA vol. 1, §9.3.2 Datagram Extended Transport Header (DETH)
  - id: reth
    type: reth
    if: has_reth
    doc: RDMA Extended Transport Header (RDMA WRITE First / Only, RDMA READ Request).
    doc-ref: IBTA vol. 1, §9.3.3 RDMA Extended Transport Header (RETH)
  - id: atomic_eth
    type: atomic_eth
    if: has_atomic_eth
    doc: Atomic Extended Transport Header (CmpSwap, FetchAdd).
    doc-ref: IBTA vol. 1, §9.3.4 Atomic Extended Transport Header (AtomicETH)
  - id: aeth
    type: aeth
    if: has_aeth
    doc: ACK Extended Transport Header (Acknowledge, ATOMIC Acknowledge, READ Response First / Last / Only).
    doc-ref: IBTA vol. 1, §9.3.5 ACK Extended Transport Header (AETH)
  - id: atomic_ack_eth
    type: atomic_ack_eth
    if: has_atomic_ack_eth
    doc: Atomic Acknowledge Extended Transport Header (ATOMIC Acknowledge).
    doc-ref: IBTA vol. 1, §9.3.6 Atomic Acknowledge Extended Transport Header (AtomicAckETH)
  - id: imm_dt
    type: immdt
    if: has_imm_dt
    doc: Immediate data (the "with Immediate" SEND and RDMA WRITE opcodes).
    doc-ref: IBTA vol. 1, §9.3.7 Immediate Extended Transport Header (ImmDt)
  - id: ieth
    type: ieth
    if: has_ieth
    doc: Invalidate Extended Transport Header (SEND Last / Only with Invalidate).
    doc-ref: IBTA vol. 1, §9.3.8 Invalidate Extended Transport Header (IETH)
  - id: cnp
    type: cnp_padding
    if: has_cnp
    doc: The 16 reserved bytes of a RoCEv2 CNP.
    doc-ref: IBTA Annex A17 RoCEv2, congestion notification packet (CNP)
instances:
  transport:
    value: opcode >> 5
    doc: Transport service, the top 3 bits of the opcode (0 RC, 1 UC, 2 RD, 3 UD, 4 CNP, 5 XRC).
    doc-ref: IBTA vol. 1, §9.2 Base Transport Header, OpCode (Table 38)
  operation:
    value: opcode & 0x1f
    doc: Operation, the low 5 bits of the opcode.
    doc-ref: IBTA vol. 1, §9.2 Base Transport Header, OpCode (Table 38)
  is_reliable:
    value: transport == 0 or transport == 2 or transport == 5
    doc: RC, RD or XRC, the transports with the full operation set (RDMA READ, atomics, acknowledgements).
    doc-ref: IBTA vol. 1, §9.2 Base Transport Header, OpCode (Table 38)
  is_known_opcode:
    value: |
      ((transport == 0 or transport == 5) and (operation <= 0x14 or operation == 0x16 or operation == 0x17))
      or (transport == 1 and operation <= 0x0b)
      or (transport == 2 and operation <= 0x15)
      or opcode == 0x64 or opcode == 0x65 or opcode == 0x81
    doc: |
      True for the opcodes whose extended headers this type decodes; false for reserved,
      manufacturer-specific and newer opcodes, whose headers are not read.
    doc-ref: IBTA vol. 1, §9.2 Base Transport Header, OpCode (Table 38)
  has_xrceth:
    value: |
      transport == 5 and (operation <= 0x0c or operation == 0x13 or operation == 0x14
      or operation == 0x16 or operation == 0x17)
    doc: XRC requests carry an XRCETH; XRC responses and acknowledgements do not.
    doc-ref: IBTA vol. 1, Annex A14, XRCETH
  has_rdeth:
    value: transport == 2 and operation <= 0x15
    doc: Every RD packet starts its extended headers with an RDETH.
    doc-ref: IBTA vol. 1, §9.3.1 Reliable Datagram Extended Transport Header (RDETH)
  has_deth:
    value: |
      (has_rdeth and not (operation >= 0x0d and operation <= 0x12))
      or opcode == 0x64 or opcode == 0x65
    doc: UD packets and RD requests (not RD READ responses or acknowledgements) carry a DETH.
    doc-ref: IBTA vol. 1, §9.3.2 Datagram Extended Transport Header (DETH)
  has_reth:
    value: |
      (is_reliable and (operation == 0x06 or operation == 0x0a or operation == 0x0b or operation == 0x0c))
      or (transport == 1 and (operation == 0x06 or operation == 0x0a or operation == 0x0b))
    doc: RDMA WRITE First, RDMA WRITE Only (with Immediate) and RDMA READ Request carry a RETH.
    doc-ref: IBTA vol. 1, §9.3.3 RDMA Extended Transport Header (RETH)
  has_atomic_eth:
    value: is_reliable and (operation == 0x13 or operation == 0x14)
    doc: CmpSwap and FetchAdd carry an AtomicETH.
    doc-ref: IBTA vol. 1, §9.3.4 Atomic Extended Transport Header (AtomicETH)
  has_aeth:
    value: |
      is_reliable and (operation == 0x0d or operation == 0x0f or operation == 0x10
      or operation == 0x11 or operation == 0x12)
    doc: READ Response First / Last / Only, Acknowledge and ATOMIC Acknowledge carry an AETH.
    doc-ref: IBTA vol. 1, §9.3.5 ACK Extended Transport Header (AETH)
  has_atomic_ack_eth:
    value: is_reliable and operation == 0x12
    doc: ATOMIC Acknowledge carries an AtomicAckETH after its AETH.
    doc-ref: IBTA vol. 1, §9.3.6 Atomic Acknowledge Extended Transport Header (AtomicAckETH)
  has_imm_dt:
    value: |
      ((is_reliable or transport == 1)
       and (operation == 0x03 or operation == 0x05 or operation == 0x09 or operation == 0x0b))
      or opcode == 0x65
    doc: The "with Immediate" SEND and RDMA WRITE opcodes carry an ImmDt.
    doc-ref: IBTA vol. 1, §9.3.7 Immediate Extended Transport Header (ImmDt)
  has_ieth:
    value: (transport == 0 or transport == 5) and (operation == 0x16 or operation == 0x17)
    doc: SEND Last / Only with Invalidate (RC and XRC) carry an IETH.
    doc-ref: IBTA vol. 1, §9.3.8 Invalidate Extended Transport Header (IETH)
  has_cnp:
    value: opcode == 0x81
    doc: A RoCEv2 CNP carries 16 reserved bytes.
    doc-ref: IBTA Annex A17 RoCEv2, congestion notification packet (CNP)
  len_headers:
    value: |
      (has_xrceth ? 4 : 0) + (has_rdeth ? 4 : 0) + (has_deth ? 8 : 0) + (has_reth ? 16 : 0)
      + (has_atomic_eth ? 28 : 0) + (has_aeth ? 4 : 0) + (has_atomic_ack_eth ? 8 : 0)
      + (has_imm_dt ? 4 : 0) + (has_ieth ? 4 : 0) + (has_cnp ? 16 : 0)
    doc: |
      Total length in bytes of the extended headers for this opcode; known without
      parsing, so a truncated packet can be told apart from a short one.
    doc-ref: IBTA vol. 1, §9.3 Extended Transport Headers
