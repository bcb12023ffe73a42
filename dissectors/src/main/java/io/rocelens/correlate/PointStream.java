package io.rocelens.correlate;

import io.rocelens.capture.CaptureOpenException;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.FrameClock;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.filter.DisplayFilter;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * The RoCE packets of one capture point, one at a time in file order, and what else it counted on the way. The
 * capture is read and dissected on a thread of its own, a batch ahead, so the points of a path are dissected side by
 * side while one thread merges them.
 */
final class PointStream implements AutoCloseable {

    private static final int BATCH = 1024;
    private static final Sighting[] END = new Sighting[0];

    private final int point;
    private final CaptureReader reader;
    private final FastDissector dissector;
    private final DisplayFilter filter;
    private final Dissector detail;
    private final FrameClock clock = new FrameClock();
    private final PacketSummary summary = new PacketSummary();
    private final BlockingQueue<Sighting[]> batches = new ArrayBlockingQueue<>(8);
    private final Thread worker;
    // written by the worker, read after the END batch was taken (the queue orders the two)
    private final long[] pfcXoff = new long[8];
    private long frames;
    private long roceFrames;
    private long pauseFrames;
    private volatile IOException failure;
    private Sighting[] current;
    private int position;
    private long handedOut;
    /** The file's size, and how far its reader has come (the last frame's offset, now and then): the progress. */
    private final long size;
    private volatile long readTo;

    /**
     * @param filter the display filter a frame must pass to be seen here, or null for every frame
     * @throws CaptureOpenException naming the file, in one line, when it cannot be opened or is not a capture
     */
    PointStream(int point, Path file, DissectorOptions options, DisplayFilter filter) throws IOException {
        this.point = point;
        try {
            this.reader = CaptureReaders.open(file);
        } catch (IOException failure) {
            throw CaptureOpenException.of(file, failure);
        }
        this.size = java.nio.file.Files.isRegularFile(file) ? java.nio.file.Files.size(file) : 0;
        this.dissector = new FastDissector(options);
        this.filter = filter;
        this.detail = filter == null ? null : new Dissector(options);
        worker = new Thread(this::readAll, "rocelens-correlate-point-" + point);
        worker.setDaemon(true);
        worker.start();
    }

    private void readAll() {
        try {
            Sighting[] batch = new Sighting[BATCH];
            int size = 0;
            Sighting sighting;
            while ((sighting = read()) != null) {
                batch[size++] = sighting;
                if (size == BATCH) {
                    batches.put(batch);
                    batch = new Sighting[BATCH];
                    size = 0;
                }
            }
            if (size > 0) {
                batches.put(Arrays.copyOf(batch, size));
            }
        } catch (IOException failed) {
            failure = failed;
        } catch (InterruptedException closed) {
            return;     // closed before its end: nobody reads on
        }
        try {
            batches.put(END);
        } catch (InterruptedException closed) {
            // closed meanwhile
        }
    }

    /** On the worker: the next RoCE frame's sighting, or null at the end of the capture or where it is damaged. */
    private Sighting read() throws IOException {
        Frame frame;
        while ((frame = reader.next()) != null) {
            frames++;
            if ((frames & 0x3FF) == 0) {
                readTo = frame.fileOffset();
            }
            summary.clear();
            dissector.summarize(frame, summary);
            clock.stamp(summary);
            Frame dissected = frame;
            if (filter != null && !filter.matches(summary, null, () -> detail.dissect(dissected))) {
                continue;
            }
            if (summary.is(PacketSummary.PFC)) {
                for (int priority = 0; priority < 8; priority++) {
                    if ((summary.pfcClassEnable & (1 << priority)) != 0 && summary.pfcTime[priority] > 0) {
                        pfcXoff[priority]++;
                    }
                }
            } else if (summary.is(PacketSummary.PAUSE)) {
                pauseFrames++;
            }
            Sighting sighting = Sighting.of(point, summary);
            if (sighting != null) {
                roceFrames++;
                return sighting;
            }
        }
        return null;
    }

    /** The next RoCE packet, or null at the end of the capture (or where it is damaged: see {@link #problem()}). */
    Sighting next() throws IOException {
        if (current == null || position == current.length) {
            if (current == END) {
                return null;
            }
            try {
                current = batches.take();
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while reading point " + point);
            }
            position = 0;
            if (current == END) {
                if (failure != null) {
                    throw failure;
                }
                return null;
            }
        }
        handedOut++;
        return current[position++];
    }

    /** The file's size in bytes (0 when it is not a regular file). */
    long size() {
        return size;
    }

    /** About how many of the file's bytes were read so far (the offset of a recent frame). */
    long readTo() {
        return readTo;
    }

    /** RoCE packets handed out so far. */
    long handedOut() {
        return handedOut;
    }

    /** The counters below are final once {@link #next()} has returned null. */
    long frames() {
        return frames;
    }

    long roceFrames() {
        return roceFrames;
    }

    /** PFC frames that paused each priority (a time above zero for it). */
    long[] pfcXoff() {
        return pfcXoff.clone();
    }

    long pauseFrames() {
        return pauseFrames;
    }

    /** Where and why reading stopped early, or null. */
    String problem() {
        return reader.problem();
    }

    @Override
    public void close() throws IOException {
        worker.interrupt();
        try {
            worker.join();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        reader.close();
    }
}
