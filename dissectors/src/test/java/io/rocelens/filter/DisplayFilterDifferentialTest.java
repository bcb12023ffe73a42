package io.rocelens.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.RoceAnalyzer;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.capture.LinkType;
import io.rocelens.capture.RealCaptures;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.FrameClock;
import io.rocelens.dissect.PacketSummary;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * For every filter of src/test/resources/tshark/filters.txt, written with Wireshark's names, on every sample capture
 * and every real capture in ../shared/real-captures, RoCE Lens selects exactly the frames {@code tshark -Y} selects
 * (the lists are made by make-filter-expected.sh). Frames of link types RoCE Lens lists without dissecting are
 * left out on both sides (ERF records, native InfiniBand among them, are dissected and compared).
 */
class DisplayFilterDifferentialTest {

    private static final Path EXPECTED = Path.of("src/test/resources/tshark/filters");
    private static final Path SAMPLE_CAPTURES = Path.of("../sample-captures");
    /**
     * Frames of the ibdump capture whose RDMA WRITE payload tshark's heuristics take for an IDP or IPv4 packet (as in
     * TsharkAgreementTest): tshark then finds ip where there is none and stops before the ICRC. Left out on both sides.
     * The two-interface capture holds the same records after 5 Ethernet frames.
     */
    private static final java.util.Map<String, List<Long>> TSHARK_MISREADS_PAYLOAD = java.util.Map.of(
            "ibdump-native-ib-erf-rdma-write-only", List.of(2L, 8L, 10L, 11L, 15L),
            "two-interfaces-erf-and-ethernet", List.of(7L, 13L, 15L, 16L, 20L));
    private static final Path REGRESSION_CAPTURES = Path.of("src/test/resources/tshark/encap");
    private static final Path LLDP_CAPTURES = Path.of("src/test/resources/tshark/lldp");
    /** A reader test's capture: 5 Ethernet frames on interface 0, then the ibdump capture's ERF records on 1. */
    private static final Path TWO_INTERFACES = Path.of("src/test/resources/capture/two-interfaces-erf-and-ethernet.pcapng");

    static Stream<Path> expectations() throws IOException {
        try (Stream<Path> files = Files.list(EXPECTED)) {
            return files.filter(p -> p.toString().endsWith(".tsv")).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("expectations")
    void selectsTheFramesTsharkSelects(Path expectation) throws IOException, FilterException {
        String name = expectation.getFileName().toString().replace(".tsv", "");
        Path capture = find(name);
        List<PacketSummary> summaries = new ArrayList<>();
        List<Frame> frames = new ArrayList<>();
        TreeSet<Long> undissected = new TreeSet<>();
        FastDissector fast = new FastDissector(DissectorOptions.defaults());
        FrameClock clock = new FrameClock();
        try (CaptureReader reader = CaptureReaders.open(capture)) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                int link = frame.linkType();
                if (link != LinkType.ETHERNET && link != LinkType.LINUX_SLL && link != LinkType.LINUX_SLL2
                        && link != LinkType.ERF) {
                    undissected.add(frame.number());
                }
                PacketSummary summary = new PacketSummary();
                fast.summarize(frame, summary);
                clock.stamp(summary);
                summaries.add(summary);
                frames.add(frame);
            }
        }
        undissected.addAll(TSHARK_MISREADS_PAYLOAD.getOrDefault(name, List.of()));
        // the analysis pass, for the filters that need it (udp.stream)
        AnalysisMarks marks = new AnalysisMarks();
        RoceAnalyzer analyzer = new RoceAnalyzer(AnalysisOptions.defaults(), marks);
        summaries.forEach(analyzer::accept);
        analyzer.result();
        Dissector dissector = new Dissector(DissectorOptions.defaults());
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (String line : Files.readAllLines(expectation, StandardCharsets.UTF_8)) {
            String[] columns = line.split("\t", -1);
            DisplayFilter filter = DisplayFilter.compile(columns[0]);
            TreeSet<Long> expected = FrameRanges.frames(columns[1]);
            TreeSet<Long> actual = new TreeSet<>();
            for (int i = 0; i < frames.size(); i++) {
                Frame frame = frames.get(i);
                if (filter.matches(summaries.get(i), marks, () -> dissector.dissect(frame))) {
                    actual.add(frame.number());
                }
            }
            expected.removeAll(undissected);
            actual.removeAll(undissected);
            if (!expected.equals(actual)) {
                TreeSet<Long> missing = new TreeSet<>(expected);
                missing.removeAll(actual);
                TreeSet<Long> extra = new TreeSet<>(actual);
                extra.removeAll(expected);
                wrong.add(columns[0] + ": tshark only " + missing + ", RoCE Lens only " + extra);
            }
            checked++;
        }
        assertTrue(checked > 0);
        assertEquals(List.of(), wrong, name);
    }

    /**
     * The sample capture of that name, else a small committed regression capture (tshark/encap, tshark/lldp, or the reader tests'
     * two-interface one), else the real one
     * (the test is skipped without them, fails on CI).
     */
    private static Path find(String name) {
        if (TWO_INTERFACES.getFileName().toString().equals(name + ".pcapng")) {
            return TWO_INTERFACES;
        }
        for (Path folder : List.of(SAMPLE_CAPTURES, REGRESSION_CAPTURES, LLDP_CAPTURES)) {
            for (String extension : List.of(".pcap", ".pcapng")) {
                Path sample = folder.resolve(name + extension);
                if (Files.exists(sample)) {
                    return sample;
                }
            }
        }
        return RealCaptures.file(name + ".pcap");
    }
}
