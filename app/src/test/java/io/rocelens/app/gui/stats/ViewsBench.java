package io.rocelens.app.gui.stats;

import io.rocelens.app.gui.model.IndexedCapture;
import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.AnalysisResult;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.SummaryPipeline;
import io.rocelens.load.CaptureLoad;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Times the views' work on a large capture, several rounds in one JVM: making the QP conversations, sorting them,
 * and gathering and reducing the PSN ladder of the conversation with the most packets to a 1500 × 800 raster.
 * Not a test: run by hand (see the README), one capture per run.
 */
public final class ViewsBench {

    private ViewsBench() {
    }

    public static void main(String[] args) throws Exception {
        Path capture = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        AnalysisResult analysis;
        IndexedCapture table;
        long loadStart = System.nanoTime();
        try (CaptureLoad load = CaptureLoad.open(List.of(capture), new CaptureLoad.Options(AnalysisOptions.defaults(),
                true, Long.MAX_VALUE), SummaryPipeline.forThisMachine(DissectorOptions.defaults()),
                CaptureLoad.Listener.NONE)) {
            analysis = load.run().analysis();
            table = new IndexedCapture(load.index(), null);
        }
        System.out.printf(Locale.ROOT, "%s: %d packets, %d flows, loaded in %.2f s%n", capture, analysis.packets(),
                analysis.flows().size(), (System.nanoTime() - loadStart) / 1e9);
        for (int round = 1; round <= rounds; round++) {
            long t0 = System.nanoTime();
            List<Conversation> conversations = Conversations.of(analysis);
            long t1 = System.nanoTime();
            List<Conversation> sorted = new ArrayList<>(conversations);
            sorted.sort(Comparator.comparingLong(Conversation::bytes).reversed());
            long t2 = System.nanoTime();
            Conversation biggest = conversations.stream().max(Comparator.comparingLong(Conversation::packets))
                    .orElseThrow();
            PsnLadder ladder = PsnLadder.of(table, biggest, analysis);
            long t3 = System.nanoTime();
            PsnLadder.Raster raster = ladder.raster(ladder.minTime(), ladder.maxTime() + 1, ladder.minPsn(),
                    ladder.maxPsn() + 1, 1500, 800);
            long t4 = System.nanoTime();
            System.out.printf(Locale.ROOT, "round %d: %d conversations made in %.1f ms, sorted by bytes in %.1f ms;"
                            + " ladder of %d packets gathered in %.1f ms, reduced to %d columns in %.1f ms%n", round,
                    conversations.size(), (t1 - t0) / 1e6, (t2 - t1) / 1e6, ladder.size(), (t3 - t2) / 1e6,
                    raster.width, (t4 - t3) / 1e6);
        }
    }
}
