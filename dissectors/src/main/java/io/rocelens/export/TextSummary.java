package io.rocelens.export;

import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.CnpLink;
import io.rocelens.analysis.DcbxConfig;
import io.rocelens.analysis.EventKind;
import io.rocelens.analysis.Exchange;
import io.rocelens.analysis.FlowStats;
import io.rocelens.analysis.Formats;
import io.rocelens.analysis.NakLink;
import io.rocelens.analysis.PfcPriorityStats;
import io.rocelens.analysis.PfcSenderStats;
import io.rocelens.analysis.QcnPointStats;
import io.rocelens.dissect.Addresses;
import io.rocelens.dissect.Timestamps;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The readable summary {@code rocelens analyze} prints by default, in the spirit of tshark's {@code -z} tables:
 * totals, the top flows by bytes, NAK and CNP latencies, PFC per priority and the bandwidth split.
 */
public final class TextSummary {

    private static final String RULE = "=".repeat(100);

    private TextSummary() {
    }

    public static void write(AnalysisResult r, String title, int topFlows, PrintWriter out) {
        out.println(RULE);
        out.println("RoCE analysis: " + title);
        out.println(RULE);
        out.printf(Locale.ROOT, "Frames: %d   RoCE: %d   other: %d   malformed: %d%n", r.packets(), r.rocePackets(),
                r.packets() - r.rocePackets(), r.malformed());
        for (String line : r.notDissectedLines()) {
            out.println(line);
        }
        for (Map.Entry<String, Long> how : r.encapsulated().entrySet()) {
            out.printf(Locale.ROOT, "Encapsulated: %d frames (roce.encap == %s), analysed as captured at the mirror"
                    + " source%n", how.getValue(), how.getKey());
        }
        if (r.packets() > 0) {
            out.printf(Locale.ROOT, "Time: %s .. %s (%s)%n", Timestamps.iso(r.firstTs()), Timestamps.iso(r.lastTs()),
                    Formats.duration(r.lastTs() - r.firstTs()));
        }
        out.printf(Locale.ROOT, "Flows: %d   PSN gaps: %d (%d PSNs still missing)   retransmitted: %d "
                        + "(%d duplicates, %d out of order)%n", r.flows().size(), r.psnGaps(), r.missingPsns(),
                r.retransmitted(), r.duplicates(), r.outOfOrder());
        out.printf(Locale.ROOT, "NAKs: %d   RNR NAKs: %d   CNPs: %d   ECN CE: %d   bad ICRC: %d   802.3x PAUSE: %d   "
                        + "PFC storms: %d%n", r.naks(), r.rnrNaks(), r.cnps(), r.ecnCe(), r.icrcBad(), r.pause8023x(),
                r.stormCount());
        topFlows(r, topFlows, out);
        nakAndCnp(r, out);
        congestion(r, out);
        exchanges(r, out);
        pfc(r, out);
        qcn(r, out);
        dcbx(r, out);
        bandwidth(r, out);
        events(r, out);
        out.println(RULE);
        out.flush();
    }

    private static void topFlows(AnalysisResult r, int top, PrintWriter out) {
        if (r.flows().isEmpty()) {
            return;
        }
        List<FlowStats> flows = new ArrayList<>(r.flows());
        flows.sort(Comparator.comparingLong(FlowStats::bytes).reversed());
        int shown = Math.min(top, flows.size());
        out.println();
        out.printf(Locale.ROOT, "Top %d of %d flows by bytes%n", shown, flows.size());
        int width = 11;
        for (FlowStats f : flows.subList(0, shown)) {
            width = Math.max(width, Math.max(f.srcIp().length(), f.dstIp().length()));
        }
        String format = "%-" + width + "s %-" + width + "s %-8s %-8s %4s %9s %12s %11s %12s %6s %6s %5s %5s %5s%n";
        out.printf(Locale.ROOT, format, "Source", "Destination", "Src QP", "Dst QP", "Prio", "Packets", "Bytes",
                "Duration", "Throughput", "Gaps", "Retx", "NAKs", "CNPs", "CE");
        for (FlowStats f : flows.subList(0, shown)) {
            out.printf(Locale.ROOT, format, f.srcIp(), f.dstIp(), f.srcQp() < 0 ? "?" : Formats.qp(f.srcQp()),
                    Formats.qp(f.dstQp()), f.priority(), f.packets(), f.bytes(),
                    Formats.duration(f.lastTs() - f.firstTs()), rate(f.throughputBps()),
                    f.psnGaps(), f.retransmitted(), f.naks() + f.rnrNaks(), f.cnps(), f.ecnCe());
        }
        out.printf(Locale.ROOT, "(throughput \u2014 for a flow of one packet or shorter than %s)%n",
                Formats.duration(FlowStats.MIN_THROUGHPUT_SPAN_NANOS));
    }

