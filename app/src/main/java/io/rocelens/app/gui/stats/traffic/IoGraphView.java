package io.rocelens.app.gui.stats.traffic;

import io.rocelens.app.gui.common.ChartColours;
import io.rocelens.app.gui.common.model.LatestWins;
import io.rocelens.app.gui.common.model.Preferences;
import io.rocelens.app.gui.stats.StatsWindow;
import io.rocelens.app.gui.stats.model.AnalysedCapture;
import io.rocelens.app.gui.stats.model.Axes;
import io.rocelens.app.gui.stats.traffic.model.IoGraph;
import io.rocelens.stats.IoStatistics;
import java.util.ArrayList;
import java.util.List;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ColorPicker;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.stage.Window;
import javafx.util.StringConverter;

/**
 * Statistics › I/O Graph, as Wireshark's: frames or bytes per interval, one line per graph, each graph a display
 * filter of its own (blank: all packets) in a colour of its own (the chart palette's until changed); the wheel zooms
 * the time axis, a drag pans it, Reset Zoom shows it all. By default all packets and
 * {@code roce.analysis.retransmission}. The numbers are tshark's {@code -z io,stat} ({@code rocelens decode -z}),
 * counted on a background thread whenever a filter, the interval or the unit changes. The graphs (enabled, colour,
 * filter) are kept in the preferences as the user leaves them, as Wireshark keeps io_graphs in its profile, and come
 * back the next time the view is made.
 */
public final class IoGraphView extends StatsWindow {

    private final LatestWins work;
    private final Preferences preferences;
    /** Writes the preferences to their file (in the background). */
    private final Runnable save;
    private final NumberAxis time = new NumberAxis();
    private final NumberAxis amount = new NumberAxis();
    private final LineChart<Number, Number> chart = new LineChart<>(time, amount);
    private final ChoiceBox<Long> interval = new ChoiceBox<>(FXCollections.observableArrayList(IoGraph.INTERVALS));
    private final ChoiceBox<String> unit = new ChoiceBox<>(FXCollections.observableArrayList("Packets", "Bytes"));
    private final VBox graphRows = new VBox(4);
    private final List<Graph> graphs = new ArrayList<>();
    private final Label status = new Label();
    private AnalysedCapture capture;
    private IoStatistics shown;
    /** Where a drag on the chart started, in seconds. */
    private double dragFrom = Double.NaN;

    /** One graph: whether it is drawn, its filter, and its colour (the palette's for its place, until changed). */
    private record Graph(CheckBox enabled, TextField filter, ColorPicker colour) {
    }

    /** The closest time zoom: one millisecond across. */
    private static final double MIN_SECONDS = 1e-3;

    /**
     * @param preferences where the graphs are kept
     * @param save        writes the preferences to their file
     */
    public IoGraphView(Window owner, LatestWins work, Preferences preferences, Runnable save) {
        super(owner, "I/O Graph", new BorderPane(), 980, 600);
        this.work = work;
        this.preferences = preferences;
        this.save = save;
        BorderPane root = (BorderPane) stage().getScene().getRoot();
        chart.setId("io-graph");
        chart.setAnimated(false);
        chart.setCreateSymbols(false);
        chart.setLegendVisible(false);
        time.setLabel("Time (s)");
        time.setForceZeroInRange(true);
        amount.setForceZeroInRange(true);

        interval.setId("io-graph-interval");
        interval.setConverter(new StringConverter<>() {
            @Override
            public String toString(Long nanos) {
                return nanos == null ? "" : IoGraph.intervalText(nanos);
            }

            @Override
            public Long fromString(String text) {
                return null;
            }
        });
        interval.setValue(IoGraph.INTERVALS.get(2));
        interval.setOnAction(e -> count());
        unit.setId("io-graph-unit");
        unit.setValue("Packets");
        unit.setOnAction(e -> draw());
        Button reset = new Button("Reset Zoom");
        reset.setId("io-graph-reset");
        reset.setOnAction(e -> resetZoom());
        Region stretch = new Region();
        HBox.setHgrow(stretch, Priority.ALWAYS);
        HBox top = new HBox(8, new Label("Interval:"), interval, new Label("Y axis:"), unit, stretch,
                new Label("wheel: zoom the time · drag: pan"), reset);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(6));

