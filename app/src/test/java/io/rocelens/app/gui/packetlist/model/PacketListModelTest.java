package io.rocelens.app.gui.packetlist.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.app.gui.capture.model.OpenCaptureTest;
import io.rocelens.app.gui.common.model.Background;
import io.rocelens.app.gui.common.model.Samples;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FilterException;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The packet list's logic on the sample capture, with every background step run in place. Counts and frame numbers
 * are tshark's: {@code tshark -r mixed.pcapng -Y FILTER -T fields -e frame.number}.
 */
class PacketListModelTest {

    private PacketListModel list;
    private final List<String> events = new ArrayList<>();

    @BeforeEach
    void open() {
        OpenCaptureTest.Recorder recorder = new OpenCaptureTest.Recorder();
        OpenCaptureTest.session().open(Samples.MIXED, recorder);
        list = new PacketListModel(Background.inPlace((heading, words) -> events.add("told " + heading + ": " + words)));
        list.setListener(new PacketListModel.Listener() {
            @Override
            public void grown(int oldSize, int newSize) {
                events.add("grown " + oldSize + " " + newSize);
            }

            @Override
            public void replaced() {
                events.add("replaced");
            }

        });
        list.open(recorder.table, DissectorOptions.defaults());
        list.loaded(recorder.outcome.marks());
    }

    private static DisplayFilter filter(String text) throws FilterException {
        return DisplayFilter.compile(text);
    }

