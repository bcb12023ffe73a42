package io.rocelens.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.FrameClock;
import io.rocelens.dissect.PacketColumns;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FilterException;
import io.rocelens.testing.Samples;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.ToLongFunction;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The index against the fast dissector's summaries of the same frames (the dissector is checked against tshark
 * elsewhere), over 30 rounds of the sample captures: 69,180 frames, so several chunks of rows.
 */
class PacketIndexTest {

    @TempDir
    static Path temp;
    /** A copy of each frame's summary, as the dissector made it. */
    static final List<PacketSummary> summaries = new ArrayList<>();
    static final List<Frame> frames = new ArrayList<>();
    static PacketIndex index;

    @BeforeAll
    static void indexTheSamples() throws IOException {
        Path file = Samples.repeated(temp.resolve("samples.pcap"), 30);
        index = new PacketIndex(AnalysisOptions.defaults());
        FastDissector dissector = new FastDissector(DissectorOptions.defaults());
        FrameClock clock = new FrameClock();
        try (CaptureReader reader = CaptureReaders.open(file)) {
            for (Frame frame = reader.next(); frame != null; frame = reader.next()) {
                PacketSummary p = new PacketSummary();
                dissector.summarize(frame, p);
                clock.stamp(p);
                summaries.add(p);
                frames.add(frame);
                index.append(p);
            }
        }
        assertEquals(30 * Samples.FRAMES_PER_ROUND, index.size());
    }

    @Test
    void everyRowHoldsItsFramesColumns() {
        for (int row = 0; row < index.size(); row++) {
            PacketSummary p = summaries.get(row);
            String which = "row " + row;
            assertEquals(p.number, index.number(row), which);
            assertEquals(p.fileOffset, index.fileOffset(row), which);
            assertEquals(p.timestampNanos, index.timestampNanos(row), which);
            assertEquals(p.originalLength, index.originalLength(row), which);
            assertEquals(p.capturedLength, index.capturedLength(row), which);
            assertEquals(p.kinds, index.kinds(row), which);
            assertEquals(p.destQp, index.destQp(row), which);
            assertEquals(p.psn, index.psn(row), which);
            assertEquals(p.opcode, index.opcode(row), which);
            assertEquals(PacketColumns.source(p), index.source(row), which);
            assertEquals(PacketColumns.destination(p), index.destination(row), which);
            assertEquals(PacketColumns.protocol(p), index.protocol(row), which);
            assertEquals(expectedPriority(p), index.priority(row), which);
        }
    }

    /** PCP of the outer tag, else DSCP >> 3 (the default map), as docs/analysis.md defines a packet's priority. */
    private static int expectedPriority(PacketSummary p) {
        return p.vlanPcp >= 0 ? p.vlanPcp : p.dscp >= 0 ? p.dscp >> 3 : -1;
    }

    /** fill() gives back every field the index claims, and the address columns made from it are the same. */
    @Test
    void fillRestoresTheIndexedFields() {
        PacketSummary into = new PacketSummary();
        boolean sawIp = false;
        boolean sawMacOnly = false;
        for (int row = 0; row < index.size(); row++) {
            PacketSummary p = summaries.get(row);
            index.fill(row, into);
            String which = "row " + row;
            assertEquals(p.number, into.number, which);
            assertEquals(p.fileOffset, into.fileOffset, which);
            assertEquals(p.interfaceId, into.interfaceId, which);
            assertEquals(p.timestampNanos, into.timestampNanos, which);
            assertEquals(p.originalLength, into.originalLength, which);
            assertEquals(p.capturedLength, into.capturedLength, which);
            assertEquals(p.kinds, into.kinds, which);
            assertEquals(p.etherType, into.etherType, which);
            assertEquals(p.vlanPcp, into.vlanPcp, which);
            assertEquals(p.dscp, into.dscp, which);
            assertEquals(p.ecn, into.ecn, which);
            assertEquals(p.opcode, into.opcode, which);
            assertEquals(p.destQp, into.destQp, which);
            assertEquals(p.psn, into.psn, which);
            assertEquals(p.aethSyndrome, into.aethSyndrome, which);
            assertEquals(p.icrcStatus, into.icrcStatus, which);
            if (p.is(PacketSummary.IPV4 | PacketSummary.IPV6 | PacketSummary.ROCEV1)) {
                sawIp = true;
                assertArrayEquals(new long[] {p.ipSrcHi, p.ipSrcLo, p.ipDstHi, p.ipDstLo},
                        new long[] {into.ipSrcHi, into.ipSrcLo, into.ipDstHi, into.ipDstLo}, which);
            } else {
                sawMacOnly |= p.ethSrc >= 0;
                assertEquals(p.ethSrc, into.ethSrc, which);
                assertEquals(p.ethDst, into.ethDst, which);
            }
            assertEquals(PacketColumns.source(p), PacketColumns.source(into), which);
            assertEquals(PacketColumns.destination(p), PacketColumns.destination(into), which);
        }
        assertTrue(sawIp && sawMacOnly);
    }

