package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.waitUntil;

import io.rocelens.app.gui.common.model.Preferences;
import io.rocelens.app.gui.packetlist.model.FrameReadGuard;
import java.nio.file.Path;
import java.util.concurrent.TimeoutException;
import javafx.stage.Stage;
import org.controlsfx.control.StatusBar;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationAdapter;
import org.testfx.framework.junit5.ApplicationFixture;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The real main window, headless on Monocle, with a capture loaded before each test: what TestFX's
 * ApplicationExtension does (a new window per test, keys and buttons released after it), with the window made
 * here instead of by a {@code @Start} method in every test class. Register it as an instance field with
 * {@code @RegisterExtension}; test methods may take an {@link FxRobot}.
 */
final class WindowOnCapture extends FxRobot implements BeforeEachCallback, AfterEachCallback, ParameterResolver {

    private final Path config;
    private final Path capture;
    private final int frames;
    private final ApplicationAdapter application = new ApplicationAdapter(new ApplicationFixture() {
        @Override
        public void init() {
        }

        @Override
        public void start(Stage primary) {
            stage = primary;
            window = new MainWindow(primary, Preferences.load(config));
            primary.show();
        }

        @Override
        public void stop() {
        }
    });
    private Stage stage;
    private MainWindow window;

    /** The window with its preferences in CONFIG, on CAPTURE, which has FRAMES frames. */
    WindowOnCapture(Path config, Path capture, int frames) {
        this.config = config;
        this.capture = capture;
        this.frames = frames;
    }

    @Override
    public void beforeEach(ExtensionContext context) throws TimeoutException {
        FxToolkit.registerPrimaryStage();
        FxToolkit.setupApplication(() -> application);
        open(capture, frames);
    }

    @Override
    public void afterEach(ExtensionContext context) throws TimeoutException {
        FxToolkit.cleanupAfterTest(this, application);
        WaitForAsyncUtils.waitForFxEvents();
        // nothing in the test read the capture file on the JavaFX thread (the build turns the guard on)
        java.util.List<String> onFxThread = FrameReadGuard.takeViolations();
        if (!onFxThread.isEmpty()) {
            throw new AssertionError("frames read on the JavaFX thread: " + onFxThread);
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == FxRobot.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return this;
    }

    /** Opens FILE in the window and waits until all of its FRAMES frames are loaded. */
    void open(Path file, int fileFrames) throws TimeoutException {
        fx(() -> {
            window.open(file, null, null);
            return null;
        });
        waitUntil(() -> status().contains(fileFrames + " packets in"), this::status);
    }

    Stage stage() {
        return stage;
    }

    MainWindow window() {
        return window;
    }

    /** The status bar's text. */
    String status() {
        return fx(() -> ((StatusBar) stage.getScene().lookup("#status-bar")).getText());
    }

    /** Fires the menu item at the path of texts, as a click on it would. */
    void menu(String... path) {
        fx(() -> {
            Fx.item(stage, path).fire();
            return null;
        });
    }
}
