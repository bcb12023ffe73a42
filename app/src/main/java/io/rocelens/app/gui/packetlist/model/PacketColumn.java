package io.rocelens.app.gui.packetlist.model;

/**
 * The packet list's columns, in Wireshark's order with the RoCE ones before Info: each defined once, with its title,
 * its width in the window and whether its values are numbers (aligned right). The text of a row's cell is
 * {@link PacketListModel#text}; the index column a sort uses has the same name in the library's packet index.
 */
public enum PacketColumn {
    NUMBER("No.", 70, true),
    TIME("Time", 120, false),
    SOURCE("Source", 150, false),
    DESTINATION("Destination", 150, false),
    PROTOCOL("Protocol", 100, false),
    LENGTH("Length", 66, true),
    PRIORITY("Priority", 66, true),
    QP("QP", 90, false),
    PSN("PSN", 80, true),
    INFO("Info", 360, false);

    private final String title;
    private final double width;
    private final boolean numeric;

    PacketColumn(String title, double width, boolean numeric) {
        this.title = title;
        this.width = width;
        this.numeric = numeric;
    }

    public String title() {
        return title;
    }

    /** The width the column opens at, in pixels. */
    public double width() {
        return width;
    }

    /** Its values are numbers, aligned right. */
    public boolean numeric() {
        return numeric;
    }
}
