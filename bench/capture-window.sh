#!/usr/bin/env bash
# Capture in the window under load, beside rocelens capture at the same rates (see CaptureWindowBench): as root,
# from the repository root, under Xvfb.
#   usage: bench/capture-window.sh FRAMES.pcap RATE...
# The window's JVM runs with the options the rocelens launcher gives the window, read from the launcher so they stay
# the same; not its class-data archive (the JVM archives no classes from directories, and the archive shortens the
# start, not the capture). BENCH_JAVA_OPTS adds options (JFR: -XX:StartFlightRecording=settings=profile,filename=F).
set -euo pipefail
./mvnw -B -ntp -q -pl app -am test-compile dependency:build-classpath -Dmdep.outputFile=/tmp/rocelens-app-cp.txt \
    -Dmdep.includeScope=test
eval "$(sed -n '/^options=(/,/)$/p' rocelens)"
frames=$(realpath "$1")
shift
# shellcheck disable=SC2086
xvfb-run -a -s '-screen 0 1600x1000x24' java "${options[@]}" ${BENCH_JAVA_OPTS:-} \
    -cp "app/target/test-classes:app/target/classes:$(cat /tmp/rocelens-app-cp.txt)" \
    io.rocelens.app.gui.CaptureWindowBench "$frames" "$@"
