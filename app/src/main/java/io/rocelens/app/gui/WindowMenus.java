package io.rocelens.app.gui;

import io.rocelens.app.BuildInfo;
import io.rocelens.app.gui.common.Dialogs;
import io.rocelens.app.gui.common.model.Preferences;
import io.rocelens.app.gui.details.DetailsPane;
import io.rocelens.app.gui.filterbar.FilterBar;
import io.rocelens.app.gui.packetlist.ColouringRulesDialog;
import io.rocelens.app.gui.export.model.DissectionExport;
import io.rocelens.app.gui.packetlist.model.PacketListModel;
import io.rocelens.app.gui.packetlist.model.TimeFormat;
import io.rocelens.app.gui.stats.StatsViews;
import java.time.ZoneId;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCombination;
import javafx.stage.Stage;

/**
 * The menu bar, laid out as Wireshark's. Each item calls one part of the window; whether it can be used follows the
 * {@link WindowState} it is bound to.
 */
final class WindowMenus {

    /** Start and Stop both show Ctrl+E, as in Wireshark; the window handles the key (one accelerator, one item). */
    static final KeyCombination START_OR_STOP = KeyCombination.keyCombination("Shortcut+E");

    private final MainWindow window;
    private final WindowState state;
    private final Stage stage;
    private final Preferences preferences;
    private final PacketListModel packets;
    private final StatsViews stats;

    WindowMenus(MainWindow window, WindowState state, Preferences preferences, PacketListModel packets,
                StatsViews stats) {
        this.window = window;
        this.state = state;
        this.stage = window.stage();
        this.preferences = preferences;
        this.packets = packets;
        this.stats = stats;
    }

    MenuBar bar() {
        MenuBar bar = new MenuBar(fileMenu(), editMenu(), viewMenu(), goMenu(), captureMenu(), analyzeMenu(),
                statisticsMenu(), helpMenu());
        bar.setId("menu-bar");
        return bar;
    }

    private Menu fileMenu() {
        SaveAndExport files = window.files();
        MenuItem open = item("_Open…", "Shortcut+O", window.opening()::chooseAndOpen);
        MenuItem openCorrelated = item("Open Corre_lated Captures…", null, window::chooseCorrelated);
        MenuItem save = item("_Save…", "Shortcut+S", files::save);
        save.disableProperty().bind(state.capturing().or(state.unsaved().not()));
        MenuItem saveAs = item("Save _As…", "Shortcut+Shift+S", files::saveAs);
        saveAs.disableProperty().bind(state.capturing().or(state.savable().not()));
        MenuItem merge = item("_Merge…", null, window.merging()::chooseAndMerge);
        merge.disableProperty().bind(state.open().not().or(state.capturing()));
        MenuItem export = needsOpen(item("_Export Specified Packets…", null, files::export));
        MenuItem print = needsOpen(item("_Print…", "Shortcut+P", window.printing()::show));
        MenuItem close = needsOpen(item("_Close", "Shortcut+W", window::closeAsked));
        MenuItem quit = item("_Quit", "Shortcut+Q", window::quitAsked);
        DissectionExporting dissections = window.dissections();
        Menu exportDissections = new Menu("Export Packet _Dissections", null,
                needsOpen(item("As Plain _Text…", null, () -> dissections.choose(DissectionExport.Format.TEXT))),
                needsOpen(item("As _CSV…", null, () -> dissections.choose(DissectionExport.Format.CSV))),
                needsOpen(item("As _JSON…", null, () -> dissections.choose(DissectionExport.Format.JSON))));
        Menu exportStatistics = new Menu("E_xport", null, stats.exportQpCsvItem());
        return new Menu("_File", null, open, openCorrelated, window.recent().menu(), merge, new SeparatorMenuItem(),
                save, saveAs, new SeparatorMenuItem(), export, exportDissections, exportStatistics,
                new SeparatorMenuItem(), print, new SeparatorMenuItem(), close, quit);
    }

