package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code decode -Y}, {@code decode -Y -w} and {@code analyze -Y} on the sample captures. */
class DisplayFilterCommandTest {

    private static final Path MIXED = Path.of("../sample-captures/mixed.pcapng");
    /** tshark -Y's frames for the mixed capture, made by make-filter-expected.sh. */
    private static final Path TSHARK = Path.of("../dissectors/src/test/resources/tshark/filters/mixed.tsv");

    @TempDir
    Path temp;

    private static List<Long> numbers(String lines) {
        return lines.lines().map(line -> Long.parseLong(line.trim().split("\\s+")[0])).toList();
    }

    private static List<Long> tshark(String filter) throws IOException {
        for (String line : Files.readAllLines(TSHARK, StandardCharsets.UTF_8)) {
            String[] columns = line.split("\t", -1);
            if (columns[0].equals(filter)) {
                List<Long> frames = new ArrayList<>();
                for (String range : columns[1].isEmpty() ? new String[0] : columns[1].split(",")) {
                    String[] ends = range.split("-");
                    for (long n = Long.parseLong(ends[0]); n <= Long.parseLong(ends[ends.length - 1]); n++) {
                        frames.add(n);
                    }
                }
                return frames;
            }
        }
        throw new AssertionError("no tshark list for " + filter);
    }

    @ParameterizedTest
    @ValueSource(strings = {"infiniband.bth.destqp == 0x44 && infiniband.bth.psn > 10", "macc",
            "ip.addr != 10.0.0.2", "infiniband.aeth.syndrome >= 0x60", "vlan.priority in {2, 5}", "frame.number <= 10",
            "frame.time_relative < 0.001800188 || frame.time_delta > 0.000001877", "frame.time_delta > 0.0001",
            "frame.time in {\"Jan  1, 2026 00:00:00.001800188 UTC\"..\"2026-01-01 00:00:00.001800188Z\"}"})
    void printsWhatTsharkSelectsWithTheOriginalNumbers(String filter) throws IOException {
        CommandRunner run = CommandRunner.run("decode", MIXED.toString(), "-Y", filter);
        assertEquals(0, run.status(), run.err());
        List<Long> expected = tshark(filter);
        assertTrue(!expected.isEmpty());
        assertEquals(expected, numbers(run.out()), filter);
    }

    @Test
    void jsonOutputMeasuresFrameTimesAsTheLinesDo() throws IOException {
        String filter = "frame.time_delta > 0.0001";
        CommandRunner run = CommandRunner.run("decode", "--json", MIXED.toString(), "-Y", filter);
        assertEquals(0, run.status(), run.err());
        List<Long> numbers = new ArrayList<>();
        new ObjectMapper().readTree(run.out()).forEach(frame -> numbers.add(frame.get("number").asLong()));
        assertEquals(tshark(filter), numbers);
    }

    @Test
    void theLinesOfSelectedFramesAreTheUnfilteredLines() {
        List<String> all = CommandRunner.run("decode", MIXED.toString()).out().lines().toList();
        CommandRunner run = CommandRunner.run("decode", MIXED.toString(), "-Y", "aeth");
        for (String line : run.out().lines().toList()) {
            assertEquals(all.get((int) (long) numbers(line).get(0) - 1), line);
        }
    }

    @Test
    void cnpAndIcrcFiltersFindWhatTheGeneratorWrote() throws IOException {
        JsonNode truth = new ObjectMapper().readTree(Path.of("../sample-captures/mixed.json").toFile());
        Map<String, String> filters = Map.of("cnp", "cnps", "roce.analysis.cnp", "cnps", "icrc.status == bad",
                "icrc_bad", "roce.analysis.icrc_bad", "icrc_bad", "bth && ip.ecn == CE", "ecn_ce",
                "roce.analysis.retransmission", "retransmitted", "roce.analysis.psn_gap", "psn_gaps",
                "aeth.type == nak", "naks", "aeth.type == rnr_nak", "rnr_naks", "malformed", "malformed");
        for (Map.Entry<String, String> filter : filters.entrySet()) {
            CommandRunner run = CommandRunner.run("decode", MIXED.toString(), "-Y", filter.getKey());
            assertEquals(0, run.status(), run.err());
            assertEquals(truth.get(filter.getValue()).asLong(), run.out().lines().count(), filter.getKey());
        }
    }

