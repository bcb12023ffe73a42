package io.rocelens.dissect;

import static io.rocelens.dissect.Dissector.at;
import static io.rocelens.dissect.Dissector.flag;

import io.rocelens.ksy.pos.Erspan;
import io.rocelens.ksy.pos.Gre;
import io.rocelens.ksy.pos.Vxlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The detail layers of the headers that carry a mirrored or tunnelled frame: GRE, ERSPAN type II and III, VXLAN. Their
 * fields are named as Wireshark names them; a field carved from a 16- or 32-bit word sits, as in Wireshark, on the
 * whole word (its {@link FieldDef#byteWidth}), which starts where the spec's first field of that word does.
 */
final class Encapsulations {

    private Encapsulations() {
    }

    static Layer gre(Gre gre, LayerMark mark) {
        Map<String, Integer> s = gre._attrStart;
        Map<String, Integer> e = gre._attrEnd;
        int word = s.get("checksumPresent");
        long flagsAndVersion = bit(gre.checksumPresent(), 15) | bit(gre.routingPresent(), 14) | bit(gre.keyPresent(), 13)
                | bit(gre.sequencePresent(), 12) | bit(gre.strictSourceRoute(), 11) | gre.recursionControl() << 8
                | bit(gre.ackPresent(), 7) | gre.flagsReserved() << 3 | gre.version();
        List<Field> fields = new ArrayList<>(List.of(
                word(Fields.GRE_FLAGS_AND_VERSION, flagsAndVersion, word),
                word(Fields.GRE_CHECKSUM_BIT, flag(gre.checksumPresent()), word),
                word(Fields.GRE_ROUTING_BIT, flag(gre.routingPresent()), word),
                word(Fields.GRE_KEY_BIT, flag(gre.keyPresent()), word),
                word(Fields.GRE_SEQUENCE_BIT, flag(gre.sequencePresent()), word),
                word(Fields.GRE_STRICT_ROUTE, flag(gre.strictSourceRoute()), word),
                word(Fields.GRE_RECURSION, gre.recursionControl(), word)));
        if (gre.version() == 1) {
            fields.add(word(Fields.GRE_ACK_BIT, flag(gre.ackPresent()), word));
            fields.add(word(Fields.GRE_FLAGS_RESERVED, gre.flagsReserved(), word));
        } else {
            // version 0 has no A bit: Wireshark counts it with the reserved flags
            fields.add(word(Fields.GRE_FLAGS_RESERVED, bit(gre.ackPresent(), 4) | gre.flagsReserved(), word));
        }
        fields.add(word(Fields.GRE_VERSION, gre.version(), word));
        fields.add(at(Fields.GRE_PROTO, (long) gre.protocolType(), s, e, "protocolType"));
        if (gre.checksum() != null) {
            fields.add(at(Fields.GRE_CHECKSUM, (long) gre.checksum(), s, e, "checksum"));
            fields.add(at(Fields.GRE_OFFSET, (long) gre.offset(), s, e, "offset"));
        }
        if (gre.key() != null) {
            fields.add(at(Fields.GRE_KEY, gre.key(), s, e, "key"));
        }
        if (gre.sequenceNumber() != null) {
            fields.add(at(Fields.GRE_SEQUENCE, gre.sequenceNumber(), s, e, "sequenceNumber"));
        }
        if (gre.ackNumber() != null) {
            fields.add(at(Fields.GRE_ACK, gre.ackNumber(), s, e, "ackNumber"));
        }
        String carried = Fields.GRE_PROTO.valueNames().apply(gre.protocolType());
        return new Layer("gre", "Generic Routing Encapsulation ("
                + (carried != null ? carried : String.format("0x%04x", gre.protocolType())) + ")",
                mark.offset(), mark.length(), fields);
    }

    static Layer erspan(Erspan erspan, LayerMark mark) {
        Map<String, Integer> s = erspan._attrStart;
        Map<String, Integer> e = erspan._attrEnd;
        int first = s.get("version");
        int second = s.get("cos");
        List<Field> fields = new ArrayList<>(List.of(
                word(Fields.ERSPAN_VERSION, erspan.version(), first),
                word(Fields.ERSPAN_VLAN, erspan.vlan(), first),
                word(Fields.ERSPAN_COS, erspan.cos(), second),
                word(erspan.typeIii() ? Fields.ERSPAN_BSO : Fields.ERSPAN_ENCAP, erspan.encapOrBso(), second),
                word(Fields.ERSPAN_TRUNCATED, flag(erspan.truncated()), second),
                word(Fields.ERSPAN_SPANID, erspan.sessionId(), second)));
        if (!erspan.typeIii()) {
            int third = s.get("reserved");
            fields.add(word(Fields.ERSPAN_RESERVED, erspan.reserved(), third));
            fields.add(word(Fields.ERSPAN_INDEX, erspan.index(), third));
            return new Layer("erspan", "Encapsulated Remote Switch Packet ANalysis Type II, Session " + erspan.sessionId(),
                    mark.offset(), mark.length(), fields);
        }
        fields.add(at(Fields.ERSPAN_TIMESTAMP, erspan.timestamp(), s, e, "timestamp"));
        fields.add(at(Fields.ERSPAN_SGT, (long) erspan.securityGroupTag(), s, e, "securityGroupTag"));
        int fourth = s.get("hasEthernetPdu");
        fields.add(word(Fields.ERSPAN_P, flag(erspan.hasEthernetPdu()), fourth));
        fields.add(word(Fields.ERSPAN_FT, erspan.frameType(), fourth));
        fields.add(word(Fields.ERSPAN_HW, erspan.hardwareId(), fourth));
        fields.add(word(Fields.ERSPAN_DIRECTION, flag(erspan.direction()), fourth));
        fields.add(word(Fields.ERSPAN_GRA, erspan.granularity().id(), fourth));
        fields.add(word(Fields.ERSPAN_O, flag(erspan.hasSubHeader()), fourth));
        if (erspan.subHeader() != null) {
            subHeader(erspan.subHeader(), fields);
        }
        return new Layer("erspan", "Encapsulated Remote Switch Packet ANalysis Type III, Session " + erspan.sessionId(),
                mark.offset(), mark.length(), fields);
    }

    private static void subHeader(Erspan.PlatformSubHeader sub, List<Field> fields) {
        int word = sub._attrStart.get("platformId");
        fields.add(word(Fields.ERSPAN_PLATID, sub.platformId(), word));
        if (sub.platform1() != null) {
            Erspan.Platform1 p = sub.platform1();
            fields.add(word(Fields.ERSPAN_PID1_RSVD1, p.reserved(), word));
            fields.add(word(Fields.ERSPAN_PID1_VSMID, p.vsmDomainId(), word));
            fields.add(at(Fields.ERSPAN_PID1_PORT, p.portIndex(), p._attrStart, p._attrEnd, "portIndex"));
        } else if (sub.platform3() != null) {
            Erspan.Platform3 p = sub.platform3();
            fields.add(word(Fields.ERSPAN_PID3_RSVD1, p.reserved(), word));
            fields.add(word(Fields.ERSPAN_PID3_PORT, p.portIndex(), word));
            fields.add(at(Fields.ERSPAN_PID3_TIMESTAMP, p.timestampUpper(), p._attrStart, p._attrEnd, "timestampUpper"));
        } else if (sub.platform4() != null) {
            Erspan.Platform4 p = sub.platform4();
            fields.add(word(Fields.ERSPAN_PID4_RSVD1, p.reserved1(), word));
            fields.add(word(Fields.ERSPAN_PID4_RSVD2, p.reserved2(), word));
            fields.add(at(Fields.ERSPAN_PID4_RSVD3, p.reserved3(), p._attrStart, p._attrEnd, "reserved3"));
        } else if (sub.platform5() != null) {
            Erspan.Platform5 p = sub.platform5();
            fields.add(word(Fields.ERSPAN_PID5_SWITCHID, p.switchId(), word));
            fields.add(word(Fields.ERSPAN_PID5_PORT, p.portIndex(), word));
            fields.add(at(Fields.ERSPAN_PID5_TIMESTAMP, p.timestampSeconds(), p._attrStart, p._attrEnd,
                    "timestampSeconds"));
        } else if (sub.platform7() != null) {
            Erspan.Platform7 p = sub.platform7();
            fields.add(word(Fields.ERSPAN_PID7_RSVD1, p.reserved(), word));
            fields.add(word(Fields.ERSPAN_PID7_SOURCE, p.sourceIndex(), word));
            fields.add(at(Fields.ERSPAN_PID7_TIMESTAMP, p.timestampUpper(), p._attrStart, p._attrEnd, "timestampUpper"));
        } else {
            fields.add(word(Fields.ERSPAN_PID_RSVD, sub.platformReserved().reserved(), word));
        }
    }

    static Layer vxlan(Vxlan vxlan, LayerMark mark) {
        Map<String, Integer> s = vxlan._attrStart;
        Map<String, Integer> e = vxlan._attrEnd;
        int flags = vxlan.flags();
        int word = s.get("flags");
        return new Layer("vxlan", "Virtual eXtensible Local Area Network, VNI " + vxlan.vni(), mark.offset(),
                mark.length(), List.of(
                at(Fields.VXLAN_FLAGS, (long) flags, s, e, "flags"),
                word(Fields.VXLAN_FLAG_G, (long) (flags >>> 15 & 1), word),
                word(Fields.VXLAN_FLAG_I, (long) (flags >>> 11 & 1), word),
                word(Fields.VXLAN_FLAG_D, (long) (flags >>> 6 & 1), word),
                word(Fields.VXLAN_FLAG_A, (long) (flags >>> 3 & 1), word),
                word(Fields.VXLAN_FLAGS_RESERVED, (long) (flags & ~0x8848), word),
                at(Fields.VXLAN_GBP, (long) vxlan.groupPolicyId(), s, e, "groupPolicyId"),
                at(Fields.VXLAN_VNI, vxlan.vni(), s, e, "vni"),
                at(Fields.VXLAN_RESERVED, (long) vxlan.reserved(), s, e, "reserved")));
    }

    /** A field carved from the word of {@link FieldDef#byteWidth} bytes at {@code wordStart}. */
    private static Field word(FieldDef def, Object value, int wordStart) {
        return new Field(def, value instanceof Long ? value : ((Number) value).longValue(), wordStart, def.byteWidth());
    }

    private static long bit(boolean set, int position) {
        return set ? 1L << position : 0;
    }
}
