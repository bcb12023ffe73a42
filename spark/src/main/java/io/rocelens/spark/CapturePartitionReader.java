package io.rocelens.spark;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureSplit;
import io.rocelens.capture.Frame;
import io.rocelens.capture.NotACaptureException;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.PacketSummary;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the frames of one split with {@link CaptureSplit} and makes a row of the needed columns per frame that
 * passes the pushed filters. Damage ends the split where it is (the library's rule: everything before it is read)
 * and is logged with the file and offset; a file that stopped being a capture is logged and read as empty.
 */
final class CapturePartitionReader implements PartitionReader<InternalRow> {

    private static final Logger LOG = LoggerFactory.getLogger(CapturePartitionReader.class);

    private final CaptureScan.CapturePartition partition;
    private final FrameColumns.Column[] columns;
    private final boolean dissect;
    private final FastDissector dissector;
    private final FrameColumns.Cell cell = new FrameColumns.Cell();
    private final CaptureReader reader;
    private InternalRow row;

    CapturePartitionReader(CaptureScan.CapturePartition partition) {
        this.partition = partition;
        this.columns = partition.columns().stream().map(FrameColumns.BY_NAME::get)
                .toArray(FrameColumns.Column[]::new);
        boolean cooked = false;
        for (FrameColumns.Column c : columns) {
            cooked |= c.dissected();
        }
        this.dissect = cooked || partition.predicate().needsDissection();
        this.dissector = dissect ? new FastDissector(new DissectorOptions(partition.options().rocePorts())) : null;
        CaptureFiles.Split split = partition.split();
        Path file = Path.of(split.file().path());
        cell.file = FrameColumns.utf(split.file().path());
        cell.point = FrameColumns.utf(split.file().point());
        cell.pointId = split.file().pointId();
        cell.fileId = split.file().id();
        cell.splitStart = split.start();
        cell.headerBytes = partition.options().headerBytes();
        cell.analysis = partition.options().analysis();
        cell.summary = dissect ? new PacketSummary() : null;
        CaptureReader opened;
        try {
            if (partition.columns().contains("frame")) {
                cell.numberBefore = split.start() == 0 ? 0 : framesBefore(file, split.start());
            }
            opened = CaptureSplit.open(file, split.start(), split.end());
        } catch (NotACaptureException changed) {
            LOG.warn("skipped {}: not a capture ({})", file, changed.getMessage());
            opened = null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        this.reader = opened;
    }

    /** The frames of the splits before {@code start}: their records are walked, not dissected. */
    private static long framesBefore(Path file, long start) throws IOException {
        long count = 0;
        try (CaptureReader before = CaptureSplit.open(file, 0, start)) {
            while (before.next() != null) {
                count++;
            }
        }
        return count;
    }

    @Override
    public boolean next() throws IOException {
        if (reader == null) {
            return false;
        }
        FramePredicate predicate = partition.predicate();
        Frame frame;
        while ((frame = reader.next()) != null) {
            if (!predicate.passesTime(frame.timestampNanos())) {
                continue;
            }
            cell.frame = frame;
            if (dissect) {
                cell.summary.clear();
                dissector.summarize(frame, cell.summary);
                if (!predicate.passesHeaders(cell.summary)) {
                    continue;
                }
            }
            Object[] values = new Object[columns.length];
            for (int i = 0; i < values.length; i++) {
                values[i] = columns[i].value().of(cell);
            }
            row = new GenericInternalRow(values);
            return true;
        }
        if (reader.problem() != null) {
            LOG.warn("{}: {} (split from byte {})", partition.split().file().path(), reader.problem(),
                    partition.split().start());
        }
        return false;
    }

    @Override
    public InternalRow get() {
        return row;
    }

    @Override
    public void close() throws IOException {
        if (reader != null) {
            reader.close();
        }
    }
}
