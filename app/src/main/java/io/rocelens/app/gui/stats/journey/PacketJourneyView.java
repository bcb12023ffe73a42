package io.rocelens.app.gui.stats.journey;

import io.rocelens.analysis.Formats;
import io.rocelens.app.gui.common.ChartColours;
import io.rocelens.app.gui.stats.StatsWindow;
import io.rocelens.app.gui.stats.Tables;
import io.rocelens.app.gui.stats.journey.model.PacketJourneys;
import io.rocelens.app.gui.stats.latency.LatencyView;
import io.rocelens.app.gui.stats.model.AnalysedCapture;
import io.rocelens.app.gui.stats.model.PacketListLink;
import io.rocelens.correlate.HopStats;
import io.rocelens.correlate.Journey;
import io.rocelens.dissect.IbOpcodes;
import java.util.List;
import java.util.function.IntConsumer;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;
import javafx.stage.Window;
import javafx.util.StringConverter;

/**
 * Statistics › Packet Journey: the packets of one flow along the path of a correlated set of captures. One lane per
 * capture point, a mark where a packet was seen and a line joining the sightings of one packet (time on the first
 * point's clock, left to right); a lost packet ends in a red cross between the point it was last seen at and the one
 * it never reached; a hop that marked CE is orange, one that changed the DSCP purple. The hover line gives the
 * delays; the hop table below counts every hop, and a click on a hop filters the packet list to its lost packets.
 */
public final class PacketJourneyView extends StatsWindow {

    /** Packets of the flow drawn at once. */
    static final int PAGE = 60;
    private static final double LEFT = 150;
    private static final double RIGHT = 24;
    private static final double TOP = 30;
    private static final double BOTTOM = 30;
    static final Color CE = Color.web("#f28e2b");
    static final Color DSCP = Color.web("#b07aa1");
    private static final Color PACKET = Color.web("#4e79a7");

    private final Canvas canvas = new Canvas();
    private final Label title = new Label("Open the captures of one path with File › Open Correlated Captures…");
    private final Label hover = new Label(" ");
    private final ComboBox<String> flow = new ComboBox<>();
    private final ChoiceBox<Integer> point = new ChoiceBox<>();
    private final TableView<HopStats> hops = new TableView<>();
    /** The hop table counts the chosen flow's packets only, as the CLI's per-flow lines (else the whole path's). */
    private final javafx.scene.control.CheckBox flowHopsOnly = new javafx.scene.control.CheckBox("Hops of this flow");
    private final PacketListLink link;
    private final IntConsumer showPoint;
    private PacketJourneys journeys;
    private int shownPoint;
    private List<Journey> flowJourneys = List.of();
    private int first;
    private Journey followed;
    private long t0;
    private long t1;
    private boolean filling;

