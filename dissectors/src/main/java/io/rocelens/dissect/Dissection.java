package io.rocelens.dissect;

import java.util.List;

/**
 * A frame decoded for people: its layers with every field and byte range, and the packet-list columns.
 *
 * @param summary the same flat values the analysis pass sees (a copy owned by this dissection)
 * @param bytes   the captured bytes of the frame (for the display filter's byte-string fields, udp.payload)
 */
public record Dissection(long number, long timestampNanos, int originalLength, int capturedLength,
                         String source, String destination, String protocol, String info,
                         List<Layer> layers, PacketSummary summary, byte[] bytes) {

    public Layer layer(String name) {
        for (Layer layer : layers) {
            if (layer.name().equals(name)) {
                return layer;
            }
        }
        return null;
    }

    /** The first field of that name in any layer, or null. */
    public Field field(String name) {
        for (Layer layer : layers) {
            Field field = layer.field(name);
            if (field != null) {
                return field;
            }
        }
        return null;
    }
}
