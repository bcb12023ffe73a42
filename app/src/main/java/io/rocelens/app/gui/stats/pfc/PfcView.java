package io.rocelens.app.gui.stats.pfc;

import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.Cnm;
import io.rocelens.analysis.Formats;
import io.rocelens.analysis.PausedInterval;
import io.rocelens.analysis.PfcStorm;
import io.rocelens.app.gui.common.ChartColours;
import io.rocelens.app.gui.stats.StatsWindow;
import io.rocelens.app.gui.stats.Tables;
import io.rocelens.app.gui.stats.model.AnalysedCapture;
import io.rocelens.app.gui.stats.model.Axes;
import io.rocelens.app.gui.stats.model.PacketListLink;
import io.rocelens.app.gui.stats.pfc.model.PfcTimeline;
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
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;
import javafx.stage.Window;

/**
 * Statistics › PFC: a timeline of paused intervals, one row per sender MAC and priority (802.3x PAUSE on rows of
 * its own), storms shaded red, and a table per priority with XOFF/XON counts, paused time and paused share.
 * Below the PFC rows, the congestion notification of IEEE 802.1Q QCN beside it: one row per congestion point and
 * priority, a tick per CNM as high as its quantized feedback (qFb 63 the whole row), in the priority's colour.
 * Hovering an interval or a CNM shows its frames; a click selects its XOFF frame or the CNM. The link speed (which turns quanta into
 * time) can be changed here: the capture is analysed again with it.
 */
public final class PfcView extends StatsWindow {

    private static final double LABEL_WIDTH = 250;
    private static final double ROW_HEIGHT = 42;
    /** Below the rows: the time axis and a line of legend each for PFC and QCN. */
    private static final double AXIS = 60;
    private static final double RIGHT = 18;
    /** The largest quantized feedback (6 bits): a CNM's tick fills its row. */
    private static final double MAX_QFB = 63;

    private final Canvas canvas = new Canvas();
    private final TableView<PfcTimeline.PriorityLine> table = new TableView<>();
    private final TextField speed = new TextField();
    private final Label summary = new Label();
    private final Label hover = new Label(" ");
    private final Tooltip tip = new Tooltip();
    private final PacketListLink link;
    private final Reanalysis reanalysis;
    private AnalysedCapture capture;
    private PfcTimeline timeline;

    /** Analyses the capture again with other options. */
    public interface Reanalysis {
        void analyse(AnalysedCapture capture, AnalysisOptions options, java.util.function.Consumer<AnalysisResult> done,
                     java.util.function.Consumer<String> failed);
    }

    public PfcView(Window owner, PacketListLink link, Reanalysis reanalysis) {
        super(owner, "PFC", new BorderPane(), 1200, 720);
        this.link = link;
        this.reanalysis = reanalysis;
        BorderPane root = (BorderPane) stage().getScene().getRoot();

        speed.setId("pfc-link-speed");
        speed.setPrefColumnCount(7);
        speed.setOnAction(e -> applySpeed());
        Button apply = new Button("Recompute");
        apply.setId("pfc-recompute");
        apply.setOnAction(e -> applySpeed());
        summary.setId("pfc-summary");
        HBox top = new HBox(8, new Label("Link speed:"), speed, apply, summary);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(6));

        canvas.setId("pfc-timeline");
        Pane holder = canvasPane(canvas, this::draw, 120);
        canvas.setOnMouseMoved(move -> {
            PausedInterval interval = intervalAt(move.getX(), move.getY());
            Cnm cnm = interval == null ? cnmAt(move.getX(), move.getY()) : null;
            hover.setText(interval != null ? timeline.describe(interval) : cnm != null ? timeline.describe(cnm) : " ");
        });
        canvas.setOnMouseClicked(click -> {
            PausedInterval interval = intervalAt(click.getX(), click.getY());
            Cnm cnm = interval == null ? cnmAt(click.getX(), click.getY()) : null;
            if (interval != null) {
                link.selectFrame(interval.startFrame());
            } else if (cnm != null) {
                link.selectFrame(cnm.frame());
            }
        });
        Tooltip.install(canvas, tip);
        tip.textProperty().bind(hover.textProperty());

