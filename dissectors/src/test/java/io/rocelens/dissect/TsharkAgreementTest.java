package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.capture.LinkType;
import io.rocelens.capture.RealCaptures;
import io.rocelens.filter.WiresharkAliases;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * RoCE Lens and tshark agree on every field both decode, frame by frame, in every real capture of ../shared and every
 * sample capture. The expected values are tshark's, made by src/test/resources/tshark/make-expected.sh; the suite
 * only reads them. RoCE Lens reports no malformed frame that tshark does not also find.
 */
class TsharkAgreementTest {

    private static final Path EXPECTED = Path.of("src/test/resources/tshark");
    private static final Path SAMPLE_CAPTURES = Path.of("../sample-captures");

    /**
     * Frames of the ibdump capture whose RDMA WRITE Only payload tshark's heuristics take for an IDP or IPv4 packet
     * (its Protocol column says so instead of InfiniBand); in 2, 8 and 10 that misreading ends in a malformed
     * packet before the ICRC and VCRC. The BTH and RETH before the payload are still compared.
     */
    private static final Map<String, List<Long>> TSHARK_MISREADS_PAYLOAD = Map.of(
            "ibdump-native-ib-erf-rdma-write-only", List.of(2L, 8L, 10L, 11L, 15L));

    /**
     * The RoCE Lens fields that carry a tshark field's value: the display filter's Wireshark alias table (tshark
     * reuses reth.va for AtomicETH), else the field spelled the same, else none. Comparing through the alias table
     * checks it too.
     */
    static List<String> ours(String tsharkField) {
        WiresharkAliases.Alias alias = WiresharkAliases.of(tsharkField);
        if (alias != null) {
            return alias.roceLens();
        }
        return Fields.byName(tsharkField) != null ? List.of(tsharkField) : null;
    }

    static Stream<Path> expectations() throws IOException {
        return files(EXPECTED, ".tsv");
    }