    @Test
    void indexesNamesTheFieldsFillRestores() {
        assertTrue(PacketIndex.indexes("bth.psn"));
        assertTrue(PacketIndex.indexes("ip.src"));
        assertTrue(PacketIndex.indexes("icrc.status"));
        assertFalse(PacketIndex.indexes("reth.va"));
        assertTrue(PacketIndex.indexes("eth.src"));
        assertTrue(PacketIndex.indexes("udp.srcport"));
        assertFalse(PacketIndex.indexes("tcp.flags"));
        assertFalse(PacketIndex.indexes("udp.length"));
    }

    /**
     * The names the index answers are declared on their getters and protocols now, not in a list in PacketIndex: they
     * are the ones that list held (PacketIndex.INDEXED before it went), and the analysis marks and user flags, which
     * are kept by frame number (the number the index restores); and since the index keeps each frame's addresses and
     * ports, the Ethernet addresses and the UDP ports.
     */
    @Test
    void theIndexedNamesAreTheOnesTheIndexListed() {
        assertEquals(new java.util.TreeSet<>(List.of("frame", "frame.number", "frame.len", "frame.caplen",
                "frame.time", "frame.time_epoch", "frame.time_relative", "frame.time_delta",
                "eth", "vlan", "sll", "ip", "ipv6", "udp", "tcp", "arp", "roce", "grh", "bth", "rdeth", "atomic", "aeth",
                "atomicack", "ieth", "cnp", "macc", "pfc", "pause", "malformed",
                "eth.type", "eth.src", "eth.dst", "udp.srcport", "udp.dstport",
                "ip.src", "ip.dst", "ipv6.src", "ipv6.dst", "grh.sgid", "grh.dgid",
                "ip.dscp", "ip.ecn", "ipv6.dscp", "ipv6.ecn",
                "bth.opcode", "bth.dqpn", "bth.psn",
                "aeth.syndrome", "aeth.type", "aeth.code",
                "icrc.status", "frame.marked", "frame.ignored",
                "roce.analysis.psn_gap", "roce.analysis.retransmission", "roce.analysis.duplicate",
                "roce.analysis.out_of_order", "roce.analysis.nak", "roce.analysis.rnr_nak", "roce.analysis.cnp",
                "roce.analysis.ecn_ce", "roce.analysis.icrc_bad", "roce.analysis.malformed", "roce.analysis.pfc_xoff",
                "roce.analysis.pfc_xon", "roce.analysis.new_connection", "roce.analysis.psn_in_read_range",
                "roce.analysis.unsent_psn_answered", "roce.analysis.cnm", "roce.analysis.missing",
                "roce.analysis.nak_to_retx_us", "roce.analysis.ce_to_cnp_us", "roce.msg.number", "roce.msg.size",
                "roce.msg.position", "roce.journey.lost", "roce.journey.ce_marked", "roce.journey.delay")),
                DisplayFilter.indexedFields());
    }

