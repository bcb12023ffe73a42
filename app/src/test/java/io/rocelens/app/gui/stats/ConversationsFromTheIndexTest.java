package io.rocelens.app.gui.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.app.gui.packetlist.model.IndexedCapture;
import io.rocelens.app.gui.stats.model.AnalysedCapture;
import io.rocelens.app.gui.stats.traffic.model.AddressTables;
import io.rocelens.capture.CaptureFile;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.FrameClock;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FilterException;
import io.rocelens.stats.Conversations;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Statistics › Conversations and Endpoints of a loaded capture are counted from the packet index, which keeps each
 * frame's addresses and ports: every table holds what the same statistic gives when fed each frame's own summary (as
 * {@code decode -z conv} counts, checked against tshark in TsharkStatisticsTest), and no frame is read again except
 * the ones carried in a tunnel, whose outer headers the index does not keep.
 */
class ConversationsFromTheIndexTest {

    @ParameterizedTest
    @CsvSource({"mixed.pcapng, ''", "incast.pcap, ''", "pfc-storm.pcap, ''", "mixed-erspan3.pcapng, ''",
            "mixed.pcapng, udp.dstport == 4791 && frame.len > 100", "mixed-erspan3.pcapng, eth.src != eth.dst"})
    void countsFromTheIndexAsFromEachFrame(String name, String filter) throws IOException, FilterException {
        Path path = Path.of("../sample-captures", name);
        Samples.Loaded loaded = Samples.load(path);
        AtomicInteger framesRead = new AtomicInteger();
        AddressTables fromIndex;
        try (CaptureFile file = CaptureFile.open(path)) {
            AnalysedCapture capture = new AnalysedCapture(path, new IndexedCapture(loaded.index(), (offset, number) -> {
                framesRead.incrementAndGet();
                return file.frameAt(offset, number);
            }), loaded.analysis(), loaded.marks(), DissectorOptions.defaults(), 0, null);
            fromIndex = AddressTables.of(capture, filter, () -> false);
        }

        DisplayFilter compiled = filter.isEmpty() ? null : DisplayFilter.compile(filter);
        FastDissector fast = new FastDissector(DissectorOptions.defaults());
        FrameClock clock = new FrameClock();
        int tunnelled = 0;
        int conversations = 0;
        for (Conversations.Kind kind : Conversations.Kind.values()) {
            Conversations fromFrames = new Conversations(kind, compiled);
            try (CaptureReader reader = CaptureReaders.open(path)) {
                for (Frame frame = reader.next(); frame != null; frame = reader.next()) {
                    PacketSummary own = new PacketSummary();
                    fast.summarize(frame, own);
                    clock.stamp(own);
                    tunnelled += kind == Conversations.Kind.ETHERNET && own.is(PacketSummary.ENCAPSULATED) ? 1 : 0;
                    fromFrames.add(own, loaded.marks(), () -> {
                        throw new AssertionError("these filters need no detail");
                    });
                }
            }
            clock = new FrameClock();
            assertEquals(fromFrames.conversations(), fromIndex.conversations(kind), name + " " + kind);
            assertEquals(fromFrames.endpoints(), fromIndex.endpoints(kind), name + " " + kind);
            conversations += fromFrames.conversations().size();
        }
        assertTrue(conversations > 0, "conversations counted");
        assertEquals(tunnelled, framesRead.get(), "frames read again: the tunnelled ones only");
    }
}
