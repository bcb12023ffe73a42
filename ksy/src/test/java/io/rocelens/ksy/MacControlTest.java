package io.rocelens.ksy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.kaitai.struct.ByteBufferKaitaiStream;
import java.util.List;
import org.junit.jupiter.api.Test;

class MacControlTest {
    private static final String ETH = "0180c2000001 021122334455 8808 ";
    private static final String PFC = ETH
            + "01 01" // opcode PFC
            + " 00 18" // class-enable vector 0000 0000 0001 1000: priorities 3 and 4
            + " 00 00 00 00 00 00" // time[0..2]
            + " ff ff" // time[3] = 0xFFFF quanta
            + " 01 00" // time[4] = 256 quanta
            + " 00 00 00 00 00 00" // time[5..7]
            + "00".repeat(26); // padding to 60 bytes

    @Test
    void pfcFrame() {
        ByteBufferKaitaiStream io = Hex.streamAt(PFC, 14);
        MacControl mc = new MacControl(io);

        assertEquals(MacControl.OpcodeEnum.PFC, mc.opcode());
        MacControl.PfcFrame pfc = assertInstanceOf(MacControl.PfcFrame.class, mc.body());
        assertEquals(0x0018, pfc.classEnableVector());
        assertEquals(0x18, pfc.prioritiesEnabled());
        assertEquals(List.of(0, 0, 0, 0xffff, 0x0100, 0, 0, 0), pfc.time());
        assertEquals(14 + 2 + 2 + 16, io.pos(), "the padding is not read");
    }

    @Test
    void pfcPositionsAreFrameAbsolute() {
        io.rocelens.ksy.pos.MacControl mc = new io.rocelens.ksy.pos.MacControl(Hex.streamAt(PFC, 14));
        io.rocelens.ksy.pos.MacControl.PfcFrame pfc = (io.rocelens.ksy.pos.MacControl.PfcFrame) mc.body();

        assertEquals(14, mc._attrStart.get("opcode"));
        assertEquals(16, mc._attrStart.get("body"));
        assertEquals(34, mc._attrEnd.get("body"));
        assertEquals(16, pfc._attrStart.get("classEnableVector"));
        assertEquals(18, pfc._attrStart.get("time"));
        assertEquals(24, pfc._arrStart.get("time").get(3));
        assertEquals(26, pfc._arrEnd.get("time").get(3));
    }

    @Test
    void pauseFrame() {
        MacControl mc = new MacControl(Hex.streamAt(ETH + "00 01" + " ff ff" + "00".repeat(42), 14));

        assertEquals(MacControl.OpcodeEnum.PAUSE, mc.opcode());
        MacControl.PauseFrame pause = assertInstanceOf(MacControl.PauseFrame.class, mc.body());
        assertEquals(0xffff, pause.pauseTime());
    }

    @Test
    void otherOpcodeHasNoBody() {
        MacControl mc = new MacControl(Hex.streamAt(ETH + "00 02" + "00".repeat(44), 14)); // 0x0002 GATE (EPON)

        assertNull(mc.opcode());
        assertNull(mc.body());
    }
}
