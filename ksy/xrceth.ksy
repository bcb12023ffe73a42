meta:
  id: xrceth
  title: InfiniBand XRC Extended Transport Header (XRCETH)
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The 4-byte XRCETH that follows the BTH in XRC request packets (opcodes 0xA0-0xB7 except
  responses and acknowledgements): the shared receive queue the message goes to.
doc-ref: IBTA vol. 1, Annex A14 Extended Reliable Connected (XRC) Transport Service, XRCETH
seq:
  - id: reserved
    type: u1
    doc: Reserved, transmitted as 0.
    doc-ref: IBTA vol. 1, Annex A14, XRCETH
  - id: xrc_srq
    type: b24
    -base: hex
    -field: xrceth.xrcsrq
    -title: XRC shared receive queue
    doc: Number of the XRC shared receive queue at the responder.
    doc-ref: IBTA vol. 1, Annex A14, XRCETH, XRCSRQ
