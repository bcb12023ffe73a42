meta:
  id: bth
  title: InfiniBand Base Transport Header (BTH)
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The 12-byte Base Transport Header that starts every InfiniBand transport packet, and so
  every RoCE packet: after the GRH in RoCEv1, after the UDP header (port 4791) in RoCEv2.
  The extended transport headers that follow it depend on the opcode; see
  `ib_extended_headers`.

  The `opcode` enum names all 256 values, so it is never null: reserved codes are called
  `<transport>_reserved_<hex>` and the vendor range `manufacturer_specific_<hex>`.
doc-ref: IBTA vol. 1, §9.2 Base Transport Header
# -field keys: the names RoCE Lens gives the fields (bth.psn ...); Wireshark's (infiniband.bth.psn ...) are aliases
# of them (WiresharkAliases). -byte-width: a 24-bit number or a flag after other bits sits, as in Wireshark, on the
# bytes of its mask (bth.dqpn on bytes 5-7, not on the whole word with FECN and BECN).
seq:
  - id: opcode
    type: u1
    enum: opcode
    -base: hex
    -enum: opcode
    -field: bth.opcode
    -title: Opcode
    doc: |
      Operation code. The top 3 bits are the transport service (`transport`): 000 RC,
      001 UC, 010 RD, 011 UD, 100 CNP, 101 XRC, 110/111 manufacturer specific; the low
      5 bits are the operation (`operation`).
    doc-ref: IBTA vol. 1, §9.2 Base Transport Header, OpCode (Table 38)
  - id: se
    type: b1
    -field: bth.se
    -title: Solicited event
    doc: Solicited Event; asks the responder to raise a completion event.
    doc-ref: IBTA vol. 1, §9.2 Base Transport Header, SE
  - id: migreq
    type: b1
    -field: bth.m
    -title: MigReq
    doc: MigReq, communicates the path migration state (APM).
    doc-ref: IBTA vol. 1, §9.2 Base Transport Header, M
  - id: pad_count
    type: b2
    -field: bth.padcnt
    -title: Pad count
    doc: Number of pad bytes (0-3) appended to the payload to reach a multiple of 4.
    doc-ref: IBTA vol. 1, §9.2 Base Transport Header, PadCnt
  - id: tver
    type: b4
    -field: bth.tver
    -title: Header version
    doc: Transport header version, 0.
    doc-ref: IBTA vol. 1, §9.2 Base Transport Header, TVer
  - id: pkey
    type: u2
    -base: hex
    -field: bth.pkey
    -title: Partition key
    doc: Partition key; the default partition is 0xFFFF.
    doc-ref: IBTA vol. 1, §9.2 Base Transport Header, P_Key
  - id: fecn
    type: b1
    -byte-width: 1
    -field: bth.fecn
    -title: FECN
    doc: |
      Forward Explicit Congestion Notification. RoCEv2 carries congestion in the IP ECN
      field instead; this byte is masked out of the ICRC.
    doc-ref: IBTA vol. 1, §9.2 Base Transport Header, FECN; Annex A17 RoCEv2 (ICRC)
  - id: becn
    type: b1
    -byte-width: 1
    -field: bth.becn
    -title: BECN
    doc: Backward Explicit Congestion Notification; set by convention in RoCEv2 CNPs.
    doc-ref: IBTA vol. 1, §9.2 Base Transport Header, BECN; Annex A17 RoCEv2 (CNP)
  - id: reserved1
    type: b6
    doc: Reserved (the resv6a field), transmitted as 0.
    doc-ref: IBTA vol. 1, §9.2 Base Transport Header
  - id: dest_qp
    type: b24
    -base: hex
    -byte-width: 3
    -field: bth.dqpn
    -title: Destination QP
    doc: Destination queue pair number. In a CNP, the QP whose sender must slow down.
    doc-ref: IBTA vol. 1, §9.2 Base Transport Header, DestQP
  - id: ack_req
    type: b1
    -byte-width: 1
    -field: bth.ackreq
    -title: Acknowledge request
    doc: Acknowledge request; asks the responder to acknowledge this packet.
    doc-ref: IBTA vol. 1, §9.2 Base Transport Header, A
  - id: reserved2
    type: b7
    doc: Reserved (the resv7 field), transmitted as 0.
    doc-ref: IBTA vol. 1, §9.2 Base Transport Header
  - id: psn
    type: b24
    -byte-width: 3
    -field: bth.psn
    -title: Packet sequence number
    doc: Packet sequence number; wraps modulo 2^24, so compare with serial arithmetic.
    doc-ref: IBTA vol. 1, §9.2 Base Transport Header, PSN; §9.7.1 (PSN)
