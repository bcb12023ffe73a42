package io.rocelens.filter;

import io.rocelens.dissect.Dissection;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The byte strings only the display filter computes from a frame's bytes ({@code udp.payload}, {@code tcp.payload},
 * {@code data.data}) and {@code data.len}, for {@code -T fields} outside the filter package: the same occurrences the
 * filter compares.
 */
public final class PayloadFields {

    private PayloadFields() {
    }

    /** Whether the name is one of these fields. */
    public static boolean known(String name) {
        FilterField field = FilterFields.get(name);
        return field != null && field.sources().size() == 1 && field.sources().get(0) instanceof Source.DetailBytes;
    }

    /**
     * Each occurrence in the frame as tshark prints it: byte strings as plain hex digits, or with {@code json} as hex
     * pairs joined by colons; {@code data.len} in decimal. Empty for a name {@link #known} does not know.
     */
    public static List<String> values(Dissection detail, String name, boolean json) {
        if (!known(name)) {
            return List.of();
        }
        Source.DetailBytes source = (Source.DetailBytes) FilterFields.get(name).sources().get(0);
        List<String> values = new ArrayList<>();
        HexFormat hex = json ? HexFormat.ofDelimiter(":") : HexFormat.of();
        for (byte[] each : source.occurrences(new FrameView(detail.summary(), null, () -> detail, null))) {
            values.add(source.length() ? Integer.toString(each.length) : hex.formatHex(each));
        }
        return values;
    }
}
