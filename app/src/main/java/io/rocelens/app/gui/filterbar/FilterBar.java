package io.rocelens.app.gui.filterbar;

import io.rocelens.app.gui.filterbar.model.FilterBarModel.Check;
import io.rocelens.app.gui.filterbar.model.FilterBarModel.Completion;
import io.rocelens.app.gui.filterbar.model.FilterBarModel;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FilterCompletion;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.controlsfx.control.textfield.AutoCompletionBinding;

/**
 * The display filter bar: the field turns green or red as the text is typed, the error and its column show beside
 * it, field names complete from the filter engine's list, Enter (or Apply) applies, and the history and the saved
 * filter buttons apply a filter in one click.
 */
public final class FilterBar {

    private final FilterBarModel model;
    private final Consumer<DisplayFilter> apply;
    private final TextField field = new TextField();
    private final Label message = new Label();
    private final MenuButton history = new MenuButton();
    private final VBox box;
    private Check check = FilterBarModel.check("");

    /** @param apply receives the compiled filter (the empty filter to show every frame) when the user applies */
    public FilterBar(FilterBarModel model, Consumer<DisplayFilter> apply) {
        this.model = model;
        this.apply = apply;
        field.setId("filter-field");
        field.setPromptText("Apply a display filter … <Ctrl-/>");
        HBox.setHgrow(field, Priority.ALWAYS);
        field.textProperty().addListener((seen, old, text) -> show(FilterBarModel.check(text)));
        field.setOnKeyPressed(event -> {
            if (event.getCode() == KeyCode.ENTER) {
                applyText();
                event.consume();
            }
        });
        new NameCompletion(field, this::applyText);

        history.setId("filter-history");
        history.setTooltip(new Tooltip("Filters applied before"));
        history.setOnShowing(e -> fillHistory());
        Button applyButton = new Button("Apply");
        applyButton.setId("filter-apply");
        applyButton.setOnAction(e -> applyText());
        Button clear = new Button("Clear");
        clear.setId("filter-clear");
        clear.setOnAction(e -> {
            field.clear();
            applyText();
        });
        // Tab goes from the filter field to the packet list, as in Wireshark, whose filter buttons take no focus:
        // Enter applies, Ctrl+/ comes back, and the history and saved filters are one click away
        history.setFocusTraversable(false);
        applyButton.setFocusTraversable(false);
        clear.setFocusTraversable(false);
        HBox top = new HBox(4, field, history, applyButton, clear);
        top.setAlignment(Pos.CENTER_LEFT);

        HBox saved = new HBox(4);
        saved.setAlignment(Pos.CENTER_LEFT);
        for (FilterBarModel.SavedFilter filter : FilterBarModel.SAVED) {
            Button button = new Button(filter.label());
            button.getStyleClass().add("saved-filter");
            button.setFocusTraversable(false);
            button.setTooltip(new Tooltip(filter.filter()));
            button.setOnAction(e -> {
                field.setText(filter.filter());
                applyText();
            });
            saved.getChildren().add(button);
        }
        message.setId("filter-message");
        message.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(message, Priority.ALWAYS);
        HBox bottom = new HBox(8, saved, message);
        bottom.setAlignment(Pos.CENTER_LEFT);
        box = new VBox(4, top, bottom);
        box.setPadding(new Insets(4, 6, 4, 6));
        box.setId("filter-bar");
        show(check);
    }

    public VBox control() {
        return box;
    }

    public TextField field() {
        return field;
    }

    /** Puts a filter in the field without applying it ("Prepare as Filter"). */
    public void prepare(String text) {
        field.setText(text);
        field.requestFocus();
        field.positionCaret(text.length());
    }

    /** Puts a filter in the field and applies it ("Apply as Filter", the -Y option). */
    public void applyNow(String text) {
        field.setText(text);
        applyText();
    }

    public void focus() {
        field.requestFocus();
        field.selectAll();
    }

