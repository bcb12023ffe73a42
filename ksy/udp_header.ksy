meta:
  id: udp_header
  title: UDP datagram header
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The 8-byte UDP header. RoCEv2 travels in UDP with destination port 4791; the source port
  carries flow entropy (often a hash of the QPs) so ECMP spreads QPs over paths.
doc-ref: https://www.rfc-editor.org/rfc/rfc768
seq:
  - id: src_port
    type: u2
    -field: udp.srcport
    -title: Source port
    doc: Source port. For RoCEv2, flow entropy chosen by the sender.
    doc-ref: IBTA Annex A17 RoCEv2, A17.4.3
  - id: dst_port
    type: u2
    -field: udp.dstport
    -title: Destination port
    doc: Destination port; 4791 identifies RoCEv2.
    doc-ref: IBTA Annex A17 RoCEv2, A17.4.3
  - id: len_datagram
    type: u2
    -field: udp.length
    -title: Length
    doc: Length in bytes of the UDP header and its payload.
    doc-ref: https://www.rfc-editor.org/rfc/rfc768
  - id: checksum
    type: u2
    -base: hex
    -field: udp.checksum
    -title: Checksum
    doc: Checksum over the pseudo-header, header and payload; RoCEv2 senders usually send 0 over IPv4.
    doc-ref: https://www.rfc-editor.org/rfc/rfc768
