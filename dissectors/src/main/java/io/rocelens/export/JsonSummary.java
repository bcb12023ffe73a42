package io.rocelens.export;

import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.CmConnection;
import io.rocelens.analysis.Cnm;
import io.rocelens.analysis.CnpLink;
import io.rocelens.analysis.DcbxConfig;
import io.rocelens.analysis.DcqcnReaction;
import io.rocelens.analysis.EventKind;
import io.rocelens.analysis.Exchange;
import io.rocelens.analysis.FlowRate;
import io.rocelens.analysis.FlowStats;
import io.rocelens.analysis.Formats;
import io.rocelens.analysis.NakLink;
import io.rocelens.analysis.PfcPriorityStats;
import io.rocelens.analysis.PfcSenderStats;
import io.rocelens.analysis.QcnPointStats;
import io.rocelens.dissect.Addresses;
import io.rocelens.dissect.Timestamps;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.util.function.LongPredicate;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * The analysis as one JSON object, in the shape of the analysis contract (the keys {@code rocelens generate
 * --truth} writes too), followed by keys of our own: link speed, capture times, NAK codes, event counts, NAK and
 * CNP latencies, PFC senders and storms, ETS shares.
 */
public final class JsonSummary {

    private static final JsonFactory FACTORY = new JsonFactory();
    private static final String[] NAK_CODES = {
            "psn_sequence_error", "invalid_request", "remote_access_error", "remote_operational_error",
            "invalid_rd_request"};

    private JsonSummary() {
    }

