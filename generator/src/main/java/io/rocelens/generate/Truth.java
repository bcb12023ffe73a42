package io.rocelens.generate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Computes the expected analysis (the JSON shape of {@code rocelens analyze --json}, defined in docs/analysis.md) from
 * the generator's record of the frames it wrote, in one pass over that record that follows those definitions
 * literally. It never looks at the bytes in the file.
 */
final class Truth {

    private static final int PSN_MODULUS = 1 << 24;
    private static final int PSN_MASK = PSN_MODULUS - 1;
    private static final DateTimeFormatter ISO_NANOS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'").withZone(ZoneOffset.UTC);

    private Truth() {
    }

    /**
     * @param frames       every frame written, in order
     * @param linkSpeedBps link speed for PFC quanta
     * @param snaplen      snap length of the file: a RoCE frame longer than it has an unchecked ICRC
     */
    static ObjectNode compute(List<Emitted> frames, long linkSpeedBps, int snaplen, ObjectMapper mapper) {
        Map<FlowKey, Flow> flows = new LinkedHashMap<>();
        long roce = 0;
        long ecnCe = 0;
        long malformed = 0;
        long pause = 0;
        long[] priorityBytes = new long[8];
        long[] priorityPackets = new long[8];
        List<Long> icrcBadFrames = new ArrayList<>();
        List<Long> malformedFrames = new ArrayList<>();
        long roceFirstTs = Long.MAX_VALUE;
        long roceLastTs = Long.MIN_VALUE;
        PfcTally pfc = new PfcTally(linkSpeedBps);
        for (Emitted f : frames) {
            switch (f.kind()) {
                case ROCE -> {
                    roce++;
                    priorityBytes[f.priority()] += f.length();
                    priorityPackets[f.priority()]++;
                    if (f.ecn() == 3) {
                        ecnCe++;
                    }
                    boolean icrcBad = f.icrcBad() && f.length() <= snaplen;
                    if (icrcBad) {
                        icrcBadFrames.add(f.number());
                    }
                    roceFirstTs = Math.min(roceFirstTs, f.timestampNanos());
                    roceLastTs = Math.max(roceLastTs, f.timestampNanos());
                    // the other direction of the connection: the generator knows the sending QP
                    Flow reverse = flows.get(new FlowKey(f.dstIp(), f.srcIp(), f.sendingQp()));
                    flows.computeIfAbsent(new FlowKey(f.srcIp(), f.dstIp(), f.destQp()), Flow::new)
                            .add(f, icrcBad, reverse == null ? 0 : reverse.pathMtu);
                }
                case PFC -> pfc.add(f);
                case PAUSE -> pause++;
                case MALFORMED -> {
                    malformed++;
                    malformedFrames.add(f.number());
                }
                case OTHER -> {
                    // Counted in "packets" only.
                }
            }
        }
        pfc.finish();

        List<Flow> sorted = inAnalysisOrder(flows.values());

        ObjectNode root = mapper.createObjectNode();
        root.put("packets", (long) frames.size());
        root.put("roce_packets", roce);
        root.put("flows", (long) flows.size());
        root.put("psn_gaps", sorted.stream().mapToLong(fl -> fl.psnGaps).sum());
        root.put("missing_psns", sorted.stream().mapToLong(fl -> fl.missing.size()).sum());
        root.put("retransmitted", sorted.stream().mapToLong(fl -> fl.retransmitted).sum());
        root.put("duplicates", sorted.stream().mapToLong(fl -> fl.duplicates).sum());
        root.put("out_of_order", sorted.stream().mapToLong(fl -> fl.outOfOrder).sum());
        root.put("naks", sorted.stream().mapToLong(fl -> fl.naks).sum());
        root.put("rnr_naks", sorted.stream().mapToLong(fl -> fl.rnrNaks).sum());
        root.put("cnps", sorted.stream().mapToLong(fl -> fl.cnps).sum());
        root.put("ecn_ce", ecnCe);
        root.put("icrc_bad", (long) icrcBadFrames.size());
        root.put("malformed", malformed);
        root.put("pause_8023x", pause);
        root.put("roce_duration_s", roce == 0 ? 0.0 : (roceLastTs - roceFirstTs) / 1e9);
        ObjectNode pfcNode = root.putObject("pfc");
        for (int p = 0; p < 8; p++) {
            ObjectNode node = pfcNode.putObject(Integer.toString(p));
            node.put("frames", pfc.frames[p]);
            node.put("xoff", pfc.xoff[p]);
            node.put("xon", pfc.xon[p]);
            node.put("quanta", pfc.quanta[p]);
            node.put("paused_us", pfc.pausedNanos[p] / 1000.0);
        }
        ObjectNode bytesNode = root.putObject("priority_bytes");
        ObjectNode packetsNode = root.putObject("priority_packets");
        for (int p = 0; p < 8; p++) {
            bytesNode.put(Integer.toString(p), priorityBytes[p]);
            packetsNode.put(Integer.toString(p), priorityPackets[p]);
        }
        ArrayNode qps = root.putArray("qps");
        for (Flow fl : sorted) {
            qps.add(fl.toJson(mapper, isSourceQpKnown(fl, flows)));
        }
        ArrayNode bad = root.putArray("icrc_bad_frames");
        icrcBadFrames.forEach(bad::add);
        ArrayNode mal = root.putArray("malformed_frames");
        malformedFrames.forEach(mal::add);
        // each duplicate and the frame that carried its PSN before it, in frame order
        ArrayNode duplicateFrames = root.putArray("duplicate_frames");
        sorted.stream().flatMap(fl -> fl.duplicateOf.stream()).sorted(Comparator.comparingLong(d -> d[0]))
                .forEach(d -> duplicateFrames.addArray().add(d[0]).add(d[1]));
        return root;
    }

