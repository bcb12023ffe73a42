#!/usr/bin/env bash
# Writes value-names.tsv: tshark's names for the values of the fields whose names RoCE Lens takes from its specs
# (NamesFromSpecsTest compares them). Needs tshark; the test suite only reads the file.
# Made with TShark 4.0.17 (Debian 4.0.17-0+deb12u3).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tshark -G values 2>/dev/null \
  | awk -F'\t' '$1 == "V" && ($2 == "infiniband.bth.opcode" || $2 == "eth.type" || $2 == "ip.dsfield.ecn" \
                 || $2 == "macc.opcode") { print $2 "\t" $3 "\t" $4 }' > "$here/value-names.tsv"
echo "value-names.tsv: $(wc -l < "$here/value-names.tsv") values"
