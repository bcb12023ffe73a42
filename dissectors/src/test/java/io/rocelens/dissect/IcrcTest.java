package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.capture.RealCaptures;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * ICRC rules from IBTA Annex A17 §A17.7.1 (docs/roce-notes.md), checked on frames of a real Soft-RoCE capture whose
 * ICRCs the NIC computed: a changed invariant byte makes that frame bad and no other; a changed variant field
 * (DSCP/ECN, TTL, IP checksum, UDP checksum, FECN/BECN byte) leaves it good; a frame cut short is unchecked.
 */
class IcrcTest {

    private static final int IP = 14;
    private static final int UDP = 34;
    private static final int BTH = 42;

    private static List<Frame> frames;

    @BeforeAll
    static void readFrames() throws IOException {
        frames = new ArrayList<>();
        try (CaptureReader reader = CaptureReaders.open(RealCaptures.file("rxe-rc-rdma-write-first-middle-last.pcap"))) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                frames.add(copy(frame, frame.data().limit(), frame.originalLength()));
            }
        }
    }

    @Test
    void everyFrameOfTheRealCaptureIsGood() {
        int roce = 0;
        for (Frame frame : frames) {
            PacketSummary summary = summarize(frame);
            if (summary.isRoce()) {
                roce++;
                assertEquals(PacketSummary.ICRC_GOOD, summary.icrcStatus, "frame " + frame.number());
            }
        }
        assertEquals(20, roce);
    }

    @Test
    void aChangedPayloadByteMakesOnlyThatFrameBad() {
        Frame victim = firstRoceFrameWithPayload();
        for (Frame frame : frames) {
            Frame checked = frame;
            if (frame == victim) {
                checked = copy(frame, frame.data().limit(), frame.originalLength());
                int inPayload = BTH + 12 + 16 + 5;     // after BTH and the RETH of a WRITE First
                checked.data().put(inPayload, (byte) (checked.data().get(inPayload) ^ 0x01));
            }
            PacketSummary summary = summarize(checked);
            if (summary.isRoce()) {
                int expected = frame == victim ? PacketSummary.ICRC_BAD : PacketSummary.ICRC_GOOD;
                assertEquals(expected, summary.icrcStatus, "frame " + frame.number());
            }
        }
    }

    @Test
    void variantFieldsAreMaskedOut() {
        Frame frame = firstRoceFrameWithPayload();
        int[] variantBytes = {IP + 1, IP + 8, IP + 10, IP + 11, UDP + 6, UDP + 7, BTH + 4};
        for (int offset : variantBytes) {
            Frame changed = copy(frame, frame.data().limit(), frame.originalLength());
            changed.data().put(offset, (byte) (changed.data().get(offset) ^ 0xa5));
            assertEquals(PacketSummary.ICRC_GOOD, summarize(changed).icrcStatus, "byte " + offset);
        }
        Frame changedPsn = copy(frame, frame.data().limit(), frame.originalLength());
        changedPsn.data().put(BTH + 11, (byte) (changedPsn.data().get(BTH + 11) ^ 0x01));
        assertEquals(PacketSummary.ICRC_BAD, summarize(changedPsn).icrcStatus, "PSN is invariant");
    }

    @Test
    void aFrameCutBySnapLengthIsUnchecked() {
        Frame frame = firstRoceFrameWithPayload();
        Frame cut = copy(frame, 128, frame.originalLength());
        PacketSummary summary = summarize(cut);
        assertEquals(PacketSummary.ICRC_UNCHECKED, summary.icrcStatus);
        assertEquals(null, summary.malformedReason);
        assertEquals("unchecked", new Dissector(DissectorOptions.defaults()).dissect(cut).field("icrc.status").value());
    }

    private static Frame firstRoceFrameWithPayload() {
        for (Frame frame : frames) {
            PacketSummary summary = summarize(frame);
            if (summary.isRoce() && summary.payloadLength > 100) {
                return frame;
            }
        }
        throw new AssertionError("no RoCE frame with payload");
    }

    private static PacketSummary summarize(Frame frame) {
        PacketSummary summary = new PacketSummary();
        new FastDissector(DissectorOptions.defaults()).summarize(frame, summary);
        return summary;
    }

    private static Frame copy(Frame frame, int capturedLength, int originalLength) {
        byte[] bytes = new byte[capturedLength];
        frame.data().duplicate().get(bytes);
        return new Frame(frame.number(), frame.timestampNanos(), originalLength, frame.linkType(), frame.interfaceId(),
                frame.fileOffset(), ByteBuffer.wrap(bytes));
    }
}
