package io.rocelens.filter;

import io.rocelens.capture.Frame;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.PacketSummary;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/** A frame's protocols as tshark chains them in {@code frame.protocols}, for those outside the filter package. */
public final class FrameProtocols {

    private FrameProtocols() {
    }

    /** {@code eth:ethertype:ip:udp:infiniband:data} and the like; the same text the filter field compares. */
    public static String of(Dissection detail) {
        return FilterFields.protocols(new FrameView(detail.summary(), null, () -> detail, null));
    }

    /**
     * {@code frame.protocols} of frame after frame, each shape of frame described once: the text is made from the
     * detail layers' names ({@link Dissector#shape}) and, past the last layer, from the summary's kinds, IP transport,
     * UDP ports and whether the payload is undissected data; frames equal in all of these get the same text, so only
     * the first frame of each shape is dissected in detail (about 12 µs a frame), the others walked (about 1 µs), or
     * not even walked when their summary holds the shape ({@link #of(PacketSummary, Supplier)}).
     * Not thread-safe: one per thread, with that thread's dissector.
     */
    public static final class ByShape {

        /** Shapes kept at most; a capture of more (random bytes) starts over, still right, only slower. */
        private static final int MOST = 4096;

        private final Map<Shape, String> texts = new HashMap<>();
        private final PacketSummary summary = new PacketSummary();

        /** The frame's {@code frame.protocols}; {@code detail} is asked only for a shape not met before. */
        public String of(Frame frame, Dissector dissector, Supplier<Dissection> detail) {
            return text(dissector.shape(frame, summary), summary, detail);
        }

        /**
         * As {@link #of(Frame, Dissector, Supplier)} for a frame whose summary holds its layer shape (made by
         * {@link io.rocelens.dissect.FastDissector#recordingLayerShapes}): the frame is not walked again.
         *
         * @throws IllegalArgumentException if the summary holds no layer shape
         */
        public String of(PacketSummary walked, Supplier<Dissection> detail) {
            if (walked.layerShapeLength < 0) {
                throw new IllegalArgumentException("the summary of frame " + walked.number + " has no layer shape");
            }
            return text(Arrays.copyOf(walked.layerShape, walked.layerShapeLength), walked, detail);
        }

        private String text(int[] layers, PacketSummary p, Supplier<Dissection> detail) {
            int ports = p.is(PacketSummary.UDP) ? udpClass(p.udpSrcPort) << 2 | udpClass(p.udpDstPort) : 0;
            Shape shape = new Shape(layers, p.kinds, p.transportProtocol, ports, FilterFields.data(p));
            String text = texts.get(shape);
            if (text == null) {
                Dissection dissection = detail.get();
                if (dissection == null) {
                    return null;
                }
                text = FrameProtocols.of(dissection);
                if (texts.size() == MOST) {
                    texts.clear();
                }
                texts.put(shape, text);
            }
            return text;
        }

        /** The UDP ports {@link FilterFields#protocols} names a protocol after: echo (7), DHCP (67, 68), else 0. */
        private static int udpClass(int port) {
            return port == 7 ? 1 : port == 67 || port == 68 ? 2 : 0;
        }
    }

    private record Shape(int[] layers, int kinds, int transport, int ports, int data) {

        @Override
        public boolean equals(Object other) {
            return other instanceof Shape s && Arrays.equals(layers, s.layers) && kinds == s.kinds
                    && transport == s.transport && ports == s.ports && data == s.data;
        }

        @Override
        public int hashCode() {
            return ((Arrays.hashCode(layers) * 31 + kinds) * 31 + transport) * 31 + ports * 7 + data;
        }
    }
}
