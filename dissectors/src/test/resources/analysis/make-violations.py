#!/usr/bin/env python3
"""Writes violations.pcap: a short RoCEv2 conversation crafted with scapy (not with RoCE Lens) holding each protocol
event of issue 20 (and the RDMA CM handshake of a second connection), and violations.json: what the capture holds,
frame by frame, as built here: every event of each kind it lists, and where.

Requester 10.0.0.1 (QP 0x11) writes to and reads from responder 10.0.0.2 (QP 0x22); path MTU 1024.
Run: python3 make-violations.py   (needs python3-scapy; the tests only read the two files)
"""
import json
import struct
from scapy.all import Ether, IP, UDP, Raw, wrpcap
from scapy.contrib.roce import BTH, AETH

A, B = "10.0.0.1", "10.0.0.2"
QP_A, QP_B = 0x11, 0x22
frames = []
expected = []
timed = []      # requests timed to their answers: flow, kind, request frame, answer frame, nanoseconds, priority
PRIORITY = 26 >> 3  # every packet has DSCP 26; the default map gives priority DSCP >> 3


def ns(seconds):
    return round(seconds * 1e9)


def roce(t, src, dst, qp, op, psn, ackreq=False, extra=b"", payload=b""):
    pkt = (Ether(src="02:00:00:00:00:01" if src == A else "02:00:00:00:00:02",
                 dst="02:00:00:00:00:02" if src == A else "02:00:00:00:00:01")
           / IP(src=src, dst=dst, tos=26 << 2 | 2, flags="DF") / UDP(sport=49152, dport=4791, chksum=0)
           / BTH(opcode=op, dqpn=qp, psn=psn, ackreq=ackreq) / Raw(extra + payload))
    pkt.time = t
    frames.append(pkt)
    return len(frames)


def aeth(syndrome, msn):
    return struct.pack(">I", syndrome << 24 | msn)


def reth(va, rkey, length):
    return struct.pack(">QII", va, rkey, length)


t = 1767225600.0          # 2026-01-01T00:00:00Z
ms = 1e-3
# a SEND First/Last of 1024 + 1024 bytes: the path MTU is 1024
REQUESTER = "10.0.0.1 > 10.0.0.2 QP 0x000022"
roce(t, A, B, QP_B, 0x00, 10, payload=bytes(1024))
asked = roce(t + 0.01 * ms, A, B, QP_B, 0x02, 11, ackreq=True, payload=bytes(1024))
acked = roce(t + 0.02 * ms, B, A, QP_A, 0x11, 11, extra=aeth(0x1F, 1))
timed.append([REQUESTER, "ack_rtt", asked, acked, ns(0.01 * ms), PRIORITY])
timed.append([REQUESTER, "message", asked - 1, acked, ns(0.02 * ms), PRIORITY])   # from the SEND First
# RNR retries: WRITE Only at 12 answered by RNR NAK three times, then accepted
roce(t + 1 * ms, A, B, QP_B, 0x0A, 12, ackreq=True, extra=reth(0x1000, 7, 64), payload=bytes(64))
for i in range(3):
    roce(t + (2 + 2 * i) * ms, B, A, QP_A, 0x11, 12, extra=aeth(0x20 | 0x0E, 1))
    again = roce(t + (3 + 2 * i) * ms, A, B, QP_B, 0x0A, 12, ackreq=True, extra=reth(0x1000, 7, 64),
                 payload=bytes(64))
    expected.append({"kind": "retransmission", "frame": again})
roce(t + 9 * ms, B, A, QP_A, 0x11, 12, extra=aeth(0x1F, 2))
# (the WRITE at 12 was sent again: its ACK times neither it nor its message, Karn's rule)
ended = roce(t + 10 * ms, A, B, QP_B, 0x0A, 13, ackreq=True, extra=reth(0x2000, 7, 64), payload=bytes(64))
expected.append({"kind": "retry_sequence", "frame": ended,
                 "message": "PSN 12 sent again 3 times in a row: RNR retries (after RNR NAKs)"})
acked = roce(t + 10.01 * ms, B, A, QP_A, 0x11, 13, extra=aeth(0x1F, 3))
timed.append([REQUESTER, "ack_rtt", ended, acked, ns(0.01 * ms), PRIORITY])
timed.append([REQUESTER, "message", ended, acked, ns(0.01 * ms), PRIORITY])
# a READ of 3 packets at PSN 14 reserves 15 and 16; a SEND Only at 16 breaks the rule
read = roce(t + 11 * ms, A, B, QP_B, 0x0C, 14, ackreq=True, extra=reth(0x3000, 7, 3 * 1024))
bad = roce(t + 11.01 * ms, A, B, QP_B, 0x04, 16, ackreq=True, payload=bytes(8))
expected.append({"kind": "psn_in_read_range", "frame": bad,
                 "message": "RC SEND Only on PSN 16, which the RDMA READ at PSN 14 reserved for its 3 responses"})
