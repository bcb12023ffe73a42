#!/usr/bin/env python3
"""Expected `rocelens analyze --json` numbers for a capture, computed from tshark's decode (not from RoCE Lens).

Usage: tshark_expected.py CAPTURE [TSHARK_ARG...] > NAME.json
(needs tshark; the test suite only reads the committed JSON). Extra arguments go to tshark, e.g.
"-d udp.port==69,infiniband" for the Huawei capture whose source port 69 tshark would otherwise take for TFTP.

It applies the analysis contract's definitions to the fields tshark extracts: flows (ip.src, ip.dst, bth.destqp),
bytes from frame.len, families by opcode, acks by AETH type, messages (Only, or Last after First), payload from
udp.length, and the PSN rules (serial arithmetic mod 2^24, requests and READ responses only, READ request ranges).
READ responses: a READ Response First/Only whose PSN is the PSN of a READ request sent on the reverse flow starts a
new response run (responses of successive READs are not contiguous when other requests come between them).
"""
import json
import subprocess
import sys

M = 0xFFFFFF
FIELDS = ["frame.number", "frame.len", "ip.src", "ip.dst", "ip.dsfield.dscp", "ip.dsfield.ecn", "udp.length",
          "infiniband.bth.opcode", "infiniband.bth.destqp", "infiniband.bth.psn", "infiniband.bth.padcnt",
          "infiniband.reth.dmalen", "infiniband.aeth.syndrome", "infiniband.deth.srcqp"]
# extended header bytes after the BTH, by opcode low five bits (RC/UC); UD adds DETH (8)
EXT = {0x03: 4, 0x05: 4, 0x06: 16, 0x09: 4, 0x0A: 16, 0x0B: 20, 0x0C: 16, 0x0D: 4, 0x0F: 4, 0x10: 4,
       0x11: 4, 0x12: 12, 0x13: 28, 0x14: 28, 0x16: 4, 0x17: 4}


def num(text):
    if text == "":
        return None
    text = text.split(",")[0]
    return int(text, 16) if text.startswith("0x") else int(text)


class Tracker:
    def __init__(self):
        self.started = False
        self.lo = self.hi = 0
        self.missing = set()
        self.gaps = self.retx = self.dups = self.ooo = 0

    def expect_after(self, psn, read_len):
        if read_len is None:
            self.lo = self.hi = (psn + 1) & M
        else:
            self.lo = (psn + max(1, -(-read_len // 4096))) & M
            self.hi = (psn + max(1, -(-read_len // 256))) & M

    def accept(self, psn, read_len=None):
        if not self.started:
            self.started = True
            self.expect_after(psn, read_len)
            return
        if (psn - self.lo) & M <= (self.hi - self.lo) & M:
            self.expect_after(psn, read_len)
            return
        ahead = (psn - self.hi) & M
        if ahead < (1 << 23):
            self.gaps += 1
            for k in range(ahead):
                self.missing.add((self.hi + k) & M)
            self.expect_after(psn, read_len)
            return
        self.retx += 1
        if psn in self.missing:
            self.missing.discard(psn)
            self.ooo += 1
        else:
            self.dups += 1


def main(path, extra):
    out = subprocess.run(["tshark", "-r", path] + extra + ["-T", "fields", "-E", "separator=\t", "-E", "occurrence=f"]
                         + sum([["-e", f] for f in FIELDS], []), capture_output=True, text=True, check=True).stdout
    packets = roce = 0
    flows = {}
    read_request_psns = {}
    prio_bytes = [0] * 8
    for line in out.splitlines():
        row = dict(zip(FIELDS, line.split("\t")))
        packets += 1
        op = num(row["infiniband.bth.opcode"])
        if op is None or row["ip.src"] == "":
            continue
        roce += 1
        length = int(row["frame.len"])
        dscp = num(row["ip.dsfield.dscp"])
        prio_bytes[dscp >> 3] += length
        key = (row["ip.src"], row["ip.dst"], num(row["infiniband.bth.destqp"]))
        f = flows.setdefault(key, dict(packets=0, bytes=0, payload_bytes=0, messages=0, rdma_write=0,
                                       rdma_read_req=0, read_resp=0, send=0, atomic=0, acks=0, naks=0, rnr_naks=0,
                                       cnps=0, ecn_ce=0, dscp=dscp, priority=dscp >> 3,
                                       _req=Tracker(), _resp=Tracker(), _open=set()))
        f["packets"] += 1
        f["bytes"] += length
        if num(row["ip.dsfield.ecn"]) == 3:
            f["ecn_ce"] += 1
        psn = num(row["infiniband.bth.psn"])
        if op == 0x81:
            f["cnps"] += 1
            continue
        low = op & 0x1F
        ext = EXT.get(low, 0) + (8 if (op >> 5) == 3 else 0)
        f["payload_bytes"] += num(row["udp.length"]) - 8 - 12 - ext - num(row["infiniband.bth.padcnt"]) - 4
        syn = num(row["infiniband.aeth.syndrome"])
        if syn is not None:
            kind = (syn >> 5) & 3
            if kind == 3:
                f["naks"] += 1
            elif kind == 1:
                f["rnr_naks"] += 1
            elif low in (0x11, 0x12):
                f["acks"] += 1
        family = ("send" if low <= 5 or low in (0x16, 0x17) else "rdma_write" if 6 <= low <= 11
                  else "rdma_read_req" if low == 12 else "read_resp" if 13 <= low <= 16
                  else "atomic" if low in (0x13, 0x14) else None)
        if family:
            f[family] += 1
        if low in (0x04, 0x05, 0x17, 0x0A, 0x0B, 0x10):
            f["messages"] += 1
        for first, lasts in ((0x00, (0x02, 0x03, 0x16)), (0x06, (0x08, 0x09)), (0x0D, (0x0F,))):
            if low == first:
                f["_open"].add(first)
            elif low in lasts and first in f["_open"]:
                f["messages"] += 1
                f["_open"].discard(first)
        if family in ("send", "rdma_write", "atomic"):
            f["_req"].accept(psn)
        elif family == "rdma_read_req":
            read_request_psns.setdefault(key, set()).add(psn)
            f["_req"].accept(psn, num(row["infiniband.reth.dmalen"]) or 0)
        elif family == "read_resp":
            t = f["_resp"]
            reverse = [k for k in read_request_psns if k[0] == key[1] and k[1] == key[0]]
            if low in (0x0D, 0x10) and t.started and any(psn in read_request_psns[k] for k in reverse):
                t.expect_after(psn, None)
            else:
                t.accept(psn)
    qps = []
    for (src, dst, qp), f in sorted(flows.items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][2])):
        req, resp = f.pop("_req"), f.pop("_resp")
        f.pop("_open")
        f.update(psn_gaps=req.gaps + resp.gaps, missing_psns=len(req.missing) + len(resp.missing),
                 retransmitted=req.retx + resp.retx, duplicates=req.dups + resp.dups,
                 out_of_order=req.ooo + resp.ooo)
        qps.append(dict(src_ip=src, dst_ip=dst, dst_qp="0x%06x" % qp, **f))
    total = lambda k: sum(q[k] for q in qps)
    result = dict(packets=packets, roce_packets=roce, flows=len(qps),
                  **{k: total(k) for k in ("psn_gaps", "missing_psns", "retransmitted", "duplicates",
                                           "out_of_order", "naks", "rnr_naks", "cnps", "ecn_ce")},
                  priority_bytes={str(p): prio_bytes[p] for p in range(8)}, qps=qps)
    result["_command"] = " ".join(["tshark_expected.py", path.split("/")[-1]] + extra)
    json.dump(result, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
