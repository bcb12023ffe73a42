package io.rocelens.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.PacketSummary;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code ${field}} reads the field from the selected frame, as in Wireshark: {@code FIELD == ${FIELD}} with frame N
 * selected selects exactly the frames tshark selects for {@code FIELD == VALUE}, VALUE being what tshark shows in
 * frame N (the expected lists are tshark's, from filters/mixed.tsv).
 */
class FieldReferenceTest {

    private static final Path CAPTURE = Path.of("../sample-captures/mixed.pcapng");
    private static final Path EXPECTED = Path.of("src/test/resources/tshark/filters/mixed.tsv");

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        // tshark -r mixed.pcapng -Y frame.number==2 -T fields -e ip.src: 10.0.0.1
        "ip.src == ${ip.src}                             | 2  | ip.src == 10.0.0.1",
        // frame 57: infiniband.bth.destqp 0x000044
        "infiniband.bth.destqp == ${infiniband.bth.destqp} | 57 | infiniband.bth.destqp == 0x44",
        // ip.addr: either address of the selected frame's ip.dst (frame 2: 10.0.0.2)
        "ip.addr == ${ip.dst}                            | 2  | ip.addr == 10.0.0.2",
    })
    void readsTheSelectedFrame(String filter, long selected, String literal) throws Exception {
        List<Frame> frames = new ArrayList<>();
        List<PacketSummary> summaries = new ArrayList<>();
        FastDissector fast = new FastDissector(DissectorOptions.defaults());
        try (CaptureReader reader = CaptureReaders.open(CAPTURE)) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                PacketSummary summary = new PacketSummary();
                fast.summarize(frame, summary);
                frames.add(frame);
                summaries.add(summary);
            }
        }
        Dissector dissector = new Dissector(DissectorOptions.defaults());
        DisplayFilter compiled = DisplayFilter.compile(filter);
        assertTrue(compiled.refersToSelected());
        DisplayFilter bound = compiled.selecting(dissector.dissect(frames.get((int) selected - 1)));
        TreeSet<Long> actual = new TreeSet<>();
        TreeSet<Long> unbound = new TreeSet<>();
        for (int i = 0; i < frames.size(); i++) {
            Frame frame = frames.get(i);
            if (bound.matches(summaries.get(i), null, () -> dissector.dissect(frame))) {
                actual.add(frame.number());
            }
            if (compiled.matches(summaries.get(i), null, () -> dissector.dissect(frame))) {
                unbound.add(frame.number());
            }
        }
        assertEquals(tsharkFrames(literal), actual, filter + " with frame " + selected + " selected");
        // with no frame selected it matches nothing, as tshark (which has none) does
        assertTrue(unbound.isEmpty(), unbound.toString());
    }

    @ParameterizedTest
    @CsvSource({"ip.src == 10.0.0.1", "ip.src == ip.dst"})
    void aFilterWithoutReferencesSaysSo(String filter) throws FilterException {
        assertFalse(DisplayFilter.compile(filter).refersToSelected());
    }

    private static TreeSet<Long> tsharkFrames(String literal) throws IOException {
        for (String line : Files.readAllLines(EXPECTED, StandardCharsets.UTF_8)) {
            String[] columns = line.split("\t", -1);
            if (columns[0].equals(literal)) {
                return FrameRanges.frames(columns[1]);
            }
        }
        throw new AssertionError("no tshark expectation for " + literal + " in " + EXPECTED);
    }
}
