package io.rocelens.app.gui.common.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.app.gui.packetlist.model.TimeFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PreferencesTest {

    @TempDir
    Path folder;

    @Test
    void whatIsSavedIsReadBack() throws IOException {
        Preferences preferences = Preferences.load(folder);
        preferences.put(Preferences.THEME, "dark");
        preferences.put(Preferences.FONT_SIZE, "15");
        preferences.put(Preferences.TIME_FORMAT, TimeFormat.ABSOLUTE.name());
        preferences.putList(Preferences.RECENT_FILES, List.of("/a.pcap", "/b.pcapng"));
        preferences.save();

        Preferences again = Preferences.load(folder);
        assertEquals("dark", again.get(Preferences.THEME, "light"));
        assertEquals(15, again.getInt(Preferences.FONT_SIZE, 0));
        assertEquals(TimeFormat.ABSOLUTE, again.getEnum(Preferences.TIME_FORMAT, TimeFormat.SINCE_FIRST));
        assertEquals(List.of("/a.pcap", "/b.pcapng"), again.getList(Preferences.RECENT_FILES));
    }

    @Test
    void aShorterListLeavesNoOldEntries() {
        Preferences preferences = Preferences.load(folder);
        preferences.putList(Preferences.FILTER_HISTORY, List.of("a", "b", "c"));
        preferences.putList(Preferences.FILTER_HISTORY, List.of("d"));
        assertEquals(List.of("d"), preferences.getList(Preferences.FILTER_HISTORY));
        assertTrue(preferences.hasList(Preferences.FILTER_HISTORY));
        assertFalse(preferences.hasList(Preferences.COLOURING_RULES));
    }

    @Test
    void aDamagedFileGivesTheDefaults() throws IOException {
        Files.writeString(folder.resolve("preferences.properties"), "font.size=\\u12");
        Preferences preferences = Preferences.load(folder);
        assertEquals(Preferences.DEFAULT_FONT_SIZE, preferences.getInt(Preferences.FONT_SIZE,
                Preferences.DEFAULT_FONT_SIZE));
        assertEquals(TimeFormat.SINCE_FIRST, preferences.getEnum(Preferences.TIME_FORMAT, TimeFormat.SINCE_FIRST));
    }
}