    private List<Long> frames() {
        List<Long> frames = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            frames.add(Long.parseLong(list.text(i, PacketColumn.NUMBER)));
        }
        return frames;
    }

    @Test
    void everyFrameIsShownInFrameOrder() {
        assertEquals(List.of("replaced", "grown 0 401", "replaced"), events);
        assertEquals(Samples.MIXED_FRAMES, list.size());
        assertEquals("1", list.text(0, PacketColumn.NUMBER));
        assertEquals("Who has 10.0.0.2? Tell 10.0.0.1", list.text(0, PacketColumn.INFO));
        assertEquals("10.0.0.1", list.text(1, PacketColumn.SOURCE));
        assertEquals("0x000022", list.text(1, PacketColumn.QP));
        assertEquals("256", list.text(1, PacketColumn.PSN));
        assertEquals("", list.text(0, PacketColumn.PSN));
    }

    @Test
    void aFilterOnIndexedFieldsAndOneThatReadsFramesAgain() throws FilterException {
        list.applyFilter(filter("bth.opcode == 0x81"), null, () -> { });
        assertEquals(List.of(92L, 101L), frames());
        list.applyFilter(filter("aeth.syndrome == 0x60"), null, () -> { });
        assertEquals(List.of(63L), frames());
        // reth is not in the index: every frame is read and dissected again (tshark: 140 frames)
        list.applyFilter(filter("reth"), null, () -> { });
        assertEquals(140, list.size());
        assertEquals(List.of(20L, 21L, 23L), frames().subList(0, 3));
        list.applyFilter(null, null, () -> { });
        assertEquals(Samples.MIXED_FRAMES, list.size());
    }

    @Test
    void sortingKeepsTheFilterAndGoToFindsAFrame() throws FilterException {
        list.sort(PacketColumn.LENGTH, true, null, () -> { });
        // tshark ... -e frame.number -e frame.len | sort -k2 -n -r -s | head -3
        assertEquals(List.of(114L, 214L, 239L), frames().subList(0, 3));
        list.applyFilter(filter("ip.ecn == 3"), null, () -> { });
        assertEquals(3, list.size());
        assertEquals(PacketColumn.LENGTH, list.sortColumn());
        assertEquals(-1, list.indexOfFrame(1));
        list.applyFilter(null, null, () -> { });
        assertEquals(list.indexOfFrame(114), 0);
        assertEquals(List.of(1L, 2L, 3L), sortedFrames(list.displayedRowsInFrameOrder()).subList(0, 3));
    }

    /**
     * Sorting by Info orders the rows by their Info text, ties in frame order (ascending) as a stable sort does; the
     * expectation is List.sort (stable) over the Info texts of the list in frame order.
     */
    @Test
    void sortingByInfoIsStableInBothDirections() {
        List<String> infos = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            infos.add(list.text(i, PacketColumn.INFO));
        }
        for (boolean down : new boolean[] {false, true}) {
            List<Long> expected = new ArrayList<>();
            for (long frame = 1; frame <= infos.size(); frame++) {
                expected.add(frame);
            }
            java.util.Comparator<Long> byInfo = java.util.Comparator.comparing(f -> infos.get((int) (f - 1)));
            expected.sort(down ? byInfo.reversed() : byInfo);
            list.sort(PacketColumn.INFO, down, null, () -> { });
            assertEquals(expected, frames(), down ? "descending" : "ascending");
        }
    }

    private static List<Long> sortedFrames(int[] rows) {
        List<Long> frames = new ArrayList<>();
        for (int row : rows) {
            frames.add(row + 1L);
        }
        return frames;
    }

    @Test
    void aFilterChosenBeforeTheFileOpensAppliesToItsRows() throws FilterException {
        OpenCaptureTest.Recorder recorder = new OpenCaptureTest.Recorder();
        OpenCaptureTest.session().open(Samples.MIXED, recorder);
        PacketListModel early = new PacketListModel(Background.inPlace((heading, words) -> { }));
        early.applyFilter(filter("bth.opcode == 0x81"), null, () -> { });
        early.open(recorder.table, DissectorOptions.defaults());
        early.loaded(null);
        assertEquals(2, early.size());
        assertEquals("92", early.text(0, PacketColumn.NUMBER));
        // go to frame: the rows appended while loading are found too, the others are not shown
        assertEquals(1, early.indexOfFrame(101));
        assertEquals(-1, early.indexOfFrame(100));
    }

    @Test
    void timeColumnFollowsTheChosenFormat() throws FilterException {
        list.setTimeFormat(TimeFormat.ABSOLUTE, ZoneOffset.UTC);
        // the sample captures start at 2026-01-01T00:00:00Z; frame 2 is 2.134 µs later (tshark -t ud)
        assertEquals("2026-01-01 00:00:00.000002134", list.text(1, PacketColumn.TIME));
        // tshark -Y "infiniband.bth.opcode == 0x81" -e frame.time_relative -e frame.time_delta_displayed
        list.applyFilter(filter("bth.opcode == 0x81"), null, () -> { });
        list.setTimeFormat(TimeFormat.SINCE_FIRST, ZoneOffset.UTC);
        assertEquals(List.of("0.001352951", "0.001422090"),
                List.of(list.text(0, PacketColumn.TIME), list.text(1, PacketColumn.TIME)));
        list.setTimeFormat(TimeFormat.DELTA_DISPLAYED, ZoneOffset.UTC);
        assertEquals(List.of("0.000000000", "0.000069139"),
                List.of(list.text(0, PacketColumn.TIME), list.text(1, PacketColumn.TIME)));
    }

    @Test
    void frameTimesFromTheIndexAndFromFramesReadAgain() throws FilterException {
        list.applyFilter(filter("frame.time_delta > 0.0001"), null, () -> { });
        assertEquals(List.of(71L, 106L, 146L), frames());
        // reth is not in the index, so these frames are read again; their times still count from the capture's
        list.applyFilter(filter("frame.time_delta > 0.00005 && !infiniband.reth"), null, () -> { });
        assertEquals(List.of(71L, 106L, 107L), frames());
        list.applyFilter(filter("frame.time_relative > 0.0019 && infiniband.reth"), null, () -> { });
        assertEquals(34, list.size());
        assertEquals(List.of(298L, 300L), frames().subList(0, 2));
        list.applyFilter(null, null, () -> { });
        int[] found = {-2};
        list.find(filter("frame.time_delta > 0.00005 && !infiniband.reth"), null, 80, place -> found[0] = place);
        assertEquals(105, found[0], "frame 106");
    }

    @Test
    void findLooksForwardAndWraps() throws FilterException {
        int[] found = {-2};
        list.find(filter("bth.opcode == 0x81"), null, 95, place -> found[0] = place);
        assertEquals(100, found[0], "frame 101 is the next CNP after frame 96");
        list.find(filter("bth.opcode == 0x81"), null, 200, place -> found[0] = place);
        assertEquals(91, found[0], "wraps to frame 92");
        list.find(null, "who has", 0, place -> found[0] = place);
        assertEquals(0, found[0], "the ARP request, found after going all the way round");
    }

    @Test
    void analysisFiltersUseTheMarksOfTheLoad() throws FilterException {
        // sample-captures/mixed.json, the generator's truth: retransmitted 6, psn_gaps 1
        list.applyFilter(filter("roce.analysis.retransmission"), null, () -> { });
        assertEquals(6, list.size());
        list.applyFilter(filter("roce.analysis.psn_gap"), null, () -> { });
        assertEquals(1, list.size());
    }

    @Test
    void colouringRulesPickTheFirstMatch() {
        assertEquals("ARP", list.look(0).colour().name());
        assertEquals("CNP", list.look(91).colour().name());
        assertEquals("NAK", list.look(62).colour().name());
        assertEquals("RNR NAK", list.look(69).colour().name());
        assertEquals("CE mark", list.look(90).colour().name());
        assertEquals("RoCE", list.look(1).colour().name());
        // mixed.json: icrc_bad_frames [145], malformed_frames [148]
        assertEquals("Bad ICRC", list.look(144).colour().name());
        assertEquals("Malformed", list.look(147).colour().name());
    }

    /**
     * A fault in a filter pass that is not an I/O error (here a reader that throws IllegalStateException at frame 50)
     * ends in one message to the user, and the list answers again: the pass is not left pending for ever.
     */
    @Test
    void aRuntimeExceptionInAFilterPassIsToldAndTheListAnswersAgain() throws FilterException {
        OpenCaptureTest.Recorder recorder = new OpenCaptureTest.Recorder();
        OpenCaptureTest.session().open(Samples.MIXED, recorder);
        PacketTable faulty = new FaultyTable(recorder.table, 49);
        list.open(faulty, DissectorOptions.defaults());
        list.loaded(recorder.outcome.marks());
        events.clear();
        boolean[] done = {false};
        // udp.length is not in the index: the pass reads every frame again, and the 50th throws
        list.applyFilter(filter("udp.length > 8"), null, () -> done[0] = true);
        assertTrue(done[0], "the pass ended");
        // the view is told to show the list's filter and order again (the header's sort arrow), then the user
        assertEquals(List.of("replaced", "told The packet list could not be updated: RoCE Lens ran into a fault of"
                + " its own (IllegalStateException: a bug in the reader). The details are in the log; what is shown may"
                + " be incomplete."), events);
        assertEquals(Samples.MIXED_FRAMES, list.size(), "the list shows what it showed before");
        assertNull(list.filter(), "and says it is filtered as it shows");
        // a sort by Info reads every frame again too: it fails as well, and the list keeps frame order
        list.sort(PacketColumn.INFO, false, null, () -> { });
        assertNull(list.sortColumn(), "the list says it is in the order it shows");
        events.clear();
        // and the next request is served: an indexed filter reads no frame
        list.applyFilter(filter("bth.opcode == 0x81"), null, () -> { });
        assertEquals(List.of(92L, 101L), frames());
        list.grew();
        assertEquals(List.of(92L, 101L), frames());
    }

    /**
     * A row's look (Info text and colour) is built in the background: the row shows the placeholder, the work waits
     * on the list's worker, and once it has run the look is there and the view is told to draw the rows again.
     */
    @Test
    void aRowsLookIsBuiltInTheBackgroundWithAPlaceholderMeanwhile() {
        OpenCaptureTest.Recorder recorder = new OpenCaptureTest.Recorder();
        OpenCaptureTest.session().open(Samples.MIXED, recorder);
        List<Runnable> queued = new ArrayList<>();
        PacketListModel later = new PacketListModel(Background.on(queued::add, Runnable::run, (heading, words) -> {
            throw new AssertionError(heading + ": " + words);
        }));
        List<String> told = new ArrayList<>();
        later.setListener(new PacketListModel.Listener() {
            @Override
            public void grown(int oldSize, int newSize) {
            }

            @Override
            public void replaced() {
            }

            @Override
            public void looksReady() {
                told.add("looks ready");
            }
        });
        later.open(recorder.table, DissectorOptions.defaults());
        later.loaded(recorder.outcome.marks());
        assertEquals(PacketListModel.PLACEHOLDER, later.look(91));
        assertEquals("…", later.text(0, PacketColumn.INFO));
        assertEquals(List.of(), told);
        while (!queued.isEmpty()) {
            queued.remove(0).run();
        }
        // one batch at a time: row 91's, then row 0's, asked while the first waited
        assertEquals(List.of("looks ready", "looks ready"), told);
        assertEquals("CNP", later.look(91).colour().name());
        // tshark -r mixed.pcapng -Y frame.number==1 -T fields -e _ws.col.Info
        assertEquals("Who has 10.0.0.2? Tell 10.0.0.1", later.text(0, PacketColumn.INFO));
        // new colouring rules: the looks are built again
        later.setColours(ColouringRules.defaults(), true);
        assertEquals(PacketListModel.PLACEHOLDER, later.look(91));
    }

    /** The sample's rows; reading frame {@code failAt} + 1 again is a bug (an unchecked exception). */
    private record FaultyTable(PacketTable table, int failAt) implements PacketTable {
        @Override
        public io.rocelens.capture.Frame frame(int row) throws java.io.IOException {
            if (row == failAt) {
                throw new IllegalStateException("a bug in the reader");
            }
            return table.frame(row);
        }

        @Override
        public int size() {
            return table.size();
        }

        @Override
        public long timestampNanos(int row) {
            return table.timestampNanos(row);
        }

        @Override
        public int originalLength(int row) {
            return table.originalLength(row);
        }

        @Override
        public String source(int row) {
            return table.source(row);
        }

        @Override
        public String destination(int row) {
            return table.destination(row);
        }

        @Override
        public String protocol(int row) {
            return table.protocol(row);
        }

        @Override
        public int priority(int row) {
            return table.priority(row);
        }

        @Override
        public int destQp(int row) {
            return table.destQp(row);
        }

        @Override
        public int psn(int row) {
            return table.psn(row);
        }

        @Override
        public void fill(int row, io.rocelens.dissect.PacketSummary summary) {
            table.fill(row, summary);
        }

        @Override
        public boolean indexes(String fieldName) {
            return table.indexes(fieldName);
        }

        @Override
        public int[] sort(int[] rows, PacketColumn column, boolean descending) {
            return table.sort(rows, column, descending);
        }

        @Override
        public int[] sortFirst(int count, PacketColumn column, boolean descending) {
            return table.sortFirst(count, column, descending);
        }
    }
}
