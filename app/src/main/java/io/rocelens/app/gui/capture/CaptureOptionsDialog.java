package io.rocelens.app.gui.capture;

import io.rocelens.analysis.Formats;
import io.rocelens.app.gui.capture.model.InterfaceRates;
import io.rocelens.app.gui.common.Dialogs;
import io.rocelens.app.gui.common.NumberSpinner;
import io.rocelens.app.gui.common.model.LatestWins;
import io.rocelens.live.CaptureException;
import io.rocelens.live.CaptureInterface;
import io.rocelens.live.CaptureOptions;
import io.rocelens.live.CaptureOutput;
import io.rocelens.live.LiveCapture;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Polyline;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import javafx.util.Duration;

/**
 * Capture › Options, as Wireshark's: the interfaces with a sparkline of each one's packet rate, the capture filter
 * checked by libpcap as it is typed (green or red, libpcap's message), snap length, promiscuous mode, buffer, the
 * stop conditions and where the capture goes (a temporary file, a named file, or a ring buffer). Start gives the
 * options; nothing else starts a capture from here.
 */
public final class CaptureOptionsDialog {

    private static final String WHOLE = "Whole frames";
    private static final String HEADERS = "Headers only (" + CaptureOptions.HEADERS_SNAPLEN + " bytes)";
    private static final double SPARK_WIDTH = 110;
    private static final double SPARK_HEIGHT = 18;

    private final Dialog<CaptureOptions> dialog = new Dialog<>();
    private final TableView<CaptureInterface> interfaces = new TableView<>();
    private final InterfaceRates rates = new InterfaceRates();
    private final IntegerProperty samples = new SimpleIntegerProperty();
    private final TextField filter = new TextField();
    private final Label filterMessage = new Label();
    private final ComboBox<String> snaplen = new ComboBox<>();
    private final CheckBox promiscuous = new CheckBox("Promiscuous mode");
    private final Spinner<Integer> buffer = NumberSpinner.of(1, CaptureOptions.MAX_BUFFER_MIB, 16);
    private final CheckBox stopPackets = new CheckBox("after");
    private final TextField packets = number("1000");
    private final CheckBox stopSeconds = new CheckBox("after");
    private final TextField seconds = number("10");
    private final CheckBox stopKilobytes = new CheckBox("after");
    private final TextField kilobytes = number("100000");
    private final ToggleGroup outputs = new ToggleGroup();
    private final RadioButton temporary = new RadioButton("Temporary file (save it after the capture)");
    private final RadioButton named = new RadioButton("File:");
    private final RadioButton ring = new RadioButton("Ring buffer:");
    private final TextField namedPath = new TextField();
    private final TextField ringPath = new TextField();
    private final TextField ringFiles = number("10");
    private final TextField ringMegabytes = number("100");
    private final Label problem = new Label();
    private final Timeline sampler;
    /** libpcap checks the filter as it is typed, on a thread of its own: the latest text wins. */
    private final LatestWins filterChecks;
    /** The interfaces' counters, read from /sys once a second on a thread of its own. */
    private final LatestWins sampling;
    private boolean filterGood = true;
    /** The text the last finished check was of ({@link #filterGood} is about it), or null before the first. */
    private String checkedFilter;

