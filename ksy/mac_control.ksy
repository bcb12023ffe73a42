meta:
  id: mac_control
  title: Ethernet MAC Control frame (802.3x PAUSE, 802.1Qbb PFC)
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The body of a MAC Control frame (EtherType 0x8808, destination 01:80:C2:00:00:01), from
  the opcode on. Lossless RoCE fabrics rely on PFC: a receiver whose buffer fills pauses
  one or more priorities of its link partner for a number of quanta (512 bit times each).
  The padding up to the 60-byte minimum frame is not read.
doc-ref:
  - IEEE 802.3 Annex 31B (MAC Control PAUSE operation)
  - IEEE 802.3 Annex 31D (MAC Control PFC operation)
  - IEEE 802.1Qbb (Priority-based Flow Control)
seq:
  - id: opcode
    type: u2
    enum: opcode_enum
    doc: MAC Control opcode (0x0001 PAUSE, 0x0101 PFC); null in Java for other opcodes.
    doc-ref: IEEE 802.3 Annex 31A (MAC Control opcode assignments)
  - id: body
    type:
      switch-on: opcode
      cases:
        opcode_enum::pause: pause_frame
        opcode_enum::pfc: pfc_frame
    doc: Parameters of the PAUSE or PFC operation; absent for other opcodes.
    doc-ref: IEEE 802.3 Annex 31B, Annex 31D
types:
  pause_frame:
    doc: 802.3x PAUSE, which stops all traffic on the link.
    doc-ref: IEEE 802.3 Annex 31B.2 (PAUSE description)
    seq:
      - id: pause_time
        type: u2
        -field: pause.quanta
        -title: Pause time (quanta)
        doc: Pause time in quanta of 512 bit times; 0 resumes at once (XON).
        doc-ref: IEEE 802.3 Annex 31B.2 (pause_time)
  pfc_frame:
    doc: 802.1Qbb Priority-based Flow Control, which pauses single priorities.
    doc-ref: IEEE 802.3 Annex 31D.2 (PFC description); IEEE 802.1Qbb clause 36
    seq:
      - id: class_enable_vector
        type: u2
        -base: hex
        -field: pfc.cev
        -title: Class-enable vector
        doc: |
          Priority enable vector: bit n (n = 0..7, counted from the least significant bit)
          set means `time[n]` applies to priority n. The upper 8 bits are reserved and
          transmitted as 0.
        doc-ref: IEEE 802.3 Annex 31D.2 (priority_enable_vector)
      - id: time
        type: u2
        repeat: expr
        repeat-expr: 8
        -field: pfc.time{i}
        -title: Pause time for priority {i} (quanta)
        doc: |
          time[n] is the pause time of priority n in quanta of 512 bit times (5.12 ns at
          100 Gb/s); 0 for an enabled priority resumes it at once (XON). Ignored when the
          enable bit of the priority is clear.
        doc-ref: IEEE 802.3 Annex 31D.2 (time[0..7])
    instances:
      priorities_enabled:
        value: class_enable_vector & 0xff
        doc: The 8 enable bits of priorities 0..7, without the reserved upper byte.
        doc-ref: IEEE 802.3 Annex 31D.2 (priority_enable_vector)
enums:
  opcode_enum:
    0x0001:
      id: pause
      -orig-id: PAUSE
      doc: 802.3x PAUSE.
      doc-ref: IEEE 802.3 Annex 31B
    0x0101:
      id: pfc
      -orig-id: PFC
      doc: Priority-based Flow Control.
      doc-ref: IEEE 802.3 Annex 31D
