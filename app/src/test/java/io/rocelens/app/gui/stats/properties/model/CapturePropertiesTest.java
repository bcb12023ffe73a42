package io.rocelens.app.gui.stats.properties.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.app.gui.stats.Samples;
import io.rocelens.capture.CaptureFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Capture File Properties shows the numbers of {@code rocelens analyze}'s text summary. */
class CapturePropertiesTest {

    @ParameterizedTest
    @ValueSource(strings = {"mixed.pcapng", "incast.pcap", "pfc-storm.pcap"})
    void theNumbersAreTheTextSummarys(String name) throws IOException {
        Path capture = Samples.FOLDER.resolve(name);
        String summary = Samples.cli("analyze", capture.toString());
        Map<String, String> cli = new LinkedHashMap<>();
        find(summary, "Frames: (\\d+)   RoCE: (\\d+)   other: (\\d+)   malformed: (\\d+)", cli,
                "Frames", "RoCE", "Other", "Malformed");
        find(summary, "Time: (\\S+) \\.\\. (\\S+) \\((.+)\\)", cli, "First packet", "Last packet", "Elapsed");
        find(summary, "Flows: (\\d+)   PSN gaps: (\\d+) \\((\\d+) PSNs still missing\\)   retransmitted: (\\d+) "
                + "\\((\\d+) duplicates, (\\d+) out of order\\)", cli, "Flows", "PSN gaps", "PSNs still missing",
                "Retransmitted", "Duplicates", "Out of order");
        find(summary, "NAKs: (\\d+)   RNR NAKs: (\\d+)   CNPs: (\\d+)   ECN CE: (\\d+)   bad ICRC: (\\d+)   "
                + "802.3x PAUSE: (\\d+)   PFC storms: (\\d+)", cli, "NAKs", "RNR NAKs", "CNPs", "ECN CE", "Bad ICRC",
                "802.3x PAUSE", "PFC storms");

        Samples.Loaded loaded = Samples.load(capture);
        CaptureProperties.FileFacts facts;
        try (CaptureFile file = CaptureFile.open(capture)) {
            facts = new CaptureProperties.FileFacts(file.size(), file.format(), file.linkType());
        }
        List<CaptureProperties.Entry> entries = CaptureProperties.of(capture, facts, loaded.analysis(), 0, null);
        Map<String, String> ours = new LinkedHashMap<>();
        entries.forEach(e -> ours.put(e.name(), e.value()));
        cli.forEach((key, value) -> assertEquals(value, ours.get(key), key));
        assertEquals(name.endsWith(".pcapng") ? "pcapng" : "pcap", ours.get("Format"));
        // tshark -r FILE -T fields -e frame.encap_type | sort -u: 1 (Ethernet)
        assertEquals("link type 1 (Ethernet)", ours.get("Link type"));
        assertTrue(CaptureProperties.text(entries).contains("  Frames: " + cli.get("Frames") + "\n"));
    }

    private static void find(String text, String regex, Map<String, String> into, String... names) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertTrue(m.find(), "no line like " + regex + " in\n" + text);
        for (int i = 0; i < names.length; i++) {
            into.put(names[i], m.group(i + 1));
        }
    }
}
