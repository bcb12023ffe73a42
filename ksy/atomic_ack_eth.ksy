meta:
  id: atomic_ack_eth
  title: InfiniBand Atomic Acknowledge Extended Transport Header (AtomicAckETH)
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The 8-byte AtomicAckETH of an ATOMIC Acknowledge, after the AETH: the value the remote
  word held before the atomic operation.
doc-ref: IBTA vol. 1, §9.3.6 Atomic Acknowledge Extended Transport Header (AtomicAckETH)
seq:
  - id: orig_remote_data
    type: u8
    -field: atomicack.orig
    -title: Original remote data
    doc: Original content of the remote 64-bit word.
    doc-ref: IBTA vol. 1, §9.3.6 Atomic Acknowledge Extended Transport Header (AtomicAckETH)