    /**
     * Every name the index claims ({@link PacketIndex#indexes}) is answered, for every frame of the samples, from the
     * summary fill() restores as the frame's detail dissection answers it: the field's or protocol's presence (a
     * filter of the bare name) and, where the field's summary getter answers for the restored summary, its value.
     */
    @Test
    void everyIndexedNameIsAnsweredFromTheIndexAsTheDetailAnswersIt() throws FilterException {
        Dissector dissector = new Dissector(DissectorOptions.defaults());
        PacketSummary filled = new PacketSummary();
        List<String> names = List.copyOf(DisplayFilter.indexedFields());
        List<DisplayFilter> filters = new ArrayList<>();
        for (String name : names) {
            assertTrue(PacketIndex.indexes(name), name);
            filters.add(DisplayFilter.compile(name));
        }
        int values = 0;
        for (int row = 0; row < Samples.FRAMES_PER_ROUND; row++) {
            Frame frame = frames.get(row);
            PacketSummary own = summaries.get(row);
            io.rocelens.dissect.Dissection detail = dissector.dissect(frame);
            // the detail's summary with the frame times a load stamps (frame.time_relative, frame.time_delta)
            detail.summary().firstTimestampNanos = own.firstTimestampNanos;
            detail.summary().previousTimestampNanos = own.previousTimestampNanos;
            index.fill(row, filled);
            for (int i = 0; i < names.size(); i++) {
                String where = "frame " + (row + 1) + " " + names.get(i);
                assertEquals(filters.get(i).matches(detail, null),
                        filters.get(i).matches(filled, null, () -> detail), where);
                io.rocelens.dissect.SummaryFields.Getter getter = io.rocelens.dissect.SummaryFields.of(names.get(i));
                if (getter == null || !getter.answers(filled)) {
                    continue;
                }
                assertTrue(getter.indexed(), where);
                assertFalse(getter.twice() && filled.is(PacketSummary.ENCAPSULATED),
                        where + ": the index keeps no outer headers");
                io.rocelens.dissect.Field field = detail.field(names.get(i));
                assertEquals(field != null, getter.present(filled), where);
                if (field != null) {
                    assertEquals(field.value(), valueOf(io.rocelens.dissect.Fields.all().get(names.get(i)), getter,
                            filled), where);
                    values++;
                }
            }
        }
        assertTrue(values > 10_000, "values compared: " + values);
    }

    /** The getter's value in the detail's form: numbers as Long, addresses as text (as SummaryFieldsTest). */
    private static Object valueOf(io.rocelens.dissect.FieldDef def, io.rocelens.dissect.SummaryFields.Getter getter,
                                  PacketSummary p) {
        return switch (def.type()) {
            case MAC -> io.rocelens.dissect.Addresses.mac(getter.value(p));
            case ADDRESS -> def.name().startsWith("ip.") || def.name().startsWith("arp.")
                    ? io.rocelens.dissect.Addresses.ipv4(getter.value(p) & 0xffffffffL)
                    : io.rocelens.dissect.Addresses.ipv6(getter.high(p), getter.value(p));
            case STRING -> getter.text(p);
            default -> getter.value(p);
        };
    }

