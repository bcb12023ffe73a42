package io.rocelens.app.gui;

import io.rocelens.app.gui.common.Dialogs;
import io.rocelens.app.gui.common.model.Preferences;
import io.rocelens.dissect.DissectorOptions;
import javafx.event.ActionEvent;
import javafx.geometry.Insets;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;

/**
 * Edit › Preferences: the settings the dissection and the analysis read (RoCE UDP ports, link speed, DSCP →
 * priority map), kept in the preferences file. Time format, theme and font size are on the View menu.
 */
final class PreferencesDialog {

    private PreferencesDialog() {
    }

    /** @param changed run after the new values are stored (the open capture is read again with them) */
    static void show(Window owner, Preferences preferences, Runnable changed) {
        Dialog<ButtonType> dialog = new Dialog<>();
        Dialogs.ownedBy(dialog, owner);
        dialog.setTitle("Preferences");
        dialog.setHeaderText("Dissection and analysis (the open capture is read again when these change)");
        TextField ports = new TextField(preferences.get(Preferences.ROCE_PORTS,
                Integer.toString(DissectorOptions.ROCE_V2_PORT)));
        ports.setId("pref-ports");
        TextField speed = new TextField(preferences.get(Preferences.LINK_SPEED, "100G"));
        speed.setId("pref-link-speed");
        TextField dscp = new TextField(preferences.get(Preferences.DSCP_MAP, ""));
        dscp.setId("pref-dscp-map");
        dscp.setPromptText("DSCP=priority,… e.g. 26=3,48=6 (others: DSCP >> 3)");
        dscp.setPrefColumnCount(30);
        Label problem = new Label();
        problem.setId("pref-problem");
        problem.setStyle("-fx-text-fill: #c00000;");
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.setPadding(new Insets(10));
        grid.addRow(0, new Label("RoCE UDP ports:"), ports);
        grid.addRow(1, new Label("Link speed (PFC pause time):"), speed);
        grid.addRow(2, new Label("DSCP → priority map:"), dscp);
        grid.add(problem, 0, 3, 2, 1);
        dialog.getDialogPane().setContent(grid);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        dialog.getDialogPane().lookupButton(ButtonType.OK).addEventFilter(ActionEvent.ACTION, event -> {
            String wrong = Preferences.problemWith(ports.getText(), speed.getText(), dscp.getText());
            if (wrong != null) {
                problem.setText(wrong);
                event.consume();
            }
        });
        dialog.showAndWait().filter(ButtonType.OK::equals).ifPresent(ok -> {
            boolean different = !ports.getText().equals(preferences.get(Preferences.ROCE_PORTS, "4791"))
                    || !speed.getText().equals(preferences.get(Preferences.LINK_SPEED, "100G"))
                    || !dscp.getText().equals(preferences.get(Preferences.DSCP_MAP, ""));
            preferences.put(Preferences.ROCE_PORTS, ports.getText().strip());
            preferences.put(Preferences.LINK_SPEED, speed.getText().strip());
            preferences.put(Preferences.DSCP_MAP, dscp.getText().strip());
            if (different) {
                changed.run();
            }
        });
    }
}
