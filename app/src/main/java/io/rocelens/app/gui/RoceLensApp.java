package io.rocelens.app.gui;

import io.rocelens.app.gui.common.model.Preferences;
import javafx.application.Application;
import javafx.stage.Stage;

/** The JavaFX application: one main window, started by {@link GuiLauncher}. */
public final class RoceLensApp extends Application {

    private MainWindow window;

    @Override
    public void start(Stage stage) {
        GuiLauncher.StartOptions options = GuiLauncher.startOptions();
        window = new MainWindow(stage, Preferences.load());
        stage.show();
        if (options != null && options.correlated() != null) {
            try {
                window.openCorrelated(io.rocelens.app.gui.stats.journey.model.CorrelationRequest.of(
                        options.correlated(), io.rocelens.app.gui.stats.journey.model.CorrelationRequest.ClockMode
                                .ESTIMATED, null, null, window.dissectorOptions()), options.displayFilter(),
                        options.goToFrame());
            } catch (IllegalArgumentException wrong) {
                io.rocelens.app.gui.common.Dialogs.error(stage, "The captures cannot be correlated",
                        wrong.getMessage());
            }
        } else if (options != null) {
            window.open(options.file(), options.displayFilter(), options.goToFrame());
        }
    }

    @Override
    public void stop() {
        if (window != null) {
            window.shutdown();
        }
    }
}
