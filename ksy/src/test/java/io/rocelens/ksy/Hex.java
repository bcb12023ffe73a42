package io.rocelens.ksy;

import io.kaitai.struct.ByteBufferKaitaiStream;
import java.util.HexFormat;

/** Test vectors are written as hex text with spaces between fields; this turns them into streams. */
final class Hex {
    private Hex() {
    }

    static byte[] bytes(String hex) {
        return HexFormat.of().parseHex(hex.replaceAll("\\s+", ""));
    }

    static ByteBufferKaitaiStream stream(String hex) {
        return new ByteBufferKaitaiStream(bytes(hex));
    }

    /** A stream over {@code hex} that is already positioned at {@code offset}, as the dissector does per layer. */
    static ByteBufferKaitaiStream streamAt(String hex, long offset) {
        ByteBufferKaitaiStream io = stream(hex);
        io.seek(offset);
        return io;
    }
}
