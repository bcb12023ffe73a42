package io.rocelens.app.gui.common.model;

import io.rocelens.capture.CaptureOpenException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The window's one way to work off the UI thread: work runs on a named background thread, its result comes back on
 * the UI thread, and every failure of it (an I/O error, but also a bug: any exception) goes to one place that logs
 * it once and tells the user in plain words. Requests come in {@linkplain LatestWins lines} where only the latest
 * request's result counts, which is what a filter, a sort, the details of the selected packet and a load need.
 *
 * <p>Plain Java, no JavaFX: the window gives it {@code Platform::runLater} and a dialog; tests run everything in place
 * ({@link #inPlace}) and record what the user would have been told. JabRef's {@code TaskExecutor} and
 * {@code BackgroundTask} are the model; this is the small part of them the window needs.
 */
public final class Background {

    private static final Logger LOG = LoggerFactory.getLogger(Background.class);

    /** Work for a background thread; it may check {@link LatestWins.Request#isCurrent()} to stop early. */
    @FunctionalInterface
    public interface Work<T> {
        T run(LatestWins.Request request) throws Exception;
    }

    private final Executor ui;
    private final Function<String, Executor> threads;
    private final BiConsumer<String, String> tellUser;
    private final List<ExecutorService> started = new CopyOnWriteArrayList<>();
    /** Set when the window closed: work that finishes after it hands nothing to the UI (its lines are stopped). */
    private volatile boolean shutDown;

    /**
     * @param ui       runs on the UI thread ({@code Platform::runLater})
     * @param tellUser shows a failure on the UI thread: a heading and a sentence in plain words
     */
    public Background(Executor ui, BiConsumer<String, String> tellUser) {
        this.ui = ui;
        this.tellUser = tellUser;
        this.threads = this::daemonThread;
    }

    private Background(Executor ui, Function<String, Executor> threads, BiConsumer<String, String> tellUser) {
        this.ui = ui;
        this.threads = threads;
        this.tellUser = tellUser;
    }

    /** For tests: background work and UI steps run on the calling thread, in order. */
    public static Background inPlace(BiConsumer<String, String> tellUser) {
        return new Background(Runnable::run, name -> Runnable::run, tellUser);
    }

    /** For tests: every line's work goes to {@code worker} (a queue the test runs when it chooses), UI steps to ui. */
    public static Background on(Executor worker, Executor ui, BiConsumer<String, String> tellUser) {
        return new Background(ui, name -> worker, tellUser);
    }

    /** A line of requests on a thread of its own (named for thread dumps), where the latest request wins. */
    public LatestWins line(String threadName) {
        return new LatestWins(this, threads.apply(threadName));
    }

    /**
     * A line of requests on the same thread as {@code other}: work that must not run beside the other line's (the
     * library's readers are not shared between threads), yet is requested apart from it.
     */
    public LatestWins sameThreadAs(LatestWins other) {
        return new LatestWins(this, other.worker());
    }

    /** Runs on the UI thread. */
    public void onUi(Runnable step) {
        ui.execute(step);
    }

    boolean isShutDown() {
        return shutDown;
    }

    Executor ui() {
        return ui;
    }

    /**
     * Logs a failure once and tells the user, on the UI thread.
     *
     * @param tell where to say it (a view's own message line), or null for a dialog
     */
    public void failed(String heading, Throwable cause, java.util.function.Consumer<String> tell) {
        String words = plainWords(cause);
        if (isIoError(cause) || cause instanceof OutOfMemoryError) {
            LOG.warn("{}: {}", heading, words);
        } else {
            LOG.error("{}: {}", heading, words, cause);
        }
        if (tell != null) {
            tell.accept(words);
        } else {
            tellUser.accept(heading, words);
        }
    }

    /**
     * A failure in words a user reads: the reason for an I/O error, the heap's size when memory ran out, else that it
     * is a fault of this program.
     */
    public static String plainWords(Throwable cause) {
        if (cause instanceof UncheckedIOException unchecked) {
            return plainWords(unchecked.getCause());
        }
        if (cause instanceof IOException io) {
            return sentence(CaptureOpenException.reason(io));
        }
        if (cause instanceof OutOfMemoryError) {
            return "The Java heap (at most " + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB) is too small for"
                    + " this with the capture open: it was not done, and the window shows what it showed before. Give"
                    + " it more with ROCELENS_JAVA_OPTS=-Xmx<size> (e.g. -Xmx8g) and open the file again.";
        }
        String message = cause.getMessage();
        return "RoCE Lens ran into a fault of its own (" + cause.getClass().getSimpleName()
                + (message == null ? "" : ": " + message) + "). The details are in the log; what is shown may be"
                + " incomplete.";
    }

    private static String sentence(String words) {
        String trimmed = words.strip();
        if (trimmed.isEmpty()) {
            return "An input or output error.";
        }
        return Character.toUpperCase(trimmed.charAt(0)) + trimmed.substring(1) + (trimmed.endsWith(".") ? "" : ".");
    }

    private static boolean isIoError(Throwable cause) {
        return cause instanceof IOException || cause instanceof UncheckedIOException;
    }

    private Executor daemonThread(String name) {
        ExecutorService service = daemon(name);
        started.add(service);
        return service;
    }

    /** A single background thread that does not keep the JVM running. */
    public static ExecutorService daemon(String name) {
        return Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Stops every thread this started (the window is closing). */
    public void shutdown() {
        shutDown = true;
        started.forEach(ExecutorService::shutdownNow);
    }
}
