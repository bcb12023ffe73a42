package io.rocelens.filter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Wireshark's display-filter names (Wireshark 4.0, from {@code tshark -G fields}) that have a RoCE Lens
 * counterpart, and what each means here. The one table: the filter resolves them through it and the README's alias
 * table is generated from it ({@code WiresharkAliasesTest} keeps the two equal and checks every name against the
 * committed extract of {@code tshark -G fields}). A Wireshark name that means one of several RoCE Lens fields
 * (tshark reuses {@code infiniband.reth.va} for the AtomicETH's address) matches when any of them does.
 */
public final class WiresharkAliases {

    /** One Wireshark name and the RoCE Lens names it stands for. */
    public record Alias(String wireshark, List<String> roceLens) {
    }

    private static final Map<String, Alias> TABLE = new LinkedHashMap<>();

    static {
        alias("frame.cap_len", "frame.caplen");

        alias("vlan.priority", "vlan.pcp");
        alias("sll.etype", "sll.protocol");

        alias("ip.dsfield.dscp", "ip.dscp");
        alias("ip.dsfield.ecn", "ip.ecn");
        alias("ipv6.tclass.dscp", "ipv6.dscp");
        alias("ipv6.tclass.ecn", "ipv6.ecn");

        alias("infiniband", "roce");
        alias("infiniband.grh", "grh");
        for (String field : List.of("ipver", "tclass", "flowlabel", "paylen", "nxthdr", "hoplmt", "sgid", "dgid")) {
            alias("infiniband.grh." + field, "grh." + field);
        }
        alias("infiniband.bth", "bth");
        alias("infiniband.bth.opcode", "bth.opcode");
        alias("infiniband.bth.se", "bth.se");
        alias("infiniband.bth.m", "bth.m");
        alias("infiniband.bth.padcnt", "bth.padcnt");
        alias("infiniband.bth.tver", "bth.tver");
        alias("infiniband.bth.p_key", "bth.pkey");
        alias("infiniband.bth.destqp", "bth.dqpn");
        alias("infiniband.bth.a", "bth.ackreq");
        alias("infiniband.bth.psn", "bth.psn");
        alias("infiniband.rdeth", "rdeth");
        alias("infiniband.rdeth.eecnxt", "rdeth.eecnxt");
        alias("infiniband.deth", "deth");
        alias("infiniband.deth.q_key", "deth.qkey");
        alias("infiniband.deth.srcqp", "deth.srcqp");
        alias("infiniband.reth", "reth");
        alias("infiniband.reth.va", "reth.va", "atomic.va");
        alias("infiniband.reth.r_key", "reth.rkey", "atomic.rkey");
        alias("infiniband.reth.dmalen", "reth.dmalen");
        alias("infiniband.atomiceth", "atomic");
        alias("infiniband.atomiceth.swapdt", "atomic.swap");
        alias("infiniband.atomiceth.cmpdt", "atomic.compare");
        alias("infiniband.aeth", "aeth");
        alias("infiniband.aeth.syndrome", "aeth.syndrome");
        for (String part : List.of("reserved", "opcode", "credit_count", "timer", "reserved_value", "error_code")) {
            alias("infiniband.aeth.syndrome." + part, "aeth." + part);
        }
        alias("infiniband.aeth.msn", "aeth.msn");
        alias("infiniband.atomicacketh", "atomicack");
        alias("infiniband.atomicacketh.origremdt", "atomicack.orig");
        alias("infiniband.immdt", "immdt");
        alias("infiniband.ieth", "ieth.rkey");
        alias("infiniband.invariant.crc", "icrc");
        alias("infiniband.variant.crc", "vcrc");
        alias("infiniband.lrh", "lrh");
        for (String field : List.of("vl", "lver", "sl", "lnh", "dlid", "pktlen", "slid")) {
            alias("infiniband.lrh." + field, "lrh." + field);
        }
        alias("erf.types.type", "erf.type");

        alias("macc.pause_time", "pause.quanta");
        alias("macc.cbfc.enbv", "pfc.cev");
        for (int priority = 0; priority < 8; priority++) {
            alias("macc.cbfc.enbv.c" + priority, "pfc.enable" + priority);
            alias("macc.cbfc.pause_time.c" + priority, "pfc.time" + priority);
        }
    }

    private WiresharkAliases() {
    }

    /**
     * The RoCE Lens names Wireshark's name stands for, or null. Names that are spelled the same in both (ip.src,
     * udp.port, ...) are RoCE Lens names already and are not listed.
     */
    public static Alias of(String wireshark) {
        return TABLE.get(wireshark);
    }

    /** Every alias, in the table's order. */
    public static List<Alias> all() {
        return Collections.unmodifiableList(new ArrayList<>(TABLE.values()));
    }

    private static void alias(String wireshark, String... roceLens) {
        TABLE.put(wireshark, new Alias(wireshark, List.of(roceLens)));
    }
}
