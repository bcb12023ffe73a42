package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.rocelens.app.gui.packetlist.model.ColouringRules;
import io.rocelens.app.gui.packetlist.model.PacketListModel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.ListView;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * Colorize Conversation through the real window on mixed.pcapng, as Wireshark's: temporary colours (Wireshark's
 * gui.colorized_frame.bg: Color 1 #ffc0c0, Color 2 #ffc0ff) checked before the colouring rules, in slot order. Frame
 * 63 is the NAK from 10.0.0.4 to 10.0.0.3 on QP 0x000044; its QP conversation is that QP and the one coming back,
 * 0x000055 (the only two between those hosts). The frames, from tshark 4.0:
 * <pre>
 * tshark -r mixed.pcapng -Y "(ip.src==10.0.0.3 &amp;&amp; ip.dst==10.0.0.4 &amp;&amp; infiniband.bth.destqp==0x55)
 *   || (ip.src==10.0.0.4 &amp;&amp; ip.dst==10.0.0.3 &amp;&amp; infiniband.bth.destqp==0x44)" -T fields -e frame.number
 * tshark -r mixed.pcapng -Y "ip.addr==10.0.0.4 &amp;&amp; ip.addr==10.0.0.3 &amp;&amp; !infiniband"   (frame 144)
 * </pre>
 */
class ColorizeConversationTest {

    private static final Path MIXED = Path.of("../sample-captures/mixed.pcapng").toAbsolutePath();
    private static final List<Long> QP_CONVERSATION = List.of(53L, 54L, 55L, 56L, 57L, 58L, 59L, 60L, 61L, 62L, 63L,
            64L, 65L, 66L, 67L, 68L, 168L, 169L, 182L, 183L, 187L, 188L, 189L, 190L, 206L, 207L, 229L, 230L, 231L,
            232L, 236L, 237L, 238L, 257L, 258L, 271L, 272L, 273L, 274L, 290L, 291L, 292L, 293L, 294L, 295L, 296L,
            297L, 316L, 317L, 318L, 319L, 325L, 326L, 327L, 328L, 335L, 336L, 337L, 338L, 344L, 345L, 352L, 353L,
            378L, 379L, 394L, 395L, 396L, 397L);

    @TempDir
    static Path folder;

    @RegisterExtension
    final WindowOnCapture sample = new WindowOnCapture(folder.resolve("config"), MIXED, 401);

    @Test
    void aConversationTakesATemporaryColourBeforeTheRulesUntilReset(FxRobot robot) throws Exception {
        defaultRules();
        Fx.selectFrame(robot, 63);
        fx(() -> {
            contextItem(robot, "Colorize Conversation", "RoCE QP", "Color 1").fire();
            return null;
        });
        waitUntil(() -> framesColoured("Color 1").equals(QP_CONVERSATION), () -> "Color 1: "
                + framesColoured("Color 1"));
        assertEquals("#ffc0c0", fx(() -> sample.window().packets().look(62).colour().background()));

        fx(() -> {
            contextItem(robot, "Colorize Conversation", "IPv4 / IPv6", "Color 2").fire();
            return null;
        });
        // the IP pair holds the QP conversation and frame 144 (ICMP): Color 1 comes first where both match
        waitUntil(() -> framesColoured("Color 2").equals(List.of(144L)), () -> "Color 2: "
                + framesColoured("Color 2"));
        assertEquals(QP_CONVERSATION, framesColoured("Color 1"));
        assertEquals("#ffc0ff", fx(() -> sample.window().packets().look(143).colour().background()));

        // Reset Colorization by Wireshark's key, Ctrl+Space, with the packet list focused: the selection stays
        fx(() -> {
            Fx.packetList(robot).requestFocus();
            return null;
        });
        robot.press(KeyCode.CONTROL).type(KeyCode.SPACE).release(KeyCode.CONTROL);
        waitUntil(() -> framesColoured("Color 1").isEmpty() && framesColoured("Color 2").isEmpty()
                && framesColoured(null).isEmpty(), () -> "still " + framesColoured("Color 1"));
        assertEquals(63, Fx.selectedFrame(robot), "Ctrl+Space left the selection as it was");
        // the user's rules were never touched: the NAK is a NAK again
        assertEquals("NAK", fx(() -> sample.window().packets().look(62).colour().name()));
    }

