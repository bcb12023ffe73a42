meta:
  id: aeth
  title: InfiniBand ACK Extended Transport Header (AETH)
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The 4-byte AETH that a responder puts in Acknowledge, ATOMIC Acknowledge and RDMA READ
  Response First / Last / Only packets: an 8-bit syndrome (ACK, RNR NAK or NAK with its
  code) and the message sequence number.

  Syndrome examples: 0x1F ACK with invalid credit count, 0x60 NAK PSN sequence error,
  0x2E RNR NAK with timer code 14.
doc-ref: IBTA vol. 1, §9.3.5 ACK Extended Transport Header (AETH)
seq:
  - id: reserved
    type: b1
    doc: Bit 7 of the syndrome, reserved.
    doc-ref: IBTA vol. 1, §9.3.5 AETH, Syndrome
  - id: syndrome_type
    type: b2
    enum: syndrome_type_enum
    doc: Bits 6-5 of the syndrome, the kind of acknowledgement.
    doc-ref: IBTA vol. 1, §9.3.5 AETH, Syndrome
  - id: syndrome_value
    type: b5
    doc: |
      Bits 4-0 of the syndrome. ACK: credit count (0x1F = invalid, credits not used).
      RNR NAK: RNR timer code (0 = 655.36 ms, 1 = 0.01 ms ... 31 = 491.52 ms).
      NAK: NAK code (see `nak_code`).
    doc-ref: IBTA vol. 1, §9.3.5 AETH, Syndrome; §9.7.5.2.8 (RNR timer)
  - id: msn
    type: b24
    -byte-width: 3
    -field: aeth.msn
    -title: Message sequence number
    doc: Message sequence number of the last message completed by the responder.
    doc-ref: IBTA vol. 1, §9.3.5 AETH, MSN
instances:
  syndrome:
    value: '(reserved ? 0x80 : 0) | (syndrome_type.to_i << 5) | syndrome_value'
    doc: The whole 8-bit syndrome byte, rebuilt from its three parts.
    doc-ref: IBTA vol. 1, §9.3.5 AETH, Syndrome
  nak_code:
    value: syndrome_value
    enum: nak_code_enum
    if: syndrome_type == syndrome_type_enum::nak
    doc: NAK code, for a NAK; null for codes the spec reserves.
    doc-ref: IBTA vol. 1, §9.3.5 AETH, Syndrome (NAK codes)
  rnr_timer:
    value: syndrome_value
    enum: rnr_timer_enum
    if: syndrome_type == syndrome_type_enum::rnr_nak
    doc: The minimum time the requester waits before it retries, for an RNR NAK.
    doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
enums:
  syndrome_type_enum:
    0:
      id: ack
      doc: Positive acknowledgement.
      doc-ref: IBTA vol. 1, §9.3.5 AETH, Syndrome
    1:
      id: rnr_nak
      doc: Receiver Not Ready NAK; the requester retries after the RNR timer.
      doc-ref: IBTA vol. 1, §9.3.5 AETH, Syndrome
    2:
      id: reserved
      doc: Reserved.
      doc-ref: IBTA vol. 1, §9.3.5 AETH, Syndrome
    3:
      id: nak
      doc: Negative acknowledgement with a NAK code.
      doc-ref: IBTA vol. 1, §9.3.5 AETH, Syndrome
  nak_code_enum:
    0:
      id: psn_sequence_error
      -orig-id: PSN sequence error
      doc: The responder expected another PSN (carried in the BTH); the requester goes back N.
      doc-ref: IBTA vol. 1, §9.3.5 AETH, Syndrome (NAK codes)
    1:
      id: invalid_request
      -orig-id: invalid request
      doc: Invalid request.
      doc-ref: IBTA vol. 1, §9.3.5 AETH, Syndrome (NAK codes)
    2:
      id: remote_access_error
      -orig-id: remote access error
      doc: Remote access error (bad R_Key, bounds or rights).
      doc-ref: IBTA vol. 1, §9.3.5 AETH, Syndrome (NAK codes)
    3:
      id: remote_operational_error
      -orig-id: remote operational error
      doc: Remote operational error.
      doc-ref: IBTA vol. 1, §9.3.5 AETH, Syndrome (NAK codes)
    4:
      id: invalid_rd_request
      -orig-id: invalid RD request
      doc: Invalid RD request.
      doc-ref: IBTA vol. 1, §9.3.5 AETH, Syndrome (NAK codes)
  rnr_timer_enum:
    0:
      id: ms_655_36
      -orig-id: 655.36 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    1:
      id: ms_0_01
      -orig-id: 0.01 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    2:
      id: ms_0_02
      -orig-id: 0.02 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    3:
      id: ms_0_03
      -orig-id: 0.03 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    4:
      id: ms_0_04
      -orig-id: 0.04 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    5:
      id: ms_0_06
      -orig-id: 0.06 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    6:
      id: ms_0_08
      -orig-id: 0.08 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    7:
      id: ms_0_12
      -orig-id: 0.12 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    8:
      id: ms_0_16
      -orig-id: 0.16 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    9:
      id: ms_0_24
      -orig-id: 0.24 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    10:
      id: ms_0_32
      -orig-id: 0.32 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    11:
      id: ms_0_48
      -orig-id: 0.48 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    12:
      id: ms_0_64
      -orig-id: 0.64 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    13:
      id: ms_0_96
      -orig-id: 0.96 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    14:
      id: ms_1_28
      -orig-id: 1.28 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    15:
      id: ms_1_92
      -orig-id: 1.92 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    16:
      id: ms_2_56
      -orig-id: 2.56 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    17:
      id: ms_3_84
      -orig-id: 3.84 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    18:
      id: ms_5_12
      -orig-id: 5.12 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    19:
      id: ms_7_68
      -orig-id: 7.68 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    20:
      id: ms_10_24
      -orig-id: 10.24 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    21:
      id: ms_15_36
      -orig-id: 15.36 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    22:
      id: ms_20_48
      -orig-id: 20.48 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    23:
      id: ms_30_72
      -orig-id: 30.72 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    24:
      id: ms_40_96
      -orig-id: 40.96 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    25:
      id: ms_61_44
      -orig-id: 61.44 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    26:
      id: ms_81_92
      -orig-id: 81.92 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    27:
      id: ms_122_88
      -orig-id: 122.88 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    28:
      id: ms_163_84
      -orig-id: 163.84 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    29:
      id: ms_245_76
      -orig-id: 245.76 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    30:
      id: ms_327_68
      -orig-id: 327.68 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
    31:
      id: ms_491_52
      -orig-id: 491.52 ms
      doc-ref: IBTA vol. 1, table 45 (RNR NAK timer field encodings)
