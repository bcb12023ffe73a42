package io.rocelens.app.gui.stats.traffic.model;

import io.rocelens.analysis.Formats;
import io.rocelens.app.gui.stats.model.AnalysedCapture;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FilterException;
import io.rocelens.stats.ProtocolHierarchy;
import java.io.IOException;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Statistics › Protocol Hierarchy: the library's tree (tshark's {@code -z io,phs}) of a capture's frames, or of those
 * a display filter passes, with each protocol's share of the frames and bytes counted, as Wireshark shows it.
 *
 * @param filter the display filter the tree was limited to; "" for none
 */
public record Hierarchy(ProtocolHierarchy.Node root, String filter) {

    public static Hierarchy of(AnalysedCapture capture, String filter, BooleanSupplier cancelled)
            throws IOException, FilterException {
        DisplayFilter compiled = TrafficPass.filter(filter);
        ProtocolHierarchy hierarchy = new ProtocolHierarchy(compiled);
        TrafficPass.feed(capture, java.util.Collections.singletonList(compiled), List.of(hierarchy), cancelled);
        return new Hierarchy(hierarchy.root(), compiled == null ? "" : compiled.text());
    }

    /** {@code part} as a share of all the counted frames' {@code whole}, as "12.3": one decimal, as Wireshark. */
    public static String percent(long part, long whole) {
        return whole == 0 ? "0.0" : String.format(Formats.DIGITS, "%.1f", 100.0 * part / whole);
    }
}
