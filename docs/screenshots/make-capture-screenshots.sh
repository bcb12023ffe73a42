#!/bin/sh
# Renders Capture in the window into docs/screenshots, under Xvfb: the Options dialog and a live capture of
# incast.pcap's frames sent through a veth pair in a network namespace (needs root and iproute2). Run from the
# repository root.
set -e
./mvnw -B -ntp -q -pl app -am test-compile dependency:build-classpath -Dmdep.outputFile=/tmp/rocelens-app-cp.txt \
    -Dmdep.includeScope=test
xvfb-run -a -s '-screen 0 1600x1000x24' java -cp "app/target/test-classes:app/target/classes:$(cat /tmp/rocelens-app-cp.txt)" \
    io.rocelens.app.gui.CaptureScreenshots docs/screenshots sample-captures/incast.pcap
