package io.rocelens.app.gui.packetlist.model;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/** How the Time column shows a frame's timestamp: Wireshark's View › Time Display Format. */
public enum TimeFormat {
    /** Seconds since the first frame of the capture (Wireshark's default). */
    SINCE_FIRST("Seconds Since Beginning of Capture"),
    /** Local date and time of day. */
    ABSOLUTE("Date and Time of Day"),
    /** Seconds since the previous displayed frame. */
    DELTA_DISPLAYED("Seconds Since Previous Displayed Packet");

    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");

    private final String label;

    TimeFormat(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /**
     * The column text.
     *
     * @param reference the first frame's timestamp for {@link #SINCE_FIRST}, the previous displayed frame's for
     *                  {@link #DELTA_DISPLAYED}; unused for {@link #ABSOLUTE}
     */
    public String format(long timestampNanos, long reference, ZoneId zone) {
        if (this == ABSOLUTE) {
            Instant instant = Instant.ofEpochSecond(Math.floorDiv(timestampNanos, 1_000_000_000L),
                    Math.floorMod(timestampNanos, 1_000_000_000L));
            return nineDecimals(new StringBuilder(29).append(DATE_TIME.format(instant.atZone(zone))), instant.getNano())
                    .toString();
        }
        return seconds(timestampNanos - reference);
    }

    /** Seconds with nine decimals, as tshark prints them; a frame earlier than the reference gets a minus sign. */
    public static String seconds(long nanos) {
        long magnitude = Math.abs(nanos);
        StringBuilder text = new StringBuilder(21);
        if (nanos < 0) {
            text.append('-');
        }
        return nineDecimals(text.append(magnitude / 1_000_000_000L), (int) (magnitude % 1_000_000_000L)).toString();
    }

    /**
     * A point and nine digits, ASCII in every locale, as tshark prints them. Not {@code String.format}: it builds the
     * locale's decimal symbols at each call, and the list formats a Time cell for each row it shows, ten times a
     * second while a capture runs (most of the decimal symbols the JavaFX thread built, docs/speed.md).
     */
    private static StringBuilder nineDecimals(StringBuilder text, int nanos) {
        String digits = Integer.toString(nanos);
        return text.append('.').append("000000000", digits.length(), 9).append(digits);
    }
}
