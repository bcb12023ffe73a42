#!/usr/bin/env bash
# Writes the frames tshark selects for every display filter in filters.txt, on each capture given, for
# DisplayFilterDifferentialTest: filters/NAME.tsv holds one line per filter, "FILTER<TAB>FRAMES" with the frame
# numbers as ranges (1-3,7). Needs tshark and mergecap; the test suite only reads the .tsv files.
# tshark starts slowly, so the captures are concatenated into one file and each filter runs once over it; filters
# on frame.number, frame.time*, frame.interface_id (the merged pcapng gives every frame an interface) and udp.stream
# (numbered across the merged file), data, data.* and frame.protocols (the merged file joins the TCP connections several
# captures share, and tshark then takes their payloads for retransmissions) run per capture. In those, @REL@, @DELTA@, @EPOCH@, @TIME@ and @DATE@ stand for
# the capture's middle frame's frame.time_relative, frame.time_delta, frame.time_epoch, its time in UTC as
# "2026-01-01 00:00:00.000001Z" and as "Jan  1, 2026 00:00:00.000001 UTC", so every capture is cut where it has
# frames; the .tsv holds the filter with the values put in. Times are read in UTC (TZ=UTC).
#   usage: make-filter-expected.sh CAPTURE...
#   FILTERS=more.txt APPEND=1 make-filter-expected.sh CAPTURE... runs only the filters of more.txt and appends their
#   lines to the .tsv files (add them to filters.txt as well, so a full run makes the same lines). A filter tshark
#   refuses is reported and stops the run: check the line counts it prints.
# Made with TShark 4.0.17 (Debian 4.0.17-0+deb12u3).
set -euo pipefail
export TZ=UTC
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$here/filters"
# as make-expected.sh: RoCE is identified by its destination port, whatever the source port. tshark's RPC-over-RDMA
# heuristic throws on some small SEND payloads and tshark then leaves out the rest of the frame (the ICRC): off.
decode_as=(-d udp.port==69,infiniband -d udp.port==72,infiniband --disable-heuristic rpcrdma_infiniband)
ranges() { awk 'NR==1{s=$1;p=$1;next} $1==p+1{p=$1;next} {printf "%s%s,", s, (s==p?"":"-" p); s=$1; p=$1}
                END{if (NR) printf "%s%s", s, (s==p?"":"-" p)}'; }
names=(); firsts=(); lasts=()
total=0
for capture in "$@"; do
  name="$(basename "$capture")"; name="${name%.*}"
  count="$(tshark -r "$capture" -T fields -e frame.number 2>/dev/null | wc -l)"
  names+=("$name"); firsts+=("$((total + 1))"); lasts+=("$((total + count))")
  total=$((total + count))
  [ "${APPEND:-0}" = 1 ] || : > "$here/filters/$name.tsv"
done
mergecap -a -F pcapng -w "$work/all.pcapng" "$@"
while IFS= read -r filter; do
  [ -z "$filter" ] && continue
  [[ "$filter" == *@*@* ]] && continue
  if ! tshark -r "$work/all.pcapng" -c 1 "${decode_as[@]}" -Y "$filter" > /dev/null 2> "$work/error"; then
    echo "tshark refuses: $filter: $(grep -v 'Running as user' "$work/error" | head -1)" >&2
    exit 1
  fi
done < "${FILTERS:-$here/filters.txt}"
while IFS= read -r filter; do
  [ -z "$filter" ] && continue
  if [[ "$filter" == *frame.number* || "$filter" == *frame.time* || "$filter" == *frame.interface_id* \
        || "$filter" == *udp.stream* || "$filter" == *frame.protocols* || " $filter " =~ [^a-z._]data[^a-z_] ]]; then
    i=0
    for capture in "$@"; do
      middle=$(( (lasts[i] - firsts[i]) / 2 + 1 ))
      IFS=$'\t' read -r rel delta epoch date < <(tshark -r "$capture" -Y "frame.number == $middle" -T fields \
          -e frame.time_relative -e frame.time_delta -e frame.time_epoch -e frame.time 2>/dev/null)
      iso="$(date -u -d "@${epoch%.*}" '+%Y-%m-%d %H:%M:%S').${epoch#*.}Z"
      concrete="${filter//@REL@/$rel}"; concrete="${concrete//@DELTA@/$delta}"; concrete="${concrete//@EPOCH@/$epoch}"
      concrete="${concrete//@TIME@/$iso}"; concrete="${concrete//@DATE@/$date}"
      frames="$(tshark -r "$capture" "${decode_as[@]}" -Y "$concrete" -T fields -e frame.number 2>/dev/null | ranges)"
      printf '%s\t%s\n' "$concrete" "$frames" >> "$here/filters/${names[$i]}.tsv"
      i=$((i + 1))
    done
    continue
  fi
  tshark -r "$work/all.pcapng" "${decode_as[@]}" -Y "$filter" -T fields -e frame.number 2>/dev/null > "$work/hits"
  for i in "${!names[@]}"; do
    frames="$(awk -v a="${firsts[$i]}" -v b="${lasts[$i]}" '$1 >= a && $1 <= b {print $1 - a + 1}' "$work/hits" | ranges)"
    printf '%s\t%s\n' "$filter" "$frames" >> "$here/filters/${names[$i]}.tsv"
  done
done < "${FILTERS:-$here/filters.txt}"
for name in "${names[@]}"; do echo "filters/$name.tsv: $(wc -l < "$here/filters/$name.tsv") filters"; done
