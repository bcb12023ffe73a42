package io.rocelens.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.RoceAnalyzer;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.FrameClock;
import io.rocelens.dissect.PacketColumns;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FilterException;
import io.rocelens.filter.FrameRanges;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packet list's passes over the index, against tshark: every filter of {@code tshark/filters/NAME.tsv} (the
 * frames {@code tshark -r NAME -Y FILTER} selects) selects the same frames through {@link IndexPasses#select}, and a
 * filter on the fields the index holds reads frames again only where the summary needs the detail.
 */
class IndexPassesTest {

    private static final Path SAMPLES = Path.of("../sample-captures");
    private static final Path EXPECTED = Path.of("src/test/resources/tshark/filters");

    /** A sample capture's index and frames; counts the frames read again. */
    static final class Sample extends PacketIndexFrames {
        final List<Frame> frames = new ArrayList<>();
        final AnalysisMarks marks = new AnalysisMarks();
        int reads;

        Sample(String file) throws IOException {
            super(new PacketIndex(AnalysisOptions.defaults()));
            FastDissector fast = new FastDissector(DissectorOptions.defaults());
            FrameClock clock = new FrameClock();
            RoceAnalyzer analyzer = new RoceAnalyzer(AnalysisOptions.defaults(), marks);
            try (CaptureReader reader = CaptureReaders.open(SAMPLES.resolve(file))) {
                for (Frame frame = reader.next(); frame != null; frame = reader.next()) {
                    PacketSummary p = new PacketSummary();
                    fast.summarize(frame, p);
                    clock.stamp(p);
                    analyzer.accept(p);
                    index.append(p);
                    frames.add(frame);
                }
            }
            analyzer.result();
        }

        @Override
        public Frame frame(int row) {
            reads++;
            return frames.get(row);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mixed", "pfc-storm", "incast", "mixed-headers-only", "mixed-erspan3"})
    void selectsTheFramesTsharkSelects(String name) throws IOException, FilterException {
        DisplayFilter cnp = DisplayFilter.compile("infiniband.bth.opcode == 0x81 || infiniband.aeth.syndrome == 0x60");
        Sample sample = new Sample(Files.exists(SAMPLES.resolve(name + ".pcap")) ? name + ".pcap" : name + ".pcapng");
        List<String> wrong = new ArrayList<>();
        int indexOnly = 0;
        for (String line : Files.readAllLines(EXPECTED.resolve(name + ".tsv"), StandardCharsets.UTF_8)) {
            String[] columns = line.split("\t", -1);
            DisplayFilter filter = DisplayFilter.compile(columns[0]);
            sample.reads = 0;
            int[] rows = IndexPasses.select(sample, filter, sample.marks, DissectorOptions.defaults(), 0,
                    sample.size(), () -> true, share -> { });
            TreeSet<Long> actual = new TreeSet<>();
            for (int row : rows) {
                actual.add(row + 1L);
            }
            if (!actual.equals(FrameRanges.frames(columns[1]))) {
                wrong.add(columns[0] + ": " + actual);
            }
            if (filter.usesOnly(PacketIndex::indexes) && !name.contains("erspan")) {
                indexOnly++;
                // the summary leaves some frames to the detail dissection (stacked VLAN tags; in the ERSPAN sample
                // every mirrored frame, for its inner headers), but never every frame
                assertTrue(sample.reads < sample.size(), columns[0] + " runs on the index, reading "
                        + sample.reads + " frames again");
            }
        }
        assertEquals(List.of(), wrong, name);
        sample.reads = 0;
        IndexPasses.select(sample, cnp, null, DissectorOptions.defaults(), 0, sample.size(), () -> true, share -> { });
        assertEquals(0, sample.reads, "a filter on BTH and AETH fields reads no frame again");
        assertTrue(indexOnly > 10 || name.contains("erspan"), "filters that ran on the index alone: " + indexOnly);
    }

    /**
     * The analysis fields that depend on the frame's number alone (roce.analysis.*, roce.msg.*) run on the index with
     * the marks, reading no frame again, and pass the frames that the same filter passes on each frame's own summary.
     */
    @ParameterizedTest
    @ValueSource(strings = {"mixed.pcapng", "pfc-storm.pcap", "incast.pcap"})
    void analysisFiltersRunOnTheIndexAsOnTheFrames(String name) throws IOException, FilterException {
        Sample sample = new Sample(name);
        List<String> fields = DisplayFilter.indexedFields().stream()
                .filter(f -> f.startsWith("roce.analysis.") || f.startsWith("roce.msg.")).toList();
        assertTrue(fields.size() > 15, "analysis fields on the index: " + fields);
        FastDissector fast = new FastDissector(DissectorOptions.defaults());
        int passing = 0;
        for (String field : fields) {
            DisplayFilter filter = DisplayFilter.compile(field);
            List<Integer> expected = new ArrayList<>();
            FrameClock clock = new FrameClock();
            for (int row = 0; row < sample.size(); row++) {
                PacketSummary own = new PacketSummary();
                fast.summarize(sample.frames.get(row), own);
                clock.stamp(own);
                if (filter.matches(own, sample.marks, () -> null)) {
                    expected.add(row);
                }
            }
            sample.reads = 0;
            int[] rows = IndexPasses.select(sample, filter, sample.marks, DissectorOptions.defaults(), 0,
                    sample.size(), () -> true, share -> { });
            assertEquals(expected, IntStream.of(rows).boxed().toList(), field);
            assertEquals(0, sample.reads, field + " read frames again");
            passing += expected.size();
        }
        assertTrue(passing > 0, "frames passing some analysis filter");
    }

    @Test
    void aStalePassGivesUp() throws IOException, FilterException {
        Sample sample = new Sample("mixed.pcapng");
        DisplayFilter reth = DisplayFilter.compile("infiniband.reth");
        // a pass asks whether it is still wanted every few thousand rows: over 20,000 rows it asks
        int[] many = new int[20_000];
        assertNull(IndexPasses.orderByInfo(sample, many, many.length, false, DissectorOptions.defaults(), () -> false));
        assertEquals(-1, IndexPasses.find(sample, null, sample.size(), 0, reth, null, null,
                DissectorOptions.defaults(), () -> false));
    }

    /** tshark -r mixed.pcapng -Y "infiniband.bth.opcode == 0x81": frames 92 and 101; "arp": frame 1. */
    @Test
    void findLooksForwardFromAPlaceAndWraps() throws IOException, FilterException {
        Sample sample = new Sample("mixed.pcapng");
        DisplayFilter cnp = DisplayFilter.compile("infiniband.bth.opcode == 0x81");
        DissectorOptions options = DissectorOptions.defaults();
        int count = sample.size();
        assertEquals(100, IndexPasses.find(sample, null, count, 95, cnp, null, sample.marks, options, () -> true));
        assertEquals(91, IndexPasses.find(sample, null, count, 200, cnp, null, sample.marks, options, () -> true));
        // the ARP request's Info is "Who has 10.0.0.2? Tell 10.0.0.1" (tshark -e _ws.col.Info), found going round
        assertEquals(0, IndexPasses.find(sample, null, count, 0, null, "WHO HAS", null, options, () -> true));
        assertEquals(-1, IndexPasses.find(sample, null, count, 0, null, "no such text", null, options, () -> true));
        // over displayed rows (the CNPs only): the places are in that list
        int[] shown = {91, 100};
        assertEquals(1, IndexPasses.find(sample, shown, 2, 0, cnp, null, sample.marks, options, () -> true));
        // a filter on the index reads no frame
        sample.reads = 0;
        IndexPasses.find(sample, null, count, 0, cnp, null, sample.marks, options, () -> true);
        assertEquals(0, sample.reads);
    }

    /**
     * Sorting by Info orders by the Info text as String.compareTo does, ties in their given order (List.sort is
     * stable), in both directions; over the rows tshark selects for "infiniband" (sample's filters file) and over
     * every row; with the texts in memory and with runs of at most 200 chars (a few rows, so equal texts fall in
     * different runs) written to disk and merged, whose files are gone afterwards.
     */
    @Test
    void ordersByInfoStablyInBothDirections(@TempDir Path spill) throws IOException {
        Sample sample = new Sample("mixed.pcapng");
        FastDissector fast = new FastDissector(DissectorOptions.defaults());
        int[] given = new TreeSet<>(FrameRanges.frames("2-104,112-142,145-401")).stream()
                .mapToInt(f -> (int) (f - 1)).toArray();
        int[] every = IntStream.range(0, sample.size()).toArray();
        List<String> infos = new ArrayList<>();
        for (int row = 0; row < sample.size(); row++) {
            PacketSummary p = new PacketSummary();
            fast.summarize(sample.frames.get(row), p);
            infos.add(PacketColumns.info(p));
        }
        for (int[] rows : new int[][] {given, every}) {
            for (boolean down : new boolean[] {false, true}) {
                List<Integer> expected = new ArrayList<>();
                for (int row : rows) {
                    expected.add(row);
                }
                Comparator<Integer> byInfo = Comparator.comparing(infos::get);
                expected.sort(down ? byInfo.reversed() : byInfo);
                int[] want = expected.stream().mapToInt(Integer::intValue).toArray();
                String what = rows.length + " rows " + (down ? "descending" : "ascending");
                assertArrayEquals(want, IndexPasses.orderByInfo(sample, rows == every ? null : rows, rows.length,
                        down, DissectorOptions.defaults(), () -> true), what);
                InfoOrder inRuns = new InfoOrder(sample, rows, rows.length, down, DissectorOptions.defaults(),
                        () -> true, 200, spill);
                assertArrayEquals(want, inRuns.order(), what + ", in runs");
                assertTrue(inRuns.runsWritten() >= 50, what + ": " + inRuns.runsWritten() + " runs");
                try (Stream<Path> left = Files.list(spill)) {
                    assertEquals(List.of(), left.toList(), "the runs' files are gone");
                }
            }
        }
    }

    /**
     * A sort whose texts go to disk and is no longer wanted stops and leaves no file; a folder that cannot take the
     * runs ends it with the reason, not a stack trace.
     */
    @Test
    void aSortInRunsCleansUpAndSaysWhyItCannotWrite(@TempDir Path spill) throws IOException {
        Sample sample = new Sample("mixed.pcapng");
        int[] many = new int[20_000];
        InfoOrder stale = new InfoOrder(sample, many, many.length, false, DissectorOptions.defaults(), () -> false,
                2_000, spill);
        assertNull(stale.order());
        try (Stream<Path> left = Files.list(spill)) {
            assertEquals(List.of(), left.toList(), "the runs' files are gone");
        }
        Path missing = spill.resolve("no-such-folder");
        UncheckedIOException failed = assertThrows(UncheckedIOException.class, () -> new InfoOrder(sample, null,
                sample.size(), false, DissectorOptions.defaults(), () -> true, 2_000, missing).order());
        assertEquals("sorting by Info needs room for its texts in " + missing + ": no such file or directory",
                failed.getCause().getMessage());
    }

    /** Go to frame over the rows tshark selects for "infiniband.bth.opcode == 6" in mixed.pcapng. */
    @Test
    void rowPlacesFindAFrameInTheDisplayedRowsAsTheyGrow() {
        int[] displayed = FrameRanges.frames("23,27,114,149,152").stream().mapToInt(f -> (int) (f - 1)).toArray();
        RowPlaces places = new RowPlaces();
        assertEquals(2, places.placeOf(113, displayed, 3, 401));
        assertEquals(-1, places.placeOf(148, displayed, 3, 401), "frame 149 not yet appended");
        assertEquals(3, places.placeOf(148, displayed, 5, 401), "appended since");
        assertEquals(-1, places.placeOf(0, displayed, 5, 401));
        assertEquals(-1, places.placeOf(401, displayed, 5, 401));
        int[] reversed = {151, 148, 113, 26, 22};
        places.forget();
        assertEquals(0, places.placeOf(151, reversed, 5, 401));
        assertEquals(4, places.placeOf(22, reversed, 5, 401));
    }
}
