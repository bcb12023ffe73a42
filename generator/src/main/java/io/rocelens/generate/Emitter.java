package io.rocelens.generate;

import io.rocelens.capture.CaptureWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Puts built frames on a simulated link and into the capture file. Each frame starts when the link is free and
 * occupies it for (length + 4 FCS + 8 preamble + 12 inter-frame gap) x 8 / speed, so frames never overlap. The
 * capture point is after any loss: a lost packet is simply never handed to the emitter.
 */
final class Emitter {

    /** Capture start: 2026-01-01T00:00:00Z, fixed so the same seed gives the same file. */
    static final long EPOCH_NANOS = 1_767_225_600L * 1_000_000_000L;
    private static final int WIRE_OVERHEAD = 4 + 8 + 12;

    private final CaptureWriter writer;
    private final long linkSpeedBps;
    private final Encapsulation encapsulation;
    private final FrameBuilder builder = new FrameBuilder();
    private final List<Emitted> emitted;
    private long linkFreeAt;
    private long frames;
    private int lastLength;
    /** What a scenario knows beyond the frames (its schedule's own ground truth), added to the truth file as is. */
    final com.fasterxml.jackson.databind.node.ObjectNode scenarioTruth =
            com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();

    /** @param encapsulation how every frame is carried to the capture point; its time and length stay the frame's own */
    Emitter(CaptureWriter writer, long linkSpeedBps, Encapsulation encapsulation, boolean keepBookkeeping) {
        this.writer = writer;
        this.linkSpeedBps = linkSpeedBps;
        this.encapsulation = encapsulation;
        this.emitted = keepBookkeeping ? new ArrayList<>() : null;
    }

    long linkSpeedBps() {
        return linkSpeedBps;
    }

    long frames() {
        return frames;
    }

    /** The length (without FCS) of the last frame written. */
    int lastLength() {
        return lastLength;
    }

    /** Time since the capture start at which the link is next free, in nanoseconds. */
    long now() {
        return linkFreeAt;
    }

    /** Leaves the link idle for {@code nanos}. */
    void idle(long nanos) {
        linkFreeAt += nanos;
    }

    /** Lets the link idle until {@code nanos} after the capture start, if it is not already later. */
    void idleUntil(long nanos) {
        linkFreeAt = Math.max(linkFreeAt, nanos);
    }

    /** The bookkeeping of every frame written, or null when it was not asked for. */
    List<Emitted> emitted() {
        return emitted;
    }

    void roce(RocePacket p, int sendingQp) throws IOException {
        int length = builder.roce(p);
        long ts = put(length);
        if (emitted != null) {
            emitted.add(Emitted.roce(frames, ts, length, p, sendingQp));
        }
    }

    /** PFC pause times for the eight priorities from (priority, quanta) pairs; the others are 0. */
    static int[] quanta(int... priorityThenQuanta) {
        int[] quanta = new int[8];
        for (int i = 0; i < priorityThenQuanta.length; i += 2) {
            quanta[priorityThenQuanta[i]] = priorityThenQuanta[i + 1];
        }
        return quanta;
    }

    void pfc(long srcMac, int classEnableVector, int[] quanta) throws IOException {
        int length = builder.pfc(srcMac, classEnableVector, quanta);
        long ts = put(length);
        if (emitted != null) {
            emitted.add(Emitted.macControl(frames, ts, length, Emitted.Kind.PFC, srcMac, classEnableVector, quanta));
        }
    }

    void pause(long srcMac, int quanta) throws IOException {
        int length = builder.pause(srcMac, quanta);
        long ts = put(length);
        if (emitted != null) {
            emitted.add(Emitted.macControl(frames, ts, length, Emitted.Kind.PAUSE, srcMac, 0, new int[] {quanta}));
        }
    }

    /**
     * A Congestion Notification Message about the last RoCE frame written, from congestion point {@code cpid} (on the
     * bridge port {@code cpMac}) to {@code reactionPoint}, its source; see {@link FrameBuilder#cnm}.
     */
    void cnm(long reactionPoint, long cpMac, int vlanPcp, int vlanId, int flowId, int qfb, long cpid, int qOffset,
             int qDelta, int priority) throws IOException {
        other(builder.cnm(reactionPoint, cpMac, vlanPcp, vlanId, flowId, qfb, cpid, qOffset, qDelta, priority),
                Emitted.Kind.OTHER);
    }

    void arpRequest(Host sender, Host target) throws IOException {
        other(builder.arpRequest(sender, target.ip()), Emitted.Kind.OTHER);
    }

    void tcpSyn(Host src, Host dst, int srcPort, int dstPort, int sequence) throws IOException {
        other(builder.tcpSyn(src, dst, srcPort, dstPort, sequence), Emitted.Kind.OTHER);
    }

    void udp(Host src, Host dst, int srcPort, int dstPort, int payloadLength) throws IOException {
        other(builder.udp(src, dst, srcPort, dstPort, payloadLength), Emitted.Kind.OTHER);
    }

    /** A UDP datagram to port 4791 too short to hold a BTH: a malformed RoCEv2 packet. */
    void truncatedRoce(Host src, Host dst, int srcPort) throws IOException {
        other(builder.udp(src, dst, srcPort, FrameBuilder.ROCE_PORT, 6), Emitted.Kind.MALFORMED);
    }

    private void other(int length, Emitted.Kind kind) throws IOException {
        long ts = put(length);
        if (emitted != null) {
            emitted.add(Emitted.other(frames, ts, length, kind));
        }
    }

    private long put(int length) throws IOException {
        long ts = linkFreeAt;
        int written = encapsulation == Encapsulation.NONE ? length
                : builder.encapsulate(encapsulation, length, EPOCH_NANOS + ts);
        writer.write(EPOCH_NANOS + ts, written, builder.frame(), 0, written);
        linkFreeAt = ts + wireNanos(length);
        lastLength = length;
        frames++;
        return EPOCH_NANOS + ts;
    }

    /** Time a frame of {@code length} bytes (without FCS) occupies the link, rounded up to whole nanoseconds. */
    private long wireNanos(int length) {
        long bits = (length + WIRE_OVERHEAD) * 8L;
        return (bits * 1_000_000_000L + linkSpeedBps - 1) / linkSpeedBps;
    }
}
