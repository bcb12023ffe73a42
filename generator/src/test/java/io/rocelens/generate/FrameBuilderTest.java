package io.rocelens.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Random packets of every opcode, checked by the independent {@link FrameChecks}. */
class FrameBuilderTest {

    private static final int[] OPCODES = {
        0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F, 0x10,
        0x11, 0x12, 0x13, 0x14, 0x16, 0x17, 0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B,
        0x64, 0x65, 0x81};
    private static final Host V4_A = Host.of(0x020000000001L, "192.0.2.1");
    private static final Host V4_B = Host.of(0x020000000002L, "192.0.2.2");
    private static final Host V6_A = Host.of(0x020000000001L, "2001:db8::1");
    private static final Host V6_B = Host.of(0x020000000002L, "2001:db8::2");

    private static RawCapture.Packet packet(byte[] frame, int length) {
        return new RawCapture.Packet(1, 0, length, Arrays.copyOf(frame, length));
    }

    @Test
    void randomPacketsOfEveryOpcodePassTheIndependentChecks() {
        SplittableRandom random = new SplittableRandom(2026);
        FrameBuilder builder = new FrameBuilder();
        RocePacket p = new RocePacket();
        for (int i = 0; i < 5000; i++) {
            int kind = random.nextInt(3);
            p.roceV1 = kind == 2;
            p.src = kind == 0 ? V4_A : V6_A;
            p.dst = kind == 0 ? V4_B : V6_B;
            p.vlanPcp = random.nextBoolean() ? random.nextInt(8) : -1;
            p.vlanId = random.nextInt(4096);
            p.dscp = random.nextInt(64);
            p.ecn = random.nextInt(4);
            p.flowLabel = random.nextInt(1 << 20);
            p.udpSrcPort = random.nextInt(1 << 16);
            p.opcode = OPCODES[random.nextInt(OPCODES.length)];
            p.destQp = random.nextInt(1 << 24);
            p.psn = random.nextInt(1 << 24);
            p.becn = random.nextBoolean();
            p.solicited = random.nextBoolean();
            p.ackRequest = random.nextBoolean();
            p.syndrome = random.nextInt(256);
            p.payloadLength = p.opcode == Opcodes.CNP ? 0 : random.nextInt(FrameBuilder.MAX_PAYLOAD + 1);
            p.badIcrc = false;
            int length = builder.roce(p);

            List<String> problems = FrameChecks.newProblems();
            FrameChecks.Roce r = FrameChecks.check(packet(builder.frame(), length), problems);
            String what = "packet " + i + " opcode 0x" + Integer.toHexString(p.opcode) + " payload "
                    + p.payloadLength + " kind " + kind;
            assertEquals(List.of(), problems, what);
            assertNotNull(r, what);
            assertTrue(r.icrcGood(), what);
            assertEquals(p.opcode, r.opcode(), what);
            assertEquals(p.payloadLength, r.payload(), what);
            assertEquals(p.destQp, r.destQp(), what);
            assertEquals(p.psn, r.psn(), what);
            assertEquals(p.vlanPcp, r.pcp(), what);
            assertEquals(p.dscp, r.dscp(), what);
            assertEquals(p.ecn, r.ecn(), what);
        }
    }

    @Test
    void aDamagedIcrcIsDetected() {
        FrameBuilder builder = new FrameBuilder();
        RocePacket p = new RocePacket();
        p.src = V4_A;
        p.dst = V4_B;
        p.opcode = Opcodes.WRITE_ONLY;
        p.payloadLength = 100;
        p.badIcrc = true;
        int length = builder.roce(p);
        FrameChecks.Roce r = FrameChecks.check(packet(builder.frame(), length), FrameChecks.newProblems());
        assertNotNull(r);
        assertFalse(r.icrcGood());
    }

    /**
     * The shortest RoCE packet, an ACK over IPv4, is 14 + 20 + 8 + 12 + 4 + 4 = 62 bytes; MAC Control frames are
     * padded to the 60-byte minimum (IEEE 802.3 clause 31, Annex 31B/31D).
     */
    @Test
    void lengthsFollowTheHeaderSizes() {
        FrameBuilder builder = new FrameBuilder();
        RocePacket p = new RocePacket();
        p.src = V4_A;
        p.dst = V4_B;
        p.opcode = Opcodes.ACK;
        assertEquals(62, builder.roce(p));
        p.opcode = Opcodes.CNP;
        assertEquals(14 + 20 + 8 + 12 + 16 + 4, builder.roce(p));
        p.vlanPcp = 3;
        p.src = V6_A;
        p.dst = V6_B;
        p.opcode = Opcodes.UD | Opcodes.SEND_ONLY_IMM;
        p.payloadLength = 5;
        assertEquals(14 + 4 + 40 + 8 + 12 + 8 + 4 + 5 + 3 + 4, builder.roce(p));

        int pfc = builder.pfc(0x020000000009L, 0x28, Emitter.quanta(3, 0xFFFF, 5, 7));
        byte[] f = builder.frame();
        assertEquals(60, pfc);
        assertEquals(0x0180C2000001L, RawCapture.u16(f, 0) * (1L << 32) + RawCapture.u16(f, 2) * (1L << 16)
                + RawCapture.u16(f, 4));
        assertEquals(0x8808, RawCapture.u16(f, 12));
        assertEquals(0x0101, RawCapture.u16(f, 14));
        assertEquals(0x0028, RawCapture.u16(f, 16));
        assertEquals(0xFFFF, RawCapture.u16(f, 18 + 2 * 3));
        assertEquals(7, RawCapture.u16(f, 18 + 2 * 5));
        assertEquals(0, RawCapture.u8(f, 59));

        assertEquals(60, builder.pause(0x020000000009L, 0xFFFF));
        assertEquals(0x0001, RawCapture.u16(builder.frame(), 14));
        assertEquals(0xFFFF, RawCapture.u16(builder.frame(), 16));
    }
}
