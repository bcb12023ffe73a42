package io.rocelens.app.gui;

import io.rocelens.app.gui.model.Preferences;
import io.rocelens.app.gui.model.TimeFormat;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Orientation;
import javafx.scene.Scene;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The main window, laid out as Wireshark's: menus, the display filter bar, the packet list, the details tree and
 * the bytes pane one above the other, and the status bar. It wires views to the view models; the work is theirs.
 */
final class MainWindow {

    static final String TITLE = "RoCE Lens";
    private static final Logger LOG = LoggerFactory.getLogger(MainWindow.class);
    private static final int MAX_RECENT = 10;
    private static final int MIN_FONT = 8;
    private static final int MAX_FONT = 32;

    private final Stage stage;
    private final Preferences preferences;
    private final BorderPane root = new BorderPane();
    private final DetailsView details;
    private final HexView bytes;
    private final Menu openRecent = new Menu("Open _Recent");
    private int fontSize;

    MainWindow(Stage stage, Preferences preferences) {
        this.stage = stage;
        this.preferences = preferences;
        details = new DetailsView(this::applyFilter, this::prepareFilter);
        bytes = new HexView(details::selectByte);
        details.control().getSelectionModel().selectedItemProperty().addListener((seen, old, item) -> {
            if (item != null && item.getValue() != null) {
                bytes.highlight(item.getValue().offset(), item.getValue().length());
            } else {
                bytes.highlight(0, 0);
            }
        });

        SplitPane panes = new SplitPane(details.control(), bytes.control());
        panes.setOrientation(Orientation.VERTICAL);
        root.setTop(new VBox(menus()));
        root.setCenter(panes);

        Scene scene = new Scene(root, 1280, 860);
        scene.getStylesheets().add(MainWindow.class.getResource("rocelens.css").toExternalForm());
        stage.setScene(scene);
        stage.setTitle(TITLE);
        fontSize = preferences.getInt(Preferences.FONT_SIZE, Preferences.DEFAULT_FONT_SIZE);
        applyFont();
        applyTheme(preferences.get(Preferences.THEME, "light"));
        acceptDroppedFiles(scene);
    }

    /** Opens a capture; the filter and frame come from the command line and may be null. */
    void open(Path file, String displayFilter, Long goToFrame) {
        stage.setTitle(TITLE + " — " + file.getFileName());
        rememberRecent(file);
    }

    void shutdown() {
        savePreferences();
    }

    // ---------------------------------------------------------------------------------------------- menus

    private MenuBar menus() {
        MenuBar bar = new MenuBar(fileMenu(), editMenu(), viewMenu(), goMenu(), captureMenu(), analyzeMenu(),
                statisticsMenu(), helpMenu());
        bar.setId("menu-bar");
        return bar;
    }

    private Menu fileMenu() {
        MenuItem open = item("_Open…", "Shortcut+O", this::chooseAndOpen);
        fillRecent();
        MenuItem close = item("_Close", "Shortcut+W", this::close);
        MenuItem quit = item("_Quit", "Shortcut+Q", stage::close);
        return new Menu("_File", null, open, openRecent, new SeparatorMenuItem(), close, new SeparatorMenuItem(), quit);
    }

    private Menu editMenu() {
        return new Menu("_Edit");
    }

    private Menu viewMenu() {
        Menu time = new Menu("_Time Display Format");
        ToggleGroup formats = new ToggleGroup();
        TimeFormat current = preferences.getEnum(Preferences.TIME_FORMAT, TimeFormat.SINCE_FIRST);
        for (TimeFormat format : TimeFormat.values()) {
            RadioMenuItem choice = new RadioMenuItem(format.label());
            choice.setToggleGroup(formats);
            choice.setSelected(format == current);
            choice.setOnAction(e -> preferences.put(Preferences.TIME_FORMAT, format.name()));
            time.getItems().add(choice);
        }
        Menu theme = new Menu("T_heme");
        ToggleGroup themes = new ToggleGroup();
        for (String name : List.of("light", "dark")) {
            RadioMenuItem choice = new RadioMenuItem(name.equals("light") ? "Light" : "Dark");
            choice.setToggleGroup(themes);
            choice.setSelected(name.equals(preferences.get(Preferences.THEME, "light")));
            choice.setOnAction(e -> applyTheme(name));
            theme.getItems().add(choice);
        }
        MenuItem zoomIn = item("Zoom _In", "Shortcut+Plus", () -> zoom(fontSize + 1));
        MenuItem zoomOut = item("Zoom _Out", "Shortcut+Minus", () -> zoom(fontSize - 1));
        MenuItem normal = item("_Normal Size", "Shortcut+0", () -> zoom(Preferences.DEFAULT_FONT_SIZE));
        return new Menu("_View", null, time, new SeparatorMenuItem(), theme, zoomIn, zoomOut, normal);
    }

