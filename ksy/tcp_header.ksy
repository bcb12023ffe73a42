meta:
  id: tcp_header
  title: TCP segment header
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The TCP header, options included (20 to 60 bytes). RoCE captures carry TCP beside the RDMA
  traffic: the out-of-band exchange of QP numbers and keys (perftest, NCCL bootstrap,
  rdma_cm over IP), so the packet list names it. The payload is not parsed.
doc-ref: https://www.rfc-editor.org/rfc/rfc9293#section-3.1
seq:
  - id: src_port
    type: u2
    -field: tcp.srcport
    -title: Source port
    doc: Source port.
    doc-ref: https://www.rfc-editor.org/rfc/rfc9293#section-3.1
  - id: dst_port
    type: u2
    -field: tcp.dstport
    -title: Destination port
    doc: Destination port.
    doc-ref: https://www.rfc-editor.org/rfc/rfc9293#section-3.1
  - id: seq_num
    type: u4
    -field: tcp.seq_raw
    -title: Sequence number (raw)
    doc: Sequence number of the first data byte (absolute, as on the wire).
    doc-ref: https://www.rfc-editor.org/rfc/rfc9293#section-3.1
  - id: ack_num
    type: u4
    -field: tcp.ack_raw
    -title: Acknowledgment number (raw)
    doc: Next sequence number the sender expects, meaningful when `flag_ack` is set.
    doc-ref: https://www.rfc-editor.org/rfc/rfc9293#section-3.1
  - id: data_offset
    type: b4
    -byte-width: 1
    -scale: 4
    -field: tcp.hdr_len
    -title: Header length (bytes)
    doc: Header length in 32-bit words (5 without options).
    doc-ref: https://www.rfc-editor.org/rfc/rfc9293#section-3.1
  - id: reserved
    type: b4
    doc: Reserved bits (the last was the experimental NS flag of RFC 3540).
    doc-ref: https://www.rfc-editor.org/rfc/rfc9293#section-3.1
  - id: flags
    type: u1
    doc: |
      Control bits, most significant first: CWR, ECE, URG, ACK, PSH, RST, SYN, FIN.
    doc-ref: https://www.rfc-editor.org/rfc/rfc9293#section-3.1
  - id: window
    type: u2
    -field: tcp.window_size_value
    -title: Window
    doc: Receive window, before any window scaling.
    doc-ref: https://www.rfc-editor.org/rfc/rfc9293#section-3.1
  - id: checksum
    type: u2
    -base: hex
    -field: tcp.checksum
    -title: Checksum
    doc: Checksum over the pseudo-header, header and data.
    doc-ref: https://www.rfc-editor.org/rfc/rfc9293#section-3.1
  - id: urgent_pointer
    type: u2
    doc: Offset of the last urgent byte, meaningful when URG is set.
    doc-ref: https://www.rfc-editor.org/rfc/rfc9293#section-3.1
instances:
  len_header:
    value: data_offset * 4
    doc: Header length in bytes.
    doc-ref: https://www.rfc-editor.org/rfc/rfc9293#section-3.1
