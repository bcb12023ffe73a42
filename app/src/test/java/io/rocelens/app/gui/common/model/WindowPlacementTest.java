package io.rocelens.app.gui.common.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The main window's last place, saved and restored: the cases spelled out by hand, on made-up screens. */
class WindowPlacementTest {

    private static final WindowPlacement.Area FULL_HD = new WindowPlacement.Area(0, 0, 1920, 1050);
    /** A second monitor to the right of the first. */
    private static final WindowPlacement.Area RIGHT = new WindowPlacement.Area(1920, 0, 1600, 900);

    @TempDir
    Path folder;

    @Test
    void aFirstStartIsTheDefaultSizeCentred() {
        assertEquals(new WindowPlacement(320, 95, 1280, 860, false),
                WindowPlacement.restore(Preferences.load(folder), List.of(FULL_HD)));
    }

    @Test
    void onASmallScreenTheDefaultIsTheScreen() {
        WindowPlacement.Area small = new WindowPlacement.Area(0, 0, 1024, 740);
        assertEquals(new WindowPlacement(0, 0, 1024, 740, false),
                WindowPlacement.restore(Preferences.load(folder), List.of(small)));
    }

    @Test
    void whatWasSavedComesBackFromTheFile() throws IOException {
        Preferences preferences = Preferences.load(folder);
        new WindowPlacement(2000, 40.5, 1400, 820, true).saveTo(preferences);
        preferences.save();
        assertEquals(new WindowPlacement(2000, 40.5, 1400, 820, true),
                WindowPlacement.restore(Preferences.load(folder), List.of(FULL_HD, RIGHT)));
    }

    @Test
    void neverSmallerThanTheMinimum() {
        Preferences preferences = Preferences.load(folder);
        new WindowPlacement(100, 100, 200, 200, false).saveTo(preferences);
        assertEquals(new WindowPlacement(100, 100, 800, 500, false),
                WindowPlacement.restore(preferences, List.of(FULL_HD)));
    }

    @Test
    void boundsNoScreenShowsGiveTheDefaultCentred() {
        Preferences preferences = Preferences.load(folder);
        // on the right-hand monitor, which is gone
        new WindowPlacement(2000, 40, 1400, 820, true).saveTo(preferences);
        assertEquals(new WindowPlacement(320, 95, 1280, 860, true),
                WindowPlacement.restore(preferences, List.of(FULL_HD)));
        // the title bar above the top of the screen
        new WindowPlacement(100, -300, 1000, 700, false).saveTo(preferences);
        assertEquals(new WindowPlacement(320, 95, 1280, 860, false),
                WindowPlacement.restore(preferences, List.of(FULL_HD)));
    }

    @Test
    void aWindowPartlyOffItsScreenIsMovedOnAndShrunkToIt() {
        Preferences preferences = Preferences.load(folder);
        // 100 px of it on the screen, 900 past its right edge: its title bar can be reached, the rest moves in
        new WindowPlacement(1820, 500, 1000, 700, false).saveTo(preferences);
        assertEquals(new WindowPlacement(920, 350, 1000, 700, false),
                WindowPlacement.restore(preferences, List.of(FULL_HD)));
        // larger than the screen now
        new WindowPlacement(0, 0, 2500, 1400, false).saveTo(preferences);
        assertEquals(new WindowPlacement(0, 0, 1920, 1050, false),
                WindowPlacement.restore(preferences, List.of(FULL_HD)));
    }

    @Test
    void damagedEntriesGiveTheDefault() {
        Preferences preferences = Preferences.load(folder);
        preferences.put(WindowPlacement.X, "left");
        preferences.put(WindowPlacement.Y, "10");
        preferences.put(WindowPlacement.WIDTH, "NaN");
        preferences.put(WindowPlacement.HEIGHT, "-4");
        assertEquals(new WindowPlacement(320, 95, 1280, 860, false),
                WindowPlacement.restore(preferences, List.of(FULL_HD)));
    }
}
