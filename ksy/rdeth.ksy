meta:
  id: rdeth
  title: InfiniBand Reliable Datagram Extended Transport Header (RDETH)
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The 4-byte RDETH that starts the extended headers of every RD packet: the end-to-end
  context the datagram travels on.
doc-ref: IBTA vol. 1, §9.3.1 Reliable Datagram Extended Transport Header (RDETH)
seq:
  - id: reserved
    type: u1
    doc: Reserved, transmitted as 0.
    doc-ref: IBTA vol. 1, §9.3.1 Reliable Datagram Extended Transport Header (RDETH)
  - id: ee_context
    type: b24
    -base: hex
    -field: rdeth.eecnxt
    -title: EE context
    doc: End-to-end context number.
    doc-ref: IBTA vol. 1, §9.3.1 Reliable Datagram Extended Transport Header (RDETH), EECnxt
