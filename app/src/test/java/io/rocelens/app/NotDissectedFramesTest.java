package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code decode} and {@code analyze} say how many frames they could not dissect and why. */
class NotDissectedFramesTest {

    @TempDir
    Path temp;
    Path capture;

    /** A pcap of link type 105 (IEEE 802.11) with three 24-byte frames, which RoCE Lens does not dissect. */
    @BeforeEach
    void writeCapture() throws IOException {
        ByteBuffer file = ByteBuffer.allocate(24 + 3 * (16 + 24)).order(ByteOrder.LITTLE_ENDIAN);
        file.putInt(0xa1b2c3d4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(65535).putInt(105);
        for (int i = 0; i < 3; i++) {
            file.putInt(1_700_000_000).putInt(i).putInt(24).putInt(24).put(new byte[24]);
        }
        capture = Files.write(temp.resolve("wifi.pcap"), file.array());
    }

    @Test
    void decodeListsTheFramesAndSaysOnStandardErrorThatTheyWereNotDissected() {
        CommandRunner run = CommandRunner.run("decode", capture.toString());
        assertEquals(0, run.status(), run.err());
        assertEquals(3, run.out().split("\n").length);
        assertEquals("rocelens: 3 frames of link type 105 (IEEE 802.11) not dissected\n", run.err());
    }

    /** Issue 21 item 21: a damaged file's status 1 comes with one line on standard error, the damage last. */
    @Test
    void aDamagedFileGetsOneLineWithTheDamageLast() throws IOException {
        byte[] whole = Files.readAllBytes(capture);
        Path cut = Files.write(temp.resolve("cut.pcap"), java.util.Arrays.copyOf(whole, whole.length - 10));
        CommandRunner run = CommandRunner.run("decode", cut.toString());
        assertEquals(1, run.status(), run.err());
        assertEquals(2, run.out().split("\n").length);
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().startsWith("rocelens: 2 frames of link type 105 (IEEE 802.11) not dissected; " + cut
                + ": "), run.err());
        assertTrue(run.err().contains("frame 3"), run.err());
    }

    @Test
    void analyzeSaysItInTheSummaryAndTheJson() throws IOException {
        CommandRunner text = CommandRunner.run("analyze", capture.toString());
        assertEquals(0, text.status(), text.err());
        assertTrue(text.out().contains("\n3 frames of link type 105 (IEEE 802.11) not dissected\n"), text.out());

        CommandRunner json = CommandRunner.run("analyze", "--json", capture.toString());
        JsonNode result = new ObjectMapper().readTree(json.out());
        assertEquals(3, result.get("packets").asInt());
        assertEquals(3, result.get("not_dissected").get("link type 105 (IEEE 802.11)").asInt());
    }
}
