package io.rocelens.app.gui.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocelens.analysis.Formats;
import io.rocelens.analysis.PausedInterval;
import io.rocelens.app.gui.common.model.Preferences;
import io.rocelens.app.gui.packetlist.model.IndexedCapture;
import io.rocelens.app.gui.stats.bandwidth.BandwidthView;
import io.rocelens.app.gui.stats.bandwidth.model.BandwidthChart;
import io.rocelens.app.gui.stats.conversations.model.Conversation;
import io.rocelens.app.gui.stats.conversations.model.Conversations;
import io.rocelens.app.gui.stats.model.AnalysedCapture;
import io.rocelens.app.gui.stats.model.PacketListLink;
import io.rocelens.app.gui.stats.pfc.PfcView;
import io.rocelens.app.gui.stats.psnladder.PsnLadderView;
import io.rocelens.app.gui.stats.psnladder.model.PsnLadder;
import io.rocelens.filter.FilterException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import javafx.geometry.Point2D;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The drawn views, headless on Monocle, clicked where a point or interval is drawn: the frame they ask the packet
 * list to select, and the filter a brushed time range applies.
 */
@ExtendWith(ApplicationExtension.class)
class ViewsInteractionTest {

    @TempDir
    Path config;

    private final List<Long> selected = new ArrayList<>();
    private final List<String> filters = new ArrayList<>();
    private final PacketListLink link = new PacketListLink() {
        @Override
        public void selectFrame(long frame) {
            selected.add(frame);
        }

        @Override
        public void applyFilter(String displayFilter) {
            filters.add(displayFilter);
        }

        @Override
        public String displayFilter() {
            return "";
        }
    };

    @Start
    void start(Stage stage) {
        stage.setScene(new javafx.scene.Scene(new javafx.scene.layout.Pane(), 200, 100));
        stage.show();
    }

    private record LadderShown(PsnLadder ladder, PsnLadderView view) {
    }

    /** The PSN ladder of the incast conversation with most packets among those with a NAK, shown in its view. */
    private LadderShown busiestNakLadder() throws IOException {
        Samples.Loaded loaded = Samples.load(Samples.INCAST);
        Conversation biggest = Conversations.of(loaded.analysis()).stream().filter(c -> c.naks() > 0)
                .max(Comparator.comparingLong(Conversation::packets)).orElseThrow();
        return shown(PsnLadder.of(new IndexedCapture(loaded.index(), null), biggest, loaded.analysis()));
    }

    /** A ladder shown in its view. */
    private LadderShown shown(PsnLadder ladder) {
        PsnLadderView view = fx(() -> {
            PsnLadderView made = new PsnLadderView(null, link);
            made.open(null);
            made.show(ladder);
            return made;
        });
        WaitForAsyncUtils.waitForFxEvents();
        return new LadderShown(ladder, view);
    }

