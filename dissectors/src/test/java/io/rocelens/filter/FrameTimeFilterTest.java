package io.rocelens.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.FrameClock;
import io.rocelens.dissect.PacketSummary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TimeZone;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The time literals tshark 4.0.17 accepts and refuses, on mixed.pcapng (first frame at 2026-01-01 00:00:00 UTC). The
 * counts are tshark's, in a time zone an hour from UTC so local times are told from UTC ones:
 * {@code TZ=Europe/Berlin tshark -r mixed.pcapng -Y FILTER | wc -l}. The lists per capture, in UTC, are in the
 * differential test's files.
 */
class FrameTimeFilterTest {

    private static final List<PacketSummary> MIXED = new ArrayList<>();
    private static final TimeZone ZONE = TimeZone.getDefault();

    @BeforeAll
    static void readTheSample() throws IOException {
        FastDissector fast = new FastDissector(DissectorOptions.defaults());
        FrameClock clock = new FrameClock();
        try (CaptureReader reader = CaptureReaders.open(Path.of("../sample-captures/mixed.pcapng"))) {
            for (Frame frame; (frame = reader.next()) != null; ) {
                PacketSummary summary = new PacketSummary();
                fast.summarize(frame, summary);
                clock.stamp(summary);
                MIXED.add(summary);
            }
        }
    }

    @AfterEach
    void restoreTheTimeZone() {
        TimeZone.setDefault(ZONE);
    }

