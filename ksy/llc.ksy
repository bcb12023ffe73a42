meta:
  id: llc
  title: IEEE 802.2 Logical Link Control header
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The LLC header after an IEEE 802.3 length field (a Length/Type value up to 1500): the
  destination and source service access points and the control field, one byte for
  unnumbered (U-format) frames, whose two low bits are both set, two bytes for information
  (I) and supervisory (S) frames. Spanning-tree BPDUs use SAP 0x42 with a UI control (0x03).
  The `-field` keys name the fields as Wireshark does (see lldp.ksy); `llc.control`, an
  instance, is added by the LLC module.
doc-ref:
  - IEEE 802.2 clause 3.2 (LLC PDU format)
  - IEEE 802.1D clause 7.12.3 (BPDUs use the LLC SAP 0x42)
seq:
  - id: dsap
    type: u1
    -base: hex
    -field: llc.dsap
    -title: DSAP
    doc: Destination service access point; bit 0 is the individual/group bit.
    doc-ref: IEEE 802.2 clause 3.3.1 (Address fields)
  - id: ssap
    type: u1
    -base: hex
    -field: llc.ssap
    -title: SSAP
    doc: Source service access point; bit 0 is the command/response bit.
    doc-ref: IEEE 802.2 clause 3.3.1 (Address fields)
  - id: control_first
    type: u1
    doc: First byte of the control field; 0x03 is an unnumbered information (UI) frame.
    doc-ref: IEEE 802.2 clause 3.3.2 (Control field formats)
  - id: control_second
    type: u1
    if: control_first & 3 != 3
    doc: Second byte of the control field of an I- or S-format frame (N(R) and the P/F bit).
    doc-ref: IEEE 802.2 clause 3.3.2 (Control field formats)
instances:
  control:
    value: 'control_first & 3 == 3 ? control_first : control_first | (control_second << 8)'
    doc: |
      The control field as Wireshark shows it: the first byte for a U-format frame, else the two
      bytes read least-significant first (so the bytes 0a 0b read 0x0b0a).
    doc-ref: IEEE 802.2 clause 3.3.2 (Control field formats)
  len_header:
    value: 'control_first & 3 == 3 ? 3 : 4'
    doc: Length of this header in bytes.
    doc-ref: IEEE 802.2 clause 3.2 (LLC PDU format)
