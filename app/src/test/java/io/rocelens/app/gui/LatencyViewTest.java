package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.click;
import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.node;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocelens.analysis.Exchange;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.chart.BarChart;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * Statistics › Latency and the {@code roce.msg.*} fields through the real window, headless on Monocle, on the
 * capture make-violations.py crafts with scapy: its JSON lists the exchanges it timed with the nanoseconds it put
 * between request and answer, and the packets of the messages it built.
 */
class LatencyViewTest {

    private static final Path FOLDER = Path.of("../dissectors/src/test/resources/analysis").toAbsolutePath();

    @TempDir
    static Path folder;

    @RegisterExtension
    final WindowOnCapture sample = new WindowOnCapture(folder.resolve("config"), FOLDER.resolve("violations.pcap"),
            frames());

    private static int frames() {
        try {
            return built().get("frames").asInt();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static JsonNode built() throws IOException {
        return new ObjectMapper().readTree(FOLDER.resolve("violations.json").toFile());
    }

    @Test
    void aBinOfTheMessageHistogramFiltersItsExchangesFrames(FxRobot robot) throws IOException {
        sample.menu("Statistics", "Latency");
        @SuppressWarnings("unchecked")
        ComboBox<Exchange.Kind> kind = fx(() -> robot.lookup("#latency-kind").queryAs(ComboBox.class));
        fx(() -> {
            kind.setValue(Exchange.Kind.MESSAGE);
            return null;
        });
        // the script's six messages: 20 µs, 10 µs, 150 ms, 10 µs, 10 µs, 10 µs; nearest rank: p50 is the 3rd of the
        // sorted six (10 µs), p99 the 6th (150 ms); the bins run from the one up to 10 µs to the one up to 200 ms
        Label summary = fx(() -> robot.lookup("#latency-summary").queryAs(Label.class));
        waitUntil(() -> summary.getText().startsWith("6 exchanges"), summary::getText);
        assertEquals("6 exchanges   min 10.000 µs   p50 10.000 µs   p99 150.000 ms   max 150.000 ms",
                fx(summary::getText));
        assertEquals(List.of("≤ 10 µs=4", "≤ 20 µs=1", "≤ 50 µs=0", "≤ 100 µs=0", "≤ 200 µs=0", "≤ 500 µs=0",
                "≤ 1 ms=0", "≤ 2 ms=0", "≤ 5 ms=0", "≤ 10 ms=0", "≤ 20 ms=0", "≤ 50 ms=0", "≤ 100 ms=0", "≤ 200 ms=1"),
                bars(robot));

        // the one message over 100 ms: its first packet and the ACK, as the script lists them
        List<Long> slow = new ArrayList<>();
        for (JsonNode exchange : built().get("latency")) {
            if (exchange.get(1).asText().equals("message") && exchange.get(4).asLong() > 100_000_000L) {
                slow.add(exchange.get(2).asLong());
                slow.add(exchange.get(3).asLong());
            }
        }
        click(robot, "#latency-bin-200000000");
        assertShows(robot, slow);

        // the four at 10 µs or less: each message's first packet and its ACK, in frame order
        List<Long> fast = new ArrayList<>();
        for (JsonNode exchange : built().get("latency")) {
            if (exchange.get(1).asText().equals("message") && exchange.get(4).asLong() <= 10_000L) {
                fast.add(exchange.get(2).asLong());
                fast.add(exchange.get(3).asLong());
            }
        }
        // applying the filter brought the packet list forward: the menu brings the view back over it, as a user would
        sample.menu("Statistics", "Latency");
        click(robot, "#latency-bin-10000");
        assertShows(robot, fast.stream().sorted().distinct().toList());
    }

    @Test
    void oneFlowsReadsAreShownAlone(FxRobot robot) {
        sample.menu("Statistics", "Latency");
        @SuppressWarnings("unchecked")
        ComboBox<Exchange.Kind> kind = fx(() -> robot.lookup("#latency-kind").queryAs(ComboBox.class));
        @SuppressWarnings("unchecked")
        ComboBox<String> flow = fx(() -> robot.lookup("#latency-flow").queryAs(ComboBox.class));
        fx(() -> {
            kind.setValue(Exchange.Kind.READ_LAST);
            flow.setValue("10.0.0.1 > 10.0.0.2 QP 0x000022");
            return null;
        });
        // the script's READ of 3 packets at PSN 14: its last response 40 µs after the request
        Label summary = fx(() -> robot.lookup("#latency-summary").queryAs(Label.class));
        waitUntil(() -> summary.getText().startsWith("1 exchanges"), summary::getText);
        assertEquals(List.of("≤ 50 µs=1"), bars(robot));
    }

    @Test
    void messageFieldsFilterThePacketList(FxRobot robot) throws IOException {
        // the Last packets of the script's messages section (from its first listed packet on)
        JsonNode messages = built().get("messages");
        List<Long> lasts = new ArrayList<>();
        for (JsonNode packet : messages.get("packets")) {
            if (packet.get("position").asText().equals("last")) {
                lasts.add(packet.get("frame").asLong());
            }
        }
        click(robot, "#filter-field").write("roce.msg.position == last && frame.number >= "
                + messages.get("packets").get(0).get("frame").asLong()).type(KeyCode.ENTER);
        assertShows(robot, lasts);
    }

    private static List<String> bars(FxRobot robot) {
        @SuppressWarnings("unchecked")
        BarChart<String, Number> chart = fx(() -> robot.lookup("#latency-chart").queryAs(BarChart.class));
        return fx(() -> chart.getData().get(0).getData().stream()
                .map(d -> d.getXValue() + "=" + d.getYValue()).toList());
    }

    /** Waits until the packet list shows exactly these frames (it filters in the background). */
    private static void assertShows(FxRobot robot, List<Long> expected) {
        TableView<?> packets = node(robot, "#packet-list");
        waitUntil(() -> Fx.listedFrames(packets).equals(expected),
                () -> "shown " + Fx.listedFrames(packets) + ", expected " + expected);
    }
}
