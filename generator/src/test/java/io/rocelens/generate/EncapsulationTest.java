package io.rocelens.generate;

import static io.rocelens.generate.RawCapture.u16;
import static io.rocelens.generate.RawCapture.u8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rocelens.capture.CaptureFormat;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code --encap} puts the unchanged frames, at their own times, inside outer headers that are right by their
 * standards (docs/encapsulation.md): lengths, the IPv4 header checksum, GRE's flags, checksum and sequence numbers,
 * the ERSPAN and VXLAN headers. Checked from the bytes, against the plain capture of the same seed; the truth is the
 * plain one's, and says that every frame came encapsulated.
 */
class EncapsulationTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(value = Encapsulation.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
    void framesAreCarriedUnchangedInCorrectOuterHeaders(Encapsulation encap) throws IOException {
        Path plain = dir.resolve("plain.pcap");
        Path mirrored = dir.resolve("mirrored.pcap");
        Path plainTruth = dir.resolve("plain.json");
        Path mirroredTruth = dir.resolve("mirrored.json");
        Generator.generate(options(Encapsulation.NONE), plain, plainTruth);
        Generator.generate(options(encap), mirrored, mirroredTruth);
        List<RawCapture.Packet> frames = RawCapture.read(plain);
        List<RawCapture.Packet> outer = RawCapture.read(mirrored);
        assertEquals(frames.size(), outer.size());

        int overhead = encap.overhead();
        for (int i = 0; i < frames.size(); i++) {
            byte[] inner = frames.get(i).data();
            byte[] f = outer.get(i).data();
            String where = encap + " frame " + (i + 1);
            assertEquals(frames.get(i).timestampNanos(), outer.get(i).timestampNanos(), where);
            assertEquals(inner.length + overhead, f.length, where);
            assertArrayEquals(inner, Arrays.copyOfRange(f, overhead, f.length), where);
            assertEquals(0x0800, u16(f, 12), where);
            assertEquals(0x45, u8(f, 14), where);
            assertEquals(f.length - 14, u16(f, 16), where + ": IPv4 total length");
            assertEquals(0, onesComplement(f, 14, 20), where + ": IPv4 header checksum");
            int tci = u16(inner, 12) == 0x8100 ? u16(inner, 14) : 0;
            switch (encap) {
                case GRE -> {
                    assertEquals(47, u8(f, 23), where);
                    assertEquals(0xB000, u16(f, 34), where + ": C, K, S");    // RFC 2784 2.1, RFC 2890 2
                    assertEquals(0x6558, u16(f, 36), where);
                    assertEquals(0, onesComplement(f, 34, f.length - 34), where + ": GRE checksum");
                    assertEquals(i, RawCapture.u24(f, 46) << 8 | u8(f, 49), where + ": sequence number");
                }
                case ERSPAN2 -> {
                    assertEquals(0x1000, u16(f, 34), where + ": S only");
                    assertEquals(0x88BE, u16(f, 36), where);
                    assertEquals(1, u8(f, 42) >> 4, where + ": version 1");
                    assertEquals(tci & 0x0FFF, u16(f, 42) & 0x0FFF, where + ": VLAN");
                    assertEquals(tci >>> 13, u8(f, 44) >> 5, where + ": COS");
                    assertEquals(1, u16(f, 44) & 0x03FF, where + ": session");
                }
                case ERSPAN3 -> {
                    assertEquals(0x22EB, u16(f, 36), where);
                    assertEquals(2, u8(f, 42) >> 4, where + ": version 2");
                    long ts = outer.get(i).timestampNanos();
                    assertEquals(ts % 1_000_000_000L, (long) RawCapture.u24(f, 46) << 8 | u8(f, 49), where + ": ns");
                    assertEquals(1, u16(f, 52) & 1, where + ": O, a sub-header follows");
                    assertEquals(3, u8(f, 54) >> 2, where + ": platform 3");
                    assertEquals(ts / 1_000_000_000L, (long) RawCapture.u24(f, 58) << 8 | u8(f, 61), where + ": s");
                }
                case VXLAN -> {
                    assertEquals(17, u8(f, 23), where);
                    assertEquals(4789, u16(f, 36), where);
                    assertEquals(f.length - 34, u16(f, 38), where + ": UDP length");
                    assertEquals(0x08, u8(f, 42), where + ": I flag");
                    assertEquals(1, RawCapture.u24(f, 46), where + ": VNI");
                }
                case NONE -> throw new IllegalStateException();
            }
        }
        ObjectNode truth = (ObjectNode) JSON.readTree(mirroredTruth.toFile());
        assertEquals(encap.cliName(), ((ObjectNode) truth.get("generator")).remove("encap").asText());
        assertEquals(frames.size(), truth.remove("encapsulated").get(encap.cliName()).asLong());
        JsonNode expected = JSON.readTree(plainTruth.toFile());
        assertEquals(expected, truth, "the truth of the mirrored capture is the plain one's");
    }

    private static Generator.Options options(Encapsulation encap) {
        return new Generator.Options(Scenario.MIXED, 400, 8, Generator.DEFAULT_LINK_SPEED_BPS, 65535, 5,
                CaptureFormat.PCAP, encap);
    }

    /** The one's complement sum of 16-bit words (RFC 1071): 0 over a header that holds its right checksum. */
    private static int onesComplement(byte[] b, int from, int length) {
        long sum = 0;
        for (int i = from; i < from + length; i += 2) {
            sum += i + 1 < from + length ? u16(b, i) : u8(b, i) << 8;
        }
        while (sum >>> 16 != 0) {
            sum = (sum & 0xFFFF) + (sum >>> 16);
        }
        return (int) ~sum & 0xFFFF;
    }
}
