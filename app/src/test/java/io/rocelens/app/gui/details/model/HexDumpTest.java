package io.rocelens.app.gui.details.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class HexDumpTest {

    /** {@code tshark -r sample-captures/mixed.pcapng -x -c 1} (tshark 4.0.17): the ARP request, 60 bytes. */
    private static final String TSHARK_FRAME_1 = """
            0000  ff ff ff ff ff ff 02 00 00 00 00 01 08 06 00 01   ................
            0010  08 00 06 04 00 01 02 00 00 00 00 01 0a 00 00 01   ................
            0020  00 00 00 00 00 00 0a 00 00 02 00 00 00 00 00 00   ................
            0030  00 00 00 00 00 00 00 00 00 00 00 00               ............
            """;

    @Test
    void dumpIsTsharksHexDump() throws IOException {
        try (CaptureReader reader = CaptureReaders.open(Path.of("../sample-captures/mixed.pcapng"))) {
            Frame frame = reader.next();
            ByteBuffer data = frame.data().duplicate();
            byte[] bytes = new byte[data.remaining()];
            data.get(bytes);
            HexDump dump = new HexDump(bytes);
            assertEquals(TSHARK_FRAME_1, dump.text());
            assertEquals(4, dump.lineCount());
            assertEquals(12, dump.bytesOnLine(3));
            assertEquals("0030", dump.offsetText(3));
        }
    }

    @Test
    void printableBytesShowAsThemselvesOthersAsDots() {
        HexDump dump = new HexDump(new byte[] {0x41, 0x7e, 0x7f, 0x1f, 0x20});
        assertEquals("A~.. ", "" + dump.ascii(0) + dump.ascii(1) + dump.ascii(2) + dump.ascii(3) + dump.ascii(4));
    }
}
