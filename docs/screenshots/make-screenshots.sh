#!/bin/sh
# Renders the RoCE views on the sample captures into docs/screenshots, under Xvfb with the openbox window manager
# (each window's scene as PNG, at the size the window manager gives it, as a user sees it). Needs xvfb and openbox.
# Run from the repository root.
set -e
./mvnw -B -ntp -q -pl app -am test-compile dependency:build-classpath -Dmdep.outputFile=/tmp/rocelens-app-cp.txt \
    -Dmdep.includeScope=test
# runs a command on a fresh virtual display managed by openbox (started first, gone with the display)
under_openbox() {
  xvfb-run -a -s '-screen 0 1600x1000x24' sh -c 'openbox > /dev/null 2>&1 & sleep 1; "$@"' sh "$@"
}
under_openbox java -cp "app/target/test-classes:app/target/classes:$(cat /tmp/rocelens-app-cp.txt)" \
    io.rocelens.app.gui.ViewScreenshots docs/screenshots \
    sample-captures/mixed.pcapng sample-captures/incast.pcap sample-captures/pfc-storm.pcap \
    dissectors/src/test/resources/analysis/violations.pcap
# Wireshark's Statistics views in the dark theme too (the light ones come with the run above)
mkdir -p /tmp/rocelens-dark-shots
under_openbox java -Drocelens.screenshots.theme=dark \
    -cp "app/target/test-classes:app/target/classes:$(cat /tmp/rocelens-app-cp.txt)" \
    io.rocelens.app.gui.ViewScreenshots /tmp/rocelens-dark-shots sample-captures/mixed.pcapng
for view in protocol-hierarchy conversations endpoints io-graph; do
  cp "/tmp/rocelens-dark-shots/mixed-$view-dark.png" docs/screenshots/
done
# the details tree of a retransmission (frame 6: the WRITE sent again after the RNR NAK in frame 5), its analysis open
under_openbox java -cp "app/target/test-classes:app/target/classes:$(cat /tmp/rocelens-app-cp.txt)" \
    io.rocelens.app.gui.DetailsScreenshot docs/screenshots dissectors/src/test/resources/analysis/violations.pcap 6 \
    violations-details-analysis
# the Packet Journey view on a generated 3-point path, opened correlated
under_openbox java -cp "app/target/test-classes:app/target/classes:$(cat /tmp/rocelens-app-cp.txt)" \
    io.rocelens.app.gui.JourneyScreenshot docs/screenshots
# the Congestion view on the generator's dcqcn scenario (a sender throttled by two CNPs), as congestion.png
java -cp "app/target/classes:$(cat /tmp/rocelens-app-cp.txt)" io.rocelens.app.Main generate dcqcn -o /tmp/rocelens-dcqcn.pcap
mkdir -p /tmp/rocelens-dcqcn-shots
under_openbox java -cp "app/target/test-classes:app/target/classes:$(cat /tmp/rocelens-app-cp.txt)" \
    io.rocelens.app.gui.ViewScreenshots /tmp/rocelens-dcqcn-shots /tmp/rocelens-dcqcn.pcap
cp /tmp/rocelens-dcqcn-shots/rocelens-dcqcn-congestion.png docs/screenshots/congestion.png
# the PFC view beside QCN on the generator's qcn scenario (two congestion points sending CNMs, their ports pausing
# with PFC), as qcn-pfc.png
java -cp "app/target/classes:$(cat /tmp/rocelens-app-cp.txt)" io.rocelens.app.Main generate qcn -o /tmp/rocelens-qcn.pcap --seed 5
mkdir -p /tmp/rocelens-qcn-shots
under_openbox java -cp "app/target/test-classes:app/target/classes:$(cat /tmp/rocelens-app-cp.txt)" \
    io.rocelens.app.gui.ViewScreenshots /tmp/rocelens-qcn-shots /tmp/rocelens-qcn.pcap
cp /tmp/rocelens-qcn-shots/rocelens-qcn-pfc.png docs/screenshots/qcn-pfc.png
