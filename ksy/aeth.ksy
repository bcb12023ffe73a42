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
      doc: The responder expected another PSN (carried in the BTH); the requester goes back N.
      doc-ref: IBTA vol. 1, §9.3.5 AETH, Syndrome (NAK codes)
    1:
      id: invalid_request
      doc: Invalid request.
      doc-ref: IBTA vol. 1, §9.3.5 AETH, Syndrome (NAK codes)
    2:
      id: remote_access_error
      doc: Remote access error (bad R_Key, bounds or rights).
      doc-ref: IBTA vol. 1, §9.3.5 AETH, Syndrome (NAK codes)
    3:
      id: remote_operational_error
      doc: Remote operational error.
      doc-ref: IBTA vol. 1, §9.3.5 AETH, Syndrome (NAK codes)
    4:
      id: invalid_rd_request
      doc: Invalid RD request.
      doc-ref: IBTA vol. 1, §9.3.5 AETH, Syndrome (NAK codes)
