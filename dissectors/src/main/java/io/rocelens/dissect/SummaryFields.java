package io.rocelens.dissect;

import io.rocelens.ksy.SpecFields;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * Fast field getters: the value of a registry field read straight from the bulk pass's {@link PacketSummary}, for
 * the fields the summary holds, so a display filter or a packet-list column needs no detail dissection (about a
 * million frames a second against tens of thousands). A field the summary does not hold has no getter; a getter
 * whose {@link Getter#answers} is false for a frame (stacked VLAN tags, a malformed frame) leaves that frame to the
 * detail dissector.
 */
public final class SummaryFields {

    /** Reads one field of a frame from its summary. Values are the ones {@link Dissector} gives the same field. */
    public interface Getter {

        /** True when the summary alone tells whether this frame has the field and its value. */
        boolean answers(PacketSummary p);

        boolean present(PacketSummary p);

        /** Numbers and flags (0/1); MAC addresses in the low 48 bits; IP addresses' low 64 bits (IPv4-mapped). */
        long value(PacketSummary p);

        /** High 64 bits of an IP address (0 for IPv4, which is held IPv4-mapped); 0 for other fields. */
        long high(PacketSummary p);

        /** The value of a text field ({@code aeth.type}, {@code icrc.status}, {@code malformed.reason}), else null. */
        String text(PacketSummary p);

        /**
         * True for a field of the headers an encapsulated frame has twice (Ethernet, VLAN, IP, UDP): where it
         * {@link #answers} for such a frame, its values are this getter's on the frame (the inner headers) and on
         * {@link PacketSummary#outer} (the outer ones).
         */
        boolean twice();

        /**
         * True when the packet index ({@code io.rocelens.index.PacketIndex}) keeps what this getter reads, so a
         * summary the index restores answers the field as the frame's own summary does; declared with the getter.
         */
        boolean indexed();
    }

    private static final Map<String, Getter> GETTERS = new HashMap<>();

    private static final Predicate<PacketSummary> ALWAYS = p -> true;
    /** IEEE 802.3 clause 3.2.6: a Length/Type value up to 1500 is a length. */
    private static final int IEEE_802_3_MAX_LENGTH = 1500;

    /** While the static block declares the fields an encapsulated frame has twice. */
    private static boolean twice;

    /** Marks a getter whose inputs the packet index keeps ({@link Getter#indexed}). */
    private static final boolean IN_INDEX = true;

    static {
        number(IN_INDEX, Fields.FRAME_LEN, ALWAYS, p -> p.originalLength);
        number(IN_INDEX, Fields.FRAME_CAPLEN, ALWAYS, p -> p.capturedLength);
        add(Fields.FRAME_INTERFACE_ID, ALWAYS, p -> p.interfaceId >= 0, p -> p.interfaceId, null, null);

        // an encapsulated frame has these headers twice, outside and inside: the summary holds the inner ones, and the
        // outer ones in its outer summary when it was carried once (nested tunnels have more: the detail answers)
        Predicate<PacketSummary> once = p -> !p.is(PacketSummary.ENCAPSULATED) || p.encapsulationDepth == 1;
        twice = true;
        add(Fields.ETH_DST, once, p -> p.is(PacketSummary.ETHERNET), p -> p.ethDst, null, null);
        add(Fields.ETH_SRC, once, p -> p.is(PacketSummary.ETHERNET), p -> p.ethSrc, null, null);
        // eth.type is the first type field: the tag's TPID when tagged, which the summary does not keep
        // an IEEE 802.3 frame (LLC) has a length, eth.len, where Ethernet II has its type
        // (a length whether or not its LLC payload was captured)
        Predicate<PacketSummary> length = p -> p.etherType >= 0 && p.etherType <= IEEE_802_3_MAX_LENGTH;
        add(IN_INDEX, Fields.ETH_TYPE, once.and(p -> !p.is(PacketSummary.VLAN)),
                p -> p.is(PacketSummary.ETHERNET) && !length.test(p), p -> p.etherType, null, null);
        add(Fields.ETH_LEN, once.and(p -> !p.is(PacketSummary.VLAN)), p -> p.is(PacketSummary.ETHERNET) && length.test(p),
                p -> p.etherType, null, null);
        Predicate<PacketSummary> oneTag = once.and(p -> p.vlanTags <= 1);
        Predicate<PacketSummary> tagged = p -> p.is(PacketSummary.VLAN);
        add(Fields.VLAN_PCP, oneTag, tagged, p -> p.vlanPcp, null, null);
        add(Fields.VLAN_ID, oneTag, tagged, p -> p.vlanId, null, null);
        add(Fields.VLAN_ETYPE, oneTag, tagged.and(length.negate()), p -> p.etherType, null, null);
        add(Fields.VLAN_LEN, oneTag, tagged.and(length), p -> p.etherType, null, null);

        Predicate<PacketSummary> ipv4 = p -> p.is(PacketSummary.IPV4);
        add(IN_INDEX, Fields.of(SpecFields.IP_DSCP), once, ipv4, p -> p.dscp, null, null);
        add(IN_INDEX, Fields.of(SpecFields.IP_ECN), once, ipv4, p -> p.ecn, null, null);
        add(Fields.of(SpecFields.IP_PROTO), once, ipv4, p -> p.ipProtocol, null, null);
        add(IN_INDEX, Fields.of(SpecFields.IP_SRC), once, ipv4, p -> p.ipSrcLo, p -> p.ipSrcHi, null);
        add(IN_INDEX, Fields.of(SpecFields.IP_DST), once, ipv4, p -> p.ipDstLo, p -> p.ipDstHi, null);
        Predicate<PacketSummary> ipv6 = p -> p.is(PacketSummary.IPV6);
        add(IN_INDEX, Fields.of(SpecFields.IPV6_DSCP), once, ipv6, p -> p.dscp, null, null);
        add(IN_INDEX, Fields.of(SpecFields.IPV6_ECN), once, ipv6, p -> p.ecn, null, null);
        add(Fields.of(SpecFields.IPV6_NXT), once, ipv6, p -> p.ipProtocol, null, null);
        add(IN_INDEX, Fields.of(SpecFields.IPV6_SRC), once, ipv6, p -> p.ipSrcLo, p -> p.ipSrcHi, null);
        add(IN_INDEX, Fields.of(SpecFields.IPV6_DST), once, ipv6, p -> p.ipDstLo, p -> p.ipDstHi, null);

        Predicate<PacketSummary> udp = p -> p.is(PacketSummary.UDP);
        add(Fields.of(SpecFields.UDP_SRCPORT), once, udp, p -> p.udpSrcPort, null, null);
        add(Fields.of(SpecFields.UDP_DSTPORT), once, udp, p -> p.udpDstPort, null, null);
        add(Fields.of(SpecFields.UDP_LENGTH), once, udp, p -> p.udpLength, null, null);
        twice = false;
        add(Fields.ROCE_ENCAP, ALWAYS, p -> p.encapsulation != PacketSummary.ENCAP_NONE, p -> 0, null,
                p -> PacketSummary.ENCAPSULATION_NAMES.get(p.encapsulation));
        Predicate<PacketSummary> tcp = p -> p.is(PacketSummary.TCP);
        number(Fields.of(SpecFields.TCP_SRCPORT), tcp, p -> p.tcpSrcPort);
        number(Fields.of(SpecFields.TCP_DSTPORT), tcp, p -> p.tcpDstPort);
        number(Fields.TCP_FLAGS, tcp, p -> p.tcpFlags);

        // the summary keeps ARP only for Ethernet/IPv4 ARP, the only kind whose addresses the detail names
        Predicate<PacketSummary> arpKnown = p -> !p.is(PacketSummary.ARP) || p.arpOperation >= 0;
        Predicate<PacketSummary> arp = p -> p.arpOperation >= 0;
        add(Fields.of(SpecFields.ARP_OPCODE), arpKnown, arp, p -> p.arpOperation, null, null);
        add(Fields.ARP_SRC_MAC, arpKnown, arp, p -> p.arpSenderMac, null, null);
        add(Fields.ARP_SRC_IP, arpKnown, arp, p -> Addresses.ipv4Mapped(p.arpSenderIp), p -> 0L, null);
        add(Fields.ARP_DST_IP, arpKnown, arp, p -> Addresses.ipv4Mapped(p.arpTargetIp), p -> 0L, null);

        Predicate<PacketSummary> grh = p -> p.is(PacketSummary.GRH);
        add(IN_INDEX, Fields.of(SpecFields.GRH_SGID), ALWAYS, grh, p -> p.ipSrcLo, p -> p.ipSrcHi, null);
        add(IN_INDEX, Fields.of(SpecFields.GRH_DGID), ALWAYS, grh, p -> p.ipDstLo, p -> p.ipDstHi, null);

        Predicate<PacketSummary> bth = PacketSummary::isRoce;
        number(IN_INDEX, Fields.of(SpecFields.BTH_OPCODE), bth, p -> p.opcode);
        number(Fields.of(SpecFields.BTH_SE), bth, p -> p.solicitedEvent ? 1 : 0);
        number(Fields.of(SpecFields.BTH_PADCNT), bth, p -> p.padCount);
        number(Fields.of(SpecFields.BTH_PKEY), bth, p -> p.pkey);
        number(Fields.of(SpecFields.BTH_FECN), bth, p -> p.fecn ? 1 : 0);
        number(Fields.of(SpecFields.BTH_BECN), bth, p -> p.becn ? 1 : 0);
        number(IN_INDEX, Fields.of(SpecFields.BTH_DQPN), bth, p -> p.destQp);
        number(Fields.of(SpecFields.BTH_ACKREQ), bth, p -> p.ackRequest ? 1 : 0);
        number(IN_INDEX, Fields.of(SpecFields.BTH_PSN), bth, p -> p.psn);

        Predicate<PacketSummary> reth = p -> p.rethDmaLength >= 0;
        number(Fields.of(SpecFields.RETH_VA), reth, p -> p.rethVa);
        number(Fields.of(SpecFields.RETH_RKEY), reth, p -> p.rethRkey);
        number(Fields.of(SpecFields.RETH_DMALEN), reth, p -> p.rethDmaLength);
        Predicate<PacketSummary> aeth = p -> p.aethSyndrome >= 0;
        number(IN_INDEX, Fields.AETH_SYNDROME, aeth, p -> p.aethSyndrome);
        number(IN_INDEX, Fields.AETH_CODE, aeth, p -> AethText.value(p.aethSyndrome));
        number(Fields.of(SpecFields.AETH_MSN), aeth, p -> p.aethMsn);
        add(IN_INDEX, Fields.AETH_TYPE, ALWAYS, aeth, p -> 0, null, p -> AethText.type(p.aethSyndrome));
        Predicate<PacketSummary> deth = p -> p.dethSrcQp >= 0;
        number(Fields.of(SpecFields.DETH_QKEY), deth, p -> p.dethQkey);
        number(Fields.of(SpecFields.DETH_SRCQP), deth, p -> p.dethSrcQp);
        number(Fields.of(SpecFields.IMMDT), p -> p.hasImmediate, p -> Integer.toUnsignedLong(p.immediate));
        add(IN_INDEX, Fields.ICRC_STATUS, ALWAYS, p -> p.icrcStatus != PacketSummary.ICRC_NONE, p -> 0, null,
                p -> PacketColumns.icrcStatus(p.icrcStatus));

        // another MAC Control opcode (or a cut PAUSE/PFC frame) is only in the detail
        add(Fields.MACCTRL_OPCODE, p -> p.is(PacketSummary.PAUSE | PacketSummary.PFC) || p.etherType != 0x8808,
                p -> p.is(PacketSummary.PAUSE | PacketSummary.PFC), p -> p.is(PacketSummary.PFC) ? 0x0101 : 0x0001,
                null, null);
        number(Fields.of(SpecFields.PAUSE_QUANTA), p -> p.is(PacketSummary.PAUSE) && p.pauseQuanta >= 0, p -> p.pauseQuanta);
        Predicate<PacketSummary> pfc = p -> p.is(PacketSummary.PFC) && p.pfcClassEnable >= 0;
        number(Fields.of(SpecFields.PFC_CEV), pfc, p -> p.pfcClassEnable);
        for (int priority = 0; priority < 8; priority++) {
            int at = priority;
            number(Fields.of(SpecFields.PFC_TIME.get(priority)), pfc, p -> p.pfcTime[at]);
        }
        add(Fields.MALFORMED_REASON, ALWAYS, p -> p.is(PacketSummary.MALFORMED), p -> 0, null,
                p -> p.malformedReason);

        // a module's other fields (those without a getter above): absent wherever the summary holds none of its
        // protocols (an encapsulated frame's outer one may: the detail answers), else the detail answers
        for (ProtocolModule module : ProtocolModule.all()) {
            if (!module.absentOutside()) {
                continue;
            }
            Predicate<PacketSummary> none = p -> !p.is(PacketSummary.ENCAPSULATED)
                    && module.protocols().stream().noneMatch(protocol -> protocol.in().test(p));
            for (FieldDef field : module.fields()) {
                if (!GETTERS.containsKey(field.name())) {
                    add(field, none, p -> false, p -> 0, null, null);
                }
            }
        }
    }

    private SummaryFields() {
    }

    /** The getter of a registry field, or null when the summary does not hold that field. */
    public static Getter of(String name) {
        return GETTERS.get(name);
    }

    /** Names of the registry fields the summary holds. */
    public static java.util.Set<String> names() {
        return Collections.unmodifiableSet(GETTERS.keySet());
    }

    private static void number(FieldDef field, Predicate<PacketSummary> present, ToLongFunction<PacketSummary> value) {
        number(false, field, present, value);
    }

    private static void number(boolean indexed, FieldDef field, Predicate<PacketSummary> present,
                               ToLongFunction<PacketSummary> value) {
        add(indexed, field, ALWAYS, present, value, null, null);
    }

    private static void add(FieldDef field, Predicate<PacketSummary> answers, Predicate<PacketSummary> present,
                            ToLongFunction<PacketSummary> value, ToLongFunction<PacketSummary> high,
                            Function<PacketSummary, String> text) {
        add(false, field, answers, present, value, high, text);
    }

    private static void add(boolean indexed, FieldDef field, Predicate<PacketSummary> answers,
                            Predicate<PacketSummary> present, ToLongFunction<PacketSummary> value,
                            ToLongFunction<PacketSummary> high, Function<PacketSummary, String> text) {
        GETTERS.put(field.name(), new Simple(answers, present, value, high, text, twice, indexed));
    }

    private record Simple(Predicate<PacketSummary> answers, Predicate<PacketSummary> presence,
                          ToLongFunction<PacketSummary> number, ToLongFunction<PacketSummary> highHalf,
                          Function<PacketSummary, String> words, boolean twice, boolean indexed)
            implements Getter {

        @Override
        public boolean answers(PacketSummary p) {
            return answers.test(p);
        }

        @Override
        public boolean present(PacketSummary p) {
            return presence.test(p);
        }

        @Override
        public long value(PacketSummary p) {
            return number.applyAsLong(p);
        }

        @Override
        public long high(PacketSummary p) {
            return highHalf == null ? 0 : highHalf.applyAsLong(p);
        }

        @Override
        public String text(PacketSummary p) {
            return words == null ? null : words.apply(p);
        }
    }
}
