package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.rocelens.capture.Frame;
import io.rocelens.capture.LinkType;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * A MAC Control frame (EtherType 0x8808) whose opcode is neither PAUSE (0x0001) nor PFC (0x0101): IEEE 802.3 Annex 31A
 * assigns 0x0002 to GATE (EPON MPCP). It is MAC Control, but no pause, and must not stop the decode.
 */
class MacControlDissectionTest {

    private static Frame gateFrame() {
        ByteBuffer frame = ByteBuffer.allocate(60);                       // padded to the 60-byte minimum
        frame.put(new byte[] {1, (byte) 0x80, (byte) 0xc2, 0, 0, 1})      // MAC Control multicast address
                .put(new byte[] {2, 0, 0, 0, 0, 7}).putShort((short) 0x8808)
                .putShort((short) 0x0002)                                   // opcode GATE
                .putShort((short) 0xffff);                                  // would be a pause time for PAUSE
        byte[] bytes = frame.array();
        return new Frame(1, 0, bytes.length, LinkType.ETHERNET, 0, -1, ByteBuffer.wrap(bytes));
    }

    @Test
    void anotherOpcodeIsShownAndIsNoPause() {
        Dissection dissection = new Dissector(DissectorOptions.defaults()).dissect(gateFrame());
        assertNotNull(dissection.layer("macc"));
        assertEquals(2L, dissection.field("macc.opcode").value());
        assertFalse(dissection.summary().is(PacketSummary.PAUSE | PacketSummary.PFC));
    }

    @Test
    void theFastPassTakesItAsNoPauseEither() {
        PacketSummary summary = new PacketSummary();
        new FastDissector(DissectorOptions.defaults()).summarize(gateFrame(), summary);
        assertEquals(0x8808, summary.etherType);
        assertFalse(summary.is(PacketSummary.PAUSE | PacketSummary.PFC));
    }
}
