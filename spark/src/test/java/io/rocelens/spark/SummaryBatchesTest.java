package io.rocelens.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.analysis.SummaryCodec;
import io.rocelens.capture.CaptureFormat;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.generate.Encapsulation;
import io.rocelens.generate.Generator;
import io.rocelens.generate.Scenario;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.Tuple2;

/**
 * The map side of the job without Spark: every generated scenario (and the mixed one in each encapsulation) and
 * every sample capture read in several splits by {@link SummaryBatches}, its batches put in each partition's
 * order: each frame arrives once, in its partition in capture order, with the same summary as a whole-file
 * dissection in every field but those {@link SummaryCodec} leaves out; a host pair's RoCE frames and a point's other
 * frames each in one partition; and a bulk capture's RoCE frames in under 30 bytes each.
 */
class SummaryBatchesTest {

    private static final Set<Integer> PORTS = Set.of(4791);
    private static final int PARTITIONS = 5;

    /** The fields SummaryCodec does not keep (it says so), and the MAC addresses of frames with a BTH. */
    private static final Set<String> LEFT_OUT = Set.of("firstTimestampNanos", "previousTimestampNanos",
            "capturedLength", "fileOffset", "interfaceId", "innerOffset", "encapsulationDepth", "outer", "etherType",
            "vlanId", "vlanTags", "ttl", "ipProtocol", "transportProtocol", "udpSrcPort", "udpDstPort", "udpLength",
            "tcpSrcPort", "tcpDstPort", "tcpFlags", "tcpPayloadLength", "arpOperation", "arpSenderMac", "arpSenderIp",
            "arpTargetIp", "lrhVl", "lrhLnh", "lrhDlid", "lrhSlid", "vcrcStatus", "solicitedEvent", "padCount", "pkey",
            "fecn", "becn", "xrcSrq", "rethVa", "rethRkey", "aethMsn", "dethQkey", "immediate", "hasImmediate",
            "icrc", "llcDsap", "llcSsap", "stpType", "moduleInfo", "madClass");