    private static List<Long> frames(String text) throws FilterException {
        DisplayFilter filter = DisplayFilter.compile(text);
        List<Long> numbers = new ArrayList<>();
        for (PacketSummary summary : MIXED) {
            if (filter.matches(summary, null, () -> fail("needed the detail: " + text))) {
                numbers.add(summary.number);
            }
        }
        return numbers;
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "frame.time >= \"2026-01-01 01:00:00.001\"           | 331 | 71",
        "frame.time >= \"2026-01-01 00:00:00.001\"           | 401 | 1",
        "frame.time >= \"2026-01-01T01:00:00.001\"           | 331 | 71",
        "frame.time >= \"2026-01-01  01:00:00.001\"          | 331 | 71",
        "frame.time >= \"2026-1-1 01:00:00.001\"             | 331 | 71",
        "frame.time >= \"2026-01-01 00:00:00.001Z\"          | 331 | 71",
        "frame.time >= \"2026-01-01T00:00:00.001Z\"          | 331 | 71",
        "frame.time >= \"2026-01-01 00:00:00.001 UTC\"       | 331 | 71",
        "frame.time >= \"2026-01-01 01:00:00.001Z\"          | 0   | 0",
        "frame.time >= \"2026-01-01 01:00:00.001+0100\"      | 331 | 71",
        "frame.time >= \"2026-01-01 00:00:00.001+0100\"      | 401 | 1",
        "frame.time >= \"2026-01-01 02:00:00.001+0200\"      | 331 | 71",
        "frame.time >= \"2026-01-01 00:30:00.001+0030\"      | 331 | 71",
        "frame.time >= \"2026-01-01 01:00:00.001+01:00\"     | 331 | 71",
        "frame.time >= \"2026-01-01 00:00:00.001-0100\"      | 0   | 0",
        "frame.time >= \"2026-01-01 00:00:00.001-00:30\"     | 0   | 0",
        "frame.time >= \"2026-01-01 01:00+0100\"             | 401 | 1",
        "frame.time >= \"2026-01-01T01:00:00+0100\"          | 401 | 1",
        "frame.time >= \"2026-01-01 01:00:00+01\"            | 401 | 1",
        "frame.time >= \"2026-01-01 00:00Z\"                 | 401 | 1",
        "frame.time >= \"2026-01-01 00:01 UTC\"              | 0   | 0",
        "frame.time >= \"2026-01-01 00:00:00.001UTC\"        | 331 | 71",
        "frame.time >= \"2026-01-01 UTC\"                    | 401 | 1",
        "frame.time >= \"2026-01-01 01 UTC\"                 | 0   | 0",
        "frame.time >= \"2026-01-01 00 UTC\"                 | 401 | 1",
        "frame.time >= \"Jan 1, 2026 01:00:00.001\"          | 331 | 71",
        "frame.time >= \"Jan  1, 2026 00:00:00.001 UTC\"     | 331 | 71",
        "frame.time >= \"jan 01, 2026 00:00:00.001 UTC\"     | 331 | 71",
        "frame.time >= \"2026-01-01 01:00\"                  | 401 | 1",
        "frame.time >= \"2026-01-01 01\"                     | 401 | 1",
        "frame.time >= \"2025-12-31\"                        | 401 | 1",
        "frame.time >= 2026-01-01                            | 401 | 1",
        "frame.time >= \"2026-01-01 00:00:60Z\"              | 0   | 0",
        "frame.time >= \"1969-12-31 23:59:59Z\"              | 401 | 1",
        "frame.time == \"2026-01-01 00:00:00.000002134Z\"    | 1   | 2",
        "frame.time in {\"2026-01-01 00:00:00.001Z\"..\"2026-01-01 00:00:00.0015Z\"} | 35 | 71",
        "frame.time_epoch >= 1767225600.001                  | 331 | 71",
        "frame.time_epoch >= 1767225600                      | 401 | 1",
        "frame.time_relative > -0.5                          | 401 | 1",
        "frame.time_relative == 0.000002134                  | 1   | 2",
        "frame.time_relative == 2134                         | 0   | 0",
        "frame.time_relative >= 01                           | 0   | 0",
        "frame.time_relative in {0.001..0.0015}              | 35  | 71",
        "frame.time_delta > 0.00005                          | 5   | 71",
    })
    void acceptsWhatTsharkAccepts(String filter, int count, long first) throws FilterException {
        TimeZone.setDefault(TimeZone.getTimeZone("Europe/Berlin"));
        List<Long> found = frames(filter);
        assertEquals(count, found.size(), filter);
        assertEquals(first, found.isEmpty() ? 0 : found.get(0), filter);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "frame.time >= \"January 1, 2026 00:00:00.001 UTC\"", "frame.time >= \"Jan 1 2026 00:00:00.001 UTC\"",
        "frame.time >= \"Jan 1, 2026 00:00 UTC\"", "frame.time >= \"Jan 1, 2026\"",
        "frame.time >= \"2026-01-01 00:00:00.001 utc\"", "frame.time >= \"2026-01-01 00:00:00.001z\"",
        "frame.time >= \"2026-01-01 24:00:00Z\"", "frame.time >= \"2026-02-30 00:00:00Z\"",
        "frame.time >= \"2026-01-01 00:00:00.001 +00:00\"", "frame.time >= \"2026-01-01 00:00:00.001 +0000\"",
        "frame.time > 1767225600.001",
        "frame.time_relative >= 1ms", "frame.time_relative >= 1e-3", "frame.time_relative >= 0x1",
        "frame.time_relative >= \"0.001\"", "frame.time_relative >= 0.0010000000001",
        "frame.time_epoch >= \"Jan 1, 2026 00:00:00.001 UTC\"",
        "frame.time >= \"2026-01-01Z\"", "frame.time >= \"2026-01-01 01Z\"", "frame.time >= \"2026-01-01T UTC\"",
        "frame.time >= \"Jan 1, 2026 00:00:00.001Z\"", "frame.time >= \"Jan 1, 2026 01:00:00.001+0100\"",
        "frame.time >= \"2026-01-01+0100\"", "frame.time >= \"2026-01-01 01+0100\"",
        "frame.time >= \"2026-01-01 00:00:00.001+0000 UTC\"", "frame.time >= \"2026-01-01 00:00:00.001+0000Z\"",
        "frame.time >= \"2026-01-01 00:00:00.001+01000\"",
    })
    void refusesWhatTsharkRefuses(String filter) {
        FilterException error = assertThrows(FilterException.class, () -> DisplayFilter.compile(filter));
        assertTrue(error.getMessage().contains(" is a time in seconds") || error.getMessage().contains(" is a date"),
                error.getMessage());
    }

    @Test
    void theDeltaIsFromThePreviousCapturedFrameAndTheFirstFramesIsZero() throws FilterException {
        // tshark -r mixed.pcapng -T fields -e frame.time_delta -c 3: 0.000000000, 0.000002134, 0.000002287
        assertEquals(List.of(1L), frames("frame.time_delta == 0"));
        assertEquals(List.of(3L), frames("frame.time_delta == 0.000002287"));
        assertEquals(List.of(3L), frames("frame.time_relative == 0.000004421"));
    }

    @Test
    void aFrameWhoseTimesNobodySetHasNoRelativeTimes() throws FilterException {
        PacketSummary unstamped = new PacketSummary();
        unstamped.clear();
        unstamped.timestampNanos = 5;
        assertEquals(false, DisplayFilter.compile("frame.time_relative").matches(unstamped, null, () -> null));
        assertEquals(false, DisplayFilter.compile("frame.time_delta >= 0").matches(unstamped, null, () -> null));
        assertEquals(true, DisplayFilter.compile("frame.time_epoch").matches(unstamped, null, () -> null));
    }

    @Test
    void printsTimesInTheFieldsFormAndUtc() throws FilterException {
        TimeZone.setDefault(TimeZone.getTimeZone("Europe/Berlin"));
        assertEquals("frame.time >= \"2026-01-01 00:00:00.001Z\"",
                DisplayFilter.compile("frame.time >= \"Jan 1, 2026 01:00:00.001\"").toString());
        assertEquals("frame.time_relative in {0.001..1.5, -2}",
                DisplayFilter.compile("frame.time_relative in {0.0010..1.500000000 -2.0}").toString());
        assertEquals("frame.time == \"1969-12-31 23:59:59.5Z\"",
                DisplayFilter.compile("frame.time == \"1969-12-31 23:59:59.5Z\"").toString());
    }
}
