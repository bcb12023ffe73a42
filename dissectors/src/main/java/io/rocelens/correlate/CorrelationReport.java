package io.rocelens.correlate;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.rocelens.analysis.Formats;
import io.rocelens.dissect.IbOpcodes;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/** {@link Correlation} as people read it, as JSON, and the journeys as CSV. */
public final class CorrelationReport {

    private static final JsonFactory FACTORY = new JsonFactory();

    private CorrelationReport() {
    }

    /** The path, one line per hop and direction, then the {@code top} flows that suffered most. */
    public static void text(Correlation result, int top, PrintWriter out) {
        out.println("Path (" + result.points().size() + " points, clock " + clockText(result) + ", window "
                + Formats.duration(result.windowNanos()) + "):");
        for (int p = 0; p < result.points().size(); p++) {
            Correlation.Point point = result.points().get(p);
            out.printf("  %d  %s: %d frames, %d RoCE, clock offset %s%s%n", p, point.file().getFileName(),
                    point.frames(), point.roceFrames(), signedDuration(point.clockOffsetNanos()),
                    point.seenOnly() > 0 ? ", " + point.seenOnly() + " packets of flows seen nowhere else" : "");
        }
        out.println();
        out.println("Hops:");
        for (HopStats hop : result.hops()) {
            if (hop.packets() == 0) {
                continue;
            }
            out.println("  " + hopText(hop));
        }
        for (String note : result.notes()) {
            out.println("Note: " + note);
        }
        List<Correlation.FlowHops> worst = new ArrayList<>(result.flows());
        worst.removeIf(flow -> flow.hops().stream().allMatch(hop -> hop.lost() + hop.ceMarked() + hop.reordered()
                + hop.dscpChanged() == 0));
        worst.sort(Comparator.comparingLong((Correlation.FlowHops flow) -> -sum(flow, HopStats::lost))
                .thenComparingLong(flow -> -sum(flow, HopStats::ceMarked))
                .thenComparingLong(flow -> -sum(flow, HopStats::reordered)));
        if (!worst.isEmpty()) {
            out.println();
            out.println("Flows that lost, were marked or reordered (worst first):");
            for (Correlation.FlowHops flow : worst.subList(0, Math.min(top, worst.size()))) {
                out.println("  " + flow.flow());
                for (HopStats hop : flow.hops()) {
                    out.println("    " + hopText(hop));
                }
            }
        }
        out.flush();
    }

    private static long sum(Correlation.FlowHops flow, java.util.function.ToLongFunction<HopStats> counter) {
        return flow.hops().stream().mapToLong(counter).sum();
    }

    private static String hopText(HopStats hop) {
        StringBuilder text = new StringBuilder(String.format("%d -> %d: %d packets, %d arrived, %d lost", hop.from(),
                hop.to(), hop.packets(), hop.arrived(), hop.lost()));
        if (hop.ceMarked() > 0) {
            text.append(", ").append(hop.ceMarked()).append(" CE-marked");
        }
        if (hop.dscpChanged() > 0) {
            text.append(", ").append(hop.dscpChanged()).append(" DSCP changed");
        }
        if (hop.pcpChanged() > 0) {
            text.append(", ").append(hop.pcpChanged()).append(" PCP changed");
        }
        if (hop.reordered() > 0) {
            text.append(", ").append(hop.reordered()).append(" reordered");
        }
        if (hop.ttlDecremented() > 0) {
            text.append(", ").append(hop.ttlDecremented()).append(" routed (TTL down by up to ")
                    .append(hop.maxTtlDecrement()).append(')');
        }
        if (hop.arrived() > 0) {
            text.append("; delay min ").append(Formats.duration(hop.minDelay())).append(" p50 ")
                    .append(Formats.duration(hop.delayPercentile(50))).append(" p99 ")
                    .append(Formats.duration(hop.delayPercentile(99))).append(" max ")
                    .append(Formats.duration(hop.maxDelay()));
        }
        if (hop.negativeDelays() > 0) {
            text.append(" (").append(hop.negativeDelays()).append(" below zero: the clock offset is off)");
        }
        return text.toString();
    }

    private static String clockText(Correlation result) {
        return switch (result.clock()) {
            case ESTIMATED -> "offsets estimated from the packets";
            case SYNCHRONISED -> "synchronised";
            case GIVEN -> "offsets given";
        };
    }

    private static String signedDuration(long nanos) {
        return (nanos < 0 ? "-" : "+") + Formats.duration(Math.abs((double) nanos));
    }