    private void applyText() {
        Check now = FilterBarModel.check(field.getText());
        show(now);
        if (now.state() == FilterBarModel.State.INVALID) {
            field.positionCaret(Math.min(now.position(), field.getText().length()));
            return;
        }
        model.applied(field.getText());
        apply.accept(now.filter());
    }

    private void show(Check now) {
        check = now;
        field.getStyleClass().removeAll("filter-valid", "filter-invalid");
        message.getStyleClass().remove("filter-error");
        switch (now.state()) {
            case VALID -> {
                field.getStyleClass().add("filter-valid");
                message.setText("");
            }
            case INVALID -> {
                field.getStyleClass().add("filter-invalid");
                message.getStyleClass().add("filter-error");
                message.setText(now.message());
            }
            case EMPTY -> message.setText("");
        }
    }

    Check check() {
        return check;
    }

    private void fillHistory() {
        history.getItems().clear();
        for (String filter : model.history()) {
            MenuItem item = new MenuItem(filter);
            item.setMnemonicParsing(false);
            item.setOnAction(e -> applyNow(filter));
            history.getItems().add(item);
        }
        if (history.getItems().isEmpty()) {
            MenuItem none = new MenuItem("(no filters applied yet)");
            none.setDisable(true);
            history.getItems().add(none);
        }
    }

    /**
     * Completes the field name at the caret (ControlsFX's popup, which keeps typing in the field; the binding is
     * told to replace only the word at the caret, not the whole text).
     */
    private static final class NameCompletion extends AutoCompletionBinding<Completion> {
        private final TextField field;
        private final Runnable enter;
        private volatile int caret;
        private boolean completing;

        /** @param enter what Enter does when the popup it reached no longer fits the text (it applies the filter) */
        NameCompletion(TextField field, Runnable enter) {
            super(field, request -> FilterBarModel.complete(request.getUserText(), Integer.MAX_VALUE), new StringConverter<>() {
                @Override
                public String toString(Completion completion) {
                    return completion.name() + "    " + completion.description();
                }

                @Override
                public Completion fromString(String text) {
                    return null;
                }
            });
            this.field = field;
            this.enter = enter;
            setVisibleRowCount(12);
            field.caretPositionProperty().addListener((seen, old, position) -> caret = position.intValue());
            field.textProperty().addListener((seen, old, text) -> {
                if (!completing && field.isFocused()) {
                    // only the text up to the caret decides; the caret moves after the text has changed
                    int end = Math.min(text.length(), caret + Math.max(0, text.length() - old.length()));
                    String before = text.substring(0, end);
                    if (FilterBarModel.complete(before, end).isEmpty()) {
                        // hide at once: an open popup takes the Enter that should apply the filter
                        hidePopup();
                    } else {
                        setUserInput(before);
                    }
                }
            });
        }

        @Override
        protected void completeUserInput(Completion completion) {
            completing = true;
            try {
                String text = field.getText();
                int end = Math.min(text.length(), field.getCaretPosition());
                int start = FilterCompletion.nameStart(text, end);
                String word = text.substring(start, end);
                if (word.isEmpty() || !completion.name().startsWith(word) || completion.name().equals(word)) {
                    // a popup left from a moment ago, or the word is complete: the Enter was meant for the filter
                    hidePopup();
                    enter.run();
                    return;
                }
                String completed = text.substring(0, start) + completion.name() + text.substring(end);
                field.setText(completed);
                field.positionCaret(start + completion.name().length());
            } finally {
                completing = false;
            }
        }

        /** Suggestions arrive late, from a background fetch: shown only if the word at the caret still wants them. */
        @Override
        protected void showPopup() {
            String text = field.getText();
            int end = Math.min(text.length(), field.getCaretPosition());
            if (field.isFocused() && !FilterBarModel.complete(text, end).isEmpty()) {
                super.showPopup();
            }
        }

        @Override
        public void dispose() {
        }
    }
}
