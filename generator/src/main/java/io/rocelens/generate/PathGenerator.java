package io.rocelens.generate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rocelens.capture.CaptureWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Writes one capture per point of a path for a scenario's traffic, and the truth of what happened on each hop: the
 * frames leave their sender at point 0 (requests, from the side that sent a conversation's first request) or at the
 * last point (responses, ACKs, CNPs), and each hop loses, delays (with jitter), CE-marks, rewrites the DSCP of, or
 * holds back (so it is overtaken) a packet with the chances given, decided here with a random generator of its own.
 * Each point's clock is off by its own offset. MAC Control and other frames that no switch forwards are in point 0's
 * capture only.
 */
public final class PathGenerator {

    /**
     * @param points       capture points on the path, 2 to 16
     * @param hopDelay     fixed one-way delay of every hop, nanoseconds
     * @param jitter       extra delay up to this, uniform, per packet and hop
     * @param drop         chance that a hop loses a packet
     * @param ceMark       chance that a hop marks an ECN-capable packet CE
     * @param dscpRewrite  chance that a hop rewrites a packet's DSCP (flips its bit 3)
     * @param reorder      chance that a hop holds a packet back by four hop delays, so later ones overtake it
     * @param clockOffsets per point, its clock minus the true time, nanoseconds (point 0's too)
     * @param routed       every hop is a router: it decrements the TTL (IPv4, with the checksum) or hop limit
     * @param mirrors      per point, how its capture carries the frames: {@link Encapsulation#NONE} as they are, or
     *                     as a switch's mirror session delivers them (ERSPAN, GRE, VXLAN); null: none mirrored
     */
    public record PathOptions(int points, long hopDelay, long jitter, double drop, double ceMark, double dscpRewrite,
                              double reorder, long[] clockOffsets, boolean routed, Encapsulation[] mirrors) {
        public PathOptions {
            if (points < 2 || points > 16) {
                throw new IllegalArgumentException("--points must be 2..16");
            }
            if (hopDelay < 0 || jitter < 0) {
                throw new IllegalArgumentException("hop delay and jitter must not be negative");
            }
            for (double chance : new double[] {drop, ceMark, dscpRewrite, reorder}) {
                if (!(chance >= 0 && chance <= 1)) {
                    throw new IllegalArgumentException("a chance must be from 0 to 1");
                }
            }
            clockOffsets = clockOffsets == null ? new long[points] : clockOffsets.clone();
            if (clockOffsets.length != points) {
                throw new IllegalArgumentException("one clock offset per point");
            }
            if (mirrors == null) {
                mirrors = new Encapsulation[points];
                Arrays.fill(mirrors, Encapsulation.NONE);
            }
            mirrors = mirrors.clone();
            if (mirrors.length != points) {
                throw new IllegalArgumentException("one encapsulation per point");
            }
        }
    }

    private static final int ETHERTYPE_IPV4 = 0x0800;
    private static final int ETHERTYPE_IPV6 = 0x86DD;
    private static final int CE = 3;

    private PathGenerator() {
    }

    /** The file of point {@code point} for {@code output} {@code NAME.EXT}: {@code NAME_pPOINT.EXT}. */
    public static Path pointFile(Path output, int point) {
        String name = output.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        String extension = dot > 0 ? name.substring(dot) : "";
        return output.resolveSibling(stem + "_p" + point + extension);
    }

    /** A frame as the scenario wrote it. */
    private record Written(long time, int originalLength, byte[] bytes) {
    }

    /** One frame at one point: when it passed, on the true clock, and its bytes there. */
    private record Passage(long time, int originalLength, byte[] bytes) {
    }

    /** Generates the captures (see {@link #pointFile}) and, when {@code truth} is not null, the truth JSON. */
    public static List<Path> generate(Generator.Options options, PathOptions path, Path output, Path truth)
            throws IOException {
        if (options.encapsulation() != Encapsulation.NONE) {
            throw new IllegalArgumentException("--points writes plain frames at every point; --encap is not taken");
        }
        // the path is built in memory; refuse before the heap runs out, not after minutes of it
        long perFrame = Math.min(options.snaplen(), 9_000) + 160L;
        long needed = (long) options.packets() * perFrame * (path.points() + 1);
        long heap = Runtime.getRuntime().maxMemory();
        if (needed > heap / 2) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "--points builds the path in memory: %d"
                    + " frames at %d points need about %d MB, more than half of the %d MB heap; fewer --packets, a"
                    + " smaller --snaplen, or more heap (ROCELENS_JAVA_OPTS=-Xmx…)", options.packets(), path.points(),
                    needed >> 20, heap >> 20));
        }
        List<Written> written = new ArrayList<>();
        CaptureWriter memory = new CaptureWriter() {
            @Override
            public void write(long timestampNanos, int originalLength, byte[] data, int offset, int capturedLength) {
                // cut to the snap length here already: a path of a million frames is held in memory
                written.add(new Written(timestampNanos, originalLength, Arrays.copyOfRange(data, offset,
                        offset + Math.min(capturedLength, options.snaplen()))));
            }

            @Override
            public long framesWritten() {
                return written.size();
            }

            @Override
            public void close() {
            }
        };
        Emitter emitter = new Emitter(memory, options.linkSpeedBps(), Encapsulation.NONE, true);
        options.scenario().run(emitter, options.packets(), options.qps(), new SplittableRandom(options.seed()));
        List<Emitted> emitted = emitter.emitted();

        Map<String, String> requesters = new HashMap<>();
        for (Emitted frame : emitted) {
            if (frame.kind() == Emitted.Kind.ROCE && !isResponse(frame.opcode())) {
                requesters.putIfAbsent(pair(frame.srcIp(), frame.dstIp()), frame.srcIp());
            }
        }
        int points = path.points();
        List<List<Passage>> atPoint = new ArrayList<>();
        for (int p = 0; p < points; p++) {
            atPoint.add(new ArrayList<>());
        }
        HopTruth[] hops = new HopTruth[2 * (points - 1)];
        for (int p = 0; p + 1 < points; p++) {
            hops[2 * p] = new HopTruth(p, p + 1);
            hops[2 * p + 1] = new HopTruth(p + 1, p);
        }
        SplittableRandom random = new SplittableRandom(options.seed() * 31 + 7);
        for (int i = 0; i < emitted.size(); i++) {
            Emitted frame = emitted.get(i);
            Written bytes = written.get(i);
            if (frame.kind() != Emitted.Kind.ROCE) {
                atPoint.get(0).add(new Passage(bytes.time(), bytes.originalLength(), bytes.bytes()));
                continue;
            }
            String requester = requesters.get(pair(frame.srcIp(), frame.dstIp()));
            boolean forward = requester == null || requester.equals(frame.srcIp());
            String flow = frame.srcIp() + ">" + frame.dstIp() + "/" + frame.destQp();
            long time = bytes.time();
            byte[] data = bytes.bytes();
            int point = forward ? 0 : points - 1;
            atPoint.get(point).add(new Passage(time, bytes.originalLength(), data));
            for (int hop = 0; hop + 1 < points; hop++) {
                int next = point + (forward ? 1 : -1);
                HopTruth truthOfHop = hops[2 * Math.min(point, next) + (next > point ? 0 : 1)];
                truthOfHop.packets++;
                if (random.nextDouble() < path.drop()) {
                    truthOfHop.lost++;
                    break;
                }
                long delay = path.hopDelay() + (path.jitter() > 0 ? random.nextLong(path.jitter() + 1) : 0);
                if (random.nextDouble() < path.reorder()) {
                    delay += 4 * path.hopDelay();
                }
                boolean mark = random.nextDouble() < path.ceMark();
                boolean rewrite = random.nextDouble() < path.dscpRewrite();
                int l3 = ipOffset(data);
                if (l3 >= 0 && (mark || rewrite || path.routed())) {
                    data = data.clone();
                    if (path.routed() && hopLimit(data, l3) > 0) {
                        setHopLimit(data, l3, hopLimit(data, l3) - 1);
                        truthOfHop.ttlDecremented++;
                    }
                    int ecn = ecn(data, l3);
                    if (mark && (ecn == 1 || ecn == 2)) {
                        setTrafficClass(data, l3, dscp(data, l3), CE);
                        truthOfHop.ceMarked++;
                    }
                    if (rewrite) {
                        setTrafficClass(data, l3, dscp(data, l3) ^ 0x08, ecn(data, l3));
                        truthOfHop.dscpChanged++;
                    }
                }
                truthOfHop.arrive(flow, time, time + delay);
                time += delay;
                point = next;
                atPoint.get(point).add(new Passage(time, bytes.originalLength(), data));
            }
        }

        List<Path> files = new ArrayList<>();
        for (int p = 0; p < points; p++) {
            Path file = pointFile(output, p);
            List<Passage> passages = atPoint.get(p);
            passages.sort(Comparator.comparingLong(Passage::time));
            Encapsulation mirror = path.mirrors()[p];
            FrameBuilder builder = new FrameBuilder();
            try (CaptureWriter writer = CaptureWriter.open(file, options.format(),
                    options.snaplen() + mirror.overhead())) {
                for (Passage passage : passages) {
                    long time = passage.time() + path.clockOffsets()[p];
                    if (mirror == Encapsulation.NONE) {
                        writer.write(time, passage.originalLength(), passage.bytes(), 0, passage.bytes().length);
                    } else {
                        System.arraycopy(passage.bytes(), 0, builder.frame(), 0, passage.bytes().length);
                        int length = builder.encapsulate(mirror, passage.bytes().length, time);
                        writer.write(time, passage.originalLength() + mirror.overhead(), builder.frame(), 0, length);
                    }
                }
            }
            files.add(file);
        }
        if (truth != null) {
            writeTruth(options, path, files, atPoint, hops, truth);
        }
        return files;
    }

    /** RDMA READ responses, ACKs and atomic ACKs (0x0D to 0x12 in every transport) and CNPs come from the responder. */
    private static boolean isResponse(int opcode) {
        int operation = opcode & 0x1F;
        return opcode == 0x81 || operation >= 0x0D && operation <= 0x12;
    }

    private static String pair(String one, String other) {
        return one.compareTo(other) < 0 ? one + "|" + other : other + "|" + one;
    }

    /** The IP header's offset after Ethernet and any VLAN tags, or -1 when the frame is not IP. */
    private static int ipOffset(byte[] data) {
        int offset = 12;
        while (offset + 2 <= data.length) {
            int type = (data[offset] & 0xFF) << 8 | data[offset + 1] & 0xFF;
            if (type == 0x8100 || type == 0x88A8) {
                offset += 4;
                continue;
            }
            return type == ETHERTYPE_IPV4 || type == ETHERTYPE_IPV6 ? offset + 2 : -1;
        }
        return -1;
    }

    private static boolean isIpv4(byte[] data, int l3) {
        return (data[l3] & 0xF0) == 0x40;
    }

    private static int trafficClass(byte[] data, int l3) {
        return isIpv4(data, l3) ? data[l3 + 1] & 0xFF : (data[l3] & 0x0F) << 4 | (data[l3 + 1] & 0xF0) >> 4;
    }

    private static int ecn(byte[] data, int l3) {
        return trafficClass(data, l3) & 3;
    }

    private static int dscp(byte[] data, int l3) {
        return trafficClass(data, l3) >> 2;
    }

    private static int hopLimit(byte[] data, int l3) {
        return data[l3 + (isIpv4(data, l3) ? 8 : 7)] & 0xFF;
    }

    /** Writes the TTL (and the IPv4 header checksum again) or the IPv6 hop limit. */
    private static void setHopLimit(byte[] data, int l3, int value) {
        if (isIpv4(data, l3)) {
            data[l3 + 8] = (byte) value;
            ipv4Checksum(data, l3);
        } else {
            data[l3 + 7] = (byte) value;
        }
    }

    /** Writes DSCP and ECN (RFC 2474, RFC 3168) and, for IPv4, the header checksum again (RFC 791). */
    private static void setTrafficClass(byte[] data, int l3, int dscp, int ecn) {
        int value = dscp << 2 | ecn;
        if (isIpv4(data, l3)) {
            data[l3 + 1] = (byte) value;
            ipv4Checksum(data, l3);
        } else {
            data[l3] = (byte) (data[l3] & 0xF0 | value >> 4);
            data[l3 + 1] = (byte) ((value & 0x0F) << 4 | data[l3 + 1] & 0x0F);
        }
    }

    /** The IPv4 header checksum, over the header with the checksum field zero (RFC 791, RFC 1071). */
    private static void ipv4Checksum(byte[] data, int l3) {
        int headerLength = (data[l3] & 0x0F) * 4;
        data[l3 + 10] = 0;
        data[l3 + 11] = 0;
        long sum = 0;
        for (int i = 0; i < headerLength; i += 2) {
            sum += (data[l3 + i] & 0xFF) << 8 | data[l3 + i + 1] & 0xFF;
        }
        while (sum >> 16 != 0) {
            sum = (sum & 0xFFFF) + (sum >> 16);
        }
        int checksum = (int) ~sum & 0xFFFF;
        data[l3 + 10] = (byte) (checksum >> 8);
        data[l3 + 11] = (byte) checksum;
    }

    /** The generator's own account of one hop in one direction. */
    private static final class HopTruth {
        final int from;
        final int to;
        long packets;
        long lost;
        long ceMarked;
        long dscpChanged;
        long ttlDecremented;
        final List<long[]> delays = new ArrayList<>();
        final Map<String, List<long[]>> byFlow = new HashMap<>();    // [departure, arrival]

        HopTruth(int from, int to) {
            this.from = from;
            this.to = to;
        }

        void arrive(String flow, long departure, long arrival) {
            delays.add(new long[] {arrival - departure});
            byFlow.computeIfAbsent(flow, key -> new ArrayList<>()).add(new long[] {departure, arrival});
        }

        /** Arrivals behind a packet of the same flow that left after them. */
        long reordered() {
            long count = 0;
            for (List<long[]> flow : byFlow.values()) {
                List<long[]> byArrival = new ArrayList<>(flow);
                byArrival.sort(Comparator.comparingLong(passage -> passage[1]));
                long latestDeparture = Long.MIN_VALUE;
                for (long[] passage : byArrival) {
                    if (passage[0] < latestDeparture) {
                        count++;
                    } else {
                        latestDeparture = passage[0];
                    }
                }
            }
            return count;
        }
    }

    private static void writeTruth(Generator.Options options, PathOptions path, List<Path> files,
                                   List<List<Passage>> atPoint, HopTruth[] hops, Path truth) throws IOException {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        ArrayNode points = root.putArray("points");
        for (int p = 0; p < files.size(); p++) {
            ObjectNode point = points.addObject();
            point.put("file", files.get(p).getFileName().toString());
            point.put("frames", atPoint.get(p).size());
            point.put("clock_offset_ns", path.clockOffsets()[p] - path.clockOffsets()[0]);
        }
        ArrayNode hopList = root.putArray("hops");
        for (HopTruth hop : hops) {
            ObjectNode node = hopList.addObject();
            node.put("from", hop.from);
            node.put("to", hop.to);
            node.put("packets", hop.packets);
            node.put("arrived", hop.packets - hop.lost);
            node.put("lost", hop.lost);
            node.put("ce_marked", hop.ceMarked);
            node.put("dscp_changed", hop.dscpChanged);
            node.put("reordered", hop.reordered());
            node.put("ttl_decremented", hop.ttlDecremented);
            long[] delays = hop.delays.stream().mapToLong(delay -> delay[0]).sorted().toArray();
            ObjectNode delay = node.putObject("delay_ns");
            delay.put("min", delays.length == 0 ? 0 : delays[0]);
            delay.put("p50", percentile(delays, 50));
            delay.put("p99", percentile(delays, 99));
            delay.put("max", delays.length == 0 ? 0 : delays[delays.length - 1]);
        }
        ObjectNode generator = root.putObject("generator");
        generator.put("scenario", options.scenario().cliName());
        generator.put("seed", options.seed());
        generator.put("points", path.points());
        generator.put("hop_delay_ns", path.hopDelay());
        generator.put("jitter_ns", path.jitter());
        generator.put("drop", path.drop());
        generator.put("ce_mark", path.ceMark());
        generator.put("dscp_rewrite", path.dscpRewrite());
        generator.put("reorder", path.reorder());
        generator.put("routed", path.routed());
        ArrayNode mirrors = generator.putArray("mirrors");
        Arrays.stream(path.mirrors()).forEach(mirror -> mirrors.add(mirror.cliName()));
        try (Writer json = Files.newBufferedWriter(truth)) {
            mapper.writeValue(json, root);
        }
    }

    /** The nearest-rank percentile: the smallest delay that at least {@code percent} percent do not exceed. */
    private static long percentile(long[] sorted, double percent) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(percent / 100 * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }
}
