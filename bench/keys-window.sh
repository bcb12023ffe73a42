#!/usr/bin/env bash
# Opens a capture in the window and moves through its packet list with the keys a user presses (xdotool): Ctrl+End,
# 20 Page Up, 20 Up, Ctrl+Home, 20 Page Down, half a second apart, printing the CPU time the JavaFX thread spent on
# each group (from /proc: what the keys cost, whatever else the machine runs). Needs xvfb-run, xdotool and the jar
# (./mvnw -B -ntp -q package -DskipTests); from the repository root:
#   usage: bench/keys-window.sh FILE [HEAP]        (HEAP: the JVM's -Xmx, 4g unless given)
set -euo pipefail
. bench/window-open.sh
fx_thread=$(dirname "$(grep -l "JavaFX Applicat" /proc/$app/task/*/comm | head -1)")
# the thread's user + system time in clock ticks (1/100 s)
ticks() { awk '{print $14 + $15}' "$fx_thread/stat"; }

# keys NAME COUNT KEY: presses KEY COUNT times, then waits until the thread has been idle for two seconds
keys() {
  local before after
  before=$(ticks)
  for _ in $(seq 1 "$2"); do
    xdotool key "$3"
    sleep 0.5
  done
  after=$(settled ticks)
  echo "$1: $(( (after - before) * 10 )) ms of the JavaFX thread"
}
xdotool mousemove 700 300 click 1     # selects a row: the keys go to the packet list
sleep 2
keys "Ctrl+End" 1 ctrl+End
keys "20 Page Up near the end" 20 Prior
keys "20 Up near the end" 20 Up
keys "Ctrl+Home" 1 ctrl+Home
keys "20 Page Down near the start" 20 Next