    private Menu goMenu() {
        return new Menu("_Go");
    }

    private Menu captureMenu() {
        // Ctrl+E is kept for starting and stopping live capture, which comes with its own issue
        MenuItem start = item("_Start", "Shortcut+E", () -> { });
        start.setDisable(true);
        return new Menu("_Capture", null, start);
    }

    private Menu analyzeMenu() {
        return new Menu("_Analyze");
    }

    private Menu statisticsMenu() {
        return new Menu("_Statistics");
    }

    private Menu helpMenu() {
        MenuItem about = item("_About RoCE Lens", null, () -> Dialogs.information(stage, "RoCE Lens 0.1.0",
                "A Wireshark-style analyzer for RoCEv2 captures. The same engine runs headless: rocelens analyze,"
                        + " decode and generate."));
        return new Menu("_Help", null, about);
    }

    static MenuItem item(String text, String accelerator, Runnable action) {
        MenuItem item = new MenuItem(text);
        if (accelerator != null) {
            item.setAccelerator(KeyCombination.keyCombination(accelerator));
        }
        item.setOnAction(e -> action.run());
        return item;
    }

    // ---------------------------------------------------------------------------------------------- files

    private void chooseAndOpen() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open Capture File");
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter("Capture files (pcap, pcapng)", "*.pcap", "*.pcapng", "*.cap"),
                new FileChooser.ExtensionFilter("All files", "*"));
        List<String> recent = preferences.getList(Preferences.RECENT_FILES);
        if (!recent.isEmpty() && Path.of(recent.get(0)).getParent() != null
                && Path.of(recent.get(0)).getParent().toFile().isDirectory()) {
            chooser.setInitialDirectory(Path.of(recent.get(0)).getParent().toFile());
        }
        var chosen = chooser.showOpenDialog(stage);
        if (chosen != null) {
            open(chosen.toPath(), null, null);
        }
    }

    private void acceptDroppedFiles(Scene scene) {
        scene.setOnDragOver(event -> {
            if (event.getDragboard().hasFiles()) {
                event.acceptTransferModes(TransferMode.COPY);
            }
            event.consume();
        });
        scene.setOnDragDropped(event -> {
            boolean done = event.getDragboard().hasFiles() && !event.getDragboard().getFiles().isEmpty();
            if (done) {
                open(event.getDragboard().getFiles().get(0).toPath(), null, null);
            }
            event.setDropCompleted(done);
            event.consume();
        });
    }

    private void close() {
        stage.setTitle(TITLE);
        details.show(null);
        bytes.show(null);
    }

    private void rememberRecent(Path file) {
        String name = file.toAbsolutePath().normalize().toString();
        List<String> recent = new ArrayList<>(preferences.getList(Preferences.RECENT_FILES));
        recent.remove(name);
        recent.add(0, name);
        preferences.putList(Preferences.RECENT_FILES, recent.subList(0, Math.min(MAX_RECENT, recent.size())));
        fillRecent();
        savePreferences();
    }

    private void fillRecent() {
        openRecent.getItems().clear();
        for (String name : preferences.getList(Preferences.RECENT_FILES)) {
            openRecent.getItems().add(item(name.replace("_", "__"), null, () -> open(Path.of(name), null, null)));
        }
        openRecent.setDisable(openRecent.getItems().isEmpty());
    }

    // ---------------------------------------------------------------------------------------------- filters

    private void applyFilter(String text) {
    }

    private void prepareFilter(String text) {
    }

    // ---------------------------------------------------------------------------------------------- look

    private void zoom(int size) {
        fontSize = Math.max(MIN_FONT, Math.min(MAX_FONT, size));
        preferences.put(Preferences.FONT_SIZE, Integer.toString(fontSize));
        applyFont();
    }

    private void applyFont() {
        root.setStyle("-fx-font-size: " + fontSize + "px;");
    }

    private void applyTheme(String name) {
        preferences.put(Preferences.THEME, name);
        root.getStyleClass().remove("dark");
        if (name.equals("dark")) {
            root.getStyleClass().add("dark");
        }
    }

    private void savePreferences() {
        try {
            preferences.save();
        } catch (IOException failure) {
            LOG.warn("cannot save the preferences to {}: {}", preferences.file(), failure.toString());
        }
    }
}
