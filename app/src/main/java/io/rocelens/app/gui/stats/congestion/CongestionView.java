package io.rocelens.app.gui.stats.congestion;

import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.DcqcnReaction;
import io.rocelens.analysis.FlowRate;
import io.rocelens.analysis.Formats;
import io.rocelens.app.gui.common.ChartColours;
import io.rocelens.app.gui.common.NumberSpinner;
import io.rocelens.app.gui.common.model.LatestWins;
import io.rocelens.app.gui.stats.RateAxis;
import io.rocelens.app.gui.stats.StatsWindow;
import io.rocelens.app.gui.stats.Tables;
import io.rocelens.app.gui.stats.congestion.model.CongestionChart;
import io.rocelens.app.gui.stats.model.AnalysedCapture;
import io.rocelens.app.gui.stats.model.Axes;
import io.rocelens.app.gui.stats.model.PacketListLink;
import io.rocelens.dissect.Timestamps;
import io.rocelens.export.TextSummary;
import java.util.List;
import java.util.function.Function;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;
import javafx.stage.Window;

/**
 * Statistics › Congestion: the rate over time of a QP that received CNPs, in the bins of {@code analyze --json}'s
 * {@code congestion}, with its CNPs marked on the time axis, and a table of every CNP's DCQCN reaction (the rate
 * before, the lowest after, the time to recover to 90 %; see docs/analysis.md). A click on a row or on a CNP's mark
 * selects the CNP's frame in the packet list and shows that reaction on the chart (the rate before and its 90 %
 * as lines, the time to recovery shaded); "Filter CNPs" filters the packet list to the QP's CNPs. The model is made
 * on the views' background thread.
 */
public final class CongestionView extends StatsWindow {

    private static final double LEFT = 92;
    private static final double RIGHT = 18;
    private static final double TOP = 14;
    private static final double BOTTOM = 44;
    private static final Color RATE = Color.web("#4e79a7");
    private static final Color CNP = Color.web("#e15759");
    /** The canvas's property with the x pixel of each CNP mark drawn, by the CNP's frame (what a click hits). */
    public static final String MARKS = "congestion-cnp-marks";

    private final PacketListLink link;
    private final LatestWins models;
    private final ComboBox<String> flow = new ComboBox<>();
    private final Spinner<Integer> beforeBins = NumberSpinner.of(1, AnalysisOptions.MAX_CNP_BEFORE_BINS,
            DcqcnReaction.DEFAULT_BEFORE_BINS);
    private AnalysedCapture capture;
    private final Canvas canvas = new Canvas();
    private final TableView<DcqcnReaction> table = new TableView<>();
    private final Label summary = new Label();
    private CongestionChart chart = CongestionChart.EMPTY;
    private DcqcnReaction chosen;
    private boolean filling;

    public CongestionView(Window owner, PacketListLink link, LatestWins models) {
        super(owner, "Congestion", new BorderPane(), 1100, 720);
        this.link = link;
        this.models = models;
        BorderPane root = (BorderPane) stage().getScene().getRoot();
        flow.setId("congestion-flow");
        flow.valueProperty().addListener(o -> {
            if (!filling) {
                chosen = null;
                showFlow();
            }
        });
        Button filter = new Button("Filter CNPs");
        filter.setId("congestion-filter");
        filter.setOnAction(e -> {
            String text = chart.cnpFilter(flow.getValue());
            if (text != null) {
                link.applyFilter(text);
            }
        });
        beforeBins.setId("congestion-before-bins");
        beforeBins.setPrefWidth(80);
        beforeBins.valueProperty().addListener(o -> {
            if (!filling && capture != null) {
                measure(capture, beforeBins.getValue());
            }
        });
        HBox top = new HBox(8, new Label("QP that received CNPs"), flow, filter,
                new Label("   Rate before a CNP over"), beforeBins, new Label("bins"));
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(6));

        canvas.setId("congestion-chart");
        Pane holder = canvasPane(canvas, this::draw, 200);
        canvas.setOnMouseClicked(click -> {
            DcqcnReaction near = nearestCnp(click.getX());
            if (near != null) {
                choose(near);
                table.getSelectionModel().select(near);
                table.scrollTo(near);
            }
        });

