package io.rocelens.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random and damaged files never make the readers throw (other than NotACaptureException from open) and never make
 * them spin: every frame uses at least 16 bytes of the file (a pcap record header, or the smallest pcapng packet
 * block), so next() must return null within size / 16 + 1 calls. That bound, not a timeout, is what proves progress.
 */
class ReaderFuzzTest {
    private static final CaptureBytes LE = new CaptureBytes(ByteOrder.LITTLE_ENDIAN);
    private static final CaptureBytes BE = new CaptureBytes(ByteOrder.BIG_ENDIAN);

    /** Valid file starts, so that random bytes reach the record and block parsers and not only open(). */
    private static final List<byte[]> PREFIXES = List.of(
            new byte[0],
            LE.pcapHeader(0xA1B2C3D4, 65535, 1),
            BE.pcapHeader(0xA1B23C4D, 262144, 276),
            LE.sectionHeader(),
            CaptureBytes.concat(BE.sectionHeader(), BE.interfaceDescription(1, 0)),
            CaptureBytes.concat(LE.sectionHeader(), LE.interfaceDescription(113, 64, LE.tsresol(0x94))));

    /** Small real captures to damage: the pcapng fixtures always, a few shared pcaps when they are present. */
    private static final List<byte[]> SOURCES = loadSources();

    @Property(tries = 500)
    void randomBytesNeverThrowOrSpin(@ForAll("randomFiles") byte[] content) throws IOException {
        readEverything(content);
    }

    @Property(tries = 500)
    void damagedRealCapturesNeverThrowOrSpin(@ForAll("damagedCaptures") byte[] content) throws IOException {
        readEverything(content);
    }

    @Provide
    Arbitrary<byte[]> randomFiles() {
        Arbitrary<byte[]> body = Arbitraries.bytes().array(byte[].class).ofMaxSize(3000);
        return Combinators.combine(Arbitraries.of(PREFIXES), body).as(CaptureBytes::concat);
    }

    @Provide
    Arbitrary<byte[]> damagedCaptures() {
        Arbitrary<Integer> values = Arbitraries.oneOf(
                Arbitraries.of(0, 1, -1, 8, 12, 16, 28, 0x7FFF_FFFF, 0x8000_0000, 262_144, 262_145,
                        0x0A0D0D0A, 0x1A2B3C4D, 0x4D3C2B1A, 0x80, 0x94, 0x13),
                Arbitraries.integers());
        Arbitrary<Mutation> mutation = Combinators.combine(Arbitraries.of(MutationKind.class),
                Arbitraries.integers().greaterOrEqual(0), values).as(Mutation::new);
        return Combinators.combine(Arbitraries.of(SOURCES), mutation.list().ofMinSize(1).ofMaxSize(8))
                .as(ReaderFuzzTest::damage);
    }

    private enum MutationKind { SET_BYTE, SET_INT, CUT }

    private record Mutation(MutationKind kind, int position, int value) {
    }

    private static byte[] damage(byte[] source, List<Mutation> mutations) {
        byte[] content = source.clone();
        for (Mutation m : mutations) {
            if (content.length == 0) {
                break;
            }
            switch (m.kind()) {
                case SET_BYTE -> content[m.position() % content.length] = (byte) m.value();
                case SET_INT -> {
                    if (content.length >= 4) {
                        // block and record fields sit on 4-byte boundaries; either byte order
                        int at = (m.position() % (content.length - 3)) & ~3;
                        ByteOrder order = (m.value() & 1) == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
                        ByteBuffer.wrap(content).order(order).putInt(at, m.value());
                    }
                }
                case CUT -> content = Arrays.copyOf(content, m.position() % (content.length + 1));
            }
        }
        return content;
    }

    private static void readEverything(byte[] content) throws IOException {
        Path file = Files.createTempFile("fuzz", ".cap");
        try {
            Files.write(file, content);
            CaptureReader reader;
            try {
                reader = CaptureReaders.open(file);
            } catch (NotACaptureException e) {
                assertFalse(e.getMessage().contains("\n"), e.getMessage());
                assertTrue(e.getMessage().startsWith(file.getFileName().toString()), e.getMessage());
                return;
            }
            try (reader) {
                long bound = content.length / 16 + 1;
                for (long call = 1; call <= bound; call++) {
                    Frame frame = reader.next();
                    if (frame == null) {
                        String problem = reader.problem();
                        assertTrue(problem == null || !problem.contains("\n"), problem);
                        return;
                    }
                    assertEquals(call, frame.number());
                    assertEquals(0, frame.data().position());
                    assertTrue(frame.capturedLength() <= CaptureReaders.MAX_CAPTURED_LENGTH);
                    assertTrue(frame.fileOffset() + frame.capturedLength() <= content.length);
                }
                fail("next() still returned frames after " + bound + " calls on a " + content.length + "-byte file");
            }
        } finally {
            Files.delete(file);
        }
    }

    private static List<byte[]> loadSources() {
        List<Path> paths = new ArrayList<>(List.of(RealCaptures.fixture("rxe-rc-rdma-read-response-only.pcapng"),
                RealCaptures.fixture("two-interfaces-erf-and-ethernet.pcapng")));
        if (RealCaptures.present()) {
            for (String name : List.of("rxe-rc-atomic-fetchadd.pcap", "lldp-dcbx-pfc-config-tlv-not-pause.pcap",
                    "ibdump-native-ib-erf-rdma-write-only.pcap")) {
                paths.add(RealCaptures.file(name));
            }
        }
        List<byte[]> sources = new ArrayList<>();
        for (Path path : paths) {
            try {
                sources.add(Files.readAllBytes(path));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return sources;
    }
}
