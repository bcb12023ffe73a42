package io.rocelens.app.gui.stats.traffic;

import io.rocelens.app.gui.common.model.LatestWins;
import io.rocelens.app.gui.stats.StatsWindow;
import io.rocelens.app.gui.stats.model.AnalysedCapture;
import io.rocelens.app.gui.stats.model.PacketListLink;
import io.rocelens.app.gui.stats.traffic.model.Hierarchy;
import io.rocelens.stats.ProtocolHierarchy;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.stage.Window;

/**
 * Statistics › Protocol Hierarchy, as Wireshark's: a tree of the protocols as they nest in the frames, each with its
 * share and count of the frames and bytes (tshark's {@code -z io,phs}; RoCE's headers are {@code infiniband}, as in
 * tshark), of all frames or of those the display filter passes; counted on a background thread.
 */
public final class ProtocolHierarchyView extends StatsWindow {

    private final PacketListLink link;
    private final LatestWins work;
    private final TreeTableView<ProtocolHierarchy.Node> tree = new TreeTableView<>();
    private final CheckBox limit = new CheckBox("Limit to display filter");
    private final Label status = new Label();
    private AnalysedCapture capture;
    /** The frames and bytes of the whole tree, what the shares are of. */
    private long totalFrames;
    private long totalBytes;

    public ProtocolHierarchyView(Window owner, PacketListLink link, LatestWins work) {
        super(owner, "Protocol Hierarchy", new BorderPane(), 760, 460);
        this.link = link;
        this.work = work;
        BorderPane root = (BorderPane) stage().getScene().getRoot();
        tree.setId("protocol-hierarchy");
        tree.setShowRoot(false);
        tree.setPlaceholder(new Label("No packets"));
        tree.setColumnResizePolicy(TreeTableView.CONSTRAINED_RESIZE_POLICY);
        TreeTableColumn<ProtocolHierarchy.Node, String> protocol = column("Protocol", ProtocolHierarchy.Node::protocol);
        // shares of the width (the policy keeps them in proportion): a 100M-packet capture's bytes take 12 digits
        protocol.setPrefWidth(220);
        tree.getColumns().add(protocol);
        tree.getColumns().add(right(column("% Packets", n -> Hierarchy.percent(n.frames(), totalFrames)), 80));
        tree.getColumns().add(right(column("Packets", n -> Long.toString(n.frames())), 110));
        tree.getColumns().add(right(column("% Bytes", n -> Hierarchy.percent(n.bytes(), totalBytes)), 80));
        tree.getColumns().add(right(column("Bytes", n -> Long.toString(n.bytes())), 130));
        tree.setSortPolicy(t -> false);     // the tree keeps tshark's order: protocols as first seen
        limit.setId("protocol-hierarchy-limit");
        limit.setOnAction(e -> count());
        status.setId("protocol-hierarchy-status");
        HBox bottom = new HBox(12, limit, status);
        bottom.setAlignment(Pos.CENTER_LEFT);
        bottom.setPadding(new Insets(6));
        root.setCenter(tree);
        root.setBottom(bottom);
    }

    /** The tree, for the tests. */
    public TreeTableView<ProtocolHierarchy.Node> tree() {
        return tree;
    }

    @Override
    protected void fill(AnalysedCapture newCapture) {
        boolean sameFile = AnalysedCapture.sameFile(capture, newCapture);
        capture = newCapture;
        if (!sameFile) {
            limit.setSelected(false);
        }
        count();
    }

    private void count() {
        if (capture == null) {
            work.cancel();
            tree.setRoot(null);
            status.setText("");
            return;
        }
        String filter = limit.isSelected() ? link.displayFilter() : "";
        AnalysedCapture from = capture;
        status.setText("counting" + (filter.isBlank() ? "" : " the packets of \"" + filter + "\"") + " …");
        work.submitTellingView("The protocol hierarchy could not be counted",
                request -> Hierarchy.of(from, filter, () -> !request.isCurrent()), this::show, status::setText);
    }

    private void show(Hierarchy counted) {
        totalFrames = counted.root().frames();
        totalBytes = counted.root().bytes();
        TreeItem<ProtocolHierarchy.Node> root = item(counted.root());
        tree.setRoot(root);
        status.setText(counted.filter().isEmpty() ? (limit.isSelected() ? "no display filter applied: all packets" : "")
                : "limited to \"" + counted.filter() + "\"");
    }

    /** The node's item, expanded all the way down as Wireshark opens the dialog. */
    private static TreeItem<ProtocolHierarchy.Node> item(ProtocolHierarchy.Node node) {
        TreeItem<ProtocolHierarchy.Node> item = new TreeItem<>(node);
        item.setExpanded(true);
        for (ProtocolHierarchy.Node child : node.children()) {
            item.getChildren().add(item(child));
        }
        return item;
    }

    private static TreeTableColumn<ProtocolHierarchy.Node, String> column(
            String title, Function<ProtocolHierarchy.Node, String> value) {
        TreeTableColumn<ProtocolHierarchy.Node, String> column = new TreeTableColumn<>(title);
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue().getValue())));
        column.setSortable(false);
        return column;
    }

    private static <T> TreeTableColumn<ProtocolHierarchy.Node, T> right(
            TreeTableColumn<ProtocolHierarchy.Node, T> column, double width) {
        column.setStyle("-fx-alignment: CENTER-RIGHT;");
        column.setPrefWidth(width);
        return column;
    }
}
