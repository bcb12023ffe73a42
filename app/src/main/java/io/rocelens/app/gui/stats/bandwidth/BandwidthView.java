package io.rocelens.app.gui.stats.bandwidth;

import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.Formats;
import io.rocelens.analysis.PausedInterval;
import io.rocelens.app.gui.common.ChartColours;
import io.rocelens.app.gui.common.Dialogs;
import io.rocelens.app.gui.common.model.Preferences;
import io.rocelens.app.gui.stats.Png;
import io.rocelens.app.gui.stats.RateAxis;
import io.rocelens.app.gui.stats.StatsWindow;
import io.rocelens.app.gui.stats.Tables;
import io.rocelens.app.gui.stats.bandwidth.model.BandwidthChart;
import io.rocelens.app.gui.stats.model.AnalysedCapture;
import io.rocelens.app.gui.stats.model.Axes;
import io.rocelens.app.gui.stats.model.PacketListLink;
import io.rocelens.capture.OverwriteCheck;
import io.rocelens.export.TextSummary;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.TextAlignment;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import javafx.util.StringConverter;

/**
 * Statistics › RoCE Bandwidth: RoCE throughput over time stacked by priority, in bins of a chosen width, the share
 * per priority beside the configured ETS shares (kept in the preferences as typed), and optionally the paused
 * intervals shaded on the same time axis.
 * Dragging across the chart filters the packet list to that time range. The chart exports as PNG, its numbers as
 * the CSV of {@code rocelens analyze --priority-csv}.
 */
public final class BandwidthView extends StatsWindow {

    private static final double LEFT = 92;
    private static final double RIGHT = 18;
    private static final double TOP = 14;
    private static final double BOTTOM = 44;

    private final Canvas canvas = new Canvas();
    private final ComboBox<Long> width = new ComboBox<>();
    /** The ETS field's prompt when the capture has no DCBX ETS shares to show there. */
    private static final String TYPED_PROMPT = "e.g. 3=60,0=40 (%)";
    private final TextField ets = new TextField();
    private final CheckBox paused = new CheckBox("Show paused intervals");
    private final Label note = new Label();
    private final FlowPane legend = new FlowPane(12, 4);
    private final TableView<BandwidthChart.ShareLine> shares = new TableView<>();
    private final PacketListLink link;
    private final Preferences preferences;
    private AnalysedCapture capture;
    private BandwidthChart chart;
    private double brushFrom = Double.NaN;
    private double brushTo = Double.NaN;

    public BandwidthView(Window owner, PacketListLink link, Preferences preferences) {
        super(owner, "RoCE Bandwidth", new BorderPane(), 1200, 720);
        this.link = link;
        this.preferences = preferences;
        BorderPane root = (BorderPane) stage().getScene().getRoot();

        width.setId("bandwidth-bin-width");
        width.setConverter(new StringConverter<>() {
            @Override
            public String toString(Long nanos) {
                return nanos == null ? "" : Formats.duration(nanos);
            }

            @Override
            public Long fromString(String text) {
                return null;
            }
        });
        width.setOnAction(e -> {
            if (capture != null && width.getValue() != null) {
                chart = BandwidthChart.of(capture.analysis(), width.getValue());
                draw();
            }
        });
        ets.setId("bandwidth-ets");
        ets.setPromptText(TYPED_PROMPT);
        ets.setPrefColumnCount(16);
        ets.setText(preferences.get(Preferences.ETS_SHARES, ""));
        ets.setOnAction(e -> {
            if (ets.getText().isBlank() || configuredShares() != null) {
                preferences.put(Preferences.ETS_SHARES, ets.getText().strip());
            }
            showShares();
        });
        paused.setId("bandwidth-paused");
        paused.setOnAction(e -> draw());
        Button png = new Button("Export PNG…");
        png.setOnAction(e -> choose("PNG image", "*.png", "-bandwidth.png", this::exportPng));
        Button csv = new Button("Export CSV…");
        csv.setOnAction(e -> choose("CSV", "*.csv", "-priorities.csv", this::exportCsv));
        HBox top = new HBox(8, new Label("Bin width:"), width, new Label("ETS shares:"), ets, paused, png, csv);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(6));
        note.setId("bandwidth-note");
        legend.setPadding(new Insets(0, 6, 4, 6));

