import io.rocelens.app.BuildInfo;
import io.rocelens.app.Main;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Writes the man page rocelens(1) and the bash completion script from the picocli definitions of the commands, so
 * neither can drift from the code. Run by the build after compiling, with the application's class path:
 *   java -cp CLASSPATH GenerateCommandLineDocs.java OUTPUT_DIR DATE
 * picocli brings the completion script (AutoComplete); the man page is written here in roff, one page with a section
 * per sub-command (picocli-codegen's generator writes AsciiDoc, one page per command, and would need Asciidoctor).
 */
public final class GenerateCommandLineDocs {

    public static void main(String[] args) throws IOException {
        Path output = Path.of(args[0]);
        String date = args[1].substring(0, 10);
        Files.createDirectories(output);
        CommandLine commandLine = Main.commandLine();
        Files.writeString(output.resolve("rocelens.1"), manPage(commandLine, date), StandardCharsets.UTF_8);
        Files.writeString(output.resolve("rocelens.bash-completion"), AutoComplete.bash("rocelens", commandLine),
                StandardCharsets.UTF_8);
    }

    static String manPage(CommandLine commandLine, String date) {
        CommandSpec main = commandLine.getCommandSpec();
        StringBuilder page = new StringBuilder();
        page.append(".TH ROCELENS 1 \"").append(date).append("\" \"RoCE Lens ").append(new BuildInfo().version())
                .append("\" \"User Commands\"\n");
        page.append(".SH NAME\nrocelens \\- ").append(roff(name(main.usageMessage().description()[0]))).append('\n');
        page.append(".SH SYNOPSIS\n");
        synopsis(page, main);
        for (CommandLine sub : commandLine.getSubcommands().values()) {
            page.append(".br\n.B rocelens ").append(sub.getCommandName()).append("\n.RI [ OPTIONS ] ...\n");
        }
        page.append(".SH DESCRIPTION\n");
        paragraphs(page, main.usageMessage().description());
        page.append(".PP\nThe sub-commands below run headless: none of them needs a display.\n");
        arguments(page, main);
        page.append(".SH COMMANDS\n");
        for (CommandLine sub : commandLine.getSubcommands().values()) {
            page.append(".TP\n.B ").append(sub.getCommandName()).append('\n')
                    .append(roff(text(sub.getCommandSpec().usageMessage().description()[0]))).append('\n');
        }
        for (CommandLine sub : commandLine.getSubcommands().values()) {
            CommandSpec spec = sub.getCommandSpec();
            page.append(".SH \"ROCELENS ").append(sub.getCommandName().toUpperCase(Locale.ROOT)).append("\"\n");
            synopsis(page, spec);
            page.append(".PP\n");
            paragraphs(page, spec.usageMessage().description());
            arguments(page, spec);
            exitStatus(page, spec, ".SS");
        }
        exitStatus(page, main, ".SH");
        page.append(".SH \"SEE ALSO\"\n.BR wireshark (1),\n.BR tshark (1),\n.BR dumpcap (1),\n.BR tcpreplay (1)\n");
        return page.toString();
    }

    /** picocli's own synopsis, with its line breaks kept. */
    private static void synopsis(StringBuilder page, CommandSpec spec) {
        Help help = new Help(spec, Help.defaultColorScheme(Help.Ansi.OFF));
        page.append(".nf\n").append(roff(help.synopsis(0).stripTrailing())).append("\n.fi\n");
    }

    private static void paragraphs(StringBuilder page, String[] description) {
        for (int i = 0; i < description.length; i++) {
            if (i > 0) {
                page.append(".PP\n");
            }
            page.append(roff(text(description[i]))).append('\n');
        }
    }

    private static void arguments(StringBuilder page, CommandSpec spec) {
        List<PositionalParamSpec> positionals = spec.positionalParameters().stream().filter(p -> !p.hidden()).toList();
        List<OptionSpec> options = spec.options().stream().filter(o -> !o.hidden()).toList();
        boolean top = spec.parent() == null;
        if (!positionals.isEmpty()) {
            page.append(top ? ".SH ARGUMENTS\n" : ".SS Arguments\n");
            for (PositionalParamSpec positional : positionals) {
                page.append(".TP\n.I ").append(roff(positional.paramLabel())).append('\n')
                        .append(roff(description(positional))).append('\n');
            }
        }
        if (!options.isEmpty()) {
            page.append(top ? ".SH OPTIONS\n" : ".SS Options\n");
            for (OptionSpec option : options) {
                page.append(".TP\n").append("\\fB").append(roff(String.join(", ", option.names()))).append("\\fR");
                if (option.arity().max() > 0) {
                    page.append(" \\fI").append(roff(option.paramLabel())).append("\\fR");
                }
                page.append('\n').append(roff(description(option))).append('\n');
            }
        }
    }

    private static void exitStatus(StringBuilder page, CommandSpec spec, String heading) {
        Map<String, String> codes = spec.usageMessage().exitCodeList();
        if (codes.isEmpty()) {
            return;
        }
        page.append(heading).append(heading.equals(".SH") ? " \"EXIT STATUS\"\n" : " \"Exit status\"\n");
        codes.forEach((code, meaning) -> page.append(".TP\n.B ").append(roff(code.strip())).append('\n')
                .append(roff(text(meaning))).append('\n'));
    }

    /** An option's or parameter's description as picocli's help shows it, with its default value filled in. */
    private static String description(ArgSpec arg) {
        String description = text(String.join(" ", arg.description()));
        String defaultValue = arg.defaultValueString();
        description = description.replace("${DEFAULT-VALUE}", defaultValue == null ? "none" : defaultValue);
        Iterable<String> candidates = arg.completionCandidates();
        if (candidates != null) {
            description = description.replace("${COMPLETION-CANDIDATES}", String.join(", ", candidates));
        }
        return description;
    }

    /** The NAME line's text: the first sentence of the description, as man pages write it (lower case, no stop). */
    private static String name(String description) {
        String text = text(description);
        text = text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
        return Character.toLowerCase(text.charAt(0)) + text.substring(1);
    }

    /** picocli's descriptions are format strings: %n is a line break, %% a percent sign. */
    private static String text(String format) {
        return format.replace("%n", " ").replace("%%", "%").strip();
    }

    /** Escapes text for roff: backslashes, hyphens (so options copy as ASCII hyphens), and leading dots or quotes. */
    private static String roff(String text) {
        StringBuilder out = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            if (out.length() > 0) {
                out.append('\n');
            }
            String escaped = line.replace("\\", "\\e").replace("-", "\\-");
            if (escaped.startsWith(".") || escaped.startsWith("'")) {
                escaped = "\\&" + escaped;
            }
            out.append(escaped);
        }
        return out.toString();
    }
}
