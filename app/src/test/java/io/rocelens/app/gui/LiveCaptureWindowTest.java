package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.click;
import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.node;
import static io.rocelens.app.gui.Fx.present;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.analysis.FlowStats;
import io.rocelens.app.gui.stats.conversations.model.Conversation;
import io.rocelens.app.gui.stats.conversations.model.Conversations;
import io.rocelens.live.CaptureOptions;
import io.rocelens.live.CaptureOutput;
import io.rocelens.live.SentFrames;
import io.rocelens.live.Veth;
import io.rocelens.live.VethPairs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * Capture in the real window (Monocle) on a real veth pair: the frames of mixed.pcapng are sent from the namespace
 * end with {@code rocelens replay} while the window captures on the outer end. What must arrive is decided from
 * tshark's decoding of the sent file ({@link SentFrames}), not by the code under test.
 */
@Tag("veth")
@ExtendWith(VethPairs.class)
class LiveCaptureWindowTest {

    private static final Path MIXED = Path.of("../sample-captures/mixed.pcapng").toAbsolutePath();

    @TempDir
    static Path folder;

    /** Each test's own preferences: a capture started through the Options dialog saves its filter there. */
    @RegisterExtension
    final WindowOnCapture window = new WindowOnCapture(folder.resolve("config-" + UUID.randomUUID()), MIXED, 401);

