package io.rocelens.analysis;

import io.rocelens.dissect.NotDissected;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one analysis pass found. Immutable, so it can be handed to other threads: the lists are unmodifiable copies
 * and the arrays are copied on the way in and on the way out. {@link #merge} combines the results of several files
 * or chunks.
 *
 * <p>Lists that can grow with the traffic (events, NAK links, CNP links, paused intervals, storms) hold at most
 * {@link AnalysisOptions#maxStored()} entries; the {@code …Dropped} counters say how many more there were, and every
 * total (event counts by kind, PFC totals, flow counters) includes them.
 *
 * @param firstTs    timestamp of the first frame (ns since the epoch), or 0 when there was none
 * @param lastTs     timestamp of the last frame
 * @param flows      in {@link #FLOW_ORDER}: by source IP, destination IP, then destination QP
 * @param pfc        eight entries, priorities 0..7
 * @param pfcSenders per sender MAC and priority (priority -1: 802.3x PAUSE)
 * @param nakCodes   NAK packets by AETH syndrome low five bits (the NAK code)
 * @param exchanges  requests timed to their answers (ACK round trips, READ latencies), in answer order, at most
 *                   {@link AnalysisOptions#maxStored()}; {@code exchangesDropped} more were timed but not kept
 * @param eventCounts events by {@link EventKind} ordinal, stored or not
 * @param notDissected frames that were not dissected at all, by reason ("link type 197 (ERF)"), in order of first
 *                     appearance; they count in {@code packets} only
 * @param encapsulated frames that came mirrored or tunnelled, by how ({@code roce.encap}: gre, erspan2 ...)
 * @param dcbx         the DCBX configuration (ETS, PFC) each sender last advertised in LLDP, by sender MAC
 * @param rates        the rate over time of each flow that received CNPs, in {@link #FLOW_ORDER}
 * @param ratesGivenUp flows whose rate series was given up before their first CNP to keep memory bounded
 * @param qcnPoints    IEEE 802.1Q Congestion Notification Messages per congestion point and priority, by CPID
 *                     (unsigned) then priority
 * @param cnms         each CNM in time order, at most {@link AnalysisOptions#maxStored()}; {@code cnmsDropped} more
 */
public record AnalysisResult(
        AnalysisOptions options,
        long packets, long rocePackets, long malformed, long icrcBad, long pause8023x,
        long firstTs, long lastTs,
        List<FlowStats> flows,
        List<PfcPriorityStats> pfc, List<PfcSenderStats> pfcSenders,
        List<PausedInterval> pausedIntervals, long pausedIntervalsDropped,
        List<PfcStorm> storms, long stormsDropped,
        long[] priorityBytes, long[] priorityPackets, BandwidthBins bins,
        long[] nakCodes,
        List<NakLink> nakLinks, long nakLinksDropped,
        List<CnpLink> cnpLinks, long cnpLinksDropped,
        List<Exchange> exchanges, long exchangesDropped,
        List<ExpertEvent> events, long[] eventCounts, long eventsDropped,
        Map<String, Long> notDissected, Map<String, Long> encapsulated,
        List<DcbxConfig> dcbx, List<FlowRate> rates, long ratesGivenUp,
        List<QcnPointStats> qcnPoints, List<Cnm> cnms, long cnmsDropped) {

    public AnalysisResult {
        rates = List.copyOf(rates);
        flows = List.copyOf(flows);
        pfc = List.copyOf(pfc);
        pfcSenders = List.copyOf(pfcSenders);
        pausedIntervals = GrowingList.frozen(pausedIntervals);
        storms = GrowingList.frozen(storms);
        priorityBytes = priorityBytes.clone();
        priorityPackets = priorityPackets.clone();
        nakCodes = nakCodes.clone();
        nakLinks = GrowingList.frozen(nakLinks);
        cnpLinks = GrowingList.frozen(cnpLinks);
        exchanges = GrowingList.frozen(exchanges);
        events = GrowingList.frozen(events);
        eventCounts = eventCounts.clone();
        notDissected = Collections.unmodifiableMap(new LinkedHashMap<>(notDissected));   // keeps the order
        encapsulated = Collections.unmodifiableMap(new LinkedHashMap<>(encapsulated));
        dcbx = List.copyOf(dcbx);
        qcnPoints = List.copyOf(qcnPoints);
        cnms = GrowingList.frozen(cnms);
    }

    /** Every CNM of the capture, stored or not. */
    public long cnmCount() {
        return qcnPoints.stream().mapToLong(QcnPointStats::cnms).sum();
    }

    /**
     * The DCBX configuration the analysis compares with when no ETS shares were typed in: of the senders that
     * advertised an ETS Configuration in the capture, the one with the lowest MAC address; else null.
     */
    public DcbxConfig etsFromCapture() {
        if (options.etsShares() != null) {
            return null;
        }
        for (DcbxConfig config : dcbx) {
            if (config.hasEts()) {
                return config;
            }
        }
        return null;
    }

    /** A copy: bytes of RoCE packets per priority 0..7. */
    @Override
    public long[] priorityBytes() {
        return priorityBytes.clone();
    }

    /** A copy: RoCE packets per priority 0..7. */
    @Override
    public long[] priorityPackets() {
        return priorityPackets.clone();
    }

    /** A copy: NAK packets by NAK code. */
    @Override
    public long[] nakCodes() {
        return nakCodes.clone();
    }

    /** A copy: events by {@link EventKind} ordinal. */
    @Override
    public long[] eventCounts() {
        return eventCounts.clone();
    }

    /**
     * The order of {@link #flows}: source IP, destination IP (as 128-bit numbers, so IPv4 before IPv6 and 10.0.0.9
     * before 10.0.0.10), then destination QP, then (UD flows) the sender's QP. Comparing the numbers needs no text per
     * flow.
     */
    static final Comparator<FlowStats> FLOW_ORDER = (a, b) -> {
        int c = Long.compareUnsigned(a.srcHi(), b.srcHi());
        c = c != 0 ? c : Long.compareUnsigned(a.srcLo(), b.srcLo());
        c = c != 0 ? c : Long.compareUnsigned(a.dstHi(), b.dstHi());
        c = c != 0 ? c : Long.compareUnsigned(a.dstLo(), b.dstLo());
        c = c != 0 ? c : Integer.compare(a.dstQp(), b.dstQp());
        return c != 0 ? c : Integer.compare(a.senderQp(), b.senderQp());
    };

    public long psnGaps() {
        return flows.stream().mapToLong(FlowStats::psnGaps).sum();
    }

    public long missingPsns() {
        return flows.stream().mapToLong(FlowStats::missingPsns).sum();
    }

    public long retransmitted() {
        return flows.stream().mapToLong(FlowStats::retransmitted).sum();
    }

    public long duplicates() {
        return flows.stream().mapToLong(FlowStats::duplicates).sum();
    }

    public long outOfOrder() {
        return flows.stream().mapToLong(FlowStats::outOfOrder).sum();
    }

    public long naks() {
        return flows.stream().mapToLong(FlowStats::naks).sum();
    }

    public long rnrNaks() {
        return flows.stream().mapToLong(FlowStats::rnrNaks).sum();
    }

    public long cnps() {
        return flows.stream().mapToLong(FlowStats::cnps).sum();
    }

    public long ecnCe() {
        return flows.stream().mapToLong(FlowStats::ecnCe).sum();
    }

    /**
     * The row (1-based, as in the per-QP CSV and the display filter's {@code roce.flow}) of each flow by its name,
     * the name an {@link ExpertEvent#flow()} or a link gives: a view jumps from an event to its conversation through
     * it. Made on each call; a view asks once per result.
     */
    public Map<String, Integer> flowRowsByName() {
        Map<String, Integer> rows = new HashMap<>(flows.size() * 2);
        for (int row = 0; row < flows.size(); row++) {
            rows.put(flows.get(row).name(), row + 1);
        }
        return rows;
    }

    public long eventCount(EventKind kind) {
        return eventCounts[kind.ordinal()];
    }

    public long stormCount() {
        return storms.size() + stormsDropped;
    }

    /**
     * The bandwidth bins to show: as configured when a bin width was given, else made coarser along the 1-2-5
     * series until there are at most 1000.
     */
    public BandwidthBins shownBins() {
        return options.binWidthNanos() > 0 ? bins : bins.atMost(1000);
    }

    public double durationSeconds() {
        return (lastTs - firstTs) / 1e9;
    }

    /**
     * From the first RoCE packet to the last, in seconds (0 without RoCE): every RoCE packet belongs to a flow. The
     * per-priority averages are taken over it, so frames around the RoCE traffic do not dilute them.
     */
    public double roceDurationSeconds() {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (FlowStats flow : flows) {
            first = Math.min(first, flow.firstTs());
            last = Math.max(last, flow.lastTs());
        }
        return flows.isEmpty() ? 0 : (last - first) / 1e9;
    }

    /**
     * Combines two results: counters add up, flows with the same key merge, lists concatenate (up to the bound).
     * PSN analysis does not continue across the boundary: a gap that spans two chunks of one file is not seen.
     */
    public AnalysisResult merge(AnalysisResult other) {
        if (other.packets == 0) {
            return this;
        }
        if (packets == 0) {
            return other;
        }
        int max = options.maxStored();
        // both lists are in FLOW_ORDER with one entry per key: walk them side by side
        List<FlowStats> mergedFlows = new ArrayList<>(flows.size() + other.flows.size());
        int mine = 0;
        int theirs = 0;
        while (mine < flows.size() || theirs < other.flows.size()) {
            int c = mine == flows.size() ? 1 : theirs == other.flows.size() ? -1
                    : FLOW_ORDER.compare(flows.get(mine), other.flows.get(theirs));
            if (c < 0) {
                mergedFlows.add(flows.get(mine++));
            } else if (c > 0) {
                mergedFlows.add(other.flows.get(theirs++));
            } else {
                mergedFlows.add(flows.get(mine++).merge(other.flows.get(theirs++)));
            }
        }

        List<PfcPriorityStats> mergedPfc = new ArrayList<>(8);
        for (int p = 0; p < 8; p++) {
            PfcPriorityStats a = pfc.get(p);
            PfcPriorityStats b = other.pfc.get(p);
            mergedPfc.add(new PfcPriorityStats(p, a.frames() + b.frames(), a.xoff() + b.xoff(), a.xon() + b.xon(),
                    a.quanta() + b.quanta(), a.pausedNanos() + b.pausedNanos()));
        }
        List<PfcSenderStats> senders = new ArrayList<>(pfcSenders);
        for (PfcSenderStats s : other.pfcSenders) {
            int i = indexOf(senders, s);
            if (i < 0) {
                senders.add(s);
            } else {
                PfcSenderStats t = senders.get(i);
                senders.set(i, new PfcSenderStats(t.senderMac(), t.priority(), t.frames() + s.frames(),
                        t.xoff() + s.xoff(), t.xon() + s.xon(), t.quanta() + s.quanta(),
                        t.pausedNanos() + s.pausedNanos(), t.intervals() + s.intervals()));
            }
        }
        BandwidthBins mergedBins = bins.merge(other.bins);
        long[] eventsByKind = new long[eventCounts.length];
        for (int i = 0; i < eventsByKind.length; i++) {
            eventsByKind[i] = eventCounts[i] + other.eventCounts[i];
        }
        return new AnalysisResult(options,
                packets + other.packets, rocePackets + other.rocePackets, malformed + other.malformed,
                icrcBad + other.icrcBad, pause8023x + other.pause8023x,
                Math.min(firstTs, other.firstTs), Math.max(lastTs, other.lastTs),
                mergedFlows, List.copyOf(mergedPfc), List.copyOf(senders),
                inOrder(concat(pausedIntervals, other.pausedIntervals, max),
                        Comparator.comparingLong(PausedInterval::startNanos)),
                pausedIntervalsDropped + other.pausedIntervalsDropped + overflow(pausedIntervals, other.pausedIntervals, max),
                inOrder(concat(storms, other.storms, max), Comparator.comparingLong(PfcStorm::windowStartNanos)),
                stormsDropped + other.stormsDropped + overflow(storms, other.storms, max),
                add(priorityBytes, other.priorityBytes), add(priorityPackets, other.priorityPackets),
                mergedBins, add(nakCodes, other.nakCodes),
                concat(nakLinks, other.nakLinks, max),
                nakLinksDropped + other.nakLinksDropped + overflow(nakLinks, other.nakLinks, max),
                concat(cnpLinks, other.cnpLinks, max),
                cnpLinksDropped + other.cnpLinksDropped + overflow(cnpLinks, other.cnpLinks, max),
                concat(exchanges, other.exchanges, max),
                exchangesDropped + other.exchangesDropped + overflow(exchanges, other.exchanges, max),
                inOrder(concat(events, other.events, max), Comparator.comparingLong(ExpertEvent::timestampNanos)),
                eventsByKind,
                eventsDropped + other.eventsDropped + overflow(events, other.events, max),
                addCounts(notDissected, other.notDissected),
                addCounts(encapsulated, other.encapsulated), mergeDcbx(dcbx, other.dcbx),
                mergeRates(rates, other.rates, mergedFlows, mergedBins.widthNanos()), ratesGivenUp + other.ratesGivenUp,
                mergeQcn(qcnPoints, other.qcnPoints, max),
                inOrder(concat(cnms, other.cnms, max), Comparator.comparingLong(Cnm::timestampNanos)),
                cnmsDropped + other.cnmsDropped + overflow(cnms, other.cnms, max));
    }

    /** The points of both, those of the same CPID and priority merged, in {@link #qcnPoints}' order. */
    private static List<QcnPointStats> mergeQcn(List<QcnPointStats> a, List<QcnPointStats> b, int max) {
        Map<List<Long>, QcnPointStats> byPoint = new LinkedHashMap<>();
        for (QcnPointStats point : a) {
            byPoint.put(List.of(point.cpid(), (long) point.priority()), point);
        }
        for (QcnPointStats point : b) {
            byPoint.merge(List.of(point.cpid(), (long) point.priority()), point, (x, y) -> x.merge(y, max));
        }
        List<QcnPointStats> merged = new ArrayList<>(byPoint.values());
        merged.sort(QcnTracker.ORDER);
        return merged;
    }

    /**
     * The rate series of both in the merged bins' width (files far apart in time widen them, as they widen the
     * bandwidth bins), those of one flow added together, in the order of the merged flows.
     */
    private static List<FlowRate> mergeRates(List<FlowRate> a, List<FlowRate> b, List<FlowStats> flows, long width) {
        Map<String, FlowRate> byFlow = new LinkedHashMap<>();
        for (FlowRate rate : a) {
            byFlow.put(rate.flow(), rate.inBinsOf(width));
        }
        for (FlowRate rate : b) {
            byFlow.merge(rate.flow(), rate.inBinsOf(width), FlowRate::merge);
        }
        if (byFlow.size() < 2) {
            return List.copyOf(byFlow.values());
        }
        Map<String, Integer> rows = new HashMap<>();
        for (int row = 0; row < flows.size(); row++) {
            rows.put(flows.get(row).name(), row);
        }
        List<FlowRate> merged = new ArrayList<>(byFlow.values());
        merged.sort(Comparator.comparingInt(r -> rows.getOrDefault(r.flow(), Integer.MAX_VALUE)));
        return merged;
    }

    /** Each sender's advertisements together, the later frame's of each part (see {@link DcbxConfig#updatedBy}). */
    private static List<DcbxConfig> mergeDcbx(List<DcbxConfig> a, List<DcbxConfig> b) {
        Map<Long, DcbxConfig> bySender = new java.util.TreeMap<>();
        for (DcbxConfig config : a) {
            bySender.put(config.senderMac(), config);
        }
        for (DcbxConfig config : b) {
            bySender.merge(config.senderMac(), config, DcbxConfig::updatedBy);
        }
        return List.copyOf(bySender.values());
    }

    /** "77 frames of link type 197 (ERF) not dissected", one line per reason; empty when every frame was. */
    public List<String> notDissectedLines() {
        return NotDissected.lines(notDissected);
    }

    private static Map<String, Long> addCounts(Map<String, Long> a, Map<String, Long> b) {
        Map<String, Long> sum = new LinkedHashMap<>(a);
        b.forEach((reason, frames) -> sum.merge(reason, frames, Long::sum));
        return sum;
    }

    private static int indexOf(List<PfcSenderStats> senders, PfcSenderStats s) {
        for (int i = 0; i < senders.size(); i++) {
            if (senders.get(i).senderMac() == s.senderMac() && senders.get(i).priority() == s.priority()) {
                return i;
            }
        }
        return -1;
    }

    private static <T> List<T> concat(List<T> a, List<T> b, int max) {
        List<T> all = new ArrayList<>(a);
        for (T t : b) {
            if (all.size() >= max) {
                break;
            }
            all.add(t);
        }
        return List.copyOf(all);
    }

    /** The parts of two files keep the order one pass gives them (by time) whichever file was named first. */
    private static <T> List<T> inOrder(List<T> list, Comparator<T> order) {
        List<T> copy = new ArrayList<>(list);
        copy.sort(order);
        return List.copyOf(copy);
    }

    private static long overflow(List<?> a, List<?> b, int max) {
        return Math.max(0, a.size() + b.size() - Math.max(max, a.size()));
    }

    private static long[] add(long[] a, long[] b) {
        long[] sum = a.clone();
        for (int i = 0; i < sum.length; i++) {
            sum[i] += b[i];
        }
        return sum;
    }
}
