package io.rocelens.analysis;

import io.rocelens.dissect.PacketSummary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;

/**
 * What the analysis knows about one frame, as lines for the packet details tree (Wireshark's "[SEQ/ACK analysis]"):
 * the frame's expert events, the frames its NAK, CNP and request/answer links name, its latencies and its message.
 *
 * <p>It reads a finished (or a snapshot) {@link AnalysisResult} and, when known, the pass's {@link AnalysisMarks};
 * either may be null. The per-frame indexes over the stored events and links are built on the first
 * {@link #lines} call (off the UI thread) and hold two longs per stored element: the memory stays bounded by
 * {@link AnalysisOptions#maxStored()} as the events are.
 */
public final class FrameAnalysis {

    /**
     * One line: {@code text} as the tree shows it ("[…]"), the display {@code filter} "Apply as Filter" uses, the
     * {@code frame} it links to (-1 for none), and for an expert event its {@code severity} and {@code group} (null
     * else).
     */
    public record Line(String text, String filter, long frame, Severity severity, ExpertGroup group) {

        public boolean isLink() {
            return frame >= 0;
        }
    }

    /** How far back a duplicate's first transmission is looked for. */
    static final int SEARCH_ROWS = 1 << 20;

    private final AnalysisResult result;
    private final AnalysisMarks marks;
    /** The capture's packet index, for a duplicate's first transmission; null when there is none. */
    private final SummaryRows frames;
    private Index<ExpertEvent> events;
    private Index<NakLink> naks;
    private Index<NakLink> retransmissions;
    private Index<CnpLink> cnps;
    private Index<CnpLink> ceMarks;
    private Index<Exchange> requests;
    private Index<Exchange> answers;
    /** A PSN gap and the NAK (PSN sequence error) its responder sent for it. */
    private record GapNak(long gapFrame, long nakFrame) {
    }

    private Index<GapNak> gapNaks;
    private Index<GapNak> nakGaps;

    private FrameAnalysis(AnalysisResult result, AnalysisMarks marks, SummaryRows frames) {
        this.result = result;
        this.marks = marks;
        this.frames = frames;
    }

    /** A lookup over a result and the marks of the same pass; either may be null (nothing known from it). */
    public static FrameAnalysis of(AnalysisResult result, AnalysisMarks marks) {
        return new FrameAnalysis(result, marks, null);
    }

    /**
     * As {@link #of(AnalysisResult, AnalysisMarks)}, with the packet index of the same capture (rows are frames), in
     * which a duplicate's first transmission is found.
     */
    public static FrameAnalysis of(AnalysisResult result, AnalysisMarks marks, SummaryRows frames) {
        return new FrameAnalysis(result, marks, frames);
    }

    public AnalysisResult result() {
        return result;
    }

    public AnalysisMarks marks() {
        return marks;
    }

