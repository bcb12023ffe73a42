package io.rocelens.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.app.gui.model.Preferences;
import java.nio.file.Path;
import javafx.scene.control.MenuBar;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The real window, headless on Monocle: it opens with Wireshark's menus and names the open file in its title. */
@ExtendWith(ApplicationExtension.class)
class MainWindowTest {

    @TempDir
    static Path config;

    private Stage stage;
    private MainWindow window;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        window = new MainWindow(stage, Preferences.load(config));
        stage.show();
    }

    @Test
    void hasWiresharksMenus(FxRobot robot) {
        MenuBar bar = robot.lookup("#menu-bar").queryAs(MenuBar.class);
        assertEquals("File Edit View Go Capture Analyze Statistics Help",
                String.join(" ", bar.getMenus().stream().map(m -> m.getText().replace("_", "")).toList()));
        assertTrue(stage.getTitle().startsWith("RoCE Lens"));
    }
}
