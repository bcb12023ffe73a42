package io.rocelens.app.gui.stats.conversations.model;

import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.FlowStats;
import io.rocelens.export.CsvExport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The QP conversations of an analysis: its flows joined in pairs by the analysis's pairing (a flow's src_qp names
 * the QP the other direction is sent to), each flow in exactly one conversation, in per-QP CSV order of their first
 * flow.
 */
public final class Conversations {

    private Conversations() {
    }

    public static List<Conversation> of(AnalysisResult result) {
        List<FlowStats> flows = result.flows();
        Map<Key, Integer> byKey = new HashMap<>(flows.size() * 2);
        Map<Key, Integer> bySender = new HashMap<>(flows.size() * 2);
        for (int i = 0; i < flows.size(); i++) {
            FlowStats flow = flows.get(i);
            byKey.put(Key.of(flow), i);
            if (flow.srcQp() >= 0) {
                bySender.putIfAbsent(new Key(flow.srcHi(), flow.srcLo(), flow.dstHi(), flow.dstLo(), flow.srcQp(), -1), i);
            }
        }
        boolean[] taken = new boolean[flows.size()];
        List<Conversation> conversations = new ArrayList<>();
        for (int i = 0; i < flows.size(); i++) {
            if (taken[i]) {
                continue;
            }
            taken[i] = true;
            FlowStats flow = flows.get(i);
            int partner = partner(flow, byKey, bySender);
            if (partner < 0 || taken[partner]) {
                conversations.add(new Conversation(flow, null));
                continue;
            }
            taken[partner] = true;
            FlowStats other = flows.get(partner);
            conversations.add(requests(other) > 0 && requests(flow) == 0
                    ? new Conversation(other, flow) : new Conversation(flow, other));
        }
        return List.copyOf(conversations);
    }

    /** The per-QP CSV (the columns and number forms of {@code rocelens analyze --qp-csv}) of these conversations. */
    public static String csv(List<Conversation> conversations) {
        List<FlowStats> flows = new ArrayList<>();
        for (Conversation conversation : conversations) {
            flows.addAll(conversation.flows());
        }
        StringBuilder out = new StringBuilder();
        try {
            CsvExport.writeQps(flows, out);
        } catch (IOException impossible) {
            throw new UncheckedIOException(impossible);   // a StringBuilder does not fail
        }
        return out.toString();
    }

    /**
     * The flow B → A answering this one: the flow to this one's src_qp, else the flow whose src_qp is this one's
     * destination QP; -1 when neither is known.
     */
    private static int partner(FlowStats flow, Map<Key, Integer> byKey, Map<Key, Integer> bySender) {
        // a UD flow's answer is a UD flow too, keyed by its sender, the QP this one is sent to
        Integer found = flow.srcQp() < 0 ? null : byKey.get(new Key(flow.dstHi(), flow.dstLo(), flow.srcHi(),
                flow.srcLo(), flow.srcQp(), flow.bySender() ? flow.dstQp() : -1));
        if (found == null) {
            found = bySender.get(new Key(flow.dstHi(), flow.dstLo(), flow.srcHi(), flow.srcLo(), flow.dstQp(), -1));
        }
        return found == null ? -1 : found;
    }

    private static long requests(FlowStats flow) {
        return flow.rdmaWrite() + flow.rdmaReadReq() + flow.send() + flow.atomic();
    }

    /** A flow's key: addresses, destination QP and, for a UD flow, its sender's QP (else -1). */
    private record Key(long srcHi, long srcLo, long dstHi, long dstLo, int dstQp, int senderQp) {
        static Key of(FlowStats flow) {
            return new Key(flow.srcHi(), flow.srcLo(), flow.dstHi(), flow.dstLo(), flow.dstQp(), flow.senderQp());
        }
    }
}
