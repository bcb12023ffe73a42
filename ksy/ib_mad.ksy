meta:
  id: ib_mad
  title: InfiniBand Management Datagram (MAD) and the Communication Management messages it carries
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  A MAD: the 256-byte payload of a UD SEND Only packet to QP 1 (the General Services
  Interface, GSI) or QP 0 (the Subnet Management Interface) after the BTH and DETH. A 24-byte common header names the management class,
  method and attribute; the 232 bytes of data after it are the attribute. Management class
  0x07 is Communication Management (CM), whose attributes are the messages that set up and
  tear down a connection (what rdma_cm sends): ConnectRequest (REQ), ConnectReply (REP),
  ReadyToUse (RTU), DisconnectRequest (DREQ) and DisconnectReply (DREP); other classes and
  attributes are left as bytes.

  The `-field` keys name the fields as Wireshark 4.0 does (packet-infiniband.c), its quirks
  included: the REQ's and REP's Local Communication ID are `infiniband.cm.req` and
  `infiniband.cm.rep`, the DREQ's Remote QPN is `infiniband.cm.req.remoteqpneecn`, and the
  one-bit fields Wireshark shows as 8-bit hex numbers are `b1` with `-base: hex`. See
  lldp.ksy for the keys. The REQ's path records and the messages' private data are read as
  bytes, not fields, except rdma_cm's header in a REQ (versions and source port).
doc-ref:
  - IBTA vol. 1 release 1.4, §13.4.3 (MAD base format, common header)
  - IBTA vol. 1 release 1.4, §12.6 (Communication Management messages, 12.6.5 REQ to 12.6.10 DREP)
seq:
  - id: base_version
    type: u1
    -base: hex
    -field: infiniband.mad.baseversion
    -title: Base Version
    doc: Version of the MAD base format, 1.
    doc-ref: IBTA vol. 1, §13.4.3 (MAD base format), BaseVersion
  - id: mgmt_class
    type: u1
    -base: hex
    -field: infiniband.mad.mgmtclass
    -title: Management Class
    doc: The management class (0x07 Communication Management, 0x03 Subnet Administration, ...).
    doc-ref: IBTA vol. 1, §13.4.4 (management classes), Table 147
  - id: class_version
    type: u1
    -base: hex
    -field: infiniband.mad.classversion
    -title: Class Version
    doc: Version of the management class (CM uses 2).
    doc-ref: IBTA vol. 1, §13.4.3 (MAD base format), ClassVersion
  - id: method
    type: u1
    -base: hex
    -enum: method_enum
    -field: infiniband.mad.method
    -title: Method
    doc: What the MAD does with the attribute (Get, Set, Send, ...; names in `method_enum`).
    doc-ref: IBTA vol. 1, §13.4.5 (Management class methods), Table 148
  - id: status
    type: u2
    -base: hex
    -field: infiniband.mad.status
    -title: Status
    doc: Status of a response, 0 in a request.
    doc-ref: IBTA vol. 1, §13.4.7 (Status field)
  - id: class_specific
    type: u2
    -base: hex
    -field: infiniband.mad.classspecific
    -title: Class Specific
    doc: Defined by the management class.
    doc-ref: IBTA vol. 1, §13.4.3 (MAD base format), ClassSpecific
  - id: transaction_id
    type: u8
    -base: hex
    -field: infiniband.mad.transactionid
    -title: Transaction ID
    doc: Identifies the transaction a request and its response belong to.
    doc-ref: IBTA vol. 1, §13.4.6.4 (Transaction ID usage)
  - id: attribute_id
    type: u2
    -base: hex
    -field: infiniband.mad.attributeid
    -title: Attribute ID
    doc: The attribute the data holds; for CM, the message (names in `cm_attribute_enum`).
    doc-ref: IBTA vol. 1, §13.4.3 (MAD base format), AttributeID; §12.6.1 (CM attribute IDs), Table 99
  - id: reserved
    type: u2
    doc: Reserved, 0.
    doc-ref: IBTA vol. 1, §13.4.3 (MAD base format)
  - id: attribute_modifier
    type: u4
    -base: hex
    -field: infiniband.mad.attributemodifier
    -title: Attribute Modifier
    doc: Further qualifies the attribute, by the class's rules.
    doc-ref: IBTA vol. 1, §13.4.3 (MAD base format), AttributeModifier
  - id: data
    size: 232
    type:
      switch-on: 'mgmt_class == 0x07 ? attribute_id : 0'
      cases:
        0x10: cm_req
        0x13: cm_rep
        0x12: cm_rej
        0x14: cm_rtu
        0x15: cm_dreq
        0x16: cm_drep
    doc: The attribute; the CM messages above are read, the rest are left as bytes.
    doc-ref: IBTA vol. 1, §13.4.3 (MAD base format), Data
