package io.rocelens.dissect;

import io.rocelens.ksy.SpecDescribers;
import io.rocelens.ksy.pos.Lldp;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * LLDP (IEEE 802.1AB, EtherType 0x88CC) with the IEEE 802.1 organizationally specific TLVs and DCBX (IEEE 802.1Qaz):
 * the whole protocol family. Fields and describer come from {@code lldp.ksy}; the fast step keeps what the analysis
 * uses (the ETS and PFC configuration) and the Info column, as Wireshark's: chassis ID, port ID, TTL, system name and description.
 */
final class LldpModule implements ProtocolModule {

    static final int ETHER_TYPE = 0x88cc;
    private static final int TLV_END = 0;
    private static final int TLV_CHASSIS_ID = 1;
    private static final int TLV_PORT_ID = 2;
    private static final int TLV_TTL = 3;
    private static final int TLV_SYSTEM_NAME = 5;
    private static final int TLV_SYSTEM_DESCRIPTION = 6;
    private static final int TLV_ORGANIZATION_SPECIFIC = 127;

    private final List<Protocol> protocols = List.of(
            new Protocol("lldp", "Link Layer Discovery Protocol", "LLDP", p -> p.module == this));

    @Override
    public List<Protocol> protocols() {
        return protocols;
    }

    @Override
    public List<FieldDef> fields() {
        return io.rocelens.ksy.SpecFields.LLDP_KSY.stream().map(Fields::of).toList();
    }

    /** LLDP frames are rare: a filter on their fields reads only the frames whose summary holds them. */
    @Override
    public boolean absentOutside() {
        return true;
    }

    @Override
    public void handOff(HandOff tables) {
        tables.etherType(ETHER_TYPE, this::walk);
    }

    private void walk(FrameWalker walker, int offset) {
        walker.enter("LLDP", offset, 2);
        PacketSummary summary = walker.summary();
        summary.module = this;
        io.rocelens.ksy.Lldp lldp = new io.rocelens.ksy.Lldp(walker.io());
        walker.mark(this, 0, offset, (int) walker.io().pos() - offset);
        String chassis = null;
        String port = null;
        String ttl = null;
        String systemName = null;
        String systemDescription = null;
        for (io.rocelens.ksy.Lldp.Tlv tlv : lldp.tlvs()) {
            int type = (int) tlv.tlvType();
            Object value = tlv.value();
            if (type == TLV_CHASSIS_ID && value instanceof io.rocelens.ksy.Lldp.ChassisId id) {
                chassis = chassisText(id);
            } else if (type == TLV_PORT_ID && value instanceof io.rocelens.ksy.Lldp.PortId id) {
                port = portText(id);
            } else if (type == TLV_TTL && value instanceof io.rocelens.ksy.Lldp.TimeToLive time) {
                ttl = String.valueOf(time.seconds());
            } else if (type == TLV_SYSTEM_NAME && value instanceof io.rocelens.ksy.Lldp.SystemName name) {
                systemName = name.text();
            } else if (type == TLV_SYSTEM_DESCRIPTION && value instanceof io.rocelens.ksy.Lldp.SystemDescription d) {
                systemDescription = d.text();
            } else if (type == TLV_ORGANIZATION_SPECIFIC && value instanceof io.rocelens.ksy.Lldp.OrganizationSpecific org
                    && org.ieee8021() != null) {
                dcbx(org.ieee8021().body(), summary);
            } else if (type == TLV_END) {
                break;
            }
        }
        StringBuilder info = new StringBuilder();
        for (String part : new String[] {chassis, port, ttl}) {
            if (part != null) {
                info.append(part).append(' ');
            }
        }
        if (systemName != null) {
            info.append("SysN=").append(systemName).append(' ');
        }
        if (systemDescription != null) {
            info.append("SysD=").append(systemDescription).append(' ');
        }
        summary.moduleInfo = info.toString();
    }

