package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GenerateCommandTest {

    private static final Path SAMPLES = Path.of(System.getProperty("user.dir")).resolve("../sample-captures");

    @TempDir
    Path dir;

    /**
     * Each committed sample, regenerated with the command its README gives, must come out byte for byte the same,
     * and so must its truth file.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "mixed.pcapng             | mixed.json              | mixed --seed 1",
        "mixed-headers-only.pcap  | mixed-headers-only.json | mixed --snaplen 128 --seed 1",
        "incast.pcap              | incast.json             | incast --packets 700 --qps 12 --seed 2",
        "pfc-storm.pcap           | pfc-storm.json          | pfc-storm --packets 800 --seed 3",
        "extended-opcodes.pcap    | extended-opcodes.json   | extended-opcodes --seed 1",
        "mixed-erspan3.pcapng     | mixed-erspan3.json      | mixed --encap erspan3 --seed 1",
    })
    void samplesRegenerateByteForByte(String capture, String truth, String arguments) throws IOException {
        Path output = dir.resolve(capture);
        Path truthOutput = dir.resolve(truth);
        List<String> args = new ArrayList<>(List.of("generate"));
        args.addAll(List.of(arguments.split(" ")));
        args.addAll(List.of("-o", output.toString(), "--truth", truthOutput.toString()));
        assertEquals(0, Main.run(args.toArray(String[]::new)));
        assertArrayEquals(Files.readAllBytes(SAMPLES.resolve(capture)), Files.readAllBytes(output), capture);
        ObjectMapper json = new ObjectMapper();
        assertEquals(json.readTree(SAMPLES.resolve(truth).toFile()), json.readTree(truthOutput.toFile()), truth);
    }

    @Test
    void samplesStayUnderTwoMegabytes() throws IOException {
        long total;
        try (var files = Files.list(SAMPLES)) {
            total = files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        }
        assertTrue(total < 2_000_000, "sample-captures holds " + total + " bytes");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "generate nosuch -o X                        | unknown scenario 'nosuch'",
        "generate mixed -o X --link-speed fast       | not a link speed: \"fast\"",
        "generate mixed -o X --format erf            | --format must be pcap or pcapng",
        "generate bulk -o X --packets 0              | --packets must be at least 1",
        "generate mixed -o X --snaplen 0             | --snaplen must be",
        "generate mixed -o X --encap ipip            | unknown encapsulation 'ipip' (expected one of gre, erspan2, erspan3, vxlan)",
        "generate mixed -o /nonexistent-dir/x.pcap   | cannot write",
        // issue 21 item 17: sizes beyond what can be made, or beyond the free disk, before the file is created
        "generate flows -o X --packets 2147483647    | --packets must be at most 16777215 for flows: one 10.x.y.z address each",
        "generate bulk -o X --packets 2147483647     | bulk with 2147483647 packets would take about ",
        "generate flows -o X --packets 16777216      | --packets must be at most 16777215 for flows",
        // a full disk names the file
        "generate mixed -o /dev/full                 | cannot write /dev/full: No space left on device",
    })
    void badInputGetsOneLineAndNoStackTrace(String arguments, String message) {
        String[] args = arguments.replace(" X", " " + dir.resolve("x.pcap")).split(" ");
        PrintStream savedErr = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            status = Main.run(args);
        } finally {
            System.setErr(savedErr);
        }
        String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(status != 0);
        assertTrue(text.startsWith("rocelens generate: ") && text.contains(message), text);
        assertEquals(1, text.strip().lines().count(), text);
        assertFalse(text.contains("Exception"), text);
        assertFalse(Files.exists(dir.resolve("x.pcap")), "the output was created");
    }

    @Test
    void aCaptureLargerThanTheFreeDiskIsRefusedWithBothSizes() {
        Path output = dir.resolve("huge.pcap");
        CommandRunner run = CommandRunner.run("generate", "bulk", "--packets", "2147483647", "-o", output.toString());
        assertEquals(2, run.status(), run.err());
        // bulk's frames are 4 KiB RDMA WRITEs or more: 2^31 of them are several terabytes, more than a test disk holds
        assertTrue(run.err().matches("rocelens generate: bulk with 2147483647 packets would take about [0-9.]+ TB, and "
                + java.util.regex.Pattern.quote(output.toString()) + "'s file system has [0-9.]+ [kMGT]?B free; "
                + "nothing written\n"), run.err());
        assertFalse(Files.exists(output));
        CommandRunner tooLarge = CommandRunner.run("generate", "bulk", "--packets", "99999999999", "-o",
                output.toString());
        assertEquals(2, tooLarge.status());
        assertTrue(tooLarge.err().contains("'99999999999' is out of range: at most 2147483647"), tooLarge.err());
    }
}
