package io.rocelens.app.gui.common.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A request's result reaches the UI while it is the latest, and never once the window has shut down: a result posted
 * to the UI thread just before the window closed used to run, ask a stopped line for more work, and print a
 * RejectedExecutionException (seen while making the live-capture screenshots).
 */
class LatestWinsTest {

    private final ArrayDeque<Runnable> work = new ArrayDeque<>();
    private final ArrayDeque<Runnable> ui = new ArrayDeque<>();
    private final List<String> told = new ArrayList<>();
    private final List<String> words = new ArrayList<>();
    private final Background background = Background.on(work::add, ui::add, (heading, sentence) -> {
        told.add(heading);
        words.add(sentence);
    });

    private static void runAll(ArrayDeque<Runnable> queue) {
        while (!queue.isEmpty()) {
            queue.poll().run();
        }
    }

    @Test
    void theLatestResultIsShown() {
        List<Integer> shown = new ArrayList<>();
        LatestWins line = background.line("test");
        line.submit("first", request -> 1, shown::add);
        line.submit("second", request -> 2, shown::add);
        runAll(work);
        runAll(ui);
        assertEquals(List.of(2), shown);
    }

    /**
     * Work that runs out of memory (a sort of 100M rows in a small heap did, and the uncaught error ended the program)
     * is told as any failure, with the heap's size, and the line takes the next request.
     */
    @Test
    void workThatRunsOutOfMemoryIsToldAndTheLineGoesOn() {
        List<Integer> shown = new ArrayList<>();
        LatestWins line = background.line("test");
        // more than any test JVM's heap: a real OutOfMemoryError, thrown at once
        line.submit("Sorting failed", request -> new long[Integer.MAX_VALUE - 16].length, shown::add);
        runAll(work);
        runAll(ui);
        assertEquals(List.of("Sorting failed"), told);
        assertTrue(words.get(0).startsWith("The Java heap (at most ") && words.get(0).contains("-Xmx"), words.get(0));
        line.submit("again", request -> 2, shown::add);
        runAll(work);
        runAll(ui);
        assertEquals(List.of(2), shown);
    }

    @Test
    void nothingReachesTheUiAfterShutdown() {
        List<Integer> shown = new ArrayList<>();
        LatestWins line = background.line("test");
        line.submit("result", request -> 1, shown::add);
        runAll(work);
        background.shutdown();
        runAll(ui);
        assertEquals(List.of(), shown);
        assertEquals(List.of(), told);
    }
}
