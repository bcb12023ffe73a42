package io.rocelens.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.Frame;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The capture engine on a real veth pair: frames sent from the far end of the pair, in another network namespace,
 * are captured by libpcap and must all arrive, byte for byte, decoding to what tshark decodes in the file sent.
 */
@Tag("veth")
@ExtendWith(VethPairs.class)
class LiveCaptureTest {

    @TempDir
    Path dir;

    @Test
    void everyFrameSentArrivesInTheListenerAndTheFile(Veth veth, SentFrames sent) throws Exception {
        Path file = dir.resolve("live.pcapng");
        List<Frame> heard = Collections.synchronizedList(new ArrayList<>());
        LiveCapture capture = LiveCapture.start(CaptureOptions.of(List.of(veth.outside))
                .withOutput(new CaptureOutput.NamedFile(file)).withMaxPackets(sent.count()), heard::add);
        veth.replayAndWait(SentFrames.CAPTURE);
        finish(capture);

        assertNull(capture.problem());
        sent.assertArrived(heard);
        sent.assertArrived(SentFrames.read(file));
        assertEquals(List.of(file), capture.files());
        InterfaceStatistics stats = capture.statistics().get(0);
        assertEquals(sent.count(), stats.captured());
        assertEquals(0, stats.dropped());

        PcapngBlocks blocks = PcapngBlocks.read(file);
        assertTrue(blocks.complete());
        assertEquals(veth.outside, blocks.ofType(PcapngBlocks.IDB).get(0).text(PcapngBlocks.IF_NAME));
        PcapngBlocks.Block isb = blocks.ofType(PcapngBlocks.ISB).get(0);
        assertEquals(sent.count(), isb.u64(PcapngBlocks.ISB_USRDELIV));
        assertTrue(isb.u64(PcapngBlocks.ISB_FILTERACCEPT) >= sent.count());
        assertEquals(0, isb.u64(PcapngBlocks.ISB_OSDROP));
    }

    @Test
    void framesOfTwoInterfacesGoIntoOneFileWithAnInterfaceBlockEach(Veth first, Veth second, SentFrames sent)
            throws Exception {
        Path file = dir.resolve("two.pcapng");
        LiveCapture capture = LiveCapture.start(CaptureOptions.of(List.of(first.outside, second.outside))
                .withOutput(new CaptureOutput.NamedFile(file)).withMaxPackets(2L * sent.count()), FrameListener.NONE);
        Process one = first.replay(SentFrames.CAPTURE);
        Process two = second.replay(SentFrames.CAPTURE);
        assertEquals(0, one.waitFor());
        assertEquals(0, two.waitFor());
        finish(capture);

        List<Frame> all = SentFrames.read(file);
        sent.assertArrived(all.stream().filter(frame -> frame.interfaceId() == 0).toList());
        sent.assertArrived(all.stream().filter(frame -> frame.interfaceId() == 1).toList());
        PcapngBlocks blocks = PcapngBlocks.read(file);
        assertEquals(List.of(first.outside, second.outside), blocks.ofType(PcapngBlocks.IDB).stream()
                .map(idb -> idb.text(PcapngBlocks.IF_NAME)).toList());
        assertEquals(2, blocks.ofType(PcapngBlocks.ISB).size());
    }

    @Test
    void aRingBufferKeepsTheNewestFilesEachComplete(Veth veth, SentFrames sent) throws Exception {
        Path base = dir.resolve("ring.pcapng");
        LiveCapture capture = LiveCapture.start(CaptureOptions.of(List.of(veth.outside))
                .withOutput(new CaptureOutput.RingBuffer(base, 3, 50_000)).withMaxPackets(sent.count()),
                FrameListener.NONE);
        veth.replayAndWait(SentFrames.CAPTURE);
        finish(capture);

        List<Path> files = capture.files();
        assertEquals(3, files.size(), "files kept");
        try (var listing = Files.list(dir)) {
            assertEquals(3, listing.count(), "older files deleted");
        }
        List<Frame> kept = new ArrayList<>();
        for (Path file : files) {
            assertTrue(file.getFileName().toString().matches("ring_\\d{5}_\\d{14}\\.pcapng"), file.toString());
            assertTrue(PcapngBlocks.read(file).complete());
            assertEquals(1, PcapngBlocks.read(file).ofType(PcapngBlocks.ISB).size());
            kept.addAll(SentFrames.read(file));
        }
        // the kept files hold the last frames sent, in order
        assertTrue(kept.size() < sent.count());
        sent.assertArrivedFrom(sent.count() - kept.size(), kept);
    }

