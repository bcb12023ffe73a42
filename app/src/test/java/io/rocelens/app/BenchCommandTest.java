package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** rocelens bench: each pass's CPU time is split between the pass's threads, and the parts fit in the whole. */
class BenchCommandTest {

    private static final Path CAPTURE = Path.of("../sample-captures/mixed.pcapng");
    private static final Pattern PASS = Pattern.compile("pass (\\d+): 401 frames in [\\d.]+ s = [\\d.]+ M frames/s"
            + " \\(([\\d.]+) s CPU\\)");
    /** The window's load (--index) reads the file on a thread of its own; analyze's pass reads on the analysis's. */
    private static final Pattern SPLIT = Pattern.compile("  CPU: this thread \\((?:analysis, index|reading, analysis)\\)"
            + " ([\\d.]+) s, dissection ([\\d.]+) s, the rest ([\\d.]+) s \\((?:reading ahead, )?GC, JIT; GC pauses"
            + " ([\\d.]+) s, compiling ([\\d.]+) s\\)");

    @ParameterizedTest
    @ValueSource(strings = {"--index", "--workers=2"})
    void everyPassSaysWhichThreadsTookItsCpuTime(String option) {
        CommandRunner run = CommandRunner.run("bench", "--passes", "3", option, CAPTURE.toString());
        assertEquals(0, run.status(), run.err());
        List<String> lines = run.out().lines().toList();
        int passes = 0;
        for (int i = 0; i < lines.size(); i++) {
            Matcher pass = PASS.matcher(lines.get(i));
            if (!pass.matches()) {
                continue;
            }
            passes++;
            assertEquals(passes, Integer.parseInt(pass.group(1)));
            Matcher split = SPLIT.matcher(lines.get(i + 1));
            assertTrue(split.matches(), lines.get(i + 1));
            double whole = Double.parseDouble(pass.group(2));
            double analysis = Double.parseDouble(split.group(1));
            double dissection = Double.parseDouble(split.group(2));
            double rest = Double.parseDouble(split.group(3));
            // each figure is rounded to 10 ms: the parts add up to the whole within that
            assertTrue(Math.abs(analysis + dissection + rest - whole) <= 0.02, lines.get(i) + " / " + lines.get(i + 1));
            assertTrue(analysis + dissection <= whole + 0.02, "threads of the pass took more than the process: "
                    + lines.get(i) + " / " + lines.get(i + 1));
        }
        assertEquals(3, passes, run.out());
    }
}
