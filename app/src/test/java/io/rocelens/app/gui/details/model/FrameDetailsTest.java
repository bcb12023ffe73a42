package io.rocelens.app.gui.details.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FilterException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.TimeZone;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Frame 2 of the sample capture is RC SEND Only, 10.0.0.1 → 10.0.0.2, QP 0x000022, PSN 256 (sample-captures/README
 * and tshark). Byte positions are the IB spec's: the 12-byte BTH follows Ethernet (14), IPv4 (20) and UDP (8) at
 * byte 42, with the destination QP in its bytes 5-7 and the PSN in its bytes 9-11.
 */
class FrameDetailsTest {

    private static FrameDetails details;
    private static Dissection dissection;

    @BeforeAll
    static void dissectFrameTwo() throws IOException {
        TimeZone zone = TimeZone.getDefault();
        try (CaptureReader reader = CaptureReaders.open(Path.of("../sample-captures/mixed.pcapng"))) {
            long first = reader.next().timestampNanos();
            Frame frame = reader.next();
            ByteBuffer data = frame.data().duplicate();
            byte[] bytes = new byte[data.remaining()];
            data.get(bytes);
            dissection = new Dissector(DissectorOptions.defaults()).dissect(frame);
            dissection.summary().firstTimestampNanos = first;
            dissection.summary().previousTimestampNanos = first;
            TimeZone.setDefault(TimeZone.getTimeZone("UTC"));
            details = new FrameDetails(dissection, bytes);
        } finally {
            TimeZone.setDefault(zone);
        }
    }

    /**
     * tshark -r mixed.pcapng -Y frame.number==2 -T fields -e frame.time -e frame.time_epoch -e frame.time_delta
     * -e frame.time_relative (TZ=UTC): Jan  1, 2026 00:00:00.000002134 UTC, 1767225600.000002134, 0.000002134,
     * 0.000002134.
     */
    @Test
    void theFrameShowsItsTimesWithTheirFilters() throws FilterException {
        FrameDetails.Node frame = details.layers().get(0);
        assertEquals(List.of("Arrival Time: 2026-01-01 00:00:00.000002134 UTC",
                "Epoch Time: 1767225600.000002134 seconds",
                "Time delta from previous captured frame: 0.000002134 seconds",
                "Time since reference or first frame: 0.000002134 seconds"),
                frame.children().subList(0, 4).stream().map(FrameDetails.Node::label).toList());
        List<String> filters = frame.children().subList(0, 4).stream().map(FrameDetails.Node::filter).toList();
        assertEquals(List.of("frame.time == \"2026-01-01 00:00:00.000002134Z\"",
                "frame.time_epoch == 1767225600.000002134", "frame.time_delta == 0.000002134",
                "frame.time_relative == 0.000002134"), filters);
        for (String filter : filters) {
            assertTrue(DisplayFilter.compile(filter).matches(dissection, null), filter);
        }
    }

    @Test
    void aByteSelectsTheSmallestFieldHoldingIt() {
        assertEquals("bth.psn == 256", details.nodeAt(42 + 9).filter());
        assertEquals("bth.psn == 256", details.nodeAt(42 + 11).filter());
        assertEquals("bth.dqpn == 0x22", details.nodeAt(42 + 5).filter());
        assertEquals("ip.src == 10.0.0.1", details.nodeAt(14 + 12).filter());
        // the source's first 3 bytes also hold its LG and IG bits (eth.lg, eth.ig, placed there as tshark does)
        assertEquals("eth.lg == 1", details.nodeAt(6).filter());
        assertEquals("eth.src == 02:00:00:00:00:01", details.nodeAt(9).filter());
    }

    @Test
    void fieldsKnowTheirBytes() {
        FrameDetails.Node bth = details.layers().stream().filter(l -> l.filter().equals("bth")).findFirst().orElseThrow();
        assertEquals(42, bth.offset());
        assertEquals(12, bth.length());
        FrameDetails.Node psn = bth.children().stream().filter(f -> f.filter().startsWith("bth.psn")).findFirst()
                .orElseThrow();
        assertEquals(51, psn.offset());
        assertEquals(3, psn.length());
        assertEquals("256", psn.value());
    }

    @Test
    void aByteOutsideEveryLayerSelectsNothing() {
        assertNull(details.nodeAt(details.bytes().length() + 5));
    }

    @Test
    void textFieldsAreQuotedInFilters() {
        FrameDetails.Node icrc = details.layers().stream().filter(l -> l.filter().equals("icrc")).findFirst()
                .orElseThrow();
        assertEquals("icrc.status == \"good\"", icrc.children().get(1).filter());
    }
}