    private static void nakAndCnp(AnalysisResult r, PrintWriter out) {
        if (r.nakLinks().isEmpty() && r.cnpLinks().isEmpty()) {
            return;
        }
        out.println();
        if (!r.nakLinks().isEmpty()) {
            Latency latency = Latency.of(r.nakLinks().stream().mapToLong(NakLink::latencyNanos).toArray(), l -> l >= 0);
            out.printf(Locale.ROOT, "NAK -> retransmission: %d answered, %d unanswered%s%n", latency.count(),
                    r.nakLinks().size() - latency.count(), latencyText(latency));
        }
        if (!r.cnpLinks().isEmpty()) {
            Latency latency = Latency.of(r.cnpLinks().stream().mapToLong(CnpLink::latencyNanos).toArray(), l -> l >= 0);
            out.printf(Locale.ROOT, "CE -> CNP: %d CNPs after CE marks, %d without a CE mark seen%s%n", latency.count(),
                    r.cnpLinks().size() - latency.count(), latencyText(latency));
        }
    }

    /**
     * One line on the DCQCN reaction: how many CNPs to how many QPs, the median of the lowest rate after a CNP as a
     * share of the rate before, and how many recovered to 90 % (median time).
     */
    private static void congestion(AnalysisResult r, PrintWriter out) {
        if (r.rates().isEmpty()) {
            return;
        }
        List<io.rocelens.analysis.DcqcnReaction> all = io.rocelens.analysis.DcqcnReaction.of(r);
        double[] shares = all.stream().filter(x -> x.beforeBps() > 0 && x.minAfterBps() >= 0)
                .mapToDouble(x -> x.minAfterBps() / x.beforeBps()).sorted().toArray();
        long[] recovery = all.stream().filter(io.rocelens.analysis.DcqcnReaction::recovered)
                .mapToLong(io.rocelens.analysis.DcqcnReaction::recoveryNanos).sorted().toArray();
        out.println();
        out.printf(Locale.ROOT, "DCQCN reaction (%s bins): %d CNPs to %d QPs; lowest rate after a CNP %s of the rate "
                        + "before; %d recovered to 90 %%%s, %d not%n",
                Formats.duration(io.rocelens.analysis.DcqcnReaction.widthFor(r)), all.size(), r.rates().size(),
                shares.length == 0 ? "unknown" : String.format(Locale.ROOT, "median %.0f %%",
                        100 * shares[(shares.length - 1) / 2]),
                recovery.length, recovery.length == 0 ? ""
                        : " (median " + Formats.duration(recovery[(recovery.length - 1) / 2]) + ")",
                all.size() - recovery.length);
    }

    /** One line per kind of timed exchange: how many, and the p50, p99 and max of their latency. */
    private static void exchanges(AnalysisResult r, PrintWriter out) {
        if (r.exchanges().isEmpty()) {
            return;
        }
        out.println();
        out.println("Latency at the capture point (p50 / p99 / max):");
        for (Exchange.Kind kind : Exchange.Kind.values()) {
            long[] nanos = r.exchanges().stream().filter(e -> e.kind() == kind).mapToLong(Exchange::nanos).toArray();
            if (nanos.length > 0) {
                Latency.Percentiles p = Latency.Percentiles.of(nanos);
                out.printf(Locale.ROOT, "  %-10s %6d timed  %s / %s / %s%n", kind.label(), p.count(),
                        Formats.duration(p.p50()), Formats.duration(p.p99()), Formats.duration(p.max()));
            }
        }
        if (r.exchangesDropped() > 0) {
            out.printf(Locale.ROOT, "  (%d more not stored: --max-events)%n", r.exchangesDropped());
        }
    }

