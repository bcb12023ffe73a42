meta:
  id: qcn
  title: IEEE 802.1Q Congestion Notification (QCN, 802.1Qau) CN-TAG and CNM PDU
  license: CC0-1.0
  ks-version: 0.11
  endian: be
params:
  - id: ether_type
    type: u2
    doc: |
      The EtherType this header follows (the Ethernet or VLAN type field before it): 0x22E9
      a CN-TAG, 0x22E7 a Congestion Notification Message.
doc: |
  Congestion Notification, the third part of Data Center Bridging beside PFC and ETS: a
  congestion point (CP), a bridge or end station queue, samples the frames it queues and,
  when its queue is above its set point, sends a Congestion Notification Message (CNM,
  EtherType 0x22E7) back to the source of the sampled frame, its reaction point (RP), which
  slows the flow down. Frames of a congestion-controlled flow may carry a CN-TAG (EtherType
  0x22E9 and a 2-byte flow ID) after their VLAN tag, before their own EtherType; the CNM copies
  it (and the VLAN tag) so the RP can tell which flow to slow.

  Read after the EtherType, so every position stays frame-absolute: a CN-TAG is its flow ID
  and the EtherType that follows it (the frame goes on by that type, as after a VLAN tag); a
  CNM is its 24-byte PDU header and the encapsulated start of the sampled frame (up to 64
  bytes; padding to the minimum frame size after it is not read).

  The `-field` keys name the fields (see lldp.ksy); Wireshark has no QCN dissector, so the
  names are RoCE Lens's own, under `qcn`.
doc-ref:
  - IEEE 802.1Q-2018 clause 33.2 (CN-TAG format)
  - IEEE 802.1Q-2018 clause 33.4 (CNM PDU format)
seq:
  - id: cn_tag
    type: cn_tag
    if: ether_type == 0x22e9
    doc: The CN-TAG's body after its EtherType 0x22E9.
    doc-ref: IEEE 802.1Q-2018 clause 33.2 (CN-TAG format)
  - id: cnm
    type: cnm
    if: ether_type == 0x22e7
    doc: The CNM PDU after its EtherType 0x22E7.
    doc-ref: IEEE 802.1Q-2018 clause 33.4 (CNM PDU format)
types:
  cn_tag:
    seq:
      - id: flow_id
        type: u2
        -base: hex
        -field: qcn.cntag.flow_id
        -title: Flow ID
        doc: |
          The flow identifier the end station put on the frame (the reaction point's handle
          for the flow); a CNM about the frame carries the same CN-TAG back.
        doc-ref: IEEE 802.1Q-2018 clause 33.2 (CN-TAG format, Flow Identifier)
      - id: ether_type
        type: u2
        -base: hex
        -enum: ethernet_header::ether_type_enum
        -field: qcn.cntag.etype
        -title: Type
        doc: The frame's own EtherType, after the CN-TAG.
        doc-ref: IEEE 802.1Q-2018 clause 33.2 (CN-TAG format)
  cnm:
    seq:
      - id: version
        type: b4
        -field: qcn.cnm.version
        -title: Version
        -container: 2
        doc: The CNM PDU version, transmitted as 0.
        doc-ref: IEEE 802.1Q-2018 clause 33.4 (CNM PDU format, Version)
      - id: reserved_v
        type: b6
        -base: hex
        -field: qcn.cnm.reserved
        -title: Reserved
        -container: 2
        doc: Reserved, transmitted as 0 and ignored on receipt.
        doc-ref: IEEE 802.1Q-2018 clause 33.4 (CNM PDU format, ReservedV)
      - id: qfb
        type: b6
        -field: qcn.cnm.qfb
        -title: Quantized Feedback (qFb)
        -container: 2
        doc: |
          How congested the congestion point is, quantized to 6 bits (0 to 63): the more,
          the harder the reaction point cuts its rate.
        doc-ref: IEEE 802.1Q-2018 clause 33.4 (CNM PDU format, Quantized Feedback)
      - id: cpid
        type: u8
        -base: hex
        -field: qcn.cnm.cpid
        -title: Congestion Point Identifier (CPID)
        doc: |
          Names the congestion point that sent the CNM, unique in the network (commonly a
          MAC address of the bridge and a queue number).
        doc-ref: IEEE 802.1Q-2018 clause 33.4 (CNM PDU format, Congestion Point Identifier)
      - id: cpq_offset
        type: s2
        -field: qcn.cnm.cpq_offset
        -title: cnmQOffset (cpQOffset)
        doc: |
          The queue's distance from its set point when the frame was sampled (cpQOffset,
          signed: positive above the set point), in units of 64 octets.
        doc-ref: IEEE 802.1Q-2018 clause 33.4 (CNM PDU format, cnmQOffset)
      - id: cpq_delta
        type: s2
        -field: qcn.cnm.cpq_delta
        -title: cnmQDelta (cpQDelta)
        doc: |
          How much the queue grew since the previous sample (cpQDelta, signed: negative when
          it shrank), in units of 64 octets.
        doc-ref: IEEE 802.1Q-2018 clause 33.4 (CNM PDU format, cnmQDelta)
      - id: encap_priority
        type: b3
        -field: qcn.cnm.encap_priority
        -title: Encapsulated priority
        -container: 2
        doc: The priority of the sampled frame (its Congestion Notification Priority Value).
        doc-ref: IEEE 802.1Q-2018 clause 33.4 (CNM PDU format, Encapsulated priority)
      - id: reserved_priority
        type: b13
        doc: The 13 bits after the priority, reserved and transmitted as 0.
        doc-ref: IEEE 802.1Q-2018 clause 33.4 (CNM PDU format, Encapsulated priority)
      - id: encap_dmac
        type: b48
        -display: mac
        -field: qcn.cnm.encap_dmac
        -title: Encapsulated destination MAC address
        doc: The destination MAC address of the sampled frame.
        doc-ref: IEEE 802.1Q-2018 clause 33.4 (CNM PDU format, Encapsulated destination MAC address)
      - id: encap_len
        type: u2
        -field: qcn.cnm.encap_len
        -title: Encapsulated MSDU length
        doc: The length in octets of the sampled frame's MSDU.
        doc-ref: IEEE 802.1Q-2018 clause 33.4 (CNM PDU format, Encapsulated MSDU length)
      - id: encap_msdu
        size: 'encap_len < 64 ? encap_len : 64'
        -display: bytes
        -field: qcn.cnm.encap_msdu
        -title: Encapsulated MSDU
        doc: |
          The first bytes of the sampled frame's MSDU, as many as its length up to 64 (the
          CNM PDU is 24 to 88 bytes).
        doc-ref: IEEE 802.1Q-2018 clause 33.4 (CNM PDU format, Encapsulated MSDU)
