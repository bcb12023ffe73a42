meta:
  id: atomic_eth
  title: InfiniBand Atomic Extended Transport Header (AtomicETH)
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The 28-byte AtomicETH of CmpSwap and FetchAdd requests: the remote 64-bit word and the
  operands.
doc-ref: IBTA vol. 1, §9.3.4 Atomic Extended Transport Header (AtomicETH)
seq:
  - id: va
    type: u8
    -field: atomic.va
    -title: Virtual address
    doc: Virtual address of the remote 64-bit word (8-byte aligned).
    doc-ref: IBTA vol. 1, §9.3.4 Atomic Extended Transport Header (AtomicETH), VA
  - id: rkey
    type: u4
    -base: hex
    -field: atomic.rkey
    -title: Remote key
    doc: Remote key that authorizes access to the memory region.
    doc-ref: IBTA vol. 1, §9.3.4 Atomic Extended Transport Header (AtomicETH), R_Key
  - id: swap_add_data
    type: u8
    -field: atomic.swap
    -title: Swap (or add) data
    doc: Value to swap in (CmpSwap) or to add (FetchAdd).
    doc-ref: IBTA vol. 1, §9.3.4 Atomic Extended Transport Header (AtomicETH), Swap (or Add) Data
  - id: compare_data
    type: u8
    -field: atomic.compare
    -title: Compare data
    doc: Value to compare with (CmpSwap); unused by FetchAdd.
    doc-ref: IBTA vol. 1, §9.3.4 Atomic Extended Transport Header (AtomicETH), Compare Data
