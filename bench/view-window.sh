#!/usr/bin/env bash
# Opens a capture in the window, then a Statistics view by clicks on its menu (xdotool, the window at 0,0 on a
# 1600x1000 screen), and prints how long the window's process stays busy after (until its CPU has been idle for two
# seconds) and the CPU it spent meanwhile, from /proc; a screenshot of the screen then goes to /tmp/view-window.png.
# Needs xvfb-run, xdotool, ImageMagick's import and the jar (./mvnw -B -ntp -q package -DskipTests); from the
# repository root:
#   usage: bench/view-window.sh FILE ITEM [HEAP]   (ITEM: the menu item's place below Capture File Properties:
#                                                   1 Protocol Hierarchy, 2 Conversations, 3 Endpoints, 4 I/O Graph;
#                                                   HEAP: the JVM's -Xmx, 4g unless given)
set -euo pipefail
if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s '-screen 0 1600x1000x24' "$0" "$@"
fi
item=$2
set -- "$1" "${3:-4g}"
. bench/window-open.sh
# the process's user + system time in clock ticks (1/100 s)
ticks() { awk '{print $14 + $15}' "/proc/$app/stat"; }
before=$(ticks)
start=$(date +%s.%N)
xdotool mousemove 370 14 click 1
sleep 0.5
xdotool mousemove 400 $((43 + 24 * item)) click 1
last=$(settled ticks)
end=$(date +%s.%N)
import -window root /tmp/view-window.png
awk -v s="$start" -v e="$end" -v c=$(( (last - before) * 10 )) \
  'BEGIN { printf "busy %.1f s (less the 2 s idle at the end), %.1f s of CPU\n", e - s - 2, c / 1000 }'
