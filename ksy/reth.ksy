meta:
  id: reth
  title: InfiniBand RDMA Extended Transport Header (RETH)
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The 16-byte RETH that follows the BTH in RDMA WRITE First / Only and RDMA READ Request
  packets: where in the remote memory region the data goes or comes from, and how much.
doc-ref: IBTA vol. 1, §9.3.3 RDMA Extended Transport Header (RETH)
seq:
  - id: va
    type: u8
    -field: reth.va
    -title: Virtual address
    doc: Virtual address of the first byte in the remote memory region.
    doc-ref: IBTA vol. 1, §9.3.3 RDMA Extended Transport Header (RETH), VA
  - id: rkey
    type: u4
    -base: hex
    -field: reth.rkey
    -title: Remote key
    doc: Remote key that authorizes access to the memory region.
    doc-ref: IBTA vol. 1, §9.3.3 RDMA Extended Transport Header (RETH), R_Key
  - id: dma_length
    type: u4
    -field: reth.dmalen
    -title: DMA length
    doc: Length in bytes of the whole RDMA operation (all packets of the message).
    doc-ref: IBTA vol. 1, §9.3.3 RDMA Extended Transport Header (RETH), DMALen
