package io.rocelens.app.gui.stats.model;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.analysis.AnalysisResult;
import io.rocelens.app.gui.packetlist.model.PacketTable;
import io.rocelens.dissect.DissectorOptions;
import java.nio.file.Path;

/**
 * The loaded capture the statistics views show: its file, its packet index and frames, and the analysis the
 * loading pass made with the user's preferences (the same engine and options as {@code rocelens analyze}).
 *
 * @param marks   the analysis marks of the whole capture (the roce.analysis.* filters) once it is loaded, or null
 *                while it loads: a view whose filters need them then makes its own
 * @param problem where reading stopped early, or null when the file was read to its end
 */
public record AnalysedCapture(Path file, PacketTable table, AnalysisResult analysis, AnalysisMarks marks,
                              DissectorOptions dissectorOptions, long elapsedNanos, String problem) {

    /**
     * True when {@code next} is the same file as {@code shown} again (a refresh while loading or capturing), so a view
     * keeps what the user set on it (the display filter limit, the interval); false for another file or none.
     */
    public static boolean sameFile(AnalysedCapture shown, AnalysedCapture next) {
        return shown != null && next != null && shown.file().equals(next.file());
    }
}
