package io.rocelens.stats;

import io.rocelens.dissect.Dissection;
import io.rocelens.filter.FrameProtocols;
import java.util.function.Supplier;

/**
 * A frame's detail dissection, made when first asked for (a filter field or statistic the summary lacks), and its
 * {@code frame.protocols}, which a source that knows the frame's shape gives without it.
 */
@FunctionalInterface
public interface FrameDetail extends Supplier<Dissection> {

    /** The frame's {@code frame.protocols}, or null when the frame cannot be read again. */
    default String protocols() {
        Dissection detail = get();
        return detail == null ? null : FrameProtocols.of(detail);
    }
}
