package io.rocelens.app;

import io.rocelens.app.gui.GuiLauncher;
import java.nio.file.Path;
import java.util.List;
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
            "Without a command, opens the desktop window on FILE (or on the bundled sample capture)."})
public final class Main implements Callable<Integer> {

    /** The sub-commands, in the order the usage lists them. */
    private static final List<Class<?>> COMMANDS = List.of(
            DecodeCommand.class,
            AnalyzeCommand.class,
            CorrelateCommand.class,
            BenchCommand.class,
            GenerateCommand.class,
            CaptureCommand.class,
            ReplayCommand.class,
            MergeCommand.class);

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
            try {
                if (!causedByOutOfMemory(failure)) {
                    System.err.print("Exception in thread \"" + thread.getName() + "\" ");
                    failure.printStackTrace();
                    return;
                }
            } catch (Throwable whileReporting) {
                // the message itself found no memory: it is the same failure
            }
            try {
                reportOutOfMemory();
            } catch (Throwable whileReporting) {
                // nothing more can be said
            } finally {
                Runtime.getRuntime().halt(3);
            }
        });
        // the handler's path runs once now, so nothing in it is first linked while the heap is full
        causedByOutOfMemory(new OutOfMemoryError());
        System.exit(run(args));
    }

    /**
     * The out-of-memory line, made before memory runs out: made then, its string could itself fail to be allocated,
     * and the run ended with status 3 and no word (seen once in a few hundred runs with -Xmx24m).
     */
    private static final byte[] OUT_OF_MEMORY_LINE = ("rocelens: out of memory: the Java heap (at most "
            + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB) is too small for this capture; give it more with"
            + " ROCELENS_JAVA_OPTS=-Xmx<size>" + System.lineSeparator()).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    /** Memory set aside and let go when memory runs out, so writing the line has room. */
    private static volatile byte[] reserve = new byte[1 << 18];
    private static boolean outOfMemoryReported;

    /**
     * True when memory ran out, also behind another error: a lambda or a string concatenation linked while the heap
     * is full fails with a BootstrapMethodError whose cause is the OutOfMemoryError.
     */
    static boolean causedByOutOfMemory(Throwable failure) {
        int depth = 0;
        for (Throwable at = failure; at != null && depth < 16; at = at.getCause(), depth++) {
            if (at instanceof OutOfMemoryError) {
                return true;
            }
        }
        return false;
    }

    /**
     * Several threads may run out of memory at once; the user gets one line, and no thread ends the process before
     * it is written (the others wait on this lock).
     */
    private static synchronized void reportOutOfMemory() {
        reserve = null;
        if (outOfMemoryReported) {
            return;
        }
        outOfMemoryReported = true;
        System.err.write(OUT_OF_MEMORY_LINE, 0, OUT_OF_MEMORY_LINE.length);
        System.err.flush();
    }

    /** Runs the command line and returns the exit status, so tests can call it without exiting the JVM. */
    public static int run(String... args) {
        CommandLine commandLine = commandLineFor(args);
        commandLine.setExecutionExceptionHandler((failure, line, parsed) -> {
            if (causedByOutOfMemory(failure)) {
                reportOutOfMemory();
                return 3;
            }
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
            if (causedByOutOfMemory(bug)) {
                reportOutOfMemory();
                return 3;
            }
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
        return withCommands(COMMANDS);
    }

    /**
     * The command line a run needs: when the first argument names a sub-command, only that one. Picocli reads every
     * sub-command's options by reflection when it is added, which cost a short {@code analyze} a fifth of its run
     * (docs/speed.md); the usage, an unknown word or no command at all still get every sub-command.
     */
    static CommandLine commandLineFor(String... args) {
        if (args.length > 0) {
            for (Class<?> command : COMMANDS) {
                if (command.getAnnotation(Command.class).name().equals(args[0])) {
                    return withCommands(List.of(command));
                }
            }
        }
        return commandLine();
    }

    private static CommandLine withCommands(List<Class<?>> commands) {
        CommandLine commandLine = new CommandLine(new Main());
        for (Class<?> command : commands) {
            CommandLine sub = new CommandLine(command);
            sub.getCommandSpec().versionProvider(new BuildInfo());
            commandLine.addSubcommand(sub);
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