        table.setId("congestion-table");
        table.setPlaceholder(new Label("No CNP in the capture"));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        column("CNP frame", DcqcnReaction::cnpFrame, Object::toString);
        column("Time", DcqcnReaction::cnpTs, ts -> Formats.duration(ts - chart.firstTs()));
        column("Rate before", DcqcnReaction::beforeBps, CongestionView::rate);
        column("Lowest after", DcqcnReaction::minAfterBps, CongestionView::rate);
        column("Lowest / before", CongestionChart::minShare,
                share -> Double.isNaN(share) ? "" : String.format(Formats.DIGITS, "%.0f %%", share));
        column("Recovery to 90 %", DcqcnReaction::recoveryNanos, n -> n < 0 ? "not recovered" : Formats.duration(n));
        column("Followed until", DcqcnReaction::until, s -> s);
        table.getSelectionModel().selectedItemProperty().addListener((o, old, row) -> {
            if (row != null && row != chosen) {
                choose(row);
            }
        });
        summary.setId("congestion-summary");
        summary.setPadding(new Insets(6));

        SplitPane split = new SplitPane(holder, table);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.6);
        root.setTop(top);
        root.setCenter(split);
        root.setBottom(summary);
    }

    @Override
    protected void fill(AnalysedCapture analysed) {
        capture = analysed;
        if (analysed == null) {
            models.cancel();
            shown(CongestionChart.EMPTY);
            return;
        }
        filling = true;
        beforeBins.getValueFactory().setValue(analysed.analysis().options().cnpBeforeBins());
        filling = false;
        measure(analysed, beforeBins.getValue());
    }

    private void measure(AnalysedCapture analysed, int bins) {
        models.submit("The congestion view failed", request -> CongestionChart.of(analysed.analysis(), bins),
                this::shown);
    }

    /** A model made in the background arrived: the flows, keeping the chosen one when it is still there. */
    private void shown(CongestionChart made) {
        chart = made;
        String kept = flow.getValue();
        filling = true;
        flow.getItems().setAll(made.flows().keySet());
        flow.setValue(made.flows().containsKey(kept) ? kept : made.busiestFlow());
        filling = false;
        if (chosen != null && !made.flows().containsKey(chosen.flow())) {
            chosen = null;
        }
        showFlow();
    }

    private void showFlow() {
        List<DcqcnReaction> rows = flow.getValue() == null ? List.of() : chart.reactionsOf(flow.getValue());
        table.getItems().setAll(rows);
        long recovered = rows.stream().filter(DcqcnReaction::recovered).count();
        summary.setText(chart.flows().isEmpty() ? "No QP received a CNP in the capture"
                : String.format(Formats.DIGITS, "%d QP%s received CNPs; this one %d CNP%s, %d recovered to 90 %% of the "
                        + "rate before   (bins of %s; the rate before: %s before the CNP's)",
                chart.flows().size(), chart.flows().size() == 1 ? "" : "s", rows.size(), rows.size() == 1 ? "" : "s",
                recovered, Formats.duration(chart.widthNanos()),
                chart.beforeBins() == 1 ? "the bin" : "the " + chart.beforeBins() + " bins"));
        draw();
    }

    /** A CNP chosen on the chart or in the table: its frame in the packet list, its reaction on the chart. */
    void choose(DcqcnReaction reaction) {
        chosen = reaction;
        if (!reaction.flow().equals(flow.getValue())) {
            filling = true;
            flow.setValue(reaction.flow());
            filling = false;
            table.getItems().setAll(chart.reactionsOf(reaction.flow()));
        }
        link.selectFrame(reaction.cnpFrame());
        draw();
    }

    private static String rate(double bps) {
        return bps < 0 ? "unknown" : TextSummary.rate(bps);
    }

    private long start() {
        return chart.firstTs();
    }

    private long end() {
        return Math.max(chart.firstTs() + 1, (chart.lastBin() + 1) * chart.widthNanos());
    }

    private int plotWidth() {
        return (int) Math.max(10, canvas.getWidth() - LEFT - RIGHT);
    }

    private int plotHeight() {
        return (int) Math.max(10, canvas.getHeight() - TOP - BOTTOM);
    }

    private double x(long ts) {
        return LEFT + (double) (ts - start()) / Math.max(1, end() - start()) * plotWidth();
    }

    /** The CNP of the shown flow within 5 pixels of x, the nearest, or null. */
    private DcqcnReaction nearestCnp(double pixel) {
        DcqcnReaction nearest = null;
        double best = 5;
        for (DcqcnReaction r : table.getItems()) {
            double distance = Math.abs(x(r.cnpTs()) - pixel);
            if (distance <= best) {
                best = distance;
                nearest = r;
            }
        }
        return nearest;
    }

    void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        ChartColours colours = ChartColours.of(canvas);
        g.setFill(colours.background());
        g.fillRect(0, 0, canvas.getWidth(), canvas.getHeight());
        FlowRate rate = flow.getValue() == null ? null : chart.flows().get(flow.getValue());
        if (rate == null) {
            return;
        }
        int w = plotWidth();
        int h = plotHeight();
        double top = Math.max(1, chart.peakBps(flow.getValue())) * 1.1;
        RateAxis.draw(g, colours, LEFT, TOP, w, h, top, "rate of the QP");

        long width = chart.widthNanos();
        if (chosen != null && chosen.flow().equals(flow.getValue()) && chosen.recovered()) {
            g.setFill(Color.color(CNP.getRed(), CNP.getGreen(), CNP.getBlue(), 0.15));
            double from = x(chosen.cnpTs());
            g.fillRect(from, TOP, Math.max(1, x(chosen.cnpTs() + chosen.recoveryNanos()) - from), h);
        }
        double binPixels = (double) w / Math.max(1, (end() - start()) / (double) width);
        g.setFill(RATE);
        for (long bin = rate.firstBin(); bin < rate.firstBin() + rate.size(); bin++) {
            double bps = rate.bytesInBin(bin) * 8e9 / width;
            if (bps <= 0) {
                continue;
            }
            double x0 = Math.max(LEFT, x(bin * width));
            double y = TOP + h - bps / top * h;
            g.fillRect(x0, y, Math.max(1, binPixels - (binPixels > 4 ? 1 : 0)), TOP + h - y);
        }
        if (chosen != null && chosen.flow().equals(flow.getValue()) && chosen.beforeBps() >= 0) {
            g.setLineDashes(6, 4);
            g.setLineWidth(1.5);
            g.setStroke(colours.strong(RATE));
            double before = TOP + h - chosen.beforeBps() / top * h;
            double ninety = TOP + h - DcqcnReaction.RECOVERED_SHARE * chosen.beforeBps() / top * h;
            double from = x(chosen.cnpTs() - chosen.beforeBins() * width);
            double to = chosen.recovered() ? x(chosen.cnpTs() + chosen.recoveryNanos() + width) : LEFT + w;
            g.strokeLine(from, before, to, before);
            g.setLineDashes(2, 3);
            g.strokeLine(x(chosen.cnpTs()), ninety, to, ninety);
            g.setLineDashes();
            g.setLineWidth(1);
            g.setFill(colours.text());
            g.setTextAlign(TextAlignment.LEFT);
            g.setTextBaseline(VPos.BOTTOM);
            g.fillText("before " + TextSummary.rate(chosen.beforeBps()) + ", 90 %", Math.min(to + 4, LEFT + w - 150),
                    before - 2);
        }
        java.util.Map<Long, Double> marks = new java.util.LinkedHashMap<>();
        canvas.getProperties().put(MARKS, marks);
        for (DcqcnReaction r : table.getItems()) {
            double x = x(r.cnpTs());
            marks.put(r.cnpFrame(), x);
            boolean selected = r == chosen;
            g.setStroke(CNP);
            g.setLineWidth(selected ? 2.5 : 1.2);
            g.strokeLine(x, TOP + 8, x, TOP + h);
            g.setFill(CNP);
            g.fillPolygon(new double[] {x - 5, x + 5, x}, new double[] {TOP, TOP, TOP + 8}, 3);
        }
        g.setLineWidth(1);

        Axes.TimeUnit timeUnit = Axes.timeUnit(end() - start());
        List<Double> ticks = Axes.ticks(0, end() - start(), Math.max(2, w / 110));
        double step = ticks.size() > 1 ? ticks.get(1) - ticks.get(0) : 1;
        g.setFill(colours.text());
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.TOP);
        for (double tick : ticks) {
            double x = LEFT + tick / Math.max(1, end() - start()) * w;
            g.setStroke(colours.frame());
            g.strokeLine(x, TOP + h, x, TOP + h + 4);
            g.fillText(timeUnit.format(tick, step), x, TOP + h + 5);
        }
        g.fillText("time since the first packet (" + timeUnit.name() + "), bins of " + Formats.duration(width)
                + "; CNPs in red", LEFT + w / 2.0, TOP + h + 22);
        g.setStroke(colours.frame());
        g.strokeRect(LEFT, TOP, w, h);
    }

    private <T> void column(String title, Function<DcqcnReaction, T> value, Function<T, String> format) {
        table.getColumns().add(Tables.column(title, value, format));
    }

    @Override
    protected void themeChanged() {
        draw();
    }

    ComboBox<String> flow() {
        return flow;
    }

    TableView<DcqcnReaction> table() {
        return table;
    }

    Canvas canvas() {
        return canvas;
    }
}