    public static void write(AnalysisResult result, OutputStream out, boolean pretty) throws IOException {
        try (JsonGenerator json = FACTORY.createGenerator(out, JsonEncoding.UTF8)
                .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)) {
            write(result, json, pretty);
        }
    }

    public static void write(AnalysisResult result, Writer out, boolean pretty) throws IOException {
        try (JsonGenerator json = FACTORY.createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)) {
            write(result, json, pretty);
        }
    }

    private static void write(AnalysisResult r, JsonGenerator json, boolean pretty) throws IOException {
        if (pretty) {
            json.useDefaultPrettyPrinter();
        }
        json.writeStartObject();
        json.writeNumberField("packets", r.packets());
        json.writeNumberField("roce_packets", r.rocePackets());
        json.writeNumberField("flows", r.flows().size());
        json.writeNumberField("psn_gaps", r.psnGaps());
        json.writeNumberField("missing_psns", r.missingPsns());
        json.writeNumberField("retransmitted", r.retransmitted());
        json.writeNumberField("duplicates", r.duplicates());
        json.writeNumberField("out_of_order", r.outOfOrder());
        json.writeNumberField("naks", r.naks());
        json.writeNumberField("rnr_naks", r.rnrNaks());
        json.writeNumberField("cnps", r.cnps());
        json.writeNumberField("ecn_ce", r.ecnCe());
        json.writeNumberField("icrc_bad", r.icrcBad());
        json.writeNumberField("malformed", r.malformed());
        json.writeNumberField("pause_8023x", r.pause8023x());
        counts(json, "not_dissected", r.notDissected());
        counts(json, "encapsulated", r.encapsulated());
        json.writeObjectFieldStart("pfc");
        for (PfcPriorityStats p : r.pfc()) {
            json.writeObjectFieldStart(Integer.toString(p.priority()));
            json.writeNumberField("frames", p.frames());
            json.writeNumberField("xoff", p.xoff());
            json.writeNumberField("xon", p.xon());
            json.writeNumberField("quanta", p.quanta());
            json.writeNumberField("paused_us", p.pausedMicros());
            json.writeEndObject();
        }
        json.writeEndObject();
        writePriorities(json, "priority_bytes", r.priorityBytes());
        writePriorities(json, "priority_packets", r.priorityPackets());
        json.writeArrayFieldStart("qps");
        for (FlowStats f : r.flows()) {
            writeFlow(json, f);
        }
        json.writeEndArray();

        json.writeNumberField("link_speed_bps", r.options().linkSpeedBps());
        if (r.packets() > 0) {
            json.writeStringField("first_ts", Timestamps.iso(r.firstTs()));
            json.writeStringField("last_ts", Timestamps.iso(r.lastTs()));
        }
        json.writeNumberField("duration_s", r.durationSeconds());
        json.writeNumberField("roce_duration_s", r.roceDurationSeconds());
        json.writeObjectFieldStart("nak_codes");
        for (int code = 0; code < r.nakCodes().length; code++) {
            if (r.nakCodes()[code] > 0 || code < NAK_CODES.length) {
                json.writeNumberField(code < NAK_CODES.length ? NAK_CODES[code] : "code_" + code, r.nakCodes()[code]);
            }
        }
        json.writeEndObject();
        json.writeObjectFieldStart("events");
        for (EventKind kind : EventKind.values()) {
            json.writeNumberField(kind.label(), r.eventCount(kind));
        }
        json.writeNumberField("not_stored", r.eventsDropped());
        json.writeEndObject();
        writeExchanges(json, r);
        writeNakLatency(json, r.nakLinks(), r.nakLinksDropped());
        writeCnpLatency(json, r.cnpLinks(), r.cnpLinksDropped());
        writeCongestion(json, r);
        json.writeNumberField("pfc_storms", r.stormCount());
        json.writeArrayFieldStart("pfc_senders");
        for (PfcSenderStats s : r.pfcSenders()) {
            json.writeStartObject();
            json.writeStringField("sender_mac", Addresses.mac(s.senderMac()));
            json.writeStringField("priority", s.priority() < 0 ? "all" : Integer.toString(s.priority()));
            json.writeNumberField("frames", s.frames());
            json.writeNumberField("xoff", s.xoff());
            json.writeNumberField("xon", s.xon());
            json.writeNumberField("quanta", s.quanta());
            json.writeNumberField("paused_us", s.pausedNanos() / 1000);
            json.writeNumberField("intervals", s.intervals());
            json.writeEndObject();
        }
        json.writeEndArray();
        if (r.options().etsShares() != null || r.etsFromCapture() != null) {
            writeEts(json, r);
        }
        if (!r.dcbx().isEmpty()) {
            writeDcbx(json, r);
        }
        if (!r.qcnPoints().isEmpty()) {
            writeQcn(json, r);
        }
        json.writeEndObject();
    }

    /**
     * IEEE 802.1Q Congestion Notification: the CNMs per congestion point and priority, and the feedback over time
     * (each stored CNM: frame, time, point, priority, qFb).
     */
    private static void writeQcn(JsonGenerator json, AnalysisResult r) throws IOException {
        json.writeObjectFieldStart("qcn");
        json.writeNumberField("cnms", r.cnmCount());
        json.writeArrayFieldStart("points");
        for (QcnPointStats p : r.qcnPoints()) {
            json.writeStartObject();
            json.writeStringField("cpid", String.format("0x%016x", p.cpid()));
            json.writeNumberField("priority", p.priority());
            json.writeNumberField("cnms", p.cnms());
            json.writeNumberField("qfb_min", p.qfbMin());
            json.writeNumberField("qfb_mean", p.qfbMean());
            json.writeNumberField("qfb_max", p.qfbMax());
            json.writeNumberField("first_frame", p.firstFrame());
            json.writeNumberField("last_frame", p.lastFrame());
            json.writeStringField("first_ts", Timestamps.iso(p.firstTs()));
            json.writeStringField("last_ts", Timestamps.iso(p.lastTs()));
            json.writeArrayFieldStart("reaction_points");
            for (long mac : p.reactionPoints()) {
                json.writeString(Addresses.mac(mac));
            }
            json.writeEndArray();
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeArrayFieldStart("feedback");
        for (Cnm c : r.cnms()) {
            json.writeStartObject();
            json.writeNumberField("frame", c.frame());
            json.writeStringField("ts", Timestamps.iso(c.timestampNanos()));
            json.writeStringField("cpid", String.format("0x%016x", c.cpid()));
            json.writeNumberField("priority", c.priority());
            json.writeNumberField("qfb", c.qfb());
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeNumberField("feedback_not_stored", r.cnmsDropped());
        json.writeEndObject();
    }

    private static void writePriorities(JsonGenerator json, String name, long[] values) throws IOException {
        json.writeObjectFieldStart(name);
        for (int p = 0; p < 8; p++) {
            json.writeNumberField(Integer.toString(p), values[p]);
        }
        json.writeEndObject();
    }

    private static void writeFlow(JsonGenerator json, FlowStats f) throws IOException {
        json.writeStartObject();
        json.writeStringField("src_ip", f.srcIp());
        json.writeStringField("dst_ip", f.dstIp());
        if (f.srcQp() < 0) {
            json.writeNullField("src_qp");
        } else {
            json.writeStringField("src_qp", Formats.qp(f.srcQp()));
        }
        json.writeStringField("dst_qp", Formats.qp(f.dstQp()));
        json.writeNumberField("priority", f.priority());
        if (f.dscp() < 0) {
            json.writeNullField("dscp");
        } else {
            json.writeNumberField("dscp", f.dscp());
        }
        json.writeNumberField("packets", f.packets());
        json.writeNumberField("bytes", f.bytes());
        json.writeNumberField("payload_bytes", f.payloadBytes());
        json.writeStringField("first_ts", Timestamps.iso(f.firstTs()));
        json.writeStringField("last_ts", Timestamps.iso(f.lastTs()));
        json.writeNumberField("duration_s", f.durationSeconds());
        if (f.hasThroughput()) {
            json.writeNumberField("throughput_bps", f.throughputBps());
        } else {
            json.writeNullField("throughput_bps");
        }
        json.writeNumberField("messages", f.messages());
        json.writeNumberField("message_bytes", f.messageBytes());
        if (f.messages() > 0) {
            json.writeNumberField("message_size_min", f.messageSizeMin());
            json.writeNumberField("message_size_mean", (double) f.messageBytes() / f.messages());
            json.writeNumberField("message_size_max", f.messageSizeMax());
        } else {
            json.writeNullField("message_size_min");
            json.writeNullField("message_size_mean");
            json.writeNullField("message_size_max");
        }
        if (f.hasThroughput()) {
            json.writeNumberField("message_rate_per_s", f.messageRate());
        } else {
            json.writeNullField("message_rate_per_s");
        }
        json.writeNumberField("rdma_write", f.rdmaWrite());
        json.writeNumberField("rdma_read_req", f.rdmaReadReq());
        json.writeNumberField("read_resp", f.readResp());
        json.writeNumberField("send", f.send());
        json.writeNumberField("atomic", f.atomic());
        json.writeNumberField("flush", f.flush());
        json.writeNumberField("acks", f.acks());
        json.writeNumberField("naks", f.naks());
        json.writeNumberField("rnr_naks", f.rnrNaks());
        json.writeNumberField("cnps", f.cnps());
        json.writeNumberField("ecn_ce", f.ecnCe());
        json.writeNumberField("psn_gaps", f.psnGaps());
        json.writeNumberField("missing_psns", f.missingPsns());
        json.writeNumberField("retransmitted", f.retransmitted());
        json.writeNumberField("duplicates", f.duplicates());
        json.writeNumberField("out_of_order", f.outOfOrder());
        json.writeNumberField("icrc_errors", f.icrcErrors());
        CmConnection c = f.connection();
        if (c == null) {
            json.writeNullField("cm_service_id");
        } else {
            json.writeStringField("cm_service_id", Formats.serviceId(c.serviceId()));
        }
        numberOrNull(json, "cm_port", c == null ? -1 : c.port());
        numberOrNull(json, "cm_src_port", c == null ? -1 : c.sourcePort());
        numberOrNull(json, "cm_start_psn", f.cmStartPsn());
        numberOrNull(json, "cm_peer_start_psn", f.cmPeerStartPsn());
        json.writeEndObject();
    }

    private static void numberOrNull(JsonGenerator json, String name, int value) throws IOException {
        if (value < 0) {
            json.writeNullField(name);
        } else {
            json.writeNumberField(name, value);
        }
    }

    private static void writeNakLatency(JsonGenerator json, List<NakLink> links, long dropped) throws IOException {
        json.writeObjectFieldStart("nak_retransmit");
        json.writeNumberField("answered", links.stream().filter(NakLink::answered).count());
        json.writeNumberField("unanswered", links.stream().filter(l -> !l.answered()).count());
        json.writeNumberField("not_stored", dropped);
        writeLatency(json, links.stream().mapToLong(NakLink::latencyNanos).toArray(), l -> l >= 0);
        json.writeEndObject();
    }

    /**
     * {@code congestion}: the DCQCN reaction to each CNP of each flow that received CNPs ({@link DcqcnReaction}),
     * measured in the bandwidth bins, at least 10 µs wide when chosen automatically ({@code bin_width_ns}): the rate over the {@code before_bins} bins before the
     * CNP's bin, the lowest bin rate after it until it is back to {@code recovered_share} of that, and the time from
     * the CNP to the start of that bin ({@code recovery_us}, null when not recovered before the next CNP or the
     * capture's end: {@code until}). Rates in bits per second, null when not known.
     */
    private static void writeCongestion(JsonGenerator json, AnalysisResult r) throws IOException {
        long width = DcqcnReaction.widthFor(r);
        long lastBin = Math.floorDiv(r.lastTs(), width);
        json.writeObjectFieldStart("congestion");
        json.writeNumberField("bin_width_ns", width);
        int beforeBins = r.options().cnpBeforeBins();
        json.writeNumberField("before_bins", beforeBins);
        json.writeNumberField("recovered_share", DcqcnReaction.RECOVERED_SHARE);
        json.writeNumberField("rate_series_given_up", r.ratesGivenUp());
        long reactions = 0;
        long recovered = 0;
        json.writeArrayFieldStart("qps");
        for (FlowRate rate : r.rates()) {
            json.writeStartObject();
            json.writeStringField("flow", rate.flow());
            json.writeNumberField("cnps", rate.cnps());
            json.writeNumberField("cnps_not_stored", rate.cnpsNotStored());
            json.writeBooleanField("complete", rate.complete());
            json.writeArrayFieldStart("reactions");
            for (DcqcnReaction x : DcqcnReaction.of(rate.inBinsOf(width), lastBin, beforeBins)) {
                reactions++;
                recovered += x.recovered() ? 1 : 0;
                json.writeStartObject();
                json.writeNumberField("cnp_frame", x.cnpFrame());
                json.writeStringField("cnp_ts", Timestamps.iso(x.cnpTs()));
                bps(json, "before_bps", x.beforeBps());
                bps(json, "min_after_bps", x.minAfterBps());
                if (x.recovered()) {
                    json.writeNumberField("recovery_us", x.recoveryNanos() / 1000.0);
                } else {
                    json.writeNullField("recovery_us");
                }
                json.writeStringField("until", x.until());
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeNumberField("reactions", reactions);
        json.writeNumberField("recovered", recovered);
        json.writeEndObject();
    }

    private static void bps(JsonGenerator json, String name, double bps) throws IOException {
        if (bps < 0) {
            json.writeNullField(name);
        } else {
            json.writeNumberField(name, bps);
        }
    }

    private static void writeCnpLatency(JsonGenerator json, List<CnpLink> links, long dropped) throws IOException {
        json.writeObjectFieldStart("cnp_ce");
        json.writeNumberField("with_ce", links.stream().filter(l -> l.ceCount() > 0).count());
        json.writeNumberField("without_ce", links.stream().filter(l -> l.ceCount() == 0).count());
        json.writeNumberField("not_stored", dropped);
        writeLatency(json, links.stream().mapToLong(CnpLink::latencyNanos).toArray(), l -> l >= 0);
        json.writeEndObject();
    }

    /**
     * {@code latency}: per kind (ack_rtt, read_first, read_last, message) the timed exchanges' count, min, p50, p99 and
     * max in nanoseconds and their log-spaced {@code histogram} (bins of upper bound {@code le_ns}, 1-2-5 per decade,
     * from the first to the last bin with an exchange; {@code le_ns} null above 10 s), overall, per flow
     * ({@code flows}: flow name → the same without the histogram) and per priority ({@code priorities}: the request
     * flow's priority → the same), over the stored exchanges ({@code not_stored} counts the others).
     */
    private static void writeExchanges(JsonGenerator json, AnalysisResult r) throws IOException {
        json.writeObjectFieldStart("latency");
        json.writeNumberField("not_stored", r.exchangesDropped());
        for (Exchange.Kind kind : Exchange.Kind.values()) {
            List<Exchange> ofKind = r.exchanges().stream().filter(e -> e.kind() == kind).toList();
            json.writeObjectFieldStart(kind.label());
            writePercentiles(json, ofKind);
            writeHistogram(json, ofKind);
            json.writeObjectFieldStart("priorities");
            java.util.Map<Integer, List<Exchange>> byPriority = new java.util.TreeMap<>();
            ofKind.forEach(e -> byPriority.computeIfAbsent(e.priority(), key -> new java.util.ArrayList<>()).add(e));
            for (java.util.Map.Entry<Integer, List<Exchange>> priority : byPriority.entrySet()) {
                json.writeObjectFieldStart(String.valueOf(priority.getKey()));
                writePercentiles(json, priority.getValue());
                json.writeEndObject();
            }
            json.writeEndObject();
            json.writeObjectFieldStart("flows");
            java.util.Map<String, List<Exchange>> byFlow = new java.util.TreeMap<>();
            ofKind.forEach(e -> byFlow.computeIfAbsent(e.flow(), key -> new java.util.ArrayList<>()).add(e));
            for (java.util.Map.Entry<String, List<Exchange>> flow : byFlow.entrySet()) {
                json.writeObjectFieldStart(flow.getKey());
                writePercentiles(json, flow.getValue());
                json.writeEndObject();
            }
            json.writeEndObject();
            json.writeEndObject();
        }
        json.writeEndObject();
    }

    private static void writePercentiles(JsonGenerator json, List<Exchange> exchanges) throws IOException {
        Latency.Percentiles p = Latency.Percentiles.of(exchanges.stream().mapToLong(Exchange::nanos).toArray());
        json.writeNumberField("count", p.count());
        json.writeNumberField("min_ns", p.min());
        json.writeNumberField("p50_ns", p.p50());
        json.writeNumberField("p99_ns", p.p99());
        json.writeNumberField("max_ns", p.max());
    }

    private static void writeHistogram(JsonGenerator json, List<Exchange> exchanges) throws IOException {
        Latency.Histogram histogram = Latency.Histogram.of(exchanges.stream().mapToLong(Exchange::nanos).toArray());
        json.writeArrayFieldStart("histogram");
        for (int i = 0; i < histogram.counts().length; i++) {
            json.writeStartObject();
            if (histogram.upperNanos()[i] == Long.MAX_VALUE) {
                json.writeNullField("le_ns");
            } else {
                json.writeNumberField("le_ns", histogram.upperNanos()[i]);
            }
            json.writeNumberField("count", histogram.counts()[i]);
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    private static void writeLatency(JsonGenerator json, long[] nanos, LongPredicate valid) throws IOException {
        Latency latency = Latency.of(nanos, valid);
        if (latency.count() == 0) {
            return;
        }
        json.writeNumberField("latency_min_us", latency.minNanos() / 1000.0);
        json.writeNumberField("latency_mean_us", latency.meanNanos() / 1000.0);
        json.writeNumberField("latency_max_us", latency.maxNanos() / 1000.0);
    }

    private static void writeEts(JsonGenerator json, AnalysisResult r) throws IOException {
        long total = 0;
        for (long bytes : r.priorityBytes()) {
            total += bytes;
        }
        DcbxConfig fromCapture = r.etsFromCapture();
        json.writeObjectFieldStart("ets");
        // typed in (--ets), or the first DCBX ETS Configuration of the capture: then "source" says whose
        if (fromCapture != null) {
            json.writeObjectFieldStart("source");
            json.writeStringField("dcbx_sender_mac", Addresses.mac(fromCapture.senderMac()));
            json.writeNumberField("frame", fromCapture.etsFrame());
            json.writeEndObject();
        }
        for (int p = 0; p < 8; p++) {
            double configured = fromCapture != null ? fromCapture.share(p) : r.options().etsShares()[p];
            if (Double.isNaN(configured) && r.priorityBytes()[p] == 0) {
                continue;
            }
            json.writeObjectFieldStart(Integer.toString(p));
            if (Double.isNaN(configured)) {
                json.writeNullField("configured_pct");
            } else {
                json.writeNumberField("configured_pct", configured);
            }
            if (fromCapture != null) {
                json.writeNumberField("traffic_class", fromCapture.trafficClass(p));
            }
            json.writeNumberField("observed_pct", total == 0 ? 0 : 100.0 * r.priorityBytes()[p] / total);
            json.writeEndObject();
        }
        json.writeEndObject();
    }

    /** What each sender last advertised with DCBX: PFC-enabled priorities and the ETS tables. */
    private static void writeDcbx(JsonGenerator json, AnalysisResult r) throws IOException {
        json.writeArrayFieldStart("dcbx");
        for (DcbxConfig config : r.dcbx()) {
            json.writeStartObject();
            json.writeStringField("sender_mac", Addresses.mac(config.senderMac()));
            if (config.hasPfc()) {
                json.writeNumberField("pfc_frame", config.pfcFrame());
                json.writeArrayFieldStart("pfc_enabled_priorities");
                for (int p : config.pfcPriorities()) {
                    json.writeNumber(p);
                }
                json.writeEndArray();
            }
            if (config.hasEts()) {
                json.writeNumberField("ets_frame", config.etsFrame());
                json.writeFieldName("ets_tc_of_priority");
                json.writeArray(config.tcOfPriority(), 0, 8);
                json.writeFieldName("ets_tc_bandwidth_pct");
                json.writeArray(config.tcBandwidth(), 0, 8);
                json.writeFieldName("ets_tc_tsa");
                json.writeArray(config.tsa(), 0, 8);
            }
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    private static void counts(JsonGenerator json, String name, Map<String, Long> counts) throws IOException {
        json.writeObjectFieldStart(name);
        for (Map.Entry<String, Long> count : counts.entrySet()) {
            json.writeNumberField(count.getKey(), count.getValue());
        }
        json.writeEndObject();
    }
}
