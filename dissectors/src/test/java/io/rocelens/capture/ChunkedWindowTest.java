package io.rocelens.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.testing.Samples;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file read in chunks: frames read while their user recycles the chunks behind it are the frames of the file, and
 * a chunk is read into again only once its frames are done with; without that promise frames keep their bytes.
 */
class ChunkedWindowTest {

    @TempDir
    static Path temp;
    /** The sample captures' frames, 3 times over, pcap: records of many sizes cross the small chunks' ends. */
    static Path capture;

    @BeforeAll
    static void writeCapture() throws IOException {
        capture = Samples.repeated(temp.resolve("samples.pcap"), 3);
    }

    /**
     * Each frame's bytes copied out, with its number and offset: what the file holds. With {@code recycle}, the
     * frames are held a while, as a pass holds the batches in flight, and copied when let go; the reader hears after
     * each that every frame before the oldest still held is done with.
     */
    private static List<String> copied(Path file, int chunkSize, boolean recycle) throws IOException {
        List<String> frames = new ArrayList<>();
        java.util.ArrayDeque<Frame> held = new java.util.ArrayDeque<>();
        try (CaptureReader reader = CaptureReaders.open(file, chunkSize)) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                held.add(frame);
                while (held.size() > (recycle ? 40 : 0)) {
                    Frame done = held.poll();
                    frames.add(done.number() + "@" + done.fileOffset() + " " + hex(done.data()));
                    if (recycle) {
                        reader.recycleBefore(held.peek().fileOffset());
                    }
                }
            }
            for (Frame done : held) {
                frames.add(done.number() + "@" + done.fileOffset() + " " + hex(done.data()));
            }
        }
        return frames;
    }

    private static String hex(ByteBuffer data) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < data.limit(); i++) {
            text.append(Character.forDigit(data.get(i) >> 4 & 0xF, 16)).append(Character.forDigit(data.get(i) & 0xF, 16));
        }
        return text.toString();
    }

    @Test
    void recyclingChunksGivesTheFramesOfTheFile() throws IOException {
        List<String> whole = copied(capture, ChunkedWindow.CHUNK, false);
        assertEquals(3 * Samples.FRAMES_PER_ROUND, whole.size());
        for (int chunkSize : new int[] {1500, 4096, 65536}) {
            assertEquals(whole, copied(capture, chunkSize, true), "chunks of " + chunkSize + " bytes");
        }
    }

    /**
     * The promise is what lets the reader use a chunk again: a frame held past it sees other bytes (here the test
     * breaks its own promise to see that the chunk was reused), a frame of a reader never told keeps its own.
     */
    @Test
    void aChunkIsReadIntoAgainOnlyAfterItsFramesAreDone() throws IOException {
        List<String> whole = copied(capture, ChunkedWindow.CHUNK, false);
        for (boolean recycle : new boolean[] {false, true}) {
            List<Frame> held = new ArrayList<>();
            try (CaptureReader reader = CaptureReaders.open(capture, 4096)) {
                Frame frame;
                while ((frame = reader.next()) != null) {
                    held.add(frame);
                    if (recycle) {
                        reader.recycleBefore(frame.fileOffset());
                    }
                }
            }
            long changed = 0;
            for (int i = 0; i < held.size(); i++) {
                Frame frame = held.get(i);
                changed += whole.get(i).equals(frame.number() + "@" + frame.fileOffset() + " " + hex(frame.data()))
                        ? 0 : 1;
            }
            if (recycle) {
                assertTrue(changed > held.size() / 2, changed + " of " + held.size() + " held frames changed");
            } else {
                assertEquals(0, changed);
            }
        }
    }

    /** A file that shrinks while it is read ends in a one-line I/O failure, not in frames of invented bytes. */
    @Test
    void aFileCutWhileReadFailsCleanly() throws IOException {
        Path file = temp.resolve("shrinking.pcap");
        java.nio.file.Files.copy(capture, file);
        try (CaptureReader reader = CaptureReaders.open(file, 4096)) {
            reader.next();
            try (var channel = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
                channel.truncate(channel.size() / 2);
            }
            IOException failure = org.junit.jupiter.api.Assertions.assertThrows(IOException.class, () -> {
                while (reader.next() != null) {
                    // read on until the cut
                }
            });
            assertTrue(failure.getMessage().startsWith("the file ends at byte "), failure.getMessage());
            assertFalse(failure.getMessage().contains("\n"));
        }
    }
}
