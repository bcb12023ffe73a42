package io.rocelens.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.FlowStats;
import io.rocelens.analysis.RoceAnalyzer;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.capture.RealCaptures;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.Field;
import io.rocelens.dissect.Layer;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.testing.Samples;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The priority and the endpoints of a RoCE frame are one rule: for every frame with a BTH in every sample and real
 * capture, the packet index (the list's columns), the analysis (the flow the frame is counted in, whose priority is
 * its first frame's) and the details
 * (the header fields a user reads) agree. The expected values are read off the details' fields by the rules of the
 * specs, not by the code under test: the innermost IP (or GRH) addresses, or the LRH's LIDs on native InfiniBand
 * without a GRH; the priority is the LRH's SL on native InfiniBand (8-15 kept as 7), else the outermost 802.1Q PCP,
 * else the innermost DSCP through the default map (DSCP &gt;&gt; 3, docs/roce-notes.md).
 */
class FrameRulesAgreeTest {

    static Stream<Path> captures() throws IOException {
        List<Path> all = new ArrayList<>();
        try (Stream<Path> samples = Files.list(Samples.DIRECTORY)) {
            samples.filter(FrameRulesAgreeTest::isCapture).sorted().forEach(all::add);
        }
        if (RealCaptures.present()) {
            try (Stream<Path> real = Files.list(RealCaptures.directory())) {
                real.filter(FrameRulesAgreeTest::isCapture).sorted().forEach(all::add);
            }
        }
        return all.stream();
    }

    private static boolean isCapture(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".pcap") || name.endsWith(".pcapng");
    }

    @ParameterizedTest
    @MethodSource("captures")
    void indexAnalysisAndDetailsGiveEachRoceFrameTheSamePriorityAndEndpoints(Path capture) throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults();
        PacketIndex index = new PacketIndex(options);
        RoceAnalyzer analyzer = new RoceAnalyzer(options);
        FastDissector fast = new FastDissector(DissectorOptions.defaults());
        Dissector details = new Dissector(DissectorOptions.defaults());
        List<Expected> expected = new ArrayList<>();
        PacketSummary summary = new PacketSummary();
        try (CaptureReader reader = CaptureReaders.open(capture)) {
            for (Frame frame = reader.next(); frame != null; frame = reader.next()) {
                fast.summarize(frame, summary);
                index.append(summary);
                analyzer.accept(summary);
                expected.add(summary.isRoce() ? Expected.of(details.dissect(frame)) : null);
            }
        }
        AnalysisResult analysis = analyzer.result();

        int roceFrames = 0;
        Set<FlowStats> firstOfFlow = new HashSet<>();
        for (int row = 0; row < expected.size(); row++) {
            Expected frame = expected.get(row);
            if (frame == null) {
                continue;
            }
            roceFrames++;
            String where = capture.getFileName() + " frame " + (row + 1);
            assertEquals(frame.source, index.source(row), where + ": the list's Source");
            assertEquals(frame.destination, index.destination(row), where + ": the list's Destination");
            assertEquals(frame.priority, index.priority(row), where + ": the list's Priority");
            int destQp = index.destQp(row);
            FlowStats flow = analysis.flows().stream().filter(f -> f.srcIp().equals(frame.source)
                    && f.dstIp().equals(frame.destination) && f.dstQp() == destQp).findFirst().orElse(null);
            assertTrue(flow != null, where + ": the analysis has no flow " + frame.source + " → "
                    + frame.destination + " QP " + destQp);
            // a flow is listed under the priority of its first frame (its CNPs may travel on another)
            if (firstOfFlow.add(flow)) {
                assertEquals(frame.priority, flow.priority(), where + ": the priority of the flow it starts");
            }
        }
        assertTrue(roceFrames > 0 || capture.getFileName().toString().startsWith("lldp"),
                capture + " has RoCE frames to compare");
    }

    /** What the details say of one frame. */
    private record Expected(String source, String destination, int priority) {

        static Expected of(Dissection frame) {
            Field lastSource = last(frame, "ip.src", "ipv6.src", "grh.sgid");
            Field lastDestination = last(frame, "ip.dst", "ipv6.dst", "grh.dgid");
            Field sl = last(frame, "lrh.sl");
            String source;
            String destination;
            if (sl != null && last(frame, "grh.sgid") == null) {
                source = "LID: " + last(frame, "lrh.slid").text();
                destination = "LID: " + last(frame, "lrh.dlid").text();
            } else {
                source = lastSource.text();
                destination = lastDestination.text();
            }
            int priority;
            Field pcp = first(frame, "vlan.pcp");
            Field dscp = last(frame, "ip.dscp", "ipv6.dscp");
            Field tclass = last(frame, "grh.tclass");
            if (sl != null) {
                priority = Math.min(Integer.parseInt(sl.text()), 7);
            } else if (pcp != null) {
                priority = number(pcp);
            } else if (dscp != null) {
                priority = number(dscp) >> 3;
            } else if (tclass != null) {
                priority = (number(tclass) >> 2) >> 3;
            } else {
                priority = -1;
            }
            return new Expected(source, destination, priority);
        }

        private static int number(Field field) {
            return ((Number) field.value()).intValue();
        }

        private static Field first(Dissection frame, String name) {
            for (Layer layer : frame.layers()) {
                for (Field field : layer.fields()) {
                    if (field.name().equals(name)) {
                        return field;
                    }
                }
            }
            return null;
        }

        private static Field last(Dissection frame, String... names) {
            Field found = null;
            for (Layer layer : frame.layers()) {
                for (Field field : layer.fields()) {
                    if (List.of(names).contains(field.name())) {
                        found = field;
                    }
                }
            }
            return found;
        }
    }
}
