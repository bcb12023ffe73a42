package io.rocelens.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every shared real capture and the committed pcapng fixtures read back with the frame count, first and last
 * timestamps, first lengths and total captured bytes that TShark 4.0.17 reports. The rows were made with
 * <pre>
 * tshark -r F -T fields -e frame.time_epoch -e frame.len -e frame.cap_len \
 *   | awk -F'\t' '{n++; if(n==1){t=$1;l=$2;c=$3}; s+=$3; lt=$1} END {print n, t, l, c, lt, s}'
 * </pre>
 * ({@code frame.number | wc -l} gives the same counts). For ERF frames TShark's frame.len and frame.cap_len leave out
 * the 16-byte ERF header that the file's record holds, so those rows use {@code -e erf.rlen} (the whole ERF record)
 * for both lengths. The ibdump pcap row comes from Scapy 2.5.0's RawPcapReader (record-header sec/usec, caplen,
 * wirelen) instead, because TShark shows the ERF header's own nanosecond timestamp, not the pcap record's.
 */
class RealCapturesTest {

    static Stream<Arguments> pcapFiles() {
        return Stream.of(
                row("huawei-hiroce-rc-send-with-imm-ect0-lowsrcport.pcap", 123, "1650970174.376937000", 90, 90, "1650970195.676615000", 74758),
                // Scapy: 77 records, first 1628373929 s 111994 us, wirelen 122, caplen 122; last 1628373933 s 392597 us; caplen sum 6422
                row("ibdump-native-ib-erf-rdma-write-only.pcap", 77, "1628373929.111994000", 122, 122, "1628373933.392597000", 6422),
                row("lldp-dcbx-pfc-config-tlv-not-pause.pcap", 5, "1375678964.326635000", 342, 342, "1375678972.038011000", 746),
                row("rxe-ibv-rc-pingpong.pcap", 31, "1781622406.754650000", 74, 74, "1781622406.759138000", 12291),
                row("rxe-ibv-uc-pingpong.pcap", 21, "1781622681.188952000", 74, 74, "1781622681.195088000", 11671),
                row("rxe-ibv-ud-pingpong.pcap", 21, "1781622836.675393000", 74, 74, "1781622836.680742000", 11751),
                row("rxe-nccl-allreduce-with-tcp-tls-noise-node0.pcap", 954, "1782371679.329548000", 718, 718, "1782371735.761847000", 253357),
                row("rxe-nccl-ring-allreduce-node0.pcap", 275, "1782372359.654149000", 74, 74, "1782372396.362738000", 87254),
                row("rxe-nccl-ring-allreduce-node1.pcap", 229, "1782372359.653847000", 74, 74, "1782372396.362767000", 83434),
                row("rxe-nccl-ring-allreduce-node2.pcap", 230, "1782372362.971215000", 74, 74, "1782372396.362650000", 83500),
                row("rxe-nccl-tree-allreduce-node2.pcap", 168, "1782372669.592671000", 74, 74, "1782372702.983758000", 110068),
                row("rxe-rc-atomic-fetchadd.pcap", 48, "1781672273.429439000", 74, 74, "1781672273.678657000", 4516),
                row("rxe-rc-rdma-read-multi-packet-response.pcap", 60, "1781621897.319865000", 74, 74, "1781621897.595481000", 20148),
                row("rxe-rc-rdma-read-response-only.pcap", 38, "1781671661.383028000", 74, 74, "1781671661.854050000", 3996),
                row("rxe-rc-rdma-write-first-middle-last.pcap", 60, "1781621760.173707000", 74, 74, "1781621761.451715000", 20128),
                row("rxe-rc-rdma-write-only-pingpong.pcap", 45, "1781666021.743445000", 74, 74, "1781666022.239646000", 4582),
                row("rxe-rc-send-first-middle-last.pcap", 50, "1781664750.036910000", 74, 74, "1781664750.317575000", 19308),
                row("rxe-rdmacm-two-connections-small-sends.pcap", 96, "1781943735.815013000", 322, 322, "1781943737.099720000", 24884),
                row("rxe-rdmacm-write-read-docker.pcap", 12, "1756719551.554171000", 322, 322, "1756719555.346632000", 6176),
                row("rxe-rdmacm-write-read-with-arp.pcap", 16, "1766338145.513608000", 322, 322, "1766338157.947000000", 6344),
                row("rxe-rping-cm-ud-read-write.pcap", 65, "1781684412.357518000", 322, 322, "1781684412.383613000", 6330));
    }