    /**
     * The order of the analysis's qps: source IP, destination IP as 128-bit numbers (IPv4 as ::ffff:a.b.c.d, so
     * before IPv6), then destination QP. The addresses are parsed once per flow, not once per comparison.
     */
    private static List<Flow> inAnalysisOrder(Collection<Flow> flows) {
        record Keyed(byte[] src, byte[] dst, Flow flow) {
        }
        List<Keyed> keyed = new ArrayList<>(flows.size());
        for (Flow fl : flows) {
            keyed.add(new Keyed(ipv6Bytes(fl.key.srcIp()), ipv6Bytes(fl.key.dstIp()), fl));
        }
        keyed.sort(Comparator.comparing(Keyed::src, Arrays::compareUnsigned)
                .thenComparing(Keyed::dst, Arrays::compareUnsigned)
                .thenComparingInt(k -> k.flow().key.destQp()));
        return keyed.stream().map(Keyed::flow).toList();
    }

    private static byte[] ipv6Bytes(String ip) {
        byte[] address = Host.of(0, ip).ip();
        if (address.length == 16) {
            return address;
        }
        byte[] mapped = new byte[16];
        mapped[10] = (byte) 0xFF;
        mapped[11] = (byte) 0xFF;
        System.arraycopy(address, 0, mapped, 12, 4);
        return mapped;
    }

    /**
     * The sending QP of a flow is learnt by pairing when either direction of the connection carries a response
     * (ACK, NAK, READ response, ATOMIC ACK), or from DETH.SrcQP for UD.
     */
    private static boolean isSourceQpKnown(Flow flow, Map<FlowKey, Flow> flows) {
        if (flow.dethSrcQp >= 0 || flow.hasResponse) {
            return true;
        }
        Flow reverse = flows.get(new FlowKey(flow.key.dstIp(), flow.key.srcIp(), flow.sendingQp));
        return reverse != null && reverse.hasResponse;
    }

    private record FlowKey(String srcIp, String dstIp, int destQp) {
    }

    static String qpText(int qp) {
        return String.format("0x%06x", qp);
    }

    static String isoTimestamp(long epochNanos) {
        return ISO_NANOS.format(Instant.ofEpochSecond(Math.floorDiv(epochNanos, 1_000_000_000L),
                Math.floorMod(epochNanos, 1_000_000_000L)));
    }

