meta:
  id: lldp
  title: IEEE 802.1AB Link Layer Discovery Protocol data unit, with the IEEE 802.1 TLVs and DCBX
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  An LLDPDU (EtherType 0x88CC): a sequence of TLVs, each a 7-bit type and a 9-bit length
  followed by that many bytes, up to the End of LLDPDU TLV. The mandatory Chassis ID, Port
  ID and Time To Live come first. Organizationally specific TLVs (type 127) start with an
  OUI and a subtype; those of IEEE 802.1 (OUI 00-80-C2) carry the port VLAN, VLAN name and
  protocol identity, and the Data Center Bridging eXchange (DCBX) of IEEE 802.1Qaz: ETS
  Configuration and Recommendation, PFC Configuration and Application Priority.

  A field's `-field` key is its Wireshark filter name and `-title` its Wireshark label: the
  build makes the field registry and the detail describer from them (ksy/src/build), with
  the field's `doc` as its blurb. `-base: hex` shows it in hex, `-display: mac` or `bytes`
  shows its bytes as an address or as hex, `-enum` names its values from an enum of this
  spec, and a bit field's `-container` is the width in bytes of the word Wireshark shows it
  on (else the whole run of bit fields it belongs to). `{i}` in a repeated field's name is
  the index of the element.
doc-ref:
  - IEEE 802.1AB-2016 clause 8 (LLDPDU and TLV formats)
  - IEEE 802.1Q-2018 Annex D (IEEE 802.1 organizationally specific TLVs)
  - IEEE 802.1Qaz-2011 clause D.2.8 to D.2.11 (ETS, PFC and Application Priority TLVs)
seq:
  - id: tlvs
    type: tlv
    repeat: until
    repeat-until: _.tlv_type == 0 or _io.eof
    doc: The TLVs, up to and including the End of LLDPDU TLV (bytes after it are padding).
    doc-ref: IEEE 802.1AB-2016 clause 8.2 (LLDPDU format)