    @Test
    void theListAndTheQpConversationsFillWhileCapturingThenSaveAsKeepsTheFile(FxRobot robot, Veth veth,
                                                                              SentFrames sent) throws Exception {
        window.menu("Statistics", "QP Conversations");
        openOptions(robot);
        pick(robot, veth.outside);
        TextField filter = node(robot, "#capture-filter");
        assertEquals(CaptureOptions.DEFAULT_FILTER, filter.getText());
        // libpcap checks it on a thread of its own
        waitUntil(() -> filter.getStyleClass().contains("filter-valid")
                && !filter.getStyleClass().contains("filter-checking"), () -> filter.getStyleClass().toString());
        click(robot, "#capture-start");
        waitUntil(() -> capture().startsWith("Capturing · Captured: 0"), this::capture);

        // slowly enough (about 3 s) to see the list part-filled while the sender runs
        Process sender = veth.replay(SentFrames.CAPTURE, "--pps", "150");
        waitUntil(() -> rows() > 0 && rows() < sent.count(), () -> "rows " + rows());
        TableView<Conversation> conversations = node(robot, "#conversations");
        waitUntil(() -> !conversations.getItems().isEmpty(), () -> "no conversation yet");
        String chosen = fx(() -> {
            conversations.getSelectionModel().select(0);
            return key(conversations.getSelectionModel().getSelectedItem().forward());
        });
        assertTrue(sender.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, sender.exitValue());
        waitUntil(() -> rows() == sent.count(), () -> "rows " + rows() + " of " + sent.count());
        // still capturing: the views show the analysis so far
        waitUntil(() -> packetsIn(conversations) == sent.withField("infiniband.bth.opcode"),
                () -> packetsIn(conversations) + " packets in the conversations");
        assertEquals(sent.flows().size(), fx(() -> conversations.getItems().stream()
                .mapToInt(c -> c.flows().size()).sum()), "flows in the conversations");
        // the conversation chosen while frames came is still selected after the view's refreshes
        assertTrue(fx(() -> {
            Conversation now = conversations.getSelectionModel().getSelectedItem();
            return now != null && now.flows().stream().anyMatch(flow -> key(flow).equals(chosen));
        }), chosen);
        assertTrue(capture().startsWith("Capturing"), capture());

        // a frame's details while capturing (the newest frames come from memory, the file is flushed every 100 ms)
        click(robot, "#packet-list");      // the main window has the keys, not the conversations
        fx(() -> {
            ((TableView<?>) window.stage().getScene().lookup("#packet-list")).getSelectionModel().selectLast();
            return null;
        });
        waitUntil(() -> !((javafx.scene.control.TreeView<?>) window.stage().getScene().lookup("#details")).getRoot()
                .getChildren().isEmpty(), () -> "no details");
        robot.press(KeyCode.CONTROL).type(KeyCode.E).release(KeyCode.CONTROL);
        waitUntil(() -> capture().equals("Captured: " + sent.count() + " · Dropped: 0"), this::capture);
        assertTrue(window.status().contains("temporary: File › Save keeps it"), window.status());
        Path temporary = Path.of(window.status().replaceFirst(".* into (.*) \\(temporary.*", "$1"));
        assertTrue(Files.exists(temporary), temporary.toString());

        Path saved = folder.resolve("saved.pcapng");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(temporary)),
                "a temporary capture is the user's only");
        assertTrue(fx(() -> window.window().saveTo(saved)));
        // moved in the background, then opened from its new name
        waitUntil(() -> window.status().equals("saved.pcapng: " + sent.count() + " packets in")
                || window.status().startsWith("saved.pcapng: " + sent.count() + " packets in "), window::status);
        assertFalse(Files.exists(temporary), "the temporary file was moved");
        sent.assertArrived(SentFrames.read(saved));
        assertEquals("RoCE Lens — saved.pcapng", fx(() -> window.stage().getTitle()));
        // saved, it has the mode any new file there gets (the umask's), not the temporary file's 0600
        Path fresh = Files.createFile(folder.resolve("fresh-" + UUID.randomUUID()));
        assertEquals(Files.getPosixFilePermissions(fresh), Files.getPosixFilePermissions(saved));
    }

    /**
     * "Limit to display filter" stays on through the refreshes of a live capture: the rows shown while it still
     * captures are those of {@code rocelens analyze -Y FILTER --qp-csv} on the frames captured.
     */
    @Test
    void limitToDisplayFilterStaysOnWhileCapturing(FxRobot robot, Veth veth, SentFrames sent) throws Exception {
        String displayFilter = "bth.dqpn == 0x55 || bth.dqpn == 0x44";
        startCapture(veth.outside);
        waitUntil(() -> capture().startsWith("Capturing"), this::capture);
        Path file = Path.of(System.getProperty("java.io.tmpdir"), window.status().replaceFirst(".* into ", ""));
        click(robot, "#filter-field").write(displayFilter).type(KeyCode.ENTER);
        window.menu("Statistics", "QP Conversations");     // over the filter bar: opened after typing in it
        CheckBox limit = node(robot, "#conversation-limit");
        robot.clickOn(limit);
        waitUntil(() -> note().equals("limited to \"" + displayFilter + "\""), LiveCaptureWindowTest::note);

        Process sender = veth.replay(SentFrames.CAPTURE, "--pps", "150");
        TableView<Conversation> conversations = node(robot, "#conversations");
        int samples = 0;
        while (sender.isAlive()) {
            assertTrue(fx(limit::isSelected), "the limit is still on after " + samples + " samples");
            assertTrue(note().matches("limited to .*|analysing the packets of .*"), note());
            samples++;
            Thread.sleep(50);
        }
        assertEquals(0, sender.exitValue());
        // several samples across the capture's refreshes; each takes two trips to the FX thread, which a loaded
        // machine slows to a few a second (18 were seen where 20 were asked for)
        assertTrue(samples > 5, samples + " samples while frames came");
        waitUntil(() -> counts().startsWith("Packets: " + sent.count() + " "), this::counts);

        // what rocelens analyze makes of the frames captured, once the file holds them all: the list can be ahead
        // of the file, which is flushed every 100 ms
        waitUntil(() -> framesWrittenTo(file) == sent.count(), file::toString);
        Path expectedCsv = folder.resolve("limited.csv");
        assertEquals(0, io.rocelens.app.Main.run("analyze", "-Y", displayFilter, "--qp-csv", expectedCsv.toString(),
                file.toString()));
        List<String> expected = sortedLines(Files.readString(expectedCsv));
        assertTrue(expected.size() - 1 < sent.flows().size(), "the filter keeps some flows only: " + expected);
        waitUntil(() -> sortedLines(fx(() -> Conversations.csv(List.copyOf(conversations.getItems()))))
                .equals(expected), () -> counts() + ", " + note() + ": "
                + fx(() -> Conversations.csv(List.copyOf(conversations.getItems()))));
        assertTrue(fx(limit::isSelected));
        assertTrue(capture().startsWith("Capturing"), "still capturing: " + capture());
        window.menu("Capture", "Stop");
        waitUntil(() -> capture().startsWith("Captured: "), this::capture);
    }

    /** The status bar never says fewer packets captured than the list holds; after Stop, both are the frames sent. */
    @Test
    void theCapturedCountNeverLagsThePacketList(Veth veth, SentFrames sent) throws Exception {
        startCapture(veth.outside);
        waitUntil(() -> capture().startsWith("Capturing"), this::capture);
        Process sender = veth.replay(SentFrames.CAPTURE, "--loop", "5", "--pps", "1000");
        Pattern captured = Pattern.compile("Capturing · Captured: (\\d+) · Dropped: 0");
        Pattern listed = Pattern.compile("Packets: (\\d+) · .*");
        int samples = 0;
        while (sender.isAlive()) {
            String[] both = fx(() -> new String[] {capture(), counts()});
            Matcher capturedNow = captured.matcher(both[0]);
            Matcher listedNow = listed.matcher(both[1]);
            assertTrue(capturedNow.matches() && listedNow.matches(), String.join(" | ", both));
            assertTrue(Long.parseLong(capturedNow.group(1)) >= Long.parseLong(listedNow.group(1)),
                    String.join(" | ", both));
            samples++;
            Thread.sleep(10);
        }
        assertEquals(0, sender.exitValue());
        // several samples across the capture's refreshes; each takes two trips to the FX thread, which a loaded
        // machine slows to a few a second (18 were seen where 20 were asked for)
        assertTrue(samples > 5, samples + " samples while frames came");
        int count = 5 * sent.count();
        waitUntil(() -> counts().startsWith("Packets: " + count + " "), this::counts);
        window.menu("Capture", "Stop");
        waitUntil(() -> capture().equals("Captured: " + count + " · Dropped: 0"), this::capture);
        assertTrue(counts().startsWith("Packets: " + count + " "), counts());
    }

    /**
     * A long capture followed with Auto Scroll (the default) keeps only the newest rows in the list, the newest at the
     * bottom, so the list's cost does not grow with the capture (JavaFX's list walks every row it holds at each
     * growth); after Stop the list holds every frame again, and a frame selected meanwhile is still selected.
     */
    @Test
    void aLongFollowedCaptureListsTheNewestRowsThenAllAfterStop(Veth veth, SentFrames sent) throws Exception {
        // JavaFX's list logs when a layout looks for rows past its end (after its rows were swapped for fewer)
        List<String> listComplaints = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Logger controls = java.util.logging.Logger.getLogger("javafx.scene.control");
        java.util.logging.Handler complaints = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                listComplaints.add(record.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        controls.addHandler(complaints);
        try {
            followLongCapture(veth, sent);
        } finally {
            controls.removeHandler(complaints);
        }
        assertEquals(List.of(), listComplaints);
    }

    private void followLongCapture(Veth veth, SentFrames sent) throws Exception {
        startCapture(veth.outside);
        waitUntil(() -> capture().startsWith("Capturing"), this::capture);
        veth.replayAndWait(SentFrames.CAPTURE);
        int first = sent.count();
        waitUntil(() -> counts().startsWith("Packets: " + first + " "), this::counts);
        fx(() -> {
            packetList().getSelectionModel().select(3);
            return null;
        });
        int loops = 50;     // 20,050 frames: past twice the 8,192 newest rows the list keeps while it follows
        Process sender = veth.replay(SentFrames.CAPTURE, "--loop", Integer.toString(loops), "--pps", "20000");
        assertEquals(0, sender.waitFor());
        int count = (loops + 1) * first;
        waitUntil(() -> counts().startsWith("Packets: " + count + " "), this::counts);
        waitUntil(() -> fx(() -> lastListed() == count - 1), () -> "last row " + fx(this::lastListed));
        assertTrue(rows() <= 2 * 8192, rows() + " rows while following " + count + " frames");
        // Auto Scroll off: the frames that come next join a list of every row, which stays so
        fx(() -> {
            // as a click does: the check mark goes, then the item's action runs
            javafx.scene.control.CheckMenuItem autoScroll = (javafx.scene.control.CheckMenuItem) Fx.item(
                    window.stage(), "View", "Auto Scroll in Live Capture");
            autoScroll.setSelected(false);
            autoScroll.fire();
            return null;
        });
        veth.replayAndWait(SentFrames.CAPTURE, "--loop", "2");
        int more = count + 2 * first;
        waitUntil(() -> counts().startsWith("Packets: " + more + " "), this::counts);
        waitUntil(() -> rows() == more, () -> rows() + " rows once Auto Scroll is off");
        assertEquals(3, fx(() -> packetList().getSelectionModel().getSelectedIndex()));
        window.menu("Capture", "Stop");
        waitUntil(() -> capture().equals("Captured: " + more + " · Dropped: 0"), this::capture);
        waitUntil(() -> rows() == more, () -> rows() + " rows after Stop");
        assertEquals(3, fx(() -> packetList().getSelectionModel().getSelectedIndex()));
        assertEquals(more - 1, fx(this::lastListed));
    }

    @SuppressWarnings("unchecked")
    private TableView<Integer> packetList() {
        return (TableView<Integer>) window.stage().getScene().lookup("#packet-list");
    }

    /** The model's place of the list's last row. */
    private int lastListed() {
        List<Integer> items = packetList().getItems();
        return items.get(items.size() - 1);
    }

    @Test
    void closingAnUnsavedCaptureAsksFirstAndDontSaveDeletesIt(FxRobot robot, Veth veth) throws Exception {
        startCapture(veth.outside);
        waitUntil(() -> capture().startsWith("Capturing"), this::capture);
        veth.replayAndWait(SentFrames.CAPTURE);
        robot.press(KeyCode.CONTROL).type(KeyCode.E).release(KeyCode.CONTROL);
        waitUntil(() -> capture().startsWith("Captured: "), this::capture);
        Path temporary = Path.of(window.status().replaceFirst(".* into (.*) \\(temporary.*", "$1"));
        int captured = rows();

        fireLater("File", "Close");
        answerUnsavedCapture(robot, "Cancel");
        waitUntil(() -> !present(robot, "#unsaved-capture"));
        assertEquals(captured, rows(), "Cancel keeps the capture open");
        assertTrue(Files.exists(temporary));

        fireLater("File", "Close");
        answerUnsavedCapture(robot, "Don't Save");
        waitUntil(() -> rows() == 0, () -> "rows " + rows());
        assertFalse(Files.exists(temporary), "Don't Save deletes the temporary file");
        assertEquals("RoCE Lens", fx(() -> window.stage().getTitle()));
    }

    /** The Options dialog's mirror preset catches a switch's mirror: every frame of an ERSPAN III mirror arrives. */
    @Test
    void theMirroredPresetCapturesAnErspanMirror(FxRobot robot, Veth veth) throws Exception {
        Path mirror = folder.resolve("mirror-erspan3.pcapng");
        assertEquals(0, io.rocelens.app.Main.run("generate", "mixed", "--encap", "erspan3", "-o", mirror.toString()));
        int frames = SentFrames.read(mirror).size();
        openOptions(robot);
        pick(robot, veth.outside);
        click(robot, "#capture-filter-mirror");
        TextField filter = node(robot, "#capture-filter");
        waitUntil(() -> filter.getStyleClass().contains("filter-valid")
                && !filter.getStyleClass().contains("filter-checking"), () -> filter.getStyleClass().toString());
        assertEquals(CaptureOptions.MIRROR_FILTER, fx(filter::getText), "the filter of rocelens capture --mirror");
        click(robot, "#capture-start");
        waitUntil(() -> capture().startsWith("Capturing"), this::capture);
        veth.replayAndWait(mirror);
        waitUntil(() -> rows() == frames, () -> "rows " + rows() + " of " + frames);
        window.menu("Capture", "Stop");
        waitUntil(() -> capture().equals("Captured: " + frames + " · Dropped: 0"), this::capture);
    }

    @Test
    void aBadCaptureFilterTurnsRedWithLibpcapsMessageAndStartRefuses(FxRobot robot) throws Exception {
        openOptions(robot);
        TextField filter = node(robot, "#capture-filter");
        fx(() -> {
            filter.clear();
            return null;
        });
        robot.clickOn(filter).write("udp prot 4791");
        // checked by libpcap on a thread of its own, as it is typed
        waitUntil(() -> filter.getStyleClass().contains("filter-invalid")
                && !filter.getStyleClass().contains("filter-checking"), () -> filter.getStyleClass().toString());
        // libpcap's own words for it (pcap_compile's error text)
        assertEquals("can't parse filter expression: syntax error",
                Fx.<Label>node(robot, "#capture-filter-message").getText());
        click(robot, "#capture-start");
        assertTrue(present(robot, "#capture-options"), "the dialog stays open");
        assertTrue(Fx.<Label>node(robot, "#capture-options-problem").getText()
                .startsWith("The capture filter is not valid"));
        assertEquals("", capture(), "nothing started");
        Button cancel = fx(() -> robot.lookup("Cancel").match(Button.class::isInstance).query());
        robot.clickOn(cancel);
    }

    @Test
    void anInterfaceGoingDownEndsTheCaptureWithADialogSayingTheFileIsKept(FxRobot robot, Veth veth,
                                                                          SentFrames sent) throws Exception {
        startCapture(veth.outside);
        veth.replayAndWait(SentFrames.CAPTURE);
        waitUntil(() -> rows() == sent.count(), () -> "rows " + rows());
        Process down = new ProcessBuilder("ip", "link", "set", veth.outside, "down").start();
        assertEquals(0, down.waitFor());
        waitUntil(() -> present(robot, "#message-dialog"), this::capture);
        DialogPane dialog = node(robot, "#message-dialog");
        assertEquals("The capture stopped", dialog.getHeaderText());
        String text = ((Label) dialog.getContent()).getText();
        assertTrue(text.startsWith("capture on " + veth.outside + " stopped: the interface went down. The "
                + sent.count() + " packets captured before are kept in "), text);
        Path kept = Path.of(text.replaceFirst(".* are kept in (.*)\\.$", "$1"));
        sent.assertArrived(SentFrames.read(kept));
        Files.delete(kept);
    }

    @Test
    void aStopConditionChosenInTheOptionsEndsTheCaptureByItself(FxRobot robot, Veth veth) throws Exception {
        openOptions(robot);
        pick(robot, veth.outside);
        click(robot, "#stop-packets");
        TextField count = node(robot, "#stop-packets-count");
        fx(() -> {
            count.clear();
            return null;
        });
        robot.clickOn(count).write("10");
        click(robot, "#capture-start");
        waitUntil(() -> capture().startsWith("Capturing"), this::capture);
        veth.replayAndWait(SentFrames.CAPTURE);
        waitUntil(() -> capture().equals("Captured: 10 · Dropped: 0"), this::capture);
        waitUntil(() -> rows() == 10, () -> "rows " + rows());
    }

    @Test
    void aRingBufferKeepsItsNewestFilesOpensTheLastAndClosingAsksNothing(FxRobot robot, Veth veth,
                                                                            SentFrames sent) throws Exception {
        Path ring = folder.resolve("ring").resolve("live.pcapng");
        Files.createDirectories(ring.getParent());
        fx(() -> {
            window.window().startCapture(CaptureOptions.of(List.of(veth.outside))
                    .withOutput(new CaptureOutput.RingBuffer(ring, 3, 4000)));
            return null;
        });
        waitUntil(() -> capture().startsWith("Capturing"), this::capture);
        veth.replayAndWait(SentFrames.CAPTURE);
        waitUntil(() -> rows() == sent.count(), () -> "rows " + rows());
        robot.press(KeyCode.CONTROL).type(KeyCode.E).release(KeyCode.CONTROL);
        List<Path> files;
        try (var listed = Files.list(ring.getParent())) {
            files = listed.sorted().toList();
        }
        assertEquals(3, files.size(), files.toString());
        List<io.rocelens.capture.Frame> kept = new java.util.ArrayList<>();
        for (Path file : files) {
            kept.addAll(SentFrames.read(file));
        }
        sent.assertArrivedFrom(sent.count() - kept.size(), kept);
        // then, as in Wireshark, the newest file is open
        Path newest = files.get(2);
        int inNewest = SentFrames.read(newest).size();
        waitUntil(() -> window.status().startsWith(newest.getFileName() + ": " + inNewest + " packets in "),
                window::status);
        assertEquals(inNewest, rows());
        assertEquals("RoCE Lens — " + newest.getFileName(), fx(() -> window.stage().getTitle()));
        assertTrue(fx(() -> Fx.item(window.stage(), "File", "Save").isDisable()), "nothing to save");
        window.menu("File", "Close");
        assertEquals(0, rows(), "closed without asking");
        assertEquals(3, Files.list(ring.getParent()).count(), "the files stay");
    }

    @Test
    void restartDropsThePacketsSoFarAndCapturesAgain(FxRobot robot, Veth veth, SentFrames sent) throws Exception {
        startCapture(veth.outside);
        waitUntil(() -> capture().startsWith("Capturing"), this::capture);
        Path first = Path.of(System.getProperty("java.io.tmpdir"), window.status().replaceFirst(".* into ", ""));
        veth.replayAndWait(SentFrames.CAPTURE);
        waitUntil(() -> rows() == sent.count(), () -> "rows " + rows());
        window.menu("Capture", "Restart");
        waitUntil(() -> capture().startsWith("Capturing · Captured: 0") && rows() == 0,
                () -> capture() + ", rows " + rows());
        assertFalse(Files.exists(first), "the first capture's temporary file is deleted");
        veth.replayAndWait(SentFrames.CAPTURE);
        robot.press(KeyCode.CONTROL).type(KeyCode.E).release(KeyCode.CONTROL);
        waitUntil(() -> capture().equals("Captured: " + sent.count() + " · Dropped: 0"), this::capture);
        assertEquals(sent.count(), rows());
    }

    @Test
    void anInterfaceThatDoesNotExistIsADialogListingThoseThatDo(FxRobot robot) {
        startCapture("rocelens-none0");
        waitUntil(() -> present(robot, "#message-dialog"), () -> "no dialog");
        DialogPane dialog = node(robot, "#message-dialog");
        assertEquals("No such interface", dialog.getHeaderText());
        String text = ((Label) dialog.getContent()).getText();
        assertTrue(text.startsWith("no interface named 'rocelens-none0'; the interfaces are: "), text);
        assertTrue(text.contains("lo"), text);
        assertEquals("", capture(), "nothing started");
        assertEquals(401, rows(), "the file open before stays open");
    }

    private void startCapture(String name) {
        fx(() -> {
            window.window().startCapture(CaptureOptions.of(List.of(name)));
            return null;
        });
    }

    /** Clicks the interface's name in the Options dialog (not a cell the table keeps out of the scene to measure). */
    private static void pick(FxRobot robot, String name) {
        robot.clickOn(fx(() -> robot.lookup("#capture-interfaces").lookup(name).queryAll().stream()
                .filter(cell -> cell.getScene() != null && cell.isVisible()).findFirst().orElseThrow()));
    }

    private void openOptions(FxRobot robot) {
        fireLater("Capture", "Options");
        waitUntil(() -> present(robot, "#capture-interfaces"), () -> "no options dialog");
    }

    /**
     * Clicks a button of the unsaved-capture question once its window shows: that button, not another of the same
     * text (the Options dialog has a Cancel too), and not before the window is placed (a click would miss it).
     */
    private static void answerUnsavedCapture(FxRobot robot, String answer) {
        waitUntil(() -> robot.lookup("#unsaved-capture").tryQuery()
                .map(pane -> pane.getScene() != null && pane.getScene().getWindow().isShowing()).orElse(false),
                () -> "no unsaved-capture question showing");
        DialogPane question = node(robot, "#unsaved-capture");
        Button button = fx(() -> question.getButtonTypes().stream().filter(type -> type.getText().equals(answer))
                .map(type -> (Button) question.lookupButton(type)).findFirst().orElseThrow());
        robot.clickOn(button);
    }

    /** Fires a menu item after this returns: a dialog it opens waits for the user inside the event. */
    private void fireLater(String... path) {
        Platform.runLater(() -> Fx.item(window.stage(), path).fire());
    }

    private int rows() {
        return fx(() -> ((TableView<?>) window.stage().getScene().lookup("#packet-list")).getItems().size());
    }

    /** The QP Conversations window's note on its limit. */
    private static String note() {
        return fx(() -> javafx.stage.Window.getWindows().stream()
                .map(shown -> (Label) shown.getScene().lookup("#conversation-note"))
                .filter(java.util.Objects::nonNull).findFirst().orElseThrow().getText());
    }

    private String counts() {
        return fx(() -> ((Label) window.stage().getScene().lookup("#status-counts")).getText());
    }

    private String capture() {
        return fx(() -> ((Label) window.stage().getScene().lookup("#status-capture")).getText());
    }

    /** The frames of the whole blocks written so far to a capture file that is still being written. */
    private static int framesWrittenTo(Path file) {
        try {
            return SentFrames.read(file).size();
        } catch (IOException cutShort) {
            return -1;
        }
    }

    private static List<String> sortedLines(String csv) {
        return java.util.Arrays.stream(csv.split("\r\n")).sorted().toList();
    }

    private static String key(FlowStats flow) {
        return flow.srcIp() + " → " + flow.dstIp() + " QP " + flow.dstQp();
    }

    private static long packetsIn(TableView<Conversation> conversations) {
        return fx(() -> conversations.getItems().stream().mapToLong(Conversation::packets).sum());
    }
}