    @Test
    void stopEndsAnIdleCaptureAndADurationEndsItByItself(Veth veth) throws Exception {
        LiveCapture idle = LiveCapture.start(CaptureOptions.of(List.of(veth.outside))
                .withOutput(new CaptureOutput.NamedFile(dir.resolve("idle.pcapng"))), FrameListener.NONE);
        idle.stop();
        assertTrue(idle.awaitTermination(2, TimeUnit.SECONDS), "stopped while libpcap waited for a frame");

        CaptureOptions options = CaptureOptions.of(List.of(veth.outside));
        LiveCapture timed = LiveCapture.start(new CaptureOptions(options.interfaces(), options.filter(),
                options.snaplen(), true, 0, false, Long.MAX_VALUE, 300_000_000L, Long.MAX_VALUE,
                new CaptureOutput.NamedFile(dir.resolve("timed.pcapng"))), FrameListener.NONE);
        assertTrue(timed.awaitTermination(3, TimeUnit.SECONDS), "the 0.3 s duration ended the capture");
        assertTrue(PcapngBlocks.read(dir.resolve("timed.pcapng")).complete());
    }

    /**
     * Stop pressed the moment the last frame went out: the last frames are still in libpcap's ring (its block is
     * handed over up to the read timeout later) and must be in the capture, not silently left out. The frames are sent
     * out of the captured end itself (libpcap sees outgoing frames), so nothing lies between the last send and the
     * stop.
     */
    @Test
    void aStopRightAfterTheLastFrameKeepsEveryFrameSentBeforeIt(Veth veth, SentFrames sent) throws Exception {
        Path file = dir.resolve("stopped.pcapng");
        LiveCapture capture = LiveCapture.start(CaptureOptions.of(List.of(veth.outside))
                .withOutput(new CaptureOutput.NamedFile(file)), FrameListener.NONE);
        try (FrameSender sender = FrameSender.open(veth.outside)) {
            for (Frame frame : SentFrames.read(SentFrames.CAPTURE)) {
                byte[] bytes = new byte[frame.capturedLength()];
                frame.data().get(0, bytes);
                sender.send(bytes, bytes.length);
            }
        }
        capture.stop();
        assertTrue(capture.awaitTermination(5, TimeUnit.SECONDS), "the capture ended");

        assertNull(capture.problem());
        assertEquals(sent.count(), capture.framesCaptured());
        sent.assertArrived(SentFrames.read(file));
        assertTrue(PcapngBlocks.read(file).complete());
    }

    @Test
    void theInterfaceGoingDownEndsTheCaptureWithTheFileSoFarKept(Veth veth, SentFrames sent) throws Exception {
        Path file = dir.resolve("down.pcapng");
        LiveCapture capture = LiveCapture.start(CaptureOptions.of(List.of(veth.outside))
                .withOutput(new CaptureOutput.NamedFile(file)), FrameListener.NONE);
        veth.replayAndWait(SentFrames.CAPTURE);
        waitFor(() -> capture.framesCaptured() == sent.count());
        new ProcessBuilder("ip", "link", "set", veth.outside, "down").start().waitFor();
        assertTrue(capture.awaitTermination(5, TimeUnit.SECONDS), "the capture ended");

        assertNotNull(capture.problem());
        assertEquals("capture on " + veth.outside + " stopped: the interface went down", capture.problem());
        assertTrue(PcapngBlocks.read(file).complete());
        sent.assertArrived(SentFrames.read(file));
    }

    @Test
    void aBadFilterIsRejectedWithLibpcapsMessage() throws Exception {
        assertNull(LiveCapture.checkFilter(CaptureOptions.DEFAULT_FILTER));
        assertNull(LiveCapture.checkFilter(CaptureOptions.MIRROR_FILTER));
        assertTrue(LiveCapture.checkFilter("udp port").contains("syntax error"));
        try (Veth veth = Veth.create()) {
            CaptureException wrong = assertThrows(CaptureException.class, () -> LiveCapture.start(
                    CaptureOptions.of(List.of(veth.outside)).withFilter("udp port 99999"), FrameListener.NONE));
            assertEquals(CaptureException.Kind.BAD_FILTER, wrong.kind());
            assertTrue(wrong.getMessage().contains("port 99999"), wrong.getMessage());
        }
    }

    @Test
    void anUnknownInterfaceIsNamedWithTheOnesThatExist() {
        CaptureException wrong = assertThrows(CaptureException.class, () -> LiveCapture.start(
                CaptureOptions.of(List.of("nosuch0")), FrameListener.NONE));
        assertEquals(CaptureException.Kind.NO_SUCH_INTERFACE, wrong.kind());
        assertTrue(wrong.getMessage().startsWith("no interface named 'nosuch0'; the interfaces are: "));
        assertTrue(wrong.getMessage().contains("lo"), wrong.getMessage());
    }

    private static void finish(LiveCapture capture) throws InterruptedException {
        if (!capture.awaitTermination(20, TimeUnit.SECONDS)) {
            capture.stop();
            capture.awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    private static void waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < end, "still waiting after 20 s");
            Thread.sleep(20);
        }
    }
}
