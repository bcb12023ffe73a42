package io.rocelens.dissect;

import io.rocelens.capture.Frame;

/**
 * The bulk-pass dissector: fills a reused {@link PacketSummary} per frame with the fast Kaitai parsers and records
 * no field positions. Not thread-safe: one instance per thread.
 */
public final class FastDissector {

    private final FrameWalker walker;

    public FastDissector(DissectorOptions options) {
        walker = new FrameWalker(options);
    }

    public void summarize(Frame frame, PacketSummary out) {
        walker.walk(frame, out, null);
    }
}
