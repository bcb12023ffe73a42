package io.rocelens.app.gui.stats.expert;

import io.rocelens.analysis.Severity;
import io.rocelens.app.gui.packetlist.model.PacketTable;
import io.rocelens.app.gui.stats.StatsWindow;
import io.rocelens.app.gui.stats.expert.model.ExpertInfo;
import io.rocelens.app.gui.stats.model.AnalysedCapture;
import io.rocelens.app.gui.stats.model.PacketListLink;
import io.rocelens.dissect.AethText;
import io.rocelens.dissect.PacketSummary;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableRow;
import javafx.scene.control.TreeTableView;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.stage.Window;

/**
 * Analyze › Expert Information: the events grouped by severity and kind, with counts, each group expanding to its
 * events (NAKs first to their codes). A double-click on an event selects its frame in the packet list. The line at
 * the bottom says how many events there are and whether the analysis's cap on listed events was reached.
 */
public final class ExpertInfoView extends StatsWindow {

    /** One line of the tree: a group (frame -1) or an event. */
    record Line(String severity, String summary, String group, String protocol, long count, long frame) {
    }

    private final TreeTableView<Line> tree = new TreeTableView<>();
    private final Label footer = new Label();
    private final PacketListLink link;

    public ExpertInfoView(Window owner, PacketListLink link) {
        super(owner, "Expert Information", new BorderPane(), 1400, 520);
        this.link = link;
        BorderPane root = (BorderPane) stage().getScene().getRoot();
        tree.setId("expert-info");
        tree.setShowRoot(false);
        tree.setPlaceholder(new Label("No expert events"));
        column("Severity", Line::severity, 120).setCellFactory(c -> new SeverityCell());
        column("Summary", Line::summary, 820);
        column("Group", Line::group, 110);
        column("Protocol", Line::protocol, 100);
        column("Count", line -> line.frame() < 0 ? Long.toString(line.count()) : "", 70)
                .setStyle("-fx-alignment: CENTER-RIGHT;");
        column("No.", line -> line.frame() < 0 ? "" : Long.toString(line.frame()), 70)
                .setStyle("-fx-alignment: CENTER-RIGHT;");
        tree.setRowFactory(view -> {
            TreeTableRow<Line> row = new TreeTableRow<>();
            row.setOnMouseClicked(click -> {
                if (click.getButton() == MouseButton.PRIMARY && click.getClickCount() == 2 && row.getItem() != null
                        && row.getItem().frame() > 0) {
                    link.selectFrame(row.getItem().frame());
                }
            });
            return row;
        });
        footer.setId("expert-footer");
        footer.setPadding(new Insets(6));
        root.setCenter(tree);
        root.setBottom(footer);
    }

    TreeTableView<Line> tree() {
        return tree;
    }

    @Override
    protected void fill(AnalysedCapture capture) {
        TreeItem<Line> top = new TreeItem<>();
        if (capture == null) {
            tree.setRoot(top);
            footer.setText("");
            return;
        }
        ExpertInfo info = ExpertInfo.of(capture.analysis(), frame -> nakCode(capture.table(), frame),
                capture.table().comments());
        for (ExpertInfo.Group group : info.groups()) {
            top.getChildren().add(new GroupItem(group));
        }
        tree.setRoot(top);
        footer.setText(info.footer());
    }

    /** The NAK code of a frame from the packet index's AETH syndrome; -1 without one. */
    private static int nakCode(PacketTable table, long frame) {
        if (frame < 1 || frame > table.size()) {
            return -1;
        }
        PacketSummary summary = new PacketSummary();
        table.fill((int) (frame - 1), summary);
        return summary.aethSyndrome >= 0 ? AethText.value(summary.aethSyndrome) : -1;
    }

    private TreeTableColumn<Line, String> column(String title, Function<Line, String> value, double width) {
        TreeTableColumn<Line, String> column = new TreeTableColumn<>(title);
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(
                cell.getValue().getValue() == null ? "" : value.apply(cell.getValue().getValue())));
        column.setPrefWidth(width);
        tree.getColumns().add(column);
        return column;
    }

    /** A group whose lines (codes, then events) are made when it is first opened: there may be 100 000 events. */
    private static final class GroupItem extends TreeItem<Line> {
        private final ExpertInfo.Group group;
        private boolean filled;

        GroupItem(ExpertInfo.Group group) {
            super(new Line(label(group.severity()), group.summary(), group.group(), group.protocol(), group.count(), -1));
            this.group = group;
        }

        @Override
        public boolean isLeaf() {
            return group.children().isEmpty() && group.entries().isEmpty();
        }

        @Override
        public ObservableList<TreeItem<Line>> getChildren() {
            if (!filled) {
                filled = true;
                if (!group.children().isEmpty()) {
                    for (ExpertInfo.Group child : group.children()) {
                        super.getChildren().add(new GroupItem(child));
                    }
                } else {
                    String severity = label(group.severity());
                    List<TreeItem<Line>> events = group.entries().stream().map(e -> new TreeItem<>(new Line(
                            severity, e.message() + (e.flow().isEmpty() ? "" : " (" + e.flow() + ")"), group.group(),
                            group.protocol(), 1, e.frame()))).toList();
                    super.getChildren().addAll(events);
                }
            }
            return super.getChildren();
        }
    }

    static String label(Severity severity) {
        String name = severity.label();
        return name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1);
    }

    /** Severity in Wireshark's colours: errors red, warnings yellow, notes cyan, comments green. */
    private static final class SeverityCell extends TreeTableCell<Line, String> {
        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            setText(empty ? null : item);
            String colour = empty || item == null ? null : switch (item) {
                case "Error" -> "#ff5c5c";
                case "Warning" -> "#f7e35c";
                case "Note" -> "#a0e6f0";
                case "Comment" -> "#b7f774";
                default -> null;
            };
            setStyle(colour == null ? "" : "-fx-background-color: " + colour + "; -fx-text-fill: black;");
        }
    }
}
