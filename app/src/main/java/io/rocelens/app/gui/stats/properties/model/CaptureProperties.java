package io.rocelens.app.gui.stats.properties.model;

import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.EventKind;
import io.rocelens.analysis.Formats;
import io.rocelens.capture.CaptureFormat;
import io.rocelens.capture.LinkType;
import io.rocelens.dissect.Timestamps;
import io.rocelens.export.TextSummary;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Statistics › Capture File Properties: the file, its format and link type, its packets and time span, and the
 * analysis totals, in the words and numbers of {@code rocelens analyze}'s text summary.
 */
public final class CaptureProperties {

    /** One line: its section ("File", "Time", "Packets", "Analysis"), name and value. */
    public record Entry(String section, String name, String value) {
    }

    /** What the file's header says. */
    public record FileFacts(long size, CaptureFormat format, int linkType) {
    }

    private CaptureProperties() {
    }

    public static List<Entry> of(Path file, FileFacts facts, AnalysisResult r, long loadNanos, String problem) {
        List<Entry> entries = new ArrayList<>();
        entries.add(new Entry("File", "Name", file.getFileName().toString()));
        entries.add(new Entry("File", "Path", file.toString()));
        entries.add(new Entry("File", "Length", String.format(Formats.DIGITS, "%,d bytes", facts.size())));
        entries.add(new Entry("File", "Format", facts.format() == CaptureFormat.PCAPNG ? "pcapng" : "pcap"));
        entries.add(new Entry("File", "Link type", LinkType.describe(facts.linkType())));
        entries.add(new Entry("File", "Read", problem == null ? "to its end" : "stopped early: " + problem));
        if (r.packets() > 0) {
            entries.add(new Entry("Time", "First packet", Timestamps.iso(r.firstTs())));
            entries.add(new Entry("Time", "Last packet", Timestamps.iso(r.lastTs())));
            entries.add(new Entry("Time", "Elapsed", Formats.duration(r.lastTs() - r.firstTs())));
        }
        entries.add(new Entry("Packets", "Frames", Long.toString(r.packets())));
        entries.add(new Entry("Packets", "RoCE", Long.toString(r.rocePackets())));
        entries.add(new Entry("Packets", "Other", Long.toString(r.packets() - r.rocePackets())));
        entries.add(new Entry("Packets", "Malformed", Long.toString(r.malformed())));
        for (String line : r.notDissectedLines()) {
            entries.add(new Entry("Packets", "Not dissected", line));
        }
        long roceBytes = 0;
        for (long bytes : r.priorityBytes()) {
            roceBytes += bytes;
        }
        entries.add(new Entry("Packets", "RoCE bytes", Long.toString(roceBytes)));
        entries.add(new Entry("Packets", "Load time", String.format(Formats.DIGITS, "%.2f s", loadNanos / 1e9)));
        entries.add(new Entry("Analysis", "Link speed", TextSummary.rate(r.options().linkSpeedBps())));
        entries.add(new Entry("Analysis", "Flows", Integer.toString(r.flows().size())));
        entries.add(new Entry("Analysis", "PSN gaps", Long.toString(r.psnGaps())));
        entries.add(new Entry("Analysis", "PSNs still missing", Long.toString(r.missingPsns())));
        entries.add(new Entry("Analysis", "Retransmitted", Long.toString(r.retransmitted())));
        entries.add(new Entry("Analysis", "Duplicates", Long.toString(r.duplicates())));
        entries.add(new Entry("Analysis", "Out of order", Long.toString(r.outOfOrder())));
        entries.add(new Entry("Analysis", "NAKs", Long.toString(r.naks())));
        entries.add(new Entry("Analysis", "RNR NAKs", Long.toString(r.rnrNaks())));
        entries.add(new Entry("Analysis", "CNPs", Long.toString(r.cnps())));
        entries.add(new Entry("Analysis", "ECN CE", Long.toString(r.ecnCe())));
        entries.add(new Entry("Analysis", "Bad ICRC", Long.toString(r.icrcBad())));
        entries.add(new Entry("Analysis", "802.3x PAUSE", Long.toString(r.pause8023x())));
        entries.add(new Entry("Analysis", "PFC storms", Long.toString(r.stormCount())));
        long events = 0;
        for (EventKind kind : EventKind.values()) {
            events += r.eventCount(kind);
        }
        entries.add(new Entry("Analysis", "Expert events", events + (r.eventsDropped() > 0
                ? " (" + r.eventsDropped() + " counted but not stored)" : "")));
        return List.copyOf(entries);
    }

    /** The entries as text, one "Name: value" line each under its section, for the clipboard. */
    public static String text(List<Entry> entries) {
        StringBuilder text = new StringBuilder();
        String section = null;
        for (Entry entry : entries) {
            if (!entry.section().equals(section)) {
                section = entry.section();
                text.append(text.length() == 0 ? "" : "\n").append(section).append('\n');
            }
            text.append("  ").append(entry.name()).append(": ").append(entry.value()).append('\n');
        }
        return text.toString();
    }
}
