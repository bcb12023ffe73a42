package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * XRC, RDMA FLUSH and ATOMIC WRITE frames of sample-captures/extended-opcodes.pcap carry the values the generator's
 * script put in them (sample-captures/README.md): XRC SRQ 0x000333, FLUSH with selectivity 0 and placement type 1.
 */
class ExtendedOpcodesDissectionTest {

    private static final List<Dissection> FRAMES = new ArrayList<>();

    @BeforeAll
    static void dissect() throws IOException {
        Dissector dissector = new Dissector(DissectorOptions.defaults());
        try (CaptureReader reader = CaptureReaders.open(Path.of("../sample-captures/extended-opcodes.pcap"))) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                FRAMES.add(dissector.dissect(frame));
            }
        }
    }

    @Test
    void xrcRequestsCarryTheirSrqAndResponsesDoNot() {
        Dissection sendOnly = FRAMES.get(0);
        assertEquals("XRC SEND Only", IbOpcodes.name(sendOnly.summary().opcode));
        assertEquals(0x333L, sendOnly.field("xrceth.xrcsrq").value());
        assertEquals("good", sendOnly.field("icrc.status").value());
        assertNull(sendOnly.layer("malformed"));
        Dissection ack = FRAMES.get(1);
        assertEquals("XRC Acknowledge", IbOpcodes.name(ack.summary().opcode));
        assertNull(ack.layer("xrceth"));
        assertEquals("ack", ack.field("aeth.type").value());
    }

    @Test
    void flushCarriesFethThenReth() {
        Dissection flush = FRAMES.get(26);
        assertEquals("RC FLUSH", IbOpcodes.name(flush.summary().opcode));
        assertEquals(0L, flush.field("feth.sel").value());
        assertEquals(1L, flush.field("feth.plt").value());
        assertEquals(1024L, flush.field("reth.dmalen").value());
        assertEquals(0, flush.summary().payloadLength);
        assertEquals("good", flush.field("icrc.status").value());
    }

    @Test
    void atomicWriteCarriesRethAndEightBytes() {
        Dissection write = FRAMES.get(30);
        assertEquals("RC ATOMIC WRITE", IbOpcodes.name(write.summary().opcode));
        assertEquals(8L, write.field("reth.dmalen").value());
        assertEquals(8, write.summary().payloadLength);
        assertEquals("good", write.field("icrc.status").value());
    }
}