    /** Per-flow counters, following the contract's definitions. */
    private static final class Flow {
        final FlowKey key;
        int sendingQp;
        int dethSrcQp = -1;
        boolean hasResponse;
        int priority;
        int dscp;
        long packets;
        long bytes;
        long payloadBytes;
        long firstTs;
        long lastTs;
        long messages;
        long rdmaWrite;
        long readRequests;
        long readResponses;
        long sends;
        long atomics;
        long flushes;
        long acks;
        long naks;
        long rnrNaks;
        long cnps;
        long ecnCe;
        long icrcErrors;
        long psnGaps;
        long retransmitted;
        long duplicates;
        long outOfOrder;
        final Set<Integer> missing = new HashSet<>();
        /** PSN → the frame that last carried it other than as a duplicate (in order, or filling a gap). */
        final Map<Integer, Long> carriedBy = new HashMap<>();
        /** Each duplicate: its frame and the frame that carried its PSN before ({@link #carriedBy}). */
        final List<long[]> duplicateOf = new ArrayList<>();
        boolean tracking;
        /** Next expected PSN range [low, high]; a single PSN except after a READ request. */
        int expectedLow;
        int expectedHigh;
        /** Payload of a First or Middle packet: the connection's path MTU; 0 until one is seen. */
        int pathMtu;
        final Map<String, Boolean> openFirst = new HashMap<>();

        Flow(FlowKey key) {
            this.key = key;
        }

        /** @param reversePathMtu the path MTU the other direction of the connection has shown, or 0 */
        void add(Emitted f, boolean icrcBad, int reversePathMtu) {
            if (packets == 0) {
                priority = f.priority();
                dscp = f.dscp();
                firstTs = f.timestampNanos();
                sendingQp = f.sendingQp();
            }
            packets++;
            bytes += f.length();
            payloadBytes += f.payloadLength();
            lastTs = f.timestampNanos();
            if (f.ecn() == 3) {
                ecnCe++;
            }
            if (icrcBad) {
                icrcErrors++;
            }
            if (f.dethSrcQp() >= 0 && dethSrcQp < 0) {
                dethSrcQp = f.dethSrcQp();
            }
            if (f.opcode() == Opcodes.CNP) {
                cnps++;
                return;
            }
            int op = f.opcode() & 0x1F;
            countFamilyAndMessages(op);
            if (op == Opcodes.SEND_FIRST || op == Opcodes.SEND_MIDDLE || op == Opcodes.WRITE_FIRST
                    || op == Opcodes.WRITE_MIDDLE || op == Opcodes.READ_RESPONSE_FIRST
                    || op == Opcodes.READ_RESPONSE_MIDDLE) {
                pathMtu = f.payloadLength();
            }
            if (op >= Opcodes.READ_RESPONSE_FIRST && op <= Opcodes.ATOMIC_ACK) {
                hasResponse = true;
            }
            if (f.syndrome() >= 0) {
                int type = f.syndrome() >> 5 & 3;
                if (type == 3) {
                    naks++;
                } else if (type == 1) {
                    rnrNaks++;
                } else if (type == 0 && (op == Opcodes.ACK || op == Opcodes.ATOMIC_ACK)) {
                    acks++;
                }
            }
            // UD (and the management QPs 0 and 1, which are UD) promise no PSN sequence: IBTA vol. 1 §9.7.1
            boolean sequenced = f.opcode() >>> 5 != 3 && f.destQp() > 1;
            if (sequenced && op != Opcodes.ACK && op != Opcodes.ATOMIC_ACK) {
                // a FLUSH is answered like a READ of no data: by one READ Response Only
                trackPsn(f.number(), f.psn(), op == Opcodes.READ_REQUEST ? f.dmaLength()
                        : op == Opcodes.FLUSH ? 0 : -1, pathMtu != 0 ? pathMtu : reversePathMtu);
            }
        }

