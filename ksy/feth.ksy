meta:
  id: feth
  title: InfiniBand FLUSH Extended Transport Header (FETH)
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The 4-byte FETH that follows the BTH of an RDMA FLUSH request (opcode 0x1C, IBA release
  1.5 memory placement extensions), before its RETH: how far the flush reaches and what it
  makes the data. Linux's rxe sends it for ibv_wr_flush.
doc-ref: IBTA vol. 1 release 1.5, FLUSH Extended Transport Header (FETH)
seq:
  - id: reserved
    type: b26
    doc: Reserved, transmitted as 0.
    doc-ref: IBTA vol. 1 release 1.5, FLUSH Extended Transport Header (FETH)
  - id: selectivity_level
    type: b2
    -byte-width: 1
    -field: feth.sel
    -title: Selectivity level
    doc: |
      Selectivity level (SEL): 0 flushes the range the RETH names, 1 the whole memory
      region of its R_Key; 2 and 3 are reserved.
    doc-ref: IBTA vol. 1 release 1.5, FLUSH Extended Transport Header (FETH), SEL
  - id: placement_type
    type: b4
    -base: hex
    -byte-width: 1
    -field: feth.plt
    -title: Placement type
    doc: |
      Placement type (PLT), a bit set: bit 0 global visibility, bit 1 persistence; the
      upper two bits are reserved.
    doc-ref: IBTA vol. 1 release 1.5, FLUSH Extended Transport Header (FETH), PLT