    /** @param showPoint shows the capture of this point in the packet list */
    public PacketJourneyView(Window owner, PacketListLink link, IntConsumer showPoint) {
        super(owner, "Packet Journey", new BorderPane(), 1200, 760);
        this.link = link;
        this.showPoint = showPoint;
        BorderPane root = (BorderPane) stage().getScene().getRoot();
        canvas.setId("packet-journey");
        Pane holder = canvasPane(canvas, this::draw, 220);
        flow.setId("journey-flow");
        flow.setPrefWidth(380);
        flow.valueProperty().addListener((o, was, now) -> {
            if (!filling && now != null) {
                showFlow(now, 0);
            }
            showHops();
        });
        flowHopsOnly.setId("journey-flow-hops");
        flowHopsOnly.selectedProperty().addListener((o, was, now) -> showHops());
        point.setId("journey-point");
        point.valueProperty().addListener((o, was, now) -> {
            if (!filling && now != null && now != shownPoint) {
                showPoint.accept(now);
            }
        });
        Button earlier = new Button("◀ Earlier");
        earlier.setOnAction(e -> page(-PAGE));
        Button later = new Button("Later ▶");
        later.setOnAction(e -> page(PAGE));
        title.setId("journey-title");
        HBox top = new HBox(8, new Label("Flow"), flow, earlier, later, flowHopsOnly,
                new Label("Packet list shows point"), point, title);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(6));
        hover.setId("journey-hover");
        hover.setPadding(new Insets(4, 6, 6, 6));
        hops.setId("journey-hops");
        hops.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        hops.getColumns().setAll(List.of(
                Tables.column("Hop", hop -> hop.from() + " → " + hop.to(), String::valueOf),
                Tables.column("Packets", HopStats::packets, String::valueOf),
                Tables.column("Arrived", HopStats::arrived, String::valueOf),
                Tables.column("Lost", HopStats::lost, String::valueOf),
                Tables.column("CE marked", HopStats::ceMarked, String::valueOf),
                Tables.column("DSCP changed", HopStats::dscpChanged, String::valueOf),
                Tables.column("Reordered", HopStats::reordered, String::valueOf),
                Tables.column("Delay p50", hop -> hop.arrived() == 0 ? -1 : hop.delayPercentile(50),
                        nanos -> nanos < 0 ? "" : Formats.duration(nanos)),
                Tables.column("Delay p99", hop -> hop.arrived() == 0 ? -1 : hop.delayPercentile(99),
                        nanos -> nanos < 0 ? "" : Formats.duration(nanos))));
        hops.setOnMouseClicked(e -> {
            HopStats hop = hops.getSelectionModel().getSelectedItem();
            if (hop != null) {
                filterToLost(hop);
            }
        });
        hops.setPrefHeight(180);
        SplitPane panes = new SplitPane(holder, hops);
        panes.setOrientation(Orientation.VERTICAL);
        panes.setDividerPositions(0.72);
        root.setTop(top);
        root.setCenter(panes);
        root.setBottom(hover);
        canvas.setOnMouseMoved(e -> hover.setText(describe(nearest(e.getX(), e.getY()))));
        canvas.setOnMouseClicked(e -> {
            Sighting at = nearest(e.getX(), e.getY());
            if (at != null && at.journey().frames()[shownPoint] >= 0) {
                link.selectFrame(at.journey().frames()[shownPoint]);
            }
        });
    }

    @Override
    protected void fill(AnalysedCapture capture) {
        // the journeys come from the correlation, not from the capture's analysis: see show(PacketJourneys, int)
    }

    @Override
    protected void themeChanged() {
        draw();
    }

    /** The correlation is running. */
    public void correlating(String what) {
        journeys = null;
        title.setText(what);
        flowJourneys = List.of();
        hops.getItems().clear();
        draw();
    }

    /** The correlation failed, in one line. */
    public void failed(String message) {
        journeys = null;
        title.setText(message);
        flowJourneys = List.of();
        hops.getItems().clear();
        draw();
    }

    /** Shows a correlation (null: none), the packet list showing the capture of {@code listPoint}. */
    public void show(PacketJourneys shown, int listPoint) {
        filling = true;
        try {
            boolean same = shown == journeys;
            journeys = shown;
            shownPoint = listPoint;
            if (shown == null) {
                flow.getItems().clear();
                point.getItems().clear();
                hops.getItems().clear();
                flowJourneys = List.of();
                title.setText("Open the captures of one path with File › Open Correlated Captures…");
                draw();
                return;
            }
            point.setConverter(new StringConverter<>() {
                @Override
                public String toString(Integer p) {
                    return p == null ? "" : p + ": " + shown.correlation().points().get(p).file().getFileName();
                }

                @Override
                public Integer fromString(String text) {
                    return null;
                }
            });
            if (!same) {
                point.getItems().setAll(java.util.stream.IntStream.range(0, shown.points()).boxed().toList());
                flow.getItems().setAll(shown.flows());
            }
            point.setValue(listPoint);
            title.setText(shown.points() + " points, " + shown.correlation().flows().size() + " flows"
                    + (shown.dropped() > 0 ? "; the first " + PacketJourneys.MAX_KEPT + " packets are drawn" : ""));
            if (!same && !flow.getItems().isEmpty()) {
                flow.setValue(flow.getItems().get(0));
                showFlow(flow.getItems().get(0), 0);
            }
            if (!same) {
                showHops();
            }
        } finally {
            filling = false;
        }
    }

    /** The packet list selected this frame (of the capture the list shows): its journey is drawn, marked. */
    public void follow(long frame) {
        if (journeys == null) {
            return;
        }
        Journey journey = journeys.at(shownPoint, frame);
        if (journey == null) {
            return;
        }
        followed = journey;
        if (!journey.flow().equals(flow.getValue())) {
            filling = true;
            flow.setValue(journey.flow());
            filling = false;
        }
        List<Journey> all = journeys.of(journey.flow());
        int at = all.indexOf(journey);
        showFlow(journey.flow(), Math.max(0, at - PAGE / 2));
        hover.setText(journeys.whereElse(shownPoint, frame));
    }

    private void showFlow(String shownFlow, int from) {
        flowJourneys = journeys == null ? List.of() : journeys.of(shownFlow);
        first = Math.max(0, Math.min(from, flowJourneys.size() - PAGE));
        draw();
    }

    /** The whole path's hops, or with "Hops of this flow" the chosen flow's, as correlate's per-flow lines. */
    private void showHops() {
        if (journeys == null) {
            hops.getItems().clear();
            return;
        }
        String shownFlow = flow.getValue();
        hops.getItems().setAll(!flowHopsOnly.isSelected() || shownFlow == null ? journeys.correlation().hops()
                : journeys.correlation().flows().stream().filter(f -> f.flow().equals(shownFlow)).findFirst()
                        .map(io.rocelens.correlate.Correlation.FlowHops::hops).orElse(List.of()));
    }

    private void page(int by) {
        if (journeys != null && flow.getValue() != null) {
            showFlow(flow.getValue(), first + by);
        }
    }

    private void filterToLost(HopStats hop) {
        String onlyFlow = flowHopsOnly.isSelected() ? flow.getValue() : null;
        long[] frames = journeys == null ? new long[0] : journeys.lostOn(hop, shownPoint, onlyFlow);
        if (frames.length == 0) {
            hover.setText(hop.lost() == 0 ? "No packet was lost on hop " + hop.from() + " → " + hop.to()
                    : "The " + hop.lost() + " packets lost on hop " + hop.from() + " → " + hop.to()
                            + " were never seen at point " + shownPoint + ", the packet list's capture");
            return;
        }
        hover.setText(frames.length + " packets lost on hop " + hop.from() + " → " + hop.to() + " shown in the list");
        link.applyFilter(LatencyView.filter(frames));
    }

    List<Journey> drawn() {
        return flowJourneys.subList(first, Math.min(flowJourneys.size(), first + PAGE));
    }

    TableView<HopStats> hops() {
        return hops;
    }

    javafx.scene.control.CheckBox flowHopsOnly() {
        return flowHopsOnly;
    }

    ComboBox<String> flow() {
        return flow;
    }

    // ---------------------------------------------------------------------------------------------- drawing

    private double laneY(int p) {
        int points = journeys == null ? 2 : journeys.points();
        return TOP + p * (canvas.getHeight() - TOP - BOTTOM) / Math.max(1, points - 1);
    }

    private double x(long time) {
        double width = canvas.getWidth() - LEFT - RIGHT;
        return LEFT + (t1 == t0 ? 0.5 : (double) (time - t0) / (t1 - t0)) * width;
    }

    private void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        ChartColours colours = ChartColours.of(canvas);
        g.setFill(colours.background());
        g.fillRect(0, 0, canvas.getWidth(), canvas.getHeight());
        if (journeys == null || canvas.getHeight() < TOP + BOTTOM + 10) {
            return;
        }
        List<Journey> page = drawn();
        t0 = Long.MAX_VALUE;
        t1 = Long.MIN_VALUE;
        for (Journey journey : page) {
            for (int p : journeys.way(journey)) {
                t0 = Math.min(t0, journeys.time(journey, p));
                t1 = Math.max(t1, journeys.time(journey, p));
            }
        }
        if (t0 == Long.MAX_VALUE) {
            t0 = 0;
            t1 = 1;
        }
        long pad = Math.max(1, (t1 - t0) / 40);
        t0 -= pad;
        t1 += pad;
        g.setTextBaseline(VPos.CENTER);
        for (int p = 0; p < journeys.points(); p++) {
            double y = laneY(p);
            g.setStroke(p == shownPoint ? colours.frame() : colours.grid());
            g.setLineWidth(p == shownPoint ? 2 : 1);
            g.strokeLine(LEFT, y, canvas.getWidth() - RIGHT, y);
            g.setFill(colours.text());
            g.setTextAlign(TextAlignment.LEFT);
            g.fillText("point " + p, 8, y - 8);
            g.setFill(colours.quietText());
            String file = journeys.correlation().points().get(p).file().getFileName().toString();
            g.fillText(file.length() > 20 ? file.substring(0, 19) + "…" : file, 8, y + 8);
        }
        g.setFill(colours.quietText());
        g.setTextAlign(TextAlignment.LEFT);
        g.fillText("time on point 0's clock, " + Formats.duration(t1 - t0) + " across · packets " + (first + 1)
                + "–" + (first + page.size()) + " of " + flowJourneys.size() + " · orange: marked CE · purple:"
                + " DSCP changed · ✕ lost", LEFT, canvas.getHeight() - 10);
        for (Journey journey : page) {
            drawJourney(g, colours, journey);
        }
    }

    private void drawJourney(GraphicsContext g, ChartColours colours, Journey journey) {
        int[] way = journeys.way(journey);
        boolean marked = journey == followed;
        g.setLineWidth(marked ? 3 : 1.2);
        for (int i = 0; i + 1 < way.length; i++) {
            int from = way[i];
            int to = way[i + 1];
            Color colour = PacketJourneys.markedCe(journey, from, to) ? CE
                    : PacketJourneys.dscpChanged(journey, from, to) ? DSCP : colours.quietText();
            g.setStroke(colour);
            g.strokeLine(x(journeys.time(journey, from)), laneY(from), x(journeys.time(journey, to)), laneY(to));
        }
        int lostTo = PacketJourneys.lostTo(journey);
        if (lostTo >= 0 && way.length > 0) {
            int from = way[way.length - 1];
            double x0 = x(journeys.time(journey, from));
            double y0 = laneY(from);
            double y1 = (laneY(from) + laneY(lostTo)) / 2;
            g.setStroke(colours.alarm());
            g.setLineDashes(4, 3);
            g.strokeLine(x0, y0, x0 + 10, y1);
            g.setLineDashes();
            g.setLineWidth(2.5);
            g.strokeLine(x0 + 4, y1 - 6, x0 + 16, y1 + 6);
            g.strokeLine(x0 + 4, y1 + 6, x0 + 16, y1 - 6);
        }
        for (int p : way) {
            double x = x(journeys.time(journey, p));
            double y = laneY(p);
            g.setFill(journey.ecn()[p] == 3 ? CE : PACKET);
            g.fillOval(x - 4, y - 4, 8, 8);
            if (marked) {
                g.setStroke(colours.mark());
                g.setLineWidth(1.5);
                g.strokeOval(x - 7, y - 7, 14, 14);
            }
        }
    }

    // ---------------------------------------------------------------------------------------------- hover

    record Sighting(Journey journey, int point) {
    }

    private Sighting nearest(double mx, double my) {
        if (journeys == null) {
            return null;
        }
        Sighting best = null;
        double bestDistance = 10 * 10;
        for (Journey journey : drawn()) {
            for (int p : journeys.way(journey)) {
                double dx = x(journeys.time(journey, p)) - mx;
                double dy = laneY(p) - my;
                double distance = dx * dx + dy * dy;
                if (distance < bestDistance) {
                    bestDistance = distance;
                    best = new Sighting(journey, p);
                }
            }
        }
        return best;
    }

    private String describe(Sighting at) {
        if (at == null) {
            return " ";
        }
        Journey journey = at.journey();
        StringBuilder text = new StringBuilder(IbOpcodes.name(journey.opcode()) + " PSN " + journey.psn()
                + " at point " + at.point() + " (frame " + journey.frames()[at.point()] + ")");
        int[] way = journeys.way(journey);
        for (int i = 0; i + 1 < way.length; i++) {
            text.append(i == 0 ? ": " : ", ").append(way[i]).append(" → ").append(way[i + 1]).append(' ')
                    .append(Formats.duration(journeys.time(journey, way[i + 1]) - journeys.time(journey, way[i])));
            if (PacketJourneys.markedCe(journey, way[i], way[i + 1])) {
                text.append(" CE marked");
            }
            if (PacketJourneys.dscpChanged(journey, way[i], way[i + 1])) {
                text.append(" DSCP ").append(journey.dscp()[way[i]]).append("→").append(journey.dscp()[way[i + 1]]);
            }
        }
        return text.append("; ").append(journey.fate()).toString();
    }
}
