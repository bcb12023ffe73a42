package io.rocelens.app.gui.model;

import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.Field;
import io.rocelens.dissect.FieldType;
import io.rocelens.dissect.Layer;
import java.util.ArrayList;
import java.util.List;

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
     */
    public record Node(String label, String filter, String value, int offset, int length, List<Node> children) {

        public boolean covers(int byteOffset) {
            return length > 0 && byteOffset >= offset && byteOffset < offset + length;
        }
    }

    private final long frameNumber;
    private final List<Node> layers;
    private final HexDump bytes;

    public FrameDetails(Dissection dissection, byte[] frameBytes) {
        frameNumber = dissection.number();
        List<Node> nodes = new ArrayList<>();
        for (Layer layer : dissection.layers()) {
            List<Node> fields = new ArrayList<>();
            for (Field field : layer.fields()) {
                fields.add(new Node(field.def().title() + ": " + field.text(), filterOf(field), field.text(),
                        field.offset(), field.length(), List.of()));
            }
            nodes.add(new Node(layer.title(), layer.name(), layer.title(), layer.offset(), layer.length(),
                    List.copyOf(fields)));
        }
        layers = List.copyOf(nodes);
        bytes = new HexDump(frameBytes);
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
                default -> Long.toString(number);
            };
        }
        String text = String.valueOf(value);
        if (type == FieldType.MAC || type == FieldType.ADDRESS) {
            return text;
        }
        return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
