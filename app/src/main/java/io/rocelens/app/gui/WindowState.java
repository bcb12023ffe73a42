package io.rocelens.app.gui;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;

/**
 * What the menus follow: whether a capture is open, a live capture runs, the open capture is an unsaved temporary
 * file, and it can be saved under another name. The window sets it; menu items bind their disabled state to it.
 */
final class WindowState {

    private final ReadOnlyBooleanWrapper open = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper capturing = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper unsaved = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper savable = new ReadOnlyBooleanWrapper();

    /** A capture is open and its packets are listed: the items that act on packets work. */
    ReadOnlyBooleanProperty open() {
        return open.getReadOnlyProperty();
    }

    ReadOnlyBooleanProperty capturing() {
        return capturing.getReadOnlyProperty();
    }

    /** The open capture is a live capture's temporary file: File › Save gives it a name. */
    ReadOnlyBooleanProperty unsaved() {
        return unsaved.getReadOnlyProperty();
    }

    /** The open capture is one file that Save As can copy (not a ring buffer still in this session). */
    ReadOnlyBooleanProperty savable() {
        return savable.getReadOnlyProperty();
    }

    void open(boolean listed) {
        open.set(listed);
    }

    void set(boolean nowCapturing, boolean nowUnsaved, boolean nowSavable) {
        capturing.set(nowCapturing);
        unsaved.set(nowUnsaved);
        savable.set(nowSavable);
    }
}
