meta:
  id: immdt
  title: InfiniBand Immediate Data Extended Transport Header (ImmDt)
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The 4-byte ImmDt carried by the "with Immediate" SEND and RDMA WRITE opcodes; the
  responder hands it to the consumer in the completion.
doc-ref: IBTA vol. 1, §9.3.7 Immediate Extended Transport Header (ImmDt)
seq:
  - id: data
    type: u4
    -base: hex
    -field: immdt
    -title: Immediate data
    doc: Immediate data, opaque to the transport.
    doc-ref: IBTA vol. 1, §9.3.7 Immediate Extended Transport Header (ImmDt)
