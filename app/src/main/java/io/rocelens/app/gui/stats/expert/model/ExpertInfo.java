package io.rocelens.app.gui.stats.expert.model;

import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.EventKind;
import io.rocelens.analysis.ExpertEvent;
import io.rocelens.analysis.Severity;
import io.rocelens.dissect.AethText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.LongToIntFunction;

/**
 * Expert Information, as Wireshark's: the analysis's events grouped by severity and kind (NAKs further by NAK
 * code), each group with its count, expanding to the stored events. The counts are the analysis's event counts,
 * stored or not, so they equal {@code rocelens analyze --json}'s {@code events}; when more events happened than
 * the analysis keeps, {@link #notStored()} says how many are counted without being listed. The packet comments come
 * last, as Wireshark lists them: one group of severity and group "Comment", an entry per comment.
 */
public final class ExpertInfo {

    /** One event of a group (or one packet comment: no flow). */
    public record Entry(long frame, String flow, String message) {
    }

    /**
     * One line of the tree: a kind of event (or, under NAK, one NAK code) with its count and its events.
     *
     * @param kind     the analysis's kind of event; null for the packet comments
     * @param count    events of this group, stored or not
     * @param children the NAK codes under NAK; empty otherwise
     */
    public record Group(Severity severity, EventKind kind, String summary, String group, String protocol, long count,
                        List<Group> children, List<Entry> entries) {
    }

    private final List<Group> groups;
    private final long notStored;
    private final int cap;

    private ExpertInfo(List<Group> groups, long notStored, int cap) {
        this.groups = groups;
        this.notStored = notStored;
        this.cap = cap;
    }

    /**
     * @param nakCode  the NAK code (AETH syndrome bits 4-0) of a NAK frame, by frame number; -1 when unknown
     * @param comments the packet comments by frame number, in frame order
     */
    public static ExpertInfo of(AnalysisResult result, LongToIntFunction nakCode,
                                SortedMap<Long, List<String>> comments) {
        List<EventKind> kinds = new ArrayList<>(List.of(EventKind.values()));
        kinds.sort(Comparator.comparing((EventKind kind) -> kind.severity()).reversed()
                .thenComparing(EventKind::ordinal));
        List<Group> groups = new ArrayList<>();
        for (EventKind kind : kinds) {
            long count = result.eventCount(kind);
            if (count == 0) {
                continue;
            }
            List<Entry> entries = result.events().stream().filter(e -> e.kind() == kind).map(ExpertInfo::entry).toList();
            List<Group> children = kind == EventKind.NAK ? byNakCode(result, entries, nakCode) : List.of();
            groups.add(new Group(kind.severity(), kind, summary(kind), group(kind), protocol(kind), count, children,
                    entries));
        }
        if (!comments.isEmpty()) {
            groups.add(comments(comments));
        }
        return new ExpertInfo(List.copyOf(groups), result.eventsDropped(), result.options().maxStored());
    }

    public List<Group> groups() {
        return groups;
    }

    /** Events counted but not listed, because the analysis keeps at most {@link #cap()}. */
    public long notStored() {
        return notStored;
    }

    public int cap() {
        return cap;
    }

    /** The count of a kind (0 when none). */
    public long count(EventKind kind) {
        return groups.stream().filter(g -> g.kind() == kind).mapToLong(Group::count).sum();
    }

    /** "14 events, 1 packet comment; 2 counted but not listed: the analysis keeps 100000 (Preferences, or analyze --max-events)". */
    public String footer() {
        long total = groups.stream().filter(g -> g.kind() != null).mapToLong(Group::count).sum();
        long comments = groups.stream().filter(g -> g.kind() == null).mapToLong(Group::count).sum();
        String text = total + (total == 1 ? " event" : " events");
        if (comments > 0) {
            text += ", " + comments + (comments == 1 ? " packet comment" : " packet comments");
        }
        if (notStored > 0) {
            text += "; " + notStored + " counted but not listed: the analysis keeps at most " + cap
                    + " (the cap was reached; rocelens analyze --max-events sets it)";
        }
        return text;
    }

    private static Entry entry(ExpertEvent event) {
        return new Entry(event.frame(), event.flow(), event.message());
    }