    /** Every public instance field of the summary but those left out, by name. */
    static Map<String, Object> kept(PacketSummary s) {
        Map<String, Object> values = new LinkedHashMap<>();
        try {
            for (Field f : PacketSummary.class.getFields()) {
                if (Modifier.isStatic(f.getModifiers()) || LEFT_OUT.contains(f.getName())
                        || s.isRoce() && (f.getName().equals("ethSrc") || f.getName().equals("ethDst"))) {
                    continue;
                }
                Object v = f.get(s);
                values.put(f.getName(), v instanceof int[] a ? Arrays.toString(a) : v);
            }
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
        return values;
    }

    static List<Path> captures(Path dir) throws IOException {
        List<Path> all = new ArrayList<>();
        for (Scenario scenario : Scenario.values()) {
            Path file = dir.resolve(scenario.name().toLowerCase() + ".pcap");
            Generator.generate(new Generator.Options(scenario, Math.min(3000, scenario.defaultPackets()),
                    Math.min(16, scenario.defaultQps()), Generator.DEFAULT_LINK_SPEED_BPS, 65_535, 11,
                    CaptureFormat.PCAP), file, null);
            all.add(file);
        }
        for (Encapsulation encapsulation : Encapsulation.values()) {
            Path file = dir.resolve("mixed-" + encapsulation.name().toLowerCase() + ".pcapng");
            Generator.generate(new Generator.Options(Scenario.MIXED, 400, 8, Generator.DEFAULT_LINK_SPEED_BPS,
                    65_535, 12, CaptureFormat.PCAPNG, encapsulation), file, null);
            all.add(file);
        }
        try (Stream<Path> samples = Files.list(AnalyzeJobTest.SAMPLES)) {
            samples.filter(p -> p.toString().matches(".*\\.pcap(ng)?$")).sorted().forEach(all::add);
        }
        return all;
    }

    @Test
    void everyFrameArrivesOnceInItsPartitionInCaptureOrderWithItsSummary(@TempDir Path dir) throws IOException {
        for (Path capture : captures(dir)) {
            Map<Long, Map<String, Object>> whole = new HashMap<>();
            FastDissector dissector = new FastDissector(new DissectorOptions(PORTS));
            PacketSummary s = new PacketSummary();
            try (CaptureReader reader = CaptureReaders.open(capture)) {
                Frame f;
                while ((f = reader.next()) != null) {
                    dissector.summarize(f, s);
                    s.number += 1000;   // as the splits below number them
                    whole.put(f.number(), kept(s));
                }
            }
            assertTrue(whole.size() > 10, capture + ": " + whole.size());

            // the file in 4 splits, as a point of its own (id 3) read after 1000 frames of an earlier file
            long size = Files.size(capture);
            CaptureFiles.CaptureFileInfo info = new CaptureFiles.CaptureFileInfo(capture.toString(), "p", 3, 2, 0,
                    size, true);
            List<Tuple2<SummaryBatches.Key, byte[]>> batches = new ArrayList<>();
            long before = 1000;
            for (int i = 0; i < 4; i++) {
                CaptureFiles.Split split = new CaptureFiles.Split(info, size * i / 4, size * (i + 1) / 4);
                long frames = 0;
                for (Iterator<Tuple2<SummaryBatches.Key, byte[]>> it = SummaryBatches.read(split, before, PORTS,
                        PARTITIONS); it.hasNext(); ) {
                    Tuple2<SummaryBatches.Key, byte[]> batch = it.next();
                    assertEquals(split.start(), batch._1().splitStart());
                    batches.add(batch);
                    frames += count(batch._2());
                }
                before += frames;
            }
            assertEquals(1000 + whole.size(), before, capture + ": frames read");

            Map<Long, Integer> partitionOfConversation = new HashMap<>();
            Set<Long> seen = new java.util.HashSet<>();
            SummaryCodec.Reader reader = new SummaryCodec.Reader();
            for (int p = 0; p < PARTITIONS; p++) {
                final int partition = p;
                List<Tuple2<SummaryBatches.Key, byte[]>> mine = new ArrayList<>(batches.stream()
                        .filter(b -> new SummaryBatches.ByPartition(PARTITIONS).getPartition(b._1()) == partition)
                        .toList());
                mine.sort((a, b) -> SummaryBatches.ORDER.compare(a._1(), b._1()));
                long last = 0;
                for (Tuple2<SummaryBatches.Key, byte[]> batch : mine) {
                    assertTrue(batch._2().length < SummaryBatches.BATCH_BYTES + 600, "batch of " + batch._2().length);
                    reader.reset(batch._2());
                    while (reader.next(s)) {
                        assertTrue(s.number > last, capture + ": frame " + s.number + " after " + last);
                        last = s.number;
                        assertTrue(seen.add(s.number), capture + ": frame " + s.number + " twice");
                        assertEquals(whole.get(s.number - 1000), kept(s), capture + " frame " + (s.number - 1000));
                        long conversation = s.isRoce()
                                ? FrameColumns.conversation(s.ipSrcHi, s.ipSrcLo, s.ipDstHi, s.ipDstLo)
                                : SummaryBatches.NO_CONVERSATION;
                        assertEquals(partitionOfConversation.computeIfAbsent(conversation, c -> partition),
                                partition, capture + ": frame " + s.number + "'s conversation in two partitions");
                    }
                }
            }
            assertEquals(whole.size(), seen.size(), capture + ": frames analysed");
        }
    }

    private static long count(byte[] batch) {
        SummaryCodec.Reader reader = new SummaryCodec.Reader();
        reader.reset(batch);
        PacketSummary s = new PacketSummary();
        long n = 0;
        while (reader.next(s)) {
            n++;
        }
        return n;
    }

    @Test
    void aBulkCapturesRoceFramesTakeUnder30BytesEach(@TempDir Path dir) throws IOException {
        Path bulk = dir.resolve("bulk.pcap");
        Generator.generate(new Generator.Options(Scenario.BULK, 50_000, 64, Generator.DEFAULT_LINK_SPEED_BPS, 128, 1,
                CaptureFormat.PCAP), bulk, null);
        CaptureFiles.CaptureFileInfo info = new CaptureFiles.CaptureFileInfo(bulk.toString(), "p", 0, 0, 0,
                Files.size(bulk), true);
        long bytes = 0;
        long frames = 0;
        for (Iterator<Tuple2<SummaryBatches.Key, byte[]>> it = SummaryBatches.read(
                new CaptureFiles.Split(info, 0, Files.size(bulk)), 0, PORTS, 4); it.hasNext(); ) {
            byte[] batch = it.next()._2();
            bytes += batch.length;
            frames += count(batch);
        }
        assertEquals(50_000, frames);
        assertTrue(bytes < 30 * frames, bytes + " bytes for " + frames + " frames");
    }
}
