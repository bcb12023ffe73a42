package io.rocelens.app.gui.stats.model;

/** What the statistics views ask of the main window's packet list: show a frame, or filter the list. */
public interface PacketListLink {

    /** Selects the frame (1-based) in the packet list and shows its details. */
    void selectFrame(long frame);

    /** Puts the display filter in the filter bar and applies it. */
    void applyFilter(String displayFilter);

    /** The display filter applied to the packet list now; "" for none. */
    String displayFilter();
}
