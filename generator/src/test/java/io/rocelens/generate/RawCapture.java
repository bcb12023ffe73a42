package io.rocelens.generate;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Test-only reader of little-endian pcap (ns) and pcapng files, written from the file format documents so the
 * generator's output is checked without the project's own readers.
 */
final class RawCapture {

    record Packet(int number, long timestampNanos, int originalLength, byte[] data) {
    }

    private RawCapture() {
    }

    static List<Packet> read(Path file) throws IOException {
        ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        List<Packet> packets = new ArrayList<>();
        int magic = in.getInt(0);
        if (magic == 0xA1B23C4D) {
            in.position(24);
            while (in.remaining() >= 16) {
                long seconds = in.getInt() & 0xFFFFFFFFL;
                long nanos = in.getInt() & 0xFFFFFFFFL;
                int included = in.getInt();
                int original = in.getInt();
                byte[] data = new byte[included];
                in.get(data);
                packets.add(new Packet(packets.size() + 1, seconds * 1_000_000_000L + nanos, original, data));
            }
        } else if (magic == 0x0A0D0D0A) {
            while (in.remaining() >= 12) {
                int start = in.position();
                int type = in.getInt();
                int length = in.getInt();
                if (type == 6) {
                    in.getInt();
                    long high = in.getInt() & 0xFFFFFFFFL;
                    long low = in.getInt() & 0xFFFFFFFFL;
                    int included = in.getInt();
                    int original = in.getInt();
                    byte[] data = new byte[included];
                    in.get(data);
                    packets.add(new Packet(packets.size() + 1, high << 32 | low, original, data));
                }
                in.position(start + length);
            }
        } else {
            throw new IOException("not a little-endian ns pcap or pcapng: " + Integer.toHexString(magic));
        }
        return packets;
    }

    static int u8(byte[] b, int i) {
        return b[i] & 0xFF;
    }

    static int u16(byte[] b, int i) {
        return (b[i] & 0xFF) << 8 | b[i + 1] & 0xFF;
    }

    static int u24(byte[] b, int i) {
        return u8(b, i) << 16 | u16(b, i + 1);
    }

    static byte[] slice(byte[] b, int from, int to) {
        return Arrays.copyOfRange(b, from, to);
    }
}