    private static String latencyText(Latency latency) {
        if (latency.count() == 0) {
            return "";
        }
        return "; latency min " + Formats.duration(latency.minNanos()) + ", mean "
                + Formats.duration(latency.meanNanos()) + ", max " + Formats.duration(latency.maxNanos());
    }

    private static void pfc(AnalysisResult r, PrintWriter out) {
        boolean any = r.pfc().stream().anyMatch(p -> p.frames() > 0) || r.pause8023x() > 0;
        if (!any) {
            return;
        }
        out.println();
        out.printf(Locale.ROOT, "PFC by priority (link speed %s, 1 quantum = %s)%n", rate(r.options().linkSpeedBps()),
                Formats.duration(r.options().quantaNanos(1)));
        String format = "%-8s %9s %9s %9s %12s %14s%n";
        out.printf(Locale.ROOT, format, "Priority", "Frames", "XOFF", "XON", "Quanta", "Paused");
        for (PfcPriorityStats p : r.pfc()) {
            if (p.frames() > 0) {
                out.printf(Locale.ROOT, format, p.priority(), p.frames(), p.xoff(), p.xon(), p.quanta(),
                        Formats.duration(p.pausedNanos()));
            }
        }
        for (PfcSenderStats s : r.pfcSenders()) {
            if (s.priority() < 0) {
                out.printf(Locale.ROOT, format, "802.3x", s.frames(), s.xoff(), s.xon(), s.quanta(),
                        Formats.duration(s.pausedNanos()));
            }
        }
        out.println("By sender:");
        for (PfcSenderStats s : r.pfcSenders()) {
            out.printf(Locale.ROOT, "  %s %-10s frames %6d, paused intervals %6d, paused %s%n", Addresses.mac(s.senderMac()),
                    s.priority() < 0 ? "802.3x" : "priority " + s.priority(), s.frames(), s.intervals(),
                    Formats.duration(s.pausedNanos()));
        }
    }

    /** IEEE 802.1Q Congestion Notification: per congestion point and priority, the CNMs and their feedback. */
    private static void qcn(AnalysisResult r, PrintWriter out) {
        if (r.qcnPoints().isEmpty()) {
            return;
        }
        out.println();
        out.printf(Locale.ROOT, "QCN congestion notification: %d CNMs from %d congestion point%s and priorit%s%n",
                r.cnmCount(), r.qcnPoints().size(), r.qcnPoints().size() == 1 ? "" : "s",
                r.qcnPoints().size() == 1 ? "y" : "ies");
        for (QcnPointStats p : r.qcnPoints()) {
            out.printf(Locale.ROOT, "  CP 0x%016x priority %d: %d CNMs, qFb min %d mean %.1f max %d, frames %d .. %d"
                            + " (%s .. %s), to %s%n", p.cpid(), p.priority(), p.cnms(), p.qfbMin(), p.qfbMean(),
                    p.qfbMax(), p.firstFrame(), p.lastFrame(), Timestamps.iso(p.firstTs()), Timestamps.iso(p.lastTs()),
                    p.reactionPoints().stream().map(Addresses::mac).collect(java.util.stream.Collectors.joining(", ")));
        }
    }

    private static void bandwidth(AnalysisResult r, PrintWriter out) {
        long total = 0;
        for (long bytes : r.priorityBytes()) {
            total += bytes;
        }
        if (total == 0) {
            return;
        }
        double[] ets = r.options().etsShares();
        DcbxConfig fromCapture = r.etsFromCapture();
        String[] etsText = new String[8];
        for (int p = 0; p < 8; p++) {
            double share = ets != null ? ets[p] : fromCapture != null ? fromCapture.share(p) : Double.NaN;
            etsText[p] = Double.isNaN(share) ? "" : String.format(Locale.ROOT, "%.1f %%", share)
                    + (fromCapture != null ? " TC " + fromCapture.trafficClass(p) : "");
        }
        double seconds = r.roceDurationSeconds();
        out.println();
        out.printf(Locale.ROOT, "RoCE bandwidth by priority (averages over the RoCE traffic's own span, %s)%n",
                Formats.duration(Math.round(seconds * 1e9)));
        String format = "%-8s %10s %14s %12s %8s %13s%n";
        out.printf(Locale.ROOT, format, "Priority", "Packets", "Bytes", "Average", "Share",
                ets != null ? "ETS" : fromCapture != null ? "ETS (DCBX)" : "");
        for (int p = 0; p < 8; p++) {
            if (r.priorityPackets()[p] == 0 && etsText[p].isEmpty()) {
                continue;
            }
            out.printf(Locale.ROOT, format, p, r.priorityPackets()[p], r.priorityBytes()[p],
                    seconds > 0 ? rate(r.priorityBytes()[p] * 8 / seconds) : "\u2014",
                    String.format(Locale.ROOT, "%.1f %%", 100.0 * r.priorityBytes()[p] / total), etsText[p]);
        }
        if (fromCapture != null) {
            out.printf(Locale.ROOT, "ETS shares taken from the capture: the DCBX ETS Configuration of %s (frame %d);"
                    + " a priority has its traffic class's share, which the class's priorities share (--ets"
                    + " overrides)%n", Addresses.mac(fromCapture.senderMac()), fromCapture.etsFrame());
        }
    }

