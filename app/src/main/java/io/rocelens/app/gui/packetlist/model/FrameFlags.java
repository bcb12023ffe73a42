package io.rocelens.app.gui.packetlist.model;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.capture.Frame;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.LongPredicate;

/**
 * What the user set on frames of the open capture, as Wireshark keeps it per frame: marked (Edit › Mark/Unmark
 * Packet), ignored (left out of the dissection and the analysis), time references (the Time column counts from
 * them) and packet comments added, edited or deleted (frames read again carry them: {@link #withEdits}). Frames are numbered from 1. Set on the UI thread; read there and by the filter passes
 * ({@code frame.marked}, {@code frame.ignored}, {@code frame.ref_time}), hence synchronized.
 */
public final class FrameFlags implements AnalysisMarks.UserFlags {

    private final BitSet marked = new BitSet();
    private final BitSet ignored = new BitSet();
    private final BitSet references = new BitSet();
    /** Frames whose packet comments the user set (Edit › Packet Comments): frame → its comments, empty if deleted. */
    private final Map<Long, List<String>> comments = new HashMap<>();

    @Override
    public synchronized boolean marked(long frame) {
        return has(marked, frame);
    }

    @Override
    public synchronized boolean ignored(long frame) {
        return has(ignored, frame);
    }

    @Override
    public synchronized boolean timeReference(long frame) {
        return has(references, frame);
    }

    public synchronized void toggleMarked(long frame) {
        marked.flip(bit(frame));
    }

    public synchronized void toggleIgnored(long frame) {
        ignored.flip(bit(frame));
    }

    public synchronized void toggleTimeReference(long frame) {
        references.flip(bit(frame));
    }

    /** Marks (or unmarks) every frame of these 0-based rows. */
    public synchronized void setMarked(int[] rows, boolean on) {
        for (int row : rows) {
            marked.set(row, on);
        }
    }

    /** Ignores (or unignores) every frame of these 0-based rows. */
    public synchronized void setIgnored(int[] rows, boolean on) {
        for (int row : rows) {
            ignored.set(row, on);
        }
    }

    public synchronized void clearTimeReferences() {
        references.clear();
    }

    /**
     * The time reference the frame's time counts from: the frame itself or the nearest reference before it, in
     * frame order; -1 when there is none (the time counts from the first frame).
     */
    public synchronized long referenceOf(long frame) {
        if (frame < 1 || references.isEmpty()) {
            return -1;
        }
        int before = references.previousSetBit((int) Math.min(Integer.MAX_VALUE - 1L, frame - 1));
        return before < 0 ? -1 : before + 1L;
    }

    /** The ignored frames as they are now, for a pass on another thread that must not see later changes. */
    public synchronized LongPredicate ignoredNow() {
        if (ignored.isEmpty()) {
            return null;
        }
        BitSet copy = (BitSet) ignored.clone();
        return frame -> frame >= 1 && frame <= Integer.MAX_VALUE && copy.get((int) (frame - 1));
    }

    /** Forgets everything: another capture is shown. */
    public synchronized void clear() {
        marked.clear();
        ignored.clear();
        references.clear();
        comments.clear();
    }

    /** Sets the frame's packet comments (an empty list deletes them), replacing the file's. */
    public synchronized void setComments(long frame, List<String> edited) {
        bit(frame);
        comments.put(frame, List.copyOf(edited));
    }

    /** True when the user set the comments of some frame (the capture then differs from its file). */
    public synchronized boolean commentsEdited() {
        return !comments.isEmpty();
    }

    /**
     * The packet comments as the user sees them: the file's ({@code fromFile}, by frame) with the frames whose comments
     * the user set replaced, and those left without any dropped; in frame order.
     */
    public synchronized NavigableMap<Long, List<String>> commentsOver(Map<Long, List<String>> fromFile) {
        NavigableMap<Long, List<String>> seen = new TreeMap<>(fromFile);
        comments.forEach((frame, edited) -> {
            if (edited.isEmpty()) {
                seen.remove(frame);
            } else {
                seen.put(frame, edited);
            }
        });
        return seen;
    }

    /** The frame as the user sees it: with the comments set in the window, else the file's. */
    public synchronized Frame withEdits(Frame frame) {
        List<String> edited = comments.isEmpty() ? null : comments.get(frame.number());
        return edited == null ? frame : frame.withComments(edited);
    }

    private static boolean has(BitSet bits, long frame) {
        return frame >= 1 && frame <= Integer.MAX_VALUE && bits.get((int) (frame - 1));
    }

    private static int bit(long frame) {
        if (frame < 1 || frame > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("no frame " + frame);
        }
        return (int) (frame - 1);
    }
}