    /** The files of a folder (not below it) whose names end so, sorted: the cases of the tshark comparisons. */
    static Stream<Path> files(Path folder, String ending) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.toString().endsWith(ending)).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("expectations")
    void agreesWithTshark(Path expectation) throws IOException {
        Path capture = captureFor(expectation);
        List<String> lines = Files.readAllLines(expectation);
        String[] header = lines.get(0).split("\t", -1);
        Dissector dissector = new Dissector(DissectorOptions.defaults());
        List<String> disagreements = new ArrayList<>();
        List<Long> misread = new ArrayList<>();
        int frames = 0;
        try (CaptureReader reader = CaptureReaders.open(capture)) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                String[] row = lines.get(++frames).split("\t", -1);
                compare(frame, dissector.dissect(frame), header, row, disagreements);
                if (frame.linkType() == LinkType.ERF || frame.linkType() == LinkType.INFINIBAND) {
                    String protocol = row[List.of(header).indexOf("_ws.col.Protocol")];
                    if (!protocol.equals("InfiniBand")) {
                        misread.add(frame.number());
                    }
                }
            }
            assertEquals(null, reader.problem());
        }
        assertEquals(lines.size() - 1, frames, "frame count");
        assertEquals(TSHARK_MISREADS_PAYLOAD.getOrDefault(name(expectation), List.of()), misread,
                "frames tshark does not show as InfiniBand");
        assertTrue(disagreements.isEmpty(), disagreements.size() + " disagreements, first ones:\n"
                + String.join("\n", disagreements.subList(0, Math.min(20, disagreements.size()))));
    }

    private static void compare(Frame frame, Dissection ours, String[] header, String[] row, List<String> out) {
        boolean dissected = FrameWalker.dissects(frame.linkType());
        boolean tsharkMalformed = false;
        for (int column = 0; column < header.length; column++) {
            if (header[column].equals("_ws.malformed")) {
                tsharkMalformed = !row[column].isEmpty();
            }
        }
        if (ours.layer("malformed") != null && !tsharkMalformed) {
            out.add("frame " + ours.number() + ": malformed for RoCE Lens only: " + ours.field("malformed.reason").value());
        }
        if (!dissected) {
            return;   // e.g. ERF: RoCE Lens lists these frames without dissecting them
        }
        int opcode = ours.summary().opcode;
        // tshark 4.0 shows the BTH of these but none of what follows: it does not know CNP 0x81 nor the IBA 1.5 FLUSH
        // and ATOMIC WRITE, and it names the XRC opcodes without decoding their XRCETH
        boolean tsharkStopsAfterBth = opcode == IbOpcodes.CNP || opcode == 0x1c || opcode == 0x1d
                || (opcode >= 0xa0 && opcode <= 0xbf);
        for (int column = 0; column < header.length; column++) {
            List<String> names = ours(header[column]);
            if (names == null) {
                continue;
            }
            Field field = null;
            for (String name : names) {
                field = field != null ? field : ours.field(name);
            }
            String theirs = row[column];
            boolean nativeIb = frame.linkType() == LinkType.ERF || frame.linkType() == LinkType.INFINIBAND;
            if (nativeIb && header[column].matches("(ip|ipv6|udp|tcp)\\..*")) {
                continue;   // a native InfiniBand packet has no IP: what tshark shows there is a payload misread
            }
            if (theirs.isEmpty()) {
                // where a tshark sub-dissector failed (the RPCoRDMA heuristic on short SENDs) it stopped before the ICRC
                boolean tsharkStoppedEarly = tsharkMalformed
                        || (tsharkStopsAfterBth && !header[column].startsWith("infiniband.bth"));
                if (field != null && !tsharkStoppedEarly) {
                    out.add("frame " + ours.number() + ": " + field.name() + "=" + field.value() + " but tshark has no "
                            + header[column]);
                }
                continue;
            }
            if (field == null) {
                out.add("frame " + ours.number() + ": tshark " + header[column] + "=" + theirs + " but RoCE Lens has no "
                        + names.get(0));
            } else if (!sameValue(header[column], theirs, field)) {
                out.add("frame " + ours.number() + ": " + field.name() + "=" + field.value() + " but tshark "
                        + header[column] + "=" + theirs);
            }
        }
    }

    static boolean sameValue(String tsharkField, String theirs, Field field) {
        if (field.value() instanceof String text) {
            return text.equalsIgnoreCase(theirs);
        }
        if (field.def().type() == FieldType.SECONDS) {
            // Wireshark's FT_DOUBLE seconds (stp.hello); RoCE Lens holds nanoseconds
            return new java.math.BigDecimal(theirs).movePointRight(9).compareTo(
                    java.math.BigDecimal.valueOf((Long) field.value())) == 0;
        }
        BigInteger ours = new BigInteger(Long.toUnsignedString((Long) field.value()));
        BigInteger expected;
        if (theirs.equals("True") || theirs.equals("False")) {
            expected = theirs.equals("True") ? BigInteger.ONE : BigInteger.ZERO;
        } else if (theirs.startsWith("0x")) {
            expected = new BigInteger(theirs.substring(2), 16);
        } else if (theirs.matches("([0-9a-f]{2}:)+[0-9a-f]{2}") || tsharkField.equals("infiniband.immdt")
                || tsharkField.equals("infiniband.ieth")) {
            expected = new BigInteger(theirs.replace(":", ""), 16);     // FT_BYTES fields print as hex bytes
        } else {
            expected = new BigInteger(theirs);
        }
        return ours.equals(expected);
    }

    static String name(Path expectation) {
        return expectation.getFileName().toString().replaceFirst("\\.tsv$", "");
    }

    /** The sample capture of that name, else the real one (skipped without the real captures, failed on CI). */
    static Path captureFor(Path expectation) {
        String name = name(expectation);
        for (Path candidate : List.of(SAMPLE_CAPTURES.resolve(name + ".pcap"), SAMPLE_CAPTURES.resolve(name + ".pcapng"))) {
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        return RealCaptures.file(name + ".pcap");
    }
}
