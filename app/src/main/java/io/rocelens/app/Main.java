package io.rocelens.app;

import io.rocelens.app.gui.GuiLauncher;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The {@code rocelens} entry point. Every sub-command runs headless: nothing here starts JavaFX, so the
 * commands work on a server without a display. Without a sub-command it opens the desktop window, with Wireshark's
 * own flags ({@code -r}, {@code -Y}, {@code -g}); the window's classes are loaded only then.
 */
@Command(name = "rocelens",
        mixinStandardHelpOptions = true,
        versionProvider = BuildInfo.class,
        description = {"Analyzer for RoCEv2 (RDMA over Converged Ethernet) captures.",
            "Without a command, opens the desktop window on FILE (or on the bundled sample capture)."},
        subcommands = {
            DecodeCommand.class,
            AnalyzeCommand.class,
            CorrelateCommand.class,
            BenchCommand.class,
            GenerateCommand.class,
            CaptureCommand.class,
            ReplayCommand.class,
        })
public final class Main implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE", description = "pcap or pcapng capture to open")
    Path file;

    @Option(names = "-r", paramLabel = "FILE", description = "capture to open (as Wireshark's -r); given 2 to 16 "
            + "times, the captures of one path in path order, opened correlated (the Packet Journey view)")
    java.util.List<Path> readFiles;

    @Option(names = "-Y", paramLabel = "FILTER", description = "open with this display filter applied")
    String displayFilter;

    @Option(names = "-g", paramLabel = "N", converter = CliSupport.Count.class,
            description = "select frame N once it is loaded")
    Long goToFrame;

    /** Holds the logger so SLF4J starts only when a bug is reported: its start-up costs every run 40-100 ms. */
    private static final class Log {
        private static final Logger LOG = LoggerFactory.getLogger(Main.class);
    }

    private static final String DETAILS = " (run with -Dorg.slf4j.simpleLogger.defaultLogLevel=debug for details)";

    public static void main(String[] args) {
        System.setOut(StandardOutput.ofProcess());
        // out of memory on another thread (a dissection worker) ends the run as on this one: one line, status 3
        Thread.setDefaultUncaughtExceptionHandler((thread, failure) -> {
            if (failure instanceof OutOfMemoryError) {
                reportOutOfMemory();
                Runtime.getRuntime().halt(3);
            }
            System.err.print("Exception in thread \"" + thread.getName() + "\" ");
            failure.printStackTrace();
        });
        System.exit(run(args));
    }

    /** Several threads may run out of memory at once; the user gets one line. */
    private static final java.util.concurrent.atomic.AtomicBoolean OUT_OF_MEMORY_REPORTED =
            new java.util.concurrent.atomic.AtomicBoolean();

    private static void reportOutOfMemory() {
        if (OUT_OF_MEMORY_REPORTED.getAndSet(true)) {
            return;
        }
        CliSupport.printError("out of memory: the Java heap (at most " + Runtime.getRuntime().maxMemory() / (1 << 20)
                + " MiB) is too small for this capture; give it more with ROCELENS_JAVA_OPTS=-Xmx<size>");
    }

    /** Runs the command line and returns the exit status, so tests can call it without exiting the JVM. */
    public static int run(String... args) {
        CommandLine commandLine = commandLine();
        commandLine.setExecutionExceptionHandler((failure, line, parsed) -> {
            // A bug, not bad input (bad input has its own one-line messages): one line for the user, the trace
            // for whoever runs with -Dorg.slf4j.simpleLogger.defaultLogLevel=debug.
            Log.LOG.debug("rocelens failed", failure);
            CliSupport.printError("internal error: " + failure + DETAILS);
            return 3;
        });
        commandLine.setParameterExceptionHandler((wrong, arguments) -> {
            // picocli would add the whole usage text; one line names the problem and where the usage is
            CliSupport.printError(wrong.getMessage().strip().replaceAll("\\s*\\R\\s*", "; ") + " (see '"
                    + wrong.getCommandLine().getCommandSpec().qualifiedName() + " --help')");
            return 2;
        });
        StandardOutput.forgetFailure();
        int status;
        try {
            status = commandLine.execute(args);
        } catch (OutOfMemoryError full) {
            // picocli's handler sees only Exceptions; what the command held is unreachable now, so there is room
            reportOutOfMemory();
            return 3;
        } catch (Error bug) {
            Log.LOG.debug("rocelens failed", bug);
            CliSupport.printError("internal error: " + bug + DETAILS);
            return 3;
        }
        return CliSupport.checkStandardOutput(status);
    }

    /**
     * The command line with every sub-command, as run and as the build documents it (man page, completion): each
     * sub-command's {@code --version} names the build too.
     */
    public static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new Main());
        for (CommandLine sub : commandLine.getSubcommands().values()) {
            sub.getCommandSpec().versionProvider(new BuildInfo());
        }
        return commandLine;
    }

    @Override
    public Integer call() {
        if (readFiles != null && readFiles.size() > 1) {
            if (file != null) {
                System.err.println("rocelens: name the captures once, each with -r (see 'rocelens --help')");
                return CliSupport.EXIT_UNREADABLE;
            }
            if (readFiles.size() > io.rocelens.correlate.Correlator.MAX_POINTS) {
                System.err.println("rocelens: correlation takes 2 to " + io.rocelens.correlate.Correlator.MAX_POINTS
                        + " captures of one path; got " + readFiles.size());
                return CliSupport.EXIT_UNREADABLE;
            }
            return GuiLauncher.launchCorrelated(readFiles, displayFilter, goToFrame);
        }
        Path readFile = readFiles == null || readFiles.isEmpty() ? null : readFiles.get(0);
        if (file != null && readFile != null) {
            System.err.println("rocelens: name the capture once: either FILE or -r FILE (see 'rocelens --help')");
            return CliSupport.EXIT_UNREADABLE;
        }
        // a separate class, so that the headless commands never load JavaFX
        return GuiLauncher.launch(readFile != null ? readFile : file, displayFilter, goToFrame);
    }
}
