package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.app.gui.packetlist.model.ColouringRules;
import io.rocelens.app.gui.packetlist.model.PacketListModel;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import javafx.scene.Node;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The packet list reuses its rows as it scrolls, restyles a row only when what styles it changed (the list's own
 * flow, for speed) and draws its rows itself: every row on screen, at every step of a scroll through mixed.pcapng under
 * the default colouring rules, is drawn (the pixels of the list's picture) in its own rule's background colour, and
 * every row no rule colours in the list's plain stripes.
 */
class RowColoursWhileScrollingTest {

    private static final Path MIXED = Path.of("../sample-captures/mixed.pcapng").toAbsolutePath();

    @TempDir
    static Path folder;

    @RegisterExtension
    final WindowOnCapture sample = new WindowOnCapture(folder.resolve("config"), MIXED, 401);

    @Test
    void everyRowOnScreenHasItsOwnRulesColourAtEveryStepOfAScroll(FxRobot robot) throws Exception {
        fx(() -> {
            sample.window().colouringRulesChanged(ColouringRules.defaults());
            return null;
        });
        PacketListModel packets = fx(() -> sample.window().packets());
        waitUntil(() -> fx(() -> {
            for (int index = 0; index < packets.size(); index++) {
                if (packets.look(index) == PacketListModel.PLACEHOLDER) {
                    return false;
                }
            }
            return true;
        }));
        TableView<?> list = Fx.node(robot, "#packet-list");
        Set<Paint> plain = new HashSet<>();
        Set<Paint> ruleColours = new HashSet<>();
        int checked = 0;
        for (int top = 0; top < packets.size(); top += 7) {
            int first = top;
            fx(() -> {
                list.scrollTo(first);
                return null;
            });
            WaitForAsyncUtils.waitForFxEvents();
            checked += fx(() -> {
                javafx.scene.image.PixelReader picture = list.snapshot(null, null).getPixelReader();
                // the rows' part of the picture: a row scrolled half out of it lies under the column headers
                Node viewport = list.lookup(".clipped-container");
                javafx.geometry.Bounds shown = list.sceneToLocal(viewport.localToScene(viewport.getLayoutBounds()));
                int rows = 0;
                for (Node node : list.lookupAll(".table-row-cell")) {
                    TableRow<?> row = (TableRow<?>) node;
                    int index = row.getIndex();
                    if (!row.isVisible() || row.isEmpty() || index < 0 || index >= packets.size()
                            || row.isSelected()) {
                        continue;
                    }
                    ColouringRules.Rule rule = packets.look(index).colour();
                    // a pixel left of the No. column's right-aligned text, away from the row's bottom line
                    javafx.geometry.Point2D corner = list.sceneToLocal(row.localToScene(3, 3));
                    if (!shown.contains(corner)) {
                        continue;
                    }
                    Paint drawn = picture.getColor((int) corner.getX(), (int) corner.getY());
                    if (rule == null) {
                        plain.add(drawn);
                    } else {
                        Color colour = Color.web(rule.background());
                        assertEquals(colour, drawn, "row " + index + " (" + rule.name() + ")");
                        ruleColours.add(colour);
                    }
                    rows++;
                }
                return rows;
            });
        }
        assertTrue(checked > packets.size(), checked + " rows checked");
        // the list's stripes (odd and even rows), none of them a rule's colour
        assertTrue(plain.size() <= 2, "plain rows drawn in " + plain);
        assertTrue(ruleColours.size() >= 2, "rules' colours seen: " + ruleColours);
        plain.retainAll(ruleColours);
        assertTrue(plain.isEmpty(), "plain rows in a rule's colour: " + plain);
    }
}
