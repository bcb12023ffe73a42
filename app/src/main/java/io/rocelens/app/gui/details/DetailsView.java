package io.rocelens.app.gui.details;

import io.rocelens.app.gui.details.model.FrameDetails.Node;
import io.rocelens.app.gui.details.model.FrameDetails;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;

/** The packet details tree: one item per layer, its fields below; right-click for filters and copying. */
public final class DetailsView {

    private final TreeView<Node> tree = new TreeView<>();
    private FrameDetails details;

    /**
     * @param applyFilter   "Apply as Filter": the filter text, to be applied at once
     * @param prepareFilter "Prepare as Filter": the filter text, put in the bar without applying it
     */
    DetailsView(Consumer<String> applyFilter, Consumer<String> prepareFilter, LongConsumer goTo) {
        tree.setId("details");
        tree.setShowRoot(false);
        tree.setRoot(new TreeItem<>());
        tree.setCellFactory(view -> new TreeCell<>() {
            @Override
            protected void updateItem(Node node, boolean empty) {
                super.updateItem(node, empty);
                setText(empty || node == null ? null : node.label());
                // a line naming another frame looks like a link: double-click or Enter goes there
                setUnderline(!empty && node != null && node.isLink());
            }
        });
        tree.setOnMouseClicked(click -> {
            if (click.getButton() == MouseButton.PRIMARY && click.getClickCount() == 2) {
                selectedNode(node -> follow(node, goTo));
            }
        });
        tree.addEventHandler(KeyEvent.KEY_PRESSED, key -> {
            if (key.getCode() == KeyCode.ENTER) {
                Node node = selected();
                if (node != null && node.isLink()) {
                    key.consume();
                    goTo.accept(node.link());
                }
            }
        });
        MenuItem apply = new MenuItem("Apply as Filter");
        apply.setOnAction(e -> selectedNode(node -> applyFilter.accept(node.filter())));
        MenuItem prepare = new MenuItem("Prepare as Filter");
        prepare.setOnAction(e -> selectedNode(node -> prepareFilter.accept(node.filter())));
        MenuItem copyValue = new MenuItem("Copy Value");
        copyValue.setOnAction(e -> selectedNode(node -> copy(node.value())));
        MenuItem copyFilter = new MenuItem("Copy as Filter");
        copyFilter.setOnAction(e -> selectedNode(node -> copy(node.filter())));
        MenuItem goToLinked = new MenuItem("Go to Linked Packet");
        goToLinked.setOnAction(e -> selectedNode(node -> follow(node, goTo)));
        ContextMenu menu = new ContextMenu(apply, prepare, copyValue, copyFilter, goToLinked);
        menu.setOnShowing(e -> {
            Node node = selected();
            goToLinked.setDisable(node == null || !node.isLink());
        });
        tree.setContextMenu(menu);
    }

    public TreeView<Node> control() {
        return tree;
    }

    /** Shows a frame's layers, keeping open the layers that were open for the previous frame, as Wireshark does. */
    void show(FrameDetails frame) {
        java.util.Set<String> expanded = new java.util.HashSet<>();
        for (TreeItem<Node> item : tree.getRoot().getChildren()) {
            if (item.isExpanded()) {
                expanded.add(item.getValue().filter());
            }
        }
        details = frame;
        tree.getRoot().getChildren().clear();
        if (frame == null) {
            return;
        }
        for (Node layer : frame.layers()) {
            TreeItem<Node> item = new TreeItem<>(layer);
            for (Node field : layer.children()) {
                TreeItem<Node> fieldItem = new TreeItem<>(field);
                for (Node line : field.children()) {
                    fieldItem.getChildren().add(new TreeItem<>(line));
                }
                fieldItem.setExpanded(!field.children().isEmpty());    // the analysis subtree opens with its layer
                item.getChildren().add(fieldItem);
            }
            item.setExpanded(expanded.contains(layer.filter()));
            tree.getRoot().getChildren().add(item);
        }
    }

    FrameDetails details() {
        return details;
    }

    /** Selects the item a byte belongs to, opening its layer. */
    void selectByte(int offset) {
        if (details == null) {
            return;
        }
        Node wanted = details.nodeAt(offset);
        for (TreeItem<Node> layer : tree.getRoot().getChildren()) {
            TreeItem<Node> match = layer.getValue() == wanted ? layer : null;
            for (TreeItem<Node> field : layer.getChildren()) {
                if (field.getValue() == wanted) {
                    match = field;
                }
            }
            if (match != null) {
                layer.setExpanded(true);
                tree.getSelectionModel().select(match);
                tree.scrollTo(Math.max(0, tree.getRow(match) - 2));
                return;
            }
        }
    }

    Node selected() {
        TreeItem<Node> item = tree.getSelectionModel().getSelectedItem();
        return item != null ? item.getValue() : null;
    }

    private static void follow(Node node, LongConsumer goTo) {
        if (node.isLink()) {
            goTo.accept(node.link());
        }
    }

    private void selectedNode(Consumer<Node> action) {
        Node node = selected();
        if (node != null) {
            action.accept(node);
        }
    }

    private static void copy(String text) {
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }
}