    /**
     * The contract with the display filter: every filter that reads only indexed names gives, over the summaries
     * fill() restores, what it gives over the dissector's own summaries, and asks for the frame's detail only where
     * it asks for it over the dissector's summary too (for example eth.type of a VLAN-tagged frame).
     */
    @Test
    void aFilterOverIndexedNamesGivesTheSameAnswersFromTheIndex() throws FilterException {
        List<String> filters = new ArrayList<>(List.of("frame.len > 500", "frame.caplen < 100",
                "frame.number >= 100 && frame.number < 150", "eth.type == 0x8808", "ip.src == 10.0.0.1",
                "ip.addr == 10.0.0.2", "ipv6.src", "ip.dscp == 26", "ip.ecn == 3", "ipv6.ecn == 3",
                "bth.opcode == 0x11", "bth.dqpn == 0x12", "bth.psn > 1000", "aeth.type == \"nak\"",
                "aeth.code == 0", "aeth.syndrome", "icrc.status == \"bad\"", "icrc.status == \"unchecked\"",
                "grh.sgid", "!(udp || tcp)", "frame.time_relative > 0.001", "frame.time_delta < 0.000001",
                "frame.time_epoch < 0.0005", "frame.time >= \"1970-01-01 00:00:00.0015Z\"",
                "eth.dst == ff:ff:ff:ff:ff:ff", "eth.src != eth.dst", "udp.dstport == 4791", "udp.srcport > 49152",
                "udp.srcport != udp.dstport"));
        List.of("frame", "eth", "vlan", "sll", "ip", "ipv6", "udp", "tcp", "arp", "roce", "grh", "bth", "rdeth",
                "atomic", "aeth", "atomicack", "ieth", "cnp", "macc", "pfc", "pause", "malformed").forEach(filters::add);
        PacketSummary filled = new PacketSummary();
        Dissector dissector = new Dissector(DissectorOptions.defaults());
        for (String text : filters) {
            DisplayFilter filter = DisplayFilter.compile(text);
            assertTrue(filter.usesOnly(PacketIndex::indexes), text);
            int matched = 0;
            for (int row = 0; row < index.size(); row++) {
                PacketSummary p = summaries.get(row);
                index.fill(row, filled);
                Frame frame = frames.get(row);
                boolean[] detailAsked = {false, false};
                boolean expected = filter.matches(p, null, () -> {
                    detailAsked[0] = true;
                    return dissector.dissect(frame);
                });
                boolean actual = filter.matches(filled, null, () -> {
                    detailAsked[1] = true;
                    return dissector.dissect(frame);
                });
                assertTrue(detailAsked[0] || !detailAsked[1], text + ": the detail was asked for at row " + row);
                assertEquals(expected, actual, text + " at row " + row);
                matched += expected ? 1 : 0;
            }
            // the samples have no IPv6 ECN mark, no Linux cooked frame and no RD (RDETH) traffic
            assertTrue(matched > 0 || List.of("ipv6.ecn == 3", "sll", "rdeth").contains(text), text + " matched none");
        }
    }

    @Test
    void aFrameOutOfOrderIsRefused() {
        PacketIndex fresh = new PacketIndex(AnalysisOptions.defaults());
        PacketSummary p = new PacketSummary();
        p.clear();
        p.number = 2;
        assertThrows(IllegalArgumentException.class, () -> fresh.append(p));
    }

    /** The sort against a stable sort of boxed rows by the key taken from the summaries themselves. */
    @ParameterizedTest
    @EnumSource(PacketIndex.Column.class)
    void sortingOrdersByTheColumnWithTiesInFrameOrder(PacketIndex.Column column) {
        Comparator<Integer> byKey = expectedOrder(column);
        List<Integer> ascending = IntStream.range(0, index.size()).boxed().sorted(byKey).toList();
        assertArrayEquals(ascending.stream().mapToInt(Integer::intValue).toArray(), index.sort(null, column, false));
        List<Integer> descending = IntStream.range(0, index.size()).boxed()
                .sorted(byKey.reversed().thenComparing(Comparator.naturalOrder())).toList();
        assertArrayEquals(descending.stream().mapToInt(Integer::intValue).toArray(), index.sort(null, column, true));
    }

    @Test
    void sortingASubsetKeepsToIt() {
        int[] everyThird = IntStream.range(0, index.size()).filter(r -> r % 3 == 0).toArray();
        int[] sorted = index.sort(everyThird, PacketIndex.Column.LENGTH, false);
        assertEquals(everyThird.length, sorted.length);
        for (int i = 0; i < sorted.length; i++) {
            assertEquals(0, sorted[i] % 3);
            if (i > 0) {
                int a = summaries.get(sorted[i - 1]).originalLength;
                int b = summaries.get(sorted[i]).originalLength;
                assertTrue(a < b || (a == b && sorted[i - 1] < sorted[i]));
            }
        }
    }