    /**
     * Fixtures in src/test/resources/capture, made with TShark 4.0.17's tools from the shared captures:
     * {@code editcap -F pcapng rxe-rc-rdma-read-response-only.pcap rxe-rc-rdma-read-response-only.pcapng} and
     * {@code mergecap -F pcapng -w two-interfaces-erf-and-ethernet.pcapng lldp-dcbx-pfc-config-tlv-not-pause.pcap
     * ibdump-native-ib-erf-rdma-write-only.pcap} (interface 0 Ethernet, microseconds; interface 1 ERF, nanoseconds).
     * The total for the merged file adds erf.rlen for ERF frames and frame.cap_len for the others.
     */
    static Stream<Arguments> pcapngFixtures() {
        return Stream.of(
                row("rxe-rc-rdma-read-response-only.pcapng", 38, "1781671661.383028000", 74, 74, "1781671661.854050000", 3996),
                row("two-interfaces-erf-and-ethernet.pcapng", 82, "1375678964.326635000", 342, 342, "1628373933.392599989", 7168));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pcapFiles")
    void realPcapFilesMatchTshark(String name, int count, long firstNanos, int firstLength, int firstCaptured,
                                  long lastNanos, long capturedTotal) throws IOException {
        assertMatches(RealCaptures.file(name), CaptureFormat.PCAP, count, firstNanos, firstLength, firstCaptured,
                lastNanos, capturedTotal);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pcapngFixtures")
    void pcapngFixturesMatchTshark(String name, int count, long firstNanos, int firstLength, int firstCaptured,
                                   long lastNanos, long capturedTotal) throws IOException {
        assertMatches(RealCaptures.fixture(name), CaptureFormat.PCAPNG, count, firstNanos, firstLength,
                firstCaptured, lastNanos, capturedTotal);
    }

    /** Frame 6 is the first ERF frame: tshark -Y frame.number==6 -e frame.time_epoch -e erf.rlen -e frame.interface_id. */
    @Test
    void mergedFixtureKeepsEachInterfacesLinkType() throws IOException {
        List<Frame> frames = PcapngReaderTest.readAll(RealCaptures.fixture("two-interfaces-erf-and-ethernet.pcapng"),
                ChunkedWindow.CHUNK);
        Frame ethernet = frames.get(4);
        assertEquals(5, ethernet.number());
        assertEquals(LinkType.ETHERNET, ethernet.linkType());
        assertEquals(0, ethernet.interfaceId());
        Frame erf = frames.get(5);
        assertEquals(6, erf.number());
        assertEquals(197, erf.linkType());
        assertEquals(1, erf.interfaceId());
        assertEquals(nanos("1628373929.111994853"), erf.timestampNanos());
        assertEquals(122, erf.capturedLength());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pcapFiles")
    void smallChunksGiveTheSameFrames(String name) throws IOException {
        Path file = RealCaptures.file(name);
        List<Frame> expected = PcapngReaderTest.readAll(file, ChunkedWindow.CHUNK);
        for (int window : new int[] {97, 1500, 4096}) {
            List<Frame> frames = PcapngReaderTest.readAll(file, window);
            assertEquals(expected.size(), frames.size());
            for (int i = 0; i < frames.size(); i++) {
                PcapngReaderTest.assertSameFrame(expected.get(i), frames.get(i));
            }
        }
    }

    private static void assertMatches(Path file, CaptureFormat format, int count, long firstNanos, int firstLength,
                                      int firstCaptured, long lastNanos, long capturedTotal) throws IOException {
        try (CaptureReader reader = CaptureReaders.open(file)) {
            assertEquals(format, reader.format());
            Frame first = reader.next();
            assertEquals(firstNanos, first.timestampNanos());
            assertEquals(firstLength, first.originalLength());
            assertEquals(firstCaptured, first.capturedLength());
            int frames = 1;
            long total = first.capturedLength();
            Frame last = first;
            for (Frame f = reader.next(); f != null; f = reader.next()) {
                frames++;
                assertEquals(frames, f.number());
                total += f.capturedLength();
                last = f;
            }
            assertNull(reader.problem());
            assertEquals(count, frames);
            assertEquals(lastNanos, last.timestampNanos());
            assertEquals(capturedTotal, total);
        }
    }

    private static Arguments row(String name, int count, String firstEpoch, int firstLength, int firstCaptured,
                                 String lastEpoch, long capturedTotal) {
        return Arguments.of(name, count, nanos(firstEpoch), firstLength, firstCaptured, nanos(lastEpoch),
                capturedTotal);
    }

    static long nanos(String epochSeconds) {
        return new BigDecimal(epochSeconds).movePointRight(9).longValueExact();
    }
}
