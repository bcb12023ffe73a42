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
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.Tuple2;

/**
 * The job's two sides without Spark: every generated scenario (and the mixed one in each encapsulation) and every
 * sample capture read in several splits by {@link SummaryBatches}, its batches replayed per partition in the map
 * tasks' order, in reverse order of splits and shuffled: each frame arrives once, in its partition in capture order,
 * numbered through its point's stream (a point of three files too), with the same summary as a whole-file
 * dissection in every field but those {@link SummaryCodec} leaves out, whatever the order the batches come in; a host
 * pair's RoCE frames and a point's other frames each in one partition; the point's first and latest timestamp; a
 * damaged split's problem; and a bulk capture's RoCE frames in under 8 bytes each.
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
            "icrc", "llcDsap", "llcSsap", "stpType", "moduleInfo", "madClass", "ipLength", "ipHeaderLength", "ipId",
            "ipFlags", "ipFragmentOffset", "ipChecksum", "ipv6FlowLabel", "udpChecksum", "greProtocol", "erspanVersion",
            "erspanSessionId", "erspanVlan", "vxlanVni", "migReq", "bthVersion");

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

    /** The frames of the files read one after the other, numbered through them; the first and latest timestamp. */
    static Map<Long, Map<String, Object>> whole(List<Path> files, long[] bounds) throws IOException {
        Map<Long, Map<String, Object>> frames = new HashMap<>();
        FastDissector dissector = new FastDissector(new DissectorOptions(PORTS));
        PacketSummary s = new PacketSummary();
        bounds[0] = Long.MIN_VALUE;
        bounds[1] = Long.MIN_VALUE;
        for (Path file : files) {
            long before = frames.size();
            try (CaptureReader reader = CaptureReaders.open(file)) {
                Frame f;
                while ((f = reader.next()) != null) {
                    dissector.summarize(f, s);
                    s.number += before;
                    frames.put(s.number, kept(s));
                    bounds[0] = bounds[0] == Long.MIN_VALUE ? s.timestampNanos : bounds[0];
                    bounds[1] = Math.max(bounds[1], s.timestampNanos);
                }
            }
        }
        return frames;
    }

    /**
     * The files as one point (id 3), each read in {@code splits} splits by {@link SummaryBatches#read}, the batches of
     * each partition replayed as the map tasks wrote them, with the splits' series in reverse order, and shuffled:
     * the frames by number, each checked to come once, in order within its partition, with the point's bounds, and a
     * conversation's frames in one partition; the same frames whatever the order the batches come in.
     */
    static Map<Long, Map<String, Object>> replayed(List<Path> files, int splits, long[] bounds,
                                                   List<AnalyzeJob.SplitStats> reported) throws IOException {
        List<List<Tuple2<SummaryBatches.Key, byte[]>>> bySplit = new ArrayList<>();
        for (int id = 0; id < files.size(); id++) {
            long size = Files.size(files.get(id));
            CaptureFiles.CaptureFileInfo info = new CaptureFiles.CaptureFileInfo(files.get(id).toString(), "p", 3,
                    10 + id, id, size, true);
            for (int i = 0; i < splits; i++) {
                CaptureFiles.Split split = new CaptureFiles.Split(info, size * i / splits, size * (i + 1) / splits);
                List<Tuple2<SummaryBatches.Key, byte[]>> series = new ArrayList<>();
                SummaryBatches.read(bySplit.size(), split, PORTS, PARTITIONS, reported::add)
                        .forEachRemaining(series::add);
                bySplit.add(series);
            }
        }
        int[] pointOfSplit = new int[bySplit.size()];
        Arrays.fill(pointOfSplit, 3);
        List<Tuple2<SummaryBatches.Key, byte[]>> inOrder = bySplit.stream().flatMap(List::stream).toList();
        List<List<Tuple2<SummaryBatches.Key, byte[]>>> lastFirst = new ArrayList<>(bySplit);
        Collections.reverse(lastFirst);
        List<Tuple2<SummaryBatches.Key, byte[]>> reversed = lastFirst.stream().flatMap(List::stream).toList();
        List<Tuple2<SummaryBatches.Key, byte[]>> shuffled = new ArrayList<>(inOrder);
        Collections.shuffle(shuffled, new Random(7));
        Map<Long, Map<String, Object>> frames = null;
        for (List<Tuple2<SummaryBatches.Key, byte[]>> batches : List.of(inOrder, reversed, shuffled)) {
            Map<Long, Map<String, Object>> got = replayed(batches, pointOfSplit, bounds);
            assertEquals(frames == null ? got : frames, got, "the frames of batches coming in another order");
            frames = got;
        }
        return frames;
    }

    private static Map<Long, Map<String, Object>> replayed(List<Tuple2<SummaryBatches.Key, byte[]>> batches,
                                                           int[] pointOfSplit, long[] bounds) {
        Map<Long, Map<String, Object>> frames = new HashMap<>();
        Map<Long, Integer> partitionOfConversation = new HashMap<>();
        SummaryBatches.ByPartition partitioner = new SummaryBatches.ByPartition(PARTITIONS);
        for (int p = 0; p < PARTITIONS; p++) {
            final int partition = p;
            List<Tuple2<SummaryBatches.Key, byte[]>> mine = batches.stream()
                    .filter(b -> partitioner.getPartition(b._1()) == partition).toList();
            SummaryBatches.replay(mine.iterator(), pointOfSplit, new SummaryBatches.Sink() {
                long last;
                boolean ended;

                @Override
                public void start(int point, long captureStartNanos) {
                    assertEquals(3, point);
                    assertEquals(bounds[0], captureStartNanos, "the point's first timestamp");
                }

                @Override
                public void frame(int point, PacketSummary s) {
                    assertEquals(3, point);
                    assertTrue(!ended && s.number > last, "frame " + s.number + " after " + last);
                    last = s.number;
                    assertEquals(null, frames.put(s.number, kept(s)), "frame " + s.number + " twice");
                    long conversation = s.isRoce()
                            ? FrameColumns.conversation(s.ipSrcHi, s.ipSrcLo, s.ipDstHi, s.ipDstLo)
                            : SummaryBatches.NO_CONVERSATION;
                    assertEquals(partitionOfConversation.computeIfAbsent(conversation, c -> partition), partition,
                            "frame " + s.number + "'s conversation in two partitions");
                }

                @Override
                public void end(int point, long captureEndNanos) {
                    assertEquals(3, point);
                    assertEquals(bounds[1], captureEndNanos, "the point's latest timestamp");
                    assertTrue(!ended, "a point ends once in a partition");
                    ended = true;
                }
            });
            for (Tuple2<SummaryBatches.Key, byte[]> batch : mine) {
                assertTrue(batch._2().length < SummaryBatches.BATCH_BYTES + 600, "batch of " + batch._2().length);
            }
        }
        return frames;
    }

    @Test
    void everyFrameArrivesOnceInItsPartitionInCaptureOrderWithItsSummary(@TempDir Path dir) throws IOException {
        for (Path capture : captures(dir)) {
            long[] bounds = new long[2];
            Map<Long, Map<String, Object>> expected = whole(List.of(capture), bounds);
            assertTrue(expected.size() > 10, capture + ": " + expected.size());
            List<AnalyzeJob.SplitStats> reported = new ArrayList<>();
            Map<Long, Map<String, Object>> got = replayed(List.of(capture), 4, bounds, reported);
            assertEquals(expected, got, capture.toString());
            assertEquals(4, reported.size());
            assertEquals(expected.size(), reported.stream().mapToLong(AnalyzeJob.SplitStats::frames).sum());
            assertTrue(reported.stream().allMatch(r -> r.problem() == null), reported.toString());
        }
    }

    /** A ring buffer's files, one point: numbered through the stream, bounded by its first and latest frame. */
    @Test
    void theFilesOfAPointAreOneStream() throws IOException {
        List<Path> files = List.of(AnalyzeJobTest.SAMPLES.resolve("pfc-storm.pcap"),
                AnalyzeJobTest.SAMPLES.resolve("incast.pcap"), AnalyzeJobTest.SAMPLES.resolve("mixed.pcapng"));
        long[] bounds = new long[2];
        Map<Long, Map<String, Object>> expected = whole(files, bounds);
        List<AnalyzeJob.SplitStats> reported = new ArrayList<>();
        assertEquals(expected, replayed(files, 3, bounds, reported));
        assertEquals(9, reported.size());
    }

    /** A file cut short: its frames before the damage, and the damage reported by the split it is in. */
    @Test
    void aDamagedSplitReportsItsProblem(@TempDir Path dir) throws IOException {
        byte[] bytes = Files.readAllBytes(AnalyzeJobTest.SAMPLES.resolve("incast.pcap"));
        Path cut = dir.resolve("cut.pcap");
        Files.write(cut, Arrays.copyOf(bytes, bytes.length * 3 / 5));
        long[] bounds = new long[2];
        Map<Long, Map<String, Object>> expected = whole(List.of(cut), bounds);
        List<AnalyzeJob.SplitStats> reported = new ArrayList<>();
        assertEquals(expected, replayed(List.of(cut), 3, bounds, reported));
        String problem;
        try (CaptureReader reader = CaptureReaders.open(cut)) {
            while (reader.next() != null) {
                // to the damage
            }
            problem = reader.problem();
        }
        assertTrue(problem != null && problem.contains("cut short"), problem);
        assertEquals(List.of(false, false, true), reported.stream().map(r -> r.problem() != null).toList());
        // the split counts frames from its own first: the job makes them the file's numbers
        AnalyzeJob.SplitStats last = reported.get(2);
        assertEquals(problem, AnalyzeJob.fileFrameNumbers(last.problem(),
                reported.get(0).frames() + reported.get(1).frames()));
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
    void aBulkCapturesRoceFramesTakeUnder8BytesEach(@TempDir Path dir) throws IOException {
        Path bulk = dir.resolve("bulk.pcap");
        Generator.generate(new Generator.Options(Scenario.BULK, 50_000, 64, Generator.DEFAULT_LINK_SPEED_BPS, 128, 1,
                CaptureFormat.PCAP), bulk, null);
        CaptureFiles.CaptureFileInfo info = new CaptureFiles.CaptureFileInfo(bulk.toString(), "p", 0, 0, 0,
                Files.size(bulk), true);
        long bytes = 0;
        long frames = 0;
        for (Iterator<Tuple2<SummaryBatches.Key, byte[]>> it = SummaryBatches.read(0,
                new CaptureFiles.Split(info, 0, Files.size(bulk)), PORTS, 4, stats -> { }); it.hasNext(); ) {
            Tuple2<SummaryBatches.Key, byte[]> batch = it.next();
            if (batch._1().sequence() != SummaryBatches.SPLIT_RECORD) {
                bytes += batch._2().length;
                frames += count(batch._2());
            }
        }
        assertEquals(50_000, frames);
        assertTrue(bytes < 8 * frames, bytes + " bytes for " + frames + " frames");
    }
}