    private static Comparator<Integer> expectedOrder(PacketIndex.Column column) {
        ToLongFunction<PacketSummary> key = switch (column) {
            case NUMBER -> p -> p.number;
            case TIME -> p -> p.timestampNanos;
            case LENGTH -> p -> p.originalLength;
            case PRIORITY -> PacketIndexTest::expectedPriority;
            case QP -> p -> p.destQp;
            case PSN -> p -> p.psn;
            case SOURCE, DESTINATION, PROTOCOL -> null;
        };
        if (key != null) {
            return Comparator.comparingLong(row -> key.applyAsLong(summaries.get(row)));
        }
        if (column == PacketIndex.Column.PROTOCOL) {
            return Comparator.comparing(row -> PacketColumns.protocol(summaries.get(row)));
        }
        boolean source = column == PacketIndex.Column.SOURCE;
        // no address first, then IP addresses by value (IPv4-mapped before IPv6), then MAC addresses
        return Comparator.<Integer>comparingInt(row -> addressClass(summaries.get(row), source))
                .thenComparing(row -> addressHigh(summaries.get(row), source), Long::compareUnsigned)
                .thenComparing(row -> addressLow(summaries.get(row), source), Long::compareUnsigned);
    }

    private static boolean showsIp(PacketSummary p) {
        return p.is(PacketSummary.IPV4 | PacketSummary.IPV6 | PacketSummary.ROCEV1) && p.etherType != 0x8808;
    }

    private static int addressClass(PacketSummary p, boolean source) {
        if (showsIp(p)) {
            return 1;
        }
        return (source ? p.ethSrc : p.ethDst) >= 0 ? 2 : 0;
    }

    private static long addressHigh(PacketSummary p, boolean source) {
        return showsIp(p) ? (source ? p.ipSrcHi : p.ipDstHi) : 0;
    }

    private static long addressLow(PacketSummary p, boolean source) {
        if (showsIp(p)) {
            return source ? p.ipSrcLo : p.ipDstLo;
        }
        return Math.max(0, source ? p.ethSrc : p.ethDst);
    }

    /** A reader thread sees only complete rows while the loading thread appends. */
    @Test
    void rowsBelowTheSizeAreCompleteWhileAppending() throws Exception {
        PacketIndex growing = new PacketIndex(AnalysisOptions.defaults());
        AtomicReference<String> wrong = new AtomicReference<>();
        Thread reader = new Thread(() -> {
            int seen = 0;
            while (seen < summaries.size() && wrong.get() == null) {
                int size = growing.size();
                for (int row = seen; row < size; row++) {
                    PacketSummary p = summaries.get(row);
                    if (growing.fileOffset(row) != p.fileOffset || growing.psn(row) != p.psn
                            || !growing.source(row).equals(PacketColumns.source(p))) {
                        wrong.set("row " + row + " read while the size was " + size);
                    }
                }
                seen = size;
            }
        });
        reader.start();
        for (PacketSummary p : summaries) {
            growing.append(p);
        }
        reader.join();
        assertEquals(null, wrong.get());
    }

    @Test
    void theSizeEstimateCoversTheColumns() {
        long bytes = index.bytes();
        long rows = index.size();
        // at least the narrowest layout (4 offset, 4 time, 2 length, 2 shape, 4 QP, 4 PSN, 2 addresses, 4 ports), at
        // most the widest (8, 8, 4 + 4 lengths, 4 shape, 4, 4, 4, 4), in chunks of at most 65,536 rows
        assertTrue(bytes >= rows * 26, "estimate " + bytes);
        assertTrue(bytes < (rows + 65_536) * 48, "estimate " + bytes);
    }
}
