package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.rocelens.app.gui.common.model.Preferences;
import io.rocelens.app.gui.packetlist.model.ColouringRules;
import io.rocelens.app.gui.stats.Png;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ColorPicker;
import javafx.scene.control.DialogPane;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * View › Colouring Rules through the real window on Monocle, as a user edits the rules: what is typed is what OK
 * keeps, a new rule colours nothing until it has a filter, every rule is in sight, and nothing is cut off. The
 * default rules and their colours are the README's list (13 rules); frame 1 of mixed.pcapng is ARP (tshark:
 * {@code tshark -r sample-captures/mixed.pcapng -c 1} says "Who has 10.0.0.2? Tell 10.0.0.1").
 */
class ColouringRulesDialogTest {

    private static final Path MIXED = Path.of("../sample-captures/mixed.pcapng").toAbsolutePath();

    @TempDir
    static Path folder;

    private boolean opened;

    @RegisterExtension
    final WindowOnCapture sample = new WindowOnCapture(folder.resolve("config"), MIXED, 401);

    @Test
    void anEditedFilterIsKeptByOkWithoutAnotherButton(FxRobot robot) throws Exception {
        DialogPane dialog = open();
        select(dialog, "ARP");
        TextField filter = (TextField) dialog.lookup("#rule-filter");
        robot.clickOn(filter).eraseText(3).write("arp.opcode == 2");
        ok(dialog);
        ColouringRules now = fx(() -> sample.window().packets().colours());
        assertEquals("arp.opcode == 2", rule(now, "ARP").filter());
        // and saved: the next start reads it back
        waitUntil(() -> rule(ColouringRules.from(Preferences.load(folder.resolve("config"))), "ARP").filter()
                .equals("arp.opcode == 2"));
    }

    @Test
    void aNewRuleColoursNothingUntilItHasAFilter(FxRobot robot) throws Exception {
        DialogPane first = open();
        fx(() -> {
            ((Button) first.lookup("#rule-add")).fire();
            return null;
        });
        TextField filter = (TextField) first.lookup("#rule-filter");
        assertEquals("", fx(filter::getText), "a new rule starts with an empty filter, as in Wireshark");
        ok(first);
        ColouringRules now = fx(() -> sample.window().packets().colours());
        assertEquals(14, now.rules().size());
        assertEquals("", now.rules().get(0).filter());
        // frame 1, ARP, keeps the ARP colours rather than the new rule's
        waitUntil(() -> sample.window().packets().look(0).colour() != null
                && sample.window().packets().look(0).colour().name().equals("ARP"),
                () -> String.valueOf(sample.window().packets().look(0).colour()));

        // a filter typed into it makes it match
        DialogPane dialog = open();
        select(dialog, "New rule");
        robot.clickOn((TextField) dialog.lookup("#rule-filter")).write("arp");
        ok(dialog);
        waitUntil(() -> sample.window().packets().look(0).colour() != null
                && sample.window().packets().look(0).colour().name().equals("New rule"),
                () -> String.valueOf(sample.window().packets().look(0).colour()));
    }

    /** Under openbox the dialog came up 297 px high: 7 of the 13 rules, and the colour pickers cut. */
    @Test
    void everyRuleIsInSightAndNothingIsCutOff() throws Exception {
        DialogPane dialog = open();
        Thread.sleep(500);
        fx(() -> {
            dialog.getScene().getWindow().setHeight(297);
            return null;
        });
        Thread.sleep(500);
        fx(() -> {
            Png.write(dialog.getScene().snapshot(null), Path.of("target/colouring-rules-dialog.png"));
            return null;
        });
        ListView<?> list = (ListView<?>) dialog.lookup("#colouring-rules");
        List<String> shown = fx(() -> {
            Bounds inList = list.localToScene(list.getLayoutBounds());
            return list.lookupAll(".list-cell").stream().map(n -> (ListCell<?>) n)
                    .filter(c -> c.isVisible() && c.getText() != null && !c.getText().isEmpty())
                    .filter(c -> inList.contains(c.localToScene(c.getLayoutBounds())))
                    .map(ListCell::getText).toList();
        });
        assertEquals(13, shown.size(), "the 13 default rules whole in the list: " + shown);
        for (String id : List.of("#rule-background", "#rule-foreground")) {
            ColorPicker picker = (ColorPicker) dialog.lookup(id);
            String clipped = fx(() -> {
                Bounds pane = dialog.localToScene(dialog.getLayoutBounds());
                Bounds bounds = picker.localToScene(picker.getLayoutBounds());
                double wanted = picker.prefWidth(-1);
                return picker.getWidth() + 0.5 < wanted || !pane.contains(bounds)
                        ? picker.getWidth() + " of " + wanted + " at " + bounds + " in " + pane : null;
            });
            assertNull(clipped, id + " cut off");
        }
        fx(() -> {
            dialog.getScene().getWindow().hide();
            return null;
        });
    }

    /** Opens View › Colouring Rules (it waits for its answer: fired later) and returns its pane once shown. */
    private DialogPane open() throws Exception {
        if (!opened) {
            // the tests share the preferences: each starts from the default rules
            opened = true;
            fx(() -> {
                sample.window().colouringRulesChanged(ColouringRules.defaults());
                return null;
            });
        }
        Platform.runLater(() -> Fx.item(sample.stage(), "View", "Colouring Rules").fire());
        waitUntil(() -> pane() != null);
        return fx(ColouringRulesDialogTest::pane);
    }

    private static DialogPane pane() {
        for (Window open : Window.getWindows()) {
            if (open.isShowing() && open.getScene() != null
                    && open.getScene().lookup("#colouring-rules") != null) {
                return (DialogPane) open.getScene().getRoot();
            }
        }
        return null;
    }

    private static void select(DialogPane dialog, String name) {
        fx(() -> {
            @SuppressWarnings("unchecked")
            ListView<Integer> list = (ListView<Integer>) dialog.lookup("#colouring-rules");
            for (int i = 0; i < list.getItems().size(); i++) {
                list.getSelectionModel().select(i);
                if (((TextField) dialog.lookup("#rule-name")).getText().equals(name)) {
                    return null;
                }
            }
            throw new AssertionError("no rule " + name);
        });
    }

    private static void ok(DialogPane dialog) throws Exception {
        Window window = fx(() -> dialog.getScene().getWindow());
        fx(() -> {
            ((Button) dialog.lookupButton(ButtonType.OK)).fire();
            return null;
        });
        waitUntil(() -> !window.isShowing());
    }

    private static ColouringRules.Rule rule(ColouringRules rules, String name) {
        return rules.rules().stream().filter(r -> r.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no rule " + name));
    }
}
