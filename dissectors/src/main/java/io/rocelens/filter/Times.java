package io.rocelens.filter;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Time literals as Wireshark 4 reads them, in nanoseconds. A relative time ({@code frame.time_relative},
 * {@code frame.time_delta}, {@code frame.time_epoch}) is seconds with up to nine decimals: {@code 1.5},
 * {@code -0.000002}. An absolute time ({@code frame.time}) is {@code "2026-01-01 12:00:00.001"} (the time may stop
 * after the hour or minute, or be left out; a {@code T} may stand for the space) or {@code "Jan 1, 2026
 * 12:00:00.001"}, in local time; in UTC when followed by {@code " UTC"}, or (the first form, with minutes) by
 * {@code Z} or an offset ({@code +01}, {@code +0100}, {@code +01:00}). The printing side is public, for what writes
 * filters (Apply as Filter).
 */
public final class Times {

    private static final Pattern RELATIVE = Pattern.compile("(-?)(\\d+)(?:\\.(\\d{1,9}))?");
    private static final Pattern ISO = Pattern.compile("(\\d{4})-(\\d{1,2})-(\\d{1,2})"
            + "(?:[ T]+(\\d{1,2})(?::(\\d{1,2})(?::(\\d{1,2})(?:\\.(\\d{1,9}))?)?)?)?");
    private static final Pattern MONTH_FIRST = Pattern.compile("([A-Za-z]{3}) +(\\d{1,2}), (\\d{4}) +"
            + "(\\d{1,2}):(\\d{1,2}):(\\d{1,2})(?:\\.(\\d{1,9}))?");
    private static final Pattern UTC = Pattern.compile(" ?UTC");
    private static final Pattern OFFSET = Pattern.compile("([+-])(\\d{2})(?::?(\\d{2}))?");
    private static final List<String> MONTHS = List.of("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug",
            "sep", "oct", "nov", "dec");
    private static final DateTimeFormatter PRINTED = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss",
            Locale.ROOT);

    private Times() {
    }

    /** Nanoseconds, or null when the text is not seconds with at most nine decimals (or too large). */
    static Long relative(String text) {
        Matcher m = RELATIVE.matcher(text);
        if (!m.matches()) {
            return null;
        }
        try {
            long nanos = Math.addExact(Math.multiplyExact(Long.parseLong(m.group(2)), 1_000_000_000L),
                    fraction(m.group(3)));
            return m.group(1).isEmpty() ? nanos : -nanos;
        } catch (ArithmeticException | NumberFormatException tooLarge) {
            return null;
        }
    }

    /** Nanoseconds since the epoch, or null when the text is not a date and time of either form. */
    static Long absolute(String text, ZoneId local) {
        try {
            Matcher iso = ISO.matcher(text);
            if (iso.lookingAt()) {
                // as Wireshark's strptime: Z and a numeric offset only after the minutes, UTC after anything
                ZoneId zone = zone(text.substring(iso.end()), local, iso.group(5) != null);
                return zone == null ? null : instant(Integer.parseInt(iso.group(1)), Integer.parseInt(iso.group(2)),
                        Integer.parseInt(iso.group(3)), number(iso.group(4)), number(iso.group(5)),
                        number(iso.group(6)), iso.group(7), zone);
            }
            Matcher named = MONTH_FIRST.matcher(text);
            int month = named.lookingAt() ? MONTHS.indexOf(named.group(1).toLowerCase(Locale.ROOT)) + 1 : 0;
            ZoneId zone = month > 0 ? zone(text.substring(named.end()), local, false) : null;
            if (zone != null) {
                return instant(Integer.parseInt(named.group(3)), month, Integer.parseInt(named.group(2)),
                        Integer.parseInt(named.group(4)), Integer.parseInt(named.group(5)),
                        Integer.parseInt(named.group(6)), named.group(7), zone);
            }
        } catch (DateTimeException | ArithmeticException outOfRange) {
            return null;
        }
        return null;
    }

    /** The zone the text after the time names: local when none, or null when the text is not a zone. */
    private static ZoneId zone(String suffix, ZoneId local, boolean afterMinutes) {
        if (suffix.isEmpty()) {
            return local;
        }
        if (UTC.matcher(suffix).matches() || afterMinutes && suffix.equals("Z")) {
            return ZoneOffset.UTC;
        }
        Matcher offset = OFFSET.matcher(suffix);
        if (!afterMinutes || !offset.matches()) {
            return null;
        }
        int sign = offset.group(1).equals("-") ? -1 : 1;
        return ZoneOffset.ofHoursMinutes(sign * Integer.parseInt(offset.group(2)), sign * number(offset.group(3)));
    }

    /** Seconds with the decimals needed (none for whole seconds): {@code 0.001}, {@code -1.5}, {@code 3}. */
    public static String printRelative(long nanos) {
        String sign = nanos < 0 ? "-" : "";
        long magnitude = Math.abs(nanos);
        String fraction = String.format(Locale.ROOT, "%09d", magnitude % 1_000_000_000L).replaceFirst("0+$", "");
        return sign + magnitude / 1_000_000_000L + (fraction.isEmpty() ? "" : "." + fraction);
    }

    /** The time in UTC, quoted: {@code "2026-01-01 00:00:00.001Z"}. */
    public static String printAbsolute(long nanos) {
        Instant instant = Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L),
                Math.floorMod(nanos, 1_000_000_000L));
        String fraction = String.format(Locale.ROOT, "%09d", instant.getNano()).replaceFirst("0+$", "");
        return "\"" + PRINTED.format(instant.atOffset(ZoneOffset.UTC)) + (fraction.isEmpty() ? "" : "." + fraction)
                + "Z\"";
    }

    private static long instant(int year, int month, int day, int hour, int minute, int second, String fraction,
                                ZoneId zone) {
        if (second > 60) {
            throw new DateTimeException("second " + second);
        }
        // second 60 (a leap second) is the next minute's first, as C's mktime makes it for Wireshark
        LocalDateTime time = LocalDateTime.of(year, month, day, hour, minute).plusSeconds(second);
        return Math.addExact(Math.multiplyExact(time.atZone(zone).toEpochSecond(), 1_000_000_000L), fraction(fraction));
    }

    private static int number(String digits) {
        return digits == null ? 0 : Integer.parseInt(digits);
    }

    private static long fraction(String digits) {
        return digits == null ? 0 : Long.parseLong((digits + "00000000").substring(0, 9));
    }
}
