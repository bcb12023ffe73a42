package io.rocelens.app.gui.stats.congestion.model;

import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.DcqcnReaction;
import io.rocelens.analysis.FlowRate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the Congestion view shows (made off the UI thread): each flow that received CNPs with its rate over time in
 * the bins of the DCQCN reaction ({@link DcqcnReaction#widthFor}, those of {@code analyze --json}'s
 * {@code congestion}), and the reaction to each of its CNPs.
 *
 * @param flows     by flow name, in the order of the analysis's flows
 * @param reactions every CNP's reaction, flow by flow, CNPs in time order
 * @param firstTs   the capture's first frame, the time axis's origin
 * @param lastBin   the capture's last bin
 */
public record CongestionChart(long widthNanos, Map<String, FlowRate> flows, List<DcqcnReaction> reactions,
                              long firstTs, long lastBin, int beforeBins) {

    public static final CongestionChart EMPTY = new CongestionChart(1, Map.of(), List.of(), 0, 0,
            DcqcnReaction.DEFAULT_BEFORE_BINS);

    /** The reactions with the rate before each CNP taken over {@code beforeBins} bins. */
    public static CongestionChart of(AnalysisResult result, int beforeBins) {
        long width = DcqcnReaction.widthFor(result);
        long lastBin = Math.floorDiv(result.lastTs(), width);
        Map<String, FlowRate> flows = new LinkedHashMap<>();
        List<DcqcnReaction> reactions = new ArrayList<>();
        for (FlowRate rate : result.rates()) {
            FlowRate binned = rate.inBinsOf(width);
            flows.put(rate.flow(), binned);
            reactions.addAll(DcqcnReaction.of(binned, lastBin, beforeBins));
        }
        return new CongestionChart(width, java.util.Collections.unmodifiableMap(flows), List.copyOf(reactions),
                result.firstTs(), lastBin, beforeBins);
    }

    /** The reactions to one flow's CNPs. */
    public List<DcqcnReaction> reactionsOf(String flow) {
        return reactions.stream().filter(r -> r.flow().equals(flow)).toList();
    }

    /** The flow with the most CNPs (the first of them), or null without any. */
    public String busiestFlow() {
        String busiest = null;
        int most = 0;
        for (Map.Entry<String, FlowRate> e : flows.entrySet()) {
            if (e.getValue().cnps() > most) {
                most = e.getValue().cnps();
                busiest = e.getKey();
            }
        }
        return busiest;
    }

    /** The highest bin rate of a flow, bits per second (0 for none). */
    public double peakBps(String flow) {
        FlowRate rate = flows.get(flow);
        double peak = 0;
        if (rate != null) {
            for (long bytes : rate.bytes()) {
                peak = Math.max(peak, bytes * 8e9 / widthNanos);
            }
        }
        return peak;
    }

    /** The lowest rate after a CNP as a share of the rate before, in percent, or NaN when either is unknown. */
    public static double minShare(DcqcnReaction r) {
        return r.beforeBps() > 0 && r.minAfterBps() >= 0 ? 100 * r.minAfterBps() / r.beforeBps() : Double.NaN;
    }

    /** {@code frame.number in {…}} over a flow's CNPs, for the packet list. */
    public String cnpFilter(String flow) {
        FlowRate rate = flows.get(flow);
        if (rate == null || rate.cnps() == 0) {
            return null;
        }
        StringBuilder text = new StringBuilder("frame.number in {");
        for (int i = 0; i < rate.cnps(); i++) {
            text.append(i == 0 ? "" : " ").append(rate.cnpFrame(i));
        }
        return text.append('}').toString();
    }
}
