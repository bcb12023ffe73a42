package io.rocelens.export;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.capture.RealCaptures;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.FrameClock;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.dissect.SummaryFields;
import io.rocelens.filter.WiresharkAliases;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code -T fields} values read from the summary are the values the detail dissection gives (which TsharkFieldsTest
 * holds to tshark's): for every field the summary holds, under its own name and Wireshark's, on every frame of every
 * sample and real capture where the summary answers; and the summary answers on most frames.
 */
class SummaryFieldValuesTest {

    static Stream<Path> captures() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> samples = Files.list(Path.of("../sample-captures"))) {
            samples.filter(f -> f.toString().matches(".*\\.pcap(ng)?$")).sorted().forEach(files::add);
        }
        if (RealCaptures.present()) {
            try (Stream<Path> real = Files.list(RealCaptures.directory())) {
                real.filter(f -> f.toString().matches(".*\\.pcap(ng)?$")).sorted().forEach(files::add);
            }
        }
        return files.stream();
    }

    /** Every -e name the summary can give: its fields, Wireshark's names for them, the frame's own values. */
    private static List<String> summaryNames() {
        TreeSet<String> names = new TreeSet<>(SummaryFields.names());
        WiresharkAliases.all().forEach(alias -> names.add(alias.wireshark()));
        names.addAll(List.of("frame.number", "frame.len", "frame.cap_len", "frame.time_epoch", "_ws.col.Protocol",
                "_ws.col.Info"));
        names.removeIf(name -> !TsharkFields.known(name) || SummaryFieldValues.of(List.of(name)) == null);
        return List.copyOf(names);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void everyFieldFromTheSummaryIsTheDetailsValue(Path capture) throws IOException {
        List<String> names = summaryNames();
        assertTrue(names.size() > 60, "fields the summary gives: " + names);
        List<SummaryFieldValues> each = names.stream().map(name -> SummaryFieldValues.of(List.of(name))).toList();
        TsharkFields.Layout layout = TsharkFields.Layout.defaults();
        Dissector dissector = new Dissector(DissectorOptions.defaults());
        FastDissector fast = new FastDissector(DissectorOptions.defaults());
        FrameClock clock = new FrameClock();
        PacketSummary summary = new PacketSummary();
        List<String> differences = new ArrayList<>();
        Map<String, Integer> unanswered = new TreeMap<>();
        int nested = 0;
        try (CaptureReader reader = CaptureReaders.open(capture)) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                fast.summarize(frame, summary);
                if (summary.encapsulationDepth > 1) {
                    nested++;
                }
                clock.stamp(summary);
                var detail = dissector.dissect(frame);
                for (int i = 0; i < names.size(); i++) {
                    String fromSummary = each.get(i).line(layout, summary);
                    if (fromSummary == null) {
                        unanswered.merge(names.get(i), 1, Integer::sum);
                        continue;
                    }
                    String fromDetail = layout.line(detail, List.of(names.get(i)));
                    if (!fromSummary.equals(fromDetail)) {
                        differences.add("frame " + summary.number + " " + names.get(i) + ": detail \"" + fromDetail
                                + "\", summary \"" + fromSummary + "\"");
                    }
                }
            }
        }
        assertTrue(differences.isEmpty(), differences.size() + " values differ, first ones:\n"
                + String.join("\n", differences.subList(0, Math.min(20, differences.size()))));
        assertNull(unanswered.get("frame.number"), "the frame's own values are always in the summary");
        assertNull(unanswered.get("_ws.col.Info"), "the frame's own values are always in the summary");
        for (String field : List.of("ip.src", "infiniband.bth.psn", "udp.dstport")) {
            assertTrue(unanswered.getOrDefault(field, 0) <= nested, field + " left to the detail on "
                    + unanswered.get(field) + " frames, " + nested + " of them in nested tunnels");
        }
    }

    @Test
    void aFieldTheSummaryDoesNotHoldIsLeftToTheDetail() {
        assertNotNull(SummaryFieldValues.of(List.of("infiniband.bth.destqp", "ip.src", "frame.number")));
        assertNull(SummaryFieldValues.of(List.of("infiniband.bth.destqp", "gre.key")));
    }
}
