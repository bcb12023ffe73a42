package io.rocelens.live;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The blocks of a little-endian pcapng file, read by the pcapng specification (draft-ietf-opsawg-pcapng) on its own,
 * for what the capture readers skip: interface names and the Interface Statistics Blocks.
 */
public record PcapngBlocks(List<Block> blocks, boolean complete) {

    /** A block's type, and its options by code (the last value of a repeated option). */
    public record Block(int type, int interfaceId, Map<Integer, byte[]> options) {

        public long u64(int code) {
            return ByteBuffer.wrap(options.get(code)).order(ByteOrder.LITTLE_ENDIAN).getLong();
        }

        public String text(int code) {
            return new String(options.get(code), StandardCharsets.UTF_8);
        }
    }

    public static final int IDB = 1;
    public static final int EPB = 6;
    public static final int ISB = 5;
    public static final int IF_NAME = 2;
    public static final int ISB_IFDROP = 5;
    public static final int ISB_FILTERACCEPT = 6;
    public static final int ISB_OSDROP = 7;
    public static final int ISB_USRDELIV = 8;

    public static PcapngBlocks read(Path file) throws IOException {
        ByteBuffer data = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        List<Block> blocks = new ArrayList<>();
        while (data.remaining() >= 12) {
            int start = data.position();
            int type = data.getInt(start);
            int length = data.getInt(start + 4);
            if (length < 12 || length % 4 != 0 || length > data.remaining() || data.getInt(start + length - 4) != length) {
                return new PcapngBlocks(blocks, false);
            }
            int optionsAt = switch (type) {
                case IDB -> 16;
                case ISB -> 20;
                case 0x0A0D0D0A -> 24;
                default -> -1;
            };
            Map<Integer, byte[]> options = new LinkedHashMap<>();
            int interfaceId = type == ISB || type == EPB ? data.getInt(start + 8) : -1;
            if (optionsAt > 0) {
                int at = start + optionsAt;
                while (at + 4 <= start + length - 4) {
                    int code = Short.toUnsignedInt(data.getShort(at));
                    int size = Short.toUnsignedInt(data.getShort(at + 2));
                    if (code == 0) {
                        break;
                    }
                    byte[] value = new byte[size];
                    data.get(at + 4, value);
                    options.put(code, value);
                    at += 4 + size + (-size & 3);
                }
            }
            blocks.add(new Block(type, interfaceId, options));
            data.position(start + length);
        }
        return new PcapngBlocks(blocks, !data.hasRemaining());
    }

    public List<Block> ofType(int type) {
        return blocks.stream().filter(block -> block.type() == type).toList();
    }
}
