package io.rocelens.app.gui.capture.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.app.gui.common.model.Background;
import io.rocelens.app.gui.common.model.Samples;
import io.rocelens.app.gui.packetlist.model.PacketTable;
import io.rocelens.dissect.DissectorOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The session loads on the thread it is given (here the test's own), so each test sees the whole story in order. */
public class OpenCaptureTest {

    @TempDir
    Path folder;

    /** Records what the session told, in order. */
    public static class Recorder implements OpenCapture.Listener {
        public final List<String> events = new ArrayList<>();
        public PacketTable table;
        public OpenCapture.Outcome outcome;
        public String failure;

        @Override
        public void opened(Path file, PacketTable opened) {
            events.add("opened");
            table = opened;
        }

        @Override
        public void progress(double fraction, long packets) {
            if (!events.get(events.size() - 1).equals("progress")) {
                events.add("progress");
            }
        }

        @Override
        public void finished(OpenCapture.Outcome ended) {
            events.add("finished");
            outcome = ended;
        }

        @Override
        public void failed(String heading, String message) {
            events.add("failed");
            failure = heading + ": " + message;
        }
    }

    public static OpenCapture session() {
        return new OpenCapture(Background.inPlace((heading, words) -> {
            throw new AssertionError(heading + ": " + words);
        }), DissectorOptions.defaults(), AnalysisOptions.defaults());
    }

    @Test
    void loadsTheWholeFileAndSaysSo() {
        Recorder recorder = new Recorder();
        session().open(Samples.MIXED, recorder);
        assertEquals(List.of("opened", "progress", "finished"), recorder.events);
        assertEquals(Samples.MIXED_FRAMES, recorder.table.size());
        assertEquals(Samples.MIXED_FRAMES, recorder.outcome.packets());
        assertNull(recorder.outcome.notice());
        assertTrue(recorder.outcome.summary().matches("401 packets in \\d+\\.\\d\\d s"), recorder.outcome.summary());
    }

    /** Issue 21 item 3: running out of memory while loading is a dialog in the window, the rows listed kept. */
    @Test
    void runningOutOfMemoryWhileLoadingIsSaidAndTheRowsStay() {
        Recorder recorder = new Recorder() {
            private boolean thrown;

            @Override
            public void progress(double fraction, long packets) {
                super.progress(fraction, packets);
                if (!thrown) {
                    thrown = true;
                    // where the JVM throws it does not matter: any allocation of the pass may be the one
                    throw new OutOfMemoryError("GC overhead limit exceeded");
                }
            }
        };
        session().open(Samples.MIXED, recorder);
        assertEquals(List.of("opened", "progress", "failed"), recorder.events);
        assertTrue(recorder.failure.matches("Out of memory: The Java heap \\(at most [0-9]+ MiB\\) is too small for this"
                + " capture: loading stopped, and the packets read so far are kept\\. Give it more with"
                + " ROCELENS_JAVA_OPTS=-Xmx<size> \\(e\\.g\\. -Xmx8g\\) and open the file again\\."), recorder.failure);
        assertEquals(Samples.MIXED_FRAMES, recorder.table.size());
    }

    @Test
    void aFileCutShortKeepsWhatCameBeforeTheDamage() throws IOException {
        byte[] whole = Files.readAllBytes(Samples.MIXED);
        Path cut = folder.resolve("cut.pcapng");
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length / 2));
        Recorder recorder = new Recorder();
        session().open(cut, recorder);
        assertEquals("finished", recorder.events.get(recorder.events.size() - 1));
        assertNotNull(recorder.outcome.problem());
        assertTrue(recorder.outcome.packets() > 100 && recorder.outcome.packets() < Samples.MIXED_FRAMES);
        assertEquals(recorder.outcome.packets(), recorder.table.size());
        assertTrue(recorder.outcome.notice().startsWith("The file is damaged: "), recorder.outcome.notice());
    }

    @Test
    void aMissingFileOrNotACaptureIsSaidInOneLine() throws IOException {
        Recorder missing = new Recorder();
        session().open(folder.resolve("nothing.pcap"), missing);
        assertEquals(List.of("failed"), missing.events);
        assertEquals("The file could not be opened: " + folder.resolve("nothing.pcap") + ": no such file",
                missing.failure);

        Path text = Files.writeString(folder.resolve("notes.txt"), "Hello, this is text\n");
        Recorder notCapture = new Recorder();
        session().open(text, notCapture);
        assertTrue(notCapture.failure.contains("notes.txt is not a pcap or pcapng capture file"), notCapture.failure);
    }
}
