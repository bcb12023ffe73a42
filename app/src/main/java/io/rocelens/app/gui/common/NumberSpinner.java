package io.rocelens.app.gui.common;

import javafx.application.Platform;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.util.StringConverter;

/**
 * An editable whole-number spinner that keeps its value when what is typed is not a number: JavaFX's own converter
 * throws on the FX thread ("abc" + Enter), and the text would then stay wrong. A number outside the range is
 * brought into it by the value factory, as JavaFX does.
 */
public final class NumberSpinner {

    private NumberSpinner() {
    }

    public static Spinner<Integer> of(int min, int max, int initial) {
        SpinnerValueFactory.IntegerSpinnerValueFactory values =
                new SpinnerValueFactory.IntegerSpinnerValueFactory(min, max, initial);
        Spinner<Integer> spinner = new Spinner<>(values);
        values.setConverter(new StringConverter<>() {
            @Override
            public String toString(Integer value) {
                return value == null ? "" : value.toString();
            }

            @Override
            public Integer fromString(String text) {
                try {
                    return Integer.valueOf(text.strip());
                } catch (NumberFormatException notANumber) {
                    // the value does not change, so the spinner would leave the text as typed: put the value back
                    // once the commit is over
                    Platform.runLater(() -> spinner.getEditor().setText(toString(values.getValue())));
                    return values.getValue();
                }
            }
        });
        spinner.setEditable(true);
        return spinner;
    }
}
