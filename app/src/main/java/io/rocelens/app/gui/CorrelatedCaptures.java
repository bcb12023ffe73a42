package io.rocelens.app.gui;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.app.gui.common.model.Background;
import io.rocelens.app.gui.common.model.LatestWins;
import io.rocelens.app.gui.packetlist.model.PacketListModel;
import io.rocelens.app.gui.stats.StatsViews;
import io.rocelens.app.gui.stats.journey.model.CorrelationRequest;
import io.rocelens.app.gui.stats.journey.model.PacketJourneys;
import io.rocelens.capture.CaptureOpenException;
import io.rocelens.correlate.Correlation;
import io.rocelens.correlate.CorrelationException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The captures of one path opened together (File › Open Correlated Captures…, {@code rocelens -r A -r B …}): the
 * packet list shows one point's capture, the correlation runs on a background thread of its own, and once done the
 * Packet Journey view, the selection's "where else" line and the {@code roce.journey.*} filter fields use it.
 */
final class CorrelatedCaptures {

    /** What the background correlation brings back: the journeys, or one line saying why not. */
    record Outcome(PacketJourneys journeys, String error) {
    }

    private final MainWindow window;
    private final StatusLine status;
    private final LatestWins line;
    private CorrelationRequest request;
    private PacketJourneys journeys;
    private int listPoint;
    /** Why the correlation failed, in one line, or null. */
    private String failure;

    CorrelatedCaptures(MainWindow window, Background background, StatusLine status) {
        this.window = window;
        this.status = status;
        this.line = background.line("rocelens-correlate");
        window.stats().onShowPoint(this::showPoint);
    }

    /** Opens the first capture in the list and correlates them all in the background. */
    void open(CorrelationRequest asked, String displayFilter, Long goToFrame) {
        forget();
        failure = null;
        request = asked;
        listPoint = 0;
        window.load(asked.files().get(0), displayFilter, goToFrame);
        String what = "Correlating " + asked.files().size() + " captures …";
        window.stats().correlating(what);
        line.submit("The captures could not be correlated", work -> {
            try {
                // the share read, in the Packet Journey view's title (the status line and bar are the first
                // capture's load, which runs at the same time)
                return new Outcome(PacketJourneys.correlate(asked.files(), asked.options(),
                        fraction -> work.progress(done -> window.stats().correlating(what.replace(" …", "") + ": "
                                + Math.round(100 * done) + " % read …"), fraction)), null);
            } catch (CorrelationException refused) {
                return new Outcome(null, refused.getMessage());
            } catch (CaptureOpenException unreadable) {
                return new Outcome(null, unreadable.getMessage());
            } catch (IOException failure) {
                return new Outcome(null, CaptureOpenException.reason(failure));
            }
        }, this::done);
    }

    private void done(Outcome outcome) {
        if (outcome.error() != null) {
            String message = "Correlation failed: " + outcome.error();
            failure = message;
            status.say(message);
            window.stats().correlationFailed(message);
            return;
        }
        journeys = outcome.journeys();
        window.stats().correlated(journeys, listPoint);
        attach();
    }

    /** The correlation's summary in one line: each hop's lost and CE-marked packets, and any damaged capture. */
    String summary() {
        if (journeys == null) {
            return null;
        }
        Correlation found = journeys.correlation();
        StringBuilder text = new StringBuilder("Correlated " + found.points().size() + " captures: ");
        text.append(found.hops().stream().filter(hop -> hop.packets() > 0)
                .map(hop -> hop.from() + "→" + hop.to() + " lost " + hop.lost() + ", CE " + hop.ceMarked())
                .collect(Collectors.joining("; ")));
        for (int p = 0; p < found.points().size(); p++) {
            Correlation.Point point = found.points().get(p);
            if (point.problem() != null) {
                text.append(" — point ").append(p).append(" (").append(point.file().getFileName()).append(") ")
                        .append(point.problem()).append(": correlated what was read");
            }
        }
        return text.toString();
    }

    /** Gives the loaded capture's marks the journeys of its point (once both the load and the correlation ended). */
    void attach() {
        PacketListModel packets = window.packets();
        AnalysisMarks marks = packets.marks();
        if (failure != null && !packets.isLoading()) {
            status.say(failure);    // the load's summary came after it: the failure is what the user must see
        } else if (request != null && journeys == null && !packets.isLoading()) {
            status.say("Correlating " + request.files().size() + " captures …");
        }
        if (journeys == null || marks == null || packets.isLoading()) {
            return;
        }
        marks.journeys(journeys.forPoint(listPoint));
        status.say(summary());
        // a filter on roce.journey.* typed before the correlation ended matched nothing: apply it again
        if (packets.filter() != null && packets.filter().needsMarks()) {
            window.filterBar().applyNow(packets.filter().text());
        }
    }

    /** The packet list selected this frame. */
    void selected(long frame) {
        if (journeys != null) {
            String where = journeys.whereElse(listPoint, frame);
            if (where != null) {
                status.say(where);
            }
            window.stats().follow(frame);
        }
    }

    /** The packet list shows another point's capture of the same correlation. */
    void showPoint(int point) {
        if (request == null || point < 0 || point >= request.files().size() || point == listPoint) {
            return;
        }
        listPoint = point;
        window.load(request.files().get(point), null, null);
        if (journeys != null) {
            window.stats().correlated(journeys, point);
        }
    }

    /** Another capture was opened, or this one closed: the correlation no longer applies. */
    void forget() {
        if (request != null) {
            line.cancel();
            request = null;
            journeys = null;
            failure = null;
            window.stats().correlated(null, 0);
        }
    }

    PacketJourneys journeys() {
        return journeys;
    }

    int listPoint() {
        return listPoint;
    }

    List<Path> files() {
        return request == null ? List.of() : request.files();
    }
}
