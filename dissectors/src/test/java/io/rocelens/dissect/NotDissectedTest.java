package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.RoceAnalyzer;
import io.rocelens.capture.Frame;
import io.rocelens.capture.LinkType;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Frames of a link type without a dissector are counted by reason, and the analysis says how many and why. */
class NotDissectedTest {

    private static Frame frame(long number, int linkType) {
        byte[] bytes = new byte[60];
        bytes[12] = 0x08;   // an Ethernet IPv4 frame if it were Ethernet; never read for the other link types
        return new Frame(number, number * 1000, bytes.length, linkType, 0, -1, ByteBuffer.wrap(bytes));
    }

    @Test
    void aFrameOfAnUndissectedLinkTypeSaysWhich() {
        FastDissector dissector = new FastDissector(DissectorOptions.defaults());
        PacketSummary summary = new PacketSummary();
        dissector.summarize(frame(1, 105), summary);
        assertEquals("link type 105 (IEEE 802.11)", summary.notDissected);
        assertEquals(0, summary.kinds);
        dissector.summarize(frame(2, 4000), summary);
        assertEquals("link type 4000", summary.notDissected);
        dissector.summarize(frame(3, LinkType.ETHERNET), summary);
        assertNull(summary.notDissected);
    }

    @Test
    void theAnalysisCountsThemByReasonAndMergesTheCounts() {
        FastDissector dissector = new FastDissector(DissectorOptions.defaults());
        RoceAnalyzer analyzer = new RoceAnalyzer();
        PacketSummary summary = new PacketSummary();
        int[] linkTypes = {105, LinkType.ETHERNET, 105, 228, 105};
        for (int i = 0; i < linkTypes.length; i++) {
            dissector.summarize(frame(i + 1, linkTypes[i]), summary);
            analyzer.accept(summary);
        }
        AnalysisResult result = analyzer.result();
        assertEquals(5, result.packets());
        assertEquals(Map.of("link type 105 (IEEE 802.11)", 3L, "link type 228 (raw IPv4)", 1L), result.notDissected());
        assertEquals(List.of("3 frames of link type 105 (IEEE 802.11) not dissected",
                "1 frame of link type 228 (raw IPv4) not dissected"), result.notDissectedLines());

        RoceAnalyzer second = new RoceAnalyzer();
        dissector.summarize(frame(1, 228), summary);
        second.accept(summary);
        assertEquals(List.of("3 frames of link type 105 (IEEE 802.11) not dissected",
                "2 frames of link type 228 (raw IPv4) not dissected"), result.merge(second.result()).notDissectedLines());
    }
}