    /**
     * Wireshark's comment group (ui/qt/models/expert_info_model.cpp): "Packet comments listed below.", group Comment,
     * protocol Frame, then each comment on a line of its own, its white space runs made one space (Qt's simplified()).
     */
    private static Group comments(SortedMap<Long, List<String>> comments) {
        List<Entry> entries = new ArrayList<>();
        comments.forEach((frame, texts) -> texts.forEach(text ->
                entries.add(new Entry(frame, "", text.strip().replaceAll("\\s+", " ")))));
        return new Group(Severity.COMMENT, null, "Packet comments listed below.", "Comment", "Frame", entries.size(),
                List.of(), List.copyOf(entries));
    }

    /** The NAK codes seen, each with its count from the analysis and its stored events. */
    private static List<Group> byNakCode(AnalysisResult result, List<Entry> entries, LongToIntFunction nakCode) {
        TreeMap<Integer, List<Entry>> byCode = new TreeMap<>();
        long[] counts = result.nakCodes();
        for (int code = 0; code < counts.length; code++) {
            if (counts[code] > 0) {
                byCode.put(code, new ArrayList<>());
            }
        }
        for (Entry entry : entries) {
            int code = nakCode.applyAsInt(entry.frame());
            byCode.computeIfAbsent(code, c -> new ArrayList<>()).add(entry);
        }
        List<Group> children = new ArrayList<>();
        byCode.forEach((code, events) -> children.add(new Group(Severity.WARNING, EventKind.NAK,
                code < 0 ? "NAK, code not known" : "NAK: " + AethText.nakName(code), group(EventKind.NAK),
                protocol(EventKind.NAK), code >= 0 && code < counts.length ? counts[code] : events.size(), List.of(),
                List.copyOf(events))));
        return List.copyOf(children);
    }

    /** What the group's line says, as Wireshark's Summary column. */
    static String summary(EventKind kind) {
        return switch (kind) {
            case PSN_GAP -> "PSN gap: PSNs skipped (packets lost or reordered)";
            case RETRANSMISSION -> "Retransmission: a PSN sent again";
            case NEW_CONNECTION -> "New connection reusing a QP: a CM handshake, or a PSN jump after a silence";
            case PSN_IN_READ_RANGE -> "Request on a PSN an RDMA READ reserved for its responses";
            case UNSENT_PSN_ANSWERED -> "Response for a PSN the requester never sent";
            case STALLED_QP -> "Stalled QP: requests outstanding, no progress";
            case RETRY_SEQUENCE -> "Retry sequence: the same PSN sent again and again";
            case NO_REQUEST_SEEN -> "Responses with no request seen (the capture started mid-way?)";
            case CONNECTION_REJECTED -> "Connection rejected: a CM ConnectReject";
            case NAK -> "NAK";
            case RNR_NAK -> "RNR NAK: receiver not ready";
            case CNP -> "CNP: congestion notification for CE-marked packets";
            case ECN_CE -> "ECN CE: congestion experienced";
            case ICRC_BAD -> "Bad ICRC";
            case MALFORMED -> "Malformed frame";
            case PFC_STORM -> "PFC storm: a priority paused most of a window";
            case PAUSE_8023X -> "802.3x PAUSE: the whole link paused";
            case CNM -> "Congestion notification: CNMs from a QCN congestion point";
        };
    }

    /** Wireshark's Group column. */
    static String group(EventKind kind) {
        return switch (kind) {
            case PSN_GAP, RETRANSMISSION, NEW_CONNECTION, PSN_IN_READ_RANGE, UNSENT_PSN_ANSWERED, STALLED_QP,
                    RETRY_SEQUENCE, NO_REQUEST_SEEN -> "Sequence";
            case CONNECTION_REJECTED, NAK, RNR_NAK -> "Response code";
            case CNP, ECN_CE, CNM -> "Congestion";
            case ICRC_BAD -> "Checksum";
            case MALFORMED -> "Malformed";
            case PFC_STORM, PAUSE_8023X -> "Flow control";
        };
    }

    static String protocol(EventKind kind) {
        return switch (kind) {
            case PSN_GAP, RETRANSMISSION, NEW_CONNECTION, PSN_IN_READ_RANGE, UNSENT_PSN_ANSWERED, STALLED_QP,
                    RETRY_SEQUENCE, NO_REQUEST_SEEN, CONNECTION_REJECTED, NAK, RNR_NAK, CNP, ICRC_BAD ->
                    "InfiniBand";
            case ECN_CE -> "IP";
            case MALFORMED -> "Frame";
            case PFC_STORM -> "PFC";
            case PAUSE_8023X -> "MAC Control";
            case CNM -> "QCN";
        };
    }
}
