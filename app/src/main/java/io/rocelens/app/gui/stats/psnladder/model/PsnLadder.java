package io.rocelens.app.gui.stats.psnladder.model;

import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.EventKind;
import io.rocelens.analysis.Exchange;
import io.rocelens.analysis.ExpertEvent;
import io.rocelens.analysis.FlowStats;
import io.rocelens.analysis.Formats;
import io.rocelens.app.gui.packetlist.model.PacketTable;
import io.rocelens.app.gui.stats.conversations.model.Conversation;
import io.rocelens.dissect.IbOpcodes;
import io.rocelens.dissect.PacketSummary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The PSN ladder of one conversation: every packet of its two flows as a point (time, PSN), in primitive arrays
 * (never one object per packet), with what it is and how the analysis marked it, and a reduction of any time and
 * PSN window to what a raster of pixels can show (the lowest and highest point per pixel column and series).
 *
 * <p>PSNs are 24-bit and wrap; each PSN space is unwrapped on its own with serial arithmetic (a step of less than
 * 2^23 forward or back is the nearest one), so a ladder climbs on through a wrap. A jump of 2^22 or more is no step
 * of one sequence but a new connection reusing the QP (issue 20's epochs: the analysis says so from the CM
 * handshake or infers it): the ladder goes on from the new PSN as it is on the wire. A space is one requester's: its
 * requests and the responses, ACKs and NAKs that answer them carry its PSNs. CNPs carry no PSN of either space and
 * are drawn on the time axis.
 */
public final class PsnLadder {

    /** Packet kinds: the series a point belongs to, with its direction. */
    public static final int REQUEST = 0;
    public static final int READ_RESPONSE = 1;
    public static final int ACK = 2;
    public static final int NAK = 3;
    public static final int RNR_NAK = 4;
    public static final int CNP = 5;
    public static final int KINDS = 6;

    /** Mark bits, from the analysis's expert events. */
    public static final int GAP = 1;
    public static final int RETRANSMISSION = 2;

    /** Direction: A → B (the conversation's forward flow) or B → A. */
    public static final int A_TO_B = 0;
    public static final int B_TO_A = 1;

    private static final int PSN_BITS = 24;

    private final Conversation conversation;
    private final int size;
    private final long[] time;
    private final long[] psn;
    private final long[] frame;
    private final byte[] kind;
    private final byte[] direction;
    private final byte[] marks;
    private final long firstTs;
    /** The conversation's timed exchanges, by request frame and by answer frame. */
    private final Exchange[] byRequest;
    private final Exchange[] byAnswer;
    private final long minTime;
    private final long maxTime;
    private final long minPsn;
    private final long maxPsn;

    private PsnLadder(Conversation conversation, int size, long[] time, long[] psn, long[] frame, byte[] kind,
                      byte[] direction, byte[] marks, long firstTs, List<Exchange> exchanges) {
        this.conversation = conversation;
        this.size = size;
        this.time = time;
        this.psn = psn;
        this.frame = frame;
        this.kind = kind;
        this.direction = direction;
        this.marks = marks;
        this.firstTs = firstTs;
        this.byRequest = exchanges.stream().sorted(Comparator.comparingLong(Exchange::requestFrame))
                .toArray(Exchange[]::new);
        this.byAnswer = exchanges.stream().sorted(Comparator.comparingLong(Exchange::answerFrame))
                .toArray(Exchange[]::new);
        long loT = Long.MAX_VALUE;
        long hiT = Long.MIN_VALUE;
        long loP = Long.MAX_VALUE;
        long hiP = Long.MIN_VALUE;
        for (int i = 0; i < size; i++) {
            loT = Math.min(loT, time[i]);
            hiT = Math.max(hiT, time[i]);
            if (kind[i] != CNP) {
                loP = Math.min(loP, psn[i]);
                hiP = Math.max(hiP, psn[i]);
            }
        }
        minTime = size == 0 ? 0 : loT;
        maxTime = size == 0 ? 0 : hiT;
        minPsn = loP == Long.MAX_VALUE ? 0 : loP;
        maxPsn = hiP == Long.MIN_VALUE ? 0 : hiP;
    }

