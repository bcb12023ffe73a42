package io.rocelens.export;

import io.rocelens.dissect.Addresses;
import io.rocelens.dissect.FieldDef;
import io.rocelens.dissect.FieldType;
import io.rocelens.dissect.Fields;
import io.rocelens.dissect.PacketColumns;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.dissect.SummaryFields;
import io.rocelens.filter.WiresharkAliases;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code tshark -T fields} values read from a frame's summary (the bulk pass's), for fields the summary holds
 * ({@link SummaryFields}), so a frame need not be dissected in detail to print them. The values are the ones
 * {@link TsharkFields#values(io.rocelens.dissect.Dissection, String)} gives from the detail: the same form, the same
 * occurrences (an encapsulated frame's outer headers from {@link PacketSummary#outer}). A frame where the summary
 * cannot tell (a field it does not answer there, such as the headers of nested tunnels) is left to the detail.
 */
public final class SummaryFieldValues {

    /** How one {@code -e} field is read from the summary. */
    private interface Column {
        /** Its values on this frame, or null when the summary cannot tell. */
        List<String> values(PacketSummary p);
    }

    private final Column[] columns;

    private SummaryFieldValues(Column[] columns) {
        this.columns = columns;
    }

    /** The reading of these {@code -e} fields from summaries, or null when one of them is not in the summary. */
    public static SummaryFieldValues of(List<String> names) {
        Column[] columns = new Column[names.size()];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = column(names.get(i));
            if (columns[i] == null) {
                return null;
            }
        }
        return new SummaryFieldValues(columns);
    }

    private static Column column(String name) {
        switch (name) {
            case "frame.number" -> {
                return p -> List.of(Long.toString(p.number));
            }
            case "frame.len" -> {
                return p -> List.of(Integer.toString(p.originalLength));
            }
            case "frame.cap_len" -> {
                return p -> List.of(Integer.toString(p.capturedLength));
            }
            case "frame.time_epoch" -> {
                return p -> List.of(TsharkFields.timeEpoch(p.timestampNanos));
            }
            case "_ws.col.Protocol" -> {
                return p -> List.of(PacketColumns.protocol(p));
            }
            case "_ws.col.Info" -> {
                return p -> List.of(PacketColumns.info(p));
            }
            default -> {
                return layerColumn(name);
            }
        }
    }

    private static Column layerColumn(String name) {
        WiresharkAliases.Alias alias = WiresharkAliases.of(name);
        List<String> names = alias != null ? alias.roceLens() : List.of(name);
        String form = TsharkFields.wiresharkForm(name);
        List<SummaryFields.Getter> getters = new ArrayList<>();
        List<FieldDef> defs = new ArrayList<>();
        for (String each : names) {
            SummaryFields.Getter getter = SummaryFields.of(each);
            FieldDef def = Fields.byName(each);
            if (getter == null || def == null || def.type() == FieldType.BYTES) {
                return null;
            }
            getters.add(getter);
            defs.add(def);
        }
        boolean twice = getters.stream().anyMatch(SummaryFields.Getter::twice);
        return p -> {
            for (SummaryFields.Getter getter : getters) {
                if (!getter.answers(p)) {
                    return null;
                }
            }
            // a frame carried once has these headers outside (its outer summary) before the ones inside
            boolean outside = twice && p.is(PacketSummary.ENCAPSULATED);
            if (outside && p.outer == null) {
                return null;
            }
            List<String> values = new ArrayList<>(getters.size());
            for (PacketSummary headers : outside ? List.of(p.outer, p) : List.of(p)) {
                for (int i = 0; i < getters.size(); i++) {
                    if (getters.get(i).present(headers)) {
                        values.add(TsharkFields.value(defs.get(i), value(defs.get(i), getters.get(i), headers), form,
                                false));
                    }
                }
            }
            return values;
        };
    }

    /** The value as the detail's field holds it: text for addresses and named values, else the number. */
    private static Object value(FieldDef def, SummaryFields.Getter getter, PacketSummary p) {
        String text = getter.text(p);
        if (text != null) {
            return text;
        }
        return switch (def.type()) {
            case MAC -> Addresses.mac(getter.value(p));
            case ADDRESS -> def.name().startsWith("ipv6.") ? Addresses.ipv6(getter.high(p), getter.value(p))
                    : Addresses.ip(getter.high(p), getter.value(p));
            default -> getter.value(p);
        };
    }

    /** The frame's line, as {@code layout} lays out the values, or null when the summary cannot tell them all. */
    public String line(TsharkFields.Layout layout, PacketSummary p) {
        List<List<String>> values = new ArrayList<>(columns.length);
        for (Column column : columns) {
            List<String> each = column.values(p);
            if (each == null) {
                return null;
            }
            values.add(each);
        }
        return layout.line(columns.length, values::get);
    }
}
