package io.rocelens.app.gui.common.model;

import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;

/**
 * A line of background requests where the latest wins: each new request (or {@link #cancel()}) makes the earlier
 * ones stale, and a stale request's progress, result and failure are dropped, never shown. The work runs on the
 * line's thread; what it hands back runs on the UI thread. Made by {@link Background#line}.
 */
public final class LatestWins {

    private final Background background;
    private final Executor worker;
    private final AtomicLong latest = new AtomicLong();

    LatestWins(Background background, Executor worker) {
        this.background = background;
        this.worker = worker;
    }

    public Executor worker() {
        return worker;
    }

    /** One request of the line: current until a newer one is made or the line is cancelled. */
    public final class Request {
        private final long ticket;

        private Request(long ticket) {
            this.ticket = ticket;
        }

        public boolean isCurrent() {
            return latest.get() == ticket;
        }

        /**
         * Runs {@code step} on the UI thread, if this request is still the current one by then and the window has not
         * shut down (a step then could ask a stopped line for more work).
         */
        public void deliver(Runnable step) {
            background.onUi(() -> {
                if (isCurrent() && !background.isShutDown()) {
                    step.run();
                }
            });
        }

        /** Hands a share done (0 to 1) to {@code progress} on the UI thread while current; null: none. */
        public void progress(DoubleConsumer progress, double fraction) {
            if (progress != null) {
                deliver(() -> progress.accept(fraction));
            }
        }

        /**
         * Runs more work for this request on the line's thread (a later step of it, as loading more rows): a
         * failure is handled as {@link #submit}'s.
         */
        public <T> void then(String heading, Background.Work<T> work, Consumer<T> done, Runnable afterFailure) {
            run(this, heading, work, done, afterFailure, null);
        }
    }

    /** A new request, making the earlier ones stale; nothing runs yet. */
    public Request next() {
        return new Request(latest.incrementAndGet());
    }

    /** The current request (stale as soon as a newer one is made). */
    public Request current() {
        return new Request(latest.get());
    }

    /** Makes every request of the line stale. */
    public void cancel() {
        latest.incrementAndGet();
    }

    /**
     * Starts a new request: the work on the line's thread, then {@code done} with its result on the UI thread if no
     * newer request came meanwhile. A failure (any exception) of a current request goes to the one handler, which
     * logs it and shows the user a dialog with {@code heading} and plain words.
     */
    public <T> Request submit(String heading, Background.Work<T> work, Consumer<T> done) {
        return submit(heading, work, done, () -> { });
    }

    /** As {@link #submit(String, Background.Work, Consumer)}; {@code afterFailure} first tidies up on the UI thread. */
    public <T> Request submit(String heading, Background.Work<T> work, Consumer<T> done, Runnable afterFailure) {
        Request request = next();
        run(request, heading, work, done, afterFailure, null);
        return request;
    }

    /**
     * As {@link #submit(String, Background.Work, Consumer)}, for a view with a message line of its own: a failure
     * is logged and its plain words go to {@code failed} instead of a dialog.
     */
    public <T> Request submitTellingView(String heading, Background.Work<T> work, Consumer<T> done,
                                         Consumer<String> failed) {
        Request request = next();
        run(request, heading, work, done, () -> { }, failed);
        return request;
    }

    private <T> void run(Request request, String heading, Background.Work<T> work, Consumer<T> done,
                         Runnable afterFailure, Consumer<String> tell) {
        worker.execute(() -> {
            if (!request.isCurrent()) {
                return;
            }
            T result;
            try {
                result = work.run(request);
            } catch (Exception | StackOverflowError | OutOfMemoryError failure) {
                // out of memory here is this work's own (a sort's arrays): they are garbage now, the window goes on
                request.deliver(() -> {
                    afterFailure.run();
                    background.failed(heading, failure, tell);
                });
                return;
            }
            request.deliver(() -> done.accept(result));
        });
    }
}
