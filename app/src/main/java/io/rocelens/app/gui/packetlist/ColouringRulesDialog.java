package io.rocelens.app.gui.packetlist;

import io.rocelens.app.gui.common.Dialogs;
import io.rocelens.app.gui.packetlist.model.ColouringRules.Rule;
import io.rocelens.app.gui.packetlist.model.ColouringRules;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ColorPicker;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.stage.Window;

/**
 * View › Colouring Rules: the rules in order (the first match colours a row), each with its filter and colours;
 * toggle, reorder, edit, add, remove, or go back to the defaults. And the legend: what each colour means.
 */
public final class ColouringRulesDialog {

    private static final double ROW_HEIGHT = 24;
    private static final int MAX_ROWS = 20;

    private ColouringRulesDialog() {
    }

    private static void showProblem(Label problem, String filter) {
        String wrong = ColouringRules.problem(filter);
        problem.setText(wrong == null ? "" : filter.isBlank() ? "Type a display filter: until then the rule colours"
                + " nothing." : wrong + " (the rule colours nothing until it is valid)");
    }

    public static void show(Window owner, ColouringRules current, Consumer<ColouringRules> changed) {
        ColouringRules[] rules = {current};
        Dialog<ButtonType> dialog = new Dialog<>();
        Dialogs.ownedBy(dialog, owner);
        dialog.setTitle("Colouring Rules");
        dialog.setHeaderText("The first enabled rule a packet matches gives its colours. Filters use the display"
                + " filter language.");
        ListView<Integer> list = new ListView<>();
        list.setId("colouring-rules");
        // every rule in sight (13 by default), the list never squeezed below that by a small window
        list.setFixedCellSize(ROW_HEIGHT);
        list.setPrefWidth(300);
        list.setPrefHeight(ROW_HEIGHT * Math.max(ColouringRules.DEFAULTS.size(), Math.min(MAX_ROWS,
                current.rules().size())) + 4);
        list.setMinHeight(Region.USE_PREF_SIZE);
        list.setCellFactory(view -> new ListCell<>() {
            @Override
            protected void updateItem(Integer index, boolean empty) {
                super.updateItem(index, empty);
                if (empty || index == null || index >= rules[0].rules().size()) {
                    setText(null);
                    setStyle(null);
                    return;
                }
                Rule rule = rules[0].rules().get(index);
                boolean invalid = ColouringRules.problem(rule.filter()) != null;
                setText((rule.enabled() ? "" : "(off) ") + rule.name() + (invalid ? " (no valid filter)" : ""));
                setStyle("-fx-background-color: " + rule.background() + "; -fx-text-fill: " + rule.foreground()
                        + ";" + (isSelected() ? " -fx-border-color: -fx-focus-color; -fx-border-width: 2;" : ""));
            }
        });

        TextField name = new TextField();
        name.setId("rule-name");
        TextField filter = new TextField();
        filter.setId("rule-filter");
        filter.setPrefColumnCount(36);
        filter.setPromptText("a display filter, e.g. bth.opcode == 0x11");
        Label problem = new Label();
        problem.setId("rule-problem");
        problem.setStyle("-fx-text-fill: #c00000;");
        problem.setMinHeight(Region.USE_PREF_SIZE);
        ColorPicker background = new ColorPicker();
        background.setId("rule-background");
        ColorPicker foreground = new ColorPicker();
        foreground.setId("rule-foreground");
        for (ColorPicker picker : java.util.List.of(background, foreground)) {
            picker.setMinSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        }
        CheckBox enabled = new CheckBox("Enabled");
        enabled.setId("rule-enabled");
        GridPane editor = new GridPane();
        editor.setHgap(8);
        editor.setVgap(8);
        editor.addRow(0, new Label("Name:"), name);
        editor.addRow(1, new Label("Filter:"), filter);
        editor.add(problem, 1, 2);
        editor.addRow(3, new Label("Background:"), background);
        editor.addRow(4, new Label("Text:"), foreground);
        editor.addRow(5, new Label(""), enabled);

        Runnable refresh = () -> {
            int selected = list.getSelectionModel().getSelectedIndex();
            list.getItems().setAll(java.util.stream.IntStream.range(0, rules[0].rules().size()).boxed().toList());
            if (selected >= 0 && selected < list.getItems().size()) {
                list.getSelectionModel().select(selected);
            }
        };
        // what is typed or picked changes the selected rule at once (as in Wireshark): OK keeps it, Cancel drops it
        boolean[] loading = {false};
        list.getSelectionModel().selectedIndexProperty().addListener((seen, old, index) -> {
            if (index.intValue() < 0 || index.intValue() >= rules[0].rules().size()) {
                return;
            }
            Rule rule = rules[0].rules().get(index.intValue());
            loading[0] = true;
            name.setText(rule.name());
            filter.setText(rule.filter());
            background.setValue(Color.web(rule.background()));
            foreground.setValue(Color.web(rule.foreground()));
            enabled.setSelected(rule.enabled());
            loading[0] = false;
            showProblem(problem, rule.filter());
        });
        Runnable edited = () -> {
            int index = list.getSelectionModel().getSelectedIndex();
            if (loading[0] || index < 0 || index >= rules[0].rules().size()) {
                return;
            }
            showProblem(problem, filter.getText());
            rules[0] = rules[0].with(index, new Rule(name.getText().replace('\t', ' '),
                    filter.getText().replace('\t', ' '), hex(background.getValue()), hex(foreground.getValue()),
                    enabled.isSelected()));
            list.refresh();
        };
        name.textProperty().addListener(o -> edited.run());
        filter.textProperty().addListener(o -> edited.run());
        background.valueProperty().addListener(o -> edited.run());
        foreground.valueProperty().addListener(o -> edited.run());
        enabled.selectedProperty().addListener(o -> edited.run());

        Button add = new Button("Add");
        add.setId("rule-add");
        add.setOnAction(e -> {
            // as in Wireshark, a new rule has an empty filter: it colours nothing until one is typed
            rules[0] = rules[0].plus(new Rule("New rule", "", "#ffffff", "#000000", true));
            refresh.run();
            list.getSelectionModel().clearSelection();
            list.getSelectionModel().select(0);
            filter.requestFocus();
        });
        Button remove = new Button("Remove");
        remove.setOnAction(e -> {
            int index = list.getSelectionModel().getSelectedIndex();
            if (index >= 0) {
                rules[0] = rules[0].without(index);
                refresh.run();
            }
        });
        Button up = new Button("Up");
        up.setOnAction(e -> move(list, rules, -1, refresh));
        Button down = new Button("Down");
        down.setOnAction(e -> move(list, rules, 1, refresh));
        Button defaults = new Button("Defaults");
        defaults.setOnAction(e -> {
            rules[0] = ColouringRules.defaults();
            refresh.run();
        });
        HBox buttons = new HBox(6, add, remove, up, down, defaults);
        VBox left = new VBox(6, list, buttons);
        HBox content = new HBox(12, left, editor);
        content.setPadding(new Insets(10));
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        dialog.setResizable(true);
        refresh.run();
        list.getSelectionModel().select(0);
        dialog.showAndWait().filter(ButtonType.OK::equals).ifPresent(ok -> changed.accept(rules[0]));
    }

