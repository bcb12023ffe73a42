package io.rocelens.app.gui.stats.traffic.model;

import io.rocelens.app.gui.stats.model.AnalysedCapture;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FilterException;
import io.rocelens.stats.Conversations;
import io.rocelens.stats.FrameStatistic;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Statistics › Conversations and Endpoints: the Ethernet, IPv4, IPv6 and UDP tables of one capture (all its frames,
 * or those a display filter passes), and the display filter that selects a row's frames, as Wireshark's "Apply as
 * Filter" writes it.
 *
 * @param filter the display filter the tables were limited to; "" for none
 */
public record AddressTables(Map<Conversations.Kind, Conversations> tables, String filter) {

    /** Counts the capture's frames (those {@code filter} passes; blank for all) in the four tables. */
    public static AddressTables of(AnalysedCapture capture, String filter, BooleanSupplier cancelled)
            throws IOException, FilterException {
        DisplayFilter compiled = TrafficPass.filter(filter);
        Map<Conversations.Kind, Conversations> tables = new EnumMap<>(Conversations.Kind.class);
        List<FrameStatistic> statistics = new ArrayList<>();
        for (Conversations.Kind kind : Conversations.Kind.values()) {
            Conversations table = new Conversations(kind, compiled);
            tables.put(kind, table);
            statistics.add(table);
        }
        TrafficPass.feed(capture, java.util.Collections.singletonList(compiled), statistics, cancelled);
        return new AddressTables(tables, compiled == null ? "" : compiled.text());
    }

    public List<Conversations.Conversation> conversations(Conversations.Kind kind) {
        return tables.get(kind).conversations();
    }

    public List<Conversations.Endpoint> endpoints(Conversations.Kind kind) {
        return tables.get(kind).endpoints();
    }

    /** The frames between the two sides: {@code ip.addr==A && ip.addr==B}, with the ports for UDP. */
    public static String filterFor(Conversations.Kind kind, Conversations.Conversation c) {
        return side(kind, c.addressA(), c.portA()) + " && " + side(kind, c.addressB(), c.portB());
    }

    /** The frames from or to the endpoint: {@code ip.addr==A}, with the port for UDP. */
    public static String filterFor(Conversations.Kind kind, Conversations.Endpoint e) {
        return side(kind, e.address(), e.port());
    }

    private static String side(Conversations.Kind kind, String address, int port) {
        return switch (kind) {
            case ETHERNET -> "eth.addr==" + address;
            case IPV4 -> "ip.addr==" + address;
            case IPV6 -> "ipv6.addr==" + address;
            case UDP -> (address.contains(":") ? "ipv6.addr==" : "ip.addr==") + address + " && udp.port==" + port;
        };
    }
}
