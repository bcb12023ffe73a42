package io.rocelens.app.gui.capture.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The packet rate of each interface for the capture options' sparklines, from the kernel's counters in
 * {@code /sys/class/net/IF/statistics} (frames received plus sent), sampled about once a second. The counters need
 * no permission and no capture handle (a handle per interface would take a kernel buffer and CPU per frame on every
 * interface while the dialog is open); they count every frame, not only those the capture filter would pass.
 * Interfaces without counters (the pseudo-interface "any", a system without /sys) have no rate. Sampled on a
 * background thread, read on the UI thread.
 */
public final class InterfaceRates {

    /** Samples kept per interface: the last half minute. */
    public static final int HISTORY = 30;

    private final Path root;
    private final Map<String, Long> lastCount = new HashMap<>();
    private final Map<String, Deque<Double>> rates = new HashMap<>();
    private long lastNanos;

    public InterfaceRates() {
        this(Path.of("/sys/class/net"));
    }

    InterfaceRates(Path root) {
        this.root = root;
    }

    /** Reads the counters of these interfaces now; the rate is the change since the last sample, per second. */
    public synchronized void sample(List<String> names, long nowNanos) {
        double seconds = lastNanos == 0 ? 0 : (nowNanos - lastNanos) / 1e9;
        lastNanos = nowNanos;
        for (String name : names) {
            Long count = packets(name);
            Long before = count == null ? null : lastCount.put(name, count);
            if (before != null && seconds > 0) {
                Deque<Double> history = rates.computeIfAbsent(name, n -> new ArrayDeque<>());
                history.addLast(Math.max(0, count - before) / seconds);
                while (history.size() > HISTORY) {
                    history.removeFirst();
                }
            }
        }
    }

    /** Frames per second over the last samples, oldest first; empty before two samples or without counters. */
    public synchronized List<Double> rates(String name) {
        Deque<Double> history = rates.get(name);
        return history == null ? List.of() : List.copyOf(history);
    }

    private Long packets(String name) {
        Path statistics = root.resolve(name).resolve("statistics");
        try {
            return Long.parseLong(Files.readString(statistics.resolve("rx_packets")).strip())
                    + Long.parseLong(Files.readString(statistics.resolve("tx_packets")).strip());
        } catch (IOException | NumberFormatException | java.nio.file.InvalidPathException none) {
            return null;
        }
    }
}
