package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocelens.capture.RealCaptures;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DecodeCommandTest {

    /** 12 frames; `tshark -r rxe-rdmacm-write-read-docker.pcap` lists CM ConnectRequest, ConnectReply, ReadyToUse,
     * RC RDMA Write Only, RC Acknowledge, RC RDMA Read Request, Read Response First, Middle, Middle, Last,
     * CM DisconnectRequest, DisconnectReply. */
    private static Path CAPTURE;

    @TempDir
    Path temp;

    @BeforeAll
    static void needsRealCaptures() {
        CAPTURE = RealCaptures.file("rxe-rdmacm-write-read-docker.pcap");
    }

    @Test
    void fieldsPrintAsTsharkPrintsThem() throws IOException {
        // tshark -T fields with every occurrence, a header, quotes and commas (make-fields-expected.sh); its first 91
        // frames, before the first CNP, which tshark 4.0 cannot decode past the BTH
        List<String> expected = Files.readAllLines(Path.of(
                "../dissectors/src/test/resources/tshark/fields/mixed-erspan3-all.csv")).subList(0, 92);
        List<String> command = new java.util.ArrayList<>(List.of("decode", "../sample-captures/mixed-erspan3.pcapng",
                "-c", "91", "-T", "fields", "-E", "header=y", "-E", "separator=,", "-E", "quote=d", "-E",
                "occurrence=a", "-E", "aggregator=/s"));
        for (String field : expected.get(0).split(",")) {
            command.addAll(List.of("-e", field));
        }
        CommandRunner run = CommandRunner.run(command.toArray(String[]::new));
        assertEquals(0, run.status(), run.err());
        assertEquals(expected, run.out().lines().toList());
    }

    @Test
    void tsharkJsonReachesFieldsByTsharksPaths() throws IOException {
        // tshark -T json --no-duplicate-keys of the same frames (make-json-expected.sh); TsharkJsonTest compares every
        // key, this that the command writes them: a script's paths into tshark's JSON find the same values
        JsonNode tshark = new ObjectMapper().readTree(Path.of(
                "../dissectors/src/test/resources/tshark/json/mixed.json").toFile());
        CommandRunner run = CommandRunner.run("decode", "-T", "json", "-c", "20", "../sample-captures/mixed.pcapng");
        assertEquals(0, run.status(), run.err());
        JsonNode ours = new ObjectMapper().readTree(run.out());
        assertEquals(20, ours.size());
        for (int i = 0; i < 20; i++) {
            JsonNode theirs = tshark.get(i);
            JsonNode mine = ours.get(i);
            assertEquals(theirs.get("_index"), mine.get("_index"));
            assertEquals(theirs.get("_type"), mine.get("_type"));
            assertTrue(mine.has("_score") && mine.get("_score").isNull());
            for (String path : List.of("/frame/frame.number", "/eth/eth.src", "/eth/eth.dst_tree/eth.ig",
                    "/ip/ip.dsfield_tree/ip.dsfield.ecn", "/ip/ip.flags_tree/ip.flags.df", "/udp/udp.srcport",
                    "/infiniband/infiniband.bth", "/infiniband/infiniband.bth_tree/infiniband.bth.opcode",
                    "/infiniband/infiniband.bth_tree/infiniband.bth.destqp",
                    "/infiniband/infiniband.bth_tree/infiniband.bth.psn",
                    "/infiniband/infiniband.aeth_tree/infiniband.aeth.syndrome_tree/infiniband.aeth.syndrome.credit_count",
                    "/infiniband/infiniband.reth_tree/infiniband.reth.va", "/infiniband/infiniband.immdt",
                    "/infiniband/infiniband.invariant.crc")) {
                JsonNode expected = theirs.at("/_source/layers" + path);
                assertEquals(expected, mine.at("/_source/layers" + path), "frame " + (i + 1) + " " + path);
            }
        }
        CommandRunner both = CommandRunner.run("decode", "-T", "json", "--json", "../sample-captures/mixed.pcapng");
        assertEquals(2, both.status());
        assertEquals(1, both.err().lines().count());
    }

    @Test
    void tsharkEkIsTwoLinesAFrameWithTsharksIndexLine() throws IOException {
        // tshark -T ek of the same frames (make-ek-expected.sh); TsharkEkTest compares every key
        List<String> tshark = Files.readAllLines(Path.of("../dissectors/src/test/resources/tshark/ek/mixed.ek"));
        CommandRunner run = CommandRunner.run("decode", "-T", "ek", "-c", "20", "../sample-captures/mixed.pcapng");
        assertEquals(0, run.status(), run.err());
        List<String> lines = run.out().lines().toList();
        assertEquals(40, lines.size());
        assertTrue(run.out().endsWith("}\n"), "every line ends");
        for (int i = 0; i < 40; i += 2) {
            assertEquals(tshark.get(i), lines.get(i));
            JsonNode frame = new ObjectMapper().readTree(lines.get(i + 1));
            assertEquals(new ObjectMapper().readTree(tshark.get(i + 1)).get("timestamp"), frame.get("timestamp"));
            assertEquals(Integer.toString(i / 2 + 1), frame.at("/layers/frame/frame_frame_number").asText());
        }
        CommandRunner both = CommandRunner.run("decode", "-T", "ek", "-w", "x.pcapng", "../sample-captures/mixed.pcapng");
        assertEquals(2, both.status());
        assertEquals(1, both.err().lines().count());
    }

    @Test
    void fieldOptionsAreCheckedAsTsharkChecksThem() {
        String sample = "../sample-captures/mixed.pcapng";
        CommandRunner noField = CommandRunner.run("decode", sample, "-T", "fields");
        assertEquals(2, noField.status());
        assertEquals("rocelens: -T fields was given, but no field was named with -e", noField.err().strip());
        CommandRunner unknown = CommandRunner.run("decode", sample, "-T", "fields", "-e", "ip.src", "-e", "no.such");
        assertEquals(2, unknown.status());
        assertEquals("rocelens: some fields are not known: no.such", unknown.err().strip());
        CommandRunner withoutFields = CommandRunner.run("decode", sample, "-e", "ip.src");
        assertEquals(2, withoutFields.status());
        assertEquals("rocelens: -e goes with -T fields", withoutFields.err().strip());
        CommandRunner badOption = CommandRunner.run("decode", sample, "-T", "fields", "-e", "ip.src", "-E",
                "occurrence=x");
        assertEquals(2, badOption.status());
        assertTrue(badOption.err().startsWith("rocelens: -E: invalid option \"occurrence=x\""), badOption.err());
        CommandRunner pdml = CommandRunner.run("decode", sample, "-T", "pdml");
        assertEquals(2, pdml.status());
        assertEquals(1, pdml.err().lines().count());
    }

    @Test
    void printsOneLinePerFrameLikeTshark() {
        CommandRunner run = CommandRunner.run("decode", CAPTURE.toString());
        assertEquals(0, run.status(), run.err());
        String[] lines = run.out().split("\n");
        assertEquals(12, lines.length);
        // tshark: "4   0.004686 192.168.65.5 → 192.168.65.4   RRoCE 94 RC RDMA Write Only QP=0x000011"
        assertTrue(lines[3].matches("\\s*4\\s+0\\.004686000 192\\.168\\.65\\.5 → 192\\.168\\.65\\.4 RRoCE 94 .*"), lines[3]);
        assertTrue(lines[3].contains("RC RDMA WRITE Only QP=0x000011"), lines[3]);
        assertEquals("", run.err());
    }

    @Test
    void jsonHoldsEveryFieldWithNumbersAsNumbers() throws IOException {
        CommandRunner run = CommandRunner.run("decode", "--json", "-c", "5", CAPTURE.toString());
        assertEquals(0, run.status(), run.err());
        JsonNode frames = new ObjectMapper().readTree(run.out());
        assertEquals(5, frames.size());
        JsonNode ack = frames.get(4);
        assertEquals(5, ack.get("number").asInt());
        assertTrue(ack.get("timestamp").asText().matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{9}Z"));
        JsonNode bth = layer(ack, "bth").get("fields");
        assertTrue(bth.get("bth.opcode").isNumber());
        assertEquals(0x11, bth.get("bth.opcode").asInt());                    // RC Acknowledge
        assertEquals("ack", layer(ack, "aeth").get("fields").get("aeth.type").asText());
        assertEquals("good", layer(ack, "icrc").get("fields").get("icrc.status").asText());
    }

    @Test
    void countStopsEarly() {
        CommandRunner run = CommandRunner.run("decode", "-c", "3", CAPTURE.toString());
        assertEquals(3, run.out().split("\n").length);
    }

    @Test
    void aFileThatIsNotACaptureGetsOneLineAndStatus2() throws IOException {
        Path text = Files.writeString(temp.resolve("notes.txt"), "<html>this is not a capture</html>\n");
        CommandRunner run = CommandRunner.run("decode", text.toString());
        assertEquals(2, run.status());
        assertEquals("", run.out());
        assertOneLine(run.err());
        assertTrue(run.err().contains("not a pcap or pcapng"), run.err());
    }

    @Test
    void anEmptyFileAndAMissingFileGetOneLineEach() throws IOException {
        Path empty = Files.createFile(temp.resolve("empty.pcap"));
        CommandRunner emptyRun = CommandRunner.run("decode", empty.toString());
        assertEquals(2, emptyRun.status());
        assertOneLine(emptyRun.err());
        CommandRunner missingRun = CommandRunner.run("decode", temp.resolve("missing.pcap").toString());
        assertEquals(2, missingRun.status());
        assertOneLine(missingRun.err());
    }

    @Test
    void aTruncatedFileDecodesUpToTheCutThenSaysWhere() throws IOException {
        byte[] whole = Files.readAllBytes(CAPTURE);
        Path cut = Files.write(temp.resolve("cut.pcap"), Arrays.copyOf(whole, whole.length - 100));
        CommandRunner run = CommandRunner.run("decode", cut.toString());
        assertEquals(1, run.status());
        assertEquals(11, run.out().split("\n").length, "the 11 whole frames before the cut");
        assertOneLine(run.err());
        assertTrue(run.err().contains("frame 12"), run.err());
    }

    @Test
    void aFrameEarlierThanTheFirstHasANegativeTime() throws IOException {
        // three 60-byte frames at 10.5 s, 10.0 s and 12.25 s; `tshark -r F -T fields -e frame.time_relative` on this
        // file prints 0.000000000, -0.500000000, 1.750000000
        ByteBuffer file = ByteBuffer.allocate(24 + 3 * (16 + 60)).order(ByteOrder.LITTLE_ENDIAN);
        file.putInt(0xa1b2c3d4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(65535).putInt(1);
        long[][] times = {{10, 500_000}, {10, 0}, {12, 250_000}};
        for (long[] time : times) {
            file.putInt((int) time[0]).putInt((int) time[1]).putInt(60).putInt(60);
            file.put(new byte[12]).putShort((short) 0x0608).put(new byte[46]);   // EtherType 0x0806, little-endian
        }
        Path capture = Files.write(temp.resolve("out-of-order.pcap"), file.array());
        String[] lines = CommandRunner.run("decode", capture.toString()).out().split("\n");
        assertEquals("0.000000000", lines[0].trim().split(" +")[1]);
        assertEquals("-0.500000000", lines[1].trim().split(" +")[1]);
        assertEquals("1.750000000", lines[2].trim().split(" +")[1]);
    }

    private static void assertOneLine(String err) {
        assertFalse(err.isBlank());
        assertEquals(1, err.strip().lines().count(), err);
        assertFalse(err.contains("Exception"), err);
        assertFalse(err.contains("\tat "), err);
    }

    private static JsonNode layer(JsonNode frame, String name) {
        for (JsonNode layer : frame.get("layers")) {
            if (layer.get("layer").asText().equals(name)) {
                return layer;
            }
        }
        throw new AssertionError("no " + name + " layer");
    }
}
