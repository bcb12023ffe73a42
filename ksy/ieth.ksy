meta:
  id: ieth
  title: InfiniBand Invalidate Extended Transport Header (IETH)
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The 4-byte IETH carried by SEND Last / Only with Invalidate: the R_Key the responder
  must invalidate.
doc-ref: IBTA vol. 1, §9.3.8 Invalidate Extended Transport Header (IETH)
seq:
  - id: rkey
    type: u4
    -base: hex
    -field: ieth.rkey
    -title: Remote key to invalidate
    doc: Remote key to invalidate.
    doc-ref: IBTA vol. 1, §9.3.8 Invalidate Extended Transport Header (IETH), R_Key
