package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.capture.LinkType;
import io.rocelens.capture.RealCaptures;
import io.rocelens.filter.FrameProtocols;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random and mutated frames never make a dissector throw: every problem becomes a malformed summary with a reason, and
 * a frame that is not malformed has consistent lengths. And on every such frame the bulk pass's summary, read through
 * the layouts generated from the specs, gives each field the value the detail, read with the Kaitai parsers, gives;
 * and its {@code frame.protocols} remembered by frame shape is the detail's.
 */
class DissectorPropertiesTest {

    private static final List<byte[]> SEEDS = seedFrames();
    /** An IPv4 RoCEv2 frame of the sample (the first): what the nesting property wraps. */
    private static final byte[] ROCE_SEED = SEEDS.get(1);
    private static final PacketSummary ROCE_SEED_SUMMARY = summaryOf(ROCE_SEED);

    private static PacketSummary summaryOf(byte[] bytes) {
        PacketSummary summary = new PacketSummary();
        new FastDissector(DissectorOptions.defaults()).summarize(frame(bytes, LinkType.ETHERNET, bytes.length), summary);
        if (!summary.isRoce() || summary.is(PacketSummary.MALFORMED | PacketSummary.VLAN | PacketSummary.IPV6)) {
            throw new IllegalStateException("the sample's second frame is no longer a plain IPv4 RoCE frame");
        }
        return summary;
    }

    private final FastDissector fast = new FastDissector(DissectorOptions.defaults());
    private final Dissector detail = new Dissector(DissectorOptions.defaults());
    /** frame.protocols by frame shape, across every frame of every property: one shape never gives two texts. */
    private static final FrameProtocols.ByShape PROTOCOLS_BY_SHAPE = new FrameProtocols.ByShape();

    @Property(tries = 3000)
    void randomBytesNeverThrow(@ForAll("randomFrames") Frame frame) {
        check(frame);
    }

    /**
     * Found by randomBytesNeverThrow: an ERF InfiniBand record whose LRH says 0 words (tshark: malformed) was a RoCE
     * packet without a BTH; and a raw packet (LNH 0) is InfiniBand but not RoCE.
     */
    @net.jqwik.api.Example
    void anLrhShorterThanItselfIsMalformedAndARawPacketIsNoRoce() {
        byte[] erf = java.util.HexFormat.of().parseHex("000000000000000015000000000000000000000000000000");
        PacketSummary zero = new PacketSummary();
        fast.summarize(frame(erf, 197, erf.length), zero);
        assertEquals("LRH packet length 0 words (0 bytes) is shorter than the LRH itself (8 bytes)",
                zero.malformedReason);
        // LNH 0 (raw), packet length 3 words: the LRH and a 4-byte payload, then the VCRC
        byte[] raw = java.util.HexFormat.of().parseHex("000000000000000015000000000000000000000000030000aabbccdd0000");
        PacketSummary rawSummary = new PacketSummary();
        fast.summarize(frame(raw, 197, raw.length), rawSummary);
        assertTrue(rawSummary.is(PacketSummary.INFINIBAND));
        assertTrue(!rawSummary.isRoce(), "no BTH, so no RoCE packet");
        check(frame(raw, 197, raw.length));
    }

    @Property(tries = 5000)
    void mutatedRoceFramesNeverThrow(@ForAll("mutatedFrames") Frame frame) {
        check(frame);
    }

    /**
     * A RoCE frame of the sample wrapped in up to 400 random tunnels (GRE carrying IPv4 or Ethernet, ERSPAN type II
     * and III, VXLAN; lengths right): never a throw, never a stack overflow. Within Wireshark's 500 protocol layers
     * (counted as its frame.protocols counts them: frame, eth and ethertype, ip, gre, udp, vxlan, erspan) the
     * innermost RoCE frame is found whole; beyond them the frame is malformed and says so.
     */
    @Property(tries = 300)
    void nestedEncapsulationsAreBoundedAndNeverThrow(@ForAll("nestings") List<Integer> tunnels) {
        byte[] bytes = ROCE_SEED;
        int layers = 1 + 2 + 1 + 1;   // frame, eth, ethertype, ip, udp (the BTH and what follows are one more)
        for (int tunnel : tunnels) {
            bytes = Nesting.wrap(tunnel, bytes);
            layers += Nesting.LAYERS[tunnel];
        }
        Frame frame = frame(bytes, LinkType.ETHERNET, bytes.length);
        check(frame);
        PacketSummary summary = new PacketSummary();
        fast.summarize(frame, summary);
        if (layers <= FrameWalker.MAX_LAYERS) {
            assertEquals(null, summary.malformedReason);
            assertTrue(summary.isRoce());
            assertEquals(ROCE_SEED_SUMMARY.destQp, summary.destQp);
            assertEquals(ROCE_SEED_SUMMARY.psn, summary.psn);
            assertEquals(PacketSummary.ICRC_GOOD, summary.icrcStatus);
        } else {
            assertTrue(summary.is(PacketSummary.MALFORMED));
            assertTrue(summary.malformedReason.startsWith("more than 500 nested protocol layers"),
                    summary.malformedReason);
        }
    }

