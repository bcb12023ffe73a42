package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rocelens merge}'s exit statuses and lines; what it merges is CaptureMergeTest's (against mergecap). */
class MergeCommandTest {

    private static final String INCAST = "../sample-captures/incast.pcap";
    private static final String PFC_STORM = "../sample-captures/pfc-storm.pcap";

    @TempDir
    Path folder;

    @Test
    void twoCapturesMergeIntoOnePcapng() throws IOException {
        Path out = folder.resolve("both.pcapng");
        CommandRunner merged = CommandRunner.run("merge", "-w", out.toString(), INCAST, PFC_STORM);
        assertEquals(0, merged.status(), merged.err());
        assertTrue(merged.err().startsWith("merged "), merged.err());
        CommandRunner decoded = CommandRunner.run("decode", out.toString());
        CommandRunner incast = CommandRunner.run("decode", INCAST);
        CommandRunner storm = CommandRunner.run("decode", PFC_STORM);
        assertEquals(incast.out().lines().count() + storm.out().lines().count(), decoded.out().lines().count());
    }

    @Test
    void wrongOutputsAreRefusedInOneLineBeforeWriting() throws IOException {
        CommandRunner pcap = CommandRunner.run("merge", "-w", folder.resolve("x.pcap").toString(), INCAST, PFC_STORM);
        assertEquals(2, pcap.status());
        assertEquals(1, pcap.err().lines().count(), pcap.err());
        assertFalse(Files.exists(folder.resolve("x.pcap")));
        Path input = Files.copy(Path.of(INCAST), folder.resolve("in.pcapng"));
        long size = Files.size(input);
        CommandRunner onto = CommandRunner.run("merge", "-w", input.toString(), input.toString(), PFC_STORM);
        assertEquals(2, onto.status());
        assertTrue(onto.err().contains("is the capture being read"), onto.err());
        assertEquals(size, Files.size(input));
        CommandRunner one = CommandRunner.run("merge", "-w", folder.resolve("y.pcapng").toString(), INCAST);
        assertEquals(2, one.status(), "two inputs at least");
    }

    @Test
    void aDamagedInputIsMergedUpToTheDamageAndNamed() throws IOException {
        Path cut = folder.resolve("cut.pcap");
        byte[] whole = Files.readAllBytes(Path.of(INCAST));
        Files.write(cut, Arrays.copyOf(whole, whole.length / 2));
        CommandRunner merged = CommandRunner.run("merge", "-q", "-w", folder.resolve("m.pcapng").toString(),
                cut.toString(), PFC_STORM);
        assertEquals(1, merged.status());
        assertEquals(1, merged.err().lines().count(), merged.err());
        assertTrue(merged.err().startsWith("rocelens: " + cut + ": "), merged.err());
    }
}