types:
  cm_req:
    doc: ConnectRequest (REQ), sent by the active side to start a connection.
    doc-ref: IBTA vol. 1, §12.6.5 (REQ), Table 100
    seq:
      - id: local_comm_id
        type: u4
        -base: hex
        -field: infiniband.cm.req
        -title: Local Communication ID
        doc: The sender's identifier of this connection, which every later message of it repeats.
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), Local Communication ID
      - id: reserved1
        type: u4
        doc: Reserved.
      - id: service_id
        type: u8
        -base: hex
        -field: infiniband.cm.req.serviceid
        -title: ServiceID
        doc: |
          The service to connect to; rdma_cm's are 0x0000000001 followed by the port space
          (0x06 TCP) and the port.
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), ServiceID; Annex A11 (RDMA IP CM Service), A11.2.1
      - id: local_ca_guid
        type: u8
        -base: hex
        -field: infiniband.cm.req.localcaguid
        -title: Local CA GUID
        doc: GUID of the sender's channel adapter.
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), Local CA GUID
      - id: reserved2
        type: u4
        doc: Reserved.
      - id: local_qkey
        type: u4
        -base: hex
        -field: infiniband.cm.req.localqkey
        -title: Local Q_Key
        doc: The sender's Q_Key (RD only).
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), Local Q_Key
      - id: local_qpn
        type: b24
        -base: hex
        -field: infiniband.cm.req.localqpn
        -title: Local QPN
        doc: The sender's QP of this connection.
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), Local QPN
      - id: responder_resources
        type: u1
        -base: hex
        -field: infiniband.cm.req.responderres
        -title: Responder Resources
        doc: RDMA READs and atomics the sender accepts outstanding as a responder.
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), Responder Resources
      - id: local_eecn
        type: b24
        -base: hex
        -field: infiniband.cm.req.localeecn
        -title: Local EECN
        doc: The sender's EE context (RD only).
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), Local EECN
      - id: initiator_depth
        type: u1
        -base: hex
        -field: infiniband.cm.req.initdepth
        -title: Initiator Depth
        doc: RDMA READs and atomics the sender keeps outstanding as a requester.
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), Initiator Depth
      - id: remote_eecn
        type: b24
        -base: hex
        -field: infiniband.cm.req.remoteeecn
        -title: Remote EECN
        doc: The receiver's EE context (RD only).
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), Remote EECN
      - id: remote_cm_response_timeout
        type: b5
        -container: 1
        -base: hex
        -field: infiniband.cm.req.remoteresptout
        -title: Remote CM Response Timeout
        doc: How long the receiver may take to answer, 4.096 µs × 2^value.
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), Remote CM Response Timeout
      - id: transport_service_type
        type: b2
        -container: 1
        -base: hex
        -field: infiniband.cm.req.transpsvctype
        -title: Transport Service Type
        doc: 0 RC, 1 UC, 2 RD.
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), Transport Service Type
      - id: end_to_end_flow_control
        type: b1
        -container: 1
        -base: hex
        -field: infiniband.cm.req.e2eflowctrl
        -title: End-to-End Flow Control
        doc: Whether the sender's receive queue uses end-to-end credits.
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), End-to-End Flow Control
      - id: starting_psn
        type: b24
        -base: hex
        -field: infiniband.cm.req.startpsn
        -title: Starting PSN
        doc: The first PSN the sender's QP sends on this connection.
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), Starting PSN
      - id: local_cm_response_timeout
        type: b5
        -container: 1
        -base: hex
        -field: infiniband.cm.req.localresptout
        -title: Local CM Response Timeout
        doc: How long the sender may take to answer, 4.096 µs × 2^value.
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), Local CM Response Timeout
      - id: retry_count
        type: b3
        -container: 1
        -base: hex
        -field: infiniband.cm.req.retrcount
        -title: Retry Count
        doc: Transport retries of the sender's QP after a timeout.
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), Retry Count
      - id: partition_key
        type: u2
        -base: hex
        -field: infiniband.cm.req.pkey
        -title: Partition Key
        doc: The partition of the connection.
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), Partition Key
      - id: path_packet_payload_mtu
        type: b4
        -container: 1
        -base: hex
        -field: infiniband.cm.req.pppmtu
        -title: Path Packet Payload MTU
        doc: The path MTU code (1 256 bytes ... 5 4096 bytes).
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), Path Packet Payload MTU
      - id: rdc_exists
        type: b1
        -container: 1
        -base: hex
        -field: infiniband.cm.req.rdcexist
        -title: RDC Exists
        doc: Whether an RD channel exists already (RD only).
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), RDC Exists
      - id: rnr_retry_count
        type: b3
        -container: 1
        -base: hex
        -field: infiniband.cm.req.rnrretrcount
        -title: RNR Retry Count
        doc: Retries after an RNR NAK (7 without limit).
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), RNR Retry Count
      - id: max_cm_retries
        type: b4
        -container: 1
        -base: hex
        -field: infiniband.cm.req.maxcmretr
        -title: Max CM Retries
        doc: How often the sender repeats a CM message left unanswered.
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), Max CM Retries
      - id: srq
        type: b1
        -container: 1
        -base: hex
        -field: infiniband.cm.req.srq
        -title: SRQ
        doc: Whether the sender's QP takes its receives from a shared receive queue.
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), SRQ
      - id: extended_transport
        type: b3
        -container: 1
        -base: hex
        -field: infiniband.cm.req.ext_transport
        -title: Extended Transport
        doc: The extended transport type (XRC), else 0.
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), Extended Transport Type
      - id: primary_local_lid
        type: u2
        -field: infiniband.cm.req.prim_locallid
        -title: Primary Local Port LID
        doc: The sender's LID on the primary path (0xFFFF, the permissive LID, over RoCE).
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), Primary Local Port LID
      - id: primary_remote_lid
        type: u2
        -field: infiniband.cm.req.prim_remotelid
        -title: Primary Remote Port LID
        doc: The receiver's LID on the primary path.
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), Primary Remote Port LID
      - id: paths
        size: 84
        doc: |
          The rest of the primary path (GIDs, flow label, rate, traffic class, hop limit, SL,
          ACK timeout) and the alternate path: not read as fields.
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), Table 100
      - id: ip_cm
        size: 92
        type: ip_cm_private
        if: service_id >> 24 == 1
        doc: "The private data of an RDMA IP CM service ID (prefix 0x0000000001), rdma_cm's header."
        doc-ref: IBTA Annex A11 (RDMA IP CM Service), A11.6 (REQ private data format)
      - id: private_data
        size-eos: true
        if: service_id >> 24 != 1
        doc: The private data of another service (92 bytes), not read as fields.
        doc-ref: IBTA vol. 1, §12.6.5 (REQ), PrivateData
  ip_cm_private:
    doc: |
      The REQ private data rdma_cm sends: versions, the source port, the source and
      destination IP addresses (not read as fields), then the consumer's private data.
    doc-ref: IBTA Annex A11 (RDMA IP CM Service), A11.6 (REQ private data format)
    seq:
      - id: major_version
        type: b4
        -container: 1
        -base: hex
        -field: infiniband.cm.req.ip_cm.majv
        -title: IP CM Major Version
        doc: Major version of the IP CM private data format, 0.
        doc-ref: IBTA Annex A11, A11.6 (MajV)
      - id: minor_version
        type: b4
        -container: 1
        -base: hex
        -field: infiniband.cm.req.ip_cm.minv
        -title: IP CM Minor Version
        doc: Minor version of the IP CM private data format, 0.
        doc-ref: IBTA Annex A11, A11.6 (MinV)
      - id: ip_version
        type: b4
        -container: 1
        -base: hex
        -field: infiniband.cm.req.ip_cm.ipv
        -title: IP CM IP Version
        doc: 4 or 6, the version of the addresses that follow.
        doc-ref: IBTA Annex A11, A11.6 (IPV)
      - id: reserved
        type: b4
        -container: 1
        -base: hex
        -field: infiniband.cm.req.ip_cm.reserved
        -title: IP CM Reserved
        doc: Reserved, 0.
        doc-ref: IBTA Annex A11, A11.6
      - id: source_port
        type: u2
        -base: hex
        -field: infiniband.cm.req.ip_cm.sport
        -title: IP CM Source Port
        doc: The active side's port in the port space of the service ID.
        doc-ref: IBTA Annex A11, A11.6 (Source Port)
      - id: rest
        size-eos: true
        doc: The source and destination IP addresses and the consumer's private data, not read as fields.
        doc-ref: IBTA Annex A11, A11.6
  cm_rep:
    doc: ConnectReply (REP), the passive side's answer to a REQ.
    doc-ref: IBTA vol. 1, §12.6.8 (REP), Table 103
    seq:
      - id: local_comm_id
        type: u4
        -base: hex
        -field: infiniband.cm.rep
        -title: Local Communication ID
        doc: The sender's identifier of this connection.
        doc-ref: IBTA vol. 1, §12.6.8 (REP), Local Communication ID
      - id: remote_comm_id
        type: u4
        -base: hex
        -field: infiniband.cm.rep.remotecommid
        -title: Remote Communication ID
        doc: The Local Communication ID of the REQ this answers.
        doc-ref: IBTA vol. 1, §12.6.8 (REP), Remote Communication ID
      - id: local_qkey
        type: u4
        -base: hex
        -field: infiniband.cm.rep.localqkey
        -title: Local Q_Key
        doc: The sender's Q_Key (RD only).
        doc-ref: IBTA vol. 1, §12.6.8 (REP), Local Q_Key
      - id: local_qpn
        type: b24
        -base: hex
        -field: infiniband.cm.rep.localqpn
        -title: Local QPN
        doc: The sender's QP of this connection.
        doc-ref: IBTA vol. 1, §12.6.8 (REP), Local QPN
      - id: reserved1
        type: u1
        doc: Reserved.
      - id: local_eecn
        type: b24
        -base: hex
        -field: infiniband.cm.rep.localeecn
        -title: Local EE Context Number
        doc: The sender's EE context (RD only).
        doc-ref: IBTA vol. 1, §12.6.8 (REP), Local EE Context Number
      - id: reserved2
        type: u1
        doc: Reserved.
      - id: starting_psn
        type: b24
        -base: hex
        -field: infiniband.cm.rep.startpsn
        -title: Starting PSN
        doc: The first PSN the sender's QP sends on this connection.
        doc-ref: IBTA vol. 1, §12.6.8 (REP), Starting PSN
      - id: reserved3
        type: u1
        doc: Reserved.
      - id: responder_resources
        type: u1
        -base: hex
        -field: infiniband.cm.rep.respres
        -title: Responder Resources
        doc: RDMA READs and atomics the sender accepts outstanding as a responder.
        doc-ref: IBTA vol. 1, §12.6.8 (REP), Responder Resources
      - id: initiator_depth
        type: u1
        -base: hex
        -field: infiniband.cm.rep.initdepth
        -title: Initiator Depth
        doc: RDMA READs and atomics the sender keeps outstanding as a requester.
        doc-ref: IBTA vol. 1, §12.6.8 (REP), Initiator Depth
      - id: target_ack_delay
        type: b5
        -container: 1
        -base: hex
        -field: infiniband.cm.rep.tgtackdelay
        -title: Target ACK Delay
        doc: The most time the sender takes to acknowledge, 4.096 µs × 2^value.
        doc-ref: IBTA vol. 1, §12.6.8 (REP), Target ACK Delay
      - id: failover_accepted
        type: b2
        -container: 1
        -base: hex
        -field: infiniband.cm.rep.failoveracc
        -title: Failover Accepted
        doc: Whether the alternate path of the REQ is accepted (0 accepted).
        doc-ref: IBTA vol. 1, §12.6.8 (REP), Failover Accepted
      - id: end_to_end_flow_control
        type: b1
        -container: 1
        -base: hex
        -field: infiniband.cm.rep.e2eflowctrl
        -title: End-To-End Flow Control
        doc: Whether the sender's receive queue uses end-to-end credits.
        doc-ref: IBTA vol. 1, §12.6.8 (REP), End-to-End Flow Control
      - id: rnr_retry_count
        type: b3
        -container: 1
        -base: hex
        -field: infiniband.cm.rep.rnrretrcount
        -title: RNR Retry Count
        doc: Retries after an RNR NAK (7 without limit).
        doc-ref: IBTA vol. 1, §12.6.8 (REP), RNR Retry Count
      - id: srq
        type: b1
        -container: 1
        -base: hex
        -field: infiniband.cm.rep.srq
        -title: SRQ
        doc: Whether the sender's QP takes its receives from a shared receive queue.
        doc-ref: IBTA vol. 1, §12.6.8 (REP), SRQ
      - id: reserved4
        type: b4
        -container: 1
        -base: hex
        -field: infiniband.cm.rep.reserved
        -title: Reserved
        doc: Reserved, 0.
        doc-ref: IBTA vol. 1, §12.6.8 (REP), Table 103
      - id: local_ca_guid
        type: u8
        -base: hex
        -field: infiniband.cm.rep.localcaguid
        -title: Local CA GUID
        doc: GUID of the sender's channel adapter.
        doc-ref: IBTA vol. 1, §12.6.8 (REP), Local CA GUID
      - id: private_data
        size-eos: true
        doc: Private data (196 bytes), not read as a field.
        doc-ref: IBTA vol. 1, §12.6.8 (REP), PrivateData
  cm_rtu:
    doc: ReadyToUse (RTU), the active side's answer to a REP; the connection is then established.
    doc-ref: IBTA vol. 1, §12.6.9 (RTU), Table 104
    seq:
      - id: local_comm_id
        type: u4
        -base: hex
        -field: infiniband.cm.rtu.localcommid
        -title: Local Communication ID
        doc: The sender's identifier of this connection.
        doc-ref: IBTA vol. 1, §12.6.9 (RTU), Local Communication ID
      - id: remote_comm_id
        type: u4
        -base: hex
        -field: infiniband.cm.rtu.remotecommid
        -title: Remote Communication ID
        doc: The receiver's identifier of this connection.
        doc-ref: IBTA vol. 1, §12.6.9 (RTU), Remote Communication ID
      - id: private_data
        size-eos: true
        doc: Private data (224 bytes), not read as a field.
        doc-ref: IBTA vol. 1, §12.6.9 (RTU), PrivateData
  cm_rej:
    doc: |
      ConnectReject (REJ): either side refuses a REQ or a REP (or the active side times out), with
      a reason; the connection is not made. Wireshark 4.0 shows the six reserved bits after the
      message type as a two-bit field (mask 0x03) and the Reason in hex; so does this spec.
    doc-ref: IBTA vol. 1, §12.6.7 (REJ), Table 101
    seq:
      - id: local_comm_id
        type: u4
        -base: hex
        -field: infiniband.cm.rej.localcommid
        -title: Local Communication ID
        doc: The sender's identifier of this connection.
        doc-ref: IBTA vol. 1, §12.6.7 (REJ), Local Communication ID
      - id: remote_comm_id
        type: u4
        -base: hex
        -field: infiniband.cm.rej.remotecommid
        -title: Remote Communication ID
        doc: The receiver's identifier of this connection (0 when the REQ is rejected before it got one).
        doc-ref: IBTA vol. 1, §12.6.7 (REJ), Remote Communication ID
      - id: message_rejected
        type: b2
        -base: hex
        -container: 1
        -field: infiniband.cm.rej.msgrej
        -title: Message REJected
        doc: Which message is rejected (0 REQ, 1 REP, 2 no message, a timeout).
        doc-ref: IBTA vol. 1, §12.6.7 (REJ), Message REJected
      - id: reserved_high
        type: b4
        doc: Reserved bits Wireshark 4.0 does not show.
      - id: reserved0
        type: b2
        -base: hex
        -container: 1
        -field: infiniband.cm.rej.reserved0
        -title: Reserved
        doc: Reserved (the two low bits of the byte, as Wireshark 4.0 shows them).
        doc-ref: IBTA vol. 1, §12.6.7 (REJ), Table 101
      - id: reject_info_length
        type: b7
        -base: hex
        -container: 1
        -field: infiniband.cm.rej.rejinfolen
        -title: Reject Info Length
        doc: Bytes of the Additional Reject Information that are meaningful.
        doc-ref: IBTA vol. 1, §12.6.7 (REJ), Reject Info Length
      - id: reserved1
        type: b1
        -base: hex
        -container: 1
        -field: infiniband.cm.rej.reserved1
        -title: Reserved
        doc: Reserved.
        doc-ref: IBTA vol. 1, §12.6.7 (REJ), Table 101
      - id: reason
        type: u2
        -base: hex
        -enum: rej_reason_enum
        -field: infiniband.cm.rej.reason
        -title: Reason
        doc: Why the message is rejected (1 no QP, 8 invalid service ID, 28 consumer reject, ...; names in rej_reason_enum).
        doc-ref: IBTA vol. 1, §12.6.7.2 (Rejection reason), Table 102
      - id: additional_reject_information
        size: 72
        -display: bytes
        -field: infiniband.cm.rej.ari
        -title: Additional Reject Information (ARI)
        doc: Additional reject information, its meaning set by the reason.
        doc-ref: IBTA vol. 1, §12.6.7 (REJ), Additional Reject Information
      - id: private_data
        size: 148
        -display: bytes
        -field: infiniband.cm.rej.private
        -title: PrivateData
        doc: Private data of the consumer that rejects.
        doc-ref: IBTA vol. 1, §12.6.7 (REJ), PrivateData
  cm_dreq:
    doc: DisconnectRequest (DREQ), either side's request to end the connection.
    doc-ref: IBTA vol. 1, §12.6.10 (DREQ), Table 105
    seq:
      - id: local_comm_id
        type: u4
        -base: hex
        -field: infiniband.cm.dreq.localcommid
        -title: Local Communication ID
        doc: The sender's identifier of this connection.
        doc-ref: IBTA vol. 1, §12.6.10 (DREQ), Local Communication ID
      - id: remote_comm_id
        type: u4
        -base: hex
        -field: infiniband.cm.dreq.remotecommid
        -title: Remote Communication ID
        doc: The receiver's identifier of this connection.
        doc-ref: IBTA vol. 1, §12.6.10 (DREQ), Remote Communication ID
      - id: remote_qpn
        type: b24
        -base: hex
        -field: infiniband.cm.req.remoteqpneecn
        -title: Remote QPN/EECN
        doc: The receiver's QP (or EE context) of this connection.
        doc-ref: IBTA vol. 1, §12.6.10 (DREQ), Remote QPN/EECN
      - id: reserved1
        type: u1
        doc: Reserved.
      - id: private_data
        size-eos: true
        doc: Private data (220 bytes), not read as a field.
        doc-ref: IBTA vol. 1, §12.6.10 (DREQ), PrivateData
  cm_drep:
    doc: DisconnectReply (DREP), the answer to a DREQ.
    doc-ref: IBTA vol. 1, §12.6.11 (DREP), Table 106
    seq:
      - id: local_comm_id
        type: u4
        -base: hex
        -field: infiniband.cm.drsp.localcommid
        -title: Local Communication ID
        doc: The sender's identifier of this connection.
        doc-ref: IBTA vol. 1, §12.6.11 (DREP), Local Communication ID
      - id: remote_comm_id
        type: u4
        -base: hex
        -field: infiniband.cm.drsp.remotecommid
        -title: Remote Communication ID
        doc: The receiver's identifier of this connection.
        doc-ref: IBTA vol. 1, §12.6.11 (DREP), Remote Communication ID
      - id: private_data
        size-eos: true
        doc: Private data (224 bytes), not read as a field.
        doc-ref: IBTA vol. 1, §12.6.11 (DREP), PrivateData
