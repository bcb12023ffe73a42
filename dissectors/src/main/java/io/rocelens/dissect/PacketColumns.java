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

    /** Wireshark's names: RRoCE for RoCEv2, RoCE for RoCEv1, InfiniBand for native InfiniBand. */
    public static String protocol(PacketSummary p) {
        if (p.is(PacketSummary.INFINIBAND)) {
            return "InfiniBand";
        }
        if (p.is(PacketSummary.ROCEV2)) {
            return p.opcode == IbOpcodes.CNP ? "CNP" : "RRoCE";
        }
        if (p.is(PacketSummary.ROCEV1)) {
            return "RoCE";
        }
        if (p.is(PacketSummary.PFC)) {
            return "PFC";
        }
        if (p.is(PacketSummary.PAUSE)) {
            return "PAUSE";
        }
        if (p.module != null) {
            return p.module.column(p);
        }
        if (p.is(PacketSummary.UDP)) {
            return "UDP";
        }
        String transport = p.ipProtocol >= 0 ? Fields.ipProtocolName(p.ipProtocol) : null;
        if (transport != null) {
            return transport;
        }
        if (p.is(PacketSummary.IPV4)) {
            return "IPv4";
        }
        if (p.is(PacketSummary.IPV6)) {
            return "IPv6";
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

    /** Appends the frame's Info text, as {@link #info(PacketSummary)} gives it, to {@code info}. */
    public static void info(PacketSummary p, StringBuilder info) {
        int start = info.length();
        if (p.isRoce() && p.opcode >= 0) {   // no opcode: the BTH was never read (a malformed frame says why below)
            String carried = p.module != null ? p.module.info(p) : null;   // what the payload is (CM: ConnectRequest)
            if (carried != null) {
                info.append(carried);
            } else {
                transport(info, p);
            }
            if (p.ecn == 3) {
                info.append(" [ECN CE]");
            }
            if (p.icrcStatus == PacketSummary.ICRC_BAD) {
                info.append(" [ICRC bad]");
            }
        } else if (p.is(PacketSummary.PFC)) {
            info.append("PFC:");
            String separator = " ";
            for (int priority = 0; priority < 8; priority++) {
                if ((p.pfcClassEnable & (1 << priority)) != 0) {
                    int quanta = p.pfcTime[priority];
                    info.append(separator).append('P').append(priority)
                            .append(quanta == 0 ? " XON" : " XOFF " + quanta);
                    separator = ", ";
                }
            }
        } else if (p.is(PacketSummary.PAUSE)) {
            info.append("PAUSE: ").append(p.pauseQuanta).append(" quanta").append(p.pauseQuanta == 0 ? " (XON)" : "");
        } else if (p.module != null && p.module.info(p) != null) {
            info.append(p.module.info(p));
        } else if (p.is(PacketSummary.TCP)) {
            String flags = Fields.tcpFlagNames(p.tcpFlags);
            info.append(p.tcpSrcPort).append(" → ").append(p.tcpDstPort);
            if (flags != null) {
                info.append(" [").append(flags).append(']');
            }
            if (p.tcpPayloadLength >= 0) {
                info.append(" Len=").append(p.tcpPayloadLength);
            }
        } else if (p.arpOperation == 1) {
            info.append("Who has ").append(Addresses.ipv4(p.arpTargetIp)).append("? Tell ")
                    .append(Addresses.ipv4(p.arpSenderIp));
        } else if (p.arpOperation == 2) {
            info.append(Addresses.ipv4(p.arpSenderIp)).append(" is at ").append(Addresses.mac(p.arpSenderMac));
        } else if (p.is(PacketSummary.UDP)) {
            info.append(p.udpSrcPort).append(" → ").append(p.udpDstPort).append(" Len=").append(p.udpLength - 8);
        }
        if (p.capturedLength < p.originalLength && !p.isRoce() && info.length() == start) {
            info.append("[Packet size limited during capture]");
        }
        if (p.malformedReason != null) {
            info.append(info.length() > start ? " " : "").append("[Malformed: ").append(p.malformedReason)
                    .append(']');
        }
    }

    /** The transport's Info: opcode, QP, PSN and the extended headers' values. */
    private static void transport(StringBuilder info, PacketSummary p) {
        String name = IbOpcodes.name(p.opcode);
        info.append(name != null ? name : String.format("Opcode 0x%02x", p.opcode));
        // by hand: String.format here cost more than dissecting the frame in a plain decode
        hex(info.append(" QP=0x"), p.destQp, 6).append(" PSN=").append(p.psn);
        if (p.aethSyndrome >= 0) {
            info.append(' ').append(AethText.describe(p.aethSyndrome)).append(" MSN=").append(p.aethMsn);
        }
        if (p.rethDmaLength >= 0) {
            info.append(" len=").append(p.rethDmaLength);
        }
        if (p.dethSrcQp >= 0) {
            hex(info.append(" SrcQP=0x"), p.dethSrcQp, 6);
        }
    }

    /** Appends the value in lower-case hex, zero-padded to the given digits. */
    private static StringBuilder hex(StringBuilder out, int value, int digits) {
        String text = Integer.toHexString(value);
        for (int i = text.length(); i < digits; i++) {
            out.append('0');
        }
        return out.append(text);
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
