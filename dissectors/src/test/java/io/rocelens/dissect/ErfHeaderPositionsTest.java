package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.capture.RealCaptures;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fields of an ERF record header sit on the bytes the ERF format gives them (erf_header.ksy: the 8-byte timestamp,
 * then the type byte, whose low 7 bits are the record type, then the flags byte, then the three 16-bit lengths). tshark
 * shows the ERF header as a pseudo-header without bytes, so {@link FieldPositionsTest} cannot check them; before the
 * header's fields were generated from the spec, {@code erf.type} was placed on no byte at offset 9 (past its byte).
 */
class ErfHeaderPositionsTest {

    @Test
    void erfFieldsSitOnTheirBytes() throws IOException {
        try (CaptureReader reader = CaptureReaders.open(
                RealCaptures.file("ibdump-native-ib-erf-rdma-write-only.pcap"))) {
            Frame frame = reader.next();
            assertNotNull(frame);
            Dissection dissection = new Dissector(DissectorOptions.defaults()).dissect(frame);
            Layer erf = dissection.layer("erf");
            assertEquals(List.of(0, 16), List.of(erf.offset(), erf.length()));
            assertEquals(21, frame.data().get(8) & 0x7f, "byte 8 holds the record type (21, InfiniBand)");
            assertEquals(List.of(21L, 8, 1), at(erf, "erf.type"));
            assertEquals(List.of((long) (frame.data().get(9) & 0xff), 9, 1), at(erf, "erf.flags"));
            assertEquals(List.of((long) frame.data().getShort(10) & 0xffff, 10, 2), at(erf, "erf.rlen"));
            assertEquals(List.of((long) frame.data().getShort(12) & 0xffff, 12, 2), at(erf, "erf.lctr"));
            assertEquals(List.of((long) frame.data().getShort(14) & 0xffff, 14, 2), at(erf, "erf.wlen"));
        }
    }

    private static List<Object> at(Layer layer, String name) {
        Field field = layer.field(name);
        return List.of(field.value(), field.offset(), field.length());
    }
}
