package io.rocelens.analysis;

/** The mutable per-flow state of one analysis pass; {@link RoceAnalyzer} owns it and snapshots it into {@link FlowStats}. */
final class FlowState {

    /** For an RC request flow: the last PSN its responder acknowledged (ACK or READ response), or -1. */
    int acknowledgedPsn = -1;
    /**
     * Requests waiting for their answer, to time it: AckReq requests for their ACK, READ requests for their responses,
     * SEND and RDMA WRITE messages (kept by their last PSN, timed from their first packet) for the ACK covering their
     * last packet. Rings of at most {@link #WAITING} each; when full, the oldest is given up.
     */
    static final int WAITING = 256;
    Waiting acksAwaited;
    Waiting readsAwaited;
    Waiting messagesAwaited;
    /** Payload bytes of the SEND, WRITE or READ response message under way, from its First packet on. */
    long messageOpenBytes;
    /** The payload bytes of the flow's messages: in all, the smallest and the largest (0 without messages). */
    long messageBytes;
    long messageSizeMin;
    long messageSizeMax;
    /**
     * The last RDMA READ request's PSN and the most PSNs its responses can take (its length at the smallest path MTU,
     * 256 bytes), or -1: the upper bound of what the requester used, where {@link PsnTracker#lastUsed} is the lower.
     */
    int lastReadPsn = -1;
    int lastReadMostResponses;
    /** The time and frame of the First packet of the SEND or WRITE message under way, or -1 for none (or untimed). */
    long messageStartTime = -1;
    long messageStartFrame;
    /** Retransmitting now (since the last new PSN): the next retransmission belongs to the same burst. */
    boolean inRetransmission;
    /** The PSN the latest bursts of retransmissions started at, and how many bursts in a row started there. */
    int retryPsn = -1;
    int retries;
    /** Whether a burst of the current sequence answered an RNR NAK. */
    boolean retriesAfterRnr;
    /** The PSN, frame and time of the flow's latest retransmission. */
    int lastRetransmittedPsn;
    long lastRetransmissionFrame;
    long lastRetransmissionTs;
    /** For an RC request flow: the last PSN whose request asked for an ACK (AckReq, or a READ's last), or -1. */
    int ackRequestedPsn = -1;
    /** When the flow last made progress: a new request PSN, or an acknowledgement that advanced. */
    long progressTs;
    /** The frame of its last new request, for an event about it. */
    long lastRequestFrame;
    /** Time from the flow's previous packet to the current one (0 for its first). */
    long silenceNanos;
    /** The flow's bytes per time bin, or null once given up (see {@link RateSeries}). */
    RateSeries rate;
    final int index;
    final long srcHi;
    final long srcLo;
    final long dstHi;
    final long dstLo;
    final int dstQp;
    /** The flow's name in results, made at its first use: every exchange and event of the flow shares it. */
    private String name;
    /**
     * A UD flow's sender QP (DETH source QP), part of its key: datagrams from several QPs of one host to one QP are
     * as many flows. -1 for the other transports, keyed by destination only.
     */
    final int senderQp;
    /** Index of the next flow with the same (src IP, dst IP), or -1: the chain the pairing search walks. */
    int nextSameHosts = -1;
    /** Changed since the analyzer last made this flow's statistics. */
    boolean changed;

    int srcQp = -1;
    /** The CM handshake that set up this flow's connection (its latest), or null. */
    CmConnection connection;
    /** Index of the flow going the other way in the same conversation, or -1. */
    int paired = -1;
    /** Paired at some time (a new connection may have unpaired it since). */
    boolean pairedOnce;
    /** The frame and time of this flow's first response (ACK, NAK, READ or atomic response), or -1. */
    long firstResponseFrame = -1;
    long firstResponseTs;
    /** Responses that searched for their request flow, so the search can back off. */
    int pairAttempts;

    int priority;
    int dscp;
    /** Path MTU seen in the payload of a First or Middle packet of this flow, or 0. */
    int pathMtu;
    long packets;
    long bytes;
    long payloadBytes;
    long firstTs;
    long lastTs;
    long messages;
    long rdmaWrite;
    long rdmaReadReq;
    long readResp;
    long send;
    long atomic;
    long flush;
    long acks;
    long naks;
    long rnrNaks;
    long cnps;
    long ecnCe;
    long icrcErrors;

    boolean sendOpen;
    boolean writeOpen;
    boolean readOpen;

    /** Messages numbered for the {@code roce.msg.*} fields (with marks only): started so far on the flow. */
    int messagesNumbered;
    /** The open SEND, WRITE and READ response message's index in the marks, −1 when none is open. */
    final int[] openMessage = {-1, -1, -1};

