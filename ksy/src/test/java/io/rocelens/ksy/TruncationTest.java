package io.rocelens.ksy;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.BufferUnderflowException;
import org.junit.jupiter.api.Test;

/**
 * What the generated parsers do with a header cut short (snap length, malformed lengths): the Kaitai
 * ByteBuffer runtime throws the unchecked {@link BufferUnderflowException}, which the dissector turns into
 * a malformed layer.
 */
class TruncationTest {
    @Test
    void bthCutShort() {
        assertThrows(BufferUnderflowException.class, () -> new Bth(Hex.stream("04 00 ff ff 00")));
    }

    @Test
    void ipv4OptionsLongerThanTheFrame() {
        // IHL 15 announces 40 bytes of options; only 1 is there.
        assertThrows(BufferUnderflowException.class, () -> new Ipv4Header(Hex.stream("4f" + "00".repeat(19) + "01")));
    }

    @Test
    void vlanTagWithoutEtherType() {
        assertThrows(BufferUnderflowException.class,
                () -> new EthernetHeader(Hex.stream("000000000000 000000000000 8100 0000")));
    }

    @Test
    void extendedHeadersCutShort() {
        assertThrows(BufferUnderflowException.class, () -> new IbExtendedHeaders(Hex.stream("00".repeat(10)), 0x0b));
    }
}
