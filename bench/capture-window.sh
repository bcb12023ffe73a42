#!/bin/sh
# Capture in the window under load, beside rocelens capture at the same rates (see CaptureWindowBench): as root,
# from the repository root, under Xvfb.
#   usage: bench/capture-window.sh FRAMES.pcap RATE...
set -e
./mvnw -B -ntp -q -pl app -am test-compile dependency:build-classpath -Dmdep.outputFile=/tmp/rocelens-app-cp.txt \
    -Dmdep.includeScope=test
frames=$(realpath "$1")
shift
xvfb-run -a -s '-screen 0 1600x1000x24' java -cp "app/target/test-classes:app/target/classes:$(cat /tmp/rocelens-app-cp.txt)" \
    io.rocelens.app.gui.CaptureWindowBench "$frames" "$@"
