package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.rocelens.app.gui.stats.journey.model.CorrelationRequest;
import io.rocelens.correlate.Correlator;
import io.rocelens.dissect.DissectorOptions;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** File › Open Correlated Captures…'s dialog: the order set with Up and Down, the clocks and window as asked. */
@ExtendWith(ApplicationExtension.class)
class CorrelatedCapturesDialogTest {

    private Stage stage;

    @Start
    void start(Stage primary) {
        stage = primary;
        // a dialog takes its owner's stylesheets: the owner needs a scene, which TestFX's shared stage has only
        // when an earlier test gave it one
        primary.setScene(new Scene(new StackPane(), 320, 200));
        primary.show();
    }

    @Test
    @SuppressWarnings("unchecked")
    void upAndDownSetThePathOrderAndTheOptionsAreReadAsCorrelateReadsThem() {
        Path a = Path.of("a.pcapng");
        Path b = Path.of("b.pcapng");
        Path c = Path.of("c.pcapng");
        CorrelatedCapturesDialog dialog = fx(() -> new CorrelatedCapturesDialog(stage, List.of(a, b, c),
                DissectorOptions.defaults()));
        var pane = dialog.dialog().getDialogPane();
        ListView<Path> list = (ListView<Path>) pane.lookup("#correlated-files");
        ChoiceBox<CorrelationRequest.ClockMode> clock = (ChoiceBox<CorrelationRequest.ClockMode>)
                pane.lookup("#correlated-clock");
        TextField offsets = (TextField) pane.lookup("#correlated-offsets");
        TextField window = (TextField) pane.lookup("#correlated-window");
        CorrelationRequest asked = fx(() -> {
            list.getSelectionModel().select(2);         // c up twice: c, a, b
            pane.lookupAll(".button").stream().filter(n -> n instanceof javafx.scene.control.Button button
                    && button.getText().equals("Up")).findFirst().ifPresent(up -> {
                        ((javafx.scene.control.Button) up).fire();
                        ((javafx.scene.control.Button) up).fire();
                    });
            clock.setValue(CorrelationRequest.ClockMode.OFFSETS);
            offsets.setText("1=+12.3us,2=-45us");
            window.setText("2ms");
            return dialog.request(DissectorOptions.defaults());
        });
        assertEquals(List.of(c, a, b), asked.files());
        assertEquals(Correlator.Clock.GIVEN, asked.options().clock());
        assertArrayEquals(new long[] {0, 12_300, -45_000}, asked.options().offsets());
        assertEquals(2_000_000L, asked.options().windowNanos());
        fx(() -> {
            offsets.setText("3=+1us");
            return null;
        });
        // read off the FX thread: the controls are only read
        IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class,
                () -> dialog.request(DissectorOptions.defaults()));
        assertEquals("Clock offsets: \"3=+1us\" is not POINT=OFFSET with a point from 0 to 2, e.g. 1=+12.3us.",
                wrong.getMessage());
    }
}
