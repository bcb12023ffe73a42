package io.rocelens.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.PacketSummary;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The job's fast partition key against the dissector's, frame by frame, on every sample capture and every real
 * capture beside the clone: the same host pair for every frame the dissector calls RoCE, no conversation for every
 * PFC and PAUSE frame.
 */
class ConversationKeyTest {

    @Test
    void theFastKeyIsTheDissectorsForEveryRoceAndMacControlFrame() throws IOException {
        List<Path> captures = new ArrayList<>();
        for (Path dir : List.of(Path.of("..", "sample-captures"), Path.of("..", "..", "shared", "real-captures"))) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> files = Files.list(dir)) {
                    files.filter(p -> p.toString().matches(".*\\.(pcap|pcapng|cap)$")).sorted().forEach(captures::add);
                }
            }
        }
        Set<Integer> ports = Set.of(4791);
        long roce = 0;
        long macControl = 0;
        for (Path capture : captures) {
            FastDissector dissector = new FastDissector(new DissectorOptions(ports));
            ConversationKey keys = new ConversationKey(ports, new FastDissector(new DissectorOptions(ports)));
            PacketSummary s = new PacketSummary();
            try (CaptureReader reader = CaptureReaders.open(capture)) {
                Frame f;
                while ((f = reader.next()) != null) {
                    dissector.summarize(f, s);
                    long fast = keys.of(f);
                    if (s.isRoce()) {
                        roce++;
                        assertEquals((long) FrameColumns.conversation(s), fast, capture + " frame " + f.number());
                    } else if (s.is(PacketSummary.PFC) || s.is(PacketSummary.PAUSE)) {
                        macControl++;
                        assertEquals(FrameBatches.NO_CONVERSATION, fast, capture + " frame " + f.number());
                    }
                }
            } catch (io.rocelens.capture.NotACaptureException skipped) {
                // not every file there need be a capture
            }
        }
        assertTrue(roce > 1000 && macControl > 10, roce + " RoCE and " + macControl + " MAC Control frames");
    }
}