    /** Request PSNs (this flow's requester); made at the first request, so a flow of ACKs does without. */
    PsnTracker requests;
    /**
     * READ response PSNs. They belong to the PSN space of the requests going the other way, so they get their own
     * tracker: a flow that carries both its own requests and READ responses would otherwise see false gaps.
     */
    PsnTracker readResponses;

    // a NAK on the paired response flow waiting for its retransmission here
    long nakFrame = -1;
    long nakTs;
    boolean nakRnr;
    int nakSyndrome;
    int nakPsn;

    // CE-marked packets of this flow not yet answered by a CNP
    long cePending;
    long ceFirstTs;
    long ceFirstFrame;
    long ceLastTs;

    String name() {
        if (name == null) {
            name = Formats.flow(srcHi, srcLo, dstHi, dstLo, dstQp);
        }
        return name;
    }

    FlowState(int index, long srcHi, long srcLo, long dstHi, long dstLo, int dstQp, int senderQp) {
        this.index = index;
        this.srcHi = srcHi;
        this.srcLo = srcLo;
        this.dstHi = dstHi;
        this.dstLo = dstLo;
        this.dstQp = dstQp;
        this.senderQp = senderQp;
        this.srcQp = senderQp;
    }

    PsnTracker requests() {
        if (requests == null) {
            requests = new PsnTracker();
        }
        return requests;
    }

    /** True when this flow has sent a request with that PSN (see {@link PsnTracker#covers}). */
    boolean hasSent(int psn) {
        return requests != null && requests.covers(psn);
    }

    /**
     * A new connection reuses this flow's key: its PSN sequences, what its requests wait for and its pairing start
     * afresh, while what the old connection counted stays counted.
     */
    void newEpoch() {
        if (requests != null) {
            requests.reset();
        }
        if (readResponses != null) {
            readResponses.reset();
        }
        acknowledgedPsn = -1;
        ackRequestedPsn = -1;
        acksAwaited = null;
        readsAwaited = null;
        messagesAwaited = null;
        messageStartTime = -1;
        lastReadPsn = -1;
        inRetransmission = false;
        retryPsn = -1;
        retries = 0;
        retriesAfterRnr = false;
        sendOpen = false;
        writeOpen = false;
        readOpen = false;
        java.util.Arrays.fill(openMessage, -1);
        pairAttempts = 0;
    }

    PsnTracker readResponses() {
        if (readResponses == null) {
            readResponses = new PsnTracker();
        }
        return readResponses;
    }

    long psnGaps() {
        return (requests == null ? 0 : requests.gaps) + (readResponses == null ? 0 : readResponses.gaps);
    }

    long missingPsns() {
        return (requests == null ? 0 : requests.missingPsns())
                + (readResponses == null ? 0 : readResponses.missingPsns());
    }

    long retransmitted() {
        return (requests == null ? 0 : requests.retransmitted)
                + (readResponses == null ? 0 : readResponses.retransmitted);
    }

    long duplicates() {
        return (requests == null ? 0 : requests.duplicates) + (readResponses == null ? 0 : readResponses.duplicates);
    }

    long outOfOrder() {
        return (requests == null ? 0 : requests.outOfOrder) + (readResponses == null ? 0 : readResponses.outOfOrder);
    }

    /** A ring of requests waiting for their answer: PSN, time and frame, oldest first. */
    static final class Waiting {
        private final int[] psn = new int[WAITING];
        private final long[] time = new long[WAITING];
        private final long[] frame = new long[WAITING];
        private int head;
        private int size;

        void add(int packetPsn, long packetTime, long packetFrame) {
            if (size == WAITING) {
                head = (head + 1) % WAITING;
                size--;
            }
            int at = (head + size) % WAITING;
            psn[at] = packetPsn;
            time[at] = packetTime;
            frame[at] = packetFrame;
            size++;
        }

        boolean isEmpty() {
            return size == 0;
        }

        int firstPsn() {
            return psn[head];
        }

        long firstTime() {
            return time[head];
        }

        long firstFrame() {
            return frame[head];
        }

        void removeFirst() {
            head = (head + 1) % WAITING;
            size--;
        }

        /**
         * A request at {@code packetPsn} was sent again (go-back-N): every request waiting at that PSN or after it
         * goes untimed, as {@link #forget} says.
         */
        void forgetFrom(int packetPsn) {
            for (int i = 0; i < size; i++) {
                int at = (head + i) % WAITING;
                if (((psn[at] - packetPsn) & PsnTracker.MASK) < (1 << 23)) {
                    time[at] = -1;
                }
            }
        }

        /** Karn's rule: a request sent again cannot be timed, since its answer may be to either copy. */
        void forget(int packetPsn) {
            for (int i = 0; i < size; i++) {
                int at = (head + i) % WAITING;
                if (psn[at] == packetPsn) {
                    time[at] = -1;
                }
            }
        }
    }
}
