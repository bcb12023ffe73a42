meta:
  id: stp_bpdu
  title: IEEE 802.1D / 802.1w spanning-tree BPDU
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  A spanning-tree bridge protocol data unit, carried in LLC with SAP 0x42: protocol
  identifier 0, a version (0 STP, 2 RSTP, 3 MSTP), a BPDU type (0x00 Configuration,
  0x80 Topology Change Notification, 0x02 RST/MST). A TCN BPDU ends after the type; the
  others carry the flags, the root and bridge identifiers, the root path cost, the port and
  the four timers in 1/256 s, and an RST BPDU the Version 1 length after them.
doc-ref: IEEE 802.1D-2004 clause 9.3 (BPDU formats)
# -field keys: the Wireshark names of the fields (see lldp.ksy); a priority is shown in units (-scale: 4096), the
# timers in seconds (-display: seconds, counted in 1/256 s)
seq:
  - id: protocol_id
    type: u2
    -base: hex
    -field: stp.protocol
    -title: Protocol Identifier
    doc: Protocol identifier, 0 for the spanning-tree protocols.
    doc-ref: IEEE 802.1D-2004 clause 9.3.1
  - id: version
    type: u1
    -field: stp.version
    -title: Protocol Version Identifier
    doc: Protocol version identifier (0 STP, 2 RSTP, 3 MSTP).
    doc-ref: IEEE 802.1D-2004 clause 9.3.1
  - id: bpdu_type
    type: u1
    -base: hex
    -enum: bpdu_type_enum
    -field: stp.type
    -title: BPDU Type
    doc: BPDU type (0x00 Configuration, 0x80 Topology Change Notification, 0x02 RST/MST).
    doc-ref: IEEE 802.1D-2004 clause 9.3.1
  - id: body
    type: configuration
    if: bpdu_type != 0x80
    doc: The rest of a Configuration or RST BPDU.
    doc-ref: IEEE 802.1D-2004 clause 9.3.1, 9.3.3
  - id: version_1_length
    type: u1
    if: bpdu_type == 0x02
    -field: stp.version_1_length
    -title: Version 1 Length
    doc: Version 1 length of an RST or MST BPDU, 0 (no Version 1 protocol information follows).
    doc-ref: IEEE 802.1D-2004 clause 9.3.3
types:
  configuration:
    seq:
      - id: flags
        type: u1
        -base: hex
        -field: stp.flags
        -title: BPDU flags
        doc: Topology change (bit 0) and acknowledgment (bit 7) flags; RSTP adds the port role and state bits.
        doc-ref: IEEE 802.1D-2004 clause 9.3.1, 9.3.3
      - id: root_priority
        type: b4
        -container: 1
        -scale: 4096
        -field: stp.root.prio
        -title: Root Bridge Priority
        doc: Root bridge priority, in steps of 4096.
        doc-ref: IEEE 802.1D-2004 clause 9.2.5
      - id: root_system_id_extension
        type: b12
        -container: 2
        -field: stp.root.ext
        -title: Root Bridge System ID Extension
        doc: Root bridge system ID extension (the VLAN or MST instance).
        doc-ref: IEEE 802.1D-2004 clause 9.2.5
      - id: root_mac
        type: b48
        -display: mac
        -field: stp.root.hw
        -title: Root Bridge System ID
        doc: Root bridge MAC address.
        doc-ref: IEEE 802.1D-2004 clause 9.2.5
      - id: root_path_cost
        type: u4
        -field: stp.root.cost
        -title: Root Path Cost
        doc: Cost of the path from the sender to the root bridge.
        doc-ref: IEEE 802.1D-2004 clause 9.3.1
      - id: bridge_priority
        type: b4
        -container: 1
        -scale: 4096
        -field: stp.bridge.prio
        -title: Bridge Priority
        doc: Sending bridge's priority, in steps of 4096.
        doc-ref: IEEE 802.1D-2004 clause 9.2.5
      - id: bridge_system_id_extension
        type: b12
        -container: 2
        -field: stp.bridge.ext
        -title: Bridge System ID Extension
        doc: Sending bridge's system ID extension.
        doc-ref: IEEE 802.1D-2004 clause 9.2.5
      - id: bridge_mac
        type: b48
        -display: mac
        -field: stp.bridge.hw
        -title: Bridge System ID
        doc: Sending bridge's MAC address.
        doc-ref: IEEE 802.1D-2004 clause 9.2.5
      - id: port_id
        type: u2
        -base: hex
        -field: stp.port
        -title: Port identifier
        doc: Sending port's identifier (priority and number).
        doc-ref: IEEE 802.1D-2004 clause 9.2.7
      - id: message_age
        type: u2
        -display: seconds
        -per-second: 256
        -field: stp.msg_age
        -title: Message Age
        doc: Age of the configuration information since the root sent it, in 1/256 s (shown in seconds).
        doc-ref: IEEE 802.1D-2004 clause 9.3.1
      - id: max_age
        type: u2
        -display: seconds
        -per-second: 256
        -field: stp.max_age
        -title: Max Age
        doc: Age at which the configuration information is discarded, in 1/256 s (shown in seconds).
        doc-ref: IEEE 802.1D-2004 clause 9.3.1
      - id: hello_time
        type: u2
        -display: seconds
        -per-second: 256
        -field: stp.hello
        -title: Hello Time
        doc: Interval between the root's configuration BPDUs, in 1/256 s (shown in seconds).
        doc-ref: IEEE 802.1D-2004 clause 9.3.1
      - id: forward_delay
        type: u2
        -display: seconds
        -per-second: 256
        -field: stp.forward
        -title: Forward Delay
        doc: Time a port spends in each of the listening and learning states, in 1/256 s (shown in seconds).
        doc-ref: IEEE 802.1D-2004 clause 9.3.1
enums:
  bpdu_type_enum:
    0x00:
      id: configuration
      -orig-id: Configuration
    0x02:
      id: rst
      -orig-id: Rapid/Multiple Spanning Tree
    0x80:
      id: tcn
      -orig-id: Topology Change Notification