    /** Collects the conversation's packets from the packet index, in frame order. */
    public static PsnLadder of(PacketTable table, Conversation conversation, AnalysisResult analysis) {
        FlowStats forward = conversation.forward();
        FlowStats reverse = conversation.reverse();
        int rows = table.size();
        int capacity = (int) Math.min(Integer.MAX_VALUE - 8, conversation.packets());
        long[] time = new long[capacity];
        long[] psn = new long[capacity];
        long[] frame = new long[capacity];
        byte[] kind = new byte[capacity];
        byte[] direction = new byte[capacity];
        byte[] marks = new byte[capacity];
        long[] gaps = eventFrames(analysis, EventKind.PSN_GAP);
        long[] retransmissions = eventFrames(analysis, EventKind.RETRANSMISSION);
        Unwrap spaceA = new Unwrap();
        Unwrap spaceB = new Unwrap();
        PacketSummary p = new PacketSummary();
        int n = 0;
        for (int row = 0; row < rows && n < capacity; row++) {
            int qp = table.destQp(row);
            boolean toB = qp == forward.dstQp();
            boolean toA = reverse != null && qp == reverse.dstQp();
            if (!toB && !toA) {
                continue;
            }
            table.fill(row, p);
            int dir;
            if (toB && same(p, forward)) {
                dir = A_TO_B;
            } else if (toA && same(p, reverse)) {
                dir = B_TO_A;
            } else {
                continue;
            }
            int k = kindOf(p.opcode, p.aethSyndrome);
            // requests carry their sender's PSNs; what answers them carries the requester's
            boolean spaceOfA = (dir == A_TO_B) == (k == REQUEST);
            time[n] = p.timestampNanos - analysis.firstTs();
            frame[n] = p.number;
            kind[n] = (byte) k;
            direction[n] = (byte) dir;
            psn[n] = k == CNP ? 0 : (spaceOfA ? spaceA : spaceB).next(p.psn);
            marks[n] = (byte) ((Arrays.binarySearch(gaps, p.number) >= 0 ? GAP : 0)
                    | (Arrays.binarySearch(retransmissions, p.number) >= 0 ? RETRANSMISSION : 0));
            n++;
        }
        // by frame, not by flow name: a conversation may hold only the answers of a request flow paired elsewhere
        int points = n;
        List<Exchange> exchanges = analysis.exchanges().stream()
                .filter(e -> Arrays.binarySearch(frame, 0, points, e.requestFrame()) >= 0
                        || Arrays.binarySearch(frame, 0, points, e.answerFrame()) >= 0)
                .toList();
        return new PsnLadder(conversation, n, time, psn, frame, kind, direction, marks, analysis.firstTs(),
                exchanges);
    }

    private static boolean same(PacketSummary p, FlowStats flow) {
        return p.isRoce() && p.ipSrcHi == flow.srcHi() && p.ipSrcLo == flow.srcLo() && p.ipDstHi == flow.dstHi()
                && p.ipDstLo == flow.dstLo();
    }

    /** The frames of the stored events of one kind, sorted. */
    private static long[] eventFrames(AnalysisResult analysis, EventKind wanted) {
        long[] frames = analysis.events().stream().filter(e -> e.kind() == wanted).mapToLong(ExpertEvent::frame)
                .toArray();
        Arrays.sort(frames);
        return frames;
    }

    /** What a packet is, from its BTH opcode and AETH syndrome (IBTA vol. 1 table 38 and §9.3.5). */
    static int kindOf(int opcode, int aethSyndrome) {
        return switch (IbOpcodes.role(opcode, aethSyndrome)) {
            case REQUEST -> REQUEST;
            case READ_RESPONSE -> READ_RESPONSE;
            case ACK -> ACK;
            case NAK -> NAK;
            case RNR_NAK -> RNR_NAK;
            case CNP -> CNP;
        };
    }

    /**
     * Unwraps one PSN space: each PSN is placed nearest to the one before it, unless that is {@link #NEW_SEQUENCE}
     * or more away: a new connection's sequence starts where its PSN is.
     */
    static final class Unwrap {
        static final long NEW_SEQUENCE = 1L << 22;
        private boolean started;
        private long last;

        long next(int raw) {
            long value = raw & 0xFFFFFF;
            long step = ((value - last) << (64 - PSN_BITS)) >> (64 - PSN_BITS);
            if (!started || Math.abs(step) >= NEW_SEQUENCE) {
                started = true;
                last = value;
                return value;
            }
            last += step;
            return last;
        }
    }

    public Conversation conversation() {
        return conversation;
    }

    public int size() {
        return size;
    }

    /**
     * Nanoseconds since the capture's first frame, as the packet list's default time: small enough for a double to
     * hold exactly (nanoseconds since 1970 would be rounded to 256 ns).
     */
    public long time(int i) {
        return time[i];
    }

    /** The unwrapped PSN (0 for a CNP); the wire's PSN is this modulo 2^24. */
    public long psn(int i) {
        return psn[i];
    }

    public long frame(int i) {
        return frame[i];
    }

    public int kind(int i) {
        return kind[i];
    }

    public int direction(int i) {
        return direction[i];
    }

    public int marks(int i) {
        return marks[i];
    }

    /**
     * What the analysis timed at a point, as the details' roce.analysis lines say it: for a request, how long it
     * waited for its ACK, READ responses or message completion; for an answer, which request it answers and how
     * long after. Empty when the point took part in no timed exchange.
     */
    public List<String> latencies(int i) {
        long number = frame[i];
        List<String> texts = new ArrayList<>();
        for (Exchange e : at(byRequest, number, Exchange::requestFrame)) {
            String after = Formats.duration(e.nanos()) + " (frame " + e.answerFrame() + ")";
            texts.add(switch (e.kind()) {
                case ACK_RTT -> "ACK after " + after;
                case READ_FIRST -> "first READ response after " + after;
                case READ_LAST -> "last READ response after " + after;
                case MESSAGE -> "message acknowledged after " + after;
            });
        }
        for (Exchange e : at(byAnswer, number, Exchange::answerFrame)) {
            String of = "frame " + e.requestFrame() + " after " + Formats.duration(e.nanos());
            texts.add(switch (e.kind()) {
                case ACK_RTT -> "acknowledges " + of;
                case READ_FIRST -> "first response to the READ in " + of;
                case READ_LAST -> "last response to the READ in " + of;
                case MESSAGE -> "completes the message of " + of;
            });
        }
        return texts;
    }

