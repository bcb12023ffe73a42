package io.rocelens.app.gui.packetlist.model;

/** The packet list's columns, in Wireshark's order with the RoCE ones before Info. */
public enum PacketColumn {
    NUMBER("No."),
    TIME("Time"),
    SOURCE("Source"),
    DESTINATION("Destination"),
    PROTOCOL("Protocol"),
    LENGTH("Length"),
    PRIORITY("Priority"),
    QP("QP"),
    PSN("PSN"),
    INFO("Info");

    private final String title;

    PacketColumn(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }
}