    private Menu editMenu() {
        PacketCopy copying = window.copying();
        Menu copy = new Menu("_Copy", null,
                needsOpen(item("Summary as _Text", "Shortcut+Shift+C", copying::summary)),
                needsOpen(item("Summary as _CSV", null, copying::summaryCsv)),
                needsOpen(item("As _Filter (QP conversation)", null, copying::asFilter)),
                needsOpen(item("Packet _Details as Text", null, copying::details)),
                needsOpen(item("_Bytes as Hex Dump", null, copying::bytes)));
        MenuItem find = needsOpen(item("_Find Packet…", "Shortcut+F", window.navigation()::find));
        PacketFlagging flags = window.flagging();
        MenuItem preferencesItem = item("_Preferences…", "Shortcut+Shift+P", () -> PreferencesDialog.show(stage,
                preferences, window::preferencesChanged));
        // Wireshark's items and keys
        return new Menu("_Edit", null, copy, find, new SeparatorMenuItem(),
                needsOpen(item("_Mark/Unmark Packet", "Shortcut+M", flags::toggleMark)),
                needsOpen(item("Mark All _Displayed", "Shortcut+Shift+M", () -> flags.markDisplayed(true))),
                needsOpen(item("_Unmark All Displayed", "Shortcut+Alt+M", () -> flags.markDisplayed(false))),
                needsOpen(item("Next Mar_k", "Shortcut+Shift+N", () -> flags.goToMark(1))),
                needsOpen(item("Previous M_ark", "Shortcut+Shift+B", () -> flags.goToMark(-1))),
                new SeparatorMenuItem(),
                needsOpen(item("_Ignore/Unignore Packet", "Shortcut+D", flags::toggleIgnore)),
                needsOpen(item("I_gnore All Displayed", "Shortcut+Shift+D", () -> flags.ignoreDisplayed(true))),
                needsOpen(item("U_nignore All Displayed", "Shortcut+Alt+D", () -> flags.ignoreDisplayed(false))),
                new SeparatorMenuItem(),
                needsOpen(item("Set/Unset _Time Reference", "Shortcut+T", flags::toggleTimeReference)),
                needsOpen(item("Unset All Time Reference_s", "Shortcut+Alt+T", flags::clearTimeReferences)),
                needsOpen(item("Ne_xt Time Reference", "Shortcut+Alt+N", () -> flags.goToTimeReference(1))),
                needsOpen(item("Pre_vious Time Reference", "Shortcut+Alt+B", () -> flags.goToTimeReference(-1))),
                new SeparatorMenuItem(),
                needsOpen(item("Packet C_omment…", "Shortcut+Alt+C", window.comments()::edit)),
                needsOpen(item("De_lete Packet Comments", null, window.comments()::delete)),
                needsOpen(item("D_elete All Packet Comments", null, window.comments()::deleteAll)),
                new SeparatorMenuItem(), preferencesItem);
    }

    private Menu viewMenu() {
        Menu time = new Menu("_Time Display Format");
        ToggleGroup formats = new ToggleGroup();
        for (TimeFormat format : TimeFormat.values()) {
            RadioMenuItem choice = new RadioMenuItem(format.label());
            choice.setToggleGroup(formats);
            choice.setSelected(format == packets.timeFormat());
            choice.setOnAction(e -> {
                preferences.put(Preferences.TIME_FORMAT, format.name());
                packets.setTimeFormat(format, ZoneId.systemDefault());
            });
            time.getItems().add(choice);
        }
        CheckMenuItem colourize = new CheckMenuItem("Colori_ze Packet List");
        colourize.setSelected(true);
        colourize.setOnAction(e -> packets.setColours(packets.colours(), colourize.isSelected()));
        MenuItem rules = item("_Colouring Rules…", null, () -> ColouringRulesDialog.show(stage, packets.colours(),
                window::colouringRulesChanged));
        MenuItem legend = item("Colouring _Legend", null, () -> ColouringRulesDialog.legend(stage, packets.colours()));
        Look look = window.look();
        Menu theme = new Menu("T_heme");
        ToggleGroup themes = new ToggleGroup();
        for (String name : Look.THEMES) {
            RadioMenuItem choice = new RadioMenuItem(name.equals("light") ? "Light" : "Dark");
            choice.setToggleGroup(themes);
            choice.setSelected(name.equals(look.theme()));
            choice.setOnAction(e -> look.theme(name));
            theme.getItems().add(choice);
        }
        MenuItem zoomIn = item("Zoom _In", "Shortcut+Plus", look::zoomIn);
        MenuItem zoomOut = item("Zoom _Out", "Shortcut+Minus", look::zoomOut);
        MenuItem normal = item("_Normal Size", "Shortcut+0", look::normalSize);
        MenuItem reload = needsOpen(item("_Reload", "F5", window::reload));
        return new Menu("_View", null, time, new SeparatorMenuItem(), colourize,
                needsOpen(window.conversationColouring().viewMenu()), rules, legend,
                new SeparatorMenuItem(), theme, zoomIn, zoomOut, normal, new SeparatorMenuItem(),
                window.liveCapture().autoScrollItem(), reload);
    }

