#!/usr/bin/env bash
# Opens a capture in the window and sorts its packet list as a user does, by clicks on column headers (xdotool),
# printing the window's own log line for each sort ("listed N of M packets, sorted by C in T s") and the resident
# memory after it. Needs xvfb-run, xdotool and the jar (./mvnw -B -ntp -q package -DskipTests); from the repository
# root:
#   usage: bench/sort-window.sh FILE [HEAP]        (HEAP: the JVM's -Xmx, 4g unless given)
# The header positions are those of the default column widths in a window at 0,0 on a 1600x1000 screen.
set -euo pipefail
. bench/window-open.sh

# sort_by NAME X: clicks the header at X and waits (up to 30 minutes) for the window to log the sort or a failure
sort_by() {
  local lines
  lines=$(grep -c "listed \|could not be updated" "$log" || true)
  xdotool mousemove "$2" 97 click 1
  for _ in $(seq 1 3600); do
    [ "$(grep -c "listed \|could not be updated" "$log" || true)" -gt "$lines" ] && break
    kill -0 "$app" 2>/dev/null || { echo "$1: the program ended: $(tail -1 "$log")"; exit 1; }
    sleep 0.5
  done
  local said
  said=$(grep -o "listed .*\|could not be updated.*" "$log" | tail -1)
  echo "$1: $(echo "$said" | cut -c1-160); resident $(ps -o rss= -p "$app") kB"
  if [[ $said == "could not"* ]]; then
    xdotool key Return     # closes the dialog that says why
    sleep 1
  fi
}
sort_by QP 766
sort_by Source 265
sort_by Time 130
sort_by "Time, descending" 130
sort_by Info 1137