    /** The JSON object: {@code points}, {@code hops}, {@code flows}, {@code clock}, {@code window_ns}, {@code notes}. */
    public static void json(Correlation result, Writer out) throws IOException {
        try (JsonGenerator json = FACTORY.createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)) {
            json.useDefaultPrettyPrinter();
            json.writeStartObject();
            json.writeStringField("clock", result.clock().name().toLowerCase(java.util.Locale.ROOT));
            json.writeNumberField("window_ns", result.windowNanos());
            json.writeArrayFieldStart("points");
            for (Correlation.Point point : result.points()) {
                json.writeStartObject();
                json.writeStringField("file", point.file().toString());
                json.writeNumberField("frames", point.frames());
                json.writeNumberField("roce_frames", point.roceFrames());
                json.writeNumberField("clock_offset_ns", point.clockOffsetNanos());
                json.writeNumberField("seen_only_here", point.seenOnly());
                json.writeNumberField("pause_frames", point.pauseFrames());
                json.writeFieldName("pfc_xoff");
                json.writeArray(point.pfcXoff(), 0, point.pfcXoff().length);
                if (point.problem() != null) {
                    json.writeStringField("problem", point.problem());
                }
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeArrayFieldStart("hops");
            for (HopStats hop : result.hops()) {
                hop(json, hop, true);
            }
            json.writeEndArray();
            json.writeArrayFieldStart("flows");
            for (Correlation.FlowHops flow : result.flows()) {
                json.writeStartObject();
                json.writeStringField("flow", flow.flow());
                json.writeArrayFieldStart("hops");
                for (HopStats hop : flow.hops()) {
                    hop(json, hop, false);
                }
                json.writeEndArray();
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeArrayFieldStart("notes");
            for (String note : result.notes()) {
                json.writeString(note);
            }
            json.writeEndArray();
            json.writeEndObject();
        }
    }

    private static void hop(JsonGenerator json, HopStats hop, boolean details) throws IOException {
        json.writeStartObject();
        json.writeNumberField("from", hop.from());
        json.writeNumberField("to", hop.to());
        json.writeNumberField("packets", hop.packets());
        json.writeNumberField("arrived", hop.arrived());
        json.writeNumberField("lost", hop.lost());
        json.writeNumberField("ce_marked", hop.ceMarked());
        json.writeNumberField("dscp_changed", hop.dscpChanged());
        json.writeNumberField("pcp_changed", hop.pcpChanged());
        json.writeNumberField("reordered", hop.reordered());
        json.writeNumberField("ttl_decremented", hop.ttlDecremented());
        json.writeNumberField("max_ttl_decrement", hop.maxTtlDecrement());
        json.writeObjectFieldStart("delay_ns");
        json.writeNumberField("min", hop.minDelay());
        json.writeNumberField("p50", hop.delayPercentile(50));
        json.writeNumberField("p99", hop.delayPercentile(99));
        json.writeNumberField("max", hop.maxDelay());
        json.writeEndObject();
        if (details) {
            json.writeArrayFieldStart("delay_histogram");
            for (long[] bucket : hop.delayHistogram()) {
                json.writeStartObject();
                json.writeNumberField("up_to_ns", bucket[0]);
                json.writeNumberField("packets", bucket[1]);
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeFieldName("lost_frames");
            json.writeStartArray();
            for (long frame : hop.lostFrames()) {
                json.writeNumber(frame);
            }
            json.writeEndArray();
        }
        json.writeEndObject();
    }

    /** A CSV of journeys: flow, opcode, PSN, per point frame and time (empty where not seen), fate. */
    public static final class JourneyCsv implements Correlator.JourneyListener, AutoCloseable {

        private final CSVPrinter csv;
        private IOException failure;

        public JourneyCsv(Appendable out, int points) throws IOException {
            List<String> columns = new ArrayList<>(List.of("flow", "opcode", "psn"));
            for (int p = 0; p < points; p++) {
                columns.add("frame_" + p);
                columns.add("time_" + p);
            }
            columns.add("fate");
            csv = CSVFormat.RFC4180.builder().setHeader(columns.toArray(String[]::new)).get().print(out);
        }

        @Override
        public void journey(Journey journey) {
            if (failure != null) {
                return;
            }
            List<Object> row = new ArrayList<>(List.of(journey.flow(), IbOpcodes.name(journey.opcode()),
                    journey.psn()));
            for (int p = 0; p < journey.frames().length; p++) {
                row.add(journey.frames()[p] < 0 ? "" : journey.frames()[p]);
                row.add(journey.times()[p] == Long.MIN_VALUE ? "" : Instant.ofEpochSecond(0, journey.times()[p]));
            }
            row.add(journey.fate());
            try {
                csv.printRecord(row);
            } catch (IOException failed) {
                failure = failed;
            }
        }

        /** Flushes; throws the first write failure, if any. */
        @Override
        public void close() throws IOException {
            csv.flush();
            if (failure != null) {
                throw failure;
            }
        }
    }
}