        canvas.setId("bandwidth-chart");
        Pane holder = canvasPane(canvas, this::draw, 150);
        brushing();

        shares.setId("bandwidth-shares");
        shares.setPlaceholder(new Label("No RoCE traffic"));
        column("Priority", BandwidthChart.ShareLine::priority, Object::toString);
        column("Packets", BandwidthChart.ShareLine::packets, Object::toString);
        column("Bytes", BandwidthChart.ShareLine::bytes, Object::toString);
        column("Share", BandwidthChart.ShareLine::sharePercent, n -> String.format(Formats.DIGITS, "%.1f %%", n));
        column("Average rate", BandwidthChart.ShareLine::averageBps, TextSummary::rate);
        column("ETS share", BandwidthChart.ShareLine::configured,
                n -> Double.isNaN(n) ? "" : String.format(Formats.DIGITS, "%.1f %%", n));
        column("Deviation", BandwidthChart.ShareLine::deviation,
                n -> Double.isNaN(n) ? "" : String.format(Formats.DIGITS, "%+.1f points", n));
        shares.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);

        SplitPane split = new SplitPane(holder, shares);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.68);
        root.setTop(new VBox(top, legend));
        root.setCenter(split);
        note.setPadding(new Insets(4, 6, 6, 6));
        root.setBottom(note);
    }

    @Override
    protected void fill(AnalysedCapture newCapture) {
        capture = newCapture;
        chart = newCapture == null ? null : BandwidthChart.of(newCapture.analysis());
        width.getItems().setAll(newCapture == null ? List.of() : BandwidthChart.widths(newCapture.analysis()));
        if (chart != null) {
            if (!width.getItems().contains(chart.widthNanos())) {
                width.getItems().add(chart.widthNanos());
                width.getItems().sort(null);
            }
            width.setValue(chart.widthNanos());
            double[] configured = newCapture.analysis().options().etsShares();
            if (configured != null && ets.getText().isBlank()) {
                ets.setText(etsText(configured));
            }
        }
        // no shares typed in: the capture's own DCBX ETS Configuration, as the analysis takes it
        double[] fromCapture = chart == null ? null : chart.sharesFromCapture();
        ets.setPromptText(fromCapture != null ? etsText(fromCapture) + " (DCBX)" : TYPED_PROMPT);
        legend.getChildren().clear();
        if (chart != null) {
            for (int p : chart.priorities()) {
                HBox key = new HBox(4, new Rectangle(12, 12, ChartColours.priority(p)), new Label("priority " + p));
                key.setAlignment(Pos.CENTER_LEFT);
                legend.getChildren().add(key);
            }
        }
        note.setText((fromCapture != null ? "ETS shares from the capture: " + chart.sharesFromCaptureSource()
                + "; shares typed in replace them. " : "")
                + "Drag across the chart to filter the packet list to that time.");
        showShares();
    }

    BandwidthChart chart() {
        return chart;
    }

    private static String etsText(double[] configured) {
        StringBuilder text = new StringBuilder();
        for (int p = 0; p < configured.length; p++) {
            if (!Double.isNaN(configured[p])) {
                text.append(text.length() == 0 ? "" : ",").append(p).append('=')
                        .append(String.format(Formats.DIGITS, "%.0f", configured[p]));
            }
        }
        return text.toString();
    }

    /**
     * The typed ETS shares; none typed: the capture's DCBX ETS shares when it has them (as {@code analyze} takes
     * them), else null; null (with a note) when not readable.
     */
    private double[] configuredShares() {
        if (ets.getText().isBlank()) {
            return chart == null ? null : chart.sharesFromCapture();
        }
        try {
            return AnalysisOptions.parseEts(ets.getText());
        } catch (IllegalArgumentException wrong) {
            note.setText(wrong.getMessage());
            return null;
        }
    }

    private void showShares() {
        shares.getItems().setAll(chart == null ? List.of() : chart.shares(configuredShares()));
        draw();
    }

    private int plotWidth() {
        return (int) Math.max(1, canvas.getWidth() - LEFT - RIGHT);
    }

    private int plotHeight() {
        return (int) Math.max(1, canvas.getHeight() - TOP - BOTTOM);
    }

    /** The time axis covers the whole capture and every bin. */
    private long start() {
        long first = capture.analysis().firstTs();
        return chart.bins().size() == 0 ? first : Math.min(first, chart.bins().startNanos(0));
    }

    private long end() {
        long last = capture.analysis().lastTs();
        return chart.bins().size() == 0 ? last
                : Math.max(last, chart.bins().startNanos(chart.bins().size() - 1) + chart.widthNanos());
    }

    /** The pixel of a time given as nanoseconds since the first frame (a double holds those exactly). */
    private double x(double sinceFirst) {
        return LEFT + (sinceFirst - (start() - capture.analysis().firstTs())) / Math.max(1, end() - start()) * plotWidth();
    }

    void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        ChartColours colours = ChartColours.of(canvas);
        g.setFill(colours.background());
        g.fillRect(0, 0, canvas.getWidth(), canvas.getHeight());
        if (chart == null) {
            return;
        }
        int w = plotWidth();
        int h = plotHeight();
        double[] configured = configuredShares();
        double peak = chart.peakBps();
        if (configured != null) {
            for (double share : configured) {
                if (!Double.isNaN(share)) {
                    peak = Math.max(peak, share / 100 * capture.analysis().options().linkSpeedBps());
                }
            }
        }
        double top = peak <= 0 ? 1 : peak * 1.08;
        RateAxis.draw(g, colours, LEFT, TOP, w, h, top, "RoCE throughput");

        if (paused.isSelected()) {
            for (PausedInterval interval : capture.analysis().pausedIntervals()) {
                Color colour = ChartColours.priority(interval.priority());
                g.setFill(Color.color(colour.getRed(), colour.getGreen(), colour.getBlue(), 0.22));
                long since = interval.startNanos() - capture.analysis().firstTs();
                double from = Math.max(LEFT, x(since));
                double to = Math.min(LEFT + w, x(since + interval.durationNanos()));
                if (to > from - 1) {
                    g.fillRect(from, TOP, Math.max(1.5, to - from), h);
                }
            }
        }
        double binPixels = (double) w / Math.max(1, chart.bins().size());
        for (int bin = 0; bin < chart.bins().size(); bin++) {
            double x0 = x(chart.bins().startNanos(bin) - capture.analysis().firstTs());
            double stacked = 0;
            for (int p : chart.priorities()) {
                double bps = chart.bps(bin, p);
                if (bps <= 0) {
                    continue;
                }
                double y1 = TOP + h - (stacked + bps) / top * h;
                double y0 = TOP + h - stacked / top * h;
                g.setFill(ChartColours.priority(p));
                g.fillRect(x0, y1, Math.max(1, binPixels - (binPixels > 4 ? 1 : 0)), y0 - y1);
                stacked += bps;
            }
        }
        if (configured != null) {
            g.setLineDashes(6, 4);
            g.setLineWidth(1.5);
            g.setTextAlign(TextAlignment.LEFT);
            g.setTextBaseline(VPos.BOTTOM);
            int labels = 0;
            for (int p = 0; p < 8; p++) {
                if (!Double.isNaN(configured[p]) && configured[p] > 0) {
                    double rate = configured[p] / 100 * capture.analysis().options().linkSpeedBps();
                    double y = TOP + h - rate / top * h;
                    g.setStroke(colours.strong(ChartColours.priority(p)));
                    g.strokeLine(LEFT, y, LEFT + w, y);
                    g.setFill(colours.strong(ChartColours.priority(p)));
                    g.fillText(String.format(Formats.DIGITS, "ETS priority %d: %.0f %% of %s", p, configured[p],
                            TextSummary.rate(capture.analysis().options().linkSpeedBps())), LEFT + 6 + 260 * labels++,
                            y - 2);
                }
            }
            g.setLineDashes();
            g.setLineWidth(1);
        }
        long origin = capture.analysis().firstTs();
        Axes.TimeUnit timeUnit = Axes.timeUnit(end() - start());
        List<Double> ticks = Axes.ticks(start() - origin, end() - origin, Math.max(2, w / 110));
        double step = ticks.size() > 1 ? ticks.get(1) - ticks.get(0) : 1;
        g.setFill(colours.text());
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.TOP);
        for (double tick : ticks) {
            double x = x(tick);
            g.setStroke(colours.frame());
            g.strokeLine(x, TOP + h, x, TOP + h + 4);
            g.fillText(timeUnit.format(tick, step), x, TOP + h + 5);
        }
        g.fillText("time since the first packet (" + timeUnit.name() + "), bins of "
                + Formats.duration(chart.widthNanos()), LEFT + w / 2.0, TOP + h + 22);
        g.setStroke(colours.frame());
        g.strokeRect(LEFT, TOP, w, h);
        if (!Double.isNaN(brushFrom)) {
            g.setFill(colours.selection());
            g.fillRect(Math.min(brushFrom, brushTo), TOP, Math.abs(brushTo - brushFrom), h);
        }
    }

    private void brushing() {
        canvas.setOnMousePressed(press -> {
            brushFrom = Math.max(LEFT, Math.min(LEFT + plotWidth(), press.getX()));
            brushTo = brushFrom;
        });
        canvas.setOnMouseDragged(drag -> {
            brushTo = Math.max(LEFT, Math.min(LEFT + plotWidth(), drag.getX()));
            draw();
        });
        canvas.setOnMouseReleased(release -> {
            if (chart != null && Math.abs(brushTo - brushFrom) >= 3) {
                brushed(time(Math.min(brushFrom, brushTo)), time(Math.max(brushFrom, brushTo)));
            }
            brushFrom = Double.NaN;
            brushTo = Double.NaN;
            draw();
        });
    }

    private long time(double pixel) {
        return start() + (long) ((pixel - LEFT) / plotWidth() * (end() - start()));
    }

    /** A time range was brushed: filter the packet list to its frames. */
    void brushed(long from, long to) {
        String filter = BandwidthChart.filterForTimes(capture.table(), from, to);
        long origin = capture.analysis().firstTs();
        String range = Formats.duration(from - origin) + " to " + Formats.duration(to - origin);
        if (filter == null) {
            note.setText("No packet from " + range + ".");
            return;
        }
        note.setText("Packets from " + range + ": " + filter);
        link.applyFilter(filter);
    }

    private void choose(String kind, String pattern, String suffix, Export export) {
        if (capture == null) {
            return;
        }
        FileChooser chooser = new FileChooser();
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind, pattern));
        chooser.setInitialFileName(capture.file().getFileName().toString().replaceFirst("\\.[^.]*$", "") + suffix);
        var chosen = Dialogs.save(chooser, stage());
        if (chosen == null) {
            return;
        }
        try {
            OverwriteCheck.check(chosen.toPath(), java.util.List.of(capture.file()));
            export.write(chosen.toPath());
            note.setText("Exported to " + chosen);
        } catch (IOException failure) {
            note.setText("Cannot write " + chosen + ": " + failure.getMessage());
        }
    }

    interface Export {
        void write(Path file) throws IOException;
    }

    /** The chart with its legend of priorities above it, on the chart's background, as the window shows them. */
    public void exportPng(Path file) throws IOException {
        javafx.scene.SnapshotParameters background = new javafx.scene.SnapshotParameters();
        background.setFill(ChartColours.of(canvas).background());
        Png.write(Png.stacked(legend.snapshot(background, null), canvas.snapshot(null, null),
                ChartColours.of(canvas).background()), file);
    }

    void exportCsv(Path file) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            chart.csv(out);
        }
    }

    private <T> void column(String title, Function<BandwidthChart.ShareLine, T> value, Function<T, String> format) {
        shares.getColumns().add(Tables.column(title, value, format));
    }

    @Override
    protected void themeChanged() {
        draw();
    }
}
