package io.rocelens.app.gui.stats;

import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.AnalysisResult;
import io.rocelens.app.gui.packetlist.model.IndexedCapture;
import io.rocelens.app.gui.stats.conversations.model.Conversation;
import io.rocelens.app.gui.stats.conversations.model.Conversations;
import io.rocelens.app.gui.stats.psnladder.model.PsnLadder;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.SummaryPipeline;
import io.rocelens.load.CaptureLoad;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Times the views' work on a large capture, several rounds in one JVM: making the QP conversations, sorting them,
 * and gathering and reducing the PSN ladder of the conversation with the most packets to a 1500 × 800 raster.
 * Each step is timed on the wall clock and in CPU time of this thread (which other work on a shared machine does
 * not inflate). Not a test: run by hand (see the README), one capture per run.
 */
public final class ViewsBench {

    private ViewsBench() {
    }

    private static String step(long[] wall, long[] used, int i) {
        return String.format(Locale.ROOT, "%.1f/%.1f", (wall[i] - wall[i - 1]) / 1e6, (used[i] - used[i - 1]) / 1e6);
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
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        for (int round = 1; round <= rounds; round++) {
            long[] wall = new long[5];
            long[] used = new long[5];
            wall[0] = System.nanoTime();
            used[0] = cpu.getCurrentThreadCpuTime();
            List<Conversation> conversations = Conversations.of(analysis);
            wall[1] = System.nanoTime();
            used[1] = cpu.getCurrentThreadCpuTime();
            List<Conversation> sorted = new ArrayList<>(conversations);
            sorted.sort(Comparator.comparingLong(Conversation::bytes).reversed());
            wall[2] = System.nanoTime();
            used[2] = cpu.getCurrentThreadCpuTime();
            Conversation biggest = conversations.stream().max(Comparator.comparingLong(Conversation::packets))
                    .orElseThrow();
            PsnLadder ladder = PsnLadder.of(table, biggest, analysis);
            wall[3] = System.nanoTime();
            used[3] = cpu.getCurrentThreadCpuTime();
            PsnLadder.Raster raster = ladder.raster(ladder.minTime(), ladder.maxTime() + 1, ladder.minPsn(),
                    ladder.maxPsn() + 1, 1500, 800);
            wall[4] = System.nanoTime();
            used[4] = cpu.getCurrentThreadCpuTime();
            System.out.printf(Locale.ROOT, "round %d (ms, wall/CPU): %d conversations made %s, sorted by bytes %s;"
                            + " ladder of %d packets gathered %s, reduced to %d columns %s%n", round,
                    conversations.size(), step(wall, used, 1), step(wall, used, 2), ladder.size(),
                    step(wall, used, 3), raster.width, step(wall, used, 4));
        }
    }
}
