package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code decode -q -z ...} prints tshark's statistics in tshark's layout: compared with what tshark 4.0 printed for
 * the same -z on the bundled sample (committed by dissectors' make-stats-expected.sh; the numbers themselves are
 * checked on every capture by TsharkStatisticsTest).
 */
class DecodeStatisticsTest {

    private static final String SAMPLE = "../sample-captures/mixed.pcapng";
    private static final Path TSHARK = Path.of("../dissectors/src/test/resources/tshark/stats/mixed.txt");

    @Test
    void theHierarchyReadsAsTsharksLineForLine() throws IOException {
        CommandRunner run = CommandRunner.run("decode", "-q", "-z", "io,phs", SAMPLE);
        assertEquals(0, run.status(), run.err());
        assertEquals(block(tshark(), "Filter: \n"), block(run.out(), "Filter: \n"));
    }

    @Test
    void conversationsAndEndpointsHoldTsharksRows() throws IOException {
        CommandRunner run = CommandRunner.run("decode", "-q", "-z", "conv,ip", "-z", "endpoints,udp,infiniband", SAMPLE);
        assertEquals(0, run.status(), run.err());
        for (String title : List.of("IPv4 Conversations\nFilter:<No Filter>\n", "UDP Endpoints\nFilter:infiniband\n")) {
            assertEquals(rows(block(tshark(), title)), rows(block(run.out(), title)), title);
        }
        assertTrue(run.out().indexOf("IPv4 Conversations") < run.out().indexOf("UDP Endpoints"), "in the order given");
    }

    @Test
    void withoutQuietTheFramesComeFirst() {
        CommandRunner run = CommandRunner.run("decode", "-c", "3", "-z", "io,stat,0.001", SAMPLE);
        assertEquals(0, run.status(), run.err());
        String[] lines = run.out().split("\n");
        assertTrue(lines[0].trim().startsWith("1 "), lines[0]);
        assertTrue(run.out().contains("| Col 1: Frames and bytes"), run.out());
    }

    /** A column per filter, the analysis's own fields among them: each counts what -Y passes. */
    @Test
    void ioStatCountsWhatTheFilterPasses() {
        CommandRunner marked = CommandRunner.run("decode", "-Y", "roce.analysis.retransmission", SAMPLE);
        long retransmissions = marked.out().lines().count();
        assertTrue(retransmissions > 0, "the sample has retransmissions");
        CommandRunner run = CommandRunner.run("decode", "-q", "-z", "io,stat,0.0005,,roce.analysis.retransmission", SAMPLE);
        assertEquals(0, run.status(), run.err());
        long frames = 0;
        long column = 0;
        for (String line : run.out().split("\n")) {
            if (line.matches("^\\| +[\\d.]+ <> .*")) {
                String[] cells = line.split("\\|");
                frames += Long.parseLong(cells[2].trim());
                column += Long.parseLong(cells[4].trim());
            }
        }
        assertEquals(401, frames);
        assertEquals(retransmissions, column);
    }

    @Test
    void aStatisticItDoesNotKnowIsRefused() {
        CommandRunner tcp = CommandRunner.run("decode", "-q", "-z", "conv,tcp", SAMPLE);
        assertEquals(2, tcp.status());
        assertTrue(tcp.err().contains("eth, ip, ipv6 and udp"), tcp.err());
        CommandRunner tiny = CommandRunner.run("decode", "-q", "-z", "io,stat,0.0000001", SAMPLE);
        assertEquals(2, tiny.status());
        assertTrue(tiny.err().contains("whole microseconds"), tiny.err());
        CommandRunner badFilter = CommandRunner.run("decode", "-q", "-z", "conv,ip,ip.nope == 1", SAMPLE);
        assertEquals(2, badFilter.status());
        CommandRunner json = CommandRunner.run("decode", "--json", "-z", "io,phs", SAMPLE);
        assertEquals(2, json.status());
    }

    private static String tshark() throws IOException {
        return Files.readString(TSHARK, StandardCharsets.UTF_8);
    }

    /** The lines of the table headed by {@code heading}, up to its closing rule. */
    private static List<String> block(String text, String heading) {
        int start = text.indexOf(heading);
        assertTrue(start >= 0, heading + " in\n" + text);
        List<String> lines = Arrays.asList(text.substring(start + heading.length()).split("\n"));
        int end = 0;
        while (!lines.get(end).startsWith("=")) {
            end++;
        }
        return lines.subList(0, end);
    }

    /** The table's rows with their spacing made one space, sorted (rows of equal counts may come in any order). */
    private static List<String> rows(List<String> block) {
        return block.stream().filter(l -> !l.trim().startsWith("|")).map(l -> l.trim().replaceAll("\\s+", " "))
                .sorted().toList();
    }
}
