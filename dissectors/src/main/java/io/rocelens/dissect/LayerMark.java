package io.rocelens.dissect;

/**
 * Where the walker found a header: the detail describer re-reads it there with field positions. A header of a
 * {@link ProtocolModule} is marked {@link Kind#MODULE} with its module, which describes it, and which of the module's
 * headers it is ({@code part}: the module's own number for it, the index into {@link ProtocolModule#protocols()} for
 * a module whose headers are its protocols).
 */
record LayerMark(Kind kind, int offset, int length, ProtocolModule module, int part) {

    enum Kind { ETHERNET, GRE, ERSPAN_II, ERSPAN_III, VXLAN, MODULE }

    LayerMark(Kind kind, int offset, int length) {
        this(kind, offset, length, null, -1);
    }

    /** A Kaitai stream over the frame's bytes at the marked header, for its position-recording parser. */
    io.kaitai.struct.ByteBufferKaitaiStream stream(java.nio.ByteBuffer data) {
        io.kaitai.struct.ByteBufferKaitaiStream io = new io.kaitai.struct.ByteBufferKaitaiStream(data);
        io.seek(offset);
        return io;
    }
}
