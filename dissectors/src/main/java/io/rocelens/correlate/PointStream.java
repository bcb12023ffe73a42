package io.rocelens.correlate;

import io.rocelens.capture.CaptureOpenException;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.PacketSummary;
import java.io.IOException;
import java.nio.file.Path;

/** The RoCE packets of one capture point, one at a time in file order, and what else it counted on the way. */
final class PointStream implements AutoCloseable {

    private final int point;
    private final CaptureReader reader;
    private final FastDissector dissector;
    private final PacketSummary summary = new PacketSummary();
    private final long[] pfcXoff = new long[8];
    private long frames;
    private long roceFrames;
    private long pauseFrames;
    private long firstTime = Long.MIN_VALUE;
    private long lastTime = Long.MIN_VALUE;

    /** @throws CaptureOpenException naming the file, in one line, when it cannot be opened or is not a capture */
    PointStream(int point, Path file, DissectorOptions options) throws IOException {
        this.point = point;
        try {
            this.reader = CaptureReaders.open(file);
        } catch (IOException failure) {
            throw CaptureOpenException.of(file, failure);
        }
        this.dissector = new FastDissector(options);
    }

    /** The next RoCE packet, or null at the end of the capture (or where it is damaged: see {@link #problem()}). */
    Sighting next() throws IOException {
        Frame frame;
        while ((frame = reader.next()) != null) {
            frames++;
            summary.clear();
            dissector.summarize(frame, summary);
            if (firstTime == Long.MIN_VALUE) {
                firstTime = frame.timestampNanos();
            }
            lastTime = frame.timestampNanos();
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

    long firstTime() {
        return firstTime;
    }

    long lastTime() {
        return lastTime;
    }

    /** Where and why reading stopped early, or null. */
    String problem() {
        return reader.problem();
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
