package io.rocelens.analysis;

import io.rocelens.dissect.Addresses;
import io.rocelens.dissect.AethText;
import io.rocelens.dissect.CmText;
import io.rocelens.dissect.IbOpcodes;
import io.rocelens.dissect.NotDissected;
import io.rocelens.dissect.PacketSummary;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ordered analysis pass over a capture: feed every frame's {@link PacketSummary} to {@link #accept} in capture
 * order and call {@link #result()} at the end, or between two frames for what the pass has found so far (a
 * snapshot: the pass then goes on). Memory grows with the number of flows, PFC senders and stored events,
 * never with the number of packets: per packet the pass does one open-addressing lookup and updates primitive
 * counters, and allocates nothing unless it records an event.
 *
 * <p>Definitions follow the analysis contract (README, "Analysis"): flows are (src IP, dst IP, BTH DestQP); PSN
 * analysis runs on request packets and on READ responses, never on ACKs or CNPs; responses are paired with their
 * request flow by PSN; PFC paused intervals restart on a refresh and end on an XON.
 *
 * <p>A result costs time in proportion to the flows that changed since the previous one and to the PFC senders: the
 * stored events, links and intervals are shared with it, not copied (and the bandwidth bins, at most 10 000, are
 * copied). Results are immutable and may be handed to another thread.
 *
 * <p>Not thread-safe: one analyzer per pass. Merge the results of parallel passes with
 * {@link AnalysisResult#merge}.
 */
public final class RoceAnalyzer {


    /**
     * A request PSN this far outside its flow's sequence, after {@link #NEW_CONNECTION_SILENCE_NANOS} without a
     * packet, starts a new connection that reuses the QP number rather than a retransmission or a gap: no sender keeps
     * a million PSNs outstanding, while a new connection's first PSN is random (IBTA vol. 1 §9.7.1), so far away with
     * a chance of 15 in 16.
     */
    static final int NEW_CONNECTION_PSNS = 1 << 20;
    static final long NEW_CONNECTION_SILENCE_NANOS = 1_000_000L;
    /** An RC QP with requests outstanding and no progress for this long has stalled (issue 20's default). */
    static final long STALL_NANOS = 100_000_000L;

    /** How many times an unpaired response flow searches for its request flow before it searches less often. */
    private static final int PAIR_ATTEMPTS = 16;

    private final AnalysisOptions options;
    /** Where the pass marks what it finds per frame, or null when no one asked. */
    private final AnalysisMarks marks;

    private FlowIndex flowIndex = new FlowIndex(true, 1024);
    private FlowState[] flows = new FlowState[256];
    private int flowCount;
    private FlowState lastFlow;
    /** Indexes of the flows changed since the last result, and their statistics as of that result. */
    private int[] changedFlows = new int[256];
    private int changedCount;
    private FlowStats[] flowStats = new FlowStats[256];
    /** Flow indexes in the per-QP CSV's order, for the first {@link #sortedFlowCount} flows. */
    private int[] sortedFlows = new int[0];
    private int sortedFlowCount;
    /** Flows with a NAK waiting for its retransmission. */
    private int pendingNaks;

    /** CM message attributes (IBTA vol. 1 §12.6): ConnectRequest and ConnectReply. */
    private static final int CM_REQ = 0x0010;
    private static final int CM_REJ = 0x0012;
    private static final int CM_REP = 0x0013;

    private record CmKey(long srcHi, long srcLo, long dstHi, long dstLo, long commId) {
    }

    private record CmRequest(long frame, int qpn, int startPsn, long serviceId, int sourcePort) {
    }

    private record FlowKey(long srcHi, long srcLo, long dstHi, long dstLo, int qp) {
    }

    /** ConnectRequests waiting for their ConnectReply, by (sender, receiver, sender's Local Comm ID); the newest 4096. */
    private final Map<CmKey, CmRequest> cmRequests = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<CmKey, CmRequest> eldest) {
            return size() > 4096;
        }
    };
    /** Flows that a CM handshake named before their first packet, by key: they belong to its connection. */
    private final Map<FlowKey, CmConnection> cmPending = new java.util.HashMap<>();

    /** (src IP, dst IP) → the newest flow between those hosts, the head of their chain. */
    private FlowIndex hostIndex = new FlowIndex(false, 256);

    private final PfcTracker pfc;
    private final QcnTracker qcn;
    private final BandwidthBins bins;

    private long packets;
    private long rocePackets;
    private long malformed;
    private long icrcBad;
    private long pause8023x;
    private long firstTs = Long.MAX_VALUE;
    private long lastTs = Long.MIN_VALUE;
    private final long[] priorityBytes = new long[8];
    private final long[] priorityPackets = new long[8];
    private final long[] nakCodes = new long[32];
    private final NotDissected notDissected = new NotDissected();
    /** Frames by {@link PacketSummary#encapsulation}. */
    private final long[] encapsulated = new long[PacketSummary.ENCAPSULATION_NAMES.size()];

    private final GrowingList<ExpertEvent> events = new GrowingList<>(ExpertEvent::timestampNanos);
    private final long[] eventCounts = new long[EventKind.values().length];
    private long eventsDropped;
    private final GrowingList<NakLink> nakLinks = new GrowingList<>(NakLink::nakFrame);
    private long nakLinksDropped;
    private final GrowingList<Exchange> exchanges = new GrowingList<>(Exchange::answerFrame);
    private long exchangesDropped;
    private final GrowingList<CnpLink> cnpLinks = new GrowingList<>(CnpLink::cnpFrame);
    private long cnpLinksDropped;
    /**
     * Bins held by the flows' rate series, and the most they may hold: past it, the series of the flows that have not
     * received a CNP are given up (a flow's first CNP can come at any time, and the rate before it is what DCQCN's
     * reaction is measured against, so every flow keeps one while memory allows: 4 Mi bins, 32 MiB).
     */
    private long rateBins;
    static final long RATE_BUDGET_BINS = 1L << 22;
    private long ratesGivenUp;
    /** The DCBX configuration each sender last advertised, by sender MAC (in their order). */
    private final Map<Long, DcbxConfig> dcbx = new java.util.TreeMap<>();

    public RoceAnalyzer(AnalysisOptions options) {
        this(options, null);
    }

    /**
     * @param marks receives, frame by frame, what the pass counts (for the display filter's {@code roce.analysis.*}
     *              fields and the packet list's colours), or null
     */
    public RoceAnalyzer(AnalysisOptions options, AnalysisMarks marks) {
        this.options = options;
        this.marks = marks;
        this.pfc = new PfcTracker(options);
        this.qcn = new QcnTracker(options);
        this.bins = options.binWidthNanos() > 0
                ? new BandwidthBins(options.binWidthNanos(), 100_000)
                : new BandwidthBins(1_000, 10_000);
    }

    public RoceAnalyzer() {
        this(AnalysisOptions.defaults());
    }

    /** Analyses one frame. The summary is only read during the call, so the caller may reuse it. */
    public void accept(PacketSummary p) {
        long ts = p.timestampNanos;
        if (packets++ == 0) {
            pfc.captureStartsAt(ts);
        }
        if (ts < firstTs) {
            firstTs = ts;
        }
        if (ts > lastTs) {
            lastTs = ts;
        }
        if (p.notDissected != null) {
            notDissected.count(p);
            return;
        }
        encapsulated[p.encapsulation]++;
        if (marks != null) {
            marks.udpConversation(p);
        }
        if (p.is(PacketSummary.MALFORMED)) {
            malformed++;
            mark(p, AnalysisMarks.MALFORMED);
            if (count(EventKind.MALFORMED)) {
                store(p, EventKind.MALFORMED, "",
                        p.malformedReason == null ? "malformed frame" : p.malformedReason);
            }
        }
        if (p.is(PacketSummary.PFC) && p.pfcClassEnable >= 0) {
            pfc.pfc(p.ethSrc, p.number, ts, p.pfcClassEnable, p.pfcTime);
            markPfc(p);
        } else if (p.is(PacketSummary.PAUSE) && p.pauseQuanta >= 0) {
            pause8023x++;
            pfc.pause(p.ethSrc, p.number, ts, p.pauseQuanta);
            if (count(EventKind.PAUSE_8023X)) {
                store(p, EventKind.PAUSE_8023X, "", "802.3x PAUSE from " + Addresses.mac(p.ethSrc) + ", "
                        + p.pauseQuanta + " quanta" + (p.pauseQuanta == 0 ? " (resume)" : ""));
            }
        }
        if (p.qcnQfb >= 0) {
            qcn.cnm(p);
            mark(p, AnalysisMarks.CNM);
        }
        if (p.isRoce() && p.opcode >= 0) {
            roce(p);
        }
        if (p.dcbxEtsTcOfPriority >= 0 || p.dcbxPfcEnable >= 0) {
            dcbx(p);
        }
    }

    /** A DCBX advertisement (ETS and/or PFC Configuration): it replaces what its sender advertised before. */
    private void dcbx(PacketSummary p) {
        boolean ets = p.dcbxEtsTcOfPriority >= 0;
        int[] tcs = new int[ets ? 8 : 0];
        int[] bandwidth = new int[ets ? 8 : 0];
        int[] tsa = new int[ets ? 8 : 0];
        for (int i = 0; i < tcs.length; i++) {
            tcs[i] = p.dcbxEtsTcOfPriority >>> 4 * i & 0xf;
            bandwidth[i] = (int) (p.dcbxEtsBandwidth >>> 8 * i & 0xff);
            tsa[i] = (int) (p.dcbxEtsTsa >>> 8 * i & 0xff);
        }
        DcbxConfig advertised = new DcbxConfig(p.ethSrc, ets ? p.number : -1, tcs, bandwidth, tsa,
                p.dcbxPfcEnable >= 0 ? p.number : -1, p.dcbxPfcEnable);
        dcbx.merge(p.ethSrc, advertised, DcbxConfig::updatedBy);
    }

    private void roce(PacketSummary p) {
        rocePackets++;
        int priority = priority(p);
        long length = p.analysedLength();
        priorityBytes[priority] += length;
        priorityPackets[priority]++;
        bins.add(p.timestampNanos, priority, length);

        FlowState f = flow(p, priority);
        changed(f);
        if (f.rate != null) {
            rateBins += f.rate.add(p.timestampNanos, length, bins.widthNanos());
            if (rateBins > RATE_BUDGET_BINS) {
                giveUpRates();
            }
        }
        f.packets++;
        f.bytes += length;
        if (p.payloadLength > 0) {
            f.payloadBytes += p.payloadLength;
        }
        f.silenceNanos = p.timestampNanos - f.lastTs;
        if (p.timestampNanos > f.lastTs) {
            f.lastTs = p.timestampNanos;
        }
        if (p.ecn == 3) {
            ceMarked(f, p);
        }
        if (p.icrcStatus == PacketSummary.ICRC_BAD) {
            f.icrcErrors++;
            icrcBad++;
            mark(p, AnalysisMarks.ICRC_BAD);
            if (count(EventKind.ICRC_BAD)) {
                store(p, EventKind.ICRC_BAD, f.name(), "bad ICRC");
            }
        }
        int opcode = p.opcode;
        if (opcode == IbOpcodes.CNP) {
            f.cnps++;
            mark(p, AnalysisMarks.CNP);
            cnp(f, p);
            return;
        }
        int transport = IbOpcodes.transport(opcode);
        if (transport != IbOpcodes.RC && transport != IbOpcodes.UC && transport != IbOpcodes.RD
                && transport != IbOpcodes.UD && transport != IbOpcodes.XRC) {
            return;   // manufacturer specific
        }
        if (p.dethSrcQp >= 0 && f.srcQp < 0) {
            f.srcQp = p.dethSrcQp;
        }
        if (p.cmLocalCommId >= 0) {
            cm(f, p);
        }
        if (IbOpcodes.isReserved(opcode)) {
            return;   // counted as a packet of the flow (and as malformed), nothing more
        }
        switch (IbOpcodes.operation(opcode)) {
            case IbOpcodes.SEND_FIRST -> {
                f.send++;
                f.sendOpen = true;
                f.messageOpenBytes = p.payloadLength;
                learnPathMtu(f, p);
                request(f, p, -1);
                numberMessage(f, p, SEND_MESSAGE, AnalysisMarks.FIRST);
            }
            case IbOpcodes.SEND_MIDDLE -> {
                f.send++;
                f.messageOpenBytes += p.payloadLength;
                learnPathMtu(f, p);
                request(f, p, -1);
                numberMessage(f, p, SEND_MESSAGE, AnalysisMarks.MIDDLE);
            }
            case IbOpcodes.SEND_LAST, IbOpcodes.SEND_LAST_IMMEDIATE, IbOpcodes.SEND_LAST_INVALIDATE -> {
                f.send++;
                if (f.sendOpen) {
                    f.messages++;
                    messageDone(f, f.messageOpenBytes + p.payloadLength);
                    f.sendOpen = false;
                }
                request(f, p, -1);
                numberMessage(f, p, SEND_MESSAGE, AnalysisMarks.LAST);
            }
            case IbOpcodes.SEND_ONLY, IbOpcodes.SEND_ONLY_IMMEDIATE, IbOpcodes.SEND_ONLY_INVALIDATE -> {
                f.send++;
                f.messages++;
                messageDone(f, p.payloadLength);
                request(f, p, -1);
                numberMessage(f, p, SEND_MESSAGE, AnalysisMarks.ONLY);
            }
            case IbOpcodes.WRITE_FIRST -> {
                f.rdmaWrite++;
                f.writeOpen = true;
                f.messageOpenBytes = p.payloadLength;
                learnPathMtu(f, p);
                request(f, p, -1);
                numberMessage(f, p, WRITE_MESSAGE, AnalysisMarks.FIRST);
            }
            case IbOpcodes.WRITE_MIDDLE -> {
                f.rdmaWrite++;
                f.messageOpenBytes += p.payloadLength;
                learnPathMtu(f, p);
                request(f, p, -1);
                numberMessage(f, p, WRITE_MESSAGE, AnalysisMarks.MIDDLE);
            }
            case IbOpcodes.WRITE_LAST, IbOpcodes.WRITE_LAST_IMMEDIATE -> {
                f.rdmaWrite++;
                if (f.writeOpen) {
                    f.messages++;
                    messageDone(f, f.messageOpenBytes + p.payloadLength);
                    f.writeOpen = false;
                }
                request(f, p, -1);
                numberMessage(f, p, WRITE_MESSAGE, AnalysisMarks.LAST);
            }
            case IbOpcodes.WRITE_ONLY, IbOpcodes.WRITE_ONLY_IMMEDIATE -> {
                f.rdmaWrite++;
                f.messages++;
                messageDone(f, p.payloadLength);
                request(f, p, -1);
                numberMessage(f, p, WRITE_MESSAGE, AnalysisMarks.ONLY);
            }
            case IbOpcodes.READ_REQUEST -> {
                f.rdmaReadReq++;
                request(f, p, Math.max(0, p.rethDmaLength));
            }
            case IbOpcodes.READ_RESPONSE_FIRST -> {
                f.readResp++;
                f.readOpen = true;
                f.messageOpenBytes = p.payloadLength;
                learnPathMtu(f, p);
                readResponse(f, p);
                numberMessage(f, p, READ_MESSAGE, AnalysisMarks.FIRST);
            }
            case IbOpcodes.READ_RESPONSE_MIDDLE -> {
                f.readResp++;
                f.messageOpenBytes += p.payloadLength;
                learnPathMtu(f, p);
                readResponse(f, p);
                numberMessage(f, p, READ_MESSAGE, AnalysisMarks.MIDDLE);
            }
            case IbOpcodes.READ_RESPONSE_LAST -> {
                f.readResp++;
                if (f.readOpen) {
                    f.messages++;
                    messageDone(f, f.messageOpenBytes + p.payloadLength);
                    f.readOpen = false;
                }
                readResponse(f, p);
                numberMessage(f, p, READ_MESSAGE, AnalysisMarks.LAST);
            }
            case IbOpcodes.READ_RESPONSE_ONLY -> {
                f.readResp++;
                f.messages++;
                messageDone(f, p.payloadLength);
                readResponse(f, p);
                numberMessage(f, p, READ_MESSAGE, AnalysisMarks.ONLY);
            }
            case IbOpcodes.ACKNOWLEDGE, IbOpcodes.ATOMIC_ACKNOWLEDGE -> acknowledge(f, p);
            case IbOpcodes.COMPARE_SWAP, IbOpcodes.FETCH_ADD, IbOpcodes.ATOMIC_WRITE -> {
                f.atomic++;   // CmpSwap, FetchAdd, ATOMIC WRITE (IBA 1.5)
                request(f, p, -1);
            }
            case IbOpcodes.FLUSH -> {
                // FLUSH (IBA 1.5) is answered by an RDMA READ Response Only, so it takes one response PSN
                f.flush++;
                request(f, p, 0);
            }
            default -> {
                // RD Resync: counted as a packet, not analysed further
            }
        }
    }

    private static final int SEND_MESSAGE = 0;
    private static final int WRITE_MESSAGE = 1;
    private static final int READ_MESSAGE = 2;

    /**
     * Numbers a packet's message for the {@code roce.msg.*} fields (only with marks): a First or Only starts the
     * flow's next message, a Middle or Last continues the open message of its kind (SEND, WRITE or READ response), the
     * Last gives it its size. A packet the capture shows again (a duplicate) is no part of a message, a Middle or
     * Last whose First was not seen neither, and a message with a PSN gap inside gets no size.
     */
    private void numberMessage(FlowState f, PacketSummary p, int kind, int position) {
        if (marks == null || marks.has(p.number, AnalysisMarks.DUPLICATE)) {
            return;
        }
        int open = f.openMessage[kind];
        if (position == AnalysisMarks.FIRST || position == AnalysisMarks.ONLY) {
            int number = ++f.messagesNumbered;
            int index = marks.startMessage(p.number, number, position, Math.max(0, p.payloadLength));
            f.openMessage[kind] = position == AnalysisMarks.FIRST ? index : -1;
            return;
        }
        if (open < 0) {
            return;
        }
        if (marks.has(p.number, AnalysisMarks.PSN_GAP)) {
            marks.messageBroken(open);
        }
        marks.messagePacket(open, p.number, position, Math.max(0, p.payloadLength), position == AnalysisMarks.LAST);
        if (position == AnalysisMarks.LAST) {
            f.openMessage[kind] = -1;
        }
    }

    /** A message ended (its Last or Only packet): its payload bytes, First to Last, count in the flow's sizes. */
    private static void messageDone(FlowState f, long bytes) {
        f.messageBytes += bytes;
        f.messageSizeMin = f.messages == 1 ? bytes : Math.min(f.messageSizeMin, bytes);
        f.messageSizeMax = Math.max(f.messageSizeMax, bytes);
    }

    /** {@link AnalysisOptions#priorityOf}; a RoCE frame with neither VLAN tag nor DSCP counts in priority 0. */
    private int priority(PacketSummary p) {
        return Math.max(0, options.priorityOf(p.lrhSl, p.vlanPcp, p.dscp));
    }

    /**
     * The sender's QP when it is part of a packet's flow key: for UD (UD opcodes, and the management QPs 0 and 1, UD
     * whatever the opcode) the DETH's source QP, so datagrams from several QPs of one host (or ports behind one
     * LID) to one QP are as many flows; -1 for every other packet, whose flow is keyed by its destination QP.
     */
    static int senderQp(PacketSummary p) {
        return p.dethSrcQp >= 0 && (IbOpcodes.transport(p.opcode) == IbOpcodes.UD || p.destQp <= 1)
                ? p.dethSrcQp & 0xFFFFFF : -1;
    }

    /** A flow's destination QP and sender QP (-1 unless UD) as one number, for the keys of the flow indexes. */
    static long qpKey(int dstQp, int senderQp) {
        return dstQp | (long) (senderQp + 1) << 24;
    }

    private FlowState flow(PacketSummary p, int priority) {
        FlowState f = lastFlow;
        int senderQp = senderQp(p);
        if (f != null && f.dstQp == p.destQp && f.senderQp == senderQp && f.srcLo == p.ipSrcLo
                && f.dstLo == p.ipDstLo && f.srcHi == p.ipSrcHi && f.dstHi == p.ipDstHi) {
            return f;
        }
        int i = flowIndex.find(flows, p.ipSrcHi, p.ipSrcLo, p.ipDstHi, p.ipDstLo, p.destQp, senderQp);
        if (i >= 0) {
            f = flows[i];
        } else {
            f = newFlow(p, priority, senderQp);
        }
        lastFlow = f;
        return f;
    }

    /** Notes that the flow's statistics changed, so the next result makes them again. */
    private void changed(FlowState f) {
        if (!f.changed) {
            f.changed = true;
            if (changedCount == changedFlows.length) {
                changedFlows = Arrays.copyOf(changedFlows, changedCount * 2);
            }
            changedFlows[changedCount++] = f.index;
        }
    }

    private FlowState newFlow(PacketSummary p, int priority, int senderQp) {
        if (flowCount == flows.length) {
            flows = Arrays.copyOf(flows, flowCount * 2);
        }
        FlowState f = new FlowState(flowCount, p.ipSrcHi, p.ipSrcLo, p.ipDstHi, p.ipDstLo, p.destQp, senderQp);
        f.priority = priority;
        f.dscp = p.dscp;
        f.firstTs = p.timestampNanos;
        f.lastTs = p.timestampNanos;
        f.rate = new RateSeries(bins.widthNanos(), true);
        flows[flowCount] = f;
        flowCount++;
        flowIndex.add(flows, f);
        f.nextSameHosts = hostIndex.add(flows, f);
        if (!cmPending.isEmpty()) {
            joinConnection(f);
        }
        return f;
    }

    /**
     * A CM message. A ConnectRequest waits for its ConnectReply; the reply names both QPs of the connection, so the
     * two flows between them (active → passive QP, passive → active QP) belong to it: a flow that already carried
     * packets (a QP number reused) starts a new connection epoch, a flow not seen yet joins the connection at its
     * first packet, and the two are paired.
     */
    private void cm(FlowState f, PacketSummary p) {
        if (p.madAttributeId == CM_REQ && p.cmQpn >= 0) {
            cmRequests.put(new CmKey(p.ipSrcHi, p.ipSrcLo, p.ipDstHi, p.ipDstLo, p.cmLocalCommId),
                    new CmRequest(p.number, p.cmQpn, p.cmStartingPsn, p.cmServiceId, p.cmSourcePort));
            return;
        }
        if (p.madAttributeId == CM_REJ) {
            rejected(f, p);
            return;
        }
        if (p.madAttributeId != CM_REP || p.cmQpn < 0) {
            return;
        }
        CmRequest req = cmRequests.remove(new CmKey(p.ipDstHi, p.ipDstLo, p.ipSrcHi, p.ipSrcLo, p.cmRemoteCommId));
        if (req == null) {
            return;     // the REQ is not in the capture: which QP the reply answers is unknown
        }
        CmConnection c = new CmConnection(req.frame(), p.number, req.serviceId(), req.sourcePort(),
                p.ipDstHi, p.ipDstLo, req.qpn(), req.startPsn(), p.ipSrcHi, p.ipSrcLo, p.cmQpn, p.cmStartingPsn);
        FlowKey toPassive = new FlowKey(c.activeHi(), c.activeLo(), c.passiveHi(), c.passiveLo(), c.passiveQp());
        FlowKey toActive = new FlowKey(c.passiveHi(), c.passiveLo(), c.activeHi(), c.activeLo(), c.activeQp());
        FlowState a = existing(toPassive);
        FlowState b = existing(toActive);
        if (a != null && a.connection != null && a.connection.sameAs(c)
                || b != null && b.connection != null && b.connection.sameAs(c)) {
            return;     // the same handshake again (a REQ and REP sent twice)
        }
        boolean reusedA = a != null && newEpoch(a, c, c.activeQp(), p);
        boolean reusedB = b != null && newEpoch(b, c, c.passiveQp(), p);
        if (a == null) {
            cmPending.put(toPassive, c);
        }
        if (b == null) {
            cmPending.put(toActive, c);
        }
        if (a != null && b != null) {
            pair(a, b);
        }
        if (reusedA || reusedB) {
            mark(p, AnalysisMarks.NEW_CONNECTION);
            if (count(EventKind.NEW_CONNECTION)) {
                String reused = reusedA && reusedB ? "QP " + Formats.qp(c.passiveQp()) + " and QP "
                        + Formats.qp(c.activeQp()) : "QP " + Formats.qp(reusedA ? c.passiveQp() : c.activeQp());
                store(p, EventKind.NEW_CONNECTION, (reusedA ? a : b).name(), "ConnectReply to the ConnectRequest"
                        + " in frame " + c.requestFrame() + ": a new connection between QP " + Formats.qp(c.activeQp())
                        + " and QP " + Formats.qp(c.passiveQp()) + ", reusing " + reused + " (from CM)");
            }
        }
    }

    /**
     * A ConnectReject: the connection its REQ (or REP) asked for is not made. A REJ of a REQ comes from the passive
     * side and names the REQ's Local Communication ID as its remote one: that request waits no more.
     */
    private void rejected(FlowState f, PacketSummary p) {
        CmRequest request = p.cmRejectedMessage == 0
                ? cmRequests.remove(new CmKey(p.ipDstHi, p.ipDstLo, p.ipSrcHi, p.ipSrcLo, p.cmRemoteCommId)) : null;
        if (!count(EventKind.CONNECTION_REJECTED)) {
            return;
        }
        String reason = CmText.rejectReason(p.cmRejectReason);
        String rejected = switch (p.cmRejectedMessage) {
            case 0 -> request != null ? "the ConnectRequest in frame " + request.frame() : "a ConnectRequest";
            case 1 -> "a ConnectReply";
            default -> "no message (a timeout)";
        };
        store(p, EventKind.CONNECTION_REJECTED, f.name(), "ConnectReject of " + rejected + ": "
                + (reason != null ? reason : "reason") + " (" + p.cmRejectReason + ")"
                + (request != null && request.serviceId() >>> 24 == 1
                        ? ", rdma_cm port " + (request.serviceId() & 0xFFFF) : ""));
    }

    private FlowState existing(FlowKey key) {
        int i = flowIndex.find(flows, key.srcHi(), key.srcLo(), key.dstHi(), key.dstLo(), key.qp());
        return i < 0 ? null : flows[i];
    }

    /** A flow that carried packets before belongs to a new connection from now on; true when it had packets. */
    private boolean newEpoch(FlowState f, CmConnection c, int srcQp, PacketSummary p) {
        if (f.nakFrame >= 0) {
            linkNak(f, -1, -1, -1);     // the old connection's NAK is answered no more
        }
        f.newEpoch();
        f.connection = c;
        f.srcQp = srcQp;
        f.progressTs = p.timestampNanos;
        unpair(f);
        changed(f);
        return f.packets > 0;
    }

    /** A new flow that a CM handshake named joins its connection, paired with its other direction when seen. */
    private void joinConnection(FlowState f) {
        CmConnection c = cmPending.remove(new FlowKey(f.srcHi, f.srcLo, f.dstHi, f.dstLo, f.dstQp));
        if (c == null) {
            return;
        }
        f.connection = c;
        boolean toPassive = f.srcHi == c.activeHi() && f.srcLo == c.activeLo() && f.dstQp == c.passiveQp();
        f.srcQp = toPassive ? c.activeQp() : c.passiveQp();
        FlowState other = existing(new FlowKey(f.dstHi, f.dstLo, f.srcHi, f.srcLo, f.srcQp));
        if (other != null && other.connection == c) {
            pair(f, other);
        }
    }

    private void pair(FlowState a, FlowState b) {
        unpair(a);
        unpair(b);
        a.paired = b.index;
        b.paired = a.index;
        a.pairedOnce = true;
        b.pairedOnce = true;
        changed(a);
        changed(b);
    }

    private void unpair(FlowState f) {
        if (f.paired >= 0 && flows[f.paired].paired == f.index) {
            flows[f.paired].paired = -1;
        }
        f.paired = -1;
    }

    /**
     * A First or Middle packet carries exactly one path MTU of payload (docs/roce-notes.md, PSN semantics): the
     * path MTU of the flow's connection, which says how many PSNs a READ request takes.
     */
    private static void learnPathMtu(FlowState f, PacketSummary p) {
        int payload = p.payloadLength;
        if (payload >= 256 && payload <= 4096 && Integer.bitCount(payload) == 1) {
            f.pathMtu = payload;
        }
    }

    /** The path MTU of the flow's connection as its own packets or its paired flow's tell it, or 0. */
    private int pathMtu(FlowState f) {
        return f.pathMtu != 0 || f.paired < 0 ? f.pathMtu : flows[f.paired].pathMtu;
    }

    private void request(FlowState f, PacketSummary p, long readLength) {
        if (IbOpcodes.transport(p.opcode) == IbOpcodes.UD || p.destQp <= 1) {
            // UD, and the management QPs 0 and 1 (UD too, however the opcode reads), promise no PSN sequence (IBTA
            // vol. 1 §9.7.1): no gap, duplicate or retransmission is judged there
            return;
        }
        PsnTracker requests = f.requests();
        if (IbOpcodes.operation(p.opcode) != IbOpcodes.READ_REQUEST && requests.insideRead(p.psn)) {
            mark(p, AnalysisMarks.PSN_IN_READ_RANGE);
            if (count(EventKind.PSN_IN_READ_RANGE)) {
                store(p, EventKind.PSN_IN_READ_RANGE, f.name(), String.format(java.util.Locale.ROOT,
                        "%s on PSN %d, which the RDMA READ at PSN %d reserved for its %d responses",
                        IbOpcodes.name(p.opcode), p.psn, requests.readPsn(), requests.readSpan()));
            }
            return;
        }
        int distance = requests.distance(p.psn);
        boolean wasStarted;
        int outcome;
        if (distance > NEW_CONNECTION_PSNS && f.silenceNanos >= NEW_CONNECTION_SILENCE_NANOS) {
            requests.restartAt(p.psn, readLength, readLength < 0 ? 0 : pathMtu(f));
            mark(p, AnalysisMarks.NEW_CONNECTION);
            if (count(EventKind.NEW_CONNECTION)) {
                store(p, EventKind.NEW_CONNECTION, f.name(), String.format(java.util.Locale.ROOT,
                        "PSN %d is %d away from the sequence after %s of silence: taken as a new connection"
                                + " reusing the QP (inferred)", p.psn, distance, Formats.duration(f.silenceNanos)));
            }
            // the old connection's requests will never be answered on the new one; its first request starts afresh
            f.acksAwaited = null;
            f.readsAwaited = null;
            f.messagesAwaited = null;
            f.messageStartTime = -1;
            f.lastReadPsn = -1;
            wasStarted = false;
            outcome = PsnTracker.IN_ORDER;
        } else {
            wasStarted = requests.started();
            outcome = requests.accept(p.psn, readLength, readLength < 0 ? 0 : pathMtu(f));
            psnOutcome(f, requests, outcome, p);
            retries(f, p, outcome);
        }
        if (outcome == PsnTracker.OUT_OF_ORDER || outcome == PsnTracker.DUPLICATE) {
            if (f.acksAwaited != null) {
                f.acksAwaited.forget(p.psn);
            }
            if (f.readsAwaited != null) {
                f.readsAwaited.forget(p.psn);
            }
            if (f.messagesAwaited != null) {
                f.messagesAwaited.forgetFrom(p.psn);
            }
            f.messageStartTime = -1;    // the message under way may hold the PSN sent again
        }
        if (outcome == PsnTracker.IN_ORDER || outcome == PsnTracker.GAP) {
            if (wasStarted) {
                progress(f, p);
            } else {
                f.progressTs = p.timestampNanos;
            }
            f.lastRequestFrame = p.number;
            if (readLength >= 0) {
                f.lastReadPsn = p.psn & PsnTracker.MASK;
                f.lastReadMostResponses = (int) Math.max(1, Math.min(1 << 22, (readLength + 255) / 256));
            }
            if (IbOpcodes.transport(p.opcode) == IbOpcodes.RC && readLength >= 0
                    && IbOpcodes.operation(p.opcode) == IbOpcodes.READ_REQUEST) {
                if (f.readsAwaited == null) {
                    f.readsAwaited = new FlowState.Waiting();
                }
                f.readsAwaited.add(p.psn, p.timestampNanos, p.number);
            } else if (IbOpcodes.transport(p.opcode) == IbOpcodes.RC && p.ackRequest) {
                if (f.acksAwaited == null) {
                    f.acksAwaited = new FlowState.Waiting();
                }
                f.acksAwaited.add(p.psn, p.timestampNanos, p.number);
            }
            if (IbOpcodes.transport(p.opcode) == IbOpcodes.RC) {
                messageSent(f, p);
            }
            if (p.ackRequest || readLength >= 0) {
                // what the requester waits for: an ACK for an AckReq request, the responses of a READ (IBTA vol. 1
                // §9.7.6: a responder may coalesce the ACKs of requests that did not ask for one)
                f.ackRequestedPsn = requests.lastUsed();
            }
        }
        if (outcome >= PsnTracker.OUT_OF_ORDER && f.nakFrame >= 0) {
            if (marks != null) {
                marks.nakToRetransmission(p.number, p.timestampNanos - f.nakTs);
            }
            linkNak(f, p.number, p.timestampNanos, p.psn);
        }
    }

    /**
     * READ responses answer the READ requests of the paired flow, in that flow's PSN space. When the requester sent
     * other requests between two READs, the responses to the second READ start past the first READ's responses by
     * those requests' PSNs; a READ Response First or Only whose PSN the paired request flow has sent is therefore
     * the start of the next response, not a gap.
     */
    private void readResponse(FlowState f, PacketSummary p) {
        response(f, p);
        acknowledged(f, p);
        timeReadResponse(f, p);
        PsnTracker tracker = f.readResponses();
        int op = IbOpcodes.operation(p.opcode);
        if ((op == IbOpcodes.READ_RESPONSE_FIRST || op == IbOpcodes.READ_RESPONSE_ONLY) && f.paired >= 0 && tracker.isAhead(p.psn)
                && flows[f.paired].hasSent(p.psn)) {
            tracker.jumpTo(p.psn);
            return;
        }
        psnOutcome(f, tracker, tracker.accept(p.psn, -1), p);
    }

    private void psnOutcome(FlowState f, PsnTracker tracker, int outcome, PacketSummary p) {
        switch (outcome) {
            case PsnTracker.GAP -> {
                mark(p, AnalysisMarks.PSN_GAP);
                if (marks != null) {
                    marks.missing(p.number, tracker.lastGapSize);
                }
                if (count(EventKind.PSN_GAP)) {
                    int first = tracker.lastGapStart;
                    store(p, EventKind.PSN_GAP, f.name(), "PSN " + p.psn + " ahead of expected " + first + ": "
                            + tracker.lastGapSize + (tracker.lastGapSize == 1 ? " PSN" : " PSNs") + " missing");
                }
            }
            case PsnTracker.OUT_OF_ORDER, PsnTracker.DUPLICATE -> {
                mark(p, AnalysisMarks.RETRANSMISSION
                        | (outcome == PsnTracker.OUT_OF_ORDER ? AnalysisMarks.OUT_OF_ORDER : AnalysisMarks.DUPLICATE));
                if (count(EventKind.RETRANSMISSION)) {
                    store(p, EventKind.RETRANSMISSION, f.name(), "PSN " + p.psn + " retransmitted"
                            + (outcome == PsnTracker.OUT_OF_ORDER ? " (was missing: out of order)" : " (duplicate)")
                            + (f.nakFrame >= 0 ? ", " + Formats.duration(p.timestampNanos - f.nakTs) + " after the "
                            + (f.nakRnr ? "RNR NAK" : "NAK") + " in frame " + f.nakFrame : ""));
                }
            }
            default -> {
                // in order
            }
        }
    }

    private void acknowledge(FlowState f, PacketSummary p) {
        response(f, p);
        if (p.aethSyndrome >= 0 && AethText.typeCode(p.aethSyndrome) == AethText.ACK) {
            f.acks++;
            acknowledged(f, p);
        }
    }

    /**
     * Follows bursts of retransmissions: a burst starts at a retransmission after a new PSN, or at one that goes back
     * to the PSN of the one before or behind it (a go-back-N goes forward within its burst). Bursts that start
     * at the same PSN again and again are a retry sequence (RNR retries after RNR NAKs, else transport retries after
     * timeouts), reported where the sequence ends: at a burst that starts elsewhere, or at a new PSN past it.
     */
    private void retries(FlowState f, PacketSummary p, int outcome) {
        boolean retransmission = outcome == PsnTracker.OUT_OF_ORDER || outcome == PsnTracker.DUPLICATE;
        if (!retransmission) {
            if (f.inRetransmission || f.retryPsn >= 0) {
                f.inRetransmission = false;
                if (outcome == PsnTracker.IN_ORDER || outcome == PsnTracker.GAP) {
                    endRetries(f, p);
                }
            }
            return;
        }
        // a burst goes on while each retransmission is past the one before; going back starts another
        int step = (p.psn - f.lastRetransmittedPsn) & PsnTracker.MASK;
        boolean sameBurst = f.inRetransmission && step != 0 && step < (1 << 23);
        f.lastRetransmittedPsn = p.psn;
        f.lastRetransmissionFrame = p.number;
        f.lastRetransmissionTs = p.timestampNanos;
        if (sameBurst) {
            return;
        }
        f.inRetransmission = true;
        boolean afterRnr = f.nakFrame >= 0 && f.nakRnr;
        if (p.psn == f.retryPsn) {
            f.retries++;
            f.retriesAfterRnr |= afterRnr;
        } else {
            endRetries(f, p);
            f.retryPsn = p.psn;
            f.retries = 1;
            f.retriesAfterRnr = afterRnr;
        }
    }

    private void endRetries(FlowState f, PacketSummary p) {
        if (f.retries >= 2 && count(EventKind.RETRY_SEQUENCE)) {
            store(p, EventKind.RETRY_SEQUENCE, f.name(), retriesText(f, false));
        }
        f.retryPsn = -1;
        f.retries = 0;
        f.retriesAfterRnr = false;
    }

    private static String retriesText(FlowState f, boolean untilTheEnd) {
        return "PSN " + f.retryPsn + " sent again " + f.retries + " times in a row: "
                + (f.retriesAfterRnr ? "RNR retries (after RNR NAKs)" : "transport retries (no NAK: timeouts)")
                + (untilTheEnd ? ", until the end of the capture" : "");
    }

    /** A response that acknowledges its request flow up to its PSN: an ACK, or a READ response. */
    private void acknowledged(FlowState response, PacketSummary p) {
        if (response.paired < 0 || IbOpcodes.transport(p.opcode) != IbOpcodes.RC) {
            return;
        }
        FlowState requester = flows[response.paired];
        if (IbOpcodes.operation(p.opcode) == IbOpcodes.ACKNOWLEDGE) {
            timeAcknowledged(requester, p);
        }
        int previous = requester.acknowledgedPsn;
        if (previous < 0 || (((p.psn - previous) & PsnTracker.MASK) != 0
                && ((p.psn - previous) & PsnTracker.MASK) < (1 << 23))) {
            progress(requester, p);
            requester.acknowledgedPsn = p.psn & PsnTracker.MASK;
        }
    }

    /**
     * A new SEND or RDMA WRITE packet of an RC request flow: a message starts at its First, and its Last (or an Only)
     * makes it wait, by its last PSN, for the ACK that covers it. A message whose First was not seen, or that had a
     * packet sent again, is not timed.
     */
    private static void messageSent(FlowState f, PacketSummary p) {
        switch (IbOpcodes.operation(p.opcode)) {
            case IbOpcodes.SEND_FIRST, IbOpcodes.WRITE_FIRST -> {
                f.messageStartTime = p.timestampNanos;
                f.messageStartFrame = p.number;
            }
            case IbOpcodes.SEND_LAST, IbOpcodes.SEND_LAST_IMMEDIATE, IbOpcodes.SEND_LAST_INVALIDATE,
                 IbOpcodes.WRITE_LAST, IbOpcodes.WRITE_LAST_IMMEDIATE -> {
                if (f.messageStartTime >= 0) {
                    awaitMessage(f, p.psn, f.messageStartTime, f.messageStartFrame);
                }
                f.messageStartTime = -1;
            }
            case IbOpcodes.SEND_ONLY, IbOpcodes.SEND_ONLY_IMMEDIATE, IbOpcodes.SEND_ONLY_INVALIDATE,
                 IbOpcodes.WRITE_ONLY, IbOpcodes.WRITE_ONLY_IMMEDIATE -> {
                awaitMessage(f, p.psn, p.timestampNanos, p.number);
                f.messageStartTime = -1;
            }
            default -> {
                // Middle packets continue the message; READs and atomics are timed as READ latencies or not at all
            }
        }
    }

    private static void awaitMessage(FlowState f, int lastPsn, long startTime, long startFrame) {
        if (f.messagesAwaited == null) {
            f.messagesAwaited = new FlowState.Waiting();
        }
        f.messagesAwaited.add(lastPsn, startTime, startFrame);
    }

    /**
     * An ACK covers every waiting AckReq request and every waiting message up to its PSN: each one's round trip, or
     * completion time, is measured.
     */
    private void timeAcknowledged(FlowState requester, PacketSummary ack) {
        timeCovered(requester, Exchange.Kind.ACK_RTT, requester.acksAwaited, ack);
        timeCovered(requester, Exchange.Kind.MESSAGE, requester.messagesAwaited, ack);
    }

    private void timeCovered(FlowState requester, Exchange.Kind kind, FlowState.Waiting waiting, PacketSummary ack) {
        while (waiting != null && !waiting.isEmpty()) {
            int behind = (ack.psn - waiting.firstPsn()) & PsnTracker.MASK;
            if (behind >= (1 << 23)) {
                return;     // the ACK does not reach this request yet
            }
            exchange(requester, kind, waiting, ack);
            waiting.removeFirst();
        }
    }

    /** READ responses: the first times its READ's first answer, the last (or only) its last. */
    private void timeReadResponse(FlowState response, PacketSummary p) {
        if (response.paired < 0 || flows[response.paired].readsAwaited == null) {
            return;
        }
        FlowState.Waiting waiting = flows[response.paired].readsAwaited;
        int op = IbOpcodes.operation(p.opcode);
        if (op == IbOpcodes.READ_RESPONSE_FIRST || op == IbOpcodes.READ_RESPONSE_ONLY) {
            // a first response answers the READ at its PSN; READs before it that got none are given up
            while (!waiting.isEmpty() && waiting.firstPsn() != p.psn
                    && ((p.psn - waiting.firstPsn()) & PsnTracker.MASK) < (1 << 23)) {
                waiting.removeFirst();
            }
            if (waiting.isEmpty() || waiting.firstPsn() != p.psn) {
                return;
            }
            exchange(flows[response.paired], Exchange.Kind.READ_FIRST, waiting, p);
        }
        if ((op == IbOpcodes.READ_RESPONSE_LAST || op == IbOpcodes.READ_RESPONSE_ONLY) && !waiting.isEmpty()) {
            exchange(flows[response.paired], Exchange.Kind.READ_LAST, waiting, p);
            waiting.removeFirst();
        }
    }

    private void exchange(FlowState requester, Exchange.Kind kind, FlowState.Waiting waiting, PacketSummary answer) {
        if (waiting.firstTime() < 0) {
            return;     // sent again: not timed
        }
        if (exchanges.size() < options.maxStored()) {
            exchanges.add(new Exchange(requester.name(), kind, waiting.firstFrame(), answer.number,
                    answer.timestampNanos - waiting.firstTime(), requester.priority));
        } else {
            exchangesDropped++;
        }
    }

    /**
     * The request flow made progress at this packet: when it had requests outstanding and had made none for
     * {@link #STALL_NANOS} or more, that was a stall, reported here, where it ended.
     */
    private void progress(FlowState f, PacketSummary p) {
        long still = p.timestampNanos - f.progressTs;
        if (f.paired >= 0 && still >= STALL_NANOS && outstanding(f) && count(EventKind.STALLED_QP)) {
            store(p, EventKind.STALLED_QP, f.name(), stallText(f, still, false));
        }
        f.progressTs = p.timestampNanos;
    }

    /** True when the flow asked for an ACK (or READ responses) that its responder has not given yet. */
    private static boolean outstanding(FlowState f) {
        if (f.ackRequestedPsn < 0) {
            return false;
        }
        int ahead = (f.ackRequestedPsn - f.acknowledgedPsn) & PsnTracker.MASK;
        return f.acknowledgedPsn < 0 || ahead != 0 && ahead < (1 << 23);
    }

    private static String stallText(FlowState f, long still, boolean untilTheEnd) {
        int firstUnacknowledged = f.acknowledgedPsn < 0 ? -1 : (f.acknowledgedPsn + 1) & PsnTracker.MASK;
        return "no progress for " + Formats.duration(still) + (untilTheEnd ? ", until the end of the capture" : "")
                + ": PSN " + f.ackRequestedPsn + " waits for its acknowledgement"
                + (firstUnacknowledged < 0 ? ", none acknowledged" : ", first unacknowledged PSN " + firstUnacknowledged);
    }

    /** Every packet with an AETH, and pairing of response flows with their request flow. */
    private void response(FlowState f, PacketSummary p) {
        if (f.firstResponseFrame < 0) {
            f.firstResponseFrame = p.number;
            f.firstResponseTs = p.timestampNanos;
        }
        if (f.paired < 0) {
            tryPairing(f, p.psn);
        }
        if (f.paired >= 0) {
            answersUnsentPsn(f, flows[f.paired], p);
        }
        if (p.aethSyndrome < 0) {
            return;
        }
        int type = AethText.typeCode(p.aethSyndrome);
        if (type == AethText.NAK) {
            f.naks++;
            mark(p, AnalysisMarks.NAK);
            nakCodes[AethText.value(p.aethSyndrome)]++;
            nak(f, p, false);
        } else if (type == AethText.RNR_NAK) {
            f.rnrNaks++;
            mark(p, AnalysisMarks.RNR_NAK);
            nak(f, p, true);
        }
    }

    /**
     * A response whose PSN lies beyond the last PSN its requester could have used (the last READ's responses at the
     * smallest path MTU included) answers a request the requester never sent: a responder fault, or a request the
     * capture point missed.
     */
    private void answersUnsentPsn(FlowState response, FlowState requester, PacketSummary p) {
        PsnTracker sent = requester.requests;
        if (sent == null || !sent.started()) {
            return;
        }
        int lastSent = sent.lastUsed();
        // the last READ's responses may take more PSNs than the tracker reserved, while no request came after them
        if (requester.lastReadPsn >= 0
                && ((lastSent - requester.lastReadPsn) & PsnTracker.MASK) < requester.lastReadMostResponses) {
            lastSent = (requester.lastReadPsn + requester.lastReadMostResponses - 1) & PsnTracker.MASK;
        }
        int ahead = (p.psn - lastSent) & PsnTracker.MASK;
        if (ahead == 0 || ahead >= (1 << 23)) {
            return;
        }
        mark(p, AnalysisMarks.UNSENT_PSN_ANSWERED);
        if (count(EventKind.UNSENT_PSN_ANSWERED)) {
            store(p, EventKind.UNSENT_PSN_ANSWERED, response.name(), String.format(java.util.Locale.ROOT,
                    "%s for PSN %d, %d beyond PSN %d, the last its requester used (or the capture missed the request)",
                    IbOpcodes.name(p.opcode), p.psn, ahead, lastSent));
        }
    }

    private void nak(FlowState f, PacketSummary p, boolean rnr) {
        EventKind kind = rnr ? EventKind.RNR_NAK : EventKind.NAK;
        if (count(kind)) {
            store(p, kind, f.name(), (rnr ? "RNR NAK, timer code " + (AethText.value(p.aethSyndrome))
                    : "NAK " + AethText.nakName(AethText.value(p.aethSyndrome))) + ", PSN " + p.psn);
        }
        if (f.paired < 0) {
            addNakLink(new NakLink(p.number, p.timestampNanos, rnr, p.aethSyndrome, p.psn, "", -1, -1, -1));
            return;
        }
        FlowState requests = flows[f.paired];
        if (requests.nakFrame >= 0) {
            linkNak(requests, -1, -1, -1);
        }
        pendingNaks++;
        requests.nakFrame = p.number;
        requests.nakTs = p.timestampNanos;
        requests.nakRnr = rnr;
        requests.nakSyndrome = p.aethSyndrome;
        requests.nakPsn = p.psn;
    }

    /** Records the pending NAK of a request flow as answered by the given packet (frame -1: unanswered). */
    private void linkNak(FlowState requests, long frame, long ts, int psn) {
        addNakLink(new NakLink(requests.nakFrame, requests.nakTs, requests.nakRnr, requests.nakSyndrome,
                requests.nakPsn, requests.name(), frame, ts, psn));
        requests.nakFrame = -1;
        pendingNaks--;
    }

    private void addNakLink(NakLink link) {
        if (nakLinks.size() < options.maxStored()) {
            nakLinks.add(link);
        } else {
            nakLinksDropped++;
        }
    }

    /**
     * A response on flow f (B → A, requester QP) carries a PSN of the request flow A → B that it answers. Pair when
     * exactly one unpaired flow A → B has sent that PSN; when several have, wait for a PSN that tells them apart.
     * The search runs for the first responses of a flow and then at powers of two, so a flow whose requests are not
     * in the capture costs a bounded number of searches.
     */
    private void tryPairing(FlowState f, int psn) {
        int attempt = ++f.pairAttempts;
        if (attempt >= PAIR_ATTEMPTS && (attempt & (attempt - 1)) != 0) {
            return;
        }
        FlowState found = null;
        for (int i = hostIndex.find(flows, f.dstHi, f.dstLo, f.srcHi, f.srcLo, 0); i >= 0; i = flows[i].nextSameHosts) {
            FlowState q = flows[i];
            if (q == f || q.paired >= 0 || !q.hasSent(psn)) {
                continue;
            }
            if (found != null) {
                return;
            }
            found = q;
        }
        if (found != null) {
            f.paired = found.index;
            found.paired = f.index;
            f.pairedOnce = true;
            found.pairedOnce = true;
            if (found.srcQp < 0) {
                found.srcQp = f.dstQp;
                changed(found);
            }
            if (f.srcQp < 0) {
                f.srcQp = found.dstQp;
            }
        }
    }

    private void ceMarked(FlowState f, PacketSummary p) {
        f.ecnCe++;
        mark(p, AnalysisMarks.ECN_CE);
        if (f.cePending == 0) {
            f.ceFirstTs = p.timestampNanos;
            f.ceFirstFrame = p.number;
        }
        f.cePending++;
        f.ceLastTs = p.timestampNanos;
        if (count(EventKind.ECN_CE)) {
            store(p, EventKind.ECN_CE, f.name(), "ECN congestion experienced (CE)");
        }
    }

    /**
     * A CNP on flow f (B → A, DestQP = the QP to slow down) throttles the flow A → B whose requester is that QP:
     * the paired flow when known, else a flow A → B whose source QP is known to be it, else the flow A → B with the
     * oldest unanswered CE mark.
     */
    private void cnp(FlowState f, PacketSummary p) {
        FlowState throttled = f.paired >= 0 ? flows[f.paired] : null;
        if (throttled == null) {
            FlowState oldestCe = null;
            for (int i = hostIndex.find(flows, f.dstHi, f.dstLo, f.srcHi, f.srcLo, 0); i >= 0;
                    i = flows[i].nextSameHosts) {
                FlowState q = flows[i];
                if (q.srcQp == f.dstQp) {
                    throttled = q;
                    break;
                }
                if (q.cePending > 0 && (oldestCe == null || q.ceFirstTs < oldestCe.ceFirstTs)) {
                    oldestCe = q;
                }
            }
            if (throttled == null) {
                throttled = oldestCe;
            }
        }
        CnpLink link;
        if (throttled == null) {
            link = new CnpLink(p.number, p.timestampNanos, f.name(), "", 0, -1, -1, -1);
        } else {
            link = new CnpLink(p.number, p.timestampNanos, f.name(), throttled.name(), throttled.cePending,
                    throttled.cePending > 0 ? throttled.ceFirstFrame : -1,
                    throttled.cePending > 0 ? throttled.ceFirstTs : -1,
                    throttled.cePending > 0 ? throttled.ceLastTs : -1);
            throttled.cePending = 0;
            if (throttled.rate == null) {
                throttled.rate = new RateSeries(bins.widthNanos(), false);
            }
            throttled.rate.cnp(p.timestampNanos, p.number, options.maxStored());
            if (marks != null && link.ceCount() > 0) {
                marks.ceToCnp(p.number, link.latencyNanos());
            }
        }
        if (cnpLinks.size() < options.maxStored()) {
            cnpLinks.add(link);
        } else {
            cnpLinksDropped++;
        }
        if (count(EventKind.CNP)) {
            String message = "CNP for QP " + Formats.qp(p.destQp);
            if (link.ceCount() > 0) {
                message += ", " + link.ceCount() + " CE-marked packet" + (link.ceCount() == 1 ? "" : "s")
                        + " of " + link.throttledFlow() + " since frame " + link.firstCeFrame() + ", first "
                        + Formats.duration(link.latencyNanos()) + " earlier";
            } else {
                message += ", no CE-marked packet seen before it";
            }
            store(p, EventKind.CNP, f.name(), message);
        }
    }

    private void mark(PacketSummary p, int mark) {
        if (marks != null) {
            marks.mark(p.number, mark);
        }
    }

    /** A PFC frame pauses (XOFF) the enabled priorities with a non-zero time and resumes (XON) those with zero. */
    private void markPfc(PacketSummary p) {
        for (int priority = 0; priority < 8; priority++) {
            if ((p.pfcClassEnable & (1 << priority)) != 0) {
                mark(p, p.pfcTime[priority] > 0 ? AnalysisMarks.PFC_XOFF : AnalysisMarks.PFC_XON);
            }
        }
    }

    /** Counts an event and tells whether there is room to store it (so its text is only built when kept). */
    private boolean count(EventKind kind) {
        eventCounts[kind.ordinal()]++;
        if (events.size() < options.maxStored()) {
            return true;
        }
        eventsDropped++;
        return false;
    }

    private void store(PacketSummary p, EventKind kind, String flow, String message) {
        events.add(new ExpertEvent(p.number, p.timestampNanos, kind, flow, message));
    }

    /** Each flow's key → its 1-based row in the per-QP CSV's order. */
    private static KeyIndex flowRows(List<FlowStats> sorted) {
        KeyIndex rows = new KeyIndex(Math.max(16, sorted.size()));
        for (int row = 0; row < sorted.size(); row++) {
            FlowStats flow = sorted.get(row);
            rows.putNew(flow.srcHi(), flow.srcLo(), flow.dstHi(), flow.dstLo(), qpKey(flow.dstQp(), flow.senderQp()),
                    row + 1);
        }
        return rows;
    }

    /** Over the budget: the rate series of every flow that has had no CNP goes (see {@link #rateBins}). */
    private void giveUpRates() {
        rateBins = 0;
        for (int i = 0; i < flowCount; i++) {
            RateSeries rate = flows[i].rate;
            if (rate == null) {
                continue;
            }
            if (rate.cnps == 0 && rate.cnpsNotStored == 0) {
                flows[i].rate = null;
                ratesGivenUp++;
            } else {
                rateBins += rate.heldBins();
            }
        }
    }

    /** The series of the flows that received CNPs, in the order of {@code flows}. */
    private List<FlowRate> rates(List<FlowStats> inOrder) {
        List<FlowRate> rates = new ArrayList<>();
        for (int i = 0; i < flowCount; i++) {
            RateSeries rate = flows[i].rate;
            if (rate != null && (rate.cnps > 0 || rate.cnpsNotStored > 0)) {
                rates.add(rate.snapshot(flows[i].name(), bins.widthNanos()));
            }
        }
        if (rates.size() > 1) {
            Map<String, Integer> rows = new java.util.HashMap<>();
            for (int row = 0; row < inOrder.size(); row++) {
                rows.put(inOrder.get(row).name(), row);
            }
            rates.sort(java.util.Comparator.comparingInt(r -> rows.getOrDefault(r.flow(), Integer.MAX_VALUE)));
        }
        return rates;
    }

    /**
     * What the pass has found so far, as if the capture ended after the last frame given: PFC intervals still open
     * run to their end, the last storm windows are judged and NAKs still waiting count as unanswered, all without
     * changing the analyzer, which goes on with the next frame. Each call makes a new immutable result.
     */
    public AnalysisResult result() {
        long end = packets == 0 ? 0 : lastTs;
        PfcTracker.Finished pfcNow = pfc.finishedAt(end);
        int max = options.maxStored();

        List<NakLink> unanswered = new ArrayList<>();
        long naksDropped = nakLinksDropped;
        int waiting = 0;
        for (int i = 0; i < flowCount && waiting < pendingNaks; i++) {
            FlowState f = flows[i];
            if (f.nakFrame >= 0) {
                waiting++;
                NakLink link = new NakLink(f.nakFrame, f.nakTs, f.nakRnr, f.nakSyndrome, f.nakPsn, f.name(), -1, -1,
                        -1);
                if (nakLinks.size() + unanswered.size() < max) {
                    unanswered.add(link);
                } else {
                    naksDropped++;
                }
            }
        }

        long[] counts = eventCounts.clone();
        long dropped = eventsDropped;
        List<ExpertEvent> stormEvents = new ArrayList<>();
        for (PfcStorm storm : pfcNow.storms()) {
            counts[EventKind.PFC_STORM.ordinal()]++;
            if (events.size() + stormEvents.size() < max) {
                stormEvents.add(stormEvent(storm));
            } else {
                dropped++;
            }
        }
        counts[EventKind.PFC_STORM.ordinal()] += pfcNow.stormsDropped();
        dropped += pfcNow.stormsDropped();
        // one event per congestion point and priority, with what all its CNMs said: known only now
        List<QcnPointStats> qcnPoints = qcn.points();
        for (QcnPointStats point : qcnPoints) {
            counts[EventKind.CNM.ordinal()]++;
            if (events.size() + stormEvents.size() < max) {
                stormEvents.add(cnmEvent(point));
            } else {
                dropped++;
            }
        }
        // responses that no request flow of the capture owns, reported as the stalls below
        for (int i = 0; i < flowCount; i++) {
            FlowState f = flows[i];
            if (f.firstResponseFrame >= 0 && f.paired < 0 && !f.pairedOnce) {
                counts[EventKind.NO_REQUEST_SEEN.ordinal()]++;
                if (events.size() + stormEvents.size() < max) {
                    stormEvents.add(new ExpertEvent(f.firstResponseFrame, f.firstResponseTs,
                            EventKind.NO_REQUEST_SEEN, f.name(), "responses from frame " + f.firstResponseFrame
                            + " on answer no request of this capture: it started after the requests, shows one"
                            + " direction only, or several QPs could own them"));
                } else {
                    dropped++;
                }
            }
        }
        // retry sequences still going when the capture ends, reported as the stalls below
        for (int i = 0; i < flowCount; i++) {
            FlowState f = flows[i];
            if (f.retries >= 2) {
                counts[EventKind.RETRY_SEQUENCE.ordinal()]++;
                if (events.size() + stormEvents.size() < max) {
                    stormEvents.add(new ExpertEvent(f.lastRetransmissionFrame, f.lastRetransmissionTs,
                            EventKind.RETRY_SEQUENCE, f.name(), retriesText(f, true)));
                } else {
                    dropped++;
                }
            }
        }
        // QPs still stalled when the capture ends: reported at their last request, without changing the pass
        for (int i = 0; i < flowCount; i++) {
            FlowState f = flows[i];
            long still = end - f.progressTs;
            if (f.paired >= 0 && still >= STALL_NANOS && outstanding(f)) {
                counts[EventKind.STALLED_QP.ordinal()]++;
                if (events.size() + stormEvents.size() < max) {
                    stormEvents.add(new ExpertEvent(f.lastRequestFrame, f.progressTs, EventKind.STALLED_QP,
                            f.name(), stallText(f, still, true)));
                } else {
                    dropped++;
                }
            }
        }

        boolean empty = packets == 0;
        List<FlowStats> inOrder = flowsInOrder();
        return new AnalysisResult(options, packets, rocePackets, malformed, icrcBad, pause8023x,
                empty ? 0 : firstTs, empty ? 0 : lastTs,
                inOrder, pfcNow.perPriority(), pfcNow.perSender(),
                pfcNow.intervals(), pfcNow.intervalsDropped(), pfcNow.storms(), pfcNow.stormsDropped(),
                priorityBytes, priorityPackets, bins.copy(), nakCodes,
                nakLinks.with(unanswered), naksDropped, cnpLinks.with(List.of()), cnpLinksDropped,
                exchanges.with(List.of()), exchangesDropped,
                events.sortedWith(stormEvents), counts, dropped, notDissected.byReason(), encapsulatedByName(),
                List.copyOf(dcbx.values()), rates(inOrder), ratesGivenUp, qcnPoints, qcn.cnms(), qcn.cnmsDropped());
    }

    /** The reaction points an expert event names; the JSON and the text summary list them all. */
    private static final int EVENT_REACTION_POINTS = 8;

    private static ExpertEvent cnmEvent(QcnPointStats point) {
        List<Long> macs = point.reactionPoints();
        String to = macs.stream().limit(EVENT_REACTION_POINTS).map(Addresses::mac)
                .collect(java.util.stream.Collectors.joining(", "))
                + (macs.size() > EVENT_REACTION_POINTS ? " and " + (macs.size() - EVENT_REACTION_POINTS) + " more" : "");
        return new ExpertEvent(point.firstFrame(), point.firstTs(), EventKind.CNM, "", String.format(
                java.util.Locale.ROOT, "Congestion notification: %d CNM%s from CP 0x%016x on priority %d, qFb max %d"
                        + " (mean %.1f, min %d), to %s", point.cnms(), point.cnms() == 1 ? "" : "s", point.cpid(),
                point.priority(), point.qfbMax(), point.qfbMean(), point.qfbMin(), to));
    }

    private Map<String, Long> encapsulatedByName() {
        Map<String, Long> byName = new LinkedHashMap<>();
        for (int how = 1; how < encapsulated.length; how++) {
            if (encapsulated[how] > 0) {
                byName.put(PacketSummary.ENCAPSULATION_NAMES.get(how), encapsulated[how]);
            }
        }
        return byName;
    }

    private ExpertEvent stormEvent(PfcStorm storm) {
        return new ExpertEvent(storm.frame(), Math.max(storm.windowStartNanos(), firstTs), EventKind.PFC_STORM, "",
                "PFC storm: " + Addresses.mac(storm.senderMac()) + " paused "
                        + (storm.priority() < 0 ? "the link (802.3x)" : "priority " + storm.priority()) + " "
                        + String.format(java.util.Locale.ROOT, "%.1f", storm.share() * 100) + " % of the "
                        + Formats.duration(storm.windowNanos()) + " window"
                        + (storm.observedNanos() < storm.windowNanos()
                        ? " (" + Formats.duration(storm.observedNanos()) + " of it in the capture)" : ""));
    }

    /**
     * Every flow's statistics in the per-QP CSV's order: only the flows changed since the last result are made again,
     * and the order is sorted again only when flows were added.
     */
    private List<FlowStats> flowsInOrder() {
        if (flowStats.length < flowCount) {
            flowStats = Arrays.copyOf(flowStats, flows.length);
        }
        for (int c = 0; c < changedCount; c++) {
            FlowState f = flows[changedFlows[c]];
            f.changed = false;
            flowStats[f.index] = new FlowStats(f.srcHi, f.srcLo, f.dstHi, f.dstLo, f.srcQp, f.dstQp, f.priority, f.dscp,
                    f.packets, f.bytes, f.payloadBytes, f.firstTs, f.lastTs,
                    f.messages, f.rdmaWrite, f.rdmaReadReq, f.readResp, f.send, f.atomic, f.flush,
                    f.acks, f.naks, f.rnrNaks, f.cnps, f.ecnCe,
                    f.psnGaps(), f.missingPsns(), f.retransmitted(), f.duplicates(), f.outOfOrder(), f.icrcErrors,
                    f.messageBytes, f.messageSizeMin, f.messageSizeMax, f.connection, f.senderQp >= 0);
        }
        changedCount = 0;
        if (sortedFlowCount != flowCount) {
            // the flow numbers sorted by their statistics: no map from statistics back to numbers is needed
            Integer[] order = new Integer[flowCount];
            for (int i = 0; i < flowCount; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (x, y) -> AnalysisResult.FLOW_ORDER.compare(flowStats[x], flowStats[y]));
            sortedFlows = new int[flowCount];
            for (int r = 0; r < flowCount; r++) {
                sortedFlows[r] = order[r];
            }
            sortedFlowCount = flowCount;
            if (marks != null) {
                FlowStats[] sorted = new FlowStats[flowCount];
                for (int r = 0; r < flowCount; r++) {
                    sorted[r] = flowStats[sortedFlows[r]];
                }
                marks.flowRows(flowRows(Arrays.asList(sorted)));
            }
        }
        FlowStats[] inOrder = new FlowStats[flowCount];
        for (int r = 0; r < flowCount; r++) {
            inOrder[r] = flowStats[sortedFlows[r]];
        }
        return List.of(inOrder);
    }
}
