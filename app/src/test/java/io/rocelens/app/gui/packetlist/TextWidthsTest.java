package io.rocelens.app.gui.packetlist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The packet list's rows measure and cut their texts from each character's advance; JavaFX's own text layout (a Text
 * node's width) is the measure they must agree with, for random texts in the list's font and in the default one.
 */
@ExtendWith(ApplicationExtension.class)
class TextWidthsTest {

    private static final String OTHERS = "·→…éµ×";

    @Test
    void textsMeasureAsJavaFxLaysThemOutAndAreCutWhereTheyNoLongerFit() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> {
            Random random = new Random(20261207);
            for (Font font : new Font[] {Font.font("Monospaced", 13), Font.getDefault(), Font.font(20)}) {
                PacketRowSkin.TextWidths widths = PacketRowSkin.TextWidths.of(font);
                for (int i = 0; i < 500; i++) {
                    String text = randomText(random);
                    assertEquals(layoutWidth(text, font), widths.width(text), 0.05, "width of '" + text + "'");
                    double room = random.nextDouble() * 300;
                    String fitted = widths.fit(text, room, "…");
                    if (layoutWidth(text, font) <= room) {
                        assertEquals(text, fitted);
                    } else if (!fitted.isEmpty()) {
                        String kept = fitted.substring(0, fitted.length() - 1);
                        assertTrue(fitted.endsWith("…") && text.startsWith(kept), fitted + " from " + text);
                        assertTrue(layoutWidth(fitted, font) <= room + 0.05, fitted + " in " + room);
                        assertTrue(layoutWidth(text.substring(0, kept.length() + 1) + "…", font) > room - 0.05,
                                "one more character of " + text + " would fit in " + room + ": " + fitted);
                    } else {
                        assertTrue(layoutWidth("…", font) > room - 0.05, "nothing drawn in " + room);
                    }
                }
            }
        }).get();
    }

    private static String randomText(Random random) {
        StringBuilder text = new StringBuilder();
        int length = random.nextInt(60);
        for (int i = 0; i < length; i++) {
            text.append(random.nextInt(10) == 0 ? OTHERS.charAt(random.nextInt(OTHERS.length()))
                    : (char) (' ' + random.nextInt(95)));
        }
        return text.toString();
    }

    private static double layoutWidth(String text, Font font) {
        Text probe = new Text(text);
        probe.setFont(font);
        return probe.getLayoutBounds().getWidth();
    }
}