    @Provide
    Arbitrary<List<Integer>> nestings() {
        Arbitrary<Integer> kind = Arbitraries.integers().between(0, Nesting.LAYERS.length - 1);
        Arbitrary<List<Integer>> few = kind.list().ofMaxSize(12);
        Arbitrary<List<Integer>> many = kind.list().ofMinSize(80).ofMaxSize(400);
        Arbitrary<List<Integer>> same = Combinators.combine(kind, Arbitraries.integers().between(90, 400))
                .as((k, n) -> java.util.Collections.nCopies(n, k));
        return Arbitraries.oneOf(few, many, same);
    }

    private void check(Frame frame) {
        PacketSummary summary = new PacketSummary();
        fast.summarize(frame, summary);
        Dissection dissection = detail.dissect(frame);
        // the bulk pass reads through the layouts generated from the specs, the detail through the Kaitai parsers
        SummaryFieldsTest.compare(dissection, "frame " + java.util.HexFormat.of().formatHex(bytesOf(frame)));
        assertEquals(summary.kinds, dissection.summary().kinds);
        assertEquals(summary.malformedReason, dissection.summary().malformedReason);
        synchronized (PROTOCOLS_BY_SHAPE) {
            assertEquals(FrameProtocols.of(dissection), PROTOCOLS_BY_SHAPE.of(frame, detail, () -> dissection),
                    "frame.protocols by shape");
        }
        if (summary.is(PacketSummary.MALFORMED)) {
            assertNotNull(summary.malformedReason);
            assertNotNull(dissection.layer("malformed"));
        }
        for (Layer layer : dissection.layers()) {
            for (Field field : layer.fields()) {
                assertTrue(field.offset() >= 0 && field.offset() + field.length() <= frame.capturedLength(),
                        field.name() + " at " + field.offset() + "+" + field.length());
            }
        }
        boolean whole = frame.capturedLength() == frame.originalLength();
        if (summary.isRoce() && !summary.is(PacketSummary.MALFORMED) && whole) {
            assertTrue(summary.payloadLength >= 0);
        }
    }

    @Provide
    Arbitrary<Frame> randomFrames() {
        Arbitrary<byte[]> bytes = Arbitraries.bytes().array(byte[].class).ofMinSize(0).ofMaxSize(200);
        Arbitrary<Integer> linkTypes = Arbitraries.of(LinkType.ETHERNET, LinkType.LINUX_SLL, LinkType.LINUX_SLL2, 197);
        Arbitrary<Integer> extra = Arbitraries.integers().between(0, 3000);
        return Combinators.combine(bytes, linkTypes, extra).as((b, linkType, more) -> frame(b, linkType, b.length + more));
    }

    @Provide
    Arbitrary<Frame> mutatedFrames() {
        Arbitrary<byte[]> seed = Arbitraries.of(SEEDS);
        Arbitrary<Integer> position = Arbitraries.integers().between(0, 4000);
        Arbitrary<Integer> value = Arbitraries.integers().between(0, 255);
        Arbitrary<Integer> cut = Arbitraries.integers().between(0, 1200);
        Arbitrary<Boolean> cutBySnapLength = Arbitraries.of(true, false);
        return Combinators.combine(seed, position, value, cut, cutBySnapLength).as((bytes, at, v, keep, snapped) -> {
            byte[] mutated = bytes.clone();
            mutated[at % mutated.length] = (byte) (int) v;
            mutated[(at * 7 + 13) % mutated.length] ^= (byte) (v * 31);
            int length = Math.min(mutated.length, Math.max(keep, mutated.length / 2));
            byte[] kept = java.util.Arrays.copyOf(mutated, length);
            return frame(kept, LinkType.ETHERNET, snapped ? bytes.length : length);
        });
    }