first = roce(t + 11.02 * ms, B, A, QP_A, 0x0D, 14, extra=aeth(0x1F, 4), payload=bytes(1024))
roce(t + 11.03 * ms, B, A, QP_A, 0x0E, 15, payload=bytes(1024))
last = roce(t + 11.04 * ms, B, A, QP_A, 0x0F, 16, extra=aeth(0x1F, 4), payload=bytes(1024))
# (the SEND at 16 reuses a PSN already taken: it cannot be timed)
timed.append([REQUESTER, "read_first", read, first, ns(0.02 * ms), PRIORITY])
timed.append([REQUESTER, "read_last", read, last, ns(0.04 * ms), PRIORITY])
# a WRITE at 17 waits 150 ms for its ACK: a stall, ended by the ACK
waiting = roce(t + 12 * ms, A, B, QP_B, 0x0A, 17, ackreq=True, extra=reth(0x4000, 7, 64), payload=bytes(64))
late = roce(t + 162 * ms, B, A, QP_A, 0x11, 17, extra=aeth(0x1F, 5))
timed.append([REQUESTER, "ack_rtt", waiting, late, ns(150 * ms), PRIORITY])
timed.append([REQUESTER, "message", waiting, late, ns(150 * ms), PRIORITY])
expected.append({"kind": "stalled_qp", "frame": late,
                 "message": "no progress for 150.000 ms: PSN 17 waits for its acknowledgement,"
                            " first unacknowledged PSN 17"})
# 5 s later a new connection reuses QP 0x22 and starts at PSN 9000000: the sequence expects 18, and 9000000 - 18
# is past half of 2^24, so it lies 2^24 - 8999982 = 7777234 behind; the flow's last packet was the WRITE at 12 ms
new = roce(t + 5.162, A, B, QP_B, 0x04, 9000000, ackreq=True, payload=bytes(8))
expected.append({"kind": "new_connection", "frame": new,
                 "message": "PSN 9000000 is 7777234 away from the sequence after 5.150 s of silence: taken as a new"
                            " connection reusing the QP (inferred)"})
answer = roce(t + 5.16201, B, A, QP_A, 0x11, 9000000, extra=aeth(0x1F, 1))
# the new connection's first request is timed afresh
timed.append([REQUESTER, "ack_rtt", new, answer, ns(0.01 * ms), PRIORITY])
timed.append([REQUESTER, "message", new, answer, ns(0.01 * ms), PRIORITY])
# ACKs from another host for requests the capture never showed
orphan = roce(t + 5.2, "10.0.0.3", A, 0x33, 0x11, 500, extra=aeth(0x1F, 9))
expected.append({"kind": "no_request_seen", "frame": orphan})
# the responder acknowledges PSN 9000004 on the new connection, whose requester sent up to 9000000 only
unsent = roce(t + 5.3, B, A, QP_A, 0x11, 9000004, extra=aeth(0x1F, 2))
expected.append({"kind": "unsent_psn_answered", "frame": unsent,
                 "message": "RC Acknowledge for PSN 9000004, 4 beyond PSN 9000000, the last its requester used"})


# A second connection between the same hosts, set up with rdma_cm's CM handshake (IBTA vol. 1 §12.6: MADs on QP 1),
# reuses the responder's QP 0x22; the requester's new QP is 0x44. Linux's CM (and the real rdma_cm captures) start
# the packets sent to a message's Local QPN at that message's Starting PSN. The REP's Starting PSN, 8999000, is only
# 1000 behind the old connection's PSN 9000000 (within 2^20, so the inferred rule does not catch it): without the
# handshake the first SEND would be a "retransmitted (duplicate)", and the ACKs to the new QP 0x44 would answer no
# request. Service ID 0x0000000001061d2f: RDMA IP CM (prefix 0x0000000001), TCP port space (0x06), port 7471.
QP_A2 = 0x44
SERVICE_ID = 0x0000000001061D2F


def mad(attribute, data, tid):
    # MAD common header (§13.4.3): base version 1, class 0x07 CM, class version 2, method 0x03 Send
    return struct.pack(">BBBBHHQHHI", 1, 0x07, 2, 0x03, 0, 0, tid, attribute, 0, 0) + data.ljust(232, b"\0")


