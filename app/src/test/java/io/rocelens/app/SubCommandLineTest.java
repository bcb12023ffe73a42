package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A run that names a sub-command builds only that one (picocli reads each sub-command's options when it is added),
 * while what the user sees stays as with the whole command line: the usage lists every sub-command, a sub-command's
 * help and errors name it as "rocelens NAME".
 */
class SubCommandLineTest {

    private static final Set<String> ALL = Main.commandLine().getSubcommands().keySet();

    @Test
    void aNamedSubCommandIsTheOnlyOneBuilt() {
        for (String name : ALL) {
            assertEquals(Set.of(name), Main.commandLineFor(name, "--help").getSubcommands().keySet(), name);
        }
    }

    @Test
    void anythingElseGetsEverySubCommand() {
        assertEquals(ALL, Main.commandLineFor().getSubcommands().keySet());
        assertEquals(ALL, Main.commandLineFor("--help").getSubcommands().keySet());
        assertEquals(ALL, Main.commandLineFor("capture.pcap").getSubcommands().keySet());
        assertEquals(ALL, Main.commandLineFor("analyse", "capture.pcap").getSubcommands().keySet());
    }

    @Test
    void theUsageStillListsEverySubCommand() {
        CommandRunner usage = CommandRunner.run("--help");
        assertEquals(0, usage.status());
        for (String name : ALL) {
            assertTrue(usage.out().contains("  " + name + " "), name + " in\n" + usage.out());
        }
    }

    @Test
    void aSubCommandsHelpAndErrorsNameIt() {
        CommandRunner help = CommandRunner.run("analyze", "--help");
        assertEquals(0, help.status());
        assertTrue(help.out().startsWith("Usage: rocelens analyze "), help.out());
        CommandRunner wrong = CommandRunner.run("decode", "--no-such-option");
        assertEquals(2, wrong.status());
        assertTrue(wrong.err().contains("(see 'rocelens decode --help')"), wrong.err());
    }
}