    private static byte[] bytesOf(Frame frame) {
        byte[] bytes = new byte[frame.capturedLength()];
        frame.data().get(0, bytes);
        return bytes;
    }

    private static Frame frame(byte[] bytes, int linkType, int originalLength) {
        return new Frame(1, 0, originalLength, linkType, 0, -1, ByteBuffer.wrap(bytes));
    }

    /**
     * Frames to mutate: the sample capture with every opcode, PFC, PAUSE, VLAN, IPv6, UD and RoCEv1, and the same
     * mirrored in ERSPAN type III (always in the repository), and frames of a few real captures when they are there.
     */
    private static List<byte[]> seedFrames() {
        List<Path> captures = new ArrayList<>(List.of(Path.of("../sample-captures/mixed.pcapng"),
                Path.of("../sample-captures/mixed-erspan3.pcapng")));
        if (RealCaptures.present()) {
            for (String name : List.of("rxe-rping-cm-ud-read-write.pcap", "rxe-rc-atomic-fetchadd.pcap",
                    "huawei-hiroce-rc-send-with-imm-ect0-lowsrcport.pcap")) {
                captures.add(RealCaptures.file(name));
            }
        }
        return framesOf(captures);
    }

    /** The frames of the protocol modules' test captures: LLDP and DCBX, IEEE 802.3 with LLC and STP. */
    private static final List<byte[]> MODULE_SEEDS = framesOf(List.of(
            Path.of("src/test/resources/tshark/lldp/dcbx.pcap"), Path.of("src/test/resources/tshark/encap/ieee8023.pcap")));

    /**
     * Found by mutatedModuleFramesNeverThrow: an LLDPDU cut by the snap length right after a TLV (35 of 199 bytes) is
     * whole to the walk, which stops at the end of the bytes; the detail read on into the zeros a cut frame is padded
     * with and showed an End TLV past the captured bytes.
     */
    @net.jqwik.api.Example
    void anLldpduCutAfterATlvShowsOnlyItsCapturedTlvs() {
        byte[] first = MODULE_SEEDS.get(0);
        Frame cut = frame(java.util.Arrays.copyOf(first, 35), LinkType.ETHERNET, first.length);
        check(cut);
        assertEquals(3, detail.dissect(cut).layer("lldp").fields().stream()
                .filter(f -> f.name().equals("lldp.tlv.type")).count());
    }

    /** Mutated and cut LLDP, DCBX, LLC and STP frames (every TLV lldp.ksy reads): never a throw. */
    @Property(tries = 3000)
    void mutatedModuleFramesNeverThrow(@ForAll("mutatedModuleFrames") Frame frame) {
        check(frame);
    }

    @Provide
    Arbitrary<Frame> mutatedModuleFrames() {
        Arbitrary<byte[]> seed = Arbitraries.of(MODULE_SEEDS);
        Arbitrary<Integer> position = Arbitraries.integers().between(12, 400);
        Arbitrary<Integer> value = Arbitraries.integers().between(0, 255);
        Arbitrary<Integer> cut = Arbitraries.integers().between(14, 400);
        Arbitrary<Boolean> cutBySnapLength = Arbitraries.of(true, false);
        return Combinators.combine(seed, position, value, cut, cutBySnapLength).as((bytes, at, v, keep, snapped) -> {
            byte[] mutated = bytes.clone();
            mutated[at % mutated.length] = (byte) (int) v;
            int length = Math.min(mutated.length, keep);
            return frame(java.util.Arrays.copyOf(mutated, length), LinkType.ETHERNET, snapped ? bytes.length : length);
        });
    }

    private static List<byte[]> framesOf(List<Path> captures) {
        List<byte[]> seeds = new ArrayList<>();
        try {
            for (Path capture : captures) {
                try (CaptureReader reader = CaptureReaders.open(capture)) {
                    Frame frame;
                    for (int taken = 0; taken < 200 && (frame = reader.next()) != null; taken++) {
                        byte[] bytes = new byte[frame.capturedLength()];
                        frame.data().duplicate().get(bytes);
                        seeds.add(bytes);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return seeds;
    }
}