types:
  tlv:
    doc: One TLV.
    doc-ref: IEEE 802.1AB-2016 clause 8.4 (Basic TLV format)
    seq:
      - id: tlv_type
        type: b7
        -enum: tlv_type_enum
        -field: lldp.tlv.type
        -title: TLV Type
        doc: What the TLV holds (names in `tlv_type_enum`).
        doc-ref: IEEE 802.1AB-2016 clause 8.4.1 (TLV type)
      - id: len_value
        type: b9
        -field: lldp.tlv.len
        -title: TLV Length
        doc: Length of the TLV's information string in bytes.
        doc-ref: IEEE 802.1AB-2016 clause 8.4.2 (TLV information string length)
      - id: value
        size: len_value
        type:
          switch-on: tlv_type.as<u1>
          cases:
            1: chassis_id
            2: port_id
            3: time_to_live
            4: port_description
            5: system_name
            6: system_description
            127: organization_specific
        doc: |
          The information string, read by the type `tlv_type_enum` names (1 Chassis ID, 2
          Port ID, 3 Time To Live, 4 Port Description, 5 System Name, 6 System Description,
          127 organizationally specific); other types are left as bytes.
        doc-ref: IEEE 802.1AB-2016 clause 8.5 (Basic management TLV definitions)
  chassis_id:
    seq:
      - id: subtype
        type: u1
        -enum: chassis_subtype_enum
        -field: lldp.chassis.subtype
        -title: Chassis Id Subtype
        doc: How the chassis is identified (names in `chassis_subtype_enum`).
        doc-ref: IEEE 802.1AB-2016 clause 8.5.2.2 (chassis ID subtype)
      - id: id_mac
        type: b48
        if: subtype == 4
        -display: mac
        -field: lldp.chassis.id.mac
        -title: Chassis Id
        doc: The chassis ID when it is a MAC address (subtype 4).
        doc-ref: IEEE 802.1AB-2016 clause 8.5.2.3 (chassis ID)
      - id: id
        size-eos: true
        if: subtype != 4
        doc: The chassis ID of another subtype.
        doc-ref: IEEE 802.1AB-2016 clause 8.5.2.3 (chassis ID)
  port_id:
    seq:
      - id: subtype
        type: u1
        -enum: port_subtype_enum
        -field: lldp.port.subtype
        -title: Port Id Subtype
        doc: How the port is identified (names in `port_subtype_enum`).
        doc-ref: IEEE 802.1AB-2016 clause 8.5.3.2 (port ID subtype)
      - id: id_mac
        type: b48
        if: subtype == 3
        -display: mac
        -field: lldp.port.id.mac
        -title: Port Id
        doc: The port ID when it is a MAC address (subtype 3).
        doc-ref: IEEE 802.1AB-2016 clause 8.5.3.3 (port ID)
      - id: id_text
        type: str
        encoding: ASCII
        size-eos: true
        if: subtype == 1 or subtype == 5 or subtype == 7
        -field: lldp.port.id
        -title: Port Id
        doc: The port ID when it is text (interface alias, interface name or locally assigned).
        doc-ref: IEEE 802.1AB-2016 clause 8.5.3.3 (port ID)
      - id: id
        size-eos: true
        if: subtype != 1 and subtype != 3 and subtype != 5 and subtype != 7
        doc: The port ID of another subtype.
        doc-ref: IEEE 802.1AB-2016 clause 8.5.3.3 (port ID)
  time_to_live:
    seq:
      - id: seconds
        type: u2
        -field: lldp.time_to_live
        -title: Seconds
        doc: How long the receiver keeps this information, in seconds; 0 withdraws it.
        doc-ref: IEEE 802.1AB-2016 clause 8.5.4 (Time To Live TLV)
  port_description:
    seq:
      - id: text
        type: str
        encoding: ASCII
        size-eos: true
        -field: lldp.port.desc
        -title: Port Description
        doc: The port's description (ifDescr).
        doc-ref: IEEE 802.1AB-2016 clause 8.5.5 (Port Description TLV)
  system_name:
    seq:
      - id: text
        type: str
        encoding: ASCII
        size-eos: true
        -field: lldp.tlv.system.name
        -title: System Name
        doc: The system's administratively assigned name (sysName).
        doc-ref: IEEE 802.1AB-2016 clause 8.5.6 (System Name TLV)
  system_description:
    seq:
      - id: text
        type: str
        encoding: ASCII
        size-eos: true
        -field: lldp.tlv.system.desc
        -title: System Description
        doc: The system's description (sysDescr).
        doc-ref: IEEE 802.1AB-2016 clause 8.5.7 (System Description TLV)
  organization_specific:
    doc: An organizationally specific TLV; the IEEE 802.1 ones are read, others left as bytes.
    doc-ref: IEEE 802.1AB-2016 clause 8.6 (Organizationally Specific TLVs)
    seq:
      - id: oui
        type: b24
        -base: hex
        -field: lldp.orgtlv.oui
        -title: Organization Unique Code
        doc: The organization's OUI; 00-80-C2 is IEEE 802.1.
        doc-ref: IEEE 802.1AB-2016 clause 8.6.1.3 (organizationally unique identifier)
      - id: ieee_802_1
        type: ieee_802_1_tlv
        if: oui == 0x0080c2
        doc: An IEEE 802.1 TLV.
        doc-ref: IEEE 802.1Q-2018 Annex D.2
      - id: other
        size-eos: true
        if: oui != 0x0080c2
        doc: The subtype and information of another organization's TLV.
        doc-ref: IEEE 802.1AB-2016 clause 8.6.1
  ieee_802_1_tlv:
    seq:
      - id: subtype
        type: u1
        -enum: ieee_802_1_subtype_enum
        -base: hex
        -field: lldp.ieee.802_1.subtype
        -title: IEEE 802.1 Subtype
        doc: Which IEEE 802.1 TLV this is (names in `ieee_802_1_subtype_enum`).
        doc-ref: IEEE 802.1Q-2018 Table D-1
      - id: body
        size-eos: true
        type:
          switch-on: subtype
          cases:
            1: port_vlan_id
            2: port_and_protocol_vlan_id
            3: vlan_name
            4: protocol_identity
            9: ets
            10: ets_recommendation
            11: pfc_configuration
            12: application_priority
        doc: The TLV's information, by subtype (9 to 12 are DCBX, IEEE 802.1Qaz).
        doc-ref: IEEE 802.1Q-2018 Annex D.2
  port_vlan_id:
    seq:
      - id: pvid
        type: u2
        -field: lldp.ieee.802_1.port_vlan.id
        -title: Port VLAN Identifier
        doc: The VLAN untagged and priority-tagged frames are assigned to.
        doc-ref: IEEE 802.1Q-2018 D.2.1 (Port VLAN ID TLV)
  port_and_protocol_vlan_id:
    seq:
      - id: reserved_high
        type: b5
        doc: Reserved flags.
        doc-ref: IEEE 802.1Q-2018 D.2.2.1
      - id: enabled
        type: b1
        -field: lldp.ieee.802_1.port_and_vlan_id_flag.enabled
        -title: Port and Protocol VLAN Enabled
        doc: Set when port and protocol VLANs are enabled on the port.
        doc-ref: IEEE 802.1Q-2018 D.2.2.1 (flags)
      - id: supported
        type: b1
        -field: lldp.ieee.802_1.port_and_vlan_id_flag.supported
        -title: Port and Protocol VLAN Supported
        doc: Set when the port supports port and protocol VLANs.
        doc-ref: IEEE 802.1Q-2018 D.2.2.1 (flags)
      - id: reserved_low
        type: b1
        doc: Reserved flag.
        doc-ref: IEEE 802.1Q-2018 D.2.2.1
      - id: ppvid
        type: u2
        -field: lldp.ieee.802_1.port_proto_vlan.id
        -title: Port and Protocol VLAN Identifier
        doc: The port and protocol VLAN ID, 0 when none.
        doc-ref: IEEE 802.1Q-2018 D.2.2.2 (PPVID)
  vlan_name:
    seq:
      - id: vid
        type: u2
        -field: lldp.ieee.802_1.vlan.id
        -title: VLAN Identifier
        doc: The VLAN the name belongs to.
        doc-ref: IEEE 802.1Q-2018 D.2.3.2 (VLAN ID)
      - id: len_name
        type: u1
        -field: lldp.ieee.802_1.vlan.name_len
        -title: VLAN Name Length
        doc: Length of the name in bytes.
        doc-ref: IEEE 802.1Q-2018 D.2.3.3 (VLAN name length)
      - id: name
        type: str
        encoding: ASCII
        size: len_name
        -field: lldp.ieee.802_1.vlan.name
        -title: VLAN Name
        doc: The VLAN's name.
        doc-ref: IEEE 802.1Q-2018 D.2.3.4 (VLAN name)
  protocol_identity:
    seq:
      - id: len_identity
        type: u1
        -field: lldp.ieee.802_1.proto.id_length
        -title: Protocol Identity Length
        doc: Length of the protocol identity in bytes.
        doc-ref: IEEE 802.1Q-2018 D.2.4.2
      - id: identity
        size: len_identity
        doc: The first bytes of the protocol's frames that identify it (e.g. the spanning-tree BPDU's).
        doc-ref: IEEE 802.1Q-2018 D.2.4.3 (protocol identity)
  ets:
    doc: DCBX ETS Configuration TLV (subtype 9), what the sender runs.
    doc-ref: IEEE 802.1Qaz-2011 D.2.8 (ETS Configuration TLV)
    seq:
      - id: willing
        type: b1
        -field: lldp.dcbx.ieee.willing
        -title: Willing
        doc: Set when the sender accepts its peer's recommendation.
        doc-ref: IEEE 802.1Qaz-2011 D.2.8.3 (Willing)
      - id: cbs
        type: b1
        -field: lldp.dcbx.ieee.ets.cbs
        -title: Credit-Based Shaper
        doc: Set when the credit-based shaper algorithm is supported.
        doc-ref: IEEE 802.1Qaz-2011 D.2.8.4 (CBS)
      - id: reserved
        type: b3
        doc: Reserved.
        doc-ref: IEEE 802.1Qaz-2011 D.2.8
      - id: max_tcs
        type: b3
        -field: lldp.dcbx.ieee.ets.maxtcs
        -title: Maximum Number of Traffic Classes
        doc: Traffic classes supported, 0 meaning 8.
        doc-ref: IEEE 802.1Qaz-2011 D.2.8.5 (Max TCs)
      - id: tables
        type: ets_tables
        doc: The priority assignment, bandwidth and algorithm tables.
        doc-ref: IEEE 802.1Qaz-2011 D.2.8.6 to D.2.8.8
  ets_recommendation:
    doc: DCBX ETS Recommendation TLV (subtype 10), what the sender asks its peer to run.
    doc-ref: IEEE 802.1Qaz-2011 D.2.9 (ETS Recommendation TLV)
    seq:
      - id: reserved
        type: b7
        -base: hex
        -field: lldp.dcbx.feature.pg.reserved
        -title: Reserved
        doc: Reserved (the byte's top 7 bits, as Wireshark shows them).
        doc-ref: IEEE 802.1Qaz-2011 D.2.9
      - id: reserved_low
        type: b1
        doc: Reserved.
        doc-ref: IEEE 802.1Qaz-2011 D.2.9
      - id: tables
        type: ets_tables
        doc: The priority assignment, bandwidth and algorithm tables.
        doc-ref: IEEE 802.1Qaz-2011 D.2.9.3 to D.2.9.5
  ets_tables:
    seq:
      - id: tc_of_priority_0
        type: b4
        -container: 2
        -field: lldp.dcbx.feature.pg.pgid_prio0
        -title: PGID for Prio 0
        doc: Traffic class of priority 0 (15 is the default class).
        doc-ref: IEEE 802.1Qaz-2011 D.2.8.6 (Priority Assignment Table)
      - id: tc_of_priority_1
        type: b4
        -container: 2
        -field: lldp.dcbx.feature.pg.pgid_prio1
        -title: PGID for Prio 1
        doc: Traffic class of priority 1.
        doc-ref: IEEE 802.1Qaz-2011 D.2.8.6 (Priority Assignment Table)
      - id: tc_of_priority_2
        type: b4
        -container: 2
        -field: lldp.dcbx.feature.pg.pgid_prio2
        -title: PGID for Prio 2
        doc: Traffic class of priority 2.
        doc-ref: IEEE 802.1Qaz-2011 D.2.8.6 (Priority Assignment Table)
      - id: tc_of_priority_3
        type: b4
        -container: 2
        -field: lldp.dcbx.feature.pg.pgid_prio3
        -title: PGID for Prio 3
        doc: Traffic class of priority 3.
        doc-ref: IEEE 802.1Qaz-2011 D.2.8.6 (Priority Assignment Table)
      - id: tc_of_priority_4
        type: b4
        -container: 2
        -field: lldp.dcbx.feature.pg.pgid_prio4
        -title: PGID for Prio 4
        doc: Traffic class of priority 4.
        doc-ref: IEEE 802.1Qaz-2011 D.2.8.6 (Priority Assignment Table)
      - id: tc_of_priority_5
        type: b4
        -container: 2
        -field: lldp.dcbx.feature.pg.pgid_prio5
        -title: PGID for Prio 5
        doc: Traffic class of priority 5.
        doc-ref: IEEE 802.1Qaz-2011 D.2.8.6 (Priority Assignment Table)
      - id: tc_of_priority_6
        type: b4
        -container: 2
        -field: lldp.dcbx.feature.pg.pgid_prio6
        -title: PGID for Prio 6
        doc: Traffic class of priority 6.
        doc-ref: IEEE 802.1Qaz-2011 D.2.8.6 (Priority Assignment Table)
      - id: tc_of_priority_7
        type: b4
        -container: 2
        -field: lldp.dcbx.feature.pg.pgid_prio7
        -title: PGID for Prio 7
        doc: Traffic class of priority 7.
        doc-ref: IEEE 802.1Qaz-2011 D.2.8.6 (Priority Assignment Table)
      - id: tc_bandwidth
        type: u1
        repeat: expr
        repeat-expr: 8
        -field: lldp.dcbx.feature.pg.per{i}
        -title: Bandwidth for PGID {i}
        doc: Share of the bandwidth, in percent, of traffic class {i} when its algorithm is ETS.
        doc-ref: IEEE 802.1Qaz-2011 D.2.8.7 (TC Bandwidth Table)
      - id: tsa
        type: u1
        repeat: expr
        repeat-expr: 8
        -enum: tsa_enum
        -field: lldp.dcbx.ieee.ets.tsa{i}
        -title: TSA for Traffic Class {i}
        doc: Transmission selection algorithm of traffic class {i} (names in `tsa_enum`).
        doc-ref: IEEE 802.1Qaz-2011 D.2.8.8 (TSA Assignment Table)
  pfc_configuration:
    doc: DCBX PFC Configuration TLV (subtype 11).
    doc-ref: IEEE 802.1Qaz-2011 D.2.10 (PFC Configuration TLV)
    seq:
      - id: willing
        type: b1
        -container: 1
        -field: lldp.dcbx.ieee.willing
        -title: Willing
        doc: Set when the sender accepts its peer's PFC configuration.
        doc-ref: IEEE 802.1Qaz-2011 D.2.10.3 (Willing)
      - id: mbc
        type: b1
        -container: 1
        -field: lldp.dcbx.ieee.pfc.mbc
        -title: MACsec Bypass Capability
        doc: Set when the sender cannot bypass MACsec for PFC frames.
        doc-ref: IEEE 802.1Qaz-2011 D.2.10.4 (MBC)
      - id: reserved
        type: b2
        doc: Reserved.
        doc-ref: IEEE 802.1Qaz-2011 D.2.10
      - id: pfc_cap
        type: b4
        -container: 1
        -field: lldp.dcbx.ieee.pfc.numtcs
        -title: Max PFC Enabled Traffic Classes
        doc: How many traffic classes may have PFC enabled at once.
        doc-ref: IEEE 802.1Qaz-2011 D.2.10.5 (PFC cap)
      - id: enabled_7
        type: b1
        -container: 1
        -field: lldp.dcbx.feature.pfc.prio7
        -title: PFC for Priority 7
        doc: Set when PFC is enabled on priority 7.
        doc-ref: IEEE 802.1Qaz-2011 D.2.10.6 (PFC Enable)
      - id: enabled_6
        type: b1
        -container: 1
        -field: lldp.dcbx.feature.pfc.prio6
        -title: PFC for Priority 6
        doc: Set when PFC is enabled on priority 6.
        doc-ref: IEEE 802.1Qaz-2011 D.2.10.6 (PFC Enable)
      - id: enabled_5
        type: b1
        -container: 1
        -field: lldp.dcbx.feature.pfc.prio5
        -title: PFC for Priority 5
        doc: Set when PFC is enabled on priority 5.
        doc-ref: IEEE 802.1Qaz-2011 D.2.10.6 (PFC Enable)
      - id: enabled_4
        type: b1
        -container: 1
        -field: lldp.dcbx.feature.pfc.prio4
        -title: PFC for Priority 4
        doc: Set when PFC is enabled on priority 4.
        doc-ref: IEEE 802.1Qaz-2011 D.2.10.6 (PFC Enable)
      - id: enabled_3
        type: b1
        -container: 1
        -field: lldp.dcbx.feature.pfc.prio3
        -title: PFC for Priority 3
        doc: Set when PFC is enabled on priority 3.
        doc-ref: IEEE 802.1Qaz-2011 D.2.10.6 (PFC Enable)
      - id: enabled_2
        type: b1
        -container: 1
        -field: lldp.dcbx.feature.pfc.prio2
        -title: PFC for Priority 2
        doc: Set when PFC is enabled on priority 2.
        doc-ref: IEEE 802.1Qaz-2011 D.2.10.6 (PFC Enable)
      - id: enabled_1
        type: b1
        -container: 1
        -field: lldp.dcbx.feature.pfc.prio1
        -title: PFC for Priority 1
        doc: Set when PFC is enabled on priority 1.
        doc-ref: IEEE 802.1Qaz-2011 D.2.10.6 (PFC Enable)
      - id: enabled_0
        type: b1
        -container: 1
        -field: lldp.dcbx.feature.pfc.prio0
        -title: PFC for Priority 0
        doc: Set when PFC is enabled on priority 0.
        doc-ref: IEEE 802.1Qaz-2011 D.2.10.6 (PFC Enable)
    instances:
      enable_vector:
        value: >-
          (enabled_0 ? 1 : 0) | (enabled_1 ? 2 : 0) | (enabled_2 ? 4 : 0) | (enabled_3 ? 8 : 0)
          | (enabled_4 ? 16 : 0) | (enabled_5 ? 32 : 0) | (enabled_6 ? 64 : 0) | (enabled_7 ? 128 : 0)
        doc: The PFC Enable byte, bit n set when PFC is enabled on priority n.
        doc-ref: IEEE 802.1Qaz-2011 D.2.10.6 (PFC Enable)
  application_priority:
    doc: DCBX Application Priority TLV (subtype 12).
    doc-ref: IEEE 802.1Qaz-2011 D.2.11 (Application Priority TLV)
    seq:
      - id: reserved
        type: u1
        -base: hex
        -field: lldp.dcbx.ieee.app.reserved
        -title: Reserved
        doc: Reserved.
        doc-ref: IEEE 802.1Qaz-2011 D.2.11
      - id: entries
        type: application_entry
        repeat: eos
        doc: The applications and the priority each is given.
        doc-ref: IEEE 802.1Qaz-2011 D.2.11.3 (Application Priority Table)
  application_entry:
    seq:
      - id: priority
        type: b3
        -field: lldp.dcbx.ieee.app.prio
        -title: Application Priority
        doc: The priority the application's frames are given.
        doc-ref: IEEE 802.1Qaz-2011 D.2.11.3
      - id: reserved
        type: b2
        doc: Reserved.
        doc-ref: IEEE 802.1Qaz-2011 D.2.11.3
      - id: selector
        type: b3
        -enum: selector_enum
        -field: lldp.dcbx.iee.app.sf
        -title: Application Selector
        doc: |
          What the protocol ID is (names in `selector_enum`): 1 an EtherType, 3 a UDP or
          DCCP port (4791 is RoCEv2). Wireshark 4.0 spells this field's name "iee".
        doc-ref: IEEE 802.1Qaz-2011 D.2.11.3 (Sel)
      - id: protocol_id
        type: u2
        -base: hex
        -field: lldp.dcbx.feature.app.proto
        -title: Application Protocol Id
        doc: The EtherType or port the selector names.
        doc-ref: IEEE 802.1Qaz-2011 D.2.11.3 (Protocol ID)
enums:
  tlv_type_enum:
    0:
      id: end_of_lldpdu
      -orig-id: End of LLDPDU
    1:
      id: chassis_id
      -orig-id: Chassis Id
    2:
      id: port_id
      -orig-id: Port Id
    3:
      id: time_to_live
      -orig-id: Time to Live
    4:
      id: port_description
      -orig-id: Port Description
    5:
      id: system_name
      -orig-id: System Name
    6:
      id: system_description
      -orig-id: System Description
    7:
      id: system_capabilities
      -orig-id: System Capabilities
    8:
      id: management_address
      -orig-id: Management Address
    127:
      id: organization_specific
      -orig-id: Organization Specific
  chassis_subtype_enum:
    1:
      id: chassis_component
      -orig-id: Chassis component
    2:
      id: interface_alias
      -orig-id: Interface alias
    3:
      id: port_component
      -orig-id: Port component
    4:
      id: mac_address
      -orig-id: MAC address
    5:
      id: network_address
      -orig-id: Network address
    6:
      id: interface_name
      -orig-id: Interface name
    7:
      id: locally_assigned
      -orig-id: Locally assigned
  port_subtype_enum:
    1:
      id: interface_alias
      -orig-id: Interface alias
    2:
      id: port_component
      -orig-id: Port component
    3:
      id: mac_address
      -orig-id: MAC address
    4:
      id: network_address
      -orig-id: Network address
    5:
      id: interface_name
      -orig-id: Interface name
    6:
      id: agent_circuit_id
      -orig-id: Agent circuit ID
    7:
      id: locally_assigned
      -orig-id: Locally assigned
  ieee_802_1_subtype_enum:
    1:
      id: port_vlan_id
      -orig-id: Port VLAN ID
    2:
      id: port_and_protocol_vlan_id
      -orig-id: Port and Protocol VLAN ID
    3:
      id: vlan_name
      -orig-id: VLAN Name
    4:
      id: protocol_identity
      -orig-id: Protocol Identity
    9:
      id: ets_configuration
      -orig-id: ETS Configuration
    10:
      id: ets_recommendation
      -orig-id: ETS Recommendation
    11:
      id: pfc_configuration
      -orig-id: Priority Flow Control Configuration
    12:
      id: application_priority
      -orig-id: Application Protocol
  tsa_enum:
    0:
      id: strict_priority
      -orig-id: Strict Priority
    1:
      id: credit_based_shaper
      -orig-id: Credit-Based Shaper
    2:
      id: ets
      -orig-id: Enhanced Transmission Selection
    255:
      id: vendor_specific
      -orig-id: Vendor Specific Algorithm
  selector_enum:
    1:
      id: ethertype
      -orig-id: Default or Ethertype
    2:
      id: tcp_sctp_port
      -orig-id: Port over TCP/SCTP
    3:
      id: udp_dccp_port
      -orig-id: Port over UDP/DCCP
    4:
      id: tcp_sctp_udp_dccp_port
      -orig-id: Port over TCP/SCTP/UDP/DCCP