    @Test
    void clickingALadderPointSelectsItsFrame(FxRobot robot) throws IOException {
        LadderShown shown = busiestNakLadder();
        PsnLadder ladder = shown.ladder();
        PsnLadderView view = shown.view();
        // a NAK: few of them, so no other point is drawn on top
        int nak = -1;
        for (int i = 0; i < ladder.size() && nak < 0; i++) {
            nak = ladder.kind(i) == PsnLadder.NAK ? i : -1;
        }
        assertTrue(nak >= 0, "the incast sample has NAKs");
        int point = nak;
        double[] pixel = fx(() -> view.pixelOf(point));
        Canvas canvas = robot.lookup("#psn-ladder").queryAs(Canvas.class);
        Point2D onScreen = fx(() -> canvas.localToScreen(pixel[0], pixel[1]));
        robot.clickOn(onScreen);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(ladder.frame(point)), selected);
        fx(() -> {
            view.stage().close();
            return null;
        });
    }

    /**
     * The pointer over a timed request of the capture make-violations.py crafts: the hover line says how long it
     * waited and for which frame, as the script's JSON lists the exchange (frames and nanoseconds it put there).
     */
    @Test
    void hoveringATimedRequestSaysHowLongItWaited(FxRobot robot) throws IOException {
        Path folder = Path.of("../dissectors/src/test/resources/analysis").toAbsolutePath();
        Samples.Loaded loaded = Samples.load(folder.resolve("violations.pcap"));
        JsonNode built = new ObjectMapper().readTree(folder.resolve("violations.json").toFile());
        Conversation requester = Conversations.of(loaded.analysis()).stream()
                .filter(c -> c.forward().name().equals("10.0.0.1 > 10.0.0.2 QP 0x000022")).findFirst().orElseThrow();
        LadderShown shown = shown(PsnLadder.of(new IndexedCapture(loaded.index(), null), requester,
                loaded.analysis()));
        PsnLadder ladder = shown.ladder();
        PsnLadderView view = shown.view();
        Canvas canvas = robot.lookup("#psn-ladder").queryAs(Canvas.class);
        Label hover = robot.lookup("#ladder-hover").queryAs(Label.class);
        int hovered = 0;
        for (JsonNode exchange : built.get("latency")) {
            if (!exchange.get(1).asText().equals("ack_rtt")
                    || !exchange.get(0).asText().equals(requester.forward().name())) {
                continue;
            }
            long request = exchange.get(2).asLong();
            int point = 0;
            while (ladder.frame(point) != request) {
                point++;
            }
            int at = point;
            double[] pixel = fx(() -> view.pixelOf(at));
            robot.moveTo(fx(() -> canvas.localToScreen(pixel[0], pixel[1])));
            WaitForAsyncUtils.waitForFxEvents();
            String text = fx(hover::getText);
            // points closer than a pixel at this zoom: the hover may name another of them
            if (text.startsWith("frame " + request + " ")) {
                assertTrue(text.contains("ACK after " + Formats.duration(exchange.get(4).asLong()) + " (frame "
                        + exchange.get(3).asLong() + ")"), text);
                hovered++;
            }
        }
        assertTrue(hovered > 0, "no timed request could be hovered alone");
        fx(() -> {
            view.stage().close();
            return null;
        });
    }

    /**
     * At Fit, the events of the busiest incast conversation with a NAK stand out from its packets: the NAK is a mark
     * 13 pixels across (a packet is a 3-pixel dash), every gap and retransmission too, whatever the zoom. The ladder
     * drawn is written to target/psn-ladder-fit.png to be looked at.
     */
    @Test
    void atFitEveryEventIsDrawnLargerThanAPacket(FxRobot robot) throws IOException {
        LadderShown shown = busiestNakLadder();
        PsnLadder ladder = shown.ladder();
        PsnLadderView view = shown.view();
        Canvas canvas = robot.lookup("#psn-ladder").queryAs(Canvas.class);
        javafx.scene.image.WritableImage drawn = fx(() -> canvas.snapshot(null, null));
        Png.write(drawn, Path.of("target/psn-ladder-fit.png"));
        int events = 0;
        for (int i = 0; i < ladder.size(); i++) {
            int kind = ladder.kind(i);
            if (kind != PsnLadder.NAK && kind != PsnLadder.RNR_NAK) {
                continue;
            }
            int point = i;
            double[] pixel = fx(() -> view.pixelOf(point));
            javafx.scene.paint.Color colour = kind == PsnLadder.NAK
                    ? javafx.scene.paint.Color.web(ladder.direction(i) == 0 ? "#ff4040" : "#c00000")
                    : javafx.scene.paint.Color.web(ladder.direction(i) == 0 ? "#ff8ad8" : "#d0209a");
            // 7 pixels either side of the NAK's place: a diamond 13 across has 40 pixels wholly of its colour (its
            // edges blend), a 3-pixel dash 9
            int painted = 0;
            for (int x = (int) pixel[0] - 7; x <= (int) pixel[0] + 7; x++) {
                for (int y = (int) pixel[1] - 7; y <= (int) pixel[1] + 7; y++) {
                    if (x >= 0 && y >= 0 && x < drawn.getWidth() && y < drawn.getHeight()
                            && close(drawn.getPixelReader().getColor(x, y), colour)) {
                        painted++;
                    }
                }
            }
            assertTrue(painted >= 30, "frame " + ladder.frame(i) + ": " + painted + " pixels of its NAK colour");
            events++;
        }
        assertTrue(events > 0, "the conversation has NAKs");
        fx(() -> {
            view.stage().close();
            return null;
        });
    }

    private static boolean close(javafx.scene.paint.Color a, javafx.scene.paint.Color b) {
        return Math.abs(a.getRed() - b.getRed()) < 0.03 && Math.abs(a.getGreen() - b.getGreen()) < 0.03
                && Math.abs(a.getBlue() - b.getBlue()) < 0.03;
    }

    @Test
    void clickingAPausedIntervalSelectsItsXoffFrame(FxRobot robot) throws IOException {
        Samples.Loaded loaded = Samples.load(Samples.PFC_STORM);
        PfcView view = fx(() -> {
            PfcView made = new PfcView(null, link, (capture, options, done, failed) -> { });
            made.open(new AnalysedCapture(Samples.PFC_STORM, new IndexedCapture(loaded.index(), null), loaded.analysis(), null, null, 0, null));
            return made;
        });
        WaitForAsyncUtils.waitForFxEvents();
        PausedInterval longest = loaded.analysis().pausedIntervals().stream()
                .max(Comparator.comparingDouble(PausedInterval::durationNanos)).orElseThrow();
        double[] pixel = fx(() -> view.pixelOf(longest));
        Canvas canvas = robot.lookup("#pfc-timeline").queryAs(Canvas.class);
        robot.moveTo(fx(() -> canvas.localToScreen(pixel[0], pixel[1])));
        WaitForAsyncUtils.waitForFxEvents();
        String hover = fx(() -> ((javafx.scene.control.Label) robot.lookup("#pfc-hover").query()).getText());
        assertTrue(hover.contains("XOFF frame " + longest.startFrame()), hover);
        robot.clickOn(fx(() -> canvas.localToScreen(pixel[0], pixel[1])));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(longest.startFrame()), selected);
        fx(() -> {
            view.stage().close();
            return null;
        });
    }

    /** The PFC view's QCN rows: hovering a CNM's tick names its frame and feedback; a click selects it. */
    @Test
    void clickingACnmSelectsItsFrame(FxRobot robot, @TempDir Path dir) throws IOException {
        Path capture = dir.resolve("qcn.pcap");
        io.rocelens.generate.Generator.generate(new io.rocelens.generate.Generator.Options(
                io.rocelens.generate.Scenario.QCN, 3000, 3, io.rocelens.generate.Generator.DEFAULT_LINK_SPEED_BPS,
                65_535, 5, io.rocelens.capture.CaptureFormat.PCAP), capture, null);
        Samples.Loaded loaded = Samples.load(capture);
        PfcView view = fx(() -> {
            PfcView made = new PfcView(null, link, (c, options, done, failed) -> { });
            made.open(new AnalysedCapture(capture, new IndexedCapture(loaded.index(), null), loaded.analysis(), null, null, 0,
                    null));
            return made;
        });
        WaitForAsyncUtils.waitForFxEvents();
        // the strongest feedback of the second point (priority 5): the last row
        io.rocelens.analysis.Cnm strongest = loaded.analysis().cnms().stream().filter(c -> c.priority() == 5)
                .max(Comparator.comparingInt(io.rocelens.analysis.Cnm::qfb)).orElseThrow();
        double[] pixel = fx(() -> view.pixelOf(strongest));
        Canvas canvas = robot.lookup("#pfc-timeline").queryAs(Canvas.class);
        robot.moveTo(fx(() -> canvas.localToScreen(pixel[0], pixel[1])));
        WaitForAsyncUtils.waitForFxEvents();
        String hover = fx(() -> ((javafx.scene.control.Label) robot.lookup("#pfc-hover").query()).getText());
        assertTrue(hover.startsWith("CNM frame " + strongest.frame() + " from CP 0x02000000cc020005 priority 5: qFb "
                + strongest.qfb()), hover);
        robot.clickOn(fx(() -> canvas.localToScreen(pixel[0], pixel[1])));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(strongest.frame()), selected);
        fx(() -> {
            view.stage().close();
            return null;
        });
    }

    @Test
    void brushingTheWholeChartFiltersToEveryFrame(FxRobot robot) throws IOException, FilterException {
        Samples.Loaded loaded = Samples.load(Samples.MIXED);
        BandwidthView view = fx(() -> {
            BandwidthView made = new BandwidthView(null, link, Preferences.load(config));
            made.open(new AnalysedCapture(Samples.MIXED, new IndexedCapture(loaded.index(), null), loaded.analysis(), null, null, 0, null));
            return made;
        });
        WaitForAsyncUtils.waitForFxEvents();
        Canvas canvas = robot.lookup("#bandwidth-chart").queryAs(Canvas.class);
        Point2D from = fx(() -> canvas.localToScreen(2, canvas.getHeight() / 2));
        Point2D to = fx(() -> canvas.localToScreen(canvas.getWidth() - 2, canvas.getHeight() / 2));
        robot.drag(from).dropTo(to);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, filters.size());
        assertTrue(filters.get(0).startsWith("frame.time_relative >= "), filters.get(0));
        // tshark -r mixed.pcapng | wc -l: 401 frames
        assertEquals(401, Samples.framesPassing(loaded.index(), filters.get(0)).size());
        fx(() -> {
            view.stage().close();
            return null;
        });
    }

    /** The exported PNG carries the legend of priorities the window shows above the chart. */
    @Test
    void theBandwidthPngHasTheLegend(@org.junit.jupiter.api.io.TempDir Path out) throws IOException {
        Samples.Loaded loaded = Samples.load(Samples.MIXED);
        BandwidthView view = fx(() -> {
            BandwidthView made = new BandwidthView(null, link, Preferences.load(config));
            made.open(new AnalysedCapture(Samples.MIXED, new IndexedCapture(loaded.index(), null), loaded.analysis(), null,
                    null, 0, null));
            return made;
        });
        WaitForAsyncUtils.waitForFxEvents();
        Path png = out.resolve("bandwidth.png");
        double chartHeight = fx(() -> {
            view.exportPng(png);
            return view.stage().getScene().lookup("#bandwidth-chart").getBoundsInLocal().getHeight();
        });
        java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(png.toFile());
        int legendHeight = image.getHeight() - (int) chartHeight;
        assertTrue(legendHeight > 10, "no room above the chart: " + legendHeight);
        // the truth (mixed.json priority_bytes): priorities 0 to 6 carry bytes; each has its swatch in the legend
        for (int priority = 0; priority <= 6; priority++) {
            javafx.scene.paint.Color colour = io.rocelens.app.gui.common.ChartColours.priority(priority);
            int rgb = (int) Math.round(colour.getRed() * 255) << 16 | (int) Math.round(colour.getGreen() * 255) << 8
                    | (int) Math.round(colour.getBlue() * 255);
            boolean found = false;
            for (int y = 0; y < legendHeight && !found; y++) {
                for (int x = 0; x < image.getWidth() && !found; x++) {
                    found = (image.getRGB(x, y) & 0xffffff) == rgb;
                }
            }
            assertTrue(found, "no swatch of priority " + priority + " above the chart");
        }
        fx(() -> {
            view.stage().close();
            return null;
        });
    }

    @Test
    void etsSharesTypedInTheBandwidthViewAreKeptInThePreferences(FxRobot robot) throws IOException {
        Samples.Loaded loaded = Samples.load(Samples.MIXED);
        AnalysedCapture capture = new AnalysedCapture(Samples.MIXED, new IndexedCapture(loaded.index(), null), loaded.analysis(), null, null,
                0, null);
        Preferences typedIn = Preferences.load(config);
        BandwidthView first = fx(() -> {
            BandwidthView made = new BandwidthView(null, link, typedIn);
            made.open(capture);
            return made;
        });
        robot.clickOn("#bandwidth-ets").write("0=70,3=30").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        // shares over 100 % are refused and not kept
        robot.clickOn("#bandwidth-ets").write(",5=50").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        typedIn.save();
        fx(() -> {
            first.stage().close();
            return null;
        });

        BandwidthView second = fx(() -> {
            BandwidthView made = new BandwidthView(null, link, Preferences.load(config));
            made.open(capture);
            return made;
        });
        WaitForAsyncUtils.waitForFxEvents();
        TextField ets = robot.lookup("#bandwidth-ets").queryAs(TextField.class);
        assertEquals("0=70,3=30", fx(ets::getText));
        @SuppressWarnings("unchecked")
        TableView<BandwidthChart.ShareLine> shares = robot.lookup("#bandwidth-shares").queryAs(TableView.class);
        List<String> configured = fx(() -> shares.getItems().stream()
                .filter(line -> !Double.isNaN(line.configured()))
                .map(line -> line.priority() + "=" + line.configured()).toList());
        assertEquals(List.of("0=70.0", "3=30.0"), configured);
        fx(() -> {
            second.stage().close();
            return null;
        });
    }

    private static <T> T fx(Callable<T> action) {
        return WaitForAsyncUtils.waitForAsyncFx(60_000, action);
    }
}