    private static void move(ListView<Integer> list, ColouringRules[] rules, int by, Runnable refresh) {
        int index = list.getSelectionModel().getSelectedIndex();
        if (index < 0) {
            return;
        }
        rules[0] = rules[0].moved(index, by);
        refresh.run();
        list.getSelectionModel().select(Math.max(0, Math.min(rules[0].rules().size() - 1, index + by)));
    }

    /** What each colour of the packet list means. */
    public static void legend(Window owner, ColouringRules rules) {
        Dialog<ButtonType> dialog = new Dialog<>();
        Dialogs.ownedBy(dialog, owner);
        dialog.setTitle("Colouring Legend");
        dialog.setHeaderText("Packet list colours: the first rule that matches wins");
        VBox lines = new VBox(2);
        lines.setId("colouring-legend");
        for (Rule rule : rules.rules()) {
            if (!rule.enabled()) {
                continue;
            }
            Label swatch = new Label(" " + rule.name() + " ");
            swatch.setMinWidth(140);
            swatch.setStyle("-fx-background-color: " + rule.background() + "; -fx-text-fill: " + rule.foreground()
                    + "; -fx-padding: 2 6 2 6;");
            Label filter = new Label(rule.filter());
            lines.getChildren().add(new HBox(10, swatch, filter));
        }
        dialog.getDialogPane().setContent(lines);
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        dialog.show();
    }

    private static String hex(Color colour) {
        return String.format("#%02x%02x%02x", Math.round(colour.getRed() * 255), Math.round(colour.getGreen() * 255),
                Math.round(colour.getBlue() * 255));
    }
}
