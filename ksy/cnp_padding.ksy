meta:
  id: cnp_padding
  title: RoCEv2 Congestion Notification Packet body
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The 16 reserved bytes that follow the BTH of a RoCEv2 CNP (opcode 0x81), before the
  ICRC. A CNP tells the sender of DestQP to reduce its rate (DCQCN).
doc-ref: IBTA Annex A17 RoCEv2, congestion notification packet (CNP) format
seq:
  - id: reserved
    size: 16
    doc: Reserved, transmitted as zeros.
    doc-ref: IBTA Annex A17 RoCEv2, congestion notification packet (CNP) format