    /** What each sender advertised with DCBX: the priorities PFC is enabled on and the ETS traffic classes. */
    private static void dcbx(AnalysisResult r, PrintWriter out) {
        if (r.dcbx().isEmpty()) {
            return;
        }
        out.println();
        out.println("DCBX advertised in the capture (IEEE 802.1Qaz, in LLDP), last per sender");
        for (DcbxConfig config : r.dcbx()) {
            String sender = Addresses.mac(config.senderMac());
            if (config.hasPfc()) {
                List<Integer> enabled = config.pfcPriorities();
                out.printf(Locale.ROOT, "  %s PFC enabled on %s (frame %d)%n", sender, enabled.isEmpty() ? "no priority"
                        : (enabled.size() == 1 ? "priority " : "priorities ") + join(enabled), config.pfcFrame());
                sender = " ".repeat(sender.length());
            }
            if (config.hasEts()) {
                StringBuilder classes = new StringBuilder();
                for (int tc = 0; tc < 8; tc++) {
                    List<Integer> priorities = new java.util.ArrayList<>();
                    for (int p = 0; p < 8; p++) {
                        if (config.trafficClass(p) == tc) {
                            priorities.add(p);
                        }
                    }
                    if (priorities.isEmpty()) {
                        continue;
                    }
                    int tsa = config.tsa()[tc];
                    classes.append(classes.length() > 0 ? ", " : "").append("TC ").append(tc).append(' ')
                            .append(tsa == DcbxConfig.TSA_ETS ? config.tcBandwidth()[tc] + " % ETS"
                                    : tsa == 0 ? "strict priority" : tsa == 1 ? "credit-based shaper"
                                    : "algorithm " + tsa)
                            .append(priorities.size() == 1 ? " (priority " : " (priorities ").append(join(priorities))
                            .append(')');
                }
                out.printf(Locale.ROOT, "  %s ETS %s (frame %d)%n", sender, classes, config.etsFrame());
            }
        }
    }

    private static String join(List<Integer> numbers) {
        return numbers.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", "));
    }

    private static void events(AnalysisResult r, PrintWriter out) {
        StringBuilder line = new StringBuilder();
        for (EventKind kind : EventKind.values()) {
            if (r.eventCount(kind) > 0) {
                line.append(line.length() == 0 ? "" : ", ").append(kind.label()).append(' ').append(r.eventCount(kind));
            }
        }
        if (line.length() > 0) {
            out.println();
            out.println("Expert events: " + line + (r.eventsDropped() > 0
                    ? " (" + r.eventsDropped() + " counted but not stored)" : ""));
        }
    }

    /**
     * Bits per second with a unit ("126.69 Mb/s"), as the summary and the window show rates; NaN (no meaningful rate)
     * is "—".
     */
    public static String rate(double bps) {
        if (Double.isNaN(bps)) {
            return "\u2014";
        }
        String[] units = {"b/s", "kb/s", "Mb/s", "Gb/s", "Tb/s"};
        int unit = 0;
        while (bps >= 1000 && unit < units.length - 1) {
            bps /= 1000;
            unit++;
        }
        return String.format(Locale.ROOT, unit == 0 ? "%.0f %s" : "%.2f %s", bps, units[unit]);
    }
}
