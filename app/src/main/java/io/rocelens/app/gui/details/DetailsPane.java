package io.rocelens.app.gui.details;

import io.rocelens.analysis.FrameAnalysis;
import io.rocelens.app.gui.common.model.Background;
import io.rocelens.app.gui.common.model.LatestWins;
import io.rocelens.app.gui.details.model.FrameDetails;
import io.rocelens.app.gui.packetlist.model.PacketTable;
import io.rocelens.capture.CaptureOpenException;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.DissectorOptions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * The selected packet's details tree and bytes pane, linked (a field lights its bytes, a byte selects its field). The
 * frame is read again and dissected in the background; the latest selection wins.
 */
public final class DetailsPane {

    private final DetailsView details;
    private final HexView bytes;
    private final LatestWins reads;
    private final Supplier<FrameAnalysis> analysis;

    /**
     * @param applyFilter   "Apply as Filter" on a field
     * @param prepareFilter "Prepare as Filter" on a field
     * @param analysis      what the capture's analysis knows per frame now (read off the UI thread; null for nothing)
     * @param goTo          selects a frame (1-based) in the packet list: a details line naming a frame, activated
     */
    public DetailsPane(Background background, Consumer<String> applyFilter, Consumer<String> prepareFilter,
                       Supplier<FrameAnalysis> analysis, LongConsumer goTo) {
        reads = background.line("rocelens-detail");
        this.analysis = analysis;
        details = new DetailsView(applyFilter, prepareFilter, goTo);
        bytes = new HexView(details::selectByte);
        details.control().getSelectionModel().selectedItemProperty().addListener((seen, old, item) -> {
            if (item != null && item.getValue() != null) {
                bytes.highlight(item.getValue().offset(), item.getValue().length());
            } else {
                bytes.highlight(0, 0);
            }
        });
    }

    public DetailsView tree() {
        return details;
    }

    public HexView bytes() {
        return bytes;
    }

    /** The field selected in the tree, or null. */
    public FrameDetails.Node selected() {
        return details.selected();
    }

    /** The packet shown, or null. */
    public FrameDetails shown() {
        return details.details();
    }

    /** Reads the row's frame again and shows it, off the UI thread. */
    public void show(PacketTable table, int row, DissectorOptions options) {
        show(table, row, options, false);
    }

    /**
     * As {@link #show(PacketTable, int, DissectorOptions)}; a frame the user ignores ({@code ignored}) shows only its
     * Frame tree and "This frame is marked as ignored", as Wireshark dissects no further.
     */
    public void show(PacketTable table, int row, DissectorOptions options, boolean ignored) {
        reads.submit("The packet's details could not be shown", request -> {
            Frame frame;
            try {
                frame = table.frame(row);
            } catch (IOException unreadable) {
                throw new IOException("cannot read frame " + (row + 1) + " again: "
                        + CaptureOpenException.reason(unreadable), unreadable);
            }
            ByteBuffer data = frame.data().duplicate();
            byte[] frameBytes = new byte[data.remaining()];
            data.get(frameBytes);
            Dissection dissection = new Dissector(options).dissect(frame);
            table.times(row, dissection.summary());
            if (ignored) {
                return FrameDetails.ignored(dissection, frameBytes);
            }
            FrameAnalysis known = analysis.get();
            return new FrameDetails(dissection, frameBytes,
                    known == null ? List.of() : known.lines(dissection.number()));
        }, frame -> {
            details.show(frame);
            bytes.show(frame.bytes());
        });
    }

    /** No packet: both panes empty, and a read under way is dropped. */
    public void clear() {
        reads.cancel();
        details.show(null);
        bytes.show(null);
    }
}
