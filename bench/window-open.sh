#!/usr/bin/env bash
# Sourced by the window benches (bench/sort-window.sh, bench/keys-window.sh, bench/view-window.sh), whose arguments are
# FILE [HEAP]; run alone (from the repository root: bench/window-open.sh FILE [HEAP]) it times the window's opening
# of FILE and ends: runs the bench again under xvfb-run when there is no display, starts the window on FILE under the
# launcher's JVM options and -Xmx$HEAP (4g unless given), waits until it has loaded the whole file, prints the window's
# "opened …" line and the process's CPU and page faults by then, and puts the window at 0,0. Leaves $app (the JVM's
# pid), $log (its output) and the function settled (below); the window and its preferences folder go when the bench
# ends.
file=$(realpath "$1")
heap=${2:-4g}
if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s '-screen 0 1600x1000x24' "$0" "$@"
fi
eval "$(sed -n '/^options=(/,/)$/p' rocelens)"
config=$(mktemp -d)
log="$config/log"
java "${options[@]}" "-Xmx$heap" -Drocelens.config.dir="$config" -jar app/target/rocelens.jar "$file" > "$log" 2>&1 &
app=$!
trap 'kill "$app" 2>/dev/null || true; rm -rf "$config"' EXIT
until grep -q "opened " "$log"; do
  kill -0 "$app" 2>/dev/null || { cat "$log"; exit 1; }
  sleep 1
done
grep -o "opened .*" "$log"
read -r -a stat < "/proc/$app/stat"   # its comm, "java", has no space: fields 10, 14 and 15 are at 9, 13 and 14
awk -v u="${stat[13]}" -v s="${stat[14]}" -v f="${stat[9]}" \
  'BEGIN {printf "CPU by then: %.2f s user, %.2f s system; %d minor page faults\n", u / 100, s / 100, f}'
window=$(xdotool search --sync --name "RoCE Lens" | head -1)
xdotool windowmove "$window" 0 0
sleep 3

# settled TICKS: waits until the command TICKS (CPU time in clock ticks, 1/100 s) has grown by at most 2 ticks in each
# of four half seconds in a row (two idle seconds), and prints its last reading
settled() {
  local calm=0 last now
  last=$($1)
  while [ "$calm" -lt 4 ]; do
    sleep 0.5
    now=$($1)
    if [ $((now - last)) -le 2 ]; then calm=$((calm + 1)); else calm=0; fi
    last=$now
  done
  echo "$last"
}
