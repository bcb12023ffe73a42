#!/bin/sh
# The window as a user first meets it on a desktop: the program itself under the openbox window manager on a virtual
# 1600x1000 display, at the size it opens with (no resizing), in both themes, with packet 20 selected through
# Go to Packet; the whole screen is captured, window frame included. Needs xvfb, openbox, xdotool and imagemagick.
# Run from the repository root: writes docs/screenshots/window-under-openbox-light.png and -dark.png.
set -e
out=docs/screenshots
./mvnw -B -ntp -q package -DskipTests -pl app -am
work="$(mktemp -d)"
display=77
for theme in light dark; do
  # each theme on a display of its own, with a fresh preferences folder: the default window size, and the theme
  Xvfb ":$display" -screen 0 1600x1000x24 -nolisten tcp > "$work/xvfb-$theme.log" 2>&1 &
  xvfb=$!
  sleep 1
  export DISPLAY=":$display"
  openbox > "$work/openbox-$theme.log" 2>&1 &
  sleep 1
  mkdir -p "$work/$theme/rocelens"
  echo "theme=$theme" > "$work/$theme/rocelens/preferences.properties"
  XDG_CONFIG_HOME="$work/$theme" ./rocelens sample-captures/mixed.pcapng > "$work/$theme.log" 2>&1 &
  window="$(xdotool search --sync --name 'mixed.pcapng' | head -1)"
  # the first paint waits for the load and the JIT: give it time on a slow machine
  sleep 10
  xdotool windowactivate --sync "$window" key ctrl+g
  sleep 3
  xdotool type --delay 50 20
  xdotool key Return
  sleep 3
  import -window root "$out/window-under-openbox-$theme.png"
  # the display goes, and the program and openbox with it
  kill "$xvfb"
  wait "$xvfb" 2>/dev/null || true
  sleep 2
  display=$((display + 1))
done
rm -rf "$work"