        table.setId("pfc-priorities");
        table.setPlaceholder(new Label("No PFC or PAUSE frames"));
        column("Priority", PfcTimeline.PriorityLine::priority, Object::toString);
        column("Frames", PfcTimeline.PriorityLine::frames, Object::toString);
        column("XOFF", PfcTimeline.PriorityLine::xoff, Object::toString);
        column("XON", PfcTimeline.PriorityLine::xon, Object::toString);
        column("Quanta", PfcTimeline.PriorityLine::quanta, Object::toString);
        column("Paused (µs)", line -> line.pausedNanos() / 1000,
                n -> String.format(Formats.DIGITS, "%.3f", n.doubleValue()));
        column("Paused share", PfcTimeline.PriorityLine::share,
                n -> String.format(Formats.DIGITS, "%.1f %%", 100 * n.doubleValue()));
        column("Storms", PfcTimeline.PriorityLine::storms, Object::toString);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);

        SplitPane split = new SplitPane(holder, table);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.62);
        hover.setId("pfc-hover");
        hover.setPadding(new Insets(4, 6, 6, 6));
        root.setTop(top);
        root.setCenter(split);
        root.setBottom(hover);
    }

    @Override
    protected void fill(AnalysedCapture newCapture) {
        capture = newCapture;
        show(newCapture == null ? null : newCapture.analysis());
    }

    TableView<PfcTimeline.PriorityLine> table() {
        return table;
    }

    private void show(AnalysisResult result) {
        timeline = result == null ? null : PfcTimeline.of(result);
        table.getItems().setAll(timeline == null ? List.of() : timeline.priorities());
        if (timeline != null) {
            speed.setText(speedText(timeline.linkSpeedBps()));
            long storms = result.stormCount();
            summary.setText("1 quantum = " + Formats.duration(result.options().quantaNanos(1)) + " · capture "
                    + Formats.duration(result.lastTs() - result.firstTs()) + " · "
                    + (storms == 0 ? "no storm" : storms + (storms == 1 ? " storm" : " storms"))
                    + (timeline.intervalsNotStored() > 0 ? " · " + timeline.intervalsNotStored()
                    + " intervals counted but not drawn (event cap)" : "")
                    + (result.qcnPoints().isEmpty() ? "" : " · QCN: " + result.cnmCount() + " CNMs from "
                    + result.qcnPoints().size() + (result.qcnPoints().size() == 1 ? " congestion point"
                    : " congestion points") + (result.cnmsDropped() > 0 ? " (" + result.cnmsDropped()
                    + " not drawn, event cap)" : "")));
        } else {
            summary.setText("");
        }
        draw();
    }

    private void applySpeed() {
        if (capture == null) {
            return;
        }
        long bps;
        try {
            bps = AnalysisOptions.parseLinkSpeed(speed.getText());
        } catch (IllegalArgumentException wrong) {
            summary.setText(wrong.getMessage());
            return;
        }
        summary.setText("analysing again at " + TextSummary.rate(bps) + " …");
        AnalysedCapture asked = capture;
        reanalysis.analyse(asked, asked.analysis().options().withLinkSpeed(bps), result -> {
            if (capture == asked) {
                show(result);
            }
        }, summary::setText);
    }

    /** A link speed as the option takes it: "100G", "25G", "40000M". */
    static String speedText(long bps) {
        for (String unit : new String[] {"T", "G", "M", "K"}) {
            long scale = switch (unit) {
                case "T" -> 1_000_000_000_000L;
                case "G" -> 1_000_000_000L;
                case "M" -> 1_000_000L;
                default -> 1_000L;
            };
            if (bps % scale == 0) {
                return bps / scale + unit;
            }
        }
        return Long.toString(bps);
    }

    private double x(long nanos, double width) {
        return LABEL_WIDTH + (double) (nanos - timeline.firstTs()) / Math.max(1, timeline.end() - timeline.firstTs())
                * (width - LABEL_WIDTH - RIGHT);
    }

    void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        ChartColours colours = ChartColours.of(canvas);
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        g.setFill(colours.background());
        g.fillRect(0, 0, w, h);
        if (timeline == null || timeline.rows().isEmpty() && timeline.cnmRows().isEmpty()) {
            g.setFill(colours.quietText());
            g.setFont(Font.font(14));
            g.fillText(timeline == null ? "" : "No PFC, 802.3x PAUSE or QCN frames in this capture", 20, 30);
            return;
        }
        double plotBottom = Math.min(h - AXIS, 8 + ROW_HEIGHT * (timeline.rows().size() + timeline.cnmRows().size()));
        g.setFont(Font.font(12));
        for (int r = 0; r < timeline.rows().size(); r++) {
            PfcTimeline.Row row = timeline.rows().get(r);
            double y = 8 + r * ROW_HEIGHT;
            if (y + ROW_HEIGHT > plotBottom + 1) {
                break;
            }
            g.setFill(r % 2 == 0 ? colours.stripe() : colours.background());
            g.fillRect(0, y, w, ROW_HEIGHT);
            for (PfcStorm storm : row.storms()) {
                g.setFill(colours.alarmShade());
                double from = x(storm.windowStartNanos(), w);
                double to = x(storm.windowStartNanos() + storm.windowNanos(), w);
                g.fillRect(Math.max(LABEL_WIDTH, from), y, Math.max(2, Math.min(w - RIGHT, to) - Math.max(LABEL_WIDTH, from)),
                        ROW_HEIGHT);
            }
            // the priority's colour, as in the RoCE Bandwidth view; 802.3x PAUSE (no priority) grey
            g.setFill(ChartColours.priority(row.priority()));
            for (PausedInterval interval : row.intervals()) {
                double from = x(interval.startNanos(), w);
                double to = x(interval.endNanos(), w);
                g.fillRect(from, y + 8, Math.max(2, to - from), ROW_HEIGHT - 16);
            }
            g.setFill(row.storms().isEmpty() ? colours.text() : colours.alarm());
            g.setTextAlign(TextAlignment.LEFT);
            g.setTextBaseline(VPos.TOP);
            g.fillText(row.label() + (row.storms().isEmpty() ? "" : " · STORM"), 6, y + 4);
            g.setFill(colours.quietText());
            double share = timeline.lastTs() > timeline.firstTs()
                    ? row.pausedNanos() / (timeline.lastTs() - timeline.firstTs()) : 0;
            g.fillText(String.format(Formats.DIGITS, "XOFF %d · XON %d · paused %s (%.1f %%)", row.xoff(), row.xon(),
                    Formats.duration(row.pausedNanos()), 100 * share), 6, y + 22);
        }
        for (int k = 0; k < timeline.cnmRows().size(); k++) {
            PfcTimeline.CnmRow row = timeline.cnmRows().get(k);
            int r = timeline.rows().size() + k;
            double y = 8 + r * ROW_HEIGHT;
            if (y + ROW_HEIGHT > plotBottom + 1) {
                break;
            }
            g.setFill(r % 2 == 0 ? colours.stripe() : colours.background());
            g.fillRect(0, y, w, ROW_HEIGHT);
            g.setStroke(ChartColours.priority(row.point().priority()));
            g.setLineWidth(1.5);
            double bottom = y + ROW_HEIGHT - 4;
            for (Cnm cnm : row.cnms()) {
                double x = x(cnm.timestampNanos(), w);
                g.strokeLine(x, bottom, x, bottom - Math.max(2, (ROW_HEIGHT - 8) * cnm.qfb() / MAX_QFB));
            }
            g.setLineWidth(1);
            g.setFill(colours.text());
            g.setTextAlign(TextAlignment.LEFT);
            g.setTextBaseline(VPos.TOP);
            g.fillText(row.label(), 6, y + 4);
            g.setFill(colours.quietText());
            g.fillText(row.totals(), 6, y + 22);
        }
        g.setStroke(colours.frame());
        g.strokeLine(LABEL_WIDTH, plotBottom, w - RIGHT, plotBottom);
        Axes.TimeUnit unit = Axes.timeUnit(timeline.end() - timeline.firstTs());
        List<Double> ticks = Axes.ticks(0, timeline.end() - timeline.firstTs(),
                (int) Math.max(2, (w - LABEL_WIDTH) / 110));
        double step = ticks.size() > 1 ? ticks.get(1) - ticks.get(0) : 1;
        g.setFill(colours.text());
        g.setTextAlign(TextAlignment.CENTER);
        for (double tick : ticks) {
            double x = x(timeline.firstTs() + (long) tick, w);
            g.setStroke(colours.grid());
            g.strokeLine(x, 8, x, plotBottom);
            g.fillText(unit.format(tick, step), x, plotBottom + 4);
        }
        // the legend of what is drawn: PFC bars, QCN ticks (on a line of their own) or both
        double middle = LABEL_WIDTH + (w - LABEL_WIDTH) / 2;
        double line = plotBottom + 22;
        if (!timeline.rows().isEmpty()) {
            g.fillText("time since the first packet (" + unit.name() + ") · bars: paused (XOFF … XON or expiry), "
                    + "in the priority's colour, grey for 802.3x PAUSE · red shading: storm window", middle, line);
            line += 16;
        }
        if (!timeline.cnmRows().isEmpty()) {
            g.fillText((timeline.rows().isEmpty() ? "time since the first packet (" + unit.name() + ") · " : "")
                    + "QCN: a tick per Congestion Notification Message, as high as its quantized feedback (qFb 63: the"
                    + " whole row)", middle, line);
        }
    }

    /** The interval drawn under the pointer (2 pixels of slack), or null. */
    PausedInterval intervalAt(double px, double py) {
        if (timeline == null || px < LABEL_WIDTH) {
            return null;
        }
        int r = (int) ((py - 8) / ROW_HEIGHT);
        if (py < 8 || r >= timeline.rows().size()) {
            return null;
        }
        double w = canvas.getWidth();
        double nanosPerPixel = Math.max(1, timeline.end() - timeline.firstTs()) / (w - LABEL_WIDTH - RIGHT);
        long at = timeline.firstTs() + (long) ((px - LABEL_WIDTH) * nanosPerPixel);
        return PfcTimeline.intervalAt(timeline.rows().get(r), at, (long) (2 * nanosPerPixel));
    }

    /** The CNM drawn under the pointer (2 pixels of slack), or null. */
    Cnm cnmAt(double px, double py) {
        if (timeline == null || px < LABEL_WIDTH || py < 8) {
            return null;
        }
        int k = (int) ((py - 8) / ROW_HEIGHT) - timeline.rows().size();
        if (k < 0 || k >= timeline.cnmRows().size()) {
            return null;
        }
        double w = canvas.getWidth();
        double nanosPerPixel = Math.max(1, timeline.end() - timeline.firstTs()) / (w - LABEL_WIDTH - RIGHT);
        long at = timeline.firstTs() + (long) ((px - LABEL_WIDTH) * nanosPerPixel);
        return PfcTimeline.cnmAt(timeline.cnmRows().get(k), at, (long) (2 * nanosPerPixel));
    }

    /** The pixel at the bottom of a CNM's tick, for the tests. */
    public double[] pixelOf(Cnm cnm) {
        for (int k = 0; k < timeline.cnmRows().size(); k++) {
            if (timeline.cnmRows().get(k).cnms().contains(cnm)) {
                return new double[] {x(cnm.timestampNanos(), canvas.getWidth()),
                    8 + (timeline.rows().size() + k + 1) * ROW_HEIGHT - 6};
            }
        }
        throw new IllegalArgumentException("not drawn");
    }

    /** The pixel at the middle of an interval's start, for the tests. */
    public double[] pixelOf(PausedInterval interval) {
        for (int r = 0; r < timeline.rows().size(); r++) {
            if (timeline.rows().get(r).intervals().contains(interval)) {
                return new double[] {x(interval.startNanos(), canvas.getWidth()) + 1, 8 + r * ROW_HEIGHT + ROW_HEIGHT / 2};
            }
        }
        throw new IllegalArgumentException("not drawn");
    }

    PfcTimeline timeline() {
        return timeline;
    }

    private <T> void column(String title, Function<PfcTimeline.PriorityLine, T> value, Function<T, String> format) {
        table.getColumns().add(Tables.column(title, value, format));
    }

    @Override
    protected void themeChanged() {
        draw();
    }
}
