#!/usr/bin/env bash
# RoCE Lens beside tshark in one sitting: generates the benchmark captures, runs each RoCE Lens command and its
# tshark equivalent RUNS times, and prints the median wall and CPU time (user + system) of each with their ratio,
# headed by the date, the commit, the machine and its load average (the figures mean little when other work runs).
#   usage, from the repository root after ./mvnw -B -ntp package -DskipTests:
#     bench/compare.sh                       # 1M full, 10M header-only and an ERSPAN III 1M capture
#     SIZES="1m 10m 100m" bench/compare.sh   # also 100M header-only (14 GB of disk, several minutes)
# Environment: DIR (where the captures go, default /tmp/rocelens-bench; made once, reused), RUNS (default 3),
# TSHARK_UP_TO (tshark runs only on files of at most this many million packets, default 1: it takes about 15 s per
# million), JAVA_OPTS (more JVM options for rocelens). Needs tshark for its columns; without it they stay empty.
# CAPTURE=1 adds live capture beside dumpcap (as root; needs iproute2, dumpcap and capinfos): for 78-byte and 1 KB
# RoCE frames, each buffer size in CAPTURE_BUFFERS (MiB for both tools, or default for each tool's own; default
# "default 16") and each rate in CAPTURE_RATES (frames/s, or max; default "100000 max"), bench/capture-throughput.sh
# on a veth pair sends CAPTURE_FRAMES (default 1200000) frames from CAPTURE_SENDERS (default 2) senders, and a table
# gives the frames each of rocelens capture and dumpcap lost. CAPTURE=only runs just that section.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${DIR:-/tmp/rocelens-bench}
runs=${RUNS:-3}
tshark_up_to=${TSHARK_UP_TO:-1}
sizes=${SIZES:-1m 10m erspan}
rocelens=./rocelens
mkdir -p "$dir"

capture() {   # the file for a size name, generated when missing
  case $1 in
    1m) f=$dir/bulk1m.pcap; [ -f "$f" ] || $rocelens generate bulk --packets 1000000 --qps 1000 -o "$f" >&2 ;;
    10m) f=$dir/bulk10m.pcap; [ -f "$f" ] || $rocelens generate bulk --packets 10000000 --snaplen 128 -o "$f" >&2 ;;
    100m) f=$dir/bulk100m.pcap; [ -f "$f" ] || $rocelens generate bulk --packets 100000000 --snaplen 128 -o "$f" >&2 ;;
    erspan) f=$dir/erspan1m.pcap
      [ -f "$f" ] || $rocelens generate bulk --packets 1000000 --qps 1000 --encap erspan3 -o "$f" >&2 ;;
  esac
  echo "$f"
}

millions() { case $1 in 1m|erspan) echo 1 ;; 10m) echo 10 ;; 100m) echo 100 ;; esac; }

