package io.rocelens.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The per-frame marks and message positions read back what was set, on both sides of every storage boundary. */
class AnalysisMarksStorageTest {

    private static final long[] FRAMES = {1, 16_383, 16_384, 16_385, 32_768, 1_000_003, 100_000_000,
        Integer.MAX_VALUE - 8};

    @Test
    void marksReadBackOnlyWhereSet() {
        AnalysisMarks marks = new AnalysisMarks();
        for (long frame : FRAMES) {
            marks.mark(frame, AnalysisMarks.PSN_GAP);
            marks.mark(frame, AnalysisMarks.ECN_CE);
        }
        for (long frame : FRAMES) {
            assertEquals(AnalysisMarks.PSN_GAP | AnalysisMarks.ECN_CE, marks.marks(frame), "frame " + frame);
            for (long beside : new long[] {frame - 1, frame + 1}) {
                if (java.util.Arrays.stream(FRAMES).noneMatch(f -> f == beside)) {
                    assertEquals(0, marks.marks(beside), "frame " + beside + ", beside a marked one");
                }
            }
        }
        assertEquals(0, marks.marks(50_000_000), "a frame in a range no mark fell in");
        assertEquals(0, marks.marks(-1));
        assertEquals(0, marks.marks(Long.MAX_VALUE));
        assertEquals(FRAMES.length, marks.count(AnalysisMarks.PSN_GAP));
        marks.mark(Integer.MAX_VALUE, AnalysisMarks.NAK);
        assertEquals(0, marks.count(AnalysisMarks.NAK), "beyond the last frame an int can index: not kept");
    }

    @Test
    void messagesReadBackTheirNumberPositionAndSize() {
        AnalysisMarks marks = new AnalysisMarks();
        int first = marks.startMessage(16_383, 1, AnalysisMarks.FIRST, 100);
        marks.messagePacket(first, 16_384, AnalysisMarks.MIDDLE, 200, false);
        marks.messagePacket(first, 1_000_000, AnalysisMarks.LAST, 300, true);
        marks.startMessage(100_000_000, 2, AnalysisMarks.ONLY, 64);

        assertEquals(1, marks.messageNumber(16_383));
        assertEquals(AnalysisMarks.FIRST, marks.messagePosition(16_383));
        assertEquals(AnalysisMarks.MIDDLE, marks.messagePosition(16_384));
        assertEquals(AnalysisMarks.LAST, marks.messagePosition(1_000_000));
        assertEquals(600, marks.messageSize(16_384));
        assertEquals(2, marks.messageNumber(100_000_000));
        assertEquals(AnalysisMarks.ONLY, marks.messagePosition(100_000_000));
        assertEquals(64, marks.messageSize(100_000_000));
        for (long none : new long[] {16_382, 16_385, 999_999, 50_000_000, 100_000_001, -1}) {
            assertEquals(AnalysisMarks.NONE, marks.messageNumber(none), "frame " + none);
            assertEquals(AnalysisMarks.NONE, marks.messagePosition(none), "frame " + none);
            assertEquals(AnalysisMarks.NONE, marks.messageSize(none), "frame " + none);
        }
    }
}