    private Menu goMenu() {
        PacketNavigation go = window.navigation();
        return new Menu("_Go", null,
                needsOpen(item("_Go to Packet…", "Shortcut+G", go::askGoTo)),
                needsOpen(item("_Next Packet", "Shortcut+Down", () -> go.step(1))),
                needsOpen(item("_Previous Packet", "Shortcut+Up", () -> go.step(-1))),
                needsOpen(item("_First Packet", "Shortcut+Home", () -> go.step(-Integer.MAX_VALUE))),
                needsOpen(item("_Last Packet", "Shortcut+End", () -> go.step(Integer.MAX_VALUE))));
    }

    private Menu captureMenu() {
        LiveCaptureController capture = window.liveCapture();
        MenuItem options = item("_Options…", "Shortcut+K", capture::optionsDialog);
        MenuItem start = item("_Start", START_OR_STOP.getName(), capture::start);
        start.disableProperty().bind(state.capturing());
        MenuItem stop = item("S_top", START_OR_STOP.getName(), capture::stop);
        stop.disableProperty().bind(state.capturing().not());
        MenuItem restart = item("_Restart", "Shortcut+R", capture::restart);
        restart.disableProperty().bind(state.capturing().not());
        return new Menu("_Capture", null, options, start, stop, restart);
    }

    private Menu analyzeMenu() {
        DetailsPane details = window.details();
        FilterBar filterBar = window.filterBar();
        MenuItem apply = needsOpen(item("_Apply as Filter", "Shortcut+Shift+A", () -> {
            if (details.selected() != null) {
                filterBar.applyNow(details.selected().filter());
            }
        }));
        MenuItem prepare = needsOpen(item("_Prepare as Filter", "Shortcut+Shift+R", () -> {
            if (details.selected() != null) {
                filterBar.prepare(details.selected().filter());
            }
        }));
        MenuItem focus = item("Display _Filter", "Shortcut+Slash", filterBar::focus);
        return new Menu("_Analyze", null, focus, apply, prepare, new SeparatorMenuItem(),
                item("_Decode As…", "Shortcut+Shift+U", window::decodeAs), new SeparatorMenuItem(), stats.expertItem());
    }

    private Menu statisticsMenu() {
        Menu menu = new Menu("_Statistics");
        menu.getItems().addAll(stats.statisticsItems());
        return menu;
    }

    private Menu helpMenu() {
        MenuItem keys = item("_Keyboard Shortcuts", null, () -> Dialogs.information(stage, "Keyboard shortcuts",
                "Ctrl+O open · Ctrl+W close · Ctrl+Q quit · F5 reload · Ctrl+G go to packet · Ctrl+F find ·"
                        + " Ctrl+/ display filter · Ctrl+↑/↓ previous/next packet · Ctrl+Home/End first/last ·"
                        + " Ctrl+Shift+C copy summary · Ctrl+M mark · Ctrl+Shift+N/B next/previous mark · Ctrl+D ignore ·"
                        + " Ctrl+T time reference · Ctrl+Alt+C packet comment · Ctrl++/- zoom · Ctrl+K capture options ·"
                        + " Ctrl+E start or stop capturing · Ctrl+R restart · Ctrl+S save · Ctrl+P print ·"
                        + " Ctrl+Space reset colorization"));
        MenuItem about = item("_About RoCE Lens", null, () -> Dialogs.information(stage,
                new BuildInfo().getVersion()[0], "A Wireshark-style analyzer for RoCEv2 captures. The same engine runs"
                        + " headless: rocelens analyze, decode and generate."));
        return new Menu("_Help", null, keys, about);
    }

    static MenuItem item(String text, String accelerator, Runnable action) {
        MenuItem item = new MenuItem(text);
        if (accelerator != null) {
            item.setAccelerator(KeyCombination.keyCombination(accelerator));
        }
        item.setOnAction(e -> action.run());
        return item;
    }

    /** An item that acts on the open capture's packets. */
    private MenuItem needsOpen(MenuItem item) {
        item.disableProperty().bind(state.open().not());
        return item;
    }
}
