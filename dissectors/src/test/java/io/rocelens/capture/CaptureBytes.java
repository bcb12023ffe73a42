package io.rocelens.capture;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/** Builds pcap and pcapng bytes field by field, as the format drafts lay them out, for hand-made test vectors. */
final class CaptureBytes {
    static final int SHB = 0x0A0D0D0A;
    static final int IDB = 1;
    static final int OPB = 2;
    static final int SPB = 3;
    static final int NRB = 4;
    static final int EPB = 6;

    private final ByteOrder order;

    CaptureBytes(ByteOrder order) {
        this.order = order;
    }

    byte[] pcapHeader(int magic, int snapLength, int linkTypeField) {
        return buffer(24).putInt(magic).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0)
                .putInt(snapLength).putInt(linkTypeField).array();
    }

    byte[] pcapRecord(long seconds, long fraction, int captured, int original, byte[] data) {
        return concat(buffer(16).putInt((int) seconds).putInt((int) fraction).putInt(captured).putInt(original)
                .array(), data);
    }

    /** A block with the given body, padded to 4 bytes, with its total length at both ends. */
    byte[] block(int type, byte[] body) {
        int padded = (body.length + 3) & ~3;
        int length = padded + 12;
        ByteBuffer b = buffer(length).putInt(type).putInt(length).put(body);
        b.position(8 + padded);
        return b.putInt(length).array();
    }

    byte[] sectionHeader() {
        return block(SHB, buffer(16).putInt(0x1A2B3C4D).putShort((short) 1).putShort((short) 0).putLong(-1).array());
    }

    byte[] interfaceDescription(int linkType, int snapLength, byte[]... options) {
        byte[] head = buffer(8).putShort((short) linkType).putShort((short) 0).putInt(snapLength).array();
        return block(IDB, concat(head, concat(options), options.length > 0 ? option(0, new byte[0]) : new byte[0]));
    }

    byte[] option(int code, byte[] value) {
        int padded = (value.length + 3) & ~3;
        ByteBuffer b = buffer(4 + padded).putShort((short) code).putShort((short) value.length).put(value);
        return b.array();
    }

    byte[] tsresol(int value) {
        return option(9, new byte[] {(byte) value});
    }

    byte[] tsoffset(long seconds) {
        return option(14, buffer(8).putLong(seconds).array());
    }

    byte[] enhancedPacket(int interfaceId, long timestamp, int original, byte[] data) {
        return block(EPB, concat(buffer(20).putInt(interfaceId).putInt((int) (timestamp >>> 32)).putInt((int) timestamp)
                .putInt(data.length).putInt(original).array(), data));
    }

    byte[] obsoletePacket(int interfaceId, long timestamp, int original, byte[] data) {
        return block(OPB, concat(buffer(20).putShort((short) interfaceId).putShort((short) 0)
                .putInt((int) (timestamp >>> 32)).putInt((int) timestamp).putInt(data.length).putInt(original)
                .array(), data));
    }

    byte[] simplePacket(int original, byte[] data) {
        return block(SPB, concat(buffer(4).putInt(original).array(), data));
    }

    ByteBuffer buffer(int size) {
        return ByteBuffer.allocate(size).order(order);
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    static byte[] bytes(int... values) {
        byte[] result = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            result[i] = (byte) values[i];
        }
        return result;
    }

    static Path write(Path dir, String name, byte[]... parts) throws IOException {
        return Files.write(dir.resolve(name), concat(parts));
    }
}
