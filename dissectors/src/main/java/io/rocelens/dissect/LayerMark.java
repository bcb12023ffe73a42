package io.rocelens.dissect;

/**
 * Where the walker found a header: the detail describer re-reads it there with field positions. A header is marked
 * with the {@link ProtocolModule} that describes it, and which of the module's
 * headers it is ({@code part}: the module's own number for it, the index into {@link ProtocolModule#protocols()} for
 * a module whose headers are its protocols).
 */
record LayerMark(int offset, int length, ProtocolModule module, int part) {

    /** The detail layer over the marked header's bytes, holding the fields its describer found. */
    Layer layer(String name, String title, java.util.List<Field> fields) {
        return new Layer(name, title, offset, length, java.util.List.copyOf(fields));
    }

    /** A Kaitai stream over the frame's bytes at the marked header, for its position-recording parser. */
    io.kaitai.struct.ByteBufferKaitaiStream stream(java.nio.ByteBuffer data) {
        io.kaitai.struct.ByteBufferKaitaiStream io = new io.kaitai.struct.ByteBufferKaitaiStream(data);
        io.seek(offset);
        return io;
    }
}
