package io.rocelens.app.gui.stats.psnladder;

import io.rocelens.analysis.Formats;
import io.rocelens.app.gui.common.ChartColours;
import io.rocelens.app.gui.stats.StatsWindow;
import io.rocelens.app.gui.stats.conversations.model.Conversation;
import io.rocelens.app.gui.stats.model.AnalysedCapture;
import io.rocelens.app.gui.stats.model.Axes;
import io.rocelens.app.gui.stats.model.PacketListLink;
import io.rocelens.app.gui.stats.psnladder.model.PsnLadder;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;
import javafx.stage.Window;

/**
 * Statistics › PSN Ladder: time → PSN of the conversation selected in QP Conversations, both directions, drawn on
 * one canvas from the ladder's per-pixel-column reduction (never one node per packet). The wheel zooms around the
 * pointer (with Shift only the time axis), a drag pans, a click selects the nearest packet's frame in the packet
 * list, and Fit shows everything again.
 */
public final class PsnLadderView extends StatsWindow {

    private static final double LEFT = 96;
    private static final double RIGHT = 18;
    private static final double TOP = 14;
    private static final double BOTTOM = 44;
    /** The closest zoom: four PSNs tall, and 100 ns wide (capture clocks tick in nanoseconds at best). */
    private static final double MIN_PSNS = 4;
    private static final double MIN_NANOS = 100;
    /**
     * The half-size of an event's mark (a NAK's diamond, a gap's triangle, a retransmission's ring), in pixels, at
     * every zoom: 13 pixels across, where a packet is 3.
     */
    static final double EVENT = 6;
    /** A CNP's tick on the time axis, in pixels. */
    private static final double CNP_TICK = 12;
    private static final String[] KIND_NAMES = {"requests", "READ responses", "ACKs", "NAKs", "RNR NAKs", "CNPs"};
    /** Colours per series (kind × 2 + direction): A → B first, then B → A. */
    private static final Color[] COLOURS = {
            Color.web("#1f5fbf"), Color.web("#00a3b8"),   // requests
            Color.web("#b07be0"), Color.web("#7b2fbf"),   // READ responses
            Color.web("#8fd18f"), Color.web("#2a9a2a"),   // ACKs
            Color.web("#ff4040"), Color.web("#c00000"),   // NAKs
            Color.web("#ff8ad8"), Color.web("#d0209a"),   // RNR NAKs
            Color.web("#ff9a1f"), Color.web("#e06a00")};  // CNPs

    private final Canvas canvas = new Canvas();
    private final Label title = new Label("Select a conversation in Statistics › QP Conversations");
    private final Label hover = new Label(" ");
    private final FlowPane legend = new FlowPane(12, 4);
    private final PacketListLink link;
    private PsnLadder ladder;
    private double t0;
    private double t1;
    private double p0;
    private double p1;
    private double pressX;
    private double pressY;
    private double lastX;
    private double lastY;

