package io.rocelens.app.gui.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.rocelens.app.gui.packetlist.model.IndexedCapture;
import io.rocelens.app.gui.stats.conversations.model.Conversations;
import io.rocelens.app.gui.stats.model.AnalysedCapture;
import io.rocelens.capture.CaptureFile;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FilterException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * "Limit to display filter" analyses the displayed packets alone, read again from the file: the conversations'
 * rows are those of {@code rocelens analyze -Y FILTER --qp-csv} for the same filter.
 */
class LimitToDisplayFilterTest {

    @TempDir
    Path folder;

    @ParameterizedTest
    @ValueSource(strings = {"bth.dqpn == 0x55 || bth.dqpn == 0x44", "ip.addr == 10.0.0.1", "frame.number <= 200"})
    void theLimitedConversationsAreAnalyzeYs(String text) throws IOException, FilterException {
        Samples.Loaded loaded = Samples.load(Samples.MIXED);
        DisplayFilter filter = DisplayFilter.compile(text);
        List<Integer> passed = new ArrayList<>();
        PacketSummary summary = new PacketSummary();
        for (int row = 0; row < loaded.index().size(); row++) {
            loaded.index().fill(row, summary);
            if (filter.matches(summary, null, () -> {
                throw new AssertionError("the packet list filters these on the index");
            })) {
                passed.add(row);
            }
        }
        String ours;
        try (CaptureFile file = CaptureFile.open(Samples.MIXED)) {
            AnalysedCapture capture = new AnalysedCapture(Samples.MIXED, new IndexedCapture(loaded.index(), file::frameAt), loaded.analysis(), null,
                    DissectorOptions.defaults(), 0, null);
            ours = Conversations.csv(Conversations.of(StatsViews.analyse(capture,
                    passed.stream().mapToInt(Integer::intValue).toArray(), loaded.analysis().options())));
        }
        Path cliCsv = folder.resolve("limited.csv");
        Samples.cli("analyze", "-Y", text, "--qp-csv", cliCsv.toString(), Samples.MIXED.toString());
        List<String> cli = new ArrayList<>(List.of(Files.readString(cliCsv).split("\r\n")));
        List<String> limited = new ArrayList<>(List.of(ours.split("\r\n")));
        cli.sort(null);
        limited.sort(null);
        assertEquals(cli, limited);
    }
}