# median of RUNS runs of a command: "wall cpu" in seconds; the command's output goes to /dev/null
measure() {
  local walls=() cpus=() t
  for _ in $(seq "$runs"); do
    /usr/bin/time -o "$dir/time.txt" -f '%e %U %S' "$@" > /dev/null 2> /dev/null
    t=$(tail -1 "$dir/time.txt")
    walls+=("$(echo "$t" | awk '{print $1}')")
    cpus+=("$(echo "$t" | awk '{printf "%.2f", $2 + $3}')")
  done
  printf '%s %s\n' "$(printf '%s\n' "${walls[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')" \
    "$(printf '%s\n' "${cpus[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')"
}

row() {   # what, file size name, rocelens command..., then -- and tshark's command... (or none)
  local what=$1 size=$2; shift 2
  local ours=() theirs=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do ours+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  theirs=("$@")
  read -r our_wall our_cpu < <(measure "${ours[@]}")
  local their_wall='' their_cpu='' ratio=''
  if [ ${#theirs[@]} -gt 0 ] && command -v tshark > /dev/null && [ "$(millions "$size")" -le "$tshark_up_to" ]; then
    read -r their_wall their_cpu < <(measure "${theirs[@]}")
    ratio=$(awk -v a="$their_wall" -v b="$our_wall" -v c="$their_cpu" -v d="$our_cpu" \
      'BEGIN {printf "%.1f× / %.1f×", a / b, c / d}')
  fi
  local shown=() arg
  for arg in "${ours[@]/#$dir\//}"; do
    [[ "$arg" == *' '* ]] && arg="'$arg'"
    shown+=("$arg")
  done
  printf '| %s | `%s` | %s s wall, %s s CPU | %s | %s |\n' "$what" "${shown[*]}" "$our_wall" "$our_cpu" \
    "${their_wall:+$their_wall s wall, $their_cpu s CPU}" "$ratio"
}

echo "$(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), load average $(cut -d' ' -f1-3 /proc/loadavg) at the start, $runs runs each (median)"
command -v tshark > /dev/null && echo "tshark $(tshark -v | head -1 | awk '{print $3}'), run on files of at most $tshark_up_to M packets"
$rocelens analyze sample-captures/mixed.pcapng > /dev/null   # after a build, the launcher first trains its class archive
[ "${CAPTURE:-0}" = only ] && sizes=''
if [ -n "$sizes" ]; then
  echo
  echo "| what | RoCE Lens command | RoCE Lens | tshark | tshark ÷ RoCE Lens (wall / CPU) |"
  echo "|---|---|---|---|---|"
fi
bth=(-T fields -e infiniband.bth.opcode -e infiniband.bth.destqp -e infiniband.bth.psn)
for size in $sizes; do
  f=$(capture "$size")
  name=$(basename "$f")
  row "analyze, $name" "$size" $rocelens analyze "$f" -- tshark -r "$f" "${bth[@]}"
  row "decode, every summary line, $name" "$size" $rocelens decode "$f" -- tshark -r "$f"
  row "decode -T fields, 3 BTH fields, $name" "$size" $rocelens decode "$f" "${bth[@]}" -- tshark -r "$f" "${bth[@]}"
  row "decode -Y on a QP, $name" "$size" $rocelens decode "$f" -Y 'infiniband.bth.destqp == 0x02024d' \
    -- tshark -r "$f" -Y 'infiniband.bth.destqp == 0x02024d'
  if [ "$size" = erspan ]; then
    row "decode -Y on an inner or outer address, $name" "$size" $rocelens decode "$f" -Y 'ip.src == 10.1.0.1' \
      -- tshark -r "$f" -Y 'ip.src == 10.1.0.1'
  fi
done

if [ "${CAPTURE:-0}" != 0 ]; then
  frames=${CAPTURE_FRAMES:-1200000} senders=${CAPTURE_SENDERS:-2} rates=${CAPTURE_RATES:-100000 max}
  loops=$(( (frames + 99999) / 100000 / senders )); [ "$loops" -ge 1 ] || loops=1
  for kind in flows bulk; do
    if [ "$kind" = flows ]; then
      f=$dir/flows100k.pcap size='78-byte'
      [ -f "$f" ] || $rocelens generate flows --packets 100000 -o "$f" >&2
    else
      f=$dir/bulk100k.pcap size='1 KB'
      [ -f "$f" ] || $rocelens generate bulk --packets 100000 --qps 100 -o "$f" >&2
    fi
    for buffer in ${CAPTURE_BUFFERS:-default 16}; do
      mib='' buffers='the defaults (rocelens 16 MiB, dumpcap 2 MiB)'
      [ "$buffer" != default ] && mib=$buffer buffers="both -B $buffer"
      echo
      echo "Live capture, $((loops * senders * 100000)) $size frames from $senders senders on a veth pair, buffers:" \
        "$buffers"
      echo "(\`${mib:+BUFFER_MIB=$mib }bench/capture-throughput.sh $(basename "$f") $loops $senders $rates\`):"
      echo
      echo "| rate asked | sent/s | rocelens captured (lost) | rocelens CPU | dumpcap captured (lost) | dumpcap CPU |"
      echo "|---|---|---|---|---|---|"
      # capture-throughput.sh prints a row per rate and tool: rate tool sent sent/s captured lost cpu
      # shellcheck disable=SC2086
      BUFFER_MIB=$mib bench/capture-throughput.sh "$f" "$loops" "$senders" $rates | awk '
        NR > 1 && $2 == "rocelens" { rate = $1; speed = $4; ours = $5 " (" $6 ")"; our_cpu = $7 " s" }
        NR > 1 && $2 == "dumpcap" { printf "| %s | %s | %s | %s | %s (%s) | %s s |\n", rate, speed, ours, our_cpu, $5, $6, $7 }'
    done
  done
fi
echo
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
