package io.rocelens.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.app.gui.common.model.Preferences;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.MenuItem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** File › Open Recent as Wireshark keeps it: no temporary copy of the bundled sample, a vanished file marked. */
class RecentFilesTest {

    @TempDir
    Path folder;

    @Test
    void theBundledSamplesTemporaryCopyIsNotRemembered() throws IOException {
        Preferences preferences = Preferences.load(folder);
        RecentFiles recent = new RecentFiles(preferences, file -> { }, () -> { });
        Path capture = Files.writeString(folder.resolve("a.pcap"), "");
        recent.remember(capture);
        recent.remember(GuiLauncher.bundledSample());
        assertEquals(List.of(capture.toString()), preferences.getList(Preferences.RECENT_FILES));
        assertEquals(List.of(capture.toString()), texts(recent));
    }

    @Test
    void aFileNoLongerThereStaysListedMarkedAndDisabled() throws IOException {
        Preferences preferences = Preferences.load(folder);
        Path kept = Files.writeString(folder.resolve("kept.pcap"), "");
        Path gone = Files.writeString(folder.resolve("gone.pcap"), "");
        RecentFiles recent = new RecentFiles(preferences, file -> { }, () -> { });
        recent.remember(gone);
        recent.remember(kept);
        Files.delete(gone);
        RecentFiles later = new RecentFiles(preferences, file -> { }, () -> { });
        assertEquals(List.of(kept.toString(), gone + " (not found)"), texts(later));
        List<MenuItem> items = later.menu().getItems();
        assertFalse(items.get(0).isDisable());
        assertTrue(items.get(1).isDisable());
    }

    private static List<String> texts(RecentFiles recent) {
        return recent.menu().getItems().stream().map(MenuItem::getText).toList();
    }
}