instances:
  transport:
    value: opcode.to_i >> 5
    doc: Transport service, the top 3 bits of the opcode (0 RC, 1 UC, 2 RD, 3 UD, 4 CNP, 5 XRC).
    doc-ref: IBTA vol. 1, §9.2 Base Transport Header, OpCode (Table 38)
  operation:
    value: opcode.to_i & 0x1f
    doc: Operation, the low 5 bits of the opcode (e.g. 0x04 SEND Only, 0x11 Acknowledge).
    doc-ref: IBTA vol. 1, §9.2 Base Transport Header, OpCode (Table 38)
enums:
  # Every value is named so that the Java enum lookup never returns null. The -orig-id of a value,
  # its name in the standard, is the text RoCE Lens shows for it (the build makes io.rocelens.ksy.EnumTexts from it); the ids with
  # "reserved" in them are the opcodes the IBTA reserves, and RoCE Lens reports those as malformed.
  # RC 0x00-0x17 (0x15 reserved), UC 0x20-0x2B, RD 0x40-0x55, UD 0x64/0x65:
  #   IBTA vol. 1, Table 38 (OpCode field).
  # rc_flush 0x1C and rc_atomic_write 0x1D: IBTA vol. 1 release 1.5 (memory placement
  #   extensions, §9.2 Table 38, and the FLUSH Extended Transport Header).
  # cnp 0x81: IBTA Annex A17 RoCEv2, congestion notification packet.
  # XRC 0xA0-0xB7: IBTA Annex A14 (eXtended Reliable Connected).
  opcode:
    0x00:
      id: rc_send_first
      -orig-id: RC SEND First
    0x01:
      id: rc_send_middle
      -orig-id: RC SEND Middle
    0x02:
      id: rc_send_last
      -orig-id: RC SEND Last
    0x03:
      id: rc_send_last_with_immediate
      -orig-id: RC SEND Last with Immediate
    0x04:
      id: rc_send_only
      -orig-id: RC SEND Only
    0x05:
      id: rc_send_only_with_immediate
      -orig-id: RC SEND Only with Immediate
    0x06:
      id: rc_rdma_write_first
      -orig-id: RC RDMA WRITE First
    0x07:
      id: rc_rdma_write_middle
      -orig-id: RC RDMA WRITE Middle
    0x08:
      id: rc_rdma_write_last
      -orig-id: RC RDMA WRITE Last
    0x09:
      id: rc_rdma_write_last_with_immediate
      -orig-id: RC RDMA WRITE Last with Immediate
    0x0a:
      id: rc_rdma_write_only
      -orig-id: RC RDMA WRITE Only
    0x0b:
      id: rc_rdma_write_only_with_immediate
      -orig-id: RC RDMA WRITE Only with Immediate
    0x0c:
      id: rc_rdma_read_request
      -orig-id: RC RDMA READ Request
    0x0d:
      id: rc_rdma_read_response_first
      -orig-id: RC RDMA READ Response First
    0x0e:
      id: rc_rdma_read_response_middle
      -orig-id: RC RDMA READ Response Middle
    0x0f:
      id: rc_rdma_read_response_last
      -orig-id: RC RDMA READ Response Last
    0x10:
      id: rc_rdma_read_response_only
      -orig-id: RC RDMA READ Response Only
    0x11:
      id: rc_acknowledge
      -orig-id: RC Acknowledge
    0x12:
      id: rc_atomic_acknowledge
      -orig-id: RC ATOMIC Acknowledge
    0x13:
      id: rc_compare_swap
      -orig-id: RC CmpSwap
    0x14:
      id: rc_fetch_add
      -orig-id: RC FetchAdd
    0x15: rc_reserved_15
    0x16:
      id: rc_send_last_with_invalidate
      -orig-id: RC SEND Last with Invalidate
    0x17:
      id: rc_send_only_with_invalidate
      -orig-id: RC SEND Only with Invalidate
    0x18: rc_reserved_18
    0x19: rc_reserved_19
    0x1a: rc_reserved_1a
    0x1b: rc_reserved_1b
    0x1c:
      id: rc_flush
      -orig-id: RC FLUSH
    0x1d:
      id: rc_atomic_write
      -orig-id: RC ATOMIC WRITE
    0x1e: rc_reserved_1e
    0x1f: rc_reserved_1f
    0x20:
      id: uc_send_first
      -orig-id: UC SEND First
    0x21:
      id: uc_send_middle
      -orig-id: UC SEND Middle
    0x22:
      id: uc_send_last
      -orig-id: UC SEND Last
    0x23:
      id: uc_send_last_with_immediate
      -orig-id: UC SEND Last with Immediate
    0x24:
      id: uc_send_only
      -orig-id: UC SEND Only
    0x25:
      id: uc_send_only_with_immediate
      -orig-id: UC SEND Only with Immediate
    0x26:
      id: uc_rdma_write_first
      -orig-id: UC RDMA WRITE First
    0x27:
      id: uc_rdma_write_middle
      -orig-id: UC RDMA WRITE Middle
    0x28:
      id: uc_rdma_write_last
      -orig-id: UC RDMA WRITE Last
    0x29:
      id: uc_rdma_write_last_with_immediate
      -orig-id: UC RDMA WRITE Last with Immediate
    0x2a:
      id: uc_rdma_write_only
      -orig-id: UC RDMA WRITE Only
    0x2b:
      id: uc_rdma_write_only_with_immediate
      -orig-id: UC RDMA WRITE Only with Immediate
    0x2c: uc_reserved_2c
    0x2d: uc_reserved_2d
    0x2e: uc_reserved_2e
    0x2f: uc_reserved_2f
    0x30: uc_reserved_30
    0x31: uc_reserved_31
    0x32: uc_reserved_32
    0x33: uc_reserved_33
    0x34: uc_reserved_34
    0x35: uc_reserved_35
    0x36: uc_reserved_36
    0x37: uc_reserved_37
    0x38: uc_reserved_38
    0x39: uc_reserved_39
    0x3a: uc_reserved_3a
    0x3b: uc_reserved_3b
    0x3c: uc_reserved_3c
    0x3d: uc_reserved_3d
    0x3e: uc_reserved_3e
    0x3f: uc_reserved_3f
    0x40:
      id: rd_send_first
      -orig-id: RD SEND First
    0x41:
      id: rd_send_middle
      -orig-id: RD SEND Middle
    0x42:
      id: rd_send_last
      -orig-id: RD SEND Last
    0x43:
      id: rd_send_last_with_immediate
      -orig-id: RD SEND Last with Immediate
    0x44:
      id: rd_send_only
      -orig-id: RD SEND Only
    0x45:
      id: rd_send_only_with_immediate
      -orig-id: RD SEND Only with Immediate
    0x46:
      id: rd_rdma_write_first
      -orig-id: RD RDMA WRITE First
    0x47:
      id: rd_rdma_write_middle
      -orig-id: RD RDMA WRITE Middle
    0x48:
      id: rd_rdma_write_last
      -orig-id: RD RDMA WRITE Last
    0x49:
      id: rd_rdma_write_last_with_immediate
      -orig-id: RD RDMA WRITE Last with Immediate
    0x4a:
      id: rd_rdma_write_only
      -orig-id: RD RDMA WRITE Only
    0x4b:
      id: rd_rdma_write_only_with_immediate
      -orig-id: RD RDMA WRITE Only with Immediate
    0x4c:
      id: rd_rdma_read_request
      -orig-id: RD RDMA READ Request
    0x4d:
      id: rd_rdma_read_response_first
      -orig-id: RD RDMA READ Response First
    0x4e:
      id: rd_rdma_read_response_middle
      -orig-id: RD RDMA READ Response Middle
    0x4f:
      id: rd_rdma_read_response_last
      -orig-id: RD RDMA READ Response Last
    0x50:
      id: rd_rdma_read_response_only
      -orig-id: RD RDMA READ Response Only
    0x51:
      id: rd_acknowledge
      -orig-id: RD Acknowledge
    0x52:
      id: rd_atomic_acknowledge
      -orig-id: RD ATOMIC Acknowledge
    0x53:
      id: rd_compare_swap
      -orig-id: RD CmpSwap
    0x54:
      id: rd_fetch_add
      -orig-id: RD FetchAdd
    0x55:
      id: rd_resync
      -orig-id: RD Resync
    0x56: rd_reserved_56
    0x57: rd_reserved_57
    0x58: rd_reserved_58
    0x59: rd_reserved_59
    0x5a: rd_reserved_5a
    0x5b: rd_reserved_5b
    0x5c: rd_reserved_5c
    0x5d: rd_reserved_5d
    0x5e: rd_reserved_5e
    0x5f: rd_reserved_5f
    0x60: ud_reserved_60
    0x61: ud_reserved_61
    0x62: ud_reserved_62
    0x63: ud_reserved_63
    0x64:
      id: ud_send_only
      -orig-id: UD SEND Only
    0x65:
      id: ud_send_only_with_immediate
      -orig-id: UD SEND Only with Immediate
    0x66: ud_reserved_66
    0x67: ud_reserved_67
    0x68: ud_reserved_68
    0x69: ud_reserved_69
    0x6a: ud_reserved_6a
    0x6b: ud_reserved_6b
    0x6c: ud_reserved_6c
    0x6d: ud_reserved_6d
    0x6e: ud_reserved_6e
    0x6f: ud_reserved_6f
    0x70: ud_reserved_70
    0x71: ud_reserved_71
    0x72: ud_reserved_72
    0x73: ud_reserved_73
    0x74: ud_reserved_74
    0x75: ud_reserved_75
    0x76: ud_reserved_76
    0x77: ud_reserved_77
    0x78: ud_reserved_78
    0x79: ud_reserved_79
    0x7a: ud_reserved_7a
    0x7b: ud_reserved_7b
    0x7c: ud_reserved_7c
    0x7d: ud_reserved_7d
    0x7e: ud_reserved_7e
    0x7f: ud_reserved_7f
    0x80: cnp_reserved_80
    0x81:
      id: cnp
      -orig-id: CNP
    0x82: cnp_reserved_82
    0x83: cnp_reserved_83
    0x84: cnp_reserved_84
    0x85: cnp_reserved_85
    0x86: cnp_reserved_86
    0x87: cnp_reserved_87
    0x88: cnp_reserved_88
    0x89: cnp_reserved_89
    0x8a: cnp_reserved_8a
    0x8b: cnp_reserved_8b
    0x8c: cnp_reserved_8c
    0x8d: cnp_reserved_8d
    0x8e: cnp_reserved_8e
    0x8f: cnp_reserved_8f
    0x90: cnp_reserved_90
    0x91: cnp_reserved_91
    0x92: cnp_reserved_92
    0x93: cnp_reserved_93
    0x94: cnp_reserved_94
    0x95: cnp_reserved_95
    0x96: cnp_reserved_96
    0x97: cnp_reserved_97
    0x98: cnp_reserved_98
    0x99: cnp_reserved_99
    0x9a: cnp_reserved_9a
    0x9b: cnp_reserved_9b
    0x9c: cnp_reserved_9c
    0x9d: cnp_reserved_9d
    0x9e: cnp_reserved_9e
    0x9f: cnp_reserved_9f
    0xa0:
      id: xrc_send_first
      -orig-id: XRC SEND First
    0xa1:
      id: xrc_send_middle
      -orig-id: XRC SEND Middle
    0xa2:
      id: xrc_send_last
      -orig-id: XRC SEND Last
    0xa3:
      id: xrc_send_last_with_immediate
      -orig-id: XRC SEND Last with Immediate
    0xa4:
      id: xrc_send_only
      -orig-id: XRC SEND Only
    0xa5:
      id: xrc_send_only_with_immediate
      -orig-id: XRC SEND Only with Immediate
    0xa6:
      id: xrc_rdma_write_first
      -orig-id: XRC RDMA WRITE First
    0xa7:
      id: xrc_rdma_write_middle
      -orig-id: XRC RDMA WRITE Middle
    0xa8:
      id: xrc_rdma_write_last
      -orig-id: XRC RDMA WRITE Last
    0xa9:
      id: xrc_rdma_write_last_with_immediate
      -orig-id: XRC RDMA WRITE Last with Immediate
    0xaa:
      id: xrc_rdma_write_only
      -orig-id: XRC RDMA WRITE Only
    0xab:
      id: xrc_rdma_write_only_with_immediate
      -orig-id: XRC RDMA WRITE Only with Immediate
    0xac:
      id: xrc_rdma_read_request
      -orig-id: XRC RDMA READ Request
    0xad:
      id: xrc_rdma_read_response_first
      -orig-id: XRC RDMA READ Response First
    0xae:
      id: xrc_rdma_read_response_middle
      -orig-id: XRC RDMA READ Response Middle
    0xaf:
      id: xrc_rdma_read_response_last
      -orig-id: XRC RDMA READ Response Last
    0xb0:
      id: xrc_rdma_read_response_only
      -orig-id: XRC RDMA READ Response Only
    0xb1:
      id: xrc_acknowledge
      -orig-id: XRC Acknowledge
    0xb2:
      id: xrc_atomic_acknowledge
      -orig-id: XRC ATOMIC Acknowledge
    0xb3:
      id: xrc_compare_swap
      -orig-id: XRC CmpSwap
    0xb4:
      id: xrc_fetch_add
      -orig-id: XRC FetchAdd
    0xb5: xrc_reserved_b5
    0xb6:
      id: xrc_send_last_with_invalidate
      -orig-id: XRC SEND Last with Invalidate
    0xb7:
      id: xrc_send_only_with_invalidate
      -orig-id: XRC SEND Only with Invalidate
    0xb8: xrc_reserved_b8
    0xb9: xrc_reserved_b9
    0xba: xrc_reserved_ba
    0xbb: xrc_reserved_bb
    0xbc: xrc_reserved_bc
    0xbd: xrc_reserved_bd
    0xbe: xrc_reserved_be
    0xbf: xrc_reserved_bf
    0xc0: manufacturer_specific_c0
    0xc1: manufacturer_specific_c1
    0xc2: manufacturer_specific_c2
    0xc3: manufacturer_specific_c3
    0xc4: manufacturer_specific_c4
    0xc5: manufacturer_specific_c5
    0xc6: manufacturer_specific_c6
    0xc7: manufacturer_specific_c7
    0xc8: manufacturer_specific_c8
    0xc9: manufacturer_specific_c9
    0xca: manufacturer_specific_ca
    0xcb: manufacturer_specific_cb
    0xcc: manufacturer_specific_cc
    0xcd: manufacturer_specific_cd
    0xce: manufacturer_specific_ce
    0xcf: manufacturer_specific_cf
    0xd0: manufacturer_specific_d0
    0xd1: manufacturer_specific_d1
    0xd2: manufacturer_specific_d2
    0xd3: manufacturer_specific_d3
    0xd4: manufacturer_specific_d4
    0xd5: manufacturer_specific_d5
    0xd6: manufacturer_specific_d6
    0xd7: manufacturer_specific_d7
    0xd8: manufacturer_specific_d8
    0xd9: manufacturer_specific_d9
    0xda: manufacturer_specific_da
    0xdb: manufacturer_specific_db
    0xdc: manufacturer_specific_dc
    0xdd: manufacturer_specific_dd
    0xde: manufacturer_specific_de
    0xdf: manufacturer_specific_df
    0xe0: manufacturer_specific_e0
    0xe1: manufacturer_specific_e1
    0xe2: manufacturer_specific_e2
    0xe3: manufacturer_specific_e3
    0xe4: manufacturer_specific_e4
    0xe5: manufacturer_specific_e5
    0xe6: manufacturer_specific_e6
    0xe7: manufacturer_specific_e7
    0xe8: manufacturer_specific_e8
    0xe9: manufacturer_specific_e9
    0xea: manufacturer_specific_ea
    0xeb: manufacturer_specific_eb
    0xec: manufacturer_specific_ec
    0xed: manufacturer_specific_ed
    0xee: manufacturer_specific_ee
    0xef: manufacturer_specific_ef
    0xf0: manufacturer_specific_f0
    0xf1: manufacturer_specific_f1
    0xf2: manufacturer_specific_f2
    0xf3: manufacturer_specific_f3
    0xf4: manufacturer_specific_f4
    0xf5: manufacturer_specific_f5
    0xf6: manufacturer_specific_f6
    0xf7: manufacturer_specific_f7
    0xf8: manufacturer_specific_f8
    0xf9: manufacturer_specific_f9
    0xfa: manufacturer_specific_fa
    0xfb: manufacturer_specific_fb
    0xfc: manufacturer_specific_fc
    0xfd: manufacturer_specific_fd
    0xfe: manufacturer_specific_fe
    0xff: manufacturer_specific_ff
