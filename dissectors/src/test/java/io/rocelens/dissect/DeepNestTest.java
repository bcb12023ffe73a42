package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A frame nested hundreds of times (GRE in GRE, VXLAN in VXLAN: tshark/encap/deep-nest.pcap, made by
 * make-deep-nest.py there) is malformed with a reason, as tshark marks it, and the next frame is dissected: the walk
 * stops at Wireshark's 500 protocol layers instead of running out of stack.
 */
class DeepNestTest {

    private static final Path CAPTURE = Path.of("src/test/resources/tshark/encap/deep-nest.pcap");
    private static final Path TSHARK = Path.of("src/test/resources/tshark/encap/deep-nest.tsv");

    @Test
    void theFramesTsharkFindsTooDeepAreMalformedAndTheOthersDecode() throws Exception {
        TreeSet<Long> tsharkMalformed = new TreeSet<>();
        for (String row : Files.readAllLines(TSHARK)) {
            String[] c = row.split("\t", -1);
            if (c[1].equals("_ws.malformed")) {
                tsharkMalformed.add(Long.parseLong(c[0]));
            }
        }
        assertEquals(List.of(2L, 3L, 4L), List.copyOf(tsharkMalformed));

        // a thread with half the usual stack (1 MiB on Linux x64): the bound leaves room to spare
        AtomicReference<Object> outcome = new AtomicReference<>();
        Thread thread = new Thread(null, () -> {
            try {
                outcome.set(dissectAll());
            } catch (Throwable t) {
                outcome.set(t);
            }
        }, "deep-nest", 512 * 1024);
        thread.start();
        thread.join();
        if (outcome.get() instanceof Throwable t) {
            throw new AssertionError("dissecting the deep nest threw", t);
        }
        @SuppressWarnings("unchecked")
        List<Dissection> dissections = (List<Dissection>) outcome.get();
        assertEquals(6, dissections.size());
        TreeSet<Long> ours = new TreeSet<>();
        for (Dissection d : dissections) {
            if (d.summary().is(PacketSummary.MALFORMED)) {
                ours.add(d.number());
                assertTrue(d.summary().malformedReason.startsWith("more than 500 nested protocol layers"),
                        d.summary().malformedReason);
            } else {
                assertTrue(d.summary().isRoce(), "frame " + d.number());
                assertEquals(0x11, d.summary().destQp);
                assertEquals(PacketSummary.ICRC_GOOD, d.summary().icrcStatus);
            }
        }
        assertEquals(tsharkMalformed, ours);
        assertNull(dissections.get(4).summary().malformedReason, "ten GRE levels are well within the limit");
    }

    private static List<Dissection> dissectAll() throws IOException {
        Dissector dissector = new Dissector(DissectorOptions.defaults());
        FastDissector fast = new FastDissector(DissectorOptions.defaults());
        List<Dissection> out = new ArrayList<>();
        try (CaptureReader reader = CaptureReaders.open(CAPTURE)) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                Dissection d = dissector.dissect(frame);
                PacketSummary summary = new PacketSummary();
                fast.summarize(frame, summary);
                assertEquals(d.summary().malformedReason, summary.malformedReason);
                out.add(d);
            }
        }
        return out;
    }
}
