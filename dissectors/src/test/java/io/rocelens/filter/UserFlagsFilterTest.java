package io.rocelens.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.dissect.PacketSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code frame.marked}, {@code frame.ignored} and {@code frame.ref_time} as tshark 4.0 has them ({@code tshark -G
 * fields}: FT_BOOLEAN, FT_BOOLEAN, FT_NONE). Its frame tree carries "[Frame is marked: False]" and "[Frame is
 * ignored: False]" on every frame ({@code tshark -V}), so {@code frame.marked == 0} passes each of mixed.pcapng's 401
 * frames and {@code frame.ref_time} none; in the GUI they follow what the user set.
 */
class UserFlagsFilterTest {

    private static final Set<Long> MARKED = Set.of(2L, 5L);
    private static final Set<Long> IGNORED = Set.of(3L);
    private static final Set<Long> REFERENCES = Set.of(4L);

    @Test
    void withoutTheWindowEveryFrameIsUnmarkedUnignoredAndNoReference() throws FilterException {
        // tshark -r mixed.pcapng -Y 'frame.marked == 0' | wc -l: 401; -Y frame.marked: 401; -Y frame.ref_time: 0
        AnalysisMarks none = new AnalysisMarks();
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L), matching("frame.marked == 0", none));
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L), matching("frame.marked", none));
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L), matching("frame.ignored == false", none));
        assertEquals(List.of(), matching("frame.ref_time", none));
        assertEquals(List.of(), matching("frame.marked == 1", none));
        assertTrue(DisplayFilter.compile("frame.marked == 1").needsMarks(), "read once the capture is loaded");
    }

    @Test
    void theWindowsFlagsAreWhatTheFieldsSay() throws FilterException {
        AnalysisMarks marks = new AnalysisMarks();
        marks.userFlags(new AnalysisMarks.UserFlags() {
            @Override
            public boolean marked(long frame) {
                return MARKED.contains(frame);
            }

            @Override
            public boolean ignored(long frame) {
                return IGNORED.contains(frame);
            }

            @Override
            public boolean timeReference(long frame) {
                return REFERENCES.contains(frame);
            }
        });
        assertEquals(List.of(2L, 5L), matching("frame.marked == 1", marks));
        assertEquals(List.of(1L, 3L, 4L), matching("frame.marked == 0", marks));
        assertEquals(List.of(3L), matching("frame.ignored == true", marks));
        assertEquals(List.of(4L), matching("frame.ref_time", marks));
        assertEquals(List.of(1L, 2L, 3L, 5L), matching("!frame.ref_time", marks));
    }

    private static List<Long> matching(String filter, AnalysisMarks marks) throws FilterException {
        DisplayFilter compiled = DisplayFilter.compile(filter);
        List<Long> found = new ArrayList<>();
        for (long number = 1; number <= 5; number++) {
            PacketSummary summary = new PacketSummary();
            summary.number = number;
            if (compiled.matches(summary, marks, () -> null)) {
                found.add(number);
            }
        }
        return found;
    }
}
