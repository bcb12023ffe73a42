package io.rocelens.app.gui.stats.latency;

import io.rocelens.analysis.Exchange;
import io.rocelens.analysis.Formats;
import io.rocelens.app.gui.stats.StatsWindow;
import io.rocelens.app.gui.stats.latency.model.LatencyHistogram;
import io.rocelens.app.gui.stats.model.AnalysedCapture;
import io.rocelens.app.gui.stats.model.PacketListLink;
import io.rocelens.export.Latency;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.stage.Window;

/**
 * Statistics › Latency: the exchanges the analysis timed at the capture point (ACK round trips, READ latencies,
 * message completions; see docs/analysis.md), of one kind, for one request flow or all, as a histogram over the
 * log-spaced bins of {@code analyze --json} (1-2-5 per decade), with their count, p50, p99 and max. A click on a
 * bar puts a display filter selecting the requests and answers of that bin's exchanges into the packet list.
 */
public final class LatencyView extends StatsWindow {

    private final PacketListLink link;
    private final ComboBox<Exchange.Kind> kind = new ComboBox<>();
    private final ComboBox<String> flow = new ComboBox<>();
    private final CategoryAxis bins = new CategoryAxis();
    private final NumberAxis counts = new NumberAxis();
    private final BarChart<String, Number> chart = new BarChart<>(bins, counts);
    private final Label summary = new Label();
    private List<Exchange> exchanges = List.of();
    private LatencyHistogram shown;
    private boolean filling;

    public LatencyView(Window owner, PacketListLink link) {
        super(owner, "Latency", new BorderPane(), 900, 520);
        this.link = link;
        BorderPane root = (BorderPane) stage().getScene().getRoot();
        kind.setId("latency-kind");
        kind.getItems().setAll(Exchange.Kind.values());
        kind.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(Exchange.Kind k) {
                return k == null ? "" : switch (k) {
                    case ACK_RTT -> "ACK round trip";
                    case READ_FIRST -> "READ to first response";
                    case READ_LAST -> "READ to last response";
                    case MESSAGE -> "Message completion";
                };
            }

            @Override
            public Exchange.Kind fromString(String text) {
                return null;
            }
        });
        kind.getSelectionModel().select(Exchange.Kind.ACK_RTT);
        flow.setId("latency-flow");
        kind.valueProperty().addListener(o -> refill());
        flow.valueProperty().addListener(o -> {
            if (!filling) {
                draw();
            }
        });
        HBox top = new HBox(8, new Label("Exchange"), kind, new Label("Flow"), flow);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(6));
        chart.setId("latency-chart");
        chart.setLegendVisible(false);
        chart.setAnimated(false);
        chart.setBarGap(1);
        chart.setCategoryGap(4);
        bins.setLabel("Latency (bin upper bound, log-spaced 1-2-5)");
        counts.setLabel("Exchanges");
        counts.setMinorTickVisible(false);
        counts.setTickLabelFormatter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(Number n) {
                return n.doubleValue() == Math.rint(n.doubleValue()) ? Long.toString(n.longValue()) : "";
            }

            @Override
            public Number fromString(String s) {
                return Long.parseLong(s);
            }
        });
        summary.setId("latency-summary");
        summary.setPadding(new Insets(6));
        root.setTop(top);
        root.setCenter(chart);
        root.setBottom(summary);
    }

    @Override
    protected void fill(AnalysedCapture capture) {
        exchanges = capture == null ? List.of() : capture.analysis().exchanges();
        refill();
    }

    /** The flows of the chosen kind, keeping the chosen flow when it is still there, then the chart. */
    private void refill() {
        String chosen = flow.getValue();
        List<String> flows = new ArrayList<>();
        flows.add(LatencyHistogram.ALL);
        flows.addAll(LatencyHistogram.flows(exchanges, kind.getValue()));
        filling = true;
        flow.getItems().setAll(flows);
        flow.setValue(flows.contains(chosen) ? chosen : LatencyHistogram.ALL);
        filling = false;
        draw();
    }

    private void draw() {
        shown = LatencyHistogram.of(exchanges, kind.getValue(), flow.getValue());
        XYChart.Series<String, Number> series = new XYChart.Series<>();
        for (LatencyHistogram.Bin bin : shown.bins()) {
            XYChart.Data<String, Number> bar = new XYChart.Data<>(LatencyHistogram.label(bin.upperNanos()),
                    bin.exchanges().size());
            bar.nodeProperty().addListener((o, old, node) -> {
                if (node != null) {
                    node.setId("latency-bin-" + (bin.upperNanos() == Long.MAX_VALUE ? "over" : bin.upperNanos()));
                    Tooltip.install(node, new Tooltip(bin.exchanges().size() + " exchange"
                            + (bin.exchanges().size() == 1 ? "" : "s") + " " + LatencyHistogram.label(bin.upperNanos())
                            + ": click to filter their frames"));
                    node.setOnMouseClicked(click -> {
                        if (click.getButton() == MouseButton.PRIMARY && !bin.exchanges().isEmpty()) {
                            link.applyFilter(filter(bin.frames()));
                        }
                    });
                }
            });
            series.getData().add(bar);
        }
        chart.getData().setAll(List.of(series));
        Latency.Percentiles p = shown.percentiles();
        summary.setText(p.count() == 0 ? "No exchanges of this kind timed in the capture"
                : String.format(java.util.Locale.ROOT, "%d exchanges   min %s   p50 %s   p99 %s   max %s", p.count(),
                        Formats.duration(p.min()), Formats.duration(p.p50()), Formats.duration(p.p99()),
                        Formats.duration(p.max())));
    }

    /** {@code frame.number in {…}} over the frames, runs of consecutive numbers as ranges. */
    public static String filter(long[] frames) {
        StringBuilder text = new StringBuilder("frame.number in {");
        for (int i = 0; i < frames.length; i++) {
            int j = i;
            while (j + 1 < frames.length && frames[j + 1] == frames[j] + 1) {
                j++;
            }
            text.append(i == 0 ? "" : " ").append(frames[i]);
            if (j > i) {
                text.append("..").append(frames[j]);
            }
            i = j;
        }
        return text.append('}').toString();
    }

    ComboBox<Exchange.Kind> kind() {
        return kind;
    }

    ComboBox<String> flow() {
        return flow;
    }
}
