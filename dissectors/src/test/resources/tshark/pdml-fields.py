"""Reads tshark's PDML (-T pdml) on standard input and prints, per packet, the fields named in the FIELDS environment
variable (separated by white space) as tab-separated rows, for the tshark expectation scripts next to this one.

  python3 pdml-fields.py first   frame, field, pos, size of each field's first occurrence (as tshark -E occurrence=f)
  python3 pdml-fields.py all     frame, field, value (PDML "show"), pos, size of every occurrence, in order, and a
                                 _ws.malformed row where tshark found the packet malformed
"""
import os
import sys
import xml.etree.ElementTree as ET

every = sys.argv[1] == "all"
wanted = set(os.environ["FIELDS"].split())
print("frame\tfield\tvalue\tpos\tsize" if every else "frame\tfield\tpos\tsize")
number = 0
for event, element in ET.iterparse(sys.stdin.buffer, events=("end",)):
    if element.tag != "packet":
        continue
    number += 1
    seen = set()
    last = None
    for node in element.iter():
        name = node.get("name")
        if every and name == "_ws.malformed":
            print(number, name, "", 0, 0, sep="\t")
        elif node.tag != "field" or name not in wanted:
            continue
        elif every:
            row = (name, node.get("show"), node.get("pos"), node.get("size"))
            # tshark gives the ImmDt and IETH headers and their values one name (infiniband.immdt, infiniband.ieth):
            # one row for the two
            if row != last:
                print(number, *row, sep="\t")
            last = row
        elif name not in seen:
            seen.add(name)
            print(number, name, node.get("pos"), node.get("size"), sep="\t")
    element.clear()