    /** The lines for a frame (1-based, as events number them), in a fixed order; empty when nothing is known. */
    public List<Line> lines(long frame) {
        List<Line> lines = new ArrayList<>();
        if (result != null) {
            indexed();
            for (ExpertEvent event : events.at(frame)) {
                lines.add(new Line("[Expert Info (" + capitalised(event.severity().label()) + "/"
                        + event.group().label() + "): " + event.message() + "]", filterOf(event), -1,
                        event.severity(), event.group()));
            }
        }
        if (marks != null) {
            long missing = marks.missing(frame);
            if (missing != AnalysisMarks.NONE) {
                lines.add(line("[Missing PSNs: " + missing + "]", "roce.analysis.missing == " + missing));
            }
            if (marks.has(frame, AnalysisMarks.DUPLICATE)) {
                lines.add(line("[This is a retransmission of a PSN already seen (duplicate)]",
                        "roce.analysis.duplicate"));
                long first = firstTransmission(frame);
                if (first >= 0) {
                    lines.add(link("[This is a retransmission of frame " + first + "]", first));
                }
            } else if (marks.has(frame, AnalysisMarks.OUT_OF_ORDER)) {
                lines.add(line("[This is a retransmission of a missing PSN (out of order)]",
                        "roce.analysis.out_of_order"));
            }
        }
        if (result != null) {
            for (GapNak link : gapNaks.at(frame)) {
                lines.add(link("[The NAK for this gap is frame " + link.nakFrame() + "]", link.nakFrame()));
            }
            for (GapNak link : nakGaps.at(frame)) {
                lines.add(link("[This NAK answers the PSN gap in frame " + link.gapFrame() + "]", link.gapFrame()));
            }
            for (NakLink nak : retransmissions.at(frame)) {
                lines.add(link("[This is a retransmission after the " + (nak.rnr() ? "RNR NAK" : "NAK") + " in frame "
                        + nak.nakFrame() + "]", nak.nakFrame()));
                lines.add(line("[NAK to retransmission: " + Formats.duration(nak.latencyNanos()) + "]",
                        "roce.analysis.nak_to_retx_us == " + nak.latencyNanos() / 1000));
            }
            for (NakLink nak : naks.at(frame)) {
                lines.add(nak.answered()
                        ? link("[The retransmission answering this " + (nak.rnr() ? "RNR NAK" : "NAK") + " is frame "
                                + nak.retransmitFrame() + "]", nak.retransmitFrame())
                        : line("[No retransmission answered this " + (nak.rnr() ? "RNR NAK" : "NAK") + "]",
                                nak.rnr() ? "roce.analysis.rnr_nak" : "roce.analysis.nak"));
            }
            for (CnpLink cnp : cnps.at(frame)) {
                if (cnp.ceCount() > 0) {
                    lines.add(link("[This CNP answers " + cnp.ceCount() + " CE-marked packet"
                            + (cnp.ceCount() == 1 ? "" : "s") + ", the first in frame " + cnp.firstCeFrame() + "]",
                            cnp.firstCeFrame()));
                    lines.add(line("[CE mark to CNP: " + Formats.duration(cnp.latencyNanos()) + "]",
                            "roce.analysis.ce_to_cnp_us == " + cnp.latencyNanos() / 1000));
                }
            }
            for (CnpLink cnp : ceMarks.at(frame)) {
                lines.add(link("[CE mark answered by the CNP in frame " + cnp.cnpFrame() + "]", cnp.cnpFrame()));
            }
            for (Exchange exchange : requests.at(frame)) {
                String after = Formats.duration(exchange.nanos());
                switch (exchange.kind()) {
                    case ACK_RTT -> {
                        lines.add(link("[Acknowledged by frame " + exchange.answerFrame() + "]", exchange.answerFrame()));
                        lines.add(line("[ACK round trip: " + after + "]", "frame.number == " + frame));
                    }
                    case READ_FIRST -> lines.add(link("[First READ response in frame " + exchange.answerFrame() + ", "
                            + after + " later]", exchange.answerFrame()));
                    case READ_LAST -> lines.add(link("[Last READ response in frame " + exchange.answerFrame() + ", "
                            + after + " later]", exchange.answerFrame()));
                    case MESSAGE -> lines.add(link("[Message acknowledged by frame " + exchange.answerFrame() + ", "
                            + after + " after its first packet]", exchange.answerFrame()));
                }
            }
            for (Exchange exchange : answers.at(frame)) {
                String after = Formats.duration(exchange.nanos());
                lines.add(link(switch (exchange.kind()) {
                    case ACK_RTT -> "[This ACK answers the request in frame " + exchange.requestFrame() + ", " + after
                            + " earlier]";
                    case READ_FIRST -> "[First response to the READ request in frame " + exchange.requestFrame() + ", "
                            + after + " earlier]";
                    case READ_LAST -> "[Last response to the READ request in frame " + exchange.requestFrame() + ", "
                            + after + " earlier]";
                    case MESSAGE -> "[This ACK completes the message starting in frame " + exchange.requestFrame()
                            + ", " + after + " earlier]";
                }, exchange.requestFrame()));
            }
        }
        if (marks != null) {
            long number = marks.messageNumber(frame);
            if (number != AnalysisMarks.NONE) {
                long position = marks.messagePosition(frame);
                String where = position == AnalysisMarks.FIRST ? "first" : position == AnalysisMarks.MIDDLE ? "middle"
                        : position == AnalysisMarks.LAST ? "last" : "only";
                lines.add(line("[Message " + number + " of its flow, " + where + " packet]",
                        "roce.msg.number == " + number));
                lines.add(line("[Message position: " + where + "]", "roce.msg.position == " + where));
                long size = marks.messageSize(frame);
                if (size != AnalysisMarks.NONE) {
                    lines.add(line("[Message size: " + size + " bytes]", "roce.msg.size == " + size));
                }
            }
        }
        return lines;
    }

    /**
     * The frame that carried a duplicate's PSN before it, as Wireshark links a TCP retransmission to its original:
     * the latest earlier frame of the same flow (addresses and destination QP) with the same PSN that is no duplicate
     * itself, among the {@link #SEARCH_ROWS} frames before; -1 when there is none or no index.
     */
    private long firstTransmission(long frame) {
        if (frames == null || frame < 1 || frame > frames.size()) {
            return -1;
        }
        int row = (int) (frame - 1);
        PacketSummary duplicate = new PacketSummary();
        frames.fill(row, duplicate);
        PacketSummary earlier = new PacketSummary();
        for (int r = row - 1; r >= Math.max(0, row - SEARCH_ROWS); r--) {
            frames.fill(r, earlier);
            if (earlier.psn == duplicate.psn && earlier.destQp == duplicate.destQp && earlier.isRoce()
                    && earlier.ipSrcHi == duplicate.ipSrcHi && earlier.ipSrcLo == duplicate.ipSrcLo
                    && earlier.ipDstHi == duplicate.ipDstHi && earlier.ipDstLo == duplicate.ipDstLo
                    && !marks.has(r + 1, AnalysisMarks.DUPLICATE)) {
                return r + 1;
            }
        }
        return -1;
    }

