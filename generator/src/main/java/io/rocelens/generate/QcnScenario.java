package io.rocelens.generate;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * IEEE 802.1Q Congestion Notification (QCN) in a RoCE fabric. Two bridge queues are congestion points: CP 1 (queue 3
 * of port 02:00:00:00:cc:01, CPID 0x02000000cc010003) carries priority 3 from A (10.0.6.1, its requests CN-tagged
 * with flow ID 0x0a01) and C (10.0.6.3, untagged) to B (10.0.6.2); CP 2 (queue 5 of port 02:00:00:00:cc:02, CPID
 * 0x02000000cc020005) carries priority 5 from D (10.0.6.4, flow ID 0x0d01) to E (10.0.6.5). All in VLAN 100, RDMA
 * WRITE Only of 1024 bytes, acknowledged every 16 packets.
 *
 * <p>Each queue is modelled in 64-byte units: a packet through it adds 17 (its 1090-odd bytes), and it drains 12 per
 * packet in the first 40 % of the run (it fills), 22 in the rest (it empties). The point samples every 8th packet;
 * with the queue above its set point (200 units) and the feedback Fb = cnmQOffset + 2 x cnmQDelta positive (QCN's
 * -Fb, the standard's weight w = 2), it sends a CNM to the sampled packet's source with qFb = min(63, ceil(Fb / 64)),
 * cnmQOffset = queue - set point and cnmQDelta = the growth since the previous sample. Beside QCN, PFC: when a queue
 * rises above 1500 units its port pauses the priority (XOFF, 0xFFFF quanta), and resumes it (XON) when the queue
 * falls back below, as a DCB bridge's two mechanisms work side by side.
 *
 * <p>The truth's {@code qcn} is what this schedule sent, in the shape of {@code analyze --json}'s: per point and
 * priority the CNM count, qFb min, mean and max, first and last frame and time, and the reaction points' MACs; and
 * every CNM's frame, time, CPID, priority and qFb.
 */
final class QcnScenario {

    private static final int PACKET_UNITS = 17;
    private static final int FILL_DRAIN = 12;
    private static final int EMPTY_DRAIN = 22;
    private static final int SET_POINT = 200;
    private static final int SAMPLE_EVERY = 8;
    private static final int XOFF_THRESHOLD = 1500;
    private static final int VLAN = 100;

    private QcnScenario() {
    }

    /** A congestion point: one queue of one bridge port, and what it sent. */
    private static final class Point {
        final long cpid;
        final long portMac;
        final int priority;
        int queue;
        int queueAtLastSample;
        int packets;
        boolean paused;

        Point(long portMac, int queueNumber, int priority) {
            this.portMac = portMac;
            this.cpid = portMac << 16 | queueNumber;
            this.priority = priority;
        }
    }

    /** One sender through a point. */
    private record Sender(Connection connection, Host host, Point point, int flowId) {
    }

    /** One CNM the schedule sent. */
    private record Sent(long frame, long ts, long cpid, int priority, int qfb, long reactionPoint) {
    }

    static void run(Emitter out, int packets, int qps, SplittableRandom random) throws IOException {
        Host a = Host.of(0x020000000601L, "10.0.6.1");
        Host b = Host.of(0x020000000602L, "10.0.6.2");
        Host c = Host.of(0x020000000603L, "10.0.6.3");
        Host d = Host.of(0x020000000604L, "10.0.6.4");
        Host e = Host.of(0x020000000605L, "10.0.6.5");
        Point cp1 = new Point(0x02000000cc01L, 3, 3);
        Point cp2 = new Point(0x02000000cc02L, 5, 5);
        Sender[] senders = {
            new Sender(new Connection(out, Opcodes.RC, a, 0x000601, b, 0x000b01, 26, 0x1000).vlan(3, VLAN)
                    .cnTag(0x0a01), a, cp1, 0x0a01),
            new Sender(new Connection(out, Opcodes.RC, c, 0x000603, b, 0x000b03, 26, 0x3000).vlan(3, VLAN), c, cp1,
                    -1),
            new Sender(new Connection(out, Opcodes.RC, d, 0x000604, e, 0x000e04, 34, 0x4000).vlan(5, VLAN)
                    .cnTag(0x0d01), d, cp2, 0x0d01),
        };
        int[] unacknowledged = new int[senders.length];
        List<Sent> sent = new ArrayList<>();
        long filling = packets * 4L / 10;
        for (int n = 0; n < packets; n++) {
            // CP 1 carries two senders, CP 2 one: about two thirds of the packets go through CP 1
            int which = random.nextInt(3);
            Sender s = senders[which];
            Point point = s.point();
            s.connection().writeOnly(1024, false, false);
            point.queue = Math.max(0, point.queue + PACKET_UNITS - (n < filling ? FILL_DRAIN : EMPTY_DRAIN));
            if (point.paused != point.queue > XOFF_THRESHOLD) {
                point.paused = !point.paused;
                out.pfc(point.portMac, 1 << point.priority, Emitter.quanta(point.priority, point.paused ? 0xFFFF : 0));
            }
            if (++point.packets % SAMPLE_EVERY == 0) {
                int offset = point.queue - SET_POINT;
                int delta = point.queue - point.queueAtLastSample;
                point.queueAtLastSample = point.queue;
                int feedback = offset + 2 * delta;
                if (offset > 0 && feedback > 0) {
                    int qfb = Math.min(63, (feedback + 63) / 64);
                    long ts = Emitter.EPOCH_NANOS + out.now();
                    out.cnm(s.host().mac(), point.portMac, point.priority, VLAN, s.flowId(), qfb, point.cpid,
                            offset, delta, point.priority);
                    sent.add(new Sent(out.frames(), ts, point.cpid, point.priority, qfb, s.host().mac()));
                }
            }
            out.idle(random.nextLong(200, 800));
            if (++unacknowledged[which] == 16) {
                s.connection().ackAll(16);
                unacknowledged[which] = 0;
            }
        }
        truth(out.scenarioTruth.putObject("qcn"), sent);
    }

    private static void truth(ObjectNode qcn, List<Sent> sent) {
        qcn.put("cnms", sent.size());
        // by CPID then priority, as the analysis orders them (the CPIDs here are below 2^63)
        Map<List<Long>, List<Sent>> byPoint = new TreeMap<>((x, y) -> x.get(0).equals(y.get(0))
                ? Long.compare(x.get(1), y.get(1)) : Long.compareUnsigned(x.get(0), y.get(0)));
        for (Sent s : sent) {
            byPoint.computeIfAbsent(List.of(s.cpid(), (long) s.priority()), k -> new ArrayList<>()).add(s);
        }
        ArrayNode points = qcn.putArray("points");
        for (List<Sent> cnms : byPoint.values()) {
            Sent first = cnms.get(0);
            Sent last = cnms.get(cnms.size() - 1);
            ObjectNode point = points.addObject();
            point.put("cpid", String.format("0x%016x", first.cpid()));
            point.put("priority", first.priority());
            point.put("cnms", cnms.size());
            point.put("qfb_min", cnms.stream().mapToInt(Sent::qfb).min().orElseThrow());
            point.put("qfb_mean", cnms.stream().mapToInt(Sent::qfb).sum() / (double) cnms.size());
            point.put("qfb_max", cnms.stream().mapToInt(Sent::qfb).max().orElseThrow());
            point.put("first_frame", first.frame());
            point.put("last_frame", last.frame());
            point.put("first_ts", Truth.isoTimestamp(first.ts()));
            point.put("last_ts", Truth.isoTimestamp(last.ts()));
            ArrayNode macs = point.putArray("reaction_points");
            TreeSet<Long> distinct = new TreeSet<>();
            cnms.forEach(s -> distinct.add(s.reactionPoint()));
            distinct.forEach(mac -> macs.add(mac(mac)));
        }
        ArrayNode feedback = qcn.putArray("feedback");
        for (Sent s : sent) {
            ObjectNode cnm = feedback.addObject();
            cnm.put("frame", s.frame());
            cnm.put("ts", Truth.isoTimestamp(s.ts()));
            cnm.put("cpid", String.format("0x%016x", s.cpid()));
            cnm.put("priority", s.priority());
            cnm.put("qfb", s.qfb());
        }
        qcn.put("feedback_not_stored", 0);
    }

    private static String mac(long mac) {
        StringBuilder text = new StringBuilder();
        for (int shift = 40; shift >= 0; shift -= 8) {
            text.append(String.format("%02x", mac >>> shift & 0xff)).append(shift > 0 ? ":" : "");
        }
        return text.toString();
    }
}