enums:
  rej_reason_enum:
    # why a REJ rejects (IBTA vol. 1, §12.6.7.2, Table 102); the names are shown beside the number
    1:
      id: no_qp
      -orig-id: No QP available
    2:
      id: no_eec
      -orig-id: No EEC available
    3:
      id: no_resources
      -orig-id: No resources available
    4:
      id: timeout
      -orig-id: Timeout
    5:
      id: unsupported
      -orig-id: Unsupported request
    6:
      id: invalid_comm_id
      -orig-id: Invalid Communication ID
    7:
      id: invalid_comm_instance
      -orig-id: Invalid Communication Instance
    8:
      id: invalid_service_id
      -orig-id: Invalid Service ID
    9:
      id: invalid_transport_type
      -orig-id: Invalid Transport Service Type
    10:
      id: stale_connection
      -orig-id: Stale connection
    11:
      id: rdc_not_exist
      -orig-id: RDC does not exist
    12:
      id: invalid_gid
      -orig-id: Invalid primary GID
    13:
      id: invalid_lid
      -orig-id: Invalid primary LID
    14:
      id: invalid_sl
      -orig-id: Invalid primary SL
    15:
      id: invalid_traffic_class
      -orig-id: Invalid primary Traffic Class
    16:
      id: invalid_hop_limit
      -orig-id: Invalid primary Hop Limit
    17:
      id: invalid_packet_rate
      -orig-id: Invalid primary Packet Rate
    18:
      id: invalid_alt_gid
      -orig-id: Invalid alternate GID
    19:
      id: invalid_alt_lid
      -orig-id: Invalid alternate LID
    20:
      id: invalid_alt_sl
      -orig-id: Invalid alternate SL
    21:
      id: invalid_alt_traffic_class
      -orig-id: Invalid alternate Traffic Class
    22:
      id: invalid_alt_hop_limit
      -orig-id: Invalid alternate Hop Limit
    23:
      id: invalid_alt_packet_rate
      -orig-id: Invalid alternate Packet Rate
    24:
      id: port_cm_redirect
      -orig-id: Port and CM redirection
    25:
      id: port_redirect
      -orig-id: Port redirection
    26:
      id: invalid_mtu
      -orig-id: Invalid path MTU
    27:
      id: insufficient_responder_resources
      -orig-id: Insufficient responder resources
    28:
      id: consumer_reject
      -orig-id: Consumer reject
    29:
      id: invalid_rnr_retry
      -orig-id: RNR retry count reject
    30:
      id: duplicate_local_comm_id
      -orig-id: Duplicate local Communication ID
    31:
      id: invalid_class_version
      -orig-id: Unsupported class version
    32:
      id: invalid_flow_label
      -orig-id: Invalid primary Flow Label
    33:
      id: invalid_alt_flow_label
      -orig-id: Invalid alternate Flow Label
  method_enum:
    0x01:
      id: get
      -orig-id: Get()
    0x02:
      id: set
      -orig-id: Set()
    0x03:
      id: send
      -orig-id: Send()
    0x05:
      id: trap
      -orig-id: Trap()
    0x06:
      id: report
      -orig-id: Report()
    0x07:
      id: trap_repress
      -orig-id: TrapRepress()
    0x12:
      id: get_table
      -orig-id: GetTable()
    0x13:
      id: get_trace_table
      -orig-id: GetTraceTable()
    0x14:
      id: get_multi
      -orig-id: GetMulti()
    0x15:
      id: delete
      -orig-id: Delete()
    0x81:
      id: get_resp
      -orig-id: GetResp()
    0x86:
      id: report_resp
      -orig-id: ReportResp()
    0x92:
      id: get_table_resp
      -orig-id: GetTableResp()
    0x94:
      id: get_multi_resp
      -orig-id: GetMultiResp()
    0x95:
      id: delete_resp
      -orig-id: DeleteResp()
  cm_attribute_enum:
    # the CM attribute IDs, named as Wireshark's Info column names them ("CM: ConnectRequest")
    0x0001:
      id: class_port_info
      -orig-id: ClassPortInfo
    0x0010:
      id: connect_request
      -orig-id: ConnectRequest
    0x0011:
      id: msg_rcpt_ack
      -orig-id: MsgRcptAck
    0x0012:
      id: connect_reject
      -orig-id: ConnectReject
    0x0013:
      id: connect_reply
      -orig-id: ConnectReply
    0x0014:
      id: ready_to_use
      -orig-id: ReadyToUse
    0x0015:
      id: disconnect_request
      -orig-id: DisconnectRequest
    0x0016:
      id: disconnect_reply
      -orig-id: DisconnectReply
    0x0017:
      id: service_id_res_req
      -orig-id: ServiceIDResReq
    0x0018:
      id: service_id_res_req_resp
      -orig-id: ServiceIDResReqResp
    0x0019:
      id: load_alternate_path
      -orig-id: LoadAlternatePath
    0x001a:
      id: alternate_path_response
      -orig-id: AlternatePathResponse
