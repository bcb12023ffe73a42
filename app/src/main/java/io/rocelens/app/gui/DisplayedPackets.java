package io.rocelens.app.gui;

import io.rocelens.analysis.FrameAnalysis;
import io.rocelens.app.gui.capture.model.OpenCapture;
import io.rocelens.app.gui.packetlist.PacketListView;
import io.rocelens.app.gui.packetlist.model.PacketListModel;
import java.util.function.Supplier;

/**
 * What the parts that write out the displayed packets (Export Packet Dissections, Print) work from: the window, the
 * open capture, the packet list's model and view, the status line and the capture's latest analysis.
 */
record DisplayedPackets(MainWindow window, OpenCapture session, PacketListModel packets, PacketListView list,
                        StatusLine status, Supplier<FrameAnalysis> analysis) {

    /** The packet table's rows of the displayed packets, in the list's order. */
    int[] rows() {
        int[] rows = new int[packets.size()];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = packets.rowAt(i);
        }
        return rows;
    }
}