    @Test
    void writesTheSelectedFramesAsPcapAndPcapng() throws IOException {
        List<Long> selected = numbers(CommandRunner.run("decode", MIXED.toString(), "-Y", "reth || pfc").out());
        List<Frame> originals = frames(MIXED);
        for (String name : List.of("out.pcap", "out.pcapng")) {
            Path out = temp.resolve(name);
            CommandRunner run = CommandRunner.run("decode", MIXED.toString(), "-Y", "reth || pfc", "-w", out.toString());
            assertEquals(0, run.status(), run.err());
            assertEquals("", run.out());
            List<Frame> written = frames(out);
            assertEquals(selected.size(), written.size(), name);
            for (int i = 0; i < written.size(); i++) {
                Frame original = originals.get((int) (long) selected.get(i) - 1);
                assertEquals(original.timestampNanos(), written.get(i).timestampNanos());
                assertEquals(original.originalLength(), written.get(i).originalLength());
                assertTrue(Arrays.equals(bytes(original), bytes(written.get(i))), name + " frame " + (i + 1));
            }
        }
        CommandRunner wrongName = CommandRunner.run("decode", MIXED.toString(), "-w", temp.resolve("out.txt").toString());
        assertEquals(2, wrongName.status());
        assertEquals(1, wrongName.err().lines().count(), wrongName.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"bth.qp == 1", "bth.psn == 10.0.0.1", "(bth", "bth.psn in {1,", "", "&&"})
    void aBadFilterExitsWithTwoAndOneLine(String filter) {
        for (String command : List.of("decode", "analyze")) {
            CommandRunner run = CommandRunner.run(command, MIXED.toString(), "-Y", filter.isEmpty() ? "bth ==" : filter);
            assertEquals(2, run.status(), run.err());
            assertEquals("", run.out());
            assertEquals(1, run.err().lines().count(), run.err());
            assertTrue(run.err().startsWith("rocelens: -Y: ") && run.err().contains("(column "), run.err());
        }
    }

    @Test
    void analyzeAnalysesOnlyTheSelectedFrames() throws IOException {
        ObjectMapper json = new ObjectMapper();
        JsonNode all = json.readTree(CommandRunner.run("analyze", "--json", MIXED.toString()).out());
        CommandRunner run = CommandRunner.run("analyze", "--json", MIXED.toString(), "-Y",
                "ip.addr == 10.0.0.3 && ip.addr == 10.0.0.4");
        assertEquals(0, run.status(), run.err());
        JsonNode some = json.readTree(run.out());
        long decoded = CommandRunner.run("decode", MIXED.toString(), "-Y", "ip.addr == 10.0.0.3 && ip.addr == 10.0.0.4")
                .out().lines().count();
        assertEquals(decoded, some.get("packets").asLong());
        // a filter on hosts keeps whole flows: their PSN counters are those of the unfiltered analysis
        for (JsonNode flow : some.get("qps")) {
            JsonNode same = null;
            for (JsonNode candidate : all.get("qps")) {
                if (candidate.get("src_ip").equals(flow.get("src_ip")) && candidate.get("dst_ip").equals(flow.get("dst_ip"))
                        && candidate.get("dst_qp").equals(flow.get("dst_qp"))) {
                    same = candidate;
                }
            }
            assertEquals(same, flow);
        }
        // dropping packets of a flow makes gaps
        JsonNode holes = json.readTree(CommandRunner.run("analyze", "--json", MIXED.toString(), "-Y",
                "!(bth.dqpn == 0x55 && bth.psn in {4097..4098})").out());
        assertEquals(all.get("psn_gaps").asLong() + 1, holes.get("psn_gaps").asLong());
        assertEquals(all.get("missing_psns").asLong() + 2, holes.get("missing_psns").asLong());
        JsonNode retransmissions = json.readTree(CommandRunner.run("analyze", "--json", MIXED.toString(), "-Y",
                "roce.analysis.retransmission").out());
        assertEquals(all.get("retransmitted").asLong(), retransmissions.get("packets").asLong());
    }

    @Test
    void messageFieldsSelectTheMessagesTheScriptBuilt() throws IOException {
        // make-violations.py (scapy) lists each packet of the messages it built: number within its flow, position, size
        Path folder = Path.of("../dissectors/src/test/resources/analysis");
        JsonNode built = new ObjectMapper().readTree(folder.resolve("violations.json").toFile()).get("messages");
        String capture = folder.resolve("violations.pcap").toString();
        // the script's messages section starts at its first listed packet (the frames before it hold messages too)
        String section = " && frame.number >= " + built.get("packets").get(0).get("frame").asLong();
        List<Long> lasts = new ArrayList<>();
        List<Long> secondOfRequests = new ArrayList<>();
        long bigger = 0;
        for (JsonNode packet : built.get("packets")) {
            if (packet.get("position").asText().equals("last")) {
                lasts.add(packet.get("frame").asLong());
            }
            if (packet.get("flow").asText().equals("request") && packet.get("number").asLong() == 2) {
                secondOfRequests.add(packet.get("frame").asLong());
            }
            if (packet.get("size").asLong() > 2000) {
                bigger++;
            }
        }
        CommandRunner decode = CommandRunner.run("decode", capture, "-Y", "roce.msg.position == last" + section);
        assertEquals(0, decode.status(), decode.err());
        assertEquals(lasts, numbers(decode.out()));
        assertEquals(secondOfRequests, numbers(CommandRunner.run("decode", capture, "-Y",
                "ip.src == 10.0.0.5 && roce.msg.number == 2" + section).out()));
        CommandRunner analyze = CommandRunner.run("analyze", "--json", capture, "-Y", "roce.msg.size > 2000" + section);
        assertEquals(0, analyze.status(), analyze.err());
        assertEquals(bigger, new ObjectMapper().readTree(analyze.out()).get("packets").asLong());
    }

    private static List<Frame> frames(Path capture) throws IOException {
        List<Frame> frames = new ArrayList<>();
        try (CaptureReader reader = CaptureReaders.open(capture)) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                frames.add(frame);
            }
        }
        return frames;
    }

    private static byte[] bytes(Frame frame) {
        byte[] bytes = new byte[frame.capturedLength()];
        frame.data().get(0, bytes);
        return bytes;
    }
}
