package io.rocelens.stats;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.filter.FrameDetail;
import io.rocelens.filter.FrameProtocols;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** A statistic fed every frame of a capture in capture order. */
public interface FrameStatistic {

    /**
     * Counts one frame.
     *
     * @param summary the frame's summary, stamped by a {@code FrameClock} (its relative time is measured from the
     *                capture's first frame, as tshark's)
     * @param marks   the capture's analysis marks for {@code roce.analysis.*} filters, or null
     * @param detail  the frame's detail dissection, for a filter field or the protocol path the summary lacks; it
     *                should make the dissection once for all the statistics fed the same frame
     */
    void add(PacketSummary summary, AnalysisMarks marks, FrameDetail detail);

    /**
     * True when the statistic reads of each frame only what a packet index restores: its time and length, and the
     * fields for which {@code indexed} is true; it may then be fed the index's summaries, no frame read again, except
     * for a frame carried in a tunnel ({@link PacketSummary#ENCAPSULATED}), whose outer headers the index does not
     * keep: such a frame comes with its own summary. False, the default, for a statistic that needs the frame's own
     * summary.
     */
    default boolean readsOnly(Predicate<String> indexed) {
        return false;
    }

    /**
     * A supplier that makes the value on first use and keeps it: several statistics fed one frame then dissect it
     * at most once.
     */
    static FrameDetail once(Supplier<Dissection> make) {
        return new FrameDetail() {
            private Dissection made;

            @Override
            public Dissection get() {
                if (made == null) {
                    made = make.get();
                }
                return made;
            }
        };
    }

    /**
     * As {@link #once(Supplier)} with the frame's dissector, whose {@code frame.protocols} comes from {@code paths}
     * (the frame dissected only when its shape is new there) unless the frame was already dissected; the frame's
     * shape is read from {@code summary} when it holds one ({@link PacketSummary#layerShape}), else the frame is
     * walked again for it.
     */
    static FrameDetail once(Frame frame, PacketSummary summary, Dissector dissector, FrameProtocols.ByShape paths) {
        return new FrameDetail() {
            private Dissection made;

            @Override
            public Dissection get() {
                if (made == null) {
                    made = dissector.dissect(frame);
                }
                return made;
            }

            @Override
            public String protocols() {
                return made != null ? FrameProtocols.of(made)
                        : summary.layerShapeLength >= 0 ? paths.of(summary, this) : paths.of(frame, dissector, this);
            }
        };
    }
}
