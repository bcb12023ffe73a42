package io.rocelens.dissect;

import io.kaitai.struct.ByteBufferKaitaiStream;
import io.rocelens.ksy.SpecDescribers;
import io.rocelens.ksy.SpecFields;
import io.rocelens.ksy.layout.MacControlLayout;
import io.rocelens.ksy.layout.MacControlPauseFrameLayout;
import io.rocelens.ksy.layout.MacControlPfcFrameLayout;
import io.rocelens.ksy.pos.MacControl;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * MAC Control (IEEE 802.3 clause 31, EtherType 0x8808) with its two operations RoCE cares for: 802.3x PAUSE and
 * 802.1Qbb Priority-based Flow Control. Fields and describer come from {@code mac_control.ksy}; only the opcode is
 * hand-written (the spec reads it as an enum of PAUSE and PFC, null for another opcode, whose number the detail still
 * shows). The fast step is this module's: it keeps the pause times the analysis uses, reading them where the spec puts
 * them ({@code MacControlPfcFrameLayout}), allocating nothing. The Protocol and Info columns ("PFC", "PFC: P3 XOFF
 * 65535") stay {@code PacketColumns}', shared with the index.
 */
final class MacControlModule implements ProtocolModule {

    static final int ETHER_TYPE = 0x8808;
    private static final int PAUSE = 0x0001;
    private static final int PFC = 0x0101;

    private final List<Protocol> protocols = List.of(
            Protocol.known(true, "macc", "MAC Control", "macc",
                    p -> p.is(PacketSummary.PAUSE | PacketSummary.PFC) ? 1 : p.etherType == ETHER_TYPE ? -1 : 0),
            Protocol.known(true, "pfc", "Priority-based Flow Control (802.1Qbb)", null,
                    p -> p.is(PacketSummary.PFC) ? 1 : 0),
            Protocol.known(true, "pause", "802.3x PAUSE", null, p -> p.is(PacketSummary.PAUSE) ? 1 : 0));

    @Override
    public List<Protocol> protocols() {
        return protocols;
    }

    @Override
    public List<FieldDef> fields() {
        return Stream.concat(Stream.of(Fields.MACCTRL_OPCODE), SpecFields.MAC_CONTROL_KSY.stream().map(Fields::of))
                .toList();
    }

    @Override
    public void handOff(HandOff tables) {
        tables.etherType(ETHER_TYPE, this::walk);
    }

    private void walk(FrameWalker walker, int offset) {
        walker.enter("MAC Control", offset, 2);
        byte[] b = walker.bytes();
        PacketSummary summary = walker.summary();
        int opcode = MacControlLayout.opcode(b, offset);
        int body = offset + 2;
        // opcodes other than PAUSE and PFC (e.g. 0x0002 GATE, IEEE 802.3 Annex 31A) have no body in the spec
        int bodyLength = opcode == PAUSE ? MacControlPauseFrameLayout.SIZE
                : opcode == PFC ? MacControlPfcFrameLayout.SIZE : 0;
        walker.readable(body, bodyLength);
        walker.mark(this, 0, offset, 2 + bodyLength);
        if (opcode == PAUSE) {
            summary.kinds |= PacketSummary.PAUSE;
            summary.pauseQuanta = MacControlPauseFrameLayout.pauseTime(b, body);
        } else if (opcode == PFC) {
            summary.kinds |= PacketSummary.PFC;
            summary.pfcClassEnable = MacControlPfcFrameLayout.classEnableVector(b, body);
            for (int priority = 0; priority < 8; priority++) {
                summary.pfcTime[priority] = MacControlPfcFrameLayout.time(b, body, priority);
            }
        }
    }

    /** The opcode, PAUSE time and PFC class-enable vector and times the summary keeps. */
    @Override
    public void getters(SummaryFields.Registry out) {
        // another MAC Control opcode (or a cut PAUSE/PFC frame) is only in the detail
        out.add(Fields.MACCTRL_OPCODE, p -> p.is(PacketSummary.PAUSE | PacketSummary.PFC) || p.etherType != 0x8808,
                p -> p.is(PacketSummary.PAUSE | PacketSummary.PFC), p -> p.is(PacketSummary.PFC) ? 0x0101 : 0x0001,
                null, null);
        out.number(Fields.of(SpecFields.PAUSE_QUANTA), p -> p.is(PacketSummary.PAUSE) && p.pauseQuanta >= 0, p -> p.pauseQuanta);
        Predicate<PacketSummary> pfc = p -> p.is(PacketSummary.PFC) && p.pfcClassEnable >= 0;
        out.number(Fields.of(SpecFields.PFC_CEV), pfc, p -> p.pfcClassEnable);
        for (int priority = 0; priority < 8; priority++) {
            int at = priority;
            out.number(Fields.of(SpecFields.PFC_TIME.get(priority)), pfc, p -> p.pfcTime[at]);
        }
    }

    @Override
    public String column(PacketSummary p) {
        return p.is(PacketSummary.PFC) ? "PFC" : p.is(PacketSummary.PAUSE) ? "PAUSE" : null;
    }

    /** "PFC: P3 XOFF 65535, P4 XON" (the priorities the class-enable vector names), "PAUSE: 65535 quanta". */
    @Override
    public boolean info(PacketSummary p, StringBuilder info) {
        if (p.is(PacketSummary.PFC)) {
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
            return true;
        }
        if (p.is(PacketSummary.PAUSE)) {
            info.append("PAUSE: ").append(p.pauseQuanta).append(" quanta").append(p.pauseQuanta == 0 ? " (XON)" : "");
            return true;
        }
        return false;
    }

    @Override
    public void describe(ByteBuffer data, LayerMark mark, PacketSummary summary, List<Layer> layers) {
        ByteBufferKaitaiStream io = mark.stream(data);
        MacControl control = new MacControl(io);
        List<Field> fields = new ArrayList<>(10);
        // hand-written: the enum has PAUSE and PFC only, another opcode reads as null; the number is the frame's
        long opcode = ((data.get(mark.offset()) & 0xFF) << 8) | (data.get(mark.offset() + 1) & 0xFF);
        fields.add(new Field(Fields.MACCTRL_OPCODE, opcode, mark.offset(), 2));
        SpecDescribers.macControl(control, 0, Fields.sink(fields));
        String title = control.body() instanceof MacControl.PauseFrame pause
                ? "MAC Control, PAUSE: " + pause.pauseTime() + " quanta"
                : control.body() instanceof MacControl.PfcFrame ? "MAC Control, Priority-based Flow Control"
                : "MAC Control";
        layers.add(mark.layer("macc", title, fields));
    }
}
