package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.click;
import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.node;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocelens.app.Main;
import io.rocelens.app.gui.stats.journey.model.CorrelationRequest;
import io.rocelens.correlate.HopStats;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.generate.PathGenerator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * Correlated captures in the real window, headless on Monocle: {@code rocelens generate --points 3} writes one capture
 * per point of a path and a truth file of what each hop did (its own random choices); the hop table, the filter
 * fields and a click on a hop must show exactly those numbers.
 */
class PacketJourneyViewTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path folder;

    /** Drops, CE marks and DSCP rewrites on every hop. */
    private static JsonNode lossy;
    /** CE marks, no drops: every packet passes every point, so each mark is seen at point 0. */
    private static JsonNode marking;

    @BeforeAll
    static void generate() throws IOException {
        lossy = generate("lossy", "--drop", "0.03", "--ce-mark", "0.1", "--dscp-rewrite", "0.02");
        marking = generate("marking", "--drop", "0", "--ce-mark", "0.1");
    }

    private static JsonNode generate(String name, String... effects) throws IOException {
        List<String> args = new java.util.ArrayList<>(List.of("generate", "mixed", "-o",
                folder.resolve(name + ".pcapng").toString(), "--points", "3", "--truth",
                folder.resolve(name + ".json").toString()));
        args.addAll(List.of(effects));
        assertEquals(0, Main.run(args.toArray(String[]::new)));
        return JSON.readTree(folder.resolve(name + ".json").toFile());
    }

    private static List<Path> points(String name) {
        return IntStream.range(0, 3).mapToObj(p -> PathGenerator.pointFile(folder.resolve(name + ".pcapng"), p))
                .toList();
    }

    @RegisterExtension
    final WindowOnCapture window = new WindowOnCapture(folder.resolve("config"), points("lossy").get(0),
            lossy.get("points").get(0).get("frames").asInt());

    private void correlate(String name, CorrelationRequest.ClockMode clock) {
        fx(() -> {
            window.window().openCorrelated(CorrelationRequest.of(points(name), clock, null, "10ms",
                    DissectorOptions.defaults()));
            return null;
        });
        waitUntil(() -> window.window().correlated().journeys() != null && !window.window().packets().isLoading()
                && window.status().startsWith("Correlated"), window::status);
    }

    private int listed() {
        return fx(() -> window.window().packets().size());
    }

    @Test
    void theHopTableCountsWhatTheGeneratorDidOnEachHop(FxRobot robot) {
        correlate("lossy", CorrelationRequest.ClockMode.SYNC);
        window.menu("Statistics", "Packet Journey");
        TableView<HopStats> hops = node(robot, "#journey-hops");
        waitUntil(() -> hops.getItems().size() == 4, () -> "hops: " + hops.getItems().size());
        long lost = 0;
        for (int i = 0; i < 4; i++) {
            JsonNode expected = lossy.get("hops").get(i);
            int row = i;
            HopStats found = fx(() -> hops.getItems().get(row));
            String hop = expected.get("from") + " -> " + expected.get("to");
            assertEquals(expected.get("from").asInt(), found.from(), hop);
            assertEquals(expected.get("to").asInt(), found.to(), hop);
            assertEquals(expected.get("packets").asLong(), found.packets(), hop + " packets");
            assertEquals(expected.get("arrived").asLong(), found.arrived(), hop + " arrived");
            assertEquals(expected.get("lost").asLong(), found.lost(), hop + " lost");
            assertEquals(expected.get("ce_marked").asLong(), found.ceMarked(), hop + " CE marked");
            assertEquals(expected.get("dscp_changed").asLong(), found.dscpChanged(), hop + " DSCP changed");
            lost += expected.get("lost").asLong();
        }
        assertTrue(lost > 10, "the path lost packets: " + lost);
        // a click on hop 0 -> 1: the packet list (point 0's capture) shows exactly the packets lost on it
        long lostOnFirstHop = lossy.get("hops").get(0).get("lost").asLong();
        click(robot, "#journey-hops .table-row-cell");
        waitUntil(() -> window.window().packets().size() == lostOnFirstHop,
                () -> window.window().packets().size() + " listed, " + window.status());
        assertTrue(fx(() -> window.window().filterBar().field().getText()).startsWith("frame.number in {"));
        // a lost packet selected in the list: the status line says where it vanished
        fx(() -> {
            window.window().selectSomething();
            return null;
        });
        waitUntil(() -> window.status().contains("lost between 0 and 1"), window::status);
    }

    /**
     * "Hops of this flow": each flow's hop rows, added up over the flows, are the generator's counts of each hop; a
     * click on a hop then lists the packets of the chosen flow lost on it, and no other flow's.
     */
    @Test
    void theFlowsHopRowsAddUpToWhatTheGeneratorDidOnEachHop(FxRobot robot) {
        correlate("lossy", CorrelationRequest.ClockMode.SYNC);
        window.menu("Statistics", "Packet Journey");
        TableView<HopStats> hops = node(robot, "#journey-hops");
        javafx.scene.control.ComboBox<String> flow = node(robot, "#journey-flow");
        click(robot, "#journey-flow-hops");
        javafx.scene.control.CheckBox flowHops = node(robot, "#journey-flow-hops");
        waitUntil(flowHops::isSelected, () -> "Hops of this flow not ticked");
        List<String> flows = fx(() -> List.copyOf(flow.getItems()));
        assertTrue(flows.size() > 1, "flows: " + flows);
        java.util.Map<String, long[]> sums = new java.util.HashMap<>();
        String lossiest = null;
        long lossiestLost = 0;
        for (String each : flows) {
            List<HopStats> rows = fx(() -> {
                flow.setValue(each);
                return List.copyOf(hops.getItems());
            });
            for (HopStats row : rows) {
                long[] sum = sums.computeIfAbsent(row.from() + " -> " + row.to(), k -> new long[3]);
                sum[0] += row.packets();
                sum[1] += row.lost();
                sum[2] += row.ceMarked();
                if (row.from() == 0 && row.to() == 1 && row.lost() > lossiestLost) {
                    lossiest = each;
                    lossiestLost = row.lost();
                }
            }
        }
        for (JsonNode expected : lossy.get("hops")) {
            String hop = expected.get("from") + " -> " + expected.get("to");
            long[] sum = sums.getOrDefault(hop, new long[3]);
            assertEquals(expected.get("packets").asLong(), sum[0], hop + " packets over the flows");
            assertEquals(expected.get("lost").asLong(), sum[1], hop + " lost over the flows");
            assertEquals(expected.get("ce_marked").asLong(), sum[2], hop + " CE marked over the flows");
        }
        assertTrue(lossiestLost > 0 && lossiestLost < lossy.get("hops").get(0).get("lost").asLong(),
                "one flow lost some, not all, of hop 0 -> 1's: " + lossiestLost);
        String chosen = lossiest;
        fx(() -> {
            flow.setValue(chosen);
            for (int row = 0; row < hops.getItems().size(); row++) {
                if (hops.getItems().get(row).from() == 0 && hops.getItems().get(row).to() == 1) {
                    hops.getSelectionModel().select(row);
                }
            }
            return null;
        });
        click(robot, "#journey-hops .table-row-cell:selected");
        long expected = lossiestLost;
        waitUntil(() -> window.window().packets().size() == expected,
                () -> window.window().packets().size() + " listed, expected " + expected);
    }

    @Test
    void roceJourneyLostMatchesThePacketsPointZeroSentThatAForwardHopLost() {
        correlate("lossy", CorrelationRequest.ClockMode.ESTIMATED);
        // what point 0 saw leave and the path lost later: the forward hops 0 -> 1 and 1 -> 2 (truth hops 0 and 2)
        long expected = lossy.get("hops").get(0).get("lost").asLong() + lossy.get("hops").get(2).get("lost").asLong();
        fx(() -> {
            window.window().filterBar().applyNow("roce.journey.lost");
            return null;
        });
        waitUntil(() -> listed() == expected, () -> listed() + " listed, expected " + expected);
    }

    @Test
    void theViewSwitchesTheListToPointOneWhoseLostPacketsAreThoseLostAfterIt(FxRobot robot) {
        correlate("lossy", CorrelationRequest.ClockMode.SYNC);
        window.menu("Statistics", "Packet Journey");
        javafx.scene.control.ChoiceBox<Integer> point = node(robot, "#journey-point");
        fx(() -> {
            point.setValue(1);
            return null;
        });
        int framesAtOne = lossy.get("points").get(1).get("frames").asInt();
        waitUntil(() -> !window.window().packets().isLoading() && window.window().packets().total() == framesAtOne
                && window.window().packets().marks().journeys() != null, window::status);
        // the list's selection says where else its packet was seen, from point 1's side
        waitUntil(() -> window.status().matches("Frame \\d+ at point 1: point [02] frame .*"), window::status);
        // seen at point 1 and lost later: forward on 1 -> 2 (truth hop 2), backward on 1 -> 0 (truth hop 1)
        long expected = lossy.get("hops").get(1).get("lost").asLong() + lossy.get("hops").get(2).get("lost").asLong();
        fx(() -> {
            window.window().filterBar().applyNow("roce.journey.lost");
            return null;
        });
        waitUntil(() -> listed() == expected, () -> listed() + " listed, expected " + expected);
    }

    @Test
    void roceJourneyCeMarkedMatchesEveryMarkOnAPathThatLosesNothing() {
        correlate("marking", CorrelationRequest.ClockMode.SYNC);
        long expected = 0;
        for (JsonNode hop : marking.get("hops")) {
            expected += hop.get("ce_marked").asLong();
        }
        long marks = expected;
        assertTrue(marks > 10, "the path marked packets: " + marks);
        fx(() -> {
            window.window().filterBar().applyNow("roce.journey.ce_marked");
            return null;
        });
        waitUntil(() -> listed() == marks, () -> listed() + " listed, expected " + marks);
        // every packet point 0 sent on (truth hop 0 -> 1) is delayed at least the generator's fixed hop delay, 2 µs;
        // the packets arriving backwards (truth hop 1 -> 0) end their way there: no delay from point 0
        long forward = marking.get("hops").get(0).get("packets").asLong();
        long backward = marking.get("hops").get(1).get("arrived").asLong();
        fx(() -> {
            window.window().filterBar().applyNow("roce.journey.delay >= 2000");
            return null;
        });
        waitUntil(() -> listed() == forward, () -> listed() + " listed, expected " + forward);
        fx(() -> {
            window.window().filterBar().applyNow("bth && !roce.journey.delay");
            return null;
        });
        waitUntil(() -> listed() == backward, () -> listed() + " listed, expected " + backward);
    }

    @Test
    void captureOfOtherTrafficIsRefusedInOneLine(FxRobot robot) {
        Path other = Path.of("../sample-captures/incast.pcap").toAbsolutePath();
        fx(() -> {
            window.window().openCorrelated(CorrelationRequest.of(List.of(points("lossy").get(0), other),
                    CorrelationRequest.ClockMode.ESTIMATED, null, null, DissectorOptions.defaults()));
            return null;
        });
        waitUntil(() -> window.status().startsWith("Correlation failed"), window::status);
        assertTrue(window.status().contains("share no RoCE packet"), window.status());
        window.menu("Statistics", "Packet Journey");
        waitUntil(() -> Fx.<Labeled>node(robot, "#journey-title").getText().contains("share no RoCE packet"),
                () -> Fx.<Labeled>node(robot, "#journey-title").getText());
        IllegalArgumentException one = assertThrows(IllegalArgumentException.class, () -> CorrelationRequest.of(
                List.of(other), CorrelationRequest.ClockMode.SYNC, null, null, DissectorOptions.defaults()));
        assertEquals("Correlation needs 2 to 16 captures of one path, in path order; 1 chosen.", one.getMessage());
    }
}
