package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code rocelens -r A -r B …}: the captures of one path opened correlated in the window. What the command line
 * refuses before any window opens (so no display is needed here).
 */
class WindowArgumentsTest {

    @Test
    void aFileBesideSeveralDashRIsRefusedInOneLine() {
        CommandRunner ran = CommandRunner.run("a.pcapng", "-r", "b.pcapng", "-r", "c.pcapng");
        assertEquals(2, ran.status());
        assertEquals("rocelens: name the captures once, each with -r (see 'rocelens --help')\n", ran.err());
    }

    @Test
    void moreThanSixteenPointsAreRefusedInOneLine() {
        List<String> args = new ArrayList<>();
        for (int p = 0; p < 17; p++) {
            args.add("-r");
            args.add("p" + p + ".pcapng");
        }
        CommandRunner ran = CommandRunner.run(args.toArray(String[]::new));
        assertEquals(2, ran.status());
        assertEquals("rocelens: correlation takes 2 to 16 captures of one path; got 17\n", ran.err());
    }
}
