#!/usr/bin/env bash
# Writes the frames tshark selects for every display filter in filters.txt, on each capture given, for
# DisplayFilterDifferentialTest: filters/NAME.tsv holds one line per filter, "FILTER<TAB>FRAMES" with the frame
# numbers as ranges (1-3,7). Needs tshark; the test suite only reads the .tsv files.
#   usage: make-filter-expected.sh CAPTURE...
# Made with TShark 4.0.17 (Debian 4.0.17-0+deb12u3).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$here/filters"
ranges() { awk 'NR==1{s=$1;p=$1;next} $1==p+1{p=$1;next} {printf "%s%s,", s, (s==p?"":"-" p); s=$1; p=$1}
                END{if (NR) printf "%s%s", s, (s==p?"":"-" p)}'; }
for capture in "$@"; do
  name="$(basename "$capture")"; name="${name%.*}"
  out="$here/filters/$name.tsv"
  : > "$out"
  while IFS= read -r filter; do
    [ -z "$filter" ] && continue
    # as make-expected.sh: RoCE is identified by its destination port, whatever the source port
    frames="$(tshark -r "$capture" -d udp.port==69,infiniband -d udp.port==72,infiniband -Y "$filter" \
      -T fields -e frame.number 2>/dev/null | ranges)"
    printf '%s\t%s\n' "$filter" "$frames" >> "$out"
  done < "$here/filters.txt"
  echo "filters/$name.tsv: $(wc -l < "$out") filters"
done