        private void countFamilyAndMessages(int op) {
            switch (op) {
                case Opcodes.SEND_FIRST, Opcodes.SEND_MIDDLE, Opcodes.SEND_LAST, Opcodes.SEND_LAST_IMM,
                     Opcodes.SEND_ONLY, Opcodes.SEND_ONLY_IMM, Opcodes.SEND_LAST_INV, Opcodes.SEND_ONLY_INV ->
                        sends++;
                case Opcodes.WRITE_FIRST, Opcodes.WRITE_MIDDLE, Opcodes.WRITE_LAST, Opcodes.WRITE_LAST_IMM,
                     Opcodes.WRITE_ONLY, Opcodes.WRITE_ONLY_IMM -> rdmaWrite++;
                case Opcodes.READ_REQUEST -> readRequests++;
                case Opcodes.READ_RESPONSE_FIRST, Opcodes.READ_RESPONSE_MIDDLE, Opcodes.READ_RESPONSE_LAST,
                     Opcodes.READ_RESPONSE_ONLY -> readResponses++;
                case Opcodes.CMP_SWAP, Opcodes.FETCH_ADD, Opcodes.ATOMIC_WRITE -> atomics++;
                case Opcodes.FLUSH -> flushes++;
                default -> {
                    // Acknowledges belong to no family.
                }
            }
            switch (op) {
                case Opcodes.SEND_ONLY, Opcodes.SEND_ONLY_IMM, Opcodes.SEND_ONLY_INV, Opcodes.WRITE_ONLY,
                     Opcodes.WRITE_ONLY_IMM, Opcodes.READ_RESPONSE_ONLY -> messages++;
                case Opcodes.SEND_FIRST -> openFirst.put("send", true);
                case Opcodes.WRITE_FIRST -> openFirst.put("write", true);
                case Opcodes.READ_RESPONSE_FIRST -> openFirst.put("read", true);
                case Opcodes.SEND_LAST, Opcodes.SEND_LAST_IMM, Opcodes.SEND_LAST_INV -> closeMessage("send");
                case Opcodes.WRITE_LAST, Opcodes.WRITE_LAST_IMM -> closeMessage("write");
                case Opcodes.READ_RESPONSE_LAST -> closeMessage("read");
                default -> {
                    // Middle packets and requests without payload neither open nor close a message.
                }
            }
        }

        private void closeMessage(String family) {
            if (Boolean.TRUE.equals(openFirst.put(family, false))) {
                messages++;
            }
        }

        /**
         * @param readLength the DMA length of a READ request, or -1 for a packet that spans one PSN
         * @param mtu        the connection's path MTU when known, else 0
         */
        private void trackPsn(long frame, int psn, int readLength, int mtu) {
            Long before = carriedBy.put(psn, frame);
            if (tracking) {
                if (inExpectedRange(psn)) {
                    // In order.
                } else if (ahead(psn, expectedHigh)) {
                    psnGaps++;
                    for (int missingPsn = expectedHigh; missingPsn != psn; missingPsn = missingPsn + 1 & PSN_MASK) {
                        missing.add(missingPsn);
                    }
                } else {
                    retransmitted++;
                    if (missing.remove(psn)) {
                        outOfOrder++;
                    } else {
                        duplicates++;
                        if (before != null) {
                            duplicateOf.add(new long[] {frame, before});
                            carriedBy.put(psn, before);
                        }
                    }
                    return;
                }
            }
            tracking = true;
            if (readLength >= 0 && mtu > 0) {
                expectedLow = psn + Math.max(1, ceilDiv(readLength, mtu)) & PSN_MASK;
                expectedHigh = expectedLow;
            } else if (readLength >= 0) {
                expectedLow = psn + Math.max(1, ceilDiv(readLength, 4096)) & PSN_MASK;
                expectedHigh = psn + Math.max(1, ceilDiv(readLength, 256)) & PSN_MASK;
            } else {
                expectedLow = psn + 1 & PSN_MASK;
                expectedHigh = expectedLow;
            }
        }

        private boolean inExpectedRange(int psn) {
            return (psn - expectedLow & PSN_MASK) <= (expectedHigh - expectedLow & PSN_MASK);
        }

        private static boolean ahead(int a, int b) {
            int difference = a - b & PSN_MASK;
            return difference > 0 && difference < PSN_MODULUS / 2;
        }

