package io.rocelens.dissect;

/** The packet-list columns (source, destination, protocol, info) of a frame, built from its summary. */
public final class PacketColumns {

    private PacketColumns() {
    }

    /**
     * Whether the Source and Destination columns show network addresses — IPv4/IPv6 (or the GIDs of RoCEv1 and of
     * native InfiniBand with a GRH), or the LIDs of native InfiniBand without one (kept in the same fields, see
     * {@link Addresses#ip}) — rather than the Ethernet addresses. The one rule for the list, the index and the
     * views; a MAC Control frame inside IP (never seen, but possible in a tunnel) shows its Ethernet addresses.
     */
    public static boolean hasNetworkAddresses(PacketSummary p) {
        return p.is(PacketSummary.INFINIBAND)
                || p.is(PacketSummary.IPV4 | PacketSummary.IPV6 | PacketSummary.ROCEV1) && p.etherType != 0x8808;
    }

    public static String source(PacketSummary p) {
        if (hasNetworkAddresses(p)) {
            return Addresses.ip(p.ipSrcHi, p.ipSrcLo);
        }
        return p.ethSrc >= 0 ? Addresses.mac(p.ethSrc) : "";
    }

    public static String destination(PacketSummary p) {
        if (hasNetworkAddresses(p)) {
            return Addresses.ip(p.ipDstHi, p.ipDstLo);
        }
        return p.ethDst >= 0 ? Addresses.mac(p.ethDst) : "";
    }

    /**
     * The innermost protocol's name, Wireshark's: asked of the modules that name frames of every kind, innermost
     * first (the RoCE transport: RRoCE, RoCE, InfiniBand, CNP; MAC Control: PFC, PAUSE; the frame's last module; IP:
     * UDP, TCP, IPv4 ...), else the EtherType's name.
     */
    public static String protocol(PacketSummary p) {
        String column = FrameWalker.ROCE.column(p);
        if (column == null) {
            column = FrameWalker.MAC_CONTROL.column(p);
        }
        if (column == null && p.module != null) {
            column = p.module.column(p);
        }
        if (column == null) {
            column = FrameWalker.IP.column(p);
        }
        if (column != null) {
            return column;
        }
        String etherType = p.etherType >= 0 ? Fields.etherTypeName(p.etherType) : null;
        return etherType != null ? etherType : p.is(PacketSummary.ETHERNET) ? "Ethernet" : "Frame";
    }

    /** e.g. "RC RDMA WRITE First QP=0x000022 PSN=1000", "PFC: P3 XOFF 65535, P4 XON". */
    public static String info(PacketSummary p) {
        StringBuilder info = new StringBuilder();
        info(p, info);
        return info.toString();
    }

    /**
     * Appends the frame's Info text, as {@link #info(PacketSummary)} gives it, to {@code info}: the first module's that
     * has one (asked as for {@link #protocol}), then whether the snap length cut it and why it is malformed.
     */
    public static void info(PacketSummary p, StringBuilder info) {
        int start = info.length();
        if (!FrameWalker.ROCE.info(p, info) && !FrameWalker.MAC_CONTROL.info(p, info)
                && (p.module == null || !p.module.info(p, info))) {
            FrameWalker.IP.info(p, info);
        }
        if (p.capturedLength < p.originalLength && !p.isRoce() && info.length() == start) {
            info.append("[Packet size limited during capture]");
        }
        if (p.malformedReason != null) {
            info.append(info.length() > start ? " " : "").append("[Malformed: ").append(p.malformedReason)
                    .append(']');
        }
    }

    public static String icrcStatus(int status) {
        return switch (status) {
            case PacketSummary.ICRC_GOOD -> "good";
            case PacketSummary.ICRC_BAD -> "bad";
            case PacketSummary.ICRC_UNCHECKED -> "unchecked";
            default -> "";
        };
    }
}
