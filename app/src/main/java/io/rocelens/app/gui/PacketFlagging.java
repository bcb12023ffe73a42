package io.rocelens.app.gui;

import io.rocelens.app.gui.packetlist.PacketListView;
import io.rocelens.app.gui.packetlist.model.FrameFlags;
import io.rocelens.app.gui.packetlist.model.PacketListModel;
import java.util.function.LongPredicate;

/**
 * Edit › Mark, Ignore and Time Reference, as in Wireshark: marks are a highlight to come back to (Next/Previous
 * Mark, {@code frame.marked}); an ignored frame stays in the list, greyed, and the capture is dissected again
 * without it, so the analysis and its views leave it out; a time reference restarts the Time column.
 */
final class PacketFlagging {

    private final PacketListModel packets;
    private final PacketListView list;
    /** Dissects the capture again (the ignored frames changed). */
    private final Runnable redissect;

    PacketFlagging(PacketListModel packets, PacketListView list, Runnable redissect) {
        this.packets = packets;
        this.list = list;
        this.redissect = redissect;
    }

    private FrameFlags flags() {
        return packets.flags();
    }

    /** Edit › Mark/Unmark Packet (Ctrl+M). */
    void toggleMark() {
        long frame = selectedFrame();
        if (frame > 0) {
            flags().toggleMarked(frame);
            list.flagsChanged();
        }
    }

    /** Edit › Mark All Displayed (Ctrl+Shift+M), or Unmark All Displayed (Ctrl+Alt+M). */
    void markDisplayed(boolean on) {
        flags().setMarked(packets.displayedRowsInFrameOrder(), on);
        list.flagsChanged();
    }

    /** Edit › Next Mark (Ctrl+Shift+N) or Previous Mark (Ctrl+Shift+B), going round the end of the list. */
    void goToMark(int direction) {
        goToNext(direction, flags()::marked);
    }

    /** Edit › Ignore/Unignore Packet (Ctrl+D). */
    void toggleIgnore() {
        long frame = selectedFrame();
        if (frame > 0) {
            flags().toggleIgnored(frame);
            list.flagsChanged();
            redissect.run();
        }
    }

    /** Edit › Ignore All Displayed (Ctrl+Shift+D), or Unignore All Displayed (Ctrl+Alt+D). */
    void ignoreDisplayed(boolean on) {
        flags().setIgnored(packets.displayedRowsInFrameOrder(), on);
        list.flagsChanged();
        redissect.run();
    }

    /** Edit › Set/Unset Time Reference (Ctrl+T). */
    void toggleTimeReference() {
        long frame = selectedFrame();
        if (frame > 0) {
            flags().toggleTimeReference(frame);
            list.flagsChanged();
        }
    }

    /** Edit › Unset All Time References (Ctrl+Alt+T). */
    void clearTimeReferences() {
        flags().clearTimeReferences();
        list.flagsChanged();
    }

    /** Edit › Next Time Reference (Ctrl+Alt+N) or Previous Time Reference (Ctrl+Alt+B). */
    void goToTimeReference(int direction) {
        goToNext(direction, flags()::timeReference);
    }

    private long selectedFrame() {
        int index = list.selectedIndex();
        return index < 0 || index >= packets.size() ? -1 : packets.rowAt(index) + 1L;
    }

    /** Selects the next displayed frame (in the list's order) that has the flag, after or before the selected one. */
    private void goToNext(int direction, LongPredicate flagged) {
        int size = packets.size();
        int from = list.selectedIndex();
        for (int step = 1; step <= size; step++) {
            int index = Math.floorMod((from < 0 ? (direction > 0 ? -1 : 0) : from) + step * direction, size);
            if (flagged.test(packets.rowAt(index) + 1L)) {
                list.select(index);
                return;
            }
        }
    }
}
