package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.rocelens.capture.Frame;
import io.rocelens.capture.LinkType;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/**
 * A RoCEv2 CNP built byte by byte from IBTA Annex A17 §A17.9.2 (BTH opcode 0x81, BECN set, DestQP = the QP to slow
 * down, 16 reserved bytes, ICRC), sent with DSCP 48 as NICs do. Wireshark 4.x shows it as an unknown opcode;
 * RoCE Lens names it.
 */
class CnpDissectionTest {

    private static byte[] cnpFrame() {
        ByteBuffer frame = ByteBuffer.allocate(14 + 20 + 8 + 12 + 16 + 4);
        frame.put(new byte[] {2, 0, 0, 0, 0, 1}).put(new byte[] {2, 0, 0, 0, 0, 2}).putShort((short) 0x0800);
        int ip = frame.position();
        frame.put((byte) 0x45).put((byte) (48 << 2))           // version 4, IHL 5; DSCP 48, Not-ECT
                .putShort((short) 60).putShort((short) 0)     // total length, identification
                .putShort((short) 0x4000)                      // DF
                .put((byte) 64).put((byte) 17).putShort((short) 0)   // TTL, UDP, checksum filled below
                .put(new byte[] {10, 0, 0, 2}).put(new byte[] {10, 0, 0, 1});
        frame.putShort(ip + 10, ipv4Checksum(frame.array(), ip));
        frame.putShort((short) 0xc0de).putShort((short) 4791).putShort((short) 40).putShort((short) 0);
        frame.put((byte) 0x81).put((byte) 0).putShort((short) 0xffff)   // opcode CNP, SE/M/Pad/TVer 0, P_Key
                .put((byte) 0x40).put(new byte[] {0, 0, (byte) 0xa1})     // BECN; DestQP 0x0000a1
                .put((byte) 0).put(new byte[] {0, 0, 0});                 // AckReq 0; PSN 0
        frame.put(new byte[16]);                                          // reserved
        frame.putInt(Integer.reverseBytes(icrc(frame.array(), ip, frame.position())));
        return frame.array();
    }

    @Test
    void aCnpIsNamedAndItsFieldsDecoded() {
        byte[] bytes = cnpFrame();
        Frame frame = new Frame(1, 0, bytes.length, LinkType.ETHERNET, 0, -1, ByteBuffer.wrap(bytes));
        Dissection dissection = new Dissector(DissectorOptions.defaults()).dissect(frame);

        assertNull(dissection.layer("malformed"));
        assertEquals("CNP", dissection.protocol());
        assertEquals(0x81L, dissection.field("bth.opcode").value());
        assertEquals("CNP (0x81)", dissection.field("bth.opcode").text());
        assertEquals(1L, dissection.field("bth.becn").value());
        assertEquals(0L, dissection.field("bth.fecn").value());
        assertEquals(0xa1L, dissection.field("bth.dqpn").value());
        assertEquals(48L, dissection.field("ip.dscp").value());
        Layer cnp = dissection.layer("cnp");
        assertNotNull(cnp);
        assertEquals(54, cnp.offset());
        assertEquals(16, cnp.length());
        assertEquals("good", dissection.field("icrc.status").value());
        assertEquals(0, dissection.summary().payloadLength);
    }

    @Test
    void becnSitsInBthByteFourWhichTheIcrcMasks() {
        byte[] bytes = cnpFrame();
        Field becn = new Dissector(DissectorOptions.defaults())
                .dissect(new Frame(1, 0, bytes.length, LinkType.ETHERNET, 0, -1, ByteBuffer.wrap(bytes)))
                .field("bth.becn");
        assertEquals(42 + 4, becn.offset());
        assertEquals(1, becn.length());
    }

    private static short ipv4Checksum(byte[] bytes, int from) {
        int sum = 0;
        for (int i = from; i < from + 20; i += 2) {
            sum += ((bytes[i] & 0xff) << 8) | (bytes[i + 1] & 0xff);
        }
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xffff) + (sum >>> 16);
        }
        return (short) ~sum;
    }

    /** docs/roce-notes.md: CRC-32 over 8 x 0xFF, IP, UDP, BTH and the rest, with TOS, TTL, IP checksum, UDP checksum
     * and BTH byte 4 set to ones. */
    private static int icrc(byte[] bytes, int ip, int end) {
        byte[] masked = java.util.Arrays.copyOfRange(bytes, ip, end);
        masked[1] = (byte) 0xff;
        masked[8] = (byte) 0xff;
        masked[10] = (byte) 0xff;
        masked[11] = (byte) 0xff;
        masked[20 + 6] = (byte) 0xff;
        masked[20 + 7] = (byte) 0xff;
        masked[28 + 4] = (byte) 0xff;
        CRC32 crc = new CRC32();
        crc.update(new byte[] {-1, -1, -1, -1, -1, -1, -1, -1});
        crc.update(masked);
        return (int) crc.getValue();
    }
}