        for (IoGraph.Saved graph : savedGraphs()) {
            addGraph(graph.filter(), graph.enabled(), Color.web(graph.colour()));
        }
        Button add = new Button("Add Graph");
        add.setId("io-graph-add");
        add.setOnAction(e -> {
            addGraph("", true, ChartColours.series(graphs.size()));
            graphs.get(graphs.size() - 1).filter().requestFocus();
            keep();
        });
        status.setId("io-graph-status");
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox actions = new HBox(8, add, gap, status);
        actions.setAlignment(Pos.CENTER_LEFT);
        VBox bottom = new VBox(6, graphRows, actions);
        bottom.setPadding(new Insets(6));

        root.setTop(top);
        root.setCenter(chart);
        root.setBottom(bottom);
        zoomAndPan();
    }

    /**
     * As Wireshark's I/O graph: the wheel zooms the time axis around the pointer, a drag pans it, Reset Zoom shows the
     * whole capture again (the axis ranges itself).
     */
    private void zoomAndPan() {
        chart.setOnScroll(scroll -> {
            double delta = scroll.getDeltaY() != 0 ? scroll.getDeltaY() : scroll.getDeltaX();
            if (delta == 0 || chart.getData().isEmpty()) {
                return;
            }
            double at = timeAt(scroll.getSceneX(), scroll.getSceneY());
            double[] range = Axes.zoom(time.getLowerBound(), time.getUpperBound(), at, delta > 0 ? 0.8 : 1.25,
                    MIN_SECONDS);
            showTime(range[0], range[1]);
        });
        chart.setOnMousePressed(press -> dragFrom = timeAt(press.getSceneX(), press.getSceneY()));
        chart.setOnMouseDragged(drag -> {
            if (chart.getData().isEmpty() || Double.isNaN(dragFrom)) {
                return;
            }
            double shift = dragFrom - timeAt(drag.getSceneX(), drag.getSceneY());
            showTime(time.getLowerBound() + shift, time.getUpperBound() + shift);
        });
    }

    /** The time (s) under a point of the scene, on the time axis's scale. */
    private double timeAt(double sceneX, double sceneY) {
        double x = time.sceneToLocal(sceneX, sceneY).getX();
        return time.getValueForDisplay(x).doubleValue();
    }

    private void showTime(double from, double to) {
        time.setAutoRanging(false);
        time.setForceZeroInRange(false);
        time.setLowerBound(from);
        time.setUpperBound(to);
        time.setTickUnit(Axes.step((to - from) / 10));
    }

    /** Reset Zoom: the whole capture again. */
    public void resetZoom() {
        time.setForceZeroInRange(true);
        time.setAutoRanging(true);
    }

    /** The time axis's shown range, in seconds, for the tests. */
    public double[] timeRange() {
        return new double[] {time.getLowerBound(), time.getUpperBound()};
    }

    /** The graphs' colour pickers, in order, for the tests. */
    public List<ColorPicker> colourPickers() {
        return graphs.stream().map(Graph::colour).toList();
    }

    /** The chart, for the tests. */
    public LineChart<Number, Number> chart() {
        return chart;
    }

    /** The graphs' filter fields, in order, for the tests. */
    public List<TextField> filterFields() {
        return graphs.stream().map(Graph::filter).toList();
    }

    /** The graphs the preferences keep, or the default ones in the palette's colours when none were ever kept. */
    private List<IoGraph.Saved> savedGraphs() {
        if (preferences.hasList(Preferences.IO_GRAPHS)) {
            List<IoGraph.Saved> kept = preferences.getList(Preferences.IO_GRAPHS).stream().map(IoGraph.Saved::parse)
                    .filter(java.util.Objects::nonNull).toList();
            if (!kept.isEmpty()) {
                return kept;
            }
        }
        List<IoGraph.Saved> defaults = new ArrayList<>();
        for (String filter : IoGraph.DEFAULT_FILTERS) {
            defaults.add(new IoGraph.Saved(true, web(ChartColours.series(defaults.size())), filter));
        }
        return defaults;
    }

    /** Keeps the graphs as they are now in the preferences, and saves them. */
    private void keep() {
        preferences.putList(Preferences.IO_GRAPHS, graphs.stream().map(g -> new IoGraph.Saved(g.enabled()
                .isSelected(), web(g.colour().getValue()), g.filter().getText().strip()).line()).toList());
        save.run();
    }

    private void addGraph(String filterText, boolean on, Color shade) {
        int index = graphs.size();
        CheckBox enabled = new CheckBox();
        enabled.setSelected(on);
        enabled.setId("io-graph-enabled-" + index);
        enabled.setOnAction(e -> {
            count();
            keep();
        });
        TextField filter = new TextField(filterText);
        filter.setId("io-graph-filter-" + index);
        filter.setPromptText("all packets");
        filter.setOnAction(e -> {
            count();
            keep();
        });
        HBox.setHgrow(filter, Priority.ALWAYS);
        // changed with the picker as in Wireshark's graph table
        ColorPicker colour = new ColorPicker(shade);
        colour.setId("io-graph-colour-" + index);
        colour.setOnAction(e -> {
            draw();
            keep();
        });
        HBox row = new HBox(8, enabled, colour, new Label("Graph " + (index + 1)), filter);
        row.setAlignment(Pos.CENTER_LEFT);
        graphRows.getChildren().add(row);
        graphs.add(new Graph(enabled, filter, colour));
        if (capture != null && !filterText.isBlank()) {
            count();
        }
    }

    @Override
    protected void fill(AnalysedCapture newCapture) {
        boolean sameFile = AnalysedCapture.sameFile(capture, newCapture);
        capture = newCapture;
        if (newCapture != null && !sameFile && newCapture.table().size() > 0) {
            interval.setValue(IoGraph.autoInterval(duration(newCapture)));
        }
        count();
    }

    private static long duration(AnalysedCapture capture) {
        int rows = capture.table().size();
        return rows == 0 ? 0 : capture.table().timestampNanos(rows - 1) - capture.table().timestampNanos(0);
    }

    /** Counts every drawn graph again, in one pass over the capture. */
    private void count() {
        if (capture == null) {
            work.cancel();
            shown = null;
            chart.getData().clear();
            status.setText("");
            return;
        }
        long chosen = interval.getValue();
        long usable = IoGraph.usableInterval(chosen, duration(capture));
        List<String> filters = graphs.stream().filter(g -> g.enabled().isSelected())
                .map(g -> g.filter().getText().trim()).toList();
        AnalysedCapture from = capture;
        status.setText("counting …");
        work.submitTellingView("The I/O graph could not be counted",
                request -> IoGraph.of(from, usable, filters, () -> !request.isCurrent()), counted -> {
                    shown = counted;
                    status.setText(usable == chosen ? "" : "interval " + IoGraph.intervalText(usable)
                            + ": a shorter one would draw more points than the chart has pixels");
                    draw();
                }, status::setText);
    }

    private void draw() {
        chart.getData().clear();
        if (shown == null) {
            return;
        }
        boolean bytes = "Bytes".equals(unit.getValue());
        amount.setLabel((bytes ? "Bytes" : "Packets") + " / " + IoGraph.intervalText(shown.intervalNanos()));
        List<Graph> drawn = graphs.stream().filter(g -> g.enabled().isSelected()).toList();
        for (int column = 0; column < shown.columns() && column < drawn.size(); column++) {
            XYChart.Series<Number, Number> series = new XYChart.Series<>();
            Graph graph = drawn.get(column);
            series.setName(graph.filter().getText().isBlank() ? "All packets" : graph.filter().getText());
            for (int i = 0; i < shown.intervals(); i++) {
                series.getData().add(new XYChart.Data<>(i * shown.intervalNanos() / 1e9,
                        bytes ? shown.bytes(column, i) : shown.frames(column, i)));
            }
            chart.getData().add(series);
            series.getNode().setStyle("-fx-stroke: " + web(graph.colour().getValue()) + "; -fx-stroke-width: 2px;");
        }
    }

    private static String web(Color colour) {
        return String.format("#%02x%02x%02x", Math.round(colour.getRed() * 255), Math.round(colour.getGreen() * 255),
                Math.round(colour.getBlue() * 255));
    }
}
