package io.rocelens.dissect;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** The one text form of a capture timestamp in every output: ISO-8601 UTC with nine fractional digits. */
public final class Timestamps {

    private static final DateTimeFormatter ISO_NANOS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'").withZone(ZoneOffset.UTC);

    private Timestamps() {
    }

    /** e.g. 2026-11-29T20:00:00.000000123Z */
    public static String iso(long epochNanos) {
        return ISO_NANOS.format(Instant.ofEpochSecond(Math.floorDiv(epochNanos, 1_000_000_000L),
                Math.floorMod(epochNanos, 1_000_000_000L)));
    }
}