    /**
     * The Ethernet and UDP conversations, read from the frame again (the index holds neither MACs nor ports of IP
     * frames): tshark's {@code eth.addr==02:00:00:00:00:04 && eth.addr==02:00:00:00:00:03} (the QP conversation and
     * frame 144) and {@code ip.addr==10.0.0.4 && ip.addr==10.0.0.3 && udp.port==51345 && udp.port==4791} (frame 63's
     * ports; the QP conversation's frames).
     */
    @Test
    void theEthernetAndUdpConversationsAreTsharks(FxRobot robot) throws Exception {
        defaultRules();
        Fx.selectFrame(robot, 63);
        fx(() -> {
            contextItem(robot, "Colorize Conversation", "Ethernet", "Color 3").fire();
            return null;
        });
        List<Long> ethernet = new ArrayList<>(QP_CONVERSATION);
        ethernet.add(16, 144L);
        waitUntil(() -> framesColoured("Color 3").equals(ethernet), () -> "Color 3: " + framesColoured("Color 3"));
        assertEquals("#e0c0e0", fx(() -> sample.window().packets().look(143).colour().background()));
        fx(() -> {
            sample.window().conversationColouring().reset();
            contextItem(robot, "Colorize Conversation", "UDP", "Color 4").fire();
            return null;
        });
        waitUntil(() -> framesColoured("Color 4").equals(QP_CONVERSATION) && framesColoured("Color 3").isEmpty(),
                () -> "Color 4: " + framesColoured("Color 4"));
    }

    /** New Coloring Rule… opens the Colouring Rules with the conversation's rule on top; OK keeps it. */
    @Test
    void newColoringRuleAddsTheConversationsRuleFirst(FxRobot robot) throws Exception {
        defaultRules();
        Fx.selectFrame(robot, 63);
        Platform.runLater(() -> Fx.item(sample.stage(), "View", "Colorize Conversation", "New Coloring Rule")
                .fire());
        waitUntil(() -> rulesDialog() != null);
        DialogPane dialog = fx(ColorizeConversationTest::rulesDialog);
        assertEquals("Conversation", fx(() -> {
            @SuppressWarnings("unchecked")
            ListView<Integer> list = (ListView<Integer>) dialog.lookup("#colouring-rules");
            list.getSelectionModel().select(0);
            return ((javafx.scene.control.TextField) dialog.lookup("#rule-name")).getText();
        }), "the conversation's rule is the first");
        Window window = fx(() -> dialog.getScene().getWindow());
        fx(() -> {
            ((Button) dialog.lookupButton(ButtonType.OK)).fire();
            return null;
        });
        waitUntil(() -> !window.isShowing());
        ColouringRules.Rule first = fx(() -> sample.window().packets().colours().rules().get(0));
        assertEquals("Conversation", first.name());
        waitUntil(() -> framesColoured("Conversation").equals(QP_CONVERSATION), () -> "Conversation: "
                + framesColoured("Conversation"));
    }

    // ---------------------------------------------------------------------------------------------- helpers

    /** The tests share the preferences (New Coloring Rule… saves a rule): each starts from the default rules. */
    private void defaultRules() {
        fx(() -> {
            sample.window().colouringRulesChanged(ColouringRules.defaults());
            return null;
        });
    }

    /** The frames whose row is coloured by the rule of that name (null: any "Color N"), once every look is built. */
    private List<Long> framesColoured(String rule) {
        return fx(() -> {
            PacketListModel packets = sample.window().packets();
            List<Long> frames = new ArrayList<>();
            boolean built = true;
            for (int index = 0; index < packets.size(); index++) {
                PacketListModel.RowLook look = packets.look(index);
                built &= look != PacketListModel.PLACEHOLDER;
                String name = look.colour() == null ? "" : look.colour().name();
                if (rule == null ? name.startsWith("Color ") : name.equals(rule)) {
                    frames.add(packets.rowAt(index) + 1L);
                }
            }
            return built ? frames : List.of(-1L);
        });
    }

    private static MenuItem contextItem(FxRobot robot, String... path) {
        TableView<?> list = Fx.node(robot, "#packet-list");
        List<MenuItem> items = list.getContextMenu().getItems();
        MenuItem found = null;
        for (String name : path) {
            found = items.stream().filter(item -> item.getText() != null
                    && item.getText().replace("_", "").equals(name)).findFirst()
                    .orElseThrow(() -> new AssertionError("no item " + name));
            if (found instanceof Menu menu) {
                items = menu.getItems();
            }
        }
        return found;
    }

    private static DialogPane rulesDialog() {
        for (Window open : Window.getWindows()) {
            if (open.isShowing() && open.getScene() != null && open.getScene().lookup("#colouring-rules") != null) {
                return (DialogPane) open.getScene().getRoot();
            }
        }
        return null;
    }
}