    /** The ETS and PFC configuration a sender states (the first of each in the frame). */
    private static void dcbx(Object body, PacketSummary summary) {
        if (body instanceof io.rocelens.ksy.Lldp.Ets ets && summary.dcbxEtsTcOfPriority < 0) {
            io.rocelens.ksy.Lldp.EtsTables t = ets.tables();
            long[] tcs = {t.tcOfPriority0(), t.tcOfPriority1(), t.tcOfPriority2(), t.tcOfPriority3(),
                    t.tcOfPriority4(), t.tcOfPriority5(), t.tcOfPriority6(), t.tcOfPriority7()};
            int tcOfPriority = 0;
            long bandwidth = 0;
            long tsa = 0;
            for (int i = 0; i < 8; i++) {
                tcOfPriority |= (int) tcs[i] << 4 * i;
                bandwidth |= (long) t.tcBandwidth().get(i) << 8 * i;
                tsa |= (long) t.tsa().get(i) << 8 * i;
            }
            summary.dcbxEtsTcOfPriority = tcOfPriority;
            summary.dcbxEtsBandwidth = bandwidth;
            summary.dcbxEtsTsa = tsa;
        } else if (body instanceof io.rocelens.ksy.Lldp.PfcConfiguration pfc && summary.dcbxPfcEnable < 0) {
            summary.dcbxPfcEnable = pfc.enableVector();
        }
    }

    /** Wireshark's Info text of a chassis ID: a two-letter subtype, a slash, the ID. */
    private static String chassisText(io.rocelens.ksy.Lldp.ChassisId id) {
        return switch (id.subtype()) {
            case 1 -> "CC/" + text(id.id());
            case 2 -> "IA/" + text(id.id());
            case 3 -> "PC/" + hex(id.id());
            case 4 -> "MA/" + Addresses.mac(id.idMac());
            case 5 -> "NA/" + networkAddress(id.id());
            case 6 -> "IN/" + text(id.id());
            case 7 -> "LA/" + text(id.id());
            default -> "Unknown/" + hex(id.id());
        };
    }

    /** Wireshark's Info text of a port ID. */
    private static String portText(io.rocelens.ksy.Lldp.PortId id) {
        return switch (id.subtype()) {
            case 1 -> "IA/" + id.idText();
            case 2 -> "PC/" + hex(id.id());
            case 3 -> "MA/" + Addresses.mac(id.idMac());
            case 4 -> "NA/" + networkAddress(id.id());
            case 5 -> "IN/" + id.idText();
            case 6 -> "AC/" + text(id.id());
            case 7 -> "LA/" + id.idText();
            default -> "Unknown/" + hex(id.id());
        };
    }

    private static String text(byte[] bytes) {
        return new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    private static String hex(byte[] bytes) {
        StringBuilder text = new StringBuilder(bytes.length * 2);
        for (byte b : bytes) {
            text.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
        }
        return text.toString();
    }

    /** An IANA address family 1 (IPv4) address as dotted decimal, else its bytes in hex. */
    private static String networkAddress(byte[] bytes) {
        if (bytes.length == 5 && bytes[0] == 1) {
            return (bytes[1] & 0xff) + "." + (bytes[2] & 0xff) + "." + (bytes[3] & 0xff) + "." + (bytes[4] & 0xff);
        }
        return hex(bytes);
    }

    @Override
    public void describe(ByteBuffer data, LayerMark mark, PacketSummary summary, List<Layer> layers) {
        layers.add(layer(data, mark));
    }

    private Layer layer(ByteBuffer data, LayerMark mark) {
        io.kaitai.struct.ByteBufferKaitaiStream io = mark.stream(marked(data, mark));
        List<Field> fields = new ArrayList<>();
        SpecDescribers.lldp(new Lldp(io), 0, Fields.sink(fields));
        return mark.layer("lldp", "Link Layer Discovery Protocol", fields);
    }

    @Override
    public String info(PacketSummary p) {
        return p.moduleInfo;
    }

    /**
     * The frame up to the end of the header the walk marked: the detail reads what the walk read, not the zeros a
     * frame cut by the snap length is padded with (LLDP reads TLVs up to the end of its bytes).
     */
    private static ByteBuffer marked(ByteBuffer data, LayerMark mark) {
        return data.duplicate().limit(mark.offset() + mark.length());
    }
}
