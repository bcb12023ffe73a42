package io.rocelens.analysis;

import java.util.Arrays;

/**
 * Open-addressing hash index over the analyzer's flows that stores only flow numbers: the keys are read from the
 * flows themselves, so the index costs 4 bytes per slot (8 to 16 bytes per flow) where a copy of the keys would cost
 * 40. Two kinds: by (source IP, destination IP, destination QP, and for UD the sender's QP), one slot per flow; or by host pair (source IP,
 * destination IP), one slot per pair holding its newest flow, the head of the chain of {@link FlowState#nextSameHosts}.
 */
final class FlowIndex {

    private static final int EMPTY = -1;

    private final boolean byQp;
    private int[] slots;
    private int mask;
    private int size;

    FlowIndex(boolean byQp, int expected) {
        this.byQp = byQp;
        allocate(Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1);
    }

    private void allocate(int capacity) {
        slots = new int[capacity];
        Arrays.fill(slots, EMPTY);
        mask = capacity - 1;
    }

    /** The flow with this key (for a host-pair index: the newest flow between the hosts), or -1. */
    int find(FlowState[] flows, long srcHi, long srcLo, long dstHi, long dstLo, int qp) {
        return find(flows, srcHi, srcLo, dstHi, dstLo, qp, -1);
    }

    /** As above, for a UD flow keyed by its sender's QP too ({@link FlowState#senderQp}; -1 for the others). */
    int find(FlowState[] flows, long srcHi, long srcLo, long dstHi, long dstLo, int qp, int senderQp) {
        int slot = slotOf(flows, srcHi, srcLo, dstHi, dstLo, qp, senderQp);
        return slots[slot];
    }

    /**
     * Enters a new flow. In a host-pair index it becomes the pair's newest flow and the previous newest is returned
     * (-1 when it is the pair's first); in a flow index its key must be absent and -1 is returned.
     */
    int add(FlowState[] flows, FlowState flow) {
        if ((size + 1) * 2 > slots.length) {
            grow(flows);
        }
        int slot = slotOf(flows, flow.srcHi, flow.srcLo, flow.dstHi, flow.dstLo, flow.dstQp, flow.senderQp);
        int previous = slots[slot];
        if (previous == EMPTY) {
            size++;
        }
        slots[slot] = flow.index;
        return previous;
    }

    /** The slot holding the key, or the empty slot where it would go. */
    private int slotOf(FlowState[] flows, long srcHi, long srcLo, long dstHi, long dstLo, int qp, int senderQp) {
        int slot = (int) KeyIndex.hash(srcHi, srcLo, dstHi, dstLo, byQp ? RoceAnalyzer.qpKey(qp, senderQp) : 0) & mask;
        while (true) {
            int i = slots[slot];
            if (i == EMPTY) {
                return slot;
            }
            FlowState f = flows[i];
            if (f.srcLo == srcLo && f.dstLo == dstLo && f.srcHi == srcHi && f.dstHi == dstHi
                    && (!byQp || f.dstQp == qp && f.senderQp == senderQp)) {
                return slot;
            }
            slot = (slot + 1) & mask;
        }
    }

    private void grow(FlowState[] flows) {
        int[] old = slots;
        allocate(old.length * 2);
        for (int i : old) {
            if (i != EMPTY) {
                FlowState f = flows[i];
                slots[slotOf(flows, f.srcHi, f.srcLo, f.dstHi, f.dstLo, f.dstQp, f.senderQp)] = i;
            }
        }
    }
}
