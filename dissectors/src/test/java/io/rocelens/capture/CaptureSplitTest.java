package io.rocelens.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureSplit.Boundary;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.stream.LongStream;
import java.util.zip.GZIPOutputStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file cut into byte ranges anywhere gives, split after split, exactly the whole-file reader's frames: each once, in
 * file order, with the same number (the split's own number plus the frames of the splits before it), time, lengths,
 * link type, interface, file offset and bytes. The expected frames come from {@link CaptureReaders#open(Path)}, whose
 * values are checked against tshark by {@code RealCapturesTest} and the sample captures' tests.
 */
class CaptureSplitTest {
    private static final Path SAMPLES = Path.of(System.getProperty("user.dir")).resolve("../sample-captures")
            .normalize();
    private static final CaptureBytes LE = new CaptureBytes(ByteOrder.LITTLE_ENDIAN);
    private static final CaptureBytes BE = new CaptureBytes(ByteOrder.BIG_ENDIAN);
    private static final long T0 = 1_700_000_000L;

    @TempDir
    Path dir;

    // ---- every byte offset, two and three parts --------------------------------------------------------------

    @Test
    void sampleCapturesCutShortSplitAtEveryOffset() throws IOException {
        // the sample captures' first frames: pcap with ns timestamps, pcapng, headers-only (snap length 128)
        for (String name : List.of("extended-opcodes.pcap", "incast.pcap", "mixed.pcapng", "mixed-erspan3.pcapng",
                "mixed-headers-only.pcap", "pfc-storm.pcap")) {
            Path small = firstFrames(SAMPLES.resolve(name), 6);
            everyOffsetInTwo(small, Boundary.SCAN);
            if (!name.startsWith("mixed-")) {
                everyOffsetInThree(small, 37);
            }
        }
    }

    @Test
    void pcapngFixturesSplitAtEveryOffset() throws IOException {
        // two interfaces (Ethernet in µs, then ERF in ns), as mergecap writes them; and a converted real capture
        everyOffsetInTwo(firstFrames(RealCaptures.fixture("two-interfaces-erf-and-ethernet.pcapng"), 12),
                Boundary.SCAN);
        Path whole = RealCaptures.fixture("rxe-rc-rdma-read-response-only.pcapng");
        everyOffsetInTwo(whole, Boundary.SCAN);
        everyOffsetInTwo(whole, Boundary.WALK);
    }

    @Test
    void twoInterfacesWholeFileInThreeParts() throws IOException {
        // the interface 1 frames come long after the first packet block: a split there still knows interface 1
        Path file = RealCaptures.fixture("two-interfaces-erf-and-ethernet.pcapng");
        List<String> expected = whole(file);
        long size = Files.size(file);
        for (long a = 0; a <= size; a += 7) {
            assertEquals(expected, read(file, Boundary.SCAN, a, a + (size - a) / 2), "cuts at " + a);
        }
    }

    @Test
    void handMadePcapVariantsSplitAtEveryPairOfOffsets() throws IOException {
        byte[] record = CaptureBytes.bytes(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
        for (CaptureBytes b : List.of(LE, BE)) {
            for (int magic : List.of(0xA1B2C3D4, 0xA1B23C4D)) {
                byte[] content = CaptureBytes.concat(b.pcapHeader(magic, 65535, 1),
                        b.pcapRecord(T0, 1, 11, 60, record),
                        b.pcapRecord(T0, 2, 0, 60, new byte[0]),                 // nothing captured
                        b.pcapRecord(T0 + 1, 3, 3, 3, CaptureBytes.bytes(0, 0, 0)),
                        b.pcapRecord(T0 - 5, 4, 11, 11, record),                 // a little back in time
                        b.pcapRecord(T0 + 2, 999_999, 5, 9000, new byte[5]));
                Path file = write("hand.pcap", content);
                assertEquals(5, whole(file).size());
                everyPairOfOffsets(file, 1);
            }
        }
    }

    @Test
    void pcapRecordsTheRuleDoesNotRecogniseAreReadByTheSplitBefore() throws IOException {
        // valid for the whole-file reader, outside the resynchronisation rule: original length below the captured
        // one (first record), a time two hours back, a captured length above the snap length (last record)
        byte[] record = CaptureBytes.bytes(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
        for (CaptureBytes b : List.of(LE, BE)) {
            byte[] content = CaptureBytes.concat(b.pcapHeader(0xA1B2C3D4, 8, 1),
                    b.pcapRecord(T0, 1, 8, 4, Arrays.copyOf(record, 8)),
                    b.pcapRecord(T0, 2, 3, 60, CaptureBytes.bytes(1, 2, 3)),
                    b.pcapRecord(T0 + 1, 3, 8, 60, Arrays.copyOf(record, 8)),
                    b.pcapRecord(T0 - 7200, 4, 8, 60, Arrays.copyOf(record, 8)),
                    b.pcapRecord(T0 - 7200, 5, 2, 60, CaptureBytes.bytes(1, 2)),
                    b.pcapRecord(T0 - 7199, 6, 11, 60, record));
            Path file = write("odd.pcap", content);
            assertEquals(6, whole(file).size());
            everyPairOfOffsets(file, 1);
        }
    }

    @Test
    void pcapngOfThreeSectionsInBothByteOrdersSplitAtEveryPairOfOffsets() throws IOException {
        byte[] data = CaptureBytes.bytes(0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77);
        byte[] content = CaptureBytes.concat(
                LE.sectionHeader(), LE.interfaceDescription(1, 0),
                LE.enhancedPacket(0, 1_000_000L * T0, 60, data),
                LE.simplePacket(60, data),                                    // takes the time before it
                LE.interfaceDescription(113, 0, LE.tsresol(9)),               // after the first packet block
                LE.enhancedPacket(1, 1_000_000_000L * T0 + 5, 70, data),
                LE.block(CaptureBytes.NRB, new byte[8]),
                LE.block(0x80000001, new byte[4]),                            // a type the rule does not know
                BE.sectionHeader(), BE.interfaceDescription(276, 0, BE.tsresol(0x80 | 20)),
                BE.enhancedPacket(0, T0 << 20, 60, data),
                BE.obsoletePacket(0, (T0 << 20) + 1, 61, data),
                BE.simplePacket(62, data),
                LE.sectionHeader(), LE.interfaceDescription(1, 0), LE.interfaceDescription(197, 0),
                LE.enhancedPacket(1, 1_000_000L * T0 + 9, 80, data));
        Path file = write("sections.pcapng", content);
        assertEquals(7, whole(file).size());
        // the third section is in the first one's byte order and reuses interface 1, which the first section
        // describes only after its first packet block, so SCAN learns it by walking (see CaptureSplit). Blocks start
        // at multiples of 4 and a split starts at or ends before the first at or after its offset, so a split at
        // 4k+1..4k+3 is one at 4k+4: every offset in two parts, every pair of multiples of 4 in three
        everyPairOfOffsets(file, 4);
    }

    @Test
    void concatenatedPcapngFilesAreExactWithWalkOnly() throws IOException {
        // two files of the same byte order one after the other (cat a.pcapng b.pcapng): interface 0 is Ethernet in
        // the first section and ERF in the second
        byte[] data = CaptureBytes.bytes(0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88);
        byte[] first = CaptureBytes.concat(LE.sectionHeader(), LE.interfaceDescription(1, 0),
                LE.enhancedPacket(0, 1_000_000L * T0, 60, data), LE.enhancedPacket(0, 1_000_000L * T0 + 1, 60, data));
        byte[] second = CaptureBytes.concat(LE.sectionHeader(), LE.interfaceDescription(197, 0),
                LE.enhancedPacket(0, 1_000_000L * T0 + 2, 60, data),
                LE.enhancedPacket(0, 1_000_000L * T0 + 3, 60, data),
                LE.enhancedPacket(0, 1_000_000L * T0 + 4, 60, data));
        Path file = write("cat.pcapng", CaptureBytes.concat(first, second));
        everyOffsetInTwo(file, Boundary.WALK);
        // the limit stated in CaptureSplit: SCAN reads a split inside the second section with the first section's
        // interface 0 (with another time resolution, its times could be wrong or out of range and stop the split)
        long thirdFrame = first.length + LE.sectionHeader().length + LE.interfaceDescription(197, 0).length;
        try (CaptureReader split = CaptureSplit.open(file, thirdFrame, Files.size(file))) {
            Frame f = split.next();
            assertEquals(thirdFrame, f.fileOffset());
            assertEquals(1, f.linkType(), "the limit is gone: update CaptureSplit's comment, the README and this test");
        }
    }

    @Test
    void realCapturesSplitAtEveryOffset() throws IOException {
        // µs pcaps: RoCE from rxe, native InfiniBand in ERF records, LLDP; their first frames keep the test short
        for (String name : List.of("rxe-rc-atomic-fetchadd.pcap", "ibdump-native-ib-erf-rdma-write-only.pcap",
                "rxe-rdmacm-write-read-with-arp.pcap", "lldp-dcbx-pfc-config-tlv-not-pause.pcap")) {
            Path file = firstFrames(RealCaptures.file(name), 10);
            everyOffsetInTwo(file, Boundary.SCAN);
            everyOffsetInThree(file, 101);
        }
        everyOffsetInTwo(firstFrames(RealCaptures.file("rxe-rc-atomic-fetchadd.pcap"), 10), Boundary.WALK);
    }

    // ---- random cuts of larger files -------------------------------------------------------------------------

    @Property(tries = 60)
    void largerFilesCutAnywhere(@ForAll("largeFiles") Path file, @ForAll("fractions") List<Double> cuts)
            throws IOException {
        long size = Files.size(file);
        long[] offsets = cuts.stream().mapToLong(f -> (long) (f * size)).sorted().toArray();
        assertEquals(whole(file), read(file, Boundary.SCAN, offsets), file + " cut at " + Arrays.toString(offsets));
    }

    @Property(tries = 40)
    void recordsAcrossChunkEnds(@ForAll("fractions") List<Double> cuts) throws IOException {
        // chunks of 1000 bytes: records, chains and the end check cross chunk ends; frames stay valid
        Path file = SAMPLES.resolve("mixed.pcapng");
        long size = Files.size(file);
        long[] offsets = cuts.stream().mapToLong(f -> (long) (f * size)).sorted().toArray();
        for (Boundary boundary : Boundary.values()) {
            List<String> frames = new ArrayList<>();
            long from = 0;
            for (long to : LongStream.concat(Arrays.stream(offsets), LongStream.of(size)).toArray()) {
                try (CaptureReader split = CaptureSplit.open(file, from, to, frames.size(), boundary, 1000)) {
                    for (Frame f = split.next(); f != null; f = split.next()) {
                        frames.add(key(f));
                    }
                    assertNull(split.problem());
                }
                from = to;
            }
            assertEquals(whole(file), frames, boundary + " cut at " + Arrays.toString(offsets));
        }
    }

    @Provide
    Arbitrary<Path> largeFiles() {
        List<Path> files = new ArrayList<>(List.of(SAMPLES.resolve("incast.pcap"), SAMPLES.resolve("mixed.pcapng"),
                SAMPLES.resolve("pfc-storm.pcap"), SAMPLES.resolve("mixed-erspan3.pcapng")));
        if (RealCaptures.present()) {
            files.add(RealCaptures.file("rxe-nccl-allreduce-with-tcp-tls-noise-node0.pcap"));
            files.add(RealCaptures.file("huawei-hiroce-rc-send-with-imm-ect0-lowsrcport.pcap"));
        }
        return Arbitraries.of(files);
    }

    @Provide
    Arbitrary<List<Double>> fractions() {
        return Arbitraries.doubles().between(0, 1).list().ofMinSize(1).ofMaxSize(12);
    }

    // ---- gzip, damage ----------------------------------------------------------------------------------------

    @Test
    void gzipFileIsOneSplit() throws IOException {
        Path plain = firstFrames(SAMPLES.resolve("mixed.pcapng"), 30);
        Path gz = dir.resolve("mixed.pcapng.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(Files.readAllBytes(plain));
        }
        assertTrue(CaptureSplit.splittable(plain));
        assertFalse(CaptureSplit.splittable(gz));
        long size = Files.size(gz);
        // the decompressed capture's offsets are the plain file's
        for (long end : new long[] {1, size / 2, size}) {
            List<String> first = new ArrayList<>();
            try (CaptureReader split = CaptureSplit.open(gz, 0, end)) {
                for (Frame f = split.next(); f != null; f = split.next()) {
                    first.add(key(f));
                }
                assertNull(split.problem());
            }
            assertEquals(whole(plain), first);
            for (long start : new long[] {end, Math.min(size, end + 1), size - 1}) {
                try (CaptureReader rest = CaptureSplit.open(gz, start, size)) {
                    assertEquals(CaptureFormat.PCAPNG, rest.format());
                    assertEquals(1, rest.linkType());
                    assertNull(rest.next());
                    assertNull(rest.problem());
                }
            }
        }
    }

    @Test
    void fileCutShortAnywhereIsReadOnceWithTheProblemInOneSplit() throws IOException {
        byte[] pcap = Files.readAllBytes(firstFrames(SAMPLES.resolve("mixed-headers-only.pcap"), 6));
        byte[] pcapng = Files.readAllBytes(firstFrames(SAMPLES.resolve("mixed.pcapng"), 4));
        for (byte[] content : List.of(pcap, pcapng)) {
            for (int cut = content.length - 1; cut > content.length - 300 && cut > 100; cut -= 17) {
                Path file = write("cut", Arrays.copyOf(content, cut));
                List<String> expected = whole(file);
                String wholeProblem;
                try (CaptureReader r = CaptureReaders.open(file)) {
                    while (r.next() != null) {
                        // read to the end
                    }
                    wholeProblem = r.problem();
                }
                for (long at = 0; at <= cut; at += at < cut - 400 ? 11 : 1) {
                    List<String> frames = new ArrayList<>();
                    List<String> problems = new ArrayList<>();
                    readInto(file, Boundary.SCAN, new long[] {at}, frames, problems);
                    assertEquals(expected, frames, "cut at " + cut + ", split at " + at);
                    // the split before reads on into what the next one cannot recognise, as the whole-file reader
                    assertEquals(wholeProblem == null ? List.of() : List.of(wholeProblem), problems,
                            "cut at " + cut + ", split at " + at);
                }
            }
        }
    }

    @Test
    void damageStopsItsSplitAndLaterSplitsStartAfterIt() throws IOException {
        Path source = firstFrames(SAMPLES.resolve("mixed-headers-only.pcap"), 40);
        byte[] content = Files.readAllBytes(source);
        List<Frame> frames = frames(source);
        long damaged = frames.get(20).fileOffset();
        ByteBuffer.wrap(content).order(ByteOrder.LITTLE_ENDIAN).putInt((int) damaged + 8, 0x7FFF_FFFF);
        Path file = write("damaged.pcap", content);
        List<String> expected = whole(source);
        for (long split = damaged - 200; split < damaged + 200; split++) {
            long at = split;
            List<String> got = new ArrayList<>();
            List<String> problems = new ArrayList<>();
            readInto(file, Boundary.SCAN, new long[] {0, at, content.length}, got, problems);
            // the first split reads on up to the damage; the second starts at the first record after the damage
            List<String> wanted = new ArrayList<>(expected.subList(0, 20));
            long next = frames.stream().filter(f -> f.fileOffset() > damaged && f.fileOffset() >= at).findFirst()
                    .orElseThrow().fileOffset();
            expected.stream().filter(k -> offsetOf(k) >= next).forEach(wanted::add);
            assertEquals(renumber(wanted), renumber(got), "split at " + at);
            assertEquals(1, problems.size(), "split at " + at);
            assertTrue(problems.get(0).contains("at byte " + damaged), problems.get(0));
        }
        // a split of more than the longest record with no boundary in it says so
        byte[] garbage = Arrays.copyOf(content, content.length + 2 * CaptureSplit.LONGEST_RECORD);
        Arrays.fill(garbage, content.length, garbage.length, (byte) 0xFF);
        Path tail = write("garbage.pcap", garbage);
        try (CaptureReader r = CaptureSplit.open(tail, content.length + 1, garbage.length)) {
            assertNull(r.next());
            assertNotNull(r.problem());
            assertTrue(r.problem().startsWith("no record starts between byte " + (content.length + 1)), r.problem());
        }
    }

    @Property(tries = 300)
    void randomBytesNeverThrowOrSpin(@ForAll("randomFiles") byte[] content, @ForAll("fractions") List<Double> cuts)
            throws IOException {
        // jqwik does not fill JUnit's @TempDir
        Path file = Files.createTempFile("split-random", ".bin");
        try {
            Files.write(file, content);
            long[] offsets = cuts.stream().mapToLong(f -> (long) (f * content.length)).sorted().toArray();
            for (Boundary boundary : Boundary.values()) {
                readInto(file, boundary, offsets, new ArrayList<>(), new ArrayList<>());
            }
        } catch (NotACaptureException e) {
            // open refuses it, as the whole-file reader does
        } finally {
            Files.delete(file);
        }
    }

    @Provide
    Arbitrary<byte[]> randomFiles() {
        List<byte[]> prefixes = List.of(LE.pcapHeader(0xA1B2C3D4, 65535, 1), BE.pcapHeader(0xA1B23C4D, 0, 1),
                CaptureBytes.concat(LE.sectionHeader(), LE.interfaceDescription(1, 0)),
                CaptureBytes.concat(BE.sectionHeader(), BE.interfaceDescription(1, 0),
                        BE.enhancedPacket(0, 1, 10, new byte[10])));
        return net.jqwik.api.Combinators.combine(Arbitraries.of(prefixes),
                Arbitraries.bytes().array(byte[].class).ofMaxSize(2000)).as(CaptureBytes::concat);
    }

    // ---- helpers ---------------------------------------------------------------------------------------------

    private void everyOffsetInTwo(Path file, Boundary boundary) throws IOException {
        List<String> expected = whole(file);
        Splits splits = new Splits(file, boundary);
        for (long at = 0; at <= splits.size; at++) {
            assertEquals(expected, splits.read(at), file.getFileName() + " split at " + at);
        }
    }

    /** Cut at every offset and again {@code step} bytes later, so the middle part is every range of that length. */
    private void everyOffsetInThree(Path file, long step) throws IOException {
        List<String> expected = whole(file);
        Splits splits = new Splits(file, Boundary.SCAN);
        for (long at = 0; at <= splits.size; at++) {
            assertEquals(expected, splits.read(at, Math.min(splits.size, at + step)),
                    file.getFileName() + " split at " + at + " and " + (at + step));
        }
    }

    /** Every cut in two, then every pair of cuts at multiples of {@code stride} (4 for pcapng: see the caller). */
    private void everyPairOfOffsets(Path file, int stride) throws IOException {
        List<String> expected = whole(file);
        everyOffsetInTwo(file, Boundary.WALK);
        Splits splits = new Splits(file, Boundary.SCAN);
        for (long a = 0; a <= splits.size; a += stride) {
            for (long b = a; b <= splits.size; b += stride) {
                assertEquals(expected, splits.read(a, b), "split at " + a + " and " + b);
            }
        }
    }

    /**
     * The splits of one file, each opened once (numbered from 1) however many cut lists it is part of, joined and
     * numbered on as the file's frame numbers.
     */
    private static final class Splits {
        final Path file;
        final Boundary boundary;
        final long size;
        private final java.util.Map<List<Long>, List<String>> opened = new java.util.HashMap<>();

        Splits(Path file, Boundary boundary) throws IOException {
            this.file = file;
            this.boundary = boundary;
            this.size = Files.size(file);
        }

        List<String> read(long... cuts) throws IOException {
            List<String> frames = new ArrayList<>();
            long from = 0;
            for (long to : LongStream.concat(Arrays.stream(cuts), LongStream.of(size)).toArray()) {
                for (String k : split(from, to)) {
                    frames.add((frames.size() + 1) + k.substring(k.indexOf(' ')));
                }
                from = to;
            }
            return frames;
        }

        private List<String> split(long from, long to) throws IOException {
            List<Long> range = List.of(from, to);
            List<String> known = opened.get(range);
            if (known == null) {
                List<String> problems = new ArrayList<>();
                known = new ArrayList<>();
                readInto(file, boundary, from, to, 0, known, problems);
                assertEquals(List.of(), problems, "split " + from + "-" + to);
                opened.put(range, known);
            }
            return known;
        }
    }

    /** The frames of the splits {@code [0, cuts[0]), [cuts[0], cuts[1]), ..., [last, size)}; none has a problem. */
    private static List<String> read(Path file, Boundary boundary, long... cuts) throws IOException {
        List<String> frames = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        readInto(file, boundary, cuts, frames, problems);
        assertEquals(List.of(), problems);
        return frames;
    }

    private static void readInto(Path file, Boundary boundary, long[] cuts, List<String> frames,
                                 List<String> problems) throws IOException {
        long size = Files.size(file);
        long[] bounds = LongStream.concat(LongStream.concat(LongStream.of(0), Arrays.stream(cuts)),
                LongStream.of(size)).toArray();
        for (int i = 0; i + 1 < bounds.length; i++) {
            readInto(file, boundary, bounds[i], bounds[i + 1], frames.size(), frames, problems);
        }
    }

    private static void readInto(Path file, Boundary boundary, long start, long end, long numberBefore,
                                 List<String> frames, List<String> problems) throws IOException {
        long size = Files.size(file);
        try (CaptureReader split = CaptureSplit.open(file, start, end, numberBefore, boundary)) {
            // progress: every frame takes at least 16 bytes of the file
            for (long calls = 0; calls <= size / 16 + 1; calls++) {
                Frame f = split.next();
                if (f == null) {
                    break;
                }
                // a frame starting at or after the end is one the next split cannot recognise (see CaptureSplit)
                assertTrue(f.fileOffset() >= start, "frame at " + f.fileOffset() + " before split " + start);
                frames.add(key(f));
            }
            assertNull(split.next());
            if (split.problem() != null) {
                problems.add(split.problem());
            }
        }
    }

    private static List<String> whole(Path file) throws IOException {
        return frames(file).stream().map(CaptureSplitTest::key).toList();
    }

    private static List<Frame> frames(Path file) throws IOException {
        List<Frame> frames = new ArrayList<>();
        try (CaptureReader reader = CaptureReaders.open(file)) {
            for (Frame f = reader.next(); f != null; f = reader.next()) {
                frames.add(f);
            }
        }
        return frames;
    }

    private static String key(Frame f) {
        byte[] data = new byte[f.capturedLength()];
        f.data().duplicate().get(data);
        return f.number() + " " + f.timestampNanos() + " " + f.originalLength() + " " + f.linkType() + " "
                + f.interfaceId() + " @" + f.fileOffset() + " " + Base64.getEncoder().encodeToString(data);
    }

    private static long offsetOf(String key) {
        return Long.parseLong(key.substring(key.indexOf('@') + 1, key.indexOf(' ', key.indexOf('@'))));
    }

    private static List<String> renumber(List<String> keys) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            out.add((i + 1) + keys.get(i).substring(keys.get(i).indexOf(' ')));
        }
        return out;
    }

    /** A copy of the file's first {@code count} frames (cut at the next frame's record). */
    private Path firstFrames(Path source, int count) throws IOException {
        List<Frame> frames = frames(source);
        long cut = frames.size() > count ? frames.get(count).fileOffset() : Files.size(source);
        return write(source.getFileName().toString(), Arrays.copyOf(Files.readAllBytes(source), (int) cut));
    }

    private Path write(String name, byte[] content) {
        try {
            return Files.write(dir.resolve(name), content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
