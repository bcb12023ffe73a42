package io.rocelens.app.gui;

import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.Formats;
import io.rocelens.app.gui.capture.model.OpenCapture;
import io.rocelens.app.gui.common.Dialogs;
import io.rocelens.app.gui.packetlist.model.PacketListModel;
import io.rocelens.app.gui.packetlist.model.PacketTable;
import io.rocelens.app.gui.stats.StatsViews;
import io.rocelens.app.gui.stats.model.AnalysedCapture;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the window shows while one file loads: the title, the growing list, the status bar's progress, the views'
 * analysis so far, then the outcome (a notice for a damaged or cancelled file) and a selected packet.
 */
final class LoadingFile implements OpenCapture.Listener {

    private static final Logger LOG = LoggerFactory.getLogger(LoadingFile.class);

    private final MainWindow window;
    private final Path file;
    private final StatusLine status;
    private final PacketListModel packets;
    private final StatsViews stats;
    private final long opening = System.nanoTime();
    /** The frame the command line asked to select once loaded, or null. */
    private final Long frameToSelect;
    private boolean firstRows;

    LoadingFile(MainWindow window, Path file, StatusLine status, Long frameToSelect) {
        this.window = window;
        this.file = file;
        this.status = status;
        this.packets = window.packets();
        this.stats = window.stats();
        this.frameToSelect = frameToSelect;
        status.say("Loading " + file.getFileName() + " …");
        status.progress(0);
        status.loading(true);
    }

    @Override
    public void opened(Path path, PacketTable table) {
        window.stage().setTitle(MainWindow.TITLE + " — " + path.getFileName());
        window.recent().remember(path);
        window.listOpened(table);
    }

    @Override
    public void progress(double fraction, long count) {
        status.progress(fraction);
        status.say("Loading " + file.getFileName() + ": " + count + " packets");
        window.listGrew(false);
        if (!firstRows && packets.size() > 0) {
            firstRows = true;
            LOG.info("first {} packets listed {} s after opening {}", packets.size(),
                    String.format(Formats.DIGITS, "%.2f", (System.nanoTime() - opening) / 1e9), file);
        }
    }

    @Override
    public void analysis(AnalysisResult soFar) {
        window.analysisKnown(soFar, null);
        stats.loading(new AnalysedCapture(file, packets.table(), soFar, null, window.dissectorOptions(),
                System.nanoTime() - opening, null));
    }

    @Override
    public void finished(OpenCapture.Outcome ended) {
        status.loading(false);
        packets.loaded(ended.marks());
        window.analysisKnown(ended.analysis(), ended.marks());
        window.showCounts();
        String notice = ended.notice();
        status.say(notice != null ? notice : ended.file().getFileName() + ": " + ended.summary());
        status.loadTime(ended.elapsedNanos());
        stats.loaded(new AnalysedCapture(ended.file(), packets.table(), ended.analysis(), ended.marks(),
                window.dissectorOptions(), ended.elapsedNanos(), ended.problem()));
        window.correlated().attach();
        if (ended.problem() != null) {
            Dialogs.warning(window.stage(), "The file is damaged", notice);
        }
        if (frameToSelect != null) {
            window.navigation().goTo(frameToSelect);
        } else {
            window.selectSomething();
        }
    }

    @Override
    public void abandoned() {
        status.loading(false);
    }

    @Override
    public void failed(String heading, String message) {
        status.loading(false);
        status.say(message);
        Dialogs.error(window.stage(), heading, message);
        window.refreshState();
    }
}
