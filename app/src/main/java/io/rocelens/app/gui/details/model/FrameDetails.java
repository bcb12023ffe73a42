package io.rocelens.app.gui.details.model;

import io.rocelens.analysis.FrameAnalysis;
import io.rocelens.app.gui.packetlist.model.TimeFormat;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.Field;
import io.rocelens.dissect.FieldType;
import io.rocelens.dissect.Layer;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.filter.Times;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The details tree and bytes of one frame, and the links between them: which bytes a tree item covers, and which
 * item a byte belongs to (the smallest field holding it, else the smallest layer).
 */
public final class FrameDetails {

    /**
     * One line of the details tree: a layer (its fields as children) or a field.
     *
     * @param filter the display filter "Apply as Filter" builds: {@code bth.psn == 1000}, or the layer's name
     * @param value  the field's value as people read it ("Copy value"); the layer's title for a layer
     * @param link   the frame this line names, which activating it selects (an analysis line); -1 for none
     */
    public record Node(String label, String filter, String value, int offset, int length, List<Node> children,
                       long link) {

        public Node(String label, String filter, String value, int offset, int length, List<Node> children) {
            this(label, filter, value, offset, length, children, -1);
        }

        public boolean isLink() {
            return link >= 0;
        }

        public boolean covers(int byteOffset) {
            return length > 0 && byteOffset >= offset && byteOffset < offset + length;
        }
    }

