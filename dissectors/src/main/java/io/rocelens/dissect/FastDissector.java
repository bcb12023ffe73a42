package io.rocelens.dissect;

import io.rocelens.capture.Frame;

/**
 * The bulk-pass dissector: fills a reused {@link PacketSummary} per frame with the fast Kaitai parsers and records
 * no field positions. Not thread-safe: one instance per thread.
 */
public final class FastDissector {

    private final FrameWalker walker;

    public FastDissector(DissectorOptions options) {
        walker = new FrameWalker(options, false);
    }

    private FastDissector(FrameWalker walker) {
        this.walker = walker;
    }

    /**
     * A fast dissector that also records each frame's layer shape in its summary ({@link PacketSummary#layerShape}),
     * so a frame's {@code frame.protocols} is found without walking it again ({@code FrameProtocols.ByShape}).
     */
    public static FastDissector recordingLayerShapes(DissectorOptions options) {
        return new FastDissector(new FrameWalker(options, true));
    }

    public void summarize(Frame frame, PacketSummary out) {
        walker.walk(frame, out, null);
    }
}
