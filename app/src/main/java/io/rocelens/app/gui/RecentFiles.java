package io.rocelens.app.gui;

import io.rocelens.app.gui.common.model.Preferences;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;

/** File › Open Recent: the last files opened, newest first, kept in the preferences. */
final class RecentFiles {

    private static final int MAX_RECENT = 10;

    private final Preferences preferences;
    private final Consumer<Path> open;
    private final Runnable savePreferences;
    private final Menu menu = new Menu("Open _Recent");

    /** @param open opens a file chosen in the menu (asking first about an unsaved capture) */
    RecentFiles(Preferences preferences, Consumer<Path> open, Runnable savePreferences) {
        this.preferences = preferences;
        this.open = open;
        this.savePreferences = savePreferences;
        fill();
    }

    Menu menu() {
        return menu;
    }

    /** The folder of the newest file, where File › Open starts; null for none. */
    Path lastFolder() {
        List<String> recent = preferences.getList(Preferences.RECENT_FILES);
        if (recent.isEmpty()) {
            return null;
        }
        Path folder = Path.of(recent.get(0)).getParent();
        return folder != null && folder.toFile().isDirectory() ? folder : null;
    }

    /** A file was opened: it goes to the top (not the bundled sample's temporary copy, deleted at exit). */
    void remember(Path file) {
        if (GuiLauncher.isBundledCopy(file)) {
            return;
        }
        String name = file.toAbsolutePath().normalize().toString();
        List<String> recent = new ArrayList<>(preferences.getList(Preferences.RECENT_FILES));
        recent.remove(name);
        recent.add(0, name);
        preferences.putList(Preferences.RECENT_FILES, recent.subList(0, Math.min(MAX_RECENT, recent.size())));
        fill();
        savePreferences.run();
    }

    private void fill() {
        menu.getItems().clear();
        for (String name : preferences.getList(Preferences.RECENT_FILES)) {
            // as Wireshark: a file no longer there stays listed, marked and disabled
            boolean there = Files.isRegularFile(Path.of(name));
            MenuItem recent = WindowMenus.item(there ? name : name + " (not found)", null,
                    () -> open.accept(Path.of(name)));
            recent.setMnemonicParsing(false);
            recent.setDisable(!there);
            menu.getItems().add(recent);
        }
        menu.setDisable(menu.getItems().isEmpty());
    }
}