    public PsnLadderView(Window owner, PacketListLink link) {
        super(owner, "PSN Ladder", new BorderPane(), 1200, 700);
        this.link = link;
        BorderPane root = (BorderPane) stage().getScene().getRoot();
        canvas.setId("psn-ladder");
        Pane holder = canvasPane(canvas, this::draw, 150);
        interact();

        Button fit = new Button("Fit");
        fit.setOnAction(e -> fit());
        title.setId("ladder-title");
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox top = new HBox(10, title, gap, new Label("wheel: zoom (Shift: time only) · drag: pan · click: select"), fit);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(6));
        legend.setPadding(new Insets(0, 6, 4, 6));
        hover.setId("ladder-hover");
        hover.setPadding(new Insets(4, 6, 6, 6));
        root.setTop(new javafx.scene.layout.VBox(top, legend));
        root.setCenter(holder);
        root.setBottom(hover);
    }

    @Override
    protected void fill(AnalysedCapture capture) {
        if (capture == null) {
            show((PsnLadder) null);
        }
    }

    /** Says that a conversation's ladder is being gathered. */
    public void building(Conversation conversation) {
        ladder = null;
        legend.getChildren().clear();
        title.setText("Gathering the packets of " + conversation.addressA() + " ⇄ " + conversation.addressB() + " …");
        draw();
    }

    public void failed(String message) {
        title.setText(message);
    }

    /** Shows a conversation's ladder (null: none). */
    public void show(PsnLadder shown) {
        ladder = shown;
        legend.getChildren().clear();
        if (ladder == null) {
            title.setText("Select a conversation in Statistics › QP Conversations");
        } else {
            Conversation c = ladder.conversation();
            title.setText("A " + c.addressA() + " QP " + Conversation.qpText(c.qpA()) + "  ⇄  B " + c.addressB()
                    + " QP " + Conversation.qpText(c.qpB()) + " · " + ladder.size() + " packets");
            for (int kind = 0; kind < PsnLadder.KINDS; kind++) {
                for (int direction = 0; direction < 2; direction++) {
                    long count = ladder.count(kind, direction);
                    if (count > 0) {
                        legend.getChildren().add(key(COLOURS[kind * 2 + direction], (direction == 0 ? "A → B " : "B → A ")
                                + KIND_NAMES[kind] + " (" + count + ")"));
                    }
                }
            }
            long gaps = ladder.marked(PsnLadder.GAP);
            long retransmissions = ladder.marked(PsnLadder.RETRANSMISSION);
            if (gaps > 0) {
                legend.getChildren().add(new Label("▲ PSN gap (" + gaps + ")"));
            }
            if (retransmissions > 0) {
                legend.getChildren().add(new Label("○ retransmission (" + retransmissions + ")"));
            }
            if (ladder.count(PsnLadder.NAK, 0) + ladder.count(PsnLadder.NAK, 1) + ladder.count(PsnLadder.RNR_NAK, 0)
                    + ladder.count(PsnLadder.RNR_NAK, 1) > 0) {
                legend.getChildren().add(new Label("◆ NAK, RNR NAK"));
            }
        }
        fit();
    }

    private static HBox key(Color colour, String text) {
        Rectangle swatch = new Rectangle(12, 12, colour);
        HBox key = new HBox(4, swatch, new Label(text));
        key.setAlignment(Pos.CENTER_LEFT);
        return key;
    }

    private void fit() {
        if (ladder == null || ladder.size() == 0) {
            t0 = 0;
            t1 = 1;
            p0 = 0;
            p1 = 1;
        } else {
            double span = Math.max(1000, ladder.maxTime() - ladder.minTime());
            t0 = ladder.minTime() - span * 0.02;
            t1 = ladder.maxTime() + span * 0.02;
            double psns = Math.max(4, ladder.maxPsn() - ladder.minPsn());
            p0 = ladder.minPsn() - psns * 0.04;
            p1 = ladder.maxPsn() + psns * 0.04;
        }
        draw();
    }

    private int plotWidth() {
        return (int) Math.max(1, canvas.getWidth() - LEFT - RIGHT);
    }

    private int plotHeight() {
        return (int) Math.max(1, canvas.getHeight() - TOP - BOTTOM);
    }

    /** Draws the window [t0, t1] × [p0, p1]: axes, then each series' column ranges, then marks. */
    void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        ChartColours colours = ChartColours.of(canvas);
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        g.setFill(colours.background());
        g.fillRect(0, 0, w, h);
        int width = plotWidth();
        int height = plotHeight();
        axes(g, width, height, colours);
        if (ladder == null) {
            return;
        }
        PsnLadder.Raster raster = ladder.raster(t0, t1, p0, p1, width, height);
        // the packets first (3 px a column), the events over them at a size of their own whatever the zoom: at Fit a
        // NAK, a gap or a CNP among thousands of packets would otherwise be one more 3-pixel dash
        for (int kind = 0; kind < PsnLadder.NAK; kind++) {
            for (int direction = 0; direction < 2; direction++) {
                int series = kind * 2 + direction;
                g.setFill(COLOURS[series]);
                int[] top = raster.top[series];
                int[] bottom = raster.bottom[series];
                for (int x = 0; x < width; x++) {
                    if (top[x] >= 0) {
                        g.fillRect(LEFT + x - 1, TOP + top[x] - 1, 3, bottom[x] - top[x] + 3);
                    }
                }
            }
        }
        for (int x = 0; x < width; x++) {
            if (raster.gap[x] > 0) {
                // under the packet that jumped ahead, pointing at it
                double y = TOP + raster.gap[x] - 1;
                g.setFill(colours.alarm());
                g.fillPolygon(new double[] {LEFT + x - EVENT, LEFT + x + EVENT, LEFT + x},
                        new double[] {y + 2 * EVENT + 2, y + 2 * EVENT + 2, y + 2}, 3);
            }
            if (raster.retransmission[x] > 0) {
                g.setLineWidth(2);
                g.setStroke(colours.mark());
                g.strokeOval(LEFT + x - EVENT, TOP + raster.retransmission[x] - 1 - EVENT, 2 * EVENT, 2 * EVENT);
            }
        }
        for (int kind = PsnLadder.NAK; kind <= PsnLadder.RNR_NAK; kind++) {
            for (int direction = 0; direction < 2; direction++) {
                int series = kind * 2 + direction;
                int[] top = raster.top[series];
                int[] bottom = raster.bottom[series];
                for (int x = 0; x < width; x++) {
                    if (top[x] >= 0) {
                        diamond(g, LEFT + x, TOP + top[x], COLOURS[series], colours.background());
                        if (bottom[x] - top[x] > EVENT) {
                            diamond(g, LEFT + x, TOP + bottom[x], COLOURS[series], colours.background());
                        }
                    }
                }
            }
        }
        for (int x = 0; x < width; x++) {
            for (int direction = 0; direction < 2; direction++) {
                if (raster.cnp[direction][x]) {
                    // CNPs carry no PSN of the ladder: ticks on the time axis, A → B below, B → A above it
                    g.setFill(COLOURS[PsnLadder.CNP * 2 + direction]);
                    double base = TOP + height - (direction == 0 ? CNP_TICK : 2 * CNP_TICK + 2);
                    g.fillRect(LEFT + x - 1.5, base, 3, CNP_TICK);
                }
            }
        }
    }

    /** A NAK's mark: a diamond {@link #EVENT} pixels from its centre to each corner, outlined apart from others. */
    private static void diamond(GraphicsContext g, double x, double y, Color fill, Color outline) {
        double[] xs = {x, x + EVENT, x, x - EVENT};
        double[] ys = {y - EVENT, y, y + EVENT, y};
        g.setFill(fill);
        g.fillPolygon(xs, ys, 4);
        g.setLineWidth(1);
        g.setStroke(outline);
        g.strokePolygon(xs, ys, 4);
    }

    private void axes(GraphicsContext g, int width, int height, ChartColours colours) {
        g.setFont(Font.font(12));
        g.setStroke(colours.grid());
        g.setLineWidth(1);
        g.setFill(colours.text());
        Axes.TimeUnit unit = Axes.timeUnit(t1 - t0);
        List<Double> timeTicks = Axes.ticks(t0, t1, Math.max(2, width / 110));
        double step = timeTicks.size() > 1 ? timeTicks.get(1) - timeTicks.get(0) : 1;
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.TOP);
        for (double tick : timeTicks) {
            double x = LEFT + (tick - t0) / (t1 - t0) * width;
            g.strokeLine(x, TOP, x, TOP + height);
            g.fillText(unit.format(tick, step), x, TOP + height + 4);
        }
        g.fillText("time since the first packet (" + unit.name() + ")", LEFT + width / 2.0, TOP + height + 22);
        g.setTextAlign(TextAlignment.RIGHT);
        g.setTextBaseline(VPos.CENTER);
        for (double tick : Axes.wholeTicks(p0, p1, Math.max(2, height / 50))) {
            double y = TOP + (p1 - tick) / (p1 - p0) * (height - 1);
            g.strokeLine(LEFT, y, LEFT + width, y);
            g.fillText(Long.toString(((long) tick) & 0xFFFFFF), LEFT - 6, y);
        }
        g.save();
        g.translate(16, TOP + height / 2.0);
        g.rotate(-90);
        g.setTextAlign(TextAlignment.CENTER);
        g.fillText("PSN (24-bit, wraps)", 0, 0);
        g.restore();
        g.setStroke(colours.frame());
        g.strokeRect(LEFT, TOP, width, height);
    }

    private void interact() {
        canvas.setOnScroll(scroll -> {
            double delta = scroll.getDeltaY() != 0 ? scroll.getDeltaY() : scroll.getDeltaX();
            if (delta == 0) {
                return;
            }
            double factor = delta > 0 ? 0.8 : 1.25;
            double tAt = t0 + (scroll.getX() - LEFT) / plotWidth() * (t1 - t0);
            double[] time = Axes.zoom(t0, t1, tAt, factor, MIN_NANOS);
            t0 = time[0];
            t1 = time[1];
            if (!scroll.isShiftDown()) {
                double pAt = p1 - (scroll.getY() - TOP) / plotHeight() * (p1 - p0);
                double[] psns = Axes.zoom(p0, p1, pAt, factor, MIN_PSNS);
                p0 = psns[0];
                p1 = psns[1];
            }
            draw();
        });
        canvas.setOnMousePressed(press -> {
            pressX = lastX = press.getX();
            pressY = lastY = press.getY();
        });
        canvas.setOnMouseDragged(drag -> {
            double dt = (drag.getX() - lastX) / plotWidth() * (t1 - t0);
            double dp = (drag.getY() - lastY) / plotHeight() * (p1 - p0);
            t0 -= dt;
            t1 -= dt;
            p0 += dp;
            p1 += dp;
            lastX = drag.getX();
            lastY = drag.getY();
            draw();
        });
        canvas.setOnMouseClicked(click -> {
            if (Math.abs(click.getX() - pressX) > 3 || Math.abs(click.getY() - pressY) > 3) {
                return;
            }
            int point = pointAt(click.getX(), click.getY());
            if (point >= 0) {
                link.selectFrame(ladder.frame(point));
            }
        });
        canvas.setOnMouseMoved(move -> {
            int point = pointAt(move.getX(), move.getY());
            hover.setText(point < 0 ? " " : describe(point));
        });
    }

    /** The point under the pointer, within 6 pixels; -1 when none. */
    int pointAt(double x, double y) {
        if (ladder == null) {
            return -1;
        }
        return ladder.nearest(t0, t1, p0, p1, plotWidth(), plotHeight(), x - LEFT, y - TOP, 6);
    }

    /** The pixel a point is drawn at, for the tests. */
    public double[] pixelOf(int point) {
        double x = LEFT + (ladder.time(point) - t0) / (t1 - t0) * plotWidth();
        double y = TOP + (p1 - ladder.psn(point)) / (p1 - p0) * (plotHeight() - 1);
        return new double[] {x, y};
    }

    PsnLadder ladder() {
        return ladder;
    }

    private String describe(int point) {
        List<String> marks = new ArrayList<>();
        if ((ladder.marks(point) & PsnLadder.GAP) != 0) {
            marks.add("PSN gap");
        }
        if ((ladder.marks(point) & PsnLadder.RETRANSMISSION) != 0) {
            marks.add("retransmission");
        }
        marks.addAll(ladder.latencies(point));
        String kind = KIND_NAMES[ladder.kind(point)];
        return String.format(Formats.DIGITS, "frame %d · %s %s · %s%s · %s after the first packet",
                ladder.frame(point), ladder.direction(point) == 0 ? "A → B" : "B → A",
                kind.substring(0, kind.length() - 1),
                ladder.kind(point) == PsnLadder.CNP ? "no PSN" : "PSN " + (ladder.psn(point) & 0xFFFFFF),
                marks.isEmpty() ? "" : " · " + String.join(", ", marks),
                Formats.duration(ladder.time(point)));
    }

    @Override
    protected void themeChanged() {
        draw();
    }
}
