package io.rocelens.spark;

import io.rocelens.capture.Frame;
import io.rocelens.dissect.Addresses;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.PacketSummary;

import java.nio.ByteBuffer;
import java.util.Set;

/**
 * The partition key of a frame for the job (see {@link FrameColumns#conversation}) without dissecting the usual
 * frame: Ethernet, up to two VLAN tags, IPv4 (not a fragment) or IPv6 (no extension header), UDP to a RoCE port
 * other than VXLAN's: the two addresses as the dissector stores them; a MAC Control frame (PFC, PAUSE): no
 * conversation. Every other frame is dissected, as before. A frame the fast path keys by its hosts but the
 * dissector would not call RoCE (a broken BTH) goes with those hosts' frames, which changes nothing: only RoCE frames
 * must meet by host pair, and MAC Control frames by point (they do).
 */
final class ConversationKey {

    private static final int VXLAN_PORT = 4789;

    private final Set<Integer> rocePorts;
    private final FastDissector dissector;
    private final PacketSummary summary = new PacketSummary();
    private final long[] pair = new long[4];

    ConversationKey(Set<Integer> rocePorts, FastDissector dissector) {
        this.rocePorts = rocePorts;
        this.dissector = dissector;
    }

    long of(Frame frame) {
        int fast = fast(frame);
        if (fast == 1) {
            return FrameColumns.conversation(pair[0], pair[1], pair[2], pair[3]);
        }
        if (fast == 0) {
            return FrameBatches.NO_CONVERSATION;
        }
        dissector.summarize(frame, summary);
        Long key = FrameColumns.conversation(summary);
        return key == null ? FrameBatches.NO_CONVERSATION : key;
    }

    /** 1: keyed by {@link #pair}; 0: no conversation; -1: the dissector must say. */
    private int fast(Frame frame) {
        if (frame.linkType() != 1) {
            return -1;
        }
        ByteBuffer d = frame.data().duplicate().order(java.nio.ByteOrder.BIG_ENDIAN);
        int limit = d.limit();
        int at = 12;
        if (limit < at + 2) {
            return -1;
        }
        int etherType = d.getShort(at) & 0xffff;
        for (int tags = 0; tags < 2 && (etherType == 0x8100 || etherType == 0x88A8); tags++) {
            at += 4;
            if (limit < at + 2) {
                return -1;
            }
            etherType = d.getShort(at) & 0xffff;
        }
        at += 2;
        if (etherType == 0x8808) {
            return 0;
        }
        int udp;
        if (etherType == 0x0800) {
            if (limit < at + 20) {
                return -1;
            }
            int versionIhl = d.get(at) & 0xff;
            int ihl = (versionIhl & 0x0f) * 4;
            int fragment = d.getShort(at + 6) & 0x3fff;     // more-fragments flag and offset
            if (versionIhl >> 4 != 4 || ihl < 20 || fragment != 0 || (d.get(at + 9) & 0xff) != 17) {
                return -1;
            }
            pair[0] = 0;
            pair[1] = Addresses.ipv4Mapped(d.getInt(at + 12) & 0xffffffffL);
            pair[2] = 0;
            pair[3] = Addresses.ipv4Mapped(d.getInt(at + 16) & 0xffffffffL);
            udp = at + ihl;
        } else if (etherType == 0x86DD) {
            if (limit < at + 40 || (d.get(at) & 0xf0) != 0x60 || (d.get(at + 6) & 0xff) != 17) {
                return -1;
            }
            pair[0] = d.getLong(at + 8);
            pair[1] = d.getLong(at + 16);
            pair[2] = d.getLong(at + 24);
            pair[3] = d.getLong(at + 32);
            udp = at + 40;
        } else {
            return -1;
        }
        if (limit < udp + 8 + 12) {
            return -1;      // no whole BTH: the dissector decides what such a frame is
        }
        int port = d.getShort(udp + 2) & 0xffff;
        return port != VXLAN_PORT && rocePorts.contains(port) ? 1 : -1;
    }
}
