package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.live.CaptureOptions;
import io.rocelens.live.CaptureOutput;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeoutException;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.stage.Window;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 21 item 1 in the window: Export Specified Packets, Save As and a capture into a named file, aimed at the
 * open capture under another name (a hard link, a symbolic link), say so in a dialog and leave the file as it was.
 */
class OverwriteOpenCaptureTest {

    @TempDir
    static Path folder;

    private static Path open;
    private static byte[] before;

    @BeforeAll
    static void copyTheSample() throws IOException {
        open = Files.copy(Path.of("../sample-captures/mixed.pcapng"), folder.resolve("open.pcapng"));
        before = Files.readAllBytes(open);
    }

    @RegisterExtension
    final WindowOnCapture window = new WindowOnCapture(folder.resolve("config"), folder.resolve("open.pcapng"), 401);

    @Test
    void exportOntoAHardLinkOfTheOpenCaptureIsRefused() throws IOException, TimeoutException {
        Path hardLink = Files.createLink(folder.resolve("hard.pcapng"), open);
        try {
            fx(() -> {
                window.window().exportTo(hardLink);
                return null;
            });
            assertEquals(hardLink + " is the capture open in this window (" + open + "): writing there would destroy"
                    + " it. Choose another file name; nothing was written.", dismissDialog());
            assertArrayEquals(before, Files.readAllBytes(open));
        } finally {
            Files.delete(hardLink);
        }
    }

    @Test
    void saveAsOntoASymbolicLinkOfTheOpenCaptureIsRefused() throws IOException, TimeoutException {
        Path symbolic = Files.createSymbolicLink(folder.resolve("soft.pcapng"), open);
        try {
            assertFalse(fx(() -> window.window().saveTo(symbolic)));
            assertTrue(dismissDialog().startsWith(symbolic + " is the capture open in this window"));
            assertTrue(Files.isSymbolicLink(symbolic));
            assertArrayEquals(before, Files.readAllBytes(open));
        } finally {
            Files.delete(symbolic);
        }
    }

    @Test
    void aCaptureIntoTheOpenCaptureIsRefusedBeforeItStarts() throws IOException, TimeoutException {
        CaptureOptions options = CaptureOptions.of(List.of("lo")).withOutput(new CaptureOutput.NamedFile(open));
        fx(() -> {
            window.window().startCapture(options);
            return null;
        });
        assertTrue(dismissDialog().startsWith(open + " is the capture open in this window"));
        assertArrayEquals(before, Files.readAllBytes(open));
    }

    @Test
    void theStatisticsCsvIsNotWrittenOverTheOpenCaptureEither() throws IOException {
        Path hardLink = Files.createLink(folder.resolve("qps.csv"), open);
        try {
            IOException refused = fx(() -> {
                try {
                    window.window().stats().exportQpCsv(hardLink);
                    return null;
                } catch (IOException expected) {
                    return expected;
                }
            });
            assertTrue(refused != null && refused.getMessage().contains("is the capture being read"),
                    String.valueOf(refused));
            assertArrayEquals(before, Files.readAllBytes(open));
        } finally {
            Files.delete(hardLink);
        }
    }

    /** Waits for the message box, closes it and returns its text. */
    private static String dismissDialog() throws TimeoutException {
        waitUntil(() -> messageBox() != null);
        return fx(() -> {
            DialogPane pane = messageBox();
            String text = ((Label) pane.getContent()).getText();
            ((Button) pane.lookupButton(ButtonType.OK)).fire();
            return text;
        });
    }

    private static DialogPane messageBox() {
        for (Window shown : Window.getWindows()) {
            if (shown.getScene() != null && shown.getScene().lookup("#message-dialog") instanceof DialogPane pane) {
                return pane;
            }
        }
        return null;
    }
}
