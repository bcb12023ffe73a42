package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * File › Merge through the real window: the open capture and another merged in time order, shown as an unsaved
 * capture (Save enabled, the close question asked), its temporary file gone once discarded.
 */
class FileMergeTest {

    private static final Path INCAST = Path.of("../sample-captures/incast.pcap").toAbsolutePath();
    private static final Path PFC_STORM = Path.of("../sample-captures/pfc-storm.pcap").toAbsolutePath();

    @TempDir
    static Path folder;

    @RegisterExtension
    final WindowOnCapture window = new WindowOnCapture(folder.resolve("config"), INCAST, frames(INCAST));

    @Test
    void theMergeShowsBothCapturesUnsavedUntilDiscarded() {
        fx(() -> {
            window.window().merging().mergeWith(PFC_STORM);
            return null;
        });
        long both = frames(INCAST) + frames(PFC_STORM);
        waitUntil(() -> window.status().contains(both + " packets in"), window::status);
        String title = fx(() -> window.stage().getTitle());
        Path merged = Path.of(System.getProperty("java.io.tmpdir"), title.substring(title.indexOf("rocelens_merged_")));
        assertTrue(Files.isRegularFile(merged), title);
        assertFalse(fx(() -> Fx.item(window.stage(), "File", "Save").isDisable()), "an unsaved capture can be saved");
        fx(() -> {
            window.window().discardCapture();
            return null;
        });
        assertFalse(Files.exists(merged), "the temporary merge is deleted when discarded");
    }

    private static int frames(Path file) {
        try (CaptureReader reader = CaptureReaders.open(file)) {
            int n = 0;
            while (reader.next() != null) {
                n++;
            }
            return n;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
