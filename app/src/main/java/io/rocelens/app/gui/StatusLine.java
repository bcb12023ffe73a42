package io.rocelens.app.gui;

import io.rocelens.analysis.Formats;

import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import org.controlsfx.control.StatusBar;

/**
 * The status bar: what is going on (loading, filtering, exporting: a line and a progress bar, Cancel while a file
 * loads), the live capture's counts, the packet counts and the load time.
 */
final class StatusLine {

    private final StatusBar status = new StatusBar();
    private final Label counts = new Label();
    private final Label loadTime = new Label();
    private final Label captureCounts = new Label();
    private final Button cancel = new Button("Cancel");

    /** @param cancelLoading what Cancel does */
    StatusLine(Runnable cancelLoading) {
        status.setId("status-bar");
        counts.setId("status-counts");
        loadTime.setId("status-load-time");
        cancel.setId("cancel-loading");
        cancel.setVisible(false);
        cancel.setOnAction(e -> cancelLoading.run());
        status.getLeftItems().add(cancel);
        captureCounts.setId("status-capture");
        // the counts stay whole; a long file name in the status text gives way instead
        captureCounts.setMinWidth(Region.USE_PREF_SIZE);
        counts.setMinWidth(Region.USE_PREF_SIZE);
        status.getRightItems().addAll(captureCounts, new Label("   "), counts, new Label("   "), loadTime);
    }

    StatusBar control() {
        return status;
    }

    void say(String text) {
        status.setText(text);
    }

    /** Share done, 0 to 1; 0 hides the bar. */
    void progress(double fraction) {
        status.setProgress(fraction);
    }

    /** A file is loading (Cancel shows) or not. */
    void loading(boolean loading) {
        cancel.setVisible(loading);
        if (!loading) {
            status.setProgress(0);
        }
    }

    void loadTime(long nanos) {
        loadTime.setText(String.format(Formats.DIGITS, "Load time: %.2f s", nanos / 1e9));
    }

    /** "Packets: M · Displayed: N (x%)". */
    void counts(int total, int shown) {
        String share = total > 0 ? String.format(Formats.DIGITS, " (%.1f%%)", 100.0 * shown / total) : "";
        counts.setText("Packets: " + total + " · Displayed: " + shown + share);
    }

    /** The live capture's counts, or "" for none. */
    void captureCounts(String text) {
        captureCounts.setText(text);
    }

    /** Nothing open. */
    void clear() {
        status.setText("");
        loading(false);
        loadTime.setText("");
    }

    void clearLoadTime() {
        loadTime.setText("");
    }
}