def cm(t, src, dst, attribute, data, tid, psn):
    deth = struct.pack(">II", 0x80010000, 1)    # DETH: the GSI's Q_Key, source QP 1
    return roce(t, src, dst, 1, 0x64, psn, extra=deth, payload=mad(attribute, data, tid))


# REQ (§12.6.5): Local Comm ID, reserved, Service ID, Local CA GUID, reserved, Local Q_Key, Local QPN | responder
# resources, Local EECN | initiator depth, Remote EECN | timeouts, transport RC, Starting PSN | timeout | retries,
# P_Key, MTU 1024 (3) | RNR retries; then zero paths, and at byte 140 rdma_cm's private data: versions 0, IPv4 (4),
# source port 40000
req = struct.pack(">IIQQIIIIIIHB", 0x1001, 0, SERVICE_ID, 0x0200000000000001, 0, 0, QP_A2 << 8 | 1, 1, 0,
                  0x123456 << 8 | 0x87, 0xFFFF, 3 << 4 | 7).ljust(140, b"\0") + struct.pack(">BBH", 0, 4 << 4, 40000)
cm_req = cm(t + 6.0, A, B, 0x0010, req, 0x5001, 1)
# REP (§12.6.8): Local Comm ID, Remote Comm ID, Local Q_Key, Local QPN, Local EECN, Starting PSN
rep = struct.pack(">IIIIII", 0x2002, 0x1001, 0, QP_B << 8, 0, 8999000 << 8)
cm_rep = cm(t + 6.001, B, A, 0x0013, rep, 0x5001, 1)
expected.append({"kind": "new_connection", "frame": cm_rep,
                 "message": f"ConnectReply to the ConnectRequest in frame {cm_req}: a new connection between"
                            " QP 0x000044 and QP 0x000022, reusing QP 0x000022 (from CM)"})
cm(t + 6.002, A, B, 0x0014, struct.pack(">II", 0x1001, 0x2002), 0x5001, 2)    # RTU
first2 = roce(t + 6.003, A, B, QP_B, 0x04, 8999000, ackreq=True, payload=bytes(8))
ack2 = roce(t + 6.00301, B, A, QP_A2, 0x11, 8999000, extra=aeth(0x1F, 1))
timed.append([REQUESTER, "ack_rtt", first2, ack2, ns(0.01 * ms), PRIORITY])
timed.append([REQUESTER, "message", first2, ack2, ns(0.01 * ms), PRIORITY])


# UD is not RC (IBTA vol. 1 §9.7.1: no PSN order, no ACKs): two QPs of host A, 0x60 and 0x61, send datagrams (UD SEND
# Only with a DETH naming the source QP) to QP 0x55 of host B, interleaved, each QP with its own PSNs. They are two
# flows, keyed by the sender's QP, and no gap, retransmission or duplicate is judged there.
flows = []
quiet = []
UD_QP_B = 0x55
for i, (source, psn) in enumerate([(0x60, 100), (0x61, 7), (0x60, 101), (0x61, 8), (0x60, 99)]):
    deth = struct.pack(">II", 0x11111111, source)     # Q_Key, source QP
    quiet.append(roce(t + 7.0 + i * ms, A, B, UD_QP_B, 0x64, psn, extra=deth, payload=bytes(16)))
flows.append({"src_ip": A, "dst_ip": B, "dst_qp": "0x000055", "src_qp": "0x000060", "packets": 3, "send": 3,
              "psn_gaps": 0, "retransmitted": 0})
flows.append({"src_ip": A, "dst_ip": B, "dst_qp": "0x000055", "src_qp": "0x000061", "packets": 2, "send": 2,
              "psn_gaps": 0, "retransmitted": 0})


# The active side sends its REQ again and the passive side answers with its REP again (IBTA vol. 1 §12.9: a duplicate
# REQ in the REP-sent state makes the REP be sent again): the same handshake, not a new connection, so the SEND after
# it continues the sequence of the second connection and raises nothing.
quiet.append(cm(t + 8.0, A, B, 0x0010, req, 0x5001, 3))
quiet.append(cm(t + 8.001, B, A, 0x0013, rep, 0x5001, 2))
again2 = roce(t + 8.002, A, B, QP_B, 0x04, 8999001, ackreq=True, payload=bytes(8))
ack3 = roce(t + 8.00201, B, A, QP_A2, 0x11, 8999001, extra=aeth(0x1F, 2))
quiet += [again2, ack3]
timed.append([REQUESTER, "ack_rtt", again2, ack3, ns(0.01 * ms), PRIORITY])
timed.append([REQUESTER, "message", again2, ack3, ns(0.01 * ms), PRIORITY])