    private static Line line(String text, String filter) {
        return new Line(text, filter, -1, null, null);
    }

    private static Line link(String text, long frame) {
        return new Line(text, "frame.number == " + frame, frame, null, null);
    }

    /** The roce.analysis.* field of an event's kind, or the frame itself for kinds without one. */
    private static String filterOf(ExpertEvent event) {
        return switch (event.kind()) {
            case PSN_GAP, RETRANSMISSION, NEW_CONNECTION, PSN_IN_READ_RANGE, UNSENT_PSN_ANSWERED, NAK, RNR_NAK, CNP,
                    ECN_CE, ICRC_BAD, MALFORMED, CNM -> "roce.analysis." + event.kind().label();
            default -> "frame.number == " + event.frame();
        };
    }

    private static String capitalised(String word) {
        return word.isEmpty() ? word : word.substring(0, 1).toUpperCase(Locale.ROOT) + word.substring(1);
    }

    private synchronized void indexed() {
        if (events != null) {
            return;
        }
        naks = new Index<>(result.nakLinks(), NakLink::nakFrame);
        retransmissions = new Index<>(result.nakLinks(), NakLink::retransmitFrame);
        cnps = new Index<>(result.cnpLinks(), CnpLink::cnpFrame);
        ceMarks = new Index<>(result.cnpLinks(), link -> link.ceCount() > 0 ? link.firstCeFrame() : -1);
        requests = new Index<>(result.exchanges(), Exchange::requestFrame);
        answers = new Index<>(result.exchanges(), Exchange::answerFrame);
        List<GapNak> gaps = gapNaks();
        gapNaks = new Index<>(gaps, GapNak::gapFrame);
        nakGaps = new Index<>(gaps, GapNak::nakFrame);
        events = new Index<>(result.events(), ExpertEvent::frame);    // last: it says the indexes are built
    }

    /**
     * Each stored PSN gap with the first NAK "PSN sequence error" (AETH syndrome 0x60) on its request flow after it,
     * when that NAK comes before the flow's next gap (a NAK after the next gap answers that one).
     */
    private List<GapNak> gapNaks() {
        java.util.Map<String, List<long[]>> byFlow = new java.util.HashMap<>();
        for (ExpertEvent event : result.events()) {
            if (event.kind() == EventKind.PSN_GAP && !event.flow().isEmpty()) {
                byFlow.computeIfAbsent(event.flow(), flow -> new ArrayList<>()).add(new long[] {event.frame(), -1});
            }
        }
        if (byFlow.isEmpty()) {
            return List.of();
        }
        java.util.Map<String, List<Long>> naksByFlow = new java.util.HashMap<>();
        for (NakLink nak : result.nakLinks()) {
            if (!nak.rnr() && nak.syndrome() == 0x60 && byFlow.containsKey(nak.requestFlow())) {
                naksByFlow.computeIfAbsent(nak.requestFlow(), flow -> new ArrayList<>()).add(nak.nakFrame());
            }
        }
        List<GapNak> links = new ArrayList<>();
        byFlow.forEach((flow, flowGaps) -> {
            List<Long> flowNaks = naksByFlow.getOrDefault(flow, new ArrayList<>());
            flowNaks.sort(null);
            flowGaps.sort((a, b) -> Long.compare(a[0], b[0]));
            for (int i = 0; i < flowGaps.size(); i++) {
                long gap = flowGaps.get(i)[0];
                long next = i + 1 < flowGaps.size() ? flowGaps.get(i + 1)[0] : Long.MAX_VALUE;
                for (long nak : flowNaks) {
                    if (nak > gap) {
                        if (nak < next) {
                            links.add(new GapNak(gap, nak));
                        }
                        break;
                    }
                }
            }
        });
        return links;
    }

    /** Elements of a list by a frame number: (frame << 32 | position) sorted, found by binary search. */
    private static final class Index<T> {
        private final List<T> list;
        private final long[] keys;

        Index(List<T> list, ToLongFunction<T> frameOf) {
            this.list = list;
            long[] all = new long[list.size()];
            int n = 0;
            for (int i = 0; i < list.size(); i++) {
                long frame = frameOf.applyAsLong(list.get(i));
                if (frame >= 0 && frame < 1L << 31) {
                    all[n++] = frame << 32 | i;
                }
            }
            keys = Arrays.copyOf(all, n);
            Arrays.sort(keys);
        }

        List<T> at(long frame) {
            if (frame < 0 || frame >= 1L << 31) {
                return List.of();
            }
            int at = Arrays.binarySearch(keys, frame << 32);
            if (at < 0) {
                at = -at - 1;
            }
            List<T> found = new ArrayList<>(1);
            while (at < keys.length && keys[at] >>> 32 == frame) {
                found.add(list.get((int) keys[at]));
                at++;
            }
            return found;
        }
    }
}