    /** The exchanges of a sorted array whose frame (by {@code frameOf}) is {@code number}. */
    private static List<Exchange> at(Exchange[] sorted, long number,
                                     java.util.function.ToLongFunction<Exchange> frameOf) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (frameOf.applyAsLong(sorted[mid]) < number) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        List<Exchange> found = new ArrayList<>();
        for (int k = lo; k < sorted.length && frameOf.applyAsLong(sorted[k]) == number; k++) {
            found.add(sorted[k]);
        }
        return found;
    }

    /** Time of the capture's first frame, which {@link #time} counts from. */
    public long firstTs() {
        return firstTs;
    }

    public long minTime() {
        return minTime;
    }

    public long maxTime() {
        return maxTime;
    }

    public long minPsn() {
        return minPsn;
    }

    public long maxPsn() {
        return maxPsn;
    }

    /** Points of a kind in a direction. */
    public long count(int wantedKind, int wantedDirection) {
        long count = 0;
        for (int i = 0; i < size; i++) {
            if (kind[i] == wantedKind && direction[i] == wantedDirection) {
                count++;
            }
        }
        return count;
    }

    /** Points carrying a mark. */
    public long marked(int mark) {
        long count = 0;
        for (int i = 0; i < size; i++) {
            if ((marks[i] & mark) != 0) {
                count++;
            }
        }
        return count;
    }

    /**
     * The window [t0, t1] × [p0, p1] reduced to a raster of width × height pixels: per series (kind and direction)
     * and per pixel column, the highest and lowest row a point falls on (row 0 at the top, the highest PSN), and the
     * columns holding marked points and CNPs. Points outside the window are left out. Costs one pass over the points,
     * whatever the zoom.
     */
    public Raster raster(double t0, double t1, double p0, double p1, int width, int height) {
        Raster raster = new Raster(width, height);
        double xScale = width / Math.max(1e-9, t1 - t0);
        double yScale = (height - 1) / Math.max(1e-9, p1 - p0);
        for (int i = 0; i < size; i++) {
            double x = (time[i] - t0) * xScale;
            if (x < 0 || x >= width) {
                continue;
            }
            int column = (int) x;
            int k = kind[i];
            if (k == CNP) {
                raster.cnp[direction[i]][column] = true;
                continue;
            }
            double y = (p1 - psn[i]) * yScale;
            if (y < 0 || y > height - 1) {
                continue;
            }
            int row = (int) Math.round(y);
            int series = k * 2 + direction[i];
            if (raster.top[series][column] < 0 || row < raster.top[series][column]) {
                raster.top[series][column] = row;
            }
            if (row > raster.bottom[series][column]) {
                raster.bottom[series][column] = row;
            }
            int m = marks[i];
            if ((m & GAP) != 0) {
                raster.gap[column] = Math.max(raster.gap[column], row + 1);
            }
            if ((m & RETRANSMISSION) != 0) {
                raster.retransmission[column] = Math.max(raster.retransmission[column], row + 1);
            }
        }
        return raster;
    }

    /**
     * The nearest point to pixel (x, y) within {@code radius} pixels in the same window, or -1.
     */
    public int nearest(double t0, double t1, double p0, double p1, int width, int height, double x, double y,
                       double radius) {
        double xScale = width / Math.max(1e-9, t1 - t0);
        double yScale = (height - 1) / Math.max(1e-9, p1 - p0);
        int best = -1;
        double bestDistance = radius * radius;
        for (int i = 0; i < size; i++) {
            double px = (time[i] - t0) * xScale;
            double py = kind[i] == CNP ? (direction[i] == A_TO_B ? height - 1 : 0) : (p1 - psn[i]) * yScale;
            double d = (px - x) * (px - x) + (py - y) * (py - y);
            if (d <= bestDistance) {
                bestDistance = d;
                best = i;
            }
        }
        return best;
    }

    /**
     * Per series ({@code kind * 2 + direction}) and pixel column: the top and bottom row of its points (-1 where
     * none); per column, whether a CNP went in each direction, and the lowest row + 1 of a marked point (0: none).
     */
    public static final class Raster {
        public final int width;
        public final int height;
        public final int[][] top;
        public final int[][] bottom;
        public final boolean[][] cnp;
        public final int[] gap;
        public final int[] retransmission;

        Raster(int width, int height) {
            this.width = width;
            this.height = height;
            top = new int[KINDS * 2][width];
            bottom = new int[KINDS * 2][width];
            for (int[] column : top) {
                Arrays.fill(column, -1);
            }
            for (int[] column : bottom) {
                Arrays.fill(column, -1);
            }
            cnp = new boolean[2][width];
            gap = new int[width];
            retransmission = new int[width];
        }
    }
}
