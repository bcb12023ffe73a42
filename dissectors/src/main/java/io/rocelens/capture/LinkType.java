package io.rocelens.capture;

/** The tcpdump.org LINKTYPE_* values RoCE Lens dissects. Other link types are read but not dissected. */
public final class LinkType {
    public static final int ETHERNET = 1;
    public static final int LINUX_SLL = 113;
    public static final int LINUX_SLL2 = 276;

    private LinkType() {
    }

    public static String name(int linkType) {
        return switch (linkType) {
            case ETHERNET -> "Ethernet";
            case LINUX_SLL -> "Linux cooked (SLL)";
            case LINUX_SLL2 -> "Linux cooked v2 (SLL2)";
            default -> "link type " + linkType;
        };
    }
}