    private static final DateTimeFormatter ARRIVAL = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSSSSSSSS zzz",
            Locale.ROOT);

    private final long frameNumber;
    private final Dissection dissection;
    private final List<Node> layers;
    private final HexDump bytes;

    /** The line Wireshark shows, after the Frame tree, for a frame the user ignores. */
    public static final String IGNORED = "This frame is marked as ignored";

    /** The title of the subtree the analysis lines are under. */
    public static final String ANALYSIS = "[RoCE analysis]";

    public FrameDetails(Dissection dissection, byte[] frameBytes) {
        this(dissection, frameBytes, List.of());
    }

    /**
     * @param analysis what the capture's analysis knows about this frame ({@link FrameAnalysis#lines}): shown in a
     *                 "[RoCE analysis]" subtree at the end of the RoCE layer (the BTH's; else the last layer's)
     */
    public FrameDetails(Dissection dissection, byte[] frameBytes, List<FrameAnalysis.Line> analysis) {
        this(dissection, frameBytes, analysis, false);
    }

    /** The details of a frame the user ignores (Edit › Ignore, Ctrl+D), as Wireshark shows one. */
    public static FrameDetails ignored(Dissection dissection, byte[] frameBytes) {
        return new FrameDetails(dissection, frameBytes, List.of(), true);
    }

    /**
     * @param ignored the user ignores the frame: as Wireshark's frame dissector stops at an ignored frame, only its
     *                comments and Frame tree are shown, then "This frame is marked as ignored"; no protocol is
     */
    private FrameDetails(Dissection dissection, byte[] frameBytes, List<FrameAnalysis.Line> analysis,
                         boolean ignored) {
        frameNumber = dissection.number();
        this.dissection = dissection;
        List<Node> nodes = new ArrayList<>();
        for (Layer layer : dissection.layers()) {
            if (ignored && !layer.name().equals("frame")
                    && !layer.name().equals(io.rocelens.dissect.Dissector.COMMENTS_LAYER)) {
                continue;
            }
            List<Node> fields = new ArrayList<>();
            if (layer.name().equals("frame")) {
                addTimes(dissection.summary(), fields);
            }
            for (Field field : layer.fields()) {
                if (layer.name().equals(io.rocelens.dissect.Dissector.COMMENTS_LAYER)) {
                    fields.add(comment(field));
                    continue;
                }
                fields.add(new Node(field.def().title() + ": " + field.text(), filterOf(field), field.text(),
                        field.offset(), field.length(), List.of()));
            }
            nodes.add(new Node(layer.title(), layer.name(), layer.title(), layer.offset(), layer.length(),
                    List.copyOf(fields)));
        }
        if (ignored) {
            nodes.add(new Node(IGNORED, "frame.ignored == 1", IGNORED, 0, 0, List.of()));
        }
        if (!analysis.isEmpty() && !nodes.isEmpty()) {
            int at = nodes.size() - 1;
            for (int i = 0; i < nodes.size(); i++) {
                if (nodes.get(i).filter().equals("bth")) {
                    at = i;
                }
            }
            List<Node> lines = new ArrayList<>();
            for (FrameAnalysis.Line line : analysis) {
                lines.add(new Node(line.text(), line.filter(), line.text(), 0, 0, List.of(), line.frame()));
            }
            Node layer = nodes.get(at);
            List<Node> fields = new ArrayList<>(layer.children());
            fields.add(new Node(ANALYSIS, "frame.number == " + frameNumber, ANALYSIS, 0, 0, List.copyOf(lines)));
            nodes.set(at, new Node(layer.label(), layer.filter(), layer.value(), layer.offset(), layer.length(),
                    List.copyOf(fields)));
        }
        layers = List.copyOf(nodes);
        bytes = new HexDump(frameBytes);
    }

    /**
     * A packet comment as Wireshark's "Packet comments" tree shows it: the comment itself, and under it the expert
     * item Wireshark makes of it (severity and group Comment).
     */
    private static Node comment(Field field) {
        String filter = filterOf(field);
        String expert = "[Expert Info (Comment/Comment): " + field.text() + "]";
        return new Node(field.text(), filter, field.text(), 0, 0,
                List.of(new Node(expert, filter, field.text(), 0, 0, List.of())));
    }

    /** The frame's dissection, which {@code ${field}} in a display filter reads. */
    public Dissection dissection() {
        return dissection;
    }

    /**
     * The frame's times as Wireshark's Frame tree shows them, each with its display filter; the relative ones only
     * when the summary was given its capture's first and previous timestamps ({@link PacketSummary#NO_TIME} else).
     */
    private static void addTimes(PacketSummary summary, List<Node> fields) {
        long ts = summary.timestampNanos;
        Instant instant = Instant.ofEpochSecond(Math.floorDiv(ts, 1_000_000_000L), Math.floorMod(ts, 1_000_000_000L));
        String arrival = ARRIVAL.format(instant.atZone(ZoneId.systemDefault()));
        fields.add(new Node("Arrival Time: " + arrival, "frame.time == " + Times.printAbsolute(ts), arrival, 0, 0,
                List.of()));
        time(fields, "Epoch Time", "frame.time_epoch", ts);
        if (summary.previousTimestampNanos != PacketSummary.NO_TIME) {
            time(fields, "Time delta from previous captured frame", "frame.time_delta",
                    ts - summary.previousTimestampNanos);
        }
        if (summary.firstTimestampNanos != PacketSummary.NO_TIME) {
            time(fields, "Time since reference or first frame", "frame.time_relative",
                    ts - summary.firstTimestampNanos);
        }
    }

    private static void time(List<Node> fields, String title, String name, long nanos) {
        String seconds = TimeFormat.seconds(nanos);
        fields.add(new Node(title + ": " + seconds + " seconds", name + " == " + Times.printRelative(nanos), seconds,
                0, 0, List.of()));
    }

    public long frameNumber() {
        return frameNumber;
    }

    public List<Node> layers() {
        return layers;
    }

    public HexDump bytes() {
        return bytes;
    }

    /** The item a click on that byte selects: the smallest field covering it, else the smallest layer, else null. */
    public Node nodeAt(int byteOffset) {
        Node best = null;
        for (Node layer : layers) {
            for (Node field : layer.children()) {
                if (field.covers(byteOffset) && (best == null || field.length() < best.length())) {
                    best = field;
                }
            }
        }
        if (best != null) {
            return best;
        }
        for (Node layer : layers) {
            if (layer.covers(byteOffset) && (best == null || layer.length() < best.length())) {
                best = layer;
            }
        }
        return best;
    }

    /** The details as text, indented like the tree, for Copy › Packet Details. */
    public String text() {
        StringBuilder text = new StringBuilder();
        for (Node layer : layers) {
            text.append(layer.label()).append('\n');
            for (Node field : layer.children()) {
                text.append("    ").append(field.label()).append('\n');
                for (Node line : field.children()) {
                    text.append("        ").append(line.label()).append('\n');
                }
            }
        }
        return text.toString();
    }

    /** {@code name == value} in the display filter language: numbers in the field's base, text quoted. */
    static String filterOf(Field field) {
        return field.name() + " == " + literal(field);
    }

    private static String literal(Field field) {
        Object value = field.value();
        FieldType type = field.def().type();
        if (value instanceof Long number) {
            return switch (type) {
                case HEX -> "0x" + Long.toHexString(number);
                case UINT64 -> Long.toUnsignedString(number);
                case SECONDS -> FieldType.seconds(number);
                default -> Long.toString(number);
            };
        }
        String text = String.valueOf(value);
        if (type == FieldType.MAC || type == FieldType.ADDRESS || type == FieldType.BYTES) {
            return text;
        }
        return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