    private CaptureOptionsDialog(Window owner, List<CaptureInterface> found, CaptureOptions last,
                                 LatestWins filterChecks, LatestWins sampling) {
        this.filterChecks = filterChecks;
        this.sampling = sampling;
        Dialogs.ownedBy(dialog, owner);
        dialog.setTitle("Capture Options");
        dialog.setHeaderText(null);
        dialog.setResizable(true);
        dialog.getDialogPane().setId("capture-options");
        dialog.getDialogPane().getStylesheets().add(Dialogs.STYLESHEET);
        if (owner != null && owner.getScene() != null) {
            // the window's font size and theme
            dialog.getDialogPane().setStyle(owner.getScene().getRoot().getStyle());
            dialog.getDialogPane().getStyleClass().addAll(owner.getScene().getRoot().getStyleClass()
                    .filtered(c -> c.equals("dark")));
        }

        interfaces.setId("capture-interfaces");
        interfaces.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        interfaces.getColumns().add(textColumn("Interface", 110, CaptureInterface::name));
        TableColumn<CaptureInterface, String> traffic = textColumn("Traffic", SPARK_WIDTH + 70, device -> "");
        traffic.setCellFactory(column -> new SparklineCell());
        interfaces.getColumns().add(traffic);
        interfaces.getColumns().add(textColumn("Flags", 130, CaptureInterface::flags));
        interfaces.getColumns().add(textColumn("Addresses", 220, device -> String.join(", ", device.addresses())));
        interfaces.getColumns().add(textColumn("Description", 160,
                device -> device.description() == null ? "" : device.description()));
        interfaces.getItems().setAll(found);
        interfaces.setPrefHeight(190);
        for (String name : last.interfaces()) {
            found.stream().filter(device -> device.name().equals(name)).findFirst()
                    .ifPresent(device -> interfaces.getSelectionModel().select(device));
        }

        filter.setId("capture-filter");
        filter.setPromptText("libpcap syntax; empty captures everything");
        filter.textProperty().addListener((seen, old, text) -> checkFilter(text));
        filterMessage.setId("capture-filter-message");
        filterMessage.setWrapText(true);
        Button defaultFilter = new Button("RoCE and PFC");
        defaultFilter.setId("capture-filter-default");
        defaultFilter.setOnAction(e -> filter.setText(CaptureOptions.DEFAULT_FILTER));
        Button mirrorFilter = new Button("Mirrored (ERSPAN, GRE, VXLAN)");
        mirrorFilter.setId("capture-filter-mirror");
        mirrorFilter.setTooltip(new Tooltip("For a port that receives a switch's mirror session or an overlay: RoCE and"
                + " PFC, and every GRE, ERSPAN and VXLAN frame (rocelens capture --mirror)"));
        mirrorFilter.setOnAction(e -> filter.setText(CaptureOptions.MIRROR_FILTER));
        HBox.setHgrow(filter, Priority.ALWAYS);

        snaplen.setId("capture-snaplen");
        snaplen.getItems().setAll(WHOLE, HEADERS);
        snaplen.setValue(last.snaplen() == CaptureOptions.HEADERS_SNAPLEN ? HEADERS : WHOLE);
        promiscuous.setId("capture-promiscuous");
        promiscuous.setSelected(last.promiscuous());
        buffer.setId("capture-buffer");
        buffer.getValueFactory().setValue(Math.max(1, last.bufferBytes() >> 20));
        buffer.setPrefWidth(90);

        stopPackets.setId("stop-packets");
        packets.setId("stop-packets-count");
        stopSeconds.setId("stop-seconds");
        seconds.setId("stop-seconds-count");
        stopKilobytes.setId("stop-kilobytes");
        kilobytes.setId("stop-kilobytes-count");
        limit(stopPackets, packets, last.maxPackets(), 1);
        limit(stopSeconds, seconds, last.maxDurationNanos(), 1_000_000_000L);
        limit(stopKilobytes, kilobytes, last.maxBytes(), 1000);

        temporary.setId("output-temporary");
        named.setId("output-file");
        ring.setId("output-ring");
        namedPath.setId("output-file-path");
        ringPath.setId("output-ring-path");
        ringFiles.setId("output-ring-files");
        ringMegabytes.setId("output-ring-megabytes");
        for (RadioButton choice : List.of(temporary, named, ring)) {
            choice.setToggleGroup(outputs);
        }
        if (last.output() instanceof CaptureOutput.NamedFile file) {
            named.setSelected(true);
            namedPath.setText(file.path().toString());
        } else if (last.output() instanceof CaptureOutput.RingBuffer buffered) {
            ring.setSelected(true);
            ringPath.setText(buffered.path().toString());
            ringFiles.setText(Integer.toString(buffered.files()));
            ringMegabytes.setText(Long.toString(Math.max(1, buffered.fileBytes() / 1_000_000)));
        } else {
            temporary.setSelected(true);
        }

        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(6);
        int row = 0;
        grid.addRow(row++, new Label("Capture filter:"), line(filter, defaultFilter, mirrorFilter));
        grid.add(filterMessage, 1, row++);
        grid.addRow(row++, new Label("Snap length:"), line(snaplen, promiscuous, new Label("   Buffer (MiB):"), buffer));
        grid.addRow(row++, new Label("Stop:"), line(stopPackets, packets, new Label("packets  ·"),
                stopSeconds, seconds, new Label("seconds  ·"), stopKilobytes, kilobytes, new Label("kB")));
        grid.addRow(row++, new Label("Output:"), temporary);
        grid.add(line(named, namedPath, browse(namedPath)), 1, row++);
        grid.add(line(ring, ringPath, browse(ringPath), ringFiles, new Label("files of"), ringMegabytes,
                new Label("MB")), 1, row++);
        GridPane.setHgrow(filter.getParent(), Priority.ALWAYS);
        namedPath.setPrefWidth(340);
        ringPath.setPrefWidth(250);
        problem.setId("capture-options-problem");
        problem.getStyleClass().add("capture-problem");

        Label pick = new Label("Interfaces (select one, or several with Ctrl; the traffic is every frame the interface"
                + " sent or received, per second):");
        VBox content = new VBox(8, pick, interfaces, grid, problem);
        content.setPadding(new Insets(10));
        content.setPrefWidth(900);
        dialog.getDialogPane().setContent(content);

        ButtonType start = new ButtonType("Start", ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().addAll(start, ButtonType.CANCEL);
        Button startButton = (Button) dialog.getDialogPane().lookupButton(start);
        startButton.setId("capture-start");
        startButton.addEventFilter(javafx.event.ActionEvent.ACTION, event -> {
            String why = problem();
            problem.setText(why == null ? "" : why);
            if (why != null) {
                event.consume();
            }
        });
        dialog.setResultConverter(button -> button == start ? options() : null);

        filter.setText(last.filter());
        checkFilter(last.filter());
        sampler = new Timeline(new KeyFrame(Duration.seconds(1), e -> sample()));
        sampler.setCycleCount(Timeline.INDEFINITE);
        sample();
        sampler.play();
        dialog.setOnHidden(e -> sampler.stop());
    }

    /**
     * Shows the dialog; the options chosen when the user clicks Start, else empty.
     *
     * @param found        the interfaces libpcap lists (listed in the background before)
     * @param filterChecks where the capture filter is checked as it is typed
     * @param sampling     where the interfaces' packet counters are read
     */
    public static Optional<CaptureOptions> show(Window owner, List<CaptureInterface> found, CaptureOptions last,
                                                LatestWins filterChecks, LatestWins sampling) {
        CaptureOptionsDialog shown = new CaptureOptionsDialog(owner, found, last, filterChecks, sampling);
        Optional<CaptureOptions> chosen = shown.dialog.showAndWait();
        filterChecks.cancel();
        sampling.cancel();
        return chosen;
    }

    /** Has libpcap compile the filter, in the background (as Wireshark's capture filter syntax worker). */
    private void checkFilter(String text) {
        problem.setText("");
        if (!filter.getStyleClass().contains("filter-checking")) {
            filter.getStyleClass().add("filter-checking");
        }
        filterChecks.submit("The capture filter could not be checked", request -> {
            try {
                return Optional.ofNullable(LiveCapture.checkFilter(text));
            } catch (CaptureException noLibpcap) {
                return Optional.of(noLibpcap.getMessage());
            }
        }, message -> showCheck(text, message.orElse(null)));
    }

    private void showCheck(String text, String message) {
        checkedFilter = text;
        filterGood = message == null;
        filter.getStyleClass().removeAll("filter-valid", "filter-invalid", "filter-checking");
        filter.getStyleClass().add(filterGood ? "filter-valid" : "filter-invalid");
        filterMessage.setText(filterGood ? "" : message);
        problem.setText("");
    }

    /** Why Start cannot go ahead, or null. */
    private String problem() {
        // a filter still being checked goes ahead: starting the capture compiles it again and says if it is bad
        if (!filterGood && filter.getText().equals(checkedFilter)) {
            return "The capture filter is not valid: " + filterMessage.getText();
        }
        if (interfaces.getSelectionModel().getSelectedItems().isEmpty()) {
            return "Select an interface to capture on.";
        }
        if (stopPackets.isSelected() && positive(packets.getText()) < 1
                || stopSeconds.isSelected() && positive(seconds.getText()) < 1
                || stopKilobytes.isSelected() && positive(kilobytes.getText()) < 1) {
            return "A stop condition needs a whole number above 0.";
        }
        if (named.isSelected() && namedPath.getText().isBlank()) {
            return "Name the file to write, or choose a temporary file.";
        }
        if (ring.isSelected() && (ringPath.getText().isBlank() || positive(ringMegabytes.getText()) < 1
                || positive(ringFiles.getText()) < 0)) {
            return "A ring buffer needs a file name, a number of files (0 keeps them all) and a size in MB above 0.";
        }
        return null;
    }

    private CaptureOptions options() {
        List<String> names = interfaces.getSelectionModel().getSelectedItems().stream()
                .map(CaptureInterface::name).toList();
        CaptureOutput output;
        if (named.isSelected()) {
            output = new CaptureOutput.NamedFile(Path.of(namedPath.getText().strip()));
        } else if (ring.isSelected()) {
            output = new CaptureOutput.RingBuffer(Path.of(ringPath.getText().strip()),
                    (int) positive(ringFiles.getText()), positive(ringMegabytes.getText()) * 1_000_000);
        } else {
            output = new CaptureOutput.TemporaryFile();
        }
        return new CaptureOptions(names, filter.getText().strip(),
                HEADERS.equals(snaplen.getValue()) ? CaptureOptions.HEADERS_SNAPLEN : CaptureOptions.FULL_SNAPLEN,
                promiscuous.isSelected(), buffer.getValue() << 20, false,
                stopPackets.isSelected() ? positive(packets.getText()) : Long.MAX_VALUE,
                stopSeconds.isSelected() ? positive(seconds.getText()) * 1_000_000_000L : Long.MAX_VALUE,
                stopKilobytes.isSelected() ? positive(kilobytes.getText()) * 1000 : Long.MAX_VALUE, output);
    }

    /** A whole number, or -1 when the text is not one. */
    private static long positive(String text) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException notANumber) {
            return -1;
        }
    }

    private static void limit(CheckBox on, TextField value, long limit, long unit) {
        if (limit != Long.MAX_VALUE) {
            on.setSelected(true);
            value.setText(Long.toString(Math.max(1, limit / unit)));
        }
        value.disableProperty().bind(on.selectedProperty().not());
    }

    private static HBox line(javafx.scene.Node... nodes) {
        HBox line = new HBox(6, nodes);
        line.setAlignment(Pos.CENTER_LEFT);
        return line;
    }

    private static TextField number(String text) {
        TextField field = new TextField(text);
        field.setPrefColumnCount(6);
        return field;
    }

    private Button browse(TextField path) {
        Button browse = new Button("Browse…");
        browse.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Capture to file");
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("pcapng", "*.pcapng"));
            var chosen = Dialogs.save(chooser, dialog.getDialogPane().getScene().getWindow());
            if (chosen != null) {
                path.setText(chosen.getPath().endsWith(".pcapng") ? chosen.getPath() : chosen.getPath() + ".pcapng");
            }
        });
        return browse;
    }

    private void sample() {
        List<String> names = interfaces.getItems().stream().map(CaptureInterface::name).toList();
        sampling.submit("The interfaces' packet counters could not be read", request -> {
            rates.sample(names, System.nanoTime());
            return names;
        }, sampled -> {
            // the sparkline cells redraw; refreshing the table would make every cell anew under the user's mouse
            samples.set(samples.get() + 1);
        });
    }

    private static TableColumn<CaptureInterface, String> textColumn(String title, double width,
                                                                    java.util.function.Function<CaptureInterface,
                                                                            String> value) {
        TableColumn<CaptureInterface, String> column = new TableColumn<>(title);
        column.setPrefWidth(width);
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        return column;
    }

    /** The interface's packets per second over the last half minute, and the latest rate as a number. */
    private final class SparklineCell extends TableCell<CaptureInterface, String> {
        private final Polyline line = new Polyline();
        private final Label rate = new Label();
        private final HBox box;

        SparklineCell() {
            line.getStyleClass().add("sparkline");
            Pane chart = new Pane(line);
            chart.getStyleClass().add("sparkline-area");
            chart.setMinSize(SPARK_WIDTH, SPARK_HEIGHT);
            chart.setPrefSize(SPARK_WIDTH, SPARK_HEIGHT);
            chart.setMaxSize(SPARK_WIDTH, SPARK_HEIGHT);
            rate.setMinWidth(60);
            box = new HBox(6, chart, rate);
            box.setAlignment(Pos.CENTER_LEFT);
            samples.addListener(seen -> draw());
        }

        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            draw();
        }

        private void draw() {
            CaptureInterface device = isEmpty() || getTableRow() == null ? null : getTableRow().getItem();
            if (device == null) {
                setGraphic(null);
                return;
            }
            List<Double> history = rates.rates(device.name());
            double max = Math.max(1, history.stream().mapToDouble(Double::doubleValue).max().orElse(1));
            line.getPoints().clear();
            double step = SPARK_WIDTH / (InterfaceRates.HISTORY - 1);
            double x = SPARK_WIDTH - step * (history.size() - 1);
            for (double value : history) {
                line.getPoints().addAll(x, SPARK_HEIGHT - 1 - (SPARK_HEIGHT - 2) * value / max);
                x += step;
            }
            rate.setText(history.isEmpty() ? "" : String.format(Formats.DIGITS, "%.0f/s", history.get(history.size() - 1)));
            rate.setId("rate-" + device.name());
            setGraphic(box);
        }
    }
}
