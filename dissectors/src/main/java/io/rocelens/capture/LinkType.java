package io.rocelens.capture;

/** The tcpdump.org LINKTYPE_* values RoCE Lens dissects. Other link types are read but not dissected. */
public final class LinkType {
    public static final int ETHERNET = 1;
    public static final int LINUX_SLL = 113;
    public static final int LINUX_SLL2 = 276;
    /** Endace ERF records: ibdump writes InfiniBand captures as these. */
    public static final int ERF = 197;
    /** Raw InfiniBand packets from the LRH on (LINKTYPE_INFINIBAND). */
    public static final int INFINIBAND = 247;

    private LinkType() {
    }

    public static String name(int linkType) {
        return switch (linkType) {
            case ETHERNET -> "Ethernet";
            case LINUX_SLL -> "Linux cooked (SLL)";
            case LINUX_SLL2 -> "Linux cooked v2 (SLL2)";
            case ERF -> "ERF";
            case INFINIBAND -> "InfiniBand";
            case 0 -> "BSD loopback";
            case 101 -> "raw IP";
            case 105 -> "IEEE 802.11";
            case 127 -> "802.11 radiotap";
            case 228 -> "raw IPv4";
            case 229 -> "raw IPv6";
            default -> "link type " + linkType;
        };
    }

    /** "link type 197 (ERF)", or "link type 300" for a type without a name here. */
    public static String describe(int linkType) {
        String name = name(linkType);
        return name.startsWith("link type ") ? name : "link type " + linkType + " (" + name + ")";
    }
}