        private static int ceilDiv(int a, int b) {
            return (a + b - 1) / b;
        }

        ObjectNode toJson(ObjectMapper mapper, boolean sourceQpKnown) {
            ObjectNode node = mapper.createObjectNode();
            node.put("src_ip", key.srcIp());
            node.put("dst_ip", key.dstIp());
            if (sourceQpKnown) {
                node.put("src_qp", qpText(dethSrcQp >= 0 ? dethSrcQp : sendingQp));
            } else {
                node.putNull("src_qp");
            }
            node.put("dst_qp", qpText(key.destQp()));
            node.put("priority", priority);
            node.put("dscp", dscp);
            node.put("packets", packets);
            node.put("bytes", bytes);
            node.put("payload_bytes", payloadBytes);
            node.put("first_ts", isoTimestamp(firstTs));
            node.put("last_ts", isoTimestamp(lastTs));
            double duration = (lastTs - firstTs) / 1e9;
            node.put("duration_s", duration);
            // a rate is given for two packets or more over at least 100 µs (docs/analysis.md)
            if (packets >= 2 && lastTs - firstTs >= 100_000) {
                node.put("throughput_bps", bytes * 8 / duration);
            } else {
                node.putNull("throughput_bps");
            }
            node.put("messages", messages);
            node.put("rdma_write", rdmaWrite);
            node.put("rdma_read_req", readRequests);
            node.put("read_resp", readResponses);
            node.put("send", sends);
            node.put("atomic", atomics);
            node.put("flush", flushes);
            node.put("acks", acks);
            node.put("naks", naks);
            node.put("rnr_naks", rnrNaks);
            node.put("cnps", cnps);
            node.put("ecn_ce", ecnCe);
            node.put("psn_gaps", psnGaps);
            node.put("missing_psns", (long) missing.size());
            node.put("retransmitted", retransmitted);
            node.put("duplicates", duplicates);
            node.put("out_of_order", outOfOrder);
            node.put("icrc_errors", icrcErrors);
            return node;
        }
    }

    /**
     * PFC counters per priority and paused time per (sender MAC, priority): an XOFF starts or restarts an interval
     * ending quanta x 512 bit times later; an XON ends it at once; open intervals run to their end.
     */
    private static final class PfcTally {
        final long[] frames = new long[8];
        final long[] xoff = new long[8];
        final long[] xon = new long[8];
        final long[] quanta = new long[8];
        final double[] pausedNanos = new double[8];
        private final double nanosPerQuantum;
        /** Open interval per (sender, priority): {start, end} in nanoseconds since the epoch. */
        private final Map<Long, double[]> open = new HashMap<>();

        PfcTally(long linkSpeedBps) {
            nanosPerQuantum = 512 * 1e9 / linkSpeedBps;
        }

        void add(Emitted f) {
            for (int p = 0; p < 8; p++) {
                if ((f.classEnableVector() >> p & 1) == 0) {
                    continue;
                }
                int time = f.quanta()[p];
                frames[p]++;
                quanta[p] += time;
                long sender = f.srcMac() << 3 | p;
                // Relative to the capture start: nanoseconds since 1970 would not fit a double's 53 bits.
                double ts = f.timestampNanos() - Emitter.EPOCH_NANOS;
                double[] interval = open.get(sender);
                if (time > 0) {
                    xoff[p]++;
                    if (interval != null && ts < interval[1]) {
                        interval[1] = ts + time * nanosPerQuantum;
                    } else {
                        close(sender, p);
                        open.put(sender, new double[] {ts, ts + time * nanosPerQuantum});
                    }
                } else {
                    xon[p]++;
                    if (interval != null && ts < interval[1]) {
                        interval[1] = ts;
                    }
                    close(sender, p);
                }
            }
        }

        private void close(long sender, int priority) {
            double[] interval = open.remove(sender);
            if (interval != null) {
                pausedNanos[priority] += interval[1] - interval[0];
            }
        }

        void finish() {
            for (Long sender : List.copyOf(open.keySet())) {
                close(sender, (int) (sender & 7));
            }
        }
    }
}
