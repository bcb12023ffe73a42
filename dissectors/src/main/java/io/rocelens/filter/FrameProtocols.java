package io.rocelens.filter;

import io.rocelens.dissect.Dissection;

/** A frame's protocols as tshark chains them in {@code frame.protocols}, for those outside the filter package. */
public final class FrameProtocols {

    private FrameProtocols() {
    }

    /** {@code eth:ethertype:ip:udp:infiniband:data} and the like; the same text the filter field compares. */
    public static String of(Dissection detail) {
        return FilterFields.protocols(new FrameView(detail.summary(), null, () -> detail, null));
    }
}
