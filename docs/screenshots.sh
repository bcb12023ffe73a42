#!/usr/bin/env bash
# Takes the README's screenshots of the real window under a virtual X display, driven by xdotool as a user would
# (keyboard and mouse). Needs xvfb-run, xdotool, imagemagick and GTK 3 (Debian: xvfb xdotool imagemagick
# libgtk-3-0), and the jar: ./mvnw -B -ntp -q package -DskipTests. Run from the repository root:
#   xvfb-run -a -s '-screen 0 1600x1000x24' docs/screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
jar=app/target/rocelens.jar
config=$(mktemp -d)
trap 'rm -rf "$config"; [ -n "${app:-}" ] && kill "$app" 2>/dev/null || true' EXIT

# start: the sample capture, frame 63 (the NAK) selected once loaded
start() {
  java -Drocelens.config.dir="$config" -jar "$jar" "$@" > "$config/log" 2>&1 &
  app=$!
  for _ in $(seq 1 120); do
    grep -q "opened " "$config/log" 2>/dev/null && break
    sleep 0.5
  done
  window=$(xdotool search --sync --name "RoCE Lens" | head -1)
  xdotool windowmove "$window" 0 0 windowsize "$window" 1400 900
  sleep 6
}

shot() {
  sleep 5
  import -window "$window" "docs/$1.png"
  echo "docs/$1.png"
}

stop() {
  kill "$app"
  wait "$app" 2>/dev/null || true
}

type_filter() {
  xdotool key ctrl+slash
  sleep 1
  xdotool type --delay 60 "$1"
  sleep 2
  xdotool key Return
}

start -g 63 sample-captures/mixed.pcapng
# the details tree: first row, open the BTH, down to the PSN the NAK names
xdotool mousemove --window "$window" 200 565 click 1
sleep 1
xdotool key --delay 400 End Up Up Right
sleep 1
xdotool key --delay 200 Down Down Down Down Down Down Down Down Down Down Down
shot main-window

type_filter 'aeth.type == "nak" || aeth.type == "rnr_nak" || cnp'
shot filter-applied

type_filter 'bth.psn >'
shot filter-error
stop

printf 'theme=dark\n' > "$config/preferences.properties"
start -Y 'pfc || pause' sample-captures/mixed.pcapng
shot dark-theme
stop

# a list longer than the table holds at once: a page of it, and the scroll bar over the whole list, half way down
java -jar "$jar" generate bulk --packets 200000 --snaplen 128 -o "$config/long.pcap" > /dev/null
printf 'theme=light\n' > "$config/preferences.properties"
start -g 100000 "$config/long.pcap"
shot screenshots/long-list
stop
