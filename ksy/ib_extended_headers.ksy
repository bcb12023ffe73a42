meta:
  id: ib_extended_headers
  title: InfiniBand extended transport headers selected by the BTH opcode
  license: CC0-1.0
  ks-version: 0.11
  endian: be
  imports:
    - xrceth
    - feth
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

  * RC FLUSH (0x1C, IBA release 1.5): FETH then RETH; RC ATOMIC WRITE (0x1D): RETH, then
    the 8 bytes to write as payload.

  Opcodes not listed (reserved or manufacturer specific) read nothing here;
  `is_known_opcode` tells them apart.
  The payload and ICRC are not read: the payload starts `len_headers` bytes after the
  end of the BTH and the ICRC is the last 4 bytes of the UDP payload.
doc-ref:
  - IBTA vol. 1, §9.2 Base Transport Header, OpCode (Table 38)
  - IBTA vol. 1, §9.3 Extended Transport Headers
  - IBTA vol. 1, Annex A14 Extended Reliable Connected (XRC) Transport Service
  - IBTA Annex A17 RoCEv2, congestion notification packet (CNP)
  - IBTA vol. 1 release 1.5, FLUSH Extended Transport Header (FETH)
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
  - id: feth
    type: feth
    if: has_feth
    doc: FLUSH Extended Transport Header (RC FLUSH).
    doc-ref: IBTA vol. 1 release 1.5, FLUSH Extended Transport Header (FETH)
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
  is_known_opcode:
    value: |
      ((transport == 0 or transport == 5) and (operation <= 0x14 or operation == 0x16 or operation == 0x17))
      or opcode == 0x1c or opcode == 0x1d
      or (transport == 1 and operation <= 0x0b)
      or (transport == 2 and operation <= 0x15)
      or opcode == 0x64 or opcode == 0x65 or opcode == 0x81
    doc: |
      True for the opcodes whose extended headers this type decodes; false for reserved,
      manufacturer-specific and newer opcodes, whose headers are not read.
    doc-ref: IBTA vol. 1, §9.2 Base Transport Header, OpCode (Table 38)
  has_xrceth:
    value: |
      (opcode >= 0xa0 and opcode <= 0xac) or opcode == 0xb3 or opcode == 0xb4
      or opcode == 0xb6 or opcode == 0xb7
    doc: |
      XRC requests carry an XRCETH: SEND, RDMA WRITE and RDMA READ Request (0xa0-0xac),
      CmpSwap / FetchAdd (0xb3, 0xb4) and SEND with Invalidate (0xb6, 0xb7); XRC responses
      and acknowledgements (0xad-0xb2) do not.
    doc-ref: IBTA vol. 1, Annex A14, XRCETH
  has_feth:
    value: opcode == 0x1c
    doc: RC FLUSH carries a FETH before its RETH.
    doc-ref: IBTA vol. 1 release 1.5, FLUSH Extended Transport Header (FETH)
  has_rdeth:
    value: opcode >= 0x40 and opcode <= 0x55
    doc: Every RD packet (0x40-0x55) starts its extended headers with an RDETH.
    doc-ref: IBTA vol. 1, §9.3.1 Reliable Datagram Extended Transport Header (RDETH)
  has_deth:
    value: |
      (opcode >= 0x40 and opcode <= 0x4c) or (opcode >= 0x53 and opcode <= 0x55)
      or opcode == 0x64 or opcode == 0x65
    doc: |
      RD requests (0x40-0x4c, 0x53-0x55; not the READ responses and acknowledgements
      0x4d-0x52) and UD SENDs (0x64, 0x65) carry a DETH.
    doc-ref: IBTA vol. 1, §9.3.2 Datagram Extended Transport Header (DETH)
  has_reth:
    value: |
      opcode == 0x06 or opcode == 0x0a or opcode == 0x0b or opcode == 0x0c
      or opcode == 0x26 or opcode == 0x2a or opcode == 0x2b
      or opcode == 0x46 or opcode == 0x4a or opcode == 0x4b or opcode == 0x4c
      or opcode == 0xa6 or opcode == 0xaa or opcode == 0xab or opcode == 0xac
      or opcode == 0x1c or opcode == 0x1d
    doc: |
      RDMA WRITE First (operation 0x06), RDMA WRITE Only (0x0a) and Only with Immediate
      (0x0b), and RDMA READ Request (0x0c, not in UC) carry a RETH, in RC (0x00-), UC
      (0x20-), RD (0x40-) and XRC (0xa0-); so do RC FLUSH (0x1c, after its FETH) and RC
      ATOMIC WRITE (0x1d).
    doc-ref: IBTA vol. 1, §9.3.3 RDMA Extended Transport Header (RETH)
  has_atomic_eth:
    value: |
      opcode == 0x13 or opcode == 0x14 or opcode == 0x53 or opcode == 0x54
      or opcode == 0xb3 or opcode == 0xb4
    doc: CmpSwap and FetchAdd (operations 0x13, 0x14 of RC, RD and XRC) carry an AtomicETH.
    doc-ref: IBTA vol. 1, §9.3.4 Atomic Extended Transport Header (AtomicETH)
  has_aeth:
    value: |
      opcode == 0x0d or (opcode >= 0x0f and opcode <= 0x12)
      or opcode == 0x4d or (opcode >= 0x4f and opcode <= 0x52)
      or opcode == 0xad or (opcode >= 0xaf and opcode <= 0xb2)
    doc: |
      READ Response First (operation 0x0d), Last (0x0f) and Only (0x10), Acknowledge (0x11)
      and ATOMIC Acknowledge (0x12) carry an AETH, in RC, RD and XRC; READ Response
      Middle (0x0e) does not.
    doc-ref: IBTA vol. 1, §9.3.5 ACK Extended Transport Header (AETH)
  has_atomic_ack_eth:
    value: opcode == 0x12 or opcode == 0x52 or opcode == 0xb2
    doc: ATOMIC Acknowledge (operation 0x12 of RC, RD and XRC) carries an AtomicAckETH after its AETH.
    doc-ref: IBTA vol. 1, §9.3.6 Atomic Acknowledge Extended Transport Header (AtomicAckETH)
  has_imm_dt:
    value: |
      opcode == 0x03 or opcode == 0x05 or opcode == 0x09 or opcode == 0x0b
      or opcode == 0x23 or opcode == 0x25 or opcode == 0x29 or opcode == 0x2b
      or opcode == 0x43 or opcode == 0x45 or opcode == 0x49 or opcode == 0x4b
      or opcode == 0xa3 or opcode == 0xa5 or opcode == 0xa9 or opcode == 0xab
      or opcode == 0x65
    doc: |
      The "with Immediate" opcodes carry an ImmDt: SEND Last (operation 0x03) and Only (0x05),
      RDMA WRITE Last (0x09) and Only (0x0b) in RC, UC, RD and XRC, and UD SEND Only (0x65).
    doc-ref: IBTA vol. 1, §9.3.7 Immediate Extended Transport Header (ImmDt)
  has_ieth:
    value: opcode == 0x16 or opcode == 0x17 or opcode == 0xb6 or opcode == 0xb7
    doc: SEND Last / Only with Invalidate (operations 0x16, 0x17 of RC and XRC) carry an IETH.
    doc-ref: IBTA vol. 1, §9.3.8 Invalidate Extended Transport Header (IETH)
  has_cnp:
    value: opcode == 0x81
    doc: A RoCEv2 CNP carries 16 reserved bytes.
    doc-ref: IBTA Annex A17 RoCEv2, congestion notification packet (CNP)
  len_headers:
    value: |
      (has_xrceth ? 4 : 0) + (has_feth ? 4 : 0) + (has_rdeth ? 4 : 0) + (has_deth ? 8 : 0) + (has_reth ? 16 : 0)
      + (has_atomic_eth ? 28 : 0) + (has_aeth ? 4 : 0) + (has_atomic_ack_eth ? 8 : 0)
      + (has_imm_dt ? 4 : 0) + (has_ieth ? 4 : 0) + (has_cnp ? 16 : 0)
    doc: |
      Total length in bytes of the extended headers for this opcode; known without
      parsing, so a truncated packet can be told apart from a short one.
    doc-ref: IBTA vol. 1, §9.3 Extended Transport Headers
