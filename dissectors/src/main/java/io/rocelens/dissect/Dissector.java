package io.rocelens.dissect;

import io.rocelens.capture.Frame;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Decodes a frame for people: every layer with every field, its value, text and byte range. The fast walker finds
 * the layers; each is then re-read with the position-recording Kaitai parsers, so a field's offset is exactly where
 * the spec put it. Not thread-safe: one instance per thread.
 */
public final class Dissector {

    private final FrameWalker walker;

    public Dissector(DissectorOptions options) {
        walker = new FrameWalker(options, true);
    }

    /** The frame's lengths, and its interface when its file names one (pcapng, or an ERF record's), as tshark. */
    private static List<Field> frameFields(PacketSummary summary) {
        List<Field> fields = new ArrayList<>(3);
        fields.add(new Field(Fields.FRAME_LEN, (long) summary.originalLength, 0, 0));
        fields.add(new Field(Fields.FRAME_CAPLEN, (long) summary.capturedLength, 0, 0));
        if (summary.interfaceId >= 0) {
            fields.add(new Field(Fields.FRAME_INTERFACE_ID, (long) summary.interfaceId, 0, 0));
        }
        return List.copyOf(fields);
    }

    public Dissection dissect(Frame frame) {
        PacketSummary summary = new PacketSummary();
        List<LayerMark> marks = new ArrayList<>();
        walker.walk(frame, summary, marks);
        // cut by the snap length: the extended headers are read from zeros past the captured bytes, and only those
        // wholly captured are shown (as the walker does)
        ByteBuffer data = summary.capturedLength < summary.originalLength ? Padding.padded(frame.data())
                : frame.data().duplicate();
        List<Layer> layers = new ArrayList<>();
        if (!frame.comments().isEmpty()) {
            layers.add(comments(frame.comments()));
        }
        // the lengths and time the walker found (an ERF record's own, else the capture file's)
        layers.add(new Layer("frame", "Frame " + frame.number() + ": " + summary.originalLength + " bytes on wire, "
                + summary.capturedLength + " bytes captured", 0, frame.capturedLength(),
                frameFields(summary)));
        for (LayerMark mark : marks) {
            mark.module().describe(data, mark, summary, layers);
        }
        if (summary.malformedReason != null) {
            layers.add(new Layer("malformed", "[Malformed Packet: " + summary.malformedReason + "]", 0, 0,
                    List.of(new Field(Fields.MALFORMED_REASON, summary.malformedReason, 0, 0))));
        }
        return new Dissection(frame.number(), summary.timestampNanos, summary.originalLength, summary.capturedLength,
                PacketColumns.source(summary), PacketColumns.destination(summary), PacketColumns.protocol(summary),
                PacketColumns.info(summary), List.copyOf(layers), summary, captured(frame));
    }

    /**
     * Walks the frame as {@link #dissect} does, filling {@code summary}, but describes none of its headers: returns
     * what names its detail layers, two numbers a marked header (its module and part, then its module's
     * {@link ProtocolModule#layerShape}), so frames of equal shapes have detail layers of the same names.
     */
    public int[] shape(Frame frame, PacketSummary summary) {
        walker.walk(frame, summary, null);      // without marks, the walker records the shape in the summary
        return Arrays.copyOf(summary.layerShape, summary.layerShapeLength);
    }

    /** The name of the layer holding a frame's packet comments, Wireshark's (it comes before the frame's). */
    public static final String COMMENTS_LAYER = "pkt_comment";

    /** Wireshark's "Packet comments" tree: one {@code frame.comment} per comment, covering no bytes. */
    private static Layer comments(List<String> comments) {
        List<Field> fields = new ArrayList<>(comments.size());
        for (String comment : comments) {
            fields.add(new Field(Fields.FRAME_COMMENT, comment, 0, 0));
        }
        return new Layer(COMMENTS_LAYER, "Packet comments", 0, 0, List.copyOf(fields));
    }

    private static byte[] captured(Frame frame) {
        ByteBuffer data = frame.data().duplicate();
        byte[] out = new byte[data.remaining()];
        data.get(out);
        return out;
    }
}
