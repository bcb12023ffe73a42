package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The man page and the bash completion the build wrote (app/src/build/GenerateCommandLineDocs.java, run before the
 * tests) name every sub-command and every option the command line has.
 */
class CommandLineDocsTest {

    private static final Path DOCS = Path.of(System.getProperty("user.dir"), "target", "docs");

    private final CommandLine commandLine = Main.commandLine();

    @Test
    void theManPageHasASectionPerSubCommandNamingEachOfItsOptions() throws IOException {
        String page = Files.readString(DOCS.resolve("rocelens.1"), StandardCharsets.UTF_8);
        assertTrue(page.startsWith(".TH ROCELENS 1 "), "a man page of section 1");
        List<String> sections = new ArrayList<>();
        for (String line : page.split("\n")) {
            if (line.startsWith(".SH ")) {
                sections.add(line.substring(4).replace("\"", ""));
            }
        }
        assertOptionsIn(section(page, "OPTIONS"), commandLine);
        assertTrue(commandLine.getSubcommands().size() >= 6, "decode, analyze, bench, generate, capture, replay at least");
        for (String name : commandLine.getSubcommands().keySet()) {
            String heading = "ROCELENS " + name.toUpperCase(Locale.ROOT);
            assertTrue(sections.contains(heading), "a section " + heading + " in " + sections);
            assertOptionsIn(section(page, heading), commandLine.getSubcommands().get(name));
        }
    }

    @Test
    void theCompletionOffersEverySubCommandAndOption() throws IOException {
        String script = Files.readString(DOCS.resolve("rocelens.bash-completion"), StandardCharsets.UTF_8);
        assertTrue(script.contains("complete -F _complete_rocelens"), "registers itself for the rocelens command");
        assertTrue(script.contains("function _picocli_rocelens_" + "analyze()"), "a function per sub-command");
        for (var sub : commandLine.getSubcommands().entrySet()) {
            assertTrue(script.contains("function _picocli_rocelens_" + sub.getKey() + "()"), sub.getKey());
            for (OptionSpec option : sub.getValue().getCommandSpec().options()) {
                for (String name : option.names()) {
                    assertTrue(script.contains(" " + name + " ") || script.contains("'" + name + " ")
                            || script.contains(" " + name + "'") || script.contains("'" + name + "'"),
                            sub.getKey() + " " + name);
                }
            }
        }
    }

    @Test
    void theManPageIsInTheVersionBuilt() throws IOException {
        String page = Files.readString(DOCS.resolve("rocelens.1"), StandardCharsets.UTF_8);
        String firstLine = page.substring(0, page.indexOf('\n'));
        assertTrue(firstLine.contains("\"RoCE Lens " + new BuildInfo().version() + "\""), firstLine);
        assertEquals(1, page.split("\n\\.SH NAME\n", -1).length - 1, "one NAME section");
    }

    /** The lines of one section: from its .SH heading to the next. */
    private static String section(String page, String heading) {
        int start = page.indexOf(".SH " + heading + "\n");
        if (start < 0) {
            start = page.indexOf(".SH \"" + heading + "\"\n");
        }
        assertTrue(start >= 0, "no section " + heading);
        int end = page.indexOf("\n.SH ", start + 1);
        return page.substring(start, end < 0 ? page.length() : end);
    }

    /** Every name of every option of the command, as roff writes it (hyphens escaped), at the start of a .TP item. */
    private static void assertOptionsIn(String section, CommandLine command) {
        for (OptionSpec option : command.getCommandSpec().options()) {
            for (String name : option.names()) {
                String roff = name.replace("-", "\\-");
                assertTrue(section.contains(".TP\n\\fB" + roff) || section.contains(", " + roff),
                        command.getCommandName() + " " + name + " in\n" + section);
            }
        }
    }
}
