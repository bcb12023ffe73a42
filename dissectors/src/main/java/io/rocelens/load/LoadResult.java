package io.rocelens.load;

import io.rocelens.analysis.AnalysisResult;
import java.util.List;

/**
 * What loading found.
 *
 * @param files         one entry per file, in the order given
 * @param analysis      the analysis of every frame read, files merged
 * @param packets       frames read over all files
 * @param cancelled     loading was cancelled: the rest is what was read before
 * @param elapsedNanos  wall-clock time of the whole load
 * @param snapshots     analyses handed over while loading ({@link CaptureLoad.Options#snapshots()})
 * @param snapshotNanos CPU time the loading thread spent making them
 */
public record LoadResult(List<FileRead> files, AnalysisResult analysis, long packets, boolean cancelled,
                         long elapsedNanos, int snapshots, long snapshotNanos) {
}
