package io.rocelens.analysis;

import java.util.Locale;

/**
 * One request and the answer that completed it, timed at the capture point: how long the requester waited.
 *
 * @param flow          the request flow, as events name flows
 * @param requestFrame  the request's frame
 * @param answerFrame   the answer's frame
 * @param nanos         answer time minus request time
 * @param priority      the request flow's priority
 */
public record Exchange(String flow, Kind kind, long requestFrame, long answerFrame, long nanos, int priority) {

    /** What was timed. */
    public enum Kind {
        /** A request with AckReq to the first ACK that covers its PSN. */
        ACK_RTT,
        /** An RDMA READ request to its first response. */
        READ_FIRST,
        /** An RDMA READ request to its last response. */
        READ_LAST,
        /** A SEND or RDMA WRITE message, from its first packet to the first ACK that covers its last. */
        MESSAGE;

        /** The lower_snake name of the JSON and the CSV ("ack_rtt"). */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
