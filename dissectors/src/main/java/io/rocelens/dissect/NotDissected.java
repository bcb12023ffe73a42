package io.rocelens.dissect;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Counts the frames that were not dissected at all ({@link PacketSummary#notDissected}), by reason. */
public final class NotDissected {

    private final Map<String, Long> byReason = new LinkedHashMap<>();

    /** Counts the frame if it was not dissected. */
    public void count(PacketSummary summary) {
        if (summary.notDissected != null) {
            byReason.merge(summary.notDissected, 1L, Long::sum);
        }
    }

    /** Frames by reason, in order of first appearance; a copy. */
    public Map<String, Long> byReason() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(byReason));
    }

    /** "77 frames of link type 197 (ERF) not dissected", one line per reason; empty when every frame was. */
    public static List<String> lines(Map<String, Long> byReason) {
        List<String> lines = new ArrayList<>();
        byReason.forEach((reason, frames) ->
                lines.add(frames + (frames == 1 ? " frame of " : " frames of ") + reason + " not dissected"));
        return lines;
    }
}