# Messages (issue 20, section 4): hosts 10.0.0.5 (QP 0x70) and 10.0.0.6 (QP 0x71), path MTU 1024, nothing asks for an
# ACK. For each packet the number of its message within its flow (counted from 1 in the order messages start), its
# position in the message, and the message's size (its payload bytes First to Last; None when its Last is not in the
# capture). A packet the capture shows a second time (a duplicate) belongs to no message.
C, D = "10.0.0.5", "10.0.0.6"
QP_C, QP_D = 0x70, 0x71
REQ_FLOW = "10.0.0.5 > 10.0.0.6 QP 0x000071"
message_packets = []


def message(number, parts, flow, sizes_known=True):
    size = sum(len(payload) for _, payload in parts) if sizes_known else None
    names = ["only"] if len(parts) == 1 else ["first"] + ["middle"] * (len(parts) - 2) + ["last"]
    for (frame, _), position in zip(parts, names if sizes_known or len(parts) > 1 else ["first"]):
        message_packets.append({"frame": frame, "flow": flow, "number": number, "position": position, "size": size})


def sent(time, src, dst, qp, op, psn, extra=b"", payload=b""):
    return roce(time, src, dst, qp, op, psn, extra=extra, payload=payload), payload


u = t + 9.0
us = 1e-6
p1 = bytes(100)
message(1, [sent(u, C, D, QP_D, 0x04, 1000, payload=p1)], "request")                              # SEND Only
message(2, [sent(u + 10 * us, C, D, QP_D, 0x06, 1001, extra=reth(0x5000, 9, 2348), payload=bytes(1024)),
            sent(u + 20 * us, C, D, QP_D, 0x07, 1002, payload=bytes(1024)),
            sent(u + 30 * us, C, D, QP_D, 0x08, 1003, payload=bytes(300))], "request")             # WRITE F/M/L
message(3, [sent(u + 40 * us, C, D, QP_D, 0x00, 1004, payload=bytes(1024)),
            sent(u + 50 * us, C, D, QP_D, 0x02, 1005, payload=bytes(4))], "request")               # SEND F/L
read1 = roce(u + 60 * us, C, D, QP_D, 0x0C, 1006, extra=reth(0x6000, 9, 2560))                   # 3 responses
message(1, [sent(u + 70 * us, D, C, QP_C, 0x0D, 1006, extra=aeth(0x1F, 4), payload=bytes(1024)),
            sent(u + 80 * us, D, C, QP_C, 0x0E, 1007, payload=bytes(1024)),
            sent(u + 90 * us, D, C, QP_C, 0x0F, 1008, extra=aeth(0x1F, 4), payload=bytes(512))], "response")
timed.append([REQ_FLOW, "read_first", read1, len(frames) - 2, ns(10 * us), PRIORITY])
timed.append([REQ_FLOW, "read_last", read1, len(frames), ns(30 * us), PRIORITY])
message(4, [sent(u + 100 * us, C, D, QP_D, 0x0A, 1009, extra=reth(0x7000, 9, 64), payload=bytes(64))], "request")
duplicate = roce(u + 1100 * us, C, D, QP_D, 0x0A, 1009, extra=reth(0x7000, 9, 64), payload=bytes(64))
expected.append({"kind": "retransmission", "frame": duplicate})
read2 = roce(u + 1110 * us, C, D, QP_D, 0x0C, 1010, extra=reth(0x8000, 9, 64))
message(2, [sent(u + 1120 * us, D, C, QP_C, 0x10, 1010, extra=aeth(0x1F, 5), payload=bytes(64))], "response")
timed.append([REQ_FLOW, "read_first", read2, len(frames), ns(10 * us), PRIORITY])
timed.append([REQ_FLOW, "read_last", read2, len(frames), ns(10 * us), PRIORITY])
# a WRITE whose Middle and Last the capture does not hold: numbered, no size
message(5, [sent(u + 1130 * us, C, D, QP_D, 0x06, 1011, extra=reth(0x9000, 9, 4096), payload=bytes(1024))], "request",
        sizes_known=False)
messages_built = {"request_flow": REQ_FLOW, "response_flow": "10.0.0.6 > 10.0.0.5 QP 0x000070",
                  "packets": message_packets, "unnumbered": [duplicate, read1, read2]}

wrpcap("violations.pcap", frames)
with open("violations.json", "w") as out:
    json.dump({"frames": len(frames), "events": expected, "latency": timed, "flows": flows, "quiet_frames": quiet,
               "messages": messages_built},
              out, indent=2)
    out.write("\n")
