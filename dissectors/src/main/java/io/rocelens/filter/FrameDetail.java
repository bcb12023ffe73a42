package io.rocelens.filter;

import io.rocelens.dissect.Dissection;
import java.util.function.Supplier;

/**
 * A frame's detail dissection, made when first asked for (a filter field or statistic the summary lacks), and its
 * {@code frame.protocols}, which a source that knows the frame's shape ({@link FrameProtocols.ByShape}) gives without
 * it: a display filter on {@code frame.protocols} asks this when the frame was not dissected yet.
 */
@FunctionalInterface
public interface FrameDetail extends Supplier<Dissection> {

    /** The frame's {@code frame.protocols}, or null when the frame cannot be read again. */
    default String protocols() {
        Dissection detail = get();
        return detail == null ? null : FrameProtocols.of(detail);
    }
}
